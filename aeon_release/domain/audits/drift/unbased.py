"""Unbased drift: upstream took a class out of another class's bases, and a fork ``isinstance`` still tests for it.

#25145 moved the shared cache code of ``RotaryEmbedding`` into a new ``RotaryEmbeddingBase`` and rebased the
multimodal, DeepSeek-scaled and vision ropes onto it: ``class MRotaryEmbedding(RotaryEmbedding)`` became
``class MRotaryEmbedding(RotaryEmbeddingBase)``, and ``RotaryEmbedding`` itself derives from the new base.  Every
member the fork reads is still there, so nothing is removed or renamed; but a fork class that builds
``self.rotary_emb = MRotaryEmbedding(...)`` and asks ``isinstance(self.rotary_emb, RotaryEmbedding)`` before its
own work merges cleanly, and the test that held at the base is False now: the branch never runs.

Upstream's side: a class of a changed file whose ``class`` line upstream rewrote, whose base at the merge base
named a class of the tree (imported, or of its own file) that its bases no longer name, and whose bases now are
known not to derive from it: each one followed through the tree's files (its own file, the modules its imports
name, a package's re-export) up to classes outside the tree (``nn.Module``, ``ABC``: no class of another package
derives from one of the tree's).  A base that cannot be followed (a star import, a name made at run time, a
depth past ``_DEEPEST``) keeps the change quiet, as does an old base upstream kept only as an alias (a class
renamed, its old name bound to the new one, which may be among the new bases) or removed (its import is symbol
drift's).

The fork's side, on lines it wrote: ``isinstance(v, L)`` (or a tuple holding ``L``) where ``v``'s class is known to
be the rebased class ``C`` -- ``self.x`` that every store of the fork class's methods binds to ``C(...)``, a local
bound once to ``C(...)``, or a parameter annotated ``C`` (``C | None``, ``Optional[C]``) and never rebound -- and
``issubclass(C, L)``.  Quiet: a test whose tuple names ``C`` or a class it still derives from, one ``or``-ed with
such a test of the same value, and a value of any other class (a fork subclass of ``C`` may list ``L`` itself).

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import name_users
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parse_python

_MOST_FILES = 32
_DEEPEST = 8
# a class line with its bases on it (anchored; ``[^)]*`` cannot backtrack into itself)
_CLASS = lazy_pattern(r"\s*class\s+(\w+)\s*\(([^)]*)\)")
_TESTS = frozenset({"isinstance", "issubclass"})


@dataclass(frozen=True)
class Unbased:
    """``cls`` (of ``path``, at ``line`` upstream) no longer derives from ``lost`` of module ``home``; ``kept``: the
    names of the classes it derives from now (itself included), any of which still answers a test for it."""

    path: str
    cls: str
    lost: str
    home: str
    line: int
    kept: frozenset[str]


def unbased_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    rewritten = {p: names for p in sorted(trees.upstream) if p.endswith(".py") and (names := _rewritten(trees, p))}
    words = trees.fork_words()
    if not rewritten or not _TESTS & words:
        return []
    # a class the fork names, or one whose lost base it names (a test of a value typed only as a common base)
    wanted = {
        p: wanted
        for p, names in rewritten.items()
        if (wanted := {n for n, lost in names.items() if {n, *lost} & words})
    }
    if not wanted:
        return []
    found = [
        u
        for v in parsed_texts(trees, sorted(wanted)[:_MOST_FILES])
        for u in _unbased(trees, v.path, v.old, v.new, wanted[v.path])
    ]
    found = [u for u in found if u.lost in words]
    if not found:
        return []
    findings = []
    for path, module, owned in name_users(trees, {u.lost for u in found}):
        for line, text, u, kind in _tests(path, module, owned, found):
            commit = trees.upstream_commit(u.path, rf"class {u.cls}\b", pr_pattern)
            if kind == _WIDE:
                findings.append(_wide_finding(path, line, text, u, commit))
                continue
            probe = kind == _PROBE
            said = (
                f"{text} asks whether a {u.cls} is a {u.lost}, but upstream took {u.lost} out of {u.cls}'s bases "
                f"({u.path}:{u.line}{commit}): the test held at the base and is False now"
            )
            if probe:  # the same answer on every run of one upstream: most often a probe of which upstream it is
                said += f"; right where it probes the upstream's version, else test {u.cls} or a class it derives from"
            else:
                said += (
                    f", so what it guards never runs (or always does, negated); test {u.cls} itself or a class it "
                    "derives from now"
                )
            findings.append(Finding(RULE, "merge", Severity.WARNING if probe else Severity.ERROR, path, line, said))
    return findings


_PROBE, _WIDE, _KNOWN = "probe", "wide", "known"


def _wide_finding(path: str, line: int, text: str, u: Unbased, commit: str) -> Finding:
    """A test of a value typed only as a class ``u.cls`` still derives from: the answer flips for a ``u.cls``."""
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"{text} asks whether a class it is handed is a {u.lost}, but upstream took {u.lost} out of {u.cls}'s bases "
        f"({u.path}:{u.line}{commit}): for a {u.cls} the test held at the base and is False now; check what the "
        f"fork meant {u.cls} to get, and test it by name if it still should",
    )


def _rewritten(trees: ThreeTrees, path: str) -> dict[str, set[str]]:
    """The classes of ``path`` whose ``class`` line upstream removed and added again with other bases, each with
    the base names its new line no longer spells."""
    change = trees.upstream[path]
    old = {m.group(1): m.group(2) for line in change.removed if (m := _CLASS.match(line))}
    if not old:
        return {}
    new = {m.group(1): m.group(2) for line in change.added.values() if (m := _CLASS.match(line))}
    return {
        name: _names(bases) - _names(new[name])
        for name, bases in old.items()
        if name in new and _names(new[name]) != _names(bases)
    }


def _names(bases: str) -> set[str]:
    return {b.strip().rsplit(".", 1)[-1] for b in bases.split(",") if b.strip()}


def _unbased(trees: ThreeTrees, path: str, old: ast.Module, new: ast.Module, names: set[str]) -> Iterator[Unbased]:
    before = {c.name: c for c in old.body if isinstance(c, ast.ClassDef)}
    after = {c.name: c for c in new.body if isinstance(c, ast.ClassDef)}
    for name in sorted(names & before.keys() & after.keys()):
        old_bases = {_last(b): b for b in before[name].bases}
        now = {_last(b) for b in after[name].bases}
        for lost in sorted(old_bases.keys() - now - {""}):
            home = _home(path, old, old_bases[lost])
            if home is None:
                continue
            kept = _ancestors(trees, path, new, after[name], lost)
            if kept is not None and _still_a_class(trees, home, lost):
                yield Unbased(path, name, lost, home, after[name].lineno, kept | {name})


def _last(expr: ast.expr) -> str:
    node = expr.value if isinstance(expr, ast.Subscript) else expr
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _home(path: str, module: ast.Module, base: ast.expr) -> str | None:
    """The module a base names its class from: an import's, or the file's own for a class it defines."""
    origin = imported_origin(base, file_imports(module, path))
    if origin is not None:
        return origin[0]
    own = isinstance(base, ast.Name) and any(isinstance(c, ast.ClassDef) and c.name == base.id for c in module.body)
    return dotted_name(path, roots=("",)) if own else None


def _ancestors(trees: ThreeTrees, path: str, module: ast.Module, cls: ast.ClassDef, lost: str) -> frozenset[str] | None:
    """The names of the classes ``cls`` derives from at upstream, None when one may be ``lost`` (a class of its
    name) or cannot be followed."""
    found: set[str] = set()
    todo = [(path, module, b, 0) for b in cls.bases]
    while todo:
        where, tree, base, depth = todo.pop()
        name = _last(base)
        if not name or depth > _DEEPEST or name == lost:
            return None  # unnamed, too deep, or a class of its name along the bases (maybe the same one)
        found.add(name)
        try:
            at = _defining(trees, where, tree, base)
        except _Unfollowed:
            return None
        if at is not None:  # else outside the tree: no class of another package derives from one of the tree's
            todo += [(at[0], at[1], b, depth + 1) for b in at[2].bases]
    return frozenset(found)


def _still_a_class(trees: ThreeTrees, home: str, lost: str) -> bool:
    """Whether ``lost`` is still a class of its own name at upstream: a name kept as an alias of a renamed class
    (``OldRope = NewRope``, ``from .x import NewRope as OldRope``) may be one of the new bases, and a name gone is
    its import's error (symbol drift's)."""
    try:
        at = _follow(trees, home, lost, 0)
    except _Unfollowed:
        return False
    return at is not None and at[2].name == lost


Defined = tuple[str, ast.Module, ast.ClassDef]
Names = Callable[[ast.expr, str, "Unbased"], bool]  # whether an expression names a class (of a loss) by import


class _Unfollowed(Exception):
    """A base whose class cannot be found: a star import, a name made at run time, a re-export too deep."""


def _defining(trees: ThreeTrees, path: str, module: ast.Module, base: ast.expr) -> Defined | None:
    """Where the class ``base`` names is defined at upstream: (path, module, class); None outside the tree."""
    name = _last(base)
    own = [c for c in module.body if isinstance(c, ast.ClassDef) and c.name == name]
    if isinstance(base, ast.Name) and own:
        return path, module, own[-1]
    if isinstance(base, ast.Name) and name == "object":
        return None
    origin = imported_origin(base, file_imports(module, path))
    if origin is None:
        raise _Unfollowed(name)
    return _follow(trees, origin[0], origin[1], 0)


def _follow(trees: ThreeTrees, home: str, name: str, hops: int) -> Defined | None:
    """The class ``name`` of module ``home`` at upstream, through a package's re-exports; None outside the tree."""
    stem = home.replace(".", "/")
    paths = [f"{stem}.py", f"{stem}/__init__.py"]
    texts = trees.blobs(trees.theirs, paths)
    path = next((p for p in paths if texts[p] is not None), None)
    if path is None:
        return None
    module = parse_python(texts[path] or "", path)
    if module is None:
        raise _Unfollowed(name)
    own = [c for c in module.body if isinstance(c, ast.ClassDef) and c.name == name]
    if own:
        return path, module, own[-1]
    bound = file_imports(module, path).get(name)
    if bound is None or not bound[1] or hops >= _DEEPEST:
        raise _Unfollowed(name)
    return _follow(trees, bound[0], bound[1], hops + 1)


