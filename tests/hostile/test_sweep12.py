"""Hostile-input sweep 12: the build's CMake and Dockerfile as a stranger writes them (the
``arch-coverage`` rule and ``init``'s reading of the image's archs).  Real git, the real ``cmake -P``,
real processes under a memory limit; one line or one finding, a documented exit code, never a
traceback, a hang or the machine's memory."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from aeon_release.adapters.yamlio import load_yaml
from tests.audits.test_arch_coverage import CMAKELISTS, RULES, UTILS
from tests.helpers import build_example, git, without_beats
from tests.hostile.conftest import config_with, make_repo, run_limited
from tests.hostile.test_config_files import TIMEOUT

needs_cmake = pytest.mark.skipif(shutil.which("cmake") is None, reason="needs cmake (scripts/test.sh installs it)")


def _audit(tmp_path: Path, main: str | bytes, **more: str) -> tuple[int, list[tuple[str, int, str]], str, float]:
    """The exit code, the findings, stderr and the CPU seconds of ``audit --rev HEAD`` of a repository of ``main``."""
    repo = make_repo(tmp_path / "repo", {"CMakeLists.txt": main, "cmake/utils.cmake": UTILS, **more})
    run = run_limited(
        "audit", "--rev", "HEAD", "--repo", repo, "--config", config_with(tmp_path, RULES), "--format", "json",
        timeout=TIMEOUT,
    )  # fmt: skip
    assert "Traceback" not in run.err and run.code in (0, 1), run.err
    found = json.loads(run.out)["findings"]
    return run.code, [(f["path"], f["line"], f["message"]) for f in found], run.err, run.cpu


# -- the arch-coverage rule on hostile CMake -----------------------------------------------------------------
@needs_cmake
def test_a_byte_order_mark_is_skipped_as_cmake_skips_it(tmp_path: Path) -> None:
    """cmake reads a file that opens with a UTF-8 byte-order mark; the rule said "cannot parse
    CMakeLists.txt: unexpected '\\ufeff'" (a false error in the gate, and init wrote no rule)."""
    code, found, _, _ = _audit(tmp_path, "\ufeff" + CMAKELISTS, **{"cmake/utils.cmake": "\ufeff" + UTILS})
    assert (code, found) == (0, [])


@needs_cmake
def test_a_command_too_long_for_cmake_to_read_in_time_is_named(tmp_path: Path) -> None:
    """cmake's reader is quadratic in an argument's length: one 5 MB ``set()`` ran into the 20 s
    time limit ("could not be evaluated: cmake did not finish").  Past 256 KiB it is a finding naming the line,
    before cmake runs."""
    main = CMAKELISTS.replace("if(GPU_LANG", "set(PADDING " + "x" * 1_000_000 + ")\nif(GPU_LANG")
    code, [(path, _, message)], _, cpu = _audit(tmp_path, main)
    assert cpu < 10
    assert code == 1 and path == "CMakeLists.txt"
    assert "CMakeLists.txt:7: set() has 1,000,008 characters of arguments, more than the 262,144 evaluated" in message


@needs_cmake
def test_a_file_of_too_many_commands_is_one_finding_in_bounded_time(tmp_path: Path) -> None:
    """Parsing 870,000 commands (an 8 MB file, under the audit's size cap) took 12 s before cmake ran
    them for 5 more; a build's CMake has hundreds."""
    main = CMAKELISTS + "set(A 1)\n" * 120_000
    code, [(path, line, message)], _, cpu = _audit(tmp_path, main)
    assert cpu < 15
    assert (code, path, line) == (1, "CMakeLists.txt", 100_002)
    assert "more than 100,000 commands in one file" in message


