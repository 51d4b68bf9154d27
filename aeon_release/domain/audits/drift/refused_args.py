"""Arguments upstream's function now refuses: a fork call passing a combination a new guard at the top of the
function raises for.

#39098 put at the top of model runner v2's ``_dummy_run``::

    if skip_attn and not is_profile:
        raise ValueError("skip_attn must only be True for initial memory profiling.")

(and flipped ``skip_attn``'s default to False).  A fork's warmup ``self._dummy_run(n, skip_attn=True)`` merges
cleanly and raises at startup.  No name moved: only the values the function accepts.  Refused values
(refused_values.py) reads a class's validators; this is a function's or method's own guard.

A guard is an ``if`` among the function's leading statements (before any that may return or call on ``self``)
whose body raises at its top level and whose test reads nothing but parameters the function never rebinds, and
constants.  A fork-owned call passing a constant (by keyword or position) is refused when a guard of upstream's
function holds for its values (the rest at the signature's constant defaults; a value not known decides
nothing) while no guard of the base's function does.  The callee is tied by the fork's import: ``self.m(...)``
or ``super().m(...)`` in a class whose base is the method's class, ``r.m(...)`` of a name annotated with it or
bound to a call of it, ``f(...)`` of the imported function.  A call with ``*args``/``**kwargs``, inside
``pytest.raises`` or a ``try`` catching the error, or the fork's own copy already carrying the guard, is quiet;
so is ``self.m(...)`` where a fork base (the class's file's, or a fork file's it imports) defines ``m`` or a
method stores ``self.m = ...``.

A torch dtype is a constant too, and a guard may read what a dtype parameter says of itself: #31061 put
``if input_dtype is not None and input_dtype.itemsize == 1: raise RuntimeError("Marlin W8A8 is not
supported.")`` at the top of ``prepare_fp8_layer_for_marlin``; a fork's ``prepare_fp8_layer_for_marlin(layer,
input_dtype=torch.float8_e4m3fn)`` now raises.  ``torch.<dtype>`` passed is known by its ``itemsize`` and
``is_floating_point``, and a guard may read those two off a parameter (nothing else off it).  A ``try`` around
the call that catches the class the guard raises (``RuntimeError`` there, which no refusal handler names)
already answers the refusal: quiet.

An ``assert`` among those leading statements is a guard too (its test negated; it raises AssertionError), and a
guard may refuse any value at all: #25914 opened ``PunicaWrapperGPU.add_lora_linear`` with ``assert buffer is
None`` (the wrapper builds its own shrink buffer now); a fork's ``punica.add_lora_linear(y, x, a, b, 1.0,
slices, buffer=buf)`` merges cleanly and fails its first LoRA batch.  Such a guard (``p is not None``, or
``assert p is None``) holds for a keyword argument known not to be None though its value is not a constant: a
display (list, tuple, dict, set, comprehension, f-string, lambda), a torch tensor factory's call
(``torch.empty(...)``), a parameter of the enclosing function annotated with a type that admits no None and
given no None default, or a local bound once to one of those.  Only a keyword argument is read so, and only
when upstream's diff added such a guard line naming it (the fork's lines are gated on ``name=``).

A classmethod's guard may ask which class it was called off (killers204): #22734 (0933f9d518) opened
``KVConnectorBase_V1.get_required_kvcache_layout`` with ``if cls is KVConnectorBase_V1: raise TypeError(...)``
(the base has no layout to give; ask the connector's class).  A fork's layout helper copying the old
``MultiConnector`` line, ``KVConnectorBase_V1.get_required_kvcache_layout(config)``, merges cleanly and raises
at startup.  Such a test (``cls is C``/``cls == C``, ``C`` the method's own class) is read with ``cls`` known
only for a call made off ``C`` itself (imported from upstream's module, or off a module alias of it): a call off
a subclass, ``super()`` in a subclass's classmethod or ``cls.m(...)`` leaves ``cls`` unknown and decides nothing.
Only names an added line tests so (``if cls is C``) are read as receivers.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits import linear
from aeon_release.domain.audits.diffs import upstream_changed
from aeon_release.domain.audits.drift.dropped_choices import expects_refusal
from aeon_release.domain.audits.drift.fallbacks import caught_around, version_gated
from aeon_release.domain.audits.drift.own_fields import defines
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.raised_kinds import builtin_subclass
from aeon_release.domain.audits.drift.refused_values import _holds
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_texts
from aeon_release.domain.audits.drift.stored_tuples import (
    Lineage,
    imported_lineage,
    own_class,
    receiver_owners,
    stores,
    whole_lineage,
)
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python

# a call with a constant argument (``f(x, flag=True``, ``f(4, "eager"``)
# on RE2: ``[^)]*`` ran to the line's end from every ``name(`` of a long line on ``re`` (sweep 22's lines)
_CONSTANT_ARGUMENT = linear.Scan(r"\w\((?:[^)]*[,=])?\s*(?:True|False|None|-?\d|['\"]|torch\.\w)")
# a keyword argument on a line of its own in a call spread over lines (``    local_rank=-1,``; killers180)
_CONSTANT_KEYWORD = linear.Scan(r"^\s*\w+=(?:True|False|None|-?\d|['\"]|torch\.\w)")
# a quoted key given a value: a dict display's entry or a subscript store (``{"model_type": "x"}``, ``d["k"] = 1``)
_KEYED_CONSTANT = linear.Scan(r"[\"'][\w.-]+[\"']\s*(?::|\]\s*=[^=])\s*(?:True|False|None|-?\d|['\"])")
# the pseudo-parameter a guard reads for a key of a dict parameter (``pre.get("model_type")``)
_KEY_MARK = "__key__"
# an upstream line binding a local to a quoted key of a name (``model_type = pre.get("model_type", "llama")``)
_KEY_LOCAL = lazy_pattern(r"""^\s*\w+\s*=\s*\w+(?:\.get\(|\[)\s*["'][\w.-]+["']""")
_PSEUDO = lazy_pattern(r"\b(\w+?)__key__(\w+)")
# a dict's own methods that may write keys into it
_DICT_WRITERS = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__"})
_REFUSALS = frozenset(
    {"ValueError", "TypeError", "AssertionError", "NotImplementedError", "Exception", "BaseException"}
)
# a test that asks what the callee accepts: ``inspect.signature(f)``, ``hasattr(r, "m")``
_FEATURE_TESTS = frozenset({"signature", "getfullargspec", "getargspec", "hasattr"})
_MOST_FILES = 64
# an upstream line refusing a classmethod's call off its own class: ``if cls is KVConnectorBase_V1:`` (killers204)
_REFUSES_OWN = lazy_pattern(r"^(?:if|assert) (?:not )?cls (?:is|==|is not|!=) ([A-Z]\w*)\b")
# the receiver ``cls`` is when a call is made off the class itself: compared by identity with the class's name
_OWN_CLASS = object()
# an upstream line refusing any value of a parameter: ``assert buffer is None``, ``if buffer is not None:``
_REFUSES_ANY = lazy_pattern(r"^(?:assert (\w+) is None\b|if (\w+) is not None:)")
# calls whose value is a tensor (never None): what a fork binds a buffer to
_TENSOR_FACTORIES = frozenset(
    {
        "empty", "zeros", "ones", "full", "tensor", "arange", "rand", "randn", "randint", "as_tensor",
        "empty_like", "zeros_like", "ones_like", "full_like", "empty_strided", "from_numpy",
    }
)  # fmt: skip
_DISPLAYS = (
    ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
    ast.JoinedStr, ast.Lambda,
)  # fmt: skip
# what an annotation that admits None names
_NONE_ADMITTING = frozenset({"Optional", "Any", "object", "None"})
_UNKNOWN = object()
# what a torch dtype says of itself, for the dtypes a call names as ``torch.<name>``: (itemsize, floating)
_DTYPES: dict[str, tuple[int, bool]] = {
    **dict.fromkeys(
        ("float8_e4m3fn", "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu"), (1, True)
    ),
    **dict.fromkeys(("int8", "uint8", "bool"), (1, False)),
    **dict.fromkeys(("float16", "half", "bfloat16"), (2, True)),
    **dict.fromkeys(("int16", "short", "uint16"), (2, False)),
    **dict.fromkeys(("float32", "float"), (4, True)),
    **dict.fromkeys(("int32", "int", "uint32"), (4, False)),
    **dict.fromkeys(("float64", "double"), (8, True)),
    **dict.fromkeys(("int64", "long", "uint64"), (8, False)),
}
_DTYPE_FIELDS = ("itemsize", "is_floating_point")


@dataclass(frozen=True)
class _Dtype:
    """A ``torch.<name>`` a call passes: not None, and known by what ``_DTYPE_FIELDS`` read off it."""

    name: str

    def field(self, attr: str) -> object:
        size, floating = _DTYPES[self.name]
        return size if attr == "itemsize" else floating


@dataclass(frozen=True)
class Call:
    path: str
    line: int
    name: str  # the function's or method's name
    owners: frozenset[tuple[str, str]]  # (module, class) for a method, (module, name) for a function
    method: bool
    node: ast.Call
    checked: bool = False  # under a feature or version test: the fork may already split on upstream's release
    handled: frozenset[str] = frozenset()  # the exception classes a ``try`` around the call catches
    present: frozenset[str] = frozenset()  # keywords passed a value known not to be None (not a constant)
    receiver: str = ""  # the class the call is made off itself (``Cls.m(...)``), for a classmethod's ``cls``
    # the dicts the call hands over whose keys the fork's function shows: (slot "#i" or keyword, (key, value)...,
    # whether a key not shown is absent)
    dicts: tuple[tuple[str, tuple[tuple[str, object], ...], bool], ...] = ()
    # the fork's function holding the call, read for the dicts it hands over only when a guard reads a key
    scope: ast.FunctionDef | ast.AsyncFunctionDef | None = None


@dataclass(frozen=True)
class Guarded:
    """A function's parameters in order, their constant defaults, and its guards (line, test)."""

    params: tuple[str, ...]
    defaults: tuple[tuple[str, object], ...]
    guards: tuple[tuple[int, ast.expr], ...]
    positional: tuple[str, ...] = ()  # the parameters a positional argument reaches, in order
    star: bool = False  # ``*args``: positionals past those go there
    bound: bool = False  # a method taking ``self``/``cls`` first (not a staticmethod): a call skips it
    kinds: tuple[tuple[int, str], ...] = ()  # (a guard's line, the class its raise names; "" when not read)
    # a classmethod's (first parameter, its class's name): a guard may compare the one with the other
    own: tuple[str, ...] = ()
    # a key of a dict parameter a guard reads through a local (#43132): (pseudo-parameter, parameter, key), and
    # what a ``.get`` answers for a key the dict lacks
    keyed: tuple[tuple[str, str, str], ...] = ()
    key_defaults: tuple[tuple[str, object], ...] = ()


def refused_arg_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    keyed = any(path.endswith(".py") for path, _ in trees.upstream.added_lines().added_matches(_KEY_LOCAL))
    calls = list(_fork_calls(trees, _refused_any(trees), _refused_own(trees), keyed))
    if not calls:
        return []
    paths = [p for p in upstream_changed(trees.repo, trees.base, trees.theirs) if p.endswith(".py")]
    # a class built is found by its ``class`` line (its ``__init__`` holds the guards; killers180)
    words = tuple(sorted({f"def {c.name}(" for c in calls} | {f"class {c.name}" for c in calls if not c.method}))
    holding = sorted(trees.upstream_files_with(words, paths))[:_MOST_FILES]
    before, after = both_texts(trees, holding)
    wanted = _wanted(calls)  # perf47: only the functions a fork call can reach are read (and what they forward to)
    defs = {p: (_guarded(before[p], p, keyed, wanted), _guarded(after[p], p, keyed, wanted)) for p in holding}
    findings = []
    for call in calls:
        for path, (was, now) in defs.items():
            key = _key(call, dotted_name(path), now)
            guard = _newly_refusing(call, was.get(key), now[key]) if key is not None else None
            if key is None or guard is None or _handled(call, now[key], guard[0]):
                continue
            if not _carried(trees, path, key, guard):
                commit = trees.upstream_commit(path, r"raise|assert|^[[:space:]]+if ", pr_pattern)
                findings.append(_finding(call, path, key, guard, commit, dict(now[key].kinds).get(guard[0], "")))
    return findings


def _key(call: Call, module: str, now: dict[str, Guarded]) -> str | None:
    """The qualified name (``Cls.m`` or ``f``) in upstream's module the call reaches, if it has guards."""
    for owner_module, owner in call.owners:
        keys = [f"{owner}.{call.name}"] if call.method else [owner, f"{owner}.__init__"]  # a class built: its __init__
        for key in keys:
            if owner_module == module and key in now and now[key].guards:
                return key
    return None


def _newly_refusing(call: Call, was: Guarded | None, now: Guarded) -> tuple[int, ast.expr] | None:
    values = _values(call, now)
    if values is None:
        return None
    old = _values(call, was) if was is not None else {}
    if was is not None and (old is None or any(_holds(_judged(t), old) is not False for _, t in was.guards)):
        return None  # the base refused it already, or may have
    present = {k for k in call.present if k in now.params}
    if was is not None and any(_refuses_any(t) in present for _, t in was.guards):
        return None
    return next(
        ((line, t) for line, t in now.guards if _holds(_judged(t), values) is True or _refuses_any(t) in present),
        None,
    )


def _refuses_any(test: ast.expr) -> str | None:
    """The parameter a guard refuses every value of but None (``p is not None``, an ``assert p is None``
    negated), or None for a guard of another shape."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner, negated = test.operand, True
    else:
        inner, negated = test, False
    if not (isinstance(inner, ast.Compare) and len(inner.ops) == 1 and isinstance(inner.left, ast.Name)):
        return None
    right, op = inner.comparators[0], inner.ops[0]
    if not (isinstance(right, ast.Constant) and right.value is None):
        return None
    refuses = isinstance(op, ast.Is) if negated else isinstance(op, ast.IsNot)
    return inner.left.id if refuses else None


def _refused_any(trees: ThreeTrees) -> frozenset[str]:
    """The parameter names an upstream line added refuses every value of (``assert p is None``)."""
    found = trees.upstream.added_lines().added_matches(_REFUSES_ANY)
    return frozenset(m.group(1) or m.group(2) for path, m in found if path.endswith(".py"))


def _refused_own(trees: ThreeTrees) -> frozenset[str]:
    """The classes an upstream line added refuses a classmethod's call off (``if cls is C:``): every match holds
    ``cls ``, so a file's diff without it is passed over by a ``str`` search (perf47: 3.8 -> 0.9 ms at 150 commits)."""
    found = trees.upstream.added_lines().added_matches(_REFUSES_OWN, "cls ")
    return frozenset(m.group(1) for path, m in found if path.endswith(".py"))


def _present(call: ast.Call, parents: dict[int, ast.AST], names: frozenset[str]) -> frozenset[str]:
    """The keywords among ``names`` the call passes a value known not to be None, not being a constant."""
    return frozenset(k.arg for k in call.keywords if k.arg in names and _not_none(k.value, _function_of(call, parents)))


def _function_of(node: ast.AST, parents: dict[int, ast.AST]) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    up = parents.get(id(node))
    while up is not None and not isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef):
        up = parents.get(id(up))
    return up


def _not_none(value: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef | None, follow: bool = True) -> bool:
    """A display, a torch tensor factory's call, or (``follow``) a name the function binds to one, once, or
    takes as a parameter annotated with a type admitting no None and given no None default."""
    if isinstance(value, _DISPLAYS):
        return True
    if isinstance(value, ast.Call):
        func_name = value.func
        return (
            isinstance(func_name, ast.Attribute)
            and isinstance(func_name.value, ast.Name)
            and func_name.value.id == "torch"
            and func_name.attr in _TENSOR_FACTORIES
        )
    if not (follow and func is not None and isinstance(value, ast.Name)):
        return False
    stores = [
        n for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == value.id and isinstance(n.ctx, ast.Store)
    ]
    param = _parameter(func, value.id)
    if param is not None:
        return not stores and param
    if len(stores) != 1:
        return False
    bound = [a for a in ast.walk(func) if isinstance(a, ast.Assign) and any(t is stores[0] for t in a.targets)]
    return len(bound) == 1 and _not_none(bound[0].value, func, follow=False)


def _parameter(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool | None:
    """For a parameter of ``func`` named ``name``: whether its annotation admits no None and its default is not
    None; None when ``func`` takes no such parameter."""
    args = func.args
    positional = [*args.posonlyargs, *args.args]
    defaults: dict[str, ast.expr | None] = dict.fromkeys(a.arg for a in [*positional, *args.kwonlyargs])
    defaults |= {
        a.arg: d for a, d in zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)
    }
    defaults |= {a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)}
    arg = next((a for a in [*positional, *args.kwonlyargs] if a.arg == name), None)
    if arg is None:
        return None
    default = defaults.get(name)
    if default is not None and isinstance(default, ast.Constant) and default.value is None:
        return False
    return arg.annotation is not None and _admits_no_none(arg.annotation)


def _admits_no_none(annotation: ast.expr) -> bool:
    """A type spelt out (``torch.Tensor``, ``list[int]``) naming neither None, ``Optional``, ``Any`` nor
    ``object``; a quoted annotation or a one-letter name (a type variable) is not read."""
    if isinstance(annotation, ast.Name) and len(annotation.id) == 1:
        return False
    for node in ast.walk(annotation):
        if isinstance(node, ast.Constant):
            return False
        if isinstance(node, ast.Name | ast.Attribute) and last_name(node) in _NONE_ADMITTING:
            return False
    return True


def _judged(test: ast.expr) -> ast.expr:
    """The guard as refused_values evaluates it: each parameter a field, and ``p.itemsize`` (a dtype's own
    field) the field ``p__itemsize`` that ``_values`` fills from the dtype passed."""

    class _Own(ast.NodeTransformer):
        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            if isinstance(node.value, ast.Name) and node.attr in _DTYPE_FIELDS:
                return ast.Name(f"{node.value.id}__{node.attr}", ast.Load())
            return self.generic_visit(node)

    out = _Own().visit(_copy(test))
    return _as_fields(out if isinstance(out, ast.expr) else test)


def _values(call: Call, fn: Guarded) -> dict[str, object] | None:
    """Parameter -> the constant the call passes or the default holds; None for a call not mapped."""
    node = call.node
    if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
        return None
    params = fn.positional[1:] if fn.bound else fn.positional
    if (len(node.args) > len(params) and not fn.star) or not {k.arg for k in node.keywords} <= set(fn.params):
        return None
    if call.receiver and fn.bound and not fn.own:
        return None  # an instance method called off its class: the instance is the first argument
    values = dict(fn.defaults)
    values |= _receiver(call, fn)
    values |= {p: _constant(a) for p, a in zip(params, node.args, strict=False)}
    values |= {k.arg: _constant(k.value) for k in node.keywords if k.arg is not None}
    values |= _key_values(call, fn, params)
    values |= {
        f"{k}__{attr}": v.field(attr) for k, v in values.items() if isinstance(v, _Dtype) for attr in _DTYPE_FIELDS
    }
    return {k: v for k, v in values.items() if v is not _UNKNOWN}


def _key_values(call: Call, fn: Guarded, params: tuple[str, ...]) -> dict[str, object]:
    """Each key a guard reads off a dict parameter, as the dict the call hands over holds it: its constant, or
    the ``.get`` default for a key a closed dict lacks."""
    if not fn.keyed:
        return {}
    handed = call.dicts or _handed_dicts(call.node, call.scope)
    dicts = {slot: (dict(keys), closed) for slot, keys, closed in handed}
    defaults = dict(fn.key_defaults)
    found: dict[str, object] = {}
    for pseudo, param, key in fn.keyed:
        slot = f"#{params.index(param)}" if param in params else param
        shown = dicts.get(slot) or dicts.get(param)
        if shown is None:
            continue
        keys, closed = shown
        if key in keys:
            found[pseudo] = keys[key]
        elif closed and pseudo in defaults:
            found[pseudo] = defaults[pseudo]
    return found


def _receiver(call: Call, fn: Guarded) -> dict[str, object]:
    """A classmethod's class name, and its ``cls`` when the call is made off that class itself: a guard's ``cls is
    C`` holds then, and is unknown for any other receiver (a subclass, ``super()``, ``cls``)."""
    if not fn.own:
        return {}
    first, own = fn.own
    return {own: _OWN_CLASS, **({first: _OWN_CLASS} if call.receiver == own else {})}


def _constant(node: ast.expr) -> object:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "torch":
        return _Dtype(node.attr) if node.attr in _DTYPES else _UNKNOWN
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):  # ``-1`` (killers180)
        number = node.operand.value if isinstance(node.operand, ast.Constant) else None
        if isinstance(number, int | float) and not isinstance(number, bool):
            return -number if isinstance(node.op, ast.USub) else number
    return node.value if isinstance(node, ast.Constant) else _UNKNOWN


