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
        ("@register\ndef _has(m):\n    return hasattr(m, 'x')\n", "_has(model)"),  # decorated: may change it
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


# review44: the other spellings a maintainer gives the same helper (benchmarks/review44_twins.py)
METHOD = "class Probe:\n    def _has(self, m):\n        return hasattr(m, 'x')\n\n"


@pytest.mark.parametrize(
    ("module_text", "test", "expected"),
    [
        (METHOD, "not self._has(model)", "not hasattr(model, 'x')"),
        (METHOD, "Probe._has(probe, model)", "hasattr(model, 'x')"),  # off the class: unbound, all handed
        (
            "class Probe:\n    @staticmethod\n    def _has(m):\n        return hasattr(m, 'x')\n",
            "self._has(model)",
            "hasattr(model, 'x')",
        ),
        (
            "class Probe:\n    @classmethod\n    def _has(cls, m):\n        return hasattr(m, 'x')\n",
            "Probe._has(model)",
            "hasattr(model, 'x')",
        ),
        (
            "class Probe:\n    def _ready(self):\n        return hasattr(self.m, 'x')\n",
            "self._ready()",
            "hasattr(self.m, 'x')",
        ),
        ("_is_list = lambda x: isinstance(x, (list, tuple))\n", "_is_list(c)", "isinstance(c, (list, tuple))"),
        (
            "import functools\n\n@functools.cache\ndef _has(m):\n    return hasattr(m, 'x')\n",
            "_has(a)",
            "hasattr(a, 'x')",
        ),
        ("@lru_cache(maxsize=None)\ndef _has(m):\n    return hasattr(m, 'x')\n", "_has(a)", "hasattr(a, 'x')"),
        ("def _has(m, *, name='x'):\n    return hasattr(m, name)\n", "_has(a)", "hasattr(a, 'x')"),
        ("def _has(m, *, name='x'):\n    return hasattr(m, name)\n", "_has(a, name='y')", "hasattr(a, 'y')"),
        (
            "def _has(m, n):\n    return hasattr(m, n)\n\n\ndef _experts(m):\n    return _has(m, 'x')\n",
            "_experts(a)",
            "hasattr(a, 'x')",
        ),
        (
            "class Probe:\n    @property\n    def _has(self):\n        return hasattr(self.m, 'x')\n",
            "not self._has",
            "not hasattr(self.m, 'x')",
        ),
        (
            "class Probe:\n    @functools.cached_property\n    def _listed(self):\n        return isinstance(self.kv, list)\n",
            "self._listed",
            "isinstance(self.kv, list)",
        ),
        (
            "def f(m):\n    def _has(m):\n        return hasattr(m, 'x')\n\n    return _has(m)\n",
            "_has(a)",
            "hasattr(a, 'x')",
        ),
    ],
    ids=[
        "a-method-off-self",
        "a-method-off-the-class",
        "a-staticmethod",
        "a-classmethod",
        "a-method-reading-self",
        "a-lambda",
        "under-functools-cache",
        "under-lru-cache",
        "a-keyword-only-default",
        "a-keyword-only-handed",
        "a-helper-of-a-helper",
        "a-property",
        "a-cached-property",
        "a-def-inside-a-function",
    ],
)
def test_the_other_spellings_of_a_helper_are_read_through(module_text: str, test: str, expected: str) -> None:
    assert _read(module_text, test) == expected


@pytest.mark.parametrize(
    ("module_text", "test"),
    [
        (METHOD + "class Other:\n    def _has(self, m):\n        return hasattr(m, 'y')\n", "self._has(a)"),
        (METHOD, "other._has(a)"),  # a receiver that is no class of the module
        ("class Probe:\n    @property\n    def _has(self):\n        return hasattr(self, 'x')\n", "self._has()"),
        ("class Probe:\n    @property\n    def _has(self):\n        return hasattr(self, 'x')\n", "other._has"),
        ("def _has(m):\n    return _has(m)\n", "_has(a)"),  # calls itself: read a few levels, then left
        ("def _has(m, *, name):\n    return hasattr(m, name)\n", "_has(a)"),  # a keyword-only left unfilled
        ("_has = lambda m: hasattr(m, 'x')\n_has = other\n", "_has(a)"),  # bound twice
        (
            "def f(m):\n    def _has(m):\n        return hasattr(m, 'x')\n\n\ndef g(m):\n    def _has(m):\n"
            "        return hasattr(m, 'y')\n",
            "_has(a)",
        ),
        ("def f(m):\n    def _has(m):\n        return hasattr(m, 'x')\n\n\n_has = other\n", "_has(a)"),
    ],
    ids=[
        "two-classes-define-it",
        "another-receiver",
        "a-property-called",
        "a-property-off-another-receiver",
        "calls-itself",
        "keyword-unfilled",
        "rebound",
        "a-local-def-named-twice",
        "a-local-def-rebound-at-the-top",
    ],
)
def test_the_other_spellings_left_as_they_are(module_text: str, test: str) -> None:
    assert _read(module_text, test) == test
