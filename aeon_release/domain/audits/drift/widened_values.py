"""Widened values: a dict field whose values upstream let be a container too, converted value by value by the fork.

#21894 (10f535c086) annotated ``EngineHandshakeMetadata.parallel_config`` ``dict[str, Union[int, str, list[int]]]``
where it was ``dict[str, Union[int, str]]``, and put ``_data_parallel_master_port_list`` (a list of ports) in
it.  A fork line ``{key: int(value) for key, value in meta.parallel_config.items() if key != "..._ip"}`` (the
handshake's numbers, logged) merges cleanly and raises TypeError on the list at the first start-up.

Upstream's side: a class-level annotated field (a dataclass's, a plain class's) of a changed file whose
annotation is ``dict[K, V]`` at both sides, where ``V``'s members (a ``Union`` or ``|``) were scalars only
(``int``, ``float``, ``str``, ``bool``, ``bytes``, None) and now include a container (``list``, ``tuple``,
``set``, ``dict`` and their typing names).  The fork's side, on a line it owns: in a function with a parameter
annotated as the field's class, a loop or comprehension over ``p.field.items()`` (the value its second name) or
``p.field.values()``, and ``int(v)``/``float(v)`` of the value in it: an error, since a container converts to
no number.  Quiet: a value the loop first tests (``isinstance(v, int)``, a ``try`` catching TypeError), a loop
that keeps only named keys (``if key == "port"``, ``if key in ("a", "b")``: the new key is not one of them), a
receiver of no known type, a class of the fork's file named like upstream's (its own namesake).

Cheap first: nothing is read when no line the fork added holds the word ``int`` or ``float`` (a finding's line is
a fork-added one whose call names one; ``fork_words`` holds each word as the parser reads it), then only upstream
files whose added lines annotate with ``dict[``, and only fork files naming a field.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.result_kinds import outer_type_name, unquoted_expr
from aeon_release.domain.audits.drift.returned_members import outer_name
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map

_SCALARS = frozenset({"int", "float", "str", "bool", "bytes", "None"})
_CONTAINERS = frozenset({"list", "List", "tuple", "Tuple", "set", "Set", "dict", "Dict", "Sequence", "Mapping"})
_CONVERTS = frozenset({"int", "float"})
_TYPE_ERRORS = frozenset({"TypeError", "ValueError", "Exception", "BaseException"})
_MOST_FILES = 32
_Def = ast.FunctionDef | ast.AsyncFunctionDef
_Names = dict[str, ast.expr]  # module-level names bound to a display or a constant


@dataclass(frozen=True)
class Widened:
    """``cls.field`` (``path``) now holds values of ``added`` kinds besides its scalars."""

    path: str
    cls: str
    field: str
    added: str
    keys: frozenset[str] = frozenset()  # string keys upstream's file's dict displays gained (the new entries)


def widened_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """The fork's number conversions of a dict field's values upstream let be containers."""
    if not _CONVERTS & trees.fork_words():
        return []  # every finding's line is a fork-added one calling int(...) or float(...): nothing to parse (perf29)
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any("dict[" in line.lower() for line in trees.upstream[p].added.values())
    ][:_MOST_FILES]
    widened = [w for path, old, new in parsed_versions(trees, paths) for w in _widened(path, old, new)] if paths else []
    if not widened:
        return []
    fields = {w.field for w in widened}
    return [
        _finding(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda text: any(f in text for f in fields))
        for item, line in _conversions(module, widened)
        if line in owned
    ]


def _widened(path: str, old: ast.Module, new: ast.Module) -> Iterator[Widened]:
    before = {(c.name, f): a for c in _classes(old) for f, a in _fields(c)}
    for cls in _classes(new):
        for field, annotation in _fields(cls):
            was = before.get((cls.name, field))
            old_values, new_values = _value_kinds(was), _value_kinds(annotation)
            if not old_values or not new_values or not old_values <= _SCALARS:
                continue
            added = sorted((new_values - old_values) & _CONTAINERS)
            if added:
                keys = frozenset(_display_keys(new, field) - _display_keys(old, None))
                yield Widened(path, cls.name, field, ", ".join(added), keys)


def _display_keys(module: ast.Module, field: str | None) -> set[str]:
    """The string keys of the dict displays building ``field`` (``parallel_config={"_ports": ...}``, through
    a conditional expression's branches), or of every display in the module where none builds it or for no
    field: a key another display of the file gained is no entry of the field (read-back B)."""
    every = [n for n in ast.walk(module) if isinstance(n, ast.Dict)]
    built = [d for n in ast.walk(module) for d in _builds(n, field)] if field is not None else []
    return {k.value for d in built or every for k in d.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}


def _builds(node: ast.AST, field: str) -> list[ast.Dict]:
    """The displays ``node`` hands or stores as ``field``: ``field=...`` in a call, ``x.field = ...``."""
    values: list[ast.expr] = []
    if isinstance(node, ast.keyword) and node.arg == field:
        values = [node.value]
    elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        values = [node.value] if any(last_name(t) == field for t in targets) else []
    found: list[ast.Dict] = []
    while values:
        value = values.pop()
        if isinstance(value, ast.IfExp):
            values += [value.body, value.orelse]
        elif isinstance(value, ast.Dict):
            found.append(value)
    return found


def _classes(module: ast.Module) -> list[ast.ClassDef]:
    return [n for n in ast.walk(module) if isinstance(n, ast.ClassDef)]


def _fields(cls: ast.ClassDef) -> Iterator[tuple[str, ast.expr]]:
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            yield stmt.target.id, stmt.annotation


def _value_kinds(annotation: ast.expr | None) -> set[str]:
    """The outer names of ``V`` in ``dict[K, V]`` (each member of a union); empty for anything else."""
    node = unquoted_expr(annotation) if annotation is not None else None
    if not isinstance(node, ast.Subscript) or outer_type_name(node) not in ("dict", "Dict"):
        return set()
    items = node.slice.elts if isinstance(node.slice, ast.Tuple) else []
    return _members(items[1]) if len(items) == 2 else set()


def _members(node: ast.expr) -> set[str]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _members(node.left) | _members(node.right)
    if isinstance(node, ast.Subscript) and outer_type_name(node) in ("Union", "Optional"):
        elts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return {m for e in elts for m in _members(e)} | ({"None"} if outer_type_name(node) == "Optional" else set())
    if isinstance(node, ast.Constant) and node.value is None:
        return {"None"}
    return {outer_type_name(node) or "?"}


def _conversions(module: ast.Module, widened: list[Widened]) -> Iterator[tuple[Widened, int]]:
    own = {n.name for n in ast.walk(module) if isinstance(n, ast.ClassDef)}  # the fork's namesakes of upstream's
    widened = [w for w in widened if w.cls not in own]
    parents: dict[int, ast.AST] | None = None
    names = _module_names(module)
    for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
        typed = {
            a.arg: outer_name(a.annotation)
            for a in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
            if a.annotation is not None
        }
        for loop, key, value, item in _loops(func, typed, widened):
            if _selects_keys(loop, key, names if item.keys else None):
                continue  # a loop naming keys keeps those (where the added keys are known, read just below)
            for call in _converted(loop, value):
                parents = parents if parents is not None else parent_map(module)
                if item.keys and all(_skips(loop, call, key, new, parents, names) for new in item.keys):
                    continue
                if not _tested(loop, value) and not caught_around(call, _TYPE_ERRORS, parents):
                    yield item, call.lineno


def _loops(
    func: ast.AST, typed: dict[str, str], widened: list[Widened]
) -> Iterator[tuple[ast.AST, str | None, str, Widened]]:
    """(the loop or comprehension, its key's name, its value's name, the field) over a typed receiver's field."""
    for node in ast.walk(func):
        heads: list[tuple[ast.AST, ast.expr, ast.expr]] = []
        if isinstance(node, ast.For | ast.AsyncFor):
            heads = [(node, node.target, node.iter)]
        if isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            heads = [(node, g.target, g.iter) for g in node.generators]
        for loop, target, it in heads:
            found = _iterated_field(it, typed, widened)
            if found is None:
                continue
            item, method = found
            if method == "values" and isinstance(target, ast.Name):
                yield loop, None, target.id, item
            elif method == "items" and isinstance(target, ast.Tuple) and len(target.elts) == 2:
                key, value = target.elts
                if isinstance(value, ast.Name):
                    yield loop, key.id if isinstance(key, ast.Name) else None, value.id, item


def _iterated_field(it: ast.expr, typed: dict[str, str], widened: list[Widened]) -> tuple[Widened, str] | None:
    """``p.field.items()``/``p.field.values()`` of a parameter annotated as the field's class."""
    if not (isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and it.func.attr in ("items", "values")):
        return None
    read = it.func.value
    if not (isinstance(read, ast.Attribute) and isinstance(read.value, ast.Name)):
        return None
    holder = typed.get(read.value.id)
    item = next((w for w in widened if w.cls == holder and w.field == read.attr), None)
    return (item, it.func.attr) if item is not None else None


def _converted(loop: ast.AST, value: str) -> Iterator[ast.Call]:
    for node in ast.walk(loop):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _CONVERTS
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id == value
        ):
            yield node


