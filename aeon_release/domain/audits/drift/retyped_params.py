"""Parameter class drift: upstream annotated a parameter with another class of the tree, and its body now
reads an attribute the old class never had; a fork call still hands it a value of the old class.

#34485 made ``renderer_from_config(config: ModelConfig)`` take the whole engine config and read
``config.model_config``: a fork's ``renderer_from_config(model_config)``, ``model_config: ModelConfig``,
merges cleanly and raises AttributeError on first call.  The fork's argument is typed by its annotation (a
parameter, a local, ``self.x``), the same way a read off it is; the parameter's class before and after by the
callee's annotations (``X``, ``"X"``, ``X | None``).  It is drift only when all of it holds: the argument's
class is the one the parameter named before the merge, the two classes differ, the new body reads
``param.attr`` where the old did not, the merged tree's argument class has no ``attr`` anywhere along its
bases (no ``__getattr__`` either) and the new class does.  A body that tests, rebinds or ``getattr``s the
parameter (``config if isinstance(config, ModelConfig) else config.model_config``) still takes the old class:
quiet.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from aeon_release.domain.audits.drift import pyindex as px
from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.result_kinds import unoptional
from aeon_release.domain.audits.drift.signatures import Sig
from aeon_release.domain.audits.source import parent_map, parsed_expression

Classify = Callable[[ast.expr], px.ClassInfo | None]
Func = ast.FunctionDef | ast.AsyncFunctionDef
_TESTS = frozenset({"isinstance", "hasattr", "getattr", "type"})
_CAUGHT = frozenset({"AttributeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Retyped:
    param: str
    arg: ast.expr
    was: px.ClassInfo
    now: px.ClassInfo
    attr: str


def bound(call: ast.Call, sig: Sig) -> list[tuple[str, ast.expr]]:
    """(parameter, argument) for what the call spells out: positions up to the first ``*args``, keywords."""
    out: list[tuple[str, ast.expr]] = []
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred) or i >= len(sig.positional):
            break
        out.append((sig.positional[i], arg))
    return out + [(k.arg, k.value) for k in call.keywords if k.arg is not None]


def annotation(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    args = func.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    return next((a.annotation for a in every if a.arg == name), None)


def reads(func: ast.AST, name: str) -> dict[str, int] | None:
    """attr -> line of each ``name.attr`` the body reads; None when the body tests the name's type (a call,
    or ``match name:``), asks for an attribute by string, binds the name anew (its class is then not the
    annotation's alone), or reads an attribute under ``except AttributeError`` (``try: config.model_config``
    / ``except AttributeError: config``: the old class still served).  A nested lambda, def or comprehension
    binding the name itself (``key=lambda config: config.model_config``) reads its own, not the parameter."""
    found: dict[str, int] = {}
    parents = parent_map(func)
    for node in _own_nodes(func, name):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return None
        if isinstance(node, ast.Match) and isinstance(node.subject, ast.Name) and node.subject.id == name:
            return None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _TESTS:
            if any(isinstance(a, ast.Name) and a.id == name for a in node.args):
                return None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name:
            if caught_around(node, _CAUGHT, parents):
                return None
            found.setdefault(node.attr, node.lineno)
    return found


def _own_nodes(func: ast.AST, name: str) -> Iterator[ast.AST]:
    """The nodes of ``func``, leaving out the nested scopes that bind ``name`` as their own."""
    stack = [func]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in ast.iter_child_nodes(node) if not _binds_own(c, name))


def _binds_own(node: ast.AST, name: str) -> bool:
    if isinstance(node, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef):
        args = node.args
        every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
        return any(a is not None and a.arg == name for a in every)
    if isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
        targets = [t for g in node.generators for t in ast.walk(g.target)]
        return any(isinstance(t, ast.Name) and t.id == name for t in targets)
    return False


def patched(tree: ast.Module, cls: str, attr: str) -> bool:
    """A module-level ``Cls.attr = ...`` or ``setattr(Cls, "attr", ...)``: the class is given the attribute
    at import, outside its body."""
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_names(t, cls, attr) for t in targets):
                return True
        if isinstance(node, ast.Expr) and isinstance(call := node.value, ast.Call) and _last(call.func) == "setattr":
            if len(call.args) >= 2 and _last(call.args[0]) == cls and _string(call.args[1]) == attr:
                return True
    return False


def _names(target: ast.expr, cls: str, attr: str) -> bool:
    return isinstance(target, ast.Attribute) and target.attr == attr and _last(target.value) == cls


def _last(expr: ast.expr) -> str | None:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else None


def _string(expr: ast.expr) -> str | None:
    return expr.value if isinstance(expr, ast.Constant) and isinstance(expr.value, str) else None


def _same(a: px.ClassInfo, b: px.ClassInfo) -> bool:
    return (a.module.path, a.qualname) == (b.module.path, b.qualname)


def retyped(
    call: ast.Call,
    old_func: ast.FunctionDef | ast.AsyncFunctionDef,
    new_func: ast.FunctionDef | ast.AsyncFunctionDef,
    sig: Sig,
    sides: tuple[Classify, Classify, Classify],
    ix: px.Index,
) -> Iterator[Retyped]:
    """Each argument of ``call`` of the parameter's old class whose new body reads what only the new class
    has.  ``sides``: the argument's class (merged tree), an old annotation's (before), a new one's (merged)."""
    of_arg, of_old, of_new = sides
    for param, arg in bound(call, sig):
        old_ann, new_ann = annotation(old_func, param), annotation(new_func, param)
        was = of_old(old_ann) if old_ann is not None else None
        now = of_new(new_ann) if new_ann is not None and was is not None else None
        if was is None or now is None or _same(was, now):
            continue
        mine = of_arg(arg)
        if mine is None or not _same(mine, was):
            continue
        yield from _lacking(param, arg, mine, now, (old_func, new_func), ix)


