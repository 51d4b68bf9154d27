"""Nulled attributes: a constructor that built an attribute itself now takes it as a parameter defaulting to None.

#32148 turned ``EmbeddingPoolerHead.__init__(self)``'s ``self.activation = PoolerNormalize()`` into
``__init__(self, projector=None, head_dtype=None, activation: ActivationFn | None = None)`` with
``self.activation = activation``; upstream's own ``forward`` now asks ``if self.activation is not None``.  A
fork subclass's ``self.activation(x)``, built on the inherited constructor's defaults, merges cleanly and
raises ``TypeError: 'NoneType' object is not callable``.  No name moved (the attribute is still set), so
symbol drift stays quiet.  The shape recurs wherever upstream inverts a dependency: #31973 (``pooling``),
#41184 (``expert_map_manager``), #38410 (``image_processor``), #20927 (``head``).

Upstream's side: a class of a changed file whose ``__init__`` set ``self.X`` at its top level to a new
object (a call of a capitalized name) at the base, and now sets it only from its parameter ``X`` defaulting
to ``None`` (no other method of the class assigns it, ``__init__`` binds no value to the parameter: #36630's
``if image_processor is None: image_processor = ...`` keeps it built).  The fork's side, on a line it owns: a class deriving
from that class (imported from its module or a package above it) that calls ``self.X(...)``, or reads an
attribute or an item of it, in a method that never tests it (``if self.X``, ``is None``, ``and``/``or``,
``getattr``).  Quiet where the fork's class sets ``self.X`` itself, passes ``X=`` (or anything by position)
to ``super().__init__``, or where a fork line builds the class with ``X=`` or positional arguments: the
value may arrive.

A warning, not an error (fixAE): whether the value arrives is a guess about who builds the class, and nine
correct spellings fooled the first engine.  Quiet too where the class's name escapes as a value (any mention
but its ``class`` line, an import, a call without arguments or with keywords none of them ``X``: an alias,
``functools.partial``, a subclass, a registry), a classmethod's ``cls(X=...)``, ``setattr(self, "X", ...)``,
a method or property named ``X`` in the class, a base the module defines (a mixin, a shim shadowing the
imported name, which the name means first) that sets ``self.X`` or defines ``__init__``, and a use inside a
``try`` catching ``TypeError``/``AttributeError``/``Exception``.

Since mend47 also one class further (#32299's ``SiglipVisionModel``): a class of the same file whose
``__init__`` builds such a class once into ``self.A`` handing the flag from a new falsy parameter of its own
(``self.vision_model = SiglipVisionTransformer(..., use_head=use_head)``): a fork subclass of the holder
reading ``self.A.X`` (``self.vision_model.head.probe``) meets None the same way.  The same quiet spellings
apply, the flag handed to the holder's constructor, the fork's class setting ``self.A`` (or ``self.A.X``)
itself, a test of ``self.A.X`` or of the flag attribute ``self.A.F`` the held class's test reads.

Since killers145 also an attribute made lazy: ``__init__`` set ``self.X`` to a value (never None) at the base
and now sets it only to None, another method of the class building it when first needed (#44823's
``TopKTopPSampler.aiter_ops``, built by ``_init_aiter_ops`` on the first ROCm forward).  A fork subclass's
unguarded use warns the same way; no constructor keyword brings it, so only the fork's class setting it, a test
of it, or a call of the building method in the same method quiets it.  Not this shape: a value None at the base
on some path (``make() if cfg else None``), a constructor still calling the builder or handing ``self`` to a
call, and a use in the fork's ``__init__`` (nulled setups' and deferred inits' to judge).

Since killers157 the opt-in spelt as statements (``self.X = None``, then ``if flag: self.X = Cls(...)``), and an
old flag where the base built the attribute whatever it said (#41055's ``FusedMoE.eplb_state``, None now unless
``enable_eplb``).

Since killers168 also an attribute set back to None later: ``__init__`` gives ``self.X`` a value at both commits,
another method now sets it to None on one path (none did at the base), and the class now tests it ``is None``
(#18488's ``Eagle3LlamaForCausalLM.draft_id_to_target_id``, None after ``load_weights`` for a checkpoint without
``d2t``).  Quiet where the fork's class overrides that method, and for a use in the fork's ``__init__``; a fork
function's ``x.X`` with ``x`` annotated as the class warns too (no constructor keyword brings the value back).  An
arithmetic operand (``base + self.X``) is a use too, for every shape.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Protocol, TypeGuard, TypeVar, cast

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.none_uses import FAILING_BUILTINS
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, str_value

# a removed line opening with ``self.``, in a side's raw diff: every candidate's test asks for one (``_BUILT`` or
# ``SELF_SET`` on a removed line), so a diff without is passed over before its lines are scanned one by one (540 of
# the 666 diffs of 500 bench commits; 14 -> 8 ms where a fork uses every attribute); a changed line's text is
# split at "\n" only, so ``\s`` on it is ``[^\S\n]`` here
_SETS_SELF = lazy_pattern(r"\n-[^\S\n]+self\.")
# an added line setting an attribute back to None (``self.draft_id_to_target_id = None``): a diff may null one
# without removing any ``self.`` line (killers168, #18488)
_NULLS_SELF = lazy_pattern(r"\n\+[^\S\n]+self\.\w+[^\S\n]*=[^\S\n]*None\b")
# a removed line building an attribute (``self.activation = PoolerNormalize()``)
_BUILT = lazy_pattern(r"^\s+self\.(\w+)\s*=\s*(?:\w+\.)*[A-Z]\w*\(")
# a fork line using ``self.X`` as a callee, a receiver or a container, or an arithmetic operand (killers168:
# ``base + self.draft_id_to_target_id``, None there is a TypeError too)
# and an argument of a builtin failing on None (``_failing_builtin``; ``type`` for ``_type_compared``): the
# first, or a later one on the line (readG: ``enumerate(self.X)``, ``sorted(self.X, key=k)``, ``zip(a, self.X)``)
_BUILTINS = "|".join(sorted(FAILING_BUILTINS | {"type"}))
_USED = lazy_pattern(
    r"\bself\.(\w+)\s*(?:[(.\[]|[-+*/@|&](?!=))|[-+*/@|&]\s*self\.(\w+)"
    rf"|\b(?:{_BUILTINS})\((?:[^()\n]*,)?\s*self\.(\w+)"
)
# a fork line using ``self.A.X`` so: ``X`` of an object the class holds
_HELD = lazy_pattern(r"\bself\.\w+\.(\w+)\s*[(.\[]")
# a fork line using ``x.X`` so, off a name other than ``self`` (a parameter typed as upstream's class)
_TYPED = lazy_pattern(
    r"\b(?!self\b)[a-z_]\w*\.(\w+)\s*(?:[(.\[]|[-+*/@|&](?!=))|[-+*/@|&]\s*(?!self\b)[a-z_]\w*\.(\w+)"
)
_MOST_FILES = 32
_IMPORT = lazy_pattern(r"\s*(?:from\s+\S+\s+)?import\b")
# what calling, reading off or indexing None raises, and what catches it
_NONE_RAISES = frozenset({"TypeError", "AttributeError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Nulled:
    """``cls`` (of ``path``) now leaves ``self.attr`` at its parameter's ``None`` default."""

    path: str
    cls: str
    attr: str
    line: int
    flag: str = ""  # the new parameter that opts the attribute in (killers135); "": the attribute's own
    # the ``self.F`` attributes the opt-in's test reads: the attribute is None exactly when they are falsy,
    # so the fork testing one of them guards its use as well as testing the attribute itself
    switches: tuple[str, ...] = ()
    # the flag is keyword-only: a constructor call handing positional arguments alone cannot bring it
    keyword_only: bool = False
    # ``A`` when the attribute is the one of the object ``cls`` holds as ``self.A`` (mend47): ``self.A.attr``
    via: str = ""
    # the method that builds the attribute now, where ``__init__`` leaves it None until then (killers145)
    lazy: str = ""
    # the flag is a parameter the base's ``__init__`` took already, though it built the attribute regardless
    old_flag: bool = False
    # the method that now sets the attribute back to None, after ``__init__`` gave it a value (killers168)
    nulled_by: str = ""
    # the class the base's ``__init__`` built as the attribute's placeholder (``KVConnectorMetadata()``, killers204)
    built: str = ""
    # the fork's comparison of the attribute's type with ``built`` (``type(self.X) is C``), when that is the use
    compared: str = ""

    @property
    def used(self) -> str:
        """The fork's spelling of the attribute off ``self``: ``head``, or ``vision_model.head``."""
        return f"{self.via}.{self.attr}" if self.via else self.attr


