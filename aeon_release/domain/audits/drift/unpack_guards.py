"""Fork unpacks that already cope with the old and the new shape of what a function returns.

Return drift reports a fork line unpacking the N values a function returned at the merge base after upstream
changed the shape (#24600: ``supports_trtllm_attention()`` returned ``(supported, env)``, now one bool).  Fork
code written to run on either release guards such an unpack, and is correct after the merge:

- it tests the shape of the very value it unpacks first (``if isinstance(f(), tuple): a, b = f()``): quiet;
- the call is a test's stand-in (``with mock.patch.object(mod, "f", return_value=(a, b)):``, a
  ``@mock.patch("pkg.mod.f", ...)`` decorator, an earlier ``monkeypatch.setattr(mod, "f", ...)``): the
  unpack takes the stand-in's value, which the test chose: quiet;
- it sits beside a probe of a name upstream added with the change (``if hasattr(mod, "new_helper"):`` that
  returns first, ``helper = getattr(mod, "new_helper", None)`` then ``if helper is not None:``): which path
  runs after the merge is not read here, so a warning;
- it runs in a ``try`` catching ``TypeError`` where the one value upstream returns now is a scalar (annotated
  ``bool``, ``int``, ``float``, ``None``): unpacking it raises, and the handler is the fork's fallback: a
  warning (an iterable value would split silently, with nothing to catch, so that stays an error).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from aeon_release.domain.audits.drift.fallbacks import split_names
from aeon_release.domain.audits.drift.own_fields import enclosing
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.source import last_name, parse_python, str_value

# what the shape of a value is read with: ``isinstance(v, tuple)``, ``len(v) == 2``, ``type(v) is tuple``
_SHAPE_TESTS = frozenset({"isinstance", "len", "type"})
# the patchers a test swaps a function for a stand-in with (``unittest.mock`` and pytest's ``monkeypatch``)
_PATCHERS = frozenset({"patch", "object", "setattr"})
# return annotations of a value that cannot be unpacked: unpacking it raises ``TypeError``
_SCALARS = frozenset({"bool", "int", "float", "complex", "None"})


def shape_tested(node: ast.AST, value: ast.expr, parents: dict[int, ast.AST]) -> bool:
    """An ``if`` (or conditional expression) around ``node`` tests the shape of ``value``, the expression the
    unpack takes apart: the fork keeps a path for each shape."""
    wanted = ast.dump(value)
    child, up = node, parents.get(id(node))
    while up is not None and not isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        if isinstance(up, ast.If | ast.IfExp) and child is not up.test and _reads_shape(up.test, wanted):
            return True
        child, up = up, parents.get(id(up))
    return False


def _reads_shape(test: ast.expr, wanted: str) -> bool:
    return any(
        isinstance(n, ast.Call) and last_name(n.func) in _SHAPE_TESTS and n.args and ast.dump(n.args[0]) == wanted
        for n in ast.walk(test)
    )


def mocked(node: ast.AST, callee: str, parents: dict[int, ast.AST]) -> bool:
    """The function ``callee`` is a test's stand-in where ``node`` runs: a ``with`` patching it around the
    node, a patch decorator on its function, or a ``setattr`` patch of it earlier in that function."""
    bare = callee.rsplit(".", 1)[-1]
    up = parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.With | ast.AsyncWith) and any(_patches(i.context_expr, bare) for i in up.items):
            return True
        if isinstance(up, ast.FunctionDef | ast.AsyncFunctionDef):
            if any(_patches(d, bare) for d in up.decorator_list):
                return True
            line = getattr(node, "lineno", 0)
            return any(isinstance(n, ast.Call) and n.lineno < line and _patches(n, bare) for n in ast.walk(up))
        up = parents.get(id(up))
    return False


def _patches(expr: ast.expr, bare: str) -> bool:
    """``patch("pkg.mod.f", ...)``, ``patch.object(mod, "f", ...)``, ``monkeypatch.setattr(mod, "f", ...)`` or
    ``monkeypatch.setattr("pkg.mod.f", ...)``: a patcher handed the function's name as a string."""
    if not isinstance(expr, ast.Call) or last_name(expr.func) not in _PATCHERS:
        return False
    named = [s for a in expr.args[:2] if (s := str_value(a))]
    return any(s == bare or s.endswith(f".{bare}") for s in named)


def probed(node: ast.AST, parents: dict[int, ast.AST]) -> frozenset[str]:
    """``fallbacks.split_names``, with a local the test reads resolved to the name its function probed it
    from (``helper = getattr(mod, "new_helper", None)`` ... ``if helper is not None:`` gives ``new_helper``; a
    ``has_new = hasattr(mod, "new_helper")`` tested the same)."""
    names = split_names(node, parents)
    func = enclosing(node, parents)
    if func is None or not names:
        return names
    found = set(names)
    for stmt in ast.walk(func):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            value = stmt.value
            if (
                stmt.targets[0].id in names
                and isinstance(value, ast.Call)
                and last_name(value.func) in ("getattr", "hasattr")
            ):
                found |= {s for a in value.args[1:2] if (s := str_value(a))}
    return frozenset(found)


def upstream_added(trees: ThreeTrees, names: Iterable[str]) -> str | None:
    """The first of ``names`` upstream's diff defines (a ``def``, a ``class``, a module-level assignment)
    and removes no definition of: a name new with the change, which a fork probes to tell the releases apart."""
    wanted = sorted(n for n in names if n.isidentifier())
    if not wanted:
        return None
    pattern = re.compile(
        rf"^([+-])(?:[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+({'|'.join(wanted)})\b|({'|'.join(wanted)})[ \t]*[:=])",
        re.MULTILINE,
    )
    added: set[str] = set()
    removed: set[str] = set()
    for path in trees.upstream.matching(pattern, ".py"):
        for m in pattern.finditer(trees.upstream.raw(path)):
            (added if m[1] == "+" else removed).add(m[2] or m[3])
    return next((n for n in wanted if n in added and n not in removed), None)


def scalar_now(trees: ThreeTrees, name: str, path: str) -> bool:
    """Every def of ``name`` in upstream's ``path`` is annotated to return a scalar (``bool``, ``int | None``):
    unpacking its value raises ``TypeError`` rather than splitting it."""
    tree = parse_python(trees.blobs(trees.theirs, [path]).get(path) or "", path)
    bare = name.rsplit(".", 1)[-1]
    defs = (
        [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == bare]
        if tree is not None
        else []
    )
    return bool(defs) and all(d.returns is not None and _scalar(d.returns) for d in defs)


def _scalar(annotation: ast.expr) -> bool:
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _scalar(annotation.left) and _scalar(annotation.right)
    if isinstance(annotation, ast.Subscript) and last_name(annotation.value) == "Optional":
        return _scalar(annotation.slice)
    if isinstance(annotation, ast.Constant):
        return annotation.value is None or (isinstance(annotation.value, str) and annotation.value in _SCALARS)
    return isinstance(annotation, ast.Name) and annotation.id in _SCALARS
