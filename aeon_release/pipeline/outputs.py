"""A file a person names for a command's output (``audit --output``, ``notes --output``, ``release --notes``) is
never one the tool's own inputs live in: a file of the config the command reads, or a file git tracks in the
fork's checkout.  Refused before any work, by one check every such option shares."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from aeon_release.adapters import git as repo
from aeon_release.errors import AeonError, UsageError


def refuse_over_inputs(repo_path: Path, config: Path, output: Path, flag: str, thing: str, checkout: str) -> None:
    """``flag output`` is refused when it names a file of ``config`` or a file git tracks in ``repo_path``'s
    checkout (``checkout`` says which checkout that is, ``thing`` what would have been written)."""
    refuse_the_config(config, output, flag)
    refuse_a_tracked_file(repo_path, output, flag, thing, checkout)


def refuse_the_config(config: Path, output: Path, flag: str) -> None:
    """``output`` naming a file of the config (the ledger, fleet.yaml, a rule file), by any name (a hard link too).
    The write's own check knows only the files this run read, and an audit of a revision answered from the
    findings cache reads none of them (nor does ``notes`` or ``release --from notes`` read the rules): ``audit
    --rev HEAD --output carries.yaml`` replaced the ledger with the report, and every later command failed on it."""
    from aeon_release.domain.audits.config import config_files

    try:
        found = os.lstat(output)
    except OSError:
        return
    if not stat.S_ISREG(found.st_mode):
        return  # a symbolic link is replaced by the rename, not written through; the rest the write refuses
    for path in config_files(config):
        with contextlib.suppress(OSError):
            held = path.stat()
            if (held.st_dev, held.st_ino) == (found.st_dev, found.st_ino):
                raise UsageError(  # the words of the write's own check (files.write_text)
                    f"{flag} {output}: that is {path.relative_to(config)}, which this run read; refusing to write "
                    "over it",
                    "name a file of its own for the output",
                )


def refuse_a_tracked_file(repo_path: Path, output: Path, flag: str, thing: str, checkout: str) -> None:
    """``output`` naming a file git tracks in the checkout (``--output pkg/__init__.py``, a typo of the report's
    name, ``--output README.md``): the report replaced the module the audit had just read, and the checkout was
    changed by a command that only reads.  An untracked path (the output of an earlier run) is written, and so
    is a symbolic link a commit put at the output's name: the rename replaces the link, never writes through it
    (a pull request's link to a file outside the checkout).  By the folder the path is in, links followed, so
    ``./x/../pkg/__init__.py`` is the same file."""
    try:
        if not stat.S_ISREG(os.lstat(output).st_mode):
            return  # nothing there, a link (replaced), a folder or a FIFO (the write's own checks)
    except OSError:
        return
    try:
        work_tree = repo.Git(repo_path)
        status, top, _ = work_tree.try_run("rev-parse", "--show-toplevel")
    except AeonError:
        return  # no repository: the command says so in its own words
    if status != 0 or not top:
        return  # no work tree (a bare repository): nothing there to write over
    folder = os.path.realpath(output.absolute().parent)
    inside = os.path.relpath(os.path.join(folder, output.name), os.path.realpath(top))
    if inside == os.pardir or inside.startswith(os.pardir + os.sep):
        return
    status, listed, _ = work_tree.try_run("ls-files", "-z", "--", f":(literal){inside}")
    if status == 0 and listed.rstrip("\0") == inside:
        raise UsageError(
            f"{flag} {output}: that is {inside}, a file git tracks in the {checkout}; "
            f"refusing to write the {thing} over it",
            f"name a file of its own for the {thing} (one git does not track, or outside the checkout)",
        )
