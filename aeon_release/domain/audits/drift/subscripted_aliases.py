"""Subscripted aliases: a module-level type name upstream re-bound to a form ``isinstance`` refuses.

#48984 wrapped ``EmbeddingRequest: TypeAlias = (EmbeddingCompletionRequest | EmbeddingChatRequest | ...)`` in
``Annotated[..., BeforeValidator(reject_removed_pooling_parameters)]`` (and ``ClassificationRequest`` with it) so
that pydantic rejects the removed keys.  The name still imports and still annotates a route; but a union of
classes is a valid second argument of ``isinstance`` (Python 3.10+) and ``Annotated[...]`` is not: a fork's
``isinstance(request, EmbeddingRequest)`` merges cleanly and raises ``TypeError: Subscripted generics cannot be
used with class and instance checks`` where it runs.  Upstream does this whenever a type gains metadata (a
validator, a discriminator, a ``Field``), or an alias becomes ``list[...]``, a ``Literal``, or a ``type``
statement.

Upstream's side: a changed module whose top-level statement binds a name once, at the base to a form
``isinstance`` takes (a name, ``A | B``, ``Union[...]``/``Optional[...]``, a tuple of those, ``None``), at
upstream and in the merged tree (the fork did not restore it) to one it refuses (a subscript other than
``Union``/``Optional``, a string, a ``type X = ...`` statement, or a union holding one).  The fork's side, on a
line it owns: ``isinstance``/``issubclass`` whose second argument (or a member of its tuple or ``|``) is that
name, imported from the module or read off it, not under a ``try`` catching TypeError, not under a version
test, not under (or below an exiting) ``if`` asking about the alias (``if get_origin(X) is Annotated: return``),
not where a function binds the name itself, and not where the fork's file re-binds it (an unwrap shim under a
top-level ``if``/``try`` too).  An error: the check raises every time it runs.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from aeon_release.domain.audits.drift.fallbacks import caught_around, version_gated
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts, whole_word
from aeon_release.domain.audits.drift.type_only_names import locally_bound
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

_MOST_FILES = 32
_UNIONS = frozenset({"Union", "Optional"})
_TESTS = frozenset({"isinstance", "issubclass"})
# typing's and the builtins' subscriptable forms: a subscript of another head may be a lookup that hands back a
# class (``CLASSES["name"]``), or a user generic, which the syntax cannot tell apart
_GENERICS = frozenset(
    {
        "Annotated", "Literal", "ClassVar", "Final", "Required", "NotRequired", "TypeGuard", "Callable",
        "list", "dict", "tuple", "set", "frozenset", "type", "List", "Dict", "Tuple", "Set", "FrozenSet", "Type",
        "Sequence", "MutableSequence", "Mapping", "MutableMapping", "Iterable", "Iterator", "Generator",
        "Collection", "AbstractSet", "MutableSet", "Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator",
        "Deque", "DefaultDict", "OrderedDict", "Counter", "ChainMap",
    }
)  # fmt: skip
_TOP_BOUND = lazy_pattern(r"(?m)^(?:type[ \t]+)?(\w+)[ \t]*[\[:=]")  # a top-level binding's name
_TYPE_ERRORS = frozenset({"TypeError", "Exception", "BaseException"})
# module dotted -> (its path, {name: upstream's spelling of its value})
Refused = dict[str, tuple[str, dict[str, str]]]


def subscripted_alias_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    refused = _refused(trees)
    if not refused:
        return []
    words = {n for _, names in refused.values() for n in names}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(w in line for w in words)):
        for line, mod, name in _fork_checks(path, module, owned, refused):
            findings.append(_finding(trees, path, line, mod, name, refused[mod], pr_pattern))
    return findings


def _refused(trees: ThreeTrees) -> Refused:
    """The upstream modules whose top-level type names ``isinstance`` took at the base and refuses now."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and any("[" in a for a in _added(trees, p))]
    refused: Refused = {}
    words = trees.fork_words()
    if words.isdisjoint(_TESTS):
        return {}  # no fork line names isinstance or issubclass: no check of the fork's to refuse

    def keep(old_text: str, new_text: str) -> bool:
        # a name a fork line holds that the new text binds at its top level (a superset of ``_bound_once``'s)
        return not words.isdisjoint(_TOP_BOUND.findall(new_text))

    for both in parsed_texts(trees, paths[:_MOST_FILES], keep):
        old, new = _bound_once(both.old), _bound_once(both.new)
        merged = _bound_once(trees.merged_module(both.path) or ast.Module(body=[], type_ignores=[]))
        names = {
            n: ast.unparse(value)
            for n, value in new.items()
            if n in old and _checkable(old[n]) and _refused_form(value) and n in merged and _refused_form(merged[n])
        }
        if names:
            refused[dotted_name(both.path, roots=("",))] = (both.path, names)
    return refused


def _added(trees: ThreeTrees, path: str) -> Iterator[str]:
    yield from trees.upstream[path].added.values()


def _bound_once(module: ast.Module) -> dict[str, ast.AST]:
    """name -> its value, for each name one top-level statement binds (an assignment, an annotated one, a
    ``type`` statement: the statement itself); a class or def binding it too, or a second binding, drops it."""
    values: dict[str, ast.AST] = {}
    seen: set[str] = set()
    for stmt in module.body:
        for name, value in _binds(stmt):
            values.pop(name, None) if name in seen else values.__setitem__(name, value)
            seen.add(name)
    return values


def _binds(stmt: ast.stmt) -> Iterator[tuple[str, ast.AST]]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        yield stmt.targets[0].id, stmt.value
    elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        yield stmt.target.id, stmt.value
    elif type(stmt).__name__ == "TypeAlias":  # ``type X = ...`` (Python 3.12): a TypeAliasType, never checkable
        yield stmt.name.id, stmt  # type: ignore[attr-defined]
    elif isinstance(stmt, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
        yield stmt.name, stmt
    elif isinstance(stmt, ast.Import | ast.ImportFrom):
        yield from ((a.asname or a.name.split(".")[0], stmt) for a in stmt.names)


def _checkable(value: ast.AST) -> bool:
    """A form ``isinstance`` takes as its second argument: a class statement, a (dotted) name, ``None``, or a
    union or tuple of them."""
    if isinstance(value, ast.Name | ast.Attribute | ast.ClassDef):
        return True
    if isinstance(value, ast.Constant):
        return value.value is None
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
        return _checkable(value.left) and _checkable(value.right)
    if isinstance(value, ast.Tuple):
        return all(_checkable(e) for e in value.elts)
    if isinstance(value, ast.Subscript) and _head(value.value) in _UNIONS:
        return all(_checkable(e) for e in _members(value.slice))
    return False


def _refused_form(value: ast.AST) -> bool:
    """A form ``isinstance`` raises TypeError on: a subscripted generic of typing's or the builtins'
    (``Annotated[...]``, ``list[int]``, ``Literal[...]``), a string, a ``type`` statement, or a union holding one."""
    if type(value).__name__ == "TypeAlias":
        return True
    if isinstance(value, ast.Constant):
        return isinstance(value.value, str)
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
        return _refused_form(value.left) or _refused_form(value.right)
    if isinstance(value, ast.Subscript):
        if _head(value.value) in _UNIONS:
            return any(_refused_form(e) for e in _members(value.slice))
        return _head(value.value) in _GENERICS
    return False


def _head(expr: ast.expr) -> str:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else ""


def _members(expr: ast.expr) -> list[ast.expr]:
    return list(expr.elts) if isinstance(expr, ast.Tuple) else [expr]


def _fork_checks(path: str, module: ast.Module, owned: set[int], refused: Refused) -> Iterator[tuple[int, str, str]]:
    """(line, module, name) for each owned ``isinstance``/``issubclass`` handed a refused name."""
    parents = parent_map(module)
    imports = file_imports(module, path)
    rebound = _rebound(module)
    for node in ast.walk(module):
        if not _a_test(node) or getattr(node, "lineno", None) not in owned:
            continue
        assert isinstance(node, ast.Call)
        for member in _tested(node.args[1]):
            origin = imported_origin(member, imports) if isinstance(member, ast.Attribute) else None
            if isinstance(member, ast.Name) and member.id in imports and member.id not in rebound:
                origin = imports[member.id] if not locally_bound(node, member.id, parents) else None
            if origin and origin[1] in refused.get(origin[0], ("", {}))[1] and not _guarded(node, member, parents):
                yield node.lineno, origin[0], origin[1]


def _rebound(module: ast.Module) -> set[str]:
    """The names the fork's module binds itself: a top-level class, def or assignment, or a store under a
    top-level ``if``/``try``/``with`` (an unwrap shim: ``if get_origin(X) is Annotated: X = get_args(X)[0]``)."""
    names = {n for stmt in module.body for n, v in _binds(stmt) if not isinstance(v, ast.Import | ast.ImportFrom)}
    todo: list[ast.AST] = [s for s in module.body if isinstance(s, ast.If | ast.Try | ast.With)]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))
    return names


