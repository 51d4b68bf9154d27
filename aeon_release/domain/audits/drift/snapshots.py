"""Snapshotted attributes: upstream's constructor now copies an attribute's fields into attributes of their own and
its methods read the copies; a fork subclass that stores the attribute after construction steers nothing.

#23732 (11eddf02f0) made the FlashInfer metadata builder's ``__init__`` copy ``self.global_hyperparameters``'s
``sm_scale``, ``window_left``, ``logits_soft_cap`` and ``has_sinks`` into ``self.sm_scale`` ... and its ``build``
read those where it had read ``self.global_hyperparameters.window_left``.  A fork subclass that, below
``super().__init__(...)``, replaces the hyperparameters (``self.global_hyperparameters =
dataclasses.replace(self.global_hyperparameters, window_left=-1)``) or writes through them
(``self.global_hyperparameters.logits_soft_cap = None``) merges cleanly and is silently ignored: the copies were
taken before its line ran.  Nothing was removed (the attribute is still set, and still read, in the constructor),
so symbol drift and dead-knob drift stay quiet.

Upstream's side: a class of a changed file, in both versions, whose methods other than ``__init__`` load
``self.X`` at the base and not at upstream, while upstream's ``__init__`` copies it (``self.Y = self.X.f``, or
``self.Y = self.X``).  The fork's side, on a line it owns: a class deriving the upstream class first
(``derives_first``) that stores ``self.X`` (any value) or ``self.X.f`` for a copied ``f`` in a method other than
``__init__``, or in its ``__init__`` below ``super().__init__(...)``; a ``dataclasses.replace(self.X, f=...)``
counts for the fields it names.  An error; a warning where the fork's class loads ``self.X`` itself elsewhere (a
reader of its own keeps the store alive).  Quiet where the same method stores a copy too (written for both sides;
also by ``setattr(self, name, ...)`` over the copies' names, or in a helper of the fork's class it calls on
``self``), where the fork's ``__init__`` makes no ``super().__init__`` call, where the fields it writes are not
copied or were read by no method of the base through ``self.X`` (#35959's ``pp_size``, copied at the base already),
or where it stores the very value upstream's constructor stored on ``self.X`` (benchmarks/review88_twins.py).

Cheap first: only fork files whose added lines store an attribute (or a field of one) on ``self`` are read, and
only upstream files whose added lines copy one of those attributes on ``self``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.deferred_inits import derives_first, is_super_call, method_named
from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets, is_self_attribute
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern

# a store on ``self`` of an attribute or of a field of one, on a fork line: ``self.hp = ...``, ``self.hp.f = ...``
_STORE = lazy_pattern(r"\bself\.(\w+)(?:\.\w+)?\s*=(?!=)")
# a copy upstream added: ``self.sm_scale = self.hp.sm_scale``
_COPY = lazy_pattern(r"\bself\.\w+\s*=\s*self\.(\w+)\b")
_MOST_FILES = 32
_ALL = "*"  # a store of the attribute itself: every copied field


@dataclass(frozen=True)
class Snapshot:
    """``cls`` (of ``path``) copies ``self.attr``'s fields in ``__init__`` (field -> the copy; "" the whole)."""

    path: str
    cls: str
    attr: str
    copies: tuple[tuple[str, str], ...]
    stored: str = ""  # the value upstream's ``__init__`` stores on ``self.attr`` (unparsed; "" none or several)
    hooks: frozenset[str] = frozenset()  # the methods ``__init__`` calls on ``self`` before its first copy

    def copy_names(self) -> frozenset[str]:
        return frozenset(copy for _, copy in self.copies)

    def fields(self) -> frozenset[str]:
        return frozenset(field for field, _ in self.copies)


def snapshot_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork stores of an attribute upstream's constructor now copies, made after the copies were taken."""
    stored = fork_found(trees, _STORE, tests=True)
    if not stored:
        return []
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _copies_added(trees, p, stored)]
    shots = [s for path, old, new in parsed_versions(trees, paths[:_MOST_FILES]) for s in _snapshots(path, old, new)]
    shots = [s for s in shots if s.attr in stored]
    if not shots:
        return []
    attrs = {s.attr for s in shots}
    return [
        _finding(trees, path, line, shot, shown, own_reader, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(a in attrs for a in _STORE.findall(line)))
        for shot, line, shown, own_reader in _fork_stores(path, module, owned, shots)
    ]


# -- upstream's side -----------------------------------------------------------------------------------------------
def _copies_added(trees: ThreeTrees, path: str, stored: set[str]) -> bool:
    return any(name in stored for line in trees.upstream[path].added.values() for name in _COPY.findall(line))


