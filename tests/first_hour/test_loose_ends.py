"""Loose ends a maintainer hits after the first runs: a git setting the worktree-less merge skipped, a run
folder removed by hand, a --json report with a text copy on stderr, a build record of an older version, a
dry run that called a stage done on a branch that moved."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo
from tests.conftest import docker_archive
from tests.helpers import build_example, error_lines, git, run_cli, snapshot


def one_line(err: str) -> str:
    lines = error_lines(err)
    assert len(lines) == 1 and lines[0].startswith("error: ") and "(hint: " in lines[0], err
    return lines[0]


def test_image_report_json_is_alone_and_stderr_stays_quiet(tmp_path: Path) -> None:
    """`image-report --json` printed the whole text report on stderr beside the JSON on stdout: a CI step
    that keeps both streams (or `2>&1 | jq`) showed it twice or broke the parse.  JSON alone, stderr empty."""
    import io
    import tarfile

    layer = io.BytesIO()
    with tarfile.open(fileobj=layer, mode="w") as tar:
        info = tarfile.TarInfo("bin/x")
        info.size = 3
        tar.addfile(info, io.BytesIO(b"abc"))
    archive = tmp_path / "image.tar"
    archive.write_bytes(docker_archive(layer.getvalue(), "arm64", "aeon/x:1", ["/bin/x"]))
    result = run_cli("image-report", f"docker-archive:{archive}", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["layers"] and result.err == "", result.err
    text = run_cli("image-report", f"docker-archive:{archive}")
    assert text.code == 0 and "1 layers" in text.out and text.err == "", text.err


def _signed_tag(ex: demo_repo.Example, tmp_path: Path) -> Path:
    """v0.29.1: one commit over v0.29.0, signed with an ssh key (gpg.format=ssh); the key's allowed-signers
    file, which the fork's config names only when a test trusts it."""
    import subprocess

    key = tmp_path / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "rel@upstream", "-f", key], check=True)
    signers = tmp_path / "allowed_signers"
    signers.write_text(f"rel@upstream {(tmp_path / 'key.pub').read_text().strip()}\n")
    up = ex.upstream
    git(up, "switch", "-q", "-c", "rel", "v0.29.0")
    (up / "NOTICE").write_text("signed\n")
    git(up, "add", "NOTICE")
    git(up, "-c", "gpg.format=ssh", "-c", f"user.signingKey={key}", "commit", "-q", "-S", "-m", "Release v0.29.1")
    git(up, "tag", "v0.29.1")
    git(ex.fork, "fetch", "-q", "upstream", "tag", "v0.29.1")
    git(ex.fork, "config", "gpg.format", "ssh")
    return signers


