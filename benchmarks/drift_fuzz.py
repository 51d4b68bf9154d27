"""The merge-aware checks against valid-but-strange Python: every exception a check raises, per check.

A merge-aware check that raises turns the gate's answer into an error (exit 1): an honest pull request is
blocked as surely as by a false error.  This harness replays real upstream commits of vLLM (the merge base
is a commit's first parent, upstream is the commit) under fork carries generated mechanically: the
top-level functions and classes of each Python file the commit changed are copied (classes as subclasses
overriding the same methods, functions under a new name), mutated by one of the MUTATORS below (lambdas and
conditional expressions around values, walrus, ``match`` arms, ``async`` variants, names shadowing builtins,
star and nested targets, ``global``/``nonlocal``, arbitrary decorators, ``try``/``except*``, ``del``, method
aliases, long attribute chains, relative star imports, ``__getattr__`` modules...) and appended to the
file on the fork's side; the hand-written CORPUS, filled with the file's own names, is one more mutator.
Every check of ``merge.py`` (and symbol drift's parts) runs apart: an exception is recorded under the
innermost engine frame that raised it, the check answers nothing, and the others go on.

  PYTHONPATH=. python benchmarks/drift_fuzz.py [--seed 49] [--commits 8] [--since 2025-06-01] [--only MUTATOR ...]
"""

from __future__ import annotations

import argparse
import ast
import copy
import random
import re
import sys
import tempfile
import time
import traceback
import warnings
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from threeway import MIRROR, audit, clone, commit_files, git, merge, show, utc_day

from aeon_release.domain.audits import merge as merge_mod
from aeon_release.domain.audits.drift import checks as drift_checks

BUILTINS = ("type", "object", "super", "getattr", "hasattr", "isinstance", "len", "id", "print", "callable")
CRASHES: Counter[str] = Counter()
SAMPLES: dict[str, str] = {}
RAN: Counter[str] = Counter()


