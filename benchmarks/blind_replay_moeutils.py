"""A blind replay of the fused-MoE helper modules and the DeepGEMM, CUTLASS and WNA16 MoE paths a fork carries code against.

9 first-parent commits on ``vllm/model_executor/layers/fused_moe/{utils,__init__,deep_gemm_moe,
batched_deep_gemm_moe,cutlass_moe,flashinfer_cutlass_moe}.py`` and ``quantization/moe_wna16.py`` -- the helpers
a fork that runs its own MoE kernels, quantizes its own activations or wraps the WNA16 method carries code
against: ``deep_gemm_block_shape`` removed from ``deep_gemm_utils`` (and so from ``deep_gemm_moe``, which
imported it), ``_fp8_perm`` and ``_validate_scale_shape`` removed from ``fused_moe.utils``,
``BatchedTritonOrDeepGemmExperts`` removed with its module, ``persistent_masked_m_silu_mul_quant``'s
``use_ue8m0`` replaced by ``quant_scale_fmt`` (an enum, its default no longer following the DeepGEMM E8M0
switch), ``warmup_deepgemm_gg_contiguous_kernels`` removed, ``cutlass_moe`` moved into ``fused_moe/experts/``
without a shim, ``MoeWNA16Method`` given a ``process_weights_after_loading`` that builds its kernel (a fork
override without ``super()`` now skips it) with its config builders no longer imported, and ``MoEActivation`` no
longer imported by ``moe_wna16`` -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits every other replay uses (``blind_replay_fusedlayer``, ``_fmexperts``, ``_moe``, ``_moe2``
cover parts of this surface).  Each is replayed under 1-3 fork spellings written the way fork code is written
(an import, an import of a name the module only re-exported, a module attribute, a ``getattr`` with a literal, a
dotted qualname string, a module alias import, a keyword call, a positional call, a call leaning on a default, a
subclass override without ``super()``), with twins (fork code the commit does not break: the kept name, the
package's re-export, a ``getattr`` with a default, the fork's own namesake, an override calling ``super()``).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 78011715): 17 caught, 1 warned, 2 missed of 20 (twins: 11
quiet, 0 false errors).  Symbol drift caught the removed functions and class (imports, module attributes, the
``getattr`` literal, the names ``deep_gemm_moe`` and ``moe_wna16`` only re-exported), the moved module (import,
alias, qualname string) and ``use_ue8m0`` by keyword and by position.  The warned one was a label: #29929's
import from the removed module is parenthesised, and the error landed on the name's line, not on the ``from``
line the label named; the label now names the name's line, as #26935's re-export spelling does (the spelling
is unchanged).  The misses: #28358's call leaving the replaced slot to its default (the old body filled
``use_ue8m0``'s None from ``is_deep_gemm_e8m0_used()``; the new ``quant_scale_fmt`` defaults to FLOAT32: no
error, the scales silently stop following the E8M0 switch) and #44120's subclass override of
``process_weights_after_loading`` without ``super()`` (it replaced ``QuantizeMethodBase``'s no-op; upstream's new
``MoeWNA16Method`` def that builds the kernel now never runs on the fork's class: AssertionError at the first
forward).
After the killers166 widenings: 19 caught, 1 warned, 0 missed of 20 (twins: 11 quiet, 0 false errors).  Caught
now: a fork override hiding a def upstream put on a class between the fork's class and the stub it used to
replace, without reaching it through ``super()`` (``drift/interposed.py``, wired into symbol drift's override
checks).  Warned now, by design: a call leaving a parameter upstream replaced in its slot to the new default,
where the old body filled the old parameter's None with a value of its own (``drift/handed_in.py``): only
the fork knows whether it wanted the auto-detected value.
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_kernhelp
24/24 (12 quiet, 1 warned), review42_twins 6 caught, 1 warned of 7 (31 quiet, 5 warned), review47_twins 7/7 (22
quiet, 1 warned), review53_twins 7/7 (26 quiet, 1 warned), blind_replay_fmexperts 19 caught, 2 warned of 21 (11
quiet), review48_twins 7/7 (41 quiet, 10 warned), blind_replay_fusedlayer 29 caught, 1 warned of 30 (16 quiet),
blind_replay_compwrap 22/22 (12 quiet), review15/16/17_twins 0 false errors (40; 30, 4 warned; 23, 2 warned),
``symbol_precision.py --windows 1``: 0 false errors -- each as recorded before the widenings.

  python benchmarks/blind_replay_moeutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #26935 (b3dda72c23): deep_gemm_block_shape removed (deep_gemm_moe no longer imports it)
BS = "b3dda72c23"
BSW = "deep_gemm_block_shape removed from deep_gemm_utils and deep_gemm_moe"
CASES += [
    (
        "#26935 function removed",
        "an import from its home module",
        K(
            "#26935",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            "from vllm.model_executor.layers.fused_moe.deep_gemm_utils import deep_gemm_block_shape\n\n\n"
            "def aeon_block_m() -> int:\n"
            "    # AEON: the Spark pads its NVFP4 drafter's tokens to DeepGEMM's M alignment\n"
            "    return deep_gemm_block_shape()[0]\n",
            "from vllm.model_executor.layers.fused_moe.deep_gemm_utils import deep_gemm_block_shape",
        ),
    ),
    (
        "#26935 function removed",
        "an import of the name deep_gemm_moe only re-exported",
        K(
            "#26935",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            "from vllm.model_executor.layers.fused_moe.deep_gemm_moe import (\n"
            "    DeepGemmExperts,\n"
            "    deep_gemm_block_shape,\n"
            ")\n\n\n"
            "def aeon_deepgemm_ok(experts: DeepGemmExperts) -> bool:\n"
            "    return experts.block_shape == deep_gemm_block_shape()\n",
            "    deep_gemm_block_shape,",
        ),
    ),
    (
        "#26935 function removed",
        "a module attribute call",
        K(
            "#26935",
            BS,
            BSW,
            "vllm/aeon/bs3.py",
            "import vllm.model_executor.layers.fused_moe.deep_gemm_utils as dgu\n\n\n"
            "def aeon_block_k() -> int:\n"
            "    return dgu.deep_gemm_block_shape()[1]\n",
            "return dgu.deep_gemm_block_shape()[1]",
        ),
    ),
    (
        "#26935 function removed",
        "twin: a kept helper of the same module",
        K(
            "#26935",
            BS,
            BSW,
            "vllm/aeon/bs4.py",
            "from vllm.model_executor.layers.fused_moe.deep_gemm_utils import compute_aligned_M\n\n\n"
            "def aeon_aligned(m: int, topk: int, experts: int) -> int:\n"
            "    return compute_aligned_M(m, topk, experts, 128, None)\n",
            "return compute_aligned_M(m, topk, experts, 128, None)",
        ),
    ),
]

# --- #35068 (7f40e9e516): _fp8_perm removed from fused_moe.utils
FP = "7f40e9e516"
FPW = "_fp8_perm removed"
CASES += [
    (
        "#35068 function removed",
        "an import of the removed helper",
        K(
            "#35068",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe.utils import _fp8_perm\n\n\n"
            "def aeon_permute_fp8(x: torch.Tensor, order: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's draft model reorders fp8 activations by expert\n"
            "    return _fp8_perm(x, order)\n",
            "from vllm.model_executor.layers.fused_moe.utils import _fp8_perm",
        ),
    ),
    (
        "#35068 function removed",
        "a module attribute call",
        K(
            "#35068",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe import utils as fmu\n\n\n"
            "def aeon_permute_scales(s: torch.Tensor, order: torch.Tensor) -> torch.Tensor:\n"
            "    return fmu._fp8_perm(s, order)\n",
            "return fmu._fp8_perm(s, order)",
        ),
    ),
    (
        "#35068 function removed",
        "twin: a kept helper",
        K(
            "#35068",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe.utils import normalize_scales_shape\n\n\n"
            "def aeon_scales(s: torch.Tensor | None) -> torch.Tensor | None:\n"
            "    return normalize_scales_shape(s)\n",
            "return normalize_scales_shape(s)",
        ),
    ),
    (
        "#35068 function removed",
        "twin: a kept helper read as a module attribute",
        K(
            "#35068",
            FP,
            FPW,
            "vllm/aeon/fp4.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe import utils as fmu\n\n\n"
            "def aeon_view(buf: torch.Tensor, m: int, k: int) -> torch.Tensor:\n"
            "    return fmu._resize_cache(buf, (m, k))\n",
            "return fmu._resize_cache(buf, (m, k))",
        ),
    ),
]

# --- #36171 (b3d0b37908): _validate_scale_shape removed from fused_moe.utils
VS = "b3d0b37908"
VSW = "_validate_scale_shape removed"
CASES += [
    (
        "#36171 function removed",
        "a getattr with a literal",
        K(
            "#36171",
            VS,
            VSW,
            "vllm/aeon/vs1.py",
            "import vllm.model_executor.layers.fused_moe.utils as fmu\n\n"
            "# AEON: the Spark's debug build checks NVFP4 scale shapes before each launch\n"
            '_aeon_check_scales = getattr(fmu, "_validate_scale_shape")\n',
            '_aeon_check_scales = getattr(fmu, "_validate_scale_shape")',
        ),
    ),
    (
        "#36171 function removed",
        "twin: a getattr with a default, guarded",
        K(
            "#36171",
            VS,
            VSW,
            "vllm/aeon/vs2.py",
            "import vllm.model_executor.layers.fused_moe.utils as fmu\n\n"
            '_aeon_check = getattr(fmu, "_validate_scale_shape", None)\n\n\n'
            "def aeon_check(a, a_scale) -> None:\n"
            "    if _aeon_check is not None:\n"
            "        _aeon_check(a, a_scale, False, None)\n",
            '_aeon_check = getattr(fmu, "_validate_scale_shape", None)',
        ),
    ),
]

# --- #29929 (2902c34826): BatchedTritonOrDeepGemmExperts removed with its module
BT = "2902c34826"
BTW = "BatchedTritonOrDeepGemmExperts removed"
CASES += [
    (
        "#29929 class removed",
        "an import from the package",
        K(
            "#29929",
            BT,
            BTW,
            "vllm/aeon/bt1.py",
            "from vllm.model_executor.layers.fused_moe import BatchedTritonOrDeepGemmExperts\n\n\n"
            "def aeon_batched_experts(max_tokens: int, dispatchers: int, quant_config):\n"
            "    # AEON: the Spark falls back to Triton where DeepGEMM has no sm_121a kernels\n"
            "    return BatchedTritonOrDeepGemmExperts(max_tokens, dispatchers, quant_config, allow_deep_gemm=False)\n",
            "from vllm.model_executor.layers.fused_moe import BatchedTritonOrDeepGemmExperts",
        ),
    ),
    (
        "#29929 module removed",
        "an import from the removed module",
        K(
            "#29929",
            BT,
            BTW,
            "vllm/aeon/bt2.py",
            "from vllm.model_executor.layers.fused_moe.batched_triton_or_deep_gemm_moe import (\n"
            "    BatchedTritonOrDeepGemmExperts,\n"
            ")\n\n\n"
            "class AeonBatchedExperts(BatchedTritonOrDeepGemmExperts):\n"
            "    pass\n",
            "    BatchedTritonOrDeepGemmExperts,",
        ),
    ),
    (
        "#29929 class removed",
        "twin: the kept batched DeepGEMM experts",
        K(
            "#29929",
            BT,
            BTW,
            "vllm/aeon/bt3.py",
            "from vllm.model_executor.layers.fused_moe import BatchedDeepGemmExperts\n\n\n"
            "class AeonBatchedDeepGemm(BatchedDeepGemmExperts):\n"
            "    pass\n",
            "from vllm.model_executor.layers.fused_moe import BatchedDeepGemmExperts",
        ),
    ),
]

# --- #28358 (fe1cd7704d): persistent_masked_m_silu_mul_quant(use_ue8m0) replaced by quant_scale_fmt
SQ = "fe1cd7704d"
SQW = "persistent_masked_m_silu_mul_quant: use_ue8m0 -> quant_scale_fmt"
PM = (
    "import torch\n\n"
    "from vllm.model_executor.layers.fused_moe.batched_deep_gemm_moe import persistent_masked_m_silu_mul_quant\n\n\n"
)
CASES += [
    (
        "#28358 parameter replaced",
        "a keyword call of the removed parameter",
        K(
            "#28358",
            SQ,
            SQW,
            "vllm/aeon/sq1.py",
            PM + "def aeon_act_quant(y: torch.Tensor, counts: torch.Tensor):\n"
            "    # AEON: the Spark's fp8 drafter always rounds scales to powers of two\n"
            "    return persistent_masked_m_silu_mul_quant(y, counts, group_size=128, use_ue8m0=True)\n",
            "return persistent_masked_m_silu_mul_quant(y, counts, group_size=128, use_ue8m0=True)",
        ),
    ),
    (
        "#28358 parameter replaced",
        "a positional bool now landing on the enum",
        K(
            "#28358",
            SQ,
            SQW,
            "vllm/aeon/sq2.py",
            PM + "def aeon_act_quant2(y: torch.Tensor, counts: torch.Tensor):\n"
            "    return persistent_masked_m_silu_mul_quant(y, counts, 16, 128, False)\n",
            "return persistent_masked_m_silu_mul_quant(y, counts, 16, 128, False)",
        ),
    ),
    (
        "#28358 default changed",
        "a call leaning on the old default (E8M0 followed the DeepGEMM switch)",
        K(
            "#28358",
            SQ,
            SQW,
            "vllm/aeon/sq3.py",
            PM + "def aeon_act_quant3(y: torch.Tensor, counts: torch.Tensor):\n"
            "    q, s = persistent_masked_m_silu_mul_quant(y, counts, num_parallel_tokens=8)\n"
            "    return q, s\n",
            "q, s = persistent_masked_m_silu_mul_quant(y, counts, num_parallel_tokens=8)",
        ),
    ),
    (
        "#28358 parameter replaced",
        "twin: the fork's own namesake with use_ue8m0",
        K(
            "#28358",
            SQ,
            SQW,
            "vllm/aeon/sq4.py",
            "import torch\n\n\n"
            "def persistent_masked_m_silu_mul_quant(y: torch.Tensor, counts: torch.Tensor, use_ue8m0: bool = False):\n"
            "    return y, counts\n\n\n"
            "def aeon_ref_quant(y: torch.Tensor, counts: torch.Tensor):\n"
            "    return persistent_masked_m_silu_mul_quant(y, counts, use_ue8m0=True)\n",
            "return persistent_masked_m_silu_mul_quant(y, counts, use_ue8m0=True)",
        ),
    ),
]

# --- #29470 (19bee6d12d): warmup_deepgemm_gg_contiguous_kernels removed from deep_gemm_moe
WU = "19bee6d12d"
WUW = "warmup_deepgemm_gg_contiguous_kernels removed"
CASES += [
    (
        "#29470 function removed",
        "an import of the removed warmup",
        K(
            "#29470",
            WU,
            WUW,
            "vllm/aeon/wu1.py",
            "from vllm.model_executor.layers.fused_moe.deep_gemm_moe import warmup_deepgemm_gg_contiguous_kernels\n\n\n"
            "def aeon_warmup(layer, topk: int) -> None:\n"
            "    # AEON: the Spark JITs DeepGEMM before the first request, not during it\n"
            "    warmup_deepgemm_gg_contiguous_kernels(layer.w13_weight, layer.w2_weight, layer.w13_weight_scale_inv, layer.w2_weight_scale_inv, topk)\n",
            "from vllm.model_executor.layers.fused_moe.deep_gemm_moe import warmup_deepgemm_gg_contiguous_kernels",
        ),
    ),
    (
        "#29470 function removed",
        "a module attribute call",
        K(
            "#29470",
            WU,
            WUW,
            "vllm/aeon/wu2.py",
            "from vllm.model_executor.layers.fused_moe import deep_gemm_moe as dgm\n\n\n"
            "def aeon_warmup2(w1, w2, s1, s2) -> None:\n"
            "    dgm.warmup_deepgemm_gg_contiguous_kernels(w1, w2, s1, s2, num_topk=8)\n",
            "dgm.warmup_deepgemm_gg_contiguous_kernels(w1, w2, s1, s2, num_topk=8)",
        ),
    ),
    (
        "#29470 function removed",
        "twin: a kept shape check",
        K(
            "#29470",
            WU,
            WUW,
            "vllm/aeon/wu3.py",
            "from vllm.model_executor.layers.fused_moe.deep_gemm_moe import _valid_deep_gemm_shape\n\n\n"
            "def aeon_deepgemm_fits(m: int, n: int, k: int) -> bool:\n"
            "    return _valid_deep_gemm_shape(m, n, k)\n",
            "return _valid_deep_gemm_shape(m, n, k)",
        ),
    ),
    (
        "#29470 function removed",
        "twin: a kept class read as a module attribute",
        K(
            "#29470",
            WU,
            WUW,
            "vllm/aeon/wu4.py",
            "from vllm.model_executor.layers.fused_moe import deep_gemm_moe as dgm\n\n\n"
            "def aeon_is_deepgemm(experts) -> bool:\n"
            "    return isinstance(experts, dgm.DeepGemmExperts)\n",
            "return isinstance(experts, dgm.DeepGemmExperts)",
        ),
    ),
]

# --- #40574 (079a4cf399): fused_moe/cutlass_moe.py moved to fused_moe/experts/cutlass_moe.py
CM = "079a4cf399"
CMW = "cutlass_moe moved into fused_moe/experts/"
CASES += [
    (
        "#40574 module moved",
        "an import from the old module",
        K(
            "#40574",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            "from vllm.model_executor.layers.fused_moe.cutlass_moe import run_cutlass_moe_fp4\n\n\n"
            "def aeon_nvfp4_moe(*args, **kwargs):\n"
            "    # AEON: the Spark's NVFP4 MoE runs CUTLASS's grouped GEMM directly\n"
            "    return run_cutlass_moe_fp4(*args, **kwargs)\n",
            "from vllm.model_executor.layers.fused_moe.cutlass_moe import run_cutlass_moe_fp4",
        ),
    ),
    (
        "#40574 module moved",
        "a module alias import",
        K(
            "#40574",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            "import vllm.model_executor.layers.fused_moe.cutlass_moe as aeon_cutlass\n\n\n"
            "class AeonCutlassFp4(aeon_cutlass.CutlassExpertsFp4):\n"
            "    pass\n",
            "import vllm.model_executor.layers.fused_moe.cutlass_moe as aeon_cutlass",
        ),
    ),
    (
        "#40574 module moved",
        "a dotted qualname string",
        K(
            "#40574",
            CM,
            CMW,
            "vllm/aeon/cm3.py",
            "from vllm.utils.import_utils import resolve_obj_by_qualname\n\n"
            '_AEON_EXPERTS = "vllm.model_executor.layers.fused_moe.cutlass_moe.CutlassExpertsFp4"\n\n\n'
            "def aeon_experts_cls():\n"
            "    return resolve_obj_by_qualname(_AEON_EXPERTS)\n",
            '_AEON_EXPERTS = "vllm.model_executor.layers.fused_moe.cutlass_moe.CutlassExpertsFp4"',
        ),
    ),
    (
        "#40574 module moved",
        "twin: the package's re-export",
        K(
            "#40574",
            CM,
            CMW,
            "vllm/aeon/cm4.py",
            "from vllm.model_executor.layers.fused_moe import CutlassExpertsFp8\n\n\n"
            "class AeonCutlassFp8(CutlassExpertsFp8):\n"
            "    pass\n",
            "from vllm.model_executor.layers.fused_moe import CutlassExpertsFp8",
        ),
    ),
]

# --- #44120 (ec59c1579f): MoeWNA16Method builds its kernel in a new process_weights_after_loading
PW = "ec59c1579f"
PWW = "MoeWNA16Method.process_weights_after_loading added; config builders no longer imported"
WN = "import torch\n\nfrom vllm.model_executor.layers.quantization.moe_wna16 import MoeWNA16Method\n\n\n"
CASES += [
    (
        "#44120 new base override shadowed",
        "a subclass override without super()",
        K(
            "#44120",
            PW,
            PWW,
            "vllm/aeon/pw1.py",
            WN + "class AeonWNA16Method(MoeWNA16Method):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        # AEON: the Spark keeps the int4 experts pinned for its NVMe offload\n"
            "        layer.w13_qweight.data = layer.w13_qweight.data.contiguous()\n"
            "        layer.w2_qweight.data = layer.w2_qweight.data.contiguous()\n",
            "def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
    (
        "#44120 re-export removed",
        "an import of a builder moe_wna16 only re-exported",
        K(
            "#44120",
            PW,
            PWW,
            "vllm/aeon/pw2.py",
            "from vllm.model_executor.layers.quantization.moe_wna16 import (\n"
            "    MoeWNA16Config,\n"
            "    int4_w4a16_moe_quant_config,\n"
            ")\n\n\n"
            "def aeon_quant_config(config: MoeWNA16Config, w1_scale, w2_scale):\n"
            "    return int4_w4a16_moe_quant_config(w1_scale=w1_scale, w2_scale=w2_scale, w1_zp=None, w2_zp=None, block_shape=[0, config.group_size])\n",
            "    int4_w4a16_moe_quant_config,",
        ),
    ),
    (
        "#44120 new base override shadowed",
        "twin: an override calling super()",
        K(
            "#44120",
            PW,
            PWW,
            "vllm/aeon/pw3.py",
            WN + "class AeonPinnedWNA16Method(MoeWNA16Method):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_pinned = True\n",
            "def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
]

# --- #42027 (3099de3617): moe_wna16 no longer imports MoEActivation
MA = "3099de3617"
MAW = "MoEActivation no longer imported by moe_wna16"
CASES += [
    (
        "#42027 re-export removed",
        "an import of a name moe_wna16 only re-exported",
        K(
            "#42027",
            MA,
            MAW,
            "vllm/aeon/ma1.py",
            "from vllm.model_executor.layers.quantization.moe_wna16 import MoEActivation, MoeWNA16Method\n\n\n"
            "class AeonGeluWNA16(MoeWNA16Method):\n"
            "    # AEON: the Spark's gemma drafter runs WNA16 experts with gelu\n"
            "    aeon_activation = MoEActivation.GELU\n",
            "from vllm.model_executor.layers.quantization.moe_wna16 import MoEActivation, MoeWNA16Method",
        ),
    ),
    (
        "#42027 re-export removed",
        "a module attribute",
        K(
            "#42027",
            MA,
            MAW,
            "vllm/aeon/ma2.py",
            "from vllm.model_executor.layers.quantization import moe_wna16\n\n\n"
            "def aeon_is_silu(layer) -> bool:\n"
            "    return layer.activation == moe_wna16.MoEActivation.SILU\n",
            "return layer.activation == moe_wna16.MoEActivation.SILU",
        ),
    ),
    (
        "#42027 re-export removed",
        "twin: names the module defines",
        K(
            "#42027",
            MA,
            MAW,
            "vllm/aeon/ma3.py",
            "from vllm.model_executor.layers.fused_moe.activation import MoEActivation\n"
            "from vllm.model_executor.layers.quantization.moe_wna16 import MoeWNA16Config\n\n\n"
            "def aeon_wna16_silu(config: MoeWNA16Config) -> MoEActivation:\n"
            "    return MoEActivation.SILU\n",
            "from vllm.model_executor.layers.quantization.moe_wna16 import MoeWNA16Config",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-moeutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
