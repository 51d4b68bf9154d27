"""The two silent killers and the SyntaxError, reproduced as real clean git merges."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport, MergeSides, audit_tree
from aeon_release.domain.audits.merge_rules import ENUM_DRIFT as DRIFT
from aeon_release.domain.audits.merge_rules import NEAR_MISS
from aeon_release.domain.audits.merge_rules import OFFSET_TWICE as OFFSET
from tests.audits import shapes
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import three_way

KV = "vllm/v1/kv_cache_interface.py"
KERNEL = "vllm/v1/attention/ops/triton_nvfp4_kv.py"
UNIFIED = "vllm/v1/attention/ops/triton_unified_attention.py"
TRITON_ATTN = "vllm/v1/attention/backends/triton_attn.py"
RUNNER = "vllm/v1/worker/gpu_model_runner.py"
EAGLE3 = "vllm/v1/worker/gpu/spec_decode/eagle/eagle3_utils.py"
DFLASH = "vllm/model_executor/models/qwen3_dflash.py"


def by_rule(report: AuditReport, rule: str) -> list[tuple[str, int, str]]:
    """Findings of ``rule``, including those folded into another rule's finding on the same line."""
    return [(f.path, f.line, f.severity.value) for f in report.findings if rule in f.rule_ids]


def test_enum_renumbered_under_a_fork_literal(git_repo: GitRepo, fleet_config: Path) -> None:
    base = {KV: shapes.KV_INTERFACE, UNIFIED: shapes.UNIFIED_ATTENTION, TRITON_ATTN: shapes.TRITON_ATTN}
    sides = three_way(git_repo, base, {KERNEL: shapes.FORK_NVFP4_KERNEL}, {KV: shapes.KV_INTERFACE_RENUMBERED})
    merged = (git_repo.path / KERNEL).read_text()
    assert "KV_QUANT_MODE == 4" in merged and "NVFP4 = 5" in (git_repo.path / KV).read_text()

    report = git_repo.audit(fleet_config, merge=sides)
    assert by_rule(report, "kv-quant/literals-match-enum") == [(KERNEL, 7, "error")]
    assert by_rule(report, "kv-quant/nvfp4-is-5") == []
    assert by_rule(report, DRIFT) == [(KERNEL, 7, "error")]  # no warning on the enum itself: it would outlive the fix
    # one root cause, one finding: the rule's and the merge-aware check's, folded on the same line
    (literal,) = [f for f in report.findings if f.path == KERNEL and f.line == 7]
    assert literal.rule_ids == ("kv-quant/literals-match-enum", DRIFT)
    message = next(f.message for f in report.findings if f.rule_id == "kv-quant/literals-match-enum")
    assert "KVQuantMode.NVFP4, which is 5 (4 is KVQuantMode.INT4_PER_TOKEN_HEAD now)" in message


def test_the_fork_side_alone_is_clean(git_repo: GitRepo, fleet_config: Path) -> None:
    git_repo.commit(
        {
            KV: shapes.KV_INTERFACE,
            UNIFIED: shapes.UNIFIED_ATTENTION,
            TRITON_ATTN: shapes.TRITON_ATTN,
            KERNEL: shapes.FORK_NVFP4_KERNEL,
        },
        "fork",
    )
    report = git_repo.audit(fleet_config)
    assert by_rule(report, "kv-quant/literals-match-enum") == []
    assert by_rule(report, "kv-quant/nvfp4-is-5") == [(KV, 11, "error")]  # the fork's enum predates #40835


def test_plus_one_applied_twice(git_repo: GitRepo, fleet_config: Path) -> None:
    sides = three_way(
        git_repo,
        {RUNNER: shapes.RUNNER, EAGLE3: shapes.EAGLE3_UTILS},
        {RUNNER: shapes.RUNNER_FORK},
        {RUNNER: shapes.RUNNER_UPSTREAM},
    )
    merged = (git_repo.path / RUNNER).read_text().splitlines()
    fork_line = merged.index("                layer_ids = [i + 1 for i in layer_ids or []]") + 1
    upstream_line = next(i for i, t in enumerate(merged, 1) if 'dflash_config.get("target_layer_ids") or []' in t)

    report = git_repo.audit(fleet_config, merge=sides)
    found = [f for f in report.findings if f.rule_id == "spec-decode/dflash-aux-layer-offset-v1"]
    assert [(f.path, f.line) for f in found] == [(RUNNER, fork_line)]
    assert "returns layer id i+2 (expected i+1)" in found[0].message
    assert f"lines {upstream_line}, {fork_line}" in found[0].message
    assert by_rule(report, "spec-decode/dflash-aux-layer-offset-mrv2") == []
    # the engine's own check sees the same root cause without any rule: one finding (the rule's, with the
    # offset check folded in under `also`), no near-miss warning
    assert by_rule(report, NEAR_MISS) == []
    assert OFFSET in found[0].also and found[0].severity.value == "error"
    assert [f for f in report.findings if f.rule_id == OFFSET] == []
    assert report.errors >= 1


def test_each_side_alone_has_the_right_offset(git_repo: GitRepo, fleet_config: Path) -> None:
    for text in (shapes.RUNNER_FORK, shapes.RUNNER_UPSTREAM):
        git_repo.commit({RUNNER: text, EAGLE3: shapes.EAGLE3_UTILS}, "one side")
        report = git_repo.audit(fleet_config)
        assert by_rule(report, "spec-decode/dflash-aux-layer-offset-v1") == []


