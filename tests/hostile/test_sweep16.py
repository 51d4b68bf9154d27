"""Hostile-input sweep 16: a run state edited to name commits the run did not make (its head, the parents
of the commit a person concludes, the merge base), to set the environment of the commits it makes or to
hold audit and conflict records of other shapes; the Dockerfile's escape directive; classes of thousands
of fields and functions of thousands of locals; lines that are not UTF-8; sha256, partial and shallow-file
repositories; a link under init's config folder.  Real git, real processes; one line and a documented
exit code, never a traceback, and the user's checkout, index and branches as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import build_example, cpu_seconds, run_cli, snapshot
from tests.hostile.conftest import git
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_sweep15 import _refs, finished_state_naming_the_checkout, preflight_error


# -- a run state naming commits the run did not make ----------------------------------------------------------
def _forged_commits(fork: Path, state: dict[str, object]) -> dict[str, str]:
    """Commits of every history but the one the run builds."""
    tree = git(fork, "rev-parse", "HEAD^{tree}")
    orphan = git(fork, "commit-tree", tree, "-m", "no history")
    previous, tag = str(state["previous_sha"]), str(state["tag_sha"])
    backwards = git(fork, "commit-tree", tree, "-p", tag, "-p", previous, "-m", "the tag with the fork merged in")
    head = str(state["head"])
    return {
        "upstream's main": git(fork, "rev-parse", "upstream/main"),
        "the tag": tag,
        "below the fork branch": git(fork, "rev-parse", f"{previous}~1"),
        "no history": orphan,
        "the tag with the fork merged in": backwards,
        "the fork branch merged into the tag's descendant": git(
            fork, "commit-tree", tree, "-p", backwards, "-m", "on top"
        ),
        "the run's head with the fork's first commit merged": git(
            fork, "commit-tree", tree, "-p", git(fork, "rev-list", "--max-parents=0", previous), "-p", head, "-m", "x"
        ),
    }


def test_a_head_the_run_did_not_build_is_never_built_on(stopped: tuple[Path, Path]) -> None:
    """``merge --continue`` built on whatever commit state.json called the head: a state edited to name
    upstream's main (or the tag, or a commit of no history) had the run audit that commit and, with the
    findings waived, create the fork branch at it.  The head must be the fork branch the plan found,
    with the tag merged into it, and commits on top."""
    fork, state_file = stopped
    state = json.loads(state_file.read_text())
    git(fork, "worktree", "remove", "--force", state["worktree"])  # the state's head is all there is
    forged = _forged_commits(fork, state)
    before, refs = snapshot(fork), _refs(fork)
    for what, sha in forged.items():
        state_file.write_text(json.dumps(state | {"head": sha}))
        run = run_cli("merge", "--continue", "--waive", "kv-quant/literals-match-enum=ok", "--repo", fork)
        line = one_error_line(run)
        assert f"head {sha[:12]} is not a commit the run built" in line, (what, line)
        assert "merge --abort v0.29.0" in line, line
        assert snapshot(fork) == before and _refs(fork) == refs, what
    state_file.write_text(json.dumps(state))
    done = run_cli("merge", "--continue", "--waive", "kv-quant/literals-match-enum=ok", "--repo", fork)
    assert done.code == 0, done.err  # the run's own head is built on
    assert git(fork, "rev-parse", "aeon-v0.29.0") == state["head"]


def test_a_head_that_is_a_name_is_a_damaged_state(stopped: tuple[Path, Path]) -> None:
    """A name is resolved when the run reads it, to whatever it names then; an option is an option."""
    fork, state_file = stopped
    state = json.loads(state_file.read_text())
    before, refs = snapshot(fork), _refs(fork)
    for head in ("main", "HEAD", "aeon-v0.27.1", "--output=/tmp/x", "1" * 39, "A" * 40, "\0" * 40):
        state_file.write_text(json.dumps(state | {"head": head}))
        line = one_error_line(run_cli("merge", "--continue", "--repo", fork))
        assert "RunState.head is" in line and "not a full commit id" in line and "merge --abort v0.29.0" in line, line
        assert snapshot(fork) == before and _refs(fork) == refs


def test_a_pending_commit_sets_no_environment_but_its_author(stopped: tuple[Path, Path]) -> None:
    """The pending commit's ``author`` became the environment of `git commit-tree` and of the commit hooks,
    after the tool's own: ``GIT_DIR`` wrote the commit into another repository, ``GIT_CONFIG_COUNT`` dropped
    the settings that keep git from running programs, ``LD_PRELOAD`` loaded a library into git."""
    fork, state_file = stopped
    state = json.loads(state_file.read_text())
    before, refs = snapshot(fork), _refs(fork)
    for author in (
        {"GIT_DIR": "/tmp"},
        {"LD_PRELOAD": "/tmp/x.so"},
        {"GIT_CONFIG_COUNT": "0"},
        {"GIT_AUTHOR_NAME": "a\0b"},
    ):
        state_file.write_text(json.dumps(state | {"pending": state["pending"] | {"author": author}}))
        for argv in (["merge", "--continue"], ["status"]):
            line = one_error_line(run_cli(*argv, "--repo", fork))
            assert "PendingCommit.author" in line and "merge --abort v0.29.0" in line, line
        assert snapshot(fork) == before and _refs(fork) == refs


def test_a_pending_commit_is_made_on_the_runs_head_only(stopped: tuple[Path, Path]) -> None:
    """The commit a person concludes took its parents from state.json: a state edited to list the user's
    branch made the fork branch a child of that, whatever the run had built."""
    fork, state_file = stopped
    state = json.loads(state_file.read_text())
    worktree = Path(state["worktree"])
    (worktree / "README.md").write_text("fixed\n")
    user = git(fork, "rev-parse", "upstream/main")
    for parents in ([user], [state["head"], user], [], ["0" * 40]):
        state_file.write_text(json.dumps(state | {"pending": state["pending"] | {"parents": parents}}))
        before, refs = snapshot(fork), _refs(fork)
        line = one_error_line(run_cli("merge", "--continue", "--repo", fork))
        assert "pending commit names the parents" in line or "not a full commit id" in line, line
        assert snapshot(fork) == before and _refs(fork) == refs


def test_a_merge_base_the_state_made_up_is_refused(stopped: tuple[Path, Path]) -> None:
    """The report, the notes and the release read the merge base the state recorded."""
    fork, state_file = stopped
    state = json.loads(state_file.read_text())
    state_file.write_text(json.dumps(state | {"merge_base": state["tag_sha"]}))
    line = one_error_line(run_cli("merge", "--continue", "--repo", fork))
    assert "records the merge base" in line and "merge --abort v0.29.0" in line, line


# -- the Dockerfile's escape directive -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("docker", "expected"),
    [
        ("# escape=`\nARG X=8.0\nENV TORCH_CUDA_ARCH_LIST=`${X}\n", ["${X}"]),  # `$ is a dollar sign
        ('# escape=`\nARG X=8.0\nENV TORCH_CUDA_ARCH_LIST="`${X}"\n', ["${X}"]),
        ("# escape=`\nARG X=8.0\nENV TORCH_CUDA_ARCH_LIST=\\${X}\n", ["\\8.0"]),  # a backslash is a character
        ('# escape=`\nARG X=8.0\nENV TORCH_CUDA_ARCH_LIST="8.0``"\n', ["8.0`"]),
        ("# syntax=docker/dockerfile:1\n#escape = `\nARG X=8.0\nENV TORCH_CUDA_ARCH_LIST=`${X}\n", ["${X}"]),
        ("# a comment\n# escape=`\nARG X=8.0\nENV TORCH_CUDA_ARCH_LIST=`${X}\n", ["`8.0"]),  # no directive past it
        ("\n# escape=`\nARG X=8.0\nENV TORCH_CUDA_ARCH_LIST=`${X}\n", ["`8.0"]),  # nor past a blank line
        ('ARG X=8.0\nENV TORCH_CUDA_ARCH_LIST="\\;${X}"\n', ["\\;8.0"]),  # in double quotes \ escapes " $ \ only
        ("ARG X=8.0\nENV TORCH_CUDA_ARCH_LIST \\${X}\n", ["${X}"]),  # the legacy form is lexed too
        ("ARG X=8.0\nENV TORCH_CUDA_ARCH_LIST '${X}'\n", ["${X}"]),
    ],
)
def test_the_arch_list_is_read_with_the_files_escape_character(docker: str, expected: list[str]) -> None:
    """Under ``# escape=``` the builder reads ``ENV TORCH_CUDA_ARCH_LIST=`${X}`` as the text ``${X}`` (and
    ``\\`` as a character); the preflight expanded it to the ARG's value and checked an arch list the
    build never got.  A directive after another comment or a blank line is a comment."""
    from aeon_release.pipeline.arch_baseline import dockerfile_values

    assert dockerfile_values(docker, {}, "TORCH_CUDA_ARCH_LIST") == expected


def test_an_escaped_reference_under_a_backtick_escape_is_refused_at_preflight(tmp_path: Path) -> None:
    line, err = preflight_error(
        tmp_path,
        "# escape=`\nARG ARCHS=12.1a\nFROM nvidia/cuda:13.0.1-devel AS build\nARG ARCHS\nENV TORCH_CUDA_ARCH_LIST=`${ARCHS}\n",
    )
    assert "${ARCHS}" in line and "Docker" not in err, err


# -- the merge-aware checks on a class of thousands of fields, a function of thousands of locals ------------
def test_a_diff_of_many_changed_fields_is_read_in_one_pass() -> None:
    """A class of 100,000 fields whose defaults upstream all flipped: the config-field default check's scan
    of upstream's diff was an RE2 alternation of every field the fork reads, and the RE2 binding made a
    Python match object per chunk and line (18 s of a merge).  One pattern of any name now, the fork's
    names kept after; what it keeps is what the alternation kept."""
    import random

    from aeon_release.domain.audits.drift.field_defaults import _ASSIGNED
    from aeon_release.domain.audits.linear import Alternation

    rng = random.Random(16)
    names = {"abcd", "abcd_e", "efgh", "x_yz"}
    parts = ["+", "-", " ", "\t", "abcd", "_e", "efgh", "x_yz", ":", " int", "=", "==", " 1", ",", "#", "é", "\n"]
    old = Alternation(r"(?m)^([-+])[ \t]+({})[ \t]*(?:(:[^\n=]*)(=[^\n]*)?|(=[^=][^\n]*))$", names)
    for _ in range(3_000):
        text = "".join(rng.choice(parts) for _ in range(rng.randint(1, 30)))
        assert [m for m in _ASSIGNED.findall(text) if m[1] in names] == old.findall(text), repr(text)
    diff = "".join(f"-    f_{i}: bool = False\n+    f_{i}: bool = True\n" for i in range(100_000))
    started = cpu_seconds()
    assert len(_ASSIGNED.findall(diff)) == 200_000
    assert cpu_seconds() - started < 5  # a hang guard: ~0.2 s


def test_a_function_of_thousands_of_locals_is_checked_in_linear_time() -> None:
    """A fork function of 12,000 assignments, each reading an attribute off a parameter: the symbol-drift
    check made the union of the function's local names afresh for every name it looked up (12,000 x
    12,000 set insertions, 13 s; 30,000 lines, 40 s of a merge).  Trees in memory: the check reads any
    tree through ``text(path)``."""
    from aeon_release.domain.audits.drift.symbols import DriftInput, symbol_drift

    class Tree(dict[str, str]):
        def text(self, path: str) -> str | None:
            return self.get(path)

    lib = "class Config:\n    f = 1\n"
    fork = "from pkg.lib import Config\n\n\ndef run(cfg):\n" + "".join(f"    x{i} = cfg.f\n" for i in range(12_000))
    before = Tree({"pkg/__init__.py": "", "pkg/lib.py": lib})
    after = Tree({"pkg/__init__.py": "", "pkg/lib.py": lib.replace("f = 1", "g = 1")})
    inp = DriftInput(
        base=before,
        ours=Tree(before | {"pkg/fork.py": fork}),
        theirs=after,
        merged=Tree(after | {"pkg/fork.py": fork}),
        fork_lines={"pkg/fork.py": frozenset(line.strip() for line in fork.splitlines())},
        upstream_files=frozenset({"pkg/lib.py"}),
    )
    started = cpu_seconds()
    assert symbol_drift(inp) == []
    assert cpu_seconds() - started < 6  # a hang guard: ~1 s


def test_a_finished_state_under_a_fleet_yaml_that_names_no_prefix_stops_no_merge(tmp_path: Path) -> None:
    """Sweep 15 made a finished state count only when it names the fleet's branch for the tag (prefix +
    tag); with a fleet.yaml whose branch_prefix is not one, any branch counted: a state edited to name the
    branch checked out said "<it> already merged: nothing to do", exit 0, over a profile that is broken."""
    ex, args, current, mine = finished_state_naming_the_checkout(tmp_path)
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("branch_prefix: aeon-", "branch_prefix: [aeon-]"))
    line = one_error_line(run_cli("merge", "v0.29.0", *args))
    assert "fleet.yaml: branch_prefix" in line and "already merged" not in line, line
    assert git(ex.fork, "rev-parse", current) == mine


# -- the caller's environment ---------------------------------------------------------------------------------
def test_a_shallow_file_of_the_callers_never_cuts_the_history_a_merge_reads(tmp_path: Path) -> None:
    """GIT_SHALLOW_FILE names a file of commits git takes as having no parents (as a graft does, which
    sweep 11 took out): listing the tag, the merge called it "a tree or a file, not a commit"."""
    ex = build_example(tmp_path / "ex")
    shallow = tmp_path / "shallow"
    shallow.write_text(git(ex.fork, "rev-parse", "v0.29.0") + "\n")
    run = run_cli(
        "merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", "--dry-run",
        env={"GIT_SHALLOW_FILE": str(shallow)},
    )  # fmt: skip
    assert run.code == 0 and "dry run: nothing was changed" in run.err, run.err


# -- a sha256 repository ------------------------------------------------------------------------------------
def test_a_sha256_repository_is_merged_end_to_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a repository of ``--object-format=sha256`` the ledger refused its own commits ("a commit SHA is 7
    to 40 lowercase hex digits": the demo's carries.yaml of 64-digit ids did not load), and the last step
    of a merge failed: the branch was created with an old value of 40 zeros, "not a valid old SHA1"."""
    monkeypatch.setenv("GIT_DEFAULT_HASH", "sha256")
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    assert len(git(ex.fork, "rev-parse", "HEAD")) == 64
    stopped = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert stopped.code == 1 and "kv-quant/literals-match-enum" in stopped.err, stopped.err
    done = run_cli("merge", "--continue", "--waive", "kv-quant/literals-match-enum=ok", "--repo", ex.fork)
    assert done.code == 0, done.err
    assert len(git(ex.fork, "rev-parse", "aeon-v0.29.0")) == 64


