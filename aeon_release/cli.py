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


# -- publish ---------------------------------------------------------------------------------
RELEASES_CONFIG = typer.Option(Path("."), "--config", help="Folder holding releases.yaml.")
REPOSITORY = typer.Option(..., "--repository", help="REGISTRY/NAME, e.g. ghcr.io/aeon-7/aeon-vllm-ultimate.")
USERNAME = typer.Option(None, "--username", help="Registry user; else the Docker config's auths.")
PASSWORD_STDIN = typer.Option(
    False, "--password-stdin", help="Read the registry password from stdin (else AEON_REGISTRY_PASSWORD)."
)


@app.command("publish")
def publish_cmd(
    image: str = typer.Option(..., "--image", help="Local image to publish."),
    repository: str = REPOSITORY,
    version: str = typer.Option(..., "--version", help="Release version, vX.Y.Z."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Image variant, e.g. omni."),
    date: Optional[str] = typer.Option(None, "--date", help="YYYY-MM-DD of the dated tag (default: today, UTC)."),
    latest: bool = typer.Option(True, "--latest/--no-latest", help="Also point :latest at the release."),
    config: Path = RELEASES_CONFIG,
    skip_audit: Optional[str] = typer.Option(None, "--skip-audit", help="Publish without an audit attestation: REASON."),
    allow_downgrade: bool = typer.Option(False, "--allow-downgrade", help="Let :latest move to an older version."),
    username: Optional[str] = USERNAME,
    password_stdin: bool = PASSWORD_STDIN,
    json_out: bool = JSON,
) -> None:
    """Push a dated tag pinned by digest, then move :latest to it; record it in releases.yaml."""
    from aeon_release.steps import publish

    request = publish.PublishRequest(image, repository, version, variant, date, latest, config, skip_audit,
                                     allow_downgrade, username, publish.password_from(password_stdin))
    publish.run(request, json_out)


@app.command("releases")
def releases_cmd(
    repository: str = REPOSITORY,
    config: Path = RELEASES_CONFIG,
    json_out: bool = JSON,
    username: Optional[str] = USERNAME,
    password_stdin: bool = PASSWORD_STDIN,
) -> None:
    """Dated tags, their digests and :latest, cross-checked with releases.yaml (exit 1 on an alarm)."""
    from aeon_release.steps import publish, releases

    releases.show(repository, config, json_out, username, publish.password_from(password_stdin))


@app.command("rollback")
def rollback_cmd(
    repository: str = REPOSITORY,
    config: Path = RELEASES_CONFIG,
    to: Optional[str] = typer.Option(None, "--to", help="Dated tag to go back to (default: the previous release)."),
    username: Optional[str] = USERNAME,
    password_stdin: bool = PASSWORD_STDIN,
) -> None:
    """Point :latest back at the previous dated release's recorded digest, verified and recorded."""
    from aeon_release.steps import publish, releases

    releases.run_rollback(repository, config, to, False, username, publish.password_from(password_stdin))