def _snapshots(path: str, old: ast.Module, new: ast.Module) -> Iterator[Snapshot]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was, init = before.get(cls.name), method_named(cls, "__init__")
        if was is None or init is None:
            continue
        read_before, read_now = _loaded_outside_init(was), _loaded_outside_init(cls)
        copies = _copies(init)
        for attr in sorted((read_before - read_now) & set(copies)):
            # #35959 copied the runner's dp size and rank beside a pp_size the base had copied already: only the
            # fields the base's methods read through the attribute lost a reader the fork's store reached
            read = _fields_read(was, attr)
            kept = {(f, copy) for f, copy in copies[attr] if read is None or not f or f in read}
            if kept:
                yield Snapshot(path, cls.name, attr, tuple(sorted(kept)), _stored(init, attr), _hooks(init, attr))


def _outside_init(cls: ast.ClassDef) -> Iterator[ast.AST]:
    """The nodes of the class's methods other than ``__init__``."""
    for method in cls.body:
        if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef) and method.name != "__init__":
            yield from ast.walk(method)


def _loaded_outside_init(cls: ast.ClassDef) -> set[str]:
    """The attributes the class's methods other than ``__init__`` load on ``self``."""
    return {node.attr for node in _outside_init(cls) if is_self_attribute(node) and isinstance(node.ctx, ast.Load)}


def _fields_read(cls: ast.ClassDef, attr: str) -> set[str] | None:
    """The fields of ``self.attr`` the class's methods other than ``__init__`` read (``self.attr.f``); None where
    one loads ``self.attr`` itself (hands it on, or calls it): every field may be read."""
    fields: set[str] = set()
    through: set[int] = set()
    loads = []
    for node in _outside_init(cls):
        if isinstance(node, ast.Attribute) and is_self_attribute(node.value) and node.value.attr == attr:
            fields.add(node.attr)
            through.add(id(node.value))
        elif is_self_attribute(node) and node.attr == attr and isinstance(node.ctx, ast.Load):
            loads.append(node)
    return None if any(id(node) not in through for node in loads) else fields


def _stored(init: ast.FunctionDef, attr: str) -> str:
    """The one value ``init`` stores on ``self.attr``, unparsed ("" where it stores none or several)."""
    values = {
        ast.unparse(node.value)
        for node in ast.walk(init)
        if isinstance(node, ast.Assign) and any(is_self_attribute(t) and t.attr == attr for t in node.targets)
    }
    return values.pop() if len(values) == 1 else ""


def _hooks(init: ast.FunctionDef, attr: str) -> frozenset[str]:
    """The methods ``init`` calls on ``self`` on a line above its first copy of ``self.attr``: an override of one
    runs before the copies are taken, which copy its store (readD #13: ``self._init_hparams()``)."""
    first = min(
        (n.lineno for n in ast.walk(init) if isinstance(n, ast.Assign) and _copied_attr(n.value) == attr),
        default=0,
    )
    return frozenset(
        n.func.attr
        for n in ast.walk(init)
        if isinstance(n, ast.Call) and is_self_attribute(n.func) and n.lineno < first
    )


def _copied_attr(value: ast.expr) -> str:
    if is_self_attribute(value):
        return value.attr
    return value.value.attr if isinstance(value, ast.Attribute) and is_self_attribute(value.value) else ""


def _copies(init: ast.FunctionDef) -> dict[str, set[tuple[str, str]]]:
    """attr -> {(field, copy)} for each ``self.copy = self.attr.field`` (field "" for ``self.copy = self.attr``)."""
    found: dict[str, set[tuple[str, str]]] = {}
    for node in ast.walk(init):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and is_self_attribute(node.targets[0])):
            continue
        value, copy = node.value, node.targets[0].attr
        if is_self_attribute(value) and value.attr != copy:
            found.setdefault(value.attr, set()).add(("", copy))
        elif isinstance(value, ast.Attribute) and is_self_attribute(value.value):
            found.setdefault(value.value.attr, set()).add((value.attr, copy))
    return found


# -- the fork's side -----------------------------------------------------------------------------------------------
def _fork_stores(
    path: str, module: ast.Module, owned: set[int], shots: list[Snapshot]
) -> Iterator[tuple[Snapshot, int, str, bool]]:
    imports = file_imports(module, path)
    for cls in file_classes(module.body):
        for shot in (s for s in shots if derives_first(cls, imports, s.path, s.cls)):
            for method in _late_methods(cls):
                if method.name in shot.hooks or _stores_copy(cls, method, shot):
                    continue
                for line, shown in _late_stores(method, shot):
                    if line in owned:
                        yield shot, line, shown, _reads_itself(cls, method, shot.attr)


def _late_methods(cls: ast.ClassDef) -> Iterator[ast.FunctionDef]:
    """The class's methods, its ``__init__`` only where it calls ``super().__init__(...)``."""
    for method in cls.body:
        if isinstance(method, ast.FunctionDef) and (method.name != "__init__" or _super_line(method) is not None):
            yield method


def _super_line(init: ast.FunctionDef) -> int | None:
    lines = [n.lineno for n in ast.walk(init) if isinstance(n, ast.Call) and is_super_call(n, "__init__")]
    return min(lines) if lines else None


