"""Dropped fix-ups: upstream's class no longer stores a constant member into one of its fields; a fork tests for it.

#34523 (87789c8364) stopped the top config's ``__post_init__`` lowering ``self.optimization_level =
OptimizationLevel.O0`` when the model runs eager; it sets the compile mode and the CUDA-graph mode to NONE
instead.  A fork line ``config.optimization_level == OptimizationLevel.O0`` (its "is the engine eager"
test: skip its own graph warm-up) merges cleanly and is now false for every eager engine but one started with
``-O0``: the fork's path silently never runs, no error.  Nothing the fork names is gone (the field and the
member stay), so symbol drift stays quiet.  Upstream drops such fix-ups whenever a mode is re-expressed through
other fields.

Upstream's side: a class of a changed file some method of which, at the base, stored ``self.F = A.M`` (a
dotted constant: an enum member, a class constant) on a line the diff took out, while no method of the class
upstream stores that value into ``F`` any more (the store moved within the class keeps it), and the class still
has ``F`` (declared in its body or stored by a method: a field gone is symbol drift's).

The fork's side, on a line it owns, in a file naming the class: a comparison of an attribute ``F`` (off any
receiver but a parameter annotated without naming the class) with ``A.M`` (spelt with the same last two names).  A warning: the value can still come from the
user's own setting, so the test is not dead, only blind to the case the dropped fix-up put there.  Quiet: a
comparison with another member, a store that moved to another method of the class, a file that never names the
class, a parameter annotated with another class (the fork's own namesake field).

Widened (mend76): the constant may be a plain string, and the store may go through a field of the object
(``self.H.F = "s"``, a nested field ``H.F``, read by the fork as ``x.H.F``: it counts as kept only while the class
still stores it).  #43110 (d3a563501b) stopped ``ParallelConfig.__post_init__`` picking
``self.eplb_config.communicator = "torch_nccl"``.  The fork's side also reads an ``in`` a display holding the
constant, and a lookup ``TABLE[x.H.F]`` of a module table of constant keys holding the string; both stay quiet
when the display or table also names a constant the class newly stores into the field (written for both).

Cheap first: only upstream files whose removed lines store a dotted constant or a string on ``self``, parsed only
when some line the fork added holds one of those members (or strings' texts), and only fork files whose added
lines name one.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_added, parsed_versions
from aeon_release.domain.audits.drift.widened_literals import Choice, _tables
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import child_blocks, lazy_pattern

_MOST_FILES = 32
Keys = frozenset[Choice]
# a value as ``ast.unparse`` spells it that is a dotted constant off no ``self``, or a plain string
_CONSTANT = lazy_pattern(r"""^(?:(?!self\.)[A-Za-z_]\w*\.[A-Za-z_]\w*|'[^"'\s\\]{1,80}')$""")
# a removed line storing a dotted constant or a plain string on ``self`` or on an object a field of it holds:
# ``self.optimization_level = OptimizationLevel.O0``, ``self.eplb_config.communicator = "torch_nccl"``
_STORE = lazy_pattern(
    r"""^\s*self\.(\w+(?:\.\w+)?)\s*(?::[^=]+)?=\s*([A-Za-z_]\w*\.[A-Za-z_]\w*|"[^"'\s\\]{1,80}"|'[^"'\s\\]{1,80}')\s*$"""
)


@dataclass(frozen=True)
class Dropped:
    """``cls`` (in ``path``) no longer stores ``value`` (``A.M``, or a string as ``ast.unparse`` spells it:
    ``'torch_nccl'``) into its field ``field`` (``F``, or ``H.F``: the field ``F`` of the object ``self.H``)."""

    path: str
    cls: str
    field: str
    value: str
    added: frozenset[str] = frozenset()  # the values (as spelt) the class now stores into the field, newly

    @property
    def mark(self) -> str:
        """The text a fork line naming the value holds: the member's name, or the string's text."""
        if self.value[:1] in "'\"":
            return self.value[1:-1]
        return self.value.rpartition(".")[2]

    @property
    def needles(self) -> tuple[str, ...]:
        """The texts one of which a fork line naming the value holds: the member's name, or the string quoted."""
        if self.value[:1] in "'\"":
            return (f"'{self.mark}'", f'"{self.mark}"')
        return (self.mark,)


