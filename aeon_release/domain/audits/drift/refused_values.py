"""Values upstream's validator now refuses: a fork's constructor call spelling a combination a new guard raises for.

#44978 added to ``EPLBConfig``'s ``@model_validator``::

    if self.use_async and self.communicator in ("torch_nccl", "pynccl"):
        raise ValueError(...)

A fork line ``EPLBConfig(use_async=True, communicator="pynccl")`` (one GPU, no NIXL) merges cleanly and
fails at startup.  No name moved, no default changed: only the values the class accepts.

A guard is an ``if`` at the top level of a class's ``__post_init__``, ``model_post_init`` or a method decorated
``model_validator`` whose body raises at its top level and whose test reads nothing but the instance's
fields (``self.name``) and constants, no field of it stored by the method.  A fork-owned call ``Cls(k=v,
...)`` with keywords only, each a constant, is refused when a guard of upstream's ``Cls`` holds for those
values (the rest at the class's constant defaults) while no guard of the base's ``Cls`` does, and the test
is not the base's own.  A value not known (a keyword not a constant: one constant keyword is enough to read
the call), a positional argument or ``**kwargs`` decides nothing: quiet.

The call's values must be the ones the guard reads, so more is quiet.  ``Cls`` is matched on its module: the
fork's import (``from a.b import Cls``, ``import a.b as m; m.Cls``) must name the guard's file or a package
above it (a re-export), or another class of that name was built.  A keyword not a field (a pydantic alias)
is not read; a class whose input a ``field_validator``/``validator`` of a read field, a ``before``/``wrap``
``model_validator``, a ``root_validator``, its own ``__init__`` or another validator's store may rewrite first
keeps no guard on those fields (an ``alias_generator``: every field).  A call inside ``pytest.raises``/
``assertRaises`` tests the refusal, one in a ``try`` catching it falls back, and a guard the fork's own copy of
the class already carries (a cherry-pick) is not this merge's doing.  A class of the fork's file is its own.
``dataclasses.replace(obj, k=v)`` is read as a build of the class ``obj`` is annotated with in its function
(the fields not passed are ``obj``'s, unknown: only a guard on the passed ones decides, such as a field
bound); ``model_copy(update=...)`` is not (it runs no validator).

Pure but for reading the three trees: lines out.
"""

from __future__ import annotations

import ast
import operator
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from aeon_release.domain.audits.drift.dict_slots import annotation_of
from aeon_release.domain.audits.drift.dropped_choices import expects_refusal
from aeon_release.domain.audits.drift.fallbacks import caught_around, version_gated
from aeon_release.domain.audits.drift.field_bounds import field_bounds
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python

# a call of a capitalized name or of ``replace`` with a keyword set to a constant (``Cls(flag=True``, ``name="x"``)
_LITERAL_KEYWORD = lazy_pattern(r"(?:\b[A-Z]\w*|\breplace)\([^\n]*?\b\w+\s*=\s*(?:True|False|None|-?\d|['\"])")
_VALIDATORS = frozenset({"__post_init__", "model_post_init"})
_FIELD_VALIDATORS = frozenset({"field_validator", "validator"})
_EXPECTS_RAISE = frozenset({"raises", "assertRaises", "assertRaisesRegex"})
# what a validator's refusal raises as (a pydantic model wraps it in ValidationError, a ValueError)
_REFUSALS = frozenset({"ValueError", "ValidationError", "Exception", "BaseException"})
_ALL: frozenset[str] = frozenset({"*"})  # every field may be rewritten before the guard reads it
_MOST_FILES = 64
_UNKNOWN: Any = object()  # a value the guard's test reads that the call does not fix


@dataclass(frozen=True)
class Built:
    """A fork-owned ``Cls(k=v, ...)`` whose keywords are all constants."""

    path: str
    line: int
    cls: str
    module: str  # the module the fork imports ``cls`` from
    values: tuple[tuple[str, object], ...]
    gated: bool = False  # under a version test (fallbacks.version_gated): the fork's path for another release
    copied: bool = False  # ``dataclasses.replace(obj, ...)``: the fields not passed are obj's, not known


