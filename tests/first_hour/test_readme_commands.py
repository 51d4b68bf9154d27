"""README's command table against each command's --help: every option a row names exists, and
every option --help lists is in the command's row.

A stranger checking the table against --help found rows that had fallen behind: build, publish,
verify, releases, rollback and canary took --config, the registry commands --username and
--password-stdin, release eleven more options (its build's and publish's), `ledger check` --json,
and `status` --repo, none of them in the table; `merge --continue --fix` was only in prose.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import run_cli

README = Path(__file__).resolve().parents[2] / "README.md"
OPTION = re.compile(r"--[a-z][a-z-]*")


def _table() -> dict[str, set[str]]:
    """command -> the options its row(s) name (a trailing ``(each with `[...]`)`` applies to all)."""
    section = README.read_text().split("\n## Commands\n", 1)[1].split("\nConventions", 1)[0]
    named: dict[str, set[str]] = {}
    for row in section.splitlines():
        if not row.startswith("| `"):
            continue
        cell = re.split(r"(?<!\\)\|", row)[1]
        spans = re.findall(r"`([^`]+)`", cell)
        shared = {o for s in spans if s.startswith("[") for o in OPTION.findall(s)}
        for span in (s for s in spans if not s.startswith("[")):
            words = span.split()
            command = " ".join(words[:2]) if words[0] in ("ledger", "audits") else words[0]
            if command == "ledger schema" or command.startswith("ledger schema"):
                command = "ledger schema"
            named.setdefault(command, set()).update(OPTION.findall(span), shared)
    return named


def _help(command: str) -> set[str]:
    shown = run_cli(*command.split(), "--help")
    assert shown.code == 0, shown.err
    options = set()
    for first, second in re.findall(r"(?m)^\s+(?:-\w, )?(--[a-z][a-z-]*)(?: / (--[a-z][a-z-]*))?", shown.out):
        options |= {first, second} - {""}
    return options - {"--help"}


def test_every_row_agrees_with_its_help() -> None:
    table = _table()
    assert {"merge", "status", "audit", "build", "publish", "release", "init", "ledger check"} <= set(table)
    for command, options in sorted(table.items()):
        shown = _help(command)
        assert options <= shown, f"README's `{command}` row names options --help lacks: {sorted(options - shown)}"
        assert shown <= options, f"`{command} --help` lists options README's row lacks: {sorted(shown - options)}"
