"""A value upstream now rewrites into another before storing it: the fork's test of the stored field for it goes dead.

#30463 deprecated ``--convert reward``: ``ModelConfig._get_convert_type`` gained ``if convert == "reward": ...
return "embed"`` ahead of ``if convert != "auto": return convert``, and ``__post_init__`` stores its answer as
``self.convert_type``.  The option is still accepted (no ``Literal`` lost it, the keyword still builds), so a
fork's ``if model_config.convert_type == "reward":`` merges cleanly -- and never holds again: the fork's reward
path is dead, silently.  The first step of a deprecation; drift/dropped_aliases.py reads the last (the alias
dropped, the old value refused).

Upstream's side (cheap first: only files whose diff adds both a test of a name against a string and a
``return`` of a string, where the fork's added lines quote the string tested): a method of a class that, at
upstream, tests one of its parameters against ``"old"`` (``==``, or ``in`` a display of strings) and in that
branch returns another string ``"new"``, where the base's method of that name tested no such thing; the
fields the class stores the method's answer in (``self.field = self.method(...)``).  The fork's side, on lines
it added: a comparison of ``x.field`` with ``"old"`` (``==``, ``!=``, ``in``/``not in`` a display holding it
and not ``"new"``: one already holding ``"new"`` was written for both spellings), ``x`` typed as the class or
a fork subclass (``self``); not the fork's own class of that name, nor a fork subclass declaring the field, nor
one overriding the method with a body that names the old value (its instances still store it; revDF).
A ``match x.field:`` whose ``case "old":`` sits on a fork line is read as the comparison is (quiet when a case of
the match names ``"new"``), and so is a walrus binding of the field, compared in place (``(kind := x.field) ==
"old"``) or by the name the function binds only by it (mend70).
An error: the comparison is constant now.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes
from aeon_release.domain.audits.drift.returns import name_users
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.drift.widened_literals import case_values
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, str_value, walk_spanning

_TESTED = lazy_pattern(r"""^\s*(?:el)?if\s+\w+\s*(?:==|in)\s*[(\[{]?\s*["']""")
_RETURNS = lazy_pattern(r"""^\s*return\s+["'][^"'\s]{1,80}["']\s*$""")
_QUOTED = lazy_pattern(r"""["']([^"'\s]{1,80})["']""")
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Rewritten:
    """``owner.method`` now answers ``new`` for ``old``, and ``owner`` stores its answer as ``field``."""

    old: str
    new: str
    owner: str
    method: str
    field: str
    path: str


def rewritten_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """The fork's comparisons of a field with a value upstream's method now rewrites before the field holds it."""
    quoted = {
        v for p in trees.mine if p.endswith(".py") for t in trees.mine[p].added.values() for v in _QUOTED.findall(t)
    }
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _rewrites_one(trees.upstream[p].added, quoted)]
    found = [r for path, before, after in parsed_versions(trees, paths) for r in _rewritten(path, before, after)]
    if not found:
        return []
    by_field: dict[str, list[Rewritten]] = {}
    for item in found:
        by_field.setdefault(item.field, []).append(item)
    return [
        _finding(trees, path, line, item, shown, pr_pattern)
        for path, module, owned in name_users(trees, by_field)
        for line, item, shown in _compared(trees, path, module, owned, by_field)
    ]


def _rewrites_one(added: dict[int, str], quoted: set[str]) -> bool:
    """An added line tests a name against a string the fork quotes, and another returns a string."""
    texts = added.values()
    return any(_TESTED.match(t) is not None and quoted.intersection(_QUOTED.findall(t)) for t in texts) and any(
        _RETURNS.match(t) for t in texts
    )


def _rewritten(path: str, before: ast.Module, after: ast.Module) -> Iterator[Rewritten]:
    old_classes = {c.name: c for c in file_classes(before.body)}
    for cls in file_classes(after.body):
        was = old_classes.get(cls.name)
        if was is None:
            continue
        methods = {s.name: s for s in was.body if isinstance(s, _FUNCS)}
        for method in (s for s in cls.body if isinstance(s, _FUNCS)):
            old_method = methods.get(method.name)
            if old_method is None:
                continue
            known = set(_rewrites(old_method))
            for old, new in _rewrites(method):
                if (old, new) not in known and not _tests(old_method, old):
                    for field in _stores_of(cls, method.name):
                        yield Rewritten(old, new, cls.name, method.name, field, path)


def _rewrites(method: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[str, str]]:
    """(old, new) of each ``if param == "old": ... return "new"`` (or ``param in ("old", ...)``) of the method's
    own body, an ``elif`` of it included: a test nested under another condition rewrites only where that holds."""
    params = {a.arg for a in (*method.args.posonlyargs, *method.args.args, *method.args.kwonlyargs)} - {"self", "cls"}
    for stmt in method.body:
        for node in _chain_of_ifs([stmt]):
            # a parameter an earlier branch may hand back as it is (``if legacy: return convert``) still reaches
            # the field with the old value where that branch runs: the rewrite is not the only way (readE)
            tested = _param_values(node.test, params - _handed_back(node.body, params))
            answer = next((str_value(s.value) for s in node.body if isinstance(s, ast.Return) and s.value), None)
            if answer is not None:
                yield from ((old, answer) for old in tested if old != answer)
            params -= _handed_back(node.body, params)
        params -= _handed_back([stmt], params)


def _handed_back(body: list[ast.stmt], params: set[str]) -> set[str]:
    """The parameters a ``return`` of ``body`` hands back, whole or in its value (``return convert``)."""
    return {
        n.id
        for stmt in body
        for r in ast.walk(stmt)
        if isinstance(r, ast.Return) and r.value is not None
        for n in ast.walk(r.value)
        if isinstance(n, ast.Name) and n.id in params
    }


def _chain_of_ifs(body: list[ast.stmt]) -> Iterator[ast.If]:
    """The ``if`` statements of a body and the ``elif`` branches chained to them."""
    for stmt in body:
        node: ast.stmt | None = stmt
        while isinstance(node, ast.If):
            yield node
            node = node.orelse[0] if len(node.orelse) == 1 else None


def _param_values(test: ast.expr, params: set[str]) -> list[str]:
    """The strings ``param == "x"`` or ``param in ("x", "y")`` tests a parameter against."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.left, ast.Name):
        return []
    if test.left.id not in params:
        return []
    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, ast.Eq):
        value = str_value(right)
        return [value] if value is not None else []
    if isinstance(op, ast.In) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
        return [v for e in right.elts if (v := str_value(e)) is not None]
    return []


def _tests(method: ast.FunctionDef | ast.AsyncFunctionDef, value: str) -> bool:
    """The base's method already tested something against ``value``: the rewrite is no news."""
    return any(
        isinstance(node, ast.Compare) and any(str_value(c) == value for c in (node.left, *node.comparators))
        for node in ast.walk(method)
    )


def _stores_of(cls: ast.ClassDef, method: str) -> set[str]:
    """The fields the class stores ``self.method(...)``'s answer in (``self.convert_type = self._get_...(...)``)."""
    return {
        target.attr
        for node in ast.walk(cls)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Attribute)
        and node.value.func.attr == method
        and isinstance(node.value.func.value, ast.Name)
        and node.value.func.value.id == "self"
        for target in node.targets
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"
    }


def _compared(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], by_field: dict[str, list[Rewritten]]
) -> Iterator[tuple[int, Rewritten, str]]:
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    bound: dict[ast.AST, dict[str, ast.expr]] = {}  # a scope's walrus-only names, read once for all its tests
    for node in walk_spanning(module, owned):
        for line, side, (values, written), shown in _tests_of(node, owned):
            func = enclosing(node, parents)
            read = _field_read(side, func or module, bound)
            if read is None or read.attr not in by_field:
                continue
            typed = typed_as(read.value, func, parents, fork.classes)
            for item in by_field[read.attr]:
                if item.old in values and item.new not in written and item.owner in typed:
                    if not fork.holds(item.owner, item.field, typed, item.path) and not _kept(fork, typed, item):
                        yield line, item, shown
                        break


