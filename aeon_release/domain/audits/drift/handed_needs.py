"""Handed needs: upstream's def now reads an attribute off the object it is handed, which the fork's class lacks.

#42749 (2cab53ddee) made ``BaseKVCacheMethod.process_weights_after_loading(layer)`` fill
``layer._k_scale_cpu`` and ``layer._v_scale_cpu``, host copies of the scales that upstream's own attention
layers now create (``set_default_quant_scales`` sets them).  A fork's own cache layer, an ``nn.Module`` that
makes its scales by hand and hands itself to the method (``method.process_weights_after_loading(self)``),
merges cleanly and raises AttributeError when its scales load.  Nothing was removed or renamed: symbol drift
has nothing to compare, and the read is upstream's line, not the fork's.

Upstream's side: a def (a module's function or a class's method) of a file upstream changed, named by a fork
call that hands ``self``, whose parameter receiving it is read as ``param.NAME`` (a load: a method call off
it included) in its upstream body but not at the base, where the def neither stores ``param.NAME`` itself
nor tests for it (``hasattr``/``getattr`` with the name, ``isinstance``/``type`` of the parameter: the def
tells objects apart), and the read lies in no ``try`` with handlers.  ``NAME`` must be one upstream's added
lines store on some object (``x.NAME = ...``, or ``"NAME"`` handed to ``register_buffer``/``setattr``) and no
Python file of the base holds: an attribute upstream itself creates now, which no outside library brings
(``nn.Linear``'s ``weight``, ``nn.Module``'s ``training``).

The fork's side, on lines it wrote: a call that hands an object of a fork class (by position or keyword) --
``self`` inside a method of the class, or a local a function binds once to a call of the class (``layer =
AeonCache()``) -- read through the file's imports as ``callees.resolve`` reads a call (a method off a receiver
typed as its class, or off ``self.x`` the class types as one it imports; a bare or a module's function), to
that parameter; the class lacks ``NAME`` when neither
it nor a base of its file names it anywhere (an assignment, a def, a string, a keyword), defines no
``__getattr__``, calls no ``setattr`` and registers nothing under a name it computes, is given ``NAME`` by no
function of the file that builds it (``cache = AeonCache(); cache.NAME = ...``), derives from no class of
the tree (which may bring it) nor of unknown origin, and hands ``self`` to no other call that may give it (upstream's def of that call stores it, or the
call is neither a builtin nor a def upstream changed: unknown, it may); a built local, besides, is given
``NAME`` by no store of its function and no other call the function hands it to.  An error on the handing call when the
read runs whenever the def runs to it; a warning when an ``if`` or a short circuit before it reads the
parameter (the fork's object may never take that path).  Reads from the line the def rebinds the parameter
on (``layer = layer.inner``) may be off another object: left out.  A handing call in a ``try`` catching
``AttributeError`` (or any exception) or under ``contextlib.suppress`` of it is quiet: the fork copes already.

Closed objects (killers175): #18042 (ea6ae8cb45) made ``check_moe_marlin_supports_layer(layer, group_size)`` read
``layer.apply_router_weight_on_input`` and ``layer.activation``, names upstream's own MoE layers held long
before; a fork that asks the check with a probe (``SimpleNamespace(hidden_size=..., ...)``) or with a plain
class of its own raises AttributeError.  A local bound once to a keyword-only ``types.SimpleNamespace(...)``
or ``argparse.Namespace(...)`` is handed like a built fork object, its attributes exactly its keywords (and
what its function stores on it); for such an object, and for a fork class whose bases are all the file's own
(no outside base that may bring a name), a name the base already held counts too: nothing can bring it.  A
class with an outside base still needs a name upstream newly creates (``nn.Linear`` may bring ``weight``).
Since review84 a closed class must also hold state of its own (an ``__init__``, a class-level binding: one holding
none is a mixin), carry no decorator but a dataclass's, and be mixed into no outside base by a class of the file;
a name the file stores on the class itself counts as named; a static method's first parameter is no object of
the class.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.callees import Callee, Scope, loose, reaches, resolve, scope_of
from aeon_release.domain.audits.drift.frozen_receivers import held_class
from aeon_release.domain.audits.drift.held_partials import local_names
from aeon_release.domain.audits.drift.operand_kinds import article
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import BUILTINS, dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, owner_class, parsed_texts, whole_word
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, method_defs

__all__ = ["handed_need_drift"]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
# a line handing a name to a call: ``f(self)``, ``m.f(x, layer)``, ``f(layer=self)`` (anchored on one character)
_HANDS_NAME = lazy_pattern(r"[(,=][ \t]*[A-Za-z_]\w*[ \t]*[,)]")
_DEFINES = lazy_pattern(r"\bdef[ \t]+(\w+)[ \t]*\(")
_MOST_FILES = 32
# calls that may set an attribute by name on what they are handed (``vars(self).update(scales)`` too)
# the methods through which an object answers a name its class never writes
_ANY_NAME = ("__getattr__", "__getattribute__")
_REGISTERS = frozenset({"register_buffer", "register_parameter", "register_module", "add_module", "setattr", "vars"})
# the standard library's namespaces: built from keywords alone, an object has exactly those attributes (#18042)
_NAMESPACES = frozenset({("types", "SimpleNamespace"), ("argparse", "Namespace")})


@dataclass(frozen=True)
class Upstream:
    """A def of ``path`` upstream changed, at upstream and (None: new) at the base."""

    path: str
    qualname: str
    new: _Def
    old: _Def | None

    @property
    def owner(self) -> str:
        return owner_class(self.qualname)


@dataclass(frozen=True)
class Need:
    """``found``'s parameter ``param`` is now read as ``param.attr`` (at ``line``); ``sure``: on every path."""

    found: Upstream
    param: str
    attr: str
    line: int
    sure: bool


