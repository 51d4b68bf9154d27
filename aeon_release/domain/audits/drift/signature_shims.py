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

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern

# a removed line testing a parameter's name against a signature: ``if "use_v1" in sig.parameters:``
_TESTED = lazy_pattern(r"""^-.*["'][A-Za-z_]\w*["']\s+(?:not\s+)?in\s+\w""", re.M)
_SIGNED = lazy_pattern(r"\b(?:signature|getfullargspec|getargspec)\(")


@dataclass(frozen=True)
class Shim:
    """Upstream's ``path`` stopped testing whether ``hook``'s signature names ``name``."""

    path: str
    hook: str
    name: str
    call: ast.Call | None  # upstream's call of ``.hook(...)`` in the new version of ``path``
    tied: bool = True  # the call is on the receiver the removed test read the signature off
    receiver: str | None = None  # what the removed test read the signature off (``self.quant_method``)


def shim_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork overrides of a hook whose parameter test upstream removed, which the remaining call misfills."""
    shims = removed_shims(trees)
    if not shims:
        return []
    return [
        _finding(path, node, shim, why, trees.upstream_commit(shim.path, whole_word(shim.name), pr_pattern), related)
        for path, node, shim, why, related in _misfilled(trees, shims)
    ]


def removed_shims(trees: ThreeTrees) -> list[Shim]:
    """The (hook, parameter) tests upstream's changed files had at the base and no longer have; a file is parsed
    only when a removed line tests a quoted name with ``in`` and its diff spells a signature reader."""
    paths = [
        p
        for p in trees.upstream
        if p.endswith(".py")
        and not TEST_PATH.search(p)
        and _signs(raw := trees.upstream.raw(p))
        and _TESTED.search(raw)
    ]
    shims: list[Shim] = []
    for path, old, new in parsed_versions(trees, paths) if paths else ():
        was, now = _tests(old), _tests(new)
        for hook, name in sorted(was.keys() - now.keys() - _probed(new) - _tried(new)):
            call, tied = _call_of(new, hook, was[(hook, name)])
            shims.append(Shim(path, hook, name, call, tied, was[(hook, name)]))
    return shims


def _signs(diff: str) -> bool:
    """Whether the diff spells a signature reader: ``_SIGNED`` asked only of a text holding one of its words
    (``signature(`` or ``argspec(``, which every match holds), since a pattern opening with ``\\b`` is tried at
    every offset (57 ms over the 666 diffs of a 500-commit release; 3 of them hold a word); asked first, as
    it rejects more of them than ``_TESTED``'s ``^-.*`` line scan (17 ms)."""
    return ("signature(" in diff or "argspec(" in diff) and _SIGNED.search(diff) is not None


def _tests(tree: ast.Module) -> dict[tuple[str, str], str | None]:
    """(hook, parameter name) -> the receiver of ``hook`` (its source, None for a bare name) for each
    ``"name" in <the parameter names of ... .hook>`` of ``tree``."""
    bound = _bindings(tree)
    found: dict[tuple[str, str], str | None] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn))):
            continue
        name, signed = node.left, _names_of(node.comparators[0], bound)
        if isinstance(name, ast.Constant) and isinstance(name.value, str) and (hook := _last(signed)) is not None:
            found[(hook, name.value)] = _receiver(signed)
    return found


def _probed(tree: ast.Module) -> set[tuple[str, str]]:
    """(hook, name) of each ``helper(x.hook, "name")`` of ``tree``: a call handed a callable and a quoted name
    asks whether it takes it (``supports_kw(self.quant_method.apply, "layer")``), a shim upstream respelled
    and kept.  Only ever a reason to stay quiet, never a shim of its own."""
    found: set[tuple[str, str]] = set()
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call) and _last(n.func) not in _ATTRIBUTE_CALLS):
        names = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        hooks = [a for a in call.args if isinstance(a, ast.Attribute)]
        if len(names) == 1 and len(hooks) == 1 and names[0].isidentifier():
            found.add((hooks[0].attr, names[0]))
    return found


