"""A class-attribute knob upstream replaced by another, still set by a fork class (killers67, blind_replay_mla.py).

Shaped like vLLM's MLA prefill backends (#43525: ``requires_r1_mla_dimensions``, True in three backends, replaced
by ``supported_mla_dimensions`` in the base and each of them) and MLA metadata builders (#26541:
``supports_uniform_spec_as_decode``, True in one builder, replaced by ``query_len_support``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE = "vllm/v1/attention/backends/mla/prefill/base.py"
FORK = "vllm/aeon/spark_prefill.py"
KNOB = "    requires_r1_mla_dimensions: ClassVar[bool] = {value}\n"
NEW = "    supported_mla_dimensions: ClassVar[list[tuple[int, int, int]]] = {value}\n"
HEAD = "from typing import ClassVar\n\n"


def _backend(name: str, body: str) -> str:
    return (
        HEAD + "from vllm.v1.attention.backends.mla.prefill.base import MLAPrefillBackend\n\n\n"
        f"class {name}PrefillBackend(MLAPrefillBackend):\n{body}"
    )


def _tree(knob: bool, gained: bool) -> dict[str, str]:
    """The base and three backends setting the knob True (``knob``), or upstream's: the knob dropped and, when
    ``gained``, the new attribute set in its stead in every one of them."""

    def body(value: str, new: str) -> str:
        return KNOB.format(value=value) if knob else (NEW.format(value=new) if gained else "    pass\n")

    base = HEAD + "class MLAPrefillBackend:\n" + body("False", "[]")
    base += "\n    def name(self) -> str:\n        return ''\n"
    paths = {n: f"vllm/v1/attention/backends/mla/prefill/{n.lower()}.py" for n in ("FlashInfer", "TRTLLM", "Token")}
    return {BASE: base, **{p: _backend(n, body("True", "[(128, 64, 128)]")) for n, p in paths.items()}}


def _rows(repo: GitRepo, config: Path, fork: str, gained: bool) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        repo,
        _tree(True, gained),
        {FORK: fork},
        [("[Kernel] Support GLM-5 dimensions for TRT-LLM ragged MLA prefill (#43525)", _tree(False, gained))],
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    ("value", "gained", "level"),
    [
        ("False", True, "error"),
        # twins: the fork's value is the one it inherited (the override did nothing); the knob retired, not replaced
        ("True", True, "warning"),
        ("False", False, "warning"),
    ],
    ids=["opted out of the replaced knob", "twin: the inherited value", "twin: retired with nothing in its stead"],
)
def test_a_replaced_knob_s_other_value(git_repo: GitRepo, no_rules: Path, value: str, gained: bool, level: str) -> None:
    fork = (
        "from vllm.v1.attention.backends.mla.prefill.flashinfer import FlashInferPrefillBackend\n\n\n"
        "class AeonPrefillBackend(FlashInferPrefillBackend):\n"
        "    # AEON: the Spark runs the ragged prefill for the non-R1 shapes too\n"
        f"    requires_r1_mla_dimensions = {value}\n"
    )
    found = _rows(git_repo, no_rules, fork, gained)
    assert [(line, severity) for line, severity, _ in found] == [(6, level)]
    if level == "error":
        assert "now set supported_mla_dimensions instead" in found[0][2] and "no longer honoured" in found[0][2]


SUBJ = "[Kernel] Support GLM-5 dimensions for TRT-LLM ragged MLA prefill (#43525)"
OPTED_OUT = (
    "from vllm.v1.attention.backends.mla.prefill.flashinfer import FlashInferPrefillBackend\n\n\n"
    "class AeonPrefillBackend(FlashInferPrefillBackend):\n"
    "    requires_r1_mla_dimensions = False\n"
)
GETATTR_READ = (
    "\n    def supports(self, dims: tuple[int, int, int]) -> bool:\n"
    "        if not getattr(self, 'requires_r1_mla_dimensions', True):\n"
    "            return True\n"
    "        return dims in self.supported_mla_dimensions\n"
)
OWN_READ = (
    "\n    def supports(self, dims: tuple[int, int, int]) -> bool:\n"
    "        return not self.requires_r1_mla_dimensions or dims in self.supported_mla_dimensions\n"
)
METHOD = "\n    def is_available(self) -> bool:\n        return True\n"


def _upstream(shape: str) -> dict[str, str]:
    if shape == "method gained":
        return {p: t + METHOD for p, t in _tree(False, False).items()}
    new = _tree(False, True)
    if shape == "getattr read":
        new[BASE] += GETATTR_READ
    return new


@pytest.mark.parametrize(
    ("shape", "fork", "level"),
    [
        # twins: upstream's base still reads the old knob by string; the fork class reads it itself; every
        # class gained only a method (no knob in the old one's stead)
        ("getattr read", OPTED_OUT, "warning"),
        ("replaced", OPTED_OUT + OWN_READ, "warning"),
        ("method gained", OPTED_OUT, "warning"),
        ("method gained and replaced", OPTED_OUT, "error"),
    ],
    ids=["twin: read by getattr", "twin: read by the fork class", "twin: a method gained", "a knob and a method"],
)
def test_a_knob_still_read_or_never_replaced(
    git_repo: GitRepo, no_rules: Path, shape: str, fork: str, level: str
) -> None:
    new = _upstream(shape)
    if shape == "method gained and replaced":
        new = {p: t + METHOD for p, t in new.items()}
    sides = s.merge_case(git_repo, _tree(True, True), {FORK: fork}, [(SUBJ, new)])
    report = git_repo.audit(no_rules, merge=sides)
    found = [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert found == [(5, level)]


# -- #26541 (82af928c41): the base's knob False, one builder's True; both now set query_len_support ---------------
COMMON = "vllm/v1/attention/backends/mla/common.py"
SUB = "vllm/v1/attention/backends/mla/flashinfer_mla.py"
OLD_B = HEAD + "class MLACommonMetadataBuilder:\n    supports_uniform_spec_as_decode: ClassVar[bool] = False\n"
NEW_B = HEAD + "class MLACommonMetadataBuilder:\n    query_len_support: ClassVar[str] = 'single_only'\n"
OLD_S = (
    HEAD + "from vllm.v1.attention.backends.mla.common import MLACommonMetadataBuilder\n\n\n"
    "class FlashInferMLAMetadataBuilder(MLACommonMetadataBuilder):\n"
    "    supports_uniform_spec_as_decode: ClassVar[bool] = True\n"
)
NEW_S = OLD_S.replace("supports_uniform_spec_as_decode: ClassVar[bool] = True", "query_len_support = 'uniform'")


@pytest.mark.parametrize(("value", "level"), [("True", "error"), ("False", "warning")], ids=["opted in", "twin: no-op"])
def test_a_builder_knob_replaced_on_the_base(git_repo: GitRepo, no_rules: Path, value: str, level: str) -> None:
    fork = (
        "from vllm.v1.attention.backends.mla.common import MLACommonMetadataBuilder\n\n\n"
        "class AeonTritonMLAMetadataBuilder(MLACommonMetadataBuilder):\n"
        f"    supports_uniform_spec_as_decode = {value}\n"
    )
    sides = s.merge_case(
        git_repo,
        {COMMON: OLD_B, SUB: OLD_S},
        {FORK: fork},
        [("[Attention][Spec Decode] FlashMLA spec decode support (#26541)", {COMMON: NEW_B, SUB: NEW_S})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    found = [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert found == [(5, level)]


# -- #21367 (23322431c8): full_cudagraph_supported, True on FlashMLA's builder, gone from it and from the runner's
#    read, one other backend still setting it --------------------------------------------------------------------
UTILS = "vllm/v1/attention/backends/utils.py"
FMLA = "vllm/v1/attention/backends/mla/flashmla.py"
ROCM = "vllm/v1/attention/backends/rocm_aiter_fa.py"
RUNNER = "vllm/v1/worker/gpu_model_runner.py"
CG_BASE = HEAD + "class AttentionMetadataBuilder:\n    full_cudagraph_supported: ClassVar[bool] = False\n"
CG_NEW = HEAD + "class AttentionMetadataBuilder:\n    attn_cudagraph_support: ClassVar[int] = 0\n"


def _cg_builder(name: str, body: str) -> str:
    return (
        HEAD + "from vllm.v1.attention.backends.utils import AttentionMetadataBuilder\n\n\n"
        f"class {name}MetadataBuilder(AttentionMetadataBuilder):\n{body}"
    )


def _cg_runner(read: bool) -> str:
    line = (
        "    return builder.full_cudagraph_supported\n" if read else "    return builder.attn_cudagraph_support > 0\n"
    )
    return "def full_graphs(builder) -> bool:\n" + line


@pytest.mark.parametrize(
    ("value", "still_read", "level"),
    [
        ("False", False, "error"),
        # twin: the inherited value restated, read nowhere now; still read by name, the restated value counts
        ("True", False, "warning"),
        ("True", True, "error"),
    ],
    ids=["opted out", "twin: the inherited value, read nowhere", "the inherited value, still read"],
)
def test_a_removed_knob_restated(git_repo: GitRepo, no_rules: Path, value: str, still_read: bool, level: str) -> None:
    knob = "    full_cudagraph_supported: ClassVar[bool] = True\n"
    base = {
        UTILS: CG_BASE,
        FMLA: _cg_builder("FlashMLA", knob),
        ROCM: _cg_builder("AiterFlashAttention", knob),
        RUNNER: _cg_runner(True),
    }
    upstream = {
        UTILS: CG_NEW,
        FMLA: _cg_builder("FlashMLA", "    attn_cudagraph_support = 2\n"),
        RUNNER: _cg_runner(still_read),
    }
    fork = (
        "from vllm.v1.attention.backends.mla.flashmla import FlashMLAMetadataBuilder\n\n\n"
        f"class AeonFlashMLAMetadataBuilder(FlashMLAMetadataBuilder):\n    full_cudagraph_supported = {value}\n"
    )
    sides = s.merge_case(
        git_repo, base, {FORK: fork}, [("[V1][CUDA] Full cudagraph support for FlashInfer (#21367)", upstream)]
    )
    report = git_repo.audit(no_rules, merge=sides)
    found = [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert found == [(5, level)]
