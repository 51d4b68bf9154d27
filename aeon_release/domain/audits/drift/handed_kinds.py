"""Handed kinds: upstream annotated a method's parameter as another kind of container, and a fork override
still uses its parameter in that slot as the old kind.

#29322 (2f5f9acd55) made ``LoRAModel.from_local_checkpoint(cls, lora_dir, expected_lora_modules: list[str],
...)`` take ``expected_lora_modules: set[str]``, and the worker's manager now builds the set it hands the
loader (``expected_lora_modules = set(expected_lora_lst)``; the loader class is the fork's when the fork passes
``lora_model_cls``).  A fork subclass's override of ``from_local_checkpoint`` running
``expected_lora_modules.append("gate")``, or ``expected_lora_modules + ["gate"]``, merges cleanly and raises on
the first adapter loaded: a set has no ``append()``, and a set and a list do not concatenate.  Container drift
(``retyped.py``) reads fields and returns off typed receivers; here the value arrives as the override's own
parameter, which only the base method's annotation types.

Upstream's side: a class of a changed file whose method annotated a parameter as one builtin container kind at
the base (``list``, ``tuple``, ``set``, ``frozenset``, ``dict``, ``deque``; ``Optional`` aside) and another at
upstream.  The fork's side, on a line it owns: a class deriving from that class (imported from its module or
a package above it) overriding the method, whose parameter in the same slot (same name, else same position)
the override does not annotate as the new kind, never rebinds and never tests with ``isinstance``: a call of a
method the old kind has and the new one lacks, a slice of a kind that cannot be sliced, an index of a set, or
an operator the new kind refuses with the other operand (``operand_kinds``), outside a ``try`` catching
TypeError or AttributeError.

An error when an added line of upstream's diff binds a name of the parameter's to the new kind (``name =
set(...)``, ``name: set[str] = ...``, ``name={...}`` as a keyword): upstream's caller builds what it hands
over.  Otherwise a warning: an annotation says what may come, not what the fork's caller sends.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.operand_kinds import article, every_arg, operands, refused
from aeon_release.domain.audits.drift.optional_params import _fork_defs, _may_widen, _methods, _params
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import _FIELD_KIND, _OFFERS, _UNSLICED, Recontained, _container, _lacking
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map

_MOST_FILES = 32
_RAISED = frozenset({"TypeError", "AttributeError", "Exception", "BaseException"})
_Func = ast.FunctionDef | ast.AsyncFunctionDef
# how an added line builds each kind after ``=`` (a binding or a keyword): its constructor or its display
_BUILDS = {
    "list": r"(?:list|sorted)\(|\[",
    "tuple": r"tuple\(|\(",
    "set": r"(?:set|frozenset)\(|\{(?!\})",
    "frozenset": r"frozenset\(",
    "dict": r"dict\(|\{",
    "deque": r"(?:collections\.)?deque\(",
}
_INDEXED = frozenset({"list", "tuple", "dict", "deque"})  # kinds a ``[i]`` reads; a set's raises TypeError


@dataclass(frozen=True)
class Handed:
    """``cls.method``'s parameter ``param`` (at ``index``, ``self`` counted) went from ``old`` to ``new``."""

    path: str
    cls: str
    method: str
    param: str
    index: int
    line: int
    was: str  # the annotations, as written
    now: str
    old: str  # the container kinds
    new: str


def handed_kind_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    overridden = _fork_defs(trees)
    if not overridden:  # the fork's module is read only where an added line holds ``def METHOD(``
        return []
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    kept = functools.partial(_may_widen, overridden)
    handed = [h for path, old, new in parsed_versions(trees, paths, kept) for h in _handed(path, old, new)]
    handed = [h for h in handed if h.method in overridden]
    if not handed:
        return []
    methods = {h.method for h in handed}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f"def {m}(" in line for m in methods)):
        for item, line, how in _fork_uses(path, module, owned, handed):
            findings.append(_finding(trees, path, line, item, how, pr_pattern))
    return findings


def _candidate(trees: ThreeTrees, path: str) -> bool:
    """An added line of the file's diff annotates something as a container (a parameter's line among them)."""
    return any(_FIELD_KIND.search(line) for line in trees.upstream[path].added.values())


def _handed(path: str, old: ast.Module, new: ast.Module) -> Iterator[Handed]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        olds = _methods(was) if was is not None else {}
        for name, func in _methods(cls).items():
            if name in olds:
                yield from _retyped(path, cls.name, name, olds[name], func)


def _retyped(path: str, cls: str, method: str, old: _Func, new: _Func) -> Iterator[Handed]:
    before = {a.arg: a.annotation for a in _params(old)}
    for index, arg in enumerate(_params(new)):
        was = before.get(arg.arg)
        if was is None or arg.annotation is None:
            continue
        kind, now = _container(was), _container(arg.annotation)
        if kind is not None and now is not None and kind != now:
            shown = ast.unparse(was), ast.unparse(arg.annotation)
            yield Handed(path, cls, method, arg.arg, index, new.lineno, *shown, kind, now)


