"""JSON Schemas for the ledger files, shipped for editors (yaml-language-server) and CI."""

from __future__ import annotations

import json
import pkgutil
from typing import Any


def _load(name: str) -> dict[str, Any]:
    # pkgutil's loader read, not importlib.resources: its readers import zipfile (4 ms of every command's start)
    raw = pkgutil.get_data("aeon_release", f"data/schemas/{name}.schema.json")
    if raw is None:  # a loader that cannot read package data: an install without its data files
        raise RuntimeError(f"aeon_release/data/schemas/{name}.schema.json cannot be read: reinstall aeon-release")
    data: dict[str, Any] = json.loads(raw.decode("utf-8"))
    return data


SCHEMAS: dict[str, dict[str, Any]] = {name: _load(name) for name in ("carries", "cherry_picks", "fleet")}
