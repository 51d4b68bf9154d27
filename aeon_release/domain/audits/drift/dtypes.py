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

A torch maker of floating values said no dtype (``torch.empty(n)``, ``zeros``, ``ones``, ``rand``,
``randn``, bare or under ``nn.Parameter``): it holds *the default dtype*, the model's that the loader sets
(bf16, fp16 or fp32).  Upstream saying one where none was said (killers222, #37810: ``self.A_log =
nn.Parameter(torch.empty(n))`` made ``torch.empty(n, dtype=torch.float32)``) is a change too: a fork test
against a floating dtype other than the new one (``layer.A_log.dtype == torch.bfloat16``) now never holds,
drift as above; a view as a dtype of another width than the new one (``A_log.view(torch.int16)`` of 16-bit
weights) now pairs or splits values, a warning (the default's width was the model's).  Upstream dropping a
stated dtype for the default is left: its diff adds no dtype, which the gate below reads.

Cheap first: only upstream files whose diff adds a dtype are parsed (both versions), only
fork files whose added lines name an old dtype are parsed, and one ``git grep`` tells the ties apart.
"""

from __future__ import annotations

import ast
import bisect
import functools
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from aeon_release.adapters import git as repo
from aeon_release.domain.audits import linear
from aeon_release.domain.audits.diffs import PYTHON_FILES
from aeon_release.domain.audits.drift.sides import ThreeTrees, both_versions
from aeon_release.domain.audits.merge_rules import DTYPE_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import (
    imported_from,
    lazy_pattern,
    parameter_names,
    parse_python,
    plain_name,
    short,
    walk_spanning,
)

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
_DTYPE_NAME = lazy_pattern(rf"{_DTYPE}")
# numpy's sized dtypes (``np.int32``), held as "numpy.int32": a numpy array's dtype never equals a torch one
_NP_DTYPE = r"(?:u?int(?:8|16|32|64)|float(?:16|32|64)|complex(?:64|128)|bool_)"
_NP_DTYPE_NAME = lazy_pattern(_NP_DTYPE)
_NUMPY = frozenset({"np", "numpy"})
# numpy's makers with a default dtype when none is said (killers215, #42692: ``np.arange(n)`` made
# ``np.arange(n, dtype=np.int32)``): ``arange`` of integers is int64 on the platforms a fork serves from,
# ``zeros``/``ones``/``empty`` float64
_NP_DEFAULTS = {"arange": "numpy.int64", "zeros": "numpy.float64", "ones": "numpy.float64", "empty": "numpy.float64"}
# torch's makers of floating values: said no dtype, they make the default one (the model's dtype, which the
# loader sets with ``torch.set_default_dtype``): held as DEFAULT, which a test of a floating dtype may match
_TORCH_FLOAT_MAKERS = frozenset({"empty", "zeros", "ones", "rand", "randn"})
DEFAULT = "default"
_DEFAULT_MAY_BE = frozenset({"bfloat16", "float16", "float32"})
# what makes a line of upstream's file say a dtype: it names one, or casts to one (two patterns: one
# alternation of both, or a leading ``\b``, kept Python's engine from skipping to its literal prefix,
# six times slower on a 2,000-commit diff)
_MARKS = (
    lazy_pattern(rf"torch\.{_DTYPE}\b"),
    lazy_pattern(r"\.(?:int|long|short|half|float|double|bfloat16|bool|byte|char)\(\)"),
    lazy_pattern(rf"\bnp\.(?:{_NP_DTYPE}\b|arange\(|zeros\(|ones\(|empty\()"),
)
# an attribute a file assigns (``self.name =``, ``obj.name: T =``): a fork file's own holder of that name
_ATTRIBUTE_STORE = lazy_pattern(r"\.(\w+)[ \t]*(?::[^=\n]*)?=(?!=)")
# a fork line that can hold a tie: names a dtype
_FORK_DTYPE = lazy_pattern(rf"\b(?:torch\.{_DTYPE}|np\.{_NP_DTYPE})\b")
# casts by method: ``x.long()`` is ``x.to(torch.int64)``
_CASTS = {name: _ALIASES[name] for name in ("int", "long", "short", "half", "float", "double")} | {
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
# lines above a dtype that a statement assigning it may start on (``self.x = torch.zeros(`` ... ``dtype=``)
_STATEMENT_LINES = 12
_STARTS = lazy_pattern(r"\s*(?:[\w.]+\s*(?::[^=\n]*)?=[^=]|return\b|def\b|class\b)")

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
    mine: bool = False  # the fork's file assigns an attribute of the holder's name itself
    imported: bool = False  # the fork's file imports the holder by name from the file upstream changed


@dataclass(frozen=True)
class Test:
    """A fork-owned test (or view) of something's dtype: what it can hold, and the dtypes it names."""

    path: str
    line: int
    how: str  # "compare" | "view"
    kind: str
    dtypes: frozenset[str]
    keys: tuple[Key, ...]
    text: str
    mine: frozenset[str] = frozenset()  # attributes the fork's file assigns (``.name =``)


