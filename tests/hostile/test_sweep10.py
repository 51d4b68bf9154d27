"""Hostile-input sweep 10: a repository copied with a stopped run in it, values a person types quoted
whole in an error line.  Real git, real processes; one line and a documented exit code, never a
traceback, and nothing outside the repository touched."""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import os
import shutil
import tarfile
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from aeon_release.adapters import registry, signing
from aeon_release.adapters.registry import Registry, Repository
from aeon_release.errors import NeedsHuman, ServiceError
from tests.helpers import build_example, git, without_beats
from tests.hostile.conftest import config_with, make_repo, run_limited
from tests.hostile.test_config_files import TIMEOUT
from tests.hostile.test_secrets import Host, hosts  # noqa: F401 - the fixture
from tests.hostile.test_sweep8 import MARKER


def _tree_digest(root: Path) -> str:
    """Every file under ``root`` (names and bytes): what a run must leave as it was."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


# -- a repository copied (or moved) with a stopped run in it ----------------------------------------------
COPIED = {
    "continue --fix": ("merge", "--continue", "--fix"),
    "continue --waive": ("merge", "--continue", "--waive", "kv-quant/literals-match-enum=checked"),
    "merge the tag again": ("merge", "v0.29.0", "--no-fetch", "--config", "{config}"),
    "abort": ("merge", "--abort"),
}


@pytest.mark.parametrize("command", list(COPIED))
def test_a_copied_repository_never_touches_the_originals_worktree(tmp_path: Path, command: str) -> None:
    """state.json records the stopped run's worktree as an absolute path, and it was trusted: in a copy of
    the repository (``cp -a``) ``merge --continue --fix`` wrote the fix into the original's worktree, then
    failed on git's "not a valid object"; ``merge --abort`` deleted the original's worktree."""
    example = build_example(tmp_path / "original", renumber_enum=True)
    original = example.fork
    stopped = run_limited(
        "merge", "v0.29.0", "--repo", original, "--config", example.config, "--no-fetch", timeout=TIMEOUT
    )
    assert stopped.code == 1 and "[kv-quant/literals-match-enum]" in stopped.err, stopped.err
    worktree = original / ".git" / "aeon-release" / "worktrees" / "v0.29.0"
    before = (_tree_digest(worktree), git(original, "worktree", "list", "--porcelain"), _tree_digest(original / ".git"))
    shutil.copytree(tmp_path / "original", tmp_path / "copy", symlinks=True)
    copy = tmp_path / "copy" / "fork"
    argv = [part.replace("{config}", str(tmp_path / "copy" / "config")) for part in COPIED[command]]
    run = run_limited(*argv, "--repo", copy, timeout=TIMEOUT)
    assert "Traceback" not in run.err, run.err
    after = (_tree_digest(worktree), git(original, "worktree", "list", "--porcelain"), _tree_digest(original / ".git"))
    assert after == before
    if command == "abort":
        assert run.code == 0 and "aborted the v0.29.0 run" in run.out, run.err
        assert not (copy / ".git" / "aeon-release" / "worktrees" / "v0.29.0").exists()
        again = run_limited(
            "merge", "v0.29.0", "--repo", copy, "--config", tmp_path / "copy" / "config", "--no-fetch", timeout=TIMEOUT
        )
        assert again.code == 1 and f"fix them in {copy}/.git/aeon-release/worktrees/v0.29.0" in again.err, again.err
        return
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert run.code == 2 and "state.json: the v0.29.0 run was started in a repository at another place" in line
    assert f"(its worktree was {worktree})" in line and "(hint: `aeon-release merge --abort`" in line, line


def test_a_moved_repository_says_so_and_can_drop_the_run(tmp_path: Path) -> None:
    """Moved (``mv``), the run's recorded config folder is gone too: --continue said "config folder does
    not exist" with a hint to pass --config, which --continue refuses."""
    example = build_example(tmp_path / "before", renumber_enum=True)
    stopped = run_limited("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch")
    assert stopped.code == 1, stopped.err
    (tmp_path / "before").rename(tmp_path / "after")
    moved = tmp_path / "after" / "fork"
    run = run_limited("merge", "--continue", "--repo", moved, timeout=TIMEOUT)
    assert run.code == 2 and "was started in a repository at another place" in run.err, run.err
    assert run_limited("merge", "--abort", "--repo", moved, timeout=TIMEOUT).code == 0


