"""Array flavour drift: upstream made a field a numpy array where it was a torch tensor (or back).

#27618 made ``InputBatch.is_token_ids`` (``= torch.zeros(...)``) a numpy view of a new tensor
(``= self.is_token_ids_tensor.numpy()``).  A fork line ``batch.is_token_ids[:n].to(device)`` merges cleanly and
raises ``AttributeError``: an ndarray has no ``to``.  Neither side annotates the field, so container drift
(``drift/retyped.py``), which reads annotations, never sees it: the flavour is read off what the class assigns.

Upstream's side: the Python files whose diff changes a ``self.name = ...`` line that builds or views a numpy
array; those are parsed at the base and at upstream, and a field of a class whose every ``self.name = ...``
assignment builds one flavour at the base (a ``torch`` constructor, a tensor method chained on one) and the
other at upstream (an ``np`` constructor, ``x.numpy()``) is reflavoured.  The fork's side: its added lines
that call, on the field (or an index or slice of it), a method only the old flavour has (``.to()``,
``.pin_memory()``, ``.copy_()``, ``.size()`` ... of a tensor; ``.astype()``, ``.tobytes()`` of an ndarray)
or read such an attribute (``.device``), with the receiver typed as the class as container drift types it
(``self`` in a subclass, an annotated parameter, a local bound once to the read), not where the fork
declares the field itself.  A method both flavours have (``.sum()``, ``.tolist()``, ``.reshape()``) is quiet.

An annotated field says its flavour outright (killers160): #29268 made the dataclass field
``CommonAttentionMetadata.encoder_seq_lens: np.ndarray | None`` a ``torch.Tensor | None`` (the array moved to a new
``encoder_seq_lens_cpu``), and no ``self.`` line assigns it: its builders pass it in.  A field a class annotates
(in its body, or ``self.name: T = ...``) as one flavour (``Optional`` aside) takes the annotation's flavour over
what it is assigned; such a file is parsed only where its diff annotates a name as one flavour on a removed line
and as the other on an added one.  Where a tensor became an array, a method called with a tensor's ``dim=``/
``keepdim=`` keyword (``.max(dim=-1)``; NumPy says ``axis``) raises TypeError too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.domain.audits.drift.fallbacks import (
    caught_around,
    expects_misfit,
    hasattr_held,
    hasattr_refuted,
    isinstance_guarded,
    isinstance_refuted,
    kind_ensured,
    match_ensured,
    match_refuted,
    version_gated,
)
from aeon_release.domain.audits.drift.flavours import NAMED, TENSOR_KEYWORDS
from aeon_release.domain.audits.drift.flavours import ONLY_CALLED as _ONLY_CALLED
from aeon_release.domain.audits.drift.flavours import ONLY_READ as _ONLY_READ
from aeon_release.domain.audits.drift.flavours import SHOWN as _SHOWN
from aeon_release.domain.audits.drift.own_fields import ForkTypes, enclosing
from aeon_release.domain.audits.drift.result_kinds import outer_type_name, unoptional, unquoted_expr
from aeon_release.domain.audits.drift.returns import attribute_readers, attributes_read
from aeon_release.domain.audits.drift.retyped import Recontained, names_bound_once, recontained_held
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, walk_spanning

# a changed line assigning ``self.name`` something that builds or views a numpy array
_GATE = lazy_pattern(r"\n[-+][ \t]*self\.(\w+)[ \t]*(?::[^=\n]*)?=[^=\n]*(?:\.numpy\(\)|\bnp\.\w+\(|\bnumpy\.\w+\()")
# a changed line annotating a name as one flavour (``name: np.ndarray | None``, ``self.name: torch.Tensor = ...``):
# (sign, name, flavour's class name); a file is parsed only for a name one side annotates as each flavour
_ANNOTATED = lazy_pattern(
    r"\n([-+])[ \t]*(?:self\.)?(\w+)[ \t]*:[ \t]*(?:Optional\[)?(?:\w+\.)?(ndarray|NDArray|Tensor)\b"
)
_TORCH_MAKERS = frozenset(
    {"zeros", "ones", "empty", "full", "tensor", "arange", "zeros_like", "ones_like", "empty_like", "full_like"}
    | {"from_numpy", "as_tensor", "rand", "randn", "randint", "stack", "cat"}
)
_NUMPY_MAKERS = frozenset(
    {"zeros", "ones", "empty", "full", "array", "asarray", "arange", "zeros_like", "ones_like", "empty_like"}
    | {"full_like", "stack", "concatenate"}
)
_TENSOR_KEEPERS = frozenset({"to", "pin_memory", "cuda", "cpu", "contiguous", "clone", "share_memory_"})
_FLAVOUR_CLASSES = {"tensor": frozenset({"Tensor"}), "ndarray": frozenset({"ndarray"})}
_CAUGHT = frozenset({"AttributeError", "Exception", "BaseException"})


def array_flavour_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    # a finding is a fork line reading the field (``.name``): with none, no diff of upstream's need be read
    wanted = attributes_read(trees) if trees.mine else set()
    if not wanted:
        return []
    paths = sorted(p for p in trees.upstream if p.endswith(".py") and _changed_fields(trees.upstream.raw(p)) & wanted)
    found = _reflavoured(trees, paths, wanted) if paths else {}
    if not found:
        return []
    return [
        _finding(trees, path, line, hit, how, pr_pattern)
        for path, module, owned in attribute_readers(trees, found)
        for line, hit, how in _uses(trees, path, module, owned, found)
    ]


def _changed_fields(diff: str) -> set[str]:
    """The names a file's diff may have changed the flavour of: assigned a numpy build on a changed line
    (``_GATE``, whose every match holds ``np.`` or ``numpy``: a ``str`` search passes the others over, 7 -> 0.9 ms
    over a 500-commit release's diffs), or annotated as each flavour on either side."""
    built = set(_GATE.findall(diff)) if "np." in diff or "numpy" in diff else set()
    return built | _annotated_both_ways(diff)


def _annotates_an_array(diff: str) -> bool:
    """Whether a changed line of ``diff`` annotates a name as an array (an ``_ANNOTATED`` match naming
    ``ndarray``/``NDArray``), asked only at the lines holding one of those words.  Every match starts at a
    newline and ends on the line after it, one match a line, so the line of each such word, matched from its
    leading newline, is every place ``findall`` could find one.  A name annotated both ways has one such line:
    the two sides' flavours differ, so one of them names the array (3.3 ms -> 0.2 over the 8 diffs of 500
    commits naming an array, where the line pattern was tried at every line)."""
    for word in ("ndarray", "NDArray"):
        at = diff.find(word)
        while at != -1:
            start = diff.rfind("\n", 0, at)
            match = _ANNOTATED.match(diff, start) if start != -1 else None
            if match is not None and match.group(3) != "Tensor":
                return True
            end = diff.find("\n", at)
            at = diff.find(word, end) if end != -1 else -1
    return False


def _annotated_both_ways(diff: str) -> set[str]:
    """The names the diff annotates as one flavour on a removed line and as the other on an added one."""
    if not _annotates_an_array(diff):
        return set()
    seen: dict[tuple[str, str], set[str]] = {}
    for sign, name, named in _ANNOTATED.findall(diff):
        seen.setdefault((sign, name), set()).add(NAMED[named])
    return {name for (sign, name), was in seen.items() if sign == "-" and seen.get(("+", name), was) != was}


def _reflavoured(trees: ThreeTrees, paths: list[str], wanted: set[str]) -> dict[str, list[Recontained]]:
    """Fields (among ``wanted``) a class of ``paths`` annotates, or else assigns, one flavour at the base and the
    other at upstream.  Either reading may decide: a stale annotation over a field upstream now builds as an
    array still says the builds changed, and a dataclass field no line assigns has only its annotation; but an
    annotation corrected over builds of one flavour on both sides is no change of the value."""
    found: dict[str, list[Recontained]] = {}
    for both in parsed_texts(trees, paths):
        built = (_flavours(both.old, wanted, False), _flavours(both.new, wanted, False))
        declared = (_flavours(both.old, wanted, True), _flavours(both.new, wanted, True))
        for key in built[1].keys() | declared[1].keys():
            was, now = _changed(*built, key) or _changed(*declared, key) or (None, None)
            kept = built[0].get(key) is not None and built[0].get(key) == built[1].get(key)
            if was and now and not kept:
                owner, name = key
                hit = Recontained(name, owner, both.path, _SHOWN[was], _SHOWN[now], was, now, False)
                found.setdefault(name, []).append(hit)
    return found


def _changed(
    old: dict[tuple[str, str], str | None], new: dict[tuple[str, str], str | None], key: tuple[str, str]
) -> tuple[str, str] | None:
    was, now = old.get(key), new.get(key)
    return (was, now) if was and now and was != now else None


def _flavours(module: ast.Module, wanted: set[str], declared: bool) -> dict[tuple[str, str], str | None]:
    """(class, field) -> the one flavour the class declares the field (``declared``: its annotations), or that
    every ``self.field = ...`` of the class builds; None when they differ or one builds something else (a field
    sometimes None, or copied from elsewhere, is no one flavour)."""
    seen: dict[tuple[str, str], set[str | None]] = {}
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        if declared:
            for name, annotation in _class_annotations(cls):
                if name in wanted:
                    seen.setdefault((cls.name, name), set()).add(_annotation_flavour(annotation))
            continue
        for method in (m for m in cls.body if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef)):
            for name, value in _self_assigned(method):
                if name in wanted:
                    seen.setdefault((cls.name, name), set()).add(_flavour(value))
    return {key: next(iter(kinds)) if len(kinds) == 1 else None for key, kinds in seen.items()}