# -- a partial clone whose blobs cannot be fetched ---------------------------------------------------------------
def test_a_partial_clone_missing_blobs_says_so(tmp_path: Path) -> None:
    """``git clone --filter=blob:none`` from a remote that is gone since: reading a blob the clone lacks
    failed with "check the repository and the revision with `git rev-parse --verify REV`", and the
    revision was right; the line now says what is missing and how to get it."""
    import shutil

    ex = build_example(tmp_path / "ex")
    source = tmp_path / "source"
    shutil.copytree(ex.fork, source, symlinks=True)
    git(source, "config", "uploadpack.allowFilter", "true")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--filter=blob:none", "--no-checkout", f"file://{source}", str(clone))
    shutil.rmtree(source)
    for argv in (("audit", "--rev", "v0.29.0"), ("merge", "v0.29.0", "--no-fetch")):
        line = one_error_line(run_cli(*argv, "--repo", clone, "--config", ex.config))
        assert "from promisor remote" in line and "a partial clone" in line and "rev-parse" not in line, line
    assert not (clone / ".git" / "aeon-release" / "runs" / "v0.29.0").exists()


# -- init writing through a link the checkout brought ------------------------------------------------------------
@pytest.mark.parametrize("config", [None, "."], ids=["the checkout's top", "a relative --config"])
def test_init_never_writes_through_a_committed_link(tmp_path: Path, outside: Path, config: str | None) -> None:
    """``init`` writes audits/*.yaml under its config folder, the checkout's top unless --config says
    another: a committed ``audits -> <a folder elsewhere>`` had tree.yaml and carries.yaml written there,
    outside the repository (only a relative path's links were refused, and the top is absolute)."""
    ex = build_example(tmp_path / "ex")
    (ex.fork / "audits").symlink_to(outside)
    git(ex.fork, "add", "audits")
    git(ex.fork, "commit", "-qm", "a link")
    where = [] if config is None else ["--config", config]
    run = run_cli("init", "--repo", ex.fork, "--image", "ghcr.io/me/x", *where, cwd=ex.fork)
    line = one_error_line(run)
    assert "audits: a symbolic link" in line and "never through a link" in line, line
    assert sorted(p.name for p in outside.iterdir()) == ["bashrc"]
    assert not (ex.fork / "fleet.yaml").exists()  # nothing written before the refusal


