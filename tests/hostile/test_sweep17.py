"""Hostile-input sweep 17: files of the tool's that it acts on, rewritten consistently by hand (a run state
naming a forged commit stacked on its head, another fork branch, steps, carries or a pending item done; a
release's pipeline state naming another image; a merge report and a build's provenance record written
by hand); arch lists and devices of no CUDA major; ``settings: severity`` that would lower the carries'
markers; branch prefixes git refuses; a signal to the whole process group while the audit's workers
wait; a registry that says one digest and serves another.  Real git, real processes, a real HTTP
server; one line and a documented exit code, never a traceback, and the user's checkout, index and
branches as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import build_example, run_cli, snapshot
from tests.hostile.conftest import git, release_stopped_at_build
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_sweep15 import _refs

WAIVE = ("--waive", "kv-quant/literals-match-enum=ok")


# -- a run state rewritten consistently ------------------------------------------------------------------------
def _refused(fork: Path, state_file: Path, edited: dict[str, object], *argv: str) -> str:
    """``merge --continue`` on ``edited`` written as the state: one line, nothing of the user's touched."""
    before, refs = snapshot(fork), _refs(fork)
    state_file.write_text(json.dumps(edited))
    line = one_error_line(run_cli("merge", "--continue", *argv, "--repo", fork))
    assert snapshot(fork) == before and _refs(fork) == refs, line
    return line


def test_a_forged_commit_stacked_on_the_runs_head_is_never_built_on(stopped: tuple[Path, Path]) -> None:
    """Sweep 16 made the head a commit on the run's own line (the fork branch, the tag merged, commits on
    top): with the worktree gone, a state naming a commit of anyone's stacked on the run's real head passed
    that, and ``--continue --waive`` audited it and created the fork branch there."""
    fork, state_file = stopped
    state = json.loads(state_file.read_text())
    git(fork, "worktree", "remove", "--force", state["worktree"])
    tree = git(fork, "rev-parse", "upstream/main^{tree}")
    forged = git(fork, "commit-tree", tree, "-p", state["head"], "-m", "looks like a fix")
    edited = state | {"head": forged, "pending": state["pending"] | {"parents": [forged]}}
    line = _refused(fork, state_file, edited, *WAIVE)
    assert "not the run state the v0.29.0 run last wrote" in line and "merge --abort v0.29.0" in line, line
    assert git(fork, "branch", "--list", "aeon-v0.29.0") == ""
    state_file.write_text(json.dumps(state))  # its own state, in any layout, is continued
    done = run_cli("merge", "--continue", *WAIVE, "--repo", fork)
    assert done.code == 0, done.err
    assert git(fork, "rev-parse", "aeon-v0.29.0") == state["head"]


def test_another_fork_branch_named_consistently_is_refused(stopped: tuple[Path, Path]) -> None:
    """The plan of a resumed run is built from what the state names: a state naming another branch, with
    that branch's sha and merge base (and the head at it), passed every check against the plan it made."""
    fork, state_file = stopped
    state = json.loads(state_file.read_text())
    git(fork, "branch", "mine", f"{state['previous_sha']}~1")
    mine = git(fork, "rev-parse", "mine")
    edited = state | {
        "previous_branch": "mine",
        "previous_sha": mine,
        "merge_base": git(fork, "merge-base", mine, state["tag_sha"]),
        "head": mine,
        "pending": state["pending"] | {"parents": [mine]},
    }
    line = _refused(fork, state_file, edited, *WAIVE)
    assert "not the run state the v0.29.0 run last wrote" in line, line


