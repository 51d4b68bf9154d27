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


# -- audits ----------------------------------------------------------------------------------
audits_app = typer.Typer(help="The audit rules: audits/*.yaml and the carries' markers.", no_args_is_help=True)
app.add_typer(audits_app, name="audits")


@app.command("audit")
def audit(
    repo: Path = REPO,
    rev: Optional[str] = typer.Option(None, "--rev", help="Audit this revision instead of the work tree."),
    config: Path = CONFIG,
    changed_since: Optional[str] = typer.Option(
        None, "--changed-since", help="File-scoped rules only look at files changed since REV (PR gate)."),
    base: Optional[str] = typer.Option(None, "--base", help="Merge base, for the merge-aware checks."),
    ours: Optional[str] = typer.Option(None, "--ours", help="The fork side of the merge."),
    theirs: Optional[str] = typer.Option(None, "--theirs", help="The upstream side of the merge."),
    fmt: str = typer.Option("table", "--format", help="table, json, sarif, junit, markdown or github."),
    output: Optional[Path] = typer.Option(None, "--output", help="Write the report here instead of stdout."),
) -> None:
    """Audit a checkout: exit 0 clean, 1 on error-level findings, 2 on bad input."""
    from aeon_release.steps import audit_cmd

    code = audit_cmd.audit(repo, config, rev=rev, changed_since=changed_since, sides=(base, ours, theirs),
                           fmt=fmt, output=output)
    raise typer.Exit(int(code))


@audits_app.command("list")
def audits_list(config: Path = CONFIG) -> None:
    """Print every rule kind (with its description) and every rule id."""
    from aeon_release.steps import audit_cmd

    audit_cmd.list_rules(config)