# -- the last audit's findings as a state file keeps them -----------------------------------------------------
def test_a_recorded_fix_of_other_fields_or_types_is_a_damaged_state(stopped: tuple[Path, Path]) -> None:
    """``merge --continue --fix`` built each fix from state.json's audit as it found it: an unknown key, a
    column that is a string, a fix that is a list, findings that are a string crashed it (exit 3, a
    traceback)."""
    fork, state_file = stopped
    state = json.loads(state_file.read_text())
    good = state["audit"]["findings"][0]["fix"]
    before, refs = snapshot(fork), _refs(fork)
    findings = state["audit"]["findings"]
    for argv, damaged in (
        (["--continue", "--fix"], [findings[0] | {"fix": good | {"col": "x", "bogus": 1}}]),
        (["--continue", "--fix"], [findings[0] | {"fix": [1, 2]}]),
        (["--continue"], "x"),
    ):
        state_file.write_text(json.dumps(state | {"audit": state["audit"] | {"findings": damaged}}))
        line = one_error_line(run_cli("merge", *argv, "--repo", fork))
        assert "run state is damaged (its audit's findings" in line and "merge --abort v0.29.0" in line, line
        assert snapshot(fork) == before and _refs(fork) == refs


@pytest.mark.parametrize(
    "conflicts",
    [
        [{"x": 1}],
        [{"carries": []}],
        [{"file": 1, "carries": []}],
        [{"file": "a.py", "carries": "abc"}],
        [{"file": "a", "carries": [1]}],
    ],
)
@pytest.mark.parametrize("key", ["conflicts", "resolved"])
def test_a_conflict_record_of_other_fields_is_a_damaged_state(tmp_path: Path, key: str, conflicts: object) -> None:
    """``status`` printed each recorded conflict's ``file`` and joined its ``carries``: a record without
    them crashed it (KeyError, exit 3), and ``--continue`` carried it into the report the notes read."""
    from tests.hostile.test_sweep14 import _stopped_run

    repo, state_file = _stopped_run(tmp_path)
    state_file.write_text(json.dumps(json.loads(state_file.read_text()) | {key: conflicts}))
    for argv in (["status"], ["merge", "--continue"]):
        line = one_error_line(run_cli(*argv, "--repo", repo))
        assert (
            "run state is incomplete or damaged" in line and "ConflictRecord" in line and "merge --abort v0.2.0" in line
        ), line
    assert run_cli("merge", "--abort", "--repo", repo).code == 0


