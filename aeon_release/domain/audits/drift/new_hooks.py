"""A fork's own method that a base hook upstream added now overrides, unfit for upstream's calls of the hook.

#39027 added ``ReasoningParser.adjust_request`` and made the render path call it on every reasoning parser
(``request = reasoning_parser(tokenizer).adjust_request(request=request)``).  A fork parser that already had a
method of that name for its own use now stands in for the hook, and git merges it cleanly: one that takes
another required parameter raises TypeError on every request; one that adjusts the request in place and
returns nothing hands upstream None for the request.  Symbol drift warns that a fork method now overrides a
new base method; these two shapes cannot serve upstream's calls, and are errors.  A fork method that fits the
calls (and returns a value where upstream uses one) stays the warning: it may do what upstream's does --
unless its return annotation is another kind of value than the hook's where upstream uses the value (#22650
added ``ModelConfig.get_num_experts() -> int`` and compares it ``> 1``; a fork namesake ``-> list[int]``).  So
does a fork method that cannot be judged from its text: an abstract or stub one (its subclasses fill it), one
under a decorator of its own (it may rework the arguments or the return), and one only calls of another class's
method of the name reach (#39027 also adds ``request = tool_parser.adjust_request(request=request)``, a
ToolParser's): only a call whose receiver upstream types as the hook's class, or a subclass, decides an error.

Pure helpers over the fork's def, the base's new def and upstream's calls of the name; finding the calls (on
lines upstream added, in files naming the base's class, outside tests) is symbol drift's (``symbols.py``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Sequence

from aeon_release.domain.audits.drift.returns import own_nodes, own_returns
from aeon_release.domain.audits.drift.signatures import call_problem, signature
from aeon_release.domain.audits.source import last_name, parsed_expression

__all__ = [
    "annotated_classes",
    "call_mode",
    "plain_value",
    "receiver_types",
    "stored_value",
    "stub",
    "unfit",
    "used_calls",
]

_Def = ast.FunctionDef | ast.AsyncFunctionDef
# decorators that leave what a call binds to and what it returns as the def says
_PLAIN_DECORATORS = frozenset({"staticmethod", "classmethod", "override"})
_PROPERTIES = frozenset({"property", "cached_property"})
# values no call can be made of: a literal, a display, a comprehension, an f-string, arithmetic or a test
_PLAIN = (
    ast.Constant,
    ast.JoinedStr,
    ast.List,
    ast.Tuple,
    ast.Dict,
    ast.Set,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
    ast.BinOp,
    ast.UnaryOp,
    ast.BoolOp,
    ast.Compare,
)


def used_calls(tree: ast.AST, name: str, lines: set[int]) -> Iterator[tuple[ast.Call, bool]]:
    """Each call ``x.name(...)`` starting on one of ``lines`` (not through ``super()``: an override handing
    on), with whether its value is used (assigned or returned, or an operand of a comparison or arithmetic:
    ``self.get_num_experts() > 1`` fails on None or a list alike, #22650)."""
    used = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.Return)) and isinstance(node.value, ast.Call)
    }
    used |= {
        id(operand)
        for node in ast.walk(tree)
        for operand in (
            [node.left, *node.comparators]
            if isinstance(node, ast.Compare) and not any(isinstance(o, (ast.Is, ast.IsNot)) for o in node.ops)
            else [node.left, node.right]
            if isinstance(node, ast.BinOp)
            else []
        )
        if isinstance(operand, ast.Call)
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or node.func.attr != name:
            continue
        receiver = node.func.value
        if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "super":
            continue
        if node.lineno in lines:
            yield node, id(node) in used


def call_mode(call: ast.Call, parents: dict[int, ast.AST]) -> str:
    """How upstream's code treats what ``call`` returns: ``"awaited"`` (``await x.name()``), ``"discarded"``
    (a bare statement ``x.name()``), or ``"kept"`` (assigned, returned, handed to another call such as
    ``asyncio.create_task``: it may be awaited later)."""
    parent = parents.get(id(call))
    if isinstance(parent, ast.Await):
        return "awaited"
    return "discarded" if isinstance(parent, ast.Expr) else "kept"


def unfit(
    mine: _Def,
    base: _Def,
    calls: Sequence[tuple[ast.Call, bool]],
    read: bool,
    modes: Mapping[int, str] | None = None,
    classes: Mapping[str, ast.ClassDef] | None = None,
) -> str | None:
    """Why the fork's ``mine`` cannot answer upstream's ``calls`` of the new hook ``base`` (or, ``read``, its
    added reads ``x.name``), or None: a call that binds to the hook's signature but not to the fork's, a call
    upstream awaits (or drops un-awaited) that the fork's method is the other colour for (``modes``: each
    call's ``call_mode`` by ``id``), or a call whose value upstream uses where the hook returns a value and
    the fork's method never does.  ``classes``: the hook's module's classes, which its annotations may name."""
    clash = _kind_clash(mine, base, calls, read)
    if clash is not None:
        return clash
    ours, theirs = signature(mine, True), signature(base, True)
    if ours is None or theirs is None or _reworked(mine) or stub(mine):
        return None
    for call, _ in calls:
        problem = call_problem(call, ours)
        if problem is not None and call_problem(call, theirs) is None:
            return f"upstream calls it as {ast.unparse(call)}, which {_against(problem)}: TypeError"
    coloured = _colour_misfit(mine, base, calls, modes or {})
    if coloured is not None:
        return coloured
    # a literal handed is said by its value (``passes 100 (a int) for capability``), before the annotations' kinds
    misread = _literal_misfit(mine, calls)
    if misread is not None:
        return misread
    handed = _param_misfit(mine, base, calls, classes or {})
    if handed is not None:
        return handed
    used = next((call for call, kept in calls if kept), None)
    returned = _returned_misfit(mine, base, used)
    if returned is not None:
        return returned
    if used is not None and _returns_value(base) and not _returns_value(mine) and not _raises_last(mine):
        return (
            f"upstream uses what {ast.unparse(used)} returns (its {base.name}() returns a value), and the fork's "
            "method returns nothing: upstream gets None"
        )
    return None


def _param_misfit(
    mine: _Def, base: _Def, calls: Sequence[tuple[ast.Call, bool]], classes: Mapping[str, ast.ClassDef]
) -> str | None:
    """A call of the new hook binding an argument to a parameter the hook and the fork's method annotate as
    other kinds of plain builtins (killers212: #33513 added ``count_reasoning_tokens(self, token_ids:
    Sequence[int])`` and the Responses serving calls it with the output's token ids; a fork namesake
    ``count_reasoning_tokens(self, reasoning: str)`` re-encoding its text gets a list).  Only plain builtins and
    their unions with None are told apart, as for returns; a ``str`` handed where the fork takes a collection
    may serve (a string is a sequence).  Since killers229 also a plain class of the hook's module (``_plain_class``)
    where the fork's method takes scalars only: #31944's ``update_req_spec_token_ids(self, request:
    CachedRequestState, ...)``, called with the request's state, against a fork namesake's ``req_id: str``."""
    ours, theirs = _bound_params(mine), _bound_params(base)
    for call, _ in calls:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            continue
        slots: list[int | str] = [*range(len(call.args)), *(k.arg for k in call.keywords if k.arg)]
        for slot in slots:
            mine_arg, base_arg = _param_at(ours, slot), _param_at(theirs, slot)
            if mine_arg is None or base_arg is None:
                continue
            kinds, wanted = _return_kinds(base_arg.annotation), _return_kinds(mine_arg.annotation)
            builtins = bool(
                kinds and wanted and not kinds & wanted and not (kinds == {"str"} and "collection" in wanted)
            )
            scalars = _scalar_kinds(mine_arg.annotation) - {"None"}
            if not builtins and not (scalars and _plain_class(base_arg.annotation, classes)):
                continue
            assert base_arg.annotation is not None and mine_arg.annotation is not None
            return (
                f"upstream calls it as {ast.unparse(call)}, handing {base_arg.arg} a "
                f"{ast.unparse(base_arg.annotation)} (the hook's annotation), where the fork's method takes "
                f"{mine_arg.arg}: {ast.unparse(mine_arg.annotation)}: another kind of value"
            )
    return None


def _plain_class(annotation: ast.expr | None, classes: Mapping[str, ast.ClassDef], depth: int = 0) -> bool:
    """``annotation`` is a bare name of a class of the hook's module whose lineage is all that module's classes
    (or none): no builtin, enum, protocol or outside base that could make an instance a ``str`` or an ``int``."""
    cls = classes.get(annotation.id) if isinstance(annotation, ast.Name) else None
    if cls is None or cls.keywords or depth > 8:
        return False
    return all(_plain_class(b, classes, depth + 1) for b in cls.bases)


def _bound_params(func: _Def) -> tuple[list[ast.arg], dict[str, ast.arg]]:
    """A method's positional parameters past ``self`` (none for a staticmethod's first), and all by name."""
    positional = [*func.args.posonlyargs, *func.args.args]
    skip = 0 if any(_last_name(d) == "staticmethod" for d in func.decorator_list) else 1
    named = {a.arg: a for a in (*positional, *func.args.kwonlyargs)}
    return positional[skip:], named


def _param_at(params: tuple[list[ast.arg], dict[str, ast.arg]], slot: int | str) -> ast.arg | None:
    positional, named = params
    if isinstance(slot, int):
        return positional[slot] if slot < len(positional) else None
    return named.get(slot)


def _colour_misfit(
    mine: _Def, base: _Def, calls: Sequence[tuple[ast.Call, bool]], modes: Mapping[int, str]
) -> str | None:
    """A synchronous fork method returning nothing where upstream awaits the new coroutine hook (killers193:
    #28037 added ``async def resume_generation`` to ``AsyncLLM`` and its server runs ``await
    engine.resume_generation()``; a fork subclass's own ``def resume_generation(self) -> None`` makes that
    ``await None``: TypeError), or a fork coroutine function where upstream calls the new synchronous hook as
    a bare statement (the coroutine is made and dropped: the fork's body never runs).  A synchronous fork
    method that returns a value may return an awaitable (a task, a future), and one that never returns (every
    path raises: a fork engine refusing the hook) raises at the call as the coroutine would at the ``await``
    (revDL, #39212's ``finish_weight_update``): not judged."""
    if isinstance(base, ast.AsyncFunctionDef) and not isinstance(mine, ast.AsyncFunctionDef):
        awaited = next((call for call, _ in calls if modes.get(id(call)) == "awaited"), None)
        if awaited is not None and not _returns_value(mine) and not _never_returns(mine):
            return (
                f"upstream awaits {ast.unparse(awaited)} (its {base.name}() is a coroutine function), and the "
                "fork's method is synchronous and returns None: awaiting None raises TypeError"
            )
    if isinstance(mine, ast.AsyncFunctionDef) and not isinstance(base, ast.AsyncFunctionDef):
        dropped = next((call for call, _ in calls if modes.get(id(call)) == "discarded"), None)
        if dropped is not None:
            return (
                f"upstream calls {ast.unparse(dropped)} as a statement, not awaited (its {base.name}() is "
                "synchronous), and the fork's method is a coroutine function: the call makes a coroutine nothing "
                "runs, so the fork's body never runs"
            )
    return None


# the literal kinds one scalar annotation takes: a number for a number (``int`` takes ``True``, ``float`` takes 1)
_KIND_GROUPS = {
    "str": "str",
    "bytes": "bytes",
    "int": "number",
    "float": "number",
    "complex": "number",
    "bool": "number",
}


def _literal_misfit(mine: _Def, calls: Sequence[tuple[ast.Call, bool]]) -> str | None:
    """A literal upstream's call hands a parameter the fork's method annotates as scalars of another kind only
    (#30484: upstream calls ``is_device_capability_family(100)``, a fork namesake takes ``family: str`` and
    looks it up in a table of names): the fork's method answers another question than the hook's.  An
    unannotated parameter, a union with anything but scalars, or ``None`` passed say nothing."""
    params = [a for a in [*mine.args.posonlyargs, *mine.args.args] if a.arg not in ("self", "cls")]
    named = {a.arg: a for a in [*params, *mine.args.kwonlyargs]}
    for call, _ in calls:
        bound = list(zip(params, call.args, strict=False))
        bound += [(named[k.arg], k.value) for k in call.keywords if k.arg in named]
        for param, value in bound:
            takes, passed = _scalar_kinds(param.annotation), _literal_kind(value)
            if takes - {"None"} and passed and _KIND_GROUPS[passed] not in {_KIND_GROUPS.get(t) for t in takes}:
                return (
                    f"upstream calls it as {ast.unparse(call)}, which passes {ast.unparse(value)} (a {passed}) for "
                    f"{param.arg}, which the fork's method takes as {' | '.join(sorted(takes))}: it answers another "
                    "question than upstream's hook"
                )
    return None


# the kinds a return annotation's outer name is, for telling a count from a collection (#22650)
_RETURN_GROUPS = {
    **_KIND_GROUPS,
    **dict.fromkeys(("list", "tuple", "set", "frozenset", "dict", "Sequence", "Mapping", "Iterable"), "collection"),
}


def _returned_misfit(mine: _Def, base: _Def, used: ast.Call | None) -> str | None:
    """A fork method whose return annotation is another kind than the new hook's, where upstream uses what
    the call returns (#22650 added ``ModelConfig.get_num_experts() -> int``, compared ``> 1`` on upstream's
    new lines; a fork namesake ``-> list[int]`` of each layer's experts makes that TypeError).  Only plain
    builtins (and their unions with None) are told apart: a class, a generic ``T``, ``Any`` say nothing."""
    ours, theirs = _return_kinds(mine.returns), _return_kinds(base.returns)
    if used is None or not ours or not theirs or ours & theirs:
        return None
    return (
        f"upstream uses what {ast.unparse(used)} returns (its {base.name}() returns "
        f"{ast.unparse(base.returns) if base.returns else '?'}), and the fork's method returns "
        f"{ast.unparse(mine.returns) if mine.returns else '?'}: another kind of value"
    )


def _return_kinds(annotation: ast.expr | None) -> set[str]:
    """The kinds (``number``, ``str``, ``collection`` ...) a return annotation is a union of, None aside;
    empty when any member is something else."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        # the shared reader, not ``ast.parse``: a quoted 3,000-term union raised RecursionError out of the check
        annotation = parsed_expression(annotation.value)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        left, right = _return_kinds(annotation.left), _return_kinds(annotation.right)
        none = _is_none(annotation.left) or _is_none(annotation.right)
        return left | right if (left or none) and (right or none) else set()
    outer = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    name = _last_name(outer) if outer is not None else None
    return {_RETURN_GROUPS[name]} if name in _RETURN_GROUPS else set()


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _scalar_kinds(annotation: ast.expr | None) -> set[str]:
    """The scalar builtins an annotation is a union of (``str``, ``int | None``); empty when it names anything
    else (a class, a generic, a string annotation that is not one of them)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        annotation = parsed_expression(annotation.value)
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        left, right = _scalar_kinds(annotation.left), _scalar_kinds(annotation.right)
        return left | right if left and right else set()
    if isinstance(annotation, ast.Constant) and annotation.value is None:
        return {"None"}
    if isinstance(annotation, ast.Name) and annotation.id in _KIND_GROUPS:
        return {annotation.id}
    return set()


def _literal_kind(value: ast.expr) -> str:
    """The scalar kind a literal argument is (``-1`` an int); empty for anything else (``None`` included)."""
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub | ast.UAdd):
        value = value.operand
    if isinstance(value, ast.Constant) and value.value is not None and value.value is not Ellipsis:
        return type(value.value).__name__
    return ""


