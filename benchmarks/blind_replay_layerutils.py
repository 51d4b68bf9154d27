"""A blind replay of the shared layer helpers a fork's custom model and kernel code imports, subclasses and calls.

11 first-parent commits on ``vllm/model_executor/layers/`` ``batch_invariant.py``, ``utils.py``, ``layernorm.py``
and ``vocab_parallel_embedding.py`` -- the batch-invariance module's functions and state
(``set_batch_invariant_mode`` and ``get_batch_invariant_attention_block_size`` removed as unused,
``init_batch_invariance``/``override_envs_for_invariance`` gaining a required ``attention_backend`` and later
losing it again, ``vllm_is_batch_invariant`` and ``VLLM_BATCH_INVARIANT`` moved to ``envs``, the
``_original_torch_bmm`` global removed as dead, ``rms_norm`` folded into ``rms_norm_batch_invariant``), the norm
layers a fork subclasses (``GemmaRMSNorm.forward_static`` split in two, ``RMSNorm.forward_static``,
``rocm_norm_func_with_add`` and the module's ``fused_add_rms_norm`` removed for the IR ops, the ROCm AITER norm
helpers moved out of the module), the unquantized GEMM helper (``rocm_unquantized_gemm`` gaining a leading
``layer`` parameter) and the embedding's ``linear_method`` renamed ``quant_method`` -- picked by scanning those
paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed
under 1-3 fork spellings written the way fork code is written (an import, a module attribute call or read, a
call without the new argument, a positional argument or a keyword the function no longer takes, a static
method called off the class, a subclass override the base no longer calls, a read off ``self`` in a subclass or
off a typed attribute), with twins (fork code the commit does not break).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 972980f2): 22 caught, 0 warned, 0 missed of 22 (twins: 11
quiet, 0 false errors) in 14 s.  Every shape here (an import or a module attribute of a removed name, a call
missing a new required argument or passing a removed one, a positional parameter inserted first, a static method
called off the class or overridden after upstream removed it, a removed attribute read off ``self`` or a typed
attribute) is symbol drift the engine already knew.  So a second blind batch tried harder shapes (7 commits, 10 spellings, 6
twins; written and committed before the engine ran on them): 4 caught, 0 warned, 6 missed of 10 (twins: 6 quiet, 0
false errors).  Missed: #29038's ``vllm_is_batch_invariant.cache_clear()`` twice (upstream dropped the function's
``@functools.cache``: AttributeError), #17986's ``get_act_and_mul_fn("gelu_and_mul")`` (a registry key renamed
``geglu``; the word lives on as a custom op's name, so name drift's "gone everywhere" says nothing), #37469's two
(``get_act_fn("gelu")`` now builds vLLM's ``GELU`` CustomOp, not ``nn.GELU``: an ``isinstance(act, nn.GELU)`` turns
False, ``.approximate`` raises), and #20255's ``dispatch_unquantized_gemm()(x, w, None)`` (every function the
dispatcher returns now takes the layer first).
After the killers100 widenings (both batches): 30 caught, 1 warned, 1 missed of 32 (twins: 17 quiet, 0 false
errors).  Caught now: a cache's method (``cache_clear``/``cache_info``/``cache_parameters``) off a module-level
function whose ``@cache``/``@lru_cache`` upstream removed (decorator drift, ``drift/dropped_caches.py``); a key
upstream dropped from a module's table (``LazyDict({...})`` too) whose word lives on elsewhere, passed to the
function that looks it up there (name drift, ``drift/dropped_table_keys.py``); a call of what a dispatcher returns
where every function it returns changed signature (symbol drift, ``drift/dispatched_calls.py``).  Warned: #37469's
``get_act_fn("gelu").approximate``, an attribute the entry's new class does not define (type drift, a warning:
``drift/rebuilt_entries.py``).  Left: #37469's ``isinstance(get_act_fn(name), nn.GELU)`` with the key in a
variable (the registry still builds an ``nn.GELU`` for ``gelu_pytorch_tanh``: nothing certain to say).

  python benchmarks/blind_replay_layerutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

BI = "from vllm.model_executor.layers import batch_invariant as bi\n\n\n"
LN = "from vllm.model_executor.layers import layernorm\n\n\n"

# --- #28881 (3ddcf46011): set_batch_invariant_mode, disable_batch_invariant_mode and
#     get_batch_invariant_attention_block_size removed as unused
UF = "3ddcf46011"
UFW = "unused batch-invariant helpers removed"
CASES += [
    (
        "#28881 function removed",
        "an import of a removed context manager",
        K(
            "#28881",
            UF,
            UFW,
            "vllm/aeon/uf1.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.batch_invariant import set_batch_invariant_mode\n\n\n"
            "def aeon_reference_logits(model: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's determinism probe runs one pass under the invariant kernels\n"
            "    with set_batch_invariant_mode(True):\n"
            "        return model(x)\n",
            "from vllm.model_executor.layers.batch_invariant import set_batch_invariant_mode",
        ),
    ),
    (
        "#28881 function removed",
        "a module attribute call",
        K(
            "#28881",
            UF,
            UFW,
            "vllm/aeon/uf2.py",
            BI + "def aeon_block_m() -> int:\n"
            "    # AEON: the GB10 attention tile follows the invariant block size\n"
            "    return bi.get_batch_invariant_attention_block_size().block_m\n",
            "return bi.get_batch_invariant_attention_block_size().block_m",
        ),
    ),
    (
        "#28881 function removed",
        "twin: enable_batch_invariant_mode kept",
        K(
            "#28881",
            UF,
            UFW,
            "vllm/aeon/uf3.py",
            "from vllm.model_executor.layers.batch_invariant import enable_batch_invariant_mode\n\n\n"
            "def aeon_force_invariant() -> None:\n"
            "    enable_batch_invariant_mode()\n",
            "enable_batch_invariant_mode()",
        ),
    ),
]

# --- #30704 (60dbf7d8f1): init_batch_invariance / override_envs_for_invariance take the attention backend
AB = "60dbf7d8f1"
ABW = "init_batch_invariance(attention_backend) now required"
CASES += [
    (
        "#30704 required parameter added",
        "a call without the new argument",
        K(
            "#30704",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            "from vllm.model_executor.layers.batch_invariant import init_batch_invariance\n\n\n"
            "def aeon_worker_setup() -> None:\n"
            "    # AEON: the Spark's worker pins the invariant kernels before the model loads\n"
            "    init_batch_invariance()\n",
            "init_batch_invariance()",
        ),
    ),
    (
        "#30704 required parameter added",
        "a module attribute call without the new argument",
        K(
            "#30704",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            BI + "def aeon_pin_backend() -> None:\n    bi.override_envs_for_invariance()\n",
            "bi.override_envs_for_invariance()",
        ),
    ),
    (
        "#30704 required parameter added",
        "twin: vllm_is_batch_invariant() unchanged",
        K(
            "#30704",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            "from vllm.model_executor.layers.batch_invariant import vllm_is_batch_invariant\n\n\n"
            "def aeon_invariant() -> bool:\n"
            "    return vllm_is_batch_invariant()\n",
            "return vllm_is_batch_invariant()",
        ),
    ),
]

# --- #40193 (b7a2605020): the attention_backend parameter removed again (the selector is invariance-aware)
AR = "b7a2605020"
ARW = "init_batch_invariance(attention_backend) parameter removed"
ABE = (
    "from vllm.model_executor.layers import batch_invariant as bi\n"
    "from vllm.v1.attention.backends.registry import AttentionBackendEnum\n\n\n"
)
CASES += [
    (
        "#40193 parameter removed",
        "a positional argument",
        K(
            "#40193",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            ABE + "def aeon_worker_setup(backend: AttentionBackendEnum | None) -> None:\n"
            "    # AEON: GB10 has no FA3; the worker hands the chosen backend on\n"
            "    bi.init_batch_invariance(backend)\n",
            "bi.init_batch_invariance(backend)",
        ),
    ),
    (
        "#40193 parameter removed",
        "a keyword argument",
        K(
            "#40193",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            ABE + "def aeon_pin_backend() -> None:\n"
            "    bi.override_envs_for_invariance(attention_backend=AttentionBackendEnum.TRITON_ATTN)\n",
            "bi.override_envs_for_invariance(attention_backend=AttentionBackendEnum.TRITON_ATTN)",
        ),
    ),
    (
        "#40193 parameter removed",
        "twin: enable_batch_invariant_mode() unchanged",
        K(
            "#40193",
            AR,
            ARW,
            "vllm/aeon/ar3.py",
            BI + "def aeon_force_invariant() -> None:\n    bi.enable_batch_invariant_mode()\n",
            "bi.enable_batch_invariant_mode()",
        ),
    ),
]

# --- #35007 (dc6908ac6a): VLLM_BATCH_INVARIANT and vllm_is_batch_invariant moved to vllm.envs
EV = "dc6908ac6a"
EVW = "vllm_is_batch_invariant removed for envs.VLLM_BATCH_INVARIANT"
CASES += [
    (
        "#35007 function moved",
        "an import of the moved predicate",
        K(
            "#35007",
            EV,
            EVW,
            "vllm/aeon/ev1.py",
            "from vllm.model_executor.layers.batch_invariant import vllm_is_batch_invariant\n\n\n"
            "def aeon_allow_cascade() -> bool:\n"
            "    # AEON: cascade attention breaks invariance on the Spark\n"
            "    return not vllm_is_batch_invariant()\n",
            "from vllm.model_executor.layers.batch_invariant import vllm_is_batch_invariant",
        ),
    ),
    (
        "#35007 function moved",
        "a module constant read",
        K(
            "#35007",
            EV,
            EVW,
            "vllm/aeon/ev2.py",
            BI + "def aeon_invariant() -> bool:\n    return bi.VLLM_BATCH_INVARIANT\n",
            "return bi.VLLM_BATCH_INVARIANT",
        ),
    ),
    (
        "#35007 function moved",
        "twin: init_batch_invariance imported",
        K(
            "#35007",
            EV,
            EVW,
            "vllm/aeon/ev3.py",
            "from vllm.model_executor.layers.batch_invariant import init_batch_invariance\n\n\n"
            "def aeon_setup() -> None:\n"
            "    init_batch_invariance(None)\n",
            "init_batch_invariance(None)",
        ),
    ),
]

# --- #41993 (4b64fc2cbf): the dead _original_* module globals removed
DG = "4b64fc2cbf"
DGW = "batch_invariant._original_torch_bmm removed"
CASES += [
    (
        "#41993 module global removed",
        "a module global read",
        K(
            "#41993",
            DG,
            DGW,
            "vllm/aeon/dg1.py",
            "import torch\n\n" + BI + "def aeon_restore_bmm() -> None:\n"
            "    # AEON: the Spark's eval harness switches the invariant bmm off between runs\n"
            "    if bi._original_torch_bmm is not None:\n"
            "        torch.bmm = bi._original_torch_bmm\n",
            "if bi._original_torch_bmm is not None:",
        ),
    ),
    (
        "#41993 module global removed",
        "twin: _batch_invariant_MODE kept",
        K(
            "#41993",
            DG,
            DGW,
            "vllm/aeon/dg2.py",
            BI + "def aeon_mode_on() -> bool:\n    return bool(bi._batch_invariant_MODE)\n",
            "return bool(bi._batch_invariant_MODE)",
        ),
    ),
]

# --- #42453 (dad95e34d8): batch_invariant.rms_norm folded into rms_norm_batch_invariant(..., residual=None)
RN = "dad95e34d8"
RNW = "batch_invariant.rms_norm removed"
CASES += [
    (
        "#42453 function removed",
        "an import under an alias",
        K(
            "#42453",
            RN,
            RNW,
            "vllm/aeon/rn1.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.batch_invariant import rms_norm as bi_rms_norm\n\n\n"
            "def aeon_norm(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:\n"
            "    return bi_rms_norm(x, w, eps=1e-6)\n",
            "from vllm.model_executor.layers.batch_invariant import rms_norm as bi_rms_norm",
        ),
    ),
    (
        "#42453 function removed",
        "a module attribute call",
        K(
            "#42453",
            RN,
            RNW,
            "vllm/aeon/rn2.py",
            "import torch\n\n" + BI + "def aeon_norm2(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:\n"
            "    return bi.rms_norm(x, w, 1e-5)\n",
            "return bi.rms_norm(x, w, 1e-5)",
        ),
    ),
    (
        "#42453 function removed",
        "twin: rms_norm_batch_invariant with three arguments",
        K(
            "#42453",
            RN,
            RNW,
            "vllm/aeon/rn3.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.batch_invariant import rms_norm_batch_invariant\n\n\n"
            "def aeon_norm3(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:\n"
            "    return rms_norm_batch_invariant(x, w, 1e-6)\n",
            "return rms_norm_batch_invariant(x, w, 1e-6)",
        ),
    ),
]

# --- #32885 (a8eb1182f1): GemmaRMSNorm.forward_static split into _forward_static_no_residual/_with_residual
GS = "a8eb1182f1"
GSW = "GemmaRMSNorm.forward_static removed"
GEM = "import torch\n\nfrom vllm.model_executor.layers.layernorm import GemmaRMSNorm\n\n\n"
CASES += [
    (
        "#32885 static method removed",
        "a static method called off the class",
        K(
            "#32885",
            GS,
            GSW,
            "vllm/aeon/gs1.py",
            GEM + "def aeon_gemma_norm(norm: GemmaRMSNorm, x: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's vision tower runs the native Gemma norm outside the graph\n"
            "    return GemmaRMSNorm.forward_static(norm.weight.data, norm.variance_epsilon, x, None)\n",
            "return GemmaRMSNorm.forward_static(norm.weight.data, norm.variance_epsilon, x, None)",
        ),
    ),
    (
        "#32885 static method removed",
        "a subclass override the base no longer calls",
        K(
            "#32885",
            GS,
            GSW,
            "vllm/aeon/gs2.py",
            GEM + "class AeonGemmaRMSNorm(GemmaRMSNorm):\n"
            "    @staticmethod\n"
            "    def forward_static(\n"
            "        weight: torch.Tensor,\n"
            "        variance_epsilon: float,\n"
            "        x: torch.Tensor,\n"
            "        residual: torch.Tensor | None,\n"
            "    ) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:\n"
            "        # AEON: GB10 keeps the norm in fp32 end to end\n"
            "        if residual is not None:\n"
            "            x = x.float() + residual.float()\n"
            "            residual = x\n"
            "        x = x.float()\n"
            "        x = x * torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + variance_epsilon)\n"
            "        x = x * (1.0 + weight.float())\n"
            "        return x if residual is None else (x, residual)\n",
            "def forward_static(",
        ),
    ),
    (
        "#32885 static method removed",
        "twin: a forward_native override calling super()",
        K(
            "#32885",
            GS,
            GSW,
            "vllm/aeon/gs3.py",
            GEM + "class AeonGemmaRMSNorm2(GemmaRMSNorm):\n"
            "    def forward_native(self, x: torch.Tensor, residual: torch.Tensor | None = None):\n"
            "        return super().forward_native(x.contiguous(), residual)\n",
            "return super().forward_native(x.contiguous(), residual)",
        ),
    ),
]

# --- #36823 (d58c42e19c): RMSNorm's forward_static, forward_hip, rocm_norm_func_with_add and the module's
#     fused_add_rms_norm / dispatch_rocm_rmsnorm_func removed for the vLLM IR ops
IR = "d58c42e19c"
IRW = "RMSNorm.forward_static / rocm_norm_func_with_add / fused_add_rms_norm removed"
RMS = "import torch\n\nfrom vllm.model_executor.layers.layernorm import RMSNorm\n\n\n"
CASES += [
    (
        "#36823 attribute removed",
        "a read off self in a subclass override",
        K(
            "#36823",
            IR,
            IRW,
            "vllm/aeon/ir1.py",
            RMS + "class AeonRMSNorm(RMSNorm):\n"
            "    def forward_hip(self, x: torch.Tensor, residual: torch.Tensor | None = None):\n"
            "        # AEON: the MI300 lane always fuses the residual add\n"
            "        if residual is None:\n"
            "            return self.forward_native(x)\n"
            "        return self.rocm_norm_func_with_add(x, residual, self.weight.data, self.variance_epsilon)\n",
            "return self.rocm_norm_func_with_add(x, residual, self.weight.data, self.variance_epsilon)",
        ),
    ),
    (
        "#36823 attribute removed",
        "a static method called off the class",
        K(
            "#36823",
            IR,
            IRW,
            "vllm/aeon/ir2.py",
            RMS + "def aeon_native_norm(norm: RMSNorm, x: torch.Tensor) -> torch.Tensor:\n"
            "    return RMSNorm.forward_static(x, norm.variance_epsilon, norm.hidden_size, x.dtype, norm.weight.data)\n",
            "return RMSNorm.forward_static(x, norm.variance_epsilon, norm.hidden_size, x.dtype, norm.weight.data)",
        ),
    ),
    (
        "#36823 attribute removed",
        "an import of a removed module function",
        K(
            "#36823",
            IR,
            IRW,
            "vllm/aeon/ir3.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.layernorm import fused_add_rms_norm\n\n\n"
            "def aeon_add_norm(x: torch.Tensor, r: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "    return fused_add_rms_norm(x, r, w, 1e-6)\n",
            "from vllm.model_executor.layers.layernorm import fused_add_rms_norm",
        ),
    ),
    (
        "#36823 attribute removed",
        "twin: variance_epsilon read off self",
        K(
            "#36823",
            IR,
            IRW,
            "vllm/aeon/ir4.py",
            RMS + "class AeonRMSNorm4(RMSNorm):\n"
            "    def aeon_eps(self) -> float:\n"
            "        return float(self.variance_epsilon)\n",
            "return float(self.variance_epsilon)",
        ),
    ),
]

# --- #20255 (6cc1e7d96d): rocm_unquantized_gemm(x, weight, bias) -> rocm_unquantized_gemm(layer, x, weight, bias)
UG = "6cc1e7d96d"
UGW = "rocm_unquantized_gemm gains a leading layer parameter"
UGI = "import torch\n\nfrom vllm.model_executor.layers.utils import rocm_unquantized_gemm\n\n\n"
CASES += [
    (
        "#20255 positional parameter inserted first",
        "three positional arguments",
        K(
            "#20255",
            UG,
            UGW,
            "vllm/aeon/ug1.py",
            UGI + "def aeon_head_gemm(layer: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the MI300 lane takes the skinny GEMM for the draft head\n"
            "    return rocm_unquantized_gemm(x, layer.weight, None)\n",
            "return rocm_unquantized_gemm(x, layer.weight, None)",
        ),
    ),
    (
        "#20255 positional parameter inserted first",
        "keywords after the first positional",
        K(
            "#20255",
            UG,
            UGW,
            "vllm/aeon/ug2.py",
            UGI + "def aeon_head_gemm2(layer: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:\n"
            "    return rocm_unquantized_gemm(x, weight=layer.weight, bias=layer.bias)\n",
            "return rocm_unquantized_gemm(x, weight=layer.weight, bias=layer.bias)",
        ),
    ),
    (
        "#20255 positional parameter inserted first",
        "twin: apply_penalties unchanged",
        K(
            "#20255",
            UG,
            UGW,
            "vllm/aeon/ug3.py",
            "import torch\n\nfrom vllm.model_executor.layers.utils import apply_penalties\n\n\n"
            "def aeon_penalize(logits: torch.Tensor, p: torch.Tensor, o: torch.Tensor, pen: torch.Tensor) -> torch.Tensor:\n"
            "    return apply_penalties(logits, p, o, pen, pen, pen)\n",
            "return apply_penalties(logits, p, o, pen, pen, pen)",
        ),
    ),
]

# --- #24490 (f080a83511): the ROCm AITER norm helpers moved out of layernorm into _aiter_ops
AI = "f080a83511"
AIW = "is_rocm_aiter_rmsnorm_enabled / rocm_aiter_rms_norm_impl removed from layernorm"
CASES += [
    (
        "#24490 function moved",
        "an import of the moved predicate",
        K(
            "#24490",
            AI,
            AIW,
            "vllm/aeon/ai1.py",
            "from vllm.model_executor.layers.layernorm import is_rocm_aiter_rmsnorm_enabled\n\n\n"
            "def aeon_use_aiter_norm() -> bool:\n"
            "    # AEON: the MI300 lane takes AITER's norm when the env asks for it\n"
            "    return is_rocm_aiter_rmsnorm_enabled()\n",
            "from vllm.model_executor.layers.layernorm import is_rocm_aiter_rmsnorm_enabled",
        ),
    ),
    (
        "#24490 function moved",
        "a module attribute call",
        K(
            "#24490",
            AI,
            AIW,
            "vllm/aeon/ai2.py",
            "import torch\n\n" + LN + "def aeon_aiter_norm(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:\n"
            "    return layernorm.rocm_aiter_rms_norm_impl(x, w, 1e-6)\n",
            "return layernorm.rocm_aiter_rms_norm_impl(x, w, 1e-6)",
        ),
    ),
    (
        "#24490 function moved",
        "twin: RMSNorm built with eps",
        K(
            "#24490",
            AI,
            AIW,
            "vllm/aeon/ai3.py",
            LN + "def aeon_norm_layer(hidden: int) -> layernorm.RMSNorm:\n"
            "    return layernorm.RMSNorm(hidden, eps=1e-6)\n",
            "return layernorm.RMSNorm(hidden, eps=1e-6)",
        ),
    ),
]

# --- #7086 (36a08630e8): VocabParallelEmbedding.linear_method renamed quant_method
QM = "36a08630e8"
QMW = "VocabParallelEmbedding.linear_method renamed quant_method"
VPE = "import torch\n\nfrom vllm.model_executor.layers.vocab_parallel_embedding import ParallelLMHead\n\n\n"
CASES += [
    (
        "#7086 attribute renamed",
        "a read off a typed attribute",
        K(
            "#7086",
            QM,
            QMW,
            "vllm/aeon/qm1.py",
            VPE + "class AeonDraftHead(torch.nn.Module):\n"
            "    def __init__(self, vocab: int, hidden: int) -> None:\n"
            "        super().__init__()\n"
            "        self.lm_head = ParallelLMHead(vocab, hidden)\n\n"
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's draft head skips the logits processor's gather\n"
            "        return self.lm_head.linear_method.apply(self.lm_head, hidden_states, bias=None)\n",
            "return self.lm_head.linear_method.apply(self.lm_head, hidden_states, bias=None)",
        ),
    ),
    (
        "#7086 attribute renamed",
        "a read off self in a subclass",
        K(
            "#7086",
            QM,
            QMW,
            "vllm/aeon/qm2.py",
            VPE + "class AeonLMHead(ParallelLMHead):\n"
            "    def aeon_is_quantized(self) -> bool:\n"
            "        return type(self.linear_method).__name__ != 'UnquantizedEmbeddingMethod'\n",
            "return type(self.linear_method).__name__ != 'UnquantizedEmbeddingMethod'",
        ),
    ),
    (
        "#7086 attribute renamed",
        "twin: the weight read off a typed attribute",
        K(
            "#7086",
            QM,
            QMW,
            "vllm/aeon/qm3.py",
            VPE + "def aeon_head_rows(lm_head: ParallelLMHead) -> int:\n    return lm_head.weight.shape[0]\n",
            "return lm_head.weight.shape[0]",
        ),
    ),
]


# ---------------------------------------------------------------------------------------------------------------
# Second blind batch (written and committed before the engine ran on it): the shapes the first batch did not try.

# --- #29038 (2c52c7fd9a): vllm_is_batch_invariant lost its @functools.cache (a module constant read at import)
CC = "2c52c7fd9a"
CCW = "vllm_is_batch_invariant no longer @cache'd (no cache_clear)"
CASES += [
    (
        "#29038 decorator removed",
        "a cache_clear() off the function",
        K(
            "#29038",
            CC,
            CCW,
            "vllm/aeon/cc1.py",
            "import os\n\n"
            "from vllm.model_executor.layers.batch_invariant import vllm_is_batch_invariant\n\n\n"
            "def aeon_force_invariant_env() -> bool:\n"
            "    # AEON: the Spark's determinism lane flips the env after import\n"
            '    os.environ["VLLM_BATCH_INVARIANT"] = "1"\n'
            "    vllm_is_batch_invariant.cache_clear()\n"
            "    return vllm_is_batch_invariant()\n",
            "vllm_is_batch_invariant.cache_clear()",
        ),
    ),
    (
        "#29038 decorator removed",
        "a cache_clear() through the module",
        K(
            "#29038",
            CC,
            CCW,
            "vllm/aeon/cc2.py",
            BI + "def aeon_reset() -> None:\n    bi.vllm_is_batch_invariant.cache_clear()\n",
            "bi.vllm_is_batch_invariant.cache_clear()",
        ),
    ),
    (
        "#29038 decorator removed",
        "twin: a plain call",
        K(
            "#29038",
            CC,
            CCW,
            "vllm/aeon/cc3.py",
            BI + "def aeon_on() -> bool:\n    return bi.vllm_is_batch_invariant()\n",
            "return bi.vllm_is_batch_invariant()",
        ),
    ),
]

# --- #17986 (63ad622233): the "gelu_and_mul" key of the act-and-mul registry renamed "geglu"
GK = "63ad622233"
GKW = "act-and-mul registry key gelu_and_mul -> geglu"
ACT = "from vllm.model_executor.layers.activation import get_act_and_mul_fn\n\n\n"
CASES += [
    (
        "#17986 registry key renamed",
        "a string key to the registry's getter",
        K(
            "#17986",
            GK,
            GKW,
            "vllm/aeon/gk1.py",
            "import torch\n\n" + ACT + "def aeon_mlp_act() -> torch.nn.Module:\n"
            "    # AEON: the Spark's GeGLU MLP\n"
            '    return get_act_and_mul_fn("gelu_and_mul")\n',
            'return get_act_and_mul_fn("gelu_and_mul")',
        ),
    ),
    (
        "#17986 registry key renamed",
        "twin: the silu key kept",
        K(
            "#17986",
            GK,
            GKW,
            "vllm/aeon/gk2.py",
            "import torch\n\n" + ACT + "def aeon_mlp_act2() -> torch.nn.Module:\n"
            '    return get_act_and_mul_fn("silu")\n',
            'return get_act_and_mul_fn("silu")',
        ),
    ),
]

# --- #22948 (f1f0d2fab8): the gpt-oss activation reverted (SwigluOAIAndMul and its registry key gone)
SW = "f1f0d2fab8"
SWW = "SwigluOAIAndMul and the swigluoai_and_mul key removed"
CASES += [
    (
        "#22948 registry key removed",
        "a string key to the registry's getter",
        K(
            "#22948",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            "import torch\n\n" + ACT + "def aeon_oai_act() -> torch.nn.Module:\n"
            '    return get_act_and_mul_fn("swigluoai_and_mul")\n',
            'return get_act_and_mul_fn("swigluoai_and_mul")',
        ),
    ),
    (
        "#22948 registry key removed",
        "twin: the geglu key kept",
        K(
            "#22948",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            "import torch\n\n" + ACT + "def aeon_geglu_act() -> torch.nn.Module:\n"
            '    return get_act_and_mul_fn("geglu")\n',
            'return get_act_and_mul_fn("geglu")',
        ),
    ),
]

# --- #37469 (445b7093fd): get_act_fn("gelu") returns vLLM's GELU CustomOp, no longer torch's nn.GELU
GT = "445b7093fd"
GTW = 'get_act_fn("gelu") now a GELU CustomOp, not nn.GELU'
GAF = "from torch import nn\n\nfrom vllm.model_executor.layers.activation import get_act_fn\n\n\n"
CASES += [
    (
        "#37469 registry value retyped",
        "an isinstance test of the returned module",
        K(
            "#37469",
            GT,
            GTW,
            "vllm/aeon/gt1.py",
            GAF + "def aeon_exact_gelu(name: str) -> bool:\n"
            "    act = get_act_fn(name)\n"
            "    # AEON: the GB10 fused MLP kernel only implements torch's exact GELU\n"
            "    return isinstance(act, nn.GELU) and act.approximate == 'none'\n",
            "return isinstance(act, nn.GELU) and act.approximate == 'none'",
        ),
    ),
    (
        "#37469 registry value retyped",
        "an attribute of the old type read off the returned module",
        K(
            "#37469",
            GT,
            GTW,
            "vllm/aeon/gt2.py",
            GAF + 'def aeon_gelu_mode() -> str:\n    return get_act_fn("gelu").approximate\n',
            'return get_act_fn("gelu").approximate',
        ),
    ),
    (
        "#37469 registry value retyped",
        "twin: the relu entry kept",
        K(
            "#37469",
            GT,
            GTW,
            "vllm/aeon/gt3.py",
            GAF + 'def aeon_is_relu() -> bool:\n    return isinstance(get_act_fn("relu"), nn.ReLU)\n',
            'return isinstance(get_act_fn("relu"), nn.ReLU)',
        ),
    ),
]

# --- #46835 (0e207dac78): VocabParallelEmbedding.__init__ now calls a new self._register_bias()
RB = "0e207dac78"
RBW = "new base hook _register_bias called from __init__"
PLH = "import torch\n\nfrom vllm.model_executor.layers.vocab_parallel_embedding import ParallelLMHead\n\n\n"
CASES += [
    (
        "#46835 new base hook",
        "a fork method of the hook's name with a required parameter",
        K(
            "#46835",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            PLH + "class AeonLMHead(ParallelLMHead):\n"
            "    def _register_bias(self, bias: torch.Tensor) -> None:\n"
            "        # AEON: the Spark's draft head loads a bias trained offline\n"
            '        self.register_buffer("aeon_bias", bias, persistent=False)\n',
            "def _register_bias(self, bias: torch.Tensor) -> None:",
        ),
    ),
    (
        "#46835 new base hook",
        "twin: a fork method of another name",
        K(
            "#46835",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            PLH + "class AeonLMHead2(ParallelLMHead):\n"
            "    def aeon_register_bias(self, bias: torch.Tensor) -> None:\n"
            '        self.register_buffer("aeon_bias", bias, persistent=False)\n',
            "def aeon_register_bias(self, bias: torch.Tensor) -> None:",
        ),
    ),
]

# --- #48390 (107a03ba63): LogitsProcessor._get_logits now calls a new self._apply_head(lm_head, hidden, bias)
AH = "107a03ba63"
AHW = "new base hook LogitsProcessor._apply_head"
LP = "import torch\n\nfrom vllm.model_executor.layers.logits_processor import LogitsProcessor\n\n\n"
CASES += [
    (
        "#48390 new base hook",
        "a fork method of the hook's name taking one tensor",
        K(
            "#48390",
            AH,
            AHW,
            "vllm/aeon/ah1.py",
            LP + "class AeonLogitsProcessor(LogitsProcessor):\n"
            "    def _apply_head(self, logits: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's head clamps logits before the sampler\n"
            "        return logits.clamp(min=-1e4, max=1e4)\n",
            "def _apply_head(self, logits: torch.Tensor) -> torch.Tensor:",
        ),
    ),
]

# --- #20255 (6cc1e7d96d), again: the GEMM dispatch_unquantized_gemm() returns now takes the layer first
CASES += [
    (
        "#20255 returned callable's parameter inserted first",
        "a call of the dispatcher's result",
        K(
            "#20255",
            UG,
            UGW,
            "vllm/aeon/ug4.py",
            "import torch\n\nfrom vllm.model_executor.layers.utils import dispatch_unquantized_gemm\n\n\n"
            "def aeon_gemm(layer: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:\n"
            "    return dispatch_unquantized_gemm()(x, layer.weight, None)\n",
            "return dispatch_unquantized_gemm()(x, layer.weight, None)",
        ),
    ),
]

# --- #32806 (5e4e0e51f4): CustomOp.__init__'s enforce_enable made keyword-only (SiluAndMul gains compile_native)
KO = "5e4e0e51f4"
KOW = "CustomOp.__init__(enforce_enable) keyword-only"
CASES += [
    (
        "#32806 parameter made keyword-only",
        "a positional argument to super().__init__",
        K(
            "#32806",
            KO,
            KOW,
            "vllm/aeon/ko1.py",
            "import torch\n\nfrom vllm.model_executor.custom_op import CustomOp\n\n\n"
            "class AeonSquash(CustomOp):\n"
            "    def __init__(self) -> None:\n"
            "        # AEON: always the custom kernel on the Spark, whatever custom_ops says\n"
            "        super().__init__(True)\n\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return torch.tanh(x)\n",
            "super().__init__(True)",
        ),
    ),
    (
        "#32806 parameter made keyword-only",
        "twin: the keyword spelled",
        K(
            "#32806",
            KO,
            KOW,
            "vllm/aeon/ko2.py",
            "import torch\n\nfrom vllm.model_executor.custom_op import CustomOp\n\n\n"
            "class AeonSquash2(CustomOp):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__(enforce_enable=True)\n\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return torch.tanh(x)\n",
            "super().__init__(enforce_enable=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-layerutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
