"""Offsets applied twice: both sides add a constant adjustment to the same value flow.

An *adjustment* is a ``+ k``/``- k`` (or ``x += k``) that a side added (it is on a line the side
added and was not in a line it removed).  Its *flow* is what it adjusts: the variable (``pos + 1``),
the memory a Triton load reads (``tl.load(pos_ptr + idx) + 1`` -> ``pos_ptr``; pointer arithmetic
keeps its root pointer), the iterable of a comprehension (``[i + 1 for i in ids]`` -> ``ids``) or of
a ``for`` loop, the name it is assigned to, a distinctive field across files (stored on one side, read
off another object on the other, not as a bound), and the names assigned from those within the function.  Two adjustments,
one per side, in the same function with intersecting flows, add up: an error.  One call level is
followed: a side that adjusts ``h(...)`` at a call site while the other adjusts ``h``'s return value
(or a list ``h`` grows and returns), ``h`` a method too when the caller's file names its class.  A
slice dropping a constant count of leading (``x[1:]``) or trailing (``x[:-1]``) entries is a shift of
the sequence, paired with a slice of the same end.  Identical lines added by both sides are one
change, not two.  An offset taken under a flag is one too (``n + (1 if spec.use_dflash() else 0)``, a
conditional of int constants, one nonzero): #51256 made ``max_num_new_slots_for_drafting`` count DFlash's
bonus slot, which a fork had been adding at its call site.  That count is a ``@property``: a getter read as an
attribute off a receiver typed as its class (or ``super().name`` in a subclass's override) is followed too, a
flagged addend pairing only with the getter's change on the path its test names (``_through_property``).
An addend and an offset no path takes both (one under a test, the other where it fails) do not pair (``_exclusive``).
"""

from __future__ import annotations

import ast
import bisect
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import receiver_names
from aeon_release.domain.audits.drift.sides import Changes, FileChange, ThreeTrees
from aeon_release.domain.audits.merge_rules import OFFSET_TWICE as OFFSET
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    code_lines,
    lazy_pattern,
    parse_own,
    parse_python,
    plain_name,
    segment,
    walk_defs,
    walk_spanning,
)

_PASS_THROUGH = frozenset(
    {
        "int",
        "float",
        "abs",
        "min",
        "max",
        "tuple",
        "list",
        "sorted",
        "load",
        "item",
        "to",
        "cast",
        "clone",
        "contiguous",
        "long",
        "reversed",
        "iter",
        "set",
        "frozenset",
    }
)
# ``+ (1 if flag else 0)`` (or ``(1 if flag else 0) +``) too: an offset taken under a condition
_ADJUSTMENT = lazy_pattern(
    r"(?:[+-]\s*\d|[+-]=?\s*\(\s*\d+\s+if\b|\belse\s+\d+\s*\)\s*\+|\d\s*\+|[+-]=\s*\d|(?:\*\*?|//?|<<|>>)=?\s*-?\d|\d\s*\*|[\[,]\s*\d+\s*:)"
)
OFFSET_KIND, SCALE_KIND = "offset", "scaling"
# a branch a side added to a property's getter returning under a test: the value changes on that path
BRANCH_KIND = "branch"
# a slice that drops a constant number of leading (``x[1:]``) or trailing (``x[:-1]``) entries: a
# shift of the sequence, paired only with a slice of the same end
HEAD_KIND, TAIL_KIND = "leading slice", "trailing slice"
_SAYS = {
    OFFSET_KIND: "offset",
    SCALE_KIND: "scaling",
    HEAD_KIND: "slicing",
    TAIL_KIND: "slicing",
    BRANCH_KIND: "offset",
}
_SCALINGS = (ast.Mult, ast.Div, ast.FloorDiv, ast.Pow, ast.LShift, ast.RShift)
_SELF = frozenset({"self", "cls"})
_BUILTINS = frozenset(
    {
        "len",
        "range",
        "sum",
        "round",
        "divmod",
        "pow",
        "getattr",
        "hasattr",
        "isinstance",
        "super",
        "enumerate",
        "zip",
        "map",
        "filter",
        "next",
        "id",
        "hash",
        "type",
        "str",
        "bool",
        "dict",
        "numel",
        "size",
        "dim",
        "cdiv",
        "next_power_of_2",
        "program_id",
        "arange",
    }
)


@dataclass(frozen=True)
class Adjustment:
    side: str  # "fork" or "upstream"
    path: str
    line: int  # in the side's version
    function: str  # qualified name of the enclosing function
    text: str  # the adjusted expression, e.g. ``pos + 1``
    flow: frozenset[str]
    callees: frozenset[str]  # functions whose results it adjusts (``h(x) + 1``)
    returned: bool  # it is (part of) a returned value of ``function``
    span: tuple[int, int] = (0, 0)  # the function's lines in the side's version
    reads: frozenset[str] = frozenset()  # the part of ``flow`` the adjustment reads (the rest it produces)
    kind: str = OFFSET_KIND  # an offset (``+ k``, a comparison made (non-)strict) or a scaling (``* k``)
    writes: frozenset[str] = frozenset()  # the fields it is stored to (``attr:`` tokens)
    bound: bool = False  # it is compared or a range's end: an index bound, not a shifted value
    slot: int | None = None  # its position in a tuple display (``(start, end - 1)``: 1)
    # (helper, position) of the elements of a helper's tuples it reads (``for start, end in h(): end - 1``)
    unpacked: frozenset[tuple[str, int | None]] = frozenset()
    # (property, class) for each ``@property`` it may read, as an attribute, off a receiver typed as the class
    # (``spec.slots + 1`` with ``spec: Config``; ``super().slots`` in a subclass of ``Config``)
    properties: frozenset[tuple[str, str]] = frozenset()
    guarded: bool = False  # taken under a test (``if c: x += 1``, ``+ (1 if c else 0)``) ...
    flags: frozenset[str] = frozenset()  # ... the names that test reads (``c``: ``use_dflash``)
    getter: bool = False  # ``function`` is a ``@property`` (or ``cached_property``) getter
    paths: frozenset[str] = frozenset()  # each test it is taken under, ``!``-marked where it fails (``_path_keys``)


def doubled_offsets(trees: ThreeTrees) -> tuple[list[Finding], dict[str, list[tuple[int, int]]]]:
    """Findings, and per path the merged line spans they cover (their near-miss warnings are superseded).

    The fork's adjustments are collected first; upstream's only where they could pair with one:
    the same function of the same file, a helper the fork calls, a caller of a helper the fork changed.
    """
    fork = list(_side_adjustments(trees, "fork", None))
    if not fork:
        return [], {}
    upstream = list(_side_adjustments(trees, "upstream", _Wanted.of(fork)))
    findings: list[Finding] = []
    covered: dict[str, list[tuple[int, int]]] = {}
    seen: set[tuple[str, int]] = set()
    for mine, other in _pairs(fork, upstream, _Related(trees)):
        if (mine.path, mine.line) in seen:
            continue
        seen.add((mine.path, mine.line))
        finding, span = _finding(trees, mine, other)
        findings.append(finding)
        covered.setdefault(mine.path, []).append(span)
        covered.setdefault(other.path, []).append(_merged_span(trees, other))
    return findings, covered


