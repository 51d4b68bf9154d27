from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aeon_release.adapters.yamlio import Where
from aeon_release.domain.audits import linear
from aeon_release.domain.audits.kinds.base import Context, Example, string_list
from aeon_release.domain.audits.model import Finding, Rule, Scope
from aeon_release.domain.audits.source import find_defs, flat_statements, quiet_parse


@dataclass(frozen=True)
class ForbiddenCallOptions:
    calls: tuple[str, ...]
    functions: tuple[str, ...] = ()  # empty: the whole file


class ForbiddenCall:
    """A name must not be used inside named functions (call, attribute, bare name or getattr string).

    ``calls: [as_strided]`` catches ``torch.as_strided(...)``, ``t.as_strided(...)``,
    ``as_strided(...)``, ``f = torch.as_strided``, ``from torch import as_strided as s`` and every string
    the compiler builds that spells it (``getattr(t, "as_strided")``, ``vars(t)["as_" "strided"]``,
    ``attrgetter("x.as_strided")``; a module's name in ``import_module("mod")`` too).  With
    ``functions`` the rule is scoped to those functions (a missing one is a finding: the guard
    would otherwise pass silently after a rename); without it, to the whole file.
    """

    name: str = "forbidden-call"
    scope: Scope = Scope.FILE
    required: tuple[str, ...] = ("calls",)
    optional: tuple[str, ...] = ("functions",)
    default_paths: tuple[str, ...] | None = None
    _rule = {"paths": ["torch_utils.py"], "functions": ["nvfp4_split_data_scale"], "calls": ["as_strided"]}
    _head = "import torch\n\n\ndef other(t):\n    return torch.as_strided(t, (1,), (1,))\n\n\n"
    _ok = (
        _head + "def nvfp4_split_data_scale(kv):\n    d = kv.shape[-1] * 8 // 9\n    return kv[..., :d], kv[..., d:]\n"
    )
    valid: tuple[Example, ...] = (Example({"torch_utils.py": _ok}, _rule),)
    invalid: tuple[Example, ...] = (
        Example(
            {
                "torch_utils.py": _ok.replace(
                    "return kv[..., :d], kv[..., d:]", "return torch.as_strided(kv, (1,), (1,)), kv"
                )
            },
            _rule,
            (("torch_utils.py", 10),),
        ),
        Example(
            {"torch_utils.py": _ok.replace("return kv[..., :d]", "s = kv.as_strided\n    return kv[..., :d]")},
            _rule,
            (("torch_utils.py", 10),),
        ),
        Example(
            {
                "torch_utils.py": _ok.replace(
                    "return kv[..., :d]", "g = getattr(kv, 'as_strided')\n    return kv[..., :d]"
                )
            },
            _rule,
            (("torch_utils.py", 10),),
        ),
        Example({"torch_utils.py": _ok.replace("nvfp4_split_data_scale", "split")}, _rule, (("torch_utils.py", 0),)),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> ForbiddenCallOptions:
        functions = string_list(data["functions"], where.key("functions")) if "functions" in data else ()
        return ForbiddenCallOptions(string_list(data["calls"], where.key("calls")), functions)

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        opts: ForbiddenCallOptions = rule.options
        yield from ctx.missing(rule, self.scope)
        for path in ctx.targets(rule, self.scope):
            text = ctx.cache.text(path) or ""
            if not opts.functions and not _may_use(text, opts.calls):
                continue  # plain-text prefilter: most files never mention the name
            yield from _check_file(rule, opts, ctx, path)


def _may_use(text: str, calls: tuple[str, ...]) -> bool:
    """The file may use one of ``calls`` as ``_used_names`` reads uses: a name is in the text as written
    (folded as Python folds it: SourceCache), or a string spells it that Python builds from escapes
    (``"as\\x5fstrided"``) or from parts (``"as_" "strided"``, ``"as_" + "strided"``, ``f"as_{'strided'}"``):
    its letters in order with nothing but quotes, blanks, ``+``, braces and string prefixes between."""
    if any(call in text for call in calls) or _ESCAPE.search(text):
        return True
    return _spelt_in_parts(calls).search(linear.encodable(text)) is not None


_ESCAPE = re.compile(r"\\(?:[xuU0-7]|N\{)")  # an escape that can stand for a letter of a name


@functools.lru_cache(maxsize=64)
def _spelt_in_parts(calls: tuple[str, ...]) -> Any:
    between = r"(?:[\s\"'+(){}\\]|\b[fFrRbBuU]{1,2}[\"'])*"
    return linear.compile_text("|".join(between.join(re.escape(c) for c in call) for call in calls))


def _check_file(rule: Rule, opts: ForbiddenCallOptions, ctx: Context, path: str) -> Iterator[Finding]:
    scopes: list[tuple[str, ast.AST]] = []
    if not opts.functions:
        module = ctx.parsed(rule, path)
        if isinstance(module, Finding):
            yield module
            return
        scopes.append(("the file", module))
    for function in opts.functions:
        defs = ctx.functions(rule, path, function)
        if isinstance(defs, Finding):
            yield defs
        else:
            scopes.extend((function, node) for node in defs)
            yield from _replaced(rule, ctx, path, function)
    wanted, said = set(opts.calls), set()
    for label, scope in scopes:
        for node in ast.walk(scope):
            for name in sorted(wanted.intersection(_used_names(node))):
                place = (getattr(node, "lineno", 0), name, label)
                if place not in said:  # eval("t.as_strided"): the call and its string, one use
                    said.add(place)
                    yield rule.finding(path, place[0], f"{name} used in {label}")


_WRAPS_NOTHING = frozenset({"staticmethod", "classmethod", "property", "abstractmethod", "override", "final"})


def _replaced(rule: Rule, ctx: Context, path: str, function: str) -> Iterator[Finding]:
    """What runs under the guarded name other than the body checked: a decorator (its result is what the
    name holds: ``@swap`` returning a function that re-strides), or another binding of the name (``split =
    _fast`` below a clean def, an ``import ... as`` it, ``K.meth = ...``, ``setattr(K, "meth", ...)``,
    ``globals()["split"] = ...``).  The rule checked the clean body and passed.  A decorator that keeps
    the function (``staticmethod``) is fine."""
    owner, _, name = function.rpartition(".")
    text = ctx.cache.text(path) or ""
    if "@" not in text and name not in text.replace(f"def {name}", ""):
        return  # no decorator, and the name appears only in its def lines: nothing else binds it
    module = ctx.cache.module(path)
    if not isinstance(module, ast.Module):
        return  # does not parse: py-compile says so
    for node in find_defs(module, function):
        for decorator in node.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            named = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
            if named not in _WRAPS_NOTHING:
                yield rule.finding(
                    path, decorator.lineno, f"{function} is decorated: what the decorator returns runs, not its body"
                )
    bodies: list[list[ast.stmt]] = [module.body]
    if owner:
        bodies = [c.body for c in ast.walk(module) if isinstance(c, ast.ClassDef) and c.name == owner.split(".")[-1]]
    places = {stmt.lineno for body in bodies for stmt in flat_statements(body, deep=True) if _binds(stmt, name)}
    places |= {getattr(node, "lineno", 0) for node in ast.walk(module) if _sets_attribute(node, name, bool(owner))}
    for line in sorted(places):
        yield rule.finding(path, line, f"{function} is bound again here: that, not the def, runs")


def _binds(stmt: ast.stmt, name: str) -> bool:
    """Whether ``stmt`` (not a def of it) binds ``name`` where it stands."""
    if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return any(isinstance(n, ast.Name) and n.id == name for t in targets for n in ast.walk(t))
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return any((a.asname or a.name.split(".")[0]) == name for a in stmt.names)
    if isinstance(stmt, ast.ClassDef):
        return stmt.name == name
    return False


def _sets_attribute(node: ast.AST, name: str, method: bool) -> bool:
    """``X["name"] = ...`` (``globals()``) or ``setattr(X, "name", ...)`` anywhere in the module, and for a
    method ``X.name = ...`` (a function's own name as an attribute is any object's: ``self.split``)."""
    if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return any(
            (method and isinstance(t, ast.Attribute) and t.attr == name)
            or (isinstance(t, ast.Subscript) and _folded(t.slice) == name)
            for target in targets
            for t in ast.walk(target)
        )
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "setattr"
        and len(node.args) >= 2
        and _folded(node.args[1]) == name
    )


