"""The only rich Console.  Human output goes to stderr; stdout is kept for machine output."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.errors import MarkupError
from rich.markup import escape

from aeon_release.adapters import files
from aeon_release.errors import printable, redact, redact_data

console = Console(stderr=True, highlight=False, soft_wrap=True)


def say(message: str) -> None:
    """One human line on stderr.  Interpolated data should go through ``plain()``."""
    text = redact(message)
    try:
        console.print(text, markup=True)
    except MarkupError:  # a stray "[/...]" in data must not crash a report
        console.print(text, markup=False)


def plain(value: object) -> str:
    """Data for a ``say()`` line: brackets in it are text, not rich markup; control characters escaped."""
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
    # Redact the values, not only the text: a secret with a quote or an accent is escaped in JSON.
    emit(json.dumps(redact_data(data), indent=2, sort_keys=False, default=str, allow_nan=False), output)


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
