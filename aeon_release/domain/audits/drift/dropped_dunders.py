"""Dropped-dunder drift: upstream removed a protocol method (``__reversed__``, ``__len__``, ``__enter__``...) from
a class, and nothing along its bases defines it now.

#32173 removed ``__reversed__`` from ``RequestQueue`` (an abstract method) and from both queues.  The
deque-backed ``FCFSRequestQueue`` still reverses (``deque`` brings its own), but ``PriorityRequestQueue``'s bases
are ``RequestQueue`` and ``ABC``: a fork's ``reversed(queue)`` of a value typed ``PriorityRequestQueue`` now raises
``TypeError``, and a fork subclass's ``super().__reversed__()`` raises ``AttributeError``.  Symbol drift leaves
dunders alone (``object`` and the metaclass define many, and the interpreter calls them in ways no text search
sees), so both merged quietly.

Upstream's side: a class of a changed file whose body defined the dunder at the base and does not now, where the
class's whole order is known and lacks it: the classes of its own module (none defining it, no metaclass keyword,
no decorator but ``dataclass``) and the outside bases ``object``, ``ABC`` and ``Generic``; ``object`` itself must
lack the dunder, and the module must not patch it onto the class after its body.  Any other outside base
(``deque``, ``dict``, ``nn.Module``) may bring it: quiet.

The fork's side, on lines it wrote: ``super().D(...)`` in a class deriving from that class alone (no other base
but ``object``/``ABC``/``Generic``); in such a class's methods, when it does not define the dunder and no fork class
derives from it, the protocol uses of ``self`` below; and, in a function with a parameter annotated as the
class (``X``, ``X | None``, ``Optional[X]``, ``"X"``) and never rebound, the protocol use of the parameter that
needs the dunder: ``reversed(p)``, ``len(p)``, ``iter(p)``, ``next(p)``, ``for _ in p``, ``_ in p``, ``p[...]``,
``with p``, or ``p.D(...)``.  Python's fallbacks keep a use quiet when the class still has them (``reversed`` over ``__len__``
and ``__getitem__``, iteration and ``in`` over ``__getitem__``, ``in`` over ``__iter__``), as does a class with an
abstract method left (its values are subclasses', which may define the dunder), a class a fork subclass defines
the dunder on (a parameter typed as the class may hold the fork's value), one whose order has a ``__getattr__``
(an explicit ``x.__name__`` read may be made up), a class a fork file patches the dunder back onto
(``X.__reversed__ = f``, ``setattr(X, "__reversed__", f)``), a use inside a ``try`` catching
``TypeError``/``AttributeError`` (or a parent) or a ``with`` expecting or swallowing it (``pytest.raises``,
``suppress``), one under an ``if`` asking ``hasattr``, naming the dunder or asking ``isinstance`` of the value
against another class (or after such an ``if`` whose body exits), and one under ``if TYPE_CHECKING:``.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import catches, runs_tested
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returned_members import patched_after
from aeon_release.domain.audits.drift.returns import is_super, name_users
from aeon_release.domain.audits.drift.sides import ThreeTrees, added_names_a_class, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parsed_expression

_MOST_FILES = 32
# a removed line defining a dunder (anchored, one pass: the name's \w+ stops at the parenthesis)
_DEF = lazy_pattern(r"\s*(?:async\s+)?def\s+(__\w+__)\s*\(")
# a protocol method's name: a plain method dropped beside one is symbol drift's, not this check's
_DUNDER = lazy_pattern(r"__\w+__")
# dunders other checks own (constructors, class hooks) or that make up attributes: not protocol methods
_SKIP = frozenset({"__init__", "__new__", "__init_subclass__", "__post_init__", "__class_getitem__", "__getattr__"})
# outside bases that bring no protocol method object lacks
_BARE = frozenset({"object", "ABC", "Generic"})
_DYNAMIC = frozenset({"__getattr__", "__getattribute__"})
_DECORATORS = frozenset({"dataclass", "dataclasses.dataclass"})
_ERRORS = frozenset({"TypeError", "AttributeError", "Exception", "BaseException"})
# context managers that expect or swallow the error their block raises
_EXPECTING = frozenset({"raises", "assertRaises", "assertRaisesRegex", "suppress"})
# builtin -> the dunder it calls on its argument
_BUILTINS = {"reversed": "__reversed__", "len": "__len__", "iter": "__iter__", "next": "__next__", "abs": "__abs__"}
# dunder -> the sets of dunders each of which, all present, is Python's fallback for it
_FALLBACKS: dict[str, tuple[frozenset[str], ...]] = {
    "__reversed__": (frozenset({"__len__", "__getitem__"}),),
    "__iter__": (frozenset({"__getitem__"}),),
    "__contains__": (frozenset({"__iter__"}), frozenset({"__getitem__"})),
}
_SUBSCRIPT = {ast.Load: "__getitem__", ast.Store: "__setitem__", ast.Del: "__delitem__"}
Use = tuple[int, str, "Dropped"]  # (line, how the use reads, the loss it meets)


@dataclass(frozen=True)
class Dropped:
    """``cls`` (of ``path``, at ``line`` upstream) lost ``dunder``; ``now``: the dunders its order still defines;
    ``concrete``: no abstract method is left along it."""

    path: str
    cls: str
    dunder: str
    line: int
    now: frozenset[str]
    concrete: bool


def dropped_dunder_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    removed = {p: _removed_defs(trees.upstream[p].removed) for p in sorted(trees.upstream) if p.endswith(".py")}
    removed = {p: names for p, names in removed.items() if names}
    if not removed:
        return []
    candidates = sorted(removed)[:_MOST_FILES]
    # perf35: every finding's fork file has an added line naming the class that lost a dunder (``name_users``), a
    # class of its candidate's base: a fork naming none parses nothing (the parses were the check's ~18 ms)
    if not added_names_a_class(trees, candidates):
        return []
    wanted = set().union(*removed.values())

    def keep(old: str, new: str) -> bool:
        return any(new.count(f"def {d}(") < old.count(f"def {d}(") for d in wanted)

    dropped = [d for v in parsed_texts(trees, candidates, keep) for d in _dropped(v.path, v.old, v.new)]
    if not dropped:
        return []
    users = list(name_users(trees, {d.cls for d in dropped}))
    # a fork's shim patching the dunder back onto the class (``X.__reversed__ = ...``) keeps every use working
    patched = {d for path, module, _ in users for d in _patched(path, module, dropped)}
    dropped = [d for d in dropped if d not in patched]
    # a fork subclass that defines the dunder may be what a parameter typed as the class holds
    redefined = {d for path, module, _ in users for d in _redefined(path, module, dropped)}
    derived = _derived(trees, users, {d.cls for d in dropped})
    findings = []
    for path, module, owned in users:
        for line, what, d in _uses(path, module, owned, dropped, redefined, derived):
            findings.append(_finding(trees, path, line, what, d, pr_pattern))
    return findings


def _derived(trees: ThreeTrees, users: list[tuple[str, ast.Module, set[int]]], lost: set[str]) -> set[str]:
    """The fork classes deriving from a class that lost a dunder which a fork class of another file derives from
    in turn: their ``self`` may be that subclass's, which may define the dunder (a base the fork never builds)."""
    mine = {
        c.name
        for _, module, _ in users
        for c in ast.walk(module)
        if isinstance(c, ast.ClassDef) and any(ast.unparse(b).rsplit(".", 1)[-1] in lost for b in c.bases)
    }
    if not mine:
        return set()
    bases = {
        ast.unparse(b).rsplit(".", 1)[-1]
        for _, module, _ in name_users(trees, mine)
        for c in ast.walk(module)
        if isinstance(c, ast.ClassDef)
        for b in c.bases
    }
    return mine & bases