def _late_stores(method: ast.FunctionDef, shot: Snapshot) -> Iterator[tuple[int, str]]:
    """(line, the store as shown) for each store of ``self.attr`` (or a copied field of it) the copies miss."""
    after = _super_line(method) if method.name == "__init__" else 0
    for node in ast.walk(method):
        if not isinstance(node, ast.stmt) or node.lineno <= (after or 0):
            continue
        for target in assigned_targets(node):
            written = _written_fields(target, node, shot)
            if written and (_ALL in written or written & shot.fields()):
                yield node.lineno, ast.unparse(target)


def _written_fields(target: ast.expr, stmt: ast.stmt, shot: Snapshot) -> frozenset[str]:
    """The fields of ``self.attr`` the store changes: one (``self.attr.f = v``), those a ``replace(self.attr,
    f=...)`` names, none for the very value upstream's constructor stored (a restated ``self.cache_config =
    config.cache_config``: the copies were taken from it), or all (``_ALL``) for another value."""
    attr = shot.attr
    if isinstance(target, ast.Attribute) and is_self_attribute(target.value) and target.value.attr == attr:
        return frozenset({target.attr})
    if not (is_self_attribute(target) and target.attr == attr):
        return frozenset()
    value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
    if value is not None and shot.stored and ast.unparse(value) == shot.stored:
        return frozenset()
    if isinstance(value, ast.Call) and last_name(value.func) == "replace" and value.args:
        first = value.args[0]
        if is_self_attribute(first) and first.attr == attr:
            return frozenset(k.arg for k in value.keywords if k.arg)
    return frozenset({_ALL})


def _stores_copy(cls: ast.ClassDef, method: ast.FunctionDef, shot: Snapshot) -> bool:
    """The method, or a method of the fork's class it calls on ``self``, also stores one of upstream's copies:
    written for both sides (a helper re-taking the copies, a ``setattr`` loop over their names)."""
    called = {
        node.func.attr
        for node in ast.walk(method)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and is_self_attribute(node.func)
    }
    helpers = [m for m in cls.body if isinstance(m, ast.FunctionDef) and m.name in called and m is not method]
    return any(_stores_named(m, shot.copy_names()) for m in (method, *helpers))


def _stores_named(method: ast.FunctionDef, names: frozenset[str]) -> bool:
    """``method`` stores ``self.<one of names>``, or calls ``setattr(self, ...)`` where it spells one of them."""
    spelt = {n.value for n in ast.walk(method) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    for node in ast.walk(method):
        if isinstance(node, ast.stmt) and any(is_self_attribute(t) and t.attr in names for t in assigned_targets(node)):
            return True
        if _sets_on_self(node) and names & spelt:
            return True
    return False


def _sets_on_self(node: ast.AST) -> bool:
    """``setattr(self, ...)``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "setattr"
        and bool(node.args)
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == "self"
    )


def _reads_itself(cls: ast.ClassDef, storing: ast.FunctionDef, attr: str) -> bool:
    """Another method of the fork's class loads ``self.attr`` for its value: a reader of its own (not the base of
    a write through it, ``self.attr.f = v``, nor a ``replace(self.attr, ...)`` stored back on it)."""
    methods = [m for m in cls.body if isinstance(m, ast.FunctionDef) and m is not storing]
    writes = {id(base) for method in methods for base in _written_bases(method, attr)}
    return any(
        is_self_attribute(node) and node.attr == attr and isinstance(node.ctx, ast.Load) and id(node) not in writes
        for method in methods
        for node in ast.walk(method)
    )


def _written_bases(method: ast.FunctionDef, attr: str) -> Iterator[ast.expr]:
    """The loads of ``self.attr`` a store in ``method`` makes only to write it: ``self.attr.f = v``'s base and the
    first argument of ``self.attr = replace(self.attr, ...)``."""
    for node in ast.walk(method):
        if not isinstance(node, ast.stmt):
            continue
        for target in assigned_targets(node):
            if isinstance(target, ast.Attribute) and is_self_attribute(target.value):
                yield target.value
            value = node.value if isinstance(node, ast.Assign) else None
            if is_self_attribute(target) and target.attr == attr and isinstance(value, ast.Call) and value.args:
                yield value.args[0]


def _finding(
    trees: ThreeTrees, path: str, line: int, shot: Snapshot, shown: str, own_reader: bool, pr_pattern: str
) -> Finding:
    copies = ", ".join(f"self.{copy}" for _, copy in shot.copies)
    commit = trees.upstream_commit(shot.path, rf"self\.\w+[[:space:]]*=[[:space:]]*self\.{shot.attr}\b", pr_pattern)
    text = (
        f"fork-owned store of {shown} in a subclass of {shot.cls}, made after {shot.cls}.__init__ ran: upstream's "
        f"constructor now copies self.{shot.attr} into {copies} ({shot.path}{commit}) and its methods read the "
        f"copies, no longer self.{shot.attr}: the store is silently ignored; set the copies too"
    )
    if own_reader:
        text += " (a warning: the fork's class reads the attribute itself, which the store still reaches)"
    return Finding(RULE, "merge", Severity.WARNING if own_reader else Severity.ERROR, path, line, text)