@dataclass(frozen=True)
class _Wanted:
    """Which of upstream's functions can pair with the fork's adjustments."""

    functions: frozenset[tuple[str, str]]  # (path, qualified name)
    callees: frozenset[str]  # helpers whose results the fork adjusts at a call site
    helpers: frozenset[str]  # functions whose return value the fork adjusts
    keys: frozenset[str] = frozenset()  # configuration keys whose values the fork adjusts
    fields: frozenset[str] = frozenset()  # distinctive fields the fork's adjustments read or store

    @classmethod
    def of(cls, fork: list[Adjustment]) -> _Wanted:
        keys = frozenset(t[4:] for a in fork for t in a.flow if t.startswith("key:"))
        fields = frozenset(t[5:] for a in fork for t in a.reads | a.writes if t.startswith("attr:"))
        return cls(
            frozenset((a.path, a.function) for a in fork),
            frozenset(c for a in fork for c in a.callees | {p for p, _ in a.properties}),
            frozenset(a.function.rsplit(".", 1)[-1] for a in fork if a.returned),
            keys,
            fields,
        )

    def mentions_key(self, text: str) -> bool:
        return any(f'"{k}"' in text or f"'{k}'" in text for k in self.keys) or any(f".{f}" in text for f in self.fields)

    def paths(self) -> set[str]:
        return {p for p, _ in self.functions}

    def wants(self, path: str, qualname: str, text: str) -> bool:
        short = qualname.rsplit(".", 1)[-1]
        owner = qualname.rpartition(".")[0]
        same_class = bool(owner) and any(p == path and f.rpartition(".")[0] == owner for p, f in self.functions)
        return (
            (path, qualname) in self.functions
            or same_class
            or short in self.callees
            or any(f"{h}(" in text for h in self.helpers)
            or self.mentions_key(text)
        )


def _pairs(
    fork: list[Adjustment], upstream: list[Adjustment], related: _Related
) -> Iterator[tuple[Adjustment, Adjustment]]:
    for mine in fork:
        for other in upstream:
            if _through_property(mine, other, related):
                yield mine, other
                break
            if mine.kind != other.kind:
                continue  # ``+ 1`` on one side and ``* 2`` on the other are two different changes
            if (
                (_same_flow(mine, other) and not _exclusive(mine, other, _one_function(mine, other)))
                or (_one_call_level(mine, other) and related(mine, other) and not _exclusive(mine, other, False))
                or (_one_call_level(other, mine) and related(other, mine) and not _exclusive(mine, other, False))
            ):
                yield mine, other
                break


def _exclusive(a: Adjustment, b: Adjustment, same_function: bool | None) -> bool:
    """No path takes both adjustments: one is taken under a test, the other where that same test fails (``if
    a:`` and its ``else:``; ``h(r) + (1 if r.bonus else 0)`` and ``h``'s ``+ 1`` under ``if not r.bonus``),
    revDF's note on mend68's call-level pairing.  In one function the tests must read alike; a call level
    apart, up to the receiver they start from (``r.bonus`` at the call, ``self.bonus`` in the method).  Tests
    that only share a name (``if a or b:`` and ``if not a:``) may both hold: they still pair."""
    if same_function is None:
        return False
    mine, theirs = (a.paths, b.paths) if same_function else (_unrooted(a.paths), _unrooted(b.paths))
    return any((key[1:] if key.startswith("!") else f"!{key}") in theirs for key in mine)


def _one_function(a: Adjustment, b: Adjustment) -> bool | None:
    """True: one function's two adjustments; None: two functions sharing a flow (a field, a key), whose tests
    run at other times: no path of one excludes the other's."""
    return True if (a.path, a.function) == (b.path, b.function) else None


def _unrooted(keys: frozenset[str]) -> set[str]:
    """Each test's text without the name it reads off (``r.bonus``, ``self.bonus``: ``.bonus``)."""
    return {re.sub(r"^(!?)\w+(?=\.)", r"\1", key) for key in keys}


def _path_keys(tests: list[tuple[ast.expr, bool]]) -> frozenset[str]:
    """Each test as its text, ``!``-marked where the adjustment is taken where it fails (an ``else``,
    ``(0 if c else 1)``, ``if not c``)."""
    keys = set()
    for test, negated in tests:
        while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, negated = test.operand, not negated
        keys.add(("!" if negated else "") + ast.unparse(test))
    return frozenset(keys)


def _through_property(mine: Adjustment, other: Adjustment, related: _Related) -> bool:
    """The fork offsets a property's value that upstream's getter now offsets itself (#51256:
    ``max_num_new_slots_for_drafting`` counts DFlash's bonus slot, which a fork added on top of it).

    An offset the fork takes under a test pairs only with the getter's change on the path that test
    names: an offset, or a branch upstream added, under a test reading one of the same names (#51256's
    new ``if self.use_dflash(): return num_draft_tokens``); its ``- 1`` under ``parallel_drafting`` is
    another path.  A guard on a version or ``hasattr`` names no path of the getter: nothing pairs.  An offset
    the getter takes on every path pairs with any."""
    if mine.kind != OFFSET_KIND or not other.getter or not other.returned:
        return False
    name, owner = other.function.rsplit(".", 1)[-1], other.function.rpartition(".")[0].rsplit(".", 1)[-1]
    if (name, owner) not in mine.properties or not related(mine, other):
        return False
    if other.kind == OFFSET_KIND and not other.guarded:
        return True  # the getter's offset on every path: the fork's path too, whatever its test
    return mine.guarded and bool(mine.flags & other.flags)


class _Related:
    """Whether a call site can reach the helper a call level away: a method of another file's class is
    matched by its name alone, and many classes have a ``get_layers``; the caller's file must name the
    class (its import, its base, its constructor), as a subclass's or a user's file does."""

    def __init__(self, trees: ThreeTrees) -> None:
        self.trees = trees

    def __call__(self, caller: Adjustment, helper: Adjustment) -> bool:
        owner = helper.function.rpartition(".")[0].rsplit(".", 1)[-1]
        if caller.path == helper.path or not owner:
            return True
        rev = self.trees.ours if caller.side == "fork" else self.trees.theirs
        text = self.trees.blobs(rev, [caller.path])[caller.path] or ""  # read once: the trees keep it
        return re.search(rf"\b{re.escape(owner)}\b", text) is not None