def _fork_uses(
    path: str, module: ast.Module, owned: set[int], handed: list[Handed]
) -> Iterator[tuple[Handed, int, str]]:
    imports = file_imports(module, path)
    parents = parent_map(module)
    for cls in file_classes(module.body):
        origins = [o for b in cls.bases if (o := imported_origin(b, imports)) is not None]
        mine = _methods(cls)
        for item in (h for h in handed if h.method in mine and any(_derives(o, h) for o in origins)):
            func = mine[item.method]
            name = _slot(func, item)
            if name is None or _rebound_or_tested(func, name):
                continue
            for line, how in _uses(func, name, item, parents):
                if line in owned:
                    yield item, line, how


def _derives(origin: tuple[str, str], item: Handed) -> bool:
    """The fork's base names upstream's class, imported from its module or a package above it."""
    module = dotted_name(item.path, roots=("",))
    return origin[1] == item.cls and (module == origin[0] or module.startswith(origin[0] + "."))


def _slot(func: _Func, item: Handed) -> str | None:
    """The override's parameter in upstream's slot (by name first, else by position), unless the override
    annotates it as the new kind itself."""
    params = _params(func)
    arg = next((a for a in params if a.arg == item.param), params[item.index] if item.index < len(params) else None)
    if arg is None or (arg.annotation is not None and _container(arg.annotation) == item.new):
        return None
    return arg.arg


def _rebound_or_tested(func: _Func, name: str) -> bool:
    """The override binds the name again (a copy of another kind) or asks its kind (``isinstance``, ``type``,
    ``hasattr``): it may handle both."""
    for node in _reading(func, name):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, ast.Call) and last_name(node.func) in {"isinstance", "type", "hasattr"}:
            if any(isinstance(a, ast.Name) and a.id == name for a in node.args[:1]):
                return True
    return False


def _reading(func: _Func, name: str) -> Iterator[ast.AST]:
    """The nodes of ``func`` where ``name`` is still the override's parameter: a function or lambda nested in
    it that takes a parameter of the name reads its own (a helper's ``def add(modules: list[str])``)."""
    todo: list[ast.AST] = [func]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                if any(a.arg == name for a in every_arg(child)):
                    continue
            todo.append(child)


def _uses(func: _Func, name: str, item: Handed, parents: dict[int, ast.AST]) -> Iterator[tuple[int, str]]:
    hit = Recontained(item.param, item.cls, item.path, item.was, item.now, item.old, item.new, False)
    for node in _reading(func, name):
        how = _failing(node, name, item, hit, parents)
        if how is not None and not caught_around(node, _RAISED, parents):
            yield getattr(node, "lineno", 0), how


def _failing(node: ast.AST, name: str, item: Handed, hit: Recontained, parents: dict[int, ast.AST]) -> str | None:
    """What the line does with the parameter and why the new kind refuses it, else None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is(node.func.value, name):
        if node.func.attr in _OFFERS[item.old]:
            why = _lacking(hit, node)
            return f"calls {ast.unparse(node.func)}()|{why}" if why is not None else None
        return None
    if isinstance(node, ast.Subscript) and _is(node.value, name) and isinstance(node.ctx, ast.Load):
        if isinstance(node.slice, ast.Slice):
            if item.old not in _UNSLICED and item.new in _UNSLICED:
                return f"slices {name}|{article(item.new)} {item.new} cannot be sliced"
        elif item.old in _INDEXED and item.new in ("set", "frozenset"):
            return f"indexes {name}|{article(item.new)} {item.new} cannot be indexed"
        return None
    for mine, other, op, in_place in operands(node):
        why = refused(item.old, item.new, op, other, in_place, parents=parents) if _is(mine, name) else None
        if why is not None:
            return f"combines {name} by an operator|{why}"
    return None


def _is(node: object, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _built_upstream(trees: ThreeTrees, item: Handed) -> bool:
    """An added line of upstream's diff binds the parameter's name to the new kind, or passes it so."""
    built = re.compile(rf"\b{re.escape(item.param)}[ \t]*(?::[^=\n]*)?=[ \t]*(?:{_BUILDS[item.new]})")
    return any(
        built.search(line) for p in trees.upstream if p.endswith(".py") for line in trees.upstream[p].added.values()
    )


def _finding(trees: ThreeTrees, path: str, line: int, item: Handed, how: str, pr_pattern: str) -> Finding:
    sure = _built_upstream(trees, item)
    commit = trees.upstream_commit(item.path, rf"{item.param}[[:space:]]*:", pr_pattern)
    use, why = how.split("|", 1)
    tail = (
        "and upstream's caller builds that kind, so the line raises on the first call"
        if sure
        else "so the line raises when a caller hands it the new kind"
    )
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        line,
        f"fork-owned override of {item.cls}.{item.method} {use}, but upstream annotated that parameter "
        f"{item.now} (was {item.was}) ({item.path}:{item.line}{commit}): {why}, {tail}; convert it first "
        f"({item.old}({item.param}))",
    )
