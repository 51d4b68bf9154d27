"""An element read by position off an inherited method's value, in a subclass: ``self.m(...)[k]``.

Shaped like #18581 (3597b06a4f), which inserted ``attention_cuda_graphs`` at index 1 of what
``GPUModelRunner._prepare_inputs`` returns: a runner subclass's ``self._prepare_inputs(so)[1]`` (the logits
indices) now reads a bool, silently.  The unpack of the same call was caught (its class types ``self``); the
index was not: ``self`` was typed only for unpacks, and another runner's ``_prepare_inputs`` (three values
both sides) hid the base's by name.  Twins: index 0 (stayed), a fork mixin's ``_prepare_inputs`` ahead in the MRO, a
subclass of the other runner, and a read taking another position on a path beside it (one path per release).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

GPU = "vllm/v1/worker/gpu_model_runner.py"
GPU_BASE = """class GPUModelRunner:
    def _prepare_inputs(self, scheduler_output):
        attn_metadata = {}
        logits_indices = scheduler_output.logits
        spec_decode_metadata = None
        return attn_metadata, logits_indices, spec_decode_metadata
"""
GPU_AFTER = GPU_BASE.replace(
    "        return attn_metadata, logits_indices, spec_decode_metadata\n",
    "        attention_cuda_graphs = bool(attn_metadata)\n"
    "        return (attn_metadata, attention_cuda_graphs, logits_indices,\n                spec_decode_metadata)\n",
)
TPU = "vllm/v1/worker/tpu_model_runner.py"
TPU_TEXT = """class TPUModelRunner:
    def _prepare_inputs(self, scheduler_output):
        padded = scheduler_output.padded
        indices = scheduler_output.indices
        num_reqs = 0
        return padded, indices, num_reqs
"""
SUBJECT = "[CUDA] Enable full cudagraph for FlashMLA (#18581)"
FORK = "vllm/aeon/prep.py"
HEAD = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\nclass AeonRunner(GPUModelRunner):\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list:
    sides = s.merge_case(
        git_repo,
        {
            GPU: GPU_BASE,
            TPU: TPU_TEXT,
            "vllm/v1/worker/__init__.py": "",
            "vllm/v1/__init__.py": "",
            "vllm/__init__.py": "",
        },
        {FORK: head + body},
        [(SUBJECT, {GPU: GPU_AFTER})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if r[0] == FORK]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        ("    def aeon_indices(self, so):\n        return self._prepare_inputs(so)[1]\n", 6),
        ("    def aeon_indices(self, so):\n        out = self._prepare_inputs(so)\n        return out[1]\n", 7),
        (
            "    def _prepare_inputs(self, so):\n        indices = super()._prepare_inputs(so)[1]\n"
            "        return {}, indices[:8], None\n",
            6,
        ),
    ],
)
def test_an_inherited_methods_moved_element_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    found = [r for r in rows(git_repo, no_rules, body) if "reads element" in r[3]]
    assert [(r[1], r[2]) for r in found] == [(line, "error")], found
    assert "which was `logits_indices`" in found[0][3] and "`attention_cuda_graphs` is there now" in found[0][3]


@pytest.mark.parametrize(
    ("head", "body"),
    [
        (HEAD, "    def aeon_meta(self, so):\n        return self._prepare_inputs(so)[0]\n"),
        # a mixin ahead of the runner in the MRO defines the method of the name: its value, not the runner's
        (
            "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\nclass AeonPrep:\n"
            "    def _prepare_inputs(self, so):\n        return {}, so.logits, None\n\n\n"
            "class AeonRunner(AeonPrep, GPUModelRunner):\n",
            "    def aeon_indices(self, so):\n        return self._prepare_inputs(so)[1]\n",
        ),
        # a subclass of the other runner, whose method of the name kept its three values
        (
            "from vllm.v1.worker.tpu_model_runner import TPUModelRunner\n\n\nclass AeonTpu(TPUModelRunner):\n",
            "    def aeon_indices(self, so):\n        return self._prepare_inputs(so)[1]\n",
        ),
        # one path per release: the other path reads the new position
        (
            HEAD,
            "    def aeon_indices(self, so, new: bool):\n        out = self._prepare_inputs(so)\n"
            "        return out[2] if new else out[1]\n",
        ),
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, head: str, body: str) -> None:
    assert rows(git_repo, no_rules, body, head) == []


def _spread(*names: str, value: str = "self._prepare_inputs(so)") -> str:
    lines = "".join(f"            {n},\n" for n in names)
    return f"    def aeon_prepare(self, so):\n        (\n{lines}        ) = {value}\n        return so\n"


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (_spread("attn_metadata", "logits_indices", "spec_decode_metadata"), 10),
        (_spread("meta", "indices", "spec", value="super()._prepare_inputs(so)"), 10),
    ],
)
def test_an_unpack_spread_a_name_a_line_is_read(git_repo: GitRepo, no_rules: Path, body: str, line: int) -> None:
    """A target laid out a name a line (a formatter's layout of a long unpack) opens with a bare ``(`` the
    one-line prefilter never matched; the error lands on the closing ``) =`` line naming the value."""
    found = rows(git_repo, no_rules, body)
    assert [(r[1], r[2]) for r in found] == [(line, "error")], found
    assert "unpacks 3 values" in found[0][3]


@pytest.mark.parametrize(
    "body",
    [
        _spread("attn_metadata", "attention_cuda_graphs", "logits_indices", "spec_decode_metadata"),
        _spread("attn_metadata", "*rest"),
    ],
)
def test_spread_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []
