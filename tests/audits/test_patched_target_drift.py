"""Patched targets: a test double's dotted string target reaches a module member upstream removed.

Shaped like #25675 (71b25b0d48), which dropped ``import vllm.envs as envs`` from ``vllm/config/compilation.py``:
a fork test's ``mock.patch("vllm.config.compilation.envs.VLLM_USE_V1", False)`` merges cleanly and raises on
entry now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/compilation.py"
MOD_BASE = """import pkg.envs as envs
from pkg.helpers import helper

try:
    import fast_path
except ImportError:
    fast_path = None


def resolve():
    return envs.USE_V1


def gone_function():
    return 1
"""
MOD_NEW = (
    MOD_BASE.replace("import pkg.envs as envs\n", "")
    .replace("def gone_function():\n    return 1\n", "def kept():\n    return 2\n")
    .replace("return envs.USE_V1", "return True")
)
FORK = "tests/test_aeon_patch.py"
HEAD = "from unittest import mock\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str = MOD_NEW) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {
            MOD: MOD_BASE,
            "pkg/__init__.py": "",
            "pkg/envs.py": "USE_V1 = True\n",
            "pkg/helpers.py": "def helper(): ...\n",
        },
        {FORK: HEAD + text},
        [("[V0 deprecation] Clean up (#25675)", {MOD: new})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "no longer binds" in r[3]]


@pytest.mark.parametrize(
    "text",
    [
        # a middle part gone: create=True does not help
        'def test_a():\n    with mock.patch("pkg.compilation.envs.USE_V1", False, create=True):\n        pass\n',
        # the last part gone
        'def test_a():\n    with mock.patch("pkg.compilation.gone_function", return_value=2):\n        pass\n',
        # pytest's monkeypatch, by a dotted string
        'def test_a(monkeypatch):\n    monkeypatch.setattr("pkg.compilation.envs.USE_V1", False)\n',
        # a decorator
        '@mock.patch("pkg.compilation.gone_function")\ndef test_a(fake):\n    pass\n',
    ],
)
def test_a_dotted_target_through_a_removed_member_is_an_error(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    [(path, line, severity, message)] = run(git_repo, no_rules, text)
    assert (path, severity) == (FORK, "error") and line in (4, 5)
    assert "no longer binds" in message and "#25675" in message


@pytest.mark.parametrize(
    "text",
    [
        # twins: where the name lives, a member still bound (also under try), a kept function
        'def test_a():\n    with mock.patch("pkg.envs.USE_V1", False):\n        pass\n',
        'def test_a():\n    with mock.patch("pkg.compilation.fast_path", None):\n        pass\n',
        'def test_a():\n    with mock.patch("pkg.compilation.helper"):\n        pass\n',
        # a gone last part the double may create
        'def test_a():\n    with mock.patch("pkg.compilation.gone_function", create=True):\n        pass\n',
        'def test_a(monkeypatch):\n    monkeypatch.setattr("pkg.compilation.gone_function", 1, raising=False)\n',
        # not a double: a plain string
        'NAME = "pkg.compilation.envs.USE_V1"\n',
    ],
)
def test_bound_members_tolerant_doubles_and_plain_strings_stay_quiet(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    assert run(git_repo, no_rules, text) == []


def test_a_module_getattr_may_supply_the_member(git_repo: GitRepo, no_rules: Path) -> None:
    new = MOD_NEW + "\n\ndef __getattr__(name):\n    raise AttributeError(name)\n"
    text = 'def test_a():\n    with mock.patch("pkg.compilation.envs.USE_V1", False):\n        pass\n'
    assert run(git_repo, no_rules, text, new) == []


def test_a_member_the_forks_carry_keeps_in_the_module_is_found_by_the_double(git_repo: GitRepo, no_rules: Path) -> None:
    # review135: the fork's carry imports envs into the module again (below upstream's change: a clean merge)
    kept = MOD_BASE.replace(
        "    fast_path = None\n", "    fast_path = None\nimport pkg.envs as envs  # noqa: E402 the fork's\n"
    )
    sides = s.merge_case(
        git_repo,
        {
            MOD: MOD_BASE,
            "pkg/__init__.py": "",
            "pkg/envs.py": "USE_V1 = True\n",
            "pkg/helpers.py": "def helper(): ...\n",
        },
        {
            MOD: kept,
            FORK: HEAD + 'def test_a():\n    with mock.patch("pkg.compilation.envs.USE_V1", False):\n        pass\n',
        },
        [("[V0 deprecation] Clean up (#25675)", {MOD: MOD_NEW})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if r[0] == FORK and r[2] == "error"] == []


def test_a_star_import_may_bring_the_member(git_repo: GitRepo, no_rules: Path) -> None:
    new = "from pkg.helpers import *  # noqa: F403\n" + MOD_NEW
    text = 'def test_a():\n    with mock.patch("pkg.compilation.envs.USE_V1", False):\n        pass\n'
    assert run(git_repo, no_rules, text, new) == []


@pytest.mark.parametrize(
    "text",
    [
        'def test_a():\n    with mock.patch("pkg.compilation.gone_function", create=True):\n        pass\n',
        'def test_a(monkeypatch):\n    monkeypatch.delattr("pkg.compilation.gone_function", raising=False)\n',
        # the gone member an import of a module (``envs``)
        'def test_a():\n    with mock.patch("pkg.compilation.envs", create=True):\n        pass\n',
    ],
)
def test_a_tolerant_double_of_a_gone_last_part_draws_no_error_of_any_check(
    git_repo: GitRepo, no_rules: Path, text: str
) -> None:
    # review135: symbol drift's string reader (``names '...' in a string``) read the target too
    sides = s.merge_case(
        git_repo,
        {
            MOD: MOD_BASE,
            "pkg/__init__.py": "",
            "pkg/envs.py": "USE_V1 = True\n",
            "pkg/helpers.py": "def helper(): ...\n",
        },
        {FORK: HEAD + text},
        [("[V0 deprecation] Clean up (#25675)", {MOD: MOD_NEW})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if r[0] == FORK and r[2] == "error"] == []


@pytest.mark.parametrize(
    "text",
    [
        # round 3: create=False spelt out; a gone module in the middle of a tolerant double's target
        'def test_a():\n    with mock.patch("pkg.compilation.envs", create=False):\n        pass\n',
        'def test_a():\n    with mock.patch("pkg.old_mod.helper", create=True):\n        pass\n',
        'def test_a():\n    with mock.patch("pkg.old_mod.helper"):\n        pass\n',
    ],
)
def test_an_intolerant_double_or_a_gone_middle_module_still_errs(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    sides = s.merge_case(
        git_repo,
        {
            MOD: MOD_BASE,
            "pkg/__init__.py": "",
            "pkg/envs.py": "USE_V1 = True\n",
            "pkg/helpers.py": "def helper(): ...\n",
            "pkg/old_mod.py": "def helper(): ...\n",
        },
        {FORK: HEAD + text},
        [("[V0 deprecation] Clean up (#25675)", {MOD: MOD_NEW, "pkg/old_mod.py": None})],
    )
    assert {r[1:3] for r in s.rule_rows(git_repo, no_rules, sides, RULE) if r[0] == FORK} == {(5, "error")}