def _kind_clash(mine: _Def, base: _Def, calls: Sequence[tuple[ast.Call, bool]], read: bool) -> str | None:
    """A plain method where upstream's new member is a property upstream reads, or a property where it is a
    method upstream calls.  #50297 added ``KVConnectorBase_V1.requires_kv_delivery``, a property the scheduler
    reads as ``self.connector.requires_kv_delivery``: a fork connector's own ``def requires_kv_delivery(self,
    ...)`` hands that read a bound method, always truthy, and is never called.  A property nothing upstream
    added reads reaches no code of upstream's: the fork's own calls of its method still work (a warning)."""
    if stub(mine) or any(_last_name(d) not in _PLAIN_DECORATORS | _PROPERTIES for d in mine.decorator_list):
        return None
    ours, theirs = _property(mine), _property(base)
    if theirs and not ours and read:
        return (
            f"upstream made {base.name} a property, read as a value (x.{base.name}), so upstream's reads get the "
            "fork's bound method (always truthy) and never call it"
        )
    if ours and not theirs and calls:
        return f"upstream calls it as {ast.unparse(calls[0][0])}, and the fork's property answers a value: calling it raises TypeError"
    return None


def _property(func: _Def) -> bool:
    return any(_last_name(d) in _PROPERTIES for d in func.decorator_list)


