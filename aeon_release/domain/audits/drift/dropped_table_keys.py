"""A key upstream dropped from a module's table, passed by the fork to the function that looks it up there.

#17986 renamed the ``"gelu_and_mul"`` entry of ``activation._ACTIVATION_AND_MUL_REGISTRY`` (a
``LazyDict({...})``) to ``"geglu"``.  A fork's ``get_act_and_mul_fn("gelu_and_mul")`` merges cleanly and
raises ValueError when the model is built: the getter checks its argument against the table.  Name drift
asks that a name be gone from every file, and this one lives on (``@CustomOp.register("gelu_and_mul")``
names a class); a choices ``Literal`` (``dropped_choices.py``) is not involved.

Upstream's side: the Python files whose diff removed a ``"key":`` line the fork quotes; in them, a
module-level table -- ``NAME = {...}``, or a call wrapping one display (``LazyDict({...})``) -- whose
string keys at the base hold the key and at upstream, and in the merged file, do not.  Its getters are the
module's functions that look a parameter up in it (``NAME[param]``, ``NAME.get(param)``, ``param in NAME``).
The fork's side, on lines it wrote: the key passed as that parameter (by position or keyword) to a getter,
or subscripting the table (``NAME["key"]``), each resolved to upstream's module (imported, off the imported
module, or on the module's own lines).  An error where the getter raises under a test of the table or of
what it read there (``if p not in NAME: raise``; ``fn = NAME.get(p)`` / ``if fn is None: raise``) or
subscripts unguarded (the lookup fails); a warning where it only reads ``.get``, tests ``param in NAME``
and raises nothing (it falls back, silently, or takes another way), raises only over something else
(``if not callable(default): raise TypeError``), or maps the parameter through another name before the
lookup (``p = normalise(p)``).  Quiet: a key a table the getter maps the parameter through holds
(``p = _DEPRECATED.get(p, p)`` with ``"key"`` in ``_DEPRECATED``: upstream keeps the old key working), a
key an ``if p == "key":`` of the getter names whose body binds ``p`` again, a
key the fork puts back (``NAME["key"] = ...``, ``NAME |= {...}``, ``NAME.update(...)``/``setdefault`` on a
fork line, or ``NAME[k] = ...`` in a helper the fork calls with the key: a store of a key not spelt out,
without such a call, makes the finding a warning), a use in a ``try`` catching the lookup's error
(ValueError, KeyError, LookupError, Exception) or under ``if "key" in ...`` / ``.get("key")``, a name the
fork binds itself.  The finding
names the key that now holds the dropped key's value, where one does (a rename).  A key no upstream Python
file spells any more is name drift's (``names.py``), which says it already.

The same over a collection of accepted strings (killers131): #32681 took ``"hqq"`` out of
``QuantizationMethods``, a ``Literal`` that ``QUANTIZATION_METHODS = list(get_args(...))`` reads out, and
``get_quantization_config`` refuses a name not in the list.  A module-level list, tuple or set display of
strings only (or one wrapped in ``list(...)``), or a ``Literal`` alias's ``get_args``, is a table whose keys are
its strings; a function of the module that adds to it (a registrar) is no getter, and a fork line adding to it,
or handing the key to a function other than a getter, puts it back.  A choice gone from every file counts here,
as name drift never reads a getter's argument.  The key passed as a module constant of the fork's file (bound
once, to a string) is read through it, for either kind of table, and found on the constant's line.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.drift.dropped_caches import named_origin
from aeon_release.domain.audits.drift.dropped_choices import expects_refusal
from aeon_release.domain.audits.drift.fallbacks import _runs_unless, _runs_where, caught_around, key_held
from aeon_release.domain.audits.drift.module_tables import _bound_names
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, Versions, fork_added, parsed_texts
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, str_value, walk_spanning

_QUOTED = lazy_pattern(r"""["']([A-Za-z_][\w.-]{2,})["']""")
# a diff's removed dict entry line: ``-    "gelu_and_mul": lambda: GeluAndMul(),``
_REMOVED_KEY = lazy_pattern(r"""\n-[ \t]*["']([A-Za-z_][\w.-]{2,})["'][ \t]*:""")
# a diff's removed choice: an entry of a list or ``Literal[...]`` written one a line (``-    "hqq",``), or a
# module-level binding written on one line (``-LEGACY = ("marlin", "qqq")``), whose quoted words ``_QUOTED`` reads
_REMOVED_ENTRY = lazy_pattern(r"""\n-[ \t]+["']([A-Za-z_][\w.-]{2,})["'][ \t]*(?:,[ \t]*)?(?:#[^\n]*)?(?=\n)""")
_REMOVED_BINDING = lazy_pattern(r"\n-[A-Za-z_]\w*[ \t]*(?::[^=\n]*)?=([^\n]*)")
_SEQUENCES = frozenset({"list", "tuple", "set", "frozenset"})
_Def = ast.FunctionDef | ast.AsyncFunctionDef
# a ``try`` that survives the getter's refusal (ValueError) or the subscript's (KeyError)
_BUILTINS = frozenset(dir(builtins))  # ``p = str(p).lower()`` maps nothing
_CAUGHT = frozenset({"ValueError", "KeyError", "LookupError", "Exception", "BaseException"})
_EXPECTING = frozenset({"raises", "assertRaises"})  # a test's ``with`` that expects the getter to refuse
# methods of a collection that raise for a key not in it: a list's, a set's, a tuple's (``index``); a dict's
# ``pop`` without a default
_RAISING = ("remove", "index", "pop")


@dataclass(frozen=True)
class Table:
    """A module-level table of upstream's ``path`` that lost ``dropped`` keys (each -> its new key, or "")."""

    module: str  # dotted
    path: str
    name: str
    dropped: dict[str, str]
    getters: dict[str, tuple[int, str, bool]]  # function -> (position, parameter, refuses a missing key)
    aliased: frozenset[str] = frozenset()  # keys a table the getters map the parameter through holds
    choices: bool = False  # a collection of accepted strings (a list, a set, a ``Literal``'s), not a dict
    registrars: frozenset[str] = frozenset()  # the module's functions that add to the collection


def dropped_table_key_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines handing a getter (or subscripting the table with) a key upstream dropped from the table."""
    quoted = {k for line in fork_added(trees) for k in _QUOTED.findall(line)}
    tables = _tables(trees, quoted) if quoted else []
    if not tables:
        return []
    keys = {k for t in tables for k in t.dropped}
    put_back, maybe = _put_back(trees, tables)
    return [
        _finding(
            trees, path, line, how, key, table, Severity.WARNING if (table.name, key) in maybe else sev, pr_pattern
        )
        for path, module, owned in fork_modules(trees, lambda line: any(k in line for k in keys))
        for line, how, key, table, sev in _uses(path, module, owned, tables)
        if (table.name, key) not in put_back and key not in table.aliased
    ]


def table_versions(trees: ThreeTrees, quoted: set[str]) -> Iterator[tuple[Versions, _Tables, _Tables, _Tables]]:
    """Each upstream file whose diff removed one of the ``quoted`` keys from a display, with its module-level
    tables at the base, at upstream and in the merge (this check's and rebuilt entries' candidates)."""
    paths = sorted(
        p for p in trees.upstream if p.endswith(".py") and set(_REMOVED_KEY.findall(trees.upstream.raw(p))) & quoted
    )
    for both in parsed_texts(trees, paths):
        merged = trees.merged_module(both.path)
        yield both, _displays(both.old), _displays(both.new), _displays(merged) if merged is not None else {}


def _tables(trees: ThreeTrees, quoted: set[str]) -> list[Table]:
    found: list[Table] = []
    for both, old, new, kept in table_versions(trees, quoted):
        for name, before in old.items():
            if name not in new or name not in kept:
                continue
            gone = {k for k in _keys(before) if k in quoted} - _keys(new[name]) - _keys(kept[name])
            gone = {k for k in gone if trees.python_files_with((k,))}  # a word gone everywhere: name drift's
            getters = _getters(both.new, name)
            if gone and getters:
                dropped = {k: _renamed(before, new[name], k) for k in sorted(gone)}
                aliased = _aliased(both.new, getters, new)
                module = dotted_name(both.path, roots=("",))
                found.append(Table(module, both.path, name, dropped, getters, aliased))
    return found + _choice_tables(trees, quoted)


def _choice_tables(trees: ThreeTrees, quoted: set[str]) -> list[Table]:
    """Module-level collections of accepted strings upstream dropped a quoted string from -- ``NAME = ["a",
    ...]`` (a list, tuple or set display, or one wrapped in ``list(...)``/``frozenset(...)``), or the choices of
    a module-level ``Literal`` alias read out by ``get_args`` (``NAME = list(get_args(Methods))``, #32681's
    ``QUANTIZATION_METHODS``) -- with the module's functions that test a parameter against the collection.
    A choice is dropped when no choice of the collection at upstream or in the merged file spells it."""
    paths = sorted(p for p in trees.upstream if p.endswith(".py") and _removes_quoted(trees.upstream.raw(p), quoted))
    found: list[Table] = []
    for both in parsed_texts(trees, paths):
        merged = trees.merged_module(both.path)
        old, new = _choices(both.old), _choices(both.new)
        kept = _choices(merged) if merged is not None else {}
        for name, before in old.items():
            if name not in new or name not in kept:
                continue
            # a choice gone from every file counts too: name drift reads strings in a lookup (``.get``, ``in``),
            # never as an argument of the module's getter
            gone = before & quoted - new[name] - kept[name]
            funcs = [s.name for s in both.new.body if isinstance(s, _Def)]
            registrars = frozenset(f for f in funcs if _stores_into(both.new, f, name))
            getters = {f: g for f, g in _getters(both.new, name).items() if f not in registrars}
            if gone and (getters or _removed_on_fork_lines(trees, name)):
                module = dotted_name(both.path, roots=("",))
                dropped = dict.fromkeys(sorted(gone), "")
                found.append(Table(module, both.path, name, dropped, getters, choices=True, registrars=registrars))
    return found


def _removed_on_fork_lines(trees: ThreeTrees, name: str) -> bool:
    """A fork line takes a string out of the collection by a method that raises when it is not there
    (``NAME.remove("key")``, ``NAME.index("key")``): the collection is a table then, getters or none."""
    taken = re.compile(rf"""\b{re.escape(name)}\.(?:{"|".join(_RAISING)})\(\s*["']""")
    return any(taken.search(line) for line in fork_added(trees))


def _removes_quoted(diff: str, quoted: set[str]) -> bool:
    """The diff takes out a choice one of ``quoted`` spells (see ``_REMOVED_ENTRY``): only those files are parsed."""
    if "\n-" not in diff:
        return False
    if any(k in quoted for k in _REMOVED_ENTRY.findall(diff)):
        return True
    return any(k in quoted for line in _REMOVED_BINDING.findall(diff) for k in _QUOTED.findall(line))


def _choices(module: ast.Module) -> dict[str, set[str]]:
    """Module-level names bound once to a collection of strings (see ``_choice_tables``), by name."""
    literals: dict[str, set[str]] = {}
    found: dict[str, set[str]] = {}
    seen: set[str] = set()
    for stmt in module.body:
        target, value = single_binding(stmt)
        if target is None or value is None:
            continue
        if target in seen:
            found.pop(target, None)
            literals.pop(target, None)
            continue
        seen.add(target)
        if (strings := _literal_choices(value)) is not None:
            literals[target] = strings
        elif (strings := _collection(value, literals)) is not None:
            found[target] = strings
    return found


def _literal_choices(value: ast.expr) -> set[str] | None:
    """The strings of ``Literal["a", "b"]`` (or ``typing.Literal[...]``), when they are all strings."""
    head = value.value if isinstance(value, ast.Subscript) else None
    if not (isinstance(head, ast.Name) and head.id == "Literal") and not (
        isinstance(head, ast.Attribute) and head.attr == "Literal"
    ):
        return None
    assert isinstance(value, ast.Subscript)
    elts = value.slice.elts if isinstance(value.slice, ast.Tuple) else [value.slice]
    strings = {v for e in elts if (v := str_value(e)) is not None}
    return strings if len(strings) == len(elts) else None


def _collection(value: ast.expr, literals: dict[str, set[str]]) -> set[str] | None:
    """The strings of a list/tuple/set display of strings only, or of ``get_args(Alias)`` of a ``Literal``
    alias bound above, each possibly wrapped in one ``list(...)``/``tuple(...)``/``set(...)``/``frozenset(...)``."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and len(value.args) == 1:
        if value.func.id in _SEQUENCES and not value.keywords:
            return _collection(value.args[0], literals)
        if value.func.id == "get_args" and isinstance(value.args[0], ast.Name):
            return literals.get(value.args[0].id)
        return None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "get_args":
        return literals.get(value.args[0].id) if len(value.args) == 1 and isinstance(value.args[0], ast.Name) else None
    if isinstance(value, ast.List | ast.Tuple | ast.Set) and value.elts:
        strings = {v for e in value.elts if (v := str_value(e)) is not None}
        return strings if len(strings) == len(value.elts) else None
    return None


def _stores_into(module: ast.Module, func_name: str, table: str) -> bool:
    """The module function adds to the collection (``NAME.append(p)``, ``NAME += ...``): a registrar, not a
    getter -- ``register_quantization_config(name)`` tests ``name in NAME`` only to warn it replaces one."""
    func = next((s for s in module.body if isinstance(s, _Def) and s.name == func_name), None)
    return func is not None and any(
        (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in _ADDS
            and _is(n.func.value, table)
        )
        or (isinstance(n, ast.AugAssign) and _is(n.target, table))
        for n in ast.walk(func)
    )


_ADDS = frozenset({"append", "extend", "insert", "add", "update"})


_Tables = dict[str, ast.Dict]


def _displays(module: ast.Module) -> _Tables:
    """Module-level ``NAME = {...}`` or ``NAME = Wrapper({...})`` (one binding of the name), by name."""
    found: dict[str, ast.Dict] = {}
    seen: set[str] = set()
    for stmt in module.body:
        target, value = single_binding(stmt)
        if target is None:
            continue
        if isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords:
            value = value.args[0]
        if isinstance(value, ast.Dict) and target not in seen:
            found[target] = value
        else:
            found.pop(target, None)
        seen.add(target)
    return found


def single_binding(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    """(name, value) of ``name = value`` / ``name: T = value`` binding one plain name; else (None, None)."""
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
        return stmt.target.id, stmt.value
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    return None, None


def _keys(display: ast.Dict) -> set[str]:
    return {k for key in display.keys if (k := str_value(key)) is not None}


def _renamed(before: ast.Dict, after: ast.Dict, key: str) -> str:
    """The new key whose value is spelt as the dropped key's was (a rename), else ""."""
    old = {str_value(k): ast.dump(v) for k, v in zip(before.keys, before.values, strict=True) if k is not None}
    new_keys = _keys(after) - set(old)
    return next(
        (
            k
            for kn, v in zip(after.keys, after.values, strict=True)
            if (k := str_value(kn)) in new_keys and ast.dump(v) == old[key]
        ),
        "",
    )


def _getters(module: ast.Module, table: str) -> dict[str, tuple[int, str, bool]]:
    """The module's functions that look one of their parameters up in ``table``."""
    found: dict[str, tuple[int, str, bool]] = {}
    for func in (s for s in module.body if isinstance(s, _Def)):
        params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
        looked = [p for p in params if _looks_up(func, table, p)]
        if len(looked) == 1:
            # it raises, or subscripts unguarded; one that tests ``p in NAME`` and raises nothing has another way
            param = looked[0]
            refuses = _refuses(func, table, param) or (
                _subscripts(func, table, param) and not _tests(func, table, param)
            )
            found[func.name] = (params.index(param), param, refuses and not _mapped(func, param))
    return found


def _refuses(func: _Def, table: str, param: str) -> bool:
    """A ``raise`` under a test of the table or of what the function read there (``if p not in NAME:``,
    ``fn = NAME.get(p)`` then ``if fn is None:``), or in a handler of a ``try`` that reads the table: a raise
    over another argument (``if not callable(default): raise TypeError``) says nothing of a missing key."""
    read = {table} | {
        t.id
        for n in ast.walk(func)
        if isinstance(n, ast.Assign) and any(_is(m, table) for m in ast.walk(n.value))
        for t in n.targets
        if isinstance(t, ast.Name) and t.id != param
    }
    parents = parent_map(func)
    return any(isinstance(n, ast.Raise) and _raised_over(n, read, parents) for n in ast.walk(func))


def _raised_over(node: ast.AST, read: set[str], parents: dict[int, ast.AST]) -> bool:
    child, up = node, parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.If) and any(isinstance(n, ast.Name) and n.id in read for n in ast.walk(up.test)):
            return True
        if isinstance(up, ast.Try) and any(h is child for h in up.handlers):
            if any(isinstance(n, ast.Name) and n.id in read for s in up.body for n in ast.walk(s)):
                return True
        child, up = up, parents.get(id(up))
    return False


def _mapped(func: _Def, param: str) -> bool:
    """The parameter is bound again from something besides itself (``p = normalise(p)``, ``p =
    _DEPRECATED.get(p, p)``): what reaches the lookup may not be the key the caller passed.  ``p =
    p.lower()`` reads only ``p``."""
    return any(
        isinstance(n, ast.Assign)
        and any(_is(t, param) for t in n.targets)
        and any(isinstance(m, ast.Name) and m.id != param and m.id not in _BUILTINS for m in ast.walk(n.value))
        for n in ast.walk(func)
    )


def _aliased(
    module: ast.Module, getters: dict[str, tuple[int, str, bool]], tables: dict[str, ast.Dict]
) -> frozenset[str]:
    """The keys of the module's tables a getter binds its parameter again from (``p = _DEPRECATED.get(p, p)``,
    ``p = ALIASES[p]``), and the keys an ``if p == "key":`` rebinding ``p`` in its body names: upstream maps
    those old keys onto new ones before the lookup (#17986's shape)."""
    funcs = {s.name: s for s in module.body if isinstance(s, _Def) and s.name in getters}
    found: set[str] = set()
    for name, func in funcs.items():
        param = getters[name][1]
        found |= _renamed_by_test(func, param)
        for n in ast.walk(func):
            if isinstance(n, ast.Assign) and any(_is(t, param) for t in n.targets):
                found |= {
                    k
                    for m in ast.walk(n.value)
                    if isinstance(m, ast.Name) and m.id in tables
                    for k in _keys(tables[m.id])
                }
    return frozenset(found)


def _renamed_by_test(func: _Def, param: str) -> set[str]:
    """The keys of ``if p == "key":`` (or ``p in ("a", "b")``) tests whose body binds ``p`` again."""
    found: set[str] = set()
    for n in (n for n in ast.walk(func) if isinstance(n, ast.If)):
        test = n.test
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq | ast.In)):
            continue
        sides = [test.left, test.comparators[0]]
        rebinds = any(isinstance(a, ast.Assign) and any(_is(t, param) for t in a.targets) for a in n.body)
        if rebinds and any(_is(side, param) for side in sides):
            found |= {k for side in sides for e in ast.walk(side) if (k := str_value(e)) is not None}
    return found


