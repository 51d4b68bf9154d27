"""A presence test bound to a flag the fork branches on (review48, round 3).

``HAS_COUNT = hasattr(SendThread, "add_stored_request")`` at module level (or in a function), then ``if
HAS_COUNT: <the old path>`` with the other path after it or in its ``else``: the flag is the inline ``if
hasattr(SendThread, "add_stored_request"):`` spelt in two lines, a test the fork wrote for both releases.
Symbol drift read only the inline form as such and reported the flag's own ``hasattr`` line once upstream
removed the member, and name drift as well once upstream no longer has the name anywhere.  A flag bound twice, or tested only over a body with nothing in its stead, stays reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT, SYMBOL_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": ""}
THREAD = "vllm/store.py"
THREAD_BASE = (
    "class SendThread:\n"
    "    def __init__(self) -> None:\n        self.stored: dict[str, int] = {}\n\n"
    "    def add_stored_request(self, req_id: str) -> None:\n        self.stored[req_id] = 1\n\n"
    "    def pending(self, req_id: str) -> bool:\n        return req_id in self.stored\n"
)
THREAD_THEIRS = THREAD_BASE.replace(
    "    def add_stored_request(self, req_id: str) -> None:\n        self.stored[req_id] = 1\n\n", ""
)
USE = "vllm/aeon_use.py"
HEAD = "from vllm.store import SendThread\n\n"
FLAG = "HAS_COUNT = hasattr(SendThread, 'add_stored_request')\n\n\n"
FUNC = "def pending(t: SendThread, req_id: str) -> bool:\n"

TWINS = {
    "module-flag-exits": HEAD + FLAG + FUNC + "    if HAS_COUNT:\n        return t.stored.get(req_id, 0) > 0\n"
    "    return t.pending(req_id)\n",
    "module-flag-else": HEAD + FLAG + FUNC + "    if HAS_COUNT:\n        return t.stored.get(req_id, 0) > 0\n"
    "    else:\n        return t.pending(req_id)\n",
    "module-flag-not": HEAD + FLAG + FUNC + "    if not HAS_COUNT:\n        return t.pending(req_id)\n"
    "    return t.stored.get(req_id, 0) > 0\n",
    "module-flag-ifexp": HEAD
    + FLAG
    + FUNC
    + "    return t.stored.get(req_id, 0) > 0 if HAS_COUNT else t.pending(req_id)\n",
    "local-flag": HEAD + FUNC + "    counted = hasattr(t, 'add_stored_request')\n"
    "    if counted:\n        return t.stored.get(req_id, 0) > 0\n    return t.pending(req_id)\n",
}


def _audit(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {THREAD: THREAD_BASE, **PACKAGES}, {USE: fork}, {THREAD: THREAD_THEIRS})
    report = audit(git_repo, sides, tmp_path)
    return [f for rule in (SYMBOL_DRIFT, NAME_DRIFT) for f in found(report, rule) if f[2] == "error"]


@pytest.mark.parametrize("body", list(TWINS.values()), ids=list(TWINS))
def test_a_flag_the_fork_branches_on_is_a_presence_test(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _audit(git_repo, tmp_path, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # nothing in the member's stead: the flag is False now and the fork's work is skipped, silently
        HEAD + FLAG + FUNC + "    if HAS_COUNT:\n        t.add_stored_request(req_id)\n    return True\n",
        # bound twice: the test may ask another thing
        HEAD + FLAG + "HAS_COUNT = HAS_COUNT or False\n\n\n" + FUNC + "    if HAS_COUNT:\n"
        "        return t.stored.get(req_id, 0) > 0\n    return t.pending(req_id)\n",
    ],
    ids=["nothing-in-its-stead", "bound-twice"],
)
def test_a_flag_gating_nothing_else_stays_reported(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert (USE, line_of(body, "HAS_COUNT = hasattr"), "error") in _audit(git_repo, tmp_path, body)
