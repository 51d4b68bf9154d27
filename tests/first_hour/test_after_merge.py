"""What a stranger runs right after `merge`, copied from what the tools print: `build --version`, the
verify command publish and release print, and the merge report's near misses."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from aeon_release.errors import NeedsHuman
from aeon_release.pipeline import build, keys
from aeon_release.pipeline.audit_gate import audited_revision
from aeon_release.pipeline.publish import PublishResult
from tests.helpers import build_example, git, run_cli


def test_build_refuses_a_revision_without_the_version_it_is_labelled(tmp_path: Path) -> None:
    """`merge v0.10.0` leaves the checkout on the previous fork branch, so `build --version v0.10.0`
    straight after it built that branch at HEAD and labelled it v0.10.0: an old tree, every check
    passing. A revision lacking upstream's tag of --version is refused, and the hint names the branch."""
    ex = build_example(tmp_path / "ex")  # aeon-v0.27.1 checked out; upstream's tags v0.27.1 and v0.29.0
    args = ("build", "--repo", ex.fork, "--config", ex.config, "--version", "v0.29.0")
    before = run_cli(*args)
    assert before.code == 2, before.err
    assert "HEAD (build's default --rev) at" in before.err and "does not contain v0.29.0" in before.err
    assert "run `aeon-release merge v0.29.0` first, then pass --rev aeon-v0.29.0" in before.err
    git(ex.fork, "branch", "aeon-v0.29.0", "v0.29.0")
    after = run_cli(*args)
    assert after.code == 2 and "pass --rev aeon-v0.29.0, the branch `aeon-release merge v0.29.0` made" in after.err
    held = build.plan(build.BuildRequest(ex.fork, "v0.29.0", rev="aeon-v0.29.0", config_dir=ex.config))
    assert held.sha == git(ex.fork, "rev-parse", "v0.29.0^{commit}")
    own = build.plan(build.BuildRequest(ex.fork, "v0.27.1", config_dir=ex.config))  # HEAD holds its tag
    assert own.sha == git(ex.fork, "rev-parse", "HEAD")
    untagged = build.plan(build.BuildRequest(ex.fork, "v0.30.0", config_dir=ex.config))  # no such tag here
    assert untagged.sha == own.sha
    # the checkout's edits are news about a build of HEAD, not of the branch merge made
    (ex.fork / "fleet.yaml").write_text("branch_prefix: aeon-\n")  # as init leaves its files: untracked
    assert build.plan(build.BuildRequest(ex.fork, "v0.27.1", config_dir=ex.config)).dirty
    assert not build.plan(build.BuildRequest(ex.fork, "v0.29.0", rev="aeon-v0.29.0", config_dir=ex.config)).dirty


