"""A blind replay of the platform-surface killers: LoRA, tokenizers, platforms, communicators, compilation, MM.

First-parent commits touching surfaces no other replay covers -- the LoRA request and weights
(vllm/lora/), the tokenizer wrappers and tokenizer groups (vllm/transformers_utils/), the platform
interface (vllm/platforms/), the attention backend names the selector hands out, the group coordinator
and its communicators (vllm/distributed/parallel_state.py, device_communicators/), the compilation config
and its pass flags (vllm/config/compilation.py), the multimodal registry and processing info
(vllm/multimodal/), the v1 KV cache manager's constructor -- picked by scanning those paths' diffs
(``git log --first-parent -p``), not from the engine's tests or the other replays.
Each is replayed under 2-3 fork spellings written the way fork code is written, with twins (fork code
the commit does not break).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins
must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 551106a): 26 caught, 2 warned, 6 missed of 34 (twins: 16
quiet, 0 false errors).  The misses: #29646's three reads of a pass flag the config's ``__post_init__`` now
forces to None (through the vllm config, ``getattr`` on a typed pass config, an attribute of a pass holding
it), #26355's ``compilation_config.level == 3`` (a field upstream no longer writes: the config fills
``mode``), #24078's ``self.tokenizer.get_lora_tokenizer(...)`` in an engine subclass (the attribute an
unannotated factory filled with a ``TokenizerGroup``, a class upstream deleted), #27005's
``current_platform.get_cu_count()`` (``Platform.__getattr__`` answers for the removed method).  Warned:
#27005's override (the fork's platform derives from ``CudaPlatform``, a conditional alias of two classes,
so its override was matched by name only), #26695's ``{"torch_dtype": ...}`` (the error lands on the
call that spreads it, not on the dict's line).
After the killers39 widenings: 33 caught, 1 warned, 0 missed of 34 (twins: 16 quiet, 1 of them warned,
0 false errors).  Caught now: a read (or ``getattr``) of a dataclass field upstream's ``__post_init__`` now
sets to None unconditionally, or of a None-defaulted field every write of which upstream dropped; a call
or read of a member upstream removed from a class whose ``__getattr__`` (there at the base too) answers
for the name, when upstream's served code no longer reads it; bases through a module-level
``A if cond else B`` alias (members looked up along both); an unannotated factory typed by the one
class its returns build, and a call of a method of a class upstream deleted through such an attribute,
when no def of the name is left and upstream wrote no call of it.  The twin the alias exposed (#26695's
override keeping ``torch_dtype``, every upstream call positional) is a warning: a rename that kept the
annotation and is no reorder, with no upstream call passing the new name by keyword.  Still warned:
#26695's dict line (its call is the error).

  python benchmarks/blind_replay_platform.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #29646 (d7284a2604): PassConfig's enable_* flags renamed (fuse_norm_quant, eliminate_noops, ...); the
#     old fields are kept for construction, mapped onto the new ones, then forced to None
PF = "d7284a2604"
PFW = "PassConfig.enable_fusion & co. renamed; the old fields forced to None after init"
CASES += [
    (
        "#29646 config flag renamed, old field kept as None",
        "a read through the vllm config",
        K(
            "#29646",
            PF,
            PFW,
            "vllm/aeon/pf1.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_nvfp4_fusion_on(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: the NVFP4 RMSNorm+quant pattern only exists when the fusion pass runs\n"
            "    return bool(vllm_config.compilation_config.pass_config.enable_fusion)\n",
            "return bool(vllm_config.compilation_config.pass_config.enable_fusion)",
        ),
    ),
    (
        "#29646 config flag renamed, old field kept as None",
        "getattr on a typed pass config",
        K(
            "#29646",
            PF,
            PFW,
            "vllm/aeon/pf2.py",
            "from vllm.config.compilation import PassConfig\n\n\n"
            "def aeon_attn_fusion(pass_config: PassConfig) -> bool:\n"
            '    return getattr(pass_config, "enable_attn_fusion", False) is True\n',
            'return getattr(pass_config, "enable_attn_fusion", False) is True',
        ),
    ),
    (
        "#29646 config flag renamed, old field kept as None",
        "an attribute of a pass holding the config",
        K(
            "#29646",
            PF,
            PFW,
            "vllm/aeon/pf3.py",
            "from vllm.config.compilation import PassConfig\n\n\n"
            "class AeonNoopGate:\n"
            "    def __init__(self, pass_config: PassConfig) -> None:\n"
            "        self.pass_config = pass_config\n\n"
            "    def wanted(self) -> bool:\n"
            "        if self.pass_config.enable_noop:\n"
            "            return True\n"
            "        return False\n",
            "if self.pass_config.enable_noop:",
        ),
    ),
    (
        "#29646 config flag renamed, old field kept as None",
        "twin: construction by the old keyword (mapped)",
        K(
            "#29646",
            PF,
            PFW,
            "vllm/aeon/pf4.py",
            "from vllm.config.compilation import PassConfig\n\n\n"
            "def aeon_pass_config() -> PassConfig:\n"
            "    return PassConfig(enable_noop=True, enable_qk_norm_rope_fusion=False)\n",
            "return PassConfig(enable_noop=True, enable_qk_norm_rope_fusion=False)",
        ),
    ),
    (
        "#29646 config flag renamed, old field kept as None",
        "twin: a flag kept",
        K(
            "#29646",
            PF,
            PFW,
            "vllm/aeon/pf5.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_qk_rope(vllm_config: VllmConfig) -> bool:\n"
            "    return vllm_config.compilation_config.pass_config.enable_qk_norm_rope_fusion\n",
            "return vllm_config.compilation_config.pass_config.enable_qk_norm_rope_fusion",
        ),
    ),
]

# --- #26355 (96b9aa5aa0): CompilationLevel removed for CompilationMode; CompilationConfig.level is kept,
#     deprecated, and no longer set (mode is)
CL = "96b9aa5aa0"
CLW = "CompilationLevel -> CompilationMode; CompilationConfig.level no longer set"
CASES += [
    (
        "#26355 class removed, field left unset",
        "an import of the old class",
        K(
            "#26355",
            CL,
            CLW,
            "vllm/aeon/cl1.py",
            "from vllm.config import CompilationLevel, VllmConfig\n\n\n"
            "def aeon_piecewise(vllm_config: VllmConfig) -> bool:\n"
            "    return vllm_config.compilation_config.level == CompilationLevel.PIECEWISE\n",
            "from vllm.config import CompilationLevel, VllmConfig",
        ),
    ),
    (
        "#26355 class removed, field left unset",
        "the level compared with its literal",
        K(
            "#26355",
            CL,
            CLW,
            "vllm/aeon/cl2.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_capture_graphs(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: the thread_local capture only runs under piecewise compilation\n"
            "    return vllm_config.compilation_config.level == 3\n",
            "return vllm_config.compilation_config.level == 3",
        ),
    ),
    (
        "#26355 class removed, field left unset",
        "twin: capture sizes read",
        K(
            "#26355",
            CL,
            CLW,
            "vllm/aeon/cl3.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_sizes(vllm_config: VllmConfig) -> list[int]:\n"
            "    return list(vllm_config.compilation_config.cudagraph_capture_sizes or [])\n",
            "return list(vllm_config.compilation_config.cudagraph_capture_sizes or [])",
        ),
    ),
]

# --- #29686 (fecae12cd7): all_special_tokens_extended removed from vLLM's tokenizer base, cached wrapper and
#     MistralTokenizer
ST = "fecae12cd7"
STW = "tokenizer.all_special_tokens_extended removed"
MI = "from vllm.transformers_utils.tokenizers.mistral import MistralTokenizer\n\n\n"
CASES += [
    (
        "#29686 tokenizer property removed",
        "a read on a typed tokenizer",
        K(
            "#29686",
            ST,
            STW,
            "vllm/aeon/st1.py",
            MI + "def aeon_stop_strings(tokenizer: MistralTokenizer) -> set[str]:\n"
            "    # AEON: the drafter must never propose a special token\n"
            "    return set(tokenizer.all_special_tokens_extended)\n",
            "return set(tokenizer.all_special_tokens_extended)",
        ),
    ),
    (
        "#29686 tokenizer property removed",
        "getattr with a default",
        K(
            "#29686",
            ST,
            STW,
            "vllm/aeon/st2.py",
            MI + "def aeon_special(tokenizer: MistralTokenizer) -> list[str]:\n"
            '    return list(getattr(tokenizer, "all_special_tokens_extended", []))\n',
            'return list(getattr(tokenizer, "all_special_tokens_extended", []))',
        ),
    ),
    (
        "#29686 tokenizer property removed",
        "twin: the kept list",
        K(
            "#29686",
            ST,
            STW,
            "vllm/aeon/st3.py",
            MI + "def aeon_special_kept(tokenizer: MistralTokenizer) -> set[str]:\n"
            "    return set(tokenizer.all_special_tokens)\n",
            "return set(tokenizer.all_special_tokens)",
        ),
    ),
]

# --- #24078 (6c47f6bfa4): tokenizer groups removed: get_tokenizer() loses lora_request, the engines'
#     tokenizer attribute is the tokenizer itself, LLMEngine.get_tokenizer_group() removed
TG = "6c47f6bfa4"
TGW = "TokenizerGroup removed: get_tokenizer(lora_request) -> get_tokenizer(); engine.tokenizer is a tokenizer"
CASES += [
    (
        "#24078 parameter removed, attribute's type changed",
        "a positional LoRA request",
        K(
            "#24078",
            TG,
            TGW,
            "vllm/aeon/tg1.py",
            "from vllm.lora.request import LoRARequest\nfrom vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "async def aeon_adapter_vocab(engine: AsyncLLM, lora_request: LoRARequest) -> int:\n"
            "    tokenizer = await engine.get_tokenizer(lora_request)\n"
            "    return len(tokenizer)\n",
            "tokenizer = await engine.get_tokenizer(lora_request)",
        ),
    ),
    (
        "#24078 parameter removed, attribute's type changed",
        "the removed group getter",
        K(
            "#24078",
            TG,
            TGW,
            "vllm/aeon/tg2.py",
            "from vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
            "def aeon_eos(engine: LLMEngine) -> int:\n"
            "    return engine.get_tokenizer_group().get_lora_tokenizer(None).eos_token_id\n",
            "return engine.get_tokenizer_group().get_lora_tokenizer(None).eos_token_id",
        ),
    ),
    (
        "#24078 parameter removed, attribute's type changed",
        "a group method on the engine's attribute",
        K(
            "#24078",
            TG,
            TGW,
            "vllm/aeon/tg3.py",
            "from vllm.lora.request import LoRARequest\nfrom vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "class AeonAsyncLLM(AsyncLLM):\n"
            "    def aeon_tokenizer_for(self, lora_request: LoRARequest | None):  # type: ignore[no-untyped-def]\n"
            "        return self.tokenizer.get_lora_tokenizer(lora_request)\n",
            "return self.tokenizer.get_lora_tokenizer(lora_request)",
        ),
    ),
    (
        "#24078 parameter removed, attribute's type changed",
        "twin: no argument",
        K(
            "#24078",
            TG,
            TGW,
            "vllm/aeon/tg4.py",
            "from vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "async def aeon_vocab(engine: AsyncLLM) -> int:\n"
            "    tokenizer = await engine.get_tokenizer()\n"
            "    return len(tokenizer)\n",
            "tokenizer = await engine.get_tokenizer()",
        ),
    ),
]

# --- #27005 (2dacd57394): Platform.get_cu_count moved to vllm.utils.platform_utils.get_cu_count
CU = "2dacd57394"
CUW = "Platform.get_cu_count -> vllm.utils.platform_utils.get_cu_count"
CASES += [
    (
        "#27005 platform method moved to a function",
        "a call on current_platform",
        K(
            "#27005",
            CU,
            CUW,
            "vllm/aeon/cu1.py",
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_split_k() -> int:\n"
            "    # AEON: GB10 has 48 SMs; the NVFP4 GEMM splits K by the SM count\n"
            "    return max(1, 96 // current_platform.get_cu_count())\n",
            "return max(1, 96 // current_platform.get_cu_count())",
        ),
    ),
    (
        "#27005 platform method moved to a function",
        "an override upstream no longer calls",
        K(
            "#27005",
            CU,
            CUW,
            "vllm/aeon/cu2.py",
            "from vllm.platforms.cuda import CudaPlatform\n\n\n"
            "class AeonSparkPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def get_cu_count(cls, device_id: int = 0) -> int:\n"
            "        # AEON: GB10 reports its SMs late under UMA; pin the count\n"
            "        return 48\n",
            "def get_cu_count(cls, device_id: int = 0) -> int:",
        ),
    ),
    (
        "#27005 platform method moved to a function",
        "twin: a kept platform method",
        K(
            "#27005",
            CU,
            CUW,
            "vllm/aeon/cu3.py",
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_device() -> str:\n"
            "    return current_platform.get_device_name()\n",
            "return current_platform.get_device_name()",
        ),
    ),
]

# --- #26695 (8f4b313c37): Platform.check_if_supports_dtype(torch_dtype) -> (dtype)
DT = "8f4b313c37"
DTW = "check_if_supports_dtype(torch_dtype=) -> (dtype=)"
PL = "import torch\n\nfrom vllm.platforms import current_platform\n\n\n"
CASES += [
    (
        "#26695 parameter renamed",
        "a keyword call",
        K(
            "#26695",
            DT,
            DTW,
            "vllm/aeon/dt1.py",
            PL + "def aeon_check_bf16() -> None:\n"
            "    current_platform.check_if_supports_dtype(torch_dtype=torch.bfloat16)\n",
            "current_platform.check_if_supports_dtype(torch_dtype=torch.bfloat16)",
        ),
    ),
    (
        "#26695 parameter renamed",
        "keywords from a dict",
        K(
            "#26695",
            DT,
            DTW,
            "vllm/aeon/dt2.py",
            PL + "def aeon_check(dtype: torch.dtype) -> None:\n"
            '    kwargs = {"torch_dtype": dtype}\n'
            "    current_platform.check_if_supports_dtype(**kwargs)\n",
            'kwargs = {"torch_dtype": dtype}',
        ),
    ),
    (
        "#26695 parameter renamed",
        "twin: an override keeping the old name (called positionally)",
        K(
            "#26695",
            DT,
            DTW,
            "vllm/aeon/dt3.py",
            "import torch\n\nfrom vllm.platforms.cuda import CudaPlatform\n\n\n"
            "class AeonSparkPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def check_if_supports_dtype(cls, torch_dtype: torch.dtype):  # type: ignore[no-untyped-def]\n"
            "        # AEON: GB10 runs bf16\n"
            "        return None\n",
            "def check_if_supports_dtype(cls, torch_dtype: torch.dtype):  # type: ignore[no-untyped-def]",
        ),
    ),
    (
        "#26695 parameter renamed",
        "twin: a positional call",
        K(
            "#26695",
            DT,
            DTW,
            "vllm/aeon/dt4.py",
            PL + "def aeon_check_pos(dtype: torch.dtype) -> None:\n"
            "    current_platform.check_if_supports_dtype(dtype)\n",
            "current_platform.check_if_supports_dtype(dtype)",
        ),
    ),
]

# --- #25489 (3468f17ebe): the _VLLM_V1 suffixes dropped: _Backend members removed and the backends'
#     get_name() strings renamed (FLASH_ATTN_VLLM_V1 -> FLASH_ATTN)
BN = "3468f17ebe"
BNW = "_Backend.*_VLLM_V1 removed; get_name() 'FLASH_ATTN_VLLM_V1' -> 'FLASH_ATTN'"
AB = "from vllm.attention.backends.abstract import AttentionBackend\n\n\n"
CASES += [
    (
        "#25489 returned names and enum members renamed",
        "a comparison with the returned name",
        K(
            "#25489",
            BN,
            BNW,
            "vllm/aeon/bn1.py",
            AB + "def aeon_uses_fa(backend: type[AttentionBackend]) -> bool:\n"
            "    # AEON: the NVFP4 KV splitter only runs under FlashAttention\n"
            '    return backend.get_name() == "FLASH_ATTN_VLLM_V1"\n',
            'return backend.get_name() == "FLASH_ATTN_VLLM_V1"',
        ),
    ),
    (
        "#25489 returned names and enum members renamed",
        "a removed enum member",
        K(
            "#25489",
            BN,
            BNW,
            "vllm/aeon/bn2.py",
            "from vllm.platforms.interface import _Backend\n\n\n"
            "def aeon_flashinfer(selected: _Backend) -> bool:\n"
            "    return selected == _Backend.FLASHINFER_VLLM_V1\n",
            "return selected == _Backend.FLASHINFER_VLLM_V1",
        ),
    ),
    (
        "#25489 returned names and enum members renamed",
        "a table keyed by the returned names",
        K(
            "#25489",
            BN,
            BNW,
            "vllm/aeon/bn3.py",
            AB + 'AEON_KV_BLOCK = {"FLASH_ATTN_VLLM_V1": 16, "TRITON_ATTN_VLLM_V1": 16, "FLASHINFER_VLLM_V1": 32}\n\n\n'
            "def aeon_block(backend: type[AttentionBackend]) -> int:\n"
            "    return AEON_KV_BLOCK[backend.get_name()]\n",
            'AEON_KV_BLOCK = {"FLASH_ATTN_VLLM_V1": 16, "TRITON_ATTN_VLLM_V1": 16, "FLASHINFER_VLLM_V1": 32}',
        ),
    ),
    (
        "#25489 returned names and enum members renamed",
        "twin: a kept member",
        K(
            "#25489",
            BN,
            BNW,
            "vllm/aeon/bn4.py",
            "from vllm.platforms.interface import _Backend\n\n\n"
            "def aeon_fa(selected: _Backend) -> bool:\n"
            "    return selected == _Backend.FLASH_ATTN\n",
            "return selected == _Backend.FLASH_ATTN",
        ),
    ),
]

# --- #31285 (09dc7c690c): LoRARequest's deprecated lora_local_path field and local_path property removed
LR = "09dc7c690c"
LRW = "LoRARequest.lora_local_path / .local_path removed"
LQ = "from vllm.lora.request import LoRARequest\n\n\n"
CASES += [
    (
        "#31285 struct field and property removed",
        "a keyword of the removed field",
        K(
            "#31285",
            LR,
            LRW,
            "vllm/aeon/lr1.py",
            LQ + "def aeon_drafter_lora(path: str) -> LoRARequest:\n"
            '    return LoRARequest("aeon-drafter", 1, lora_local_path=path)\n',
            'return LoRARequest("aeon-drafter", 1, lora_local_path=path)',
        ),
    ),
    (
        "#31285 struct field and property removed",
        "a read of the removed property",
        K(
            "#31285",
            LR,
            LRW,
            "vllm/aeon/lr2.py",
            LQ + "def aeon_adapter_dir(request: LoRARequest) -> str:\n    return request.local_path\n",
            "return request.local_path",
        ),
    ),
    (
        "#31285 struct field and property removed",
        "getattr with a default",
        K(
            "#31285",
            LR,
            LRW,
            "vllm/aeon/lr3.py",
            LQ + "def aeon_adapter_dir_or_none(request: LoRARequest) -> str | None:\n"
            '    return getattr(request, "local_path", None)\n',
            'return getattr(request, "local_path", None)',
        ),
    ),
    (
        "#31285 struct field and property removed",
        "twin: the kept field",
        K(
            "#31285",
            LR,
            LRW,
            "vllm/aeon/lr4.py",
            LQ + "def aeon_adapter_path(request: LoRARequest) -> str:\n    return request.lora_path\n",
            "return request.lora_path",
        ),
    ),
]

# --- #28545 (9875be6431): LoRA extra vocab removed: LoRALayerWeights loses embeddings_tensor (scaling moves
#     up one), BaseLayerWithLoRA.set_lora loses it, LoRAConfig.lora_extra_vocab_size removed
EV = "9875be6431"
EVW = "LoRA extra vocab removed: embeddings_tensor parameters, lora_extra_vocab_size"
CASES += [
    (
        "#28545 parameter removed (positional shift), field removed",
        "a positional construction",
        K(
            "#28545",
            EV,
            EVW,
            "vllm/aeon/ev1.py",
            "import torch\n\nfrom vllm.lora.lora_weights import LoRALayerWeights\n\n\n"
            "def aeon_head_lora(a: torch.Tensor, b: torch.Tensor) -> LoRALayerWeights:\n"
            '    return LoRALayerWeights("lm_head", 16, 32, a, b, None, 0.5)\n',
            'return LoRALayerWeights("lm_head", 16, 32, a, b, None, 0.5)',
        ),
    ),
    (
        "#28545 parameter removed (positional shift), field removed",
        "an override keeping the removed parameter",
        K(
            "#28545",
            EV,
            EVW,
            "vllm/aeon/ev2.py",
            "import torch\n\nfrom vllm.lora.layers.base import BaseLayerWithLoRA\n\n\n"
            "class AeonDrafterLoRA(BaseLayerWithLoRA):\n"
            "    def set_lora(self, index: int, lora_a: torch.Tensor, lora_b: torch.Tensor, embeddings_tensor: torch.Tensor | None):  # type: ignore[no-untyped-def]\n"
            "        self.aeon_slots = (index, lora_a, lora_b)\n",
            "def set_lora(self, index: int, lora_a: torch.Tensor, lora_b: torch.Tensor, embeddings_tensor: torch.Tensor | None):  # type: ignore[no-untyped-def]",
        ),
    ),
    (
        "#28545 parameter removed (positional shift), field removed",
        "a read of the removed config field",
        K(
            "#28545",
            EV,
            EVW,
            "vllm/aeon/ev3.py",
            "from vllm.config.lora import LoRAConfig\n\n\n"
            "def aeon_vocab_pad(lora_config: LoRAConfig) -> int:\n"
            "    return lora_config.lora_extra_vocab_size\n",
            "return lora_config.lora_extra_vocab_size",
        ),
    ),
    (
        "#28545 parameter removed (positional shift), field removed",
        "twin: scaling by keyword",
        K(
            "#28545",
            EV,
            EVW,
            "vllm/aeon/ev4.py",
            "import torch\n\nfrom vllm.lora.lora_weights import LoRALayerWeights\n\n\n"
            "def aeon_head_lora_kw(a: torch.Tensor, b: torch.Tensor) -> LoRALayerWeights:\n"
            '    return LoRALayerWeights("lm_head", 16, 32, a, b, scaling=0.5)\n',
            'return LoRALayerWeights("lm_head", 16, 32, a, b, scaling=0.5)',
        ),
    ),
]

# --- #13208 (a0231b7c25): GroupCoordinator's pynccl_comm / ca_comm / use_custom_allreduce moved under
#     device_communicator
GC = "a0231b7c25"
GCW = "GroupCoordinator.pynccl_comm / ca_comm -> device_communicator"
PS = "import torch\n\nfrom vllm.distributed.parallel_state import get_tp_group\n\n\n"
CASES += [
    (
        "#13208 attributes moved under a new holder",
        "a communicator read off the group",
        K(
            "#13208",
            GC,
            GCW,
            "vllm/aeon/gc1.py",
            PS + "def aeon_allreduce_nvfp4_scales(scales: torch.Tensor) -> torch.Tensor:\n"
            "    pynccl = get_tp_group().pynccl_comm\n"
            "    return pynccl.all_reduce(scales)\n",
            "pynccl = get_tp_group().pynccl_comm",
        ),
    ),
    (
        "#13208 attributes moved under a new holder",
        "getattr with a None default (silent fallback)",
        K(
            "#13208",
            GC,
            GCW,
            "vllm/aeon/gc2.py",
            PS + "def aeon_fast_allreduce(t: torch.Tensor) -> torch.Tensor:\n"
            '    ca = getattr(get_tp_group(), "ca_comm", None)\n'
            "    if ca is not None and not ca.disabled:\n"
            "        out = ca.custom_all_reduce(t)\n"
            "        if out is not None:\n"
            "            return out\n"
            "    return get_tp_group().all_reduce(t)\n",
            'ca = getattr(get_tp_group(), "ca_comm", None)',
        ),
    ),
    (
        "#13208 attributes moved under a new holder",
        "a flag read off a typed group",
        K(
            "#13208",
            GC,
            GCW,
            "vllm/aeon/gc3.py",
            "from vllm.distributed.parallel_state import GroupCoordinator\n\n\n"
            "def aeon_custom_ar(group: GroupCoordinator) -> bool:\n"
            "    return group.use_custom_allreduce and group.world_size > 1\n",
            "return group.use_custom_allreduce and group.world_size > 1",
        ),
    ),
    (
        "#13208 attributes moved under a new holder",
        "twin: the group's own all_reduce",
        K(
            "#13208",
            GC,
            GCW,
            "vllm/aeon/gc4.py",
            PS + "def aeon_reduce(t: torch.Tensor) -> torch.Tensor:\n    return get_tp_group().all_reduce(t)\n",
            "return get_tp_group().all_reduce(t)",
        ),
    ),
]

# --- #11744 (635b897246): PyNcclCommunicator's own stream removed (.stream) and change_state(stream=) dropped
NS = "635b897246"
NSW = "PyNcclCommunicator.stream removed; change_state(enable, stream) -> change_state(enable)"
NC = "import torch\n\nfrom vllm.distributed.device_communicators.pynccl import PyNcclCommunicator\n\n\n"
CASES += [
    (
        "#11744 keyword parameter and attribute removed",
        "a keyword of the removed parameter",
        K(
            "#11744",
            NS,
            NSW,
            "vllm/aeon/ns1.py",
            NC + "def aeon_capture_reduce(comm: PyNcclCommunicator, t: torch.Tensor) -> None:\n"
            "    # AEON: thread_local capture needs the collective on the capturing stream\n"
            "    with comm.change_state(enable=True, stream=torch.cuda.current_stream()):\n"
            "        comm.all_reduce(t)\n",
            "with comm.change_state(enable=True, stream=torch.cuda.current_stream()):",
        ),
    ),
    (
        "#11744 keyword parameter and attribute removed",
        "a read of the removed attribute",
        K(
            "#11744",
            NS,
            NSW,
            "vllm/aeon/ns2.py",
            NC + "def aeon_sync(comm: PyNcclCommunicator) -> None:\n    comm.stream.synchronize()\n",
            "comm.stream.synchronize()",
        ),
    ),
    (
        "#11744 keyword parameter and attribute removed",
        "twin: the kept keyword",
        K(
            "#11744",
            NS,
            NSW,
            "vllm/aeon/ns3.py",
            NC + "def aeon_reduce_on(comm: PyNcclCommunicator, t: torch.Tensor) -> None:\n"
            "    with comm.change_state(enable=True):\n"
            "        comm.all_reduce(t)\n",
            "with comm.change_state(enable=True):",
        ),
    ),
]

# --- #25362 (6d0b827cbd): MultiModalRegistry.get_max_tokens_by_modality / get_max_multimodal_tokens removed
MM = "6d0b827cbd"
MMW = "MultiModalRegistry.get_max_multimodal_tokens / get_max_tokens_by_modality removed"
MR = "from vllm.config import ModelConfig\nfrom vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
CASES += [
    (
        "#25362 registry method removed",
        "a call on the registry",
        K(
            "#25362",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            MR + "def aeon_encoder_budget(model_config: ModelConfig) -> int:\n"
            "    # AEON: the omni image sizes its encoder cache under UMA by the worst case\n"
            "    return MULTIMODAL_REGISTRY.get_max_multimodal_tokens(model_config)\n",
            "return MULTIMODAL_REGISTRY.get_max_multimodal_tokens(model_config)",
        ),
    ),
    (
        "#25362 registry method removed",
        "a bound method kept in a name",
        K(
            "#25362",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            MR + "aeon_by_modality = MULTIMODAL_REGISTRY.get_max_tokens_by_modality\n\n\n"
            "def aeon_image_budget(model_config: ModelConfig) -> int:\n"
            '    return aeon_by_modality(model_config).get("image", 0)\n',
            "aeon_by_modality = MULTIMODAL_REGISTRY.get_max_tokens_by_modality",
        ),
    ),
    (
        "#25362 registry method removed",
        "twin: a kept method",
        K(
            "#25362",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            MR + "def aeon_per_item(model_config: ModelConfig) -> dict[str, int]:\n"
            "    return dict(MULTIMODAL_REGISTRY.get_max_tokens_per_item_by_modality(model_config))\n",
            "return dict(MULTIMODAL_REGISTRY.get_max_tokens_per_item_by_modality(model_config))",
        ),
    ),
]

# --- #16408 (83b824c8b4): BaseProcessingInfo.get_mm_max_tokens_per_item removed (profiling computes it)
MP = "83b824c8b4"
MPW = "BaseProcessingInfo.get_mm_max_tokens_per_item removed"
PI = "from collections.abc import Mapping\n\nfrom vllm.multimodal.processing import BaseProcessingInfo\n\n\n"
CASES += [
    (
        "#16408 hook removed under an override",
        "an override no longer called",
        K(
            "#16408",
            MP,
            MPW,
            "vllm/aeon/mp1.py",
            PI + "class AeonVisionInfo(BaseProcessingInfo):\n"
            "    def get_supported_mm_limits(self) -> Mapping[str, int | None]:\n"
            '        return {"image": 4}\n\n'
            "    def get_mm_max_tokens_per_item(self, seq_len: int, mm_counts: Mapping[str, int]) -> Mapping[str, int]:\n"
            "        # AEON: cap image tokens so the encoder cache fits next to the KV cache under UMA\n"
            '        return {"image": 1024}\n',
            "def get_mm_max_tokens_per_item(self, seq_len: int, mm_counts: Mapping[str, int]) -> Mapping[str, int]:",
        ),
    ),
    (
        "#16408 hook removed under an override",
        "a call on a typed info",
        K(
            "#16408",
            MP,
            MPW,
            "vllm/aeon/mp2.py",
            PI + "def aeon_image_tokens(info: BaseProcessingInfo, seq_len: int) -> int:\n"
            '    return info.get_mm_max_tokens_per_item(seq_len, {"image": 1})["image"]\n',
            'return info.get_mm_max_tokens_per_item(seq_len, {"image": 1})["image"]',
        ),
    ),
    (
        "#16408 hook removed under an override",
        "twin: a kept hook overridden",
        K(
            "#16408",
            MP,
            MPW,
            "vllm/aeon/mp3.py",
            PI + "class AeonAudioInfo(BaseProcessingInfo):\n"
            "    def get_supported_mm_limits(self) -> Mapping[str, int | None]:\n"
            '        return {"audio": 1}\n',
            "def get_supported_mm_limits(self) -> Mapping[str, int | None]:",
        ),
    ),
]

# --- #44165 (7c37096620): KVCacheManager takes scheduler_block_size, inserted before hash_block_size
KV = "7c37096620"
KVW = "KVCacheManager(kv_cache_config, max_model_len, hash_block_size, ...) gains scheduler_block_size third"
KM = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.kv_cache_interface import KVCacheConfig\n\n\n"
CASES += [
    (
        "#44165 required parameter inserted",
        "a positional construction (every later value shifts)",
        K(
            "#44165",
            KV,
            KVW,
            "vllm/aeon/kv1.py",
            KM + "def aeon_manager(config: KVCacheConfig, max_len: int, block: int, budget: int) -> KVCacheManager:\n"
            "    # AEON: the drafter's own manager for the DFlash context slots\n"
            "    return KVCacheManager(config, max_len, block, budget)\n",
            "return KVCacheManager(config, max_len, block, budget)",
        ),
    ),
    (
        "#44165 required parameter inserted",
        "a subclass's super().__init__",
        K(
            "#44165",
            KV,
            KVW,
            "vllm/aeon/kv2.py",
            KM + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def __init__(self, config: KVCacheConfig, max_len: int, block: int) -> None:\n"
            "        super().__init__(config, max_len, block, enable_caching=True)\n"
            "        self.aeon_ctx_slots: dict[str, int] = {}\n",
            "super().__init__(config, max_len, block, enable_caching=True)",
        ),
    ),
    (
        "#44165 required parameter inserted",
        "twin: a method call on the manager",
        K(
            "#44165",
            KV,
            KVW,
            "vllm/aeon/kv3.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
            "def aeon_drop(manager: KVCacheManager, request: Request) -> None:\n"
            "    manager.free(request)\n",
            "manager.free(request)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-platform-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
