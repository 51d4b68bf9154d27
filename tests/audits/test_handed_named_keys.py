"""Handed keys the base names: upstream's own call of a method now passes a keyword the base has long named,
and a fork override written without it raises TypeError (benchmarks/blind_replay_enginecore.py).

Shaped like #42694 (1fc2cee50a): ``EngineCore.reset_prefix_cache(self, reset_running_requests=False,
reset_connector=False)`` kept its signature, but ``EngineCore._reset_caches`` now calls
``self.reset_prefix_cache(..., reset_connector=reset_connector)``; a fork engine core overriding
``reset_prefix_cache(self, reset_running_requests=False)`` merges cleanly and raises on the next cache reset.
The name is defined by the scheduler and the clients too, so only the base class's own ``self.`` call counts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CORE = "vllm/v1/engine/core.py"
CORE_BASE = """class EngineCore:
    def reset_prefix_cache(self, reset_running_requests: bool = False, reset_connector: bool = False) -> bool:
        return True

    def _reset_caches(self, reset_running_requests=True) -> None:
        self.reset_prefix_cache(
            reset_running_requests=reset_running_requests,
        )
"""
CORE_UPSTREAM = CORE_BASE.replace(
    "            reset_running_requests=reset_running_requests,\n",
    "            reset_running_requests=reset_running_requests,\n            reset_connector=True,\n",
)
SCHED = "vllm/v1/core/sched/scheduler.py"
SCHED_TEXT = """class Scheduler:
    def reset_prefix_cache(self, reset_running_requests: bool = False, reset_connector: bool = False) -> bool:
        return True
"""
FORK = "vllm/aeon_core.py"
SUBJECT = "[KVConnector] Wire reset_cache cascade end-to-end (#42694)"


def _fork(signature: str, base: str = "EngineCore", home: str = "vllm.v1.engine.core") -> str:
    return (
        f"from {home} import {base}\n\n\n"
        f"class Aeon{base}({base}):\n"
        f"    def reset_prefix_cache{signature} -> bool:\n"
        "        return False\n"
    )


def _rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list:
    sides = s.merge_case(
        git_repo, {CORE: CORE_BASE, SCHED: SCHED_TEXT}, {FORK: fork}, [(SUBJECT, {CORE: CORE_UPSTREAM})]
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


def test_an_override_refusing_a_named_key_the_base_class_now_hands_itself(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, line, severity, message)] = _rows(git_repo, no_rules, _fork("(self, reset_running_requests: bool = False)"))
    assert (line, severity) == (5, "error")
    assert "AeonEngineCore.reset_prefix_cache overrides" in message
    assert "now hands it reset_connector=" in message and "vllm/v1/engine/core.py:6" in message


@pytest.mark.parametrize(
    "signature",
    [
        "(self, reset_running_requests: bool = False, reset_connector: bool = False)",
        "(self, reset_running_requests: bool = False, **kwargs)",
    ],
    ids=["named", "kwargs"],
)
def test_twin_an_override_that_takes_the_key(git_repo: GitRepo, no_rules: Path, signature: str) -> None:
    assert _rows(git_repo, no_rules, _fork(signature)) == []


def test_twin_another_class_of_the_name(git_repo: GitRepo, no_rules: Path) -> None:
    """The scheduler defines the name too; the engine core's own ``self.`` call never reaches its override."""
    fork = _fork("(self, reset_running_requests: bool = False)", "Scheduler", "vllm.v1.core.sched.scheduler")
    assert _rows(git_repo, no_rules, fork) == []


_OVERRIDE = "(self, reset_running_requests: bool = False)"


def test_twin_the_fork_overrides_the_caller_too(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's own ``_reset_caches`` (no ``super()``) replaces upstream's: its new call never runs there, so
    no handed-key error.  The override repeats the base's old call, which upstream now makes with
    ``reset_connector=True``: stale-copy drift's warning on that copy (since killers194) is right and stays."""
    fork = _fork(_OVERRIDE) + (
        "\n    def _reset_caches(self, reset_running_requests=True) -> None:\n"
        "        self.reset_prefix_cache(reset_running_requests=reset_running_requests)\n"
    )
    [(_, line, severity, message)] = _rows(git_repo, no_rules, fork)
    assert (line, severity) == (9, "warning") and "repeats the base's old call" in message


def test_twin_a_self_call_in_a_sibling_subclass(git_repo: GitRepo, no_rules: Path) -> None:
    """``self.`` in upstream's other subclass reaches that subclass's instances, never the fork's class (one
    class family defines the name, so every call of it is looked at)."""
    sibling = CORE_BASE + (
        "\n\nclass EngineCoreProc(EngineCore):\n    def _drain(self) -> None:\n"
        "        self.reset_prefix_cache(reset_connector=True)\n"
    )
    sides = s.merge_case(git_repo, {CORE: CORE_BASE}, {FORK: _fork(_OVERRIDE)}, [(SUBJECT, {CORE: sibling})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []
