"""Carries that upstream took in a modified form, or whose code upstream moved: told at the plan and at a conflict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aeon_release.adapters.git import Git
from aeon_release.commands import demo_repo as demo
from aeon_release.domain.ledger import Carry, CarryStatus
from aeon_release.pipeline.carry_evidence import CarryDiff, UpstreamRange, parse_patch, significant
from aeon_release.pipeline.merge_plan import _patch_id_evidence
from tests.audits.conftest import GitRepo
from tests.helpers import run_cli

RUNNER = "vllm/v1/worker/gpu_model_runner.py"


def merge(capsys: pytest.CaptureFixture[str], ex: demo.Example, *extra: str | Path):
    return run_cli("merge", *extra, "--repo", ex.fork, "--config", ex.config)


def release(ex: demo.Example, subject: str, files: dict[str, str], tag: str = "v0.30.0") -> None:
    up = demo.Git(ex.upstream)
    demo.commit(up, subject, files)
    up.run("tag", "-a", tag, "-m", tag)


def drop_pr_numbers(ex: demo.Example) -> None:
    text = (ex.config / "carries.yaml").read_text()
    (ex.config / "carries.yaml").write_text(
        "\n".join(line for line in text.splitlines() if "upstream_pr" not in line) + "\n"
    )


@pytest.mark.parametrize("with_pr", [False, True])
def test_modified_carry_is_probably_upstreamed(
    capsys: pytest.CaptureFixture[str], example: demo.Example, with_pr: bool
) -> None:
    """Upstream takes the carry with its own comment, the helper above cdiv, under another PR: no patch-id match."""
    if not with_pr:
        drop_pr_numbers(example)
    helper = (
        demo.TORCH_UTILS_CARRY[len(demo.TORCH_UTILS) :]
        .strip("\n")
        .replace(
            "    # NHD-safe: slice the packed cache, never as_strided (carried from upstream PR 44389).\n",
            "    # Slicing keeps NHD layouts valid.\n",
        )
    )
    release(
        example,
        "[Quant] NVFP4 KV cache split helper (#44390)",
        {
            "vllm/utils/torch_utils.py": helper + "\n\n\n" + demo.TORCH_UTILS,
            "vllm/v1/attention/backends/triton_attn.py": demo.TRITON_ATTN_CARRY,
        },
    )
    result = merge(capsys, example, "v0.30.0", "--dry-run", "--json")
    assert result.code == 0, result.err
    plan = {c["id"]: c for c in json.loads(result.out)["carries"]}
    review = plan["triton-nvfp4-kv"]["review"]
    assert review.startswith("probably upstreamed: review (6 of 6 of its added lines are in upstream's diff")
    assert "#44390 '[Quant] NVFP4 KV cache split helper (#44390)'" in review
    assert "review" not in plan["uma-clamp"]


def test_carry_not_in_upstream_gets_no_review(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    drop_pr_numbers(example)
    result = merge(capsys, example, "v0.29.0", "--dry-run", "--json")
    assert all("review" not in c for c in json.loads(result.out)["carries"])


def test_conflict_in_a_carried_file_that_upstream_already_fixed(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    release(
        example,
        "[Core] clamp cudagraph memory estimate (#51000)",
        {
            RUNNER: demo.RUNNER.replace(
                "        estimate = before - after\n",
                "        estimate = before - after\n        # Unified memory may report a negative delta.\n        estimate = max(estimate, 0)\n",
            )
        },
    )
    result = merge(capsys, example, "v0.30.0", "--json")
    assert result.code == 1
    [conflict] = json.loads(result.out)["conflicts"]
    [note] = conflict["carry_notes"]
    assert note["carry"] == "uma-clamp"
    assert note["upstreamed"].startswith("upstreamed: take theirs (1 of 1 of its added lines are in upstream's diff")
    assert "#51000" in note["upstreamed"] and "moved" not in note
    assert "carry uma-clamp: upstreamed: take theirs" in result.err


def test_conflict_where_upstream_moved_the_patched_code(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    moved = (
        "def estimate_cudagraph_memory(before: int, after: int) -> int:\n"
        "    estimate = before - after\n    return estimate\n"
    )
    runner = demo.RUNNER.replace(
        "    def estimate_cudagraph_memory(self, before: int, after: int) -> int:\n"
        "        estimate = before - after\n        return estimate\n\n",
        "",
    )
    release(
        example,
        "[Refactor] cudagraph memory helpers in their own module (#51001)",
        {RUNNER: runner, "vllm/v1/worker/cudagraph_memory.py": moved},
    )
    result = merge(capsys, example, "v0.30.0", "--json")
    assert result.code == 1
    [conflict] = json.loads(result.out)["conflicts"]
    [note] = conflict["carry_notes"]
    assert note == {
        "carry": "uma-clamp",
        "moved": "upstream moved the code it patched to "
        "vllm/v1/worker/cudagraph_memory.py: 2 of the 3 context lines gone from "
        f"{RUNNER} are there now",
    }


def test_patch_parsing_and_significant_lines() -> None:
    diff = parse_patch(
        "diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,3 @@\n def f(x):\n"
        "-    return x\n+    # note\n+    return x + 1\n"
    )
    assert diff == CarryDiff(
        added={"m.py": ["    # note", "    return x + 1"]}, context={"m.py": ["def f(x):", "    return x"]}
    )
    assert significant(["    # note", "    return x + 1", "    )", ""]) == ["return x + 1"]


@pytest.mark.parametrize("upstream_took_it", [False, True])
def test_a_carry_that_adds_only_a_marker_comment_is_matched_without_a_history_walk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, upstream_took_it: bool
) -> None:
    """A marker comment is all some carries add.  Upstream's diff of the range lacks it: no twin can
    still count, so the range's history is not walked (seconds on a large release).  Upstream added
    the same comment in a commit of its own: the twin is found by patch-id, as before."""
    git_repo = GitRepo(tmp_path / "repo")
    text = "def f():\n    return 1\n"
    base = git_repo.commit({"m.py": text}, "base")
    carry = git_repo.commit({"m.py": text + "# aeon-marker-comment\n"}, "Carry the marker")
    git_repo.git("checkout", "-q", base)
    if upstream_took_it:
        git_repo.commit({"m.py": text + "# aeon-marker-comment\n"}, "Upstream adds the comment")
    tag = git_repo.commit({"other.py": "x = 1\n"}, "release")
    walked: list[list[str]] = []
    real = Git.commits_changing_exactly
    monkeypatch.setattr(Git, "commits_changing_exactly", lambda self, r, p: walked.append(p) or real(self, r, p))
    git = Git(git_repo.path)
    marker = Carry(id="marker", title="m", status=CarryStatus.ACTIVE, commits=(carry,))
    found = _patch_id_evidence(git, marker, UpstreamRange(git, base, tag))
    assert (found is not None) is upstream_took_it
    assert bool(walked) is upstream_took_it


def test_the_tags_commits_come_from_one_walk_of_upstreams_branch(tmp_path: Path) -> None:
    """The plan walks upstream's branch once: the tag's own commits since the base are those of that
    walk the tag reaches (merges and side branches included), exactly as `git log TAG ^BASE` has
    them; a tag off the branch (a release branch's) is not reached."""
    from aeon_release.pipeline.merge_plan import _reachable

    repo = GitRepo(tmp_path / "repo")
    base = repo.commit({"a.py": "a = 0\n"}, "base")
    repo.git("checkout", "-q", "-b", "side")
    repo.commit({"s.py": "s = 1\n"}, "side work (#2)")
    repo.git("checkout", "-q", "-")
    repo.commit({"a.py": "a = 1\n"}, "main work (#1)")
    repo.merge("side")
    tag = repo.commit({"a.py": "a = 2\n"}, "release (#3)")
    repo.commit({"a.py": "a = 3\n"}, "after the release (#4)")
    repo.git("checkout", "-q", "-b", "backports", base)
    backport = repo.commit({"b.py": "b = 1\n"}, "backport (#5)")
    main = repo.git("rev-parse", "main" if repo.git("branch", "--list", "main") else "master")
    git = Git(repo.path)
    history = git.history(main, f"^{base}")
    assert _reachable(history, tag) == git.commits(tag, f"^{base}")
    assert len(git.commits(tag, f"^{base}")) == 4
    assert _reachable(history, backport) is None


def test_a_carry_whose_comment_upstreams_diff_shows_kept_is_still_matched_by_patch_id(tmp_path: Path) -> None:
    """Upstream took the carry (same patch) and later dropped the old function that held the same
    comment: the range's diff aligns the carry's comment with the old one and shows it kept, not
    added.  The twin still leaves the comment in the tag, so the carry is upstreamed, as before
    comments counted."""
    git_repo = GitRepo(tmp_path / "repo")
    comment = "    # the scheduler owns this buffer\n"
    old = "def f(buf):\n" + comment + "    return buf.view(-1)\n"
    new = "def g(buf):\n" + comment + "    return buf.flatten()\n"
    base = git_repo.commit({"m.py": old}, "base")
    carry = git_repo.commit({"m.py": old + "\n\n" + new}, "Carry g")
    git_repo.git("checkout", "-q", base)
    git_repo.commit({"m.py": old + "\n\n" + new}, "Upstream adds g (#1)")
    tag = git_repo.commit({"m.py": new}, "Upstream drops f (#2)")
    git = Git(git_repo.path)
    assert "+" + comment.rstrip("\n") not in git.run("diff", "-U0", base, tag)  # the comment shows kept
    found = _patch_id_evidence(
        git, Carry(id="g", title="g", status=CarryStatus.ACTIVE, commits=(carry,)), UpstreamRange(git, base, tag)
    )
    assert found is not None and found.startswith("patch-id equivalent")