def dtype_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    tests = [
        t
        for path in sorted(trees.mine)
        if path.endswith(".py") and any(_FORK_DTYPE.search(line) for line in trees.mine[path].added.values())
        for t in _fork_tests(trees, path)
    ]
    if not tests:
        return []
    changed = _changed_holders(trees, frozenset(k[-1] for t in tests for k in t.keys))
    by_key: dict[Key, list[Changed]] = {}
    for change in changed:
        by_key.setdefault(change.key, []).append(change)
    uses: list[Use] = []
    for test in tests:
        for key in test.keys:
            source = _imports_of(trees, test.path, key[-1]) if key[0] in ("call", "name") and key in by_key else ()
            # the holder of the file the fork imports it from first (two files may change one of that name)
            for change in sorted(by_key.get(key, ()), key=lambda c: c.path not in source):
                if change.kind != test.kind or change.new in test.dtypes or not _may_hold(change, test):
                    continue
                if key[0] == "local" and change.path != test.path:
                    continue
                # the fork's file holds one of its own (upstream's own file holds upstream's)
                mine = key[0] == "attr" and key[-1] in test.mine and test.path != change.path
                uses.append(Use(test.path, test.line, change, test.how, test.text, mine, change.path in source))
                break
            else:
                continue
            break  # one finding a test
    if not uses:
        return []
    elsewhere = _assigned_elsewhere(trees, {u.change for u in uses})
    return [_finding(trees, u, (u.change in elsewhere and not u.imported) or u.mine, pr_pattern) for u in uses]


def _may_hold(change: Changed, test: Test) -> bool:
    """Whether the test could hold at the merge base: it names the old dtype, or the old one was the default
    (the model's) and it names a floating dtype the default may be (a view: one of another width than the new
    dtype, which now pairs or splits values)."""
    if change.old in test.dtypes:
        return True
    if change.old != DEFAULT:
        return False
    if test.how == "view":
        return any(_width(d) in {16, 32} and _width(d) != _width(change.new) for d in test.dtypes)
    return bool(test.dtypes & _DEFAULT_MAY_BE)


def _imports_of(trees: ThreeTrees, path: str, name: str) -> tuple[str, ...]:
    """The files the fork's ``from m import name`` means: the holder upstream changed there is the one it
    tests, whichever other file assigns or defines one of that name."""
    return imported_from(trees.merged_text(path) or "", name, path)


