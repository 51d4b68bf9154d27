"""None stored into an element of an attribute whose element type upstream made non-optional (default drift).

Shaped like #28917 (3319a493fc): ``InputBatch.spec_token_ids: list[list[int] | None]``, whose rows the batch
set to ``None`` on removal, became ``list[list[int]]``, preallocated and cleared in place -- ``add_request``
now calls ``self.spec_token_ids[i].clear()``.  A fork subclass's ``self.spec_token_ids[i] = None`` merges
cleanly and the next request on that row raises AttributeError (blind_replay_blktable).  A warning: the fork
may store a list back before upstream's code reaches the row.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "vllm/batch.py"
BASE = """class Batch:
    def __init__(self, n: int) -> None:
        self.rows: list[list[int] | None] = []
        self.tags: dict[str, str | None] = {}
        self.keep: list[list[int] | None] = []

    def drop(self, i: int) -> None:
        self.rows[i] = None
"""
UPSTREAM = (
    BASE.replace("self.rows: list[list[int] | None] = []", "self.rows: list[list[int]] = [[] for _ in range(n)]")
    .replace("dict[str, str | None]", "dict[str, str]")
    .replace("        self.rows[i] = None\n", "        self.rows[i].clear()\n")
)
SUBJECT = "[Core] Reuse created spec tokens lists to mitigate GC cost (#28917)"
FORK = "vllm/aeon/rows.py"
HEAD = "from vllm.batch import Batch\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list:
    sides = s.merge_case(
        git_repo, {MOD: BASE, "vllm/__init__.py": ""}, {FORK: HEAD + body}, [(SUBJECT, {MOD: UPSTREAM})]
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    "body",
    [
        "class A(Batch):\n    def aeon_drop(self, i: int) -> None:\n        self.rows[i] = None\n",
        "def aeon_drop(batch: Batch, i: int) -> None:\n    batch.rows[i] = None\n",
        "class A(Batch):\n    def aeon_untag(self, key: str) -> None:\n        self.tags[key] = None\n",
        "class A(Batch):\n    def aeon_drop(self, i: int) -> None:\n        rows = self.rows\n        rows[i] = None\n",
    ],
    ids=["subclass", "annotated parameter", "mapping value", "a local bound to the field (review138)"],
)
def test_none_stored_into_an_element_upstream_made_non_optional_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    [(_, line, severity, message)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (len((HEAD + body).splitlines()), "warning")
    assert "stores None into an element of Batch." in message and "#28917" in message


@pytest.mark.parametrize(
    "body",
    [
        "class A(Batch):\n    def aeon_drop(self, i: int) -> None:\n        self.rows[i].clear()\n",
        "class A(Batch):\n    def aeon_drop(self, i: int) -> None:\n        self.keep[i] = None\n",
        "class A(Batch):\n    def aeon_drop(self, i: int) -> None:\n        self.rows[i] = []\n",
        "class Own:\n    def aeon_drop(self, i: int) -> None:\n        self.rows[i] = None\n",
        "def aeon_drop(batch, i: int) -> None:\n    batch.rows[i] = None\n",
        "class Batch:\n    def __init__(self) -> None:\n        self.rows: list[list[int] | None] = []\n\n\n"
        "class A(Batch):\n    def aeon_drop(self, i: int) -> None:\n        self.rows[i] = None\n",
        "class A(Batch):\n    def aeon_drop(self, i: int, other: list) -> None:\n        rows = self.rows\n"
        "        rows = other\n        rows[i] = None\n",
    ],
    ids=[
        "cleared in place",
        "still optional",
        "an empty value",
        "the fork's own class",
        "untyped receiver",
        "a fork class of upstream's name, of its own module (review138)",
        "a local rebound to something else (review138)",
    ],
)
def test_none_row_twins(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []
