"""A side's diff read as before (perf22, issue 12): a file's chunk parsed without splitting its changed lines
at a carriage return none of them holds, and ``Changes.matching`` over every file kept per pattern.  Both are
pure functions of the diff's text, compared here with the reading they replaced."""

from __future__ import annotations

import random
import re

from aeon_release.domain.audits.drift import sides
from aeon_release.domain.audits.drift.sides import Changes, FileChange


def _old_parse_file(chunk: str) -> FileChange:
    """The parse before this round, line for line."""
    current = FileChange()
    plus: list[str] = []
    minus: list[str] = []
    line = 0
    in_hunks = False
    for text in chunk.split("\n"):
        first = text[:1]
        if not in_hunks:
            in_hunks = first == "@" and sides._HUNK.match(text) is not None
            if not in_hunks:
                continue
        if first == "+":
            for piece in sides._INNER_CR.split(text[1:]):
                current.added[line] = piece
                plus.append(piece)
                line += 1
        elif first == "-":
            current.removed.extend(sides._INNER_CR.split(text[1:]))
            minus.extend(sides._INNER_CR.split(text[1:]))
        elif first == "@" and (match := sides._HUNK.match(text)) is not None:
            plus, minus = [], []
            line = int(match.group(3))
            current.hunks.append((int(match.group(1)), int(match.group(2) or 1), plus, minus, line))
    return current


_LINES = [
    "+x = 1",
    "+",
    "-y = 2",
    "-",
    " ctx",
    "\\ No newline at end of file",
    "@@ -3,2 +4 @@ def f():",
    "@@ -7 +9,3 @@",
    "@@ not a hunk",
    "+a\rb",
    "-c\rd\r",
    "+e\r",
    "--- a/m.py",
    "+++ b/m.py",
    "+\u2028\x0c",
]


def test_a_chunk_parses_as_before() -> None:
    rng = random.Random(22)
    for _ in range(5000):
        head = rng.choice(["diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n", "", "+++ b/m.py\n+early\n"])
        chunk = head + "\n".join(rng.choice(_LINES) for _ in range(rng.randint(0, 12)))
        if rng.random() < 0.5:
            chunk = chunk.replace("\r", "")
        assert sides._parse_file(chunk) == _old_parse_file(chunk), repr(chunk)


DIFF = (
    "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x: list[int]\n+x: int\n"
    "diff --git a/b.txt b/b.txt\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-x: list\n+y\n"
    "diff --git a/c.py b/c.py\n--- a/c.py\n+++ b/c.py\n@@ -1 +1 @@\n-z = 1\n+z = 2\n"
)


def test_matching_answers_as_a_fresh_search_each_time() -> None:
    changes = Changes(DIFF)
    pattern = re.compile(r"\n-x:")
    first = changes.matching(pattern, ".py")
    assert first == ["a.py"] and changes.matching(pattern) == ["a.py", "b.txt"]
    first.append("mutated by a caller")
    assert changes.matching(pattern, ".py") == ["a.py"]
    assert changes.matching(pattern, within=["b.txt", "gone.py"]) == ["b.txt"]
    assert changes.without(["a.py"]).matching(pattern, ".py") == []
    assert changes.matching(re.compile(r"\+z = 2"), ".py") == ["c.py"]