def _reworked(func: _Def) -> bool:
    """A decorator other than staticmethod/classmethod/override: it may fill a parameter or return the request."""
    return any(_last_name(d) not in _PLAIN_DECORATORS for d in func.decorator_list)


def stub(func: ast.AST) -> bool:
    """An abstract method, or a body of nothing but ``...``, ``pass``, a docstring or ``raise
    NotImplementedError``: a hook of the fork's own its subclasses fill, not the code upstream's calls reach."""
    if not isinstance(func, _Def):
        return False
    if any(_last_name(d) == "abstractmethod" for d in func.decorator_list):
        return True
    return all(_placeholder(stmt) for stmt in func.body)


def _placeholder(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
        return True
    raised = stmt.exc if isinstance(stmt, ast.Raise) else None
    raised = raised.func if isinstance(raised, ast.Call) else raised
    return raised is not None and _last_name(raised) == "NotImplementedError"


def _last_name(expr: ast.expr) -> str:
    """``abc.abstractmethod`` -> abstractmethod; ``wraps(fn)`` -> wraps."""
    return last_name(expr.func if isinstance(expr, ast.Call) else expr)


def receiver_types(call: ast.Call, parents: dict[int, ast.AST]) -> list[ast.expr]:
    """The class expressions upstream's code types the receiver of ``call`` (``x.name(...)``) as: ``self``'s
    class, a name's annotation (``parser: ReasoningParser``) or the class it is built from, a class called
    (``parser_cls()`` of a ``parser_cls: type[ReasoningParser] | None``; ``ReasoningParser(...)``), or a
    ``self.field``'s annotation in the class.  Empty when nothing says (a parameter with no annotation)."""
    assert isinstance(call.func, ast.Attribute)
    receiver, func = call.func.value, _enclosing(call, parents, (ast.FunctionDef, ast.AsyncFunctionDef))
    cls = _enclosing(call, parents, (ast.ClassDef,))
    if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name):
        return _typed(receiver.func.id, func) or [receiver.func]
    if isinstance(receiver, ast.Name) and receiver.id in ("self", "cls") and isinstance(cls, ast.ClassDef):
        return [ast.Name(id=cls.name, ctx=ast.Load())]
    if isinstance(receiver, ast.Name):
        return (
            _lambda_typed(receiver.id, call, parents)
            or _typed(receiver.id, func)
            or _loop_typed(receiver.id, func, cls)
        )
    if _self_field(receiver) and isinstance(cls, ast.ClassDef):
        assert isinstance(receiver, ast.Attribute)
        return _field_types(receiver.attr, cls)
    return []


