"""Hostile-input sweep 39: classes the earlier sweeps did not try.  Where git writes its trace (a trace variable or a
``trace2.*Target`` of the user's config naming a FIFO no one reads); a URL with credentials given where a path goes
(pathlib folds its ``//``, and the redaction no longer saw a URL).  Real git, real FIFOs, the real CLI; one line and a
documented exit code, never a traceback or a hang, no secret in any output, and the checkout as it was."""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo
from tests.helpers import LoopbackServer, build_example, run_cli, snapshot
from tests.hostile.conftest import QuietHandler, git, run_limited
from tests.hostile.test_config_files import one_error_line

TIMEOUT = 4.0  # CPU seconds: a run that waits on a FIFO is killed at 5 times that of wall time


def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


@contextlib.contextmanager
def _released(fifo: Path, flags: int) -> Iterator[Path]:
    """``fifo``, and after the block every git still waiting to open it let go: opened from the other end, without
    blocking, and closed.  On the old code the run was killed and its gits, in sessions of their own, waited on; one
    still on its way to the open when the run was killed gets a second of such openings."""
    try:
        yield fifo
    except BaseException:
        _open_and_close(fifo, flags, 20)
        raise
    _open_and_close(fifo, flags, 1)


def _open_and_close(fifo: Path, flags: int, times: int) -> None:
    for _ in range(times):
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, flags | os.O_NONBLOCK))
        if times > 1:
            time.sleep(0.05)


# -- where git writes its trace ---------------------------------------------------------------------------------
TRACE_VARIABLES = ("GIT_TRACE", "GIT_TRACE2_EVENT", "GIT_TRACE2", "GIT_TRACE_SETUP", "GIT_TRACE_PERFORMANCE")


def _commands(ex: demo_repo.Example) -> dict[str, tuple[str | Path, ...]]:
    fork, config = ex.fork, ex.config
    return {
        "audit": ("audit", "--repo", fork, "--config", config),
        "audit --rev": ("audit", "--repo", fork, "--config", config, "--rev", "HEAD", "--format", "sarif"),
        "merge": ("merge", "v0.29.0", "--repo", fork, "--config", config, "--no-fetch"),
        "status": ("status", "--repo", fork),
    }


TRACE_CASES = [(variable, "audit") for variable in TRACE_VARIABLES]
TRACE_CASES += [("GIT_TRACE2_EVENT", command) for command in ("audit --rev", "merge", "status")]


@pytest.mark.parametrize(("variable", "command"), TRACE_CASES)
def test_a_trace_variable_naming_a_fifo_is_one_line(tmp_path: Path, variable: str, command: str) -> None:
    """``GIT_TRACE2_EVENT=/run/collector.fifo`` (a trace collector that died, a ``mkfifo`` left behind): every git
    opens its trace file for writing as it starts, a blocking open that a FIFO with no reader never ends, and every
    command held for good (on main: killed at the wall limit).  One line naming the variable, exit 2, nothing
    changed."""
    ex = build_example(tmp_path / "ex")
    before = snapshot(ex.fork)
    with _released(_fifo(tmp_path / "trace.fifo"), os.O_RDONLY) as fifo:
        run = run_limited(*_commands(ex)[command], cwd=tmp_path, timeout=TIMEOUT, env={variable: str(fifo)})
    line = one_error_line(run)
    assert f"the trace file {variable} names is a FIFO" in line and str(fifo) in line, line
    assert snapshot(ex.fork) == before
    assert not (ex.fork / ".git" / "refs" / "heads" / "aeon-v0.29.0").exists()


@pytest.mark.parametrize("key", ["eventTarget", "perfTarget", "normalTarget"])
def test_a_trace2_target_of_the_global_config_naming_a_fifo_is_one_line(tmp_path: Path, key: str) -> None:
    """``trace2.eventTarget`` in the global config (git reads the trace2 settings from the system and global
    configs only), directly or in a file it includes, naming a FIFO: the audit held for good.  One line naming the
    key and the file that sets it, exit 2."""
    ex = build_example(tmp_path / "ex")
    fifo = _fifo(tmp_path / "t2.fifo")
    included = tmp_path / "trace.gitconfig"
    included.write_text(f"[trace2]\n\t{key} = {fifo}\n")
    config = tmp_path / "global.gitconfig"
    for text, where in ((included.read_text(), config), (f"[include]\n\tpath = {included}\n", included)):
        config.write_text(text)
        with _released(fifo, os.O_RDONLY):
            run = run_limited(
                *_commands(ex)["audit"], cwd=tmp_path, timeout=TIMEOUT, env={"GIT_CONFIG_GLOBAL": str(config)}
            )
        line = one_error_line(run)
        assert f"the trace file trace2.{key} in {where} names is a FIFO" in line, line