def nulled_attribute_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    lines = [t for p in trees.mine if p.endswith(".py") for t in trees.mine[p].added.values()]
    used = _used(lines, (_USED, _HELD))
    if not used and not any("." in t for t in lines):
        return []  # a candidate's attribute is one a fork line uses (``x.X``): none, no diff need be read
    stored = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and (_SETS_SELF.search(raw := trees.upstream.raw(p)) or _NULLS_SELF.search(raw))
    ]
    if _typed_may_add(trees, stored, used):
        used |= _used(lines, (_TYPED,))
    paths = [p for p in stored if _candidate(trees, p, used)][:_MOST_FILES]
    nulled = [n for path, old, new in parsed_versions(trees, paths) for n in _nulled(path, old, new)]
    if not nulled:
        return []
    attrs = {n.used for n in nulled}
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f"self.{a}" in line for a in attrs)):
        for item, line in _fork_uses(trees, path, module, owned, nulled):
            findings.append(_finding(trees, path, line, item, pr_pattern))
    later = [n for n in nulled if n.nulled_by]
    for path, module, owned in fork_modules(trees, lambda line: any(f".{n.attr}" in line for n in later)):
        for item, line, name in _typed_uses(path, module, owned, later):
            findings.append(_finding(trees, path, line, item, pr_pattern, name))
    return findings


def _used(lines: list[str], patterns: tuple[re.Pattern[str], ...]) -> set[str]:
    return {m.group(m.lastindex or 1) for t in lines for pattern in patterns for m in pattern.finditer(t)}