def global_receiver(call: ast.Call, parents: dict[int, ast.AST]) -> str | None:
    """The name ``call``'s receiver is (``current_platform.name(...)``) when no enclosing function binds it (a
    parameter, an assignment, a loop, a ``with``, an import): a module-level name whose type is its declaration
    where it is defined (#35356: ``current_platform: Platform`` under ``if TYPE_CHECKING:``, served by the
    package's ``__getattr__``).  None for ``self``/``cls``, a local, or any other receiver."""
    return _receiver_name(call) if _binding_scope(call, parents) is None else None


def imported_receiver(call: ast.Call, parents: dict[int, ast.AST]) -> tuple[str, str] | None:
    """(module, name) of the one absolute ``from module import name`` that binds ``call``'s receiver in the
    innermost function binding it, when nothing else there binds it: the function imports another module's
    global late, to dodge an import cycle (killers209: #34760's ``GroupCoordinator.__init__``, #15417's
    ``_is_v1_supported_oracle`` and #38468's ``set_random_seed`` each run ``from ... import
    current_platform`` before calling the new hook on it).  None for a global, a parameter, a local assigned,
    a relative or plain ``import``, or two imports of the name."""
    scope, name = _binding_scope(call, parents), _receiver_name(call)
    if scope is None or name is None or name in _stored_in(scope):
        return None
    sources = {source for bound, source in _imports_in(scope) if bound == name}
    return next(iter(sources)) if len(sources) == 1 and None not in sources else None


