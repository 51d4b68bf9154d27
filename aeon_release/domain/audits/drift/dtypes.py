"""Dtype drift: upstream changed the dtype of a tensor (or of a dtype it holds); a fork line tests the old one.

``self.idx_mapping = torch.arange(n, dtype=torch.int32, ...)`` became ``dtype=torch.int64`` (#51210), a
prepare-finalize's ``topk_indices_dtype()`` now returns ``torch.uint32`` where it returned ``torch.int32``
(#23273): a fork line ``if batch.idx_mapping.dtype == torch.int32: fast(...)`` merges cleanly and never
takes its fast path again (every answer stays right, the speed goes), and ``ids.view(torch.int32)`` now
reinterprets each value.

A *holder* is what upstream's code assigns a tensor of a stated dtype to (``dtype=`` of the call that
makes it, ``.to(torch.X)``, ``.view(torch.X)``, ``.int()``/``.long()`` and the like, through ``.cuda()``,
``.pin_memory()`` and other methods that keep the dtype) or a dtype itself (``self.kv_dtype =
torch.uint8``): an attribute by its name, a module's name, a function's local by (function, name), or
a function whose every return is one such value.  A holder changed when every assignment of it in a
file upstream changed says one dtype at the merge base and every one says one other dtype at
upstream.  A fork-owned comparison of the holder's dtype (``x.holder.dtype == torch.OLD``, ``!=``,
``in (...)``, ``is``; the holder itself, or the call's value, for a dtype) that the change makes flip,
and a fork-owned ``x.holder.view(torch.OLD)``, are drift.  It is an error when the holder is tied for
certain (a local of the same function, or an attribute or name that no other upstream file assigns),
a warning when another file assigns one of that name too (it may be the fork's object).

Cheap first: only upstream files whose diff removes and adds a dtype are parsed (both versions), only
fork files whose added lines name an old dtype are parsed, and one ``git grep`` tells the ties apart.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import DTYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import parse_python, plain_name, short, walk_spanning

# the dtypes a ``torch.X`` names, aliases spelled as torch spells them (``torch.long`` is ``torch.int64``)
_ALIASES = {
    "int": "int32",
    "long": "int64",
    "short": "int16",
    "half": "float16",
    "float": "float32",
    "double": "float64",
    "cfloat": "complex64",
    "cdouble": "complex128",
}
_DTYPE = r"(?:u?int(?:8|16|32|64)|float(?:8_e\w+|4_e\w+|16|32|64)?|bfloat16|half|double|long|int|short|bool|complex\d+)"
_DTYPE_NAME = re.compile(rf"{_DTYPE}")
# a diff line removing or adding a dtype (``torch.int32``) or a cast method (``.long()``)
_CHANGED = re.compile(rf"\n([-+])[^\n]*(?:\btorch\.{_DTYPE}\b|\.(?:int|long|float|half|double|bfloat16|bool)\(\))")
# a fork line that can hold a tie: names a dtype
_FORK_DTYPE = re.compile(rf"\btorch\.{_DTYPE}\b")
# casts by method: ``x.long()`` is ``x.to(torch.int64)``
_CASTS = {
    "int": "int32",
    "long": "int64",
    "short": "int16",
    "half": "float16",
    "float": "float32",
    "double": "float64",
    "bfloat16": "bfloat16",
    "bool": "bool",
    "byte": "uint8",
    "char": "int8",
}
# methods whose result has their receiver's dtype (``view``/``to`` without a dtype argument too)
_KEEPS = frozenset(
    "to view pin_memory contiguous cuda cpu clone reshape flatten unsqueeze squeeze transpose t permute "
    "expand repeat detach fill_ zero_ copy_ narrow share_memory_ requires_grad_ unflatten".split()
)
# an attribute between the holder and ``.dtype`` that still is its tensor (``buf.gpu.dtype`` of a buffer
# holding a device and a host copy)
_PARTS = frozenset({"gpu", "cpu", "data", "tensor"})
_MOST_FILES = 64  # upstream files a merge parses (both versions each) for changed holders

Key = tuple[str, ...]  # ("attr", name) | ("name", name) | ("local", function, name) | ("call", name)


@dataclass(frozen=True)
class Changed:
    key: Key
    kind: str  # "tensor": its ``.dtype`` is the dtype; "dtype": it is one
    old: str
    new: str
    path: str
    line: int  # upstream's line (at theirs) that says the new dtype

    @property
    def label(self) -> str:
        name = self.key[-1]
        return f"{name}()" if self.key[0] == "call" else name


@dataclass(frozen=True)
class Use:
    path: str
    line: int
    change: Changed
    how: str  # "compare" | "view"
    text: str


def dtype_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    forks = [
        p
        for p in sorted(trees.mine)
        if p.endswith(".py") and any(_FORK_DTYPE.search(t) for t in trees.mine[p].added.values())
    ]
    changed = _changed_holders(trees) if forks else []
    if not changed:
        return []
    uses = [u for path in forks for u in _fork_uses(trees, path, changed)]
    if not uses:
        return []
    elsewhere = _assigned_elsewhere(trees, {u.change for u in uses})
    return [_finding(trees, u, u.change in elsewhere, pr_pattern) for u in uses]


# -- upstream's side ---------------------------------------------------------------------------------
def _changed_holders(trees: ThreeTrees) -> list[Changed]:
    paths = []
    for path in trees.upstream:
        if path.endswith(".py") and not _is_test(path):
            signs = {m.group(1) for m in _CHANGED.finditer(trees.upstream.raw(path))}
            if signs == {"-", "+"}:
                paths.append(path)
    changed = []
    for path, key, old, new in both_versions(trees, paths[:_MOST_FILES], _holders_by_text):
        (old_kind, old_dtype, _), (new_kind, new_dtype, line) = old, new
        if old_kind == new_kind and old_dtype and new_dtype and old_dtype != new_dtype:
            changed.append(Changed(tuple(key.split("\0")), new_kind, old_dtype, new_dtype, path, line))
    return changed


def _is_test(path: str) -> bool:
    return path.startswith(("tests/", "test/")) or "/tests/" in path or path.rsplit("/", 1)[-1].startswith("test_")


def _holders_by_text(text: str | None) -> dict[str, tuple[str, str, int]]:
    """key (its parts joined by NUL) -> (kind, dtype, line) for each holder assigned one dtype throughout
    the file ("" when its assignments disagree or one says none)."""
    module = parse_python(text) if text else None
    seen: dict[str, tuple[str, str, int]] = {}
    for parts, kind, dtype, line in _holders(module) if module is not None else ():
        key = "\0".join(parts)
        if key in seen and seen[key][:2] != (kind, dtype):
            seen[key] = ("", "", line)
        elif key not in seen:
            seen[key] = (kind, dtype, line)
    return seen


def _holders(module: ast.Module) -> Iterator[tuple[Key, str, str, int]]:
    yield from _assigned(module.body, "")
    for node in ast.walk(module):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            local = list(_assigned(node.body, node.name))
            yield from local
            yield from _registered(
                node, {k[-1]: (kind, dtype, line) for k, kind, dtype, line in local if k[0] == "local"}
            )
            returned = _returned(node)
            if returned is not None:
                yield ("call", node.name), *returned, node.lineno


def _assigned(body: list[ast.stmt], function: str) -> Iterator[tuple[Key, str, str, int]]:
    """Assignments of one scope (into its compound statements, not into nested defs or classes of a
    function; a module's class bodies are walked for their fields)."""
    for stmt in body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if isinstance(stmt, ast.ClassDef):
            if not function:
                yield from _assigned(stmt.body, "")  # class fields: attributes
            continue
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None and not _none(stmt.value):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            kind, dtype = _says(stmt.value) or ("", "")
            for target in targets:
                key = _key(target, function, isinstance(stmt, ast.AnnAssign) and not function)
                if key is not None:
                    yield key, kind, dtype, stmt.lineno
        for node in ast.walk(stmt) if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.Return, ast.Expr)) else ():
            yield from _built(node)
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, field, None)
            if isinstance(inner, list):
                yield from _assigned([s for s in inner if isinstance(s, ast.stmt)], function)
        for handler in getattr(stmt, "handlers", None) or ():
            yield from _assigned(handler.body, function)


