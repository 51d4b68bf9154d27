"""Pinned results: a fork test pins the answer (or the raise) of an upstream function whose decisions upstream changed.

A fork keeps tests of the upstream helpers it leans on: ``assert fi.supports_trtllm_attention(is_prefill=False) is
False`` on its own capability, ``assert not use_trtllm_attention(..., max_seq_len=262144, ...)`` above a limit,
``with pytest.raises(RuntimeError): use_trtllm_attention(..., has_sinks=True)``.  Each pins what the function
answered at the base.  When upstream rewrites the function's decisions -- #49718 (1d2d83a07f) gave SM12x the XQA
decode kernel in ``supports_trtllm_attention``, #28755 (173b356abf) dropped ``use_trtllm_attention``'s 131072 limit,
#25674 (44f633dba1) removed its ``RuntimeError`` for an FP8 query with sinks, #28561 (a543e678b4) took the
batch-invariant ``return False`` out of ``force_use_trtllm_attention``, #45251 (b8142294b7) raised the cuDNN FP8 ViT
gate from SM90 to SM100 -- the fork's test merges cleanly and its pinned answer may be stale: the fork learns it in
CI at best, and at worst the test was the fork's record of a behaviour its service code still assumes.

The fork's side, in a test file (``tests/``, ``test_*``), on a line it owns: ``assert CALL``, ``assert not CALL``,
``assert CALL is/==/!= LITERAL`` (either side), or a ``with pytest.raises(...)`` whose body's statements make
``CALL``, where ``CALL`` calls a function imported from upstream's module (``from m import f``, ``m.f`` off an
imported module).  Upstream's side: that module is a changed file defining ``f`` at its top level at both versions,
and ``f``'s body differs between them once its docstring and its logging statements (a bare call of a ``logger``,
``logging`` or ``warnings`` attribute) are set aside: a decision of ``f`` changed.  A warning on the pinning line
(the engine cannot run the function on the test's inputs: the changed decision may not be the one the test
reaches).  Quiet: a call of a function upstream left alone (or changed only in its log lines or docstring), a
test of the fork's own function, an assertion that pins nothing literal (``assert f(x) == g(x)``), fork code
outside the tests, a call ``m.f(...)`` of a name the enclosing test stubs itself (review126: by ``setattr``,
``patch.object``, ``m.f = ...`` or a dotted ``patch("pkg.m.f")``, in its body or decorators: the test pins its
stub; a bare ``f`` imported before the stub is upstream's, still warned).

A state pinned as well as an answer: ``check_stop(request, max_model_len=4096)`` as a statement, then ``assert
request.status == RequestStatus.FINISHED_LENGTH_CAPPED`` in the same block -- the test pins what the call wrote on
its argument (#27555, 61fbfe5274, moved ``check_stop``'s length cap below its stop tokens; #26317 returned before
``min_tokens``).  Pinned when the assertion compares ``obj.attr`` with a literal or a constant's dotted name (an enum member),
``obj`` a name the nearest call before it in the block takes, and the function's def at the base writes that
parameter's ``attr`` (``request.status = ...``): the same warning, on the assertion's line.

Cheap first: only fork test files whose added lines hold ``assert`` or ``raises(``, only upstream files that are
the homes of the modules such pins call into, and only those whose upstream text defines a pinned name.
"""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Iterator

from aeon_release.domain.audits.drift.dtypes import is_test_path
from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map, str_value

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_LOGGERS = frozenset({"logger", "logging", "warnings", "log", "_logger", "LOGGER"})