def _lacking(
    param: str, arg: ast.expr, mine: px.ClassInfo, now: px.ClassInfo, funcs: tuple[ast.AST, ast.AST], ix: px.Index
) -> Iterator[Retyped]:
    before, after = reads(funcs[0], param), reads(funcs[1], param)
    if before is None or after is None:
        return
    for attr in sorted(after.keys() - before.keys(), key=after.__getitem__):
        lacks = ix.member(ix.mro(mine), attr) is px.MISSING
        if lacks and isinstance(ix.member(ix.mro(now), attr), px.DefSym):
            yield Retyped(param, arg, mine, now, attr)
            return  # one read says it


# Scalar-to-object drift: the same question for a parameter that was a builtin scalar.  #33103 made
# ``get_max_tokens(max_model_len, request, input_length: int, ...)`` take ``prompt: TokensPrompt | EmbedsPrompt``
# in that slot and call ``prompt.get(...)``: a fork's ``get_max_tokens(n, request, len(ids), defaults)`` merges
# cleanly and raises AttributeError on an int.  The slot is paired by position (the parameter is often renamed
# with its kind: the old keyword is the signature check's) or by a keyword both signatures take.
_BUILTIN_SCALARS: dict[str, type] = {"int": int, "float": float, "str": str, "bytes": bytes, "bool": bool}
_MAKERS = {"len": "int", "int": "int", "float": "float", "str": "str", "bytes": "bytes", "bool": "bool"}
_ANY_VALUE = frozenset({"Any", "object", "complex", *_BUILTIN_SCALARS})


@dataclass(frozen=True)
class ScalarRetyped:
    param: str
    arg: ast.expr
    was: str  # the builtin scalar the parameter was annotated with
    now: str  # the new annotation, as source
    attr: str


def scalar_retyped(
    call: ast.Call,
    funcs: tuple[Func, Func],
    sigs: tuple[Sig, Sig],
    kind_of: Callable[[ast.expr], str | None],
    modules: tuple[ast.Module | None, ast.Module | None] = (None, None),
) -> Iterator[ScalarRetyped]:
    """Each argument of ``call`` that is plainly the builtin scalar its slot was annotated with (``kind_of``
    says which, or None) where upstream annotated the slot with something that admits no builtin scalar and its
    body now reads an attribute that scalar has not.  A new annotation naming any scalar, ``Any`` or ``object``
    still takes the value; a body that tests, rebinds or ``getattr``s the parameter, or reads it under ``except
    AttributeError``, may still take it too (``reads``).  A module-level alias of the callee's module
    (``IntLike = int``, ``Prompt = str | TokensPrompt``) reads as what it names, each side's in its own module."""
    old_func, new_func = funcs
    old_aliases, new_aliases = (type_aliases(m) if m is not None else {} for m in modules)
    for old_param, new_param, arg in _slots(call, *sigs):
        was = _scalar(annotation(old_func, old_param), old_aliases)
        now = annotation(new_func, new_param)
        if was is None or now is None or _admits_scalar(now, new_aliases, was) or kind_of(arg) != was:
            continue
        before, after = reads(old_func, old_param), reads(new_func, new_param)
        if before is None or after is None:
            continue
        fresh = sorted(after.keys() - before.keys(), key=after.__getitem__)
        attr = next((a for a in fresh if not hasattr(_BUILTIN_SCALARS[was], a)), None)
        if attr is not None:
            yield ScalarRetyped(new_param, arg, was, ast.unparse(now), attr)


