"""Grown tuples: upstream gave a NamedTuple another number of fields, and a fork line unpacks one by the old count.

A ``NamedTuple``'s instance unpacks into exactly as many names as the class has fields, defaults included.
#33391 appended ``cu_num_generated_tokens: list[int] | None = None`` to ``LogprobsTensors`` (three tensors
until then): every keyword and positional construction still works and no field was renamed, so no symbol,
signature or field check sees a thing, yet a fork's ``token_ids, logprobs, ranks = output.logprobs_tensors``
merges cleanly and raises ``ValueError: too many values to unpack`` on the first request asking for logprobs.
Return drift reads the tuples a function's ``return`` displays show; a class's fields are not a display.

The fork's side, on lines it wrote: an assignment whose target is a tuple (or list) of names, without a star,
whose value the function types as one class: a call of the class (``LogprobsTensors(...)``), of a method
called off it (``LogprobsTensors.empty_cpu(...)``), a field read off a receiver typed as one class
(``output.logprobs_tensors``, ``output: SamplerOutput``), or a name -- a parameter annotated with the class
(``X | None`` and ``Optional[X]`` read as ``X``) or a local bound once to one of those values.  The class is a
name the fork's file imports from the project, and the file does not define a class of that name.

Upstream's side: the class declared as ``class X(NamedTuple)`` (``typing.NamedTuple`` too) in a Python file
upstream changed, with one count of annotated fields at the base and another at upstream.  A method's value
counts only where its return annotation at upstream names the class (``-> "X"``); a field's only where the
receiver's class (found through the fork's import of it) annotates it as the class.  The fork's unpack taking
exactly the base's count is an error (the unpack raises ValueError; silently, in a ``for`` over them too).

Quiet: a starred unpack, an unpack already of the new count, an unpack under an ``if`` testing the value's
shape (``len(x) == 3``), one in a ``try`` catching ValueError (or a bare ``except``/``Exception``: the fork's
fallback), an untyped or otherwise typed value, a class of the fork's own of the name, a class that is not a
NamedTuple (a dataclass does not unpack at all: another check's).

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.result_kinds import unoptional
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.drift.unpack_guards import shape_tested
from aeon_release.domain.audits.drift.wire_mirrors import _class_var
from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, parent_map, parse_python, walk_spanning

# a fork line binding two or more plain names by position, no star (a text prefilter; the AST decides)
_UNPACK = re.compile(r"^\s*[(\[]?\s*\w+\s*,[\w\s,]*[)\]]?\s*=(?!=)")
# a handler that takes the misfit unpack's ValueError: the fork's fallback
_MISFITS = frozenset({"ValueError", "Exception", "BaseException"})
_MOST_FILES = 64


@dataclass(frozen=True)
class Ref:
    """Where the unpacked value comes from: an instance of ``cls`` (``member`` empty), the value of ``cls``'s
    method ``member`` (``method``), or ``cls``'s field ``member`` (``field``: ``home`` is ``cls``'s module)."""

    cls: str
    member: str = ""
    field: bool = False
    home: str = ""


@dataclass(frozen=True)
class Unpacked:
    path: str
    line: int
    count: int
    value: str  # the value as written, for the message
    ref: Ref


@dataclass(frozen=True)
class Grown:
    cls: str
    path: str
    old: tuple[str, ...]
    new: tuple[str, ...]
    returns: frozenset[str]  # the class's methods whose upstream annotation returns the class itself


def grown_tuple_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    unpacks = list(_fork_unpacks(trees))
    if not unpacks:
        return []
    fields = _field_classes(trees, {u.ref for u in unpacks if u.ref.field})
    wanted = {u.ref.cls for u in unpacks if not u.ref.field} | set(fields.values())
    grown = _grown(trees, wanted)
    findings = []
    for unpack in unpacks:
        cls = fields.get(unpack.ref) if unpack.ref.field else unpack.ref.cls
        change = grown.get(cls) if cls else None
        if change is None or unpack.count != len(change.old) or len(change.new) == len(change.old):
            continue
        if unpack.ref.member and not unpack.ref.field and unpack.ref.member not in change.returns:
            continue  # a method of the class that returns something else
        findings.append(_finding(trees, unpack, change, pr_pattern))
    return findings


def _fork_unpacks(trees: ThreeTrees) -> Iterator[Unpacked]:
    for path, module, owned in fork_modules(trees, _UNPACK.match):
        own = {n.name for n in ast.walk(module) if isinstance(n, ast.ClassDef)}
        imports = file_imports(module, path)
        tops = {p.split("/", 1)[0].removesuffix(".py") for p in [*trees.mine, *trees.upstream]}
        project = {name: source for name, (source, _) in imports.items() if source.split(".")[0] in tops}
        parents = parent_map(module)
        for node in walk_spanning(module, owned):
            if not isinstance(node, ast.Assign) or node.lineno not in owned or len(node.targets) != 1:
                continue
            count = _count(node.targets[0])
            func = enclosing(node, parents)
            ref = _ref(node.value, func, project) if count else None
            if ref is None or ref.cls in own or (ref.field and ref.home == ""):
                continue
            if shape_tested(node, node.value, parents) or caught_around(node, _MISFITS, parents):
                continue
            yield Unpacked(path, node.lineno, count, ast.unparse(node.value), ref)


def _count(target: ast.expr) -> int:
    """The names a starless tuple (or list) target of plain names and attributes binds; 0 for another target."""
    if not isinstance(target, ast.Tuple | ast.List) or len(target.elts) < 2:
        return 0
    return len(target.elts) if all(isinstance(e, ast.Name | ast.Attribute) for e in target.elts) else 0


def _ref(
    value: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef | None, project: dict[str, str], depth: int = 0
) -> Ref | None:
    """What ``value`` is an instance of, as far as the fork's own text tells (``project``: the names its file
    imports from the project -> their module)."""
    if isinstance(value, ast.Call):
        called = value.func
        if isinstance(called, ast.Name) and called.id in project and called.id[:1].isupper():
            return Ref(called.id)
        receiver = called.value if isinstance(called, ast.Attribute) else None
        if isinstance(receiver, ast.Name) and receiver.id in project and receiver.id[:1].isupper():
            return Ref(receiver.id, last_name(called))
        return None
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and func is not None:
        owner = _typed(value.value.id, func, project)
        return Ref(owner, value.attr, field=True, home=project.get(owner, "")) if owner else None
    if isinstance(value, ast.Name) and func is not None:
        cls = _annotated(value.id, func, project)
        if cls:
            return Ref(cls)
        bound = _bound_once(value.id, func)
        return _ref(bound, func, project, depth + 1) if bound is not None and depth < 2 else None
    return None


def _typed(name: str, func: ast.FunctionDef | ast.AsyncFunctionDef, project: dict[str, str]) -> str:
    """The project class a name is typed as: its parameter's annotation, or the one call of a class it is bound to."""
    cls = _annotated(name, func, project)
    if cls:
        return cls
    bound = _bound_once(name, func)
    called = bound.func if isinstance(bound, ast.Call) else None
    return called.id if isinstance(called, ast.Name) and called.id in project else ""