def _redefined(path: str, module: ast.Module, dropped: list[Dropped]) -> Iterator[Dropped]:
    imports = file_imports(module, path)
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        mine = _defined(cls)
        yield from (d for base in cls.bases for d in _named(base, path, imports, dropped) if d.dunder in mine)


def _patched(path: str, module: ast.Module, dropped: list[Dropped]) -> Iterator[Dropped]:
    """The losses a fork file gives back: ``X.D = f`` (or annotated) or ``setattr(X, "D", f)`` of the class."""
    imports = file_imports(module, path)
    for node in ast.walk(module):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(t, ast.Attribute):
                    yield from (d for d in _named(t.value, path, imports, dropped) if d.dunder == t.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            if len(node.args) == 3 and isinstance(node.args[1], ast.Constant):
                yield from (d for d in _named(node.args[0], path, imports, dropped) if d.dunder == node.args[1].value)


def _removed_defs(lines: list[str]) -> set[str]:
    return {m.group(1) for line in lines if (m := _DEF.match(line)) and m.group(1) not in _SKIP}


def _dropped(path: str, old: ast.Module, new: ast.Module) -> Iterator[Dropped]:
    before = {c.name: c for c in file_classes(old.body)}
    local = {c.name: c for c in file_classes(new.body)}
    for name, cls in local.items():
        was = before.get(name)
        lost = _defined(was) - _defined(cls) if was is not None else set()
        lost = {d for d in lost if _DUNDER.fullmatch(d) and d not in _SKIP and not hasattr(object, d)}
        order = _order(cls, local) if lost else None
        if order is None:
            continue
        now = frozenset().union(*(_defined(c) for c in order))
        if now & _DYNAMIC:
            continue  # an explicit ``x.__name__`` read may be made up at run time
        for dunder in sorted(lost - now):
            if not patched_after(new, name, dunder):
                yield Dropped(path, name, dunder, cls.lineno, now, not _abstract_left(order))


def _defined(cls: ast.ClassDef) -> set[str]:
    """The names a class body binds: defs, assignments (``__iter__ = _walk``)."""
    found: set[str] = set()
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            found.add(stmt.name)
        elif isinstance(stmt, ast.Assign):
            found |= {t.id for t in stmt.targets if isinstance(t, ast.Name)}
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            found.add(stmt.target.id)
    return found


def _order(
    cls: ast.ClassDef, local: dict[str, ast.ClassDef], seen: frozenset[str] = frozenset()
) -> list[ast.ClassDef] | None:
    """The class and its bases of the module, depth first; None when a base may bring members unseen (one outside
    the module but ``object``/``ABC``/``Generic``, a metaclass keyword, a decorator but ``dataclass``)."""
    if cls.keywords or any(_decorator(d) not in _DECORATORS for d in cls.decorator_list) or cls.name in seen:
        return None
    order = [cls]
    for base in cls.bases:
        node = base.value if isinstance(base, ast.Subscript) else base
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
        if isinstance(node, ast.Name) and name in local:
            more = _order(local[name], local, seen | {cls.name})
            if more is None:
                return None
            order += more
        elif name not in _BARE:
            return None
    return order


def _decorator(node: ast.expr) -> str:
    return ast.unparse(node.func if isinstance(node, ast.Call) else node)


def _abstract_left(order: list[ast.ClassDef]) -> bool:
    """A method marked abstract along ``order`` that no class before its marker defines plainly."""
    plain: set[str] = set()
    for cls in order:
        for stmt in cls.body:
            if not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            marked = any(_decorator(d).rsplit(".", 1)[-1].startswith("abstract") for d in stmt.decorator_list)
            if marked and stmt.name not in plain:
                return True
            plain.add(stmt.name)
    return False


def _uses(
    path: str,
    module: ast.Module,
    owned: set[int],
    dropped: list[Dropped],
    redefined: set[Dropped],
    derived: set[str],
) -> Iterator[Use]:
    imports = file_imports(module, path)
    parents = {id(child): node for node in ast.walk(module) for child in ast.iter_child_nodes(node)}

    def losses(expr: ast.expr | None) -> list[Dropped]:
        return _named(expr, path, imports, dropped)

    def held(expr: ast.expr | None) -> list[Dropped]:
        return [d for d in losses(expr) if d.concrete and d not in redefined]

    classes = [n for n in ast.walk(module) if isinstance(n, ast.ClassDef)]
    based = derived | {ast.unparse(b).rsplit(".", 1)[-1] for c in classes for b in c.bases}
    for node in ast.walk(module):
        if isinstance(node, ast.ClassDef):
            yield from _subclass_uses(node, owned, losses, parents, node.name in based)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _typed_uses(node, owned, held, parents)


def _named(
    expr: ast.expr | None, path: str, imports: dict[str, tuple[str, str]], dropped: list[Dropped]
) -> list[Dropped]:
    """The losses of the class an annotation or base names (imported, or the file's own when upstream's)."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        expr = parsed_expression(expr.value)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        sides = [s for s in (expr.left, expr.right) if not (isinstance(s, ast.Constant) and s.value is None)]
        expr = sides[0] if len(sides) == 1 else None
    if isinstance(expr, ast.Subscript) and ast.unparse(expr.value).rsplit(".", 1)[-1] == "Optional":
        expr = expr.slice
    if not isinstance(expr, ast.Name | ast.Attribute):
        return []
    origin = imported_origin(expr, imports)
    found = []
    for d in dropped:
        if origin is not None and origin[1] == d.cls:
            home = dotted_name(d.path, roots=("",))
            if home == origin[0] or home.startswith(origin[0] + "."):
                found.append(d)
        elif origin is None and path == d.path and isinstance(expr, ast.Name) and expr.id == d.cls:
            found.append(d)
    return found


def _subclass_uses(
    cls: ast.ClassDef,
    owned: set[int],
    losses: Callable[[ast.expr | None], list[Dropped]],
    parents: dict[int, ast.AST],
    subclassed: bool,
) -> Iterator[Use]:
    """``super().D(...)`` in a fork class whose one base (besides bare ones) lost ``D``, and its methods' protocol
    uses of ``self`` needing ``D`` (unless ``subclassed``: a class of the file derives from it)."""
    named = [b for b in cls.bases if ast.unparse(b).rsplit(".", 1)[-1] not in _BARE]
    if len(named) != 1 or cls.keywords:
        return
    lost = {d.dunder: d for d in losses(named[0])}
    if not subclassed:  # else ``self`` may be a subclass's, which may define the dunder
        yield from _self_uses(cls, owned, {k: d for k, d in lost.items() if d.concrete}, parents)
    for node in ast.walk(cls):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.lineno in owned):
            continue
        d = lost.get(node.func.attr)
        if d is not None and is_super(node.func.value) and not _guarded(node, parents, d, "super()"):
            yield node.lineno, f"calls super().{d.dunder}", d


def _self_uses(
    cls: ast.ClassDef, owned: set[int], lost: dict[str, Dropped], parents: dict[int, ast.AST]
) -> Iterator[Use]:
    """``reversed(self)``, ``len(self)``, ``self[i]``... in a method of a fork class that neither defines the
    dunder its base lost nor has Python's fallback for it."""
    own = frozenset(_defined(cls))
    for method in cls.body:
        if not isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef) or not method.args.args:
            continue
        if any(_decorator(d) in ("staticmethod", "classmethod") for d in method.decorator_list):
            continue
        me = method.args.args[0].arg
        if any(isinstance(n, ast.Name) and n.id == me and not isinstance(n.ctx, ast.Load) for n in ast.walk(method)):
            continue  # ``self`` rebound: another value
        for node in ast.walk(method):
            for target, dunder, what in _needs(node):
                line = getattr(node, "lineno", target.lineno)
                d = lost.get(dunder)
                if d is None or not (isinstance(target, ast.Name) and target.id == me and line in owned):
                    continue
                if dunder not in own and not _falls_back(d, own) and not _guarded(node, parents, d, me):
                    yield line, what.format(me), d


