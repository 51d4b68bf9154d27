"""Hostile-input sweep 8: git settings the caller's environment carries (``GIT_CONFIG_PARAMETERS``,
``GIT_INDEX_FILE``), Python too deeply nested for the merge-aware checks' own walks.  Real git, real
processes; one line and a documented exit code, never a traceback, and no finding lost."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.audits.drift import real
from tests.helpers import build_example, run_cli
from tests.hostile.conftest import ROOT, config_with, git, make_repo, run_limited
from tests.hostile.test_config_files import TIMEOUT

MARKER = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"


# -- the caller's git settings ------------------------------------------------------------------------
def test_git_config_parameters_run_no_program_in_an_audit(tmp_path: Path) -> None:
    """``git -c`` settings reach git as GIT_CONFIG_PARAMETERS, which git reads after GIT_CONFIG_COUNT: a
    core.fsmonitor there outranked the tool's own ``core.fsmonitor=false`` and ran on every ls-files."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    make_repo(repo, {"a.py": MARKER})
    (repo / "a.py").touch()  # stat-dirty: git asks the monitor which files changed
    ran = tmp_path / "ran"
    program = tmp_path / "program.sh"
    program.write_text(f'#!/bin/sh\necho "$0 $*" >> {ran}\n')
    program.chmod(0o755)
    parameters = f"'core.fsmonitor'='{program}' 'core.pager'='{program}'"
    config = config_with(tmp_path)
    for extra in ([], ["--rev", "HEAD"], ["--changed-since", "HEAD~1"]):
        run = run_limited(
            "audit", "--repo", repo, "--config", config, *extra,
            env={"GIT_CONFIG_PARAMETERS": parameters}, timeout=TIMEOUT,
        )  # fmt: skip
        assert run.code == 1 and "conflict" in run.out, run.err
    assert not ran.exists(), ran.read_text()


@pytest.mark.parametrize("index", ["nowhere", "other"])
def test_git_index_file_never_changes_what_the_audit_lists(tmp_path: Path, index: str) -> None:
    """A tracked file that .gitignore matches is audited like any other; an index the caller's
    GIT_INDEX_FILE named instead (none, another repository's) left it out as ignored: exit 0."""
    repo = make_repo(tmp_path / "repo", {".gitignore": "vendor/\n", "a.py": "x = 1\n"})
    (repo / "vendor").mkdir()
    (repo / "vendor" / "v.py").write_text(MARKER)
    git(repo, "add", "--force", "vendor/v.py")
    git(repo, "commit", "-q", "-m", "vendored")
    other = make_repo(tmp_path / "other", {"a.py": "x = 1\n"})
    value = tmp_path / "no-index" if index == "nowhere" else other / ".git" / "index"
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path),
        env={"GIT_INDEX_FILE": str(value)}, timeout=TIMEOUT,
    )  # fmt: skip
    assert run.code == 1 and "vendor/v.py" in run.out, run.out + run.err


# -- Python the merge-aware checks cannot walk -----------------------------------------------------------
LIB = "def f(a, b=1):\n    return a\n\n\ndef g(x):\n    return x\n"
MINE = "from pkg.lib import f, g\n\n\ndef h():\n    return f(1) + g(2)\n"  # g(2): upstream's g now needs y


def deep(levels: int) -> str:
    """An expression ``levels`` deep that Python compiles and ``ast.parse`` takes (to ~3,000 levels)."""
    return "-" * levels + "1"


def _merge(
    tmp_path: Path, base: dict[str, str], upstream: dict[str, str], fork: dict[str, str]
) -> tuple[Path, list[str]]:
    """A fork merged with upstream: base (pkg/lib.py plus ``base``), upstream's commit (``g`` gains a
    parameter, plus ``upstream``), the fork's (``MINE`` plus ``fork``); the repository and the audit's
    merge options."""
    repo = make_repo(tmp_path / "repo", {"pkg/__init__.py": "", "pkg/lib.py": LIB, **base})
    base_sha = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-b", "upstream")
    theirs = git(make_repo(repo, {"pkg/lib.py": LIB.replace("g(x)", "g(x, y)"), **upstream}), "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-")
    ours = git(make_repo(repo, {"pkg/mine.py": MINE, **fork}), "rev-parse", "HEAD")
    git(repo, "merge", "-q", "--no-edit", "upstream")
    return repo, ["--rev", "HEAD", "--base", base_sha, "--ours", ours, "--theirs", theirs]


