"""Lazy references by a pair of strings: a fork entry ``("module", "Name")`` whose module upstream moved.

A registry that imports on first use keeps each entry as two strings, the module beside the registry
and the name in it (``"AeonV3ForCausalLM": ("deepseek_v3", "DeepseekV3ForCausalLM")``: an architecture
the fork serves with upstream's class).  Upstream moves the class to another module, renames it or
deletes the module (#20495 moved Gemma3n's multimodal class to ``gemma3n_mm``, #12793 folded
``deepseek_v3`` into ``deepseek_v2``, #15008 moved ``DeciLMForCausalLM`` to ``nemotron_nas``) and
updates its own entries.  Git merges the fork's entry as it was: nothing imports the pair until that
architecture is loaded, hours later, and then the load fails (ModuleNotFoundError, AttributeError).

A fork-owned line holding a tuple of two identifier strings is such a reference when, at the fork
branch, the first names a module beside the line's file (``dir/first.py`` or ``dir/first/__init__.py``,
dots as folders) that defines the second at its top level: then the pair is checked in the merged
tree, where that module must still define the name.  A module with a ``__getattr__`` that does more
than raise or return ``globals()[name]`` answers for any name and is left alone; so is a pair naming
the line's own file, which names an outside package of that name (``flashinfer.py``'s ``("flashinfer", "fp4_quantize")``).

Cheap first: the fork's added lines must hold such a pair (a text scan); only pairs whose module
upstream's diff changed or deleted are read, at the fork branch and in the merged tree.
"""

from __future__ import annotations

import ast
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parse_python

_IDENT = r"[A-Za-z_][\w.]*"
_PAIR = lazy_pattern(rf"""\(\s*(["'])({_IDENT})\1\s*,\s*(["'])([A-Za-z_]\w*)\3\s*,?\s*\)""")


@dataclass(frozen=True)
class Pair:
    path: str  # the fork's file
    line: int  # in the fork's version
    module: str  # as written
    name: str
    target: str  # the module's file at the fork branch


def lazy_pair_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    pairs = list(_fork_pairs(trees))
    if not pairs:
        return []
    findings = []
    for pair, problem in _broken(trees, pairs):
        findings.append(_finding(trees, pair, problem, pr_pattern))
    return findings


def _fork_pairs(trees: ThreeTrees) -> Iterator[Pair]:
    """Pairs on the fork's added lines whose module (as a file beside the line's) upstream changed or deleted."""
    touched = set(trees.upstream) | set(trees.upstream.deleted)
    for path in trees.mine:
        if not path.endswith(".py") or "\n+" not in trees.mine.raw(path) or not _PAIR.search(trees.mine.raw(path)):
            continue
        folder = posixpath.dirname(path)
        for line, text in trees.mine[path].added.items():
            for match in _PAIR.finditer(text.split("#", 1)[0]):
                module, name = match.group(2), match.group(4)
                stem = posixpath.join(folder, *module.split("."))
                for target in (stem + ".py", stem + "/__init__.py"):
                    # a file naming itself names an outside package of the same name (``utils/flashinfer.py``'s
                    # ``_lazy_import_wrapper("flashinfer", "fp4_quantize")``)
                    if target in touched and target != path:
                        yield Pair(path, line, module, name, target)


def _broken(trees: ThreeTrees, pairs: list[Pair]) -> Iterator[tuple[Pair, str]]:
    """Each pair that resolved at the fork branch and does not in the merged tree, with what is wrong."""
    targets = sorted({p.target for p in pairs})
    ours = trees.blobs(trees.ours, targets)
    defined_before = {t: _top_level(ours.get(t)) for t in targets}
    for pair in pairs:
        before = defined_before[pair.target]
        if before is None or pair.name not in before:
            continue  # not a reference to that module's member at the fork branch (another pair of strings)
        # the import finds ``first.py`` or ``first/__init__.py``: upstream may have made one the other
        target = next((t for t in (pair.target, _other_form(pair.target)) if trees.merged_text(t) is not None), None)
        if target is None:
            yield pair, f"upstream deleted {pair.target}"
            continue
        after = _top_level(trees.merged_text(target))
        if after is not None and pair.name not in after:
            yield pair, f"{target} no longer defines {pair.name}"