def _as_fields(test: ast.expr) -> ast.expr:
    """The test with each parameter read as a field (``x`` -> ``self.x``): refused_values evaluates those."""

    class _Fields(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            return ast.Attribute(ast.Name("self", ast.Load()), node.id, ast.Load())

    out = _Fields().visit(_copy(test))
    return out if isinstance(out, ast.expr) else test


def _copy(test: ast.expr) -> ast.expr:
    # a parsed node's unparse: ``ast.unparse`` runs out of stack before any text too deep for the parser comes out
    # (a cut tree's on the audit's rerun), and writes a NUL as an escape: this parse is as safe as parse_python's
    return ast.parse(ast.unparse(test), mode="eval").body


def _fork_calls(
    trees: ThreeTrees, refused: frozenset[str], owns: frozenset[str] = frozenset(), keyed: bool = False
) -> Iterator[Call]:
    named = re.compile(r"\b(?:" + "|".join(sorted(refused)) + r")[ \t]*=[^=]") if refused else None
    off_class = re.compile(r"\b(?:" + "|".join(sorted(owns)) + r")\.\w+\(") if owns else None
    for path, module, owned in fork_modules(
        trees,
        lambda line: (
            _CONSTANT_ARGUMENT.search(line)
            or _CONSTANT_KEYWORD.search(line)
            or (keyed and _KEYED_CONSTANT.search(line))
            or (named is not None and named.search(line))
            or (off_class is not None and off_class.search(line))
        ),
    ):
        parents, imports = parent_map(module), file_imports(module, path)
        elsewhere = imported_lineage(trees, imports)
        for node in ast.walk(module):
            if not (isinstance(node, ast.Call) and node.lineno in owned):
                continue
            if expects_refusal(node, parents) or caught_around(node, _REFUSALS, parents):
                continue
            call = _off_class(path, node, imports, owns) if owns else None
            if call is None and (node.args or node.keywords):
                call = _call(path, node, parents, imports, elsewhere)
            if call is not None:
                present = _present(node, parents, refused) if refused else frozenset()
                checked, handled = _feature_split(node, parents), _handlers_around(node, parents)
                scope = _function_of(node, parents) if keyed else None
                yield replace(call, checked=checked, handled=handled, present=present, scope=scope)


def _handed_dicts(
    call: ast.Call, func: ast.FunctionDef | ast.AsyncFunctionDef | None
) -> tuple[tuple[str, tuple[tuple[str, object], ...], bool], ...]:
    """The keys (and their constants) of each dict the call hands over that the fork's function shows: a dict
    display of quoted keys (closed: a key not shown is absent), or a name the function binds once to one, or takes
    as a parameter (open), then fills by ``name["k"] = constant`` among its top-level statements before the
    call's.  A name handed to another call, written through a method or by an unquoted key first is not read."""
    slots = [(f"#{i}", a) for i, a in enumerate(call.args)] + [(k.arg, k.value) for k in call.keywords if k.arg]
    found = []
    for slot, value in slots:
        shown = _display_keys(value)
        if shown is None and isinstance(value, ast.Name) and func is not None:
            shown = _filled_keys(func, value.id, call)
        if shown is not None:
            found.append((slot, tuple(shown[0].items()), shown[1]))
    return tuple(found)


def _display_keys(value: ast.expr) -> tuple[dict[str, object], bool] | None:
    """A dict display of quoted keys (no ``**``): key -> its constant (unknown when computed), closed."""
    if not isinstance(value, ast.Dict) or any(k is None for k in value.keys):
        return None
    keys = [k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else None for k in value.keys]
    if any(k is None for k in keys):
        return None
    return {str(k): _constant(v) for k, v in zip(keys, value.values, strict=True)}, True


def _filled_keys(
    func: ast.FunctionDef | ast.AsyncFunctionDef, name: str, call: ast.Call
) -> tuple[dict[str, object], bool] | None:
    """The keys the function's top-level statements before the call's give ``name``: bound once to a display of
    quoted keys (closed) or a parameter (open), then ``name["k"] = constant``; None where another statement
    before may write into it (a call handed it, a method of it, an unquoted key, a store under a branch)."""
    param = name in {a.arg for a in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]}
    keys: dict[str, object] = {}
    closed = False
    for stmt in func.body:
        if stmt.lineno <= call.lineno <= (stmt.end_lineno or stmt.lineno):
            if _tested_around(stmt, call, name):
                return None  # the fork's own test of the dict decides whether the call runs
            return (keys, closed) if param or closed else None
        named = [n for n in ast.walk(stmt) if isinstance(n, ast.Name) and n.id == name]
        if not named:
            continue
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        if isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            target = stmt.target
        value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == name and not param and value is not None:
            shown = _display_keys(value)
            if shown is None or len(named) != 1:
                return None
            keys, closed = dict(shown[0]), True
        elif (
            isinstance(target, ast.Subscript)
            and isinstance(target.value, ast.Name)
            and target.value.id == name
            and isinstance(target.slice, ast.Constant)
            and isinstance(target.slice.value, str)
            and len(named) == 1
            and value is not None
        ):
            keys[target.slice.value] = _constant(value)
        else:
            return None
    return None


