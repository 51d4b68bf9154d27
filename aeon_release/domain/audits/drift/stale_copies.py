"""Stale copies: a fork override repeats a call of the base method's body that upstream rewrote there.

#13626 (9804145cac) moved the DeepSeek MTP head's ``shared_head`` norm out of the predictor layer's ``forward``
and into ``DeepSeekMultiTokenPredictor.compute_logits``: ``self.logits_processor(mtp_layer.shared_head.head,
hidden_states, sampling_metadata)`` became ``self.logits_processor(mtp_layer.shared_head.head,
mtp_layer.shared_head(hidden_states), sampling_metadata)``.  A fork subclass overriding ``compute_logits`` with
a copy of the base's body (its own layer index for k > n_predict drafts) merges cleanly and now computes logits
off the un-normed state: no error, worse drafts.  Nothing was renamed, removed or re-signed, and the override
was already an override, so symbol and override drift stay quiet.

Upstream's side: a method of a class of a changed file, in both versions, that called a callee (``self.f``,
``f``) exactly once at the base and exactly once at upstream, with other arguments (the call's text changed).
The fork's side, on a line it owns: a class deriving from that class (imported from its module or a package
above it) that overrides the method with a body holding the base's old call, word for word (``ast.unparse``),
and not the new one.  A warning on the call: the fork may keep the old call on purpose, but the copy no longer
matches what the base does.  Quiet for an override that calls ``super()`` (it hands on to the base), one that
already makes the new call, a callee called more than once on either side (which call became which is a
guess), and a logger's call (a message reworded).

Cheap first: only fork files whose added lines define a method, and only upstream files whose removed and
added lines call a callee the fork's added lines call too; since perf41 only upstream's methods of a name some class
of those fork files defines (every finding is such an override) are read.

Since killers173 the same for a store the override restates after handing on to the base: #34898 (682566b18e)
made ``Scheduler.__init__`` set ``self.max_num_scheduled_tokens`` from the new ``scheduler_config.
max_num_scheduled_tokens`` (the step budget less the drafting slots) where it set it from
``max_num_batched_tokens``; a fork subclass whose ``__init__`` calls ``super().__init__()`` and then sets
``self.max_num_scheduled_tokens = min(self.scheduler_config.max_num_batched_tokens, 8192)`` overwrites upstream's
new value on every instance with one computed from the old input (blind_replay_cfgparts).  Upstream's side: a
method assigning ``self.x`` once at the base and once at upstream, from values of which upstream's reads a field
(an attribute's last name) the base's did not.  The fork's side: an override handing on to that method and
assigning ``self.x`` itself from a value reading one of the base's old fields and none of upstream's new ones.
A warning: the fork may pin its own value on purpose (quiet where it reads what upstream's new value reads, or
none of what the old one did).

Since killers194 also a call upstream's method now makes beside one the override copies: #30319 (24b65eff0d) made
``InprocClient.get_output`` follow its ``self.engine_core.step_fn()`` with ``self.engine_core.post_step(
model_executed=...)`` (the drafter's bookkeeping, without which speculative decoding in one process breaks); a fork
subclass overriding ``get_output`` with its own copy of the step (counting the steps that ran the model) merges
cleanly and never makes the new call (blind_replay_coreclient).  Upstream's side: a method that gained a call
statement (``recv.g(...)`` as a statement of its own, ``recv`` an attribute of ``self``: a collaborator the object
drives) whose callee it did not call at the base, where it called exactly once, at both commits, another callee
off the same ``recv`` (the anchor).  The fork's side: an override that does not hand on to the base, calls the
anchor and never the new callee (by its last name, off any receiver).  A warning on the anchor's call: the fork
may skip the new step on purpose.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callees import is_super
from aeon_release.domain.audits.drift.interposed import hands_on, reached
from aeon_release.domain.audits.drift.layouts import methods_of
from aeon_release.domain.audits.drift.nulled_attributes import derived_from, local_bases
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import ClassInfo, Index, dotted_name, file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import (
    FileChange,
    ThreeTrees,
    fork_imported,
    fork_imported_first,
    parsed_versions,
)
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import LOG_METHODS, last_name, lazy_pattern, parsed_expression

# a callee on a changed line (``self.logits_processor(``, ``torch.cat(``): its last name (group 2), not the name a
# ``def``/``class`` line declares (group 1 set)
_CALLEE = lazy_pattern(r"\b(def\s+|class\s+)?(\w+)\s*\(")
# builtins every file calls (``len``, ``super``, ``isinstance``): a gate on them let every changed file through
_BUILTINS = frozenset(dir(builtins))
_DEF = lazy_pattern(r"^\s+(?:async\s+)?def\s+\w+\s*\(")
_MOST_FILES = 32
_Def = ast.FunctionDef | ast.AsyncFunctionDef
_Touched = tuple[str, _Def, _Def]  # (class, method at the base, at upstream)
# a store of a field of ``self`` on a changed line (``self.budget = ...``, not ``==``)
_STORE = lazy_pattern(r"\bself\.(\w+)\s*(?::[^=]*)?=(?!=)")


@dataclass(frozen=True)
class Added:
    """``cls.method`` (of ``path``) now makes the call ``new`` (callee's last name ``callee``) beside its one call of
    ``anchor`` (a callee's text), which it made at the base too."""

    path: str
    cls: str
    method: str
    anchor: str
    new: str
    callee: str


@dataclass(frozen=True)
class Rewritten:
    """``cls.method`` (of ``path``) made its one call of a callee ``old`` at the base and ``new`` at upstream."""

    path: str
    cls: str
    method: str
    old: str
    new: str
    callee: str  # the callee's last name (``f`` of ``self.f(...)``), "" for a computed one (``(a or b)(x)``)


@dataclass(frozen=True)
class Dropped:
    """``cls.method`` (of ``path``) read a dimension ``text`` of its parameter at ``key[0]`` (``layer.weight.shape[0]``:
    the chain below the parameter and the index in ``key``) at the base and no longer does; it reads ``now``, a
    field of that parameter, instead."""

    path: str
    cls: str
    method: str
    key: tuple[int, str, int]
    text: str
    now: str


def stale_copy_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork overrides repeating a call upstream's own method rewrote (see the module's docstring)."""
    called = _fork_callees(trees)
    if not called:
        return []
    imported = fork_imported(trees)
    candidates = [p for p in trees.upstream if p.endswith(".py") and _candidate(trees, p, called, imported)]
    paths = fork_imported_first(trees, candidates)[:_MOST_FILES]
    # perf41: every finding is an override a fork class of these modules defines, so only methods of those names
    # upstream touched are read (each item keeps its method's name)
    forks = list(fork_modules(trees, lambda line: bool(_DEF.match(line)))) if paths else []
    names = frozenset(m.name for _, module, _ in forks for cls in file_classes(module.body) for m in methods_of(cls))
    rewritten: list[Rewritten] = []
    added: list[Added] = []
    dropped: list[Dropped] = []
    for path, old, new in parsed_versions(trees, paths) if names else ():
        touched = list(_touched(old, new, set(trees.upstream[path].added), names))
        dropped.extend(_dropped_dims(path, touched))
        found = [*_rewritten(path, touched, called), *_rewritten_tests(path, touched)]
        found += _rewritten_assigns(path, touched)
        rewritten.extend(found + _inherited(new, found))
        added.extend(_added_calls(path, touched, called))
    if not rewritten and not added and not dropped:
        return []
    findings = []
    for path, module, owned in forks:
        copied = set()
        items = rewritten + _inherited_across(trees, path, module, rewritten)
        for item, line, exact in _fork_copies(path, module, owned, items):
            findings.append(_finding(trees, path, line, item, pr_pattern, exact))
            copied.add(line)
        for gone, line in _fork_dims(path, module, owned, dropped):
            if line not in copied:  # the copy's own finding says it already
                findings.append(_dim_finding(trees, path, line, gone, pr_pattern))
        for extra, line in _fork_anchors(path, module, owned, added):
            findings.append(_added_finding(trees, path, line, extra, pr_pattern))
    return findings


@dataclass(frozen=True)
class Restated:
    """``cls.method`` (of ``path``) sets ``self.attr`` from ``old`` at the base and ``new`` at upstream, which reads
    the fields ``fresh`` the old value did not (and the old one ``stale``)."""

    path: str
    cls: str
    method: str
    attr: str
    old: str
    new: str
    stale: frozenset[str]
    fresh: frozenset[str]


def restated_store_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork overrides restating, after the base's body, a store upstream's method now computes from new fields."""
    stored = {a for p in trees.mine if p.endswith(".py") for t in trees.mine[p].added.values() for a in _stores(t)}
    if not stored:
        return []
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _restores(trees.upstream[p], stored)]
    items = [
        r for path, old, new in parsed_versions(trees, paths[:_MOST_FILES]) for r in _restated(path, old, new, stored)
    ]
    if not items:
        return []
    return [
        (_restated_finding if handed else _copied_store_finding)(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(a in stored for a in _stores(line)))
        for item, line, handed in _fork_restatements(path, module, owned, items)
    ]


