"""Hostile-input sweep 15: a run state edited to name a branch or a worktree the run did not make, the
fixes a state file lists, ...  Real git, real processes; one line and a documented exit code, never a
traceback, and the user's checkout, index and branches as they were."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example, cpu_seconds, run_cli, snapshot
from tests.hostile.conftest import git
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_sweep14 import _stopped_run


# -- a run state that names a branch the run did not make ----------------------------------------------------
def _refs(repo: Path) -> str:
    return git(repo, "for-each-ref", "--format=%(refname) %(objectname)")


@pytest.mark.parametrize("name", ["current", "other", "v1", "origin/main"])
@pytest.mark.parametrize("tag_given", [False, True])
def test_a_state_naming_a_branch_the_run_did_not_make_deletes_nothing(
    tmp_path: Path, name: str, tag_given: bool
) -> None:
    """``merge --abort`` deleted the branch a state.json named when it pointed at the state's ``head``
    and the audit was among the steps done: a state edited to ``branch: main`` (here, the branch
    checked out) deleted the user's branch with "which it had just created, deleted"."""
    repo, state_file = _stopped_run(tmp_path)
    sha = git(repo, "rev-parse", "HEAD")
    current = git(repo, "symbolic-ref", "--short", "HEAD")
    git(repo, "branch", "other")
    git(repo, "branch", "v1")
    git(repo, "tag", "v1")
    git(repo, "update-ref", "refs/remotes/origin/main", sha)
    git(repo, "commit", "-q", "--allow-empty", "-m", "the user's own")  # the state's head is not previous_sha
    head = git(repo, "rev-parse", "HEAD")
    git(repo, "branch", "-f", "other", head)
    git(repo, "branch", "-f", "v1", head)
    git(repo, "update-ref", "refs/remotes/origin/main", head)
    state = json.loads(state_file.read_text())
    state |= {"branch": current if name == "current" else name, "head": head, "steps_done": ["merge", "audit"]}
    state_file.write_text(json.dumps(state))
    before, refs = snapshot(repo), _refs(repo)
    result = run_cli("merge", "--abort", *(["v0.2.0"] if tag_given else []), "--repo", repo)
    assert result.code == 0 and "deleted" not in result.out, result.out + result.err
    assert snapshot(repo) == before and _refs(repo) == refs


def test_a_branch_the_run_made_and_someone_moved_since_is_left(tmp_path: Path) -> None:
    """The run's own reflog entry is the branch's only one while nothing moved it: a branch the run made
    that has a commit of someone else's on it since is theirs too."""
    from aeon_release.adapters.git import Git
    from aeon_release.pipeline.merge_steps import made_by

    repo, state_file = _stopped_run(tmp_path)
    git(repo, "commit", "-q", "--allow-empty", "-m", "built")
    built = git(repo, "rev-parse", "HEAD")
    git(repo, "reset", "-q", "--hard", "HEAD~1")
    Git(repo).create_branch("fork-v0.2.0", built, made_by("v0.2.0"))
    state = json.loads(state_file.read_text())
    state_file.write_text(json.dumps(state | {"head": built, "steps_done": ["merge", "audit"]}))
    assert Git(repo).created_and_unmoved("fork-v0.2.0", built, made_by("v0.2.0"))
    git(repo, "update-ref", "refs/heads/fork-v0.2.0", git(repo, "rev-parse", "HEAD"))
    git(repo, "update-ref", "refs/heads/fork-v0.2.0", built)  # moved away and back: two entries more
    refs = _refs(repo)
    result = run_cli("merge", "--abort", "--repo", repo)
    assert result.code == 0 and "fork-v0.2.0 left as it is" in result.out, result.out + result.err
    assert _refs(repo) == refs


# -- a run worktree that is not the one the run made -----------------------------------------------------------
@pytest.fixture
def stopped(tmp_path: Path) -> tuple[Path, Path]:
    """A real merge stopped on an audit finding (its worktree made), and the worktree's place."""
    example = build_example(tmp_path / "ex", renumber_enum=True)
    result = run_cli("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch")
    assert result.code == 1, result.err
    return example.fork, example.fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0"