def _receiver_name(call: ast.Call) -> str | None:
    """The bare name ``call``'s receiver is, other than ``self``/``cls``; None for any other receiver."""
    assert isinstance(call.func, ast.Attribute)
    receiver = call.func.value
    if not isinstance(receiver, ast.Name) or receiver.id in ("self", "cls"):
        return None
    return receiver.id


def _binding_scope(call: ast.Call, parents: dict[int, ast.AST]) -> ast.AST | None:
    """The innermost function (or lambda) enclosing ``call`` that binds its receiver's name; None when none
    does (or the receiver is no bare name)."""
    name = _receiver_name(call)
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
    scope = _enclosing(call, parents, kinds) if name else None
    while scope is not None and name not in _bound_in(scope):
        scope = _enclosing(scope, parents, kinds)
    return scope


def _bound_in(func: ast.AST) -> set[str]:
    """The names a function (or lambda) binds: its parameters, and any name stored or imported in its body."""
    return _stored_in(func) | {name for name, _ in _imports_in(func)}


def _stored_in(func: ast.AST) -> set[str]:
    """The names a function (or lambda) binds other than by an import: its parameters and its stores."""
    assert isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
    args = func.args
    names = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg] if a}
    names.update(n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    return names


def _imports_in(func: ast.AST) -> list[tuple[str, tuple[str, str] | None]]:
    """Each name an import in the function binds, with the (module, name) an absolute ``from`` import takes
    it from; None for a plain or a relative import."""
    found: list[tuple[str, tuple[str, str] | None]] = []
    for node in ast.walk(func):
        if isinstance(node, ast.Import):
            found += [((a.asname or a.name).split(".")[0], None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            absolute = node.level == 0 and node.module is not None
            found += [(a.asname or a.name, (node.module or "", a.name) if absolute else None) for a in node.names]
    return found


def annotated_classes(annotation: ast.expr) -> list[ast.expr]:
    """The classes an annotation names, less the generics wrapping them (``type[X] | None`` -> X)."""
    return _classes_in(annotation)


def declared_classes(node: ast.AST) -> list[ast.expr]:
    """The classes a module-level declaration (``name: T``, bound or not) types its name as; empty for
    anything else (a plain assignment says nothing of the name's class)."""
    return _classes_in(node.annotation) if isinstance(node, ast.AnnAssign) else []


def _lambda_typed(name: str, call: ast.Call, parents: dict[int, ast.AST]) -> list[ast.expr]:
    """The class a ``lambda``'s parameter ``name`` is typed as by the function the lambda is handed to: its
    parameter annotated ``Callable[[C, ...], R]`` (killers180: #46877's ``_apply_to_device_comms(lambda comm:
    comm.checkpoint_prepare())``, whose ``action: Callable[[DeviceCommunicatorBase], None]``); a function of the
    same module, called by its bare name.  Empty when anything else encloses the call or says nothing."""
    lam = _enclosing(call, parents, (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef))
    if not isinstance(lam, ast.Lambda) or name not in [a.arg for a in lam.args.args]:
        return []
    handed = parents.get(id(lam))
    handed = parents.get(id(handed)) if isinstance(handed, ast.keyword) else handed  # ``action=lambda ...``
    if not (isinstance(handed, ast.Call) and isinstance(handed.func, ast.Name)):
        return []
    callee = next((d for d in _module_defs(handed, parents) if d.name == handed.func.id), None)
    param = _receiving(handed, lam, callee) if callee is not None else None
    slots = _callable_params(param.annotation) if param is not None and param.annotation is not None else []
    index = [a.arg for a in lam.args.args].index(name)
    return _classes_in(slots[index]) if index < len(slots) else []


def _module_defs(node: ast.AST, parents: dict[int, ast.AST]) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    top = _enclosing(node, parents, (ast.Module,))
    body = top.body if isinstance(top, ast.Module) else []
    return [d for d in body if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef)]


def _receiving(call: ast.Call, value: ast.expr, callee: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.arg | None:
    """The parameter of ``callee`` that ``value``, an argument of ``call``, lands on (by position or keyword)."""
    positional = [*callee.args.posonlyargs, *callee.args.args]
    at = next((i for i, a in enumerate(call.args) if a is value), None)
    if at is not None:
        return positional[at] if at < len(positional) else None
    word = next((k.arg for k in call.keywords if k.value is value), None)
    return next((a for a in [*positional, *callee.args.kwonlyargs] if a.arg == word), None)


def _callable_params(annotation: ast.expr) -> list[ast.expr]:
    """``Callable[[A, B], R]`` (any module's ``Callable``) -> [A, B]; [] for any other annotation."""
    if not (isinstance(annotation, ast.Subscript) and _last_name(annotation.value) == "Callable"):
        return []
    inner = annotation.slice
    first = inner.elts[0] if isinstance(inner, ast.Tuple) and inner.elts else None
    return list(first.elts) if isinstance(first, ast.List) else []


def _self_field(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == "self"


def _enclosing(node: ast.AST, parents: dict[int, ast.AST], kinds: tuple[type, ...]) -> ast.AST | None:
    found = parents.get(id(node))
    while found is not None and not isinstance(found, kinds):
        found = parents.get(id(found))
    return found


def _typed(name: str, func: ast.AST | None) -> list[ast.expr]:
    """The classes ``name`` is annotated as in ``func`` (a parameter, ``name: T = ...``) or built from."""
    if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        return []
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    found = [c for a in args if a.arg == name and a.annotation is not None for c in _classes_in(a.annotation)]
    for node in ast.walk(func):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == name:
            found += _classes_in(node.annotation)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            found += [node.value.func] if isinstance(node.value, ast.Call) else []
    return found


def _field_types(name: str, cls: ast.ClassDef) -> list[ast.expr]:
    """The annotations of ``self.name: T = ...`` in the class's methods, or of ``name: T`` in its body; else
    those of the parameters a method stores there as they came (``self.fused_experts = fused_experts`` of
    ``fused_experts: FusedMoEPermuteExpertsUnpermute``: killers228, #19642's kernel calls
    ``self.fused_experts.enable_chunking()``)."""
    return _annotated_field(name, cls) or _stored_parameter_types(name, cls) or _built_types(name, cls)


def _annotated_field(name: str, cls: ast.ClassDef) -> list[ast.expr]:
    found: list[ast.expr] = []
    for node in ast.walk(cls):
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if (isinstance(target, ast.Attribute) and _self_field(target) and target.attr == name) or (
            isinstance(target, ast.Name) and target.id == name and node in cls.body
        ):
            assert isinstance(node, ast.AnnAssign)
            found += _classes_in(node.annotation)
    return found


def _built_types(name: str, cls: ast.ClassDef, element: bool = False) -> list[ast.expr]:
    """The one class every store of ``self.name`` in the class's methods builds (killers229: #37728's
    ``InputBatch.remove_request`` calls ``self.block_table.clear_row(i)`` of ``self.block_table =
    MultiGroupBlockTable(...)``), or with ``element`` the one class each element of the list it builds is
    (``self.block_tables = [BlockTable(...) for ...]``); empty where a store holds anything else (None aside:
    a field cleared holds nothing to call) or builds two classes."""
    built: dict[str, ast.expr] = {}
    for method in (m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for node in ast.walk(method):
            value = _field_value(node, name)
            if value is None or _is_none(value):
                continue
            made = _built_elements(value) if element else [_built_class(value)]
            if not made or any(m is None for m in made):
                return []
            built.update((ast.dump(m), m) for m in made if m is not None)
    return list(built.values()) if len(built) == 1 else []


def _built_class(value: ast.expr) -> ast.expr | None:
    """The class ``value`` builds: a call of a capitalized (dotted) name."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name | ast.Attribute):
        return value.func if last_name(value.func)[:1].isupper() else None
    return None


def _built_elements(value: ast.expr) -> list[ast.expr | None]:
    """The classes the elements of a list display or comprehension build (empty for anything else)."""
    if isinstance(value, ast.ListComp):
        return [_built_class(value.elt)]
    return [_built_class(e) for e in value.elts] if isinstance(value, ast.List) else []


def _loop_typed(name: str, func: ast.AST | None, cls: ast.AST | None) -> list[ast.expr]:
    """The classes of ``self.F``'s elements where every binding of ``name`` in ``func`` is a loop over that field
    (``for t in self.F``, ``for i, t in enumerate(self.F)``): its annotation's (``list[C]``) or the class each
    element it builds is (killers229: #37728's ``MultiGroupBlockTable.clear_row`` calls ``block_table.clear_row``
    for each of ``self.block_tables``)."""
    if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef) or not isinstance(cls, ast.ClassDef):
        return []
    stores = [n for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)]
    fields = [f for n in ast.walk(func) if isinstance(n, ast.For) for f in [_looped_field(n, name)] if f]
    if not fields or len(fields) != len(stores) or len(set(fields)) != 1:
        return []
    return _annotated_field(fields[0], cls) or _built_types(fields[0], cls, element=True)


def field_holder(call: ast.Call, parents: dict[int, ast.AST]) -> tuple[str, str] | None:
    """(class, method) where ``call``'s receiver is a field of that method's instance: ``self.F.hook()``, or a name
    every binding of which in the method is a loop over ``self.F`` (review138); None for any other receiver."""
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    func = parents.get(id(call))
    while func is not None and not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
        func = parents.get(id(func))
    cls = parents.get(id(func)) if func is not None else None
    if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef) or not isinstance(cls, ast.ClassDef):
        return None
    if receiver is not None and _self_field(receiver):
        return cls.name, func.name
    if not isinstance(receiver, ast.Name):
        return None
    stores = [
        n for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == receiver.id and isinstance(n.ctx, ast.Store)
    ]
    fields = [f for n in ast.walk(func) if isinstance(n, ast.For) for f in [_looped_field(n, receiver.id)] if f]
    return (cls.name, func.name) if fields and len(fields) == len(stores) else None


def enclosing_class(node: ast.AST, parents: dict[int, ast.AST]) -> ast.ClassDef | None:
    """The top-level class whose body holds ``node`` (a class nested in a function or class: None)."""
    up = parents.get(id(node))
    while up is not None and not isinstance(up, ast.ClassDef):
        up = parents.get(id(up))
    return up if isinstance(up, ast.ClassDef) and isinstance(parents.get(id(up)), ast.Module) else None


def replaces(cls: ast.ClassDef, method: str) -> bool:
    """``cls`` defines ``method`` in its body, once, and never calls ``super().method(...)`` there."""
    defs = [d for d in cls.body if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef) and d.name == method]
    return len(defs) == 1 and not any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == method
        and isinstance(n.func.value, ast.Call)
        and last_name(n.func.value.func) == "super"
        for n in ast.walk(defs[0])
    )


def _looped_field(loop: ast.For, name: str) -> str | None:
    """``F`` where ``loop`` binds ``name`` to each element of ``self.F`` (directly, or as ``enumerate``'s second)."""
    target, over = loop.target, loop.iter
    if isinstance(over, ast.Call) and last_name(over.func) == "enumerate" and len(over.args) == 1:
        target = target.elts[1] if isinstance(target, ast.Tuple) and len(target.elts) == 2 else target
        over = over.args[0] if target is not loop.target else over
    named = isinstance(target, ast.Name) and target.id == name
    return over.attr if named and isinstance(over, ast.Attribute) and _self_field(over) else None


def _stored_parameter_types(name: str, cls: ast.ClassDef) -> list[ast.expr]:
    """The annotations of the parameters the class's methods store in ``self.name`` unchanged; none when a
    method stores anything else there too (review132: ``self.experts = Wrapper(experts)`` in another method, an
    unannotated parameter, a local: the field may hold that at the call; None, a field cleared, holds nothing
    to call)."""
    found: list[ast.expr] = []
    for method in (m for m in cls.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))):
        every = [*method.args.posonlyargs, *method.args.args, *method.args.kwonlyargs]
        annotated = {a.arg: a.annotation for a in every if a.annotation is not None}
        for node in ast.walk(method):  # a parameter the method rebinds holds something else by the store
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                annotated.pop(node.id, None)
        for node in ast.walk(method):
            value = _field_value(node, name)
            if value is None or _is_none(value):
                continue
            if not (isinstance(value, ast.Name) and value.id in annotated):
                return []
            found += _classes_in(annotated[value.id])
    return found


def _field_value(node: ast.AST, name: str) -> ast.expr | None:
    """What ``node`` stores in ``self.name``: the value assigned, or the target itself where the field is one
    element of an unpacking (a value not read here); None when it stores nothing there."""
    if isinstance(node, ast.Assign):
        targets, value = node.targets, node.value
    elif isinstance(node, ast.AugAssign | ast.AnnAssign) and node.value is not None:
        targets, value = [node.target], node.value
    else:
        return None
    for target in targets:
        if isinstance(target, ast.Attribute) and _self_field(target) and target.attr == name:
            return value if isinstance(node, ast.Assign) else target
        if any(isinstance(e, ast.Attribute) and _self_field(e) and e.attr == name for e in ast.walk(target)):
            return target
    return None


def _classes_in(annotation: ast.expr) -> list[ast.expr]:
    """The dotted names an annotation holds, less the generics wrapping them (``type[X] | None`` -> X)."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        parsed = parsed_expression(annotation.value)
        if parsed is None:
            return []
        annotation = parsed
    skipped = {id(n.value) for n in ast.walk(annotation) if isinstance(n, ast.Subscript | ast.Attribute)}
    return [n for n in ast.walk(annotation) if isinstance(n, ast.Name | ast.Attribute) and id(n) not in skipped]


def _against(problem: str) -> str:
    """``call_problem`` speaks of a function that changed; here the fork's method never took the call."""
    return problem.replace("it no longer accepts", "the fork's method does not take").replace(
        "which it now requires", "which the fork's method requires"
    )


def _returns_value(func: _Def) -> bool:
    """``func`` itself returns something other than None somewhere (a generator counts: it returns one)."""
    return any(v is None or not (isinstance(v, ast.Constant) and v.value is None) for v in own_returns(func))


def _never_returns(func: _Def) -> bool:
    """Every path of ``func`` raises: its body ends in ``raise`` and it has no ``return`` of its own."""
    return _raises_last(func) and not any(isinstance(node, ast.Return) for node in own_nodes(func.body))


def _raises_last(func: _Def) -> bool:
    """A body ending in ``raise``: the fork's method refuses on purpose, not by returning nothing."""
    return bool(func.body) and isinstance(func.body[-1], ast.Raise)


def plain_value(expr: ast.expr | None) -> bool:
    """A value no call can be made of, by its text alone (``None``, a number, a string, a container, a test):
    a fork attribute bound to one, called where upstream now calls a method of its name, raises TypeError."""
    return isinstance(expr, _PLAIN)


def stored_value(func: _Def, line: int, name: str) -> ast.expr | None:
    """The value ``func`` assigns to ``self.name`` on ``line`` (``self.name = v``, ``self.name: T = v``), or
    None (an augmented or unpacked store: its value is not one expression's)."""
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and node.lineno == line:
            targets = node.targets
        elif isinstance(node, ast.AnnAssign) and node.lineno == line:
            targets = [node.target]
        else:
            continue
        if any(_self_field(t) and isinstance(t, ast.Attribute) and t.attr == name for t in targets):
            return node.value
    return None