# -- upstream's side ---------------------------------------------------------------------------------
def _changed_holders(trees: ThreeTrees, names: frozenset[str]) -> list[Changed]:
    """The holders of ``names`` whose dtype upstream changed, in the files whose diff removes and adds a
    dtype and whose text names one of them (both versions read in one batch each)."""
    paths = [p for p in trees.upstream if p.endswith(".py") and not is_test_path(p) and _swaps(trees.upstream.raw(p))]
    if not paths or not names:
        return []
    # ``name =``, ``name: T =``, ``name=`` (a field a record is built with), ``def name(``
    assigned = linear.Alternation(r"\b(?:{})\s*(?::[^=\n]*)?=[^=]", names)
    defined = linear.Alternation(r"\bdef (?:{})\(", names)
    paths = [
        p
        for p, text in trees.blobs(trees.theirs, sorted(paths)).items()
        if text
        and (
            defined.search(text)
            # one linear pass first: most files assign none of the names
            or (assigned.search(text) and _near(text, trees.upstream[p].added, assigned))
        )
    ]
    changed = []
    read = functools.partial(_holders_by_text, names=names)
    for path, key, old, new in both_versions(trees, paths[:_MOST_FILES], read):
        (old_kind, old_dtype, _), (new_kind, new_dtype, line) = old, new
        if old_kind == new_kind and old_dtype and new_dtype and old_dtype != new_dtype:
            changed.append(Changed(tuple(key.split("\0")), new_kind, old_dtype, new_dtype, path, line))
    return changed


def _swaps(diff: str) -> bool:
    """Whether a file's ``-U0`` diff adds a line naming a dtype (each dtype found, the sign of its line read:
    a scan for each line's sign first was five times slower); one that only adds may say a dtype where a
    maker's default held (the other dtype is the default)."""
    for mark in _MARKS:
        for match in mark.finditer(diff):
            start = diff.rfind("\n", 0, match.start()) + 1
            if diff[start : start + 1] == "+":
                return True
    return False


def _near(text: str, added: dict[int, str], named: linear.Alternation) -> bool:
    """Whether a line upstream added naming a dtype assigns one of the names, or the statement it belongs
    to does: the nearest line above that starts an assignment or a return (within a few lines: a call
    spread over lines).  A file assigning the names elsewhere only is not parsed."""
    lines = text.split("\n")
    for number, line in added.items():
        if not any(m.search(line) for m in _MARKS):
            continue
        if named.search(line):
            return True
        for above in range(number - 2, max(-1, number - 2 - _STATEMENT_LINES), -1):
            if _STARTS.match(lines[above]):
                if named.search(lines[above]):
                    return True
                break
    return False


def is_test_path(path: str) -> bool:
    """A path of the tests (a ``tests/`` folder, a ``test_*`` file): not code that runs in service."""
    return path.startswith(("tests/", "test/")) or "/tests/" in path or path.rsplit("/", 1)[-1].startswith("test_")


def _holders_by_text(text: str | None, names: frozenset[str]) -> dict[str, tuple[str, str, int]]:
    """key (its parts joined by NUL) -> (kind, dtype, line) for each holder of one of ``names`` assigned
    one dtype throughout the file ("" when its assignments disagree or one says none)."""
    module = parse_python(text) if text else None
    if module is None or text is None:
        return {}
    marked = [n for n, line in enumerate(text.split("\n"), 1) if any(m.search(line) for m in _MARKS)]
    seen: dict[str, tuple[str, str, int]] = {}
    for parts, kind, dtype, line in _Holders(names, marked, "register_" in text).scope(module.body, None):
        key = "\0".join(parts)
        if key in seen and seen[key][:2] != (kind, dtype):
            seen[key] = ("", "", line)
        elif key not in seen:
            seen[key] = (kind, dtype, line)
    return seen


Function = ast.FunctionDef | ast.AsyncFunctionDef
_Found = Iterator[tuple[Key, str, str, int]]


