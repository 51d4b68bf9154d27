"""A read of a name by string written with a fallback: the fork handles the object with and without it.

``getattr(cfg, "embedding_mode", cfg.task == "embedding")``, ``getattr(cfg, "old", None) or cfg.new``,
``getattr(mod, "old", stand_in)()`` (a function or class in the gone one's place, called or caught),
``v = getattr(cfg, "old", None)`` then ``if v is None: v = cfg.new``, ``if hasattr(cfg, "old"): ... else:
<cfg.new>`` (``not hasattr`` swaps the branches; ``hasattr(cfg, "old") and ...`` is false without it too)
and ``if hasattr(cfg, "old"): return ...`` followed by a read of ``cfg.new``: when upstream removes ``old``, the fallback runs,
and the fallback reads another attribute of the same object, the spelling that replaced it.  Such a read
is compatibility code written for both sides of the removal, not a read the removal silently breaks.

So is a use of a value as the old kind that runs only where an ``isinstance`` test says it is that kind
(``attn_type.name if isinstance(attn_type, enum.Enum) else attn_type``; ``if isinstance(blocks, list):
len(blocks)``): ``isinstance_guarded``; or only where one says it is not the new kind (the ``else`` of
``if isinstance(q, deque):``, or the rest of the block after such an ``if`` that returns):
``isinstance_refuted``.
"""

from __future__ import annotations

import ast
import functools
import typing
from collections.abc import Callable, Iterable
from types import UnionType

from aeon_release.domain.audits.drift import asdict_keys
from aeon_release.domain.audits.drift.helper_guards import inlined, module_of
from aeon_release.domain.audits.drift.patched_names import patched_attribute
from aeon_release.domain.audits.source import child_blocks, last_name, str_value

_N = typing.TypeVar("_N", ast.stmt, ast.expr)


def _accessed(node: ast.AST) -> str | None:
    """The name a ``getattr(x, "name", ...)`` or ``hasattr(x, "name")`` call reads, else None."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or len(node.args) < 2:
        return None
    return str_value(node.args[1]) if node.func.id in ("getattr", "hasattr") else None


def falls_back(call: ast.Call, parents: dict[int, ast.AST], computed: bool = False) -> bool:
    """``call`` (``getattr(x, "name", ...)`` or ``hasattr(x, "name")``) has a fallback that reads another
    attribute of ``x`` (``parents``: each node's parent); with ``computed``, for ``v = getattr(x, "name",
    None)``, also one that puts a value read or computed elsewhere in ``v``'s stead (``if v is None: v =
    cfg.pad``, ``cfg.pad if v is None else v``)."""
    if not isinstance(call.func, ast.Name) or len(call.args) < 2 or (name := str_value(call.args[1])) is None:
        return False
    receiver = ast.unparse(call.args[0])

    def reads_another(nodes: Iterable[ast.AST]) -> bool:
        """``x.other``, or ``getattr(x, "other", ...)`` / ``hasattr(x, "other")``: another attribute of ``x``."""
        return any(
            (isinstance(n, ast.Attribute) and n.attr != name and ast.unparse(n.value) == receiver)
            or (_accessed(n) not in (None, name) and isinstance(n, ast.Call) and ast.unparse(n.args[0]) == receiver)
            for node in nodes
            for n in ast.walk(node)
        )

    parent = parents.get(id(call))
    if call.func.id == "getattr":
        if len(call.args) >= 3 and (reads_another(call.args[2:]) or _stands_in(call, parent)):
            return True
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0], ast.Name):
            # ``v = getattr(x, "old", None)`` then ``if v is None: v = x.new``; or ``if v is not None: return v()``
            # and ``x.new`` after it (or in its ``else``): the path without the member reads the new one
            held = parent.targets[0].id
            later = _later(parent, parents)
            guards = [stmt for stmt in later if isinstance(stmt, ast.If) and _reads_name(stmt.test, held)]
            if any(
                reads_another(guard.body)
                or (
                    _holds(guard.test, held)
                    and reads_another(guard.orelse or (_later(guard, parents) if _exits(guard.body) else []))
                )
                for guard in guards
            ):
                return True
            # a value the fork computes anywhere in the held one's stead (symbol drift: the member is gone, not
            # renamed, so there is no other spelling of it to read)
            return computed and (
                any(_refilled(guard.body, held) for guard in guards)
                or any(_chosen_over(node, held) for stmt in later for node in ast.walk(stmt))
            )
        if isinstance(parent, ast.Tuple | ast.List) and len(call.args) >= 3:
            # ``(getattr(x, "new", None), getattr(x, "old", None))``: candidates for both sides, the new one
            # first, each yielding its default where absent (``next(c for c in (...) if c)``)
            earlier = parent.elts[: next(i for i, e in enumerate(parent.elts) if e is call)]
            return any(_probed_before(n, receiver, name) for n in earlier)
        if not (isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or)):
            return False
        # ``getattr(x, "new", None) or getattr(x, "old", None)``: the probe of the other name, tried first, is
        # what the fork reads wherever it exists; the old name is read only where it is absent (both sides)
        return reads_another(_after(call, parent)) or any(
            _probed_before(n, receiver, name) for n in _before(call, parent)
        )
    test: ast.AST = call
    negated = isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not)
    if negated:
        test, parent = parent, parents.get(id(parent))  # type: ignore[assignment]
    while not negated and isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.And):
        test, parent = parent, parents.get(id(parent))  # ``hasattr(x, "old") and x.old``: false without it
    if not isinstance(parent, ast.If | ast.IfExp) or parent.test is not test:
        return False
    other = parent.body if negated else parent.orelse
    if reads_another(other if isinstance(other, list) else [other]):
        return True
    # ``if hasattr(x, "old"): return x.old`` then the new spelling: the rest of the block is the fallback
    return isinstance(parent, ast.If) and not negated and _exits(parent.body) and reads_another(_later(parent, parents))


Bound = typing.Mapping[str, ast.Call]  # a local bound once to ``getattr(x, "name", None)`` -> that call


def bound_probes(scope: ast.AST) -> dict[str, ast.Call]:
    """The names ``scope`` (a function, or a module) binds once, and only, to ``getattr(x, "name", None)``:
    ``fn = getattr(p, "mem_get_info", None)`` then ``if fn is not None:`` asks what the inline ``if getattr(p,
    "mem_get_info", None) is not None:`` asks.  A name bound twice (or a parameter) may hold anything later."""
    stores: dict[str, int] = {}
    probes: dict[str, ast.Call] = {}
    for node in ast.walk(scope):
        if (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)) or isinstance(node, ast.arg):
            named = node.id if isinstance(node, ast.Name) else node.arg
            stores[named] = stores.get(named, 0) + 1 + isinstance(node, ast.arg)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if isinstance(node.value, ast.Call) and _value_probe(node.value) is not None:
                probes[node.targets[0].id] = node.value
    return {named: call for named, call in probes.items() if stores.get(named) == 1}


def hasattr_guarded_lines(
    stmt: ast.stmt, by_hasattr: bool = True, bound: Bound | None = None
) -> tuple[list[ast.stmt], set[int]]:
    """The block of an ``if`` that runs only where ``hasattr(x, "name")`` holds (the body of ``if hasattr(x,
    "name")``, and-ed or not; the else of ``if not hasattr(...)``), and the lines in it that read
    ``x.name`` (or ``getattr(x, "name")``): a read written for the object with and without the attribute.
    A test of the value itself guards the same way (``_value_probe``); ``by_hasattr`` False: only those.
    ``bound``: the scope's locals bound once to such a value (``bound_probes``), tested like it."""
    if not isinstance(stmt, ast.If):
        return [], set()
    block, asked = _hasattr_asked(stmt.test, stmt.body, stmt.orelse, by_hasattr, bound)
    lines = {n.lineno for inner in block for n in ast.walk(inner) if isinstance(n, ast.expr) and _use_of(n) in asked}
    return (block, lines) if lines else ([], set())


def leaves_unless(stmt: ast.stmt) -> typing.TypeGuard[ast.If]:
    """``stmt`` is an ``if`` with no ``else`` over a body that leaves the block: the statements after it run only
    where its test failed.  ``hasattr_exited_lines`` and ``hasattr_exited`` read nothing else."""
    return isinstance(stmt, ast.If) and not stmt.orelse and _exits(stmt.body)


