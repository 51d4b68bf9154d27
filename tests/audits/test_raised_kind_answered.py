"""Raised-kind drift: one of a def's raises of a kind replaced by a returned answer, the others kept.

Shaped like #12785 (1a6fcad4c9): ``replace_linear_class`` raised ValueError for a style that is not a string and
for a style it did not know; upstream made the second log a warning and ``return linear``.  A fork's ``try:
replace_linear_class(linear, style)`` / ``except ValueError:`` -- its own path for the styles upstream did not
know -- merges cleanly, its handler no longer runs for them, and the layer silently stays unsharded.  The handler
is not dead (the type check still raises), so kind-level reading saw nothing: a warning, the case may be answered
on purpose now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LINEAR = "pkg/linear.py"
LINEAR_BASE = """STYLES = {"colwise": 1, "rowwise": 2}


def replace_linear_class(linear, style):
    if not isinstance(style, str):
        raise ValueError(f"style {style!r} is not a string")
    if style not in STYLES:
        raise ValueError(f"unsupported style {style}")
    return (linear, STYLES[style])


class Registry:
    def lookup(self, name):
        if not name:
            raise KeyError("empty name")
        if name not in STYLES:
            raise KeyError(name)
        return STYLES[name]
"""
LINEAR_NEW = LINEAR_BASE.replace(
    '        raise ValueError(f"unsupported style {style}")\n', "        return linear\n"
).replace("            raise KeyError(name)\n", "            return 0\n")
SUBJECT = "Improve `TransformersModel` UX (#12785)"
FORK = "pkg/aeon_linear.py"


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = LINEAR_NEW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {LINEAR: LINEAR_BASE, "pkg/__init__.py": ""},
        {FORK: "# AEON: the Spark's NVFP4 styles\nfrom pkg.linear import Registry, replace_linear_class\n\n\n" + text},
        [(SUBJECT, {LINEAR: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE and f.path == FORK]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # the function, called in the try's one statement
        (
            "def aeon_replace(linear, style):\n    try:\n        return replace_linear_class(linear, style)\n"
            "    except ValueError:\n        return (linear, 0)\n",
            8,
        ),
        # a method off a receiver typed as its class, its KeyError
        (
            "def aeon_code(registry: Registry, name: str) -> int:\n    try:\n        code = registry.lookup(name)\n"
            "    except KeyError:\n        code = -1\n    return code\n",
            8,
        ),
    ],
    ids=["function", "typed receiver"],
)
def test_a_raise_of_several_replaced_by_an_answer_is_a_warning(
    git_repo: GitRepo, no_rules: Path, text: str, line: int
) -> None:
    [(found_line, severity, message)] = run(git_repo, no_rules, text)
    assert (found_line, severity) == (line, "warning")
    assert "where upstream replaced a raise of it with a returned answer" in message and "#12785" in message


def test_a_suppress_of_the_kind_is_a_warning_too(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        "import contextlib\n\n\ndef aeon_try(linear, style):\n    out = None\n"
        "    with contextlib.suppress(ValueError):\n        out = replace_linear_class(linear, style)\n    return out\n"
    )
    [(_, severity, _message)] = run(git_repo, no_rules, text)
    assert severity == "warning"


HANDLER = (
    "def aeon_replace(linear, style):\n    try:\n        return replace_linear_class(linear, style)\n"
    "    except ValueError:\n        return (linear, 0)\n"
)


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # the raise answered by a None: raised-to-None drift's to judge
        (
            HANDLER,
            LINEAR_BASE.replace('        raise ValueError(f"unsupported style {style}")\n', "        return None\n"),
        ),
        # the raise moved, not answered: as many raises of the kind as before
        (
            HANDLER,
            LINEAR_BASE.replace(
                '    if style not in STYLES:\n        raise ValueError(f"unsupported style {style}")\n',
                '    if STYLES.get(style) is None:\n        raise ValueError(f"unknown style {style}")\n',
            ),
        ),
        # revCU, shaped like #51657 (cf8f3a3bb2)'s get_supported_mm_limits: the raise moved into a helper of the
        # file the def calls, and the def returns the helper's answer -- the ValueError still escapes
        (
            HANDLER,
            LINEAR_BASE.replace(
                '    if style not in STYLES:\n        raise ValueError(f"unsupported style {style}")\n'
                "    return (linear, STYLES[style])\n",
                "    return (linear, _known(style))\n\n\n"
                'def _known(style):\n    if style not in STYLES:\n        raise ValueError(f"unsupported style {style}")\n'
                "    return STYLES[style]\n",
            ),
        ),
        # a handler of another kind
        (HANDLER.replace("except ValueError", "except TypeError"), LINEAR_NEW),
        # a handler that also catches everything
        (HANDLER.replace("except ValueError:", "except (ValueError, Exception):"), LINEAR_NEW),
        # the fork's own namesake: a def of its own file called in the try
        (
            "def replace_linear_class_aeon(linear, style):\n    raise ValueError(style)\n\n\n"
            + HANDLER.replace("return replace_linear_class(", "return replace_linear_class_aeon("),
            LINEAR_NEW,
        ),
    ],
    ids=["none answer", "raise moved", "raise moved to a helper", "other kind", "catch all", "fork namesake"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> None:
    assert run(git_repo, no_rules, text, new) == []
