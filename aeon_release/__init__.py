"""aeon-release: release a downstream fork safely and fast."""

from __future__ import annotations

__version__ = "0.2.0"  # as pyproject.toml says (`--version` reads the installed metadata)
