"""Hostile-input sweep 24: names and bytes from the tree and the history in the tool's readers and outputs (a
character XML cannot hold in the JUnit report, a name git C-quotes in a patch header or a path list, a ``|``, a
backtick or a link in the Markdown tables, a link's text or a binary asset in a patch, a CRLF or latin-1 file a
fix rewrites), and the machine around the tool (``COLUMNS=0``, no home folder, a deleted current folder, a
report named over a file the run read, a registry listing countless dated tags).  Real git repositories, the
real CLI, real HTTP servers; the report stays a document its format's parsers read, the name stays the name."""

from __future__ import annotations

import json
import os
from pathlib import Path
from xml.etree import ElementTree

import pytest

from aeon_release.adapters.yamlio import load_yaml
from aeon_release.commands import demo_repo
from tests.helpers import build_example, run_cli
from tests.hostile.conftest import ROOT, config_with, git, make_repo, run_limited, write_files

pytestmark = pytest.mark.slow


# -- characters XML 1.0 cannot hold ------------------------------------------------------------------------------
@pytest.mark.parametrize("char", ["\ufffe", "\uffff"])
def test_a_file_named_with_a_noncharacter_leaves_the_junit_report_xml(tmp_path: Path, char: str) -> None:
    """XML 1.0 holds no U+FFFE or U+FFFF (two noncharacters, which git takes in a name): the JUnit report of
    a pull request adding ``x<U+FFFE>.py`` with a conflict marker was no XML at all, and every CI's test-report
    reader refused the whole file, the gate's failures with it.  They are escaped as control characters are."""
    repo = make_repo(tmp_path / "r", {f"pkg/x{char}.py": "<<<<<<< HEAD\n"})
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path), "--rev", "HEAD", "--format", "junit")
    assert run.code == 1, run.err
    suite = ElementTree.fromstring(run.out)  # raised "not well-formed (invalid token)"
    failures = "".join(f.text or "" for f in suite.iter("failure"))
    assert f"pkg/x\\u{ord(char):04x}.py:1: a merge conflict marker" in failures, failures


# -- names git quotes in a patch's headers ------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["café.py", 'q"uote.py', "back\\slash.py"])
def test_init_reads_a_carry_on_a_file_git_quotes(tmp_path: Path, name: str) -> None:
    """git C-quotes a name holding a byte past ASCII, a ``"`` or a backslash in a patch's ``+++`` line
    (``"b/vllm/caf\\303\\251.py"``), and the patch reader took only ``+++ b/`` as a name: ``init`` read none
    of the commit's lines and left the fork's patch out of the ledger as "a revert"."""
    ex = build_example(tmp_path / "ex")
    (ex.fork / "vllm" / name).write_text("# aeon-quoted-name-marker\ndef quoted_carry():\n    return 1\n")
    git(ex.fork, "add", "-A")
    git(ex.fork, "commit", "-q", "-m", "keep a quoted name")
    config = tmp_path / "cfg"
    run = run_cli("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/me/vllm")
    assert run.code == 0, run.err
    assert "not a carry" not in run.err, run.err
    carries = {c["id"]: c for c in load_yaml(config / "carries.yaml")["carries"]}
    assert carries["keep-a-quoted-name"]["markers"] == [
        {"path": f"vllm/{name}", "text": "# aeon-quoted-name-marker"}
    ], carries
    (ex.fork / "vllm" / name).write_text("def quoted_carry():\n    return 1\n")  # the carry's marker lost
    lost = run_cli("audit", "--repo", ex.fork, "--config", config)
    assert lost.code == 1 and "aeon-quoted-name-marker" in lost.out, lost.out + lost.err


def test_init_leaves_out_a_marker_yaml_cannot_hold(tmp_path: Path) -> None:
    """A name whose bytes are not UTF-8 is no YAML text: ``init`` wrote its marker as ``\\uDCFF``, refused its
    own carries.yaml ("found invalid Unicode character escape code", a line to fix in a file it had not
    written) and wrote nothing.  The carry is kept without that marker."""
    ex = build_example(tmp_path / "ex")
    with open(os.path.join(os.fsencode(ex.fork / "vllm"), b"bad\xff.py"), "wb") as handle:
        handle.write(b"# aeon-undecodable-name-marker\n")
    git(ex.fork, "add", "-A")
    git(ex.fork, "commit", "-q", "-m", "keep a name of other bytes")
    config = tmp_path / "cfg"
    run = run_cli("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/me/vllm")
    assert run.code == 0, run.err
    carries = {c["id"]: c for c in load_yaml(config / "carries.yaml")["carries"]}
    assert carries["keep-a-name-of-other-bytes"]["markers"] == [], carries
    assert run_cli("ledger", "check", "--config", config).code == 0


