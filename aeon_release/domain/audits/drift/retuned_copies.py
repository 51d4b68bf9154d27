"""Retuned copies: a fork line repeats an upstream comparison whose numeric constant upstream retuned.

#36684 (891c60dcd5) raised the hybrid-grouping threshold of ``_get_kv_cache_groups_uniform_page_size`` from 1.25
to 1.5: ``if max_num_layers < min_num_layers * 1.25:`` became ``... * 1.5:`` (a speculative drafter adds layers
to one attention type).  A fork planner that predicts upstream's group size before profiling, with a copy of that
test word for word, merges cleanly and now predicts another grouping than the one upstream builds: its memory
plan is off, and nothing fails (blind_replay_kvutils2).  Nothing was renamed, removed or re-signed, and the copy
is no override, so the stale-copy checks (``drift/stale_copies.py``: an override of the base's method) miss it.

Upstream's side: a removed line of a changed Python file holding a comparison, beside an added line of the same
hunk that is the same text with only its numeric constants changed (the test retuned, nothing else).  The fork's
side, on a line it owns in a file of its own: a comparison whose text (``ast.unparse``) is the old one, names and
constants alike, wherever it sits (an ``if``, a ``return``, an operand of ``and``).  A warning on it: the fork may keep its own threshold on purpose, but its
copy no longer agrees with what upstream computes.  Quiet: the new test, the old test's names with another
constant, a retune that also renamed or reordered anything, a short test (fewer than two names and no long one:
``n < 2`` is a coincidence, not a copy), and a module constant holding the old value alone (nothing ties a bare
``1.25`` to upstream's test).

A fork constant of the old value is a copy too when the fork says where it took it from: a module-level
``NAME = 1.25`` (a plain or annotated assignment of a number, on a line the fork owns) whose comment, on its line
or the comment line just above, names the def holding upstream's retuned test (``# upstream's
_get_kv_cache_groups_uniform_page_size``, ``# mirrors Scheduler._budget``).  The value must be one of the numbers
the retune changed.  A warning on the constant's line, as for the copy.  Quiet: the same constant uncommented or
naming another def, a value the retune kept, a constant bound inside a function.

Cheap first, the fork's side before upstream's: the values of the fork's added numeric literals (one regex over its
added lines; ``1e3`` and ``1000.0`` one value), none and upstream's diff is not read.  Then a removed line of a hunk
needs a comparison (substring searches: ``<``, ``>``, ``==``, ``!=``) and a number whose value the fork writes (a
copy's text holds the retuned number, a documented constant is one) before its added twin is looked for (the line
with its numbers masked) and either is parsed; a twin whose comparison reads the same (a number in a comment changed)
is no retune.  The old comparison's text must occur in the fork's added lines before a fork file is.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.dropped_limits import dropped_limit_drift
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.drift.switched_operands import switched_operand_drift
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parsed_expression

# a numeric literal on a line (``1.25``, ``8192``, ``1e-3``), not a digit inside a name
_NUMBER = lazy_pattern(r"(?<![\w.])\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])")
# the statement a test sits in: ``if``/``elif``/``while``/``assert``/``return`` ... (``:`` closing a block)
_HEAD = lazy_pattern(r"^(?:if|elif|while|assert|return)\s+(.*?):?$")
_LONG_NAME = 10
# a module-level number binding: ``RATIO = 1.25  # ...``, ``RATIO: float = 1.25``
_NUMBER_BINDING = lazy_pattern(r"^[A-Za-z_]\w*\s*(?::[^=#]+)?=\s*(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*(?:#|$)")


@dataclass(frozen=True)
class Retuned:
    """In ``path`` upstream's comparison ``old`` became ``new``, only its numeric constants changed."""

    path: str
    old: str  # the comparison's text (ast.unparse)
    new: str
    added: str  # the stripped added line, for the commit lookup


