"""The values a class keeps in a container attribute upstream now stores as dict displays, unpacked or indexed by
position on a fork line.

#35921 (dd6dbd93f8) made ``CompilerManager.cache``'s values ``{"graph_handle": ..., "cache_key": ...}`` where each
was the compiler's ``(key, path)`` handle: a fork's ``_key, path = entry`` silently binds the keys, ``handle[1]``
raises KeyError.  Twins: a read by key, a count or membership test, the container indexed by an integer key, a
fork class storing its own values, a receiver of another class, a value upstream stored as a dict already.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BACKENDS = "vllm/compilation/backends.py"
BASE = """class CompilerManager:
    def __init__(self):
        self.cache = {}

    def compile(self, graph, key):
        compiled, handle = graph.compile()
        self.cache[key] = handle
        return compiled
"""
AFTER = BASE.replace(
    "        self.cache[key] = handle\n", '        self.cache[key] = {"graph_handle": handle, "cache_key": key}\n'
)
FORK = "vllm/aeon/manager.py"
HEAD = "from vllm.compilation.backends import CompilerManager\n\n\n"


def rows(repo: GitRepo, config: Path, body: str, after: str = AFTER, base: str = BASE) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {BACKENDS: base}, {FORK: HEAD + body}, [("[compile] Fix extra cache save (#35921)", {BACKENDS: after})]
    )
    return [(line - 3, sev) for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT) if path == FORK]


POSITIONAL_READS = [
    (
        "class Mine(CompilerManager):\n    def path(self, key):\n        entry = self.cache.get(key)\n"
        "        _key, path = entry\n        return path\n",
        4,
    ),
    ("def paths(manager: CompilerManager) -> list:\n    return [h[1] for h in manager.cache.values()]\n", 2),
    ("def path(manager: CompilerManager, key) -> str:\n    return manager.cache[key][1]\n", 2),
    (
        "def paths(manager: CompilerManager) -> list:\n    out = []\n    for handle in manager.cache.values():\n"
        "        key, path = handle\n        out.append(path)\n    return out\n",
        4,
    ),
]


@pytest.mark.parametrize(
    ("body", "line"),
    POSITIONAL_READS,
    ids=["a subclass's unpacking", "an index in a comprehension", "an index of a subscript", "a loop's unpacking"],
)
def test_a_positional_read_of_a_value_now_a_dict_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    bodies = [HEAD + text for text, _ in POSITIONAL_READS]
    upstream: list[tuple[str, dict[str, str | None]]] = [("[compile] Fix extra cache save (#35921)", {BACKENDS: AFTER})]
    _, found = s.audited_row(
        git_repo, no_rules, {BACKENDS: BASE}, bodies, HEAD + body, upstream, SYMBOL_DRIFT, "vllm/aeon"
    )
    assert [(f.line - 3, f.severity.value) for f in found] == [(line, "error")]


@pytest.mark.parametrize(
    ("body", "after", "base"),
    [
        # a read by key
        ("def path(manager: CompilerManager, key) -> str:\n    return manager.cache[key]['cache_key']\n", AFTER, BASE),
        # a count and a membership test
        (
            "def cached(manager: CompilerManager, key) -> bool:\n    return key in manager.cache and len(manager.cache) > 1\n",
            AFTER,
            BASE,
        ),
        # the container indexed by an integer key
        ("def first(manager: CompilerManager):\n    return manager.cache[0]\n", AFTER, BASE),
        # a fork class storing its own values in the attribute
        (
            "class Mine(CompilerManager):\n    def remember(self, key, a, b):\n        self.cache[key] = (a, b)\n\n"
            "    def path(self, key):\n        _key, path = self.cache[key]\n        return path\n",
            AFTER,
            BASE,
        ),
        # a receiver of another class
        ("def path(other: dict, key) -> str:\n    _key, path = other.cache[key]\n    return path\n", AFTER, BASE),
        # upstream stored dicts already (only the keys changed)
        (
            "def path(manager: CompilerManager, key) -> str:\n    a, b = manager.cache[key]\n    return b\n",
            AFTER,
            AFTER.replace('"cache_key"', '"key"'),
        ),
        # a starred unpacking: another shape check's business
        (
            "def path(manager: CompilerManager, key):\n    first, *rest = manager.cache[key]\n    return rest\n",
            AFTER,
            BASE,
        ),
    ],
    ids=["by key", "count", "int key", "own values", "another class", "dicts already", "starred"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, after: str, base: str) -> None:
    assert rows(git_repo, no_rules, body, after, base) == []


@pytest.mark.parametrize(
    "body",
    [
        # review73: the old shape's read under a test of the value's type
        "def path(manager: CompilerManager, key) -> str:\n    entry = manager.cache[key]\n"
        "    if isinstance(entry, tuple):\n        _key, path = entry\n    else:\n"
        "        _key, path = entry['graph_handle']\n    return path\n",
        # past an exiting test of it
        "def path(manager: CompilerManager, key) -> str:\n    entry = manager.cache[key]\n"
        "    if isinstance(entry, dict):\n        return entry['graph_handle'][1]\n    return entry[1]\n",
        # in the other branch of a conditional expression on it
        "def paths(manager: CompilerManager) -> list:\n"
        "    return [h['graph_handle'][1] if isinstance(h, dict) else h[1] for h in manager.cache.values()]\n",
        # an index in a try whose except KeyError reads the key
        "def path(manager: CompilerManager, key) -> str:\n    entry = manager.cache[key]\n    try:\n"
        "        return entry[1]\n    except KeyError:\n        return entry['graph_handle'][1]\n",
        # an unpacking of a slice of the container
        "def two(manager: CompilerManager, key) -> list:\n    first, second = manager.cache[key:]\n"
        "    return [first, second]\n",
    ],
    ids=["isinstance", "past an exiting test", "a conditional expression", "except KeyError", "a slice"],
)
def test_a_read_written_for_both_shapes_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_test_of_another_value_keeps_the_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A type test of something else (the key) says nothing of the value's shape."""
    body = (
        "def path(manager: CompilerManager, key) -> str:\n    entry = manager.cache[key]\n"
        "    if isinstance(key, tuple):\n        _key, path = entry\n        return path\n    return ''\n"
    )
    assert rows(git_repo, no_rules, body) == [(4, "error")]
