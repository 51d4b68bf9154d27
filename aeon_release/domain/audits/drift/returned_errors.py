"""Error drift: upstream now hands back an exception where it handed back the value, the fork calls on it.

#47312 (12213c6795) stopped a failed grammar compile from crashing the engine by keeping the error:
``StructuredOutputRequest.grammar`` went ``-> StructuredOutputGrammar | None`` to ``->
StructuredOutputGrammar | Exception | None``, and upstream's own callers went from ``assert grammar is not
None`` to ``isinstance(grammar, StructuredOutputGrammar)``.  A fork line ``grammar = so_request.grammar;
if grammar is None: return False; return grammar.accept_tokens(req_id, tokens)`` merges cleanly and raises
AttributeError on the first request whose grammar fails to compile -- in the engine core, not in the request.

Upstream's side: the Python files whose diff added a line naming an exception class in a union; parsed at
the base and at upstream, a class's annotated field or method (a ``@property`` reads as a field) whose
annotation is a union that kept every member it had and gained only exception classes (a name ending in
``Exception`` or ``Error``).  The fork's side, on lines it wrote: an attribute read off that field or
return (``x.grammar.accept_tokens(...)``, or a local bound once to it), ``x`` typed as the class, where the
attribute is not one an exception has (``args``, ``with_traceback``...) and the function tests the value
with no ``isinstance`` (a ``None`` test leaves the exception through) and reads it inside no ``try``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes
from aeon_release.domain.audits.drift.returns import attribute_readers, attributes_read
from aeon_release.domain.audits.drift.retyped import Recontained, recontained_held
from aeon_release.domain.audits.drift.sides import ThreeTrees, line_matches, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parsed_expression, walk_spanning

# an added line naming an exception class beside a ``|`` (a union annotation): the cheap first pass
_ERROR_IN_UNION = lazy_pattern(
    r"^\+[^\n]*(?:\|[^\S\n]*\w*(?:Exception|Error)\b|\b\w*(?:Exception|Error)[^\S\n]*\|)", re.MULTILINE
)
# what such a line holds: the line's pattern is tried only where this finds something (sides.line_matches)
_ERROR_WORD = lazy_pattern(r"(?:Exception|Error)\b")
_WORD = lazy_pattern(r"\w+")
_ERROR_NAME = lazy_pattern(r"\w*(?:Exception|Error)")
# what any exception offers: a read of one of these is the fork handling the error, not the value
_EXCEPTION_ATTRS = frozenset(
    {"args", "with_traceback", "add_note", "__traceback__", "__cause__", "__context__", "__notes__", "__class__"}
)


def returned_error_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork lines that call on a field or return upstream may now hand back as an exception."""
    wanted = attributes_read(trees)  # a use reads ``.name`` on a line the fork added: nothing read, nothing parsed
    unions = [p for p in trees.upstream if p.endswith(".py") and _union_line(trees.upstream.raw(p))] if wanted else []
    paths = _declaring(trees, unions, wanted) if unions else []
    found: dict[str, list[Recontained]] = {}
    for hit in _widened(trees, paths) if paths else []:
        found.setdefault(hit.name, []).append(hit)
    if not found:
        return []
    return [
        _finding(trees, path, line, hit, attr, pr_pattern)
        for path, module, owned in attribute_readers(trees, found)
        for line, hit, attr in _uses(trees, path, module, owned, found)
    ]


def _union_line(diff: str) -> bool:
    """The diff added a line naming an exception class beside a ``|``."""
    return next(line_matches(_ERROR_IN_UNION, diff, _ERROR_WORD), None) is not None


def _declaring(trees: ThreeTrees, paths: list[str], wanted: set[str]) -> list[str]:
    """Of ``paths``, those whose upstream text holds a name the fork reads: a member widened is declared
    there, and only a member the fork reads is a finding.  No finer: a union's member may be named lines
    above it (a field in parentheses, a union one member a line, a signature's last line).  On a
    2,000-commit release, 14 files and 0.18 s of parsing for a fork that reads none of their names."""
    texts = trees.blobs(trees.theirs, paths)
    return [p for p in paths if not wanted.isdisjoint(_WORD.findall(texts.get(p) or ""))]


def _widened(trees: ThreeTrees, paths: list[str]) -> Iterator[Recontained]:
    for path, old, new in parsed_versions(trees, paths):
        before: dict[tuple[str, str], tuple[ast.expr | None, bool]] = dict(_members(old))
        for (owner, name), (annotation, returned) in _members(new):
            was, was_returned = before.get((owner, name), (None, not returned))
            added = _errors_added(was, annotation) if was is not None and was_returned == returned else ""
            if was is not None and added:
                yield Recontained(name, owner, path, ast.unparse(was), ast.unparse(annotation), "", added, returned)


