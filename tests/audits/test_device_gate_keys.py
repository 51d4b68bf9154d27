"""A module's holders found by ``str.find`` (``device_gates._Keys``, ``_line_binds``) give what their
compiled patterns gave: the same matches of the keys, the same bindings counted at a line's start."""

from __future__ import annotations

import random
import re
import time
from collections import Counter

import pytest

from aeon_release.domain.audits.drift import device_gates
from aeon_release.domain.audits.drift.device_gates import _bind_counts, _Keys, _pattern_of, _words

# the pattern _bind_counts compiled of the names' pattern before _line_binds (the reference)
_BIND_OF = r"\n[ \t]*((?:{}))[ \t]*(?::[^=\n]+)?(?:[-+*/%&|^@]|//|\*\*|>>|<<)?=(?!=)"
_GLOBALS = re.compile(r"\n[ \t]*(?:global|nonlocal)[ \t]+([\w, \t]+)")


def spans(matches: object) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in matches]  # type: ignore[attr-defined]


def compiled_binds(text: str, names: list[str]) -> Counter[str]:
    binds: Counter[str] = Counter()
    if names:
        for found in re.finditer(_BIND_OF.format(_pattern_of(names).pattern), "\n" + text):
            binds[found.group(1)] += 1
        for found in _GLOBALS.finditer("\n" + text) if "global" in text or "nonlocal" in text else ():
            for name in found.group(1).split(","):
                binds[name.strip()] += 2
    return binds


KEYS = (["cap"], ["cap", "cap()"], ["self.cap", "cap", "self"], ["f()", "f", "ff"], ["_IS_SM100", "is_sm", "x"])
PIECES = [
    "cap",
    "self",
    ".",
    "cap(",
    "f",
    "ff(",
    "(",
    " ",
    "\t",
    "\n",
    "=",
    " = ",
    ": int = ",
    "+=",
    "==",
    "x",
    "é",
    "_IS_SM100",
    "is_sm",
    "global x, cap",
    "\r\n",
]


@pytest.mark.parametrize("keys", KEYS)
def test_the_keys_matches_are_the_patterns(keys: list[str]) -> None:
    """Random texts of the keys' pieces (a key inside a name, after a dot, before ``(``, side by side,
    two keys at one offset): the same spans as the compiled pattern's ``finditer``, the same first match."""
    rng = random.Random(11)
    found = _Keys(keys)
    pattern = _pattern_of(keys)
    for _ in range(1500):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 40)))
        assert spans(found.finditer(text)) == spans(pattern.finditer(text)), (keys, text)
        first, expected = found.search(text), pattern.search(text)
        assert (first is None) is (expected is None) and (first is None or first.start() == expected.start()), text


@pytest.mark.parametrize("keys", KEYS)
def test_the_bindings_counted_are_the_patterns(keys: list[str]) -> None:
    rng = random.Random(5)
    names = [k for k in keys if not k.endswith("()")] * 2  # a name listed twice counts once a line
    for _ in range(1500):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 40)))
        assert _bind_counts(text, names) == compiled_binds(text, names), (names, text)


