"""The merge in git's object database: no checkout unless a person must act; hooks; kills and faults."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example, git, run_cli, snapshot
from tests.hostile.conftest import spawn_cli, wait_for


def _merge(capsys: pytest.CaptureFixture[str], ex: demo.Example, *args: str | Path):
    return run_cli("merge", *args, "--repo", ex.fork, "--config", ex.config, "--json")


def _continue(capsys: pytest.CaptureFixture[str], ex: demo.Example, *args: str):
    return run_cli("merge", "--continue", "--repo", ex.fork, "--json", *args)


def _hooks(ex: demo.Example, **scripts: str) -> Path:
    hooks = ex.root / "hooks"
    hooks.mkdir(exist_ok=True)
    for name, body in scripts.items():
        script = hooks / name.replace("_", "-")
        script.write_text("#!/bin/sh\n" + body)
        script.chmod(0o755)
    git(ex.fork, "config", "core.hooksPath", str(hooks))
    return hooks


def _worktrees(ex: demo.Example) -> int:
    return git(ex.fork, "worktree", "list", "--porcelain").count("worktree ")


def test_clean_merge_creates_no_worktree(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    """post-checkout runs on every `git worktree add`: it never runs, and nothing is checked out."""
    log = example.root / "checkouts"
    _hooks(example, post_checkout=f'echo "$@" >> {log}\n')
    before = snapshot(example.fork)
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 0, result.err
    assert not log.exists()
    assert not (example.fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0").exists()
    assert snapshot(example.fork)[:3] == before[:3]
    report = json.loads(result.out)
    assert report["worktree"] is None
    assert git(example.fork, "rev-parse", "aeon-v0.29.0") == report["branch_sha"]
    parents = git(example.fork, "log", "--merges", "--format=%P", "-1", "aeon-v0.29.0").split()
    assert parents == [
        git(example.fork, "rev-parse", "aeon-v0.27.1"),
        git(example.fork, "rev-parse", "v0.29.0^{commit}"),
    ]


def test_a_stop_creates_exactly_one_worktree(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    demo.commit(demo.Git(example.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"})
    log = example.root / "checkouts"
    _hooks(example, post_checkout=f'echo "$@" >> {log}\n')
    stopped = _merge(capsys, example, "v0.29.0")
    assert stopped.code == 1
    worktree = Path(json.loads(stopped.out)["worktree"])
    assert worktree.is_dir() and _worktrees(example) == 2
    assert len(log.read_text().splitlines()) == 1
    assert "<<<<<<<" in (worktree / "docs/serving.md").read_text()
    (worktree / "docs/serving.md").write_text("Serving guide for the DGX Spark.\nSpec decode.\n")
    git(worktree, "add", "docs/serving.md")
    done = _continue(capsys, example)
    assert done.code == 0, done.err
    assert _worktrees(example) == 1 and not worktree.exists()
    assert len(log.read_text().splitlines()) == 1  # the rest of the run made no checkout


def test_cherry_pick_keeps_author_and_provenance(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    assert _merge(capsys, example, "v0.29.0").code == 0
    pick = git(example.upstream, "log", "--format=%H", "-1", "--grep=#52816")
    picked = git(example.fork, "log", "--format=%H", "-1", "--grep=#52816", "aeon-v0.29.0")
    assert git(example.fork, "log", "-1", "--format=%an <%ae> %ad", picked) == git(
        example.upstream, "log", "-1", "--format=%an <%ae> %ad", pick
    )
    assert git(example.fork, "log", "-1", "--format=%B", picked).endswith(f"(cherry picked from commit {pick})")
    # the same tree git's own cherry-pick gives
    wt = example.root / "check"
    git(example.fork, "worktree", "add", "-q", "--detach", str(wt), f"{picked}^")
    git(wt, "cherry-pick", "-x", pick)
    assert git(wt, "rev-parse", "HEAD^{tree}") == git(example.fork, "rev-parse", f"{picked}^{{tree}}")


# -- hooks -----------------------------------------------------------------------------------
DCO = 'grep -q "^Signed-off-by: " "$1" || { echo "DCO check: no Signed-off-by line in the message"; exit 1; }\n'


def test_commit_msg_hook_stops_the_run_then_continue_after_the_message_is_fixed(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    _hooks(example, commit_msg=DCO)
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 1
    assert "the commit-msg hook refused the merge commit" in result.err and "DCO check" in result.err
    assert json.loads(result.out)["state"] == "commit-refused"
    assert json.loads(result.out)["worktree"] is None  # a message needs no checkout
    assert git(example.fork, "branch", "--list", "aeon-v0.29.0") == ""
    # --continue runs the hook again (never --no-verify): refused again
    again = _continue(capsys, example)
    assert again.code == 1 and "commit-msg hook refused" in again.err
    for _ in range(4):  # the merge commit, then each pick's commit: sign off in the message file
        message_file = Path(re.search(r"edit the message in (\S+)", again.err)[1])  # type: ignore[index]
        message_file.write_text(
            message_file.read_text().rstrip("\n") + "\n\nSigned-off-by: Aeon Test <test@aeon.invalid>\n"
        )
        again = _continue(capsys, example)
        if again.code == 0:
            break
        assert again.code == 1 and "commit-msg hook refused" in again.err
    assert again.code == 0, again.err
    merge_message = git(example.fork, "log", "--merges", "-1", "--format=%B", "aeon-v0.29.0")
    assert "Signed-off-by: Aeon Test" in merge_message


def test_prepare_commit_msg_hook_shapes_every_message(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    calls = example.root / "calls"
    _hooks(example, prepare_commit_msg=f'echo "$2" >> {calls}\nprintf "\\nReviewed-by: hook\\n" >> "$1"\n')
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 0, result.err
    assert calls.read_text().split() == ["merge", "message"]  # the merge commit, then the pick
    for line in git(example.fork, "log", "--format=%H", "v0.29.0..aeon-v0.29.0", "--not", "aeon-v0.27.1").split():
        assert "Reviewed-by: hook" in git(example.fork, "log", "-1", "--format=%B", line)


def test_pre_merge_commit_hook_runs_in_a_checkout_of_the_merge(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    flag = example.root / "allow"
    _hooks(
        example,
        pre_merge_commit=f"test -f vllm/model_executor/models/dflash2.py && exit 1\n"
        f'test -f {flag} || {{ echo "lint: vllm/version.py looks wrong"; exit 1; }}\n',
    )
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 1
    assert "the pre-merge-commit hook refused the merge commit" in result.err and "lint: vllm/version.py" in result.err
    report = json.loads(result.out)
    assert report["state"] == "commit-refused" and Path(report["worktree"]).is_dir()
    flag.touch()
    done = _continue(capsys, example)
    assert done.code == 0, done.err
    assert json.loads(done.out)["state"] == "done"


def test_gpg_signing_without_gpg_names_gpg(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    git(example.fork, "config", "commit.gpgSign", "true")
    git(example.fork, "config", "gpg.program", str(example.root / "no-such-gpg"))
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 1
    assert "gpg" in result.err and "commit.gpgSign" in result.err and "Traceback" not in result.err
    git(example.fork, "config", "commit.gpgSign", "false")
    done = _continue(capsys, example)
    assert done.code == 0, done.err


# -- kills and faults ------------------------------------------------------------------------
def _slow_merge_driver(ex: demo.Example, path: str, flag: Path) -> None:
    """A merge driver (.git/info/attributes) that holds git inside the merge: a place to kill it."""
    (ex.fork / ".git" / "info").mkdir(exist_ok=True)
    (ex.fork / ".git" / "info" / "attributes").write_text(f"{path} merge=slow\n")
    git(ex.fork, "config", "merge.slow.driver", f"touch {flag}; sleep 60")


def _kill_when(flag: Path, ex: demo.Example) -> None:
    proc = spawn_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    wait_for(flag.exists, f"the kill point ({flag.name})", proc)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.join()


@pytest.mark.parametrize("where", ["merge", "cherry-pick"])
def test_kill_inside_git_then_continue_redoes_the_step(
    capsys: pytest.CaptureFixture[str], example: demo.Example, where: str
) -> None:
    fork = demo.Git(example.fork)
    if where == "merge":
        path = "docs/serving.md"
        demo.commit(fork, "Fork docs tweak", {path: "Serving guide for the DGX Spark.\n"})
    else:
        path = "vllm/model_executor/models/dflash2.py"
        demo.commit(fork, "Fork's own DFlash 2 stub", {path: "LAYERS = 1\n"})
    before = snapshot(example.fork)
    flag = example.root / "inside-git"
    _slow_merge_driver(example, path, flag)
    _kill_when(flag, example)
    git(example.fork, "config", "--unset", "merge.slow.driver")
    (example.fork / ".git" / "info" / "attributes").unlink()
    assert "running" in run_cli("status", "--repo", example.fork).out
    stopped = _continue(capsys, example)  # redone from its recorded start: the conflict, for a person
    assert stopped.code == 1, stopped.err
    report = json.loads(stopped.out)
    assert [c["file"] for c in report["conflicts"]] == [path]
    worktree = Path(report["worktree"])
    git(worktree, "checkout", "--ours", path)
    git(worktree, "add", path)
    done = _continue(capsys, example)
    assert done.code == 0, done.err
    assert git(example.fork, "log", "--format=%s", "v0.29.0..aeon-v0.29.0").count("(#52816)") <= 1
    assert snapshot(example.fork)[:3] == before[:3]


def _big_file() -> str:
    """About 300 KB that zlib cannot shrink much (so git's loose object is as big)."""
    import base64
    import random

    rng = random.Random(7)
    return "\n".join(base64.b64encode(rng.randbytes(57)).decode() for _ in range(5500)) + "\n"


def test_full_disk_inside_git_then_continue(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    """git cannot write the merged blob (EFBIG under RLIMIT_FSIZE stands in for ENOSPC: filling a
    real filesystem needs root to mount one); the run stays at the merge's start, and continues."""
    big = _big_file()
    up, fork = demo.Git(example.upstream), demo.Git(example.fork)
    up.run("checkout", "--quiet", "-b", "side", "v0.27.1")
    demo.commit(up, "Add data", {"vllm/data.txt": big})
    up.run("checkout", "--quiet", "main")
    up.run("merge", "--quiet", "--no-edit", "side")
    demo.commit(up, "Data tail (#53400)", {"vllm/data.txt": big + "upstream tail\n"})
    up.run("tag", "-f", "-a", "v0.30.0", "-m", "v0.30.0")
    fork.run("fetch", "--quiet", "upstream", "side")
    fork.run("merge", "--quiet", "--no-edit", "FETCH_HEAD")
    demo.commit(fork, "Fork data head", {"vllm/data.txt": "fork head\n" + big})
    fork.run("fetch", "--quiet", "--tags", "upstream")  # only the merge itself runs short of disk

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))

    cmd = [
        sys.executable,
        "-m",
        "aeon_release",
        "merge",
        "v0.30.0",
        "--repo",
        str(example.fork),
        "--config",
        str(example.config),
        "--json",
    ]
    # no bytecode written under the limit: CPython does not check a short write of a .pyc, and a cut one (100,000
    # bytes of adapters/git's) in the suite's PYTHONPYCACHEPREFIX failed every later import of that module in the
    # checkout ("marshal data too short": five audit tests of a `-n 0` run after this folder, suitespeed10)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"} | {"PYTHONDONTWRITEBYTECODE": "1"}
    full = subprocess.run(cmd, preexec_fn=limited, capture_output=True, text=True, check=False, env=env)
    assert full.returncode == 2, full.stderr
    assert "merge-tree" in full.stderr and "--continue" in full.stderr and "Traceback" not in full.stderr
    assert git(example.fork, "branch", "--list", "aeon-v0.30.0") == ""
    done = _continue(capsys, example)
    assert done.code == 0, done.err
    assert git(example.fork, "show", "aeon-v0.30.0:vllm/data.txt").startswith("fork head\n")
    assert git(example.fork, "show", "aeon-v0.30.0:vllm/data.txt").endswith("upstream tail")


