"""A deprecated value's alias dropped: upstream's class no longer maps the old value onto the new one.

#37537 deprecated the ``"score"`` pooling task: it left ``PoolingTask``'s ``Literal`` and ``PoolingParams.verify``
kept it working with ``if self.task == "score": ... self.task = "classify"``.  #37861 removed that branch.  A
fork's ``PoolingParams(task="score")`` merges cleanly and is refused at ``verify`` (an unknown task) -- or, in
a class whose other branches fall through, runs on a value nothing handles.  No ``Literal`` lost the value in
the change (dropped-choice drift's question), and the word lives on elsewhere (name drift's).

An alias was dropped when a method of a class of the file, at the merge base, tests one of its fields
against the value and, in that branch, writes the field another string (``self.task = "classify"``); at
upstream the class still declares the field, the file quotes the value nowhere, and no served upstream file
tests the field against it or maps it to the alias in a dict display (the shim moved, not gone).  The drop
is keyed as dropped-choice drift's are, (value, field); the finding is tied to the class: a keyword to its
constructor, or a comparison reading the field off a receiver typed as it.

Cheap first: only the strings the fork passes or compares are looked for, on upstream's removed lines of a
file where such a line compares and another writes a field of ``self`` a string; only those files are parsed,
at both sides, and another file is read only for a drop found: a ``git grep`` for the value.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.domain.audits.diffs import TEST_FOLDERS
from aeon_release.domain.audits.drift.dropped_choices import Dropped
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.source import lazy_pattern, parse_python, str_value

_ELSEWHERE = 40  # the most other upstream files quoting the value that are read for a moved shim


def dropped_aliases(trees: ThreeTrees, names: set[str]) -> dict[tuple[str, str], Dropped]:
    """(value, field) -> its drop, for the values among ``names`` whose alias a class's method lost."""
    found: dict[tuple[str, str], Dropped] = {}
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _compares_one(trees.upstream[p].removed, names)]
    befores, afters = trees.blobs(trees.base, paths), trees.blobs(trees.theirs, paths)
    for path in paths:
        before, after = befores[path], afters[path]
        old = parse_python(before, path) if before is not None else None
        new = parse_python(after, path) if after is not None else None
        if old is None or new is None or after is None:
            continue
        fields = _fields(new)
        for cls, method, field, value, alias in _aliases(old):
            if value in names and field in fields.get(cls, ()) and not _quotes(after, value):
                where = f"{cls}.{method}"
                found.setdefault((value, field), Dropped(value, field, frozenset({cls}), where, (), path, (), alias))
    return {key: drop for key, drop in found.items() if not _moved(trees, drop)}


def _compares_one(removed: list[str], names: set[str]) -> bool:
    """A removed line compares a field with a wanted value (``if self.task == "score":``) and another writes
    a field a string (``self.task = "classify"``): a big merge parses only the few files that hold both."""
    return any(_WRITES.match(line) for line in removed) and any(
        "==" in line and names & set(_QUOTED.findall(line)) for line in removed
    )


_QUOTED = lazy_pattern(r"""["']([^"'\s]{1,100})["']""")
_WRITES = lazy_pattern(r"""\s*self\.\w+\s*=\s*["']""")


def _quotes(text: str, value: str) -> bool:
    return f'"{value}"' in text or f"'{value}'" in text


def _fields(module: ast.Module) -> dict[str, set[str]]:
    """class -> the fields its body declares (``task: PoolingTask | None = None``)."""
    return {
        cls.name: {s.target.id for s in cls.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}
        for cls in file_classes(module.body)
    }


def _aliases(module: ast.Module) -> Iterator[tuple[str, str, str, str, str]]:
    """(class, method, field, value, alias) of each ``if self.field == "value": ... self.field = "alias"`` in a
    method of a class of the module that declares the field."""
    fields = _fields(module)
    for cls in file_classes(module.body):
        for method in (s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))):
            for node in ast.walk(method):
                if isinstance(node, ast.If) and (tested := _tested(node.test)) is not None:
                    field, value = tested
                    alias = _written(node.body, field)
                    if field in fields[cls.name] and alias is not None and alias != value:
                        yield cls.name, method.name, field, value, alias