def _additive_terms(node: ast.AST) -> list[ast.expr]:
    """``a + b - c`` -> [a, b, c] (a product term stays whole)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        return [*_additive_terms(node.left), *_additive_terms(node.right)]
    return [node] if isinstance(node, ast.expr) and not isinstance(node, ast.Constant) else []


def _pointer_like(root: ast.expr) -> bool:
    """Triton's naming: ``input_ids_ptr``, ``bd_tokens_base``."""
    return (plain_name(root) or "").rsplit(".", 1)[-1].lower().endswith(("ptr", "_base"))


# A field named in four words or more (``aux_hidden_layer_ids``) is one value wherever it is read:
# a flow across files, as a configuration key is, from where one side stores it to where the other
# reads it off another object (``self.spec.aux_hidden_layer_ids``; two classes' own ``self.x`` are
# two values), unless the read is a bound (``i == cfg.num_hidden_layers - 1``, ``range(n - 1)``: the
# last index, not a shift).  Shorter names (``layer_ids``, ``num_hidden_layers``) are too common.
_FIELD = lazy_pattern(r"[a-z][a-z0-9]*(?:_[a-z0-9]+){3,}")


def _field_token(attr: str) -> set[str]:
    return {f"attr:{attr}"} if len(attr) >= 12 and _FIELD.fullmatch(attr) else set()


