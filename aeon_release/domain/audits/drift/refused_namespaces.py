"""Refused namespaces: upstream's validator now raises for an options namespace the fork fills and hands it.

#24626 (684b6870e1) added to ``validate_parsed_serve_args(args)``::

    if args.enable_log_outputs and not args.enable_log_requests:
        raise TypeError("Error: --enable-log-outputs requires --enable-log-requests")

A fork launcher that parses its command line, sets ``args.enable_log_outputs = True`` (its eval harness always
logs generations) and validates merges cleanly and now stops at startup unless the command line also carries
``--enable-log-requests``; a fork test that validates ``parse_args(["--enable-log-outputs"])`` fails.  The
guard reads attributes of the object it is handed, not the function's parameters: refused_args.py (a guard over
parameters, a call passing constants) has nothing to compare.

Upstream's side: a module-level function of a file upstream changed (a method is left out: its receiver's
class is not read here), whose body holds at its top level an ``if`` whose body raises and whose test reads
only ``p.NAME`` of one parameter ``p`` (under ``and`` / ``or`` / ``not``) and constants -- a guard the base's function did not hold (the same test).
The fork's side, on a line it wrote: a call of that function (imported from its module: ``from m import f``
or ``import m as a; a.f(...)``) handing a local ``ns`` of the calling function, with what the function knows
of ``ns`` before the call: ``ns.NAME = <constant>`` stores, and, for ``ns`` bound to ``parse_args([...])`` of
a literal list, each option the list passes (``--flag`` alone: True; ``--flag value``: the value) and each
it leaves out that upstream declares only as a ``store_true`` or a bool field defaulting to False (False).
The guard's test is read three-valued over those: an error when it holds for sure and no statement of the
function before it may return or hand ``p`` to a call (which may change it); a warning when it holds for sure
after such a statement, or when it is undecided and a store of the fork's function set one of the names it
reads (the command line decides).  Quiet for a test the known values make false (both names set), a name
stored from a variable (unknown, and no store of the fork's), a call inside a ``try`` with handlers or under
``pytest.raises`` / ``assertRaises`` / ``suppress`` (the fork answers the refusal), and a guard the base held.

What the fork's function knows is read in its own scope (a nested def's namesake is another object); a store
under an ``if`` / loop / ``try`` that does not hold the call too leaves its name unknown (it may not run), and
the namespace is the argument at the place of the parameter the guard reads (review127).

Cheap first: only fork files whose added lines store an attribute or parse a literal argv; only upstream
files whose diff added a ``raise`` and that define a function the fork's added lines call.
"""

from __future__ import annotations

import ast
import re

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift.sides import ThreeTrees, code_added
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parse_python

__all__ = ["refused_namespace_drift"]

_STORE = lazy_pattern(r"^\s*[a-z_]\w*\.[a-z_]\w*\s*=[^=]|parse_args\(\s*\[")
_CALLED = lazy_pattern(r"\b([a-z_]\w*)\([^()]*\b[a-z_]\w*\s*\)")  # a call handing a name last
_HANDLED = frozenset({"raises", "assertRaises", "suppress"})

Known = dict[str, object]  # attribute -> its value (absent: unknown)


class _Guard:
    def __init__(self, path: str, func: str, param: str, test: ast.expr, line: int, kind: str, early: bool) -> None:
        self.path, self.func, self.param, self.test, self.line, self.kind = path, func, param, test, line, kind
        self.early = early  # a statement before it may return or hand the parameter to a call
        self.index = 0  # the parameter's place in the function's positional parameters


def refused_namespace_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    forks = [
        p
        for p in sorted(trees.mine)
        if p.endswith(".py")
        and code_added(trees.mine[p])
        and any(_STORE.search(t.split("#", 1)[0]) for t in trees.mine[p].added.values())
    ]
    called = {n for p in forks for t in trees.mine[p].added.values() for n in _CALLED.findall(t)}
    guards = _guards(trees, called) if called else {}
    if not guards:
        return []
    findings: list[Finding] = []
    falsy: dict[str, bool] = {}
    for path in forks:
        module = trees.merged_module(path)
        if module is not None:
            findings += _fork_calls(trees, path, module, guards, falsy, pr_pattern)
    return findings


def _guards(trees: ThreeTrees, called: set[str]) -> dict[tuple[str, str], list[_Guard]]:
    """(module, function) -> the guards upstream added to it, of the functions the fork's added lines call."""
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py")
        and p.split("/", 1)[0] not in TEST_FOLDERS
        and any("raise " in t for t in trees.upstream[p].added.values())
    ]
    if not paths:
        return {}
    holders = repo.files_containing(trees.repo, trees.theirs, [f"def {n}(" for n in sorted(called)], paths)
    found: dict[tuple[str, str], list[_Guard]] = {}
    for path in sorted(holders):
        new = parse_python(trees.blobs(trees.theirs, [path])[path] or "", "<guards>")
        old = parse_python(trees.blobs(trees.base, [path])[path] or "", "<guards>")
        if new is None:
            continue
        before = {name: {ast.dump(g.test) for g in gs} for name, gs in _module_guards(path, old).items()} if old else {}
        for name, gs in _module_guards(path, new).items():
            kept = [g for g in gs if name in called and ast.dump(g.test) not in before.get(name, set())]
            if kept:
                found[(_dotted(path), name)] = kept
    return found


