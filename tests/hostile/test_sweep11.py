"""Hostile-input sweep 11: refs whose short names mean something else to git.  Real git, real
processes; one line and a documented exit code, never a traceback, and the revision the tool says
it audits is the one it audits."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from aeon_release.adapters import signing
from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example, git, snapshot, without_beats
from tests.hostile.conftest import ROOT, config_with, make_repo, run_limited
from tests.hostile.test_config_files import TIMEOUT
from tests.hostile.test_sweep8 import MARKER
from tests.hostile.test_sweep10 import DEEP_JSON


# -- upstream's tags named like the fork's branches --------------------------------------------------------
def _tag_upstream(upstream: Path, name: str, files: dict[str, str]) -> str:
    """A tag ``name`` on upstream, on a commit of its own off v0.27.1 (``merge`` fetches it with --tags)."""
    git(upstream, "checkout", "-q", "-b", f"side-{name}", "v0.27.1")
    for path, text in files.items():
        (upstream / path).write_text(text)
    git(upstream, "add", "-A")
    git(upstream, "commit", "-q", "-m", f"tag {name}")
    git(upstream, "tag", name)
    git(upstream, "checkout", "-q", "main")
    return git(upstream, "rev-parse", "HEAD")


def test_a_tag_named_like_the_previous_branch_leaves_the_branch_found(tmp_path: Path) -> None:
    """Branches were listed by ``refname:short``, which spells a branch ``heads/aeon-v0.27.1`` when a tag
    of that name exists: one upstream tag (``fetch --tags`` brings it) hid the fork's branch, and the
    merge said "no previous fork branch"."""
    example = build_example(tmp_path / "ex")
    _tag_upstream(example.upstream, "aeon-v0.27.1", {"other.py": "x = 1\n"})
    run = run_limited(
        "merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--dry-run", timeout=TIMEOUT
    )
    assert run.code == 0 and "onto aeon-v0.27.1 (" in run.out, run.err
    assert git(example.fork, "tag", "-l", "aeon-v0.27.1") == "aeon-v0.27.1"  # the fetch brought it


def test_release_audits_the_branch_it_merged_not_a_tag_of_its_name(tmp_path: Path) -> None:
    """``release`` audited and built ``aeon-v0.29.0`` by its short name, which git reads as the tag of
    that name before the branch: with an upstream tag ``aeon-v0.29.0`` the audit stage audited that
    tag's tree (here it fails; one that passes would have been built and published instead)."""
    example = build_example(tmp_path / "ex")
    _tag_upstream(example.upstream, "aeon-v0.29.0", {"evil.py": MARKER})
    signing.generate(tmp_path / "key")
    run = run_limited(
        "release", "v0.29.0", "--repo", example.fork, "--config", example.config, "--repository", "127.0.0.1:9/x",
        env={"AEON_SIGNING_KEY": str(tmp_path / "key"), "DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"},
        timeout=TIMEOUT * 3,
    )  # fmt: skip
    assert "audit: done" in run.out + run.err and "evil.py" not in run.out + run.err, run.out + run.err
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert run.code == 2 and "the Docker engine does not answer" in line, run.err  # the build, next


# -- a repository whose path holds a newline -----------------------------------------------------------
NEWLINE_RUNS = {
    "status": lambda repo, config: ("status", "--repo", repo),
    "audit --changed-since": lambda repo, config: ("audit", "--repo", repo, "--config", config, "--changed-since", "HEAD~1"),
    "init --dry-run": lambda repo, config: ("init", "--repo", repo, "--dry-run"),
    "a bare repository": lambda repo, config: ("audit", "--repo", repo.parent / "bare\nrepo.git", "--config", config),
}  # fmt: skip