def _tried(tree: ast.Module) -> set[tuple[str, str]]:
    """(hook, name) of each ``try`` that calls ``x.hook(..., name=...)`` and, in a handler of ``TypeError``,
    ``x.hook(...)`` without ``name`` (``try: qm.apply(x, layer=self) except TypeError: qm.apply(x)``): the
    shim respelled as a fallback, kept for an override without the parameter."""
    found: set[tuple[str, str]] = set()
    for node in (n for n in ast.walk(tree) if isinstance(n, ast.Try)):
        handlers = [h for h in node.handlers if h.type is not None and "TypeError" in ast.unparse(h.type)]
        tried, fallback = _hook_calls(node.body), _hook_calls(handlers)
        for hook, names in tried:
            found |= {(hook, n) for n in names if any(h == hook and n not in kept for h, kept in fallback)}
    return found


def _hook_calls(body: list[ast.stmt] | list[ast.ExceptHandler]) -> list[tuple[str, set[str]]]:
    """(method name, keywords passed) of each ``x.method(...)`` call in ``body``."""
    calls = (n for stmt in body for n in ast.walk(stmt) if isinstance(n, ast.Call))
    return [(c.func.attr, {k.arg for k in c.keywords if k.arg}) for c in calls if isinstance(c.func, ast.Attribute)]


_ATTRIBUTE_CALLS = frozenset({"getattr", "hasattr", "setattr", "delattr"})  # a quoted attribute, not a parameter


def _receiver(signed: ast.expr | None) -> str | None:
    return ast.unparse(signed.value) if isinstance(signed, ast.Attribute) else None


def _bindings(tree: ast.Module) -> dict[str, tuple[ast.expr, str]]:
    """Names bound anywhere in ``tree`` to a hook's signature (``sig = inspect.signature(x.hook)``: "sig") or
    to its parameter names (``params = sig.parameters``: "names") -> (hook, what)."""
    assigns = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
    ]
    bound: dict[str, tuple[ast.expr, str]] = {}
    for _ in range(2):  # a signature bound before its parameters are
        for node in assigns:
            target = node.targets[0]
            assert isinstance(target, ast.Name)
            if (signed := _signed(node.value, bound)) is not None:
                bound[target.id] = (signed, "sig")
            elif (signed := _names_of(node.value, bound)) is not None:
                bound[target.id] = (signed, "names")
    return bound


def _names_of(expr: ast.expr, bound: dict[str, tuple[ast.expr, str]]) -> ast.expr | None:
    """The hook (``x.hook``) whose parameter names ``expr`` holds: ``<signature>.parameters``, a name bound to them, or
    ``inspect.getfullargspec(x.hook).args``."""
    if isinstance(expr, ast.Name):
        signed, what = bound.get(expr.id, (None, ""))
        return signed if what == "names" else None
    if isinstance(expr, ast.Attribute) and expr.attr == "parameters":
        return _signed(expr.value, bound)
    if isinstance(expr, ast.Attribute) and expr.attr in ("args", "kwonlyargs"):
        spec = expr.value
        if isinstance(spec, ast.Call) and spec.args and _last(spec.func) in ("getfullargspec", "getargspec"):
            return spec.args[0]
    return None


def _signed(expr: ast.expr, bound: dict[str, tuple[ast.expr, str]]) -> ast.expr | None:
    """``x.hook`` of ``inspect.signature(x.hook)`` / ``hook`` of ``signature(hook)``, or of a name bound to one."""
    if isinstance(expr, ast.Name):
        signed, what = bound.get(expr.id, (None, ""))
        return signed if what == "sig" else None
    if not (isinstance(expr, ast.Call) and expr.args and _last(expr.func) == "signature"):
        return None
    return expr.args[0]


def _last(expr: ast.expr | None) -> str | None:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else None


def _call_of(tree: ast.Module, hook: str, receiver: str | None) -> tuple[ast.Call | None, bool]:
    """Upstream's call of the hook left in the new file (the most positionals, if several), and whether it
    is tied to the receiver the removed test read (``model_class(...)`` for ``model_class.__init__``).
    Otherwise any ``.hook(`` call but ``super()``'s, untied: a file's ``super().__init__(load_config)`` says
    nothing of how the model class it builds is called."""
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    tied = [c for c in calls if receiver is not None and _on(c, hook, receiver)]
    if tied:
        return max(tied, key=lambda c: len(c.args)), True
    loose = [c for c in calls if isinstance(c.func, ast.Attribute) and c.func.attr == hook and not _super(c.func.value)]
    return max(loose, key=lambda c: len(c.args), default=None), False


def _on(call: ast.Call, hook: str, receiver: str) -> bool:
    func = call.func
    if hook == "__init__" and ast.unparse(func) == receiver:
        return True  # the class called: its constructor
    return isinstance(func, ast.Attribute) and func.attr == hook and ast.unparse(func.value) == receiver