# -- values quoted in an error line ----------------------------------------------------------------------
HUGE = "y" * 50_000
LOOK_ALIKE = "v0.29.0-\u0430ctive"  # a Cyrillic a
TYPED = {  # what a person types, where: each value went into its error line whole (repr: 50 KB, not ASCII)
    "merge TAG": ("merge", "{value}", "--no-fetch"),
    "merge --onto": ("merge", "v0.29.0", "--onto", "{value}", "--no-fetch", "--dry-run"),
    "release --from": ("release", "v0.29.0", "--repository", "127.0.0.1:9/x", "--from", "{value}"),
    "publish --date": ("publish", "--image", "x", "--repository", "127.0.0.1:9/x", "--version", "v1.0.0", "--date", "{value}"),
    "publish --variant": ("publish", "--image", "x", "--repository", "127.0.0.1:9/x", "--version", "v1.0.0", "--variant", "{value}"),
    "publish --repository": ("publish", "--image", "x", "--repository", "{value}", "--version", "v1.0.0"),
    "verify": ("verify", "{value}"),
    "rollback --to": ("rollback", "--repository", "127.0.0.1:9/x", "--to", "{value}"),
    "audit --format": ("audit", "--format", "{value}"),
    "merge --upstream-remote": ("merge", "v0.29.0", "--upstream-remote", "{value}", "--no-fetch", "--dry-run"),
    "canary --metrics-url": ("canary", "--metrics-url", "{value}"),
    "build --platform": ("build", "--version", "v1.0.0", "--platform", "{value}"),
    "build --build-arg": ("build", "--version", "v1.0.0", "--build-arg", "{value}"),
    "init --upstream-remote": ("init", "--upstream-remote", "{value}", "--dry-run"),
    "notes TAG": ("notes", "{value}"),
}  # fmt: skip


@pytest.mark.parametrize("value", [HUGE, LOOK_ALIKE], ids=["50,000 characters", "look-alike"])
@pytest.mark.parametrize("command", list(TYPED))
def test_a_value_a_person_types_is_quoted_short_and_in_ascii(tmp_path: Path, command: str, value: str) -> None:
    """README: no message quotes more than 60 characters of a value, and a quoted value is ASCII.  That held
    for the config files (yamlio's reader) but not for the 70 other places that quoted with ``!r``."""
    example = build_example(tmp_path / "ex")
    argv = [part.replace("{value}", value) for part in TYPED[command]]
    env = {"AEON_RELEASE_CONFIG": str(example.config), "DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"}
    run = run_limited(*argv, cwd=example.fork, env=env, timeout=TIMEOUT)
    assert run.code == 2 and "Traceback" not in run.err, run.err[-2000:]
    lines = without_beats(run.err)
    assert len(lines) == 1 and lines[0].startswith("error: ") and "(hint: " in lines[0], run.err[:2000]
    assert len(lines[0]) < 400 and lines[0].isascii(), lines[0][:2000]
    assert ("..." in lines[0]) if value == HUGE else ("\\u0430ctive" in lines[0]), lines[0]


EDITED = {  # a config file's text made hostile: fleet.yaml's schema messages quoted the value whole
    "fleet.yaml: a list of 30,000 items": ("fleet.yaml", "branch_prefix: aeon-", "branch_prefix: [" + "1, " * 30_000 + "1]"),
    "fleet.yaml: an unknown key": ("fleet.yaml", "image:\n", "image:\n  ? " + HUGE + "\n  : 1\n"),
    "cherry_picks.yaml: a release name": ("cherry_picks.yaml", "  v0.29.0:", "  ? v" + HUGE + "\n  :"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(EDITED))
def test_a_huge_value_in_a_config_file_is_not_repeated_in_the_line(tmp_path: Path, case: str) -> None:
    name, old, new = EDITED[case]
    example = build_example(tmp_path / "ex")
    path = example.config / name
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new, 1))
    run = run_limited("ledger", "check", "--config", example.config, timeout=TIMEOUT)
    [line] = run.err.splitlines()
    assert run.code == 2 and line.startswith(f"error: {name}: ") and "(hint: " in line, run.err[:2000]
    assert len(line) < 400 and "..." in line, line[:2000]


# -- a registry's tag list that never ends ---------------------------------------------------------------
def _pages(next_of: Callable[[str], str]) -> Callable[[BaseHTTPRequestHandler], tuple[int, dict[str, str], bytes]]:
    def answer(handler: BaseHTTPRequestHandler) -> tuple[int, dict[str, str], bytes]:
        if "/tags/list" not in handler.path:
            return 200, {}, b"{}"
        link = f'<{next_of(handler.path)}>; rel="next"'
        return (
            200,
            {"Link": link, "Content-Type": "application/json"},
            json.dumps({"tags": ["2026-01-01-v1.0.0"]}).encode(),
        )

    return answer