def _typed_may_add(trees: ThreeTrees, paths: list[str], used: set[str]) -> bool:
    """Whether ``_TYPED``'s scan of the fork's lines may add to ``used`` what ``_candidate`` reads: an attribute the
    diffs of ``paths`` build on a removed line or set to None on an added one (every candidate's test intersects
    ``used`` with those), named on a fork line (``fork_words``) and not in ``used`` yet.  All or nothing: the scan,
    ``\b`` tried at every offset of every line, cost the most of the check's fork side (mend61: 0.64 s over 3.5 MB
    of lines, against ``_USED``'s 0.49 s)."""
    held: set[str] = set()
    for path in paths:
        diff = trees.upstream[path]
        held.update(m.group(1) for line in diff.removed if (m := _BUILT.match(line)))
        held.update(m.group(1) for line in diff.added.values() if (m := _NONE_SET.match(line)))
    return bool((held - used) & trees.fork_words())


def _typed_uses(
    path: str, module: ast.Module, owned: set[int], nulled: list[Nulled]
) -> Iterator[tuple[Nulled, int, str]]:
    """A fork function's unguarded use of ``x.X`` where its parameter ``x`` is annotated as the class whose method
    now sets ``X`` back to None (killers168: ``head.draft_id_to_target_id.to(device)`` with ``head:
    Eagle3LlamaForCausalLM``).  Only for that shape: no constructor keyword brings the value back."""
    imports = file_imports(module, path)
    for func in (n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
        for arg in (a for a in args if a.annotation is not None):
            origin = imported_origin(cast(ast.expr, arg.annotation), imports)
            for item in (n for n in nulled if origin is not None and _names(origin, n)):
                line = _unguarded_read(func, arg.arg, item.attr)
                if line is not None and line in owned:
                    yield item, line, arg.arg


def _unguarded_read(func: ast.FunctionDef | ast.AsyncFunctionDef, name: str, attr: str) -> int | None:
    """The first line calling, reading off, indexing or operating on ``name.attr`` in a function that never
    tests it (``is None``, ``if name.attr``, ``and``/``or``) nor asks ``getattr``/``hasattr``."""

    def is_read(node: object) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == attr and ast.unparse(node.value) == name

    used = None
    for node in ast.walk(func):
        if isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert | ast.BoolOp | ast.Compare):
            if any(is_read(n) for n in ast.walk(node.test if hasattr(node, "test") else node)):
                return None
        if isinstance(node, ast.Call) and last_name(node.func) in {"getattr", "hasattr"}:
            return None
        inner = node.func if isinstance(node, ast.Call) else getattr(node, "value", None)
        if isinstance(node, ast.BinOp):
            inner = node.left if is_read(node.left) else node.right
        if isinstance(node, ast.Call | ast.Attribute | ast.Subscript | ast.BinOp) and is_read(inner):
            used = node.lineno if used is None else min(used, node.lineno)
    return used


def _candidate(trees: ThreeTrees, path: str, used: set[str]) -> bool:
    diff = trees.upstream[path]
    built = {m.group(1) for line in diff.removed if (m := _BUILT.match(line))} & used
    added = list(diff.added.values())
    if any(re.match(rf"\s+self\.{a}\s*=\s*{a}\s*$", line) for a in built for line in added):
        return True
    # an attribute now built only when asked (``self.head = (Head(...) if self.use_head else None)``)
    if built and any(_ELSE_NONE.search(line) for line in added):
        return True
    # an attribute the constructor now leaves None for a method to build later (``self.aiter_ops = None``)
    nulled = {m.group(1) for line in added if (m := _NONE_SET.match(line))} & used
    if any((m := SELF_SET.match(line)) and m.group(1) in nulled and not _NONE_SET.match(line) for line in diff.removed):
        return True
    # an attribute a method now sets back to None, tested for None upstream (``... is None``)
    return any(re.search(rf"\bself\.{a}\s+is\s+(?:not\s+)?None\b", line) for a in nulled for line in added)


# an added line that leaves something None on the other branch of a conditional value (``else None``)
_ELSE_NONE = lazy_pattern(r"\belse\s+None\b")
# a line setting an attribute to None (``self.aiter_ops = None``, annotated or not), and one setting it at all
# (``nulled_setups`` reads removed stores with it too)
_NONE_SET = lazy_pattern(r"^\s+self\.(\w+)\s*(?::[^=]*)?=\s*None\s*(?:#.*)?$")
SELF_SET = lazy_pattern(r"^\s+self\.(\w+)\s*(?::[^=]*)?=(?!=)")


def _nulled(path: str, old: ast.Module, new: ast.Module) -> Iterator[Nulled]:
    before = {c.name: c for c in file_classes(old.body)}
    held: dict[str, list[Nulled]] = {}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None:
            continue
        built = _built_attrs(_init(was))
        for attr, line in _from_none_parameter(cls).items():
            if attr in built:
                yield Nulled(path, cls.name, attr, line)
        built_anywhere = _built_attrs(_init(was), anywhere=True)
        init = _init(cls)
        keywords = {a.arg for a in init.args.kwonlyargs} if init is not None else set()
        opted = []
        for attr, (line, flag, switches, old_flag) in _opted_in(cls, _init(was)).items():
            if attr in built_anywhere:
                opted.append(Nulled(path, cls.name, attr, line, flag, switches, flag in keywords, old_flag=old_flag))
        yield from opted
        held[cls.name] = opted
        for attr, (line, builder, placeholder) in _made_lazy(cls, was).items():
            yield Nulled(path, cls.name, attr, line, lazy=builder, built=placeholder)
        for attr, (line, method) in _nulled_later(cls, was).items():
            yield Nulled(path, cls.name, attr, line, nulled_by=method)
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is not None:
            yield from _held(cls, _init(was), held)