@pytest.mark.parametrize("tag", ["v0.29.0", "v0.29.1"])
def test_merge_verify_signatures_is_honoured_without_a_worktree(tmp_path: Path, tag: str) -> None:
    """merge.verifySignatures=true: `git merge` refuses a commit without a good signature by a trusted key.  The
    worktree-less merge (merge-tree, commit-tree) read no such setting and made the merge of an unsigned tag,
    exit 0; only a conflicted one, merged again in a worktree, stopped.  Refused before anything is made (the
    unsigned tag; the signed one while its key is not trusted); the signed tag with its key trusted merges."""
    ex = build_example(tmp_path / "ex")
    signers = _signed_tag(ex, tmp_path)
    git(ex.fork, "config", "merge.verifySignatures", "true")
    before = snapshot(ex.fork)
    args = ("merge", tag, "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    for dry in ((), ("--dry-run",)):
        refused = run_cli(*args, *dry)
        assert refused.code == 2, refused.err
        line = one_line(refused.err)
        assert f"merge.verifySignatures is on: {tag}'s commit" in line and "git merge would refuse it" in line
        assert "does not have a GPG signature" in line, line  # git's words for both (no signer git can check)
        assert "git config merge.verifySignatures false" in line and snapshot(ex.fork) == before
    git(ex.fork, "config", "gpg.ssh.allowedSignersFile", str(signers))
    after = run_cli(*args)
    if tag == "v0.29.0":
        assert after.code == 2 and "does not have a GPG signature" in after.err, after.err
    else:
        assert after.code == 0, after.err
        assert git(ex.fork, "rev-parse", f"aeon-{tag}^{{commit}}")


@pytest.mark.parametrize(("value", "code"), [("only", 2), ("false", 0), ("true", 0)])
def test_merge_ff_only_is_refused_with_the_setting_named(tmp_path: Path, value: str, code: int) -> None:
    """merge.ff=only: `git merge` refuses any merge that is no fast-forward, as the merge of a tag onto the fork
    never is; the worktree-less merge made it anyway.  Refused, naming the setting and the per-repository way
    out; merge.ff=false (always a merge commit) is what the run does."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "merge.ff", value)
    result = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    assert result.code == code, result.err
    if code:
        line = one_line(result.err)
        assert "merge.ff=only" in line and "git config merge.ff true" in line, line


def _conflicted_run(tmp_path: Path) -> tuple[demo_repo.Example, Path]:
    """A merge of v0.29.0 stopped on a conflict (the fork edited docs/serving.md too): its worktree is there."""
    ex = build_example(tmp_path / "ex")
    with (ex.fork / "docs" / "serving.md").open("a") as handle:
        handle.write("Fork line.\n")
    git(ex.fork, "commit", "-qam", "fork docs")
    stopped = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert stopped.code == 1, stopped.err
    worktree = ex.fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0"
    assert worktree.is_dir()
    return ex, worktree


@pytest.mark.parametrize("abort", [("--abort", "v0.29.0"), ("--abort",)])
def test_a_run_folder_removed_by_hand_leaves_a_worktree_status_names(tmp_path: Path, abort: tuple[str, ...]) -> None:
    """`rm -rf .git/aeon-release/runs/v0.29.0` of a stopped run: `status` said "no aeon-release runs" over the
    worktree still registered with git, and `merge --abort v0.29.0` said "no run" (exit 2) and kept it.  Now status
    names what it found and the way out (exit 0); --abort removes the worktree and git's record of it, no branch
    touched."""
    ex, worktree = _conflicted_run(tmp_path)
    branches = git(ex.fork, "for-each-ref", "refs/heads")
    shutil.rmtree(ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0")
    status = run_cli("status", "--repo", ex.fork)
    assert status.code == 0, status.err
    assert "v0.29.0: no run state (its run folder was removed), but its worktree is left" in status.out, status.out
    assert str(worktree) in status.out and "no aeon-release runs" not in status.out
    assert "next: `aeon-release merge --abort v0.29.0` removes it" in status.err, status.err
    dropped = run_cli("merge", *abort, "--repo", ex.fork)
    assert dropped.code == 0 and "its worktree" in dropped.out and "removed, no branch touched" in dropped.out
    assert not worktree.exists() and len(git(ex.fork, "worktree", "list").splitlines()) == 1
    assert git(ex.fork, "for-each-ref", "refs/heads") == branches
    assert "no aeon-release runs" in run_cli("status", "--repo", ex.fork).out


def test_a_stopped_run_whose_worktree_was_removed_says_so(tmp_path: Path) -> None:
    """`rm -rf` of the run's worktree: `status` still said "resolve the conflicted files in PATH" (a folder no
    longer there) while `--continue` said the worktree is gone.  Status says it is gone, and the same way out."""
    ex, worktree = _conflicted_run(tmp_path)
    shutil.rmtree(worktree)
    status = run_cli("status", "--repo", ex.fork)
    assert status.code == 0 and f"worktree: {worktree} is gone" in status.out, status.out
    assert "resolve the conflicted files" not in status.err, status.err
    assert "`aeon-release merge --abort v0.29.0`, then `aeon-release merge v0.29.0` again" in status.err
    assert run_cli("merge", "--abort", "--repo", ex.fork).code == 0


def test_release_dry_run_says_which_done_stages_run_again_and_why(tmp_path: Path) -> None:
    """A release stopped at its build, then a fix committed on the fork branch: `release --dry-run` planned the
    merge stage as "aeon-v0.29.0 already merged at OLD: nothing to do" (its --json said only that) while the run
    records the branch anew and audits it again.  Each stage that runs again says so and why, in the text and
    the JSON; with the branch deleted, the merge stage says it merges again."""
    from tests.hostile.conftest import release_stopped_at_build
    from tests.pipeline.test_release_rebound import _hotfix

    ex, argv, no_docker = release_stopped_at_build(tmp_path)
    pipeline = ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "pipeline.json"
    before = pipeline.read_text()
    fixed = _hotfix(ex.fork)[:12]
    text = run_cli(*argv, "--dry-run", env=no_docker)
    plan = run_cli(*argv, "--dry-run", "--json", env=no_docker)
    assert text.code == plan.code == 0, text.err + plan.err
    stages = plan.json()["stages"]
    for stage in ("merge", "audit"):
        assert stages[stage][0].startswith(f"runs again on {fixed}, though done before: aeon-v0.29.0 moved"), stages
    assert "nothing to do" not in text.out and "(the merge is kept), and at " + fixed in stages["merge"][1]
    assert f"  runs again on {fixed}" in text.out and pipeline.read_text() == before
    git(ex.fork, "branch", "-D", "aeon-v0.29.0")
    gone = run_cli(*argv, "--dry-run", "--json", env=no_docker)
    assert gone.code == 0 and gone.json()["stages"]["merge"][0].startswith("merge v0.29.0 again: aeon-v0.29.0")


def _old_record(tmp_path: Path) -> tuple[Path, str]:
    """A build record as an aeon-release before variants wrote it: no ``variant`` key, sealed as it was written."""
    from aeon_release.adapters import store

    common = tmp_path / "repo" / ".git"
    common.mkdir(parents=True)
    image_id = "sha256:" + "ab" * 32
    data = {
        "image_id": image_id,
        "tag": "aeon-vllm:v0.29.0",
        "revision": "0" * 40,
        "platform": "linux/arm64",
        "built_at": "2026-09-11T00:00:00Z",
        "audit": {"status": "passed", "detail": "test", "revision": "0" * 40},
    }
    store.write_sealed(store.RunStore.attestation_record(common, image_id), data)
    return common, image_id


def test_an_old_build_record_without_the_variant_is_named_as_such_by_publish(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A build record written before the variant was kept: `publish --variant omni` said the image "was built
    without a variant (its build record)", which the record never said, and `publish` without one went on in
    silence.  Now --variant is refused naming the older record and the rebuild; without one a note says on what
    word it is published; a record of today's keeps its variant and publishes with no note."""
    from aeon_release.adapters.docker import LocalImage
    from aeon_release.adapters.registry import parse_repository
    from aeon_release.domain import attestation
    from aeon_release.errors import UsageError
    from aeon_release.pipeline import publish

    common, image_id = _old_record(tmp_path)
    old = attestation.lookup(common, image_id)
    assert old is not None and old.variant is None and not old.variant_kept
    image = LocalImage("aeon-vllm:v0.29.0", image_id, {"org.opencontainers.image.version": "v0.29.0"})
    repository = parse_repository("127.0.0.1:9/aeon/x")
    with pytest.raises(UsageError) as refused:
        publish._built_as(image, old, publish.Names(repository, "v0.29.0", "omni", "2026-12-04"))
    assert "written by an aeon-release that kept no variant" in refused.value.message
    assert "aeon-release build --variant omni" in str(refused.value.hint)
    capsys.readouterr()
    publish._built_as(image, old, publish.Names(repository, "v0.29.0", None, "2026-12-04"))
    assert "build record predates variants" in capsys.readouterr().err
    # the twin: a record written now keeps its variant (and writes no key of the reading)
    attestation.record(common, attestation.Provenance(**{**old.as_record(), "variant": "omni"}))
    new = attestation.lookup(common, image_id)
    assert new is not None and new.variant == "omni" and new.variant_kept
    assert "variant_kept" not in json.loads(attestation._path(common, image_id).read_text())
    publish._built_as(image, new, publish.Names(repository, "v0.29.0", "omni", "2026-12-04"))
    assert capsys.readouterr().err == ""
    statement = attestation.statement("127.0.0.1:9/aeon/x", "sha256:" + "cd" * 32, new, {}, "2026-12-04")
    assert statement["predicate"]["build"]["variant"] == "omni"
    assert "variant" not in attestation.statement("r/x", "sha256:" + "cd" * 32, old, {}, "d")["predicate"]["build"]


