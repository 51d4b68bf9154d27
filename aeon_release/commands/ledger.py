"""`aeon-release ledger ...`: validate the ledger, print its JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path

from aeon_release.adapters import schemas
from aeon_release.adapters.console import emit_json, show
from aeon_release.domain import ledger, profile
from aeon_release.errors import UsageError, quoted


def check(config_dir: Path, json_out: bool) -> None:
    loaded = ledger.check(config_dir)
    if (config_dir / profile.PROFILE_FILE).exists():
        profile.load(config_dir)  # the fleet profile beside the ledger is checked with it
    active = len(loaded.active_carries)
    dropped = len(loaded.carries) - active
    releases = {name: {"pick": len(p.picks), "skip": len(p.skips)} for name, p in loaded.releases.items()}
    if json_out:
        emit_json({"ok": True, "carries": {"active": active, "dropped": dropped}, "releases": releases})
    show(
        f"[green]ok[/]: {active} active and {dropped} dropped carries, {len(releases)} releases in {config_dir}",
        json_out,
    )


def schema(which: str) -> None:
    if which not in schemas.SCHEMAS:
        raise UsageError(f"unknown schema {quoted(which)}", f"choose one of {', '.join(schemas.SCHEMAS)}")
    print(json.dumps(schemas.SCHEMAS[which], indent=2))
