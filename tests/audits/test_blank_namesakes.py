"""A fork subclass's own attribute upstream's base now assigns too, both starting on the same empty value.

Shaped like #21534 (15a72ac478): ``Scheduler.__init__`` gained ``self.finished_loading_dict: dict[str, int] = {}``
(request id -> tokens loaded), read and popped by ``_update_waiting_for_remote_kv``.  A fork subclass that keeps
``self.finished_loading_dict: dict[str, float] = {}`` of load times after ``super().__init__()`` now shares one
slot with the base, which reads a time as a token count.  Both start on ``{}``, which the namesake check took for a
backport's spelling of upstream's value.  Since killers207 an empty value spelled alike is a backport only as far
as the annotations say: annotations that differ make it an error, none to tell (or the same) a warning.  Quiet:
the fork's own name, a value spelled as upstream's that is not empty (a backport), a base that never reads it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SHADOWED_ATTRIBUTE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE = "vllm/core/sched.py"
FORK = "vllm/core/aeon_sched.py"
INITS = {"vllm/__init__.py": "", "vllm/core/__init__.py": ""}
SCHED = (
    "class Scheduler:\n"
    "    def __init__(self, config):\n"
    "        self.config = config\n"
    "        self.requests = {}\n\n"
    "    def step(self, request_id):\n"
    "        return self.requests.get(request_id)\n"
)
READS = SCHED.replace(
    "        self.requests = {}\n",
    "        self.requests = {}\n        self.loads: dict[str, int] = {}\n",
) + ("\n    def waiting(self, request_id):\n        return self.loads.pop(request_id, 0) > 0\n")
HEAD = "import time\n\nfrom vllm.core.sched import Scheduler\n\n\n"
AFTER_INIT = HEAD + (
    "class AeonScheduler(Scheduler):\n"
    "    def __init__(self, config):\n"
    "        super().__init__(config)\n"
    "        self.loads: dict[str, float] = {}  # AEON\n\n"
    "    def mark(self, request_id):\n"
    "        self.loads[request_id] = time.monotonic()\n"
)
IN_METHOD = HEAD + (
    "class AeonScheduler(Scheduler):\n    def reset_loads(self):\n        self.loads: dict[str, str] = {}  # AEON\n"
)
SUBJECT = "[V1] Exception Handling when Loading KV Cache from Remote Store (#21534)"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str, base: str = SCHED) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {BASE: base, FORK: HEAD, **INITS}, {FORK: fork}, [(SUBJECT, {BASE: upstream})])
    rows = s.rule_rows(git_repo, no_rules, sides, SHADOWED_ATTRIBUTE)
    return [(line, sev) for path, line, sev, _ in rows if path == FORK]


def _aeon(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if "# AEON" in line)


@pytest.mark.parametrize(
    "fork",
    [
        AFTER_INIT,
        IN_METHOD,
        AFTER_INIT.replace("self.loads: dict[str, float] = {}", "self.loads: dict[int, list[str]] = dict()"),
    ],
)
def test_an_empty_value_under_another_annotation_is_an_error(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert _rows(git_repo, no_rules, fork, READS) == [(_aeon(fork), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        AFTER_INIT.replace("self.loads: dict[str, float] = {}", "self.loads = {}"),
        # the same annotation: a backport reads the same, so a warning
        AFTER_INIT.replace("dict[str, float]", "dict[str, int]"),
        AFTER_INIT.replace("self.loads: dict[str, float] = {}", "self.loads = dict()"),
        # upstream's annotation in typing's older spelling or quoted (revDX, review116): the same type
        "from typing import Dict\n" + AFTER_INIT.replace("dict[str, float]", "Dict[str, int]"),
        AFTER_INIT.replace("dict[str, float]", "'dict[str, int]'"),
        # an annotation that leaves the values open tells no backport apart (revDX, review116)
        AFTER_INIT.replace("dict[str, float]", "dict"),
        "from typing import Any\n" + AFTER_INIT.replace("dict[str, float]", "dict[str, Any]"),
    ],
)
def test_an_empty_value_nothing_tells_apart_is_a_warning(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert _rows(git_repo, no_rules, fork, READS) == [(_aeon(fork), "warning")]


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the fork's own name
        (AFTER_INIT.replace("self.loads", "self.aeon_loads"), READS),
        # a non-empty value spelled as upstream's: a backport
        (
            AFTER_INIT.replace("self.loads: dict[str, float] = {}", "self.loads: dict[str, float] = {'warm': 1}"),
            READS.replace("self.loads: dict[str, int] = {}", "self.loads: dict[str, int] = {'warm': 1}"),
        ),
        # the base sets it once and never reads it: the fork's later value still wins
        (AFTER_INIT, READS.split("\n    def waiting")[0] + "\n"),
    ],
)
def test_the_own_name_a_backport_or_an_unread_base_value_stays_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: str
) -> None:
    assert _rows(git_repo, no_rules, fork, upstream) == []


def test_a_member_the_base_had_made_an_attribute_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # #35153 made DefaultMoERunner.use_dp_chunking, a property, a value its __init__ sets: the fork's store after
    # the super call sets the base's own value on purpose (review25's twin), not a value of its own
    had = SCHED + "\n    @property\n    def loads(self):\n        return {}\n"
    assert _rows(git_repo, no_rules, AFTER_INIT, READS, base=had) == []


@pytest.mark.parametrize("note", ["Optional[list[int]]", "Optional[List[int]]", "'list[int] | None'"])
def test_a_none_backport_in_another_spelling_is_a_warning(git_repo: GitRepo, no_rules: Path, note: str) -> None:
    # #32374 (4ef4492e9b) gave Scheduler.__init__ ``self.dynamic_sd_lookup: list[int] | None = None``: a fork's
    # backport under ``Optional[...]`` says the same type (revDX, review116)
    upstream = READS.replace("self.loads: dict[str, int] = {}", "self.loads: list[int] | None = None").replace(
        "return self.loads.pop(request_id, 0) > 0", "return self.loads is not None"
    )
    fork = "from typing import List, Optional\n" + AFTER_INIT.replace(
        "self.loads: dict[str, float] = {}", f"self.loads: {note} = None"
    ).replace("self.loads[request_id] = time.monotonic()", "self.loads = [int(time.monotonic())]")
    assert _rows(git_repo, no_rules, fork, upstream) == [(_aeon(fork), "warning")]