@dataclass(frozen=True)
class Hand:
    """A call at ``line`` handing an object of ``cls`` to ``callee``, at ``position`` or as ``keyword``: ``self``
    of a method of the class, or a local ``built`` (the function) binds once to a call of the class."""

    line: int
    call: ast.Call
    callee: Callee
    position: int | None
    keyword: str | None
    cls: ast.ClassDef
    built: _Def | None = None
    name: str = "self"
    shielded: bool = False


def handed_need_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork calls handing ``self`` to a def that now reads an attribute the fork's class never has."""
    forks = [(path, module, owned) for path, module, owned in fork_modules(trees, _HANDS_NAME.search)]
    hands = {path: list(_hands(module, owned, file_imports(module, path))) for path, module, owned in forks}
    names = {h.callee.name for found in hands.values() for h in found}
    defs = _upstream_defs(trees, names) if names else {}
    if not defs:
        return []
    lacking: list[tuple[str, Hand, list[Need]]] = []
    closed: set[int] = set()
    for path, module, owned in forks:
        imports = file_imports(module, path)
        local = {c.name: c for c in file_classes(module.body)}
        given = _given_by_builders(module, local)
        stored = _stored_on_classes(module, local)
        for hand in (h for h in hands[path] if h.line in owned and not h.shielded):
            needs = [
                n
                for n in _needs(trees, hand, defs)
                if not (hand.built is None and n.attr in given.get(hand.cls.name, set()))
                and n.attr not in stored.get(hand.cls.name, set())
                and _lacks(trees, hand, n, local, imports, hands[path], defs)
            ]
            if needs:
                lacking.append((path, hand, needs))
                if _closed(hand.cls, local):
                    closed.add(id(hand))
    opened = {n.attr for _, hand, needs in lacking if id(hand) not in closed for n in needs}
    created = _created_upstream(trees, opened) if opened else set()
    return [
        _finding(trees, path, hand, kept, pr_pattern, fresh=all(n.attr in created for n in kept))
        for path, hand, needs in lacking
        if (kept := [n for n in needs if id(hand) in closed or n.attr in created])
    ]


def _hands(module: ast.Module, owned: set[int], imports: dict[str, tuple[str, str]]) -> Iterator[Hand]:
    """Each call handing an object of a class of the file to a def read through the file's imports: a method's
    ``self``, or a local a function binds once to a call of the class (``layer = AeonCache(...)``) or to a
    keyword-only namespace (``probe = SimpleNamespace(...)``); ``obj.x(obj)``, a receiver not read and a call
    of the fork's own def: none."""
    scope = scope_of(module)
    classes = {c.name: c for c in file_classes(module.body)}
    for cls in classes.values():
        for method in (m for m in cls.body if isinstance(m, _Def) and m.args.args and not _unbound_first(m)):
            me = method.args.args[0].arg
            shielded = _shielded(method)
            for node in (n for n in own_nodes(method.body) if isinstance(n, ast.Call)):
                yield from _handing(node, me, scope, method, cls, None, id(node) in shielded)
    for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
        shielded = _shielded(func)
        calls = [n for n in own_nodes(func.body) if isinstance(n, ast.Call)]
        # review106: a class the function defines itself (or a name it rebinds) is not the file's of that name
        mine = {n: c for n, c in classes.items() if n not in local_names(func)}
        for name, built in _built_once(func, mine, imports).items():
            for node in calls:
                yield from _handing(node, name, scope, func, built, func, id(node) in shielded)
        for node in calls:
            yield from _handing_built(node, mine, imports, scope, func, id(node) in shielded)


