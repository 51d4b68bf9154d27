"""A function's or a class's docstring, also under ``python -OO`` (``PYTHONOPTIMIZE=2``).

Python drops every docstring at that level, and the tool prints its own: each command's ``--help`` and each
rule kind's line in ``audits list`` were blank in an environment that sets it (an image trimmed for size).  The
source files ship with the package, so the docstring is read from them then.
"""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap


def doc_of(obj: object) -> str:
    """``obj``'s docstring, cleaned as ``inspect.getdoc`` cleans it; "" when it has none."""
    doc = getattr(obj, "__doc__", None)
    if doc is None and sys.flags.optimize >= 2:
        doc = _from_source(obj)
    return inspect.cleandoc(doc) if isinstance(doc, str) else ""


def _from_source(obj: object) -> str | None:
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(obj)))  # type: ignore[arg-type]
    except (OSError, TypeError, SyntaxError):
        return None
    first = tree.body[0] if tree.body else None
    if isinstance(first, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return ast.get_docstring(first)
    return None
