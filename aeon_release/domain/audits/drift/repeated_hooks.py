"""Repeated hooks: a method upstream now also calls from a new call site, its repeat skipped by a flag, which a
fork subclass overrides with a step that must run once.

#29196 (0d402d2600) made online FP8 quantization call ``self.process_weights_after_loading(layer)`` from the
weight loader it patches in ``create_weights`` (as the last chunk lands), set
``layer._already_called_process_weights_after_loading``, and open ``process_weights_after_loading`` with
``if getattr(layer, "_already_called_process_weights_after_loading", False): return`` -- so the model loader's
usual call does nothing the second time.  Upstream's body is guarded; a fork subclass's override is not: its
``super().process_weights_after_loading(layer)`` returns early on the second call, and the fork's own
``replace_parameter(layer, "weight", layer.weight.t())`` or ``layer.w2_weight_scale.data.mul_(k)`` below it runs
again -- the weight transposed back, the scale squared.  No name, signature or value changed.

Upstream's side: a class of a changed file, in both versions, whose method ``M`` now opens with a test of
``getattr(P, "<flag>", ...)`` on a parameter ``P`` that returns (absent at the base), and another method of
which now calls ``self.M(...)`` where it did not at the base.

The fork's side, on a line it owns: a class deriving it first, overriding ``M``, the override's own statement
that transforms an attribute of ``P`` (or of ``self``) from itself -- an in-place arithmetic call on it
(``.mul_``, ``.add_``, ``.t_()`` ...), an augmented store (``layer.scale *= k``), a store of an expression
reading the same attribute (``layer.w = layer.w.t()``), a call handing ``P``, the attribute's name and its value
(``replace_parameter(layer, "weight", layer.weight.t())``).  An error: the second call applies it again.  Quiet:
an override testing the flag itself, a store of a value not read off the same attribute (a tag, a copy), a step
on a local, a method upstream calls once; since review100 an override opening with its own flag, a step under its
own ``if not getattr(...)``, an idempotent re-store (``.contiguous()``, ``.max()``, ``.to(...)``), a class
overriding the new caller without calling upstream's.

Cheap first: nothing read unless a fork line defines a method (indented ``def``), nothing parsed unless upstream's
text of a candidate defines one of those names (perf32), only upstream files whose added lines name ``getattr(``
and call a method on ``self``, and only fork files defining one of the guarded methods.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import derived_classes, method_named
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import (
    ThreeTrees,
    both_texts,
    defined_names,
    fork_found,
    gateable,
    parsed_versions,
)
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, str_value

_SELF_CALL = lazy_pattern(r"\bself\.(\w+)\s*\(")
_DEF = lazy_pattern(r"^\s+(?:async\s+)?def\s+(\w+)\s*\(")
_MOST_FILES = 32
# in-place arithmetic on a tensor-like: applying it twice is not applying it once
_IN_PLACE = frozenset({"mul_", "div_", "add_", "sub_", "t_", "transpose_", "neg_", "pow_", "addcmul_", "addcdiv_"})
_REDUCTIONS = frozenset({"max", "min"})
# steps that give the same tensor again when applied to their own result (review100's idempotent re-stores)
_SAME_AGAIN = frozenset(
    {"contiguous", "detach", "clone", "to", "float", "half", "bfloat16", "cpu", "cuda", "max", "min", "abs"}
)


@dataclass(frozen=True)
class Repeated:
    """``cls.method`` (of ``path``) is now called again by ``caller``, its repeat skipped by ``flag``."""

    path: str
    cls: str
    method: str
    caller: str
    flag: str


def repeated_hook_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    # perf32: a finding's fork module holds an added line ``def M(`` (indented) for a guarded method M, which
    # upstream's text defines: with no such name the parses (171 ms at 80 commits) can find nothing
    defs = fork_found(trees, _DEF, tests=True)
    if not defs:
        return []
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    if not paths or not _defines_one(trees, paths, defs):
        return []
    repeated = [r for path, old, new in parsed_versions(trees, paths) for r in _repeated(path, old, new)]
    if not repeated:
        return []
    methods = {r.method for r in repeated}
    return [
        _finding(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: _defines(line, methods))
        for item, line in _fork_steps(path, module, repeated)
        if line in owned
    ]


def _candidate(trees: ThreeTrees, path: str) -> bool:
    added = trees.upstream[path].added.values()
    return any("getattr(" in line for line in added) and any("self." in line and "(" in line for line in added)


def _defines_one(trees: ThreeTrees, paths: list[str], defs: set[str]) -> bool:
    """Whether upstream's text of some of ``paths`` defines one of ``defs`` (the guarded method is a ``def`` of
    it, as the parser reads its name when the text is ``gateable``; one that is not is never gated: True)."""
    texts = [text or "" for text in both_texts(trees, paths)[1].values()]
    return any(not gateable(text) or defined_names(text) & defs for text in texts)


def _defines(line: str, methods: set[str]) -> bool:
    found = _DEF.match(line)
    return found is not None and found[1] in methods


def _repeated(path: str, old: ast.Module, new: ast.Module) -> Iterator[Repeated]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None:
            continue
        for method in (m for m in cls.body if isinstance(m, ast.FunctionDef)):
            flag = opening_flag(method)
            old_method = method_named(was, method.name)
            if flag is None or old_method is None or opening_flag(old_method) == flag:
                continue
            for caller in (m for m in cls.body if isinstance(m, ast.FunctionDef) and m is not method):
                old_caller = method_named(was, caller.name)
                then = _self_calls(old_caller) if old_caller is not None else set()
                if method.name in _self_calls(caller) - then:
                    yield Repeated(path, cls.name, method.name, caller.name, flag)
                    break


def opening_flag(func: ast.FunctionDef) -> str | None:
    """The flag of ``if getattr(P, "flag", ...): return`` opening ``func`` (after a docstring), P a parameter."""
    body = func.body[1:] if func.body and str_value(getattr(func.body[0], "value", None)) else func.body
    params = {a.arg for a in func.args.args[1:]}
    if not body or not isinstance(body[0], ast.If) or not isinstance(body[0].body[0], ast.Return):
        return None
    test = body[0].test
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "getattr":
        args = test.args
        if len(args) >= 2 and isinstance(args[0], ast.Name) and args[0].id in params:
            return str_value(args[1])
    return None


def _self_calls(func: ast.FunctionDef) -> set[str]:
    """Methods ``func`` calls on ``self`` anywhere in it, a closure it builds included (a loader it patches)."""
    return {
        n.func.attr
        for n in ast.walk(func)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "self"
    }


def _fork_steps(path: str, module: ast.Module, repeated: list[Repeated]) -> Iterator[tuple[Repeated, int]]:
    for cls, matched in derived_classes(module, file_imports(module, path), repeated):
        for item in matched:
            override = method_named(cls, item.method)
            if override is None or _tests_flag(override, item.flag) or _once_anyway(cls, override, item):
                continue
            owners = {"self", *(a.arg for a in override.args.args[1:])}
            for stmt in _own_statements(override.body):
                if _transforms_itself(stmt, owners):
                    yield item, stmt.lineno


def _once_anyway(cls: ast.ClassDef, override: ast.FunctionDef, item: Repeated) -> bool:
    """review100: the override opens with a flag of its own (it skips its own repeat), or the class overrides the
    new caller without calling upstream's (no patched loader calls the method early)."""
    if opening_flag(override) is not None:
        return True
    caller = method_named(cls, item.caller)
    return caller is not None and item.caller not in super_calls(caller)