def _key_token(node: ast.AST | None) -> set[str]:
    """``"key"`` as a dict key, subscript or ``.get`` argument: a value flow that crosses files."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"\w{3,}", node.value):
        return {f"key:{node.value}"}
    return set()


def _shared(a: Adjustment, b: Adjustment) -> set[str]:
    """Names where the adjustments compound: one reads what the other reads or produces.

    Two adjustments that only write the same name (``x = a + 1`` in one branch, ``x = b - 1`` in
    the other) do not add up.
    """
    return set(a.reads & b.flow) | set(b.reads & a.flow)


def _same_flow(a: Adjustment, b: Adjustment) -> bool:
    shared = _shared(a, b)
    if any(t.startswith("key:") for t in shared):
        return True  # the same configuration key, adjusted where it is written and where it is read
    if (not a.bound and a.reads & b.writes) or (not b.bound and b.reads & a.writes):
        return True  # a distinctive field, adjusted where one side stores it and where the other reads it
    if a.path != b.path:
        return False
    if a.function == b.function:
        return bool(shared)
    # methods of one class share their attributes: ``self.x = y + 1`` in one, ``self.x - 1`` in another
    owner = a.function.rpartition(".")[0]
    return bool(owner) and owner == b.function.rpartition(".")[0] and any(t.startswith("self.") for t in shared)


def _one_call_level(caller: Adjustment, helper: Adjustment) -> bool:
    name = helper.function.rsplit(".", 1)[-1]
    if not helper.returned or name not in caller.callees:
        return False
    # ``for start, end in h(): end - 1`` and ``h``'s ``return [(start + 1, end)]``: two elements of a tuple
    read = {slot for callee, slot in caller.unpacked if callee == name}
    return helper.slot is None or not read or None in read or helper.slot in read


# -- collecting a side's adjustments ---------------------------------------------------------------
def _side_adjustments(trees: ThreeTrees, side: str, wanted: _Wanted | None) -> Iterator[Adjustment]:
    changes, other = (trees.mine, trees.upstream) if side == "fork" else (trees.upstream, trees.mine)
    rev = trees.ours if side == "fork" else trees.theirs
    paths = [
        p
        for p in sorted(changes)
        if p.endswith(".py")
        and (
            wanted is None
            or (_cheap_pair(p, changes.raw(p), wanted) and _cheap_pair(p, changes[p], wanted, changes.raw(p)))
        )
    ]
    paths = [p for p in paths if _candidate_lines(changes[p])]
    if wanted is not None and wanted.callees:
        paths = sorted({*paths, *_defining(trees, changes, wanted, paths)})
    texts = trees.blobs(rev, paths)
    if wanted is not None:
        paths = [p for p in paths if p in wanted.paths() or _may_pair(changes[p], wanted, texts[p] or "")]
    for path in paths:
        both = {t.strip() for t in other[path].added.values()} if path in other else set()
        yield from _adjustments(side, path, texts[path] or "", changes[path], both, wanted)


def _defining(trees: ThreeTrees, changes: Changes, wanted: _Wanted, taken: list[str]) -> frozenset[str]:
    """Upstream's files with an adjustment that define a helper the fork adjusts the result of.  The
    substring test finds a function's name in its hunk's header, which git gives a top-level ``def``
    but a method only its ``class`` line: a method's file is found by one ``git grep`` of ``def name(``
    over the files with an adjustment the test left out."""
    rest = [p for p in changes if p.endswith(".py") and p not in taken and _candidate_lines(changes[p])]
    words = tuple(sorted(f"def {c}(" for c in wanted.callees))
    return trees.upstream_files_with(words, rest) if rest else frozenset()


def _candidate_lines(change: FileChange) -> set[int]:
    """Added lines with a constant ``+``/``-`` in their code (comments cut), or a comparison made (non-)strict."""
    return {n for n, t in change.added.items() if _ADJUSTMENT.search(t.split("#", 1)[0])} | _flipped(change)


def _flipped(change: FileChange) -> set[int]:
    """Lines where only ``<`` became ``<=`` (or back, or ``>``/``>=``): an implicit one-off adjustment."""
    lines = set()
    for _, _, plus, minus, start in change.hunks:
        if len(plus) != len(minus):
            continue
        for offset, (new, old) in enumerate(zip(plus, minus)):
            if new != old and _strictless(new) == _strictless(old) and any(op in new + old for op in ("<", ">")):
                lines.add(start + offset)
    return lines


def _strictless(text: str) -> str:
    return text.replace("<=", "<").replace(">=", ">")


def _cheap_pair(path: str, change: FileChange | str, wanted: _Wanted, raw: str = "") -> bool:
    """A substring test first: most of upstream's files can pair with nothing the fork adjusted.

    On a file's raw diff text (a superset of its added lines) it is the test before parsing it; on its
    added lines, a helper's name is looked for in the raw text (its ``def`` is in a hunk header, not
    on the changed ``return`` line)."""
    if path in wanted.paths():
        return True
    if not wanted.callees and not wanted.helpers and not wanted.keys and not wanted.fields:
        return False
    added = change if isinstance(change, str) else "\n".join(change.added.values())
    return (
        ("return" in added and any(c in (raw or added) for c in wanted.callees))
        or any(h in added for h in wanted.helpers)
        or wanted.mentions_key(added)
    )


def _may_pair(change: FileChange, wanted: _Wanted, text: str) -> bool:
    """An upstream file the fork did not touch: only a changed helper or call site can pair."""
    lines = [t for t in change.added.values() if _ADJUSTMENT.search(t.split("#", 1)[0])]
    if wanted.mentions_key("\n".join(lines)):
        return True
    if lines and any(re.search(rf"^\s*(?:async\s+)?def\s+{re.escape(c)}\(", text, re.M) for c in wanted.callees):
        return True  # whether the adjustment reaches the helper's return is the flow's to say
    return any(f"{h}(" in line for h in wanted.helpers for line in lines)


def _adjustments(
    side: str, path: str, text: str, change: FileChange, both: set[str], wanted: _Wanted | None
) -> Iterator[Adjustment]:
    candidates = {n for n in _candidate_lines(change) if change.added[n].strip() not in both}
    if not candidates:
        return
    functions = _enclosing_functions(text, candidates)
    if functions is None:
        return
    source = _Source(text, change.removed, frozenset(_flipped(change)), frozenset(change.added))
    ordered = sorted(candidates)
    for qualname, function in functions:
        first, last = function.lineno, function.end_lineno or function.lineno
        lines = set(ordered[bisect.bisect_left(ordered, first) : bisect.bisect_right(ordered, last)])
        if lines and (wanted is None or wanted.wants(path, qualname, "\n".join(change.added[n] for n in lines))):
            yield from _in_function(side, path, qualname, function, lines, source)


@dataclass(frozen=True)
class _Source:
    text: str
    removed: list[str]
    flipped: frozenset[int]  # lines whose comparison only changed strictness
    added: frozenset[int] = frozenset()  # the side's added lines

    @functools.cached_property
    def lines(self) -> list[str]:
        return code_lines(self.text)

    @functools.cached_property
    def removed_text(self) -> str:
        return "\n".join(self.removed)


_DEF = lazy_pattern(r"^([ \t]*)(?:async[ \t]+)?def[ \t]+(\w+)")
_SCOPE = lazy_pattern(r"^([ \t]*)(?:(?:async[ \t]+)?def|class)[ \t]+(\w+)")
Function = ast.FunctionDef | ast.AsyncFunctionDef
_MOST_BLOCKS = 64  # functions parsed one by one; past this, the module is parsed whole


def _enclosing_functions(text: str, wanted: set[int]) -> list[tuple[str, Function]] | None:
    """The functions holding ``wanted`` lines, innermost first, parsing only their blocks.

    A long module is mostly other functions: each holding function is found by its ``def`` line
    (the nearest one above, indented less than the line) and parsed alone.  When a block does not
    parse alone, the whole module is parsed instead; None when it does not parse at all.
    """
    lines = code_lines(text)
    starts = {chain[-1][0] for chain in _scopes_above(lines, wanted, _DEF).values() if chain}
    if len(starts) > _MOST_BLOCKS:
        return _all_functions(text)  # one parse, not thousands (each block's parse costs a parse's set-up)
    outer = _scopes_above(lines, {start + 1 for start in starts}, _SCOPE)  # the scopes around each def
    found: list[tuple[str, Function]] = []
    for start in sorted(starts):
        function = _parse_block(lines, start)
        if function is None:
            return _all_functions(text)
        found.append((".".join([*(name for _, name in outer[start + 1]), function.name]), function))
    return sorted(found, key=lambda item: (item[1].end_lineno or 0) - item[1].lineno)


def _scopes_above(lines: list[str], numbers: set[int], pattern: re.Pattern[str]) -> dict[int, list[tuple[int, str]]]:
    """For each line number, the ``pattern`` lines (``def``, or ``def`` and ``class``) that hold it by
    indentation, outermost first: the nearest one above it indented less than it, the nearest one
    above that indented less than that, and so on (index and name of each).

    One pass down the file for all of them (a scan up from each line was lines x lines: 20,000 changed
    module-level lines, or 5,000 changed functions, in one file took minutes).  Going down, a matching
    line hides every earlier one indented as much or more (it is nearer to every line the earlier one
    could hold), so the lines still in view are indented less and less: a short stack, whose part
    indented less than a line is the chain of lines holding it."""
    found: dict[int, list[tuple[int, str]]] = {}
    indents: list[int] = []  # the stack: strictly increasing indents; below, each one's line and name
    scopes: list[tuple[int, str]] = []
    pending = sorted(numbers)
    at = 0

    def chain(number: int) -> list[tuple[int, str]]:
        indent = indent_of(lines[number - 1]) if 0 < number <= len(lines) else 0
        return scopes[: bisect.bisect_left(indents, indent)]

    for index, line in enumerate(lines):
        while at < len(pending) and pending[at] - 2 < index:  # every line above pending[at] is seen
            found[pending[at]] = chain(pending[at])
            at += 1
        match = pattern.match(line)
        if match is not None:
            depth = len(match.group(1).expandtabs())
            cut = bisect.bisect_left(indents, depth)
            del indents[cut:], scopes[cut:]
            indents.append(depth)
            scopes.append((index, match.group(2)))
    for number in pending[at:]:
        found[number] = chain(number)
    return found


def _parse_block(lines: list[str], start: int) -> Function | None:
    indent = indent_of(lines[start])
    first = start
    while first > 0 and lines[first - 1].strip().startswith("@") and indent_of(lines[first - 1]) == indent:
        first -= 1
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or indent_of(lines[end]) > indent):
        end += 1
    module = parse_own("\n".join(line[indent:] for line in lines[first:end]))  # its positions are shifted below
    if module is None:
        return None
    ast.increment_lineno(module, first)
    for sub in ast.walk(module):  # columns as in the file, not the dedented block
        for attribute in ("col_offset", "end_col_offset"):
            if getattr(sub, attribute, None) is not None:
                setattr(sub, attribute, getattr(sub, attribute) + indent)
    node = module.body[0] if len(module.body) == 1 else None
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def indent_of(line: str) -> int:
    """The line's indentation in columns, tabs expanded."""
    return len(line.expandtabs()) - len(line.expandtabs().lstrip())


def _all_functions(text: str) -> list[tuple[str, Function]] | None:
    module = parse_python(text)
    return _functions(module) if module is not None else None


