"""Array flavour drift of an annotated field: upstream annotated a class's field as the other array flavour.

Shaped like vLLM #29268 (798e87db5c): the dataclass field ``CommonAttentionMetadata.encoder_seq_lens:
np.ndarray | None`` became ``torch.Tensor | None`` (the array moved to a new ``encoder_seq_lens_cpu``).  No
``self.`` line assigns it (the builders pass it in), so only the annotation tells the flavour; a fork's
``meta.encoder_seq_lens.astype(np.int32)`` merges cleanly and raises AttributeError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

META = "vllm/attention/utils.py"
META_OLD = """from dataclasses import dataclass
from typing import Optional

import numpy as np
import numpy.typing as npt
import torch


@dataclass
class Meta:
    seq_lens: torch.Tensor
    encoder_seq_lens: np.ndarray | None = None
    slots: torch.Tensor | None = None
    ids: Optional[npt.NDArray[np.int32]] = None
    either: torch.Tensor | None = None


class Builder:
    def __init__(self, n: int) -> None:
        self.positions: torch.Tensor = torch.zeros(n)
        self.moved: torch.Tensor = torch.zeros(n)
        self.fixed: np.ndarray = torch.zeros(n)


def prepare(lens: np.ndarray) -> None:
    pass
"""
META_NEW = (
    META_OLD.replace(
        "    encoder_seq_lens: np.ndarray | None = None\n",
        "    encoder_seq_lens: torch.Tensor | None = None\n    encoder_seq_lens_cpu: np.ndarray | None = None\n",
    )
    .replace("    slots: torch.Tensor | None = None\n", "    slots: np.ndarray | None = None\n")
    .replace("    ids: Optional[npt.NDArray[np.int32]] = None\n", "    ids: Optional[torch.Tensor] = None\n")
    .replace("    either: torch.Tensor | None = None\n", "    either: torch.Tensor | np.ndarray | None = None\n")
    .replace("self.positions: torch.Tensor = torch.zeros(n)", "self.positions: np.ndarray = np.zeros(n)")
    .replace("def prepare(lens: np.ndarray)", "def prepare(lens: torch.Tensor)")
    # the annotation left stale over builds made arrays; an annotation corrected over builds that stay tensors
    .replace("self.moved: torch.Tensor = torch.zeros(n)", "self.moved: torch.Tensor = torch.zeros(n).numpy()")
    .replace("self.fixed: np.ndarray = torch.zeros(n)", "self.fixed: torch.Tensor = torch.zeros(n)")
)
FORK = "vllm/aeon/meta_use.py"
SUBJECT = "[Core] Generalize encoder-decoder seq_lens (#29268)"
HEAD = "import numpy as np\nimport torch\n\nfrom vllm.attention.utils import Builder, Meta\n\n\n"


def _rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {META: META_OLD, "vllm/__init__.py": ""},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [(SUBJECT, {META: META_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [
        (f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK
    ]


LACKED = [
    (
        "def lens(meta: Meta) -> np.ndarray:\n    assert meta.encoder_seq_lens is not None\n"
        "    return meta.encoder_seq_lens.astype(np.int32)\n",
        "a torch tensor has no astype",
    ),
    ("def slots(meta: Meta, device):\n    return meta.slots.to(device)\n", "a numpy array has no to"),
    ("def ids(meta: Meta) -> bytes:\n    return meta.ids.tobytes()\n", "a torch tensor has no tobytes"),
    (
        "class AeonBuilder(Builder):\n    def pinned(self):\n        return self.positions.pin_memory()\n",
        "a numpy array has no pin_memory",
    ),
    ("def longest(meta: Meta):\n    return meta.slots.max(dim=0)\n", "takes no dim="),
    (
        "class AeonMoved(Builder):\n    def go(self, device):\n        return self.moved.to(device)\n",
        "a numpy array has no to",
    ),
]
# The rows' modules side by side: one merge and one audit of the six a process (suitespeed11).
LACKED_FORKS = {FORK.replace(".py", f"_{n}.py"): HEAD + body for n, (body, _) in enumerate(LACKED)}


def _lacked_rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str, str]]:
    """``_rows`` of an error row's module, from the one audit of every such row's module side by side."""
    forks = {**LACKED_FORKS, "vllm/aeon/__init__.py": ""}
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {META: META_NEW})]
    found = s.audited_side_by_side(
        git_repo, no_rules, {META: META_OLD, "vllm/__init__.py": ""}, forks, upstream, TYPE_DRIFT
    )
    path = next(p for p, text in LACKED_FORKS.items() if text == HEAD + body)
    return [(f.line, f.severity.value, f.message) for f in found[path]]


@pytest.mark.parametrize(
    ("body", "effect"),
    LACKED,
    ids=[
        "a dataclass field made a tensor",
        "made an array",
        "NDArray",
        "self.x: T in __init__",
        "dim= keyword",
        "a stale annotation over builds made arrays",
    ],
)
def test_a_member_the_annotated_flavour_lacks(git_repo: GitRepo, no_rules: Path, body: str, effect: str) -> None:
    rows = _lacked_rows(git_repo, no_rules, body)
    assert [(line, severity) for line, severity, _ in rows] == [(len((HEAD + body).splitlines()), "error")]
    assert effect in rows[0][2] and "(was a " in rows[0][2]


@pytest.mark.parametrize(
    "body",
    [
        # a member both flavours have
        "def lens(meta: Meta) -> list:\n    return meta.encoder_seq_lens.tolist()\n",
        "def total(meta: Meta) -> int:\n    return int(meta.slots.sum())\n",
        # NumPy's own keyword on what is an array now; a tensor's keyword on what is a tensor now
        "def longest(meta: Meta):\n    return meta.slots.max(axis=0)\n",
        "def longest(meta: Meta):\n    return meta.encoder_seq_lens.max(dim=0)\n",
        # written for both flavours
        "def slots(meta: Meta, device):\n    if isinstance(meta.slots, torch.Tensor):\n"
        "        return meta.slots.to(device)\n    return torch.from_numpy(meta.slots).to(device)\n",
        # the new annotation admits both flavours, or did not change
        "def either(meta: Meta, device):\n    return meta.either.to(device)\n",
        "def lens(meta: Meta, device):\n    return meta.seq_lens.to(device)\n",
        # an untyped receiver; a parameter of that name retyped, not a field
        "def slots(meta, device):\n    return meta.slots.to(device)\n",
        "class Holder:\n    def __init__(self, lens: np.ndarray) -> None:\n        self.lens = lens\n\n"
        "    def small(self):\n        return self.lens.astype(np.int32)\n",
        # an annotation corrected over builds that were tensors on both sides: the value is what it was
        "class AeonFixed(Builder):\n    def small(self):\n        return self.fixed.astype(np.int32)\n",
    ],
    ids=[
        "tolist",
        "sum",
        "axis=",
        "dim= on a tensor now",
        "isinstance",
        "a union",
        "unchanged",
        "untyped",
        "a parameter",
        "an annotation corrected",
    ],
)
def test_a_use_the_new_flavour_answers_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _rows(git_repo, no_rules, body) == []
