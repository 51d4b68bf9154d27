"""Result kind drift: upstream changed what kind of thing a function returns; a fork line uses the result
as the old kind.

Two shapes, both clean merges that fail on the first call:

* a sequence made a wrapper: ``allocate_slots()`` returned ``list[KVCacheBlock]`` and now returns
  ``KVCacheBlocks`` (a dataclass holding the list), so ``for block in new_blocks`` and ``len(blocks)``
  raise ``TypeError``; an element of a returned tuple counts too (``blocks, n = get_computed_blocks()``,
  ``tuple[list[...], int]`` -> ``tuple[KVCacheBlocks, int]``).  The wrapper is a class of the callee's
  own module with no base but ``object``, no metaclass, and no ``__iter__``/``__len__``/``__getitem__``.
* an awaitable made the value: a coroutine function (``async def``) or a def annotated
  ``Awaitable[...]``/``Coroutine[...]``/``Future[...]`` is now a plain def annotated with something else,
  so ``await`` on its result raises ``TypeError``.
* a number, a string and a sequence made one another (both annotations plain: ``int``/``float``, ``str``,
  a list, tuple or set): ``determine_available_memory() -> int`` became ``-> list[int]`` (#14079),
  ``get_dummy_text() -> list[int]`` became ``-> str`` (#36770), ``_gen_lora_extra_hash_keys() -> list[int]``
  became ``-> list[str]`` (#27211, an element).  A use only the old kind supports breaks: a number's
  arithmetic (with anything but a display or a string) or comparison with a number,
  ``int()``/``float()``/``range()`` of a number now a sequence; a string's comparison with a string (never
  equal to a tuple again), concatenation or ``str`` method; a sequence's iteration, ``len()``, index or
  unpacking (a string answers each, character by character, silently).

* a number made a record (``compile_or_warm_up_model() -> float`` became ``-> CompilationTimes``, a
  ``NamedTuple``, #39240; ``is_record``): a number's arithmetic, comparison or conversion of the result
  fails; a fork override still returning a number hands upstream's caller the old kind
  (``old_kind_returns``).

* one value made a list of such values (``map_mxfp4_backend() -> Mxfp4MoeBackend`` became
  ``-> list[Mxfp4MoeBackend]``, #41566; ``-> type[Experts]`` became ``-> list[type[Experts]]``, #45182): an
  equality, identity or membership test of the result with values (``== Backend.MARLIN``, ``in (A, B)``)
  is never true again, a call of it or a read of an attribute a list lacks raises.

* a list made one of its elements (``_get_attention_metadata_builder() -> list[AttentionMetadataBuilder]``
  became ``-> AttentionMetadataBuilder``, #26564, and ``propose`` now calls it): a fork override still returning
  a list hands upstream's caller the old kind (``unlisted_returns``).

* a torch tensor made a NumPy array, or back (``replicate_experts() -> tuple[torch.Tensor, torch.Tensor,
  torch.Tensor]`` became ``-> tuple[np.ndarray, np.ndarray, np.ndarray]``, #30697, its body rewritten in NumPy):
  a member the old flavour has and the new one lacks, read or called (``logcnt.to(device)``, ``.cuda()``,
  ``.astype(...)`` of a tensor), raises AttributeError; a tensor's ``dim=``/``keepdim=`` keyword on an array's
  method (``pack_index.max(dim=-1)``: NumPy says ``axis``) raises TypeError (``drift/flavours.py``).

The use is the fork's: the call's own (``await f()``, ``for x in f()``, ``len(f())``, ``f()[0]``), or
that of the name the call is bound to once in the same function (unpacked names: their element), unless
an ``isinstance`` test of the name as a sequence guards it (``if isinstance(blocks, list): len(blocks)``).  The
callee is resolved by the symbol drift walk (its types, imports and ``self``); this module only reads
the two definitions and the function around the call.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import (
    caught_around,
    expects_misfit,
    hasattr_held,
    hasattr_refuted,
    isinstance_asked,
    runs_tested,
    type_of,
)
from aeon_release.domain.audits.drift.flavours import ABSENT, NAMED, SHOWN, TENSOR_KEYWORDS
from aeon_release.domain.audits.drift.optional_params import _admits_none
from aeon_release.domain.audits.drift.returns import own_returns
from aeon_release.domain.audits.source import (
    last_name,
    lazy_pattern,
    parameter_names,
    parent_map,
    parsed_expression,
    table_lookup,
)

_SEQUENCES = frozenset({"list", "List", "tuple", "Tuple", "Sequence", "MutableSequence", "set", "Set", "frozenset"})
_AWAITABLES = frozenset({"Awaitable", "Coroutine", "Future", "Task"})
_CONTAINER_PROTOCOL = frozenset({"__iter__", "__len__", "__getitem__", "__class_getitem__"})
_ITERATING = {
    "len": "takes len() of",
    **dict.fromkeys(("list", "tuple", "set", "sorted", "iter", "enumerate"), "iterates"),
}
_Def = ast.FunctionDef | ast.AsyncFunctionDef


# ``Use.element`` of a name a ``for`` (or a comprehension) binds to each element of the result in turn
LOOPED = -1


@dataclass(frozen=True)
class Use:
    """How a fork line uses a call's result: ``how`` (awaits, iterates, takes len() of, indexes), on
    ``line``; ``element`` k when the name used was unpacked from position k, LOOPED when a loop bound it to
    each element, else None."""

    how: str
    line: int
    element: int | None = None
    caught: bool = False  # in a ``try`` that catches the TypeError the old kind's use raises on the new one
    other: str = ""  # "compares an element with": the last name of what it is compared with
    # a member read in a ``try`` catching AttributeError, or where ``hasattr(name, "member")`` holds: the fork
    # handles a value without the member
    probed: bool = False
    # where a ``hasattr(name, ...)`` test failed (``if hasattr(d, "function"): return d.function.name`` then
    # ``d["function"]``), or a ``getattr(name, "member", None)`` came back None: the fork's branch for the value
    # without that member, the old kind's
    ducked: bool = False
    # an index (``indexes``): KEY_NOT_STR where it is no string whatever runs (a number, a slice, a tuple of
    # them: a tensor's or a list's index), KEY_STR where it is one (a literal, an f-string), else "" (unknown)
    key: str = ""


KEY_STR, KEY_NOT_STR = "a string", "no string"


def index_key(node: ast.expr) -> str:
    """What kind of key ``node``, a subscript's index, is when its own text says so: KEY_STR (a string literal,
    an f-string, a string joined or formatted, ``str(...)``), KEY_NOT_STR (a number, ``-1``, a slice, ``...``,
    None, a tuple -- the indexes an array takes --, arithmetic with a number, ``len(...)``/``int(...)``), else
    "" (a name, an attribute, a call: its kind is not read here)."""
    if isinstance(node, ast.JoinedStr) or _string(node):
        return KEY_STR
    if isinstance(node, (ast.Slice, ast.Tuple, ast.Constant)):  # a number, None, ``...``, bytes: no string
        return KEY_NOT_STR
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd, ast.Invert)):
        return KEY_NOT_STR if index_key(node.operand) == KEY_NOT_STR else ""
    if isinstance(node, ast.BinOp):
        if isinstance(node.op, (ast.Add, ast.Mod)) and KEY_STR in (index_key(node.left), index_key(node.right)):
            return KEY_STR  # ``"layer." + name``, ``"layers.%d" % i``
        if isinstance(node.op, _ARITHMETIC) and (_number(node.left) or _number(node.right)):
            return KEY_NOT_STR  # ``i + 1``: a number, or a TypeError on a string before any lookup
        return ""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return _KEY_CALLS.get(node.func.id, "")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return KEY_STR if _string(node.func.value) else ""
    return ""


_KEY_CALLS = {"str": KEY_STR, "repr": KEY_STR, "int": KEY_NOT_STR, "len": KEY_NOT_STR}


def result_uses(where: ast.AST, call: ast.Call, awaited: bool, tables: frozenset[str] = frozenset()) -> list[Use]:
    """The uses of ``call``'s result in ``where`` (the function around it, or the module); a lookup keyed by it
    counts in the tables ``tables`` names only (the file's string-keyed dict displays)."""
    uses = [Use("awaits", call.lineno)] if awaited else []
    names, unpacks = _bound_names(where, call)
    uses += [Use("unpacks", call.lineno)] * unpacks
    # ``if isinstance(memory, int): memory // page``, ``x == "a" or isinstance(x, tuple) and ...``: a function
    # that asks the name's class tells the kinds apart, and keeps each use to the kind it checked
    sorting = {name for name in names if _kinds_told(where, name)}
    parents: dict[int, ast.AST] | None = None
    probes = _member_probes(where)
    for node in ast.walk(where):
        for target, how in _used(node):
            if how.startswith(KEYS) and how.split()[1] not in tables:
                continue
            if target is call:
                element = None
            elif isinstance(target, ast.Name) and target.id in names and (how == "awaits" or target.id not in sorting):
                element = names[target.id]
            else:
                continue
            parents = parents if parents is not None else parent_map(where)
            # ``try: free // page`` / ``except TypeError: min(free) // page``: the fork's fallback for the new
            # kind (a ``*`` repeats a sequence or a string silently, and raises nothing to catch)
            caught = (not _repeats(node) or _then_computed(node, parents)) and caught_around(
                node, _TYPE_ERRORS, parents
            )
            line = getattr(node, "lineno", None) or target.lineno
            # a comprehension's ``if`` has no line: its test's
            probed = _member_probed(node, target, parents)
            subject = ast.unparse(target) if probes else ""
            ducked = subject in probes and _ducked(node, subject, probes[subject], parents)
            key = index_key(node.slice) if how == "indexes" and isinstance(node, ast.Subscript) else ""
            uses.append(Use(how, line, element, caught, probed=probed, ducked=ducked, key=key))
        for target, index, attr, line in _element_attributes(node):
            if target is call:
                element = None
            elif isinstance(target, ast.Name) and target.id in names and target.id not in sorting:
                element = names[target.id]
            else:
                continue
            parents = parents if parents is not None else parent_map(where)
            # ``try: f()[2].to(d)`` / ``except AttributeError``, or a test's ``pytest.raises``: handled
            probed = caught_around(node, _ATTRIBUTE_ERRORS, parents) or expects_misfit(node, parents)
            uses.append(Use(_ELEMENT_ATTRIBUTE, line, element, other=f"{index}.{attr}", probed=probed))
        for target, other, line in _compared_elements(node):
            if target is call:
                uses.append(Use(_ELEMENT_COMPARED, line, None, other=other))
            elif isinstance(target, ast.Name) and target.id in names and target.id not in sorting:
                uses.append(Use(_ELEMENT_COMPARED, line, names[target.id], other=other))
    return uses


def _kinds_told(where: ast.AST, name: str) -> bool:
    """``where`` tells the kinds of ``name`` apart: ``isinstance(name, K)``, ``type(name) is K`` (or ``==``,
    ``in``), or a ``match name:`` with a class pattern (``case torch.Tensor():``); each use is then kept to the
    kind the fork checked, which is not read here."""
    if isinstance_asked(where, name):
        return True
    for node in ast.walk(where):
        if isinstance(node, ast.Compare) and any(type_of(side, name) for side in (node.left, *node.comparators)):
            return True
        if isinstance(node, ast.Match) and ast.unparse(node.subject) == name:
            if any(isinstance(p, ast.MatchClass) for case in node.cases for p in ast.walk(case.pattern)):
                return True
    return False


def _member_probes(where: ast.AST) -> dict[str, set[str]]:
    """What ``where`` asks a member of, each with the texts that hold the answer of a ``getattr(x, "m", d)``:
    the call itself and the names bound to it (``fn = getattr(d, "function", None)``)."""
    probes: dict[str, set[str]] = {}
    for node in ast.walk(where):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            got = node.value
            if _getattr_with_default(got):
                probes.setdefault(ast.unparse(got.args[0]), set()).add(node.targets[0].id)  # type: ignore[attr-defined]
        elif _getattr_with_default(node) or (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hasattr"
        ):
            if len(node.args) >= 2:  # type: ignore[attr-defined]
                probes.setdefault(ast.unparse(node.args[0]), set()).add(ast.unparse(node))  # type: ignore[attr-defined]
    return probes


def _getattr_with_default(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) == 3
    )