# -- source that is not UTF-8, under the merge-aware checks --------------------------------------------------
def test_lines_that_are_not_utf8_never_crash_the_merge_checks(tmp_path: Path) -> None:
    """git's diff is decoded with surrogateescape, so a line whose bytes are not UTF-8 (a Latin-1 comment)
    holds lone surrogates, which the RE2 binding cannot encode: the config-field default check's scan of
    the fork's added lines crashed the audit of a merge (UnicodeEncodeError, exit 3)."""
    from aeon_release.domain.audits.linear import Alternation
    from aeon_release.domain.audits.source import Mentions
    from tests.hostile.conftest import config_with, make_repo, run_limited
    from tests.hostile.test_config_files import TIMEOUT

    config = b"# caf\xe9 \xff\nclass ModelConfig:\n    disable_cascade_attn: bool = False\n"
    repo = make_repo(tmp_path / "repo", {"pkg/__init__.py": "", "pkg/config.py": config})
    base = git(repo, "rev-parse", "HEAD")
    make_repo(repo, {"pkg/config.py": config.replace(b"= False", b"= True")}, "Flip it (#1)")
    theirs = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", base)
    fork = b"# \xe9\xff\ndef f(model_config):\n    return model_config.disable_cascade_attn\n"
    make_repo(repo, {"pkg/fork.py": fork}, "fork")
    ours = git(repo, "rev-parse", "HEAD")
    git(repo, "merge", "-q", "--no-edit", theirs)
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), "--base", base, "--ours", ours, "--theirs", theirs,
        timeout=TIMEOUT,
    )  # fmt: skip
    assert run.code in (0, 1) and "Traceback" not in run.err, run.err
    assert "pkg/fork.py:3" in run.out and "merge/default-drift" in run.out, run.out
    assert Alternation("({})", ["ab"]).findall("\udcffab") == ["ab"] and Mentions(["ab"])("\udcff ab") == {"ab"}


