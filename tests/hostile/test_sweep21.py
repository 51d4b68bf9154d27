"""Hostile-input sweep 21: a symbolic link loop at a path a person names, git's advice taken for its reason
(a lock file another git left, no identity to commit with), the caller's pathspec settings and paths git
reads as globs, a revision git reads as a negation, and a registry's answers of another shape.  Real git,
real processes, a real HTTP server; one line and a documented exit code, never a traceback, and the user's
checkout and branches as they were."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import build_example, run_cli
from tests.hostile.conftest import config_with, git, make_repo
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_secrets import Host, hosts  # noqa: F401 - the fixture


# -- a symbolic link loop at a path a person names -------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ("audit", "--repo", "{fork}", "--config", "{config}", "--output", "{loop}"),
        ("audit", "--repo", "{fork}", "--config", "{config}", "--output", "{loop}/report.json"),
        ("init", "--repo", "{fork}", "--config", "{loop}", "--image", "ghcr.io/me/fork", "--dry-run"),
        ("audit", "--repo", "{loop}", "--config", "{config}"),
        ("ledger", "check", "--config", "{loop}"),
        ("demo", "{loop}"),
        ("image-report", "oci:{loop}"),
        ("build", "--repo", "{fork}", "--config", "{config}", "--version", "v0.29.0", "--dockerfile", "{pair}"),
    ],
    ids=["output", "output-below", "init-config", "audit-repo", "config", "demo", "image-report", "dockerfile"],
)
def test_a_symlink_loop_a_person_names_is_one_line_that_says_so(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """Python's ``Path.resolve()`` (3.10-3.12) raises RuntimeError, not the OSError (ELOOP) of every other call,
    on a link loop: ``--output loop`` and ``init --config loop`` were a traceback, exit 3.  The one error
    handler takes it for the OSError it is (one line naming the path, exit 2), and the places that said what
    is not there said "no such directory", "config folder does not exist", "is a file, not a folder" or
    "Dockerfile ... does not exist" of a loop: now each says it is a symbolic link loop."""
    ex = build_example(tmp_path / "ex")
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "pair-a").symlink_to("pair-b")
    (tmp_path / "pair-b").symlink_to("pair-a")
    places = {"fork": ex.fork, "config": ex.config, "loop": tmp_path / "loop", "pair": tmp_path / "pair-a"}
    line = one_error_line(run_cli(*(part.format(**places) for part in argv), cwd=tmp_path))
    assert re.search("symbolic link loop|symlink loop", line), line
    assert str(tmp_path / "loop") in line or str(tmp_path / "pair-a") in line, line


def test_a_link_to_nothing_says_where_it_leads(tmp_path: Path) -> None:
    """A link whose target does not exist is named with its target (it was "config folder does not exist",
    while ``ls`` shows the name there)."""
    (tmp_path / "config").symlink_to("gone-folder")
    line = one_error_line(run_cli("ledger", "check", "--config", tmp_path / "config"))
    assert "symbolic link to gone-folder" in line, line


# -- git's reason, not its advice --------------------------------------------------------------------------------
_NO_IDENTITY = {
    name: None for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL")
}


def test_no_identity_to_commit_with_is_refused_before_the_merge(tmp_path: Path) -> None:
    """A machine with no ``user.name``/``user.email`` (a fresh CI runner; here ``user.useConfigOnly``) let
    the merge run until its first commit, then stop with git's last line of advice, "Omit --global to set
    the identity only in this repository.", and the hint "a full disk? a memory limit?".  Now the merge's
    preflight asks git for both identities: one line saying none is set and how to set one, nothing
    written (no run, no branch), and with an identity the same merge goes through."""
    ex = build_example(tmp_path / "ex")
    for key in ("user.name", "user.email"):
        git(ex.fork, "config", "--unset", key)
    git(ex.fork, "config", "user.useConfigOnly", "true")
    before = git(ex.fork, "for-each-ref")
    argv = ("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config)
    line = one_error_line(run_cli(*argv, env=_NO_IDENTITY))
    assert "no identity to commit with" in line and 'git config user.name "Your Name"' in line, line
    assert git(ex.fork, "for-each-ref") == before
    assert not (ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0").exists()
    assert run_cli(*argv).code == 0  # GIT_AUTHOR_* and GIT_COMMITTER_* of the test's environment


def test_a_lock_file_another_git_left_is_named_and_the_run_goes_on(tmp_path: Path) -> None:
    """git refuses to move a ref whose ``.lock`` exists and ends its message with "remove the file manually
    to continue.": that line alone was the reason, the lock's name three lines up was dropped, and the hint
    blamed a full disk.  Now the line names the lock file and the hint says to remove it if no git is
    running.  The branch's lock is asked of git before any work (sweep 32), so nothing was done: the merge
    run again after the lock is gone finishes."""
    ex = build_example(tmp_path / "ex")
    lock = ex.fork / ".git" / "refs" / "heads" / "aeon-v0.29.0.lock"
    lock.write_text("")
    line = one_error_line(run_cli("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config))
    assert f"{lock} exists" in line and f"if none is running, remove {lock}" in line, line
    assert not (ex.fork / ".git" / "aeon-release" / "runs").exists() or not any(
        (ex.fork / ".git" / "aeon-release" / "runs").iterdir()
    ), "no run was started"
    lock.unlink()
    assert run_cli("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config).code == 0
    assert git(ex.fork, "rev-parse", "--verify", "-q", "refs/heads/aeon-v0.29.0")


def test_git_s_reason_is_its_fatal_and_error_lines() -> None:
    """Any other failure is quoted by git's ``fatal:`` and ``error:`` lines, not by the advice after them."""
    from aeon_release.adapters.git import failed

    said = "error: cannot do X\nhint: you may want to Y\nhint: or Z\n"
    assert failed("switch", "repo", said, 1).message == "git switch failed in repo: error: cannot do X"
    chain = "fatal: transport 'file' not allowed\nfatal: could not fetch 1234 from promisor remote\n"
    assert failed("show", "repo", chain).message.endswith(
        "not allowed / fatal: could not fetch 1234 from promisor remote"
    )
    assert failed("switch", "repo", "", 128).message == "git switch failed in repo: exit 128"


