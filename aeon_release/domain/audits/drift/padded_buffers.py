"""Padded buffers: upstream allocates a buffer one (or k) entries longer along a dimension; a fork line reads that
dimension from its end, or compares its size with the old length.

#28896 (02f5903b84) made the EAGLE proposer's ``self.mrope_positions = torch.zeros((3, self.max_num_tokens),
...)`` ``(3, self.max_num_tokens + 1)``: one dummy column on purpose, so the buffer is non-contiguous for
torch.compile.  A fork subclass's ``self.mrope_positions[:, -1]`` (the last slot's M-RoPE triple) now reads the
dummy, and its ``self.mrope_positions.shape[1] == self.max_num_tokens`` no longer holds, after a clean merge.

Upstream's side: an attribute (``self.X = maker(shape, ...)``, ``maker`` one of torch's or numpy's
``zeros``/``empty``/``ones``/``full``, the shape a tuple or the leading positional sizes) that each version of
a changed file assigns once, the same rank in both, one size ``E`` at the base and ``E + k`` upstream (``k`` a
positive int), every other size the same text.  The fork's side, on lines it owns: ``R.X[...]`` whose index
along that dimension is a negative constant (a slice bound too: ``[:, -2:]``), and ``R.X.shape[d]`` or
``R.X.size(d)`` compared (``==``/``!=``) with ``E`` spelt as the base spelt it; and (mend77) ``R.X.copy_(t)`` or ``t.copy_(R.X)``, ``t`` a local the function
binds once to a maker of the same rank whose size along that dimension is ``E`` spelt as the base spelt it (the
shapes no longer match: ``copy_`` raises).  An error when ``R`` is
``self`` in a class whose bases name a class of the changed file; a warning for another receiver (it may be
another object with a field of that name).  Quiet: an index from the front (``[:, :n]``, ``[:, E - 1]``), a
comparison with ``E + k``, a fork file assigning ``.X`` itself, a copy with a local of the new size or into a slice,
and (review130) a copy the fork shields: in a ``try`` body catching RuntimeError (``Exception``, bare), or under
an ``if``/``while`` whose test asks either side's size (``.shape``, ``.size()``, ``len()``).

Cheap first: only upstream files whose diff adds a line it removed with a ``+ k`` after a size, a maker on it
or on the three lines above, are parsed (both versions, at most 8), and only fork files whose added lines read
``.X`` for a changed ``X``.
"""

from __future__ import annotations

import ast
import collections
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import FileChange, ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_MOST_FILES = 8
_MAKERS = frozenset({"zeros", "empty", "ones", "full"})
_MAKER = lazy_pattern(r"\b(?:torch|np|numpy)\.(?:zeros|empty|ones|full)\(")
_ABOVE = 3  # lines above a padded size its maker may open on
# an added line of a diff with a ``+ k`` closing a size: one scan of the raw diff before its lines are read
_PAD_LINE = lazy_pattern(r"^\+[^\n]*\+[ \t]*\d+[ \t]*[),\]]", re.MULTILINE)
# a fork line reading from an end (``[:, -1]``, ``[-2:]``), asking a size (``.shape[``, ``.size(``) or copying a
# whole tensor (``.copy_(``)
_FORK_READ = lazy_pattern(r"\[[^\]\n]*-[ \t]*\d|\.shape\[|\.size\(|\.copy_\(")
# ``+ k`` closing a size: the added line is a removed one with the pad (a shape often sits on its own line)
_PAD = lazy_pattern(r"\s*\+\s*\d+(?=\s*[),\]])")


@dataclass(frozen=True)
class Padded:
    """``attr``'s allocation, dimension ``dim`` of ``rank``, is ``old`` + ``pad`` upstream where it was ``old``."""

    path: str
    line: int
    attr: str
    dim: int
    rank: int
    old: str
    pad: int
    classes: frozenset[str]  # the classes the changed file declares


