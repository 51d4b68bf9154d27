"""A fork model class setting a protocol flag upstream's code no longer reads or declares: a dead flag.

Shaped like 52883ed084 (#23749): ``SupportsMultiModalWithRawInput`` and its class flag
``supports_multimodal_raw_input`` merged into ``SupportsMultiModal``'s ``supports_multimodal_raw_input_only``;
the registry's ``getattr(model, "supports_multimodal_raw_input", False)`` went with it.  A fork model class
that sets the old flag in its body merges cleanly and silently gets embeddings instead of its raw inputs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

IFACE = "vllm/model_executor/models/interfaces.py"
IFACE_BASE = """from typing import ClassVar, Literal, Protocol


class SupportsMultiModal(Protocol):
    supports_encoder_tp_data: ClassVar[bool] = False


class SupportsMultiModalWithRawInput(SupportsMultiModal, Protocol):
    supports_multimodal_raw_input: ClassVar[Literal[True]] = True


def supports_multimodal_raw_input(model) -> bool:
    return getattr(model, "supports_multimodal_raw_input", False)


def supports_encoder_tp_data(model) -> bool:
    return getattr(model, "supports_encoder_tp_data", False)
"""
IFACE_UPSTREAM = """from typing import ClassVar, Protocol


class SupportsMultiModal(Protocol):
    supports_encoder_tp_data: ClassVar[bool] = False
    supports_multimodal_raw_input_only: ClassVar[bool] = False


def supports_multimodal_raw_input_only(model) -> bool:
    return getattr(model, "supports_multimodal_raw_input_only", False)


def supports_encoder_tp_data(model) -> bool:
    return getattr(model, "supports_encoder_tp_data", False)
"""
FORK = "vllm/model_executor/models/aeon_geo.py"
FORK_TEXT = """import torch

from vllm.model_executor.models.interfaces import SupportsMultiModal


class AeonGeoModel(torch.nn.Module, SupportsMultiModal):
    # AEON: the geospatial model wants raw pixel tensors
    supports_multimodal_raw_input = True
"""
SUBJECT = "[Model] Merge `SupportsMultiModalWithRawInput` with `SupportsMultiModal` (#23749)"
OTHER = "vllm/model_executor/models/registry.py"


def findings(git_repo: GitRepo, no_rules: Path, fork: str, upstream: dict[str, str] | None = None) -> list:
    sides = s.merge_case(
        git_repo, {IFACE: IFACE_BASE}, {FORK: fork}, [(SUBJECT, {IFACE: IFACE_UPSTREAM, **(upstream or {})})]
    )
    return s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)


def test_a_model_class_setting_a_flag_upstream_dropped_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    [(path, line, severity, message)] = findings(git_repo, no_rules, FORK_TEXT)
    assert (path, line, severity) == (FORK, 8, "error")
    assert "class attribute AeonGeoModel.supports_multimodal_raw_input sets a flag" in message
    assert f"its last read went from {IFACE}" in message and "#23749" in message


def test_an_annotated_flag_is_one_too(git_repo: GitRepo, no_rules: Path) -> None:
    fork = FORK_TEXT.replace("raw_input = True", "raw_input: bool = True")
    [(_, line, severity, _)] = findings(git_repo, no_rules, fork)
    assert (line, severity) == (8, "error")


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # a flag upstream still reads
        (FORK_TEXT.replace("supports_multimodal_raw_input = True", "supports_encoder_tp_data = True"), {}),
        # the new flag
        (FORK_TEXT.replace("raw_input = True", "raw_input_only = True"), {}),
        # the fork's own code reads the flag: a flag of the fork's
        (FORK_TEXT + "\n\ndef aeon_raw(model) -> bool:\n    return model.supports_multimodal_raw_input\n", {}),
        # a method's alias, not a flag: the hook checks judge it
        (
            FORK_TEXT.replace("raw_input = True", "raw_input = aeon_raw")
            + "\n    def aeon_raw(self):\n        return 1\n",
            {},
        ),
        # a local of a function, not a class's attribute
        (
            "def aeon_f(model):\n    supports_multimodal_raw_input = True\n    return [supports_multimodal_raw_input]\n",
            {},
        ),
    ],
)
def test_a_flag_still_read_or_not_a_class_attribute_is_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: dict[str, str]
) -> None:
    assert findings(git_repo, no_rules, fork, upstream) == []


def test_a_flag_upstream_still_declares_somewhere_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # the registry still declares a field of the name (no read of it): it may be read in a way no grep sees
    upstream = {OTHER: "class _ModelInfo:\n    supports_multimodal_raw_input: bool = False\n"}
    assert findings(git_repo, no_rules, FORK_TEXT, upstream) == []


def test_a_class_of_a_library_base_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # a pydantic model's field is the model's (serialized), not a flag upstream's code read off it
    fork = FORK_TEXT.replace(
        "from vllm.model_executor.models.interfaces import SupportsMultiModal", "from pydantic import BaseModel"
    ).replace("(torch.nn.Module, SupportsMultiModal)", "(BaseModel)")
    assert findings(git_repo, no_rules, fork) == []


# --- twins a reviewer found false (fixW): a field, a fork-owned base, a computed name: no error

PROTO = "vllm/entrypoints/openai/protocol.py"
SERVING = "vllm/entrypoints/openai/serving_chat.py"
PROTO_BASE = """from pydantic import BaseModel


class OpenAIBaseModel(BaseModel):
    pass