def _annotated(name: str, func: ast.FunctionDef | ast.AsyncFunctionDef, project: dict[str, str]) -> str:
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    found = {_class_name(a.annotation) for a in args if a.arg == name and a.annotation is not None}
    found |= {
        _class_name(n.annotation)
        for n in ast.walk(func)
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == name
    }
    cls = next(iter(found)) if len(found) == 1 else ""
    return cls if cls in project else ""


def _bound_once(name: str, func: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.expr | None:
    """The value of the one plain assignment the function makes to ``name`` (no other binding of it)."""
    stores = [n for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)]
    values = [
        n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
        if n.targets[0].id == name
    ]
    return values[0] if len(stores) == 1 and len(values) == 1 else None


def _class_name(annotation: ast.expr | None) -> str:
    """``X`` for ``X``, ``m.X``, ``"X"``, ``X | None`` and ``Optional[X]``; "" for anything else."""
    if annotation is None:
        return ""
    node = unoptional(annotation)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        parsed = parse_python(node.value, "<annotation>")
        expr = parsed.body[0] if parsed is not None and len(parsed.body) == 1 else None
        return _class_name(expr.value) if isinstance(expr, ast.Expr) else ""
    name = last_name(node)
    return name if name[:1].isupper() else ""


def _field_classes(trees: ThreeTrees, refs: set[Ref]) -> dict[Ref, str]:
    """Each field read -> the class upstream's owner annotates it as (the owner's module read at upstream)."""
    paths = {ref: _module_paths(ref.home) for ref in refs}
    texts = trees.blobs(trees.theirs, sorted({p for found in paths.values() for p in found}))
    found: dict[Ref, str] = {}
    for ref, candidates in paths.items():
        for path in candidates:
            text = texts.get(path)
            module = parse_python(text, path) if text else None
            owner = _class(module, ref.cls) if module is not None else None
            annotation = _annotation(owner, ref.member) if owner is not None else None
            if _class_name(annotation):
                found[ref] = _class_name(annotation)
                break
    return found