def _functions(module: ast.Module) -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Innermost first, so a line belongs to the function nested deepest."""
    found = [(q, n) for q, n in walk_defs(module) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    return sorted(found, key=lambda item: (item[1].end_lineno or 0) - item[1].lineno)


def _in_function(
    side: str,
    path: str,
    qualname: str,
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    lines: set[int],
    source: _Source,
) -> Iterator[Adjustment]:
    flows: _Flows | None = None  # made for a function that has an adjustment on a side's line
    getter = _is_getter(function)
    if getter and side == "upstream":
        yield from _branches(path, qualname, function, source)
    for node in walk_spanning(function, lines):  # an adjustment is on one of the lines
        adjusted, kind = _adjusted(node, source.flipped)
        if adjusted is None or node.lineno not in lines:  # type: ignore[attr-defined]
            continue
        flows = flows or _Flows(function)
        if flows.nested(node, function):
            continue
        text = segment(source.lines, node) or ""
        if text and text in source.removed_text:
            continue  # the side kept an existing adjustment (it only rewrote the line around it)
        reads = set().union(*(flows.tokens(a) | flows.address_terms(a) for a in adjusted))
        if isinstance(node, ast.AugAssign):
            reads |= flows.tokens(node.target)
        targets = flows.targets(node)
        flow = flows.closure(reads | targets)
        if flow:
            callees = (
                {c for a in adjusted for c in _callees(a)}
                | flows.callees(flows.tokens(adjusted[0]))
                | flows.walked_callees(adjusted)
                | _attribute_callees(source.text, qualname, reads)
            )
            aliases = _import_aliases(source.text)
            callees |= {aliases[c] for c in callees if c in aliases}  # ``from m import helper as h``: h(...)
            tests = flows.tests(node)
            yield Adjustment(
                side,
                path,
                node.lineno,  # type: ignore[attr-defined]
                qualname,
                text,
                frozenset(flow),
                frozenset(callees),
                flows.returned(node) or flows.returns(flows.closure(targets)),
                (function.lineno, function.end_lineno or function.lineno),
                frozenset(reads),
                kind,
                frozenset(t for t in targets if t.startswith("attr:")),
                flows.bound(node),
                flows.slot(node),
                flows.walked_slots(adjusted),
                _property_reads(flows, adjusted, reads, qualname, source.text) if side == "fork" else frozenset(),
                bool(tests),
                frozenset(n for t, negated in tests for n in _test_names(t, negated)),
                getter,
                _path_keys(tests),
            )


def _is_getter(function: Function) -> bool:
    return any((plain_name(d) or "").rsplit(".", 1)[-1] in _GETTERS for d in function.decorator_list)


_GETTERS = frozenset({"property", "cached_property"})


def _branches(path: str, qualname: str, function: Function, source: _Source) -> Iterator[Adjustment]:
    """The ``if`` branches a side added to a getter that return: the getter's value changed on the path
    their test names (#51256's ``if self.use_dflash(): return num_draft_tokens``, ``K`` where it was ``K - 1``)."""
    for node in ast.walk(function):
        if isinstance(node, ast.If) and node.lineno in source.added and _returns_directly(node.body):
            yield Adjustment(
                "upstream",
                path,
                node.lineno,
                qualname,
                f"if {ast.unparse(node.test)}",
                frozenset(),
                frozenset(),
                True,
                (function.lineno, function.end_lineno or function.lineno),
                kind=BRANCH_KIND,
                guarded=True,
                flags=frozenset(_test_names(node.test)),
                getter=True,
            )


def _returns_directly(body: list[ast.stmt]) -> bool:
    return any(isinstance(s, ast.Return) and s.value is not None for s in body)


def _test_names(test: ast.expr, negated: bool = False) -> set[str]:
    """What a test reads: its fields and methods (``self.use_dflash()``: ``use_dflash``), its plain names; each
    ``!``-marked where the path is the test failing (``if not c``, an ``else``, ``(0 if c else 1)``): a slot
    added only where upstream's new branch does not apply is another path."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _test_names(test.operand, not negated)
    found = {n.attr for n in ast.walk(test) if isinstance(n, ast.Attribute)}
    found |= {n.id for n in ast.walk(test) if isinstance(n, ast.Name) and n.id not in _SELF}
    return {f"!{n}" for n in found} if negated else found


def _property_reads(
    flows: _Flows, adjusted: list[ast.expr], reads: set[str], qualname: str, text: str
) -> frozenset[tuple[str, str]]:
    """(attribute, class) for each attribute the adjusted value reads, directly or through a name assigned
    from it (``slots = super().max_slots``), with each class its receiver is typed as: which of them is a
    getter upstream changed is the pairing's to say."""
    read = [n for a in adjusted for n in ast.walk(a) if isinstance(n, ast.Attribute)]
    for stmt in flows.assignments:
        named = isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id in reads for t in stmt.targets)
        if named and isinstance(stmt.value, ast.Attribute):
            read.append(stmt.value)
    called = {id(n.func) for n in ast.walk(flows.function) if isinstance(n, ast.Call)}
    return frozenset(
        (n.attr, c) for n in read if id(n) not in called for c in _receiver_types(n.value, flows, qualname, text)
    )


def _receiver_types(receiver: ast.expr, flows: _Flows, qualname: str, text: str) -> set[str]:
    """The classes a receiver is typed as (short names): ``self`` and ``super()`` a method's class's bases,
    a parameter its annotation or the call it is bound to, ``self.cfg`` what ``__init__`` annotates it."""
    owner = qualname.rpartition(".")[0].rsplit(".", 1)[-1]
    if (isinstance(receiver, ast.Name) and receiver.id == "self") or _is_super(receiver):
        header = re.search(rf"^[ \t]*class[ \t]+{re.escape(owner)}\b\(([^)]*)\)", text, re.M) if owner else None
        return set(re.findall(r"\w+", header.group(1))) if header else set()
    if isinstance(receiver, ast.Name):
        return {n.rsplit(".", 1)[-1] for n in receiver_names(receiver.id, flows.function)}
    held = plain_name(receiver) or ""
    if owner and held.startswith("self.") and held.count(".") == 1:
        return _field_types(_class_block(text, owner), held[5:])
    return set()


def _field_types(block: str, field: str) -> set[str]:
    """``self.field: C = ...``, ``self.field = C(...)``, or ``self.field = p`` with ``p: C`` in the class."""
    word = re.escape(field)
    found = set(re.findall(rf"self\.{word}[ \t]*(?::[ \t]*|=[ \t]*)(?:[\w]+\.)*(\w+)", block))
    for name in re.findall(rf"self\.{word}[ \t]*=[ \t]*(\w+)[ \t]*$", block, re.M):
        found |= set(re.findall(rf"\b{re.escape(name)}[ \t]*:[ \t]*(?:[\w]+\.)*(\w+)", block))
    return found


