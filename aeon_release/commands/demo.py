"""`aeon-release demo [DIR]`: the release ritual on a small example, offline, in seconds.

It builds the example (see ``aeon_release.commands.demo_repo``) with a planted silent killer: upstream's new
release inserts ``INT4_PER_TOKEN_HEAD = 4`` and moves ``KVQuantMode.NVFP4`` to 5, while the fork's
carried Triton kernel still says ``KV_QUANT_MODE == 4``.  git merges it cleanly; the audit stops
the merge; the demo fixes the kernel in the merge worktree, continues, and writes the notes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from aeon_release.adapters import files
from aeon_release.adapters.console import plain
from aeon_release.adapters.console import show as say  # the demo is the primary output: stdout
from aeon_release.adapters.git import Git
from aeon_release.adapters.store import RunStore
from aeon_release.commands import demo_repo as demo
from aeon_release.commands import notes as notes_cmd
from aeon_release.domain import ledger, notes, profile
from aeon_release.errors import AeonError, NeedsHuman, UsageError, shell_word, stop_leaves
from aeon_release.pipeline import merge as merge_cmd
from aeon_release.pipeline.merge_plan import Options

KERNEL = "vllm/v1/attention/backends/triton_attn.py"


def run(directory: Path | None, docker: bool) -> Path:
    """The ritual in a folder of its own: stopped (Ctrl-C, a signal) or failed, it takes back what it made there, so
    that the same command runs again (a half-made example stayed, "not empty", and the stop said to run `status`)."""
    root = _root(directory)
    try:
        return _ritual(root, docker)
    except BaseException:
        _take_back(root, whole=directory is None)
        # the demo's words, not those of the release it ran (`release` run again is not the way on)
        stop_leaves(f"the demo stopped, and took back what it had made in {root}", "run it again")
        raise


def _take_back(root: Path, whole: bool) -> None:
    """Everything in ``root`` (empty, or made, when the demo started), and ``root`` itself when it was made."""
    for entry in list(root.iterdir()) if root.is_dir() else []:
        with contextlib.suppress(OSError):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
    if whole:
        with contextlib.suppress(OSError):
            root.rmdir()


def _ritual(root: Path, docker: bool) -> Path:
    say(f"[bold]1.[/] building the example in {plain(root)}")  # a folder `[red]` was said without its brackets
    example = demo.build(root, renumber_enum=True)
    say(
        "   upstream: tags v0.27.1 and v0.29.0, PR-numbered commits after each; fork: aeon-v0.27.1 with "
        "2 carries; ledger: 2 picks and 1 skip for v0.29.0"
    )
    say("[bold]2.[/] aeon-release merge v0.29.0 (upstream #40835 renumbered KVQuantMode.NVFP4 from 4 to 5)")
    opts = Options(tag=demo.NEW, config_dir=example.config)
    try:
        merge_cmd.start(example.fork, opts, dry_run=False, json_out=False, waive=[])
    except NeedsHuman as stopped:
        say(f"[bold red]   caught before any build:[/] {plain(stopped.message)}")
    else:
        raise AssertionError("the demo's planted enum renumber was not caught")
    worktree = RunStore(Git(example.fork).common_dir, demo.NEW).worktree
    say(f"[bold]3.[/] fixing {KERNEL} in the merge worktree, then aeon-release merge --continue")
    kernel = worktree / KERNEL
    kernel.write_text(kernel.read_text().replace("KV_QUANT_MODE == 4", "KV_QUANT_MODE == KVQuantMode.NVFP4"))
    merge_cmd.resume(example.fork, demo.NEW, json_out=False, waive=[])
    output = root / f"release-notes-{demo.NEW}.md"
    if docker:
        from aeon_release.commands import demo_docker

        say("[bold]4.[/] aeon-release release v0.29.0: the rest of the pipeline on the Docker engine")
        demo_docker.run(example)
    else:
        record = notes_cmd.read_record(demo.NEW, example.fork, None)
        notes.write_notes(record, ledger.load(example.config), output, fleet=profile.load(example.config))
    say(f"[bold]{5 if docker else 4}.[/] release notes: {plain(output)}")
    fork, config = plain(shell_word(str(example.fork))), plain(shell_word(str(example.config)))
    say(
        f"try: aeon-release status --repo {fork}   |   aeon-release audit --repo {fork} "
        f"--rev aeon-{demo.NEW} --config {config}"
    )
    return root


def _root(directory: Path | None) -> Path:
    if directory is None:
        return Path(tempfile.mkdtemp(prefix="aeon-demo-"))
    linked = files.linked_part(directory)
    if linked is not None:  # the notes refuse to be written through it, after the whole ritual ran
        raise UsageError(
            f"{directory}: {linked} is a symbolic link{' loop' if files.loops(linked) else ''}",
            "give the demo a folder without symlinks on its way",
        )
    made = [place for place in (directory, *directory.parents) if not os.path.lexists(place)]
    files.make_folder(directory, "the demo's folder")
    try:
        # the notes the ritual ends with are written there: a folder inside .git (or one the notes may not be
        # written in) ran the whole ritual, made its repositories in the git directory, and was refused at the notes
        files.check_output(directory / f"release-notes-{demo.NEW}.md", "the demo's notes")
    except AeonError:
        for place in made:  # the folders make_folder made, deepest first: empty
            with contextlib.suppress(OSError):
                place.rmdir()
        raise
    if any(directory.iterdir()):
        raise UsageError(f"{directory}: not empty", "give the demo an empty or new folder")
    return directory
