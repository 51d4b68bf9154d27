"""Drift on the surfaces of blind_replay_engine.py: the request, the scheduler's output, the KV connector API.

- an attribute upstream made a read-only property (vLLM #26737: ``Request.use_structured_output``, a flag
  ``__init__`` set, now a property; #34435: ``Request.eos_token_id`` likewise): a fork line assigning it
  merges cleanly and raises AttributeError (the property has no setter).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"

# --- #26737 / #34435: an attribute made a read-only property
REQUEST = "vllm/request.py"
REQUEST_BASE = (
    "class Request:\n"
    "    def __init__(self, params, eos_token_id: int | None) -> None:\n"
    "        self.params = params\n"
    "        self.eos_token_id = eos_token_id\n"
    "        self.use_structured_output = False\n"
    "        self.priority = 0\n"
)
REQUEST_THEIRS = (
    "class Request:\n"
    "    def __init__(self, params) -> None:\n"
    "        self.params = params\n"
    "        self.priority = 0\n\n"
    "    @property\n"
    "    def eos_token_id(self) -> int | None:\n"
    "        return self.params.eos_token_id\n\n"
    "    @property\n"
    "    def use_structured_output(self) -> bool:\n"
    "        return self.params.structured is not None\n"
)
ASSIGNED = "from vllm.request import Request\n\n\ndef mine(request: Request) -> None:\n    request.eos_token_id = 7\n"
SETATTR = (
    "from vllm.request import Request\n\n\n"
    "def mine(request: Request) -> None:\n    setattr(request, 'use_structured_output', True)\n"
)
AUGMENTED = "from vllm.request import Request\n\n\ndef mine(request: Request) -> None:\n    request.eos_token_id += 1\n"
READ = (
    "from vllm.request import Request\n\n\ndef mine(request: Request) -> int | None:\n    return request.eos_token_id\n"
)
KEPT = "from vllm.request import Request\n\n\ndef mine(request: Request) -> None:\n    request.priority = 3\n"
OTHER_CLASS = (
    "class Request:\n    eos_token_id: int = 0\n\n\ndef mine(request: Request) -> None:\n    request.eos_token_id = 7\n"
)
UNTYPED = "def mine(request) -> None:\n    request.eos_token_id = 7\n"
SETTER_THEIRS = REQUEST_THEIRS + (
    "\n    @eos_token_id.setter\n    def eos_token_id(self, value: int | None) -> None:\n"
    "        self.params.eos_token_id = value\n"
)


def _closed(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = REQUEST_THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {REQUEST: REQUEST_BASE, **PACKAGES}, {USE: fork}, {REQUEST: theirs})
    return found(audit(git_repo, sides, tmp_path), SYMBOL_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(ASSIGNED, "request.eos_token_id = 7"), (SETATTR, "setattr("), (AUGMENTED, "+= 1")],
    ids=["assigned", "setattr", "augmented"],
)
def test_an_assignment_to_an_attribute_made_a_read_only_property_is_an_error(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _closed(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork", [READ, KEPT, OTHER_CLASS, UNTYPED], ids=["a-read", "a-kept-attribute", "the-fork-own-class", "untyped"]
)
def test_reads_kept_attributes_and_other_classes_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _closed(git_repo, tmp_path, fork) == []


def test_a_property_with_a_setter_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _closed(git_repo, tmp_path, ASSIGNED, SETTER_THEIRS) == []
