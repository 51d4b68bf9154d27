from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from aeon_release.adapters.yamlio import Where
from aeon_release.domain.audits import linear
from aeon_release.domain.audits.kinds.base import Context, Example
from aeon_release.domain.audits.model import Finding, Rule, Scope

# Built from pieces so that this file never looks like a conflict itself.
_OURS, _BASE, _SEP, _THEIRS = "<" * 7, "|" * 7, "=" * 7, ">" * 7
# a BOM hides nothing, and neither does a lone CR ending the line before (YAML, C++ and Python end a line there)
_MARKER = re.compile(rb"(?:^|(?<=\r))(?:\xef\xbb\xbf)?(<{7}|\|{7}|={7}|>{7})(?=[ \r\n]|$)", re.M)
_PREFILTER = (_OURS.encode(), _THEIRS.encode(), _BASE.encode())


class ConflictMarkers:
    """No merge conflict markers in any text file, Python or not (with file and line).

    ``<<<<<<<``, ``|||||||`` and ``>>>>>>>`` at the start of a line are findings; ``=======`` only
    between an opening and a closing marker (reStructuredText underlines it too).  Binary files
    (a NUL byte in the first 8 KiB) are skipped.
    """

    name: str = "conflict-markers"
    scope: Scope = Scope.FILE
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    default_paths: tuple[str, ...] | None = ("**",)
    _conflict = f"model: qwen3\n{_OURS} HEAD\nport: 8000\n{_SEP}\nport: 8001\n{_THEIRS} upstream\n"
    valid: tuple[Example, ...] = (
        Example({"serve.yaml": "model: qwen3\nport: 8000\n", "README.rst": "Title\n=======\n"}, {}),
    )
    invalid: tuple[Example, ...] = (
        Example({"serve.yaml": _conflict}, {}, (("serve.yaml", 2), ("serve.yaml", 4), ("serve.yaml", 6))),
        Example(
            {"a.py": f"x = 1\n{_OURS} ours\ny = 2\n{_BASE} base\ny = 1\n{_SEP}\ny = 3\n{_THEIRS} theirs\n"},
            {},
            (("a.py", 2), ("a.py", 4), ("a.py", 6), ("a.py", 8)),
        ),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> None:
        return None

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        return iter(())  # bulk kind: the runner calls scan() on every file

    def scan(self, path: str, data: bytes, options: Any) -> list[tuple[int, str]]:
        if not any(p in data for p in _PREFILTER) or b"\0" in data[:8192]:
            return []
        found = []
        inside = False
        for line, match in linear.lines_of(_MARKER.finditer(data), data):  # one pass: grep speed
            marker = match.group(1)[:1]
            if marker == b"=" and not inside:
                continue
            inside = marker in (b"<", b"|", b"=")
            found.append((line, f"conflict marker {match.group(1).decode()}"))
        return found
