"""Hostile-input sweep 47.  ``--quiet`` and the registry's wait line; ``--output`` naming a folder that does not exist;
a PR number of 40 digits; DOCKER_CONFIG naming no config.json (the Docker SDK read ~/.docker's instead); an upstream
commit subject whose bytes are not UTF-8 (a traceback out of ``merge``).  The real CLI."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from tests.helpers import build_example, run_cli
from tests.hostile.conftest import config_with, git, run_limited
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_sweep42 import LAYER, Engine, _saved, engine  # noqa: F401 (the fixture)
from tests.hostile.test_sweep46 import _Limiting

TIMEOUT = 20.0


# -- --quiet silences the registry's wait line ---------------------------------------------------------------------------
@pytest.mark.parametrize("hushed", [True, False], ids=["quiet", "twin-not-quiet"])
def test_the_registry_wait_line_is_progress_that_quiet_silences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hushed: bool
) -> None:
    """``release -q`` printed "registry ... asks to wait 1s (HTTP 429 Too Many Requests); waiting" when the registry
    asked a short wait: ``--quiet`` is no progress and no wait lines (errors still print).  The twin: without it the
    line is said, a silent pause of seconds reading as a hang.  (In the process: of the commands with ``--quiet``
    only a release with its image built reaches the registry, which needs an engine.)"""
    from aeon_release.adapters import registry as registry_mod
    from aeon_release.adapters.console import quiet

    with _Limiting("1") as server, quiet(hushed):
        repository = registry_mod.parse_repository(f"127.0.0.1:{server.port}/team/app")
        assert registry_mod.Registry(repository).tags() == []
    said = "asks to wait 1s (HTTP 429 Too Many Requests); waiting" in capsys.readouterr().err
    assert said is not hushed


# -- --output naming a folder that does not exist ------------------------------------------------------------------------
def _outputs(tmp_path: Path, target: Path) -> dict[str, tuple[str | Path, ...]]:
    ex = build_example(tmp_path / "ex")
    record = tmp_path / "record.json"
    record.write_text(json.dumps({"tag": "v0.29.0"}))
    return {
        "audit": ("audit", "--repo", ex.fork, "--config", ex.config, "--format", "json", "--output", target),
        "notes": ("notes", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--output", target),
        "release": (
            "release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/a/b",
            "--notes", target, "--dry-run",
        ),
    }  # fmt: skip


@pytest.mark.parametrize("command", ["audit", "notes", "release"])
def test_an_output_in_a_folder_that_does_not_exist_is_refused(tmp_path: Path, command: str) -> None:
    """``--output repots/x.json`` (a typo) made ``repots/`` and every folder above it, wherever the path led, and the
    report was looked for where it was meant to be.  As git and gh, a file is written only into a folder that
    exists: one line naming the folder, a hint to make it, exit 2, and no folder made."""
    missing = tmp_path / "outside" / "nowhere" / "deeper"
    argv = _outputs(tmp_path, missing / "report.out")[command]
    if command == "notes":  # a run record to write notes of
        merged = run_limited("merge", "v0.29.0", *argv[2:6], "--no-fetch", cwd=tmp_path, timeout=60)
        assert merged.code == 0, merged.err
    run = run_limited(*argv, cwd=tmp_path, timeout=60)
    line = one_error_line(run)
    assert f"the folder {missing} does not exist" in line and "mkdir -p" in line, line
    assert not (tmp_path / "outside").exists() and run.out == "", run.out


@pytest.mark.parametrize("command", ["audit", "notes", "release"])
def test_an_output_in_a_folder_that_exists_is_written_as_before(tmp_path: Path, command: str) -> None:
    """The twin: a file in a folder that exists (a new file, or ``--notes-dir`` naming a folder to make) goes on."""
    argv = _outputs(tmp_path, tmp_path / "report.out")[command]
    if command == "release":  # --notes-dir names a folder, made when the notes are written
        argv = (*argv[: argv.index("--notes")], "--notes-dir", tmp_path / "new" / "notes", "--dry-run")
    if command == "notes":
        merged = run_limited("merge", "v0.29.0", *argv[2:6], "--no-fetch", cwd=tmp_path, timeout=60)
        assert merged.code == 0, merged.err
    run = run_limited(*argv, cwd=tmp_path, timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err
    assert command == "release" or (tmp_path / "report.out").stat().st_size > 0


# -- a PR number no GitHub id holds ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("file", "text", "field"),
    [
        ("cherry_picks.yaml", "releases:\n  v0.1.0:\n    pick:\n      - {pr: %s, reason: r}\n", "pick[0].pr"),
        (
            "carries.yaml",
            "carries:\n  - {id: a, title: t, status: active, upstream_pr: %s, commits: ['%s']}\n",
            "carries[0].upstream_pr",
        ),
    ],
    ids=["pick", "carry"],
)
@pytest.mark.parametrize("number", ["1" * 40, str(2**31)], ids=["forty-digits", "past-int32"])
def test_a_pr_number_past_github_s_ids_is_refused(
    tmp_path: Path, file: str, text: str, field: str, number: str
) -> None:
    """``pr: 1111111111111111111111111111111111111111`` passed ``ledger check``, and the merge searched every subject
    of the range for it.  GitHub's PR numbers are 32-bit ids (GraphQL Int): one line naming the field, exit 2."""
    config = config_with(tmp_path)
    (config / file).write_text(text % ((number,) if file == "cherry_picks.yaml" else (number, "a" * 40)))
    line = one_error_line(run_limited("ledger", "check", "--config", config, cwd=tmp_path, timeout=TIMEOUT))
    assert field in line and "must be at most 2147483647" in line and len(line) < 400, line