# -- the caller's pathspec settings, and paths git would read as globs ------------------------------------------
@pytest.mark.parametrize("variable", ["GIT_ICASE_PATHSPECS", "GIT_LITERAL_PATHSPECS"])
def test_the_callers_pathspec_settings_change_no_git_of_the_tools(tmp_path: Path, variable: str) -> None:
    """git reads ``GIT_*_PATHSPECS`` from the environment for every pathspec: under GIT_ICASE_PATHSPECS=1
    ``init`` stopped on "pathspec magic not supported by this command: 'icase'", and under
    GIT_LITERAL_PATHSPECS=1 the ``:(literal)path`` the merge's checks give git named a file called
    ":(literal)path" (``log -G`` found no upstream commit for a finding).  Every git of the tool's runs
    with all four off: the same answers whatever the caller set."""
    from aeon_release.adapters.git import Git

    ex = build_example(tmp_path / "ex")
    argv = ("init", "--repo", ex.fork, "--config", tmp_path / "new", "--image", "ghcr.io/me/fork", "--dry-run")
    plain = run_cli(*argv)
    assert plain.code == 0, plain.err
    assert run_cli(*argv, env={variable: "1"}).out == plain.out
    path = ["vllm/v1/worker/kv_zeroer.py"]
    found = Git(ex.upstream).newest_matching("v0.27.1..v0.29.0", path, "STRIDE")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(variable, "1")
        assert Git(ex.upstream).newest_matching("v0.27.1..v0.29.0", path, "STRIDE") == found != {}


