"""Unioned classes: a class upstream re-bound to a union of classes, which the fork calls or derives from.

#27516 turned ``class ClassificationRequest(OpenAIBaseModel)`` into ``ClassificationRequest: TypeAlias =
(ClassificationCompletionRequest | ClassificationChatRequest)`` when the route learnt a second request shape.
The name still imports, still annotates a route, and ``isinstance`` still takes it (a union of classes is a
valid second argument since Python 3.10); but a union cannot be called, derived from, or asked for a class's
attributes: a fork's ``ClassificationRequest(model=m, input=texts)`` raises TypeError where it runs, ``class
Mine(ClassificationRequest)`` raises TypeError when its module is imported, and
``ClassificationRequest.model_validate(body)`` raises AttributeError.  Upstream does this whenever one request
or config class splits into several kinds and the old name stays as their union.

Upstream's side: a changed module whose top-level statement binds a name once, at the base by a class statement
of that name, at upstream and in the merged tree (the fork did not restore the class) by an assignment of a
union of type names (``A | B``, ``Union[...]``, ``Optional[...]``, either under ``Annotated[...]``) or by a
``type X = ...`` statement (a ``TypeAliasType``: no call, no subclass either).  The fork's side, on a line it
owns: a call of that name, a class statement deriving from it, or a read of an attribute off it other than a
dunder (a union has ``__args__``), where the name is imported from the module or read off it; not in a ``try``
catching the error, not under a version test or an ``if`` asking about the name, not where a function binds
the name itself, and not where the fork's file re-binds it.  An error: the use raises every time it runs.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.drift.fallbacks import (
    IMPORT_ERRORS,
    _runs_unless,
    caught_around,
    handler_catches,
    hasattr_refuted,
    version_gated,
)
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts, plain_names, whole_word
from aeon_release.domain.audits.drift.subscripted_aliases import (
    _TOP_BOUND,
    _UNIONS,
    _asked,
    _bound_once,
    _head,
    _members,
    _rebound,
)
from aeon_release.domain.audits.drift.type_only_names import locally_bound
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

_MOST_FILES = 32
# an added line that may spell a union or a ``type`` statement: the files worth parsing on upstream's side
_UNION_TEXT = lazy_pattern(r"\||\b(?:Union|Optional)\[|^[ \t]*type[ \t]")
_CAUGHT = {
    "calls": frozenset({"TypeError", "Exception", "BaseException"}),
    "derives from": frozenset({"TypeError", "Exception", "BaseException"}),
    "reads": frozenset({"AttributeError", "Exception", "BaseException"}),
}
# module dotted -> (its path, {name: upstream's spelling of its value})
Unioned = dict[str, tuple[str, dict[str, str]]]


def unioned_class_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    unioned = _unioned(trees)
    if not unioned:
        return []
    words = {n for _, names in unioned.values() for n in names}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(w in line for w in words)):
        for line, mod, name, verb in _fork_uses(path, module, owned, unioned):
            findings.append(_finding(trees, (path, line), (mod, name, verb), unioned[mod], pr_pattern))
    return findings


def _unioned(trees: ThreeTrees) -> Unioned:
    """The upstream modules whose top-level classes upstream re-bound to a union of classes."""
    words = trees.fork_words()
    # a class re-bound to a union adds the top-level line binding its name (``Name = A | B``, ``type Name =``,
    # ``Name: TypeAlias = ...``): a file whose added lines bind no name a fork line holds is not read (a line
    # with a non-ASCII character that may spell a name ``\w`` does not read whole is kept: ``plain_names``)
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py")
        and any(
            ((m := _TOP_BOUND.match(a)) is not None and m.group(1) in words) or not (a.isascii() or plain_names(a))
            for a in trees.upstream[p].added.values()
        )
        and any(_UNION_TEXT.search(a) for a in trees.upstream[p].added.values())
    ]
    unioned: Unioned = {}
    for both in parsed_texts(trees, paths[:_MOST_FILES]):
        old, new = _bound_once(both.old), _bound_once(both.new)
        merged = _bound_once(trees.merged_module(both.path) or ast.Module(body=[], type_ignores=[]))
        names = {
            n: _spelt(value)
            for n, value in new.items()
            if _was_class(old.get(n), n) and _a_union(value, new) and n in merged and _a_union(merged[n], merged)
        }
        if names:
            unioned[dotted_name(both.path, roots=("",))] = (both.path, names)
    return unioned


def _was_class(value: ast.AST | None, name: str) -> bool:
    return isinstance(value, ast.ClassDef) and value.name == name


def _a_union(value: ast.AST, bound: dict[str, ast.AST]) -> bool:
    """A union of type names (``A | B``, ``Union[A, B]``, ``Optional[A]``, either under ``Annotated[...]``), or
    a ``type`` statement: nothing a call, a class statement or a class's attribute read can use.  ``bound``: the
    module's top-level names, to tell a union of classes from an ``|`` of values (``READ | WRITE``)."""
    if type(value).__name__ == "TypeAlias":
        return True
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
        return _typeish(value.left, bound) and _typeish(value.right, bound)
    if isinstance(value, ast.Subscript) and _head(value.value) in _UNIONS:
        return all(_typeish(e, bound) for e in _members(value.slice))
    if isinstance(value, ast.Subscript) and _head(value.value) == "Annotated":
        members = _members(value.slice)
        return bool(members) and _a_union(members[0], bound)
    return False