def hasattr_exited_lines(
    stmt: ast.stmt, later: list[ast.stmt], by_hasattr: bool = True, bound: Bound | None = None
) -> set[int]:
    """The lines of ``later`` (the statements after ``stmt`` in its block) reading ``x.name`` where ``stmt`` is
    ``if not hasattr(x, "name"):`` with no ``else``, over a body that leaves the block: they run only where the
    object still has it (``if not hasattr(w, "old"): return w.new()`` then ``return w.old()``)."""
    if by_hasattr and (asked := _read_or_left(stmt)):
        return {n.lineno for s in later for n in ast.walk(s) if isinstance(n, ast.expr) and _use_of(n) in asked}
    if not leaves_unless(stmt):
        return set()
    negated = (isinstance(stmt.test, ast.UnaryOp) and isinstance(stmt.test.op, ast.Not)) or _not_in(stmt.test)
    if not negated and _compared_to_none(stmt.test, ast.Is) is None:  # ``if getattr(x, "n", None) is None:``
        return set()
    _, asked = _hasattr_asked(stmt.test, stmt.body, stmt.orelse, by_hasattr, bound)
    return {n.lineno for s in later for n in ast.walk(s) if isinstance(n, ast.expr) and _use_of(n) in asked}


def _read_or_left(stmt: ast.stmt) -> set[tuple[str, str]]:
    """The (object, name) pairs a ``try`` body reads where a handler of ``AttributeError`` leaves the block
    (``try: original = m.f`` / ``except AttributeError: return``): the statements after the ``try`` run only
    where the object has them (review128)."""
    if not isinstance(stmt, ast.Try) or stmt.orelse or stmt.finalbody:
        return set()
    if not any(
        handler_catches(h.type, frozenset({"AttributeError"}), bare=False) and _exits(h.body) for h in stmt.handlers
    ):
        return set()
    return {
        p for s in stmt.body for n in ast.walk(s) if isinstance(n, ast.Attribute) and (p := _read_of(n)) is not None
    }


def hasattr_guarded_nodes(exprs: Iterable[ast.expr], by_hasattr: bool = True, bound: Bound | None = None) -> set[int]:
    """The ids of the reads of ``x.name`` (or ``getattr(x, "name")``) in the branch of a conditional
    expression that runs only where ``hasattr(x, "name")`` holds (``m.F if hasattr(m, "F") else None``), or
    a test of the value itself (``by_hasattr`` False: only those)."""
    found: set[int] = set()
    for expr in exprs:
        for node in ast.walk(expr):
            if isinstance(node, ast.IfExp):
                block, asked = _hasattr_asked(node.test, [node.body], [node.orelse], by_hasattr, bound)
                found |= {id(n) for n in ast.walk(block[0]) if _use_of(n) in asked}
    return found


def hasattr_branch(stmt: ast.If) -> tuple[list[ast.stmt], set[tuple[str, str]]]:
    """The branch of ``stmt`` that runs only where its ``hasattr`` tests hold (or a ``getattr(x, "name", None)``
    tested for None), and the (object, name) pairs they ask (the object as its text)."""
    test = stmt.test
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and _is_none(test.comparators[0]):
        if isinstance(test.ops[0], ast.IsNot | ast.NotEq):
            test = test.left  # ``getattr(m, "f", None) is not None``: true where m has f
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "getattr":
        name = str_value(test.args[1]) if len(test.args) == 3 and _is_none(test.args[2]) else None
        return (stmt.body, {(ast.unparse(test.args[0]), name)}) if name is not None else ([], set())
    return _hasattr_asked(stmt.test, stmt.body, stmt.orelse)


def hasattr_exited(stmt: ast.stmt) -> set[tuple[str, str]]:
    """The (object, name) pairs of ``if not hasattr(x, "name"):`` with no ``else``, over a body that leaves the
    block: the statements after it run only where ``x`` has the name."""
    if not leaves_unless(stmt):
        return set()
    if not (isinstance(stmt.test, ast.UnaryOp) and isinstance(stmt.test.op, ast.Not)):
        return set()
    return _hasattr_asked(stmt.test, stmt.body, stmt.orelse)[1]


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _hasattr_asked(
    test: ast.expr, body: list[_N], orelse: list[_N], by_hasattr: bool = True, bound: Bound | None = None
) -> tuple[list[_N], set[tuple[str, str]]]:
    """The branch that runs only where the test's ``hasattr`` calls (``by_hasattr``) or value probes hold, and
    the (object, name) pairs they ask."""
    block = body
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, block = test.operand, orelse
    elif (tested := _compared_to_none(test, ast.Is)) is not None:  # ``if getattr(x, "n", None) is None:``
        test, block = tested, orelse
    elif _not_in(test):  # ``if "n" not in type(x).__dict__:``
        test, block = ast.Compare(left=test.left, ops=[ast.In()], comparators=test.comparators), orelse
    tests = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) and block is body else [test]
    # ``if x.name:`` raises where the member is plainly gone: it guards only a name an instance's ``__getattr__``
    # answers (``by_hasattr`` False), and there line by line it would excuse another read on the line too
    # (``if self.extra is not None: self.renamed.add(self.extra)``, #28623)
    found = (_value_probe(t, bound, not by_hasattr) or (_hasattr_probe(t) if by_hasattr else None) for t in tests)
    asked = {pair for pair in found if pair is not None}
    return block, asked


def _hasattr_probe(test: ast.expr) -> tuple[str, str] | None:
    """(object, name) of ``hasattr(x, "name")``."""
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "hasattr":
        name = str_value(test.args[1]) if len(test.args) == 2 else None
        return (ast.unparse(test.args[0]), name) if name is not None else None
    return None


def _value_probe(test: ast.expr, bound: Bound | None = None, attribute: bool = True) -> tuple[str, str] | None:
    """(object, name) of a test that holds only where ``x.name`` is there and not None: ``getattr(x, "name",
    None)`` taken as true, ``... is not None``, ``callable(getattr(x, "name", None))``.  It guards the read
    where ``hasattr`` would, and also where a ``__getattr__`` answers the name with None (``hasattr`` is
    True there; #33362's ``Platform.__getattr__``).  A local ``bound`` to that ``getattr`` asks the same."""
    test = _compared_to_none(test, ast.IsNot) or test
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "callable" and test.args:
        test = test.args[0]
    if isinstance(test, ast.Name) and bound and test.id in bound:
        test = bound[test.id]
    if isinstance(test, ast.Attribute) and attribute:  # ``if x.name:``: raises where it is gone, None where made up
        return ast.unparse(test.value), test.attr
    if (asked := _class_probe(test)) is not None:
        return asked
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "getattr"):
        return None
    if len(test.args) != 3 or not (isinstance(test.args[2], ast.Constant) and test.args[2].value is None):
        return None
    name = str_value(test.args[1])
    return (ast.unparse(test.args[0]), name) if name is not None else None


def _class_probe(test: ast.expr) -> tuple[str, str] | None:
    """(x, name) of ``hasattr(type(x), "name")`` or ``"name" in dir(x)`` (or ``dir(type(x))``, or
    ``asdict(x)``: its keys are the fields there now), or of the
    class's own namespace: ``"name" in type(x).__dict__`` (``vars(type(x))``, ``Cls.__dict__``): asked of the
    class or of what the object lists, never of an instance's ``__getattr__``, so it holds only where the
    member is really there (the namespace only where the class itself defines it: #33465's
    ``"forward_native" in type(emb).__dict__``, false where the method is only a base's raising stub)."""
    if (keyed := asdict_keys.key_tested(test)) is not None:
        return ast.unparse(keyed[0]), keyed[1]
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In):
        listed, name = test.comparators[0], str_value(test.left)
        if isinstance(listed, ast.Call) and ast.unparse(listed.func) in ("dir", "vars") and len(listed.args) == 1:
            held = _type_of(listed.args[0]) or listed.args[0]
            return (ast.unparse(held), name) if name is not None else None
        if isinstance(listed, ast.Attribute) and listed.attr == "__dict__" and name is not None:
            return ast.unparse(_type_of(listed.value) or listed.value), name
    asked = _hasattr_probe(test)
    of_type = _type_of(test.args[0]) if asked is not None and isinstance(test, ast.Call) else None
    return (ast.unparse(of_type), asked[1]) if asked is not None and of_type is not None else None