def _tests(
    path: str, module: ast.Module, owned: set[int], found: list[Unbased]
) -> Iterator[tuple[int, str, Unbased, str]]:
    """The fork's tests against a lost base of a value known to be the rebased class: (line, text, loss, its
    kind: ``_PROBE``, ``issubclass`` of the two classes themselves, a question with one answer per upstream;
    ``_KNOWN``, a value known to be the rebased class; ``_WIDE``, a value typed only as a class it derives from)."""
    imports = file_imports(module, path)
    twice = bound_twice(module)
    parents = {id(child): node for node in ast.walk(module) for child in ast.iter_child_nodes(node)}

    def names(expr: ast.expr, attr: str, u: Unbased) -> bool:
        root = expr
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id in twice:
            return False  # a shim's name (an import under ``try`` with its ``except`` fallback): either class
        origin = imported_origin(expr, imports)
        if origin is None:
            return False
        source = u.home if attr == u.lost else dotted_name(u.path, roots=("",))
        return origin[1] == attr and (source == origin[0] or source.startswith(origin[0] + "."))

    for node in ast.walk(module):
        call = _test_call(node)
        if call is None or call.lineno not in owned:
            continue
        subject, tested = call.args
        options = tested.elts if isinstance(tested, ast.Tuple) else [tested]
        asks = ast.unparse(call.func)
        for u in found:
            if not any(names(o, u.lost, u) for o in options) or any(_last(o) in u.kept for o in options):
                continue
            holder = subject if asks == "issubclass" else _class_of(subject, call, parents, u, names)
            if holder is None or not (asks == "isinstance" or names(holder, u.cls, u)):
                # killers167: a value typed only as a class the rebased one still derives from (#26668's
                # ``kernel: type[ScaledMMLinearKernel]`` asked ``issubclass(kernel, CutlassScaledMMLinearKernel)``)
                if _widely_typed(subject, call, parents, u, asks) and not _settled(call, subject, parents, u):
                    yield call.lineno, ast.unparse(call), u, _WIDE
                continue
            if not _settled(call, subject, parents, u):
                yield call.lineno, ast.unparse(call), u, _PROBE if asks == "issubclass" else _KNOWN