def test_a_trace_variable_set_outranks_the_configs_fifo(tmp_path: Path) -> None:
    """The twin: a ``GIT_TRACE2_EVENT`` set (not empty) is the target git uses, not the config's FIFO: the audit
    runs and writes its trace to the file named."""
    ex = build_example(tmp_path / "ex")
    fifo = _fifo(tmp_path / "t2.fifo")
    config = tmp_path / "global.gitconfig"
    config.write_text(f"[trace2]\n\teventTarget = {fifo}\n")
    log = tmp_path / "event.log"
    env = {"GIT_CONFIG_GLOBAL": str(config), "GIT_TRACE2_EVENT": str(log)}
    run = run_limited(*_commands(ex)["audit"], cwd=tmp_path, timeout=TIMEOUT, env=env)
    assert run.code == 0, run.err
    assert log.stat().st_size > 0


@pytest.mark.parametrize("value", ["1", "2", "0", "false", "trace.log", "folder", "/dev/null", "relative"])
def test_a_trace_to_stderr_a_file_or_a_folder_is_traced_as_before(tmp_path: Path, value: str) -> None:
    """The twins: a trace to stderr, off, to a regular file, to a folder (trace2 writes a file per process in it),
    to the null device or of a value git ignores is no reason to refuse; the audit and the dry run pass."""
    ex = build_example(tmp_path / "ex")
    (tmp_path / "folder").mkdir()
    target = str(tmp_path / value) if value in ("trace.log", "folder") else value
    for variable in ("GIT_TRACE", "GIT_TRACE2_EVENT"):
        if value == "folder" and variable == "GIT_TRACE":
            continue  # GIT_TRACE takes no folder: git says so itself
        env = {variable: target}
        assert run_cli(*_commands(ex)["audit"], env=env).code == 0
        plan = run_cli(*_commands(ex)["merge"], "--dry-run", env=env)
        assert plan.code == 0 and "plan: merge v0.29.0" in plan.out, plan.err


# -- a URL with credentials where a path goes -------------------------------------------------------------------
TOKEN = "ghp_s3cr3tT0kenOfTheFork"
URLS = {
    "user and password": f"https://x-access-token:{TOKEN}@github.com/org/fork",
    "a token as the user": f"https://{TOKEN}@github.com/org/fork",
    "plain http with a port": f"http://ci:{TOKEN}@127.0.0.1:8080/fork.git",
}


def _path_commands(url: str, ex: demo_repo.Example) -> list[tuple[str | Path, ...]]:
    fork, config = ex.fork, ex.config
    return [
        ("status", "--repo", url),
        ("audit", "--repo", url, "--config", config),
        ("merge", "v0.29.0", "--repo", url, "--config", config, "--no-fetch"),
        ("init", "--repo", url, "--dry-run"),
        ("ledger", "check", "--config", url),
        ("audit", "--repo", fork, "--config", url),
        ("notes", "v0.29.0", "--repo", fork, "--config", config, "--record", url),
        ("image-report", f"{url}.tar"),
    ]


@pytest.mark.parametrize("spelling", list(URLS))
def test_a_url_with_credentials_given_as_a_path_is_never_echoed(tmp_path: Path, spelling: str) -> None:
    """``--repo https://x-access-token:TOKEN@github.com/org/fork`` (a clone URL pasted where a checkout goes), and
    the same for ``--config``, ``--record`` and an image archive.  pathlib folds the ``//`` and the
    working folder goes before it (``/work/https:/x-access-token:TOKEN@github.com/...``), which no longer read as a
    URL to the redaction: every error line printed the token, twice.  Each is one line, exit 2, the token as
    ``***``."""
    ex = build_example(tmp_path / "ex")
    url = URLS[spelling]
    for argv in _path_commands(url, ex):
        run = run_cli(*argv, cwd=tmp_path)
        assert run.code == 2, (argv, run.err)
        assert TOKEN not in run.out + run.err, (argv, run.err)
        assert "***@" in run.err, (argv, run.err)


@pytest.mark.parametrize(
    "text",
    [
        "/w/git@github.com:org/fork.git",  # scp-like: ``git`` is the user, no secret
        "ssh://git@github.com/org/fork",
        "busybox:latest@sha256:" + "0123456789abcdef" * 4,
        "/x/notes:v1@draft",  # a file name holding ':' and '@', no host after it
        "/x/https:/mail@example",  # no host a URL names
    ],
)
def test_names_that_only_look_like_credentials_are_kept(text: str) -> None:
    """The twins: a path with a ``:`` and an ``@`` but no host after them, an scp-like remote and an ssh URL's user,
    an image pinned by digest: printed as they are."""
    from aeon_release.errors import redact

    assert redact(text) == text