@dataclass(frozen=True)
class _Holders:
    """One walk of a module's statements (expressions are looked into only where a statement spans a line
    naming a dtype): the assignments of ``names`` and what dtype each says."""

    names: frozenset[str]
    marked: list[int]  # lines naming a dtype, in order
    registers: bool  # the file registers a parameter or a buffer somewhere
    declared: dict[int, frozenset[str]] = field(default_factory=dict)  # id(function) -> its ``global`` names

    def global_names(self, function: Function | None) -> frozenset[str]:
        """The names a function declares ``global`` (a module's lazily made buffer: ``global _workspace``,
        ``_workspace = torch.zeros(...)``): assigned there, they are the module's."""
        if function is None:
            return frozenset()
        if id(function) not in self.declared:
            self.declared[id(function)] = frozenset(
                n for node in ast.walk(function) if isinstance(node, ast.Global) for n in node.names
            )
        return self.declared[id(function)]

    def spans(self, node: ast.stmt) -> bool:
        at = bisect.bisect_left(self.marked, node.lineno)
        return at < len(self.marked) and self.marked[at] <= (node.end_lineno or node.lineno)

    def scope(self, body: list[ast.stmt], function: Function | None, fields: bool = False) -> _Found:
        """A function's statements (its nested defs are scopes of their own), a module's, or a class body's
        (``fields``: its ``name: T = value`` are attributes)."""
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from self.function(stmt)
            elif isinstance(stmt, ast.ClassDef):
                yield from self.scope(stmt.body, function, fields=function is None)
            else:
                yield from self.statement(stmt, function, fields)

    def function(self, function: Function) -> _Found:
        local = list(self.scope(function.body, function))
        yield from local
        if not self.spans(function):
            return
        if self.registers:
            held = {k[-1]: (kind, dtype, line) for k, kind, dtype, line in local if k[0] == "local"}
            yield from _registered(function, held, self.names)
        returned = _returned(function) if function.name in self.names else None
        if returned is not None:
            yield ("call", function.name), *returned, function.lineno

    def statement(self, stmt: ast.stmt, function: Function | None, fields: bool) -> _Found:
        spans = self.spans(stmt)
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None and not _none(stmt.value):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                key = _key(target, function.name if function else "", fields, self.global_names(function))
                if key is not None and key[-1] in self.names:
                    said = _says(stmt.value) if spans else _default_made(stmt.value)
                    kind, dtype = said or ("", "")
                    yield key, kind, dtype, stmt.lineno
        if spans and isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.Return, ast.Expr)):
            for node in ast.walk(stmt):
                yield from _built(node, self.names)
        for block in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, block, None)
            if isinstance(inner, list) and not isinstance(stmt, ast.ClassDef):
                yield from self.scope([s for s in inner if isinstance(s, ast.stmt)], function)
        for handler in getattr(stmt, "handlers", None) or ():
            yield from self.scope(handler.body, function)


def _registered(function: Function, local: dict[str, tuple[str, str, int]], names: frozenset[str]) -> _Found:
    """``layer.register_parameter("weight", weight)`` (or ``register_buffer``) of a local holder, or of a
    tensor made there: the module's attribute of that name holds it."""
    for node in ast.walk(function):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("register_parameter", "register_buffer")
            and len(node.args) >= 2
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value in names
        ):
            value = node.args[1]
            said = local.get(value.id) if isinstance(value, ast.Name) else (*_said_or_none(value), node.lineno)
            if said is not None and said[0] == "tensor":
                yield ("attr", str(node.args[0].value)), *said


def _said_or_none(value: ast.expr) -> tuple[str, str]:
    return _says(value) or ("", "")


def _none(value: ast.expr) -> bool:
    """``= None``: a placeholder (a declaration, a reset), no dtype said either way."""
    return isinstance(value, ast.Constant) and value.value is None


def _built(node: ast.AST, names: frozenset[str]) -> _Found:
    """``Record(field=torch.zeros(..., dtype=X))``: a class built with a tensor of stated dtype for a
    field holds it as that attribute (a capitalised callee: a class, not a function's keyword)."""
    if not isinstance(node, ast.Call):
        return
    callee = plain_name(node.func)
    if callee is None or not (callee.rsplit(".", 1)[-1][:1].isupper() or callee == "cls"):
        return
    for keyword in node.keywords:
        if keyword.arg in names and not _none(keyword.value):
            said = _says(keyword.value)
            if said is not None and said[0] == "tensor":
                yield ("attr", str(keyword.arg)), *said, keyword.value.lineno


def _key(target: ast.expr, function: str, field: bool, global_names: frozenset[str] = frozenset()) -> Key | None:
    if isinstance(target, ast.Attribute):
        return ("attr", target.attr)
    if isinstance(target, ast.Name):
        if field:
            return ("attr", target.id)  # a class body's ``name: T = value``
        if function and target.id not in global_names:
            return ("local", function, target.id)
        return ("name", target.id)  # the module's, also set in a function under ``global name``
    return None