def _ducked(node: ast.AST, subject: str, answers: set[str], parents: dict[int, ast.AST]) -> bool:
    """``node`` runs where a ``hasattr`` test of ``subject`` failed, or where a ``getattr`` of a member of it with
    a default came back empty (``if fn is not None: return fn.name`` before it, ``if fn is None:`` around it)."""
    if hasattr_refuted(node, subject, parents):
        return True

    def got(test: ast.expr) -> bool:  # ``fn``, ``fn is not None``
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot):
            test = test.left
        return ast.unparse(test) in answers

    def missed(test: ast.expr) -> bool:  # ``not fn``, ``fn is None``
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return ast.unparse(test.operand) in answers
        return isinstance(test, ast.Compare) and isinstance(test.ops[0], ast.Is) and ast.unparse(test.left) in answers

    return runs_tested(node, parents, missed, got)


def _member_probed(node: ast.AST, target: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """``node`` reads a member off ``target`` in a ``try`` catching AttributeError, or where ``hasattr(target,
    "member")`` holds (``if hasattr(q, "empty"): return q.empty()``), or in a test's ``with pytest.raises(
    AttributeError)`` (the fork expects the new kind to lack it)."""
    if isinstance(node, ast.Call):  # ``name.lower()``: the read of the method
        node = node.func
    if not isinstance(node, ast.Attribute):
        return False
    held = hasattr_held(node, ast.unparse(target), node.attr, parents)
    return held or caught_around(node, _ATTRIBUTE_ERRORS, parents) or expects_misfit(node, parents)


_ATTRIBUTE_ERRORS = frozenset({"AttributeError", "Exception", "BaseException"})
_ELEMENT_COMPARED = "compares an element with"
_ELEMENT_ATTRIBUTE = "reads an attribute of an element"


def _element_attributes(node: ast.AST) -> Iterator[tuple[ast.expr, int, str, int]]:
    """``sizes[0].base``: (what is indexed, the literal index, the attribute read off its element, the line)."""
    if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
        return
    sub = node.value
    if isinstance(sub, ast.Subscript) and isinstance(sub.slice, ast.Constant) and type(sub.slice.value) is int:
        yield sub.value, sub.slice.value, node.attr, node.lineno


def _literal_lacks(old: ast.expr, new: ast.expr, attr: str) -> str | None:
    """The kind of ``new``, a literal of a builtin kind that has no attribute ``attr``, where ``old`` was
    something that may have it (a call: an instance of a class); None otherwise."""
    if not isinstance(old, ast.Call) or not isinstance(new, ast.Constant) or new.value is None:
        return None
    kind = type(new.value)
    return None if hasattr(kind, attr) else kind.__name__


def _element_attribute_gone(before: _Def, after: _Def, use: Use) -> str | None:
    """#27753: ``get_supported_kernel_block_size()`` returned ``[MultipleOf(16)]`` and now returns
    ``[16, 32, 64]``; a fork line ``sizes()[0].base`` reads an attribute of the element the old display
    built by a call, which the new display's literal (an int) lacks: AttributeError on the first call.
    Every return of each body must be a list or tuple display with that element."""
    index, _, attr = use.other.partition(".")
    olds, news = _displayed(before, int(index)), _displayed(after, int(index))
    if not olds or not news:
        return None
    kinds = {_literal_lacks(old, new, attr) for old in olds for new in news}
    if None in kinds:
        return None
    kind = kinds.pop() or ""
    return (
        f"upstream made its element {index} {ast.unparse(news[0])} where it was {ast.unparse(olds[0])}: this line "
        f"reads .{attr} of it, which {'an' if kind[0] in 'aeiou' else 'a'} {kind} has not: AttributeError"
    )


def _displayed(func: _Def, index: int) -> list[ast.expr]:
    """Element ``index`` of each list or tuple display ``func`` returns; empty where a return is another
    value or shorter (what it gives is not shown here)."""
    found: list[ast.expr] = []
    for value in own_returns(func):
        if not isinstance(value, (ast.List, ast.Tuple)) or index >= len(value.elts):
            return []
        found.append(value.elts[index])
    return found


def _compared_elements(node: ast.AST) -> Iterator[tuple[ast.expr, str, int]]:
    """``keys[0] == request.lora_int_id``: (what is indexed, the last name of what its element is compared
    with) for an equality test of an element with a name or an attribute (of a kind not shown here)."""
    if not isinstance(node, ast.Compare) or len(node.ops) != 1 or not isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
        return
    for side, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
        if isinstance(side, ast.Subscript) and isinstance(other, (ast.Name, ast.Attribute)):
            yield side.value, last_name(other), node.lineno


_TYPE_ERRORS = frozenset({"TypeError", "Exception", "BaseException"})


def _repeats(node: ast.AST | None) -> bool:
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)


