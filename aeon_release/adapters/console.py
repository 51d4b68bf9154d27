"""The rich Consoles.  A command's primary output goes to stdout (``show``), as git and gh do;
progress, hints and errors go to stderr (``say``).  With ``--json``, stdout holds the JSON alone and
the human lines move to stderr.  rich honours ``NO_COLOR`` and writes plain text to a pipe or file."""
from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape

from aeon_release.errors import redact

console = Console(stderr=True, highlight=False, soft_wrap=True)
out_console = Console(highlight=False, soft_wrap=True)


def say(message: str) -> None:
    """One human line on stderr.  Interpolated data should go through ``plain()``."""
    _print(console, message)


def show(message: str, json_out: bool = False) -> None:
    """One line of a command's primary human output: stdout, or stderr when stdout carries JSON."""
    _print(console if json_out else out_console, message)


@contextlib.contextmanager
def nested() -> Iterator[None]:
    """A command run inside another (the merge inside `release`): its report is the outer one's progress."""
    saved = out_console._file  # None: follow sys.stdout as it is at print time
    out_console.file = console.file
    try:
        yield
    finally:
        out_console._file = saved


def target(json_out: bool) -> Console:
    """Where a command's primary human output (tables too) goes."""
    return console if json_out else out_console


def _print(where: Console, message: str) -> None:
    text = redact(message)
    try:
        where.print(text, markup=True)
    except MarkupError:  # a stray "[/...]" in data must not crash a report
        where.print(text, markup=False)


def plain(value: object) -> str:
    """Data for a ``say()`` line: brackets in it are text, not rich markup."""
    return escape(str(value))


def emit(text: str, output: Path | None = None) -> None:
    """Machine-readable output: to ``output`` when given, else to stdout."""
    text = redact(text)
    if output is not None:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
        return
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.flush()


def emit_json(data: Any, output: Path | None = None) -> None:
    emit(json.dumps(data, indent=2, sort_keys=False, default=str), output)


def progress() -> Any:
    """A rich progress display on stderr (transient: it vanishes when the work is done)."""
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    return Progress(
        SpinnerColumn(),
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