def _module_paths(dotted: str) -> list[str]:
    base = dotted.replace(".", "/")
    return [f"{base}.py", f"{base}/__init__.py"] if dotted else []


def _class(module: ast.Module, name: str) -> ast.ClassDef | None:
    return next((n for n in module.body if isinstance(n, ast.ClassDef) and n.name == name), None)


def _annotation(owner: ast.ClassDef, field: str) -> ast.expr | None:
    return next(
        (
            n.annotation
            for n in owner.body
            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == field
        ),
        None,
    )


def _grown(trees: ThreeTrees, classes: set[str]) -> dict[str, Grown]:
    """The NamedTuples among ``classes`` whose field count upstream changed (in the files it changed)."""
    named = {c for c in classes if c.isidentifier()}
    paths = trees.declaring(named, _MOST_FILES) if named else []
    found: dict[str, Grown] = {}
    for both in parsed_texts(trees, paths, lambda old, new: "NamedTuple" in old and "NamedTuple" in new):
        for cls in named - set(found):
            old, new = _fields(both.old, cls), _fields(both.new, cls)
            if old is not None and new is not None and len(old) != len(new):
                node = _class(both.new, cls)
                returns = _returning(node, cls) if node is not None else frozenset()
                found[cls] = Grown(cls, both.path, old, new, returns)
    return found


def _fields(module: ast.Module, name: str) -> tuple[str, ...] | None:
    """The fields, in order, of ``class name(NamedTuple)`` in the module; None for another class or none."""
    node = _class(module, name)
    if node is None or not any(last_name(b) == "NamedTuple" for b in node.bases):
        return None
    return tuple(
        n.target.id
        for n in node.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and not _class_var(n)
    )


def _returning(node: ast.ClassDef, cls: str) -> frozenset[str]:
    """The class's methods annotated to return the class itself (``-> "X"``, ``-> X``, ``-> Self``)."""
    return frozenset(
        n.name
        for n in node.body
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and _class_name(n.returns) in (cls, "Self")
    )


def _finding(trees: ThreeTrees, unpack: Unpacked, change: Grown, pr_pattern: str) -> Finding:
    changed = sorted(set(change.old) ^ set(change.new)) or list(change.new)
    commit = trees.upstream_commit(change.path, rf"^[[:space:]]+({'|'.join(changed)})[[:space:]]*:", pr_pattern)
    grew = "gained" if len(change.new) > len(change.old) else "lost"
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        unpack.path,
        unpack.line,
        f"fork-owned line unpacks {unpack.value} (a {change.cls}) into {unpack.count} names, and upstream's "
        f"{change.cls}, a NamedTuple, {grew} fields ({', '.join(changed)}; {change.path}{commit}): it has "
        f"{len(change.new)} now, so the unpack raises ValueError; read the fields by name "
        f"({', '.join(change.old)})",
    )
