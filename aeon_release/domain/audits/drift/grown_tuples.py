"""Grown tuples: upstream gave a NamedTuple another number of fields, and a fork line unpacks one by the old count.

A ``NamedTuple``'s instance unpacks into exactly as many names as the class has fields, defaults included.
#33391 appended ``cu_num_generated_tokens: list[int] | None = None`` to ``LogprobsTensors`` (three tensors
until then): every keyword and positional construction still works and no field was renamed, so no symbol,
signature or field check sees a thing, yet a fork's ``token_ids, logprobs, ranks = output.logprobs_tensors``
merges cleanly and raises ``ValueError: too many values to unpack`` on the first request asking for logprobs.
Return drift reads the tuples a function's ``return`` displays show; a class's fields are not a display.

The fork's side, on lines it wrote: an assignment whose target is a tuple (or list) of names, without a star,
or a ``for`` loop binding such a tuple each turn, whose value the function types as one class: a call of the
class (``LogprobsTensors(...)``), a method's or function's value (``LogprobsTensors.empty_cpu(...)``,
``sampler.gather_logprobs(...)`` with ``sampler: Sampler``, a subclass's ``self.gather_logprobs(...)``, a
project function ``gather_logprobs(...)``), a field read off a receiver typed as one class
(``output.logprobs_tensors``, ``output: SamplerOutput``) or off ``self`` (the fork class's own annotation of it),
or a name -- a parameter annotated with the class (``X | None`` and ``Optional[X]`` read as ``X``) or a local
bound once to one of those values.  A loop takes an element: of a name annotated ``list[X]`` (a sequence,
``tuple[X, ...]``), of a ``dict[K, X]``'s ``.values()``, or of a field or a method's value so annotated.  A
field's, a method's or a function's class is its annotation at upstream, read in the module the fork imports its
owner (or the function) from (``-> Self`` is the owner); a field the owner declares only on the instance
(``self.state: State | None = None`` in a method, #28768) takes that annotation when all of them agree.  The class or function is a name the fork's file
imports from the project.

Upstream's side: a ``class X(NamedTuple)`` (``typing.NamedTuple`` too) in a Python file whose diff added or
removed an annotated line and that names ``NamedTuple`` (text gates before any parse), with one count of
annotated fields at the base and another at upstream.  The fork's values are resolved only when such a class
exists.  The fork's unpack taking exactly the base's count is an error (the unpack raises ValueError).

Quiet: a starred unpack, an unpack already of the new count, an unpack under an ``if`` testing the value's
shape (``len(x) == 3``), one in a ``try`` catching ValueError (or a bare ``except``/``Exception``: the fork's
fallback), an untyped or otherwise typed value, a class of the fork's own of the name, a class that is not a
NamedTuple (a dataclass does not unpack at all: another check's).  Quiet too (revBQ): a class the fork imports
from a module of its own or from one defining its own class of the name (upstream's class counts only through
its module or a module re-exporting it); an ``if`` above the unpack that leaves and tests the value's ``len``; a
test asking ``hasattr`` of the value or of a class, reading a ``_fields`` or a name the file binds to one; a name the function binds again
itself (``t = t[:3]``: its annotation no longer tells the value).

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from aeon_release.domain.audits.drift.fallbacks import caught_around
from aeon_release.domain.audits.drift.own_fields import defines, enclosing
from aeon_release.domain.audits.drift.pyindex import file_imports
from aeon_release.domain.audits.drift.result_kinds import unoptional
from aeon_release.domain.audits.drift.returns import CLOSED_TARGET, _field_classes, fork_modules, unpack_line
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.drift.unpack_guards import shape_tested
from aeon_release.domain.audits.drift.wire_mirrors import _class_var
from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, parent_map, parse_python, walk_spanning

# a fork line binding two or more plain names by position, no star (a text prefilter; the AST decides)
_UNPACK = lazy_pattern(r"^\s*[(\[]?\s*\w+\s*,[\w\s,]*[)\]]?\s*=(?!=)")
# a handler that takes the misfit unpack's ValueError: the fork's fallback
_MISFITS = frozenset({"ValueError", "Exception", "BaseException"})
_MOST_FILES = 64
# a diff line adding or removing an annotated name (``+    cu_num_generated_tokens: list[int] | None = None``)
_FIELD_LINE = lazy_pattern(r"^[+-][ \t]+\w+[ \t]*:[ \t]*[^\s=]", re.MULTILINE)


@dataclass(frozen=True)
class Ref:
    """Where the unpacked value comes from.  ``kind`` "instance": an instance of ``owner``; "field": ``owner``'s
    field ``member``; "returns": the value of ``owner``'s method ``member`` (of the module's function ``member``
    when ``owner`` is empty).  ``home``: the module the fork imports ``owner`` (or the function) from.
    ``element``: "item" for an element of that value (a loop over a list of them), "value" for a dict's value."""

    owner: str
    member: str = ""
    kind: str = "instance"
    home: str = ""
    element: str = ""


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