def _tested(test: ast.expr) -> tuple[str, str] | None:
    """(field, value) of ``self.field == "value"`` (either way round)."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return None
    left, right = test.left, test.comparators[0]
    for side, other in ((left, right), (right, left)):
        if _self_field(side) and (value := str_value(other)) is not None:
            assert isinstance(side, ast.Attribute)
            return side.attr, value
    return None


def _self_field(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def _written(body: list[ast.stmt], field: str) -> str | None:
    """The string a branch's own statements write the field (``self.task = "classify"``)."""
    for stmt in body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            if _self_field(target) and isinstance(target, ast.Attribute) and target.attr == field:
                return str_value(stmt.value)
    return None


def _moved(trees: ThreeTrees, drop: Dropped) -> bool:
    """A served upstream file still tests the field against the value, or maps the value to its alias in a
    dict display: the shim moved (a validator, a table of renames), the value is still accepted."""
    quoting = trees.python_files_with((f'"{drop.value}"', f"'{drop.value}'"))
    served = sorted(p for p in quoting if p.split("/", 1)[0] not in TEST_FOLDERS)
    if len(served) > _ELSEWHERE:
        return True  # too common a word to rule a move out: quiet
    value = re.escape(drop.value)
    tests = re.compile(
        rf"""\b{re.escape(drop.field)}\b[^\n]*(?:==|!=|\bin\b)[^\n]*["']{value}["']"""
        rf"""|["']{value}["'][^\n]*(?:==|!=)[^\n]*\b{re.escape(drop.field)}\b"""
        rf"""|["']{value}["']\s*:\s*["']{re.escape(drop.alias)}["']"""
    )
    texts = {p: t for p, t in trees.blobs(trees.theirs, served).items() if t is not None}
    return any(tests.search(text) for text in texts.values()) or _made_first_class(trees, drop, texts)


def _made_first_class(trees: ThreeTrees, drop: Dropped, texts: dict[str, str]) -> bool:
    """The value became one of the field's own values, so the shim had nothing left to map: a served
    upstream file binds a name to a tuple/set/list/``Literal`` of strings holding it, and the class's file
    (or another served one) reads the field with that name (``self.task not in POOLING_TASKS``, ``task:
    PoolingTask``) -- ``POOLING_TASKS = ("embed", "classify", "score")`` once ``"score"`` was a task."""
    bound = {name for path, text in texts.items() for name in _bound_to_values(text, path, drop.value)}
    if not bound:
        return False
    names = "|".join(re.escape(name) for name in sorted(bound))
    uses = re.compile(rf"\b{re.escape(drop.field)}\b[^\n]*\b(?:{names})\b")
    own = trees.blobs(trees.theirs, [drop.path]).get(drop.path)
    return any(text is not None and uses.search(text) for text in (own, *texts.values()))


def _bound_to_values(text: str, path: str, value: str) -> Iterator[str]:
    """The module-level names bound to a collection of strings (``Literal[...]`` included) holding ``value``."""
    module = parse_python(text, path)
    for stmt in module.body if module is not None else ():
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, bound = stmt.targets[0], stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            target, bound = stmt.target, stmt.value
        else:
            continue
        if isinstance(target, ast.Name) and value in _strings(bound):
            yield target.id


def _strings(node: ast.expr) -> set[str]:
    """The strings of a tuple/set/list display, of ``frozenset(...)``/``set(...)`` of one, or of ``Literal[...]``."""
    if isinstance(node, ast.Call) and len(node.args) == 1:
        return _strings(node.args[0])
    if isinstance(node, ast.Subscript) and ast.unparse(node.value).rsplit(".", 1)[-1] == "Literal":
        node = node.slice if isinstance(node.slice, ast.Tuple) else ast.Tuple(elts=[node.slice])
    if not isinstance(node, ast.Tuple | ast.Set | ast.List):
        return set()
    values = [str_value(e) for e in node.elts]
    return {v for v in values if v is not None} if all(v is not None for v in values) else set()