def _not_in(test: ast.expr) -> typing.TypeGuard[ast.Compare]:
    """``a not in b``."""
    return isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.NotIn)


def _type_of(node: ast.expr) -> ast.expr | None:
    """``x`` of ``type(x)``."""
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "type" and len(node.args) == 1:
        return node.args[0]
    return None


def none_called_lines(stmt: ast.stmt) -> set[int]:
    """The lines of the calls in a ``try`` whose handler catches ``TypeError`` (or a parent, or all): where an
    instance's ``__getattr__`` answers a gone method with None, calling it raises TypeError, and the fork's
    handler takes over (``try: current_platform.seed_everything(seed)`` / ``except TypeError: ...``)."""
    if not isinstance(stmt, ast.Try):
        return set()
    if not any(handler_catches(h.type, frozenset({"TypeError", "Exception", "BaseException"})) for h in stmt.handlers):
        return set()
    return {n.lineno for s in stmt.body for n in ast.walk(s) if isinstance(n, ast.Call)}


def _compared_to_none(test: ast.expr, op: type[ast.cmpop]) -> ast.expr | None:
    """``a`` of ``a is None`` (``op`` ``ast.Is``) or ``a is not None`` (``ast.IsNot``)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], op)):
        return None
    right = test.comparators[0]
    return test.left if isinstance(right, ast.Constant) and right.value is None else None


def _set_of(node: ast.AST) -> tuple[str, str] | None:
    """(object, name) of the builtin ``setattr(x, "name", value)`` (or ``delattr(x, "name")``) with a literal name."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr")):
        return None
    name = str_value(node.args[1]) if len(node.args) >= 2 and not node.keywords else None
    return (ast.unparse(node.args[0]), name) if name is not None else None


def _use_of(node: ast.AST) -> tuple[str, str] | None:
    """(object, name) of a read of ``x.name`` (``_read_of``) or of a ``setattr``/``delattr`` of it (``_set_of``):
    what a presence test of ``x.name`` guards (review128: ``if hasattr(m, "f"): setattr(m, "f", mine)`` patches
    only where m still has f)."""
    return _read_of(node) or _set_of(node)


def _read_of(node: ast.AST) -> tuple[str, str] | None:
    """(object, name) for ``x.name`` and for ``getattr(x, "name", ...)``, the same read by a string."""
    if isinstance(node, ast.Attribute):
        return ast.unparse(node.value), node.attr
    if isinstance(node, ast.Call) and (patched := patched_attribute(node)) is not None:
        return ast.unparse(patched[0]), patched[1]
    if (keyed := asdict_keys.guarded_key(node)) is not None:  # ``asdict(x)["name"]``: x's field by its key
        return ast.unparse(keyed[0]), keyed[1]
    getattr_call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
    name = _accessed(node) if getattr_call else None
    return (ast.unparse(node.args[0]), name) if isinstance(node, ast.Call) and name is not None else None


IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})


def try_guarded_lines(stmt: ast.stmt) -> tuple[list[ast.stmt], set[int]]:
    """The body of a ``try`` and the lines in it its handlers make safe from a gone name: its imports when
    one catches ``ImportError`` (a parent of it, or a bare ``except``: an optional import, ``except
    ImportError: from contextlib import nullcontext as graph_mode``), and its attribute reads when one
    names ``AttributeError`` (``try: m.graph_mode()`` / ``except AttributeError: m.graph_capture()``).
    ``with contextlib.suppress(ImportError):`` is the same ``try`` with an idle handler."""
    caught = _caught(stmt)
    if not caught:
        return [], set()
    body: list[ast.stmt] = stmt.body  # type: ignore[attr-defined]
    lines: set[int] = set()
    if any(handler_catches(c, IMPORT_ERRORS) for c in caught):
        # every line of a parenthesised import: each name's finding sits on its own line
        imports = [s for s in body if isinstance(s, ast.Import | ast.ImportFrom)]
        lines |= {n for s in imports for n in range(s.lineno, (s.end_lineno or s.lineno) + 1)}
    if any(handler_catches(c, frozenset({"AttributeError"}), bare=False) for c in caught):
        read = [(n, p) for s in body for n in ast.walk(s) if isinstance(n, ast.expr) and (p := _read_of(n)) is not None]
        lines |= {n.lineno for n, _ in read}
        # ``setattr(m, "f", v)`` raises nothing where m lacks f: guarded only behind a read of the same m.f
        pairs = {p for _, p in read}
        lines |= {n.lineno for s in body for n in ast.walk(s) if isinstance(n, ast.Call) and _set_of(n) in pairs}
    return (body, lines) if lines else ([], set())


def _caught(stmt: ast.stmt) -> list[ast.expr | None]:
    """What a ``try``'s handlers catch (None: a bare ``except``), or the classes a ``with suppress(...)``
    names: each a handler whose body is ``pass``."""
    if isinstance(stmt, ast.Try):
        return [h.type for h in stmt.handlers]
    if not isinstance(stmt, ast.With):
        return []
    calls = [i.context_expr for i in stmt.items if isinstance(i.context_expr, ast.Call)]
    return [arg for call in calls if ast.unparse(call.func).rsplit(".", 1)[-1] == "suppress" for arg in call.args]


def nothing_in_its_stead(stmt: ast.stmt) -> bool:
    """Every handler of ``AttributeError`` in a ``try`` is idle (``pass``, ``...``, a log line,
    ``continue``, ``break``, a bare ``return`` or one of None): nothing takes the try body's place, so
    when a name it reads is gone, the body's work stops happening and nothing says so.  (A ``hasattr``
    guard with no else is name drift's: its ``hasattr`` is always False now, an error.)"""
    if isinstance(stmt, ast.With):  # ``with suppress(AttributeError):``: its handler is idle
        return any(handler_catches(c, frozenset({"AttributeError"}), bare=False) for c in _caught(stmt))
    if not isinstance(stmt, ast.Try):
        return False
    handlers = [h for h in stmt.handlers if handler_catches(h.type, frozenset({"AttributeError"}), bare=False)]
    return bool(handlers) and all(_idle(h.body) for h in handlers)


LOG_CALLS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "info_once", "warning_once", "debug_once"}
)


def _idle(body: list[ast.stmt]) -> bool:
    def idle(stmt: ast.stmt) -> bool:
        if isinstance(stmt, ast.Pass | ast.Continue | ast.Break):
            return True
        if isinstance(stmt, ast.Return):
            return stmt.value is None or (isinstance(stmt.value, ast.Constant) and stmt.value.value is None)
        if not isinstance(stmt, ast.Expr):
            return False
        value = stmt.value
        if isinstance(value, ast.Constant):  # ``...`` or a string
            return True
        func = value.func if isinstance(value, ast.Call) else None
        return (isinstance(func, ast.Attribute) and func.attr in LOG_CALLS) or (
            isinstance(func, ast.Name) and func.id in ("print", "warn")
        )

    return all(idle(stmt) for stmt in body)


def handler_catches(caught: ast.expr | None, names: frozenset[str], bare: bool = True) -> bool:
    """The handler catches one of ``names`` (a bare ``except`` does when ``bare``): each class it names is read by
    its last dotted part, ``except (ImportError, mod.Error):`` naming ImportError and Error."""
    classes = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return any(ast.unparse(c).rsplit(".", 1)[-1] in names if c is not None else bare for c in classes)


def _stands_in(call: ast.Call, parent: ast.AST | None) -> bool:
    """``getattr(m, "graph_mode", nullcontext)()`` or ``except getattr(m, "Error", OtherError):``: the
    default is a function or class of the fork's choosing that takes the gone one's place, not a value read
    in its stead."""
    default = call.args[2]
    if not isinstance(default, ast.Name | ast.Attribute) or ast.unparse(default) == "None":
        return False
    return (isinstance(parent, ast.Call) and parent.func is call) or (
        isinstance(parent, ast.ExceptHandler) and parent.type is call
    )


