"""Replaced guards: a fork function patched over upstream's module function, whose body upstream gave a new early exit.

A fork that carries a change without editing upstream's file installs its own function over the module's
(``mod.f = mine``, ``setattr(mod, "f", mine)``): from then on every caller runs the fork's body, never upstream's.
When upstream adds a check to ``f`` -- an ``if T: return ...`` or ``if T: raise ...`` that vetoes the rest -- the
fork's replacement, written from the old body, never tests it.  #28561 (a543e678b4) moved the batch-invariant veto
out of ``force_use_trtllm_attention`` and into ``supports_trtllm_attention`` (an ``if`` on the batch-invariant
probe that returns False): a fork's ``fi.supports_trtllm_attention = _aeon_supports_trtllm_attention`` (gating TRTLLM
attention on its own capability) merges cleanly, and batch-invariant runs pick TRTLLM kernels again -- the veto
now lives only in the body the fork replaced.  Nothing was renamed or re-signed, so patched-function drift
(``drift/patched_functions.py``, the calls the replacement cannot take) and dead patches (``drift/patches.py``, a
function upstream stopped calling) stay quiet.

Upstream's side: a module-level ``def f`` of a changed file, at both versions, whose upstream body holds an ``if T``
(no ``else``) ending in ``return``/``raise`` on a line upstream added, whose test ``T`` no ``if`` of the base's body
held, and which reads something other than ``f``'s parameters (a call, a global, an attribute: a veto by the
world's state, not the function's own case analysis).  ``_GENERIC`` words (``os.environ.get``) tell no test
apart and are not counted.  The fork's side, on a line it owns, outside the tests (a
test's stub replaces the function on purpose): a patch of ``mod.f`` with a ``lambda`` or a ``def`` of the fork's
file (the patched-function reader's spellings), the file not reading upstream's own ``mod.f`` (a replacement that
delegates runs the new check), the fork function naming none of ``T``'s names or strings (it may test the same thing its
own way).  A warning, on the patch's line: the fork may mean to lift the veto, and its function is wrong only on the
path the check guards.

Cheap first: only fork files whose added lines patch a module attribute, only upstream files that are the patched
modules' homes, and only those whose upstream text defines a patched name.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.domain.audits.drift.dtypes import is_test_path
from aeon_release.domain.audits.drift.patched_functions import (
    Patch,
    _homes,
    _kept,
    _patched_names,
    _patches,
)
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


def replaced_guard_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork patches of upstream module functions that upstream gave a new early-exit check."""
    names = _patched_names(trees)
    if not names:
        return []
    wanted: list[tuple[str, Patch]] = []
    for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names)):
        if is_test_path(path):
            continue
        kept = _kept(path, module)
        wanted.extend((path, p) for p in _patches(path, module) if p.line in owned and (p.module, p.name) not in kept)
    homes = {home: [w for w in wanted if home in _homes(w[1].module)] for w in wanted for home in _homes(w[1].module)}
    paths = [
        home
        for home in sorted(homes)
        if home in trees.upstream
        and any(line.lstrip().startswith("if ") for line in trees.upstream[home].added.values())
    ]
    if not paths:
        return []
    spelt = tuple(sorted({f"def {p.name}(" for _, p in wanted}))
    found: list[Finding] = []
    for home, old, new in parsed_versions(trees, paths, keep=lambda _old, text: any(s in text for s in spelt)):
        added = set(trees.upstream[home].added)
        for path, patch in homes[home]:
            before, after = _def(old, patch.name), _def(new, patch.name)
            if before is None or after is None:
                continue
            for guard in _new_exits(before, after, added):
                if not _words(guard.test) & _mentioned(patch):
                    found.append(_finding(trees, path, patch, home, guard, pr_pattern))
                    break
    return found


def _def(module: ast.Module, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    hits = [n for n in module.body if isinstance(n, _FUNCS) and n.name == name]
    return hits[0] if len(hits) == 1 else None


def _new_exits(
    before: ast.FunctionDef | ast.AsyncFunctionDef, after: ast.FunctionDef | ast.AsyncFunctionDef, added: set[int]
) -> Iterator[ast.If]:
    """The ``if T: ... return/raise`` statements of ``after``'s own body upstream added, ``T`` new to the def and
    reading more than its parameters."""
    old_tests = {ast.unparse(n.test) for n in ast.walk(before) if isinstance(n, ast.If | ast.IfExp)}
    params = {a.arg for a in ast.walk(after.args) if isinstance(a, ast.arg)}
    for stmt in after.body:
        if not isinstance(stmt, ast.If) or stmt.orelse or stmt.lineno not in added:
            continue
        if not isinstance(stmt.body[-1], ast.Return | ast.Raise) or ast.unparse(stmt.test) in old_tests:
            continue
        if _names(stmt.test) - params - _GENERIC:
            yield stmt


# words every test of the world's state spells: reading them says nothing of which state is tested
_GENERIC = frozenset(
    {"os", "environ", "get", "getenv", "envs", "self", "cls", "len", "getattr", "hasattr", "isinstance"}
)


def _names(expr: ast.AST) -> set[str]:
    """The names and attribute names ``expr`` reads (for the parameters test)."""
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(expr) if isinstance(n, ast.Attribute)
    }


def _words(expr: ast.AST) -> set[str]:
    """What ``expr`` names that tells its test apart: its names, attribute names and strings, less the generic
    ones (``os.environ.get("X")`` is ``{"X"}``)."""
    texts = {n.value for n in ast.walk(expr) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    return (_names(expr) | texts) - _GENERIC


def _mentioned(patch: Patch) -> set[str]:
    """Every name, attribute name and string the fork's function reads."""
    return _words(patch.func.body if isinstance(patch.func, ast.Lambda) else patch.func)


def _finding(trees: ThreeTrees, path: str, patch: Patch, home: str, guard: ast.If, pr_pattern: str) -> Finding:
    test = ast.unparse(guard.test)
    test = test if len(test) <= 100 else test[:97] + "..."
    exit_kind = "raise" if isinstance(guard.body[-1], ast.Raise) else "return"
    word = sorted(_words(guard.test) or _names(guard.test), key=len)[-1]
    commit = trees.upstream_commit(home, rf"(^|[^A-Za-z0-9_]){re.escape(word)}([^A-Za-z0-9_]|$)", pr_pattern, most=5)
    shown = "lambda" if isinstance(patch.func, ast.Lambda) else f"{patch.func.name} (def line {patch.func.lineno})"
    message = (
        f"fork-owned patch {patch.shown} = ... (line {patch.line}) puts {shown} in place of "
        f"{patch.module}.{patch.name}(), and upstream gave {patch.name} a new check, `if {test}: {exit_kind} ...` "
        f"({home} line {guard.lineno}){commit}: every caller now runs the fork's function, which never tests it -- "
        f"add the check to the fork's function (or call upstream's {patch.name} from it) unless the fork means to "
        "lift it"
    )
    return Finding(RULE, "merge", Severity.WARNING, path, patch.line, message)