def _typed_uses(
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    owned: set[int],
    losses: Callable[[ast.expr | None], list[Dropped]],
    parents: dict[int, ast.AST],
) -> Iterator[Use]:
    """The protocol uses of ``func``'s parameters typed as a class that lost the dunder they need."""
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    typed = {a.arg: losses(a.annotation) for a in args}
    typed = {name: found for name, found in typed.items() if found}
    rebound = {n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store | ast.Del)}
    inner = [
        n
        for n in ast.walk(func)
        if n is not func and isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
    ]
    rebound |= {a.arg for n in inner for a in [*n.args.posonlyargs, *n.args.args, *n.args.kwonlyargs]}  # shadowed
    for name in rebound:
        typed.pop(name, None)
    if not typed:
        return
    for node in ast.walk(func):
        for target, dunder, what in _needs(node):
            line = getattr(node, "lineno", target.lineno)  # a comprehension's clause has no line of its own
            if not (isinstance(target, ast.Name) and target.id in typed and line in owned):
                continue
            for d in typed[target.id]:
                if d.dunder == dunder and not _falls_back(d) and not _guarded(node, parents, d, target.id):
                    yield line, what.format(target.id), d


def _needs(node: ast.AST) -> Iterator[tuple[ast.expr, str, str]]:
    """(the value, the dunder, how the use reads) for each protocol use ``node`` makes."""
    if isinstance(node, ast.Call) and node.args:
        if isinstance(node.func, ast.Name) and node.func.id in _BUILTINS:
            yield node.args[0], _BUILTINS[node.func.id], f"calls {node.func.id}({{}})"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr.startswith("__"):
        yield node.func.value, node.func.attr, f"calls {{}}.{node.func.attr}"
    if isinstance(node, ast.For | ast.comprehension) and not getattr(node, "is_async", 0):
        yield node.iter, "__iter__", "iterates over {}"
    if isinstance(node, ast.Compare):
        for op, right in zip(node.ops, node.comparators, strict=True):
            if isinstance(op, ast.In | ast.NotIn):
                yield right, "__contains__", "tests membership in {}"
    if isinstance(node, ast.Subscript):
        yield node.value, _SUBSCRIPT[type(node.ctx)], "subscripts {}"
    if isinstance(node, ast.With):
        for item in node.items:
            yield item.context_expr, "__enter__", "enters {}"