def _returned(function: Function) -> tuple[str, str] | None:
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
            if value is None and isinstance(node.value, ast.Name):
                value = _held(function, node.value.id)
            if value is None:
                return None
            said.add(value)
        todo.extend(ast.iter_child_nodes(node))
    return next(iter(said)) if len(said) == 1 else None


def _held(function: Function, name: str) -> tuple[str, str] | None:
    """(kind, dtype) of a name the function returns, when each of its stores there is a plain assignment and
    every one (``None`` placeholders aside) says the same: a buffer made lazily under ``global`` (#48046's
    ``_get_workspace_buffer``), a local built and returned."""
    if name in parameter_names(function.args):
        return None
    stores, assigned = _locals(function)
    values = assigned.get(name, [])
    said = {_says(v) for v in values if not _none(v)}
    return next(iter(said)) if len(values) == stores[name] and len(said) == 1 else None


def _says(value: ast.expr) -> tuple[str, str] | None:
    """("dtype", X) for ``torch.X``; ("tensor", X) for a tensor made or cast with dtype X."""
    dtype = dtype_named(value)
    if dtype is not None:
        return ("dtype", dtype)
    dtype = tensor_dtype(value)
    return ("tensor", dtype) if dtype is not None else None


def dtype_named(node: ast.AST | None) -> str | None:
    """``torch.int32`` -> "int32" (``torch.int`` -> "int32"), ``np.int32`` -> "numpy.int32", else None."""
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
        return None
    if node.value.id == "torch" and _DTYPE_NAME.fullmatch(node.attr):
        return _ALIASES.get(node.attr, node.attr)
    if node.value.id in _NUMPY and _NP_DTYPE_NAME.fullmatch(node.attr):
        return "numpy." + node.attr.rstrip("_")
    return None


def _numpy_default(call: ast.Call) -> str | None:
    """The dtype numpy gives ``np.arange(...)``/``np.zeros(...)`` and the like made without one (``dtype``
    said neither by keyword nor, for ``zeros``/``ones``/``empty``, second); an ``arange`` of a float literal
    is not an integer one: None."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in _NUMPY):
        return None
    default = _NP_DEFAULTS.get(func.attr)
    if default is None or not call.args or any(k.arg is None for k in call.keywords):
        return None
    if func.attr == "arange":
        floats = any(isinstance(n, ast.Constant) and isinstance(n.value, float) for a in call.args for n in ast.walk(a))
        return None if floats else default
    return dtype_named(call.args[1]) if len(call.args) > 1 else default


def _torch_default(call: ast.Call) -> str | None:
    """DEFAULT for ``torch.empty(n)`` and the makers of floating values like it said no dtype (neither by
    keyword nor through ``**kwargs``), else None."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "torch"):
        return None
    if func.attr not in _TORCH_FLOAT_MAKERS or any(k.arg is None for k in call.keywords):
        return None
    return DEFAULT


def _default_made(value: ast.expr) -> tuple[str, str] | None:
    """("tensor", DEFAULT) for a statement's value naming no dtype that a floating maker without one makes
    (``nn.Parameter(torch.empty(n))``): the statements that name none are only read for this."""
    said = tensor_dtype(value) if isinstance(value, ast.Call) else None
    return ("tensor", DEFAULT) if said == DEFAULT else None


def tensor_dtype(node: ast.expr) -> str | None:
    """The dtype a call's result is stated to have: ``dtype=``, ``.to(torch.X)``, ``.view(torch.X)``,
    ``.long()``, through the methods that keep it."""
    while isinstance(node, ast.Call):
        for keyword in node.keywords:
            if keyword.arg == "dtype":
                return dtype_named(keyword.value)
        if (made := _numpy_default(node) or _torch_default(node)) is not None:
            return made
        callee = plain_name(node.func)
        if callee is not None and callee.endswith("Parameter"):  # ``Parameter(data)``: a weight of its data's dtype
            data = next((k.value for k in node.keywords if k.arg == "data"), node.args[0] if node.args else None)
            return tensor_dtype(data) if data is not None else None
        func = node.func
        if not isinstance(func, ast.Attribute):
            return None
        if func.attr in ("to", "view", "type", "astype") and node.args and (named := dtype_named(node.args[0])):
            return named
        if func.attr in _CASTS and not node.args:
            return _CASTS[func.attr]
        if func.attr not in _KEEPS or not isinstance(func.value, ast.Call):
            return None
        node = func.value
    return None


