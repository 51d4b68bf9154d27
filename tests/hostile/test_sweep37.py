"""Hostile-input sweep 37: a release's pipeline.json of another shape than the run writes; ``verify --json``'s
verdict; a registry token service's token that no header can carry; a file to write named with a trailing
slash; a ledger SHA that YAML reads as a number, and a pick naming a tree.  Real git, the real CLI, real HTTP
servers on 127.0.0.1."""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aeon_release.adapters.registry import Registry, parse_repository
from aeon_release.adapters.sandbox import RegistryProcess
from aeon_release.adapters.store import _write_sealed
from tests.helpers import LoopbackServer, build_example, run_cli, snapshot, without_beats
from tests.hostile.conftest import QuietHandler, git, release_stopped_at_build, run_limited
from tests.pipeline.conftest import ReleaseSetup, release_in

pytestmark = pytest.mark.slow


# -- a release's pipeline.json of another shape ------------------------------------------------------------------
def _reshaped(data: dict[str, Any], case: str) -> None:
    if case == "date-a-list":
        data["date"] = [2026]
    elif case == "another-tag":
        data["tag"] = "v9.9.9"
    elif case == "tag-a-number":
        data["tag"] = 5
    elif case == "options-a-list":
        data["options"] = ["repository"]
    elif case == "stages-a-list":
        data["stages"] = [data["stages"]["merge"]]


CASES = ("date-a-list", "another-tag", "tag-a-number", "options-a-list", "stages-a-list")


def test_a_pipeline_state_of_another_shape_is_named_damaged(tmp_path: Path) -> None:
    """A release stopped at its build, its pipeline.json rewritten with fields of other types, and sealed as a run
    seals it (the seal is a digest: a program that edits the file can write it too, README's "A run state edited by
    hand").  A date that was a list reached the publish's date check: a TypeError traceback, exit 3; a tag other
    than the folder's had `status` say "run `aeon-release release v9.9.9` again" and `release v0.29.0` go on with
    it.  Both commands now say the file is damaged, one line each, and how to set it aside: the release exit 2,
    status, which lists the tag's merge run beside it, exit 1 (sweep 45).

    One stopped release serves the five shapes (it was one a shape: a merge, an audit and a build's refusal each,
    ~0.55 CPU-seconds): each shape is sealed over the file the run wrote, and the file and its seal are put back
    after; the run's folder must then be byte for byte what the stopped release left, so no shape sees another's
    leftovers."""
    ex, argv, no_docker = release_stopped_at_build(tmp_path)
    runs = ex.fork / ".git" / "aeon-release" / "runs"
    place = runs / "v0.29.0" / "pipeline.json"
    left = _files(runs)
    for case in CASES:
        data = json.loads(left[place])
        _reshaped(data, case)
        _write_sealed(place, data)
        for code, run in ((1, run_cli("status", "--repo", ex.fork)), (2, run_cli(*argv, env=no_docker))):
            assert run.code == code and "Traceback" not in run.err, (case, run.err)
            [line] = [ln for ln in run.err.strip().splitlines() if ln.startswith("error:")]
            assert f"{place}: release pipeline state is unreadable" in line, (case, line)
            assert "(hint: move it aside (mv " in line and "v9.9.9" not in run.out, (case, line)
        for path in (place, place.with_name("pipeline.sealed")):
            path.write_bytes(left[path])
        assert _files(runs) == left, case


