"""Function signatures as values, and the two questions symbol drift asks of them.

Does this call still bind to the function?  Does this override still accept what the base method's
callers pass?  Each is asked twice, before and after the merge: only a yes turned into a no is drift.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

_NOT_CALLABLE = frozenset({"property", "cached_property", "overload"})


@dataclass(frozen=True)
class Sig:
    positional: tuple[str, ...]  # positional-only first, then positional-or-keyword
    posonly: int
    defaults: int  # how many trailing positional parameters have defaults
    kwonly: tuple[str, ...]
    kwonly_required: frozenset[str]
    varargs: bool
    varkw: bool

    def required(self, name: str) -> bool:
        """``name`` is a parameter a caller must fill (positional without a default, or keyword-only)."""
        if name in self.kwonly_required:
            return True
        if name not in self.positional:
            return False
        return self.positional.index(name) < len(self.positional) - self.defaults

    def show(self) -> str:
        parts = list(self.positional)
        if self.varargs:
            parts.append("*args")
        elif self.kwonly:
            parts.append("*")
        parts += list(self.kwonly)
        if self.varkw:
            parts.append("**kwargs")
        return f"({', '.join(parts)})"


def decorator_names(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    return names_of(node.decorator_list)


def names_of(decorators: list[ast.expr]) -> set[str]:
    """``@torch.compile(dynamic=True)`` -> ``compile``: the last name of each decorator."""
    names = set()
    for dec in decorators:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if isinstance(target, ast.Attribute):
            names.add(target.attr)
        elif isinstance(target, ast.Name):
            names.add(target.id)
    return names


def is_docstring(stmt: ast.stmt) -> bool:
    """A statement that is a string literal alone: a docstring when it comes first."""
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def is_static(node: ast.AST) -> bool:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and "staticmethod" in decorator_names(node)


def is_classmethod(node: ast.AST) -> bool:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and "classmethod" in decorator_names(node)


def signature(node: ast.AST, bound: bool) -> Sig | None:
    """The parameters a caller fills; ``bound`` drops self/cls.  None for non-functions and properties."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or decorator_names(node) & _NOT_CALLABLE:
        return None
    args = node.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    posonly = len(args.posonlyargs)
    if bound and not is_static(node):
        if not positional:
            return None if args.vararg is None else _sig(args, positional, posonly)
        positional, posonly = positional[1:], max(posonly - 1, 0)
    return _sig(args, positional, posonly)


def lambda_signature(node: ast.Lambda) -> Sig:
    """The parameters a caller of the lambda fills (a lambda is never bound: it takes ``self`` as any other)."""
    args = node.args
    return _sig(args, [a.arg for a in (*args.posonlyargs, *args.args)], len(args.posonlyargs))


def _sig(args: ast.arguments, positional: list[str], posonly: int) -> Sig:
    required_kw = frozenset(a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is None)
    return Sig(
        tuple(positional),
        posonly,
        min(len(args.defaults), len(positional)),
        tuple(a.arg for a in args.kwonlyargs),
        required_kw,
        args.vararg is not None,
        args.kwarg is not None,
    )


class PartialCall(ast.Call):
    """``functools.partial(f, a, k=v)`` as the call of ``f`` it prepares: the arguments it binds now,
    the rest passed later (so a parameter it leaves out is not missing)."""