def _module_guards(path: str, module: ast.Module) -> dict[str, list[_Guard]]:
    found: dict[str, list[_Guard]] = {}
    functions = [n for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for fn in functions:
        params = [a.arg for a in fn.args.args]
        early = False
        for stmt in fn.body:
            guard = _guard(stmt, params) if isinstance(stmt, ast.If) else None
            if guard is not None and isinstance(stmt, ast.If):
                param, kind = guard
                found.setdefault(fn.name, []).append(_Guard(path, fn.name, param, stmt.test, stmt.lineno, kind, early))
                found[fn.name][-1].index = params.index(param)
            early = early or _may_change(stmt, params)
    return found


def _guard(stmt: ast.If, params: list[str]) -> tuple[str, str] | None:
    """(parameter, exception) of an ``if`` whose body raises and whose test reads only ``p.NAME`` and constants."""
    raised = stmt.body[0] if stmt.body and isinstance(stmt.body[0], ast.Raise) else None
    if raised is None or stmt.orelse:
        return None
    reads = set()
    for node in ast.walk(stmt.test):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            reads.add(node.value.id)
        elif not isinstance(
            node, (ast.BoolOp, ast.UnaryOp, ast.And, ast.Or, ast.Not, ast.Constant, ast.Load, ast.Name)
        ):
            return None
    names = {n.id for n in ast.walk(stmt.test) if isinstance(n, ast.Name)}
    if len(reads) != 1 or names != reads or not reads <= set(params):
        return None
    exc = raised.exc.func if isinstance(raised.exc, ast.Call) else raised.exc
    kind = exc.id if isinstance(exc, ast.Name) else exc.attr if isinstance(exc, ast.Attribute) else "an error"
    return next(iter(reads)), kind


def _may_change(stmt: ast.stmt, params: list[str]) -> bool:
    """The statement may return, or hands a parameter itself to a call."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.Return):
            return True
        if isinstance(node, ast.Call) and any(isinstance(a, ast.Name) and a.id in params for a in node.args):
            return not (isinstance(node.func, ast.Name) and node.func.id in {"hasattr", "getattr", "isinstance"})
    return False


def _dotted(path: str) -> str:
    return path[:-3].replace("/", ".").removesuffix(".__init__")


def _fork_calls(
    trees: ThreeTrees,
    path: str,
    module: ast.Module,
    guards: dict[tuple[str, str], list[_Guard]],
    falsy: dict[str, bool],
    pr_pattern: str,
) -> list[Finding]:
    names, aliases = _imports(module)
    owned = trees.owned_lines(path)
    parents = {id(c): n for n in ast.walk(module) for c in ast.iter_child_nodes(n)}
    findings = []
    for fn in (n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for call in (n for n in _scope(fn) if isinstance(n, ast.Call) and n.lineno in owned):
            key = _target(call, names, aliases)
            if key not in guards or _handled(call, parents):
                continue
            for guard in guards[key]:
                arg = call.args[guard.index] if guard.index < len(call.args) else None
                if not isinstance(arg, ast.Name):
                    continue
                known, stored = _known(trees, fn, arg.id, call, falsy, parents)
                verdict = _value(guard.test, guard.param, known)
                read = {n.attr for n in ast.walk(guard.test) if isinstance(n, ast.Attribute)}
                if verdict is True or (verdict is None and read & stored):
                    sure = verdict is True and not guard.early
                    findings.append(
                        _finding(trees, path, call.lineno, guard, arg.id, (sure, verdict is True), pr_pattern)
                    )
                    break
    return findings


def _imports(module: ast.Module) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """local name -> (module, function) of each ``from m import f``; alias -> module of each ``import m as a``."""
    names: dict[str, tuple[str, str]] = {}
    aliases: dict[str, str] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update({a.asname or a.name: (node.module, a.name) for a in node.names})
            aliases.update({a.asname or a.name: f"{node.module}.{a.name}" for a in node.names})
        elif isinstance(node, ast.Import):
            aliases.update({a.asname: a.name for a in node.names if a.asname})
    return names, aliases


def _target(call: ast.Call, names: dict[str, tuple[str, str]], aliases: dict[str, str]) -> tuple[str, str] | None:
    func = call.func
    if isinstance(func, ast.Name):
        return names.get(func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in aliases:
        return aliases[func.value.id], func.attr
    return None


def _handled(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    node: ast.AST | None = parents.get(id(call))
    while node is not None:
        if isinstance(node, ast.Try) and node.handlers:
            return True
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                ctx = item.context_expr
                func = ctx.func if isinstance(ctx, ast.Call) else None
                name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
                if name in _HANDLED:
                    return True
        node = parents.get(id(node))
    return False


def _scope(fn: ast.AST) -> list[ast.AST]:
    """The nodes of ``fn``'s own scope: a nested def, lambda or class has its own names."""
    out, todo = [], list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        out.append(node)
        todo += ast.iter_child_nodes(node)
    return out


def _known(
    trees: ThreeTrees, fn: ast.AST, name: str, call: ast.Call, falsy: dict[str, bool], parents: dict[int, ast.AST]
) -> tuple[Known, set[str]]:
    """What ``fn``'s own scope knows of ``name``'s attributes before ``call``, and the attributes it stores.  A
    store under a branch or loop that does not hold the call too (``if args.b: args.a = True``) may not run:
    its attribute is unknown, a store of the fork's all the same."""
    known: Known = {}
    stored: set[str] = set()
    around = _blocks(call, fn, parents)
    steps = sorted(
        (n for n in _scope(fn) if isinstance(n, ast.Assign) and n.lineno < call.lineno), key=lambda n: n.lineno
    )
    for node in steps:
        sure = _blocks(node, fn, parents) <= around
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id == name:
                known = _parsed(trees, node.value, falsy) if sure else {}
                stored = set()
            elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == name:
                stored.add(target.attr)
                if sure and isinstance(node.value, ast.Constant):
                    known[target.attr] = node.value.value
                else:
                    known.pop(target.attr, None)
    return known, stored


def _blocks(node: ast.AST, fn: ast.AST, parents: dict[int, ast.AST]) -> set[int]:
    """The branches and loops of ``fn`` holding ``node`` (a ``with`` runs its body: not one)."""
    out = set()
    current = parents.get(id(node))
    while current is not None and current is not fn:
        if isinstance(current, (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.Match, ast.IfExp)):
            out.add(id(current))
        current = parents.get(id(current))
    return out


def _parsed(trees: ThreeTrees, value: ast.expr, falsy: dict[str, bool]) -> Known:
    """The attributes a ``parse_args([...])`` of a literal list sets: those it passes, and the false ones it
    leaves out that upstream declares only as a ``store_true`` or a bool field defaulting to False (a
    parameter of that name is no option; an error message quoting the flag declares nothing)."""
    call = value
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "parse_args"):
        return {}
    argv = call.args[0] if call.args else None
    if not (isinstance(argv, ast.List) and all(isinstance(e, ast.Constant) for e in argv.elts)):
        return {}
    words = [str(e.value) for e in argv.elts if isinstance(e, ast.Constant)]
    known: Known = {}
    for i, word in enumerate(words):
        if word.startswith("--"):
            flag, _, given = word[2:].partition("=")
            following = words[i + 1] if i + 1 < len(words) and not words[i + 1].startswith("-") else None
            known[flag.replace("-", "_")] = given or following or True
    return _Absent(trees, known, falsy)