def padded_buffer_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    if not any(_FORK_READ.search(t) for p in trees.mine if p.endswith(".py") for t in trees.mine[p].added.values()):
        return []  # no fork line reads a buffer from its end or asks a size
    pads = {
        p: n
        for p in sorted(trees.upstream)
        if p.endswith(".py") and _PAD_LINE.search(trees.upstream.raw(p)) and (n := _pads(trees.upstream[p]))
    }
    if not pads:
        return []
    texts = trees.blobs(trees.theirs, sorted(pads)[: 4 * _MOST_FILES])
    paths = [p for p, text in texts.items() if text and _made_near(text, pads[p])][:_MOST_FILES]
    if not paths:
        return []
    padded = {b.attr: b for path, old, new in parsed_versions(trees, paths) for b in _padded(path, old, new)}
    if not padded:
        return []
    read = re.compile(r"\.(" + "|".join(map(re.escape, sorted(padded))) + r")\b")
    findings = []
    for path, module, owned in fork_modules(trees, read.search):
        text = trees.merged_text(path) or ""
        mine = {b for b in padded if re.search(rf"\.{re.escape(b)}\s*(?::[^=\n]*)?=(?!=)", text)}
        for line, buffer, how, sure in _uses(module, owned, {k: v for k, v in padded.items() if k not in mine}):
            findings.append(_finding(trees, path, line, buffer, how, sure, pr_pattern))
    return findings


# -- upstream's side ---------------------------------------------------------------------------------
def _pads(change: FileChange) -> list[int]:
    """The lines the diff added that it removed too, but for a ``+ k`` put after a size."""
    added = [(n, t) for n, t in change.added.items() if "+" in t]
    if not added:
        return []
    removed = {t.strip() for t in change.removed}
    return [n for n, t in added if _PAD.search(t) and _PAD.sub("", t).strip() in removed]


def _made_near(text: str, lines: list[int]) -> bool:
    """A maker (``torch.zeros(`` ...) on one of the padded lines or the few above it (a shape on its own line)."""
    rows = text.split("\n")
    return any(_MAKER.search(row) for n in lines for row in rows[max(0, n - 1 - _ABOVE) : n])


def _padded(path: str, old: ast.Module, new: ast.Module) -> Iterator[Padded]:
    before, after = _allocations(old), _allocations(new)
    classes = frozenset(c.name for c in file_classes(new.body))
    for attr, (line, sizes) in after.items():
        was = before.get(attr)
        if was is None or len(was[1]) != len(sizes):
            continue
        grown = [
            (dim, pad)
            for dim, (a, b) in enumerate(zip(was[1], sizes, strict=True))
            if a != b and (pad := _padding(a, b)) is not None
        ]
        same = sum(a == b for a, b in zip(was[1], sizes, strict=True))
        if len(grown) == 1 and same == len(sizes) - 1:
            dim, pad = grown[0]
            yield Padded(path, line, attr, dim, len(sizes), was[1][dim], pad, classes)


def _allocations(module: ast.Module) -> dict[str, tuple[int, list[str]]]:
    """``self.X = maker(shape, ...)`` assigned once in the file: X -> (line, the sizes' texts)."""
    found: dict[str, tuple[int, list[str]]] = {}
    twice: set[str] = set()
    for node in ast.walk(module):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Attribute)):
            continue
        attr = node.targets[0].attr
        sizes = _sizes(node.value)
        if sizes is None:
            continue
        if attr in found:
            twice.add(attr)
        found[attr] = (node.lineno, sizes)
    return {k: v for k, v in found.items() if k not in twice}


def _sizes(value: ast.expr) -> list[str] | None:
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _MAKERS):
        return None
    if not (isinstance(value.func.value, ast.Name) and value.func.value.id in ("torch", "np", "numpy")):
        return None
    if not value.args:
        return None
    shape = value.args[0]
    if isinstance(shape, ast.Tuple | ast.List):
        return [ast.unparse(e) for e in shape.elts]
    if value.func.attr == "full" or value.func.value.id != "torch":
        return [ast.unparse(shape)]
    return [ast.unparse(a) for a in value.args if not isinstance(a, ast.Starred)]