def test_reaudit_after_continue_is_answered_by_the_cache_with_the_same_findings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    first = _merge(capsys, ex, "v0.29.0")
    assert first.code == 1
    again = _continue(capsys, ex)  # nothing fixed: the same findings, from the cache
    assert again.code == 1
    before, after = json.loads(first.out)["audit"], json.loads(again.out)["audit"]
    assert after["findings"] == before["findings"] and after["blocking"] == before["blocking"] > 0
    assert after["files_cached"] > 0 and before["files_cached"] == 0


def test_hook_refusing_a_resolved_conflict_keeps_the_resolution(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    demo.commit(demo.Git(example.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"})
    _hooks(example, commit_msg='grep -q "^Merge" "$1" || exit 0\n' + DCO)
    stopped = _merge(capsys, example, "v0.29.0")
    assert stopped.code == 1
    worktree = Path(json.loads(stopped.out)["worktree"])
    (worktree / "docs/serving.md").write_text("Serving guide for the DGX Spark.\nSpec decode.\n")
    git(worktree, "add", "docs/serving.md")
    refused = _continue(capsys, example)
    assert refused.code == 1 and "the commit-msg hook refused the merge commit" in refused.err
    assert json.loads(refused.out)["state"] == "commit-refused"
    message_file = Path(re.search(r"edit the message in (\S+)", refused.err)[1])  # type: ignore[index]
    message_file.write_text(message_file.read_text() + "\nSigned-off-by: Aeon Test <test@aeon.invalid>\n")
    done = _continue(capsys, example)
    assert done.code == 0, done.err
    assert git(example.fork, "show", "aeon-v0.29.0:docs/serving.md") == "Serving guide for the DGX Spark.\nSpec decode."
    assert "Signed-off-by: Aeon Test" in git(example.fork, "log", "--merges", "-1", "--format=%B", "aeon-v0.29.0")


def test_message_hook_refusing_a_pick_after_an_earlier_stop(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    """The worktree left from the conflict is not where a refused pick is concluded: it is redone."""
    demo.commit(demo.Git(example.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"})
    _hooks(example, commit_msg='grep -q "52816" "$1" || exit 0\n' + DCO)
    worktree = Path(json.loads(_merge(capsys, example, "v0.29.0").out)["worktree"])
    (worktree / "docs/serving.md").write_text("Serving guide for the DGX Spark.\nSpec decode.\n")
    git(worktree, "add", "docs/serving.md")
    refused = _continue(capsys, example)
    assert refused.code == 1 and "refused the commit for picks:#52816" in refused.err
    message_file = Path(re.search(r"edit the message in (\S+)", refused.err)[1])  # type: ignore[index]
    message_file.write_text(message_file.read_text() + "\nSigned-off-by: Aeon Test <test@aeon.invalid>\n")
    done = _continue(capsys, example)
    assert done.code == 0, done.err
    picked = git(example.fork, "log", "-1", "--format=%B", "--grep=52816", "aeon-v0.29.0")
    assert "Signed-off-by: Aeon Test" in picked and "(cherry picked from commit" in picked