def _adjusted(node: ast.AST, flipped: frozenset[int] = frozenset()) -> tuple[list[ast.expr] | None, str]:
    """The operands a ``+ k``/``- k``/``+= k`` (or a comparison made (non-)strict) adjusts, or a
    ``* k``/``/ k``/``// k``/``** k``/``<< k`` (and their augmented forms) scales; and which of the two."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        if _constant(node.right):
            return [node.left], OFFSET_KIND
        if isinstance(node.op, ast.Add) and _constant(node.left):
            return [node.right], OFFSET_KIND
    if isinstance(node, ast.AugAssign) and isinstance(node.op, (ast.Add, ast.Sub)) and _constant(node.value):
        return [node.target], OFFSET_KIND
    if isinstance(node, ast.BinOp) and isinstance(node.op, _SCALINGS):
        if _factor(node.right):
            return [node.left], SCALE_KIND
        if isinstance(node.op, ast.Mult) and _factor(node.left):
            return [node.right], SCALE_KIND
    if isinstance(node, ast.AugAssign) and isinstance(node.op, _SCALINGS) and _factor(node.value):
        return [node.target], SCALE_KIND
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):  # ``x[:-1] = y`` writes, not shifts
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        for part in parts:
            if isinstance(part, ast.Slice) and part.step is None:
                if part.lower is not None and _constant(part.lower) and part.upper is None:
                    return [node.value], HEAD_KIND
                if part.lower is None and _negative(part.upper):
                    return [node.value], TAIL_KIND
    if (
        isinstance(node, ast.Compare)
        and node.lineno in flipped
        and any(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in node.ops)
    ):
        return [node.left, *node.comparators], OFFSET_KIND
    return None, OFFSET_KIND


def _factor(node: ast.expr) -> bool:
    """A constant that changes what it scales: a number other than 0 and 1 (``-0.5`` for ``** -0.5``)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    value = node.value if isinstance(node, ast.Constant) else None
    return type(value) in (int, float) and value not in (0, 1)


def _negative(node: ast.expr | None) -> bool:
    """``-k`` for a constant k: a slice's end counted from the back."""
    return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _constant(node.operand)


def _constant(node: ast.expr) -> bool:
    """A nonzero int, or a conditional of int constants one of which is nonzero (``1 if spec.bonus else 0``: the
    fork's offset taken only where a flag holds, #51256's DFlash slot)."""
    if isinstance(node, ast.IfExp):
        return all(_int(b) for b in (node.body, node.orelse)) and (_constant(node.body) or _constant(node.orelse))
    return _int(node) and isinstance(node, ast.Constant) and node.value != 0