def _then_computed(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The repetition's result meets a number (``block_id * size + 1``): a repeated sequence raises TypeError
    there, which the ``try`` around it catches."""
    child: ast.AST | None = node
    parent = parents.get(id(node))
    while _repeats(parent):
        child, parent = parent, parents.get(id(parent))
    if not isinstance(parent, ast.BinOp) or not isinstance(parent.op, _ARITHMETIC):
        return False
    other = parent.right if parent.left is child else parent.left
    return not isinstance(other, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.JoinedStr)) and not _string(other)


def _used(node: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """(the expression used, how) for the uses ``node`` makes of what it holds."""
    yield from _scalar_uses(node)
    yield from _truth_uses(node)
    yield from _none_tests(node)
    if isinstance(node, ast.Await):
        yield node.value, "awaits"
    elif isinstance(node, (ast.For, ast.AsyncFor)):
        yield node.iter, "iterates"
    elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
        yield from ((g.iter, "iterates") for g in node.generators)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _ITERATING and node.args:
        yield node.args[0], _ITERATING[node.func.id]
    elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        yield node.value, "indexes"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id not in _BUILTIN_NAMES:
        # ``build_slot_mappings_by_layer(slot_mappings, cfg)``: judged against the callee's parameter (``handed_to``)
        for i, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break  # the positions after a ``*args`` are unknown
            yield arg, f"{HANDS}{node.func.id}() as argument {i + 1}"
    yield from _value_uses(node)


HANDS = "hands it to "
_HANDED = lazy_pattern(r"hands it to (\w+)\(\) as argument (\d+)")
_BUILTIN_NAMES = frozenset(dir(__builtins__) if isinstance(__builtins__, dict) else dir(__import__("builtins")))


def handed(how: str) -> tuple[str, int] | None:
    """The callee's name and the argument's 0-based position of a ``hands it to f() as argument k`` use."""
    found = _HANDED.fullmatch(how)
    return (found.group(1), int(found.group(2)) - 1) if found is not None else None


def handed_to(before: ast.AST, after: ast.AST, use: Use, parameter: Callable[[], ast.arg | None]) -> str | None:
    """#33046's second spelling: the result's element that upstream made a mapping of arrays, handed to a function
    whose parameter at that position is annotated as the old array flavour (``build_slot_mappings_by_layer(
    slot_mappings: torch.Tensor, ...)``, which indexes it ``[i]`` per KV-cache group); ``parameter()`` gives that
    parameter (the callee resolved in the fork's module).  A warning (``Doubtful``):
    the annotation says what the callee expects, its body decides whether the dict raises or is misread."""
    if not isinstance(before, _Def) or not isinstance(after, _Def):
        return None
    old, new = _element(before.returns, use.element), _element(after.returns, use.element)
    if old is None or new is None or outer_type_name(new) not in _MAPPINGS or NAMED.get(outer_type_name(old)) is None:
        return None
    param = parameter()  # the callee resolved only now: most results were no array made a mapping
    if param is None or param.annotation is None:
        return None
    was, takes = NAMED.get(outer_type_name(old)), NAMED.get(outer_type_name(unoptional(param.annotation)))
    if was is None or takes != was:
        return None
    return Doubtful(
        f"upstream made it return {ast.unparse(new)} where it returned {ast.unparse(old)}: this line {use.how}, "
        f"whose parameter {param.arg} takes {ast.unparse(param.annotation)} ({SHOWN[was]}), not a dict"
    )


TRUTH = "tests its truth"
_BOOL_COMPARED = "compares it with True or False"


def _truth_uses(node: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """A test of a value's truth (``if``/``while``/``assert``/a conditional's test, ``not``, ``and``/``or``, a
    comprehension's ``if``), or its comparison with ``True``/``False``: what a predicate's answer is used for."""
    if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
        yield node.test, TRUTH
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield node.operand, TRUTH
    elif isinstance(node, ast.BoolOp):
        yield from ((value, TRUTH) for value in node.values)
    elif isinstance(node, ast.comprehension):
        yield from ((test, TRUTH) for test in node.ifs)
    elif isinstance(node, ast.Compare) and len(node.ops) == 1:
        for side, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
            if isinstance(other, ast.Constant) and isinstance(other.value, bool):
                yield side, _BOOL_COMPARED


NONE_TESTED = "tests it against None"


def _none_tests(node: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """``x is None`` / ``x is not None``: what a value that may be None is asked first."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)):
        for side, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
            if _is_none(other) and not _is_none(side):
                yield side, NONE_TESTED


_ANSWERS = frozenset({"bool", "None"})


def _answers(annotation: ast.expr | None) -> set[str]:
    """The kinds a ``bool``/``bool | None``/``Optional[bool]`` annotation names; empty for any other."""
    found = _named_kinds(annotation)
    return found if found <= _ANSWERS else set()


def _named_kinds(annotation: ast.expr | None) -> set[str]:
    node = unquoted_expr(annotation)
    if isinstance(node, ast.Subscript) and outer_type_name(node) == "Optional":
        return {*_named_kinds(node.slice), "None"}
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _named_kinds(node.left) | _named_kinds(node.right)
    if _is_none(node):
        return {"None"}
    return {"bool"} if isinstance(node, ast.Name) and node.id == "bool" else {"?"}


def made_enum(before: ast.AST, after: ast.AST, enum: Callable[[str], bool]) -> tuple[set[str], str] | None:
    """(the old kinds, the enum's name) where ``-> bool`` (``| None``) became ``-> SomeEnum``."""
    if not isinstance(before, _Def) or not isinstance(after, _Def):
        return None
    old, new = _answers(before.returns), unquoted_expr(after.returns)
    if "bool" not in old or not isinstance(new, (ast.Name, ast.Attribute)) or not enum(outer_type_name(new)):
        return None
    return old, outer_type_name(new)


def _bool_made_enum(before: _Def, after: _Def, how: str, enum: Callable[[str], bool]) -> str | None:
    """#46363: ``OffloadingManager.lookup() -> bool | None`` (True a hit, False a miss, None "retry later")
    became ``-> LookupResult``, a plain ``Enum`` of four members.  A member is never None and never equals
    True or False, and each one is true: a fork's ``if manager.lookup(k, ctx) is None:`` never retries again,
    ``if not manager.lookup(...)`` never sees a miss."""
    made = made_enum(before, after, enum)
    if made is None or (how == NONE_TESTED and "None" not in made[0]):
        return None
    said = f"upstream made it return {made[1]}, an enum, where it returned {returned(before)}"
    effect = {
        NONE_TESTED: "tests it against None, which a member never is",
        _BOOL_COMPARED: "compares it with True or False, which a member never equals",
        TRUTH: "tests its truth, and every member is true (the old False and None read as True now)",
    }[how]
    return f"{said}: this line {effect}; match the members instead"


def bool_returns(before: ast.AST, after: ast.AST, override: _Def, enum: Callable[[str], bool]) -> list[int]:
    """The lines of the override's own returns that still hand back a bool (or None) where the base's ``->
    bool | None`` became an enum (``_bool_made_enum``): a comparison, a ``not``, True/False/None; any value but
    a call's (or a name or ``self.x`` the override binds only to calls' results: ``found = self.inner.lookup(key);
    return found`` delegates, the member handed on) when the override is annotated with the base's old return."""
    if not isinstance(before, _Def) or not isinstance(after, _Def) or made_enum(before, after, enum) is None:
        return []
    pinned = override.returns is not None and _answers(override.returns) == _answers(before.returns)
    return _old_kind_lines(override, after.name, pinned, _an_answer)


def _old_kind_lines(override: _Def, name: str, pinned: bool, old_kind: Callable[[ast.expr], bool]) -> list[int]:
    """The lines of the override's own returns that hand back a value of the old kind: one ``old_kind`` says is,
    or, when the override is ``pinned`` to the old annotation, any value but a call's (or a name or ``self.x``
    the override binds only to calls' results); a value handed on from ``super().name()`` is the new kind."""
    handed, called = _super_bound(override, name), _call_bound(override)
    return [
        value.lineno
        for value in own_returns(override)
        if value is not None
        and not _from_super(value, handed, name)
        and ((pinned and not _call_result(value, called)) or old_kind(value))
    ]


def _an_answer(node: ast.expr) -> bool:
    """A bool or None as written: ``True``/``False``/``None``, a comparison, a ``not``."""
    if isinstance(node, ast.Constant):
        return node.value is None or isinstance(node.value, bool)
    return isinstance(node, ast.Compare) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))


