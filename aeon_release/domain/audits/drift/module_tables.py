"""Container drift of a module's global: upstream made a module-level table another kind of container.

#33130 made ``mixed_precision._POSSIBLE_KERNELS: list[type[MPLinearKernel]] = [...]`` a
``dict[PlatformEnum, list[...]]`` keyed by platform.  A fork line ``mixed_precision._POSSIBLE_KERNELS.insert(0,
MarlinLinearKernel)`` (the usual way a fork puts its kernel first) merges cleanly and raises AttributeError
at import: a dict has no ``insert()``.  Container drift (``retyped.py``) reads a field or a return off a
receiver typed as its class; a module's global is reached through an import instead: ``module.NAME`` or
``NAME`` imported from the module, on the module's own lines too when the fork patched the file itself.

Upstream's side: the Python files whose diff removed a module-level binding (a line at column 0, ``NAME =``
or ``NAME: T =``); the name's kind at the base and at upstream is its annotation's container kind, else its
value's display (``[...]``, ``{...: ...}``, ``(...)``, ``{...}`` and their comprehensions) or a builtin
container's constructor (``set()``, ``dict(...)``, ``collections.deque()``: #46703 made
``pynccl_allocator._registered_base_addrs = set()`` a ``dict[bytes, set]`` of sets keyed by communicator).  Every
module-level binding of the name in a version must agree, and the merged file must still bind the new kind
(a fork that rebound the table itself keeps its own).  The fork's side, on lines it wrote: a method the old
kind has and the new one lacks (an error: it raises on first use), a slice of a kind that cannot be sliced
(an error), and a ``for`` or comprehension over a sequence made a mapping, or an ``in`` test of one (a
warning: it walks or tests the keys now, which may be what the elements were).  An ``isinstance``/``hasattr``-guarded use and a name the fork file
binds itself are quiet; one it rebinds through the module (``m.NAME = [...]``, ``setattr(m, "NAME", ...)``)
makes those uses warnings about upstream's own readers of the name.

An operator the new kind refuses is an error too (killers130, ``operand_kinds``): #35077 made the LoRA utils'
``_all_lora_classes`` an ordered tuple where it was a set, and a fork's ``_all_lora_classes |= {Layer}`` raises
TypeError at import; an augmented assignment of the imported name reads the table first, so it is no binding
of the fork's own.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from aeon_release.domain.audits.drift.operand_kinds import operands, refused
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import added_words, fork_modules
from aeon_release.domain.audits.drift.retyped import (
    _CONTAINERS,
    _OFFERS,
    _UNSLICED,
    Recontained,
    _another_kind,
    _held_kind,
    _kind_tested,
    _lacking,
    names_bound_once,
)
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, walk_spanning

# a removed or added module-level binding: a name at column 0, an optional annotation, ``=`` and what follows
# on the line (from a newline: a file's diff opens with its header line, and a scan for "\n-" is fast)
_GLOBAL = lazy_pattern(r"\n([-+])([A-Za-z_]\w*)[ \t]*(:[^=\n]*)?=(?!=)([^\n]*)")
# a container spelt on such a line: an annotation's kind or a display's opener after the ``=``
_SPELT = lazy_pattern(r"\b(?:" + "|".join(_CONTAINERS) + r")\b")
_DISPLAYS: dict[type[ast.expr], str] = {
    ast.List: "list",
    ast.ListComp: "list",
    ast.Dict: "dict",
    ast.DictComp: "dict",
    ast.Tuple: "tuple",
    ast.Set: "set",
    ast.SetComp: "set",
}
_SEQUENCES = frozenset({"list", "tuple", "deque", "set", "frozenset"})
# a builtin container built by its constructor (#46703's ``_registered_base_addrs = set()``, made a
# ``dict[bytes, set]``): the call names the kind as surely as a display does; ``collections``' own kinds too
_CONSTRUCTORS: dict[str, str] = {
    **dict.fromkeys(("set", "frozenset", "dict", "list", "tuple"), ""),
    **dict.fromkeys(("deque", "defaultdict", "OrderedDict"), "collections"),
}
_CALLED = lazy_pattern(r"[ \t]*(?:collections\.)?(?:" + "|".join(_CONSTRUCTORS) + r")[ \t]*\(")


@dataclass(frozen=True)
class Table:
    """A module-level name upstream bound to another kind of container."""

    module: str  # dotted
    hit: Recontained


def table_kind_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    tables = _tables(trees)
    if not tables:
        return []
    named = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, {t.hit.name for t in tables}))) + r")\b")
    return [
        _finding(trees, path, line, table, how, severity, pr_pattern)
        for path, module, owned in fork_modules(trees, named.search)
        for line, table, how, severity in _uses(path, module, owned, tables)
    ]


def _tables(trees: ThreeTrees) -> list[Table]:
    """The module-level names upstream rebound to another container kind, that a fork line names."""
    words = added_words(trees) if trees.mine else frozenset()
    wanted = {
        p: names for p in trees.upstream if p.endswith(".py") and (names := _rebound(trees.upstream.raw(p)) & words)
    }
    found: list[Table] = []
    for both in parsed_texts(trees, sorted(wanted)):
        merged = trees.merged_module(both.path)
        for name in sorted(wanted[both.path]):
            old, new = _kind(both.old, name), _kind(both.new, name)
            if old is None or new is None or not _another_kind({old[0]}, {new[0]}) or merged is None:
                continue
            if _kind(merged, name) != new:  # the fork rebound the table itself: it holds the fork's kind
                continue
            hit = Recontained(name, "", both.path, old[1], new[1], old[0], new[0], False)
            found.append(Table(dotted_name(both.path, roots=("",)), hit))
    return found


def _rebound(diff: str) -> set[str]:
    """The module-level names the diff both removes and adds a binding of, one of them spelling a container
    (only those files are parsed: most rebound globals are a logger or a constant)."""
    sides: dict[str, set[str]] = {"-": set(), "+": set()}
    spelt: set[str] = set()
    for sign, name, annotation, value in _GLOBAL.findall(diff):
        sides[sign].add(name)
        if _SPELT.search(annotation) or value.lstrip()[:1] in ("[", "{", "(") or _CALLED.match(value):
            spelt.add(name)
    return sides["-"] & sides["+"] & spelt


def _kind(module: ast.Module, name: str) -> tuple[str, str] | None:
    """(kind, annotation or display shown) of the module's one kind of binding of ``name``, else None."""
    kinds = {_bound_kind(stmt) for stmt in module.body if name in _targets(stmt)}
    return kinds.pop() if len(kinds) == 1 and None not in kinds else None