def test_a_ledger_patch_names_its_files_as_git_stores_them(tmp_path: Path) -> None:
    """A carry's patch file names the files the carry touches (a conflict there is the carry's): a quoted
    ``+++``/``---`` name was left out, and a GNU diff's date after a tab was read as part of the name."""
    from aeon_release.pipeline.merge_plan import _patch_files

    patch = tmp_path / "carry.patch"
    patch.write_bytes(
        b'diff --git "a/vllm/caf\\303\\251.py" "b/vllm/caf\\303\\251.py"\n'
        b'--- "a/vllm/caf\\303\\251.py"\n+++ "b/vllm/caf\\303\\251.py"\n@@ -1 +1 @@\n-a\n+b\n'
        b"--- a/vllm/old name.py\t2026-01-01 00:00:00\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
    )
    assert _patch_files(patch) == {"vllm/café.py", "vllm/old name.py"}


# -- the release notes' tables -------------------------------------------------------------------------------------
def test_a_name_in_the_notes_tables_stays_in_its_cell_and_whole(tmp_path: Path) -> None:
    """The notes put a conflict's file and a finding's path in a code span in a table: a ``|`` in the name
    ended the cell (GFM splits a row on a pipe inside a span too), shifting the row's columns in the release
    body, a backtick was dropped from the name (``x`y.py`` read ``xy.py``) and a newline read as a space."""
    record = {
        "tag": "v0.27.1",
        "merge": {
            "tag": "v0.27.1",
            "tag_sha": "a" * 40,
            "branch": "aeon-v0.27.1",
            "conflicts": [
                {"file": "vllm/a|b.py", "carries": []},
                {"file": "vllm/x`y.py", "carries": []},
                {"file": "vllm/n\nl.py", "carries": []},
            ],
            "audit": {
                "errors": 1,
                "warnings": 0,
                "findings": [
                    {"rule": "tree/py-compile", "kind": "py-compile", "severity": "error", "path": "vllm/a|b.py",
                     "line": 1, "message": "does not compile", "suppressed": False},
                ],
            },
        },
    }  # fmt: skip
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    run = run_cli("notes", "v0.27.1", "--record", path, "--config", ROOT)  # the fleet's own ledger
    assert run.code == 0, run.err
    rows = {line for line in run.out.splitlines() if line.startswith("| ") and "vllm/" in line}
    assert rows == {
        "| `vllm/a\\|b.py` | — |",
        "| ``vllm/x`y.py`` | — |",
        "| `vllm/n\\nl.py` | — |",
        "| error | `tree/py-compile` | `vllm/a\\|b.py:1` | does not compile |",
    }, rows


# -- the terminal's width ------------------------------------------------------------------------------------------
def test_a_terminal_width_of_zero_still_prints_the_report(tmp_path: Path) -> None:
    """``COLUMNS=0`` (a pseudo-terminal of no size: some CI runners, ``docker exec -t``) is "unknown" to
    Python's ``shutil.get_terminal_size``; rich drew every line at width 0, which is nothing: ``merge
    --dry-run`` printed an empty stdout, exit 0, and so did ``merge`` and ``status``.  Its own process: the
    console is made once per process."""
    ex = build_example(tmp_path / "ex")
    argv = ("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--dry-run", "--no-fetch")
    run = run_limited(*argv, env={"COLUMNS": "0"})
    assert run.code == 0, run.err
    assert run.out.startswith("plan: merge v0.29.0") and "uma-clamp" in run.out, run.out


def _upstream_release(ex: demo_repo.Example, files: dict[str, str]) -> None:
    """Upstream's v0.30.0: v0.29.0 and one commit writing ``files``; fetched into the fork."""
    git(ex.upstream, "checkout", "-q", "v0.29.0")
    write_files(ex.upstream, files)
    git(ex.upstream, "add", "-A")
    git(ex.upstream, "commit", "-q", "-m", "Upstream change (#60001)")
    git(ex.upstream, "tag", "-a", "v0.30.0", "-m", "Release v0.30.0")
    git(ex.fork, "fetch", "-q", "upstream", "--tags")


