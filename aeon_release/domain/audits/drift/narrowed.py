"""A scalar kind upstream dropped from a parameter's union: the value the fork passes is no longer handled.

#37537 narrowed ``resolve_classifier_act_fn(model_config, static_num_labels, act_fn: "PoolerActivation | str |
None")`` to ``act_fn: "PoolerActivation | None"`` and took out the branch that turned the strings
(``isinstance(act_fn, str)``: ``"classify"``, ``"score"``) into activations; a fork's
``resolve_classifier_act_fn(cfg, act_fn="score")`` still binds, and the body now asserts the string callable.
Tied only where the old body tested the parameter for that kind (``isinstance``) or compared it with the very
value, and the new body does neither: an annotation alone may narrow to an alias that still takes the value
(``str`` -> a ``Literal`` alias).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from aeon_release.domain.audits.source import LOG_METHODS, parse_python

_KINDS = {bool: "bool", int: "int", float: "float", str: "str", bytes: "bytes"}
# names a narrowed annotation may keep that still take a plain value
_OPEN = frozenset({"Any", "object", "Literal", "AnyStr", "LiteralString", "Hashable", "Text"})
# calls that only show a value (a log line, its text, its length): handing the parameter to one maps no None
_SHOWS = frozenset({"print", "repr", "str", "len", "type", "id", "hash", "format", "isinstance"})
_SHOWS |= LOG_METHODS | {"log"}
# decorators that hand the arguments through untouched (any other may coerce a None before the body runs)
_PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod", "cache", "lru_cache", "abstractmethod", "override"})
_PLAIN_DECORATORS |= frozenset({"inference_mode", "no_grad", "wraps", "deprecated"})


def members(annotation: ast.expr | None) -> list[ast.expr] | None:
    """The types a union annotation names (``A | str | None``, ``Optional[A]``, ``Union[A, B]``, a string
    annotation parsed); None for text that is no expression."""
    if annotation is None:
        return None
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        module = parse_python(annotation.value)
        if module is None or len(module.body) != 1 or not isinstance(module.body[0], ast.Expr):
            return None
        return members(module.body[0].value)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        left, right = members(annotation.left), members(annotation.right)
        return None if left is None or right is None else left + right
    if isinstance(annotation, ast.Subscript) and _name(annotation.value) in ("Union", "Optional"):
        inner = annotation.slice
        parts = inner.elts if isinstance(inner, ast.Tuple) else [inner]
        found = [members(p) for p in parts]
        return None if any(f is None for f in found) else [m for f in found for m in f or []]
    return [annotation]


def scalar_dropped(
    arg: ast.expr,
    param: str,
    before: ast.expr,
    after: ast.expr,
    old_body: ast.FunctionDef | ast.AsyncFunctionDef,
    new_body: ast.FunctionDef | ast.AsyncFunctionDef,
) -> str | None:
    """The problem when ``arg``, a literal of a kind ``before`` named and ``after`` does not, is passed for
    ``param`` whose old body handled that kind and whose new body does not; else None."""
    if not isinstance(arg, ast.Constant) or type(arg.value) not in _KINDS:
        return None
    kind = _KINDS[type(arg.value)]
    old, new = members(before), members(after)
    if old is None or new is None or kind not in {_name(m) for m in old}:
        return None
    if any(_name(m) in _OPEN or _name(m) == kind or not _name(m)[:1].isupper() for m in new if not _none(m)):
        return None
    if not _handles(old_body, param, kind, arg.value) or _handles(new_body, param, kind, arg.value):
        return None
    if _discriminates(new_body, param):
        return None  # the new body tells the kinds apart (``if not isinstance(act_fn, A): return A()``): a path for the value
    return (
        f"passes {ast.unparse(arg)} for {param}, which upstream annotates {ast.unparse(after)} and no longer "
        f"handles as a {kind} (it was {ast.unparse(before)})"
    )


def none_dropped(
    arg: ast.expr,
    param: str,
    before: ast.expr,
    after: ast.expr,
    old_body: ast.FunctionDef | ast.AsyncFunctionDef,
    new_body: ast.FunctionDef | ast.AsyncFunctionDef,
    is_type: Callable[[ast.expr], bool] = lambda _: True,
) -> str | None:
    """The problem when a literal ``None`` is passed for ``param`` whose annotation upstream took ``None`` out
    of and whose body no longer turns a None into a value.  #44978 made ``create_eplb_communicator(group,
    backend: str | None, ...)`` take ``backend: str`` and dropped ``if backend is None: backend =
    "torch_nccl"``: a fork's ``create_eplb_communicator(group, None, w, buf)`` binds and no branch takes it.
    Tied only where the old body compared the parameter with None and the new body neither does nor tests its
    truth (``backend or "x"``, ``if not backend``), nor hands it to a call (``_resolve(backend)``,
    ``table.get(backend, default)``), nor runs under a decorator that may coerce it, and the new annotation
    names no alias (``backend: MaybeStr`` with ``MaybeStr = str | None``; ``is_type`` says a name is a type):
    each is a path for the None that the body alone does not show."""
    if not (isinstance(arg, ast.Constant) and arg.value is None):
        return None
    old, new = members(before), members(after)
    if old is None or new is None or not new:
        return None
    if any(_none(m) or _name(m) in _OPEN or not _name(m) for m in new) or _name(after) in ("Optional", "Union"):
        return None
    if not any(_none(m) for m in old):
        return _fallback_dropped(param, after, old_body, new_body, is_type)
    if not _handles(old_body, param, "None", None) or _handles(new_body, param, "None", None):
        return None
    if _truth_tested(new_body, param) or _discriminates(new_body, param) or _handed_on(new_body, param):
        return None
    if any(_name(d.func if isinstance(d, ast.Call) else d) not in _PLAIN_DECORATORS for d in new_body.decorator_list):
        return None
    if not all(is_type(m) for m in new if isinstance(m, ast.Name)):
        return None
    return (
        f"passes None for {param}, which upstream annotates {ast.unparse(after)} and no longer turns into a "
        f"value (it was {ast.unparse(before)})"
    )


def fallback_dropped(
    arg: ast.expr,
    param: str,
    old_body: ast.FunctionDef | ast.AsyncFunctionDef,
    new_body: ast.FunctionDef | ast.AsyncFunctionDef,
) -> str | None:
    """``_fallback_dropped`` for a parameter neither version annotates (``def f(x, layer_type=Default)``)."""
    if not (isinstance(arg, ast.Constant) and arg.value is None) or not _takes(new_body, param):
        return None
    return _fallback_dropped(param, None, old_body, new_body, lambda _: True)


def _takes(func: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> bool:
    args = func.args
    return any(a.arg == param for a in (*args.posonlyargs, *args.args, *args.kwonlyargs))


def _fallback_dropped(
    param: str,
    after: ast.expr | None,
    old_body: ast.FunctionDef | ast.AsyncFunctionDef,
    new_body: ast.FunctionDef | ast.AsyncFunctionDef,
    is_type: Callable[[ast.expr], bool],
) -> str | None:
    """The problem when a literal ``None`` is passed for ``param`` whose annotation (if any) never named
    ``None`` but whose old body rebound a None (or any falsy value) to a default, and whose new body uses it
    as a value.
    #31760 dropped ``decoder_layer_type = decoder_layer_type or Qwen2DecoderLayer`` from ``Qwen2Model.__init__``
    (``decoder_layer_type: type[nn.Module] = Qwen2DecoderLayer`` all along): a fork's
    ``Qwen2Model(..., decoder_layer_type=None)`` ("upstream's layer") now has the None called.  Tied only
    where the new body neither compares the parameter with None nor tests its truth, nor hands it to a call,
    nor runs under a decorator that may coerce it, and calls it, reads an attribute of it or indexes it:
    what a None cannot take."""
    if not _rebinds(old_body, param) or not (_handles(old_body, param, "None", None) or _truth_tested(old_body, param)):
        return None
    if _handles(new_body, param, "None", None) or _truth_tested(new_body, param) or _discriminates(new_body, param):
        return None
    if _handed_on(new_body, param) or not _used_as_value(new_body, param):
        return None
    if any(_name(d.func if isinstance(d, ast.Call) else d) not in _PLAIN_DECORATORS for d in new_body.decorator_list):
        return None
    if after is not None and not all(is_type(m) for m in members(after) or [] if isinstance(m, ast.Name)):
        return None
    shown = f" ({param}: {ast.unparse(after)})" if after is not None else ""
    return (
        f"passes None for {param}, which the old body replaced by a default and upstream's no longer does: "
        f"the body now uses the None as a value{shown}"
    )


def _rebinds(func: ast.AST, param: str) -> bool:
    """The body assigns ``param`` anew (``param = param or X``, ``if param is None: param = X``)."""
    for node in ast.walk(func):
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if any(_is(t, param) for t in targets):
            return True
    return False


def _used_as_value(func: ast.AST, param: str) -> bool:
    """The body calls ``param``, reads an attribute of it or indexes it: each raises on a None."""
    return any(
        (isinstance(node, ast.Call) and _is(node.func, param))
        or (isinstance(node, ast.Attribute | ast.Subscript) and _is(node.value, param))
        for node in ast.walk(func)
    )


def _handed_on(func: ast.AST, param: str) -> bool:
    """The body passes ``param`` itself to a call that may map a None to a value (``_resolve(backend)``,
    ``_REGISTRY.get(backend, default)``): not a method of the parameter, a log line or a builtin that
    only shows it."""
    for node in ast.walk(func):
        if not isinstance(node, ast.Call) or _is_method(node.func, param) or _name(node.func) in _SHOWS:
            continue
        if any(_is(a, param) for a in [*node.args, *(k.value for k in node.keywords)]):
            return True
    return False


def _is_method(func: ast.expr, param: str) -> bool:
    """``param.strip(...)``: a method of the parameter itself (a None has none)."""
    return isinstance(func, ast.Attribute) and _is(func.value, param)


def _truth_tested(func: ast.AST, param: str) -> bool:
    """The body tests ``param``'s truth: ``if param``, ``not param``, ``param or x``, ``x if param else y``."""
    for node in ast.walk(func):
        tests = [node.test] if isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert) else []
        tests += node.values if isinstance(node, ast.BoolOp) else []
        tests += [node.operand] if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) else []
        if any(_is(t, param) for t in tests):
            return True
    return False


