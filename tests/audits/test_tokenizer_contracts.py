"""Silent killers of the tokenizer and input-processing surface (benchmarks/blind_replay_tokenizer.py).

A key upstream removed from a TypedDict (0ad9951c41, #26097: ``TokenInputs.prompt``, which nothing fills any
more): a fork's ``inputs["prompt"]`` off a name typed as the TypedDict raises KeyError.  No attribute is read,
so no member check sees it.

A required parameter upstream added to a base method (e1b004839a, #16680: ``Platform.validate_request`` gained
``processed_inputs``) is taken by an override's ``**kwargs`` when every call upstream writes passes it by
keyword: the override is fine, and must stay quiet; one call passing it by position makes it an error.

An override that kept a signature its base had left, which upstream's caller adapted with a compat wrapper
(f96c3ab08c, #36470: ``supports_kw(validate_request, "prompt")``), once upstream removes the wrapper and calls
the method directly: TypeError on the fork's class.

An override of a hook upstream kept in place that the base's method stopped consulting (e1060a71a1, #32975:
``update`` counts through ``num_output_tokens()``, not ``output_token_ids``): a warning (other readers may
still read it; a method hook upstream stopped calling is dead-knob drift's).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

DATA = "vllm/inputs/data.py"
DATA_BASE = """from typing import TypedDict

from typing_extensions import NotRequired


class TokenInputs(TypedDict):
    prompt_token_ids: list[int]
    prompt: NotRequired[str]
    cache_salt: NotRequired[str]


class MultiModalInputs(TokenInputs):
    mm_hashes: list[str]
"""
DATA_UPSTREAM = DATA_BASE.replace("    prompt: NotRequired[str]\n", "")
FORK = "vllm/aeon/inputs.py"
SUBJECT = "[Input] Remove unused `prompt` field (#26097)"


def _key_rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(git_repo, {DATA: DATA_BASE}, {FORK: fork}, [(SUBJECT, {DATA: DATA_UPSTREAM})])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize("cls", ["TokenInputs", "MultiModalInputs"], ids=["declaring", "derived"])
def test_a_read_of_a_key_upstream_removed_from_a_typed_dict(git_repo: GitRepo, no_rules: Path, cls: str) -> None:
    fork = f"from vllm.inputs.data import {cls}\n\n\ndef aeon_chars(inputs: {cls}) -> int:\n    return len(inputs['prompt'])\n"
    [(_, line, severity, message)] = _key_rows(git_repo, no_rules, fork)
    assert (line, severity) == (5, "error")
    assert "reads inputs['prompt'], a key upstream removed from the TypedDict" in message and "KeyError" in message


@pytest.mark.parametrize(
    "fork",
    [
        # the kept key
        "from vllm.inputs.data import TokenInputs\n\n\n"
        "def aeon_len(inputs: TokenInputs) -> int:\n    return len(inputs['prompt_token_ids'])\n",
        # the fork fills the key itself
        "from vllm.inputs.data import TokenInputs\n\n\n"
        "def aeon_fill(inputs: TokenInputs, text: str) -> None:\n    inputs['prompt'] = text\n\n\n"
        "def aeon_chars(inputs: TokenInputs) -> int:\n    return len(inputs['prompt'])\n",
        # a plain dict of the same key: no TypedDict in sight
        "def aeon_chars(inputs: dict[str, str]) -> int:\n    return len(inputs['prompt'])\n",
        # the read asks first, or catches the KeyError
        "from vllm.inputs.data import TokenInputs\n\n\n"
        "def aeon(inputs: TokenInputs) -> int:\n    if 'prompt' in inputs:\n        return len(inputs['prompt'])\n"
        "    return 0\n",
        "from vllm.inputs.data import TokenInputs\n\n\n"
        "def aeon(inputs: TokenInputs) -> int:\n    try:\n        return len(inputs['prompt'])\n"
        "    except KeyError:\n        return 0\n",
        # the fork builds the mapping with the key: a display, the TypedDict called with it
        "from vllm.inputs.data import TokenInputs\n\n\n"
        "def aeon(ids: list[int], text: str) -> int:\n    inputs: TokenInputs = {'prompt_token_ids': ids, 'prompt': text}\n"
        "    return len(inputs['prompt'])\n",
        "from vllm.inputs.data import TokenInputs\n\n\n"
        "def aeon(ids: list[int], text: str) -> int:\n"
        "    inputs: TokenInputs = TokenInputs(prompt_token_ids=ids, prompt=text)\n    return len(inputs['prompt'])\n",
    ],
    ids=["kept-key", "fork-fills-it", "plain-dict", "in-guard", "try-keyerror", "dict-display", "typeddict-call"],
)
def test_twin_a_key_the_read_still_finds(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert _key_rows(git_repo, no_rules, fork) == []


PLATFORM = "vllm/platforms/interface.py"
PLATFORM_BASE = """class Platform:
    @classmethod
    def validate_request(cls, prompt, params) -> None:
        pass
