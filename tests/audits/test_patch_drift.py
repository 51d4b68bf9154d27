"""Symbol drift: a fork's monkeypatch of a name upstream renamed or removed.

``runner.compute = aeon_compute`` and ``Runner.hook = aeon_hook`` are how a fork swaps in its own
code at import time.  When upstream renames the target, the assignment still runs: it adds a new
attribute that nothing reads, and the fork's code silently stops running.  (A read of a vanished
name at least fails; a write never does.)  The same holds for a field set on an annotated object.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "vllm/v1/worker/gpu_worker.py"
LIB_BASE = """from dataclasses import dataclass


@dataclass
class WorkerConfig:
    gpu_memory_utilization: float = 0.9


class Worker:
    def init_device(self) -> int:
        return 0


def compile_or_warm_up_model(n: int) -> int:
    return n
"""
RENAMED = (
    LIB_BASE.replace("def init_device(", "def initialize_device(")
    .replace("def compile_or_warm_up_model(", "def warm_up_model(")
    .replace("gpu_memory_utilization:", "memory_fraction:")
)
FORK = "vllm/v1/worker/aeon_patches.py"
SUBJECT = "[Worker] Rename the warm-up entry points (#53100)"
PATCHES = {
    "module, imported as a name": (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n\n"
        "def aeon_warm_up(n: int) -> int:\n    return n + 1\n\n\n"
        "gpu_worker.compile_or_warm_up_model = aeon_warm_up  # AEON: GB10 warm-up\n",
        "sets gpu_worker.compile_or_warm_up_model, which upstream renamed compile_or_warm_up_model to warm_up_model",
    ),
    "module, imported from its package": (
        "from vllm.v1.worker import gpu_worker\n\n\n"
        "def aeon_warm_up(n: int) -> int:\n    return n + 1\n\n\n"
        "gpu_worker.compile_or_warm_up_model = aeon_warm_up  # AEON: GB10 warm-up\n",
        "sets gpu_worker.compile_or_warm_up_model, which upstream renamed",
    ),
    "class": (
        "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
        "def aeon_init_device(self) -> int:\n    return 1\n\n\n"
        "Worker.init_device = aeon_init_device  # AEON: GB10 device\n",
        "sets Worker.init_device, which upstream renamed Worker.init_device to Worker.initialize_device",
    ),
    "field of an annotated object": (
        "from vllm.v1.worker.gpu_worker import WorkerConfig\n\n\n"
        "def aeon_config(config: WorkerConfig) -> None:\n"
        "    config.gpu_memory_utilization = 0.8  # AEON: unified memory\n",
        "sets config.gpu_memory_utilization",
    ),
}


def patched(repo: GitRepo, config: Path, fork: str, upstream: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {LIB: LIB_BASE, "vllm/v1/worker/__init__.py": ""}, {FORK: fork}, [(SUBJECT, {LIB: upstream})]
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize("case", sorted(PATCHES))
def test_a_patch_of_a_renamed_name_sets_nothing_anyone_reads(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    fork, said = PATCHES[case]
    [(line, message)] = patched(git_repo, no_rules, fork, RENAMED)
    assert fork.splitlines()[line - 1].rstrip().endswith(("warm-up", "device", "memory"))
    assert said in message and "nothing reads the fork's value any more" in message and "#53100" in message


@pytest.mark.parametrize("case", sorted(PATCHES))
def test_a_patch_of_a_name_upstream_kept_is_silent(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    assert patched(git_repo, no_rules, PATCHES[case][0], LIB_BASE + "\n\nX = 1\n") == []


def test_a_new_attribute_of_the_forks_own_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    fork = "import vllm.v1.worker.gpu_worker as gpu_worker\n\ngpu_worker.AEON_PATCHED = True  # AEON\n"
    assert patched(git_repo, no_rules, fork, RENAMED) == []


def test_a_patched_module_still_resolves_the_forks_other_uses(git_repo: GitRepo, no_rules: Path) -> None:
    """``mod.x = ...`` does not rebind ``mod``: a later call through it is still checked."""
    fork = (
        "import vllm.v1.worker.gpu_worker as gpu_worker\n\n"
        "gpu_worker.AEON_PATCHED = True  # AEON\n"
        "gpu_worker.compile_or_warm_up_model(1)  # AEON: warm up at import\n"
    )
    [(line, message)] = patched(git_repo, no_rules, fork, RENAMED)
    assert line == 4 and "calls gpu_worker.compile_or_warm_up_model" in message
