"""A module's table whose values upstream made names: the entries were objects, they are now strings.

#23651 (379f828fba) made ``config._CONFIG_REGISTRY`` a ``LazyConfigDict(chatglm="ChatGLMConfig", ...)`` where
it was ``{"chatglm": ChatGLMConfig, ...}``: its ``__getitem__`` now looks each value up by name in the configs
package, so the table holds strings and resolves them on lookup.  The annotation kept ``dict[str,
type[PretrainedConfig]]``, so nothing a type says changed.  Fork code written against the old table merges
cleanly and then breaks:

- ``_CONFIG_REGISTRY["aeon"] = AeonConfig`` puts an object where the lookup expects a name: the table's own
  ``__getitem__`` raises TypeError (``getattr(module, AeonConfig)``) the first time the key is read.  Without
  such a resolver in the module, upstream's readers take the values as names some other way (an import by
  path, a registry by name), which may or may not accept an object: a warning.
- ``for cls in _CONFIG_REGISTRY.values(): cls.model_type`` (or ``.items()``) walks the raw values, which a
  ``__getitem__`` never sees: a string has no ``model_type``, an AttributeError.

Upstream's side: the Python files whose diff removed and re-added a module-level binding spelling a container
(``module_tables``' gate), parsed only for the names a fork line holds; the name's values at the base (a dict
display's, or a call's keyword arguments) are all names or attributes, at upstream all string literals, two
or more each, and the merged file binds the same strings.  Quiet: a read through ``T[key]`` (the resolver
turns the name into the object), a string written in (the new spelling), an attribute a string has, and a
table the fork binds itself.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around, runs_tested, version_gated
from aeon_release.domain.audits.drift.module_tables import Table, _bound_names, _Reader, _rebound
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import added_words, fork_modules
from aeon_release.domain.audits.drift.retyped import Recontained
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, own_scope_nodes, parent_map, str_value, walk_spanning

_FEWEST = 2  # entries on each side: one entry's spelling says little of what the table holds
_STR_MEMBERS = frozenset(dir(str))
_WALKS = frozenset({"values", "items"})
_NAME_ATTRS = frozenset({"__name__", "__qualname__", "__module__"})  # a class's own strings
_STR_METHODS = frozenset(  # a string's methods that hand back a string
    {
        "lower",
        "upper",
        "strip",
        "lstrip",
        "rstrip",
        "removeprefix",
        "removesuffix",
        "replace",
        "format",
        "join",
        "title",
    }
)
_KIND_PROBES = frozenset({"isinstance", "type", "hasattr", "getattr", "callable"})  # tests that tell kinds apart
_RAISED = frozenset({"AttributeError", "Exception", "BaseException"})  # what a str raises for a class's attribute


@dataclass(frozen=True)
class Named:
    """A module table whose values upstream made names; ``resolver`` is the module's class whose
    ``__getitem__`` builds the table (the lookup that turns a name into its object), or ""; ``resolves``
    the methods that class defines (a ``get`` it does not define hands back the raw name)."""

    table: Table
    resolver: str
    resolves: frozenset[str] = frozenset()


def named_entry_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    found = _named(trees)
    if not found:
        return []
    named = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, {n.table.hit.name for n in found}))) + r")\b")
    tables = [n.table for n in found]
    return [
        _finding(trees, path, line, named_by[id(table)], how, severity, pr_pattern)
        for named_by in [{id(n.table): n for n in found}]
        for path, module, owned in fork_modules(trees, named.search)
        for line, table, how, severity in _uses(trees, path, module, owned, tables, named_by)
    ]


def _named(trees: ThreeTrees) -> list[Named]:
    words = added_words(trees) if trees.mine else frozenset()
    wanted: dict[str, set[str] | None] = {}  # None: entries flipped in place, the table's name is read off the tree
    for path in (p for p in trees.upstream if p.endswith(".py")):
        diff = trees.upstream.raw(path)
        if names := _rebound(diff) & words:
            wanted[path] = names
        elif _flipped_keys(diff):
            wanted[path] = None
    found: list[Named] = []
    for both in parsed_texts(trees, sorted(wanted)):
        merged = trees.merged_module(both.path)
        held = wanted[both.path]
        for name in sorted(held if held is not None else _module_names(both.new) & words):
            old, new = _values(both.old, name), _values(both.new, name)
            if old is None or new is None or merged is None or _values(merged, name) != new:
                continue
            if len(old[1]) < _FEWEST or len(new[1]) < _FEWEST:
                continue
            if not all(isinstance(v, ast.Name | ast.Attribute) for v in old[1]) or not all(_text(v) for v in new[1]):
                continue
            if any(isinstance(v, ast.Name) and v.id in _texts_bound(both.old) for v in old[1]):
                continue  # constants inlined: the values were strings before too
            hit = Recontained(name, "", both.path, "objects", "names", "dict", "dict", False)
            table = Table(dotted_name(both.path, roots=("",)), hit)
            found.append(Named(table, *_resolver(both.new, new[0])))
    return found


# a dict entry (``"key": Value,`` or a keyword ``key=Value,``) removed with an object for its value, and one
# added with a string: a table whose binding line stayed while its values became names
_ENTRY_OBJECT = lazy_pattern(r"""\n-[ \t]*(?:["'](\w+)["'][ \t]*:|(\w+)[ \t]*=)[ \t]*[A-Za-z_][\w.]*[ \t]*,""")
_ENTRY_NAME = lazy_pattern(r"""\n\+[ \t]*(?:["'](\w+)["'][ \t]*:|(\w+)[ \t]*=)[ \t]*[rbuRBU]?["']""")


def _flipped_keys(diff: str) -> bool:
    """The diff replaced an entry's object by a string under the same key, for at least ``_FEWEST`` keys."""
    removed = {a or b for a, b in _ENTRY_OBJECT.findall(diff)}
    if len(removed) < _FEWEST:
        # too few keys lost an object for any pair to flip: the added side's search (an identifier then ``=`` is
        # tried on every added line) was two-thirds of this check at 500 commits, and 588 of 666 diffs stop here
        return False
    added = {a or b for a, b in _ENTRY_NAME.findall(diff)}
    return len(removed & added) >= _FEWEST


def _module_names(module: ast.Module) -> set[str]:
    """The names the module binds at its top level by assignment."""
    return {
        t.id
        for stmt in module.body
        for t in (
            stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        )
        if isinstance(t, ast.Name)
    }


def _values(module: ast.Module, name: str) -> tuple[ast.expr, list[ast.expr]] | None:
    """(the bound value, its entries' values) of the module's one binding of ``name`` to a dict display or
    a call with keyword arguments only (``dict(a=...)``, ``LazyTable(a=...)``), else None."""
    bound = [
        stmt.value
        for stmt in module.body
        if isinstance(stmt, ast.Assign | ast.AnnAssign)
        and stmt.value is not None
        and name
        in {t.id for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]) if isinstance(t, ast.Name)}
    ]
    if len(bound) != 1:
        return None
    value = bound[0]
    if isinstance(value, ast.Dict) and all(k is not None for k in value.keys):
        return value, list(value.values)
    if isinstance(value, ast.Call) and not value.args and all(k.arg is not None for k in value.keywords):
        return value, [k.value for k in value.keywords]
    return None


