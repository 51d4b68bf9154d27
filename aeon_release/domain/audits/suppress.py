"""Inline suppressions: ``# aeon-audit: ignore[rule-id] reason``.

A suppression covers findings of the named rules on its own line, or on the next line when the
comment stands alone; in Python, when that line opens a statement written over several lines, every line
of it (a finding may sit on a name's own line of a parenthesised import, under a comment on its ``from``).  It needs a reason: without one it suppresses nothing and is itself a
warning, as is a suppression that matches no finding (stale suppressions hide the next real bug).
"""

from __future__ import annotations

import io
import tokenize
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.model import ALWAYS_BLOCKING, Finding, Severity
from aeon_release.domain.audits.source import python_lines

# RE2 (linear): a file of a million unclosed "ignore[" must not make the scan quadratic.
_SUPPRESSION = linear.compile_text(r"#\s*aeon-audit:\s*ignore\[([^\]]*)\][ \t]*(.*?)[ \t]*$")
PREFILTER = b"aeon-audit:"
TOKENIZE_MAX = 1024 * 1024  # tokenize is pure Python: a bigger file uses the (linear) text scan
UNUSED = "suppression/unused"
# (path, rule ids) -> True when every named rule looked at that file, so "unused" is the truth
Judge = Callable[[str, tuple[str, ...]], bool]
NO_REASON = "suppression/no-reason"
REFUSED = "suppression/refused"


def _never_suppressed(finding: Finding) -> bool:
    """The checks ``settings: severity`` cannot lower, no comment silences either: the engine's tree rules
    (``baseline/``) and the carries' markers.  ``# aeon-audit: ignore[baseline/py-compile] generated``
    above a SyntaxError, or one such comment above each conflict marker of a YAML file, passed the
    pull-request gate.  A rule file's own rules (``tree/py-compile``) stay its author's to suppress."""
    return finding.rule_id.startswith(ALWAYS_BLOCKING)


@dataclass(frozen=True)
class Suppression:
    line: int  # where the comment is
    target: int  # the line whose findings it covers
    rules: tuple[str, ...]
    reason: str
    last: int = 0  # the last line of the statement ``target`` opens, when it runs past ``target``

    def lines(self) -> range:
        return range(self.target, max(self.target, self.last) + 1)


def parse(text: str, path: str = "") -> list[Suppression]:
    """Suppressions in a file; in Python only real comments count (not the text of a string)."""
    if PREFILTER.decode() not in text:
        return []  # tokenizing is slow; almost no file has a suppression
    if path.endswith(".py") and len(text) <= TOKENIZE_MAX:
        tokens = _python_tokens(text)
        if tokens is not None:
            lines = [line.rstrip("\r\n") for line in python_lines(text)]  # tokenize's numbering
            comments, spans = _comments(tokens), _statement_spans(tokens)
            return [
                replace(s, last=spans.get(s.target, 0))
                for line, col, comment in comments
                for s in _from_comment(comment, line, not lines[line - 1][:col].strip())
            ]
    found = []
    counter = linear.LineCounter(text)
    previous = -1  # the start of the line of the previous match: a second one on a line is never alone
    for match in _SUPPRESSION.finditer(text):
        line, line_start = counter.line(match.start()), counter.line_start(match.start())
        alone = line_start != previous and not text[line_start : match.start()].strip()
        previous = line_start
        found += _from_comment(match.group(0), line, alone)
    return found


def _from_comment(comment: str, line: int, alone: bool) -> list[Suppression]:
    match = _SUPPRESSION.search(comment)
    if match is None:
        return []
    rules = tuple(r.strip() for r in match.group(1).split(",") if r.strip())
    return [Suppression(line, line + 1 if alone else line, rules, match.group(2).strip())]


def _python_tokens(text: str) -> list[tokenize.TokenInfo] | None:
    """Every token of a file; None when the file does not tokenize."""
    try:
        return list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return None


def _comments(tokens: list[tokenize.TokenInfo]) -> list[tuple[int, int, str]]:
    """(line, column, text) of every comment token."""
    return [(t.start[0], t.start[1], t.string) for t in tokens if t.type == tokenize.COMMENT]


_BETWEEN = frozenset({tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER})


def _statement_spans(tokens: list[tokenize.TokenInfo]) -> dict[int, int]:
    """First line -> last line of each logical line that runs over several (``from m import (`` to ``)``)."""
    spans: dict[int, int] = {}
    start = 0
    for tok in tokens:
        if tok.type in _BETWEEN:
            continue
        start = start or tok.start[0]
        if tok.type == tokenize.NEWLINE:
            if tok.start[0] > start:
                spans[start] = tok.start[0]
            start = 0
    return spans


def scan(data: bytes, path: str = "") -> list[Suppression]:
    if PREFILTER not in data:
        return []
    return parse(data.decode("utf-8", errors="replace"), path)


def apply(
    findings: Sequence[Finding],
    suppressions: Mapping[str, Iterable[Suppression]],
    judge: Judge = lambda path, rules: True,
) -> list[Finding]:
    """Mark suppressed findings and add a warning for each suppression without reason or use."""
    used: set[tuple[str, int]] = set()
    result = []
    refused: dict[tuple[str, int], set[str]] = {}
    by_place = _by_place(suppressions)
    for finding in findings:
        match = by_place.get((finding.path, finding.line, finding.rule_id))
        if match is not None and match.reason and _never_suppressed(finding):
            used.add((finding.path, match.line))
            refused.setdefault((finding.path, match.line), set()).add(finding.rule_id)
        elif match is not None and match.reason:
            used.add((finding.path, match.line))
            finding = replace(finding, suppressed=match.reason)
        elif match is not None:
            used.add((finding.path, match.line))
        result.append(finding)
    result.extend(_problems(suppressions, used, judge))
    result.extend(
        Finding(
            REFUSED,
            "suppression",
            Severity.WARNING,
            path,
            line,
            f"suppression of {', '.join(sorted(rules))} silences nothing: the engine's tree rules and the "
            "carries' markers take no suppression; fix the file",
        )
        for (path, line), rules in sorted(refused.items())
    )
    return result


def _by_place(suppressions: Mapping[str, Iterable[Suppression]]) -> dict[tuple[str, int, str], Suppression]:
    """(path, line, rule) -> the suppression covering it; a comment on the line itself wins over one on the
    first line of its statement (``name,  # aeon-audit: ignore[...]`` inside a parenthesised import)."""
    spans = {
        (path, line, rule): s
        for path, items in suppressions.items()
        for s in items
        for line in s.lines()
        for rule in s.rules
    }
    own = {(path, s.target, rule): s for path, items in suppressions.items() for s in items for rule in s.rules}
    return spans | own


def _problems(
    suppressions: Mapping[str, Iterable[Suppression]], used: set[tuple[str, int]], judge: Judge
) -> Iterable[Finding]:
    for path, items in suppressions.items():
        for s in items:
            names = ", ".join(s.rules) or "nothing"
            if not s.reason:
                yield Finding(
                    NO_REASON,
                    "suppression",
                    Severity.WARNING,
                    path,
                    s.line,
                    f"suppression of {names} has no reason, so it suppresses nothing: "
                    "write `# aeon-audit: ignore[rule-id] why it is safe`",
                )
            elif (path, s.line) not in used and judge(path, s.rules):
                yield Finding(
                    UNUSED,
                    "suppression",
                    Severity.WARNING,
                    path,
                    s.line,
                    f"suppression of {names} matches no finding: remove it",
                )
