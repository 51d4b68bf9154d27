"""A guard written as a call of the fork's own one-line helper, read as the test the helper returns.

A fork that asks the same question of a model in several places names it once: ``def _has_experts(m): return
hasattr(m, "get_expert_mapping")`` and then ``if not _has_experts(model): return``.  The guard readers of
drift/fallbacks.py (``hasattr``, ``isinstance``, ``type(x) is K``, the presence spellings of drift/presence.py)
see a call of a name where they look for the test itself, so a correct guard read as none.  ``inlined`` reads
such a call through: a function of the same module, defined once at its top level, whose body is a single
``return`` (a docstring before it aside) of an expression over its parameters, with the call's arguments put in
place of the parameters.  Since review44 also the other spellings a maintainer gives the same helper: a
``lambda`` bound once at the top level, a helper under a cache decorator (``functools.cache``, ``lru_cache``:
the answer is the same, only kept), keyword-only parameters, a helper whose answer calls another such helper
(read a few levels deep), a method of one of the module's classes called off ``self``, ``cls`` or the
class's name (plain, ``@staticmethod``, ``@classmethod``; the receiver fills the first parameter of a plain or
class method), a ``@property`` (or ``cached_property``) read off ``self``, and a def inside a function whose
name the module binds nowhere else.  A helper with any other statement (a side effect, a second test, a loop),
another decorator, a helper the module binds twice (a method name two classes define differently), a call that
does not fill each parameter, and a helper whose answer reads none of its parameters are left as they are: what
they answer for the argument cannot be read from one line.  Since mend48 a helper imported from another module of
the merged tree is read too (``from fork.guards import has_experts``, ``import fork.guards as g`` then
``g.has_experts(m)``, ``from fork import guards`` then ``guards.has_experts(m)``): a fork keeps the guards it asks
in several modules in one.  The imported module's own top-level functions and lambdas count, one level deep (not
what it imports in turn), and only one whose answer calls no other name that module binds (which would mean
another function there, not the importer's namesake).  Since mend50 a relative import too (``from .guards import
has_experts``, ``from . import guards``): one parse serves every path holding the same text, so the module read
cannot say where it sits; the merged tree's parses note the paths they were made for (``held_at``), and the import
is read against those paths when they all name the same module (a text held in two packages that resolve it
differently is left).  The merged tree is the one ``imports_read_in`` names for the audit (the merge's
findings); with none named, imports are left as before.  An import is read only when a test calls its name, and
each module once per audit: a guard reader asks of every enclosing test, and most imports are upstream's modules,
whose parse a merge pays for.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from aeon_release.domain.audits.source import SourceCache, lazy_pattern

__all__ = ["held_at", "imports_read_in", "inlined", "module_of"]

# a helper's answer may call another helper: read that many levels through, no more (a helper calling itself)
_DEPTH = 4
# decorators that keep a function's answer and change nothing of it
_CACHES = frozenset({"cache", "lru_cache", "cached"})


@dataclass(frozen=True)
class _Helper:
    """What a one-return helper answers: its parameters (positional, then keyword-only), their defaults, the
    returned expression; ``kind``: "" for a function or a static method, "method" or "class" for a method whose
    first parameter the receiver fills (``self``, ``cls``)."""

    params: list[str]
    keywords: frozenset[str]
    defaults: dict[str, ast.expr]
    value: ast.expr
    kind: str = ""


@dataclass(frozen=True)
class _Table:
    """A module's helpers: its functions and lambdas (top-level, or a def inside a function whose name the module
    binds once), its classes' methods and properties, its classes' names."""

    functions: dict[str, _Helper]
    methods: dict[str, _Helper]
    classes: frozenset[str]
    properties: dict[str, _Helper]
    # a name the module binds by import (once) -> (module, name): ``from a.b import h`` -> ("a.b", "h"),
    # ``import a.b as g`` -> ("a.b", ""); read in the merged tree only when a test calls it (``_imported``)
    imports: dict[str, tuple[str, str]]


def module_of(node: ast.AST, parents: dict[int, ast.AST]) -> ast.Module | None:
    """The module ``node`` sits in (the last of its parents), or None for a node the map does not reach."""
    at: ast.AST | None = node
    while at is not None and not isinstance(at, ast.Module):
        at = parents.get(id(at))
    return at


def inlined(test: ast.expr, module: ast.Module | None) -> ast.expr:
    """``test`` with each call of a one-return helper of ``module`` replaced by what the helper returns for the
    call's arguments; ``test`` itself (the same object) when it calls none."""
    if module is None:
        return test
    table = _helpers(module)
    if table.imports and any(dotted.startswith(".") for dotted, _ in table.imports.values()):
        table = _resolved(table, module)
    if not (table.functions or table.methods or table.properties or table.imports) or not any(
        _helper_of(n, table) or _property_of(n, table) for n in ast.walk(test)
    ):
        return test
    replaced = _Inliner(table, _DEPTH).visit(copy.deepcopy(test))
    return replaced if isinstance(replaced, ast.expr) else test