def dropped_fixup_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork comparisons of a field with the constant upstream's class no longer stores into it."""
    removed = {p: _removed_stores(trees, p) for p in sorted(trees.upstream) if p.endswith(".py")}
    paths = [p for p, pairs in removed.items() if pairs][:_MOST_FILES]
    # every finding is a fork file one of whose added lines holds the mark (fork_modules' own test below):
    # none such, and no upstream file need be parsed (perf30: 31 ms on the 80-commit bench)
    if not _fork_names({n for p in paths for f, v in removed[p] for n in Dropped("", "", f, v).needles}, trees):
        return []
    dropped = [d for path, old, new in parsed_versions(trees, paths) for d in _dropped(path, old, new, removed[path])]
    if not dropped:
        return []
    needles = {n for d in dropped for n in d.needles}
    return [
        _finding(trees, path, line, item, text, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in needles))
        for item, line, text in _fork_tests(module, dropped)
        if line in owned
    ]


def _fork_names(members: set[str], trees: ThreeTrees) -> bool:
    """Some line the fork added holds one of ``members`` (as ``fork_modules`` tests a line: a substring)."""
    return any(m in line for line in fork_added(trees) for m in members)


def _removed_stores(trees: ThreeTrees, path: str) -> set[tuple[str, str]]:
    """(field, constant as ``ast.unparse`` spells it) of the removed lines storing a constant on ``self``."""
    found = set()
    for line in trees.upstream[path].removed:
        if "self." in line and (m := _STORE.match(line)):
            value = m.group(2)
            found.add((m.group(1), repr(value[1:-1]) if value[0] in "'\"" else value))
    return found


def _dropped(path: str, old: ast.Module, new: ast.Module, removed: set[tuple[str, str]]) -> Iterator[Dropped]:
    wanted = {field for field, _ in removed}
    before, after = _class_stores(old, wanted), _class_stores(new, wanted)
    for cls, pairs in sorted(before.items()):
        if cls not in after:
            continue  # a class gone is symbol drift's
        kept = after[cls]
        # a nested field (``H.F``) is known only by the stores of it: the class must still store it
        fields = {f for f, _ in kept} | _declared(new, cls)
        for field, value in sorted(pairs & removed):
            if (field, value) not in kept and field in fields:
                added = frozenset(v for f, v in kept - pairs if f == field and _CONSTANT.match(v))
                yield Dropped(path, cls, field, value, added)


def _class_stores(module: ast.Module, wanted: set[str]) -> dict[str, set[tuple[str, str]]]:
    """Class name -> (field, value as spelt) of every ``self.field = value`` (and ``self.holder.field = value``,
    as ``holder.field``) in its methods (a value that is no constant is kept as spelt: the field is still
    stored), of the fields in ``wanted`` alone (perf41: the others' values were unparsed for nothing)."""
    found: dict[str, set[tuple[str, str]]] = {}
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef)):
        stores = found.setdefault(cls.name, set())
        for node in _statements(cls.body):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if (field := _self_field(target)) is not None and field in wanted:
                        stores.add((field, ast.unparse(node.value)))
    return found


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of the body and of the blocks nested in it (perf41: a store is a statement, so the
    expressions ``ast.walk`` went through hold none)."""
    for stmt in body:
        yield stmt
        for block in child_blocks(stmt):
            yield from _statements(block)


def _self_field(target: ast.expr) -> str | None:
    """``F`` for ``self.F``, ``H.F`` for ``self.H.F``; None for any other target."""
    if not isinstance(target, ast.Attribute):
        return None
    inner = target.value
    if isinstance(inner, ast.Name):
        return target.attr if inner.id == "self" else None
    if isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Name) and inner.value.id == "self":
        return f"{inner.attr}.{target.attr}"
    return None


def _declared(module: ast.Module, name: str) -> set[str]:
    """The fields the class's body declares (``field: T = ...``, ``field = ...``)."""
    for cls in (n for n in module.body if isinstance(n, ast.ClassDef) and n.name == name):
        return {
            t.id
            for stmt in cls.body
            if isinstance(stmt, ast.Assign | ast.AnnAssign)
            for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
            if isinstance(t, ast.Name)
        }
    return set()


def _fork_tests(module: ast.Module, dropped: list[Dropped]) -> Iterator[tuple[Dropped, int, str]]:
    """(dropped store, line, the test as shown) of each comparison of the field with its constant (an ``in``
    a display holding it too) and each lookup of the field in a module table keyed by it, in a file naming the
    store's class."""
    named = {n.id for n in ast.walk(module) if isinstance(n, ast.Name)} | {
        a.asname or a.name for n in ast.walk(module) if isinstance(n, ast.ImportFrom) for a in n.names
    }
    items = [d for d in dropped if d.cls in named]
    if not items:
        return
    typed, tables = _annotated(module), _tables(module)
    for node in ast.walk(module):
        for item in items:
            if isinstance(node, ast.Compare) and _compares(node, item, typed):
                yield item, node.lineno, f"test `{ast.unparse(node)}`"
            elif isinstance(node, ast.Subscript) and _looks_up(node, item, typed, tables):
                yield item, node.lineno, f"lookup `{ast.unparse(node)}` (keyed by {item.value})"