def _texts_bound(module: ast.Module) -> set[str]:
    """The names the module binds at its top level to a string literal (a constant, not an object)."""
    return {
        t.id
        for stmt in module.body
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None and _text(stmt.value)
        for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
        if isinstance(t, ast.Name)
    }


def _text(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and isinstance(value.value, str)


def _resolver(module: ast.Module, value: ast.expr) -> tuple[str, frozenset[str]]:
    """The module's class the table is built by, when it defines ``__getitem__`` (the lookup resolves
    names), and the methods it defines; ("", nothing) otherwise."""
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name):
        return "", frozenset()
    for stmt in module.body:
        if isinstance(stmt, ast.ClassDef) and stmt.name == value.func.id:
            members = frozenset(s.name for s in stmt.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef))
            return (stmt.name, members) if "__getitem__" in members else ("", frozenset())
    return "", frozenset()


def _uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], tables: list[Table], named_by: dict[int, Named]
) -> Iterator[tuple[int, Table, str, Severity]]:
    imports = file_imports(module, path)
    reader = _Reader(imports, dotted_name(path, roots=("",)), _bound_names(module), tables)
    reader.parents = parent_map(module)
    strings = _Strings(trees, module, imports, reader.parents)
    for node in walk_spanning(module, owned):
        if getattr(node, "lineno", 0) not in owned:
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript):
            table = reader.table(node.targets[0].value, node)
            if table is None or strings.holds(node.value, node):
                continue
            named = named_by[id(table)]
            if _raw_read(node.value, node, reader, named):
                continue
            if not _told_apart(node, node.targets[0].value, named.resolver, reader.parents):
                yield from _written(node, table, named)
        elif (walk := _walk(node)) is not None:
            yield from _walked(node, walk, reader)


