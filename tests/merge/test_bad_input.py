"""Bad input: one line naming the object, a hint, exit 2, and nothing changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo as demo
from tests.helpers import error_lines, git, run_cli, snapshot


def _merge(capsys: pytest.CaptureFixture[str], ex: demo.Example, *args: str | Path):
    return run_cli("merge", *args, "--repo", ex.fork, "--config", ex.config)


def _one_clean_line(err: str) -> str:
    lines = error_lines(err)  # a loaded machine's heartbeat is no second error line
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert "hint:" in lines[0]
    return lines[0]


@pytest.mark.parametrize("tag", ["v0.29.0; rm -rf ~", "v0.29.0$(id)", "--upload-pack=x", "v0.29..0", "../v0.29.0"])
def test_shell_metacharacters_rejected(capsys: pytest.CaptureFixture[str], example: demo.Example, tag: str) -> None:
    before = snapshot(example.fork)
    result = run_cli("merge", "--repo", example.fork, "--config", example.config, "--", tag)
    assert result.code == 2
    assert "not a valid name" in _one_clean_line(result.err)
    assert snapshot(example.fork) == before


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["v9.9.9"], "tag 'v9.9.9' does not exist"),
        (["v0.29.0", "--onto", "aeon-v0.1.0"], "branch 'aeon-v0.1.0' does not exist"),
        (["v0.29.0", "--upstream-remote", "nosuch"], "remote 'nosuch' does not exist"),
        (["v0.29.0", "--upstream-branch", "upstream/nosuch"], "upstream branch 'upstream/nosuch' does not exist"),
        (["main"], "is not a release tag"),
    ],
)
def test_unknown_objects(
    capsys: pytest.CaptureFixture[str], example: demo.Example, args: list[str], expected: str
) -> None:
    before = snapshot(example.fork)
    result = _merge(capsys, example, *args)
    assert result.code == 2
    assert expected in _one_clean_line(result.err)
    assert snapshot(example.fork) == before


def test_missing_previous_branch(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    git(example.fork, "branch", "-m", "aeon-v0.27.1", "feature")
    before = snapshot(example.fork)
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 2
    assert "no previous fork branch" in _one_clean_line(result.err) and "--onto" in result.err
    assert snapshot(example.fork) == before


def test_existing_target_branch(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    git(example.fork, "branch", "aeon-v0.29.0", "aeon-v0.27.1")
    before = snapshot(example.fork)
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 2
    assert "already exists" in _one_clean_line(result.err)
    assert snapshot(example.fork) == before


def test_run_in_progress_for_another_tag(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    demo.commit(demo.Git(example.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"})
    assert _merge(capsys, example, "v0.29.0").code == 1
    up = demo.Git(example.upstream)
    demo.commit(up, "next (#53001)", {"vllm/version.py": "x = 1\n"})
    up.run("tag", "-a", "v0.30.0", "-m", "v0.30.0")
    before = snapshot(example.fork)
    result = _merge(capsys, example, "v0.30.0", "--onto", "aeon-v0.27.1")
    assert result.code == 2
    line = _one_clean_line(result.err)
    assert "a run for v0.29.0 is in progress" in line and "--abort" in line
    assert snapshot(example.fork) == before


def test_malformed_yaml_names_file_and_line(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    (example.config / "cherry_picks.yaml").write_text("releases:\n  v0.29.0:\n    pick: [{pr: 1\n")
    before = snapshot(example.fork)
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 2
    assert _one_clean_line(result.err).startswith("error: cherry_picks.yaml:4:")
    assert snapshot(example.fork) == before


def test_unknown_ledger_key(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    text = (
        (example.config / "carries.yaml")
        .read_text()
        .replace("    status: active\n", "    status: active\n    owner: me\n", 1)
    )
    (example.config / "carries.yaml").write_text(text)
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 2
    assert "carries.yaml: carries[0].owner: unknown key" in _one_clean_line(result.err)


def test_pick_that_does_not_resolve(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    text = (example.config / "cherry_picks.yaml").read_text().replace("pr: 52816", "pr: 99999")
    (example.config / "cherry_picks.yaml").write_text(text)
    before = snapshot(example.fork)
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 2
    assert "releases.v0.29.0.pick[0]: PR #99999" in _one_clean_line(result.err)
    assert snapshot(example.fork) == before


def test_not_a_repository(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    result = run_cli("merge", "v0.29.0", "--repo", tmp_path, "--config", tmp_path)
    assert result.code == 2
    assert "not a git repository" in _one_clean_line(result.err)


def test_continue_without_a_run(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    result = run_cli("merge", "--continue", "--repo", example.fork)
    assert result.code == 2
    assert "no unfinished aeon-release run" in _one_clean_line(result.err)


def test_user_checkout_dirty_is_left_alone(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    """The merge works in its own worktree: the user's uncommitted work is neither needed clean nor touched."""
    (example.fork / "vllm" / "v1" / "worker" / "gpu_model_runner.py").write_text("# my uncommitted edit\n")
    (example.fork / "scratch.txt").write_text("notes\n")
    before = snapshot(example.fork)
    result = _merge(capsys, example, "v0.29.0", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["state"] == "done"
    assert snapshot(example.fork)[:3] == before[:3]
    assert (example.fork / "scratch.txt").read_text() == "notes\n"


def test_bad_audit_rules_refused_before_merging(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    (example.config / "audits" / "kv_quant.yaml").write_text("rules:\n  - id: x\n    kind: enum-valu\n    message: m\n")
    before = snapshot(example.fork)
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 2
    assert "audits/kv_quant.yaml" in _one_clean_line(result.err)
    assert snapshot(example.fork) == before
    assert not (example.fork / ".git" / "aeon-release" / "runs").exists()


def test_missing_audits_folder_refused_before_merging(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    import shutil

    shutil.rmtree(example.config / "audits")
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 2
    assert "no audits folder" in _one_clean_line(result.err)
    assert not (example.fork / ".git" / "aeon-release" / "runs").exists()