def test_a_conflict_in_a_carried_file_git_quotes_names_the_file_and_its_carry(tmp_path: Path) -> None:
    """The merge listed its conflicts from ``git diff --name-only`` without ``-z``: git C-quotes a name past
    ASCII, so the run record's conflict was ``"vllm/caf\\303\\251.py"``, no file of the tree, and the carry
    whose file it was went unnamed (its carries: [], in the notes "Carries touching it: —")."""
    ex = build_example(tmp_path / "ex")
    write_files(ex.fork, {"vllm/café.py": "# cafe-carry-marker\nA = 1\n"})
    git(ex.fork, "add", "-A")
    git(ex.fork, "commit", "-q", "-m", "Carry: cafe")
    with (ex.config / "carries.yaml").open("a") as ledger:
        ledger.write(
            f"  - id: cafe\n    title: cafe\n    status: active\n    commits: [{git(ex.fork, 'rev-parse', 'HEAD')}]\n"
            "    markers:\n      - {path: vllm/café.py, text: cafe-carry-marker}\n"
        )
    _upstream_release(ex, {"vllm/café.py": "A = 2\n"})
    run = run_cli("merge", "v0.30.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", "--json")
    assert run.code == 1, run.err
    conflicts = [(c["file"], c["carries"]) for c in json.loads(run.out)["conflicts"]]
    assert conflicts == [("vllm/café.py", ["cafe"])], conflicts


def test_a_name_a_message_quotes_makes_no_link_in_the_markdown_report(tmp_path: Path) -> None:
    """A finding's message quotes what it found (a file's name, a line of code); the Markdown report put it in
    the cell as Markdown: a pull request adding ``pkg/[Approve this PR](https:/evil.example).py`` had the job
    summary show a link of its own choosing, in the gate's own words.  Brackets, backticks and backslashes
    are escaped in every prose cell (the audit's report and the release notes alike)."""
    name = "pkg/[Approve this PR](https:/evil.example).py"
    repo = make_repo(tmp_path / "r", {name: "x = as_strided(t)\n"})
    rules = (
        "rules:\n  - id: no/as-strided\n    kind: pattern\n    message: no as_strided\n"
        "    paths: ['pkg/**/*.py']\n    regex: as_strided\n    expect: absent\n"
    )
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, rules), "--format", "markdown")
    assert run.code == 1, run.err
    row = next(line for line in run.out.splitlines() if "no/as-strided" in line)
    assert row.endswith(
        "| no as_strided: /as_strided/ matches in pkg/\\[Approve this PR\\](https:/evil.example).py |"
    ), row


# -- an output over an input ---------------------------------------------------------------------------------------
def test_a_report_is_never_written_over_a_file_the_run_read(tmp_path: Path) -> None:
    """``audit --output CONFIG/carries.yaml`` replaced the ledger it had just read with its report (exit 0;
    the next run: "carries.yaml: no findings: unknown key"), and ``notes --record r.json --output r.json``
    the run record with the notes.  A file the run read, by any name (here a hard link), is refused."""
    repo = make_repo(tmp_path / "r", {"pkg/a.py": "x = 1\n"})
    config = config_with(tmp_path)
    ledger = config / "carries.yaml"
    ledger.write_text("carries: []\n")
    os.link(ledger, tmp_path / "also-the-ledger.yaml")
    for output in (ledger, tmp_path / "also-the-ledger.yaml"):
        run = run_cli("audit", "--repo", repo, "--config", config, "--output", output)
        assert run.code == 2 and "carries.yaml, which this run read; refusing to write over it" in run.err, run.err
    assert ledger.read_text() == "carries: []\n"
    record = tmp_path / "record.json"
    record.write_text(json.dumps({"tag": "v0.27.1"}))
    run = run_cli("notes", "v0.27.1", "--record", record, "--config", ROOT, "--output", record)
    assert run.code == 2 and "which this run read" in run.err, run.err
    assert json.loads(record.read_text()) == {"tag": "v0.27.1"}
    assert run_cli("audit", "--repo", repo, "--config", config, "--output", tmp_path / "report.txt").code == 0