def _tests_of(node: ast.AST, owned: set[int]) -> Iterator[tuple[int, ast.expr, tuple[set[str], set[str]], str]]:
    """(line, the tested expression, (the strings it is tested for, the strings the test names at all), shown) of
    a comparison on an owned line, or of each owned ``case`` of a ``match`` naming strings (mend70): a match with
    a case for the new value anywhere was written for both."""
    if isinstance(node, ast.Compare) and node.lineno in owned and len(node.ops) == 1:
        for side, values in _sides(node):
            yield node.lineno, side, (values, values), ast.unparse(node)
    elif isinstance(node, ast.Match):
        named = [{v for v in case_values(c.pattern) if isinstance(v, str)} for c in node.cases]
        every = set().union(*named)
        for case, values in zip(node.cases, named, strict=True):
            if values and case.pattern.lineno in owned:
                shown = f"match {ast.unparse(node.subject)}: case {ast.unparse(case.pattern)}"
                yield case.pattern.lineno, node.subject, (values, every), shown


def _field_read(side: ast.expr, scope: ast.AST, bound: dict[ast.AST, dict[str, ast.expr]]) -> ast.Attribute | None:
    """The ``x.field`` read tested: the side itself, a walrus binding it (``(kind := x.field) == "a"``), or a name
    the scope binds only by such a walrus (``kind == "a"`` after ``if (kind := x.field):``; mend70).  ``bound``
    caches each scope's ``_walrus_only``: two walks of the scope per tested name were quadratic (perf35)."""
    if isinstance(side, ast.NamedExpr):
        side = side.value
    if isinstance(side, ast.Name):
        if scope not in bound:
            bound[scope] = _walrus_only(scope)
        side = bound[scope].get(side.id, side)
    return side if isinstance(side, ast.Attribute) else None