def _test_call(node: ast.AST | None) -> ast.Call | None:
    """``node`` as an ``isinstance(v, T)`` or ``issubclass(C, T)`` call."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _TESTS):
        return None
    return node if len(node.args) == 2 and not node.keywords else None


def _class_of(
    subject: ast.expr, node: ast.AST, parents: dict[int, ast.AST], u: Unbased, names: Names
) -> ast.expr | None:
    """The class expression ``subject`` is known to hold an instance of: ``C`` of ``self.x = C(...)`` (every
    store of the enclosing class), of a local bound once to ``C(...)``, or of a parameter's annotation."""
    func = _enclosing(node, parents, (ast.FunctionDef, ast.AsyncFunctionDef))
    if isinstance(subject, ast.Attribute) and isinstance(subject.value, ast.Name) and subject.value.id == "self":
        cls = _enclosing(node, parents, (ast.ClassDef,))
        if not isinstance(cls, ast.ClassDef):
            return None
        stores = [
            s.value
            for s in ast.walk(cls)
            if isinstance(s, ast.Assign | ast.AnnAssign)
            for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
            if isinstance(t, ast.Attribute) and ast.unparse(t) == ast.unparse(subject)
        ]
        # a store of another shape (a tuple unpacked into it, a loop's target, ``setattr(self, "x", ...)``) may
        # bind any class
        if _stored(cls, subject) > len(stores):
            return None
        return _built(stores, u, names)
    if not isinstance(subject, ast.Name) or not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    if _lambda_bound(node, subject.id, parents, func):
        return None  # ``lambda m: isinstance(m, L)``: the lambda's own parameter, not the function's name
    stores = [
        s
        for s in ast.walk(func)
        if isinstance(s, ast.Name) and s.id == subject.id and isinstance(s.ctx, ast.Store | ast.Del)
    ]
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    typed = [a.annotation for a in args if a.arg == subject.id and a.annotation is not None]
    if typed and not stores:
        return _annotated(typed[0], u, names)
    binds = [
        s.value
        for s in ast.walk(func)
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and ast.unparse(s.targets[0]) == subject.id
    ]
    return _built(binds, u, names) if len(stores) == 1 and len(binds) == 1 else None


