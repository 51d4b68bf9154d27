"""Regular expressions in linear time (RE2) for every pattern that runs over files anyone can write.

Python's ``re`` backtracks: ``(?s)\\.get\\(...\\).*\\blayer_types\\b`` over a 208 KB function took 29 s,
and a longer file takes as long as the attacker likes.  RE2 guarantees time linear in the text.
It lacks look-around and back-references; a rule that uses them is refused when it is loaded,
never run with a backtracking engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import re2

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False  # RE2 would print parse errors to stderr itself
_OPTIONS.max_mem = 64 << 20  # a pattern that needs more (a{1000}{1000}) is refused, not built


class Unsupported(ValueError):
    """The pattern is not valid RE2 syntax (look-around, back-references, possessive, ...)."""


def compile_text(source: str, *, multiline: bool = True) -> Any:
    """A compiled RE2 pattern over ``str``; ``^``/``$`` match at line boundaries by default."""
    return _compile(("(?m)" if multiline else "") + source)


def compile_subject(source: str) -> Any:
    """How upstream's commit subjects name their PR (fleet.yaml's ``upstream.pr_subject``): on RE2 too,
    since a config is text a pull request can change and ``(.*)*`` held a merge for good on ``re``."""
    return Subjects(compile_text(source, multiline=False))


class Subjects:
    """A subject pattern whose ``search`` takes any subject git gives: one whose bytes are not UTF-8 (a commit
    written with no encoding header, decoded with surrogateescape) crashed the merge plan's PR index with
    UnicodeEncodeError, a traceback out of ``merge`` for one upstream commit in the range."""

    def __init__(self, compiled: Any) -> None:
        self._compiled = compiled
        self.pattern: str = compiled.pattern
        self.groups: int = compiled.groups

    def search(self, text: str) -> Any:
        return self._compiled.search(encodable(text))

    def finditer(self, text: str) -> Iterator[Any]:
        return iter(self._compiled.finditer(encodable(text)))


# Texts holding every place a pattern of no width can match: the start and end of a text, of a line (after
# one), either side of a word (``\b``) and between two non-word characters or in nothing (``\B``).
_EMPTY_PROBES = ("", "\n", "a", " ", "a b\n", "a\nb", "_0", "\t#x\n")


def matches_empty(regex: Any) -> bool:
    """Whether a compiled pattern matches the empty string somewhere (``x*``, ``foo|``, ``^``, ``\b``,
    ``(a)?``): such a rule regex is a finding on every line (``expect: absent``) or passes every file
    (``expect: present``), and a subject pattern reads every commit as naming a PR, so it is refused
    when it loads.  A match of no width needs a place the pattern's assertions hold, and the probes hold
    each kind of place; a pattern that needs at least one character never matches in them with no width."""
    return any(match.start() == match.end() for probe in _EMPTY_PROBES for match in regex.finditer(probe))


EMPTY_HINT = "make it need at least one character (`x+`, not `x*`; no empty alternative; not an anchor alone)"


def compile_bytes(source: bytes, *, multiline: bool = True) -> Any:
    return _compile((b"(?m)" if multiline else b"") + source)


def _compile(source: str | bytes) -> Any:
    try:
        return re2.compile(source, _OPTIONS)
    except re2.error as exc:
        reason = exc.args[0] if exc.args else exc
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise Unsupported(str(reason)) from None


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def encodable(text: str) -> str:
    """``text`` as RE2 can take it: RE2 searches UTF-8, and a text read with ``surrogateescape`` (a diff
    line whose bytes are not UTF-8: git's output is decoded so) holds lone surrogates, which the binding
    cannot encode (UnicodeEncodeError: a traceback out of the merge-aware checks).  Each becomes U+FFFD,
    one character for one: offsets, and so line numbers, stay."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _LONE_SURROGATE.sub("\ufffd", text)
    return text


class Alternation:
    """``template`` with ``{}`` standing for an alternation of many literal words (the names a fork reads,
    the keys it registers), in chunks: one RE2 pattern of 100,000 words needs more memory than a
    pattern may take, and RE2's default options printed a line to stderr for every text its
    automaton ran out of memory on (thousands in one merge, in the middle of the report)."""

    _CHUNK = 5000

    def __init__(self, template: str, words: Iterable[str]) -> None:
        every = sorted(set(words))
        self._patterns = [
            re2.compile(template.replace("{}", "|".join(map(re2.escape, every[i : i + self._CHUNK]))), _OPTIONS)
            for i in range(0, len(every), self._CHUNK)
        ]

    def search(self, text: str) -> bool:
        text = encodable(text)
        return any(pattern.search(text) for pattern in self._patterns)

    def findall(self, text: str) -> list[Any]:
        """Every chunk's matches (a text matched by two chunks' words is listed by each)."""
        text = encodable(text)
        return [found for pattern in self._patterns for found in pattern.findall(text)]


class Scan:
    """One of the tool's own patterns that scans text anyone can write (``findall``, ``sub``), on RE2: on
    ``re``, a literal start followed by an open-ended part backtracks to the line's end from every start,
    so one line of ``setattr(`` repeated 50,000 times (a string literal of the fork's, 400 KB) held a
    merge audit past 90 s.  No look-around (RE2 has none); ``\\w`` and ``\\b`` are ASCII, as names are."""

    def __init__(self, source: str) -> None:
        self._pattern = compile_text(source, multiline=False)

    def findall(self, text: str) -> list[Any]:
        return list(self._pattern.findall(encodable(text)))

    def search(self, text: str) -> Any:
        """The first match in ``text``, or None (a line filter's test)."""
        return self._pattern.search(encodable(text))

    def sub(self, replacement: str, text: str) -> str:
        return str(self._pattern.sub(replacement, encodable(text)))


class LineCounter:
    """Line numbers (and line starts) of increasing offsets in one text, in one pass overall.

    Counting newlines from the start of the text for every match made a 16 MB file with 48,000
    conflict markers take two minutes.
    """

    def __init__(self, text: str | bytes, first: int = 1) -> None:
        self._text = text
        self._newline: Any = "\n" if isinstance(text, str) else b"\n"
        self._first = first
        self._offset = 0
        self._line = first
        self._start = 0  # where the line holding ``_offset`` starts

    def line(self, offset: int) -> int:
        if offset < self._offset:  # out of order (never for finditer): count afresh
            self._offset, self._line, self._start = 0, self._first, 0
        count = self._text.count(self._newline, self._offset, offset)
        if count:
            self._line += count
            self._start = self._text.rfind(self._newline, self._offset, offset) + 1
        self._offset = offset
        return self._line

    def line_start(self, offset: int) -> int:
        """The offset where the line holding ``offset`` starts."""
        self.line(offset)
        return self._start


def lines_of(matches: Iterator[Any], text: str | bytes, first: int = 1) -> Iterator[tuple[int, Any]]:
    counter = LineCounter(text, first)
    for match in matches:
        yield counter.line(match.start()), match