def _helper_of(node: ast.AST, table: _Table) -> _Helper | None:
    """The helper ``node`` calls: a top-level function by its name, a method off ``self``, ``cls`` or a class of
    the module."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Name):
        return table.functions.get(func.id) or _imported(table, func.id, "")
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        receiver = func.value.id
        if receiver in ("self", "cls") or receiver in table.classes:
            return table.methods.get(func.attr)
        return _imported(table, receiver, func.attr)
    return None


def _property_of(node: ast.AST, table: _Table) -> _Helper | None:
    """The property ``node`` reads off ``self`` (``self._has_experts`` of ``@property def _has_experts(self)``)."""
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and _is_instance(node.value):
        return table.properties.get(node.attr)
    return None


# module id -> (the module, its helpers): the guard readers ask of every enclosing test, the table is read once per
# module; the entry holds the module so its id names no other while it is kept
_TABLES: dict[int, tuple[ast.Module, _Table]] = {}
_KEPT = 64
# the merged tree whose modules an import names (imports_read_in); None: imports are not followed
_MERGED: list[SourceCache] = []
# module id -> (the module, the merged tree's paths it was parsed for): where a relative import points (held_at)
_HELD: dict[int, tuple[ast.Module, set[str]]] = {}
# module id -> (the module, how many paths it was read against, its table with relative imports made absolute)
_RESOLVED: dict[int, tuple[ast.Module, int, _Table]] = {}


def held_at(module: ast.Module | None, path: str) -> None:
    """Note that ``module`` is the merged tree's ``path`` parsed (one parse serves every path of the same text):
    a relative import in it is read against the paths noted.  Nothing is noted outside ``imports_read_in``."""
    if module is None or not _MERGED:
        return
    kept = _HELD.get(id(module))
    if kept is None or kept[0] is not module:
        _HELD[id(module)] = (module, {path})
    else:
        kept[1].add(path)


def _resolved(table: _Table, module: ast.Module) -> _Table:
    """``table`` with each relative import read as the absolute module it names from every path ``module`` was
    parsed for; one they do not agree on (or that climbs above the tree) is dropped."""
    kept = _HELD.get(id(module))
    paths = kept[1] if kept is not None and kept[0] is module else set()
    done = _RESOLVED.get(id(module))
    if done is not None and done[0] is module and done[1] == len(paths):
        return done[2]
    imports = {}
    for local, (dotted, name) in table.imports.items():
        if not dotted.startswith("."):
            imports[local] = (dotted, name)
            continue
        answers = {_absolute(dotted, path) for path in paths}
        if len(answers) == 1 and (absolute := answers.pop()) is not None:
            imports[local] = (absolute, name)
    found = dataclasses.replace(table, imports=imports)
    _RESOLVED[id(module)] = (module, len(paths), found)
    return found


def _absolute(dotted: str, path: str) -> str | None:
    """The module ``dotted`` (``.guards``, ``..``) names from the file ``path``: its package, climbed one step
    for each dot past the first."""
    level = len(dotted) - len(dotted.lstrip("."))
    package = path.split("/")[:-1]
    if level - 1 > len(package):
        return None
    parts = package[: len(package) - (level - 1)] + [p for p in dotted[level:].split(".") if p]
    return ".".join(parts) or None


# a line of a module binding a name at its top level (``def name(``, ``name = lambda``): the text test that gates
# the parse of an imported module; linear, anchored
_TOP_BINDS = lazy_pattern(r"(?:async[ \t]+)?(?:def[ \t]+)?(\w+)[ \t]*[:=(]")


@contextmanager
def imports_read_in(tree: SourceCache) -> Iterator[None]:
    """Within: a helper imported from another module of ``tree`` (the merged tree) is read through too."""
    _MERGED.append(tree)
    _TABLES.clear()
    _FOUND.clear()
    _HELD.clear()
    _RESOLVED.clear()
    try:
        yield
    finally:
        _MERGED.pop()
        _TABLES.clear()
        _FOUND.clear()
        _HELD.clear()
        _RESOLVED.clear()


def _helpers(module: ast.Module) -> _Table:
    kept = _TABLES.get(id(module))
    if kept is not None and kept[0] is module:
        return kept[1]
    if len(_TABLES) >= _KEPT:
        _TABLES.clear()  # one step, safe beside another reader: the tables are cheap to read again
    table = _read_helpers(module)
    _TABLES[id(module)] = (module, table)
    return table


def _read_helpers(module: ast.Module, follow: bool = True) -> _Table:
    """The one-return helpers the module's top level defines (each bound there once) and its classes' one-return
    methods (each name defined by one class only); with ``follow``, those it imports from the merged tree too."""
    bound: dict[str, int] = {}
    found: dict[str, _Helper | None] = {}
    for stmt in module.body:
        for name in _top_names(stmt):
            bound[name] = bound.get(name, 0) + 1
        if isinstance(stmt, ast.FunctionDef):
            found[stmt.name] = _one_return(stmt)
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            found[stmt.targets[0].id] = _lambda(stmt.value)
    functions = {name: h for name, h in found.items() if h is not None and bound.get(name) == 1}
    functions |= {name: h for name, h in _nested(module).items() if name not in bound}
    classes = [s for s in module.body if isinstance(s, ast.ClassDef)]
    methods = _methods(classes)
    properties = {name: h for name, h in methods.items() if h.kind == "property"}
    methods = {name: h for name, h in methods.items() if h.kind != "property"}
    imports = _imports(module, bound) if follow and _MERGED else {}
    return _Table(functions, methods, frozenset(c.name for c in classes), properties, imports)


def _imports(module: ast.Module, bound: dict[str, int]) -> dict[str, tuple[str, str]]:
    """The names ``module`` binds once by an absolute import: ``from a.b import h [as g]`` -> ("a.b", "h"),
    ``import a.b as g`` -> ("a.b", ""); and (revBR) those only its functions import, where every binding of the
    name in the module is an import of the same thing (``from a.b import h`` in a function's body: a fork keeps
    its guards out of the module's import time)."""
    found: dict[str, tuple[str, str]] = {}
    for stmt in module.body:
        found |= {local: where for local, where in _imported_names(stmt) if bound.get(local) == 1}
    if any(isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) for stmt in module.body):
        found |= _local_imports(module, bound)
    return found


