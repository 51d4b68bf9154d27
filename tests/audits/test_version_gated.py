"""``fallbacks.version_gated`` walks up from any node, through expressions whose ``body`` is one expression
(a conditional expression, a lambda), not a statement list."""

from __future__ import annotations

import ast

from aeon_release.domain.audits.drift.fallbacks import version_gated
from aeon_release.domain.audits.source import parent_map


def _gated(text: str) -> dict[str, bool]:
    tree = ast.parse(text)
    parents = parent_map(tree)
    return {n.attr: version_gated(n, parents) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}


def test_a_read_inside_a_conditional_expression_or_a_lambda_is_judged() -> None:
    text = "def f(x):\n    return x.a if x else (lambda y: y.b)\n"
    assert _gated(text) == {"a": False, "b": False}


def test_an_earlier_version_return_gates_a_read_in_a_conditional_expression() -> None:
    text = (
        "import pkg\n\n\ndef f(x):\n    if pkg.__version__ < '0.12':\n        return None\n"
        "    return x.old if x else None\n"
    )
    assert _gated(text)["old"] is True
