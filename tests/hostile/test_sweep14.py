"""Hostile-input sweep 14: registry names with credentials or ports no connection takes, run state a
stranger edited (``status``, its ``next:`` hint, ``merge --abort``), C++/CUDA guards no person
writes, the tree's code that makes Python warn, a carry too deep to parse in ``init``.  Real git, real
processes under a memory limit; one line or one finding, a documented exit code, never a traceback."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.hostile.conftest import ROOT, config_with, git, make_repo, run_limited
from tests.hostile.test_config_files import TIMEOUT, one_error_line

SECRET = "s3cr3t-pw"


# -- credentials in a registry name ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    [
        f"user:{SECRET}@host/x",  # a host docker would call a path: the password is still one
        f"u:{SECRET}@[::1]:5000/a",  # an IPv6 literal (the brackets split the text into tokens)
        f"x:{SECRET}@localhost:99999999/a",  # a port of more than five digits
        f"u:{SECRET}@[::1]",  # no path
    ],
)
def test_credentials_before_any_host_are_never_echoed(name: str) -> None:
    """``image.repository`` and ``init --image`` now take ``host:port/``: a name with ``user:pass@`` in
    front was echoed whole in the refusal when its host had no dot (``host``), was an IPv6 literal, or
    had a port of more than five digits."""
    from aeon_release.errors import quoted, redact

    assert SECRET not in redact(name) and SECRET not in quoted(name, 200), redact(name)


@pytest.mark.parametrize(
    "text",
    ["busybox:latest@sha256:" + "1" * 64, "git@github.com:org/repo", "Aeon <demo@aeon.invalid>", "x = a[i:j]@b"],
)
def test_what_only_looks_like_credentials_is_kept(text: str) -> None:
    from aeon_release.errors import redact

    assert redact(text) == text


def test_a_registry_name_with_a_password_in_fleet_yaml_is_refused_without_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    config = config_with(tmp_path, "rules: []\n")
    (config / "fleet.yaml").write_text(f"branch_prefix: aeon-\nimage:\n  repository: user:{SECRET}@host/x\n")
    run = run_limited("audit", "--repo", repo, "--config", config, timeout=TIMEOUT)
    line = one_error_line(run)
    assert "image.repository" in line and SECRET not in run.err + run.out, run.err


@pytest.mark.parametrize("port", ["0", "99999", "99999999999999999999"])
def test_a_registry_port_no_connection_takes_is_one_line(tmp_path: Path, port: str) -> None:
    """``releases --repository localhost:99999/a`` crashed in urllib ("Port out of range 0-65535")."""
    run = run_limited(
        "releases", "--repository", f"localhost:{port}/a", "--config", config_with(tmp_path), timeout=TIMEOUT
    )
    assert "port is not 1-65535" in one_error_line(run)


# -- run state a stranger edited ----------------------------------------------------------------------------
def _stopped_run(tmp_path: Path, tag: str = "v0.2.0") -> tuple[Path, Path]:
    """A repository with a merge run's state as a stopped run leaves it (the worktree folder too)."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    sha = git(repo, "rev-parse", "HEAD")
    folder = repo / ".git" / "aeon-release" / "runs" / tag
    folder.mkdir(parents=True)
    worktree = repo / ".git" / "aeon-release" / "worktrees" / tag
    worktree.mkdir(parents=True)
    state = {
        "tag": tag, "branch": f"fork-{tag}", "previous_branch": "fork-v0.1.0", "previous_sha": sha,
        "tag_sha": sha, "merge_base": sha, "worktree": str(worktree), "config_dir": str(tmp_path),
        "upstream_branch": None, "phase": "audit-failed", "steps_done": ["merge"], "conflicts": [],
    }  # fmt: skip
    (folder / "state.json").write_text(json.dumps(state))
    return repo, folder / "state.json"


DAMAGED = {
    "worktree": None,
    "steps_done": 5,
    "conflicts": [5],
    "tag": "v9.9.9",  # another run's name: which folder would --abort drop?
    "current": ["x"],
    "carries": {"c": {"status": "kept", "upstream_pr": "12"}},
    "pending": {"item": "merge", "kind": "merge", "parents": [1], "message": "m"},
    "timings": {"merge": "fast"},
    "worktree ": "x",  # a key this aeon-release does not know
    "config_dir": "\ud800",  # a lone surrogate: no file system takes it
}


@pytest.mark.parametrize("field", sorted(DAMAGED))
def test_damaged_run_state_is_one_line_and_abort_drops_it(tmp_path: Path, field: str) -> None:
    """``status`` printed a traceback for a state.json with a value of another type (``steps_done: 5``,
    ``worktree: null``, ``conflicts: [5]``), and the hint of every damaged state (``merge --abort``)
    led nowhere: --abort read the same file and stopped on the same line."""
    repo, state_file = _stopped_run(tmp_path)
    state = json.loads(state_file.read_text())
    state[field] = DAMAGED[field]
    state_file.write_text(json.dumps(state))
    branches = git(repo, "branch", "--list")
    line = one_error_line(run_limited("status", "--repo", repo, timeout=TIMEOUT))
    assert "run state" in line and "merge --abort v0.2.0" in line, line
    run = run_limited("merge", "--abort", "--repo", repo, timeout=TIMEOUT)
    assert run.code == 0 and "whose state was damaged" in run.out, run.err
    assert not state_file.exists() and not (repo / ".git" / "aeon-release" / "worktrees" / "v0.2.0").exists()
    assert git(repo, "branch", "--list") == branches
    assert run_limited("status", "--repo", repo, timeout=TIMEOUT).code == 0


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_state_file_that_is_no_file_never_holds_status(tmp_path: Path, kind: str) -> None:
    repo, state_file = _stopped_run(tmp_path)
    state_file.unlink()
    os.mkfifo(state_file) if kind == "fifo" else state_file.symlink_to("/dev/zero")
    assert "not a regular file" in one_error_line(run_limited("status", "--repo", repo, timeout=TIMEOUT))


def test_run_state_text_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    repo, state_file = _stopped_run(tmp_path)
    state = json.loads(state_file.read_text())
    state["steps_done"] = ["merge\x1b[2J\x1b]0;owned\x07", "[red]x[/]"]
    state_file.write_text(json.dumps(state))
    run = run_limited("status", "--repo", repo, timeout=TIMEOUT)
    assert run.code == 0 and "\x1b" not in run.out + run.err and "[red]x[/]" in run.out, run.out


# -- C++/CUDA guards no person writes -----------------------------------------------------------------------
def _native() -> tuple[object, object]:
    import dataclasses
    import re

    from aeon_release.domain.audits.model import DeviceGates

    device = DeviceGates((12, 1), native_arch=("__CUDA_ARCH__",), native_version=("version_num",))
    word = re.compile(r"\b(?:__CUDA_ARCH__|version_num)\b")
    return dataclasses.replace(device), word


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("a 1 MB #if line", "#if " + " && ".join(["__CUDA_ARCH__ >= 1200"] * 45_000) + "\n"),
        ("50,000 `if (` on one line", "if (" * 50_000 + "\n"),
        ("`version_num if (` 60,000 times", "version_num if (" * 60_000 + "\n"),
        ("a return of 200,000 comparisons", "return version_num" + " >= 1" * 200_000 + ";\n"),
        ("`if (x` on 100,000 lines", "if (version_num\n" * 100_000),
        ("100,000 guards", "if (version_num >= 120) {}\n" * 100_000),
        ("20,000 distinct guards", "".join(f"if (version_num >= {i}) {{}}\n" for i in range(20_000))),
        ("continuations on 100,000 lines", "#if __CUDA_ARCH__ >= 1200 \\\n" * 100_000),
        ("a comment opened 30,000 times", "if (version_num /* " * 30_000 + "\n"),
    ],
)
def test_native_guards_are_read_in_bounded_time(name: str, text: str) -> None:
    """Each of these took 5-95 s (a line of ``if (`` was read to its end from each of them, a guard of 1 MB
    went to ast.parse, each of 100,000 guards was evaluated twice); a file past what a csrc file holds
    is not read and says so (None: the merge check's warning)."""
    from aeon_release.domain.audits.drift import native_gates

    device, word = _native()
    started = time.process_time()
    native_gates.guards(text, device, word)  # type: ignore[arg-type]
    assert time.process_time() - started < 2.0, name


def test_native_guards_read_as_they_were() -> None:
    """The one pass over the parentheses reads what the scan from each ``if (`` read (guards on one line,
    nested, over the next lines with their comments left out, a directive continued with ``\\``)."""
    from aeon_release.domain.audits.drift import native_gates

    device, word = _native()
    text = (
        "if (version_num >= 100 && version_num < 120) {\n} else if (version_num >= 120) {}\n"
        "if (x) { if (version_num\n  // ) (\n  == 121)) {} }\n#if defined(__CUDA_ARCH__) && \\\n  __CUDA_ARCH__ >= 1200\n"
        "return version_num >= 120;\nif ((version_num >= 100)\n  /* ( */ && version_num < 130) {}\n"
    )
    found = native_gates.guards(text, device, word)  # type: ignore[arg-type]
    assert found is not None
    assert [(g.kind, g.text, g.line, g.truth) for g in found] == [
        ("if", "version_num >= 100 && version_num < 120", 1, False),
        ("if", "version_num >= 120", 2, True),
        ("if", "version_num == 121", 3, True),
        ("#if", "defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1200", 6, True),
        ("return", "version_num >= 120", 8, True),
        ("if", "(version_num >= 100) && version_num < 130", 9, True),
    ]


NATIVE_DEVICE = (
    'settings:\n  device:\n    capability: "12.1"\n    native_arch: [__CUDA_ARCH__]\n'
    "    native_version: [version_num]\nrules: []\n"
)
DISPATCH = "void f(int version_num) {\n  if (version_num >= 120) {\n    g();\n  }\n}\n"


def test_a_merge_of_hostile_native_files_is_quick_and_says_what_it_did_not_read(tmp_path: Path) -> None:
    """Upstream's side: a guard narrowed (the finding), a file of 100,000 guards (not read: a warning), a
    ``.cu`` that is a symbolic link, one that is a submodule, one of NUL bytes and CRLF line ends."""
    repo = make_repo(tmp_path / "repo", {"csrc/a.cu": DISPATCH, "csrc/big.cu": DISPATCH, "csrc/n.cu": DISPATCH})
    base = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-b", "upstream")
    many = "".join(f"if (version_num >= {i}) {{}}\n" for i in range(100_000))
    make_repo(repo, {
        "csrc/a.cu": DISPATCH.replace(">= 120", "== 120"), "csrc/big.cu": many,
        "csrc/n.cu": DISPATCH.replace("\n", "\r\n").replace("g();", "g(\0);").replace(">= 120", "== 120"),
    })  # fmt: skip
    (repo / "csrc" / "link.cu").symlink_to("a.cu")
    git(repo, "add", "csrc/link.cu")
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{base},csrc/sub.cu")
    git(repo, "commit", "-q", "-m", "version_num guards (#7)")
    theirs = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-")
    ours = git(make_repo(repo, {"fork.txt": "x\n"}), "rev-parse", "HEAD")
    git(repo, "merge", "-q", "--no-edit", "upstream")
    config = config_with(tmp_path, NATIVE_DEVICE)
    sides = ["--rev", "HEAD", "--base", base, "--ours", ours, "--theirs", theirs]
    run = run_limited("audit", "--repo", repo, "--config", config, *sides, timeout=TIMEOUT)
    assert run.code == 1 and "Traceback" not in run.err, run.err
    assert "csrc/a.cu:2" in run.out and "csrc/n.cu:2" in run.out, run.out
    assert "csrc/big.cu" in run.out and "native capability guards not read" in run.out, run.out
    assert "link.cu:" not in run.out and "sub.cu:" not in run.out, run.out  # the link is the audit's to skip
    assert "submodule (another repository's files: not audited)" in run.out, run.out  # named (sweep 19)
    assert run.cpu < 15, run.cpu


# -- the tree's code that makes Python warn -----------------------------------------------------------------
def test_a_parse_of_the_trees_code_prints_no_warning() -> None:
    """``x = 1if y else 2`` makes ast.parse print a SyntaxWarning on stderr, one line per place: a merged
    module of thousands made the merge's output thousands of Python warnings.  (The suite runs with
    warnings as errors, so a warning that got out would fail here as a SyntaxError.)"""
    import ast

    from aeon_release.domain.audits.drift import native_gates
    from aeon_release.domain.audits.source import parse_module

    assert isinstance(parse_module("x = 1if True else 2\n" * 100, "m.py"), ast.Module)
    device, word = _native()
    found = native_gates.guards("#if __CUDA_ARCH__ >= 1200if\n", device, word)  # type: ignore[arg-type]
    assert found is not None and found[0].truth is None