def _unbound_first(method: _Def) -> bool:
    """A ``staticmethod``: its first parameter is no object of the class (review84's r84ma7, ``@staticmethod def
    marlin_ok(layer, group_size)`` handing upstream's own layer).  A ``classmethod``'s ``cls`` is still read as one
    of its objects, as before review84."""
    return any(last_name(d) == "staticmethod" for d in method.decorator_list)


def _stored_on_classes(module: ast.Module, classes: dict[str, ast.ClassDef]) -> dict[str, set[str]]:
    """class name -> the attributes the file stores on the class itself (``AeonShape.activation = "silu"`` after
    its body, review84's r84ma10): every object of it has them."""
    stored: dict[str, set[str]] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            if node.value.id in classes:
                stored.setdefault(node.value.id, set()).add(node.attr)
    return stored


def _shielded(func: _Def) -> set[int]:
    """The ids of the function's nodes in a ``try`` that catches ``AttributeError`` (or any exception) or
    under ``contextlib.suppress`` of it: there the fork already survives an attribute its object lacks."""
    shielded: set[int] = set()
    for node in own_nodes(func.body):
        if isinstance(node, ast.Try | ast.TryStar) and any(_catches_attribute_error(h.type) for h in node.handlers):
            shielded.update(id(n) for n in own_nodes(node.body))
        if isinstance(node, ast.With | ast.AsyncWith) and any(_suppresses(i.context_expr) for i in node.items):
            shielded.update(id(n) for n in own_nodes(node.body))
    return shielded


_CATCHING = frozenset({"AttributeError", "Exception", "BaseException"})


def _catches_attribute_error(kind: ast.expr | None) -> bool:
    """A bare ``except``, or one naming ``AttributeError`` or a base of it (alone or in a tuple)."""
    if kind is None:
        return True
    kinds = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any((k.attr if isinstance(k, ast.Attribute) else getattr(k, "id", "")) in _CATCHING for k in kinds)


def _suppresses(expr: ast.expr) -> bool:
    """``suppress(AttributeError)`` / ``contextlib.suppress(Exception, ...)``."""
    if not isinstance(expr, ast.Call):
        return False
    func = expr.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name == "suppress" and any(_catches_attribute_error(a) for a in expr.args)


def _given_by_builders(module: ast.Module, classes: dict[str, ast.ClassDef]) -> dict[str, set[str]]:
    """class name -> the attributes a function of the file stores on an object it builds of the class
    (``cache = AeonCache(); cache.NAME = ...``): a factory that finishes the objects its class's methods
    hand out."""
    given: dict[str, set[str]] = {}
    for func in (n for n in ast.walk(module) if isinstance(n, _Def)):
        built = {
            node.targets[0].id: node.value.func.id
            for node in own_nodes(func.body)
            if isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            and node.value.func.id in classes
        }
        for node in own_nodes(func.body):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
                if node.value.id in built:
                    given.setdefault(built[node.value.id], set()).add(node.attr)
    return given


def _built_once(
    func: _Def, classes: dict[str, ast.ClassDef], imports: dict[str, tuple[str, str]]
) -> dict[str, ast.ClassDef]:
    """Locals the function binds exactly once, to a call of a class of the file or to a keyword-only namespace
    (its stand-in class), not a parameter."""
    counts: dict[str, int] = {}
    built: dict[str, ast.ClassDef] = {}
    for node in own_nodes(func.body):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            counts[node.id] = counts.get(node.id, 0) + 1
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if (cls := _built_class(node.value, classes, imports)) is not None:
                built[node.targets[0].id] = cls
    params = {a.arg for a in ast.walk(func.args) if isinstance(a, ast.arg)}
    return {n: c for n, c in built.items() if counts.get(n) == 1 and n not in params}


def _built_class(
    value: ast.expr, classes: dict[str, ast.ClassDef], imports: dict[str, tuple[str, str]]
) -> ast.ClassDef | None:
    """The class a call of a class of the file builds, or a keyword-only namespace's stand-in; None otherwise."""
    if not isinstance(value, ast.Call):
        return None
    if isinstance(value.func, ast.Name) and value.func.id in classes:
        cls = classes[value.func.id]
        return None if any(_foreign_new(c) for c in [cls, *_direct_bases(cls, classes)]) else cls
    return _namespace_class(value, imports)


