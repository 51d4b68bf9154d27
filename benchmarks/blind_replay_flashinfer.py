"""A blind replay of the v1 FlashInfer attention backend and the FlashInfer helpers a fork's attention carries use.

10 first-parent commits on ``vllm/v1/attention/backends/flashinfer.py`` and ``vllm/utils/flashinfer.py`` -- the
backend a fork that runs FlashInfer on sm_121a with an FP8/NVFP4 KV cache subclasses, gates and reads:
``FlashInferBackend.use_trtllm_decode_attention`` and its ``cached_sm100a_supported`` cache moved out of the
backend into ``vllm.utils.flashinfer`` (#21893), ``FlashInferMetadata.workspace_buffer`` dropped (#21525), the
wrapped ``fp4_swizzle_blockscale`` renamed ``block_scale_interleave`` (#21327) and that renamed
``nvfp4_block_scale_interleave`` (#21408), the metadata builder's ``use_tensor_cores`` dropped (#23214), the
builder's hyperparameters snapshotted into ``self.sm_scale``/``window_left``/``logits_soft_cap``/``has_sinks`` at
construction (#23732), the backend no longer importing ``supports_trtllm_attention`` (#25924) nor
``use_cascade_attention`` (#26130), ``FlashInferImpl`` given its own ``process_weights_after_loading`` that took
over the sinks' float32 cast from the layer (#26870), and ``VLLM_USE_TRTLLM_ATTENTION`` read as "on only when
"1"" instead of "on unless "0"" (#22378) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits every other replay uses (``blind_replay_attnbackends``, ``_attnmeta``, ``_attention``,
``_attnlayer`` cover other commits of this surface).  Each is replayed under 1-3 fork spellings written the way
fork code is written (a static call off the class, a subclass's override, a class attribute set at import, a read
off a receiver typed as the metadata, a ``dataclasses.replace`` keyword, an import, an aliased import, a module
attribute, a table of callables, a subclass's ``self.`` read, an attribute set after ``super().__init__()``, an
environment value), with twins (fork code the commit does not break: the kept name, the new spelling, the other
module's import, a subclass's override of a hook the commit did not take over).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at eb141937): 17 caught, 1 warned, 4 missed of 22 (twins: 11
quiet, 0 false errors).  Symbol drift caught the moved static method (a call, a getattr with a literal, and the
subclass's override now never called), the removed class attribute, dataclass field (a read, a
``dataclasses.replace`` keyword, a store in a subclass's build) and builder attribute (a read, a store after
``super().__init__()``), the renamed wrapped kernels (an import, an aliased import, a module attribute, a table of
callables) and the dropped re-exports.  Warned: #26870's override of ``process_weights_after_loading`` that does
not call the parent's new method (symbol drift's "now overrides a method upstream added", a warning by design:
most such overrides are the fork's own and harmless; here the parent's new body took the sinks' float32 cast over
from the layer).  The misses: #23732's two (a subclass replacing ``self.global_hyperparameters``, or writing through
it, after ``super().__init__()``, where the base's constructor now copies its fields into ``self.sm_scale``,
``self.window_left`` ... and the plan reads those: the fork's write is silently dead, though upstream still reads
the attribute, in the constructor) and #22378's two (``os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "true"`` and a
``setdefault`` of ``"yes"``: the helper's comparison went from ``== "0"`` negated to ``== "1"``, so the fork's
value, on at the base, is off now; no default changed, so env-default drift had nothing to compare).
After the killers177 widenings: 21 caught, 1 warned, 0 missed of 22 (twins: 11 quiet, 0 false errors).  Caught now: a
fork setting of an environment variable whose value upstream's changed comparison now reads as the other flag
(``drift/env_values.py``); a fork subclass's store, after construction, of an attribute upstream's constructor now
copies into attributes of their own that its methods read instead (``drift/snapshots.py``).  #26870's override
stays the warning (a fork's own method the parent now has too is mostly harmless; telling the harmful ones apart
needs the caller upstream simplified to call the new method unconditionally -- left alone).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_config
16 caught, 1 warned of 17 (13 quiet, 2 of them warned, 0 false: as before), env_replay respelled 0/4 with a false
finding, twins 0/101 false errors (1/101 false warning, name drift's accepted value, as before), blind_replay_compwrap
22/22 (12 quiet), review73_twins 6/6 with 0 false of 34 (3 warned), blind_replay_attnbackends 22 caught, 1 warned of
23 (10 quiet), blind_replay_structout 9/9 (7 quiet), ``symbol_precision.py --windows 1 --no-speed``: 0 false
errors (window 0: 5 broken overrides, 4 caught, 8 warnings: as before).

  python benchmarks/blind_replay_flashinfer.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #21893 (f81c1bb055): FlashInferBackend.use_trtllm_decode_attention/cached_sm100a_supported moved out
TD = "f81c1bb055"
TDW = "FlashInferBackend.use_trtllm_decode_attention moved to vllm.utils.flashinfer; cached_sm100a_supported removed"
FB = "from vllm.v1.attention.backends.flashinfer import FlashInferBackend\n\n\n"
CASES += [
    (
        "#21893 static method moved",
        "a static call off the backend class",
        K(
            "#21893",
            TD,
            TDW,
            "vllm/aeon/td1.py",
            FB + "def aeon_decode_uses_trtllm(num_decodes: int, max_seq_len: int, heads: int, kv_heads: int) -> bool:\n"
            "    # AEON: the Spark's NVFP4 KV cache decodes through the TRT-LLM kernel when it can\n"
            "    return FlashInferBackend.use_trtllm_decode_attention(\n"
            '        num_decodes, max_seq_len, "fp8", heads, kv_heads, 128\n'
            "    )\n",
            "return FlashInferBackend.use_trtllm_decode_attention(",
        ),
    ),
    (
        "#21893 static method moved",
        "a subclass's override of the static method (no longer called)",
        K(
            "#21893",
            TD,
            TDW,
            "vllm/aeon/td2.py",
            FB + "class AeonFlashInferBackend(FlashInferBackend):\n"
            "    @staticmethod\n"
            "    def use_trtllm_decode_attention(\n"
            "        batch_size: int,\n"
            "        max_seq_len: int,\n"
            "        kv_cache_dtype: str,\n"
            "        num_qo_heads: int,\n"
            "        num_kv_heads: int,\n"
            "        attn_head_size: int,\n"
            "    ) -> bool:\n"
            "        # AEON: sm_121a has no TRT-LLM decode cubins; keep the FlashInfer decode wrapper\n"
            "        return False\n",
            "def use_trtllm_decode_attention(",
        ),
    ),
    (
        "#21893 class attribute removed",
        "the capability cache forced at import (no longer read)",
        K(
            "#21893",
            TD,
            TDW,
            "vllm/aeon/td3.py",
            FB
            + "# AEON: GB10 reports sm_121; force the backend's cached capability off so decode stays on FlashInfer\n"
            "FlashInferBackend.cached_sm100a_supported = False\n",
            "FlashInferBackend.cached_sm100a_supported = False",
        ),
    ),
    (
        "#21893 static method moved",
        "a getattr with a literal off the backend class",
        K(
            "#21893",
            TD,
            TDW,
            "vllm/aeon/td5.py",
            FB + "def aeon_trtllm_gate():\n"
            "    # AEON: the Spark's speculative decode asks the backend's own gate\n"
            '    return getattr(FlashInferBackend, "use_trtllm_decode_attention")\n',
            'return getattr(FlashInferBackend, "use_trtllm_decode_attention")',
        ),
    ),
    (
        "#21893 static method moved",
        "twin: a kept static method off the backend class",
        K(
            "#21893",
            TD,
            TDW,
            "vllm/aeon/td4.py",
            "import torch\n\n" + FB + "def aeon_kv_dtype(kv_cache_dtype: str) -> torch.dtype:\n"
            "    return FlashInferBackend.get_fp8_dtype_for_flashinfer(kv_cache_dtype)\n",
            "return FlashInferBackend.get_fp8_dtype_for_flashinfer(kv_cache_dtype)",
        ),
    ),
]

# --- #21525 (58b11b24a6): FlashInferMetadata.workspace_buffer removed
WB = "58b11b24a6"
WBW = "FlashInferMetadata.workspace_buffer removed"
FM = "import dataclasses\n\nimport torch\n\nfrom vllm.v1.attention.backends.flashinfer import FlashInferMetadata\n\n\n"
CASES += [
    (
        "#21525 dataclass field removed",
        "a read off a receiver typed as the metadata",
        K(
            "#21525",
            WB,
            WBW,
            "vllm/aeon/wb1.py",
            FM + "def aeon_trtllm_workspace(attn_metadata: FlashInferMetadata) -> torch.Tensor:\n"
            "    # AEON: the Spark's NVFP4 decode kernel shares the TRT-LLM workspace\n"
            "    return attn_metadata.workspace_buffer\n",
            "return attn_metadata.workspace_buffer",
        ),
    ),
    (
        "#21525 dataclass field removed",
        "a dataclasses.replace keyword",
        K(
            "#21525",
            WB,
            WBW,
            "vllm/aeon/wb2.py",
            FM
            + "def aeon_with_workspace(attn_metadata: FlashInferMetadata, buf: torch.Tensor) -> FlashInferMetadata:\n"
            "    # AEON: the draft model's metadata gets its own workspace on the Spark\n"
            "    return dataclasses.replace(attn_metadata, workspace_buffer=buf)\n",
            "return dataclasses.replace(attn_metadata, workspace_buffer=buf)",
        ),
    ),
    (
        "#21525 dataclass field removed",
        "a subclass's build storing the field (no longer read by the impl)",
        K(
            "#21525",
            WB,
            WBW,
            "vllm/aeon/wb4.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferMetadataBuilder\n\n\n"
            "class AeonWorkspaceBuilder(FlashInferMetadataBuilder):\n"
            "    def build(self, common_prefix_len, common_attn_metadata):\n"
            "        attn_metadata = super().build(common_prefix_len, common_attn_metadata)\n"
            "        # AEON: GB10's unified memory gets one pinned TRT-LLM workspace for all layers\n"
            "        attn_metadata.workspace_buffer = self.aeon_workspace\n"
            "        return attn_metadata\n",
            "attn_metadata.workspace_buffer = self.aeon_workspace",
        ),
    ),
    (
        "#21525 dataclass field removed",
        "twin: a kept field read off the metadata",
        K(
            "#21525",
            WB,
            WBW,
            "vllm/aeon/wb3.py",
            FM + "def aeon_decode_blocks(attn_metadata: FlashInferMetadata) -> torch.Tensor:\n"
            "    return attn_metadata.block_table_tensor[: attn_metadata.num_decodes]\n",
            "return attn_metadata.block_table_tensor[: attn_metadata.num_decodes]",
        ),
    ),
]

# --- #21327 (9e23ad9655): fp4_swizzle_blockscale renamed block_scale_interleave
SW = "9e23ad9655"
SWW = "vllm.utils.flashinfer.fp4_swizzle_blockscale renamed block_scale_interleave"
CASES += [
    (
        "#21327 wrapped kernel renamed",
        "an import of the wrapped kernel",
        K(
            "#21327",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            "from vllm.utils.flashinfer import fp4_quantize, fp4_swizzle_blockscale\n\n\n"
            "def aeon_nvfp4_pack(x, global_scale):\n"
            "    # AEON: the Spark's NVFP4 KV cache swizzles its block scales for the TRT-LLM layout\n"
            "    q, sf = fp4_quantize(x, global_scale)\n"
            "    return q, fp4_swizzle_blockscale(sf)\n",
            "from vllm.utils.flashinfer import fp4_quantize, fp4_swizzle_blockscale",
        ),
    ),
    (
        "#21327 wrapped kernel renamed",
        "a module attribute in a table of callables",
        K(
            "#21327",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            "import vllm.utils.flashinfer as fi_utils\n\n"
            "# AEON: the Spark's quant path picks its FlashInfer kernels by name\n"
            "AEON_FP4_KERNELS = {\n"
            '    "quantize": fi_utils.fp4_quantize,\n'
            '    "swizzle": fi_utils.fp4_swizzle_blockscale,\n'
            "}\n",
            '"swizzle": fi_utils.fp4_swizzle_blockscale,',
        ),
    ),
    (
        "#21327 wrapped kernel renamed",
        "twin: the kept quantize wrapper's import",
        K(
            "#21327",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            "from vllm.utils.flashinfer import fp4_quantize\n\n\n"
            "def aeon_nvfp4_quant(x, global_scale):\n"
            "    return fp4_quantize(x, global_scale)\n",
            "from vllm.utils.flashinfer import fp4_quantize",
        ),
    ),
]

# --- #21408 (1b25f1fe75): block_scale_interleave renamed nvfp4_block_scale_interleave
BI = "1b25f1fe75"
BIW = "vllm.utils.flashinfer.block_scale_interleave renamed nvfp4_block_scale_interleave"
CASES += [
    (
        "#21408 wrapped kernel renamed",
        "an aliased import",
        K(
            "#21408",
            BI,
            BIW,
            "vllm/aeon/bi1.py",
            "from vllm.utils.flashinfer import block_scale_interleave as aeon_interleave\n\n\n"
            "def aeon_swizzle(sf):\n"
            "    # AEON: NVFP4 MoE weights on the Spark keep the interleaved scale layout\n"
            "    return aeon_interleave(sf)\n",
            "from vllm.utils.flashinfer import block_scale_interleave as aeon_interleave",
        ),
    ),
    (
        "#21408 wrapped kernel renamed",
        "a module attribute call",
        K(
            "#21408",
            BI,
            BIW,
            "vllm/aeon/bi2.py",
            "from vllm.utils import flashinfer as fi_utils\n\n\n"
            "def aeon_swizzle_w13(sf):\n"
            "    # AEON: the Spark's w13 scales\n"
            "    return fi_utils.block_scale_interleave(sf)\n",
            "return fi_utils.block_scale_interleave(sf)",
        ),
    ),
    (
        "#21408 wrapped kernel renamed",
        "twin: the kept probe's import",
        K(
            "#21408",
            BI,
            BIW,
            "vllm/aeon/bi3.py",
            "from vllm.utils.flashinfer import has_flashinfer_cutlass_fused_moe\n\n\n"
            "def aeon_cutlass_moe_ready() -> bool:\n"
            "    return has_flashinfer_cutlass_fused_moe()\n",
            "return has_flashinfer_cutlass_fused_moe()",
        ),
    ),
]

# --- #23214 (1d353b6352): FlashInferMetadataBuilder.use_tensor_cores removed (always tensor cores)
TC = "1d353b6352"
TCW = "FlashInferMetadataBuilder.use_tensor_cores removed; the decode wrapper always uses tensor cores"
MB = "from vllm.v1.attention.backends.flashinfer import FlashInferMetadataBuilder\n\n\n"
CASES += [
    (
        "#23214 attribute removed",
        "a subclass's self. read",
        K(
            "#23214",
            TC,
            TCW,
            "vllm/aeon/tc1.py",
            MB + "class AeonFlashInferBuilder(FlashInferMetadataBuilder):\n"
            "    def aeon_decode_kind(self) -> str:\n"
            "        # AEON: the Spark's decode logs which FlashInfer decode kernel it planned\n"
            '        return "tensor-core" if self.use_tensor_cores else "cuda-core"\n',
            'return "tensor-core" if self.use_tensor_cores else "cuda-core"',
        ),
    ),
    (
        "#23214 attribute removed",
        "an attribute set after super().__init__() (no longer read)",
        K(
            "#23214",
            TC,
            TCW,
            "vllm/aeon/tc2.py",
            MB + "class AeonCudaCoreBuilder(FlashInferMetadataBuilder):\n"
            "    def __init__(self, kv_cache_spec, layer_names, vllm_config, device):\n"
            "        super().__init__(kv_cache_spec, layer_names, vllm_config, device)\n"
            "        # AEON: GB10's small-batch decode is faster on CUDA cores\n"
            "        self.use_tensor_cores = False\n",
            "self.use_tensor_cores = False",
        ),
    ),
    (
        "#23214 attribute removed",
        "twin: a subclass's read of a kept attribute",
        K(
            "#23214",
            TC,
            TCW,
            "vllm/aeon/tc3.py",
            MB + "class AeonGqaBuilder(FlashInferMetadataBuilder):\n"
            "    def aeon_group_size(self) -> int:\n"
            "        return self.num_qo_heads // self.num_kv_heads\n",
            "return self.num_qo_heads // self.num_kv_heads",
        ),
    ),
]

# --- #23732 (11eddf02f0): the builder's hyperparameters snapshotted at construction
HP = "11eddf02f0"
HPW = "FlashInferMetadataBuilder caches sm_scale/window_left/logits_soft_cap/has_sinks in __init__; build reads those"
CASES += [
    (
        "#23732 attribute snapshotted",
        "a replacement of the hyperparameters after super().__init__() (no longer read by the plan)",
        K(
            "#23732",
            HP,
            HPW,
            "vllm/aeon/hp1.py",
            "import dataclasses\n\n" + MB + "class AeonFullWindowBuilder(FlashInferMetadataBuilder):\n"
            "    def __init__(self, kv_cache_spec, layer_names, vllm_config, device):\n"
            "        super().__init__(kv_cache_spec, layer_names, vllm_config, device)\n"
            "        # AEON: sm_121a's FlashInfer build has no sliding-window prefill; plan full attention\n"
            "        self.global_hyperparameters = dataclasses.replace(\n"
            "            self.global_hyperparameters, window_left=-1\n"
            "        )\n",
            "self.global_hyperparameters = dataclasses.replace(",
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "a write through the hyperparameters after super().__init__() (no longer read by the plan)",
        K(
            "#23732",
            HP,
            HPW,
            "vllm/aeon/hp2.py",
            MB + "class AeonSoftCapBuilder(FlashInferMetadataBuilder):\n"
            "    def __init__(self, kv_cache_spec, layer_names, vllm_config, device):\n"
            "        super().__init__(kv_cache_spec, layer_names, vllm_config, device)\n"
            "        # AEON: the Spark's FP8 KV cache plans without a logits soft cap\n"
            "        self.global_hyperparameters.logits_soft_cap = None\n",
            "self.global_hyperparameters.logits_soft_cap = None",
        ),
    ),
    (
        "#23732 attribute snapshotted",
        "twin: a read of the hyperparameters",
        K(
            "#23732",
            HP,
            HPW,
            "vllm/aeon/hp3.py",
            MB + "class AeonSinksBuilder(FlashInferMetadataBuilder):\n"
            "    def aeon_needs_sinks(self) -> bool:\n"
            "        return bool(self.global_hyperparameters.has_sinks)\n",
            "return bool(self.global_hyperparameters.has_sinks)",
        ),
    ),
]

# --- #25924 (b82f4307c9): the backend no longer imports supports_trtllm_attention
ST = "b82f4307c9"
STW = "vllm.v1.attention.backends.flashinfer no longer imports supports_trtllm_attention"
CASES += [
    (
        "#25924 re-export dropped",
        "an import through the backend module",
        K(
            "#25924",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferBackend, supports_trtllm_attention\n\n\n"
            "def aeon_pick_backend():\n"
            "    # AEON: sm_121a falls back to the FlashInfer wrappers when TRT-LLM is unsupported\n"
            "    return FlashInferBackend if supports_trtllm_attention() else None\n",
            "from vllm.v1.attention.backends.flashinfer import FlashInferBackend, supports_trtllm_attention",
        ),
    ),
    (
        "#25924 re-export dropped",
        "a module attribute off the backend module",
        K(
            "#25924",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "import vllm.v1.attention.backends.flashinfer as fi_backend\n\n\n"
            "def aeon_trtllm_ok() -> bool:\n"
            "    # AEON: the Spark's speculative decode needs TRT-LLM for multi-token decodes\n"
            "    return fi_backend.supports_trtllm_attention()\n",
            "return fi_backend.supports_trtllm_attention()",
        ),
    ),
    (
        "#25924 re-export dropped",
        "twin: a name the backend still imports",
        K(
            "#25924",
            ST,
            STW,
            "vllm/aeon/st3.py",
            "from vllm.v1.attention.backends.flashinfer import can_use_trtllm_attention\n\n\n"
            "def aeon_can_trtllm(heads: int, kv_heads: int) -> bool:\n"
            "    return can_use_trtllm_attention(heads, kv_heads)\n",
            "from vllm.v1.attention.backends.flashinfer import can_use_trtllm_attention",
        ),
    ),
    (
        "#25924 re-export dropped",
        "twin: the helper imported from its home",
        K(
            "#25924",
            ST,
            STW,
            "vllm/aeon/st4.py",
            "from vllm.utils.flashinfer import supports_trtllm_attention\n\n\n"
            "def aeon_trtllm_supported() -> bool:\n"
            "    return supports_trtllm_attention()\n",
            "from vllm.utils.flashinfer import supports_trtllm_attention",
        ),
    ),
]

# --- #26130 (f1fc2107a3): the backend no longer imports use_cascade_attention
UC = "f1fc2107a3"
UCW = "vllm.v1.attention.backends.flashinfer no longer imports use_cascade_attention"
CASES += [
    (
        "#26130 re-export dropped",
        "an import through the backend module",
        K(
            "#26130",
            UC,
            UCW,
            "vllm/aeon/uc1.py",
            "from vllm.v1.attention.backends.flashinfer import use_cascade_attention\n\n\n"
            "def aeon_cascade(*args, **kwargs) -> bool:\n"
            "    # AEON: the Spark's shared-prefix serving keeps cascade on for bf16 KV only\n"
            "    return use_cascade_attention(*args, **kwargs)\n",
            "from vllm.v1.attention.backends.flashinfer import use_cascade_attention",
        ),
    ),
    (
        "#26130 re-export dropped",
        "a module attribute off the backend module",
        K(
            "#26130",
            UC,
            UCW,
            "vllm/aeon/uc3.py",
            "from vllm.v1.attention.backends import flashinfer as fi_backend\n\n\n"
            "def aeon_cascade3(*args, **kwargs) -> bool:\n"
            "    # AEON: the Spark's shared-prefix serving\n"
            "    return fi_backend.use_cascade_attention(*args, **kwargs)\n",
            "return fi_backend.use_cascade_attention(*args, **kwargs)",
        ),
    ),
    (
        "#26130 re-export dropped",
        "twin: the function imported from its home",
        K(
            "#26130",
            UC,
            UCW,
            "vllm/aeon/uc2.py",
            "from vllm.v1.attention.backends.flash_attn import use_cascade_attention\n\n\n"
            "def aeon_cascade2(*args, **kwargs) -> bool:\n"
            "    return use_cascade_attention(*args, **kwargs)\n",
            "from vllm.v1.attention.backends.flash_attn import use_cascade_attention",
        ),
    ),
]

# --- #26870 (5afd3276df): FlashInferImpl.process_weights_after_loading takes over the sinks' float32 cast
PW = "5afd3276df"
PWW = "FlashInferImpl gains process_weights_after_loading (the sinks' float32 cast moved there from the layer)"
CASES += [
    (
        "#26870 hook taken over by the parent",
        "a subclass's override that does not call the parent's new method",
        K(
            "#26870",
            PW,
            PWW,
            "vllm/aeon/pw1.py",
            "import torch\n\nfrom vllm.v1.attention.backends.flashinfer import FlashInferImpl\n\n\n"
            "class AeonFlashInferImpl(FlashInferImpl):\n"
            "    def process_weights_after_loading(self, act_dtype: torch.dtype) -> None:\n"
            "        # AEON: the Spark's NVFP4 output scale is folded once the weights are loaded\n"
            "        if self.o_sf_scale is not None:\n"
            "            self.o_sf_scale = float(self.o_sf_scale)\n",
            "def process_weights_after_loading(self, act_dtype: torch.dtype) -> None:",
        ),
    ),
    (
        "#26870 hook taken over by the parent",
        "twin: a subclass's override of a hook the commit did not touch",
        K(
            "#26870",
            PW,
            PWW,
            "vllm/aeon/pw2.py",
            "from vllm.v1.attention.backends.flashinfer import FlashInferImpl\n\n\n"
            "class AeonFusedImpl(FlashInferImpl):\n"
            "    def fused_output_quant_supported(self, quant_key) -> bool:\n"
            "        # AEON: the Spark fuses its NVFP4 output quant\n"
            "        return super().fused_output_quant_supported(quant_key)\n",
            "return super().fused_output_quant_supported(quant_key)",
        ),
    ),
]

# --- #22378 (9a3835aaa9): VLLM_USE_TRTLLM_ATTENTION on only when "1" (was: on unless "0")
EV = "9a3835aaa9"
EVW = 'use_trtllm_attention reads VLLM_USE_TRTLLM_ATTENTION == "1" (was != "0")'
CASES += [
    (
        "#22378 environment value narrowed",
        "an environment value the helper no longer reads as on",
        K(
            "#22378",
            EV,
            EVW,
            "vllm/aeon/ev1.py",
            "import os\n\n\n"
            "def aeon_force_trtllm() -> None:\n"
            "    # AEON: the Spark's speculative decode needs the TRT-LLM kernels\n"
            '    os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "true"\n',
            'os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "true"',
        ),
    ),
    (
        "#22378 environment value narrowed",
        "a setdefault of a value the helper no longer reads as on",
        K(
            "#22378",
            EV,
            EVW,
            "vllm/aeon/ev3.py",
            "import os\n\n"
            "# AEON: DGX Spark images turn the TRT-LLM attention on unless the operator said otherwise\n"
            'os.environ.setdefault("VLLM_USE_TRTLLM_ATTENTION", "yes")\n',
            'os.environ.setdefault("VLLM_USE_TRTLLM_ATTENTION", "yes")',
        ),
    ),
    (
        "#22378 environment value narrowed",
        "twin: the value both readings take as on",
        K(
            "#22378",
            EV,
            EVW,
            "vllm/aeon/ev2.py",
            'import os\n\n\ndef aeon_force_trtllm2() -> None:\n    os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "1"\n',
            'os.environ["VLLM_USE_TRTLLM_ATTENTION"] = "1"',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-flashinfer-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
