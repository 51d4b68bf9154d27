"""A fork class's value that upstream's base class now assigns on the instance while it is built.

A fork subclass overrides a base setting with a class attribute (``max_num_tokens = 8192``), or its
``__init__`` sets ``self.max_num_tokens = 8192`` before calling ``super().__init__()``.  When upstream's
base ``__init__`` (or a method it calls on ``self``) starts assigning ``self.max_num_tokens``, the
instance attribute hides the class attribute, or the base overwrites the fork's value: git merges
it cleanly, nothing fails, and the carry no longer takes effect.

A member the fork's class defines in its body meets the same assignment: #23060 made
``Request.use_structured_output`` a flag ``Request.__init__`` sets, where it had been a property, and a
fork subclass's read-only ``@property use_structured_output`` now makes building the request raise
``AttributeError`` (a property with no setter refuses the store); a fork method or ``cached_property`` of
that name is hidden by the instance attribute, so the fork's code no longer runs.  A property the fork
gives a setter takes the store, and a class of ``__setattr__`` its own routes it: neither is reported.

A ``@dataclass`` base with no ``__init__`` of its body stores each field in the one the decorator writes:
#19031 gave ``KVCacheBlock`` the field ``is_null: bool = False``, and a fork subclass's ``@property is_null``
meets the same store (``dataclass_init``, ``_mro_fields``); so does what its ``__post_init__`` stores, which
that ``__init__`` runs last (#15729: ``CachedRequestState.num_prompt_tokens``, ``_post_init``).

Pure: two indexes (the fork's tree before the merge, the merged tree) in, the shadowed values out.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.element_shapes import spelt
from aeon_release.domain.audits.drift.pyindex import ClassInfo, Index, ModuleInfo
from aeon_release.domain.audits.drift.raised_empties import empty_literal
from aeon_release.domain.audits.drift.retyped import names_bound_once
from aeon_release.domain.audits.drift.signatures import is_static
from aeon_release.domain.audits.source import FUNCTION_DEFS, last_name, lazy_pattern


@dataclass(frozen=True)
class Shadow:
    """The fork's value at ``line`` (a class attribute, or set before ``super().__init__()``) that
    ``owner``'s method now replaces on every instance (``path``:``at``)."""

    line: int
    attr: str
    early: bool  # set in the fork's __init__ before the super call (else a class attribute)
    owner: str
    method: str
    path: str
    at: int
    member: str = ""  # "property", "cached_property" or "method": a def of the fork's class (else a value)


def shadowed(
    before: Index, after: Index, mod: ModuleInfo, qual: str, owned: set[int], upstream: Callable[[str], bool]
) -> Iterator[Shadow]:
    """The values a fork class sets on fork-owned lines that its bases, as upstream changed them,
    now assign on the instance while building it, and did not before the merge."""
    cls, old = after.class_info(mod, qual), _same_class(before, mod.path, qual)
    if cls is None or old is None:
        return
    values = _class_values(cls.node, owned)
    if _decorated_dataclass(cls):  # ``x: T = v`` in a dataclass is a field of its own: its __init__ stores v
        values = {a: n for a, n in values.items() if a not in _field_names([cls])}
    members = _class_members(cls.node, owned)
    init = cls.members.get("__init__")
    early: dict[str, int] = {}
    if isinstance(init, FUNCTION_DEFS):
        split = _super_init_at(init)
        if split is None:
            return  # the bases' __init__ never runs (or runs in a way not followed here)
        late = {a for s in init.body[split:] for a in _assigned_on(s, init)}
        values = {a: n for a, n in values.items() if a not in late}  # the fork sets it again after the base
        members = {a: m for a, m in members.items() if a not in late}
        early = {
            a: s.lineno for s in init.body[:split] if s.lineno in owned for a in _assigned_on(s, init) if a not in late
        }
    if not values and not early and not members:
        return
    had = _ever_assigned(before, old)
    writes = construction_writes(after, cls)
    for attr, line, is_early, member in [
        *((a, n, False, "") for a, n in values.items()),
        *((a, n, True, "") for a, n in early.items()),
        *((a, n, False, kind) for a, (n, kind) in members.items()),
    ]:
        write = writes.get(attr)
        if write is None or attr in had or not upstream(write[0]):
            continue
        if member and _routed(after, cls, write[1]):
            continue
        path, owner, method, node = write
        if member == "cached_property" and _caches_stored(cls.members.get(attr), node):
            continue
        yield Shadow(line, attr, is_early, owner, method, path, getattr(node, "lineno", 0), member)


