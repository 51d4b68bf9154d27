"""Adversarial twins of killers122's drift widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- constant drift's returned constants (#29901 ce96857fdd ``get_min_capability`` 80 -> 75 on the AWQ/GPTQ
  Marlin, Fp8 and ModelOpt NVFP4 configs; #50019 e3be89673d ``ModelOptFp8Config``'s 89 -> 80): the fork's
  own namesake class (in the file, or imported from a fork module), a fork subclass or mixin overriding the
  getter, a parameter typed as the fork's overriding subclass, a read off an untyped attribute, a comment
  naming only the bare method, the call tested against both releases' values, a hardware floor the fork
  computes itself whose comment names the config's method;
- refused arguments' dtypes (#31061 7c73ceb581, ``prepare_fp8_layer_for_marlin`` / the MoE and FP4 helpers
  refuse a one-byte ``input_dtype``): a two-byte dtype, a ``try`` catching the ``RuntimeError`` the guard
  raises, a fork shim of the name, a call under a ``hasattr`` test, a ``**kwargs`` call, the FP4 helper's
  nested guard (MXFP4 with FP8 activations stays supported), a dtype passed to a parameter no guard reads;
- raised-kind drift through ``super()`` (#42483 78e7a7b9b0, ``AWQMarlinMoEMethod.select_gemm_impl``
  NotImplementedError -> ValueError): a fork base in a fork module that overrides the method, a fork base in
  the file that does, a handler of both kinds, ``super()`` in a nested function, a fork mixin ahead of the
  upstream class;
- list positions (#23198 e76e233540, ``CutlassW4A8LinearKernel`` put at the head of ``_POSSIBLE_KERNELS``):
  a position read under a test of what sits there, the fork's cherry-pick of the same insert (its positions
  written for the new order), the fork's own list of the name, a prepend by slice assignment, ``insert(0,
  ...)``, a parameter of the list's name, a class attribute of the name.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Round 1, main's engine (c4c4fa46): 7 caught of 7 cases; 7 false errors of 30 twins: constant drift on the
fork's own namesake class (in the file, imported from a fork module: 2); refused arguments on a ``try``
catching the ``RuntimeError`` the new guard raises (1); list positions on an insert under a test of what sits
at the position, on that test itself, on the fork's cherry-pick of the same insert (its position written for
the new order), and on a parameter of the list's name (4).
Round 2 (other real commits of the kinds: #37990 e4ee48da2d, GPTQMarlinMoEMethod's select_gemm_impl made
ValueError as #42483 did; #40082 363fc84407 and #41652 d891b9bd51, a backend appended to a module-level list or
tuple; #50019 under a version test; #31061 under ``contextlib.suppress``): on the round-1 mends, 2 more false
errors -- a ``super()`` handler where a fork base of the file binds the method by assignment, and a
``suppress(RuntimeError)`` around the refused call.  Round 3 (the mends' own edges): a fork test asserting what
sits at the position, the position read in a conditional expression that tests it, a parameter typed as a fork
subclass of a fork module that overrides the getter, a handler of both kinds that re-raises what it does not
expect.
All rounds, main (c4c4fa46): 8 caught of 8 cases; 11 false errors of 41 twins (3 warned).
This branch: 8 caught of 8; 0 false errors of 41 (3 warned: the last position after an append, the call under
a signature test, the getter compared under a version test); the mends' tests in tests/audits/test_{constant_drift,refused_args,list_positions,
raised_kind_drift}.py fail on main.

  PYTHONPATH=.. python review22_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []
Q = "vllm.model_executor.layers.quantization"


def K2(pr: str, sha: str, what: str, edits: tuple[Edit, ...], path: str, line: str) -> Killer:  # noqa: N802
    """A carry of several files (a fork module beside the one whose line is judged)."""
    return Killer(pr, sha, what, edits, ((path, line),))


# --- #29901 (ce96857fdd): get_min_capability 80 -> 75 on AWQMarlinConfig, GPTQMarlinConfig, Fp8Config, ModelOpt
MC = ("#29901", "ce96857fdd", "get_min_capability 80 -> 75")
GMC = f"from {Q}.gptq_marlin import GPTQMarlinConfig\n\n\n"
CASES += [
    (
        "#29901 returned constant",
        "self.get_min_capability() == 80 in a subclass that keeps the getter",
        K(
            *MC,
            "vllm/aeon/r22mc0.py",
            GMC + "class AeonGPTQMarlinConfig(GPTQMarlinConfig):\n"
            "    def aeon_ampere_only(self) -> bool:\n"
            "        return self.get_min_capability() == 80  # AEON: drop the Turing fallbacks\n",
            "        return self.get_min_capability() == 80  # AEON: drop the Turing fallbacks",
        ),
    ),
    (
        "#29901 returned constant",
        "Fp8Config.get_min_capability() compared with 80",
        K(
            *MC,
            "vllm/aeon/r22mc1.py",
            f"from {Q}.fp8 import Fp8Config\n\n\n"
            "def aeon_fp8_needs_ampere() -> bool:\n"
            "    return Fp8Config.get_min_capability() >= 80\n",
            "    return Fp8Config.get_min_capability() >= 80",
        ),
    ),
]
TWINS += [
    (
        "#29901 returned constant",
        "twin: the fork's own namesake class in the file",
        K(
            *MC,
            "vllm/aeon/r22mc2.py",
            "class GPTQMarlinConfig:\n"
            "    # AEON: the offline packer's stand-in; it never loads vLLM\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        return 80\n\n\n"
            "def aeon_packer_needs_ampere() -> bool:\n"
            "    return GPTQMarlinConfig.get_min_capability() == 80\n",
            "    return GPTQMarlinConfig.get_min_capability() == 80",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: the namesake class imported from a fork module",
        K2(
            *MC[:3],
            (
                Edit(
                    "vllm/aeon/r22packer.py",
                    "class GPTQMarlinConfig:\n"
                    "    @classmethod\n"
                    "    def get_min_capability(cls) -> int:\n"
                    "        return 80\n",
                ),
                Edit(
                    "vllm/aeon/r22mc3.py",
                    "from vllm.aeon.r22packer import GPTQMarlinConfig\n\n\n"
                    "def aeon_packer_needs_ampere2() -> bool:\n"
                    "    return GPTQMarlinConfig.get_min_capability() == 80\n",
                ),
            ),
            "vllm/aeon/r22mc3.py",
            "    return GPTQMarlinConfig.get_min_capability() == 80",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: cls.get_min_capability() in a subclass that overrides the getter",
        K(
            *MC,
            "vllm/aeon/r22mc4.py",
            GMC + "class AeonGPTQMarlinConfig(GPTQMarlinConfig):\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        return 80  # AEON: the Spark image ships no Turing kernels\n\n"
            "    @classmethod\n"
            "    def aeon_ampere_only(cls) -> bool:\n"
            "        return cls.get_min_capability() == 80\n",
            "        return cls.get_min_capability() == 80",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: self.get_min_capability() under a fork mixin of the file that defines it",
        K(
            *MC,
            "vllm/aeon/r22mc5.py",
            GMC + "class AeonAmpereFloor:\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        return 80\n\n\n"
            "class AeonGPTQMarlinConfig(AeonAmpereFloor, GPTQMarlinConfig):\n"
            "    def aeon_ampere_only(self) -> bool:\n"
            "        return self.get_min_capability() == 80\n",
            "        return self.get_min_capability() == 80",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: a parameter typed as the fork's overriding subclass",
        K(
            *MC,
            "vllm/aeon/r22mc6.py",
            GMC + "class AeonGPTQMarlinConfig(GPTQMarlinConfig):\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        return 80\n\n\n"
            "def aeon_ampere_only(config: AeonGPTQMarlinConfig) -> bool:\n"
            "    return config.get_min_capability() == 80\n",
            "    return config.get_min_capability() == 80",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: the call off an untyped attribute (whatever config the layer holds)",
        K(
            *MC,
            "vllm/aeon/r22mc7.py",
            GMC + "class AeonLayerGate:\n"
            "    def __init__(self, quant_config) -> None:\n"
            "        self.quant_config = quant_config\n\n"
            "    def aeon_ampere_only(self) -> bool:\n"
            "        return self.quant_config.get_min_capability() == 80\n",
            "        return self.quant_config.get_min_capability() == 80",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: a literal whose comment names only the bare method",
        K(
            *MC,
            "vllm/aeon/r22mc8.py",
            "def aeon_w4a16_ok(capability: int) -> bool:\n"
            "    return capability >= 80  # the fork kernel's own get_min_capability()\n",
            "    return capability >= 80  # the fork kernel's own get_min_capability()",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: the call tested against both releases' values",
        K(
            *MC,
            "vllm/aeon/r22mc9.py",
            GMC + "def aeon_marlin_floor_known() -> bool:\n"
            "    # AEON: 80 before #29901, 75 after\n"
            "    return GPTQMarlinConfig.get_min_capability() in (75, 80)\n",
            "    return GPTQMarlinConfig.get_min_capability() in (75, 80)",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: the floor compared with the call, the literal the fork's own",
        K(
            *MC,
            "vllm/aeon/r22mc10.py",
            GMC + "AEON_SPARK_CAPABILITY = 121\n\n\n"
            "def aeon_marlin_runs() -> bool:\n"
            "    return AEON_SPARK_CAPABILITY >= GPTQMarlinConfig.get_min_capability()\n",
            "    return AEON_SPARK_CAPABILITY >= GPTQMarlinConfig.get_min_capability()",
        ),
    ),
]

# --- #50019 (e3be89673d): ModelOptFp8Config.get_min_capability 89 -> 80 (FP8 emulation on SM80)
MO = ("#50019", "e3be89673d", "ModelOptFp8Config.get_min_capability 89 -> 80")
CASES += [
    (
        "#50019 returned constant",
        "the call compared with 89",
        K(
            *MO,
            "vllm/aeon/r22mo0.py",
            f"from {Q}.modelopt import ModelOptFp8Config\n\n\n"
            "def aeon_modelopt_fp8_native() -> bool:\n"
            "    return ModelOptFp8Config.get_min_capability() == 89\n",
            "    return ModelOptFp8Config.get_min_capability() == 89",
        ),
    ),
]
TWINS += [
    (
        "#50019 returned constant",
        "twin: the native FP8 floor the fork computes, its comment naming the config's method",
        K(
            *MO,
            "vllm/aeon/r22mo1.py",
            "def aeon_native_fp8(capability: int) -> bool:\n"
            "    # AEON: tensor-core FP8 is Ada and later, whatever ModelOptFp8Config.get_min_capability() allows\n"
            "    return capability >= 89\n",
            "    return capability >= 89",
        ),
    ),
    (
        "#50019 returned constant",
        "twin: a subclass that overrides the getter, compared off self",
        K(
            *MO,
            "vllm/aeon/r22mo2.py",
            f"from {Q}.modelopt import ModelOptFp8Config\n\n\n"
            "class AeonModelOptFp8Config(ModelOptFp8Config):\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        return 89  # AEON: no emulation on the serving fleet\n\n"
            "    def aeon_native(self) -> bool:\n"
            "        return self.get_min_capability() == 89\n",
            "        return self.get_min_capability() == 89",
        ),
    ),
]

# --- #31061 (7c73ceb581): the Marlin FP8/FP4 helpers refuse a one-byte input_dtype (RuntimeError)
MG = ("#31061", "7c73ceb581", "a new guard: Marlin W8A8 not supported")
FP8M = f"import torch\n\nfrom {Q}.utils.marlin_utils_fp8 import prepare_fp8_layer_for_marlin\n\n\n"
CASES += [
    (
        "#31061 new guard",
        "a one-byte dtype passed positionally",
        K(
            *MG,
            "vllm/aeon/r22mg0.py",
            FP8M + "def aeon_prepare(layer) -> None:\n    prepare_fp8_layer_for_marlin(layer, False, torch.int8)\n",
            "    prepare_fp8_layer_for_marlin(layer, False, torch.int8)",
        ),
    ),
    (
        "#31061 new guard",
        "the MoE helper with an FP8 activation dtype",
        K(
            *MG,
            "vllm/aeon/r22mg1.py",
            f"import torch\n\nfrom {Q}.utils.marlin_utils_fp8 import prepare_moe_fp8_layer_for_marlin\n\n\n"
            "def aeon_prepare_experts(layer) -> None:\n"
            "    prepare_moe_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)\n",
            "    prepare_moe_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)",
        ),
    ),
]
TWINS += [
    (
        "#31061 new guard",
        "twin: a two-byte activation dtype",
        K(
            *MG,
            "vllm/aeon/r22mg2.py",
            FP8M + "def aeon_prepare_bf16(layer) -> None:\n"
            "    prepare_fp8_layer_for_marlin(layer, size_k_first=False, input_dtype=torch.bfloat16)\n",
            "    prepare_fp8_layer_for_marlin(layer, size_k_first=False, input_dtype=torch.bfloat16)",
        ),
    ),
    (
        "#31061 new guard",
        "twin: a try catching the RuntimeError the guard raises",
        K(
            *MG,
            "vllm/aeon/r22mg3.py",
            FP8M + "def aeon_prepare_w8a8(layer) -> bool:\n"
            "    try:\n"
            "        prepare_fp8_layer_for_marlin(layer, size_k_first=False, input_dtype=torch.float8_e4m3fn)\n"
            "    except RuntimeError:\n"
            "        # AEON: newer upstreams refuse W8A8 Marlin; fall back to weight-only\n"
            "        prepare_fp8_layer_for_marlin(layer, size_k_first=False)\n"
            "        return False\n"
            "    return True\n",
            "        prepare_fp8_layer_for_marlin(layer, size_k_first=False, input_dtype=torch.float8_e4m3fn)",
        ),
    ),
    (
        "#31061 new guard",
        "twin: the fork's own shim of the name",
        K(
            *MG,
            "vllm/aeon/r22mg4.py",
            "import torch\n\n\n"
            "def prepare_fp8_layer_for_marlin(layer, size_k_first: bool = True, input_dtype=None) -> None:\n"
            "    layer.aeon_input_dtype = input_dtype  # AEON: the Spark's own W8A8 packer\n\n\n"
            "def aeon_prepare_w8a8(layer) -> None:\n"
            "    prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)\n",
            "    prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)",
        ),
    ),
    (
        "#31061 new guard",
        "twin: **kwargs that may carry anything",
        K(
            *MG,
            "vllm/aeon/r22mg5.py",
            FP8M + "def aeon_prepare(layer, **marlin_kwargs) -> None:\n"
            "    prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn, **marlin_kwargs)\n",
            "    prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn, **marlin_kwargs)",
        ),
    ),
    (
        "#31061 new guard",
        "twin: MXFP4 weights with FP8 activations (the FP4 helper's nested guard lets them through)",
        K(
            *MG,
            "vllm/aeon/r22mg6.py",
            f"import torch\n\nfrom {Q}.utils.marlin_utils_fp4 import prepare_fp4_layer_for_marlin\n\n\n"
            "def aeon_prepare_mxfp4(layer) -> None:\n"
            "    prepare_fp4_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)\n",
            "    prepare_fp4_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)",
        ),
    ),
    (
        "#31061 new guard",
        "twin: the call under a signature test",
        K(
            *MG,
            "vllm/aeon/r22mg7.py",
            "import inspect\n\n" + FP8M + "def aeon_prepare(layer) -> None:\n"
            '    if "input_dtype" in inspect.signature(prepare_fp8_layer_for_marlin).parameters:\n'
            "        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)\n"
            "    else:\n"
            "        prepare_fp8_layer_for_marlin(layer)\n",
            "        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)",
        ),
    ),
]

# --- #42483 (78e7a7b9b0): AWQMarlinMoEMethod.select_gemm_impl NotImplementedError -> ValueError
SG = ("#42483", "78e7a7b9b0", "select_gemm_impl NotImplementedError -> ValueError")
AMM = f"from {Q}.awq_marlin import AWQMarlinMoEMethod\n\n\n"
TRY_SUPER = (
    "    def select_gemm_impl(self, prepare_finalize, layer):\n"
    "        try:\n"
    "            return super().select_gemm_impl(prepare_finalize, layer)\n"
    "        except NotImplementedError:\n"
    "            return None\n"
)
CASES += [
    (
        "#42483 exception kind changed",
        "a handler round super() in a direct subclass",
        K(
            *SG,
            "vllm/aeon/r22sg0.py",
            AMM + "class AeonAWQMoE(AWQMarlinMoEMethod):\n" + TRY_SUPER,
            "        except NotImplementedError:",
        ),
    ),
]
TWINS += [
    (
        "#42483 exception kind changed",
        "twin: the base is a fork class of a fork module that overrides the method",
        K2(
            *SG[:3],
            (
                Edit(
                    "vllm/aeon/r22lora.py",
                    AMM + "class AeonLoRAAWQMoE(AWQMarlinMoEMethod):\n"
                    "    def select_gemm_impl(self, prepare_finalize, layer):\n"
                    "        if not self.moe.is_lora_enabled:\n"
                    '            raise NotImplementedError("AEON: the Spark builds its own experts")\n'
                    "        return None\n",
                ),
                Edit(
                    "vllm/aeon/r22sg1.py",
                    "from vllm.aeon.r22lora import AeonLoRAAWQMoE\n\n\n"
                    "class AeonSparkAWQMoE(AeonLoRAAWQMoE):\n" + TRY_SUPER,
                ),
            ),
            "vllm/aeon/r22sg1.py",
            "        except NotImplementedError:",
        ),
    ),
    (
        "#42483 exception kind changed",
        "twin: the base is a fork class of the file that overrides the method",
        K(
            *SG,
            "vllm/aeon/r22sg2.py",
            AMM + "class AeonLoRAAWQMoE(AWQMarlinMoEMethod):\n"
            "    def select_gemm_impl(self, prepare_finalize, layer):\n"
            '        raise NotImplementedError("AEON: the Spark builds its own experts")\n\n\n'
            "class AeonSparkAWQMoE(AeonLoRAAWQMoE):\n" + TRY_SUPER,
            "        except NotImplementedError:",
        ),
    ),
    (
        "#42483 exception kind changed",
        "twin: a handler of both kinds round super()",
        K(
            *SG,
            "vllm/aeon/r22sg3.py",
            AMM + "class AeonAWQMoE3(AWQMarlinMoEMethod):\n"
            "    def select_gemm_impl(self, prepare_finalize, layer):\n"
            "        try:\n"
            "            return super().select_gemm_impl(prepare_finalize, layer)\n"
            "        except (NotImplementedError, ValueError):  # AEON: older and newer upstreams\n"
            "            return None\n",
            "        except (NotImplementedError, ValueError):  # AEON: older and newer upstreams",
        ),
    ),
    (
        "#42483 exception kind changed",
        "twin: a fork mixin of a fork module ahead of the upstream class",
        K2(
            *SG[:3],
            (
                Edit(
                    "vllm/aeon/r22mixin.py",
                    "class AeonGemmMixin:\n"
                    "    def select_gemm_impl(self, prepare_finalize, layer):\n"
                    '        raise NotImplementedError("AEON: no modular kernel for this layer")\n',
                ),
                Edit(
                    "vllm/aeon/r22sg4.py",
                    "from vllm.aeon.r22mixin import AeonGemmMixin\n"
                    + AMM
                    + "class AeonAWQMoE4(AeonGemmMixin, AWQMarlinMoEMethod):\n"
                    + TRY_SUPER,
                ),
            ),
            "vllm/aeon/r22sg4.py",
            "        except NotImplementedError:",
        ),
    ),
    (
        "#42483 exception kind changed",
        "twin: the handler round a fork method's own raise, super() called outside the try",
        K(
            *SG,
            "vllm/aeon/r22sg5.py",
            AMM + "class AeonAWQMoE5(AWQMarlinMoEMethod):\n"
            "    def select_gemm_impl(self, prepare_finalize, layer):\n"
            "        experts = super().select_gemm_impl(prepare_finalize, layer) if self.moe.is_lora_enabled else None\n"
            "        try:\n"
            "            return self.aeon_wrap(experts)\n"
            "        except NotImplementedError:\n"
            "            return experts\n\n"
            "    def aeon_wrap(self, experts):\n"
            "        if experts is None:\n"
            '            raise NotImplementedError("AEON: nothing to wrap")\n'
            "        return experts\n",
            "        except NotImplementedError:",
        ),
    ),
]

# --- #23198 (e76e233540): CutlassW4A8LinearKernel inserted at the head of _POSSIBLE_KERNELS
PK = ("#23198", "e76e233540", "CutlassW4A8LinearKernel inserted first in _POSSIBLE_KERNELS")
MPKP = "vllm/model_executor/layers/quantization/kernels/mixed_precision/__init__.py"
MPK = f"from {Q}.kernels import mixed_precision as mpk\n"
MARLIN = f"from {Q}.kernels.mixed_precision.marlin import MarlinLinearKernel\n\n\n"
CASES += [
    (
        "#23198 priority entry inserted",
        "a read of a middle position",
        K(
            *PK,
            "vllm/aeon/r22pk0.py",
            MPK + "\n# AEON: the Spark's fallback is the third kernel in priority order\n"
            "AEON_FALLBACK = mpk._POSSIBLE_KERNELS[2]\n",
            "AEON_FALLBACK = mpk._POSSIBLE_KERNELS[2]",
        ),
    ),
]
TWINS += [
    (
        "#23198 priority entry inserted",
        "twin: the insert under a test of what sits at the position",
        K(
            *PK,
            "vllm/aeon/r22pk1.py",
            MPK + MARLIN + "class AeonGB10Kernel(MarlinLinearKernel):\n    pass\n\n\n"
            "if mpk._POSSIBLE_KERNELS[2] is MarlinLinearKernel:\n"
            "    mpk._POSSIBLE_KERNELS.insert(2, AeonGB10Kernel)  # AEON: just ahead of Marlin\n",
            "    mpk._POSSIBLE_KERNELS.insert(2, AeonGB10Kernel)  # AEON: just ahead of Marlin",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "twin: the position compared with the entry it should hold",
        K(
            *PK,
            "vllm/aeon/r22pk2.py",
            MPK + MARLIN + "def aeon_marlin_third() -> bool:\n"
            "    return mpk._POSSIBLE_KERNELS[2] is MarlinLinearKernel\n",
            "    return mpk._POSSIBLE_KERNELS[2] is MarlinLinearKernel",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "twin: the fork cherry-picked the same insert, its position written for the new order",
        K2(
            *PK[:3],
            (
                Edit(
                    MPKP,
                    f"from {Q}.kernels.mixed_precision.cutlass import (  # noqa: E501\n    CutlassW4A8LinearKernel)\n",
                    anchor=f"from {Q}.kernels.mixed_precision.dynamic_4bit import (  # noqa: E501",
                ),
                Edit(MPKP, "    CutlassW4A8LinearKernel,\n", anchor="    MacheteLinearKernel,"),
                Edit(
                    "vllm/aeon/r22pk3.py",
                    MPK + MARLIN + "class AeonGB10Kernel3(MarlinLinearKernel):\n    pass\n\n\n"
                    "# AEON: just ahead of Marlin (the order of the cherry-picked #23198)\n"
                    "mpk._POSSIBLE_KERNELS.insert(3, AeonGB10Kernel3)\n",
                ),
            ),
            "vllm/aeon/r22pk3.py",
            "mpk._POSSIBLE_KERNELS.insert(3, AeonGB10Kernel3)",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "twin: the fork's own list of the name",
        K(
            *PK,
            "vllm/aeon/r22pk4.py",
            f"from {Q}.kernels.mixed_precision import _POSSIBLE_KERNELS, MarlinLinearKernel\n\n"
            "AEON_UPSTREAM_FIRST = _POSSIBLE_KERNELS\n"
            "_POSSIBLE_KERNELS = [MarlinLinearKernel, MarlinLinearKernel.__base__, object]  # AEON: the Spark's\n"
            "AEON_LAST_RESORT = _POSSIBLE_KERNELS[2]\n",
            "AEON_LAST_RESORT = _POSSIBLE_KERNELS[2]",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "twin: a prepend by slice assignment",
        K(
            *PK,
            "vllm/aeon/r22pk5.py",
            MPK + MARLIN + "class AeonGB10Kernel5(MarlinLinearKernel):\n    pass\n\n\n"
            "mpk._POSSIBLE_KERNELS[0:0] = [AeonGB10Kernel5]  # AEON: first, whatever upstream ranks\n",
            "mpk._POSSIBLE_KERNELS[0:0] = [AeonGB10Kernel5]  # AEON: first, whatever upstream ranks",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "twin: insert(0, ...)",
        K(
            *PK,
            "vllm/aeon/r22pk6.py",
            MPK + MARLIN + "class AeonGB10Kernel6(MarlinLinearKernel):\n    pass\n\n\n"
            "mpk._POSSIBLE_KERNELS.insert(0, AeonGB10Kernel6)\n",
            "mpk._POSSIBLE_KERNELS.insert(0, AeonGB10Kernel6)",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "twin: a parameter of the list's name",
        K(
            *PK,
            "vllm/aeon/r22pk7.py",
            f"from {Q}.kernels.mixed_precision import _POSSIBLE_KERNELS\n\n\n"
            "def aeon_third(_POSSIBLE_KERNELS: list[type] = _POSSIBLE_KERNELS) -> type:  # noqa: N803\n"
            "    return _POSSIBLE_KERNELS[2]\n",
            "    return _POSSIBLE_KERNELS[2]",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "twin: a class attribute of the list's name",
        K(
            *PK,
            "vllm/aeon/r22pk8.py",
            MPK + MARLIN + "class AeonKernelChooser:\n"
            "    _POSSIBLE_KERNELS = [object, MarlinLinearKernel.__base__, MarlinLinearKernel]\n\n"
            "    def aeon_third(self) -> type:\n"
            "        return self._POSSIBLE_KERNELS[2]\n",
            "        return self._POSSIBLE_KERNELS[2]",
        ),
    ),
]


# --- round 2: other real commits of the same kinds
# #37990 (e4ee48da2d): GPTQMarlinMoEMethod.select_gemm_impl NotImplementedError -> ValueError, as #42483 did
GS = ("#37990", "e4ee48da2d", "GPTQMarlinMoEMethod.select_gemm_impl NotImplementedError -> ValueError")
GMM = f"from {Q}.gptq_marlin import GPTQMarlinMoEMethod\n\n\n"
CASES += [
    (
        "#37990 exception kind changed",
        "a handler round super() in a direct subclass",
        K(
            *GS,
            "vllm/aeon/r22gs0.py",
            GMM + "class AeonGPTQMoE(GPTQMarlinMoEMethod):\n" + TRY_SUPER,
            "        except NotImplementedError:",
        ),
    ),
]
TWINS += [
    (
        "#37990 exception kind changed",
        "twin: a handler round super() of a method upstream left alone",
        K(
            *GS,
            "vllm/aeon/r22gs1.py",
            GMM + "class AeonGPTQMoE1(GPTQMarlinMoEMethod):\n"
            "    def apply(self, layer, x, topk_weights, topk_ids, **kwargs):\n"
            "        try:\n"
            "            return super().apply(layer, x, topk_weights, topk_ids, **kwargs)\n"
            "        except NotImplementedError:\n"
            "            return self.aeon_apply(layer, x)\n\n"
            "    def aeon_apply(self, layer, x):\n"
            "        return x\n",
            "        except NotImplementedError:",
        ),
    ),
    (
        "#37990 exception kind changed",
        "twin: the fork base of the file binds the method by assignment",
        K(
            *GS,
            "vllm/aeon/r22gs2.py",
            GMM + "def _aeon_select(self, prepare_finalize, layer):\n"
            '    raise NotImplementedError("AEON: the Spark builds its own experts")\n\n\n'
            "class AeonGPTQBase(GPTQMarlinMoEMethod):\n"
            "    select_gemm_impl = _aeon_select\n\n\n"
            "class AeonGPTQMoE2(AeonGPTQBase):\n" + TRY_SUPER,
            "        except NotImplementedError:",
        ),
    ),
]

# #40082 (363fc84407) and #41652 (d891b9bd51): a backend appended to a module-level list or tuple
NB = ("#40082", "363fc84407", "FLASHINFER_B12X appended to FLASHINFER_NVFP4_MOE_BACKENDS")
HB = ("#41652", "d891b9bd51", "HUMMING appended to the MXFP8 oracle's _SUPPORTED_BACKENDS")
TWINS += [
    (
        "#40082 entry appended",
        "twin: an inner position ahead of the append",
        K(
            *NB,
            "vllm/aeon/r22nb0.py",
            "from vllm.model_executor.layers.fused_moe.oracle import nvfp4\n\n"
            "AEON_CUTEDSL = nvfp4.FLASHINFER_NVFP4_MOE_BACKENDS[2]\n",
            "AEON_CUTEDSL = nvfp4.FLASHINFER_NVFP4_MOE_BACKENDS[2]",
        ),
    ),
    (
        "#40082 entry appended",
        "twin: the last entry (an end: a warning at most)",
        K(
            *NB,
            "vllm/aeon/r22nb1.py",
            "from vllm.model_executor.layers.fused_moe.oracle.nvfp4 import FLASHINFER_NVFP4_MOE_BACKENDS\n\n"
            "AEON_NEWEST = FLASHINFER_NVFP4_MOE_BACKENDS[-1]\n",
            "AEON_NEWEST = FLASHINFER_NVFP4_MOE_BACKENDS[-1]",
        ),
    ),
    (
        "#41652 entry appended",
        "twin: all but the first",
        K(
            *HB,
            "vllm/aeon/r22hb0.py",
            "from vllm.model_executor.layers.fused_moe.oracle import mxfp8\n\n"
            "AEON_FALLBACKS = mxfp8._SUPPORTED_BACKENDS[1:]\n",
            "AEON_FALLBACKS = mxfp8._SUPPORTED_BACKENDS[1:]",
        ),
    ),
]

# #50019 again, #31061 again: a version test, a suppress()
TWINS += [
    (
        "#50019 returned constant",
        "twin: the call compared under a test of vLLM's version",
        K(
            *MO,
            "vllm/aeon/r22mo3.py",
            f"import vllm\nfrom {Q}.modelopt import ModelOptFp8Config\n\n\n"
            "def aeon_modelopt_fp8_native() -> bool:\n"
            '    if vllm.__version__ < "0.20":\n'
            "        return ModelOptFp8Config.get_min_capability() == 89  # AEON: older upstreams\n"
            "    return True\n",
            "        return ModelOptFp8Config.get_min_capability() == 89  # AEON: older upstreams",
        ),
    ),
    (
        "#31061 new guard",
        "twin: contextlib.suppress of the RuntimeError the guard raises",
        K(
            *MG,
            "vllm/aeon/r22mg8.py",
            "import contextlib\n\n" + FP8M + "def aeon_prepare_w8a8(layer) -> None:\n"
            "    with contextlib.suppress(RuntimeError):\n"
            "        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)\n",
            "        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)",
        ),
    ),
]


# --- round 3: the mends' own edges
TWINS += [
    (
        "#23198 priority entry inserted",
        "twin: a fork test asserting what sits at the position",
        K(
            *PK,
            "tests/aeon/test_r22_kernel_order.py",
            MPK
            + MARLIN
            + "def test_marlin_is_third() -> None:\n    assert mpk._POSSIBLE_KERNELS[2] is MarlinLinearKernel\n",
            "    assert mpk._POSSIBLE_KERNELS[2] is MarlinLinearKernel",
        ),
    ),
    (
        "#23198 priority entry inserted",
        "twin: the position read in a conditional expression that tests it",
        K(
            *PK,
            "vllm/aeon/r22pk9.py",
            MPK + MARLIN + "AEON_THIRD = (\n"
            "    mpk._POSSIBLE_KERNELS[2] if mpk._POSSIBLE_KERNELS[2] is MarlinLinearKernel else MarlinLinearKernel\n"
            ")\n",
            "    mpk._POSSIBLE_KERNELS[2] if mpk._POSSIBLE_KERNELS[2] is MarlinLinearKernel else MarlinLinearKernel",
        ),
    ),
    (
        "#29901 returned constant",
        "twin: a parameter typed as a fork subclass of a fork module that overrides the getter",
        K2(
            *MC[:3],
            (
                Edit(
                    "vllm/aeon/r22cfg.py",
                    GMC + "class AeonGPTQMarlinConfig(GPTQMarlinConfig):\n"
                    "    @classmethod\n"
                    "    def get_min_capability(cls) -> int:\n"
                    "        return 80\n",
                ),
                Edit(
                    "vllm/aeon/r22mc11.py",
                    "from vllm.aeon.r22cfg import AeonGPTQMarlinConfig\n\n\n"
                    "def aeon_ampere_only(config: AeonGPTQMarlinConfig) -> bool:\n"
                    "    return config.get_min_capability() == 80\n",
                ),
            ),
            "vllm/aeon/r22mc11.py",
            "    return config.get_min_capability() == 80",
        ),
    ),
    (
        "#31061 new guard",
        "twin: a handler of both kinds that re-raises what it does not expect",
        K(
            *MG,
            "vllm/aeon/r22mg9.py",
            FP8M + "def aeon_prepare_w8a8(layer) -> None:\n"
            "    try:\n"
            "        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)\n"
            "    except (RuntimeError, ValueError) as err:\n"
            '        if "W8A8" not in str(err):\n'
            "            raise\n"
            "        prepare_fp8_layer_for_marlin(layer)\n",
            "        prepare_fp8_layer_for_marlin(layer, input_dtype=torch.float8_e4m3fn)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review22-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
