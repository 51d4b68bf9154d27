"""A value upstream now rewrites on the way in: it stays accepted, but a setup step replaces it.

#36294 kept ``"naive"`` among the all2all backends a user may pass, and added to the config's
post-init ``if self.all2all_backend in ["pplx", "naive"]: self.all2all_backend = "allgather_reducescatter"``.
A fork's ``parallel_config.all2all_backend == "naive"`` is then never true, and its
``ParallelConfig(all2all_backend="naive")`` gets another backend: nothing fails, the merge is wrong.

A rewrite is an ``if`` upstream added (or changed) in a method whose test compares an attribute of the
method's own object with the value (``self.x ==``, or ``in`` a display of strings) and whose body assigns
that same attribute another string, unconditionally; one the base already made is no news of this merge,
and a value the class's methods also set the field to is a state, not a rewrite.  An object a function is
handed (``hf_config_override(hf_config)`` renames the draft model's ``model_type``, #12755; one model's
config hook sets its ``cache_config.cache_dtype``, #25896) is rewritten for that caller alone.

Only the fork's reads tied to the same field are claimed: a comparison of an attribute of that name, or a
keyword of that name.  A keyword is a warning (it may reach another object than the one upstream
rewrites), an error where the call builds the very class that rewrites it (``ParallelConfig(all2all_backend=
"naive")``): the fork asks that class for the value and gets another.  A comparison in a function that also names the value the field is rewritten to
(``in ("naive", "allgather_reducescatter")``, or the fork folding the value itself) is written for both
sides; one of a field of the fork file's own class is the fork's value.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import OwnFields, file_classes, written_scope
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.drift.signatures import is_static
from aeon_release.domain.audits.source import lazy_pattern, parse_python, str_value


@dataclass(frozen=True)
class Rewrite:
    """Upstream's ``if x.field == value: x.field = to`` at ``path``:``line`` (theirs)."""

    value: str
    field: str
    to: str
    path: str
    line: int
    owner: str = ""  # the class whose method rewrites it


# an added ``if``/``elif`` line (one greedy run: linear on a hostile line); ``_tests`` then asks for a
# comparison with one of the names as a string
_TESTED = lazy_pattern(r"""^(?:el)?if\b[^\n]*""")
_STRING = lazy_pattern(r"""["']([^"'\s]{1,100})["']""")
# ``in NAME``: a test against a module-level tuple of strings (#25232: ``if self.method in MTP_MODEL_TYPES``)
_IN_NAME = lazy_pattern(r"\bin[ \t]+([A-Z][A-Z0-9_]{2,})\b")


def rewrites(trees: ThreeTrees, names: set[str]) -> dict[str, Rewrite]:
    """The values of ``names`` that upstream's diff now rewrites (value -> the first rewrite found)."""
    paths = sorted(
        {
            path
            for path, match in trees.upstream.added_lines().added_matches(_TESTED)
            if path.endswith(".py") and _tests(match.group(0), names)
        }
    )
    found: dict[str, Rewrite] = {}
    for path in paths:
        added = set(trees.upstream[path].added)
        before = {(r.value, r.field) for r in _rewrites_in(trees.blobs(trees.base, [path])[path], path, names, None)}
        for rewrite in _rewrites_in(trees.blobs(trees.theirs, [path])[path], path, names, added):
            if (rewrite.value, rewrite.field) not in before:
                found.setdefault(rewrite.value, rewrite)
    return found


def _tests(line: str, names: set[str]) -> bool:
    return ("==" in line or " in " in line) and bool(names & set(_STRING.findall(line)) or _IN_NAME.search(line))


