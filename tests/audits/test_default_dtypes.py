"""Dtype drift from torch's default dtype: upstream said a dtype where a floating maker said none; a fork line tests the old one.

#37810 (54ab804e87) made Qwen3-Next's ``self.A_log = nn.Parameter(torch.empty(n))`` (the default dtype: the
model's, bf16 on a Spark) ``torch.empty(n, dtype=torch.float32)``: a fork's ``layer.A_log.dtype ==
torch.bfloat16`` never holds again, and ``A_log.view(torch.int16)`` now splits each value in two
(blind_replay_qwen3moe).  Found: a comparison with a floating dtype the default may have been (``==``, ``is``,
``in``, through ``.data``), an error when no other file assigns a holder of that name, a warning when one does;
a view as a dtype of another width than the new one, a warning (the default's width was the model's).  Quiet:
a cast, a test naming the new dtype, an integer dtype (the default never was one), a holder whose maker still
says none, a maker given ``**kwargs`` (its dtype may be in them), a view of the new dtype's width.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.drift.dtypes import RULE
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

LAYER = "pkg/models/gdn.py"
OTHER = "pkg/models/other.py"
BASE = """import torch
from torch import nn


class GatedDeltaNet(nn.Module):
    def __init__(self, n: int, **kw) -> None:
        super().__init__()
        self.A_log = nn.Parameter(torch.empty(n))
        self.dt_bias = nn.Parameter(torch.ones(n))
        self.conv_scale = torch.zeros(n)
        self.gate_scale = torch.zeros(n, **kw)
"""
AFTER = (
    BASE.replace("torch.empty(n))", "torch.empty(n, dtype=torch.float32))")
    .replace("self.conv_scale = torch.zeros(n)", "self.conv_scale = torch.zeros(n, dtype=torch.float32)")
    .replace("torch.zeros(n, **kw)", "torch.zeros(n, **kw).to(torch.float32)")
)
# another file holds a ``conv_scale`` of its own: a test of one is not tied to upstream's for certain
OTHER_TEXT = (
    "import torch\n\n\nclass Conv:\n    def __init__(self, n: int) -> None:\n        self.conv_scale = torch.ones(n)\n"
)
HEAD = "import torch\n\nfrom pkg.models.gdn import GatedDeltaNet\n\n\n"
SUBJECT = "[Bugfix] Store A_log in fp32 (#37810)"

FOUND = {
    "equal": (
        HEAD + "def check(layer: GatedDeltaNet) -> None:\n    assert layer.A_log.dtype == torch.bfloat16\n",
        "assert layer.A_log.dtype == torch.bfloat16",
        "error",
    ),
    "is_half": (
        HEAD
        + "class A(GatedDeltaNet):\n    def half(self) -> bool:\n        return self.A_log.data.dtype is torch.half\n",
        "return self.A_log.data.dtype is torch.half",
        "error",
    ),
    "in_tuple": (
        HEAD + "def low(layer: GatedDeltaNet) -> bool:\n"
        "    return layer.A_log.dtype in (torch.bfloat16, torch.float16)\n",
        "return layer.A_log.dtype in (torch.bfloat16, torch.float16)",
        "error",
    ),
    "view": (
        HEAD + "class B(GatedDeltaNet):\n    def bits(self):\n        return self.A_log.data.view(torch.int16)\n",
        "return self.A_log.data.view(torch.int16)",
        "warning",
    ),
    "elsewhere": (
        HEAD + "def low2(layer: GatedDeltaNet) -> bool:\n    return layer.conv_scale.dtype == torch.bfloat16\n",
        "return layer.conv_scale.dtype == torch.bfloat16",
        "warning",
    ),
}
QUIET = {
    "cast": HEAD + "def a(layer: GatedDeltaNet):\n    return -torch.exp(layer.A_log.float())\n",
    "new_dtype": HEAD + "def ok(layer: GatedDeltaNet) -> bool:\n    return layer.A_log.dtype == torch.float32\n",
    "both": HEAD + "def ok(layer: GatedDeltaNet) -> bool:\n"
    "    return layer.A_log.dtype in (torch.bfloat16, torch.float32)\n",
    "integer": HEAD + "def ok(layer: GatedDeltaNet) -> bool:\n    return layer.A_log.dtype == torch.int32\n",
    "kept": HEAD + "def ok(layer: GatedDeltaNet) -> bool:\n    return layer.dt_bias.dtype == torch.bfloat16\n",
    "kwargs": HEAD + "def ok(layer: GatedDeltaNet) -> bool:\n    return layer.gate_scale.dtype == torch.bfloat16\n",
    "same_width": HEAD + "def bits(layer: GatedDeltaNet):\n    return layer.A_log.data.view(torch.int32)\n",
}
FORKS = {f"pkg/aeon/{name}.py": text for name, (text, _, _) in FOUND.items()} | {
    f"pkg/aeon/{name}.py": text for name, text in QUIET.items()
}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    return s.side_by_side(repo, {LAYER: BASE, OTHER: OTHER_TEXT}, FORKS, [(SUBJECT, {LAYER: AFTER})], RULE)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_test_or_view_of_the_default_dtype_is_found(git_repo: GitRepo, name: str) -> None:
    text, line, severity = FOUND[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, line), severity)]


def test_the_message_says_the_default(git_repo: GitRepo) -> None:
    (finding,) = findings(git_repo)["pkg/aeon/equal.py"]
    assert "from the default dtype" in finding.message and "to torch.float32" in finding.message
    assert "#37810" in finding.message


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []
