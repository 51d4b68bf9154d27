"""Hostile-input sweep 32: the repository and the git environment the tool runs in.  Config that changes what git
prints to the tool (message encodings, ``git grep``'s line numbers, columns and colours), turns replace refs back on
or moves the work tree (``core.worktree``); a caller's ``GIT_DIFF_OPTS``; what stands at the name of the branch a
merge makes (a symbolic ref, a branch below it, an unreadable ref, a lock file).  Real git, the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.first_hour.test_init import PLATFORM
from tests.helpers import build_example, snapshot, without_beats
from tests.hostile.conftest import config_with, git, make_repo, run_limited

pytestmark = pytest.mark.slow


def _merge(ex: object, *more: str) -> tuple[str | Path, ...]:
    return ("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config, *more)  # type: ignore[attr-defined]


# -- config that changes what git prints to the tool ---------------------------------------------------------------
def test_the_log_output_encoding_of_the_config_changes_nothing_the_merge_reads(tmp_path: Path) -> None:
    """``i18n.logOutputEncoding`` re-encodes every message ``git log`` prints: under ``UTF-16`` (a value git takes)
    the merge read no subject, found no upstream commit ending in ``(#52816)`` and refused the demo's pick, exit 2,
    where the same merge without it passes.  The tool asks git for UTF-8 whatever the config says; git's own
    ``git log`` at the terminal still prints as the person set it."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "i18n.logOutputEncoding", "UTF-16")
    run = run_limited(*_merge(ex), timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err[-800:]
    assert "#52816 │ applied" in run.out, run.out
    assert git(ex.fork, "rev-parse", "--verify", "refs/heads/aeon-v0.29.0")


def test_the_commit_encoding_of_the_config_does_not_label_the_tools_utf8_commits(tmp_path: Path) -> None:
    """The tool writes its commit messages in UTF-8 (``git commit-tree``); ``i18n.commitEncoding=ISO-8859-1``
    labelled each commit the merge made ``encoding ISO-8859-1``, so every git that prints them converts the UTF-8
    bytes from Latin-1 (``café`` read ``cafÃ©``).  The commits the merge makes carry no encoding header."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "i18n.commitEncoding", "ISO-8859-1")
    run = run_limited(*_merge(ex), timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err[-800:]
    made = git(ex.fork, "rev-list", "refs/tags/v0.29.0..refs/heads/aeon-v0.29.0", "^refs/heads/aeon-v0.27.1")
    assert made.split(), "the merge made no commit"
    for sha in made.split():
        header = git(ex.fork, "cat-file", "commit", sha).split("\n\n", 1)[0]
        assert "\nencoding " not in header, (sha, header)
    assert snapshot(ex.fork)[1] == "aeon-v0.27.1"


# -- the branch the merge makes: what stands at its name ------------------------------------------------------------
def _symbolic_ref(fork: Path) -> None:
    git(fork, "symbolic-ref", "refs/heads/aeon-v0.29.0", "refs/heads/elsewhere")


def _branch_below(fork: Path) -> None:
    git(fork, "branch", "aeon-v0.29.0/wip")


def _branch_below_packed(fork: Path) -> None:
    git(fork, "branch", "aeon-v0.29.0/wip")
    git(fork, "pack-refs", "--all")


def _unreadable_ref(fork: Path) -> None:
    (fork / ".git" / "refs" / "heads" / "aeon-v0.29.0").write_text("not an object id\n")


def _gone_commit(fork: Path) -> None:
    (fork / ".git" / "refs" / "heads" / "aeon-v0.29.0").write_text("12" * 20 + "\n")


def _lock_file(fork: Path) -> None:
    (fork / ".git" / "refs" / "heads" / "aeon-v0.29.0.lock").write_text("")


# each: what stands at refs/heads/aeon-v0.29.0 (or beside it), and the words git's reason holds
OBSTACLES = {
    "a symbolic ref to a branch that does not exist": (_symbolic_ref, "is a symbolic ref to refs/heads/elsewhere"),
    "a branch aeon-v0.29.0/wip": (_branch_below, "'refs/heads/aeon-v0.29.0/wip' exists"),
    "a packed branch aeon-v0.29.0/wip": (_branch_below_packed, "'refs/heads/aeon-v0.29.0/wip' exists"),
    "a ref of no object id": (_unreadable_ref, "reference broken"),
    "a ref to a commit that is gone": (_gone_commit, "reference already exists"),
    "another git's lock file": (_lock_file, "aeon-v0.29.0.lock exists"),
}


@pytest.mark.parametrize("obstacle", list(OBSTACLES))
def test_a_branch_git_cannot_make_is_refused_before_the_merge_works(tmp_path: Path, obstacle: str) -> None:
    """The merge's last step creates the fork branch (``update-ref`` with an old value of zeros); what git refuses
    there it found only when the merge was done: a branch ``aeon-v0.29.0/wip`` (a ref and a folder of one name), a
    ref file git cannot read, a ref to a commit that is gone, a lock file left by another git.  The run stopped at
    its end ("cannot lock ref"), its hint a full disk.  A symbolic ref at the name was worse: ``branch_sha`` found no
    commit, ``update-ref`` wrote through it, created ``refs/heads/elsewhere`` (a branch nobody asked for) and the run
    said "created aeon-v0.29.0", exit 0.  Each is one line before any work (no run state), naming the ref; git
    prepares the very transaction and drops it, running no hook; the create itself replaces a symbolic ref
    (``--no-deref``), never writes through one.  The same merge passes once the obstacle is gone."""
    make, reason = OBSTACLES[obstacle]
    ex = build_example(tmp_path / "ex")
    make(ex.fork)
    before = snapshot(ex.fork)
    run = run_limited(*_merge(ex), timeout=60)
    assert run.code == 2 and "Traceback" not in run.err, run.err[-800:]
    [line] = without_beats(run.err)
    assert line.startswith("error: ") and reason in line and "refs/heads/aeon-v0.29.0" in line, line
    assert not (ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0").exists()
    assert snapshot(ex.fork) == before
    assert not (ex.fork / ".git" / "refs" / "heads" / "elsewhere").exists()
    if obstacle.endswith("aeon-v0.29.0/wip"):
        git(ex.fork, "branch", "-D", "aeon-v0.29.0/wip")
    for leftover in ("aeon-v0.29.0", "aeon-v0.29.0.lock"):
        if (ex.fork / ".git" / "refs" / "heads" / leftover).is_file():
            (ex.fork / ".git" / "refs" / "heads" / leftover).unlink()
    again = run_limited(*_merge(ex), timeout=60)
    assert again.code == 0, again.err[-800:]
    assert git(ex.fork, "cat-file", "-t", "refs/heads/aeon-v0.29.0") == "commit"


# -- objects as stored, whatever the config says ------------------------------------------------------------------
MARKER = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"

# each: where ``core.useReplaceRefs=true`` is set (the repository's config, or the caller's environment)
USE_REPLACE_REFS = {
    "the repository's config": ({}, True),
    "GIT_CONFIG_PARAMETERS": ({"GIT_CONFIG_PARAMETERS": "'core.useReplaceRefs=true'"}, False),
    "GIT_CONFIG_COUNT": (
        {"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.useReplaceRefs", "GIT_CONFIG_VALUE_0": "true"},
        False,
    ),
}


@pytest.mark.parametrize("where", list(USE_REPLACE_REFS))
def test_a_config_that_turns_replace_refs_on_never_stands_a_clean_commit_in(tmp_path: Path, where: str) -> None:
    """Every git the tool runs gets ``GIT_NO_REPLACE_OBJECTS=1`` (sweep 11), but that is only git's starting value:
    ``core.useReplaceRefs=true``, read from any config after it, turns the replace refs back on.  With it in the
    repository's config (or the caller's ``GIT_CONFIG_*``), ``git replace BAD CLEAN`` had ``audit --rev BAD`` read
    CLEAN's tree and pass, exit 0, on a commit whose own tree holds conflict markers.  The setting goes at the
    command's scope, after the caller's, as ``core.fsmonitor=false`` does."""
    env, in_config = USE_REPLACE_REFS[where]
    repo = make_repo(tmp_path / "repo", {"a.py": MARKER})
    bad = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "--orphan", "clean")
    make_repo(repo, {"a.py": "x = 1\n"})
    git(repo, "replace", bad, git(repo, "rev-parse", "HEAD"))
    if in_config:
        git(repo, "config", "core.useReplaceRefs", "true")
    before = snapshot(repo)
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), "--rev", bad, env=env, timeout=30)
    assert run.code == 1 and "conflict marker" in run.out and "Traceback" not in run.err, run.out + run.err
    assert snapshot(repo) == before


# -- git grep as the tool reads it, whatever the config says -------------------------------------------------------
QWEN = "vllm/model_executor/models/qwen3_next.py"
QWEN_BASE = """class Qwen3NextGatedDeltaNet:
    def __init__(self, config):
        self.aux_stream = None

    def forward(self, hidden_states):
        if self.aux_stream is not None:
            return self.dual_stream_projection(hidden_states)
        return self.projection(hidden_states)
"""
QWEN_UPSTREAM = QWEN_BASE.replace(
    "        if self.aux_stream is not None:\n            return self.dual_stream_projection(hidden_states)\n", ""
)
OTHER = (
    "vllm/model_executor/models/qwen3_5.py"  # upstream's other reader of the attribute: the fork's line still counts
)
FORK = "vllm/model_executor/models/aeon_qwen.py"
FORK_TEXT = "def aeon_single_stream(layer) -> None:\n    layer.aux_stream = None\n"

# each: settings of the repository's config that change how ``git grep`` prints
GREP_SETTINGS = {
    "grep.lineNumber": [("grep.lineNumber", "true")],
    "grep.column": [("grep.column", "true")],
}


def _knob_merge(repo: Path) -> list[str]:
    make_repo(repo, {QWEN: QWEN_BASE, OTHER: "def f(layer):\n    return layer.aux_stream\n"})
    base = git(repo, "rev-parse", "HEAD")
    make_repo(repo, {QWEN: QWEN_UPSTREAM}, "Disable dual stream execution of input projection for Qwen3 (#38152)")
    theirs = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-b", "fork", base)
    make_repo(repo, {FORK: FORK_TEXT}, "fork")
    ours = git(repo, "rev-parse", "HEAD")
    git(repo, "merge", "-q", "--no-edit", theirs)
    return ["--base", base, "--ours", ours, "--theirs", theirs, "--rev", "HEAD"]


@pytest.mark.parametrize("setting", list(GREP_SETTINGS))
def test_the_grep_settings_of_the_config_change_nothing_the_drift_checks_find(tmp_path: Path, setting: str) -> None:
    """The drift checks read upstream's lines through ``git grep -z``: ``grep.lineNumber=true`` (a common setting)
    put the line's number between the path and the line as one more NUL-ended field, every line then "held a NUL"
    and was dropped as a binary file's, so no reader of a name was found anywhere: a fork line setting an attribute
    another upstream file still reads was reported as a dead knob, and with the knob checks, the name checks and the
    symbol checks blind to upstream's readers, 31 tests of tests/audits failed under it.  ``grep.column`` did the
    same.  Every ``git grep`` of the tool's says how it prints; the findings are those of a config without them."""
    repo = tmp_path / "repo"
    sides = _knob_merge(repo)
    for key, value in GREP_SETTINGS[setting]:
        git(repo, "config", key, value)
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), *sides, "--format", "json", timeout=30
    )
    assert run.code == 0 and "Traceback" not in run.err, run.err[-800:]
    assert "symbol-drift" not in run.out and "aux_stream" not in run.out, run.out


@pytest.mark.parametrize(
    "setting", ["grep.lineNumber=true", "grep.column=true", "color.ui=always", "color.grep=always"]
)
def test_the_grep_settings_of_the_config_change_nothing_init_finds(tmp_path: Path, setting: str) -> None:
    """``init`` finds the device's capability checks with ``git grep -h -o -E``, whose lines it reads as
    ``def NAME(``: with a line number or a column before each (``grep.lineNumber``, ``grep.column``) or the match in
    colour escapes (``color.ui=always``, ``color.grep=always``: git colours a pipe too) it found none and wrote no
    device gates, exit 0, where the same tree without the setting gets ``audits/device.yaml``."""
    ex = build_example(tmp_path / "ex")
    files = {
        "Dockerfile": "FROM scratch\nARG TORCH_CUDA_ARCH_LIST=12.1a\n",
        "pkg/platform.py": PLATFORM,
        "pkg/interface.py": "from typing import NamedTuple\n\n\nclass DeviceCapability(NamedTuple):\n    major: int\n",
    }
    for name, text in files.items():
        (ex.fork / name).parent.mkdir(parents=True, exist_ok=True)
        (ex.fork / name).write_text(text)
    git(ex.fork, "add", "-A")
    git(ex.fork, "commit", "-qm", "The serving image")
    key, value = setting.split("=")
    git(ex.fork, "config", key, value)
    config = tmp_path / "cfg"
    run = run_limited("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/me/vllm", timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err[-800:]
    assert "device: capability 12.1, 4 call(s) that ask for it" in run.out, run.out + run.err
    assert "has_device_capability" in (config / "audits" / "device.yaml").read_text()


# -- the caller's environment: how git prints a patch ----------------------------------------------------------------
PARALLEL = "vllm/config/parallel.py"
PARALLEL_BASE = """from dataclasses import dataclass


@dataclass
class ParallelConfig:
    all2all_backend: str = "naive"

    def __post_init__(self):
        if self.all2all_backend == "pplx":
            self.all2all_backend = "allgather_reducescatter"
"""
A2A_FORK = """from vllm.config.parallel import ParallelConfig


def aeon_broadcast(parallel_config) -> bool:
    return parallel_config.all2all_backend == "naive"
"""


@pytest.mark.parametrize("context", ["--unified=5", "-u20"])
def test_the_callers_diff_context_never_hides_an_upstream_rewrite(tmp_path: Path, context: str) -> None:
    """``GIT_DIFF_OPTS`` sets the context lines of every patch git prints, over the ``-U`` on its command line (git
    reads the variable last): under ``--unified=5`` the merge audit's ``-U0`` diff of upstream came with context,
    and the rewrite #36294 made (``"naive"`` now becomes ``allgather_reducescatter`` on the way in, so the fork's
    ``== "naive"`` is never true, an error) was not found, exit 0.  It is dropped like ``GIT_EXTERNAL_DIFF``."""
    repo = tmp_path / "repo"
    make_repo(repo, {PARALLEL: PARALLEL_BASE, "vllm/__init__.py": "", "vllm/config/__init__.py": ""})
    base = git(repo, "rev-parse", "HEAD")
    upstream = PARALLEL_BASE.replace('== "pplx":', 'in ["pplx", "naive"]:')
    make_repo(repo, {PARALLEL: upstream}, '[MoE Refactor] Rename "naive" all2all backend (#36294)')
    theirs = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-b", "fork", base)
    make_repo(repo, {"vllm/aeon_a2a.py": A2A_FORK}, "fork")
    ours = git(repo, "rev-parse", "HEAD")
    git(repo, "merge", "-q", "--no-edit", theirs)
    sides = ("--base", base, "--ours", ours, "--theirs", theirs, "--rev", "HEAD")
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), *sides, env={"GIT_DIFF_OPTS": context}, timeout=30
    )
    assert run.code == 1 and "Traceback" not in run.err, run.out + run.err
    assert "vllm/aeon_a2a.py:5" in run.out and "allgather_reducescatter" in run.out, run.out