def _class_annotations(cls: ast.ClassDef) -> Iterator[tuple[str, ast.expr]]:
    """The fields ``cls`` annotates: in its body (``name: T``, a dataclass's) and in its methods (``self.name: T``)."""
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id, node.annotation
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.AnnAssign) and _self_attribute(inner.target):
                    yield inner.target.attr, inner.annotation  # type: ignore[union-attr]


def _self_attribute(target: ast.expr) -> bool:
    return isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"


def _annotation_flavour(annotation: ast.expr) -> str | None:
    """``torch.Tensor``, ``Optional[np.ndarray]``, ``npt.NDArray[np.int32] | None``: that flavour; else None."""
    node = unquoted_expr(annotation)
    return NAMED.get(outer_type_name(unoptional(node))) if node is not None else None


def _self_assigned(method: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[str, ast.expr]]:
    for node in ast.walk(method):
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                yield target.attr, value


def _flavour(value: ast.expr) -> str | None:
    """``torch.zeros(...)`` (and ``.to()``/``.pin_memory()`` ... of one): a tensor; ``np.zeros(...)``,
    ``x.numpy()``: an ndarray; anything else: None."""
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return None
    attr, owner = value.func.attr, value.func.value
    if attr == "numpy" and not value.args and not value.keywords:
        return "ndarray"
    if isinstance(owner, ast.Name) and owner.id == "torch" and attr in _TORCH_MAKERS:
        return "tensor"
    if isinstance(owner, ast.Name) and owner.id in ("np", "numpy") and attr in _NUMPY_MAKERS:
        return "ndarray"
    return "tensor" if attr in _TENSOR_KEEPERS and _flavour(owner) == "tensor" else None


