"""`aeon-release audit` and `aeon-release audits list`, through the real entry point and error handler."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.audits import shapes
from tests.audits.conftest import GitRepo
from tests.helpers import run_cli

Cli = Callable[..., tuple[int, str, str]]
RULES = """rules:
  - {id: tree/py-compile, kind: py-compile, message: compiles}
  - {id: kv/nvfp4-is-5, kind: enum-value, message: NVFP4 is 5, paths: [kv.py], enum: KVQuantMode, member: NVFP4, value: 5}
"""
GOOD_KV = shapes.KV_INTERFACE_RENUMBERED
BAD_KV = shapes.KV_INTERFACE


@pytest.fixture
def cli() -> Cli:
    def run(*args: str) -> tuple[int, str, str]:
        result = run_cli(*args)
        return result.code, result.out, result.err

    return run


@pytest.fixture
def config(rules_dir: Callable[..., Path]) -> Path:
    return rules_dir(r=RULES)


def test_clean_tree_exits_0(cli: Cli, git_repo: GitRepo, config: Path) -> None:
    git_repo.commit({"kv.py": GOOD_KV, "a.py": "x = 1\n"}, "clean")
    code, out, _ = cli("audit", "--repo", str(git_repo.path), "--config", str(config))
    assert code == 0 and out.startswith("no findings")


def test_warnings_alone_exit_0(cli: Cli, git_repo: GitRepo, rules_dir: Callable[..., Path]) -> None:
    git_repo.commit({"a.py": "x = (\n"}, "broken but only warned about")
    config = rules_dir(r="rules:\n  - {id: w, kind: py-compile, message: m, severity: warning}\n")
    code, out, _ = cli("audit", "--repo", str(git_repo.path), "--config", str(config), "--format", "json")
    assert code == 0 and json.loads(out)["warnings"] == 1


def test_findings_exit_1_with_file_and_line(cli: Cli, git_repo: GitRepo, config: Path) -> None:
    git_repo.commit({"kv.py": BAD_KV, "a.py": "x = (\n"}, "broken")
    code, out, _ = cli("audit", "--repo", str(git_repo.path), "--config", str(config), "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["errors"] == 2
    assert [(f["rule"], f["path"], f["line"]) for f in data["findings"]] == [
        ("tree/py-compile", "a.py", 1),
        ("kv/nvfp4-is-5", "kv.py", 11),
    ]


@pytest.mark.parametrize(
    "args",
    [
        ("--format", "xml"),
        ("--rev", "no-such-rev"),
        ("--changed-since", "no-such-rev"),
        ("--base", "HEAD"),
        ("--base", "HEAD", "--ours", "HEAD", "--theirs", "nope"),
    ],
)
def test_bad_input_exits_2(cli: Cli, git_repo: GitRepo, config: Path, args: tuple[str, ...]) -> None:
    git_repo.commit({"kv.py": GOOD_KV}, "c")
    code, out, err = cli("audit", "--repo", str(git_repo.path), "--config", str(config), *args)
    assert code == 2 and out == "" and err.startswith("error: ") and "Traceback" not in err


def test_bad_rule_file_exits_2_naming_the_rule(cli: Cli, git_repo: GitRepo, rules_dir: Callable[..., Path]) -> None:
    git_repo.commit({"kv.py": GOOD_KV}, "c")
    config = rules_dir(r="rules:\n  - {id: x, kind: nope, message: m}\n")
    code, _, err = cli("audit", "--repo", str(git_repo.path), "--config", str(config))
    assert code == 2
    assert (
        "error: audits/r.yaml: rules[0].kind: unknown rule kind 'nope' (hint: known kinds: arch-coverage, conflict-markers,"
        in err
    )


def test_rev_audits_another_revision_and_cleans_up(cli: Cli, git_repo: GitRepo, config: Path) -> None:
    clean = git_repo.commit({"kv.py": GOOD_KV}, "clean")
    git_repo.commit({"kv.py": BAD_KV}, "renumbered back")
    assert cli("audit", "--repo", str(git_repo.path), "--config", str(config), "--rev", clean)[0] == 0
    assert cli("audit", "--repo", str(git_repo.path), "--config", str(config), "--rev", "HEAD")[0] == 1
    assert len(git_repo.git("worktree", "list").splitlines()) == 1


def test_changed_since_narrows_file_rules_only(cli: Cli, git_repo: GitRepo, config: Path) -> None:
    start = git_repo.commit({"kv.py": BAD_KV, "old.py": "def f(:\n"}, "old problems")
    git_repo.commit({"new.py": "y = 2\n"}, "a pull request")
    code, out, _ = cli(
        "audit", "--repo", str(git_repo.path), "--config", str(config), "--changed-since", start, "--format", "json"
    )
    rules = [(f["rule"], f["path"]) for f in json.loads(out)["findings"]]
    assert code == 1 and rules == [("kv/nvfp4-is-5", "kv.py")]  # the invariant, not old.py's SyntaxError
    (git_repo.path / "new.py").write_text("y = (\n")  # uncommitted work counts as changed
    code, out, _ = cli(
        "audit", "--repo", str(git_repo.path), "--config", str(config), "--changed-since", start, "--format", "json"
    )
    assert ("tree/py-compile", "new.py") in [(f["rule"], f["path"]) for f in json.loads(out)["findings"]]


def test_output_file_and_summary_on_stderr(cli: Cli, git_repo: GitRepo, config: Path, tmp_path: Path) -> None:
    git_repo.commit({"kv.py": BAD_KV}, "c")
    target = tmp_path / "out" / "audit.sarif"
    target.parent.mkdir()  # --output writes only into a folder that exists, as git and gh do
    code, out, err = cli(
        "audit", "--repo", str(git_repo.path), "--config", str(config), "--format", "sarif", "--output", str(target)
    )
    assert code == 1 and out == ""
    assert json.loads(target.read_text())["version"] == "2.1.0"
    assert "1 error(s)" in err


def test_standalone_merge_aware_audit(cli: Cli, git_repo: GitRepo, fleet_config: Path) -> None:
    kernel = "vllm/v1/attention/ops/triton_nvfp4_kv.py"
    base = git_repo.commit({"vllm/v1/kv_cache_interface.py": shapes.KV_INTERFACE}, "base")
    git_repo.git("checkout", "--quiet", "-b", "upstream")
    theirs = git_repo.commit({"vllm/v1/kv_cache_interface.py": shapes.KV_INTERFACE_RENUMBERED}, "upstream")
    git_repo.git("checkout", "--quiet", "main")
    ours = git_repo.commit({kernel: shapes.FORK_NVFP4_KERNEL}, "fork")
    git_repo.merge("upstream")
    code, out, _ = cli(
        "audit",
        "--repo",
        str(git_repo.path),
        "--config",
        str(fleet_config),
        "--format",
        "json",
        "--base",
        base,
        "--ours",
        ours,
        "--theirs",
        theirs,
    )
    drift = [
        (f["path"], f["line"], f["severity"])
        for f in json.loads(out)["findings"]
        if "merge/enum-drift" in [f["rule"], *f["also"]]
    ]
    assert code == 1 and (kernel, 7, "error") in drift


def test_audits_list(cli: Cli, fleet_config: Path) -> None:
    code, out, _ = cli("audits", "list", "--config", str(fleet_config))
    assert code == 0
    assert "layer-offset      The net constant offset" in out
    assert "kv-quant/nvfp4-is-5" in out and "carry-marker/uma-clamp" in out


def test_rev_with_changed_since_compares_the_two_revisions(cli: Cli, git_repo: GitRepo, config: Path) -> None:
    start = git_repo.commit({"kv.py": GOOD_KV, "old.py": "def f(:\n"}, "old problem")
    pr = git_repo.commit({"new.py": "y = (\n"}, "a pull request with a SyntaxError")
    git_repo.commit({"new.py": "y = 1\n"}, "fixed later")
    code, out, _ = cli(
        "audit",
        "--repo",
        str(git_repo.path),
        "--config",
        str(config),
        "--rev",
        pr,
        "--changed-since",
        start,
        "--format",
        "json",
    )
    assert code == 1 and [(f["rule"], f["path"]) for f in json.loads(out)["findings"]] == [
        ("tree/py-compile", "new.py")
    ]
