"""Correct fork carries after the llamamodels widenings that read as broken (benchmarks/review29_twins.py).

Shaped like vLLM's #13240: ``LlamaModel`` stopped setting ``padding_idx``; a ``LlamaForCausalLM`` subclass
whose ``self.model`` the base builds by its own method sets ``self.model.padding_idx`` itself and reads it back.
The fork's store is what the read gets, so the read is quiet and the store only a warning (upstream's code, which
may have read it, no longer does); a read with no store of the fork's stays an error.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LLAMA = "vllm/model_executor/models/llama.py"
CARRY = "vllm/model_executor/models/aeon_llama.py"
SUBJECT = "Clean up unused padding_idx variables (#13240)"
LLAMA_BASE = """from torch import nn


class LlamaModel(nn.Module):
    def __init__(self, pad: int = 0) -> None:
        super().__init__()
        self.padding_idx = pad
        self.vocab_size = 10

    def forward(self, input_ids, positions):
        return input_ids


class LlamaForCausalLM(nn.Module):
    def __init__(self, pad: int = 0) -> None:
        super().__init__()
        self.pad = pad
        self.model = self._init_model(pad)

    def _init_model(self, pad: int):
        return LlamaModel(pad)
"""
LLAMA_13240 = LLAMA_BASE.replace("        self.padding_idx = pad\n", "")
READ = """from vllm.model_executor.models.llama import LlamaForCausalLM


class AeonLlama(LlamaForCausalLM):
    def aeon_pad_mask(self, input_ids):
        return input_ids != self.model.padding_idx
"""
SET_AND_READ = """from vllm.model_executor.models.llama import LlamaForCausalLM


class AeonLlama(LlamaForCausalLM):
    def __init__(self, pad: int = 0) -> None:
        super().__init__(pad)
        self.model.padding_idx = pad  # AEON: packed batches need it

    def aeon_pad_mask(self, input_ids):
        return input_ids != self.model.padding_idx
"""


def drift_rows(repo: GitRepo, config: Path, fork: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, {LLAMA: LLAMA_BASE}, {CARRY: fork}, [(SUBJECT, {LLAMA: LLAMA_13240})])
    return [
        (line, sev, message) for path, line, sev, message in s.rule_rows(repo, config, sides, DRIFT) if path == CARRY
    ]


def test_a_read_of_a_member_upstream_dropped_off_the_built_attribute(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = drift_rows(git_repo, no_rules, READ)
    assert (line, severity) == (6, "error")
    assert "uses self.model.padding_idx, which upstream removed LlamaModel.padding_idx" in message


def test_the_fork_storing_the_member_itself_reads_its_own_value(git_repo: GitRepo, no_rules: Path) -> None:
    """Fails on the engine before this mend: both the store (line 7) and the read (line 10) were errors."""
    rows = drift_rows(git_repo, no_rules, SET_AND_READ)
    assert [(line, severity) for line, severity, _ in rows] == [(7, "warning")]
    assert "the fork's own reads see its value" in rows[0][2]


# -- #13555: LlamaModel.forward lost kv_caches; the fork probes the signature of what the call runs ----------
FORWARD_BASE = LLAMA_BASE.replace(
    "def forward(self, input_ids, positions):", "def forward(self, input_ids, positions, kv_caches):"
)
PROBED = """import inspect

from vllm.model_executor.models.llama import LlamaForCausalLM


class AeonLlama(LlamaForCausalLM):
    def aeon_hidden(self, input_ids, positions, kv_caches):
        if "kv_caches" in inspect.signature(self.model.{probed}).parameters:
            return self.model(input_ids, positions, kv_caches)
        return self.model(input_ids, positions)
