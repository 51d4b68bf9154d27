"""A mapping made a record: upstream made a function that returned a dict return one of its own classes.

Shaped like vLLM #50334 (e8b358b4c0: ``convert_tool_responses_to_completions_format(tool) -> dict`` now returns
a ``ChatCompletionToolsParam``, a pydantic model): the fork's ``f(tool)["function"]`` or ``d.get("function")``
raises on the first call (drift/unmapped.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PROTO = "vllm/proto.py"
PROTO_TEXT = """from pydantic import BaseModel


class BaseParam(BaseModel):
    model_config = {"extra": "allow"}


class FunctionDef(BaseParam):
    name: str


class ToolParam(BaseParam):
    type: str = "function"
    function: FunctionDef


class Counted:
    def __init__(self, n: int) -> None:
        self.n = n


class Table:
    def __init__(self) -> None:
        self.rows: dict[str, int] = {}

    def __getitem__(self, key: str) -> int:
        return self.rows[key]

    def get(self, key: str, default: int = 0) -> int:
        return self.rows.get(key, default)
"""
UTILS = "vllm/utils_tools.py"
UTILS_BASE = """from typing import Any

from vllm.proto import Counted, FunctionDef, Table, ToolParam


def convert(tool: dict) -> dict[str, Any]:
    return {"type": "function", "function": tool}


def counts(n: int) -> dict:
    return {"n": n}


def table() -> dict[str, int]:
    return {}