# -- the fork's side ---------------------------------------------------------------------------------
def _fork_tests(trees: ThreeTrees, path: str) -> Iterator[Test]:
    module = trees.merged_module(path)
    owned = trees.owned_lines(path)
    if module is None or not owned:
        return
    lines = (trees.merged_text(path) or "").splitlines()
    own = _own_names(module)
    mine = frozenset(_ATTRIBUTE_STORE.findall(trees.merged_text(path) or ""))
    normalised = _normalised(module, owned)
    for function, node in _nodes_on(module, owned):
        if id(node) in normalised:
            continue
        for how, subject, kind, dtypes in _tests(node):
            keys = tuple(_keys(subject, function, own))
            if keys:
                text = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
                yield Test(path, node.lineno, how, kind, dtypes, keys, text, mine)


def _normalised(module: ast.Module, lines: set[int]) -> set[int]:
    """The tests ``X.dtype != D`` (``== D``) heading an ``if`` or a conditional expression whose branch for any
    other dtype casts to ``D`` itself (``.astype(D)``, ``.to(D)``, ``.long()``): the fork handles both dtypes,
    converting where it meets the other, so upstream's change of dtype takes the other branch on purpose
    (review120: ``if self.token_arange_np.dtype != np.int64: rows = rows.astype(np.int64)``).  A branch that
    raises, or casts to a third dtype, is no such conversion."""
    found: set[int] = set()
    for node in walk_spanning(module, lines):
        if not isinstance(node, ast.If | ast.IfExp) or not isinstance(test := node.test, ast.Compare):
            continue
        if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq | ast.NotEq | ast.Is | ast.IsNot):
            continue
        dtype = dtype_named(test.comparators[0]) or dtype_named(test.left)
        other = node.body if isinstance(test.ops[0], ast.NotEq | ast.IsNot) else node.orelse
        branch = other if isinstance(other, list) else [other]
        if dtype is not None and any(
            isinstance(n, ast.Call) and tensor_dtype(n) == dtype for part in branch for n in ast.walk(part)
        ):
            found.add(id(test))
    return found


def _nodes_on(module: ast.Module, lines: set[int]) -> Iterator[tuple[Function | None, ast.Compare | ast.Call]]:
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


def _keys(subject: ast.expr, function: Function | None, own: frozenset[str]) -> Iterator[Key]:
    """The holders ``subject`` can be: ``a.b.holder`` (``.gpu``/``.cpu`` after it too), ``module.NAME``,
    a local (or what the function bound it to once), an imported name, a call.  A
    parameter and a name the fork's module binds itself are the fork's own, not upstream's."""
    if isinstance(subject, ast.Call):  # every return of the function says one dtype, whatever its arguments
        name = plain_name(subject.func)
        if name is not None and name not in own and not (function is not None and _bound_in(function, name)):
            yield ("call", name.rsplit(".", 1)[-1])
        return
    while isinstance(subject, ast.Subscript) and isinstance(subject.slice, ast.Slice | ast.Tuple):
        subject = subject.value  # ``self.buf[:n]``: a slice of the holder, of its dtype
    name = plain_name(subject)
    if name is None:
        return
    parts = name.split(".")
    if len(parts) > 2 and parts[-1] in _PARTS:
        parts = parts[:-1]
    if len(parts) > 1:
        yield ("attr", parts[-1])
        if len(parts) == 2 and parts[0] not in ("self", "cls"):
            yield ("name", parts[-1])  # ``module.NAME``
        return
    if function is not None and parts[0] in parameter_names(function.args):
        return
    if function is not None and _bound_in(function, parts[0]):
        yield ("local", function.name, parts[0])
        alias = _assigned_once(function, parts[0])
        if alias is not None and not isinstance(alias, ast.Name):
            yield from _keys(alias, None, own)
    elif parts[0] not in own:
        yield ("name", parts[0])


