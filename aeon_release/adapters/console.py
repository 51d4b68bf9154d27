"""The only rich Console.  Human output goes to stderr; stdout is kept for machine output."""
from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape

from aeon_release.errors import redact

console = Console(stderr=True, highlight=False, soft_wrap=True)


def say(message: str) -> None:
    """One human line on stderr.  Interpolated data should go through ``plain()``."""
    text = redact(message)
    try:
        console.print(text, markup=True)
    except MarkupError:  # a stray "[/...]" in data must not crash a report
        console.print(text, markup=False)


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


@contextlib.contextmanager
def push_progress() -> Iterator[Callable[[Any], None]]:
    """Per-layer transfer bars on stderr; the callback takes events with ``layer``, ``status``,
    ``current`` and ``total`` (an 18 GB image pushes for minutes: show which layer moves)."""
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TransferSpeedColumn

    bars = Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                    console=console, transient=True)
    tasks: dict[str, Any] = {}

    def on_event(event: Any) -> None:
        task = tasks.get(event.layer)
        if task is None:
            task = tasks[event.layer] = bars.add_task(f"layer {event.layer[:12]}", total=None)
        description = f"layer {event.layer[:12]} {event.status.lower()}"
        if event.total:
            bars.update(task, description=description, completed=event.current, total=event.total)
        elif event.status in ("Pushed", "Layer already exists"):
            bars.update(task, description=description, completed=1, total=1)
            console.print(f"  layer {event.layer[:12]}: {event.status.lower()}", highlight=False, style="dim")
        else:
            bars.update(task, description=description)

    with bars:
        yield on_event
