"""Which def a fork's call reaches: a bare name through the file's imports, ``self.x`` through the fork's class,
``mod.x`` through the module ``mod`` names, a parameter through its annotation, ``super().x`` through the
class's base.

Raised-kind and raised-to-None drift judge a fork handler round one call by what upstream did to the def of
the called name.  A name alone says little: the fork's own def of it (same file, or a shim module it imports
from), its class's method of it, or a library module's function of it is not upstream's def, and a handler
round it is alive whatever upstream changed.  ``resolve`` reads the call in its file; ``reaches`` tells
whether an upstream def's file is the one the call reaches; ``loose`` whether the reach is only a guess (a
receiver not read): a warning at most.
"""

from __future__ import annotations

import ast
from collections.abc import Collection
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees

__all__ = ["Callee", "Scope", "Super", "homed", "homes", "is_super", "loose", "reaches", "resolve", "scope_of"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Callee:
    """A called name as its file reads it."""

    name: str  # the name at the def (an ``import x as y`` read back to ``x``)
    receiver: str | None = None  # a class named as the receiver, or a parameter's annotation
    source: str | None = None  # a bare name's module, as imported ("": a relative import); None: an attribute
    module: str | None = None  # an attribute call's receiver, a module the file imports (dotted)
    capped: bool = False  # a receiver not read (a local, a parameter): a warning at most


@dataclass(frozen=True)
class Scope:
    """What a fork file binds: imported names, imported modules, each method's class's method names, and what
    each method's ``super()`` reaches."""

    imported: dict[str, tuple[str, str]]
    modules: dict[str, str]
    homes: dict[int, frozenset[str]]
    supers: dict[int, Super]


@dataclass(frozen=True)
class Super:
    """What ``super()`` in a method of a class reaches: the method names the file's own classes it derives from
    define or bind (the fork's own def answers first), and the classes from elsewhere it derives from, in order."""

    inherited: frozenset[str]
    bases: tuple[str, ...]


def scope_of(module: ast.Module) -> Scope:
    imported = _imported(module)
    return Scope(imported, _modules(module), _homes(module), _supers(module, imported))


def _imported(module: ast.Module) -> dict[str, tuple[str, str]]:
    """Bound name -> (module, name there) of the module's ``from X import name`` statements; a name the module
    defines itself maps to ("", "")."""
    # an import under a module-level ``if``/``try`` first: the statements in order then bind over it
    top = {id(n) for n in module.body}
    found = _imports_in([n for n in own_nodes(module.body) if id(n) not in top])
    for node in module.body:
        if isinstance(node, ast.ImportFrom):
            found.update(_imports_in([node]))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[node.name] = ("", "")
    return found


def _imports_in(nodes: list[ast.AST]) -> dict[str, tuple[str, str]]:
    found: dict[str, tuple[str, str]] = {}
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            source = "" if node.level else node.module or ""
            found.update({a.asname or a.name: (source, a.name) for a in node.names})
    return found


def _modules(module: ast.Module) -> dict[str, str]:
    """Bound name -> the dotted module it may name: ``import a.b as m``, ``import a``, ``from a import b``."""
    found: dict[str, str] = {}
    for node in module.body:
        if isinstance(node, ast.Import):
            found.update(
                {a.asname or a.name.split(".")[0]: a.name if a.asname else a.name.split(".")[0] for a in node.names}
            )
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.update({a.asname or a.name: f"{node.module}.{a.name}" for a in node.names})
    return found


def _homes(module: ast.Module) -> dict[int, frozenset[str]]:
    """id of a method -> the names its class defines, with the classes of the same file it derives from."""
    classes = {n.name: n for n in ast.walk(module) if isinstance(n, ast.ClassDef)}
    edges = {
        name: [b.id for b in c.bases if isinstance(b, ast.Name) and b.id in classes] for name, c in classes.items()
    }
    order, cyclic = _in_base_order(edges)
    names: dict[str, frozenset[str]] = {}
    for name in order:
        # each class's names once, from its bases' names made before it: a chain of 10,000 classes walked the
        # chain below each class again, recursing once per base (a RecursionError, the merge audit's exit 1)
        if name in cyclic:
            names[name] = _methods(name, classes, edges)
            continue
        own = frozenset(f.name for f in classes[name].body if isinstance(f, _DEFS))
        names[name] = _joined([own, *(names[b] for b in edges[name] if b != name)])
    found: dict[int, frozenset[str]] = {}
    for name, cls in classes.items():
        found.update({id(f): names[name] for f in cls.body if isinstance(f, _DEFS)})
    return found


def _methods(name: str, classes: dict[str, ast.ClassDef], edges: dict[str, list[str]]) -> frozenset[str]:
    """The names the class ``name`` and every class of the file it reaches define, walked on its own (a class
    on a cycle of redefined names: its bases' names are not all made before it)."""
    names: set[str] = set()
    seen, todo = {name}, [name]
    while todo:
        cls = classes[todo.pop()]
        names.update(f.name for f in cls.body if isinstance(f, _DEFS))
        fresh = [b for b in edges[cls.name] if b not in seen]
        seen.update(fresh)
        todo += fresh
    return frozenset(names)


def _in_base_order(edges: dict[str, list[str]]) -> tuple[list[str], set[str]]:
    """The file's classes, each after the classes of the file it derives from (``edges``: a class's bases),
    and those on or above a cycle (a name bound again: ``class B(A)`` below the ``class A(B)`` it reads).  A
    class deriving from its own name (``class A(A)`` over an imported ``A``) is no cycle: the walks skip it."""
    order: list[str] = []
    cyclic: set[str] = set()
    state: dict[str, bool] = {}  # False: on the walk's stack; True: ordered
    for root in edges:
        stack = [] if root in state else [(root, iter(edges[root]))]
        state.setdefault(root, False)
        while stack:
            name, bases = stack[-1]
            base = next(bases, None)
            if base is None:
                stack.pop()
                state[name] = True
                order.append(name)
                cyclic.update([name] if any(b in cyclic for b in edges[name] if b != name) else [])
            elif base not in state:
                state[base] = False
                stack.append((base, iter(edges[base])))
            elif not state[base] and base != name:
                cyclic.add(name)
    return order, cyclic


def _joined(parts: list[frozenset[str]]) -> frozenset[str]:
    """The union of ``parts``: the widest itself when it holds the rest (the classes of a chain share one)."""
    widest = max(parts, key=len, default=frozenset())
    return widest if all(p <= widest for p in parts) else frozenset().union(*parts)


def resolve(func: ast.expr, scope: Scope, enclosing: _Def | None) -> Callee | None:
    """The callee of a call of ``func`` inside ``enclosing`` (None: at module level).  A bare name read as the
    def it imports (its name there); the fork's own def, a builtin or a name of a star import: None.  An
    attribute call is read through its receiver; any other callee: None."""
    if isinstance(func, ast.Name):
        # a function's own ``from m import f`` (upstream defers many to dodge import cycles) binds over the file's
        local = _imports_in(list(own_nodes(enclosing.body))) if enclosing is not None else {}
        source, original = local.get(func.id) or scope.imported.get(func.id, ("", ""))
        return Callee(original, source=source) if original else None
    if not isinstance(func, ast.Attribute):
        return None
    receiver = func.value
    if isinstance(receiver, ast.Name) and receiver.id[:1].isupper():
        return Callee(func.attr, receiver.id)  # off a class named as the receiver
    return _by_receiver(Callee(func.attr), receiver, scope, enclosing)


def _by_receiver(callee: Callee, receiver: ast.expr, scope: Scope, enclosing: _Def | None) -> Callee | None:
    """``self.x()``: quiet when the fork's class (or a base of its file) defines ``x``; ``mod.x()``: that
    module's def only; a parameter annotated with a class: that class's def; any other receiver: a warning."""
    if is_super(receiver) and enclosing is not None:
        return _by_super(callee, scope, enclosing)
    if not isinstance(receiver, ast.Name):
        return replace(callee, capped=True)
    if receiver.id in ("self", "cls") and enclosing is not None:
        return None if callee.name in scope.homes.get(id(enclosing), frozenset()) else callee
    if receiver.id in scope.modules:
        return replace(callee, module=scope.modules[receiver.id])
    annotated = _annotated(enclosing, receiver.id) if enclosing is not None else None
    return replace(callee, receiver=annotated) if annotated else replace(callee, capped=True)


def _supers(module: ast.Module, imported: dict[str, tuple[str, str]]) -> dict[int, Super]:
    """id of a method -> what its ``super()`` reaches (a class's own methods are not: ``super()`` skips them)."""
    classes = {n.name: n for n in ast.walk(module) if isinstance(n, ast.ClassDef)}
    edges = {name: [n for b in c.bases if (n := _base_name(b)) in classes] for name, c in classes.items()}
    order, cyclic = _in_base_order(edges)
    bound = {name: frozenset(_bound_in(cls)) for name, cls in classes.items()}
    reached: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
    for name in order:
        # once a class, from its bases' (a chain of 10,000 recursed once per base and walked the chain below
        # each class again); a class on a cycle of redefined names is walked on its own
        own = _own_bases(classes[name], classes) if name in cyclic else _from_bases(classes[name], reached, bound)
        reached[name] = own
    found: dict[int, Super] = {}
    for name, cls in classes.items():
        bases: list[str] = []
        for base in reached[name][1]:
            if base not in bases:
                bases.append(imported.get(base, ("", ""))[1] or base)
        seen = Super(reached[name][0], tuple(bases))
        found.update({id(f): seen for f in cls.body if isinstance(f, _DEFS)})
    return found


def _bound_in(cls: ast.ClassDef) -> set[str]:
    """The names a class body binds: its defs, and its assignments (``select = _fork_select``: a method too)."""
    names = {f.name for f in cls.body if isinstance(f, _DEFS)}
    for stmt in cls.body:
        targets = (
            stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        )
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _base_name(base: ast.expr) -> str | None:
    """A base as the file's classes are looked up: a name, or an attribute's last name."""
    return base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else None


def _from_bases(
    cls: ast.ClassDef,
    reached: dict[str, tuple[frozenset[str], tuple[str, ...]]],
    bound: dict[str, frozenset[str]],
) -> tuple[frozenset[str], tuple[str, ...]]:
    """What ``cls`` reaches, from what each class of the file it derives from reaches (``_own_bases``'s answer:
    with no cycle below, a class's depth-first walk is its bases' walks in turn, each name at its first)."""
    inherited: list[frozenset[str]] = []
    others: list[tuple[str, ...]] = []
    for base in cls.bases:
        name = _base_name(base)
        if name is None or name == cls.name:
            continue
        if name in reached:
            inherited += [bound[name], reached[name][0]]
            others.append(reached[name][1])
        elif name != "object":
            others.append((name,))
    return _joined(inherited), others[0] if len(others) == 1 else tuple(dict.fromkeys(n for o in others for n in o))


def _own_bases(cls: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> tuple[frozenset[str], tuple[str, ...]]:
    """What ``cls`` reaches through its bases, depth first: the names the classes of the file bind, and the
    other classes by their last names, in order."""
    inherited: set[str] = set()
    others: list[str] = []
    seen, todo = {cls.name}, [iter(cls.bases)]
    while todo:
        base = next(todo[-1], None)
        name = _base_name(base) if base is not None else None
        if base is None:
            todo.pop()
        elif name is not None and name not in seen:
            seen.add(name)
            if name in classes:
                inherited.update(_bound_in(classes[name]))
                todo.append(iter(classes[name].bases))
            elif name != "object":
                others.append(name)
    return frozenset(inherited), tuple(others)


def is_super(node: ast.expr) -> bool:
    """``super()`` or ``super(Cls, self)``."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _by_super(callee: Callee, scope: Scope, enclosing: _Def) -> Callee | None:
    """``super().x()``: quiet when a class of the file the method's class derives from defines ``x`` (the
    fork's own def), or when it derives from nothing else; off the one other base it names (read back through
    its import); a guess when there are several (whichever defines ``x`` first answers)."""
    seen = scope.supers.get(id(enclosing))
    if seen is None or callee.name in seen.inherited or not seen.bases:
        return None
    return replace(callee, receiver=seen.bases[0], capped=len(seen.bases) > 1)


def _annotated(func: _Def, name: str) -> str | None:
    """The class a parameter ``name`` is annotated with (``reg: Registry``); None when not a class name."""
    args = func.args
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
        note = arg.annotation
        if arg.arg == name and note is not None:
            text = note.value if isinstance(note, ast.Constant) and isinstance(note.value, str) else ast.unparse(note)
            last = text.rsplit(".", 1)[-1]
            return last if last.isidentifier() and last[:1].isupper() else None
    return None


def loose(callee: Callee, path: str) -> bool:
    """The callee reaches the def of ``path`` only by a guess: a receiver not read, or a module the def's
    module is imported from."""
    return callee.capped or (callee.module is not None and dotted_name(path) != callee.module)


def reaches(trees: ThreeTrees, callee: Callee, path: str) -> bool:
    """A bare name imported from the def's module (or relatively, or from a package above it that does not bind
    the name itself); an attribute off a module: that module or the one it is imported from; else any."""
    module, source = dotted_name(path), callee.source
    if callee.module is not None:
        return module in (callee.module, callee.module.rsplit(".", 1)[0])
    if not source or module == source:
        return True
    return module.startswith(source + ".") and not _binds(trees, source, callee.name, module)


def _binds(trees: ThreeTrees, package: str, name: str, module: str) -> bool:
    """The package's ``__init__`` defines ``name`` (a fork shim) or imports it from another module than the def's."""
    init = trees.merged_module(package.replace(".", "/") + "/__init__.py")
    for node in init.body if init is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            return True
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return True
        if isinstance(node, ast.ImportFrom) and any((a.asname or a.name) == name for a in node.names):
            return _absolute(node, package) != module
    return False


def _absolute(node: ast.ImportFrom, package: str) -> str:
    """The module a package ``__init__``'s ``from X import`` reads, a relative one resolved."""
    if not node.level:
        return node.module or ""
    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join([*parts, node.module] if node.module else parts)


def homes(callee: Callee, scope: Scope) -> tuple[str, ...]:
    """The dotted modules the def a call reaches can live in (``reaches`` reads a submodule of a package too): a
    bare name's module, an attribute's module (or the one above it), a receiver class's module as imported; none
    when the file does not say (a relative import, a class of its own).  A check that reads upstream's side only
    for the fork's calls gates upstream's files by these before reading any."""
    if callee.module is not None:
        return (callee.module, callee.module.rsplit(".", 1)[0])
    if callee.source:
        return (callee.source,)
    source = scope.imported.get(callee.receiver, ("", ""))[0] if callee.receiver else ""
    return (source,) if source else ()


def homed(path: str, modules: Collection[str]) -> bool:
    """``path`` is one of ``modules`` or a module under one of them."""
    module = dotted_name(path)
    return any(module == m or module.startswith(m + ".") for m in modules)