def _imported_names(stmt: ast.AST) -> list[tuple[str, tuple[str, str]]]:
    """(local name, (module, name)) for each name an import binds (``import a.b`` without ``as`` binds ``a``, not
    a module a test can call into: left); a relative import's module keeps its dots (``from ..g import h`` ->
    ("..g", "h"), ``from . import g`` -> (".", "g")), read against the importer's path when asked (``_resolved``)."""
    if isinstance(stmt, ast.Import):
        return [(a.asname, (a.name, "")) for a in stmt.names if a.asname]
    if isinstance(stmt, ast.ImportFrom) and (stmt.level or stmt.module):
        dotted = "." * stmt.level + (stmt.module or "")
        return [(a.asname or a.name, (dotted, a.name)) for a in stmt.names if a.name != "*"]
    return []


def _local_imports(module: ast.Module, bound: dict[str, int]) -> dict[str, tuple[str, str]]:
    """The names the module's functions import and bind in no other way, each of one (module, name)."""
    imports: dict[str, set[tuple[str, str]]] = {}
    counts: dict[str, int] = {}
    binds: dict[str, int] = {}
    top = {id(stmt) for stmt in module.body}
    for node in ast.walk(module):
        for local, where in _imported_names(node) if id(node) not in top else ():
            imports.setdefault(local, set()).add(where)
            counts[local] = counts.get(local, 0) + 1
        for name in _bound_names(node):
            binds[name] = binds.get(name, 0) + 1
    return {
        local: next(iter(where))
        for local, where in imports.items()
        if local not in bound and len(where) == 1 and binds.get(local) == counts[local]
    }


