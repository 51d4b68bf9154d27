"""A fork's ``del obj.attr`` (or ``delattr``) of an attribute upstream closed (drift/read_only.py, mend70).

A property without a deleter refuses ``del`` as it refuses a store (AttributeError), and a frozen dataclass's
``__delattr__`` raises FrozenInstanceError: a fork dropping an attribute upstream made a read-only property
(#26737's ``Request.use_structured_output``) or a field of a class it froze (#21791) merges cleanly and raises.
``del`` is the usual way to drop a ``cached_property``'s value (#40701 made ``ModelConfig.is_mm_prefix_lm`` a
plain property): it now raises too.  Twins: a kept attribute, a property given a deleter, a ``del`` under
``try/except AttributeError``, an untyped receiver.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

PACKAGES = {"pkg/__init__.py": ""}
LIB = "pkg/request.py"
USE = "pkg/aeon_use.py"
BASE = (
    "from dataclasses import dataclass\n"
    "from functools import cached_property\n\n\n"
    "class Request:\n"
    "    def __init__(self, params) -> None:\n"
    "        self.params = params\n"
    "        self.structured = params is not None\n"
    "        self.priority = 0\n\n"
    "    @cached_property\n"
    "    def prefix_lm(self) -> bool:\n"
    "        return bool(self.params)\n\n\n"
    "@dataclass\n"
    "class Spec:\n"
    "    block_size: int\n"
    "    window: int = 0\n"
)
THEIRS = (
    "from dataclasses import dataclass\n\n\n"
    "class Request:\n"
    "    def __init__(self, params) -> None:\n"
    "        self.params = params\n"
    "        self.priority = 0\n\n"
    "    @property\n"
    "    def structured(self) -> bool:\n"
    "        return self.params is not None\n\n"
    "    @property\n"
    "    def prefix_lm(self) -> bool:\n"
    "        return bool(self.params)\n\n\n"
    "@dataclass(frozen=True)\n"
    "class Spec:\n"
    "    block_size: int\n"
    "    window: int = 0\n"
)
HEAD = "from pkg.request import Request, Spec\n\n\n"


def _run(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {LIB: BASE, **PACKAGES}, {USE: fork}, {LIB: theirs})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


DELETES = [
    (HEAD + "def mine(request: Request) -> None:\n    del request.structured\n", "del request"),
    (HEAD + 'def mine(request: Request) -> None:\n    delattr(request, "structured")\n', "delattr("),
    (HEAD + "def mine(request: Request) -> None:\n    del request.prefix_lm\n", "del request"),
    (HEAD + "def mine(spec: Spec) -> None:\n    del spec.window\n", "del spec"),
]


@pytest.mark.parametrize(
    ("fork", "needle"),
    DELETES,
    ids=["del a property", "delattr a property", "del a cached value", "del a frozen field"],
)
def test_a_delete_of_a_closed_attribute_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str, needle: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``trees.row_side_by_side``, suitespeed15)
    bodies = [text for text, _ in DELETES]
    base = {LIB: BASE, **PACKAGES}
    _, found = row_side_by_side(git_repo, tmp_path, base, bodies, fork, {LIB: THEIRS}, SYMBOL_DRIFT, "pkg")
    assert [(f.line, f.severity.value) for f in found] == [(line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        (HEAD + "def mine(request: Request) -> None:\n    del request.priority\n", THEIRS),
        (
            HEAD + "def mine(request: Request) -> None:\n    del request.structured\n",
            THEIRS.replace(
                "        return self.params is not None\n",
                "        return self.params is not None\n\n"
                "    @structured.deleter\n"
                "    def structured(self) -> None:\n"
                "        self.params = None\n",
            ),
        ),
        (
            HEAD + "def mine(request: Request) -> None:\n"
            "    try:\n        del request.structured\n    except AttributeError:\n        pass\n",
            THEIRS,
        ),
        ("def mine(request) -> None:\n    del request.structured\n", THEIRS),
    ],
    ids=["a kept attribute", "a property given a deleter", "tried", "untyped"],
)
def test_deletes_upstream_still_allows_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str) -> None:
    assert _run(git_repo, tmp_path, fork, theirs) == []
