"""Hostile-input sweep 36: the output-file options besides ``audit --output`` (``notes --output``, ``release
--notes``) named over a file the fork's checkout tracks or a file of the config; a docker credential helper that
prints without end; a release's stages in ``status``.  Real git, the real CLI."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.adapters.process import TOO_MUCH_OUTPUT, bounded_run
from aeon_release.adapters.sandbox import RegistryProcess
from tests.helpers import build_example, run_cli, snapshot
from tests.hostile.conftest import ROOT, git, programs_naming, run_limited, stopped_at, with_a_helper
from tests.pipeline.conftest import ReleaseSetup, release_in

pytestmark = pytest.mark.slow

RECORD = ROOT / "tests" / "notes" / "data" / "record-v0.27.1.json"


# -- notes --output over a file the checkout tracks or the config holds ------------------------------------------
@pytest.mark.parametrize(
    ("named", "fmt"),
    [("vllm/__init__.py", "markdown"), ("docs/../vllm/__init__.py", "json"), ("README.md", "markdown")],
    ids=["module", "dotted-path-json", "readme"],
)
def test_notes_named_over_a_tracked_file_are_refused(tmp_path: Path, named: str, fmt: str) -> None:
    """``notes v0.27.1 --output vllm/__init__.py`` in the fork's checkout replaced the module with the notes,
    exit 0 ("wrote vllm/__init__.py").  Refused before the record is read, one line naming the tracked file; the
    checkout as it was."""
    ex = build_example(tmp_path / "ex")
    target = ex.fork / os.path.normpath(named)
    before, held = snapshot(ex.fork), target.read_bytes()
    run = run_limited(
        "notes", "v0.27.1", "--record", RECORD, "--config", ex.config, "--format", fmt, "--output", named, cwd=ex.fork
    )
    assert run.code == 2 and run.out == "" and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert f"that is {os.path.normpath(named)}, a file git tracks in the fork's checkout" in line, line
    assert "(hint:" in line and snapshot(ex.fork) == before and target.read_bytes() == held


def test_notes_whose_audit_report_would_land_on_a_tracked_file_are_refused(tmp_path: Path) -> None:
    """Markdown notes too long for GitHub put the audit report beside them, ``<stem>-audit.md``, known only once
    rendered: ``--output docs/x.md`` with a tracked ``docs/x-audit.md`` is refused for the report's file before any
    work, as ``release`` checks both places in its preflight."""
    ex = build_example(tmp_path / "ex")
    (ex.fork / "docs").mkdir(exist_ok=True)
    (ex.fork / "docs" / "x-audit.md").write_text("kept\n")
    git(ex.fork, "add", "docs/x-audit.md")
    git(ex.fork, "commit", "-qm", "a tracked report")
    before = snapshot(ex.fork)
    run = run_limited(
        "notes", "v0.27.1", "--record", RECORD, "--config", ex.config, "--output", "docs/x.md", cwd=ex.fork
    )
    assert run.code == 2 and "that is docs/x-audit.md, a file git tracks" in run.err, run.err
    assert snapshot(ex.fork) == before and not (ex.fork / "docs" / "x.md").exists()


def test_notes_named_over_a_rule_file_are_refused(tmp_path: Path) -> None:
    """``notes --output`` a rule file of the config (outside the checkout, so untracked there): notes read the
    ledger and fleet.yaml, never the rules, so the write's check of what this run read let the notes replace
    audits/kv_quant.yaml, and every later audit failed on it."""
    ex = build_example(tmp_path / "ex")
    rule = ex.config / "audits" / "kv_quant.yaml"
    held = rule.read_bytes()
    run = run_limited("notes", "v0.27.1", "--record", RECORD, "--config", ex.config, "--output", rule)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert "that is audits/kv_quant.yaml, which this run read; refusing to write over it" in line, line
    assert rule.read_bytes() == held


def test_notes_of_their_own_in_the_checkout_are_written_again(tmp_path: Path) -> None:
    """The twin: untracked notes of an earlier run in the checkout are replaced, run after run."""
    ex = build_example(tmp_path / "ex")
    for _ in range(2):
        run = run_limited(
            "notes", "v0.27.1", "--record", RECORD, "--config", ex.config, "--output", "n.md", cwd=ex.fork
        )
        assert run.code == 0, run.err
    assert "v0.27.1" in (ex.fork / "n.md").read_text()


# -- release --notes over a file the checkout tracks ------------------------------------------------------------
@pytest.fixture
def release(tmp_path: Path, registry: RegistryProcess) -> Iterator[ReleaseSetup]:
    yield from release_in(tmp_path, registry)


@pytest.mark.parametrize("named", ["vllm/__init__.py", "README.md"])
def test_release_notes_named_over_a_tracked_file_are_refused_before_the_merge(
    release: ReleaseSetup, named: str
) -> None:
    """``release v0.29.0 --notes README.md`` in the fork's checkout merged, built and published, then replaced
    the tracked README with the notes.  Refused in the preflight, before the merge: no branch, no state, the
    checkout as it was."""
    fork = release.example.fork
    args = release.args()
    args[args.index("--notes") + 1] = named
    before, held = snapshot(fork), (fork / named).read_bytes()
    run = run_limited(*args, cwd=fork)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert f"--notes {named}: that is {named}, a file git tracks in the fork's checkout" in line, line
    assert snapshot(fork) == before and (fork / named).read_bytes() == held
    assert not git(fork, "branch", "--list", "aeon-v0.29.0")
    assert not (fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "pipeline.json").exists()


# -- a Docker credential helper that prints without end ---------------------------------------------------------
def test_a_credential_helper_that_prints_without_end_is_stopped_and_named(tmp_path: Path) -> None:
    """A ``docker-credential-*`` stuck in a loop printing: its answer was read whole, the memory filling until its
    time ran out (and a helper printing gigabytes, then ending, was all held).  Stopped once past the cap, with
    what it started, and the line names it."""
    done, mark = with_a_helper(tmp_path, "yes 'MARK MARK MARK MARK MARK MARK MARK MARK'\n")
    assert done.returncode == 2 and "Traceback" not in done.stderr, (done.returncode, done.stderr)
    [line] = done.stderr.strip().splitlines()
    assert "the credential helper for 127.0.0.1:9 (docker-credential-keyring) printed more than 1,024 kB" in line, line
    assert "(hint:" in line and mark not in line and programs_naming(mark) == []


def test_a_credential_helper_with_a_long_token_is_answered(tmp_path: Path) -> None:
    """The twin: a helper's JSON with a token of 200 kB (far past a pipe's buffer, under the cap) is its answer;
    the run goes on to the registry (nothing listens at 127.0.0.1:9)."""
    token = "t" * 200_000
    done, _ = with_a_helper(tmp_path, f'cat >/dev/null\necho \'{{"Username": "u", "Secret": "{token}"}}\'\n')
    assert done.returncode != 0 and "Traceback" not in done.stderr, (done.returncode, done.stderr)
    assert "credential helper" not in done.stderr and token not in done.stderr, done.stderr[:400]


@pytest.mark.parametrize("stream", ["stdout", "stderr"])
def test_a_bounded_run_stops_a_program_printing_past_its_cap(tmp_path: Path, stream: str) -> None:
    """bounded_run with max_output: a program flooding either pipe is stopped past the cap, well within its time."""
    started = time.monotonic()
    done = bounded_run(
        ["sh", "-c", "yes" if stream == "stdout" else "yes >&2"],
        seconds=60,
        cwd=tmp_path,
        env=dict(os.environ),
        max_output=1 << 16,
    )
    assert done.returncode == TOO_MUCH_OUTPUT and done.stderr == b"sh printed more than 65,536 bytes and was stopped"
    assert time.monotonic() - started < 30


def test_a_bounded_run_under_its_cap_hands_its_input_and_output_whole(tmp_path: Path) -> None:
    """The twin: input past a pipe's buffer goes in whole, output under the cap comes back whole, as from
    communicate."""
    data = os.urandom(300_000)
    done = bounded_run(["cat"], seconds=60, cwd=tmp_path, env=dict(os.environ), input=data, max_output=1 << 20)
    assert done.returncode == 0 and done.stdout == data and done.stderr == b""


# -- status shows a release's stages ----------------------------------------------------------------------------
@pytest.mark.docker
@pytest.mark.registry
def test_status_shows_a_release_stopped_in_its_build(release: ReleaseSetup, busybox_image: str) -> None:
    """SIGTERM to a release while its image builds records the build stage ``stopped``; ``status`` showed the merge
    run alone ("done"), nothing of the release, so a person coming back saw a finished merge and no stopped
    release.  It shows the release's stages under the tag, what stopped the build, and how the release goes on."""
    run = stopped_at("aeon_release.adapters.buildkit:PlainLog.line", "SIGTERM", *release.args())
    assert run.returncode == 143, (run.returncode, run.stderr[-2000:])
    shown = run_cli("status", "--repo", release.example.fork)
    assert shown.code == 0 and "Traceback" not in shown.err, shown.err
    lines = shown.out.splitlines()
    assert (
        "  release (dated 2026-09-11): merge done, audit done, build stopped, publish pending, notes pending" in lines
    ), shown.out
    assert "  build: stopped in the build stage" in lines, shown.out
    assert "next: run the same `aeon-release release v0.29.0` command again" in shown.err, shown.err
    [entry] = json.loads(run_cli("status", "--repo", release.example.fork, "--json").out)
    assert entry["state"] == "done" and entry["release"]["stages"]["build"]["status"] == "stopped", entry