@pytest.mark.parametrize("value", ["1" * 5_000, "1\x1b[2J", "\uff11"])
def test_an_enable_value_is_quoted_short_in_the_refusal(value: str) -> None:
    """``ENABLE_NVFP4_SM100`` from the Dockerfile or ``--build-arg`` went into build's refusal raw: 5,000
    characters repeated whole in the line, a look-alike digit shown as the digit."""
    from aeon_release.domain import archprobe
    from aeon_release.domain.profile import ArchPolicy
    from aeon_release.errors import UsageError

    with pytest.raises(UsageError) as refused:
        archprobe.validate("12.1a", value, ArchPolicy(fp4_majors=frozenset({12}), only_major=12, example="12.1a"))
    message = refused.value.message
    assert len(message) < 200 and "ENABLE_NVFP4_SM100='" in message and value not in message, message


def test_abort_of_a_finished_state_naming_the_users_branch_gives_no_delete_advice(tmp_path: Path) -> None:
    """``merge --abort`` of a finished run whose branch exists says to delete it with ``git branch -D``:
    a state edited to name the branch checked out had that advice name the user's own branch."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config).code == 0
    state_file = ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "state.json"
    current = git(ex.fork, "symbolic-ref", "--short", "HEAD")
    state_file.write_text(json.dumps(json.loads(state_file.read_text()) | {"branch": current}))
    line = one_error_line(run_cli("merge", "--abort", "v0.29.0", "--repo", ex.fork))
    assert "not the fleet's branch" in line and "branch -D" not in line, line
    state_file.write_text(json.dumps(json.loads(state_file.read_text()) | {"branch": "aeon-v0.29.0"}))
    line = one_error_line(run_cli("merge", "--abort", "v0.29.0", "--repo", ex.fork))
    assert "git branch -D aeon-v0.29.0" in line, line  # the run's own branch: the advice stands


@pytest.mark.parametrize("variable", ["PRE_COMMIT_TO_REF", "PRE_COMMIT_FROM_REF"])
def test_a_pre_push_ref_that_names_no_commit_names_its_variable(tmp_path: Path, variable: str) -> None:
    """``audit --pre-commit`` reads the pushed range from pre-commit's variables: one naming no commit (or an
    option) was "revision ... does not exist (hint: pass --rev a branch, tag or commit)", and nobody passed
    --rev."""
    from tests.hostile.conftest import config_with, make_repo

    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    env = {"PRE_COMMIT_TO_REF": "HEAD", "PRE_COMMIT_FROM_REF": "HEAD"} | {variable: "--output=x"}
    line = one_error_line(run_cli("audit", "--repo", repo, "--config", config_with(tmp_path), "--pre-commit", env=env))
    assert f"{variable} '--output=x' does not exist" in line and "--rev" not in line, line
    assert not (tmp_path / "x").exists() and not (repo / "x").exists()


def test_a_config_that_is_no_folder_says_so(tmp_path: Path) -> None:
    """``--config /dev/null`` (or a file) was "config folder does not exist"; it exists, and is no folder."""
    (tmp_path / "file").write_text("x")
    for config in ("/dev/null", str(tmp_path / "file")):
        line = one_error_line(run_cli("ledger", "check", "--config", config))
        assert "not a folder" in line and "does not exist" not in line, line
    assert "does not exist" in one_error_line(run_cli("ledger", "check", "--config", tmp_path / "none"))
