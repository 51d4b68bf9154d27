"""Patched functions: a fork function put over upstream's module function, which upstream now calls otherwise.

#38482 (57861ae48d) gave the batch runner's ``download_bytes_from_url(url)`` an ``allowed_media_domains``
parameter and made its caller in the same module pass it by keyword.  A fork that patches the module --
``run_batch.download_bytes_from_url = _aeon_download`` with ``async def _aeon_download(url: str)`` -- merges
cleanly; upstream's caller looks the name up in its module at run time, finds the fork's function, and raises
TypeError on every transcription row.  The same for ``make_transcription_wrapper`` (now called with the domains
by the endpoint registry).  Symbol drift reads a patch of a class's method as that method's override
(``_patched_method``); a module's function has no override, only the calls of its name.

Upstream's side: a module-level function of a changed file called by its bare name in that module (a global
look-up at run time, which a patch of the module reaches) on a line upstream added.  The fork's side, on a
line it owns: ``mod.f = mine`` or ``setattr(mod, "f", mine)`` with ``mod`` the module (an alias, or the name
imported from its package) and ``mine`` a ``def`` or ``lambda`` of the fork's file.  An error when one of
upstream's new calls does not bind to the fork function's parameters (a keyword it does not take, too many
arguments, a required parameter left out) while every call of the name at the base did: the fork's function
fitted before the merge.  Quiet: a function taking the new parameters or ``**kwargs``, a value that is no
function of the fork's file (upstream's own function, a class, a name the file also assigns), a call elsewhere by
the imported name (bound before the patch ran), a new call inside a module function the fork's file patches too
(that caller is the fork's now).  A warning: the patch under an ``if`` that tests the patched name or a signature
(the fork picks its patch by looking at upstream's function, which the engine cannot run), a ``def`` under a
decorator other than ``functools.wraps`` (the decorated value may take other parameters).

Cheap first: only fork files whose added lines patch a module attribute, and only upstream files whose added
lines call a name so patched.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.drift.signatures import Sig, call_problem, names_of, signature
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import parent_map, str_value

# ``mod.f = mine`` / ``mod.f = lambda ...`` / ``setattr(mod, "f", mine)`` on a fork line (``self.x = y``, an
# instance's own state and the commonest spelling, is never a module's patch: left out of the cheap gate)
_PATCH = re.compile(r"^\s*(?!self\.|cls\.)[A-Za-z_][\w.]*\.(\w+)\s*=\s*(?:lambda\b|[A-Za-z_]\w*\s*(?:#.*)?$)")
_SETATTR = re.compile(r"\bsetattr\(\s*[A-Za-z_][\w.]*\s*,\s*[\"'](\w+)[\"']")
_MOST_FILES = 32
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Called:
    """``name``, a module-level function of upstream's ``module`` (file ``path``): its bare-name calls there at
    the base (``old``) and those on lines upstream added (``new``)."""

    path: str
    module: str
    name: str
    old: tuple[ast.Call, ...]
    new: tuple[ast.Call, ...]
    # the module-level def each of ``new`` sits in ("" at the module's top): a caller the fork patches too runs
    # the fork's code, never upstream's new call
    within: tuple[str, ...] = ()


@dataclass(frozen=True)
class Patch:
    """A fork line ``line`` putting ``func`` over ``module.name``; ``chosen`` when an ``if`` picks it."""

    module: str
    name: str
    func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    line: int
    chosen: bool


def patched_function_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork patches of upstream module functions whose new same-module calls the fork function cannot take."""
    names = _patched_names(trees)
    if not names:
        return []
    called = {(c.module, c.name): c for c in _upstream_calls(trees, names)}
    if not called:
        return []
    found: list[Finding] = []
    for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names)):
        patches = list(_patches(path, module))
        replaced = {(p.module, p.name) for p in patches} - _kept(path, module)
        for patch in patches:
            hit = called.get((patch.module, patch.name))
            if hit is not None and patch.line in owned:
                found.extend(_check(trees, path, patch, _live(hit, replaced), pr_pattern))
    return found