def _uses(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], found: dict[str, list[Recontained]]
) -> Iterator[tuple[int, Recontained, str]]:
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    bound: dict[int, dict[str, ast.expr]] = {}
    for node in walk_spanning(module, owned):
        if getattr(node, "lineno", 0) not in owned or not isinstance(node, ast.Attribute):
            continue
        called = isinstance(call := parents.get(id(node)), ast.Call) and call.func is node
        receiver = _unindexed(node.value)
        hit = recontained_held(receiver, enclosing(node, parents), parents, fork, found, bound)
        lacking = (_ONLY_CALLED if called else _ONLY_READ)[hit.old] if hit is not None else frozenset()
        keyword = _tensor_keyword(call) if called and hit is not None and hit.old == "tensor" else None
        if hit is None or (node.attr not in lacking and keyword is None):
            continue
        subjects = _subjects(node, receiver, parents, bound)
        given = _given(receiver, hit, parents)
        if not _flavour_tested(node, subjects, hit, parents) and given != "keyword":
            use = f"{'calls' if called else 'reads'} {ast.unparse(node)}{'()' if called else ''}"
            lacks = (
                f"{_SHOWN[hit.new]} has no {node.attr}" if keyword is None else f"its {node.attr}() takes no {keyword}="
            )
            gated = "hasattr" if any(hasattr_refuted(node, root, parents) for root in _roots(subjects)) else given
            gated = "version" if version_gated(node, parents) else gated
            yield node.lineno, hit, f"{use}|{lacks}|{gated}"


def _tensor_keyword(call: ast.AST | None) -> str | None:
    """A keyword only a tensor's methods take, that the call passes (``x.max(dim=-1)``): an array's raise on it."""
    keywords = call.keywords if isinstance(call, ast.Call) else []
    return next((k.arg for k in keywords if k.arg in TENSOR_KEYWORDS), None)


def _subjects(
    node: ast.Attribute, receiver: ast.expr, parents: dict[int, ast.AST], bound: dict[int, dict[str, ast.expr]]
) -> dict[str, ast.expr]:
    """What a guard may test for the use: the field read, the indexed value, or the read a local was bound to."""
    func = enclosing(node, parents)
    held = bound.get(id(func), {}).get(receiver.id) if isinstance(receiver, ast.Name) and func is not None else None
    found = {ast.unparse(e): e for e in (receiver, node.value)}
    if held is not None:
        found[ast.unparse(held)] = held
    return found