@pytest.mark.parametrize(
    ("tag", "build", "says"),
    [
        (
            "2026-12-04-v0.29.0-omni",
            {"tag": "x"},
            "not recorded (attested before aeon-release kept the variant; the tag",
        ),
        ("latest", {"tag": "x"}, "not recorded (attested before"),
        ("latest", None, "not recorded"),
        ("2026-12-04-v0.29.0-omni", {"variant": "omni"}, "'omni'"),
        ("2026-12-04-v0.29.0", {"variant": None}, "none"),
        ("latest", {"variant": "omni"}, "'omni'"),
    ],
)
def test_verify_says_the_variant_an_attestation_signs_or_that_it_predates_them(
    tag: str, build: dict[str, object] | None, says: str
) -> None:
    """verify passed an attestation made before the variant was kept with no word of it, and never compared a
    dated tag's variant with the build's.  Each answer is said; an attestation of another variant is a verdict."""
    from aeon_release.domain import attestation

    assert attestation.variant_said(tag, build).startswith(says)


@pytest.mark.parametrize(("tag", "signed"), [("2026-12-04-v0.29.0-omni", None), ("2026-12-04-v0.29.0", "omni")])
def test_verify_refuses_an_attestation_of_another_variant(tag: str, signed: str | None) -> None:
    from aeon_release.domain import attestation
    from aeon_release.errors import NeedsHuman

    with pytest.raises(NeedsHuman) as verdict:
        attestation.variant_said(tag, {"variant": signed})
    assert f"but the tag {tag} names" in verdict.value.message