# -- no home folder ------------------------------------------------------------------------------------------------
def test_no_home_folder_is_no_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A container run as a user id no passwd entry names, without ``$HOME`` (OpenShift's arbitrary uids,
    ``docker run --user 1001``): ``Path.home()`` raises RuntimeError, and ``releases`` (looking for Docker's
    config.json) and ``AEON_RELEASE_CONFIG=~/ledger`` crashed with a traceback.  The lookup is what Python
    makes of it: ``pwd`` names no such user."""
    import pwd

    def no_entry(uid: int) -> pwd.struct_passwd:
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("DOCKER_CONFIG", raising=False)
    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    run = run_cli("releases", "--repository", "127.0.0.1:9/aeon/x", "--config", config_with(tmp_path))
    assert run.code == 2 and "registry 127.0.0.1:9 is unreachable" in run.err, run.err
    run = run_cli("ledger", "check", env={"AEON_RELEASE_CONFIG": "~/ledger"}, cwd=tmp_path)
    assert run.code == 2 and run.err.startswith("error: AEON_RELEASE_CONFIG=~/ledger: no such folder"), run.err


# -- a current folder that is gone ---------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [("status",), ("keygen", "k")])
def test_a_current_folder_deleted_under_the_shell_is_named(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """The shell's folder was deleted (or moved) since it went there: ``os.getcwd()`` raises ENOENT naming no
    file, which the handler read as a failed write to stdout ("output: No such file or directory (hint: ... a
    program such as git must be on PATH)") and ``keygen k`` as a missing ``k``.  Its own process: the folder
    must be gone under the running command."""
    import shlex
    import subprocess
    import sys

    gone = tmp_path / "gone"
    gone.mkdir()
    command = " ".join(shlex.quote(a) for a in (sys.executable, "-m", "aeon_release", *argv))
    done = subprocess.run(
        ["sh", "-c", f"cd {shlex.quote(str(gone))} && rmdir {shlex.quote(str(gone))} && exec {command}"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: the current folder no longer exists"), done.stderr


def test_init_takes_no_marker_from_a_link_so_the_branch_it_read_audits_clean(tmp_path: Path) -> None:
    """A fork commit that adds a symbolic link: ``init`` took the link's text (``../README.md``) for a marker
    line, and the audit of the very branch it read refused it ("lost its marker: vllm/readme_link.md does not
    exist", and an error for a link a rule reads): the config ``init`` wrote failed its own branch, exit 1.
    A marker is a line of a regular file."""
    ex = build_example(tmp_path / "ex")
    os.symlink("../README.md", ex.fork / "vllm" / "readme_link.md")
    git(ex.fork, "add", "-A")
    git(ex.fork, "commit", "-q", "-m", "Link the readme into the package")
    config = tmp_path / "cfg"
    assert run_cli("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/me/vllm").code == 0
    carries = {c["id"]: c for c in load_yaml(config / "carries.yaml")["carries"]}
    assert carries["link-the-readme-into-the-package"]["markers"] == [], carries
    run = run_cli("audit", "--repo", ex.fork, "--config", config)
    assert run.code == 0, run.out + run.err


# -- a registry listing more dated tags than anyone publishes ------------------------------------------------------
def test_a_registry_of_countless_dated_tags_costs_a_bounded_number_of_requests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``releases`` read the digest of every dated tag the registry listed, a request each: a registry's tag list
    runs to a million (1,000 pages), and 5,000 dated tags took 15 s.  Every recorded tag is still read; of the
    others the newest ``UNRECORDED_READS`` (1,000; 3 here), and the report says how many were not.  A real
    registry serves what it is given: the tags are the test's, its requests counted on the client."""
    from aeon_release.adapters.registry import Registry
    from aeon_release.commands import releases
    from aeon_release.domain import release_record
    from tests.hostile.test_sweep18 import LyingRegistry, _manifest

    monkeypatch.setattr(releases, "UNRECORDED_READS", 3, raising=False)
    monkeypatch.setattr(release_record, "UNRECORDED_READS", 3, raising=False)
    asked: list[str] = []
    digest = Registry.digest
    monkeypatch.setattr(Registry, "digest", lambda self, ref: asked.append(ref) or digest(self, ref))
    newest, newest_digest = _manifest("newest")
    with LyingRegistry() as registry:
        registry.tags |= {f"2026-01-0{day}-v0.{day}.0": _manifest(str(day))[0] for day in range(1, 9)}
        registry.tags |= {"2026-01-09-v0.9.0": newest, "latest": newest}
        run = run_cli("releases", "--repository", registry.repository, "--config", tmp_path, "--json")
        assert run.code == 0, run.err
        report = json.loads(run.out)
        assert report["unread"] == 6 and len(report["tags"]) == 9 and report["alarms"] == [], report
        assert sorted(asked) == ["2026-01-07-v0.7.0", "2026-01-08-v0.8.0", "2026-01-09-v0.9.0", "latest"], asked
        assert "6 older unrecorded dated tag(s) were not read" in run.err, run.err

        from aeon_release.adapters.registry import parse_repository
        from aeon_release.pipeline.publish import _version_held

        asked.clear()
        client = Registry(parse_repository(registry.repository), None)
        assert _version_held(client, [], "sha256:" + "0" * 64) is None  # refused by publish: not a guess
        assert len(asked) == 3 and _version_held(client, [], newest_digest) == "v0.9.0", asked


# -- a fix keeps the file's bytes ----------------------------------------------------------------------------------
def test_a_fix_keeps_the_files_line_ends(stopped: tuple[Path, Path]) -> None:
    """``merge --continue --fix`` read the file as text and wrote it as text: a fork file of CRLF lines came
    back with LF in every line, so a one-token fix committed a diff of the whole file."""
    fork, _ = stopped
    worktree = fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0"
    path = "vllm/v1/attention/backends/triton_attn.py"
    before = (worktree / path).read_bytes()
    (worktree / path).write_bytes(before.replace(b"\n", b"\r\n"))
    run = run_cli("merge", "v0.29.0", "--repo", fork, "--continue", "--fix")
    assert run.code == 0, run.err
    after = subprocess_bytes(fork, "show", f"aeon-v0.29.0:{path}")
    assert after == before.replace(b"KV_QUANT_MODE == 4", b"KV_QUANT_MODE == KVQuantMode.NVFP4").replace(
        b"\n", b"\r\n"
    ), after


def test_a_fix_keeps_the_files_encoding(tmp_path: Path) -> None:
    """A file of a coding cookie (``latin-1``) was read as UTF-8: "cannot parse", the fix skipped.  libcst
    reads it as Python does and writes it back in its own encoding."""
    from aeon_release.domain.audits.drift.fixes import apply_fixes
    from aeon_release.domain.audits.model import Fix

    raw = b'# -*- coding: latin-1 -*-\nname = "caf\xe9"\nx = 4\n'
    (tmp_path / "m.py").write_bytes(raw)
    fix = Fix("m.py", 3, 4, 3, 5, "4", "Mode.D", "pkg.modes", "Mode")
    assert [r.status for r in apply_fixes(tmp_path, [fix])] == ["applied"]
    assert (tmp_path / "m.py").read_bytes() == raw.replace(b"\nname", b"\nfrom pkg.modes import Mode\n\nname").replace(
        b"x = 4", b"x = Mode.D"
    )


def subprocess_bytes(repo: Path, *args: str) -> bytes:
    import subprocess

    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True).stdout