"""


def forward_rows(repo: GitRepo, config: Path, fork: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, {LLAMA: FORWARD_BASE}, {CARRY: fork}, [(SUBJECT, {LLAMA: LLAMA_BASE})])
    return [
        (line, sev, message) for path, line, sev, message in s.rule_rows(repo, config, sides, DRIFT) if path == CARRY
    ]


def test_a_call_of_the_built_attribute_under_a_probe_of_its_forward(git_repo: GitRepo, no_rules: Path) -> None:
    """Fails on the engine before this mend: the probe of ``self.model.forward`` did not count for a call of
    ``self.model``, and the old spelling was an error."""
    rows = forward_rows(git_repo, no_rules, PROBED.format(probed="forward"))
    assert [(line, severity) for line, severity, _ in rows] == [(9, "warning")]


def test_a_probe_of_another_method_of_the_attribute_guards_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    rows = forward_rows(git_repo, no_rules, PROBED.format(probed="embed"))
    assert [(line, severity) for line, severity, _ in rows] == [(9, "error")]


# -- #13240 again: the fork reads the dropped member by a string and computes its own value when it is gone ---
GETATTR = """from vllm.model_executor.models.llama import LlamaForCausalLM


class AeonLlama(LlamaForCausalLM):
    def aeon_pad_mask(self, input_ids):
        pad = getattr(self.model, "padding_idx", None)
        {fallback}
"""


def test_a_getattr_default_the_fork_replaces_with_its_own_value(git_repo: GitRepo, no_rules: Path) -> None:
    """Fails on the engine before this mend: only a fallback on another member of the same object counted."""
    fork = GETATTR.format(fallback="return input_ids != (self.pad if pad is None else pad)")
    assert drift_rows(git_repo, no_rules, fork) == []


def test_a_getattr_default_refilled_in_an_if(git_repo: GitRepo, no_rules: Path) -> None:
    fork = GETATTR.format(fallback="if pad is None:\n            pad = self.pad\n        return input_ids != pad")
    assert drift_rows(git_repo, no_rules, fork) == []


def test_a_getattr_default_the_fork_only_gives_up_on(git_repo: GitRepo, no_rules: Path) -> None:
    fork = GETATTR.format(fallback="if pad is None:\n            return input_ids\n        return input_ids != pad")
    [(line, severity, message)] = drift_rows(git_repo, no_rules, fork)
    assert (line, severity) == (6, "error") and "by a string" in message


# -- #31760: Qwen2Model no longer maps decoder_layer_type=None to its layer; a fork test pins the refusal ------
QWEN = "vllm/model_executor/models/qwen2.py"
QWEN_TEST = "tests/aeon/test_backbone.py"
QWEN_BASE = """from torch import nn


class Qwen2DecoderLayer(nn.Module):
    def __init__(self, prefix: str = "") -> None:
        super().__init__()


class Qwen2Model(nn.Module):
    def __init__(self, *, prefix: str = "", decoder_layer_type: type[nn.Module] = Qwen2DecoderLayer) -> None:
        super().__init__()
        decoder_layer_type = decoder_layer_type or Qwen2DecoderLayer
        self.layers = [decoder_layer_type(prefix=f"{prefix}.{i}") for i in range(2)]
"""
QWEN_31760 = QWEN_BASE.replace("        decoder_layer_type = decoder_layer_type or Qwen2DecoderLayer\n", "")
REFUSED = """import pytest

from vllm.model_executor.models.qwen2 import Qwen2Model


def test_none_layer_type_refused():
    with pytest.raises({kind}):
        Qwen2Model(prefix="", decoder_layer_type=None)
"""


def refusal_rows(repo: GitRepo, config: Path, kind: str) -> list[tuple[int, str, str]]:
    fork = {QWEN_TEST: REFUSED.format(kind=kind)}
    sides = s.merge_case(repo, {QWEN: QWEN_BASE}, fork, [("Remove redundant assignment (#31760)", {QWEN: QWEN_31760})])
    rows = s.rule_rows(repo, config, sides, DRIFT)
    return [(line, sev, message) for path, line, sev, message in rows if path == QWEN_TEST]


def test_a_test_expecting_the_none_refused_by_a_type_error(git_repo: GitRepo, no_rules: Path) -> None:
    """Fails on the engine before this mend: the call under ``pytest.raises(TypeError)`` was an error."""
    assert refusal_rows(git_repo, no_rules, "TypeError") == []


def test_a_test_expecting_another_kind_still_breaks(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = refusal_rows(git_repo, no_rules, "ValueError")
    assert (line, severity) == (8, "error") and "passes None for decoder_layer_type" in message