@pytest.mark.parametrize("case", list(NEWLINE_RUNS))
def test_a_repository_path_with_a_newline_is_that_path(tmp_path: Path, case: str) -> None:
    """git prints paths as they are: ``rev-parse --show-toplevel`` and the values asked with it, one a
    line, were read back by lines, so ``--repo 'r<newline>x'`` opened ``x/.git`` ("No such file or
    directory") and a bare repository there was "inside a git directory"."""
    repo = make_repo(make_repo(tmp_path / "r\nx", {"a.py": "x = 1\n"}), {"a.py": MARKER})
    git(tmp_path, "clone", "-q", "--bare", str(repo), str(tmp_path / "bare\nrepo.git"))
    run = run_limited(*NEWLINE_RUNS[case](repo, config_with(tmp_path)), cwd=tmp_path, timeout=TIMEOUT)
    assert "Traceback" not in run.err and "No such file" not in run.err and "git directory" not in run.err, run.err
    if case == "init --dry-run":  # it read the repository: its branch is no fork branch
        assert run.code == 2 and "is not named PREFIX + an upstream release tag" in run.err, run.err
    elif case == "status":
        assert run.code == 0 and "no aeon-release runs" in run.out, run.err
    else:
        assert run.code == 1 and "conflict marker" in run.out, run.out + run.err


# -- the demo's folder -----------------------------------------------------------------------------------
def test_the_demo_clones_its_folder_as_named(tmp_path: Path) -> None:
    """The demo cloned with GitPython, which expands ``$VARIABLES`` and ``~`` in the source and turns its
    backslashes into slashes: a folder named ``x$AEON_TEST_SECRET`` got the variable's value (a secret) in
    the fork's remote URL in .git/config, and a backslash or a newline made the fetch fail."""
    folder = tmp_path / "d$AEON_TEST_SECRET\\n"
    run = run_limited("demo", folder, cwd=tmp_path, env={"AEON_TEST_SECRET": "hunter2"}, timeout=TIMEOUT * 6)
    assert run.code == 0, run.err
    assert git(folder / "fork", "config", "remote.upstream.url") == str(folder / "upstream")
    assert "hunter2" not in (folder / "fork" / ".git" / "config").read_text()


def test_the_demo_refuses_a_folder_behind_a_link_before_it_runs(tmp_path: Path, outside: Path) -> None:
    """A relative demo folder through a symbolic link was built through it (outside the named place),
    and its last step, the notes, then refused the link: exit 2 after the whole ritual."""
    (tmp_path / "link").symlink_to(outside, target_is_directory=True)
    for folder in ("link", "link/sub"):
        run = run_limited("demo", folder, cwd=tmp_path, timeout=TIMEOUT)
        [line] = run.err.splitlines()
        assert run.code == 2 and line.startswith(f"error: {folder}: link is a symbolic link (hint: "), run.err
    assert sorted(p.name for p in outside.iterdir()) == ["bashrc"]


# -- a disk that fills up during a merge --------------------------------------------------------------------
def test_a_run_state_the_disk_will_not_take_says_how_to_go_on(tmp_path: Path) -> None:
    """A full disk (here a file-size limit, ``ulimit -f``: the same EFBIG/ENOSPC family) under the run's
    own state.json was "cannot be written ... (hint: pass a writable file path)": no path is the user's
    to pass, and ``merge --continue`` (which finishes the run) was never named."""
    example = build_example(tmp_path / "ex")
    limit = 1400 + 2 * len(str(example.root))  # the first state.json fits, one after a few steps does not
    # no bytecode written under the limit: CPython does not check a short write of a .pyc, and a cut one in
    # the suite's shared PYTHONPYCACHEPREFIX fails every later import of that module ("marshal data too short")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
    env |= {"PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    stopped = subprocess.run(
        [sys.executable, "-m", "aeon_release", "merge", "v0.29.0", "--repo", example.fork, "--config", example.config,
         "--no-fetch"],
        capture_output=True, text=True, env=env, timeout=TIMEOUT * 3,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)),
    )  # fmt: skip
    # the steps' progress lines come first where stderr is no terminal (robust35): the error is one line of its own
    lines = [line for line in without_beats(stopped.stderr) if not line.startswith("merging v0.29.0 onto ")]
    assert len(lines) == 1, stopped.stderr  # seen twice under load 30 as two lines: the text says which
    [line] = lines
    assert stopped.returncode == 2 and "state.json: cannot be written: File too large" in line, stopped.stderr
    assert "then `aeon-release merge --continue`, or --abort)" in line, line
    went_on = run_limited("merge", "--continue", "--repo", example.fork, timeout=TIMEOUT * 3)
    assert went_on.code == 0 and "created aeon-v0.29.0" in went_on.out + went_on.err, went_on.err