def _walrus_only(scope: ast.AST) -> dict[str, ast.expr]:
    """Each name the scope binds once (a store or a parameter), by a walrus, -> the walrus's value; one walk."""
    binds: dict[str, int] = {}
    walrus: dict[str, list[ast.expr]] = {}
    for node in ast.walk(scope):
        if isinstance(node, ast.arg):
            binds[node.arg] = binds.get(node.arg, 0) + 1
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            binds[node.id] = binds.get(node.id, 0) + 1
        elif isinstance(node, ast.NamedExpr):
            walrus.setdefault(node.target.id, []).append(node.value)
    return {name: values[0] for name, values in walrus.items() if len(values) == 1 and binds.get(name) == 1}


def _kept(fork: ForkTypes, typed: set[str], item: Rewritten) -> bool:
    """A fork subclass the receiver is typed as overrides the rewriting method with a body that still names the
    old value (``if convert == "reward": return "reward"`` over #30463's rewrite): the field holds it again."""
    return any(
        isinstance(stmt, _FUNCS)
        and stmt.name == item.method
        and any(str_value(node) == item.old for node in ast.walk(stmt) if isinstance(node, ast.expr))
        for name in typed - {item.owner}
        if name in fork.classes
        for stmt in fork.classes[name].body
    )


def _sides(node: ast.Compare) -> Iterator[tuple[ast.expr, set[str]]]:
    """(the compared expression, the strings it is compared with) of ``x == "a"``, ``"a" != x``, ``x in ("a",
    "b")``."""
    op, left, right = node.ops[0], node.left, node.comparators[0]
    if isinstance(op, (ast.Eq, ast.NotEq)):
        for side, other in ((left, right), (right, left)):
            value = str_value(other)
            if value is not None:
                yield side, {value}
    elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
        values = {v for e in right.elts if (v := str_value(e)) is not None}
        if len(values) == len(right.elts):
            yield left, values


def _finding(trees: ThreeTrees, path: str, line: int, item: Rewritten, shown: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"return\s+[\"']{re.escape(item.new)}[\"']", pr_pattern)
    message = (
        f"fork-owned line compares {shown}, but upstream's {item.owner}.{item.method} now answers {item.new!r} "
        f"for {item.old!r} ({item.path}{commit}), and {item.owner} stores that answer as {item.field}: the field "
        f"never holds {item.old!r} any more, so the comparison is constant and the fork's branch for it is dead; "
        f"test for {item.new!r} (or the option the user passed)"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
