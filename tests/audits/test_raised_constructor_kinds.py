"""Raised-kind drift through a constructor: a call of a class runs its ``__init__``, whose kind upstream changed.

Shaped like vLLM's #17772 (dd2a94596a), which made ``Qwen2Model.__init__``'s ``raise ValueError(...)`` on a
sliding window for only some layers an ``assert``: a fork's ``try: Qwen2Model(...)`` / ``except ValueError:``
merges cleanly, the handler never runs again, and the AssertionError escapes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

QWEN = "pkg/qwen2.py"
QWEN_BASE = """class Qwen2Model:
    def __init__(self, config, prefix: str = "") -> None:
        if config.sliding_window and config.max_window_layers < config.num_hidden_layers:
            raise ValueError("Sliding window for some but all layers is not supported")
        self.prefix = prefix


class OtherModel:
    def __init__(self, config) -> None:
        if not config:
            raise ValueError("no config")
"""
QWEN_17772 = QWEN_BASE.replace(
    '            raise ValueError("Sliding window for some but all layers is not supported")\n',
    '            assert config.max_window_layers == config.num_hidden_layers, "Sliding window for some layers"\n',
)
SUBJECT = "[Model] Allow the use of sliding window in Qwen2 (#17772)"
FORK = "pkg/aeon_build.py"
HEADER = (
    "# AEON: the Spark's own model serves partial sliding windows\nfrom pkg.qwen2 import OtherModel, Qwen2Model\n\n\n"
)


def run(
    git_repo: GitRepo, no_rules: Path, body: str, new: str = QWEN_17772, base: str = QWEN_BASE
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {QWEN: base, "pkg/__init__.py": ""}, {FORK: HEADER + body}, [(SUBJECT, {QWEN: new})])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


BUILD = "def build(config):\n    try:\n        return Qwen2Model(config, prefix='model')\n    except {caught}:\n        return None\n"


def test_a_handler_round_a_constructor_whose_raise_upstream_made_an_assert(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = run(git_repo, no_rules, BUILD.format(caught="ValueError"))
    assert (line, severity) == (8, "error")
    assert "catches ValueError from Qwen2Model.__init__(), which upstream made raise AssertionError" in message
    assert "#17772" in message


MODULE_BASE = "class Module:\n    def __init__(self) -> None:\n        pass\n\n\n"
MLP = "class Qwen2MLP(Module):\n    def __init__(self, act: str) -> None:\n        super().__init__()\n        if act != 'silu':\n            raise ValueError(act)\n\n\n"


def test_a_super_init_reaches_only_the_base_it_names(git_repo: GitRepo, no_rules: Path) -> None:
    """``super().__init__()`` in the model runs its base's ``__init__``, not the MLP's that still raises ValueError."""
    with_super = QWEN_BASE.replace("class Qwen2Model:", "class Qwen2Model(Module):").replace(
        "        self.prefix = prefix\n", "        super().__init__()\n        self.prefix = prefix\n", 1
    )
    base = MODULE_BASE + MLP + with_super
    new = (
        MODULE_BASE
        + MLP
        + with_super.replace(
            '            raise ValueError("Sliding window for some but all layers is not supported")\n',
            '            assert config.max_window_layers == config.num_hidden_layers, "Sliding window for some layers"\n',
        )
    )
    [(line, _, _)] = run(git_repo, no_rules, BUILD.format(caught="ValueError"), new, base)
    assert line == 8


def test_a_super_init_of_a_base_still_raising_the_kind_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Near miss: the model derives from the MLP here, whose ``__init__`` (run by ``super()``) still raises it."""
    with_super = QWEN_BASE.replace("class Qwen2Model:", "class Qwen2Model(Qwen2MLP):").replace(
        "        self.prefix = prefix\n", "        super().__init__('silu')\n        self.prefix = prefix\n", 1
    )
    base = MODULE_BASE + MLP + with_super
    new = (
        MODULE_BASE
        + MLP
        + with_super.replace(
            '            raise ValueError("Sliding window for some but all layers is not supported")\n',
            '            assert config.max_window_layers == config.num_hidden_layers, "Sliding window for some layers"\n',
        )
    )
    assert run(git_repo, no_rules, BUILD.format(caught="ValueError"), new, base) == []


def test_an_assert_made_a_raise_round_a_constructor(git_repo: GitRepo, no_rules: Path) -> None:
    """The other way round (the kind #49134 changed, through a constructor)."""
    base, new = QWEN_17772, QWEN_BASE
    sides = s.merge_case(
        git_repo,
        {QWEN: base, "pkg/__init__.py": ""},
        {FORK: HEADER + BUILD.format(caught="AssertionError")},
        [(SUBJECT, {QWEN: new})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [(f.line, f.severity.value) for f in report.findings if f.rule_id == RULE] == [(8, "error")]


@pytest.mark.parametrize(
    ("body", "new"),
    [
        (BUILD.format(caught="(ValueError, AssertionError)"), QWEN_17772),  # both kinds caught
        (BUILD.format(caught="Exception"), QWEN_17772),
        (
            BUILD.replace("Qwen2Model(config, prefix='model')", "OtherModel(config)").format(caught="ValueError"),
            QWEN_17772,
        ),
        (BUILD.format(caught="ValueError"), QWEN_BASE.replace('prefix: str = ""', 'prefix: str = "m"')),  # kept
        (
            "class Qwen2Model:\n    def __init__(self, config, prefix=''):\n        raise ValueError\n\n\n"
            + BUILD.format(caught="ValueError"),
            QWEN_17772,
        ),  # the fork's own class of the name
    ],
    ids=["both", "exception", "another-class", "kept", "fork-class"],
)
def test_constructor_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, new: str) -> None:
    assert run(git_repo, no_rules, body, new) == []
