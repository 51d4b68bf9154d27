"""The rich Consoles.  A command's primary output goes to stdout (``show``), as git and gh do;
progress, hints and errors go to stderr (``say``).  With ``--json``, stdout holds the JSON alone and
the human lines move to stderr.  rich honours ``NO_COLOR`` and writes plain text to a pipe or file.

rich is imported on the first human line, not before: `--help`, `--version` and a command that
prints only JSON never pay for it.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import json
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from aeon_release.adapters import files
from aeon_release.errors import printable, redact, redact_data
from aeon_release.streams import SPEAKING, fork_safe

if TYPE_CHECKING:
    from rich.console import Console


class _LazyConsole:
    """Stands in for a Console until something uses it (attribute reads and writes go to the real one)."""

    def __init__(self, stderr: bool) -> None:
        object.__setattr__(self, "_stderr", stderr)
        object.__setattr__(self, "_real", None)

    def _console(self) -> Any:
        if self._real is None:
            object.__setattr__(
                self,
                "_real",
                _console_class()(stderr=self._stderr, highlight=False, soft_wrap=True, emoji=False, width=_width()),
            )
        return self._real

    def __getattr__(self, name: str) -> Any:
        return getattr(self._console(), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._console(), name, value)

    # Dunder methods are looked up on the type, not through __getattr__: `with console:` needs these.
    def __enter__(self) -> Any:
        return self._console().__enter__()

    def __exit__(self, *exc: Any) -> None:
        self._console().__exit__(*exc)


def load() -> None:
    """Import rich's console and tables now, where the process would otherwise wait (0.1-0.2 s)."""
    _console_class()
    import rich.table  # noqa: F401


@functools.cache
def _console_class() -> Any:
    """rich's Console, but a reader that went away is the EPIPE it is: rich's own ``on_broken_pipe`` exits 1
    without a word, which reads as "audit findings" or "below the band"."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True  # nothing more is drawn on a stream no one reads
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    return _Console


def _width() -> int | None:
    """The width to draw at when ``COLUMNS`` says 0 (a pseudo-terminal of no size, as some CI runners
    and ``docker exec -t`` make): rich drew every table and report line at width 0, which is nothing, and
    `merge`, `status` and `merge --dry-run` printed an empty stdout, exit 0.  0 means "unknown", as
    ``shutil.get_terminal_size`` reads it (the terminal's own width, else 80); any other value is rich's."""
    import shutil

    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        width = int(columns)
    elif columns.isdigit() or not columns.strip():
        width = shutil.get_terminal_size().columns  # 0 or unset: the terminal's own width, else 80
    else:
        return None  # a COLUMNS rich reads its own way
    # Too narrow for a table, rich gives its columns no room and draws them empty: at COLUMNS=12 the merge
    # report's status column (a carry "lost") was blank, below 10 every cell.  Lines fold at the terminal
    # instead: the report is there whatever the width.
    return max(width, _NARROWEST) if width < _NARROWEST or columns == "0" else None


_NARROWEST = 40  # columns: every table the tool draws keeps each cell's words at this width (folded)


console = cast("Console", _LazyConsole(stderr=True))
out_console = cast("Console", _LazyConsole(stderr=False))


def real_console() -> Console:
    """The stderr Console itself, made on first use: hand this (not ``console``) to rich objects that take one."""
    return cast("Console", console._console())  # type: ignore[attr-defined]


def say(message: str) -> None:
    """One human line on stderr.  Interpolated data should go through ``plain()``."""
    _print(console, message)


def say_progress(message: str) -> None:
    """A progress line on stderr (a wait, a stage): nothing under ``--quiet``, which silences progress and wait
    lines, not errors.  The registry's 429 wait line printed under ``--quiet``."""
    if not is_quiet():
        say(message)


def show(message: str, json_out: bool = False) -> None:
    """One line of a command's primary human output: stdout, or stderr when stdout carries JSON."""
    _print(console if json_out else out_console, message)


_NESTED: list[bool] = []  # one entry per command running inside another, innermost last


@contextlib.contextmanager
def nested() -> Iterator[None]:
    """A command run inside another (the merge inside `release`): its report is the outer one's progress."""
    saved = out_console._file  # None: follow sys.stdout as it is at print time
    out_console.file = console.file
    _NESTED.append(True)
    try:
        yield
    finally:
        _NESTED.pop()
        out_console._file = saved


def is_nested() -> bool:
    """Inside another command: what to run next is the outer command's to say (release goes on by itself)."""
    return bool(_NESTED)


def target(json_out: bool) -> Console:
    """Where a command's primary human output (tables too) goes."""
    return console if json_out else out_console


def _print(where: Console, message: str) -> None:
    text = _TERMINAL_CONTROLS.sub(lambda m: printable(m[0]), redact(message))
    if _plain_write(where, text):
        return
    from rich.errors import MarkupError

    try:
        where.print(text, markup=True)
    except MarkupError:  # a stray "[/...]" in data must not crash a report
        where.print(text, markup=False)


# What rich's Console would do with a line holding no markup or tab, written to a pipe or
# a file: the text, minus the control codes rich strips, and a newline.  Printing it ourselves spares
# every short command rich's import (0.04 s), the biggest single part of `audit --rev` on a cache hit.
_RICH_STRIPS = dict.fromkeys((7, 8, 11, 12, 13))
# What a human line never holds on purpose, whatever data was put into it without ``plain()`` (a state
# file's branch name, a commit's subject): an ESC rewrites the terminal or its title, and rich keeps it.
# Newlines and tabs are the lines' own.
_TERMINAL_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_RICH_ENV = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "JUPYTER_COLUMNS", "JUPYTER_LINES")


