"""Exact classes: a factory upstream now hands a new subclass out of, where the fork tests the exact class.

#32189 (d2389c1262) split ``Fp8OnlineLinearMethod(Fp8LinearMethod)`` out, and ``Fp8Config.get_quant_method``
now builds it where it built ``Fp8LinearMethod`` (an unserialized checkpoint); #30627 (d0502b4928) did the same
with ``Fp8OnlineMoEMethod(Fp8MoEMethod)``.  Every name, signature and ``isinstance`` test survives, but a fork
line that tells the method's class apart exactly -- ``type(method) is Fp8LinearMethod`` (silently false now),
``ROUTES[type(method)]`` with ``ROUTES = {Fp8LinearMethod: ...}`` (a KeyError now), ``type(m) in (A, B)`` or
``type(m).__name__ == "Fp8LinearMethod"`` -- merges cleanly and takes the other branch.

Upstream's side: a class a changed file newly defines whose base is a class of the same file, and a function of
that file (a method, by its qualified name) that built the base at the merge base and builds the new subclass
at upstream: the factory.

The fork's side, on a line it owns: an exact-class test of the base -- ``type(x)``/``x.__class__`` compared by
``is``/``==``/``!=``/``is not`` with the base (or its ``__name__`` with the base's name), tested ``in`` a tuple,
list or set literal holding the base, or indexing a dict literal (bound to a name of the module or function)
keyed by it.  An error when ``x`` is the factory's call (``cfg.get_quant_method(...)``) or a local assigned
from one: the object is now the subclass for some inputs.  A warning for any other ``x``: whether it comes from
the factory is not read.  Quiet: ``isinstance`` (a subclass passes), a test or table that also names the new
subclass (the fork already knows it), a class upstream did not subclass, a new subclass no function of the file
hands out where it handed out the base.  A warning, not an error (review100): the test's function naming the new
subclass (or, for a table lookup, a top-level statement naming the table and it: the table extended), a lookup a
``KeyError`` handler backs up, a receiver of the fork's own class or built from literals, a local also assigned
otherwise.  mend70: a subclass named elsewhere in the file guards nothing (still an error), and a receiver built
from literals that pick the factory's new branch -- a keyword named like the ``self.<flag>`` the factory's ``if``
tests, which the class's ``__init__`` stores as it is (``self.flag = flag``), its value taking the branch that builds
the subclass (``Fp8Config(is_checkpoint_fp8_serialized=False)``) -- is the subclass for sure: an error.

Cheap first: only upstream files whose added lines define a class, nothing parsed unless a fork line holds a
class name of one of them at the base (perf32), and only fork files naming a base.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import handler_catches
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, added_names_a_class, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

_CLASS_LINE = lazy_pattern(r"^\s*class\s+\w+\s*\(")
_MOST_FILES = 32
_EXACT_OPS = (ast.Is, ast.IsNot, ast.Eq, ast.NotEq)
_MISSING_KEY = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Split:
    """``factory`` of ``module`` (file ``path``) now builds ``sub``, a new subclass of ``base``, where it built
    ``base``."""

    path: str
    module: str
    base: str
    sub: str
    factory: str
    flag: str = ""
    sub_when: bool = True


@dataclass(frozen=True)
class Switch:
    """The factory builds the subclass when ``self.<flag>`` is truthy (``sub_when``) or falsy."""

    flag: str
    sub_when: bool


@dataclass(frozen=True)
class Hit:
    """A fork line testing ``split.base`` exactly; ``sure`` when the tested object is the factory's."""

    split: Split
    line: int
    sure: bool


def exact_class_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _defines_class(trees, p)][:_MOST_FILES]
    if not paths or not added_names_a_class(trees, paths):
        return []
    splits = [s for path, old, new in parsed_versions(trees, paths) for s in _splits(path, old, new)]
    if not splits:
        return []
    bases = {s.base for s in splits}
    return [
        _finding(trees, path, hit, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(b in line for b in bases))
        for hit in _fork_hits(path, module, splits)
        if hit.line in owned
    ]


def _defines_class(trees: ThreeTrees, path: str) -> bool:
    return any(_CLASS_LINE.match(line) for line in trees.upstream[path].added.values())


