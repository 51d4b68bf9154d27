"""Device-gate drift: upstream changed a capability check, and the fork's device now takes another path.

A fork that serves one device (``settings: device``, its compute capability and the calls that ask
about it) lives on the paths those checks choose.  Upstream writes them for its own devices:
``is_device_capability_family(100)`` (every 10.x) became ``is_device_capability(100)`` (10.0 alone),
or ``and not is_device_capability_family(100)`` was added to a fast path's condition.  The merge is
clean, every answer stays right, and a 10.3 device runs the fallback kernel.

So every capability check upstream changed is evaluated for the device, in the fork branch's version
and in the merged one, in three-valued logic: a call that asks about the device is true or false, a
comparison of the capability (``get_device_capability() >= (9, 0)``, ``cap.major == 12``,
``cap.to_int() in (100, 103)``, through a local name the function assigns once) likewise, anything
else unknown.  A check of the fork's version is paired with the merged one at the same place (the
function, what the value goes to: an ``if``, a return, a name, a keyword; the order among those,
aligned by their text; a check rewritten beyond recognition counts as a new one).  A check guarding
an ``if`` that raises or returns nothing, None or False turns the device away when true; any other
check lets it through when true.  A finding when the merged check's value for the device is certain
and is not what it was:

* the device is turned away now (it passed, or might have): an error (``device.severity``) when its
  sibling (x.0 for x.1, x.1 for x.0) is not, since a device singled out from its family is how a
  check meant for one model excludes another by accident; a warning when the family goes with it,
  as upstream decides for its devices;
* the device is let through now: a warning;
* a new ``if`` in a function the fork had, true for the device, that returns or raises and asks a
  capability question the function did not ask before: an error when it turns the device alone
  away, else a warning.

Cheap first: only the Python files whose upstream diff names one of the calls (or compares a
capability's parts, in a file that calls a getter) are parsed.
"""

from __future__ import annotations

import ast
import difflib
import operator
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import DEVICE_GATE as RULE
from aeon_release.domain.audits.model import DeviceGates, Finding, Severity
from aeon_release.domain.audits.source import parse_python

# a changed line that compares something with a (major, minor) tuple, a version number or a
# capability's part: it may compare a capability held in a local name
_CAPABILITY_COMPARE = re.compile(
    r"\n[-+][^\n]*(?:(?:[<>]=?|[=!]=|\bin)\s*[(\[]\s*\d+\s*,\s*\d|(?:[<>]=?|[=!]=)\s*\d{2,3}\b"
    r"|\.(?:major|minor)\b|\bto_int\(|\[[01]\]\s*(?:[<>]=?|[=!]=))"
)
_COMPARE_ERE = r"([<>=!]=?|[[:space:]]in)[[:space:]]*[([]?[[:space:]]*[0-9]+|\.(major|minor)|to_int\(|\[[01]\]"  # the same, for ``git log -G``
_Value = int | tuple[int, ...] | None  # a known number or tuple; None: unknown
_Truth = bool | None  # three-valued: None is unknown


@dataclass(frozen=True)
class _Capability:
    """The device's capability as a getter returns it: a (major, minor) tuple with names."""

    major: int
    minor: int

    @property
    def pair(self) -> tuple[int, int]:
        return (self.major, self.minor)


@dataclass(frozen=True)
class Gate:
    """One capability check: where it is, what its value goes to, its text and its value for the device."""

    scope: str
    slot: str
    text: str
    line: int
    truth: _Truth
    diverts: bool  # an ``if`` whose body returns, raises or leaves a loop
    refuses: bool  # an ``if`` whose body raises or returns nothing, None or False: true turns the device away
    sibling: _Truth  # the value for the device's sibling (x.0 for x.1): the same, or the device singled out
    asks: frozenset[str]  # the capability questions it asks: ``is_device_capability(100)``, ...

    @property
    def lost(self) -> bool:
        """Whether the device's certain value now turns it away from the path."""
        return self.truth is (True if self.refuses else False)