def _patched_names(trees: ThreeTrees) -> set[str]:
    """The attribute names fork lines patch on a module or object."""
    names: set[str] = set()
    for path, change in trees.mine.items():
        for line in change.added.values() if path.endswith(".py") else ():
            names.update(m.group(1) for m in (_PATCH.match(line), _SETATTR.search(line)) if m is not None)
    return names


def _upstream_calls(trees: ThreeTrees, names: set[str]) -> Iterator[Called]:
    calling = re.compile(rf"(?<![\w.])(?:{'|'.join(map(re.escape, sorted(names)))})\s*\(")
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any(calling.search(line) for line in trees.upstream[p].added.values())
    ][:_MOST_FILES]
    for path, old, new in parsed_versions(trees, paths):
        added = set(trees.upstream[path].added)
        defined = {n.name for n in new.body if isinstance(n, _FUNCS)} & names
        owners = _owners(new)
        for name in sorted(defined):
            fresh = tuple(c for c in _bare_calls(new, name) if _call_lines(c) & added)
            if fresh:
                within = tuple(owners.get(id(c), "") for c in fresh)
                yield Called(path, dotted_name(path, roots=("",)), name, tuple(_bare_calls(old, name)), fresh, within)


def _owners(module: ast.Module) -> dict[int, str]:
    """id of each call -> the name of the module-level def it sits in."""
    return {id(n): d.name for d in module.body if isinstance(d, _FUNCS) for n in ast.walk(d) if isinstance(n, ast.Call)}


def _kept(path: str, module: ast.Module) -> set[tuple[str, str]]:
    """(module, name) of each imported name the file reads (``_up = mod.f``, ``from mod import f``): upstream's own
    function kept, which the fork's replacement may still call (then its new calls run all the same)."""
    imports = file_imports(module, path)
    read = (n for n in ast.walk(module) if isinstance(n, ast.Name | ast.Attribute) and isinstance(n.ctx, ast.Load))
    return {origin for n in read if (origin := imported_origin(n, imports)) is not None}


def _live(hit: Called, replaced: set[tuple[str, str]]) -> Called:
    """``hit`` without the new calls inside a module function the fork's file patches as well: the module looks
    that caller up too and runs the fork's, so upstream's new call there never runs (review82: a fork replacing
    ``make_transcription_wrapper`` and ``download_bytes_from_url`` together, its wrapper calling the old way); not
    where the file keeps upstream's caller (``_kept``)."""
    keep = [i for i, owner in enumerate(hit.within) if (hit.module, owner) not in replaced]
    if len(keep) == len(hit.new):
        return hit
    return Called(
        hit.path, hit.module, hit.name, hit.old, tuple(hit.new[i] for i in keep), tuple(hit.within[i] for i in keep)
    )


def _bare_calls(module: ast.Module, name: str) -> list[ast.Call]:
    return [
        n for n in ast.walk(module) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
    ]


def _call_lines(call: ast.Call) -> set[int]:
    """The lines a call spans: a keyword upstream added sits on one of them."""
    return set(range(call.lineno, (call.end_lineno or call.lineno) + 1))


def _patches(path: str, module: ast.Module) -> Iterator[Patch]:
    imports = file_imports(module, path)
    parents = parent_map(module)
    for node in ast.walk(module):
        target, value = _patch_of(node)
        if target is None or value is None:
            continue
        origin = imported_origin(target, imports)
        func = _fork_function(module, value, parents)
        if origin is not None and func is not None:
            line = int(getattr(node, "lineno", 0))  # an ``Assign`` or a ``setattr`` call: both carry one
            yield Patch(origin[0], origin[1], func, line, _chosen(node, origin[1], parents))