def test_auto_merge_that_does_not_compile(git_repo: GitRepo, fleet_config: Path) -> None:
    ours = shapes.DFLASH_MODEL.replace("        input_ids,\n", "        input_ids,\n        positions,\n")
    theirs = shapes.DFLASH_MODEL.replace(
        "        inputs_embeds=None,\n", "        inputs_embeds=None,\n        positions=None,\n"
    )
    sides = three_way(git_repo, {DFLASH: shapes.DFLASH_MODEL}, {DFLASH: ours}, {DFLASH: theirs})
    report = git_repo.audit(fleet_config, merge=sides)
    found = [f for f in report.findings if f.rule_id == "tree/py-compile"]
    assert [(f.path, f.line) for f in found] == [(DFLASH, 8)]
    assert "duplicate argument 'positions'" in found[0].message


def test_conflict_markers_left_in_a_non_python_file(git_repo: GitRepo, fleet_config: Path) -> None:
    half = "<" * 7 + " HEAD\n" + "torch==2.9.0\n" + "=" * 7 + "\n" + "torch==2.10.0\n" + ">" * 7 + " upstream\n"
    git_repo.commit({"requirements/cuda.txt": "numba\n" + half, "docs/index.rst": "Title\n=======\n"}, "oops")
    report = git_repo.audit(fleet_config)
    assert by_rule(report, "tree/conflict-markers") == [
        ("requirements/cuda.txt", 2, "error"),
        ("requirements/cuda.txt", 4, "error"),
        ("requirements/cuda.txt", 6, "error"),
    ]


def test_enum_drift_reaches_fork_code_no_rule_names(git_repo: GitRepo, fleet_config: Path) -> None:
    helper = "vllm/v1/worker/aeon_kv_helpers.py"
    fork = "def wants_fp4(spec):\n    # AEON: NVFP4 KV on GB10\n    return spec.kv_quant_mode == 4\n"
    sides = three_way(git_repo, {KV: shapes.KV_INTERFACE}, {helper: fork}, {KV: shapes.KV_INTERFACE_RENUMBERED})
    report = git_repo.audit(fleet_config, merge=sides)
    assert (helper, 3, "error") in by_rule(report, DRIFT)
    # outside the enum-literal rule's paths: only the drift check sees it
    assert [f for f in report.findings if f.path == helper and f.rule_id != DRIFT] == []


@pytest.mark.parametrize("split", [False, True])
def test_near_miss_inside_one_function(tmp_path: Path, split: bool) -> None:
    body = "".join(f"    step{i} = {i}\n" for i in range(12))
    base = f"def prepare(x):\n{body}    return x\n"
    if split:  # the same two edits, but in two different functions: not a near miss
        base = base.replace("    step5 = 5\n", "    return x\n\n\ndef other(x):\n")
    ours = base.replace("    step1 = 1\n", "    step1 = 1  # fork tweak\n")
    theirs = base.replace("    step10 = 10\n", "    step10 = 11\n")
    repo = GitRepo(tmp_path / "repo")
    sides = three_way(repo, {"m.py": base}, {"m.py": ours}, {"m.py": theirs})
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "none.yaml").write_text("rules: []\n")
    near = [f for f in repo.audit(config, merge=sides).findings if f.rule_id == NEAR_MISS]
    lines = (repo.path / "m.py").read_text().splitlines()
    expected = [] if split else [("m.py", lines.index("    step10 = 11") + 1)]
    assert [(f.path, f.line) for f in near] == expected
    assert all("both inside prepare()" in f.message for f in near)


def test_merged_worktree_of_a_bare_repository(git_repo: GitRepo, fleet_config: Path, tmp_path: Path) -> None:
    """The merge step audits a linked worktree; the repository it names may be bare."""
    sides = three_way(
        git_repo, {KV: shapes.KV_INTERFACE}, {KERNEL: shapes.FORK_NVFP4_KERNEL}, {KV: shapes.KV_INTERFACE_RENUMBERED}
    )
    bare = tmp_path / "bare.git"
    git_repo.git("clone", "--quiet", "--bare", str(git_repo.path), str(bare))
    worktree = tmp_path / "merged"
    subprocess.run(
        ["git", "--git-dir", str(bare), "worktree", "add", "--quiet", "--detach", str(worktree), "HEAD"],
        check=True,
        capture_output=True,
    )
    report = audit_tree(worktree, fleet_config, merge=MergeSides(bare, sides.base, sides.ours, sides.theirs))
    assert (KERNEL, 7, "error") in by_rule(report, DRIFT)


def test_hunks_and_their_place_in_the_merged_file() -> None:
    from aeon_release.domain.audits.merge import Hunk, _Merged, parse_diff

    diff = (
        "diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1,0 +2 @@ a\n+X\n"
        "diff --git a/n.py b/n.py\n--- a/n.py\n+++ b/n.py\n@@ -3 +3,2 @@\n-c\n+c2\n+c3\n"
    )
    assert parse_diff(diff) == {"m.py": [Hunk(1, 0, ("X",), ())], "n.py": [Hunk(3, 1, ("c2", "c3"), ("c",))]}
    merged = "a\nX\nb\nc\nY\nd\n"  # base a b c d; one side put X after line 1, the other Y after line 3
    ours, theirs = Hunk(1, 0, ("X",), ()), Hunk(3, 0, ("Y",), ())
    placed = _Merged(merged, [ours, theirs])
    assert (placed.line_of(theirs), placed.line_of(ours)) == (5, 2)
