"""Handed-back drift, the copy shape: which rebinding of a handed-back parameter is a copy (revBQ's review).

A view (``x = x.view(-1, d)``) shares the argument's storage, so the function's writes still land where the
caller reads: no copy.  ``x = x.contiguous()`` or ``x = x.float()`` hands back ``x`` itself when it is already
contiguous or float32: a copy on some inputs only, a warning even at the function's top level.  ``x.clone()``
copies on every call: the error stays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OPS = "vllm/model_executor/layers/aeon_ops.py"
BASE = """import torch


def _kernel(x, w):
    x.mul_(w)


def scale_(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    _kernel(x, w)
    return x
"""
FORK = "vllm/aeon/scaled.py"
FORK_TEXT = """import torch

from vllm.model_executor.layers.aeon_ops import scale_


def aeon_scale(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    scale_(x, w)
    return x
"""


def rows(git_repo: GitRepo, no_rules: Path, rebind: str) -> list[tuple[int, str]]:
    upstream = BASE.replace("    _kernel(x, w)\n", f"    x = x.{rebind}\n    _kernel(x, w)\n")
    sides = s.merge_case(git_repo, {OPS: BASE}, {FORK: FORK_TEXT}, [("ops: lay x out first (#1)", {OPS: upstream})])
    return [(ln, sev) for p, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if p == FORK]


@pytest.mark.parametrize("rebind", ["view(-1, x.shape[-1])", "transpose(0, 1)", "unsqueeze(0)"])
def test_a_view_of_the_parameter_is_no_copy(git_repo: GitRepo, no_rules: Path, rebind: str) -> None:
    assert rows(git_repo, no_rules, rebind) == []


@pytest.mark.parametrize("rebind", ["contiguous()", "float()", "to(torch.float32)", "reshape(-1, x.shape[-1])"])
def test_a_copy_only_when_needed_warns_at_the_top_level_too(git_repo: GitRepo, no_rules: Path, rebind: str) -> None:
    assert rows(git_repo, no_rules, rebind) == [(7, "warning")]


def test_a_copy_on_every_call_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    assert rows(git_repo, no_rules, "clone()") == [(7, "error")]