def test_build_in_a_shallow_clone_cut_before_the_tag_says_so(tmp_path: Path) -> None:
    """CI checks out one commit: the tag fetched beside it is no ancestor git can see, which is not
    knowing that the revision lacks it.  The refusal says the clone is shallow, not that the tree is old."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "switch", "-q", "-c", "aeon-v0.29.0", "v0.29.0")
    (ex.fork / "hotfix.txt").write_text("fix\n")
    git(ex.fork, "add", "hotfix.txt")
    git(ex.fork, "commit", "-qm", "A hotfix on the merged branch")
    shallow = tmp_path / "ci"
    git(tmp_path, "clone", "-q", "--depth", "1", "--branch", "aeon-v0.29.0", f"file://{ex.fork}", str(shallow))
    git(shallow, "fetch", "-q", "--depth", "1", "origin", "tag", "v0.29.0")
    run = run_cli("build", "--repo", shallow, "--config", ex.config, "--version", "v0.29.0")
    assert run.code == 2, run.err
    assert "cannot tell whether HEAD (build's default --rev)" in run.err and "contains v0.29.0" in run.err
    assert "git fetch --unshallow" in run.err and "older tree" not in run.err


@pytest.mark.parametrize("folder", ["ex", "my fork's [x]"])
def test_a_finished_merge_says_what_to_build(tmp_path: Path, folder: str) -> None:
    """A merge that made its branch ended on "created aeon-v0.29.0" and nothing else; the stranger's
    next command, `build --version v0.29.0`, built the checkout's HEAD. The hint names the branch, and
    the --repo and --config the merge was given when a command run here would not find them, each one
    shell word as pasted (a folder named "my fork's" split in two and opened a quote)."""
    ex = build_example(tmp_path / folder)
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    assert done.code == 0, done.err
    assert "created aeon-v0.29.0" in done.out and "next:" not in done.out
    flags = ["--repo", str(ex.fork), "--config", str(ex.config.resolve())]
    (hint,) = [line for line in done.err.splitlines() if line.startswith("next: ")]
    build_cmd, release_cmd = hint.split("`")[1], hint.split("`")[3]
    assert shlex.split(build_cmd) == ["aeon-release", "build", "--version", "v0.29.0", "--rev", "aeon-v0.29.0", *flags]
    assert shlex.split(release_cmd) == ["aeon-release", "release", "v0.29.0", "--repository", "REGISTRY/NAME", *flags]


def _printed_verify(signing_key: Path | None, config: Path) -> str:
    """The verify line publish prints (and release's summary), for a publish signed as given."""
    flags = keys.verify_flags(signing_key, config)
    done = PublishResult("127.0.0.1:1/me/myfork", "v0.29.0", None, "2026-09-11-v0.29.0", "sha256:" + "0" * 64,
                         None, None, None, True, True, True, verify_flags=flags)  # fmt: skip
    return done.verify


@pytest.mark.parametrize("source", ["--signing-key", "fleet.yaml, config found", "fleet.yaml, --config given"])
def test_the_printed_verify_command_finds_the_key_it_was_signed_with(tmp_path: Path, source: str) -> None:
    """publish printed `verify: aeon-release verify REPO:TAG` and release's summary `verify: aeon-release
    releases ...`: after `publish --signing-key keys/attest.key`, the printed command said "no public key
    to verify with". Run as printed, from the folder it was printed in, it gets as far as the registry
    (none answers here), the key found."""
    config, here = tmp_path / "my ledger", tmp_path / "elsewhere"  # a folder name the shell splits
    here.mkdir()
    assert run_cli("keygen", config / "keys" / "fleet.key").code == 0
    profile = "branch_prefix: myfork-\nimage:\n  repository: ghcr.io/me/myfork\n"
    (config / "fleet.yaml").write_text(profile + ("" if source == "--signing-key" else "signing_key: keys/fleet.key\n"))
    (config / "carries.yaml").write_text("carries: []\n")
    cwd = config if source == "fleet.yaml, config found" else here
    env = {"AEON_SIGNING_KEY": None, "AEON_RELEASE_CONFIG": None}
    option = config / "keys" / "fleet.key" if source == "--signing-key" else None
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(cwd)
        patch.delenv(keys.SIGNING_KEY_ENV, raising=False)
        patch.delenv("AEON_RELEASE_CONFIG", raising=False)
        line = _printed_verify(option, config)
    [program, *args] = shlex.split(line)
    assert program == "aeon-release" and args[:2] == ["verify", "127.0.0.1:1/me/myfork:2026-09-11-v0.29.0"]
    done = run_cli(*args, cwd=cwd, env=env)
    assert done.code == 2 and "unreachable" in done.err and "key" not in done.err.split("unreachable")[0], done.err


def test_a_revision_the_build_gate_refuses_names_the_audit_that_lists_it(tmp_path: Path) -> None:
    """`release` after a hotfix on the merged branch audits the branch again; it stopped with "run
    `aeon-release audit --rev` to see them all", which is refused (--rev takes a value) and, run from
    the checkout, reads no --config. The command is whole, and a SyntaxError says which Python judged it."""
    ex = build_example(tmp_path / "ex")
    (ex.fork / "tools").mkdir()
    (ex.fork / "tools" / "report.py").write_text("if x\n")
    git(ex.fork, "add", "-A")
    git(ex.fork, "commit", "-q", "-m", "A script")
    with pytest.raises(NeedsHuman) as stopped:
        audited_revision(ex.fork, "HEAD", ex.config, None)
    hint = stopped.value.hint or ""
    assert "under Python" in hint and "run aeon-release under that Python" in hint, hint
    [program, *args] = shlex.split(hint.split("`")[1])
    assert program == "aeon-release" and "--rev" in args
    listed = run_cli(*args, cwd=ex.fork)
    assert listed.code == 1 and "tools/report.py:1" in listed.out and "SyntaxError" in listed.out, listed.err
