"""Struct tuple drift: a fork line reads a Struct's or dataclass's fields by position, and upstream moved them.

``msgspec.structs.astuple(request)`` (and ``dataclasses.astuple``) hands out the fields in declaration
order: ``rid, prompt, ids, *_ = astuple(request)`` or ``astuple(output)[2]`` names each field by its place.
When upstream inserts, removes or reorders a field (#17214 took ``prompt`` out of ``EngineCoreRequest``,
#17045 put ``cache_salt`` in front of ``current_wave``), git merges the fork's line as it was and every
position from the change on reads its neighbour's value, silently where the types fit.  The other views
that hand out the fields in that order read them by position as well: ``asdict(x).values()`` (a dataclass
or a Struct), and ``vars(x).values()`` / ``x.__dict__.values()`` of a dataclass (its generated
``__init__`` stores the fields in declaration order), bare or wrapped in ``tuple(...)`` / ``list(...)``:
#22678 gave ``PerLayerParameters`` a fourth field, and ``w, cap, scale = vars(params).values()`` raises.

A fork-owned unpack or subscript ``[k]`` (a constant ``k``) of one of those views of ``x``, where the
function types ``x`` as one class (its parameter's annotation, or the one call it is bound to), is checked
against that class in the files upstream changed: a msgspec ``Struct`` or a base-less class (a dataclass),
whose annotated fields are its whole layout -- for ``vars`` and ``__dict__`` only a class decorated
``@dataclass`` (a plain class's ``__dict__`` follows its ``__init__``, a Struct has none).  The first
position the fork reads whose field upstream moved (or took past the end) is an error; a position that
still holds its field stays quiet.

(review131) ``vars`` hands out the keys in the order they land in ``__dict__`` (``_stored``: what ``__init__``
stores, then what ``__post_init__`` sets), not in declaration order; ``astuple``/``asdict`` are the library's
as the module imports them; a class the fork declares itself is not upstream's namesake.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import assigned, enclosing, receiver_names
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts
from aeon_release.domain.audits.drift.wire_mirrors import _class_var
from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map, parse_python

_WRAPS = frozenset({"tuple", "list"})
_VIEWS = ("astuple", "asdict")
_OWN_BASES = frozenset({"object", "ABC", "Generic", "Protocol", "Struct"})
_LIBRARIES = frozenset({"dataclasses", "msgspec.structs"})
_SPELLED = {"astuple": "astuple", "asdict": "asdict(...).values()", "vars": "vars(...).values()"}
_MOST_FILES = 64


@dataclass(frozen=True)
class Layout:
    """The keys a view hands out, in order; complete: no more follow."""

    keys: tuple[str, ...]
    complete: bool


@dataclass(frozen=True)
class Read:
    path: str
    line: int
    cls: str
    positions: tuple[int, ...]  # the positions read (negative: from the end)
    count: int | None  # an unpack without a star: the number of names it takes
    view: str = "astuple"  # the spelling that hands the fields out: astuple, asdict, vars


def struct_tuple_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    reads = list(_fork_reads(trees))
    if not reads:
        return []
    holding = trees.declaring({r.cls for r in reads}, _MOST_FILES)
    if not holding:
        return []
    before, after = both_texts(trees, holding)
    findings = []
    for read in reads:
        for path in holding:
            was, now = _fields(before[path], path, read.cls, read.view), _fields(after[path], path, read.cls, read.view)
            if was is None or now is None or was == now:
                continue
            moved = _moved(read, was, now)
            if moved is not None:
                changed = sorted((set(was.keys) ^ set(now.keys)) | {moved[1]} | ({moved[2]} - {""}))
                findings.append(_finding(trees, read, path, moved, changed, pr_pattern))
            break
    return findings


def _fork_reads(trees: ThreeTrees) -> Iterator[Read]:
    for path, module, owned in fork_modules(trees, _may_view):
        parents: dict[int, ast.AST] = {}
        for node in ast.walk(module):
            read = _read(path, node, module, parents)
            if read is not None and read.line in owned and read.cls not in own_classes(module, frozenset(owned)):
                yield read


def _may_view(line: str) -> bool:
    """(review131) A line that may read fields by position: ``astuple``/``asdict`` (a call, or the import
    an alias of one comes by), or ``.values()`` with ``vars(`` or ``__dict__`` -- not every dict's
    ``.values()``, which a fork writes on many lines."""
    return "astuple" in line or "asdict" in line or (".values()" in line and ("vars(" in line or "__dict__" in line))


@functools.lru_cache(maxsize=8)
def own_classes(module: ast.Module, owned: frozenset[int]) -> frozenset[str]:
    """(review131) The classes the fork declares in the module, on its own lines, deriving from nothing upstream
    may declare (no base, or ``object``/``ABC``/``Generic``/``Protocol``/``Struct``): a namesake of an upstream
    class there is the fork's own, its layout not upstream's.  A fork class of the name deriving from others
    (``class X(UpstreamX)`` shadowing its import) still holds the upstream class's fields: not listed."""
    return frozenset(
        n.name
        for n in ast.walk(module)
        if isinstance(n, ast.ClassDef)
        and n.lineno in owned
        and all(last_name(b.value if isinstance(b, ast.Subscript) else b) in _OWN_BASES for b in n.bases)
    )


@functools.lru_cache(maxsize=8)
def _library_views(module: ast.Module) -> dict[str, str]:
    """(review131) How the module spells the library's ``astuple``/``asdict`` (``dataclasses``'s or
    ``msgspec.structs``'s) -> which: through ``import dataclasses [as d]``, ``import msgspec``, ``from msgspec
    import structs`` or ``from dataclasses import asdict [as a]``, at any level.  A function of the name the
    fork wrote or imported from elsewhere builds what it likes: its values' order is its own."""
    found: dict[str, str] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            for a in node.names:
                prefix = a.asname or a.name
                if a.name in _LIBRARIES:
                    found |= {f"{prefix}.{v}": v for v in _VIEWS}
                if a.name == "msgspec":
                    found |= {f"{prefix}.structs.{v}": v for v in _VIEWS}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module is not None:
            for a in node.names:
                if node.module in _LIBRARIES and a.name in _VIEWS:
                    found[a.asname or a.name] = a.name
                elif f"{node.module}.{a.name}" in _LIBRARIES:
                    found |= {f"{a.asname or a.name}.{v}": v for v in _VIEWS}
    return found


def _read(path: str, node: ast.AST, module: ast.Module, parents: dict[int, ast.AST]) -> Read | None:
    """A positional read of a view (``parents``: filled from ``module`` on the first one met)."""
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], (ast.Tuple, ast.List)):
        cls, view = _struct_of(node.value, node, module, parents)
        elts = node.targets[0].elts
        star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
        ahead = range(star) if star is not None else range(len(elts))
        behind = range(star - len(elts) + 1, 0) if star is not None else range(0)
        count = None if star is not None else len(elts)
        return Read(path, node.lineno, cls, (*ahead, *behind), count, view) if cls else None
    if isinstance(node, ast.Subscript) and isinstance(node.slice, (ast.Constant, ast.UnaryOp)):
        index = _index(node.slice)
        cls, view = _struct_of(node.value, node, module, parents) if index is not None else (None, "")
        return Read(path, node.lineno, cls, (index,), None, view) if cls and index is not None else None
    return None