def test_benchmarks_pin_their_since_days_to_a_utc_timestamp() -> None:
    """git reads a bare ``--since=2025-01-01`` as that day at the current time of day: a replay's window moved with
    the hour it ran, and two runs of the same code picked other commits (precision_bench's START has a time for
    this reason).  Every replay's ``--since`` day now goes through ``threeway.utc_day``, and no bare day is left
    in a git call.  carry_class_replay compares its days with commit dates itself (no git window): left out."""
    import sys

    root = Path(__file__).resolve().parents[2] / "benchmarks"
    bare_call = re.compile(r"--(?:since|until|after|before)=\d{4}-\d{2}-\d{2}(?!T)")
    bare_default = re.compile(r'add_argument\("--since",(?![^)]*type=utc_day)[^)]*default="\d{4}-\d{2}-\d{2}"')
    for path in sorted(root.glob("*.py")):
        text = path.read_text()
        assert not bare_call.search(text), f"{path.name}: {bare_call.search(text)}"
        if path.name != "carry_class_replay.py":
            assert not bare_default.search(text), f"{path.name}: a --since day without type=utc_day"
    sys.path.insert(0, str(root))
    try:
        from threeway import utc_day
    finally:
        sys.path.remove(str(root))
    assert utc_day("2025-01-01") == "2025-01-01T00:00:00Z"
    assert utc_day("2025-01-01T06:00:00Z") == "2025-01-01T06:00:00Z" and utc_day("2.weeks.ago") == "2.weeks.ago"


def test_release_checks_the_git_merge_settings_with_its_preflight(tmp_path: Path) -> None:
    """`release --dry-run` planned the merge of an unsigned tag under merge.verifySignatures=true, and a real release
    stopped only inside its merge stage.  The release's preflight refuses it first, in the same words."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("keygen", tmp_path / "key").code == 0
    git(ex.fork, "config", "merge.verifySignatures", "true")
    argv = ("release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/aeon/x")
    dry = run_cli(*argv, "--signing-key", tmp_path / "key", "--dry-run")
    assert dry.code == 2 and "merge.verifySignatures is on: v0.29.0's commit" in one_line(dry.err), dry.err
    git(ex.fork, "config", "merge.verifySignatures", "false")
    assert run_cli(*argv, "--signing-key", tmp_path / "key", "--dry-run").code == 0


def test_status_while_a_run_folder_is_removed_is_no_damaged_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rm -rf .git/aeon-release/runs/v0.29.0` while `status` reads it: the release state listed a moment before
    read back empty ("release pipeline state is unreadable", exit 2).  A file gone since the listing is no damaged
    run: status says what is left, exit 0.  The twin: a file that is there and damaged is still named, exit 1."""
    from aeon_release.adapters import store

    ex, _ = _conflicted_run(tmp_path)
    folder = ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0"
    store.write_sealed(folder / "pipeline.json", {"tag": "v0.29.0", "date": "2026-12-04", "stages": {}})
    real = store._read

    def removed_meanwhile(path: Path, what: str) -> bytes | None:
        if path.name == "pipeline.json" and folder.exists():
            shutil.rmtree(folder)
        return real(path, what)

    monkeypatch.setattr(store, "_read", removed_meanwhile)
    shown = run_cli("status", "--repo", ex.fork)
    assert shown.code == 0 and "its worktree is left" in shown.out, shown.err
    monkeypatch.setattr(store, "_read", real)
    folder.mkdir(parents=True)
    (folder / "pipeline.json").write_text("{")
    assert run_cli("status", "--repo", ex.fork).code == 1  # the left worktree listed beside it (sweep 45: exit 1)
