"""A blind replay of the kernel-availability and quantization helper modules a fork gates on.

11 first-parent commits on the helpers a fork that carries kernels or quantization glue calls into --
``vllm/utils/flashinfer.py``'s ``has_flashinfer_*`` predicates and its module state (``has_flashinfer_all2all``
renamed ``has_flashinfer_nvlink_two_sided``, ``_is_fi_autotuning`` removed), ``quantization/utils`` (the
``FlashinferMoeBackend`` enum and ``apply_awq_marlin_linear`` deleted as dead code, ``marlin_make_workspace``
removed for ``marlin_make_workspace_new``, ``get_col_major_tma_aligned_tensor`` moved out of ``fp8_utils``,
``register_scales_for_trtllm_fp8_per_tensor_moe``'s ``w13_weight_scale``/``w2_weight_scale`` renamed and
``rotate_flashinfer_fp8_moe_weights`` renamed, ``nvfp4_marlin_process_scales`` returning ``(scales, factor)``
instead of the scales, ``SUPPORTED_OCP_MX_DTYPES`` and ``w8a8_block_int8_matmul`` removed,
``W8A8BlockFp8LinearOp.is_blackwell`` no longer set), and ``vllm/model_executor/parameter.py``
(``PackedvLLMParameter``'s ``bitblas_tile_size`` keyword and property removed, ``PerTensorScaleParameter.qkv_idxs``
no longer set) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits
the other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (an
import, a module attribute call, a keyword, an attribute read off a typed receiver or ``self`` in a subclass,
a returned value used as a tensor, a module global written), with twins (fork code the commit does not break).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error
lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 7b406cd6): 18 caught, 2 warned, 1 missed of 21 (twins: 11
quiet, 1 of them warned, 0 false errors).  The miss: #34577's ``torch.nn.Parameter(nvfp4_marlin_process_scales(s),
...)``, a call's value (one tensor made a pair) handed straight to another call.  Warned: #32683's
``PackedvLLMParameter(..., bitblas_tile_size=16, ...)`` (the keyword now lands in ``**kwargs``, handed to
``super().__init__``, which the engine did not follow), and #34577's ``marlin_scales = nvfp4_marlin_process_scales(s)``
then ``marlin_scales.to(...)`` (an error, on the assignment line rather than the ``.to`` line the case names).
The twin warned: #31415's positional ``register_scales_for_trtllm_fp8_per_tensor_moe(layer, layer.w13_weight_scale,
...)`` (an argument named like the renamed parameter: a warning by design).
After the killers77 widenings: 20 caught, 1 warned, 0 missed of 21 (twins: 11 quiet, 1 of them warned, 0 false
errors).  Caught now: a keyword handed on through ``super().__init__(**kwargs)`` along the instance's C3 class
order to the first ``__init__`` without ``**kwargs``, none along the way taking it (symbol drift,
``drift/forwarded.py``); a call's value, one value upstream made a tuple (its callers unpack it now), handed
straight to another call as an argument (return drift).  Still warned: #34577's ``.to`` line (the error sits
on the assignment above it).  Regression set on the same snapshot: killer_replay 26/26, kind_change_replay
12/12, blind_replay_weights 18/3/0 of 21, _quant 27/0/0 of 27, _llmapi 20/1/0 of 21 (0 false errors in each),
review15/16/17_twins 0 false errors (40, 30, 23 twins), symbol_precision --windows 3: 0 false errors in each of
the 3 windows (0 and 1 in one run, 2 with --only 2).
After fixR (the chain left unfollowed past a key popped by a name, a ``super(Other, self)``, a decorated class
without its own ``__init__`` or a ``metaclass=``; a value handed to ``format``/``dumps``/``pprint``/``assert*`` or
to a function the fork wrote in that file left quiet): unchanged, 20 caught, 1 warned, 0 missed of 21 (twins: 11
quiet, 1 of them warned, 0 false errors).

  python benchmarks/blind_replay_kernelutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

QU = "vllm.model_executor.layers.quantization.utils"

# --- #36022 (2754231ba3): has_flashinfer_all2all renamed has_flashinfer_nvlink_two_sided
A2 = "2754231ba3"
A2W = "has_flashinfer_all2all renamed"
CASES += [
    (
        "#36022 predicate renamed",
        "an import of the predicate",
        K(
            "#36022",
            A2,
            A2W,
            "vllm/aeon/a2a1.py",
            "from vllm.utils.flashinfer import has_flashinfer_all2all\n\n\n"
            "def aeon_a2a_backend() -> str:\n"
            "    # AEON: the Spark has one GPU; mnnvl all2all only when a second node is wired\n"
            "    return 'flashinfer_all2allv' if has_flashinfer_all2all() else 'naive'\n",
            "from vllm.utils.flashinfer import has_flashinfer_all2all",
        ),
    ),
    (
        "#36022 predicate renamed",
        "a module attribute call",
        K(
            "#36022",
            A2,
            A2W,
            "vllm/aeon/a2a2.py",
            "import vllm.utils.flashinfer as fi\n\n\n"
            "def aeon_can_mnnvl() -> bool:\n"
            "    return fi.has_flashinfer_comm() and fi.has_flashinfer_all2all()\n",
            "return fi.has_flashinfer_comm() and fi.has_flashinfer_all2all()",
        ),
    ),
    (
        "#36022 predicate renamed",
        "twin: a kept predicate",
        K(
            "#36022",
            A2,
            A2W,
            "vllm/aeon/a2a3.py",
            "from vllm.utils.flashinfer import has_flashinfer_comm\n\n\n"
            "def aeon_can_comm() -> bool:\n"
            "    return has_flashinfer_comm()\n",
            "from vllm.utils.flashinfer import has_flashinfer_comm",
        ),
    ),
]

# --- #42857 (8c296de63b): flashinfer's _is_fi_autotuning module flag removed (autotune now takes tune_mode/cache)
AT = "8c296de63b"
ATW = "_is_fi_autotuning removed"
CASES += [
    (
        "#42857 module flag removed",
        "an import of the flag",
        K(
            "#42857",
            AT,
            ATW,
            "vllm/aeon/at1.py",
            "from vllm.utils.flashinfer import _is_fi_autotuning, autotune\n\n\n"
            "def aeon_run_kernel(fn, *args):\n"
            "    # AEON: the GB10 cutedsl kernel must run under the same autotune context\n"
            "    with autotune(_is_fi_autotuning):\n"
            "        return fn(*args)\n",
            "from vllm.utils.flashinfer import _is_fi_autotuning, autotune",
        ),
    ),
    (
        "#42857 module flag removed",
        "a read of the flag off the module",
        K(
            "#42857",
            AT,
            ATW,
            "vllm/aeon/at2.py",
            "from vllm.utils import flashinfer as fi_utils\n\n\n"
            "def aeon_skip_during_tuning() -> bool:\n"
            "    return fi_utils._is_fi_autotuning\n",
            "return fi_utils._is_fi_autotuning",
        ),
    ),
    (
        "#42857 module flag removed",
        "twin: the kept autotune wrapper",
        K(
            "#42857",
            AT,
            ATW,
            "vllm/aeon/at3.py",
            "from vllm.utils import flashinfer as fi_utils\n\n\n"
            "def aeon_tuned(fn, *args):\n"
            "    with fi_utils.autotune():\n"
            "        return fn(*args)\n",
            "with fi_utils.autotune():",
        ),
    ),
]

# --- #47329 (b1c6dba558): dead code removed: FlashinferMoeBackend, is_flashinfer_supporting_global_sf,
#     apply_awq_marlin_linear, query_machete_supported_act_types, apply_w8a8_block_int8_linear
DC = "b1c6dba558"
DCW = "FlashinferMoeBackend / apply_awq_marlin_linear deleted"
CASES += [
    (
        "#47329 helper deleted",
        "an import of the deleted enum",
        K(
            "#47329",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            f"from {QU}.flashinfer_utils import FlashinferMoeBackend\n\n"
            "AEON_FI_MOE_BACKEND = FlashinferMoeBackend.CUTLASS\n",
            f"from {QU}.flashinfer_utils import FlashinferMoeBackend",
        ),
    ),
    (
        "#47329 helper deleted",
        "a call through the module",
        K(
            "#47329",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            f"from {QU} import marlin_utils\n\n\n"
            "def aeon_awq_apply(layer, x, bias=None):\n"
            "    # AEON: the Spark's AWQ path keeps its own workspace per layer\n"
            "    return marlin_utils.apply_awq_marlin_linear(\n"
            "        x, layer.qweight, layer.scales, layer.qzeros, layer.g_idx, layer.g_idx_sort_indices,\n"
            "        layer.workspace, layer.quant_type, layer.output_size_per_partition, layer.input_size_per_partition, bias=bias)\n",
            "return marlin_utils.apply_awq_marlin_linear(",
        ),
    ),
    (
        "#47329 helper deleted",
        "twin: a kept flashinfer helper",
        K(
            "#47329",
            DC,
            DCW,
            "vllm/aeon/dc3.py",
            f"from {QU}.flashinfer_utils import swap_w13_to_w31\n\n\n"
            "def aeon_swap(w):\n"
            "    return swap_w13_to_w31(w)\n",
            f"from {QU}.flashinfer_utils import swap_w13_to_w31",
        ),
    ),
]

# --- #35318 (05972ea7e5): marlin_make_workspace / marlin_make_empty_zp removed (marlin_make_workspace_new kept)
MW = "05972ea7e5"
MWW = "marlin_make_workspace removed"
CASES += [
    (
        "#35318 helper removed",
        "an import of the old workspace helper",
        K(
            "#35318",
            MW,
            MWW,
            "vllm/aeon/mw1.py",
            f"from {QU}.marlin_utils import marlin_make_workspace\n\n\n"
            "def aeon_workspace(layer, device):\n"
            "    return marlin_make_workspace(layer.output_size_per_partition, device)\n",
            f"from {QU}.marlin_utils import marlin_make_workspace",
        ),
    ),
    (
        "#35318 helper removed",
        "twin: the new workspace helper",
        K(
            "#35318",
            MW,
            MWW,
            "vllm/aeon/mw2.py",
            f"from {QU}.marlin_utils import marlin_make_workspace_new\n\n\n"
            "def aeon_workspace2(device):\n"
            "    return marlin_make_workspace_new(device, 4)\n",
            f"from {QU}.marlin_utils import marlin_make_workspace_new",
        ),
    ),
]

# --- #25517 (1f29141258): get_col_major_tma_aligned_tensor / get_tma_aligned_size removed from fp8_utils
TMA = "1f29141258"
TMAW = "get_col_major_tma_aligned_tensor left fp8_utils"
CASES += [
    (
        "#25517 helper moved out",
        "an import from the old module",
        K(
            "#25517",
            TMA,
            TMAW,
            "vllm/aeon/tma1.py",
            f"from {QU}.fp8_utils import get_col_major_tma_aligned_tensor\n\n\n"
            "def aeon_scales(x):\n"
            "    return get_col_major_tma_aligned_tensor(x)\n",
            f"from {QU}.fp8_utils import get_col_major_tma_aligned_tensor",
        ),
    ),
    (
        "#25517 helper moved out",
        "a module attribute call",
        K(
            "#25517",
            TMA,
            TMAW,
            "vllm/aeon/tma2.py",
            f"from {QU} import fp8_utils\n\n\n"
            "def aeon_pad_m(m: int) -> int:\n"
            "    return fp8_utils.get_tma_aligned_size(m, 4)\n",
            "return fp8_utils.get_tma_aligned_size(m, 4)",
        ),
    ),
    (
        "#25517 helper moved out",
        "twin: a kept quant helper",
        K(
            "#25517",
            TMA,
            TMAW,
            "vllm/aeon/tma3.py",
            f"from {QU}.fp8_utils import per_token_group_quant_fp8\n\n\n"
            "def aeon_quant(x):\n"
            "    return per_token_group_quant_fp8(x, 128)\n",
            f"from {QU}.fp8_utils import per_token_group_quant_fp8",
        ),
    ),
]

# --- #31415 (5dcd7ef1f2): register_scales_for_trtllm_fp8_per_tensor_moe's w13_weight_scale/w2_weight_scale
#     renamed w13_scale/w2_scale; rotate_flashinfer_fp8_moe_weights renamed
RS = "5dcd7ef1f2"
RSW = "trtllm fp8 MoE helpers' keywords and names renamed"
CASES += [
    (
        "#31415 keyword renamed",
        "a keyword call with the old names",
        K(
            "#31415",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            f"from {QU}.flashinfer_utils import register_scales_for_trtllm_fp8_per_tensor_moe\n\n\n"
            "def aeon_register(layer) -> None:\n"
            "    register_scales_for_trtllm_fp8_per_tensor_moe(\n"
            "        layer,\n"
            "        w13_weight_scale=layer.w13_weight_scale,\n"
            "        w13_input_scale=layer.w13_input_scale,\n"
            "        w2_weight_scale=layer.w2_weight_scale,\n"
            "        w2_input_scale=layer.w2_input_scale,\n"
            "    )\n",
            "w13_weight_scale=layer.w13_weight_scale,",
        ),
    ),
    (
        "#31415 keyword renamed",
        "an import of the renamed rotation helper",
        K(
            "#31415",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            f"from {QU}.flashinfer_utils import rotate_flashinfer_fp8_moe_weights\n\n\n"
            "def aeon_rotate(w13, w2) -> None:\n"
            "    rotate_flashinfer_fp8_moe_weights(w13, w2)\n",
            f"from {QU}.flashinfer_utils import rotate_flashinfer_fp8_moe_weights",
        ),
    ),
    (
        "#31415 keyword renamed",
        "twin: a positional call",
        K(
            "#31415",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            f"from {QU}.flashinfer_utils import register_scales_for_trtllm_fp8_per_tensor_moe\n\n\n"
            "def aeon_register2(layer) -> None:\n"
            "    register_scales_for_trtllm_fp8_per_tensor_moe(layer, layer.w13_weight_scale, layer.w13_input_scale, layer.w2_weight_scale, layer.w2_input_scale)\n",
            "register_scales_for_trtllm_fp8_per_tensor_moe(layer, layer.w13_weight_scale, layer.w13_input_scale, layer.w2_weight_scale, layer.w2_input_scale)",
        ),
    ),
]

# --- #34577 (245758992e): nvfp4_marlin_process_scales returns (marlin_scales, scale_factor), not the scales
NV = "245758992e"
NVW = "nvfp4_marlin_process_scales returns a pair"
NVI = (
    f"import torch\n\nfrom {QU}.marlin_utils_fp4 import mxfp4_marlin_process_scales, nvfp4_marlin_process_scales\n\n\n"
)
CASES += [
    (
        "#34577 return became a pair",
        "the result wrapped as a parameter",
        K(
            "#34577",
            NV,
            NVW,
            "vllm/aeon/nv1.py",
            NVI + "def aeon_fp4_scales(layer, scales: torch.Tensor) -> None:\n"
            "    # AEON: GB10 runs NVFP4 through Marlin; scales repacked once at load\n"
            "    layer.weight_scale = torch.nn.Parameter(nvfp4_marlin_process_scales(scales), requires_grad=False)\n",
            "layer.weight_scale = torch.nn.Parameter(nvfp4_marlin_process_scales(scales), requires_grad=False)",
        ),
    ),
    (
        "#34577 return became a pair",
        "a tensor method on the result",
        K(
            "#34577",
            NV,
            NVW,
            "vllm/aeon/nv2.py",
            NVI + "def aeon_fp4_scales2(scales: torch.Tensor) -> torch.Tensor:\n"
            "    marlin_scales = nvfp4_marlin_process_scales(scales)\n"
            "    return marlin_scales.to(torch.float8_e4m3fn)\n",
            "return marlin_scales.to(torch.float8_e4m3fn)",
        ),
    ),
    (
        "#34577 return became a pair",
        "twin: the mxfp4 sibling unchanged",
        K(
            "#34577",
            NV,
            NVW,
            "vllm/aeon/nv3.py",
            NVI + "def aeon_mx_scales(scales: torch.Tensor) -> torch.Tensor:\n"
            "    marlin_scales = mxfp4_marlin_process_scales(scales)\n"
            "    return marlin_scales.to(torch.float8_e8m0fnu)\n",
            "return marlin_scales.to(torch.float8_e8m0fnu)",
        ),
    ),
]

# --- #52221 (7d7b6f26f4): dead quantization code removed: SUPPORTED_OCP_MX_DTYPES, w8a8_block_int8_matmul
OX = "7d7b6f26f4"
OXW = "SUPPORTED_OCP_MX_DTYPES / w8a8_block_int8_matmul removed"
CASES += [
    (
        "#52221 constant removed",
        "an import of the removed set",
        K(
            "#52221",
            OX,
            OXW,
            "vllm/aeon/ox1.py",
            f"from {QU}.ocp_mx_utils import SUPPORTED_OCP_MX_DTYPES\n\n\n"
            "def aeon_mx_ok(dtype: str) -> bool:\n"
            "    return dtype in SUPPORTED_OCP_MX_DTYPES\n",
            f"from {QU}.ocp_mx_utils import SUPPORTED_OCP_MX_DTYPES",
        ),
    ),
    (
        "#52221 constant removed",
        "a call of the removed int8 matmul through the module",
        K(
            "#52221",
            OX,
            OXW,
            "vllm/aeon/ox2.py",
            f"from {QU} import int8_utils\n\n\n"
            "def aeon_int8_mm(a, b, a_s, b_s):\n"
            "    return int8_utils.w8a8_block_int8_matmul(a, b, a_s, b_s, [128, 128])\n",
            "return int8_utils.w8a8_block_int8_matmul(a, b, a_s, b_s, [128, 128])",
        ),
    ),
    (
        "#52221 constant removed",
        "twin: the kept dtype table",
        K(
            "#52221",
            OX,
            OXW,
            "vllm/aeon/ox3.py",
            f"from {QU}.ocp_mx_utils import OCP_MX_DTYPES\n\n\n"
            "def aeon_mx_ok2(dtype: str) -> bool:\n"
            "    return dtype in OCP_MX_DTYPES\n",
            f"from {QU}.ocp_mx_utils import OCP_MX_DTYPES",
        ),
    ),
]

# --- #30898 (3bd8335bd0): W8A8BlockFp8LinearOp no longer sets is_blackwell (the oracle decides)
BW = "3bd8335bd0"
BWW = "W8A8BlockFp8LinearOp.is_blackwell gone"
BWI = f"from {QU}.fp8_utils import W8A8BlockFp8LinearOp\n\n\n"
CASES += [
    (
        "#30898 instance attribute no longer set",
        "a read off self in a subclass",
        K(
            "#30898",
            BW,
            BWW,
            "vllm/aeon/bw1.py",
            BWI + "class AeonBlockFp8Op(W8A8BlockFp8LinearOp):\n"
            "    def aeon_use_ue8m0(self) -> bool:\n"
            "        # AEON: GB10 (sm12x) is not the Blackwell family this op means\n"
            "        return self.use_deep_gemm_e8m0 and self.is_blackwell\n",
            "return self.use_deep_gemm_e8m0 and self.is_blackwell",
        ),
    ),
    (
        "#30898 instance attribute no longer set",
        "a read off a typed receiver",
        K(
            "#30898",
            BW,
            BWW,
            "vllm/aeon/bw2.py",
            BWI + "def aeon_op_label(op: W8A8BlockFp8LinearOp) -> str:\n"
            "    return 'blackwell' if op.is_blackwell else 'other'\n",
            "return 'blackwell' if op.is_blackwell else 'other'",
        ),
    ),
    (
        "#30898 instance attribute no longer set",
        "twin: a kept attribute",
        K(
            "#30898",
            BW,
            BWW,
            "vllm/aeon/bw3.py",
            BWI + "def aeon_op_hopper(op: W8A8BlockFp8LinearOp) -> bool:\n    return op.is_hopper\n",
            "return op.is_hopper",
        ),
    ),
]

# --- #32683 (247d1a32ea): BitBLAS removed: PackedvLLMParameter's bitblas_tile_size keyword and property
BB = "247d1a32ea"
BBW = "PackedvLLMParameter.bitblas_tile_size removed"
PVI = "from vllm.model_executor.parameter import PackedvLLMParameter\n\n\n"
CASES += [
    (
        "#32683 constructor keyword removed",
        "a keyword to the parameter's constructor",
        K(
            "#32683",
            BB,
            BBW,
            "vllm/aeon/bb1.py",
            PVI + "def aeon_qweight(data, loader) -> PackedvLLMParameter:\n"
            "    return PackedvLLMParameter(data=data, input_dim=0, output_dim=1, packed_dim=0, packed_factor=8,\n"
            "                               bitblas_tile_size=16, weight_loader=loader)\n",
            "bitblas_tile_size=16, weight_loader=loader)",
        ),
    ),
    (
        "#32683 constructor keyword removed",
        "a read of the removed property",
        K(
            "#32683",
            BB,
            BBW,
            "vllm/aeon/bb2.py",
            PVI + "def aeon_tile(param: PackedvLLMParameter) -> int:\n    return param.bitblas_tile_size or 1\n",
            "return param.bitblas_tile_size or 1",
        ),
    ),
    (
        "#32683 constructor keyword removed",
        "twin: the kept marlin tile keyword",
        K(
            "#32683",
            BB,
            BBW,
            "vllm/aeon/bb3.py",
            PVI + "def aeon_qweight2(data, loader) -> PackedvLLMParameter:\n"
            "    return PackedvLLMParameter(data=data, input_dim=0, output_dim=1, packed_dim=0, packed_factor=8,\n"
            "                               marlin_tile_size=16, weight_loader=loader)\n",
            "marlin_tile_size=16, weight_loader=loader)",
        ),
    ),
]

# --- #22486 (22feac8e95): PerTensorScaleParameter no longer sets qkv_idxs (BasevLLMParameter._shard_id_as_int)
QK = "22feac8e95"
QKW = "PerTensorScaleParameter.qkv_idxs gone"
PTI = "from vllm.model_executor.parameter import PerTensorScaleParameter\n\n\n"
CASES += [
    (
        "#22486 instance attribute no longer set",
        "a dict read off a typed parameter",
        K(
            "#22486",
            QK,
            QKW,
            "vllm/aeon/qk1.py",
            PTI + "def aeon_shard_index(param: PerTensorScaleParameter, shard_id: str) -> int:\n"
            "    return param.qkv_idxs[shard_id]\n",
            "return param.qkv_idxs[shard_id]",
        ),
    ),
    (
        "#22486 instance attribute no longer set",
        "a read off self in a subclass",
        K(
            "#22486",
            QK,
            QKW,
            "vllm/aeon/qk2.py",
            PTI + "class AeonKvScale(PerTensorScaleParameter):\n"
            "    def aeon_kv_ids(self) -> list[int]:\n"
            "        return [self.qkv_idxs['k'], self.qkv_idxs['v']]\n",
            "return [self.qkv_idxs['k'], self.qkv_idxs['v']]",
        ),
    ),
    (
        "#22486 instance attribute no longer set",
        "twin: a kept loader method",
        K(
            "#22486",
            QK,
            QKW,
            "vllm/aeon/qk3.py",
            PTI + "def aeon_load(param: PerTensorScaleParameter, w) -> None:\n"
            "    param.load_qkv_weight(w, shard_id='q')\n",
            "param.load_qkv_weight(w, shard_id='q')",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kernelutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