def _imported(table: _Table, local: str, attr: str) -> _Helper | None:
    """The helper a call of ``local`` (``attr`` "") or of ``local.attr`` means, when ``local`` is imported from
    a module of the merged tree (or is one) that defines it as a one-return helper."""
    where = table.imports.get(local)
    if where is None or not _MERGED:
        return None
    dotted, name = where
    if not attr:
        return _module_helpers(_MERGED[-1], dotted, name).get(name) if name else None
    module = f"{dotted}.{name}" if name else dotted  # ``from a import b`` then ``b.h``; ``import a.b as g``
    found = _module_helpers(_MERGED[-1], module, attr).get(attr)
    if found is None and name:  # ``from a import Guards`` then ``Guards.h(x)``: a static or class method
        found = _class_helpers(_MERGED[-1], dotted, name).get(attr)
    return found


# (module, name) -> the module's helpers (empty where its text binds no such name): each module of the merged
# tree read once per audit (imports_read_in clears it)
_FOUND: dict[tuple[str, str], dict[str, _Helper]] = {}


def _module_helpers(tree: SourceCache, dotted: str, wanted: str) -> dict[str, _Helper]:
    """The top-level one-return functions of the module ``dotted`` names in the merged tree whose answers call no
    other name it binds; parsed only when its text binds ``wanted`` at its top level."""
    key = (dotted, wanted)
    if key not in _FOUND:
        _FOUND[key] = _read_module_helpers(tree, dotted, wanted)
    return _FOUND[key]


def _read_module_helpers(tree: SourceCache, dotted: str, wanted: str) -> dict[str, _Helper]:
    base = dotted.replace(".", "/")
    for path in (base + ".py", base + "/__init__.py"):
        text = tree.text(path)
        if text is None:
            continue
        if text.isascii() and not any(
            (m := _TOP_BINDS.match(line)) is not None and m.group(1) == wanted for line in text.splitlines()
        ):
            return {}
        source = tree.module(path)
        if not isinstance(source, ast.Module):
            return {}
        table = _read_helpers(source, follow=False)
        names = {n for stmt in source.body for n in _top_names(stmt)}
        return _own_answers({n: h for n, h in table.functions.items() if n in names}, table, names)
    return {}


def _own_answers(helpers: dict[str, _Helper], table: _Table, names: set[str]) -> dict[str, _Helper]:
    """``helpers`` with the calls of their own module's helpers inlined there (revBR: ``has_experts(m)`` answering
    ``_has(m, "get_expert_mapping")``), less those whose answer still calls a name the module binds (another
    function there, not the importer's namesake)."""
    found = {}
    for name, helper in helpers.items():
        value = _Inliner(table, _DEPTH).visit(copy.deepcopy(helper.value))
        if isinstance(value, ast.expr) and not _calls_any(value, names):
            found[name] = dataclasses.replace(helper, value=value)
    return found


def _class_helpers(tree: SourceCache, dotted: str, cls: str) -> dict[str, _Helper]:
    """The one-return static and class methods of the top-level class ``cls`` of the module ``dotted`` names in
    the merged tree (revBR: a fork's guards gathered in a class); parsed only when its text defines the class."""
    key = (dotted, f"class {cls}")
    if key not in _FOUND:
        _FOUND[key] = _read_class_helpers(tree, dotted, cls)
    return _FOUND[key]