def _other_form(target: str) -> str:
    """``dir/first.py`` <-> ``dir/first/__init__.py``: the same module, as a file or a package."""
    if target.endswith("/__init__.py"):
        return target.removesuffix("/__init__.py") + ".py"
    return target.removesuffix(".py") + "/__init__.py"


def _top_level(text: str | None) -> frozenset[str] | None:
    """Names a module binds at its top level (defs, classes, assignments, imports); None when it cannot
    be read, or answers any name through a module ``__getattr__``, a ``*`` import or ``globals()``."""
    module = parse_python(text, "<lazy>") if text is not None else None
    if module is None:
        return None
    names: set[str] = set()
    for node in _top_statements(module.body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name != "__getattr__" or _answers_any(node):
                names.add(node.name)
            continue
        if any(
            isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "globals" for n in ast.walk(node)
        ):
            return None  # ``globals()[name] = ...``, ``globals().update(...)``: any name
        if isinstance(node, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith)):  # ``with suppress(ImportError):``
            bound = (
                [node.target] if isinstance(node, (ast.For, ast.AsyncFor)) else [i.optional_vars for i in node.items]
            )
            names.update(n.id for t in bound if t is not None for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name))
    return None if "__getattr__" in names or "*" in names else frozenset(names)


def _answers_any(getattr_def: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> bool:
    """A module ``__getattr__`` answers names the module does not bind, unless it only raises or hands
    back ``globals()[name]`` (#26906's ``transformers/__init__.py``: a helpful AttributeError)."""
    return any(
        isinstance(n, ast.Return)
        and not (
            isinstance(n.value, ast.Subscript)
            and isinstance(n.value.value, ast.Call)
            and isinstance(n.value.value.func, ast.Name)
            and n.value.value.func.id == "globals"
        )
        for n in ast.walk(getattr_def)
    )


def _top_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A module's statements, those in its top-level ``if``/``try`` blocks too (a guarded import binds)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.If, ast.Try, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor)):
            for block in (stmt.body, getattr(stmt, "orelse", []), getattr(stmt, "finalbody", [])):
                yield from _top_statements(block)
            for handler in getattr(stmt, "handlers", []):
                yield from _top_statements(handler.body)


def _finding(trees: ThreeTrees, pair: Pair, problem: str, pr_pattern: str) -> Finding:
    moved = _new_home(trees, pair)
    regex = rf"(class|def)[[:space:]]+{re.escape(pair.name)}\b|{whole_word(pair.name)}"
    commit = trees.upstream_commit(pair.target, regex, pr_pattern)
    hint = (
        f"upstream's own entries name ({moved!r}, {pair.name!r}) now"
        if moved
        else "point it at the module that defines it now"
    )
    message = (
        f"fork-owned entry ({pair.module!r}, {pair.name!r}) is imported by name on first use, but {problem}"
        f"{commit}: loading it fails with ModuleNotFoundError or AttributeError, long after the merge; {hint}"
    )
    mapping = trees.to_merged(trees.ours, pair.path) if pair.path in trees.upstream else {}
    line = mapping.get(pair.line, pair.line) if mapping else pair.line
    return Finding(RULE, "merge", Severity.ERROR, pair.path, line, message)


def _new_home(trees: ThreeTrees, pair: Pair) -> str | None:
    """The module upstream's added lines pair the same name with, in the same file, if one."""
    change = trees.upstream.get(pair.path)
    for text in change.added.values() if change is not None else []:
        for match in _PAIR.finditer(text.split("#", 1)[0]):
            if match.group(4) == pair.name and match.group(2) != pair.module:
                return match.group(2)
    return None