_RAW_READS = frozenset({"get", "pop", "setdefault"})  # dict's own reads: the stored value, unresolved


def _raw_read(value: ast.expr, node: ast.AST, reader: _Reader, named: Named) -> bool:
    """``T.get(key)`` (``pop``, ``setdefault``) of a table of names whose resolver does not define that
    method: dict's own read hands back the stored name, not the object the lookup makes of it."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)):
        return False
    read = value.func.attr
    return read in _RAW_READS and read not in named.resolves and reader.table(value.func.value, node) is not None


# what a fork name is known to hold: a string, a table of strings (a dict or list display of them), or a
# function annotated to return one
_STR, _TABLE, _MAKER = "str", "table", "maker"
Known = dict[str, str]


class _Strings:
    """Which of a fork file's values evidently hold a string (a name written that way is the new spelling):
    a literal, an f-string, ``str(...)``, a class's ``__name__``, a string's method, ``"..." + x``, an entry
    of a table of strings, a call of a function annotated ``-> str``, and a name bound only to such a value --
    in the module or the enclosing function, a parameter annotated ``str``, a loop's target over a table of
    strings, or a fork module's string constant imported."""

    def __init__(
        self, trees: ThreeTrees, module: ast.Module, imports: dict[str, tuple[str, str]], parents: dict[int, ast.AST]
    ):
        self.trees, self.module, self.imports, self.parents = trees, module, imports, parents
        self.scopes: dict[int, Known] = {}

    def holds(self, value: ast.expr, node: ast.AST) -> bool:
        return _stringy(value, self.known(enclosing(node, self.parents)))

    def known(self, func: ast.FunctionDef | ast.AsyncFunctionDef | None) -> Known:
        scope: ast.AST = func if func is not None else self.module
        if id(scope) not in self.scopes:
            outer = self.known(None) if func is not None else self.imported() | _makers(self.module)
            self.scopes[id(scope)] = _string_names(scope, outer)
        return self.scopes[id(scope)]

    def imported(self) -> Known:
        """The names imported from a module of the tree that binds them to a string literal at its top level."""
        found: Known = {}
        for local, (source, name) in self.imports.items():
            base = source.replace(".", "/")
            for path in (f"{base}.py", f"{base}/__init__.py") if name else ():
                held = self.trees.merged_module(path)
                if held is not None:
                    found |= {local: _STR} if name in _texts_bound(held) else {}
                    break
        return found


def _makers(module: ast.Module) -> Known:
    """The module's functions annotated to return a string."""
    return {
        stmt.name: _MAKER
        for stmt in module.body
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef)
        and stmt.returns is not None
        and ast.unparse(stmt.returns) == "str"
    }


def _stringy(value: ast.expr, known: Known) -> bool:
    if _text(value) or isinstance(value, ast.JoinedStr):
        return True
    if isinstance(value, ast.Name):
        return known.get(value.id) == _STR
    if isinstance(value, ast.Attribute):
        return value.attr in _NAME_ATTRS
    if isinstance(value, ast.Subscript):
        return isinstance(value.value, ast.Name) and known.get(value.value.id) == _TABLE
    if isinstance(value, ast.Call):
        return _made(value, known)
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add | ast.Mod):
        return _stringy(value.left, known)
    if isinstance(value, ast.IfExp):
        return _stringy(value.body, known) and _stringy(value.orelse, known)
    return False