@dataclass(frozen=True)
class Guard:
    """A raising ``if`` of a validator: the method, its line and its test."""

    method: str
    line: int
    test: ast.expr
    shown: str = ""  # a field's bound (``Field(gt=0)``): what the message names instead of the ``if``


@dataclass(frozen=True)
class Checked:
    """What a class's validators refuse: its constant field defaults and its guards."""

    defaults: tuple[tuple[str, object], ...]
    guards: tuple[Guard, ...]
    fields: frozenset[str] = frozenset()


def refused_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    built = list(_fork_builds(trees))
    if not built:
        return []
    holding = trees.declaring({b.cls for b in built}, _MOST_FILES)
    changed = {(path, key): (was, now) for path, key, was, now in both_versions(trees, holding, _checked)}
    findings = []
    for item in built:
        path = _home(item, [p for p, cls in changed if cls == item.cls])
        was, now = changed[(path, item.cls)] if path is not None else (None, None)
        guard = _newly_refusing(item, was, now) if path is not None else None
        if path is not None and guard is not None and not _carried(trees, path, item.cls, guard):
            commit = trees.upstream_commit(path, r"raise|if .*self\.|Field\(", pr_pattern)
            findings.append(_finding(item, path, guard, commit))
    return findings


def _home(item: Built, paths: list[str]) -> str | None:
    """The file of the class the call builds: the one its import names, else the one file under the package
    it names (a re-export); None when none or several may be (another class of the same name)."""
    exact = [p for p in paths if dotted_name(p, roots=("",)) == item.module]
    under = [p for p in paths if dotted_name(p, roots=("",)).startswith(item.module + ".")]
    found = exact or under
    return found[0] if len(found) == 1 else None


def _carried(trees: ThreeTrees, path: str, cls: str, guard: Guard) -> bool:
    """The fork's own copy of the class already holds the guard (cherry-picked): its code ran against it."""
    mine = _checked(trees.blobs(trees.ours, [path])[path]).get(cls)
    return mine is not None and any(ast.dump(g.test) == ast.dump(guard.test) for g in mine.guards)


def _fork_builds(trees: ThreeTrees) -> Iterator[Built]:
    for path, module, owned in fork_modules(trees, _LITERAL_KEYWORD.search):
        own = dotted_name(path, roots=("",))
        imports = {n.name: (own, n.name) for n in module.body if isinstance(n, ast.ClassDef)} | file_imports(
            module, path
        )
        parents = parent_map(module)
        for node in ast.walk(module):
            if not (isinstance(node, ast.Call) and node.lineno in owned and _constant_keywords(node)):
                continue
            built = built_class(node, parents)
            origin = imported_origin(built, imports) if built is not None else None
            if (
                origin is not None
                and not expects_refusal(node, parents, _EXPECTS_RAISE)
                and not caught_around(node, _REFUSALS, parents)
            ):
                values = tuple((k.arg or "", _constant(k.value)) for k in node.keywords)
                copied = built is not node.func
                yield Built(path, node.lineno, origin[1], origin[0], values, version_gated(node, parents), copied)


def _constant(node: ast.expr) -> object:
    """A constant, or a negated number (``-1``: a bound's usual victim)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        number = node.operand.value
        return -number if isinstance(number, int | float) and not isinstance(number, bool) else _UNKNOWN
    return node.value if isinstance(node, ast.Constant) else _UNKNOWN


def _constant_keywords(call: ast.Call) -> bool:
    """Named keywords only (``**kwargs`` may set anything), one of them a constant: the others are unknown to
    the guards, so a bound on the constant's own field still decides (``C(size=n, port=0)``, parcfg #51469)."""
    named = all(k.arg is not None for k in call.keywords)
    return named and any(_constant(k.value) is not _UNKNOWN for k in call.keywords)