def _files(folder: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


# -- verify --json: a failed verification is a report too ---------------------------------------------------------
MEDIA = "application/vnd.oci.image.manifest.v1+json"
MANIFEST = json.dumps(
    {"schemaVersion": 2, "mediaType": MEDIA, "config": {"mediaType": MEDIA, "digest": "sha256:" + "a" * 64, "size": 2}}
).encode()


class _Registry(LoopbackServer):
    """A registry of one tag, ``latest``, with no attestation; with ``token`` set, it asks for a bearer token from a
    token service on its own loopback host, which answers ``{"token": TOKEN}``."""

    def __init__(self, token: str | None = None) -> None:
        owner = self
        self.token = token
        self.sent: list[str] = []  # the Authorization headers the registry was sent

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802
                port = self.server.server_address[1]
                if self.path.startswith("/token"):
                    self._send(200, json.dumps({"token": owner.token}).encode())
                elif owner.token is not None and "Authorization" not in self.headers:
                    realm = f'Bearer realm="http://127.0.0.1:{port}/token",service="test"'
                    self._send(401, b"{}", {"WWW-Authenticate": realm})
                elif self.path.endswith("/manifests/latest"):
                    owner.sent.append(self.headers.get("Authorization", ""))
                    self._send(200, MANIFEST, {"Content-Type": MEDIA})
                else:
                    self._send(404, b'{"errors": []}')

            do_HEAD = do_GET  # noqa: N815

        super().__init__(Handler)
        self.reference = f"127.0.0.1:{self.port}/team/app:latest"


@pytest.fixture
def public_key(tmp_path: Path) -> Path:
    assert run_cli("keygen", tmp_path / "key").code == 0
    return tmp_path / "key.pub"


def test_verify_json_reports_a_failed_verification(tmp_path: Path, public_key: Path) -> None:
    """A tag with no attestation is a verdict, exit 1, as a failed audit or a stopped merge is: `verify --json`
    printed nothing on stdout for it (nor for a bad signature), and `verify --json | jq .verified` read no JSON.
    Now stdout holds the JSON alone, ``verified: false`` and why; stderr the one line."""
    with _Registry() as registry:
        run = run_limited("verify", registry.reference, "--key", public_key, "--json", cwd=tmp_path)
    assert run.code == 1 and "Traceback" not in run.err, run.err
    report = json.loads(run.out)
    assert report["verified"] is False and report["reference"] == registry.reference, report
    assert "has no attestation" in report["reason"]
    [line] = run.err.strip().splitlines()
    assert line.startswith("error: ") and "has no attestation" in line, line


def test_verify_without_json_prints_no_json(tmp_path: Path, public_key: Path) -> None:
    """The twin: without --json the failed verification is the error line alone, stdout empty."""
    with _Registry() as registry:
        run = run_limited("verify", registry.reference, "--key", public_key, cwd=tmp_path)
    assert run.code == 1 and run.out == "" and "has no attestation" in run.err, run.err


# -- a token no header can carry ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("token", "old"),
    [
        ("abc\r\nX-Injected: 1", "unreachable: InvalidHeader"),
        ("t\u00f6k\u20acn", "an address that does not parse"),
        # 3 MB came back as the 431; past the 64 KiB line every HTTP server here refuses (and the tool's own bound)
        # is the same token no header carries, without 7 s of moving 3 MB through two processes
        ("x" * 300_000, "HTTP 431"),
    ],
    ids=["crlf", "past-latin-1", "300-kilobytes"],
)
def test_a_token_no_header_can_carry_is_named_as_the_token_services(tmp_path: Path, token: str, old: str) -> None:
    """The token service's answer went into the Authorization header as it came: one with a CR LF was "registry ...
    is unreachable: InvalidHeader" (hint: check the address), one past Latin-1 "the registry named an address that
    does not parse (a Location header)", and 3 MB of it (or any past a server's header line) a 431 whose HTML error
    page was quoted as the registry's error.  One line names the token service; the token is never sent."""
    with _Registry(token) as registry:
        run = run_limited("releases", "--repository", registry.reference.removesuffix(":latest"), cwd=tmp_path)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert "the token service returned a token that cannot be sent" in line and old not in line, line
    assert registry.sent == []


def test_a_token_of_a_real_shape_is_sent(tmp_path: Path, public_key: Path) -> None:
    """The twin: a JWT-shaped token (letters, digits, ``-_.``) goes into the header and the tag is read."""
    token = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJlLV8"
    with _Registry(token) as registry:
        run = run_limited("verify", registry.reference, "--key", public_key, cwd=tmp_path)
    assert run.code == 1 and "has no attestation" in run.err, run.err  # it got as far as the attestation
    assert registry.sent and all(sent == f"Bearer {token}" for sent in registry.sent), registry.sent


