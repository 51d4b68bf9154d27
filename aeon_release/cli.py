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


# -- image -----------------------------------------------------------------------------------
@app.command("build")
def build(
    repo: Path = REPO,
    version: str = typer.Option(..., "--version", help="The release being built, e.g. v0.29.0."),
    variant: Optional[str] = typer.Option(None, "--variant", help="Image variant, e.g. omni (tag suffix, label)."),
    rev: Optional[str] = typer.Option(None, "--rev", help="Revision to build (default HEAD); the commit, never the work tree."),
    dockerfile: Optional[Path] = typer.Option(None, "--dockerfile", help="Dockerfile (default: aeon-release's own)."),
    platform: Optional[str] = typer.Option(None, "--platform", help="Target platform, e.g. linux/arm64."),
    build_arg: list[str] = typer.Option([], "--build-arg", help="KEY=VALUE passed to the build (repeatable)."),
    tag: Optional[str] = typer.Option(None, "--tag", help="Image name (default aeon-vllm-ultimate:VERSION[-VARIANT])."),
    config: Path = CONFIG,
    skip_audit: Optional[str] = typer.Option(None, "--skip-audit", help="Build without the audit gate; the REASON is recorded."),
    json_out: bool = JSON,
) -> None:
    """Build the sm_121a serving image: preflight, arch probe, build, load-bearing check, report."""
    from aeon_release.steps import build as build_step

    request = build_step.BuildRequest(repo=repo, version=version, variant=variant, rev=rev, dockerfile=dockerfile,
                                      platform=platform, build_args=tuple(build_arg), tag=tag, config_dir=config,
                                      skip_audit=skip_audit)
    build_step.run(request, json_out)


@app.command("image-report")
def image_report(
    image: str = typer.Argument(..., help="Image name or id."),
    json_out: bool = JSON,
) -> None:
    """The image diet: size per layer, dead bytes under whiteouts, duplicate shared libraries."""
    from aeon_release.steps import image_report as report_step

    report_step.run(image, json_out)