def _targets(stmt: ast.stmt) -> set[str]:
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        return {stmt.target.id}
    if isinstance(stmt, ast.Assign):
        return {t.id for t in stmt.targets if isinstance(t, ast.Name)}
    return set()


def _bound_kind(stmt: ast.stmt) -> tuple[str, str] | None:
    if isinstance(stmt, ast.AnnAssign) and (kind := _held_kind(stmt.annotation)) is not None:
        return (kind, ast.unparse(stmt.annotation)) if kind in _OFFERS else None
    value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
    kind = _DISPLAYS.get(type(value)) if value is not None else None
    if kind is not None:
        return kind, f"a {kind} display"
    called = _constructed(value) if isinstance(value, ast.Call) else None
    return (_CONTAINERS[called], f"{called}(...)") if called is not None else None


def _constructed(call: ast.Call) -> str | None:
    """The builtin container a call builds: ``set()``, ``dict(a=1)``, ``collections.deque()`` or ``deque()``
    (the name as ``collections`` spells it; a module that binds such a name to its own is rare enough)."""
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "collections":
        return func.attr if _CONSTRUCTORS.get(func.attr) == "collections" else None
    return func.id if isinstance(func, ast.Name) and func.id in _CONSTRUCTORS else None


def _uses(
    path: str, module: ast.Module, owned: set[int], tables: list[Table]
) -> Iterator[tuple[int, Table, str, Severity]]:
    imports = file_imports(module, path)
    reader = _Reader(imports, dotted_name(path, roots=("",)), _bound_names(module), tables)
    reader.parents = parent_map(module)
    replaced = _attribute_stores(module, imports)
    for node in walk_spanning(module, owned):
        if getattr(node, "lineno", 0) in owned:
            for line, table, how, severity in reader.uses(node):
                if (table.module, table.hit.name) in replaced:
                    yield line, table, how.split("|", 1)[0] + "|" + _REPLACED, Severity.WARNING
                else:
                    yield line, table, how, severity


