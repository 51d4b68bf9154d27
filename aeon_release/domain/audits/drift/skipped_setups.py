"""Skipped setups: upstream's method now stores state another method of its class reads, and a fork override of
the first never hands on to it.

#42651 (53ff50fcd3) gave ``CutlassFP8ScaledMMLinearKernel`` a ``process_weights_after_loading`` that pads the
weight and stores ``self.logical_output_size = weight.shape[1]``, and its ``apply_scaled_mm`` now reads it
(``output_size = self.logical_output_size; assert output_size is not None``); ``__init__`` sets it to ``None``.
A fork kernel deriving the cutlass one whose own ``process_weights_after_loading`` (the Spark's checkpoints ship
the weight prepacked) never calls ``super().process_weights_after_loading(layer)`` merges cleanly and fails on
its first forward: the width stays ``None``.  Nothing was removed, renamed or re-signed; the override was a
complete replacement of a base method that did nothing (``pass``) at the merge base.

Upstream's side: a class of a changed file, in both versions, with a method ``M`` that stores ``self.X`` (a
value other than ``None``) in its own body where at the base ``M`` did not (or the class had no ``M``: then ``drift/interposed.py`` may also report
the override, from the class order's side), and
another method ``N`` (not ``__init__``) that reads ``self.X`` in its own body where at the base it did not; no
method but ``M`` and ``__init__`` stores ``X``, and ``__init__`` only ``None`` (so a read before ``M`` runs finds
``None``, the class default, or nothing).  Another method may store ``X`` too when it is a new keeper of the same
state (killers170: #21862's ``XgrammarGrammar`` caches ``_is_terminated`` in ``accept_tokens`` and ``rollback``,
read by ``is_terminated``; #25905's ``GuidanceGrammar.accept_tokens`` sets a ``rollback_lag`` that ``rollback``
reads, then resets): it stored nothing in ``X`` at the base, stores only a constant or a value ``M`` stores, and,
if it is ``N``, reads ``X`` before storing it.  The fork's side, on a line it owns: an override of ``M`` in a class deriving upstream's
first (``derives_first``; no base the module defines), that is not abstract and reaches no base ``M`` (``interposed.hands_on``: ``super().M``, ``getattr(super(), "M")``,
``Base.M(self, ...)``) and stores no ``self.X``, in a class that overrides no ``N``, binds no ``X`` at class level and stores ``X``
in no method, names ``X`` in no string (``setattr``/``getattr``/``hasattr``).  An error on the override's line.

Since killers216 also state stored on a parameter both methods take by one name at one position: #23671
(16a45b3a28) made ``ModelOptNvFp4LinearMethod.process_weights_after_loading(self, layer)`` store
``layer.input_scale_inv`` and its ``apply(self, layer, x, ...)`` read it (the layer's ``1 / input_scale``, once).
A fork method whose own ``process_weights_after_loading`` (the Spark's swizzle only) never hands on, inheriting
``apply``, merges cleanly and raises ``AttributeError`` on its first forward off the Marlin path
(blind_replay_modelopt2).  Upstream's side: ``M`` now stores ``p.X`` (``p`` its parameter at position ``i``) and
did not at the base, ``N`` takes ``p`` at ``i`` too and now loads ``p.X`` where it did not; no other method of
the class stores an attribute named ``X`` and no string names it.  The fork's side as above, with the override's
parameter at ``i``: it stores no ``.X`` on it, never hands the parameter itself to a call (a helper may set
anything on it), and the class stores ``X`` on nothing.  An error when ``N`` loads ``p.X`` in a statement of its
own body that no earlier ``return`` or ``raise`` can skip; a warning when one can (a Marlin path returning first
never reads it).

Cheap first: only fork files whose added lines define a method are read; only upstream files whose added lines
store an attribute on ``self`` and that define a method the fork defines are parsed, at most 32, those the fork's
lines name by module first and tests last (mend56).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

from aeon_release.domain.audits.drift.deferred_inits import (
    binds_at_class_level,
    derives_first,
    method_named,
    reached_methods,
    reads_self,
    self_stored,
)
from aeon_release.domain.audits.drift.interposed import Along, hands_on, is_abstract, runs_a_reader
from aeon_release.domain.audits.drift.nulled_attributes import assigned_targets, is_self_attribute, local_bases
from aeon_release.domain.audits.drift.own_fields import file_classes
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, fork_found, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import TEST_PATH, lazy_pattern, str_value

_DEF = lazy_pattern(r"^\s+(?:async\s+)?def\s+(\w+)\s*\(\s*self\b")
_SELF_STORE = lazy_pattern(r"\bself\.\w+\s*(?::[^=\n]*)?=(?!=)")
# a store on a name's field (``layer.input_scale_inv = ...``): a parameter's, killers216
_FIELD_STORE = lazy_pattern(r"^\s*[A-Za-z_]\w*\.\w+\s*(?::[^=\n]*)?=(?!=)")
_MOST_FILES = 32
_INIT = "__init__"


@dataclass(frozen=True)
class Setup:
    """``cls`` (of ``path``) now stores ``self.attr`` in ``method``, and ``reader`` now reads it."""

    path: str
    cls: str
    method: str
    attr: str
    reader: str
    node: ast.ClassDef = field(compare=False, repr=False)  # upstream's class, as merged
    holder: str = "self"  # killers216: the parameter whose field it is (``layer``), at ``position`` in both defs
    position: int = 0
    guarded: bool = False  # the reader may return or raise before it loads the field: a warning


def skipped_setup_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork overrides of a method upstream made store what a sibling method now reads, that skip the base's."""
    defined = fork_found(trees, _DEF, tests=False)
    if not defined:
        return []
    paths = _upstream_files(trees, defined)
    setups = [s for path, old, new in parsed_versions(trees, paths) for s in _setups(path, old, new, defined)]
    if not setups:
        return []
    methods = {s.method for s in setups}
    return [
        _finding(trees, path, line, setup, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: _defines(line, methods))
        for setup, line in _skipping(path, module, owned, setups)
    ]