def _holds(test: ast.expr, name: str) -> bool:
    """``test`` is true where ``name`` holds the member: ``name``, ``name is not None``, ``callable(name)``."""
    if isinstance(test, ast.Name):
        return test.id == name
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot):
        left, right = test.left, test.comparators[0]
        return (
            isinstance(left, ast.Name) and left.id == name and isinstance(right, ast.Constant) and right.value is None
        )
    return (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "callable"
        and len(test.args) == 1
        and isinstance(test.args[0], ast.Name)
        and test.args[0].id == name
    )


def _computed(node: ast.expr) -> bool:
    """``node`` computes a value of its own: it reads an attribute or calls something (not a bare constant)."""
    return any(isinstance(n, ast.Attribute | ast.Call) for n in ast.walk(node))


def _refilled(body: list[ast.stmt], held: str) -> bool:
    """``held = <a value read or computed elsewhere>`` at the top of ``body``: ``if pad is None: pad =
    config.pad_token_id`` stands in for what a getattr's default left, whatever object it reads."""
    return any(
        isinstance(stmt, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == held for t in stmt.targets)
        and _computed(stmt.value)
        for stmt in body
    )


def _chosen_over(node: ast.AST, held: str) -> bool:
    """``config.pad_token_id if pad is None else pad``: a conditional expression testing ``held`` whose one
    arm is ``held`` and whose other computes a value in its stead (#13240 stopped setting
    ``LlamaModel.padding_idx``; the fork's ``getattr(self.model, "padding_idx", None)`` falls back on the
    config's)."""
    if not isinstance(node, ast.IfExp) or not _reads_name(node.test, held):
        return False
    arms = (node.body, node.orelse)
    return any(isinstance(a, ast.Name) and a.id == held and _computed(b) for a, b in (arms, arms[::-1]))


def _reads_name(test: ast.expr, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(test))


def _before(node: ast.expr, boolop: ast.BoolOp) -> list[ast.expr]:
    """The operands of ``boolop`` before ``node``."""
    at = next(i for i, value in enumerate(boolop.values) if value is node)
    return boolop.values[:at]


def _probed_before(node: ast.expr, receiver: str, name: str) -> bool:
    """``node`` is ``getattr(receiver, "other", default)``: a probe of another name of the same object that
    yields its default, not AttributeError, where that name is absent (so the ``or`` goes on to ``name``)."""
    return (
        isinstance(node, ast.Call)
        and _accessed(node) not in (None, name)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) == 3
        and ast.unparse(node.args[0]) == receiver
    )


def _after(node: ast.expr, boolop: ast.BoolOp) -> list[ast.expr]:
    """The operands of ``boolop`` after ``node``."""
    at = next(i for i, value in enumerate(boolop.values) if value is node)
    return boolop.values[at + 1 :]