def _tested(loop: ast.AST, value: str) -> bool:
    """The loop asks the value's class (``isinstance(v, int)``, ``type(v) is int``): it tells the kinds apart."""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id in ("isinstance", "type")
        and n.args
        and isinstance(n.args[0], ast.Name)
        and n.args[0].id == value
        for n in ast.walk(loop)
    )


def _skips(loop: ast.AST, call: ast.AST, key: str | None, new: str, parents: dict[int, ast.AST], names: _Names) -> bool:
    """The loop's key tests certainly leave the key ``new`` (one upstream's file added) out of ``call``: a
    comprehension's ``if`` false for it (``if not k.startswith("_")``, ``if k not in ("ip", "_ports")``), an
    ``if`` around the call false for it (or true, the call in its ``else``), or an ``if`` true for it whose body
    ``continue``s before the call.  The loop then handles the new entries on purpose (review79: #21894's
    ``_data_parallel_master_port_list``)."""
    if key is None:
        return False
    if isinstance(loop, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
        if any(_holds(test, key, new, names) is False for g in loop.generators for test in g.ifs):
            return True
    child, up = call, parents.get(id(call))
    while up is not None and up is not loop:
        if isinstance(up, ast.If) and child is not up.test:
            if _holds(up.test, key, new, names) is (child not in up.body):
                return True
        # ``v if k == "_ports" else int(v)``: the conditional expression's key test, as an ``if``'s (read-back B)
        if (
            isinstance(up, ast.IfExp)
            and child is not up.test
            and _holds(up.test, key, new, names) is (child is up.orelse)
        ):
            return True
        child, up = up, parents.get(id(up))
    body = getattr(loop, "body", [])
    return any(
        isinstance(stmt, ast.If)
        and stmt.lineno < getattr(call, "lineno", 0)
        and isinstance(stmt.body[-1], ast.Continue)
        and _holds(stmt.test, key, new, names) is True
        for stmt in body
    )


def _holds(test: ast.expr, key: str, new: str, names: _Names) -> bool | None:
    """``test`` with the loop's key bound to the string ``new``: True, False, or None where it reads more."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _holds(test.operand, key, new, names)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        values = [_holds(v, key, new, names) for v in test.values]
        stop = isinstance(test.op, ast.Or)  # the value that decides: True for or, False for and
        return stop if stop in values else (None if None in values else not stop)
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return _compared(test, key, new, names)
    if (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Attribute)
        and test.func.attr in ("startswith", "endswith")
        and isinstance(test.func.value, ast.Name)
        and test.func.value.id == key
        and len(test.args) == 1
    ):
        affixes = [c.value for c in _constants(test.args) if isinstance(c.value, str)]
        return any(getattr(new, test.func.attr)(a) for a in affixes) if affixes else None
    return None


def _compared(test: ast.Compare, key: str, new: str, names: _Names) -> bool | None:
    """``k == "x"``, ``k != "x"``, ``"x" == k``, ``k in ("x", "y")``, ``k not in NAMES`` (a module tuple)."""
    op, left, right = test.ops[0], test.left, test.comparators[0]
    if isinstance(right, ast.Name) and right.id == key and isinstance(op, ast.Eq | ast.NotEq):
        left, right = right, left
    texts = _texts(right, names) if isinstance(left, ast.Name) and left.id == key else None
    if texts is None:
        return None
    if isinstance(op, ast.Eq | ast.In):
        return new in texts
    return new not in texts if isinstance(op, ast.NotEq | ast.NotIn) else None


def _texts(node: ast.expr, names: _Names) -> list[str] | None:
    """The strings a string constant, a display of them, or a module-level name bound to one holds, else None."""
    node = names.get(node.id, node) if isinstance(node, ast.Name) else node
    elts = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    texts = [e.value for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return texts if texts and len(texts) == len(elts) else None


def _module_names(module: ast.Module) -> _Names:
    """Module-level ``NAME = <display or constant>`` bindings (``_NOT_NUMBERS = ("ip", "_ports")``), extended by
    ``NAME += (...)`` (read-back B); a name extended by anything else is unknown (left out)."""
    found: _Names = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            if isinstance(stmt.value, ast.Tuple | ast.List | ast.Set | ast.Constant):
                found[stmt.targets[0].id] = stmt.value
        elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id in found:
            was, more = found.pop(stmt.target.id), stmt.value
            if isinstance(was, ast.Tuple | ast.List | ast.Set) and isinstance(more, ast.Tuple | ast.List | ast.Set):
                found[stmt.target.id] = ast.Tuple(elts=[*was.elts, *more.elts], ctx=ast.Load())
    return found


def _constants(nodes: list[ast.expr]) -> Iterator[ast.Constant]:
    """The constants among ``nodes`` and in their tuple, list or set displays."""
    for node in nodes:
        if isinstance(node, ast.Constant):
            yield node
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            yield from (e for e in node.elts if isinstance(e, ast.Constant))


def _selects_keys(loop: ast.AST, key: str | None, names: _Names | None = None) -> bool:
    """The loop keeps only named keys: ``key == "x"`` or ``key in ("x", "y")`` in one of its tests.  With
    ``names`` (the added keys are known and read by ``_skips``) only a test naming keys through something not
    read here counts (``key in SOME_IMPORTED_SET``)."""
    if key is None:
        return False
    for node in ast.walk(loop):
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            left, op, right = node.left, node.ops[0], node.comparators[0]
            if isinstance(left, ast.Name) and left.id == key and isinstance(op, ast.Eq | ast.In):
                if names is None or _texts(right, names) is None:
                    return True
            if isinstance(right, ast.Name) and right.id == key and isinstance(op, ast.Eq):
                if names is None or _texts(left, names) is None:
                    return True
    return False


def _finding(trees: ThreeTrees, path: str, line: int, item: Widened, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"\b{item.field}\b", pr_pattern, most=5)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"this line converts each value of {item.cls}.{item.field} to a number, and upstream's annotation now "
        f"lets a value be a {item.added} too ({item.path}{commit}): the conversion raises TypeError on it; skip "
        "or test the values that are not numbers",
    )