_Def = ast.FunctionDef | ast.AsyncFunctionDef
# annotations whose one argument is the element a loop over the value binds
_SEQUENCES = frozenset({"list", "List", "Sequence", "MutableSequence", "Iterable", "Iterator", "set", "frozenset"})
_MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "defaultdict", "OrderedDict"})


def grown_tuple_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    unpacks = list(_fork_unpacks(trees))
    grown = _grown(trees) if unpacks else {}
    if not grown:
        return []  # no NamedTuple changed its count: the fork's values are not resolved (no module is read)
    classes = _resolved(trees, {u.ref for u in unpacks})
    classes = {ref: cls for ref, cls in classes.items() if ref.kind != "instance" or _homed(trees, ref, grown.get(cls))}
    findings = []
    for unpack in unpacks:
        cls = classes.get(unpack.ref)
        change = grown.get(cls) if cls else None
        if change is not None and unpack.count == len(change.old) and len(change.new) != len(change.old):
            findings.append(_finding(trees, unpack, change, pr_pattern))
    return findings


def _fork_unpacks(trees: ThreeTrees) -> Iterator[Unpacked]:
    tops = {p.split("/", 1)[0].removesuffix(".py") for p in [*trees.mine, *trees.upstream]}
    for path, module, owned in fork_modules(
        trees, lambda line: _UNPACK.match(line) or CLOSED_TARGET.match(line) or _LOOP.search(line)
    ):
        own = {n.name for n in ast.walk(module) if isinstance(n, ast.ClassDef)}
        imports = file_imports(module, path)
        project = {name: source for name, (source, _) in imports.items() if source.split(".")[0] in tops}
        parents = parent_map(module)
        flags = _shape_flags(module)
        for node in walk_spanning(module, owned):
            found = _unpacked(node, parents, project)
            if found is None or getattr(node, "lineno", 0) not in owned:
                continue
            count, value, ref = found
            if ref.kind == "instance" and ref.owner in own:
                continue  # the fork's own class of the name
            if shape_tested(node, value, parents) or _shape_chosen(node, value, parents, flags):
                continue
            if caught_around(node, _MISFITS, parents):
                continue
            # a target spread a name a line opens with a bare ``(``: the finding lands on the value's line
            line = unpack_line(node) if isinstance(node, ast.Assign) else getattr(node, "lineno", 0)
            yield Unpacked(path, line, count, ast.unparse(value), ref)


def _shape_flags(module: ast.Module) -> frozenset[str]:
    """Names the file binds to a test of a class's shape (``_HAS_CU = "cu" in LogprobsTensors._fields``)."""
    return frozenset(
        t.id
        for n in ast.walk(module)
        if isinstance(n, ast.Assign) and _tests_shape(n.value, "")
        for t in n.targets
        if isinstance(t, ast.Name)
    )


def _shape_chosen(node: ast.AST, value: ast.expr, parents: dict[int, ast.AST], flags: frozenset[str]) -> bool:
    """The fork chose the unpack by the tuple's shape: an ``if`` around it, or one above it in the function that
    leaves (``return``, ``raise``, ``continue``, ``break``), tests the value's ``len``, asks ``hasattr`` of the
    value or of a class (``hasattr(LogprobsTensors, "cu_num_generated_tokens")``), reads a ``_fields``, or reads
    a name the file binds to such a test (``flags``): a path for each release's count."""
    func = enclosing(node, parents)
    if func is None:
        return False
    line, wanted = getattr(node, "lineno", 0), ast.dump(value)
    child, up = node, parents.get(id(node))
    while up is not None and up is not func:
        if isinstance(up, ast.If | ast.IfExp) and child is not up.test and _tests_shape(up.test, wanted, flags):
            return True
        child, up = up, parents.get(id(up))
    return any(
        isinstance(n, ast.If)
        and (n.end_lineno or n.lineno) < line
        and _leaves(n.body)
        and _tests_shape(n.test, wanted, flags)
        for n in ast.walk(func)
    )