def _defines(line: str, methods: set[str]) -> bool:
    found = _DEF.match(line)
    return found is not None and found[1] in methods


def _upstream_files(trees: ThreeTrees, defined: set[str]) -> list[str]:
    """The upstream files worth parsing, at most ``_MOST_FILES``: an added store on ``self``, in a file that at
    theirs defines a method the fork defines too; the fork's side's package first.  mend56: gated on the store
    alone and cut by path, a two-month range's 651 candidates kept only ``.github/`` and ``tests/`` files."""
    stores = [p for p in trees.upstream if p.endswith(".py") and _candidate(trees, p)]
    words = tuple(sorted(f"def {name}(" for name in defined))
    found = trees.upstream_files_with(words, stores)
    return sorted(found, key=lambda p: _distance(trees, p))[:_MOST_FILES]


def _distance(trees: ThreeTrees, path: str) -> tuple[bool, bool, str]:
    """Tests last; then files whose module name no fork line names (``from pkg.kernels.cutlass import ...``
    names ``cutlass``) after those it names; then by path."""
    stem = path.rsplit("/", 1)[-1].removesuffix(".py")
    return bool(TEST_PATH.search(path)), stem not in trees.fork_words(), path


def _candidate(trees: ThreeTrees, path: str) -> bool:
    """Upstream's diff of ``path`` added a store on ``self`` (the substring test first)."""
    return any(
        ("self." in line and _SELF_STORE.search(line)) or ("." in line and _FIELD_STORE.match(line))
        for line in trees.upstream[path].added.values()
    )


def _setups(path: str, old: ast.Module, new: ast.Module, defined: set[str]) -> Iterator[Setup]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        if was is None:
            continue
        for method in cls.body:
            if not isinstance(method, ast.FunctionDef) or method.name not in defined or method.name == _INIT:
                continue
            then = method_named(was, method.name)
            gained = self_stored(method) - (self_stored(then) if then is not None else set())
            for attr in sorted(gained):
                reader = _new_reader(cls, was, method.name, attr)
                if reader is not None and _set_only_by(cls, was, attr, method, reader):
                    yield Setup(path, cls.name, method.name, attr, reader, cls)
            yield from _param_setups(path, cls, was, method, then)


