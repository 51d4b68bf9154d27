"""A blind replay of the other quantization methods and the quantization base config and registry a fork uses.

11 first-parent commits on ``vllm/model_executor/layers/quantization/{bitsandbytes,gguf,modelopt,base_config,
__init__}.py`` -- the classes and functions a fork's own quantization method, config or model loader carries
code against: ``ModelOptFp8Config`` (``get_name`` made an instance method, the constructor's defaults dropped),
``ModelOptNvFp4FusedMoE`` (its backend flags ``allow_flashinfer``/``use_marlin``/``flashinfer_moe_backend``
replaced by an oracle's ``nvfp4_backend``; ``maybe_swap_experts_impl`` removed; the ``swizzle_blockscale``
methods moved to a module function), ``ModelOptNvFp4LinearMethod`` (``use_marlin`` replaced by a ``backend``
string, while the MoE method of the same file keeps its own ``use_marlin``), ``ModelOptMxFp8LinearMethod``
(``backend`` and the two ``_process_weights_after_loading_scale_*d`` helpers removed, then ``mxfp8_linear_op``
replaced by a ``kernel``; ``ModelOptMxFp8Config.get_min_capability`` 100 -> 80), the MoE methods of
bitsandbytes, GGUF and ModelOpt (a required ``moe`` config inserted in their constructors),
``QuantizeMethodBase.tie_weights`` (no longer raises ``NotImplementedError``: it now shares the weight of the
module it is handed), the method registry (``"hqq"``, ``"marlin"`` and ``"qqq"`` removed with their modules;
``register_quantization_config`` no longer refusing a name that exists) -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under
1-3 fork spellings written the way fork code is written (a subclass's ``self.`` read or call, a ``super()``
constructor call, a read off a receiver typed as the class, a call on the class, a keyword constructor call, a
registry lookup by literal or by a module constant, an import of a removed module, an ``except`` round a call
that no longer raises, a capability inlined), with twins (fork code the commit does not break: the kept
classmethod, the full constructor, a ``getattr`` with a default, the namesake another class keeps, the
re-imported function, a name the registry still has).  The merge base is the commit's first parent, upstream
is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 194a2911, the replay committed first as 30226e75): 13 caught,
0 warned, 5 missed of 18 (twins: 12 quiet, 1 false error of 13).  The misses: #32681's ``get_quantization_config(
"hqq")`` and #23204's ``"qqq"`` spelt as a module constant (a string dropped from ``QuantizationMethods``, a
``Literal`` read out by ``list(get_args(...))`` into ``QUANTIZATION_METHODS``, which the getter tests: no check read
a list of accepted names, and name drift never reads a getter's argument), #34664's ``capability >= 100  #
ModelOptMxFp8Config.get_min_capability()`` (the returned-literal gate wanted the hunk to open on the ``return``
line, and #34664's opens on a comment it also took out), #45544's ``except NotImplementedError:`` round
``QuantizeMethodBase.tie_weights`` (a stub that only raised, given a body that raises nothing: raised-kind drift
wanted a new kind raised) and #28510's ``except ValueError:`` round ``register_quantization_config("gguf")``.  The
false error was no false error: the "twin" ``getattr(method, 'use_marlin', False)`` after #31692 always answers
False now, even when the oracle picks Marlin -- a member that left the class, read with a default, which the
engine reports as an error by design (``docs/drift.md``, name drift: a ``getattr`` on an object it can type).  It
is counted as a killer spelling since, and a twin reading the oracle's new ``nvfp4_backend`` by ``getattr`` took
its place.

After the killers131 widenings: 17 caught, 1 warned, 1 missed of 19 (twins: 13 quiet, 0 false errors).  Caught
now: a choice dropped from a module's list of accepted names handed to its getter (``drift/dropped_table_keys.py``:
a list/tuple/set display of strings or a ``Literal``'s ``get_args`` as a table; a key spelt once as a module
constant of the fork's file is read through it, for dict tables too) and a returned literal whose hunk opens on
removed comment lines (``drift/constants.py``).  Warned now: a handler of a stub upstream gave a body
(``drift/raised_kinds.py``; a warning, since the new body often does what the fallback did).  Left missed:
#28510's handler -- ``_wrapper`` still raises ValueError (for a class that is no ``QuantizationConfig``), and
only the fork's argument (a name already registered) tells that its call took the removed raise; the raise sits
in a nested def the factory returns, and the ``try`` body makes two calls.  Regression set at the widenings'
head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false errors (40, 30,
23 twins), blind_replay_quant 27/27 (14 quiet), blind_replay_awqgptq 27 caught, 1 warned of 28 (16 quiet; as
recorded), blind_replay_compile 12/12 (9 quiet), blind_replay_ctquant 15 caught, 1 warned of 16 (12 quiet; as
recorded), blind_replay_layerutils 30 caught, 1 warned, 1 missed of 32 (17 quiet; as recorded),
blind_replay_eplbops 25/25 (14 quiet), ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides,
4 caught).
mend47 left #28510 missed: upstream's ``_wrapper`` still raises ValueError (for a class that is no
``QuantizationConfig``), so the handler still has a raise to catch; telling that the fork's call took the removed
one needs the removed raise's condition (``quantization in QUANTIZATION_METHODS``, a list built from a
``Literal``'s ``get_args``) evaluated for the fork's argument and the kept one's (``issubclass``) refuted for its
class, through a nested def the factory returns -- no general rule found that stays sound.  17 caught, 1 warned,
1 missed of 19 (13 twins quiet), as before.

  python benchmarks/blind_replay_quantext.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MO = "vllm.model_executor.layers.quantization.modelopt"

# --- #28076 (a8c536829c): ModelOptFp8Config.get_name a classmethod -> a method; __init__'s defaults dropped
GN = "a8c536829c"
GNW = "ModelOptFp8Config.get_name made an instance method, its constructor's defaults dropped"
FP8C = f"from {MO} import ModelOptFp8Config\n\n\n"
CASES += [
    (
        "#28076 classmethod made a method",
        "a call on the class",
        K(
            "#28076",
            GN,
            GNW,
            "vllm/aeon/gn1.py",
            FP8C + "def aeon_is_modelopt(hf_quant_cfg: dict) -> bool:\n"
            "    # AEON: the Spark's loader routes ModelOpt checkpoints to its own cache sizing\n"
            "    return hf_quant_cfg.get('quant_method') == ModelOptFp8Config.get_name()\n",
            "return hf_quant_cfg.get('quant_method') == ModelOptFp8Config.get_name()",
        ),
    ),
    (
        "#28076 defaults dropped",
        "a keyword constructor call leaning on the defaults",
        K(
            "#28076",
            GN,
            GNW,
            "vllm/aeon/gn2.py",
            FP8C + "def aeon_fp8_config() -> ModelOptFp8Config:\n"
            "    return ModelOptFp8Config(is_checkpoint_fp8_serialized=True)\n",
            "return ModelOptFp8Config(is_checkpoint_fp8_serialized=True)",
        ),
    ),
    (
        "#28076 classmethod made a method",
        "twin: the kept classmethod",
        K(
            "#28076",
            GN,
            GNW,
            "vllm/aeon/gn3.py",
            FP8C + "def aeon_fp8_ok(capability: int) -> bool:\n"
            "    return ModelOptFp8Config.get_min_capability() <= capability\n",
            "return ModelOptFp8Config.get_min_capability() <= capability",
        ),
    ),
    (
        "#28076 defaults dropped",
        "twin: every argument passed",
        K(
            "#28076",
            GN,
            GNW,
            "vllm/aeon/gn4.py",
            FP8C + "def aeon_fp8_config2() -> ModelOptFp8Config:\n    return ModelOptFp8Config(True, None, [])\n",
            "return ModelOptFp8Config(True, None, [])",
        ),
    ),
]

# --- #31692 (9f6dcb71ae): ModelOptNvFp4FusedMoE's backend flags replaced by an oracle's nvfp4_backend
NB = "9f6dcb71ae"
NBW = "ModelOptNvFp4FusedMoE.allow_flashinfer/use_marlin/flashinfer_moe_backend removed"
NVMOE = f"from {MO} import ModelOptNvFp4FusedMoE\n\n\n"
CASES += [
    (
        "#31692 attributes removed",
        "a subclass's self. read",
        K(
            "#31692",
            NB,
            NBW,
            "vllm/aeon/nb1.py",
            NVMOE + "class AeonNvFp4MoE(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_backend_name(self) -> str:\n"
            "        # AEON: the Spark's metrics label the MoE kernel in use\n"
            "        if self.allow_flashinfer:\n"
            "            return 'flashinfer'\n"
            "        return 'cutlass'\n",
            "if self.allow_flashinfer:",
        ),
    ),
    (
        "#31692 attributes removed",
        "a read off a typed receiver",
        K(
            "#31692",
            NB,
            NBW,
            "vllm/aeon/nb2.py",
            NVMOE + "def aeon_uses_marlin(method: ModelOptNvFp4FusedMoE) -> bool:\n    return method.use_marlin\n",
            "return method.use_marlin",
        ),
    ),
    (
        # blind, this was a twin and counted FALSE; it is no twin: the default is now always taken, even when
        # the oracle picks Marlin (a member that left the class, read by getattr: an error by design)
        "#31692 attributes removed",
        "getattr with a default, now always taken",
        K(
            "#31692",
            NB,
            NBW,
            "vllm/aeon/nb3.py",
            NVMOE + "def aeon_uses_marlin2(method: ModelOptNvFp4FusedMoE) -> bool:\n"
            "    return getattr(method, 'use_marlin', False)\n",
            "return getattr(method, 'use_marlin', False)",
        ),
    ),
    (
        "#31692 attributes removed",
        "twin: getattr of the oracle's new attribute",
        K(
            "#31692",
            NB,
            NBW,
            "vllm/aeon/nb5.py",
            NVMOE + "def aeon_backend(method: ModelOptNvFp4FusedMoE):\n"
            "    return getattr(method, 'nvfp4_backend', None)\n",
            "return getattr(method, 'nvfp4_backend', None)",
        ),
    ),
    (
        "#31692 attributes removed",
        "twin: the kept quant_config",
        K(
            "#31692",
            NB,
            NBW,
            "vllm/aeon/nb4.py",
            NVMOE + "class AeonNvFp4MoE2(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_group(self) -> int:\n"
            "        return self.quant_config.group_size\n",
            "return self.quant_config.group_size",
        ),
    ),
]

# --- #39205 (11e2375fe2): ModelOptMxFp8LinearMethod.mxfp8_linear_op -> self.kernel
MK = "11e2375fe2"
MKW = "ModelOptMxFp8LinearMethod.mxfp8_linear_op removed"
MXL = "import torch\n\n" + f"from {MO} import ModelOptMxFp8LinearMethod\n\n\n"
CASES += [
    (
        "#39205 attribute removed",
        "a subclass's self. read in an override",
        K(
            "#39205",
            MK,
            MKW,
            "vllm/aeon/mk1.py",
            MXL + "class AeonMxFp8Linear(ModelOptMxFp8LinearMethod):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        # AEON: keep the Spark's op handle for its graph capture\n"
            "        layer.aeon_op = self.mxfp8_linear_op\n",
            "layer.aeon_op = self.mxfp8_linear_op",
        ),
    ),
    (
        "#39205 attribute removed",
        "twin: super().apply",
        K(
            "#39205",
            MK,
            MKW,
            "vllm/aeon/mk2.py",
            MXL + "class AeonMxFp8Linear2(ModelOptMxFp8LinearMethod):\n"
            "    def apply(self, layer: torch.nn.Module, x: torch.Tensor, bias: torch.Tensor | None = None):\n"
            "        return super().apply(layer, x.contiguous(), bias)\n",
            "return super().apply(layer, x.contiguous(), bias)",
        ),
    ),
]

# --- #34664 (db5d0719e1): ModelOptMxFp8LinearMethod.backend and its scale helpers removed; min capability 100 -> 80
MB = "db5d0719e1"
MBW = "ModelOptMxFp8LinearMethod.backend/_process_weights_after_loading_scale_2d removed, get_min_capability 100 -> 80"
MXB = (
    "import torch\n\n"
    "from vllm.model_executor.layers.quantization.utils.mxfp8_utils import Mxfp8LinearBackend\n"
    f"from {MO} import ModelOptMxFp8Config, ModelOptMxFp8LinearMethod\n\n\n"
)
CASES += [
    (
        "#34664 method removed",
        "a subclass's self. call",
        K(
            "#34664",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            MXB + "class AeonMxFp8Emulated(ModelOptMxFp8LinearMethod):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        # AEON: the Spark emulates MXFP8; keep the scales unswizzled\n"
            "        self._process_weights_after_loading_scale_2d(layer)\n",
            "self._process_weights_after_loading_scale_2d(layer)",
        ),
    ),
    (
        "#34664 attribute removed",
        "a read off a typed receiver",
        K(
            "#34664",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            MXB + "def aeon_emulated(method: ModelOptMxFp8LinearMethod) -> bool:\n"
            "    return method.backend == Mxfp8LinearBackend.EMULATION\n",
            "return method.backend == Mxfp8LinearBackend.EMULATION",
        ),
    ),
    (
        "#34664 returned constant changed",
        "a capability inlined",
        K(
            "#34664",
            MB,
            MBW,
            "vllm/aeon/mb3.py",
            MXB + "def aeon_mxfp8_supported(capability: int) -> bool:\n"
            "    # AEON: the Spark's router sends MXFP8 checkpoints only to GPUs the method runs on\n"
            "    return capability >= 100  # ModelOptMxFp8Config.get_min_capability()\n",
            "return capability >= 100  # ModelOptMxFp8Config.get_min_capability()",
        ),
    ),
    (
        "#34664 attribute removed",
        "twin: the kept op",
        K(
            "#34664",
            MB,
            MBW,
            "vllm/aeon/mb4.py",
            MXB + "class AeonMxFp8Linear3(ModelOptMxFp8LinearMethod):\n"
            "    def aeon_op(self):\n"
            "        return self.mxfp8_linear_op\n",
            "return self.mxfp8_linear_op",
        ),
    ),
]

# --- #32681 (85f55c943c): "hqq" removed from the method registry, hqq_marlin.py deleted
HQ = "85f55c943c"
HQW = "hqq removed from QUANTIZATION_METHODS and get_quantization_config"
GQC = "from vllm.model_executor.layers.quantization import get_quantization_config\n\n\n"
CASES += [
    (
        "#32681 registry key removed",
        "a lookup by literal",
        K(
            "#32681",
            HQ,
            HQW,
            "vllm/aeon/hq1.py",
            GQC + "def aeon_hqq_config(hf_quant_cfg: dict):\n"
            "    # AEON: the Spark serves HQQ checkpoints of its small models\n"
            "    return get_quantization_config('hqq').from_config(hf_quant_cfg)\n",
            "return get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
    (
        "#32681 module removed",
        "an import of the removed module",
        K(
            "#32681",
            HQ,
            HQW,
            "vllm/aeon/hq2.py",
            "from vllm.model_executor.layers.quantization.hqq_marlin import HQQMarlinConfig\n\n\n"
            "class AeonHQQConfig(HQQMarlinConfig):\n"
            "    pass\n",
            "from vllm.model_executor.layers.quantization.hqq_marlin import HQQMarlinConfig",
        ),
    ),
    (
        "#32681 registry key removed",
        "twin: a key the registry keeps",
        K(
            "#32681",
            HQ,
            HQW,
            "vllm/aeon/hq3.py",
            GQC + "def aeon_gptq_config(hf_quant_cfg: dict):\n"
            "    return get_quantization_config('gptq_marlin').from_config(hf_quant_cfg)\n",
            "return get_quantization_config('gptq_marlin').from_config(hf_quant_cfg)",
        ),
    ),
]

# --- #23204 (0cdbf5e61c): "marlin" and "qqq" removed from the method registry with their modules
QQ = "0cdbf5e61c"
QQW = "marlin and qqq removed from QUANTIZATION_METHODS and get_quantization_config"
CASES += [
    (
        "#23204 registry key removed",
        "a lookup by a module constant",
        K(
            "#23204",
            QQ,
            QQW,
            "vllm/aeon/qq1.py",
            GQC + "AEON_W4A8_METHOD = 'qqq'\n\n\n"
            "def aeon_w4a8_config(hf_quant_cfg: dict):\n"
            "    return get_quantization_config(AEON_W4A8_METHOD).from_config(hf_quant_cfg)\n",
            "AEON_W4A8_METHOD = 'qqq'",
        ),
    ),
    (
        "#23204 registry key removed",
        "twin: a kept key by a module constant",
        K(
            "#23204",
            QQ,
            QQW,
            "vllm/aeon/qq2.py",
            GQC + "AEON_W4_METHOD = 'awq_marlin'\n\n\n"
            "def aeon_w4_config(hf_quant_cfg: dict):\n"
            "    return get_quantization_config(AEON_W4_METHOD).from_config(hf_quant_cfg)\n",
            "AEON_W4_METHOD = 'awq_marlin'",
        ),
    ),
]

# --- #22035 (8ad7285ea2): the MoE methods' constructors take a required moe config; maybe_swap_experts_impl removed
MC = "8ad7285ea2"
MCW = "GGUFMoEMethod/BitsAndBytesMoEMethod(quant_config, moe); ModelOptNvFp4FusedMoE.maybe_swap_experts_impl removed"
CASES += [
    (
        "#22035 required parameter inserted",
        "a fork config's constructor call",
        K(
            "#22035",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.fused_moe.layer import FusedMoE\n"
            "from vllm.model_executor.layers.quantization.gguf import GGUFConfig, GGUFMoEMethod\n\n\n"
            "class AeonGGUFConfig(GGUFConfig):\n"
            "    def get_quant_method(self, layer: torch.nn.Module, prefix: str):\n"
            "        # AEON: the Spark runs GGUF experts even for the layers upstream skips\n"
            "        if isinstance(layer, FusedMoE):\n"
            "            return GGUFMoEMethod(self)\n"
            "        return super().get_quant_method(layer, prefix)\n",
            "return GGUFMoEMethod(self)",
        ),
    ),
    (
        "#22035 required parameter inserted",
        "a subclass's super().__init__",
        K(
            "#22035",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "from vllm.model_executor.layers.quantization.bitsandbytes import BitsAndBytesConfig, BitsAndBytesMoEMethod\n\n\n"
            "class AeonBnbMoE(BitsAndBytesMoEMethod):\n"
            "    def __init__(self, quant_config: BitsAndBytesConfig):\n"
            "        super().__init__(quant_config)\n"
            "        self.aeon_calls = 0\n",
            "super().__init__(quant_config)",
        ),
    ),
    (
        "#22035 method removed",
        "a subclass's self. call",
        K(
            "#22035",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            NVMOE + "class AeonNvFp4MoE3(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_rebuild(self, moe_parallel_config) -> None:\n"
            "        # AEON: the Spark re-picks the kernel after an EP resize\n"
            "        self.maybe_swap_experts_impl(moe_parallel_config)\n",
            "self.maybe_swap_experts_impl(moe_parallel_config)",
        ),
    ),
    (
        "#22035 required parameter inserted",
        "twin: the linear method's unchanged constructor",
        K(
            "#22035",
            MC,
            MCW,
            "vllm/aeon/mc4.py",
            "from vllm.model_executor.layers.quantization.gguf import GGUFConfig, GGUFLinearMethod\n\n\n"
            "def aeon_linear(config: GGUFConfig) -> GGUFLinearMethod:\n"
            "    return GGUFLinearMethod(config)\n",
            "return GGUFLinearMethod(config)",
        ),
    ),
]

# --- #21631 (bda9d0535f): the swizzle_blockscale methods -> a module function; cutlass_fp4_supported moved
SB = "bda9d0535f"
SBW = "ModelOptNvFp4LinearMethod.swizzle_blockscale removed"
CASES += [
    (
        "#21631 method removed",
        "a subclass's self. call",
        K(
            "#21631",
            SB,
            SBW,
            "vllm/aeon/sb1.py",
            "import torch\n\n"
            f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
            "class AeonNvFp4Linear(ModelOptNvFp4LinearMethod):\n"
            "    def aeon_swizzled(self, layer: torch.nn.Module) -> torch.Tensor:\n"
            "        return self.swizzle_blockscale(layer.weight_scale)\n",
            "return self.swizzle_blockscale(layer.weight_scale)",
        ),
    ),
    (
        "#21631 function moved",
        "twin: an import the module re-imports",
        K(
            "#21631",
            SB,
            SBW,
            "vllm/aeon/sb2.py",
            f"from {MO} import cutlass_fp4_supported\n\n\n"
            "def aeon_fp4_native() -> bool:\n"
            "    return cutlass_fp4_supported()\n",
            f"from {MO} import cutlass_fp4_supported",
        ),
    ),
]

# --- #22346 (279a5f31b3): ModelOptNvFp4LinearMethod.use_marlin -> self.backend (the MoE method keeps its own)
UM = "279a5f31b3"
UMW = "ModelOptNvFp4LinearMethod.use_marlin removed"
CASES += [
    (
        "#22346 attribute removed",
        "a subclass's self. read",
        K(
            "#22346",
            UM,
            UMW,
            "vllm/aeon/um1.py",
            f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
            "class AeonNvFp4Linear2(ModelOptNvFp4LinearMethod):\n"
            "    def aeon_kernel(self) -> str:\n"
            "        # AEON: GB10 logs which FP4 GEMM runs\n"
            "        return 'marlin' if self.use_marlin else 'cutlass'\n",
            "return 'marlin' if self.use_marlin else 'cutlass'",
        ),
    ),
    (
        "#22346 attribute removed",
        "twin: the MoE method's own namesake",
        K(
            "#22346",
            UM,
            UMW,
            "vllm/aeon/um2.py",
            NVMOE + "class AeonNvFp4MoE4(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_kernel(self) -> str:\n"
            "        return 'marlin' if self.use_marlin else 'cutlass'\n",
            "return 'marlin' if self.use_marlin else 'cutlass'",
        ),
    ),
]

# --- #45544 (ad28d605e6): QuantizeMethodBase.tie_weights no longer raises NotImplementedError
TW = "ad28d605e6"
TWW = "QuantizeMethodBase.tie_weights shares embed_tokens.weight instead of raising NotImplementedError"
QMB = "import torch\n\nfrom vllm.model_executor.layers.quantization.base_config import QuantizeMethodBase\n\n\n"
CASES += [
    (
        "#45544 raise removed",
        "an except round the base's call",
        K(
            "#45544",
            TW,
            TWW,
            "vllm/aeon/tw1.py",
            QMB + "def aeon_tie(quant_method: QuantizeMethodBase, lm_head: torch.nn.Module, embed: torch.nn.Module):\n"
            "    # AEON: the Spark's draft head shares the embedding whenever the method cannot tie it\n"
            "    try:\n"
            "        return quant_method.tie_weights(lm_head, embed.weight)\n"
            "    except NotImplementedError:\n"
            "        lm_head.weight = embed.weight\n"
            "        return lm_head\n",
            "except NotImplementedError:",
        ),
    ),
    (
        "#45544 raise removed",
        "twin: a call handing the module",
        K(
            "#45544",
            TW,
            TWW,
            "vllm/aeon/tw2.py",
            QMB + "def aeon_tie2(quant_method: QuantizeMethodBase, lm_head: torch.nn.Module, embed: torch.nn.Module):\n"
            "    return quant_method.tie_weights(lm_head, embed)\n",
            "return quant_method.tie_weights(lm_head, embed)",
        ),
    ),
]

# --- #28510 (4d5943bda6): register_quantization_config overrides an existing name instead of raising ValueError
RQ = "4d5943bda6"
RQW = "register_quantization_config no longer refuses an existing name"
REG = (
    "from vllm.model_executor.layers.quantization import register_quantization_config\n"
    "from vllm.model_executor.layers.quantization.gguf import GGUFConfig\n\n\n"
    "class AeonGGUFConfig(GGUFConfig):\n"
    "    pass\n\n\n"
)
CASES += [
    (
        "#28510 raise removed",
        "an except round the registration",
        K(
            "#28510",
            RQ,
            RQW,
            "vllm/aeon/rq1.py",
            REG + "try:\n"
            "    # AEON: only stand in for GGUF on a release that does not ship it\n"
            "    register_quantization_config('gguf')(AeonGGUFConfig)\n"
            "except ValueError:\n"
            "    pass\n",
            "except ValueError:",
        ),
    ),
    (
        "#28510 raise removed",
        "twin: a name of the fork's own",
        K(
            "#28510",
            RQ,
            RQW,
            "vllm/aeon/rq2.py",
            REG + "register_quantization_config('aeon_gguf')(AeonGGUFConfig)\n",
            "register_quantization_config('aeon_gguf')(AeonGGUFConfig)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-quantext-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