# -- a value of another type that Python reads as empty ---------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "says"), [("0", "an integer"), ('""', "a string"), ("[]", "a list"), ("false", "a boolean")]
)
def test_releases_of_another_type_that_reads_as_empty_is_refused(tmp_path: Path, value: str, says: str) -> None:
    """``releases: 0`` (or ``""``, ``[]``, ``false``) in cherry_picks.yaml: read as ``or {}``, it was no release at
    all, and the merge planned v0.29.0 with none of its picks (#50276, marked correctness-critical, left out),
    exit 0.  One line naming the field and the type, exit 2, for ``ledger check`` and the merge alike."""
    ex = build_example(tmp_path / "ex")
    (ex.config / "cherry_picks.yaml").write_text(f"releases: {value}\n")
    for argv in (
        ("ledger", "check", "--config", ex.config),
        ("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", "--dry-run"),
    ):
        line = one_error_line(run_cli(*argv))
        assert f"cherry_picks.yaml: releases: expected a mapping of release tag -> picks and skips, got {says}" in line


@pytest.mark.parametrize("value", ["", "{}"])
def test_releases_left_empty_is_no_release(tmp_path: Path, value: str) -> None:
    """The twins: ``releases:`` with nothing after it, or ``{}``, is a ledger of no release, as before."""
    ex = build_example(tmp_path / "ex")
    (ex.config / "cherry_picks.yaml").write_text(f"releases: {value}\n")
    run = run_cli("ledger", "check", "--config", ex.config)
    assert run.code == 0 and "0 releases" in run.out, run.err


# -- a registry's answer that is no manifest --------------------------------------------------------------------
NOT_MANIFESTS = {
    "a login page": (200, b"<html><body>Sign in to the proxy</body></html>", "text/html"),
    "an empty 204": (204, b"", "application/json"),
    "an empty object": (200, b"{}", "application/vnd.oci.image.manifest.v1+json"),
    "a JSON list": (200, b"[]", "application/vnd.oci.image.manifest.v1+json"),
    "a string schemaVersion": (200, b'{"schemaVersion": "2"}', "application/vnd.oci.image.manifest.v1+json"),
}
A_MANIFEST = json.dumps(
    {
        "schemaVersion": 2,
        "mediaType": "application/vnd.oci.image.manifest.v1+json",
        "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": "sha256:" + "a" * 64, "size": 2},
        "layers": [],
    }
).encode()