def _compares(node: ast.Compare, item: Dropped, typed: dict[str, set[str]]) -> bool:
    """The comparison reads the field off a receiver that may be the class's object and names the constant
    (as a side, or in a display an ``in``/``not in`` tests)."""
    sides = [node.left, *node.comparators]
    named = [*sides, *_display_items(node)]
    if any(_spells(x, new) for x in named for new in item.added):
        return False  # a display naming the value upstream stores now too was written for both
    # a parameter annotated with another class is not the class's object (``k: Knob``)
    return any(_reads(x, item, typed) for x in sides) and any(_spells(x, item.value) for x in named)


def _display_items(node: ast.Compare) -> Iterator[ast.expr]:
    for op, right in zip(node.ops, node.comparators, strict=True):
        if isinstance(op, ast.In | ast.NotIn) and isinstance(right, ast.Tuple | ast.List | ast.Set):
            yield from right.elts


def _looks_up(node: ast.Subscript, item: Dropped, typed: dict[str, set[str]], tables: dict[str, Keys]) -> bool:
    """``TABLE[x.F]`` of a fork module table of constant keys holding the dropped string: that entry was for the
    case the fix-up put there."""
    table = node.value
    if not isinstance(node.ctx, ast.Load) or not isinstance(table, ast.Name) or table.id not in tables:
        return False
    keys, is_string = tables[table.id], item.value == repr(item.mark)
    if any(new[1:-1] in keys for new in item.added if new[:1] == "'"):
        return False  # a table with a key for the value upstream stores now too was written for both
    return is_string and item.mark in keys and _reads(node.slice, item, typed)


def _reads(expr: ast.expr, item: Dropped, typed: dict[str, set[str]]) -> bool:
    """``expr`` reads the field (``x.F``, ``x.H.F`` for a nested one) off a receiver that may be the class's
    object."""
    receiver: ast.expr = expr
    for name in reversed(item.field.split(".")):
        if not isinstance(receiver, ast.Attribute) or receiver.attr != name:
            return False
        receiver = receiver.value
    return _may_be(receiver, item.cls, typed)


def _annotated(module: ast.Module) -> dict[str, set[str]]:
    """Parameter name -> the words of its annotations in the module's functions."""
    found: dict[str, set[str]] = {}
    for func in (n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        for arg in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]:
            if arg.annotation is not None:
                found.setdefault(arg.arg, set()).update(re.findall(r"\w+", ast.unparse(arg.annotation)))
    return found


def _may_be(receiver: ast.expr, cls: str, typed: dict[str, set[str]]) -> bool:
    """The receiver may be an object of ``cls``: anything but a parameter annotated without naming it."""
    return not isinstance(receiver, ast.Name) or receiver.id not in typed or cls in typed[receiver.id]


def _spells(expr: ast.expr, value: str) -> bool:
    """``expr`` is the dotted constant ``value`` (its last two names: ``mod.OptimizationLevel.O0`` too), or the
    string ``value`` spells."""
    if value[:1] in "'\"":
        return isinstance(expr, ast.Constant) and repr(expr.value) == value
    owner, _, member = value.partition(".")
    if not isinstance(expr, ast.Attribute) or expr.attr != member:
        return False
    base = expr.value
    return (isinstance(base, ast.Name) and base.id == owner) or (isinstance(base, ast.Attribute) and base.attr == owner)


def _finding(trees: ThreeTrees, path: str, line: int, item: Dropped, text: str, pr_pattern: str) -> Finding:
    field = re.escape(item.field)
    value = f"[\"']{re.escape(item.mark)}[\"']" if item.value[:1] in "'\"" else re.escape(item.value)
    commit = trees.upstream_commit(item.path, rf"self\.{field}[[:space:]]*=[[:space:]]*{value}", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned {text}, but upstream ({item.path}{commit}) no longer stores {item.value} into "
        f"{item.cls}.{item.field}: the fix-up that set it is gone, so this test no longer sees the case it put "
        f"there (a warning: the value may still come from a caller's own setting)",
    )
