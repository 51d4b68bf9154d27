"""A function upstream made return another class; a fork line reads a member the new class lacks (#15156)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ENGINE = "vllm/v1/engine/async_llm.py"
COLLECT = "vllm/v1/engine/output_processor.py"
FORK = "vllm/aeon/router.py"
SUBJECT = "[V1][Perf] Simpler request output queues (#15156)"
BASE = """import asyncio


class AsyncLLM:
    async def add_request(self, request_id: str) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue()
        return queue
"""
COLLECTOR = """class RequestOutputCollector:
    def __init__(self) -> None:
        self.output = None
        self.ready = False

    def put(self, output) -> None:
        self.output = output

    async def get(self):
        return self.output

    def get_nowait(self):
        return self.output
"""
UPSTREAM = """from vllm.v1.engine.output_processor import RequestOutputCollector


class AsyncLLM:
    async def add_request(self, request_id: str) -> RequestOutputCollector:
        queue = RequestOutputCollector()
        return queue
"""
FORK_HEAD = """from vllm.v1.engine.async_llm import AsyncLLM


async def aeon_first(engine: AsyncLLM, rid: str):
    q = await engine.add_request(rid)
"""


def _rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM, collector: str = COLLECTOR):
    sides = s.merge_case(
        git_repo,
        {ENGINE: BASE, COLLECT: "\n"},
        {FORK: FORK_HEAD + body},
        [(SUBJECT, {ENGINE: upstream, COLLECT: collector})],
    )
    return [(line, sev, msg) for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, DRIFT) if path == FORK]


def test_a_member_the_new_class_lacks_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """#15156: the fork's ``q.empty()`` on what is now a RequestOutputCollector: AttributeError."""
    [(line, severity, message)] = _rows(
        git_repo, no_rules, "    return q.get_nowait() if not q.empty() else await q.get()\n"
    )
    assert (line, severity) == (6, "error")
    assert "upstream made it return RequestOutputCollector where it returned asyncio.Queue[str]" in message
    assert ".empty of it, which RequestOutputCollector has not" in message


@pytest.mark.parametrize(
    "body",
    [
        "    return await q.get()\n",  # a member both classes have
        "    return q.ready\n",  # a self.X of the new class's methods
        "    if isinstance(q, RequestOutputCollector):\n        return q.get_nowait()\n    return q.empty()\n",
    ],
)
def test_a_member_the_new_class_has_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert [r for r in _rows(git_repo, no_rules, body) if r[1] == "error"] == []


def test_a_class_that_makes_up_attributes_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    collector = COLLECTOR + "\n    def __getattr__(self, name):\n        return getattr(self.output, name)\n"
    rows = _rows(git_repo, no_rules, "    return q.empty()\n", collector=collector)
    assert [r for r in rows if r[1] == "error"] == []


def test_a_class_with_a_base_outside_the_tree_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``class RequestOutputCollector(asyncio.Queue)``: the base outside the tree may have the member."""
    collector = "import asyncio\n\n\n" + COLLECTOR.replace(
        "RequestOutputCollector:", "RequestOutputCollector(asyncio.Queue):"
    )
    rows = _rows(git_repo, no_rules, "    return q.empty()\n", collector=collector)
    assert [r for r in rows if r[1] == "error"] == []


def test_an_annotation_widened_to_a_base_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``-> SlowCollector`` made ``-> Collector`` (its base): the value may still be the old class."""
    collector = COLLECTOR.replace("RequestOutputCollector", "Collector") + (
        "\n\nclass SlowCollector(Collector):\n    def empty(self) -> bool:\n        return self.output is None\n"
    )
    base = (
        "from vllm.v1.engine.output_processor import SlowCollector\n\n\nclass AsyncLLM:\n"
        "    async def add_request(self, request_id: str) -> SlowCollector:\n        return SlowCollector()\n"
    )
    upstream = (
        "from vllm.v1.engine.output_processor import Collector, SlowCollector\n\n\nclass AsyncLLM:\n"
        "    async def add_request(self, request_id: str) -> Collector:\n        return SlowCollector() if request_id else Collector()\n"
    )
    sides = s.merge_case(
        git_repo,
        {ENGINE: base, COLLECT: collector},
        {FORK: FORK_HEAD + "    return q.empty()\n"},
        [(SUBJECT, {ENGINE: upstream})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, DRIFT) if r[0] == FORK and r[2] == "error"]
    assert rows == []