def _param_setups(
    path: str, cls: ast.ClassDef, was: ast.ClassDef, method: ast.FunctionDef, then: ast.FunctionDef | None
) -> Iterator[Setup]:
    """killers216: each field ``method`` now stores on a parameter (not ``self``) that a sibling taking the same
    parameter at the same position now loads (see the module's docstring)."""
    params = [a.arg for a in method.args.args]
    for position, holder in enumerate(params[1:], 1):
        before = _param_stored(then, holder, position)
        for attr in sorted(_param_stored(method, holder, position) - before):
            reader = _param_reader(cls, was, method.name, holder, position, attr)
            if reader is None or _stored_elsewhere(cls, method, attr):
                continue
            yield Setup(
                path, cls.name, method.name, attr, reader.name, cls, holder, position, _guarded(reader, holder, attr)
            )


def _param_at(func: ast.FunctionDef | None, position: int) -> str | None:
    args = func.args.args if func is not None else []
    return args[position].arg if len(args) > position else None


def _param_stored(func: ast.FunctionDef | None, holder: str, position: int) -> set[str]:
    """The fields ``func`` stores on its parameter ``holder`` (at ``position``) with a value other than None."""
    if func is None or _param_at(func, position) != holder:
        return set()
    found: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Assign | ast.AnnAssign) and not _none(node.value):
            found |= {t.attr for t in assigned_targets(node) if isinstance(t, ast.Attribute) and _on(t, holder)}
    return found


def _none(value: ast.expr | None) -> bool:
    return value is None or (isinstance(value, ast.Constant) and value.value is None)


def _on(node: ast.AST, holder: str) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == holder


def _loads(func: ast.AST | None, holder: str, attr: str) -> bool:
    return func is not None and any(
        _on(n, holder) and isinstance(n, ast.Attribute) and n.attr == attr and isinstance(n.ctx, ast.Load)
        for n in ast.walk(func)
    )


def _param_reader(
    cls: ast.ClassDef, was: ast.ClassDef, setter: str, holder: str, position: int, attr: str
) -> ast.FunctionDef | None:
    """A method other than the setter and ``__init__`` taking ``holder`` at ``position`` that loads
    ``holder.attr`` where at the base it did not."""
    for method in cls.body:
        if not isinstance(method, ast.FunctionDef) or method.name in (setter, _INIT):
            continue
        if _param_at(method, position) == holder and _loads(method, holder, attr):
            then = method_named(was, method.name)
            if not (_param_at(then, position) == holder and _loads(then, holder, attr)):
                return method
    return None


def _stored_elsewhere(cls: ast.ClassDef, setter: ast.FunctionDef, attr: str) -> bool:
    """Another method of the class stores a field named ``attr`` on anything, or a string names it."""
    for method in cls.body:
        if isinstance(method, ast.FunctionDef) and method is not setter and _stores_field(method, attr):
            return True
    return any(isinstance(n, ast.Constant) and n.value == attr for n in ast.walk(cls))


def _stores_field(node: ast.AST, attr: str) -> bool:
    return any(
        isinstance(n, ast.stmt) and any(isinstance(t, ast.Attribute) and t.attr == attr for t in assigned_targets(n))
        for n in ast.walk(node)
    )


def _guarded(reader: ast.FunctionDef, holder: str, attr: str) -> bool:
    """A statement of the reader's body before the first that loads the field (or that one itself, around it)
    returns or raises: a path that never reads it."""
    for stmt in reader.body:
        if isinstance(stmt, ast.Expr | ast.Assign | ast.AnnAssign | ast.Return) and _loads(stmt, holder, attr):
            return False
        if any(isinstance(n, ast.Return | ast.Raise) for n in ast.walk(stmt)) or _loads(stmt, holder, attr):
            return True
    return True


def _new_reader(cls: ast.ClassDef, was: ast.ClassDef, setter: str, attr: str) -> str | None:
    """A method of ``cls`` other than the setter and ``__init__`` that reads ``self.attr`` where at the base it
    did not."""
    for method in cls.body:
        if not isinstance(method, ast.FunctionDef) or method.name in (setter, _INIT):
            continue
        if reads_self(method, attr) and not reads_self(method_named(was, method.name), attr):
            return method.name
    return None


