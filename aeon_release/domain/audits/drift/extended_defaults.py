"""Extended defaults: a caller's list upstream now adds its default members to, where it used the list instead.

#20952 (60b755cbcb) made ``StatLoggerManager`` extend the custom stat loggers a caller hands it with the default
``LoggingStatLogger`` (``factories.extend(custom_stat_loggers)``, then ``factories.append(LoggingStatLogger)``),
where it took the caller's list in place of the defaults (``factories = custom_stat_loggers``, the default only
in the ``else``).  The engine's classmethod builder hands its ``stat_loggers`` on through ``AsyncLLM.__init__``.
A fork that kept the console logger beside its own (``stat_loggers=[SparkLogger, LoggingStatLogger]``) merges
cleanly and now runs ``LoggingStatLogger`` twice: every stats line logged twice, no error.

Upstream's side, in a changed file: a function with a parameter ``P`` whose body at upstream extends a local
list with ``P`` (``L.extend(P)``, ``L += P``) and appends a default ``D`` (a name, or a dotted name) to it, where
its body at the base bound ``L = P`` and appended the same ``D`` too (only when ``P`` was not given).  The names
the function is called by follow: the class for an ``__init__``; and, in the change's files, each function
handing one of its own parameters to such a call by keyword (``cls(stat_loggers=stat_loggers)`` in a
classmethod names its class), in upstream's files that hold the keyword (tests aside), up to three hops.

The fork's side, on a line it owns: a call of one of those names (a class, ``Class.method``) passing that keyword
a list, tuple or set display holding ``D``, imported from where upstream's file binds it.  An error when the
append is unconditional; a warning when it is guarded by a test reading a parameter of the function (a caller
may turn the defaults off: #20952's ``enable_default_loggers``).  Quiet: a display without ``D``, a variable
(its members are not read), a ``D`` of the same name from another module, a function that extended at the base
already, a call handing the function itself a false constant for the parameter whose test guards the append
(``enable_default_loggers=False``: the new spelling), and a callee the fork's file defines itself (its own
``StatLoggerManager``; revDL, ``benchmarks/review104_twins.py``).  Each def is read in its own scope: a nested
def's extend and appends are its own (mend73).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, gateable, parsed_texts, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    TEST_PATH,
    bound_names,
    code_lines,
    flat_statements,
    lazy_pattern,
    own_scope_nodes,
    parent_map,
)

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_MOST_FILES = 32
_MOST_HANDERS = 64
_HOPS = 3
# a removed line binding a name to a name: ``factories = custom_stat_loggers`` (an annotation allowed)
_BOUND = lazy_pattern(r"\s*\w+\s*(?::[^=]+)?=\s*\w+\s*$")
# perf38: each of ``_extensions``' finds spelled in a text: ``+=`` or ``extend(`` and then a name whole, with blanks,
# continuations, comments and brackets about it (``L += (P)``, ``L.extend(\n P,  # why\n)``).  A superset: the
# ``+=`` of a ``+= 1`` or of a string's text passes.  A changed file whose new text holds none extends no list with a
# name and is not parsed (the 80-commit bench's two candidates, 58 and 15 KB, added ``n += x.shape[0]`` and
# ``s += " + more"``: ~21 ms of parses for no finding).
_BLANK = r"(?:\s|\\|#[^\r\n]*(?=[\r\n]|\Z))"  # a comment read to its line's end: one way to read a run
_AROUND = rf"(?:[(),]|{_BLANK})*"
# two patterns each opening with a literal, which the engine scans for (one alternation of both, or a ``\bextend``,
# is tried at every offset: 1.7 ms over the bench's two texts against 0.1); ``(?<!\wextend)`` is ``\b`` before it
_AUGMENTED = lazy_pattern(rf"\+={_AROUND}\w+[ \t\f]*(?:[\r\n#;)\\]|\Z)")
_EXTEND_CALL = lazy_pattern(rf"extend(?<!\wextend){_BLANK}*\({_AROUND}\w+{_AROUND}\)")


@dataclass(frozen=True)
class Extended:
    """``label``'s parameter ``param`` (file ``path``) now extends a list with the default ``default`` (bound in
    the module ``origin`` as ``name``); ``guarded``: the append is under a test reading a parameter;
    ``switches``: the parameters a false value of which skips every append (``if P:``, ``if P and ...:``)."""

    path: str
    label: str
    param: str
    default: str
    origin: tuple[str, str]
    guarded: bool
    switches: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Entry:
    """A call by ``owner``/``func`` (``owner`` a class name, ``func`` "" for its build) whose keyword ``keyword``
    reaches ``extended``; ``path``: the file defining the callee."""

    owner: str
    func: str
    keyword: str
    extended: Extended
    path: str = ""


def extended_default_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """The fork's calls handing a list that names a default upstream now adds to the list it is handed."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    if not paths:
        return []
    versions = parsed_texts(trees, paths, keep=lambda _, new: _extends_a_name(new))
    extended = [e for v in versions for e in _extended(v.path, v.old, v.new, v.new_text)]
    if not extended:
        return []
    entries = _entries(trees, extended)
    names = {e.default.rsplit(".", 1)[-1] for e in extended}
    return [
        _finding(trees, path, call.lineno, entry, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names))
        for call, entry in _fork_calls(path, module, entries)
        if call.lineno in owned
    ]