def _foreign_new(cls: ast.ClassDef) -> bool:
    """A ``__new__`` returning an object it did not make with ``....__new__(cls)``: the call builds no object of
    the class (review106 r106e13: ``class AeonSiluProbe`` whose ``__new__`` returns a copy of upstream's layer
    with its ``activation`` set, a false error under #18042)."""
    for new in (s for s in cls.body if isinstance(s, _Def) and s.name == "__new__"):
        nodes = list(own_nodes(new.body))
        made = {
            t.id
            for n in nodes
            if isinstance(n, ast.Assign) and _made_new(n.value)
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        for value in (n.value for n in nodes if isinstance(n, ast.Return)):
            if value is None or not (_made_new(value) or (isinstance(value, ast.Name) and value.id in made)):
                return True
    return False


def _made_new(value: ast.expr) -> bool:
    """``super().__new__(cls)``, ``object.__new__(cls)``: the fresh object of the class."""
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "__new__"


def _handing_built(
    call: ast.Call,
    classes: dict[str, ast.ClassDef],
    imports: dict[str, tuple[str, str]],
    scope: Scope,
    func: _Def,
    shielded: bool,
) -> Iterator[Hand]:
    """Each object the call builds in place and hands on (``get_quant_config(model_config=AeonView(cfg))``,
    killers197's #23014): a fresh object of a class of the file, or a keyword-only namespace, which nothing but
    its class can give a name before the def reads it.  Its name is the build's, which no line of ``func`` holds."""
    places: list[tuple[int | None, str | None, ast.expr]] = [(i, None, a) for i, a in enumerate(call.args)]
    places += [(None, k.arg, k.value) for k in call.keywords if k.arg]
    built = [(at, key, cls) for at, key, arg in places if (cls := _built_class(arg, classes, imports)) is not None]
    if not built:
        return
    callee = resolve(call.func, scope, func)
    if callee is None or callee.capped or callee.name.startswith("__"):
        return
    for position, keyword, cls in built:
        yield Hand(call.lineno, call, callee, position, keyword, cls, func, f"{cls.name}(...)", shielded)


def _namespace_class(call: ast.Call, imports: dict[str, tuple[str, str]]) -> ast.ClassDef | None:
    """A stand-in class for ``SimpleNamespace(a=..., b=...)``, whose body names the keywords: the object's only
    attributes.  None for any other call, or one spreading ``**kwargs`` or handing a positional mapping (which
    may carry any name)."""
    origin = imported_origin(call.func, imports)
    if origin not in _NAMESPACES or call.args or any(k.arg is None for k in call.keywords):
        return None
    named: list[ast.stmt] = [ast.Expr(ast.Name(k.arg, ast.Load())) for k in call.keywords if k.arg]
    # line 0: a stand-in, no class of the file
    stand_in = ast.ClassDef(name=origin[1], bases=[], keywords=[], body=named or [ast.Pass()], decorator_list=[])
    stand_in.lineno = 0
    return stand_in


def _closed(cls: ast.ClassDef, local: dict[str, ast.ClassDef]) -> bool:
    """A namespace's stand-in; or a class whose bases are all the file's own (or ``object``), none decorated but
    as a dataclass, that holds state of its own (an ``__init__``, a class-level name) and that no class of the
    file mixes into an outside base: nothing outside the file may bring an attribute it never names.  A class
    holding no state is a mixin whose objects are another class's (review84's r84ma8, r84fi2), and a decorator
    of the file may give a class any name (r84ma9), as may a ``metaclass=`` (mend62)."""
    if cls.lineno == 0:
        return True
    chain = _own_chain(cls, local)
    if chain is None or any(_decorated(c) or c.keywords for c in chain) or not any(_holds_state(c) for c in chain):
        return False  # a ``metaclass=`` may give every object a name the body never writes (mend62)
    mixed = (c for c in local.values() if c is not cls and any(b is cls for b in _direct_bases(c, local)))
    return all(_own_chain(c, local) is not None for c in mixed)


def _own_chain(cls: ast.ClassDef, local: dict[str, ast.ClassDef]) -> list[ast.ClassDef] | None:
    """The class and its bases, when all are the file's own (or ``object``); None when one is not: ``_local_chain``
    with no import to read, so that any outside base answers None (mend62 joined the walk it had copied)."""
    return _local_chain(cls, local, {}, "")


def _direct_bases(cls: ast.ClassDef, local: dict[str, ast.ClassDef]) -> list[ast.ClassDef]:
    return [local[b.id] for b in cls.bases if isinstance(b, ast.Name) and b.id in local]


_PLAIN_DECORATORS = frozenset({"dataclass", "final", "total_ordering"})


def _decorated(cls: ast.ClassDef) -> bool:
    """Decorated by anything but a dataclass (whose fields the body names) or a marker."""
    return any(last_name(d.func if isinstance(d, ast.Call) else d) not in _PLAIN_DECORATORS for d in cls.decorator_list)


def _holds_state(cls: ast.ClassDef) -> bool:
    """An ``__init__``/``__new__`` or a class-level binding (a field, a constant)."""
    return any(
        isinstance(s, ast.Assign | ast.AnnAssign) or (isinstance(s, _Def) and s.name in ("__init__", "__new__"))
        for s in cls.body
    )


def _handing(
    call: ast.Call,
    me: str,
    scope: Scope,
    func: _Def,
    cls: ast.ClassDef,
    built: _Def | None,
    shielded: bool = False,
) -> Iterator[Hand]:
    places: list[tuple[int | None, str | None]] = [
        (i, None) for i, a in enumerate(call.args) if isinstance(a, ast.Name) and a.id == me
    ]
    places += [(None, k.arg) for k in call.keywords if k.arg and isinstance(k.value, ast.Name) and k.value.id == me]
    if not places:
        return
    held = _held_receiver(call.func, me, cls, scope)
    if held is None and _off_self(call.func, me):
        return
    callee = held or resolve(call.func, scope, func)
    if callee is None or callee.capped or callee.name.startswith("__"):
        return  # ``Base.__init__(self)``: the object's own initializer, not a def it is handed to
    for position, keyword in places:
        yield Hand(call.lineno, call, callee, position, keyword, cls, built, me, shielded)


def _held_receiver(func: ast.expr, me: str, cls: ast.ClassDef, scope: Scope) -> Callee | None:
    """``self.x.method(self)`` where the class gives ``self.x`` one class (annotated, or built as ``T(...)``) the
    file imports (not one of its own): that class's method, the object handed out to it.  None otherwise."""
    receiver = func.value if isinstance(func, ast.Attribute) else None
    if not (isinstance(func, ast.Attribute) and isinstance(receiver, ast.Attribute) and _is(receiver.value, me)):
        return None
    held = held_class(cls, receiver.attr)
    imported = scope.imported.get(held) if held is not None else None
    return Callee(func.attr, imported[1]) if imported is not None and imported[1] else None


def _off_self(func: ast.expr, me: str) -> bool:
    """``self.x(...)``: a method of the object itself (its own class's or an inherited one), not handed out."""
    while isinstance(func, ast.Attribute):
        func = func.value
    return isinstance(func, ast.Name) and func.id == me


def _upstream_defs(trees: ThreeTrees, names: set[str]) -> dict[str, list[Upstream]]:
    """name -> the defs of that name in the Python files upstream changed (a file defining none is not parsed)."""

    def keep(_old: str, new: str) -> bool:
        return any(m.group(1) in names for m in _DEFINES.finditer(new))

    paths = sorted(p for p in trees.upstream if p.endswith(".py"))
    found: dict[str, list[Upstream]] = {}
    for both in parsed_texts(trees, paths, keep):
        before = dict(method_defs(both.old.body))
        for qualname, func in method_defs(both.new.body):
            if func.name in names:
                found.setdefault(func.name, []).append(Upstream(both.path, qualname, func, before.get(qualname)))
        if len({u.path for us in found.values() for u in us}) >= _MOST_FILES:
            break
    return found


def _reached(trees: ThreeTrees, callee: Callee, defs: dict[str, list[Upstream]]) -> Upstream | None:
    """The upstream def the call reaches surely: a method off a receiver typed as its class, a function by its
    import or module (a module guessed at: none)."""
    for hit in defs.get(callee.name, []):
        if (callee.receiver or "") != hit.owner or loose(callee, hit.path):
            continue
        if hit.owner or reaches(trees, callee, hit.path):
            return hit
    return None


def _needs(trees: ThreeTrees, hand: Hand, defs: dict[str, list[Upstream]]) -> Iterator[Need]:
    found = _reached(trees, hand.callee, defs)
    if found is None or found.old is None:
        return
    unbound = _unbound(hand.call.func)
    param, old_param = _param(found.new, hand, unbound), _param(found.old, hand, unbound)
    if param is None or old_param is None:
        return
    was = _reads(found.old, old_param)
    for attr, (line, sure) in _reads(found.new, param).items():
        if attr not in was:
            yield Need(found, param, attr, line, sure)


def _unbound(func: ast.expr) -> bool:
    """``Cls.method(obj, ...)``: a method called off its class, whose first parameter is handed too."""
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id[:1].isupper()


def _param(func: _Def, hand: Hand, unbound: bool) -> str | None:
    """The parameter of ``func`` receiving the handed object (None: a ``*args``, ``self`` itself, or none)."""
    return slot_param(func, hand.position, hand.keyword, unbound)


def slot_param(func: _Def, position: int | None, keyword: str | None, unbound: bool) -> str | None:
    """The parameter of ``func`` a call's argument at ``position`` (or ``keyword``) lands on (None: a
    ``*args``, ``self`` itself, or none); ``unbound``: a method called off its class, its ``self`` handed too."""
    positional = [*func.args.posonlyargs, *func.args.args]
    method = bool(positional) and positional[0].arg in ("self", "cls")
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in func.decorator_list)
    skip = 1 if method and not static and not unbound else 0
    if keyword is not None:
        names = [a.arg for a in [*func.args.args, *func.args.kwonlyargs]]
        name = keyword if keyword in names else None
    else:
        index = (position or 0) + skip
        name = positional[index].arg if index < len(positional) else None
    return None if name is None or (method and not static and name == positional[0].arg) else name


