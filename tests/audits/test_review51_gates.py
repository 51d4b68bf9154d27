"""False errors review51 found on the servechat widenings, and the rules that mend them (benchmarks/review51_twins.py).

- Scalar-to-object drift (drift/retyped_params.py ``scalar_retyped``) took a parameter of the function for a
  local bound once when a nested helper bound its own local of the name (``prompt = len(ids)`` inside a
  ``def``): a parameter is a binding too, and a nested scope's store binds its own name.
- The same check called an error a literal the fork passes under a test that tells the releases apart: a
  ``hasattr`` of a name the callee's file gained (#33843's ``if hasattr(fused_moe, "MoEActivation"):``, the
  version gate the renamed-slot check already makes a warning) or a read of the callee's annotations
  (``fused_experts.__annotations__``, a test of its signature as ``inspect.signature`` is): warnings now.
- ``v = getattr(self, "gone", None)`` then ``if v is not None: return v(...)`` and the fork's own path after
  it is the ``hasattr`` gate spelt with a getattr: symbol and name drift leave it quiet as they leave the gate
  (drift/guarded_reads.py ``held_both_ways``).  A path without the member that only hands back a default
  stays an error, and so do the true catches beside each twin."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT, SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

INIT = "pkg/__init__.py"
LIB = "pkg/utils.py"
USE = "pkg/aeon_use.py"
HEAD = "from typing import TypedDict\n\n\nclass TokensPrompt(TypedDict):\n    prompt_token_ids: list[int]\n\n\n"
OLD = HEAD + (
    "def get_max_tokens(max_model_len: int, request, input_length: int, defaults: dict) -> int:\n"
    "    return max_model_len - input_length\n\n\n"
    'def fused_experts(x, w1, inplace: bool = False, activation: str = "silu"):\n'
    "    return run(x, w1, activation=activation)\n\n\n"
    "def run(x, w1, activation: str):\n    return x\n"
)
NEW = (
    "import enum\n\n\nclass MoEActivation(enum.Enum):\n"
    '    SILU = "silu"\n    GELU = "gelu"\n\n\n'
    + HEAD
    + 'def get_max_tokens(max_model_len: int, request, prompt: "TokensPrompt", defaults: dict) -> int:\n'
    '    return max_model_len - len(prompt.get("prompt_token_ids", []))\n\n\n'
    "def fused_experts(x, w1, inplace: bool = False, activation: MoEActivation = MoEActivation.SILU):\n"
    "    return run(x, w1, activation=activation.value)\n\n\n"
    "def run(x, w1, activation: str):\n    return x\n"
)
FORK = "from pkg import utils\nfrom pkg.utils import fused_experts, get_max_tokens\n\n\n"


def _scalar_rows(git_repo: GitRepo, tmp_path: Path, body: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {INIT: "", LIB: OLD}, {USE: FORK + body}, {LIB: NEW})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


NESTED = (
    "def aeon_budget(max_model_len: int, request, prompt, defaults: dict) -> int:\n"
    "    def log_length(ids: list[int]) -> None:\n"
    "        prompt = len(ids)\n"
    "        print(prompt)\n\n"
    '    log_length(prompt["prompt_token_ids"])\n'
    "    return get_max_tokens(max_model_len, request, prompt, defaults)\n"
)
HASATTR = (
    "def aeon_moe(x, w1):\n"
    '    if hasattr(utils, "MoEActivation"):\n'
    "        return fused_experts(x, w1, activation=utils.MoEActivation.SILU)\n"
    '    return fused_experts(x, w1, activation="silu")\n'
)
ANNOTATED = (
    "def aeon_moe(x, w1):\n"
    '    if fused_experts.__annotations__.get("activation") in (str, "str"):\n'
    '        return fused_experts(x, w1, activation="silu")\n'
    "    return fused_experts(x, w1)\n"
)


def test_a_parameter_beside_a_nested_helpers_local_of_its_name_is_not_that_local(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    assert [r for r in _scalar_rows(git_repo, tmp_path, NESTED) if r[2] == "error"] == []


@pytest.mark.parametrize(
    ("body", "needle"), [(HASATTR, '"silu")'), (ANNOTATED, '"silu")')], ids=["hasattr", "annotations"]
)
def test_a_literal_under_a_test_telling_the_releases_apart_is_a_warning(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    assert _scalar_rows(git_repo, tmp_path, body) == [(USE, line_of(FORK + body, needle), "warning")]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        (
            "def aeon_budget(max_model_len: int, request, ids: list[int], defaults: dict) -> int:\n"
            "    def log_length() -> None:\n"
            "        print(len(ids))\n\n"
            "    prompt = len(ids)\n"
            "    log_length()\n"
            "    return get_max_tokens(max_model_len, request, prompt, defaults)\n",
            "return get_max_tokens",
        ),
        (
            "def aeon_moe(x, w1, gated: bool):\n"
            "    if gated:\n"
            '        return fused_experts(x, w1, activation="silu")\n'
            "    return fused_experts(x, w1)\n",
            '"silu")',
        ),
        (
            "def aeon_moe(x, w1):\n"
            '    if hasattr(x, "aeon_packed"):\n'
            "        x = x.aeon_packed\n"
            '    return fused_experts(x, w1, activation="silu")\n',
            '"silu")',
        ),
    ],
    ids=["a local bound once beside a nested helper", "a test of the fork's own flag", "a hasattr of the argument"],
)
def test_the_scalar_killers_beside_the_twins_stay_errors(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    assert _scalar_rows(git_repo, tmp_path, body) == [(USE, line_of(FORK + body, needle), "error")]


SERVING_OLD = (
    "class Serving:\n"
    "    def _validate_input(self, request, input_ids: list[int], input_text: str) -> dict:\n"
    "        return {'prompt_token_ids': input_ids, 'prompt': input_text}\n\n"
    "    def _base_request_id(self, raw) -> str:\n        return str(raw)\n"
)
SERVING_NEW = "class Serving:\n    def _base_request_id(self, raw) -> str:\n        return str(raw)\n"
SERVING = "pkg/serving.py"
SUB = "from pkg.serving import Serving\n\n\nclass AeonServing(Serving):\n"


def _gate_rows(git_repo: GitRepo, tmp_path: Path, body: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {INIT: "", SERVING: SERVING_OLD}, {USE: SUB + body}, {SERVING: SERVING_NEW})
    report = audit(git_repo, sides, tmp_path)
    return [row for rule in (NAME_DRIFT, SYMBOL_DRIFT) for row in found(report, rule) if row[2] == "error"]


@pytest.mark.parametrize(
    "body",
    [
        "    def aeon_prompt(self, request, ids: list[int], text: str) -> dict:\n"
        '        validate = getattr(self, "_validate_input", None)\n'
        "        if validate is not None:\n"
        "            return validate(request, ids, text)\n"
        "        return {'prompt_token_ids': ids[-8192:], 'prompt': text}\n",
        "    def aeon_prompt(self, request, ids: list[int], text: str) -> dict:\n"
        '        validate = getattr(self, "_validate_input", None)\n'
        "        if validate is None:\n"
        "            return {'prompt_token_ids': ids[-8192:], 'prompt': text}\n"
        "        return validate(request, ids, text)\n",
        "    def aeon_prompt(self, request, ids: list[int], text: str) -> dict:\n"
        '        validate = getattr(self, "_validate_input", None)\n'
        "        if callable(validate):\n"
        "            prompt = validate(request, ids, text)\n"
        "        else:\n"
        "            prompt = {'prompt_token_ids': ids[-8192:], 'prompt': text}\n"
        "        return prompt\n",
    ],
    ids=["is not None, then the fork's path", "is None: the fork's path first", "callable, and an else"],
)
def test_a_getattr_picking_a_path_per_release_is_no_error(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _gate_rows(git_repo, tmp_path, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "    def aeon_prompt(self, request, ids: list[int], text: str):\n"
        '        validate = getattr(self, "_validate_input", None)\n'
        "        if validate is not None:\n"
        "            return validate(request, ids, text)\n"
        "        return None\n",
        "    def aeon_prompt(self, request, ids: list[int], text: str):\n"
        '        validate = getattr(self, "_validate_input", None)\n'
        "        return validate(request, ids, text)\n",
        "    def aeon_prompt(self, request, ids: list[int], text: str):\n"
        '        validate = getattr(self, "_validate_input", None)\n'
        "        if validate is None:\n"
        "            return ids\n"
        "        return validate(request, ids, text)\n",
    ],
    ids=["a default in the other path", "no test at all", "the fork gives up, handing back its input"],
)
def test_a_getattr_with_no_other_path_is_still_an_error(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert (USE, line_of(SUB + body, "getattr("), "error") in _gate_rows(git_repo, tmp_path, body)