def _fake_worktree(fork: Path, place: Path, how: str) -> None:
    git(fork, "worktree", "remove", "--force", str(place))
    if how == "gitfile to the checkout":
        shutil.copytree(fork / "vllm", place / "vllm")
        (place / ".git").write_text(f"gitdir: {fork / '.git'}\n")
        (place / "vllm" / "x.py").write_text("x = 'the forger'\n")
    elif how == "a branch checked out":
        git(fork, "branch", "users-branch")
        git(fork, "worktree", "add", "-q", str(place), "users-branch")
    elif how == "core.worktree to the checkout":
        git(fork, "worktree", "add", "-q", "--detach", str(place))
        admin = Path(git(place, "rev-parse", "--absolute-git-dir"))
        git(fork, "config", "extensions.worktreeConfig", "true")
        (admin / "config.worktree").write_text(f"[core]\n\tworktree = {fork}\n")


@pytest.mark.parametrize("how", ["gitfile to the checkout", "a branch checked out", "core.worktree to the checkout"])
def test_a_worktree_the_run_did_not_make_is_never_worked_in(stopped: tuple[Path, Path], how: str) -> None:
    """The run reused whatever held a ``.git`` at its worktree's place: a ``.git`` file there naming the
    user's repository, with the state's head set to the user's HEAD, had ``merge --continue`` stage the
    folder into the user's index, commit it, detach the user's HEAD onto that commit and reset the
    user's files (``git reset --hard``); a worktree with a branch checked out had the branch moved."""
    fork, place = stopped
    _fake_worktree(fork, place, how)
    state_file = fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "state.json"
    state = json.loads(state_file.read_text())
    state_file.write_text(json.dumps(state | {"head": git(fork, "rev-parse", "HEAD")}))
    (fork / "README.md").write_text("the user's work\n")
    git(fork, "add", "README.md")
    (fork / "docs" / "notes.md").write_text("unstaged\n")
    before, refs = snapshot(fork), _refs(fork)
    for argv in (["--continue"], ["--continue", "--fix"]):
        line = one_error_line(run_cli("merge", *argv, "--repo", fork))  # type: ignore[arg-type]
        assert "not the worktree the v0.29.0 run made" in line and "merge --abort v0.29.0" in line, line
        assert snapshot(fork) == before and _refs(fork) == refs
    result = run_cli("merge", "--abort", "--repo", fork)
    assert result.code == 0 and "deleted" not in result.out, result.out + result.err
    assert snapshot(fork) == before and _refs(fork) == refs


def test_a_state_naming_another_branch_is_not_continued(stopped: tuple[Path, Path]) -> None:
    fork, _ = stopped
    state_file = fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "state.json"
    state = json.loads(state_file.read_text())
    state_file.write_text(json.dumps(state | {"branch": git(fork, "symbolic-ref", "--short", "HEAD")}))
    before, refs = snapshot(fork), _refs(fork)
    line = one_error_line(run_cli("merge", "--continue", "--repo", fork))
    assert "names the branch 'aeon-v0.27.1'" in line and "aeon-v0.29.0" in line, line
    assert snapshot(fork) == before and _refs(fork) == refs


# -- the fixes a state file lists ---------------------------------------------------------------------------
def test_a_fix_never_writes_outside_the_tree_nor_through_a_link(tmp_path: Path) -> None:
    """``merge --continue --fix`` applies the fixes state.json lists, under the worktree: an absolute
    path, a ``..`` or a committed link to a file outside rewrote that file; a FIFO held the run."""
    from aeon_release.domain.audits.drift.fixes import apply_fixes
    from aeon_release.domain.audits.model import Fix

    tree, outside = tmp_path / "tree", tmp_path / "outside"
    tree.mkdir()
    outside.mkdir()
    (outside / "m.py").write_text("X = 4\n")
    (tree / "link.py").symlink_to(outside / "m.py")
    (tree / "dir").symlink_to(outside)
    os.mkfifo(tree / "fifo.py")
    (tree / "ok.py").write_text("X = 4\n")
    fixes = [
        Fix(path, 1, 4, 1, 5, "4", "5")
        for path in (str(outside / "m.py"), "../outside/m.py", "link.py", "dir/m.py", "fifo.py", "ok.py")
    ]
    results = apply_fixes(tree, fixes)
    assert (outside / "m.py").read_text() == "X = 4\n"
    assert [r.status for r in results] == ["skipped"] * 5 + ["applied"], results
    assert (tree / "ok.py").read_text() == "X = 5\n"


