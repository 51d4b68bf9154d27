"""Filled-field drift: a field upstream added and passes at each build of its own, left to its default by the fork.

#44613 (f87df1df9e) added ``FusedMoEConfig.max_capture_size: int = 0``; upstream's layer passes it and the experts
read it where they read the compilation config.  A fork build of the config without it hands on 0: a warning.
Twins: the field passed, a build spreading ``**``, a field some upstream build leaves to its default, a field
nothing of upstream's reads, a field the class had at the base, a build that never leaves the fork's function.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CONFIG = "vllm/moe/config.py"
CONFIG_BASE = """from dataclasses import dataclass


@dataclass
class MoEConfig:
    num_experts: int
    max_num_tokens: int = 256
"""
CONFIG_AFTER = CONFIG_BASE + "    max_capture_size: int = 0\n"
LAYER = "vllm/moe/layer.py"
LAYER_BASE = """from vllm.moe.config import MoEConfig


def build(n: int, limit: int) -> MoEConfig:
    return MoEConfig(num_experts=n)
"""
LAYER_AFTER = LAYER_BASE.replace("MoEConfig(num_experts=n)", "MoEConfig(num_experts=n, max_capture_size=limit)")
EXPERTS = "vllm/moe/experts.py"
EXPERTS_BASE = "def capture(cfg, compiled: int) -> int:\n    return compiled\n"
EXPERTS_AFTER = "def capture(cfg, compiled: int) -> int:\n    return cfg.max_capture_size\n"
SUBJECT = "[Bugfix][MoE] Snapshot max_cudagraph_capture_size into FusedMoEConfig (#44613)"
FORK = "vllm/aeon_moe.py"
IMPORT = "from vllm.moe.config import MoEConfig\n\n\n"
RETURNED = IMPORT + "def aeon_config(n: int) -> MoEConfig:\n    return MoEConfig(num_experts=n)\n"
# twins
GIVEN = IMPORT + "def aeon_config(n: int) -> MoEConfig:\n    return MoEConfig(num_experts=n, max_capture_size=512)\n"
SPREAD = IMPORT + "def aeon_config(kw: dict) -> MoEConfig:\n    return MoEConfig(**kw)\n"
KEPT = IMPORT + "def aeon_tokens(n: int) -> int:\n    cfg = MoEConfig(num_experts=n)\n    return cfg.max_num_tokens\n"
UPSTREAM = {CONFIG: CONFIG_AFTER, LAYER: LAYER_AFTER, EXPERTS: EXPERTS_AFTER}


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, upstream: dict[str, str | None]) -> list[tuple[int, str]]:
    base = {CONFIG: CONFIG_BASE, LAYER: LAYER_BASE, EXPERTS: EXPERTS_BASE}
    sides = s.merge_case(git_repo, base, {FORK: fork}, [(SUBJECT, upstream)])
    return [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT) if path == FORK]


def test_a_build_without_a_field_upstream_fills_everywhere_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    assert _rows(git_repo, no_rules, RETURNED, UPSTREAM) == [(5, "warning")]


@pytest.mark.parametrize("fork", [GIVEN, SPREAD, KEPT], ids=["given", "spread", "never-leaves"])
def test_twin_a_build_that_does_not_take_the_default_on_stays_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str
) -> None:
    assert _rows(git_repo, no_rules, fork, UPSTREAM) == []


def test_twin_a_field_an_upstream_build_leaves_to_its_default_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's own code relies on the default somewhere: the fork's build may too."""
    other = "vllm/moe/probe.py"
    upstream = {**UPSTREAM, other: IMPORT + "def probe() -> MoEConfig:\n    return MoEConfig(num_experts=1)\n"}
    assert _rows(git_repo, no_rules, RETURNED, upstream) == []


def test_a_build_in_upstream_s_benchmarks_does_not_count(git_repo: GitRepo, no_rules: Path) -> None:
    """benchmarks/ is no served code: its build on the default says nothing of what upstream's service takes."""
    bench = "benchmarks/bench_moe.py"
    upstream = {**UPSTREAM, bench: IMPORT + "def bench() -> MoEConfig:\n    return MoEConfig(num_experts=1)\n"}
    assert _rows(git_repo, no_rules, RETURNED, upstream) == [(5, "warning")]


def test_twin_a_field_nothing_upstream_reads_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert _rows(git_repo, no_rules, RETURNED, {CONFIG: CONFIG_AFTER, LAYER: LAYER_AFTER}) == []


def test_twin_a_field_the_class_had_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """max_num_tokens was there at the base: upstream now filling it is no new placeholder."""
    layer = LAYER_BASE.replace("MoEConfig(num_experts=n)", "MoEConfig(num_experts=n, max_num_tokens=limit)")
    experts = "def capture(cfg, compiled: int) -> int:\n    return cfg.max_num_tokens\n"
    upstream = {CONFIG: CONFIG_BASE + "    # the tokens a rank sends\n", LAYER: layer, EXPERTS: experts}
    assert _rows(git_repo, no_rules, RETURNED, upstream) == []
