"""A value upstream no longer accepts: the ``Literal[...]`` of a field's choices lost it.

#40651 rewrote ``RejectionSampleMethod = Literal["strict", "probabilistic", "synthetic"]`` as
``Literal["standard", "synthetic"]``, the type of ``SpeculativeConfig.rejection_sample_method``.  A
fork's ``spec.rejection_sample_method == "probabilistic"`` is never true after the merge, and its
``SpeculativeConfig(..., rejection_sample_method="strict")`` is refused at startup (a pydantic
dataclass) or runs on a value nothing tests for any more (a plain one).  The word itself lives on
elsewhere (``strict`` is a common one), so name drift, which asks that a name be gone everywhere, does
not see it.

A choice was dropped when the file, at the merge base, declares a ``Literal[...]`` holding it (an alias,
``X = Literal[...]``, or a class field's annotation) and, at upstream, declares the same alias or field
with a ``Literal[...]`` that does not, and quotes the value nowhere else (no deprecation path maps it
to a new one).  The fields it constrains are those a class of the file annotates with it.  A fork table
keyed by a dropped value and looked up by the field (``FLOOR[spec.rejection_sample_method]``) holds a dead
entry, and misses the values upstream accepts now.

An alias constrains more than its own file: #32694 dropped ``"petit_nvfp4"`` from
``quantization.QuantizationMethods``, the type ``config/model.py`` gives ``ModelConfig.quantization`` (an
import under ``TYPE_CHECKING``), and #43529 dropped ``"bitsandbytes"`` from ``model_loader.LoadFormats``,
``LoadConfig.load_format``'s.  The fields (and the parameters) of the upstream files that import the alias by
name and annotate with it are constrained too.  So is a parameter of a function of the alias's own file that
the function checks against the alias (``if quantization not in QUANTIZATION_METHODS``, a name bound to
``get_args(alias)``) or looks up in a dict display keyed by the choices (``method_to_config[quantization]``):
``get_quantization_config("petit_nvfp4")`` passes it by position.

Cheap first: only the strings the fork passes or compares (name drift's scan) are looked for, on
upstream's removed lines of a file whose removed lines hold ``Literal[``; only such a file is parsed, at
both sides.  Another file is read only for an alias that lost a wanted value: a ``git grep`` for its name.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.source import (
    flat_statements,
    lazy_pattern,
    parse_python,
    plain_name,
    str_value,
    table_lookup,
)

_STRING = lazy_pattern(r"""["']([^"'\s]{1,100})["']""")
# a line holding one quoted member and nothing else (``    "petit_nvfp4",``): a Literal written over lines
_MEMBER_LINE = lazy_pattern(r"""\s*["'][^"'\s]{1,100}["'],?\s*(?:#.*)?$""")


@dataclass(frozen=True)
class Dropped:
    """``field`` (of ``owners``) no longer accepts ``value``: ``declared`` is now ``Literal[kept]``."""

    value: str
    field: str
    owners: frozenset[str]
    declared: str
    kept: tuple[str, ...]
    path: str
    added: tuple[str, ...] = ()  # the values the ``Literal`` accepts now and did not before
    # a deprecated value's drop (drift/dropped_aliases.py): what ``declared`` (a method) rewrote it to
    alias: str = ""
    # a field narrowed from any string to ``declared`` (drift/narrowed_choices.py): its old annotation
    narrowed: str = ""


_ELSEWHERE = 40  # the most other files an alias's annotations are looked for in (a git grep names them)


def dropped_choices(trees: ThreeTrees, names: set[str]) -> dict[tuple[str, str], Dropped]:
    """(value, field) -> its drop, for the values among ``names`` a field's ``Literal`` lost upstream."""
    found: dict[tuple[str, str], Dropped] = {}
    quoting = [
        p for p in sorted(trees.upstream) if p.endswith(".py") and _declares_one(trees.upstream[p].removed, names)
    ]
    befores = trees.blobs(trees.base, quoting)  # one batch a side: only files declaring a Literal go on
    literal = [p for p in quoting if "Literal[" in (befores[p] or "")]
    afters = trees.blobs(trees.theirs, literal)
    for path in literal:
        before, after = befores[path], afters[path]
        if before is None or after is None:
            continue
        old_module, new_module = parse_python(before, path), parse_python(after, path)
        if old_module is None or new_module is None:
            continue
        new = literals(new_module)
        for declared, values in literals(old_module).items():
            gone = sorted((values - new.get(declared, values)) & names)
            gone = [v for v in gone if f'"{v}"' not in after and f"'{v}'" not in after]
            if not gone:
                continue
            fields = [*_constrained(new_module, declared)]
            if "." not in declared:
                fields += [*_checked_params(new_module, declared), *_constrained_elsewhere(trees, path, declared)]
            kept = tuple(sorted(new[declared]))
            added = tuple(sorted(new[declared] - values))
            for value in gone:
                for field, owners in fields:
                    found.setdefault((value, field), Dropped(value, field, owners, declared, kept, path, added))
    return found


def _constrained_elsewhere(trees: ThreeTrees, path: str, declared: str) -> Iterator[tuple[str, frozenset[str]]]:
    """The fields and parameters the upstream files importing ``declared`` by name annotate with it."""
    others = sorted(trees.python_files_with((declared,)) - {path})[:_ELSEWHERE]
    for other, text in trees.blobs(trees.theirs, others).items():
        module = parse_python(text, other) if text is not None else None
        if module is None or not _imports(module, declared):
            continue
        yield from _constrained(module, declared)
        for func in _functions(module):
            for arg in _parameters(func):
                if arg.annotation is not None and _names(arg.annotation, declared):
                    yield arg.arg, frozenset({func.name})


def _imports(module: ast.Module, name: str) -> bool:
    """The module imports ``name`` itself (``from pkg import name``; under ``TYPE_CHECKING`` too)."""
    return any(
        isinstance(stmt, ast.ImportFrom) and any((a.asname or a.name) == name for a in stmt.names)
        for stmt in flat_statements(module.body)
    )


def _checked_params(module: ast.Module, declared: str) -> Iterator[tuple[str, frozenset[str]]]:
    """``(name#i, {function})`` for each parameter a module-level function of the alias's file checks
    against the choices: ``param in NAME`` where ``NAME`` is bound to ``get_args(alias)``, or
    ``table[param]`` / ``table.get(param)`` of a dict display keyed by strings (the registry's table).
    The key holds the position too: a positional argument is matched by it."""
    choices = {
        target
        for stmt in flat_statements(module.body)
        for target, value in [assigned(stmt)]
        if target and value is not None and any(_names(n, declared) for n in _get_args(value))
    }
    for func in (s for s in module.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))):
        statements = (n for n in ast.walk(func) if isinstance(n, ast.stmt))
        tables = {t for stmt in statements for t, v in [assigned(stmt)] if t and _keyed(v)}
        positional = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
        for i, arg in enumerate(positional):
            if _checks(func, arg, choices, tables):
                yield f"{arg}#{func.name}#{i}", frozenset({func.name})