def _made(call: ast.Call, known: Known) -> bool:
    """``str(x)``, ``f()`` of a function annotated ``-> str``, a string's method, ``D.get(k)`` of a table of
    strings (with no default, or a string's)."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id == "str" or known.get(func.id) == _MAKER
    if not isinstance(func, ast.Attribute):
        return False
    if func.attr == "get" and isinstance(func.value, ast.Name) and known.get(func.value.id) == _TABLE:
        return len(call.args) < 2 or _stringy(call.args[1], known)
    return func.attr in _STR_METHODS and _stringy(func.value, known)


def _string_names(scope: ast.AST, outer: Known) -> Known:
    """What ``scope`` (a module or a function) binds only to strings or to tables of them, ``outer`` (its
    enclosing scope's) known too: its parameters annotated ``str``, its assignments' and its loops' targets."""
    known = dict(outer)
    if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
        every = [*scope.args.posonlyargs, *scope.args.args, *scope.args.kwonlyargs]
        known |= {a.arg: _STR for a in every if a.annotation is not None and ast.unparse(a.annotation) == "str"}
    own = list(own_scope_nodes(scope))
    for _ in range(2):  # a name bound from another bound earlier
        bound: dict[str, list[str]] = {}
        for node in own:
            for target, kind in _bindings(node, known):
                bound.setdefault(target, []).append(kind)
        known |= {name: kinds[0] for name, kinds in bound.items() if kinds[0] and len(set(kinds)) == 1}
    return known


def _bindings(node: ast.AST, known: Known) -> Iterator[tuple[str, str]]:
    """(a name ``node`` binds, what it binds it to: ``_STR``, ``_TABLE`` or "" for anything else): an
    assignment's plain targets, a loop's over a table of strings."""
    if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
        kind = _STR if _stringy(node.value, known) else _TABLE if _table_of_strings(node.value, known) else ""
        for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
            if isinstance(target, ast.Name):
                yield target.id, kind
    elif isinstance(node, ast.For | ast.comprehension):
        stringy, value = _walks_strings(node.iter, known), node.target
        if isinstance(value, ast.Tuple) and len(value.elts) == 2 and _is_items(node.iter):
            value = value.elts[1]  # ``for key, value in D.items()``: the value is the string
        for name in (n for n in ast.walk(node.target) if isinstance(n, ast.Name)):
            yield name.id, _STR if stringy and name is value else ""


def _table_of_strings(value: ast.expr, known: Known) -> bool:
    """A dict display whose values are all strings, or a list, tuple or set display of strings."""
    if isinstance(value, ast.Dict):
        return bool(value.values) and all(_stringy(v, known) for v in value.values)
    if isinstance(value, ast.List | ast.Tuple | ast.Set):
        return bool(value.elts) and all(_stringy(e, known) for e in value.elts)
    return False


def _is_items(walked: ast.expr) -> bool:
    return isinstance(walked, ast.Call) and isinstance(walked.func, ast.Attribute) and walked.func.attr == "items"


def _walks_strings(walked: ast.expr, known: Known) -> bool:
    """A loop over a table of strings: a display, a name bound to one, or ``D.items()``/``D.values()`` of
    a dict of them."""
    if isinstance(walked, ast.Call) and isinstance(walked.func, ast.Attribute) and walked.func.attr in _WALKS:
        walked = walked.func.value
    if isinstance(walked, ast.Name):
        return known.get(walked.id) == _TABLE
    return _table_of_strings(walked, known)


def _told_apart(node: ast.AST, table: ast.expr, resolver: str, parents: dict[int, ast.AST]) -> bool:
    """The write runs in a branch of a test that tells the table's two shapes apart -- the table's kind
    (``isinstance(T, ...)``, ``type(T) is dict``), the resolver's presence (``hasattr(mod, "Resolver")``), or a
    version: the fork keeps the object for the releases before the change."""
    subject = ast.unparse(table)

    def asks(test: ast.expr) -> bool:
        return any(_probes(n, subject, resolver) for n in ast.walk(test))

    return runs_tested(node, parents, asks, asks) or version_gated(node, parents)


def _probes(node: ast.AST, subject: str, resolver: str) -> bool:
    if not (isinstance(node, ast.Call) and node.args and ast.unparse(node.func).rsplit(".", 1)[-1] in _KIND_PROBES):
        return False
    if ast.unparse(node.args[0]) == subject:
        return True
    return bool(resolver) and any(
        str_value(a) == resolver or ast.unparse(a).rsplit(".", 1)[-1] == resolver for a in node.args[1:]
    )


def _written(node: ast.Assign, table: Table, named: Named) -> Iterator[tuple[int, Table, str, Severity]]:
    put = ast.unparse(node.value)
    if named.resolver:
        why = (
            f"{named.resolver}.__getitem__ looks each value up as a name, so reading the key raises TypeError "
            f"on {put}; register its name as a string where the lookup finds it"
        )
        yield node.lineno, table, f"writes {put} into the table|{why}", Severity.ERROR
    else:
        why = f"upstream's readers take the values as names now and may not accept {put}"
        yield node.lineno, table, f"writes {put} into the table|{why}", Severity.WARNING


def _walk(node: ast.AST) -> tuple[ast.expr, ast.expr, list[ast.AST]] | None:
    """(the walked ``T.values()``/``T.items()``'s receiver, the target bound to a value, the nodes it is read
    in) of a ``for`` loop or a comprehension's first ``for``."""
    body: list[ast.AST]
    if isinstance(node, ast.For | ast.AsyncFor):
        iter_, target, body = node.iter, node.target, list(node.body)
    elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):
        iter_, target, body = node.generators[0].iter, node.generators[0].target, [node.elt]
    elif isinstance(node, ast.DictComp):
        iter_, target, body = node.generators[0].iter, node.generators[0].target, [node.key, node.value]
    else:
        return None
    if not isinstance(iter_, ast.Call) or not isinstance(iter_.func, ast.Attribute) or iter_.func.attr not in _WALKS:
        return None
    if iter_.func.attr == "items":
        if not isinstance(target, ast.Tuple) or len(target.elts) != 2:
            return None
        target = target.elts[1]
    return (iter_.func.value, target, body) if isinstance(target, ast.Name) else None


