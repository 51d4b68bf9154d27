"""Symbol drift through an index: a read off one element of a container, typed by the container's annotation.

#36470 removed the deprecated ``Request.eos_token_id``; the v1 ``Scheduler`` declares ``self.requests:
dict[str, Request]``, so a fork's ``Scheduler`` subclass reading ``self.requests[req_id].eos_token_id`` raises
``AttributeError`` after a clean merge, as does ``reqs[req_id].eos_token_id`` with ``reqs: dict[str,
Request]`` or ``running[0].eos_token_id`` with ``running: list[Request]``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

REQUEST = "vllm/v1/request.py"
REQUEST_OLD = """class Request:
    def __init__(self, request_id: str) -> None:
        self.request_id = request_id

    @property
    def eos_token_id(self) -> int | None:
        return None
"""
REQUEST_NEW = REQUEST_OLD.split("\n    @property")[0] + "\n"
SCHED = "vllm/v1/core/sched/scheduler.py"
SCHED_TEXT = """from vllm.v1.request import Request


class Scheduler:
    def __init__(self) -> None:
        self.requests: dict[str, Request] = {}
        self.running: list[Request] = []
        self.cache = {}
"""
FORK = "vllm/aeon/sched.py"
HEAD = "from vllm.v1.core.sched.scheduler import Scheduler\nfrom vllm.v1.request import Request\n\n\n"
SUB = HEAD + "class AeonScheduler(Scheduler):\n    def f(self, rid: str):\n"
BASE = {REQUEST: REQUEST_OLD, SCHED: SCHED_TEXT, "vllm/v1/__init__.py": "", "vllm/v1/core/sched/__init__.py": ""}
UPSTREAM = [("[Deprecation][1/2] Remove items deprecated in v0.18 (#36470)", {REQUEST: REQUEST_NEW})]

# The error rows of the test below each put one fork module beside the same base and upstream and pin that module's
# drift line and message: no row's module imports another's, so one merge and one audit of the four modules side by
# side answers each of them (4 merges and audits became one per process; suitespeed10, as suitespeed8 and 9 did for
# other files).  The quiet rows keep a merge each: there a row's module could be quiet for something another row's
# module declared (a subclass's own element class, say).
_BATCHED: dict[str, list[tuple[int, str]]] = {}


def _drift_among_rows(git_repo: GitRepo, no_rules: Path, bodies: list[str], body: str) -> list[tuple[int, str]]:
    if not _BATCHED:
        paths = {text: f"vllm/aeon/sched_{number}.py" for number, text in enumerate(bodies)}
        fork = {path: text for text, path in paths.items()}
        sides = s.merge_case(git_repo, BASE, {**fork, "vllm/aeon/__init__.py": ""}, UPSTREAM)
        report = git_repo.audit(no_rules, merge=sides)
        every = [f.path for f in report.findings if f.rule_id == DRIFT]
        assert set(every) <= set(paths.values()), every
        for text, path in paths.items():
            _BATCHED[text] = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == path]
    return _BATCHED[body]


INDEXED_ROWS = [
    (SUB + "        return self.requests[rid].eos_token_id\n", 7),
    (SUB + "        return self.running[0].eos_token_id\n", 7),
    (HEAD + "def f(reqs: dict[str, Request], rid: str):\n    return reqs[rid].eos_token_id\n", 6),
    (HEAD + "def f(running: list[Request]):\n    return running[-1].eos_token_id\n", 6),
    # twins: a kept attribute; an unannotated container; a subclass that declares its own element class
    (SUB + "        return self.requests[rid].request_id\n", None),
    (SUB + "        return self.cache[rid].eos_token_id\n", None),
    (HEAD + "def f(reqs, rid: str):\n    return reqs[rid].eos_token_id\n", None),
    (
        HEAD + "class AeonRequest:\n    eos_token_id: int | None = None\n\n\n"
        "class AeonScheduler(Scheduler):\n    def __init__(self) -> None:\n        super().__init__()\n"
        "        self.requests: dict[str, AeonRequest] = {}\n\n"
        "    def f(self, rid: str):\n        return self.requests[rid].eos_token_id\n",
        None,
    ),
]


@pytest.mark.parametrize(("body", "line"), INDEXED_ROWS)
def test_a_removed_attribute_read_off_an_indexed_element(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    if line:
        rows = _drift_among_rows(git_repo, no_rules, [text for text, at in INDEXED_ROWS if at], body)
    else:
        sides = s.merge_case(git_repo, BASE, {FORK: body, "vllm/aeon/__init__.py": ""}, UPSTREAM)
        report = git_repo.audit(no_rules, merge=sides)
        rows = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert [n for n, _ in rows] == ([line] if line else []), rows
    if line:
        assert "which upstream removed Request.eos_token_id" in rows[0][1]
