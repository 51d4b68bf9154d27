"""Wrapped values: a fork builds a class with a bare value for a field upstream now types as a wrapper class.

#21845 (56bd537dde) added ``class UtilityResult`` (``__init__(self, r=None): self.result = r``) to
the engine package's ``__init__.py`` and retyped ``UtilityOutput.result: Any = None`` as ``result:
Optional[UtilityResult] = None``: the engine now wraps each utility's answer, and the client's
``_process_utility_output`` unwraps it with ``output.result.result``.  A fork's ``UtilityOutput(call_id,
result=value)`` (its engine answering a probe of its own) merges cleanly; the client meets the bare value and
raises ``AttributeError`` on ``.result`` (or reads an attribute of the value that happens to be called so).

Upstream's side: a class of a file upstream changed (one the fork builds) whose field -- an annotated name of the
class body, or an annotated parameter of its own ``__init__`` -- was annotated at the base without naming a class
``W`` of the file, and is annotated at upstream as ``W`` alone (``Optional[W]``, ``W | None``), ``W`` a plain class
of the file (no base but ``object``, no decorator: a literal is never one, and no pydantic dataclass coerces a
dict into it).  The fork's side, on a line it owns: a build
``Cls(..., field=value)`` of the class (by its name) with a value that cannot be a ``W`` -- a constant other than
None, a display, a comprehension, an f-string, an operation -- or a parameter of the fork's enclosing def not
annotated as ``W``: an error.  Another value (a call's answer, a local, an attribute read) may have become a ``W``
upstream: a warning.  Quiet: None (still taken), a build of ``W`` (``result=W(value)``), a read of the same field
off another object (``result=other.result``: handed on as it came), a field whose annotation keeps another kind
beside ``W`` (widened, not replaced), and a field passed by position (which field it lands on is signature
drift's to read).

The read side the same way: a fork read of the field off an object it knows is of the class -- a parameter
annotated with it, or a local bound once to a chain of annotated fields that ends on it
(``out = outputs.utility_output`` with ``outputs: EngineCoreOutputs``; see ``frozen_receivers``) -- used as the
bare value: converted (``float(out.result)``, ``int``, ``str``, ``len`` ...), an operand of arithmetic, or compared
with a constant.  An error: upstream hands the wrapper there.  Quiet: a read of an attribute of it
(``out.result.result``: the new spelling), a read handed on whole (to a call, a return, a store).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallback_imports import bound_names, fallback_lines
from aeon_release.domain.audits.drift.frozen_receivers import _present as present
from aeon_release.domain.audits.drift.frozen_receivers import chain_typed
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions, parsed_versions
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import FUNCTION_DEFS, last_name, lazy_pattern, parent_map, parse_python

# a keyword on a fork line (``result=value``), the build's name perhaps on a line above
_KEYWORD = lazy_pattern(r"\b[a-z_]\w*\s*=[^=]")
_MOST_FILES = 32
_WRAPPERS = ("Optional", "Union", "None")
_NEVER = (
    ast.List,
    ast.Tuple,
    ast.Set,
    ast.Dict,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
    ast.JoinedStr,
    ast.BinOp,
    ast.UnaryOp,
    ast.Compare,
    ast.BoolOp,
    ast.Lambda,
)


@dataclass(frozen=True)
class Passed:
    """A fork build ``cls(..., field=value)`` at ``path:line``; ``sure``: the value cannot be a wrapper."""

    path: str
    line: int
    cls: str
    field: str
    value: str
    sure: bool
    annotated: frozenset[str]  # the classes the enclosing def's parameter (if the value is one) is annotated with
    origin: str  # the module the build's name is imported from ("" for the file's own class or none)
    fallback: frozenset[str] = frozenset()  # names a ``try`` imports whose ``except ImportError`` holds the build


def wrapped_value_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork builds handing a bare value to a field upstream now types as a wrapper class of its own, and fork
    reads of such a field used as the bare value."""
    return _built_bare(trees, pr_pattern) + _read_bare(trees, pr_pattern)