def retuned_copy_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork comparisons copying an upstream one whose constant upstream retuned (see the module's docstring)."""
    forked = {p: [t for t in trees.mine[p].added.values()] for p in trees.mine if p.endswith(".py")}
    every = "\n".join(t for texts in forked.values() for t in texts)
    every_retuned = list(_retuned(trees, _values(_NUMBER.findall(every))))
    retuned = [r for r in every_retuned if r.old in every]
    findings = _documented_constants(trees, forked, every_retuned, pr_pattern)
    if retuned:
        findings += _retuned_copies(trees, forked, retuned, pr_pattern)
    # a retuned number is a dropped one too: one warning a line
    for more in (dropped_limit_drift(trees, forked, pr_pattern), switched_operand_drift(trees, forked, pr_pattern)):
        seen = {(f.path, f.line) for f in findings}
        findings += [f for f in more if (f.path, f.line) not in seen]
    return findings


def _retuned_copies(
    trees: ThreeTrees, forked: dict[str, list[str]], retuned: list[Retuned], pr_pattern: str
) -> list[Finding]:
    findings: list[Finding] = []
    for path, texts in sorted(forked.items()):
        items = [r for r in retuned if r.path != path and any(r.old in t for t in texts)]
        module = trees.merged_module(path) if items else None
        if module is None:
            continue
        for item, line in _copies(module, trees.owned_lines(path), items):
            findings.append(_finding(trees, path, line, item, pr_pattern))
    return findings


def _documented_constants(
    trees: ThreeTrees, forked: dict[str, list[str]], retuned: list[Retuned], pr_pattern: str
) -> list[Finding]:
    """A fork module constant of a retuned number whose comment names the def holding upstream's test."""
    wanted = {v: r for r in retuned for v in _changed_numbers(r)}
    if not wanted:
        return []
    findings: list[Finding] = []
    for path, texts in sorted(forked.items()):
        values = {float(m[1]) for t in texts if (m := _NUMBER_BINDING.match(t)) is not None}
        items = {v: r for v, r in wanted.items() if v in values and r.path != path}
        module = trees.merged_module(path) if items else None
        text = trees.merged_text(path) if module is not None else None
        if module is None or text is None:
            continue
        lines, owned = text.split("\n"), trees.owned_lines(path)
        for value, line in _module_numbers(module, owned):
            item = items.get(value)
            if item is not None and _names_the_def(trees, item, _comments(lines, line)):
                findings.append(_finding(trees, path, line, item, pr_pattern, constant=True))
    return findings


def _changed_numbers(item: Retuned) -> set[float]:
    """The numbers of the old comparison the retune changed (by position; ``0``, ``1`` and ``2`` too common)."""
    old, new = _NUMBER.findall(item.old), _NUMBER.findall(item.new)
    changed = {float(a) for a, b in zip(old, new, strict=False) if float(a) != float(b)}
    return changed - {0.0, 1.0, 2.0}


def _module_numbers(module: ast.Module, owned: set[int]) -> Iterator[tuple[float, int]]:
    """(value, line) of each module-level ``NAME = <number>`` on a fork-owned line."""
    for node in module.body:
        if isinstance(node, ast.Assign) and len(node.targets) != 1:
            continue
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if (
            isinstance(value, ast.Constant)
            and isinstance(value.value, int | float)
            and not isinstance(value.value, bool)
            and node.lineno in owned
        ):
            yield float(value.value), node.lineno


def _comments(lines: list[str], line: int) -> str:
    """The comment on ``line`` (1-based) and the comment line just above it."""
    own = lines[line - 1] if line <= len(lines) else ""
    above = lines[line - 2].strip() if line >= 2 else ""
    return own.partition("#")[2] + (" " + above if above.startswith("#") else "")


def _names_the_def(trees: ThreeTrees, item: Retuned, comment: str) -> bool:
    """Whether ``comment`` names, as a word, the def whose body holds upstream's new test."""
    module = trees.merged_module(item.path) if comment else None
    if module is None:
        return False
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and re.search(rf"\b{node.name}\b", comment):
            if any(isinstance(n, ast.Compare) and ast.unparse(n) == item.new for n in ast.walk(node)):
                return True
    return False


def _retuned(trees: ThreeTrees, values: set[float]) -> Iterator[Retuned]:
    """Each removed comparison line of upstream's diff, holding a number of ``values`` (the fork's), with a retuned
    twin in its hunk (substrings, then regexes, before parsing)."""
    if not values:
        return
    for path, change in trees.upstream.items():
        if not path.endswith(".py"):
            continue
        # the file's removed pieces (its hunks' own), read once: most files hold no candidate, their hunks go unread
        wanted = {r for r in change.removed if _compares(r) and not values.isdisjoint(_values(_NUMBER.findall(r)))}
        if not wanted:
            continue
        for _start, _count, added, removed, _new in change.hunks:
            tested = [r.strip() for r in removed if r in wanted]
            if not tested:
                continue
            masked: dict[str, list[str]] = {}
            for a in added:
                masked.setdefault(_NUMBER.sub("#", a.strip()), []).append(a.strip())
            for text in tested:
                item = _twin(path, text, masked.get(_NUMBER.sub("#", text), []))
                if item is not None:
                    yield item


def _compares(line: str) -> bool:
    """Whether ``line`` holds a comparison operator (``<``, ``>``, ``==``, ``!=``): substrings, where the regex
    ``[<>]=?|[=!]=`` had no literal prefix to scan for and cost 2.7 ms over a 150-commit window's removed lines."""
    return "<" in line or ">" in line or "==" in line or "!=" in line


def _values(numbers: list[str]) -> set[float]:
    """The values of ``_NUMBER``'s matches (``1e3`` and ``1000.0`` one)."""
    return {float(n) for n in numbers}


def _twin(path: str, old_line: str, twins: list[str]) -> Retuned | None:
    """The added line of the hunk that is ``old_line`` with other numbers (one only, else which is a guess)."""
    twins = [t for t in twins if t != old_line]
    if len(twins) != 1:
        return None
    old, new = _comparison(old_line), _comparison(twins[0])
    if old is None or new is None or not _specific(old):
        return None
    before, after = ast.unparse(old), ast.unparse(new)
    return Retuned(path, before, after, twins[0]) if before != after else None


def _comparison(line: str) -> ast.Compare | None:
    """The comparison a test line holds (``if a < b * 1.25:``, ``return a <= b``), None for any other line."""
    head = _HEAD.match(line)
    expr = parsed_expression(head[1] if head else line, "<test>")
    return expr if isinstance(expr, ast.Compare) else None


def _specific(node: ast.Compare) -> bool:
    """Names enough to tell a copy from a coincidence: two, or one long one."""
    names = {
        n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node) if isinstance(n, ast.Name | ast.Attribute)
    }
    return len(names) >= 2 or any(len(n) >= _LONG_NAME for n in names)


def _copies(module: ast.Module, owned: set[int], items: list[Retuned]) -> Iterator[tuple[Retuned, int]]:
    """(item, line) of each comparison on a fork-owned line whose text is an item's old comparison."""
    wanted = {item.old: item for item in items}
    for node in ast.walk(module):
        if isinstance(node, ast.Compare) and node.lineno in owned:
            item = wanted.get(ast.unparse(node))
            if item is not None:
                yield item, node.lineno


def _finding(
    trees: ThreeTrees, path: str, line: int, item: Retuned, pr_pattern: str, *, constant: bool = False
) -> Finding:
    commit = trees.upstream_commit(item.path, re.escape(item.added), pr_pattern)
    what = (
        f"fork constant holds the old value of upstream's comparison `{item.old}` (its comment names the def)"
        if constant
        else f"fork copies upstream's comparison `{item.old}`"
    )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"{what}, which upstream retuned to `{item.new}` "
        f"({item.path}{commit}): the copy no longer agrees with what upstream computes; take upstream's constant, "
        "or say why the fork keeps the old one",
    )
