"""Hostile-input sweep 45.  `status` over damaged run records among good ones (exit 2, which says "refused, nothing on
stdout", over a listing); `verify REPOSITORY@sha256:...` refused where the digest is the very thing to verify.  The
real CLI."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from aeon_release.adapters import artifacts, signing, store
from aeon_release.domain import attestation
from tests.helpers import LoopbackServer, build_example
from tests.hostile.conftest import QuietHandler, config_with, git, make_repo, run_limited
from tests.hostile.test_config_files import one_error_line

TIMEOUT = 20.0


# -- status over a damaged run record among good ones ------------------------------------------------------------------
def _runs(tmp_path: Path, good: int, damaged: list[str]) -> Path:
    """A repository with ``good`` finished-looking merge runs (v0.1.0, ...) and a damaged state.json per tag named."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    sha = git(repo, "rev-parse", "HEAD")
    runs = repo / ".git" / "aeon-release" / "runs"
    for n in range(good):
        tag = f"v0.{n + 1}.0"
        (runs / tag).mkdir(parents=True)
        worktree = repo / ".git" / "aeon-release" / "worktrees" / tag
        worktree.mkdir(parents=True)
        state = {
            "tag": tag, "branch": f"fork-{tag}", "previous_branch": "fork-v0.0.1", "previous_sha": sha,
            "tag_sha": sha, "merge_base": sha, "worktree": str(worktree), "config_dir": str(tmp_path),
            "upstream_branch": None, "phase": "audit-failed", "steps_done": ["merge"], "conflicts": [],
        }  # fmt: skip
        (runs / tag / "state.json").write_text(json.dumps(state))
    for tag in damaged:
        (runs / tag).mkdir(parents=True)
        (runs / tag / "state.json").write_text('{"tag": ')
    return repo