def _registered(
    function: ast.FunctionDef | ast.AsyncFunctionDef, local: dict[str, tuple[str, str, int]]
) -> Iterator[tuple[Key, str, str, int]]:
    """``layer.register_parameter("weight", weight)`` (or ``register_buffer``) of a local holder, or of a
    tensor made there: the module's attribute of that name holds it."""
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("register_parameter", "register_buffer")
            and len(node.args) >= 2
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            value = node.args[1]
            said = local.get(value.id) if isinstance(value, ast.Name) else (*_said_or_none(value), node.lineno)
            if said is not None and said[0] == "tensor":
                yield ("attr", node.args[0].value), *said


def _said_or_none(value: ast.expr) -> tuple[str, str]:
    return _says(value) or ("", "")


def _none(value: ast.expr) -> bool:
    """``= None``: a placeholder (a declaration, a reset), no dtype said either way."""
    return isinstance(value, ast.Constant) and value.value is None


def _built(node: ast.AST) -> Iterator[tuple[Key, str, str, int]]:
    """``Record(field=torch.zeros(..., dtype=X))``: a class built with a tensor of stated dtype for a
    field holds it as that attribute (a capitalised callee: a class, not a function's keyword)."""
    if not isinstance(node, ast.Call):
        return
    callee = plain_name(node.func)
    if callee is None or not (callee.rsplit(".", 1)[-1][:1].isupper() or callee == "cls"):
        return
    for keyword in node.keywords:
        if keyword.arg and keyword.arg != "dtype" and not _none(keyword.value):
            said = _says(keyword.value)
            if said is not None and said[0] == "tensor":
                yield ("attr", keyword.arg), *said, keyword.value.lineno


