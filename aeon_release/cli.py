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


def main(argv: list[str] | None = None) -> None:
    with error_handler():
        app(args=argv, prog_name="aeon-release")


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


# -- merge -----------------------------------------------------------------------------------
@app.command("merge")
def merge(
    tag: Optional[str] = typer.Argument(None, help="Upstream release tag, e.g. v0.29.0."),
    repo: Path = REPO,
    config: Path = CONFIG,
    onto: Optional[str] = typer.Option(None, "--onto", help="Previous fork branch (default: highest aeon-v* below TAG)."),
    upstream_remote: Optional[str] = typer.Option(None, "--upstream-remote", help="Remote to fetch tags from (default: upstream)."),
    upstream_branch: Optional[str] = typer.Option(None, "--upstream-branch", help="Where PR picks resolve (default: upstream/main)."),
    no_fetch: bool = typer.Option(False, "--no-fetch", help="Do not fetch tags from the upstream remote."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the plan and change nothing."),
    cont: bool = typer.Option(False, "--continue", help="Resume a stopped run."),
    abort: bool = typer.Option(False, "--abort", help="Drop a stopped run: worktree and state."),
    waive: list[str] = typer.Option([], "--waive", help="RULE=REASON: waive an audit rule's findings, recorded."),
    json_out: bool = JSON,
) -> None:
    """Three-way merge an upstream release onto the previous fork branch, with carries and picks."""
    from aeon_release.errors import UsageError
    from aeon_release.steps import merge_cmd
    from aeon_release.steps.merge_plan import Options

    if cont and abort:
        raise UsageError("--continue and --abort do not go together")
    if abort:
        merge_cmd.abort(repo, tag)
    elif cont:
        merge_cmd.resume(repo, tag, json_out, waive)
    elif tag is None:
        raise UsageError("merge needs a TAG", "e.g. aeon-release merge v0.29.0 --repo ../vllm")
    else:
        opts = Options(tag=tag, config_dir=config, onto=onto, upstream_remote=upstream_remote,
                       upstream_branch=upstream_branch, fetch=not no_fetch)
        merge_cmd.start(repo, opts, dry_run, json_out, waive)


@app.command("status")
def status(repo: Path = REPO, json_out: bool = JSON) -> None:
    """Show where each merge run stands."""
    from aeon_release.steps import merge_cmd

    merge_cmd.status(repo, json_out)
