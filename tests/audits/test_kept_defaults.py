"""A fork override that repeats a default of the base method upstream then changed (merge/default-drift).

Shaped like real vLLM changes: f186cfe75e (#MRV2, DeepSeek V3.2 hang) turned
``GPUModelRunner._dummy_run(..., skip_attn=True)`` into ``skip_attn=False``; 2afcec4dec turned
``TokenizerLike.decode(..., skip_special_tokens=True)`` into ``False``; a88b3be7c4 turned a fusion
pattern's ``__init__(..., has_col_major_scales=False)`` into ``True``.  A fork subclass written against
the old base keeps the old default: a caller that leaves the argument out gets the new value from
upstream's classes and the old one from the fork's, and nothing fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE = "vllm/v1/worker/gpu_model_runner.py"
FORK = "vllm/v1/worker/aeon_runner.py"
RUNNER = """class GPUModelRunner:
    def __init__(self, vllm_config, device, has_col_major_scales: bool = False):
        self.device = device

    def _dummy_run(self, num_tokens: int, skip_attn: bool = True, uniform_decode: bool = False):
        return num_tokens

    def capture_model(self) -> None:
        self._dummy_run(16)
"""
FORK_BASE = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\nclass Unrelated:\n    pass\n"
OVERRIDE = (
    FORK_BASE
    + """

class AeonRunner(GPUModelRunner):  # AEON
    def _dummy_run(self, num_tokens: int, skip_attn: bool = True, uniform_decode: bool = False):
        return super()._dummy_run(num_tokens, skip_attn, uniform_decode)
"""
)
INIT = (
    FORK_BASE
    + """

class AeonRunner(GPUModelRunner):  # AEON
    def __init__(self, vllm_config, device, has_col_major_scales: bool = False):
        super().__init__(vllm_config, device, has_col_major_scales)
"""
)
FLIPPED = RUNNER.replace("skip_attn: bool = True", "skip_attn: bool = False")


def findings(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo, {BASE: RUNNER, FORK: FORK_BASE}, {FORK: fork}, [("Fix hang (#31234)", {BASE: upstream})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DEFAULT_DRIFT]


def line_of(git_repo: GitRepo, text: str) -> int:
    return next(i for i, line in enumerate((git_repo.path / FORK).read_text().splitlines(), 1) if text in line)


def test_an_override_keeping_the_old_default_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = findings(git_repo, no_rules, OVERRIDE, FLIPPED)
    assert (line, severity) == (line_of(git_repo, "def _dummy_run"), "warning")
    assert "AeonRunner._dummy_run overrides GPUModelRunner._dummy_run with skip_attn=True" in message
    assert "upstream changed to False" in message and "#31234" in message
    assert "gets False from upstream's classes and True from the fork's" in message


def test_a_constructor_keeping_the_old_default_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = RUNNER.replace("has_col_major_scales: bool = False", "has_col_major_scales: bool = True")
    [(line, _, message)] = findings(git_repo, no_rules, INIT, upstream)
    assert line == line_of(git_repo, "def __init__")
    assert "AeonRunner.__init__ overrides GPUModelRunner.__init__ with has_col_major_scales=False" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the fork chose its own default: not the base's old one
        (OVERRIDE.replace("skip_attn: bool = True", "skip_attn: bool = False"), RUNNER.replace("= True", "= None")),
        (
            OVERRIDE.replace("uniform_decode: bool = False", "uniform_decode: bool = True"),
            RUNNER.replace("uniform_decode: bool = False", "uniform_decode: bool = None"),
        ),
        # upstream changed another parameter's default, not one the override repeats
        (OVERRIDE.replace(", skip_attn: bool = True", ""), FLIPPED),
        # the fork already takes the new default
        (OVERRIDE.replace("skip_attn: bool = True", "skip_attn: bool = False"), FLIPPED),
        # a None that the base resolves to the old value is a refactor
        (
            OVERRIDE,
            RUNNER.replace("skip_attn: bool = True", "skip_attn: bool | None = None").replace(
                "        return num_tokens\n",
                "        if skip_attn is None:\n            skip_attn = True\n        return num_tokens\n",
            ),
        ),
    ],
)
def test_an_override_whose_defaults_still_agree_is_silent(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    assert findings(git_repo, no_rules, fork, upstream) == []