def _super(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "super"


def _misfilled(trees: ThreeTrees, shims: list[Shim]) -> Iterator[tuple[str, ast.FunctionDef, Shim, str, bool]]:
    by_hook = {s.hook: s for s in shims if s.call is not None}
    index = trees.merged_index()
    for path in sorted(p for p in trees.mine if p.endswith(".py") and not TEST_PATH.search(p)):
        text = trees.merged_text(path) or ""
        if not any(f"def {hook}" in text for hook in by_hook):
            continue
        tree, owned, mod = trees.merged_module(path), trees.owned_lines(path), index.module_at(path)
        if tree is None or not owned or mod is None:
            continue
        for qualname, node in _methods(tree.body):
            shim = by_hook.get(node.name)
            if shim is None or node.lineno not in owned or (why := _disagrees(node, shim)) is None:
                continue
            if (order := _overrides(index, mod, qualname, node.name)) is not None:
                yield path, node, shim, why, _related(order, shim.receiver)


def _methods(body: list[ast.stmt], owner: str = "") -> Iterator[tuple[str, ast.FunctionDef]]:
    """(class qualname, def) of each method of the classes of ``body``, nested classes too."""
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            qualname = f"{owner}.{stmt.name}" if owner else stmt.name
            yield from ((qualname, n) for n in stmt.body if isinstance(n, ast.FunctionDef))
            yield from _methods(stmt.body, qualname)


def _overrides(index: px.Index, mod: px.ModuleInfo, qualname: str, hook: str) -> list[str] | None:
    """The names along the class's order when a base of it, in the tree, defines ``hook``; else None: a def
    that only shares the hook's name (a sampler's ``apply`` beside a quant method's) is nothing upstream's
    call is handed."""
    cls = index.class_info(mod, qualname)
    if cls is None or not isinstance(index.member(index.mro(cls, include_self=False), hook, False), px.DefSym):
        return None
    return [item.qualname if isinstance(item, px.ClassInfo) else item.name for item in index.mro(cls)]


_GENERIC = frozenset({"self", "cls", "base", "abstract", "mixin", "impl", "interface", "current", "the"})


def _related(order: list[str], receiver: str | None) -> bool:
    """Whether a class along the order is named for what the removed test read the signature off
    (``current_platform`` and ``CudaPlatformBase``, ``self.quant_method`` and ``QuantMethodBase``): the
    receiver is rarely typed, so its name is the one tie left between the class and the hook's caller.  A
    class sharing the hook's name on a base named otherwise (``AeonPenalty(LogitsProcessor).apply``, or a
    hierarchy wholly of the fork's) may be handed nothing by upstream's call: a warning, not an error."""
    if receiver is None:
        return True
    wanted = set(re.findall(r"[a-z]+", receiver.rsplit(".", 1)[-1].lower())) - _GENERIC
    named = {w.lower() for name in order for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", name.rsplit(".", 1)[-1])}
    return not wanted or bool(wanted & named)


def _disagrees(node: ast.FunctionDef, shim: Shim) -> str | None:
    """How upstream's remaining call misfills the fork's def, or None when it fills it right."""
    assert shim.call is not None
    params = [a.arg for a in node.args.posonlyargs + node.args.args]
    if params and params[0] in ("self", "cls"):  # a method's (the call may be the class's: its constructor)
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


def _finding(path: str, node: ast.FunctionDef, shim: Shim, why: str, commit: str, related: bool) -> Finding:
    # a warning where the call cannot be tied to the def: one not on the receiver the test read, a dunder
    # (every class has an ``__init__``; which one upstream's ``model_class(...)`` builds is unknown here), or a
    # class whose order names nothing of that receiver
    sure = shim.tied and related and not (shim.hook.startswith("__") and shim.hook.endswith("__"))
    message = (
        f"{node.name} {why}: upstream removed the test of {shim.hook}'s signature for {shim.name!r} "
        f"({shim.path}{commit}) that called an override under the old parameters; take the parameters "
        f"upstream's own {shim.hook} takes"
    )
    if not related:
        message += f" (no class along its bases is named for {shim.receiver}: check that call reaches it)"
    return Finding(RULE, "merge", Severity.ERROR if sure else Severity.WARNING, path, node.lineno, message)