def _flavour_tested(
    node: ast.Attribute, subjects: dict[str, ast.expr], hit: Recontained, parents: dict[int, ast.AST]
) -> bool:
    """The use runs only where ``isinstance`` says the old flavour (or not the new one), ``hasattr`` says the
    value has the method or attribute, or a ``try`` catches the ``AttributeError``: written for both sides.  The
    old flavour said otherwise counts too: ``type(x) is np.ndarray``, the rest after ``if not isinstance(x,
    np.ndarray): return ...``, an arm ``case np.ndarray():`` of a ``match`` on it, or an arm after one taking
    the new flavour."""
    if caught_around(node, _CAUGHT, parents) or expects_misfit(node, parents):
        return True  # a ``try`` for the other flavour, or a test expecting the raise (``pytest.raises``)
    old, new = _FLAVOUR_CLASSES[hit.old].__contains__, _FLAVOUR_CLASSES[hit.new].__contains__
    return any(
        isinstance_guarded(node, subject, old, parents)
        or isinstance_refuted(node, subject, new, parents)
        or kind_ensured(node, subject, old, parents)
        or match_ensured(node, subject, old, parents)
        or match_refuted(node, subject, new, False, parents)
        or hasattr_held(node, subject, node.attr, parents)
        for subject in subjects
    )


def _given(receiver: ast.expr, hit: Recontained, parents: dict[int, ast.AST]) -> str:
    """ "keyword" for ``meta.lens`` where the function bound ``meta`` once to a construction that passes ``lens=``
    a value the fork built as the old flavour (``Meta(..., lens=np.array([3]))``, a fork test's own metadata), or
    a parameter it annotates so (``host: np.ndarray``): the field holds the fork's value, whatever upstream's
    builders pass.  "positional" where such a value is passed by position (which field it fills is not read
    here: a warning); else ""."""
    func = enclosing(receiver, parents)
    if not isinstance(receiver, ast.Attribute) or not isinstance(receiver.value, ast.Name) or func is None:
        return ""
    made = names_bound_once(func).get(receiver.value.id)
    if not isinstance(made, ast.Call):
        return ""
    if any(k.arg == receiver.attr and _built_as(k.value, func) == hit.old for k in made.keywords):
        return "keyword"
    return "positional" if any(_built_as(a, func) == hit.old for a in made.args) else ""


def _built_as(value: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The flavour of a value the fork hands over: built in the line (``np.array(...)``), or a parameter of
    ``func`` annotated as one flavour."""
    if not isinstance(value, ast.Name):
        return _flavour(value)
    params = (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)
    note = next((a.annotation for a in params if a.arg == value.id), None)
    return _annotation_flavour(note) if note is not None else None


def _roots(subjects: dict[str, ast.expr]) -> set[str]:
    """The receivers the field is read off (``batch`` of ``batch.is_token_ids``)."""
    return {ast.unparse(e.value) for e in subjects.values() if isinstance(e, ast.Attribute)}


def _unindexed(expr: ast.expr) -> ast.expr:
    """``x.field[:n]``, ``x.field[i, j]`` -> ``x.field``: an index or a slice keeps the flavour."""
    while isinstance(expr, ast.Subscript):
        expr = expr.value
    return expr


def _finding(trees: ThreeTrees, path: str, line: int, hit: Recontained, how: str, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(hit.path, rf"self\.{re.escape(hit.name)}\b", pr_pattern)
    use, why, gated = how.split("|", 2)
    message = (
        f"fork-owned line {use}, but upstream made {hit.owner}.{hit.name} {hit.now} (was {hit.was}) "
        f"({hit.path}{commit}): {why}, so the line raises on first use"
    )
    if (
        gated == "hasattr"
    ):  # a ``hasattr`` gate before it may route every call past it now: it cannot be told from a carry
        message += "; it follows a hasattr() gate on its receiver, so check that path still runs after the merge"
    if gated == "version":  # a path kept for older releases: whether it still runs after the merge is not read here
        message += "; it sits under a version test, so check that path no longer runs after the merge"
    if gated == "positional":  # the fork's own construction may have handed the field the old flavour
        message += f"; the receiver's construction passes {hit.was} by position, so check whether it fills this field"
    return Finding(RULE, "merge", Severity.WARNING if gated else Severity.ERROR, path, line, message)
