"""A blind replay of the basic model layers: activations, norms, the vocab-parallel embedding and the logits processor.

10 first-parent commits on ``vllm/model_executor/layers/{activation,layernorm,vocab_parallel_embedding,
logits_processor}.py`` and the fused norm/activation wrappers of ``vllm/_custom_ops.py`` -- the surface a fork's
model, its custom activation or norm, and its LM head carry code against: the Python wrappers of the fused
activation kernels removed from ``_custom_ops`` (``silu_and_mul``; ``gelu_and_mul``, ``gelu_tanh_and_mul``,
``fatrelu_and_mul``), the ROCm AITER norm helpers renamed and their dispatcher removed, the AITER fused add-norm
made out-of-place (it returns fresh tensors and leaves its arguments alone), ``GemmaRMSNorm``'s two static
helpers removed, ``RMSNorm`` given a ``forward_static`` its ``forward_native`` calls on ``self``,
``ReLUSquaredActivation.forward_cuda`` made a kernel call that no longer reaches ``forward_native``, the clamped
SiLU kernel given two more arguments, and names the layer modules stopped importing
(``get_tensor_model_parallel_world_size`` off ``logits_processor``, ``get_current_vllm_config`` off
``layernorm``) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the
other replays use.  Each is replayed under 1-2 fork spellings written the way fork code is written (a module
alias call, an import, a table of callables, ``getattr`` with a literal, a call on the class, a subclass's
``self.`` call, a subclass override, a bare call whose result is dropped) with twins (fork code the commit
does not break: the kept wrapper, the kernel op itself, the kept method, the result used).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned*
when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 2aa1f4ed): 11 caught, 0 warned, 3 missed of 14 (twins: 10
quiet, 0 false errors).  The misses: #17857's (``rocm_aiter_fused_add_rms_norm`` returned the arguments it wrote,
``return x, residual``, and now returns fresh tensors; a fork's bare call that reads ``x`` and ``residual`` after
it reads unnormed inputs), #39058's (``ReLUSquaredActivation.forward_cuda`` returned ``self.forward_native(x)``
and now runs a kernel; a fork subclass that overrides only ``forward_native`` is bypassed on CUDA) and #45381's
(the ``silu_and_mul_with_clamp`` op's schema gained ``alpha`` and ``beta``; a fork's ``self.op(out, x,
self.swiglu_limit)`` raises).  That last one was the blind pick's mistake: it read upstream's Python call site
only, and the schema defaults both (``float alpha=1.0, float beta=0.0``), so the three-argument call still binds
and computes what it did; it is a twin since (13 spellings, 11 twins).

After the killers121 widenings: 13 caught, 0 warned, 0 missed of 13 (twins: 11 quiet, 0 false errors); with two
spellings added after the blind run (a module-attribute call by keyword in a method, a base named off its
module): 15 of 15 caught.  Caught
now: an inlined delegation (a hook upstream bypassed, ``drift/bypassed_hooks.py``: a method that was ``return
self.M(...)`` alone no longer reaches ``M``, and the fork's override of ``M`` does not run on its path) and
arguments a function stopped writing (``drift/handed_back.py``: a function that returned the arguments it wrote
returns fresh values; a fork statement dropping the value reads arguments nothing wrote).  Regression set at the
widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false
errors (40, 30, 23 twins), blind_replay_layerutils 30 caught, 1 warned, 1 missed of 32 (17 quiet; as before),
blind_replay_layers 45/45 (24 quiet), blind_replay_modelifaces 15 caught, 1 warned of 16 (11 quiet; as before),
``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught).

  python benchmarks/blind_replay_basiclayers.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
OPS = "import torch\n\nfrom vllm import _custom_ops as ops\n\n\n"

# --- #11750 (869579a702): the _custom_ops.silu_and_mul wrapper removed (layers call torch.ops._C directly)
SM = "869579a702"
SMW = "_custom_ops.silu_and_mul removed"
CASES += [
    (
        "#11750 wrapper removed",
        "a module alias call",
        K(
            "#11750",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            OPS + "def aeon_swiglu(x: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's fused MLP keeps its own output buffer\n"
            "    d = x.shape[-1] // 2\n"
            "    out = torch.empty(x.shape[:-1] + (d,), dtype=x.dtype, device=x.device)\n"
            "    ops.silu_and_mul(out, x)\n"
            "    return out\n",
            "ops.silu_and_mul(out, x)",
        ),
    ),
    (
        "#11750 wrapper removed",
        "an import of the wrapper",
        K(
            "#11750",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            "import torch\n\nfrom vllm._custom_ops import silu_and_mul\n\n\n"
            "def aeon_swiglu_into(out: torch.Tensor, x: torch.Tensor) -> None:\n"
            "    silu_and_mul(out, x)\n",
            "from vllm._custom_ops import silu_and_mul",
        ),
    ),
    (
        "#11750 wrapper removed",
        "twin: a kept norm wrapper",
        K(
            "#11750",
            SM,
            SMW,
            "vllm/aeon/sm3.py",
            OPS + "def aeon_norm(x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:\n"
            "    out = torch.empty_like(x)\n"
            "    ops.rms_norm(out, x, weight, 1e-6)\n"
            "    return out\n",
            "ops.rms_norm(out, x, weight, 1e-6)",
        ),
    ),
]

# --- #11885 (d907be7dc7): _custom_ops.gelu_and_mul/gelu_tanh_and_mul/fatrelu_and_mul/gelu_* wrappers removed
GM = "d907be7dc7"
GMW = "_custom_ops gelu/fatrelu wrappers removed"
CASES += [
    (
        "#11885 wrappers removed",
        "a table of callables",
        K(
            "#11885",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            OPS + "# AEON: the Spark's fused MLP picks its kernel by the checkpoint's hidden_act\n"
            '_AEON_ACT_AND_MUL = {"gelu": ops.gelu_and_mul, "gelu_pytorch_tanh": ops.gelu_tanh_and_mul}\n\n\n'
            "def aeon_act_and_mul(name: str, out: torch.Tensor, x: torch.Tensor) -> None:\n"
            "    _AEON_ACT_AND_MUL[name](out, x)\n",
            '_AEON_ACT_AND_MUL = {"gelu": ops.gelu_and_mul, "gelu_pytorch_tanh": ops.gelu_tanh_and_mul}',
        ),
    ),
    (
        "#11885 wrappers removed",
        "getattr with a literal",
        K(
            "#11885",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            OPS + "def aeon_fatrelu(out: torch.Tensor, x: torch.Tensor, threshold: float) -> None:\n"
            '    getattr(ops, "fatrelu_and_mul")(out, x, threshold)\n',
            'getattr(ops, "fatrelu_and_mul")(out, x, threshold)',
        ),
    ),
    (
        "#11885 wrappers removed",
        "twin: the kernel op itself",
        K(
            "#11885",
            GM,
            GMW,
            "vllm/aeon/gm3.py",
            "import torch\n\n\n"
            "def aeon_gelu_and_mul(out: torch.Tensor, x: torch.Tensor) -> None:\n"
            "    torch.ops._C.gelu_and_mul(out, x)\n",
            "torch.ops._C.gelu_and_mul(out, x)",
        ),
    ),
]

# --- #23412 (7c195d43da): layernorm's rocm_aiter_rms_norm renamed *_impl, dispatch_cuda_rmsnorm_func removed
RA = "7c195d43da"
RAW = "rocm_aiter_rms_norm renamed, dispatch_cuda_rmsnorm_func removed"
CASES += [
    (
        "#23412 functions renamed",
        "an import of the dispatcher",
        K(
            "#23412",
            RA,
            RAW,
            "vllm/aeon/ra1.py",
            "import torch\n\nfrom vllm.model_executor.layers.layernorm import dispatch_cuda_rmsnorm_func\n\n\n"
            "def aeon_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:\n"
            "    # AEON: the Spark's draft head norms without building an RMSNorm module\n"
            "    return dispatch_cuda_rmsnorm_func(add_residual=False)(x, weight, eps)\n",
            "from vllm.model_executor.layers.layernorm import dispatch_cuda_rmsnorm_func",
        ),
    ),
    (
        "#23412 functions renamed",
        "a module attribute call",
        K(
            "#23412",
            RA,
            RAW,
            "vllm/aeon/ra2.py",
            "import torch\n\nfrom vllm.model_executor.layers import layernorm\n\n\n"
            "def aeon_aiter_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:\n"
            "    if layernorm.is_rocm_aiter_rmsnorm_enabled():\n"
            "        return layernorm.rocm_aiter_rms_norm(x, weight, eps)\n"
            "    return layernorm.rms_norm(x, weight, eps)\n",
            "return layernorm.rocm_aiter_rms_norm(x, weight, eps)",
        ),
    ),
    (
        "#23412 functions renamed",
        "twin: the kept helpers",
        K(
            "#23412",
            RA,
            RAW,
            "vllm/aeon/ra3.py",
            "import torch\n\nfrom vllm.model_executor.layers.layernorm import fused_add_rms_norm\n\n\n"
            "def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor):\n"
            "    return fused_add_rms_norm(x, residual, weight, 1e-6)\n",
            "return fused_add_rms_norm(x, residual, weight, 1e-6)",
        ),
    ),
]

# --- #17857 (a810b5b088): rocm_aiter_fused_add_rms_norm writes fresh tensors instead of its arguments
AO = "a810b5b088"
AOW = "rocm_aiter_fused_add_rms_norm made out-of-place"
AITER = "import torch\n\nfrom vllm.model_executor.layers.layernorm import rocm_aiter_fused_add_rms_norm\n\n\n"
CASES += [
    (
        "#17857 in-place made out-of-place",
        "a bare call, its arguments read after",
        K(
            "#17857",
            AO,
            AOW,
            "vllm/aeon/ao1.py",
            AITER + "def aeon_add_norm(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):\n"
            "    # AEON: the Spark's MI300 canary reuses the caller's buffers\n"
            "    rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)\n"
            "    return x, residual\n",
            "rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)",
        ),
    ),
    (
        "#17857 in-place made out-of-place",
        "a module attribute call in a method (added after the blind run)",
        K(
            "#17857",
            AO,
            AOW,
            "vllm/aeon/ao3.py",
            "import torch\n\nfrom vllm.model_executor.layers import layernorm\n\n\n"
            "class AeonResidualNorm:\n"
            "    def __init__(self, weight: torch.Tensor) -> None:\n"
            "        self.weight = weight\n\n"
            "    def __call__(self, x: torch.Tensor, residual: torch.Tensor):\n"
            "        layernorm.rocm_aiter_fused_add_rms_norm(x, residual=residual, weight=self.weight, variance_epsilon=1e-6)\n"
            "        return x, residual\n",
            "layernorm.rocm_aiter_fused_add_rms_norm(x, residual=residual, weight=self.weight, variance_epsilon=1e-6)",
        ),
    ),
    (
        "#17857 in-place made out-of-place",
        "twin: the result used",
        K(
            "#17857",
            AO,
            AOW,
            "vllm/aeon/ao2.py",
            AITER + "def aeon_add_norm2(x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float):\n"
            "    out, residual = rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)\n"
            "    return out, residual\n",
            "out, residual = rocm_aiter_fused_add_rms_norm(x, residual, weight, eps)",
        ),
    ),
]

# --- #38780 (156405d243): GemmaRMSNorm._forward_static_no_residual/_with_residual removed (vLLM IR)
GS = "156405d243"
GSW = "GemmaRMSNorm._forward_static_* removed"
GEMMA = "import torch\n\nfrom vllm.model_executor.layers.layernorm import GemmaRMSNorm\n\n\n"
CASES += [
    (
        "#38780 staticmethods removed",
        "a call on the class",
        K(
            "#38780",
            GS,
            GSW,
            "vllm/aeon/gs1.py",
            GEMMA + "def aeon_gemma_norm(weight: torch.Tensor, x: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's Gemma draft model norms its fused hidden states in place of a module\n"
            "    return GemmaRMSNorm._forward_static_no_residual(weight, 1e-6, x)\n",
            "return GemmaRMSNorm._forward_static_no_residual(weight, 1e-6, x)",
        ),
    ),
    (
        "#38780 staticmethods removed",
        "a subclass's self. call",
        K(
            "#38780",
            GS,
            GSW,
            "vllm/aeon/gs2.py",
            GEMMA + "class AeonGemmaRMSNorm(GemmaRMSNorm):\n"
            "    def forward_cuda(self, x: torch.Tensor, residual: torch.Tensor | None = None):\n"
            "        if residual is None:\n"
            "            return self.forward_native(x)\n"
            "        return self._forward_static_with_residual(self.weight.data, self.variance_epsilon, x, residual)\n",
            "return self._forward_static_with_residual(self.weight.data, self.variance_epsilon, x, residual)",
        ),
    ),
    (
        "#38780 staticmethods removed",
        "twin: the kept forward_native",
        K(
            "#38780",
            GS,
            GSW,
            "vllm/aeon/gs3.py",
            GEMMA + "class AeonGemmaRMSNorm2(GemmaRMSNorm):\n"
            "    def forward_cuda(self, x: torch.Tensor, residual: torch.Tensor | None = None):\n"
            "        return self.forward_native(x, residual)\n",
            "return self.forward_native(x, residual)",
        ),
    ),
]

# --- #24604 (bd7157a071): RMSNorm.forward_native calls a new self.forward_static(x, eps, hidden_size, ...)
RS = "bd7157a071"
RSW = "RMSNorm.forward_native calls self.forward_static"
RMS = "import torch\n\nfrom vllm.model_executor.layers.layernorm import RMSNorm\n\n\n"
CASES += [
    (
        "#24604 base calls a fork-defined name",
        "a subclass's same-named staticmethod",
        K(
            "#24604",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            RMS + "class AeonRMSNorm(RMSNorm):\n"
            "    # AEON: one static norm the Spark's fused draft kernel and this layer share\n"
            "    @staticmethod\n"
            "    def forward_static(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:\n"
            "        variance = x.float().pow(2).mean(dim=-1, keepdim=True)\n"
            "        return (x.float() * torch.rsqrt(variance + eps)).to(x.dtype) * weight\n",
            "def forward_static(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:",
        ),
    ),
    (
        "#24604 base calls a fork-defined name",
        "twin: a fork-prefixed static",
        K(
            "#24604",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            RMS + "class AeonRMSNorm2(RMSNorm):\n"
            "    @staticmethod\n"
            "    def aeon_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:\n"
            "        variance = x.float().pow(2).mean(dim=-1, keepdim=True)\n"
            "        return (x.float() * torch.rsqrt(variance + eps)).to(x.dtype) * weight\n",
            "def aeon_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:",
        ),
    ),
]

# --- #39058 (e26264f3ef): ReLUSquaredActivation.forward_cuda runs a kernel instead of self.forward_native
R2 = "e26264f3ef"
R2W = "ReLUSquaredActivation.forward_cuda stops calling forward_native"
RELU2 = (
    "import torch\nimport torch.nn.functional as F\n\n"
    "from vllm.model_executor.layers.activation import ReLUSquaredActivation\n\n\n"
)
CASES += [
    (
        "#39058 override no longer reached",
        "a subclass's forward_native override",
        K(
            "#39058",
            R2,
            R2W,
            "vllm/aeon/r21.py",
            RELU2 + "class AeonCappedReLU2(ReLUSquaredActivation):\n"
            "    # AEON: cap relu^2 so the Spark's fp16 MLP cannot overflow\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return torch.square(F.relu(x)).clamp_(max=65504.0)\n",
            "def forward_native(self, x: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#39058 override no longer reached",
        "a module-qualified base (added after the blind run)",
        K(
            "#39058",
            R2,
            R2W,
            "vllm/aeon/r23.py",
            "import torch\n\nfrom vllm.model_executor.layers import activation\n\n\n"
            "class AeonScaledReLU2(activation.ReLUSquaredActivation):\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward_native(x) * 0.5\n",
            "def forward_native(self, x: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#39058 override no longer reached",
        "twin: forward_cuda overridden too",
        K(
            "#39058",
            R2,
            R2W,
            "vllm/aeon/r22.py",
            RELU2 + "class AeonCappedReLU2b(ReLUSquaredActivation):\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return torch.square(F.relu(x)).clamp_(max=65504.0)\n\n"
            "    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return self.forward_native(x)\n",
            "return self.forward_native(x)",
        ),
    ),
]

# --- #45381 (0a1c5034f5): SiluAndMulWithClamp's kernel takes (out, x, limit, alpha=1.0, beta=0.0); the blind
#     pick read upstream's Python call site only: the schema defaults both, so the fork's three-argument call
#     still binds and computes what it did (a twin since)
SC = "0a1c5034f5"
SCW = "silu_and_mul_with_clamp op gains alpha, beta"
CLAMP = "import torch\n\nfrom vllm.model_executor.layers.activation import SiluAndMulWithClamp\n\n\n"
CASES += [
    (
        "#45381 kernel arguments added",
        "twin: a self.op call the schema's new defaults fill",
        K(
            "#45381",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            CLAMP + "class AeonClampedSwiGLU(SiluAndMulWithClamp):\n"
            "    # AEON: write into the Spark's preallocated MLP buffer\n"
            "    def forward_into(self, out: torch.Tensor, x: torch.Tensor) -> torch.Tensor:\n"
            "        self.op(out, x, self.swiglu_limit)\n"
            "        return out\n",
            "self.op(out, x, self.swiglu_limit)",
        ),
    ),
    (
        "#45381 kernel arguments added",
        "twin: the kept forward_cuda",
        K(
            "#45381",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            CLAMP + "class AeonClampedSwiGLU2(SiluAndMulWithClamp):\n"
            "    def forward_cuda(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward_cuda(x.contiguous())\n",
            "return super().forward_cuda(x.contiguous())",
        ),
    ),
]

# --- #49731 (d6247d7173): logits_processor stops importing get_tensor_model_parallel_world_size
LP = "d6247d7173"
LPW = "get_tensor_model_parallel_world_size no longer in logits_processor"
CASES += [
    (
        "#49731 imported name dropped",
        "an import through the layer module",
        K(
            "#49731",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            "from vllm.model_executor.layers.logits_processor import (\n"
            "    LogitsProcessor,\n"
            "    get_tensor_model_parallel_world_size,\n"
            ")\n\n\n"
            "def aeon_gathers(processor: LogitsProcessor) -> bool:\n"
            "    return get_tensor_model_parallel_world_size() > 1 and processor.use_all_gather\n",
            "get_tensor_model_parallel_world_size,",
        ),
    ),
    (
        "#49731 imported name dropped",
        "twin: a name still imported there",
        K(
            "#49731",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            "from vllm.model_executor.layers.logits_processor import tensor_model_parallel_gather\n\n\n"
            "def aeon_gather(logits):\n"
            "    return tensor_model_parallel_gather(logits)\n",
            "from vllm.model_executor.layers.logits_processor import tensor_model_parallel_gather",
        ),
    ),
]

# --- #44109 (93bbe94d3a): layernorm stops importing get_current_vllm_config
LN = "93bbe94d3a"
LNW = "get_current_vllm_config no longer in layernorm"
CASES += [
    (
        "#44109 imported name dropped",
        "a module attribute call",
        K(
            "#44109",
            LN,
            LNW,
            "vllm/aeon/ln1.py",
            "from vllm.model_executor.layers import layernorm\n\n\n"
            "def aeon_native_norm_first() -> bool:\n"
            "    # AEON: the Spark's TPU-less build still honours the IR op priority\n"
            '    return layernorm.get_current_vllm_config().kernel_config.ir_op_priority.rms_norm[0] == "native"\n',
            'return layernorm.get_current_vllm_config().kernel_config.ir_op_priority.rms_norm[0] == "native"',
        ),
    ),
    (
        "#44109 imported name dropped",
        "twin: a name still imported there",
        K(
            "#44109",
            LN,
            LNW,
            "vllm/aeon/ln2.py",
            "from vllm.model_executor.layers import layernorm\n\n\n"
            "def aeon_batch_invariant_norm(x, weight):\n"
            "    return layernorm.rms_norm_batch_invariant(x, weight, 1e-6)\n",
            "return layernorm.rms_norm_batch_invariant(x, weight, 1e-6)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-basiclayers-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