def built_class(call: ast.Call, parents: dict[int, ast.AST] | None = None) -> ast.expr | None:
    """The class a call builds: a capitalized callee without positional arguments; for
    ``dataclasses.replace(obj, ...)`` the class ``obj`` is annotated with in the enclosing function (parcfg
    #51469: a copy runs the class's validation as a build does)."""
    if last_name(call.func)[:1].isupper():
        return None if call.args else call.func
    if last_name(call.func) != "replace" or len(call.args) != 1 or not isinstance(call.args[0], ast.Name):
        return None
    func = enclosing(call, parents) if parents is not None else None
    annotation = annotation_of(func, call.args[0].id) if func is not None else None
    return annotation if isinstance(annotation, ast.Name | ast.Attribute) else None


def _newly_refusing(item: Built, was: Checked | None, now: Checked | None) -> Guard | None:
    """The first of upstream's guards the call's values meet where the base's class let them through: no base
    guard holds for them, and the base's copy of that very test (if any) is known not to."""
    if now is None or not {k for k, _ in item.values} <= now.fields:
        return None  # a keyword not a field (an alias) sets what the guard reads some other way
    before = was.guards if was is not None else ()
    if was is not None and any(_holds(g.test, _values(was, item)) is True for g in before):
        return None  # the base already refused the call: not this merge's doing
    for guard in now.guards:
        same = [g for g in before if ast.dump(g.test) == ast.dump(guard.test)]
        if _holds(guard.test, _values(now, item)) is not True or not _let_through(same, was, item):
            continue
        return guard
    return None


def _let_through(same: list[Guard], was: Checked | None, item: Built) -> bool:
    """The base's copies of the guard are known not to hold for the call (a default upstream flipped)."""
    return was is None or all(_holds(g.test, _values(was, item)) is False for g in same)


def _values(checked: Checked, item: Built) -> dict[str, object]:
    """The call's values over the class's defaults; a copy's unpassed fields are the source's: unknown."""
    return dict(item.values) if item.copied else {**dict(checked.defaults), **dict(item.values)}


def _checked(text: str | None) -> dict[str, Checked]:
    """Class name -> its constant defaults and validator guards, for each class of the file."""
    module = parse_python(text, "<validators>") if text is not None else None
    found: dict[str, Checked] = {}
    if module is None:
        return found
    classes = [node for node in ast.walk(module) if isinstance(node, ast.ClassDef)]
    # a name the file defines twice (a nested ``Outer.Options`` beside a top-level ``Options``) cannot be told
    # apart by a bare name: which one a fork line builds is unknown, so neither is indexed
    twice = {name for name, count in Counter(c.name for c in classes).items() if count > 1}
    for node in classes:
        if node.name not in twice:
            guards = tuple(g for m in node.body if isinstance(m, ast.FunctionDef) and _validator(m) for g in _guards(m))
            guards += tuple(Guard(b.field, b.line, b.test, b.shown) for b in field_bounds(node, module))
            rewritten = _rewritten(node)
            kept = tuple(g for g in guards if _ALL.isdisjoint(rewritten) and not _guarded_fields(g) & rewritten)
            found[node.name] = Checked(tuple(_defaults(node)), kept, frozenset(_fields(node)))
    return found


def _guarded_fields(guard: Guard) -> set[str]:
    """The fields a guard reads: a bound's own field (its ``len(self.x)`` is no plain read)."""
    return {guard.method} if guard.shown else _fields_read(guard.test) or set()


def _fields(cls: ast.ClassDef) -> Iterator[str]:
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            yield stmt.target.id


def _rewritten(cls: ast.ClassDef) -> set[str]:
    """Fields whose value the guard may not see as the call passed it (``*``: any): named by a
    ``field_validator``/``validator``, stored by a validator, aliased or validated in their annotation; all
    of them under a ``before``/``wrap`` ``model_validator``, a ``root_validator``, the class's own ``__init__``
    or an ``alias_generator`` (keywords renamed)."""
    found: set[str] = set(_ALL) if _renames_keywords(cls) else set()
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef):
            found |= _rewritten_by(stmt)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and _coerced(stmt):
            found.add(stmt.target.id)
    return found