def call_problem(call: ast.Call, sig: Sig) -> str | None:
    """Why this call does not bind to ``sig``, or None (also None when ``*``/``**`` make it unknowable).  A
    ``**mapping`` fills keywords only: too many positional arguments, a keyword spelt out that the function
    does not take, or one spelt twice fail whatever it holds (#18802: ``super().__init__(model, tokenizer,
    **kwargs)`` once ``LLM``'s parameters after ``model`` were made keyword-only); only what it may supply,
    a required parameter, stays unknown.  A ``*args`` splat leaves the positions unknown, but not a keyword
    spelt out that no parameter takes (killers158: #29352 renamed ``split_batch_to_prefill_and_decode``'s
    ``num_padded_decodes``; ``f(*args, num_padded_decodes=n)`` fails whatever ``args`` holds)."""
    if any(isinstance(a, ast.Starred) for a in call.args):
        return _not_taken(call, sig)
    given = len(call.args)
    if given > len(sig.positional) and not sig.varargs:
        return f"passes {given} positional argument(s), it takes {len(sig.positional)}"
    unknown = _not_taken(call, sig)
    if unknown is not None:
        return unknown
    twice = given_twice(call, sig)
    if twice:
        places = ", ".join(f"{k} as argument {sig.positional.index(k) + 1} and as {k}=" for k in twice)
        return f"passes {places}: twice"
    if isinstance(call, PartialCall):
        return None  # what it leaves out comes with the later call
    unfilled = [p for p in sig.positional[given : sig.posonly] if sig.required(p)]
    if unfilled:  # #49686: ``hash_kwargs(cls, algorithm, /, **kwargs)``: no keyword, no mapping fills it
        return f"does not pass {', '.join(unfilled)} (positional-only), which it now requires"
    if any(k.arg is None for k in call.keywords):
        return None  # what it leaves out may come in the mapping
    named = [k.arg for k in call.keywords if k.arg is not None]
    required = sig.positional[given : len(sig.positional) - sig.defaults]
    missing = [p for p in required if p not in named] + sorted(sig.kwonly_required - set(named))
    if missing:
        return f"does not pass {', '.join(missing)}, which it now requires"
    return None


def _not_taken(call: ast.Call, sig: Sig) -> str | None:
    """The keywords the call spells out that no parameter of ``sig`` takes by name (no ``**kwargs`` to take
    them): TypeError whatever else the call passes."""
    accepted = set(sig.positional[sig.posonly :]) | set(sig.kwonly)
    unknown = [k.arg for k in call.keywords if k.arg is not None and k.arg not in accepted]
    if unknown and not sig.varkw:
        return f"passes {', '.join(f'{k}=' for k in unknown)}, which it no longer accepts"
    return None


def partial_left_short(call: ast.Call, old: Sig, new: Sig, module: ast.Module | None = None) -> str | None:
    """Why a ``functools.partial`` that bound every parameter the function required before now leaves one
    out, or None.  The partial was complete (its later call, written against the old signature, passes
    nothing it needs), and upstream made the function require a parameter it did not take at all
    (#26943: ``benchmark`` gained a required ``num_warmups``): no later call written before it was added
    can pass it.  None when the old signature took ``*args`` / ``**kwargs`` (the later call may pass
    anything), the partial spreads ``*`` / ``**`` (what it binds is unknown), or a later call the
    ``module`` makes of it passes the new parameter or spreads ``*`` / ``**`` (``later_fills``)."""
    if not isinstance(call, PartialCall) or old.varargs or old.varkw:
        return None
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    given, named = len(call.args), {k.arg for k in call.keywords}
    needed = [p for p in old.positional[given:] if old.required(p)] + sorted(old.kwonly_required)
    if any(p not in named for p in needed):
        return None  # the later call fills some of what the function requires: it may fill the new one too
    taken = set(old.positional) | set(old.kwonly)
    short = [p for p in new.positional[given:] if new.required(p) and p not in named and p not in taken]
    short += sorted(k for k in new.kwonly_required if k not in named and k not in taken)
    if not short or (module is not None and later_fills(module, call, set(short))):
        return None
    return (
        f"binds every parameter it required before and leaves out {', '.join(short)}, which it now requires: "
        "the partial's later call, written before the parameter existed, does not pass it"
    )


