"""Silent killers of the tokenizer and input-processing surface (benchmarks/blind_replay_tokenizer.py).

A key upstream removed from a TypedDict (0ad9951c41, #26097: ``TokenInputs.prompt``, which nothing fills any
more): a fork's ``inputs["prompt"]`` off a name typed as the TypedDict raises KeyError.  No attribute is read,
so no member check sees it.

A required parameter upstream added to a base method (e1b004839a, #16680: ``Platform.validate_request`` gained
``processed_inputs``) is taken by an override's ``**kwargs`` when every call upstream writes passes it by
keyword: the override is fine, and must stay quiet; one call passing it by position makes it an error.
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
    ],
    ids=["kept-key", "fork-fills-it", "plain-dict"],
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
