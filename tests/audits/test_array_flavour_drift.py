"""Array flavour drift: upstream made a field a numpy array where it was a torch tensor (or back).

#27618 made ``InputBatch.is_token_ids`` (``= torch.zeros(...)``) a numpy view of a new tensor
(``= self.is_token_ids_tensor.numpy()``): a fork's ``batch.is_token_ids[:n].to(device)`` merges cleanly and
raises (an ndarray has no ``to``).  Neither side annotates the field, so the flavour is what the class assigns.
"""

from __future__ import annotations

from pathlib import Path

import pytest

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
UPSTREAM = [("[Core] Update against numpy view of is_token_ids tensor (#27618)", {BATCH: BATCH_NEW})]

# The error rows of the test below each put one fork module beside the same base and upstream and pin that module's
# drift line and message: no row's module imports another's, so one merge and one audit of every error row's module
# side by side answers each of them (6 merges and audits became one per process; suitespeed10, as suitespeed8 and 9
# did for other files).  The quiet rows keep a merge each: there a row's module could be quiet for something another
# row's module declared (a fork subclass's own field of the name, say).
_BATCHED: dict[str, list[tuple[int, str]]] = {}


def _drift_among_rows(git_repo: GitRepo, no_rules: Path, bodies: list[str], body: str) -> list[tuple[int, str]]:
    if not _BATCHED:
        paths = {text: f"vllm/aeon/flavours_{number}.py" for number, text in enumerate(bodies)}
        fork = {path: HEAD + text for text, path in paths.items()}
        sides = s.merge_case(
            git_repo, {BATCH: BATCH_OLD, "vllm/__init__.py": ""}, {**fork, "vllm/aeon/__init__.py": ""}, UPSTREAM
        )
        report = git_repo.audit(no_rules, merge=sides)
        every = [f.path for f in report.findings if f.rule_id == TYPE_DRIFT]
        assert set(every) <= set(paths.values()), every
        for text, path in paths.items():
            _BATCHED[text] = [
                (f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == path
            ]
    return _BATCHED[body]


FLAVOUR_ROWS = [
    ("def f(batch: InputBatch, device):\n    return batch.is_token_ids[:2].to(device, non_blocking=True)\n", 7),
    ("def f(batch: InputBatch):\n    mask = batch.is_token_ids\n    return mask.pin_memory()\n", 8),
    ("def f(batch: InputBatch):\n    return batch.is_token_ids.is_cuda\n", 7),
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
    # numpy >= 2 gives an ndarray a ``device`` ("cpu"): reading it does not raise
    ("def f(batch: InputBatch):\n    return batch.is_token_ids.device\n", None),
]


@pytest.mark.parametrize(("body", "line"), FLAVOUR_ROWS)
def test_a_tensor_method_on_a_field_made_an_ndarray(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    if line:
        rows = _drift_among_rows(git_repo, no_rules, [text for text, at in FLAVOUR_ROWS if at], body)
    else:
        base, fork = {BATCH: BATCH_OLD, "vllm/__init__.py": ""}, {FORK: HEAD + body, "vllm/aeon/__init__.py": ""}
        report = git_repo.audit(no_rules, merge=s.merge_case(git_repo, base, fork, UPSTREAM))
        rows = [(f.line, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK]
    assert [n for n, _ in rows] == ([line] if line else [])
    if line:
        assert "but upstream made InputBatch." in rows[0][1]


TPU = "vllm/v1/worker/tpu_input_batch.py"
TPU_TEXT = "import torch\n\n\nclass InputBatch:\n    def __init__(self, n: int) -> None:\n        self.is_token_ids = torch.zeros(n)\n"
NP_HEAD = "import numpy as np\n" + HEAD
FALLBACK = "    return torch.from_numpy(batch.is_token_ids).to(device)\n"


def _flavour_rows(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {BATCH: BATCH_OLD, TPU: TPU_TEXT, "vllm/__init__.py": ""},
        {FORK: text, "vllm/aeon/__init__.py": ""},
        [("[Core] Update against numpy view of is_token_ids tensor (#27618)", {BATCH: BATCH_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [
        (f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK
    ]


@pytest.mark.parametrize(
    "text",
    [
        # written for both flavours: isinstance says the tensor (or not the array), hasattr says it has the
        # method, a try catches the AttributeError, a local bound once to the field is tested
        HEAD + "def f(batch: InputBatch, device):\n    if isinstance(batch.is_token_ids, torch.Tensor):\n"
        "        return batch.is_token_ids.to(device)\n" + FALLBACK,
        NP_HEAD + "def f(batch: InputBatch, device):\n    if isinstance(batch.is_token_ids, np.ndarray):\n"
        "        return torch.from_numpy(batch.is_token_ids).to(device)\n    return batch.is_token_ids.to(device)\n",
        HEAD + "def f(batch: InputBatch, device):\n    if hasattr(batch.is_token_ids, 'to'):\n"
        "        return batch.is_token_ids.to(device)\n" + FALLBACK,
        HEAD + "def f(batch: InputBatch, device):\n    try:\n        return batch.is_token_ids.to(device)\n"
        "    except AttributeError:\n    " + FALLBACK,
        HEAD
        + "def f(batch: InputBatch, device):\n    mask = batch.is_token_ids\n    if isinstance(mask, torch.Tensor):\n"
        "        return mask.to(device)\n    return torch.from_numpy(mask).to(device)\n",
        # a class of the same name from another module (the TPU batch keeps its tensor)
        "import torch\n\nfrom vllm.v1.worker.tpu_input_batch import InputBatch\n\n\n"
        "def f(batch: InputBatch, device):\n    return batch.is_token_ids[:2].to(device)\n",
    ],
)
def test_a_use_written_for_both_flavours_is_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert _flavour_rows(git_repo, no_rules, text) == []


def test_a_use_past_a_hasattr_version_gate_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """``if hasattr(batch, "is_token_ids_tensor"): return ...`` before the old spelling: after the merge the
    gate may route every call past the old line, or test something else: a warning, never an error."""
    text = HEAD + (
        "def f(batch: InputBatch, device):\n    if hasattr(batch, 'is_token_ids_tensor'):\n"
        "        return batch.is_token_ids_tensor.to(device)\n    return batch.is_token_ids.to(device)\n"
    )
    rows = _flavour_rows(git_repo, no_rules, text)
    assert [(line, severity) for line, severity, _ in rows] == [(9, "warning")]
    assert "hasattr() gate" in rows[0][2]


def test_a_use_under_a_version_test_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """``if __version__ < "0.12": return batch.is_token_ids.to(device)``: a path kept for older releases,
    which may no longer run after the merge (fixAF): a warning, never an error."""
    text = (
        "from vllm import __version__\n"
        + HEAD
        + (
            "def f(batch: InputBatch, device):\n    if __version__ < '0.12':\n"
            "        return batch.is_token_ids.to(device)\n" + FALLBACK
        )
    )
    rows = _flavour_rows(git_repo, no_rules, text)
    assert [(line, severity) for line, severity, _ in rows] == [(9, "warning")]
    assert "version test" in rows[0][2]
