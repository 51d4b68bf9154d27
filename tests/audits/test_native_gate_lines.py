"""Native guards read from the lines found over the whole text (``native_gates._guard_lines``) are the
guards read line by line, and the names' pattern (``_words``) finds what ``\\b(?:A|B)\\b`` found."""

from __future__ import annotations

import random
import re

import pytest

from aeon_release.domain.audits.drift import native_gates
from aeon_release.domain.audits.model import DeviceGates

DEVICE = DeviceGates((12, 1), native_arch=("__CUDA_ARCH__",), native_version=("version_num", "getSMVersion"))
NAMES = (*DEVICE.native_arch, *DEVICE.native_version)
PIECES = [
    "\n",
    " ",
    "if",
    "if (",
    "elif",
    "#if ",
    "#elif ",
    "#ifdef X",
    "return ",
    ";",
    "(",
    ")",
    "{",
    "}",
    "&&",
    "||",
    "!",
    ">= ",
    "== ",
    "< ",
    "120",
    "1200",
    "100",
    "version_num",
    "xversion_num",
    "version_num_",
    "__CUDA_ARCH__",
    "getSMVersion()",
    "defined(__CUDA_ARCH__)",
    "\\\n",
    "// (\n",
    "/* ) */",
    "x",
    "é",
    "\r\n",
    "\x0c",
    "\r",
    "\u2028",
]


def read(found: list[native_gates.Guard] | None) -> object:
    return None if found is None else [(g.kind, g.text, g.line, g.truth, g.sibling) for g in found]


def test_the_guards_are_those_read_line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(13)
    word = native_gates._words(NAMES)
    texts = ["".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 60))) for _ in range(3000)]
    ahead = [read(native_gates.guards(text, DEVICE, word)) for text in texts]
    monkeypatch.setattr(native_gates, "_guard_lines", lambda *_: None)
    assert [read(native_gates.guards(text, DEVICE, word)) for text in texts] == ahead
    assert sum(bool(found) for found in ahead) > 300  # guards were found, not only empty lists


def test_the_budget_is_spent_as_line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file past _MOST_LINES or _MOST_GUARDS is unread (None) at the same line either way, also when
    the last line read is the file's last (then nothing follows to stop at)."""
    monkeypatch.setattr(native_gates, "_MOST_LINES", 4)
    monkeypatch.setattr(native_gates, "_MOST_GUARDS", 2)
    word = native_gates._words(NAMES)
    texts = [
        "if (version_num >= 120) {}\n" * 3,
        "if (version_num >= 120) {}\n" * 3 + "x\n" * 5,
        "if (version_num\n  >= 120) {}\nx\n" * 2 + "return version_num >= 120;\n",
        "#if __CUDA_ARCH__ >= 1200 \\\n" * 6 + "x\n",
    ]
    ahead = [read(native_gates.guards(text, DEVICE, word)) for text in texts]
    monkeypatch.setattr(native_gates, "_guard_lines", lambda *_: None)
    assert [read(native_gates.guards(text, DEVICE, word)) for text in texts] == ahead
    assert None in ahead


@pytest.mark.parametrize("names", [NAMES, ("a",), ("ab", "a"), ("::x", "x::"), ("a.b",)])
def test_the_names_pattern_finds_what_the_bounded_alternation_found(names: tuple[str, ...]) -> None:
    rng = random.Random(2)
    old = re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\b")
    new = native_gates._words(names)
    pieces = [*names, "a", "b", ".", ":", "x", " ", "\n", "_", "é", "1"]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        assert (new.search(text) is None) is (old.search(text) is None), (names, text)


def test_a_text_of_hundreds_of_thousands_of_names_is_asked_line_by_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past _MOST_OFFSETS occurrences of ``if`` and the names, each line is asked (a loop over each
    occurrence was slower: 300,000 lines of a name took 1.4 s), and the guards are the same."""
    word = native_gates._words(NAMES)
    asked: list[object] = []
    original = native_gates._guard_lines
    monkeypatch.setattr(native_gates, "_guard_lines", lambda *a: asked.append(original(*a)) or asked[-1])
    text = "if (version_num >= 120 && version_num < 130 && version_num != 125) {}\n" * 2_600
    found = native_gates.guards(text, DEVICE, word)
    assert asked == [None] and found is not None and len(found) == 2_600
