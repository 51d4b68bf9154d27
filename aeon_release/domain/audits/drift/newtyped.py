"""Newtyped drift: upstream made a class a ``NewType`` (or an alias) of a builtin type, the fork still uses its fields.

#23673 made kv_cache_utils' ``BlockHash`` (a ``NamedTuple`` of ``hash_value``, ``token_ids``, ``extra_keys``)
``NewType("BlockHash", bytes)`` and ``BlockHashWithGroupId`` (a ``NamedTuple`` of ``block_hash`` and
``group_id``) ``NewType(..., bytes)`` built by ``make_block_hash_with_group_id``.  The name is still there, so
the fork's import resolves and a fork line ``block_hash.hash_value`` (with ``block_hash: BlockHash``) or
``BlockHashWithGroupId(block_hash, group_id)`` merges cleanly -- and raises ``AttributeError: 'bytes' object
has no attribute 'hash_value'`` / ``TypeError`` (a NewType takes one argument) the first time it runs.

Upstream's side: the Python files whose diff adds a module-level ``Name = NewType("Name", T)`` (or ``Name =
T``, ``Name: TypeAlias = T``) with ``T`` a builtin type; parsed at the base and at upstream, a class the base
defined at module level that upstream's module binds that way instead.  The fork's side, on lines it wrote:
``x.attr`` with ``x`` typed as the name (a parameter's or a local's annotation, ``Optional`` aside) and
``attr`` a field of the base's class (a NamedTuple's ``_replace`` ...) that the builtin type lacks; and a call of the name (a NewType
takes exactly one positional argument) with any other arguments.  The name is followed through every import
shape the engine resolves (``pyindex.may_come_from``): ``from m import Name [as N]`` and ``import m [as x]``
then ``m.Name`` / ``x.Name`` (an annotation ``x.Name`` as well as a call).
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes
from aeon_release.domain.audits.drift.pyindex import (
    ModuleInfo,
    dotted_name,
    import_base,
    may_come_from,
    parse_module_info,
)
from aeon_release.domain.audits.drift.returns import name_users
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    last_name,
    lazy_pattern,
    parent_map,
    parse_python,
    str_value,
    walk_spanning,
)

_BUILTIN_TYPES = frozenset({"bytes", "int", "str", "float", "tuple", "list", "dict", "set", "frozenset", "bool"})
_TYPES = "|".join(sorted(_BUILTIN_TYPES))
_BOUND_LINE = lazy_pattern(
    r"\n\+(\w+)[ \t]*(?::[ \t]*(?:typing\.)?TypeAlias[ \t]*)?=[ \t]*"
    rf"(?:(?:typing\.)?NewType\([ \t]*[\"']\w+[\"'][ \t]*,[ \t]*(?:{_TYPES})\b|(?:{_TYPES})[ \t]*(?:#[^\n]*)?\n)"
)
# what a NamedTuple class offers beyond its fields, as a builtin tuple does not
_NAMED_TUPLE = frozenset({"_fields", "_replace", "_asdict", "_make", "_field_defaults"})


@dataclass(frozen=True)
class Newtyped:
    """The class ``name`` of upstream's ``path`` made ``builtin`` (through NewType when ``new_type``)."""

    name: str
    path: str
    builtin: str
    new_type: bool
    members: frozenset[str]


