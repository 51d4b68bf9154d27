"""Two spellings of one object on one command line: of one revision (``audit --rev A --rev A~0``, ``--base X
--base refs/heads/X``), which git reads as the same commit, or of one file or folder (``--repo . --repo ./``,
``--config cfg --config /abs/cfg``): one request, not two options at odds."""

from __future__ import annotations

import os
from pathlib import Path

from aeon_release.adapters.console import plain, say
from aeon_release.adapters.git import Git
from aeon_release.errors import AeonError, quoted

# the notes, said once the command is past its refusals: a refused command line's error stays its one line
_NOTES: list[str] = []


def notes_done(say_them: bool) -> None:
    """Say the notes (the command ran), or drop them (it was refused: its error line stands alone)."""
    if say_them:
        for note in _NOTES:
            say(plain(note))
    _NOTES.clear()


def one_commit(repo: Path, option: str, first: str, second: str) -> bool:
    """True, with a note for stderr (``notes_done``), when ``first`` and ``second`` name one commit in ``repo`` as git reads them
    (``rev-parse X^{commit}``); False when either names none or they differ (the caller refuses them then)."""
    try:
        git = Git(repo)
        shas = {git.resolve(first), git.resolve(second)}
    except (AeonError, OSError):  # no repository to ask: the two values stay two requests
        return False
    sha = shas.pop()
    if shas or sha is None:
        return False
    _NOTES.append(
        f"note: {option} {quoted(first)} and {option} {quoted(second)} name one commit ({sha[:12]}): one request"
    )
    return True


def one_file(option: str, first: str, second: str) -> bool:
    """True, with a note for stderr (``notes_done``), when ``first`` and ``second`` name one file or folder: the same one on the disk
    (a link to it, ``./x``, its absolute path), or, where nothing is there yet (an ``--output`` to make), one path."""
    try:
        same = os.path.samefile(first, second)
    except (OSError, ValueError):  # not there yet (or a NUL in it): the paths as the system would join them
        same = os.path.normpath(os.path.abspath(first)) == os.path.normpath(os.path.abspath(second))
    if same:
        _NOTES.append(
            f"note: {option} {quoted(first)} and {option} {quoted(second)} name one file or folder: one request"
        )
    return same
