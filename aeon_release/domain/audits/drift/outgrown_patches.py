"""Outgrown patches: a fork function installed over a module's function, which the module now calls with
arguments the fork function does not take.

A fork that carries a change without editing upstream's file patches the module at import time (a plugin):
``tf_backend.replace_linear_class = aeon_replace_linear_class``.  The module calls its function by its bare
name, and the patch swaps what that name finds -- so the fork's function is called the way upstream's own
calls are written.  #23556 (1b7b161a09) gave ``replace_linear_class`` a keyword-only ``prefix`` for per-layer
quantization routing and made the module's ``tensor_parallel`` pass ``prefix=qual_name``: the merge is clean,
and the first model load raises TypeError inside upstream's loop, because the fork's
``def aeon_replace_linear_class(linear, style, quant_config)`` takes no ``prefix``.  Dead patches
(``drift/patches.py``) judge the patch whose function upstream stopped calling; this one the function upstream
calls in a new way.

A patch is a fork-owned ``recv.name = value`` or ``setattr(recv, "name", value)`` whose receiver is a module
the file imports (``import m.sub as s``, ``from m import sub``: ``literals.import_bindings``), whose value is
a lambda or a def of the same file (undecorated, or under ``functools.wraps`` alone: another decorator may
change what the name takes), and whose module upstream's diff changed and still defines ``name`` at module
level.  The module's calls of ``name`` by its bare name are read at the base and at upstream: an error when
a call upstream makes binds to upstream's own def but not to the fork function (``signatures.call_problem``:
a keyword it does not take, more positional arguments than it takes, a parameter it requires left out) and
no call at the base failed the same way (then the fork function never fitted, and the break is not this
merge's).  The error lands on the fork function's ``def`` (its parameters are what must change), or on the
patch when the value is a lambda.  A fork function taking ``**kwargs`` (or ``*args``) takes what it is given.

Cheap first: only fork files whose added lines assign a dotted target or call ``setattr`` are parsed, and only
the module files upstream's diff changed and names the patched function in are read.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.literals import import_bindings
from aeon_release.domain.audits.drift.patches import PATCH
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.drift.signatures import Sig, call_problem, lambda_signature, signature
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import parse_python

_SETATTR = re.compile(r"\bsetattr\s*\(")


@dataclass(frozen=True)
class _Patch:
    line: int  # the patch's line
    receiver: str  # as spelt: ``tf_backend``, ``m.sub``
    name: str  # the module's function it replaces
    value: ast.expr  # what it installs


@dataclass(frozen=True)
class _Replacement:
    sig: Sig
    line: int  # where the error lands: the fork def, or the patch for a lambda
    shown: str  # ``aeon_replace_linear_class(linear, style, quant_config)``


def outgrown_patches(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Errors on fork functions patched over a module's function that upstream's module now calls with
    arguments they do not take."""
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, _patches_line):
        for patch in _patches(module, owned):
            replacement = _replacement(module, patch, owned)
            where = _module_file(trees, path, module, patch) if replacement is not None else None
            if replacement is None or where is None:
                continue
            refused = _new_refusal(trees, where, patch.name, replacement.sig)
            if refused is not None:
                findings.append(_finding(trees, path, patch, replacement, where, refused, pr_pattern))
    return findings


def _patches_line(text: str) -> bool:
    code = text.split("#", 1)[0]
    return PATCH.match(code) is not None or _SETATTR.search(code) is not None


def _patches(module: ast.Module, owned: set[int]) -> Iterator[_Patch]:
    """The fork-owned ``recv.name = value`` and ``setattr(recv, "name", value)`` statements."""
    for node in ast.walk(module):
        if isinstance(node, ast.Assign) and node.lineno in owned:
            for target in node.targets:
                if isinstance(target, ast.Attribute):
                    yield _Patch(node.lineno, ast.unparse(target.value), target.attr, node.value)
        elif isinstance(node, ast.Expr) and node.lineno in owned and _is_setattr(node.value):
            assert isinstance(node.value, ast.Call)
            recv, name, value = node.value.args
            assert isinstance(name, ast.Constant) and isinstance(name.value, str)
            yield _Patch(node.lineno, ast.unparse(recv), name.value, value)


