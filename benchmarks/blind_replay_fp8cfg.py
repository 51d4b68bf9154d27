"""A blind replay of the FP8 quantization config and methods a fork's FP8 carries subclass, build or read.

10 first-parent commits on ``vllm/model_executor/layers/quantization/fp8.py`` -- the config and methods a
fork that serves FP8 checkpoints beside its NVFP4 ones carries code against: ``Fp8MoEMethod.__init__``'s
``moe`` (a ``FusedMoEConfig``) replaced by ``layer`` and ``flashinfer_moe_enabled`` removed,
``W8A8BlockFp8LinearOp`` and ``Fp8LinearMethod.w8a8_block_fp8_linear`` reverted away (with the block path's
``act_q_group_shape`` no longer ``GroupShape(1, block_n)``), ``Fp8MoEMethod.rocm_aiter_moe_enabled`` removed,
``fp8`` no longer importing ``envs`` and the Marlin helpers, ``Fp8Config.get_quant_method`` returning a new
``Fp8OnlineLinearMethod`` for unserialized checkpoints (with ``Fp8LinearMethod`` no longer honouring the
``_already_called_process_weights_after_loading`` flag), ``Fp8MoEMethod.process_weights_after_loading`` now
calling ``self._setup_kernel(layer)`` and ``self._convert_weights_to_kernel_format(...)``, ``_swap_w13_to_w31``
and ``_is_col_major`` removed from ``fp8``, ``Fp8MoEMethod`` asserting a serialized checkpoint (the online path
split into ``Fp8OnlineMoEMethod``), and online quantization calling the method's
``process_weights_after_loading`` from the weight loader, then again -- picked by scanning the path's diffs
(``git log --first-parent -p``), avoiding the commits every other replay uses (``blind_replay_fp8meth``,
``_fp8utils``, ``_quant``, ``_quantext``, ``_ctquant`` cover parts of this surface).  Each is replayed under
1-3 fork spellings written the way fork code is written (a keyword build, a subclass's positional
``super().__init__``, a subclass's ``self.`` read, a read off a receiver typed as the class, an import, a module
attribute, a ``getattr`` with a literal, a comparison of a ``GroupShape``, a table keyed by the method's class, a
``type(...) is`` test, a layer flag the method read, a helper whose name the base now calls, a direct build the
base now rejects, an override the base now calls twice), with twins (fork code the commit does not break: the
kept name, the new home, ``isinstance``, a helper under its own name, an override of another method).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 1590bcc5): 15 caught, 0 warned, 8 missed of 23 (twins: 10
quiet, 0 false errors).  Symbol drift caught the keyword ``moe=``, the positional ``super().__init__`` now landing
a ``FusedMoEConfig`` on ``layer``, the removed attributes (a subclass's ``self.`` read, a receiver typed as the
class), the removed class, re-exports and module attributes (import, alias, a ``getattr`` with a literal) and the
fork helpers named like the base's new ``_setup_kernel``/``_convert_weights_to_kernel_format``.  The misses:
#25607's ``act_q_group_shape.col == self.weight_block_size[0]`` (the block path's group shape is now PER_TOKEN
or PER_TENSOR: silently false), #32189's three (a table keyed by ``type(method)`` -- KeyError for the new
``Fp8OnlineLinearMethod`` --, ``type(method) is Fp8LinearMethod`` -- silently false --, and a layer flag
``_already_called_process_weights_after_loading`` the fork sets to skip ``Fp8LinearMethod``'s pass, which that
method no longer reads), #30627's two (a direct build of ``Fp8MoEMethod`` with an unserialized config, which
``create_weights`` now asserts against, and a table keyed by the MoE method's class), and #29196's two (an
override of ``process_weights_after_loading`` whose own step below ``super()`` -- a transpose stored back, an
in-place scale -- now runs twice: the loader calls the method, then the model loader again, and upstream's flag
guards only upstream's body).  No label changed after the blind run.
After the killers191 widenings: 21 caught, 0 warned, 2 missed of 23 (twins: 10 quiet, 0 false errors).  Caught
now: an exact-class test (``type(x) is``, a dict keyed by class) of a class a factory upstream now replaces with
a new subclass for some inputs (``drift/exact_classes.py``); a fork override step that rewrites a value from
itself in a hook upstream now also calls from a patched loader, its repeat guarded by a flag only upstream's body
reads (``drift/repeated_hooks.py``); a flag the fork stores, in a function naming the class, to skip a method
that no longer returns early on it (``drift/skip_flags.py``).  Left missed: #25607's group shape (an attribute's
value re-derived from other inputs on one path; nothing names the value), #30627's direct build (a new
``assert`` on a config field the fork passes as a literal; the assertion sits in ``create_weights``, a call away
from the build).
Regression set at the widenings' head (942427a4): killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_fp8cfg 21/0/2 of 23 (10 quiet), blind_replay_fp8meth 21 caught, 1 warned of 22 (10 quiet; as
before), blind_replay_quantext 17 caught, 1 warned, 1 missed of 19 (13 quiet; as before), review68_twins 5/5, 0
false errors of 67 (2 warned, as before), review79_twins 11/11, 0 false errors of 33 (2 warned, as before),
blind_replay_compwrap 22/22 (12 quiet; drift/early_hooks' replay).

  python benchmarks/blind_replay_fp8cfg.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

FP8 = "vllm.model_executor.layers.quantization.fp8"
FU = "vllm.model_executor.layers.quantization.utils.fp8_utils"

# --- #22357 (a38b8af4c3): Fp8MoEMethod.__init__(quant_config, moe) -> (quant_config, layer); flag removed
MO = "a38b8af4c3"
MOW = "Fp8MoEMethod.__init__'s moe replaced by layer; flashinfer_moe_enabled removed"
MOI = f"from vllm.model_executor.layers.fused_moe.config import FusedMoEConfig\nfrom {FP8} import Fp8Config, Fp8MoEMethod\n\n\n"
CASES += [
    (
        "#22357 parameter replaced",
        "a keyword build with moe=",
        K(
            "#22357",
            MO,
            MOW,
            "vllm/aeon/mo1.py",
            MOI + "def aeon_fp8_moe_method(quant_config: Fp8Config, layer) -> Fp8MoEMethod:\n"
            "    # AEON: the Spark builds the FP8 MoE method itself for its mixed FP8/NVFP4 experts\n"
            "    return Fp8MoEMethod(quant_config, moe=layer.moe_config)\n",
            "return Fp8MoEMethod(quant_config, moe=layer.moe_config)",
        ),
    ),
    (
        "#22357 parameter replaced",
        "a subclass's positional super().__init__ with the config",
        K(
            "#22357",
            MO,
            MOW,
            "vllm/aeon/mo2.py",
            MOI + "class AeonFp8MoEMethod(Fp8MoEMethod):\n"
            "    def __init__(self, quant_config: Fp8Config, moe: FusedMoEConfig) -> None:\n"
            "        # AEON: GB10 keeps the MoE config to size its expert workspace\n"
            "        super().__init__(quant_config, moe)\n"
            "        self.aeon_num_experts = moe.num_experts\n",
            "super().__init__(quant_config, moe)",
        ),
    ),
    (
        "#22357 attribute removed",
        "a subclass's self. read of the removed flag",
        K(
            "#22357",
            MO,
            MOW,
            "vllm/aeon/mo3.py",
            MOI + "class AeonFp8MoEMethod2(Fp8MoEMethod):\n"
            "    def aeon_kernel_name(self) -> str:\n"
            '        return "flashinfer" if self.flashinfer_moe_enabled else "triton"\n',
            'return "flashinfer" if self.flashinfer_moe_enabled else "triton"',
        ),
    ),
    (
        "#22357 parameter replaced",
        "twin: kept attributes read in a subclass",
        K(
            "#22357",
            MO,
            MOW,
            "vllm/aeon/mo4.py",
            MOI + "class AeonFp8MoEMethod3(Fp8MoEMethod):\n"
            "    def aeon_block(self) -> tuple[int, ...]:\n"
            "        return tuple(self.quant_config.weight_block_size or ()) if self.block_quant else ()\n",
            "return tuple(self.quant_config.weight_block_size or ()) if self.block_quant else ()",
        ),
    ),
]

# --- #25607 (1260180c67): revert of the block-linear op class: W8A8BlockFp8LinearOp, w8a8_block_fp8_linear gone
BL = "1260180c67"
BLW = "W8A8BlockFp8LinearOp and Fp8LinearMethod.w8a8_block_fp8_linear removed; block act_q_group_shape changed"
BLI = f"import torch\n\nfrom {FP8} import Fp8LinearMethod\n\n\n"
CASES += [
    (
        "#25607 attribute removed",
        "a subclass's apply through the removed op",
        K(
            "#25607",
            BL,
            BLW,
            "vllm/aeon/bl1.py",
            BLI + "class AeonFp8LinearMethod(Fp8LinearMethod):\n"
            "    def apply(self, layer, x: torch.Tensor, bias=None) -> torch.Tensor:\n"
            "        # AEON: sm_121a runs the block-FP8 op without the DeepGEMM warmup\n"
            "        if self.block_quant:\n"
            "            return self.w8a8_block_fp8_linear.apply(\n"
            "                input=x, weight=layer.weight, weight_scale=layer.weight_scale,\n"
            "                input_scale=layer.input_scale, bias=bias)\n"
            "        return super().apply(layer, x, bias)\n",
            "return self.w8a8_block_fp8_linear.apply(",
        ),
    ),
    (
        "#25607 class removed",
        "an import of the removed op class",
        K(
            "#25607",
            BL,
            BLW,
            "vllm/aeon/bl2.py",
            f"from vllm.model_executor.layers.quantization.utils.quant_utils import GroupShape\nfrom {FU} import W8A8BlockFp8LinearOp\n\n\n"
            "def aeon_block_op():\n"
            "    # AEON: the Spark's draft model shares one block-FP8 op\n"
            "    return W8A8BlockFp8LinearOp(GroupShape(128, 128), GroupShape(1, 128))\n",
            f"from {FU} import W8A8BlockFp8LinearOp",
        ),
    ),
    (
        "#25607 value changed",
        "a comparison of the block path's activation group shape",
        K(
            "#25607",
            BL,
            BLW,
            "vllm/aeon/bl3.py",
            BLI + "class AeonFp8LinearMethod2(Fp8LinearMethod):\n"
            "    def aeon_per_block_acts(self) -> bool:\n"
            "        # AEON: GB10's block kernel wants activations grouped like the weight blocks\n"
            "        return self.block_quant and self.act_q_group_shape.col == self.weight_block_size[0]\n",
            "return self.block_quant and self.act_q_group_shape.col == self.weight_block_size[0]",
        ),
    ),
    (
        "#25607 attribute removed",
        "twin: the per-tensor op, kept, read in a subclass",
        K(
            "#25607",
            BL,
            BLW,
            "vllm/aeon/bl4.py",
            BLI + "class AeonFp8LinearMethod3(Fp8LinearMethod):\n"
            "    def aeon_tensor_apply(self, layer, x: torch.Tensor) -> torch.Tensor:\n"
            "        return self.fp8_linear.apply(input=x, weight=layer.weight, weight_scale=layer.weight_scale,\n"
            "                                     input_scale=layer.input_scale, bias=None)\n",
            "return self.fp8_linear.apply(input=x, weight=layer.weight, weight_scale=layer.weight_scale,",
        ),
    ),
]

# --- #31102 (b57b967386): Fp8MoEMethod.rocm_aiter_moe_enabled removed (now fp8_backend == Fp8MoeBackend.AITER)
AI = "b57b967386"
AIW = "Fp8MoEMethod.rocm_aiter_moe_enabled removed"
AII = f"from {FP8} import Fp8MoEMethod, Fp8MoeBackend\n\n\n"
CASES += [
    (
        "#31102 attribute removed",
        "a subclass's self. read",
        K(
            "#31102",
            AI,
            AIW,
            "vllm/aeon/ai1.py",
            AII + "class AeonFp8MoE(Fp8MoEMethod):\n"
            "    def aeon_shuffled(self) -> bool:\n"
            "        # AEON: the fleet's ROCm canary shares the Spark's MoE carry\n"
            "        if self.rocm_aiter_moe_enabled:\n"
            "            return True\n"
            "        return False\n",
            "if self.rocm_aiter_moe_enabled:",
        ),
    ),
    (
        "#31102 attribute removed",
        "a read off a receiver typed as the class",
        K(
            "#31102",
            AI,
            AIW,
            "vllm/aeon/ai2.py",
            AII + "def aeon_moe_kernel(method: Fp8MoEMethod) -> str:\n"
            '    return "aiter" if method.rocm_aiter_moe_enabled else method.fp8_backend.name\n',
            'return "aiter" if method.rocm_aiter_moe_enabled else method.fp8_backend.name',
        ),
    ),
    (
        "#31102 attribute removed",
        "twin: the kept backend compared with a kept member",
        K(
            "#31102",
            AI,
            AIW,
            "vllm/aeon/ai3.py",
            AII + "def aeon_is_triton(method: Fp8MoEMethod) -> bool:\n"
            "    return method.fp8_backend == Fp8MoeBackend.TRITON\n",
            "return method.fp8_backend == Fp8MoeBackend.TRITON",
        ),
    ),
]

# --- #32929 (27d5ee3e6f): fp8 drops its envs import and the Marlin helpers (now a Marlin kernel class)
WQ = "27d5ee3e6f"
WQW = "fp8 no longer imports envs, apply_fp8_marlin_linear, prepare_fp8_layer_for_marlin"
CASES += [
    (
        "#32929 re-export removed",
        "an import of a helper through fp8",
        K(
            "#32929",
            WQ,
            WQW,
            "vllm/aeon/wq1.py",
            f"from {FP8} import Fp8LinearMethod, prepare_fp8_layer_for_marlin\n\n\n"
            "def aeon_marlin_prep(method: Fp8LinearMethod, layer) -> None:\n"
            "    # AEON: the Spark's weight-only FP8 fallback repacks for Marlin itself\n"
            "    prepare_fp8_layer_for_marlin(layer, True, input_dtype=method.marlin_input_dtype)\n",
            f"from {FP8} import Fp8LinearMethod, prepare_fp8_layer_for_marlin",
        ),
    ),
    (
        "#32929 module attribute removed",
        "the envs module read off fp8",
        K(
            "#32929",
            WQ,
            WQW,
            "vllm/aeon/wq2.py",
            f"import {FP8} as fp8_mod\n\n\n"
            "def aeon_force_marlin() -> bool:\n"
            "    return bool(fp8_mod.envs.VLLM_TEST_FORCE_FP8_MARLIN)\n",
            "return bool(fp8_mod.envs.VLLM_TEST_FORCE_FP8_MARLIN)",
        ),
    ),
    (
        "#32929 re-export removed",
        "twin: the helper from its home module",
        K(
            "#32929",
            WQ,
            WQW,
            "vllm/aeon/wq3.py",
            "from vllm.model_executor.layers.quantization.utils.marlin_utils_fp8 import prepare_fp8_layer_for_marlin\n"
            "import vllm.envs as envs\n\n\n"
            "def aeon_marlin_prep2(layer) -> None:\n"
            "    if envs.VLLM_TEST_FORCE_FP8_MARLIN:\n"
            "        prepare_fp8_layer_for_marlin(layer, True)\n",
            "prepare_fp8_layer_for_marlin(layer, True)",
        ),
    ),
]

# --- #32189 (d2389c1262): get_quant_method returns Fp8OnlineLinearMethod for unserialized checkpoints
OL = "d2389c1262"
OLW = "Fp8OnlineLinearMethod split out; Fp8LinearMethod no longer reads the already-processed flag"
OLI = f"from {FP8} import Fp8Config, Fp8LinearMethod\n\n\n"
CASES += [
    (
        "#32189 class split",
        "a table keyed by the method's class",
        K(
            "#32189",
            OL,
            OLW,
            "vllm/aeon/ol1.py",
            OLI + 'AEON_LINEAR_ROUTES = {Fp8LinearMethod: "fp8-cutlass"}\n\n\n'
            "def aeon_route(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    # AEON: the Spark routes each FP8 linear to its sm_121a kernel by method class\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    return AEON_LINEAR_ROUTES[type(method)]\n",
            "return AEON_LINEAR_ROUTES[type(method)]",
        ),
    ),
    (
        "#32189 class split",
        "a type(...) is test",
        K(
            "#32189",
            OL,
            OLW,
            "vllm/aeon/ol2.py",
            OLI + "def aeon_is_fp8_linear(cfg: Fp8Config, layer, prefix: str) -> bool:\n"
            "    method = cfg.get_quant_method(layer, prefix)\n"
            "    return type(method) is Fp8LinearMethod\n",
            "return type(method) is Fp8LinearMethod",
        ),
    ),
    (
        "#32189 flag no longer read",
        "a layer flag set to skip the method's processing",
        K(
            "#32189",
            OL,
            OLW,
            "vllm/aeon/ol3.py",
            OLI + "def aeon_load_pretransposed(layer, method: Fp8LinearMethod) -> None:\n"
            "    # AEON: GB10 loads FP8 weights already transposed from the Spark's cache; skip the pass\n"
            "    layer.weight.data = layer.weight.data.t()\n"
            "    layer._already_called_process_weights_after_loading = True\n",
            "layer._already_called_process_weights_after_loading = True",
        ),
    ),
    (
        "#32189 class split",
        "twin: an isinstance test",
        K(
            "#32189",
            OL,
            OLW,
            "vllm/aeon/ol4.py",
            OLI + "def aeon_is_fp8_linear2(cfg: Fp8Config, layer, prefix: str) -> bool:\n"
            "    return isinstance(cfg.get_quant_method(layer, prefix), Fp8LinearMethod)\n",
            "return isinstance(cfg.get_quant_method(layer, prefix), Fp8LinearMethod)",
        ),
    ),
]

# --- #31169 (727c41f3fd): Fp8MoEMethod.process_weights_after_loading now calls _setup_kernel, _convert_...
PW = "727c41f3fd"
PWW = "Fp8MoEMethod.process_weights_after_loading now calls self._setup_kernel(layer) and self._convert_weights_to_kernel_format(...)"
PWI = f"from {FP8} import Fp8MoEMethod\n\n\n"
CASES += [
    (
        "#31169 base now calls a fork namesake",
        "a subclass helper named like the base's new hook",
        K(
            "#31169",
            PW,
            PWW,
            "vllm/aeon/pw1.py",
            PWI + "class AeonFp8MoE2(Fp8MoEMethod):\n"
            "    def _setup_kernel(self) -> None:\n"
            "        # AEON: GB10 picks its expert kernel once, at first apply\n"
            "        self.aeon_kernel = self.fp8_backend.name\n\n"
            "    def apply(self, layer, *args, **kwargs):\n"
            '        if not hasattr(self, "aeon_kernel"):\n'
            "            self._setup_kernel()\n"
            "        return super().apply(layer, *args, **kwargs)\n",
            "def _setup_kernel(self) -> None:",
        ),
    ),
    (
        "#31169 base now calls a fork namesake",
        "a subclass helper named like the base's new conversion",
        K(
            "#31169",
            PW,
            PWW,
            "vllm/aeon/pw2.py",
            PWI + "class AeonFp8MoE3(Fp8MoEMethod):\n"
            "    def _convert_weights_to_kernel_format(self, layer) -> None:\n"
            "        # AEON: the Spark keeps a bf16 copy of the experts for its draft model\n"
            "        layer.aeon_w13_bf16 = layer.w13_weight.to(dtype=layer.orig_dtype)\n\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        self._convert_weights_to_kernel_format(layer)\n"
            "        super().process_weights_after_loading(layer)\n",
            "def _convert_weights_to_kernel_format(self, layer) -> None:",
        ),
    ),
    (
        "#31169 base now calls a fork namesake",
        "twin: the helper under the fork's own name",
        K(
            "#31169",
            PW,
            PWW,
            "vllm/aeon/pw3.py",
            PWI + "class AeonFp8MoE4(Fp8MoEMethod):\n"
            "    def _aeon_setup_kernel(self) -> None:\n"
            "        self.aeon_kernel = self.fp8_backend.name\n\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        self._aeon_setup_kernel()\n",
            "def _aeon_setup_kernel(self) -> None:",
        ),
    ),
]

# --- #21458 (207b750e19): fp8._swap_w13_to_w31 removed (flashinfer_utils.swap_w13_to_w31)
SW = "207b750e19"
SWW = "_swap_w13_to_w31 removed from fp8"
CASES += [
    (
        "#21458 function removed",
        "an import of the private helper",
        K(
            "#21458",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            f"import torch\n\nfrom {FP8} import _swap_w13_to_w31\n\n\n"
            "def aeon_w31(w13: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's FlashInfer MoE wants w3 before w1 too\n"
            "    return _swap_w13_to_w31(w13)\n",
            f"from {FP8} import _swap_w13_to_w31",
        ),
    ),
    (
        "#21458 function removed",
        "a module attribute call",
        K(
            "#21458",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            f"import torch\n\nimport {FP8} as fp8q\n\n\n"
            "def aeon_w31b(w13: torch.Tensor) -> torch.Tensor:\n"
            "    return fp8q._swap_w13_to_w31(w13)\n",
            "return fp8q._swap_w13_to_w31(w13)",
        ),
    ),
    (
        "#21458 function removed",
        "twin: the helper's new home",
        K(
            "#21458",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            "import torch\n\nfrom vllm.model_executor.layers.quantization.utils.flashinfer_utils import swap_w13_to_w31\n\n\n"
            "def aeon_w31c(w13: torch.Tensor) -> torch.Tensor:\n"
            "    return swap_w13_to_w31(w13)\n",
            "return swap_w13_to_w31(w13)",
        ),
    ),
]

# --- #25219 (f11e3c516b): fp8._is_col_major removed (fp8_utils.expert_weight_is_col_major)
CM = "f11e3c516b"
CMW = "_is_col_major removed from fp8"
CASES += [
    (
        "#25219 function removed",
        "an import beside a kept class",
        K(
            "#25219",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            f"from {FP8} import Fp8MoEMethod, _is_col_major\n\n\n"
            "def aeon_scales_col_major(method: Fp8MoEMethod, layer) -> bool:\n"
            "    # AEON: GB10's DeepGEMM-free path must see row-major scales\n"
            "    return method.block_quant and _is_col_major(layer.w13_weight_scale_inv)\n",
            f"from {FP8} import Fp8MoEMethod, _is_col_major",
        ),
    ),
    (
        "#25219 function removed",
        "a getattr with a literal off the module",
        K(
            "#25219",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            f'import {FP8} as fp8q\n\n\ndef aeon_col_major(t) -> bool:\n    return getattr(fp8q, "_is_col_major")(t)\n',
            'return getattr(fp8q, "_is_col_major")(t)',
        ),
    ),
    (
        "#25219 function removed",
        "twin: a kept fp8_utils helper",
        K(
            "#25219",
            CM,
            CMW,
            "vllm/aeon/cm3.py",
            f"from {FU} import get_col_major_tma_aligned_tensor\n\n\n"
            "def aeon_tma(t):\n"
            "    return get_col_major_tma_aligned_tensor(t)\n",
            "return get_col_major_tma_aligned_tensor(t)",
        ),
    ),
]

# --- #30627 (d0502b4928): Fp8MoEMethod asserts a serialized checkpoint; the online path is Fp8OnlineMoEMethod
OM = "d0502b4928"
OMW = "Fp8MoEMethod asserts is_checkpoint_fp8_serialized; Fp8OnlineMoEMethod split out"
OMI = f"from {FP8} import Fp8Config, Fp8MoEMethod\n\n\n"
CASES += [
    (
        "#30627 class split",
        "a direct build for an unserialized checkpoint",
        K(
            "#30627",
            OM,
            OMW,
            "vllm/aeon/om1.py",
            OMI + "def aeon_online_fp8_moe(layer) -> Fp8MoEMethod:\n"
            "    # AEON: the Spark quantizes its bf16 draft model's experts to FP8 online\n"
            '    cfg = Fp8Config(is_checkpoint_fp8_serialized=False, activation_scheme="dynamic")\n'
            "    return Fp8MoEMethod(cfg, layer)\n",
            "return Fp8MoEMethod(cfg, layer)",
        ),
    ),
    (
        "#30627 class split",
        "a table keyed by the MoE method's class",
        K(
            "#30627",
            OM,
            OMW,
            "vllm/aeon/om2.py",
            OMI + 'AEON_MOE_ROUTES = {Fp8MoEMethod: "fp8-moe"}\n\n\n'
            "def aeon_moe_route(cfg: Fp8Config, layer, prefix: str) -> str:\n"
            "    return AEON_MOE_ROUTES[type(cfg.get_quant_method(layer, prefix))]\n",
            "return AEON_MOE_ROUTES[type(cfg.get_quant_method(layer, prefix))]",
        ),
    ),
    (
        "#30627 class split",
        "twin: an isinstance test",
        K(
            "#30627",
            OM,
            OMW,
            "vllm/aeon/om3.py",
            OMI + "def aeon_is_fp8_moe(cfg: Fp8Config, layer, prefix: str) -> bool:\n"
            "    return isinstance(cfg.get_quant_method(layer, prefix), Fp8MoEMethod)\n",
            "return isinstance(cfg.get_quant_method(layer, prefix), Fp8MoEMethod)",
        ),
    ),
]

# --- #29196 (0d402d2600): online fp8 calls process_weights_after_loading from the loader, then again
ST = "0d402d2600"
STW = "the methods' process_weights_after_loading now called from the patched weight loader, then skipped by a flag"
STI = f"import torch\n\nfrom vllm.model_executor.layers.quantization.utils.layer_utils import replace_parameter\nfrom {FP8} import Fp8LinearMethod, Fp8MoEMethod\n\n\n"
CASES += [
    (
        "#29196 override now called twice",
        "a linear override with a non-idempotent step after super()",
        K(
            "#29196",
            ST,
            STW,
            "vllm/aeon/st1.py",
            STI + "class AeonFp8Linear(Fp8LinearMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        # AEON: sm_121a's cutlass path wants the FP8 weight back in (N, K)\n"
            '        replace_parameter(layer, "weight", layer.weight.t())\n',
            'replace_parameter(layer, "weight", layer.weight.t())',
        ),
    ),
    (
        "#29196 override now called twice",
        "a MoE override scaling the experts after super()",
        K(
            "#29196",
            ST,
            STW,
            "vllm/aeon/st2.py",
            STI + "class AeonFp8Moe(Fp8MoEMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        # AEON: GB10's grouped GEMM folds the routed scaling factor into w2's scale\n"
            "        layer.w2_weight_scale.data.mul_(layer.routed_scaling_factor)\n",
            "layer.w2_weight_scale.data.mul_(layer.routed_scaling_factor)",
        ),
    ),
    (
        "#29196 override now called twice",
        "twin: an override of apply",
        K(
            "#29196",
            ST,
            STW,
            "vllm/aeon/st3.py",
            STI + "class AeonFp8Linear2(Fp8LinearMethod):\n"
            "    def apply(self, layer, x: torch.Tensor, bias=None) -> torch.Tensor:\n"
            "        return super().apply(layer, x.contiguous(), bias)\n",
            "return super().apply(layer, x.contiguous(), bias)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fp8cfg-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