def device_gate_drift(trees: ThreeTrees, device: DeviceGates | None, pr_pattern: str) -> list[Finding]:
    if device is None or not device.names:
        return []
    words = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in device.names) + r")\b")
    paths = trees.upstream.matching(words, ".py")
    if device.getters:  # a comparison of a capability a getter gave, through a local: ``cap >= (9, 0)``
        compared = trees.upstream.matching(_CAPABILITY_COMPARE, ".py")
        texts = {p: trees.merged_text(p) for p in compared if p not in paths}
        getters = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in device.getters) + r")\b")
        paths = sorted({*paths, *(p for p, text in texts.items() if text is not None and getters.search(text))})
    if not paths:
        return []
    ours = trees.blobs(trees.ours, paths)
    findings: list[Finding] = []
    for path in paths:
        before, after = ours.get(path), trees.merged_text(path)
        if before is None or after is None or before == after:
            continue
        old, new = parse_python(before, path), trees.merged_module(path)
        if old is None or new is None:
            continue
        changed = list(_changed(gates_of(old, device), gates_of(new, device), _scopes(old)))
        if changed:
            commit = trees.upstream_commit(path, "|".join(re.escape(n) for n in device.names), pr_pattern)
            commit = commit or trees.upstream_commit(path, _COMPARE_ERE, pr_pattern)
            findings += [_finding(path, was, now, device, commit) for was, now in changed]
    return findings


def _scopes(module: ast.Module) -> frozenset[str]:
    """Every function's and class's dotted name in the module ("" for the module itself)."""
    names = {""}
    stack: list[tuple[ast.AST, str]] = [(module, "")]
    while stack:
        node, name = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{name}.{child.name}" if name else child.name
                names.add(inner)
                stack.append((child, inner))
            else:
                stack.append((child, name))
    return frozenset(names)


def _changed(old: list[Gate], new: list[Gate], scopes: frozenset[str]) -> Iterator[tuple[Gate | None, Gate]]:
    """(the fork branch's gate or None for a new one, the merged gate) whose value for the device changed."""
    before: dict[tuple[str, str], list[Gate]] = {}
    for gate in old:
        before.setdefault((gate.scope, gate.slot), []).append(gate)
    after: dict[tuple[str, str], list[Gate]] = {}
    for gate in new:
        after.setdefault((gate.scope, gate.slot), []).append(gate)
    asked: dict[str, frozenset[str]] = {}
    for gate in old:
        asked[gate.scope] = asked.get(gate.scope, frozenset()) | gate.asks
    for key, gates in after.items():
        was = before.get(key, [])
        matcher = difflib.SequenceMatcher(a=[g.text for g in was], b=[g.text for g in gates], autojunk=False)
        for op, a0, a1, b0, b1 in matcher.get_opcodes():
            extra: list[Gate] = []
            if op == "replace":
                for a, b in zip(was[a0:a1], gates[b0:b1], strict=False):
                    if not _alike(a.text, b.text):
                        extra.append(b)  # not the same check rewritten: a new one
                    elif b.truth is not None and b.truth != a.truth:
                        yield a, b
                extra += gates[b0 + (a1 - a0) : b1]
            elif op == "insert":
                extra = gates[b0:b1]
            for b in extra:  # a new check, in a function the fork had, that the device meets and that diverts
                new_question = not b.asks <= asked.get(b.scope, frozenset())  # not one the function asked before
                if b.truth is True and b.diverts and b.scope in scopes and new_question:
                    yield None, b


def _alike(a: str, b: str) -> bool:
    """Two texts of one check (an operand added, a call changed), not two checks."""
    return a in b or b in a or difflib.SequenceMatcher(a=a, b=b, autojunk=False).ratio() >= 0.6


