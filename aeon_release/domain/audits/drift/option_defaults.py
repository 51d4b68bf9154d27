"""A command-line option's default, as field default drift reads it: ``add_argument("--name", default=...)``.

An option's default is a field's default for the parsed namespace: ``args.name`` holds it wherever the user
leaves the flag out.  #32525 made ``--api-server-count``'s ``default=1`` into ``default=None`` (resolved later,
in the serve command); a fork's ``if args.api_server_count > 1:`` in an earlier hook now compares None with an
int (TypeError).  The default sits on a line of its own in the multi-line call upstream writes, so a file is
looked at when its diff takes out and puts in a ``default=`` line; the parse
then ties each default to its option's destination (``dest=``, else the first long flag, dashes made
underscores), keyed by the function that adds it.

#28872 (bf9e1e8767) gave no ``default=`` keyword: ``add_argument("--max-num-seqs",
**scheduler_kwargs["max_num_seqs"])`` took its default from a mapping built elsewhere (the config class's), and
upstream spread ``**{**scheduler_kwargs["max_num_seqs"], "default": None}`` into it.  The ``"default"`` key of a
display spread into the call is the default too, and a spread mapping with none is one computed elsewhere: not
None (an option parsed into arithmetic), its value unknown here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.domain.audits.source import lazy_pattern, parse_python, str_value

# a diff's line that gives a keyword ``default=`` (the sign): linear, a line tried from its start only
_DEFAULT_LINE = lazy_pattern(r"^([-+])[^\n]*?[(,\s]default[ \t]*=", re.M)
# a diff's line that puts a ``"default":`` key in a display spread into the call (#28872)
_DEFAULT_KEY = lazy_pattern(r"""^\+[^\n]*?["']default["'][ \t]*:""", re.M)


def changes_an_option_default(raw: str) -> bool:
    """The file's diff takes out and puts in a ``default=`` line (the ``add_argument(`` it belongs to may lie
    beyond the hunk's context: the parse looks for it)."""
    signs = {m.group(1) for m in _DEFAULT_LINE.finditer(raw)}
    return signs == {"-", "+"} or _DEFAULT_KEY.search(raw) is not None


def option_defaults(text: str | None, names: set[str]) -> Iterator[tuple[str, str, tuple[str, ...], ast.expr]]:
    """(the adding function, destination, its flags, its ``default=`` expression) for each ``add_argument``
    call of the file whose destination is among ``names``."""
    module = parse_python(text) if text and "add_argument" in text else None
    for function in ast.walk(module) if module is not None else ():
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            continue
        owner = function.name if not isinstance(function, ast.Module) else "<module>"
        for call in _calls(function):
            dest = destination(call)
            default = given_default(call)
            if dest in names and default is not None:
                yield owner, dest, flags(call), default


def given_default(call: ast.Call) -> ast.expr | None:
    """The option's default as written: ``default=``, else the ``"default"`` key of a display spread into the
    call (``**{**kwargs["n"], "default": None}``), else the last mapping spread (``**kwargs["n"]``: a default
    computed elsewhere).  The last writer wins, as in the call: a spread after the key may replace it."""
    given = next((k.value for k in call.keywords if k.arg == "default"), None)
    if given is not None:
        return given
    for keyword in reversed([k for k in call.keywords if k.arg is None]):
        if not isinstance(keyword.value, ast.Dict):
            return keyword.value
        for key, value in zip(reversed(keyword.value.keys), reversed(keyword.value.values), strict=True):
            if key is None or str_value(key) == "default":
                return value
    return None


def destination(call: ast.Call) -> str | None:
    """Where argparse stores the option: ``dest=``, else the first ``--long`` flag with dashes made underscores."""
    for keyword in call.keywords:
        if keyword.arg == "dest":
            return str_value(keyword.value)
    given = [str_value(a) for a in call.args]
    long = [f for f in given if f and f.startswith("--")]
    return long[0][2:].replace("-", "_") if long else None


def flags(call: ast.Call) -> tuple[str, ...]:
    """The option strings an ``add_argument`` call names (``"--log-level"``, ``"-l"``), as written."""
    return tuple(f for f in (str_value(a) for a in call.args) if f and f.startswith("-"))


def _calls(function: ast.AST) -> Iterator[ast.Call]:
    """The ``x.add_argument(...)`` calls directly in ``function``'s body (not in a nested def)."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument":
            yield node
        stack.extend(ast.iter_child_nodes(node))
