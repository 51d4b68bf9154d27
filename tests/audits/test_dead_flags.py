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