def _reads(func: _Def, name: str) -> dict[str, tuple[int, bool]]:
    """attribute -> (first line, read on every path) of each ``name.attr`` load in ``func``'s own body; none at
    all when the def tells objects apart (``isinstance(name, ...)``, ``type(name)``).  An attribute the def
    stores on ``name`` or tests for (``hasattr``/``getattr`` with it) is left out, and a read in a ``try``
    with handlers."""
    tested, stored = _tested(func, name)
    if tested is None:
        return {}
    found: dict[str, tuple[int, bool]] = {}
    _walk(func.body, name, True, found)
    rebound = _rebound_at(func, name)
    return {
        a: v
        for a, v in found.items()
        if a not in tested and a not in stored and not a.startswith("__") and v[0] < rebound
    }


def _rebound_at(func: _Def, name: str) -> float:
    """The first line rebinding the parameter (``layer = layer.inner``, a loop or ``with`` target): reads
    from there on may be off another object; no rebinding: infinity."""
    lines = [
        node.lineno
        for node in own_nodes(func.body)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
    ]
    return min(lines, default=float("inf"))


def _tested(func: _Def, name: str) -> tuple[set[str] | None, set[str]]:
    """(attributes tested for by name, None: the def tests the object's kind), attributes stored on ``name``."""
    tested: set[str] = set()
    stored: set[str] = set()
    for node in own_nodes(func.body):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del) and _is(node.value, name):
            stored.add(node.attr)
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or not node.args:
            continue
        if node.func.id in ("isinstance", "type", "issubclass") and _is(node.args[0], name):
            return None, stored
        if node.func.id in ("hasattr", "getattr", "setattr", "delattr") and _is(node.args[0], name):
            attr = node.args[1] if len(node.args) > 1 else None
            if isinstance(attr, ast.Constant) and isinstance(attr.value, str):
                (stored if node.func.id in ("setattr", "delattr") else tested).add(attr.value)
    return tested, stored