def test_a_carried_file_named_like_a_glob_is_that_file_alone(tmp_path: Path) -> None:
    """The carries' evidence gave git the carried files' names as they are, and a plain pathspec is a glob:
    a carried ``pkg/[ab].py`` read upstream's ``pkg/a.py`` too, and the commit named as where upstream took
    the carry's lines was one that never touched it.  Now the names are literal."""
    from aeon_release.adapters.git import Git
    from aeon_release.pipeline.carry_evidence import UpstreamRange

    repo = tmp_path / "up"
    make_repo(repo, {"pkg/keep.py": "x = 1\n"})
    git(repo, "tag", "base")
    make_repo(repo, {"pkg/[ab].py": "carried_line = 1\n"}, message="upstream takes the carry (#2)")
    make_repo(repo, {"pkg/a.py": "carried_line = 1\n"}, message="another file, same line (#3)")
    rng = UpstreamRange(Git(repo), "base", "HEAD")
    best = rng.best_commit(["carried_line = 1"], ["pkg/[ab].py"])
    assert best is not None and best.subject == "upstream takes the carry (#2)", best
    assert rng.added(["pkg/[ab].py"]) == {"pkg/[ab].py": {"carried_line = 1"}}
    assert Git(repo).changed_lines(git(repo, "rev-parse", "HEAD"), "pkg/[ab].py") == ([], [])


# -- a revision git reads as a negation ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "option", [("--rev",), ("--changed-since",), ("--base", "--ours", "--theirs"), ("--ours", "--base", "--theirs")]
)
def test_a_negated_revision_is_no_commit(tmp_path: Path, option: tuple[str, ...]) -> None:
    """``git rev-parse --verify '^X^{commit}'`` succeeds and prints ``^<id>``, git's "not X": the tool took that
    for the commit.  ``audit --base ^X --ours .. --theirs ..`` ran the merge-aware checks on it and passed,
    ``--changed-since ^HEAD`` listed nothing changed and passed, ``--rev ^HEAD`` failed on "cannot list
    ^<id>".  Only an object id is a commit: one line saying what the ``^`` means, exit 2."""
    ex = build_example(tmp_path / "ex")
    first, *others = option
    values = {first: "^HEAD", **{name: "HEAD" for name in others}}
    argv = [x for name, value in values.items() for x in (name, value)]
    line = one_error_line(run_cli("audit", "--repo", ex.fork, "--config", ex.config, *argv))
    assert f"{first} '^HEAD'" in line or "revision '^HEAD'" in line, line
    assert "leading ^ as 'not'" in line, line


# -- a registry's answers of another shape ---------------------------------------------------------------------
_MANIFEST = json.dumps({"schemaVersion": 2, "mediaType": "application/vnd.oci.image.manifest.v1+json"}).encode()
_ANSWERS: dict[str, dict[str, tuple[int, dict[str, str], bytes]]] = {
    "tags-not-a-list": {"tags/list": (200, {}, b'{"tags": 5}')},
    "errors-not-a-list": {"tags/list": (500, {}, b'{"errors": {"code": "UNKNOWN"}}')},
    "link-of-no-port": {"tags/list": (200, {"Link": '<http://127.0.0.1:99999/v2/>; rel="next"'}, b'{"tags": []}')},
    "location-unclosed": {"manifests/latest": (307, {"Location": "http://[::1/v2/"}, b"")},
    "layers-not-a-list": {
        "manifests/2026": (200, {"Content-Type": "application/vnd.oci.image.manifest.v1+json"}, _MANIFEST),
        "manifests/sha256-": (200, {}, b'{"schemaVersion": 2, "layers": 5}'),
    },
}