EDITS = {
    "audit done": lambda s: s | {"steps_done": [*s["steps_done"], "audit"], "phase": "running"},
    "every step done": lambda s: s | {"steps_done": ["merge", "carries", "picks", "audit"]},
    "another pending item": lambda s: s | {"pending": s["pending"] | {"item": "picks:#1"}},
    "no pending commit": lambda s: s | {"pending": None, "phase": "running"},
    "no audit": lambda s: s | {"audit": None},
    "carries forgotten": lambda s: s | {"carries": {}, "steps_done": ["merge"]},
    "a carry record": lambda s: s | {"carries": {"fp8-kv": {"status": "missing"}}},
    "a waiver": lambda s: s | {"waivers": [{"rule": "kv-quant/literals-match-enum", "reason": "x"}]},
}


def test_a_state_marking_work_done_that_was_not_is_refused(stopped: tuple[Path, Path]) -> None:
    """``steps_done`` with ``audit`` in it had ``--continue`` create the fork branch without the audit; a
    pending item, a carry or a pick record rewritten is acted on the same way (the item skipped, the
    carry dropped).  What the run did is proved by its own writes, not by what the file says.  Each
    refusal leaves everything as it was, so the edits share one stopped run."""
    fork, state_file = stopped
    state = json.loads(state_file.read_text())
    for what, edit in EDITS.items():
        line = _refused(fork, state_file, edit(state))
        assert "not the run state the v0.29.0 run last wrote" in line and "merge --abort v0.29.0" in line, (what, line)
        assert git(fork, "branch", "--list", "aeon-v0.29.0") == "", what


def test_a_state_without_its_seal_is_refused_and_abort_still_drops_it(stopped: tuple[Path, Path]) -> None:
    fork, state_file = stopped
    (state_file.parent / "state.sealed").unlink()
    line = one_error_line(run_cli("merge", "--continue", "--repo", fork))
    assert "has no seal" in line and "merge --abort v0.29.0" in line, line
    assert run_cli("merge", "--abort", "--repo", fork).code == 0
    assert not state_file.exists()


def test_a_run_killed_between_its_seal_and_its_state_is_continued(stopped: tuple[Path, Path]) -> None:
    """The seal is written first: a run killed before the state followed leaves the previous state, which
    the seal still names beside the new one."""
    fork, state_file = stopped
    seal = state_file.parent / "state.sealed"
    seal.write_text(seal.read_text().split()[-1] + "\n" + "ab" * 32 + "\n")
    done = run_cli("merge", "--continue", *WAIVE, "--repo", fork)
    assert done.code == 0, done.err


# -- a release's pipeline state and a merge report the runs did not write ---------------------------------------
def test_a_release_resumed_with_a_forged_image_id_is_refused(tmp_path: Path) -> None:
    """``release`` publishes the image its pipeline state's build result names: a pipeline.json edited to
    mark the build done with another image id (one aeon-release built and audited for an older release)
    had that image pushed under this release's dated tag and ``:latest`` moved to it.  The run stopped
    at its build here (no Docker engine answers), as a real one does; the edit is refused before any
    stage runs."""
    ex, argv, no_docker = release_stopped_at_build(tmp_path)
    pipeline = ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "pipeline.json"
    state = json.loads(pipeline.read_text())
    assert state["stages"]["build"]["status"] == "failed"
    forged = {"status": "done", "seconds": 1, "result": {"image_id": "sha256:" + "ab" * 32, "tag": "x:v0.29.0"}}
    for edited in (
        state | {"stages": state["stages"] | {"build": forged}},
        state | {"stages": state["stages"] | {"build": forged, "publish": forged}},
        state | {"options": state["options"] | {"latest": False}},
    ):
        pipeline.write_text(json.dumps(edited))
        line = one_error_line(run_cli(*argv, env=no_docker))
        assert "not the release pipeline state the v0.29.0 release last wrote" in line and "mv " in line, line
    pipeline.write_text(json.dumps(state, indent=1))  # its own, in any layout
    again = run_cli(*argv, env=no_docker)
    assert again.code == 2 and "Docker engine does not answer" in again.err, again.err