def later_fills(module: ast.Module, partial: ast.Call, names: set[str]) -> bool:
    """Whether the partial's later call in ``module`` is the one to judge: a call the checker spells out as
    the call it makes (the partial's arguments merged in, held_partials.py), or one that passes one of
    ``names`` by keyword or spreads ``*`` / ``**``.  Either way the fork may have added the new parameter
    where the partial is called, not where it is made (``run = partial(f, ...)`` ... ``run(num_warmups=0)``,
    a retry on TypeError, a factory's caller's ``make(...)(num_warmups=0)``), and a later call that leaves it
    out is caught there.  Spelled out: the calls of a local name a statement on the partial's line binds it
    to (in that function), of an attribute (``self.run``, anywhere in the module), of the result of the
    function returning it from that line, or of a name bound to that function's call.  Judged here by what
    they pass: a second ``partial(run, num_warmups=0)``, and the calls of the parameter of a function of
    the module the partial is handed to (``run_warm(partial(f, ...))``)."""
    scope = _innermost_def(module, partial.lineno)
    held: dict[str, ast.AST] = {}  # holder -> the tree its later calls sit in
    makers: set[str] = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Return) and node.lineno == partial.lineno and scope is not None:
            makers.add(scope.name)
    for node in ast.walk(module):
        if isinstance(node, ast.Assign | ast.AnnAssign) and (
            node.lineno == partial.lineno or _makes(node.value, makers)
        ):
            where = _innermost_def(module, node.lineno) or module
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name | ast.Attribute):
                    held[_last(target)] = where if isinstance(target, ast.Name) else module
    handed = _handed_to(module, partial.lineno)
    calls = [(c, name) for name, tree in {**held, **handed}.items() for c in ast.walk(tree) if isinstance(c, ast.Call)]
    calls += [(c, "") for c in ast.walk(module) if makers and isinstance(c, ast.Call)]
    for call, name in calls:
        if call.lineno == partial.lineno or not _calls_held(call, name, makers):
            continue
        spelled = name not in handed and _last(call.func) != "partial"
        if spelled or _may_pass(call, names):
            return True
    return False


def _makes(value: ast.expr | None, makers: set[str]) -> bool:
    """``make = chat_factory(...)``: a call of a function that returns the partial."""
    return isinstance(value, ast.Call) and _last(value.func) in makers