def _finding(path: str, was: Gate | None, now: Gate, device: DeviceGates, commit: str) -> Finding:
    where = now.scope or "module level"
    if was is None:
        what = f"upstream added a capability check that a {device.label} device meets: `{_short(now.text)}` in {where}"
        severity = device.severity if now.refuses and now.sibling is not True else Severity.WARNING
        hint = "the device is now turned away there" if now.refuses else "the device now leaves this path there"
        return Finding(
            RULE,
            "merge",
            severity,
            path,
            now.line,
            f"{what}{commit}; {hint}: check that it still runs the kernels it should",
        )
    before = "true" if was.truth else "false" if was.truth is False else "undecided by the device"
    change = (
        f"upstream changed a capability check in {where}: for a {device.label} device `{_short(now.text)}` is "
        f"{'true' if now.truth else 'false'} (the fork branch's `{_short(was.text)}` was {before}){commit}"
    )
    if now.lost:
        singled = now.sibling != now.truth  # its sibling keeps the path: the device alone was moved off it
        severity = device.severity if singled else Severity.WARNING
        sibling = _label(_sibling(device.capability))
        why = f"unlike a {sibling} device" if singled else f"as for a {sibling} device"
        hint = f"the device no longer takes this path ({why}): check that it still runs the kernels it should"
        return Finding(RULE, "merge", severity, path, now.line, f"{change}; {hint}")
    hint = "the device now takes this path: check that it works there"
    return Finding(RULE, "merge", Severity.WARNING, path, now.line, f"{change}; {hint}")


def _label(capability: tuple[int, int]) -> str:
    return f"{capability[0]}.{capability[1]}"


def _short(text: str, most: int = 120) -> str:
    one = " ".join(text.split())
    return one if len(one) <= most else one[: most - 3] + "..."


# -- the gates of one module -----------------------------------------------------------------------
_BOOLEAN = (ast.BoolOp, ast.Compare)


def gates_of(module: ast.Module, device: DeviceGates) -> list[Gate]:
    """Every capability check of the module, each scope's in source order."""
    found: list[Gate] = []
    _scope(module, "", device, found)
    return found


def _scope(node: ast.AST, name: str, device: DeviceGates, found: list[Gate]) -> None:
    """The gates of one function (or the module, or a class body), then of the scopes it holds."""
    nested: list[tuple[ast.AST, str]] = []
    local = _assigned_once(node)
    env, sibling = _Env(device, device.capability, local), _Env(device, _sibling(device.capability), local)
    calls = frozenset(device.names)
    for parent, child, slot in _slots(node, calls, nested):
        if _mentions(child, device, env):
            body = parent.body if isinstance(parent, ast.If) and slot == "if" else []
            asks = frozenset(ast.unparse(c) for c in _calls(child, calls))
            line = getattr(child, "lineno", 0)
            truth, other = env.truth(child), sibling.truth(child)
            found.append(Gate(name, slot, ast.unparse(child), line, truth, _diverts(body), _refuses(body), other, asks))
    for inner, inner_name in nested:
        _scope(inner, f"{name}.{inner_name}" if name else inner_name, device, found)


def _sibling(capability: tuple[int, int]) -> tuple[int, int]:
    """The device of the same major version it is most often grouped with: x.0, or x.1 for an x.0."""
    major, minor = capability
    return (major, 0) if minor else (major, 1)