def test_a_full_disk_under_an_output_is_the_disks_fault_not_the_paths(tmp_path: Path) -> None:
    """/dev/full answers every write with ENOSPC: the hint was "pass a writable file path"."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), "--format", "sarif", "--output", "/dev/full",
        timeout=TIMEOUT,
    )  # fmt: skip
    [line] = without_beats(run.err)
    assert run.code == 2 and line.startswith("error: --output /dev/full: cannot be written: No space left"), run.err
    assert line.endswith("(hint: free some disk space and run the command again)"), line


# -- the tool's own JSON, nested past the recursion limit ------------------------------------------------
def _deep(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(DEEP_JSON)


OWN_JSON = {  # a file the tool wrote (or docker did), damaged: read with json.loads, outside jsonio's loader
    "a run's state.json": ("status", "runs/v0.29.0/state.json", "run state is unreadable (nested too deeply"),
    "a release's pipeline.json": ("release", "runs/v0.29.0/pipeline.json", "release pipeline state is unreadable"),
    "a cached report": ("audit", "cache/report-*.json", None),
    "docker's config.json": ("releases", "config.json", "config.json: cannot be read as JSON: JSONDecodeError"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(OWN_JSON))
def test_the_tools_own_json_nested_too_deeply_is_one_line_or_ignored(tmp_path: Path, case: str) -> None:
    """Sweep 10 gave JSON from outside one loader, to which ``[`` 100,000 times is malformed JSON; the
    run state, the release pipeline's state, the findings and report caches, a merge's report.json and
    docker's config.json were still read with json.loads: a RecursionError traceback (exit 3) in
    ``status``, ``release``, ``audit --rev`` and ``releases``.  A cache is only a cache: it is ignored."""
    command, place, says = OWN_JSON[case]
    example = build_example(tmp_path / "ex", renumber_enum=True)
    store = example.fork / ".git" / "aeon-release"
    env = {"DOCKER_CONFIG": str(tmp_path / "docker"), "DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"}
    if command == "status":
        stopped = run_limited("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch")
        assert stopped.code == 1, stopped.err
        _deep(store / place)
        argv: tuple[str | Path, ...] = ("status", "--repo", example.fork)
    elif command == "release":
        _deep(store / place)
        argv = (
            "release",
            "v0.29.0",
            "--repo",
            example.fork,
            "--config",
            example.config,
            "--repository",
            "127.0.0.1:9/x",
        )
    elif command == "audit":
        argv = ("audit", "--repo", example.fork, "--config", example.config, "--rev", "HEAD")
        assert run_limited(*argv, timeout=TIMEOUT).code == 0
        reports = list(store.glob(place))  # by the rules, and by the config folder's bytes
        assert reports
        for report in reports:
            _deep(report)
    else:
        _deep(tmp_path / "docker" / place)
        argv = ("releases", "--repository", "127.0.0.1:9/x")
    run = run_limited(*argv, env=env, timeout=TIMEOUT)
    assert "Traceback" not in run.err and "crashed" not in run.err, run.err[-2000:]
    if says is None:
        assert run.code == 0, run.err
        return
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert run.code == 2 and says in line and "(hint: " in line, run.err


# -- the ledger's free text on a terminal ---------------------------------------------------------------
SPOOF = "\\e]0;pwned\\a\\e[2J \\u202egnp.exe \\x9b31m"  # YAML escapes: a title, a screen clear, an RLO, a C1 CSI
RAW = ("\x1b", "\x07", "\u202e", "\x9b")


def _spoofed(example: demo.Example) -> None:
    picks = example.config / "cherry_picks.yaml"
    picks.write_text(picks.read_text().replace("reason: DFlash 2 drafter layer}", f'reason: "DFlash {SPOOF}"}}'))
    carries = example.config / "carries.yaml"
    text = carries.read_text()
    start = text.index("title: ")
    end = text.index("\n", start)
    carries.write_text(text[:start] + f'title: "Clamp {SPOOF}"' + text[end:])


@pytest.mark.parametrize("command", ["notes", "audits list"])
def test_the_ledgers_text_reaches_the_terminal_escaped(tmp_path: Path, command: str) -> None:
    """A carry's title and a cherry-pick's reason are text a pull request writes; the notes' Markdown
    (stdout and the release body) and ``audits list`` (a carry marker's message names the title) printed
    their ESC, BEL, bidi override and C1 controls raw: a terminal title set, a screen cleared, a name
    shown backwards.  The merge's tables and the audit's formats escaped them already."""
    example = build_example(tmp_path / "ex")
    _spoofed(example)
    if command == "notes":
        merged = run_limited("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch")
        assert merged.code == 0, merged.err
        run = run_limited("notes", "v0.29.0", "--repo", example.fork, "--config", example.config, timeout=TIMEOUT)
        assert "| DFlash \\x1b\\]0;pwned\\x07\\x1b\\[2J \\u202egnp.exe \\x9b31m |" in run.out, (
            run.out
        )  # brackets escaped (sweep 24)
    else:
        run = run_limited("audits", "list", "--config", example.config, timeout=TIMEOUT)
        assert "carry uma-clamp (Clamp \\x1b]0;pwned" in run.out, run.out
    assert run.code == 0 and not any(char in run.out + run.err for char in RAW), run.out


# -- upstream moved a tag --------------------------------------------------------------------------------
def test_a_tag_upstream_moved_is_named_with_what_to_do(tmp_path: Path) -> None:
    """Upstream re-tagged v0.29.0 (it happens): ``git fetch --quiet --tags`` refuses to clobber the local
    tag and, quiet, says nothing, so the line was "git fetch failed in fork: exit 1" with the hint to check
    the network.  The fork's tags and branches stay as they were."""
    example = build_example(tmp_path / "ex")
    git(example.upstream, "tag", "-f", "v0.29.0", "v0.27.1")
    before = snapshot(example.fork), git(example.fork, "show-ref", "--tags")
    run = run_limited(
        "merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--dry-run", timeout=TIMEOUT
    )
    [line] = without_beats(run.err)
    assert run.code == 2 and "error: remote 'upstream' moved tag 'v0.29.0': the local one points elsewhere" in line
    assert "git fetch --tags --force upstream" in line and "pass --no-fetch)" in line, line
    assert (snapshot(example.fork), git(example.fork, "show-ref", "--tags")) == before
    git(example.fork, "remote", "set-url", "upstream", str(tmp_path / "nowhere"))
    run = run_limited("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--dry-run")
    assert run.code == 2 and "does not appear to be a git repository (hint: check the network" in run.err, run.err


# -- replace refs and grafts ------------------------------------------------------------------------------
def test_a_replace_ref_never_stands_in_for_the_revision_audited(tmp_path: Path) -> None:
    """``git replace BAD CLEAN`` makes git read CLEAN's tree wherever BAD is named: ``audit --rev BAD``
    audited the stand-in and passed (exit 0) on a commit whose own tree holds conflict markers."""
    repo = make_repo(tmp_path / "repo", {"a.py": MARKER})
    bad = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "--orphan", "clean")
    make_repo(repo, {"a.py": "x = 1\n"})
    git(repo, "replace", bad, git(repo, "rev-parse", "HEAD"))
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), "--rev", bad, timeout=TIMEOUT)
    assert run.code == 1 and "conflict marker" in run.out, run.out + run.err


