"""Nulled module values: a module-level name upstream bound to a value is now bound to None (built later).

#13425 (b3942e157e) turned ``w8a8_utils``'s ``TORCH_DEVICE_IDENTITY = torch.ones(1, dtype=torch.float32)``
into ``TORCH_DEVICE_IDENTITY = None``, built on demand by ``maybe_create_device_identity()`` (a function
rebinding the module's global), which upstream's FP8 linear methods call from ``create_weights``.  A fork
module's ``from ...w8a8_utils import TORCH_DEVICE_IDENTITY`` merges cleanly and binds the import-time None
for good (the builder rebinds the module's global, never the fork's copy): its ``TORCH_DEVICE_IDENTITY.device``
raises AttributeError.  A fork's ``w8a8_utils.TORCH_DEVICE_IDENTITY.to(device)`` reads the module's global
when it runs: None until some caller has built it.

Upstream's side: a Python file upstream changed whose top level (outside any function or class) binds the
name once, unconditionally, to a value other than None at the base (``X = torch.ones(1)``, ``X: T = f()``), and
once, unconditionally, to the literal None now, with no top-level call of a function of the module that
rebinds it (``global X``: a builder run at import would build it before any reader).  The fork's side, on a
line it owns, in a module that imports the very file (``from m import X``, an ``as`` alias, a relative import
resolved; a re-export through another module is not followed): the value used as None is not (an attribute
read or a method call off it, an index, a call of it, arithmetic, an order, ``len()``, a loop), with no test of
it in its function or an ``if`` around it (``is None``, truth, ``or``, ``isinstance``, ``getattr(m, "X", None)``
for ``m.X``, a predicate handed it in a test: ``torch.is_tensor(X)``, ``hasattr(X, "device")``; a function of the
fork module testing it: ``if _identity_ready():``), not inside a ``try`` or a ``with suppress(...)`` of what None
raises, and not only where a test says the module has no builder (after ``if hasattr(m, "build"): ... return``,
the ``else`` of ``if build is not None`` with ``build = getattr(m, "build", None)``, the body of ``if not
hasattr(m, "build")`` or of ``if build is None``, a module flag bound from such a test: the path for the release
before the change, when the module built the value at import).  A builder is any function of the module (a
method, a nested function) declaring the name ``global`` and storing it; a module storing it through
``globals()`` counts as stored outside a builder.

An error for the name imported at the fork module's top level: that binding is the None the module held when the
fork's module was imported.  A warning for an import inside a function (it binds whatever the global holds when
the function runs), and for a read off the module (``m.X``, ``pkg.m.X``, ``getattr(m, "X")``, the bare global in
a function the fork added to upstream's module itself) where the module has a builder or another upstream module
stores ``m.X = ...``: whether a caller built it by then is not read here; an error for such a read where nothing
rebinds it (it is None for good).  Quiet for a fork function that calls the builder itself (``m.build()``,
``build()`` imported, a name bound to it) above a read off the module, or above the import of a copy (a call
after a copy was taken rebinds the module's global, never the copy: ``m.build()`` then the top-level import's
``X.device`` is still an error), a fork line storing the name (``m.X = ...``, ``setattr(m, "X", ...)``, ``global
X``: the fork builds it), a function binding the name itself (a parameter, a store), a name still bound to a value (another value, or
one built at import), a name bound under a condition, and a module-level ``None`` at the base too.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import catches, runs_tested
from aeon_release.domain.audits.drift.nulled_defaults import _absolute, _if_tests, _root, _runtime_imports, _scopes
from aeon_release.domain.audits.drift.optional_elements import _tested_expr, _value_use
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, str_value

# a line upstream's diff adds binding a module-level name to None: column 0, an optional annotation, nothing
# after but a comment.  Found from each ``= None`` of the raw diff (a search with a literal head, 2-14 ms over a
# 500-commit release's 2.7 MB of Python diff, where the whole-line pattern at every line start took 45-65 ms)
_ASSIGNED_NONE = lazy_pattern(r"=[ \t]*None\b")
_NULLED_LINE = lazy_pattern(r"\+([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*None[ \t]*(?:#[^\n]*)?$", re.MULTILINE)


@dataclass(frozen=True)
class Nulled:
    path: str  # upstream's file
    module: str  # its dotted name
    name: str
    was: str  # the base's value, shown
    builders: frozenset[str]  # the module's functions rebinding the name (``global name``)
    stored_elsewhere: bool = False  # stored outside a builder (``m.name = ...`` elsewhere, ``globals()[...]``)


def nulled_global_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that use, as a value None is not, a module-level name upstream now binds to None."""
    words = trees.fork_words()
    candidates = [p for p in trees.upstream if p.endswith(".py") and _nulled_names(trees.upstream.raw(p)) & words]
    if not candidates:
        return []  # no module value made None that a fork line names: nothing upstream need be parsed
    nulled = [
        hit
        for v in parsed_texts(trees, candidates)
        for hit in _nulled(v.path, v.old, v.new)
        if hit.name in words and not _stored(trees, hit.name)
    ]
    if not nulled:
        return []
    nulled = [_stores_seen(trees, hit) for hit in nulled]
    findings = []
    names = {hit.name for hit in nulled}
    for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names)):
        for line, hit, how, severity in _uses(path, module, owned, nulled):
            commit = trees.upstream_commit(hit.path, rf"^{hit.name}[[:space:]]*(:[^=]*)?=", pr_pattern)
            findings.append(_finding(path, line, hit, how, commit, severity))
    return findings