def plain_enum(node: ast.ClassDef) -> bool:
    """A class deriving from ``Enum`` alone (no int or str mixin: an ``IntEnum`` member equals its number)
    that defines neither ``__bool__`` nor ``__eq__``: a member is true, and equals only itself."""
    defined = {s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return [last_name(b) for b in node.bases] == ["Enum"] and not defined & {"__bool__", "__eq__", "__len__"}


def int_enum(node: ast.ClassDef) -> bool:
    """#12579: a class deriving from ``IntEnum``/``IntFlag`` (or ``int`` and ``Enum``), with no ``str`` base and no
    ``__eq__``/``__hash__`` of its own: a member equals and hashes as its number, never as a string."""
    bases = {last_name(b) for b in node.bases}
    defined = {s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    numbered = bool(bases & {"IntEnum", "IntFlag"}) or {"int", "Enum"} <= bases
    return numbered and not bases & {"str", "StrEnum"} and not defined & {"__eq__", "__hash__"}


def retabled(old: ast.Module, new: ast.Module, cls: str, func: _Def) -> bool:
    """#12579: the module's table of string values (``_FINISHED_REASON_MAP = {RequestStatus.X: "stop", ...}``) now
    holds ``cls``'s members (``RequestFinishedReason.STOP``): ``func``, reading it, returns the new kind though its
    body is unchanged.  Both are module-level dict displays bound to one name.  Only a changed table ``func``
    reads counts (mend59: another function of the module, its annotation alone changed, returns what it did)."""
    olds, news = _module_tables(old), _module_tables(new)
    changed = {
        name
        for name, values in news.items()
        if olds.get(name) and values and all(_string(v) for v in olds[name]) and all(_member_of(v, cls) for v in values)
    }
    return bool(changed) and _reads_table(func, changed, new)


def _reads_table(func: _Def, tables: set[str], module: ast.Module) -> bool:
    """``func`` names one of ``tables``, or calls a function of ``module`` (by its name) that does: #12579's
    ``Request.get_finished_reason`` hands on ``RequestStatus.get_finished_reason(self.status)``'s lookup."""
    called = {last_name(n.func) for n in ast.walk(func) if isinstance(n, ast.Call)}
    readers = [func, *(f for f in ast.walk(module) if isinstance(f, _Def) and f.name in called)]
    return any(isinstance(n, ast.Name) and n.id in tables for f in readers for n in ast.walk(f))


def _module_tables(module: ast.Module) -> dict[str, list[ast.expr]]:
    """name -> the values of the dict display a module-level assignment binds to it."""
    found: dict[str, list[ast.expr]] = {}
    for node in module.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and isinstance(value, ast.Dict):
            found[target.id] = list(value.values)
    return found


def _member_of(node: ast.expr, cls: str) -> bool:
    return isinstance(node, ast.Attribute) and last_name(node.value) == cls


class Doubtful(str):
    """A problem the engine cannot prove (said as a warning): a predicate made a collection, tested for truth."""


_COLLECTIONS = _SEQUENCES | {"dict", "Dict", "Mapping", "FrozenSet", "AbstractSet"}


def _bool_made_collection(before: _Def, after: _Def, how: str) -> str | None:
    """#34102: ``CUDAGraphMode.valid_runtime_modes(self) -> bool`` became a classmethod returning
    ``frozenset[CUDAGraphMode]`` (the predicate moved to ``is_valid_runtime_mode``); a fork's ``if not
    mode.valid_runtime_modes():`` is never true again.  A comparison with ``True``/``False`` is never equal
    (an error); a truth test is an error where the predicate was the instance's and is now the class's (its
    answer no longer depends on the value it is asked of: a constant), else a doubt (a non-empty collection
    may stand for the old ``True``)."""
    old, new = _element(before.returns, None), _element(after.returns, None)
    if outer_type_name(old) != "bool" or outer_type_name(new) not in _COLLECTIONS:
        return None
    said = f"upstream made it return {ast.unparse(new)} where it returned {ast.unparse(old)}"  # type: ignore[arg-type]
    if how == _BOOL_COMPARED:
        return f"{said}: this line {how}, which a collection never equals"
    if _instance_method(before) and not _instance_method(after):
        return (
            f"{said}, and made it {'a classmethod' if 'classmethod' in _decorators(after) else 'a staticmethod'}: "
            "this line tests its truth, which no longer depends on the value it is asked of (a non-empty "
            "collection is always true); the predicate is now another method"
        )
    return Doubtful(
        f"{said}: this line tests its truth, which is now whether the collection is empty; check the meaning"
    )


def _decorators(func: _Def) -> set[str]:
    return {outer_type_name(d) for d in func.decorator_list}


def _instance_method(func: _Def) -> bool:
    params = [*func.args.posonlyargs, *func.args.args]
    return bool(params) and params[0].arg == "self" and not _decorators(func) & {"classmethod", "staticmethod"}


_LIST_ATTRIBUTES = frozenset(dir(list))
_VALUE_USES = {
    "compares it with a value": "is never equal again (a list equals no such value)",
    "looks it up among values": "never finds it (a list is none of them)",
    "compares it by identity": "is never identical again",
    "calls it": "raises TypeError (a list is not callable)",
}


def _value_uses(node: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """The uses one value has and a list of them lacks: an equality or identity test with a value that is
    no literal (``== Backend.MARLIN``), membership in a display of such values, a call, an attribute a list
    does not have."""
    if isinstance(node, ast.Compare):
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            left, right = operands[i], operands[i + 1]
            if isinstance(op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)):
                how = "compares it by identity" if isinstance(op, (ast.Is, ast.IsNot)) else "compares it with a value"
                for side, other in ((left, right), (right, left)):
                    if _a_value(other):
                        yield side, how
            elif isinstance(op, (ast.In, ast.NotIn)) and _values(right):
                yield left, "looks it up among values"
    elif isinstance(node, ast.Call):
        yield node.func, "calls it"
        if isinstance(node.func, ast.Attribute):
            # ``t.max(dim=-1)``: a keyword only a tensor's methods take (an array's say ``axis``)
            for keyword in (k.arg for k in node.keywords if k.arg in TENSOR_KEYWORDS):
                yield node.func.value, f"calls .{node.func.attr}({keyword}=...) on it"
    elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.attr not in _LIST_ATTRIBUTES:
        yield node.value, f"reads .{node.attr} of it"


def _a_value(node: ast.expr) -> bool:
    """A named value (``Backend.MARLIN``, ``SOME_CLASS``), not a literal, a display or None."""
    return isinstance(node, (ast.Attribute, ast.Name)) and not (isinstance(node, ast.Name) and node.id == "None")


def _values(node: ast.expr) -> bool:
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and bool(node.elts) and all(map(_a_value, node.elts))


_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_CONVERTS = frozenset({"int", "float", "range"})
# methods a string has and a list, a tuple or a number lacks
_STR_METHODS = frozenset(
    {
        "startswith", "endswith", "lower", "upper", "strip", "lstrip", "rstrip", "split", "rsplit", "replace",
        "encode", "casefold", "partition", "rpartition", "splitlines", "removeprefix", "removesuffix", "isdigit",
    }
)  # fmt: skip
# methods only a binary string has (``bytes``, ``memoryview``): #24925 made ``serialize_item`` answer a tuple of
# chunks, and the fork's ``.hex()`` of its answer raises
_BYTES_METHODS = frozenset({"hex", "decode"})


KEYS = "keys "  # ``T[f()]``, ``T.get(f())``: said "keys T with it"


def _scalar_uses(node: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """The uses only a number or a string has: arithmetic, a comparison with a number, a comparison with a
    string (or a display of them) or a concatenation, ``int()``/``float()``/``range()``, a ``str`` method; and a
    lookup in a table it keys (which a string's kind decides only when the table's keys are strings)."""
    if (looked := table_lookup(node)) is not None:
        yield looked[1], f"{KEYS}{looked[0]} with it"
    if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC):
        for side, other in ((node.left, node.right), (node.right, node.left)):
            if isinstance(node.op, ast.Add) and (_string(other) or isinstance(other, ast.JoinedStr)):
                yield side, "joins it to a string"
            elif isinstance(node.op, ast.Add) and _binary(other):
                yield side, "joins it to bytes"
            elif not isinstance(other, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.JoinedStr)) and not _string(other):
                yield side, "computes with it"  # ``free // page_size``: a sequence or a string does no arithmetic
    elif isinstance(node, ast.Compare):
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            for side, other in ((operands[i], operands[i + 1]), (operands[i + 1], operands[i])):
                if isinstance(op, _ORDER) and _number(other):
                    yield side, "orders it against a number"
                elif isinstance(op, (ast.Eq, ast.NotEq)) and _number(other):
                    yield side, "compares it with a number"
                elif isinstance(op, (ast.Eq, ast.NotEq)) and _string(other):
                    yield side, "compares it with a string"
                elif isinstance(op, (ast.Eq, ast.NotEq)) and _binary(other):
                    yield side, "compares it with bytes"
            if isinstance(op, (ast.In, ast.NotIn)) and _strings(operands[i + 1]):
                yield operands[i], "compares it with a string"
    elif isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in _CONVERTS and len(node.args) == 1 and not node.keywords:
            yield node.args[0], f"takes {node.func.id}() of it"
        elif isinstance(node.func, ast.Attribute) and node.func.attr in _STR_METHODS | _BYTES_METHODS:
            yield node.func.value, f"calls .{node.func.attr}() on it"


def _number(node: ast.expr) -> bool:
    value = node.operand if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) else node
    return isinstance(value, ast.Constant) and type(value.value) in (int, float)