def _slots(call: ast.Call, old: Sig, new: Sig) -> Iterator[tuple[str, str, ast.expr]]:
    """(old parameter, new parameter, argument) for the call's positions up to the first ``*args`` that both
    signatures bind, and its keywords both signatures take."""
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred) or i >= min(len(old.positional), len(new.positional)):
            break
        yield old.positional[i], new.positional[i], arg
    for kw in call.keywords:
        if kw.arg is not None and all(kw.arg in (*s.positional, *s.kwonly) for s in (old, new)):
            yield kw.arg, kw.arg, kw.value


def _parsed(node: ast.expr | None) -> ast.expr | None:
    """A string annotation's expression (``"int"``); the node otherwise; None when it does not parse."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return parsed_expression(node.value)
    return node


def _scalar(node: ast.expr | None, aliases: Mapping[str, ast.expr] | None = None) -> str | None:
    """``int`` for an annotation ``int`` (``Optional`` aside), or ``"int"``, or an alias of the module naming it
    (``IntLike = int``); None for anything else."""
    node = _parsed(node)
    if node is None:
        return None
    node = _parsed(unoptional(node))
    if isinstance(node, ast.Name) and node.id not in _BUILTIN_SCALARS and aliases and node.id in aliases:
        return _scalar(aliases[node.id])  # resolved once: an alias of an alias is not followed
    return node.id if isinstance(node, ast.Name) and node.id in _BUILTIN_SCALARS else None


def _admits_scalar(node: ast.expr, aliases: Mapping[str, ast.expr] | None = None, was: str | None = None) -> bool:
    """Whether an annotation names a builtin scalar, ``Any`` or ``object`` anywhere (a union, a generic's
    argument, a string inside it, an alias of the module), or cannot be read: a scalar value may still be what
    it takes.  ``Literal[...]``'s arguments are values, not types: it admits the scalar ``was`` (any scalar when
    None) when one of them is of that kind (``Literal["auto", "fp8"]`` takes a str, not an int), never by what a
    string argument would name as a type (``Literal["int"]`` takes the string)."""
    parsed = _parsed(node)
    if parsed is None:
        return True
    todo: list[ast.AST] = [parsed]
    while todo:
        sub = todo.pop()
        if isinstance(sub, ast.Subscript) and _name_of(sub.value) == "Literal":
            values = sub.slice.elts if isinstance(sub.slice, ast.Tuple) else [sub.slice]
            kinds = {kind for v in values if (kind := _literal_kind(v)) is not None}
            if kinds & ({was} if was else set(_BUILTIN_SCALARS)):
                return True
            continue
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and _admits_scalar(sub, aliases, was):
            return True
        name = _name_of(sub)
        if name in _ANY_VALUE:
            return True
        if isinstance(sub, ast.Name) and aliases and sub.id in aliases and _admits_scalar(aliases[sub.id], None, was):
            return True  # resolved once: the alias's own value is read without the aliases
        todo.extend(ast.iter_child_nodes(sub))
    return False


def _literal_kind(value: ast.expr) -> str | None:
    """The builtin kind of a ``Literal`` argument: a constant's, a signed number's (``Literal[-1]`` holds an int,
    which the parser reads as ``-`` applied to ``1``)."""
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, (ast.USub, ast.UAdd)):
        value = value.operand
        if not (isinstance(value, ast.Constant) and type(value.value) in (int, float, complex)):
            return None
    return type(value.value).__name__ if isinstance(value, ast.Constant) else None


def _name_of(node: ast.AST) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


@functools.lru_cache(maxsize=64)
def type_aliases(module: ast.Module) -> Mapping[str, ast.expr]:
    """The module's top-level names bound exactly once to what reads as a type (a name, a dotted name, a
    subscript, a ``|`` union, a string): ``IntLike = int``, ``Prompt: TypeAlias = str | TokensPrompt``, ``type
    Prompt = ...``.  Worked out once per module (an index holds one tree per module)."""
    counts: dict[str, int] = {}
    found: dict[str, ast.expr] = {}
    for stmt in module.body:
        target, value = _alias_binding(stmt)
        for name in _module_binds(stmt):
            counts[name] = counts.get(name, 0) + 1
        if target is not None and value is not None and _type_like(value):
            found[target] = value
    return {name: value for name, value in found.items() if counts.get(name) == 1}


def _alias_binding(stmt: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
        return (stmt.target.id, stmt.value) if _name_of(stmt.annotation) == "TypeAlias" else (None, None)
    type_alias = getattr(ast, "TypeAlias", None)
    if type_alias is not None and isinstance(stmt, type_alias):
        return stmt.name.id, stmt.value
    return None, None


def _module_binds(stmt: ast.stmt) -> Iterator[str]:
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield stmt.name
    elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
        yield from ((a.asname or a.name).split(".")[0] for a in stmt.names)
    else:
        yield from (n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))


def _type_like(value: ast.expr) -> bool:
    """A value that reads as a type: a (dotted) name, a subscript of one, a ``|`` union of such, a string."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, str)
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr):
        return _type_like(value.left) and _type_like(value.right)
    if isinstance(value, ast.Subscript):
        return _type_like(value.value)
    return isinstance(value, ast.Name) or (isinstance(value, ast.Attribute) and _type_like(value.value))