def construction_writes(ix: Index, cls: ClassInfo, own: bool = False) -> dict[str, tuple[str, str, str, ast.AST]]:
    """attr -> (path, class, method, node) where building an instance of ``cls`` assigns ``self.attr``
    in one of its bases (or, ``own``, in ``cls`` itself first): each ``__init__`` the ``super().__init__()``
    chain above ``cls`` reaches, and the methods those call on ``self`` (one level).  A method of ``cls``'s own
    is the fork's override where ``cls`` is the fork's class (left out), and part of the build where ``own``
    asks for ``cls``'s writes (mend59: ``Req.__init__`` calling ``self._setup()``, which assigns).  A write that
    reads the attribute first (``if self.x is None: self.x = ...``, ``self.x = getattr(self, "x", 4)``) keeps
    a class value alive and is left out."""
    mro = ix.mro(cls)
    found: dict[str, tuple[str, str, str, ast.AST]] = {}
    for at, item in enumerate(mro[0 if own else 1 :], start=0 if own else 1):
        if isinstance(item, px.External):
            break  # an __init__ outside the tree: not followed
        init = item.members.get("__init__")
        if not isinstance(init, FUNCTION_DEFS):
            if dataclass_init(item):  # the synthesized __init__ stores every field, its bases' too, and stops
                for field in _mro_fields(mro[at:]):
                    if isinstance(field.target, ast.Name):
                        found.setdefault(field.target.id, (item.module.path, item.qualname, "__init__", field))
                post = _post_init(ix, mro, cls, own)
                if post is not None:
                    _note_writes(ix, mro, cls, own, post, found)
                break
            continue
        _note_writes(ix, mro, cls, own, (item.module.path, item.qualname, init), found)
        if _super_init_at(init) is None:
            break
    return found


_Method = tuple[str, str, ast.FunctionDef | ast.AsyncFunctionDef]


def _note_writes(
    ix: Index,
    mro: list[ClassInfo | px.External],
    cls: ClassInfo,
    own: bool,
    first: _Method,
    found: dict[str, tuple[str, str, str, ast.AST]],
) -> None:
    """Add to ``found`` what ``first`` (a build method) and the methods it calls on ``self`` assign."""
    methods: list[_Method] = [first]
    for name in _self_calls(first[2]):
        sym = ix.member(mro, name)
        if isinstance(sym, px.DefSym) and isinstance(sym.node, FUNCTION_DEFS) and (own or sym.owner != cls.qualname):
            methods.append((sym.path, sym.owner or "", sym.node))
    for path, owner, func in methods:
        for attr, node in px.self_writes(func).items():
            if attr not in found and not isinstance(node, ast.AugAssign) and not _read_first(func, attr, node):
                found[attr] = (path, owner, func.name, node)


def _post_init(ix: Index, mro: list[ClassInfo | px.External], cls: ClassInfo, own: bool) -> _Method | None:
    """The ``__post_init__`` a dataclass's synthesized ``__init__`` runs last (#15729 gave ``CachedRequestState``
    one that stores ``self.num_prompt_tokens``): the first along the lineage, past a fork override of ``cls``'s own
    only where that override calls ``super().__post_init__()`` (else the base's never runs)."""
    mine = cls.members.get("__post_init__")
    if not own and isinstance(mine, FUNCTION_DEFS) and not _calls_super(mine, "__post_init__"):
        return None
    sym = ix.member(mro if own else mro[1:], "__post_init__", dynamic=False)
    if not isinstance(sym, px.DefSym) or not isinstance(sym.node, FUNCTION_DEFS):
        return None
    return sym.path, sym.owner or "", sym.node