def test_a_merge_report_written_by_hand_is_no_audit(tmp_path: Path) -> None:
    """The build's audit gate takes a finished merge run's clean report for the audit of its branch tip: a
    report.json written by hand at any revision (upstream's main, which lacks every carry) had that
    revision built as "passed" with no audit run.  Only a report a merge run sealed counts."""
    from aeon_release.adapters.store import RunStore
    from aeon_release.errors import NeedsHuman
    from aeon_release.pipeline.audit_gate import audited_revision

    ex = build_example(tmp_path / "ex")
    sha = git(ex.fork, "rev-parse", "upstream/main")
    forged = {"state": "done", "tag": "v9.9.9", "branch_sha": sha, "audit": {"errors": 0}}
    folder = ex.fork / ".git" / "aeon-release" / "runs" / "v9.9.9"
    folder.mkdir(parents=True)
    (folder / "report.json").write_text(json.dumps(forged))
    with pytest.raises(NeedsHuman, match="audit finding"):
        audited_revision(ex.fork, sha, ex.config)  # audited afresh: upstream's main lacks the carries
    RunStore(ex.fork / ".git", "v9.9.9").write_report(forged)  # as a run writes it: the run's word
    assert audited_revision(ex.fork, sha, ex.config).detail == "merge run v9.9.9: clean"


# -- init reading an arch list of majors CUDA has not --------------------------------------------------------
@pytest.mark.parametrize("arch_list", ["49.9a", "0.0;12.1a"])
def test_init_writes_no_major_cuda_has_not(tmp_path: Path, arch_list: str) -> None:
    """``49.9a`` and ``0.0`` are spelt like arches: init wrote ``fp4_majors: [49]`` into fleet.yaml and the
    device's capability as 0.0 or 49.9 into the rules, and build handed such a list to nvcc.  An entry of
    no CUDA major is no arch: init says nothing of it, and build refuses it with one line."""
    from aeon_release.adapters.yamlio import load_yaml
    from tests.first_hour.test_init import PLATFORM

    ex = build_example(tmp_path / "ex")
    for name, text in {
        "Dockerfile": f"FROM scratch\nARG TORCH_CUDA_ARCH_LIST={arch_list}\n",
        "pkg/p.py": PLATFORM,
    }.items():
        (ex.fork / name).parent.mkdir(parents=True, exist_ok=True)
        (ex.fork / name).write_text(text)
    git(ex.fork, "add", "-A")
    git(ex.fork, "commit", "-qm", "the image")
    config = tmp_path / "cfg"
    done = run_cli("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/me/x")
    assert done.code == 0, done.err
    written = "\n".join(p.read_text() for p in sorted(config.rglob("*.yaml")))
    fp4 = (load_yaml(config / "fleet.yaml").get("arch") or {}).get("fp4_majors") or []
    assert all(3 <= m <= 19 for m in fp4), written
    assert "capability: '49" not in written and "capability: '0." not in written
    refused = run_cli(
        "build", "--repo", ex.fork, "--version", "v0.30.0", "--config", config, "--skip-audit", "x",
        "--dockerfile", ex.fork / "Dockerfile", "--build-arg", f"TORCH_CUDA_ARCH_LIST={arch_list}",
    )  # fmt: skip
    line = one_error_line(refused)
    assert "is not an arch" in line and "CUDA majors are 3 to 19" in line, line


@pytest.mark.parametrize("arch_list", ["999.9a", "0.0", "2.0;12.1a", "20.0"])
def test_an_arch_of_no_cuda_major_is_no_arch(arch_list: str) -> None:
    from aeon_release.domain import archprobe
    from aeon_release.errors import UsageError

    with pytest.raises(UsageError, match="is not an arch \\(CUDA majors are 3 to 19\\)"):
        archprobe.parse_arch_list(arch_list)
    assert [a.text for a in archprobe.parse_arch_list("3.5;12.1a;19.9f")] == ["3.5", "12.1a", "19.9f"]