def _built_bare(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    passed = list(_fork_builds(trees))
    if not passed:
        return []
    holding = trees.declaring({p.cls for p in passed}, _MOST_FILES)
    wrapped = {key: (path, now) for path, key, was, now in both_versions(trees, holding, _wrappers) if now and not was}
    findings = []
    for item in passed:
        path, wrapper = wrapped.get((item.cls, item.field), ("", ""))
        if (
            path
            and _from(item.origin, path)
            and wrapper not in item.annotated | item.fallback
            and not re.match(rf"(?:\w+\.)*{wrapper}\(", item.value)  # ``engine.UtilityResult(v)`` too (review105)
        ):
            commit = trees.upstream_commit(path, rf"class {wrapper}\b", pr_pattern)
            findings.append(_finding(item, path, wrapper, commit))
    return findings


_CONVERSIONS = frozenset({"float", "int", "str", "bool", "round", "abs", "len", "sum", "list", "tuple", "sorted"})


def _read_bare(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads of a wrapped field, off a receiver typed as its class, used as the bare value."""
    named = _annotation_classes(trees)
    holding = trees.declaring(named, _MOST_FILES) if named else []
    classes: dict[str, ast.ClassDef] = {}
    wrapped: dict[tuple[str, str], tuple[str, str]] = {}
    for path, old, new in parsed_versions(trees, holding):
        classes.update((c.name, c) for c in new.body if isinstance(c, ast.ClassDef))
        was = _wrappers_of(old)
        wrapped.update((k, (path, w)) for k, w in _wrappers_of(new).items() if w and not was.get(k))
    if not wrapped:
        return []
    findings = []
    for path, module, owned in fork_modules(trees, lambda line: any(f".{f}" in line for _, f in wrapped)):
        own = {c.name for c in ast.walk(module) if isinstance(c, ast.ClassDef)}  # the fork's namesakes
        known = {n: c for n, c in classes.items() if n not in own}
        for func in (f for f in ast.walk(module) if isinstance(f, FUNCTION_DEFS)):
            for line, cls, field in _bare_reads(func, known, wrapped):
                if line in owned:
                    where, wrapper = wrapped[(cls, field)]
                    commit = trees.upstream_commit(where, rf"class {wrapper}\b", pr_pattern)
                    findings.append(_read_finding(path, line, f"{cls}.{field}", wrapper, f"{where}{commit}"))
    return findings


def _annotation_classes(trees: ThreeTrees) -> set[str]:
    """The capitalized names the fork's added lines annotate a parameter with (``outputs: EngineCoreOutputs``)."""
    found: set[str] = set()
    for change in trees.mine.values():
        for line in change.added.values():
            found.update(_ANNOTATED.findall(line))
    return found


_ANNOTATED = lazy_pattern(r"\w+\s*:\s*(?:Optional\[)?([A-Z]\w*)")


def _bare_reads(
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    classes: dict[str, ast.ClassDef],
    wrapped: dict[tuple[str, str], tuple[str, str]],
) -> Iterator[tuple[int, str, str]]:
    """(line, class, field) of each read of a wrapped field in ``func`` used as the bare value."""
    params = {a.arg: a.annotation for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
    bound = _bound_once(func)

    def typed(name: ast.expr) -> set[str]:
        if not isinstance(name, ast.Name):
            return set()
        note = params.get(name.id)
        if note is not None:
            return {last_name(present(note))} & classes.keys()
        value = bound.get(name.id)
        return chain_typed(value, typed, classes) if value is not None else set()

    parents = parent_map(func)
    probed = _probed(func)
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and _bare_use(node, parents):
            for cls in (
                (c for c in typed(node.value) if (c, node.attr) in wrapped) if isinstance(node.value, ast.Name) else ()
            ):
                if (ast.unparse(node), wrapped[(cls, node.attr)][1]) not in probed:
                    yield node.lineno, cls, node.attr


def _probed(func: ast.AST) -> set[tuple[str, str]]:
    """(text, class) of each ``isinstance(text, Class)`` in the def: a read the fork tests for the wrapper is one
    it knows may be either (review105: ``if isinstance(out.result, W): return float(out.result.result)`` then
    the bare ``float(out.result)`` for an upstream before ``W``)."""
    found: set[tuple[str, str]] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Call) and last_name(node.func) == "isinstance" and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            found.update((ast.unparse(node.args[0]), last_name(k)) for k in kinds)
    return found


def _bound_once(func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    """Each local the def binds exactly once (any binding counts), by a plain assignment, to an attribute chain."""
    values: dict[str, ast.expr] = {}
    counts: dict[str, int] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values[node.targets[0].id] = node.value
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            counts[node.id] = counts.get(node.id, 0) + 1
    return {n: v for n, v in values.items() if counts.get(n) == 1 and isinstance(v, ast.Attribute)}


def _bare_use(read: ast.Attribute, parents: dict[int, ast.AST]) -> bool:
    """The read is converted, an operand of arithmetic, or compared with a constant."""
    up = parents.get(id(read))
    if isinstance(up, ast.Call) and up.args and up.args[0] is read:
        return last_name(up.func) in _CONVERSIONS
    if isinstance(up, ast.BinOp):
        return True
    if isinstance(up, ast.Compare) and len(up.ops) == 1 and not isinstance(up.ops[0], ast.Is | ast.IsNot):
        other = up.comparators[0] if up.left is read else up.left
        return isinstance(other, ast.Constant) and other.value is not None
    return False


def _from(origin: str, path: str) -> bool:
    """The build's name is imported from the holding file's module or a package above it (a re-export)."""
    module = dotted_name(path, roots=("",))
    return module == origin or module.startswith(origin + ".")


def _fork_builds(trees: ThreeTrees) -> Iterator[Passed]:
    """Each keyword handed to a build of a capitalized name on a fork line, but None and a same-field read."""
    for path, module, owned in fork_modules(trees, _KEYWORD.search):
        imports = file_imports(module, path)
        fallbacks = _fallbacks(module)
        for func, node in _calls(module):
            origin = imported_origin(node.func, imports) if last_name(node.func)[:1].isupper() else None
            if origin is None:
                continue
            for kw in node.keywords:
                value = kw.value
                if kw.arg is None or value.lineno not in owned or _handed_on(value, kw.arg):
                    continue
                sure, annotated = _kind(value, func)
                name = last_name(node.func)
                yield Passed(
                    path,
                    value.lineno,
                    name,
                    kw.arg,
                    ast.unparse(value),
                    sure,
                    annotated,
                    origin[0],
                    fallbacks.get(value.lineno, frozenset()),
                )


def _fallbacks(module: ast.Module) -> dict[int, frozenset[str]]:
    """Line -> the names a ``try`` imports, for each line of its ``except ImportError`` handler standing in for
    them (``fallback_lines``): review105's ``try: from m import W`` / ``except ImportError: return
    Cls(result=value)``, the bare build for an upstream before the wrapper, which never runs where ``W`` is."""
    found: dict[int, frozenset[str]] = {}
    for scope in (n for n in ast.walk(module) if isinstance(n, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef)):
        for stmt in (n for n in ast.walk(scope) if isinstance(n, ast.Try)):
            resolving, lines = fallback_lines(stmt, module, scope)
            names = frozenset().union(
                *(bound_names(s) for s in resolving if isinstance(s, ast.Import | ast.ImportFrom))
            )
            found.update(dict.fromkeys(lines, names))
    return found


def _calls(module: ast.Module) -> Iterator[tuple[ast.AST | None, ast.Call]]:
    """(the innermost def around it or None, call) for each call of the module."""
    stack: list[tuple[ast.AST | None, ast.AST]] = [(None, module)]
    while stack:
        func, node = stack.pop()
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, FUNCTION_DEFS) else func
            if isinstance(child, ast.Call):
                yield inner, child
            stack.append((inner, child))


def _handed_on(value: ast.expr, field: str) -> bool:
    """None (still taken), or the same field read off another object (handed on as it came)."""
    none = isinstance(value, ast.Constant) and value.value is None
    return none or (isinstance(value, ast.Attribute) and value.attr == field)


def _kind(value: ast.expr, func: ast.AST | None) -> tuple[bool, frozenset[str]]:
    """(whether the value can never be a wrapper's instance, the classes naming its parameter's annotation)."""
    if isinstance(value, ast.Constant) or isinstance(value, _NEVER):
        return True, frozenset()
    if isinstance(value, ast.Name) and isinstance(func, FUNCTION_DEFS):
        args = func.args
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            if arg.arg == value.id:
                names = ast.walk(arg.annotation) if arg.annotation is not None else ()
                return True, frozenset(last_name(n) for n in names if isinstance(n, ast.Name | ast.Attribute))
    return False, frozenset()


def _wrappers(text: str | None) -> dict[tuple[str, str], str]:
    """(class, field) -> the plain class of the file its annotation names alone ("" for none)."""
    module = parse_python(text, "<fields>") if text is not None else None
    return _wrappers_of(module) if module is not None else {}


def _wrappers_of(module: ast.Module) -> dict[tuple[str, str], str]:
    classes = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    # undecorated too: a pydantic dataclass (a config) coerces a dict handed to a field of its type
    plain = {
        n
        for n, c in classes.items()
        if all(last_name(b) == "object" for b in c.bases) and not c.keywords and not c.decorator_list
    }
    found: dict[tuple[str, str], str] = {}
    for cls in classes.values():
        for field, annotation in _annotated_fields(cls):
            found[(cls.name, field)] = _alone(annotation, plain)
    return found


def _annotated_fields(cls: ast.ClassDef) -> Iterator[tuple[str, ast.expr]]:
    """(name, annotation) of the class body's annotated names and its own ``__init__``'s annotated parameters."""
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            yield stmt.target.id, stmt.annotation
        elif isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
            args = stmt.args
            for arg in [*args.posonlyargs, *args.args[1:], *args.kwonlyargs]:
                if arg.annotation is not None:
                    yield arg.arg, arg.annotation


def _alone(annotation: ast.expr, plain: set[str]) -> str:
    """The one plain class the annotation names beside ``Optional``/``None`` and nothing else, or ""."""
    names = [n for n in ast.walk(annotation) if isinstance(n, ast.Name | ast.Attribute | ast.Constant)]
    kinds = {last_name(n) if not isinstance(n, ast.Constant) else repr(n.value) for n in names}
    kinds -= {
        *_WRAPPERS,
        *(n.value.id for n in names if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)),
    }
    return next(iter(kinds)) if len(kinds) == 1 and kinds <= plain else ""


def _finding(item: Passed, path: str, wrapper: str, commit: str) -> Finding:
    head = (
        f"fork-owned build of {item.cls} passes {item.field}={item.value}, but upstream now types "
        f"{item.cls}.{item.field} as {wrapper} alone ({path}{commit}): its readers unwrap it"
    )
    if item.sure:
        tail = f", and {item.value} is never a {wrapper}; wrap it ({item.field}={wrapper}(...))"
        return Finding(RULE, "merge", Severity.ERROR, item.path, item.line, head + tail)
    tail = f"; {item.value} may be one now, or may be the bare value: check, and wrap it if bare"
    return Finding(RULE, "merge", Severity.WARNING, item.path, item.line, head + tail)


def _read_finding(path: str, line: int, field: str, wrapper: str, where: str) -> Finding:
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned read of {field} used as the bare value, but upstream now types {field} as {wrapper} alone "
        f"({where}): the read is the wrapper now; unwrap it (read the value {wrapper} holds)",
    )