def _calls_super(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``super().name(...)`` anywhere in ``func``."""
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == name
        and isinstance(n.func.value, ast.Call)
        and last_name(n.func.value.func) == "super"
        for n in ast.walk(func)
    )


@dataclass(frozen=True)
class Patched:
    """A member the fork patches onto a class after its body (``Request.x = property(f)``) that building an
    instance now assigns on ``self`` (``owner.method()`` at ``path``:``at``)."""

    attr: str
    owner: str
    method: str
    path: str
    at: int
    read_only: bool  # a property with no setter: the store raises AttributeError


def patched(
    before: tuple[Index, ClassInfo | None],
    after: Index,
    cls: ClassInfo,
    attr: str,
    value: ast.expr,
    upstream: Callable[[str], bool],
) -> Patched | None:
    """#12653 made ``Request.kv_block_hashes`` an attribute ``Request.__init__`` assigns where it had been a
    property: the fork's ``Request.kv_block_hashes = property(_capped)``, patched onto upstream's class, makes
    building a request raise AttributeError (no setter); a function or a value patched so is hidden by the
    instance attribute.  ``before`` is the fork's tree and the class as it had it: an attribute its
    construction assigned already was never the patch's.  A property with a setter takes the store: None."""
    ix, old = before
    if _settable_property(value):
        return None
    write = construction_writes(after, cls, own=True).get(attr)
    if write is None or not upstream(write[0]) or (old is not None and attr in _built_before(ix, old)):
        return None
    if _routed(after, cls, write[1]):
        return None
    path, owner, method, node = write
    built = isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "property"
    return Patched(attr, owner, method, path, getattr(node, "lineno", 0), built)


def _built_before(ix: Index, cls: ClassInfo) -> set[str]:
    """The attributes the class and its bases assigned on self in the fork's tree."""
    mro = [item for item in ix.mro(cls) if isinstance(item, ClassInfo)]
    return {a for item in mro for a in item.instance} | _field_names(mro)


def _same_class(ix: Index, path: str, qual: str) -> ClassInfo | None:
    mod = ix.module_at(path)
    return ix.class_info(mod, qual) if mod is not None else None


def _ever_assigned(ix: Index, cls: ClassInfo) -> set[str]:
    """Attributes any method of a base assigned on self before the merge (or a dataclass base's
    synthesized ``__init__`` stored): the fork's value was replaced already, at some point of the
    instance's life."""
    bases = [item for item in ix.mro(cls, include_self=False) if isinstance(item, ClassInfo)]
    return {a for item in bases for a in item.instance} | _field_names(bases)


def _field_names(mro: list[ClassInfo]) -> set[str]:
    """The fields the dataclasses among ``mro`` declare (what a synthesized ``__init__`` stores)."""
    return {f.target.id for f in _mro_fields(mro) if isinstance(f.target, ast.Name)}


def dataclass_init(item: ClassInfo | px.External) -> bool:
    """A class decorated ``@dataclass`` (or ``@dataclass(...)`` without ``init=False``) and no ``__init__`` of
    its body: the decorator writes one that stores each field on ``self`` (#19031's ``KVCacheBlock.is_null``)."""
    if not isinstance(item, ClassInfo) or "__init__" in item.members:
        return False
    for dec in item.node.decorator_list:
        call = dec if isinstance(dec, ast.Call) else None
        if last_name(call.func if call else dec) == "dataclass":
            return not any(
                k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False
                for k in (call.keywords if call else [])
            )
    return False


def _mro_fields(mro: list[ClassInfo | px.External] | list[ClassInfo]) -> list[ast.AnnAssign]:
    """The fields (``name: T`` or ``name: T = v`` in the body) of the dataclasses in ``mro`` that the
    synthesized ``__init__`` stores: not a ``ClassVar``, an ``InitVar``, ``KW_ONLY``, nor a
    ``field(init=False)`` without a default."""
    return [
        stmt
        for item in mro
        if isinstance(item, ClassInfo) and _decorated_dataclass(item)
        for stmt in item.node.body
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and _stored_field(stmt)
    ]


def _decorated_dataclass(item: ClassInfo) -> bool:
    return any(
        last_name(dec.func if isinstance(dec, ast.Call) else dec) == "dataclass" for dec in item.node.decorator_list
    )


def _stored_field(stmt: ast.AnnAssign) -> bool:
    """A field the synthesized ``__init__`` assigns."""
    ann = stmt.annotation.value if isinstance(stmt.annotation, ast.Subscript) else stmt.annotation
    if last_name(ann) in ("ClassVar", "InitVar", "KW_ONLY") or not stmt.simple:
        return False
    value = stmt.value
    if isinstance(value, ast.Call) and last_name(value.func) == "field":
        keys = {k.arg: k.value for k in value.keywords}
        init = keys.get("init")
        unset = isinstance(init, ast.Constant) and init.value is False
        return not unset or "default_factory" in keys  # init=False: only a factory's value is stored
    return True


def _base_members(ix: Index, cls: ClassInfo) -> set[str]:
    """Names the class's bases define in their bodies (methods, properties, class attributes)."""
    return {a for item in ix.mro(cls, include_self=False) if isinstance(item, ClassInfo) for a in item.members}


def _class_values(node: ast.ClassDef, owned: set[int]) -> dict[str, int]:
    """Class attributes set on fork-owned lines (``x = 8192``, ``x: int = 8192``) -> line."""
    found: dict[str, int] = {}
    for stmt in px.flat_statements(node.body):
        if stmt.lineno not in owned or not isinstance(stmt, (ast.Assign, ast.AnnAssign)) or stmt.value is None:
            continue
        if _settable_property(stmt.value):
            continue  # a data descriptor: the base's store runs its setter, and the instance holds nothing
        for name in px.member_names(stmt):
            if not (name.startswith("__") and name.endswith("__")):
                found[name] = stmt.lineno
    return found


def _settable_property(value: ast.expr) -> bool:
    """``property(getter, setter, ...)``, ``property(..., fset=...)`` or ``property(getter).setter(setter)``: a
    property built by a call, with a setter (the last, read-back B)."""
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    if isinstance(func, ast.Attribute) and func.attr == "setter" and isinstance(func.value, ast.Call) and value.args:
        return last_name(func.value.func) == "property"
    return last_name(func) == "property" and (len(value.args) >= 2 or any(k.arg == "fset" for k in value.keywords))


def settable_read(module: ast.Module, value: ast.expr) -> bool:
    """``Holder.name`` where ``Holder`` is a class of ``module`` whose ``name`` is a property given a setter
    (``@name.setter``): patched onto another class, it takes that class's stores (review79, #12653)."""
    if not (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)):
        return False
    holders = [n for n in module.body if isinstance(n, ast.ClassDef) and n.name == value.value.id]
    return any(
        isinstance(d, ast.Attribute) and d.attr == "setter" and ast.unparse(d.value) == value.attr
        for holder in holders
        for f in holder.body
        if isinstance(f, ast.FunctionDef) and f.name == value.attr
        for d in f.decorator_list
    )