# -- the merge-aware checks on thousands of names ----------------------------------------------------------
def test_a_display_choice_is_read_for_every_name_at_once() -> None:
    """``_fork_defined`` compiled ``_choice(name)`` for each name and searched every fork-added line for
    each: 6,000 added lines that each read a name took 40 s of a merge (quadratic); one pass now, with
    the same answer as the pattern per name."""
    import random
    import re

    from aeon_release.domain.audits.drift.names import _choice, _choices_among

    rng = random.Random(15)
    parts = ["Literal[", "choices=", "x = [", "x: int = (", "a.b={", "'", '"', "abcd", "efgh", "ab", " ", ",", "#", "r"]
    names = {"abcd", "efgh", "ab", "abcdefgh", "rabcd"}
    for _ in range(5_000):
        line = "".join(rng.choice(parts) for _ in range(rng.randint(1, 9)))
        assert _choices_among([line], names) == {n for n in names if _choice(re.escape(n)).search(line)}, line
    lines = [f'    x{i} = d.get("APP_NAME_{i}")' for i in range(50_000)] + ['MODES = ["APP_NAME_7", "other"]']
    started = cpu_seconds()
    assert _choices_among(lines, {f"APP_NAME_{i}" for i in range(50_000)}) == {"APP_NAME_7"}
    assert cpu_seconds() - started < 2  # a hang guard: ~0.1 s; per name it was hours


def test_many_words_are_found_in_linear_time_and_print_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    """One RE2 pattern of every name a fork reads: at 20,000 names RE2's automaton ran out of its default
    memory and RE2 printed ``DFA out of memory`` to stderr for every text searched (hundreds of lines in
    an audit's output); ``any(name in text for name in names)`` per file was files x names."""
    from aeon_release.domain.audits.linear import Alternation
    from aeon_release.domain.audits.source import Mentions

    words = [f"APP_NAME_{i}_x" for i in range(20_000)]
    text = ("+ " + "y " * 100 + "APP_NAME_5_x\n") * 300
    started = cpu_seconds()
    lines = Alternation(r"(?m)^[-+][^\n]*\b(?:{})\b[^\n]*", words)
    assert len(lines.findall(text)) == 300 and lines.search(text) and not lines.search("APP_NAME_x")
    spelled = Mentions(words, (("", "("), ('"', '"')))
    assert spelled('f(APP_NAME_12_x( "APP_NAME_7_x" APP_NAME_9_x') == {"APP_NAME_12_x", "APP_NAME_7_x"}
    assert Mentions(["foo_bar", "bar"])("foo_bar") == {"foo_bar", "bar"}  # as `in` counts it
    assert Mentions(["x" * 1_000_000, "ab"])("ab" + "x" * 10) == {"ab"}  # too large for a set: searched alone
    assert cpu_seconds() - started < 10  # a hang guard: ~1 s
    assert capfd.readouterr().err == ""


def test_a_merge_names_the_upstream_commit_of_its_first_findings_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each finding's upstream commit is a ``git log -G`` (10-15 ms): an env registry of 2,000 defaults
    upstream changed, all read by the fork, spent 27 s naming commits (100,000: twenty minutes).  A merge
    asks LOOKUPS times at most (3 here: the constant set low, so that five findings show the cut)."""
    from aeon_release.domain.audits import audit_tree
    from aeon_release.domain.audits.drift import sides as three
    from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
    from tests.audits import drift_shapes as s
    from tests.audits.conftest import GitRepo, config_without_rules

    monkeypatch.setattr(three, "LOOKUPS", 3)
    repo = GitRepo(tmp_path / "repo")
    base = "import os\nREG = {\n" + "".join(
        f'    "APP_V_{i}": lambda: os.getenv("APP_V_{i}", "0"),\n' for i in range(5)
    )
    base += "}\n"
    fork = "import pkg.envs as envs\n" + "".join(f"x{i} = envs.APP_V_{i}\n" for i in range(5))
    sides = s.merge_case(
        repo,
        {"pkg/envs.py": base, "pkg/__init__.py": ""},
        {"pkg/fork.py": fork},
        [("Turn them on (#7)", {"pkg/envs.py": base.replace('"0")', '"1")')})],
    )
    report = audit_tree(repo.path, config_without_rules(tmp_path / "cfg"), merge=sides)
    found = [f.message for f in report.findings if f.rule_id == DEFAULT_DRIFT]
    assert len(found) == 5 and sum("(pkg/envs.py, in " in m for m in found) == 3, found
    assert sum("(pkg/envs.py)" in m for m in found) == 2, found


# -- the Dockerfile's arch list as the builder resolves it -------------------------------------------------
@pytest.mark.parametrize(
    ("docker", "expected"),
    [
        ("ARG X=8.0\nENV TORCH_CUDA_ARCH_LIST=\\${X}\n", ["${X}"]),  # an escaped dollar is a dollar
        ('ARG X=8.0\nENV TORCH_CUDA_ARCH_LIST="\\${X}"\n', ["${X}"]),
        ("ARG X=8.0\nENV TORCH_CUDA_ARCH_LIST='${X}'\n", ["${X}"]),  # single quotes expand nothing
        ("ARG B=12.1a\nENV TORCH_CUDA_ARCH_LIST=${A:-${B:-7.0}}\n", ["12.1a"]),  # nested
        ("ARG X=12.1a\nFROM a AS b\nENV TORCH_CUDA_ARCH_LIST=${X}\n", ["${X}"]),  # a global ARG not declared again
        ("ARG X=12.1a\nFROM a AS b\nARG X\nENV TORCH_CUDA_ARCH_LIST=${X}\n", ["12.1a"]),  # declared again
        ("ENV X=12.1a TORCH_CUDA_ARCH_LIST=${X}\n", ["${X}"]),  # one line sees what held before it
        (
            "FROM a AS one\nENV X=12.1a\nFROM one\nENV TORCH_CUDA_ARCH_LIST=$X\nFROM a\nENV TORCH_CUDA_ARCH_LIST=$X\n",
            ["12.1a", "$X"],
        ),
        ("ARG X='$Y'\nARG Y=1\nENV TORCH_CUDA_ARCH_LIST=${X}\n", ["$Y"]),  # a value is expanded once
    ],
)
def test_the_arch_list_is_what_the_builder_makes_of_the_dockerfile(docker: str, expected: list[str]) -> None:
    """``ARG X=12.1a`` before the first FROM and ``ENV TORCH_CUDA_ARCH_LIST=${X}`` in a stage that does not
    declare ``ARG X`` again: the build gets an empty list (torch's default archs, a bare Blackwell one
    among them) while the preflight checked 12.1a and passed; ``\\$``, ``'$X'`` were expanded."""
    from aeon_release.pipeline.arch_baseline import dockerfile_values

    assert dockerfile_values(docker, {}, "TORCH_CUDA_ARCH_LIST") == expected


def test_a_global_arch_list_a_stage_never_sees_is_refused_at_preflight(tmp_path: Path) -> None:
    line, err = preflight_error(
        tmp_path, "ARG ARCHS=12.1a\nFROM nvidia/cuda:13.0.1-devel AS build\nENV TORCH_CUDA_ARCH_LIST=${ARCHS}\n"
    )
    assert "${ARCHS}" in line and "Docker" not in err, err


def preflight_error(tmp_path: Path, dockerfile_text: str) -> tuple[str, str]:
    """``build`` of a small fork with this Dockerfile and no engine to reach: the one error line the
    preflight gives (it must refuse before any engine is asked), and the whole of stderr."""
    from tests.hostile.conftest import make_repo, run_limited
    from tests.hostile.test_config_files import TIMEOUT

    repo = make_repo(tmp_path / "fork", {"vllm/__init__.py": '__version__ = "0.29.0"\n'})
    dockerfile = tmp_path / "Dockerfile"
    dockerfile.write_text(dockerfile_text)
    run = run_limited(
        "build", "--repo", repo, "--version", "v0.29.0", "--dockerfile", dockerfile, "--tag", "team/app:1",
        "--skip-audit", "test", env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"}, timeout=TIMEOUT,
    )  # fmt: skip
    return one_error_line(run), run.err


# -- terminal controls in what a human line quotes --------------------------------------------------------
def test_no_human_line_lets_a_terminal_control_through(tmp_path: Path) -> None:
    """``say()`` and ``show()`` lines interpolate data (a state file's branch, a commit's subject) that
    only some callers passed through ``plain()``; rich keeps an ESC: ``merge --continue TAG`` on a state
    edited to ``phase: done`` wrote ``branch`` raw to the terminal (clear screen, a new window title).
    The console escapes every control character but the lines' own newlines and tabs."""
    repo, state_file = _stopped_run(tmp_path)
    state = json.loads(state_file.read_text())
    state |= {"phase": "done", "branch": "x\x1b[2J\x1b]0;owned\x07", "branch_sha": "\x1b[31mred", "head": None}
    state_file.write_text(json.dumps(state))
    result = run_cli("merge", "--continue", "v0.2.0", "--repo", repo)
    assert result.code == 0 and "\\x1b[2J\\x1b]0;owned\\x07" in result.err, result.err
    assert "\x1b" not in result.err + result.out and "\x07" not in result.err
    gone = run_cli("merge", "--abort", "v0.2.0", "--repo", repo)  # "(x exists)" of a branch that never did
    assert "was deleted since" in one_error_line(gone) and "git branch -D" not in gone.err, gone.err


