"""Unparsed bases: a fork class deriving from a class of a module upstream changed into text the running Python
cannot parse -- its overrides and ``super()`` calls go unchecked, so say so.

#16317 rewrote the model loader's ``loader.py`` with a PEP 701 f-string (``f"{...format(part=" * ")}"``), a
SyntaxError before Python 3.12, and in the same change stopped calling ``ShardedStateLoader._prepare_weights``
from ``load_model``: a fork subclass overriding it to point at a local checkpoint directory is left behind, and
no check can read the file to tell.  The symbol index now reads such a base as unknown (no false "removed"); this
warning keeps the blind spot visible.  Upstream's side: a Python file upstream changed, parsed at the base, that
does not parse merged.  The fork's side: a fork-owned ``class C(Base)`` whose base is imported from that module
(``from m import Base``, ``import m as mod`` then ``mod.Base``).  A warning: nothing says the override broke.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts, fork_found
from aeon_release.domain.audits.drift.table_params import module_sources
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern, parse_python

_CLASS = lazy_pattern(r"^[ \t]*class[ \t]+(\w+)[ \t]*\(")


def unparsed_base_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Warnings on fork classes whose base's module upstream turned into text this Python cannot parse."""
    names = fork_found(trees, _CLASS)
    derived: list[tuple[str, ast.ClassDef, str]] = []
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)) if names else ():
        module = (
            trees.merged_module(path) if any(n in " ".join(trees.mine[path].added.values()) for n in names) else None
        )
        derived += list(_derived(trees, path, module)) if module is not None else []
    unread = _unread(trees, {home for _, _, home in derived})
    return [_finding(path, cls, unread[home]) for path, cls, home in derived if home in unread]


def _derived(trees: ThreeTrees, path: str, module: ast.Module) -> Iterator[tuple[str, ast.ClassDef, str]]:
    """(path, class, module of its first base imported from a module) of the fork-owned classes of a file."""
    owned = trees.owned_lines(path)
    sources = module_sources(module, path)
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef) and n.lineno in owned):
        home = next((h for base in cls.bases if (h := _home(base, sources))), None)
        if home is not None:
            yield path, cls, home


def _unread(trees: ThreeTrees, homes: set[str]) -> dict[str, str]:
    """dotted -> path of the ``homes`` upstream changed that parsed at the base and do not parse merged."""
    paths = {f"{home.replace('.', '/')}{tail}": home for home in homes for tail in (".py", "/__init__.py")}
    broken = sorted(p for p in paths if p in trees.upstream and trees.merged_text(p) and trees.merged_module(p) is None)
    before, _ = both_texts(trees, broken)
    return {paths[p]: p for p in broken if before[p] and parse_python(before[p] or "", p) is not None}


def _home(base: ast.expr, sources: dict[str, str]) -> str | None:
    """The module a base comes from: ``Base`` imported from it, or ``mod.Base`` of a module ``mod``."""
    if isinstance(base, ast.Name):
        return sources.get(base.id)
    if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
        return sources.get(f"{base.value.id}.")
    return None


def _finding(path: str, cls: ast.ClassDef, home: str) -> Finding:
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        cls.lineno,
        f"fork-owned class {cls.name} derives from a class of {home}, which upstream changed into text this "
        "Python cannot parse (a newer syntax, or an error): its overrides and super() calls were not checked against "
        "upstream's class; review them by hand, or audit under the Python upstream targets",
    )