class DeltaMessage(OpenAIBaseModel):
    content: str | None = None
    reasoning_content: str | None = None
"""
SERVING_BASE = "def stream(delta):\n    if delta.reasoning_content:\n        return delta.reasoning_content\n"
THOUGHT = """from vllm.entrypoints.openai.protocol import OpenAIBaseModel


class AeonThought(OpenAIBaseModel):
    reasoning_content: str | None = None
"""
CFG = "vllm/config/scheduler.py"
CFG_BASE = """from dataclasses import dataclass


@dataclass
class SchedulerConfig:
    max_num_seqs: int = 128


@dataclass
class CacheConfig:
    chunked_prefill_enabled: bool = False


def plan(cfg):
    return cfg.chunked_prefill_enabled
"""
AEON_CFG = """from dataclasses import asdict, dataclass

from vllm.config.scheduler import SchedulerConfig


@dataclass
class AeonSchedulerConfig(SchedulerConfig):
    chunked_prefill_enabled: bool = True
"""


def rows(git_repo: GitRepo, no_rules: Path, base: dict[str, str], fork: dict[str, str], upstream: dict[str, str]):
    sides = s.merge_case(git_repo, base, fork, [("[Frontend] rename (#1)", upstream)])
    return [r[:3] for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)]


def renamed(text: str) -> str:
    return text.replace("reasoning_content", "reasoning")


@pytest.mark.parametrize(
    ("built", "expected"),
    [
        # built by keyword: an __init__ parameter, read (and serialized)
        (
            "\n\ndef aeon_thought(text: str) -> str:\n    return AeonThought(reasoning_content=text).model_dump_json()\n",
            [],
        ),
        # not built here: upstream declared an annotated field, not a class's flag: a warning at most
        ("", [("vllm/entrypoints/openai/aeon_protocol.py", 5, "warning")]),
    ],
)
def test_a_pydantic_field_of_a_fork_model_is_no_error(
    git_repo: GitRepo, no_rules: Path, built: str, expected: list
) -> None:
    base = {PROTO: PROTO_BASE, SERVING: SERVING_BASE}
    fork = {"vllm/entrypoints/openai/aeon_protocol.py": THOUGHT + built}
    upstream = {PROTO: renamed(PROTO_BASE), SERVING: renamed(SERVING_BASE)}
    assert rows(git_repo, no_rules, base, fork, upstream) == expected


@pytest.mark.parametrize(
    ("built", "expected"),
    [
        ("\n\ndef aeon_opts() -> dict:\n    return asdict(AeonSchedulerConfig(chunked_prefill_enabled=False))\n", []),
        # a dataclass's field (decorated): an instance's, a warning at most
        ("", [("vllm/config/aeon.py", 8, "warning")]),
    ],
)
def test_a_dataclass_field_of_a_fork_dataclass_is_no_error(
    git_repo: GitRepo, no_rules: Path, built: str, expected: list
) -> None:
    upstream = CFG_BASE.replace("    chunked_prefill_enabled: bool = False\n", "    block_size: int = 16\n")
    upstream = upstream.replace("return cfg.chunked_prefill_enabled", "return cfg.max_num_seqs")
    assert (
        rows(git_repo, no_rules, {CFG: CFG_BASE}, {"vllm/config/aeon.py": AEON_CFG + built}, {CFG: upstream})
        == expected
    )


def test_a_flag_the_forks_own_reader_reads_by_a_computed_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    fork = FORK_TEXT + (
        "\n\ndef aeon_supports(model, mode: str) -> bool:\n"
        '    return getattr(model, f"supports_multimodal_{mode}", False)\n'
    )
    assert findings(git_repo, no_rules, fork) == []


def test_a_flag_upstream_reads_by_a_computed_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    computed = IFACE_UPSTREAM.replace(
        "def supports_multimodal_raw_input_only(model) -> bool:\n"
        '    return getattr(model, "supports_multimodal_raw_input_only", False)',
        '_MM_KINDS = ("raw_input", "embeds")\n\n\ndef supports_multimodal(model, kind: str) -> bool:\n'
        '    return getattr(model, f"supports_multimodal_{kind}", False)',
    )
    assert computed != IFACE_UPSTREAM
    assert findings(git_repo, no_rules, FORK_TEXT, {IFACE: computed}) == []


def test_a_flag_of_a_class_under_the_forks_own_base_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # transformers' is_backend_compatible() reads cls._supports_attention_backend: no grep of upstream sees it
    tf = "vllm/model_executor/models/transformers.py"
    tf_base = 'def check(model):\n    return getattr(model, "_supports_attention_backend", False)\n'
    fork = {
        "vllm/model_executor/models/aeon_hf_base.py": (
            "from transformers import PreTrainedModel\n\n\nclass AeonPreTrained(PreTrainedModel):\n"
            '    base_model_prefix = "model"\n'
        ),
        "vllm/model_executor/models/aeon_hf.py": (
            "from vllm.model_executor.models.aeon_hf_base import AeonPreTrained\n\n\n"
            "class AeonForCausalLM(AeonPreTrained):\n    _supports_attention_backend = True\n"
        ),
    }
    upstream = {tf: "def check(model):\n    return model.is_backend_compatible()\n"}
    got = rows(git_repo, no_rules, {tf: tf_base}, fork, upstream)
    assert got == [("vllm/model_executor/models/aeon_hf.py", 5, "warning")]