def _plain_write(where: Console, text: str) -> bool:
    lazy = cast(Any, where)
    if not isinstance(lazy, _LazyConsole) or object.__getattribute__(lazy, "_real") is not None:
        return False
    if "[" in text or "\t" in text or any(os.environ.get(n) for n in _RICH_ENV):
        return False
    stream = sys.stderr if object.__getattribute__(lazy, "_stderr") else sys.stdout
    isatty = getattr(stream, "isatty", None)
    if isatty is None or isatty():
        return False  # a terminal: colour, width and the rest are rich's
    stream.write(text.translate(_RICH_STRIPS) + "\n")
    return True


def a_tty(stream: Any) -> bool:
    """Is ``stream`` a terminal?  False for one with no descriptor (a test's StringIO) or one closed since."""
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


def is_terminal() -> bool:
    """Is stderr a terminal (as rich decides it), without importing rich for a pipe or a file?"""
    real = object.__getattribute__(cast(Any, console), "_real")
    if real is None and not any(os.environ.get(name) for name in _RICH_ENV) and not a_tty(sys.stderr):
        return False
    return bool(console.is_terminal)


class _NoStatus:
    """What ``stage_lines`` gives on a terminal or under ``quiet``: the caller's display draws, or nothing does."""

    def __enter__(self) -> _NoStatus:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, *args: object, **kwargs: object) -> None:
        return None


def draws_live() -> bool:
    """May stderr show a spinner or a progress bar, redrawn in place?  Only on a real terminal: ``FORCE_COLOR``
    and ``TTY_COMPATIBLE`` (CI systems set them for coloured logs) ask rich for colour and made it redraw there
    too, so a CI log held a spinner's frames, each line's cursor codes, and the one error line of a refused build
    began ``\x1b[1A\x1b[2Kerror:`` (no ``^error:`` found it).  Colour stays ``is_terminal()``'s."""
    return a_tty(sys.stderr) and is_terminal()


_QUIET: list[bool] = []  # one entry per command run with --quiet, innermost last