def _members(module: ast.Module) -> Iterator[tuple[tuple[str, str], tuple[ast.expr, bool]]]:
    """((class, member), (annotation, a method's return)) of each annotated field and def of the classes."""
    for cls in file_classes(module.body):
        for stmt in cls.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                yield (cls.name, stmt.target.id), (stmt.annotation, False)
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.returns is not None:
                decorators = {last_name(d) for d in stmt.decorator_list}
                if not decorators & {"setter", "deleter"}:  # a property's setter returns nothing to read
                    yield (cls.name, stmt.name), (stmt.returns, not decorators & {"property", "cached_property"})


def _errors_added(was: ast.expr, now: ast.expr) -> str:
    """The exception classes ``now``'s union adds to ``was``'s, when it adds only those and keeps every
    member ``was`` had (one of them a value: not ``None`` alone); else ""."""
    old, new = _union(was), _union(now)
    added = new - old
    values = old - {"None"}
    if not added or not old <= new or not values or any(_ERROR_NAME.fullmatch(v) for v in values):
        return ""
    return ", ".join(sorted(added)) if all(_ERROR_NAME.fullmatch(a) for a in added) else ""


def _union(node: ast.expr) -> set[str]:
    """The members of ``A | B | None`` / ``Optional[A]`` / ``Union[A, B]`` (a string of one too), unparsed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        parsed = parsed_expression(node.value)
        return {node.value} if parsed is None else _union(parsed)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union(node.left) | _union(node.right)
    if isinstance(node, ast.Subscript) and last_name(node.value) in ("Optional", "Union"):
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return {m for p in parts for m in _union(p)} | ({"None"} if last_name(node.value) == "Optional" else set())
    return {ast.unparse(node)}


def _uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], found: dict[str, list[Recontained]]
) -> Iterator[tuple[int, Recontained, str]]:
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    bound: dict[int, dict[str, ast.expr]] = {}
    tested: dict[int, set[str]] = {}  # per function, what it type-tests: one walk, not one per read
    for node in walk_spanning(module, owned):
        if not isinstance(node, ast.Attribute) or node.lineno not in owned or node.attr in _EXCEPTION_ATTRS:
            continue
        func = enclosing(node, parents)
        hit = recontained_held(node.value, func, parents, fork, found, bound)
        if hit is None or func is None:
            continue
        if id(func) not in tested:
            tested[id(func)] = _type_tested(func)
        if not _guarded(node, func, parents, tested[id(func)], bound.get(id(func), {})):
            yield node.lineno, hit, node.attr


def _type_tested(func: ast.AST) -> set[str]:
    """What the function tests the type of (``isinstance(v, ...)``, ``type(v)``), unparsed."""
    return {
        ast.unparse(node.args[0])
        for node in ast.walk(func)
        if isinstance(node, ast.Call) and last_name(node.func) in ("isinstance", "type") and node.args
    }


def _guarded(
    read: ast.Attribute, func: ast.AST, parents: dict[int, ast.AST], tested: set[str], bound: dict[str, ast.expr]
) -> bool:
    """The function tests the value's type -- itself, or what the local holding it was bound from
    (``isinstance(so.grammar, G)`` then ``grammar = so.grammar``) -- or the read sits in a ``try``, or in a
    ``match`` case whose class pattern tests it: the fork handles what else the value may be."""
    shown = {ast.unparse(read.value)}
    if isinstance(read.value, ast.Name) and read.value.id in bound:
        shown.add(ast.unparse(bound[read.value.id]))
    if shown & tested:
        return True
    up = parents.get(id(read))
    while up is not None and up is not func:
        if isinstance(up, ast.Try) and up.handlers:
            return True
        if isinstance(up, ast.match_case) and _class_matched(up, parents, shown):
            return True
        up = parents.get(id(up))
    return False


def _class_matched(case: ast.match_case, parents: dict[int, ast.AST], shown: set[str]) -> bool:
    """``match v: case G(): ...``: the case's pattern tests ``v``'s class (#47312's callers' shape)."""
    match = parents.get(id(case))
    if not isinstance(match, ast.Match) or ast.unparse(match.subject) not in shown:
        return False
    return any(isinstance(p, ast.MatchClass) for p in ast.walk(case.pattern))


def _finding(trees: ThreeTrees, path: str, line: int, hit: Recontained, attr: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, rf"\b{re.escape(hit.new.split(', ')[0])}\b", pr_pattern)
    what = f"{hit.owner}.{hit.name}{'()' if hit.returned else ''}"
    message = (
        f"fork-owned line reads .{attr} off {what}, which upstream made {hit.now} (was {hit.was}) "
        f"({hit.path}{commit}): where upstream hands back the {hit.new} in place of the value, this raises "
        f"AttributeError; test it with isinstance first, as upstream's callers now do"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