@needs_cmake
def test_a_file_over_the_size_cap_is_not_called_missing(tmp_path: Path) -> None:
    """The rule said "CMakeLists.txt does not exist in the tree" of a file the audit left unread
    because it is over settings.max_file_bytes: it names the cap instead."""
    config = config_with(tmp_path, "settings: {max_file_bytes: 2000}\n" + RULES)
    repo = make_repo(tmp_path / "repo", {"CMakeLists.txt": CMAKELISTS + "#" * 4000 + "\n", "cmake/utils.cmake": UTILS})
    run = run_limited("audit", "--rev", "HEAD", "--repo", repo, "--config", config, "--format", "json", timeout=TIMEOUT)
    assert run.code == 1 and "Traceback" not in run.err, run.err
    messages = [f["message"] for f in json.loads(run.out)["findings"] if f["rule"] == "nvfp4/kernels-built"]
    assert len(messages) == 1 and "does not exist" not in messages[0]
    assert "CMakeLists.txt was not read: " in messages[0] and "over the 2000-byte cap" in messages[0]


# -- init reading the image's Dockerfile -------------------------------------------------------------------
GOOD = "ARG TORCH_CUDA_ARCH_LIST=12.1a\nARG CUDA_VERSION=13.0\n"


def _init(tmp_path: Path, files: dict[str, str]) -> tuple[int, str, dict[str, object] | None, float]:
    """init --dry-run... on the demo fork with ``files`` committed: the exit code, stderr, the
    arch-coverage rule it wrote (None: none) and the run's CPU seconds."""
    example = build_example(tmp_path / "ex")
    for name, text in {"CMakeLists.txt": CMAKELISTS, "cmake/utils.cmake": UTILS, **files}.items():
        (example.fork / name).parent.mkdir(parents=True, exist_ok=True)
        (example.fork / name).write_text(text)
    git(example.fork, "add", "-A")
    git(example.fork, "commit", "-qm", "Build the kernels")
    config = tmp_path / "cfg"
    run = run_limited("init", "--repo", example.fork, "--config", config, "--image", "ghcr.io/me/x", timeout=TIMEOUT)
    assert "Traceback" not in run.err, run.err
    build = config / "audits" / "build.yaml"
    rules = load_yaml(build)["rules"] if build.exists() else [None]
    return run.code, run.err, rules[0], run.cpu


@needs_cmake
def test_an_arg_that_doubles_forty_times_is_not_expanded_into_memory(tmp_path: Path) -> None:
    """``ARG A1=${A0}${A0}``, ``ARG A2=${A1}${A1}``... forty lines: init expanded 2^40 copies and the
    kernel killed it for memory (the run took 78 s on 2 cores before the OOM killer came).  Expansion
    stops at a budget; the value past it keeps its ``${...}``."""
    bomb = "ARG A0=xxxxxxxxxxxxxxxx\n" + "".join(f"ARG A{i + 1}=${{A{i}}}${{A{i}}}\n" for i in range(40))
    code, err, rule, cpu = _init(tmp_path, {"Dockerfile": bomb + GOOD})
    assert cpu < 20
    assert code == 0 and rule is not None and rule["arch_list"] == "12.1a", err


@needs_cmake
def test_a_long_word_in_an_env_line_is_read_in_linear_time(tmp_path: Path) -> None:
    """shlex builds a word a character at a time: a 300 KB ``ARG`` value took init 12 s, 2 MB took minutes."""
    code, err, rule, cpu = _init(tmp_path, {"Dockerfile": 'ENV A="' + "$a" * 150_000 + '"\n' + GOOD})
    assert cpu < 20
    assert code == 0 and rule is not None, err


def test_a_dockerfile_over_its_cap_is_named_not_read(tmp_path: Path) -> None:
    code, err, rule, _ = _init(tmp_path, {"Dockerfile": GOOD + "#" * 2_000_000 + "\n"})
    assert code == 0 and rule is None
    assert "no kernel rule: Dockerfile is 2,000,054 bytes, over the 1,048,576-byte cap: not read" in err


