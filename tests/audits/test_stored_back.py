"""A removed field the fork stores back on an object and reads in the same function, or reads under an
``isinstance`` of its own class declaring it: the fork's value (review71, ``drift/stored_back.py``).

#28133 removed ``Mamba2AttentionMetadata.seq_lens``; once symbol drift typed ``md = super().build(...)`` by the
base's return annotation, a fork builder that puts the field back (``md.seq_lens = common.seq_lens``) and reads
it, or reads it only under ``isinstance(md, AeonMetadata)`` of its own dataclass declaring it, was an error on
correct code.  Here ``MultiModalFieldElem`` loses ``key``: the store read back is a warning (a shim, as a store
read back off the instance is), the read after it and the narrowed read are quiet; a read before the store, a
store on another name, a name bound twice, and a narrowing to upstream's own class stay errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_loop_element_drift import INPUTS, INPUTS_NEW, INPUTS_OLD, RUNNER, RUNNER_TEXT

FORK = "vllm/aeon/stored_back.py"
HEAD = (
    "import dataclasses\n\nfrom vllm.multimodal.inputs import MultiModalFieldElem\nfrom vllm.runner import Runner\n\n\n"
)
MINE = "@dataclasses.dataclass\nclass AeonElem:\n    key: str = ''\n\n\n"


def _rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {INPUTS: INPUTS_OLD, RUNNER: RUNNER_TEXT, "vllm/multimodal/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [("[Multimodal] Simplify MM input definitions (#33331)", {INPUTS: INPUTS_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    ("body", "rows"),
    [
        # the field stored back on what super() returns, then read (and called through): the store a warning
        (
            "class Mine(Runner):\n    def first(self, n: int):\n        elem = super().one(n)\n"
            "        elem.key = str(n)\n        return elem.key.upper()\n",
            [(10, "warning")],
        ),
        # a parameter typed by its annotation, never rebound
        (
            "def first(elem: MultiModalFieldElem) -> str:\n    elem.key = 'pixel_values'\n    return elem.key\n",
            [(8, "warning")],
        ),
        # the read under isinstance of the fork's own dataclass declaring the field (and a call through it)
        (
            MINE + "class Mine(Runner):\n    def first(self, n: int):\n        elem = super().one(n)\n"
            "        if isinstance(elem, AeonElem) and elem.key:\n            return elem.key.upper()\n"
            "        return None\n",
            [],
        ),
        # still errors: the read before the store; a store on another name; the name bound twice
        (
            "def first(elem: MultiModalFieldElem) -> str:\n    key = elem.key\n    elem.key = 'x'\n    return key\n",
            [(8, "error"), (9, "error")],
        ),
        (
            "def first(elem: MultiModalFieldElem, other: MultiModalFieldElem) -> str:\n"
            "    other.key = 'x'\n    return elem.key\n",
            [(8, "error"), (9, "error")],
        ),
        (
            "def first(elem: MultiModalFieldElem, spare: MultiModalFieldElem) -> str:\n"
            "    elem.key = 'x'\n    elem = spare\n    return elem.key\n",
            [(8, "error"), (10, "error")],
        ),
        # still an error: the narrowing names upstream's own class, which lost the field
        (
            "class Mine(Runner):\n    def first(self, n: int):\n        elem = super().one(n)\n"
            "        if isinstance(elem, MultiModalFieldElem):\n            return elem.key\n        return None\n",
            [(11, "error")],
        ),
    ],
    ids=[
        "super() local",
        "parameter",
        "narrowed to the fork's class",
        "read first",
        "another name",
        "rebound",
        "upstream's class",
    ],
)
def test_a_removed_field_the_fork_holds_itself(git_repo: GitRepo, no_rules: Path, body: str, rows: list) -> None:
    assert _rows(git_repo, no_rules, body) == rows