def test_a_run_folder_named_no_tag_says_how_to_go_on(tmp_path: Path) -> None:
    """A folder under the run store that no run made (``runs/bad name``, ``runs/x.lock``): ``status`` gave
    it a ``next: merge --continue`` hint, and ``merge --abort`` and ``--continue`` without a tag stopped
    on it first with "tag 'bad name' is not a valid name", a hint that led nowhere, whatever run was
    really in progress."""
    repo, state_file = _stopped_run(tmp_path)
    for name in ("bad name", "x.lock", "\x1b[31m"):
        folder = state_file.parent.parent / name
        folder.mkdir()
        (folder / "state.json").write_text(state_file.read_text().replace('"v0.2.0"', json.dumps(name)))
    status = run_cli("status", "--repo", repo)  # the good run listed, each damaged folder named (sweep 45: exit 1)
    assert status.code == 1 and "v0.2.0: audit-failed" in status.out and "bad name" not in status.out, status.out
    named = [line for line in status.err.splitlines() if "a run folder named no tag" in line]
    assert len(named) == 3 and all("rm -r " in line and "\x1b" not in line for line in named), status.err
    for argv in (["merge", "--abort"], ["merge", "--continue"]):
        line = one_error_line(run_cli(*argv, "--repo", repo))
        assert "a run folder named no tag" in line and "rm -r " in line and "\x1b" not in line, line
    assert run_cli("merge", "--abort", "v0.2.0", "--repo", repo).code == 0