# -- mutators: a transformer of one copied top-level def or class -----------------------------------------
def _e(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body


def _s(text: str) -> list[ast.stmt]:
    return ast.parse(text).body


class _Values(ast.NodeTransformer):
    """Wraps the values of calls' arguments, returns, assignments and defaults by ``wrap``."""

    def __init__(self, wrap: Callable[[ast.expr], ast.expr]) -> None:
        self.wrap = wrap

    def visit_Call(self, node: ast.Call) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        node.args = [a if isinstance(a, ast.Starred) else self.wrap(a) for a in node.args]
        for kw in node.keywords:
            kw.value = self.wrap(kw.value)
        return node

    def visit_Return(self, node: ast.Return) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        if node.value is not None:
            node.value = self.wrap(node.value)
        return node

    def visit_Assign(self, node: ast.Assign) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        node.value = self.wrap(node.value)
        return node

    def visit_arguments(self, node: ast.arguments) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        node.defaults = [self.wrap(d) for d in node.defaults]
        node.kw_defaults = [d if d is None else self.wrap(d) for d in node.kw_defaults]
        return node

    def visit_Dict(self, node: ast.Dict) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        node.values = [self.wrap(v) for v in node.values]
        return node


def lambdas(node: ast.stmt) -> ast.stmt:
    return _Values(lambda e: ast.Call(ast.Lambda(_e("lambda: 0").args, e), [], [])).visit(node)


def lambda_values(node: ast.stmt) -> ast.stmt:
    """Values become lambdas themselves (a default, a keyword value, a dict value that is a lambda)."""
    return _Values(lambda e: ast.Lambda(_e("lambda *a, **k: 0").args, e)).visit(node)


def ifexps(node: ast.stmt) -> ast.stmt:
    return _Values(lambda e: ast.IfExp(_e("__debug__"), e, copy.deepcopy(e))).visit(node)


class _Bodies(ast.NodeTransformer):
    """Rewrites each function's body by ``wrap``."""

    def __init__(self, wrap: Callable[[ast.FunctionDef | ast.AsyncFunctionDef], list[ast.stmt]]) -> None:
        self.wrap = wrap

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        node.body = self.wrap(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815


def matches(node: ast.stmt) -> ast.stmt:
    def wrap(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
        first = fn.args.args[0].arg if fn.args.args else "None"
        m = _s(
            f"match {first}:\n"
            "    case object(real=r, imag=0) if r > 1 < 2:\n        pass\n"
            '    case {"k": [1, *_fz_rest], **_fz_kw}:\n        pass\n'
            "    case (int() | str()) as _fz_v if (_fz_w := _fz_v):\n        pass\n"
            "    case _:\n        pass\n"
        )[0]
        assert isinstance(m, ast.Match)
        for case in m.cases:
            case.body = copy.deepcopy(fn.body)
        return [m]

    return _Bodies(wrap).visit(node)


class _Async(ast.NodeTransformer):
    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:  # noqa: N802
        node.body = [self.visit(s) for s in node.body]  # decorators and defaults stay plain calls
        return ast.AsyncFunctionDef(**{f: getattr(node, f) for f in node._fields})

    def visit_For(self, node: ast.For) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        return ast.AsyncFor(**{f: getattr(node, f) for f in node._fields})

    def visit_With(self, node: ast.With) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        return ast.AsyncWith(**{f: getattr(node, f) for f in node._fields})

    def visit_comprehension(self, node: ast.comprehension) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        node.is_async = 1
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        return ast.Await(node)

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:  # noqa: N802
        return node  # no await in a lambda

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:  # noqa: N802
        node.body = [self.visit(s) for s in node.body]  # bases and decorators stay plain calls
        return node


def asyncs(node: ast.stmt) -> ast.stmt:
    return _Async().visit(node)


class _Rename(ast.NodeTransformer):
    """Each name a function binds (parameters past the first, locals) renamed to a builtin's."""

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:  # noqa: N802
        bound = [a.arg for a in node.args.args[1:] + node.args.kwonlyargs]
        bound += [n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]
        names = dict(zip(dict.fromkeys(bound), BUILTINS, strict=False))
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and n.id in names:
                n.id = names[n.id]
            elif isinstance(n, ast.arg) and n.arg in names:
                n.arg = names[n.arg]
        return node

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815


def builtins(node: ast.stmt) -> ast.stmt:
    return _Rename().visit(node)


class _Targets(ast.NodeTransformer):
    def visit_Assign(self, node: ast.Assign) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        target = node.targets[0]
        if len(node.targets) == 1 and isinstance(target, (ast.Name, ast.Attribute, ast.Subscript)):
            store = ast.Tuple([ast.Tuple([target, ast.Starred(ast.Name("_fz_a", ast.Store()), ast.Store())], ast.Store()), ast.Name("_fz_b", ast.Store())], ast.Store())  # fmt: skip
            node.targets = [store]
            node.value = ast.Tuple([ast.Tuple([node.value], ast.Load()), _e("None")], ast.Load())
        return node


def stars(node: ast.stmt) -> ast.stmt:
    return _Targets().visit(node)


def walruses(node: ast.stmt) -> ast.stmt:
    class W(ast.NodeTransformer):
        def visit_Assign(self, n: ast.Assign) -> ast.AST:  # noqa: N802
            self.generic_visit(n)
            t = n.targets[0]
            if len(n.targets) == 1 and isinstance(t, ast.Name):
                test = ast.BoolOp(ast.Or(), [ast.NamedExpr(ast.Name(t.id, ast.Store()), n.value), _e("True")])
                return ast.If(test, [ast.Pass()], [])
            return n

        def visit_Return(self, n: ast.Return) -> ast.AST:  # noqa: N802
            self.generic_visit(n)
            if n.value is not None:
                comp = _e("[(_fz_y := _fz_x) for _fz_x in (0,) if (_fz_z := _fz_x) is not None]")
                assert isinstance(comp, ast.ListComp)
                comp.generators[0].iter = ast.Tuple([n.value], ast.Load())
                n.value = ast.Subscript(comp, ast.Constant(0), ast.Load())
            return n

    return W().visit(node)


def scopes(node: ast.stmt) -> ast.stmt:
    """``global``/``nonlocal`` and ``del`` of attributes and subscripts, a nested def rebinding a local."""

    def wrap(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
        head = _s("global _fz_g\n_fz_g = 1\n_fz_n = 0\ndef _fz_inner():\n    nonlocal _fz_n\n    _fz_n += 1\n")
        dels = [
            ast.Delete([copy.deepcopy(t)])
            for s in ast.walk(fn)
            if isinstance(s, (ast.Assign, ast.AnnAssign, ast.AugAssign))
            for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
            if isinstance(t, (ast.Attribute, ast.Subscript))
        ]
        for d in dels:
            for n in ast.walk(d):
                if hasattr(n, "ctx"):
                    n.ctx = ast.Del() if n is d.targets[0] else ast.Load()
        return head + fn.body + dels[:3]

    return _Bodies(wrap).visit(node)


def decorators(node: ast.stmt) -> ast.stmt:
    for n in ast.walk(node):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            n.decorator_list = [
                _e("(lambda f: f)"),
                _e("_fz_decos[0] if _fz_decos else (lambda f: f)"),
                *n.decorator_list,
                _e("(_fz_deco := (lambda f: f))"),
            ]
    return node


def star_excepts(node: ast.stmt) -> ast.stmt:
    def wrap(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
        t = _s("try:\n    pass\nexcept* (ValueError, TypeError) as _fz_eg:\n    _fz_eg.exceptions\n")[0]
        assert isinstance(t, ast.TryStar)
        t.body = fn.body
        return [t]

    return _Bodies(wrap).visit(node)


def classbodies(node: ast.stmt) -> ast.stmt:
    """Class bodies with loops, ifs and assignments; a method aliased; ``self`` rebound; a property's setter."""
    for n in ast.walk(node):
        if isinstance(n, ast.ClassDef):
            methods = [s.name for s in n.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
            extra = "for _fz_i in range(2):\n    _fz_c = _fz_i\nif _fz_c:\n    _fz_d = {_fz_c: lambda self: self}\nelse:\n    _fz_d = None\n"  # fmt: skip
            extra += "".join(f"_fz_alias_{m} = {m}\n" for m in methods[:3])
            if methods:
                extra += f"{methods[0]} = {methods[0]}\n"
            extra += "@property\ndef _fz_p(self):\n    return self\n@_fz_p.setter\ndef _fz_p(self, v):\n    self = v\n@_fz_p.deleter\ndef _fz_p(self):\n    del self\n"  # fmt: skip
            n.body += _s(extra)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.args.args:
            me = n.args.args[0].arg
            n.body = _s(f"{me} = {me}\n") + n.body
    return node


def chains(node: ast.stmt) -> ast.stmt:
    def wrap(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
        first = fn.args.args[0].arg if fn.args.args else "_fz_m"
        text = f"_fz_c = {first}" + ".a" * 200 + f"\n_fz_d = {first}" + ".b()" * 60 + "\n"
        text += f"_fz_e = 0 < len(str({first})) <= 10 ** 9 != -1 > -2\n"
        text += f"_fz_f = f\"{{f'{{{first}!r:>{{10}}}}'}}\"\n"
        return _s(text) + fn.body

    return _Bodies(wrap).visit(node)


MUTATORS: dict[str, Callable[[ast.stmt], ast.stmt]] = {
    "plain": lambda n: n,
    "lambdas": lambdas,
    "lambda_values": lambda_values,
    "ifexps": ifexps,
    "matches": matches,
    "asyncs": asyncs,
    "builtins": builtins,
    "stars": stars,
    "walruses": walruses,
    "scopes": scopes,
    "decorators": decorators,
    "star_excepts": star_excepts,
    "classbodies": classbodies,
    "chains": chains,
}


def _wide(piece: str) -> str:
    """Each simple statement's line led by a string of characters wider than a byte in UTF-8: a node's
    ``col_offset`` counts bytes, a ``str`` index characters."""
    out = []
    for line in piece.split("\n"):
        body = line.lstrip()
        simple = body and not body.startswith(("@", "def ", "async ", "class ", "else", "elif", "except", "finally", "case", "match", "try", "if ", "for ", "while ", "with ", "return", "raise", "global", "nonlocal", "del ", "pass", "break", "continue", "import", "from", ")", "]", "}", "#", '"', "'"))  # fmt: skip
        indent = line[: len(line) - len(body)]
        out.append(
            f'{indent}_fz_u = "ü€😀\\u2028"; {body}'
            if simple and not line.rstrip().endswith(("(", "[", "{", ",", "\\"))
            else line
        )
    return "\n".join(out)


# Text mutators: the plain copy's text rewritten (line ends, separators str.splitlines splits on and
# Python's tokenizer does not, characters wider than a byte).
TEXTS: dict[str, Callable[[str], str]] = {
    "crlf": lambda p: p.replace("\n", "\r\n"),
    "cr": lambda p: p.replace("\n", "\r"),
    "separators": lambda p: p.replace("\n", "  # \x0c\x1c\x1d\x1e\x85\u2028\u2029\n", p.count("\n") // 2).replace(
        "\n    ", "\n\x0c    ", 3
    ),
    "wide": _wide,
}

# Module-level shapes, filled with one of the file's classes, functions and attributes.
CORPUS = """
from . import *
from .......fz_far import fz_gone
_fz_decos = [lambda f: f]
_fz_g = 0


def __getattr__(name):
    return globals().get("_fz_" + name)


class _FzCorpusMeta(type):
    pass


def _fz_make_base():
    return {cls}


class _FzA(_fz_make_base(), metaclass=_FzCorpusMeta):
    {attr} = property(lambda self: self.__dict__.get("{attr}"), lambda self, v: None)


class _FzB({cls} if _fz_g else object):
    def {attr}(self, *args, type=None, object=None, **kwargs):
        super(_FzB, self).__init__(*args, **kwargs) if args else None
        isinstance = lambda *a: True
        getattr = hasattr = lambda *a: None
        return (lambda s=self: s.{attr})() if isinstance(self) else getattr(self, "{attr}")


_FzAlias = {cls}
_FzGenericSub = type("_FzGenericSub", ({cls},), {{"{attr}": lambda self: self}})


async def _fz_async(obj: {cls}, items):
    async with obj as o, obj:
        out = [await o.{attr}(x) async for x in items if (y := x) and await y]
    async for (a, (b, *c)) in items:
        del obj.{attr}, out[a:b]
    return {{k: await v for k, v in out if k}} or [x async for x in items]


def _fz_match(obj):
    match obj:
        case {cls}({attr}=v) if v:
            return v
        case {cls}() | None:
            return obj.{attr} if obj else {func}
        case {{"{attr}": v, **rest}}:
            return rest
        case [first, *rest] if (n := len(rest)) > 1:
            return first
        case str() as s:
            return s
    try:
        raise ExceptionGroup("g", [ValueError()])
    except* ValueError as eg:
        obj.{attr} = eg
    while (chunk := obj.{attr}) is not None:
        obj = chunk
    (x, (y, *z)), w = (obj, (1, 2, 3)), obj.{attr}
    del obj.{attr}
    return {func}(*z, **{{"{attr}": w}}) if callable({func}) else None


_FZ_TABLE = {{"{attr}": lambda x: x.{attr}, "k": (lambda: {func}) if _fz_g else None, "c": {cls} if _fz_g else {func}}}
_fz_keys = [k for k in _FZ_TABLE if (lambda: k)() if k and (j := k)]
_fz_run = {func} if _fz_g else (lambda *a, **k: None)


@(lambda f: f)
@_fz_decos[0]
@(_FZ_TABLE["k"] if _fz_g else (lambda f: f))
def _fz_decorated(x=lambda: {func}, *, y={cls} if _fz_g else None, z=(w := 1)):
    global _fz_g
    _fz_g += 1
    def inner():
        nonlocal x
        x = lambda: x
    return {func}(x=lambda: 1, y=y if y else None) if _fz_g else inner


class _FzSub({cls}[int] if hasattr({cls}, "__class_getitem__") else {cls}):
    __slots__ = ("{attr}",) if _fz_g else ()
    {attr}: "{cls} | None" = None
    run = lambda self, *a, **k: super(type(self), self).{attr}
    for _fz_i in range(2):
        if _fz_i:
            locals()["_fz_" + str(_fz_i)] = {func}
    match _fz_g:
        case 0:
            _fz_m = {{**{{"{attr}": 1}}, "k": lambda: None}}
        case _:
            _fz_m = None

    def __init__(self, *args, **kwargs):
        type(self).{attr} = self.__class__.{attr}
        setattr(self, "{attr}" if args else kwargs.get("k", "{attr}"), {{**kwargs, **{{"{attr}": args}}}})
        self.{attr} = self.{attr}[1:2, ::3] if self.{attr} else self.{attr}[...]
        self.{attr} = {{k: v for k, v in {{**kwargs}}.items() if (w := v) is not None}}
        self.{attr}: "list[{cls}]" = [*args, *kwargs.values()]
        {func}(*args, **{{**kwargs, "{attr}": None}}, **kwargs)

    @property
    def value(self):
        return {{"{attr}": lambda: self.{attr}, **self.{attr}}}

    @value.setter
    def value(self, v):
        self.{attr} = v if v else lambda: v

    @value.deleter
    def value(self):
        del self.{attr}[0], self.{attr}
"""


# -- picking real commits and the fork's carries ----------------------------------------------------------
def commits(repo: Path, since: str, n: int, rng: random.Random, replayed: bool) -> list[tuple[str, list[str]]]:
    """First-parent commits since ``since`` changing 1-4 non-test vllm/ Python files (or, ``replayed``, the
    commits the replays under benchmarks/ name: the changes the drift classes were built for), shuffled."""
    if replayed:
        texts = "".join(p.read_text() for p in sorted(Path(__file__).parent.glob("*replay*.py")))
        shas = sorted(set(re.findall(r'"([0-9a-f]{10})"', texts)))
        blocks = [git(repo, "show", "--format=@%H", "--name-only", sha, check=False) for sha in shas]
    else:
        log = git(repo, "log", "--first-parent", f"--since={since}", "--format=@%H", "--name-only", "main", "--", "vllm/")  # fmt: skip
        blocks = log.split("@")
    found: list[tuple[str, list[str]]] = []
    for block in blocks:
        sha, *paths = [p for p in block.lstrip("@").splitlines() if p] or [""]
        py = [p for p in paths if p.startswith("vllm/") and p.endswith(".py") and not p.endswith("__init__.py")]
        if sha and 1 <= len(py) <= 4:
            found.append((sha, py))
    rng.shuffle(found)
    return found


def _names(module: ast.Module) -> tuple[str, str, str]:
    """One class, one function and one attribute the file defines (placeholders when it has none)."""
    cls = next((s.name for s in module.body if isinstance(s, ast.ClassDef)), "object")
    func = next((s.name for s in module.body if isinstance(s, ast.FunctionDef)), "print")
    attrs = [
        n.attr
        for n in ast.walk(module)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"
    ]
    return cls, func, attrs[0] if attrs else "value"


def carry(text: str, touched: set[int], mutator: str, rng: random.Random) -> str | None:
    """The base file's text with up to two defs upstream did not touch mutated in place, and mutated copies
    of its defs (those upstream touched first) appended."""
    try:
        module = ast.parse(text)
    except SyntaxError:
        return None
    if mutator == "corpus":
        cls, func, attr = _names(module)
        return text + CORPUS.format(cls=cls, func=func, attr=attr)
    defs = [s for s in module.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    near = [d for d in defs if any(_start(d) - 3 <= t <= (d.end_lineno or d.lineno) + 3 for t in touched)]
    lines = text.splitlines(keepends=True)
    for d in sorted(rng.sample([d for d in defs if d not in near], min(len(defs) - len(near), 2)), key=_start, reverse=True):  # fmt: skip
        if (piece := _mutated(d, mutator, d.name)) is not None:
            lines[_start(d) - 1 : d.end_lineno] = [piece + "\n"]
    picked = (near + rng.sample(defs, min(len(defs), 2)))[:4]
    out = ["\n\n_fz_decos = [lambda f: f]\n_fz_g = 0\n"]
    for d in dict.fromkeys(picked):
        name = f"_Fz{d.name}" if isinstance(d, ast.ClassDef) else f"_fz_{d.name}"
        if (piece := _mutated(d, mutator, name)) is not None:
            out.append("\n\n" + piece + "\n")
    return "".join(lines) + "".join(out)


def whole(text: str, mutator: str) -> str | None:
    """A file the fork wrote whole (a replay's carry): each of its top-level defs mutated in place."""
    try:
        module = ast.parse(text)
    except SyntaxError:
        return None
    if mutator == "corpus":
        cls, func, attr = _names(module)
        return text + CORPUS.format(cls=cls, func=func, attr=attr)
    lines = text.splitlines(keepends=True)
    defs = [s for s in module.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    for d in sorted(defs, key=_start, reverse=True):
        if (piece := _mutated(d, mutator, d.name)) is not None:
            lines[_start(d) - 1 : d.end_lineno] = [piece + "\n"]
    return "".join(lines)


def replayed_carries(rng: random.Random, n: int) -> list[Any]:
    """n of the killers and twins the replays under benchmarks/ carry (killer_replay.Killer), seeded."""
    import importlib

    found = list(importlib.import_module("killer_replay").KILLERS)
    for path in sorted(Path(__file__).parent.glob("blind_replay_*.py")):
        mod = importlib.import_module(path.stem)
        found += [k for _, _, k in [*getattr(mod, "CASES", []), *getattr(mod, "TWINS", [])]]
    rng.shuffle(found)
    return found[:n]


def _start(node: ast.stmt) -> int:
    return min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])


def _mutated(d: ast.stmt, mutator: str, name: str) -> str | None:
    """A copy of ``d`` named ``name`` (a class renamed derives from the original), mutated; None when the
    mutation made it invalid."""
    node = copy.deepcopy(d)
    if isinstance(node, ast.ClassDef) and name != node.name:
        node.bases, node.keywords = [ast.Name(node.name, ast.Load())], []
    node.name = name  # type: ignore[attr-defined]
    piece = ast.unparse(ast.fix_missing_locations(MUTATORS.get(mutator, MUTATORS["plain"])(node)))
    piece = TEXTS[mutator](piece) if mutator in TEXTS else piece
    try:
        compile(piece, "<fuzz>", "exec")
    except SyntaxError:
        RAN["invalid piece"] += 1
        return None
    return piece


def touched_lines(repo: Path, sha: str, path: str) -> set[int]:
    diff = git(repo, "diff", "-U0", f"{sha}^", sha, "--", path)
    lines: set[int] = set()
    for line in diff.splitlines():
        if line.startswith("@@"):
            old = line.split()[1][1:].split(",")
            start, count = int(old[0]), int(old[1]) if len(old) > 1 else 1
            lines.update(range(start, start + max(count, 1)))
    return lines


# -- every check apart ------------------------------------------------------------------------------------
def _record(name: str, exc: BaseException) -> None:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/aeon_release/" in f.filename]
    where = frames[-1] if frames else None
    at = f"{Path(where.filename).stem}.{where.name}" if where else "?"
    key = f"{name} @ {at}: {type(exc).__name__}"
    CRASHES[key] += 1
    SAMPLES.setdefault(key, "".join(traceback.format_exception(exc)[-6:]))


def _apart(name: str, fn: Callable[..., Any], empty: Callable[[], Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        RAN[name] += 1
        try:
            return fn(*args, **kwargs)
        except RecursionError:
            raise  # merge_findings' own answer: the checks run again, cut
        except Exception as exc:  # noqa: BLE001 - what the harness counts
            _record(name, exc)
            return empty()

    return run


def install() -> None:
    merge_mod._SEMANTIC_CHECKS = tuple(_apart(c.__name__, c, list) for c in merge_mod._SEMANTIC_CHECKS)  # type: ignore[attr-defined]
    pairs = {"enum_drift_covering": lambda: ([], {}), "doubled_offsets": lambda: ([], {}), "order_drift": lambda: ([], {})}  # fmt: skip
    for name, empty in pairs.items():
        setattr(merge_mod, name, _apart(name, getattr(merge_mod, name), empty))
    for name in ("arch_list_drift", "native_gate_drift", "near_misses"):
        setattr(merge_mod, name, _apart(name, getattr(merge_mod, name), list))
    started = merge_mod.device_gates_started  # type: ignore[attr-defined]
    merge_mod.device_gates_started = _apart(  # type: ignore[attr-defined]
        "device_gates", lambda *a: _apart("device_gates", started(*a), list), lambda: list
    )
    for name in ("symbol_drift", "duplicates_in", "reads_before_set"):
        setattr(drift_checks, name, _apart(name, getattr(drift_checks, name), list))


Job = tuple[str, str, Callable[[str], dict[str, str]]]  # upstream's commit, the base, mutator -> fork files


def commit_jobs(repo: Path, rng: random.Random, args: argparse.Namespace) -> list[Job]:
    """Real commits; the fork's files are the changed files with mutated defs (``carry``)."""
    jobs: list[Job] = []
    for sha, paths in commits(repo, args.since, args.commits, rng, args.replayed):
        base = git(repo, "rev-parse", f"{sha}^")
        texts = {p: t for p in paths if (t := show(repo, base, p)) is not None and len(t) < 60_000}
        if not texts:
            continue
        touched = {p: touched_lines(repo, sha, p) for p in texts}

        def make(mutator: str, texts: dict[str, str] = texts, touched: dict[str, set[int]] = touched) -> dict[str, str]:
            return {p: c for p, t in texts.items() if (c := carry(t, touched[p], mutator, rng))}

        jobs.append((sha, base, make))
        if len(jobs) == args.commits:
            break
    return jobs


def upstream_files(repo: Path, sha: str, mutator: str) -> dict[str, str]:
    """The Python files upstream's commit changed (four at most), as it left them, every top-level def mutated."""
    paths = git(repo, "diff", "--name-only", f"{sha}^", sha, "--", "*.py").splitlines()[:4]
    texts = {p: t for p in paths if (t := show(repo, sha, p)) is not None and len(t) < 60_000}
    return {p: new for p, t in texts.items() if (new := whole(t, mutator)) is not None}


def carry_jobs(repo: Path, rng: random.Random, args: argparse.Namespace) -> list[Job]:
    """The replays' carries (killers and twins), mutated: a file the carry wrote whole in place, a file it
    edited as ``carry`` does."""
    from killer_replay import carry_files

    jobs: list[Job] = []
    for killer in replayed_carries(rng, args.commits):
        sha = git(repo, "rev-parse", killer.sha, check=False)
        if not sha:
            continue
        base = git(repo, "rev-parse", f"{sha}^")
        files = carry_files(repo, base, killer)
        olds = {p: show(repo, base, p) for p in files}

        def make(mutator: str, files: dict[str, str] = files, olds: dict[str, str | None] = olds) -> dict[str, str]:
            out = {}
            for p, t in files.items():
                new = (
                    (whole(t, mutator) if olds[p] is None else carry(t, set(), mutator, rng))
                    if p.endswith(".py")
                    else t
                )
                out[p] = new if new is not None else t
            return out

        jobs.append((sha, base, make))
    return jobs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--seed", type=int, default=49)
    parser.add_argument("--commits", type=int, default=8)
    parser.add_argument("--since", type=utc_day, default="2025-06-01")
    parser.add_argument("--replayed", action="store_true", help="the commits the replays name, not any")
    parser.add_argument("--carries", action="store_true", help="mutate the replays' carries, --commits of them")
    parser.add_argument("--upstream", action="store_true", help="mutate upstream's changed files, not the fork's")
    parser.add_argument("--only", nargs="*", default=[], help="these mutators only")
    parser.add_argument("--show", action="store_true", help="print each crash's traceback tail")
    args = parser.parse_args()
    install()
    warnings.simplefilter("ignore", SyntaxWarning)
    rng = random.Random(args.seed)
    mutators = [m for m in [*MUTATORS, *TEXTS, "corpus"] if not args.only or m in args.only]
    runs = conflicts = lines = 0
    slowest = (0.0, "")
    started = time.process_time()
    with tempfile.TemporaryDirectory(prefix="aeon-fuzz-", dir="/dev/shm") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        done = 0
        jobs = carry_jobs(repo, rng, args) if args.carries else commit_jobs(repo, rng, args)
        for sha, base, make in jobs:
            done += 1
            for mutator in mutators:
                files, theirs_files = make(mutator), {}
                if args.upstream:  # upstream's side strange instead: its changed files' defs mutated in place
                    files, theirs_files = make("plain"), upstream_files(repo, sha, mutator)
                ours = commit_files(repo, base, files, f"fuzz {mutator}")
                theirs = commit_files(repo, sha, theirs_files, f"fuzz {mutator}") if theirs_files else sha
                merged = merge(repo, base, ours, theirs, Path(tmp) / f"m{runs}")
                if merged is None:
                    conflicts += 1
                    continue
                before = sum(CRASHES.values())
                findings, seconds = audit(merged)
                errors = sum(f.severity.value == "error" for f in findings)
                slowest = max(slowest, (seconds, f"{sha[:10]} {mutator}"))
                runs += 1
                lines += sum(t.count("\n") for t in files.values())
                crashed = sum(CRASHES.values()) - before
                verdict = f"CRASH x{crashed}" if crashed else "ok"
                print(f"{sha[:10]} {mutator:13} {seconds:6.2f}s {errors:3} errors {len(findings) - errors:3} warnings {verdict}", flush=True)  # fmt: skip
    print(f"\nruns: {runs} ({done} commits x {len(mutators)} mutators, {conflicts} conflicted), fork lines: {lines}")
    print(
        f"checks run: {sum(v for k, v in RAN.items() if k != 'invalid piece')}, invalid pieces: {RAN['invalid piece']}"
    )
    print(
        f"crashes: {sum(CRASHES.values())} ({time.process_time() - started:.0f} CPU s; slowest audit {slowest[0]:.1f}s: {slowest[1]})"
    )
    for key, count in CRASHES.most_common():
        print(f"  {count:4}  {key}")
        if args.show:
            print("        " + SAMPLES[key].replace("\n", "\n        "))
    return 1 if CRASHES else 0


if __name__ == "__main__":
    sys.exit(main())