def _tests_shape(test: ast.expr, wanted: str, flags: frozenset[str] = frozenset()) -> bool:
    for n in ast.walk(test):
        if (isinstance(n, ast.Attribute) and n.attr == "_fields") or (isinstance(n, ast.Name) and n.id in flags):
            return True
        if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.args):
            continue
        first = n.args[0]
        if n.func.id == "len" and ast.dump(first) == wanted:
            return True
        if n.func.id == "hasattr" and (ast.dump(first) == wanted or last_name(first)[:1].isupper()):
            return True
    return False


def _leaves(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)


def _unpacked(node: ast.AST, parents: dict[int, ast.AST], project: dict[str, str]) -> tuple[int, ast.expr, Ref] | None:
    """(the names bound, the value taken apart, where it comes from) for an assignment or a loop (a ``for``
    statement; a comprehension's loop reads as its statement's line) unpacking by position."""
    func = enclosing(node, parents)
    owner = parents.get(id(func)) if func is not None else None
    owner = owner if isinstance(owner, ast.ClassDef) else None
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        count = _count(node.targets[0])
        ref = _ref(node.value, func, owner, project) if count else None
        return (count, node.value, ref) if ref is not None else None
    if isinstance(node, ast.For | ast.AsyncFor):
        count = _count(node.target)
        ref = _element(node.iter, func, owner, project) if count else None
        return (count, node.iter, ref) if ref is not None else None
    return None


# ``for a, b, c in``: a loop binding names by position (a text prefilter; the AST decides)
_LOOP = lazy_pattern(r"\bfor\s+\(?\w+\s*,[\w\s,]*\)?\s+in\s")


def _count(target: ast.expr) -> int:
    """The names a starless tuple (or list) target of plain names and attributes binds; 0 for another target."""
    if not isinstance(target, ast.Tuple | ast.List) or len(target.elts) < 2:
        return 0
    return len(target.elts) if all(isinstance(e, ast.Name | ast.Attribute) for e in target.elts) else 0


def _ref(
    value: ast.expr, func: _Def | None, owner: ast.ClassDef | None, project: dict[str, str], depth: int = 0
) -> Ref | None:
    """What ``value`` is an instance of, as far as the fork's own text tells (``project``: the names its file
    imports from the project -> their module; ``owner``: the fork's class around the function)."""
    if isinstance(value, ast.Call):
        return _called(value.func, func, owner, project)
    if isinstance(value, ast.Attribute) and func is not None:
        return _field(value, func, owner, project)
    if isinstance(value, ast.Name) and func is not None:
        cls = _class_name(_annotation_of(value.id, func))
        if cls:
            return Ref(cls, home=project[cls]) if cls in project else None
        bound = _bound_once(value.id, func)
        return _ref(bound, func, owner, project, depth + 1) if bound is not None and depth < 2 else None
    return None


def _called(called: ast.expr, func: _Def | None, owner: ast.ClassDef | None, project: dict[str, str]) -> Ref | None:
    """A call's value: a class's instance, a project function's or a typed receiver's method's."""
    if isinstance(called, ast.Name) and called.id in project:
        if called.id[:1].isupper():
            return Ref(called.id, home=project[called.id])
        return Ref("", called.id, "returns", project[called.id])
    if not isinstance(called, ast.Attribute):
        return None
    receiver = called.value
    if isinstance(receiver, ast.Name) and receiver.id in project and receiver.id[:1].isupper():
        return Ref(receiver.id, called.attr, "returns", project[receiver.id])  # a class's own method
    cls = _receiver(receiver, func, owner, project, called.attr)
    return Ref(cls, called.attr, "returns", project[cls]) if cls else None


def _field(read: ast.Attribute, func: _Def, owner: ast.ClassDef | None, project: dict[str, str]) -> Ref | None:
    """A field read off a typed receiver; off ``self``, the fork class's own annotation of it first."""
    if _is_self(read.value) and owner is not None:
        declared = {_class_name(_parsed(k)) for k in _field_classes(owner, read.attr)}
        if declared:
            cls = next(iter(declared)) if len(declared) == 1 else ""
            return Ref(cls, home=project[cls]) if cls in project else None
    cls = _receiver(read.value, func, owner, project, read.attr)
    return Ref(cls, read.attr, "field", project[cls]) if cls else None


