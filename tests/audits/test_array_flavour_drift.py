"""Array flavour drift: upstream made a field a numpy array where it was a torch tensor (or back).

#27618 made ``InputBatch.is_token_ids`` (``= torch.zeros(...)``) a numpy view of a new tensor
(``= self.is_token_ids_tensor.numpy()``): a fork's ``batch.is_token_ids[:n].to(device)`` merges cleanly and
raises (an ndarray has no ``to``).  Neither side annotates the field, so the flavour is what the class assigns.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BATCH = "vllm/v1/worker/gpu_input_batch.py"
BATCH_OLD = """import numpy as np
import torch


class InputBatch:
    def __init__(self, n: int) -> None:
        self.is_token_ids = torch.zeros((n, 8), dtype=torch.bool, device="cpu", pin_memory=False)
        self.token_ids_cpu = np.zeros((n, 8), dtype=np.int32)
        self.positions = torch.zeros(n, dtype=torch.int64)
        self.maybe = torch.zeros(n)

    def reset(self) -> None:
        self.maybe = torch.zeros(1)
"""
BATCH_NEW = (
    BATCH_OLD.replace(
        '        self.is_token_ids = torch.zeros((n, 8), dtype=torch.bool, device="cpu", pin_memory=False)\n',
        '        self.is_token_ids_tensor = torch.zeros((n, 8), dtype=torch.bool, device="cpu")\n'
        "        self.is_token_ids = self.is_token_ids_tensor.numpy()\n",
    )
    .replace("self.token_ids_cpu = np.zeros((n, 8), dtype=np.int32)", "self.token_ids_cpu = torch.zeros((n, 8))")
    .replace("        self.maybe = torch.zeros(n)\n", "        self.maybe = np.zeros(n)\n")
)
FORK = "vllm/aeon/flavours.py"
HEAD = "import torch\n\nfrom vllm.v1.worker.gpu_input_batch import InputBatch\n\n\n"


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("def f(batch: InputBatch, device):\n    return batch.is_token_ids[:2].to(device, non_blocking=True)\n", 7),
        ("def f(batch: InputBatch):\n    mask = batch.is_token_ids\n    return mask.pin_memory()\n", 8),
        ("def f(batch: InputBatch):\n    return batch.is_token_ids.device\n", 7),
        ("def f(batch: InputBatch):\n    return batch.is_token_ids[0].size(0)\n", 7),
        ("class Aeon(InputBatch):\n    def f(self, x):\n        self.is_token_ids.copy_(x)\n", 8),
        # the other way: an ndarray made a tensor
        ("def f(batch: InputBatch):\n    return batch.token_ids_cpu.astype('int64')\n", 7),
        # twins: a method both flavours have; a field kept a tensor; the array wrapped first; an untyped
        # receiver; the fork's own field of that name; a field one of whose assignments upstream left a tensor
        ("def f(batch: InputBatch, n: int):\n    return int(batch.is_token_ids[0, :n].sum())\n", None),
        ("def f(batch: InputBatch):\n    return batch.is_token_ids[:2].tolist()\n", None),
        ("def f(batch: InputBatch, device):\n    return batch.positions[:2].to(device)\n", None),
        ("def f(batch: InputBatch, device):\n    return torch.from_numpy(batch.is_token_ids).to(device)\n", None),
        ("def f(batch, device):\n    return batch.is_token_ids.to(device)\n", None),
        (
            "class Aeon(InputBatch):\n    def __init__(self, n: int) -> None:\n        super().__init__(n)\n"
            "        self.is_token_ids = torch.zeros(n)\n\n    def f(self, device):\n"
            "        return self.is_token_ids.to(device)\n",
            None,
        ),
        ("def f(batch: InputBatch, device):\n    return batch.maybe.to(device)\n", None),
        ("def f(batch: InputBatch):\n    return batch.token_ids_cpu.to(torch.int64)\n", None),
    ],
)
def test_a_tensor_method_on_a_field_made_an_ndarray(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    sides = s.merge_case(
        git_repo,
        {BATCH: BATCH_OLD, "vllm/__init__.py": ""},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [("[Core] Update against numpy view of is_token_ids tensor (#27618)", {BATCH: BATCH_NEW})],
    )
    report = audit_tree(git_repo.path, no_rules, merge=sides)
    rows = [(f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]
    assert [n for n, _ in rows] == ([line] if line else [])
    if line:
        assert "but upstream made InputBatch." in rows[0][1]