def _string(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _binary(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, bytes)


def _strings(node: ast.expr) -> bool:
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and bool(node.elts) and all(map(_string, node.elts))


def _bound_names(where: ast.AST, call: ast.Call) -> tuple[dict[str, int | None], int]:
    """Names the call's result is bound to (name -> its element, None for the whole), each bound once; and
    how many assignments unpack it into several names (``a, b = f()``)."""
    stores: dict[str, int] = {}
    bound: dict[str, int | None] = {}
    unpacks = 0
    for node in ast.walk(where):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and node is not where:
            for arg in parameter_names(node.args):  # ``def blocks(memory)`` inside: another value of the name
                stores[arg] = stores.get(arg, 0) + 1
        value = node.value.value if isinstance(node, ast.Assign) and isinstance(node.value, ast.Await) else None
        if isinstance(node, (ast.For, ast.comprehension)) and node.iter is call and isinstance(node.target, ast.Name):
            # ``for block_id in blocks.get_block_ids():``: the name takes each element in turn (#17945 made a
            # ``list[int]`` a ``list[list[int]]``, and ``block_id * size + 1`` raises)
            bound[node.target.id] = LOOPED
        if isinstance(node, ast.Assign) and (node.value is call or value is call) and len(node.targets) == 1:
            target = node.targets[0]
            unpacks += isinstance(target, (ast.Tuple, ast.List)) and len(target.elts) > 1
            if isinstance(target, ast.Name):
                bound[target.id] = None
            elif isinstance(target, ast.Tuple):
                # ``a, *rest, w = f()``: a starred name swallows a run of entries of a length not read here, so
                # only the names before it are the entries at their places
                placed = itertools.takewhile(lambda e: not isinstance(e, ast.Starred), target.elts)
                bound.update({e.id: i for i, e in enumerate(placed) if isinstance(e, ast.Name)})
    return {name: element for name, element in bound.items() if stores.get(name) == 1}, unpacks


def result_drift(
    before: ast.AST,
    after: ast.AST,
    after_module: ast.Module | None,
    use: Use,
    record: Callable[[str], bool] = bool,
    enum: Callable[[str], bool] = lambda _: False,
    numbered: Callable[[str], bool] = lambda _: False,
) -> str | None:
    """What upstream's change of the callee (``before`` -> ``after``, defs) does to ``use``, or None;
    ``record(name)`` answers whether a class the new annotation names is a record (``is_record``), ``enum(name)``
    whether it is a plain enum (``plain_enum``), ``numbered(name)`` whether it is an int enum (``int_enum``).  A
    loop's name is told of the element it takes."""
    found = _result_drift(before, after, after_module, use, record, enum, numbered)
    if found is None or use.element != LOOPED:
        return found
    return found.replace("upstream made it return ", "upstream made each element it returns ", 1).replace(
        " where it returned ", " where each was ", 1
    )


def _result_drift(
    before: ast.AST,
    after: ast.AST,
    after_module: ast.Module | None,
    use: Use,
    record: Callable[[str], bool] = bool,
    enum: Callable[[str], bool] = lambda _: False,
    numbered: Callable[[str], bool] = lambda _: False,
) -> str | None:
    """result_drift's answer, worded for the whole result."""
    if not isinstance(before, _Def) or not isinstance(after, _Def):
        return None
    if use.probed and use.how.startswith(("calls .", "reads .")):
        return None  # ``try: name.lower()`` / ``except AttributeError``, or under ``hasattr(name, "lower")``
    if use.how == "awaits":
        return _no_longer_awaitable(before, after) if use.element is None else None
    if use.how == _ELEMENT_COMPARED:
        return _compared_with_the_old_source(before, after, use)
    if use.how == _ELEMENT_ATTRIBUTE:
        if use.probed:
            return None  # read in a ``try`` catching AttributeError, or where a test expects it raised
        return _element_attribute_gone(before, after, use) or _element_reflavoured(before, after, use)
    if use.how in (TRUTH, _BOOL_COMPARED, NONE_TESTED):
        if use.element is not None:
            return None
        collection = _bool_made_collection(before, after, use.how) if use.how != NONE_TESTED else None
        return collection or _bool_made_enum(before, after, use.how, enum)
    old, new = _element(before.returns, use.element), _element(after.returns, use.element)
    if old is None or new is None:
        return None
    if (reflavoured := _reflavoured(old, new, use.how)) is not None:
        return reflavoured
    if (mapped := _made_a_mapping(old, new, use.how, use.caught, use.key)) is not None:
        return mapped
    if use.element is None and (listed := _made_a_list(old, new, use.how)) is not None:
        return listed
    made_record = _KIND_OF.get(outer_type_name(old)) == "number" and isinstance(new, ast.Name) and record(new.id)
    if made_record:
        return _kind_changed(old, new, use.how, use.caught, "record")
    if _KIND_OF.get(outer_type_name(old)) == "string" and isinstance(new, (ast.Name, ast.Attribute)):
        # #12579: ``get_finished_reason() -> Union[str, None]`` made ``-> Union[RequestFinishedReason, None]``, an
        # IntEnum: a member is a number to every use a string had (``== "stop"``, ``.upper()``, a string key)
        if numbered(outer_type_name(new)):
            return _kind_changed(old, new, use.how, use.caught, "number")
    if use.how not in _SEQUENCE_USES or outer_type_name(old) not in _SEQUENCES or after_module is None:
        return _kind_changed(old, new, use.how, use.caught)
    wrapper = _plain_class(after_module, outer_type_name(new))
    if wrapper is None:
        return _kind_changed(old, new, use.how, use.caught)
    was, now = ast.unparse(old), ast.unparse(new)
    return f"upstream made it return {now} where it returned {was}: a {wrapper} this line {use.how}, which raises"


_SEQUENCE_USES = frozenset({"iterates", "takes len() of", "indexes", "unpacks"})
_TO_NUMBER = ("takes int() of it", "takes float() of it")
_NUMBER_USES = {
    "computes with it": "raises TypeError or computes something else",
    "orders it against a number": "raises TypeError",
    "compares it with a number": "is never equal again",
    **dict.fromkeys(_TO_NUMBER, "raises TypeError"),
}
_NUMBERS = frozenset({"int", "float"})
_BINARY = frozenset({"bytes", "bytearray", "memoryview"})
# an abstract collection is no string and no number: a sequence for what the old kind's uses do with it
_ITERABLES = frozenset({"Iterable", "Iterator", "Generator", "Collection"})
_KIND_OF = {
    **dict.fromkeys(_NUMBERS, "number"),
    "str": "string",
    **dict.fromkeys(_BINARY, "bytes"),
    **dict.fromkeys(_SEQUENCES | _ITERABLES, "sequence"),
}
# what each kind answers to (a sequence: a list's or a tuple's; a number: an int's or a float's): a method the
# old kind has and the new one lacks raises AttributeError
_METHODS_OF = {
    "string": frozenset(dir(str)),
    "bytes": frozenset(dir(bytes)) | frozenset(dir(memoryview)),
    "sequence": frozenset(dir(list)) | frozenset(dir(tuple)),
    "number": frozenset(dir(int)) | frozenset(dir(float)),
}


def _kind(node: ast.expr | None) -> str | None:
    """The kind an annotation names (its outer name's); "bytes" for a union of binary kinds only
    (``Union[bytes, memoryview]``, ``bytes | memoryview``)."""
    kind = _KIND_OF.get(outer_type_name(node))
    if kind is not None or node is None:
        return kind
    members = _union_members(node)
    return "bytes" if len(members) > 1 and all(outer_type_name(m) in _BINARY for m in members) else None


def _union_members(node: ast.expr) -> list[ast.expr]:
    """The members of ``Union[A, B]`` or ``A | B`` (nested ``|`` flattened); [] for anything else."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return [*(_union_members(node.left) or [node.left]), *(_union_members(node.right) or [node.right])]
    if isinstance(node, ast.Subscript) and outer_type_name(node) == "Union":
        return list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
    return []


def _lost_method(was: str, now: str, how: str) -> bool:
    """``calls .m() on it``: the old kind has ``m`` and the new one lacks it (a string's ``startswith`` on a
    list; a bytes' ``hex`` on a tuple of chunks, not on a float, which has one)."""
    method = how.removeprefix("calls .").split("(", 1)[0]
    return method in _METHODS_OF.get(was, frozenset()) and method not in _METHODS_OF.get(now, frozenset())


def _kind_changed(old: ast.expr, new: ast.expr, how: str, caught: bool = False, now: str | None = None) -> str | None:
    """What a use the old kind (a number, a string, a sequence) supports does with the new one (``now``, or
    the kind its annotation names), or None; None too where it raises a TypeError the fork catches (``caught``)."""
    was, now = _kind(old), now or _kind(new)
    if was is None or now is None or was == now:
        return None
    effect: str | None
    if how in _NUMBER_USES:
        if was != "number" or (now == "string" and how in _TO_NUMBER):
            return None  # int("4") still works
        effect = _NUMBER_USES[how]
    elif how == "takes range() of it":
        effect = "raises TypeError" if was == "number" else None
    elif how == "compares it with a string":
        effect = "never matches" if was == "string" else None
    elif how == "joins it to a string":
        effect = "raises TypeError" if was == "string" else None
    elif how.startswith(KEYS):
        effect = "finds none of the table's string keys (KeyError, or .get's default)" if was == "string" else None
    elif how == "compares it with bytes":
        effect = "never matches" if was == "bytes" else None
    elif how == "joins it to bytes":
        effect = "raises TypeError" if was == "bytes" else None
    elif how.startswith("calls ."):
        effect = "raises AttributeError" if was in ("string", "bytes") and _lost_method(was, now, how) else None
    elif how == "unpacks" and outer_type_name(old) in ("tuple", "Tuple"):
        return None  # a returned tuple's shape is return drift's (drift/returns.py): one finding a line
    elif how in _SEQUENCE_USES:
        effect = None if was != "sequence" else "raises TypeError" if now == "number" else "reads its characters"
    else:
        return None
    if effect is None or (caught and effect.startswith("raises TypeError")):
        return None
    what = f"{how} it" if how in _SEQUENCE_USES else how
    return f"upstream made it return {ast.unparse(new)} where it returned {ast.unparse(old)}: this line {what}, which {effect}"


def _made_a_list(old: ast.expr, new: ast.expr, how: str) -> str | None:
    """``-> X`` made ``-> list[X]`` (a sequence of the very annotation): what a use of one value does now."""
    effect = _VALUE_USES.get(how) or ("raises AttributeError" if how.startswith("reads .") else None)
    if effect is None or outer_type_name(old) in _SEQUENCES or outer_type_name(new) not in _SEQUENCES:
        return None
    items = new.slice.elts if isinstance(new, ast.Subscript) and isinstance(new.slice, ast.Tuple) else None
    if items is not None and not (
        len(items) == 2 and isinstance(items[1], ast.Constant) and items[1].value is Ellipsis
    ):
        return None  # a tuple of several values is return drift's
    element = items[0] if items is not None else new.slice if isinstance(new, ast.Subscript) else None
    if element is None or ast.unparse(unoptional(element)) != ast.unparse(old):
        return None
    return f"upstream made it return {ast.unparse(new)} where it returned {ast.unparse(old)}: this line {how}, which {effect}"


_MEMBER_READ = lazy_pattern(r"reads \.(\w+) of it")
_KEYWORD_CALL = lazy_pattern(r"calls \.(\w+)\((\w+)=\.\.\.\) on it")


def _reflavoured(old: ast.expr, new: ast.expr, how: str) -> str | None:
    """#30697: ``DefaultEplbPolicy.replicate_experts() -> tuple[torch.Tensor, ...]`` became ``-> tuple[np.ndarray,
    ...]`` (the body rewritten in NumPy); a fork's ``_, _, logcnt = Policy.replicate_experts(w, n)`` then
    ``logcnt.to(device)`` reads a member an array lacks (AttributeError), and ``pack.max(dim=-1)`` hands an
    array's method a tensor's keyword (TypeError).  Only where one annotation names a tensor and the other an
    array (a union of both keeps the old flavour possible: quiet), and only for a member the new flavour has
    under no name (an array's ``size`` is an int: its read works)."""
    was, now = NAMED.get(outer_type_name(old)), NAMED.get(outer_type_name(new))
    if was is None or now is None or was == now:
        return None
    said = f"upstream made it return {ast.unparse(new)} where it returned {ast.unparse(old)}"
    if (read := _MEMBER_READ.fullmatch(how)) is not None and read.group(1) in ABSENT[was]:
        return f"{said}: this line {how}, which {SHOWN[now]} has not (AttributeError)"
    if (keyword := _KEYWORD_CALL.fullmatch(how)) is not None and was == "tensor":
        method, name = keyword.groups()
        return f"{said}: this line {how}, and {SHOWN[now]}'s {method}() takes no {name}= (TypeError)"
    return None


_MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "defaultdict"})
_DICT_MEMBERS = frozenset(dir(dict))