DATACLASS = "import dataclasses\n\n\n@dataclasses.dataclass\nclass C:\n    a: int = {}\n"
OVERRIDDEN = "import functools\n\n\nclass B:\n    @functools.lru_cache({})\n    def m(self):\n        return 1\n"
ENUM = "import enum\n\n\nclass E(enum.Enum):\n    A = 1\n    B = 2\n"
LIB_UP = "def f(a, b={}):\n    return a\n\n\ndef g(x, y):\n    return x\n"
Files = dict[str, str]
HOSTILE: dict[str, tuple[Files, Files, Files]] = {  # base, upstream, fork
    # upstream's default of the f the fork calls: ast.unparse of it ran out of stack
    "a default": ({}, {"pkg/lib.py": LIB_UP.format(deep(990))}, {}),
    # too deep for the parser itself: a RecursionError from ast.parse, outside any check's own handling
    "a module past the parser": (
        {"pkg/k.py": "K = 1\n"},
        {"pkg/k.py": f"K = {deep(5000)}\n"},
        {"pkg/use.py": "from pkg.k import K\n"},
    ),
    "a dataclass field": (
        {"pkg/dc.py": DATACLASS.format(1)},
        {"pkg/dc.py": DATACLASS.format(deep(990))},
        {"pkg/use.py": "from pkg.dc import C\n\n\ndef k():\n    return C()\n"},
    ),
    "a decorator": (
        {"pkg/b.py": "class B:\n    def m(self):\n        return 1\n"},  # upstream decorates m
        {"pkg/b.py": OVERRIDDEN.format(deep(990))},
        {"pkg/d.py": "from pkg.b import B\n\n\nclass D(B):\n    def m(self):\n        return 2\n"},
    ),
    "the fork's own attribute chain": (
        {},
        {},
        {"pkg/use.py": "import pkg\n\n\ndef k():\n    return pkg" + ".a" * 990 + "\n"},
    ),
    "an enum member": (
        {"pkg/e.py": ENUM},
        {"pkg/e.py": ENUM.replace("A = 1\n    B = 2", f"B = 1\n    A = 2\n    C = {deep(990)}")},
        {"pkg/use.py": "X = 1  # E.A\n"},
    ),
}


@pytest.mark.parametrize("where", list(HOSTILE))
def test_a_file_too_deep_to_walk_costs_the_merge_checks_only_itself(tmp_path: Path, where: str) -> None:
    """A RecursionError in one check's walk (ast.unparse, ast.dump, a recursive helper) or in ast.parse
    dropped every merge-aware finding for one warning: the fork's broken call of g passed (exit 0)."""
    repo, merge = _merge(tmp_path, *HOSTILE[where])
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), *merge, timeout=TIMEOUT)
    assert run.code == 1 and "Traceback" not in run.err, run.out + run.err
    assert "pkg/mine.py:5" in run.out and "calls g, which is now g(x, y)" in run.out, run.out
    assert "could not run" not in run.out and "upstream removed" not in run.out, run.out


def test_a_cut_file_is_named(tmp_path: Path) -> None:
    repo, merge = _merge(tmp_path, *HOSTILE["a default"])
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), *merge, timeout=TIMEOUT)
    [line] = [line for line in run.out.splitlines() if "audit/not-audited" in line]
    assert "pkg/lib.py:1" in line and "nested over 100 levels deep" in line, run.out


def test_a_python_file_over_the_parse_cap_is_not_parsed_by_the_merge_checks(tmp_path: Path) -> None:
    """settings.max_parse_bytes held for the rules only: the merge checks parsed a fork's 6 MB module
    (~250 bytes of memory per byte of source): MemoryError under the limit here, and every merge-aware
    finding gone with it.  450 lines of 6,300 characters (2.8 MB) take 0.97 GB to parse, measured, against
    the 640 MiB the audit may use here.  What tells a parse apart is the finding naming the cap: with the
    cap raised to 16 MiB the merge checks of this merge (which pair nothing in the file) still pass, at
    any size tried.  Its earlier 6 MB module (450,000 short lines, then a thousand long ones) cost the
    per-line text scans seconds of CPU and nothing more to the point: it ran out of time under load."""
    repo, merge = _merge(tmp_path, {}, {}, {"pkg/huge.py": ("x = [" + "1, 2, 3, " * 700 + "]\n") * 450})
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), *merge, memory=640 * 1024 * 1024, timeout=TIMEOUT
    )
    assert run.code == 1 and "g(x, y)" in run.out, run.out + run.err
    assert "over the 1048576-byte parse cap" in run.out, run  # not parsed: the cap is named