def _rewritten_by(method: ast.FunctionDef) -> set[str]:
    if method.name == "__init__":
        return set(_ALL)
    found: set[str] = set()
    for decorator in method.decorator_list:
        name = last_name(_callee(decorator))
        if name in _FIELD_VALIDATORS:
            found |= _validated(decorator)
        elif name == "root_validator" or (name == "model_validator" and _mode(decorator) != "after"):
            found |= _ALL
    if _validator(method):
        found |= {t.attr for n in ast.walk(method) for t in _targets(n) if isinstance(t, ast.Attribute) and _on_self(t)}
        found |= {name for n in ast.walk(method) if isinstance(n, ast.Call) for name in _set_by(n)}
    return found


def _set_by(call: ast.Call) -> set[str]:
    """The field ``setattr(self, "x", v)``/``object.__setattr__(self, "x", v)`` stores (all: a name not spelt)."""
    if last_name(call.func) not in {"setattr", "__setattr__"} or not call.args or not _is_self(call.args[0]):
        return set()
    name = call.args[1] if len(call.args) > 1 else None
    return {name.value} if isinstance(name, ast.Constant) and isinstance(name.value, str) else set(_ALL)


def _renames_keywords(cls: ast.ClassDef) -> bool:
    """``model_config = ConfigDict(alias_generator=...)`` or ``@dataclass(config=...)`` holding one."""
    held = [*cls.decorator_list, *(s for s in cls.body if isinstance(s, ast.Assign)), *cls.keywords]
    return any(isinstance(n, ast.keyword) and n.arg == "alias_generator" for h in held for n in ast.walk(h))