def _stores(line: str) -> Iterator[str]:
    return (m[1] for m in _STORE.finditer(line)) if "self." in line else iter(())


def _restores(change: FileChange, stored: set[str]) -> bool:
    """The diff took out a store of a ``self`` field the fork stores too and put one of the same field back."""
    gone = {a for line in change.removed for a in _stores(line)} & stored
    return bool(gone) and any(a in gone for line in change.added.values() for a in _stores(line))


def _restated(path: str, old: ast.Module, new: ast.Module, stored: set[str]) -> Iterator[Restated]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        old_methods = {m.name: m for m in methods_of(was)} if was is not None else {}
        for method in methods_of(cls):
            if method.name not in old_methods:
                continue
            then, now = self_stores(old_methods[method.name]), self_stores(method)
            for attr in sorted((then.keys() & now.keys()) & stored):  # a set's order is the hash seed's (mend62)
                if len(then[attr]) == 1 and len(now[attr]) == 1:
                    item = _rewrite(path, cls.name, method.name, attr, then[attr][0], now[attr][0])
                    if item is not None:
                        yield item


def _rewrite(path: str, cls: str, method: str, attr: str, old: ast.expr, new: ast.expr) -> Restated | None:
    stale, now = _fields_read(old), _fields_read(new)
    fresh = now - stale
    if not fresh or not stale or _text(old) == _text(new):
        return None
    return Restated(path, cls, method, attr, _text(old) or "", _text(new) or "", stale, fresh)


