"""A blind replay of the FP8 quantization method and its utilities a fork's quantized layers carry code against.

10 first-parent commits on ``vllm/model_executor/layers/quantization/{fp8,kv_cache}.py`` and
``quantization/utils/{quant_utils,w8a8_utils,fp8_utils}.py`` -- the classes and functions a fork's FP8 linear
or MoE method, its kernels and its KV-cache scales lean on: ``get_fp8_moe_backend`` (a required
``moe_parallel_config`` inserted), ``Fp8Config.get_xpu_quant_method`` (removed, and ``get_quant_method`` no
longer dispatches to it), ``Fp8LinearOp`` (its constructor's ``use_per_token_if_dynamic`` replaced by a
required ``act_quant_static``, the attribute and ``apply``'s keyword dropped; then the class removed from
``w8a8_utils`` with ``maybe_create_device_identity``, and ``Fp8LinearMethod.act_q_group_shape`` no longer
set), ``W8A8BlockFp8LinearOp`` (removed from ``fp8_utils``, with ``Fp8LinearMethod.w8a8_block_fp8_linear`` and
``use_aiter_and_is_supported``), ``Fp8OnlineMoEMethod`` (removed), ``apply_fp8_linear`` (removed for the op
class), ``Fp8MoEMethod.use_marlin`` and ``Fp8MoEMethod.allow_deep_gemm`` (no longer set), and
``BaseKVCacheMethod.process_weights_after_loading`` (now fills the layer's ``_k_scale_cpu``/``_v_scale_cpu``,
which only upstream's own attention layers create) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (an import, a module-attribute call, a keyword call, a subclass's
``self.`` read or override, a read off a receiver typed as the class, ``getattr`` with a literal,
``functools.partial``, ``isinstance`` against a module attribute, a fork layer handed to the method), with
twins (fork code the commit does not break: the kept function or attribute, the same name on the class that
still sets it, a still-accepted keyword, the upstream helper that creates what the method now needs).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on
its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at bb638821): 21 caught, 0 warned, 1 missed of 22 (twins: 10
quiet, 0 false errors).  Symbol drift caught every removal, rename and inserted parameter (an import, a
module-attribute call, a keyword construction, a removed keyword of ``apply``, a subclass's ``self.`` read, a
typed receiver's read, ``getattr`` with a literal, ``isinstance`` against a module attribute, an override
upstream no longer calls).  The miss: #42749's (``BaseKVCacheMethod.process_weights_after_loading`` now fills
``layer._k_scale_cpu``/``_v_scale_cpu``, which only upstream's own layers create; a fork ``nn.Module`` that
makes its scales by hand and hands itself to the method raises AttributeError when its scales load).
After the killers125 widening: 21 caught, 1 warned, 0 missed of 22 (twins: 10 quiet, 0 false errors).  Warned
now: an attribute a def now needs off the object it is handed (``drift/handed_needs.py``: upstream's def
reads ``param.NAME`` it did not read, ``NAME`` is one upstream's added lines newly create and the base tree
never named, and the fork class handing ``self`` never has it).  A warning, not an error, by design: the read
sits past ``if is_quantized_kv_cache(layer.kv_cache_dtype) and not layer.calculate_kv_scales`` and two early
returns testing the layer, so whether the fork's layer reaches it is the layer's runtime state; the same
class is an error when the read runs whenever the def does.  Regression set at the widening's head:
killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false errors (40, 30, 23
twins), blind_replay_quant 27/27 (14 quiet), blind_replay_ctquant 15 caught, 1 warned of 16 (12 quiet; the
warning as on main), blind_replay_nvfp4 15 caught, 1 warned of 16 (10 quiet; as on main),
``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught; it runs symbol drift
alone).  The class then took a local a function binds once to a call of the fork class (``layer =
AeonCache(); method.process_weights_after_loading(layer)``); the same set at that head gives the same
numbers, and on a real fork's carries (``real_fork_replay.py --only 7f921870c`` and ``--only d6f76ee2e``,
HabanaAI's HPU layers, which hand themselves to upstream's methods throughout) the class adds no finding.

  python benchmarks/blind_replay_fp8meth.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

QUANT = "vllm.model_executor.layers.quantization"

# --- #29346 (6f1355a1b7): get_fp8_moe_backend(block_quant) -> get_fp8_moe_backend(block_quant, moe_parallel_config)
MB = "6f1355a1b7"
MBW = "get_fp8_moe_backend gained a required moe_parallel_config"
CASES += [
    (
        "#29346 required parameter inserted",
        "a positional call of the imported function",
        K(
            "#29346",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            f"from {QUANT}.fp8 import Fp8MoeBackend, get_fp8_moe_backend\n\n\n"
            "def aeon_block_backend() -> Fp8MoeBackend:\n"
            "    # AEON: the Spark's block-quantized checkpoints pick their MoE backend before the layer exists\n"
            "    return get_fp8_moe_backend(True)\n",
            "return get_fp8_moe_backend(True)",
        ),
    ),
    (
        "#29346 required parameter inserted",
        "a keyword call through a module alias in a subclass",
        K(
            "#29346",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            f"from {QUANT} import fp8 as fp8q\n\n\n"
            "class AeonFp8MoEMethod(fp8q.Fp8MoEMethod):\n"
            "    def aeon_fallback_backend(self) -> fp8q.Fp8MoeBackend:\n"
            "        return fp8q.get_fp8_moe_backend(block_quant=self.block_quant)\n",
            "return fp8q.get_fp8_moe_backend(block_quant=self.block_quant)",
        ),
    ),
    (
        "#29346 required parameter inserted",
        "twin: the backend enum kept",
        K(
            "#29346",
            MB,
            MBW,
            "vllm/aeon/mb3.py",
            f"from {QUANT}.fp8 import Fp8MoEMethod, Fp8MoeBackend\n\n\n"
            "def aeon_uses_deep_gemm(method: Fp8MoEMethod) -> bool:\n"
            "    return method.fp8_backend == Fp8MoeBackend.DEEPGEMM\n",
            "return method.fp8_backend == Fp8MoeBackend.DEEPGEMM",
        ),
    ),
]

# --- #34117 (9bdb06b436): Fp8Config.get_xpu_quant_method removed; get_quant_method no longer calls it
XP = "9bdb06b436"
XPW = "Fp8Config.get_xpu_quant_method removed"
CFG = f"import torch\n\nfrom {QUANT}.fp8 import Fp8Config, Fp8LinearMethod\n\n\n"
CASES += [
    (
        "#34117 hook removed",
        "a subclass override upstream no longer calls",
        K(
            "#34117",
            XP,
            XPW,
            "vllm/aeon/xp1.py",
            CFG + "class AeonFp8Config(Fp8Config):\n"
            "    # AEON: the fleet's XPU boxes run FP8 linears through the generic method\n"
            "    def get_xpu_quant_method(self, layer: torch.nn.Module, prefix: str):\n"
            "        return Fp8LinearMethod(self)\n",
            "def get_xpu_quant_method(self, layer: torch.nn.Module, prefix: str):",
        ),
    ),
    (
        "#34117 hook removed",
        "a call on a receiver typed as the class",
        K(
            "#34117",
            XP,
            XPW,
            "vllm/aeon/xp2.py",
            CFG + "def aeon_xpu_method(config: Fp8Config, layer: torch.nn.Module, prefix: str):\n"
            "    try:\n"
            "        return config.get_xpu_quant_method(layer, prefix)\n"
            "    except NotImplementedError:\n"
            "        return None\n",
            "return config.get_xpu_quant_method(layer, prefix)",
        ),
    ),
    (
        "#34117 hook removed",
        "twin: an override of the kept dispatcher",
        K(
            "#34117",
            XP,
            XPW,
            "vllm/aeon/xp3.py",
            CFG + "class AeonFp8Config(Fp8Config):\n"
            "    def get_quant_method(self, layer: torch.nn.Module, prefix: str):\n"
            "        return super().get_quant_method(layer, prefix)\n",
            "return super().get_quant_method(layer, prefix)",
        ),
    ),
]

# --- #19830 (31d5c1797f): Fp8LinearOp(act_quant_static, ..., act_quant_group_shape); use_per_token_if_dynamic gone
LO = "31d5c1797f"
LOW = "Fp8LinearOp's use_per_token_if_dynamic replaced by act_quant_static/act_quant_group_shape"
W8 = f"import torch\n\nfrom {QUANT}.utils.w8a8_utils import Fp8LinearOp\n\n\n"
CASES += [
    (
        "#19830 keyword removed, parameter required",
        "a keyword construction",
        K(
            "#19830",
            LO,
            LOW,
            "vllm/aeon/lo1.py",
            W8 + "class AeonFp8Linear(torch.nn.Module):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__()\n"
            "        # AEON: per-token activation scales keep GB10's small-batch error down\n"
            "        self.aeon_op = Fp8LinearOp(use_per_token_if_dynamic=True)\n",
            "self.aeon_op = Fp8LinearOp(use_per_token_if_dynamic=True)",
        ),
    ),
    (
        "#19830 keyword removed, parameter required",
        "an attribute read off a typed receiver",
        K(
            "#19830",
            LO,
            LOW,
            "vllm/aeon/lo2.py",
            W8 + "def aeon_per_token(op: Fp8LinearOp) -> bool:\n    return op.use_per_token_if_dynamic\n",
            "return op.use_per_token_if_dynamic",
        ),
    ),
    (
        "#19830 keyword removed, parameter required",
        "a removed keyword of apply",
        K(
            "#19830",
            LO,
            LOW,
            "vllm/aeon/lo3.py",
            W8 + "def aeon_apply(op: Fp8LinearOp, x: torch.Tensor, w: torch.Tensor, s: torch.Tensor) -> torch.Tensor:\n"
            "    return op.apply(x, w, s, use_per_token_if_dynamic=False)\n",
            "return op.apply(x, w, s, use_per_token_if_dynamic=False)",
        ),
    ),
    (
        "#19830 keyword removed, parameter required",
        "twin: apply with its kept keywords",
        K(
            "#19830",
            LO,
            LOW,
            "vllm/aeon/lo4.py",
            W8 + "def aeon_apply(op: Fp8LinearOp, x: torch.Tensor, w: torch.Tensor, s: torch.Tensor) -> torch.Tensor:\n"
            "    return op.apply(input=x, weight=w, weight_scale=s, bias=None)\n",
            "return op.apply(input=x, weight=w, weight_scale=s, bias=None)",
        ),
    ),
]

# --- #27814 (148117ea2e): Fp8LinearOp and maybe_create_device_identity removed; act_q_group_shape no longer set
KA = "148117ea2e"
KAW = "Fp8LinearOp moved behind the scaled-mm kernel abstraction"
CASES += [
    (
        "#27814 class removed",
        "an import of the removed op",
        K(
            "#27814",
            KA,
            KAW,
            "vllm/aeon/ka1.py",
            f"from {QUANT}.utils.quant_utils import GroupShape\n"
            f"from {QUANT}.utils.w8a8_utils import Fp8LinearOp\n\n\n"
            "def aeon_static_op() -> Fp8LinearOp:\n"
            "    # AEON: the Spark's vision tower runs its projections through one static op\n"
            "    return Fp8LinearOp(act_quant_static=True, act_quant_group_shape=GroupShape.PER_TENSOR)\n",
            f"from {QUANT}.utils.w8a8_utils import Fp8LinearOp",
        ),
    ),
    (
        "#27814 attribute no longer set",
        "a subclass's self. read",
        K(
            "#27814",
            KA,
            KAW,
            "vllm/aeon/ka2.py",
            f"from {QUANT}.fp8 import Fp8LinearMethod\n"
            f"from {QUANT}.utils.quant_utils import GroupShape\n\n\n"
            "class AeonFp8LinearMethod(Fp8LinearMethod):\n"
            "    def aeon_per_token(self) -> bool:\n"
            "        return self.act_q_group_shape == GroupShape.PER_TOKEN\n",
            "return self.act_q_group_shape == GroupShape.PER_TOKEN",
        ),
    ),
    (
        "#27814 function removed",
        "a module-attribute call",
        K(
            "#27814",
            KA,
            KAW,
            "vllm/aeon/ka3.py",
            f"from {QUANT}.utils import w8a8_utils\n\n\n"
            "def aeon_prepare() -> None:\n"
            "    # AEON: torch._scaled_mm's identity scale must exist before the graph capture\n"
            "    w8a8_utils.maybe_create_device_identity()\n",
            "w8a8_utils.maybe_create_device_identity()",
        ),
    ),
    (
        "#27814 class removed",
        "twin: a kept attribute and helper",
        K(
            "#27814",
            KA,
            KAW,
            "vllm/aeon/ka4.py",
            f"from {QUANT}.fp8 import Fp8LinearMethod\n"
            f"from {QUANT}.utils import w8a8_utils\n\n\n"
            "class AeonFp8LinearMethod(Fp8LinearMethod):\n"
            "    def aeon_cutlass_dynamic(self) -> bool:\n"
            "        return not self.act_q_static and w8a8_utils.cutlass_fp8_supported()\n",
            "return not self.act_q_static and w8a8_utils.cutlass_fp8_supported()",
        ),
    ),
]

# --- #33892 (2e9034c998): W8A8BlockFp8LinearOp removed; Fp8LinearMethod.w8a8_block_fp8_linear gone
BL = "2e9034c998"
BLW = "W8A8BlockFp8LinearOp removed for the block linear kernels"
CASES += [
    (
        "#33892 class removed",
        "an import of the removed op",
        K(
            "#33892",
            BL,
            BLW,
            "vllm/aeon/bl1.py",
            f"from {QUANT}.utils.fp8_utils import W8A8BlockFp8LinearOp\n"
            f"from {QUANT}.utils.quant_utils import GroupShape\n\n\n"
            "def aeon_block_op() -> W8A8BlockFp8LinearOp:\n"
            "    return W8A8BlockFp8LinearOp(GroupShape(128, 128), GroupShape(1, 128))\n",
            f"from {QUANT}.utils.fp8_utils import W8A8BlockFp8LinearOp",
        ),
    ),
    (
        "#33892 attribute no longer set",
        "a subclass override's self. call",
        K(
            "#33892",
            BL,
            BLW,
            "vllm/aeon/bl2.py",
            f"import torch\n\nfrom {QUANT}.fp8 import Fp8LinearMethod\n\n\n"
            "class AeonFp8LinearMethod(Fp8LinearMethod):\n"
            "    def apply(self, layer: torch.nn.Module, x: torch.Tensor, bias: torch.Tensor | None = None):\n"
            "        # AEON: block-quantized layers always take the block op on GB10\n"
            "        if self.block_quant:\n"
            "            return self.w8a8_block_fp8_linear.apply(input=x, weight=layer.weight, weight_scale=layer.weight_scale_inv, bias=bias)\n"
            "        return super().apply(layer, x, bias)\n",
            "return self.w8a8_block_fp8_linear.apply(input=x, weight=layer.weight, weight_scale=layer.weight_scale_inv, bias=bias)",
        ),
    ),
    (
        "#33892 attribute no longer set",
        "a read off a typed receiver",
        K(
            "#33892",
            BL,
            BLW,
            "vllm/aeon/bl3.py",
            f"from {QUANT}.fp8 import Fp8LinearMethod\n\n\n"
            "def aeon_uses_aiter(method: Fp8LinearMethod) -> bool:\n"
            "    return bool(method.use_aiter_and_is_supported)\n",
            "return bool(method.use_aiter_and_is_supported)",
        ),
    ),
    (
        "#33892 class removed",
        "twin: a kept attribute and quant function",
        K(
            "#33892",
            BL,
            BLW,
            "vllm/aeon/bl4.py",
            f"from {QUANT}.fp8 import Fp8LinearMethod\n"
            f"from {QUANT}.utils.fp8_utils import per_token_group_quant_fp8\n\n\n"
            "class AeonFp8LinearMethod(Fp8LinearMethod):\n"
            "    def aeon_quant(self, x):\n"
            "        return per_token_group_quant_fp8(x, 128) if self.cutlass_block_fp8_supported else None\n",
            "return per_token_group_quant_fp8(x, 128) if self.cutlass_block_fp8_supported else None",
        ),
    ),
]

# --- #44514 (acce57d8dd): Fp8OnlineMoEMethod removed
OM = "acce57d8dd"
OMW = "Fp8OnlineMoEMethod removed"
CASES += [
    (
        "#44514 class removed",
        "an import for a subclass",
        K(
            "#44514",
            OM,
            OMW,
            "vllm/aeon/om1.py",
            f"from {QUANT}.fp8 import Fp8OnlineMoEMethod\n\n\n"
            "class AeonOnlineMoEMethod(Fp8OnlineMoEMethod):\n"
            "    # AEON: the Spark quantizes BF16 experts at load\n"
            "    pass\n",
            f"from {QUANT}.fp8 import Fp8OnlineMoEMethod",
        ),
    ),
    (
        "#44514 class removed",
        "isinstance against a module attribute",
        K(
            "#44514",
            OM,
            OMW,
            "vllm/aeon/om2.py",
            f"from {QUANT} import fp8 as fp8q\n\n\n"
            "def aeon_quantized_online(method: object) -> bool:\n"
            "    return isinstance(method, fp8q.Fp8OnlineMoEMethod)\n",
            "return isinstance(method, fp8q.Fp8OnlineMoEMethod)",
        ),
    ),
    (
        "#44514 class removed",
        "twin: the kept base class",
        K(
            "#44514",
            OM,
            OMW,
            "vllm/aeon/om3.py",
            f"from {QUANT} import fp8 as fp8q\n\n\n"
            "def aeon_fp8_moe(method: object) -> bool:\n"
            "    return isinstance(method, fp8q.Fp8MoEMethod)\n",
            "return isinstance(method, fp8q.Fp8MoEMethod)",
        ),
    ),
]

# --- #14390 (e1744502c2): apply_fp8_linear removed for the Fp8LinearOp class
AF = "e1744502c2"
AFW = "apply_fp8_linear removed"
CASES += [
    (
        "#14390 function removed",
        "a module-attribute call with keywords",
        K(
            "#14390",
            AF,
            AFW,
            "vllm/aeon/af1.py",
            f"import torch\n\nfrom {QUANT}.utils import w8a8_utils\n\n\n"
            "def aeon_linear(layer: torch.nn.Module, x: torch.Tensor) -> torch.Tensor:\n"
            "    return w8a8_utils.apply_fp8_linear(input=x, weight=layer.weight, weight_scale=layer.weight_scale, use_per_token_if_dynamic=True)\n",
            "return w8a8_utils.apply_fp8_linear(input=x, weight=layer.weight, weight_scale=layer.weight_scale, use_per_token_if_dynamic=True)",
        ),
    ),
    (
        "#14390 function removed",
        "an import bound by functools.partial",
        K(
            "#14390",
            AF,
            AFW,
            "vllm/aeon/af2.py",
            "import functools\n\n"
            f"from {QUANT}.utils.w8a8_utils import apply_fp8_linear\n\n"
            "# AEON: the Spark's dynamic layers always quantize per token\n"
            "aeon_per_token_linear = functools.partial(apply_fp8_linear, use_per_token_if_dynamic=True)\n",
            f"from {QUANT}.utils.w8a8_utils import apply_fp8_linear",
        ),
    ),
    (
        "#14390 function removed",
        "twin: a kept support probe",
        K(
            "#14390",
            AF,
            AFW,
            "vllm/aeon/af3.py",
            f"from {QUANT}.utils import w8a8_utils\n\n\n"
            "def aeon_cutlass() -> bool:\n"
            "    return w8a8_utils.cutlass_fp8_supported()\n",
            "return w8a8_utils.cutlass_fp8_supported()",
        ),
    ),
]

# --- #31036 (b471092d3a): Fp8MoEMethod.use_marlin no longer set (Fp8LinearMethod keeps its own)
UM = "b471092d3a"
UMW = "Fp8MoEMethod.use_marlin no longer set"
CASES += [
    (
        "#31036 attribute no longer set",
        "a subclass's self. read",
        K(
            "#31036",
            UM,
            UMW,
            "vllm/aeon/um1.py",
            f"from {QUANT}.fp8 import Fp8MoEMethod\n\n\n"
            "class AeonFp8MoEMethod(Fp8MoEMethod):\n"
            "    def aeon_needs_workspace(self) -> bool:\n"
            "        # AEON: Marlin's workspace is sized by the Spark's own allocator\n"
            "        return self.use_marlin\n",
            "return self.use_marlin",
        ),
    ),
    (
        "#31036 attribute no longer set",
        "a read off a typed receiver",
        K(
            "#31036",
            UM,
            UMW,
            "vllm/aeon/um2.py",
            f"from {QUANT}.fp8 import Fp8MoEMethod\n\n\n"
            "def aeon_marlin_moe(method: Fp8MoEMethod) -> bool:\n"
            "    return bool(method.use_marlin)\n",
            "return bool(method.use_marlin)",
        ),
    ),
    (
        "#31036 attribute no longer set",
        "twin: the linear method's own use_marlin",
        K(
            "#31036",
            UM,
            UMW,
            "vllm/aeon/um3.py",
            f"from {QUANT}.fp8 import Fp8LinearMethod\n\n\n"
            "class AeonFp8LinearMethod(Fp8LinearMethod):\n"
            "    def aeon_marlin(self) -> bool:\n"
            "        return self.use_marlin\n",
            "return self.use_marlin",
        ),
    ),
]

# --- #30825 (95befecc18): Fp8MoEMethod.allow_deep_gemm no longer set
DG = "95befecc18"
DGW = "Fp8MoEMethod.allow_deep_gemm no longer set"
CASES += [
    (
        "#30825 attribute no longer set",
        "a subclass's self. read",
        K(
            "#30825",
            DG,
            DGW,
            "vllm/aeon/dg1.py",
            f"from {QUANT}.fp8 import Fp8MoEMethod\n\n\n"
            "class AeonFp8MoEMethod(Fp8MoEMethod):\n"
            "    def aeon_deep_gemm(self) -> bool:\n"
            "        return self.allow_deep_gemm and self.block_quant\n",
            "return self.allow_deep_gemm and self.block_quant",
        ),
    ),
    (
        "#30825 attribute no longer set",
        "getattr with a literal",
        K(
            "#30825",
            DG,
            DGW,
            "vllm/aeon/dg2.py",
            f"from {QUANT}.fp8 import Fp8MoEMethod\n\n\n"
            "def aeon_deep_gemm(method: Fp8MoEMethod) -> bool:\n"
            '    return getattr(method, "allow_deep_gemm")\n',
            'return getattr(method, "allow_deep_gemm")',
        ),
    ),
    (
        "#30825 attribute no longer set",
        "twin: the backend it was derived from",
        K(
            "#30825",
            DG,
            DGW,
            "vllm/aeon/dg3.py",
            f"from {QUANT}.fp8 import Fp8MoEMethod, Fp8MoeBackend\n\n\n"
            "class AeonFp8MoEMethod(Fp8MoEMethod):\n"
            "    def aeon_deep_gemm(self) -> bool:\n"
            "        return self.fp8_backend == Fp8MoeBackend.DEEPGEMM\n",
            "return self.fp8_backend == Fp8MoeBackend.DEEPGEMM",
        ),
    ),
]

# --- #42749 (2cab53ddee): BaseKVCacheMethod.process_weights_after_loading fills layer._k_scale_cpu/_v_scale_cpu
KV = "2cab53ddee"
KVW = "BaseKVCacheMethod writes the layer's host scale copies"
KVLAYER = (
    "import torch\n\n"
    "from vllm.model_executor.layers.attention.attention import set_default_quant_scales\n"
    f"from {QUANT}.kv_cache import BaseKVCacheMethod\n\n\n"
)
CASES += [
    (
        "#42749 attribute the method now needs",
        "a fork layer with hand-made scales",
        K(
            "#42749",
            KV,
            KVW,
            "vllm/aeon/kv1.py",
            KVLAYER + "class AeonIndexerCache(torch.nn.Module):\n"
            "    # AEON: the Spark's sparse indexer keeps an fp8 cache with its own scales\n"
            "    def __init__(self, method: BaseKVCacheMethod) -> None:\n"
            "        super().__init__()\n"
            '        self.kv_cache_dtype = "fp8"\n'
            "        self.calculate_kv_scales = False\n"
            "        method.create_weights(self)\n"
            '        self.register_buffer("_q_scale", torch.tensor(1.0))\n'
            '        self.register_buffer("_k_scale", torch.tensor(1.0))\n'
            '        self.register_buffer("_v_scale", torch.tensor(1.0))\n'
            '        self.register_buffer("_prob_scale", torch.tensor(1.0))\n'
            "        self._q_scale_float = self._k_scale_float = self._v_scale_float = 1.0\n\n"
            "    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n"
            "        method.process_weights_after_loading(self)\n",
            "method.process_weights_after_loading(self)",
        ),
    ),
    (
        "#42749 attribute the method now needs",
        "twin: upstream's scale helper makes the layer",
        K(
            "#42749",
            KV,
            KVW,
            "vllm/aeon/kv2.py",
            KVLAYER + "class AeonIndexerCache(torch.nn.Module):\n"
            "    def __init__(self, method: BaseKVCacheMethod) -> None:\n"
            "        super().__init__()\n"
            '        self.kv_cache_dtype = "fp8"\n'
            "        self.calculate_kv_scales = False\n"
            "        method.create_weights(self)\n"
            "        set_default_quant_scales(self, register_buffer=True)\n\n"
            "    def aeon_load_scales(self, method: BaseKVCacheMethod) -> None:\n"
            "        method.process_weights_after_loading(self)\n",
            "method.process_weights_after_loading(self)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fp8meth-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