"""
PLATFORM_UPSTREAM = PLATFORM_BASE.replace("(cls, prompt, params)", "(cls, prompt, params, processed_inputs)")
PROC = "vllm/v1/engine/processor.py"
PROC_BASE = """from vllm.platforms import current_platform


def process(prompt, params):
    current_platform.validate_request(prompt=prompt, params=params)
"""
PFORK = "vllm/aeon/platform.py"
PSUBJECT = "[Hardware] Add processor inputs to platform validation (#16680)"
KW_OVERRIDE = """from vllm.platforms.interface import Platform


class AeonPlatform(Platform):
    @classmethod
    def validate_request(cls, prompt, params, **kwargs) -> None:
        super().validate_request(prompt, params, **kwargs)
"""


def _override_rows(git_repo: GitRepo, no_rules: Path, call: str) -> list[tuple[str, int, str, str]]:
    upstream = PROC_BASE.replace("current_platform.validate_request(prompt=prompt, params=params)", call)
    sides = s.merge_case(
        git_repo,
        {PLATFORM: PLATFORM_BASE, PROC: PROC_BASE, "vllm/platforms/__init__.py": "current_platform = None\n"},
        {PFORK: KW_OVERRIDE},
        [(PSUBJECT, {PLATFORM: PLATFORM_UPSTREAM, PROC: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == PFORK and r[1] == 6]


def test_twin_an_override_whose_kwargs_take_a_new_parameter_every_call_names(git_repo: GitRepo, no_rules: Path) -> None:
    call = "current_platform.validate_request(prompt=prompt, params=params, processed_inputs=None)"
    assert _override_rows(git_repo, no_rules, call) == []


def test_an_override_whose_kwargs_miss_a_new_parameter_passed_by_position(git_repo: GitRepo, no_rules: Path) -> None:
    call = "current_platform.validate_request(prompt, params, None)"
    [(_, _, severity, message)] = _override_rows(git_repo, no_rules, call)
    assert severity == "error" and "AeonPlatform.validate_request overrides" in message


PROC_SHIM = """from vllm.platforms import current_platform
from vllm.utils.func_utils import supports_kw


class InputProcessor:
    def __init__(self):
        validate = current_platform.validate_request
        if supports_kw(validate, "prompt"):

            def compat(processed_inputs, params):
                return validate(processed_inputs, params, processed_inputs)

            validate = compat
        self._platform_validate_request = validate

    def process(self, processed_inputs, params):
        self._platform_validate_request(processed_inputs, params)
"""
PROC_DIRECT = """from vllm.platforms import current_platform


class InputProcessor:
    def process(self, processed_inputs, params):
        current_platform.validate_request(processed_inputs, params)
"""
NEW_PLATFORM = """class Platform:
    @classmethod
    def validate_request(cls, processed_inputs, params) -> None:
        pass
