"""A read right of ``and`` after ``hasattr(x, "name")`` runs only where x has the name (drift/fallbacks.py).

#8779's multi-step scheduling went away with ``SchedulerConfig.is_multi_step``: a fork line
``hasattr(scheduler_config, "is_multi_step") and scheduler_config.is_multi_step`` never reads the gone
member on the new release, so symbol drift must not call it a use of what upstream removed.  Whatever the
``hasattr`` itself now answers is guarded_reads' own finding, a separate design, and is not asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, three_way

PACKAGES = {"vllm/__init__.py": ""}
CONFIG = "vllm/config.py"
BASE = (
    "class SchedulerConfig:\n"
    "    num_scheduler_steps: int = 1\n\n"
    "    @property\n"
    "    def is_multi_step(self) -> bool:\n        return self.num_scheduler_steps > 1\n"
)
THEIRS = "class SchedulerConfig:\n    max_num_seqs: int = 128\n"
USE = "vllm/aeon_steps.py"
HEAD = "from vllm.config import SchedulerConfig\n\n\n"


def _removed_rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[str]:
    sides = three_way(git_repo, {CONFIG: BASE, **PACKAGES}, {USE: HEAD + fork}, {CONFIG: THEIRS})
    report = audit(git_repo, sides, tmp_path)
    reads = [f.message for f in report.findings if f.rule_id == RULE and "upstream removed" in f.message]
    return [message for message in reads if not message.startswith(("hasattr(", "getattr("))]


@pytest.mark.parametrize(
    "body",
    [
        "def steps(scheduler_config: SchedulerConfig) -> bool:\n"
        '    return hasattr(scheduler_config, "is_multi_step") and scheduler_config.is_multi_step\n',
        # the probe among other tests, and the read inside a call on the right
        "def steps(scheduler_config: SchedulerConfig, on: bool) -> bool:\n"
        '    return on and hasattr(scheduler_config, "is_multi_step") and bool(scheduler_config.is_multi_step)\n',
        # getattr with None tested first
        "def steps(scheduler_config: SchedulerConfig) -> bool:\n"
        '    return getattr(scheduler_config, "is_multi_step", None) is not None and scheduler_config.is_multi_step\n',
    ],
)
def test_a_read_right_of_and_after_its_probe_is_not_a_removed_use(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _removed_rows(git_repo, tmp_path, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # the read left of the probe runs first, on every release
        "def steps(scheduler_config: SchedulerConfig) -> bool:\n"
        '    return scheduler_config.is_multi_step and hasattr(scheduler_config, "is_multi_step")\n',
        # a probe that holds where the member is missing guards nothing
        "def steps(scheduler_config: SchedulerConfig) -> bool:\n"
        '    return not hasattr(scheduler_config, "is_multi_step") and scheduler_config.is_multi_step\n',
        # an or: the right side runs where the probe failed
        "def steps(scheduler_config: SchedulerConfig) -> bool:\n"
        '    return hasattr(scheduler_config, "is_multi_step") or scheduler_config.is_multi_step\n',
    ],
)
def test_a_read_the_probe_does_not_guard_is_still_found(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _removed_rows(git_repo, tmp_path, body) != []
