"""Folded factors: upstream now multiplies a field by another field of its class, and the fork multiplies them too.

#24899 (922979bfcc) taught ``ParallelConfig.__post_init__`` to count the data-parallel ranks into the world
under torchrun: ``if self.distributed_executor_backend == "external_launcher": self.world_size *=
self.data_parallel_size``.  A fork that had run data parallel under torchrun before upstream did computed the
same product itself (``if pc.distributed_executor_backend == "external_launcher": return pc.world_size *
pc.data_parallel_size``); the line merges cleanly and now counts the factor twice -- a world of TP x PP x DP x DP
ranks, no error (blind_replay_cfgparts).  Offsets applied twice (``drift/offsets.py``) are the additive kin.

Upstream's side: a class of a changed file whose method (``__post_init__``, ``__init__``, a validator ...) now
folds one of the instance's fields into another -- ``self.a *= self.b`` or ``self.a = self.a * self.b`` -- where
no method of the class did at the base; the ``if`` tests the fold sits under are its condition.  The fork's
side, on a line it owns: a product (a chain of ``*``) of ``x.a`` and ``x.b`` off one receiver typed as that
class (an annotation, a build, ``self`` in a subclass).  An error where the fold is unconditional or the fork's
product runs under the fold's own tests (spelt off its receiver); a warning where the fold is conditional and
the fork's product is not under those tests (it may run on the other path, where the field was left alone).
Quiet: a receiver the engine cannot type, or one of the fork's own class of that name, a quotient (``x.a //
x.b`` is the fork reading the new meaning), a fold the base already had, a product of other fields; since
review85 a field the fork's function stores itself, and a product under a test that the field still equals the
other fields it was made of (``x.a == x.c * x.d``: the factor is not in yet).

Cheap first: only upstream files a run of whose consecutive added lines folds a ``self.`` field, and only fork
files a run of whose added lines names both (mend67: a statement wrapped over lines, read a line at a time, was
missed).
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TypeGuard

from aeon_release.domain.audits.drift.fallbacks import runs_tested
from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing, file_classes, set_in
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import OFFSET_TWICE as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import child_blocks, lazy_pattern, parent_map

# an added line folding one ``self.`` field into another: ``self.a *= self.b``, ``self.a = self.a * self.b``
_FOLD_LINE = lazy_pattern(
    r"\bself\.(\w+)\s*(?:\*=|=\s*self\.\1\s*\*)\s*self\.\w+|\bself\.(\w+)\s*=\s*self\.\w+\s*\*\s*self\.\2\b"
)
_MOST_FILES = 32
_UNKNOWN = "?"  # a condition not written as an ``if``'s own test (an ``else`` branch): never matched
# the statements whose body may not run where the method does (mend62): a fold in one is conditional
_BRANCHING = (ast.match_case, ast.ExceptHandler, ast.While, ast.For, ast.AsyncFor)


@dataclass(frozen=True)
class Fold:
    """``owner.field`` (in ``path``) is now multiplied by ``owner.factor`` at ``line``, under ``tests``."""

    path: str
    owner: str
    field: str
    factor: str
    line: int
    tests: tuple[str, ...]  # the ``if`` tests the fold sits under, spelt off ``self``


def folded_factor_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork products of a field and a factor upstream now folds into that field."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p)][:_MOST_FILES]
    folds = [f for path, old, new in parsed_versions(trees, paths) for f in _new_folds(path, old, new)] if paths else []
    if not folds:
        return []
    naming = {  # the lines of a run of added lines naming both: a product may wrap (mend67)
        line
        for change in (c for p, c in trees.mine.items() if p.endswith(".py"))
        for run in _runs(change.added)
        if any(_names_both(" ".join(run), f) for f in folds)
        for line in run
    }
    return [
        _finding(trees, path, node, fold, sure, pr_pattern)
        for path, module, owned in fork_modules(trees, naming.__contains__)
        for node, fold, sure in _products(trees, path, module, owned, folds)
    ]


def _candidate(trees: ThreeTrees, path: str) -> bool:
    """A run of consecutive added lines folds a ``self.`` field: a fold wrapped over two lines of one statement
    (``self.a = (\n    self.a * self.b\n)``) was missed when read a line at a time (mend67).  Brackets are
    dropped from the run's text: a gate only, the parse decides."""
    runs = (" ".join(run).replace("(", " ").replace(")", " ") for run in _runs(trees.upstream[path].added))
    return any("self." in text and _FOLD_LINE.search(text) for text in runs)