def _key(target: ast.expr, function: str, field: bool) -> Key | None:
    if isinstance(target, ast.Attribute):
        return ("attr", target.attr)
    if isinstance(target, ast.Name):
        if field:
            return ("attr", target.id)  # a class body's ``name: T = value``
        return ("local", function, target.id) if function else ("name", target.id)
    return None


def _returned(function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, str] | None:
    """(kind, dtype) when every return of the function (not of a nested one) says the same one."""
    said: set[tuple[str, str]] = set()
    todo: list[ast.AST] = list(function.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return None
        if isinstance(node, ast.Return):
            value = _says(node.value) if node.value is not None else None
            if value is None:
                return None
            said.add(value)
        todo.extend(ast.iter_child_nodes(node))
    return next(iter(said)) if len(said) == 1 else None


def _says(value: ast.expr) -> tuple[str, str] | None:
    """("dtype", X) for ``torch.X``; ("tensor", X) for a tensor made or cast with dtype X."""
    dtype = dtype_named(value)
    if dtype is not None:
        return ("dtype", dtype)
    dtype = tensor_dtype(value)
    return ("tensor", dtype) if dtype is not None else None


def dtype_named(node: ast.AST | None) -> str | None:
    """``torch.int32`` -> "int32" (``torch.int`` -> "int32"), else None."""
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "torch"
        and _DTYPE_NAME.fullmatch(node.attr)
    ):
        return _ALIASES.get(node.attr, node.attr)
    return None


