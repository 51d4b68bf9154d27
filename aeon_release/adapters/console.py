"""The only rich Console.  Human output goes to stderr; stdout is kept for machine output.

rich is imported on the first human line, not before: `--help`, `--version` and a command that
prints only JSON never pay for it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from aeon_release.errors import redact

if TYPE_CHECKING:
    from rich.console import Console


_REAL: list[Any] = []


def real_console() -> Console:
    """The one Console, made on first use; hand this (not ``console``) to rich objects that take one."""
    if not _REAL:
        from rich.console import Console

        _REAL.append(Console(stderr=True, highlight=False, soft_wrap=True))
    return cast("Console", _REAL[0])


class _LazyConsole:
    """Stands in for the Console until something uses it (attribute calls, and `with console:`)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(real_console(), name)

    def __enter__(self) -> Any:
        return real_console().__enter__()

    def __exit__(self, *exc: Any) -> None:
        real_console().__exit__(*exc)


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
    """Data for a ``say()`` line: brackets in it are text, not rich markup."""
    from rich.markup import escape

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
        console=real_console(),
        transient=True,
    )