def _index(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _index(node.operand)
        return -inner if inner is not None else None
    return None


def _struct_of(
    value: ast.expr, node: ast.AST, module: ast.Module, parents: dict[int, ast.AST]
) -> tuple[str | None, str]:
    """The one class the instance a positional view reads is typed as in its function (else None), and the
    view: ``astuple(x)``, ``asdict(x).values()``, ``vars(x).values()`` or ``x.__dict__.values()`` -- or
    (mend81) a local the function binds once to one of those (``t = astuple(x)`` then ``a, b = t``, ``t[2]``)."""
    func: ast.FunctionDef | ast.AsyncFunctionDef | None = None
    if isinstance(value, ast.Name):
        if not parents:
            parents.update(parent_map(module))
        func = enclosing(node, parents)
        held = _held_view(value.id, func) if func is not None else None
        if held is None:
            return None, ""
        value = held
    arg, view = _viewed(value, module)
    if not isinstance(arg, ast.Name):
        return None, view
    if not parents:
        parents.update(parent_map(module))
    func = func or enclosing(node, parents)
    if func is None:
        return None, view
    classes = {n.rsplit(".", 1)[-1] for n in receiver_names(arg.id, func)}
    cls = next(iter(classes)) if len(classes) == 1 else ""
    return (cls if cls[:1].isupper() and cls.isidentifier() else None), view


def _held_view(name: str, func: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.expr | None:
    """(mend81) What a local holds where the function binds it once, by ``name = <value>``, and changes it in
    no place (no other store, no ``name[i] = ...`` nor ``del name[i]``, no method called on it but ``index``/
    ``count``, not a parameter): a view read later by position reads the fields in the view's order."""
    values = assigned(func).get(name, ())
    if len(values) != 1 or name in {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}:
        return None
    stores = 0
    for n in ast.walk(func):
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load):
            stores += 1
        elif isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id == name:
            stores += 2 if not isinstance(n.ctx, ast.Load) else 0
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name):
            stores += 2 if n.func.value.id == name and n.func.attr not in ("index", "count") else 0
    return values[0] if stores == 1 else None