def scalar_kind(arg: ast.expr, func: ast.AST | None, module: ast.Module, local: bool = True) -> str | None:
    """The builtin scalar ``arg`` plainly is: a literal, an f-string, ``len(...)`` or a scalar's own
    constructor (a builtin the module does not bind itself), a parameter of the enclosing function annotated
    with exactly that scalar and never rebound in it, or (``local``) a local the function binds once, to one
    of those (``prompt_len = len(ids)``); None when the fork's code does not say."""
    if isinstance(arg, ast.Constant) and type(arg.value) in _BUILTIN_SCALARS.values():
        return type(arg.value).__name__
    if isinstance(arg, ast.JoinedStr):
        return "str"
    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id in _MAKERS:
        return None if _binds(module, arg.func.id) else _MAKERS[arg.func.id]
    if isinstance(arg, ast.Name) and isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        ann = annotation(func, arg.id)
        if ann is not None and not _rebinds(func, arg.id) and isinstance(plain := _parsed(ann), ast.Name):
            return plain.id if plain.id in _BUILTIN_SCALARS else None
        value = _bound_once(func, arg.id) if ann is None and local else None
        return scalar_kind(value, func, module, local=False) if value is not None else None
    return None


def _bound_once(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The value of the one plain ``name = value`` (or ``name: T = value``) of ``func``, where nothing else in
    it stores the name (a loop, an augmented assignment, an unpacking, a ``global``) nor a lambda takes it.
    A parameter of the name is a binding too (the caller's value), and a nested function's or class's store
    of the name binds its own local, not the one the call reads."""
    every = func.args
    if any(a.arg == name for a in (*every.posonlyargs, *every.args, *every.kwonlyargs, every.vararg, every.kwarg) if a):
        return None
    own = list(_scope_nodes(func))
    if any(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and n.name == name for n in own):
        return None  # a def of the name binds it too
    stores = [n for n in own if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)]
    if len(stores) != 1 or any(isinstance(n, ast.Global | ast.Nonlocal) and name in n.names for n in ast.walk(func)):
        return None
    if any(
        isinstance(n, ast.Lambda) and any(a.arg == name for a in ast.walk(n.args) if isinstance(a, ast.arg))
        for n in ast.walk(func)
    ):
        return None
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and node.targets[0] is stores[0]:
            return node.value
        if isinstance(node, ast.AnnAssign) and node.target is stores[0]:
            return node.value
    return None


def _scope_nodes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of ``func``'s own scope: its body, and the functions and classes it defines without what
    is inside them (their locals are theirs)."""
    todo: list[ast.AST] = list(func.body)
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            todo.extend(ast.iter_child_nodes(node))


def _rebinds(func: ast.AST, name: str) -> bool:
    """``func`` assigns ``name`` or a lambda in it takes a parameter of the name: the annotation no longer
    says what a use of the name holds."""
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return True
        if isinstance(node, ast.Lambda) and any(a.arg == name for a in ast.walk(node.args) if isinstance(a, ast.arg)):
            return True
    return False


def _binds(module: ast.Module, name: str) -> bool:
    """The module defines, imports or assigns ``name`` anywhere: the builtin is not what it calls."""
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.name == name:
            return True
        if isinstance(node, ast.alias) and (node.asname or node.name) == name:
            return True
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return True
    return False
