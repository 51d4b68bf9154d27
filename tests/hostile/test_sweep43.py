"""Hostile-input sweep 43.  ``audit --changed-since`` of a ref spelt like an option (a tag ``-x`` a fetch brings)
was handed to ``git diff`` as an option; an image manifest whose ``Layers`` or ``Config`` is of another shape was
read by its keys or characters; a zstd save stream of an engine was told to be decompressed with ``zstd -d``.
The real CLI."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from aeon_release.errors import printable
from tests.helpers import build_example, run_cli
from tests.hostile.conftest import config_with, git, make_repo, run_limited
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_sweep42 import LAYER, Engine, _tar, engine  # noqa: F401 (the fixture)

TIMEOUT = 20.0


# -- a ref spelt like an option --------------------------------------------------------------------------------------
@pytest.fixture
def tagged(tmp_path: Path) -> Path:
    """A repository of two commits, the first tagged ``-x`` (``git tag`` refuses the name, a fetch does not)."""
    repo = make_repo(tmp_path / "r", {"a.py": "A = 1\n"})
    git(repo, "update-ref", "refs/tags/-x", "HEAD")
    return make_repo(repo, {"b.py": "B = 2\n"}, "second")


@pytest.mark.parametrize("extra", [[], ["--rev", "HEAD"]], ids=["work-tree", "rev"])
def test_changed_since_a_tag_spelt_like_an_option_is_the_tag(tagged: Path, tmp_path: Path, extra: list[str]) -> None:
    """`audit --changed-since=-x` (a tag ``-x``, which `git rev-parse --end-of-options -x` finds) ran `git diff -x
    HEAD` / `git diff-index -x`: git read an option and the audit said "git diff -x HEAD failed ... -a --text treat
    all files as text", exit 2.  The tag is read as the tag: the one file changed since it is audited."""
    argv = ("audit", "--repo", tagged, "--config", config_with(tmp_path), "--changed-since=-x", *extra)
    run = run_limited(*argv, cwd=tagged, timeout=TIMEOUT)
    assert run.code == 0 and "over 1 file(s)" in run.out, run.err


def test_changed_since_an_option_that_is_no_ref_is_refused(tagged: Path, tmp_path: Path) -> None:
    """The twin: an option that names no ref is still no revision, and git writes nothing."""
    written = tmp_path / "written"
    argv = ("audit", "--config", config_with(tmp_path), f"--changed-since=--output={written}")
    line = one_error_line(run_limited(*argv, cwd=tagged, timeout=TIMEOUT))
    assert "does not exist" in line and not written.exists(), line


# -- a manifest of another shape -------------------------------------------------------------------------------------
def _archive(path: Path, layers: object, config: object = "c.json") -> Path:
    manifest = json.dumps([{"Config": config, "Layers": layers}]).encode()
    path.write_bytes(_tar([("manifest.json", manifest), ("c.json", b'{"history": []}'), ("l.tar", LAYER)]))
    return path


@pytest.mark.parametrize(
    ("layers", "config", "said"),
    [
        ({"l.tar": 1}, "c.json", "Layers: expected a list of member names, found an object"),
        (5, "c.json", "Layers: expected a list of member names, found a number"),
        ("l.tar", "c.json", "Layers: expected a list of member names, found a string"),
        ([["l.tar"]], "c.json", "Layers: expected a member name, found a list"),
        (["l.tar"], {"l.tar": 1}, "Config: expected a member name, found an object"),
    ],
    ids=["layers-object", "layers-number", "layers-string", "layer-list", "config-object"],
)
def test_a_manifest_of_another_shape_is_refused(tmp_path: Path, layers: object, config: object, said: str) -> None:
    """`Layers: {"l.tar": 1}` was iterated by its keys (a report of an image no manifest described), a number was a
    TypeError said as "'int' object is not iterable", a string was read letter by letter ("layer l is named by the
    manifest"), a ``Config`` object was read as its repr.  One line naming the field, exit 2."""
    image = _archive(tmp_path / "i.tar", layers, config)
    line = one_error_line(run_limited("image-report", f"docker-archive:{image}", cwd=tmp_path, timeout=TIMEOUT))
    assert f"manifest.json: {said}" in line, line


