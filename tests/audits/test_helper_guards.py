"""drift/helper_guards.py: a call of the module's one-line helper read as the test the helper returns."""

from __future__ import annotations

import ast

import pytest

from aeon_release.domain.audits.drift.helper_guards import inlined

HELPER = 'def _has(m, name="get_expert_mapping"):\n    """Doc."""\n    return hasattr(m, name)\n\n\n'


def _read(module_text: str, test: str) -> str:
    module = ast.parse(module_text)
    return ast.unparse(inlined(ast.parse(test, mode="eval").body, module))


@pytest.mark.parametrize(
    ("test", "expected"),
    [
        ("not _has(model)", "not hasattr(model, 'get_expert_mapping')"),
        ("_has(m=model, name='experts') and ready", "hasattr(model, 'experts') and ready"),
        ("_has(self.model)", "hasattr(self.model, 'get_expert_mapping')"),
    ],
    ids=["negated-with-its-default", "keywords-and-ed", "an-attribute-argument"],
)
def test_a_one_line_helper_is_read_through(test: str, expected: str) -> None:
    assert _read(HELPER, test) == expected


@pytest.mark.parametrize(
    ("module_text", "test"),
    [
        ("def _has(m):\n    print(m)\n    return hasattr(m, 'x')\n", "_has(model)"),  # two statements
        ("def _has(m):\n    return hasattr(CONFIG, 'x')\n", "_has(model)"),  # reads no parameter
        ("def _has(*ms):\n    return hasattr(ms[0], 'x')\n", "_has(model)"),  # a star parameter
        ("@cache\ndef _has(m):\n    return hasattr(m, 'x')\n", "_has(model)"),  # decorated
        ("def _has(m):\n    return hasattr(m, 'x')\n\n\n_has = other\n", "_has(model)"),  # bound twice
        ("def _has(m):\n    return any(hasattr(m, 'x') for m in m.modules())\n", "_has(model)"),  # rebinds m
        (HELPER, "_has(*models)"),  # a starred argument
        (HELPER, "_has()"),  # an unfilled parameter
        (HELPER, "_has(model, 'x', 'y')"),  # an extra argument
    ],
    ids=[
        "two-statements",
        "no-parameter-read",
        "star-parameter",
        "decorated",
        "bound-twice",
        "rebinds-its-parameter",
        "starred-argument",
        "unfilled",
        "extra-argument",
    ],
)
def test_anything_else_is_left_as_it_is(module_text: str, test: str) -> None:
    assert _read(module_text, test) == test