def self_stores(func: _Def) -> dict[str, list[ast.expr]]:
    """``self.x`` -> the values the function assigns it (plain and annotated assignments)."""
    found: dict[str, list[ast.expr]] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "self"
                ):
                    found.setdefault(target.attr, []).append(node.value)
    return found


def _fields_read(value: ast.expr) -> frozenset[str]:
    """The last names of the attribute chains a value reads (``self.cfg.budget`` -> ``budget``, not ``cfg``: the
    holder every field of the config is read through says nothing of which field)."""
    reads = [n for n in ast.walk(value) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load)]
    inner = {id(n.value) for n in reads}
    return frozenset(n.attr for n in reads if id(n) not in inner)


def _fork_restatements(
    path: str, module: ast.Module, owned: set[int], items: list[Restated]
) -> Iterator[tuple[Restated, int, bool]]:
    """(item, line, handed on) of each fork override that hands on to the base's method and then sets the field itself from
    the base's old fields alone; since killers216 also of one that does not hand on and sets the field from the
    base's old value word for word (a copy of the old body: #48861's ``self.out_dtype = torch.get_default_dtype()``
    in an ``__init__`` of its own)."""
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    for cls in file_classes(module.body):
        overrides = {m.name: m for m in methods_of(cls)}
        for item in derived_from(cls, local_bases(cls, local), imports, items):
            override = overrides.get(item.method)
            if override is None:
                continue
            handed = hands_on(override, item.method)
            for value in self_stores(override).get(item.attr, []):
                read = _fields_read(value)
                if value.lineno not in owned or read & item.fresh:
                    continue
                if (read & item.stale and handed) or (not handed and _text(value) == item.old):
                    yield item, value.lineno, handed


def _restated_finding(trees: ThreeTrees, path: str, line: int, item: Restated, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{re.escape(item.attr)}[[:space:]]*=", pr_pattern)
    fresh = ", ".join(sorted(item.fresh))
    where = f"{item.cls}.{item.method} now sets it as `{item.new}`, reading {fresh} ({item.path}{commit})"
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork override of {item.cls}.{item.method} sets self.{item.attr} after the base's body, from what the base "
        f"used to set it from (`{item.old}`), but upstream's {where}: the fork's value overwrites upstream's new one "
        f"on every instance; carry {fresh} into the fork's value, or say why the old one stays",
    )


def _copied_store_finding(trees: ThreeTrees, path: str, line: int, item: Restated, pr_pattern: str) -> Finding:
    """killers216: the override never runs the base's body and sets the field as the base's old body did."""
    commit = trees.upstream_commit(item.path, rf"self\.{re.escape(item.attr)}[[:space:]]*=", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork override of {item.cls}.{item.method} never calls the base's and sets self.{item.attr} as the base's old "
        f"body did (`{item.old}`), but upstream's {item.cls}.{item.method} now sets it as `{item.new}` "
        f"({item.path}{commit}): the copy keeps what upstream changed; carry upstream's value into the override, or "
        "say why the old one stays",
    )


def _fork_callees(trees: ThreeTrees) -> set[str]:
    """The callees the fork's added lines call, when one of them defines a method."""
    lines = [t for p in trees.mine if p.endswith(".py") for t in trees.mine[p].added.values()]
    if not any(_DEF.match(line) for line in lines):
        return set()
    return {name for line in lines for name in _callees(line)} - _BUILTINS


def _callees(line: str) -> Iterator[str]:
    """The last names of the callees ``line`` calls (a ``def``'s or ``class``'s own name is no call)."""
    return (m[2] for m in _CALLEE.finditer(line) if m[1] is None)


def _candidate(trees: ThreeTrees, path: str, called: set[str], imported: frozenset[str]) -> bool:
    """The diff removed and added a line calling one callee the fork calls too (builtins aside), or it removed and
    added lines of a module the fork imports from: #13626 rewrote only the argument lines of a call whose callee
    sat on an unchanged line.  Since killers194 added lines alone, of a module the fork imports from: a call
    statement a method gained (#30319) removes nothing."""
    diff = trees.upstream[path]
    if diff.added and dotted_name(path) in imported:
        return True
    removed = {name for line in diff.removed for name in _callees(line)} & called
    return any(name in removed for line in diff.added.values() for name in _callees(line))


def _rewritten(path: str, touched: list[_Touched], called: set[str]) -> Iterator[Rewritten]:
    """Each call a method upstream's diff touches (an added line in its span) rewrote, of a callee the fork calls:
    the others' calls are never unparsed."""
    for cls, was, method in touched:
        for old_call, new_call, callee in _changed_calls(was, method, called):
            yield Rewritten(path, cls, method.name, old_call, new_call, callee)


