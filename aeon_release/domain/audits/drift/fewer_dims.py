"""Fewer dims: upstream's class now builds a tensor field with fewer dims; a fork subclass still indexes it with more.

#42135 (ee58665aac) made ``DeepseekV32IndexerMetadataBuilder.decode_seq_lens_buffer`` one flat workspace,
``torch.zeros((max_num_batched_tokens,))``, where native MTP had it ``torch.zeros((max_num_seqs, next_n))`` and
upstream's own method sliced it ``[:num_decodes, :max_decode_len]`` (it views the flat buffer now).  A fork
subclass that still slices ``self.decode_seq_lens_buffer[:n, :next_n]`` or reads its ``.size(1)`` merges cleanly
and raises IndexError ("too many indices") where it ran before: nothing was renamed or removed.

Upstream's side: a class of a changed file, in both versions, every store of whose field ``self.f`` in its methods
is a build of a tensor of a known rank (``torch.zeros((a, b))``, ``torch.empty(a, b)``, ``torch.full((n,), v)``:
the shape a display, or sizes as the arguments; one name alone might hold a whole shape, and leaves the field
alone), the most dims at the base more than the most at upstream.  The fork's side, on a line it owns, in a
method of a class deriving it (by name) that does not store the field itself: a subscript of ``self.f`` with more
indices (``None`` and ``...`` aside) than upstream's rank, or ``self.f.size(k)``/``.shape[k]``/``.stride(k)`` with a
literal ``k`` past it: an error, the line raises IndexError; not in a branch of a test of the field's rank or
shape (``if self.f.dim() == 2:``: the fork handles both), nor after an ``if`` on it that exits, nor under such
a test of a local bound to the field alone (``buf = self.f``), nor in a ``try`` catching IndexError (review78).

Cheap first: only upstream files whose removed lines store a build with a displayed shape on ``self`` are parsed,
and only where a fork line subscripts or sizes a field of that name.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import derives_first
from aeon_release.domain.audits.drift.fallbacks import caught_around, runs_tested
from aeon_release.domain.audits.drift.layouts import layout_guarded, layouts_read
from aeon_release.domain.audits.drift.own_fields import assigned, base_names, enclosing, file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, fork_imported_first, parsed_versions
from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import FUNCTION_DEFS, last_name, lazy_pattern, parent_map, walk_spanning

# the tensor builds whose positional arguments (or first, a display) give the shape
_BUILDS = frozenset({"zeros", "empty", "ones", "full", "rand", "randn", "randint"})
_SHAPE_FIRST = frozenset({"full"})  # a fill value follows the shape
_SIZES = frozenset({"size", "stride"})
# upstream's removed store of a build on ``self`` (``self.f = torch.zeros(``), a fork subscript or size of a field
_STORE = lazy_pattern(r"self\.(\w+)\s*(?::[^=\n]+)?=\s*(?:torch\.)?(?:" + "|".join(sorted(_BUILDS)) + r")\(")
_FORK_USE = lazy_pattern(r"self\.(\w+)(?:\[[^\]\n]*,|\.(?:size|stride)\(\s*\d|\.shape\[\s*\d)")
_MOST_FILES = 32
# a handler catching the IndexError the use raises: the fork handles the flat buffer there (review78)
_CAUGHT = frozenset({"IndexError", "LookupError"})


@dataclass(frozen=True)
class Flattened:
    """``cls`` (of ``path``) built ``self.field`` with ``was`` dims at the base and at most ``now`` at upstream."""

    path: str
    cls: str
    field: str
    was: int
    now: int
    built: str  # upstream's build, for the message


def fewer_dims_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    fields = fork_found(trees, _FORK_USE, tests=True)
    if not fields:
        return []
    candidates = [p for p in trees.upstream if p.endswith(".py") and _candidate(trees, p, fields)]
    paths = fork_imported_first(trees, candidates)[:_MOST_FILES]
    flattened: dict[str, list[Flattened]] = {}
    for path, old, new in parsed_versions(trees, paths) if paths else ():
        for item in _flattened(path, old, new, fields):
            flattened.setdefault(item.cls, []).append(item)
    if not flattened:
        return []
    findings: list[Finding] = []
    for path in sorted(_using(trees, {i.field for items in flattened.values() for i in items})):
        findings += _fork_uses(trees, path, flattened, pr_pattern)
    return findings


def _using(trees: ThreeTrees, fields: set[str]) -> set[str]:
    """The fork's Python files whose added lines subscript or size a flattened field: the only ones parsed and
    walked (every fork file was, once any field was flattened)."""
    return {
        p
        for p in trees.mine
        if p.endswith(".py")
        and any(m[1] in fields for t in trees.mine[p].added.values() for m in _FORK_USE.finditer(t))
    }


def _candidate(trees: ThreeTrees, path: str, fields: set[str]) -> bool:
    return any(m[1] in fields for line in trees.upstream[path].removed if (m := _STORE.search(line)))


def _flattened(path: str, old: ast.Module, new: ast.Module, fields: set[str]) -> Iterator[Flattened]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None:
            continue
        then, now = _ranks(was), _ranks(cls)
        for field in sorted(fields & set(then) & set(now)):
            if then[field][0] > now[field][0] > 0:
                yield Flattened(path, cls.name, field, then[field][0], now[field][0], now[field][1])


def _ranks(cls: ast.ClassDef) -> dict[str, tuple[int, str]]:
    """field -> (the most dims a store of ``self.field`` builds, that build's text), for the fields every store of
    which in the class's methods builds a tensor of a known rank."""
    found: dict[str, tuple[int, str]] = {}
    unknown: set[str] = set()
    for method in (s for s in cls.body if isinstance(s, FUNCTION_DEFS)):
        for node in ast.walk(method):
            for target, value in _stores(node):
                field = target.attr
                rank = _rank(value) if value is not None else None
                if rank is None:
                    unknown.add(field)
                elif rank > found.get(field, (0, ""))[0]:
                    found[field] = (rank, ast.unparse(value) if value is not None else "")
    return {field: best for field, best in found.items() if field not in unknown}


def _stores(node: ast.AST) -> Iterator[tuple[ast.Attribute, ast.expr | None]]:
    """(``self.f``, the value) of each store on ``self`` the node makes (an augmented one has no value known)."""
    targets: list[ast.expr]
    value: ast.expr | None
    if isinstance(node, ast.Assign):
        targets, value = node.targets, node.value
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        targets, value = [node.target], node.value if isinstance(node, ast.AnnAssign) else None
    else:
        return
    for target in targets:
        for sub in ast.walk(target):
            if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "self":
                if isinstance(sub.ctx, ast.Store):
                    yield sub, value if sub is target else None


def _rank(value: ast.expr) -> int | None:
    """The dims of a tensor build whose shape shows: a display's items, or plain sizes as the arguments."""
    if not (isinstance(value, ast.Call) and last_name(value.func) in _BUILDS):
        return None
    args = _shape_args(value)
    if not args:
        return None
    if len(args) == 1 and isinstance(args[0], (ast.Tuple, ast.List)):
        items = args[0].elts
        return len(items) if items and not any(isinstance(i, ast.Starred) for i in items) else None
    if any(isinstance(a, ast.Starred) for a in args):
        return None
    # two sizes or more are sizes each (``torch.empty(n, 4)``); one bare name might hold a whole shape
    return len(args) if len(args) > 1 or _plain_size(args[0]) else None


def _shape_args(call: ast.Call) -> list[ast.expr]:
    """The arguments that give a build's shape: ``size=``, else the first of ``full(shape, fill)``, the last of
    ``randint(high, size)``/``randint(low, high, size)`` (its bounds come first), all of the others'."""
    size = next((k.value for k in call.keywords if k.arg == "size"), None)
    if size is not None:
        return [size]
    name = last_name(call.func)
    if name == "randint":
        return call.args[-1:] if len(call.args) > 1 else []
    return call.args[:1] if name in _SHAPE_FIRST else call.args


def _plain_size(expr: ast.expr) -> bool:
    """A size that cannot be a shape: an int literal, arithmetic, or a call of ``max``/``min``/``int``/``len``/
    ``cdiv``.  A name or an attribute of unknown value might hold a whole shape (``torch.empty(x.shape)``,
    ``torch.zeros(self.kv_shape)``): its rank is unknown."""
    if isinstance(expr, ast.Constant):
        return type(expr.value) is int
    if isinstance(expr, ast.BinOp):
        return True
    return isinstance(expr, ast.Call) and last_name(expr.func) in {"max", "min", "int", "len", "cdiv", "round_up"}


def _fork_uses(trees: ThreeTrees, path: str, flattened: dict[str, list[Flattened]], pr_pattern: str) -> list[Finding]:
    module = trees.merged_module(path)
    owned = trees.owned_lines(path) if module is not None else set()
    if module is None or not owned:
        return []
    guarded = layout_guarded(module)
    parents = parent_map(module)
    imports = file_imports(module, path)
    findings = []
    for cls in file_classes(module.body):
        items = {i.field: i for i in _derived(cls, path, imports, flattened)}
        items = {f: i for f, i in items.items() if f not in _ranks_stored(cls)}
        for node in walk_spanning(cls, owned) if items else ():
            hit = _past_rank(node, items)
            if (
                hit is not None
                and getattr(node, "lineno", 0) in owned
                and (f"self.{hit[0].field}", id(node)) not in guarded
                and not _handled(node, hit[0].field, parents)
            ):
                findings.append(_finding(trees, path, node, cls.name, hit, pr_pattern))
    return findings


def _handled(node: ast.AST, field: str, parents: dict[int, ast.AST]) -> bool:
    """The fork handles both ranks where the use runs (review78, #42135's twins): after an ``if`` on the field's
    rank that exits (``if self.f.dim() == 1: return ...``), in a branch of a test of the rank of a local bound to
    the field alone (``buf = self.f`` ... ``if buf.ndim == 2``), or in a ``try`` catching the IndexError."""
    if caught_around(node, _CAUGHT, parents):
        return True
    names = {f"self.{field}"} | _aliases(node, field, parents)

    def asks(test: ast.expr) -> bool:
        return bool(layouts_read(test) & names)

    return runs_tested(node, parents, asks, asks)


def _aliases(node: ast.AST, field: str, parents: dict[int, ast.AST]) -> set[str]:
    """The locals the enclosing function binds once, to ``self.field`` itself."""
    func = enclosing(node, parents)
    held = assigned(func).items() if func is not None else ()
    return {name for name, values in held if len(values) == 1 and ast.unparse(values[0]) == f"self.{field}"}


def _derived(
    cls: ast.ClassDef, path: str, imports: dict[str, tuple[str, str]], flattened: dict[str, list[Flattened]]
) -> Iterator[Flattened]:
    """The flattened fields of the upstream classes ``cls`` derives first: imported from their module (or a package
    above it), or named bare in that module itself.  A base's bare name alone let a fork class deriving an
    unrelated class of the same name err."""
    for base in sorted(base_names(cls)):
        for item in flattened.get(base, []):
            if derives_first(cls, imports, item.path, item.cls) or (path == item.path and base in _bare_bases(cls)):
                yield item


def _bare_bases(cls: ast.ClassDef) -> set[str]:
    return {b.id for b in cls.bases if isinstance(b, ast.Name)}


def _ranks_stored(cls: ast.ClassDef) -> set[str]:
    """The fields the fork's class stores on ``self`` itself: its own value, whatever upstream builds."""
    return {target.attr for node in ast.walk(cls) for target, _ in _stores(node)}


def _past_rank(node: ast.AST, items: dict[str, Flattened]) -> tuple[Flattened, str] | None:
    """(the field, the use) where the node indexes ``self.f`` past upstream's rank: more subscript indices, or a
    literal dim of ``.size(k)``/``.stride(k)``/``.shape[k]`` at or past it."""
    if isinstance(node, ast.Subscript) and (item := _field(node.value, items)) is not None:
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        indices = [p for p in parts if not (isinstance(p, ast.Constant) and p.value in (None, Ellipsis))]
        if len(indices) > item.now and not any(isinstance(p, ast.Starred) for p in parts):
            return item, f"[{', '.join(ast.unparse(p) for p in parts)}]"
    dim: ast.expr | None = None
    item = None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SIZES:
        item, dim = _field(node.func.value, items), node.args[0] if len(node.args) == 1 else None
    elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
        item, dim = _field(node.value.value, items), node.slice
    if item is not None and isinstance(dim, ast.Constant) and type(dim.value) is int and dim.value >= item.now:
        return item, ast.unparse(node)[len(f"self.{item.field}") :]
    return None


def _field(expr: ast.expr, items: dict[str, Flattened]) -> Flattened | None:
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self":
        return items.get(expr.attr)
    return None


def _finding(
    trees: ThreeTrees, path: str, node: ast.AST, fork_cls: str, hit: tuple[Flattened, str], pr_pattern: str
) -> Finding:
    item, use = hit
    commit = trees.upstream_commit(item.path, rf"self\.{re.escape(item.field)}\b", pr_pattern)
    message = (
        f"{fork_cls} reads self.{item.field}{use}, but upstream's {item.cls} now builds {item.field} with "
        f"{item.now} dim{'s' if item.now > 1 else ''} ({item.built}; it had {item.was}) ({item.path}{commit}): "
        f"the line raises IndexError; index it as upstream's methods now do, or view it first"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, getattr(node, "lineno", 0), message)
