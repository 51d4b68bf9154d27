"""``source._blocks`` (a function's text parsed alone, ``SourceCache.functions`` and enum drift's class
blocks) splits only the blocks it parses, not the whole text: the same statements, at the same line
numbers, as the whole-text split it replaced, on every kind of line end Python's tokenizer counts."""

from __future__ import annotations

import ast
import bisect
import itertools
import random

import pytest

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.source import _blocks, _function_blocks, parse_module, python_lines

_HEADER = r"^([ \t]*)(?:async[ \t]+)?def[ \t]+f(?:[^\pL\pN_]|$)"


def _whole_split(text: str, header: str) -> list[ast.stmt] | None:
    """The implementation before perf19: the whole text split into lines at its first header."""
    found: list[ast.stmt] = []
    lines: list[str] = []
    ends: list[int] = []
    covered = 0
    for match in linear.compile_text(header).finditer(text):
        if not ends:
            pieces = python_lines(text)
            lines = [line.rstrip("\r\n") for line in pieces]
            ends = list(itertools.accumulate(len(line) for line in pieces))
        start = bisect.bisect_right(ends, match.start())
        if start < covered:
            continue
        indent = len(match.group(1))
        end = start + 1
        while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent):
            end += 1
        module = parse_module("\n".join(line[indent:] for line in lines[start:end]), "<block>")
        if isinstance(module, SyntaxError):
            return None
        ast.increment_lineno(module, start)
        found += module.body
        covered = end
    return found


def _dump(nodes: list[ast.stmt] | None) -> list[str] | None:
    return None if nodes is None else [ast.dump(n, include_attributes=True) for n in nodes]


_PIECES = (
    "def f():\n",
    "def f(x):\r\n",
    "def f():\r",
    "    def f():\n",
    "class C:\n",
    "    return 1\n",
    "        y = 2\r\n",
    "    z = 3\r",
    "x = 1\n",
    "\n",
    "\r\n",
    "\r",
    "    \n",
    "# a\x0ccomment\n",
    "s = '\u2028'\n",
    "    t = '''\n",
    "'''\n",
    "async def f():\n",
    "def fx():\n",
    "    pass",
)


@pytest.mark.parametrize("seed", range(4))
def test_the_same_blocks_as_the_whole_split(seed: int) -> None:
    rng = random.Random(seed)
    differ = []
    for _ in range(400):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 14)))
        if _dump(_blocks(text, _HEADER)) != _dump(_whole_split(text, _HEADER)):
            differ.append(text)
    assert differ == []


def test_line_numbers_after_every_kind_of_line_end() -> None:
    text = "x = 1\r\ny = 2\rz = '\x0c\u2028'\n\nclass C:\r\n    def f(self):\r\n        return 1\r\n\r\n    w = 4\r\n"
    (found,) = _function_blocks(text, "f") or []
    assert (found.lineno, found.end_lineno) == (6, 7)
    assert _dump(_blocks(text, _HEADER)) == _dump(_whole_split(text, _HEADER))


def test_a_block_that_does_not_parse_alone_is_none() -> None:
    text = "def f():\n    return '''\nx\n'''\n"  # the string leaves the block at its column-0 line
    assert _whole_split(text, _HEADER) is None and _blocks(text, _HEADER) is None


def test_a_nested_namesake_is_part_of_its_block() -> None:
    text = "def f():\n    def f():\n        return 2\n    return f\n\n\ndef f():\n    pass\n"
    found = _function_blocks(text, "f") or []
    assert [(n.lineno, n.end_lineno) for n in found] == [(1, 4), (2, 3), (7, 8)]


@pytest.mark.parametrize("before", [0, 3, 40, 4000])
def test_a_block_numbered_by_blank_lines_or_shifted_is_numbered_alike(before: int) -> None:
    """A block is numbered by blank lines before it, or shifted when it is small and far down its module
    (the blank lines would cost more): either way as the whole-text split numbered it."""
    text = "x = 1\r\n" * before + "def f(a,\n      b):\n    return (a\r\n            + b)\n\n\nclass f:\n    pass\n"
    header = r"^([ \t]*)(?:def|class)[ \t]+f\b"
    assert _dump(_blocks(text, header)) == _dump(_whole_split(text, header))
    assert [(n.lineno, n.end_lineno) for n in _blocks(text, header) or []] == [
        (before + 1, before + 4),
        (before + 7, before + 8),
    ]