def _rewritten_tests(path: str, touched: list[_Touched]) -> Iterator[Rewritten]:
    """Each condition (an ``if``/``while`` test) or returned expression a touched method held at the base and no
    longer holds, where it gained one it did not hold (a rewrite, not a removal): killers208, #47725's
    ``set_adapter_mapping`` test ``self._last_mapping != mapping`` grew ``or self._last_slot_layout != ...``, and
    #34984's ``_match_target_modules`` returned ``any(re.match(...) ...)`` and now filters by the config too."""
    for cls, was, method in touched:
        before, after = _pieces(was), _pieces(method)
        gone, gained = [t for t in before if t not in after], [t for t in after if t not in before]
        for text in gone if gained else ():
            yield Rewritten(path, cls, method.name, text, gained[0], "")


def _rewritten_assigns(path: str, touched: list[_Touched]) -> Iterator[Rewritten]:
    """Each local a touched method bound once at the base and once upstream, from another value that reads
    something (killers216: #31099's ``output_shape = [x.shape[0], layer.weight.shape[0]]`` made ``output_shape =
    [x.shape[0], output_size]`` once the weight was padded): the statement's text is the item's."""
    for cls, was, method in touched:
        before, after = _bindings(was), _bindings(method)
        for name, nodes in sorted(before.items()):
            if name not in after:  # perf41: unparsed only for a name both versions bind
                continue
            texts, now = _texts(nodes), _texts(after[name])
            if len(texts) == 1 and len(now) == 1 and texts[0][0] != now[0][0]:
                yield Rewritten(path, cls, method.name, texts[0][0], now[0][0], "")


def _assigned(func: _Def) -> dict[str, list[tuple[str, ast.Assign]]]:
    """local name -> (statement's text, statement) of each ``name = value`` in the def whose value reads
    something (not a bare name or constant)."""
    found = {name: _texts(nodes) for name, nodes in _bindings(func).items()}
    return {name: texts for name, texts in found.items() if texts}


def _bindings(func: _Def) -> dict[str, list[ast.Assign]]:
    """local name -> each ``name = value`` in the def whose value reads something, not yet unparsed."""
    found: dict[str, list[ast.Assign]] = {}
    for node in ast.walk(func):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
            continue
        if not isinstance(node.value, ast.Name | ast.Constant):
            found.setdefault(node.targets[0].id, []).append(node)
    return found


def _texts(nodes: list[ast.Assign]) -> list[tuple[str, ast.Assign]]:
    """(text, statement) of each statement that unparses."""
    return [(text, node) for node in nodes if (text := _text(node)) is not None]


def _pieces(func: _Def) -> dict[str, ast.expr]:
    """text -> node of each test (``if``, ``while``, a conditional expression's) and returned value in the def that
    reads something (an attribute, a call, a comparison: not a bare name or constant, which any body may hold)."""
    found: dict[str, ast.expr] = {}
    for node in ast.walk(func):
        expr = node.test if isinstance(node, ast.If | ast.While | ast.IfExp) else None
        expr = node.value if isinstance(node, ast.Return) else expr
        if expr is not None and not isinstance(expr, ast.Name | ast.Constant) and (text := _text(expr)) is not None:
            found.setdefault(text, expr)
    return found


def _inherited(module: ast.Module, items: list[Rewritten]) -> list[Rewritten]:
    """The items again under each class of the module that inherits the method from the item's class without
    defining it (killers208: a fork manager deriving from #47725's ``LRUCacheLoRAModelManager``, which takes
    ``set_adapter_mapping`` from ``LoRAModelManager`` in the same file)."""
    classes = {c.name: c for c in file_classes(module.body)}
    found = []
    for item in items:
        for cls in classes.values():
            if cls.name != item.cls and item.method not in {m.name for m in methods_of(cls)}:
                if _inherits(cls, item.cls, item.method, classes):
                    found.append(dataclasses.replace(item, cls=cls.name))
    return found


def _inherited_across(trees: ThreeTrees, path: str, module: ast.Module, items: list[Rewritten]) -> list[Rewritten]:
    """The items again under each base a fork class of the module names, resolved in the merged tree, that inherits
    the method from the item's class in another file without defining it (mend80: #25403's ``set_lora``, rewritten in
    ``BaseLinearLayerWithLoRA`` of ``base_linear.py``, which a fork ``ReplicatedLinearWithLoRA`` subclass gets through
    ``replicated_linear.py``)."""
    methods = {i.method for i in items}
    classes = [c for c in file_classes(module.body) if methods & {m.name for m in methods_of(c)}]
    if not classes:
        return []
    index = trees.merged_index()
    mod = index.module_at(path)
    found: list[Rewritten] = []
    for base in (b for c in classes for b in c.bases) if mod is not None else ():
        info = index.class_of(index.resolve_expr(mod, base)) if mod is not None else None
        for item in items if info is not None and info.module.path not in {i.path for i in items} else ():
            owner = _defining(index, info, item.method) if info is not None else None
            if owner == (item.path, item.cls) and info is not None:
                found.append(dataclasses.replace(item, path=info.module.path, cls=info.qualname))
    return found


def _defining(index: Index, cls: ClassInfo, method: str) -> tuple[str, str] | None:
    """(path, qualname) of the first class of ``cls``'s order that defines ``method``."""
    for entry in index.mro(cls):
        if isinstance(entry, ClassInfo) and method in entry.members:
            return entry.module.path, entry.qualname
    return None


