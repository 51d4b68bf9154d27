"""Two spellings of one revision on one command line (``audit --rev A --rev A~0``, ``--base X --base
refs/heads/X``): git reads both as the same commit, so they are one request, not two options at odds."""

from __future__ import annotations

from pathlib import Path

from aeon_release.adapters.console import plain, say
from aeon_release.adapters.git import Git
from aeon_release.errors import AeonError, quoted


def one_commit(repo: Path, option: str, first: str, second: str) -> bool:
    """True, with a note on stderr, when ``first`` and ``second`` name one commit in ``repo`` as git reads them
    (``rev-parse X^{commit}``); False when either names none or they differ (the caller refuses them then)."""
    try:
        git = Git(repo)
        shas = {git.resolve(first), git.resolve(second)}
    except (AeonError, OSError):  # no repository to ask: the two values stay two requests
        return False
    sha = shas.pop()
    if shas or sha is None:
        return False
    say(
        plain(f"note: {option} {quoted(first)} and {option} {quoted(second)} name one commit ({sha[:12]}): one request")
    )
    return True
