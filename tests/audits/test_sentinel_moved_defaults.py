"""A false default made ``None`` where the old one was the "unset" sentinel: a fork use as a number, the old
sentinel spelt out (default drift, warnings).

Shaped like #40445 (936e0b79aa), which turned ``encoder_cudagraph_max_frames_per_batch: int = 0`` ("0:
auto-infer") into ``int | None = None`` ("None: auto-infer"; 0 now a real value): a fork's
``if cc.encoder_cudagraph_max_frames_per_batch > 0:`` raises TypeError where the fleet leaves it unset, and a
fork build's ``encoder_cudagraph_max_frames_per_batch=0`` asks for zero frames now.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CFG = "pkg/compilation.py"
CFG_BASE = """import dataclasses


@dataclasses.dataclass
class CompilationConfig:
    mode: int = 0
    max_frames_per_batch: int = 0
    reasoning_ended: bool = False
"""
CFG_NEW = CFG_BASE.replace("max_frames_per_batch: int = 0", "max_frames_per_batch: int | None = None").replace(
    "reasoning_ended: bool = False", "reasoning_ended: bool | None = None"
)
FORK = "pkg/aeon_frames.py"
HEAD = "from pkg.compilation import CompilationConfig\n\n\n"


def rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        repo,
        {CFG: CFG_BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + body},
        [("[MM][CG] Optimize default max_frames_per_batch auto-infer (#40445)", {CFG: CFG_NEW})],
    )
    found = s.rule_rows(repo, config, sides, DEFAULT_DRIFT)
    mine = ("as a number", "the field's old default")  # other default-drift findings are their checks' own
    return [(line - 3, sev, msg) for path, line, sev, msg in found if path == FORK and any(m in msg for m in mine)]


@pytest.mark.parametrize(
    "body",
    [
        "def a(vllm_config):\n    cc = vllm_config.compilation_config\n    if cc.max_frames_per_batch > 0:\n        return 1\n",
        "def a(cfg: CompilationConfig) -> int:\n    x = 1\n    return cfg.max_frames_per_batch * 2\n",
        "def a(cfg: CompilationConfig) -> list:\n    x = 1\n    return list(range(cfg.max_frames_per_batch))\n",
    ],
    ids=["ordered", "arithmetic", "range"],
)
def test_a_read_used_as_a_number_is_a_warning(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(line, severity, message)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (3, "warning")
    assert "as a number" in message and "raises TypeError" in message and "#40445" in message


@pytest.mark.parametrize(
    "body",
    [
        # twins: a test for None first, a truth test, a bool made None read as a number
        "def a(cfg: CompilationConfig) -> int:\n    if cfg.max_frames_per_batch is None or cfg.max_frames_per_batch > 0:\n"
        "        return 1\n    return 0\n",
        "def a(cfg: CompilationConfig) -> bool:\n    return not cfg.max_frames_per_batch\n",
        "def a(cfg: CompilationConfig) -> int:\n    return cfg.reasoning_ended + 1\n",
    ],
)
def test_a_none_test_a_truth_test_and_a_bool_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_the_old_sentinel_spelt_out_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    body = "def a():\n    return CompilationConfig(\n        mode=3,\n        max_frames_per_batch=0,  # auto\n    )\n"
    [(line, severity, message)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (4, "warning")
    assert "passes max_frames_per_batch=0, the field's old default" in message and "#40445" in message


@pytest.mark.parametrize(
    "body",
    [
        # twins: another value, a bool's old default (False -> None keeps its meaning), another class's keyword
        "def a():\n    return CompilationConfig(max_frames_per_batch=8)\n",
        "def a():\n    return CompilationConfig(reasoning_ended=False)\n",
        "def a(build):\n    return build(max_frames_per_batch=0)\n",
    ],
)
def test_another_value_a_bool_and_another_callee_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        "def a() -> CompilationConfig:\n    return CompilationConfig(mode=1)\n",
        "def a(consume) -> None:\n    cfg = CompilationConfig(mode=1)\n    consume(cfg)\n",
    ],
)
def test_advice_for_a_default_moved_from_the_unset_marker_to_none_names_both_readings(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    # review135: "pass max_frames_per_batch=0 to keep the behaviour" asks for zero frames where 0 meant unset
    sides = s.merge_case(
        git_repo,
        {CFG: CFG_BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + body},
        [("[MM][CG] Optimize default max_frames_per_batch auto-infer (#40445)", {CFG: CFG_NEW})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, DEFAULT_DRIFT)
    said = [m for _, _, _, m in found if "max_frames" in m and "reasoning_ended" not in m]
    assert said and all("if 0 meant unset, leave max_frames_per_batch unset" in m for m in said)
    assert not any("max_frames_per_batch=0 to keep" in m for m in said)


@pytest.mark.parametrize(
    "body",
    [
        # review135 twins: a truth test of the read before its use as a number
        "def a(cfg: CompilationConfig) -> bool:\n    x = 1\n    return bool(cfg.max_frames_per_batch and cfg.max_frames_per_batch > 8)\n",
        "def a(cfg: CompilationConfig) -> int:\n    if cfg.max_frames_per_batch:\n        return cfg.max_frames_per_batch * 2\n    return 0\n",
    ],
)
def test_a_truth_test_before_the_use_keeps_none_away(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_truth_test_of_another_field_does_not(git_repo: GitRepo, no_rules: Path) -> None:
    # round 3: the guard tests another field
    body = "def a(cfg: CompilationConfig) -> bool:\n    x = 1\n    return bool(cfg.mode and cfg.max_frames_per_batch > 8)\n"
    [(line, severity, _)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (3, "warning")


@pytest.mark.parametrize(
    "body",
    [
        # mend81 twins: an earlier statement that leaves when the read is false (an early exit, an assert)
        "def a(cfg: CompilationConfig) -> int:\n    if not cfg.max_frames_per_batch:\n        return 0\n"
        "    return cfg.max_frames_per_batch * 2\n",
        "def a(cfg: CompilationConfig) -> int:\n    if cfg.mode or not cfg.max_frames_per_batch:\n        raise ValueError\n"
        "    return cfg.max_frames_per_batch * 2\n",
        "def a(cfgs: list[CompilationConfig]) -> int:\n    for cfg in cfgs:\n        if not cfg.max_frames_per_batch:\n"
        "            continue\n        return max(cfg.max_frames_per_batch, 2)\n    return 0\n",
        "def a(cfg: CompilationConfig) -> int:\n    assert cfg.max_frames_per_batch\n    return cfg.max_frames_per_batch * 2\n",
    ],
    ids=["return", "raise in an or", "continue in a loop", "assert"],
)
def test_an_early_exit_on_a_false_read_keeps_none_away(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # mend81: the earlier statement does not leave, tests another field, or leaves when the read is true
        "def a(cfg: CompilationConfig) -> int:\n    if not cfg.max_frames_per_batch:\n        print(0)\n"
        "    return cfg.max_frames_per_batch * 2\n",
        "def a(cfg: CompilationConfig) -> int:\n    if not cfg.mode:\n        return 0\n"
        "    return cfg.max_frames_per_batch * 2\n",
        "def a(cfg: CompilationConfig) -> int:\n    if cfg.max_frames_per_batch:\n        return 0\n"
        "    return cfg.max_frames_per_batch * 2\n",
    ],
    ids=["no exit", "another field", "leaves when true"],
)
def test_an_early_exit_that_does_not_keep_none_away_still_warns(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(line, severity, message)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (4, "warning") and "as a number" in message
