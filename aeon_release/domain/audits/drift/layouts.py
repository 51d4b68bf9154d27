"""Layout drift: a subclass still indexes or splits a value the way its upstream class stopped doing.

#44455 packed K and V into the KV cache's content dim: ``FlashAttentionImpl``'s methods split their
``kv_cache`` parameter with ``kv_cache.transpose(1, 2).split(...)`` now, where they had
``kv_cache.unbind(1)``.  A fork subclass whose method still does ``kv_cache.unbind(1)`` merges cleanly
and runs: it splits along the heads.  #37487 made the attention layer's ``self.kv_cache`` one tensor
(``[torch.tensor([]) for _ in range(pp)]`` before): a subclass's ``self.kv_cache[0]`` now takes the
cache's first block.

Upstream's side: the classes of the files whose diff removed a literal-dim access (``x.unbind(1)``,
``x.select(1, 0)``, ``x[0]``, ``x[:, 1]``) or a list assigned to a field (``self.f = [``), a text test
before any parse. A class retired an access when one of its methods held it at the merge base on a name
(a parameter, or ``self.f``), no method holds it at upstream, and that method still indexes or splits
the name another way (a helper that took the access over is no news, and one of upstream's file applying
the same access to the parameter the name lands in keeps the layout), and not along the same dim in
another spelling (``x.unbind(1)`` -> ``x[:, 0], x[:, 1]``, ``torch.unbind(x, dim=1)``: an equivalent
rewrite keeps the layout). A field every assignment of which in the class's methods was a list at the
base, and is a call that builds no container at upstream (``torch.tensor([])``; not
``nn.ModuleList(...)``), and that no method indexes any more, retired every literal index of it. Where a
class of the fork's file deriving from another class of upstream's file overrides, without ``super()``,
a method whose returned tuple display (a shape, a stride order) upstream's diff changed there (a
backend's get_kv_cache_shape beside the implementation), the fork may keep its own layout: a warning.

The fork's side: on its own lines, a method of a class deriving from that class (by name) applies the
retired access to the same name (the same parameter name, or ``self.f``): an error; not where the fork's
method made the value its own (the access in a branch of a test of the value's kind, rank or shape: it
handles both layouts, two sizes of the value compared with each other among such tests; after the method
bound the name to a value not read from it, or to a transposed or permuted view of itself). A literal index
of such a field off an object whose class the line does not show (``layer.kv_cache[0]``, a layer from
the forward context) is a warning; off an object its function shows to be of a class of the fork's file
deriving from none of them, nothing.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.helper_guards import inlined
from aeon_release.domain.audits.drift.own_fields import base_names, file_classes
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    FUNCTION_DEFS,
    find_defs,
    last_name,
    lazy_pattern,
    parse_python,
    walk_spanning,
)

# the tensor methods whose integer arguments name a dim (or a size along one)
_DIM_OPS = frozenset({"unbind", "select", "chunk", "split", "narrow", "transpose", "permute", "movedim", "unflatten"})
# the name a line may access along a literal dim (``x.unbind(1)``, ``x[0]``, ``x[:, 1]``), or a field it
# assigns a list (``self.f = [``): both sides' lines are matched, and only names on both are looked into
_ACCESS = lazy_pattern(
    r"(?<!\w)(\w+)\s*(?:\.(?:" + "|".join(sorted(_DIM_OPS)) + r")\(\s*-?\d|\[\s*(?::\s*,\s*)*-?\d+\s*\]"
    r"|\[\s*(?::\s*,\s*)+[^:\],\[]+:)"
    r"|self\.(\w+)\s*=\s*\["
)
_SPAN = "a:b]"  # the tail of a bounded slice's access along a dim: ``[:, a:b]`` (mend78)
_CONTAINERS = frozenset(
    {
        "list",
        "tuple",
        "dict",
        "set",
        "frozenset",
        "deque",
        "sorted",
        "reversed",
        "map",
        "filter",
        "zip",
        "range",
        "copy",
    }
)
# what a test reads of a value's layout: its rank, shape, size or strides
_RANK_READS = frozenset({"dim", "ndim", "ndimension"})
_SIZE_READS = frozenset({"shape", "size", "stride"})  # a layout test only compared with a literal
# the calls that build a new value (the fork's own layout), not read one
_BUILDS = frozenset({"stack", "cat", "concat", "empty", "zeros", "ones", "full", "tensor", "rand", "randn", "arange"})
_KIND_CALLS = frozenset({"isinstance", "is_tensor", "type", "len"})
# a view of a tensor with its dims reordered: a rebind to one makes the layout the fork's own
_FLIPS = frozenset({"t", "T", "mT", "transpose", "permute", "swapaxes", "swapdims", "movedim", "moveaxis"})
# the splits whose dim a later spelling may name otherwise: op -> (place of its dim argument, of its index)
_ALONG = {"unbind": (0, None), "select": (0, 1), "chunk": (1, None), "split": (1, None)}
_ANY_INDEX = "[k]"  # a field made one value: every literal index of it changed meaning


@dataclass(frozen=True)
class Retired:
    """``cls`` (in upstream's ``path``) no longer applies ``access`` to ``name`` (``self.f`` or a parameter)."""

    cls: str
    path: str
    name: str
    access: str
    now: str  # how upstream reads the name instead, for the message
    changed: frozenset[tuple[str, str]] = frozenset()  # (class, method) whose returned tuple upstream changed


def layout_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork methods of subclasses that still index or split a name the way their upstream class retired."""
    fork = {p: _accessed(trees.mine[p].added.values()) for p in sorted(trees.mine) if p.endswith(".py")}
    names = set().union(*fork.values()) if fork else set()
    upstream = [p for p in _upstream_holding(trees, names) if names & _accessed(trees.upstream[p].removed)]
    retired: dict[str, list[Retired]] = {}
    for path in upstream:
        for item in _retired_in(trees, path):
            retired.setdefault(item.cls, []).append(item)
    findings = []
    for path in [p for p, accessed in fork.items() if accessed] if retired else ():
        findings += _fork_uses(trees, path, retired, pr_pattern)
    return findings


def _upstream_holding(trees: ThreeTrees, names: set[str]) -> list[str]:
    """Upstream's Python files to parse and match for ``names``: none when the fork's lines access none (a
    name ``_ACCESS`` finds lies in its line).  Upstream's diff is most of a large merge's: each file's
    changes parsed and its removed lines matched took 0.08 s at 500 real commits and 0.27 s at 2,000, for
    no name.  (Looking for a few names in the raw diff first saved nothing: names such as ``x`` or
    ``weight`` are in nearly every file.)"""
    return [p for p in sorted(trees.upstream) if p.endswith(".py")] if names else []


def _accessed(lines: Iterable[str]) -> set[str]:
    """The names the lines access along a literal dim, or assign a list to as ``self.f``: matched over the lines
    joined, as an access may break after its ``[:,`` (review134: #25403's ``lora_b_i[:,`` and its bounds on the
    next line)."""
    return {m.group(1) or m.group(2) for m in _ACCESS.finditer("\n".join(lines))}


def _retired_in(trees: ThreeTrees, path: str) -> Iterator[Retired]:
    texts = trees.blobs(trees.base, [path])[path], trees.blobs(trees.theirs, [path])[path]
    before, after = (parse_python(t, path) if t is not None else None for t in texts)
    if before is None or after is None:
        return
    now = {cls.name: cls for cls in file_classes(after.body)}
    shapes_now: dict[str, dict[str, list[str]]] = {}  # class -> method -> its shapes (the first method of a name)
    for name, cls in now.items():
        for m in methods_of(cls):
            shapes_now.setdefault(name, {}).setdefault(m.name, _shapes(m))
    changed = frozenset(
        (cls.name, method.name)
        for cls in file_classes(before.body)
        if cls.name in now
        for method in methods_of(cls)
        if _shapes(method) != shapes_now.get(cls.name, {}).get(method.name, [])
    )
    for cls in file_classes(before.body):
        if cls.name in now:
            retired = _class_retired(cls, now[cls.name], path)
            yield from (replace(r, changed=changed) for r in retired if not _handed_to_helper(now[cls.name], r, after))


def _shapes(method: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """The tuple displays a method returns (a shape, a stride order): what a layout-producing method changes."""
    return [
        ast.dump(node.value)
        for node in ast.walk(method)
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple)
    ]


def _class_retired(old: ast.ClassDef, new: ast.ClassDef, path: str) -> Iterator[Retired]:
    """The accesses a method the class keeps held at the base and the class holds nowhere now, on a name
    that method still indexes or splits another way (a helper that took the access over is no news); the
    fields it held lists in and holds one value in now (a call that builds no container)."""
    kept = {m.name: m for m in methods_of(new)}
    now = _accesses(methods_of(new))
    for method in methods_of(old):
        same = kept.get(method.name)
        other = {name for name, _ in _accesses([same])} if same is not None else set()
        along = {hit: along_of(node) for node in ast.walk(method) if (hit := access_of(node)) is not None}
        for name, access in sorted(_accesses([method]) - now):
            if same is not None and name in other and not _still_along(same, along.get((name, access))):
                yield Retired(old.name, path, name, access, _read_now(same, name))
    indexed = {name for name, access in now if access.startswith("[")}
    listed = _listed(old)
    for field, value in sorted(_one_value(new).items()):
        if field in listed and f"self.{field}" not in indexed:
            yield Retired(old.name, path, f"self.{field}", _ANY_INDEX, value)


def _handed_to_helper(cls: ast.ClassDef, item: Retired, module: ast.Module) -> bool:
    """A method of the class hands the name to a function or method of upstream's file that applies the
    retired access to the parameter it lands in (``self._split(kv_cache)`` whose body is
    ``cache.unbind(1)``): the same split, in a helper."""
    for call in (n for m in methods_of(cls) for n in ast.walk(m) if isinstance(n, ast.Call)):
        places = [i for i, arg in enumerate(call.args) if _subject(arg) == item.name]
        for func in find_defs(module, last_name(call.func)) if places else ():
            params = (
                [a.arg for a in (*func.args.posonlyargs, *func.args.args)] if isinstance(func, FUNCTION_DEFS) else []
            )
            if params[:1] in (["self"], ["cls"]) and isinstance(call.func, ast.Attribute):
                params = params[1:]
            named = {params[i] for i in places if i < len(params)}
            if isinstance(func, FUNCTION_DEFS) and any((p, item.access) in _accesses([func]) for p in named):
                return True
    return False


def _still_along(method: ast.FunctionDef | ast.AsyncFunctionDef, gone: tuple[str, int, int | None] | None) -> bool:
    """Whether ``method`` still splits or indexes the name along the dim the access ``gone`` did, in another
    spelling (``x.unbind(1)`` -> ``x[:, 0], x[:, 1]``, ``x.select(1, 0)``, ``torch.unbind(x, dim=1)``): the
    same layout, an equivalent rewrite.  An index covers a split along its dim, not another index."""
    if gone is None:
        return False
    return any(
        (now[:2] == gone[:2] and None in (now[2], gone[2])) or now == gone
        for node in ast.walk(method)
        if (now := along_of(node)) is not None
    )


def along_of(node: ast.AST) -> tuple[str, int, int | None] | None:
    """(``x`` or ``self.f``, dim, index) of a split or index of ``x`` along a literal dim, in any spelling:
    ``x.unbind(1)``, ``x.unbind(dim=1)``, ``torch.unbind(x, 1)``, ``x.chunk(2, dim=1)`` (index None: every
    slice); ``x.select(1, 0)``, ``x[:, 0]`` (index 0)."""
    if isinstance(node, ast.Subscript) and _literal_index(node.slice):
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        ints = [i for i, part in enumerate(parts) if _int(part)]
        return (_subject(node.value), ints[0], ast.literal_eval(parts[ints[0]])) if len(ints) == 1 else None
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _ALONG):
        return None
    args = list(node.args)
    subject = args.pop(0) if isinstance(node.func.value, ast.Name) and node.func.value.id == "torch" and args else None
    place, index_place = _ALONG[node.func.attr]
    dim = next((k.value for k in node.keywords if k.arg == "dim"), args[place] if len(args) > place else None)
    index = args[index_place] if index_place is not None and len(args) > index_place else None
    if not _int(dim if dim is not None else ast.Constant(0)) or (
        index_place is not None and (index is None or not _int(index))
    ):
        return None  # a dim or an index not a literal (select's both are required; the others' dim is 0)
    return (
        _subject(subject if subject is not None else node.func.value),
        ast.literal_eval(dim) if dim is not None else 0,
        ast.literal_eval(index) if index is not None else None,
    )


def methods_of(cls: ast.ClassDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The class body's own defs, in order."""
    return [stmt for stmt in cls.body if isinstance(stmt, FUNCTION_DEFS)]


def _accesses(methods: Iterable[ast.FunctionDef | ast.AsyncFunctionDef]) -> set[tuple[str, str]]:
    """(name, access) of every literal-dim access on a method's parameter or on ``self.f``."""
    found = set()
    for method in methods:
        params = _params(method)
        for node in ast.walk(method):
            hit = access_of(node)
            if hit is not None and (hit[0] in params or hit[0].startswith("self.")):
                found.add(hit)
    return found


def access_of(node: ast.AST) -> tuple[str, str] | None:
    """(``x`` or ``self.f``, ``.unbind(1)`` / ``[0]``) of a literal-dim access, or None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _DIM_OPS:
        if node.args and not node.keywords and all(_int(a) for a in node.args):
            return _subject(node.func.value), f".{node.func.attr}({', '.join(ast.unparse(a) for a in node.args)})"
    if isinstance(node, ast.Subscript) and _literal_index(node.slice):
        return _subject(node.value), f"[{ast.unparse(node.slice)}]"
    if isinstance(node, ast.Subscript) and (dim := _sliced_along(node.slice)) is not None:
        return _subject(node.value), "[" + ":, " * dim + _SPAN
    return None


def _sliced_along(index: ast.expr) -> int | None:
    """The dim of the one bounded slice among bare ``:`` parts (``x[:, a:b]``: 1; ``x[a:b, :]``: 0), its
    bounds whatever they are (#25403 moved ``lora_b[:, s:e]`` to ``lora_b[s:e, :]``); None for a bare slice
    alone, one with a step, or any integer (an index's access)."""
    parts = index.elts if isinstance(index, ast.Tuple) else []
    if len(parts) < 2 or not all(isinstance(p, ast.Slice) and p.step is None for p in parts):
        return None
    bounded = [i for i, p in enumerate(parts) if isinstance(p, ast.Slice) and (p.lower or p.upper)]
    return bounded[0] if len(bounded) == 1 else None


def _subject(expr: ast.expr) -> str:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self":
        return f"self.{expr.attr}"
    return ""


def _int(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and type(expr.value) is int


def _literal_index(index: ast.expr) -> bool:
    """``0``, ``:, 1``: integer literals and bare ``:`` slices, one integer at least."""
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    bare = [isinstance(p, ast.Slice) and p.lower is p.upper is p.step is None for p in parts]
    return any(_int(p) for p in parts) and all(_int(p) or b for p, b in zip(parts, bare, strict=True))


def _params(method: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The method's parameters, and the names it binds to an item of one (``lora_b_i := lora_b[i]``,
    ``x = xs[0]``): an item of a list handed in lies as the parameter's entries do (review134: #25403's merged
    column layer slices ``lora_b_i[:, a:b]``, each shard of its ``lora_b`` list)."""
    args = method.args
    params = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    items = set()
    for node in ast.walk(method):
        target: ast.expr | None = node.target if isinstance(node, ast.NamedExpr) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and isinstance(value, ast.Subscript) and _subject(value.value) in params:
            items.add(target.id)
    return params | items


def _listed(cls: ast.ClassDef) -> set[str]:
    """Fields every assignment of which in the class's methods is a list (a display or a comprehension)."""
    kinds: dict[str, set[bool]] = {}
    for method in methods_of(cls):
        for node in ast.walk(method):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if _subject(target).startswith("self."):
                        kinds.setdefault(_subject(target)[5:], set()).add(
                            isinstance(node.value, ast.List | ast.ListComp)
                        )
    return {field for field, listed in kinds.items() if listed == {True}}


def _read_now(method: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> str:
    """The first value upstream's method computes from ``name`` now, for the message."""
    for node in ast.walk(method):
        if isinstance(node, ast.Assign) and any(
            _subject(n) == name for n in ast.walk(node.value) if isinstance(n, ast.Name | ast.Attribute)
        ):
            return ast.unparse(node.value)
    return name


def _one_value(cls: ast.ClassDef) -> dict[str, str]:
    """field -> ``self.f = value`` of the fields every assignment of which in the class's methods is a
    call that builds no container (``torch.tensor([])``; not ``nn.ModuleList(...)``, ``list(...)``)."""
    found: dict[str, str] = {}
    others: set[str] = set()
    for method in methods_of(cls):
        for node in ast.walk(method):
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                field = _subject(target)[5:] if _subject(target).startswith("self.") else ""
                if field and _builds_one(node.value):
                    found.setdefault(field, f"{ast.unparse(target)} = {ast.unparse(node.value)}")
                elif field:
                    others.add(field)
    return {field: value for field, value in found.items() if field not in others}


def _builds_one(value: ast.expr) -> bool:
    name = last_name(value.func) if isinstance(value, ast.Call) else ""
    return bool(name) and name not in _CONTAINERS and not name.endswith(("List", "Dict", "Tuple", "Seq", "Sequence"))


def _fork_uses(trees: ThreeTrees, path: str, retired: dict[str, list[Retired]], pr_pattern: str) -> list[Finding]:
    module = trees.merged_module(path)
    owned = trees.owned_lines(path)
    if module is None or not owned:
        return []
    findings = []
    guarded = layout_guarded(module)
    for cls in file_classes(module.body):
        items = [r for base in sorted(base_names(cls)) for r in retired.get(base, [])]
        for method in methods_of(cls) if items else ():
            for node in walk_spanning(method, owned):
                hit = access_of(node) if getattr(node, "lineno", 0) in owned else None
                item = _matching(hit, items, _params(method)) if hit is not None else None
                if hit is not None and item is not None and not _own_value(method, node, hit[0], guarded):
                    kept = _own_layout(module, item)
                    findings.append(_finding(trees, path, node, cls.name, hit, item, kept, pr_pattern))
    lines = {f.line for f in findings}
    return findings + _untyped_reads(trees, path, module, owned, retired, lines, guarded, pr_pattern)


def _own_layout(module: ast.Module, item: Retired) -> str:
    """``C.m`` of a class of the fork's file deriving from another class of upstream's file, that overrides
    (without ``super()``) a method whose returned tuple upstream changed there: the fork may keep its own layout
    (get_kv_cache_shape of a backend beside the implementation), or ""."""
    for cls in file_classes(module.body):
        for base in sorted(base_names(cls) - {item.cls, ""}):
            for method in methods_of(cls):
                calls_super = any(isinstance(n, ast.Name) and n.id == "super" for n in ast.walk(method))
                if (base, method.name) in item.changed and not calls_super:
                    return f"{cls.name}.{method.name}"
    return ""


def layout_guarded(module: ast.Module) -> set[tuple[str, int]]:
    """(the text of ``x``, id of a node) of the nodes in a branch of an ``if`` (statement or expression)
    whose test reads ``x``'s layout: ``isinstance(x, list)``, ``torch.is_tensor(x)``, ``len(x)``, ``x.dim()``, ``x.ndim``,
    ``x.shape[0] == 2``, or a call of the file's one-line helper returning such a test (``_is_list(x)``,
    drift/helper_guards.py).  The fork's code there handles both layouts."""
    found: set[tuple[str, int]] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.If | ast.IfExp):
            branches = [*node.body, *node.orelse] if isinstance(node, ast.If) else [node.body, node.orelse]
            inside = {id(n) for branch in branches for n in ast.walk(branch)}
            found |= {(text, i) for text in layouts_read(inlined(node.test, module)) for i in inside}
    return found


def layouts_read(test: ast.expr) -> set[str]:
    """The texts of the values whose layout ``test`` reads (their type, length, rank, shape or size)."""
    found = set()
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and last_name(node.func) in _KIND_CALLS and node.args:
            found.add(ast.unparse(node.args[0]))
        elif isinstance(node, ast.Attribute) and node.attr in _RANK_READS:
            found.add(ast.unparse(node.value))
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            read = [{_sized(n) for n in ast.walk(side)} - {""} for side in sides]
            if all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops) and any(_int(side) for side in sides):
                found |= set().union(*read)  # ``x.shape[1] == 2``, not ``> 0``
            found |= _oriented(read)
    return found


def _sized(node: ast.AST) -> str:
    """The text of ``x`` of ``x.shape``/``x.size``/``x.stride``, or ""."""
    return ast.unparse(node.value) if isinstance(node, ast.Attribute) and node.attr in _SIZE_READS else ""


def _oriented(read: list[set[str]]) -> set[str]:
    """The values two sides of one comparison both read a size of (``x.shape[0] < x.shape[1]``): which way
    the value lies, whatever the operator (review134's #25403 twin tested ``lora_b``'s orientation so)."""
    return {text for i, side in enumerate(read) for other in read[i + 1 :] for text in side & other}


def _own_value(
    method: ast.FunctionDef | ast.AsyncFunctionDef, node: ast.AST, name: str, guarded: set[tuple[str, int]]
) -> bool:
    """The access is on a value the fork's method made its own: under a test of its layout, or after the
    method bound the name to a value it built, not read from it (``kv_cache = torch.stack((key, value))``,
    ``self.f = [...]``)."""
    if (name, id(node)) in guarded:
        return True
    line = getattr(node, "lineno", 0)
    if _reoriented_before(method, name, line):
        return True
    return any(
        isinstance(stmt, ast.Assign | ast.AnnAssign)
        and stmt.lineno < line
        and stmt.value is not None
        and any(_subject(t) == name for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]))
        and _built(stmt.value)
        and not any(_subject(n) == name for n in ast.walk(stmt.value) if isinstance(n, ast.Name | ast.Attribute))
        for stmt in ast.walk(method)
    )


def _reoriented_before(method: ast.FunctionDef | ast.AsyncFunctionDef, name: str, line: int) -> bool:
    """The method rebinds the name, before the line, to a transposed or permuted view of itself
    (``lora_b = lora_b.t()``, ``x = x.permute(1, 0)``, ``x = torch.transpose(x, 0, 1)``): the access reads the
    layout the fork made, not the one handed in.  A rebind keeping the layout (``.contiguous()``) is no such."""
    for stmt in ast.walk(method):
        if isinstance(stmt, ast.Assign) and stmt.lineno < line and any(_subject(t) == name for t in stmt.targets):
            value = stmt.value
            if isinstance(value, ast.Attribute) and value.attr in _FLIPS and _subject(value.value) == name:
                return True
            if isinstance(value, ast.Call) and last_name(value.func) in _FLIPS:
                receiver = value.func.value if isinstance(value.func, ast.Attribute) else None
                on_torch = receiver is not None and _subject(receiver) == "torch"
                subject = value.args[0] if on_torch and value.args else receiver
                if subject is not None and _subject(subject) == name:
                    return True
    return False


def _built(value: ast.expr) -> bool:
    """A display, or a call that builds a new tensor (``torch.stack(...)``, ``torch.empty(...)``)."""
    if isinstance(value, ast.List | ast.ListComp | ast.Tuple):
        return True
    return isinstance(value, ast.Call) and last_name(value.func) in _BUILDS


def _matching(hit: tuple[str, str], items: list[Retired], params: set[str]) -> Retired | None:
    """The retired access ``hit`` repeats: the same name (``self.f``, or the method's parameter) and the
    same access, or any literal index of a field made one value."""
    for item in items:
        same = item.access == hit[1] or (item.access == _ANY_INDEX and hit[1].startswith("["))
        if hit[0] == item.name and same and (hit[0].startswith("self.") or hit[0] in params):
            return item
    return None


def _untyped_reads(
    trees: ThreeTrees,
    path: str,
    module: ast.Module,
    owned: set[int],
    retired: dict[str, list[Retired]],
    reported: set[int],
    guarded: set[tuple[str, int]],
    pr_pattern: str,
) -> list[Finding]:
    """A literal index of a field made one value, read off an object whose class the line does not show
    (``layer.kv_cache[0]``, the layer from the forward context): a warning, the object may be another's."""
    fields: dict[str, list[Retired]] = {}
    for items in retired.values():
        for item in items:
            if item.access == _ANY_INDEX:
                fields.setdefault(item.name[5:], []).append(item)
    findings = []
    others = _of_own_classes(module, set(retired)) if fields else set()
    for node in walk_spanning(module, owned) if fields else ():
        if (
            id(getattr(node, "value", None)) not in others
            and isinstance(node, ast.Subscript)
            and node.lineno in owned
            and node.lineno not in reported
            and isinstance(node.value, ast.Attribute)
            and node.value.attr in fields
            and _subject(node.value) == ""
            and _literal_index(node.slice)
            and (ast.unparse(node.value), id(node)) not in guarded
        ):
            items = fields[node.value.attr]
            classes = ", ".join(sorted({i.cls for i in items}))
            commit = trees.upstream_commit(items[0].path, re.escape(node.value.attr) + r"\[", pr_pattern)
            message = (
                f"fork-owned line reads {ast.unparse(node)}, but upstream's {classes} no longer hold a list in "
                f"{node.value.attr} ({items[0].now}): if the object is one of them, "
                f"[{ast.unparse(node.slice)}] now indexes the value itself{commit}"
            )
            findings.append(Finding(RULE, "merge", Severity.WARNING, path, node.lineno, message))
            reported.add(node.lineno)
    return findings


def _of_own_classes(module: ast.Module, retired: set[str]) -> set[int]:
    """ids of the ``x.f`` reads whose ``x`` its function shows to be of a class of the fork's file that
    derives from none of ``retired`` (a parameter annotated with it, a name bound to ``C(...)``)."""
    own = {cls.name: base_names(cls) for cls in file_classes(module.body)}

    def unrelated(name: str, seen: frozenset[str] = frozenset()) -> bool:
        bases = own.get(name)
        return (
            bases is not None
            and name not in seen
            and all(b not in retired and (b not in own or unrelated(b, seen | {name})) for b in bases)
        )

    found: set[int] = set()
    for func in (n for n in ast.walk(module) if isinstance(n, FUNCTION_DEFS)):
        args = func.args
        typed = {
            a.arg: last_name(a.annotation) for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.annotation
        }
        for node in ast.walk(func):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                typed |= {t.id: last_name(node.value.func) for t in node.targets if isinstance(t, ast.Name)}
        found |= {
            id(node)
            for node in ast.walk(func)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and unrelated(typed.get(node.value.id, ""))
        }
    return found


def _finding(
    trees: ThreeTrees,
    path: str,
    node: ast.AST,
    fork_cls: str,
    hit: tuple[str, str],
    item: Retired,
    kept: str,
    pr_pattern: str,
) -> Finding:
    shown = "".join(hit)
    access = item.access.removesuffix(_SPAN) if item.access.endswith(_SPAN) else item.access
    regex = re.escape(item.name.split(".")[-1]) + (r"\[" if item.access == _ANY_INDEX else re.escape(access))
    commit = trees.upstream_commit(item.path, regex, pr_pattern)
    if item.access == _ANY_INDEX:
        how = f"{item.cls} no longer holds a list there ({item.now}): [{hit[1][1:-1]}] now indexes the value itself"
    else:
        how = f"{item.cls}'s methods no longer read {item.name}{item.access} (they read {item.now}): its layout changed"
    message = f"{fork_cls} reads {shown}, but upstream's {how}{commit}"
    if kept:
        message += (
            f"; the fork's {kept} overrides what upstream changed beside it: if it keeps the old layout, this holds"
        )
    severity = Severity.WARNING if kept else Severity.ERROR
    return Finding(RULE, "merge", severity, path, getattr(node, "lineno", 0), message)