def _held(cls: ast.ClassDef, was: ast.FunctionDef | None, opted: dict[str, list[Nulled]]) -> Iterator[Nulled]:
    """The opted-in attributes of a class ``cls`` holds: its ``__init__`` builds one of ``opted``'s classes
    into ``self.A`` (the class's only store of ``A``) handing the flag from a parameter of its own that the base's
    ``__init__`` did not take and that defaults to False or None (``self.vision_model =
    SiglipVisionTransformer(..., use_head=use_head)``)."""
    init = _init(cls)
    if init is None or was is None:
        return
    old = {a.arg for a in (*was.args.posonlyargs, *was.args.args, *was.args.kwonlyargs)}
    flags = _falsy_parameters(init) - old
    keywords = {a.arg for a in init.args.kwonlyargs}
    stores = [
        t.attr for n in ast.walk(cls) if isinstance(n, ast.stmt) for t in assigned_targets(n) if is_self_attribute(t)
    ]
    for stmt in (n for n in ast.walk(init) if isinstance(n, ast.Assign | ast.AnnAssign)):
        targets = [t for t in assigned_targets(stmt) if is_self_attribute(t)]
        value = stmt.value
        if len(targets) != 1 or stores.count(targets[0].attr) != 1 or not isinstance(value, ast.Call):
            continue
        for item in opted.get(last_name(value.func), []):
            handed = next((k.value for k in value.keywords if k.arg == item.flag), None)
            if isinstance(handed, ast.Name) and handed.id in flags:
                flag = handed.id
                yield Nulled(
                    item.path, cls.name, item.attr, stmt.lineno, flag, item.switches, flag in keywords, targets[0].attr
                )


def _init(cls: ast.ClassDef) -> ast.FunctionDef | None:
    return next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)


def _built_attrs(init: ast.FunctionDef | None, anywhere: bool = False) -> set[str]:
    """The attributes ``__init__`` sets at its top level (``anywhere``: in any block of it) to a new object
    (``self.x = Cls(...)``)."""
    found = set()
    body = (init.body if not anywhere else [n for n in ast.walk(init) if isinstance(n, ast.stmt)]) if init else []
    for stmt in body:
        value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
        if isinstance(value, ast.Call) and last_name(value.func)[:1].isupper():
            found |= {t.attr for t in assigned_targets(stmt) if is_self_attribute(t)}
    return found


def _made_lazy(cls: ast.ClassDef, was: ast.ClassDef) -> dict[str, tuple[int, str, str]]:
    """attribute -> (its line in ``__init__``, the method that builds it now), for each one ``__init__`` set to a
    value at the base (never None) and sets only to None now, while another method of the class sets it to a
    value: #44823 made ``TopKTopPSampler.aiter_ops`` wait for ``_init_aiter_ops``, run by the first forward."""
    init, old = _init(cls), _init(was)
    if init is None or old is None:
        return {}
    before, after = _init_values(old), _init_values(init)
    if _hands_self(init):
        return {}  # a helper handed ``self`` may build anything before the constructor returns
    called = {n.func.attr for n in ast.walk(init) if isinstance(n, ast.Call) and is_self_attribute(n.func)}
    found = {}
    for attr, values in after.items():
        if not all(_is_none(v) for v, _ in values) or not before.get(attr):
            continue
        if any(_maybe_none(v) for v, _ in before[attr]):
            continue  # None at the base already on some path: the fork's use was as exposed before
        builders = [m.name for m in _methods(cls) if m is not init and _builds(m, attr)]
        if builders and not called & set(builders):  # a builder the constructor calls still builds it there
            found[attr] = (values[0][1], builders[0], _placeholder(before[attr]))
    return found


def _placeholder(values: list[tuple[ast.expr, int]]) -> str:
    """The capitalized class every one of the base's values built (``KVConnectorMetadata()``), else ""."""
    built = {last_name(v.func) if isinstance(v, ast.Call) else "" for v, _ in values}
    name = built.pop() if len(built) == 1 else ""
    return name if name[:1].isupper() else ""


def _nulled_later(cls: ast.ClassDef, was: ast.ClassDef) -> dict[str, tuple[int, str]]:
    """attribute -> (the line, the method) for each one ``__init__`` gives a value (never None) at both commits
    that another method now sets to None, where no method did at the base, and that the class now tests for
    None: #18488 made ``Eagle3LlamaForCausalLM.load_weights`` set ``draft_id_to_target_id = None`` for a
    checkpoint without ``d2t``, and ``compute_logits`` ask ``is None`` first."""
    init, old = _init(cls), _init(was)
    if init is None or old is None:
        return {}
    before, after = _init_values(old), _init_values(init)
    nulled_before = {a for m in _methods(was) for a, vs in _init_values(m).items() if any(_is_none(v) for v, _ in vs)}
    found: dict[str, tuple[int, str]] = {}
    for method in (m for m in _methods(cls) if m is not init):
        for attr, values in _init_values(method).items():
            line = next((n for v, n in values if _is_none(v)), None)
            if line is None or attr in nulled_before or attr in found or not before.get(attr):
                continue
            if any(_maybe_none(v) for v, _ in (*before[attr], *after.get(attr, []))) or not after.get(attr):
                continue
            if _tests_none(cls, attr) and not _tests_none(was, attr):
                found[attr] = (line, method.name)
    return found


