"""The release half as a stranger meets it after a merge that stopped: what the report and the notes
say about conflicts a person resolved, and what `notes` needs to run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example, git, run_cli


def test_conflicts_resolved_by_hand_stay_in_the_report_and_the_notes(tmp_path: Path) -> None:
    """The notes said "None: the merge was clean" after a merge whose conflicts a person resolved:
    `--continue` forgot them. They are the release's most reviewable lines."""
    ex = build_example(tmp_path / "ex")
    demo.commit(demo.Git(ex.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"})
    stopped = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--json")
    assert stopped.code == 1, stopped.err
    worktree = Path(json.loads(stopped.out)["worktree"])
    waiting = run_cli("status", "--repo", ex.fork)  # what to do now, on stderr as git status says it
    assert "conflict: docs/serving.md" in waiting.out and "next: resolve the conflicted files in" in waiting.err
    assert "`aeon-release merge --continue`" in waiting.err and "next:" not in waiting.out
    (worktree / "docs/serving.md").write_text("Serving guide for the DGX Spark.\nSpec decode.\n")
    git(worktree, "add", "docs/serving.md")
    done = run_cli("merge", "--continue", "--repo", ex.fork, "--json")
    assert done.code == 0, done.err
    report = json.loads(done.out)
    assert report["state"] == "done" and [c["file"] for c in report["conflicts"]] == ["docs/serving.md"]
    status = run_cli("status", "--repo", ex.fork)
    assert "conflict: " not in status.out and "merge --continue" not in status.err  # nothing is open any more
    assert "next: `aeon-release build --version v0.29.0" in status.err  # but the release half is (robust35)
    notes = run_cli("notes", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    assert notes.code == 0, notes.err
    assert "## Conflicts (1)" in notes.out and "`docs/serving.md`" in notes.out
    assert "the merge was clean" not in notes.out


def test_a_syntax_error_names_the_python_that_judged_it(tmp_path: Path) -> None:
    """vLLM v0.9.1's own tree fails py-compile under Python 3.11 (a 3.12 f-string in a .buildkite
    script) while its CI, on 3.12, passes: a stranger's first `audit` of a clean fork said only
    "SyntaxError: f-string expression part cannot include a backslash". The line says which Python."""
    ex = build_example(tmp_path / "ex")
    demo.commit(demo.Git(ex.fork), "A script", {"tools/report.py": "print(f'{chr(10).join(\"a\\\\n\")}')\nif x\n"})
    audit = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--format", "json")
    assert audit.code == 1, audit.err
    [finding] = [f for f in json.loads(audit.out)["findings"] if f["path"] == "tools/report.py"]
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert f"SyntaxError (Python {version}): " in finding["message"], finding
    # and stderr says what to do about a grammar newer than that Python: another Python, or `exclude`
    note = f"note: 1 file(s) do not compile under Python {version}, the one aeon-release runs under (tree/py-compile)"
    assert note in audit.err and "run aeon-release under that Python" in audit.err, audit.err
    assert "note:" not in run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--rev", "HEAD~1").err


def test_a_lost_carry_marker_says_how_to_settle_it(tmp_path: Path) -> None:
    """A merge waived a lost marker (upstream had rewritten the carried line): every later pull request
    gate then failed on it, and the finding and SARIF's help said "suppress one line with a comment",
    for a line that is gone. They say: restore it, or mark the carry dropped in carries.yaml."""
    ex = build_example(tmp_path / "ex")
    runner = ex.fork / "vllm/v1/worker/gpu_model_runner.py"
    kept = [line for line in runner.read_text().splitlines(keepends=True) if "uma-negative" not in line]
    demo.commit(demo.Git(ex.fork), "Upstream's estimate", {"vllm/v1/worker/gpu_model_runner.py": "".join(kept)})
    audit = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--format", "sarif")
    assert audit.code == 1, audit.err
    [run] = json.loads(audit.out)["runs"]
    [result] = [r for r in run["results"] if r["ruleId"] == "carry-marker/uma-clamp"]
    assert "mark the carry `status: dropped` in carries.yaml" in result["message"]["text"]
    [rule] = [r for r in run["tool"]["driver"]["rules"] if r["id"] == "carry-marker/uma-clamp"]
    assert "carries.yaml" in rule["help"]["text"] and "ignore[RULE]" not in rule["help"]["text"]


def test_verify_finds_the_fleet_key_as_every_command_finds_the_config_and_names_its_own_option(
    tmp_path: Path,
) -> None:
    """`verify` read fleet.yaml only from the current folder (every other command finds the config
    upwards or from $AEON_RELEASE_CONFIG), and without a key its hint said `--signing-key`, which
    verify refuses as an unknown option. No registry answers here: the key is found when the error
    is about the registry, not about the key."""
    config = tmp_path / "ledger"
    config.mkdir()
    keygen = run_cli("keygen", config / "keys" / "fleet.key")
    assert keygen.code == 0, keygen.err
    (config / "fleet.yaml").write_text("branch_prefix: myfork-\nimage:\n  repository: ghcr.io/me/myfork\n")
    ref = "127.0.0.1:1/me/myfork:latest"
    nokey = run_cli("verify", ref, cwd=tmp_path, env={"AEON_SIGNING_KEY": None, "AEON_RELEASE_CONFIG": str(config)})
    assert nokey.code == 2 and "no public key" in nokey.err and "--key PATH.pub" in nokey.err, nokey.err
    assert "--signing-key" not in nokey.err
    (config / "fleet.yaml").write_text((config / "fleet.yaml").read_text() + "signing_key: keys/fleet.key\n")
    found = run_cli("verify", ref, cwd=tmp_path, env={"AEON_SIGNING_KEY": None, "AEON_RELEASE_CONFIG": str(config)})
    assert found.code == 2 and "unreachable" in found.err and "key" not in found.err.split("unreachable")[0], found.err


UPSTREAM_STYLE = (  # how upstream's docker/Dockerfile sets the list: a lowercase ARG under an ENV
    "FROM scratch AS build\nARG torch_cuda_arch_list='12.1a'\nENV TORCH_CUDA_ARCH_LIST=${torch_cuda_arch_list}\n"
)


def test_build_checks_the_arch_list_a_real_vllm_dockerfile_sets(tmp_path: Path) -> None:
    """Upstream's Dockerfile never writes `ARG TORCH_CUDA_ARCH_LIST`: build read nothing there and let
    `--build-arg torch_cuda_arch_list=12.1` (no FP4 suffix) through to the engine. It is read as
    init reads it (ENV of an ARG), with the build's own values; refused before any engine is asked."""
    ex = build_example(tmp_path / "ex")
    config = tmp_path / "ledger"
    config.mkdir()
    (config / "load_bearing.txt").write_text("cmd python3\n")
    (config / "fleet.yaml").write_text(
        "branch_prefix: aeon-\nimage:\n  repository: ghcr.io/me/myfork\n  load_bearing: load_bearing.txt\n"
        "arch:\n  fp4_majors: [10, 12]\n"
    )
    (config / "carries.yaml").write_text("carries: []\n")
    dockerfile = tmp_path / "Dockerfile"
    dockerfile.write_text(UPSTREAM_STYLE)
    base = ("build", "--repo", ex.fork, "--config", config, "--version", "v0.27.1", "--dockerfile", dockerfile)
    no_engine = {"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"}
    bare = run_cli(*base, "--build-arg", "torch_cuda_arch_list=12.1", "--skip-audit", "test", env=no_engine)
    assert bare.code == 2 and "entry '12.1' has no 'a'/'f' suffix" in bare.err and "Docker" not in bare.err, bare.err
    dockerfile.write_text(UPSTREAM_STYLE.replace("12.1a", "12.1"))  # the default itself
    default = run_cli(*base, "--skip-audit", "test", env=no_engine)
    assert default.code == 2 and "has no 'a'/'f' suffix" in default.err, default.err
    fine = run_cli(*base, "--build-arg", "torch_cuda_arch_list=12.1a", "--skip-audit", "test", env=no_engine)
    assert fine.code == 2 and "suffix" not in fine.err and "Docker" in fine.err, fine.err  # on to the engine
    # a later stage that sets the list again with its own literal: no --build-arg reaches that ENV
    dockerfile.write_text(UPSTREAM_STYLE + "FROM build AS kernels\nENV TORCH_CUDA_ARCH_LIST=12.0\n")
    later = run_cli(*base, "--build-arg", "torch_cuda_arch_list=12.1a", "--skip-audit", "test", env=no_engine)
    assert later.code == 2 and "sets TORCH_CUDA_ARCH_LIST again, to '12.0'" in later.err, later.err
    assert "has no 'a'/'f' suffix" in later.err and later.err.count("error:") == 1, later.err
    # the same ARG declared again in a later stage (as upstream's file does) takes the build's value there too
    dockerfile.write_text(UPSTREAM_STYLE * 2)
    again = run_cli(*base, "--build-arg", "torch_cuda_arch_list=12.1a", "--skip-audit", "test", env=no_engine)
    assert again.code == 2 and "suffix" not in again.err and "Docker" in again.err, again.err


def test_audits_list_names_the_merge_checks_a_finding_or_a_waiver_names(tmp_path: Path) -> None:
    """A merge's finding says `[merge/device-gate]` and its hint `--waive merge/device-gate=REASON`; a
    stranger looking the id up in `audits list` found only rule files' rules."""
    ex = build_example(tmp_path / "ex")
    listed = run_cli("audits", "list", "--config", ex.config)
    assert listed.code == 0, listed.err
    assert "merge/device-gate " in listed.out and "merge/enum-drift " in listed.out
    assert "device gates off: no settings: device" in listed.out  # the demo's rules name no device
    data = json.loads(run_cli("audits", "list", "--config", ex.config, "--json").out)
    assert {"merge/device-gate", "merge/near-miss"} <= {c["id"] for c in data["merge_checks"]}
    assert data["device"] is None