def _candidate(trees: ThreeTrees, path: str) -> bool:
    """The diff added a list's ``extend`` (or ``+=``) and took out a binding of a name to a name (``L = P``)."""
    change = trees.upstream[path]
    extends = any(".extend(" in line or "+=" in line for line in change.added.values())
    return extends and any(_BOUND.match(line.lstrip("-")) for line in change.removed)


def _extends_a_name(text: str) -> bool:
    """Whether ``text`` may extend a list with a name whole (``_extensions``' finds): ``keep`` of the parses.  A text
    whose names the parser may read otherwise (``gateable``: ``\\w`` stops at a U+00B7 that goes on a name) is kept."""
    return not gateable(text) or _AUGMENTED.search(text) is not None or _EXTEND_CALL.search(text) is not None


def _extended(path: str, old: ast.Module, new: ast.Module, new_text: str) -> Iterator[Extended]:
    before = dict(_functions(old))
    imports: dict[str, tuple[str, str]] | None = None  # read at a first default: a whole walk (perf34)
    lines = code_lines(new_text) if gateable(new_text) else None
    for label, func in _functions(new):
        was = before.get(label)
        grown = _extensions(func) if was is not None and _may_extend(func, lines) else set()
        if was is None or not grown:
            continue
        params, had = _params(func), _extensions(was)
        for param in sorted(params & _params(was)):
            for target in _extending(grown, param) - _extending(had, param):
                if not _replaced(was, target, param):
                    continue
                kept = _appended(was, target, set())
                for default, guarded in _appended(func, target, params).items():
                    if default in kept:
                        switches = _switches(func, target, default, params)
                        imports = file_imports(new, path) if imports is None else imports
                        origin = _origin(default, imports, path)
                        yield Extended(path, label, param, default, origin, guarded, switches)


def _functions(module: ast.Module) -> Iterator[tuple[str, _Def]]:
    """(``Class.name`` or ``name``, def) for each module-level function and each method of a top-level class."""
    for node in module.body:
        if isinstance(node, _Def):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            yield from ((f"{node.name}.{f.name}", f) for f in node.body if isinstance(f, _Def))


def _params(func: _Def) -> set[str]:
    args = func.args
    return {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]} - {"self", "cls"}


def _may_extend(func: _Def, lines: list[str] | None) -> bool:
    """Whether ``func``'s own lines (its first decorator's to its last) hold ``extend`` or ``+=``, which each of
    its ``_extensions`` spells (a name as written, the operator one token): a def holding neither is not walked
    (perf35: one walk of each def both versions keep was most of this check's cost once its parses were shared).
    ``lines`` None: a text whose names the parser may fold (``gateable``), every def walked."""
    if lines is None:
        return True
    first = min([func.lineno, *(d.lineno for d in func.decorator_list)])
    text = "\n".join(lines[first - 1 : func.end_lineno or len(lines)])
    return "extend" in text or "+=" in text


def _extensions(func: _Def) -> set[tuple[str, str]]:
    """(local, name) for each local ``func`` extends with a name whole: ``L.extend(name)``, ``L += name``.  One
    walk a def: a walk per parameter was most of this check's cost (perf34: 286 walks, 83 ms at 80 commits).  The
    def's own scope only (``own_scope_nodes``), here and in ``_replaced``/``_appended``/``_switches``: a nested
    ``def add(loggers=custom_stat_loggers)`` extends its own parameter, in a helper that may never run (mend73)."""
    found: set[tuple[str, str]] = set()
    for node in own_scope_nodes(func):
        if isinstance(node, ast.Call) and _method_of(node, "extend") and isinstance(node.args[0], ast.Name):
            assert isinstance(node.func, ast.Attribute)
            # a local's extend only: ``self.items.extend(param)`` is another object's
            if isinstance(node.func.value, ast.Name):
                found.add((node.func.value.id, node.args[0].id))
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add) and isinstance(node.value, ast.Name):
            if isinstance(node.target, ast.Name):
                found.add((node.target.id, node.value.id))
    return found


def _extending(extensions: set[tuple[str, str]], param: str) -> set[str]:
    """The locals extended with ``param`` whole, of a def's ``_extensions``."""
    return {target for target, name in extensions if name == param}