def _walk(body: list[ast.stmt], name: str, sure: bool, found: dict[str, tuple[int, bool]]) -> None:
    """Record each ``name.attr`` load of the statements; ``sure`` falls once a test reading ``name`` decides
    whether the read runs (an ``if``, a ``while``, an early way out under one, a short circuit)."""
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        if isinstance(stmt, ast.Try | ast.TryStar):
            if not stmt.handlers:
                _walk([*stmt.body, *stmt.orelse, *stmt.finalbody], name, sure, found)
            continue
        if isinstance(stmt, ast.If | ast.While):
            _expression(stmt.test, name, sure, found)
            inner = sure and not _reads_name(stmt.test, name)
            _walk(stmt.body, name, inner, found)
            _walk(stmt.orelse, name, inner, found)
            if not inner and any(isinstance(n, ast.Return | ast.Raise) for n in _statements(stmt)):
                sure = False  # an early way out decided by the object: what follows may not run for it
            continue
        if isinstance(stmt, ast.For | ast.AsyncFor | ast.With | ast.AsyncWith):
            for part in _heads(stmt):
                _expression(part, name, sure, found)
            _walk([*stmt.body, *getattr(stmt, "orelse", [])], name, sure, found)
            continue
        if isinstance(stmt, ast.Match):
            _expression(stmt.subject, name, sure, found)
            for case in stmt.cases:
                _walk(case.body, name, False, found)
            continue
        _expression(stmt, name, sure, found)


def _heads(stmt: ast.For | ast.AsyncFor | ast.With | ast.AsyncWith) -> list[ast.AST]:
    if isinstance(stmt, ast.For | ast.AsyncFor):
        return [stmt.iter]
    return [item.context_expr for item in stmt.items]