def super_calls(func: ast.FunctionDef) -> set[str]:
    """The methods ``func`` calls off ``super()``: ``super().__init__(...)`` -> ``__init__``."""
    return {
        n.func.attr
        for n in ast.walk(func)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Call)
        and isinstance(n.func.value.func, ast.Name)
        and n.func.value.func.id == "super"
    }


def _tests_flag(func: ast.FunctionDef, flag: str) -> bool:
    return any(str_value(n) == flag for n in ast.walk(func))


def _own_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a function body, into its ``if``/``for``/``with``/``try`` blocks, not nested defs, nor
    the body of an ``if`` testing a ``getattr`` flag (the fork's own once-only guard: review100)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, ast.If) and _flag_test(stmt.test):
            # ``if not getattr(layer, "done", False):`` runs its body once; ``if getattr(...)`` its else
            negated = isinstance(stmt.test, ast.UnaryOp)
            yield from _own_statements(stmt.orelse if negated else stmt.body)
        elif not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for field in ("body", "orelse", "finalbody"):
                yield from _own_statements(getattr(stmt, field, []))
            for handler in getattr(stmt, "handlers", []):
                yield from _own_statements(handler.body)


def _flag_test(test: ast.expr) -> bool:
    """``getattr(x, "flag", False)``, negated or not."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    return isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "getattr"


def _transforms_itself(stmt: ast.stmt, owners: set[str]) -> bool:
    """``stmt`` rewrites an attribute of an owner (``self`` or a parameter) from its own value."""
    if isinstance(stmt, ast.AugAssign):
        return _owned_attr(stmt.target, owners) is not None
    if isinstance(stmt, ast.Assign):
        stored = {a for t in stmt.targets if (a := _owned_attr(t, owners)) is not None}
        return bool(stored & _reads(stmt.value, owners)) and not _idempotent(stmt.value, owners)
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        return _in_place(stmt.value, owners) or _hands_itself(stmt.value, owners)
    return False


def _owned_attr(expr: ast.expr, owners: set[str]) -> tuple[str, str] | None:
    """(owner, first attribute) of ``owner.attr[.more]``: ``layer.weight.data`` -> (layer, weight)."""
    while isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Attribute):
        expr = expr.value
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in owners:
        return expr.value.id, expr.attr
    return None


def _reads(expr: ast.expr, owners: set[str]) -> set[tuple[str, str]]:
    return {a for n in ast.walk(expr) if isinstance(n, ast.Attribute) and (a := _owned_attr(n, owners)) is not None}


def _in_place(call: ast.Call, owners: set[str]) -> bool:
    """``layer.scale.data.mul_(k)``: in-place arithmetic on an owner's attribute."""
    func = call.func
    return isinstance(func, ast.Attribute) and func.attr in _IN_PLACE and _owned_attr(func.value, owners) is not None


def _idempotent(value: ast.expr, owners: set[str]) -> bool:
    """review100: a value that is the attribute itself through steps that give the same result again --
    ``Parameter(layer.w.data.contiguous())``, ``layer.s.max()``, ``layer.s.to(torch.float32)``."""
    while isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Attribute) and func.attr in _SAME_AGAIN:
            if any(_reads(a, owners) for a in (*value.args, *(k.value for k in value.keywords))):
                return False
            if func.attr in _REDUCTIONS and (value.args or value.keywords):
                return False  # ``.max(dim=0)`` reduces again on the second call
            value = func.value
        elif _last_part(func) == "Parameter" and value.args:
            value = value.args[0]
        else:
            return False
    return _owned_attr(value, owners) is not None


def _last_part(func: ast.expr) -> str | None:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def _hands_itself(call: ast.Call, owners: set[str]) -> bool:
    """``replace_parameter(layer, "weight", layer.weight.t())``: the owner, an attribute's name and a value read
    off that attribute (not the same again: review100), handed to one call."""
    names = [a.id for a in call.args if isinstance(a, ast.Name) and a.id in owners]
    strings = [s for a in call.args if (s := str_value(a)) is not None]
    read = {
        a
        for arg in call.args
        if not isinstance(arg, ast.Name) and not _idempotent(arg, owners)
        for a in _reads(arg, owners)
    }
    return any((owner, attr) in read for owner in names for attr in strings)


def _finding(trees: ThreeTrees, path: str, line: int, item: Repeated, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"getattr\(.*{item.flag}", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned step in an override of {item.cls}.{item.method} that rewrites a value from itself, but "
        f"upstream ({item.path}{commit}) now also calls {item.method} from {item.cls}.{item.caller} and skips "
        f"the repeat with the flag {item.flag!r}, which guards only its own body: this step runs twice; test the "
        f"flag here too, or make the step idempotent",
    )