def _inherits(cls: ast.ClassDef, base: str, method: str, classes: dict[str, ast.ClassDef]) -> bool:
    """``cls`` derives from ``base`` through the module's own classes, none between defining ``method``."""
    for name in (b.id for b in cls.bases if isinstance(b, ast.Name)):
        if name == base:
            return True
        parent = classes.get(name)
        if parent is not None and parent is not cls and method not in {m.name for m in methods_of(parent)}:
            if _inherits(parent, base, method, {k: v for k, v in classes.items() if v is not cls}):
                return True
    return False


def _repeats(node: ast.expr | ast.stmt, item: Rewritten) -> bool:
    """The fork's call, test or return is the base's old one word for word; a test also when it holds the old
    test inverted or as one operand of ``and``/``or`` (``if self.paused or mapping == self._last_mapping: return``
    for the base's ``if self._last_mapping != mapping: ...``), where the old test reads a field of ``self``: the
    state the base's guard kept, which a looser match of a bare local's test would not tie to the copy."""
    if _text(node) == item.old:
        return True
    old = parsed_expression(item.old, "<test>") if not item.callee and "self." in item.old else None
    if old is None or not isinstance(node, ast.expr):
        return False
    return _condition_key(old) in {_condition_key(e) for e in _operands(node)}


def _operands(expr: ast.expr) -> Iterator[ast.expr]:
    """The test and, through ``not`` and ``and``/``or``, the conditions it is made of."""
    yield expr
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        yield from _operands(expr.operand)
    elif isinstance(expr, ast.BoolOp):
        for value in expr.values:
            yield from _operands(value)


def _condition_key(expr: ast.expr) -> str:
    """A comparison's operands in order, its operator's family (``==``/``!=``, ``is``/``is not``): one condition
    however it is turned; any other test's text."""
    if isinstance(expr, ast.Compare) and len(expr.ops) == 1:
        family = {ast.Eq: "eq", ast.NotEq: "eq", ast.Is: "is", ast.IsNot: "is"}.get(type(expr.ops[0]))
        sides = sorted(_text(e) or "" for e in (expr.left, expr.comparators[0]))
        if family is not None:
            return f"{family}:{sides[0]}:{sides[1]}"
    return _text(expr) or ""


def _touched(old: ast.Module, new: ast.Module, added: set[int], names: frozenset[str]) -> Iterator[_Touched]:
    """(class, method at the base, at upstream) of each method of a class in both versions that upstream's diff
    touches (an added line in its span), of the names in ``names`` alone."""
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        old_methods = {m.name: m for m in methods_of(was)} if was is not None else {}
        for method in methods_of(cls):
            end = method.end_lineno or method.lineno
            if method.name in names and method.name in old_methods and any(method.lineno <= n <= end for n in added):
                yield cls.name, old_methods[method.name], method


def _added_calls(path: str, touched: list[_Touched], called: set[str]) -> Iterator[Added]:
    """Each call statement a touched method gained off a ``self.`` collaborator it already drove through another
    callee (the anchor, called once at both commits, its last name one the fork calls)."""
    for cls, was, method in touched:
        before, after = _calls(was, None), _calls(method, None)
        for call in _statement_calls(method):
            callee, text, recv = _text(call.func), _text(call), _receiver(call.func)
            if callee is None or text is None or recv is None or callee in before or len(after.get(callee, [])) != 1:
                continue
            for anchor, calls in sorted(before.items()):
                same = anchor != callee and _receiver_text(anchor) == recv and len(after.get(anchor, [])) == 1
                if same and len(calls) == 1 and calls[0][1] in called:
                    yield Added(path, cls, method.name, anchor, text, last_name(call.func))


def _statement_calls(func: _Def) -> Iterator[ast.Call]:
    """The calls that are statements of their own in the def (their answer dropped: made for their effect)."""
    return (n.value for n in ast.walk(func) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call))


def _receiver(func: ast.expr) -> str | None:
    """The text of the ``self.`` attribute a method is called off (``self.engine_core`` of
    ``self.engine_core.post_step``); None for another receiver (a module, ``self`` itself, a local)."""
    if not isinstance(func, ast.Attribute) or not isinstance(func.value, ast.Attribute):
        return None
    recv = _text(func.value)
    return recv if recv is not None and recv.startswith("self.") else None


def _receiver_text(callee: str) -> str | None:
    """The receiver's text of a callee's text (``self.engine_core`` of ``self.engine_core.step_fn``)."""
    expr = parsed_expression(callee, "<callee>")
    return _receiver(expr) if expr is not None else None


def _changed_calls(old: _Def, new: _Def, called: set[str] | None = None) -> Iterator[tuple[str, str, str]]:
    """(old text, new text, callee's last name) of each callee the method calls exactly once in both versions,
    its call rewritten."""
    before, after = _calls(old, called), _calls(new, called)
    for callee, texts in before.items():
        now = after.get(callee, [])
        if len(texts) == 1 and len(now) == 1 and texts[0][0] != now[0][0]:
            yield texts[0][0], now[0][0], texts[0][1]
    yield from _recalled(before, after)


