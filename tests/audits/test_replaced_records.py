"""Element drift of a record class: the values of a dict a method returns made another record lacking a field.

vLLM #44253 renamed ``CapturedAttentionState(attn_metadata, slot_mappings)`` ``AttentionState`` and made
``ModelCudaGraphManager.capture`` return ``dict[BatchExecutionDescriptor, AttentionStatePair]`` (a ``warmup`` and
a ``captured`` state) where it returned ``dict[..., CapturedAttentionState]``.  The method and the dict stay, so
nothing else reads it, but a fork line reading ``state.attn_metadata`` off a value (a subscript, an ``.items()``
or ``.values()`` loop, directly or through a local bound once to the call) raises AttributeError, and an unpack
into the old fields' names binds the pair's two states under them.  The new spelling, a read under a
``hasattr`` test of the value, a field the new record keeps, the keys, another unpack, or an untyped receiver
stay quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.element_kinds import _inner_changed
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"pkg/__init__.py": ""}
GRAPHS = "pkg/graphs.py"
USE = "pkg/aeon_use.py"
BASE = (
    "from typing import NamedTuple\n\n\n"
    "class Captured(NamedTuple):\n"
    "    attn_metadata: dict\n"
    "    slot_mappings: dict\n\n\n"
    "class Manager:\n"
    "    def capture(self, n: int) -> dict[int, Captured]:\n"
    "        return {i: Captured({}, {}) for i in range(n)}\n"
)
THEIRS = (
    "from typing import NamedTuple\n\n\n"
    "class State(NamedTuple):\n"
    "    attn_metadata: dict\n"
    "    slot_mappings: dict\n\n\n"
    "class StatePair(NamedTuple):\n"
    "    warmup: State\n"
    "    captured: State\n\n\n"
    "class Manager:\n"
    "    def capture(self, n: int) -> dict[int, StatePair]:\n"
    "        return {i: StatePair(State({}, {}), State({}, {})) for i in range(n)}\n"
)
KEPT = THEIRS.replace("    warmup: State\n", "    warmup: State\n    attn_metadata: dict\n")
HEAD = "from pkg.graphs import Manager\n\n\n"
TYPED = HEAD + "def mine(manager: Manager):\n"

KILLERS = {
    "items-comprehended": (
        TYPED + "    states = manager.capture(2)\n    return {d: s.attn_metadata for d, s in states.items()}\n",
        "s.attn_metadata",
    ),
    "subscript-of-the-call": (TYPED + "    return manager.capture(2)[0].slot_mappings\n", "slot_mappings"),
    "values-looped": (
        TYPED + "    out = []\n    for s in manager.capture(2).values():\n        out.append(s.attn_metadata)\n"
        "    return out\n",
        "s.attn_metadata",
    ),
    "bound-subscript": (TYPED + "    states = manager.capture(2)\n    return states[1].attn_metadata\n", "states[1]"),
    "old-fields-unpacked": (
        TYPED
        + "    states = manager.capture(2)\n    attn_metadata, slot_mappings = states[0]\n    return slot_mappings\n",
        "attn_metadata, slot_mappings =",
    ),
}
TWINS = {
    "the-new-spelling": TYPED + "    states = manager.capture(2)\n"
    "    return {d: s.captured.attn_metadata for d, s in states.items()}\n",
    "hasattr-told": TYPED + "    states = manager.capture(2)\n"
    '    return {d: s.attn_metadata if hasattr(s, "attn_metadata") else s.captured.attn_metadata'
    " for d, s in states.items()}\n",
    "keys": TYPED + "    return sorted(manager.capture(2))\n",
    "another-unpack": TYPED + "    warmup, captured = manager.capture(2)[0]\n    return captured\n",
    "untyped": "def mine(manager):\n    return manager.capture(2)[0].slot_mappings\n",
    "a-value-handed-on": TYPED + "    return list(manager.capture(2).values())\n",
}


def _reported(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {GRAPHS: BASE, **PACKAGES}, {USE: fork}, {GRAPHS: theirs})
    return [row for row in found(audit(git_repo, sides, tmp_path), TYPE_DRIFT) if row[0] == USE]


# The KILLERS rows each put one fork module beside the same base and upstream and pin that module's type-drift
# findings: no row's module imports another's, so one merge and one audit of every row's module side by side answers
# each of them (one merge and audit a process where there was one a row; suitespeed10, as suitespeed8 and 9 did for
# other files).  The twins keep a merge each: there a row's module could be quiet for something another row's declared.
_BATCHED: dict[str, list[tuple[str, int, str]]] = {}


def _reported_among_killers(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    """``_reported`` of one KILLERS row (named USE), from one audit of every row's module side by side."""
    if not _BATCHED:
        paths = {text: USE.replace(".py", f"_{number}.py") for number, (text, _) in enumerate(KILLERS.values())}
        sides = three_way(
            git_repo, {GRAPHS: BASE, **PACKAGES}, {path: text for text, path in paths.items()}, {GRAPHS: THEIRS}
        )
        every = found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)
        assert {row[0] for row in every} <= {*paths.values(), GRAPHS}, every
        for text, path in paths.items():
            _BATCHED[text] = [(USE, *row[1:]) for row in every if row[0] == path]
    return _BATCHED[fork]


@pytest.mark.parametrize(("fork", "needle"), list(KILLERS.values()), ids=list(KILLERS))
def test_a_field_the_new_record_lacks_read_off_a_value_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _reported_among_killers(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize("fork", list(TWINS.values()), ids=list(TWINS))
def test_reads_the_new_record_serves_are_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _reported(git_repo, tmp_path, fork) == []


def test_a_field_the_new_record_keeps_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = TYPED + "    return manager.capture(2)[0].attn_metadata\n"
    assert _reported(git_repo, tmp_path, fork, KEPT) == []


def test_the_removed_return_annotation_is_read_from_the_diff() -> None:
    assert _inner_changed("\n-    ) -> dict[BatchExecutionDescriptor, CapturedAttentionState]:\n", {"x"}) == {")"}
    assert _inner_changed("\n-    def capture(self) -> dict[int, Captured]:\n", {"capture"}) == {"capture"}
    assert _inner_changed("\n-    states: list[Captured] = []\n", {"states"}) == {"states"}
    assert _inner_changed("\n-    def capture(self) -> dict[int, str]:\n", {"capture"}) == set()