@pytest.mark.parametrize("case", sorted(_ANSWERS))
def test_a_registry_answer_of_another_shape_is_one_line(
    tmp_path: Path,
    hosts: Callable[..., Host],  # noqa: F811
    case: str,
) -> None:
    """What a registry sends is read for the shape the API gives it: a tag list whose ``tags`` is a number
    (``for t in 5``), an error body whose ``errors`` is an object (``errors[0]``: KeyError), an attestation
    whose ``layers`` is a number were tracebacks, exit 3; so were a ``Link`` or ``Location`` that urllib
    cannot parse (a port past 65535, a ``[`` that does not close: ValueError, from requests too, which reads
    a redirect's address even when it follows none).  Each is one line, exit 2."""
    answers = _ANSWERS[case]

    def answer(handler: Any) -> tuple[int, dict[str, str], bytes]:
        found = next((reply for part, reply in answers.items() if f"/{part}" in handler.path), None)
        return found or (404, {}, b'{"errors": [{"code": "MANIFEST_UNKNOWN", "message": "no"}]}')

    host = hosts("127.0.0.1", answer)
    (tmp_path / "config").mkdir()
    assert run_cli("keygen", tmp_path / "key").code == 0
    if case == "layers-not-a-list":
        argv: tuple[str | Path, ...] = (
            "verify",
            f"{host.host}/team/app:2026-01-01-v0.29.0",
            "--key",
            tmp_path / "key.pub",
        )
    else:
        argv = ("releases", "--repository", f"{host.host}/team/app")
    run = run_cli(*argv, "--config", tmp_path / "config")
    if case == "layers-not-a-list":  # a manifest of no layers holds no envelope: verification fails, exit 1
        assert run.code == 1 and "has no attestation" in run.err and "Traceback" not in run.err, run.err
        return
    line = one_error_line(run)
    assert host.host in line or "the registry" in line, line


# -- a checkout git converts from what it stores --------------------------------------------------------------
def test_a_file_checked_out_in_another_encoding_is_audited_as_git_stores_it(tmp_path: Path) -> None:
    """A pull request's ``.gitattributes`` alone (``*.cu working-tree-encoding=UTF-16LE``) has git write a
    committed file to the checkout in UTF-16: the work-tree audit read those bytes, found none of the blob's
    conflict markers and passed, and its pass was kept under the blob's id (the index's, git's stat check
    calling the file unchanged), so ``audit --rev HEAD`` passed from the cache too, while the build's
    context is the blob.  A clean tracked file whose checkout holds other bytes than its blob is audited as
    git stores it."""
    src = make_repo(
        tmp_path / "src", {"k.cu": "int x = 1;\n<<<<<<< HEAD\nint y = 2;\n=======\nint y = 3;\n>>>>>>> b\n"}
    )
    (src / ".gitattributes").write_text("*.cu working-tree-encoding=UTF-16LE\n")
    git(src, "add", ".gitattributes")  # that file alone: `add -A` would read k.cu again, as UTF-16
    git(src, "commit", "-q", "-m", "attributes")
    git(tmp_path, "clone", "-q", str(src), str(tmp_path / "clone"))
    clone = tmp_path / "clone"
    assert b"<\x00<\x00" in (clone / "k.cu").read_bytes()  # the checkout is UTF-16, the blob UTF-8
    config = config_with(tmp_path)
    for argv in ((), ("--rev", "HEAD")):
        run = run_cli("audit", "--repo", clone, "--config", config, "--format", "json", *argv)
        assert run.code == 1, run.err
        assert {(f["path"], f["rule"]) for f in json.loads(run.out)["findings"]} >= {
            ("k.cu", "baseline/conflict-markers")
        }


# -- a tree path git never names ------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["./vllm/x.py", "vllm/x.py/", "vllm//x.py", "vllm/./x.py"])
def test_a_tree_path_git_never_names_is_refused_where_it_is_written(tmp_path: Path, path: str) -> None:
    """A marker's path (or a rule's) spelt ``./x``, ``x/`` or ``a//b`` passed ``ledger check``: git lists no
    such file, so the marker could only ever be missing and a rule's path matched nothing.  It is refused
    in one line naming the field, with the path as git writes it."""
    config = config_with(tmp_path)
    (config / "carries.yaml").write_text(
        f"carries:\n  - id: c\n    title: c\n    status: active\n    commits: []\n"
        f"    markers: [{{path: {json.dumps(path)}, text: x}}]\n"
    )
    line = one_error_line(run_cli("ledger", "check", "--config", config))
    assert "carries[0].markers[0].path" in line and "is not a path as git names a file" in line, line
    assert "'vllm/x.py'" in line, line
    (config / "carries.yaml").write_text("carries: []\n")
    (config / "audits" / "rules.yaml").write_text(
        f"rules:\n  - id: t/p\n    kind: pattern\n    message: m\n    paths: [{json.dumps(path)}]\n    regex: x\n    expect: absent\n"
    )
    fork = make_repo(tmp_path / "fork", {"vllm/x.py": "x\n"})
    line = one_error_line(run_cli("audit", "--repo", fork, "--config", config))
    assert "paths[0]" in line and "is not a path as git names a file" in line, line


