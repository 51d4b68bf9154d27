"""Recall on every call-shape change of vLLM's first-parent history since 2025, under fork uses of the old shape.

The cases are the (commit, file, definition) triples of ``vllm/**/*.py`` (tests aside) where, between the
commit's parent and the commit (both read with ``ast``, no checkout), an existing definition changed so
that a fork use written for the old shape still runs and means something else:

  rebound:     a ``def`` (module-level or method; ``__init__`` through its class) or a ``@dataclass``
               without ``__init__`` whose positional parameters (fields) moved: a name that was there
               before sits at another index (inserted or removed before it, reordered), or went behind
               a ``*args`` (or, apart, behind a bare ``*``); or a new parameter took the first slot of
               ``*args``;
  async:       a ``def`` that became ``async def``;
  to-property: a method that gained ``@property``/``@cached_property``;
  to-method:   a property that became a plain method;
  override:    each method of the three kinds above, from the other side: a fork subclass overriding it
               with the old kind.

For each commit: base = K^, upstream = K, and the fork adds one module (``vllm/aeon_calls.py``) using
each definition the way fork code did before K, fitting the OLD signature: a call passing positional
arguments up to and including the moved slot (and whatever else the old signature requires), a plain
call, a call or a read through a parameter annotated with the class (``obj(...)`` for ``__call__``), an
override of the old kind.  The merge is clean (a new module); the engine's merge-aware audit runs on it,
and a case is *blocked* when an error-level ``merge/symbol-drift`` finding lands on its use line.

Before parsing, a file pair whose decorators, ``def``/``class`` headers and annotated lines read the same
is passed over (``--full-parse`` parses every pair: the same cases, about twice the time).  A kernel
(``@triton.jit`` and the like, launched in its own file) is launched, ``kernel[(1,)](...)``; a dataclass
whose base lives in another file takes the base's fields read at the same revision.  Blocked kind
changes are listed; missed and skipped cases are printed with their commit.

  python benchmarks/signature_history_replay.py [--mirror DIR] [--since 2025-01-01T00:00:00Z] [--full-parse]
      [--commit SHA ...]  (replay only these commits and print the fork module and its findings)
      [--module-call]     (call forward() the way a torch module is called: obj(...))
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from threeway import ENV, MIRROR, audit, clone, commit_files, git, merge, show

CARRY = "vllm/aeon_calls.py"
RULE = "merge/symbol-drift"
CLASSES = ("rebound", "async", "to-property", "to-method", "override")
_TEST = re.compile(r"(^|/)(tests?|testing)/|(^|/)(test_[^/]*|[^/]*_test|conftest)\.py$")
_PROPERTY = frozenset({"property", "cached_property"})
_KERNEL = re.compile(r"(?:\w+\.)*(?:triton|cuda)\.")  # @triton.jit, @triton.autotune(...), @numba.cuda.jit


# -- one version of a file: its definitions --------------------------------------------------------
@dataclass(frozen=True)
class Params:
    """The parameters a caller fills (``self``/``cls`` dropped as the call binds them)."""

    positional: tuple[str, ...]
    defaults: int
    kwonly: tuple[str, ...]
    kwonly_required: tuple[str, ...]
    varargs: bool


@dataclass(frozen=True)
class Def:
    qual: str
    owner: str | None  # the class's qualname, None at module level
    kind: str  # function / coroutine / property
    binding: str  # plain (module), instance, class (classmethod), static, init (Class(...)), dataclass
    params: Params | None  # None: a method without a parameter to bind self to
    override: str  # the parameter list an override of the old kind repeats (annotations dropped)
    overloaded: bool = False  # @overload, or two defs of the name (a setter aside)
    setter: bool = False  # a property with a @name.setter/deleter
    inherited: bool = False  # a dataclass with a base in another file: params holds its own fields only
    kernel: bool = False  # a @triton.jit (cuda.jit) kernel its file launches: ``kernel[grid](...)``


def definitions(text: str) -> dict[str, Def] | None:
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    found: dict[str, Def] = {}
    classes: dict[str, ast.ClassDef] = {}
    _visit(tree.body, None, found, classes)
    for qual, item in found.items():
        name = qual.rsplit(".", 1)[-1]
        if item.kernel and f"{name}[" not in text and text.count(f"{name}(") > 1:
            found[qual] = replace(item, kernel=False)  # a @triton.jit helper other kernels call, not a launch
    for qual, node in classes.items():
        if _is_dataclass(node) and f"{qual}.__init__" not in found:
            params, inherited = _dataclass_params(node, qual, classes)
            found[qual] = Def(qual, None, "class", "dataclass", params, "", inherited=inherited)
    return found


def _visit(body: list[ast.stmt], owner: str | None, found: dict[str, Def], classes: dict[str, ast.ClassDef]) -> None:
    for stmt in _flat(body):
        if isinstance(stmt, ast.ClassDef):
            qual = f"{owner}.{stmt.name}" if owner else stmt.name
            classes[qual] = stmt
            _visit(stmt.body, qual, found, classes)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            qual = f"{owner}.{stmt.name}" if owner else stmt.name
            names = _decorators(stmt)
            if qual in found:  # a second def of the name: an overload, a setter, a conditional twin
                first = found[qual]
                setter = first.kind == "property" and bool(names & {"setter", "deleter"})
                overloaded = first.overloaded or "overload" in names or not setter
                found[qual] = replace(first, overloaded=overloaded, setter=first.setter or setter)
                continue
            found[qual] = _def(stmt, qual, owner, names)


def _flat(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A body's statements, looking into if/try/with blocks (``if TYPE_CHECKING:``, optional imports)."""
    for stmt in body:
        if isinstance(stmt, (ast.If, ast.Try, ast.With)):
            blocks = [stmt.body, getattr(stmt, "orelse", []), getattr(stmt, "finalbody", [])]
            blocks += [h.body for h in getattr(stmt, "handlers", [])]
            for block in blocks:
                yield from _flat(block)
        else:
            yield stmt