# -- init on a carry too deep to parse ------------------------------------------------------------------------
def test_init_reads_a_carry_too_deep_to_parse_without_calling_it_memory(tmp_path: Path) -> None:
    """A carry adding a module of 200,000 nested unary minuses made ``init`` say "out of memory" (ast.parse's
    MemoryError for a deep parse) on a machine with plenty; the module is skipped, the others read."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    git(repo, "tag", "v0.1.0")
    git(repo, "checkout", "-q", "-b", "fork-v0.1.0")
    deep = "def carry_fn():\n    pass\nx = " + "-" * 200_000 + "1\n"
    make_repo(repo, {"deep.py": deep, "ok.py": "def kept_fn():\n    pass\n"}, message="Carry: deep")
    run = run_limited(
        "init", "--repo", repo, "--onto", "fork-v0.1.0", "--image", "ghcr.io/a/b", "--dry-run", timeout=TIMEOUT
    )
    assert run.code == 0 and "out of memory" not in run.err, run.err
    assert "- kept_fn\n" in run.out and "- carry_fn\n" not in run.out, run.out  # the required-symbol rule


# -- the held-capability search over whole modules ------------------------------------------------------------
ASKS = "p.is_device_capability(1) "


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("10,000 calls on one line", "x: " + ASKS * 10_000 + "\n"),
        ("10,000 functions of no parameters", "".join(f"def f{i}():\n    return {ASKS}\n" for i in range(10_000))),
        ("20,000 sets of numbers", "".join(f"S{i} = {{1, 2}}\n" for i in range(20_000))),
        ("200,000 `self.`", "self." * 200_000 + f"x = {ASKS}\n"),
    ],
)
def test_the_held_capability_search_is_bounded(name: str, text: str) -> None:
    """A line of 10,000 capability calls was matched again from its start for each (minutes; 40,000:
    hours); 10,000 functions of no parameters were each parsed (4 s; 100,000: 36 s); 20,000 sets of
    numbers made one pattern of 20,000 names.  A module past _MOST_HOLDERS is not read for holders."""
    from aeon_release.domain.audits.drift import device_gates
    from tests.audits.test_device_gates import GB10

    started = time.process_time()
    device_gates.held_values(text, "m.py", GB10)
    device_gates._may_read_held("+ CAP\n- S0\n", text, "m.py", GB10)
    assert time.process_time() - started < 1.5, name


def test_a_diff_line_of_blanks_is_no_backtracking() -> None:
    """``+1`` and 2,000 blanks took the pattern of a multi-line set's entry 117 s (its runs of blanks,
    side by side, shared them every way); 20,000 now take milliseconds."""
    from aeon_release.domain.audits.drift import device_gates

    started = time.process_time()
    for blanks in (" " * 20_000, " \t" * 10_000):
        for line in (f"+1{blanks}x", f"+({blanks}1{blanks},{blanks}2{blanks}){blanks},{blanks}x"):
            assert device_gates._ENTRY.match(line) is None
    assert device_gates._ENTRY.match("+    (12, 1),  # GB10") and device_gates._ENTRY.match("-  121,")
    assert time.process_time() - started < 0.5


# -- the Dockerfile build reads --------------------------------------------------------------------------------
def test_an_instruction_opening_many_heredocs_is_read_in_linear_time() -> None:
    """``RUN <<A<<A...`` 400,000 times, and the 400,000 lines that end them, took 72 s (each ended
    heredoc was popped from the front of the list); the build's preflight reads Dockerfiles to 8 MB."""
    from aeon_release.pipeline import arch_baseline

    n = 50_000  # about 1 s before (quadratic), milliseconds now
    text = (
        "FROM x\nRUN " + "<<A" * n + "\n" + "ARG TORCH_CUDA_ARCH_LIST=9.0\nA\n" * n + "ARG TORCH_CUDA_ARCH_LIST=12.1a\n"
    )
    started = time.process_time()
    assert arch_baseline.dockerfile_settings(text, {}) == {"TORCH_CUDA_ARCH_LIST": "12.1a"}
    assert time.process_time() - started < 0.5