def _typeish(expr: ast.expr, bound: dict[str, ast.AST]) -> bool:
    """A member a union of types holds: ``None``, a subscripted generic, a dotted name, a name the module binds
    by a class statement or an import (or not at all: a builtin), or a union again.  A name the module assigns a
    value that is no union of types (``READ = 1``) makes the ``|`` one of values."""
    if isinstance(expr, ast.Attribute | ast.Subscript):
        return True
    if isinstance(expr, ast.Name):
        value = bound.get(expr.id)
        return not isinstance(value, ast.expr) or isinstance(value, ast.Name | ast.Attribute) or _a_union(value, bound)
    if isinstance(expr, ast.Constant):
        return expr.value is None
    return _a_union(expr, bound) if isinstance(expr, ast.BinOp) else False


def _spelt(value: ast.AST) -> str:
    text = ast.unparse(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _fork_uses(path: str, module: ast.Module, owned: set[int], unioned: Unioned) -> Iterator[tuple[int, str, str, str]]:
    """(line, module, name, verb) for each owned call of, class statement deriving from, or attribute read off a
    unioned name."""
    parents = parent_map(module)
    imports = file_imports(module, path) | _tried_imports(module, path)
    rebound = _rebound(module)
    flags = _import_flags(module, path, set(unioned))
    for node in ast.walk(module):
        line = getattr(node, "lineno", None)
        for used, verb in _uses(node) if line in owned else ():
            origin = imported_origin(used, imports) if isinstance(used, ast.Attribute) else None
            if isinstance(used, ast.Name) and used.id in imports and used.id not in rebound:
                origin = imports[used.id] if not locally_bound(node, used.id, parents) else None
            if not origin or origin[1] not in unioned.get(origin[0], ("", {}))[1]:
                continue
            spelt = _module_spellings(used, origin[0], imports)
            if line is not None and not _kept_apart(node, (used, verb), spelt, flags, parents):
                yield line, origin[0], origin[1], verb


def _kept_apart(
    node: ast.AST, use: tuple[ast.expr, str], modules: set[str], flags: set[str], parents: dict[int, ast.AST]
) -> bool:
    """The use runs only where the fork expects the error or keeps it to older upstreams: in a ``try`` catching
    the error or a test's ``pytest.raises`` of it, under a version test or an ``if`` asking about the name, where
    some ``hasattr(<the module>, "...")`` is false (``if hasattr(protocol, "NewRequest"): return ...`` first), or
    where a flag the file sets from an import of the module succeeding is false."""
    used, verb = use
    return (
        caught_around(node, _CAUGHT[verb], parents)
        or _raises_around(node, _CAUGHT[verb], parents)
        or version_gated(node, parents)
        or _asked(node, used, parents)
        or any(hasattr_refuted(node, m, parents) for m in modules)
        or _runs_unless(node, parents, lambda test: isinstance(test, ast.Name) and test.id in flags)
    )


def _tried_imports(module: ast.Module, path: str) -> dict[str, tuple[str, str]]:
    """What the imports in the body of a top-level ``try`` bind: an import that succeeds binds its name, and the
    import in the handler (``except ImportError:``, the older upstreams' spelling) never runs.  A fork's ``try:
    from m import NewRequest as Request`` / ``except ImportError: from m import Request`` binds the member."""
    tried: dict[str, tuple[str, str]] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Try):
            tried |= file_imports(ast.Module(body=stmt.body, type_ignores=[]), path)
    return tried