def _is_setattr(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "setattr"
        and len(node.args) == 3
        and not node.keywords
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    )


def _replacement(module: ast.Module, patch: _Patch, owned: set[int]) -> _Replacement | None:
    """The fork function the patch installs: a lambda, or the one fork-owned def of the file by that name."""
    value = patch.value
    if isinstance(value, ast.Lambda):
        sig = lambda_signature(value)
        return _Replacement(sig, patch.line, f"lambda{sig.show()}")
    if not isinstance(value, ast.Name):
        return None
    defs = [
        n
        for n in ast.walk(module)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == value.id and n.lineno in owned
    ]
    if len(defs) != 1 or _decorated(defs[0]):
        return None
    taken = signature(defs[0], bound=False)
    return None if taken is None else _Replacement(taken, defs[0].lineno, f"{value.id}{taken.show()}")


def _decorated(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A decorator other than ``functools.wraps`` may change what the name takes."""
    for dec in func.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if ast.unparse(target).rsplit(".", 1)[-1] != "wraps":
            return True
    return False


def _module_file(trees: ThreeTrees, path: str, module: ast.Module, patch: _Patch) -> str | None:
    """The file of the module the receiver names through the file's imports, when upstream's diff of it names
    the patched function."""
    _, modules = import_bindings(path, module)
    head, _, rest = patch.receiver.partition(".")
    if patch.receiver in modules:
        dotted = modules[patch.receiver]
    elif head in modules and rest:
        dotted = f"{modules[head]}.{rest}"
    else:
        return None
    stem = dotted.replace(".", "/")
    for candidate in (f"{stem}.py", f"{stem}/__init__.py"):
        if candidate in trees.upstream and patch.name in trees.upstream.raw(candidate):
            return candidate
    return None


def _new_refusal(trees: ThreeTrees, where: str, name: str, sig: Sig) -> tuple[ast.Call, str] | None:
    """A call of ``name`` by its bare name in ``where`` at upstream that binds to upstream's def and not to
    ``sig``, when no call at the base failed ``sig`` the same way; and why it fails."""
    base_text = trees.blobs(trees.base, [where])[where]
    theirs_text = trees.blobs(trees.theirs, [where])[where]
    base = parse_python(base_text, where) if base_text is not None else None
    theirs = parse_python(theirs_text, where) if theirs_text is not None else None
    upstream_def = _module_def(theirs, name) if theirs is not None else None
    upstream_sig = signature(upstream_def, bound=False) if upstream_def is not None else None
    if theirs is None or upstream_sig is None:
        return None
    before = {call_problem(c, sig) for c in _bare_calls(base, name)} if base is not None else set()
    for call in _bare_calls(theirs, name):
        problem = call_problem(call, sig)
        if problem is not None and problem not in before and call_problem(call, upstream_sig) is None:
            return call, problem
    return None


def _module_def(module: ast.Module, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    for stmt in module.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name:
            return stmt
    return None


def _bare_calls(module: ast.Module, name: str) -> list[ast.Call]:
    return [
        n for n in ast.walk(module) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
    ]


def _finding(
    trees: ThreeTrees,
    path: str,
    patch: _Patch,
    replacement: _Replacement,
    where: str,
    refused: tuple[ast.Call, str],
    pr_pattern: str,
) -> Finding:
    call, problem = refused
    commit = trees.upstream_commit(where, rf"(^|[^A-Za-z0-9_.]){re.escape(patch.name)} *\(", pr_pattern, most=5)
    shown = ast.unparse(call)
    shown = shown if len(shown) <= 120 else shown[:117] + "..."
    why = problem.replace("which it no longer accepts", "which it does not take").replace(
        "which it now requires", "which it requires"
    )
    message = (
        f"fork-owned patch {patch.receiver}.{patch.name} = ... (line {patch.line}) installs "
        f"{replacement.shown} in place of {patch.name}(), and upstream's {where} now calls {shown} "
        f"(line {call.lineno}){commit}: the call {why} -- TypeError where upstream calls it; give the fork "
        "function the parameters upstream's calls pass (or **kwargs handed on)"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, replacement.line, message)