def test_a_rule_exclude_git_never_names_is_refused_too(tmp_path: Path) -> None:
    """A rule's ``exclude`` is tree globs as its ``paths`` are: ``./vendor/**`` held nothing out, silently (the
    report's exclusions said 0 files), while the same spelling under ``paths`` is refused."""
    config = config_with(tmp_path)
    (config / "audits" / "rules.yaml").write_text(
        "rules:\n  - {id: t/cm, kind: conflict-markers, message: m, exclude: ['./vendor/**']}\n"
    )
    fork = make_repo(tmp_path / "fork", {"vllm/x.py": "x\n"})
    line = one_error_line(run_cli("audit", "--repo", fork, "--config", config))
    assert "exclude[0]" in line and "is not a path as git names a file" in line, line
    assert "'vendor/**'" in line, line


def test_a_tree_path_ending_in_a_carriage_return_is_read_as_itself(tmp_path: Path) -> None:
    """``git cat-file --batch`` drops a carriage return before the newline that ends a request: a carry's
    marker at ``x.py\\r`` (no such file) was read from ``x.py`` and found, and a real file ``y.py\\r`` was
    missing.  A name the batch cannot be asked (a newline in it too) is read by its own process, for every
    reader of ``rev:path`` (the markers, the merge-aware audit's sides, the arch baseline)."""
    from aeon_release.adapters.git import Git, read_blobs

    repo = make_repo(tmp_path / "r", {"x.py": "AEON MARK\n", "y.py\r": "the real one\n", "n\nl.py": "nl\n"})
    reader = Git(repo)
    try:
        assert reader.blob_text("HEAD", "x.py\r") is None
        assert reader.blob_text("HEAD", "y.py\r") == "the real one\n"
        assert reader.blob_text("HEAD", "n\nl.py") == "nl\n"
        assert reader.blob_text("HEAD", "x.py") == "AEON MARK\n"  # the batch still answers after them
    finally:
        reader.close()
    assert read_blobs(repo, "HEAD", ["x.py\r", "y.py\r", "n\nl.py"]) == {
        "x.py\r": None,
        "y.py\r": "the real one\n",
        "n\nl.py": "nl\n",
    }


@pytest.mark.parametrize("place", ["audits", "env", "patch"])
def test_a_symlink_loop_under_the_config_is_named_too(tmp_path: Path, place: str) -> None:
    """The other places that say what is not there: an audits/ folder, $AEON_RELEASE_CONFIG and a carry's
    patch that are a link loop were "no audits folder", "no such folder" and "does not exist"."""
    config = config_with(tmp_path)
    env: dict[str, str] = {}
    argv: tuple[Any, ...] = ("ledger", "check", "--config", config)
    if place == "audits":
        for rules in (config / "audits").iterdir():
            rules.unlink()
        (config / "audits").rmdir()
        (config / "audits").symlink_to("audits")
        fork = make_repo(tmp_path / "fork", {"x.py": "x\n"})
        argv = ("audit", "--repo", fork, "--config", config)
    elif place == "env":
        (tmp_path / "loop").symlink_to("loop")
        env = {"AEON_RELEASE_CONFIG": str(tmp_path / "loop")}
        argv = ("ledger", "check")
    else:
        (config / "p.patch").symlink_to("p.patch")
        (config / "carries.yaml").write_text(
            "carries:\n  - {id: c, title: c, status: active, patch: p.patch, markers: [{path: a.py, text: x}]}\n"
        )
    line = one_error_line(run_cli(*argv, cwd=tmp_path, env=env))
    assert "symbolic link loop" in line, line