def _widely_typed(subject: ast.expr, node: ast.AST, parents: dict[int, ast.AST], u: Unbased, asks: str) -> bool:
    """``subject`` is a parameter of the enclosing function, never rebound, annotated as a class the rebased
    class still derives from (``B``, ``B | None`` for ``isinstance``; ``type[B]`` for ``issubclass``), other than
    the rebased class itself: the value may be the rebased class, whose answer flipped."""
    func = _enclosing(node, parents, (ast.FunctionDef, ast.AsyncFunctionDef))
    if not isinstance(subject, ast.Name) or not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    if any(isinstance(s, ast.Name) and s.id == subject.id and isinstance(s.ctx, ast.Store) for s in ast.walk(func)):
        return False
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    note = next((a.annotation for a in args if a.arg == subject.id and a.annotation is not None), None)
    if isinstance(note, ast.BinOp) and isinstance(note.op, ast.BitOr):
        sides = [x for x in (note.left, note.right) if not (isinstance(x, ast.Constant) and x.value is None)]
        note = sides[0] if len(sides) == 1 else None
    if asks == "issubclass":
        typed = isinstance(note, ast.Subscript) and _last(note.value) == "type"
        note = note.slice if typed and isinstance(note, ast.Subscript) else None
    if not isinstance(note, ast.Name | ast.Attribute):
        return False
    return _last(note) in u.kept - {u.cls, u.lost}


def _lambda_bound(node: ast.AST, name: str, parents: dict[int, ast.AST], func: ast.AST) -> bool:
    at = parents.get(id(node))
    while at is not None and at is not func:
        if isinstance(at, ast.Lambda) and name in {
            a.arg for a in (*at.args.posonlyargs, *at.args.args, *at.args.kwonlyargs)
        }:
            return True
        at = parents.get(id(at))
    return False


def _built(values: Sequence[ast.expr | None], u: Unbased, names: Names) -> ast.expr | None:
    calls = [v.func for v in values if isinstance(v, ast.Call)]
    if not values or len(calls) != len(values) or not all(names(f, u.cls, u) for f in calls):
        return None
    return calls[0]


def _annotated(annotation: ast.expr, u: Unbased, names: Names) -> ast.expr | None:
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [
            s for s in (annotation.left, annotation.right) if not (isinstance(s, ast.Constant) and s.value is None)
        ]
        annotation = sides[0] if len(sides) == 1 else annotation
    if isinstance(annotation, ast.Subscript) and _last(annotation.value) == "Optional":
        annotation = annotation.slice
    return annotation if isinstance(annotation, ast.Name | ast.Attribute) and names(annotation, u.cls, u) else None


def _enclosing(node: ast.AST, parents: dict[int, ast.AST], kinds: tuple[type, ...]) -> ast.AST | None:
    at = parents.get(id(node))
    while at is not None and not isinstance(at, kinds):
        at = parents.get(id(at))
    return at