def _validated(decorator: ast.expr) -> set[str]:
    """The fields a ``@field_validator("a", "b")`` names; all when it names ``*`` or anything not a string."""
    args = decorator.args if isinstance(decorator, ast.Call) else []
    names = {a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
    return set(_ALL) if len(names) < len(args) or not args or "*" in names else names


def _mode(decorator: ast.expr) -> object:
    keywords = decorator.keywords if isinstance(decorator, ast.Call) else []
    return next((_constant(k.value) for k in keywords if k.arg == "mode"), None)


def _coerced(stmt: ast.AnnAssign) -> bool:
    """A field set through an alias or passed through a validator of its annotation (``Annotated[str,
    BeforeValidator(f)]``, ``Field(alias="x")``): the keyword of its name may not reach it as spelt."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.keyword) and node.arg is not None and node.arg.endswith("alias"):
            return True
        if isinstance(node, ast.Name | ast.Attribute) and last_name(node).endswith("Validator"):
            return True
    return False


def _validator(stmt: ast.FunctionDef) -> bool:
    return stmt.name in _VALIDATORS or any(last_name(_callee(d)) == "model_validator" for d in stmt.decorator_list)


def _callee(node: ast.expr) -> ast.expr:
    return node.func if isinstance(node, ast.Call) else node


def _guards(method: ast.FunctionDef) -> Iterator[Guard]:
    stored = {t.attr for n in ast.walk(method) for t in _targets(n) if isinstance(t, ast.Attribute) and _on_self(t)}
    for stmt in method.body:
        if isinstance(stmt, ast.If) and any(isinstance(s, ast.Raise) for s in stmt.body):
            read = _fields_read(stmt.test)
            if read and not read & stored:
                yield Guard(method.name, stmt.lineno, stmt.test)
        if _may_skip_or_change(stmt):
            return  # the guards below may not run, or see other values than the call's


def _may_skip_or_change(stmt: ast.stmt) -> bool:
    """A statement that may return early or change the instance through a call (``self._resolve()``,
    ``super().__post_init__()``, ``helper(self)``): what follows it is not read against the call's values."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.Return):
            return True
        if isinstance(node, ast.Call) and (_on_instance(node.func) or any(_is_self(a) for a in node.args)):
            return True
    return False


def _on_instance(func: ast.expr) -> bool:
    """``self.m`` or ``super().m``."""
    if not isinstance(func, ast.Attribute):
        return False
    inner = func.value
    return _is_self(inner) or (isinstance(inner, ast.Call) and last_name(inner.func) == "super")


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return node.targets
    return [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []


def _on_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _fields_read(test: ast.expr) -> set[str] | None:
    """The ``self.name`` fields the test reads; None when it reads anything else (a call, a local)."""
    fields: set[str] = set()
    for node in ast.walk(test):
        if isinstance(node, ast.Attribute):
            if not _on_self(node):
                return None
            fields.add(node.attr)
        elif (isinstance(node, ast.Name) and node.id != "self") or isinstance(node, ast.Call | ast.Lambda):
            return None
    return fields


def _defaults(cls: ast.ClassDef) -> Iterator[tuple[str, object]]:
    """Each annotated field's constant default (``use_async: bool = False``)."""
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if isinstance(stmt.value, ast.Constant):
                yield stmt.target.id, stmt.value.value


_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _holds(test: ast.expr, values: dict[str, object]) -> bool | None:
    """The test's truth for those values; None when a value it needs is unknown."""
    value = _value(test, values)
    return None if value is _UNKNOWN else bool(value)


def _value(node: ast.expr, values: dict[str, object]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Attribute):
        return values.get(node.attr, _UNKNOWN)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        items = [_value(e, values) for e in node.elts]
        return _UNKNOWN if any(i is _UNKNOWN for i in items) else tuple(items)
    if isinstance(node, ast.Call) and last_name(node.func) == "len" and len(node.args) == 1:
        return _length(_value(node.args[0], values))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _value(node.operand, values)
        return _UNKNOWN if inner is _UNKNOWN else not inner
    if isinstance(node, ast.BoolOp):
        return _boolean(node, values)
    if isinstance(node, ast.Compare):
        return _compared(node, values)
    return _UNKNOWN


def _length(value: Any) -> Any:
    """``len()`` of a constant string or tuple a field bound reads (``max_length=``); unknown for the rest."""
    return len(value) if isinstance(value, str | tuple) else _UNKNOWN


def _boolean(node: ast.BoolOp, values: dict[str, object]) -> Any:
    """``and``/``or`` as Python runs them: the first operand that decides, unknown once one is unknown."""
    decides = (lambda v: not v) if isinstance(node.op, ast.And) else bool
    value: Any = _UNKNOWN
    for operand in node.values:
        value = _value(operand, values)
        if value is _UNKNOWN or decides(value):
            return value
    return value


def _compared(node: ast.Compare, values: dict[str, object]) -> Any:
    left = _value(node.left, values)
    for op, right_node in zip(node.ops, node.comparators, strict=True):
        right = _value(right_node, values)
        if left is _UNKNOWN or right is _UNKNOWN or type(op) not in _COMPARE:
            return _UNKNOWN
        try:
            if not _COMPARE[type(op)](left, right):
                return False
        except TypeError:
            return _UNKNOWN
        left = right
    return True


def _finding(item: Built, path: str, guard: Guard, commit: str) -> Finding:
    spelled = ", ".join(f"{k}={'...' if v is _UNKNOWN else repr(v)}" for k, v in item.values)
    spelled = f"..., {spelled}" if item.copied else spelled
    if guard.shown:
        return _bound_finding(item, path, guard, commit, spelled)
    return Finding(
        RULE,
        "merge",
        _severity(item),
        item.path,
        item.line,
        f"fork-owned call builds {item.cls}({spelled}), which upstream's {item.cls}.{guard.method} now refuses "
        f"({path}:{guard.line}{commit}: `if {ast.unparse(guard.test)}` raises): the merge fails at construction; "
        "pick a combination upstream still accepts",
    )


def _severity(item: Built) -> Severity:
    """A build under a version test may be the path for the old release only: a warning to look at it."""
    return Severity.WARNING if item.gated else Severity.ERROR


def _bound_finding(item: Built, path: str, guard: Guard, commit: str, spelled: str) -> Finding:
    return Finding(
        RULE,
        "merge",
        _severity(item),
        item.path,
        item.line,
        f"fork-owned call builds {item.cls}({spelled}), which upstream now refuses: {item.cls}.{guard.method} "
        f"is bounded by {guard.shown} ({path}:{guard.line}{commit}), validated at construction; pass a value "
        "inside the bound",
    )