def _tag_server(status: int, body: bytes, kind: str) -> LoopbackServer:
    """A registry whose one repository lists ``latest`` and answers every manifest request with ``body``."""

    class Handler(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802
            if self.path.endswith("/tags/list?n=1000"):
                self._send(200, b'{"name": "team/app", "tags": ["latest"]}', {"Content-Type": "application/json"})
            elif "/manifests/latest" in self.path:
                self._send(status, body, {"Content-Type": kind})
            else:
                self._send(404, b'{"errors": []}', {"Content-Type": "application/json"})

        do_HEAD = do_GET  # noqa: N815

    return LoopbackServer(Handler)


@pytest.mark.parametrize("answer", list(NOT_MANIFESTS))
def test_a_tag_answered_with_no_manifest_is_one_line(tmp_path: Path, answer: str) -> None:
    """A manifest request answered with a proxy's login page, a 204 with no body, ``{}`` or a list: the bytes were
    hashed as the tag's manifest, and `releases` raised an alarm that ``latest`` "has no dated twin (find out who
    retagged it)" for a tag no one touched, exit 1, while `verify` looked for the attestation of the login page.
    One line saying the registry answered with no manifest, exit 2."""
    assert run_cli("keygen", tmp_path / "key").code == 0
    with _tag_server(*NOT_MANIFESTS[answer]) as server:
        repository = f"127.0.0.1:{server.port}/team/app"
        for argv in (
            ("releases", "--repository", repository, "--config", tmp_path),
            ("verify", f"{repository}:latest", "--key", tmp_path / "key.pub"),
        ):
            line = one_error_line(run_cli(*argv, cwd=tmp_path))
            assert f"answered {repository}:latest with no manifest" in line, line


def test_a_tag_answered_with_a_manifest_is_read_as_before(tmp_path: Path) -> None:
    """The twin: a manifest (a JSON object with its schemaVersion) is hashed and read as before: `releases` says
    ``latest`` has no dated twin and `verify` that it has no attestation, each exit 1."""
    assert run_cli("keygen", tmp_path / "key").code == 0
    with _tag_server(200, A_MANIFEST, "application/vnd.oci.image.manifest.v1+json") as server:
        repository = f"127.0.0.1:{server.port}/team/app"
        releases = run_cli("releases", "--repository", repository, "--config", tmp_path, cwd=tmp_path)
        assert releases.code == 1 and "has no dated twin" in releases.err, releases.err
        verify = run_cli("verify", f"{repository}:latest", "--key", tmp_path / "key.pub", cwd=tmp_path)
        assert verify.code == 1 and "has no attestation" in verify.err, verify.err


# -- the mailmap git log reads -----------------------------------------------------------------------------------
@pytest.mark.parametrize("place", [".mailmap in the checkout", "mailmap.file of the config"])
def test_a_fifo_mailmap_holds_no_log_the_tool_reads(tmp_path: Path, place: str) -> None:
    """An untracked FIFO ``.mailmap`` at the top of the checkout (or a ``mailmap.file`` naming one): ``git log`` maps
    names through the mailmap by default (``log.mailmap``, git 2.29) and opens it with a blocking read, so the merge's
    plan, which reads the subjects with ``git log``, the merge itself and ``init`` were held for good (on main: killed
    at the wall limit).  The tool's gits read the commits as stored (``log.mailmap=false``): each runs as without it,
    and the checkout is as it was."""
    ex = build_example(tmp_path / "ex")
    if place.startswith(".mailmap"):
        fifo = _fifo(ex.fork / ".mailmap")
    else:
        fifo = _fifo(tmp_path / "mailmap.fifo")
        config = ex.fork / ".git" / "config"
        config.write_text(config.read_text() + f"[mailmap]\n\tfile = {fifo}\n")
    before = snapshot(ex.fork)
    c = ("--repo", ex.fork, "--config", ex.config)
    new = ("--config", tmp_path / "new", "--image", "ghcr.io/a/b", "--dry-run")
    with _released(fifo, os.O_WRONLY):
        plan = run_limited("merge", "v0.29.0", *c, "--no-fetch", "--dry-run", cwd=tmp_path, timeout=TIMEOUT)
        init = run_limited("init", "--repo", ex.fork, *new, cwd=tmp_path, timeout=TIMEOUT)
        assert snapshot(ex.fork) == before
        merge = run_limited("merge", "v0.29.0", *c, "--no-fetch", cwd=tmp_path, timeout=TIMEOUT)
    assert plan.code == 0 and "plan: merge v0.29.0" in plan.out, plan.err
    assert init.code == 0 and "carries:" in init.out, init.err
    assert merge.code == 0 and "created aeon-v0.29.0" in merge.out + merge.err, merge.err


def test_a_mailmap_leaves_the_names_the_tool_reads_as_stored(tmp_path: Path) -> None:
    """The twin: a regular ``.mailmap`` that maps the example's author: the merge runs as before, and what ``init``
    reads of the commits is their own (no mapped name in its ledger)."""
    ex = build_example(tmp_path / "ex")
    (ex.fork / ".mailmap").write_text("Someone Else <else@example.invalid> <demo@aeon.invalid>\n")
    plan = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", "--dry-run")
    assert plan.code == 0 and "plan: merge v0.29.0" in plan.out, plan.err
    init = run_cli("init", "--repo", ex.fork, "--config", tmp_path / "new", "--image", "ghcr.io/a/b", "--dry-run")
    assert init.code == 0 and "Someone Else" not in init.out + init.err, init.err


# -- the reflogs git appends to --------------------------------------------------------------------------------
def test_a_fifo_at_the_reflog_of_the_branch_the_merge_makes_is_one_line(tmp_path: Path) -> None:
    """A FIFO at ``.git/logs/refs/heads/aeon-v0.29.0``: git appends to a branch's reflog as it creates the branch,
    with a blocking open, so the merge did all its work and then waited for good to make its branch (on main:
    killed at the wall limit, its run left "running").  The reflogs are listed with the refs before any git runs:
    one line naming the file, exit 2, no run started, nothing changed."""
    ex = build_example(tmp_path / "ex")
    before = snapshot(ex.fork)
    with _released(_fifo(ex.fork / ".git" / "logs" / "refs" / "heads" / "aeon-v0.29.0"), os.O_RDONLY) as fifo:
        run = run_limited(
            "merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", cwd=tmp_path, timeout=TIMEOUT
        )
    line = one_error_line(run)
    assert f"{fifo}: a reflog git writes in this repository is a FIFO" in line, line
    assert snapshot(ex.fork) == before
    assert not (ex.fork / ".git" / "aeon-release" / "runs").exists()


def test_a_reflog_of_files_leaves_the_merge_as_it_was(tmp_path: Path) -> None:
    """The twin: the reflogs a checkout has (HEAD's, each branch's, the remote's) and a folder of them for another
    branch: the merge makes its branch and appends its reflog as before."""
    ex = build_example(tmp_path / "ex")
    (ex.fork / ".git" / "logs" / "refs" / "heads" / "wip").mkdir(parents=True)
    run = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert run.code == 0, run.err
    assert (ex.fork / ".git" / "logs" / "refs" / "heads" / "aeon-v0.29.0").is_file()


# -- the file a fetch writes -------------------------------------------------------------------------------------
def test_a_fifo_fetch_head_holds_no_merge(tmp_path: Path) -> None:
    """A FIFO at ``.git/FETCH_HEAD``: the merge's fetch of upstream opened it for writing with a blocking open, and
    ``merge`` and ``merge --dry-run`` waited for good (on main: killed at the wall limit).  The merge reads the refs
    its fetch moves, never FETCH_HEAD, and its fetch writes none: each runs as without it, and a tag upstream made
    since is fetched (the twin: the fetch still fetches)."""
    ex = build_example(tmp_path / "ex")
    git(ex.upstream, "tag", "v0.29.1-fetched", "v0.29.0")
    c = ("--repo", ex.fork, "--config", ex.config)
    fifo = _fifo(ex.fork / ".git" / "FETCH_HEAD")
    with _released(fifo, os.O_RDONLY):
        plan = run_limited("merge", "v0.29.0", *c, "--dry-run", cwd=tmp_path, timeout=TIMEOUT)
    with _released(fifo, os.O_RDONLY):
        merge = run_limited("merge", "v0.29.0", *c, cwd=tmp_path, timeout=TIMEOUT)
    assert plan.code == 0 and "plan: merge v0.29.0" in plan.out, plan.err
    assert merge.code == 0 and "created aeon-v0.29.0" in merge.out + merge.err, merge.err
    assert git(ex.fork, "tag", "--list", "v0.29.1-fetched") == "v0.29.1-fetched"


# -- what git reads of every linked worktree -------------------------------------------------------------------
def _conflicting(ex: demo_repo.Example) -> None:
    """A fork commit that conflicts with upstream's serving guide: the merge stops with a worktree for a person."""
    demo_repo.commit(
        demo_repo.Git(ex.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"}
    )


def _stale_worktree(ex: demo_repo.Example) -> Path:
    """The folder git keeps for a linked worktree whose own folder was deleted (``git worktree prune`` not run)."""
    admin = ex.fork / ".git" / "worktrees" / "gone"
    admin.mkdir(parents=True)
    (admin / "gitdir").write_text(f"{ex.root / 'gone' / '.git'}\n")
    (admin / "HEAD").write_text(git(ex.fork, "rev-parse", "HEAD") + "\n")
    (admin / "commondir").write_text("../..\n")
    return admin


@pytest.mark.parametrize("name", ["gitdir", "HEAD"])
def test_a_fifo_in_another_worktrees_folder_is_one_line(tmp_path: Path, name: str) -> None:
    """A FIFO at ``.git/worktrees/gone/gitdir`` (or its ``HEAD``): ``git worktree add``, which a conflicted merge runs
    for the person, reads every linked worktree's files to list them, with a blocking read, and the merge waited for
    good (on main: killed at the wall limit).  They are looked at with the repository's other files before any git
    runs: one line naming the file, exit 2, nothing changed."""
    ex = build_example(tmp_path / "ex")
    _conflicting(ex)
    admin = _stale_worktree(ex)
    (admin / name).unlink()
    before = snapshot(ex.fork)
    with _released(_fifo(admin / name), os.O_WRONLY) as fifo:
        run = run_limited(
            "merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", cwd=tmp_path, timeout=TIMEOUT
        )
    line = one_error_line(run)
    assert f"{fifo}: a file git reads in this repository is a FIFO" in line, line
    assert snapshot(ex.fork) == before


def test_a_stale_worktree_folder_of_files_leaves_the_conflicted_merge_as_it_was(tmp_path: Path) -> None:
    """The twin: the folder of a worktree whose own folder is gone, all regular files: the merge stops on its
    conflict with a worktree for the person, exit 1, as before."""
    ex = build_example(tmp_path / "ex")
    _conflicting(ex)
    _stale_worktree(ex)
    run = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert run.code == 1 and "1 conflicted file(s) merging v0.29.0: docs/serving.md" in run.err, run.err