def _caches_stored(member: object, node: ast.AST) -> bool:
    """A fork ``cached_property`` whose body is one ``return`` of the very expression upstream's store assigns
    (the receiver aside): the instance value hides the fork's def, but it is the value the def would cache
    (review138: ``return len(self.prompt_token_ids)`` against #15729's ``self.num_prompt_tokens =
    len(self.prompt_token_ids)``).  Another expression, or a body of more than a return, keeps the finding."""
    if not isinstance(member, FUNCTION_DEFS) or len(member.body) != 1 or not member.args.args:
        return False
    ret = member.body[0]
    value = _single_store(node)
    if not isinstance(ret, ast.Return) or ret.value is None or value is None:
        return False
    return _receiver_free(ret.value, member.args.args[0].arg) == _receiver_free(value, "self")


def _single_store(node: ast.AST) -> ast.expr | None:
    """The value ``node`` stores into one attribute (``self.x = v``, ``self.x: T = v``); None for an unpacking,
    a chained store or anything else."""
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Attribute):
        return node.value
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Attribute):
        return node.value
    return None


def _receiver_free(expr: ast.expr, me: str) -> str:
    """``expr``'s dump with the method's receiver named ``self`` (so two methods' expressions compare)."""
    return ast.dump(expr).replace(f"Name(id='{me}',", "Name(id='self',")


def _routed(ix: Index, cls: ClassInfo, owner: str) -> bool:
    """A class the instance's lookup reaches before ``owner`` (the base whose method stores) defines
    ``__setattr__``: the fork's class, or a mixin of the fork's listed ahead of the base, routes the store,
    which may never reach the fork's member."""
    for item in ix.mro(cls):
        if not isinstance(item, ClassInfo) or item.qualname == owner:
            return False
        if "__setattr__" in item.members:
            return True
    return False