def _receiver(
    node: ast.expr, func: _Def | None, owner: ast.ClassDef | None, project: dict[str, str], member: str
) -> str:
    """The project class a receiver is typed as: a name's annotation or the one class call it is bound to;
    ``self`` in a fork class with one project base that does not define ``member`` itself, that base."""
    if _is_self(node) and owner is not None:
        bases = [last_name(b) for b in owner.bases]
        if len(bases) == 1 and bases[0] in project and not defines(owner, member):
            return bases[0]
        return ""
    if not isinstance(node, ast.Name) or func is None:
        return ""
    cls = _class_name(_annotation_of(node.id, func))
    if cls:
        return cls if cls in project else ""
    bound = _bound_once(node.id, func)
    called = bound.func if isinstance(bound, ast.Call) else None
    return called.id if isinstance(called, ast.Name) and called.id in project and called.id[:1].isupper() else ""


def _element(iterable: ast.expr, func: _Def | None, owner: ast.ClassDef | None, project: dict[str, str]) -> Ref | None:
    """What a loop over ``iterable`` binds each turn: an element of a name annotated as a container of one
    class, a dict's values (``d.values()``), an element of a typed field or of a method's value."""
    called = iterable.func if isinstance(iterable, ast.Call) and not iterable.args else None
    values = isinstance(called, ast.Attribute) and called.attr == "values"
    source = called.value if values and isinstance(called, ast.Attribute) else iterable
    element = "value" if values else "item"
    if isinstance(source, ast.Name) and func is not None:
        cls = _class_of(_annotation_of(source.id, func), element)
        return Ref(cls, home=project[cls]) if cls in project else None
    ref = _ref(source, func, owner, project) if isinstance(source, ast.Call | ast.Attribute) else None
    return replace(ref, element=element) if ref is not None and ref.kind != "instance" else None


def _annotation_of(name: str, func: _Def) -> ast.expr | None:
    """The one annotation the function gives ``name`` (a parameter's, or an annotated assignment's), while no
    other binding gives the name a value of the fork's own choosing (``tensors = tensors[:3]``): then the
    annotation no longer tells what the name holds (None; the one plain binding is read instead)."""
    args = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]
    found = [a.annotation for a in args if a.arg == name and a.annotation is not None]
    declared = [
        n
        for n in ast.walk(func)
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == name
    ]
    found += [n.annotation for n in declared]
    if len({ast.dump(a) for a in found}) != 1:
        return None
    annotated = {id(n.target) for n in declared}
    others = [
        n
        for n in ast.walk(func)
        if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) and id(n) not in annotated
    ]
    # a bare declaration (``t: X`` and one later ``t = ...``) still types the one value bound
    bare = len(others) == 1 and not _is_parameter(func, name) and all(n.value is None for n in declared)
    return found[0] if not others or bare else None


def _is_parameter(func: _Def, name: str) -> bool:
    """``name`` is one of the function's parameters."""
    params = [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs, func.args.vararg, func.args.kwarg]
    return any(a is not None and a.arg == name for a in params)


def _bound_once(name: str, func: _Def) -> ast.expr | None:
    """The value of the one plain assignment the function makes to ``name`` (no other binding of it)."""
    stores = [n for n in ast.walk(func) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)]
    values = [
        n.value
        for n in ast.walk(func)
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
        if n.targets[0].id == name
    ]
    return values[0] if len(stores) == 1 and len(values) == 1 else None


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _parsed(text: str) -> ast.expr | None:
    module = parse_python(text, "<annotation>")
    stmt = module.body[0] if module is not None and len(module.body) == 1 else None
    return stmt.value if isinstance(stmt, ast.Expr) else None


def _class_of(annotation: ast.expr | None, element: str) -> str:
    """The class an annotation names (``element`` "": the value's; "item": a sequence's element, ``list[X]``,
    ``tuple[X, ...]``; "value": a mapping's value, ``dict[K, X]``)."""
    if not element:
        return _class_name(annotation)
    node = unoptional(annotation) if annotation is not None else None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        node = _parsed(node.value)
    if not isinstance(node, ast.Subscript):
        return ""
    outer, inner = last_name(node.value), node.slice
    parts = inner.elts if isinstance(inner, ast.Tuple) else [inner]
    if element == "item" and outer in _SEQUENCES and len(parts) == 1:
        return _class_name(parts[0])
    if element == "item" and outer in ("tuple", "Tuple") and len(parts) == 2 and ast.unparse(parts[1]) == "...":
        return _class_name(parts[0])
    if element == "value" and outer in _MAPPINGS and len(parts) == 2:
        return _class_name(parts[1])
    return ""


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


