"""The typer app: parse options, call one function, print.  No logic lives here."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from aeon_release.errors import error_handler

# Locals can hold registry credentials: never show them in a traceback.
app = typer.Typer(
    name="aeon-release",
    help="Release a downstream vLLM fork safely: merge, audit, build, publish, notes, canary.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    pretty_exceptions_show_locals=False,
    add_completion=False,
)
ledger_app = typer.Typer(help="The fork ledger: carries.yaml and cherry_picks.yaml.", no_args_is_help=True)
app.add_typer(ledger_app, name="ledger")

REPO = typer.Option(Path("."), "--repo", help="The fork's git checkout.")
CONFIG = typer.Option(Path("."), "--config", help="Folder holding carries.yaml, cherry_picks.yaml and audits/.")
JSON = typer.Option(False, "--json", help="Machine-readable report on stdout.")


def main() -> None:
    with error_handler():
        app()


# -- ledger ----------------------------------------------------------------------------------
@ledger_app.command("check")
def ledger_check(config: Path = CONFIG, json_out: bool = JSON) -> None:
    """Validate carries.yaml and cherry_picks.yaml (exit 0 valid, 2 invalid)."""
    from aeon_release.steps import ledger_cmds

    ledger_cmds.check(config, json_out)


@ledger_app.command("schema")
def ledger_schema(which: str = typer.Argument(..., help="carries or cherry_picks")) -> None:
    """Print the JSON Schema of a ledger file (also shipped in schemas/)."""
    from aeon_release.steps import ledger_cmds

    ledger_cmds.schema(which)