def test_a_binary_file_in_a_patch_is_read_line_by_line(tmp_path: Path) -> None:
    """Patches are read as text (``--text``), and the patch reader split them with ``splitlines()``, which also
    breaks at a vertical tab, a form feed or U+2028: a binary asset's bytes made an empty "line" inside a hunk
    and an IndexError (vLLM's own history has such commits: c5b7c069a4, 21c667aa64).  ``init`` over a fork
    commit adding one crashed with a traceback.  A file's lines are split alike (a line holding a form feed,
    which Python reads as whitespace, is one line of the patch and of the file: the carry is still there)."""
    ex = build_example(tmp_path / "ex")
    for subject, files in (
        ("Ship the test clip", {"vllm/assets/clip.bin": b"\x00\x00 ftyp\x0b\x0c\x1c\nmore\x0b\n"}),
        ("Load the clip", {"vllm/assets/n.py": "CLIP = 1  \x0c# asset-marker line\n"}),
    ):
        write_files(ex.fork, files)
        git(ex.fork, "add", "-A")
        git(ex.fork, "commit", "-q", "-m", subject)
    run = run_cli("init", "--repo", ex.fork, "--config", tmp_path / "cfg", "--image", "ghcr.io/me/vllm", "--dry-run")
    assert run.code == 0, run.err
    assert "carry ship-the-test-clip" in run.err and "carry load-the-clip" in run.err, run.err


# -- a printed command pastes as the path it names ---------------------------------------------------------------
def test_a_printed_command_naming_a_folder_of_a_newline_pastes_as_that_folder(tmp_path: Path) -> None:
    """``next:`` lines quote each path as one shell word, and every human line escapes control characters: a
    folder named with a newline was printed ``'my\\nledger'``, which a shell reads as a backslash and an ``n``
    (``--config`` named a folder that does not exist).  Such a word is ``$'my\\nledger'``, whose escapes the
    shell turns back into the bytes (bash, zsh, ksh, POSIX.1-2024 sh)."""
    import subprocess

    ex = build_example(tmp_path / "ex")
    config = tmp_path / "my\nledger"
    run = run_cli("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/me/vllm")
    assert run.code == 0, run.err
    (hint,) = [line for line in run.err.splitlines() if line.startswith("next: ")]
    audit = hint.removeprefix("next: ").split(", then ")[0]
    assert "$'" in audit, audit
    words = subprocess.run(["bash", "-c", f"printf '%s\\0' {audit}"], capture_output=True, check=True).stdout
    argv = [os.fsdecode(w) for w in words.split(b"\0")[:-1]]
    assert argv[argv.index("--config") + 1] == str(config), argv
    assert run_cli(*argv[1:]).code == 0