@pytest.mark.parametrize("where", ["runs", "worktrees"])
def test_a_file_where_the_run_store_keeps_a_folder_is_named_with_a_way_out(tmp_path: Path, where: str) -> None:
    """A file at ``.git/aeon-release/runs``: every command called the run's state "unreadable (Not a
    directory)" with the hint ``merge --abort v0.2.0``, which said it dropped the run while the file
    stayed, and the next merge said the same line.  At ``worktrees``, a merge ran every step, then
    failed making the worktree ("nothing is lost ... --continue"), and so did every merge after."""
    repo, state_file = _stopped_run(tmp_path)
    store = state_file.parent.parent.parent
    shutil.rmtree(store / where)
    (store / where).write_text("x")
    line = one_error_line(run_cli("merge", "--abort", "v0.2.0", "--repo", repo))
    assert f"aeon-release/{where}: not a folder" in line and f"(hint: move it aside (mv {store / where} " in line


def test_a_file_at_the_worktrees_place_is_cleared_with_the_run(tmp_path: Path) -> None:
    repo, state_file = _stopped_run(tmp_path)
    place = state_file.parent.parent.parent / "worktrees" / "v0.2.0"
    place.rmdir()
    place.write_text("x")
    result = run_cli("merge", "--abort", "v0.2.0", "--repo", repo)
    assert result.code == 0 and not place.exists() and not state_file.exists(), result.out + result.err


# -- paths a person types ---------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [".", "/", "..", ""])
def test_keygen_of_a_folder_is_one_line(tmp_path: Path, path: str) -> None:
    """``keygen .`` and ``keygen /`` crashed in pathlib (``PosixPath('.') has an empty name``, making
    PATH.pub)."""
    result = run_cli("keygen", path, cwd=tmp_path)
    line = one_error_line(result)
    assert "names a folder, not a key file" in line or "already exists" in line or "an empty path" in line, line
    assert list(tmp_path.iterdir()) == []


def test_keygen_of_dash_prints_no_key_and_writes_no_file(tmp_path: Path) -> None:
    """``keygen -`` (git's and gh's standard output) wrote the secret key to a file named ``-``."""
    result = run_cli("keygen", "-", cwd=tmp_path)
    assert "would print a secret key" in one_error_line(result) and "PRIVATE KEY" not in result.out + result.err
    assert list(tmp_path.iterdir()) == []


def test_a_file_whose_read_fails_is_one_line() -> None:
    """A regular file whose read fails (EIO: a failing disk; /proc/self/mem, a real one, at offset 0):
    ``notes --record`` crashed with ``OSError: [Errno 5] Input/output error``."""
    line = one_error_line(run_cli("notes", "v0.29.0", "--record", "/proc/self/mem"))
    assert "/proc/self/mem: cannot be read: Input/output error" in line, line


def test_a_finished_state_naming_another_branch_stops_no_merge(tmp_path: Path) -> None:
    """A finished run's state edited to name the branch checked out said "<it> already merged ...:
    nothing to do" and stopped every merge of the tag: a finished state naming another branch than
    the fleet's for the tag is none of this fleet's runs; the merge is made, and the user's branch is
    left as it was."""
    ex, args, current, mine = finished_state_naming_the_checkout(tmp_path)
    again = run_cli("merge", "v0.29.0", *args)
    assert again.code == 0 and "already merged" not in again.err, again.err
    assert git(ex.fork, "rev-parse", current) == mine and git(ex.fork, "rev-parse", "aeon-v0.29.0") != mine


def finished_state_naming_the_checkout(tmp_path: Path) -> tuple[demo.Example, tuple[object, ...], str, str]:
    """The demo merged, its fork branch deleted, and the finished run's state edited to name the branch
    checked out (at its own commit): (the example, merge's --repo/--config arguments, that branch, its sha)."""
    ex = build_example(tmp_path / "ex")
    args = ("--repo", ex.fork, "--config", ex.config)
    assert run_cli("merge", "v0.29.0", *args).code == 0
    git(ex.fork, "branch", "-D", "aeon-v0.29.0")
    current = git(ex.fork, "symbolic-ref", "--short", "HEAD")
    mine = git(ex.fork, "rev-parse", current)
    state_file = ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "state.json"
    state = json.loads(state_file.read_text())
    state_file.write_text(json.dumps(state | {"branch": current, "branch_sha": mine, "head": mine}))
    return ex, args, current, mine
