"""A fork subclass's ``self.method(...)`` of a base method upstream made return a tuple, resolved in the base.

Shaped like #16188 (799397ee4f): ``GPUModelRunner._dummy_run`` returned ``hidden_states`` and now returns
``(hidden_states, last_hidden_states)``, its own caller unpacking it; the TPU runner's ``_dummy_run`` (``-> None``)
keeps its shape, so the name, defined with other shapes elsewhere, is not resolved by name.  A fork subclass's
``hidden = self._dummy_run(n)`` then ``hidden.shape[-1]`` reads the tuple's: resolved in the class the fork's
class imports as its one base, it is an error (mend61).  Quiet: the new unpack, the fork's class defining the
method itself, a class of two bases (which one answers is the engine's guess), the other runner's subclass.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE as RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

GPU = "vllm/worker/gpu_runner.py"
TPU = "vllm/worker/tpu_runner.py"
GPU_BASE = """import torch


class GPUModelRunner:
    def _dummy_run(self, num_tokens: int) -> torch.Tensor:
        hidden_states = torch.zeros(num_tokens)
        return hidden_states[: num_tokens - 1]

    def profile_run(self) -> None:
        hidden_states = self._dummy_run(8)
        del hidden_states
"""
GPU_AFTER = (
    GPU_BASE.replace("-> torch.Tensor:", "-> tuple[torch.Tensor, torch.Tensor]:")
    .replace("return hidden_states[: num_tokens - 1]", "return hidden_states, hidden_states[: num_tokens - 1]")
    .replace(
        "hidden_states = self._dummy_run(8)\n        del hidden_states",
        "hidden_states, last_hidden_states = self._dummy_run(8)\n        del hidden_states, last_hidden_states",
    )
)
TPU_TEXT = """class TPUModelRunner:
    def _dummy_run(self, num_tokens: int) -> None:
        print(num_tokens)
"""
INITS = {"vllm/__init__.py": "", "vllm/worker/__init__.py": ""}
FORK = "vllm/worker/aeon_runner.py"
HEAD = "from vllm.worker.gpu_runner import GPUModelRunner\nfrom vllm.worker.tpu_runner import TPUModelRunner\n\n\n"
SUBJECT = "Support embedding models in V1 (#16188)"


def _rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    base = {GPU: GPU_BASE, TPU: TPU_TEXT, **INITS}
    sides = s.merge_case(git_repo, base, {FORK: HEAD + body}, [(SUBJECT, {GPU: GPU_AFTER, TPU: TPU_TEXT + "\n"})])
    rows = s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
    return [(line, sev) for path, line, sev, _ in rows if path == FORK]


def test_a_subclass_self_call_of_a_base_method_made_a_pair_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "class AeonModelRunner(GPUModelRunner):\n    def aeon_warm(self, num_tokens: int) -> int:\n"
        "        hidden_states = self._dummy_run(num_tokens)\n        return hidden_states.shape[-1]\n"
    )
    # the binding line, and the first line misreading the local as one value
    assert _rows(git_repo, no_rules, body) == [(7, "error"), (8, "error")]


@pytest.mark.parametrize(
    "body",
    [
        "class AeonModelRunner(GPUModelRunner):\n    def aeon_warm(self, num_tokens: int) -> int:\n"
        "        hidden_states, _ = self._dummy_run(num_tokens)\n        return hidden_states.shape[-1]\n",
        "class AeonModelRunner(GPUModelRunner):\n    def _dummy_run(self, num_tokens: int):\n        return num_tokens\n\n"
        "    def aeon_warm(self, num_tokens: int) -> int:\n"
        "        hidden_states = self._dummy_run(num_tokens)\n        return hidden_states.bit_length()\n",
        "class AeonBoth(GPUModelRunner, TPUModelRunner):\n    def aeon_warm(self, num_tokens: int) -> int:\n"
        "        hidden_states = self._dummy_run(num_tokens)\n        return hidden_states.shape[-1]\n",
        "class AeonTpuRunner(TPUModelRunner):\n    def aeon_warm(self, num_tokens: int) -> None:\n"
        "        out = self._dummy_run(num_tokens)\n        print(out.shape)\n",
    ],
    ids=["the new unpack", "the fork's own def", "two bases", "the other runner"],
)
def test_self_calls_that_fit_or_are_not_the_bases_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _rows(git_repo, no_rules, body) == []