def _walked(
    node: ast.AST, walk: tuple[ast.expr, ast.expr, list[ast.AST]], reader: _Reader
) -> Iterator[tuple[int, Table, str, Severity]]:
    receiver, target, body = walk
    table = reader.table(receiver, node)
    if table is None or not isinstance(target, ast.Name) or _kind_handled(node, target):
        return
    for inner in (n for part in body for n in ast.walk(part)):
        if (
            isinstance(inner, ast.Attribute)
            and isinstance(inner.value, ast.Name)
            and inner.value.id == target.id
            and inner.attr not in _STR_MEMBERS
            and not caught_around(inner, _RAISED, reader.parents)
        ):
            why = f"the walk yields the raw values, names now, and a str has no {inner.attr}"
            yield inner.lineno, table, f"reads {ast.unparse(inner)} off the table's values|{why}", Severity.ERROR
            return


def _kind_handled(node: ast.AST, target: ast.Name) -> bool:
    """The loop (its body, a comprehension's tests) tells a value's kinds apart or replaces it before the
    read: ``isinstance(v, str)``, ``hasattr(v, "model_type")``, ``v = getattr(configs, v)`` -- written for
    values that may be names."""
    for inner in ast.walk(node):
        if (
            isinstance(inner, ast.Name)
            and inner.id == target.id
            and isinstance(inner.ctx, ast.Store)
            and inner is not target
        ):
            return True
        if isinstance(inner, ast.Call) and inner.args and isinstance(inner.args[0], ast.Name):
            probe = ast.unparse(inner.func).rsplit(".", 1)[-1]
            if inner.args[0].id == target.id and probe in _KIND_PROBES:
                return True
    return False


def _finding(
    trees: ThreeTrees, path: str, line: int, named: Named, how: str, severity: Severity, pr_pattern: str
) -> Finding:
    hit = named.table.hit
    commit = trees.upstream_commit(hit.path, rf"^{re.escape(hit.name)}\b", pr_pattern)
    use, why = how.split("|", 1)
    message = (
        f"fork-owned line {use}, but upstream made {named.table.module}.{hit.name}'s values names (strings) "
        f"where they were objects ({hit.path}{commit}): {why}"
    )
    return Finding(RULE, "merge", severity, path, line, message)
