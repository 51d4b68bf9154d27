"""Handed-on default drift, widened: a default made ``None`` and filled in ``__post_init__`` from another field.

vLLM #26915 (8669c69afa) turned ``KVEventsConfig.publisher: str = "null"`` into ``Field(default=None)`` filled by
``"zmq" if self.enable_kv_cache_events else "null"``.  A fork's ``KVEventsConfig(enable_kv_cache_events=True)``
handed on (events drained in process, nothing published) left the publisher to "null" and now gets "zmq".
Twins: the flag left off (still "null"), the publisher passed, the flag passed by a name (not read), a fill of
another shape (a call), and the fork's own class of the name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/config/__init__.py": ""}
CONFIG = "vllm/config/kv_events.py"
READER = "vllm/kv_events.py"
FORK = "vllm/aeon_events.py"
CONFIG_BASE = (
    "from pydantic.dataclasses import dataclass\n\n\n@dataclass\nclass KVEventsConfig:\n"
    "    enable_kv_cache_events: bool = False\n    publisher: str = 'null'\n    endpoint: str = 'tcp://*:5557'\n"
)
CONFIG_THEIRS = CONFIG_BASE.replace(
    "    publisher: str = 'null'\n", "    publisher: Literal['null', 'zmq'] = Field(default=None)\n"
).replace(
    "from pydantic.dataclasses import dataclass\n",
    "from typing import Literal\n\nfrom pydantic import Field\nfrom pydantic.dataclasses import dataclass\n",
) + (
    "\n    def __post_init__(self):\n        if self.publisher is None:\n"
    "            self.publisher = 'zmq' if self.enable_kv_cache_events else 'null'\n"
)
READER_TEXT = (
    "from vllm.config.kv_events import KVEventsConfig\n\n\n"
    "def create(config: KVEventsConfig | None) -> str:\n"
    "    if config is None or config.publisher == 'null':\n        return 'null'\n    return config.publisher\n"
)
IMPORT = "from vllm.config.kv_events import KVEventsConfig\n\n\n"
ENABLED = IMPORT + "def events_config() -> KVEventsConfig:\n    return KVEventsConfig(enable_kv_cache_events=True)\n"

OFF = IMPORT + "def events_config() -> KVEventsConfig:\n    return KVEventsConfig(endpoint='tcp://*:5600')\n"
PASSED = IMPORT + (
    "def events_config() -> KVEventsConfig:\n    return KVEventsConfig(enable_kv_cache_events=True, publisher='null')\n"
)
BY_NAME = (
    IMPORT + "def events_config(on: bool) -> KVEventsConfig:\n    return KVEventsConfig(enable_kv_cache_events=on)\n"
)
OWN = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass KVEventsConfig:\n    enable_kv_cache_events: bool = False\n"
    "    publisher: str = 'null'\n\n\ndef events_config() -> KVEventsConfig:\n"
    "    return KVEventsConfig(enable_kv_cache_events=True)\n"
)


def _filled(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = CONFIG_THEIRS) -> list:
    sides = three_way(git_repo, {CONFIG: CONFIG_BASE, READER: READER_TEXT, **PACKAGES}, {FORK: fork}, {CONFIG: theirs})
    return [f for f in found(audit(git_repo, sides, tmp_path), DEFAULT_DRIFT) if f[0] == FORK]


def test_a_build_on_a_default_the_class_now_fills_otherwise_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _filled(git_repo, tmp_path, ENABLED) == [(FORK, line_of(ENABLED, "return KVEventsConfig("), "error")]


def test_a_negated_test_fills_the_same_way(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = CONFIG_THEIRS.replace(
        "'zmq' if self.enable_kv_cache_events else 'null'", "'null' if not self.enable_kv_cache_events else 'zmq'"
    )
    assert _filled(git_repo, tmp_path, ENABLED, theirs) == [(FORK, line_of(ENABLED, "return KVEventsConfig("), "error")]


@pytest.mark.parametrize(
    "fork",
    [OFF, PASSED, BY_NAME, OWN],
    ids=["the-flag-left-off", "the-field-passed", "the-flag-by-a-name", "own-class"],
)
def test_builds_the_fill_keeps_or_that_set_the_field_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _filled(git_repo, tmp_path, fork) == []


def test_a_fill_of_another_shape_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = CONFIG_THEIRS.replace(
        "'zmq' if self.enable_kv_cache_events else 'null'", "pick_publisher(self.enable_kv_cache_events)"
    )
    assert _filled(git_repo, tmp_path, ENABLED, theirs) == []


def test_a_fill_whose_flag_the_class_rewrites_first_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """The class turns the flag off before the fill reads it (no endpoint, no events): the build's literal is not
    what the fill tests, so the value it holds is not read."""
    theirs = CONFIG_THEIRS.replace(
        "        if self.publisher is None:\n",
        "        if not self.endpoint:\n            self.enable_kv_cache_events = False\n"
        "        if self.publisher is None:\n",
    )
    assert _filled(git_repo, tmp_path, ENABLED, theirs) == []
