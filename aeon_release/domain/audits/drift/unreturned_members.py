"""A member of the module's own enum that a selector no longer returns at a position of its tuple, from any path.

``backend, experts = select_backend(config)`` then ``if backend == Backend.NONE:`` merges cleanly after upstream
replaced the selector's last ``return Backend.NONE, None`` with a raise (#46491 made ``select_mxfp4_moe_backend``
raise NotImplementedError where no kernel fits): the fork's fallback never runs, the call raises first.  Tuple
value drift (``tuple_values.py``) reads the values at a position only where every returned tuple holds a
constant there; a selector's other returns hand on a loop variable or a helper's answer
(``return _return_or_raise(backend, ...)``), so the position is not closed and it stays quiet.

The member is gone from every path when what can reach that position is read off the callee's own module and
the member is no longer in it: the enum is a class of that module that still has the member (symbol drift
reports one removed), the module names ``Enum.MEMBER`` nowhere now, and reads the enum only as ``Enum.OTHER``
members (no ``Enum(value)``, ``Enum[name]``, iteration, alias or ``getattr``: a member chosen by value is any
member; an annotation, and an f-string's ``{list(Enum)}`` of an error message, are no value); every return of the callee holds at the position a constant, a name, or a
call of a function of the module, or returns such a call whole; and no Python file of upstream's tree returns
the member on a ``return`` line (a helper elsewhere could hand it back).  Else quiet: a miss is the price, not
a false error.
"""

from __future__ import annotations

import ast
import re

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.returns import own_returns
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.source import last_name, lazy_pattern, parse_python

_MEMBER = lazy_pattern(r"^([A-Z]\w*)\.([A-Za-z_]\w*)$")