# -- a file to write named with a trailing slash -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (("audit", "--format", "json", "--output", "OUT/"), "--output"),
        (("audit", "--format", "json", "--output", "OUT/."), "--output"),
        (("notes", "v0.27.1", "--output", "OUT/"), "--output"),
        (("keygen", "OUT/"), "path"),
        (("release", "v0.29.0", "--repository", "127.0.0.1:9/a/x", "--notes", "OUT/"), "--notes"),
    ],
    ids=["audit-output", "audit-output-dot", "notes-output", "keygen", "release-notes"],
)
def test_a_file_to_write_named_as_a_folder_is_refused(tmp_path: Path, argv: tuple[str, ...], option: str) -> None:
    """pathlib drops a trailing slash: `audit --output reports/` wrote the report to a file named ``reports``, `notes
    --output notes/` the notes to ``notes``, `keygen keys/` the secret key to ``keys`` (and ``keys.pub``), where the
    person meant a folder.  One line naming the option, exit 2, nothing written."""
    ex = build_example(tmp_path / "ex")
    target = tmp_path / "out"
    args: list[str | Path] = [str(target) + a[3:] if a.startswith("OUT/") else a for a in argv]
    if argv[0] != "keygen":
        args += ["--repo", ex.fork, "--config", ex.config]
    run = run_limited(*args, cwd=tmp_path)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert f"invalid value for '{option}'" in line and "a folder's name: this is the file to write" in line, line
    assert not target.exists() and not Path(f"{target}.pub").exists()


def test_a_file_to_write_named_plainly_is_written(tmp_path: Path) -> None:
    """The twin: the same options without the slash write their files, and a folder option keeps its slash."""
    ex = build_example(tmp_path / "ex")
    run = run_limited(
        "audit", "--repo", f"{ex.fork}/", "--config", f"{ex.config}/", "--format", "json", "--output", tmp_path / "a"
    )
    assert run.code == 0 and json.loads((tmp_path / "a").read_text())["errors"] == 0, run.err
    assert run_limited("keygen", tmp_path / "k").code == 0 and (tmp_path / "k.pub").is_file()


# -- a ledger SHA YAML reads as a number; a pick naming a tree ------------------------------------------------------
def _picks(ex: Any, entry: str) -> None:
    (ex.config / "cherry_picks.yaml").write_text(f"releases:\n  v0.29.0:\n    pick:\n      - {entry}\n")


@pytest.mark.parametrize(
    ("value", "said"),
    [("4969377", "got an integer ('4969377'): YAML reads such a word unquoted as a number"), ("yes", "got a boolean:")],
    ids=["digits-only-sha", "yes"],
)
def test_a_word_yaml_reads_as_a_number_says_to_quote_it(tmp_path: Path, value: str, said: str) -> None:
    """A short SHA of digits only (``commit: 4969377``, about 1 in 27 seven-digit ones) is an integer to YAML: the line
    said "expected a non-empty string, got an integer" with the hint "a commit SHA is 7 to 64 lowercase hex digits",
    the very form written.  It now says YAML read the word as a number, and to quote it."""
    ex = build_example(tmp_path / "ex")
    _picks(ex, f"{{commit: {value}, reason: x}}" if value != "yes" else f"{{pr: 52816, reason: {value}}}")
    run = run_limited("ledger", "check", "--config", ex.config)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert said in line and "quote the value" in line, line


def test_a_quoted_sha_of_digits_is_a_string(tmp_path: Path) -> None:
    """The twin: quoted, the same digits are read as a SHA (and looked up: no such commit in the fork)."""
    ex = build_example(tmp_path / "ex")
    _picks(ex, "{commit: '4969377', reason: x}")
    run = run_limited("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", "--dry-run")
    assert run.code == 2 and "commit 4969377 does not exist in the fork repository" in run.err, run.err


