"""A function upstream made return another class; a fork line reads a member of the result the new class lacks.

``q = await engine.add_request(...)`` returned an ``asyncio.Queue[RequestOutput]`` and returns a
``RequestOutputCollector`` since #15156; the fork's ``q.empty()`` merges cleanly and raises AttributeError on the
first request.  Result kind drift (``result_kinds.py``) tells numbers, strings, sequences and records apart;
this is the other shape: one class named for another.

Narrow on purpose, so that a miss is the price rather than a false error: the new annotation (``Optional``
aside) is one class of upstream's tree whose whole order is known (its bases are tree classes or ``object``,
``ABC``, ``Generic``), that defines no ``__getattr__``/``__getattribute__`` and is no ``Protocol``; the old
annotation names another class, not a subclass of the new one (a widened annotation may still hand back the old
kind); and no class along the new one's order has the member, as a method, a class attribute, a field, a
``self.X`` of a method or a ``Cls.member = ...`` after the class body.  The new class is no abstract one (its
values are subclasses') and no tree class deriving from it defines the member.  The use is a read of the name
bound once to the call (awaited or not) in the fork's function, outside an ``isinstance``/``hasattr`` guard and a
``try`` catching AttributeError (``result_kinds.result_uses``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable

from aeon_release.domain.audits.drift.returns import own_nodes
from aeon_release.domain.audits.source import parsed_expression

_KNOWN_BASES = frozenset({"object", "ABC", "Generic"})

Lacks = Callable[[str, str, str], str | None]  # (new class name, old class name, member) -> the class label


def outer_name(annotation: ast.expr | None) -> str:
    """``RequestOutputCollector`` for ``RequestOutputCollector``, ``Optional[RequestOutputCollector]``,
    ``RequestOutputCollector | None``, ``m.RequestOutputCollector``, a string of one; "" otherwise."""
    node = _unquoted(annotation)
    node = _unoptional(node) if node is not None else None
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def member_gone(before: ast.AST, after: ast.AST, attr: str, lacks: Lacks, element: int | None = None) -> str | None:
    """What reading ``.attr`` off the result (off its ``element``-th entry, a name unpacked from a returned
    tuple, when given) does now that ``before`` -> ``after`` (defs) changed the class their annotations name,
    or None."""
    if not isinstance(before, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    if not isinstance(after, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    if element is not None:
        return _entry_member_gone(before, after, attr, lacks, element)
    old = outer_name(before.returns)
    new = outer_name(after.returns) if after.returns is not None else returned_class(after)
    if not old or not new or old == new or old in _NOT_CLASSES or new.rsplit(".", 1)[-1] in _NOT_CLASSES:
        return None
    label = lacks(new, old, attr)
    if label is None:
        return None
    was = ast.unparse(before.returns or ast.Constant(None))
    now = ast.unparse(after.returns) if after.returns is not None else f"{label} (what its body returns)"
    return f"upstream made it return {now} where it returned {was}: this line reads .{attr} of it, which {label} has not: AttributeError"


def _entry_member_gone(
    before: ast.FunctionDef | ast.AsyncFunctionDef,
    after: ast.FunctionDef | ast.AsyncFunctionDef,
    attr: str,
    lacks: Lacks,
    element: int,
) -> str | None:
    """The same for one entry of a fixed tuple both annotations spell with as many entries: #20332 made the
    third of ``FusedMoEPrepareAndFinalize.prepare``'s five ``Optional[torch.Tensor]`` ->
    ``Optional[ExpertTokensMetadata]``, and the fork's ``_, _, counts, _, _ = pf.prepare(...)`` then
    ``counts.argmax()`` raises AttributeError.  Only annotations: a tuple an unannotated body builds is the
    tuple checks' (``returns.py``); a tuple whose length changed is theirs too."""
    olds, news = tuple_entries(before.returns), tuple_entries(after.returns)
    if olds is None or news is None or len(olds) != len(news) or element >= len(news):
        return None
    old, new = outer_name(olds[element]), outer_name(news[element])
    if not old or not new or old == new or old in _NOT_CLASSES or new in _NOT_CLASSES:
        return None
    label = lacks(new, old, attr)
    if label is None:
        return None
    was, now = ast.unparse(olds[element]), ast.unparse(news[element])
    return (
        f"upstream made entry {element} of the tuple it returns {now} where it was {was}: this line reads .{attr} "
        f"of that entry, which {label} has not: AttributeError"
    )


def tuple_entries(annotation: ast.expr | None) -> list[ast.expr] | None:
    """The entries of ``tuple[A, B]`` / ``Tuple[A, B]`` (a string of one too), None for anything else: another
    annotation, a variadic ``tuple[A, ...]``, a tuple that may be None."""
    node = _unquoted(annotation)
    if not isinstance(node, ast.Subscript) or not isinstance(node.value, ast.Name | ast.Attribute):
        return None
    head = node.value.attr if isinstance(node.value, ast.Attribute) else node.value.id
    if head not in ("tuple", "Tuple") or not isinstance(node.slice, ast.Tuple):
        return None
    entries = list(node.slice.elts)
    if any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in entries):
        return None
    return [_unquoted(e) or e for e in entries]


