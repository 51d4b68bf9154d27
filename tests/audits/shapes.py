"""Small files shaped like the real vLLM ones the fleet rules guard (written here, never copied)."""

from __future__ import annotations

KV_INTERFACE = '''from enum import IntEnum


class KVQuantMode(IntEnum):
    """KV cache quantization mode, shared by the attention backends and kernels."""

    NONE = 0
    FP8_PER_TENSOR = 1  # per-tensor scales
    INT8_PER_TOKEN_HEAD = 2
    FP8_PER_TOKEN_HEAD = 3
    NVFP4 = 4  # packed fp4 data + fp8 block scales
'''

# upstream #40835: a new mode takes 4, NVFP4 moves to 5
KV_INTERFACE_RENUMBERED = KV_INTERFACE.replace(
    "    NVFP4 = 4  # packed fp4 data + fp8 block scales\n",
    "    INT4_PER_TOKEN_HEAD = 4  # packed 2 x int4 per byte\n    NVFP4 = 5  # packed fp4 data + fp8 block scales\n",
)

UNIFIED_ATTENTION = """import triton
import triton.language as tl


@triton.jit
def _cast_kv_tile(data, scale, KV_QUANT_MODE: tl.constexpr):
    if KV_QUANT_MODE == 1:  # FP8 per-tensor
        return data * scale
    return data
"""

# the fork's carried Triton NVFP4 kernel: a raw literal that git never flags
FORK_NVFP4_KERNEL = """import triton
import triton.language as tl


@triton.jit
def nvfp4_kv_tile(data, scale, KV_QUANT_MODE: tl.constexpr):
    USE_NVFP4: tl.constexpr = KV_QUANT_MODE == 4
    if USE_NVFP4:
        return data * scale
    return data
"""

RUNNER = '''import logging

logger = logging.getLogger(__name__)


class GPUModelRunner:
    def __init__(self, speculative_config):
        self.speculative_config = speculative_config

    def _get_eagle3_aux_layers_from_config(self):
        """Extract Eagle3 auxiliary layer indices from the speculative config."""
        if not (self.speculative_config and self.speculative_config.draft_model_config):
            return None

        hf_config = self.speculative_config.draft_model_config.hf_config

        layer_ids = getattr(hf_config, "eagle_aux_hidden_state_layer_ids", None)
        if not layer_ids:
            dflash_config = getattr(hf_config, "dflash_config", None)
            eagle_config = getattr(hf_config, "eagle_config", None)

            if dflash_config and isinstance(dflash_config, dict):
                layer_ids = dflash_config.get("target_layer_ids")
                logger.debug("DFlash target layers: %s", layer_ids)

            if eagle_config and isinstance(eagle_config, dict):
                layer_ids = eagle_config.get("eagle_aux_hidden_state_layer_ids")

        if layer_ids and isinstance(layer_ids, (list, tuple)):
            return tuple(layer_ids)

        return None
'''

# upstream #40727: DFlash reads target layer i + 1
RUNNER_UPSTREAM = RUNNER.replace(
    '                layer_ids = dflash_config.get("target_layer_ids")\n',
    "                # Add 1 to convert DFlash's aux layer id semantics\n"
    '                layer_ids = [i + 1 for i in (dflash_config.get("target_layer_ids") or [])]\n',
)

# the fork's own +1, a couple of lines away
RUNNER_FORK = RUNNER.replace(
    '                logger.debug("DFlash target layers: %s", layer_ids)\n',
    '                logger.debug("DFlash target layers: %s", layer_ids)\n'
    "                # AEON: the drafter reads the hidden state after each target layer\n"
    "                layer_ids = [i + 1 for i in layer_ids or []]\n",
)

EAGLE3_UTILS = """def get_eagle3_aux_layers_from_config(spec_config):
    if not (spec_config and spec_config.draft_model_config):
        return None
    hf_config = spec_config.draft_model_config.hf_config
    layer_ids = getattr(hf_config, "eagle_aux_hidden_state_layer_ids", None)
    if not layer_ids:
        dflash_config = getattr(hf_config, "dflash_config", None)
        if dflash_config and isinstance(dflash_config, dict):
            # Add 1 to convert DFlash's aux layer id semantics
            layer_ids = [i + 1 for i in (dflash_config.get("target_layer_ids") or [])]
    if layer_ids and isinstance(layer_ids, (list, tuple)):
        return tuple(layer_ids)
    return None
"""

DFLASH_MODEL = """class DFlashQwen3Model:
    def forward(
        self,
        input_ids,
        hidden_states,
        inputs_embeds=None,
    ):
        return hidden_states
"""

TRITON_ATTN = """from vllm.v1.kv_cache_interface import KVQuantMode


class TritonAttentionImpl:
    def __init__(self, kv_quant_mode):
        self._kv_quant_mode = kv_quant_mode

    def uses_fp8_scales(self):
        return self._kv_quant_mode == KVQuantMode.FP8_PER_TENSOR
"""
