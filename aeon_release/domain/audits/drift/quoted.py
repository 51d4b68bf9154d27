"""What a line of upstream's code says in a string or a comment: text, never a read of a name.

A member upstream removed from a class whose ``__getattr__`` makes names up is only judged gone when
upstream's own code no longer reads it off an object (``_made_up`` in symbols.py).  That question is asked
of lines found by word, and a word is also found in a string: #44825 removed ``CpuPlatform.mem_get_info``
and added a pre-commit rule whose regex forbids ``r"\\bcurrent_platform\\.mem_get_info\\(\\)\\b"``.  The
rule's line names the method to forbid it; counting it as a read kept the fork's
``CpuPlatform.mem_get_info()`` quiet.

``code_only`` blanks each plain string and comment of one line, so a reader that looks for ``x.name`` on it
sees code alone.  An f-string stays: its braces hold expressions, which may read the name.  A line inside a
string that opened on an earlier line is not known to be one: it stays whole (a read, the quiet answer).
Linear in the line's length: one pass, no regex.
"""

from __future__ import annotations

from collections.abc import Callable

_QUOTES = "\"'"


def in_code(test: Callable[[str, str], bool]) -> Callable[[str, str], bool]:
    """``test(line, name)`` (a read or a call of ``x.name`` on the line) asked of the line's code alone."""
    return lambda line, name: name in line and test(code_only(line), name)


def code_only(line: str) -> str:
    """``line`` with every non-f string literal and the comment that closes it replaced by spaces."""
    if "#" not in line and "'" not in line and '"' not in line:
        return line
    out = list(line)
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch == "#":
            out[i:] = " " * (n - i)
            break
        if ch not in _QUOTES:
            i += 1
            continue
        end = _string_end(line, i)
        if "f" not in _prefix(line, i).lower():
            out[i:end] = " " * (end - i)
        i = end
    return "".join(out)


def _string_end(line: str, start: int) -> int:
    """The index past the string opening at ``start`` (the line's end when it does not close there)."""
    quote = line[start] * 3 if line.startswith(line[start] * 3, start) else line[start]
    i, n = start + len(quote), len(line)
    while i < n and not line.startswith(quote, i):
        i += 2 if line[i] == "\\" else 1
    return min(i + len(quote), n)


def _prefix(line: str, quote: int) -> str:
    """The letters right before a string's opening quote: its prefix (``r``, ``b``, ``f``, ``rb``...)."""
    start = quote
    while start > 0 and quote - start < 2 and line[start - 1].isalpha():
        start -= 1
    return line[start:quote]