def _get_args(value: ast.expr) -> Iterator[ast.expr]:
    """The arguments of the ``get_args(...)`` calls in ``value`` (``list(get_args(Alias))``)."""
    for node in ast.walk(value):
        if isinstance(node, ast.Call) and _last(plain_name(node.func)) == "get_args":
            yield from node.args


def _keyed(value: ast.expr | None) -> bool:
    return isinstance(value, ast.Dict) and bool(value.keys) and all(str_value(k) for k in value.keys)


def _checks(func: ast.FunctionDef | ast.AsyncFunctionDef, arg: str, choices: set[str], tables: set[str]) -> bool:
    """``arg in CHOICES`` / ``arg not in CHOICES``, ``TABLE[arg]``, ``TABLE.get(arg)`` in ``func``."""
    for node in ast.walk(func):
        if isinstance(node, ast.Compare) and _is_name(node.left, arg):
            if any(isinstance(c, ast.Name) and c.id in choices for c in node.comparators):
                return True
        elif (looked := _table_key(node, tables)) is not None and _is_name(looked[1], arg):
            return True
    return False


def _table_key(node: ast.AST, tables: Collection[str]) -> tuple[str, ast.expr] | None:
    """(table, key) of ``TABLE[key]`` or ``TABLE.get(key, ...)``, ``TABLE`` one of ``tables``."""
    found = table_lookup(node)
    return found if found is not None and found[0] in tables else None


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _names(node: ast.AST, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def _functions(module: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's functions and its classes' methods (not nested ones)."""
    yield from (s for s in module.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)))
    for cls in file_classes(module.body):
        yield from (s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)))


def _parameters(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    return [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]


def positional_field(call: ast.Call, value: str) -> str:
    """The key a positional argument's drop is held under (drift/dropped_choices.py's ``name#func#i``),
    without the parameter's name: ``#func#i`` (the caller matches the suffix)."""
    callee = _last(plain_name(call.func))
    for i, arg in enumerate(call.args):
        if str_value(arg) == value:
            return f"#{callee}#{i}#"
    return ""


def _declares_one(removed: list[str], names: set[str]) -> bool:
    """A removed line quotes a wanted value: itself a ``Literal[...]``, or a line of one written over several,
    holding the member alone (#43168's ``TokenizerMode``; #32694 removed only the member's own line of
    ``QuantizationMethods``).  The file must hold ``Literal[`` at the merge base (the caller reads it)."""
    quoting = [line for line in removed if names & set(_STRING.findall(line))]
    return bool(quoting) and (
        any("Literal[" in line for line in removed) or any(_MEMBER_LINE.match(line) for line in quoting)
    )


def literals(module: ast.Module) -> dict[str, frozenset[str]]:
    """The file's ``Literal`` declarations: an alias's name, or ``Class.field`` -> the strings it accepts."""
    found: dict[str, frozenset[str]] = {}
    for stmt in flat_statements(module.body):
        target, value = assigned(stmt)
        if target and value is not None and (choices := choices_of(value)) is not None:
            found[target] = choices
    for cls in file_classes(module.body):
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                choices = choices_of(stmt.annotation)
                if choices is not None:
                    found[f"{cls.name}.{stmt.target.id}"] = choices
    return found


def assigned(stmt: ast.stmt) -> tuple[str, ast.expr | None]:
    """``X = value`` / ``X: T = value`` -> (X, value); ("", None) for any other statement."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return stmt.target.id, stmt.value
    return "", None


def choices_of(annotation: ast.expr) -> frozenset[str] | None:
    """The strings of the one ``Literal[...]`` an annotation holds (``Literal[...] | None`` too)."""
    subscripts = [
        n for n in ast.walk(annotation) if isinstance(n, ast.Subscript) and _last(plain_name(n.value)) == "Literal"
    ]
    if len(subscripts) != 1:
        return None
    inner = subscripts[0].slice
    values = [str_value(e) for e in (inner.elts if isinstance(inner, ast.Tuple) else [inner])]
    return frozenset(v for v in values if v is not None)


def _constrained(module: ast.Module, declared: str) -> Iterator[tuple[str, frozenset[str]]]:
    """(field, the classes declaring it) of each field ``declared`` constrains: itself (``Class.field``),
    or the fields a class of the file annotates with the alias."""
    if "." in declared:
        owner, field = declared.rsplit(".", 1)
        yield field, frozenset({owner})
        return
    owners: dict[str, set[str]] = {}
    for cls in file_classes(module.body):
        for stmt in cls.body:
            if (
                isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and any(isinstance(n, ast.Name) and n.id == declared for n in ast.walk(stmt.annotation))
            ):
                owners.setdefault(stmt.target.id, set()).add(cls.name)
    for field, classes in sorted(owners.items()):
        yield field, frozenset(classes)


def _last(name: str | None) -> str:
    return (name or "").rsplit(".", 1)[-1]


def keyed_tables(
    module: ast.Module, owned: set[int], found: dict[tuple[str, str], Dropped]
) -> Iterator[tuple[int, Dropped, str]]:
    """(line, drop, table) for each dict display bound to a module-level name on a fork line, keyed by a
    dropped value, that the module looks up by the field it constrains (``TABLE[spec.field]``,
    ``TABLE.get(spec.field)``): the new values miss the table, the dropped key is dead.  A table that also
    holds a value the field accepts only now, as a key or as the value an old key maps to, is written for
    both sides of the change (``{"strict": 1.8, "standard": 1.8}``, ``{"strict": "standard"}``)."""
    tables: dict[str, ast.Dict] = {}
    for stmt in flat_statements(module.body):
        target, value = assigned(stmt)
        if target and isinstance(value, ast.Dict) and stmt.lineno in owned:
            tables[target] = value
    if not tables:
        return
    looked_up = {(table, field) for node in ast.walk(module) for table, field in _lookup(node, tables)}
    for table, display in tables.items():
        for key in display.keys:
            text = str_value(key) if key is not None else None
            for (dropped, field), drop in found.items():
                if dropped == text and (table, field) in looked_up and not _holds_new(display, drop):
                    yield key.lineno if key is not None else display.lineno, drop, table


def _holds_new(display: ast.Dict, drop: Dropped) -> bool:
    return any(str_value(node) in drop.added for node in (*display.keys, *display.values) if node is not None)


def _lookup(node: ast.AST, tables: dict[str, ast.Dict]) -> Iterator[tuple[str, str]]:
    """(table, field) of ``table[x.field]`` / ``table.get(x.field, ...)``; the key may be an optional
    field's with a fallback, ``x.field or ""`` (#18356: ``TABLE.get(model_config.quantization or "")``)."""
    if (looked := _table_key(node, tables)) is not None and (read := _field_read(looked[1])) is not None:
        yield looked[0], read.attr


def _field_read(key: ast.expr) -> ast.Attribute | None:
    """``x.field``, or ``x.field or <a constant>``: the field a lookup's key is."""
    if isinstance(key, ast.BoolOp) and isinstance(key.op, ast.Or) and len(key.values) == 2:
        key = key.values[0] if isinstance(key.values[1], ast.Constant) else key
    return key if isinstance(key, ast.Attribute) else None


def own_consumer(call: ast.Call, keyword: str, module: ast.Module) -> bool:
    """``call`` passes ``keyword`` to a function of the file's own that takes it and passes it on to no
    call (``aeon_acceptance(..., rejection_sample_method="strict")`` where the fork's function tests the
    value itself): the fork's own parameter, not the field."""
    if not keyword or not isinstance(call.func, ast.Name):
        return False
    for stmt in flat_statements(module.body):
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == call.func.id:
            args = [*stmt.args.posonlyargs, *stmt.args.args, *stmt.args.kwonlyargs]
            return any(a.arg == keyword for a in args) and not any(
                isinstance(node, ast.Call)
                and any(isinstance(v, ast.Name) and v.id == keyword for v in _passed_values(node))
                for node in ast.walk(stmt)
            )
    return False


def _passed_values(call: ast.Call) -> Iterator[ast.expr]:
    yield from call.args
    yield from (k.value for k in call.keywords)


def expects_refusal(
    node: ast.AST, parents: dict[int, ast.AST], expecting: frozenset[str] = frozenset({"raises"})
) -> bool:
    """``node`` sits in a ``with pytest.raises(...)`` block (or another context manager ``expecting`` names, such
    as ``self.assertRaises``): a test that the value is refused now."""
    at: ast.AST | None = node
    while at is not None:
        if isinstance(at, (ast.With, ast.AsyncWith)) and any(
            isinstance(item.context_expr, ast.Call) and _last(plain_name(item.context_expr.func)) in expecting
            for item in at.items
        ):
            return True
        at = parents.get(id(at))
    return False
