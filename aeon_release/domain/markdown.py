"""Markdown that a value cannot break out of: the audit's report and the release notes both write
names from the tree, the ledger and the run record into table cells."""

from __future__ import annotations

import re

from aeon_release.errors import printable


def code_span(text: str, cell: bool = True) -> str:
    """``text`` as a code span: a backtick in it cannot close the span (CommonMark: a longer fence),
    and in a table ``cell`` a ``|`` cannot end the cell (GFM splits cells on a pipe inside a span too)."""
    text = printable(text)
    if cell:
        text = text.replace("|", "\\|")
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def code_block(text: str, info: str = "") -> str:
    """``text`` as a fenced code block of one line: a newline in it cannot end the block and start Markdown of
    its own (it is shown escaped, as every name is), nor a run of backticks close the fence (a longer one)."""
    text = printable(text)
    fence = "`" * max(3, max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    return f"{fence}{info}\n{text}\n{fence}"


# What of CommonMark's inline syntax text from a tree or a record could use to be more than text: a link
# or an image (``[Approve](https://...)``, ``![x](https://tracker)``), a code span; shown as the characters
# they are, and so is a backslash that would undo such an escape (one before punctuation; one before a
# letter, as in ``\x1b``, the escape of an ESC, is a backslash already and stays).  HTML as entities.
# Emphasis stays: an underscore inside a name (``is_valid_ctx``) is no emphasis, and escaping every one
# made the raw Markdown of every release body unreadable.
_INLINE = str.maketrans({c: "\\" + c for c in "`[]|"} | {"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ESCAPING = re.compile(r"\\(?=[!-/:-@\[-`{-~])")  # a backslash before ASCII punctuation escapes it


def text(value: str) -> str:
    """``value`` as plain text in a table cell: no raw control characters, no cell break, no HTML, and no
    link or image made of what it quotes (a finding quotes the code it found)."""
    return _ESCAPING.sub(r"\\\\", printable(value)).translate(_INLINE)
