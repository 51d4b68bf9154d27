"""None passed to a field upstream made non-optional: the ``None`` handling moved away (default drift).

#29165 (d7219bcda3) turned ``ModelConfig.seed: int | None = None`` (``__post_init__`` set a ``None`` seed
to 0) into ``seed: int = 0`` and moved the defaulting to ``EngineArgs``.  A fork line that builds the
config itself with ``ModelConfig(model=path, seed=None)`` ("let the engine pick") merges cleanly: the ``None``
is kept now (or fails validation), and tensor-parallel workers sample apart.

A fork-owned call ``Cls(..., name=None)`` is an error when a class ``Cls`` of a file upstream changed
annotated its field ``name`` with ``None`` admitted at the base (``X | None``, ``Optional[X]``) and without
it now: upstream says the field no longer takes ``None``, so whatever turned it into a value is gone
from the class.  A field still optional, another value passed, or a class of another name is quiet.

Second kind (killers229, ``_none_rows``): a fork-owned ``recv.X[k] = None`` (``recv`` a method's instance, or a
parameter annotated with a class) where a class of upstream's changed files annotates ``self.X: C[..., E]`` with
``E`` admitting None at the base and not now.  #28917 (3319a493fc) made ``InputBatch.spec_token_ids`` rows
preallocated lists cleared in place (``list[list[int] | None]`` -> ``list[list[int]]``): a fork's None in a row
raises at upstream's next ``.clear()`` of it.  A warning: the fork may store a list back first.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parse_python

_NONE_KEYWORD = lazy_pattern(r"\b[A-Za-z_]\w*\s*=\s*None\b")
_NONE_ROW = lazy_pattern(r"\]\s*=\s*None\b")
_MOST_FILES = 64


@dataclass(frozen=True)
class Passed:
    path: str
    line: int
    cls: str
    name: str


def none_field_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    return _none_keywords(trees, pr_pattern) + _none_rows(trees, pr_pattern)


def _none_keywords(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    passed = list(_fork_nones(trees))
    if not passed:
        return []
    holding = trees.declaring({p.cls for p in passed}, _MOST_FILES)
    narrowed = {key: path for path, key, was, now in both_versions(trees, holding, _optional_fields) if was and not now}
    findings = []
    for item in passed:
        path = narrowed.get((item.cls, item.name))
        if path is not None:
            commit = trees.upstream_commit(path, rf"^[[:space:]]+{item.name}[[:space:]]*:", pr_pattern)
            findings.append(_finding(item, path, commit))
    return findings


def _fork_nones(trees: ThreeTrees) -> Iterator[Passed]:
    for path, module, owned in fork_modules(trees, _NONE_KEYWORD.search):
        for node in ast.walk(module):
            if not isinstance(node, ast.Call) or not last_name(node.func)[:1].isupper():
                continue
            for kw in node.keywords:
                none = isinstance(kw.value, ast.Constant) and kw.value.value is None
                if kw.arg and none and kw.value.lineno in owned:
                    yield Passed(path, kw.value.lineno, last_name(node.func), kw.arg)


def _none_rows(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Second kind: a fork store of None into an element of an attribute whose element type upstream narrowed."""
    stored = list(_fork_row_nones(trees))
    if not stored:
        return []
    holding = trees.declaring({c for p in stored for c in p.classes}, _MOST_FILES)
    narrowed: dict[tuple[str, str], str] = {}
    for path, key, was, now in both_versions(trees, holding, _optional_rows):
        if was and not now:
            narrowed.setdefault(key, path)
    findings = []
    for item in stored:
        hit = next(((c, narrowed[(c, item.name)]) for c in item.classes if (c, item.name) in narrowed), None)
        if hit is not None:
            commit = trees.upstream_commit(hit[1], rf"self\.{item.name}[[:space:]]*:", pr_pattern)
            findings.append(_row_finding(item, hit[0], hit[1], commit))
    return findings


@dataclass(frozen=True)
class Stored:
    path: str
    line: int
    classes: tuple[str, ...]  # the classes the receiver may be: a method's own class's bases, an annotation
    name: str


def _fork_row_nones(trees: ThreeTrees) -> Iterator[Stored]:
    """``recv.X[k] = None`` on a fork line, ``recv`` a method's instance (its class's bases named) or a
    parameter annotated with a class -- none the fork's module defines itself (review138: a fork class named like
    upstream's is its own) -- or ``rows[k] = None`` of a local bound once to ``recv.X`` (``rows =
    self.spec_token_ids``)."""
    for path, module, owned in fork_modules(trees, _NONE_ROW.search):
        own = {n.name for n in module.body if isinstance(n, ast.ClassDef)}
        for func, bases in _functions(module):
            typed = {
                p: k for p, c in _receivers(func, bases).items() for k in [tuple(x for x in c if x not in own)] if k
            }
            aliases = _aliases(func, typed)
            for node in ast.walk(func):
                if isinstance(node, ast.Assign) and node.lineno in owned and _is_none(node.value):
                    for target in node.targets:
                        yield from _row_store(path, target, typed, aliases)


def _functions(module: ast.Module) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, tuple[str, ...]]]:
    """Each function of the module with the bases of the class it is a method of (``()`` for none)."""
    for node in module.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node, ()
        elif isinstance(node, ast.ClassDef):
            bases = tuple(last_name(b) for b in node.bases if last_name(b))
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield item, bases