def returned_class(func: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """The one class an unannotated def's body returns instances of, else "": every value it returns is
    None, a call of that class (``return C(...)``), or a name narrowed to it (``x if isinstance(x, C) else
    None``).  #46065 dropped ``get_aiter_allreduce``'s ``-> AiterCustomAllreduceProto | None`` for a body
    returning ``aiter_ar_comm if isinstance(aiter_ar_comm, AiterCustomAllreduce) else None``.  A class the
    def imports itself (``from m import C`` in its body) is named ``m.C``: the module does not bind it."""
    names: set[str] = set()
    for node in own_nodes(func.body):
        if isinstance(node, ast.Yield | ast.YieldFrom | ast.Await):
            return ""  # a generator hands back a generator; an awaited value is another's
        if isinstance(node, ast.Return) and node.value is not None and not _is_none(node.value):
            name = _instance_of(node.value)
            if not name:
                return ""
            names.add(name)
    if len(names) != 1:
        return ""
    name = names.pop()
    return _locally_imported(func).get(name, name)


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _instance_of(value: ast.expr) -> str:
    """``C`` for ``C(...)`` and for ``x if isinstance(x, C) else None`` (``None if not isinstance(x, C) else x``)."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        return value.func.id
    if not isinstance(value, ast.IfExp):
        return ""
    test, kept, other = value.test, value.body, value.orelse
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, kept, other = test.operand, value.orelse, value.body
    if not _is_none(other) or not isinstance(kept, ast.Name):
        return ""
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance":
        subject, cls = (test.args + [None, None])[:2] if len(test.args) == 2 else (None, None)
        if isinstance(subject, ast.Name) and subject.id == kept.id and isinstance(cls, ast.Name):
            return cls.id
    return ""


def _locally_imported(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
    """The names the def's own ``from m import C`` statements bind, dotted (``m.C``)."""
    return {
        alias.asname or alias.name: f"{node.module}.{alias.name}"
        for node in own_nodes(func.body)
        if isinstance(node, ast.ImportFrom) and node.module and not node.level
        for alias in node.names
    }


# builtins and typing forms: the kind checks' (result_kinds.py), not a class named for another
_NOT_CLASSES = frozenset(
    {"int", "float", "str", "bytes", "bool", "list", "List", "tuple", "Tuple", "dict", "Dict", "set", "Set"}
    | {"frozenset", "Sequence", "Mapping", "Iterable", "Iterator", "Any", "None", "Union", "Callable", "type"}
    | {"Awaitable", "Coroutine", "Future", "Task", "AsyncIterator", "AsyncGenerator", "Generator", "object"}
)


def _unquoted(node: ast.expr | None) -> ast.expr | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return parsed_expression(node.value)
    return node


def _unoptional(node: ast.expr) -> ast.expr | None:
    """The one class of ``Optional[X]`` / ``X | None`` / ``X``; None for a union of several."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name | ast.Attribute):
        head = node.value.attr if isinstance(node.value, ast.Attribute) else node.value.id
        if head == "Optional":
            return node.slice
        if head == "Union":
            return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [s for s in (node.left, node.right) if not (isinstance(s, ast.Constant) and s.value is None)]
        return sides[0] if len(sides) == 1 else None
    return node


def known_base(name: str) -> bool:
    """A base outside the tree that defines no member a fork reads off an instance."""
    return name.rsplit(".", 1)[-1] in _KNOWN_BASES


_ABSTRACT_BASES = frozenset({"ABC", "Protocol"})
_ABSTRACT_MARKS = frozenset({"abstractmethod", "abstractproperty"})


def abstract(classes: list[ast.ClassDef], externals: list[str]) -> bool:
    """An order holding ``ABC``/``Protocol`` or a method marked ``@abstractmethod``: no value is of the class
    itself, each is a subclass's, which may have any member (an annotation ``-> TokenizerBase`` of a body that
    returns ``HfTokenizer(...)``)."""
    if any(name.rsplit(".", 1)[-1] in _ABSTRACT_BASES for name in externals):
        return True
    return any(
        isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef)
        and any(ast.unparse(d).rsplit(".", 1)[-1] in _ABSTRACT_MARKS for d in stmt.decorator_list)
        for cls in classes
        for stmt in cls.body
    )


def patched_after(module: ast.Module, name: str, attr: str) -> bool:
    """``name.attr = ...`` at the module's top level: the class gains the member after its body."""
    for stmt in module.body:
        targets = (
            stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        )
        if any(
            isinstance(t, ast.Attribute) and t.attr == attr and isinstance(t.value, ast.Name) and t.value.id == name
            for t in targets
        ):
            return True
    return False


def fork_patched(lines: Iterable[str], member: str) -> set[str]:
    """The classes (by their last name) the lines patch ``member`` onto after their body: ``m.Cls.member = ...``,
    ``Cls.member: T = ...`` or ``setattr(m.Cls, "member", ...)``.  A fork's shim that gives upstream's new class
    the member (or the shape) its carries use keeps those uses working.  Read by string operations, not a
    pattern: the lines are the fork's text."""
    found: set[str] = set()
    for line in lines:
        if member in line and (cls := _patched_class(line.strip(), member)):
            found.add(cls)
    return found


def _patched_class(text: str, member: str) -> str:
    """The class one statement patches ``member`` onto, else ""."""
    if text.startswith("setattr("):
        target, _, rest = text[len("setattr(") :].partition(",")
        spelt = rest.split(",", 1)[0].strip()
        if spelt not in (f'"{member}"', f"'{member}'"):
            return ""
        parts = target.strip().split(".")
        return parts[-1] if all(p.isidentifier() for p in parts) else ""
    head, sep, rest = text.partition("=")
    if not sep or rest.startswith("=") or not head.strip() or head.rstrip()[-1] in "!<>+-*/%&|^@":
        return ""  # a comparison or an augmented assignment: the member was there already
    parts = head.split(":", 1)[0].strip().split(".")
    if len(parts) < 2 or parts[-1] != member or not all(p.isidentifier() for p in parts):
        return ""
    return parts[-2]
