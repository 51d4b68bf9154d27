"""Dropped limits: a fork comparison holding a number upstream dropped from a function's tests, where the fork
copies upstream's comparison word for word or says, in a comment, which function it mirrors.

#28755 (173b356abf) removed the TRTLLM attention kernel's ``max_seq_len <= 131072`` limit: in
``use_trtllm_attention`` ``use_trtllm = max_seq_len <= 131072 and kv_cache_dtype == "auto"`` became ``use_trtllm =
kv_cache_dtype == "auto"``.  A fork helper that predicts the kernel upstream picks, ``return "NHD" if
max_model_len > 131072 else "HND"`` under ``# above 128k use_trtllm_attention falls back to FlashInfer``, merges
cleanly and now predicts a fallback upstream no longer takes.  No retune (``drift/retuned_copies.py``: the same
comparison with another constant): the test is gone, so nothing on upstream's side pairs with the fork's copy but
the number and the function it sat in.

Upstream's side (cheap first): a hunk of a changed Python file whose removed lines compare a number (not ``0``,
``1``, ``2``) that none of its added lines holds, in a function (found at upstream by the hunk's place) that, as
merged, holds that number nowhere.  The fork's side, on a line it owns: a comparison holding the number that is
one of the removed comparisons word for word (``max_seq_len <= 131072``: names enough to tell a copy from a
coincidence, as for a retune), or any comparison holding it whose comment -- on its line or the comment line just
above -- names that function as a word.  A warning: the fork may keep the limit on purpose, but its copy no longer
agrees with what upstream computes.  Quiet: the number in a comparison whose comment names no such function, a
function that still holds the number, a limit retuned rather than dropped.
"""

from __future__ import annotations

import ast
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_NUMBER = lazy_pattern(r"(?<![\w.])\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])")
# one comparison of a name with a number, either way round, on a removed line
_NAMED_TEST = lazy_pattern(
    r"(?<![\w.])([A-Za-z_][\w.]*\s*(?:[<>]=?|[=!]=)\s*\d+(?:\.\d+)?|\d+(?:\.\d+)?\s*(?:[<>]=?|[=!]=)\s*[A-Za-z_][\w.]*)"
    r"(?![\w.(])"
)
_WORD = lazy_pattern(r"[A-Za-z_]\w{2,}")
_TEST_OP = lazy_pattern(r"[<>]|[=!]=")
_COMMON = frozenset({0.0, 1.0, 2.0})
_LONG_NAME = 10


@dataclass(frozen=True)
class Dropped:
    """In ``path``'s function ``func`` upstream dropped the tests ``tests`` of ``value`` (texts by ast.unparse)."""

    path: str
    func: str
    value: float
    literal: str  # as upstream wrote it, for the commit lookup
    tests: frozenset[str]


def dropped_limit_drift(trees: ThreeTrees, forked: dict[str, list[str]], pr_pattern: str) -> list[Finding]:
    """Fork comparisons holding a limit upstream dropped (see the module's docstring); ``forked``: the fork's added
    lines of each Python file."""
    wanted = {n for texts in forked.values() for n in _tied_numbers(texts)} - {"0", "1", "2"}
    if not wanted:
        return []
    every = "\n".join(t for texts in forked.values() for t in texts)
    words = _comment_words(forked, wanted)
    candidates = [c for c in _candidates(trees, wanted) if _tied(trees, c, every, words.get(c[1], set()))]
    items = [d for c in candidates if (d := _dropped(trees, *c)) is not None]
    findings: list[Finding] = []
    for path, texts in sorted(forked.items()):
        mine = [d for d in items if d.path != path and any(d.literal in t for t in texts)]
        module = trees.merged_module(path) if mine else None
        text = trees.merged_text(path) if module is not None else None
        if module is None or text is None:
            continue
        lines, owned = text.split("\n"), trees.owned_lines(path)
        for node in ast.walk(module):
            if isinstance(node, ast.Compare) and node.lineno in owned:
                item = _copied(node, mine, _comments(lines, node.lineno))
                if item is not None:
                    findings.append(_finding(trees, path, node, item, pr_pattern))
    return findings


def _candidates(trees: ThreeTrees, wanted: set[str]) -> Iterator[tuple[str, str, int, frozenset[str]]]:
    """(path, number, upstream's line of the hunk, the removed comparisons naming it) of each number a hunk's
    removed comparisons hold and its added lines do not, of the numbers ``wanted`` (the fork compares)."""
    numbers = re.compile(rf"(?<![\w.])(?:{'|'.join(sorted(re.escape(w) for w in wanted))})(?![\w.])")
    for path in trees.upstream:
        # the removed lines the retuned copies' scan parsed, not the file's whole diff
        change = trees.upstream[path] if path.endswith(".py") else None
        if change is None or not _removed_test(change.removed, numbers, wanted):
            continue
        for _start, _count, added, removed, new in change.hunks:
            tested = [r for r in removed if _NAMED_TEST.search(r)]
            if not tested:
                continue
            kept = {m.group() for a in added for m in _NUMBER.finditer(a)}
            for number in {m.group() for r in tested for m in _NUMBER.finditer(r)} - kept:
                if number in wanted and float(number) not in _COMMON:
                    tests = frozenset(_unparsed(t) for r in tested for t in _NAMED_TEST.findall(r) if number in t)
                    yield path, number, new, frozenset(t for t in tests if t)