# -- the checkout audited is the folder named ------------------------------------------------------------------------
def test_a_core_worktree_elsewhere_never_stands_a_clean_copy_in_for_the_checkout(tmp_path: Path) -> None:
    """``core.worktree`` in the repository's config makes git take another folder for the work tree: there a
    clean copy of the files, and the checkout's own file holding conflict markers.  The audit of ``--repo`` the
    checkout listed the files from the index and read a file only where git's stat check (of the other folder)
    said it changed; the file with the markers was audited as its clean blob, exit 0.  The folder named is the work
    tree for the audit's gits (``GIT_WORK_TREE``), whatever the config says."""
    repo = make_repo(tmp_path / "repo", {"pkg/a.py": "x = 1\n", "pkg/b.py": "y = 2\n"})
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "pkg").mkdir(parents=True)
    for name in ("a.py", "b.py"):
        (elsewhere / "pkg" / name).write_bytes((repo / "pkg" / name).read_bytes())
    git(repo, "config", "core.worktree", str(elsewhere))
    git(repo, "update-index", "-q", "--refresh")  # the index's stat data: the clean copy's
    (repo / "pkg" / "a.py").write_text(MARKER)
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), timeout=30)
    assert run.code == 1 and "Traceback" not in run.err, run.out + run.err
    assert "pkg/a.py:1" in run.out and "conflict marker" in run.out, run.out
