"""Claimed op names: upstream now registers a custom op under the name a fork registers its own op by.

#16155 (690fe019f0) registered ``all_gather`` and ``reduce_scatter`` in the project's op library
(``direct_register_custom_op(op_name="all_gather", op_func=all_gather, ...)`` in ``parallel_state``).  A fork
module that registers its own sequence-parallel op as ``op_name="all_gather"`` through the same registrar merges
cleanly: no line conflicts, no symbol moved.  At import the library defines the name twice and torch refuses the
second definition (``RuntimeError: ... already has a schema registered``): the process dies before serving.

Upstream's side: a registration of the name (``op_name="x"``, ``custom_op("ns::x")``, a schema given to
``define(``) on a line upstream added to a Python file, the name on no line upstream removed (an op that
existed at the base collided there already: not this merge's doing).  The fork's side, on lines it owns in
another file: a registration of the same name into the same library -- neither call given ``target_lib=``, or
both the same one; a ``custom_op("ns::x")`` of each in the same namespace.  An error when upstream's
registration runs on import on every path: a statement of its module (not of a function), under no ``if`` but
one the registrar itself asks (``if supports_custom_op():`` where the registrar returns early on ``not
supports_custom_op()``, so the fork's registration does nothing on that path either).  A warning when it sits in
a function or under another test.  Quiet: a fork registration in a ``try`` or under an ``if`` naming the op (it
asks whether the name is taken), a name in another library or namespace, a name the base already registered.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.custom_ops import defined_op_names
from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_MOST_FILES = 16
_GATE = ("op_name", "custom_op(", "define(")
_NAMES = lazy_pattern(r"op_name|custom_op\(|define\(")


@dataclass(frozen=True)
class Claim:
    """A registration of ``name`` at ``line`` of ``path``: the library it goes to (``target_lib=``'s text, or
    a ``custom_op`` namespace, "" for the registrar's default) and whether it runs on import on every path."""

    path: str
    line: int
    name: str
    library: str
    always: bool
    registrar: str = ""


def claimed_op_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork registrations of an op name upstream now registers in the same library."""
    forked = _fork_names(trees)
    if not forked:
        return []
    claims = _upstream_claims(trees, set().union(*forked.values()))
    if not claims:
        return []
    findings: list[Finding] = []
    for path in sorted(forked):
        module = trees.merged_module(path)
        owned = trees.owned_lines(path)
        for mine in _claims(path, module, forked[path], owned=owned) if module is not None else ():
            for theirs in claims.get(mine.name, ()):
                if theirs.path != path and (theirs.library, theirs.registrar) == (mine.library, mine.registrar):
                    findings.append(_finding(trees, mine, theirs, pr_pattern))
                    break
    return findings


def _fork_names(trees: ThreeTrees) -> dict[str, set[str]]:
    """Fork Python file -> the op names its added lines register (a text gate before any parse)."""
    found: dict[str, set[str]] = {}
    for path, change in trees.mine.items():
        if path.endswith(".py") and (lines := [t for t in change.added.values() if any(g in t for g in _GATE)]):
            if names := defined_op_names("\n".join(lines)):
                found[path] = names
    return found


def _upstream_claims(trees: ThreeTrees, names: set[str]) -> dict[str, list[Claim]]:
    """Op name -> upstream's new registrations of it (of ``names``), each read off upstream's merged module."""
    found: dict[str, list[Claim]] = {}
    quoted = tuple(f'"{n}' for n in sorted(names)) + tuple(f"'{n}" for n in sorted(names))
    paths = [p for p in trees.upstream.matching(_NAMES, ".py") if any(q in trees.upstream.raw(p) for q in quoted)]
    for path in paths[:_MOST_FILES]:
        change = trees.upstream[path]
        added = {n for t in change.added.values() if any(g in t for g in _GATE) for n in defined_op_names(t)}
        gone = {n for t in change.removed if any(g in t for g in _GATE) for n in defined_op_names(t)}
        new = (added & names) - gone
        if not new:
            continue
        module = trees.merged_module(path)
        for claim in _claims(path, module, new, owned=None, trees=trees) if module is not None else ():
            found.setdefault(claim.name, []).append(claim)
    return found


def _claims(
    path: str,
    module: ast.Module,
    names: set[str],
    owned: set[int] | None,
    trees: ThreeTrees | None = None,
) -> Iterator[Claim]:
    """The registrations of ``names`` in ``module`` (on ``owned`` lines when given, the fork's side: those not
    asking whether the name is taken), with the library each goes to and whether it runs on every import."""
    aliases = _aliases(module)
    for node, guards in _walk(module.body, ()):
        registered = _registered(node)
        if registered is None or registered[0] not in names:
            continue
        name, library, local, line = registered
        registrar = aliases.get(local, local)
        if owned is not None:
            if line in owned and not _asks_taken(guards, name):
                forwarded = _forwarded(module, node, local)
                if forwarded is not None:
                    library, registrar = forwarded[0], aliases.get(forwarded[1], forwarded[1])
                yield Claim(path, line, name, library, True, registrar)
            continue
        always = all(_registrar_asks(trees, path, module, local, g) for g in guards)
        yield Claim(path, line, name, library, always, registrar)


def _aliases(module: ast.Module) -> dict[str, str]:
    """review125: the names the module's imports bind under another (``from m import reg as register_op``):
    a registrar is compared by the name it was imported as, so an alias is the same registrar."""
    return {
        a.asname: a.name
        for stmt in module.body
        if isinstance(stmt, ast.ImportFrom)
        for a in stmt.names
        if a.asname and a.asname != a.name
    }


def _forwarded(module: ast.Module, call: ast.Call, helper: str) -> tuple[str, str] | None:
    """review125: ``helper(op_name="x", ...)`` where ``helper`` is a def of the fork's module whose body hands
    its own ``op_name`` parameter to a registrar: (that call's library, its registrar) -- the fork's helper
    registering into its own library (``target_lib=aeon_lib``) claims no name of upstream's default library.
    None when ``helper`` is no def of the module (a registrar of the tree, or a call that registers nothing:
    then its own name, compared with upstream's registrar, tells)."""
    body = _local_def(module, helper) if isinstance(call.func, ast.Name) else None
    for stmt in body or ():
        for node in ast.walk(stmt):
            if isinstance(node, ast.Call) and any(
                k.arg == "op_name" and isinstance(k.value, ast.Name) and k.value.id == "op_name" for k in node.keywords
            ):
                lib = next((k.value for k in node.keywords if k.arg == "target_lib"), None)
                callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                return (ast.unparse(lib) if lib is not None else ""), callee
    return None


def _walk(body: list[ast.stmt], guards: tuple[ast.AST, ...]) -> Iterator[tuple[ast.Call, tuple[ast.AST, ...]]]:
    """Each call among ``body``'s statements and the statements around it that may not run it on every import
    (an ``if``, a ``try``, a loop, a ``with``, a ``def`` or a class body)."""
    for stmt in body:
        if isinstance(stmt, ast.If | ast.For | ast.AsyncFor | ast.While):
            yield from _walk(stmt.body, (*guards, stmt))
            yield from _walk(stmt.orelse, (*guards, stmt))
        elif isinstance(stmt, ast.Try):
            yield from _walk(stmt.body, (*guards, stmt))
        elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            # a decorator runs where the def does (``@custom_op("ns::x")`` registers on import)
            yield from ((n, guards) for d in stmt.decorator_list for n in ast.walk(d) if isinstance(n, ast.Call))
            yield from _walk(stmt.body, (*guards, stmt))
        elif isinstance(stmt, ast.With | ast.AsyncWith):
            yield from _walk(stmt.body, (*guards, stmt))
        else:
            for node in ast.walk(stmt):
                if isinstance(node, ast.Call):
                    yield node, guards


def _registered(call: ast.Call) -> tuple[str, str, str, int] | None:
    """(op name, library, registrar's name, the name's line) of ``register(op_name="x", ...)``, ``custom_op("ns::x", ...)`` or
    ``lib.define("x(...) -> ...")``; None for any other call."""
    callee = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    op = keywords.get("op_name")
    if isinstance(op, ast.Constant) and isinstance(op.value, str):
        lib = keywords.get("target_lib")
        return op.value, ast.unparse(lib) if lib is not None else "", callee, op.lineno
    first = call.args[0] if call.args else None
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    if callee.endswith("register_custom_op") and first.value.isidentifier():  # ``register("x", f, ...)``
        lib = keywords.get("target_lib")
        return first.value, ast.unparse(lib) if lib is not None else "", callee, first.lineno
    if callee == "custom_op" and "::" in first.value:
        namespace, name = first.value.rsplit("::", 1)
        return name, f"namespace {namespace}", callee, first.lineno
    if (
        callee == "define"
        and isinstance(call.func, ast.Attribute)
        and (names := defined_op_names(f'define("{first.value}")'))
    ):
        return next(iter(names)), ast.unparse(call.func.value), callee, first.lineno
    return None


def _asks_taken(guards: tuple[ast.AST, ...], name: str) -> bool:
    """A fork registration in a ``try`` or under an ``if`` naming the op: it asks whether the name is taken."""
    for guard in guards:
        if isinstance(guard, ast.Try):
            return True
        if isinstance(guard, ast.If) and name in ast.unparse(guard.test):
            return True
    return False


def _registrar_asks(trees: ThreeTrees | None, path: str, module: ast.Module, registrar: str, guard: ast.AST) -> bool:
    """``if G():`` around upstream's registration where the registrar itself returns early on ``not G()``: the
    fork's registration (through the same registrar) does nothing where the test fails, so the clash is on
    every path that registers at all."""
    if trees is None or not isinstance(guard, ast.If) or guard.orelse:
        return False
    test = guard.test
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and not test.args):
        return False
    origin = imported_origin(ast.Name(id=registrar), file_imports(module, path))
    body = _def_body(trees, origin, registrar) if origin is not None else _local_def(module, registrar)
    return any(_returns_unless(stmt, test.func.id) for stmt in body or ())


def _def_body(trees: ThreeTrees, origin: tuple[str, str], name: str) -> list[ast.stmt] | None:
    base = origin[0].replace(".", "/")
    for candidate in (f"{base}.py", f"{base}/__init__.py"):
        if (module := trees.merged_module(candidate)) is not None:
            return _local_def(module, name)
    return None


def _local_def(module: ast.Module, name: str) -> list[ast.stmt] | None:
    for stmt in module.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == name:
            return stmt.body
    return None


def _returns_unless(stmt: ast.stmt, probe: str) -> bool:
    """``if not probe(): ...; return`` among a registrar's statements."""
    if not isinstance(stmt, ast.If) or not stmt.body or not isinstance(stmt.body[-1], ast.Return):
        return False
    test = stmt.test
    return (
        isinstance(test, ast.UnaryOp)
        and isinstance(test.op, ast.Not)
        and isinstance(test.operand, ast.Call)
        and isinstance(test.operand.func, ast.Name)
        and test.operand.func.id == probe
    )


def _finding(trees: ThreeTrees, mine: Claim, theirs: Claim, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(theirs.path, rf"['\"]{theirs.name}['\"(]|::{theirs.name}['\"]", pr_pattern)
    where = "on import" if theirs.always else "where its registration runs"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if theirs.always else Severity.WARNING,
        mine.path,
        mine.line,
        f"fork-owned registration of op {mine.name!r}, which upstream now registers in the same library too "
        f"({theirs.path}:{theirs.line}{commit}): the second definition of the name raises RuntimeError {where}; "
        f"rename the fork's op (and its torch.ops calls) or use upstream's",
    )
