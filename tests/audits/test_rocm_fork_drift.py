"""Symbol drift on shapes of AMD's ROCm/vllm fork (its upstream merges, replayed by benchmarks/real_fork_replay.py
--fork rocm): the false errors it raised on correct code, each as a class, beside the finding that stays."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- #4223 (2024-05): vllm/model_executor/parallel_utils/communication_op.py -> vllm/distributed/ ------------
OLD_OPS = "vllm/model_executor/parallel_utils/communication_op.py"
NEW_OPS = "vllm/distributed/communication_op.py"
OPS = (
    "def broadcast_object_list(objs, src=0):\n    return objs\n\n\n"
    "def tensor_model_parallel_all_gather(t, dim=-1):\n    return t\n"
)
EXECUTOR = "vllm/executor/torchrun_gpu_executor.py"
FORK_EXECUTOR = (
    "from vllm.model_executor.parallel_utils.communication_op import (broadcast_object_list,\n"
    "                                                                 tensor_model_parallel_all_gather)\n\n\n"
    "def execute_model(output, t):\n"
    "    gathered = tensor_model_parallel_all_gather(t)\n"
    "    broadcast_object_list([output], src=0)\n"
    "    return gathered\n"
)
INITS = {p: "" for p in ("vllm/model_executor/parallel_utils/__init__.py", "vllm/distributed/__init__.py")}


def drift(repo: GitRepo, config: Path, fork: str, upstream: dict[str, str | None]) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {**INITS, OLD_OPS: OPS, "vllm/executor/__init__.py": ""},
        {EXECUTOR: fork},
        [("[Core] Refactor distributed code (#4223)", upstream)],
    )
    report = audit_tree(repo.path, config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == EXECUTOR]


def test_a_call_of_a_moved_name_is_its_imports_finding(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream moved the functions under the same names: only the import changes (the fork's fix, e4af60b4d)."""
    results = drift(git_repo, no_rules, FORK_EXECUTOR, {OLD_OPS: None, NEW_OPS: OPS})
    assert [line for line, _ in results] == [1, 1]
    assert all("which upstream moved" in message for _, message in results)


def test_a_call_of_a_renamed_name_is_still_a_finding(git_repo: GitRepo, no_rules: Path) -> None:
    """Renamed in place: each call has to change, so each says so."""
    renamed = OPS.replace("def broadcast_object_list(", "def broadcast_objects(")
    results = drift(git_repo, no_rules, FORK_EXECUTOR, {OLD_OPS: renamed})
    assert [line for line, _ in results] == [1, 7]
    assert "renamed broadcast_object_list to broadcast_objects" in results[1][1]
