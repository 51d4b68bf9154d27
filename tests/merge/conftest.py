from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example


@pytest.fixture
def example(tmp_path: Path) -> demo.Example:
    """Upstream with v0.27.1 and v0.29.0 and PR-numbered commits after the tag; a fork with two carries."""
    return build_example(tmp_path / "ex")
