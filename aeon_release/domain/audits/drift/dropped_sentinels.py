"""Dropped sentinels: a string a function special-cased for a parameter, which upstream's function no longer does.

#31260 (7adeb4bfa8) split ``human_readable_int_or_auto`` out of ``arg_utils.human_readable_int``: the base's
``human_readable_int(value)`` began ``if value == "-1" or value.lower() == "auto": return -1``, upstream's has no
such test and ends in ``int(value)``.  A fork's ``human_readable_int("auto")``, or its own flag declared
``add_argument("--draft-max-len", type=human_readable_int, default="auto")`` (argparse hands a string default to
``type``), merges cleanly and raises ValueError where it used to answer -1.  No name moved, no choice list
shrank: only the values the function tells apart.

Upstream's side: a top-level function of a changed file (its removed lines compare something with a quoted
string) whose body at the base compares a parameter with a string literal -- the parameter itself, or a local
bound from it through ``str`` methods (``value = value.strip()``; ``value.lower() == "auto"`` folds the case, and
``in`` a display of literals counts each) -- while upstream's function of the same name keeps that parameter in
the same place and quotes the string nowhere in its body.  A string a conversion upstream's function applies to
the parameter still takes (``int(value)`` takes ``"-1"``) was never only a sentinel: dropped from the list.

The fork's side, on a line it owns: a call of the function, resolved through the file's imports to upstream's
module, passing one of the dropped strings (its case folded as the base folded it) by position or keyword to
the parameter; or an ``add_argument`` call whose ``type=`` resolves to it and whose ``default=`` is one.  An
error, unless upstream's function hands the parameter to a call that is not a builtin conversion, a ``str``
method or ``re``'s (a helper that may special-case it now): then a warning.  A function of the fork's own
(defined, not imported) is another one: quiet.  So is a call in a ``try`` whose handler catches
ValueError, or under ``contextlib.suppress`` of it (the fork expects the refusal: ``except ValueError: return
-1``; a handler raising on is no guard), and a name the file binds twice (``try: from m import f_or_auto as f`` / ``except ImportError: from m
import f``, or ``f = f_or_auto``: the new one after the merge; revCW, ``benchmarks/review89_twins.py``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from aeon_release.domain.audits.drift.emptied import guarded
from aeon_release.domain.audits.drift.pyindex import dotted_name, file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.drift.unbased import bound_twice
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import display_strings, lazy_pattern, str_value

_MOST_FILES = 32
# a removed line comparing with a quoted string: ``value == "auto"``, ``x in ("a", "b")``
_COMPARED = lazy_pattern(r"""(?:[=!]=|\bin)\s*[(\[{]?\s*["']""")
_TOP_DEF = lazy_pattern(r"^(?:async[ \t]+)?def[ \t]+(\w+)", re.M)
# ``str`` methods that return the string itself, changed: a local bound through them is the parameter still
_FOLDS = frozenset({"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "removeprefix", "removesuffix"})
# calls handed the parameter that tell no sentinel apart: conversions and readers
_READERS = frozenset({"int", "float", "str", "len", "bool", "repr", "isinstance", "print"})


@dataclass(frozen=True)
class Dropped:
    path: str
    func: str
    param: str
    index: int  # the parameter's position
    strings: tuple[tuple[str, str], ...]  # (the string the base compared, its fold: "", "lower" or "upper")
    handed: bool  # upstream's function hands the parameter to a call that may tell it apart itself


def dropped_sentinel_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    paths = [
        p
        for p in sorted(trees.upstream)
        if p.endswith(".py") and any(_COMPARED.search(line) for line in trees.upstream[p].removed)
    ]
    dropped: dict[tuple[str, str], list[Dropped]] = {}
    words = trees.fork_words()

    def keep(old_text: str, new_text: str) -> bool:
        # a top-level def the fork's lines name: none, and nothing found there would be called (the parses cost)
        return not words.isdisjoint(_TOP_DEF.findall(old_text))

    for both in parsed_texts(trees, paths[:_MOST_FILES], keep):
        for found in _dropped_in(both.path, both.old, both.new):
            dropped.setdefault((dotted_name(both.path, roots=("",)), found.func), []).append(found)
    if not dropped:
        return []
    names = {name for _, name in dropped}
    return [
        _finding(trees, path, line, value, drop, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(n in line for n in names))
        for line, value, drop in _fork_passes(path, module, owned, dropped)
    ]


def _fork_passes(
    path: str, module: ast.Module, owned: set[int], dropped: dict[tuple[str, str], list[Dropped]]
) -> Iterator[tuple[int, str, Dropped]]:
    """(line, string, the drop) for each dropped string a fork-owned call of the file hands the function."""
    # a name bound twice (``try: from m import f_or_auto as f`` / ``except ImportError: from m import f as f``)
    # holds whichever import ran: after the merge, the new function (the fork wrote for both)
    twice = bound_twice(module)
    imports = {name: at for name, at in file_imports(module, path).items() if name not in twice}
    for node in ast.walk(module):
        if isinstance(node, ast.Call) and node.lineno in owned:
            passed = list(_passed(node, imports, dropped))
            # ``try: f("auto")`` / ``except ValueError: return -1``: the fork expects the refusal (a handler raising
            # on still fails its caller; a ``type=``'s default is refused at ``parse_args``, not here)
            if not (passed and guarded(module, node, "ValueError", reraising=False)):
                yield from passed
            yield from _type_defaults(node, imports, dropped)


def _dropped_in(path: str, old: ast.Module, new: ast.Module) -> Iterator[Dropped]:
    news, constants = _top_defs(new), _module_strings(new)
    for name, before in _top_defs(old).items():
        after = news.get(name)
        if after is None:
            continue  # a removed function is symbol drift's
        params, now = _params(before), _params(after)
        quoted = {n.value for n in ast.walk(after) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        for index, param in enumerate(params):
            if index >= len(now) or now[index] != param:
                continue
            derived = _derived(after, param)
            taken = _converted(after, derived)
            strings = tuple(
                (s, fold) for s, fold in _compared(before, param) if s not in quoted and not _converts(s, taken)
            )
            if strings:
                # a string upstream moved into a module constant (``_AUTO = "auto"``) may still be compared by
                # name: a warning, as a handed value is (readD #11)
                handed = _handed(after, derived) or any(text in constants for text, _ in strings)
                yield Dropped(path, name, param, index, tuple(sorted(set(strings))), handed)


def _top_defs(module: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {s.name: s for s in module.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)}


def _module_strings(module: ast.Module) -> set[str]:
    """The strings the module's top-level assignments hold (``_AUTO = "auto"``, ``WORDS = ("auto", "max")``)."""
    values = [s.value for s in module.body if isinstance(s, ast.Assign | ast.AnnAssign) and s.value is not None]
    return {n.value for v in values for n in ast.walk(v) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _params(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    return [a.arg for a in (*func.args.posonlyargs, *func.args.args)]


def _derived(func: ast.AST, param: str) -> dict[str, str]:
    """``param`` and the locals bound (every binding) from it through ``str`` methods (``v = value.strip()``),
    each with its case fold ("", "lower", "upper"): ``v = value.lower()`` then ``v == "auto"`` takes "AUTO"
    (readD #7)."""
    names = {param: ""}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if (fold := _fold_of(node.value, names)) is not None:
                names.setdefault(node.targets[0].id, fold)
    return names


def _fold_of(expr: ast.expr, names: Mapping[str, str]) -> str | None:
    """How ``expr`` folds one of ``names`` ("", "lower", "upper"), when it is one of them through ``str``
    methods only (a local's own fold counts); else None."""
    fold = ""
    while isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr in _FOLDS:
        if expr.func.attr in ("lower", "casefold", "upper") and not fold:
            fold = "upper" if expr.func.attr == "upper" else "lower"
        expr = expr.func.value
    return (fold or names[expr.id]) if isinstance(expr, ast.Name) and expr.id in names else None


def _compared(func: ast.AST, param: str) -> Iterator[tuple[str, str]]:
    """(string, fold) for each string literal the function compares the parameter (or a local of it) with."""
    names = _derived(func, param)
    for node in ast.walk(func):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
            continue
        sides = (node.left, node.comparators[0])
        for mine, other in (sides, sides[::-1]):
            fold = _fold_of(mine, names)
            if fold is None:
                continue
            if isinstance(node.ops[0], ast.Eq | ast.NotEq) and (text := str_value(other)) is not None:
                yield text, fold
            elif isinstance(node.ops[0], ast.In | ast.NotIn) and mine is sides[0]:
                # a display's strings each (``in "abc"`` is a substring test: no sentinel)
                if isinstance(other, ast.Tuple | ast.List | ast.Set):
                    yield from ((text, fold) for text in display_strings(other))


def _converted(func: ast.AST, names: Mapping[str, str]) -> set[str]:
    """The builtin conversions (``int``, ``float``) the function applies to the parameter or a local of it."""
    return {
        node.func.id
        for node in ast.walk(func)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("int", "float")
        and len(node.args) == 1
        and _fold_of(node.args[0], names) is not None
    }


def _converts(text: str, conversions: set[str]) -> bool:
    for kind in conversions:
        try:
            int(text) if kind == "int" else float(text)
        except ValueError:
            continue
        return True
    return False


def _handed(func: ast.AST, names: Mapping[str, str]) -> bool:
    """Whether the function hands the parameter (or a local of it) to a call other than a conversion, a ``str``
    method or one of ``re``'s functions: that call may tell the string apart now."""
    for node in (n for n in ast.walk(func) if isinstance(n, ast.Call)):
        handed = [*node.args, *(k.value for k in node.keywords)]  # by keyword too (readD #12)
        if not any(_fold_of(a, names) is not None for a in handed):
            continue
        callee = node.func
        if isinstance(callee, ast.Name) and callee.id in _READERS:
            continue
        if isinstance(callee, ast.Attribute) and isinstance(callee.value, ast.Name) and callee.value.id == "re":
            continue
        return True
    return False


def _passed(
    call: ast.Call, imports: dict[str, tuple[str, str]], dropped: dict[tuple[str, str], list[Dropped]]
) -> Iterator[tuple[int, str, Dropped]]:
    """(line, string, the drop) for a dropped string the call hands the function as an argument."""
    for drop in dropped.get(imported_origin(call.func, imports) or ("", ""), ()):
        # a ``*prefix`` before the slot moves it by an unknown count (readD #9): no positional reading
        placed = not any(isinstance(a, ast.Starred) for a in call.args[: drop.index + 1])
        given = call.args[drop.index] if placed and drop.index < len(call.args) else None
        given = given or next((k.value for k in call.keywords if k.arg == drop.param), None)
        if (text := str_value(given)) is not None and given is not None and _matches(text, drop):
            yield given.lineno, text, drop


def _type_defaults(
    call: ast.Call, imports: dict[str, tuple[str, str]], dropped: dict[tuple[str, str], list[Dropped]]
) -> Iterator[tuple[int, str, Dropped]]:
    """(line, string, the drop) for the ``default=`` of an ``add_argument`` whose ``type=`` is the function and
    whose default is a dropped string (argparse hands a string default to ``type``)."""
    if isinstance(call.func, ast.Attribute) and call.func.attr == "add_argument":
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        kind, default = keywords.get("type"), keywords.get("default")
        origin = imported_origin(kind, imports) if kind is not None else None
        for drop in dropped.get(origin or ("", ""), ()):
            text = str_value(default)
            if drop.index == 0 and text is not None and default is not None and _matches(text, drop):
                yield default.lineno, text, drop


def _matches(text: str, drop: Dropped) -> bool:
    text = text.strip()
    return any((text.lower() if f == "lower" else text.upper() if f == "upper" else text) == s for s, f in drop.strings)


def _finding(trees: ThreeTrees, path: str, line: int, text: str, drop: Dropped, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(drop.path, re.escape(f'"{text}"'), pr_pattern)
    said = (
        f"fork-owned line hands {text!r} to {drop.func}({drop.param}), whose body at the base told it apart "
        f"({drop.param} compared with it) and upstream's no longer quotes it ({drop.path}{commit}): the string "
        "now takes the path of any other value"
    )
    if drop.handed:
        said += "; upstream's function hands the parameter to a call that may tell it apart itself: check which"
    return Finding(RULE, "merge", Severity.WARNING if drop.handed else Severity.ERROR, path, line, said)
