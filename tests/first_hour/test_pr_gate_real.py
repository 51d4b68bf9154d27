"""The pull-request gate in real repositories: the hook at push time, the workflow as zizmor reads it."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
import tomllib
import yaml

from tests.helpers import build_example, git, run_cli

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / "examples" / "github").glob("*.yml"))
KERNEL = "vllm/v1/attention/backends/triton_attn.py"


def _hook_args() -> list[str]:
    """The hook's entry as pre-commit runs it, without the program name: the entry's words."""
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    entry = shlex.split(next(h for h in hooks if h["id"] == "aeon-audit")["entry"])
    assert entry[0] == "aeon-release"
    return entry[1:]


def test_pre_push_hook_catches_a_committed_bad_literal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pre-commit runs pre-push hooks in a clean work tree: the bad literal is in the pushed commit only."""
    ex = build_example(tmp_path / "ex")
    pushed_from = git(ex.fork, "rev-parse", "HEAD")
    kernel = ex.fork / KERNEL
    kernel.write_text(kernel.read_text().replace("KV_QUANT_MODE == KVQuantMode.FP8_PER_TENSOR", "KV_QUANT_MODE == 9"))
    git(ex.fork, "commit", "--quiet", "-am", "tweak the kernel")
    pushed_to = git(ex.fork, "rev-parse", "HEAD")
    monkeypatch.chdir(ex.fork)  # pre-commit runs hooks at the top of the repository
    monkeypatch.delenv("PRE_COMMIT_FROM_REF", raising=False)
    monkeypatch.delenv("PRE_COMMIT_TO_REF", raising=False)
    # at commit time the work tree is clean again: nothing changed since HEAD, nothing to flag
    at_commit = run_cli(*_hook_args(), "--config", ex.config)  # the fork's `args` come last
    assert at_commit.code == 0, at_commit.out + at_commit.err
    # at push time pre-commit names the pushed range: the committed literal is caught
    monkeypatch.setenv("PRE_COMMIT_FROM_REF", pushed_from)
    monkeypatch.setenv("PRE_COMMIT_TO_REF", pushed_to)
    at_push = run_cli(*_hook_args(), "--config", ex.config)
    assert at_push.code == 1, at_push.out + at_push.err
    assert f"{KERNEL}:5" in at_push.out and "kv-quant/literals-match-enum" in at_push.out


def test_workflows_pin_every_action_by_sha_without_persisted_credentials() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert WORKFLOWS
    for path in WORKFLOWS:
        text = path.read_text()
        for uses in re.findall(r"uses:\s*(\S+)(.*)", text):
            ref, comment = uses
            assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", ref), f"{path.name}: {ref} is not pinned by SHA"
            assert re.search(r"#\s*v\d+", comment), f"{path.name}: {ref} has no version comment"
        flow = yaml.safe_load(text)
        for job in flow["jobs"].values():
            for step in job["steps"]:
                if step.get("uses", "").startswith("actions/checkout@"):
                    assert step["with"]["persist-credentials"] is False, path.name
        if "AEON_RELEASE_REF" in flow.get("env", {}):
            assert flow["env"]["AEON_RELEASE_REF"] == f"v{version}"


def test_zizmor_finds_nothing_in_the_example_workflows() -> None:
    zizmor = shutil.which("zizmor")
    if zizmor is None:
        pytest.skip("zizmor is not installed (pip install zizmor; it is in the test extra)")
    done = subprocess.run(
        [zizmor, "--offline", "--persona=pedantic", "--no-progress", *map(str, WORKFLOWS)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No findings to report" in done.stdout