def _viewed(value: ast.expr, module: ast.Module) -> tuple[ast.expr | None, str]:
    """(the instance, the view) of a positional view of its fields, ``tuple(...)``/``list(...)`` unwrapped."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _WRAPS:
        if len(value.args) != 1 or value.keywords:
            return None, ""
        value = value.args[0]
    if not isinstance(value, ast.Call) or value.keywords:
        return None, ""
    if len(value.args) == 1 and _library_views(module).get(ast.unparse(value.func)) == "astuple":
        return value.args[0], "astuple"
    func = value.func
    if value.args or not isinstance(func, ast.Attribute) or func.attr != "values":
        return None, ""
    if isinstance(func.value, ast.Attribute) and func.value.attr == "__dict__":
        return func.value.value, "vars"
    inner = func.value
    if not isinstance(inner, ast.Call) or len(inner.args) != 1 or inner.keywords:
        return None, ""
    if isinstance(inner.func, ast.Name) and inner.func.id == "vars":
        return inner.args[0], "vars"
    return (inner.args[0], "asdict") if _library_views(module).get(ast.unparse(inner.func)) == "asdict" else (None, "")


def _fields(text: str | None, path: str, name: str, view: str = "astuple") -> Layout | None:
    """The fields, in the order the view hands them out, of the class ``name`` in the module: a msgspec Struct
    or a class without bases (a dataclass); None for another class (its bases' fields come first, unseen).
    ``astuple``/``asdict``: the annotated fields (not a ``ClassVar``, not an ``InitVar``).  ``vars``: only a
    class decorated ``@dataclass`` (a Struct has no ``__dict__``, a plain class's follows ``__init__``), see
    ``_stored``."""
    module = parse_python(text, path) if text is not None else None
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef) and node.name == name:
            if not all(last_name(b) in ("Struct", "Generic") or isinstance(b, ast.Subscript) for b in node.bases):
                return None
            fields = [
                stmt
                for stmt in node.body
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and not _no_field(stmt)
            ]
            if view != "vars":
                return Layout(tuple(_target(f) for f in fields), True)
            return _stored(node, fields) if any(_names_dataclass(d) for d in node.decorator_list) else None
    return None


def _no_field(stmt: ast.AnnAssign) -> bool:
    """``x: ClassVar[int]`` or ``x: InitVar[int]``: no field (neither stored nor handed out)."""
    note = stmt.annotation.value if isinstance(stmt.annotation, ast.Subscript) else stmt.annotation
    return _class_var(stmt) or last_name(note) == "InitVar"


def _target(stmt: ast.AnnAssign) -> str:
    return stmt.target.id if isinstance(stmt.target, ast.Name) else ""


def _stored(cls: ast.ClassDef, fields: list[ast.AnnAssign]) -> Layout | None:
    """(review131) ``vars(x)``'s keys in order: the fields the generated ``__init__`` stores, in declaration
    order -- a field with ``init=False`` is stored only with a ``default_factory`` (with none it is in
    ``__dict__`` once something sets it, with a plain default it stays a class attribute) -- then the attributes
    ``__post_init__`` sets, in the order its top-level ``self.name = ...`` statements set them.  Complete when
    every field is among them and ``__post_init__`` holds nothing but assignments (a call, a branch or a loop
    may set more, in an order not written down); else only the known front is.  None: the class writes its
    own ``__init__`` or turns the generated one off."""
    if any(isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in cls.body) or any(
        _decorator_flag(d, "init") is False for d in cls.decorator_list
    ):
        return None
    keys = [_target(f) for f in fields if _field_flag(f.value, "init") is not False or _has(f.value, "default_factory")]
    post = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__post_init__"), None)
    later, plain = _post_init_sets(post) if post is not None else ([], True)
    keys += [name for name in dict.fromkeys(later) if name not in keys]
    return Layout(tuple(keys), plain and {_target(f) for f in fields} <= set(keys))


def _post_init_sets(post: ast.FunctionDef) -> tuple[list[str], bool]:
    """The attributes ``__post_init__``'s top-level statements set on ``self``, in order (``self.x = ...``,
    ``object.__setattr__(self, "x", ...)``), and whether nothing else may set one: a statement that stores on
    ``self`` otherwise (in a branch, a loop) or calls something with ``self`` (``self.m()``, ``f(self)``,
    ``super()...``) ends what is known; one that does neither (a local, an ``assert``, an ``if`` raising)
    sets nothing."""
    first = post.args.args[0].arg if post.args.args else ""
    names: list[str] = []
    for stmt in post.body:
        targets = (
            stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
        )
        value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
        if targets and all(isinstance(t, ast.Name) or _self_attr(t, first) for t in targets):
            if value is not None and _calls_with(value, first):
                return names, False
            names += [name for name in (_self_attr(t, first) for t in targets) if name]
        elif (name := _set_attr(stmt, first)) is not None:
            names.append(name)
        elif _calls_with(stmt, first) or _stores_on(stmt, first):
            return names, False
    return names, True


def _calls_with(node: ast.AST, first: str) -> bool:
    """A call inside ``node`` that may set attributes of ``first``: a method of it, ``super()``'s, or one
    handed it."""
    for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
        root = call.func.value if isinstance(call.func, ast.Attribute) else None
        if (isinstance(root, ast.Name) and root.id == first) or (
            isinstance(root, ast.Call) and last_name(root.func) == "super"
        ):
            return True
        if any(isinstance(a, ast.Name) and a.id == first for a in [*call.args, *(k.value for k in call.keywords)]):
            return True
    return False


def _stores_on(node: ast.AST, first: str) -> bool:
    return any(
        isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and _self_attr(n, first) for n in ast.walk(node)
    )


def _set_attr(stmt: ast.stmt, first: str) -> str | None:
    """``object.__setattr__(self, "x", value)`` (a frozen dataclass's ``__post_init__``) -> "x"."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    if not isinstance(call, ast.Call) or last_name(call.func) != "__setattr__" or len(call.args) != 3:
        return None
    who, name = call.args[0], call.args[1]
    if not (isinstance(who, ast.Name) and who.id == first and isinstance(name, ast.Constant)):
        return None
    return name.value if isinstance(name.value, str) and not _calls_with(call.args[2], first) else None


def _self_attr(target: ast.expr, first: str) -> str:
    """The attribute ``self.name`` names on the method's first parameter ``first``, else ""."""
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == first:
        return target.attr
    return ""


def _decorator_flag(decorator: ast.expr, flag: str) -> bool | None:
    if not isinstance(decorator, ast.Call):
        return None
    value = next((k.value for k in decorator.keywords if k.arg == flag), None)
    return value.value if isinstance(value, ast.Constant) and isinstance(value.value, bool) else None


def _field_flag(value: ast.expr | None, flag: str) -> bool | None:
    return _decorator_flag(value, flag) if isinstance(value, ast.Call) and last_name(value.func) == "field" else None


def _has(value: ast.expr | None, keyword: str) -> bool:
    return (
        isinstance(value, ast.Call)
        and last_name(value.func) == "field"
        and any(k.arg == keyword for k in value.keywords)
    )


def _names_dataclass(decorator: ast.expr) -> bool:
    return last_name(decorator.func if isinstance(decorator, ast.Call) else decorator) == "dataclass"


def _moved(read: Read, was: Layout, now: Layout) -> tuple[int, str, str] | None:
    """(position, the field there at the base, the one there now or "") at the first position read whose
    field moved; an unpack of every field checks the count too.  Where a side's layout is only known at its
    front (``vars`` past a field set outside ``__init__``), the count and positions from the end are not
    judged, nor a position past the known front."""
    whole = was.complete and now.complete
    old, new = was.keys, now.keys
    if whole and read.count is not None and read.count == len(old) and len(new) != len(old):
        first = next((i for i in range(len(old)) if i >= len(new) or new[i] != old[i]), len(old) - 1)
        return first, old[first], new[first] if first < len(new) else ""
    for position in read.positions:
        if not -len(old) <= position < len(old) or (position < 0 and not whole):
            continue
        if not -len(new) <= position < len(new) and not now.complete:
            continue
        held = new[position] if -len(new) <= position < len(new) else ""
        if held != old[position]:
            return position, old[position], held
    return None


def _finding(
    trees: ThreeTrees, read: Read, path: str, moved: tuple[int, str, str], changed: list[str], pr_pattern: str
) -> Finding:
    """``changed``: the fields upstream added or removed, and the two at the position (the commit's lines)."""
    position, field, held = moved
    commit = trees.upstream_commit(path, rf"^[[:space:]]+({'|'.join(changed)})[[:space:]]*:", pr_pattern)
    now = f"holds {held} now" if held else "is past its last field now"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        read.path,
        read.line,
        f"fork-owned line reads {read.cls}'s fields by position ({_SPELLED[read.view]}), and upstream changed "
        f"{read.cls}'s fields ({path}{commit}): position {position}, {field} at the base, {now}, so the fork reads another "
        f"field's value silently; read the fields by name ({field})",
    )