def _falls_back(d: Dropped, own: frozenset[str] = frozenset()) -> bool:
    return any(need <= d.now | own for need in _FALLBACKS.get(d.dunder, ()))


def _guarded(node: ast.AST, parents: dict[int, ast.AST], d: Dropped, subject: str) -> bool:
    """The fork wrote the use for a value that may lack the dunder: inside a ``try`` catching the error it raises
    (or a ``with`` expecting or suppressing it: ``pytest.raises(TypeError)``, ``suppress(TypeError)``), under an
    ``if`` asking ``hasattr``, naming the dunder or asking ``isinstance`` of ``subject`` but for the class itself
    (either branch, or the
    rest of a block after such an ``if`` exits), or in code that never runs (``if TYPE_CHECKING:``)."""
    at = parents.get(id(node))
    while at is not None:
        if (isinstance(at, ast.Try) and catches(at, _ERRORS)) or (isinstance(at, ast.With) and _expects(at)):
            return True
        if isinstance(at, ast.If | ast.IfExp) and (_asks(at.test, d, subject) or _checking_only(at.test)):
            return True
        at = parents.get(id(at))
    asks = functools.partial(_asks, d=d, subject=subject)
    return runs_tested(node, parents, asks, asks)


def _expects(stmt: ast.With) -> bool:
    """``with pytest.raises(TypeError):``, ``with self.assertRaises(...)``, ``with suppress(AttributeError):``:
    the block is written for the error (a test of the class without the dunder, or a fallback)."""
    for item in stmt.items:
        call = item.context_expr
        if isinstance(call, ast.Call) and ast.unparse(call.func).rsplit(".", 1)[-1] in _EXPECTING:
            classes = [e for a in call.args for e in (a.elts if isinstance(a, ast.Tuple) else [a])]
            if any(ast.unparse(c).rsplit(".", 1)[-1] in _ERRORS for c in classes):
                return True
    return False