def _runs(added: Mapping[int, str]) -> Iterator[list[str]]:
    """The added lines, in runs of consecutive line numbers."""
    run: list[str] = []
    last = -2
    for number in sorted(added):
        if run and number != last + 1:
            yield run
            run = []
        run.append(added[number])
        last = number
    if run:
        yield run


def _names_both(line: str, fold: Fold) -> bool:
    return f".{fold.field}" in line and f".{fold.factor}" in line


def _new_folds(path: str, old: ast.Module, new: ast.Module) -> Iterator[Fold]:
    had = {(f.owner, f.field, f.factor) for f in _folds(path, old)}
    yield from (f for f in _folds(path, new) if (f.owner, f.field, f.factor) not in had)


def _folds(path: str, module: ast.Module) -> Iterator[Fold]:
    for cls in file_classes(module.body):
        for method in (s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)):
            parents = parent_map(method)
            for node in (n for n in ast.walk(method) if isinstance(n, ast.stmt)):
                pair = _folded(node)
                if pair is not None and pair[0] != pair[1]:
                    yield Fold(path, cls.name, *pair, node.lineno, _tests_above(node, method, parents))


def _folded(node: ast.AST) -> tuple[str, str] | None:
    """(field, factor) of ``self.field *= self.factor`` or ``self.field = self.field * self.factor`` (either
    operand order)."""
    if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Mult):
        field, factor = _self_field(node.target), _self_field(node.value)
        return (field, factor) if field and factor else None
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.BinOp)):
        return None
    field, value = _self_field(node.targets[0]), node.value
    if field is None or not isinstance(value.op, ast.Mult):
        return None
    left, right = _self_field(value.left), _self_field(value.right)
    if left == field and right:
        return field, right
    return (field, left) if right == field and left else None


def _self_field(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr
    return None


def _tests_above(node: ast.AST, method: ast.AST, parents: dict[int, ast.AST]) -> tuple[str, ...]:
    """The tests of the ``if`` statements whose body holds ``node``; ``?`` for an ``else`` branch, and for any
    other way the fold may not run (mend62: a ``case`` of a ``match``, an ``except``, a loop's body, the rest of a
    block after ``if ...: return``), which an unconditional reading would make an error."""
    tests: list[str] = []
    child, up = node, parents.get(id(node))
    while up is not None and child is not method:
        if isinstance(up, ast.If) and child is not up.test:
            tests.append(ast.unparse(up.test) if any(s is child for s in up.body) else _UNKNOWN)
        elif isinstance(up, _BRANCHING) or _returned_before(child, up):
            tests.append(_UNKNOWN)
        child, up = up, parents.get(id(up))
    return tuple(tests)


def _returned_before(child: ast.AST, holder: ast.AST) -> bool:
    """An ``if`` before ``child`` in its block returns: ``child`` runs only where that test failed (a ``raise``
    is left out: a config's ``__post_init__`` refuses bad values first, and its fold runs on every good one)."""
    if not isinstance(child, ast.stmt) or not isinstance(holder, ast.stmt):
        return False
    block = next((b for b in child_blocks(holder) if any(s is child for s in b)), [])
    before = block[: next(i for i, s in enumerate(block) if s is child)] if block else []
    return any(isinstance(s, ast.If) and s.body and isinstance(s.body[-1], ast.Return) for s in before)


def _products(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], folds: list[Fold]
) -> Iterator[tuple[ast.BinOp, Fold, bool]]:
    """(the product, the fold it repeats, whether it runs under the fold's condition) of each fork-owned product
    of a folded field and its factor off one receiver typed as the fold's class."""
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    for node in ast.walk(module):
        if not _outer_product(node, parents) or node.lineno not in owned:
            continue
        by_receiver: dict[str, dict[str, ast.Attribute]] = {}
        for factor in _factors(node):
            if isinstance(factor, ast.Attribute) and isinstance(factor.value, ast.Name):
                by_receiver.setdefault(factor.value.id, {})[factor.attr] = factor
        for fold in folds:
            for name, read in by_receiver.items():
                if fold.field in read and fold.factor in read:
                    receiver = read[fold.field].value
                    typed = typed_as(receiver, enclosing(node, parents), parents, fork.classes)
                    if fold.owner in typed and not fork.holds(fold.owner, fold.field, typed, fold.path):
                        if not _settled(node, read[fold.field], fold, parents):
                            yield node, fold, _under(node, fold, name, parents)