def test_a_manifest_of_its_shape_is_reported(tmp_path: Path) -> None:
    """The twin: a list of member names and a config name is the report, as before."""
    image = _archive(tmp_path / "i.tar", ["l.tar"])
    run = run_limited("image-report", f"docker-archive:{image}", cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and "1 layers" in run.out, run.err


# -- a zstd stream: the hint fits where it came from -----------------------------------------------------------------
ZSTD = b"\x28\xb5\x2f\xfd" + b"\0" * 64


def test_an_engine_save_in_zstd_is_not_sent_to_zstd_d(engine: tuple[Engine, dict[str, str]], tmp_path: Path) -> None:  # noqa: F811
    """The engine's save stream in zstd said "decompress it first (zstd -d)": there is no file to decompress (a
    Docker engine's save is a plain tar; something else answered).  The hint names the engine."""
    answers, env = engine
    answers.saved = ZSTD
    line = one_error_line(run_limited("image-report", "myimage:1", cwd=tmp_path, env=env, timeout=TIMEOUT))
    assert "zstd-compressed" in line and "zstd -d" not in line and "DOCKER_HOST" in line, line


def test_a_zstd_archive_on_disk_is_sent_to_zstd_d(tmp_path: Path) -> None:
    """The twin: a zstd archive on disk is told to be decompressed, as before."""
    image = tmp_path / "i.tar.zst"
    image.write_bytes(ZSTD)
    line = one_error_line(run_limited("image-report", f"docker-archive:{image}", cwd=tmp_path, timeout=TIMEOUT))
    assert "zstd-compressed" in line and "zstd -d" in line, line


# -- a path given by the user, said back whole -----------------------------------------------------------------------
def test_notes_written_to_a_path_of_brackets_and_a_newline_say_it_whole(tmp_path: Path) -> None:
    """`notes --output '[red]/n\\nb.md'` said "wrote .../n" and "b.md" on a line of its own (the newline broke the
    line a script reads), and a folder ``[red]`` was said without its brackets (rich read them as markup): the
    path said was not the path written.  One line, the path as written, control characters escaped."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch").code == 0
    folder = tmp_path / "[red]"
    folder.mkdir()
    output = folder / "n\nb.md"
    argv = ("notes", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--output", output)
    run = run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and output.is_file(), run.err
    assert run.out == "" and run.err.splitlines() == [f"wrote {folder}/n\\nb.md"], (run.out, run.err)


def test_the_demo_in_a_folder_of_brackets_names_it(tmp_path: Path) -> None:
    """`demo '[red]/e'` said "building the example in .../e" and "release notes: .../e/..." without the folder's
    brackets, and its `try:` line's paths were not shell-quoted (a pasted command named another folder)."""
    root = tmp_path / "[red]" / "e"
    run = run_limited("demo", root, cwd=tmp_path, timeout=60)
    assert run.code == 0, run.err
    assert f"building the example in {root}" in run.out and f"release notes: {root}/" in run.out, run.out
    assert f"--repo '{root}/fork'" in run.out, run.out


# -- init --dockerfile outside the checkout, or a folder -------------------------------------------------------------
@pytest.fixture
def with_dockerfile(tmp_path: Path) -> Path:
    """The example's fork with a ``docker/Dockerfile.rocm`` of its own committed on its branch."""
    ex = build_example(tmp_path / "ex")
    return make_repo(ex.fork, {"docker/Dockerfile.rocm": "FROM rocm/base\n"}, "ROCm image")


@pytest.mark.parametrize(
    ("dockerfile", "said"),
    [
        ("../../etc/passwd", "not a file inside the checkout"),
        ("/etc/passwd", "not a file inside the checkout"),
        ("vllm", "no such file on branch"),
        ("docker", "no such file on branch"),
    ],
    ids=["dotdot", "absolute", "folder", "dockerfile-folder"],
)
def test_init_dockerfile_outside_or_a_folder_is_refused(with_dockerfile: Path, dockerfile: str, said: str) -> None:
    """`init --dockerfile ../../etc/passwd` (or an absolute path) said "git ls-tree failed ... is outside repository"
    with a hint to check a revision; a folder (``vllm``) was taken as the Dockerfile and written into fleet.yaml.
    One line naming --dockerfile, exit 2."""
    argv = ("init", "--repo", with_dockerfile, "--image", "ghcr.io/me/app", "--dockerfile", dockerfile, "--dry-run")
    line = one_error_line(run_limited(*argv, cwd=with_dockerfile, timeout=TIMEOUT))
    assert line.startswith(f"error: --dockerfile '{dockerfile}': {said}"), line


def test_init_dockerfile_spelt_from_here_is_the_file(with_dockerfile: Path) -> None:
    """`--dockerfile ./docker/Dockerfile.rocm` was "no such file on branch": the file named from the top, written
    into fleet.yaml as such."""
    argv = ("init", "--repo", with_dockerfile, "--image", "ghcr.io/me/app", "--dockerfile", "./docker/Dockerfile.rocm")
    run = run_limited(*argv, "--dry-run", cwd=with_dockerfile, timeout=TIMEOUT)
    assert run.code == 0 and "  dockerfile: docker/Dockerfile.rocm\n" in run.out, run.err


# -- --repo a path git cannot change to ------------------------------------------------------------------------------
@pytest.mark.parametrize("command", [["status"], ["merge", "v0.29.0"], ["notes", "v0.29.0"]])
@pytest.mark.parametrize("kind", ["newline", "fifo"])
def test_repo_that_is_no_folder_is_said_whole(tmp_path: Path, command: list[str], kind: str) -> None:
    """`--repo $'r\\nx'` (no such folder) said git's "cannot change to '.../r" cut at the newline, the path it
    named not the one given; a FIFO was "git cannot open the repository" with a hint to run git there.  One line,
    the path whole, what it is."""
    repo = tmp_path / "r\nx"
    if kind == "fifo":
        repo = tmp_path / "fifo"
        os.mkfifo(repo)
    said = "not a folder" if kind == "fifo" else "no such folder"
    config = () if command == ["status"] else ("--config", config_with(tmp_path))
    argv = (*command, "--repo", repo, *config)
    line = one_error_line(run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT))
    assert line.startswith(f"error: {printable(str(repo))}: {said} (hint: pass --repo"), line


# -- verify --key a file that is no ed25519 public key ---------------------------------------------------------------
def _ec_public() -> bytes:
    """A PEM public key of another kind (P-256), as `openssl ec -pubout` writes one."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    public = ec.generate_private_key(ec.SECP256R1()).public_key()
    return public.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)


@pytest.mark.parametrize(
    ("content", "said"),
    [(b"a\0b", "is not a PEM public key"), (_ec_public(), "is not an ed25519 key")],
    ids=["nul-bytes", "p256"],
)
def test_verify_key_that_is_no_ed25519_public_key_is_hinted(tmp_path: Path, content: bytes, said: str) -> None:
    """`verify --key` a file of NUL bytes said "is not a PEM public key (ValueError)" (an exception's class name) and
    a P-256 public key "is not an ed25519 key", both with the hint "see the command's --help", which says nothing of
    keys.  The hint names the .pub keygen writes."""
    key = tmp_path / "fleet.pub"
    key.write_bytes(content)
    line = one_error_line(run_limited("verify", "127.0.0.1:9/team/app:1", "--key", key, cwd=tmp_path))
    assert f"public key {key} {said} (hint: pass --key the ed25519 .pub file" in line, line
    assert "ValueError" not in line, line