def _handles(func: ast.AST, param: str, kind: str, value: object) -> bool:
    """The body tests ``param`` for the kind (``isinstance(param, str)``) or compares it with ``value``."""
    for node in ast.walk(func):
        if isinstance(node, ast.Call) and _name(node.func) == "isinstance" and len(node.args) == 2:
            if _is(node.args[0], param) and kind in {_name(t) for t in _tuple(node.args[1])}:
                return True
        if isinstance(node, ast.Compare) and _compares(node, param, value):
            return True
        if isinstance(node, ast.Match) and _is(node.subject, param) and _matches(node, value):
            return True
    return False


def _discriminates(func: ast.AST, param: str) -> bool:
    """The body asks ``isinstance(param, ...)`` at all."""
    return any(
        isinstance(node, ast.Call) and _name(node.func) == "isinstance" and node.args and _is(node.args[0], param)
        for node in ast.walk(func)
    )


def _matches(node: ast.Match, value: object) -> bool:
    """A ``case`` of the match names the value (``case "score":``, ``case None | "score":``; a None, True or
    False is a ``MatchSingleton``)."""
    return any(
        (isinstance(p, ast.MatchValue) and _same(p.value, value))
        or (isinstance(p, ast.MatchSingleton) and p.value is value)
        for case in node.cases
        for p in ast.walk(case.pattern)
    )


def _same(node: ast.expr, value: object) -> bool:
    return isinstance(node, ast.Constant) and node.value == value and type(node.value) is type(value)


def _compares(node: ast.Compare, param: str, value: object) -> bool:
    """``param == value``, or ``param in (..., value, ...)`` (a tuple, list or set display)."""
    sides = [node.left, *node.comparators]
    shown = [e for s in sides if isinstance(s, (ast.Tuple, ast.List, ast.Set)) for e in s.elts]
    return any(_is(s, param) for s in sides) and any(_same(s, value) for s in [*sides, *shown])


def _tuple(node: ast.expr) -> list[ast.expr]:
    return list(node.elts) if isinstance(node, ast.Tuple) else [node]


def _is(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _none(node: ast.expr) -> bool:
    return (isinstance(node, ast.Constant) and node.value is None) or _name(node) == "None"


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return _name(node.value)
    return ""