def _statements(stmt: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of a statement outside nested defs (a ``return`` of a nested function is not a way out)."""
    return own_nodes([stmt])


def _expression(node: ast.AST, name: str, sure: bool, found: dict[str, tuple[int, bool]]) -> None:
    """Loads of ``name.attr`` in an expression (or a simple statement); the later operands of ``and``/``or``
    and the branches of ``x if c else y`` run only sometimes."""
    if isinstance(node, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and _is(node.value, name):
        line, was = found.get(node.attr, (node.lineno, False))
        found[node.attr] = (min(line, node.lineno), was or sure)
    if isinstance(node, ast.BoolOp):
        _expression(node.values[0], name, sure, found)
        for value in node.values[1:]:
            _expression(value, name, False, found)
        return
    if isinstance(node, ast.IfExp):
        _expression(node.test, name, sure, found)
        _expression(node.body, name, False, found)
        _expression(node.orelse, name, False, found)
        return
    for child in ast.iter_child_nodes(node):
        _expression(child, name, sure, found)


def _reads_name(test: ast.expr, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(test))


def _is(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _created_upstream(trees: ThreeTrees, attrs: set[str]) -> set[str]:
    """Of ``attrs``, those upstream's added lines store on some object (``x.attr = ...``,
    ``register_buffer("attr", ...)``) and no Python file of the base holds: attributes upstream newly
    creates, which no outside base class (``nn.Linear``'s ``weight``, ``nn.Module``'s ``training``) brings.
    One ``git grep`` of the base for them all, asked only once a fork class is found lacking one."""
    added = [line for path in trees.upstream if path.endswith(".py") for line in trees.upstream[path].added.values()]
    stored = sorted(a for a in attrs if any(_stores(a).search(line) for line in added if a in line))
    at_base = (
        repo.files_containing_each(trees.repo, trees.base, [[a] for a in stored], [PYTHON_FILES]) if stored else []
    )
    return {a for a, files in zip(stored, at_base or [], strict=False) if not files} if at_base is not None else set()


def _stores(attr: str) -> re.Pattern[str]:
    """``.attr = `` / ``.attr: T = `` (not ``==``), or the name quoted (``register_buffer("attr", ...)``)."""
    name = re.escape(attr)
    return re.compile(rf"\.{name}[ \t]*(?::[^=\n]*)?=(?!=)|[\"']{name}[\"']")


def _lacks(
    trees: ThreeTrees,
    hand: Hand,
    need: Need,
    local: dict[str, ast.ClassDef],
    imports: dict[str, tuple[str, str]],
    hands: list[Hand],
    defs: dict[str, list[Upstream]],
) -> bool:
    """The fork class (with its bases of the file) never has ``need.attr``: it names it nowhere, derives from
    nothing of the tree, and hands itself to nothing else that may give it; a built local is given it by
    no store of the function and no other call it is handed to."""
    top = dotted_name(need.found.path, roots=("",)).split(".")[0]
    chain = _local_chain(hand.cls, local, imports, top)
    if chain is None or any(_names_attr(c, need.attr) for c in chain):
        return False
    read = {id(h.call): h for h in hands}
    calls = [c for current in chain for c in _handed_calls(current)]
    if (built := hand.built) is not None:
        if _given_in(built, hand.name, need.attr):
            return False
        calls += [c for c in own_nodes(built.body) if isinstance(c, ast.Call) and _hands_name(c, hand.name)]
    for call in calls:
        if _plain_builtin(call.func):
            continue
        other = read.get(id(call))
        if other is None or not _gives_nothing(trees, other, need, defs):
            return False  # a fork def or a receiver not read may set anything; a def that stores it gives it
    return True


def _local_chain(
    cls: ast.ClassDef, local: dict[str, ast.ClassDef], imports: dict[str, tuple[str, str]], top: str
) -> list[ast.ClassDef] | None:
    """The class and its bases of the file, depth first; None when a base may bring any attribute (a class
    of the tree, or of unknown origin)."""
    chain, todo, seen = [], [cls], {cls.name}
    while todo:
        current = todo.pop()
        chain.append(current)
        for base in current.bases:
            if isinstance(base, ast.Subscript):
                base = base.value  # ``Generic[T]``
            if isinstance(base, ast.Name) and base.id == "object":
                continue
            if isinstance(base, ast.Name) and base.id in local:
                if base.id not in seen:
                    seen.add(base.id)
                    todo.append(local[base.id])
                continue
            origin = imported_origin(base, imports)
            if origin is None or origin[0].split(".")[0] in (top, ""):
                return None
    return chain


def _names_attr(cls: ast.ClassDef, attr: str) -> bool:
    """The class names ``attr`` anywhere (a store, a def, a string, a keyword), or may set any attribute
    (``__getattr__``, ``__getattribute__`` since mend62, ``setattr``, ``__dict__``)."""
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and node.attr in (attr, "__dict__"):
            return True
        if isinstance(node, ast.Name) and node.id in (attr, "setattr"):
            return True
        if isinstance(node, ast.Constant) and node.value == attr:
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in (attr, *_ANY_NAME):
            return True
        if isinstance(node, ast.keyword) and node.arg == attr:
            return True
        if isinstance(node, ast.Call) and _registers_computed(node):
            return True
    return False


def _registers_computed(call: ast.Call) -> bool:
    """``self.register_buffer(f"_{side}_scale", ...)``, ``setattr(obj, name, ...)``: an attribute set under a
    name the code computes (an f-string, a loop variable, a constant of the module), which may be any."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name not in _REGISTERS or name == "vars":
        return False
    at = 1 if name == "setattr" else 0
    named = [k.value for k in call.keywords if k.arg == "name"]
    first = call.args[at] if len(call.args) > at else (named[0] if named else None)
    return first is not None and not (isinstance(first, ast.Constant) and isinstance(first.value, str))


