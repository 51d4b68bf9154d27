"""The console entry (`aeon-release`, `python -m aeon_release`): it leaves without the interpreter's
teardown, but only after the exit's own work (atexit handlers, flushed streams), and keeps the code."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _entry(script: str, *args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    """``script`` (setup), then the console entry with ``args``, in a fresh interpreter."""
    code = textwrap.dedent(script) + "\nimport sys\nsys.argv = ['aeon-release', *sys.argv[1:]]\n"
    code += "from aeon_release.__main__ import run\nrun()\n"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        cwd=tmp,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp)},
        timeout=60,
    )


def test_atexit_handlers_run_and_the_code_is_kept(tmp_path: Path) -> None:
    mark = tmp_path / "ran"
    setup = f"import atexit, pathlib\natexit.register(lambda: pathlib.Path({str(mark)!r}).write_text('yes'))"
    done = _entry(setup, "--version", tmp=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("aeon-release ")
    assert mark.read_text() == "yes"
    mark.unlink()
    done = _entry(setup, "audit", "--no-such-option", tmp=tmp_path)
    assert done.returncode == 2 and "no such option" in done.stderr and done.stderr.count("\n") == 1
    assert mark.read_text() == "yes"


def test_output_printed_at_exit_is_not_lost(tmp_path: Path) -> None:
    """An atexit handler's print sits in stdout's buffer (a pipe): it is flushed before leaving."""
    done = _entry("import atexit\natexit.register(lambda: print('from a handler'))", "--version", tmp=tmp_path)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "from a handler"


def test_a_thread_still_working_is_waited_for(tmp_path: Path) -> None:
    mark = tmp_path / "thread"
    setup = f"""
        import threading, time, pathlib
        def work():
            time.sleep(0.5)
            pathlib.Path({str(mark)!r}).write_text("finished")
        threading.Thread(target=work).start()
    """
    done = _entry(setup, "--version", tmp=tmp_path)
    assert done.returncode == 0 and mark.read_text() == "finished"


@pytest.mark.parametrize("args", [["ledger", "schema", "fleet"], ["--help"]])
def test_long_output_to_a_pipe_is_whole(tmp_path: Path, args: list[str]) -> None:
    done = _entry("", *args, tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    if args[0] == "ledger":
        assert json.loads(done.stdout)["properties"]
    else:
        assert done.stdout.startswith("Usage: aeon-release") and "merge" in done.stdout


def test_a_profiler_still_writes_its_profile(tmp_path: Path) -> None:
    out = tmp_path / "run.prof"
    done = subprocess.run(
        [sys.executable, "-m", "cProfile", "-o", str(out), "-m", "aeon_release", "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)},
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.startswith("aeon-release ")
    assert out.stat().st_size > 0


@pytest.mark.skipif(sys.version_info < (3, 12), reason="sys.monitoring is Python 3.12's")
def test_a_monitoring_tool_gets_pythons_own_exit(tmp_path: Path) -> None:
    """From 3.12 cProfile watches through sys.monitoring (sys.getprofile() stays None): leaving with
    os._exit lost `python -m cProfile -o`'s profile.  A module global's __del__ runs only in the teardown."""
    mark = tmp_path / "teardown"
    setup = f"""
        import sys, pathlib
        sys.monitoring.use_tool_id(sys.monitoring.PROFILER_ID, "a profiler")
        class AtTeardown:
            def __del__(self):
                pathlib.Path({str(mark)!r}).write_text("ran")
        kept = AtTeardown()
    """
    done = _entry(setup, "--version", tmp=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("aeon-release ")
    assert mark.read_text() == "ran"


_SPAWN_SPY = """
import sys
import aeon_release.domain.audits.sidecar as sidecar

def spy(fork: bool = False) -> None:
    sys.stderr.write("checks started " + ("after" if "aeon_release.cli" in sys.modules else "before") + " the CLI\\n")

sidecar.spawn = spy
"""


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["merge", "v0.0.0", "--config", "."], "checks started before the CLI"),
        (["merge", "--continue"], None),
        (["merge", "v0.0.0", "--dry-run"], None),
        (["merge", "--help"], None),
        (["audit", "--rev", "HEAD"], None),
    ],
    ids=["a new merge", "continue", "dry run", "help", "another command"],
)
def test_a_new_merge_starts_its_checks_process_before_the_command_line_is_parsed(
    tmp_path: Path, args: list[str], said: str | None
) -> None:
    """The merge-aware checks' interpreter imports on the other core while this one imports the
    command-line interface: a merge of a large release waits for those checks last."""
    done = _entry(_SPAWN_SPY, *args, tmp=tmp_path)
    lines = [line for line in done.stderr.splitlines() if line.startswith("checks started")]
    if said is None:
        assert lines == [] or lines == ["checks started after the CLI"]  # the command's own start, if any
    else:
        assert lines[0] == said


def test_the_command_runs_at_the_tools_collector_pace(tmp_path: Path) -> None:
    """The collector walks the long-lived parses less often (aeon_release/gcpace.py): at CPython's default
    pace it was a tenth of a small merge's CPU."""
    setup = "import atexit, gc, sys\natexit.register(lambda: sys.stderr.write(f'pace {gc.get_threshold()}\\n'))"
    done = _entry(setup, "--version", tmp=tmp_path)
    assert done.returncode == 0
    assert "pace (200000, 30, 30)" in done.stderr