def _made_a_mapping(old: ast.expr, new: ast.expr, how: str, caught: bool, key: str = "") -> str | None:
    """An array made a mapping of arrays (#33046: ``prepare_inputs_to_capture() -> tuple[dict[str, Any],
    torch.Tensor]`` became ``-> tuple[dict[str, Any], dict[str, torch.Tensor]]``, the slot mappings by layer):
    a use only an array has raises on the dict -- a member a dict lacks, read or called (``.contiguous()``,
    ``.shape``: AttributeError), arithmetic or an order against a number (TypeError), and an index into a dict
    keyed by strings (a tensor's index is a number, a slice, a tuple or a tensor: KeyError, or TypeError for an
    unhashable one).  Only where the old annotation names a tensor or an array and the new one a mapping (a
    union keeps the old kind possible: quiet); a dict keyed by anything else may take the old index: quiet.
    The index is judged by its own text (``index_key``): an error only for one that is no string whatever runs
    (``[0]``, ``[:, :n]``, ``[i + 1]``); a string one (``["model.layers.0.attn"]``, ``[f"..."]``) is the new
    dict's own lookup: quiet; one of unknown kind (``[name]``, ``[group.layer_names[0]]``: a layer name, or a
    group number the old tensor took) is a warning (``Doubtful``)."""
    was = NAMED.get(outer_type_name(old))
    if was is None or outer_type_name(new) not in _MAPPINGS:
        return None
    said = f"upstream made it return {ast.unparse(new)} where it returned {ast.unparse(old)}"
    read = _MEMBER_READ.fullmatch(how) or _KEYWORD_CALL.fullmatch(how)
    if read is not None and read.group(1) not in _DICT_MEMBERS:
        return f"{said}: this line {how}, which a dict has not (AttributeError)"
    if how in ("computes with it", "orders it against a number") and not caught:
        return f"{said}: this line {how}, which raises TypeError on a dict"
    keyed = new.slice.elts[0] if isinstance(new, ast.Subscript) and isinstance(new.slice, ast.Tuple) else None
    if how != "indexes" or keyed is None or outer_type_name(keyed) != "str" or caught or key == KEY_STR:
        return None
    if key == KEY_NOT_STR:
        return f"{said}: this line indexes it as {SHOWN[was]}, which the dict keyed by strings raises on (KeyError)"
    return Doubtful(
        f"{said}: this line indexes it by a key of unknown kind -- a layer name reads the dict, but an index "
        f"{SHOWN[was]} takes (a group number, a tensor) raises KeyError on the dict keyed by strings"
    )


