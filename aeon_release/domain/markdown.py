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