def _class_members(node: ast.ClassDef, owned: set[int]) -> dict[str, tuple[int, str]]:
    """Members the class's body defines on fork-owned ``def`` lines -> (line, kind): a ``property`` with
    no setter, a ``cached_property``, or a plain method.  A class with a ``__setattr__`` of its own routes
    every store, so it has none here; so do a property given a setter and a name defined twice (an
    ``if``/``else`` pair, an overload)."""
    defs = [stmt for stmt in node.body if isinstance(stmt, FUNCTION_DEFS)]
    if any(d.name == "__setattr__" for d in defs):
        return {}
    setters = {d.name for d in defs for dec in d.decorator_list if _setter_of(dec)}
    counts: dict[str, int] = {}
    for d in defs:
        counts[d.name] = counts.get(d.name, 0) + 1
    found: dict[str, tuple[int, str]] = {}
    for d in defs:
        if d.lineno not in owned or counts[d.name] > 1 or d.name in setters:
            continue
        if d.name.startswith("__") and d.name.endswith("__"):
            continue
        kind = _member_kind(d.decorator_list)
        if kind is not None:
            found[d.name] = (d.lineno, kind)
    return found


def _member_kind(decorators: list[ast.expr]) -> str | None:
    """``property``, ``cached_property`` or ``method`` for a def's decorators; None for any other
    decorator (a descriptor of its own may take the store)."""
    if not decorators:
        return "method"
    if len(decorators) > 1:
        return None
    dec = decorators[0]
    last = dec.id if isinstance(dec, ast.Name) else dec.attr if isinstance(dec, ast.Attribute) else ""
    if last == "property":
        return "property"
    if last == "cached_property":
        return "cached_property"
    return "method" if last in ("staticmethod", "classmethod") else None


def _setter_of(dec: ast.expr) -> bool:
    """``@name.setter``: the property of that name takes stores."""
    return isinstance(dec, ast.Attribute) and dec.attr == "setter"


def _super_init_at(init: ast.FunctionDef | ast.AsyncFunctionDef) -> int | None:
    """Index of the top-level statement of ``__init__`` that calls the base's ``__init__`` (``super().
    __init__(...)`` or ``Base.__init__(self, ...)``); None when none does."""
    for i, stmt in enumerate(init.body):
        for node in ast.walk(stmt):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "__init__":
                return i
    return None