def _tested_around(stmt: ast.stmt, call: ast.Call, name: str) -> bool:
    """The call sits in a branch (``if``, ``while``, a conditional expression) whose test reads ``name``: ``if
    pre["model_type"] in ("llama", "qwen3"): update(cd, pre)`` never runs for the value the dict was shown."""
    for node in ast.walk(stmt):
        if not isinstance(node, ast.If | ast.While | ast.IfExp):
            continue
        if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node.test)):
            body, orelse = node.body, node.orelse
            branches: list[ast.AST] = [*body, *orelse] if isinstance(body, list) and isinstance(orelse, list) else []
            if isinstance(node, ast.IfExp):
                branches = [node.body, node.orelse]
            if any(n is call for b in branches for n in ast.walk(b)):
                return True
    return False


def _handlers_around(node: ast.AST, parents: dict[int, ast.AST]) -> frozenset[str]:
    """The exception classes (last names) the handlers of each ``try`` whose body holds ``node`` catch (or a
    ``suppress(...)`` around it names), up to its function."""
    caught: set[str] = set()
    child, up = node, parents.get(id(node))
    while up is not None and not isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(up, ast.Try) and any(s is child for s in up.body):
            for handler in up.handlers:
                types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
                caught.update(last_name(t) for t in types if t is not None)
        if isinstance(up, ast.With):  # ``with contextlib.suppress(RuntimeError):``, a try spelt shorter
            calls = [i.context_expr for i in up.items if isinstance(i.context_expr, ast.Call)]
            caught.update(last_name(a) for c in calls if last_name(c.func) == "suppress" for a in c.args)
        child, up = up, parents.get(id(up))
    return frozenset(caught - {""})