def _bound_in(function: Function, name: str) -> bool:
    """Whether the function binds ``name`` itself: a parameter, or a local it stores."""
    return name in parameter_names(function.args) or _locals(function)[0][name] > 0


@functools.lru_cache(maxsize=256)
def _locals(function: Function) -> tuple[Counter[str], dict[str, list[ast.expr]]]:
    """One walk of a function for every name asked of it (a walk per comparison was quadratic in a long
    function): how often it stores each name, and the value of each ``name = v`` that assigns it."""
    stores: Counter[str] = Counter()
    values: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] += 1
        elif isinstance(node, ast.Assign):
            for name in dict.fromkeys(t.id for t in node.targets if isinstance(t, ast.Name)):
                values.setdefault(name, []).append(node.value)
    return stores, values


def _own_names(module: ast.Module) -> frozenset[str]:
    """What a module binds itself at its top level: assigned names, functions and classes (not imports)."""
    own: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            own |= {t.id for t in targets if isinstance(t, ast.Name)}
    return frozenset(own)


def _assigned_once(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The value a function binds ``name`` to, when it binds it once, to a chain of names or a call."""
    stored, assigned = _locals(function)
    values, stores = assigned.get(name, []), stored[name]
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
    others = {p for p in found if not is_test_path(p)}
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
    commit = trees.upstream_commit(c.path, _said_pattern(c.new), pr_pattern)
    old, new = _spelled(c.old), _spelled(c.new)
    where = f"upstream changed {what} from {old} to {new} ({c.path}:{c.line}{commit})"
    sure = not elsewhere
    if (c.old == DEFAULT and use.how == "view") or c.new == DEFAULT:  # the default's width, or dtype, is the model's
        sure = False
    if use.how == "view":
        effect = f"the fork's view as {old} now reinterprets {new} values"
        hint = f"convert with .to({old}) or read it as {new}"
        if _width(c.old) == _width(c.new):  # ``uint8`` storage read as ``float8_e4m3fn``: often on purpose
            effect, sure = effect + " of the same width (a storage type's view may be on purpose)", False
    else:
        effect = f"the fork's test against {old} now has the other outcome"
        hint = f"test for {new} (or both) where the fork's path should still be taken"
    tie = "; another file assigns a holder of that name too (upstream's, or the fork's own)" if elsewhere else ""
    message = f"fork-owned `{short(use.text.strip(), 80)}`: {where}: {effect}{tie}: {hint}"
    return Finding(RULE, "merge", Severity.ERROR if sure else Severity.WARNING, use.path, use.line, message)


def _spelled(dtype: str) -> str:
    """How the source spells a dtype held here: ``torch.int32``, ``np.int32``."""
    if dtype == DEFAULT:
        return "the default dtype (the model's, no dtype said)"
    return "np." + dtype.split(".", 1)[1] if dtype.startswith("numpy.") else f"torch.{dtype}"


def _said_pattern(dtype: str) -> str:
    """A pattern of the lines saying ``dtype`` (its aliases too), for the commit that said it."""
    if dtype.startswith("numpy."):
        return r"(np|numpy)\." + dtype.split(".", 1)[1] + r"_?([^A-Za-z0-9_]|$)"
    spellings = sorted({dtype, *(alias for alias, name in _ALIASES.items() if name == dtype)})
    return r"torch\.(" + "|".join(spellings) + r")([^A-Za-z0-9_]|$)"


def _width(dtype: str) -> int | None:
    """Bits of one value (``float8_e4m3fn``: 8, ``bfloat16``: 16, ``bool``: 8); None when unknown."""
    if dtype == "bool":
        return 8
    digits = re.search(r"\d+", dtype)
    return int(digits.group(0)) if digits else None