# -- rule files that take the engine's rule ids ------------------------------------------------------------------
@pytest.mark.parametrize(
    "rule_id", ["merge/device-gate", "audit/not-audited", "baseline/conflict-markers", "carry-marker/x"]
)
def test_a_rule_file_cannot_take_the_engines_rule_ids(tmp_path: Path, rule_id: str) -> None:
    """A rule ``merge/device-gate`` of kind pattern was listed twice by ``audits list``, its findings
    reported as the merge-aware check's, and ``--waive merge/device-gate=...`` waived both."""
    config = config_with(tmp_path, f"rules:\n  - {{id: {rule_id}, kind: conflict-markers, message: m}}\n")
    line = one_error_line(run_limited("audits", "list", "--config", config, timeout=TIMEOUT))
    assert "rules[0].id" in line and "the engine's own" in line, line


# -- files the tool wrote, read again -----------------------------------------------------------------------------
def test_a_last_good_copy_that_is_a_fifo_never_holds_the_recovery(tmp_path: Path) -> None:
    """A damaged releases.yaml is recovered from .releases.yaml.good: a FIFO there held ``releases``
    (and publish, which appends) for good."""
    config = config_with(tmp_path)
    (config / "releases.yaml").write_text("releases: [\n")
    os.mkfifo(config / ".releases.yaml.good")
    run = run_limited("releases", "--repository", "127.0.0.1:9/a", "--config", config, timeout=TIMEOUT)
    assert "no last good copy" in one_error_line(run)


def test_the_notes_read_the_built_dockerfile_as_the_build_did(tmp_path: Path) -> None:
    """The release's notes list the Dockerfile's ARG defaults: a FIFO put where the build's Dockerfile was
    held the notes stage for good; it is read capped, as a regular file, or not at all."""
    from aeon_release.domain import profile
    from aeon_release.pipeline.release import _effective_args

    fleet = profile.parse_text((ROOT / "aeon_release" / "data" / "demo" / "fleet.yaml").read_text(), tmp_path)
    os.mkfifo(tmp_path / "Dockerfile")
    build = {"dockerfile": str(tmp_path / "Dockerfile"), "build_args": {"A": "1"}}
    assert _effective_args(build, fleet) == {"A": "1"}


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_docker_config_that_is_no_file_never_holds_the_registry_commands(tmp_path: Path, kind: str) -> None:
    """``$DOCKER_CONFIG/config.json`` (where publish, releases and verify find credentials) as a FIFO held
    the command for good; /dev/zero filled the memory."""
    folder = tmp_path / "docker"
    folder.mkdir()
    os.mkfifo(folder / "config.json") if kind == "fifo" else (folder / "config.json").symlink_to("/dev/zero")
    run = run_limited(
        "releases", "--repository", "127.0.0.1:9/a", "--config", config_with(tmp_path),
        env={"DOCKER_CONFIG": str(folder)}, timeout=TIMEOUT,
    )  # fmt: skip
    assert "config.json" in one_error_line(run)


@pytest.mark.parametrize("json_out", [False, True])
def test_a_damaged_run_does_not_hide_the_other_runs_from_status(tmp_path: Path, json_out: bool) -> None:
    """``status`` stopped on the first damaged state: a repository with one damaged run showed none.  The others
    listed, it is a verdict: exit 1 (sweep 45; it was 2, "refused, nothing on stdout")."""
    repo, state_file = _stopped_run(tmp_path)
    damaged = state_file.parent.parent / "v0.3.0" / "state.json"
    damaged.parent.mkdir()
    damaged.write_text(
        state_file.read_text().replace("v0.2.0", "v0.3.0").replace('"steps_done": ["merge"]', '"steps_done": 5')
    )
    run = run_limited("status", "--repo", repo, *(["--json"] if json_out else []), timeout=TIMEOUT)
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert run.code == 1 and "v0.3.0" in line and "merge --abort v0.3.0" in run.err, run.err
    if json_out:
        assert [r["tag"] for r in json.loads(run.out)] == ["v0.2.0"]
    else:
        assert "v0.2.0" in run.out and "v0.3.0" not in run.out, run.out