def test_a_fix_in_a_file_too_deep_for_libcst_is_skipped_not_a_crash(tmp_path: Path) -> None:
    """``audit --fix`` rewrites with libcst, whose visitors recurse: an expression 600 levels deep in the
    file of an enum literal's fix was a RecursionError traceback (exit 3)."""
    repo = make_repo(
        tmp_path / "repo", {"vllm/__init__.py": "", "vllm/v1/__init__.py": "", real.REQUEST: real.REQUEST_BASE}
    )
    base = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-b", "upstream")
    theirs = git(make_repo(repo, {real.REQUEST: real.REQUEST_UPSTREAM}), "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-")
    fork = real.SCHED_FORK + f"\n\nX = {deep(600)}\n"
    ours = git(make_repo(repo, {real.SCHED: fork}), "rev-parse", "HEAD")
    git(repo, "merge", "-q", "--no-edit", "upstream")
    merge = ["--base", base, "--ours", ours, "--theirs", theirs]
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), *merge, "--fix", timeout=TIMEOUT)
    assert run.code == 1 and "Traceback" not in run.err, run.err
    assert "fix skipped" in run.err and "nested too deeply for libcst" in run.err, run.err
    assert (repo / real.SCHED).read_text() == fork and not git(repo, "status", "--porcelain")


# -- a --repo inside a git directory -------------------------------------------------------------------
@pytest.mark.parametrize("inside", [".git", ".git/objects", "bare.git/objects"])
def test_a_folder_of_a_git_directory_is_no_work_tree_to_audit(tmp_path: Path, inside: str) -> None:
    """Audited as a work tree, the files of ``fork/.git`` (hooks, config, packs) passed a fork whose
    checkout held a conflict marker: exit 0.  With --rev the objects are what is read: that works."""
    repo = make_repo(tmp_path / "repo", {"a.py": MARKER})
    subprocess.run(["git", "clone", "-q", "--bare", str(repo), str(repo / "bare.git")], check=True)
    run = run_limited("audit", "--repo", repo / inside, "--config", config_with(tmp_path), timeout=TIMEOUT)
    assert run.code == 2 and "Traceback" not in run.err, run.out + run.err
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert "is inside a git directory, not a checkout" in line and "(hint: pass --repo the " in line, line
    run = run_limited("audit", "--repo", repo / inside, "--config", config_with(tmp_path), "--rev", "HEAD")
    assert run.code == 1 and "conflict" in run.out, run.out + run.err


# -- digits that are not ASCII ------------------------------------------------------------------------
@pytest.mark.parametrize("arch", ["\uff11\uff12.\uff11a", "12.\u0661a"], ids=["fullwidth", "arabic-indic"])
def test_an_arch_list_in_other_digits_is_refused_at_preflight(tmp_path: Path, arch: str) -> None:
    """``\\d`` matches every Unicode digit and int() reads them: the preflight passed a fullwidth ``12.1a`` as 12.1a
    while the build got the text itself, which torch's build refuses hours later."""
    repo = make_repo(tmp_path / "fork", {"vllm/__init__.py": '__version__ = "0.29.0"\n'})
    dockerfile = Path(__file__).parents[1] / "images" / "data" / "Dockerfile.fixture"
    run = run_limited(
        "build", "--repo", repo, "--version", "v0.29.0", "--dockerfile", dockerfile, "--tag", "team/app:1",
        "--build-arg", f"TORCH_CUDA_ARCH_LIST={arch}", "--skip-audit", "test",
        env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"}, timeout=TIMEOUT,
    )  # fmt: skip
    assert run.code == 2 and "is not an arch" in run.err and "Docker" not in run.err, run.err


def test_a_look_alike_value_is_quoted_so_that_it_does_not_look_right(tmp_path: Path) -> None:
    """``status: \\u0430ctive`` (a Cyrillic a) was refused with "must be one of active, dropped, got
    'active'" (the look-alike shown as is): a line that reads as nonsense.  Quoted values are ASCII now."""
    config = config_with(tmp_path)
    (config / "carries.yaml").write_text(
        "carries:\n  - {id: p, title: t, upstream_pr: 1, status: \u0430ctive, markers: []}\n", encoding="utf-8"
    )
    run = run_limited("ledger", "check", "--config", config, timeout=TIMEOUT)
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert run.code == 2 and "got '\\u0430ctive'" in line and "(hint: " in line, run.err


