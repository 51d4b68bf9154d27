"""Adversarial twins of the killers31 drift reach: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what killers31's checks catch,
but right after the merge:

- a value a field's ``Literal`` no longer accepts (#40651 "strict"/"probabilistic" -> "standard",
  #43168 TokenizerMode lost "fastokens"): a table keyed by the old and the new values alike, the fork's
  own function or class taking a keyword or a field of the name, a test that the old value is refused,
  a comparison of a value the fork registers itself;
- an override of a hook upstream moved up the hierarchy (#28763 get_supported_head_sizes): the fork
  class also overrides the new method (and calls its hook from it);
- a constant compared with its old value (#12348 _PARTITION_SIZE_ROCM 512 -> 256): the fork's own
  constant of the name, a comment naming the constant over a literal of another meaning;
- a parameter ``__init__`` stores unchanged (#10657 llm_int8_threshold 0.0 -> 6.0, a warning): the
  fork's own class of the name (counted as noisy when a warning lands).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (1c0a143), the first pass (17 twins): 9 false errors of 17 (1 warned): a dropped choice's
table keyed by the new values too or mapping old to new (2), a keyword to the fork's own function (1), a
field of the fork's own class in another module (1), a value passed under ``pytest.raises`` (1); a
constant compared where the fork's own constant or another module's is read (2), a comment line naming
the constant over a literal of another meaning (1); an override of a renamed method the fork's override
of the new name calls (1).
Both passes (21 twins, 4 cases on #43168, #18558, MAX_SPEC_LEN too): main 3 caught, 1 missed of 4 (a
``Literal`` written over several lines), 13 false errors of 21 (1 warned; the fork's own class built
with the keyword is the 13th); this branch 4 caught of 4, 0 false errors of 21 (4 warned: the tables'
symbol-drift and default-drift warnings).

  PYTHONPATH=.. python review13_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []


def two(pr: str, sha: str, what: str, files: dict[str, str], line: tuple[str, str]) -> Killer:
    """A carry of several new files (a fork module and its user), judged on one line."""
    return Killer(pr, sha, what, tuple(Edit(p, t) for p, t in files.items()), (line,))


# --- f5f9878514 (#40651): RejectionSampleMethod "strict"/"probabilistic" -> "standard"
RSM = ("#40651", "f5f9878514", "strict/probabilistic -> standard")
SPEC = "from vllm.config.speculative import SpeculativeConfig\n\n\n"
CASES += [
    (
        "#40651 dropped choice",
        "table keyed by the old values",
        K(
            *RSM,
            "vllm/aeon/r13rs0.py",
            SPEC + '_AEON_FLOOR = {"strict": 1.8, "probabilistic": 2.2, "synthetic": 1.0}\n\n\n'
            "def aeon_floor(spec: SpeculativeConfig) -> float:\n"
            "    return _AEON_FLOOR[spec.rejection_sample_method]\n",
            '_AEON_FLOOR = {"strict": 1.8, "probabilistic": 2.2, "synthetic": 1.0}',
        ),
    ),
]
TWINS += [
    (
        "#40651 dropped choice",
        "twin: a table keyed by the old and the new values",
        K(
            *RSM,
            "vllm/aeon/r13rs1.py",
            SPEC + "# AEON: before and after #40651 ('standard' replaced 'strict' and 'probabilistic')\n"
            '_AEON_FLOOR = {"strict": 1.8, "probabilistic": 2.2, "standard": 2.2, "synthetic": 1.0}\n\n\n'
            "def aeon_floor(spec: SpeculativeConfig) -> float:\n"
            "    return _AEON_FLOOR[spec.rejection_sample_method]\n",
            '_AEON_FLOOR = {"strict": 1.8, "probabilistic": 2.2, "standard": 2.2, "synthetic": 1.0}',
        ),
    ),
    (
        "#40651 dropped choice",
        "twin: a table mapping the old values to the new",
        K(
            *RSM,
            "vllm/aeon/r13rs2.py",
            SPEC + '_AEON_RENAMED = {"strict": "standard", "probabilistic": "standard"}\n\n\n'
            "def aeon_method(spec: SpeculativeConfig) -> str:\n"
            "    return _AEON_RENAMED.get(spec.rejection_sample_method, spec.rejection_sample_method)\n",
            '_AEON_RENAMED = {"strict": "standard", "probabilistic": "standard"}',
        ),
    ),
    (
        "#40651 dropped choice",
        "twin: a keyword to the fork's own function of the name",
        K(
            *RSM,
            "vllm/aeon/r13rs3.py",
            'def aeon_acceptance(draft, target, rejection_sample_method: str = "standard"):\n'
            "    # AEON: the fleet's offline scorer keeps its own 'strict' mode\n"
            '    return draft == target if rejection_sample_method == "strict" else None\n\n\n'
            "def aeon_score(draft, target):\n"
            '    return aeon_acceptance(draft, target, rejection_sample_method="strict")\n',
            '    return aeon_acceptance(draft, target, rejection_sample_method="strict")',
        ),
    ),
    (
        "#40651 dropped choice",
        "twin: the fork's own config class of the field, in its own module",
        two(
            *RSM,
            {
                "vllm/aeon/r13rs4cfg.py": "from dataclasses import dataclass\n\n\n"
                "@dataclass\n"
                "class AeonScorerConfig:\n"
                "    # AEON: the offline scorer's own modes\n"
                '    rejection_sample_method: str = "strict"\n',
                "vllm/aeon/r13rs4.py": "from vllm.aeon.r13rs4cfg import AeonScorerConfig\n\n\n"
                "def aeon_is_strict(config: AeonScorerConfig) -> bool:\n"
                '    return config.rejection_sample_method == "strict"\n',
            },
            ("vllm/aeon/r13rs4.py", '    return config.rejection_sample_method == "strict"'),
        ),
    ),
    (
        "#40651 dropped choice",
        "twin: a test that the old value is refused",
        K(
            *RSM,
            "tests/aeon/test_r13rs5.py",
            "import pytest\n\n" + SPEC + "def test_strict_is_gone():\n"
            "    with pytest.raises(ValueError):\n"
            '        SpeculativeConfig(model="m", num_speculative_tokens=2, rejection_sample_method="strict")\n',
            '        SpeculativeConfig(model="m", num_speculative_tokens=2, rejection_sample_method="strict")',
        ),
    ),
]

TWINS += [
    (
        "#40651 dropped choice",
        "twin: the fork's own class constructed with the keyword",
        K(
            *RSM,
            "vllm/aeon/r13rs6.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class AeonScorerConfig:\n"
            "    # AEON: the offline scorer's own modes\n"
            '    rejection_sample_method: str = "standard"\n\n\n'
            "def aeon_scorer() -> AeonScorerConfig:\n"
            '    return AeonScorerConfig(rejection_sample_method="strict")\n',
            '    return AeonScorerConfig(rejection_sample_method="strict")',
        ),
    ),
]

# --- 0f66623b0d (#43168): TokenizerMode loses "fastokens" (the field stays ``TokenizerMode | str``)
FTK = ("#43168", "0f66623b0d", "TokenizerMode drops fastokens")
CASES += [
    (
        "#43168 dropped choice",
        "== a removed value",
        K(
            *FTK,
            "vllm/aeon/r13tk0.py",
            "from vllm.config.model import ModelConfig\n\n\n"
            "def aeon_uses_fastokens(model_config: ModelConfig) -> bool:\n"
            "    # AEON: the Rust BPE tokenizer halves GB10's detokenize time\n"
            '    return model_config.tokenizer_mode == "fastokens"\n',
            '    return model_config.tokenizer_mode == "fastokens"',
        ),
    ),
]
TWINS += [
    (
        "#43168 dropped choice",
        "twin: the fork registers the mode itself",
        K(
            *FTK,
            "vllm/aeon/r13tk1.py",
            "from vllm.config.model import ModelConfig\n"
            "from vllm.tokenizers.registry import TokenizerRegistry\n\n"
            "# AEON: the fleet keeps its own fastokens tokenizer as a plugin mode\n"
            'TokenizerRegistry.register("fastokens", "vllm.aeon.fastok", "AeonFastTokenizer")\n\n\n'
            "def aeon_uses_fastokens(model_config: ModelConfig) -> bool:\n"
            '    return model_config.tokenizer_mode == "fastokens"\n',
            '    return model_config.tokenizer_mode == "fastokens"',
        ),
    ),
]

# --- 4c23690f43 (#28763): FlashAttentionBackend.get_supported_head_sizes -> supports_head_size
HSZ = ("#28763", "4c23690f43", "get_supported_head_sizes -> supports_head_size")
FAB = "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
TWINS += [
    (
        "#28763 unconsulted override",
        "twin: the fork also overrides the new method, which calls its hook",
        K(
            *HSZ,
            "vllm/aeon/r13hs1.py",
            FAB + "class AeonFlashAttentionBackend(FlashAttentionBackend):\n"
            "    @classmethod\n"
            "    def get_supported_head_sizes(cls) -> list[int]:\n"
            "        # AEON: GB10's FA build has no head size 256 kernels\n"
            "        return [64, 128]\n\n"
            "    @classmethod\n"
            "    def supports_head_size(cls, head_size: int) -> bool:\n"
            "        return head_size in cls.get_supported_head_sizes()\n",
            "    def get_supported_head_sizes(cls) -> list[int]:",
        ),
    ),
    (
        "#28763 unconsulted override",
        "twin: the fork also overrides the new method on its own terms",
        K(
            *HSZ,
            "vllm/aeon/r13hs2.py",
            FAB + "class AeonFlashAttentionBackend(FlashAttentionBackend):\n"
            "    @classmethod\n"
            "    def get_supported_head_sizes(cls) -> list[int]:\n"
            "        # AEON: GB10's FA build has no head size 256 kernels (read by the fleet's planner)\n"
            "        return [64, 128]\n\n"
            "    @classmethod\n"
            "    def supports_head_size(cls, head_size: int) -> bool:\n"
            "        return head_size in (64, 128)\n",
            "    def get_supported_head_sizes(cls) -> list[int]:",
        ),
    ),
    (
        "#28763 unconsulted override",
        "twin: the fork's own backend class of the name",
        K(
            *HSZ,
            "vllm/aeon/r13hs3.py",
            "class FlashAttentionBackend:\n"
            "    # AEON: the fleet planner's own stand-in\n"
            "    @classmethod\n"
            "    def get_supported_head_sizes(cls) -> list[int]:\n"
            "        return [64, 128, 256]\n\n\n"
            "def aeon_max_head_size() -> int:\n"
            "    return max(FlashAttentionBackend.get_supported_head_sizes())\n",
            "    return max(FlashAttentionBackend.get_supported_head_sizes())",
        ),
    ),
]

# --- 848a6438ae (#12348): _PARTITION_SIZE_ROCM 512 -> 256
PRT = ("#12348", "848a6438ae", "_PARTITION_SIZE_ROCM 512 -> 256")
TWINS += [
    (
        "#12348 constant compared",
        "twin: the fork's own constant of the name",
        K(
            *PRT,
            "vllm/aeon/r13pt1.py",
            "_PARTITION_SIZE_ROCM = 512  # AEON: the fleet's own kernel keeps 512\n\n\n"
            "def aeon_big_partitions() -> bool:\n"
            "    return _PARTITION_SIZE_ROCM == 512\n",
            "    return _PARTITION_SIZE_ROCM == 512",
        ),
    ),
    (
        "#12348 constant compared",
        "twin: a comment line naming the constant over a literal of another meaning",
        K(
            *PRT,
            "vllm/aeon/r13pt2.py",
            "def aeon_partitions(max_seq_len: int, partition: int) -> int:\n"
            "    # AEON: partition is _PARTITION_SIZE_ROCM; cap the sequence at 512 blocks\n"
            "    blocks = min(max_seq_len, 512)\n"
            "    return (blocks + partition - 1) // partition\n",
            "    blocks = min(max_seq_len, 512)",
        ),
    ),
    (
        "#12348 constant compared",
        "twin: a different module's constant of the name",
        K(
            *PRT,
            "vllm/aeon/r13pt3.py",
            "from vllm.aeon import aeon_rocm_kernels as kernels\n\n\n"
            "def aeon_big_partitions() -> bool:\n"
            "    # AEON: the fleet's own kernels module pins its partition size\n"
            "    return kernels._PARTITION_SIZE_ROCM == 512\n",
            "    return kernels._PARTITION_SIZE_ROCM == 512",
        ),
    ),
]

# --- cfb3bf25fb (#10657): BitsAndBytesConfig(llm_int8_threshold=0.0) default -> 6.0 (a warning)
BNB = ("#10657", "cfb3bf25fb", "llm_int8_threshold 0.0 -> 6.0")
TWINS += [
    (
        "#10657 __init__-stored default",
        "twin: the fork's own config class of the name",
        K(
            *BNB,
            "vllm/aeon/r13bb1.py",
            "class BitsAndBytesConfig:\n"
            "    # AEON: the fleet exporter's own record\n"
            "    def __init__(self, llm_int8_threshold: float = 0.0) -> None:\n"
            "        self.llm_int8_threshold = llm_int8_threshold\n\n\n"
            "def aeon_outliers_off(quant_config: BitsAndBytesConfig) -> bool:\n"
            "    return quant_config.llm_int8_threshold == 0.0\n",
            "    return quant_config.llm_int8_threshold == 0.0",
        ),
    ),
    (
        "#10657 __init__-stored default",
        "twin: both defaults tested alike",
        K(
            *BNB,
            "vllm/aeon/r13bb2.py",
            "from vllm.model_executor.layers.quantization.bitsandbytes import BitsAndBytesConfig\n\n\n"
            "def aeon_default_threshold(quant_config: BitsAndBytesConfig) -> bool:\n"
            "    # AEON: the default before (0.0) and after (6.0) #10657\n"
            "    return quant_config.llm_int8_threshold in (0.0, 6.0)\n",
            "    return quant_config.llm_int8_threshold in (0.0, 6.0)",
        ),
    ),
]

# --- a26917332f (#25968): prepare_static_weight_layouts_for_trtllm_moe -> prepare_static_weights_for_trtllm_fp4_moe
# (upstream's new call carries the comment line ``# alternate: prepare_static_weight_layouts_for_trtllm_moe``)
PSW = ("#25968", "a26917332f", "prepare_static_weight_layouts_for_trtllm_moe renamed")
NVMOE = "from vllm.model_executor.layers.quantization.modelopt import ModelOptNvFp4FusedMoE\n\n\n"
TWINS += [
    (
        "#25968 renamed method",
        "twin: the fork overrides the new name too, which calls its old override",
        K(
            *PSW,
            "vllm/aeon/r13ps1.py",
            NVMOE + "class AeonNvFp4FusedMoE(ModelOptNvFp4FusedMoE):\n"
            "    # AEON: GB10 keeps the gate/up halves in checkpoint order (before and after #25968)\n"
            "    def prepare_static_weight_layouts_for_trtllm_moe(self, *args):\n"
            "        return args\n\n"
            "    def prepare_static_weights_for_trtllm_fp4_moe(self, *args):\n"
            "        return self.prepare_static_weight_layouts_for_trtllm_moe(*args)\n",
            "    def prepare_static_weight_layouts_for_trtllm_moe(self, *args):",
        ),
    ),
]

# --- c09dade2a2 (#5353): the layer attribute act_scale -> input_scale (``layer.act_scale = None`` removed)
ACT = ("#5353", "c09dade2a2", "act_scale -> input_scale")
TWINS += [
    (
        "#5353 handed attribute",
        "twin: the fork sets the attribute on the layer itself",
        K(
            *ACT,
            "vllm/aeon/r13ac1.py",
            "def aeon_load_scale(layer, scale):\n"
            "    # AEON: the fleet's loader keeps the checkpoint's act_scale on the layer\n"
            "    layer.act_scale = scale\n\n\n"
            "def aeon_static_scale(layer):\n"
            '    return getattr(layer, "act_scale", None)\n',
            '    return getattr(layer, "act_scale", None)',
        ),
    ),
    (
        "#5353 handed attribute",
        "twin: the fork's own layer class of the attribute",
        K(
            *ACT,
            "vllm/aeon/r13ac2.py",
            "import torch\n\n\n"
            "class AeonScaledLinear(torch.nn.Module):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__()\n"
            "        self.act_scale = None  # AEON: the fleet's own layer\n\n\n"
            "def aeon_static_scale(layer: AeonScaledLinear):\n"
            "    return layer.act_scale\n",
            "    return layer.act_scale",
        ),
    ),
]

# --- 93ecb8139c (#18558): EXECUTE_MODEL_TIMEOUT_S 40 -> 300; e71b8e210d (#18441 era): MAX_SPEC_LEN 32 -> 128
TMO = ("#18558", "93ecb8139c", "EXECUTE_MODEL_TIMEOUT_S 40 -> 300")
MSL = ("e71b8e210d", "e71b8e210d", "MAX_SPEC_LEN 32 -> 128")
CASES += [
    (
        "#18558 constant compared",
        "== the old value",
        K(
            *TMO,
            "vllm/aeon/r13tm0.py",
            "from vllm.v1.executor import multiproc_executor\n\n\n"
            "def aeon_short_timeout() -> bool:\n"
            "    # AEON: the fleet's watchdog assumes upstream's short step timeout\n"
            "    return multiproc_executor.EXECUTE_MODEL_TIMEOUT_S == 40\n",
            "    return multiproc_executor.EXECUTE_MODEL_TIMEOUT_S == 40",
        ),
    ),
    (
        "MAX_SPEC_LEN constant compared",
        "== the old value, imported by name",
        K(
            *MSL,
            "vllm/aeon/r13ms0.py",
            "from vllm.v1.sample.rejection_sampler import MAX_SPEC_LEN\n\n\n"
            "def aeon_long_drafts_fit() -> bool:\n"
            "    return MAX_SPEC_LEN == 32\n",
            "    return MAX_SPEC_LEN == 32",
        ),
    ),
]
TWINS += [
    (
        "#18558 constant compared",
        "twin: the fork's own constant of the name, imported from its module",
        two(
            *TMO,
            {
                "vllm/aeon/r13tmlimits.py": "EXECUTE_MODEL_TIMEOUT_S = 40  # AEON: the fleet watchdog's own step budget\n",
                "vllm/aeon/r13tm1.py": "from vllm.aeon.r13tmlimits import EXECUTE_MODEL_TIMEOUT_S\n\n\n"
                "def aeon_short_timeout() -> bool:\n"
                "    return EXECUTE_MODEL_TIMEOUT_S == 40\n",
            },
            ("vllm/aeon/r13tm1.py", "    return EXECUTE_MODEL_TIMEOUT_S == 40"),
        ),
    ),
    (
        "MAX_SPEC_LEN constant compared",
        "twin: the fork's own constant of the name",
        K(
            *MSL,
            "vllm/aeon/r13ms1.py",
            "MAX_SPEC_LEN = 32  # AEON: the fleet's draft cap, not the sampler's\n\n\n"
            "def aeon_short_drafts() -> bool:\n"
            "    return MAX_SPEC_LEN == 32\n",
            "    return MAX_SPEC_LEN == 32",
        ),
    ),
    (
        "MAX_SPEC_LEN constant compared",
        "twin: another module's constant of the name",
        K(
            *MSL,
            "vllm/aeon/r13ms2.py",
            "from vllm.aeon import r13drafts as drafts\n\n\n"
            "def aeon_short_drafts() -> bool:\n"
            "    return drafts.MAX_SPEC_LEN == 32\n",
            "    return drafts.MAX_SPEC_LEN == 32",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review13-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