def _exits(body: list[ast.stmt]) -> bool:
    """The block ends in a return, a raise, a continue or a break (or a ``with`` whose body does)."""
    if body and isinstance(body[-1], ast.With | ast.AsyncWith):
        return _exits(body[-1].body)
    return bool(body) and isinstance(body[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)


def _later(stmt: ast.stmt, parents: dict[int, ast.AST]) -> list[ast.stmt]:
    """The statements after ``stmt`` in the block that holds it."""
    return _around(stmt, parents)[1]


def _around(stmt: ast.stmt, parents: dict[int, ast.AST]) -> tuple[list[ast.stmt], list[ast.stmt]]:
    """The statements before and after ``stmt`` in the block that holds it."""
    holder = parents.get(id(stmt))
    blocks = (
        [holder.body]
        if isinstance(holder, ast.Module)
        else child_blocks(holder)
        if isinstance(holder, ast.stmt)
        else []
    )
    for block in blocks:
        for at, sibling in enumerate(block):
            if sibling is stmt:
                return block[:at], block[at + 1 :]
    return [], []


def isinstance_guarded(
    node: ast.AST, subject: str, kind: Callable[[str], bool], parents: dict[int, ast.AST], every: bool = False
) -> bool:
    """``node`` runs only where ``isinstance(subject, K)`` holds, for a class K whose last name ``kind``
        accepts: in the body of an ``if`` or a conditional expression testing it (alone, or and-ed), or after it
    in an ``and``.  With ``every``, a test naming several classes counts only when ``kind`` accepts each
    (``isinstance(x, (Mine, Theirs))`` does not tell a ``Mine`` from a ``Theirs``)."""
    return _runs_where(node, parents, lambda test: _asks_isinstance(test, subject, kind, every))


def isinstance_asked(where: ast.AST, subject: str) -> bool:
    """``where`` asks ``isinstance(subject, K)`` somewhere, of any class K: it tells kinds apart."""
    return any(
        isinstance(node, ast.Call) and _asks_isinstance(node, subject, lambda _: True) for node in ast.walk(where)
    )


def caught_around(node: ast.AST, names: frozenset[str], parents: dict[int, ast.AST]) -> bool:
    """``node`` runs in the body of a ``try`` whose handler catches one of ``names`` (or a bare ``except``), or
    of a ``with contextlib.suppress(...)`` naming one."""
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(parent, ast.Try) and any(s is child for s in parent.body):
            if any(handler_catches(h.type, names) for h in parent.handlers):
                return True
        if isinstance(parent, ast.With) and any(_suppresses(item.context_expr, names) for item in parent.items):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _suppresses(context: ast.expr, names: frozenset[str]) -> bool:
    """``suppress(ValidationError)`` (``contextlib.`` or not): a ``try`` with that handler, spelled shorter."""
    if not (isinstance(context, ast.Call) and ast.unparse(context.func).rsplit(".", 1)[-1] == "suppress"):
        return False
    return any(handler_catches(arg, names, bare=False) for arg in context.args)


def hasattr_held(node: ast.AST, subject: str, name: str, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs only where ``hasattr(subject, "name")`` holds (``x.items() if hasattr(x, "items")``)."""
    return _runs_where(node, parents, lambda test: _asks_hasattr(test, subject, name))


def hasattr_ensured(node: ast.AST, subject: str, name: str, parents: dict[int, ast.AST]) -> bool:
    """``hasattr_held``, or ``node`` runs after an ``if not hasattr(subject, "name"):`` whose body exits (an
    early ``return``/``raise``), or in the ``else`` of such a test."""
    if hasattr_held(node, subject, name, parents):
        return True

    def denies(test: ast.expr) -> bool:
        negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
        return negated and _asks_hasattr(test.operand, subject, name)  # type: ignore[attr-defined]

    return _runs_unless(node, parents, denies)


def runs_tested(
    node: ast.AST, parents: dict[int, ast.AST], present: Callable[[ast.expr], bool], absent: Callable[[ast.expr], bool]
) -> bool:
    """``node`` runs where a ``present`` test held (an ``if``'s body, after it in an ``and``) or an ``absent``
    one failed (an ``else``, after it in an ``or``, the rest of a block after ``if absent: return``)."""
    return _runs_where(node, parents, present) or _runs_unless(node, parents, absent)


def _runs_where(node: ast.AST, parents: dict[int, ast.AST], asks: Callable[[ast.expr], bool]) -> bool:
    """``node`` sits in the true branch of a test ``asks`` accepts (an ``if``, a conditional expression, the
    operands of an ``and`` before it); a test that calls a one-line helper of the module is read through it
    too (drift/helper_guards.py)."""
    module = module_of(node, parents)
    child, parent = node, parents.get(id(node))
    while parent is not None:
        test = _true_branch_test(parent, child)
        if test is not None and _asked(test, module, asks):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _asked(test: ast.expr, module: ast.Module | None, asks: Callable[[ast.expr], bool]) -> bool:
    """``asks`` accepts ``test``, or the test ``test`` is once its calls of the module's one-line helpers are
    read through (``_has_experts(model)`` for ``hasattr(model, "get_expert_mapping")``)."""
    if asks(test):
        return True
    through = inlined(test, module)
    return through is not test and asks(through)


def hasattr_asked(test: ast.expr, subject: str, names: frozenset[str]) -> bool:
    """``hasattr(subject, "name")`` for one of ``names``, alone or and-ed."""
    return any(_asks_hasattr(test, subject, name) for name in names)


def _asks_hasattr(test: ast.expr, subject: str, name: str | None) -> bool:
    """``hasattr(subject, "name")`` (any name for None), alone or and-ed."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_asks_hasattr(value, subject, name) for value in test.values)
    return (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "hasattr"
        and len(test.args) == 2
        and ast.unparse(test.args[0]) == subject
        and (name is None or str_value(test.args[1]) == name)
    )


def isinstance_refuted(node: ast.AST, subject: str, kind: Callable[[str], bool], parents: dict[int, ast.AST]) -> bool:
    """``node`` runs only where ``isinstance(subject, K)`` is false, for a class K whose last name ``kind``
    accepts: in the ``else`` of an ``if`` or a conditional expression testing it, after it in an ``or``, or
    in the rest of the block after an ``if`` testing it whose body exits."""
    return _runs_unless(node, parents, lambda test: _asks_isinstance(test, subject, kind))


def hasattr_refuted(node: ast.AST, subject: str, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs only where some ``hasattr(subject, "...")`` is false: a version gate
    (``if hasattr(batch, "new_field"): return ...`` before the old spelling)."""
    return _runs_unless(node, parents, lambda test: _asks_hasattr(test, subject, None))


def hasattr_refuting(node: ast.AST, subject: str, parents: dict[int, ast.AST]) -> set[str]:
    """The names of the ``hasattr(subject, "...")`` tests that must be false for ``node`` to run."""
    names: set[str] = set()

    def asks(test: ast.expr) -> bool:
        if _asks_hasattr(test, subject, None) and isinstance(test, ast.Call):
            names.add(str_value(test.args[1]) or "")
        return False  # walk every enclosing test

    _runs_unless(node, parents, asks)
    return names - {""}


def held_refuting(node: ast.AST, subject: str, parents: dict[int, ast.AST]) -> set[str]:
    """The members the function probed first into a name, ``v = getattr(subject, "new", None)`` bound once, whose
    holding tests (``v``, ``v is not None``, ``callable(v)``) must be false for ``node`` to run: ``v if v is not
    None else <the old read>`` is ``hasattr``'s gate spelt with the value (review71: #50294 renamed
    ``FlashAttentionMetadata.mm_prefix_range_tensor``; the old read is the fallback of the new one's probe)."""
    func = parents.get(id(node))
    while func is not None and not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        func = parents.get(id(func))
    probes = _held_probes(func, subject) if func is not None else {}
    names: set[str] = set()

    def asks(test: ast.expr) -> bool:
        names.update(member for held, member in probes.items() if _holds(test, held))
        return False  # walk every enclosing test

    if probes:
        _runs_unless(node, parents, asks)
    return names


def _held_probes(func: ast.AST, subject: str) -> dict[str, str]:
    """held name -> member, for each ``held = getattr(subject, "member", default)`` the function binds once."""
    stores: dict[str, int] = {}
    probes: dict[str, str] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call)
            and _accessed(node.value) is not None
            and last_name(node.value.func) == "getattr"
            and len(node.value.args) == 3
            and ast.unparse(node.value.args[0]) == subject
        ):
            probes[node.targets[0].id] = _accessed(node.value) or ""
    return {held: member for held, member in probes.items() if stores.get(held) == 1 and member}


def _runs_unless(node: ast.AST, parents: dict[int, ast.AST], asks: Callable[[ast.expr], bool]) -> bool:
    """``node`` sits where a test ``asks`` accepts is false: the ``else`` of an ``if`` or a conditional
    expression, after it in an ``or``, or the rest of the block after an ``if`` whose body exits; a test that
    calls a one-line helper of the module is read through it too (drift/helper_guards.py)."""
    module = module_of(node, parents)
    child, parent = node, parents.get(id(node))
    while parent is not None:
        tests = _false_tests(parent, child, parents, lambda test: test)
        through = _false_tests(parent, child, parents, lambda test: inlined(test, module))
        tests += [t for t in through if not any(t is seen for seen in tests)]
        if any(asks(t) for t in _or_parts(tests)):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _false_tests(
    parent: ast.AST, child: ast.AST, parents: dict[int, ast.AST], read: Callable[[ast.expr], ast.expr]
) -> list[ast.expr]:
    """The tests that must be false for ``child`` to run under ``parent``, each as ``read`` gives it: the test
    of an ``if`` whose ``else`` holds it, the operand of an ``if not`` whose body holds it (``if not hasattr(x,
    "new"): x.old()``), the operands of an ``or`` before it, the tests of the exiting ``if``s before a
    statement."""
    if isinstance(parent, ast.If | ast.IfExp) and _in_orelse(parent, child):
        return [read(parent.test)]
    if isinstance(parent, ast.If | ast.IfExp) and (
        child is parent.body or (isinstance(parent.body, list) and any(s is child for s in parent.body))
    ):
        test = read(parent.test)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return [test.operand]
    if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.Or) and child in parent.values:
        return [read(v) for v in parent.values[: parent.values.index(child)]]
    if isinstance(child, ast.stmt):
        return [read(s.test) for s in _around(child, parents)[0] if isinstance(s, ast.If) and _exits(s.body)]
    return []


def _or_parts(tests: list[ast.expr]) -> list[ast.expr]:
    """The tests that are false where each of ``tests`` is: an ``or`` false is false in every operand
    (``if c is None or isinstance(c, list): return c``); an ``and`` false says nothing of one operand."""
    parts: list[ast.expr] = []
    for test in tests:
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
            parts += _or_parts(test.values)
        elif not isinstance(test, ast.BoolOp):
            parts.append(test)
    return parts


def match_refuted(
    node: ast.AST, subject: str, kind: Callable[[str], bool], sequence: bool, parents: dict[int, ast.AST]
) -> bool:
    """``node`` runs only where ``subject`` is of no class ``kind`` accepts, said by a ``match``: in an arm
    after an unguarded one whose pattern takes every such value (``case list():``, ``case [*_]:`` when
    ``sequence``), or after a ``match`` where such an arm exits (``case list(): return c``)."""
    child, parent = node, parents.get(id(node))
    while parent is not None:
        match = parents.get(id(parent))
        if isinstance(parent, ast.match_case) and isinstance(match, ast.Match) and any(s is child for s in parent.body):
            earlier = match.cases[: match.cases.index(parent)]
            if ast.unparse(match.subject) == subject and any(_takes(c, kind, sequence) for c in earlier):
                return True
        if isinstance(child, ast.stmt):
            before = [s for s in _around(child, parents)[0] if isinstance(s, ast.Match)]
            exiting = [c for s in before if ast.unparse(s.subject) == subject for c in s.cases if _exits(c.body)]
            if any(_takes(c, kind, sequence) for c in exiting):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def match_ensured(node: ast.AST, subject: str, kind: Callable[[str], bool], parents: dict[int, ast.AST]) -> bool:
    """``node`` runs only in an arm of a ``match`` on ``subject`` whose pattern takes nothing but instances of
    classes ``kind`` accepts (``case Mine():``, ``case Mine(x=1) | Yours():``, ``case Mine() as m:``)."""
    child, parent = node, parents.get(id(node))
    while parent is not None:
        match = parents.get(id(parent))
        if isinstance(parent, ast.match_case) and isinstance(match, ast.Match) and any(s is child for s in parent.body):
            if ast.unparse(match.subject) == subject and _takes_only(parent.pattern, kind):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def _takes_only(pattern: ast.pattern, kind: Callable[[str], bool]) -> bool:
    if isinstance(pattern, ast.MatchAs):
        return pattern.pattern is not None and _takes_only(pattern.pattern, kind)
    if isinstance(pattern, ast.MatchOr):
        return all(_takes_only(p, kind) for p in pattern.patterns)
    return isinstance(pattern, ast.MatchClass) and kind(ast.unparse(pattern.cls).rsplit(".", 1)[-1])


def _takes(case: ast.match_case, kind: Callable[[str], bool], sequence: bool) -> bool:
    """The arm takes every value of a class ``kind`` accepts: no guard, and a pattern that asks nothing more."""
    return case.guard is None and _takes_all(case.pattern, kind, sequence)


def _takes_all(pattern: ast.pattern, kind: Callable[[str], bool], sequence: bool) -> bool:
    if isinstance(pattern, ast.MatchAs):
        return pattern.pattern is None or _takes_all(pattern.pattern, kind, sequence)
    if isinstance(pattern, ast.MatchOr):
        return any(_takes_all(p, kind, sequence) for p in pattern.patterns)
    if isinstance(pattern, ast.MatchClass):
        bare = not pattern.patterns and not pattern.kwd_patterns
        return bare and kind(ast.unparse(pattern.cls).rsplit(".", 1)[-1])
    if isinstance(pattern, ast.MatchSequence):
        return sequence and len(pattern.patterns) == 1 and isinstance(pattern.patterns[0], ast.MatchStar)
    return False


def kind_ensured(
    node: ast.AST, subject: str, kind: Callable[[str], bool], parents: dict[int, ast.AST], every: bool = False
) -> bool:
    """``node`` runs only where ``subject`` is of a class K ``kind`` accepts, said other than by a plain
    ``isinstance`` test: ``type(subject) is K``, the ``else`` of (or the rest after an exiting) ``if not
    isinstance(subject, K)``, or after ``assert isinstance(subject, K)``; ``every`` as for
    ``isinstance_guarded``."""
    if _runs_where(node, parents, lambda test: _asks_type(test, subject, kind, ast.Is | ast.Eq)):
        return True
    module = module_of(node, parents)
    child, parent = node, parents.get(id(node))
    while parent is not None:
        tests: list[ast.expr] = []
        if isinstance(parent, ast.If | ast.IfExp) and _in_orelse(parent, child):
            tests = [parent.test]
        if isinstance(child, ast.stmt):
            before = _around(child, parents)[0]
            tests += [s.test for s in before if isinstance(s, ast.If) and _exits(s.body)]
            if any(
                isinstance(s, ast.Assert) and _asks_isinstance(inlined(s.test, module), subject, kind, every)
                for s in before
            ):
                return True
        if any(_denies(inlined(test, module), subject, kind, every) for test in tests):
            return True
        child, parent = parent, parents.get(id(parent))
    return False


def _in_orelse(parent: ast.If | ast.IfExp, child: ast.AST) -> bool:
    return child is parent.orelse or (isinstance(parent.orelse, list) and any(s is child for s in parent.orelse))


def _denies(test: ast.expr, subject: str, kind: Callable[[str], bool], every: bool = False) -> bool:
    """``test`` is false only where ``subject`` is of such a class: ``not isinstance(subject, K)``, ``type(
    subject) is not K``, or-ed with anything."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return any(_denies(value, subject, kind, every) for value in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _asks_isinstance(test.operand, subject, kind, every) or _asks_type(
            test.operand, subject, kind, ast.Is | ast.Eq
        )
    return _asks_type(test, subject, kind, ast.IsNot | ast.NotEq)


def _asks_type(test: ast.expr, subject: str, kind: Callable[[str], bool], ops: type | UnionType) -> bool:
    """``type(subject) is K`` (``ops`` the comparisons that count), alone or and-ed."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_asks_type(value, subject, kind, ops) for value in test.values)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ops)):
        return False
    pair = (test.left, test.comparators[0])
    return any(type_of(a, subject) and kind(ast.unparse(b).rsplit(".", 1)[-1]) for a, b in (pair, pair[::-1]))


def _asks_type_in(
    test: ast.expr, subject: str, kind: Callable[[str], bool], op: type[ast.cmpop], every: bool = False
) -> bool:
    """``type(subject) in (K, L)`` (``op`` ``in`` or ``not in``; a list or a set display too): ``type(subject)
    is K or type(subject) is L`` spelled shorter."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], op)):
        return False
    options = test.comparators[0]
    return (
        type_of(test.left, subject)
        and isinstance(options, ast.Tuple | ast.List | ast.Set)
        and (all if every else any)(kind(ast.unparse(c).rsplit(".", 1)[-1]) for c in options.elts)
    )


def _classes(spec: ast.expr) -> list[ast.expr]:
    """The classes an ``isinstance`` second argument names: a tuple, or a PEP 604 union ``list | tuple``."""
    if isinstance(spec, ast.Tuple):
        return [c for e in spec.elts for c in _classes(e)]
    if isinstance(spec, ast.BinOp) and isinstance(spec.op, ast.BitOr):
        return _classes(spec.left) + _classes(spec.right)
    return [spec]


def type_of(node: ast.AST, subject: str) -> bool:
    """``node`` is ``type(subject)``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "type"
        and len(node.args) == 1
        and ast.unparse(node.args[0]) == subject
    )