def _patch_of(node: ast.AST) -> tuple[ast.Attribute | None, ast.expr | None]:
    """``mod.f = v`` or ``setattr(mod, "f", v)`` as (``mod.f``, ``v``)."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Attribute):
        return node.targets[0], node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
        name = str_value(node.args[1]) if len(node.args) == 3 and not node.keywords else None
        if name is not None and name.isidentifier():
            return ast.Attribute(value=node.args[0], attr=name, ctx=ast.Load()), node.args[2]
    return None, None


def _fork_function(
    module: ast.Module, value: ast.expr, parents: dict[int, ast.AST]
) -> ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None:
    """The ``lambda`` or the one ``def`` of the file the value names (None: an import, a class, two defs)."""
    if isinstance(value, ast.Lambda):
        return value
    if not isinstance(value, ast.Name):
        return None
    defs = [n for n in ast.walk(module) if isinstance(n, _FUNCS) and n.name == value.id]
    if len(defs) != 1 or isinstance(parents.get(id(defs[0])), ast.ClassDef) or _rebound(module, value.id):
        return None
    return defs[0]


def _rebound(module: ast.Module, name: str) -> bool:
    """``name`` is also assigned in the file (``_dl = _any_domain(_dl)``): the patched value may be another
    function than the ``def`` as written (review82: a wrapper taking ``**kwargs`` rebound over it)."""
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(module))


def _chosen(node: ast.AST, name: str, parents: dict[int, ast.AST]) -> bool:
    """An ``if`` above the patch tests the patched name or a signature: the fork looks before it patches."""
    at: ast.AST | None = parents.get(id(node))
    while at is not None:
        if isinstance(at, ast.If):
            test = ast.unparse(at.test)
            if name in test or "signature" in test or "hasattr" in test:
                return True
        at = parents.get(id(at))
    return False


def _sig(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> Sig | None:
    if isinstance(func, ast.Lambda):
        func = ast.FunctionDef(name="<lambda>", args=func.args, body=[], decorator_list=[], lineno=func.lineno)
    return signature(func, False)


def _check(trees: ThreeTrees, path: str, patch: Patch, hit: Called, pr_pattern: str) -> Iterator[Finding]:
    sig = _sig(patch.func)
    if sig is None or any(call_problem(call, sig) is not None for call in hit.old):
        return  # the fork's function never took upstream's calls: a deliberate difference, not drift
    for call in hit.new:
        problem = call_problem(call, sig)
        if problem is not None:
            yield _finding(trees, path, patch, hit, call, problem, pr_pattern)
            return


def _finding(
    trees: ThreeTrees, path: str, patch: Patch, hit: Called, call: ast.Call, problem: str, pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(hit.path, rf"{hit.name}[[:space:]]*\(", pr_pattern)
    mine = getattr(patch.func, "name", "<lambda>")
    message = (
        f"patches {hit.module}.{hit.name} with the fork's {mine}, but upstream ({hit.path}:{call.lineno}"
        f"{commit}) now calls {hit.name} in its module as {ast.unparse(call)[:120]}, which {problem} for "
        f"{mine}: the module's own look-up finds the patch, so that call raises TypeError; take the new "
        "parameters or **kwargs"
    )
    decorated = _decorated(patch.func)
    severity = Severity.WARNING if patch.chosen or decorated else Severity.ERROR
    if patch.chosen:
        message += " (an `if` picks the patch by looking at upstream's function, which the engine cannot run)"
    elif decorated:
        message += " (a decorator wraps the fork's function and may take what the def does not: read as written)"
    return Finding(RULE, "merge", severity, path, patch.line, message)


def _decorated(func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> bool:
    """A decorator other than ``functools.wraps`` (which keeps the def as the callable) stands between the def and
    the patched value: it may take other parameters (review82: ``@_any_domain`` giving ``**kwargs``)."""
    return isinstance(func, _FUNCS) and bool(names_of(func.decorator_list) - {"wraps"})