# ``module.NAME = [...]`` or ``setattr(module, "NAME", [...])`` in the fork file: the fork may hold its own
# container there, and then its line holds; what it risks is upstream's own readers of the name
_REPLACED = (
    "the fork file rebinds the table itself, so the line may act on the fork's own container; but upstream's "
    "own code reads the new kind from that name and may break on what the fork put there"
)


def _attribute_stores(module: ast.Module, imports: dict[str, tuple[str, str]]) -> set[tuple[str, str]]:
    """The (module, name) pairs the fork file rebinds through an import: ``m.NAME = ...`` anywhere, or
    ``setattr(m, "NAME", ...)`` with the name spelt as a string."""
    found: set[tuple[str, str]] = set()
    augmented = {id(n.target) for n in ast.walk(module) if isinstance(n, ast.AugAssign)}  # ``m.T += ...``: read first
    for node in ast.walk(module):
        target = _stored_attribute(node) if id(node) not in augmented else None
        origin = imported_origin(target, imports) if target is not None else None
        if origin is not None:
            found.add(origin)
    return found


def _stored_attribute(node: ast.AST) -> ast.Attribute | None:
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
        return node
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
        if len(node.args) >= 2 and isinstance(name := node.args[1], ast.Constant) and isinstance(name.value, str):
            return ast.Attribute(value=node.args[0], attr=name.value, ctx=ast.Store())
    return None


@dataclass
class _Reader:
    """What a fork file's names mean: its imports, its module, the names it binds itself (in a function or
    a class, at module level), and each function's names bound once (a local alias of the table)."""

    imports: dict[str, tuple[str, str]]
    here: str
    mine: tuple[set[str], set[str]]
    tables: list[Table]
    parents: dict[int, ast.AST] = field(default_factory=dict)
    bound: dict[int, dict[str, ast.expr]] = field(default_factory=dict)

    def uses(self, node: ast.AST) -> Iterator[tuple[int, Table, str, Severity]]:
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            table = self.table(node.func.value, node)
            why = _lacking(table.hit, node) if table is not None else None
            if table is not None and why is not None and not self.tested(node, node.func.value, table):
                yield line, table, f"calls {ast.unparse(node.func)}()|{why}", Severity.ERROR
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            table = self.table(node.value, node)
            if table is not None and table.hit.old not in _UNSLICED and table.hit.new in _UNSLICED:
                if not self.tested(node, node.value, table):
                    how = f"slices {ast.unparse(node.value)}|a {table.hit.new} cannot be sliced"
                    yield line, table, how, Severity.ERROR
        elif isinstance(node, ast.BinOp | ast.AugAssign):
            yield from self.operated(node)
        elif (tested := _membership(node)) is not None:
            table = self.table(tested, node)
            if table is not None and table.hit.old in _SEQUENCES and table.hit.new == "dict":
                if not self.tested(node, tested, table):
                    how = f"tests membership in {ast.unparse(tested)}|in on a dict tests its keys, not {table.hit.old} elements"
                    yield line, table, how, Severity.WARNING
        elif (walked := _walked(node)) is not None:
            table = self.table(walked, node)
            if table is not None and table.hit.old in _SEQUENCES and table.hit.new == "dict":
                if not self.tested(node, walked, table):
                    how = f"loops over {ast.unparse(walked)}|a dict yields its keys, not the {table.hit.old}'s elements"
                    yield line, table, how, Severity.WARNING

    def operated(self, node: ast.BinOp | ast.AugAssign) -> Iterator[tuple[int, Table, str, Severity]]:
        """An operator the new kind refuses with the other operand (#35077: ``_all_lora_classes |= {Layer}``
        once the table is a tuple): an error, it raises on first use."""
        for mine, other, op, in_place in operands(node):
            table = self.table(mine, node)
            if table is None:
                continue
            paired = self.table(other, node)  # another table of the same drift counts as its new kind
            kind = paired.hit.new if paired is not None else None
            why = refused(table.hit.old, table.hit.new, op, other, in_place, kind, self.parents)
            if why is not None and not self.tested(node, mine, table):
                yield node.lineno, table, f"combines {ast.unparse(mine)} by an operator|{why}", Severity.ERROR
                return

    def table(self, expr: ast.expr, node: ast.AST) -> Table | None:
        """The table ``expr`` names, through a local the enclosing function binds once to it."""
        func = enclosing(node, self.parents)
        if isinstance(expr, ast.Name) and func is not None:
            if id(func) not in self.bound:
                self.bound[id(func)] = names_bound_once(func)
            held = self.bound[id(func)].get(expr.id)
            expr = held if isinstance(held, ast.Attribute | ast.Name) else expr
        return _table(expr, self.imports, self.here, self.mine, self.tables)

    def tested(self, node: ast.AST, receiver: ast.expr, table: Table) -> bool:
        return _kind_tested(node, receiver, table.hit, self.parents, self.bound)


