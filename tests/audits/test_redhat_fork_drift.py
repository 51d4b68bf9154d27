"""Shapes of red-hat-data-services/vllm's upstream merges (benchmarks/real_fork_replay.py --fork redhat): the
false errors the audit raised on correct merges, each as a class, beside the finding that stays.

The fork's side of 6fe80de8f held a squashed sync of upstream v0.8.4 (852b1e8ec, one plain commit): upstream's
own change, made again on the fork's side.  Git merges an identical change into one copy; nothing in it is
the fork's, so nothing in it may be read as a fork literal or a fork patch.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.constants import RULE as CONSTANT_DRIFT
from aeon_release.domain.audits.drift.sides import own_diff, parse_changes
from aeon_release.domain.audits.drift.symbols import RULE as SYMBOL_DRIFT
from aeon_release.domain.audits.merge_rules import NEAR_MISS
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

# -- #13790 (dd143ef541): CUSTOM_TYPE_PICKLE 2 -> 1, CUSTOM_TYPE_CLOUDPICKLE 3 -> 2 --------------------------
SERIAL = "vllm/v1/serial_utils.py"
SERIAL_BASE = """import pickle

CUSTOM_TYPE_TENSOR = 1
CUSTOM_TYPE_PICKLE = 2
CUSTOM_TYPE_CLOUDPICKLE = 3


def ext_hook(code, data):
    if code == CUSTOM_TYPE_PICKLE:
        return pickle.loads(data)
    if code == CUSTOM_TYPE_CLOUDPICKLE:
        return pickle.loads(data)
    raise NotImplementedError(code)
"""
SERIAL_V084 = SERIAL_BASE.replace(
    "CUSTOM_TYPE_TENSOR = 1\nCUSTOM_TYPE_PICKLE = 2\nCUSTOM_TYPE_CLOUDPICKLE = 3\n",
    "CUSTOM_TYPE_PICKLE = 1\nCUSTOM_TYPE_CLOUDPICKLE = 2\nCUSTOM_TYPE_RAW_VIEW = 3\n",
).replace("def ext_hook(code, data):", "def ext_hook(code: int, data: bytes):")  # 2 lines below: a second hunk
ZERO_COPY = "[V1] Zero-copy tensor/ndarray serialization/transmission (#13790)"
CARRY = "vllm/v1/rhoai_decode.py"
CARRY_TEXT = """# RHOAI: decode a pickled payload
import pickle


def rhoai_decode(code, data):
    if code == 2:  # CUSTOM_TYPE_PICKLE
        return pickle.loads(data)
    return data
"""


def rows(repo: GitRepo, config: Path, fork: dict[str, str], rule: str) -> list[tuple[str, int]]:
    sides = s.merge_case(repo, {SERIAL: SERIAL_BASE}, fork, [(ZERO_COPY, {SERIAL: SERIAL_V084})])
    report = repo.audit(config, merge=sides)
    return [(f.path, f.line) for f in report.findings if f.rule_id == rule and f.suppressed is None]


def test_upstreams_renumbering_synced_on_the_forks_side_is_not_a_fork_literal(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The fork made #13790's change itself (a squashed sync): its ``= 2`` is upstream's line, not a literal the
    fork wrote for the old CUSTOM_TYPE_PICKLE; the fork's own ``code == 2`` is still found."""
    found = rows(git_repo, no_rules, {SERIAL: SERIAL_V084, CARRY: CARRY_TEXT}, CONSTANT_DRIFT)
    assert found == [(CARRY, 6)]


def test_the_same_change_on_both_sides_is_no_near_miss(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's two hunks, 2 lines apart, made on both sides: each side's first hunk sat "near" the other
    side's second (a pair each way); git merges an identical change into one copy, nothing to review."""
    assert rows(git_repo, no_rules, {SERIAL: SERIAL_V084, CARRY: CARRY_TEXT}, NEAR_MISS) == []


# -- #16408 (83b824c8b): BaseProcessingInfo.get_mm_max_tokens_per_item removed, its video helper unused -------
INFO = "vllm/model_executor/models/qwen2_vl.py"
INFO_BASE = """class Qwen2VLProcessingInfo:
    def get_mm_max_tokens_per_item(self, seq_len, mm_counts):
        return {"video": self.get_max_video_tokens(seq_len, mm_counts)}

    def get_max_video_tokens(self, seq_len, mm_counts):
        frames = max(seq_len // 2, 1)
        return frames * 4
"""
INFO_V084 = """class Qwen2VLProcessingInfo:
    def get_dummy_mm_data(self, seq_len, mm_counts):
        frames = max(seq_len // 2, 1)
        return {"video": [None] * frames}

    def get_max_video_tokens(self, seq_len, mm_counts):
        frames = max(seq_len // 2, 1)
        return frames * 4
"""
REMOVE = "[VLM] Remove `BaseProcessingInfo.get_mm_max_tokens_per_item` (#16408)"
MODELS_CARRY = "vllm/model_executor/models/rhoai_registry.py"


def patch_rows(repo: GitRepo, config: Path, fork_info: str) -> list[tuple[str, int]]:
    fork = {INFO: fork_info, MODELS_CARRY: "RHOAI_MODELS = ['whisper']\n"}
    sides = s.merge_case(repo, {INFO: INFO_BASE}, fork, [(REMOVE, {INFO: INFO_V084})])
    report = repo.audit(config, merge=sides)
    return [(f.path, f.line) for f in report.findings if f.rule_id == SYMBOL_DRIFT and "stopped using" in f.message]


def test_upstreams_change_synced_on_the_forks_side_is_no_patch(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's side holds #16408's own change: its new method's ``frames = ...`` line is upstream's, so the
    same text in get_max_video_tokens is no line of the fork's there either (symbol drift owns lines by text)."""
    assert patch_rows(git_repo, no_rules, INFO_V084) == []


def test_a_patch_of_the_forks_own_beside_the_synced_change_is_still_found(git_repo: GitRepo, no_rules: Path) -> None:
    """The same sync plus a line of the fork's own in the helper: that line never runs any more."""
    patched = INFO_V084.replace(
        "        return frames * 4\n", "        frames = min(frames, 768)  # RHOAI\n        return frames * 4\n"
    )
    assert patch_rows(git_repo, no_rules, patched) == [(INFO, 8)]


def test_own_diff_keeps_every_hunk_upstream_did_not_make() -> None:
    """Only a hunk of the same base range and the same lines goes; a file left with none goes with it."""
    same = "@@ -3,2 +3,2 @@ x\n-a = 1\n-b = 2\n+a = 2\n+b = 3"
    mine = f"diff --git a/p.py b/p.py\n--- a/p.py\n+++ b/p.py\n{same}\n@@ -9,0 +10 @@ y\n+c = 4\n"
    mine += "diff --git a/q.py b/q.py\n--- a/q.py\n+++ b/q.py\n@@ -1 +1 @@\n-d = 1\n+d = 2\n"
    theirs = f"diff --git a/p.py b/p.py\n--- a/p.py\n+++ b/p.py\n{same.replace('+3,2 @@ x', '+4,2 @@ z')}\n"
    theirs += "diff --git a/q.py b/q.py\n--- a/q.py\n+++ b/q.py\n@@ -1 +1 @@\n-d = 1\n+d = 2\n"
    own = parse_changes(own_diff(mine, parse_changes(theirs)))
    assert list(own) == ["p.py"]
    assert own["p.py"].added == {10: "c = 4"}
    assert own_diff(mine, parse_changes("")) == mine