def newtyped_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that read a field of, or construct, a class upstream made a NewType of a builtin."""
    paths = trees.upstream.matching(_BOUND_LINE, ".py")
    found = _newtyped(trees, paths) if paths else {}
    if not found:
        return []
    return [
        _finding(trees, path, line, hit, how, pr_pattern)
        for path, module, owned in name_users(trees, found)
        for line, hit, how in _uses(trees, path, module, owned, found)
    ]


def _newtyped(trees: ThreeTrees, paths: list[str]) -> dict[str, Newtyped]:
    found: dict[str, Newtyped] = {}
    for path, before, after in parsed_versions(trees, paths):
        old = {cls.name: cls for cls in file_classes(before.body)}
        for name, (builtin, new_type) in _bound(after).items():
            cls = old.get(name)
            if cls is not None and name not in {c.name for c in file_classes(after.body)}:
                found[name] = Newtyped(name, path, builtin, new_type, _members(cls))
    return found


def _bound(module: ast.Module) -> dict[str, tuple[str, bool]]:
    """Module-level ``Name = NewType("Name", T)`` / ``Name = T`` with ``T`` a builtin type -> (T, NewType?)."""
    found: dict[str, tuple[str, bool]] = {}
    for stmt in module.body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        target = stmt.target if isinstance(stmt, ast.AnnAssign) else target
        value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
        if not isinstance(target, ast.Name) or value is None:
            continue
        if isinstance(value, ast.Name) and value.id in _BUILTIN_TYPES:
            found[target.id] = (value.id, False)
        elif (
            isinstance(value, ast.Call)
            and last_name(value.func) == "NewType"
            and len(value.args) == 2
            and str_value(value.args[0]) == target.id
            and isinstance(value.args[1], ast.Name)
            and value.args[1].id in _BUILTIN_TYPES
        ):
            found[target.id] = (value.args[1].id, True)
    return found


def _members(cls: ast.ClassDef) -> frozenset[str]:
    """The fields the class body declares (and a NamedTuple's own helpers); its methods are symbol drift's
    already (a removed def, resolved through the annotation)."""
    names = {s.target.id for s in cls.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}
    if any(last_name(b) == "NamedTuple" for b in cls.bases):
        names |= _NAMED_TUPLE
    return frozenset(n for n in names if not n.startswith("__"))


def _uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], found: dict[str, Newtyped]
) -> Iterator[tuple[int, Newtyped, str]]:
    spelt = _Spelt(path, module, found, trees.merged_text(path))
    if not spelt.any():
        return
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    for node in walk_spanning(module, owned):
        line: int = getattr(node, "lineno", 0)
        if line not in owned:
            continue
        if isinstance(node, ast.Call) and (hit := spelt.of(node.func)) is not None:
            if hit.new_type and (len(node.args) != 1 or node.keywords):
                yield line, hit, f"calls {ast.unparse(node.func)}({', '.join(_shown_arguments(node))})"
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and not isinstance(node.ctx, ast.Del):
            hit = _typed_hit(node.value, enclosing(node, parents), parents, fork, spelt)
            if hit is not None and _lost(hit, node.attr):
                yield line, hit, f"uses {ast.unparse(node)}"


def _typed_hit(
    receiver: ast.Name,
    func: ast.FunctionDef | ast.AsyncFunctionDef | None,
    parents: dict[int, ast.AST],
    fork: ForkTypes,
    spelt: _Spelt,
) -> Newtyped | None:
    """The newtyped class a receiver is typed as: a class name it is typed by (``typed_as``), or an
    annotation spelling the class through an imported module (``x: kvu.BlockHash``)."""
    for local in sorted(typed_as(receiver, func, parents, fork.classes)):
        hit = spelt.of(ast.Name(id=local, ctx=ast.Load()))
        if hit is not None:
            return hit
    return next((hit for a in _annotated(receiver.id, func) if (hit := spelt.of(a)) is not None), None)


class _Spelt:
    """How a fork module names upstream's newtyped classes: ``from m import Name [as N]`` anywhere in the
    file (the names), and ``m.Name`` / ``x.Name`` off a module import the engine resolves to upstream's
    module (``may_come_from``, read once off the module's top-level bindings)."""

    def __init__(self, path: str, module: ast.Module, found: dict[str, Newtyped], text: str | None) -> None:
        self.found = found
        self.names = _imported(path, module, found)
        self.info: ModuleInfo | None = parse_module_info(path, dotted_name(path), text) if text is not None else None

    def any(self) -> bool:
        return bool(self.names) or self.info is not None

    def of(self, expr: ast.expr) -> Newtyped | None:
        """The newtyped class ``expr`` (``Name``, ``m.Name``) names in this module, if any."""
        if isinstance(expr, ast.Name):
            real = self.names.get(expr.id)
            return self.found[real] if real is not None else None
        if not isinstance(expr, ast.Attribute) or self.info is None:
            return None
        hit = self.found.get(expr.attr)
        if hit is None or not isinstance(expr.value, (ast.Name, ast.Attribute)):
            return None
        return hit if may_come_from(self.info, expr, dotted_name(hit.path)) else None


def _annotated(name: str, func: ast.FunctionDef | ast.AsyncFunctionDef | None) -> list[ast.expr]:
    """The class expressions a function's parameter or local ``name`` is annotated as, ``Optional``/``| None``
    aside."""
    if func is None:
        return []
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    found = [a.annotation for a in args if a.arg == name and a.annotation is not None]
    found += [
        n.annotation
        for n in ast.walk(func)
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == name
    ]
    return [named for annotation in found for named in _optional_of(annotation)]


def _optional_of(annotation: ast.expr) -> list[ast.expr]:
    """``X``, ``m.X``, ``"X"``, ``Optional[X]``, ``X | None``, ``Union[X, None]`` -> [X]; anything else -> []."""
    text = str_value(annotation)
    if text is not None:
        parsed = parse_python(text)
        body = parsed.body[0] if parsed is not None and len(parsed.body) == 1 else None
        return _optional_of(body.value) if isinstance(body, ast.Expr) else []
    if isinstance(annotation, (ast.Name, ast.Attribute)):
        return [annotation]
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [annotation.left, annotation.right]
    elif isinstance(annotation, ast.Subscript) and last_name(annotation.value) in ("Optional", "Union"):
        inner = annotation.slice
        sides = list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]
    else:
        return []
    kept = [s for s in sides if not (isinstance(s, ast.Constant) and s.value is None)]
    return _optional_of(kept[0]) if len(kept) == 1 else []


def _imported(path: str, module: ast.Module, found: dict[str, Newtyped]) -> dict[str, str]:
    """The names the module binds by ``from <upstream's module> import Name`` (relative too) -> Name."""
    bound: dict[str, str] = {}
    dotted = dotted_name(path)
    for stmt in ast.walk(module):
        if isinstance(stmt, ast.ImportFrom):
            source = import_base(stmt, dotted, path)
            for alias in stmt.names:
                hit = found.get(alias.name)
                if hit is not None and dotted_name(hit.path) == source:
                    bound[alias.asname or alias.name] = alias.name
    return bound


def _lost(hit: Newtyped, attr: str) -> bool:
    return attr in hit.members and not hasattr(getattr(builtins, hit.builtin), attr)


def _shown_arguments(call: ast.Call) -> list[str]:
    return [ast.unparse(a) for a in call.args] + [f"{k.arg}=" if k.arg else "**" for k in call.keywords]


def _finding(trees: ThreeTrees, path: str, line: int, hit: Newtyped, how: str, pr_pattern: str) -> Finding:
    made = f'NewType("{hit.name}", {hit.builtin})' if hit.new_type else hit.builtin
    commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.name)}\b.*\b{hit.builtin}\b", pr_pattern)
    why = (
        f"a {hit.builtin} has no such attribute (AttributeError)"
        if how.startswith("uses")
        else "a NewType takes exactly one value (TypeError)"
    )
    message = (
        f"fork-owned line {how}, but upstream made the class {hit.name} {made} ({hit.path}{commit}): {why}; "
        f"use what upstream's module now offers for {hit.name} values"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
