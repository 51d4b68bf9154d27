"""Signature-shim drift: upstream removed the test of a hook's parameters that kept an old override working.

#30396 (5a87d8b9b1) deleted the selector's ``if "use_v1" in inspect.signature(current_platform.
get_attn_backend_cls).parameters:`` branch, which called a platform plugin's override the old way (with
``use_v1`` in sixth place) and every other one the new way.  A fork platform whose ``get_attn_backend_cls``
still takes ``use_v1`` merges cleanly and is now called with the new positionals: ``use_mla`` lands in
``use_v1``, ``has_sink`` in ``use_mla``... a silent misroute, no error.

Upstream's side: a Python file of upstream's diff whose base version tests ``"NAME" in <sig>.parameters``,
``<sig>`` being ``inspect.signature(<... .HOOK>)`` or a local bound once to one, and whose new version no
longer tests that pair.  The fork's side: a ``def HOOK`` on lines the fork added whose parameters disagree
with upstream's call of ``.HOOK(...)`` in the new version of that file -- it takes NAME where the call fills
NAME's place by position or never passes it (and NAME has no default), or it lacks NAME (and ``**kwargs``)
where the call passes NAME by keyword.  An override that agrees with the call (the twin: the new parameters)
is quiet, and so is every def when the new file no longer calls the hook at all (nothing to tell).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH

# a removed line testing a parameter's name against a signature: ``if "use_v1" in sig.parameters:``
_TESTED = re.compile(r"""^-.*["'][A-Za-z_]\w*["']\s+(?:not\s+)?in\s+\w""", re.M)
_SIGNED = re.compile(r"\b(?:signature|getfullargspec|getargspec)\(")


@dataclass(frozen=True)
class Shim:
    """Upstream's ``path`` stopped testing whether ``hook``'s signature names ``name``."""

    path: str
    hook: str
    name: str
    call: ast.Call | None  # upstream's call of ``.hook(...)`` in the new version of ``path``


def shim_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork overrides of a hook whose parameter test upstream removed, which the remaining call misfills."""
    shims = removed_shims(trees)
    if not shims:
        return []
    return [
        _finding(path, node, shim, why, trees.upstream_commit(shim.path, whole_word(shim.name), pr_pattern))
        for path, node, shim, why in _misfilled(trees, shims)
    ]


def removed_shims(trees: ThreeTrees) -> list[Shim]:
    """The (hook, parameter) tests upstream's changed files had at the base and no longer have; a file is parsed
    only when a removed line tests a quoted name with ``in`` and its diff spells a signature reader."""
    paths = [
        p
        for p in trees.upstream
        if p.endswith(".py")
        and not TEST_PATH.search(p)
        and _TESTED.search(raw := trees.upstream.raw(p))
        and _SIGNED.search(raw)
    ]
    shims: list[Shim] = []
    for path, old, new in parsed_versions(trees, paths) if paths else ():
        for hook, name in sorted(_tests(old) - _tests(new)):
            shims.append(Shim(path, hook, name, _call_of(new, hook)))
    return shims


def _tests(tree: ast.Module) -> set[tuple[str, str]]:
    """(hook, parameter name) for each ``"name" in <the parameter names of ... .hook>`` of ``tree``."""
    bound = _bindings(tree)
    found: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn))):
            continue
        name, hook = node.left, _names_of(node.comparators[0], bound)
        if isinstance(name, ast.Constant) and isinstance(name.value, str) and hook is not None:
            found.add((hook, name.value))
    return found


def _bindings(tree: ast.Module) -> dict[str, tuple[str, str]]:
    """Names bound anywhere in ``tree`` to a hook's signature (``sig = inspect.signature(x.hook)``: "sig") or
    to its parameter names (``params = sig.parameters``: "names") -> (hook, what)."""
    assigns = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
    ]
    bound: dict[str, tuple[str, str]] = {}
    for _ in range(2):  # a signature bound before its parameters are
        for node in assigns:
            target = node.targets[0]
            assert isinstance(target, ast.Name)
            if (hook := _signed(node.value, bound)) is not None:
                bound[target.id] = (hook, "sig")
            elif (hook := _names_of(node.value, bound)) is not None:
                bound[target.id] = (hook, "names")
    return bound


def _names_of(expr: ast.expr, bound: dict[str, tuple[str, str]]) -> str | None:
    """The hook whose parameter names ``expr`` holds: ``<signature>.parameters``, a name bound to them, or
    ``inspect.getfullargspec(x.hook).args``."""
    if isinstance(expr, ast.Name):
        hook, what = bound.get(expr.id, ("", ""))
        return hook if what == "names" else None
    if isinstance(expr, ast.Attribute) and expr.attr == "parameters":
        return _signed(expr.value, bound)
    if isinstance(expr, ast.Attribute) and expr.attr in ("args", "kwonlyargs"):
        spec = expr.value
        if isinstance(spec, ast.Call) and spec.args and _last(spec.func) in ("getfullargspec", "getargspec"):
            return _last(spec.args[0])
    return None


def _signed(expr: ast.expr, bound: dict[str, tuple[str, str]]) -> str | None:
    """``hook`` of ``inspect.signature(x.hook)`` / ``signature(hook)``, or of a name bound to one."""
    if isinstance(expr, ast.Name):
        hook, what = bound.get(expr.id, ("", ""))
        return hook if what == "sig" else None
    if not (isinstance(expr, ast.Call) and expr.args and _last(expr.func) == "signature"):
        return None
    return _last(expr.args[0])


def _last(expr: ast.expr) -> str | None:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else None


def _call_of(tree: ast.Module, hook: str) -> ast.Call | None:
    """Upstream's call of ``.hook(...)`` left in the new file (the most positionals, if several)."""
    calls = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == hook
    ]
    return max(calls, key=lambda c: len(c.args), default=None)