def _recalled(
    before: dict[str, list[tuple[str, str]]], after: dict[str, list[tuple[str, str]]]
) -> Iterator[tuple[str, str, str]]:
    """A callee text gone, called once, paired with the one new callee text of the same root and last name called
    once: the receiver rewritten with the arguments (mend80, #25403: ``self.lora_a_stacked[0][index, 0,
    :lora_a.shape[1], :lora_a.shape[0]].copy_(lora_a.T, ...)`` made ``...[..., :lora_a.shape[0],
    :lora_a.shape[1]].copy_(lora_a, ...)``)."""
    gone = {k: v[0] for k, v in before.items() if k not in after and len(v) == 1}
    new = {k: v[0] for k, v in after.items() if k not in before and len(v) == 1}
    if not gone or not new:
        return
    roots: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for key, (text, name) in new.items():
        roots.setdefault((_root(key), name), []).append((text, name))
    olds: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for key, (text, name) in gone.items():
        olds.setdefault((_root(key), name), []).append((text, name))
    for root, texts in olds.items():
        now = roots.get(root, [])
        if root[0] and len(texts) == 1 and len(now) == 1:
            yield texts[0][0], now[0][0], texts[0][1]


def _root(callee: str) -> str:
    """A subscripted receiver's root (``self.lora_a_stacked`` of ``self.lora_a_stacked[0][i].copy_``), else ""."""
    head, bracket, _ = callee.partition("[")
    return head if bracket and "(" not in head else ""


def _calls(func: _Def, called: set[str] | None) -> dict[str, list[tuple[str, str]]]:
    """callee's text -> (the text, the callee's last name) of each call of it in the function (a nested call
    counts on its own), of the callees in ``called`` alone when it is given (or computed ones)."""
    found: dict[str, list[tuple[str, str]]] = {}
    for node in ast.walk(func):
        name = last_name(node.func) if isinstance(node, ast.Call) else ""
        if not isinstance(node, ast.Call) or name in LOG_METHODS:  # a message reworded: no drift
            continue
        if called is None or not name or name in called:
            callee, text = _text(node.func), _text(node)
            if callee is not None and text is not None:
                found.setdefault(callee, []).append((text, name))
    return found


def _text(node: ast.AST) -> str | None:
    """``ast.unparse`` of the node, None for an expression too deep to unparse (RecursionError): skipped."""
    try:
        return ast.unparse(node)
    except RecursionError:
        return None


def _fork_copies(
    path: str, module: ast.Module, owned: set[int], rewritten: list[Rewritten]
) -> Iterator[tuple[Rewritten, int, bool]]:
    """(item, line, word for word) of each fork override holding the old call of a rewritten one, on a line the
    fork owns; since killers216 also a call of the callee with the old call's keywords alone (not word for
    word)."""
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    for cls in file_classes(module.body):
        items = derived_from(cls, local_bases(cls, local), imports, rewritten)
        overrides = {m.name: m for m in methods_of(cls)}
        for item in items:
            override = overrides.get(item.method)
            if override is None:
                continue
            calls = [n for n in ast.walk(override) if isinstance(n, ast.Call)]
            # a rewritten test, return or local's binding (callee "") is looked for among the override's own
            held: list[ast.expr | ast.stmt] = list(calls)
            if not item.callee:
                held = [*_pieces(override).values(), *(n for v in _assigned(override).values() for _, n in v)]
            if hands_on(override, item.method):  # the base's body runs too, unless only on some paths
                held = _leaving_tests(override, item.method) if not item.callee else []
            if any(_text(n) == item.new for n in held) or _makes_added(item, calls):
                continue  # the fork made upstream's new call already, or what it added to it
            line = next((n.lineno for n in held if n.lineno in owned and _repeats(n, item)), None)
            if line is not None:
                yield item, line, True
                continue
            line = next((n.lineno for n in held if n.lineno in owned and _keyword_copy(n, item)), None)
            if line is not None:
                yield item, line, False


def _dropped_dims(path: str, touched: list[_Touched]) -> Iterator[Dropped]:
    """killers216: each dimension of a parameter's tensor (``layer.weight.shape[0]``, ``.size(0)``) a touched method
    read at the base and no longer reads, where it now reads a field of that parameter it did not (#31099 padded
    the NVFP4 weight and took the output size from ``layer.output_size_per_partition``): the dimension is no
    longer what the method trusts for it."""
    for cls, was, method in touched:
        before = _dims(was)
        if not before:  # perf41: nothing to drop, upstream's version is not walked
            continue
        after = _dims(method)
        gone = sorted(before.keys() - after.keys())
        fresh = _param_fields(method) - _param_fields(was) if gone else set()  # perf41: read for a dropped dimension
        for key in gone:
            now = _rebound(was, method, before[key]) or next(
                (f.partition(":")[2] for f in sorted(fresh) if f.startswith(f"{key[0]}:")), None
            )
            if now:
                yield Dropped(path, cls, method.name, key, before[key], now)


def _rebound(was: _Def, now: _Def, text: str) -> str | None:
    """The statement binding, upstream, the local the base bound from a value reading ``text`` (#31099's
    ``output_shape = [x.shape[0], output_size]``): the read's replacement."""
    after = _assigned(now)
    for name, bound in sorted(_assigned(was).items()):
        if len(bound) == 1 and text in bound[0][0] and len(after.get(name, [])) == 1:
            return after[name][0][0] if text not in after[name][0][0] else None
    return None


