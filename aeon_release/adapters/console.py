"""The only rich Console.  Human output goes to stderr; stdout is kept for machine output.

rich is imported on the first human line, not before: `--help`, `--version` and a command that
prints only JSON never pay for it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from aeon_release.adapters import files
from aeon_release.adapters.text import printable
from aeon_release.errors import redact

if TYPE_CHECKING:
    from rich.console import Console


class _LazyConsole:
    """Stands in for the Console until something uses it."""

    _real: Any = None

    def __getattr__(self, name: str) -> Any:
        if _LazyConsole._real is None:
            from rich.console import Console

            _LazyConsole._real = Console(stderr=True, highlight=False, soft_wrap=True)
        return getattr(_LazyConsole._real, name)


console = cast("Console", _LazyConsole())


def say(message: str) -> None:
    """One human line on stderr.  Interpolated data should go through ``plain()``."""
    from rich.errors import MarkupError

    text = redact(message)
    try:
        console.print(text, markup=True)
    except MarkupError:  # a stray "[/...]" in data must not crash a report
        console.print(text, markup=False)


def plain(value: object) -> str:
    """Data for a ``say()`` line: brackets in it are text, not rich markup; control characters escaped."""
    from rich.markup import escape

    return escape(printable(str(value)))


def emit(text: str, output: Path | None = None) -> None:
    """Machine-readable output: to ``output`` when given, else to stdout."""
    if output is not None:
        files.write_text(output, text if text.endswith("\n") else text + "\n", what="--output")
        return
    text = redact(text)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.flush()


def emit_json(data: Any, output: Path | None = None) -> None:
    # Strict JSON: NaN and Infinity are not JSON, and a consumer must never have to guess.
    emit(json.dumps(data, indent=2, sort_keys=False, default=str, allow_nan=False), output)


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