def _padding(old: str, new: str) -> int | None:
    """k when ``new`` is ``old + k`` (k a positive int)."""
    try:
        grown = ast.parse(new, mode="eval").body
    except SyntaxError:
        return None
    if (
        isinstance(grown, ast.BinOp)
        and isinstance(grown.op, ast.Add)
        and isinstance(grown.right, ast.Constant)
        and type(grown.right.value) is int
        and grown.right.value > 0
        and ast.unparse(grown.left) == old
    ):
        return grown.right.value
    return None


# -- the fork's side ---------------------------------------------------------------------------------
def _uses(module: ast.Module, owned: set[int], padded: dict[str, Padded]) -> Iterator[tuple[int, Padded, str, bool]]:
    """(line, buffer, how, sure) of each owned read from the end of a padded dimension, or size compared."""
    handled, guarded = _width_guards(module, padded)
    makers: _Makers | None = None
    for cls, node in _nodes(module):
        if getattr(node, "lineno", None) not in owned or id(node) in handled or id(node) in guarded:
            continue
        if isinstance(node, ast.Call) and _copy_pair(node) is not None:
            makers = makers if makers is not None else _Makers(module)
            copied = makers.copied(node, padded)
            if copied is not None:
                yield node.lineno, copied[0], "copy", _sure(cls, copied[1], copied[0])
            continue
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
            buffer = padded.get(node.value.attr)
            if buffer is not None and _from_end(node.slice, buffer):
                yield node.lineno, buffer, "index", _sure(cls, node.value.value, buffer)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq | ast.NotEq):
            for side, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
                held = _size_of(side, padded)
                if held is not None and ast.unparse(other) == held[0].old:
                    yield node.lineno, held[0], "size", _sure(cls, held[1], held[0])
                    break


def _copy_pair(node: ast.AST) -> tuple[ast.expr, ast.expr] | None:
    """(destination, source) of ``dst.copy_(src)`` (one argument, positional)."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "copy_"
        and len(node.args) == 1
        and not isinstance(node.args[0], ast.Starred)
    ):
        return node.func.value, node.args[0]
    return None


class _Makers:
    """Each function's names bound once, to a maker call (``torch.zeros(shape, ...)``): name -> the sizes' texts."""

    def __init__(self, module: ast.Module) -> None:
        self.func_of: dict[int, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        for func in ast.walk(module):  # breadth first: an inner def's nodes end up its own
            if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                for n in ast.walk(func):
                    self.func_of[id(n)] = func
        self._bound: dict[int, dict[str, list[str]]] = {}
        self._parents: dict[int, dict[int, ast.AST]] = {}

    def sizes(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, list[str]]:
        """The function's names stored once (any store: a loop's target, ``:=``, ``+=`` count), by ``name =
        maker(...)``."""
        if id(func) not in self._bound:
            stores = collections.Counter(
                n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
            )
            made: dict[str, list[str]] = {}
            for n in ast.walk(func):
                target = n.targets[0] if isinstance(n, ast.Assign) and len(n.targets) == 1 else None
                target = n.target if isinstance(n, ast.AnnAssign) else target
                value = n.value if isinstance(n, ast.Assign | ast.AnnAssign) else None
                if isinstance(target, ast.Name) and stores[target.id] == 1 and value is not None:
                    if (sizes := _sizes(value)) is not None:
                        made[target.id] = sizes
            self._bound[id(func)] = made
        return self._bound[id(func)]

    def copied(self, node: ast.AST, padded: dict[str, Padded]) -> tuple[Padded, ast.expr] | None:
        """(buffer, its receiver) when ``node`` copies between ``R.X`` (padded) and a local allocated with the
        buffer's old size along the padded dimension (the same rank): the two shapes no longer match."""
        pair = _copy_pair(node)
        func = self.func_of.get(id(node))
        if pair is None or func is None:
            return None
        for mine, other in (pair, pair[::-1]):
            buffer = padded.get(mine.attr) if isinstance(mine, ast.Attribute) else None
            made = self.sizes(func).get(other.id) if isinstance(other, ast.Name) else None
            if buffer is not None and made is not None and len(made) == buffer.rank and made[buffer.dim] == buffer.old:
                assert isinstance(mine, ast.Attribute) and isinstance(other, ast.Name)
                if self._shielded(node, func, mine, other.id):
                    return None
                return buffer, mine.value
        return None

    def _shielded(
        self, node: ast.AST, func: ast.FunctionDef | ast.AsyncFunctionDef, buf: ast.Attribute, local: str
    ) -> bool:
        """(review130) The copy sits in a ``try`` body whose handler catches the mismatch's RuntimeError (or
        ``Exception``, ``BaseException``, a bare ``except``), or under an ``if``/``while``/conditional
        expression whose test asks either side's size (``.shape``, ``.size()``, ``.numel()``, ``.ndim``,
        ``len()``): the fork meets the other shape itself (a test of the buffer's width against the old length
        is the size-test check's finding, on its own line)."""
        parents = self._parents.get(id(func))
        if parents is None:
            parents = self._parents[id(func)] = {id(c): n for n in ast.walk(func) for c in ast.iter_child_nodes(n)}
        sides = {ast.unparse(buf), local}
        child, up = node, parents.get(id(node))
        while up is not None and up is not func:
            if isinstance(up, ast.Try | ast.TryStar) and child in up.body and any(_catches(h) for h in up.handlers):
                return True
            if isinstance(up, ast.If | ast.While | ast.IfExp) and child is not up.test and _asks_size(up.test, sides):
                return True
            child, up = up, parents.get(id(up))
        return False