def _membership(node: ast.AST) -> ast.expr | None:
    """What ``x in NAME`` (``not in``) tests membership in."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn):
        return node.comparators[0]
    return None


def _walked(node: ast.AST) -> ast.expr | None:
    """What a ``for`` loop or a comprehension (its first ``for``) walks."""
    if isinstance(node, ast.For | ast.AsyncFor):
        return node.iter
    if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
        return node.generators[0].iter
    return None


def _table(
    expr: ast.expr,
    imports: dict[str, tuple[str, str]],
    here: str,
    mine: tuple[set[str], set[str]],
    tables: list[Table],
) -> Table | None:
    """The table ``expr`` names: ``module.NAME`` or an imported ``NAME`` (the fork file binding that name
    nowhere else), or ``NAME`` in the table's own module (no function or class binding it)."""
    root = expr
    while isinstance(root, ast.Attribute):
        root = root.value
    if not isinstance(root, ast.Name) or root.id in mine[0]:
        return None
    origin = imported_origin(expr, imports)
    if origin is not None and root.id in mine[1]:
        return None  # ``from m import T`` and ``T = ...``: the fork's own value
    if origin is None and isinstance(expr, ast.Name) and expr.id not in imports:
        origin = (here, expr.id)
    return next((t for t in tables if (t.module, t.hit.name) == origin), None)


def _bound_names(module: ast.Module) -> tuple[set[str], set[str]]:
    """(names bound inside a function, class or lambda, names bound at module level) other than by
    import: an assignment's or a loop's target, a parameter."""
    nested: set[str] = set()
    for scope in ast.walk(module):
        if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            nested |= _stored(scope)
    top = set().union(*(_stored(stmt) for stmt in module.body if not isinstance(stmt, _SCOPES)))
    return nested, top


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _stored(node: ast.AST) -> set[str]:
    """The names ``node`` binds; an augmented assignment's target is no binding of the fork's own (``T |= {X}``
    reads the imported table first and widens it in place)."""
    augmented = {id(n.target) for n in ast.walk(node) if isinstance(n, ast.AugAssign)}
    return {
        n.id if isinstance(n, ast.Name) else n.arg
        for n in ast.walk(node)
        if (isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and id(n) not in augmented)
        or isinstance(n, ast.arg)
    }


def _finding(
    trees: ThreeTrees, path: str, line: int, table: Table, how: str, severity: Severity, pr_pattern: str
) -> Finding:
    hit = table.hit
    commit = trees.upstream_commit(hit.path, rf"^{re.escape(hit.name)}\b", pr_pattern)
    use, why = how.split("|", 1)
    tail = "so the line raises on first use" if severity is Severity.ERROR else "check what the line expects"
    message = (
        f"fork-owned line {use}, but upstream made {table.module}.{hit.name} {hit.now} (was {hit.was}) "
        f"({hit.path}{commit}): {why}, {tail}"
    )
    return Finding(RULE, "merge", severity, path, line, message)