def test_the_largest_pr_number_github_holds_is_taken(tmp_path: Path) -> None:
    """The twin: 2147483647 is a PR number."""
    config = config_with(tmp_path)
    (config / "cherry_picks.yaml").write_text("releases:\n  v0.1.0:\n    pick:\n      - {pr: 2147483647, reason: r}\n")
    run = run_limited("ledger", "check", "--config", config, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0, run.err


# -- DOCKER_CONFIG naming no config.json: the Docker SDK read ~/.docker/config.json ----------------------------------------
def _report(tmp_path: Path, engine: tuple[Engine, dict[str, str]], docker_config: str, home_config: bool) -> object:  # noqa: F811
    answers, env = engine
    answers.saved = _saved(["l.tar"], LAYER)
    home = tmp_path / "home"
    (home / ".docker").mkdir(parents=True)
    if home_config:  # another account's: the SDK sends its headers with every request, its auths with a push
        (home / ".docker" / "config.json").write_text('{"HttpHeaders": {"X-Meta-Token": "other-user-s3cret"}}')
    env = {**env, "HOME": str(home), "DOCKER_CONFIG": docker_config}
    return run_limited("image-report", "myimage:1", cwd=tmp_path, env=env, timeout=TIMEOUT)


@pytest.mark.parametrize("where", ["missing", "empty", "dev-null"])
def test_docker_config_naming_no_config_json_never_falls_back_to_home(
    tmp_path: Path,
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    where: str,
) -> None:
    """``DOCKER_CONFIG=$RUNNER_TEMP/docker`` (a folder not made yet, or made empty, to keep credentials out) or
    ``/dev/null``: the docker CLI reads that folder alone, but the SDK behind build, image-report and publish found no
    config.json there and read ~/.docker/config.json instead, another account's headers and credentials, silently.
    One line naming the variable and the file it would have read, exit 2."""
    folder = {"missing": str(tmp_path / "nope"), "empty": str(tmp_path), "dev-null": os.devnull}[where]
    line = one_error_line(_report(tmp_path, engine, folder, home_config=True))  # type: ignore[arg-type]
    assert line.startswith(f"error: DOCKER_CONFIG='{folder}' ") and "would read" in line, line
    assert f"{tmp_path}/home/.docker/config.json" in line and "s3cret" not in line, line


def test_docker_config_naming_no_config_json_with_nothing_to_fall_back_to_goes_on(
    tmp_path: Path,
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
) -> None:
    """The twin: no ~/.docker/config.json either, so no other file is read: the run goes on with no credentials."""
    run = _report(tmp_path, engine, str(tmp_path / "nope"), home_config=False)
    assert run.code == 0 and "Traceback" not in run.err, run.err  # type: ignore[attr-defined]


# -- an upstream subject whose bytes are not UTF-8 -------------------------------------------------------------------------
_SUBJECT = b"Raw \xff\xfe bytes \x1b]0;pwned\x07\x1b[2J rlo \xe2\x80\xae c1 \xc2\x9b2J (#46932)"


def _hostile_tag(repo: Path) -> None:
    """v0.29.1: v0.29.0 and one commit, written with no encoding header, whose subject is of ``_SUBJECT``'s bytes
    (it names the PR of a carry, so the plan quotes it)."""
    tree, parent = git(repo, "rev-parse", "v0.29.0^{tree}"), git(repo, "rev-parse", "v0.29.0^{commit}")
    who = b"A <a@example.com> 1700000000 +0000"
    body = b"tree %s\nparent %s\nauthor %s\ncommitter %s\n\n%s\n" % (tree.encode(), parent.encode(), who, who, _SUBJECT)
    sha = git(repo, "hash-object", "-t", "commit", "-w", "--literally", "--stdin", input=body)
    git(repo, "tag", "v0.29.1", sha)


_RAW_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_a_subject_of_bytes_not_utf8_is_read_and_its_controls_escaped(tmp_path: Path) -> None:
    """A commit in the range whose subject is no UTF-8 (``\\xff``, written by a tool that set no encoding) crashed the
    merge plan's PR index (RE2 cannot take the lone surrogates git's output is decoded to): a traceback, exit 3.
    The merge goes on; its report and the notes name the subject with its escapes, C1 and bidi controls escaped, and
    the Markdown row stays one line."""
    ex = build_example(tmp_path / "ex")
    _hostile_tag(ex.fork)  # the fork holds upstream's tags: merge --no-fetch reads them there
    merged = run_cli("merge", "v0.29.1", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert merged.code == 0 and "Traceback" not in merged.err, merged.err[-3000:]
    assert "46932" in merged.out and not _RAW_CONTROLS.search(merged.out + merged.err), merged.out
    notes = run_limited("notes", "v0.29.1", "--repo", ex.fork, "--config", ex.config, cwd=tmp_path, timeout=60)
    assert notes.code == 0 and not _RAW_CONTROLS.search(notes.out + notes.err), notes.err
    [row] = [line for line in notes.out.splitlines() if "PR #46932 is in the merged range" in line]
    assert row.startswith("| `uma-clamp` |") and row.endswith(" |") and "\\x1b" in row, row
