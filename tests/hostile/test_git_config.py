"""The user's own git config must not change what the tool reads from git."""

from __future__ import annotations

import subprocess
from pathlib import Path

from aeon_release.adapters.git import Git


def _git(repo: Path, *args: str, stdin: str | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, input=stdin, check=True)
    return done.stdout.strip()


def test_signed_commits_under_log_show_signature(tmp_path: Path) -> None:
    """GitHub signs upstream's commits; with log.showSignature gpg's report lands in `git log`'s stdout."""
    repo = tmp_path / "repo"
    _git(tmp_path, "init", "-q", str(repo))
    _git(repo, "commit", "-q", "--allow-empty", "-m", "root")
    tree = _git(repo, "rev-parse", "HEAD^{tree}")
    parent = _git(repo, "rev-parse", "HEAD")
    body = (
        f"tree {tree}\nparent {parent}\nauthor A <a@x> 1 +0000\ncommitter A <a@x> 1 +0000\n"
        "gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\n"
        "Fix the thing (#12345)\n"
    )
    signed = _git(repo, "hash-object", "-t", "commit", "-w", "--stdin", stdin=body)
    _git(repo, "config", "log.showSignature", "true")
    assert (
        "gpg"
        in subprocess.run(["git", "log", "-1", "--format=%s", signed], cwd=repo, capture_output=True, text=True).stdout
        + subprocess.run(["git", "log", "-1", "--format=%s", signed], cwd=repo, capture_output=True, text=True).stderr
    )
    git = Git(repo)
    assert git.subject(signed) == "Fix the thing (#12345)"
    assert [c.subject for c in git.commits(signed)] == ["Fix the thing (#12345)", "root"]