PAGE = itertools.count()
ENDLESS = {
    "the same page again": lambda path: "/v2/team/app/tags/list?n=1&last=a",
    "a new page each time": lambda path: f"/v2/team/app/tags/list?n=1&last={next(PAGE)}",
}


@pytest.mark.parametrize("case", list(ENDLESS))
def test_a_tag_list_that_never_ends_is_an_error(
    hosts: Callable[..., Host],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    case: str,
) -> None:
    """A ``Link`` to the page just sent held ``releases`` for 1,000 requests (a minute on a busy machine),
    then the first 1,000 pages were taken for the whole list, silently: a dated tag past them is an alarm
    never raised.  (The cap is lowered to keep the test short; the registry is a real HTTP server.)"""
    monkeypatch.setattr(registry, "MAX_TAG_PAGES", 20)
    host = hosts("127.0.0.1", _pages(ENDLESS[case]))
    with pytest.raises(ServiceError) as raised:
        Registry(Repository(host.host, "team/app"), None, timeout=5, deadline=10).tags()
    says = "its next page is one it sent already" if case == "the same page again" else "more than 20 pages"
    assert says in raised.value.message, raised.value.message
    assert len([seen for seen in host.seen if "/tags/list" in seen["path"]]) <= 21


# -- the merge's tables ------------------------------------------------------------------------------------
REASONS = {
    "a closing tag": "fixes [/bold] the stride",
    "a link": "see [link=file:///etc/passwd]the notes[/link]",
    "an emoji code": "keeps :warning: as text",
}


@pytest.mark.parametrize("case", list(REASONS))
def test_a_reason_in_the_ledger_is_text_in_the_plan(tmp_path: Path, case: str) -> None:
    """Table cells were rich markup: a ``[/bold]`` in a cherry-pick's reason crashed ``merge --dry-run``
    with a traceback (exit 3), a ``[link=...]`` became a link and vanished from the text, ``:warning:``
    an emoji."""
    example = build_example(tmp_path / "ex")
    picks = example.config / "cherry_picks.yaml"
    reason = REASONS[case]
    picks.write_text(picks.read_text().replace("reason: DFlash 2 drafter layer}", f'reason: "{reason}"}}'))
    run = run_limited(
        "merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch", "--dry-run",
        env={"COLUMNS": "200"}, timeout=TIMEOUT,
    )  # fmt: skip
    assert run.code == 0 and "Traceback" not in run.err, run.err[-3000:]
    assert reason in run.out, run.out


def test_a_narrow_terminal_folds_ids_instead_of_cutting_them(tmp_path: Path) -> None:
    """At 40 columns the plan showed ``triton-nvf…`` and ``2460da…``: ids a person must copy, cut."""
    example = build_example(tmp_path / "ex")
    run = run_limited(
        "merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch", "--dry-run",
        env={"COLUMNS": "40"}, timeout=TIMEOUT,
    )  # fmt: skip
    assert run.code == 0 and "carries" in run.out, run.err
    assert "\u2026" not in run.out, run.out


# -- a checkout git cannot open ------------------------------------------------------------------------
def _bad_config(repo: Path) -> str:
    with (repo / ".git" / "config").open("a") as config:
        config.write("[core\n")
    return "bad config line"


def _gone(repo: Path) -> str:
    shutil.rmtree(repo / ".git")
    (repo / ".git").write_text(f"gitdir: {repo.parent / 'gone'}\n")
    return "not a git repository: "


def _extension(repo: Path) -> str:
    git(repo, "config", "core.repositoryformatversion", "1")
    git(repo, "config", "extensions.fromthefuture", "true")
    return "unknown repository extension found: fromthefuture"


def _another_users(repo: Path) -> str:
    for place in [repo, *repo.rglob("*")]:
        os.lchown(place, 65534, 65534)  # nobody: git refuses a repository its user does not own
    return "detected dubious ownership"


UNOPENABLE = {"a config git cannot parse": _bad_config, "a .git file naming a folder that is gone": _gone,
              "an extension git does not know": _extension}  # fmt: skip
if os.geteuid() == 0:
    UNOPENABLE["another user's (safe.directory)"] = _another_users


