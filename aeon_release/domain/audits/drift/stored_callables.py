"""Stored callable drift: a callable a fork subclass stores in an attribute its upstream base calls, which the
base's calls no longer bind to.

#34575 turned the ModelOpt MoE methods' ``self.moe_mk(x, layer.w13_weight, layer.w2_weight, topk_weights,
topk_ids, activation=..., ...)`` into ``self.moe_mk(hidden_states=x, w1=..., w2=..., topk_weights=...,
topk_ids=..., ...)``.  The modular kernel takes those names, so upstream is right; a fork subclass whose
``process_weights_after_loading`` wraps the kernel, ``self.moe_mk = self.aeon_experts`` with ``aeon_experts(self,
x, w13, w2, weights, ids, **kwargs)`` (or an object whose ``__call__`` names its parameters so), took the
positional call and raises TypeError on the first MoE forward after the merge.  No name, signature or field
of upstream's changed: how upstream's method calls the attribute did.  Callback drift (``callbacks.py``) reads a
callable handed to a class's build; this is one a subclass stores on ``self``.

The fork's side, on lines it owns: in a class of its module deriving (directly, or through classes of the
module) from a class imported from a file upstream changed, ``self.attr = value`` where ``value`` is a method of
the class (``self.m``), a function or lambda of the module, or a build of a class of the module with a
``__call__``.  Upstream's side: the methods of the imported class and its bases in that file (the first
definer of each name, at both sides), not one the fork's classes override, that call ``self.attr(...)``: every
such call at the base binds to the stored callable's signature, and some call at upstream does not (a keyword
it does not take, a parameter left unfilled, too many positional arguments).  An error on the assignment:
the call raises.  Quiet for a callable that takes the new call, one that did not take the old calls either
(not this attribute's callback), and a call in a method the fork overrides.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import ThreeTrees, whole_word
from aeon_release.domain.audits.drift.signatures import Sig, call_problem, lambda_signature, signature
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, imported_from, last_name, lazy_pattern, parse_python

_Def = ast.FunctionDef | ast.AsyncFunctionDef
_Methods = dict[str, tuple[str, _Def]]  # method name -> (the class defining it, its def)
_STORE = lazy_pattern(r"\bself\.[A-Za-z_]\w*\s*=(?!=)")
_DEPTH = 8  # base classes followed, at most


@dataclass(frozen=True)
class _Stored:
    """``self.attr = <a callable of signature sig>`` on ``line`` of the fork's class ``cls``."""

    cls: ast.ClassDef
    attr: str
    sig: Sig
    line: int


def stored_callable_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork-stored callables that upstream's base class now calls in a way they do not take."""
    findings: list[Finding] = []
    for path in sorted(trees.mine):
        change = trees.mine[path]
        if not path.endswith(".py") or TEST_PATH.search(path):
            continue
        if any(_STORE.search(line) for line in change.added.values()):
            findings += _file_findings(trees, path, pr_pattern)
    return findings


def _file_findings(trees: ThreeTrees, path: str, pr_pattern: str) -> list[Finding]:
    module, text, owned = trees.merged_module(path), trees.merged_text(path), trees.owned_lines(path)
    if module is None or text is None or not owned:
        return []
    classes = {n.name: n for n in module.body if isinstance(n, ast.ClassDef)}
    stored = [s for cls in classes.values() for s in _stores(module, cls, owned)]
    findings = []
    sides: dict[tuple[str, str], tuple[_Methods, _Methods]] = {}  # one read of upstream's class per file
    for item in stored:
        chain, upstream = _upstream_base(item.cls, classes, text, path, trees)
        if upstream is None:
            continue
        base_name, home = upstream
        if upstream not in sides:
            sides[upstream] = (
                _methods(trees, trees.base, home, base_name),
                _methods(trees, trees.theirs, home, base_name),
            )
        overridden = {n.name for c in chain for n in c.body if isinstance(n, _Def)}
        for method, problem in _broken_calls(*sides[upstream], item, overridden):
            findings.append(_finding(trees, path, item, base_name, home, method, problem, pr_pattern))
            break
    return findings


def _stores(module: ast.Module, cls: ast.ClassDef, owned: set[int]) -> Iterator[_Stored]:
    methods = {n.name: n for n in cls.body if isinstance(n, _Def)}
    for method in methods.values():
        for node in ast.walk(method):
            if not isinstance(node, ast.Assign) or node.lineno not in owned or len(node.targets) != 1:
                continue
            target = node.targets[0]
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                sig = _callable_sig(node.value, module, methods)
                if sig is not None:
                    yield _Stored(cls, target.attr, sig, node.lineno)