def _replaced(func: _Def, target: str, param: str) -> bool:
    """``func`` binds ``target = param`` somewhere: the caller's list stood in for the defaults."""
    return any(
        isinstance(node, ast.Assign | ast.AnnAssign)
        and _is_name(node.value, param)
        and any(_is_name(t, target) for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))
        for node in own_scope_nodes(func)
    )


def _appended(func: _Def, target: str, params: set[str]) -> dict[str, bool]:
    """Each default (a dotted name's text) ``func`` appends to ``target``, and whether every append of it is
    under an ``if`` whose test reads one of ``params``."""
    parents = parent_map(func)
    found: dict[str, bool] = {}
    for node in own_scope_nodes(func):
        if not (isinstance(node, ast.Call) and _method_of(node, "append")):
            continue
        assert isinstance(node.func, ast.Attribute)
        value = node.args[0]
        if _is_name(node.func.value, target) and isinstance(value, ast.Name | ast.Attribute):
            if _deduplicated(node, parents, target):
                continue  # ``if D not in target: target.append(D)``: added only where the list lacks it (readF)
            text = ast.unparse(value)
            found[text] = found.get(text, True) and _guarded(node, parents, params)
    return found


def _switches(func: _Def, target: str, default: str, params: set[str]) -> frozenset[str]:
    """The parameters an ``if`` around every append of ``default`` to ``target`` tests as itself or as an operand
    of an ``and`` (``if enable_default_loggers and ...:``): a false value of one skips them all."""
    parents = parent_map(func)
    found: set[str] | None = None
    for node in own_scope_nodes(func):
        if not (isinstance(node, ast.Call) and _method_of(node, "append")):
            continue
        assert isinstance(node.func, ast.Attribute)
        if _is_name(node.func.value, target) and ast.unparse(node.args[0]) == default:
            found = _switched(node, parents, params) & (params if found is None else found)
    return frozenset(found or ())


def _switched(node: ast.AST, parents: dict[int, ast.AST], params: set[str]) -> set[str]:
    """The parameters each ``if`` whose body holds ``node`` tests as itself or as an operand of an ``and``."""
    found: set[str] = set()
    parent = parents.get(id(node))
    while parent is not None and not isinstance(parent, _Def):
        if isinstance(parent, ast.If) and any(node is stmt for stmt in parent.body):
            test = parent.test
            operands = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
            found |= {o.id for o in operands if isinstance(o, ast.Name) and o.id in params}
        node, parent = parent, parents.get(id(parent))
    return found


def _guarded(node: ast.AST, parents: dict[int, ast.AST], params: set[str]) -> bool:
    """An ``if`` enclosing ``node`` tests one of ``params``."""
    return _under_if(node, parents, lambda n: isinstance(n, ast.Name) and n.id in params)


def _deduplicated(node: ast.AST, parents: dict[int, ast.AST], target: str) -> bool:
    """An ``if`` enclosing ``node`` asks whether something is in ``target`` (``if D not in target:``)."""
    return _under_if(
        node, parents, lambda n: isinstance(n, ast.Compare) and any(_is_name(c, target) for c in n.comparators)
    )


def _under_if(node: ast.AST, parents: dict[int, ast.AST], asks: Callable[[ast.AST], bool]) -> bool:
    """An ``if`` enclosing ``node`` (within its def) has a test with a part ``asks`` holds for."""
    found = parents.get(id(node))
    while found is not None and not isinstance(found, _Def):
        if isinstance(found, ast.If) and any(asks(n) for n in ast.walk(found.test)):
            return True
        found = parents.get(id(found))
    return False


def _method_of(call: ast.Call, name: str) -> bool:
    return isinstance(call.func, ast.Attribute) and call.func.attr == name and len(call.args) == 1


def _is_name(expr: ast.AST | None, name: str) -> bool:
    return isinstance(expr, ast.Name) and expr.id == name


def _origin(default: str, imports: dict[str, tuple[str, str]], path: str) -> tuple[str, str]:
    """(module, name) the default is bound in: its import's, or the file's own binding."""
    expr = ast.parse(default, mode="eval").body
    found = imported_origin(expr, imports)
    if found is None and isinstance(expr, ast.Name):
        found = imports.get(expr.id)
    return found or (dotted_name(path, roots=("",)), default)