@pytest.mark.parametrize("kind", ["tree", "blob"])
def test_a_pick_naming_a_tree_or_a_file_says_so(tmp_path: Path, kind: str) -> None:
    """A pick whose ``commit`` is the id of a tree or a file (a `git rev-parse X^{tree}` pasted) was "commit ... does not
    exist in the fork repository (hint: fetch upstream first)": it is there, and a fetch changes nothing.  The line says
    what the id names, as `audit --rev` says it."""
    ex = build_example(tmp_path / "ex")
    oid = git(ex.fork, "rev-parse", "v0.29.0^{tree}" if kind == "tree" else "v0.29.0:README.md")
    _picks(ex, f"{{commit: {oid}, reason: x}}")
    before = snapshot(ex.fork)
    run = run_limited("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = without_beats(run.err)
    assert f"pick[0]: commit '{oid}' names a {kind}, not a commit" in line and "fetch upstream" not in line, line
    assert snapshot(ex.fork) == before


# -- a build labelled older than the tree it builds ----------------------------------------------------------------
def test_a_build_labelled_older_than_its_tree_is_refused(tmp_path: Path) -> None:
    """`build --version v0.27.1 --rev aeon-v0.29.0` (the last release's version typed again) built v0.29.0's tree
    labelled v0.27.1: the check that the revision holds its tag passed, v0.27.1 being below v0.29.0.  The revision
    holds a later release tag: refused before the engine is asked, one line naming that tag and the way on."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch").code == 0
    no_engine = {"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"}
    argv = ("build", "--repo", ex.fork, "--config", ex.config, "--skip-audit", "test")
    run = run_cli(*argv, "--version", "v0.27.1", "--rev", "aeon-v0.29.0", env=no_engine)
    assert run.code == 2 and "Docker" not in run.err, run.err
    [line] = without_beats(run.err)
    assert "--rev 'aeon-v0.29.0' at " in line and "contains 'v0.29.0', a later release than v0.27.1" in line, line
    assert "(hint: pass --version v0.29.0" in line
    # the twins: the release it is, and the previous one built from its own branch, go on to the engine
    for version, rev in (("v0.29.0", "aeon-v0.29.0"), ("v0.27.1", "aeon-v0.27.1")):
        fine = run_cli(*argv, "--version", version, "--rev", rev, env=no_engine)
        assert fine.code == 2 and "Docker engine does not answer" in fine.err, fine.err


# -- an OCI layout whose blob is a link out of it -------------------------------------------------------------------
def _layout(folder: Path, config: Path, link: bool) -> str:
    """A one-layer OCI layout (as skopeo writes one) whose config blob is ``config``: linked to, or copied in."""

    def blob(data: bytes) -> str:
        digest = hashlib.sha256(data).hexdigest()
        (folder / "blobs" / "sha256").mkdir(parents=True, exist_ok=True)
        (folder / "blobs" / "sha256" / digest).write_bytes(data)
        return "sha256:" + digest

    layer = io.BytesIO()
    with tarfile.open(fileobj=layer, mode="w") as archive:
        info = tarfile.TarInfo("hi.txt")
        info.size = 3
        archive.addfile(info, io.BytesIO(b"hi\n"))
    config_digest = hashlib.sha256(config.read_bytes()).hexdigest()
    (folder / "blobs" / "sha256").mkdir(parents=True, exist_ok=True)
    placed = folder / "blobs" / "sha256" / config_digest
    if link:
        os.symlink(config, placed)
    else:
        placed.write_bytes(config.read_bytes())
    manifest = {
        "schemaVersion": 2,
        "mediaType": MEDIA,
        "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": f"sha256:{config_digest}"},
        "layers": [{"mediaType": "application/vnd.oci.image.layer.v1.tar", "digest": blob(layer.getvalue())}],
    }
    index = {"schemaVersion": 2, "manifests": [{"mediaType": MEDIA, "digest": blob(json.dumps(manifest).encode())}]}
    (folder / "index.json").write_text(json.dumps(index))
    (folder / "oci-layout").write_text('{"imageLayoutVersion": "1.0.0"}')
    return f"oci:{folder}"


@pytest.mark.parametrize("link", [True, False], ids=["linked-out", "copied-in"])
def test_an_oci_layout_is_read_without_following_a_link_out_of_it(tmp_path: Path, link: bool) -> None:
    """`image-report oci:DIR` walked the layout with ``rglob`` and ``is_file()``, which follow links: a config blob
    that was a symbolic link to a JSON file outside the layout was read as the image's, and its ``created_by`` lines
    printed.  A link is one line naming it, exit 2, nothing of the file it leads to shown; the twin, the same file
    copied into the layout, is reported as before."""
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"os": "linux", "history": [{"created_by": "MARK-OF-A-FILE-OUTSIDE"}]}))
    (tmp_path / "layout").mkdir()
    run = run_limited("image-report", _layout(tmp_path / "layout", outside, link))
    assert "Traceback" not in run.err, run.err
    if link:
        assert run.code == 2 and "MARK" not in run.out + run.err, (run.out, run.err)
        [line] = run.err.strip().splitlines()
        assert f"is a symbolic link (to {outside}), not a file of the layout" in line, line
    else:
        assert run.code == 0 and "MARK-OF-A-FILE-OUTSIDE" in run.out, (run.out, run.err)


# -- two inits of one folder at once ------------------------------------------------------------------------------
_ANOTHER_WRITER = """
import os, sys
import aeon_release.adapters.files as files
real = files._replace
def raced(path, *args, **kwargs):  # the other init writes carries.yaml just as this one comes to it
    if path.name == "carries.yaml" and path.parent.name != "audits" and not os.environ.get("RACED"):
        os.environ["RACED"] = "1"
        path.write_text("carries: []  # the other run's\\n")
    return real(path, *args, **kwargs)
files._replace = raced
sys.argv = ["aeon-release", *sys.argv[1:]]
import aeon_release.__main__ as entry
entry.run()
"""


@pytest.mark.parametrize("force", [False, True], ids=["init", "init-force"])
def test_init_never_replaces_a_file_another_process_made_meanwhile(tmp_path: Path, force: bool) -> None:
    """Two `init`s of one config folder at once (two terminals, a script run twice): each found the folder empty,
    and the second replaced the first's files, both saying "wrote", though a file is replaced only with --force.
    The other process is simulated by writing carries.yaml just as this run comes to it (a real race is a matter
    of timing, which a test cannot hold).  Without --force this run stops, one line naming the file, takes back
    what it wrote and leaves the other's file; with --force it replaces it, as asked."""
    ex = build_example(tmp_path / "ex")
    config = tmp_path / "ledger"
    argv = ["init", "--repo", str(ex.fork), "--config", str(config), "--image", "ghcr.io/me/fork"]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run(
        [sys.executable, "-c", _ANOTHER_WRITER, *argv, *(["--force"] if force else [])],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert "Traceback" not in done.stderr, done.stderr
    theirs = (config / "carries.yaml").read_text()
    if force:
        assert done.returncode == 0 and "the other run's" not in theirs, done.stderr
        return
    assert done.returncode == 2, done.stderr
    [line] = [ln for ln in done.stderr.strip().splitlines() if ln.startswith("error:")]
    assert f"{config / 'carries.yaml'}: made by another process while init wrote its files" in line, line
    assert theirs == "carries: []  # the other run's\n"
    assert sorted(p.name for p in config.iterdir()) == ["carries.yaml"]  # this run's fleet.yaml taken back


# -- python -OO ---------------------------------------------------------------------------------------------------
def _optimized(*argv: str | Path) -> subprocess.CompletedProcess[str]:
    """``aeon-release ARGV`` in a fresh interpreter under PYTHONOPTIMIZE=2 (Python drops every docstring)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "PYTHONOPTIMIZE": "2"}
    argv_text = [str(a) for a in argv]
    return subprocess.run(
        [sys.executable, "-m", "aeon_release", *argv_text], capture_output=True, text=True, timeout=120, env=env
    )


def test_help_and_the_rule_kinds_keep_their_docs_under_python_oo(tmp_path: Path) -> None:
    """An environment with PYTHONOPTIMIZE=2 (an image trimmed for size) dropped the docstrings the tool prints:
    the command list of `--help` and each command's help were blank, and `audits list` named every rule kind with
    no line of what it checks, exit 0.  They are read from the package's source then: the same text as without."""
    ex = build_example(tmp_path / "ex")
    for argv in (("--help",), ("merge", "--help"), ("audits", "list", "--config", ex.config)):
        plain, optimized = run_cli(*argv), _optimized(*argv)
        assert optimized.returncode == plain.code == 0, optimized.stderr
        assert optimized.stdout == plain.out, (argv, optimized.stdout[:600])
    kinds = json.loads(_optimized("audits", "list", "--config", ex.config, "--json").stdout)["kinds"]
    assert kinds and all(kind["doc"] for kind in kinds), kinds


# -- demo DIR inside a git directory ------------------------------------------------------------------------------
@pytest.mark.parametrize("where", [".git/demo", "bare.git/demo"], ids=["dot-git", "bare"])
def test_a_demo_folder_inside_a_git_directory_is_refused_before_the_ritual(tmp_path: Path, where: str) -> None:
    """`demo FORK/.git/demo` built its upstream and fork repositories inside the git directory, ran the merge, the
    audit and the fix, and only then refused its notes there ("inside a .git folder"), exit 2, leaving the folder it
    made.  The notes' place is checked before anything is made: one line, nothing made there."""
    ex = build_example(tmp_path / "ex")
    git(tmp_path, "init", "-q", "--bare", "bare.git")
    folder = (ex.fork if where.startswith(".git") else tmp_path) / where
    before = snapshot(ex.fork)
    run = run_limited("demo", folder)
    assert run.code == 2 and run.out == "" and "Traceback" not in run.err, (run.out, run.err)
    [line] = run.err.strip().splitlines()
    assert f"the demo's notes {folder}/release-notes-v0.29.0.md: inside a .git folder" in line, line
    assert not folder.exists() and snapshot(ex.fork) == before


# -- release --notes with --notes-dir -----------------------------------------------------------------------------
def test_release_refuses_two_places_for_its_notes(tmp_path: Path) -> None:
    """`release --notes FILE --notes-dir DIR` wrote the notes to FILE and said nothing of DIR (the person's CI
    collected DIR's release-notes-TAG.md, which never came).  Refused before any stage runs, one line; the twin,
    --notes-dir alone, goes on to the stage the release stopped at."""
    _, argv, no_docker = release_stopped_at_build(tmp_path)
    both = run_cli(*argv, "--notes", tmp_path / "n.md", "--notes-dir", tmp_path, env=no_docker)
    assert both.code == 2 and "Docker" not in both.err, both.err
    [line] = both.err.strip().splitlines()
    assert "--notes and --notes-dir both name where the notes go" in line, line
    one = run_cli(*argv, "--notes-dir", tmp_path, env=no_docker)
    assert one.code == 2 and "Docker engine does not answer" in one.err, one.err


# -- publish an image as another version than it was built as -------------------------------------------------------
@pytest.fixture
def release(tmp_path: Path, registry: RegistryProcess, busybox_image: str) -> Iterator[ReleaseSetup]:
    yield from release_in(tmp_path, registry)


@pytest.mark.docker
@pytest.mark.registry
def test_an_image_is_published_as_the_version_it_was_built_as(release: ReleaseSetup) -> None:
    """`publish --image IMG --version v0.27.1 --no-latest` of the image `build --version v0.29.0` made pushed it as the
    dated tag ``DATE-v0.27.1``, its attestation saying the audit passed; a dated tag is for good.  Refused before
    anything is pushed, one line naming the version the image was built as; the twin, its own version, is the
    release already published: nothing to do."""
    assert run_cli(*release.args()).code == 0
    argv = (
        "publish", "--image", release.image_tag, "--repository", release.repository, "--date", "2026-09-11",
        "--config", release.example.config, "--repo", release.example.fork, "--no-latest",
    )  # fmt: skip
    other = run_cli(*argv, "--version", "v0.27.1")
    assert other.code == 2 and "Traceback" not in other.err, other.err
    [line] = other.err.strip().splitlines()
    assert "was built as 'v0.29.0' (its org.opencontainers.image.version label), not v0.27.1" in line, line
    assert Registry(parse_repository(release.repository), None).digest("2026-09-11-v0.27.1") is None
    same = run_cli(*argv, "--version", "v0.29.0")
    assert same.code == 0 and "nothing to do" in same.out, same.err


# -- a remote whose own refspec writes into refs/heads ---------------------------------------------------------------
def _heads(repo: Path) -> str:
    return git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads/")


@pytest.mark.parametrize("refspec", ["+refs/heads/*:refs/heads/*", "+refs/heads/*:refs/remotes/upstream/*"])
def test_the_fetch_of_upstream_leaves_the_persons_branches(tmp_path: Path, refspec: str) -> None:
    """`merge --dry-run` fetches upstream's tags with `git fetch --tags upstream`, which also runs the remote's own
    refspec: with `+refs/heads/*:refs/heads/*` (a mirror's, or set by hand) it force-moved the person's local
    branches named like upstream's (here ``feature``) and made ``main``, then said "dry run: nothing was changed".
    The fetch names its own refspec, into refs/remotes/upstream/ only; the twin is the usual refspec."""
    ex = build_example(tmp_path / "ex")
    git(ex.upstream, "branch", "feature", "v0.27.1")
    git(ex.fork, "branch", "feature", "aeon-v0.27.1")
    git(ex.fork, "config", "remote.upstream.fetch", refspec)
    before = _heads(ex.fork)
    run = run_limited("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--dry-run")
    assert run.code == 0 and "dry run: nothing was changed" in run.err, run.err
    assert _heads(ex.fork) == before
    assert git(ex.fork, "rev-parse", "refs/remotes/upstream/feature") == git(ex.upstream, "rev-parse", "feature")


# -- the two halves of the signing key swapped -----------------------------------------------------------------------
def test_verify_given_the_secret_key_says_so(tmp_path: Path, public_key: Path) -> None:
    """`verify --key fleet.key` (the secret half, keygen's PATH) was "is not a PEM public key (ValueError)", hint:
    see --help.  It says that is the secret key and names the .pub beside it; not a byte of the key is shown."""
    secret = public_key.with_suffix("")
    run = run_limited("verify", "127.0.0.1:9/team/app:latest", "--key", secret, cwd=tmp_path)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert f"public key {secret} is a secret key" in line and f"pass --key {secret}.pub" in line, line
    body = secret.read_text().splitlines()[1]
    assert body[:20] not in run.err + run.out


def test_release_given_the_public_key_to_sign_with_says_so(tmp_path: Path, public_key: Path) -> None:
    """`release --signing-key fleet.key.pub` was "is not an unencrypted PEM private key (ValueError)", hint: make
    one with keygen (a second key, whose attestations no verify would accept).  It names the secret key beside it."""
    ex = build_example(tmp_path / "ex")
    run = run_limited(
        "release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/aeon/x",
        "--signing-key", public_key, "--dry-run",
    )  # fmt: skip
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert (
        f"signing key {public_key} is a public key" in line and f"without .pub ({public_key.with_suffix('')})" in line
    )
    assert "keygen" not in line, line


# -- release --json stopped for a person ----------------------------------------------------------------------------
def test_release_json_reports_a_stage_that_stopped_for_a_person(tmp_path: Path, public_key: Path) -> None:
    """`release --json` of a merge stopped on an audit finding (exit 1) printed nothing on stdout, where `merge
    --json` prints its report for the same stop.  stdout holds the release's stages, the merge's needs-human with
    its finding, and the one error line stays on stderr."""
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    run = run_cli(
        "release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/aeon/x",
        "--signing-key", public_key.with_suffix(""), "--json",
        env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"},
    )  # fmt: skip
    assert run.code == 1 and "Traceback" not in run.err, run.err
    stages = json.loads(run.out)["stages"]
    assert stages["merge"]["status"] == "needs-human" and "kv-quant/literals-match-enum" in stages["merge"]["message"]
    assert stages["build"]["status"] == "pending", stages


# -- a user name Basic authentication cannot carry -------------------------------------------------------------
@pytest.mark.parametrize("username", ["robot:ci", "a:"])
def test_a_user_name_with_a_colon_is_refused_before_any_request(tmp_path: Path, username: str) -> None:
    """HTTP Basic authentication's user-id ends at the first colon (RFC 7617): ``robot:ci`` with password ``pw``
    went out as user ``robot``, password ``ci:pw``, and came back as the registry's "unauthorized"; refused here
    before anything reaches the registry (nothing listens on 127.0.0.1:9)."""
    done = run_cli(
        "releases",
        "--repository",
        "127.0.0.1:9/fleet/image",
        "--username",
        username,
        env={"AEON_REGISTRY_PASSWORD": "s3cret-pw"},
        cwd=tmp_path,
    )
    assert done.code == 2, (done.code, done.err)
    assert done.err.startswith(f"error: --username '{username}' holds a ':'"), done.err
    assert len(done.err.strip().splitlines()) == 1 and "s3cret-pw" not in done.err + done.out, done.err


def test_a_user_name_without_a_colon_goes_on_to_the_registry(tmp_path: Path) -> None:
    """The twin: a plain user name passes the check and the command goes on to reach the registry (none there)."""
    done = run_cli(
        "releases",
        "--repository",
        "127.0.0.1:9/fleet/image",
        "--username",
        "robot",
        env={"AEON_REGISTRY_PASSWORD": "s3cret-pw"},
        cwd=tmp_path,
    )
    assert done.code != 0 and "holds a ':'" not in done.err and "127.0.0.1:9" in done.err, done.err


# -- a secret key written where a commit would take it ----------------------------------------------------------
def _repo_at(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(folder)], check=True)
    return folder


def test_keygen_in_a_checkout_says_the_secret_key_is_not_ignored(tmp_path: Path) -> None:
    """``keygen keys/fleet.key`` in the fork's checkout wrote the secret key where ``git add .`` takes it into the
    next commit, without a word; a push then publishes the key every attestation trusts."""
    repo = _repo_at(tmp_path / "fork")
    done = run_cli("keygen", "keys/fleet.key", cwd=repo)
    assert done.code == 0 and (repo / "keys" / "fleet.key").is_file(), done.err
    assert "note: keys/fleet.key is inside the checkout" in done.err and "not ignored" in done.err, done.err
    assert "BEGIN" not in done.out + done.err


@pytest.mark.parametrize("where", ["ignored", "outside", "git dir"])
def test_keygen_says_nothing_of_a_key_no_commit_takes(tmp_path: Path, where: str) -> None:
    """The twins: a key .gitignore covers, one outside any checkout, one in the .git folder: no note."""
    repo = _repo_at(tmp_path / "fork")
    (repo / ".gitignore").write_text("*.key\n")
    path = {"ignored": repo / "fleet.key", "outside": tmp_path / "keys" / "fleet.key", "git dir": repo / ".git" / "k"}
    done = run_cli("keygen", path[where], cwd=tmp_path)
    assert done.code == 0 and path[where].is_file(), done.err
    assert "note:" not in done.err, done.err
