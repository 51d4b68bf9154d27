"""Handed-back drift (drift/handed_back.py): #17857 made ``rocm_aiter_fused_add_rms_norm`` allocate its outputs
and return them, where it had the kernel write into ``x`` and ``residual`` and returned those; a fork statement
calling it and reading ``x`` after reads the un-normed input."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

NORM = "vllm/model_executor/layers/layernorm.py"
BASE_TEXT = """import torch


def aiter_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):
    import aiter

    aiter.rmsnorm2d_fwd_with_add(x, x, residual, residual, weight, eps)
    return x, residual


def scale_(x: torch.Tensor, factor: float) -> torch.Tensor:
    x.mul_(factor)
    return x


def still_in_place(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    x.mul_(w)
    return x


def aliased(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    x.mul_(w)
    return x


def passthrough(x: torch.Tensor) -> torch.Tensor:
    return x
"""
UPSTREAM_TEXT = """import torch


def aiter_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):
    import aiter

    residual_out = torch.empty_like(residual)
    output = torch.empty_like(x)
    aiter.rmsnorm2d_fwd_with_add(output, x, residual, residual_out, weight, eps)
    return output, residual_out


def scale_(x: torch.Tensor, factor: float) -> torch.Tensor:
    return x * factor


def still_in_place(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    return x.mul_(w)


def aliased(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    out = x
    out.mul_(w)
    return out


def passthrough(x: torch.Tensor) -> torch.Tensor:
    return x.clone()
"""
SUBJECT = "[BugFix] [ROCm]: Bugfix and handle addition case of input for `rocm_aiter_rms_norm` (#17857)"
FORK = "vllm/aeon/norms.py"
FORK_TEXT = """import torch

from vllm.model_executor.layers import layernorm
from vllm.model_executor.layers.layernorm import aiter_add_norm, aliased, passthrough, still_in_place


def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, w: torch.Tensor):
    aiter_add_norm(x, residual, w, 1e-6)
    return x, residual


class AeonScaler:
    def scale(self, factor: float) -> torch.Tensor:
        layernorm.scale_(self.buf, factor)
        return self.buf


def aeon_keywords(a: torch.Tensor, b: torch.Tensor, w: torch.Tensor):
    aiter_add_norm(x=a, residual=b, weight=w, eps=1e-6)
    return a


def aeon_bound(x: torch.Tensor, residual: torch.Tensor, w: torch.Tensor):
    out, residual = aiter_add_norm(x, residual, w, 1e-6)
    return out, residual


def aeon_kept(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    still_in_place(x, w)
    aliased(x, w)
    passthrough(x)
    return x


def aeon_temporaries(w: torch.Tensor):
    aiter_add_norm(torch.ones(4), torch.zeros(4), w, 1e-6)
"""


def test_a_dropped_call_of_a_function_upstream_stopped_writing_in_place_is_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """Bare calls (imported, off the module, by keyword) are errors; a call whose value is bound, calls of functions
    that still hand back an argument (``return x.mul_(w)``, an alias ``out = x``) or never wrote it, and a call
    passing only temporaries are quiet."""
    sides = s.merge_case(git_repo, {NORM: BASE_TEXT}, {FORK: FORK_TEXT}, [(SUBJECT, {NORM: UPSTREAM_TEXT})])
    rows = [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if p == FORK]
    assert [(line, severity) for line, severity, _ in rows] == [(8, "error"), (14, "error"), (19, "error")]
    assert "relying on it writing into x, residual" in rows[0][2] and "#17857" in rows[0][2]
    assert "layernorm.scale_" in rows[1][2]


OWN_FORK = """import torch


def aiter_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):
    x.add_(residual)
    return x, residual


def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, w: torch.Tensor):
    aiter_add_norm(x, residual, w, 1e-6)
    return x, residual
"""


def test_a_function_the_fork_defines_itself_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: the fork's file defines a function of the name: its bare call is of the fork's own, which still
    writes in place."""
    sides = s.merge_case(git_repo, {NORM: BASE_TEXT}, {FORK: OWN_FORK}, [(SUBJECT, {NORM: UPSTREAM_TEXT})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK] == []


def test_a_carry_in_upstreams_module_is_read_as_its_own_name(git_repo: GitRepo, no_rules: Path) -> None:
    """A fork function added to the module itself calls the module's own ``aiter_add_norm``: an error."""
    carry = BASE_TEXT.replace(
        "import torch\n\n\n",
        "import torch\n\n\n"
        "def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, w: torch.Tensor):\n"
        "    aiter_add_norm(x, residual, w, 1e-6)\n"
        "    return x, residual\n\n\n",
        1,
    )
    sides = s.merge_case(git_repo, {NORM: BASE_TEXT}, {NORM: carry}, [(SUBJECT, {NORM: UPSTREAM_TEXT})])
    rows = [(p, ln, sev) for p, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)]
    assert rows == [(NORM, 5, "error")]


DEAD_FORK = """import pytest
import torch

from vllm.model_executor.layers.layernorm import aiter_add_norm


def aeon_warm(hidden: int) -> None:
    x, residual = torch.randn(8, hidden), torch.randn(8, hidden)
    aiter_add_norm(x, residual, torch.ones(hidden), 1e-6)
    torch.cuda.synchronize()


def aeon_time(hidden: int, iters: int) -> None:
    x, residual, w = torch.randn(8, hidden), torch.randn(8, hidden), torch.ones(hidden)
    for _ in range(iters):
        aiter_add_norm(x, residual, w, 1e-6)


def test_aeon_rejects_a_narrow_residual() -> None:
    x, residual = torch.randn(4, 64), torch.randn(4, 32)
    with pytest.raises(RuntimeError):
        aiter_add_norm(x, residual, torch.ones(64), 1e-6)


def aeon_layers(h: torch.Tensor, weights: list[torch.Tensor]) -> torch.Tensor:
    x, residual = h.clone(), torch.zeros_like(h)
    for w in weights:
        h = h + x
        aiter_add_norm(x, residual, w, 1e-6)
    return h


def aeon_read_after(h: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    x, residual = h.clone(), torch.zeros_like(h)
    aiter_add_norm(x, residual, w, 1e-6)
    return x
"""


def test_a_call_on_locals_nothing_reads_after_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins: a warm-up, a timing loop and a call under ``pytest.raises`` hand in tensors the function built and
    never reads again, so nothing reads what the call no longer writes; a local read on a later line, or
    elsewhere in the loop around the call (the next turn reads it), is still an error."""
    sides = s.merge_case(git_repo, {NORM: BASE_TEXT}, {FORK: DEAD_FORK}, [(SUBJECT, {NORM: UPSTREAM_TEXT})])
    rows = [(ln, sev) for p, ln, sev, _ in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if p == FORK]
    assert rows == [(29, "error"), (35, "error")]