def _import_flags(module: ast.Module, path: str, changed: set[str]) -> set[str]:
    """The module-level flags a file sets from an import's success: ``try: from m import New; HAS_NEW = True`` /
    ``except ImportError: HAS_NEW = False``, with ``m`` a module upstream changed.  A test of one asks whether the
    upstream is the newer one; where it is false, the file runs its path for older upstreams."""
    names: set[str] = set()
    for stmt in module.body:
        if not isinstance(stmt, ast.Try) or not any(handler_catches(h.type, IMPORT_ERRORS) for h in stmt.handlers):
            continue
        imported = file_imports(ast.Module(body=stmt.body, type_ignores=[]), path).values()
        if any(source in changed or f"{source}.{name}" in changed for source, name in imported):
            set_true = {n for n, v in _constant_binds(stmt.body) if v is True}
            set_false = {n for h in stmt.handlers for n, v in _constant_binds(h.body) if v is False}
            names |= set_true & set_false
    return names


def _constant_binds(body: list[ast.stmt]) -> Iterator[tuple[str, object]]:
    for stmt in body:
        if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant):
            yield from ((t.id, stmt.value.value) for t in stmt.targets if isinstance(t, ast.Name))


def _raises_around(node: ast.AST, names: frozenset[str], parents: dict[int, ast.AST]) -> bool:
    """``node`` runs in a ``with pytest.raises(...)`` naming the error: a test that expects it."""
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(parent, ast.With) and any(s is child for s in parent.body):
            for item in parent.items:
                context = item.context_expr
                if isinstance(context, ast.Call) and ast.unparse(context.func).rsplit(".", 1)[-1] == "raises":
                    if context.args and handler_catches(context.args[0], names, bare=False):
                        return True
        child, parent = parent, parents.get(id(parent))
    return False


def _module_spellings(used: ast.expr, module: str, imports: dict[str, tuple[str, str]]) -> set[str]:
    """How the file spells the unioned name's module: the receiver of ``protocol.Request``, and each local name
    an import binds to the module itself (``from pkg import protocol``, ``import pkg.protocol as protocol``)."""
    spelt = {ast.unparse(used.value)} if isinstance(used, ast.Attribute) else set()
    for local, (source, name) in imports.items():
        if (f"{source}.{name}" if name else source) == module:
            spelt.add(local)
    return spelt


def _uses(node: ast.AST) -> Iterator[tuple[ast.expr, str]]:
    """The names ``node`` uses as a class: what a call calls, what a class statement derives from, what an
    attribute read (not a dunder, not a store) is read off."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
        yield node.func, "calls"
    elif isinstance(node, ast.ClassDef):
        yield from ((b, "derives from") for b in node.bases if isinstance(b, ast.Name | ast.Attribute))
    elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and not node.attr.startswith("__"):
        if isinstance(node.value, ast.Name | ast.Attribute):
            yield node.value, "reads"


def _finding(
    trees: ThreeTrees,
    at: tuple[str, int],
    use: tuple[str, str, str],
    where: tuple[str, dict[str, str]],
    pr_pattern: str,
) -> Finding:
    path, line = at
    mod, name, verb = use
    upstream_path, names = where
    commit = trees.upstream_commit(upstream_path, whole_word(name), pr_pattern)
    error = "AttributeError" if verb == "reads" else "TypeError"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned code {verb} {name} from {mod}, which upstream turned from a class into the union "
        f"`{names[name]}` ({upstream_path}{commit}): a union is no class, so this raises {error} where it runs; "
        "use the member class the fork means",
    )
