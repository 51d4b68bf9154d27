"""Raised-kind drift, an assert made a raise of a kind the def already raised: the handler is dead all the same.

Shaped like #29872 (6fc5841db1), which made ``patch_rope_parameters_dict``'s ``assert "mrope_section" in
rope_parameters`` an ``if "mrope_section" not in rope_parameters: raise ValueError(...)``, beside the ValueError
the def raised already for a rope-type conflict.  A fork's ``try: patch(rope)`` / ``except AssertionError:``
merges cleanly; it never runs again, and the ValueError escapes.  The kind is not new to the def, so the raise
that took the assert's place is told by its ``if``: the negation of the assert's test (``not x``, ``a not in b``
for ``a in b``, ``x is None`` for ``x is not None`` ...).  Twins: catching both kinds, an assert dropped with
an unrelated raise of the old kind kept, and the assert kept.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ROPE = "pkg/rope.py"
BASE = """def patch(rope: dict) -> None:
    if rope.get("type") not in (None, rope.get("rope_type")):
        raise ValueError("conflicting rope types")
    if rope.get("rope_type") == "mrope":
        assert "mrope_section" in rope
        rope["rope_type"] = "default"


def scale(factor: float | None) -> float:
    if factor == 0:
        raise ValueError("zero factor")
    assert factor is not None
    return 1.0 / factor


def layers(config) -> int:
    if config is None:
        raise ValueError("no config")
    assert not config.frozen
    return config.num_layers
"""
NEGATED = (
    BASE.replace(
        '        assert "mrope_section" in rope\n',
        '        if "mrope_section" not in rope:\n            raise ValueError("mrope needs mrope_section")\n',
    )
    .replace("    assert factor is not None\n", "    if factor is None:\n        raise ValueError('no factor')\n")
    .replace("    assert not config.frozen\n", "    if config.frozen:\n        raise ValueError('frozen')\n")
)
DROPPED = BASE.replace('        assert "mrope_section" in rope\n', "")
FORK = "pkg/aeon_rope.py"
HEAD = "# AEON: the Spark's legacy checkpoints\nfrom pkg.rope import layers, patch, scale\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, body: str, new: str = NEGATED) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {ROPE: BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + body},
        [("Fix some more Transformers nightly tests (#29872)", {ROPE: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line - 4, f.severity.value) for f in report.findings if f.rule_id == RULE]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_patch(rope: dict) -> dict:\n    try:\n        patch(rope)\n"
        '    except AssertionError:\n        rope["rope_type"] = "default"\n    return rope\n',
        "def aeon_scale(factor):\n    try:\n        return scale(factor)\n    except AssertionError:\n        return 1.0\n",
        "def aeon_layers(config) -> int:\n    try:\n        return layers(config)\n"
        "    except AssertionError:\n        return 0\n",
    ],
    ids=["in made not in", "is not None made is None", "not x made x"],
)
def test_a_handler_of_an_assert_made_a_raise_of_a_kind_raised_already(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert run(git_repo, no_rules, body) == [(4, "error")]


@pytest.mark.parametrize(
    ("body", "new", "expected"),
    [
        # both kinds caught: the handler still meets what it was written for
        (
            "def aeon_patch(rope: dict) -> dict:\n    try:\n        patch(rope)\n"
            "    except (AssertionError, ValueError):\n        pass\n    return rope\n",
            NEGATED,
            [],
        ),
        # the assert dropped, nothing raised in its place (the older ValueError is no replacement): a warning
        (
            "def aeon_patch(rope: dict) -> dict:\n    try:\n        patch(rope)\n"
            "    except AssertionError:\n        pass\n    return rope\n",
            DROPPED,
            [(4, "warning")],
        ),
        # the assert kept
        (
            "def aeon_patch(rope: dict) -> dict:\n    try:\n        patch(rope)\n"
            "    except AssertionError:\n        pass\n    return rope\n",
            BASE.replace("zero factor", "a zero factor"),
            [],
        ),
    ],
    ids=["both kinds caught", "assert dropped alone", "assert kept"],
)
def test_twins_stay_quiet_or_warn(
    git_repo: GitRepo, no_rules: Path, body: str, new: str, expected: list[tuple[int, str]]
) -> None:
    assert run(git_repo, no_rules, body, new) == expected