def _callable_sig(value: ast.expr, module: ast.Module, methods: dict[str, _Def]) -> Sig | None:
    """The signature a call of ``value`` binds to: a method of the class off ``self``, a lambda, a function
    of the module, or a build of a class of the module that defines ``__call__``."""
    if isinstance(value, ast.Lambda):
        return lambda_signature(value)
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self":
        method = methods.get(value.attr)
        return signature(method, bound=True) if method is not None else None
    defs = {n.name: n for n in module.body if isinstance(n, _Def | ast.ClassDef)}
    if isinstance(value, ast.Name) and isinstance(found := defs.get(value.id), _Def) and not found.decorator_list:
        return signature(found, bound=False)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        cls = defs.get(value.func.id)
        call = next((n for n in cls.body if isinstance(n, _Def) and n.name == "__call__"), None) if cls else None
        if isinstance(cls, ast.ClassDef) and call is not None and not cls.decorator_list:
            return signature(call, bound=True)
    return None


def _upstream_base(
    cls: ast.ClassDef, classes: dict[str, ast.ClassDef], text: str, path: str, trees: ThreeTrees
) -> tuple[list[ast.ClassDef], tuple[str, str] | None]:
    """The fork's classes from ``cls`` up, and (the upstream class, its changed file) they first derive from."""
    chain: list[ast.ClassDef] = []
    todo = [cls]
    while todo and len(chain) < _DEPTH:
        current = todo.pop(0)
        chain.append(current)
        for base in current.bases:
            name = last_name(base)  # "" for ``Generic[T]``, ``make_base()``: imported_from names no file for it
            if name in classes and classes[name] not in chain:
                todo.append(classes[name])
                continue
            home = next((p for p in imported_from(text, name, path) if p in trees.upstream), None)
            if home is not None:
                return chain, (name, home)
    return chain, None


def _broken_calls(old: _Methods, new: _Methods, item: _Stored, overridden: set[str]) -> Iterator[tuple[str, str]]:
    """(method, why) of each method of upstream's class (``old`` at the base, ``new`` at upstream) whose calls
    of ``self.attr`` all bound to the stored callable at the base and one of which does not at upstream."""
    before = [c for m, (_, f) in old.items() if m not in overridden for c in _self_calls(f, item.attr)]
    if not before or any(call_problem(c, item.sig) for c in before):
        return
    for name, (owner, function) in new.items():
        if name in overridden:
            continue
        for call in _self_calls(function, item.attr):
            if (problem := call_problem(call, item.sig)) is not None:
                yield f"{owner}.{name}", problem
                break


def _methods(trees: ThreeTrees, rev: str, path: str, name: str) -> _Methods:
    """The methods ``name`` of ``path`` at ``rev`` has from its own body and its bases in that file, the
    first definer of each name, with the class defining it."""
    text = trees.blobs(rev, [path]).get(path)
    module = parse_python(text, path) if text else None
    classes = {n.name: n for n in module.body if isinstance(n, ast.ClassDef)} if module is not None else {}
    found: dict[str, tuple[str, _Def]] = {}
    todo, seen = [name], set[str]()
    while todo and len(seen) < _DEPTH:
        cls = classes.get(todo.pop(0))
        if cls is None or cls.name in seen:
            continue
        seen.add(cls.name)
        for node in cls.body:
            if isinstance(node, _Def):
                found.setdefault(node.name, (cls.name, node))
        todo += [last_name(b) for b in cls.bases]
    return found


def _self_calls(function: _Def, attr: str) -> Iterator[ast.Call]:
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == attr
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "self"
        ):
            yield node


def _finding(
    trees: ThreeTrees,
    path: str,
    item: _Stored,
    base: str,
    home: str,
    method: str,
    problem: str,
    pr_pattern: str,
) -> Finding:
    commit = trees.upstream_commit(home, whole_word(item.attr), pr_pattern)
    message = (
        f"fork-owned callable stored in self.{item.attr} of {item.cls.name} (a {base}): upstream's {method} "
        f"now calls self.{item.attr} in a way it does not take ({home}{commit}): the call {problem}; it raises "
        f"TypeError on the first call: take the arguments by the names upstream passes (or *args/**kwargs)"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, item.line, message)