def _tests_none(cls: ast.ClassDef, attr: str) -> bool:
    """A method of the class compares ``self.attr`` with None (``is None``, ``is not None``)."""
    return any(
        isinstance(n, ast.Compare)
        and _is_attr(n.left, attr)
        and any(_is_none(c) for c in n.comparators)
        and all(isinstance(o, ast.Is | ast.IsNot) for o in n.ops)
        for n in ast.walk(cls)
    )


def _hands_self(func: ast.FunctionDef) -> bool:
    """The function hands ``self`` to a call (``build(self)``, ``Helper(self)``)."""
    return any(
        isinstance(n, ast.Call) and any(isinstance(a, ast.Name) and a.id == "self" for a in n.args)
        for n in ast.walk(func)
    )


def _maybe_none(value: ast.expr) -> bool:
    """None itself, or a conditional value with a None branch (``make() if cfg else None``)."""
    if isinstance(value, ast.IfExp):
        return _maybe_none(value.body) or _maybe_none(value.orelse)
    return _is_none(value)


def _init_values(init: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, list[tuple[ast.expr, int]]]:
    """Each ``self.X`` the function assigns (in any block) -> the values and their lines."""
    found: dict[str, list[tuple[ast.expr, int]]] = {}
    for stmt in (n for n in ast.walk(init) if isinstance(n, ast.Assign | ast.AnnAssign)):
        for target in assigned_targets(stmt):
            if is_self_attribute(target) and stmt.value is not None:
                found.setdefault(target.attr, []).append((stmt.value, stmt.lineno))
    return found


def _builds(method: ast.FunctionDef | ast.AsyncFunctionDef, attr: str) -> bool:
    """The method assigns ``self.attr`` a value other than None."""
    return any(not _is_none(value) for value, _ in _init_values(method).get(attr, []))


def _methods(cls: ast.ClassDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)]