def _entries(trees: ThreeTrees, extended: list[Extended]) -> list[Entry]:
    """The calls reaching each extended parameter: the function's own, then hand-ons by keyword in upstream's
    files holding the keyword (``git grep``, tests aside), up to ``_HOPS`` hops."""
    entries = [_own_entry(e) for e in extended]
    frontier = list(entries)
    for _ in range(_HOPS):
        words = tuple(sorted({f"{e.keyword}=" for e in frontier}))
        paths = sorted(p for p in trees.python_files_with(words) if not TEST_PATH.search(p))[:_MOST_HANDERS]
        modules = [(path, new) for path, _, new in parsed_versions(trees, paths)]
        found = [
            Entry(*_called_as(label), param, entry.extended, path)
            for entry in frontier
            for path, module in modules
            for label, func in _functions(module)
            for param in _handed(func, label, entry)
        ]
        frontier = [e for e in dict.fromkeys(found) if e not in entries]
        entries += frontier
        if not frontier:
            break
    return entries


def _own_entry(item: Extended) -> Entry:
    owner, func = _called_as(item.label)
    return Entry(owner, func, item.param, item, item.path)


def _called_as(label: str) -> tuple[str, str]:
    """(class, method) a def is called as: ``Cls.__init__`` by building ``Cls``; a function by its name alone."""
    owner, _, name = label.rpartition(".")
    return owner, "" if name == "__init__" else name


def _handed(func: _Def, label: str, entry: Entry) -> Iterator[str]:
    """``func``'s parameters it hands whole, by keyword, to a call of ``entry``'s names."""
    owner = label.rpartition(".")[0]
    params = _params(func)
    for node in ast.walk(func):
        if isinstance(node, ast.Call) and _names(node.func, owner) == (entry.owner, entry.func):
            for word in node.keywords:
                if word.arg == entry.keyword and isinstance(word.value, ast.Name) and word.value.id in params:
                    yield word.value.id


def _names(func: ast.expr, owner: str) -> tuple[str, str] | None:
    """(class, method) a call's callee names: ``Cls(...)``, ``Cls.method(...)``, ``cls(...)`` in ``owner``'s
    method, ``f(...)``; None for any other."""
    if isinstance(func, ast.Name):
        if func.id == "cls" and owner:
            return owner, ""
        return (func.id, "") if func.id[:1].isupper() else ("", func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id[:1].isupper():
        return func.value.id, func.attr
    return None


def _fork_calls(path: str, module: ast.Module, entries: list[Entry]) -> Iterator[tuple[ast.Call, Entry]]:
    """The fork's calls handing one of the entries' keywords a display that holds its default."""
    imports = file_imports(module, path)
    own = _defined_here(module, imports)
    for node in ast.walk(module):
        if not isinstance(node, ast.Call):
            continue
        called = _names(node.func, "")
        for entry in entries:
            if called != (entry.owner, entry.func) or (path != entry.path and (entry.owner or entry.func) in own):
                continue
            word = next((k for k in node.keywords if k.arg == entry.keyword), None)
            if word is not None and _holds(word.value, entry.extended, imports) and not _switched_off(node, entry):
                yield node, entry
                break


def _defined_here(module: ast.Module, imports: dict[str, tuple[str, str]]) -> set[str]:
    """The top-level names a file binds itself (a class, a function, an assignment), not by an import: a call
    of one is the file's own namesake, not upstream's callee (revDL: a fork's own ``StatLoggerManager``)."""
    defs = {s.name for s in flat_statements(module.body) if isinstance(s, ast.ClassDef | _Def)}
    return defs | (set(bound_names(module)) - set(imports))


def _switched_off(call: ast.Call, entry: Entry) -> bool:
    """The call builds the extending function itself and hands a guarding parameter a false constant
    (``StatLoggerManager(..., enable_default_loggers=False)``, #20952's new spelling): no default is added."""
    if entry != _own_entry(entry.extended):
        return False
    return any(
        k.arg in entry.extended.switches and isinstance(k.value, ast.Constant) and not k.value.value
        for k in call.keywords
    )


def _holds(value: ast.expr, item: Extended, imports: dict[str, tuple[str, str]]) -> bool:
    if not isinstance(value, ast.List | ast.Tuple | ast.Set):
        return False
    for element in value.elts:
        origin = imported_origin(element, imports)
        if origin is None and isinstance(element, ast.Name):
            origin = imports.get(element.id)
        if origin == item.origin:
            return True
    return False


def _finding(trees: ThreeTrees, path: str, line: int, entry: Entry, pr_pattern: str) -> Finding:
    item = entry.extended
    commit = trees.upstream_commit(item.path, rf"\.extend\({item.param}\)", pr_pattern)
    said = (
        f"fork-owned call hands {entry.keyword}= a list naming {item.default}, but upstream ({item.path}{commit}) "
        f"made {item.label} add {item.default} to the {item.param} it is given, where it used the list in place "
        f"of its defaults: {item.default} now runs twice"
    )
    if item.guarded:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"{said}, unless the call turns the defaults off (upstream adds it under a test of a parameter); "
            f"drop {item.default} from the list",
        )
    return Finding(RULE, "merge", Severity.ERROR, path, line, f"{said}; drop {item.default} from the list")