@contextlib.contextmanager
def quiet(on: bool = True) -> Iterator[None]:
    """``--quiet``: no progress on stderr, terminal or not (as ``git merge -q``); errors, warnings, hints and
    the report print as before."""
    _QUIET.append(on)
    try:
        yield
    finally:
        _QUIET.pop()


def is_quiet() -> bool:
    return bool(_QUIET) and _QUIET[-1]


def spinner(message: str) -> Any:
    """A spinner on stderr while work runs, as ``Console.status``, and ``update(text)`` to say the stage.
    Where stderr is a pipe or a file (no rich import there), a plain line per stage and the heartbeat's
    line every few seconds inside a long one (``merge`` printed nothing at all there for the ~10 s of a
    run: git too draws no progress meter off a terminal, but says what it does in lines); nothing under
    ``quiet``."""
    return _Status(console.status(message)) if draws_live() and not is_quiet() else stage_lines(message)


class _Status:
    """rich's status display, whose ``update`` takes the stage lines' ``line`` word too (a terminal redraws)."""

    def __init__(self, status: Any) -> None:
        self.status = status

    def __enter__(self) -> _Status:
        self.status.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.status.__exit__(*exc)

    def update(self, text: str, line: bool = True) -> None:
        self.status.update(text)


def stage_lines(message: str) -> Any:
    """``spinner``'s half for a stderr that is no terminal: a line per ``update`` and the heartbeat's inside a
    long stage; nothing on a terminal (the caller's display draws the stage there) or under ``quiet``."""
    return _NoStatus() if draws_live() or is_quiet() else heartbeat(message, stages=True)


class _Beat:
    """What ``heartbeat`` yields: the stage it is at, which ``update`` moves on (a line each, for stages)."""

    def __init__(self, message: str, stages: bool) -> None:
        self.text = message
        self.since = time.monotonic()
        self.lines = stages
        self.held: list[str] = []  # stages that could still refuse, not yet said
        self.lock = threading.Lock()

    def update(self, text: str, line: bool = True) -> None:
        """``line=False``: a stage that can still refuse its input, whose one error line should stand alone: its
        line comes when a stage that cannot refuse begins (it is past its refusals), or as the heartbeat's."""
        if text == self.text:
            return
        with self.lock:
            self.text, self.since = text, time.monotonic()
            if not self.lines:
                return
            if not line:
                self.held.append(text)
                return
            said, self.held = [*self.held, text], []
        for stage in said:
            say(plain(stage))

    def beaten(self, since: float) -> tuple[list[str], str] | None:
        """The stage begun at ``since``, if it still runs, after the held stages before it: the heartbeat says
        them in their order (a CI log read "audit gate: 3 s so far" before "preflight"), so none is held more."""
        with self.lock:
            if self.since != since:
                return None
            earlier, self.held = [h for h in self.held if h != self.text], []
            return earlier, self.text


@contextlib.contextmanager
def heartbeat(message: str, first: float = 2.0, every: float = 5.0, stages: bool = False) -> Iterator[_Beat]:
    """Where stderr is a pipe or a file (a CI log, ``2>log``), a plain line after ``first`` seconds and then
    every ``every`` while the work (or its stage, with ``update``) runs: ``audit`` sat silent for ~9 s there,
    where a spinner draws nothing.  Lines, never a redraw; none for work done sooner (most runs), nothing on
    stdout, nothing under ``quiet``.  ``stages``: each ``update`` is a line of its own too.  ``message`` is
    text, not markup (escaped at the first line: a run that ends sooner imports no rich)."""
    beat = _Beat(message, stages)
    stop = threading.Event()

    def beating() -> None:
        stage, last = beat.since, 0.0  # the stage beaten for, and when it last was (0: not yet)
        while True:
            if beat.since != stage:  # a new stage: its first line after ``first``, as the work's first
                stage, last = beat.since, 0.0
            due = last + every if last else stage + first
            if stop.wait(max(0.0, due - time.monotonic())):
                return
            with SPEAKING:  # a fork waits for the line to be written (streams.SPEAKING)
                due_lines = beat.beaten(stage)
                if due_lines is not None:
                    earlier, text = due_lines
                    for held in earlier:
                        say(plain(held))
                    last = time.monotonic()
                    say(f"{plain(text)}: {last - stage:.0f} s so far")

    if is_quiet():
        yield beat
        return
    thread = fork_safe(threading.Thread(target=beating, name="aeon-release-heartbeat", daemon=True))
    try:
        thread.start()
        started = True
    except RuntimeError:  # no room for a thread (ulimit -v): the work goes on without its beat, as on a terminal
        started = False
    if not started:  # outside the except: a crash in the work must not read "during handling of" it
        yield beat
        return
    try:
        yield beat
    finally:
        stop.set()
        thread.join()


