"""Hostile-input sweep 11: refs whose short names mean something else to git.  Real git, real
processes; one line and a documented exit code, never a traceback, and the revision the tool says
it audits is the one it audits."""

from __future__ import annotations

from pathlib import Path

from aeon_release.adapters import signing
from tests.helpers import build_example, git
from tests.hostile.conftest import run_limited
from tests.hostile.test_config_files import TIMEOUT
from tests.hostile.test_sweep8 import MARKER


# -- upstream's tags named like the fork's branches --------------------------------------------------------
def _tag_upstream(upstream: Path, name: str, files: dict[str, str]) -> str:
    """A tag ``name`` on upstream, on a commit of its own off v0.27.1 (``merge`` fetches it with --tags)."""
    git(upstream, "checkout", "-q", "-b", f"side-{name}", "v0.27.1")
    for path, text in files.items():
        (upstream / path).write_text(text)
    git(upstream, "add", "-A")
    git(upstream, "commit", "-q", "-m", f"tag {name}")
    git(upstream, "tag", name)
    git(upstream, "checkout", "-q", "main")
    return git(upstream, "rev-parse", "HEAD")


def test_a_tag_named_like_the_previous_branch_leaves_the_branch_found(tmp_path: Path) -> None:
    """Branches were listed by ``refname:short``, which spells a branch ``heads/aeon-v0.27.1`` when a tag
    of that name exists: one upstream tag (``fetch --tags`` brings it) hid the fork's branch, and the
    merge said "no previous fork branch"."""
    example = build_example(tmp_path / "ex")
    _tag_upstream(example.upstream, "aeon-v0.27.1", {"other.py": "x = 1\n"})
    run = run_limited(
        "merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--dry-run", timeout=TIMEOUT
    )
    assert run.code == 0 and "onto aeon-v0.27.1 (" in run.out, run.err
    assert git(example.fork, "tag", "-l", "aeon-v0.27.1") == "aeon-v0.27.1"  # the fetch brought it


def test_release_audits_the_branch_it_merged_not_a_tag_of_its_name(tmp_path: Path) -> None:
    """``release`` audited and built ``aeon-v0.29.0`` by its short name, which git reads as the tag of
    that name before the branch: with an upstream tag ``aeon-v0.29.0`` the audit stage audited that
    tag's tree (here it fails; one that passes would have been built and published instead)."""
    example = build_example(tmp_path / "ex")
    _tag_upstream(example.upstream, "aeon-v0.29.0", {"evil.py": MARKER})
    signing.generate(tmp_path / "key")
    run = run_limited(
        "release", "v0.29.0", "--repo", example.fork, "--config", example.config, "--repository", "127.0.0.1:9/x",
        env={"AEON_SIGNING_KEY": str(tmp_path / "key"), "DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"},
        timeout=TIMEOUT * 3,
    )  # fmt: skip
    assert "audit: done" in run.out + run.err and "evil.py" not in run.out + run.err, run.out + run.err
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert run.code == 2 and "the Docker engine does not answer" in line, run.err  # the build, next