def test_a_fleet_yaml_of_a_major_cuda_has_not_is_refused(tmp_path: Path) -> None:
    from aeon_release.domain import profile
    from aeon_release.errors import ConfigError

    for arch in ("{fp4_majors: [49]}", "{fp4_majors: [0]}", "{only_major: 999}"):
        (tmp_path / "fleet.yaml").write_text(f"branch_prefix: a-\nimage: {{repository: x}}\narch: {arch}\n")
        with pytest.raises(ConfigError, match=r"fleet\.yaml: arch"):
            profile.load(tmp_path)


# -- settings: severity and settings: device as a stranger writes them ------------------------------------------
@pytest.fixture(scope="module")
def lost_carry(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The example fork and its config: ``audit --rev upstream/main`` finds the carries' markers lost."""
    ex = build_example(tmp_path_factory.mktemp("sev") / "ex")
    return ex.fork, ex.config


def _with_rules(config: Path, where: Path, text: str) -> Path:
    import shutil

    shutil.copytree(config, where)
    (where / "audits" / "zz.yaml").write_text(text)
    return where


@pytest.mark.parametrize("pattern", ["'*'", "'***'", "'*/*'"])
def test_no_severity_glob_makes_a_lost_carry_a_warning(
    lost_carry: tuple[Path, Path], tmp_path: Path, pattern: str
) -> None:
    """``settings: severity`` with ``'*': warning`` in any rule file turned every error into a warning,
    the carries' markers with them: a merge that lost a carry passed the gate, exit 0."""
    fork, config = lost_carry
    where = _with_rules(config, tmp_path / "cfg", f"settings:\n  severity:\n    {pattern}: warning\nrules: []\n")
    run = run_cli("audit", "--repo", fork, "--config", where, "--rev", "upstream/main")
    assert run.code == 1, run.err
    assert any(line.startswith("error") and "carry-marker/" in line for line in run.out.splitlines()), run.out


@pytest.mark.parametrize("pattern", ["carry-marker/*", "c*", "carry-marker/triton-nvfp4-kv"])
def test_a_severity_that_can_only_lower_the_always_blocking_checks_is_refused(
    lost_carry: tuple[Path, Path], tmp_path: Path, pattern: str
) -> None:
    fork, config = lost_carry
    where = _with_rules(config, tmp_path / "cfg", f"settings:\n  severity:\n    {pattern}: warning\nrules: []\n")
    line = one_error_line(run_cli("audit", "--repo", fork, "--config", where, "--rev", "upstream/main"))
    assert f"settings.severity.{pattern}: the carries' markers" in line and "status: dropped" in line, line


def test_a_severity_pattern_is_quoted_short(lost_carry: tuple[Path, Path], tmp_path: Path) -> None:
    """A 200-character glob that names no rule was repeated whole in the line."""
    fork, config = lost_carry
    glob = "*?" * 100
    where = _with_rules(config, tmp_path / "cfg", f"settings:\n  severity:\n    '{glob}': error\nrules: []\n")
    line = one_error_line(run_cli("audit", "--repo", fork, "--config", where))
    assert "names no rule" in line and glob not in line and len(line) < 300, line


@pytest.mark.parametrize("capability", ["0.0", "49.9", "2.1"])
def test_a_device_of_no_cuda_major_is_refused(lost_carry: tuple[Path, Path], tmp_path: Path, capability: str) -> None:
    fork, config = lost_carry
    text = f'settings:\n  device:\n    capability: "{capability}"\n    at_least: [has_device_capability]\nrules: []\n'
    line = one_error_line(run_cli("audit", "--repo", fork, "--config", _with_rules(config, tmp_path / "cfg", text)))
    assert "settings.device.capability" in line and "no CUDA device's" in line, line


# -- a branch prefix that makes names git refuses ---------------------------------------------------------------
@pytest.mark.parametrize("prefix", ["a..b", "a.lock/", "x/.hidden-", "refs/heads/", "fork//"])
def test_a_branch_prefix_git_refuses_is_refused_before_the_merge(tmp_path: Path, prefix: str) -> None:
    """``a..b`` and ``a.lock/`` passed fleet.yaml's schema: a merge made every commit, audited them, then
    git refused to create ``a..bv0.29.0`` (and ``--continue`` failed the same way, the branch pinned by
    the run).  ``refs/heads/`` made a branch ``refs/heads/refs/heads/v0.29.0``."""
    ex = build_example(tmp_path / "ex")
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("branch_prefix: aeon-", f"branch_prefix: '{prefix}'"))
    run = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", "--onto", "aeon-v0.27.1")
    line = one_error_line(run)
    assert "fleet.yaml: branch_prefix:" in line and "git refuses or misreads" in line, line
    assert not (ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0").exists()


def test_a_tag_with_a_lock_part_is_no_name() -> None:
    from aeon_release.adapters.git import validate_ref_name
    from aeon_release.errors import UsageError

    for name in ("v1.lock/x", "v1/.x", "a/b.lock"):
        with pytest.raises(UsageError, match="is not a valid name"):
            validate_ref_name(name, "tag")
    assert validate_ref_name("fork/v0.29.0-rc1", "tag") == "fork/v0.29.0-rc1"


# -- a signal to the whole process group while the audit's workers wait ---------------------------------------
IDLE_WORKERS = """
import time
from aeon_release.domain.audits import runner
from aeon_release.errors import error_handler, stop_on_sigterm

with error_handler(), stop_on_sigterm():  # as the CLI's entry point runs a command
    with runner.signals_held():  # as the bulk pass starts its workers
        pool = runner.worker_pool()
        started = pool.submit(int, 1)
    started.result()  # the workers are up, and wait for work
    print("ready", flush=True)
    time.sleep(30)
"""


@pytest.mark.parametrize(
    ("signame", "code", "said"), [("SIGTERM", 143, "terminated (SIGTERM)"), ("SIGINT", 130, "interrupted")]
)
def test_a_signal_to_the_process_group_leaves_no_worker_traceback(signame: str, code: int, said: str) -> None:
    """Ctrl-C, a cancelled CI job or ``timeout`` signal the whole process group: the bulk pass's workers,
    forked with the main process's SIGTERM handler (and Python's for SIGINT), raised it where they waited
    for work, and each printed a traceback after the one line (``audit --repo /`` under ``timeout``).  A real
    pool, the one the bulk pass makes; waiting workers are the state a big audit leaves them in while the
    targeted rules and the merge-aware checks run."""
    import os
    import signal
    import subprocess
    import sys

    from tests.hostile.conftest import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", IDLE_WORKERS], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
        os.killpg(proc.pid, getattr(signal, signame))
        _, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    text = err.decode()
    assert proc.returncode == code and "Traceback" not in text, text
    assert text.strip().splitlines() == [f"{said}: run `aeon-release status` to see where the run stands"], text


# -- the build's provenance record, as publish reads it ----------------------------------------------------------
def test_a_provenance_record_written_by_hand_is_no_build(tmp_path: Path) -> None:
    """``publish`` takes the audit of an image from the build's provenance record, found by image id: one
    written by hand (any local image's id, ``"status": "passed"``) had ``publish`` sign a passed audit for
    an image no build made and move ``:latest`` to it.  Only a record a build sealed counts; a FIFO, a
    device or a record of other shapes there is one line."""
    import os

    from aeon_release.domain import attestation
    from aeon_release.errors import StateError

    common = tmp_path / ".git"
    image_id = "sha256:" + "cd" * 32
    forged = {
        "image_id": image_id, "tag": "x:1", "revision": "0" * 40, "platform": "linux/amd64",
        "built_at": "2026-12-02T00:00:00Z", "audit": {"status": "passed", "detail": "x"},
    }  # fmt: skip
    path = attestation._path(common, image_id)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(forged))
    assert attestation.lookup(common, image_id) is None  # publish: "not built by aeon-release"
    attestation.record(common, attestation.Provenance(**forged))  # as a build writes it
    assert attestation.lookup(common, image_id) == attestation.Provenance(**forged)
    path.write_text(json.dumps(forged | {"audit": {"status": "passed", "detail": "edited"}}))
    assert attestation.lookup(common, image_id) is None
    for damaged in ([1], forged | {"audit": [1]}):
        path.write_text(json.dumps(damaged))
        with pytest.raises(StateError, match="build record is unreadable"):
            attestation.lookup(common, image_id)
    path.unlink()
    os.mkfifo(path)
    with pytest.raises(StateError, match="not a regular file"):
        attestation.lookup(common, image_id)