def tensor_dtype(node: ast.expr) -> str | None:
    """The dtype a call's result is stated to have: ``dtype=``, ``.to(torch.X)``, ``.view(torch.X)``,
    ``.long()``, through the methods that keep it."""
    while isinstance(node, ast.Call):
        for keyword in node.keywords:
            if keyword.arg == "dtype":
                return dtype_named(keyword.value)
        callee = plain_name(node.func)
        if callee is not None and callee.endswith("Parameter"):  # ``Parameter(data)``: a weight of its data's dtype
            data = next((k.value for k in node.keywords if k.arg == "data"), node.args[0] if node.args else None)
            return tensor_dtype(data) if data is not None else None
        func = node.func
        if not isinstance(func, ast.Attribute):
            return None
        if func.attr in ("to", "view", "type") and node.args and (named := dtype_named(node.args[0])) is not None:
            return named
        if func.attr in _CASTS and not node.args:
            return _CASTS[func.attr]
        if func.attr not in _KEEPS or not isinstance(func.value, ast.Call):
            return None
        node = func.value
    return None


# -- the fork's side ---------------------------------------------------------------------------------
def _fork_uses(trees: ThreeTrees, path: str, changed: list[Changed]) -> Iterator[Use]:
    olds = {c.old for c in changed}
    if not any(
        _ALIASES.get(m.group(0)[6:], m.group(0)[6:]) in olds
        for t in trees.mine[path].added.values()
        for m in _FORK_DTYPE.finditer(t)
    ):
        return
    module = trees.merged_module(path)
    owned = trees.owned_lines(path)
    if module is None or not owned:
        return
    by_key: dict[Key, list[Changed]] = {}
    for change in changed:
        by_key.setdefault(change.key, []).append(change)
    lines = (trees.merged_text(path) or "").splitlines()
    reported: set[tuple[int, Key]] = set()
    for function, node in _nodes_on(module, owned):
        for how, subject, kind, dtypes in _tests(node):
            for key in _keys(subject, function):
                for change in by_key.get(key, ()):
                    if change.kind != kind or change.old not in dtypes or change.new in dtypes:
                        continue
                    if key[0] == "local" and change.path != path:
                        continue
                    if (node.lineno, key) not in reported:
                        reported.add((node.lineno, key))
                        text = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
                        yield Use(path, node.lineno, change, how, text)


