"""A chain of member tests whose rest stood for the one member it leaves out (drift/enum_drift.py,
``_default_findings``): #25990 (613abb50d5) added ``FlashinferMoeBackend.CUTEDSL``; a fork's ``if backend ==
FlashinferMoeBackend.CUTLASS: return 128`` ``else: return 64  # TENSORRT_LLM`` now hands CUTEDSL the TRT-LLM
answer.  A warning: the rest may be a default meant for any other member."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import ENUM_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/fi_utils.py"
BASE = 'from enum import Enum\n\n\nclass Backend(Enum):\n    CUTLASS = "CUTLASS"\n    TRTLLM = "TRTLLM"\n'
UPSTREAM = BASE + '    CUTEDSL = "CUTEDSL"\n'
THREE = BASE + '    EMU = "EMU"\n'
SUBJECT = "[MoE] Nvfp4 Masked Gemm: Add flashinfer grouped_gemm_nt_masked (#25990)"
FORK = "vllm/aeon/fi.py"
HEAD = "from vllm.fi_utils import Backend\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, base: str = BASE) -> list[tuple[int, str]]:
    upstream = base + '    CUTEDSL = "CUTEDSL"\n'
    sides = s.merge_case(git_repo, {UTILS: base}, {FORK: HEAD + body}, [(SUBJECT, {UTILS: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, ENUM_DRIFT)
    return [(line, sev) for path, line, sev, message in found if path == FORK and "but " in message]


@pytest.mark.parametrize(
    ("body", "base", "line"),
    [
        # an else standing for the other member
        (
            "def f(b: Backend) -> int:\n    if b == Backend.CUTLASS:\n        return 128\n    else:\n        return 64\n",
            BASE,
            8,
        ),
        # the code after a leaving if, `is` and a method's self read
        (
            "class K:\n    def f(self) -> str:\n        if self.b is Backend.TRTLLM:\n            return 'trt'\n"
            "        name = 'cutlass'\n        return name\n",
            BASE,
            8,
        ),
        # three members, two tested by an if/elif, then the rest
        (
            "def f(b: Backend) -> int:\n    if b == Backend.CUTLASS:\n        return 1\n    elif b in (Backend.EMU,):\n"
            "        return 2\n    return 3\n",
            THREE,
            9,
        ),
    ],
    ids=["else", "the code after, is", "if/elif then the rest"],
)
def test_a_rest_standing_for_the_one_member_left_out_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str, base: str, line: int
) -> None:
    assert rows(git_repo, no_rules, body, base) == [(line, "warning")]


@pytest.mark.parametrize(
    ("body", "base"),
    [
        # every member tested, then a raise: the raise chain's to judge, not this
        (
            "def f(b: Backend) -> int:\n    if b == Backend.CUTLASS:\n        return 1\n    elif b == Backend.TRTLLM:\n"
            "        return 2\n    raise ValueError(b)\n",
            BASE,
        ),
        # every member tested, then an else: no member was left to the rest
        (
            "def f(b: Backend) -> int:\n    if b == Backend.CUTLASS:\n        return 1\n    elif b == Backend.TRTLLM:\n"
            "        return 2\n    else:\n        return 3\n",
            BASE,
        ),
        # two of three left to the rest: a default, not one member's stand-in
        ("def f(b: Backend) -> int:\n    if b == Backend.CUTLASS:\n        return 1\n    return 2\n", THREE),
        # the function names the new member itself
        (
            "def f(b: Backend) -> int:\n    if b == Backend.CUTLASS:\n        return 1\n"
            "    if getattr(Backend, 'CUTEDSL', None) is b:\n        return 3\n    return 2\n",
            BASE,
        ),
        # the if's body does not leave: both run
        ("def f(b: Backend) -> int:\n    n = 1\n    if b == Backend.CUTLASS:\n        n = 2\n    return n\n", BASE),
        # the fork's own enum of the name
        (
            "from enum import Enum\n\n\nclass Backend(Enum):\n    CUTLASS = 1\n    TRTLLM = 2\n\n\n"
            "def f(b: Backend) -> int:\n    if b == Backend.CUTLASS:\n        return 1\n    return 2\n",
            BASE,
        ),
    ],
    ids=["raise after all", "else after all", "two left", "names the new one", "not leaving", "own enum"],
)
def test_chains_the_new_member_leaves_right_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, base: str) -> None:
    assert rows(git_repo, no_rules, body, base) == []