def _tied_numbers(texts: list[str]) -> Iterator[str]:
    """The numbers of the fork's added comparison lines that may copy a drop: beside a comment (on the line, or
    the added line above), or in a comparison of a specific name (a word-for-word copy)."""
    for above, line in itertools.pairwise(["", *texts]):
        if not _TEST_OP.search(line):
            continue
        commented = "#" in line or above.lstrip().startswith("#")
        named = [
            t
            for t in _NAMED_TEST.findall(line)
            if "." in t or any(len(w) >= _LONG_NAME for w in re.findall(r"[A-Za-z_]\w*", t))
        ]
        found = _NUMBER.findall(line) if commented else [n for t in named for n in _NUMBER.findall(t)]
        yield from found


def _removed_test(removed: list[str], numbers: re.Pattern[str], wanted: set[str]) -> bool:
    """One of the removed lines holds a wanted number and a comparison: a substring search, then the number's
    lines alone (perf46: the number regex over each file's whole diff, its ``index`` and ``@@`` lines too, was
    11 of the check's 11.3 ms of CPU at drift_speed's 150 commits, where the fork compares with ``7``)."""
    text = "\n".join(removed)
    if not any(w in text for w in wanted):
        return False
    for match in numbers.finditer(text):
        start = text.rfind("\n", 0, match.start()) + 1
        end = text.find("\n", match.end())
        if _TEST_OP.search(text, start, end if end >= 0 else len(text)):
            return True
    return False


def _tied(trees: ThreeTrees, candidate: tuple[str, str, int, frozenset[str]], every: str, words: set[str]) -> bool:
    """A fork line may copy the drop: it holds one of the removed tests' texts, or a comment beside the number names
    a def of upstream's file (read as text: nothing is parsed unless so)."""
    if any(t in every for t in candidate[3]):
        return True
    text = trees.merged_text(candidate[0]) or "" if words else ""
    return any(f"def {w}(" in text for w in words)


def _comment_words(forked: dict[str, list[str]], wanted: set[str]) -> dict[str, set[str]]:
    """number -> the words of the comments beside the fork's comparison lines holding it."""
    found: dict[str, set[str]] = {}
    for texts in forked.values():
        for above, line in itertools.pairwise(["", *texts]):
            comment = line.partition("#")[2] + (" " + above if above.lstrip().startswith("#") else "")
            if comment.strip() and _TEST_OP.search(line.partition("#")[0]):
                for number in set(_NUMBER.findall(line.partition("#")[0])) & wanted:
                    found.setdefault(number, set()).update(_WORD.findall(comment))
    return found


def _unparsed(text: str) -> str:
    try:
        return ast.unparse(ast.parse(text.strip(), mode="eval").body)
    except SyntaxError:
        return ""


def _dropped(trees: ThreeTrees, path: str, number: str, line: int, tests: frozenset[str]) -> Dropped | None:
    """The drop, when upstream's function holding the hunk (in the merged file) holds the number nowhere."""
    merged = trees.merged_module(path)
    if path in trees.mine:  # the fork changed upstream's file too: the hunk's line, in the merged file
        line = trees.to_merged(trees.theirs, path).get(line, line)
    func = _function_at(merged, max(line, 1)) if merged is not None else None
    if func is None:
        return None
    value = float(number)
    if any(_is_number(n, value) for n in ast.walk(func)):
        return None
    return Dropped(path, func.name, value, number, tests)


def _function_at(module: ast.Module, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The innermost function whose lines hold ``line``."""
    found = None
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            end = node.end_lineno or node.lineno
            if node.lineno <= line <= end and (found is None or node.lineno > found.lineno):
                found = node
    return found


def _is_number(node: ast.AST, value: float) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
        and float(node.value) == value
    )


def _copied(node: ast.Compare, items: list[Dropped], comment: str) -> Dropped | None:
    """The drop the comparison copies: upstream's removed test word for word, or one holding its number whose
    comment names upstream's function."""
    text = ast.unparse(node)
    for item in items:
        if not any(_is_number(n, item.value) for n in ast.walk(node)):
            continue
        if text in item.tests and _specific(node):
            return item
        if comment and re.search(rf"\b{re.escape(item.func)}\b", comment):
            return item
    return None


def _specific(node: ast.Compare) -> bool:
    names = {
        n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node) if isinstance(n, ast.Name | ast.Attribute)
    }
    return len(names) >= 2 or any(len(n) >= _LONG_NAME for n in names)


def _comments(lines: list[str], line: int) -> str:
    """The comment on ``line`` (1-based) and the comment line just above it."""
    own = lines[line - 1] if line <= len(lines) else ""
    above = lines[line - 2].strip() if line >= 2 else ""
    return own.partition("#")[2] + (" " + above if above.startswith("#") else "")


def _finding(trees: ThreeTrees, path: str, node: ast.Compare, item: Dropped, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"(^|[^0-9.]){re.escape(item.literal)}([^0-9.]|$)", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        node.lineno,
        f"fork comparison `{ast.unparse(node)}` holds the limit {item.literal} that upstream dropped from "
        f"`{item.func}` ({item.path}{commit}): the copy no longer agrees with what upstream computes; drop it, "
        "or say why the fork keeps it",
    )