def test_the_merge_checks_process_runs_at_the_same_pace(tmp_path: Path) -> None:
    """The sidecar (domain/audits/sidecar.py) parses the sides: it sets the pace itself, since it is a
    fresh interpreter.  With no request on its input it returns at once."""
    code = (
        "import gc, io, sys\nsys.stdin = io.StringIO('')\n"
        "from aeon_release.domain.audits import sidecar\nsidecar.main()\nprint(gc.get_threshold())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "(200000, 30, 30)"


_IDENTITY = (
    "import os\nos.environ.update(GIT_AUTHOR_NAME='t', GIT_AUTHOR_EMAIL='t@x', "
    "GIT_COMMITTER_NAME='t', GIT_COMMITTER_EMAIL='t@x', GIT_CONFIG_NOSYSTEM='1')\n"
)
_MODULES_AT_EXIT = (
    "import atexit, sys\natexit.register(lambda: print('modules', *sorted(sys.modules), file=sys.stderr))\n"
)


def test_a_small_merge_imports_no_worker_pool_and_no_package_data_reader(tmp_path: Path) -> None:
    """`merge` of a tree too small for the audit's worker pool, its profile's schema checked before (an
    audit stamps it), imports neither concurrent.futures (logging with it: only the pool uses them) nor
    importlib.resources' readers (zipfile with them: the ledger schemas are read through pkgutil): 9 ms
    of every such command's start-up that it did not use."""
    from tests.helpers import build_example

    ex = build_example(tmp_path / "ex")
    where = ("--repo", str(ex.fork), "--config", str(ex.config))
    audited = _entry(_IDENTITY, "audit", *where, tmp=tmp_path)
    assert audited.returncode in (0, 1), audited.stderr
    done = _entry(_IDENTITY + _MODULES_AT_EXIT, "merge", "v0.29.0", *where, "--json", tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    [line] = [line for line in done.stderr.splitlines() if line.startswith("modules ")]
    loaded = set(line.split()[1:])
    assert {"aeon_release.domain.audits.runner", "aeon_release.adapters.schemas"} <= loaded  # it audited here
    assert not loaded & {"concurrent.futures", "logging", "zipfile", "importlib.readers", "jsonschema"}


_MADE_AT_EXIT = """
import atexit, sys, typer.main
made = []
make = typer.main.get_command_from_info

def counted(*args, **kwargs):
    command = make(*args, **kwargs)
    made.append(command.name)
    return command

typer.main.get_command_from_info = counted
atexit.register(lambda: print('made', *made, file=sys.stderr))
"""


def test_a_command_line_naming_a_command_makes_that_command_alone(tmp_path: Path) -> None:
    """typer makes the click command of every registered command on every run (each function's signature
    inspected, each parameter copied: 10-15 ms of every start) for the one that runs.  The root's help, a
    group and a misspelt name still get the whole app."""
    done = _entry(_MADE_AT_EXIT, "audit", "--help", tmp=tmp_path)
    assert done.returncode == 0 and "Usage: aeon-release audit [OPTIONS]" in done.stdout
    assert [line for line in done.stderr.splitlines() if line.startswith("made")] == ["made audit"]
    everything = _entry(_MADE_AT_EXIT, "--help", tmp=tmp_path)
    assert everything.returncode == 0 and all(name in everything.stdout for name in ("merge", "audit", "ledger"))
    [line] = [line for line in everything.stderr.splitlines() if line.startswith("made")]
    assert {"merge", "audit", "check", "schema"} <= set(line.split()[1:])
    misspelt = _entry(_MADE_AT_EXIT, "mrge", tmp=tmp_path)
    assert misspelt.returncode == 2 and "no such command 'mrge'" in misspelt.stderr


_COMPILES_AT_EXIT = """
import atexit, pathlib, sys
from aeon_release import methodcache
methodcache._FILE = pathlib.Path({file!r})
compiled = []
methodcache.compile = lambda *args, **kwargs: compiled.append(1) or compile(*args, **kwargs)
atexit.register(lambda: print('compiled', len(compiled), file=sys.stderr))
"""


def test_a_second_run_compiles_none_of_the_dataclasses_methods(tmp_path: Path) -> None:
    """The entry serves the dataclasses' method texts from the cache (aeon_release/methodcache.py): their
    compile was half of a merge's import CPU.  The first run keeps what it compiled; the next compiles none."""
    setup = _COMPILES_AT_EXIT.format(file=str(tmp_path / "methods.bin"))
    first = _entry(setup, "audit", tmp=tmp_path)  # (no audits folder: an error, once the audit's modules imported)
    assert first.returncode == 2 and int(first.stderr.split("compiled ")[1].split()[0]) > 100, first.stderr
    again = _entry(setup, "audit", tmp=tmp_path)
    assert again.returncode == 2 and again.stderr.endswith("compiled 0\n"), again.stderr
