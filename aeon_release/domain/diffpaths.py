"""The file a patch's ``---``/``+++`` header names, as git stores the name.

git writes a name that holds a byte outside printable ASCII, a ``"``, a backslash or a control character
C-quoted (``core.quotePath``, on by default: ``"b/caf\\303\\251.py"``), and puts a tab after a name with a
space in it (for GNU patch).  Every reader of a patch's headers goes through here: one that took
``+++ b/`` literally read no line of a carry's file named ``café.py``, and ``init`` called its commit a
revert.
"""

from __future__ import annotations

import os

_C_ESCAPES = {"a": 7, "b": 8, "t": 9, "n": 10, "v": 11, "f": 12, "r": 13, '"': 34, "\\": 92}


def header_path(text: str, prefix: str = "b/") -> str | None:
    """The path of a header's name (the text after ``+++ `` or ``--- ``) whose side is ``prefix``
    (``b/`` or ``a/``); None for ``/dev/null`` or a name of the other side."""
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        text = unquote_c(text[1:-1])
    else:  # a name git left unquoted holds no tab: one ends it (git's after a name with a space, for GNU
        text = text.split("\t", 1)[0]  # patch; GNU diff's before a date)
    return text[len(prefix) :] if text.startswith(prefix) else None


def unquote_c(body: str) -> str:
    """Undo git's quote_c_style: octal bytes and C escapes back to the file name git stores."""
    raw = bytearray()
    i = 0
    while i < len(body):
        char = body[i]
        if char != "\\" or i + 1 >= len(body):
            raw += char.encode("utf-8", "surrogateescape")
            i += 1
        elif body[i + 1] in "01234567":
            raw.append(int(body[i + 1 : i + 4], 8) & 0xFF)
            i += 4
        else:
            raw.append(_C_ESCAPES.get(body[i + 1], ord(body[i + 1])))
            i += 2
    return os.fsdecode(bytes(raw))