def _splits(path: str, old: ast.Module, new: ast.Module) -> Iterator[Split]:
    """New top-level subclasses of the file's own classes that a function now builds where it built the base."""
    before, after = _top_classes(old), _top_classes(new)
    built_then, funcs_now = _builds(_functions(old)), _functions(new)
    built_now = _builds(funcs_now)
    module = dotted_name(path, roots=("",))
    for name in sorted(after.keys() - before.keys()):
        for base in (b.id for b in after[name].bases if isinstance(b, ast.Name) and b.id in before):
            for factory in sorted(built_now.keys() & built_then.keys()):
                if name in built_now[factory] and base in built_then[factory]:
                    switch = _switch(funcs_now[factory], name, after.get(factory.partition(".")[0]))
                    short = factory.rpartition(".")[2]
                    yield Split(path, module, base, name, short, switch.flag, switch.sub_when)


def _top_classes(module: ast.Module) -> dict[str, ast.ClassDef]:
    return {n.name: n for n in module.body if isinstance(n, ast.ClassDef)}


def _functions(module: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """Qualified name -> each top-level function and each method of a top-level class."""
    found: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for scope in module.body:
        funcs = scope.body if isinstance(scope, ast.ClassDef) else [scope]
        prefix = f"{scope.name}." if isinstance(scope, ast.ClassDef) else ""
        found.update({prefix + f.name: f for f in funcs if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)})
    return found


def _builds(funcs: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]) -> dict[str, set[str]]:
    """Qualified function name -> the bare names it calls (``Cls(...)``)."""
    found: dict[str, set[str]] = {}
    for qualname, func in funcs.items():
        calls = (n.func for n in ast.walk(func) if isinstance(n, ast.Call))
        found[qualname] = {c.id for c in calls if isinstance(c, ast.Name)}
    return found


def _switch(func: ast.FunctionDef | ast.AsyncFunctionDef, sub: str, owner: ast.ClassDef | None) -> Switch:
    """The ``self.<flag>`` test of the innermost ``if`` whose one branch builds ``sub`` (#30627's ``if
    self.is_checkpoint_fp8_serialized: ... else: Fp8OnlineMoEMethod(...)``), where the factory's class stores the
    flag straight from its ``__init__``'s parameter of that name (a keyword of the build is then the flag); else
    no flag."""
    found = Switch("", True)
    for node in (n for n in ast.walk(func) if isinstance(n, ast.If)):
        test, negated = node.test, False
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, negated = test.operand, True
        if not (isinstance(test, ast.Attribute) and isinstance(test.value, ast.Name) and test.value.id == "self"):
            continue
        for branch, taken in ((node.body, True), (node.orelse, False)):
            if any(_builds_name(stmt, sub) for stmt in branch):
                found = Switch(test.attr, taken != negated)  # ast.walk is breadth-first: the last is innermost
    return found if owner is not None and _stores_param(owner, found.flag) else Switch("", True)


def _stores_param(cls: ast.ClassDef, flag: str) -> bool:
    """``cls.__init__`` takes a parameter ``flag`` and stores it as it is: ``self.flag = flag``."""
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None or flag not in {a.arg for a in (*init.args.args, *init.args.kwonlyargs)}:
        return False
    return any(
        isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Name)
        and n.value.id == flag
        and any(isinstance(t, ast.Attribute) and t.attr == flag and _is_self(t.value) for t in n.targets)
        for n in ast.walk(init)
    )


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _builds_name(stmt: ast.stmt, name: str) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name for n in ast.walk(stmt))


def _fork_hits(path: str, module: ast.Module, splits: list[Split]) -> Iterator[Hit]:
    imports = file_imports(module, path)
    parents = parent_map(module)
    tables = _dict_tables(module)
    own = {c.name for c in module.body if isinstance(c, ast.ClassDef)}
    for node in ast.walk(module):
        if not isinstance(node, ast.Compare | ast.Subscript):
            continue
        for split, subject, named in _exact_tests(node, imports, tables, splits):
            if split.sub not in named:
                sure = _from_factory(subject, split, parents, own)
                # review100: the test's function naming the new subclass (an isinstance branch before the
                # test), its table's statements naming it (a table extended under a version guard) or a lookup
                # a ``KeyError`` handler backs up may well cover it: warn, not error.  mend70: only there -- a
                # subclass named in another function of the file guards nothing here
                guards = _guards(node, module, parents)
                doubt = any(_names_sub(g, imports, split) for g in guards) or _key_guarded(node, parents)
                yield Hit(split, node.lineno, sure and not doubt)


