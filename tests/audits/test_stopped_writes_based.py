"""Stopped writes (drift/stopped_writes.py) where upstream's class stores the field nowhere any more but a base of
another module does: #23917 (8de261b04a) took ``self.kv_output_aggregator = ...`` out of the multiproc
executor's ``_init_executor`` and left it to the executor base (``None`` after the constructor's hook, the
aggregator in a setup step the engine calls later).  A fork override calling ``super()._init_executor()`` and
then reading the field raises AttributeError; symbol drift sees the base's store and stays quiet.  The method
also hands ``self`` to ``weakref.finalize``, which keeps a reference and stores nothing on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

BASE_MOD = "vllm/executor_base.py"
EXEC = "vllm/mp_executor.py"
USE = "vllm/aeon_exec.py"
EXEC_BASE = (
    "class ExecutorBase:\n"
    "    def __init__(self, config) -> None:\n"
    "        self.config = config\n"
    "        self._init_executor()\n\n"
    "    def _init_executor(self) -> None:\n"
    "        raise NotImplementedError\n"
)
EXEC_BASE_THEIRS = (
    EXEC_BASE.replace(
        "        self._init_executor()\n", "        self._init_executor()\n        self.aggregator = None\n"
    )
    + "\n    def init_aggregator(self, count: int) -> None:\n        self.aggregator = [0] * count\n"
)
MP = (
    "import weakref\n\nfrom vllm.executor_base import ExecutorBase\n\n\n"
    "class MpExecutor(ExecutorBase):\n"
    "    def _init_executor(self) -> None:\n"
    "        self.world_size = 2\n"
    "        self.output_rank = self.world_size - 1\n"
    "        self.aggregator = [0] * self.world_size\n"
    "        weakref.finalize(self, self.shutdown)\n\n"
    "    def shutdown(self) -> None:\n"
    "        self.world_size = 0\n"
)
MP_THEIRS = MP.replace("        self.aggregator = [0] * self.world_size\n", "")
HEAD = "from vllm.mp_executor import MpExecutor\n\n\n"


def run(git_repo: GitRepo, tmp_path: Path, fork: str, mp_theirs: str = MP_THEIRS) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", BASE_MOD: EXEC_BASE, EXEC: MP}
    sides = three_way(git_repo, base, {USE: fork}, {BASE_MOD: EXEC_BASE_THEIRS, EXEC: mp_theirs})
    return found(audit(git_repo, sides, tmp_path), RULE)


def test_a_field_left_to_a_base_of_another_module_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = HEAD + (
        "class Mine(MpExecutor):\n"
        "    def _init_executor(self) -> None:\n"
        "        super()._init_executor()\n"
        "        self.aeon_agg = self.aggregator\n"
    )
    assert run(git_repo, tmp_path, fork) == [(USE, line_of(fork, "self.aeon_agg = "), "warning")]


def test_a_finalizer_is_no_hand_on(git_repo: GitRepo, tmp_path: Path) -> None:
    """``weakref.finalize(self, ...)`` in the method: the field the class still declares, no longer stored there,
    is read stale after the call (an error, as without the finalizer)."""
    mp = MP.replace(
        "class MpExecutor(ExecutorBase):\n", "class MpExecutor(ExecutorBase):\n    output_rank: int = -1\n\n"
    )
    fork = HEAD + (
        "class Mine(MpExecutor):\n"
        "    def _init_executor(self) -> None:\n"
        "        super()._init_executor()\n"
        "        self.aeon_rank = self.output_rank + 1\n"
    )
    theirs = mp.replace("        self.output_rank = self.world_size - 1\n", "")
    sides = three_way(
        git_repo,
        {"vllm/__init__.py": "", BASE_MOD: EXEC_BASE, EXEC: mp},
        {USE: fork},
        {BASE_MOD: EXEC_BASE_THEIRS, EXEC: theirs},
    )
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "self.aeon_rank = "), "error")]


@pytest.mark.parametrize(
    "body",
    [
        # a field upstream's method still stores
        "        super()._init_executor()\n        self.aeon_rank = self.output_rank\n",
        # the fork sets the field itself first
        "        super()._init_executor()\n        self.aggregator = []\n        self.aeon_agg = self.aggregator\n",
        # read before the call: the base's write never mattered there
        "        self.aeon_agg = getattr(self, 'aeon_seed', None)\n        super()._init_executor()\n",
    ],
    ids=["a kept store", "the fork's own store", "no call before the read"],
)
def test_twins_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = HEAD + "class Mine(MpExecutor):\n    def _init_executor(self) -> None:\n" + body
    assert run(git_repo, tmp_path, fork) == []


def test_a_method_handing_self_to_an_unknown_call_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """A call other than weakref's handed ``self`` may store anything on it: quiet, as before."""
    fork = HEAD + (
        "class Mine(MpExecutor):\n"
        "    def _init_executor(self) -> None:\n"
        "        super()._init_executor()\n"
        "        self.aeon_agg = self.aggregator\n"
    )
    theirs = MP_THEIRS.replace("weakref.finalize(self, self.shutdown)", "register_executor(self)")
    theirs = theirs.replace("import weakref\n", "from vllm.registry import register_executor\n")
    mp = MP.replace("weakref.finalize(self, self.shutdown)", "register_executor(self)")
    mp = mp.replace("import weakref\n", "from vllm.registry import register_executor\n")
    registry = "def register_executor(executor) -> None:\n    executor.aggregator = []\n"
    sides = three_way(
        git_repo,
        {"vllm/__init__.py": "", "vllm/registry.py": registry, BASE_MOD: EXEC_BASE, EXEC: mp},
        {USE: fork},
        {BASE_MOD: EXEC_BASE_THEIRS, EXEC: theirs},
    )
    assert found(audit(git_repo, sides, tmp_path), RULE) == []