def test_a_cmakelists_over_the_audits_cap_is_named_not_read(tmp_path: Path) -> None:
    """init read a 27 MB CMakeLists.txt whole and evaluated it (105 s); the audit never reads a file over
    its 8 MiB cap, so the rule init would write could never pass anyway."""
    huge = CMAKELISTS + ("#" * 1000 + "\n") * 9000
    code, err, rule, _ = _init(tmp_path, {"Dockerfile": GOOD, "CMakeLists.txt": huge})
    assert code == 0 and rule is None
    assert "no kernel rule: CMakeLists.txt is 9," in err and "over the 8,388,608-byte cap: not read" in err


def test_the_dockerfile_is_read_as_buildkit_reads_it() -> None:
    """A byte-order mark (BuildKit skips it) hid the first instruction; heredoc text was read as
    instructions (``RUN <<EOF`` holding an ``ARG`` line gave the rule that arch list); ``FROM
    --platform=... nvidia/cuda:13.0`` named no CUDA version; the escape directive was not honoured."""
    from aeon_release.pipeline.arch_baseline import _cuda_version, _settings

    docker = (
        "\ufeff# escape=`\nARG A=1\nFROM --platform=$BUILDPLATFORM nvidia/cuda:13.0.1-devel-ubuntu24.04 AS build\n"
        "RUN <<EOF cat > /x && <<-'END' sh\nARG TORCH_CUDA_ARCH_LIST=9.0\nEOF\n\tENV CUDA_VERSION=11.8\n\tEND\n"
        'ENV TORCH_CUDA_ARCH_LIST="12.1a `\n    12.0a" B=2\n'
    )
    settings = _settings(docker)
    assert settings == {"A": "1", "TORCH_CUDA_ARCH_LIST": "12.1a     12.0a", "B": "2"}
    assert _cuda_version(docker, settings) == "13.0"


def test_a_define_value_too_long_for_cmake_is_refused_at_load(tmp_path: Path) -> None:
    """A 7 MB ``define`` value reached the script whole: cmake ran past its 20 s limit reading it."""
    rules = RULES.replace("define: {GPU_LANG: CUDA}", f"define: {{GPU_LANG: {'x' * 100_000}}}")
    repo = make_repo(tmp_path / "repo", {"CMakeLists.txt": CMAKELISTS, "cmake/utils.cmake": UTILS})
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path, rules), timeout=TIMEOUT)
    [line] = without_beats(run.err)
    assert run.code == 2 and line.startswith("error: audits/rules.yaml: rules[0].define.GPU_LANG: 100,000 characters")


# -- two commands at once --------------------------------------------------------------------------------
def test_a_lock_file_of_junk_is_not_repeated_in_the_refusal(tmp_path: Path) -> None:
    """A second run read the lock file whole into its one error line as the holder's pid: 5 MB of it."""
    import fcntl

    example = build_example(tmp_path / "ex")
    lock = example.fork / ".git" / "aeon-release" / "lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # held by this test as a run would hold it
        held.write("\x1b[31m " + "9" * 5_000_000)
        held.flush()
        run = run_limited("merge", "--abort", "--repo", example.fork, timeout=TIMEOUT)
    [line] = run.err.splitlines()
    assert run.code == 2 and len(line) < 300
    assert "another aeon-release run is working in this repository (pid unknown)" in line


def test_a_plan_of_thousands_of_rows_prints_plain_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """rich lays out a table whole: `merge --dry-run` over 10,000 ledger entries spent half a minute
    drawing 20,000 rows.  Past 500 rows each is one plain line (its markup still inert)."""
    from aeon_release.pipeline import merge

    rows = [[f"#{n}", "cherry-pick", "[bold]not markup[/]"] for n in range(600)]
    merge._table("cherry-picks", ("pick", "plan", "reason"), rows, json_out=False)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "cherry-picks (600): pick | plan | reason"
    assert lines[1:] == [f"  #{n} | cherry-pick | [bold]not markup[/]" for n in range(600)]
    merge._table("cherry-picks", ("pick", "plan", "reason"), rows[:3], json_out=False)
    assert "┃ pick" in capsys.readouterr().out  # a few rows: the table
