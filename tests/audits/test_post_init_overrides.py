"""A fork ``__post_init__`` overriding a dataclass base's whose init-only parameters upstream changed.

vLLM #22980 gave ``ModelConfig.__post_init__`` a tenth ``InitVar`` (``video_pruning_rate``).  A constructor's
parameters are a subclass's own to choose, so the override checks skip ``__init__``; a ``__post_init__``'s are
not: the dataclass's generated ``__init__`` hands it every ``InitVar`` by position, and an override of the old
shape raises TypeError on every build (symbol drift, ``_post_init_drift``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"pkg/__init__.py": ""}
CONFIG = "pkg/config.py"
USE = "pkg/aeon_use.py"
BASE = (
    "from dataclasses import InitVar, dataclass\n\n\n"
    "@dataclass\n"
    "class Settings:\n"
    "    name: str = 'x'\n"
    "    cache_gb: InitVar[float | None] = None\n\n"
    "    def __post_init__(self, cache_gb: float | None) -> None:\n"
    "        self.cache = cache_gb or 0.0\n"
)
THEIRS = (
    "from dataclasses import InitVar, dataclass\n\n\n"
    "@dataclass\n"
    "class Settings:\n"
    "    name: str = 'x'\n"
    "    cache_gb: InitVar[float | None] = None\n"
    "    pruning: InitVar[float | None] = None\n\n"
    "    def __post_init__(self, cache_gb: float | None, pruning: float | None) -> None:\n"
    "        self.cache = cache_gb or 0.0\n"
    "        self.pruning = pruning\n"
)
# only the body changed upstream: the override still fits
BODY_ONLY = BASE + "        self.ready = True\n"
HEAD = "from dataclasses import dataclass\n\nfrom pkg.config import Settings\n\n\n"
OLD_SHAPE = (
    HEAD + "class MySettings(Settings):\n"
    "    def __post_init__(self, cache_gb):\n"
    "        super().__post_init__(min(cache_gb or 4.0, 4.0))\n"
)
REDECORATED = (
    HEAD + "@dataclass\nclass MySettings(Settings):\n"
    "    tag: str = 'aeon'\n\n"
    "    def __post_init__(self, cache_gb: float | None) -> None:\n"
    "        Settings.__post_init__(self, cache_gb)\n"
)
KEYWORDS = (
    HEAD + "class MySettings(Settings):\n"
    "    def __post_init__(self, cache_gb=None):\n"
    "        super().__post_init__(cache_gb=cache_gb)\n"
)
# twins: the rest passed on; the new parameter taken with a default; a fork class not over the base
PASSED_ON = HEAD + (
    "class MySettings(Settings):\n"
    "    def __post_init__(self, *args, **kwargs):\n"
    "        super().__post_init__(*args, **kwargs)\n"
)
NEW_SHAPE = HEAD + (
    "class MySettings(Settings):\n"
    "    def __post_init__(self, cache_gb, pruning=None):\n"
    "        super().__post_init__(cache_gb, pruning)\n"
)
UNRELATED = HEAD + (
    "@dataclass\nclass Other:\n"
    "    size: int = 0\n\n"
    "    def __post_init__(self):\n"
    "        self.size = max(self.size, 1)\n"
)


def _run(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {CONFIG: BASE, **PACKAGES}, {USE: fork}, {CONFIG: theirs})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


@pytest.mark.parametrize(
    "fork", [OLD_SHAPE, REDECORATED, KEYWORDS], ids=["a-subclass", "a-dataclass-subclass", "a-keyword-default"]
)
def test_an_override_of_the_old_init_only_parameters_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert (USE, line_of(fork, "def __post_init__"), "error") in _run(git_repo, tmp_path, fork)


@pytest.mark.parametrize(
    "fork", [PASSED_ON, NEW_SHAPE, UNRELATED], ids=["passed-on", "the-new-shape", "an-unrelated-class"]
)
def test_an_override_that_still_fits_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert (USE, line_of(fork, "def __post_init__"), "error") not in _run(git_repo, tmp_path, fork)


def test_an_override_of_a_base_whose_parameters_kept_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _run(git_repo, tmp_path, OLD_SHAPE, BODY_ONLY) == []