def _true_branch_test(parent: ast.AST, child: ast.AST) -> ast.expr | None:
    """The test of ``parent`` (an ``if`` or a conditional expression) when ``child`` is in its true branch;
    of an ``and``, the operands before ``child`` (``isinstance(x, K) and x.name``)."""
    if isinstance(parent, ast.If) and any(stmt is child for stmt in parent.body):
        return parent.test
    if isinstance(parent, ast.IfExp) and parent.body is child:
        return parent.test
    if isinstance(parent, ast.BoolOp) and isinstance(parent.op, ast.And) and child in parent.values:
        return (
            ast.BoolOp(ast.And(), parent.values[: parent.values.index(child)])
            if child is not parent.values[0]
            else None
        )
    return None


# kind tests spelled other than ``isinstance(x, K)``: a predicate of one kind (``torch.is_tensor(x)``)
_KIND_PREDICATES = {"is_tensor": "Tensor"}


def _asks_isinstance(test: ast.expr, subject: str, kind: Callable[[str], bool], every: bool = False) -> bool:
    """``isinstance(subject, K)``, ``torch.is_tensor(subject)`` or ``type(subject) is K`` (``==`` too; a
    subclass of K aside, it holds where ``isinstance`` does), alone, and-ed, or or-ed with another such test."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_asks_isinstance(value, subject, kind, every) for value in test.values)
    if isinstance(test, ast.BoolOp):  # ``isinstance(x, Tensor) or isinstance(x, ndarray)``: every operand asks
        return all(_asks_isinstance(value, subject, kind, every) for value in test.values)
    if _asks_type(test, subject, kind, ast.Is | ast.Eq) or _asks_predicate(test, subject, kind):
        return True
    if _asks_type_in(test, subject, kind, ast.In, every):
        return True
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"):
        return False
    if len(test.args) != 2 or ast.unparse(test.args[0]) != subject:
        return False
    return (all if every else any)(kind(ast.unparse(c).rsplit(".", 1)[-1]) for c in _classes(test.args[1]))


def _asks_predicate(test: ast.expr, subject: str, kind: Callable[[str], bool]) -> bool:
    """``is_tensor(subject)`` (``torch.`` or not) for a kind ``kind`` accepts."""
    if not (isinstance(test, ast.Call) and len(test.args) == 1 and not test.keywords):
        return False
    held = _KIND_PREDICATES.get(last_name(test.func))
    return held is not None and ast.unparse(test.args[0]) == subject and kind(held)


# what a call that no longer fits (or is handed the wrong kind) raises, and the handlers that catch it
CALL_ERRORS = frozenset({"TypeError", "AttributeError", "Exception", "BaseException"})
_SIGNATURE_READERS = frozenset({"signature", "getfullargspec", "getargspec", "get_type_hints", "get_annotations"})
# what a callable carries of its signature, read off it (``fused_experts.__annotations__.get("activation")``)
_SIGNATURE_DUNDERS = frozenset({"__annotations__", "__code__", "__defaults__", "__kwdefaults__", "__signature__"})


_EXPECTERS = frozenset({"raises", "assertRaises"})


def expects_misfit(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` sits in a ``with pytest.raises(K)`` (``self.assertRaises(K)``) block whose ``K`` is what a call
    handed the wrong thing raises (``CALL_ERRORS``): a test written to see the call refused."""
    at: ast.AST | None = node
    while at is not None and not isinstance(at, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(at, ast.With | ast.AsyncWith):
            for item in at.items:
                expr = item.context_expr
                if (
                    isinstance(expr, ast.Call)
                    and ast.unparse(expr.func).rsplit(".", 1)[-1] in _EXPECTERS
                    and expr.args
                    and handler_catches(expr.args[0], CALL_ERRORS, bare=False)
                ):
                    return True
        at = parents.get(id(at))
    return False


def call_guarded(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """``call`` runs in a ``try`` whose handler catches what a misfit raises and does something in its stead
    (``try: pool.touch((b,)) except AttributeError: pool.touch(b)``; not a log line, a ``pass`` or a
    ``raise``), or in a branch of a test of its callee's signature (``if "x" in
    inspect.signature(pool.touch).parameters:``): the fork wrote it for both spellings."""
    callee = ast.unparse(call.func)
    method = callee.rsplit(".", 1)[-1]
    flags = _module_names(parents, call, lambda value: _reads_signature(value, method, callee))

    def asks(test: ast.expr) -> bool:
        # the signature is often read off the class (``signature(BlockPool.touch)``), or once into a module
        # flag (``_GROUPED = "tuple" in str(signature(BlockPool.touch))``): the method's name is what counts
        return _reads_signature(test, method, callee) or any(
            isinstance(n, ast.Name) and n.id in flags for n in ast.walk(test)
        )

    return (
        _replaced_around(call, parents)
        or _fallback_of(call, parents)
        or _runs_where(call, parents, asks)
        or _runs_unless(call, parents, asks)
    )


# what a call of an instance runs: a signature read of one of these off the instance is one of the call's
_INSTANCE_CALLS = frozenset({"__call__", "forward"})
# what a call of a class runs: a signature read of one of these off the class is one of the call's
_CLASS_CALLS = frozenset({"__init__", "__new__"})


def _reads_signature(node: ast.AST, method: str, callee: str = "") -> bool:
    """``node`` reads the signature of a callable named ``method`` (``inspect.signature(pool.touch)``), or,
    for a called instance (``self.model(...)``), of what its call runs (``signature(self.model.forward)``),
    or, for a called class, of the constructor its call runs (``signature(CompilerManager.__init__)``); or
    reads what the callable carries of it (``fused_experts.__annotations__``, ``get_type_hints(...)``)."""
    return any(_carried(n, method) or _signature_call(n, method, callee) for n in ast.walk(node))


def _signature_call(n: ast.AST, method: str, callee: str) -> bool:
    """``n`` is a signature reader's call on the callable (``inspect.signature(pool.touch)``)."""
    return (
        isinstance(n, ast.Call)
        and bool(n.args)
        and ast.unparse(n.func).rsplit(".", 1)[-1] in _SIGNATURE_READERS
        and (
            ast.unparse(n.args[0]).rsplit(".", 1)[-1] == method
            or (
                isinstance(n.args[0], ast.Attribute)
                and n.args[0].attr in _INSTANCE_CALLS
                and ast.unparse(n.args[0].value) == callee
            )
            or (
                isinstance(n.args[0], ast.Attribute)
                and n.args[0].attr in _CLASS_CALLS
                and ast.unparse(n.args[0].value).rsplit(".", 1)[-1] == method
            )
        )
    )


def _carried(node: ast.AST, method: str) -> bool:
    """``node`` reads what a callable named ``method`` carries of its signature (``f.__annotations__``)."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr in _SIGNATURE_DUNDERS
        and ast.unparse(node.value).rsplit(".", 1)[-1] == method
    )


def _fallback_of(call: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """``call`` runs in a handler catching ``CALL_ERRORS`` of a ``try`` whose body calls the same callee
    (``try: pool.touch(blocks) except TypeError: pool.touch((blocks,))``): the fork tries both spellings."""
    callee = ast.unparse(call.func)
    child: ast.AST = call
    parent = parents.get(id(call))
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if (
            isinstance(child, ast.ExceptHandler)
            and isinstance(parent, ast.Try)
            and handler_catches(child.type, CALL_ERRORS)
        ):
            calls = (n for stmt in parent.body for n in ast.walk(stmt) if isinstance(n, ast.Call))
            if any(ast.unparse(n.func) == callee for n in calls):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def _replaced_around(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs in the body of a ``try`` (in its function) a handler of which catches ``CALL_ERRORS``
    and runs other code in the body's stead."""
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(parent, ast.Try) and any(s is child for s in parent.body):
            if any(handler_catches(h.type, CALL_ERRORS) and _stands_in_for(h.body) for h in parent.handlers):
                return True
        child, parent = parent, parents.get(id(parent))
    return False


def _stands_in_for(body: list[ast.stmt]) -> bool:
    """A handler's body does work of its own: neither idle (a log line, ``pass``) nor raising on."""
    return not _idle(body) and not any(isinstance(stmt, ast.Raise) for stmt in body)


def catches(stmt: ast.stmt, names: frozenset[str]) -> bool:
    """A ``try`` (or ``with suppress(...)``) one of whose handlers catches one of ``names`` or is bare."""
    return any(handler_catches(c, names) for c in _caught(stmt))


def version_gated(
    node: ast.AST, parents: dict[int, ast.AST], names: Callable[[ast.AST], bool] | None = None, raises: bool = True
) -> bool:
    """``node`` sits under an ``if`` (either branch, or a conditional expression) whose test compares or calls
    something named for a version (``__version__ < "0.9.1"``, ``version.parse(v) >= ...``) or reads a
    module-level name bound from one (``OLD = pkg.__version__ < "0.12"``; ``if OLD:``), or after such an ``if``
    of its own block that returns or raises: the fork keeps a path per upstream release, and which path runs
    after the merge is not read here.  ``names`` says which nodes name a version (default: any name or
    attribute with "version" in it; gated_lines asks for the upstream package's own version only).  Without
    ``raises``, an earlier ``if`` that only raises (``if V < "0.10": raise ImportError``: a requirement, not a
    path per release) gates nothing after it."""
    names = names or _names_version
    flags = functools.cache(lambda: _version_flags(parents, node, names))  # read only when a test names no version
    child, up = node, parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.If | ast.IfExp) and _asks_version(up.test, flags, names):
            return True
        if isinstance(child, ast.stmt) and _gated_before(child, parents, flags, names, raises):
            return True
        child, up = up, parents.get(id(up))
    return False


def _gated_before(
    stmt: ast.stmt,
    parents: dict[int, ast.AST],
    flags: Callable[[], set[str]],
    names: Callable[[ast.AST], bool],
    raises: bool,
) -> bool:
    """An earlier statement of ``stmt``'s block is a version ``if`` that leaves it (``return``, or ``raise``
    when ``raises``)."""
    earlier, _ = _around(stmt, parents)
    leaves = (ast.Return, ast.Raise) if raises else (ast.Return,)
    return any(
        isinstance(s, ast.If)
        and _asks_version(s.test, flags, names)
        and any(isinstance(n, leaves) for n in ast.walk(s))
        for s in earlier
    )


def _version_flags(parents: dict[int, ast.AST], node: ast.AST, names: Callable[[ast.AST], bool]) -> set[str]:
    """The names bound from a version: module-level ones (``OLD = pkg.__version__ < "0.12"``, ``V =
    pkg.__version__``); since review44 also a top-level helper whose one ``return`` reads one (``def
    _new_torch(): return torch.__version__ >= "2.9"``, asked as ``if _new_torch():``), a name of the
    enclosing function every binding of which reads one (``old = torch.__version__ < "2.9"``; ``if old:``),
    and an imported name ``names`` says is one."""

    def reads(value: ast.expr) -> bool:
        return any(names(m) for m in ast.walk(value))

    return (
        _module_names(parents, node, reads)
        | _version_helpers(parents, node, reads)
        | _local_flags(parents, node, reads)
        | _imported_names(parents, node, names)
    )


def _imported_names(parents: dict[int, ast.AST], node: ast.AST, names: Callable[[ast.AST], bool]) -> set[str]:
    """The names ``node``'s module imports at its top level that ``names`` says are a version (a flag of a
    fork's compat module, ``from compat import NEW_TORCH``, tested bare: ``if NEW_TORCH:``)."""
    module = module_of(node, parents)
    imported = (
        alias.asname or alias.name
        for stmt in (module.body if module is not None else [])
        if isinstance(stmt, ast.ImportFrom)
        for alias in stmt.names
    )
    return {name for name in imported if names(ast.Name(id=name, ctx=ast.Load()))}


def _version_helpers(parents: dict[int, ast.AST], node: ast.AST, reads: Callable[[ast.expr], bool]) -> set[str]:
    """The top-level functions of ``node``'s module whose body (a docstring aside) is one ``return`` of a value
    ``reads`` accepts."""
    module = module_of(node, parents)
    found = set()
    for stmt in module.body if module is not None else []:
        if not isinstance(stmt, ast.FunctionDef):
            continue
        body = (
            stmt.body[1:]
            if isinstance(stmt.body[0], ast.Expr) and isinstance(stmt.body[0].value, ast.Constant)
            else stmt.body
        )
        if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None and reads(body[0].value):
            found.add(stmt.name)
    return found


def _local_flags(parents: dict[int, ast.AST], node: ast.AST, reads: Callable[[ast.expr], bool]) -> set[str]:
    """The names of the function ``node`` sits in whose every binding is an assignment of a value ``reads``
    accepts (a name bound otherwise too, a loop's target say, is no flag)."""
    func: ast.AST | None = parents.get(id(node))
    while func is not None and not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        func = parents.get(id(func))
    if func is None:
        return set()
    stores: dict[str, int] = {}
    flagged: dict[str, int] = {}
    for sub in ast.walk(func):
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
            stores[sub.id] = stores.get(sub.id, 0) + 1
        if isinstance(sub, ast.Assign | ast.AnnAssign) and sub.value is not None and reads(sub.value):
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    flagged[target.id] = flagged.get(target.id, 0) + 1
    return {name for name, count in flagged.items() if stores.get(name) == count}


def _module_names(parents: dict[int, ast.AST], node: ast.AST, bound_from: Callable[[ast.expr], bool]) -> set[str]:
    """The module-level names of ``node``'s module bound from a value ``bound_from`` accepts."""
    root: ast.AST | None = node
    while root is not None and not isinstance(root, ast.Module):
        root = parents.get(id(root))
    if root is None:
        return set()
    return {
        target.id
        for stmt in root.body
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None and bound_from(stmt.value)
        for target in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
        if isinstance(target, ast.Name)
    }


def _asks_version(test: ast.expr, flags: Callable[[], set[str]], names: Callable[[ast.AST], bool]) -> bool:
    return any(
        isinstance(n, ast.Compare | ast.Call) and any(names(m) for m in ast.walk(n)) for n in ast.walk(test)
    ) or any(isinstance(n, ast.Name) and n.id in flags() for n in ast.walk(test))


def _names_version(node: ast.AST) -> bool:
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return "version" in name.lower()


def key_held(node: ast.AST, key: str, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs only where a test says the literal ``key`` is there: the true branch of ``if "key" in
    table``, ``if table.get("key")`` or ``if table.count("key")`` (a list's: revCK, #32697's dropped ``"rtn"``;
    and-ed or not), the false one of ``"key" not in table``, or the rest of the block after an ``if "key" not
    in table:`` that exits."""
    return _runs_where(node, parents, lambda test: _asks_key(test, key, ast.In)) or _runs_unless(
        node, parents, lambda test: _asks_key(test, key, ast.NotIn)
    )


_HOLDS = frozenset({"get", "count"})  # a call on the table whose truth says the key is there


def _asks_key(test: ast.expr, key: str, op: type[ast.cmpop]) -> bool:
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_asks_key(value, key, op) for value in test.values)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], op):
        return str_value(test.left) == key
    got = isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr in _HOLDS
    return op is ast.In and got and bool(test.args) and str_value(test.args[0]) == key  # type: ignore[attr-defined]


def probed_either_way(node: ast.AST, subject: str, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs under a test that asks what ``subject`` takes or has (``inspect.signature(subject)``,
    ``hasattr(subject, ...)``), in either branch, or after such an ``if`` that exits: the fork tells two
    shapes of the same object apart."""

    return _probed(node, subject, parents, _PROBES)


def shape_probed(node: ast.AST, subject: str, parents: dict[int, ast.AST]) -> bool:
    """``probed_either_way``, a ``getattr(subject, ...)`` or ``isinstance(subject, ...)`` test counting too
    (``getattr(st, "hidden", None) or st[2]``): the fork tells two kinds of the same value apart."""
    return _probed(node, subject, parents, _PROBES | {"getattr", "isinstance"})


def _probed(node: ast.AST, subject: str, parents: dict[int, ast.AST], probes: frozenset[str]) -> bool:
    def asks(test: ast.expr) -> bool:
        return any(_probes(n, subject, probes) for n in ast.walk(test))

    return _runs_where(node, parents, asks) or _runs_unless(node, parents, asks)


_PROBES = frozenset({"signature", "getfullargspec", "getargspec", "hasattr"})


def _probes(node: ast.AST, subject: str, probes: frozenset[str]) -> bool:
    if not (isinstance(node, ast.Call) and node.args and ast.unparse(node.args[0]) == subject):
        return False
    return ast.unparse(node.func).rsplit(".", 1)[-1] in probes


_DATACLASS_READERS = frozenset({"is_dataclass", "fields"})


def dataclass_tested(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` runs in a branch of a test of whether a class is a dataclass (``if is_dataclass(Base):``,
    ``hasattr(Base, "__dataclass_fields__")``): the fork wrote it for the class before and after upstream
    made it one (#16577 made the structured-output backends dataclasses)."""
    return _runs_where(node, parents, _asks_dataclass) or _runs_unless(node, parents, _asks_dataclass)


def _asks_dataclass(test: ast.expr) -> bool:
    return any(
        (isinstance(n, ast.Call) and ast.unparse(n.func).rsplit(".", 1)[-1] in _DATACLASS_READERS)
        or (isinstance(n, ast.Constant) and n.value == "__dataclass_fields__")
        or (isinstance(n, ast.Attribute) and n.attr == "__dataclass_fields__")
        for n in ast.walk(test)
    )


def len_checked(node: ast.AST, asked: Callable[[ast.expr], bool], parents: dict[int, ast.AST]) -> bool:
    """``node`` sits under an ``if`` (or a conditional expression), in either branch, whose test asks the ``len``
    of a value ``asked`` accepts (``if len(self.queue[-1]) == 2:``): the fork may already split on the layout,
    which branch runs is not read here."""
    child, up = node, parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.If | ast.IfExp) and child is not up.test and _asks_len(up.test, asked):
            return True
        child, up = up, parents.get(id(up))
    return False


def _asks_len(test: ast.expr, asked: Callable[[ast.expr], bool]) -> bool:
    return any(
        isinstance(n, ast.Call) and last_name(n.func) == "len" and bool(n.args) and asked(n.args[0])
        for n in ast.walk(test)
    )


def split_names(node: ast.AST, parents: dict[int, ast.AST]) -> frozenset[str]:
    """The names an enclosing ``if`` (either branch) asks after, or an earlier ``if`` of an enclosing block that
    leaves (returns or raises): ``hasattr(mod, "Launch")`` or ``Launch is not None`` (bound ``None`` where its
    import failed) gives ``Launch``: the fork may keep a path per upstream release, split on whether the name
    exists, and which path runs after the merge is not read here."""
    found: set[str] = set()
    child, up = node, parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.If | ast.IfExp) and child is not up.test:
            found |= _asked_names(up.test)
        if isinstance(child, ast.stmt):
            earlier, _ = _around(child, parents)
            found |= {n for s in earlier if isinstance(s, ast.If) and _leaves(s) for n in _asked_names(s.test)}
        child, up = up, parents.get(id(up))
    return frozenset(found)


def _leaves(stmt: ast.If) -> bool:
    return any(isinstance(n, ast.Return | ast.Raise) for n in ast.walk(stmt))


def _asked_names(test: ast.expr) -> set[str]:
    """``hasattr(x, "N")``/``getattr(x, "N", ...)`` -> N; ``N is (not) None`` -> N; a bare ``N`` (or ``not N``)."""
    found: set[str] = set()
    bare = test.operand if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) else test
    if isinstance(bare, ast.Name):
        found.add(bare.id)
    for n in ast.walk(test):
        if isinstance(n, ast.Call) and last_name(n.func) in ("hasattr", "getattr") and len(n.args) >= 2:
            found.add(str_value(n.args[1]) or "")
        elif isinstance(n, ast.Compare) and isinstance(n.left, ast.Name):
            none = any(isinstance(c, ast.Constant) and c.value is None for c in n.comparators)
            found |= {n.left.id} if none and all(isinstance(o, ast.Is | ast.IsNot) for o in n.ops) else set()
    return found - {""}