_DOTTED = re.compile(r"[^\W\d]\w*(?:\.[^\W\d]\w*)*")


def _used_names(node: ast.AST) -> tuple[str, ...]:
    """The names ``node`` uses: an attribute, a bare name, an import's names (``from torch import
    as_strided as s`` reaches it as ``s``), and every string Python builds at compile time that spells a
    name or a dotted path (``getattr``, ``g = getattr; g(t, "as_strided")``, ``vars(t)["as_strided"]``,
    ``t.__getattribute__("as_strided")``, ``operator.attrgetter("x.as_strided")``, ``importlib.import_module
    ("pkg.mod")``, ``__import__``: a name reached by a string, whatever reaches it).  A string made while
    the code runs (``"".join``, ``chr``, ``%``, ``.format``) no reading of the source can know."""
    if isinstance(node, ast.Attribute):
        return (node.attr,)
    if isinstance(node, ast.Name):
        return (node.id,)
    if isinstance(node, ast.alias):
        return (*node.name.split("."), *((node.asname,) if node.asname else ()))
    if isinstance(node, ast.ImportFrom) and node.module:
        return tuple(node.module.split("."))
    if isinstance(node, (ast.Constant, ast.BinOp, ast.JoinedStr)):
        text = _folded(node)
        if text is not None and _DOTTED.fullmatch(text):
            return tuple(text.split("."))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("exec", "eval", "compile"):
        return _names_in_code(_folded(node.args[0]) if node.args else None)
    return ()


def _names_in_code(text: str | None) -> tuple[str, ...]:
    """The names code given to ``exec``/``eval``/``compile`` as a string Python builds uses
    (``exec("t.as_" + "strided(1)")``); a string that is no code uses none."""
    if text is None:
        return ()
    try:
        tree = quiet_parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ()
    return tuple(name for inner in ast.walk(tree) for name in _used_names(inner))


_MOST = 256  # longer than any dotted name a rule lists: a string of megabytes is not folded


def _folded(node: ast.AST, depth: int = 0) -> str | None:
    """The string Python's compiler makes of ``node``: a literal (escapes and adjacent parts already
    joined), ``+`` of such, an f-string of literal parts; None for anything else, or longer than _MOST."""
    if depth > 32:
        return None
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bytes) and node.value.isascii():  # getattr(t, b"as_strided".decode())
            return node.value.decode("ascii") if len(node.value) <= _MOST else None
        return node.value if isinstance(node.value, str) and len(node.value) <= _MOST else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # b"x" + "y" folds too: it fails, never hides
        left = _folded(node.left, depth + 1)
        right = _folded(node.right, depth + 1) if left is not None else None
        return left + right if left is not None and right is not None and len(left) + len(right) <= _MOST else None
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                if value.conversion != -1 or value.format_spec is not None:
                    return None
                value = value.value
            part = _folded(value, depth + 1)
            if part is None:
                return None
            parts.append(part)
        text = "".join(parts)
        return text if len(text) <= _MOST else None
    return None