def test_past_the_most_finds_the_pattern_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key read more often than _MOST_FINDS times is left to the compiled pattern: the same matches."""
    monkeypatch.setattr(device_gates, "_MOST_FINDS", 3)
    text = "x = 1\nx(x)\n.x y.x x_ xx x\n"
    assert (
        spans(_Keys(["x"]).finditer(text))
        == spans(_pattern_of(["x"]).finditer(text))
        == [(0, 1), (6, 7), (8, 9), (24, 25)]
    )


def test_keys_not_of_a_names_characters_use_the_pattern() -> None:
    """A key of other characters (none reaches here today) and an empty one: the compiled pattern answers."""
    for keys in (["a b"], ["()"], ["a-b", "a"]):
        text = "a b a-b () a\n"
        assert spans(_Keys(keys).finditer(text)) == spans(_pattern_of(keys).finditer(text))
    assert _words([]) is None


def test_a_long_line_of_blanks_is_measured_once() -> None:
    """A line of 200,000 blanks and then 50,000 names: each occurrence's line is found looking back to
    the last one, its blanks measured once (not once an occurrence: minutes)."""
    text = " " * 200_000 + "cap = 1 " + "cap " * 50_000 + "\ncap = 2\n"
    assert _bind_counts(text, ["cap"]) == Counter({"cap": 2})


# the line-anchored pattern _compares_capability stands for (the reference)
_LINE_COMPARE = re.compile(
    r"\n[-+][^\n]*(?:(?:[<>]=?|[=!]=|\bin)\s*[(\[]\s*\d+\s*,\s*\d|(?:[<>]=?|[=!]=)\s*\d{2,3}\b"
    r"|\.(?:major|minor)\b|\bto_int\(|\[[01]\]\s*(?:[<>]=?|[=!]=))"
)
DIFF_PIECES = [
    "\n",
    "+",
    "-",
    " ",
    "\t",
    "x",
    "in",
    "min",
    " in ",
    "(",
    "[",
    "12",
    "0",
    ", ",
    ",",
    "1",
    "<",
    ">=",
    "==",
    "!=",
    "=",
    ".major",
    ".minor",
    "major",
    "to_int(",
    "xto_int(",
    "[0]",
    "[1]",
    "[2]",
    "@@ -1 +1 @@",
    "é",
]


def test_a_changed_lines_comparison_is_the_line_patterns() -> None:
    """Random diffs of the comparisons' pieces (across lines, on a context or header line, after a name):
    _compares_capability answers as the line-anchored pattern."""
    rng = random.Random(3)
    seen = set()
    for _ in range(20_000):
        diff = "".join(rng.choice(DIFF_PIECES) for _ in range(rng.randrange(0, 24)))
        expected = _LINE_COMPARE.search(diff) is not None
        assert device_gates._compares_capability(diff) is expected, diff
        seen.add(expected)
    assert seen == {True, False}


@pytest.mark.parametrize("keys", KEYS)
def test_bindings_past_the_most_finds_are_the_patterns(keys: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Past _MOST_FINDS occurrences of a name its bindings are counted by the compiled pattern: the same."""
    monkeypatch.setattr(device_gates, "_MOST_FINDS", 2)
    rng = random.Random(8)
    names = [k for k in keys if not k.endswith("()")]
    for _ in range(500):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 40)))
        assert _bind_counts(text, names) == compiled_binds(text, names), (names, text)


@pytest.mark.parametrize(
    "text",
    [
        "x = {90, 100}\n" + "x " * 2_000_000 + "\n",  # two million reads on one line
        "x = {90, 100}\n" + " x\n" * 1_500_000,  # a million and a half lines that start with the name
        "x = {90, 100}\n" + "x(x, x)\n" * 600_000,
    ],
)
def test_a_name_read_millions_of_times_is_counted_in_bounded_time(text: str) -> None:
    """A loop in Python over each occurrence took 5-7 s on these (past _MOST_FINDS, the compiled patterns:
    0.02-0.5 s)."""
    started = time.process_time()
    _bind_counts(text, ["x"])
    _Keys(["x"]).search(text)
    assert time.process_time() - started < 2.0


_NAME_PIECES = [
    "self",
    ".",
    "self.",
    "x",
    "_y2",
    "é",
    "2",
    " ",
    "\t",
    "(",
    ")",
    "=",
    "+",
    "-",
    "#",
    "'",
    "\f",
    "\u2028",
]


def test_the_names_of_changed_lines_joined_are_each_lines_names() -> None:
    """Random changed lines (as ``str.splitlines`` gives them: no line end inside) of names, dots and ``self.``:
    _may_read_held's one search of the lines joined finds what a search of each line found."""
    rng = random.Random(5)
    sizes = set()
    for _ in range(5_000):
        diff = "\n".join(
            "".join(rng.choice(_NAME_PIECES) for _ in range(rng.randrange(0, 12))) for _ in range(rng.randrange(0, 8))
        )
        lines = diff.splitlines()
        each = {name for line in lines for name in device_gates._NAMED.findall(line)}
        assert device_gates._names_read(lines) == each, lines
        sizes.add(min(len(each), 2))
    assert sizes == {0, 1, 2}
