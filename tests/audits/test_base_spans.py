"""Near misses read the base's functions off the fork's parse (merge._spans_of): the spans must be the
ones a parse of the base gives, whatever the fork's hunks did, and the base is parsed only when a hunk
can have moved a function's edge."""

from __future__ import annotations

import ast
import difflib
import random

import pytest

from aeon_release.domain.audits import merge
from aeon_release.domain.audits.merge import Hunk
from aeon_release.domain.audits.source import walk_defs

BASE = '''"""A module."""

import os


def top(a, b):
    """Doc."""
    x = a + b
    if x:
        return x
    return 0


@decorator
def decorated(
    a,
    b=1,
) -> int:
    def inner(c):
        return c * 2

    return inner(a) + b


class Runner:
    """A class."""

    limit = 3

    def __init__(self, n):
        self.n = n

    def step(self):
        for i in range(self.n):
            yield i
        # trailing comment

    async def later(self):
        text = """
not code
"""
        return text

    class Nested:
        def deep(self):
            return 1


def last():
    return os.sep
'''

SNIPPETS = [
    "",
    "# a comment",
    "x = 1",
    "    y = 2",
    "        z = 3",
    "def extra():",
    "    return 1",
    "    def method(self):",
    "        pass",
    "@decorator",
    "class Added:",
    "    pass",
    "if True:",
    ")",
]


def _hunks(base: list[str], fork: list[str]) -> tuple[Hunk, ...]:
    """git diff -U0's hunks between two line lists (any correct alignment will do)."""
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, base, fork, autojunk=False).get_opcodes():
        if tag != "equal":
            out.append(Hunk(i1 + 1 if i2 > i1 else i1, i2 - i1, tuple(fork[j1:j2]), tuple(base[i1:i2])))
    return tuple(out)


def _edited(rng: random.Random, lines: list[str]) -> list[str]:
    out = list(lines)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(out) + 1)
        kind = rng.random()
        if kind < 0.45:
            out[at:at] = rng.sample(SNIPPETS, rng.randint(1, 3))
        elif kind < 0.75 and at < len(out):
            del out[at : at + rng.randint(1, 3)]
        elif at < len(out):
            out[at] = rng.choice(SNIPPETS)
    return out


def _parses(text: str) -> bool:
    try:
        ast.parse(text)
    except SyntaxError:
        return False
    return True


def test_spans_read_off_the_fork_equal_the_base_parse_for_any_fork_edit() -> None:
    base_lines = BASE.splitlines()
    rng, tried, mapped = random.Random(1234), 0, 0
    while tried < 400:
        fork_lines = _edited(rng, base_lines)
        fork = "\n".join(fork_lines) + "\n"
        if fork == BASE or not _parses(fork):
            continue
        tried += 1
        hunks = _hunks(base_lines, fork_lines)
        info = merge.parse_module_info("m.py", "m", fork)
        assert info is not None
        if merge._mapped_spans(info.tree, info.lines, base_lines, hunks) is not None:
            mapped += 1
        assert merge._spans_of("m.py", BASE, fork, hunks) == merge._spans(BASE, "m.py"), fork
    assert mapped > tried // 3  # most edits are read off the fork: the test exercises the mapping


@pytest.mark.parametrize(
    ("edit", "parsed"),
    [
        # a method added after another and a body line changed: nothing moved an edge
        (
            lambda s: s.replace(
                "        self.n = n\n", "        self.n = n\n\n    def added(self):\n        return 2\n"
            ),
            False,
        ),
        (lambda s: s.replace("    x = a + b\n", "    x = a - b\n"), False),
        # a decorator's line dropped, a parameter added on its own line
        (lambda s: s.replace("@decorator\n", ""), False),
        (lambda s: s.replace("    b=1,\n", "    b=1,\n    c=2,\n"), False),
        # the fork dropped top()'s last statement: the base's top() went on past the fork's end
        (lambda s: s.replace("        return x\n    return 0\n", "        return x\n"), True),
        # a renamed function: the base has a def the fork has not
        (lambda s: s.replace("def last():", "def final():"), True),
    ],
)
def test_the_base_is_parsed_only_where_a_hunk_can_have_moved_an_edge(monkeypatch, edit, parsed: bool) -> None:
    fork = edit(BASE)
    assert fork != BASE and _parses(fork)
    hunks = _hunks(BASE.splitlines(), fork.splitlines())
    want = merge._spans(BASE, "m.py")
    calls: list[str] = []
    real = merge.parse_python
    monkeypatch.setattr(merge, "parse_python", lambda text, path="": calls.append(text) or real(text, path))
    assert merge._spans_of("m.py", BASE, fork, hunks) == want
    assert (BASE in calls) is parsed


def test_every_definition_is_walked_whichever_statement_holds_it() -> None:
    """walk_defs reads only statement lists: a definition under any compound statement is still found,
    in source order, with its enclosing classes' and functions' names."""
    text = """
class A:
    try:
        def in_try(self): ...
    except* ValueError:
        def in_handler(self): ...
    else:
        def in_else(self): ...
    finally:
        def in_finally(self): ...
def f():
    match x:
        case 1:
            def in_case(): ...
    with open(p) as h, lock:
        async def in_with(): ...
    for i in y:
        pass
    else:
        class InForElse: ...
    while True:
        if z:
            pass
        elif w:
            def in_elif(): ...
    g = lambda: [q for q in range(3)]
"""
    names = [name for name, _ in walk_defs(ast.parse(text))]
    assert names == [
        "A",
        "A.in_try",
        "A.in_handler",
        "A.in_else",
        "A.in_finally",
        "f",
        "f.in_case",
        "f.in_with",
        "f.InForElse",
        "f.in_elif",
    ]