def _read_class_helpers(tree: SourceCache, dotted: str, cls: str) -> dict[str, _Helper]:
    base = dotted.replace(".", "/")
    opens = re.compile(rf"^class[ \t]+{re.escape(cls)}\b", re.MULTILINE)
    for path in (base + ".py", base + "/__init__.py"):
        text = tree.text(path)
        if text is None:
            continue
        source = tree.module(path) if not text.isascii() or opens.search(text) else None
        if not isinstance(source, ast.Module):
            return {}
        classes = [s for s in source.body if isinstance(s, ast.ClassDef) and s.name == cls]
        if len(classes) != 1:
            return {}
        table = _read_helpers(source, follow=False)
        methods = {n: h for n, h in _methods(classes).items() if h.kind in ("", "class")}
        return _own_answers(methods, table, {n for stmt in source.body for n in _top_names(stmt)})
    return {}


def _calls_any(value: ast.expr, names: set[str]) -> bool:
    """``value`` calls one of ``names`` (a function of its own module, not the importer's namesake)."""
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in names for n in ast.walk(value))


def _nested(module: ast.Module) -> dict[str, _Helper]:
    """The one-return defs inside functions (``def paired(x): return isinstance(x, tuple)`` in a method) whose
    name the module binds nowhere else: a call of the name anywhere in the module then means that def."""
    bound: dict[str, int] = {}
    inner: list[ast.FunctionDef] = []
    for node in ast.walk(module):
        names = _bound_names(node)
        for name in names:
            bound[name] = bound.get(name, 0) + 1
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inner += [f for f in ast.walk(node) if f is not node and isinstance(f, ast.FunctionDef)]
    found = {f.name: _one_return(f) for f in inner if bound.get(f.name) == 1}
    return {name: h for name, h in found.items() if h is not None}


