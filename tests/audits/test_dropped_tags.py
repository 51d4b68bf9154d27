"""Dropped tags (drift/dropped_tags.py): #32993 stopped keeping ``p._vllm_offloaded_cpu_data`` on offloaded
parameters; a fork reading it off a parameter meets AttributeError."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/model_executor/models/utils.py"
BASE_TEXT = """import torch


def maybe_offload_to_cpu(module: torch.nn.Module, uva: bool) -> torch.nn.Module:
    for p in module.parameters():
        cpu_data = torch.empty_like(p.data, device="cpu")
        cpu_data.copy_(p.data)
        if uva:
            p._vllm_offloaded_cpu_data = cpu_data
            p._offload_step = 0
            p._vllm_offload_pinned = True
        p.data = cpu_data
    return module
"""
UPSTREAM_TEXT = (
    BASE_TEXT.replace("            p._vllm_offloaded_cpu_data = cpu_data\n", "            p._is_uva_offloaded = True\n")
    .replace("            p._offload_step = 0\n", "")
    .replace("            p._vllm_offload_pinned = True\n", "")
)
# the other tag is still set, by another file of upstream's
ELSEWHERE = {"vllm/model_executor/offloader.py": "def mark(p) -> None:\n    p._offload_step = 1\n"}
SUBJECT = "[Feature] Support CPU Offloading without Pytorch Pinned Memory (#32993)"
FORK = "vllm/aeon/refresh.py"
FORK_TEXT = """import torch


def aeon_host_copy(param: torch.nn.Parameter) -> torch.Tensor:
    return param._vllm_offloaded_cpu_data


def aeon_step(param: torch.nn.Parameter) -> int:
    return param._offload_step


def aeon_maybe(param: torch.nn.Parameter):
    if hasattr(param, "_vllm_offloaded_cpu_data"):
        return param._vllm_offloaded_cpu_data
    try:
        return param._vllm_offloaded_cpu_data
    except AttributeError:
        return getattr(param, "_vllm_offloaded_cpu_data", None)
"""


def test_a_tag_upstream_no_longer_sets_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The plain read is an error; a tag still set elsewhere, a hasattr-tested read, one in a try catching
    AttributeError and a getattr with a default are not."""
    base = {UTILS: BASE_TEXT, **ELSEWHERE}
    sides = s.merge_case(git_repo, base, {FORK: FORK_TEXT}, [(SUBJECT, {UTILS: UPSTREAM_TEXT})])
    found = [
        (line, sev, msg)
        for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
        if path == FORK
    ]
    assert [(line, severity) for line, severity, _ in found] == [(5, "error")]
    assert "read of ._vllm_offloaded_cpu_data," in found[0][2] and "#32993" in found[0][2]


def test_a_tag_the_fork_sets_itself_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: the fork's own line stores the tag (its offload wrapper keeps the host copy): quiet, while a read
    of another dropped tag stays an error."""
    fork = (
        FORK_TEXT
        + "\n\ndef aeon_keep(p, cpu) -> bool:\n    p._vllm_offloaded_cpu_data = cpu\n    return p._vllm_offload_pinned\n"
    )
    sides = s.merge_case(git_repo, {UTILS: BASE_TEXT, **ELSEWHERE}, {FORK: fork}, [(SUBJECT, {UTILS: UPSTREAM_TEXT})])
    found = [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if path == FORK]
    assert found == [(23, "error")]


def test_an_early_hasattr_exit_or_an_object_setattr_store_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: a read after ``if not hasattr(param, "_tag"): return None`` (or ``raise``), and a tag the fork
    stores itself through ``object.__setattr__``: quiet, while a plain read of another dropped tag stays an
    error."""
    fork = (
        "def aeon_host_copy(param):\n    if not hasattr(param, '_vllm_offloaded_cpu_data'):\n        return None\n"
        "    return param._vllm_offloaded_cpu_data\n\n\n"
        "def aeon_pin(p):\n    object.__setattr__(p, '_vllm_offload_pinned', True)\n\n\n"
        "def aeon_pinned(p) -> bool:\n    return p._vllm_offload_pinned\n\n\n"
        "def aeon_other(p):\n    if not hasattr(p, 'other'):\n        raise ValueError(p)\n"
        "    return p._vllm_offloaded_cpu_data\n"
    )
    sides = s.merge_case(git_repo, {UTILS: BASE_TEXT, **ELSEWHERE}, {FORK: fork}, [(SUBJECT, {UTILS: UPSTREAM_TEXT})])
    found = [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if path == FORK]
    assert found == [(18, "error")]


def test_a_private_name_of_no_package_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: upstream stops setting ``config._attn_implementation``, an attribute transformers' configs always
    have; a fork's read of it is a warning, not an error (only a tag carrying the package's name is surely
    the tree's own)."""
    hf = "vllm/model_executor/models/transformers.py"
    base = "def init(config, mode):\n    config._attn_implementation = mode\n    return config\n"
    fork = "def aeon_uses_sdpa(hf_config) -> bool:\n    return hf_config._attn_implementation == 'sdpa'\n"
    sides = s.merge_case(git_repo, {hf: base}, {FORK: fork}, [(SUBJECT, {hf: base.replace("    config._a", "    # ")})])
    found = [(line, sev) for path, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if path == FORK]
    assert found == [(2, "warning")]


@pytest.mark.parametrize(
    "rhs", ['getattr(p, "_aeon_pinned", None) or cpu', 'cpu if hasattr(cpu, "is_pinned") else cpu.clone()']
)
def test_a_store_line_that_also_probes_still_sets_the_tag(git_repo: GitRepo, no_rules: Path, rhs: str) -> None:
    """Twin: the fork's own line stores the tag while calling ``getattr``/``hasattr`` on its right-hand side
    (``p._tag = getattr(p, "_pinned", None) or cpu``); the probe does not make the store a read: quiet."""
    fork = (
        f"def aeon_offload(p, cpu) -> None:\n    p._vllm_offloaded_cpu_data = {rhs}\n\n\n"
        "def aeon_host_copy(param):\n    return param._vllm_offloaded_cpu_data\n"
    )
    sides = s.merge_case(git_repo, {UTILS: BASE_TEXT, **ELSEWHERE}, {FORK: fork}, [(SUBJECT, {UTILS: UPSTREAM_TEXT})])
    rows = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [(line, sev) for path, line, sev, _ in rows if path == FORK] == []