def _resolved(trees: ThreeTrees, refs: set[Ref]) -> dict[Ref, str]:
    """Each value's class: an instance's own; a field's or a method's (function's) as upstream annotates it,
    read in the module the fork imports its owner from (``Self`` is the owner)."""
    found = {ref: ref.owner for ref in refs if ref.kind == "instance"}
    wanted = {ref: _module_paths(ref.home) for ref in refs if ref.kind != "instance"}
    texts = trees.blobs(trees.theirs, sorted({p for paths in wanted.values() for p in paths}))
    modules = {p: parse_python(text, p) for p, text in texts.items() if text}
    for ref, paths in wanted.items():
        for path in paths:
            module = modules.get(path)
            annotation = _declared_type(module, ref) if module is not None else None
            if annotation is not None:
                named = ref.owner if _class_name(annotation) == "Self" and not ref.element else ""
                found[ref] = named or _class_of(annotation, ref.element)
                break
    return {ref: cls for ref, cls in found.items() if cls}


def _homed(trees: ThreeTrees, ref: Ref, change: Grown | None) -> bool:
    """The module the fork imports the class from holds upstream's grown class: it is the class's module, or,
    at upstream, a module that imports the name without defining a class of it (a re-export).  A module of the
    fork's own (absent upstream) or one defining its own namesake: another class, whatever its count."""
    if change is None:
        return False
    paths = _module_paths(ref.home)
    if change.path in paths:
        return True
    for path, text in trees.blobs(trees.theirs, paths).items():
        module = parse_python(text, path) if text and ref.owner in text else None
        if module is not None and _class(module, ref.owner) is None:
            return ref.owner in file_imports(module, path)
    return False


def _declared_type(module: ast.Module, ref: Ref) -> ast.expr | None:
    """The annotation upstream gives the field, or the method's (the module function's) return."""
    scope: list[ast.stmt] = module.body
    if ref.owner:
        owner = _class(module, ref.owner)
        if owner is None:
            return None
        scope = owner.body
    for stmt in scope:
        if ref.kind == "field" and isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if stmt.target.id == ref.member:
                return stmt.annotation
        if ref.kind == "returns" and isinstance(stmt, _Def) and stmt.name == ref.member:
            return stmt.returns
    return _instance_annotation(scope, ref.member) if ref.kind == "field" and ref.owner else None


def _instance_annotation(body: list[ast.stmt], member: str) -> ast.expr | None:
    """The one annotation the class's methods give ``self.member`` (``self.execute_model_state:
    ExecuteModelState | None = None`` in ``__init__``): an attribute declared on the instance, not the class.
    #28768 dropped ``ExecuteModelState.kv_connector_output``; a runner subclass's nine-name unpack of the
    inherited ``self.execute_model_state`` went unseen, its type stated only there.  Annotations naming
    different classes leave the type unknown (None)."""
    found = [
        node.annotation
        for method in body
        if isinstance(method, _Def)
        for node in ast.walk(method)
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Attribute)
        if _is_self(node.target.value) and node.target.attr == member
    ]
    return found[0] if found and len({_class_name(a) for a in found}) == 1 else None


def _module_paths(dotted: str) -> list[str]:
    base = dotted.replace(".", "/")
    return [f"{base}.py", f"{base}/__init__.py"] if dotted else []


def _class(module: ast.Module, name: str) -> ast.ClassDef | None:
    return next((n for n in module.body if isinstance(n, ast.ClassDef) and n.name == name), None)


def _grown(trees: ThreeTrees) -> dict[str, Grown]:
    """The NamedTuples whose field count upstream changed: in the Python files whose diff added or removed an
    annotated line and that name ``NamedTuple`` at upstream (a text gate before any parse)."""
    touched = [p for p in sorted(trees.upstream) if p.endswith(".py") and _FIELD_LINE.search(trees.upstream.raw(p))]
    paths = sorted(trees.upstream_files_with(("NamedTuple",), touched))[:_MOST_FILES] if touched else []
    found: dict[str, Grown] = {}
    for both in parsed_texts(trees, paths, lambda old, new: "NamedTuple" in old and "NamedTuple" in new):
        before = {n.name for n in both.old.body if isinstance(n, ast.ClassDef)}
        for node in (n for n in both.new.body if isinstance(n, ast.ClassDef) and n.name in before):
            old, new = _fields(both.old, node.name), _fields(both.new, node.name)
            if old is not None and new is not None and len(old) != len(new):
                found.setdefault(node.name, Grown(node.name, both.path, old, new))
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
