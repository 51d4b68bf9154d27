"""Narrowed flags: a flag whose tests upstream's def now joins with a new condition; a fork call sets it True and
drops the result, relying on the flag's effect.

Shaped like #26497 (a462331e36): ``dispatch_fused_experts_func``'s ``if inplace:`` became ``if inplace and not
disable_inplace():`` and ``fused_experts`` hands it ``inplace``; a fork's ``fused_experts(x, ..., inplace=True)``
statement returns its input unchanged on torch >= 2.9 (blind_replay_fusedmoe2).  A warning (the engine does not
know the fork's runtime).  Quiet: the result used, a flag that is not the literal True, a test upstream widened
(``or``) or left alone, the fork's own def of the name.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

OPS = "pkg/ops/moe.py"
BASE = """def _off() -> bool:
    return False


def _dispatch(inplace: bool):
    if inplace:
        return _write
    return _copy


def _write(x):
    return x


def _copy(x):
    return x


def experts(x, w, inplace: bool = False):
    return _dispatch(inplace)(x)


def direct(x, w, inplace: bool = False):
    out = x if inplace else x.clone()
    return out


def widened(x, inplace: bool = False):
    if inplace:
        return x
    return x.clone()


def kept(x, inplace: bool = False):
    if inplace:
        return x
    return x.clone()


class Runner:
    def run(self, x, inplace: bool = False):
        if inplace:
            return x
        return x.clone()
"""
NEW = (
    BASE.replace("    if inplace:\n        return _write\n", "    if inplace and not _off():\n        return _write\n")
    .replace(
        "    out = x if inplace else x.clone()\n",
        "    if inplace and not _off():\n        out = x\n    else:\n        out = x.clone()\n",
    )
    .replace(
        "def widened(x, inplace: bool = False):\n    if inplace:\n",
        "def widened(x, inplace: bool = False):\n    if inplace or _off():\n",
    )
    .replace(
        "    def run(self, x, inplace: bool = False):\n        if inplace:\n",
        "    def run(self, x, inplace: bool = False):\n        if inplace and not _off():\n",
    )
)
UPSTREAM: list[tuple[str, dict[str, str | None]]] = [
    ("[Bugfix] Disable moe inplace for torch >= 2.9 (#26497)", {OPS: NEW})
]
HEAD = "from pkg.ops.moe import Runner, direct, experts, kept, widened\n\n\n"
OFF = "import pkg.ops.moe as moe\nfrom pkg.ops.moe import _off, experts\n\n\n"

FOUND = {
    # through the def it hands the flag to, by keyword
    "f1": (HEAD + "def go(x, w):\n    experts(x, w, inplace=True)\n    return x\n", "experts(x, w, inplace=True)"),
    # the def's own test, by position
    "f2": (HEAD + "def go(x, w):\n    direct(x, w, True)\n    return x\n", "direct(x, w, True)"),
    # a method off a receiver typed as its class
    "f3": (HEAD + "def go(r: Runner, x):\n    r.run(x, inplace=True)\n    return x\n", "r.run(x, inplace=True)"),
    # at module level
    "f4": (HEAD + "X = object()\nexperts(X, None, inplace=True)\n", "experts(X, None, inplace=True)"),
    # near a guard, but not one under which the condition holds (review121 round 3): under the condition's
    # negation, in the else of the condition, after a negated test that does not leave the block
    "f5": (
        OFF + "def go(x, w):\n    if _off():\n        experts(x, w, inplace=True)\n    return x\n",
        "experts(x, w, inplace=True)",
    ),
    "f6": (
        OFF + "def go(x, w):\n    if not _off():\n        pass\n    else:\n        experts(x, w, inplace=True)\n"
        "    return x\n",
        "experts(x, w, inplace=True)",
    ),
    "f7": (
        OFF + "def go(x, w):\n    if _off():\n        print('off')\n    experts(x, w, inplace=True)\n    return x\n",
        "experts(x, w, inplace=True)",
    ),
}
QUIET = {
    # the result used
    "q1": HEAD + "def go(x, w):\n    return experts(x, w, inplace=True)\n",
    "q2": HEAD + "def go(x, w):\n    y = direct(x, w, True)\n    return y\n",
    # not the literal True
    "q3": HEAD + "def go(x, w, flag):\n    experts(x, w, inplace=flag)\n    return x\n",
    "q4": HEAD + "def go(x, w):\n    experts(x, w, inplace=False)\n    return x\n",
    # a test upstream widened, one it left alone
    "q5": HEAD + "def go(x):\n    widened(x, inplace=True)\n    return x\n",
    "q6": HEAD + "def go(x):\n    kept(x, inplace=True)\n    return x\n",
    # the fork's own def of the name
    "q7": "def experts(x, w, inplace=False):\n    return x\n\n\ndef go(x, w):\n    experts(x, w, inplace=True)\n    return x\n",
    # the call guarded by upstream's new condition, where the flag is still honoured (review121): under it, in the
    # else of its negation (through a module alias), after its negation leaves the function
    "q8": OFF
    + "def go(x, w):\n    if not _off():\n        experts(x, w, inplace=True)\n        return x\n    return experts(x, w)\n",
    "q9": OFF
    + "def go(x, w):\n    if moe._off():\n        x = experts(x, w)\n    else:\n        experts(x, w, inplace=True)\n"
    "    return x\n",
    "q10": OFF
    + "def go(x, w):\n    if _off():\n        return experts(x, w)\n    experts(x, w, inplace=True)\n    return x\n",
}
FORKS = {f"pkg/aeon/{k}.py": text for k, (text, _) in FOUND.items()} | {f"pkg/aeon/{k}.py": t for k, t in QUIET.items()}


def found(repo: GitRepo) -> dict[str, list[Finding]]:
    """Every row's findings, from one merge and one audit of all the rows side by side a process."""
    rows = s.side_by_side(repo, {OPS: BASE}, FORKS, UPSTREAM, SYMBOL_DRIFT)
    return {p: [f for f in fs if "honours" in f.message] for p, fs in rows.items()}


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_dropped_call_relying_on_a_narrowed_flag_is_warned(git_repo: GitRepo, name: str) -> None:
    text, needle = FOUND[name]
    rows = [(f.line, f.severity.value) for f in found(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, needle), "warning")]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert found(git_repo)[f"pkg/aeon/{name}.py"] == []


def test_the_message_names_the_condition_and_the_hop(git_repo: GitRepo) -> None:
    [finding] = found(git_repo)["pkg/aeon/f1.py"]
    assert "`not _off()`" in finding.message and "in _dispatch, to which it hands inplace" in finding.message