def _handed_to(module: ast.Module, line: int) -> dict[str, ast.AST]:
    """The parameters (with their function) that the module's own functions take a partial made on ``line``
    as, where a call hands it to them by position or keyword."""
    defs = {n.name: n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    found: dict[str, ast.AST] = {}
    for call in (n for n in ast.walk(module) if isinstance(n, ast.Call) and _last(n.func) in defs):
        target = defs[_last(call.func)]
        params = [p.arg for p in [*target.args.posonlyargs, *target.args.args]]
        params = params[1:] if params[:1] in (["self"], ["cls"]) and isinstance(call.func, ast.Attribute) else params
        handed = [(params[i] if i < len(params) else "", a) for i, a in enumerate(call.args)]
        handed += [(k.arg or "", k.value) for k in call.keywords]
        for name, value in handed:
            if name and isinstance(value, ast.Call) and value.lineno == line and _last(value.func) == "partial":
                found[name] = target
    return found


def _innermost_def(module: ast.Module, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    defs = [
        n
        for n in ast.walk(module)
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.lineno <= line <= (n.end_lineno or n.lineno)
    ]
    return max(defs, key=lambda n: n.lineno) if defs else None


def _calls_held(call: ast.Call, name: str, makers: set[str]) -> bool:
    """The call is of the holder ``name`` (or of a maker's result), or a ``partial`` binding more of it."""
    func = call.args[0] if _last(call.func) == "partial" and call.args else call.func
    if name:
        return _last(func) == name
    return isinstance(func, ast.Call) and _last(func.func) in makers


def _may_pass(call: ast.Call, names: set[str]) -> bool:
    return any(k.arg is None or k.arg in names for k in call.keywords) or any(
        isinstance(a, ast.Starred) for a in call.args
    )


def _last(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def given_twice(call: ast.Call, sig: Sig) -> list[str]:
    """Parameters the call fills by position and names too: TypeError "got multiple values" (a
    positional-only one named goes to ``**kwargs``, or is a keyword the function does not accept)."""
    filled = sig.positional[sig.posonly : min(len(call.args), len(sig.positional))]
    return [k.arg for k in call.keywords if k.arg is not None and k.arg in filled]


def override_problem(override: Sig, base: Sig) -> str | None:
    """Why an override no longer accepts what callers of the base method pass, or None."""
    if override.varargs and override.varkw:
        return None
    for i, name in enumerate(base.positional):
        if i < len(override.positional):
            if override.positional[i] != name and i >= base.posonly:
                return f"parameter {i + 1} is {name!r} in the base, {override.positional[i]!r} in the override"
        elif not override.varargs and not (override.varkw and not base.required(name) and i >= base.posonly):
            # an optional parameter the base gained lands in the override's ``**kwargs`` when passed by
            # keyword, as a new option is (#38270: ``initialize_kv_cache(..., is_profiling=True)``)
            return f"the base takes {name!r} (parameter {i + 1}); the override does not"
    extra = override.positional[len(base.positional) :]
    required_extra = [
        p for i, p in enumerate(override.positional) if p in extra and i < len(override.positional) - override.defaults
    ]
    if required_extra:
        return f"the override requires {', '.join(required_extra)}, which callers of the base do not pass"
    accepts = set(override.positional[override.posonly :]) | set(override.kwonly)
    lost = [k for k in base.kwonly if k not in accepts]
    if lost and not override.varkw:
        return f"the base takes keyword-only {', '.join(lost)}; the override does not"
    extra_kw = sorted(override.kwonly_required - set(base.kwonly) - set(base.positional))
    if extra_kw:
        return f"the override requires keyword-only {', '.join(extra_kw)}, which the base does not take"
    if base.varargs and not override.varargs:
        return "the base takes *args; the override does not"
    if base.varkw and not override.varkw:
        return "the base takes **kwargs; the override does not"
    return None


def newly_optional(override: Sig, old: Sig, new: Sig) -> list[str]:
    """Parameters the base required and now defaults that the override still requires: a caller of
    the base may now leave them out, and the override raises TypeError for it."""
    found = [p for p in new.positional if old.required(p) and not new.required(p) and override.required(p)]
    found += [k for k in new.kwonly if old.required(k) and not new.required(k) and override.required(k)]
    return found


def renamed_only(override: Sig, old: Sig, new: Sig) -> list[str]:
    """The base's new names for parameters it only renamed, where the override kept the old names and
    matches the base otherwise: a caller passing them by position still fits the override; only one
    passing a new name by keyword does not.  Empty for any other change."""
    if override.positional != old.positional or len(new.positional) != len(old.positional):
        return []
    if (old.defaults, old.kwonly, old.varargs, old.varkw) != (new.defaults, new.kwonly, new.varargs, new.varkw):
        return []
    renamed = [(o, n) for o, n in zip(old.positional, new.positional, strict=True) if o != n]
    if any(n in old.positional or o in new.positional for o, n in renamed):
        return []  # parameters reordered, not renamed
    return [n for _, n in renamed]


def same_annotations(old: ast.AST, new: ast.AST, names: list[str]) -> bool:
    """Each of ``names`` (new parameter names of ``new``) is annotated, and as the parameter in its slot
    of ``old`` was: a rename that kept the type (``torch_dtype: torch.dtype`` -> ``dtype: torch.dtype``),
    not one that says the value means something else (``preempted_req_ids: set[str]`` -> ``metadata: M``)."""
    if not isinstance(old, ast.FunctionDef | ast.AsyncFunctionDef) or not isinstance(
        new, ast.FunctionDef | ast.AsyncFunctionDef
    ):
        return False
    before, after = [*old.args.posonlyargs, *old.args.args], [*new.args.posonlyargs, *new.args.args]
    if len(before) != len(after):
        return False
    for was, now in zip(before, after, strict=True):
        if now.arg in names and (
            now.annotation is None or was.annotation is None or ast.dump(was.annotation) != ast.dump(now.annotation)
        ):
            return False
    return True