_CAUGHT = frozenset({"RuntimeError", "Exception", "BaseException"})
_SIZES = frozenset({"shape", "size", "numel", "ndim", "dim"})


def _catches(handler: ast.ExceptHandler) -> bool:
    """The handler catches a RuntimeError (``copy_``'s on a shape mismatch)."""
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(
        k is None or (isinstance(k, ast.Name | ast.Attribute) and ast.unparse(k).rsplit(".", 1)[-1] in _CAUGHT)
        for k in kinds
    )


def _asks_size(test: ast.expr, sides: set[str]) -> bool:
    """``test`` reads the size of one of ``sides`` (``X.shape``, ``X.size(...)``, ``len(X)``...)."""
    for n in ast.walk(test):
        if isinstance(n, ast.Attribute) and n.attr in _SIZES and ast.unparse(n.value) in sides:
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "len" and n.args:
            if ast.unparse(n.args[0]) in sides:
                return True
    return False


def _width_guards(module: ast.Module, padded: dict[str, Padded]) -> tuple[set[int], set[int]]:
    """(the size tests, the reads) of each ``if R.X.shape[d] == E`` (``!=``) whose two outcomes both read
    ``R.X``: its body, and its ``else`` or (the body leaving the block) the statements after it.  The fork reads
    the buffer whichever its width, so the test is a choice between widths, not an assumption of one, and a
    read from the end under it was written for the width its branch has (review120: ``if ...shape[1] ==
    self.max_num_tokens: return self.mrope_positions[:, -1]`` then ``[:, self.max_num_tokens - 1]``).  A test
    whose other outcome raises or only logs, and a read from the end outside the ``if``, stay errors."""
    tests: set[int] = set()
    reads: set[int] = set()
    for block in _blocks(module):
        for at, stmt in enumerate(block):
            if not (isinstance(stmt, ast.If) and (held := _width_test(stmt.test, padded)) is not None):
                continue
            other = stmt.orelse or (block[at + 1 :] if _leaves(stmt.body) else [])
            if _reads(stmt.body, held.attr) and _reads(other, held.attr):
                tests.add(id(stmt.test))
                reads.update(id(n) for part in (*stmt.body, *stmt.orelse) for n in ast.walk(part))
    return tests, reads


def _blocks(module: ast.Module) -> Iterator[list[ast.stmt]]:
    """Every statement list of the module (bodies, ``else`` parts, handlers)."""
    for node in ast.walk(module):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield block