def _settled(node: ast.BinOp, field: ast.Attribute, fold: Fold, parents: dict[int, ast.AST]) -> bool:
    """The fork fixes the field's value itself (review85): its function stores ``x.field`` (the value is the
    fork's, not what upstream's method folded), or the product runs where a test found ``x.field`` equal to the
    other fields it was made of (``if pc.world_size == pc.tensor_parallel_size * pc.pipeline_parallel_size:``,
    or past its ``!=`` exiting: the factor is not in yet)."""
    if set_in(field, enclosing(node, parents)):
        return True
    receiver = ast.unparse(field.value)
    return runs_tested(
        node,
        parents,
        lambda test: _asks_unfolded(test, receiver, fold, (ast.Eq, ast.Is)),
        lambda test: _asks_unfolded(test, receiver, fold, (ast.NotEq, ast.IsNot)),
    )


def _asks_unfolded(test: ast.expr, receiver: str, fold: Fold, ops: tuple[type[ast.cmpop], ...]) -> bool:
    """``test`` compares ``receiver.field`` (by ``ops``) with an expression of the receiver's other fields that
    leaves the factor out: ``pc.world_size == pc.tensor_parallel_size * pc.pipeline_parallel_size``."""
    field, factor = f"{receiver}.{fold.field}", f"{receiver}.{fold.factor}"
    for compare in (n for n in ast.walk(test) if isinstance(n, ast.Compare) and len(n.ops) == 1):
        sides = [compare.left, compare.comparators[0]]
        texts = [ast.unparse(side) for side in sides]
        if not isinstance(compare.ops[0], ops) or field not in texts:
            continue
        reads = {ast.unparse(a) for a in ast.walk(sides[1 - texts.index(field)]) if isinstance(a, ast.Attribute)}
        if factor not in reads and any(r.startswith(f"{receiver}.") for r in reads):
            return True
    return False


def _outer_product(node: ast.AST, parents: dict[int, ast.AST]) -> TypeGuard[ast.BinOp]:
    """A ``*`` whose parent is no ``*``: the whole chain, once."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
        return False
    up = parents.get(id(node))
    return not (isinstance(up, ast.BinOp) and isinstance(up.op, ast.Mult))


def _factors(node: ast.expr) -> Iterator[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        yield from _factors(node.left)
        yield from _factors(node.right)
    else:
        yield node


def _under(node: ast.AST, fold: Fold, receiver: str, parents: dict[int, ast.AST]) -> bool:
    """The product runs under every test the fold does, spelt off the fork's receiver (or the fold has none)."""
    if _UNKNOWN in fold.tests:
        return False
    return all(runs_tested(node, parents, _asks(test, receiver), lambda _: False) for test in fold.tests)


def _asks(test: str, receiver: str) -> Callable[[ast.expr], bool]:
    def asked(expr: ast.expr) -> bool:
        return _as_self(expr, receiver) == test

    return asked


def _as_self(expr: ast.expr, receiver: str) -> str:
    """The test with the fork's receiver spelt ``self``: ``pc.backend == "x"`` -> ``self.backend == "x"``."""
    renamed = copy.deepcopy(expr)
    for node in ast.walk(renamed):
        if isinstance(node, ast.Name) and node.id == receiver:
            node.id = "self"
    return ast.unparse(renamed)


def _finding(trees: ThreeTrees, path: str, node: ast.BinOp, fold: Fold, sure: bool, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(fold.path, rf"self\.{fold.field}[[:space:]]*(\*=|=)", pr_pattern)
    where = f" when {' and '.join(fold.tests)}" if fold.tests else ""
    said = (
        f"fork-owned line multiplies {fold.field} by {fold.factor} ({ast.unparse(node)}), but upstream's "
        f"{fold.owner} now multiplies {fold.factor} into {fold.field} itself{where} ({fold.path}:{fold.line}{commit})"
    )
    if sure:
        return Finding(
            RULE,
            "merge",
            Severity.ERROR,
            path,
            node.lineno,
            f"{said}: the factor is counted twice; read {fold.field} alone",
        )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        node.lineno,
        f"{said}: where that holds the factor is counted twice; this line does not run under the same test, "
        f"check which path it takes",
    )