def _decorators(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> set[str]:
    names = set()
    for dec in node.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if isinstance(target, ast.Attribute):
            names.add(target.attr)
        elif isinstance(target, ast.Name):
            names.add(target.id)
    return names


def _def(node: ast.FunctionDef | ast.AsyncFunctionDef, qual: str, owner: str | None, names: set[str]) -> Def:
    kind = "property" if names & _PROPERTY else "coroutine" if isinstance(node, ast.AsyncFunctionDef) else "function"
    args = node.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if owner is None:
        binding = "plain"
    elif "staticmethod" in names:
        binding = "static"
    else:
        binding = "init" if node.name == "__init__" else "class" if "classmethod" in names else "instance"
    params: Params | None = None
    if binding in ("plain", "static") or positional:
        bound = positional if binding in ("plain", "static") else positional[1:]
        required_kw = tuple(a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is None)
        kwonly = tuple(a.arg for a in args.kwonlyargs)
        params = Params(tuple(bound), min(len(args.defaults), len(bound)), kwonly, required_kw, args.vararg is not None)
    overloaded, kernel = "overload" in names, any(_KERNEL.match(ast.unparse(d)) for d in node.decorator_list)
    return Def(qual, owner, kind, binding, params, _override_params(args), overloaded, kernel=kernel)


def _override_params(args: ast.arguments) -> str:
    """The same parameters, without annotations, every default ``None``: an override that fits its base."""
    names = [a.arg for a in (*args.posonlyargs, *args.args)]
    first_default = len(names) - len(args.defaults)
    parts = [f"{n}=None" if i >= first_default else n for i, n in enumerate(names)]
    if args.posonlyargs:
        parts.insert(len(args.posonlyargs), "/")
    if args.vararg:
        parts.append(f"*{args.vararg.arg}")
    elif args.kwonlyargs:
        parts.append("*")
    parts += [a.arg if d is None else f"{a.arg}=None" for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    if args.kwarg:
        parts.append(f"**{args.kwarg.arg}")
    return ", ".join(parts)


def _is_dataclass(node: ast.ClassDef) -> bool:
    return "dataclass" in _decorators(node)


_TRIVIAL_BASES = frozenset({"object", "ABC", "Generic", "Protocol"})


def _dataclass_params(node: ast.ClassDef, qual: str, classes: dict[str, ast.ClassDef]) -> tuple[Params, bool]:
    """The generated ``__init__``'s parameters, inherited fields first; and whether a base lives elsewhere
    (then only the fields this file defines)."""
    fields: dict[str, tuple[bool, bool]] = {}  # name -> (has a default, keyword-only)
    mro = _dataclass_mro(node, qual, classes)
    for cls in mro:
        if cls is not None:
            fields.update(_fields(cls))
    return _params(fields), None in mro


def _params(fields: dict[str, tuple[bool, bool]]) -> Params:
    positional = [n for n, (_, kw) in fields.items() if not kw]
    defaults = 0
    for name in reversed(positional):
        if not fields[name][0]:
            break
        defaults += 1
    kwonly = tuple(n for n, (_, kw) in fields.items() if kw)
    required = tuple(n for n in kwonly if not fields[n][0])
    return Params(tuple(positional), defaults, kwonly, required, False)


def _dataclass_mro(node: ast.ClassDef, qual: str, classes: dict[str, ast.ClassDef]) -> list[ast.ClassDef | None]:
    """The dataclasses whose fields ``node`` takes, bases first (None: a base defined in another file)."""
    out: list[ast.ClassDef | None] = []
    prefix = qual.rpartition(".")[0]
    for base in node.bases:
        target = base.value if isinstance(base, ast.Subscript) else base
        name = target.id if isinstance(target, ast.Name) else target.attr if isinstance(target, ast.Attribute) else ""
        if name in _TRIVIAL_BASES:
            continue
        local = classes.get(f"{prefix}.{name}" if prefix else name) or classes.get(name)
        if local is None or not isinstance(target, ast.Name):
            out.append(None)  # a base elsewhere: it may be a dataclass with fields of its own
        elif _is_dataclass(local):
            out += _dataclass_mro(local, name, classes)
    return [*out, node]


def _fields(node: ast.ClassDef) -> dict[str, tuple[bool, bool]]:
    kw_only = any(
        isinstance(d, ast.Call)
        and any(k.arg == "kw_only" and isinstance(k.value, ast.Constant) and k.value.value for k in d.keywords)
        for d in node.decorator_list
    )
    found: dict[str, tuple[bool, bool]] = {}
    for stmt in node.body:
        if not isinstance(stmt, ast.AnnAssign) or not isinstance(stmt.target, ast.Name):
            continue
        head = stmt.annotation.value if isinstance(stmt.annotation, ast.Subscript) else stmt.annotation
        label = head.attr if isinstance(head, ast.Attribute) else head.id if isinstance(head, ast.Name) else ""
        if label == "KW_ONLY":
            kw_only = True
            continue
        value = stmt.value
        call = value if isinstance(value, ast.Call) and _name(value.func) == "field" else None
        flags = {k.arg: k.value.value for k in call.keywords if isinstance(k.value, ast.Constant)} if call else {}
        if label == "ClassVar" or flags.get("init") is False:
            continue
        has_default = value is not None and not (
            call is not None and not {k.arg for k in call.keywords} & {"default", "default_factory"}
        )
        found[stmt.target.id] = (has_default, kw_only or bool(flags.get("kw_only")))
    return found


def _name(expr: ast.expr) -> str:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else ""


# -- a cheap look before parsing: a file whose headers and annotated lines did not change ---------------
_HEAD = re.compile(r"^[ \t]*(?:@|(?:async[ \t]+)?def[ \t]|class[ \t]).*$", re.M)
_ANNOTATED = re.compile(r"^[ \t]+\w+[ \t]*:[ \t]*[^\s=].*$", re.M)


def header_key(text: str) -> int:
    """Every annotated line, then every decorator and ``def``/``class`` header (to its closing colon), in
    order: equal keys mean no signature, decorator or field changed (a miscount of brackets takes more lines)."""
    out = [m.group(0).strip() for m in _ANNOTATED.finditer(text)]
    for match in _HEAD.finditer(text):
        line, end = match.group(0), match.end()
        decorator, depth = line.lstrip().startswith("@"), 0
        while True:
            code = line.split("#", 1)[0]
            depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
            out.append(line.strip())
            if (depth <= 0 and (decorator or code.rstrip().endswith(":"))) or end >= len(text):
                break
            after = text.find("\n", end + 1)
            after = len(text) if after < 0 else after
            line, end = text[end + 1 : after], after
    return hash(tuple(out))


# -- the changes ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    sha: str
    subject: str
    path: str
    old: Def
    new: Def
    cls: str  # one of CLASSES
    how: str  # what moved or changed
    slot: int = -1  # rebound: the index of the moved positional argument


def rebound(old: Params, new: Params) -> tuple[int, str] | None:
    """The first positional slot whose parameter moved, and how."""
    common = [n for n in old.positional if n in new.positional]
    reordered = common != [n for n in new.positional if n in old.positional]
    for i, name in enumerate(old.positional):
        if name in new.positional and new.positional.index(name) != i:
            j = new.positional.index(name)
            how = "reordered" if reordered else "inserted before" if j > i else "removed before"
            return i, f"{name}: {how} ({i} -> {j})"
        if name in new.kwonly:
            return i, f"{name}: behind *args" if new.varargs else f"{name}: keyword-only (bare *)"
    if old.varargs and new.varargs and len(new.positional) > len(old.positional):
        return len(old.positional), f"*args: {new.positional[len(old.positional)]} took its first slot"
    return None


def changes(sha: str, subject: str, path: str, before: dict[str, Def], after: dict[str, Def]) -> Iterator[Case]:
    for qual, old in before.items():
        new = after.get(qual)
        if new is None or old.overloaded or new.overloaded:
            continue  # gone, or more than one def of the name: which one a call binds is not the question
        if old.kind == new.kind and old.binding == new.binding and old.kind in ("function", "coroutine", "class"):
            if old.params and new.params:
                moved = rebound(old.params, new.params)
                if moved is not None:
                    yield Case(sha, subject, path, old, new, "rebound", moved[1], moved[0])
            continue
        kind = _kind_change(old, new)
        if kind is not None:
            yield Case(sha, subject, path, old, new, kind, f"{old.kind} -> {new.kind}")
            if old.owner is not None:
                yield Case(sha, subject, path, old, new, "override", f"{old.kind} -> {new.kind}")


def _kind_change(old: Def, new: Def) -> str | None:
    if old.kind == "function" and new.kind == "coroutine" and old.binding != "init":
        return "async"
    if old.binding == "instance" and old.kind in ("function", "coroutine") and new.kind == "property":
        return "to-property"
    if old.kind == "property" and new.kind in ("function", "coroutine") and new.binding == "instance":
        return "to-method"
    return None


# -- a dataclass whose bases live in other files: their fields, read at the same revision ------------------------
class Inherited:
    """The fields a dataclass takes from bases in other files (``from vllm.x import Base``), bases first."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self.trees: dict[tuple[str, str], ast.Module | None] = {}

    def complete(self, case: Case) -> Case:
        """The case with the whole constructor's fields on both sides (unchanged when a base cannot be read)."""
        old, new = self._params(f"{case.sha}^", case), self._params(case.sha, case)
        moved = rebound(old, new) if old is not None and new is not None else None
        if old is None or new is None or moved is None:
            return case
        done = replace(case, old=replace(case.old, params=old, inherited=False), new=replace(case.new, params=new))
        return replace(done, slot=moved[0], how=moved[1])

    def _params(self, rev: str, case: Case) -> Params | None:
        fields = self._fields(rev, case.path, case.old.qual, 0)
        return _params(fields) if fields is not None else None

    def _fields(self, rev: str, path: str, name: str, depth: int) -> dict[str, tuple[bool, bool]] | None:
        tree = self._tree(rev, path)
        if tree is None or depth > 8:
            return None
        node = next((n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == name), None)
        if node is None:
            return self._imported(rev, path, tree, name, depth)
        fields: dict[str, tuple[bool, bool]] = {}
        for base in node.bases:
            target = base.value if isinstance(base, ast.Subscript) else base
            if not isinstance(target, ast.Name):
                return None  # module.Base: not followed
            if target.id in _TRIVIAL_BASES:
                continue
            inherited = self._fields(rev, path, target.id, depth + 1)
            if inherited is None:
                return None
            fields.update(inherited)
        if _is_dataclass(node):
            fields.update(_fields(node))
        return fields

    def _imported(
        self, rev: str, path: str, tree: ast.Module, name: str, depth: int
    ) -> dict[str, tuple[bool, bool]] | None:
        for stmt in ast.walk(tree):
            if isinstance(stmt, ast.ImportFrom):
                for alias in stmt.names:
                    if (alias.asname or alias.name) == name:
                        module = _absolute(stmt, path)
                        where = self._module_path(rev, module)
                        if where is None:
                            return {} if not module.startswith(path.split("/", 1)[0]) else None
                        return self._fields(rev, where, alias.name, depth + 1)
        return None  # a builtin, or bound some other way

    def _module_path(self, rev: str, module: str) -> str | None:
        base = module.replace(".", "/")
        for path in (f"{base}.py", f"{base}/__init__.py"):
            if self._tree(rev, path) is not None:
                return path
        return None

    def _tree(self, rev: str, path: str) -> ast.Module | None:
        if (rev, path) not in self.trees:
            text = show(self.repo, rev, path)
            try:
                self.trees[(rev, path)] = ast.parse(text) if text is not None else None
            except (SyntaxError, ValueError):
                self.trees[(rev, path)] = None
        return self.trees[(rev, path)]


def _absolute(stmt: ast.ImportFrom, path: str) -> str:
    if not stmt.level:
        return stmt.module or ""
    parts = path.split("/")[:-1]
    parts = parts[: len(parts) - (stmt.level - 1)] if stmt.level > 1 else parts
    return ".".join([*parts, stmt.module] if stmt.module else parts)


class Blobs:
    """One ``git cat-file --batch`` for every blob, and each blob's definitions parsed once."""

    def __init__(self, repo: Path, full_parse: bool) -> None:
        self.proc = subprocess.Popen(
            ["git", "-C", str(repo), "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=ENV
        )
        self.full_parse = full_parse
        self.keys: dict[str, int] = {}
        self.defs: dict[str, dict[str, Def] | None] = {}
        self.parsed = self.read = 0

    def text(self, oid: str) -> str | None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{oid}\n".encode())
        self.proc.stdin.flush()
        header = self.proc.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":
            return None  # missing (the mirror lacks two blobs >= 4 MiB)
        size = int(header[2])
        data = self.proc.stdout.read(size + 1)[:size]
        self.read += 1
        return data.decode("utf-8", errors="replace")

    def pair(self, old: str, new: str) -> tuple[dict[str, Def], dict[str, Def]] | None:
        """Both versions' definitions, or None when nothing a call binds to can differ."""
        texts = {}
        if not self.full_parse:
            for oid in (old, new):
                if oid not in self.keys:
                    texts[oid] = self.text(oid)
                    self.keys[oid] = header_key(texts[oid]) if texts[oid] is not None else 0
            if self.keys[old] == self.keys[new] or 0 in (self.keys[old], self.keys[new]):
                return None
        found = []
        for oid in (old, new):
            if oid not in self.defs:
                text = texts.get(oid) if oid in texts else self.text(oid)
                self.defs[oid] = definitions(text) if text is not None else None
                self.parsed += 1
            found.append(self.defs[oid])
        if found[0] is None or found[1] is None:
            return None
        return found[0], found[1]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def modified_modules(repo: Path, since: str) -> Iterator[tuple[str, str, str, str, str]]:
    """(commit, subject, path, old blob, new blob) of every non-test module of ``vllm/`` a first-parent
    commit of main since ``since`` modified."""
    out = git(repo, "log", "--first-parent", f"--since={since}", "--no-renames", "--raw", "--no-abbrev",
              "--format=@@@%H %s", "main", "--", "vllm/*.py")  # fmt: skip
    sha = subject = ""
    for line in out.splitlines():
        if line.startswith("@@@"):
            sha, _, subject = line[3:].partition(" ")
            continue
        if not line.startswith(":"):
            continue
        meta, _, path = line.partition("\t")
        _, _, old, new, status = meta.split()
        if status == "M" and path.endswith(".py") and not _TEST.search(path):
            yield sha, subject, path, old, new


def mine(repo: Path, since: str, full_parse: bool) -> tuple[list[Case], Blobs]:
    blobs = Blobs(repo, full_parse)
    cases: list[Case] = []
    for sha, subject, path, old, new in modified_modules(repo, since):
        pair = blobs.pair(old, new)
        if pair is not None:
            cases += changes(sha, subject, path, *pair)
    blobs.close()
    return cases, blobs


# -- the fork's uses ------------------------------------------------------------------------------------------
@dataclass
class Carry:
    """The fork module of one commit: imports, then one use per case; ``lines`` = case -> its use line."""

    imports: dict[tuple[str, str], str] = field(default_factory=dict)  # (module, top-level name) -> local name
    body: list[str] = field(default_factory=list)
    uses: list[tuple[Case, int]] = field(default_factory=list)  # case, index of its use line in body
    module_call: bool = False  # forward(...) as the module's call, obj(...)

    def local(self, module: str, qual: str) -> str:
        """The local spelling of a class or function ``qual`` of ``module`` (``Outer.Inner`` through ``Outer``)."""
        top, _, rest = qual.partition(".")
        key = (module, top)
        if key not in self.imports:
            taken = set(self.imports.values())
            self.imports[key] = top if top not in taken else f"{top}_{len(taken)}"
        return f"{self.imports[key]}.{rest}" if rest else self.imports[key]

    def add(self, case: Case, lines: list[str], use: int) -> None:
        self.body += ["", "", *lines]
        self.uses.append((case, len(self.body) - len(lines) + use))

    def text(self) -> tuple[str, dict[int, Case]]:
        head = ["# AEON: fork uses of upstream definitions, shaped as before the change"]
        head += [
            f"from {m} import {n}" if local == n else f"from {m} import {n} as {local}"
            for (m, n), local in self.imports.items()
        ]
        where = {len(head) + i + 1: case for case, i in self.uses}
        return "\n".join([*head, *self.body]) + "\n", where


def arguments(params: Params, upto: int) -> str:
    """Positional arguments through index ``upto`` (and the ones the old signature requires), keywords it requires."""
    count = max(upto + 1, len(params.positional) - params.defaults)
    parts = [str(i) for i in range(count)] + [f"{k}={i}" for i, k in enumerate(params.kwonly_required, count)]
    return ", ".join(parts)


def use(carry: Carry, case: Case, module: str, n: int) -> str | None:
    """Writes the case's use into ``carry``; or why the old signature leaves no such use."""
    old = case.old
    if case.cls == "override":
        return _override(carry, case, module, n)
    if old.binding == "dataclass" or old.binding == "init":
        owner = old.qual if old.binding == "dataclass" else str(old.owner)
        callee, param = carry.local(module, owner), ""
    elif old.binding == "plain":
        callee, param = carry.local(module, old.qual), ""
    elif old.binding in ("class", "static"):
        callee, param = f"{carry.local(module, str(old.owner))}.{old.qual.rsplit('.', 1)[1]}", ""
    else:
        callee, param = f"obj.{old.qual.rsplit('.', 1)[1]}", f"obj: {carry.local(module, str(old.owner))}"
    name = old.qual.rsplit(".", 1)[-1]
    if old.binding == "instance" and (name == "__call__" or (carry.module_call and name == "forward")):
        callee = "obj"  # a callable instance is called; a torch module's __call__ calls forward
    elif name.startswith("__") and old.binding not in ("init", "dataclass"):
        return "a dunder (called by syntax, not by name)"
    if case.cls == "to-method":
        expr = callee
    else:
        if old.params is None:
            return "no parameter to bind self to"
        if old.inherited:
            return "a dataclass with a base the miner cannot read (module.Base, or outside the tree)"
        launch = "[(1,)]" if old.kernel else ""  # a kernel is launched on a grid, not called
        expr = f"{callee}{launch}({arguments(old.params, case.slot)})"
    if old.kind == "coroutine":  # fork code awaits a coroutine function's call
        carry.add(case, [f"async def aeon_use_{n}({param}) -> object:", f"    return await {expr}"], 1)
    else:
        carry.add(case, [f"def aeon_use_{n}({param}) -> object:", f"    return {expr}"], 1)
    return None


def _override(carry: Carry, case: Case, module: str, n: int) -> str | None:
    old = case.old
    name = old.qual.rsplit(".", 1)[1]
    if old.binding not in ("instance", "class", "static") or (
        old.binding != "static" and not old.override.split(",")[0].strip()
    ):
        return "no parameter to bind self to"
    lines = [f"class AeonOverride{n}({carry.local(module, str(old.owner))}):"]
    if old.kind == "property":
        lines.append("    @property")
    elif old.binding in ("class", "static"):
        lines.append(f"    @{old.binding}method")
    prefix = "async def" if old.kind == "coroutine" else "def"
    lines += [f"    {prefix} {name}({old.override}):", "        return None"]
    carry.add(case, lines, len(lines) - 2)
    return None


# -- the replay --------------------------------------------------------------------------------------------------
@dataclass
class Tally:
    blocked: Counter[str] = field(default_factory=Counter)
    shapes: Counter[tuple[str, bool]] = field(default_factory=Counter)  # (rebound callee shape, blocked)
    kinds: list[str] = field(default_factory=list)  # the kind changes blocked
    missed: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    skipped: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    other_errors: list[str] = field(default_factory=list)


def replay(
    repo: Path, tmp: Path, sha: str, cases: list[Case], tally: Tally, verbose: bool = False, module_call: bool = False
) -> None:
    carry = Carry(module_call=module_call)
    for n, case in enumerate(cases):
        module = case.path[:-3].replace("/", ".").removesuffix(".__init__")
        why = use(carry, case, module, n)
        if why is not None:
            tally.skipped[case.cls].append(f"{_label(case)}: {why}")
    if not carry.uses:
        return
    text, where = carry.text()
    base = git(repo, "rev-parse", f"{sha}^")
    ours = commit_files(repo, base, {CARRY: text}, "AEON uses")
    merged = merge(repo, base, ours, sha, tmp / sha[:10])
    assert merged is not None, "a new fork module cannot conflict"
    findings, _ = audit(merged)
    mine = [f for f in findings if f.path == CARRY]
    if verbose:
        print(text, *(f"{f.line}: [{f.severity.value} {f.rule_id}] {f.message}" for f in mine), sep="\n")
    for line, case in sorted(where.items()):
        here = [f for f in mine if f.line == line]
        ok = any(f.severity.value == "error" and RULE in (f.rule_id, *f.also) for f in here)
        if case.cls == "rebound":
            tally.shapes[(_shape(case), ok)] += 1
        if ok:
            tally.blocked[case.cls] += 1
            if case.cls != "rebound":  # few: each is listed
                tally.kinds.append(
                    f"{_label(case)}{' (a property with a setter)' if case.old.setter or case.new.setter else ''}"
                )
            continue
        said = "; ".join(f"[{f.severity.value} {f.rule_id}] {f.message}" for f in here) or "no finding"
        tally.missed[case.cls].append(
            f"{_label(case)}\n        use: {text.splitlines()[line - 1].strip()}\n        {said}"
        )
    for f in mine:
        if f.severity.value == "error" and f.line not in where:
            tally.other_errors.append(f"{sha[:10]} {CARRY}:{f.line}: {f.message}")


def _shape(case: Case) -> str:
    old = case.old
    if old.kernel:
        return "kernel launch"
    if old.binding in ("init", "dataclass"):
        return f"constructor ({'dataclass' if old.binding == 'dataclass' else '__init__'})"
    if old.qual.endswith(".__call__"):
        return "callable instance, obj(...)"
    return "module function" if old.binding == "plain" else f"method ({old.binding})"


def _label(case: Case) -> str:
    return f"{case.sha[:10]} {case.subject[:70]!r} {case.path} {case.old.qual} [{case.how}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", default="2025-01-01T00:00:00Z")  # a bare date is read at the time of day
    parser.add_argument("--full-parse", action="store_true", help="parse every changed file (no header look first)")
    parser.add_argument("--commit", action="append", default=[], help="replay only these commits (prints the carry)")
    parser.add_argument("--module-call", action="store_true", help="call forward() as a torch module is: obj(...)")
    args = parser.parse_args()
    started = time.perf_counter()
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="aeon-callshape-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        cases, blobs = mine(repo, args.since, args.full_parse)
        inherited = Inherited(repo)
        cases = [inherited.complete(c) if c.old.inherited else c for c in cases]
        mined = time.perf_counter() - started
        print(f"mined {len(cases)} case(s) in {mined:.0f}s ({blobs.read} blobs read, {blobs.parsed} parsed)")
        by_commit: dict[str, list[Case]] = defaultdict(list)
        for case in cases:
            by_commit[case.sha].append(case)
        for sha, group in by_commit.items():
            if not args.commit or any(sha.startswith(c) for c in args.commit):
                replay(repo, Path(tmp), sha, group, tally, verbose=bool(args.commit), module_call=args.module_call)
    report(cases, tally, mined, time.perf_counter() - started)
    return 0


def report(cases: list[Case], tally: Tally, mined: float, total: float) -> None:
    counts = Counter(c.cls for c in cases)
    for cls in CLASSES:
        for line in tally.missed[cls]:
            print(f"  MISSED  {cls:<11} {line}")
        for line in tally.skipped[cls]:
            print(f"  SKIPPED {cls:<11} {line}")
    for line in tally.kinds:
        print(f"  BLOCKED {line}")
    for line in tally.other_errors:
        print(f"  ERROR off a use line: {line}")
    bare = [c for c in cases if c.cls == "rebound" and "keyword-only (bare *)" in c.how]
    for cls in CLASSES:
        print(
            f"{cls:<11}: {counts[cls]} mined, {tally.blocked[cls]} blocked, {len(tally.missed[cls])} missed, "
            f"{len(tally.skipped[cls])} skipped (no fork use of that shape, reasons above)"
        )
    print(f"(rebound includes {len(bare)} moved behind a bare * : the old call no longer binds at all)")
    for shape in sorted({s for s, _ in tally.shapes}):
        done, left = tally.shapes[(shape, True)], tally.shapes[(shape, False)]
        print(f"  rebound through a {shape}: {done} blocked of {done + left}")
    forward = [c for c in cases if c.cls == "rebound" and c.old.qual.endswith(".forward")]
    print(f"  rebound of a forward() method (called as obj.forward(...); --module-call: obj(...)): {len(forward)}")
    first = [c for c in cases if c.cls == "rebound" and 0 <= c.slot < 4]
    print(f"  rebound with the moved argument among the first 4: {len(first)} of {counts['rebound']}")
    print(f"mining {mined:.0f}s, total {total:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