def _tests(func: _Def, table: str, param: str) -> bool:
    """``param in table`` (or ``not in``) somewhere in the function."""
    return any(
        isinstance(n, ast.Compare)
        and len(n.ops) == 1
        and isinstance(n.ops[0], ast.In | ast.NotIn)
        and _is(n.left, param)
        and _is(n.comparators[0], table)
        for n in ast.walk(func)
    )


def _looks_up(func: _Def, table: str, param: str) -> bool:
    if _tests(func, table, param):
        return True
    for node in ast.walk(func):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            if _is(node.func.value, table) and node.args and _is(node.args[0], param):
                return True
    return _subscripts(func, table, param)


def _subscripts(func: _Def, table: str, param: str) -> bool:
    return any(
        isinstance(n, ast.Subscript) and _is(n.value, table) and _is(n.slice, param) and isinstance(n.ctx, ast.Load)
        for n in ast.walk(func)
    )


def _is(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _put_back(trees: ThreeTrees, tables: list[Table]) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(table, key) pairs a fork line stores back -- ``NAME["key"] = ...``, or any key on ``NAME |= ``,
    ``NAME.update(`` or ``.setdefault(`` -- and those it may: ``NAME[k] = ...`` (a key not spelt out, a
    register helper's), quiet where a fork line calls a function other than a getter with the key first."""
    found: set[tuple[str, str]] = set()
    maybe: set[tuple[str, str]] = set()
    lines = fork_added(trees)
    for table in tables:
        word = re.escape(table.name)
        some = _stores_some(table.name)
        stores_some = any(some.search(line) for line in lines)
        for key in table.dropped:
            stored = re.compile(
                rf"""\b{word}\s*\[\s*["']{re.escape(key)}["']\s*\]\s*=(?!=)|\b{word}\s*\|=|\b{word}\.(?:update|setdefault)\("""
            )
            if table.choices and _added_back(lines, word, key, table):
                found.add((table.name, key))
            elif table.choices and (handed := _handed_to_registrar(lines, key, table)) is not None:
                (found if handed else maybe).add((table.name, key))
            elif any(stored.search(line) for line in lines) or (stores_some and _registered(lines, key, table)):
                found.add((table.name, key))
            elif stores_some:
                maybe.add((table.name, key))
    return found, maybe


def _stores_some(name: str) -> linear.Scan:
    """A store into the table under a key not spelt out (``NAME[key] = ...``).  On RE2: ``[^\\]]+`` ran to the
    line's end from every ``NAME[`` of a long line on ``re`` (11 s for 30,000); no look-around."""
    return linear.Scan(rf"""\b{re.escape(name)}\s*\[\s*[^\]"'\s][^\]]*\]\s*=(?:[^=]|$)""")


def _added_back(lines: list[str], word: str, key: str, table: Table) -> bool:
    """A fork line adds to a collection of choices (``NAME.append(...)``, ``NAME += ...``), binds it again or
    patches it with the key spelt on the line (``mod.NAME = [*mod.NAME, "hqq"]``, ``monkeypatch.setattr(mod,
    "NAME", [..., "hqq"])``), or hands the key first to a function other than its getters
    (``register_quantization_config("hqq")``: a registrar of the module adds it back)."""
    adds = re.compile(rf"""\b{word}\.(?:append|extend|insert|add|update)\(|\b{word}\s*[+|]=""")
    rebinds = re.compile(rf"""\b{word}\s*=(?!=)|["']{word}["']""")
    spelt = re.compile(rf"""["']{re.escape(key)}["']""")
    return any(adds.search(line) or (rebinds.search(line) and spelt.search(line)) for line in lines) or _registered(
        lines, key, table
    )


def _registered(lines: list[str], key: str, table: Table) -> bool:
    """A fork line calls a function other than the table's getters with the key first, by position or by
    keyword (``register("key", ...)``, ``register(name="key")``)."""
    first = re.compile(rf"""\b([A-Za-z_]\w*)\(\s*(?:[A-Za-z_]\w*\s*=\s*)?["']{re.escape(key)}["']""")
    own = f"{table.name}."  # ``NAME.remove("key")`` takes the key out: it adds nothing back
    return any(
        m.group(1) not in table.getters and not line[: m.start()].endswith(own)
        for line in lines
        for m in first.finditer(line)
    )


# a fork line binding a name to one string: ``AEON_HQQ = "hqq"`` (the key registered through the name)
_NAME_BOUND = lazy_pattern(r"""^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*["']([^"'\n]*)["'][ \t]*(?:#.*)?$""")


def _first_name(arguments: str) -> str:
    """The first argument of a call's text when it is a bare name (``AEON_HQQ)``, ``name=AEON_HQQ,``), else "";
    read without a regex (the line is the fork's, of any length)."""
    first = arguments.split(",", 1)[0].split(")", 1)[0]
    value = first.split("=", 1)[1] if "=" in first else first
    return value.strip() if value.strip().isidentifier() else ""


def _handed_to_registrar(lines: list[str], key: str, table: Table) -> bool | None:
    """A fork line hands a registrar of the collection (a module function adding to it) a name rather than a
    string: True where a fork line binds that name to the key (``AEON_HQQ = "hqq"``,
    ``@register_quantization_config(AEON_HQQ)``), None where every such name is bound to another string, else
    False (a loop's variable, a parameter: it may register the key, so the finding is a warning)."""
    if not table.registrars:
        return None
    called = re.compile(rf"\b(?:{'|'.join(sorted(table.registrars))})\(")
    names = {name for line in lines for m in called.finditer(line) if (name := _first_name(line[m.end() :]))}
    if not names:
        return None
    bound: dict[str, set[str]] = {}
    for line in lines:
        if (m := _NAME_BOUND.match(line)) is not None:
            bound.setdefault(m.group(1), set()).add(m.group(2))
    if any(key in bound.get(name, ()) for name in names):
        return True
    return None if all(name in bound for name in names) else False


def _uses(
    path: str, module: ast.Module, owned: set[int], tables: list[Table]
) -> Iterator[tuple[int, str, str, Table, Severity]]:
    imports, here = file_imports(module, path), dotted_name(path, roots=("",))
    nested, top = _bound_names(module)
    bound = nested | top
    constants = _string_constants(module, nested)
    parents = parent_map(module)
    roots = {t.module.split(".")[0] for t in tables}
    for node in walk_spanning(module, owned):
        if getattr(node, "lineno", 0) not in owned:
            continue
        if isinstance(node, ast.Call):
            uses = [
                (line if line in owned else node.lineno, how, key, table, severity)
                for line, how, key, table, severity in _getter_call(
                    node, imports, here, bound, tables, constants, parents
                )
            ]
            uses += list(_raising_method(node, imports, here, bound, tables))
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
            origin = named_origin(node.value, imports, here, bound)
            key = str_value(node.slice)
            uses = [
                (node.lineno, f"reads {ast.unparse(node)}", key, table, Severity.ERROR)
                for table in tables
                if origin == (table.module, table.name) and key in table.dropped and not table.choices and table.getters
            ]
        else:
            continue
        # the fork handles the missing key: a ``try`` catching the lookup's error, an ``if "key" in ...`` test;
        # or its test expects the refusal (``with pytest.raises(ValueError):``), which still comes
        if caught_around(node, _CAUGHT, parents) or expects_refusal(node, parents, _EXPECTING):
            continue
        if _probe_guarded(node, parents, imports, roots):
            continue
        yield from (u for u in uses if not key_held(node, u[2], parents))


def _getter_call(
    call: ast.Call,
    imports: dict[str, tuple[str, str]],
    here: str,
    bound: set[str],
    tables: list[Table],
    constants: dict[str, tuple[str, int]],
    parents: dict[int, ast.AST],
) -> Iterator[tuple[int, str, str, Table, Severity]]:
    origin = named_origin(call.func, imports, here, bound)
    for table in tables:
        if origin is None or origin[0] != table.module or origin[1] not in table.getters:
            continue
        position, param, refuses = table.getters[origin[1]]
        passed = call.args[position] if position < len(call.args) else None
        passed = next((k.value for k in call.keywords if k.arg == param), passed)
        key, line, via = str_value(passed), call.lineno, ""
        if key is None and isinstance(passed, ast.Name) and passed.id in constants:
            if _constant_held(call, passed.id, parents):
                continue
            # the key spelt once as a module constant of the fork's file: the finding lands where it is spelt
            key, line = constants[passed.id]
            via = f" (as {passed.id}, line {call.lineno})"
        if key in table.dropped:
            how = f'passes "{key}" to {ast.unparse(call.func)}(){via}'
            yield line, how, key, table, Severity.ERROR if refuses else Severity.WARNING


def _raising_method(
    call: ast.Call, imports: dict[str, tuple[str, str]], here: str, bound: set[str], tables: list[Table]
) -> Iterator[tuple[int, str, str, Table, Severity]]:
    """``NAME.remove("key")``/``NAME.index("key")`` of a collection, ``NAME.pop("key")`` (no default) of a dict,
    for a key upstream dropped from it (killers167: #31716 dropped ``"auto-round"`` from
    ``DEPRECATED_QUANTIZATION_METHODS``; a fork's ``DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")``
    raises ValueError when its module is imported)."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in _RAISING or not call.args:
        return
    origin = named_origin(func.value, imports, here, bound)
    key = str_value(call.args[0])
    for table in tables:
        if origin != (table.module, table.name) or key not in table.dropped:
            continue
        if (func.attr == "pop") == table.choices or (func.attr == "pop" and (call.keywords or len(call.args) > 1)):
            continue  # a list's pop takes a position; a dict's pop with a default raises nothing
        yield call.lineno, f"calls {ast.unparse(call)}", key, table, Severity.ERROR


# calls that ask whether a module can be imported, without importing it
_IMPORT_PROBES = frozenset({"find_spec", "find_loader"})


def _probe_guarded(
    node: ast.AST, parents: dict[int, ast.AST], imports: dict[str, tuple[str, str]], roots: set[str]
) -> bool:
    """The lookup runs under a test that asks what upstream (a package of ``roots``, the tables') still ships --
    ``find_spec("pkg.quantization.hqq_marlin")``, or ``hasattr(quant, "HQQMarlinConfig")`` of a name the file
    imports from it -- either branch, or after such an ``if`` that exits: the fork keeps a path for the
    releases that have the key, and which path runs after the merge is not read here.  A probe of another
    package (``find_spec("hqq")``: the library is installed) says nothing of upstream's list."""

    def probes(test: ast.expr) -> bool:
        return any(_is_probe(n, imports, roots) for n in ast.walk(test))

    return _runs_where(node, parents, probes) or _runs_unless(node, parents, probes)


def _is_probe(node: ast.AST, imports: dict[str, tuple[str, str]], roots: set[str]) -> bool:
    if not isinstance(node, ast.Call) or not node.args:
        return False
    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
    first = node.args[0]
    if name in _IMPORT_PROBES:
        probed = str_value(first)
    elif name == "hasattr" and isinstance(first, ast.Name) and first.id in imports:
        probed = imports[first.id][0]
    else:
        return False
    return probed is not None and probed.split(".")[0] in roots


def _constant_held(call: ast.Call, name: str, parents: dict[int, ast.AST]) -> bool:
    """The getter's call, handed the key through a module constant, runs only where a test says the constant is
    there: the true branch of ``if NAME in METHODS`` (and-ed or not), or where ``NAME not in METHODS`` is
    false (``key_held``'s reading, for the constant instead of the literal)."""
    return _runs_where(call, parents, lambda test: _asks_name(test, name, ast.In)) or _runs_unless(
        call, parents, lambda test: _asks_name(test, name, ast.NotIn)
    )


def _asks_name(test: ast.expr, name: str, op: type[ast.cmpop]) -> bool:
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_asks_name(value, name, op) for value in test.values)
    return isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], op) and _is(test.left, name)


def _string_constants(module: ast.Module, nested: set[str]) -> dict[str, tuple[str, int]]:
    """Module-level names bound once, to a string, and nowhere else: not inside a function or class, nor again
    in a module-level ``if``/``try``/``for`` (``NAME = "a"``, then ``if NAME not in METHODS: NAME = "b"``: the
    fork picks the key itself): name -> (string, line of the binding)."""
    stores = Counter(
        n.id
        for stmt in module.body
        if not isinstance(stmt, _Def | ast.ClassDef)
        for n in ast.walk(stmt)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    )
    found: dict[str, tuple[str, int]] = {}
    for stmt in module.body:
        target, value = single_binding(stmt)
        if target is not None and stores[target] == 1 and target not in nested:
            if (text := str_value(value)) is not None:
                found[target] = (text, stmt.lineno)
    return found


def _finding(
    trees: ThreeTrees, path: str, line: int, how: str, key: str, table: Table, severity: Severity, pr_pattern: str
) -> Finding:
    entry = rf"""["']{re.escape(key)}["']""" + ("" if table.choices else "[[:space:]]*:")
    commit = trees.upstream_commit(table.path, entry, pr_pattern)
    now = f' (its entry is "{table.dropped[key]}" now)' if table.dropped[key] else ""
    tail = "so the lookup fails" if severity is Severity.ERROR else "so the lookup falls back, silently"
    if how.startswith("calls "):
        tail = "so the call raises: the key is not there"
    message = (
        f"fork-owned line {how}, but upstream dropped the key from {table.module}.{table.name}{now} "
        f"({table.path}{commit}): {tail}; use the key upstream has now, or put the entry back in the fork"
    )
    return Finding(RULE, "merge", severity, path, line, message)