def _exact_tests(
    node: ast.Compare | ast.Subscript,
    imports: dict[str, tuple[str, str]],
    tables: dict[str, ast.Dict],
    splits: list[Split],
) -> Iterator[tuple[Split, ast.expr, set[str]]]:
    """(split, the tested object, the class names the test names) for an exact-class test of a split's base."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        left, right = node.left, node.comparators[0]
        for subject_side, other in ((left, right), (right, left)):
            subject = _type_of(subject_side)
            if subject is not None:
                by_name = isinstance(subject_side, ast.Attribute) and subject_side.attr == "__name__"
                yield from _against(node.ops[0], subject, other, imports, splits, by_name)
    elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in tables:
        subject = _type_of(node.slice)
        if subject is not None:
            named = _names_of(tables[node.value.id].keys, imports, splits, by_name=False)
            for split in splits:
                if split.base in named:
                    yield split, subject, named


def _against(
    op: ast.cmpop,
    subject: ast.expr,
    other: ast.expr,
    imports: dict[str, tuple[str, str]],
    splits: list[Split],
    by_name: bool,
) -> Iterator[tuple[Split, ast.expr, set[str]]]:
    if isinstance(op, _EXACT_OPS):
        named = _names_of([other], imports, splits, by_name)
    elif isinstance(op, ast.In | ast.NotIn) and isinstance(other, ast.Tuple | ast.List | ast.Set):
        named = _names_of(list(other.elts), imports, splits, by_name)
    else:
        return
    for split in splits:
        if split.base in named:
            yield split, subject, named


def _type_of(expr: ast.expr) -> ast.expr | None:
    """``x`` of ``type(x)`` or ``x.__class__``; of ``type(x).__name__`` too (then compared with a string)."""
    if isinstance(expr, ast.Attribute) and expr.attr == "__name__":
        expr = expr.value
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "type":
        return expr.args[0] if len(expr.args) == 1 and not expr.keywords else None
    if isinstance(expr, ast.Attribute) and expr.attr == "__class__":
        return expr.value
    return None


def _names_of(
    exprs: list[ast.expr | None], imports: dict[str, tuple[str, str]], splits: list[Split], by_name: bool
) -> set[str]:
    """The split classes (base or new subclass) the expressions name: an import of the split's module, a
    module alias's attribute, or (``by_name``: a ``__name__`` test) the class's name as a string."""
    found: set[str] = set()
    for expr in (e for e in exprs if e is not None):
        origin = imported_origin(expr, imports)
        if origin is None and isinstance(expr, ast.Name):
            origin = imports.get(expr.id)
        for split in splits:
            for cls in (split.base, split.sub):
                spelt = by_name and isinstance(expr, ast.Constant) and expr.value == cls
                if origin == (split.module, cls) or spelt:
                    found.add(cls)
    return found


def _dict_tables(module: ast.Module) -> dict[str, ast.Dict]:
    """Names bound (anywhere in the file) to a dict literal: tables a fork keys by class."""
    return {
        target.id: node.value
        for node in ast.walk(module)
        if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Dict)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }


def _guards(node: ast.Compare | ast.Subscript, module: ast.Module, parents: dict[int, ast.AST]) -> list[ast.AST]:
    """Where a fork covering the new subclass would say so: the test's function (the module, for a test outside
    any), and for a table lookup each top-level statement naming the table (its literal, its extensions)."""
    scope: list[ast.AST] = [enclosing(node, parents) or module]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        table = node.value.id
        scope += [s for s in module.body if any(isinstance(n, ast.Name) and n.id == table for n in ast.walk(s))]
    return scope


def _names_sub(scope: ast.AST, imports: dict[str, tuple[str, str]], split: Split) -> bool:
    """``scope`` names ``split.sub``: a module alias's attribute, an imported name, its name as a string
    (``getattr(mod, "Sub", Base)``)."""
    for node in ast.walk(scope):
        if isinstance(node, ast.Constant) and node.value == split.sub:
            return True
        if isinstance(node, ast.Name | ast.Attribute):
            origin = imported_origin(node, imports)
            if origin is None and isinstance(node, ast.Name):
                origin = imports.get(node.id)
            if origin == (split.module, split.sub):
                return True
    return False


def _key_guarded(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A table lookup in a ``try`` whose handler catches ``KeyError``: the fork handles a class it lacks."""
    child, up = node, parents.get(id(node))
    while up is not None and not isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Module):
        if isinstance(up, ast.Try) and any(child is s for s in up.body):
            if any(handler_catches(h.type, _MISSING_KEY) for h in up.handlers):
                return True
        child, up = up, parents.get(id(up))
    return False