# -- a registry that says one digest and serves another ----------------------------------------------------------
def test_latest_is_read_back_by_its_bytes_not_by_what_the_registry_says() -> None:
    """``:latest`` was read back after its move with a HEAD, whose digest header is only what the
    registry says: one that answered with the digest it was asked to hold and served other bytes had the
    move pass as done.  The read-back hashes the manifest served.  A real HTTP server on 127.0.0.1 that
    lies (the registry binary never does)."""
    import hashlib
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from aeon_release.adapters.registry import Registry, Repository
    from aeon_release.errors import NeedsHuman
    from aeon_release.pipeline.publish import LATEST, move_latest

    media = "application/vnd.oci.image.manifest.v1+json"
    ours, theirs = (json.dumps({"schemaVersion": 2, "mediaType": media, "n": n}).encode() for n in ("ours", "theirs"))
    digest = {body: "sha256:" + hashlib.sha256(body).hexdigest() for body in (ours, theirs)}
    served: dict[str, bytes] = {digest[ours]: ours, digest[theirs]: theirs}
    claimed: dict[str, str] = {}

    class Lying(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _reply(self, head: bool) -> None:
            ref = self.path.rsplit("/", 1)[-1]
            body = served.get(ref)
            if body is None:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", media)
            self.send_header("Docker-Content-Digest", claimed.get(ref, digest[body]))
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head:
                self.wfile.write(body)

        def do_HEAD(self) -> None:
            self._reply(head=True)

        def do_GET(self) -> None:
            self._reply(head=False)

        def do_PUT(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            served[LATEST] = theirs  # keeps another manifest, and says it holds the one put
            claimed[LATEST] = "sha256:" + hashlib.sha256(body).hexdigest()
            self.send_response(201)
            self.send_header("Docker-Content-Digest", claimed[LATEST])
            self.send_header("Content-Length", "0")
            self.end_headers()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Lying)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        client = Registry(Repository(f"127.0.0.1:{server.server_address[1]}", "team/app"))
        with pytest.raises(NeedsHuman, match=f"reads back as {digest[theirs]}, not {digest[ours]}"):
            move_latest(client, digest[ours], expected=None)
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("arch_list", ["9.0a,12.1a", "12.1a\u00a010.0a", "12.1a\u300010.0a"])
def test_an_arch_list_torch_would_not_split_is_refused_at_preflight(arch_list: str) -> None:
    """torch and its CMake split TORCH_CUDA_ARCH_LIST on ';', spaces and tabs alone: a comma or a
    no-break space makes one entry the build refuses hours later, so preflight refuses it now."""
    from aeon_release.domain import archprobe
    from aeon_release.errors import UsageError

    with pytest.raises(UsageError, match="is not an arch") as caught:
        archprobe.parse_arch_list(arch_list)
    assert "separated by ';'" in (caught.value.hint or "")
    assert [a.text for a in archprobe.parse_arch_list(" 9.0a; 12.1a\t10.0a ")] == ["9.0a", "12.1a", "10.0a"]