class _Absent(dict[str, object]):
    """Known values, where a name left out is False when upstream declares it only as a false flag."""

    def __init__(self, trees: ThreeTrees, known: Known, falsy: dict[str, bool]) -> None:
        super().__init__(known)
        self.trees, self.falsy = trees, falsy

    def __missing__(self, name: str) -> object:
        if name not in self.falsy:
            self.falsy[name] = _false_flag(self.trees, name)
        if self.falsy[name]:
            return False
        raise KeyError(name)


def _false_flag(trees: ThreeTrees, name: str) -> bool:
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    flag = f"--{name.replace('_', '-')}"
    lines = repo.lines_containing(trees.repo, trees.theirs, [f"{name}:", f'"{flag}"'], served)
    field = re.compile(rf"^\s*{name}\s*:[^,()]*$")  # a class field (a parameter ends in "," or ")")
    false = re.compile(rf"^\s*{name}\s*:\s*bool\s*=\s*False\s*$")
    quoted = [t for t in lines if "add_argument" in t or t.strip() == f'"{flag}",']
    declared = [t for t in lines if field.match(t)] + [t for t in quoted if f'"{flag}"' in t]
    return bool(declared) and all(false.match(t) or "store_true" in t for t in declared)


def _value(test: ast.expr, param: str, known: Known) -> object:
    """The test's truth over ``known`` (None: undecided)."""
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, ast.Attribute) and isinstance(test.value, ast.Name) and test.value.id == param:
        try:
            return bool(known[test.attr])
        except KeyError:
            return None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _value(test.operand, param, known)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        values = [_value(v, param, known) for v in test.values]
        stop = isinstance(test.op, ast.Or)  # ``or`` stops at a true value, ``and`` at a false one
        if any(v is stop for v in values):
            return stop
        return None if any(v is None for v in values) else not stop
    return None


def _finding(
    trees: ThreeTrees, path: str, line: int, guard: _Guard, name: str, verdict: tuple[bool, bool], pr_pattern: str
) -> Finding:
    sure, holds = verdict
    test = ast.unparse(guard.test)
    commit = trees.upstream_commit(guard.path, r"raise ", pr_pattern, most=5)
    how = "holds" if holds else "may hold (the command line decides)"
    early = " (unless an earlier statement of it returns first)" if guard.early else ""
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        line,
        f"fork-owned call hands {name} to {guard.func}, which upstream now makes raise {guard.kind} when "
        f"`{test}` ({guard.path}:{guard.line}{commit}); the test {how} with what this function sets on {name}{early}: "
        "set what the guard asks for too, or stop setting the refused value",
    )