def _feature_split(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The call sits in a branch of an ``if`` (or a conditional expression) that asks the callee's signature,
    a ``hasattr`` or a version: the fork keeps a call per upstream release, which one runs is not read here."""
    child, up = node, parents.get(id(node))
    while up is not None and not isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(up, ast.If | ast.IfExp) and child is not up.test and _asks_feature(up.test):
            return True
        child, up = up, parents.get(id(up))
    return version_gated(node, parents)


def _asks_feature(test: ast.expr) -> bool:
    return any(isinstance(n, ast.Call) and last_name(n.func) in _FEATURE_TESTS for n in ast.walk(test))


def _off_class(path: str, node: ast.Call, imports: dict[str, tuple[str, str]], owns: frozenset[str]) -> Call | None:
    """``C.m(...)`` (or ``mod.C.m(...)``) off an imported class ``C`` among ``owns``: a call whose ``cls`` is ``C``."""
    func = node.func
    if not (isinstance(func, ast.Attribute) and last_name(func.value) in owns):
        return None
    origin = imported_origin(func.value, imports)
    if origin is None or origin[1] not in owns:
        return None
    return Call(path, node.lineno, func.attr, frozenset({origin}), True, node, receiver=origin[1])


def _call(
    path: str, node: ast.Call, parents: dict[int, ast.AST], imports: dict[str, tuple[str, str]], elsewhere: Lineage
) -> Call | None:
    func = node.func
    if isinstance(func, ast.Attribute):
        if _overridden(func, node, parents, elsewhere):
            return None
        owners = receiver_owners(func.value, node, parents, imports)
        if owners:
            return Call(path, node.lineno, func.attr, owners, True, node)
        origin = imported_origin(func, imports)  # ``ps.init_group(...)``: a function off its module (killers180)
        return Call(path, node.lineno, origin[1], frozenset({origin}), False, node) if origin is not None else None
    origin = imported_origin(func, imports) if isinstance(func, ast.Name) else None
    if origin is None:
        return None
    return Call(path, node.lineno, origin[1], frozenset({origin}), False, node)


def _overridden(func: ast.Attribute, node: ast.Call, parents: dict[int, ast.AST], elsewhere: Lineage) -> bool:
    """``self.m(...)`` where the fork's class, or a fork base (its file's, or a fork file's it imports: a mixin
    ahead of upstream's class), defines ``m`` itself (a method, ``m = _helper`` in the body) or stores
    ``self.m = ...`` in a method: the call reaches the fork's override."""
    cls = own_class(node, parents) if isinstance(func.value, ast.Name) and func.value.id == "self" else None
    return cls is not None and any(
        defines(c, func.attr) or stores(c, func.attr) for c in whole_lineage(cls, parents, elsewhere)
    )


def _wanted(calls: list[Call]) -> frozenset[str]:
    """The keys ``_key`` may ask of a module's guarded functions for ``calls``: ``Cls.m`` for a method's call,
    ``f`` and ``f.__init__`` (a class built) for a function's."""
    keys: set[str] = set()
    for call in calls:
        for _, owner in call.owners:
            keys |= {f"{owner}.{call.name}"} if call.method else {owner, f"{owner}.__init__"}
    return frozenset(keys)


def _guarded(
    text: str | None, path: str, keyed: bool = False, wanted: frozenset[str] | None = None
) -> dict[str, Guarded]:
    """``f`` / ``Cls.m`` -> its parameters, defaults and guards, for the module's functions and methods (with
    ``keyed``, guards reading locals bound to a key of a dict parameter or a display too).  With ``wanted``, only
    those keys (perf47: reading every function of up to 32 modules at both commits was ~90 ms at 150 commits,
    for the few the fork calls), each a module function forwards to read on demand."""
    module = parse_python(text, path) if text is not None else None
    nodes: dict[str, tuple[ast.FunctionDef | ast.AsyncFunctionDef, str | None]] = {}
    for node in module.body if module is not None else ():
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            nodes[node.name] = (node, None)
        elif isinstance(node, ast.ClassDef):
            for m in node.body:
                if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef):
                    nodes[f"{node.name}.{m.name}"] = (m, node.name)
    found = _Lazy(nodes, keyed)
    for key in nodes if wanted is None else wanted & nodes.keys():
        found.get(key)
    if module is not None:
        found.update(_forwarding(module, found, wanted))
    return dict(found)


