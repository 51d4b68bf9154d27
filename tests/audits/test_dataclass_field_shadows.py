"""A field upstream adds to a dataclass base, which a fork subclass defines as a property or a method.

#19031 (b5fd9506c1) gave ``KVCacheBlock`` (a ``@dataclass`` with no ``__init__`` of its body) the field
``is_null: bool = False``: the synthesized ``__init__`` now stores ``self.is_null`` on every block, so a fork
subclass's read-only ``@property is_null`` makes building a block raise AttributeError, and a fork method of that
name is hidden by the instance attribute (blind_replay_kvutils2).  Errors, on the fork's ``def`` line
(drift/shadows.py, ``construction_writes``: a dataclass's fields are its ``__init__``'s stores).  Quiet: a
``ClassVar``, an ``InitVar``, a ``field(init=False)`` without a factory, ``@dataclass(init=False)``, a base with an
``__init__`` of its own, a property given a setter, another name, a field the base had already, and a fork
dataclass re-declaring the field (its own default).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SHADOWED_ATTRIBUTE as RULE
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/blocks.py"
BASE = """from dataclasses import InitVar, dataclass, field
from typing import ClassVar


@dataclass
class Block:
    block_id: int
    ref_cnt: int = 0
    was_null: bool = False


@dataclass(init=False)
class Manual:
    block_id: int = 0


@dataclass
class Owned:
    block_id: int = 0

    def __init__(self, block_id: int) -> None:
        self.block_id = block_id


@dataclass(frozen=True)
class Frozen:
    block_id: int = 0


@dataclass
class Leaf(Block):
    tag: str = ""
"""
AFTER = (
    BASE.replace(
        "    was_null: bool = False\n",
        "    was_null: bool = False\n    is_null: bool = False\n    pooled: ClassVar[bool] = False\n"
        "    seed: InitVar[int] = 0\n    cursor: int = field(init=False)\n    hits: list = field(default_factory=list)\n",
    )
    .replace(
        "class Manual:\n    block_id: int = 0\n", "class Manual:\n    block_id: int = 0\n    is_null: bool = False\n"
    )
    .replace(
        "class Owned:\n    block_id: int = 0\n", "class Owned:\n    block_id: int = 0\n    is_null: bool = False\n"
    )
    .replace("class Frozen:\n    block_id: int = 0\n", "class Frozen:\n    block_id: int = 0\n    tiles: int = 1\n")
)
SUBJECT = "[Bugfix] get_num_blocks_to_allocate with null_block (#19031)"
HEAD = "from dataclasses import dataclass\n\nfrom pkg.blocks import Block, Frozen, Leaf, Manual, Owned\n\n\n"
FOUND = {
    "property": "class A(Block):\n    @property\n    def is_null(self) -> bool:\n        return self.block_id == 0\n",
    "method": "class A(Block):\n    def is_null(self, null_id: int = 0) -> bool:\n        return self.block_id == null_id\n",
    "cached": "import functools\n\n\nclass A(Block):\n    @functools.cached_property\n    def hits(self) -> list:\n"
    "        return []\n",
    "grandchild": "class A(Leaf):\n    @property\n    def is_null(self) -> bool:\n        return False\n",
    "fork_dataclass": "@dataclass\nclass A(Block):\n    scale_id: int = -1\n\n    @property\n    def is_null(self) -> bool:\n"
    "        return self.block_id == 0\n",
    "frozen": "class A(Frozen):\n    @property\n    def tiles(self) -> int:\n        return 2\n",
}
QUIET = {
    "classvar": "class A(Block):\n    @property\n    def pooled(self) -> bool:\n        return True\n",
    "initvar": "class A(Block):\n    def seed(self) -> int:\n        return 7\n",
    "init_false": "class A(Block):\n    @property\n    def cursor(self) -> int:\n        return 0\n",
    "manual": "class A(Manual):\n    @property\n    def is_null(self) -> bool:\n        return False\n",
    "own_init": "class A(Owned):\n    @property\n    def is_null(self) -> bool:\n        return False\n",
    "setter": "class A(Block):\n    @property\n    def is_null(self) -> bool:\n        return self._n\n\n"
    "    @is_null.setter\n    def is_null(self, v: bool) -> None:\n        self._n = v\n",
    "other_name": "class A(Block):\n    @property\n    def is_sentinel(self) -> bool:\n        return self.block_id == 0\n",
    "had_before": "class A(Block):\n    @property\n    def was_null(self) -> bool:\n        return False\n",
    "redeclared": "@dataclass\nclass A(Block):\n    is_null: bool = True\n",
}
PATCH = "def _null(self) -> bool:\n    return self.block_id == 0\n\n\nBlock.is_null = property(_null)\n"
FORKS = {f"pkg/aeon/{name}.py": HEAD + body for name, body in {**FOUND, **QUIET, "patch": PATCH}.items()}


@pytest.fixture
def rows(git_repo: GitRepo) -> dict[str, list[Finding]]:
    forks = {**FORKS, "pkg/aeon/__init__.py": ""}
    return s.side_by_side(git_repo, {MOD: BASE, "pkg/__init__.py": ""}, forks, [(SUBJECT, {MOD: AFTER})], RULE)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_member_of_a_field_the_dataclass_base_now_stores_is_an_error(
    rows: dict[str, list[Finding]], name: str
) -> None:
    path = f"pkg/aeon/{name}.py"
    got = [(f.line, f.severity.value) for f in rows[path]]
    defs = [i for i, text in enumerate(FORKS[path].splitlines(), 1) if text.lstrip().startswith("def ")]
    assert got == [(defs[0], "error")], rows[path]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_what_the_synthesized_init_does_not_store_stays_quiet(rows: dict[str, list[Finding]], name: str) -> None:
    assert rows[f"pkg/aeon/{name}.py"] == []


def test_a_property_patched_onto_the_dataclass_base_is_an_error(rows: dict[str, list[Finding]]) -> None:
    path = "pkg/aeon/patch.py"
    line = FORKS[path].splitlines().index("Block.is_null = property(_null)") + 1
    assert [(f.line, f.severity.value) for f in rows[path]] == [(line, "error")], rows[path]