def _misfilled(trees: ThreeTrees, shims: list[Shim]) -> Iterator[tuple[str, ast.FunctionDef, Shim, str]]:
    by_hook = {s.hook: s for s in shims if s.call is not None}
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)):
        text = trees.merged_text(path) or ""
        if not any(f"def {hook}" in text for hook in by_hook):
            continue
        tree, owned = trees.merged_module(path), trees.owned_lines(path)
        defs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)] if tree is not None and owned else []
        for node in defs:
            shim = by_hook.get(node.name)
            if shim is not None and node.lineno in owned and (why := _disagrees(node, shim)) is not None:
                yield path, node, shim, why


def _disagrees(node: ast.FunctionDef, shim: Shim) -> str | None:
    """How upstream's remaining call misfills the fork's def, or None when it fills it right."""
    assert shim.call is not None
    params = [a.arg for a in node.args.posonlyargs + node.args.args]
    if params and params[0] in ("self", "cls") and isinstance(shim.call.func, ast.Attribute):
        params = params[1:]
    passed = {k.arg for k in shim.call.keywords if k.arg is not None}
    if any(isinstance(a, ast.Starred) for a in shim.call.args) or None in {k.arg for k in shim.call.keywords}:
        return None  # ``*args``/``**kw`` at the call: what it fills is unknown
    if shim.name not in params:
        if shim.name in passed and node.args.kwarg is None and shim.name not in {a.arg for a in node.args.kwonlyargs}:
            return f"takes no {shim.name}, which upstream's call now passes by keyword: TypeError"
        return None
    at = params.index(shim.name)
    if at < len(shim.call.args):
        # a shift only where the argument there is spelled as another of the def's parameters (``use_mla`` in
        # ``use_v1``'s place): a call whose argument there is NAME's own, or unnamed, fills the def as it reads
        meant = _last(shim.call.args[at])
        if meant is None or meant == shim.name or meant not in params:
            return None
        return f"takes {shim.name} in place {at + 1}, which upstream's call now fills with {meant}"
    defaults = len(node.args.defaults)
    if shim.name not in passed and at < len(params) - defaults:
        return f"takes {shim.name} without a default, which upstream's call no longer passes: TypeError"
    return None


def _finding(path: str, node: ast.FunctionDef, shim: Shim, why: str, commit: str) -> Finding:
    message = (
        f"{node.name} {why}: upstream removed the test of {shim.hook}'s signature for {shim.name!r} "
        f"({shim.path}{commit}) that called an override under the old parameters; take the parameters "
        f"upstream's own {shim.hook} takes"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, node.lineno, message)