def _stored(cls: ast.ClassDef, subject: ast.Attribute) -> int:
    """How many stores of the class write ``subject`` (``self.x``), of any shape."""
    text = ast.unparse(subject)
    attrs = sum(
        isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and ast.unparse(n) == text for n in ast.walk(cls)
    )
    setattrs = sum(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id == "setattr"
        and len(n.args) >= 2
        and ast.unparse(n.args[0]) == ast.unparse(subject.value)
        and isinstance(n.args[1], ast.Constant)
        and n.args[1].value == subject.attr
        for n in ast.walk(cls)
    )
    return attrs + setattrs


def bound_twice(module: ast.Module) -> set[str]:
    """Names the file binds more than once (imports, definitions, stores): no one class is known to be behind
    them (``try: from .x import New as Owner`` / ``except ImportError: from .x import Old as Owner``)."""
    seen: dict[str, int] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Import | ast.ImportFrom):
            bound = [a.asname or a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            bound = [node.name]
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound = [node.id]
        else:
            continue
        for name in bound:
            seen[name] = seen.get(name, 0) + 1
    return {name for name, n in seen.items() if n > 1}


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Module)
_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)


def _settled(node: ast.AST, subject: ast.expr, parents: dict[int, ast.AST], u: Unbased) -> bool:
    """Whether another test of ``subject`` settles the answer for an instance of the rebased class before this
    one matters: it is ``or``-ed with a test against a class the value still derives from (or a duck-typed
    ``hasattr``/``getattr`` of it), ``and``-ed with such a class excluded, sits in the ``else``/``elif`` of such
    a test or under its exclusion, or follows an ``if`` of such a test that returns.  The fork then wrote a path
    for the class of its own, and the test only sorts the other values."""
    child, at = node, parents.get(id(node))
    while at is not None and not isinstance(at, _SCOPES):
        if isinstance(at, ast.BoolOp):
            others = [v for v in at.values if v is not child]
            if isinstance(at.op, ast.Or) and any(_kept_test(v, subject, u) or _probes(v, subject) for v in others):
                return True
            if isinstance(at.op, ast.And) and any(_excludes(v, subject, u) for v in others):
                return True
        elif isinstance(at, ast.IfExp | ast.If | ast.While) and child is not at.test:
            branch = at.orelse if isinstance(at, ast.If | ast.While) else [at.orelse]
            if _kept_test(at.test, subject, u) if child in branch else _excludes(at.test, subject, u):
                return True
        if isinstance(child, ast.stmt) and _returned_before(at, child, subject, u):
            return True
        child, at = at, parents.get(id(at))
    return at is not None and isinstance(child, ast.stmt) and _returned_before(at, child, subject, u)


def _returned_before(block: ast.AST, stmt: ast.stmt, subject: ast.expr, u: Unbased) -> bool:
    """An earlier statement of ``stmt``'s block: ``if <a test the class passes>: ... return``."""
    for field in ("body", "orelse", "finalbody"):
        stmts = getattr(block, field, None)
        if isinstance(stmts, list) and stmt in stmts:
            return any(
                isinstance(s, ast.If) and isinstance(s.body[-1], _EXITS) and _kept_test(s.test, subject, u)
                for s in stmts[: stmts.index(stmt)]
            )
    return False


def _kept_test(expr: ast.expr, subject: ast.expr, u: Unbased) -> bool:
    """``isinstance(subject, K)`` with ``K`` the rebased class or a class it derives from now (or an ``or`` of
    tests holding one): True for every instance of the class."""
    if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
        return any(_kept_test(v, subject, u) for v in expr.values)
    call = _test_call(expr)
    if call is None or ast.unparse(call.func) != "isinstance" or ast.unparse(call.args[0]) != ast.unparse(subject):
        return False
    tested = call.args[1]
    return any(_last(o) in u.kept for o in (tested.elts if isinstance(tested, ast.Tuple) else [tested]))


def _excludes(expr: ast.expr, subject: ast.expr, u: Unbased) -> bool:
    """``not <a test the class passes>``: False for every instance of the class."""
    return isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not) and _kept_test(expr.operand, subject, u)


def _probes(expr: ast.expr, subject: ast.expr) -> bool:
    """``hasattr(subject, ...)`` or ``getattr(subject, ...)`` in ``expr``: the value asked for its members, which
    a rebased class keeps, not its class."""
    text = ast.unparse(subject)
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Name)
        and n.func.id in ("hasattr", "getattr")
        and bool(n.args)
        and ast.unparse(n.args[0]) == text
        for n in ast.walk(expr)
    )