def _nulled(path: str, old: ast.Module, new: ast.Module) -> Iterator[Nulled]:
    """The names the file's top level bound once to a value at the base and binds once to None now, with no
    builder run at import."""
    before, after = _top_bindings(old), _top_bindings(new)
    for name, values in after.items():
        was = before.get(name)
        if len(values) != 1 or not _is_none(values[0]) or was is None or len(was) != 1 or _is_none(was[0]):
            continue
        if values[0] is _CONDITIONAL or was[0] is _CONDITIONAL:
            continue
        builders = _builders(new, name)
        if not _built_at_import(new, builders):
            yield Nulled(path, _dotted(path), name, ast.unparse(was[0])[:60], builders, _through_globals(new, name))


def _through_globals(module: ast.Module, name: str) -> bool:
    """The module rebinds its globals by name (``globals()["X"] = ...``, ``globals().update(...)``): something
    may build the value there."""
    for n in ast.walk(module):
        if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store) and _calls_globals(n.value):
            if str_value(n.slice) in (name, None):
                return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and _calls_globals(n.func.value):
            if n.func.attr in ("update", "setdefault", "__setitem__"):
                return True
    return False


def _calls_globals(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "globals"


_CONDITIONAL = ast.Constant(value=...)  # a binding under an ``if``/``try``/loop at the top level


def _top_bindings(module: ast.Module) -> dict[str, list[ast.expr]]:
    """Each name the module's top level stores -> the values bound (``_CONDITIONAL`` for a store under a
    block, an import, a ``for`` target, a tuple target: anything not one plain ``name = value``)."""
    found: dict[str, list[ast.expr]] = {}
    for stmt in module.body:
        single = _single(stmt)
        if single is not None:
            found.setdefault(single[0], []).append(single[1])
            continue
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.setdefault(stmt.name, []).append(_CONDITIONAL)
            continue
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.setdefault(node.id, []).append(_CONDITIONAL)
            elif isinstance(node, ast.alias):
                found.setdefault((node.asname or node.name).split(".")[0], []).append(_CONDITIONAL)
    return found


def _single(stmt: ast.stmt) -> tuple[str, ast.expr] | None:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        return stmt.target.id, stmt.value
    return None


def _is_none(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and value.value is None


def _builders(module: ast.Module, name: str) -> frozenset[str]:
    """The module's functions (a method or a nested function too: ``global`` reaches the module from any
    depth) that declare ``global name`` and store it."""
    found = set()
    for func in ast.walk(module):
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            nodes = list(ast.walk(func))
            declared = any(isinstance(n, ast.Global) and name in n.names for n in nodes)
            if declared and any(
                isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in nodes
            ):
                found.add(func.name)
    return frozenset(found)


def _built_at_import(module: ast.Module, builders: frozenset[str]) -> bool:
    """The module's top level calls a builder (at any depth of a top-level statement but a def or class)."""
    for stmt in module.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if any(isinstance(n, ast.Call) and last_name(n.func) in builders for n in ast.walk(stmt)):
            return True
    return False


def _dotted(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def _uses(
    path: str, module: ast.Module, owned: set[int], nulled: list[Nulled]
) -> Iterator[tuple[int, Nulled, str, Severity]]:
    parents = parent_map(module)
    imports: dict[str, ast.ImportFrom] = {}
    reads = _Reads(
        _imported_names(module, path, nulled, imports),
        _module_names(module, path, nulled),
        {hit.name: hit for hit in nulled if hit.path == path},  # the fork's code in upstream's module itself
        nulled,
        imports,
    )
    for node in ast.walk(module):
        if not isinstance(node, ast.Name | ast.Attribute | ast.Call) or node.lineno not in owned:
            continue
        met = reads.met(node, parents)
        if met is None:
            continue
        hit, severity = met
        how = _how(node, parents)
        if how is None or _guarded(node, parents) or _builder_absent(node, hit, parents):
            continue
        if not _builds_first(node, hit, parents, reads.imports.get(_local(node))):
            yield node.lineno, hit, how, severity


def _local(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else ""


@dataclass(frozen=True)
class _Reads:
    """How a fork module reaches the nulled names: imported (local name -> the change, at its top level),
    through a module (the expression naming it -> its dotted name), or as a global of upstream's module."""

    imported: dict[str, tuple[Nulled, bool]]
    modules: dict[str, str]
    own: dict[str, Nulled]
    nulled: list[Nulled]
    imports: dict[str, ast.ImportFrom]  # local name -> the statement binding its copy

    def met(
        self, node: ast.Name | ast.Attribute | ast.Call, parents: dict[int, ast.AST]
    ) -> tuple[Nulled, Severity] | None:
        """The change a load meets and how sure its None is: the name imported at the top level holds the
        import-time None (an error); one imported in a function, or read off a module (``m.X``,
        ``getattr(m, "X")``, a global of the module itself) something may have built it in by then, a warning;
        read off a module nothing rebinds it in, an error."""
        if isinstance(node, ast.Call):
            found = self._by_getattr(node)
        elif not isinstance(node.ctx, ast.Load):
            return None
        elif isinstance(node, ast.Name) and node.id in self.imported:
            hit, top = self.imported[node.id]
            return hit, Severity.ERROR if top else Severity.WARNING
        elif isinstance(node, ast.Name):
            found = self.own.get(node.id)
            found = None if found is None or _bound_in_function(node, parents) else found
        else:
            found = self._off_module(node.value, node.attr)
        if found is None:
            return None
        return found, Severity.WARNING if found.builders or found.stored_elsewhere else Severity.ERROR

    def _by_getattr(self, call: ast.Call) -> Nulled | None:
        """``getattr(m, "X")`` (a default too: the attribute exists, so None comes back)."""
        if last_name(call.func) != "getattr" or len(call.args) not in (2, 3) or call.keywords:
            return None
        name = call.args[1]
        if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
            return None
        return self._off_module(call.args[0], name.value)

    def _off_module(self, value: ast.expr, attr: str) -> Nulled | None:
        """The change a read of ``attr`` off ``value`` meets: ``value`` names a module one of whose names
        upstream made None, ``attr``."""
        source = self.modules.get(ast.unparse(value))
        return next((hit for hit in self.nulled if hit.module == source and hit.name == attr), None)


def _bound_in_function(read: ast.Name, parents: dict[int, ast.AST]) -> bool:
    """The function around the read binds the name itself (a parameter, a store, ``global`` with a store):
    the fork's own value, or a builder of its own."""
    func = enclosing(read, parents)
    if func is None:
        return False
    nodes = list(ast.walk(func))
    if any(isinstance(n, ast.arg) and n.arg == read.id for n in nodes):
        return True
    return any(isinstance(n, ast.Name) and n.id == read.id and not isinstance(n.ctx, ast.Load) for n in nodes)


def _nulled_names(raw: str) -> set[str]:
    """The names a file's raw diff adds a module-level ``name = None`` line for."""
    found = set()
    for hit in _ASSIGNED_NONE.finditer(raw):
        line = _NULLED_LINE.match(raw, raw.rfind("\n", 0, hit.start()) + 1)
        if line is not None:
            found.add(line.group(1))
    return found


def _stores_seen(trees: ThreeTrees, hit: Nulled) -> Nulled:
    """``hit``, noting whether an upstream module may set the name from outside (``m.name = ...``, a
    ``git grep`` asked only where the module has no builder of its own)."""
    if hit.builders or hit.stored_elsewhere:
        return hit
    found = trees.python_files_with((f".{hit.name} =", f".{hit.name}="))
    return dataclasses.replace(hit, stored_elsewhere=bool(found))


def _stored(trees: ThreeTrees, name: str) -> bool:
    """A fork line stores the name on a module (``m.X = ...``, ``setattr(m, "X", ...)``) or declares it
    ``global``: the fork builds it."""
    store = re.compile(
        rf"\.{name}[ \t]*=(?!=)|^[ \t]*global[ \t][^#\n]*\b{name}\b|(?<![\w.])setattr\([^,\n]*,[ \t]*[\"']{name}[\"']"
    )
    return any(store.search(line) for p in trees.mine if p.endswith(".py") for line in trees.mine[p].added.values())


def _imported_names(
    module: ast.Module, path: str, nulled: list[Nulled], statements: dict[str, ast.ImportFrom]
) -> dict[str, tuple[Nulled, bool]]:
    """Local name -> (the change, imported at the module's top level), for ``from m import X`` of a nulled
    name of the very module ``m``, where the module binds the local name no other way; ``statements`` gets
    each such name's import."""
    by_key = {(hit.module, hit.name): hit for hit in nulled}
    top = {id(s) for s in module.body}
    found: dict[str, tuple[Nulled, bool]] = {}
    counts: dict[str, int] = {}
    for stmt in _runtime_imports(module):
        source = _absolute(stmt, path)
        for alias in stmt.names:
            local = alias.asname or alias.name
            counts[local] = counts.get(local, 0) + 1
            hit = by_key.get((source, alias.name))
            if hit is not None:
                found[local] = (hit, id(stmt) in top)
                statements[local] = stmt
    stored = {n.id for n in ast.walk(module) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    stored |= {n.arg for n in ast.walk(module) if isinstance(n, ast.arg)}
    stored |= {n.name for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    kept = {local: v for local, v in found.items() if counts[local] == 1 and local not in stored}
    for local in set(statements) - set(kept):
        del statements[local]
    return kept


def _module_names(module: ast.Module, path: str, nulled: list[Nulled]) -> dict[str, str]:
    """Expressions (as written) naming a module holding a nulled name -> that module: ``m`` of ``from pkg
    import m`` (an alias too), ``m`` of ``import pkg.m as m``, ``pkg.m`` of ``import pkg.m``."""
    wanted = {hit.module for hit in nulled}
    found: dict[str, str] = {}
    for stmt in ast.walk(module):
        if isinstance(stmt, ast.ImportFrom):
            source = _absolute(stmt, path)
            for alias in stmt.names:
                if f"{source}.{alias.name}" in wanted:
                    found[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.name in wanted:
                    found[alias.asname or alias.name] = alias.name
    return found


def _how(read: ast.Name | ast.Attribute | ast.Call, parents: dict[int, ast.AST]) -> str | None:
    parent = parents.get(id(read))
    if isinstance(parent, ast.Call) and parent.func is read:
        return f"calls {ast.unparse(read)}"
    return _value_use(read, parents)


# what reading a value off None raises: a handler or a ``suppress`` of one of these expected it
_NONE_RAISES = frozenset({"AttributeError", "TypeError", "Exception", "BaseException"})


def _guarded(read: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Inside a ``try``, or a ``with suppress(...)`` of what None raises, or a function around it (the module,
    at the top level) or an ``if`` around it tests the very expression: ``is None``, truth, ``or``,
    ``isinstance``, ``getattr(m, "X", None)`` for ``m.X``, a predicate handed it in a test
    (``torch.is_tensor(X)``, ``hasattr(X, "device")``), or a function of the module that tests it
    (``if _identity_ready():``)."""
    up = parents.get(id(read))
    while up is not None:
        if isinstance(up, ast.Try | ast.TryStar) or (isinstance(up, ast.With) and catches(up, _NONE_RAISES)):
            return True
        up = parents.get(id(up))
    spellings = _spellings(read)
    scopes = [*_scopes(read, parents), *_if_tests(read, parents)]
    nodes = [n for scope in scopes for n in ast.walk(scope)]
    if any(_tested_expr(n, shown) for n in nodes for shown in spellings):
        return True
    helpers = _testing_functions(_root(read, parents), spellings)
    return any(_asks(n, spellings, helpers, parents) for n in nodes)


def _spellings(read: ast.AST) -> set[str]:
    """The ways a test may spell the value read: as written, and ``m.X`` / ``getattr(m, "X"[, None])`` for
    each other."""
    shown = ast.unparse(read)
    if isinstance(read, ast.Attribute):
        owner, attr = ast.unparse(read.value), read.attr
    elif isinstance(read, ast.Call) and len(read.args) >= 2 and isinstance(read.args[1], ast.Constant):
        owner, attr = ast.unparse(read.args[0]), str(read.args[1].value)
    else:
        return {shown}
    return {shown, f"{owner}.{attr}", f"getattr({owner}, {attr!r})", f"getattr({owner}, {attr!r}, None)"}


def _asks(node: ast.AST, spellings: set[str], helpers: frozenset[str], parents: dict[int, ast.AST]) -> bool:
    """``node`` is a test (an ``if``, ``while``, conditional expression, ``assert``, ``and``/``or``) calling a
    predicate on the value (handed it, not using it: ``len(X)`` is a use) or a function that tests it."""
    if isinstance(node, ast.If | ast.While | ast.IfExp | ast.Assert):
        tested = [node.test]
    elif isinstance(node, ast.BoolOp):
        tested = list(node.values)
    else:
        return False
    calls = (n for t in tested for n in ast.walk(t) if isinstance(n, ast.Call))
    return any(
        last_name(c.func) in helpers
        or any(ast.unparse(a) in spellings and _value_use(a, parents) is None for a in c.args)
        for c in calls
    )


def _testing_functions(module: ast.AST, spellings: set[str]) -> frozenset[str]:
    """The module's functions (methods too) that test the value (``return X is not None``): a fork helper
    guard."""
    return frozenset(
        f.name
        for f in ast.walk(module)
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        and any(_tested_expr(n, shown) for n in ast.walk(f) for shown in spellings)
    )


def _builder_absent(read: ast.AST, hit: Nulled, parents: dict[int, ast.AST]) -> bool:
    """The read runs only where a test says the module has no builder: after ``if hasattr(m, "build"): ...
    return``, in the ``else`` of ``if build is not None`` (``build = getattr(m, "build", None)``), in the body of
    ``if not hasattr(m, "build")`` or ``if build is None`` -- the fork's path for the release before the change,
    when the module built the value at import.  A test whose sense is not read (an ``and`` that failed) says
    nothing."""
    if not hit.builders:
        return False
    flags = _builder_flags(_root(read, parents), hit.builders)

    def absent(test: ast.expr) -> bool:
        parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        return any(_has_builder(part, hit.builders, flags) is False for part in parts)

    return runs_tested(read, parents, absent, lambda test: _has_builder(test, hit.builders, flags) is True)


def _has_builder(test: ast.expr, builders: frozenset[str], flags: dict[str, bool]) -> bool | None:
    """What ``test`` being true says of the module's builder: there (True), missing (False), nothing (None).
    ``hasattr(m, "build")``, ``getattr(m, "build", None)``, ``m.build``, ``build`` (imported or a flag bound
    from one of these), each under ``not`` or compared with None."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _has_builder(test.operand, builders, flags)
        return None if inner is None else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and _is_none(test.comparators[0]):
        inner = _has_builder(test.left, builders, flags)
        if inner is None or not isinstance(test.ops[0], ast.Is | ast.IsNot | ast.Eq | ast.NotEq):
            return None
        return inner if isinstance(test.ops[0], ast.IsNot | ast.NotEq) else not inner
    if isinstance(test, ast.Call) and last_name(test.func) in ("hasattr", "getattr") and len(test.args) >= 2:
        return True if str_value(test.args[1]) in builders else None
    if isinstance(test, ast.Name):
        return True if test.id in builders else flags.get(test.id)
    if isinstance(test, ast.Attribute):
        return True if test.attr in builders else None
    return None


def _builder_flags(module: ast.AST, builders: frozenset[str]) -> dict[str, bool]:
    """Names bound to what a test of the builder says (``LAZY = hasattr(m, "build")``, ``OLD = not ...``,
    ``build = getattr(m, "build", None)``): True where the name is truthy with the builder there."""
    flags: dict[str, bool] = {}
    for n in ast.walk(module):
        if isinstance(n, ast.Assign) and (sense := _has_builder(n.value, builders, flags)) is not None:
            flags.update({t.id: sense for t in n.targets if isinstance(t, ast.Name)})
    return flags


def _names_builder(node: ast.AST, names: frozenset[str]) -> bool:
    """``node`` names a builder: a name, an attribute or a string (``getattr(m, "build", None)``) of one."""
    for n in ast.walk(node):
        named = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else None
        if named in names or (isinstance(n, ast.Constant) and n.value in names):
            return True
    return False


def _bound_to_builder(module: ast.AST, builders: frozenset[str]) -> frozenset[str]:
    """Names the module binds to a builder (``build = getattr(m, "build", None)``, ``build = m.build``)."""
    return frozenset(
        target.id
        for n in ast.walk(module)
        if isinstance(n, ast.Assign) and _names_builder(n.value, builders)
        for target in n.targets
        if isinstance(target, ast.Name)
    )


def _builds_first(read: ast.AST, hit: Nulled, parents: dict[int, ast.AST], imported: ast.ImportFrom | None) -> bool:
    """A builder ran before the value was bound.  A read off the module (or its global): a call in the read's
    function (the module, at the top level) above it.  A copy imported by name: a call above its import, in
    the import's function, or at the module's top level for a top-level import (the builder rebinds the
    module's global, never a copy taken before it ran)."""
    anchor = imported or read
    func = enclosing(anchor, parents)
    root = _root(read, parents)
    names = hit.builders | _bound_to_builder(root, hit.builders)
    line = getattr(anchor, "lineno", 0) - (1 if imported is not None else 0)
    nodes = ast.walk(func) if func is not None else _run_at_import(root) if imported is not None else ast.walk(root)
    return any(isinstance(n, ast.Call) and last_name(n.func) in names and n.lineno <= line for n in nodes)


def _run_at_import(module: ast.AST) -> Iterator[ast.AST]:
    """The module's nodes but the bodies of its functions and lambdas (never run at import)."""
    todo = [module]
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))


def _finding(path: str, line: int, hit: Nulled, how: str, commit: str, severity: Severity) -> Finding:
    built = (
        f"built later by {', '.join(sorted(hit.builders))}(), which rebinds the module's global, never a name "
        "imported from it"
        if hit.builders
        else "stored outside a builder (m.name = ..., globals()[...])"
        if hit.stored_elsewhere
        else "rebound by nothing in the module"
    )
    return Finding(
        RULE,
        "merge",
        severity,
        path,
        line,
        f"fork-owned line {how}, {hit.module}.{hit.name}, which upstream now binds to None at import (was "
        f"{hit.was}; {built}) ({hit.path}{commit}): this raises on None"
        f"{' until a caller has built it' if severity is Severity.WARNING else ''}; build it first, test it, or "
        "read it off the module once built",
    )