@pytest.mark.parametrize("case", list(UNOPENABLE))
def test_a_checkout_git_cannot_open_is_one_line_not_a_walk_of_the_folder(tmp_path: Path, case: str) -> None:
    """The work-tree audit listed a checkout git could not read by walking its folder, which skips
    node_modules/ and .venv/: the tracked conflict markers there passed the gate (exit 0).  merge and
    status called it "not a git repository", with a hint to pass --repo the checkout it was."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n", "node_modules/pkg/index.js": MARKER})
    says = UNOPENABLE[case](repo)
    for argv in (["audit", "--config", config_with(tmp_path)], ["status"]):
        run = run_limited(*argv, "--repo", repo, cwd=tmp_path, timeout=TIMEOUT)
        [line] = run.err.splitlines()
        assert run.code == 2 and line.startswith(f"error: {repo}: git cannot open the repository: "), run.err
        assert says in line and "(hint: " in line, line


# -- image archives --------------------------------------------------------------------------------------
def _docker_archive(path: Path, members: dict[str, bytes]) -> str:
    with tarfile.open(path, "w") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return f"docker-archive:{path}"


def _oci_layout(path: Path, documents: dict[str, object]) -> str:
    for name, document in documents.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(json.dumps(document))
    return f"oci:{path}"


A, B = "sha256:" + "a" * 64, "sha256:" + "b" * 64
ARCHIVES: dict[str, Callable[[Path], str]] = {
    "a manifest.json of [1]": lambda p: _docker_archive(p / "i.tar", {"manifest.json": b"[1]"}),
    "a manifest.json nested 100,000 deep": lambda p: _docker_archive(
        p / "i.tar", {"manifest.json": b"[" * 100_000 + b"]" * 100_000}
    ),
    "a config whose history is 5": lambda p: _docker_archive(
        p / "i.tar", {"manifest.json": b'[{"Config": "c.json", "Layers": []}]', "c.json": b'{"history": 5}'}
    ),
    "a nested index with a platform of 7": lambda p: _oci_layout(
        p / "oci",
        {
            "index.json": {"manifests": [{"digest": A}]},
            f"blobs/sha256/{A[7:]}": {"manifests": [{"digest": B, "platform": 7}]},
        },
    ),
    "a FIFO": lambda p: (os.mkfifo(p / "fifo.tar"), f"docker-archive:{p / 'fifo.tar'}")[1],
}


@pytest.mark.parametrize("case", list(ARCHIVES))
def test_an_image_archive_of_the_wrong_shape_is_one_line(tmp_path: Path, case: str) -> None:
    """``image-report`` read the archive's JSON as it expected it: ``[1]`` for manifest.json, a history of
    ``5``, a platform of ``7`` and JSON nested past Python's recursion limit were tracebacks (exit 3),
    and a FIFO named as the archive held the report for good."""
    image = ARCHIVES[case](tmp_path)
    run = run_limited("image-report", image, cwd=tmp_path, timeout=TIMEOUT)
    [line] = run.err.splitlines()
    assert run.code == 2 and line.startswith(f"error: {image}") and "(hint: " in line, run.err[-3000:]


# -- JSON nested past the recursion limit ------------------------------------------------------------------
DEEP_JSON = b"[" * 100_000 + b"]" * 100_000


def test_a_run_record_nested_too_deeply_is_one_line(tmp_path: Path) -> None:
    """``notes --record FILE`` caught a JSONDecodeError, not the RecursionError of ``[`` 100,000 times."""
    (tmp_path / "record.json").write_bytes(DEEP_JSON)
    run = run_limited("notes", "v0.29.0", "--record", tmp_path / "record.json", cwd=tmp_path, timeout=TIMEOUT)
    [line] = run.err.splitlines()
    assert run.code == 2 and line.startswith("error: ") and "record.json:1:1: malformed JSON: nested too deeply" in line


@pytest.mark.parametrize("where", ["envelope", "payload"])
def test_an_attestation_nested_too_deeply_fails_verification_not_the_tool(tmp_path: Path, where: str) -> None:
    """The registry serves the attestation: an envelope (or a signed payload) of ``[`` 100,000 times was a
    RecursionError traceback in ``verify`` instead of "not a DSSE envelope" / "payload is not JSON"."""
    from securesystemslib.dsse import Envelope

    secret = tmp_path / "key"
    signing.generate(secret)
    public = signing.load_public(signing.public_path(secret))
    if where == "envelope":
        envelope = DEEP_JSON
    else:  # a payload signed by the right key (its holder, or a bug, wrote it): still not the tool's crash
        deep = Envelope(DEEP_JSON, signing.PAYLOAD_TYPE, {})
        deep.sign(signing.load_signer(secret))
        envelope = json.dumps(deep.to_dict()).encode()
    with pytest.raises(NeedsHuman, match=r"not a DSSE envelope|payload is not JSON"):
        signing.verify(envelope, public)
