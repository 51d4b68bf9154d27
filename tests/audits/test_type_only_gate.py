"""Type-only names' parse gate (perf round 16, issue 12): the new version of every changed upstream file that
removed an import line and holds ``TYPE_CHECKING`` was parsed whole (9 parses, ~0.15 CPU-s at 80 commits) to
learn the names its type-only blocks import.  Its top-level ``if`` statements are now parsed alone first, and the
file only when one of those names is on a line the fork added; a statement whose lines cannot be cut from the
text (a line of a string or a bracket at the first column) sends the file to the whole parse, as before."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.drift import sides as drift_sides
from aeon_release.domain.audits.drift import type_only_names
from aeon_release.domain.audits.drift.type_only_names import type_only_name_drift
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

TYPES = "vllm/types_user.py"
BASE = "import os\nfrom vllm.config import ModelConfig\n\n\ndef f(c: ModelConfig) -> str:\n    return os.sep\n"
TAIL = "\n\ndef f(c: 'ModelConfig') -> str:\n    return ''\n"
MOVED = "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from vllm.config import ModelConfig\n" + TAIL
USER = "vllm/aeon/user.py"
IMPORTS = "from vllm.types_user import ModelConfig\n\nX = ModelConfig\n"


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    texts: list[str] = []
    real = drift_sides.parse_python

    def parse(text: str, path: str = "<unknown>") -> object:
        texts.append(text)
        return real(text, path)

    monkeypatch.setattr(drift_sides, "parse_python", parse)
    monkeypatch.setattr(type_only_names, "parse_python", parse)
    return texts


def test_a_moved_name_no_fork_line_holds_parses_neither_version(git_repo: GitRepo, parsed: list[str]) -> None:
    """The fork's lines never name ModelConfig: the type-only block alone is parsed, neither version whole."""
    fork = {USER: "from vllm.types_user import f\n\nY = f\n"}
    trees = s.three_trees(git_repo, {TYPES: BASE}, fork, {TYPES: MOVED})
    assert type_only_name_drift(trees, "") == []
    assert MOVED not in parsed and BASE not in parsed


# each spelling of the type-only block, the cuts the gate's line reading must survive
SPELLINGS = {
    "plain": MOVED,
    "attribute test": "import typing\n\nif typing.TYPE_CHECKING:\n    from vllm.config import ModelConfig\n" + TAIL,
    "else of a negated test": (
        "from typing import TYPE_CHECKING\n\nif not TYPE_CHECKING:\n    pass\n# the types\nelse:\n"
        "    from vllm.config import ModelConfig\n" + TAIL
    ),
    "test over three lines": (
        "from typing import TYPE_CHECKING\n\nif (\n    TYPE_CHECKING\n):\n    from vllm.config import ModelConfig\n"
        + TAIL
    ),
    "string line at the first column": (
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    NOTE = '''\nif the types:\n'''\n"
        "    from vllm.config import ModelConfig\n" + TAIL
    ),
    "names in brackets at the first column": (
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from vllm.config import (\nModelConfig,\n)\n" + TAIL
    ),
    "backslash continuation": (
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from vllm.config import \\\nModelConfig\n" + TAIL
    ),
    "form feed before the if": "from typing import TYPE_CHECKING\n\n\x0cif TYPE_CHECKING:\n"
    "    from vllm.config import ModelConfig\n" + TAIL,
    "carriage returns": MOVED.replace("\n", "\r\n"),
    "alias": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from vllm.cfg import Cfg as ModelConfig\n"
    + TAIL,
}


@pytest.mark.parametrize("upstream", SPELLINGS.values(), ids=SPELLINGS.keys())
def test_a_moved_name_the_fork_imports_is_found_through_the_gate(git_repo: GitRepo, upstream: str) -> None:
    trees = s.three_trees(git_repo, {TYPES: BASE}, {USER: IMPORTS}, {TYPES: upstream})
    assert [(f.path, f.line, f.severity.value) for f in type_only_name_drift(trees, "")] == [(USER, 1, "error")]


def test_a_fork_line_holding_the_name_inside_a_longer_word_still_reads_the_module(
    git_repo: GitRepo, parsed: list[str]
) -> None:
    """The fork's modules are read where an added line holds a moved name anywhere (a comment, a longer word):
    the gate asks as much, so such a line still sends the file to the parse."""
    fork = {USER: "from vllm.types_user import f\n\nY = f  # see ModelConfigs\n"}
    trees = s.three_trees(git_repo, {TYPES: BASE}, fork, {TYPES: MOVED})
    assert type_only_name_drift(trees, "") == []
    assert MOVED in parsed