def _receivers(func: ast.FunctionDef | ast.AsyncFunctionDef, bases: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Parameter -> the classes it holds: the instance of a method (its class's bases), an annotated one."""
    args = [*func.args.posonlyargs, *func.args.args]
    typed: dict[str, tuple[str, ...]] = {
        a.arg: (last_name(a.annotation),) for a in args if a.annotation is not None and last_name(a.annotation)
    }
    if bases and args and not any(last_name(d) == "staticmethod" for d in func.decorator_list):
        typed[args[0].arg] = bases
    return typed


def _aliases(func: ast.FunctionDef | ast.AsyncFunctionDef, typed: dict[str, tuple[str, ...]]) -> dict[str, ast.expr]:
    """Local -> the ``recv.X`` it is bound to, where that is the name's one binding in ``func`` (review138)."""
    stores: dict[str, int] = {}
    bound: dict[str, ast.expr] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id in typed:
                bound[node.targets[0].id] = value
    params = {a.arg for a in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]}
    return {name: value for name, value in bound.items() if stores.get(name) == 1 and name not in params}


def _row_store(
    path: str, target: ast.expr, typed: dict[str, tuple[str, ...]], aliases: dict[str, ast.expr]
) -> Iterator[Stored]:
    held = target.value if isinstance(target, ast.Subscript) else None
    if isinstance(held, ast.Name):
        held = aliases.get(held.id)
    if isinstance(target, ast.Subscript) and isinstance(held, ast.Attribute):
        recv = held.value
        if isinstance(recv, ast.Name) and recv.id in typed:
            yield Stored(path, target.lineno, typed[recv.id], held.attr)


def _optional_rows(text: str | None) -> dict[tuple[str, str], bool]:
    """(class, attribute) -> whether its annotated element type admits None, for each ``self.X: C[..., E]``
    a method of a class annotates (``list[list[int] | None]``, ``dict[str, T | None]``)."""
    module = parse_python(text, "<rows>") if text is not None else None
    found: dict[tuple[str, str], bool] = {}
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef):
            for stmt in ast.walk(node):
                target = stmt.target if isinstance(stmt, ast.AnnAssign) else None
                element = _element(stmt.annotation) if isinstance(stmt, ast.AnnAssign) else None
                if isinstance(target, ast.Attribute) and last_name(target.value) == "self" and element is not None:
                    found.setdefault((node.name, target.attr), _admits_none(element))
    return found


def _element(annotation: ast.expr) -> ast.expr | None:
    """The element (a mapping's value) type of a subscripted container annotation, else None."""
    if not isinstance(annotation, ast.Subscript) or last_name(annotation.value) in ("Optional", "Union"):
        return None
    inner = annotation.slice
    return inner.elts[-1] if isinstance(inner, ast.Tuple) and inner.elts else inner


def _row_finding(item: Stored, cls: str, path: str, commit: str) -> Finding:
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        item.path,
        item.line,
        f"fork-owned line stores None into an element of {cls}.{item.name}, whose element type upstream made no "
        f"longer admit None ({path}{commit}): upstream's own code may now use each element as a value "
        f"(``.clear()``, ``len()``), and raises on the None; store an empty value, or clear the element in place",
    )


def _optional_fields(text: str | None) -> dict[tuple[str, str], bool]:
    """(class, field) -> whether its annotation admits None, for each annotated field of each class."""
    module = parse_python(text, "<fields>") if text is not None else None
    found: dict[tuple[str, str], bool] = {}
    for node in ast.walk(module) if module is not None else ():
        if isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    found[(node.name, stmt.target.id)] = _admits_none(stmt.annotation)
            for name, admits in _optional_parameters(node).items():
                found.setdefault((node.name, name), admits)
    return found


def _optional_parameters(cls: ast.ClassDef) -> dict[str, bool]:
    """Parameter -> whether it takes None, for each annotated parameter of the class's own ``__init__``
    that has a default: its annotation admits None, or its default is None (``seed: int = None``).  A
    parameter without a default is left out: ``x: Optional[Foo]`` made ``x: Foo`` says nothing of a
    None handled in the body.  #30397: ``LLM.__init__``'s ``seed: int | None = None`` made ``seed: int = 0``
    once ``EngineArgs`` stopped turning a None seed into 0."""
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None:
        return {}
    args = init.args
    positional = [*args.posonlyargs, *args.args]
    paired = [
        *zip(positional[len(positional) - len(args.defaults) :], args.defaults),
        *zip(args.kwonlyargs, args.kw_defaults),
    ]
    return {
        arg.arg: _admits_none(arg.annotation) or _is_none(default)
        for arg, default in paired
        if default is not None and arg.annotation is not None
    }


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _admits_none(annotation: ast.expr) -> bool:
    """``X | None``, ``Optional[X]``, ``Union[X, None]``, ``None``, ``Any`` (or a string annotation, unread)."""
    for node in ast.walk(annotation):
        if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, str)):
            return True
        if isinstance(node, (ast.Name, ast.Attribute)) and last_name(node) in ("Optional", "Any"):
            return True
    return False


def _finding(item: Passed, path: str, commit: str) -> Finding:
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        item.path,
        item.line,
        f"fork-owned call passes {item.name}=None to {item.cls}, but upstream made {item.cls}.{item.name} "
        f"no longer take None ({path}{commit}): the code that turned a None {item.name} into a value left "
        f"{item.cls}, so the None stays (or fails validation); pass the value upstream now defaults to, or "
        "leave the keyword out",
    )