def _handed_calls(cls: ast.ClassDef) -> list[ast.Call]:
    """The calls of the class's methods handing their ``self`` (to whatever)."""
    found = []
    for method in (m for m in cls.body if isinstance(m, _Def) and m.args.args):
        me = method.args.args[0].arg
        found += [n for n in own_nodes(method.body) if isinstance(n, ast.Call) and _hands_name(n, me)]
    return found


def _hands_name(call: ast.Call, name: str) -> bool:
    """The call hands ``name`` to another object's def (``name.x(name)`` is the object's own method; the method
    of an object it holds, ``name.helper.setup(name)``, is another's, which may set anything on it)."""
    args = [*call.args, *(k.value for k in call.keywords)]
    own = isinstance(call.func, ast.Attribute) and _is(call.func.value, name)
    return not own and not _is(call.func, name) and any(_is(a, name) for a in args)


def _given_in(func: _Def, name: str, attr: str) -> bool:
    """The function stores ``attr`` on the local (``layer.attr = ...``) or may store anything on it
    (``setattr(layer, ...)``, ``layer.__dict__``)."""
    for node in own_nodes(func.body):
        if isinstance(node, ast.Attribute) and _is(node.value, name):
            if node.attr == "__dict__" or (node.attr == attr and isinstance(node.ctx, ast.Store)):
                return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
            if node.args and _is(node.args[0], name):
                return True
    return False


def _plain_builtin(func: ast.expr) -> bool:
    """A builtin that sets nothing on what it is handed (``isinstance(self, ...)``, ``id(self)``)."""
    return isinstance(func, ast.Name) and func.id in BUILTINS and func.id not in _REGISTERS


def _gives_nothing(trees: ThreeTrees, other: Hand, need: Need, defs: dict[str, list[Upstream]]) -> bool:
    """The call handing ``self`` either is the needy call itself, or reaches an upstream def whose body stores
    nothing of the name on the parameter; unknown defs may give it."""
    found = _reached(trees, other.callee, defs)
    if found is None:
        return False
    if found.qualname == need.found.qualname and found.path == need.found.path:
        return True
    param = _param(found.new, other, _unbound(other.call.func))
    if param is None:
        return False
    stored = _tested(found.new, param)[1]
    registered = any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and _is(n.func.value, param)
        and n.func.attr in _REGISTERS
        and n.args
        and isinstance(n.args[0], ast.Constant)
        and n.args[0].value == need.attr
        for n in own_nodes(found.new.body)
    )
    return need.attr not in stored and not registered


def _finding(
    trees: ThreeTrees, path: str, hand: Hand, lacking: list[Need], pr_pattern: str, *, fresh: bool = True
) -> Finding:
    """One finding a handing call: every attribute the def now reads off the object, the first one's commit;
    ``fresh``: names upstream newly creates (else names its own objects held already, read off a closed one)."""
    first = min(lacking, key=lambda n: n.line)
    commit = trees.upstream_commit(first.found.path, whole_word(first.attr), pr_pattern)
    sure = any(n.sure for n in lacking)
    reads = ", ".join(f"{n.param}.{n.attr}" for n in sorted(lacking, key=lambda n: n.line))
    names = ", ".join(n.attr for n in sorted(lacking, key=lambda n: n.line))
    who = (
        f"{hand.cls.name} (self)"
        if hand.built is None
        else f"{hand.name} ({article(hand.cls.name.lower())} {hand.cls.name})"
    )
    maybe = "" if sure else " on the path that reads it (an earlier test of the object decides whether it runs)"
    whose = (
        "upstream's own objects now get it"
        if fresh
        else "upstream's own objects have it; nothing outside the file can give this object a name"
    )
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if sure else Severity.WARNING,
        path,
        hand.line,
        f"hands {who} to {first.found.qualname}, which upstream now reads {reads} from "
        f"({first.found.path}:{first.line}{commit}); {hand.cls.name} never has it ({whose}): "
        f"AttributeError{maybe}; give the {'object' if hand.cls.lineno == 0 else 'class'} {names}",
    )
