"""A fork override upstream's caller stopped asking: the call was switched to a sibling method that the fork's
class inherits from a base whose body never asks the override.

#30056 made the structured output manager ask ``reasoner.is_reasoning_end_streaming(all_ids, delta_ids)``
where it asked ``reasoner.is_reasoning_end(all_ids)``.  ``ReasoningParser``'s new ``is_reasoning_end_streaming``
hands on to ``self.is_reasoning_end``, but ``BaseThinkingReasoningParser``'s answers from ``end_token_id``
alone.  A fork parser deriving from ``BaseThinkingReasoningParser`` that overrides ``is_reasoning_end`` (its
model may end thinking by opening a tool call) merges cleanly, keeps overriding a method that is still
there, and is no longer asked on the decode path: the grammar is never switched on.

The switch is read off upstream's diff: a block of removed lines calling ``R.name(`` replaced by added lines
calling ``R.other(`` on the same receiver text, with no ``R.name(`` among them (``R`` another object than
``self``/``cls``: a base that stopped calling its own hook is the dead-hook check's).  It bites when the fork's
class reaches ``other`` in a base (the fork does not override it too) whose body, and the bodies of the
methods it calls on ``self`` (two steps), never name ``name``.  A twin: a fork class whose inherited
``other`` hands on to ``name`` (``ReasoningParser``'s) stays quiet.

Pure: diff text and defs in, names out; finding the fork's class and upstream's defs is symbol drift's.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator

from aeon_release.domain.audits.source import FUNCTION_DEFS, parsed_expression

_RECEIVER = r"([A-Za-z_][\w.]*(?:\(\))?)"


def switched_to(diff: str, name: str) -> dict[str, str]:
    """other -> the receiver text, for each replacement block of ``diff`` (a unified diff of one file) whose
    removed lines call ``R.name(`` and whose added lines call ``R.other(`` but not ``R.name(``."""
    found: dict[str, str] = {}
    for removed, added in _blocks(diff):
        for receiver in set(re.findall(_RECEIVER + rf"\.{re.escape(name)}\(", removed)):
            if receiver in ("self", "cls") or f"{receiver}.{name}(" in added:
                continue
            pattern = re.escape(receiver) + r"\.(\w+)\("
            for other in re.findall(pattern, added):
                if other != name and f"{receiver}.{other}(" not in removed:
                    found.setdefault(other, receiver)
    return found


def _blocks(diff: str) -> Iterator[tuple[str, str]]:
    """(removed text, added text) of each run of ``-`` lines followed by ``+`` lines."""
    removed: list[str] = []
    added: list[str] = []
    for line in [*diff.splitlines(), " "]:
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("-") and not added:
            removed.append(line[1:])
        elif line.startswith("+") and removed:
            added.append(line[1:])
        else:
            if removed and added:
                yield "\n".join(removed), "\n".join(added)
            removed, added = ([line[1:]] if line.startswith("-") else []), []


def asks(
    method: ast.AST,
    name: str,
    reach: Callable[[str], ast.AST | None],
    depth: int = 2,
    above: Callable[[ast.AST, str], ast.AST | None] | None = None,
) -> bool:
    """``method``'s body names ``name`` (a call, a read, a ``getattr``), or a method it calls on ``self``
    does, ``depth`` steps down (``reach`` looks a method up on the fork's class); an unreadable one asks, and
    so does one handing ``self`` to a call (a module helper may ask for it).  A ``super().<m>(...)`` call asks
    what the next definer of ``m`` past ``method``'s class along the fork class's MRO asks, where ``above``
    finds it (killers223, #45357: ``MambaManager.pop_blocks_for_free`` hands on to the base's, which never
    calls ``free``); without ``above``, or where it finds nothing readable, a ``super()`` call asks."""
    if not isinstance(method, FUNCTION_DEFS):
        return True
    me = method.args.args[0].arg if method.args.args else None
    called: set[str] = set()
    supers: set[str] = set()
    resolved: set[int] = set()
    if above is not None:
        for node in ast.walk(method):
            if isinstance(node, ast.Attribute) and _is_super(node.value) and node.attr != name:
                supers.add(node.attr)
                resolved.add(id(node.value))
    for node in ast.walk(method):
        if isinstance(node, ast.Attribute) and node.attr == name and not _held(node.value, me):
            return True
        if isinstance(node, ast.Constant) and node.value == name:
            return True
        if _is_super(node) and id(node) not in resolved:
            return True  # a super() call hands on past the class: what it reaches is not read here
        if isinstance(node, ast.Call) and me is not None and _hands_on(node, me):
            return True  # ``helper(self, ...)``, ``getattr(self, computed)``: what it asks is not read here
        func = node.func if isinstance(node, ast.Call) else None
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == me:
            called.add(func.attr)
    if depth == 0:
        return bool(called or supers)
    for attr in sorted(supers):
        found = above(method, attr) if above is not None else None
        if found is None or asks(found, name, reach, depth - 1, above):
            return True  # past the MRO's readable classes (an external base): it may ask
    return any(asks(found, name, reach, depth - 1, above) for found in map(reach, sorted(called)) if found is not None)


def _is_super(node: ast.AST) -> bool:
    """``super()`` (or ``super(Cls, self)``)."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _held(value: ast.expr, me: str | None) -> bool:
    """``self.field`` (or deeper): the name read off another object the instance holds (killers180: #17882's
    ``_all_gather_out_place`` hands on to ``self.device_communicator.all_gather(...)``, a communicator's method,
    never the group's own ``all_gather`` a fork class overrides)."""
    while isinstance(value, ast.Attribute):
        if isinstance(value.value, ast.Name) and value.value.id == me:
            return True
        value = value.value
    return False


_INERT = frozenset({"isinstance", "issubclass", "hasattr", "type", "id", "repr", "str", "len", "bool", "super"})


def _hands_on(call: ast.Call, me: str) -> bool:
    """``call`` takes ``me`` as an argument, to anything but a builtin that only inspects it (a constant
    ``getattr``/``setattr`` key is a name, read as such above)."""
    args = [*call.args, *(k.value for k in call.keywords)]
    if not any(isinstance(a, ast.Name) and a.id == me for a in args):
        return False
    func = call.func.id if isinstance(call.func, ast.Name) else None
    if func in ("getattr", "setattr", "delattr") and len(call.args) >= 2:
        return not (isinstance(call.args[1], ast.Constant) and isinstance(call.args[1].value, str))
    return func not in _INERT


def receiver_classes(tree: ast.Module, receiver: str) -> set[str]:
    """The class names a module's text gives the receiver ``R`` of a switched call (its last part ``n``):
    annotations of a parameter, variable or attribute named ``n``, ``n = Cls(...)``, and through
    ``self.n = m`` those of ``m``.  Empty where the text says nothing (a call's result, an untyped name)."""
    last = receiver.rsplit(".", 1)[-1]
    if last.endswith("()"):
        return set()
    names, found = {last}, set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Name)
            and any(_is(t, last) for t in node.targets)
        ):
            names.add(node.value.id)
    for node in ast.walk(tree):
        found |= _typed_as(node, names)
    return found - _UNTYPED


_UNTYPED = frozenset({"Any", "None", "Optional", "Union", "object", "typing", "t"})


def _typed_as(node: ast.AST, names: set[str]) -> set[str]:
    if isinstance(node, ast.arg) and node.arg in names and node.annotation is not None:
        return _class_names(node.annotation)
    if isinstance(node, ast.AnnAssign) and any(_is(node.target, n) for n in names):
        return _class_names(node.annotation)
    if (
        isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and any(_is(t, n) for t in node.targets for n in names)
    ):
        return _class_names(node.value.func)
    return set()


def _is(target: ast.expr, name: str) -> bool:
    return (isinstance(target, ast.Name) and target.id == name) or (
        isinstance(target, ast.Attribute) and target.attr == name
    )


def _class_names(annotation: ast.expr) -> set[str]:
    """Every name an annotation (or a constructor call's callee) spells, its string form read too:
    ``ReasoningParser | None``, ``Optional["ReasoningParser"]``, ``mod.ReasoningParser``."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        parsed = parsed_expression(annotation.value)
        if parsed is None:
            return set()
        annotation = parsed
    out: set[str] = set()
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            out |= _class_names(node)
    return out