def _dims(func: _Def) -> dict[tuple[int, str, int], str]:
    """(parameter's position, the chain below it, index) -> text of each ``p.x.shape[k]`` / ``p.x.size(k)`` the def
    reads."""
    params = {a.arg: i for i, a in enumerate(func.args.args)}
    found: dict[tuple[int, str, int], str] = {}
    for node in ast.walk(func):
        tensor, index = _dim_read(node)
        chain = _text(tensor) if tensor is not None else None
        root = chain.split(".", 1)[0] if chain else ""
        if chain and "." in chain and root in params and index is not None:
            found.setdefault((params[root], chain.partition(".")[2], index), _text(node) or "")
    return found


def _dim_read(node: ast.AST) -> tuple[ast.expr | None, int | None]:
    """(the tensor, the index) of ``t.shape[k]`` or ``t.size(k)`` with a literal ``k``."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
        index = node.slice
        tensor: ast.expr | None = node.value.value
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "size":
        index = node.args[0] if len(node.args) == 1 and not node.keywords else ast.Constant(None)
        tensor = node.func.value
    else:
        return None, None
    if isinstance(index, ast.Constant) and isinstance(index.value, int) and not isinstance(index.value, bool):
        return tensor, index.value
    return None, None


def _param_fields(func: _Def) -> set[str]:
    """``"position:text"`` of each field the def loads off a parameter (``layer.output_size_per_partition``, and
    ``getattr(layer, "pad", 0)`` as ``layer.pad``)."""
    params = {a.arg: i for i, a in enumerate(func.args.args)}
    found: set[str] = set()
    for n in ast.walk(func):  # perf41: one walk for both spellings
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in params:
            found.add(f"{params[n.value.id]}:{_text(n)}")
        elif isinstance(n, ast.Call) and last_name(n.func) == "getattr" and len(n.args) >= 2:
            holder, name = n.args[0], n.args[1]
            if (
                isinstance(holder, ast.Name)
                and holder.id in params
                and isinstance(name, ast.Constant)
                and isinstance(name.value, str)
            ):
                found.add(f"{params[holder.id]}:{holder.id}.{name.value}")
    return found


def _fork_dims(path: str, module: ast.Module, owned: set[int], dropped: list[Dropped]) -> Iterator[tuple[Dropped, int]]:
    """(item, line) of each fork override not handing on to the base that reads, on a line it owns, a dimension
    upstream's method stopped reading (the parameter matched by position, ``size(k)`` for ``shape[k]``)."""
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    for cls in file_classes(module.body):
        overrides = {m.name: m for m in methods_of(cls)}
        for item in derived_from(cls, local_bases(cls, local), imports, dropped):
            override = overrides.get(item.method)
            if override is None or hands_on(override, item.method):
                continue
            mine = _dims(override)
            if item.key in mine and _line_of_dim(override, mine[item.key], owned) is not None:
                yield item, _line_of_dim(override, mine[item.key], owned) or override.lineno


def _line_of_dim(func: _Def, text: str, owned: set[int]) -> int | None:
    return next(
        (n.lineno for n in ast.walk(func) if isinstance(n, ast.expr) and n.lineno in owned and _text(n) == text), None
    )


def _dim_finding(trees: ThreeTrees, path: str, line: int, item: Dropped, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, re.escape(item.now) + r"\b", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork override of {item.cls}.{item.method} reads a dimension upstream's {item.cls}.{item.method} no longer "
        f"reads (`{item.text}`): it now reads `{item.now}` ({item.path}{commit}), the tensor's "
        "dimension no longer what it trusts (padded, relaid); read what upstream reads, or say why the dimension "
        "stays right",
    )


def _leaving_tests(override: _Def, name: str) -> list[ast.expr | ast.stmt]:
    """killers216: the tests of the override's own ``if`` statements whose branch leaves (its last statement returns
    or raises) without handing on to the base, when the override's last statement does not hand on either: the
    base's body runs on some paths only, and what the copied test lets in never reaches it (#35430's ``if
    isinstance(layer, Attention): return self.KVCacheMethodCls(self)`` before a ``super()`` call for linear layers
    alone, where upstream's test now takes ``MLAAttention`` too)."""
    if not override.body or _reaches_base(override.body[-1], name):
        return []
    return [
        stmt.test
        for stmt in override.body
        if isinstance(stmt, ast.If)
        and isinstance(stmt.body[-1], ast.Return | ast.Raise)
        and not any(_reaches_base(b, name) for b in stmt.body)
    ]