"""
ASUBJECT = "[Deprecation][1/2] Remove items deprecated in v0.18 (#36470)"


def _adapter_rows(git_repo: GitRepo, no_rules: Path, signature: str, upstream: str) -> list[tuple[str, int, str, str]]:
    fork = (
        "from vllm.platforms.interface import Platform\n\n\n"
        "class AeonPlatform(Platform):\n"
        "    @classmethod\n"
        f"    def validate_request{signature} -> None:\n"
        "        pass\n"
    )
    sides = s.merge_case(
        git_repo,
        {PLATFORM: NEW_PLATFORM, PROC: PROC_SHIM, "vllm/platforms/__init__.py": "current_platform = None\n"},
        {PFORK: fork},
        [(ASUBJECT, {PROC: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == PFORK]


def test_an_override_of_an_old_signature_whose_adapter_upstream_removed(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, line, severity, message)] = _adapter_rows(
        git_repo, no_rules, "(cls, prompt, params, processed_inputs)", PROC_DIRECT
    )
    assert (line, severity) == (6, "error")
    assert "upstream removed that adapter" in message and "probed for 'prompt'" in message


@pytest.mark.parametrize(
    ("signature", "upstream"),
    [
        ("(cls, processed_inputs, params)", PROC_DIRECT),  # the override took the new signature already
        ("(cls, prompt, params, processed_inputs)", PROC_SHIM + "\n\nAEON = 1\n"),  # the adapter kept
    ],
    ids=["new-signature", "adapter-kept"],
)
def test_twin_an_override_the_callers_still_fit(
    git_repo: GitRepo, no_rules: Path, signature: str, upstream: str
) -> None:
    assert _adapter_rows(git_repo, no_rules, signature, upstream) == []


DETOK = "vllm/v1/engine/detokenizer.py"
DETOK_BASE = """class IncrementalDetokenizer:
    def __init__(self):
        self.token_ids = []
        self.min_tokens = 0

    @property
    def output_token_ids(self):
        return self.token_ids

    def update(self, new_token_ids):
        self.token_ids.extend(new_token_ids)
        if len(self.output_token_ids) <= self.min_tokens:
            return None
        return self.decode_next(new_token_ids[-1])

    def decode_next(self, token_id):
        return str(token_id)
"""
DETOK_UPSTREAM = DETOK_BASE.replace("len(self.output_token_ids)", "self.num_output_tokens()").replace(
    "    def decode_next", "    def num_output_tokens(self):\n        return len(self.token_ids)\n\n    def decode_next"
)
OUTPUT = "vllm/v1/engine/output_processor.py"
OUTPUT_TEXT = "def make_output(detokenizer):\n    return list(detokenizer.output_token_ids)\n"
DFORK = "vllm/aeon/detok.py"
DSUBJECT = "[Perf] Optimize detokenizer python logic (#32975)"


def _detok_rows(
    git_repo: GitRepo, no_rules: Path, member: str, readers: dict[str, str]
) -> list[tuple[str, int, str, str]]:
    fork = f"from vllm.v1.engine.detokenizer import IncrementalDetokenizer\n\n\nclass AeonDetokenizer(IncrementalDetokenizer):\n{member}"
    sides = s.merge_case(git_repo, {DETOK: DETOK_BASE, **readers}, {DFORK: fork}, [(DSUBJECT, {DETOK: DETOK_UPSTREAM})])
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == DFORK]


PROPERTY = "    @property\n    def output_token_ids(self):\n        return [t for t in self.token_ids if t != 7]\n"


def test_a_property_override_the_base_stopped_reading_in_place(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, line, found, message)] = _detok_rows(git_repo, no_rules, PROPERTY, {OUTPUT: OUTPUT_TEXT})
    assert (line, found) == (6, "warning")
    assert "IncrementalDetokenizer.update() no longer reads" in message


def test_twin_an_override_the_base_still_calls(git_repo: GitRepo, no_rules: Path) -> None:
    member = "    def decode_next(self, token_id):\n        return super().decode_next(token_id).strip()\n"
    assert _detok_rows(git_repo, no_rules, member, {OUTPUT: OUTPUT_TEXT}) == []
