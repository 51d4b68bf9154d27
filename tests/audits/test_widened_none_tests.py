"""A value upstream made a tuple, bound to a local the fork tests against None.

Shaped like #42433 (8df14cfc8c): ``Scheduler._free_request`` returned the KV transfer params (a dict or None) and
now returns ``(kv_xfer_params, ec_xfer_params)``, its own caller unpacking the pair.  A fork override's
``params = super()._free_request(r)`` then ``if params is not None: params["x"] = ...`` took the None test for a
guard: a tuple is never None, so the test always passes (``is None`` always fails) and the subscript raises
TypeError.  Since killers207 the None test of a value made a tuple is no guard (only a probe of its kind is): the
binding line, each None test and the first read misreading the local are errors.  Quiet: ``isinstance`` probing
the value, the new unpack, a None test of a value upstream left one value, the fork class's own method.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE as RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SCHED = "vllm/core/scheduler.py"
SCHED_BASE = """from typing import Any


class Scheduler:
    def _free_request(self, request) -> dict[str, Any] | None:
        self.finished.add(request.request_id)
        return request.kv_params

    def _free_blocks(self, request) -> dict[str, Any] | None:
        return request.blocks

    def finish(self, request) -> None:
        kv_transfer_params = self._free_request(request)
        self.outputs.append(kv_transfer_params)
"""
SCHED_AFTER = (
    SCHED_BASE.replace(
        "    def _free_request(self, request) -> dict[str, Any] | None:",
        "    def _free_request(self, request) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:",
    )
    .replace("return request.kv_params", "return request.kv_params, request.ec_params")
    .replace(
        "kv_transfer_params = self._free_request(request)",
        "kv_transfer_params, ec_transfer_params = self._free_request(request)",
    )
)
INITS = {"vllm/__init__.py": "", "vllm/core/__init__.py": ""}
FORK = "vllm/core/aeon_sched.py"
HEAD = "from vllm.core.scheduler import Scheduler\n\n\n"
SUBJECT = "[EC Connector] Add EC Transfer Params (#42433)"


def _rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    base = {SCHED: SCHED_BASE, **INITS}
    sides = s.merge_case(git_repo, base, {FORK: HEAD + body}, [(SUBJECT, {SCHED: SCHED_AFTER})])
    rows = s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
    return sorted({(line, sev) for path, line, sev, _ in rows if path == FORK})


def _line(body: str, text: str) -> int:
    return next(i for i, line in enumerate((HEAD + body).splitlines(), 1) if text in line)


SELF_CALL = (
    "class AeonScheduler(Scheduler):\n"
    "    def aeon_release(self, request) -> None:\n"
    "        params = self._free_request(request)\n"
    "        if params is not None:\n"
    "            params.update(aeon_node=1)\n"
)
TYPED = (
    "def aeon_drop(sched: Scheduler, request) -> int:\n"
    "    params = sched._free_request(request)\n"
    "    if params == None:\n"
    "        return 0\n"
    '    return params["num_blocks"]\n'
)
ASSERTED = (
    "class AeonScheduler(Scheduler):\n"
    "    def _free_request(self, request):\n"
    "        params = super()._free_request(request)\n"
    "        assert params is not None\n"
    '        params["aeon"] = 1\n'
    "        return params\n"
)


@pytest.mark.parametrize(
    ("body", "marks"),
    [
        (SELF_CALL, ("params = self", "if params is not None", "params.update")),
        (TYPED, ("params = sched", "if params == None", 'return params["num_blocks"]')),
        (ASSERTED, ("params = super()", "assert params is not None", 'params["aeon"] = 1')),
    ],
)
def test_a_none_test_of_a_value_made_a_pair_is_no_guard(
    git_repo: GitRepo, no_rules: Path, body: str, marks: tuple[str, ...]
) -> None:
    rows = _rows(git_repo, no_rules, body)
    assert {(_line(body, m), "error") for m in marks} <= set(rows)


@pytest.mark.parametrize(
    "body",
    [
        # a probe of the value's kind: the fork branches on what it got
        SELF_CALL.replace("if params is not None:", "if isinstance(params, dict):"),
        # the new unpack
        SELF_CALL.replace("params = self._free_request(request)", "params, _ec = self._free_request(request)"),
        # a None test of a value upstream left one value
        SELF_CALL.replace("self._free_request(request)", "self._free_blocks(request)"),
        # one path per release (revDX, review116): a version test unpacks the pair, the other path binds it whole
        "class AeonScheduler(Scheduler):\n"
        "    def aeon_release(self, request) -> None:\n"
        "        if hasattr(self, 'get_ec_connector'):\n"
        "            params, _ = self._free_request(request)\n"
        "        else:\n"
        "            params = self._free_request(request)\n"
        "        if params is not None:\n"
        "            params.update(aeon_node=1)\n",
        # the fork class's own method of the name
        "class AeonScheduler(Scheduler):\n"
        "    def _free_request(self, request):\n"
        "        return request.kv_params\n\n"
        "    def aeon_release(self, request) -> None:\n"
        "        params = self._free_request(request)\n"
        "        if params is not None:\n"
        "            params.update(aeon_node=1)\n",
    ],
)
def test_a_probed_unpacked_unchanged_or_own_value_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _rows(git_repo, no_rules, body) == []
