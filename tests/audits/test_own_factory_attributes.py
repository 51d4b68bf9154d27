"""An attribute the class builds by its own method (``self.model = self._init_model(...)``), then used.

Shaped like vLLM's #13555: ``LlamaForCausalLM.__init__`` builds ``self.model`` through ``self._init_model``,
which returns ``LlamaModel(...)`` without an annotation; the commit dropped ``kv_caches`` and ``attn_metadata``
from ``LlamaModel.forward``, and a fork subclass's ``self.model(input_ids, positions, kv_caches,
attn_metadata, ...)`` kept passing them.  The method is looked up along the fork class's own order, so a
subclass that overrides it to build its own model decides the attribute's class.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LLAMA = "vllm/model_executor/models/llama.py"
CARRY = "vllm/model_executor/models/aeon_llama.py"
SUBJECT = "Remove unused kwargs from model definitions (#13555)"
LLAMA_BASE = """import torch
from torch import nn


class LlamaModel(nn.Module):
    def __init__(self, prefix: str = "") -> None:
        super().__init__()
        self.prefix = prefix

    def forward(self, input_ids, positions, kv_caches, attn_metadata, intermediate_tensors=None):
        return input_ids

    def embed(self, input_ids):
        return input_ids


class LlamaForCausalLM(nn.Module):
    def __init__(self, prefix: str = "") -> None:
        super().__init__()
        self.model = self._init_model(prefix=prefix)

    def _init_model(self, prefix: str = ""):
        return LlamaModel(prefix=prefix)
"""
LLAMA_13555 = LLAMA_BASE.replace(
    "positions, kv_caches, attn_metadata, intermediate_tensors", "positions, intermediate_tensors"
)
FORK = """from vllm.model_executor.models.llama import LlamaForCausalLM


class AeonLlama(LlamaForCausalLM):
    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):
        {line}  # AEON: hidden states without the logits
"""
KILLER = "return self.model(input_ids, positions, kv_caches, attn_metadata, None)"


def drift_rows(repo: GitRepo, config: Path, fork: str, base: str = LLAMA_BASE, upstream: str = LLAMA_13555) -> list:
    sides = s.merge_case(repo, {LLAMA: base}, {CARRY: fork}, [(SUBJECT, {LLAMA: upstream})])
    return [(line, message) for path, line, _, message in s.rule_rows(repo, config, sides, DRIFT) if path == CARRY]


def test_a_call_of_an_attribute_an_unannotated_own_method_builds(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, message)] = drift_rows(git_repo, no_rules, FORK.format(line=KILLER))
    assert line == 6
    assert "calls self.model, which is now LlamaModel.forward(input_ids, positions, intermediate_tensors)" in message
    assert "passes 5 positional argument(s), it takes 3" in message and "#13555" in message


def test_a_call_of_an_attribute_an_annotated_own_method_builds(git_repo: GitRepo, no_rules: Path) -> None:
    """The factory's return annotation names the class, whatever its body returns."""
    annotated = LLAMA_BASE.replace(
        'def _init_model(self, prefix: str = ""):\n        return LlamaModel(prefix=prefix)',
        'def _init_model(self, prefix: str = "") -> "LlamaModel":\n        return self._built(prefix)\n\n'
        "    def _built(self, prefix):\n        return LlamaModel(prefix=prefix)",
    )
    upstream = annotated.replace(
        "positions, kv_caches, attn_metadata, intermediate_tensors", "positions, intermediate_tensors"
    )
    [(line, _)] = drift_rows(git_repo, no_rules, FORK.format(line=KILLER), annotated, upstream)
    assert line == 6


def test_a_method_read_off_the_built_attribute_in_a_chain(git_repo: GitRepo, no_rules: Path) -> None:
    """``self.model.embed(...)``: the built class's method, renamed upstream, read through the attribute."""
    renamed = LLAMA_BASE.replace("def embed(self", "def embed_input_ids(self")
    fork = FORK.format(line="return self.model.embed(input_ids)")
    [(line, message)] = drift_rows(git_repo, no_rules, fork, LLAMA_BASE, renamed)
    assert line == 6 and "LlamaModel.embed" in message


@pytest.mark.parametrize(
    "line",
    [
        "return self.model(input_ids, positions, None)",  # the call fits the new forward
        "return self.model(input_ids, positions, intermediate_tensors=None)",
    ],
    ids=["fits", "keyword"],
)
def test_a_call_that_fits_the_new_forward_is_silent(git_repo: GitRepo, no_rules: Path, line: str) -> None:
    assert drift_rows(git_repo, no_rules, FORK.format(line=line)) == []


def test_a_subclass_that_builds_its_own_model_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Twin: the fork overrides the factory; its own model keeps the old forward, so the call still fits."""
    fork = (
        "from torch import nn\n\n"
        "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
        "class AeonModel(nn.Module):\n"
        "    def forward(self, input_ids, positions, kv_caches, attn_metadata, intermediate_tensors=None):\n"
        "        return input_ids\n\n\n"
        "class AeonLlama(LlamaForCausalLM):\n"
        '    def _init_model(self, prefix: str = ""):\n'
        "        return AeonModel()\n\n"
        "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
        f"        {KILLER}  # AEON\n"
    )
    assert drift_rows(git_repo, no_rules, fork) == []


def test_a_factory_that_builds_one_of_two_classes_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Near miss: the factory may return either class; which one the fork's instance holds is a runtime fact."""
    two = (
        LLAMA_BASE.replace(
            "        return LlamaModel(prefix=prefix)\n",
            "        if prefix:\n            return LlamaModel(prefix=prefix)\n        return OtherModel()\n",
        )
        + "\n\nclass OtherModel(nn.Module):\n    def forward(self, input_ids, positions, kv_caches, attn_metadata):\n        return input_ids\n"
    )
    upstream = two.replace(
        "positions, kv_caches, attn_metadata, intermediate_tensors", "positions, intermediate_tensors"
    )
    assert drift_rows(git_repo, no_rules, FORK.format(line=KILLER), two, upstream) == []
