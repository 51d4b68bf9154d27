"""A blind replay of the quantization kernel selectors and the Marlin helpers a fork's NVFP4/FP8 kernels lean on.

7 first-parent commits on ``vllm/model_executor/layers/quantization/kernels`` (``scaled_mm/``,
``mixed_precision/``: ``ScaledMMLinearKernel``, ``MPLinearKernel``, ``choose_*_kernel``, the per-platform kernel
tables) and ``quantization/utils/marlin_utils{,_fp4,_fp8}.py`` -- the surface a fork that registers its own
NVFP4/FP8 kernel for its GPU in these tables, and falls back on the Marlin helpers, carries code against:
the mixed-precision kernels moved under ``kernels/mixed_precision/`` with ``kernels/__init__`` emptied (an
import of the selector, a subclass of the moved base, a module alias, an ``importlib`` string),
``apply_gptq_marlin_linear`` given a required ``has_zp`` before ``is_k_full`` (a keyword call without it, a
positional call whose ``is_k_full`` now lands on ``has_zp``), ``ops.gptq_marlin_gemm`` and
``ops.moe_wna16_marlin_gemm`` given a required ``global_scale`` after ``b_scales`` (keyword and positional),
``check_moe_marlin_supports_layer`` now reading ``apply_router_weight_on_input`` and ``activation`` off its
layer (a namespace probe, a fork class without them), the CPU scaled-mm table's ``CutlassScaledMMLinearKernel``
replaced and its ``can_implement`` no longer true on CPU (an ``index`` of the old entry, a subclass's
``super().can_implement``), ``prepare_fp8_layer_for_marlin`` keeping a block layer's ``weight_scale_inv`` instead
of moving it into ``weight_scale`` (a read of ``weight_scale`` after it, a ``hasattr`` guard that now runs it
twice), and ``CPUGPTQConfig``/``"cpu_gptq"`` removed (an import, a registry key) -- picked by scanning those
paths' diffs (``git log --first-parent -p``), avoiding the commits other replays use (``blind_replay_quant``,
``_quantext``, ``_nvfp4``, ``_fp8utils``, ``_awqgptq``, ``_linkern``, ``_kernelutils`` cover parts of this
surface).  Each is replayed under 1-4 fork spellings written the way fork code is written, with twins (fork
code the commit does not break: the kept package or name, the unchanged sibling helper, a keyword call that
still fits, the unchanged table).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must
stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 387be72d): 11 caught, 0 warned, 6 missed of 17 (twins: 7
quiet, 0 false errors).  Symbol drift caught #11785's moved modules (the selector's import, the moved base's
import, the module alias, the ``importlib`` string), #14211's required ``has_zp`` and #17687's required
``global_scale`` (keyword and positional calls, the dense and the MoE GEMM), and #31801's removed
``CPUGPTQConfig``; name drift the ``"cpu_gptq"`` key.  The misses: #18042's two (a check that now reads
``apply_router_weight_on_input`` and ``activation`` off its layer, handed a ``SimpleNamespace`` probe or a fork
``nn.Module`` lacking them: handed needs wanted a name upstream newly creates, and these the base's MoE layers
held), #23071's two (an ``.index()`` of the entry upstream took out of the CPU list: ValueError at import; a CPU
subclass's ``super().can_implement``, which now always declines on CPU: the fork's kernel silently never
chosen), #28480's two (a read of ``weight_scale`` after ``prepare_fp8_layer_for_marlin`` on a block layer, which
now keeps its Marlin scales under ``weight_scale_inv``: AttributeError; a ``hasattr(layer, "weight_scale_inv")``
guard that the helper's ``del`` no longer turns false: the layer is repacked twice).  No label was wrong.
After the killers175 widenings: 13 caught, 0 warned, 4 missed of 17 (twins: 9 quiet, 0 false errors; two twins,
ma4's namespace built with the new names and cp4's index under a membership test, added after the blind run).
Caught now: a keyword-only namespace (``SimpleNamespace``, ``argparse.Namespace``) handed to a def is a
closed object, as is a plain class of the file, so a name the def now reads counts even when the base held it
(``drift/handed_needs.py``); an entry a fork finds by value (``L.index(E)``, ``L.remove(E)``) in a module-level
list or a dict's list value that upstream took it out of (``drift/dropped_entries.py``, new).  Still missed:
#18042's ``nn.Module`` subclass (an outside base may bring a name the base held -- ``nn.Linear``'s ``weight`` --
and the engine holds no library's attributes: ``handed_needs``' own twin keeps that quiet), #23071's
``super().can_implement`` (what a base method returns under a platform test: no check reads a predicate's
value), #28480's two (``prepare_fp8_layer_for_marlin`` is a module function whose stores now go through another
module's ``replace_parameter`` under ``hasattr`` of the same name: ``stopped_arg_writes`` reads only methods of
classes, follows no call of another module, and has no notion of a store that only refreshes an attribute
already there; nor of a ``del`` upstream dropped under a fork's ``hasattr`` guard).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_fp8meth 21 caught, 1 warned of 22 (10 quiet), review30_twins 0 false errors of 16 (3 cases warned, 1
twin warned), review31_twins 5 caught, 1 warned of 6, 0 false of 41 (1 warned), blind_replay_awqgptq 27 caught, 1
warned of 28 (16 quiet), review22_twins 8/8, 0 false of 41 (3 warned), review77_twins 7 caught, 2 warned of 9, 0
false of 39 (4 warned; as on main 387be72d, whose #42651 warning predates this branch; the new check's first cut
made 2 false errors there, r77ar1's ``in`` guard and r77rt2's ``count`` guard of a string entry, mended),
blind_replay_linkern 20 caught, 3 warned, 2 missed of 25 (11 quiet, 2 warned), review12_twins 9/9, 0 false of
42, review19_twins 4/4, 0 false of 53 (3 warned), blind_replay_kvevents 24/24 (16 quiet), blind_replay_lora2 17
caught, 1 warned of 18 (10 quiet): each as recorded.
Weighed again on mend61 (eb141937), still missed, each for a reason measured rather than guessed: #23071 did not
make ``CutlassScaledMMLinearKernel.can_implement`` always decline -- it narrowed its guard from ``not is_cuda() and
not is_cpu()`` to ``not is_cuda()``, and still returns ``True, None`` on CUDA -- so the class "every return now a
constant no" does not hold here; what breaks cp2 is a dropped disjunct of a platform test read against the fork's
registration under ``PlatformEnum.CPU``, and cp3 (the same ``super().can_implement`` registered for CUDA) must stay
quiet: telling them apart needs tying ``PlatformEnum.CPU`` to ``is_cpu()``, a naming convention the engine does
not hold.  #28480: upstream still stores ``weight_scale`` (``replace_parameter(layer, "weight_scale", ...)``), but
only under ``hasattr(layer, "weight_scale")``, and drops a ``del layer.weight_scale_inv``; counting a helper call
that names the attribute by a string literal as a store would not reach fr1 alone -- ``stopped_arg_writes`` reads
only methods of classes, and would also need a store "only refreshing an attribute already there" -- and fr2 needs
a notion of a ``del`` dropped under a fork's ``hasattr`` guard: three widenings of one module, past a mend's size.

  python benchmarks/blind_replay_quantkern.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #11785 (56fe4c297c): the WNA16 kernels moved under kernels/mixed_precision/, kernels/__init__ emptied
MV = "56fe4c297c"
MVW = "kernels/{MPLinearKernel,marlin,machete,exllama}.py moved to kernels/mixed_precision/; kernels/__init__ emptied"
QK = "vllm.model_executor.layers.quantization.kernels"
CASES += [
    (
        "#11785 module moved",
        "an import of the selector from the package",
        K(
            "#11785",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            f"from {QK} import choose_mp_linear_kernel\n\n\n"
            "def aeon_wna16_kernel_name(config) -> str:\n"
            "    # AEON: the Spark's startup report names the WNA16 kernel of each layer\n"
            "    return choose_mp_linear_kernel(config).__name__\n",
            f"from {QK} import choose_mp_linear_kernel",
        ),
    ),
    (
        "#11785 module moved",
        "a subclass of the moved base",
        K(
            "#11785",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            "import torch\n\n"
            f"from {QK}.MPLinearKernel import MPLinearKernel, MPLinearLayerConfig\n\n\n"
            "class AeonSparkWNA16Kernel(MPLinearKernel):\n"
            "    # AEON: the GB10's own W4A16 kernel for sm_121a\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        return 121\n\n"
            "    @classmethod\n"
            "    def can_implement(cls, c: MPLinearLayerConfig):\n"
            "        return c.group_size == 128, None\n\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        pass\n\n"
            "    def apply_weights(self, layer, x, bias=None):\n"
            "        return x\n",
            f"from {QK}.MPLinearKernel import MPLinearKernel, MPLinearLayerConfig",
        ),
    ),
    (
        "#11785 module moved",
        "a module alias",
        K(
            "#11785",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            f"import {QK}.marlin as aeon_marlin_kernel\n\n\n"
            "def aeon_marlin_kernel_cls():\n"
            "    # AEON: the Spark's fallback when its NVFP4 kernel declines a layer\n"
            "    return aeon_marlin_kernel.MarlinLinearKernel\n",
            f"import {QK}.marlin as aeon_marlin_kernel",
        ),
    ),
    (
        "#11785 module moved",
        "an importlib string",
        K(
            "#11785",
            MV,
            MVW,
            "vllm/aeon/mv4.py",
            "import importlib\n\n\n"
            "def aeon_machete():\n"
            "    # AEON: Machete is Hopper-only; the Spark probes it lazily\n"
            f'    mod = importlib.import_module("{QK}.machete")\n'
            "    return mod.MacheteLinearKernel\n",
            f'mod = importlib.import_module("{QK}.machete")',
        ),
    ),
    (
        "#11785 module moved",
        "twin: the package itself, kept (emptied)",
        K(
            "#11785",
            MV,
            MVW,
            "vllm/aeon/mv5.py",
            "from vllm.model_executor.layers.quantization import kernels as aeon_kernels\n"
            "from vllm.model_executor.layers.quantization.utils.marlin_utils import marlin_make_workspace\n\n\n"
            "def aeon_kernels_pkg() -> str:\n"
            "    return aeon_kernels.__name__ + marlin_make_workspace.__name__\n",
            "from vllm.model_executor.layers.quantization import kernels as aeon_kernels",
        ),
    ),
]

# --- #14211 (54a66e5fee): apply_gptq_marlin_linear given a required has_zp before is_k_full
ZP = "54a66e5fee"
ZPW = "apply_gptq_marlin_linear(..., input_size_per_partition, has_zp, is_k_full, bias=None, ...)"
MU = "from vllm.model_executor.layers.quantization.utils.marlin_utils import (\n    apply_awq_marlin_linear,\n    apply_gptq_marlin_linear,\n)\n\n\n"
CASES += [
    (
        "#14211 required parameter inserted",
        "a keyword call without it",
        K(
            "#14211",
            ZP,
            ZPW,
            "vllm/aeon/zp1.py",
            MU + "def aeon_gptq_fallback(layer, x, bias=None):\n"
            "    # AEON: the Spark's NVFP4 kernel hands GPTQ layers to Marlin\n"
            "    return apply_gptq_marlin_linear(\n"
            "        input=x,\n"
            "        weight=layer.qweight,\n"
            "        weight_scale=layer.scales,\n"
            "        weight_zp=layer.qzeros,\n"
            "        g_idx=layer.g_idx,\n"
            "        g_idx_sort_indices=layer.g_idx_sort_indices,\n"
            "        workspace=layer.workspace,\n"
            "        wtype=layer.aeon_wtype,\n"
            "        output_size_per_partition=layer.output_size_per_partition,\n"
            "        input_size_per_partition=layer.input_size_per_partition,\n"
            "        is_k_full=True,\n"
            "        bias=bias,\n"
            "    )\n",
            "return apply_gptq_marlin_linear(",
        ),
    ),
    (
        "#14211 required parameter inserted",
        "a positional call (is_k_full lands on has_zp, bias on is_k_full)",
        K(
            "#14211",
            ZP,
            ZPW,
            "vllm/aeon/zp2.py",
            MU + "def aeon_gptq_fallback2(layer, x, bias=None):\n"
            "    w, s, zp = layer.qweight, layer.scales, layer.qzeros\n"
            "    n, k = layer.output_size_per_partition, layer.input_size_per_partition\n"
            "    return apply_gptq_marlin_linear(x, w, s, zp, layer.g_idx, layer.perm, layer.workspace, layer.aeon_wtype, n, k, True, bias)\n",
            "return apply_gptq_marlin_linear(x, w, s, zp, layer.g_idx, layer.perm, layer.workspace, layer.aeon_wtype, n, k, True, bias)",
        ),
    ),
    (
        "#14211 required parameter inserted",
        "twin: the AWQ sibling's keyword call (unchanged)",
        K(
            "#14211",
            ZP,
            ZPW,
            "vllm/aeon/zp3.py",
            MU + "def aeon_awq_fallback(layer, x, bias=None):\n"
            "    return apply_awq_marlin_linear(\n"
            "        input=x,\n"
            "        weight=layer.qweight,\n"
            "        weight_scale=layer.scales,\n"
            "        weight_zp=layer.qzeros,\n"
            "        g_idx=layer.g_idx,\n"
            "        g_idx_sort_indices=layer.g_idx_sort_indices,\n"
            "        workspace=layer.workspace,\n"
            "        quant_type=layer.aeon_wtype,\n"
            "        output_size_per_partition=layer.output_size_per_partition,\n"
            "        input_size_per_partition=layer.input_size_per_partition,\n"
            "        bias=bias,\n"
            "    )\n",
            "return apply_awq_marlin_linear(",
        ),
    ),
]

# --- #17687 (d74e5f37bc): ops.gptq_marlin_gemm / moe_wna16_marlin_gemm given a required global_scale after b_scales
GS = "d74e5f37bc"
GSW = "gptq_marlin_gemm(a, c, b_q_weight, b_scales, global_scale, b_zeros, ...); moe_wna16_marlin_gemm likewise"
OPS = "from vllm import _custom_ops as ops\nfrom vllm.scalar_type import scalar_types\n\n\n"
CASES += [
    (
        "#17687 required parameter inserted",
        "a keyword call of the dense GEMM without it",
        K(
            "#17687",
            GS,
            GSW,
            "vllm/aeon/gs1.py",
            OPS + "def aeon_w4a16_gemm(x, layer):\n"
            "    # AEON: the Spark's W4A16 fallback drives the Marlin GEMM itself\n"
            "    return ops.gptq_marlin_gemm(\n"
            "        a=x,\n"
            "        c=None,\n"
            "        b_q_weight=layer.qweight,\n"
            "        b_scales=layer.scales,\n"
            "        b_zeros=layer.qzeros,\n"
            "        g_idx=layer.g_idx,\n"
            "        perm=layer.perm,\n"
            "        workspace=layer.workspace,\n"
            "        b_q_type=scalar_types.uint4b8,\n"
            "        size_m=x.shape[0],\n"
            "        size_n=layer.output_size_per_partition,\n"
            "        size_k=layer.input_size_per_partition,\n"
            "    )\n",
            "return ops.gptq_marlin_gemm(",
        ),
    ),
    (
        "#17687 required parameter inserted",
        "a positional call of the dense GEMM (every argument one slot off)",
        K(
            "#17687",
            GS,
            GSW,
            "vllm/aeon/gs2.py",
            OPS + "def aeon_w4a16_gemm2(x, layer, m: int, n: int, k: int):\n"
            "    w, s, z = layer.qweight, layer.scales, layer.qzeros\n"
            "    out = ops.gptq_marlin_gemm(x, None, w, s, z, layer.g_idx, layer.perm, layer.workspace, scalar_types.uint4b8, m, n, k, True)\n"
            "    return out\n",
            "out = ops.gptq_marlin_gemm(x, None, w, s, z, layer.g_idx, layer.perm, layer.workspace, scalar_types.uint4b8, m, n, k, True)",
        ),
    ),
    (
        "#17687 required parameter inserted",
        "a keyword call of the MoE GEMM without it",
        K(
            "#17687",
            GS,
            GSW,
            "vllm/aeon/gs3.py",
            OPS + "def aeon_moe_w4a16(x, out, layer, sorted_ids, expert_ids, n_past, topk_w, top_k: int):\n"
            "    # AEON: the Spark's MoE fallback for W4A16 experts\n"
            "    return ops.moe_wna16_marlin_gemm(\n"
            "        x,\n"
            "        out,\n"
            "        b_qweight=layer.w13_qweight,\n"
            "        b_scales=layer.w13_scales,\n"
            "        b_qzeros=None,\n"
            "        g_idx=None,\n"
            "        perm=None,\n"
            "        workspace=layer.workspace,\n"
            "        sorted_token_ids=sorted_ids,\n"
            "        expert_ids=expert_ids,\n"
            "        num_tokens_past_padded=n_past,\n"
            "        topk_weights=topk_w,\n"
            "        moe_block_size=64,\n"
            "        top_k=top_k,\n"
            "        mul_topk_weights=False,\n"
            "        is_ep=False,\n"
            "        b_q_type=scalar_types.uint4b8,\n"
            "        size_m=x.shape[0],\n"
            "        size_n=layer.n,\n"
            "        size_k=layer.k,\n"
            "        is_k_full=True,\n"
            "        use_atomic_add=False,\n"
            "        use_fp32_reduce=True,\n"
            "        is_zp_float=False,\n"
            "    )\n",
            "return ops.moe_wna16_marlin_gemm(",
        ),
    ),
    (
        "#17687 required parameter inserted",
        "twin: the repack and the supported-types query (unchanged / a default added)",
        K(
            "#17687",
            GS,
            GSW,
            "vllm/aeon/gs4.py",
            OPS
            + "from vllm.model_executor.layers.quantization.utils.marlin_utils import query_marlin_supported_quant_types\n\n\n"
            "def aeon_repack(layer, perm, k: int, n: int):\n"
            "    types = query_marlin_supported_quant_types(False)\n"
            "    assert scalar_types.uint4b8 in types\n"
            "    return ops.gptq_marlin_repack(b_q_weight=layer.qweight, perm=perm, size_k=k, size_n=n, num_bits=4)\n",
            "return ops.gptq_marlin_repack(b_q_weight=layer.qweight, perm=perm, size_k=k, size_n=n, num_bits=4)",
        ),
    ),
]

# --- #18042 (ea6ae8cb45): check_moe_marlin_supports_layer now reads layer.apply_router_weight_on_input/.activation
MA = "ea6ae8cb45"
MAW = "check_moe_marlin_supports_layer reads apply_router_weight_on_input and activation off its layer"
CM = "from vllm.model_executor.layers.quantization.utils.marlin_utils import (\n    check_marlin_supports_layer,\n    check_moe_marlin_supports_layer,\n)\n"
CASES += [
    (
        "#18042 argument's attributes now read",
        "a namespace probe without them",
        K(
            "#18042",
            MA,
            MAW,
            "vllm/aeon/ma1.py",
            "from types import SimpleNamespace\n\n" + CM + "\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    # AEON: the Spark's MoE oracle asks Marlin before the layer is built\n"
            "    probe = SimpleNamespace(hidden_size=hidden_size, intermediate_size_per_partition=inter)\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
    (
        "#18042 argument's attributes now read",
        "a fork class without them passing self",
        K(
            "#18042",
            MA,
            MAW,
            "vllm/aeon/ma2.py",
            "import torch\n\n" + CM + "\n\n"
            "class AeonSparkExperts(torch.nn.Module):\n"
            "    # AEON: the Spark's own NVFP4 expert block, not a FusedMoE\n"
            "    def __init__(self, hidden_size: int, inter: int) -> None:\n"
            "        super().__init__()\n"
            "        self.hidden_size = hidden_size\n"
            "        self.intermediate_size_per_partition = inter\n\n"
            "    def marlin_ok(self, group_size: int) -> bool:\n"
            "        return check_moe_marlin_supports_layer(self, group_size)\n",
            "return check_moe_marlin_supports_layer(self, group_size)",
        ),
    ),
    (
        "#18042 argument's attributes now read",
        "twin: the dense check with a namespace probe (unchanged)",
        K(
            "#18042",
            MA,
            MAW,
            "vllm/aeon/ma3.py",
            "from types import SimpleNamespace\n\n" + CM + "\n\n"
            "def aeon_dense_marlin_ok(n: int, k: int, group_size: int) -> bool:\n"
            "    probe = SimpleNamespace(output_size_per_partition=n, input_size_per_partition=k, input_size=k)\n"
            "    return check_marlin_supports_layer(probe, group_size)\n",
            "return check_marlin_supports_layer(probe, group_size)",
        ),
    ),
]

CASES += [
    (
        "#18042 argument's attributes now read",
        "twin: a namespace probe built with the new names (added after the blind run)",
        K(
            "#18042",
            MA,
            MAW,
            "vllm/aeon/ma4.py",
            "from types import SimpleNamespace\n\n" + CM + "\n\n"
            "def aeon_moe_marlin_ok2(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    probe = SimpleNamespace(\n"
            "        hidden_size=hidden_size,\n"
            "        intermediate_size_per_partition=inter,\n"
            "        apply_router_weight_on_input=False,\n"
            '        activation="silu",\n'
            "    )\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
]

# --- #23071 (7be5d113d8): the CPU scaled-mm table's Cutlass entry replaced; Cutlass no longer implements on CPU
CP = "7be5d113d8"
CPW = "_POSSIBLE_KERNELS[PlatformEnum.CPU] = [CPUScaledMMLinearKernel]; CutlassScaledMMLinearKernel.can_implement CUDA only"
SM = (
    "from vllm.model_executor.layers.quantization.kernels.scaled_mm import _POSSIBLE_KERNELS\n"
    "from vllm.model_executor.layers.quantization.kernels.scaled_mm.cutlass import CutlassScaledMMLinearKernel\n"
    "from vllm.platforms import PlatformEnum\n\n\n"
)
CASES += [
    (
        "#23071 table entry replaced",
        "an index of the old entry",
        K(
            "#23071",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            SM + "class AeonGraceScaledMMKernel(CutlassScaledMMLinearKernel):\n"
            "    # AEON: the GB10's Grace (aarch64) host runs int8 scaled-mm through the fork's Arm path\n"
            "    pass\n\n\n"
            "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceScaledMMKernel)\n",
            "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceScaledMMKernel)",
        ),
    ),
    (
        "#23071 table entry replaced",
        "a CPU subclass's super().can_implement (now always declines)",
        K(
            "#23071",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            SM + "class AeonGraceScaledMMKernel2(CutlassScaledMMLinearKernel):\n"
            "    # AEON: the Grace host's int8 path, registered first for CPU\n"
            "    @classmethod\n"
            "    def can_implement(cls, c):\n"
            "        ok, why = super().can_implement(c)\n"
            "        if not ok:\n"
            "            return ok, why\n"
            "        return c.input_symmetric, None\n\n\n"
            "_POSSIBLE_KERNELS[PlatformEnum.CPU].insert(0, AeonGraceScaledMMKernel2)\n",
            "ok, why = super().can_implement(c)",
        ),
    ),
    (
        "#23071 table entry replaced",
        "twin: the CUDA table's subclass and index (unchanged)",
        K(
            "#23071",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            SM + "class AeonSparkScaledMMKernel(CutlassScaledMMLinearKernel):\n"
            "    # AEON: the sm_121a int8 path\n"
            "    @classmethod\n"
            "    def can_implement(cls, c):\n"
            "        ok, why = super().can_implement(c)\n"
            "        return ok and c.input_symmetric, why\n\n\n"
            "_cuda = _POSSIBLE_KERNELS[PlatformEnum.CUDA]\n"
            "_cuda.insert(_cuda.index(CutlassScaledMMLinearKernel), AeonSparkScaledMMKernel)\n",
            "_cuda.insert(_cuda.index(CutlassScaledMMLinearKernel), AeonSparkScaledMMKernel)",
        ),
    ),
]

CASES += [
    (
        "#23071 table entry replaced",
        "twin: the index under a membership test (added after the blind run)",
        K(
            "#23071",
            CP,
            CPW,
            "vllm/aeon/cp4.py",
            SM + "class AeonGraceScaledMMKernel3(CutlassScaledMMLinearKernel):\n"
            "    pass\n\n\n"
            "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "if CutlassScaledMMLinearKernel in _cpu:\n"
            "    _cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceScaledMMKernel3)\n"
            "else:\n"
            "    _cpu.insert(0, AeonGraceScaledMMKernel3)\n",
            "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceScaledMMKernel3)",
        ),
    ),
]

# --- #28480 (fccd532587): prepare_fp8_layer_for_marlin keeps a block layer's weight_scale_inv (no weight_scale)
FR = "fccd532587"
FRW = "prepare_fp8_layer_for_marlin: weight_scale_inv no longer deleted; its Marlin scales stay under weight_scale_inv"
PF = "import torch\n\nfrom vllm.model_executor.layers.quantization.utils.marlin_utils_fp8 import prepare_fp8_layer_for_marlin\n\n\n"
CASES += [
    (
        "#28480 attribute a helper sets moved",
        "a read of weight_scale after preparing a block layer",
        K(
            "#28480",
            FR,
            FRW,
            "vllm/aeon/fr1.py",
            PF + "def aeon_block_fp8_to_marlin(layer: torch.nn.Module) -> torch.Tensor:\n"
            "    # AEON: the Spark's block-FP8 checkpoints (weight_scale_inv) fall back to Marlin\n"
            '    assert hasattr(layer, "weight_scale_inv")\n'
            "    prepare_fp8_layer_for_marlin(layer, size_k_first=False)\n"
            "    return layer.weight_scale\n",
            "return layer.weight_scale",
        ),
    ),
    (
        "#28480 attribute a helper sets moved",
        "a hasattr guard on the deleted attribute (now prepares twice)",
        K(
            "#28480",
            FR,
            FRW,
            "vllm/aeon/fr2.py",
            PF + "def aeon_ensure_marlin(layer: torch.nn.Module) -> None:\n"
            "    # AEON: the Spark reloads weights between RL rollouts; repack only once\n"
            '    if hasattr(layer, "weight_scale_inv"):\n'
            "        prepare_fp8_layer_for_marlin(layer, size_k_first=False)\n",
            'if hasattr(layer, "weight_scale_inv"):',
        ),
    ),
    (
        "#28480 attribute a helper sets moved",
        "twin: a read of the repacked weight and workspace (still set)",
        K(
            "#28480",
            FR,
            FRW,
            "vllm/aeon/fr3.py",
            PF + "def aeon_fp8_to_marlin(layer: torch.nn.Module):\n"
            "    prepare_fp8_layer_for_marlin(layer, size_k_first=False)\n"
            "    return layer.weight, layer.workspace\n",
            "return layer.weight, layer.workspace",
        ),
    ),
]

# --- #31801 (8becf146bd): CPUGPTQConfig/CPUGPTQLinearMethod and the "cpu_gptq" method removed (moved into MP linear)
CG = "8becf146bd"
CGW = "cpu_wna16.CPUGPTQConfig/CPUGPTQLinearMethod removed; 'cpu_gptq' dropped from get_quantization_config"
CASES += [
    (
        "#31801 class removed",
        "an import of the removed config",
        K(
            "#31801",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            "from vllm.model_executor.layers.quantization.cpu_wna16 import CPUAWQConfig, CPUGPTQConfig\n\n\n"
            "def aeon_grace_configs():\n"
            "    # AEON: the GB10's Grace host serves GPTQ drafts for speculative decoding on CPU\n"
            "    return (CPUGPTQConfig, CPUAWQConfig)\n",
            "from vllm.model_executor.layers.quantization.cpu_wna16 import CPUAWQConfig, CPUGPTQConfig",
        ),
    ),
    (
        "#31801 class removed",
        "a registry key string",
        K(
            "#31801",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            "from vllm.model_executor.layers.quantization import get_quantization_config\n\n\n"
            "def aeon_draft_quant():\n"
            "    # AEON: the Grace-hosted draft model's quantization\n"
            '    return get_quantization_config("cpu_gptq")\n',
            'return get_quantization_config("cpu_gptq")',
        ),
    ),
    (
        "#31801 class removed",
        "twin: the kept AWQ config and key",
        K(
            "#31801",
            CG,
            CGW,
            "vllm/aeon/cg3.py",
            "from vllm.model_executor.layers.quantization import get_quantization_config\n"
            "from vllm.model_executor.layers.quantization.cpu_wna16 import CPUAWQConfig\n\n\n"
            "def aeon_draft_quant_awq():\n"
            '    assert get_quantization_config("cpu_awq") is CPUAWQConfig\n'
            '    return get_quantization_config("cpu_awq")\n',
            'return get_quantization_config("cpu_awq")',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-quantkern-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