# -- why a revision names no commit ---------------------------------------------------------------------
def test_a_revision_that_names_no_commit_says_why(tmp_path: Path) -> None:
    """Every failure of git's rev-parse was "does not exist": a tree, a file, a worktree whose main
    repository was removed, a GIT_CONFIG_PARAMETERS git cannot parse; and a 5,000-character --rev
    came back whole in the line."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    git(repo, "tag", "a-file", "HEAD:a.py")
    git(repo, "worktree", "add", "-q", str(tmp_path / "linked"))
    gone = repo.rename(tmp_path / "moved")
    cases = [
        (gone, ["--rev", "HEAD^{tree}"], {}, "revision 'HEAD^{tree}' names a tree, not a commit"),
        (gone, ["--rev", "a-file"], {}, "revision 'a-file' names a blob, not a commit"),
        (
            gone,
            ["--base", "HEAD^{tree}", "--ours", "HEAD", "--theirs", "HEAD"],
            {},
            "--base 'HEAD^{tree}' names a tree",
        ),
        (gone, ["--rev", "x" * 5000], {}, "revision '" + "x" * 57 + "'... does not exist"),
        (tmp_path / "linked", ["--rev", "HEAD"], {}, "names no commit in"),
        (gone, ["--rev", "HEAD"], {"GIT_CONFIG_PARAMETERS": "'unterminated"}, "unable to parse command-line config"),
    ]
    for where, args, env, said in cases:
        run = run_limited("audit", "--repo", where, "--config", config_with(tmp_path), *args, env=env, timeout=TIMEOUT)
        [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
        assert run.code == 2 and said in line and "(hint: " in line and len(line) < 400, (args, line)
    linked = run_limited("audit", "--repo", tmp_path / "linked", "--config", config_with(tmp_path), "--rev", "HEAD")
    assert "not a git repository" in linked.err, linked.err


def _few_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (8, 8))


def test_running_out_of_file_descriptors_names_no_place(tmp_path: Path) -> None:
    """A pipe or a socket that cannot be made has no file name: the line said ``output: Too many open
    files``, blaming the report's output (and sent the rest of stdout to /dev/null)."""
    repo, merge = _merge(tmp_path, {}, {}, {})
    done = subprocess.run(
        [sys.executable, "-m", "aeon_release", "audit", "--repo", str(repo), "--config", str(config_with(tmp_path))]
        + merge,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        preexec_fn=_few_files,
        check=False,
    )
    [line] = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert line == "error: Too many open files (hint: raise the open-file limit (ulimit -n))", line


# -- out of memory ---------------------------------------------------------------------------------------
def _no_room_for_a_thread() -> None:
    """A thread's stack is mapped whole at its start (glibc sizes it from RLIMIT_STACK): with a 1 GiB stack
    under a 768 MiB address space, the first thread cannot start, deterministically, while the rest runs."""
    resource.setrlimit(resource.RLIMIT_STACK, (1 << 30, 1 << 30))
    resource.setrlimit(resource.RLIMIT_AS, (768 << 20, 768 << 20))


def _fresh(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aeon_release", *map(str, args)],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        preexec_fn=_no_room_for_a_thread,
        check=False,
    )


def test_a_memory_limit_is_one_line_and_a_merge_stopped_by_it_continues(tmp_path: Path) -> None:
    """MemoryError, a thread that cannot start and an extension module that cannot be mapped in were
    tracebacks (exit 3, "a bug"): under ``ulimit -v`` the merge-aware checks' diff threads did not start."""
    repo, merge = _merge(tmp_path, {}, {}, {})
    done = _fresh("audit", "--repo", repo, "--config", config_with(tmp_path), *merge, cwd=tmp_path)
    [line] = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert line.startswith("error: out of memory: can't start new thread (hint: ") and "ulimit -v" in line, line
    example = build_example(tmp_path / "ex")
    done = _fresh("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch", cwd=tmp_path)
    [line] = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert done.returncode == 2 and "ran out of memory" in line and "merge --continue" in line, done.stderr
    assert git(example.fork, "branch", "--list", "aeon-v0.29.0") == ""  # nothing made yet
    resumed = run_cli("merge", "--continue", "--repo", example.fork)
    assert resumed.code == 0 and git(example.fork, "branch", "--list", "aeon-v0.29.0"), resumed.err


# -- numbers too large for a float ----------------------------------------------------------------------
HUGE = "9" * 400  # an integer Python reads (under 4,300 digits) that no float holds