def pinned_result_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork tests pinning the answer or raise of an upstream function whose decisions upstream changed."""
    candidates = [
        path
        for path in sorted(trees.mine)
        if path.endswith(".py")
        and is_test_path(path)
        and any("assert " in line or "raises(" in line for line in trees.mine[path].added.values())
    ]
    pins: list[tuple[str, int, str, str, str, _Written | None]] = []  # (fork path, line, module, name, spelt, state)
    for path in candidates:
        module = trees.merged_module(path)
        if module is None:
            continue
        owned, imports = trees.owned_lines(path), file_imports(module, path)
        for line, call, written in _pins(module):
            origin = imported_origin(call.func, imports) if line in owned else None
            if origin is not None:
                pins.append((path, line, origin[0], origin[1], ast.unparse(call.func), written))
    if not pins:
        return []
    homes = {home: module for _, _, module, _, _, _ in pins for home in _homes(module) if home in trees.upstream}
    if not homes:
        return []
    spelt = tuple(sorted({f"def {name}(" for _, _, _, name, _, _ in pins}))
    changed: dict[tuple[str, str], tuple[str, int, ast.FunctionDef | ast.AsyncFunctionDef]] = {}
    for home, old, new in parsed_versions(trees, sorted(homes), keep=lambda _old, text: any(s in text for s in spelt)):
        for name in {n for _, _, m, n, _, _ in pins if m == homes[home]}:
            before, after = _def(old, name), _def(new, name)
            if before is not None and after is not None and _decisions(before) != _decisions(after):
                changed[(homes[home], name)] = (home, after.lineno, before)
    found: list[Finding] = []
    for path, line, module_name, name, shown, written in pins:
        hit = changed.get((module_name, name))
        if hit is not None and (written is None or _writes(hit[2], written)):
            found.append(_finding(trees, path, line, shown, name, hit[:2], pr_pattern, written))
    return found


def _homes(module: str) -> list[str]:
    stem = module.replace(".", "/")
    return [f"{stem}.py", f"{stem}/__init__.py"]


_Written = tuple[int | str, str, str]  # (the call's slot the object fills, the attribute, the object as spelt)


def _pins(module: ast.Module) -> Iterator[tuple[int, ast.Call, _Written | None]]:
    """(line, call) for each assertion pinning a call's answer to a literal and each call made in a
    ``pytest.raises`` block's own statements -- but a call ``m.f(...)`` of a name the enclosing test stubs itself
    (review126: ``monkeypatch.setattr(fi, "f", lambda: False)`` then ``assert fi.f() is False`` pins the stub, not
    upstream's function)."""
    parents = parent_map(module)
    stubs: dict[int, set[str]] = {}
    for node in ast.walk(module):
        found: list[ast.Call] = []
        written: _Written | None = None
        if isinstance(node, ast.Assert):
            call = _pinned(node.test)
            if call is None and (state := _state_pin(node, parents)) is not None:
                call, written = state
            found = [call] if call is not None else []
        elif isinstance(node, ast.With | ast.AsyncWith) and any(_raises(item.context_expr) for item in node.items):
            for stmt in node.body:
                value = stmt.value if isinstance(stmt, ast.Expr | ast.Assign | ast.AnnAssign) else None
                if isinstance(value, ast.Await):
                    value = value.value
                if isinstance(value, ast.Call):
                    found.append(value)
        for call in found:
            # ``m.f(...)`` looks ``f`` up at run time and finds the stub; a bare ``f`` imported before is upstream's
            if not (isinstance(call.func, ast.Attribute) and call.func.attr in _stubbed_around(node, parents, stubs)):
                yield int(getattr(node, "lineno", 0)), call, written


def _state_pin(node: ast.Assert, parents: dict[int, ast.AST]) -> tuple[ast.Call, _Written] | None:
    """``f(obj, ...)`` as a statement, then ``assert obj.attr == LITERAL`` (or a dotted name) in the same block:
    the nearest such call before the assertion, and the slot ``obj`` fills in it."""
    held = _compared_state(node.test)
    block = _block_of(node, parents)
    if held is None or block is None:
        return None
    obj, attr = held
    for stmt in reversed(block[: block.index(node)]):
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            slot = _slot_of(stmt.value, obj)
            if slot is not None:
                return stmt.value, (slot, attr, obj)
    return None


def _compared_state(test: ast.expr) -> tuple[str, str] | None:
    """``obj.attr ==/is/!= LITERAL-or-dotted-name`` (either side): (obj, attr)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    if not isinstance(test.ops[0], ast.Is | ast.IsNot | ast.Eq | ast.NotEq):
        return None
    for held, other in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
        if isinstance(held, ast.Attribute) and isinstance(held.value, ast.Name) and _pinned_value(other):
            return held.value.id, held.attr
    return None


def _pinned_value(other: ast.expr) -> bool:
    """A literal, or a constant's dotted name (``RequestStatus.FINISHED_STOPPED``: its last name upper case)."""
    return isinstance(other, ast.Constant) or (isinstance(other, ast.Attribute) and other.attr.isupper())


def _block_of(node: ast.stmt, parents: dict[int, ast.AST]) -> list[ast.stmt] | None:
    parent = parents.get(id(node))
    for field in ("body", "orelse", "finalbody"):
        block = getattr(parent, field, None)
        if isinstance(block, list) and node in block:
            return block
    return None


def _slot_of(call: ast.Call, obj: str) -> int | str | None:
    for index, arg in enumerate(call.args):
        if isinstance(arg, ast.Name) and arg.id == obj:
            return index
    for keyword in call.keywords:
        if keyword.arg is not None and isinstance(keyword.value, ast.Name) and keyword.value.id == obj:
            return keyword.arg
    return None


def _writes(func: ast.FunctionDef | ast.AsyncFunctionDef, written: _Written) -> bool:
    """The def assigns the attribute on the parameter the slot fills (``request.status = ...``)."""
    slot, attr, _ = written
    params = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
    names = {*params, *(a.arg for a in func.args.kwonlyargs)}
    param = params[slot] if isinstance(slot, int) and slot < len(params) else slot if slot in names else None
    return param is not None and any(
        isinstance(target, ast.Attribute)
        and target.attr == attr
        and isinstance(target.value, ast.Name)
        and target.value.id == param
        for node in ast.walk(func)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
    )


def _stubbed_around(node: ast.AST, parents: dict[int, ast.AST], cache: dict[int, set[str]]) -> set[str]:
    """The attribute names the test functions around ``node`` (their bodies and decorators) put a stub over:
    ``monkeypatch.setattr(m, "f", ...)``/``setattr``, ``patch.object(m, "f", ...)``, ``m.f = ...``, and the
    dotted-string spellings ``monkeypatch.setattr("pkg.m.f", ...)``/``patch("pkg.m.f")``."""
    names: set[str] = set()
    at: ast.AST | None = parents.get(id(node))
    while at is not None:
        if isinstance(at, _FUNCS):
            if id(at) not in cache:
                cache[id(at)] = stubbed_in(at)
            names |= cache[id(at)]
        at = parents.get(id(at))
    return names


def stubbed_in(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The attribute names a function (its body and decorators) puts a stub over (``_stubbed_around``'s
    spellings): a call ``m.f(...)`` in it reaches the stub, not upstream's ``f``."""
    return {name for n in ast.walk(func) for name in _stub_of(n)}


def _stub_of(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Assign):
        return [t.attr for t in node.targets if isinstance(t, ast.Attribute)]
    if not isinstance(node, ast.Call) or not node.args:
        return []
    head = last_name(node.func)
    if head == "setattr" and (dotted := str_value(node.args[0])) is not None:
        return [dotted.rpartition(".")[2]]
    patcher = isinstance(node.func, ast.Attribute) and last_name(node.func.value) == "patch"
    if head == "setattr" or (head == "object" and patcher):
        named = str_value(node.args[1]) if len(node.args) >= 2 else None
        return [named] if named else []
    if head == "patch":
        target = str_value(node.args[0])
        return [target.rpartition(".")[2]] if target and "." in target else []
    return []


def _pinned(test: ast.expr) -> ast.Call | None:
    """The call ``test`` pins: ``f(...)``, ``not f(...)``, ``f(...) is/==/!= literal`` (either side)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.Call):
        return test
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        left, right = test.left, test.comparators[0]
        if not isinstance(test.ops[0], ast.Is | ast.IsNot | ast.Eq | ast.NotEq):
            return None
        if isinstance(left, ast.Call) and isinstance(right, ast.Constant):
            return left
        if isinstance(right, ast.Call) and isinstance(left, ast.Constant):
            return right
    return None


def _raises(expr: ast.expr) -> bool:
    """``pytest.raises(...)`` or ``raises(...)``."""
    if not isinstance(expr, ast.Call):
        return False
    func = expr.func
    return (isinstance(func, ast.Attribute) and func.attr == "raises") or (
        isinstance(func, ast.Name) and func.id == "raises"
    )


def _def(module: ast.Module, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    hits = [n for n in module.body if isinstance(n, _FUNCS) and n.name == name]
    return hits[0] if len(hits) == 1 else None


def _decisions(func: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """The def's body without its docstring and its logging statements, dumped without positions."""
    body = list(func.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    kept = ast.Module(body=[_unlogged(stmt) for stmt in body if not _logging(stmt)], type_ignores=[])
    return ast.dump(kept)


def _unlogged(stmt: ast.stmt) -> ast.stmt:
    """``stmt`` with the logging statements of its nested blocks set aside (a copy)."""
    if not _has_logging(stmt):
        return stmt
    copied = copy.deepcopy(stmt)
    for node in ast.walk(copied):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and all(isinstance(s, ast.stmt) for s in block):
                kept = [s for s in block if not _logging(s)]
                setattr(node, field, kept or [ast.Pass()])
    return copied


def _has_logging(stmt: ast.stmt) -> bool:
    return any(_logging(n) for n in ast.walk(stmt) if isinstance(n, ast.stmt))


def _logging(stmt: ast.stmt) -> bool:
    """A bare call off a logger (``logger.warning_once(...)``, ``warnings.warn(...)``)."""
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return False
    func = stmt.value.func
    while isinstance(func, ast.Attribute):
        func = func.value
    return isinstance(func, ast.Name) and func.id in _LOGGERS


def _finding(
    trees: ThreeTrees,
    path: str,
    line: int,
    shown: str,
    name: str,
    hit: tuple[str, int],
    pr_pattern: str,
    written: _Written | None = None,
) -> Finding:
    home, at = hit
    commit = trees.upstream_commit(home, rf"(^|[^A-Za-z0-9_.]){re.escape(name)} *\(", pr_pattern, most=5)
    pinned = f"writes on {written[2]}.{written[1]}" if written else "answers (or raises)"
    message = (
        f"the fork's test pins what {shown}() {pinned}, and upstream changed the decisions of "
        f"{name} ({home} line {at}){commit}: the pinned answer may be stale after the merge -- rerun the test and "
        "read upstream's new body before trusting it (or the fork code it stands for)"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, line, message)
