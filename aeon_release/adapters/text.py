"""Data shown to people: never raw control characters, never bytes that are not text."""
from __future__ import annotations

import re

# Control characters (C0, DEL, C1, the Unicode line and bidi controls) in a file name or message
# must not reach a terminal, a Markdown table or an XML file raw: an ESC can rewrite the terminal,
# a newline forges a row, and XML 1.0 forbids most of them outright.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str) -> str:
    """``text`` with control characters as ``\\n``/``\\xNN`` escapes and undecodable bytes as ``\\xNN``."""
    return _CONTROL.sub(_escape_char, text)


def _escape_char(match: re.Match[str]) -> str:
    char = match.group(0)
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char)
    if named:
        return named
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (os.fsdecode's surrogate escape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
