"""Rewritten keys (drift/rewritten_keys.py): #41826 (6ccb10d794) made ``build_vllm_speculative_config`` rewrite
``result["method"]`` from ``"peagle"`` to ``"eagle3"`` before returning it; a fork's ``spec["method"] == "peagle"``
never holds again."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SPEC = "vllm/configs/spec.py"
BASE = """class SpecConfig:
    @classmethod
    def build(cls, config_dict: dict) -> dict:
        result = {"method": config_dict.get("kind"), "n": 3}
        return result


def build_spec(config_dict: dict) -> dict:
    result = {"method": config_dict.get("kind")}
    return result
"""
UPSTREAM = """class SpecConfig:
    @classmethod
    def build(cls, config_dict: dict) -> dict:
        result = {"method": config_dict.get("kind"), "n": 3}
        if result["method"] == "peagle":
            result.update({"method": "eagle3", "parallel": True})
        return result


def build_spec(config_dict: dict) -> dict:
    result = {"method": config_dict.get("kind")}
    if result["method"] == "peagle":
        result["method"] = "eagle3"
    return result
"""
SUBJECT = "Added peagle speculators support (#41826)"
FORK = "vllm/aeon/spec.py"
HEAD = "from vllm.configs.spec import SpecConfig, build_spec\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {SPEC: BASE}, {FORK: HEAD + body}, [(SUBJECT, {SPEC: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, severity) for path, line, severity, message in found if path == FORK and "rewrites" in message]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ('def f(cd):\n    spec = SpecConfig.build(cd)\n    return spec["method"] == "peagle"\n', 6),
        ('def f(cd):\n    spec = build_spec(cd)\n    return spec.get("method") in ("peagle", "medusa")\n', 6),
        ('def f(cd):\n    return build_spec(cd)["method"] != "peagle"\n', 5),
        # an ``and`` beside it, an assert that the old value comes back, a write into another key, a reader
        ('def f(cd):\n    spec = build_spec(cd)\n    return spec["method"] == "peagle" and cd["n"] > 1\n', 6),
        ('def test_f():\n    spec = build_spec({"kind": "peagle"})\n    assert spec["method"] == "peagle"\n', 6),
        ('def f(cd):\n    spec = build_spec(cd)\n    spec["seen"] = 1\n    return spec["method"] == "peagle"\n', 7),
        ('def f(cd):\n    spec = build_spec(cd)\n    print(spec)\n    return spec["method"] == "peagle"\n', 7),
    ],
    ids=[
        "classmethod, subscript",
        "function, get, in",
        "the call's subscript",
        "and",
        "assert ==",
        "another key written",
        "handed to a reader",
    ],
)
def test_a_comparison_with_the_rewritten_value_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    assert rows(git_repo, no_rules, body) == [(line, "error")]


LATER = UPSTREAM.replace(
    '        result["method"] = "eagle3"\n    return result\n',
    ('        result["method"] = "eagle3"\n    result.update(config_dict.get("extra", {}))\n    return result\n'),
)


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # the new value, or both
        ('def f(cd):\n    spec = SpecConfig.build(cd)\n    return spec["method"] == "eagle3"\n', UPSTREAM),
        ('def f(cd):\n    return build_spec(cd)["method"] in ("peagle", "eagle3")\n', UPSTREAM),
        # another key
        ('def f(cd):\n    return build_spec(cd)["kind"] == "peagle"\n', UPSTREAM),
        # a dict of the fork's own
        ('def f(cd):\n    spec = dict(cd)\n    return spec["method"] == "peagle"\n', UPSTREAM),
        # upstream writes the dict again after the rewrite: the old value may come back
        ('def f(cd):\n    return build_spec(cd)["method"] == "peagle"\n', LATER),
        # the fork writes the key into the result itself, or hands it to its own helper
        (
            'def f(cd):\n    spec = build_spec(cd)\n    spec["method"] = "peagle"\n    return spec["method"] == "peagle"\n',
            UPSTREAM,
        ),
        (
            'def f(cd):\n    spec = build_spec(cd)\n    spec.update(cd)\n    return spec["method"] == "peagle"\n',
            UPSTREAM,
        ),
        ('def f(cd):\n    spec = build_spec(cd)\n    _own(spec)\n    return spec["method"] == "peagle"\n', UPSTREAM),
        # an assert that the old value is gone, which now always holds
        ('def test_f():\n    spec = build_spec({"kind": "peagle"})\n    assert spec["method"] != "peagle"\n', UPSTREAM),
    ],
    ids=[
        "new value",
        "both",
        "another key",
        "own dict",
        "written after",
        "key stored",
        "update",
        "helper",
        "assert !=",
    ],
)
def test_comparisons_the_rewrite_does_not_decide_stay_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []


def test_a_comparison_beside_an_or_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        'def f(cd):\n    spec = build_spec(cd)\n    return spec["method"] == "peagle" or bool(spec.get("parallel"))\n'
    )
    assert rows(git_repo, no_rules, body) == [(6, "warning")]