def plain(value: object) -> str:
    """Data for a ``say()`` line: brackets in it are text, not rich markup; control characters escaped.
    A text with no ``[`` and no trailing backslash is one rich's ``escape`` leaves as it is (it escapes a
    ``[`` that opens a tag, and doubles a lone backslash at the end): returned without importing rich,
    which a merge's first stage line imported on the way to the checks (its tables load while it waits)."""
    text = printable(str(value))
    if "[" not in text and not text.endswith("\\"):
        return text
    from rich.markup import escape

    return escape(text)


def emit(text: str, output: Path | None = None) -> None:
    """Machine-readable output: to ``output`` when given, else to stdout."""
    if output is not None and str(output) != "-":  # `--output -` is stdout, as for most tools
        files.write_text(output, text if text.endswith("\n") else text + "\n", what="--output", named_by_user=True)
        return
    text = redact(text)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.flush()


def emit_json(data: Any, output: Path | None = None) -> None:
    # Strict JSON: NaN and Infinity are not JSON, and a consumer must never have to guess.
    # Redact the values, not only the text: a secret with a quote or an accent is escaped in JSON.
    emit(json.dumps(redact_data(data), indent=2, sort_keys=False, default=str, allow_nan=False), output)


class _NoProgress(_NoStatus):
    """What ``progress`` gives when stderr is no terminal: rich's transient display draws nothing there
    but a blank line when it stops, which stood before the one error line of every refused build."""

    def __enter__(self) -> _NoProgress:
        return self

    def add_task(self, *args: object, **kwargs: object) -> int:
        return 0


def progress() -> Any:
    """A rich progress display on stderr (transient: it vanishes when the work is done); nothing when
    stderr is a pipe or a file (``stage_lines`` says the stages there), or under ``quiet``."""
    if not draws_live() or is_quiet():
        return _NoProgress()
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    return Progress(
        SpinnerColumn(),
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        console=cast(Any, console)._console(),  # rich wants the real Console, not the stand-in
        transient=True,
    )


@contextlib.contextmanager
def push_progress() -> Iterator[Callable[[Any], None]]:
    """Per-layer transfer bars on stderr; the callback takes events with ``layer``, ``status``,
    ``current`` and ``total`` (an 18 GB image pushes for minutes: show which layer moves)."""
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TransferSpeedColumn

    bars: Any = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        console=real_console(),
        transient=True,
    )
    tasks: dict[str, Any] = {}

    def on_event(event: Any) -> None:
        task = tasks.get(event.layer)
        if task is None:
            task = tasks[event.layer] = bars.add_task(f"layer {event.layer[:12]}", total=None)
        description = f"layer {event.layer[:12]} {event.status.lower()}"
        if event.total:
            bars.update(task, description=description, completed=event.current, total=event.total)
        elif event.done:
            bars.update(task, description=description, completed=1, total=1)
            console.print(f"  layer {event.layer[:12]}: {event.status.lower()}", highlight=False, style="dim")
        else:
            bars.update(task, description=description)

    if not draws_live():  # the bars draw nothing there but a blank line at the end: the done lines only
        bars = _NoProgress()
    with bars:
        yield on_event
