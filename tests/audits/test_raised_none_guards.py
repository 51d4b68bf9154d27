"""Raised-kind drift through a None test upstream put before a dereference (drift/raised_kinds.py, killers217).

#21946 (74333ae2f6) put ``if self.device_communicator is None: raise ValueError("No device communicator found")``
before ``GroupCoordinator``'s collectives' ``self.device_communicator.all_gatherv(...)``: where the field held None
the base raised AttributeError, upstream raises ValueError, and a fork's ``except AttributeError`` round
``group.all_gatherv(...)`` (``group: GroupCoordinator``) lets it escape (blind_replay_pstate2).  Upstream's own new
None test of the field is the evidence the dereference met a None.  An error off a receiver typed as the class;
quiet: both kinds caught, a base that tested the field already, a dereference the base caught itself, a field
upstream did not test, a handler round an attribute read of its own (the read itself may raise it).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

LIB = "pkg/state.py"
LIB_BASE = """class Group:
    def __init__(self, comm) -> None:
        self.comm = comm
        self.other = comm

    def gatherv(self, t):
        return self.comm.all_gatherv(t)

    def send(self, t):
        return self.comm.send(t)

    def tested(self, t):
        if self.comm is None:
            return t
        return self.comm.recv(t)

    def shielded(self, t):
        try:
            return self.comm.bcast(t)
        except AttributeError:
            return t

    def untested(self, t):
        return self.other.reduce(t)
"""
GUARD = "        if self.comm is None:\n            raise ValueError('No device communicator found')\n"
LIB_AFTER = (
    LIB_BASE.replace("    def gatherv(self, t):\n", "    def gatherv(self, t):\n" + GUARD)
    .replace("    def send(self, t):\n", "    def send(self, t):\n" + GUARD)
    .replace("    def tested(self, t):\n", "    def tested(self, t):\n" + GUARD)
    .replace("    def shielded(self, t):\n", "    def shielded(self, t):\n" + GUARD)
)
SUBJECT = "[Misc] correct static type check for GroupCoordinator (#21946)"
HEAD = "from pkg.state import Group\n\n\n"


def _try(call: str, caught: str = "AttributeError") -> str:
    return (
        HEAD + f"def aeon_op(g: Group, t):\n    try:\n        return {call}\n    except {caught}:\n        return t\n"
    )


FOUND = {
    "typed-receiver": (_try("g.gatherv(t)"), "except AttributeError"),
    "another-method": (_try("g.send(t)"), "except AttributeError"),
}
QUIET = {
    "both-kinds": _try("g.gatherv(t)", "(AttributeError, ValueError)"),
    "base-tested-it": _try("g.tested(t)"),
    "base-caught-it": _try("g.shielded(t)"),
    "field-not-tested": _try("g.untested(t)"),
    "own-attribute-read": HEAD + "def aeon_op(g: Group, t):\n    try:\n        return g.comm.extra + g.gatherv(t)\n"
    "    except AttributeError:\n        return t\n",
}
FORKS = {f"pkg/aeon_found_{k}.py": v[0] for k, v in FOUND.items()} | {
    f"pkg/aeon_quiet_{k}.py": v for k, v in QUIET.items()
}


def _rows(git_repo: GitRepo) -> dict[str, list[tuple[int, str]]]:
    found = s.side_by_side(git_repo, {LIB: LIB_BASE, "pkg/__init__.py": ""}, FORKS, [(SUBJECT, {LIB: LIB_AFTER})], RULE)
    return {p: [(f.line, f.severity.value) for f in rows if "AttributeError" in f.message] for p, rows in found.items()}


@pytest.mark.parametrize("case", list(FOUND))
def test_a_handler_of_the_none_dereference_upstream_now_refuses(git_repo: GitRepo, case: str) -> None:
    text, at = FOUND[case]
    assert _rows(git_repo)[f"pkg/aeon_found_{case}.py"] == [(line_of(text, at), "error")]


@pytest.mark.parametrize("case", list(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, case: str) -> None:
    assert _rows(git_repo)[f"pkg/aeon_quiet_{case}.py"] == []


# -- mend81: the collective called off a getter's result (#21946's ``get_pp_group().send(t)``): the getter annotated
# to return the class types the receiver; a warning, as the getter is a second call that may raise the kind too
GETTERS = (
    "\n\n_GROUP = None\n\n\ndef get_group() -> Group:\n    return _GROUP\n\n\n"
    "def get_maybe() -> Group | None:\n    return _GROUP\n\n\ndef get_any():\n    return _GROUP\n"
)
GETTER_HEAD = "from pkg.state import Group, get_any, get_group, get_maybe\n\n\n"


def _got(call: str, caught: str = "AttributeError", more: str = "") -> str:
    return (
        GETTER_HEAD + f"def aeon_op(g: Group, t):\n    try:\n{more}        return {call}\n"
        f"    except {caught}:\n        return t\n"
    )


GOT_WARNED = {"gatherv": _got("get_group().gatherv(t)"), "send": _got("get_group().send(t)")}
GOT_QUIET = {
    "an-optional-getter": _got("get_maybe().gatherv(t)"),
    "an-unannotated-getter": _got("get_any().gatherv(t)"),
    "a-second-call": _got("get_group().gatherv(t)", more="        g.untested(t)\n"),
    "both-kinds": _got("get_group().gatherv(t)", "(AttributeError, ValueError)"),
    "a-method-the-base-tested": _got("get_group().tested(t)"),
}
GOT_FORKS = {f"pkg/aeon_got_{k}.py": v for k, v in GOT_WARNED.items()} | {
    f"pkg/aeon_gotq_{k}.py": v for k, v in GOT_QUIET.items()
}


def _got_rows(git_repo: GitRepo) -> dict[str, list[tuple[int, str]]]:
    base, after = LIB_BASE + GETTERS, LIB_AFTER + GETTERS
    found = s.side_by_side(git_repo, {LIB: base, "pkg/__init__.py": ""}, GOT_FORKS, [(SUBJECT, {LIB: after})], RULE)
    return {p: [(f.line, f.severity.value) for f in rows if "AttributeError" in f.message] for p, rows in found.items()}


@pytest.mark.parametrize("case", list(GOT_WARNED))
def test_a_handler_round_a_method_off_an_annotated_getter_is_a_warning(git_repo: GitRepo, case: str) -> None:
    text = GOT_WARNED[case]
    assert _got_rows(git_repo)[f"pkg/aeon_got_{case}.py"] == [(line_of(text, "except AttributeError"), "warning")]


@pytest.mark.parametrize("case", list(GOT_QUIET))
def test_getter_twins_stay_quiet(git_repo: GitRepo, case: str) -> None:
    assert _got_rows(git_repo)[f"pkg/aeon_gotq_{case}.py"] == []