"""
UTILS_MODEL = (
    UTILS_BASE.replace(
        'dict[str, Any]:\n    return {"type": "function", "function": tool}',
        'ToolParam:\n    return ToolParam(function=FunctionDef(name=tool["name"]))',
    )
    .replace('dict:\n    return {"n": n}', "Counted:\n    return Counted(n)")
    .replace("dict[str, int]:\n    return {}", "Table:\n    return Table()")
)
PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_tools.py"
HEAD = "from vllm.utils_tools import convert, counts, table\n\n\n"


def _audit(git_repo: GitRepo, tmp_path: Path, fork: str, after: str = UTILS_MODEL):  # type: ignore[no-untyped-def]
    sides = three_way(git_repo, {PROTO: PROTO_TEXT, UTILS: UTILS_BASE, **PACKAGES}, {USE: fork}, {UTILS: after})
    return audit(git_repo, sides, tmp_path)


# The rows of test_a_mapping_upstream_made_a_record each put one fork module beside the same base and upstream, and
# each asks only of its own module's findings: no row's module imports another's, so one merge and one audit of every
# row's module side by side answers each row (9 merges and audits became one per process; suitespeed9).  The quiet
# rows keep a merge each: there a row's module could be quiet for something another row's module declared.
_BATCHED: dict[str, list[tuple[str, int, str, str]]] = {}


def _made_a_record_among_rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str, str]]:
    """(USE, line, severity, message) of each finding in ``fork``'s module, from the one audit of every row's."""
    if not _BATCHED:
        paths = {HEAD + body: f"vllm/aeon_tools_{number}.py" for number, (body, _) in enumerate(RECORD_ROWS)}
        sides = three_way(
            git_repo,
            {PROTO: PROTO_TEXT, UTILS: UTILS_BASE, **PACKAGES},
            {path: text for text, path in paths.items()},
            {UTILS: UTILS_MODEL},
        )
        every = [f for f in audit(git_repo, sides, tmp_path).findings if f.rule_id == RULE]
        assert all(f.path in paths.values() for f in every), every
        _BATCHED.update(
            {
                text: [(USE, f.line, f.severity.value, f.message) for f in every if f.path == path]
                for text, path in paths.items()
            }
        )
    return _BATCHED[fork]


RECORD_ROWS = [
    ("def name(tool: dict) -> str:\n    return convert(tool)['function']['name']\n", "return convert"),
    (
        "def fn(tool: dict) -> dict:\n    converted = convert(tool)\n    return converted.get('function')\n",
        "return converted",
    ),
    ("def pairs(tool: dict) -> list:\n    return list(convert(tool).items())\n", "return list"),
    ("def size(tool: dict) -> int:\n    return len(convert(tool))\n", "return len"),
    ("def n(k: int) -> int:\n    return counts(k)['n']\n", "return counts"),
    ("def walk(k: int) -> None:\n    for key in counts(k):\n        print(key)\n", "for key in"),
    # a hasattr test of another value, or one whose branch falls through, does not keep the index off a model
    (
        "def name(tool: dict, o: object) -> str:\n    d = convert(tool)\n    if hasattr(o, 'function'):\n"
        "        return d['function']['name']\n    return ''\n",
        "        return d[",
    ),
    (
        "def name(tool: dict) -> str:\n    d = convert(tool)\n    if hasattr(d, 'function'):\n        print(d.function)\n"
        "    return d['function']['name']\n",
        "    return d[",
    ),
    (
        "def name(tool: dict) -> str:\n    d = convert(tool)\n    fn = getattr(d, 'function', None)\n    if fn is not None:\n"
        "        print(fn)\n    return d['function']['name']\n",
        "    return d[",
    ),
]


@pytest.mark.parametrize(("body", "needle"), RECORD_ROWS)
def test_a_mapping_upstream_made_a_record(git_repo: GitRepo, tmp_path: Path, body: str, needle: str) -> None:
    fork = HEAD + body
    rows = _made_a_record_among_rows(git_repo, tmp_path, fork)
    assert (USE, line_of(fork, needle), "error") in [row[:3] for row in rows]
    assert any("no mapping" in message for *_, message in rows)  # of this row's module (the batch's own)


@pytest.mark.parametrize(
    "body",
    [
        # the new spelling: the model's fields
        "def name(tool: dict) -> str:\n    return convert(tool).function.name\n",
        # a pydantic model iterates its fields: a for over it runs
        "def walk(tool: dict) -> None:\n    for key in convert(tool):\n        print(key)\n",
        # the new class has item access and get of its own
        "def row(key: str) -> int:\n    return table()[key] + table().get(key)\n",
        # guarded: an isinstance test of the old kind, a try catching the TypeError, a hasattr of the method
        "def name(tool: dict) -> str:\n    d = convert(tool)\n    if isinstance(d, dict):\n        return d['function']['name']\n"
        "    return d.function.name\n",
        "def name(tool: dict) -> str:\n    try:\n        return convert(tool)['function']['name']\n    except TypeError:\n"
        "        return ''\n",
        "def fn(tool: dict) -> object:\n    d = convert(tool)\n    if hasattr(d, 'get'):\n        return d.get('function')\n"
        "    return d.function\n",
        # a hasattr test of the new field tells the kinds apart: the old index runs where it failed (review46)
        "def name(tool: dict) -> str:\n    d = convert(tool)\n    if hasattr(d, 'function'):\n        return d.function.name\n"
        "    return d['function']['name']\n",
        "def name(tool: dict) -> str:\n    d = convert(tool)\n    if hasattr(d, 'function'):\n        out = d.function.name\n"
        "    else:\n        out = d.get('function')['name']\n    return out\n",
        # a getattr of the new field with a default: the old index runs where it came back None
        "def name(tool: dict) -> str:\n    d = convert(tool)\n    fn = getattr(d, 'function', None)\n    if fn is not None:\n"
        "        return fn.name\n    return d['function']['name']\n",
        "def name(tool: dict) -> str:\n    d = convert(tool)\n    if getattr(d, 'function', None) is None:\n"
        "        return d['function']['name']\n    return d.function.name\n",
    ],
)
def test_a_mapping_made_a_record_keeps_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = HEAD + body
    report = _audit(git_repo, tmp_path, fork)
    assert [f for f in found(report, RULE) if f[2] == "error"] == []


def test_a_typed_dict_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """A ``TypedDict`` is a dict at run time: its item access still works."""
    after = (
        UTILS_MODEL.replace("from typing import Any", "from typing import Any, TypedDict")
        .replace("def convert(", "class ToolDict(TypedDict):\n    type: str\n\n\ndef convert(")
        .replace("-> ToolParam:", "-> ToolDict:")
    )
    fork = HEAD + "def name(tool: dict) -> str:\n    return convert(tool)['function']['name']\n"
    report = _audit(git_repo, tmp_path, fork, after)
    assert [f for f in found(report, RULE) if f[2] == "error"] == []
