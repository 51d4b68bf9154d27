"""A plain line to a pipe or a file is written without rich, exactly as rich would write it."""

from __future__ import annotations

import contextlib
import io
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from aeon_release.adapters import console as console_mod
from aeon_release.errors import printable

SAMPLES = [
    "audit: passed: 0 error(s), 0 waived, 0 warning(s)",
    "created aeon-v0.29.0 at 0123456789ab",
    "bell\x07 back\x08 cr\r vt\x0b ff\x0c end",
    "x" * 300,
    "ünïcödé — ✓ 漢字",
    "",
    "a: b: c:d",
    "   leading and trailing spaces   ",
    "a :warning: sign in /tmp/a:fire:b",  # data: never turned into emoji, by either path
]


@pytest.mark.parametrize("text", SAMPLES)
def test_the_plain_path_writes_what_rich_writes(text: str) -> None:
    rich_out = io.StringIO()
    Console(file=rich_out, highlight=False, soft_wrap=True, emoji=False).print(text, markup=True)
    ours = io.StringIO()
    lazy = console_mod._LazyConsole(stderr=False)
    with contextlib.redirect_stdout(ours):
        assert console_mod._plain_write(lazy, text)  # type: ignore[arg-type]
    assert ours.getvalue() == rich_out.getvalue()


@pytest.mark.parametrize("text", ["[green]ok[/]", "x [y] z", "tab\tcolumns"])
def test_markup_and_tabs_go_through_rich(text: str) -> None:
    lazy = console_mod._LazyConsole(stderr=False)
    with contextlib.redirect_stdout(io.StringIO()):
        assert not console_mod._plain_write(lazy, text)  # type: ignore[arg-type]


def test_a_terminal_goes_through_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    lazy = console_mod._LazyConsole(stderr=False)
    with contextlib.redirect_stdout(Tty()):
        assert not console_mod._plain_write(lazy, SAMPLES[0])  # type: ignore[arg-type]
    monkeypatch.setenv("FORCE_COLOR", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        assert not console_mod._plain_write(lazy, SAMPLES[0])  # type: ignore[arg-type]


def test_an_emoji_code_in_data_stays_text_on_a_terminal_and_in_markup(monkeypatch: pytest.MonkeyPatch) -> None:
    """A path or a name holding ``:fire:`` is data: rich's console would print it as an emoji (a folder
    named ``a:fire:b`` read back as ``a🔥b`` in a printed command), on a terminal and beside markup."""
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich's own path, as on a terminal
    lazy = console_mod._LazyConsole(stderr=False)
    out = io.StringIO()
    object.__setattr__(lazy, "_real", None)
    with contextlib.redirect_stdout(out):
        console_mod._print(lazy, "[bold]next[/]: build --repo " + console_mod.plain("/tmp/a:fire:b"))  # type: ignore[arg-type]
    assert ":fire:" in out.getvalue() and "\U0001f525" not in out.getvalue()


def test_plain_is_riches_escape_of_the_printable_text() -> None:
    """Random texts of brackets, backslashes, tag characters and controls: ``plain`` gives rich's escape."""
    from rich.markup import escape

    rng = random.Random(7)
    pieces = ["[", "]", "\\", "a", "/", "#", "@", "b]", "[/", " ", "\x07", "\n", "é"]
    for _ in range(5_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 10)))
        assert console_mod.plain(text) == escape(printable(text)), text


def test_a_plain_line_with_no_bracket_imports_no_rich() -> None:
    script = (
        "import sys\n"
        "from aeon_release.adapters import console\n"
        "assert console.plain('merging v0.25.0 onto fork-v0.24.0: step 1/5, merge') == "
        "'merging v0.25.0 onto fork-v0.24.0: step 1/5, merge'\n"
        "print(sorted(m for m in sys.modules if m == 'rich' or m.startswith('rich.')))\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(root)}
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