def test_an_integer_too_large_for_a_float_is_one_line(tmp_path: Path) -> None:
    """canary.yaml's band bounds and a run record's build seconds went through float(): OverflowError,
    a traceback and exit 3."""
    config = config_with(tmp_path)
    (config / "canary.yaml").write_text(f"bands:\n  - {{name: b, match: ['*m*'], mal: {{min: 1, max: {HUGE}}}}}\n")
    canary = run_limited(
        "canary", "--metrics-url", "http://127.0.0.1:1/metrics", "--config", config, "--model", "m", "--window", "0",
        timeout=TIMEOUT,
    )  # fmt: skip
    record = json.loads((Path(__file__).parents[1] / "notes" / "data" / "record-v0.27.1.json").read_text())
    record["build"]["seconds"] = int(HUGE)
    (tmp_path / "record.json").write_text(json.dumps(record))
    notes = run_limited("notes", "v0.27.1", "--record", tmp_path / "record.json", "--config", config, timeout=TIMEOUT)
    for run, where in ((canary, "canary.yaml: bands[0].mal.max: "), (notes, "record.json: build.seconds: ")):
        [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
        assert run.code == 2 and where in line and "is too large a number (hint: " in line, run.err


# -- fleet.yaml's upstream.pr_subject -------------------------------------------------------------------
def _pr_subject(config: Path, pattern: str) -> None:
    fleet = config / "fleet.yaml"
    lines = fleet.read_text().splitlines(keepends=True)
    fleet.write_text("".join(f"  pr_subject: '{pattern}'\n" if "pr_subject:" in line else line for line in lines))


def test_a_pr_subject_pattern_cannot_hold_a_merge(tmp_path: Path) -> None:
    """fleet.yaml (text a pull request can change) names the pattern every upstream subject is searched
    with; on Python's re, ``(.*)*`` before a part that never matches took exponential time per subject:
    the merge plan never ended.  It runs on RE2 now, in time linear in the subject."""
    example = build_example(tmp_path / "ex")
    _pr_subject(example.config, r"(.*)*\(#(\d+)\)x$")
    run = run_limited(
        "merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch", timeout=60
    )  # fmt: skip
    # finishing at all is the point (exponential time never does); the bound is for a busy machine
    assert run.code == 2 and "has no commit ending in" in run.err, run.err


def test_a_pr_subject_pattern_re2_cannot_run_fails_the_gate(tmp_path: Path) -> None:
    example = build_example(tmp_path / "ex")
    _pr_subject(example.config, r"(?<=x)\(#(\d+)\)$")
    run = run_limited("audit", "--repo", example.fork, "--config", example.config, timeout=TIMEOUT)
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert run.code == 2 and "upstream.pr_subject: not a regular expression RE2 runs" in line, run.err


# -- --output through the links to the process's own streams --------------------------------------------
@pytest.mark.parametrize("output", ["/proc/self/fd/1", "/dev/fd/1"])
def test_output_to_a_link_to_the_open_stdout_writes_there(tmp_path: Path, output: str) -> None:
    """With stdout on a file (``> report.json``), these links lead to a regular file: the report went
    to a temporary file beside the link and a rename over it, which failed here ("No such file or
    directory", exit 2) and, for /dev/stdout itself (not run here: it would break the machine's
    /dev/stdout if it regressed), replaced the system's link with the report, as root."""
    repo = make_repo(tmp_path / "repo", {"a.py": MARKER})
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), "--format", "json", "--output", output,
        timeout=TIMEOUT,
    )  # fmt: skip
    assert run.code == 1 and json.loads(run.out)["errors"] == 4, run.out + run.err


def test_a_textconv_the_repository_picks_never_runs_in_an_audit(tmp_path: Path) -> None:
    """A pull request's .gitattributes (``*.py diff=evil``) picks a diff driver; the user's git config may
    give that driver a textconv program.  ``git log -G`` (which upstream commit changed a definition)
    ran it on every blob it diffed, and matched its output instead of the text."""
    repo, merge = _merge(tmp_path, {".gitattributes": "*.py diff=evil\n"}, {}, {})
    ran = tmp_path / "ran"
    program = tmp_path / "textconv.sh"
    program.write_text(f'#!/bin/sh\necho "$0 $*" >> {ran}\ncat "$1"\n')
    program.chmod(0o755)
    (tmp_path / "gitconfig").write_text(f'[diff "evil"]\n\ttextconv = {program}\n')
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), *merge,
        env={"GIT_CONFIG_GLOBAL": str(tmp_path / "gitconfig")}, timeout=TIMEOUT,
    )  # fmt: skip
    assert run.code == 1 and "calls g, which is now g(x, y)" in run.out and "(upstream: " in run.out, run.out
    assert not ran.exists(), ran.read_text()