def _int(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def _attribute_callees(text: str, qualname: str, reads: set[str]) -> set[str]:
    """Helpers whose result a ``self`` attribute the adjustment reads holds, assigned in any method of
    its class (``self.aux_layers = aux_layers(cfg)`` in ``__init__``, read in ``forward``)."""
    owner = qualname.rpartition(".")[0]
    found: set[str] = set()
    for attr in (t[5:] for t in reads if t.startswith("self.") and t.count(".") == 1) if owner else ():
        found |= _assigned_from(text, owner.rsplit(".", 1)[-1], attr)
    return found


_FROM_IMPORT = lazy_pattern(r"^[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)", re.M)
_AS = lazy_pattern(r"\b(\w+)\s+as\s+(\w+)\b")


@functools.lru_cache(maxsize=64)  # keys hold whole texts: a few files' worth
def _import_aliases(text: str) -> dict[str, str]:
    """The names a module imports under another name (``from m.layers import aux_layers as al``:
    ``al`` -> ``aux_layers``), so a call of the alias reaches the helper upstream adjusted."""
    if " as " not in text:
        return {}
    return {alias: name for names in _FROM_IMPORT.findall(text) for name, alias in _AS.findall(names) if alias != name}


@functools.lru_cache(maxsize=64)  # keys hold whole texts: a few files' worth
def _assigned_from(text: str, owner: str, attr: str) -> frozenset[str]:
    """The helpers ``self.attr = helper(...)`` assigns from in class ``owner``'s block of ``text`` (once
    per file, class and name: every adjustment of a long module asks)."""
    block = _class_block(text, owner)
    called = re.findall(rf"^[ \t]*self\.{re.escape(attr)}[ \t]*(?::[^=\n]*)?=[ \t]*([\w.]+)\(", block, re.M)
    names = {c.rsplit(".", 1)[-1] for c in called}
    return frozenset(n for n in names if n not in _PASS_THROUGH and n not in _BUILTINS)


def _class_block(text: str, name: str) -> str:
    """The lines of ``class name`` (its header to the next line indented no deeper), or ""."""
    header = re.search(rf"^([ \t]*)class[ \t]+{re.escape(name)}\b.*$", text, re.M)
    if header is None:
        return ""
    indent = len(header.group(1).expandtabs())
    lines = []
    for line in code_lines(text[header.end() + 1 :]):
        if line.strip() and len(line) - len(line.lstrip()) <= indent and not line.lstrip().startswith("#"):
            break
        lines.append(line)
    return "\n".join(lines)


def _callees(node: ast.expr) -> Iterator[str]:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            name = (plain_name(sub.func) or "").rsplit(".", 1)[-1]
            if not name and isinstance(sub.func, ast.Attribute) and _is_super(sub.func.value):
                name = sub.func.attr  # ``super().aux_layers()``: an override's call of the base method
            if name and name not in _PASS_THROUGH and name not in _BUILTINS:
                yield name


def _is_super(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _walked(target: ast.expr, iterable: ast.expr, name: str) -> ast.expr | None:
    """``for name in xs`` -> xs; ``for i, name in enumerate(xs)`` -> xs; ``for a, name in xs`` -> xs; else None.  Only a collection
    held by a name, a key, a field or a helper's result (``ids``, ``cfg["ids"]``, ``self.layer_ids``,
    ``aux_layers(cfg)``) carries values: ``for i in range(n)`` counts."""
    if (
        isinstance(target, ast.Tuple)
        and len(target.elts) == 2
        and isinstance(iterable, ast.Call)
        and plain_name(iterable.func) == "enumerate"
        and iterable.args
    ):
        target, iterable = target.elts[1], iterable.args[0]
    called = (plain_name(iterable.func) or "").rsplit(".", 1)[-1] if isinstance(iterable, ast.Call) else ""
    held = not called or called == "get" or called not in _BUILTINS  # a helper's result, not range(n)
    # ``for start, end in ranges``: each name holds an element of what the collection holds
    names = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
    if held and any(isinstance(n, ast.Name) and n.id == name for n in names):
        return iterable
    return None


def _slot(target: ast.expr, iterable: ast.expr, name: str) -> int | None:
    """The position of ``name`` in a loop's tuple target (``for start, end in xs``: end is 1); None for a
    name that holds the whole item, ``enumerate``'s item, or a target with a starred name."""
    if isinstance(iterable, ast.Call) and plain_name(iterable.func) == "enumerate":
        return None
    if not isinstance(target, (ast.Tuple, ast.List)) or any(isinstance(e, ast.Starred) for e in target.elts):
        return None
    return next((i for i, e in enumerate(target.elts) if isinstance(e, ast.Name) and e.id == name), None)


_GROWERS = frozenset({"append", "appendleft", "extend", "insert", "add"})


def _grown(stmt: ast.AST | None) -> ast.expr | None:
    """The collection a statement grows with a value (``out.append(v)``, ``seen.add(v)``), or None."""
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return None
    func = stmt.value.func
    return func.value if isinstance(func, ast.Attribute) and func.attr in _GROWERS else None


class _Flows:
    """Names and their derivations within one function."""

    def __init__(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.function = function
        self.parents: dict[ast.AST, ast.AST] = {c: p for p in ast.walk(function) for c in ast.iter_child_nodes(p)}
        self.assignments = [n for n in ast.walk(function) if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign))]

    def nested(self, node: ast.AST, function: ast.AST) -> bool:
        """Inside a function nested in ``function``: that one is analysed on its own."""
        current = self.parents.get(node)
        while current is not None and current is not function:
            if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return True
            current = self.parents.get(current)
        return False

    def tokens(self, node: ast.AST) -> set[str]:
        """What an expression's value is: its variable, the memory it loads, its iterable."""
        if isinstance(node, ast.Name):
            bound = self._comprehension_iter(node)
            if bound is not None:
                return self.tokens(bound)
            return set() if node.id in _SELF else {node.id}
        if isinstance(node, ast.Attribute):
            name = plain_name(node)
            read = set() if isinstance(node.value, ast.Name) and node.value.id in _SELF else _field_token(node.attr)
            return ({name} if name else self.tokens(node.value)) | read  # a field read off another object
        if isinstance(node, ast.Subscript):
            return self.tokens(node.value) | _key_token(node.slice)
        if isinstance(node, ast.Call):
            return self._call_tokens(node)
        if isinstance(node, ast.BinOp):
            return self.tokens(node.right) if isinstance(node.left, ast.Constant) else self.tokens(node.left)
        if isinstance(node, (ast.BoolOp, ast.IfExp)):
            parts = node.values if isinstance(node, ast.BoolOp) else [node.body, node.orelse]
            return set().union(*(self.tokens(p) for p in parts))
        if isinstance(node, ast.UnaryOp):
            return self.tokens(node.operand)
        return set()

    def address_terms(self, node: ast.AST) -> set[str]:
        """Pointer arithmetic (``ptr + first_pos + offset``): a ``+ 1`` on it shifts every index term."""
        terms = _additive_terms(node)
        if len(terms) < 2 or not _pointer_like(terms[0]):
            return set()
        return set().union(*(self.tokens(t) for t in terms[1:]))

    def _call_tokens(self, node: ast.Call) -> set[str]:
        name = plain_name(node.func) or ""
        short = name.rsplit(".", 1)[-1]
        if short in _PASS_THROUGH:
            if node.args:
                return self.tokens(node.args[0])
            if isinstance(node.func, ast.Attribute):  # x.item(), x.long()
                return self.tokens(node.func.value)
            return set()
        if short == "get" and node.args:  # cfg.get("key"): the value stored under that key
            return {ast.unparse(node)} | _key_token(node.args[0])
        return {ast.unparse(node)}

    def _comprehension_iter(self, name: ast.Name) -> ast.expr | None:
        """The iterable a loop variable walks: a comprehension's, an enclosing ``for``'s (``for i in
        self.ids: ... h[i + 1]`` adjusts ``self.ids``; ``enumerate(ids)``'s second name too), or the
        one ``map(lambda i: ..., ids)`` hands the lambda."""
        walk = self._walk(name)
        return walk[0] if walk is not None else None

    def _walk(self, name: ast.Name) -> tuple[ast.expr, int | None] | None:
        """The iterable a loop variable walks, and the position of the element it unpacks from each of
        the iterable's tuples (``end`` of ``for start, end in ranges``: 1); None for the whole item."""
        child: ast.AST = name
        current = self.parents.get(name)
        while current is not None:
            if isinstance(current, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
                for generator in current.generators:
                    if isinstance(generator.target, ast.Name) and generator.target.id == name.id:
                        return generator.iter, None
                    if isinstance(generator.target, ast.Tuple):  # ``for start, end in ranges``
                        walked = _walked(generator.target, generator.iter, name.id)
                        if walked is not None:
                            return walked, _slot(generator.target, generator.iter, name.id)
            if isinstance(current, (ast.For, ast.AsyncFor)) and child is not current.target:
                walked = _walked(current.target, current.iter, name.id)
                if walked is not None:
                    return walked, _slot(current.target, current.iter, name.id)
            if isinstance(current, ast.Lambda) and name.id in {a.arg for a in current.args.args}:
                call = self.parents.get(current)
                if isinstance(call, ast.Call) and plain_name(call.func) == "map" and call.args[:1] == [current]:
                    return (call.args[1], None) if len(call.args) == 2 else None
                return None
            child, current = current, self.parents.get(current)
        return None

    def tests(self, node: ast.AST) -> list[tuple[ast.expr, bool]]:
        """The tests an adjustment is taken under, each with whether it is taken where the test fails: its
        conditional addend's (``+ (1 if c else 0)``; ``(0 if c else 1)`` where ``c`` fails), and each enclosing
        ``if``'s (its ``else`` where the test fails)."""
        found = [(n.test, not _constant(n.body)) for n in ast.walk(node) if isinstance(n, ast.IfExp)]
        child, current = node, self.parents.get(node)
        while current is not None and current is not self.function:
            if isinstance(current, ast.If):
                found.append((current.test, child in current.orelse))
            child, current = current, self.parents.get(current)
        return found

    def bound(self, node: ast.AST) -> bool:
        """The adjusted value is compared, or is a ``range``'s argument: an index bound."""
        current = self.parents.get(node)
        while current is not None and not isinstance(current, ast.stmt):
            if isinstance(current, ast.Compare) or (
                isinstance(current, ast.Call) and plain_name(current.func) == "range"
            ):
                return True
            current = self.parents.get(current)
        return False

    def walked_slots(self, adjusted: list[ast.expr]) -> frozenset[tuple[str, int | None]]:
        """(helper, position) for each helper whose results' tuples the adjusted names unpack (``for
        start, end in h(): end - 1`` reads position 1 of ``h``'s tuples); None where a name holds the whole."""
        found: set[tuple[str, int | None]] = set()
        for name in (n for a in adjusted for n in ast.walk(a) if isinstance(n, ast.Name)):
            walk = self._walk(name)
            if walk is not None:
                found.update((callee, walk[1]) for callee in _callees(walk[0]))
        return frozenset(found)

    def slot(self, node: ast.AST) -> int | None:
        """The position of an adjusted value that is an element of a tuple display (``(start, end - 1)``: 1)."""
        parent = self.parents.get(node)
        if isinstance(parent, ast.Tuple) and not any(isinstance(e, ast.Starred) for e in parent.elts):
            return next(i for i, e in enumerate(parent.elts) if e is node)
        return None

    def walked_callees(self, adjusted: list[ast.expr]) -> set[str]:
        """Helpers whose results the adjusted loop variables walk (``for l in aux_layers(cfg): h[l + 1]``)."""
        found: set[str] = set()
        for name in (n for a in adjusted for n in ast.walk(a) if isinstance(n, ast.Name)):
            bound = self._comprehension_iter(name)
            if bound is not None:
                found.update(_callees(bound))
        return found

    def targets(self, node: ast.AST) -> set[str]:
        """Where an adjustment is stored: ``x = ... + 1``, ``x += 1``, ``x = [i + 1 for ...]``, ``{"key": ...}``."""
        current: ast.AST | None = node
        keys: set[str] = set()
        while current is not None and not isinstance(current, ast.stmt):
            parent = self.parents.get(current)
            if isinstance(parent, ast.Dict) and current in parent.values:
                keys |= _key_token(parent.keys[parent.values.index(current)])
            current = parent
        if isinstance(current, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = current.targets if isinstance(current, ast.Assign) else [current.target]
            fields = {f for t in targets if isinstance(t, ast.Attribute) for f in _field_token(t.attr)}
            return keys.union(fields, *(self.tokens(t) for t in targets if not isinstance(t, ast.Tuple)))
        grown = _grown(current)
        if grown is not None:  # ``out.append(i + 1)``: the adjusted value goes into ``out``
            return keys | self.tokens(grown)
        return keys

    def returns(self, flow: set[str]) -> bool:
        """Whether the function returns one of ``flow``'s names (``out = []`` ... ``return out``)."""
        return bool(flow & self._returned)

    @functools.cached_property
    def _returned(self) -> set[str]:
        found: set[str] = set()
        for node in ast.walk(self.function):
            if isinstance(node, ast.Return) and node.value is not None and not self.nested(node, self.function):
                found |= self.tokens(node.value)
        return found

    def callees(self, flow: set[str]) -> set[str]:
        """Helpers whose results the flow's names hold (``start = helper(x)`` ... ``start += 1``)."""
        return {c for stores, called in self._calls if stores & flow for c in called}

    @functools.cached_property
    def _calls(self) -> list[tuple[set[str], list[str]]]:
        """The assignments of a call's result: what each stores to, and the helpers it calls."""
        found: list[tuple[set[str], list[str]]] = []
        for i, stmt in enumerate(self.assignments):
            if not isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                continue
            value = stmt.value
            while isinstance(value, ast.Subscript) and isinstance(value.slice, (ast.Constant, ast.UnaryOp)):
                value = value.value  # an element of the result: ``first = aux_layers(cfg)[0]``
            if not isinstance(value, ast.Call):
                continue
            unpacked = {  # ``lo, hi = aux_layers(cfg)``: each name holds an element of the result
                e.id
                for t in (stmt.targets if isinstance(stmt, ast.Assign) else ())
                if isinstance(t, (ast.Tuple, ast.List))
                for e in t.elts
                if isinstance(e, ast.Name)
            }
            found.append((self._stores[i] | unpacked, list(_callees(value))))
        return found

    def returned(self, node: ast.AST) -> bool:
        current = self.parents.get(node)
        while current is not None and not isinstance(current, ast.stmt):
            current = self.parents.get(current)
        return isinstance(current, ast.Return)

    def closure(self, flow: set[str]) -> set[str]:
        """Add the names assigned from the flow's names (``end = start + n`` joins ``start``'s flow)."""
        flow, fresh = set(flow), set(flow)
        for _ in range(4):  # each round follows the assignments reading the names the last one added
            grown = {t for name in fresh for i in self._readers.get(name, ()) for t in self._stores[i]}
            fresh = grown - flow
            if not fresh:
                break
            flow |= fresh
        return flow

    @functools.cached_property
    def _stores(self) -> list[set[str]]:
        """What each assignment stores to (its names)."""
        return [self._assigned(a) for a in self.assignments]

    @functools.cached_property
    def _readers(self) -> dict[str, list[int]]:
        """The assignments (their indexes) whose value reads each name: every adjustment's closure
        follows these instead of looking at every assignment of the function again (1,000 adjustments
        in a function of 5,000 assignments were minutes)."""
        readers: dict[str, list[int]] = {}
        for i, stmt in enumerate(self.assignments):
            for name in self.tokens(stmt.value) if stmt.value is not None else ():
                readers.setdefault(name, []).append(i)
        return readers

    def _assigned(self, stmt: ast.Assign | ast.AnnAssign | ast.AugAssign) -> set[str]:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return set().union(*(self.tokens(t) for t in targets if not isinstance(t, ast.Tuple)))


# -- the finding ---------------------------------------------------------------------------------------
def _merged_line(trees: ThreeTrees, adjustment: Adjustment) -> int:
    rev = trees.ours if adjustment.side == "fork" else trees.theirs
    return trees.to_merged(rev, adjustment.path).get(adjustment.line, 0)


def _merged_span(trees: ThreeTrees, adjustment: Adjustment) -> tuple[int, int]:
    """The merged file's lines of the function holding the adjustment (its near misses are superseded)."""
    line = _merged_line(trees, adjustment)
    mapping = trees.to_merged(trees.ours if adjustment.side == "fork" else trees.theirs, adjustment.path)
    start, end = adjustment.span
    merged_start = mapping.get(start) or next((mapping[n] for n in range(start, end + 1) if n in mapping), line)
    merged_end = mapping.get(end) or next((mapping[n] for n in range(end, start - 1, -1) if n in mapping), line)
    return min(merged_start, line), max(merged_end, line)


def _finding(trees: ThreeTrees, mine: Adjustment, other: Adjustment) -> tuple[Finding, tuple[int, int]]:
    fork_line, upstream_line = _merged_line(trees, mine), _merged_line(trees, other)
    where = f"line {upstream_line}" if other.path == mine.path else f"{other.path}:{upstream_line}"
    how = (
        f"through the property {other.function}"
        + (f" (upstream's getter now returns its own value under `{other.text}`)" if other.kind == BRANCH_KIND else "")
        if other.getter and not _same_flow(mine, other) and not _one_call_level(mine, other)
        else "in the same value flow"
        if _same_flow(mine, other)
        else f"one call level apart ({other.function if other.returned else mine.function}() returns the "
        f"adjusted value)"
    )
    shared = sorted(_shown(t) for t in _shared(mine, other))
    flow = f" ({', '.join(shared[:3])})" if shared else ""
    message = (
        f"{_SAYS[mine.kind]} applied twice {how}{flow}: the fork added `{mine.text}` (line {fork_line}) and upstream "
        f"added `{other.text}` ({where}) in {mine.function}(); git merged both. Keep one of them"
    )
    return (Finding(OFFSET, "merge", Severity.ERROR, mine.path, fork_line, message), _merged_span(trees, mine))


def _shown(token: str) -> str:
    """A flow token as code: ``key:ids`` -> ``["ids"]``, ``attr:aux_layer_ids`` -> ``.aux_layer_ids``."""
    if token.startswith("key:"):
        return f'["{token[4:]}"]'
    return f".{token[5:]}" if token.startswith("attr:") else token