def _is_none(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and value.value is None


def _from_none_parameter(cls: ast.ClassDef) -> dict[str, int]:
    """attribute -> its line, for each one the class sets only in ``__init__``, from a same-named parameter
    defaulting to ``None``."""
    init = _init(cls)
    if init is None:
        return {}
    nones = _none_parameters(init) - _rebound(init)
    sets: dict[str, list[ast.stmt]] = {}
    for node in (n for n in ast.walk(cls) if isinstance(n, ast.stmt)):
        for target in assigned_targets(node):
            if is_self_attribute(target):
                sets.setdefault(target.attr, []).append(node)
    found = {}
    for attr, stmts in sets.items():
        only = stmts[0] if len(stmts) == 1 else None
        value = only.value if isinstance(only, ast.Assign | ast.AnnAssign) else None
        if only in init.body and isinstance(value, ast.Name) and value.id == attr and attr in nones:
            found[attr] = stmts[0].lineno
    return found


def _opted_in(cls: ast.ClassDef, was: ast.FunctionDef | None) -> dict[str, tuple[int, str, tuple[str, ...], bool]]:
    """attribute -> (its line, the flag, the ``self.F`` its test reads, whether the base took the flag), for each
    one the class sets, in ``__init__`` only, to a new object under a test and to None otherwise (``self.head =
    Head(...) if self.use_head else None``), where the test reads a parameter the base's ``__init__`` did not take,
    defaulting to False or None (directly, or through ``self.use_head`` that ``__init__`` sets from it): #32299
    made the SigLIP tower's pooling head opt-in.  A parameter the base took already is a choice the fork's callers
    made before, unless the base built the attribute at its constructor's top level whatever the parameter said
    (killers157: #41055 made ``FusedMoE.eplb_state`` None unless the old ``enable_eplb``).  Since killers157 the
    statement form too: ``self.X = None`` at the constructor's top level, then ``if test: self.X = Cls(...)``."""
    init = _init(cls)
    if init is None or was is None:
        return {}
    old = {a.arg for a in (*was.args.posonlyargs, *was.args.args, *was.args.kwonlyargs)}
    falsy = _falsy_parameters(init)
    if not falsy:
        return {}
    always = _built_attrs(was)  # built unconditionally at the base: an old flag now decides it
    sets: dict[str, list[ast.stmt]] = {}
    for node in (n for n in ast.walk(cls) if isinstance(n, ast.stmt)):
        for target in assigned_targets(node):
            if is_self_attribute(target):
                sets.setdefault(target.attr, []).append(node)
    inside = {id(n) for n in ast.walk(init)}
    found = {}
    for attr, stmts in sets.items():
        opt = _opt_in(init, stmts, inside)
        if opt is None:
            continue
        line, test = opt
        flags = falsy if attr in always else falsy - old
        flag = next((f for f in sorted(flags) if f in _test_sources(test, sets, inside)), None)
        if flag is not None:
            switches = tuple(sorted({n.attr for n in ast.walk(test) if is_self_attribute(n)}))
            found[attr] = (line, flag, switches, flag in old)
    return found


def _opt_in(init: ast.FunctionDef, stmts: list[ast.stmt], inside: set[int]) -> tuple[int, ast.expr] | None:
    """(the line, the test) where the class's stores of an attribute, all in ``__init__``, build it only under a
    test: one ``Cls(...) if test else None``, or a top-level ``self.X = None`` followed by a top-level ``if test:``
    whose own body stores ``self.X = Cls(...)`` (no ``else`` that stores it)."""
    if any(id(stmt) not in inside for stmt in stmts):
        return None
    if len(stmts) == 1:
        value = stmts[0].value if isinstance(stmts[0], ast.Assign | ast.AnnAssign) else None
        if isinstance(value, ast.IfExp) and _built_or_none(value):
            return stmts[0].lineno, value.test
        return None
    if len(stmts) != 2:
        return None
    nulled = next(
        (t for t in stmts if t in init.body and isinstance(t, ast.Assign | ast.AnnAssign) and _none_value(t)),
        None,
    )
    built = next((t for t in stmts if t is not nulled), None)
    if nulled is None or built is None:
        return None
    value = built.value if isinstance(built, ast.Assign | ast.AnnAssign) else None
    if not (isinstance(value, ast.Call) and last_name(value.func)[:1].isupper()):
        return None
    guard = next((t for t in init.body if isinstance(t, ast.If) and built in t.body), None)
    if guard is None or guard.lineno < nulled.lineno:
        return None
    return nulled.lineno, guard.test


def _none_value(stmt: ast.Assign | ast.AnnAssign) -> bool:
    return stmt.value is not None and _is_none(stmt.value)


def _built_or_none(value: ast.IfExp) -> bool:
    """``Cls(...) if test else None``: a new object on the test's side, None on the other."""
    built = isinstance(value.body, ast.Call) and last_name(value.body.func)[:1].isupper()
    return built and isinstance(value.orelse, ast.Constant) and value.orelse.value is None


def _test_sources(test: ast.expr, sets: dict[str, list[ast.stmt]], inside: set[int]) -> set[str]:
    """The names a test reads: its own, and those of what ``__init__`` stores in each ``self.F`` it reads."""
    names = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
    for read in (n for n in ast.walk(test) if is_self_attribute(n)):
        for stmt in sets.get(read.attr, []):
            value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
            if id(stmt) in inside and value is not None:
                names |= {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
    return names


def _falsy_parameters(func: ast.FunctionDef) -> set[str]:
    """Parameters defaulting to False or None, and never bound again in the function."""
    args = func.args
    positional = [*args.posonlyargs, *args.args]
    pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
    falsy = {a.arg for a, d in pairs if isinstance(d, ast.Constant) and d.value in (None, False)}
    return falsy - _rebound(func)


def _rebound(init: ast.FunctionDef) -> set[str]:
    """Parameters ``__init__`` binds again (``if x is None: x = Default()``, #36630): the None may not reach."""
    stores = (n for n in ast.walk(init) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    return {n.id for n in stores}


def _none_parameters(func: ast.FunctionDef) -> set[str]:
    args = func.args
    positional = [*args.posonlyargs, *args.args]
    pairs = list(zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
    return {a.arg for a, d in pairs if isinstance(d, ast.Constant) and d.value is None}


def _fork_uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], nulled: list[Nulled]
) -> Iterator[tuple[Nulled, int]]:
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    parents = parent_map(module)
    for cls in file_classes(module.body):
        bases = local_bases(cls, local)
        for item in derived_from(cls, bases, imports, nulled):
            owned_attr = item.via or item.attr
            late = item.lazy or item.nulled_by
            if late and (_sets(cls, item.attr) or any(_defines(s, item.attr) for s in cls.body)):
                continue  # the fork's class builds the attribute itself: no constructor brings a lazy one
            if item.nulled_by and any(_defines(s, item.nulled_by) for s in cls.body):
                continue  # the fork overrides the method that nulls it: upstream's None is never set
            if (
                (not late and _may_receive(trees, cls, owned_attr, item.flag or item.attr, item.keyword_only))
                or any(_sets(b, owned_attr) or _init(b) for b in bases.values())
                or (item.via and _sets_held(cls, item.via, item.attr))
            ):
                continue
            for func in (s for s in cls.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)):
                if item.lazy and (_calls_self(func, item.lazy) or func.name == "__init__"):
                    continue  # the fork builds it first; a constructor's use is the nulled setups' to judge
                if item.nulled_by and func.name == "__init__":
                    continue  # the constructor's value stands until the nulling method runs
                compared = _type_compared(func, item) if item.built else None
                if compared is not None and compared.lineno in owned:
                    yield replace(item, compared=ast.unparse(compared)), compared.lineno
                    break
                line = _unguarded_use(func, item.attr, parents, item.switches, item.via)
                if line is not None and line in owned:
                    yield item, line
                    break


def _type_compared(func: ast.FunctionDef | ast.AsyncFunctionDef, item: Nulled) -> ast.Compare | None:
    """``type(self.X) is C`` (``is not``, ``==``, ``!=``) with ``C`` the placeholder the base built: the fork tells
    "unset" by the placeholder's type, and an unset attribute is None now, so the test flips (killers204: #20756's
    ``KVConnectorBase_V1._connector_metadata``)."""
    for node in ast.walk(func):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
            continue
        if not isinstance(node.ops[0], ast.Is | ast.IsNot | ast.Eq | ast.NotEq):
            continue
        sides = [node.left, node.comparators[0]]
        typed = any(
            isinstance(s, ast.Call)
            and last_name(s.func) == "type"
            and len(s.args) == 1
            and _is_attr(s.args[0], item.attr)
            for s in sides
        )
        if typed and any(isinstance(s, ast.Name | ast.Attribute) and last_name(s) == item.built for s in sides):
            return node
    return None


def _calls_self(func: ast.FunctionDef | ast.AsyncFunctionDef, method: str) -> bool:
    """The function calls ``self.method(...)``."""
    return any(isinstance(n, ast.Call) and _is_attr(n.func, method) for n in ast.walk(func))


def local_bases(cls: ast.ClassDef, local: dict[str, ast.ClassDef]) -> dict[str, ast.ClassDef]:
    """The bases naming a class the module defined above ``cls``: the fork's own (a mixin, a shim shadowing the
    imported name), which the name means before any import of it."""
    named = (b.id for b in cls.bases if isinstance(b, ast.Name))
    return {n: local[n] for n in named if n in local and local[n].lineno < cls.lineno}


class _OfClass(Protocol):
    @property
    def path(self) -> str: ...
    @property
    def cls(self) -> str: ...


_Item = TypeVar("_Item", bound=_OfClass)


def derived_from(
    cls: ast.ClassDef, local: dict[str, ast.ClassDef], imports: dict[str, tuple[str, str]], items: list[_Item]
) -> list[_Item]:
    """The ``items`` (nulled, gated: an upstream class's) whose class ``cls`` derives from through an import."""
    bases = [b for b in cls.bases if not (isinstance(b, ast.Name) and b.id in local)]
    origins = [o for b in bases if (o := imported_origin(b, imports)) is not None]
    return [n for n in items if any(_names(o, n) for o in origins)]


def _names(origin: tuple[str, str], item: _OfClass) -> bool:
    """The import names the class's module or a package above it (a re-export)."""
    module = dotted_name(item.path, roots=("",))
    return origin[1] == item.cls and (module == origin[0] or module.startswith(origin[0] + "."))


def _may_receive(trees: ThreeTrees, cls: ast.ClassDef, attr: str, handed: str, keyword_only: bool = False) -> bool:
    """The fork's class sets the attribute, hands its constructor a value (``super().__init__(X=...)``, a
    classmethod's ``cls(X=...)``; ``handed``: the parameter that brings it, the attribute's own or the flag
    that opts it in; ``keyword_only``: positional arguments cannot bring it), or a fork line builds it with one
    or hands the class on as a value."""
    if _sets(cls, attr) or any(_defines(s, attr) for s in cls.body):
        return True
    for node in ast.walk(cls):
        if (
            isinstance(node, ast.Call)
            and _hands(node, handed, keyword_only)
            and last_name(node.func) in {"__init__", "cls"}
        ):
            return True
    lines = (t for p in trees.mine if p.endswith(".py") for t in trees.mine[p].added.values())
    return any(_escapes(line, cls.name, handed) for line in lines)


def _sets(cls: ast.ClassDef, attr: str) -> bool:
    """A statement of the class assigns ``self.attr`` (``=``, or ``setattr(self, "attr", ...)``)."""
    for node in ast.walk(cls):
        if isinstance(node, ast.stmt) and any(is_self_attribute(t) and t.attr == attr for t in assigned_targets(node)):
            return True
        if isinstance(node, ast.Call) and last_name(node.func) == "setattr" and len(node.args) == 3:
            if ast.unparse(node.args[0]) == "self" and str_value(node.args[1]) == attr:
                return True
    return False


def _sets_held(cls: ast.ClassDef, via: str, attr: str) -> bool:
    """A statement of the class assigns ``self.via.attr``: the fork builds the held object's attribute itself."""
    return any(
        isinstance(node, ast.stmt) and any(_is_attr(t, attr, via) for t in assigned_targets(node))
        for node in ast.walk(cls)
    )


def _defines(stmt: ast.stmt, attr: str) -> bool:
    """The class body defines the name itself (a property, a method): the inherited None never shows."""
    return isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name == attr


def _escapes(line: str, name: str, attr: str) -> bool:
    """A fork line mentions the class other than its ``class`` line, a call without arguments or one with
    keywords none of them ``attr``: built with a value, or handed on (an alias, ``partial``, a subclass, a
    registry) to code that may build it with one.  An import line names it without handing it on."""
    if _IMPORT.match(line) or re.fullmatch(rf"\s*{name}\s*,?\s*", line):  # ``from m import (\n    Cls,\n)``
        return False
    for m in re.finditer(rf"\b{name}\b", line):
        rest = line[m.end() :]
        if line[: m.start()].endswith("class ") or re.match(r"\(\s*\)", rest):
            continue
        if not (rest.startswith("(") and _keywords_without(rest[1:], attr)):
            return True
    return False


def _hands(call: ast.Call, attr: str, keyword_only: bool = False) -> bool:
    return (bool(call.args) and not keyword_only) or any(k.arg in {attr, None} for k in call.keywords)


def _keywords_without(rest: str, attr: str) -> bool:
    """A constructor call's text spelling keywords only, none of them ``attr``."""
    return re.match(r"\s*\w+\s*=", rest) is not None and re.search(rf"\b{attr}\s*=|\*\*", rest) is None


def _unguarded_use(
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    attr: str,
    parents: dict[int, ast.AST],
    switches: tuple[str, ...] = (),
    via: str = "",
    loads: bool = False,
) -> int | None:
    """The first line calling, reading off or indexing ``self.attr`` (``self.via.attr`` for a held object's) in a
    function that never tests it (nor one of ``switches``, the flags it is built under), outside a ``try``
    catching what None raises.  ``loads``: any read of it counts (an attribute that may be missing raises on a
    bare read, ``len(self.tokenizer)``, as on a call off it)."""
    used = None
    tested = (attr, *switches)
    for node in ast.walk(func):
        if isinstance(node, ast.If | ast.IfExp | ast.While | ast.Assert) and any(
            mentions_attr(node.test, t, via) for t in tested
        ):
            return None
        if isinstance(node, ast.BoolOp | ast.Compare) and any(mentions_attr(node, t, via) for t in tested):
            return None
        if isinstance(node, ast.Call) and last_name(node.func) in {"getattr", "hasattr", "callable"}:
            return None
        inner = node.func if isinstance(node, ast.Call) else getattr(node, "value", None)
        if isinstance(node, ast.BinOp):
            inner = node.left if _is_attr(node.left, attr, via) else node.right
        if _failing_builtin(node) and any(_is_attr(a, attr, via) for a in node.args):
            inner = next(a for a in node.args if _is_attr(a, attr, via))  # ``vars(self.X)``: TypeError on None
        if not isinstance(node, ast.Call | ast.Attribute | ast.Subscript | ast.BinOp):
            continue
        read = (
            loads and isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and _is_attr(node, attr, via)
        )
        if read or _is_attr(inner, attr, via):
            if caught_around(node, _NONE_RAISES, parents):
                continue
            used = node.lineno if used is None else min(used, node.lineno)
    return used


def _failing_builtin(node: ast.AST) -> TypeGuard[ast.Call]:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FAILING_BUILTINS


def mentions_attr(node: ast.AST, attr: str, via: str = "") -> bool:
    return any(_is_attr(n, attr, via) for n in ast.walk(node))


def _is_attr(node: object, attr: str, via: str = "") -> bool:
    """``self.attr``; with ``via``, ``self.via.attr``."""
    if not (isinstance(node, ast.Attribute) and node.attr == attr):
        return False
    return _is_attr(node.value, via) if via else is_self_attribute(node)


def is_self_attribute(node: object) -> TypeGuard[ast.Attribute]:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def assigned_targets(node: ast.stmt) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return [e for t in node.targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
    return [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []


def _finding(trees: ThreeTrees, path: str, line: int, item: Nulled, pr_pattern: str, name: str = "self") -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.attr}[[:space:]]*=", pr_pattern)
    if item.nulled_by:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-owned use of {name}.{item.attr}, {'inherited from' if name == 'self' else 'an attribute of'} "
            f"{item.cls}, which upstream's {item.nulled_by}() now sets back to None ({item.path}:{item.line}{commit}), "
            f"its own readers testing it for None first: this use meets None on that path; test {name}.{item.attr} "
            "for None",
        )
    if item.compared:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-owned test {item.compared} tells an unset self.{item.attr}, inherited from {item.cls}, by the "
            f"{item.built} placeholder its constructor built at the base; upstream's constructor leaves it None now "
            f"({item.path}:{item.line}{commit}) until {item.lazy}() sets it, so an unset attribute no longer "
            f"matches and the test flips; test self.{item.attr} for None",
        )
    if item.lazy:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-owned use of self.{item.attr}, inherited from {item.cls}, whose constructor upstream changed "
            f"({item.path}:{item.line}{commit}): it leaves {item.attr} None and builds it only in {item.lazy}(), "
            f"when first needed, so a use before that meets None; call self.{item.lazy}() first or test "
            f"self.{item.attr} for None",
        )
    if item.flag:
        return Finding(
            RULE,
            "merge",
            Severity.WARNING,
            path,
            line,
            f"fork-owned use of self.{item.used}, inherited from {item.cls}, whose constructor upstream changed "
            f"({item.path}:{item.line}{commit}): it builds {item.used} only when its "
            f"{'parameter' if item.old_flag else 'new parameter'} {item.flag} "
            f"(defaulting to False or None) asks and leaves it None otherwise, and nothing hands the fork's class "
            f"{item.flag}, so the use meets None; pass {item.flag}= to the constructor or test it for None",
        )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned use of self.{item.attr}, inherited from {item.cls}, whose constructor upstream changed "
        f"({item.path}:{item.line}{commit}): it no longer builds {item.attr} itself but takes it as a parameter "
        f"defaulting to None, and nothing hands the fork's class one, so the use meets None; pass {item.attr}= "
        "to the constructor or test it for None",
    )