def _bound_names(node: ast.AST) -> list[str]:
    """The names one node binds (a def, a class, a stored name, a parameter, an import)."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
        return [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.alias):
        return [(node.asname or node.name).split(".", 1)[0]]
    return []


def _methods(classes: list[ast.ClassDef]) -> dict[str, _Helper]:
    """The one-return methods of ``classes``, by name; a name two classes (or one twice) define is none."""
    seen: dict[str, int] = {}
    found: dict[str, _Helper] = {}
    for cls in classes:
        for stmt in cls.body:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                seen[stmt.name] = seen.get(stmt.name, 0) + 1
                helper = _one_return(stmt, method=True) if isinstance(stmt, ast.FunctionDef) else None
                if helper is not None:
                    found[stmt.name] = helper
    return {name: h for name, h in found.items() if seen[name] == 1}


def _top_names(stmt: ast.stmt) -> list[str]:
    """The names a top-level statement binds (a def, a class, an assignment, an import)."""
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [stmt.name]
    if isinstance(stmt, ast.Import | ast.ImportFrom):
        return [(a.asname or a.name).split(".", 1)[0] for a in stmt.names]
    targets = (
        stmt.targets
        if isinstance(stmt, ast.Assign)
        else [stmt.target]
        if isinstance(stmt, ast.AnnAssign | ast.AugAssign)
        else []
    )
    return [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]


def _decorators(func: ast.FunctionDef, method: bool) -> str | None:
    """How the decorators bind the helper: "" for a plain function or method, "static", "class", "property";
    None for a decorator that may change its answer.  A cache decorator keeps the answer; the method kinds only
    count in a class."""
    kind = ""
    for decorator in func.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = called.attr if isinstance(called, ast.Attribute) else called.id if isinstance(called, ast.Name) else ""
        if name in _CACHES:
            continue
        if method and not isinstance(decorator, ast.Call) and name in ("staticmethod", "classmethod"):
            kind = name.removesuffix("method")
            continue
        if method and not isinstance(decorator, ast.Call) and name in ("property", "cached_property"):
            kind = "property"
            continue
        return None
    return kind


def _one_return(func: ast.FunctionDef, method: bool = False) -> _Helper | None:
    """The helper a function (or, with ``method``, a method) is when its body is one ``return`` over its
    parameters; None for anything else."""
    kind = _decorators(func, method)
    if kind is None:
        return None
    body = func.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # a docstring
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    return _answer(func.args, body[0].value, "" if not method or kind == "static" else kind or "method")


def _lambda(value: ast.expr | None) -> _Helper | None:
    """The helper a ``lambda`` bound to a name is (``_is_list = lambda x: isinstance(x, list)``)."""
    return _answer(value.args, value.body) if isinstance(value, ast.Lambda) else None


def _answer(args: ast.arguments, value: ast.expr, kind: str = "") -> _Helper | None:
    """(parameters, defaults, answer) when the answer reads one of the parameters and rebinds none; no star
    parameters (what a starred call hands them cannot be read)."""
    if args.vararg or args.kwarg:
        return None
    params = [a.arg for a in args.posonlyargs + args.args]
    keywords = [a.arg for a in args.kwonlyargs]
    named = params + keywords
    if (kind and not params) or not named or any(_rebinds(value, p) for p in named):
        return None
    if not any(isinstance(n, ast.Name) and n.id in named for n in ast.walk(value)):
        return None  # an answer about something else than what it is handed
    defaults = dict(zip(params[len(params) - len(args.defaults) :], args.defaults, strict=True))
    defaults |= {k: d for k, d in zip(keywords, args.kw_defaults, strict=True) if d is not None}
    return _Helper(params, frozenset(keywords), defaults, value, kind)


def _rebinds(value: ast.expr, param: str) -> bool:
    """``value`` binds ``param`` itself (a comprehension's target, a walrus, a lambda's argument): a read of the
    name there is not the parameter."""
    for node in ast.walk(value):
        if isinstance(node, ast.Name) and node.id == param and not isinstance(node.ctx, ast.Load):
            return True
        if isinstance(node, ast.Lambda) and param in {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}:
            return True
    return False


class _Inliner(ast.NodeTransformer):
    """Replaces each call of a helper whose arguments fill its parameters by the helper's answer for them, and
    the calls of helpers that answer holds, ``depth`` levels down."""

    def __init__(self, table: _Table, depth: int) -> None:
        self.table, self.depth = table, depth

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        helper = _property_of(node, self.table)
        if helper is None:
            self.generic_visit(node)
            return node
        answer: ast.AST = _Substituted({helper.params[0]: node.value}).visit(copy.deepcopy(helper.value))
        return _Inliner(self.table, self.depth - 1).visit(answer) if self.depth > 1 else answer

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if _property_of(node.func, self.table) is not None:
            return node  # a call of what a property answers: not the property's test
        self.generic_visit(node)
        helper = _helper_of(node, self.table)
        filled = _filled(node, helper) if helper is not None else None
        if helper is None or filled is None:
            return node
        answer: ast.AST = _Substituted(filled).visit(copy.deepcopy(helper.value))
        if self.depth > 1:
            answer = _Inliner(self.table, self.depth - 1).visit(answer)
        return answer


def _filled(call: ast.Call, helper: _Helper) -> dict[str, ast.expr] | None:
    """parameter -> the argument the call hands it (or its default), the receiver first for a method; None when
    a ``*``/``**`` argument, an extra argument or an unfilled parameter leaves one unknown."""
    params = helper.params
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    filled: dict[str, ast.expr] = {}
    positional = params
    if receiver is not None and (helper.kind == "class" or (helper.kind == "method" and _is_instance(receiver))):
        filled, positional = {params[0]: receiver}, params[1:]  # ``self.f(x)``, ``Cls.f(x)`` of a classmethod
    if len(call.args) > len(positional) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    filled |= dict(zip(positional, call.args, strict=False))
    named = [*params, *helper.keywords]
    for keyword in call.keywords:
        if keyword.arg is None or keyword.arg not in named or keyword.arg in filled:
            return None
        filled[keyword.arg] = keyword.value
    for param in named:
        if param not in filled and param not in helper.defaults:
            return None
        filled.setdefault(param, helper.defaults.get(param, ast.Constant(None)))
    return filled


def _is_instance(receiver: ast.expr) -> bool:
    """``self``/``cls``: a plain method called off it is bound (off the class's name, ``Cls.f(obj, x)``, not)."""
    return isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")


class _Substituted(ast.NodeTransformer):
    """Puts each argument in place of its parameter's reads."""

    def __init__(self, filled: dict[str, ast.expr]) -> None:
        self.filled = filled

    def visit_Name(self, node: ast.Name) -> ast.AST:
        value = self.filled.get(node.id)
        return copy.deepcopy(value) if value is not None and isinstance(node.ctx, ast.Load) else node