def _rewrites_in(text: str | None, path: str, names: set[str], lines: set[int] | None) -> Iterator[Rewrite]:
    """The rewrites of ``names`` in ``text`` (those whose ``if`` starts on one of ``lines``, if given).  A
    value the class's methods also set the field to is one of its states, not a rewrite (#20625's parser
    steps ``current_state`` from "idle" to "think", and sets "idle" again at the end of a turn)."""
    module = parse_python(text, path) if text is not None else None
    tuples = _module_strings(module) if module is not None else {}
    for cls in file_classes(module.body) if module is not None else ():
        methods = [
            (method, method.args.args[0].arg)
            for method in cls.body
            if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef) and method.args.args and not is_static(method)
        ]
        states = {state for method, me in methods for state in _set_strings(method, me)}
        for method, me in methods:
            for node in ast.walk(method):
                if isinstance(node, ast.If) and (lines is None or node.lineno in lines):
                    yield from (
                        r for r in _rewrite(node, path, names, me, cls.name, tuples) if (r.field, r.value) not in states
                    )


def _set_strings(method: ast.FunctionDef | ast.AsyncFunctionDef, me: str) -> Iterator[tuple[str, str]]:
    """(field, value) of each ``me.field = "value"`` in the method."""
    for node in ast.walk(method):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == me:
                    yield target.attr, node.value.value


def _rewrite(
    node: ast.If, path: str, names: set[str], me: str, owner: str, tuples: dict[str, set[str]]
) -> Iterator[Rewrite]:
    """``if me.field == value: me.field = "to"`` (``me``: the method's own object)."""
    test = node.test
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.left, ast.Attribute):
        return
    if not isinstance(test.left.value, ast.Name) or test.left.value.id != me:
        return
    tested = _tested_values(test.ops[0], test.comparators[0], tuples) & names
    subject = ast.unparse(test.left)
    for stmt in node.body:  # the body's own statements: a nested ``if`` rewrites only sometimes
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and ast.unparse(stmt.targets[0]) == subject
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
        ):
            for value in sorted(tested - {stmt.value.value}):
                yield Rewrite(value, test.left.attr, stmt.value.value, path, node.lineno, owner)


def written_for_both(own: OwnFields, compare: ast.Compare, new: Collection[str]) -> bool:
    """The function the fork's comparison sits in (at module level: the ``or``/``and``/``not`` it sits in)
    also names one of the ``new`` values (what upstream now rewrites the field to, what its ``Literal``
    accepts only now): in the comparison (``x.f in ("naive", "allgather_reducescatter")``), or-ed with it,
    or as what the fork folds the value to itself (``"allgather_reducescatter" if x.f == "naive" else
    x.f``).  It is written for both sides of the change."""
    return any(str_value(node) in new for node in ast.walk(written_scope(compare, own.parents)))


def own_field_compared(own: OwnFields, compare: ast.Compare, field: str) -> bool:
    """The comparison reads ``field`` of a class of the fork file's own (``plan.all2all_backend`` where
    ``plan: AeonMoEPlan``, or ``self`` in it): the fork's value, which upstream's setup never sees."""
    sides = [compare.left, *compare.comparators]
    return any(isinstance(side, ast.Attribute) and side.attr == field and own.holds(side, compare) for side in sides)


def _tested_values(op: ast.cmpop, right: ast.expr, tuples: dict[str, set[str]] | None = None) -> set[str]:
    """The strings ``x == "v"`` or ``x in ("v", "w")`` is true for; ``x in NAME`` of a module-level name bound
    once to such a display (``tuples``)."""
    if isinstance(op, ast.In) and isinstance(right, ast.Name):
        return set((tuples or {}).get(right.id, set()))
    if isinstance(op, ast.Eq):
        values = [right]
    elif isinstance(op, ast.In) and isinstance(right, ast.Tuple | ast.List | ast.Set):
        values = right.elts
    else:
        return set()
    return {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}


def _module_strings(module: ast.Module) -> dict[str, set[str]]:
    """Module-level names bound once, to a display of strings only (``MTP_MODEL_TYPES = ("deepseek_mtp", ...)``)."""
    bound: dict[str, list[ast.expr]] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            bound.setdefault(stmt.targets[0].id, []).append(stmt.value)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            bound.setdefault(stmt.target.id, []).append(stmt.value)
    found: dict[str, set[str]] = {}
    for name, values in bound.items():
        display = values[0]
        if len(values) == 1 and isinstance(display, ast.Tuple | ast.List | ast.Set) and display.elts:
            strings = {e.value for e in display.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            if len(strings) == len(display.elts):
                found[name] = strings
    return found