class _Lazy(dict[str, Guarded]):
    """The module's functions read (``_read``) on first ask: ``get`` of a key never asked reads it then."""

    def __init__(self, nodes: dict[str, tuple[ast.FunctionDef | ast.AsyncFunctionDef, str | None]], keyed: bool):
        super().__init__()
        self._nodes, self._keyed = nodes, keyed

    def get(self, key: str, default: Guarded | None = None) -> Guarded | None:  # type: ignore[override]
        if key not in self and key in self._nodes:
            self[key] = _read_def(*self._nodes[key], self._keyed)
        return super().get(key, default)


def _read_def(m: ast.FunctionDef | ast.AsyncFunctionDef, cls: str | None, keyed: bool) -> Guarded:
    if cls is None:
        return _read(m, keyed=keyed)
    static = any(last_name(d) == "staticmethod" for d in m.decorator_list)
    first = [*m.args.posonlyargs, *m.args.args][:1]
    is_class = bool(first) and any(last_name(d) == "classmethod" for d in m.decorator_list)
    own = (first[0].arg, cls) if is_class else ()
    return replace(_read(m, own, keyed), bound=not static)


def _forwarding(module: ast.Module, found: _Lazy, wanted: frozenset[str] | None = None) -> dict[str, Guarded]:
    """Module functions with no guard of their own that hand parameters straight on to a guarded function or
    class of the module, among their leading statements: the callee's guards, read on the caller's parameters.
    #47295 (37bf988c2f) made ``GroupCoordinator.__init__`` assert ``local_rank >= 0`` and
    ``init_model_parallel_group(group_ranks, local_rank, ...)`` is ``return GroupCoordinator(...,
    local_rank=local_rank, ...)``: a fork's ``init_model_parallel_group(ranks, -1, "gloo")`` is refused too."""
    out: dict[str, Guarded] = {}
    for node in module.body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or (
            wanted is not None and node.name not in wanted
        ):
            continue
        mine = found.get(node.name)
        if mine is None or mine.guards:
            continue
        guards = tuple(_handed_on(node, set(mine.params), found))
        if guards:
            out[node.name] = replace(
                mine, guards=tuple((g[0], g[1]) for g in guards), kinds=tuple((g[0], g[2]) for g in guards)
            )
    return out