def _assigned_on(stmt: ast.stmt, func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """``self.X`` a statement of a method assigns (its first parameter being the instance)."""
    if not func.args.args or not isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        return []
    me = func.args.args[0].arg
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    return [
        t.attr for t in targets if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == me
    ]


def _self_calls(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    """Methods a method calls on its own instance (``self.m(...)``), in order, once each."""
    if not func.args.args:
        return []
    me = func.args.args[0].arg
    names = [
        n.func.attr
        for n in ast.walk(func)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == me
    ]
    return list(dict.fromkeys(names))


def _read_first(func: ast.FunctionDef | ast.AsyncFunctionDef, attr: str, write: ast.AST) -> bool:
    """The method reads the attribute off the instance or its class (``self.x``, ``type(self).x``,
    ``getattr(self, "x", 4)``, ``hasattr``) before or in the write: the class's value still counts."""
    me = func.args.args[0].arg if func.args.args else ""
    last: int | None = getattr(write, "end_lineno", None) or getattr(write, "lineno", None)
    end = last or 0
    for node in ast.walk(func):
        if int(getattr(node, "lineno", None) or end + 1) > end:
            continue
        if isinstance(node, ast.Attribute) and node.attr == attr and isinstance(node.ctx, ast.Load):
            if _is_instance(node.value, me):
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr"):
            args = node.args
            if (
                len(args) >= 2
                and _is_instance(args[0], me)
                and isinstance(args[1], ast.Constant)
                and args[1].value == attr
            ):
                return True
    return False


def _is_instance(expr: ast.expr, me: str) -> bool:
    """``self``, ``type(self)`` or ``self.__class__``."""
    if isinstance(expr, ast.Name):
        return expr.id == me
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "type" and expr.args:
        return _is_instance(expr.args[0], me)
    return isinstance(expr, ast.Attribute) and expr.attr == "__class__" and _is_instance(expr.value, me)


@dataclass(frozen=True)
class Namesake:
    """The fork class's own ``self.attr = value`` at ``line`` (set after the base's ``__init__`` ran, or in a
    method of its own) of a name upstream's base now assigns too (``owner.method()`` at ``path``:``at``):
    ``read`` when a method of the base reads it, ``later`` when the base assigns it outside ``__init__``."""

    line: int
    attr: str
    owner: str
    method: str
    path: str
    at: int
    read: bool
    later: bool
    # False when both sides start the name on the same empty value (``{}``, ``None``, ``0``) under no telling
    # annotations: a backport of upstream's attribute reads the same, so the finding is a warning
    sure: bool = True


def namesakes(
    before: Index, after: Index, mod: ModuleInfo, qual: str, owned: set[int], upstream: Callable[[str], bool]
) -> Iterator[Namesake]:
    """#26086 gave ``EagleProposer.__init__`` ``self.dp_rank`` (read to index the DP token counts) and #36036
    gave it ``self.block_size`` (assigned again in ``initialize_attn_backend``, read when drafting): a fork
    subclass that kept a value of its own under that name after ``super().__init__()`` (a node-local DP rank,
    a draft chunk of 4) now shares one slot with the base -- the base drafts with the fork's value, or the
    fork's code reads the base's.  A value spelled as upstream's (a backport), a store that reads the
    attribute first (``if not hasattr(self, "x")``), and a name the bases assigned before the merge are left
    alone; so is a name the fork sets before the super call (``shadowed`` reports those), and one the base
    only sets in its ``__init__`` and never reads (the fork's later value still wins)."""
    cls, old = after.class_info(mod, qual), _same_class(before, mod.path, qual)
    if cls is None or old is None or isinstance(cls.members.get("__setattr__"), FUNCTION_DEFS):
        return
    # a name a base defined as a member before the merge (a property #35153 made an attribute) is the base's
    # own: the fork's store after the super call sets the base's value on purpose, not one of its own
    had = _ever_assigned(before, old) | _base_members(before, old)
    for attr, (line, value, note) in _own_stores(cls, owned).items():
        if attr in had or (attr.startswith("__") and attr.endswith("__")):
            continue
        writes = _base_writes(after, cls, attr)
        if not writes or not all(upstream(w[0]) for w in writes):
            continue
        sure = _namesake_sure(value, note, writes)
        if sure is None:
            continue
        path, owner, method, node = writes[0]
        read = _base_reads(after, cls, attr)
        later = any(w[2] != "__init__" for w in writes)
        if read or later:  # set once in the base's __init__ and never read there: the fork's value still wins
            yield Namesake(line, attr, owner, method, path, getattr(node, "lineno", 0), read, later, sure)


def _namesake_sure(
    value: ast.expr | None, note: ast.expr | None, writes: list[tuple[str, str, str, ast.AST]]
) -> bool | None:
    """None for a backport (the fork's value spelled as upstream's), else whether the namesake is sure.
    killers207: #21534 (15a72ac478) gave ``Scheduler.__init__`` ``self.finished_loading_dict: dict[str, int] = {}``
    (request id -> tokens loaded, read and popped by ``_update_waiting_for_remote_kv``); a fork subclass's own
    ``self.finished_loading_dict: dict[str, float] = {}`` of load times starts on the same ``{}``, which says
    nothing of what the name holds.  An empty value spelled alike is a backport only as far as the annotations
    say: told apart by them, the namesake is sure; with none to tell, a warning (a backport reads the same)."""
    values = [v for *_, w in writes if isinstance(v := getattr(w, "value", None), ast.expr)]
    if value is None or not any(_same_empty(value, v) for v in values):
        return None if _same_value(value, writes) else True
    theirs = [w[3].annotation for w in writes if isinstance(w[3], ast.AnnAssign)]
    # revDX: a backport spelt in typing's older words (``Dict[str, int]``, ``Optional[List[int]]``, a quoted
    # ``'dict[str, int]'``) says what upstream's ``dict[str, int]``/``list[int] | None`` says: compared as spelt
    if note is None or not theirs or _open(spelt(note)):
        return False
    return all(spelt(t) != spelt(note) and not _open(spelt(t)) for t in theirs)


# an annotation that leaves what the value holds open: a bare container (``dict``, ``Set``) or ``Any``/``object``
# inside one (``dict[str, Any]``); it tells no backport of ``dict[str, int]`` apart (revDX, review116 on #21534)
_OPEN = lazy_pattern(r"\b(?:Any|object)\b|\b(?:dict|list|set|frozenset|tuple|type)\b(?!\[)")


def _open(spelling: str) -> bool:
    """The annotation, as ``spelt``, says nothing of what its container holds."""
    return _OPEN.search(spelling) is not None


def _same_empty(mine: ast.expr, theirs: ast.expr) -> bool:
    """Both empty values of one kind: ``{}`` and ``dict()``, ``[]`` and ``list()``, ``None`` and ``None``."""
    return empty_literal(mine) and empty_literal(theirs) and _empty_kind(mine) == _empty_kind(theirs)


def _empty_kind(value: ast.expr) -> str:
    if isinstance(value, ast.Constant):
        return repr(value.value)
    if isinstance(value, ast.Call):
        return last_name(value.func)
    return type(value).__name__.lower()


def _own_stores(cls: ClassInfo, owned: set[int]) -> dict[str, tuple[int, ast.expr | None, ast.expr | None]]:
    """``self.X = v`` on fork-owned lines of the class's own methods -> (line, v, the annotation if any),
    leaving out what its ``__init__`` sets before the super call and a store that reads the attribute first."""
    found: dict[str, tuple[int, ast.expr | None, ast.expr | None]] = {}
    # review92: a staticmethod's first parameter is whatever it is handed (``meta.dp_rank = rank``), not the instance
    for func in (m for m in cls.members.values() if isinstance(m, FUNCTION_DEFS) and not is_static(m)):
        split = _super_init_at(func) if func.name == "__init__" else 0
        if split is None:
            continue  # an __init__ that never runs the base's: the base's store never meets the fork's
        bound = names_bound_once(func)
        for stmt in px.flat_statements(func.body[split:]):
            if stmt.lineno not in owned or not isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                continue
            for attr in _assigned_on(stmt, func):
                if attr not in found and not _read_first(func, attr, stmt):
                    note = stmt.annotation if isinstance(stmt, ast.AnnAssign) else None
                    found[attr] = (stmt.lineno, _spelled_out(stmt.value, bound), note)
    return found


def _spelled_out(value: ast.expr | None, bound: dict[str, ast.expr]) -> ast.expr | None:
    """The value with a local at the head of its attribute chain replaced by what the method bound it to once
    (review92: ``parallel = config.parallel_config; rank = parallel.data_parallel_rank; self.dp_rank = rank``
    is #26086's own ``config.parallel_config.data_parallel_rank``, a backport)."""
    for _ in range(4):  # a few hops: a chain of locals, never a cycle
        steps: list[str] = []
        head = value
        while isinstance(head, ast.Attribute):
            steps.append(head.attr)
            head = head.value
        if not isinstance(head, ast.Name) or head.id not in bound:
            break
        value = bound[head.id]
        for attr in reversed(steps):
            value = ast.Attribute(value=value, attr=attr, ctx=ast.Load())
    return value


def _base_writes(ix: Index, cls: ClassInfo, attr: str) -> list[tuple[str, str, str, ast.AST]]:
    """(path, class, method, node) of each method of ``cls``'s bases that assigns ``self.attr``."""
    found: list[tuple[str, str, str, ast.AST]] = []
    for item in ix.mro(cls, include_self=False):
        if not isinstance(item, ClassInfo):
            continue
        for func in (m for m in item.members.values() if isinstance(m, FUNCTION_DEFS)):
            node = px.self_writes(func).get(attr)
            if node is not None:
                found.append((item.module.path, item.qualname, func.name, node))
    return found


def _base_reads(ix: Index, cls: ClassInfo, attr: str) -> bool:
    """A method of a base reads ``self.attr``."""
    for item in ix.mro(cls, include_self=False):
        if not isinstance(item, ClassInfo):
            continue
        for func in (m for m in item.members.values() if isinstance(m, FUNCTION_DEFS)):
            me = func.args.args[0].arg if func.args.args else ""
            if any(
                isinstance(n, ast.Attribute)
                and n.attr == attr
                and isinstance(n.ctx, ast.Load)
                and _is_instance(n.value, me)
                for n in ast.walk(func)
            ):
                return True
    return False


def _same_value(value: ast.expr | None, writes: list[tuple[str, str, str, ast.AST]]) -> bool:
    """The fork's value is spelled as one upstream assigns (a backport): the same text, or the same last two
    steps of an attribute chain (``self.config.parallel.rank`` and ``config.parallel.rank``)."""
    if value is None:
        return True
    mine = _tail(value)
    for *_, node in writes:
        theirs = getattr(node, "value", None)
        if isinstance(theirs, ast.expr) and (ast.unparse(theirs) == ast.unparse(value) or _tail(theirs) == mine != ""):
            return True
    return False


def _tail(expr: ast.expr) -> str:
    """The last two names of an attribute chain (``a.b.c`` -> ``b.c``); "" for anything else."""
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, (ast.Attribute, ast.Name)):
        inner = expr.value.attr if isinstance(expr.value, ast.Attribute) else expr.value.id
        return f"{inner}.{expr.attr}"
    return ""
