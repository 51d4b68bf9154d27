"""Handed-back drift, the copy shape (killers145): #42739 made ``apply_top_k_top_p_triton`` copy a non-contiguous
``logits`` (``logits = logits.contiguous()``) before its kernel writes, every ``return logits`` kept; a fork
statement that drops the value and reads ``logits`` after masks nothing for such an input.  No ``return`` was
removed, so the first gate of the check never opened."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

OPS = "vllm/v1/sample/ops/topk_topp_triton.py"
BASE_TEXT = """import torch


def _kernel(logits, k, p):
    logits.masked_fill_(logits < 0, float("-inf"))


def apply_top_k_top_p_triton(logits: torch.Tensor, k: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
    if k is None and p is None:
        return logits
    _kernel(logits, k, p)
    return logits


def always_copies(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    _kernel(x, w, w)
    return x


def view_after(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    _kernel(x, w, w)
    return x
"""
UPSTREAM_TEXT = """import torch


def _kernel(logits, k, p):
    logits.masked_fill_(logits < 0, float("-inf"))


def apply_top_k_top_p_triton(logits: torch.Tensor, k: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
    if k is None and p is None:
        return logits
    if logits.stride(1) != 1:
        logits = logits.contiguous()
    _kernel(logits, k, p)
    return logits


def always_copies(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    x = x.clone()
    _kernel(x, w, w)
    return x


def view_after(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    _kernel(x, w, w)
    x = x.view(-1)
    return x
"""
SUBJECT = "[Bugfix] Fix native Triton top-k/top-p kernel assumes contiguous logits (#42739)"
FORK = "vllm/aeon/masks.py"
FORK_TEXT = """import torch

from vllm.v1.sample.ops.topk_topp_triton import always_copies, apply_top_k_top_p_triton, view_after


def aeon_mask(logits: torch.Tensor, k: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
    apply_top_k_top_p_triton(logits, k, p)
    return logits


def aeon_scale(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    always_copies(x, w)
    return x


def aeon_rebound(logits: torch.Tensor, k: torch.Tensor, p: torch.Tensor) -> torch.Tensor:
    logits = apply_top_k_top_p_triton(logits, k, p)
    return logits


def aeon_view(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    view_after(x, w)
    return x
"""


def rows(git_repo: GitRepo, no_rules: Path, upstream: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {OPS: BASE_TEXT}, {FORK: FORK_TEXT}, [(SUBJECT, {OPS: upstream})])
    return [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if p == FORK]


def test_a_dropped_call_of_a_function_that_now_copies_before_writing(git_repo: GitRepo, no_rules: Path) -> None:
    """A copy under an ``if`` warns (some inputs only); one on every call is an error; the rebound value and a
    rebinding after the writes (a view of the written tensor) are quiet."""
    found = rows(git_repo, no_rules, UPSTREAM_TEXT)
    assert [(line, severity) for line, severity, _ in found] == [(7, "warning"), (12, "error")]
    assert "now copies logits on some inputs before writing" in found[0][2] and "#42739" in found[0][2]
    assert "returns fresh values" in found[1][2]


def test_a_function_upstream_left_in_place_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: upstream's diff touched the file (a comment) but every function still writes its argument."""
    assert rows(git_repo, no_rules, BASE_TEXT.replace("import torch\n", "import torch  # sampler ops\n", 1)) == []
