"""A blind replay of the attention-backend contracts a fork that adds its own attention backend patches.

8 first-parent commits on the surface a fork that carries its own attention backend (or patches
FlashAttention's / FlashInfer's) writes code against -- AttentionBackend's class attributes and static
hooks (``accept_output_buffer`` removed, ``supports_sliding_window`` / ``supports_per_head_quant_scales``
made backend capabilities, ``validate_configuration`` widened), AttentionImpl's attributes, the backend
registry enum (``TREE_ATTN`` removed), the Attention layer's custom ops (``unified_attention`` removed) and
attributes (``use_output``), a metadata field (``FlashAttentionMetadata.sliding_window``), helpers moved or
removed (``is_quantized_kv_cache``, ``get_mla_prefill_scale``) and a backend hook removed from a subclassed
backend (``CPUAttentionBackend.get_supported_dtypes``) -- picked by scanning ``git log --first-parent -p`` of
vllm/v1/attention/, vllm/model_executor/layers/attention/ and the selector, avoiding the commits and PRs the
other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a
subclass reading an attribute, a class attribute override, a custom op by ``torch.ops``, an enum member in a
priority list, a member by string, a keyword of a removed config field, an import, a module attribute call,
an override of a widened hook, a ``super()`` of a removed hook, a positional call, ``dataclasses.replace``),
with twins (fork code the commit does not break).  The merge base is the commit's first parent, upstream is
the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at eb1caff4): 16 caught, 2 warned, 2 missed of 20 (twins: 8
quiet, 0 false errors).  The misses: #39125's ``torch.ops.vllm.unified_attention(...)`` (the op's only
registration dropped: calls of an op were judged only against an op of the name left elsewhere) and #48011's
fork backend deriving straight from AttentionBackend (``supports_sliding_window()`` added returning False,
True in seven of upstream's backends: the fork's is refused for sliding-window models, silently).  Warned:
#39125's ``accept_output_buffer = False`` on a backend subclass (a retired knob, read as dead; but upstream
kept the True path for every backend, and the fork's class opted out of it) and #48011's override of
``validate_configuration`` with the old parameters (an optional parameter gained, "no call upstream passes
it": the call spreads ``**attn_selector_config._asdict()``, whose record gained the field).
After the killers52 widenings: 20 caught, 0 warned, 0 missed of 20 (twins: 8 quiet, 0 false errors).  Caught
now: a call of a custom op whose only registration upstream dropped; a retired knob's value other than the
one upstream's setters agreed on; an override missing a parameter a spread record (``**x._asdict()``,
``**asdict(x)``) now passes; a fork class inheriting a capability hook upstream added refusing and opted at
least three of its classes into (all symbol drift).
After killers60 (#40654 added: one spelling, one twin; a #48011 twin whose impl refuses windows itself): 21
caught, 0 warned, 0 missed of 21 (twins: 10 quiet, 0 false errors; the new #48011 twin was a false error
before).  Caught now: a fork build leaving None a field upstream added and now asserts set.

  python benchmarks/blind_replay_attention.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #39125 (70406eb1dc): AttentionBackend.accept_output_buffer removed, Attention.use_output gone, the
#     unified_attention / unified_mla_attention custom ops removed (every backend writes into an output buffer)
AO = "70406eb1dc"
AOW = "accept_output_buffer and unified_attention removed"
ATT = "import torch\n\nfrom vllm.model_executor.layers.attention.attention import Attention\n\n\n"
CASES += [
    (
        "#39125 output-buffer contract removed",
        "a layer subclass reading attn_backend.accept_output_buffer",
        K(
            "#39125",
            AO,
            AOW,
            "vllm/aeon/ao1.py",
            ATT + "class AeonSparkAttention(Attention):\n"
            "    def aeon_wants_buffer(self) -> bool:\n"
            "        # AEON: GB10's paged kernel writes in place only when the backend takes a buffer\n"
            "        if self.attn_backend.accept_output_buffer:\n"
            "            return True\n"
            "        return False\n",
            "if self.attn_backend.accept_output_buffer:",
        ),
    ),
    (
        "#39125 output-buffer contract removed",
        "the removed op called through torch.ops",
        K(
            "#39125",
            AO,
            AOW,
            "vllm/aeon/ao2.py",
            "import torch\n\n\n"
            "def aeon_spark_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, layer_name: str) -> torch.Tensor:\n"
            "    # AEON: the draft model's attention skips the output buffer on the Spark\n"
            "    return torch.ops.vllm.unified_attention(query, key, value, layer_name)\n",
            "return torch.ops.vllm.unified_attention(query, key, value, layer_name)",
        ),
    ),
    (
        "#39125 output-buffer contract removed",
        "a backend subclass overriding the removed class attribute",
        K(
            "#39125",
            AO,
            AOW,
            "vllm/aeon/ao3.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
            "class AeonSparkFlashBackend(FlashAttentionBackend):\n"
            "    # AEON: our sm_121 kernel allocates its own output; the layer must not pass one\n"
            "    accept_output_buffer: bool = False\n\n"
            "    @staticmethod\n"
            "    def get_name() -> str:\n"
            "        return 'AEON_SPARK_FLASH'\n",
            "accept_output_buffer: bool = False",
        ),
    ),
    (
        "#39125 output-buffer contract removed",
        "a layer subclass reading self.use_output",
        K(
            "#39125",
            AO,
            AOW,
            "vllm/aeon/ao4.py",
            ATT + "class AeonOutputAttention(Attention):\n"
            "    def aeon_out(self, query: torch.Tensor) -> torch.Tensor | None:\n"
            "        if not self.use_output:\n"
            "            return None\n"
            "        return torch.empty_like(query)\n",
            "if not self.use_output:",
        ),
    ),
    (
        "#39125 output-buffer contract removed",
        "twin: the kept op with an output buffer",
        K(
            "#39125",
            AO,
            AOW,
            "vllm/aeon/ao5.py",
            "import torch\n\n\n"
            "def aeon_spark_attention_out(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, output: torch.Tensor, layer_name: str) -> None:\n"
            "    torch.ops.vllm.unified_attention_with_output(query, key, value, output, layer_name)\n",
            "torch.ops.vllm.unified_attention_with_output(query, key, value, output, layer_name)",
        ),
    ),
]

# --- #42121 (b1728c1e66): tree attention removed -- AttentionBackendEnum.TREE_ATTN and
#     SpeculativeConfig.speculative_token_tree gone
TA = "b1728c1e66"
TAW = "TREE_ATTN and speculative_token_tree removed"
REG = "from vllm.v1.attention.backends.registry import AttentionBackendEnum\n\n"
CASES += [
    (
        "#42121 backend enum member removed",
        "a member in the fork's priority list",
        K(
            "#42121",
            TA,
            TAW,
            "vllm/aeon/ta1.py",
            REG + "# AEON: GB10's backend priority for drafts\n"
            "AEON_DRAFT_BACKENDS = [\n"
            "    AttentionBackendEnum.FLASH_ATTN,\n"
            "    AttentionBackendEnum.TREE_ATTN,\n"
            "    AttentionBackendEnum.TRITON_ATTN,\n"
            "]\n",
            "AttentionBackendEnum.TREE_ATTN,",
        ),
    ),
    (
        "#42121 backend enum member removed",
        "a member looked up by string",
        K(
            "#42121",
            TA,
            TAW,
            "vllm/aeon/ta2.py",
            REG + "\ndef aeon_tree_backend() -> AttentionBackendEnum:\n    return AttentionBackendEnum['TREE_ATTN']\n",
            "return AttentionBackendEnum['TREE_ATTN']",
        ),
    ),
    (
        "#42121 backend enum member removed",
        "a keyword of the removed config field",
        K(
            "#42121",
            TA,
            TAW,
            "vllm/aeon/ta3.py",
            "from vllm.config.speculative import SpeculativeConfig\n\n\n"
            "def aeon_spec_config(model: str) -> SpeculativeConfig:\n"
            "    # AEON: a two-wide draft tree on the Spark\n"
            "    return SpeculativeConfig(model=model, num_speculative_tokens=3, speculative_token_tree='[(0,), (1,), (0, 0)]')\n",
            "return SpeculativeConfig(model=model, num_speculative_tokens=3, speculative_token_tree='[(0,), (1,), (0, 0)]')",
        ),
    ),
    (
        "#42121 backend enum member removed",
        "twin: a kept member",
        K(
            "#42121",
            TA,
            TAW,
            "vllm/aeon/ta4.py",
            REG + "\ndef aeon_fallback_backend() -> AttentionBackendEnum:\n"
            "    return AttentionBackendEnum.TRITON_ATTN\n",
            "return AttentionBackendEnum.TRITON_ATTN",
        ),
    ),
]

# --- #38659 (116f4be405): is_quantized_kv_cache moved from vllm.v1.attention.backend to vllm.utils.torch_utils
QK = "116f4be405"
QKW = "is_quantized_kv_cache moved to torch_utils"
CASES += [
    (
        "#38659 helper moved",
        "an import from the old module",
        K(
            "#38659",
            QK,
            QKW,
            "vllm/aeon/qk1.py",
            "from vllm.v1.attention.backend import is_quantized_kv_cache\n\n\n"
            "def aeon_kv_bytes(kv_cache_dtype: str) -> int:\n"
            "    return 1 if is_quantized_kv_cache(kv_cache_dtype) else 2\n",
            "from vllm.v1.attention.backend import is_quantized_kv_cache",
        ),
    ),
    (
        "#38659 helper moved",
        "a call through a module alias",
        K(
            "#38659",
            QK,
            QKW,
            "vllm/aeon/qk2.py",
            "from vllm.v1.attention import backend as attn_backend\n\n\n"
            "def aeon_fp8_kv(kv_cache_dtype: str) -> bool:\n"
            "    return attn_backend.is_quantized_kv_cache(kv_cache_dtype)\n",
            "return attn_backend.is_quantized_kv_cache(kv_cache_dtype)",
        ),
    ),
    (
        "#38659 helper moved",
        "twin: a kept class from the old module",
        K(
            "#38659",
            QK,
            QKW,
            "vllm/aeon/qk3.py",
            "from vllm.v1.attention.backend import AttentionBackend\n\n\n"
            "def aeon_fp8_ok(backend: type[AttentionBackend], kv_cache_dtype: str) -> bool:\n"
            "    return backend.supports_kv_cache_dtype(kv_cache_dtype)\n",
            "return backend.supports_kv_cache_dtype(kv_cache_dtype)",
        ),
    ),
]

# --- #48011 (bea70c7cfc): sliding-window support an explicit backend capability:
#     AttentionBackend.supports_sliding_window() (False by default) and validate_configuration's
#     has_sliding_window, fed from AttentionSelectorConfig._asdict()
SW = "bea70c7cfc"
SWW = "validate_configuration widened with has_sliding_window"
BK = "from vllm.v1.attention.backend import AttentionBackend\n"
CASES += [
    (
        "#48011 backend hook widened",
        "an override of validate_configuration with the old parameters",
        K(
            "#48011",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            "import torch\n\n"
            "from vllm.platforms.interface import DeviceCapability\n"
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
            "class AeonSparkBackend(FlashAttentionBackend):\n"
            "    @classmethod\n"
            "    def validate_configuration(\n"
            "        cls,\n"
            "        head_size: int,\n"
            "        dtype: torch.dtype,\n"
            "        kv_cache_dtype: str | None,\n"
            "        block_size: int | None,\n"
            "        use_mla: bool,\n"
            "        has_sink: bool,\n"
            "        use_sparse: bool,\n"
            "        use_mm_prefix: bool,\n"
            "        use_per_head_quant_scales: bool,\n"
            "        device_capability: DeviceCapability,\n"
            "        attn_type: str,\n"
            "        use_non_causal: bool = False,\n"
            "        use_batch_invariant: bool = False,\n"
            "        use_kv_connector: bool = False,\n"
            "    ) -> list[str]:\n"
            "        # AEON: the Spark kernel has no head size 256 variant yet\n"
            "        reasons = [] if head_size != 256 else ['head_size 256 not built for sm_121']\n"
            "        return reasons + super().validate_configuration(\n"
            "            head_size, dtype, kv_cache_dtype, block_size, use_mla, has_sink, use_sparse, use_mm_prefix,\n"
            "            use_per_head_quant_scales, device_capability, attn_type, use_non_causal, use_batch_invariant,\n"
            "            use_kv_connector,\n"
            "        )\n",
            "def validate_configuration(",
        ),
    ),
    (
        "#48011 backend hook widened",
        "a fork backend that handles windows but does not declare the new capability",
        K(
            "#48011",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            BK + "\n\nclass AeonSparkPagedBackend(AttentionBackend):\n"
            "    # AEON: GB10 paged attention; its impl honours sliding_window (Gemma 3, Mistral)\n"
            "    @staticmethod\n"
            "    def get_name() -> str:\n"
            "        return 'AEON_SPARK_PAGED'\n",
            "class AeonSparkPagedBackend(AttentionBackend):",
        ),
    ),
    (
        "#48011 backend hook widened",
        "twin: a fork backend whose impl refuses sliding windows itself",
        K(
            "#48011",
            SW,
            SWW,
            "vllm/aeon/sw4.py",
            BK + "\n\nclass AeonSparkDenseBackend(AttentionBackend):\n"
            "    @staticmethod\n"
            "    def get_name() -> str:\n"
            "        return 'AEON_SPARK_DENSE'\n\n\n"
            "class AeonSparkDenseImpl:\n"
            "    def __init__(self, num_heads: int, head_size: int, scale: float, sliding_window: int | None = None) -> None:\n"
            "        if sliding_window is not None:\n"
            "            raise NotImplementedError('AEON dense kernel has no sliding window')\n"
            "        self.num_heads, self.head_size, self.scale = num_heads, head_size, scale\n",
            "class AeonSparkDenseBackend(AttentionBackend):",
        ),
    ),
    (
        "#48011 backend hook widened",
        "twin: a subclass of a backend that declares the capability",
        K(
            "#48011",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
            "class AeonSparkFlash(FlashAttentionBackend):\n"
            "    @staticmethod\n"
            "    def get_name() -> str:\n"
            "        return 'AEON_SPARK_FLASH'\n",
            "class AeonSparkFlash(FlashAttentionBackend):",
        ),
    ),
]

# --- #41744 (01b9b5af67): the layer owns the MLA prefill backend; get_mla_prefill_scale removed
MS = "01b9b5af67"
MSW = "get_mla_prefill_scale removed"
CASES += [
    (
        "#41744 helper removed",
        "an imported call",
        K(
            "#41744",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.model_executor.layers.attention.mla_attention import get_mla_prefill_scale\n\n\n"
            "def aeon_prefill_scale(model_config: ModelConfig) -> float:\n"
            "    # AEON: the Spark's MLA prefill kernel takes the scale pre-squared\n"
            "    return get_mla_prefill_scale(model_config) ** 2\n",
            "from vllm.model_executor.layers.attention.mla_attention import get_mla_prefill_scale",
        ),
    ),
    (
        "#41744 helper removed",
        "a call through the module",
        K(
            "#41744",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.model_executor.layers.attention import mla_attention\n\n\n"
            "def aeon_scale(model_config: ModelConfig) -> float:\n"
            "    return mla_attention.get_mla_prefill_scale(model_config)\n",
            "return mla_attention.get_mla_prefill_scale(model_config)",
        ),
    ),
    (
        "#41744 helper removed",
        "twin: a kept helper of the module",
        K(
            "#41744",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.model_executor.layers.attention import mla_attention\n\n\n"
            "def aeon_rope_dim(model_config: ModelConfig) -> int:\n"
            "    return mla_attention.get_mla_dims(model_config).qk_rope_head_dim\n",
            "return mla_attention.get_mla_dims(model_config).qk_rope_head_dim",
        ),
    ),
]

# --- #34281 (a87cc50859): per-head quant scales a backend classmethod; AttentionImplBase's
#     supports_per_head_quant_scales attribute removed; validate_configuration gains a required parameter
PH = "a87cc50859"
PHW = "supports_per_head_quant_scales moved from the impl to the backend"
CASES += [
    (
        "#34281 impl attribute made a backend capability",
        "an impl subclass setting the removed attribute",
        K(
            "#34281",
            PH,
            PHW,
            "vllm/aeon/ph1.py",
            "from vllm.v1.attention.backend import AttentionImpl\n\n\n"
            "class AeonSparkImpl(AttentionImpl):\n"
            "    # AEON: the sm_121 kernel reads one k/v scale per KV head\n"
            "    supports_per_head_quant_scales: bool = True\n",
            "supports_per_head_quant_scales: bool = True",
        ),
    ),
    (
        "#34281 impl attribute made a backend capability",
        "a read off layer.impl",
        K(
            "#34281",
            PH,
            PHW,
            "vllm/aeon/ph2.py",
            "from vllm.model_executor.layers.attention.attention import Attention\n\n\n"
            "def aeon_scale_count(layer: Attention) -> int:\n"
            "    return layer.num_kv_heads if layer.impl.supports_per_head_quant_scales else 1\n",
            "return layer.num_kv_heads if layer.impl.supports_per_head_quant_scales else 1",
        ),
    ),
    (
        "#34281 impl attribute made a backend capability",
        "a positional call of the widened hook",
        K(
            "#34281",
            PH,
            PHW,
            "vllm/aeon/ph3.py",
            "import torch\n\n"
            "from vllm.platforms.interface import DeviceCapability\n"
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
            "def aeon_reasons(head_size: int, block_size: int) -> list[str]:\n"
            "    cap = DeviceCapability(12, 1)\n"
            "    return FlashAttentionBackend.validate_configuration(head_size, torch.bfloat16, 'auto', block_size, False, False, False, False, cap, 'decoder')\n",
            "return FlashAttentionBackend.validate_configuration(head_size, torch.bfloat16, 'auto', block_size, False, False, False, False, cap, 'decoder')",
        ),
    ),
    (
        "#34281 impl attribute made a backend capability",
        "twin: a kept backend predicate",
        K(
            "#34281",
            PH,
            PHW,
            "vllm/aeon/ph4.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
            "def aeon_head_ok(head_size: int) -> bool:\n"
            "    return FlashAttentionBackend.supports_head_size(head_size)\n",
            "return FlashAttentionBackend.supports_head_size(head_size)",
        ),
    ),
]

# --- #51756 (513f83e7ec): FlashAttentionMetadata.sliding_window removed (the layer's own window wins)
FW = "513f83e7ec"
FWW = "FlashAttentionMetadata.sliding_window removed"
FAI = (
    "import dataclasses\n\n"
    "import torch\n\n"
    "from vllm.v1.attention.backends.flash_attn import FlashAttentionImpl, FlashAttentionMetadata\n\n\n"
)
CASES += [
    (
        "#51756 metadata field removed",
        "an impl subclass reading the field",
        K(
            "#51756",
            FW,
            FWW,
            "vllm/aeon/fw1.py",
            FAI + "class AeonSparkFlashImpl(FlashAttentionImpl):\n"
            "    def aeon_window(self, attn_metadata: FlashAttentionMetadata) -> tuple[int, int]:\n"
            "        # AEON: GB10's kernel wants the group's window, not the layer's\n"
            "        window = attn_metadata.sliding_window\n"
            "        return window if window is not None else (-1, -1)\n",
            "window = attn_metadata.sliding_window",
        ),
    ),
    (
        "#51756 metadata field removed",
        "dataclasses.replace of the field",
        K(
            "#51756",
            FW,
            FWW,
            "vllm/aeon/fw2.py",
            FAI + "def aeon_full_window(attn_metadata: FlashAttentionMetadata) -> FlashAttentionMetadata:\n"
            "    return dataclasses.replace(attn_metadata, sliding_window=(-1, -1))\n",
            "return dataclasses.replace(attn_metadata, sliding_window=(-1, -1))",
        ),
    ),
    (
        "#51756 metadata field removed",
        "twin: a kept field",
        K(
            "#51756",
            FW,
            FWW,
            "vllm/aeon/fw3.py",
            FAI + "def aeon_causal(attn_metadata: FlashAttentionMetadata) -> bool | torch.Tensor:\n"
            "    return attn_metadata.causal\n",
            "return attn_metadata.causal",
        ),
    ),
]

# --- #36673 (5f77ef15ae): CPUAttentionBackend.get_supported_dtypes removed (the base has none)
CD = "5f77ef15ae"
CDW = "CPUAttentionBackend.get_supported_dtypes removed"
CPU = "import torch\n\nfrom vllm.v1.attention.backends.cpu_attn import CPUAttentionBackend\n\n\n"
CASES += [
    (
        "#36673 backend hook removed",
        "super() of the removed hook",
        K(
            "#36673",
            CD,
            CDW,
            "vllm/aeon/cd1.py",
            CPU + "class AeonGraceCPUBackend(CPUAttentionBackend):\n"
            "    @classmethod\n"
            "    def get_supported_dtypes(cls) -> list[torch.dtype]:\n"
            "        # AEON: the Grace cores have no fast fp32 attention path\n"
            "        return [d for d in super().get_supported_dtypes() if d != torch.float32]\n",
            "return [d for d in super().get_supported_dtypes() if d != torch.float32]",
        ),
    ),
    (
        "#36673 backend hook removed",
        "a call off the class",
        K(
            "#36673",
            CD,
            CDW,
            "vllm/aeon/cd2.py",
            CPU + "def aeon_cpu_dtypes() -> list[torch.dtype]:\n"
            "    return CPUAttentionBackend.get_supported_dtypes()\n",
            "return CPUAttentionBackend.get_supported_dtypes()",
        ),
    ),
    (
        "#36673 backend hook removed",
        "twin: the kept class attribute",
        K(
            "#36673",
            CD,
            CDW,
            "vllm/aeon/cd3.py",
            CPU + "def aeon_cpu_dtypes_attr() -> list[torch.dtype]:\n"
            "    return list(CPUAttentionBackend.supported_dtypes)\n",
            "return list(CPUAttentionBackend.supported_dtypes)",
        ),
    ),
]


# --- #40654 (fe85a92e86): CommonAttentionMetadata gained seq_lens_cpu_upper_bound (None by default), passed at
#     every upstream build; split_decodes_prefills_and_extends and the builders now assert it is not None
SU = "fe85a92e86"
SUW = "CommonAttentionMetadata.seq_lens_cpu_upper_bound added, asserted set"
CAM = "import dataclasses\n\nimport torch\n\nfrom vllm.v1.attention.backend import CommonAttentionMetadata\n\n\n"
CASES += [
    (
        "#40654 new field asserted set",
        "the fork's runner builds the metadata by keyword",
        K(
            "#40654",
            SU,
            SUW,
            "vllm/aeon/su1.py",
            CAM + "def aeon_build_metadata(qsl: torch.Tensor, qsl_cpu: torch.Tensor, seq_lens: torch.Tensor,\n"
            "                        table: torch.Tensor, slots: torch.Tensor, n: int, tokens: int) -> CommonAttentionMetadata:\n"
            "    # AEON: the Spark's unified-memory runner builds its own metadata (no pinned staging copy)\n"
            "    return CommonAttentionMetadata(\n"
            "        query_start_loc=qsl, query_start_loc_cpu=qsl_cpu, seq_lens=seq_lens, num_reqs=n,\n"
            "        num_actual_tokens=tokens, max_query_len=tokens, max_seq_len=int(seq_lens.max()),\n"
            "        block_table_tensor=table, slot_mapping=slots, _seq_lens_cpu=seq_lens.cpu(),\n"
            "    )\n",
            "    return CommonAttentionMetadata(",
        ),
    ),
    (
        "#40654 new field asserted set",
        "twin: the metadata copied with dataclasses.replace",
        K(
            "#40654",
            SU,
            SUW,
            "vllm/aeon/su2.py",
            CAM + "def aeon_shrink(cam: CommonAttentionMetadata, n: int) -> CommonAttentionMetadata:\n"
            "    return dataclasses.replace(cam, num_reqs=n)\n",
            "return dataclasses.replace(cam, num_reqs=n)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-attention-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
