"""Wrapped field drift: upstream now sets an attribute to a class of its own that cannot be subscripted.

Shaped like vLLM #23515 (0ff902f3b4), which folded GPUModelRunner's persistent buffers into ``CpuGpuBuffer``:
``self.positions = torch.zeros(...)`` became ``self.positions = self._make_buffer(...)`` (``-> CpuGpuBuffer``,
holding ``.cpu``/``.gpu``/``.np``).  A fork runner subclass's ``self.positions[:num_tokens]`` merges cleanly and
raises TypeError on the first step.  Twins: the fork's class sets the attribute itself, the new class subscripts,
the fork indexes the buffer the class holds, the attribute was the same class before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/v1/__init__.py": ""}
UTILS = "vllm/v1/utils.py"
UTILS_TEXT = """import torch


class CpuGpuBuffer:
    def __init__(self, *size, dtype, device) -> None:
        self.cpu = torch.zeros(*size, dtype=dtype)
        self.np = self.cpu.numpy()
        self.gpu = self.cpu.to(device)

    def copy_to_gpu(self, n=None):
        return self.gpu[:n].copy_(self.cpu[:n], non_blocking=True)
"""
RUNNER = "vllm/v1/runner.py"
RUNNER_BASE = """import torch

from vllm.v1.utils import CpuGpuBuffer


class GPUModelRunner:
    def __init__(self, max_num_tokens: int, device) -> None:
        self.device = device
        self.positions = torch.zeros(max_num_tokens, dtype=torch.int64, device=device)

    def _make_buffer(self, *size, dtype) -> CpuGpuBuffer:
        return CpuGpuBuffer(*size, dtype=dtype, device=self.device)
"""
RUNNER_THEIRS = RUNNER_BASE.replace(
    "self.positions = torch.zeros(max_num_tokens, dtype=torch.int64, device=device)",
    "self.positions = self._make_buffer(max_num_tokens, dtype=torch.int64)",
)
FORK = "vllm/v1/aeon_runner.py"
FORK_TEXT = """from vllm.v1.runner import GPUModelRunner


class AeonModelRunner(GPUModelRunner):
    def aeon_positions(self, num_tokens: int):
        return self.positions[:num_tokens]
"""


def _case(git_repo: GitRepo, tmp_path: Path, fork: str, utils: str = UTILS_TEXT, base: str = RUNNER_BASE) -> list:
    files = {UTILS: utils, RUNNER: base, **PACKAGES}
    sides = three_way(git_repo, files, {FORK: fork}, {RUNNER: RUNNER_THEIRS})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize(
    "fork",
    [
        FORK_TEXT,
        FORK_TEXT.replace("return self.positions[:num_tokens]", "self.positions[:num_tokens] = 0"),
        "from vllm.v1.runner import GPUModelRunner\n\n\n"
        "def aeon_positions(runner: GPUModelRunner, num_tokens: int):\n    return runner.positions[:num_tokens]\n",
    ],
    ids=["a slice in a subclass", "a store into a slice", "a read off a typed receiver"],
)
def test_a_subscript_of_an_attribute_upstream_wrapped_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _case(git_repo, tmp_path, fork) == [(FORK, line_of(fork, "positions["), "error")]


OWN = FORK_TEXT.replace(
    "class AeonModelRunner(GPUModelRunner):\n",
    "class AeonModelRunner(GPUModelRunner):\n    def __init__(self, max_num_tokens: int, device) -> None:\n"
    "        super().__init__(max_num_tokens, device)\n        self.positions = [0] * max_num_tokens\n\n",
)
SUBSCRIPTS = UTILS_TEXT + "\n    def __getitem__(self, index):\n        return self.cpu[index]\n"
WRAPPED = RUNNER_BASE.replace(
    "torch.zeros(max_num_tokens, dtype=torch.int64, device=device)",
    "CpuGpuBuffer(max_num_tokens, dtype=torch.int64, device=device)",
)


@pytest.mark.parametrize(
    ("fork", "utils", "base"),
    [
        (OWN, UTILS_TEXT, RUNNER_BASE),
        (FORK_TEXT.replace("self.positions[:num_tokens]", "self.positions.cpu[:num_tokens]"), UTILS_TEXT, RUNNER_BASE),
        (FORK_TEXT, SUBSCRIPTS, RUNNER_BASE),
        (FORK_TEXT, UTILS_TEXT, WRAPPED),
    ],
    ids=[
        "the fork's class sets its own value",
        "the buffer the class holds",
        "the class subscripts",
        "already wrapped",
    ],
)
def test_the_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str, utils: str, base: str) -> None:
    assert _case(git_repo, tmp_path, fork, utils=utils, base=base) == []