def unreturned(
    trees: ThreeTrees,
    callee: str,
    index: int,
    values: tuple[str, ...],
    path: str,
    was: set[str | None],
) -> str | None:
    """The member of ``values`` (``Enum.MEMBER``) position ``index`` held at the merge base (``was``) that no
    path of ``callee`` (defined in upstream's ``path``) can return there now; else None.  (review140) None too
    where another member of ``values`` (one test of a set: ``in (A, B)``, ``== A or == B``, ``not (...)`` of
    them) may still be returned: the test still holds, or fails, on that path."""
    wanted = [v for v in values if v in was and _MEMBER.match(v)]
    if not wanted:
        return None
    module = parse_python(trees.blobs(trees.theirs, [path]).get(path) or "")
    if module is None:
        return None
    defs = _defs(module, callee)
    local = {n.name for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if not defs or not all(_open_only_locally(d, index, local) for d in defs):
        return None
    gone = [v for v in dict.fromkeys(v for v in values if _MEMBER.match(v)) if _gone(trees, module, v)]
    if any(_MEMBER.match(v) and v not in gone for v in values):
        return None  # (review140) the test takes a member a path may still return: ``d is A or d is KEPT`` holds
    return next((v for v in wanted if v in gone), None)


def _gone(trees: ThreeTrees, module: ast.Module, value: str) -> bool:
    enum, member = value.split(".")
    return _only_other_members(module, enum, member) and not _returned_anywhere(trees, enum, member)


def unreturned_whole(
    trees: ThreeTrees, callee: str, values: tuple[str, ...], paths: list[str], off_object: bool = False
) -> tuple[str, str] | None:
    """(upstream's file, the member of ``values``) that ``callee`` returned whole (``return Enum.MEMBER``) at the
    merge base and no path of it returns now, where one file of ``paths`` (those whose diff removed such a
    return) alone defines the name; else None.  ``off_object``: the fork calls the name off an object that is
    not a module (``router.f()``), which no module-level function of the name answers (review132)."""
    wanted = [v for v in values if _MEMBER.match(v)]
    if not wanted:
        return None
    sites = repo.definition_sites(trees.repo, trees.theirs, [callee], [PYTHON_FILES]).get(callee, [])
    files = {p for p, _ in sites}
    if len(files) != 1 or (path := next(iter(files))) not in paths:
        return None  # a name many files define: which one the fork calls is not known here
    base = parse_python(trees.blobs(trees.base, [path]).get(path) or "")
    module = parse_python(trees.blobs(trees.theirs, [path]).get(path) or "")
    if base is None or module is None:
        return None
    was = {_dotted(v) for d in _defs(base, callee) for v in own_returns(d) if v is not None}
    defs = _defs(module, callee)
    local = {n.name for n in module.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if not defs or not all(_open_only_locally(d, None, local) for d in defs):
        return None
    if off_object and all(d in module.body for d in defs):
        return None  # a method of the fork's object, not upstream's function of the name
    for value in (v for v in wanted if v in was):
        enum, member = value.split(".")
        if _only_other_members(module, enum, member) and not _returned_anywhere(trees, enum, member):
            return path, value
    return None


def handled(module: ast.Module, line: int, call: str, callee: str) -> str | None:
    """How the fork module already answers a callee that may no longer return the member: "patched" when
    it sets the callee's name itself (``monkeypatch.setattr(mod, "f", fake)``, ``mock.patch("pkg.mod.f")``,
    ``mod.f = fake``: the value compared may be the fork's own, as in a test); "caught" when the call sits
    in the body of a ``try``, in the function holding ``line``, with a handler of an error other than an
    import's (``except NotImplementedError: return None``: the raise is handled, the old test is only
    dead); else None."""
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and node.attr == callee:
            return "patched"
        if isinstance(node, ast.Call) and last_name(node.func) in ("setattr", "patch", "object"):
            named = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if any(n.rsplit(".", 1)[-1] == callee for n in named):
                return "patched"
    scopes = [
        n
        for n in ast.walk(module)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.lineno <= line <= (n.end_lineno or n.lineno)
    ]
    scope: ast.AST = min(scopes, key=lambda n: (n.end_lineno or n.lineno) - n.lineno) if scopes else module
    for node in ast.walk(scope):
        if isinstance(node, ast.Try) and any(_other_error(h.type) for h in node.handlers):
            calls = (c for s in node.body for c in ast.walk(s) if isinstance(c, ast.Call))
            if any(ast.unparse(c.func) == call for c in calls):
                return "caught"
    return None


def _other_error(caught: ast.expr | None) -> bool:
    """A handler that catches more than an import's failure (a bare ``except`` does)."""
    if caught is None:
        return True
    classes = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return any(last_name(c) not in ("ImportError", "ModuleNotFoundError") for c in classes)


def _defs(module: ast.Module, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name]


def _dotted(node: ast.expr) -> str | None:
    """``Enum.MEMBER`` for ``Enum.MEMBER`` or ``mod.Enum.MEMBER`` (its last two parts); None otherwise."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
        return f"{node.value.attr}.{node.attr}"
    return None


def _open_only_locally(func: ast.FunctionDef | ast.AsyncFunctionDef, index: int | None, local: set[str]) -> bool:
    """Every return of ``func`` holds at ``index`` (None: the value whole) a constant, a name or a call of a
    module function ``local`` defines, or returns such a call whole (what reaches the position is the
    module's own)."""
    for value in own_returns(func):
        if value is None:
            return False  # a generator's yield
        if index is None:
            if not _plain(value, local):
                return False
        elif isinstance(value, ast.Tuple):
            if index >= len(value.elts) or not _plain(value.elts[index], local):
                return False
        elif not _local_call(value, local):
            return False
    return True


def _plain(node: ast.expr, local: set[str]) -> bool:
    if isinstance(node, ast.Constant | ast.Name) or _local_call(node, local):
        return True
    while isinstance(node, ast.Attribute):
        node = node.value
    # ``Enum.OTHER``: another member, or a class's constant; not ``config.backend``, ``self.kind``: an object's
    # value, which code elsewhere may have set to the member
    return isinstance(node, ast.Name) and node.id[:1].isupper()


def _local_call(node: ast.expr, local: set[str]) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in local


def _only_other_members(module: ast.Module, enum: str, member: str) -> bool:
    """``module`` defines ``class enum`` with ``member`` still in its body, and reads ``enum`` (outside
    annotations) only as ``enum.X`` of another name of that body."""
    cls = next((n for n in module.body if isinstance(n, ast.ClassDef) and n.name == enum), None)
    if cls is None:
        return False
    names = {t.id for s in cls.body if isinstance(s, ast.Assign) for t in s.targets if isinstance(t, ast.Name)}
    names |= {s.target.id for s in cls.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}
    if member not in names:
        return False
    annotated = _annotation_ids(module)
    parents = {id(c): n for n in ast.walk(module) for c in ast.iter_child_nodes(n)}
    for node in ast.walk(module):
        if not (isinstance(node, ast.Name) and node.id == enum and isinstance(node.ctx, ast.Load)):
            continue
        if id(node) in annotated or _formatted(node, parents):
            continue
        parent = parents.get(id(node))
        if not (isinstance(parent, ast.Attribute) and parent.attr in names and parent.attr != member):
            return False
    return True


def _formatted(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` is read inside an f-string (``f"one of: {list(Enum)}"`` in an error message): text, no value."""
    parent = parents.get(id(node))
    while parent is not None:
        if isinstance(parent, ast.JoinedStr):
            return True
        parent = parents.get(id(parent))
    return False


def _annotation_ids(module: ast.Module) -> set[int]:
    """The ids of every node inside an annotation of ``module`` (a parameter's, a return's, a variable's)."""
    roots: list[ast.expr] = []
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            roots += [a.annotation for a in _arguments(node.args) if a.annotation is not None]
            roots += [node.returns] if node.returns is not None else []
        elif isinstance(node, ast.AnnAssign):
            roots.append(node.annotation)
    return {id(n) for root in roots for n in ast.walk(root)}


def _arguments(args: ast.arguments) -> list[ast.arg]:
    extra = [a for a in (args.vararg, args.kwarg) if a is not None]
    return [*args.posonlyargs, *args.args, *args.kwonlyargs, *extra]


def _returned_anywhere(trees: ThreeTrees, enum: str, member: str) -> bool:
    """Some Python file of upstream's tree returns ``enum.member`` on a ``return`` line."""
    spelled = f"{enum}.{member}"
    paths = sorted(repo.files_containing(trees.repo, trees.theirs, [spelled], [PYTHON_FILES]))
    line = re.compile(rf"^\s*return\b.*\b{re.escape(spelled)}\b")
    texts = trees.blobs(trees.theirs, paths)
    return any(line.match(row) for text in texts.values() for row in (text or "").splitlines())