def _calls(node: ast.AST, calls: frozenset[str]) -> Iterator[ast.Call]:
    """The capability calls in ``node`` with what they ask (``p.is_device_capability(100)`` -> the call alone)."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and _callee(sub) in calls:
            yield ast.Call(ast.Name(str(_callee(sub))), sub.args, sub.keywords)


def _slots(
    scope: ast.AST, calls: frozenset[str], nested: list[tuple[ast.AST, str]]
) -> Iterator[tuple[ast.AST, ast.expr, str]]:
    """(parent, maximal boolean-ish expression, what its value goes to) in the scope, not in scopes it holds."""
    stack: list[tuple[ast.AST, ast.AST]] = [(scope, child) for child in reversed(list(ast.iter_child_nodes(scope)))]
    while stack:
        parent, node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            nested.append((node, node.name))
            continue
        if isinstance(node, (ast.Lambda,)):
            continue
        if isinstance(node, ast.expr) and _is_gate_shape(node, calls) and not _is_gate_shape_parent(parent, node):
            yield parent, node, _slot(parent, node)
            continue  # its parts are not gates of their own
        stack.extend((node, child) for child in reversed(list(ast.iter_child_nodes(node))))


def _is_gate_shape(node: ast.AST, calls: frozenset[str]) -> bool:
    return (
        isinstance(node, _BOOLEAN)
        or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
        or (isinstance(node, ast.Call) and _callee(node) in calls)
    )


def _is_gate_shape_parent(parent: ast.AST, node: ast.AST) -> bool:
    """Whether ``node`` is an operand of a larger boolean expression (then the larger one is the gate)."""
    if isinstance(parent, _BOOLEAN):
        return True
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return True
    return False


def _slot(parent: ast.AST, node: ast.AST) -> str:
    if isinstance(parent, (ast.If, ast.While)) and parent.test is node:
        return "if" if isinstance(parent, ast.If) else "while"
    if isinstance(parent, ast.IfExp) and parent.test is node:
        return "ternary"
    if isinstance(parent, ast.Assert):
        return "assert"
    if isinstance(parent, ast.Return):
        return "return"
    if isinstance(parent, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        return "= " + ", ".join(ast.unparse(t) for t in targets)
    if isinstance(parent, ast.keyword):
        return f"{parent.arg}="
    if isinstance(parent, ast.comprehension):
        return "comprehension"
    return type(parent).__name__


def _diverts(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise, ast.Break, ast.Continue))


def _refuses(body: list[ast.stmt]) -> bool:
    """``raise ...``, ``return``, ``return None``, ``return False``: the guarded case is the unsupported one."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.Raise):
        return True
    return isinstance(last, ast.Return) and (
        last.value is None or (isinstance(last.value, ast.Constant) and last.value.value in (None, False))
    )


def _assigned_once(scope: ast.AST) -> dict[str, ast.expr]:
    """Local names the scope assigns exactly once with a plain ``=`` (a name or a two-name unpack)."""
    counts: dict[str, int] = {}
    values: dict[str, ast.expr] = {}
    for node in _own_nodes(scope):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
            targets = [node.target]
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            targets = [item.optional_vars for item in node.items if item.optional_vars is not None]
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    counts[name.id] = counts.get(name.id, 0) + 1
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                values[target.id] = node.value
            elif isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
                for i, elt in enumerate(target.elts):
                    assert isinstance(elt, ast.Name)
                    values[elt.id] = ast.Subscript(node.value, ast.Constant(i))
    return {name: value for name, value in values.items() if counts.get(name) == 1}


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))


