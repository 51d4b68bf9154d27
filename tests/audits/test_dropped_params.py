"""An override that requires (or dereferences) an argument upstream's callers stopped passing (drift/dropped_kwargs.py).

#11870 (310aca88c9) stopped ``GroupCoordinator.all_reduce`` handing ``stream=`` to ``pynccl_comm.all_reduce``; a
fork communicator whose override takes ``*, stream`` raises TypeError, one that defaults it to None and calls
``stream.wait_stream(...)`` raises AttributeError (blind_replay_pstate2).  Errors: a keyword-only parameter without
a default (a positional one is not read: cost),
a dereference among the body's own statements; a warning: a dereference under a test.  Quiet: a None test of
it, a fallback, a read in a ``try``, a fork class of its own, a caller that still passes it (the fork's own
call too), a module function of the name filling the place by position (``ops.all_reduce(a, b, c)``);
review125: a namesake on a class whose bases (all resolved) hold no such method in the tree (``torch.nn.Module``),
while an override through a fork class of the file is found.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

COMM = "pkg/comm.py"
COMM_TEXT = "class Comm:\n    def all_reduce(self, t, op=0, stream=None):\n        return t\n"
OPS = "pkg/ops.py"
OPS_TEXT = "def all_reduce(fa, inp, out, reg):\n    return out\n"
STATE = "pkg/state.py"
STATE_BASE = """from pkg import ops
from pkg.comm import Comm


def cur():
    return 0


class Group:
    def __init__(self) -> None:
        self.comm = Comm()

    def all_reduce(self, t):
        out = self.comm.all_reduce(t,
                                   stream=cur())
        return ops.all_reduce(1, t, out, 0)
"""
STATE_AFTER = STATE_BASE.replace(
    "self.comm.all_reduce(t,\n                                   stream=cur())", "self.comm.all_reduce(t)"
)
BASE = {COMM: COMM_TEXT, OPS: OPS_TEXT, STATE: STATE_BASE}
SUBJECT = "[perf]fix current stream (#11870)"
HEAD = "from pkg.comm import Comm\n\n\nclass AeonComm(Comm):\n"

FOUND = {
    "keyword-only": (
        HEAD + "    def all_reduce(self, t, op=0, *, stream):\n        return t\n",
        "def all_reduce",
        "error",
    ),
    "deref-keyword-only": (
        HEAD + "    def all_reduce(self, t, op=0, *, stream=None):\n        stream.synchronize()\n        return t\n",
        "stream.synchronize()",
        "error",
    ),
    "deref": (
        HEAD + "    def all_reduce(self, t, op=0, stream=None):\n        stream.synchronize()\n        return t\n",
        "stream.synchronize()",
        "error",
    ),
    "through-a-fork-base": (
        HEAD.replace("class AeonComm(Comm):", "class AeonBase(Comm):\n    pass\n\n\nclass AeonComm(AeonBase):")
        + "    def all_reduce(self, t, op=0, *, stream):\n        return t\n",
        "def all_reduce",
        "error",
    ),
    "deref-under-a-test": (
        HEAD + "    def all_reduce(self, t, op=0, stream=None):\n        if t:\n            stream.synchronize()\n"
        "        return t\n",
        "stream.synchronize()",
        "warning",
    ),
}
QUIET = {
    "none-test": HEAD + "    def all_reduce(self, t, op=0, stream=None):\n        if stream is None:\n"
    "            stream = 0\n        stream.synchronize()\n        return t\n",
    "fallback": HEAD + "    def all_reduce(self, t, op=0, stream=None):\n        (stream or t).synchronize()\n"
    "        return t\n",
    "in-a-try": HEAD
    + "    def all_reduce(self, t, op=0, stream=None):\n        try:\n            stream.synchronize()\n"
    "        except AttributeError:\n            pass\n        return t\n",
    "own-class": "class AeonOwn:\n    def all_reduce(self, t, op=0, *, stream):\n        return t\n",
    "namesake-outside-base": "import torch\n\n\nclass AeonSide(torch.nn.Module):\n"
    "    def all_reduce(self, t, *, stream):\n        return t\n",
    "default-kept": HEAD + "    def all_reduce(self, t, op=0, stream=None):\n        return t\n",
}


def _rows(git_repo: GitRepo, forks: dict[str, str]) -> dict[str, list[tuple[int, str]]]:
    found = s.side_by_side(git_repo, BASE, forks, [(SUBJECT, {STATE: STATE_AFTER})], SYMBOL_DRIFT)
    return {
        p: [(f.line, f.severity.value) for f in rows if "stopped passing stream=" in f.message]
        for p, rows in found.items()
    }


FORKS = {f"pkg/aeon_found_{k}.py": v[0] for k, v in FOUND.items()} | {
    f"pkg/aeon_quiet_{k}.py": v for k, v in QUIET.items()
}


@pytest.mark.parametrize("case", list(FOUND))
def test_an_override_needing_what_the_callers_stopped_passing(git_repo: GitRepo, case: str) -> None:
    text, at, severity = FOUND[case]
    assert _rows(git_repo, FORKS)[f"pkg/aeon_found_{case}.py"] == [(line_of(text, at), severity)]


@pytest.mark.parametrize("case", list(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, case: str) -> None:
    assert _rows(git_repo, FORKS)[f"pkg/aeon_quiet_{case}.py"] == []


def test_a_caller_that_still_passes_it_quiets_the_override(git_repo: GitRepo) -> None:
    """The fork's own call hands ``stream=``: the override's callers are not only upstream's."""
    caller = "from pkg.comm import Comm\n\n\ndef aeon_reduce(c: Comm, t):\n    return c.all_reduce(t, stream=1)\n"
    forks = {"pkg/aeon_found_keyword-only.py": FOUND["keyword-only"][0], "pkg/aeon_caller.py": caller}
    assert _rows(git_repo, forks)["pkg/aeon_found_keyword-only.py"] == []