def _element_reflavoured(before: _Def, after: _Def, use: Use) -> str | None:
    """``Policy.replicate_experts(w, n)[2].to(device)``: the member read off an element the call's tuple holds at
    a literal index, where upstream made that element the other flavour (``_reflavoured``)."""
    index, _, attr = use.other.partition(".")
    if use.element is not None:
        return None  # an element of an unpacked name: an index into a value read apart already
    old, new = _element(before.returns, int(index)), _element(after.returns, int(index))
    if old is None or new is None:
        return None
    return _reflavoured(old, new, f"reads .{attr} of it")


def _compared_with_the_old_source(before: _Def, after: _Def, use: Use) -> str | None:
    """#27211: ``_gen_lora_extra_hash_keys() -> list[int]`` returned ``[request.lora_request.lora_int_id]`` and
    now ``-> list[str]`` returns ``[...lora_name]``; a fork test ``keys[0] == req.lora_request.lora_int_id``
    compares an element with what the element was, a value of the old kind: never equal again.  Only where
    the old returns name it (by its last name) and the new ones do not."""
    old, new = _element(before.returns, use.element), _element(after.returns, use.element)
    old, new = _element(old, 0), _element(new, 0)  # ``list[int]``: its element
    was, now = _KIND_OF.get(outer_type_name(old)), _KIND_OF.get(outer_type_name(new))
    if old is None or new is None or was is None or now is None or was == now or "sequence" in (was, now):
        return None
    if not _returns_name(before, use.other) or _returns_name(after, use.other):
        return None
    return (
        f"upstream made it return {ast.unparse(after.returns)} where it returned {ast.unparse(before.returns)} "  # type: ignore[arg-type]
        f"(its element was {use.other}, which it no longer returns): this line compares an element with "
        f"{use.other}, a {was}, which is never equal to a {now}"
    )


def _returns_name(func: _Def, name: str) -> bool:
    """Whether a value ``func`` itself returns names ``name`` (as a name or an attribute's last part)."""
    return any(
        isinstance(n, (ast.Name, ast.Attribute)) and last_name(n) == name
        for value in own_returns(func)
        if value is not None
        for n in ast.walk(value)
    )


def _no_longer_awaitable(before: _Def, after: _Def) -> str | None:
    if not _awaitable(before) or _awaitable(after) or after.returns is None:
        return None
    return (
        f"upstream made it a plain def returning {ast.unparse(after.returns)} (it returned an awaitable): "
        "this line awaits a value, which raises TypeError"
    )


def _awaitable(func: _Def) -> bool:
    return isinstance(func, ast.AsyncFunctionDef) or outer_type_name(_element(func.returns, None)) in _AWAITABLES


def _element(annotation: ast.expr | None, element: int | None) -> ast.expr | None:
    """The annotation without ``Optional``/``| None`` (a quoted one parsed), or its k-th tuple element."""
    node = unquoted_expr(annotation)
    node = unoptional(node) if node is not None else None
    if element is None or node is None:
        return node
    if not isinstance(node, ast.Subscript) or outer_type_name(node) not in _SEQUENCES:
        return None
    items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
    if outer_type_name(node) not in ("tuple", "Tuple"):  # ``list[int]``: every element is one
        return unoptional(items[0]) if len(items) == 1 else None
    if element == LOOPED:  # a loop over a tuple: one kind only where it is ``tuple[X, ...]``
        variadic = len(items) == 2 and isinstance(items[1], ast.Constant) and items[1].value is Ellipsis
        return unoptional(items[0]) if variadic else None
    if any(isinstance(i, ast.Constant) and i.value is Ellipsis for i in items) or element >= len(items):
        return None
    return unoptional(items[element])