def _reaches_base(stmt: ast.stmt, name: str) -> bool:
    """The statement reads ``super().name`` (or ``getattr(super(), "name")``)."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.Attribute) and node.attr == name and is_super(node.value):
            return True
        if isinstance(node, ast.Call) and last_name(node.func) == "getattr" and node.args and is_super(node.args[0]):
            return True
    return False


def _keyword_copy(node: ast.expr | ast.stmt, item: Rewritten) -> bool:
    """killers216: the fork's call of the rewritten callee passes the base's old call's keywords, no more and no
    fewer, with values of its own, where upstream's call now passes keywords beside them (#42209's
    ``make_nvfp4_moe_quant_config(...)`` gained ``swiglu_limit=``): the copy never hands on the new ones.  Quiet
    for a ``**`` splat on any side and for another count of positional arguments."""
    old, new = parsed_expression(item.old, "<call>"), parsed_expression(item.new, "<call>")
    if not item.callee or not isinstance(node, ast.Call) or not isinstance(old, ast.Call):
        return False
    if not isinstance(new, ast.Call) or _text(node.func) != _text(old.func):
        return False
    mine, then, now = (_keyword_names(c) for c in (node, old, new))
    if None in mine | then | now or not then < now or mine != then:
        return False
    return len(node.args) == len(old.args) == len(new.args)


def _keyword_names(call: ast.Call) -> set[str | None]:
    return {k.arg for k in call.keywords}


def _fork_anchors(path: str, module: ast.Module, owned: set[int], added: list[Added]) -> Iterator[tuple[Added, int]]:
    """(item, line) of each fork override calling the anchor of an added call and never the added callee, on a
    line the fork owns."""
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    for cls in file_classes(module.body):
        overrides = {m.name: m for m in methods_of(cls)}
        for item in derived_from(cls, local_bases(cls, local), imports, added):
            override = overrides.get(item.method)
            if override is None or hands_on(override, item.method):  # the base's body runs too
                continue
            calls = [n for n in ast.walk(override) if isinstance(n, ast.Call)]
            if any(_makes(d, item.callee) for d in reached(override, overrides)):
                continue  # the fork makes the new step already (off whatever receiver; in a helper, review105)
            line = next((n.lineno for n in calls if n.lineno in owned and _text(n.func) == item.anchor), None)
            if line is not None:
                yield item, line


def _makes(func: _Def, callee: str) -> bool:
    """The def calls a callee of that last name."""
    return any(isinstance(n, ast.Call) and last_name(n.func) == callee for n in ast.walk(func))


def _makes_added(item: Rewritten, calls: list[ast.Call]) -> bool:
    """The override makes every call upstream nested into the rewritten one (review81: #13626's
    ``mtp_layer.shared_head(hidden_states)``, which a fork applies on a line of its own before the old call)."""
    added = _nested(item.new) - _nested(item.old)
    return bool(added) and added <= {_text(n) for n in calls}


def _nested(text: str) -> set[str]:
    """The texts of the calls nested inside one call's text (its arguments' calls)."""
    call = parsed_expression(text, "<call>")
    return {ast.unparse(n) for n in ast.walk(call) if isinstance(n, ast.Call) and n is not call} if call else set()


def _finding(trees: ThreeTrees, path: str, line: int, item: Rewritten, pr_pattern: str, exact: bool) -> Finding:
    # the callee's name from the AST: the text before the first "(" was "" for ``(a or b)(x)`` and ``getattr`` for
    # ``getattr(self, "f")(x)``, and the lookup named another commit; a computed callee names the file alone
    pattern = re.escape(item.callee) + r"[[:space:]]*\("
    commit = trees.upstream_commit(item.path, pattern, pr_pattern) if item.callee else ""
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        (
            f"fork override of {item.cls}.{item.method} repeats the base's old call `{item.old}`, which upstream's "
            f"{item.cls}.{item.method} now makes as `{item.new}` ({item.path}{commit}): the copy no longer does what "
            "the base does; carry upstream's change into the override, or say why the old call stays"
        )
        if item.callee and exact
        else (
            f"fork override of {item.cls}.{item.method} calls `{item.callee}` with the keywords of the base's old "
            f"call `{item.old}`, but upstream's {item.cls}.{item.method} now also passes "
            f"{_gained_keywords(item)} (`{item.new}`) ({item.path}{commit}): the override never hands them on; pass "
            "them too, or say why they stay out"
        )
        if item.callee
        else (
            f"fork override of {item.cls}.{item.method} repeats the base's old `{item.old}`, which upstream's "
            f"{item.cls}.{item.method} no longer tests or returns: it rewrote it (it now holds `{item.new}`) "
            f"({item.path}{commit}): the copy no longer does what the base does; carry upstream's change into the "
            "override, or say why the old one stays"
        ),
    )


def _added_finding(trees: ThreeTrees, path: str, line: int, item: Added, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, re.escape(item.callee) + r"[[:space:]]*\(", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork override of {item.cls}.{item.method} calls `{item.anchor}` as the base did, but upstream's "
        f"{item.cls}.{item.method} now also makes `{item.new}` ({item.path}{commit}), which the override never "
        "makes: the copy skips the new step; make it in the override too, or say why it stays out",
    )


def _gained_keywords(item: Rewritten) -> str:
    """The keywords upstream's call passes that the base's old one did not, by name."""
    old, new = parsed_expression(item.old, "<call>"), parsed_expression(item.new, "<call>")
    if not isinstance(old, ast.Call) or not isinstance(new, ast.Call):
        return ""
    gained = {k.arg for k in new.keywords} - {k.arg for k in old.keywords}
    return ", ".join(sorted(f"{k}=" for k in gained if k is not None))