def _nodes_on(
    module: ast.Module, lines: set[int]
) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef | None, ast.Compare | ast.Call]]:
    """(enclosing function, node) for the comparisons and calls that start on ``lines``."""
    functions: list[ast.FunctionDef | ast.AsyncFunctionDef] = [
        n for n in walk_spanning(module, lines) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    for node in walk_spanning(module, lines):
        if isinstance(node, (ast.Compare, ast.Call)) and node.lineno in lines:
            inner = [f for f in functions if f.lineno <= node.lineno <= (f.end_lineno or f.lineno)]
            yield (max(inner, key=lambda f: f.lineno) if inner else None), node


def _tests(node: ast.Compare | ast.Call) -> Iterator[tuple[str, ast.expr, str, frozenset[str]]]:
    """(how, subject, kind, the dtypes it is tested against) of a comparison or a ``.view(torch.X)``."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        op, left, right = node.ops[0], node.left, node.comparators[0]
        if isinstance(op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)):
            for subject, other in ((left, right), (right, left)):
                dtype = dtype_named(other)
                if dtype is not None and dtype_named(subject) is None:
                    yield from _subject("compare", subject, frozenset({dtype}))
        elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
            named = [dtype_named(e) for e in right.elts]
            if named and all(named):
                yield from _subject("compare", left, frozenset(d for d in named if d))
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "view"
        and len(node.args) == 1
        and (dtype := dtype_named(node.args[0])) is not None
    ):
        yield "view", node.func.value, "tensor", frozenset({dtype})


def _subject(
    how: str, subject: ast.expr, dtypes: frozenset[str]
) -> Iterator[tuple[str, ast.expr, str, frozenset[str]]]:
    if isinstance(subject, ast.Attribute) and subject.attr == "dtype":
        yield how, subject.value, "tensor", dtypes
    else:
        yield how, subject, "dtype", dtypes


def _keys(subject: ast.expr, function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> Iterator[Key]:
    """The holders ``subject`` can be: ``a.b.holder`` (``.gpu``/``.cpu`` after it too), a name, a call."""
    if isinstance(subject, ast.Call) and not subject.args and not subject.keywords:
        name = plain_name(subject.func)
        if name is not None:
            yield ("call", name.rsplit(".", 1)[-1])
        return
    name = plain_name(subject)
    if name is None:
        return
    parts = name.split(".")
    if len(parts) > 2 and parts[-1] in _PARTS:
        parts = parts[:-1]
    if len(parts) == 1:
        stored = function is not None and any(
            isinstance(n, ast.Name) and n.id == parts[0] and isinstance(n.ctx, ast.Store) for n in ast.walk(function)
        )
        if function is not None and stored:
            yield ("local", function.name, parts[0])
            alias = _assigned_once(function, parts[0])
            if alias is not None:
                yield from _keys(alias, None)
        else:
            yield ("name", parts[0])
        return
    yield ("attr", parts[-1])
    yield ("name", parts[-1])  # ``module.NAME``


def _assigned_once(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The value a function binds ``name`` to, when it binds it once, to a chain of names or a call."""
    values = [
        node.value
        for node in ast.walk(function)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
    ]
    stores = sum(
        1 for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
    )
    if len(values) == 1 and stores == 1 and (plain_name(values[0]) is not None or isinstance(values[0], ast.Call)):
        return values[0]
    return None


def _assigned_elsewhere(trees: ThreeTrees, changes: set[Changed]) -> set[Changed]:
    """The changes whose holder another upstream Python file (tests aside) assigns or defines too."""
    words: dict[str, list[Changed]] = {}
    for change in changes:
        name = change.key[-1]
        spelled: tuple[str, ...]
        if change.key[0] == "attr":
            spelled = (f".{name} = ", f".{name}: ", f"    {name}: ")
        elif change.key[0] == "name":
            spelled = (f"{name} = ", f"{name}: ")
        elif change.key[0] == "call":
            spelled = (f"def {name}(",)
        else:
            continue
        for word in spelled:
            words.setdefault(word, []).append(change)
    if not words:
        return set()
    found = repo.files_containing(trees.repo, trees.theirs, sorted(words), [PYTHON_FILES])
    others = {p for p in found if not _is_test(p)}
    if not others:
        return set()
    texts = trees.blobs(trees.theirs, sorted(others)[:200])
    elsewhere: set[Changed] = set()
    for word, owners in words.items():
        for change in owners:
            if any(word in (t or "") for p, t in texts.items() if p != change.path):
                elsewhere.add(change)
    if len(others) > 200:
        elsewhere |= {c for c in changes if c.key[0] != "local"}  # too many to read: not certain
    return elsewhere


# -- the finding -------------------------------------------------------------------------------------
def _finding(trees: ThreeTrees, use: Use, elsewhere: bool, pr_pattern: str) -> Finding:
    c = use.change
    what = f"{c.label}'s dtype" if c.kind == "tensor" else c.label
    spellings = sorted({c.new, *(alias for alias, name in _ALIASES.items() if name == c.new)})
    commit = trees.upstream_commit(c.path, r"torch\.(" + "|".join(spellings) + r")([^A-Za-z0-9_]|$)", pr_pattern)
    where = f"upstream changed {what} from torch.{c.old} to torch.{c.new} ({c.path}:{c.line}{commit})"
    if use.how == "view":
        effect = f"the fork's view as torch.{c.old} now reinterprets torch.{c.new} values"
        hint = f"convert with .to(torch.{c.old}) or read it as torch.{c.new}"
    else:
        effect = f"the fork's test against torch.{c.old} now has the other outcome"
        hint = f"test for torch.{c.new} (or both) where the fork's path should still be taken"
    tie = "; another upstream file assigns a holder of that name too" if elsewhere else ""
    message = f"fork-owned `{short(use.text.strip(), 80)}`: {where}: {effect}{tie}: {hint}"
    return Finding(RULE, "merge", Severity.WARNING if elsewhere else Severity.ERROR, use.path, use.line, message)
