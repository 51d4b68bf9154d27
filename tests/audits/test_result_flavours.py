"""Result kind drift: upstream annotated a return as the other array flavour (a torch tensor made a NumPy array).

Shaped like vLLM #30697 (1eb61ab34b): ``DefaultEplbPolicy.replicate_experts`` and ``balanced_packing`` returned
``tuple[torch.Tensor, ...]`` and, rewritten in NumPy, return ``tuple[np.ndarray, ...]``.  The merge is clean; a
fork's ``_, _, logcnt = Policy.replicate_experts(w, n)`` then ``logcnt.to(device)`` raises AttributeError, and
``pack.max(dim=-1)`` raises TypeError (an array's ``max`` takes ``axis``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

POLICY = "vllm/eplb/policy.py"
POLICY_BASE = """import numpy as np
import torch


class Policy:
    @classmethod
    def replicate(cls, weight: torch.Tensor, num_phy: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        n = weight.shape[0]
        return torch.zeros(n, num_phy), torch.zeros(n, num_phy), torch.ones(n, num_phy)

    @classmethod
    def pack(cls, weight: torch.Tensor, num_packs: int) -> torch.Tensor:
        return torch.zeros(weight.shape[0], num_packs)

    @classmethod
    def plan(cls, weight: torch.Tensor) -> torch.Tensor:
        return weight.float()

    @staticmethod
    def rows(weight: torch.Tensor) -> list[torch.Tensor]:
        return list(weight)

    @staticmethod
    def ids(n: int) -> np.ndarray:
        return np.arange(n)
"""
POLICY_NOW = """import numpy as np
import torch


class Policy:
    @classmethod
    def replicate(cls, weight: np.ndarray, num_phy: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        n = weight.shape[0]
        return np.zeros((n, num_phy)), np.zeros((n, num_phy)), np.ones((n, num_phy))

    @classmethod
    def pack(cls, weight: np.ndarray, num_packs: int) -> np.ndarray:
        return np.zeros((weight.shape[0], num_packs))

    @classmethod
    def plan(cls, weight: torch.Tensor) -> torch.Tensor | np.ndarray:
        return weight.float().numpy()

    @staticmethod
    def rows(weight: torch.Tensor) -> list[np.ndarray]:
        return list(weight.numpy())

    @staticmethod
    def ids(n: int) -> torch.Tensor:
        return torch.arange(n)
"""
USE = "vllm/aeon_use.py"
PACKAGES = {"vllm/__init__.py": "", "vllm/eplb/__init__.py": ""}
HEAD = "import numpy as np\nimport torch\n\nfrom vllm.eplb.policy import Policy\n\n\n"


def _audit(git_repo: GitRepo, tmp_path: Path, body: str, theirs: str = POLICY_NOW) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {POLICY: POLICY_BASE, **PACKAGES}, {USE: HEAD + body}, {POLICY: theirs})
    return found(audit(git_repo, sides, tmp_path), RULE)


FLAVOURS = [
    (
        "def counts(w: torch.Tensor, n: int) -> torch.Tensor:\n"
        "    _, _, logcnt = Policy.replicate(w.float(), n)\n    return logcnt.to(w.device)\n",
        "logcnt.to(",
        "AttributeError",
    ),
    (
        "def packs(w: torch.Tensor, n: int) -> torch.Tensor:\n    return Policy.pack(w, n).cuda()\n",
        ".cuda()",
        "AttributeError",
    ),
    (
        "def packs(w: torch.Tensor, n: int) -> torch.Tensor:\n"
        "    index = Policy.pack(w, n)\n    return index.max(dim=-1).values\n",
        "dim=-1",
        "TypeError",
    ),
    (
        "def counts(w: torch.Tensor, n: int) -> torch.Tensor:\n    return Policy.replicate(w, n)[2].to(w.device)\n",
        "[2].to(",
        "AttributeError",
    ),
    (
        "def pinned(w: torch.Tensor) -> list:\n    return [row.pin_memory() for row in Policy.rows(w)]\n",
        "pin_memory",
        "AttributeError",
    ),
    (
        "def on_gpu(w: torch.Tensor, n: int) -> bool:\n    phy, _, _ = Policy.replicate(w, n)\n    return phy.is_cuda\n",
        "phy.is_cuda",
        "AttributeError",
    ),
    (  # the other way round: an array made a tensor, and the fork's astype
        "def small(n: int) -> np.ndarray:\n    return Policy.ids(n).astype(np.int32)\n",
        "astype",
        "AttributeError",
    ),
]


@pytest.mark.parametrize(
    ("body", "needle", "effect"),
    FLAVOURS,
    ids=["unpacked .to", "direct .cuda", "dim= keyword", "an indexed element", "a loop's element", "is_cuda", "astype"],
)
def test_a_return_upstream_made_the_other_array_flavour(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str, effect: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12): a finding of the rule
    # outside them fails the batch
    bodies = [HEAD + text for text, _, _ in FLAVOURS]
    base = {POLICY: POLICY_BASE, **PACKAGES}
    _, rows = row_side_by_side(git_repo, tmp_path, base, bodies, HEAD + body, {POLICY: POLICY_NOW}, RULE, "vllm")
    assert [(f.line, f.severity.value) for f in rows] == [(line_of(HEAD + body, needle), "error")]
    message = rows[0].message
    assert effect in message and ("where it returned" in message or "where each was" in message)


@pytest.mark.parametrize(
    "body",
    [
        # a member both flavours have, or a read of an array's own ``size``
        "def total(w: torch.Tensor, n: int) -> float:\n    _, _, logcnt = Policy.replicate(w, n)\n"
        "    return float(logcnt.sum())\n",
        "def rows(w: torch.Tensor, n: int) -> list:\n    return Policy.pack(w, n).reshape(-1).tolist()\n",
        "def cells(w: torch.Tensor, n: int) -> int:\n    return Policy.pack(w, n).size\n",
        # NumPy's own keyword, written for the new flavour, and the value made a tensor first
        "def packs(w: torch.Tensor, n: int) -> np.ndarray:\n    return Policy.pack(w, n).max(axis=-1)\n",
        "def counts(w: torch.Tensor, n: int) -> torch.Tensor:\n    _, _, logcnt = Policy.replicate(w, n)\n"
        "    return torch.from_numpy(logcnt).to(w.device)\n",
        # written for both flavours: a kind test, a probe, a handler
        "def counts(w: torch.Tensor, n: int):\n    _, _, logcnt = Policy.replicate(w, n)\n"
        "    if isinstance(logcnt, torch.Tensor):\n        return logcnt.to(w.device)\n    return logcnt\n",
        "def counts(w: torch.Tensor, n: int):\n    _, _, logcnt = Policy.replicate(w, n)\n"
        '    if hasattr(logcnt, "to"):\n        return logcnt.to(w.device)\n    return logcnt\n',
        "def counts(w: torch.Tensor, n: int):\n    _, _, logcnt = Policy.replicate(w, n)\n    try:\n"
        "        return logcnt.to(w.device)\n    except AttributeError:\n        return torch.as_tensor(logcnt)\n",
        # a union of both flavours: the old one is still possible
        "def planned(w: torch.Tensor) -> torch.Tensor:\n    return Policy.plan(w).to(w.device)\n",
        # a tensor's keyword where the array became the tensor
        "def first(n: int):\n    return Policy.ids(n).max(dim=0)\n",
        # rebound before the use
        "def counts(w: torch.Tensor, n: int) -> torch.Tensor:\n    _, _, logcnt = Policy.replicate(w, n)\n"
        "    logcnt = torch.as_tensor(logcnt)\n    return logcnt.to(w.device)\n",
    ],
    ids=[
        "sum",
        "reshape tolist",
        "size read",
        "axis=",
        "from_numpy",
        "isinstance",
        "hasattr",
        "try",
        "a union",
        "dim= on a tensor now",
        "rebound",
    ],
)
def test_a_use_either_flavour_answers_stays_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _audit(git_repo, tmp_path, body) == []


def test_the_same_flavour_on_both_sides_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    body = "def counts(w: torch.Tensor, n: int) -> torch.Tensor:\n    return Policy.pack(w, n).to(w.device)\n"
    kept = POLICY_NOW.replace(
        "def pack(cls, weight: np.ndarray, num_packs: int) -> np.ndarray:\n"
        "        return np.zeros((weight.shape[0], num_packs))",
        "def pack(cls, weight: torch.Tensor, num_packs: int) -> torch.Tensor:\n"
        "        return torch.zeros(weight.shape[0], num_packs, dtype=torch.int64)",
    )
    assert _audit(git_repo, tmp_path, body, kept) == []