def _asks(test: ast.expr, d: Dropped, subject: str) -> bool:
    """A test of whether the value has the dunder: ``hasattr``, one naming the dunder, an ``isinstance`` of the
    value against another class (``isinstance(queue, Reversible)``: the fork tells its kinds apart; against the
    class that lost the dunder, it only says the use meets the loss)."""
    text = ast.unparse(test)
    if "hasattr(" in text or d.dunder in text:
        return True
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "isinstance"
        and len(n.args) == 2
        and ast.unparse(n.args[0]) == subject
        and ast.unparse(n.args[1]).rsplit(".", 1)[-1] != d.cls
        for n in ast.walk(test)
    )


def _checking_only(test: ast.expr) -> bool:
    return ast.unparse(test).rsplit(".", 1)[-1] == "TYPE_CHECKING"


def _finding(trees: ThreeTrees, path: str, line: int, what: str, d: Dropped, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(d.path, rf"def {d.dunder}\(", pr_pattern)
    raises = "AttributeError" if what.startswith("calls super()") or ".__" in what else "TypeError"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"{what}, which needs {d.cls}.{d.dunder}: upstream removed it ({d.path}:{d.line}{commit}) and no class along "
        f"{d.cls}'s bases defines it now, so the use raises {raises}; define it in the fork's class or drop the use",
    )