def _a_test(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _TESTS
        and len(node.args) == 2
        and not node.keywords
    )


def _tested(expr: ast.expr) -> Iterator[ast.expr]:
    """The members of ``isinstance``'s second argument: itself, or each of its tuple's or ``|``'s."""
    if isinstance(expr, ast.Tuple):
        for e in expr.elts:
            yield from _tested(e)
    elif isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        yield from _tested(expr.left)
        yield from _tested(expr.right)
    else:
        yield expr


def _guarded(node: ast.AST, member: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """The check sits in a ``try`` catching TypeError, under a test of the upstream release, or under an ``if``
    that asks about the alias itself."""
    return caught_around(node, _TYPE_ERRORS, parents) or version_gated(node, parents) or _asked(node, member, parents)


def _asked(node: ast.AST, member: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """An enclosing ``if``, or an earlier ``if`` of an enclosing block whose body exits, tests an expression
    naming the alias other than as a class to check against (``if isinstance(X, type):``, ``if get_origin(X) is
    Annotated: return ...``): the fork knows the alias's form may change and checks it before use."""
    spelt = ast.unparse(member)
    child, parent = node, parents.get(id(node))
    while parent is not None and not isinstance(parent, ast.Lambda):
        if isinstance(parent, ast.If) and child is not parent.test and _names(parent.test, spelt):
            return True
        block = _block_of(parent, child)
        earlier = block[: next(i for i, s in enumerate(block) if s is child)] if block else []
        if any(isinstance(s, ast.If) and _exits(s.body) and _names(s.test, spelt) for s in earlier):
            return True
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
            return False
        child, parent = parent, parents.get(id(parent))
    return False


def _block_of(parent: ast.AST, child: ast.AST) -> list[ast.stmt]:
    for field in ("body", "orelse", "finalbody", "handlers"):
        block = getattr(parent, field, None)
        if isinstance(block, list) and any(s is child for s in block):
            return block
    return []


def _exits(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)


def _names(test: ast.expr, spelt: str) -> bool:
    """``test`` spells the alias but as the second argument of an ``isinstance`` (the refused use itself)."""
    refused = {id(m) for n in ast.walk(test) if _a_test(n) for m in _tested(n.args[1])}  # type: ignore[attr-defined]
    return any(
        isinstance(n, ast.Name | ast.Attribute) and id(n) not in refused and ast.unparse(n) == spelt
        for n in ast.walk(test)
    )


def _finding(
    trees: ThreeTrees, path: str, line: int, mod: str, name: str, where: tuple[str, dict[str, str]], pr_pattern: str
) -> Finding:
    upstream_path, names = where
    commit = trees.upstream_commit(upstream_path, whole_word(name), pr_pattern)
    spelt = names[name] if len(names[name]) <= 80 else names[name][:77] + "..."
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned isinstance/issubclass check against {name} from {mod}, which upstream re-bound to "
        f"`{spelt}` ({upstream_path}{commit}): a subscripted generic, which isinstance refuses with TypeError "
        "where the check runs; test against its member classes (typing.get_args) instead",
    )