def _set_only_by(cls: ast.ClassDef, was: ast.ClassDef, attr: str, setter: ast.FunctionDef, reader: str) -> bool:
    """No method but the setter stores ``attr`` -- or every other that does is a new keeper of the same state --
    and ``__init__`` stores only ``None`` in it (a read before the setup runs finds ``None``, its class default,
    or nothing); no ``setattr``/string names it."""
    for method in cls.body:
        if not isinstance(method, ast.FunctionDef) or method.name == setter.name:
            continue
        if method.name == _INIT and attr in self_stored(method):
            return False
        if method.name != _INIT and _stores_any(method, attr) and not _keeper(method, was, attr, setter, reader):
            return False
    return not any(isinstance(n, ast.Constant) and n.value == attr for n in ast.walk(cls))


def _keeper(method: ast.FunctionDef, was: ast.ClassDef, attr: str, setter: ast.FunctionDef, reader: str) -> bool:
    """``method`` keeps the setter's new state with it (#21862's ``XgrammarGrammar.rollback`` refreshing
    ``_is_terminated`` as ``accept_tokens`` does, #25905's ``GuidanceGrammar.rollback`` resetting the
    ``rollback_lag`` it reads): it stored nothing in ``attr`` at the base, stores only a constant or a value the
    setter stores too, and, when it is the reader, reads ``attr`` before it stores it -- so a skipped setter
    still leaves the reader a stale value rather than one this method computed for it."""
    if _stores_any(method_named(was, method.name) or ast.Pass(), attr):
        return False
    mine = {ast.dump(v) for v in _values(setter, attr)}
    if not all(isinstance(v, ast.Constant) or ast.dump(v) in mine for v in _values(method, attr)):
        return False
    return method.name != reader or _reads_first(method, attr)


def _values(func: ast.FunctionDef, attr: str) -> list[ast.expr]:
    """The values ``func`` assigns to ``self.attr``."""
    return [
        n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Assign | ast.AnnAssign)
        and n.value is not None
        and any(isinstance(t, ast.Attribute) and is_self_attribute(t) and t.attr == attr for t in assigned_targets(n))
    ]


def _reads_first(func: ast.FunctionDef, attr: str) -> bool:
    """``func``'s first load of ``self.attr`` sits above its first store of it."""
    loads = [n.lineno for n in ast.walk(func) if isinstance(n, ast.Attribute) and _self_access(n, attr, ast.Load)]
    stores = [n.lineno for n in ast.walk(func) if isinstance(n, ast.Attribute) and _self_access(n, attr, ast.Store)]
    return bool(loads) and (not stores or min(loads) < min(stores))


def _self_access(node: ast.AST, attr: str, ctx: type[ast.expr_context]) -> bool:
    return (
        isinstance(node, ast.Attribute) and node.attr == attr and isinstance(node.ctx, ctx) and is_self_attribute(node)
    )


def _stores_any(func: ast.AST, attr: str) -> bool:
    return any(
        isinstance(n, ast.stmt)
        and any(isinstance(t, ast.Attribute) and is_self_attribute(t) and t.attr == attr for t in assigned_targets(n))
        for n in ast.walk(func)
    )


def _skipping(path: str, module: ast.Module, owned: set[int], setups: list[Setup]) -> Iterator[tuple[Setup, int]]:
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    for cls in file_classes(module.body):
        if local_bases(cls, local):
            continue
        for setup in setups:
            override = method_named(cls, setup.method)
            if (
                override is None
                or override.lineno not in owned
                or not derives_first(cls, imports, setup.path, setup.cls)
            ):
                continue
            if _hands_on(override, setup) or _helper_hands_on(cls, override, setup):
                continue
            if _keeps_param(cls, override, setup, module) if setup.holder != "self" else _keeps(cls, setup):
                continue
            yield setup, override.lineno


def _keeps_param(cls: ast.ClassDef, override: ast.FunctionDef, setup: Setup, module: ast.Module) -> bool:
    """killers216: the fork's class binds the reader (a ``def``, or review122 a class-level name: ``apply_weights =
    aeon_int8_apply``), stores the field on anything, or the override has no parameter at the position or hands
    it itself to a call (a helper may set the field); review122: the fork's module names the field in a string
    (a module-level table the override registers by: ``for name in _NAMES: layer.register_buffer(name, None)``)
    or a call of the class passes a keyword of its name (``layer.__dict__.update(azp_adj=None)``)."""
    holder = _param_at(override, setup.position)
    if holder is None or binds_at_class_level(cls, setup.reader) or _stores_field(cls, setup.attr):
        return True
    if any(isinstance(n, ast.Constant) and n.value == setup.attr for n in ast.walk(module)):
        return True
    if any(isinstance(n, ast.keyword) and n.arg == setup.attr for n in ast.walk(cls)):
        return True
    return any(
        isinstance(n, ast.Call) and any(isinstance(a, ast.Name) and a.id == holder for a in _arguments(n))
        for n in ast.walk(override)
    )