def unquoted_expr(node: ast.expr | None) -> ast.expr | None:
    """A quoted annotation's expression (``source.parsed_expression``: None where it is none); any other node as is."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return parsed_expression(node.value)
    return node


def unoptional(node: ast.expr) -> ast.expr:
    """``X`` for ``X | None``, ``None | X``, ``Optional[X]`` and ``Union[X, None]``; ``node`` otherwise."""
    if isinstance(node, ast.Subscript) and outer_type_name(node) == "Optional":
        return node.slice
    if isinstance(node, ast.Subscript) and outer_type_name(node) == "Union" and isinstance(node.slice, ast.Tuple):
        sides = [s for s in node.slice.elts if not (isinstance(s, ast.Constant) and s.value is None)]
        return sides[0] if len(sides) == 1 else node
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [s for s in (node.left, node.right) if not (isinstance(s, ast.Constant) and s.value is None)]
        return sides[0] if len(sides) == 1 else node
    return node


def outer_type_name(node: ast.expr | None) -> str:
    """``list`` for ``list[int]``, ``typing.List[int]``, ``list``; "" when not a name."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _plain_class(module: ast.Module, name: str) -> str | None:
    """``name`` when the module defines it as a class that cannot be iterated, sized or indexed."""
    node = next((n for n in module.body if isinstance(n, ast.ClassDef) and n.name == name), None)
    if node is None or node.keywords or any(not (isinstance(b, ast.Name) and b.id == "object") for b in node.bases):
        return None
    defined = {s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return None if defined & _CONTAINER_PROTOCOL else name


_NUMERIC_DUNDERS = frozenset(
    {"__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__rtruediv__"}
    | {"__floordiv__", "__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__float__", "__int__", "__index__"}
)


def is_record(node: ast.ClassDef) -> bool:
    """A class that is a record of fields and no number: a ``NamedTuple`` or a class with no base but
    ``object`` (a dataclass), no metaclass, none of a number's operators (#39240: ``compile_or_warm_up_model()
    -> float`` became ``-> CompilationTimes``, a ``NamedTuple`` of two floats: ``t + 1.0`` raises)."""
    plain = all(last_name(b) in ("NamedTuple", "object") for b in node.bases)
    defined = {s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return plain and not node.keywords and not defined & _NUMERIC_DUNDERS


def old_kind_returns(before: ast.AST, after: ast.AST, override: _Def, record: Callable[[str], bool]) -> list[int]:
    """The lines of the override's own returns that hand back a number where the base's ``-> int``/``-> float``
    became a record (``is_record``): a literal, a conversion or arithmetic; any value but a call's not taken
    from ``super()`` when the override is annotated with the base's old return (a call may be the base's by
    another road, ``self.inner.name()``: only its own annotation pins it, too little for an error)."""
    if not isinstance(before, _Def) or not isinstance(after, _Def):
        return []
    old, new = _element(before.returns, None), _element(after.returns, None)
    if _KIND_OF.get(outer_type_name(old)) != "number" or not isinstance(new, ast.Name) or not record(new.id):
        return []
    pinned = override.returns is not None and old is not None and ast.unparse(override.returns) == ast.unparse(old)
    return _old_kind_lines(override, after.name, pinned, _a_number)


def unlisted_returns(before: ast.AST, after: ast.AST, override: _Def) -> list[int]:
    """The lines of the override's own returns that hand back a list where the base's ``-> list[X]`` (or
    ``List[X]``, ``Sequence[X]``, ``tuple[X, ...]``) became ``-> X`` (#26564: ``_get_attention_metadata_builder()
    -> list[AttentionMetadataBuilder]`` became ``-> AttentionMetadataBuilder``, and ``propose`` now calls it and
    builds with the result): a list display, a comprehension or ``list(...)``; any value but a call's when the
    override is annotated with the base's old return.  A value handed on from ``super()`` is the new kind."""
    if not isinstance(before, _Def) or not isinstance(after, _Def) or before.returns is None or after.returns is None:
        return []
    element = _listed_element(before.returns)
    if element is None or ast.unparse(element) != ast.unparse(after.returns) or _head(after.returns) in _ANYTHING:
        return []
    pinned = override.returns is not None and ast.unparse(override.returns) == ast.unparse(before.returns)
    nested = _head(after.returns) in _LIST_LIKE
    return _old_kind_lines(override, after.name, pinned, _a_list_of_lists if nested else _a_list)


def _listed_element(annotation: ast.expr) -> ast.expr | None:
    """``X`` of ``list[X]``, ``List[X]``, ``Sequence[X]`` or ``tuple[X, ...]``; None for any other annotation."""
    if not isinstance(annotation, ast.Subscript) or last_name(annotation.value) not in _LISTS:
        return None
    inner = annotation.slice
    if isinstance(inner, ast.Tuple):
        variadic = len(inner.elts) == 2 and isinstance(inner.elts[1], ast.Constant) and inner.elts[1].value is ...
        return inner.elts[0] if variadic and last_name(annotation.value) in ("tuple", "Tuple") else None
    return inner


_LISTS = frozenset({"list", "List", "Sequence", "tuple", "Tuple"})


def _head(annotation: ast.expr) -> str:
    """``list`` of ``list[int]`` and of ``list``; "" for anything but a name or a subscripted one."""
    return last_name(annotation.value if isinstance(annotation, ast.Subscript) else annotation)


def _a_list_of_lists(node: ast.expr) -> bool:
    """A list of lists as written, where the new kind is itself a list (review92: #18459's revert made
    ``get_block_ids() -> list[list[int]]`` ``-> list[int]``, and an override returning the flat ids as a
    comprehension is the new kind): a display or comprehension whose elements are lists as written."""
    if isinstance(node, ast.List):
        return any(_a_list(e) for e in node.elts)
    return isinstance(node, ast.ListComp) and _a_list(node.elt)


_LIST_LIKE = frozenset({"list", "List", "Sequence", "MutableSequence", "Iterable", "Collection"})
_ANYTHING = frozenset({"Any", "object"})  # the new kind may be a list too: a list as written tells nothing


def _a_list(node: ast.expr) -> bool:
    """A list as written: a display, a comprehension, or ``list(...)``."""
    if isinstance(node, (ast.List, ast.ListComp)):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "list"


def returned(func: ast.AST) -> str:
    """The return annotation of a def, as written; "" for none."""
    annotation = func.returns if isinstance(func, _Def) else None
    return ast.unparse(annotation) if annotation is not None else ""


def _a_number(node: ast.expr) -> bool:
    if _number(node) and not isinstance(getattr(node, "value", None), bool):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in ("int", "float", "round")
    return isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC) and not _string(node.left)


def _call_result(value: ast.expr, called: set[str]) -> bool:
    """A call's result, directly or through a name (or attribute) bound only to calls."""
    value = value.value if isinstance(value, ast.Await) else value
    return isinstance(value, ast.Call) or (isinstance(value, ast.Name | ast.Attribute) and ast.unparse(value) in called)


def _call_bound(func: _Def) -> set[str]:
    """Names and attributes (``found``, ``self.last``) every assignment in ``func`` binds to a call's result."""
    bound: dict[str, bool] = {}
    for node in ast.walk(func):
        for target, value in _bindings(node):
            key = ast.unparse(target)
            bound[key] = bound.get(key, True) and value is not None and _call_result(value, set())
    return {key for key, only_calls in bound.items() if only_calls}


def _bindings(node: ast.AST) -> list[tuple[ast.expr, ast.expr | None]]:
    """The names and attributes a statement assigns, each with the value (None: an augmented one, not a call's)."""
    pairs: list[tuple[ast.expr, ast.expr | None]]
    if isinstance(node, ast.Assign):
        pairs = [(t, node.value) for t in node.targets]
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        pairs = [(node.target, node.value if isinstance(node, ast.AnnAssign) else None)]
    else:
        return []
    return [(t, v) for t, v in pairs if isinstance(t, ast.Name | ast.Attribute)]


def _super_bound(func: _Def, name: str) -> set[str]:
    """Names ``func`` binds to a value its base's ``name`` gave (``t = super().name()``)."""
    return {
        t.id
        for node in ast.walk(func)
        if isinstance(node, ast.Assign) and _from_super(node.value, set(), name)
        for t in node.targets
        if isinstance(t, ast.Name)
    }


def _from_super(node: ast.expr, bound: set[str], name: str) -> bool:
    return any((isinstance(n, ast.Name) and n.id in bound) or _base_call(n, name) for n in ast.walk(node))


def _base_call(node: ast.AST, name: str) -> bool:
    """``super().name(...)`` or ``Base.name(self, ...)``: the base's own result."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or node.func.attr != name:
        return False
    receiver = node.func.value
    if isinstance(receiver, ast.Call):
        return last_name(receiver.func) == "super"
    explicit = bool(node.args) and isinstance(node.args[0], ast.Name) and node.args[0].id == "self"
    return explicit and isinstance(receiver, ast.Name | ast.Attribute)


def value_returned_now(before: ast.AST, after: ast.AST) -> str | None:
    """The annotation of the value a method returns now, where it was annotated ``-> None`` before
    (#35503: ``compile_or_warm_up_model() -> None`` became ``-> float``); None when the new annotation
    still admits None (``float | None``, ``Optional[...]``, ``Any``, ``object``) or its body returns none.
    Asked of every side of a union (mend59): ``unoptional`` leaves ``Union[float, int, None]`` whole, one
    kind not being what remains."""
    if not isinstance(before, _Def) or not isinstance(after, _Def) or not _is_none(before.returns):
        return None
    new = unquoted_expr(after.returns)
    if new is None or _admits_none(new) or outer_type_name(new) in _ANY:
        return None
    return ast.unparse(new) if not returns_nothing(after) else None


def returns_nothing(func: _Def) -> bool:
    """``func``'s own body (not a nested def's) returns no value and yields none; a stub does not count: a
    body that only raises, an ``@abstractmethod``, or a body of a docstring or ``...`` alone under a return
    annotation that is not None (a declaration the subclasses implement)."""
    body = [s for s in func.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(body) == 1 and isinstance(body[0], ast.Raise):
        return False
    if any(outer_type_name(d) == "abstractmethod" for d in func.decorator_list):
        return False
    if not body and func.returns is not None and not _is_none(func.returns):
        return False
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return False
        if isinstance(node, ast.Return) and node.value is not None and not _is_none(node.value):
            return False
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    return True


def value_use(module: ast.Module, name: str) -> int | None:
    """The line of a call in ``module`` that uses the value of method ``name`` (``x.name()``, or a call
    naming it as a string: ``collective_rpc("name")``): bound, returned, passed or computed with, not a
    statement of its own; a call whose bound name the function tests against None tolerates None."""
    parents = parent_map(module)
    for node in ast.walk(module):
        if not isinstance(node, ast.Call) or not _names_method(node, name):
            continue
        holder = parents.get(id(node))
        holder = parents.get(id(holder)) if isinstance(holder, ast.Await) else holder
        if holder is None or isinstance(holder, ast.Expr):
            continue
        if isinstance(holder, (ast.Assign, ast.AnnAssign)) and _none_tested(holder, parents):
            continue
        return node.lineno
    return None


def _names_method(call: ast.Call, name: str) -> bool:
    if isinstance(call.func, ast.Attribute) and call.func.attr == name:
        return True
    return any(isinstance(a, ast.Constant) and a.value == name for a in call.args[:1])


def _none_tested(stmt: ast.Assign | ast.AnnAssign, parents: dict[int, ast.AST]) -> bool:
    """A name the statement binds is compared with None (``is None``/``is not None``) in its function."""
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    names = {t.id for t in targets if isinstance(t, ast.Name)}
    scope: ast.AST | None = stmt
    while scope is not None and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        scope = parents.get(id(scope))
    for node in ast.walk(scope) if scope is not None else ():
        if isinstance(node, ast.Compare) and any(isinstance(o, (ast.Is, ast.IsNot)) for o in node.ops):
            sides = [node.left, *node.comparators]
            if any(isinstance(x, ast.Name) and x.id in names for x in sides) and any(_is_none(x) for x in sides):
                return True
    return False


def _is_none(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


_ANY = frozenset({"Any", "object"})


def parameter_kind(func: ast.AST, name: str) -> str:
    """The kind parameter ``name`` of ``func`` is annotated as (``set`` for ``set[str]``, ``KVConnectorMetadata``
    for ``"KVConnectorMetadata | None"``), lower-cased for a builtin's typing alias (``List`` is ``list``);
    "" when unannotated, a union of several, or ``Any``/``object``."""
    if not isinstance(func, _Def):
        return ""
    args = func.args
    found = next((a for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if a.arg == name), None)
    node = unquoted_expr(found.annotation) if found is not None else None
    outer = outer_type_name(unoptional(node)) if node is not None else ""
    return "" if outer in _ANY else outer.lower() if outer.lower() in _BUILTIN_KINDS else outer


_BUILTIN_KINDS = frozenset({"list", "dict", "set", "frozenset", "tuple", "type"})