def _handed_on(
    func: ast.FunctionDef | ast.AsyncFunctionDef, params: set[str], found: dict[str, Guarded]
) -> Iterator[tuple[int, ast.expr, str]]:
    """The guards of the first module callee ``func``'s leading statements call, on ``func``'s parameters."""
    rebound: set[str] = set()
    for stmt in func.body:
        call = stmt.value if isinstance(stmt, ast.Return | ast.Expr | ast.Assign) else None
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name):
            callee = found.get(call.func.id) or found.get(f"{call.func.id}.__init__")
            names = _passed_on(call, callee, params - rebound) if callee is not None else None
            if callee is not None and names is not None:
                kinds = dict(callee.kinds)
                for line, test in callee.guards:
                    read = _params_read(test) or set()
                    if read and read <= names.keys():
                        yield line, _renamed(test, names), kinds.get(line, "")
                return
        if _may_return(stmt):
            return
        rebound |= {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def _passed_on(call: ast.Call, callee: Guarded, params: set[str]) -> dict[str, str] | None:
    """The callee's parameter -> the caller's parameter handed to it as is (``local_rank=local_rank``, or by
    position); None for a call spreading ``*args``/``**kwargs``."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    positional = callee.positional[1:] if callee.bound else callee.positional
    pairs = [*zip(positional, call.args, strict=False), *((k.arg, k.value) for k in call.keywords if k.arg)]
    return {p: a.id for p, a in pairs if isinstance(a, ast.Name) and a.id in params}


def _renamed(test: ast.expr, names: dict[str, str]) -> ast.expr:
    class _Rename(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            return ast.Name(names.get(node.id, node.id), ast.Load())

    out = _Rename().visit(_copy(test))
    return out if isinstance(out, ast.expr) else test


def _may_return(stmt: ast.stmt) -> bool:
    """A statement that may leave the function early: the guards below it are not reached for every call.  A
    call on the instance (``_register_group(self)``) cannot rebind a parameter, so it does not stop the read
    (killers180: #47295's ``assert local_rank >= 0`` sits below ``_register_group(self)``)."""
    return any(isinstance(n, ast.Return) for n in ast.walk(stmt))


def _read(func: ast.FunctionDef | ast.AsyncFunctionDef, own: tuple[str, ...] = (), keyed: bool = False) -> Guarded:
    args = func.args
    positional = [*args.posonlyargs, *args.args]
    params = tuple(a.arg for a in positional) + tuple(a.arg for a in args.kwonlyargs)
    pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
    defaults = tuple((a.arg, v) for a, d in pairs if (v := _constant(d)) is not _UNKNOWN)
    # a classmethod's guard may read its own class's name (``cls is C``): known, as the receiver may be
    locals_read: dict[str, tuple[str, str, object]] = {}
    mapped = locals_read if keyed and _may_key(func) else None
    found = list(_guards(func, set(params) | set(own[1:]), mapped))
    guards, kinds = tuple((line, test) for line, test, _ in found), tuple((line, k) for line, _, k in found)
    positional_names = tuple(a.arg for a in positional)
    read = {n.id for _, t in guards for n in ast.walk(t) if isinstance(n, ast.Name)} if locals_read else set()
    pseudo = tuple((n, p, k) for n, (p, k, _) in sorted(locals_read.items()) if n in read)
    held = tuple((n, d) for n, (_, _, d) in sorted(locals_read.items()) if n in read and d is not _UNKNOWN)
    return Guarded(
        params,
        defaults,
        guards,
        positional_names,
        args.vararg is not None,
        kinds=kinds,
        own=own,
        keyed=pseudo,
        key_defaults=held,
    )


def _guards(
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    params: set[str],
    keyed: dict[str, tuple[str, str, object]] | None = None,
) -> Iterator[tuple[int, ast.expr, str]]:
    """The leading guards whose test reads parameters as passed: none of them rebound by a statement before
    (a rebinding after the guard, ``buffer = torch.empty(...)`` below ``assert buffer is None``, comes too late
    to change what the guard saw).

    A test may read locals the leading statements bind once (#43132's ``model_type =
    pre_trained_config.get("model_type", "llama")`` and ``eagle3_arch_map = {"qwen3": ..., "llama": ...}``
    above ``if model_type not in eagle3_arch_map: raise``): a display of constants is read as its keys, a quoted
    key of a dict parameter no statement before wrote into as a pseudo-parameter ``keyed`` records."""
    rebound: set[str] = set()
    known: dict[str, ast.expr] = {}
    pseudo = {n for n, _ in (keyed or {}).items()}
    once = _bound_once(func) if keyed is not None else set()
    for at, stmt in enumerate(func.body):
        raises = [s for s in stmt.body if isinstance(s, ast.Raise)] if isinstance(stmt, ast.If) else []
        tests = []
        if isinstance(stmt, ast.If) and raises:
            tests.append((_substituted(stmt.test, known), _raised(raises[0])))
        if isinstance(stmt, ast.Assert):  # ``assert t`` raises when ``not t`` holds
            tests.append((ast.UnaryOp(ast.Not(), _substituted(stmt.test, known)), "AssertionError"))
        for test, kind in tests:
            read = _params_read(test)
            if read and read <= params | pseudo and not read & rebound:
                yield stmt.lineno, test, kind
        if _may_return(stmt):
            return
        if keyed is not None:
            _bind_local(stmt, (params - rebound, once, func.body[:at]), known, keyed)
            pseudo = set(keyed)
        rebound |= {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def _may_key(func: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A top-level ``x = p.get("k", ...)`` / ``x = p["k"]`` of the function (a cheap test before the walks)."""
    return any(isinstance(stmt, ast.Assign) and _key_read(stmt.value) is not None for stmt in func.body)


def _bound_once(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    stored = [n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
    return {n for n in stored if stored.count(n) == 1}


def _bind_local(
    stmt: ast.stmt,
    scope: tuple[set[str], set[str], list[ast.stmt]],
    known: dict[str, ast.expr],
    keyed: dict[str, tuple[str, str, object]],
) -> None:
    """``x = {"a": ..}`` / ``x = (..)`` (constants: read as the keys) or ``x = p.get("k", d)`` / ``x = p["k"]``
    (``p`` a parameter as passed, ``k`` not written into it before): what a guard reading ``x`` reads."""
    params, once, before = scope
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return
    name, value = stmt.targets[0].id, stmt.value
    if name not in once:
        return
    elts = value.keys if isinstance(value, ast.Dict) else value.elts if isinstance(value, _SEQUENCES) else None
    if elts is not None and elts and all(isinstance(e, ast.Constant) for e in elts):
        known[name] = ast.Tuple([ast.Constant(e.value) for e in elts if isinstance(e, ast.Constant)], ast.Load())
        return
    read = _key_read(value)
    if read is None or read[0] not in params:
        return
    written = {w for s in before for w in _keys_written(s, params)}
    if (read[0], read[1]) in written or (read[0], "") in written:
        return
    pseudo = f"{read[0]}{_KEY_MARK}{read[1]}"
    keyed[pseudo] = read
    known[name] = ast.Name(pseudo, ast.Load())


_SEQUENCES = (ast.Tuple, ast.List, ast.Set)


def _key_read(value: ast.expr) -> tuple[str, str, object] | None:
    """``p.get("k", d)`` -> (p, k, d: unknown when computed, None when not given); ``p["k"]`` -> (p, k,
    unknown: a KeyError, not a default)."""
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name):
        key = value.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return value.value.id, key.value, _UNKNOWN
        return None
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "get"):
        return None
    owner, args = value.func.value, value.args
    if not isinstance(owner, ast.Name) or value.keywords or not 1 <= len(args) <= 2:
        return None
    if not (isinstance(args[0], ast.Constant) and isinstance(args[0].value, str)):
        return None
    return owner.id, args[0].value, _constant(args[1]) if len(args) == 2 else None


def _keys_written(stmt: ast.stmt, params: set[str]) -> set[tuple[str, str]]:
    """The (parameter, key) a statement may write: ``p["k"] = ...``; (parameter, "") for any key (``p[x] =``,
    ``p.update(...)``, ``p`` handed to a call)."""
    found: set[tuple[str, str]] = set()
    for node in ast.walk(stmt):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            if node.value.id in params:
                key = node.slice
                quoted = isinstance(key, ast.Constant) and isinstance(key.value, str)
                found.add((node.value.id, str(key.value) if quoted and isinstance(key, ast.Constant) else ""))
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.attr in _DICT_WRITERS:
                found |= {(func.value.id, "")} & {(p, "") for p in params}
            handed = [*node.args, *(k.value for k in node.keywords)]
            found |= {(a.id, "") for a in handed if isinstance(a, ast.Name) and a.id in params}
    return found


def _substituted(test: ast.expr, known: dict[str, ast.expr]) -> ast.expr:
    """The test with each local ``known`` reads in its place (a copy; the test itself when none is read)."""
    if not known or not any(isinstance(n, ast.Name) and n.id in known for n in ast.walk(test)):
        return test

    class _Put(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            return known.get(node.id, node)

    out = _Put().visit(_copy(test))
    return out if isinstance(out, ast.expr) else test


def _raised(stmt: ast.Raise) -> str:
    """The class a ``raise`` names (``raise RuntimeError(...)`` -> ``RuntimeError``); "" when not spelt so."""
    kind = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
    return last_name(kind) if kind is not None else ""


def _handled(call: Call, fn: Guarded, line: int) -> bool:
    """A ``try`` around the call catches what the guard raises (its class or a builtin base of it): the fork
    already answers the refusal (#31061's guard raises RuntimeError, which no refusal handler names)."""
    kind = dict(fn.kinds).get(line, "")
    return bool(kind) and any(builtin_subclass(kind, caught) for caught in call.handled)


def _params_read(test: ast.expr) -> set[str] | None:
    """The names the test reads; None when it reads anything else (an attribute but a dtype's own field off a
    name, a call)."""
    names: set[str] = set()
    for node in ast.walk(test):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.attr in _DTYPE_FIELDS:
            continue
        if isinstance(node, ast.Attribute | ast.Call | ast.Lambda | ast.Subscript | ast.NamedExpr):
            return None
        if isinstance(node, ast.Name):
            names.add(node.id)
    return names


def _carried(trees: ThreeTrees, path: str, key: str, guard: tuple[int, ast.expr]) -> bool:
    """The fork's own copy of the function already holds the guard (cherry-picked)."""
    mine = _guarded(trees.blobs(trees.ours, [path])[path], path).get(key)
    return mine is not None and any(ast.dump(t) == ast.dump(guard[1]) for _, t in mine.guards)


def _argument_line(call: Call, test: ast.expr) -> int:
    """The line of the keyword argument the guard reads, in a call spread over lines (killers180: #47295's
    ``local_rank=-1,`` on a line of its own); the call's line otherwise."""
    read = _params_read(test) or set()
    return next((k.value.lineno for k in call.node.keywords if k.arg in read), call.line)


def _spelt(test: ast.expr) -> str:
    """The test as source, a key read off a dict parameter spelt as the subscript it stands for."""
    return _PSEUDO.sub(r"\1['\2']", ast.unparse(test))


def _finding(call: Call, path: str, key: str, guard: tuple[int, ast.expr], commit: str, kind: str) -> Finding:
    line, test = guard
    passed = ", ".join(
        [*map(ast.unparse, call.node.args), *(f"{k.arg}={ast.unparse(k.value)}" for k in call.node.keywords)]
    )
    split = "; it sits under a signature, hasattr or version test, which may already tell releases apart"
    shown = f"`if {_spelt(test)}` raises"
    if kind == "AssertionError" and isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        shown = f"`assert {_spelt(test.operand)}` fails"
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if call.checked else Severity.ERROR,
        call.path,
        _argument_line(call, test),
        f"fork-owned call {'off ' + call.receiver + ' ' if call.receiver else ''}passes {call.name}({passed}), "
        f"which upstream's {key} now refuses ({path}:{line}{commit}: {shown}): "
        f"{'call it off the subclass it means' if call.receiver else 'pass what upstream still accepts'}"
        f"{split if call.checked else ''}",
    )
