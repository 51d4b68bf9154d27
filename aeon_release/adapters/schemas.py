"""JSON Schemas for the ledger files, shipped for editors (yaml-language-server) and CI."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def _load(name: str) -> dict[str, Any]:
    text = resources.files("aeon_release").joinpath(f"data/schemas/{name}.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


SCHEMAS: dict[str, dict[str, Any]] = {name: _load(name) for name in ("carries", "cherry_picks", "fleet")}