@pytest.mark.parametrize("json_out", [[], ["--json"]], ids=["human", "json"])
def test_status_with_a_damaged_run_among_good_ones_lists_them_and_asks_a_person(
    tmp_path: Path, json_out: list[str]
) -> None:
    """`status --json` with one damaged run record among good ones listed the good ones and exited 2, which the
    README says is refused input with nothing on stdout: a script took the listing for no answer.  The good runs
    are listed, the damaged one named by its path on stderr, exit 1 (a person must look)."""
    repo = _runs(tmp_path, 2, ["v0.9.0"])
    run = run_limited("status", "--repo", repo, *json_out, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 1 and "Traceback" not in run.err, run.err
    damaged = repo / ".git" / "aeon-release" / "runs" / "v0.9.0" / "state.json"
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert line.startswith(f"error: {damaged}: run state is unreadable") and "merge --abort v0.9.0" in line, line
    if json_out:
        assert [r["tag"] for r in json.loads(run.out)] == ["v0.1.0", "v0.2.0"], run.out
    else:
        assert "v0.1.0" in run.out and "v0.2.0" in run.out and "v0.9.0" not in run.out, run.out


def test_status_names_each_damaged_run_record(tmp_path: Path) -> None:
    """Two damaged records: only the first was named, so the second came to light after the first was dropped.
    Each is named on a line of its own, then one line of how many; the good run is listed."""
    repo = _runs(tmp_path, 1, ["v0.8.0", "v0.9.0"])
    run = run_limited("status", "--repo", repo, "--json", cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 1 and [r["tag"] for r in json.loads(run.out)] == ["v0.1.0"], run.err
    lines = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert len(lines) == 3 and "runs/v0.8.0/state.json" in lines[0] and "runs/v0.9.0/state.json" in lines[1], lines
    assert lines[2].startswith("error: 2 run records are damaged") and "(hint: " in lines[2], lines


def test_status_json_with_no_readable_run_prints_nothing(tmp_path: Path) -> None:
    """Every run record damaged: refused input, exit 2, and stdout empty as the README says of exit 2 (it held `[]`,
    which a script read as "no runs")."""
    repo = _runs(tmp_path, 0, ["v0.9.0"])
    run = run_limited("status", "--repo", repo, "--json", cwd=tmp_path, timeout=TIMEOUT)
    assert "runs/v0.9.0/state.json: run state is unreadable" in one_error_line(run) and run.out == "", run.out


def test_status_with_only_good_runs_exits_0(tmp_path: Path) -> None:
    """The twin: good runs alone are a listing, exit 0, nothing on stderr called an error."""
    repo = _runs(tmp_path, 2, [])
    run = run_limited("status", "--repo", repo, "--json", cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and len(json.loads(run.out)) == 2 and "error:" not in run.err, run.err


def _release(repo: Path, tag: str, damaged: bool = False) -> Path:
    """A release record (runs/TAG/pipeline.json) of ``tag``: sealed as a release run writes it, or damaged."""
    path = repo / ".git" / "aeon-release" / "runs" / tag / "pipeline.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    if damaged:
        path.write_text("{")
    else:
        store.write_sealed(path, {"tag": tag, "date": "2026-12-04", "stages": {}})
    return path


@pytest.mark.parametrize("json_out", [[], ["--json"]], ids=["human", "json"])
def test_status_of_a_damaged_run_with_a_release_record_is_not_no_merge_yet(tmp_path: Path, json_out: list[str]) -> None:
    """The only run's state.json damaged, its pipeline.json good: status said "v0.29.0: no merge run yet", exit 1,
    and `--json` `{"tag": "v0.29.0", "state": null, ...}`, which a script reads as "not merged".  Nothing readable
    is listed: exit 2, stdout empty, the damaged record named."""
    repo = _runs(tmp_path, 0, ["v0.29.0"])
    _release(repo, "v0.29.0")
    run = run_limited("status", "--repo", repo, *json_out, cwd=tmp_path, timeout=TIMEOUT)
    assert "runs/v0.29.0/state.json: run state is unreadable" in one_error_line(run) and run.out == "", run.out


def test_status_shows_the_release_of_a_damaged_run_beside_a_good_one(tmp_path: Path) -> None:
    """A damaged run with a release record among good runs: the release is shown under the damaged tag's line,
    never as "no merge run yet"; `--json` lists the good runs alone; exit 1."""
    repo = _runs(tmp_path, 1, ["v0.29.0"])
    _release(repo, "v0.29.0")
    run = run_limited("status", "--repo", repo, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 1 and "no merge run yet" not in run.out and "v0.1.0" in run.out, run.out
    assert "v0.29.0: its run state is damaged" in run.out and "release (dated 2026-12-04)" in run.out, run.out
    listed = run_limited("status", "--repo", repo, "--json", cwd=tmp_path, timeout=TIMEOUT)
    assert listed.code == 1 and [r["tag"] for r in json.loads(listed.out)] == ["v0.1.0"], listed.out


def test_status_of_a_release_record_alone_is_still_no_merge_yet(tmp_path: Path) -> None:
    """The twin: a good release record and no merge run at all is listed as before, exit 0."""
    repo = _runs(tmp_path, 0, [])
    _release(repo, "v0.29.0")
    run = run_limited("status", "--repo", repo, "--json", cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and [(r["tag"], r["state"]) for r in json.loads(run.out)] == [("v0.29.0", None)], run.err


def test_status_over_damaged_release_records_hints_at_each_line(tmp_path: Path) -> None:
    """Two damaged pipeline.json of finished merges: the summary hint said `merge --abort TAG` drops a damaged run,
    which refuses a finished run and leaves the file; and "next: ... release v0.2.0" was said of a release whose
    record is damaged.  The summary points at each record's own line (each says `mv ... .old`); no release next."""
    repo = _runs(tmp_path, 2, [])
    for tag in ("v0.1.0", "v0.2.0"):
        state = repo / ".git" / "aeon-release" / "runs" / tag / "state.json"
        state.write_text(state.read_text().replace('"audit-failed"', '"done"'))
        git(repo, "branch", f"fork-{tag}")
        _release(repo, tag, damaged=True)
    run = run_limited("status", "--repo", repo, cwd=tmp_path, timeout=TIMEOUT)
    lines = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert run.code == 1 and len(lines) == 3 and all("mv " in line for line in lines[:2]), lines
    assert lines[2].startswith("error: 2 run records are damaged") and "merge --abort" not in lines[2], lines
    assert "release v0.2.0" not in run.err + run.out, run.err


# -- verify REPOSITORY@sha256:... ------------------------------------------------------------------------------------
MEDIA = "application/vnd.oci.image.manifest.v1+json"
IMAGE = json.dumps(
    {"schemaVersion": 2, "mediaType": MEDIA, "config": {"mediaType": MEDIA, "digest": "sha256:" + "a" * 64, "size": 2}}
).encode()
DIGEST = "sha256:" + hashlib.sha256(IMAGE).hexdigest()


class _Registry(LoopbackServer):
    """A registry holding one image by its digest (and under ``latest`` when ``tagged``), with an attestation of it
    signed by ``key`` for ``repository``; every manifest path asked is kept in ``asked``."""

    def __init__(self, key: Path, tagged: bool = False) -> None:
        owner = self
        self.asked: list[str] = []
        self.served: dict[str, bytes] = {}

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802
                owner.asked.append(self.path)
                body = owner.served.get(self.path)
                self._send(200, body, {"Content-Type": MEDIA}) if body else self._send(404, b'{"errors": []}')

        super().__init__(Handler)
        self.repository = f"127.0.0.1:{self.port}/team/app"
        statement = attestation.statement(self.repository, DIGEST, None, {"status": "passed", "detail": "x"}, "d")
        envelope = signing.sign(statement, signing.load_signer(key))
        blob = "sha256:" + hashlib.sha256(envelope).hexdigest()
        layer = {"mediaType": artifacts.ENVELOPE_TYPE, "digest": blob, "size": len(envelope)}
        att = json.dumps({"schemaVersion": 2, "mediaType": MEDIA, "layers": [layer]}).encode()
        self.served = {
            f"/v2/team/app/manifests/{DIGEST}": IMAGE,
            f"/v2/team/app/manifests/{artifacts.attestation_tag(DIGEST)}": att,
            f"/v2/team/app/blobs/{blob}": envelope,
        }
        if tagged:
            self.served["/v2/team/app/manifests/latest"] = IMAGE


@pytest.fixture
def key(tmp_path: Path) -> Path:
    assert run_limited("keygen", tmp_path / "k", cwd=tmp_path).code == 0
    return tmp_path / "k"


@pytest.mark.parametrize("tag", ["", ":latest"], ids=["digest", "tag-and-digest"])
def test_verify_of_a_digest_reference_verifies_that_digest(tmp_path: Path, key: Path, tag: str) -> None:
    """`verify app@sha256:...` (how a deployment pins what it runs) was refused, "verify reads the digest a tag
    holds": the digest cannot move, it is the very thing to verify.  It is read back by itself (no tag asked) and its
    attestation checked; `app:TAG@sha256:...` is the digest too, as docker pulls it."""
    with _Registry(key) as registry:
        reference = f"{registry.repository}{tag}@{DIGEST}"
        run = run_limited("verify", reference, "--key", f"{key}.pub", "--json", cwd=tmp_path, timeout=TIMEOUT)
        asked = registry.asked
    assert run.code == 0 and "Traceback" not in run.err, run.err
    report = json.loads(run.out)
    assert report["verified"] is True and report["digest"] == DIGEST and report["reference"] == reference, report
    assert report["audit"]["status"] == "passed" and f"verified {reference} = {DIGEST}" in run.err, run.err
    assert "/v2/team/app/manifests/latest" not in asked and f"/v2/team/app/manifests/{DIGEST}" in asked, asked


def test_verify_of_a_digest_the_registry_lacks_says_it_does_not_exist(tmp_path: Path, key: Path) -> None:
    """The twin: a digest no manifest has is no image, one line, exit 2 (an attestation alone proves nothing)."""
    other = "sha256:" + "0" * 64
    with _Registry(key) as registry:
        run = run_limited("verify", f"{registry.repository}@{other}", "--key", f"{key}.pub", cwd=tmp_path)
    assert "does not exist in the registry" in one_error_line(run), run.err


@pytest.mark.parametrize(
    "digest", ["sha512:" + "a" * 128, "sha256:" + "A" * 64, "sha256:" + "a" * 40], ids=["sha512", "upper", "short"]
)
def test_verify_of_a_digest_no_attestation_can_name_is_one_line(tmp_path: Path, key: Path, digest: str) -> None:
    """The twin: a digest that is no sha256 of 64 lowercase hex digits is refused before any request, one line."""
    for name in ("127.0.0.1:9/team/app", "127.0.0.1:9/team/app:latest"):  # the name quoted apart: no `user:PW@`
        line = one_error_line(run_limited("verify", f"{name}@{digest}", "--key", f"{key}.pub", cwd=tmp_path))
        assert "names a digest that is no sha256 of 64 lowercase hex digits" in line and name in line, line
        assert "***" not in line, line


def test_verify_of_a_tag_reads_the_tag_as_before(tmp_path: Path, key: Path) -> None:
    """The twin: `verify app:latest` reads the digest the tag holds, as before."""
    with _Registry(key, tagged=True) as registry:
        run = run_limited("verify", f"{registry.repository}:latest", "--key", f"{key}.pub", "--json", cwd=tmp_path)
    assert run.code == 0 and json.loads(run.out)["digest"] == DIGEST, run.err


# -- init in a shallow clone -------------------------------------------------------------------------------------------
def _clone(tmp_path: Path, depth: list[str]) -> Path:
    """The example's fork cloned (``--depth 1`` as actions/checkout does, or whole), on its fork branch."""
    ex = build_example(tmp_path / "ex")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", *depth, "--branch", "aeon-v0.27.1", f"file://{ex.fork}", str(clone))
    return clone


def test_init_in_a_shallow_clone_says_it_is_shallow(tmp_path: Path) -> None:
    """`init` in a clone of depth 1 (a CI checkout) found no release tag the branch contains and said "branch
    'aeon-v0.27.1' is not named PREFIX + an upstream release tag it contains" with a hint to rename it: the name was
    right, the tag's commit was cut off.  The line says the clone is shallow and how to deepen it."""
    clone = _clone(tmp_path, ["--depth", "1"])
    argv = ("init", "--repo", clone, "--dry-run", "--image", "ghcr.io/me/app", "--config", tmp_path / "cfg")
    line = one_error_line(run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT))
    assert "no upstream release tag it contains is in this clone" in line and "--unshallow" in line, line
    assert "git branch -m" not in line, line


def test_init_in_a_whole_clone_of_a_branch_named_otherwise_says_to_rename_it(tmp_path: Path) -> None:
    """The twin: a whole clone whose branch names no tag is still told to rename the branch."""
    clone = _clone(tmp_path, [])
    git(clone, "branch", "-m", "my-work")
    argv = ("init", "--repo", clone, "--dry-run", "--image", "ghcr.io/me/app", "--config", tmp_path / "cfg")
    line = one_error_line(run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT))
    assert "is not named PREFIX + an upstream release tag" in line and "git branch -m" in line, line


@pytest.mark.parametrize(
    ("name", "shallow"), [("feature-x", False), ("aeon-v0.29.0", True)], ids=["named-otherwise", "tag-cut-off"]
)
def test_init_in_a_clone_made_shallow_tells_a_misnamed_branch_to_be_renamed(
    tmp_path: Path, name: str, shallow: bool
) -> None:
    """A whole clone made shallow (`git fetch --depth 1 up main`) whose branch `feature-x` contains v0.27.1: the line
    said "this clone is shallow ... --unshallow", which changes nothing; the name is the problem.  The twin: a branch
    named after a tag the clone has but cannot see merged (v0.29.0, cut off) is still told the clone is shallow."""
    clone = _clone(tmp_path, [])
    git(clone, "branch", "-m", name)
    git(clone, "remote", "add", "up", f"file://{tmp_path / 'ex' / 'upstream'}")
    git(clone, "fetch", "-q", "--depth", "1", "up", "main")
    git(clone, "fetch", "-q", "--no-tags", "up", "tag", "v0.29.0")
    assert git(clone, "rev-parse", "--is-shallow-repository") == "true"
    argv = ("init", "--repo", clone, "--dry-run", "--image", "ghcr.io/me/app", "--config", tmp_path / "cfg")
    line = one_error_line(run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT))
    assert ("--unshallow" in line) == shallow and ("git branch -m" in line) != shallow, line


# -- merge when the branch it would make is there, checked out in a work tree --------------------------------------------
@pytest.mark.parametrize("checked_out", [True, False], ids=["in-a-worktree", "not-checked-out"])
def test_merge_over_a_branch_checked_out_elsewhere_names_that_work_tree(tmp_path: Path, checked_out: bool) -> None:
    """`aeon-v0.29.0` already there and checked out in a linked work tree: the hint said `git branch -D aeon-v0.29.0`,
    which git refuses ("cannot delete branch ... used by worktree at ...").  It names the work tree to switch first;
    a branch no work tree has is told to be deleted, as before.  Nothing changes either way."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "branch", "aeon-v0.29.0", "aeon-v0.27.1")
    if checked_out:
        git(ex.fork, "worktree", "add", "-q", str(tmp_path / "wt"), "aeon-v0.29.0")
    before = git(ex.fork, "for-each-ref")
    argv = ("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    line = one_error_line(run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT))
    assert "branch 'aeon-v0.29.0' already exists" in line and "git branch -D aeon-v0.29.0" in line, line
    assert (f"it is checked out in {tmp_path / 'wt'}: switch" in line) == checked_out, line
    assert git(ex.fork, "for-each-ref") == before


def test_merge_over_a_branch_of_a_removed_work_tree_says_to_prune_it(tmp_path: Path) -> None:
    """`aeon-v0.29.0` checked out in a linked work tree whose folder was then removed (`rm -rf`; git lists it
    prunable): the hint said to switch that work tree to another branch, and there is none to switch; `git branch
    -D` refuses until git forgets it.  The hint says `git worktree prune`, then -D, and both then work."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "branch", "aeon-v0.29.0", "aeon-v0.27.1")
    git(ex.fork, "worktree", "add", "-q", str(tmp_path / "wt"), "aeon-v0.29.0")
    shutil.rmtree(tmp_path / "wt")
    argv = ("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    line = one_error_line(run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT))
    assert f"checked out in {tmp_path / 'wt'}, a work tree since removed: `git worktree prune`, then" in line, line
    assert "switch" not in line and "git branch -D aeon-v0.29.0" in line, line
    git(ex.fork, "worktree", "prune")
    git(ex.fork, "branch", "-D", "aeon-v0.29.0")


# -- a path with a newline under a `**` glob -------------------------------------------------------------------------------
NO_SYSTEM = """rules:
  - {id: x/no-system, kind: pattern, message: no os.system, paths: ["vllm/**"], regex: "os\\\\.system", expect: absent}
  - {id: x/markers, kind: conflict-markers, message: a conflict marker}
"""
CONFLICT = "<" * 7 + " ours\nx = 1\n" + "=" * 7 + "\nx = 2\n" + ">" * 7 + " theirs\n"


@pytest.mark.parametrize("rev", [[], ["--rev", "HEAD"], ["--changed-since", "HEAD~1"]], ids=["tree", "rev", "since"])
def test_a_path_with_a_newline_is_under_the_globs_that_name_it(tmp_path: Path, rev: list[str]) -> None:
    """``**`` was the regex ``.*``, whose ``.`` takes no newline: `vllm/x<LF>y/evil.py` was under no ``vllm/**`` rule
    and `b<LF>c.txt` under no conflict-markers rule (default paths ``**``): both passed the gate, exit 0, while
    `vllm/e<LF>vil.py` (``*`` is ``[^/]``) was found.  Each is found, in the tree, at a revision and in a pull
    request's changes."""
    repo = make_repo(tmp_path / "r", {"vllm/ok.py": "x = 1\n"})
    make_repo(repo, {b"vllm/x\ny/evil.py": 'import os\nos.system("id")\n', b"b\nc.txt": CONFLICT}, "evil")
    argv = ("audit", "--repo", repo, "--config", config_with(tmp_path, NO_SYSTEM), "--format", "json", *rev)
    run = run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 1, run.err
    found = {(f["rule"], f["path"]) for f in json.loads(run.out)["findings"]}
    assert ("x/no-system", "vllm/x\ny/evil.py") in found and ("x/markers", "b\nc.txt") in found, found


def test_a_newline_before_the_globs_folder_is_not_under_it(tmp_path: Path) -> None:
    """The twin: `vllm<LF>x/evil.py` is in no folder `vllm`, and a clean file with a newline is clean: exit 0."""
    files = {"vllm/ok.py": "x = 1\n", b"vllm\nx/evil.py": 'import os\nos.system("id")\n', b"a\nb.txt": "fine\n"}
    repo = make_repo(tmp_path / "r", files)
    argv = ("audit", "--repo", repo, "--config", config_with(tmp_path, NO_SYSTEM))
    run = run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and "Traceback" not in run.err, run.out + run.err


# -- a text option given '' ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (("build", "--version", "v0.29.0", "--rev", "", "--dry-run"), "--rev"),
        (("build", "--version", "v0.29.0", "--tag", "", "--dry-run"), "--tag"),
        (("init", "--dry-run", "--image", "ghcr.io/me/app", "--onto", ""), "--onto"),
        (("init", "--dry-run", "--image", "ghcr.io/me/app", "--upstream-remote", ""), "--upstream-remote"),
        (("audit", "--changed-since", ""), "--changed-since"),
    ],
    ids=["build-rev", "build-tag", "init-onto", "init-remote", "audit-since"],
)
def test_a_text_option_given_nothing_is_refused(tmp_path: Path, argv: tuple[str, ...], option: str) -> None:
    """``--rev "$REV"`` with REV unset: `build --rev ''` built HEAD, `init --onto ''` read the branch checked out,
    `audit --changed-since ''` the whole tree, each as if the option were absent (and exit 0 where that passed).
    One line naming the option, exit 2, before anything runs."""
    ex = build_example(tmp_path / "ex")
    run = run_limited(*argv, "--repo", ex.fork, "--config", ex.config, cwd=tmp_path, timeout=TIMEOUT)
    line = one_error_line(run)
    assert f"'{option}': an empty value (an unset variable?)" in line, line


def test_a_text_option_given_a_value_is_read_as_before(tmp_path: Path) -> None:
    """The twin: `audit --changed-since REV` and `build --rev BRANCH --dry-run` read their values."""
    ex = build_example(tmp_path / "ex")
    base = ("--repo", ex.fork, "--config", ex.config)
    assert run_limited("audit", "--changed-since", "HEAD", *base, cwd=tmp_path, timeout=TIMEOUT).code == 0
    run = run_limited("build", "--version", "v0.27.1", "--rev", "aeon-v0.27.1", "--dry-run", *base, cwd=tmp_path)
    assert "an empty value" not in run.err and "Traceback" not in run.err, run.err


# -- a registry that breaks off its answer ---------------------------------------------------------------------------------
class _CutShort(LoopbackServer):
    """A registry whose every answer promises 100 bytes and sends 12 (or, ``whole``, sends them all)."""

    def __init__(self, whole: bool = False) -> None:
        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802
                body = b'{"tags": []}'
                self.send_response(404)
                self.send_header("Content-Length", str(len(body) if whole else 100))
                self.end_headers()
                self.wfile.write(body)

        super().__init__(Handler)


@pytest.mark.parametrize("whole", [False, True], ids=["cut-short", "whole"])
def test_a_registry_that_breaks_off_its_answer_is_said_to(tmp_path: Path, whole: bool) -> None:
    """An answer cut short (fewer bytes than its Content-Length: a proxy's timeout, a registry restarting) was
    "registry ... is unreachable: ChunkedEncodingError (hint: check the registry address ...)": the address was
    answering.  One line saying it broke off; the twin, the same answer whole, reads as no such tag, as before."""
    with _CutShort(whole) as registry:
        argv = ("releases", "--repository", f"127.0.0.1:{registry.port}/team/app", "--config", config_with(tmp_path))
        run = run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT)
    assert "Traceback" not in run.err and "unreachable" not in run.err, run.err
    assert ("broke off its answer" in run.err) != whole, run.err