def test_a_graft_never_changes_what_changed_since_lists(tmp_path: Path) -> None:
    """.git/info/grafts gives a commit other parents: with the pull request's commit grafted onto one
    that already held its conflict markers, ``--changed-since HEAD~1`` listed nothing and passed."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    make_repo(repo, {"b.py": MARKER})
    head = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-b", "stand-in", "HEAD~1")
    make_repo(repo, {"b.py": MARKER}, "stand-in")
    stand_in = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", head)
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "grafts").write_text(f"{head} {stand_in}\n")
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), "--changed-since", "HEAD~1", timeout=TIMEOUT
    )
    assert run.code == 1 and "b.py:1" in run.out, run.out + run.err


def test_a_tag_named_like_the_upstream_branch_leaves_picks_resolved_on_the_branch(tmp_path: Path) -> None:
    """Picks by PR number resolve on ``upstream/main``, which git reads as a tag of that name before the
    remote branch: one upstream tag ``upstream/main`` (``fetch --tags`` brings it) moved where every
    pick was looked for."""
    example = build_example(tmp_path / "ex")
    _tag_upstream(example.upstream, "upstream/main", {"other.py": "x = 1\n"})
    run = run_limited(
        "merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--dry-run", timeout=TIMEOUT
    )
    assert run.code == 0, run.err
    assert git(example.fork, "tag", "-l", "upstream/main") == "upstream/main"  # the fetch brought it
    assert "not found" not in run.out + run.err and "ambiguous" not in run.err, run.out + run.err