def _from_factory(subject: ast.expr, split: Split, parents: dict[int, ast.AST], own: set[str]) -> bool:
    """``subject`` is a call of the factory (``cfg.get_quant_method(...)``), or a local the enclosing function
    assigns only from one; a receiver of the fork's own class, or one built from literals only that do not pick
    the factory's new branch (review100, mend70), does not count."""
    factory = split.factory
    func = enclosing(subject, parents)
    if _calls(subject, factory):
        return func is None or _open_receiver(subject, func, own, split)
    if not isinstance(subject, ast.Name) or func is None:
        return False
    stores = [
        n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == subject.id for t in n.targets)
    ]
    # review100: a local rebound to a direct build before the test is not only the factory's
    return bool(stores) and all(_calls(v, factory) and _open_receiver(v, func, own, split) for v in stores)


def _open_receiver(call: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef, own: set[str], split: Split) -> bool:
    """The factory call's receiver may be upstream's: not a parameter annotated with a class of the fork file,
    not a local built there from literal arguments only -- unless those literals pick the factory's new branch
    (``Config(serialized=False)`` where it builds the subclass under ``if not self.serialized``)."""
    receiver = call.func.value if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) else None
    if not isinstance(receiver, ast.Name):
        return True
    for arg in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs):
        if arg.arg == receiver.id and isinstance(arg.annotation, ast.Name) and arg.annotation.id in own:
            return False
    literal_builds = [
        n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == receiver.id for t in n.targets)
        and isinstance(n.value, ast.Call)
        and all(isinstance(a, ast.Constant) for a in (*n.value.args, *(k.value for k in n.value.keywords)))
    ]
    return all(_picks_sub(build, split) for build in literal_builds)


def _picks_sub(build: ast.Call, split: Split) -> bool:
    """The literal build passes the factory's flag (a keyword of the attribute's name, the usual ``self.x =
    x``) a value that takes the branch building the subclass: the object is the subclass for sure."""
    values = [k.value for k in build.keywords if split.flag and k.arg == split.flag]
    return any(isinstance(v, ast.Constant) and bool(v.value) is split.sub_when for v in values)


def _calls(expr: ast.expr, factory: str) -> bool:
    if not isinstance(expr, ast.Call):
        return False
    func = expr.func
    return (isinstance(func, ast.Attribute) and func.attr == factory) or (
        isinstance(func, ast.Name) and func.id == factory
    )


def _finding(trees: ThreeTrees, path: str, hit: Hit, pr_pattern: str) -> Finding:
    split = hit.split
    commit = trees.upstream_commit(split.path, rf"class[[:space:]]+{split.sub}\b", pr_pattern)
    where = f"{split.module}.{split.factory}"
    if hit.sure:
        why = f"this object comes from {split.factory}(), so the test now fails for those inputs"
    else:
        why = f"if this object comes from {split.factory}(), the test now fails for those inputs"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR if hit.sure else Severity.WARNING,
        path,
        hit.line,
        f"fork-owned exact-class test of {split.module}.{split.base}, but upstream ({split.path}{commit}) now has "
        f"{where} build {split.sub}, a new subclass of {split.base}, where it built {split.base}: {why}; use "
        f"isinstance(..., {split.base}) or name {split.sub} too",
    )