def _arguments(call: ast.Call) -> list[ast.expr]:
    return [*(a.value if isinstance(a, ast.Starred) else a for a in call.args), *(k.value for k in call.keywords)]


def _hands_on(override: ast.FunctionDef, setup: Setup) -> bool:
    """The override calls the base's method: ``super().M(...)``, ``getattr(super(), "M")``, ``Base.M(self, ...)``
    (``interposed.hands_on``); or it is abstract (the fork's own subclasses fill it: revCK, the interposed
    check's twins)."""
    return hands_on(override, setup.method) or is_abstract(override)


def _helper_hands_on(cls: ast.ClassDef, override: ast.FunctionDef, setup: Setup) -> bool:
    """A method of its own class the override calls on ``self`` (transitively) calls the base's method (revCK:
    a ``self._upstream_processing(layer)`` whose body is ``super().process_weights_after_loading(layer)``)."""
    return any(_hands_on(m, setup) for m in reached_methods(cls, override) if m is not override)


def _keeps(cls: ast.ClassDef, setup: Setup) -> bool:
    """The fork's class sets or answers the attribute itself, overrides the reader, or runs no reader (it
    replaced every upstream caller of it: ``interposed.runs_a_reader``, mend56)."""
    order = [Along("", cls.name, cls), Along(setup.path, setup.cls, setup.node)]
    # review122: a class-level binding of the reader (``apply = aeon_apply``) is the fork's reader as a def is
    if binds_at_class_level(cls, setup.reader) or not runs_a_reader(order, {setup.attr}, setup.method):
        return True
    for stmt in cls.body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and any(
            isinstance(t, ast.Name) and t.id == setup.attr for t in assigned_targets(stmt)
        ):
            return True
    if _stores_any(cls, setup.attr):
        return True
    named = any(str_value(n) == setup.attr for n in ast.walk(cls) if isinstance(n, ast.Constant))
    return named or method_named(cls, "__getattr__") is not None


def _finding(trees: ThreeTrees, path: str, line: int, setup: Setup, pr_pattern: str) -> Finding:
    if setup.holder != "self":
        return _param_finding(trees, path, line, setup, pr_pattern)
    commit = trees.upstream_commit(setup.path, rf"self\.{setup.attr}[[:space:]]*(:[^=]*)?=", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned override of {setup.method} never calls the base's, but upstream's {setup.cls}.{setup.method} "
        f"({setup.path}{commit}) now stores self.{setup.attr}, which {setup.cls}.{setup.reader} now reads: on the "
        f"fork's class it is never set ({setup.reader} finds None, its class default, a stale value, or nothing); call "
        f"super().{setup.method}(...), or set self.{setup.attr} in the override",
    )


def _param_finding(trees: ThreeTrees, path: str, line: int, setup: Setup, pr_pattern: str) -> Finding:
    """killers216: the field is the parameter's (``layer.input_scale_inv``), an error unless the reader may leave
    first."""
    pattern = rf"{setup.holder}\.{setup.attr}[[:space:]]*(:[^=]*)?="
    commit = trees.upstream_commit(setup.path, pattern, pr_pattern)
    field_name = f"{setup.holder}.{setup.attr}"
    return Finding(
        RULE,
        "merge",
        Severity.WARNING if setup.guarded else Severity.ERROR,
        path,
        line,
        f"fork-owned override of {setup.method} never calls the base's, but upstream's {setup.cls}.{setup.method} "
        f"({setup.path}{commit}) now stores {field_name}, which {setup.cls}.{setup.reader} now reads"
        + (" on a path" if setup.guarded else "")
        + f": on the fork's class it is never set ({setup.reader} raises AttributeError); call "
        f"super().{setup.method}(...), or set {field_name} in the override",
    )