def _width_test(test: ast.expr, padded: dict[str, Padded]) -> Padded | None:
    """The buffer whose padded size ``test`` compares (``==``/``!=``) with its old length."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq | ast.NotEq)):
        return None
    for side, other in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
        held = _size_of(side, padded)
        if held is not None and ast.unparse(other) == held[0].old:
            return held[0]
    return None


def _leaves(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)


def _reads(block: list[ast.stmt], attr: str) -> bool:
    """A statement of ``block`` reads ``.attr`` other than to raise."""
    return any(
        isinstance(n, ast.Attribute) and n.attr == attr
        for stmt in block
        if not isinstance(stmt, ast.Raise)
        for n in ast.walk(stmt)
    )


def _nodes(module: ast.Module) -> Iterator[tuple[ast.ClassDef | None, ast.AST]]:
    """Every node, with the innermost class whose body holds it."""
    pending: list[tuple[ast.ClassDef | None, ast.AST]] = [(None, module)]
    while pending:
        cls, node = pending.pop()
        yield cls, node
        inner = node if isinstance(node, ast.ClassDef) else cls
        pending.extend((inner, child) for child in ast.iter_child_nodes(node))


def _from_end(index: ast.expr, buffer: Padded) -> bool:
    """The index along the padded dimension counts from the end (``-c``, or a slice with a negative bound)."""
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    if buffer.rank > 1 and len(parts) != buffer.rank and not (isinstance(index, ast.Tuple) and buffer.dim < len(parts)):
        return False
    if buffer.dim >= len(parts):
        return False
    part = parts[buffer.dim]
    if isinstance(part, ast.Slice):
        return any(_negative(b) for b in (part.lower, part.upper))
    return _negative(part)


def _negative(node: ast.expr | None) -> bool:
    return (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
        and type(node.operand.value) is int
    )


def _size_of(node: ast.expr, padded: dict[str, Padded]) -> tuple[Padded, ast.expr] | None:
    """(buffer, receiver) for ``R.X.shape[d]`` / ``R.X.size(d)`` of the padded dimension ``d`` (or ``-1`` for
    the last)."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
        owner, dim = node.value.value, node.slice
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "size"
        and len(node.args) == 1
    ):
        owner, dim = node.func.value, node.args[0]
    else:
        return None
    if not isinstance(owner, ast.Attribute) or owner.attr not in padded:
        return None
    buffer = padded[owner.attr]
    at = _int(dim)
    if at is None or at not in (buffer.dim, buffer.dim - buffer.rank):
        return None
    return buffer, owner.value


def _int(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and (inner := _int(node.operand)) is not None:
        return -inner
    return None


def _sure(cls: ast.ClassDef | None, receiver: ast.expr, buffer: Padded) -> bool:
    """``self`` in a class deriving a class of the changed file: that file's buffer for certain."""
    if cls is None or not (isinstance(receiver, ast.Name) and receiver.id == "self"):
        return False
    return any(ast.unparse(b).rsplit(".", 1)[-1] in buffer.classes for b in cls.bases)


def _finding(trees: ThreeTrees, path: str, line: int, b: Padded, how: str, sure: bool, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(b.path, rf"\b{re.escape(b.attr)}\b.*\+\s*{b.pad}", pr_pattern)
    grown = f"{b.old} + {b.pad}"
    where = f"upstream now allocates {b.attr} with {grown} entries along dimension {b.dim} ({b.path}:{b.line}{commit})"
    if how == "index":
        effect = "the fork's index from the end now reads the padding, not the last real entry"
        hint = f"index from the front ({b.old} - 1)"
    elif how == "copy":
        effect = f"the fork's copy_ between it and a tensor it allocates with {b.old} entries there now raises (shapes differ)"
        hint = f"allocate {grown}, or copy the first {b.old} entries"
    else:
        effect = f"the fork's size test against {b.old} now has the other outcome"
        hint = f"compare with {grown}, or slice the first {b.old} entries"
    maybe = "" if sure else " (if the object read is that class's)"
    return Finding(
        RULE, "merge", Severity.ERROR if sure else Severity.WARNING, path, line, f"{where}: {effect}{maybe}; {hint}"
    )