def _callee(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _mentions(node: ast.AST, device: DeviceGates, env: _Env) -> bool:
    """Whether the expression asks about the device (a named call, or a local holding the capability)."""
    names = set(device.names)
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and _callee(sub) in names:
            return True
        if isinstance(sub, ast.Name) and sub.id in env.locals and env.derived(sub.id):
            return True
    return False


class _Env:
    """Evaluates expressions for the device: capability values, numbers and truth in three values."""

    def __init__(self, device: DeviceGates, capability: tuple[int, int], locals_: dict[str, ast.expr]) -> None:
        self.device = device
        self.cap = _Capability(*capability)
        self.locals = locals_
        self._busy: set[str] = set()
        self._derived: dict[str, bool] = {}

    def derived(self, name: str) -> bool:
        """Whether a local's value comes from the device's capability."""
        if name not in self._derived:
            self._derived[name] = False  # a name assigned from itself is not
            value = self.locals[name]
            self._derived[name] = _mentions(value, self.device, self)
        return self._derived[name]

    @property
    def number(self) -> int:
        return self.cap.major * 10 + self.cap.minor

    def truth(self, node: ast.AST) -> _Truth:
        if isinstance(node, ast.BoolOp):
            values = [self.truth(v) for v in node.values]
            if isinstance(node.op, ast.And):
                return False if False in values else True if all(v is True for v in values) else None
            return True if True in values else False if all(v is False for v in values) else None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = self.truth(node.operand)
            return None if inner is None else not inner
        if isinstance(node, ast.Constant) and isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.Call):
            return self._predicate(node)
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.Name) and node.id in self.locals and node.id not in self._busy:
            self._busy.add(node.id)
            try:
                return self.truth(self.locals[node.id])
            finally:
                self._busy.discard(node.id)
        return None

    def _predicate(self, node: ast.Call) -> _Truth:
        name = _callee(node)
        if name is None or name in self.device.getters:
            return None
        arg = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "capability"), None)
        wanted = self._as_number(self.value(arg)) if arg is not None else None
        if wanted is None:
            return None
        if name in self.device.at_least:
            return self.number >= wanted
        if name in self.device.equals:
            return self.number == wanted
        if name in self.device.family:
            return self.number // 10 == wanted // 10
        return None

    @staticmethod
    def _as_number(value: object) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, tuple) and len(value) == 2:
            major, minor = value
            if isinstance(major, int) and isinstance(minor, int):
                return major * 10 + minor
        return None

    def _compare(self, node: ast.Compare) -> _Truth:
        left = self.value(node.left)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = self.value(right_node)
            if left is None or right is None:
                return None
            result = _apply(op, left, right)
            if result is None:
                return None
            if not result:
                return False
            left = right
        return True

    def value(self, node: ast.AST) -> object:
        """A number, a tuple of numbers or the capability; None when the device does not decide it."""
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            items = [self.value(e) for e in node.elts]
            return tuple(items) if all(isinstance(i, int) and not isinstance(i, bool) for i in items) else None
        if isinstance(node, ast.Call):
            name = _callee(node)
            if name in self.device.getters:
                return self.cap
            if isinstance(node.func, ast.Attribute) and node.func.attr == "to_int" and not node.args:
                inner = self.value(node.func.value)
                return self.number if isinstance(inner, _Capability) else None
            return None
        if isinstance(node, ast.Attribute):
            inner = self.value(node.value)
            if isinstance(inner, _Capability) and node.attr in ("major", "minor"):
                return inner.major if node.attr == "major" else inner.minor
            return None
        if isinstance(node, ast.Subscript):
            inner = self.value(node.value)
            index = self.value(node.slice)
            if isinstance(inner, _Capability) and isinstance(index, int) and index in (0, 1):
                return inner.pair[index]
            return None
        if isinstance(node, ast.BinOp):
            a, b = self.value(node.left), self.value(node.right)
            if isinstance(a, int) and isinstance(b, int):
                return _arith(node.op, a, b)
            return None
        if isinstance(node, ast.Name) and node.id in self.locals and node.id not in self._busy:
            self._busy.add(node.id)
            try:
                return self.value(self.locals[node.id])
            finally:
                self._busy.discard(node.id)
        return None


def _apply(op: ast.cmpop, left: object, right: object) -> bool | None:
    if isinstance(left, _Capability):
        left = left.pair
    if isinstance(right, _Capability):
        right = right.pair
    if isinstance(op, (ast.In, ast.NotIn)):
        if not isinstance(right, tuple):
            return None
        inside = left in right
        return inside if isinstance(op, ast.In) else not inside
    if type(left) is not type(right):
        return None  # a tuple against a number: Python would raise or compare by type
    compare = _COMPARE.get(type(op))
    return None if compare is None else compare(left, right)


_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _arith(op: ast.operator, a: int, b: int) -> int | None:
    if isinstance(op, ast.Add):
        return a + b
    if isinstance(op, ast.Sub):
        return a - b
    if isinstance(op, ast.Mult) and abs(a) < 1 << 16 and abs(b) < 1 << 16:
        return a * b
    if isinstance(op, ast.FloorDiv) and b:
        return a // b
    return None
