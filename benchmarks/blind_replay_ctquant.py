"""A blind replay of compressed-tensors, Quark and the quantization registry: the config and method contracts a fork patches.

10 first-parent commits on the surface a fork that carries its own quantization schemes writes against --
the method registry (``ptpc_fp8``, ``deepspeedfp`` and the ``auto-round`` alias removed with their modules),
the ``QuantizationConfig`` hooks a fork's config overrides (``override_quantization_method`` now called with
``hf_config=``, ``maybe_update_config`` now called with ``hf_config=``), compressed-tensors' MoE methods
(``compressed_tensors_moe.py`` split into a package re-exporting only the base class, the methods built from
``weight_quant``/``input_quant`` instead of the config and no longer keeping ``self.quant_config``,
``get_moe_method`` taking a required ``prefix``), compressed-tensors' ``find_matched_target`` returning None
instead of raising ``ValueError``, and Quark's FP8 MoE method losing ``use_marlin`` and
``rocm_aiter_moe_enabled`` to the kernel oracle -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (an import of a deleted or moved module, a registry key, an
``EngineArgs`` keyword, a subclass override without the keyword the caller now passes, an attribute read off
``self`` or a typed parameter, a positional constructor call, a call missing a new required argument, a
``try/except ValueError`` around a call that no longer raises), with twins (fork code the commit does not
break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at 9f1f9f8c): 14 caught, 0 warned, 3 missed of 17 (twins: 10
quiet, 0 false errors).  The misses: #45454's ``get_quantization_config('auto-round')``, #41965's
``find_matched_target(...).startswith('re:')`` and #41965's ``try: target = find_matched_target(...)`` /
``except ValueError: return None`` / ``return config.target_scheme_map[target]``.
Read again, two of the misses were no killers, now twins: the base's ``get_quantization_config`` already refused
``'auto-round'`` (its guard ``if quantization not in QUANTIZATION_METHODS: raise ValueError``; the name left the
Literal in #31716, the map's entry was dead code), and ``.startswith`` on an unmatched layer's target crashed at
the base too (ValueError then, AttributeError now, on the same layers).  After the killers116 widening (one
spelling added, ``with suppress(ValueError):`` around ``target = find_matched_target(...)`` over a ``'Linear'``
fallback): 15 caught, 1 warned, 0 missed of 16 (twins: 12 quiet, 0 false errors).  Caught now: a fork ``except
K:`` / ``suppress(K)`` of a call whose def raised builtin ``K`` at the base and upstream returns None instead
under an annotation newly admitting it, the value going on untested (return drift, ``drift/raised_nones.py``).
The one warned is the ``try`` spelling: its error lands on the handler's line (the dead code, as raised-kind
drift's does), a line below the call the blind spelling marked; it stops the merge at that file all the same.

  python benchmarks/blind_replay_ctquant.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

Q = "vllm.model_executor.layers.quantization"
GQC = f"from {Q} import get_quantization_config\n\n\n"

# --- #32700 (eeee5b262d): PTPC FP8 removed (ptpc_fp8.py deleted, the "ptpc_fp8" registry key gone)
PT = "eeee5b262d"
PTW = "ptpc_fp8 method and module removed"
CASES += [
    (
        "#32700 quant method removed",
        "a subclass of the deleted module's config",
        K(
            "#32700",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            f"from {Q}.ptpc_fp8 import PTPCFp8Config\n\n\n"
            "class AeonPTPCFp8Config(PTPCFp8Config):\n"
            "    # AEON: MI300 lanes keep per-token activations\n"
            "    @classmethod\n"
            "    def get_name(cls) -> str:\n"
            "        return 'aeon_ptpc_fp8'\n",
            f"from {Q}.ptpc_fp8 import PTPCFp8Config",
        ),
    ),
    (
        "#32700 quant method removed",
        "a registry lookup by key",
        K(
            "#32700",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            GQC + "def aeon_ptpc_cls() -> type:\n    return get_quantization_config('ptpc_fp8')\n",
            "return get_quantization_config('ptpc_fp8')",
        ),
    ),
    (
        "#32700 quant method removed",
        "twin: a registry key kept",
        K(
            "#32700",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            GQC + "def aeon_fp8_cls() -> type:\n    return get_quantization_config('fp8')\n",
            "return get_quantization_config('fp8')",
        ),
    ),
]

# --- #32679 (cea3c754c4): DeepSpeedFp8 removed (deepspeedfp.py deleted, "deepspeedfp" gone from the Literal and map)
DS = "cea3c754c4"
DSW = "deepspeedfp method and module removed"
EA = "from vllm.engine.arg_utils import EngineArgs\n\n\n"
CASES += [
    (
        "#32679 quant method removed",
        "a quantization keyword to EngineArgs",
        K(
            "#32679",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            EA + "def aeon_arctic_args(model: str) -> EngineArgs:\n"
            "    # AEON: the Arctic canary still loads its sharded deepspeed checkpoint\n"
            "    return EngineArgs(model=model, quantization='deepspeedfp', load_format='sharded_state')\n",
            "return EngineArgs(model=model, quantization='deepspeedfp', load_format='sharded_state')",
        ),
    ),
    (
        "#32679 quant method removed",
        "an isinstance on the deleted module's parameter",
        K(
            "#32679",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            "import torch\n\n"
            f"from {Q}.deepspeedfp import DeepSpeedFPParameter\n\n\n"
            "def aeon_is_dsfp(param: torch.nn.Parameter) -> bool:\n"
            "    return isinstance(param, DeepSpeedFPParameter)\n",
            f"from {Q}.deepspeedfp import DeepSpeedFPParameter",
        ),
    ),
    (
        "#32679 quant method removed",
        "twin: a quantization keyword kept",
        K(
            "#32679",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            EA + "def aeon_fp8_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, quantization='fp8', load_format='sharded_state')\n",
            "return EngineArgs(model=model, quantization='fp8', load_format='sharded_state')",
        ),
    ),
]

# --- #45454 (2659f60a1a): the "auto-round" alias of INCConfig removed from get_quantization_config's map
AR = "2659f60a1a"
ARW = "auto-round registry alias removed"
CASES += [
    (
        "#45454 registry key removed",
        # no killer after all: the base's guard (``if quantization not in QUANTIZATION_METHODS: raise``) already
        # refused "auto-round", gone from the Literal in #31716; the map's entry was dead code.  A twin now.
        "twin: a registry lookup by the alias (no killer: the base already refused it)",
        K(
            "#45454",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            GQC + "def aeon_autoround_cls() -> type:\n"
            "    # AEON: Intel's auto-round checkpoints on the Spark\n"
            "    return get_quantization_config('auto-round')\n",
            "return get_quantization_config('auto-round')",
        ),
    ),
    (
        "#45454 registry key removed",
        "twin: the inc key kept",
        K(
            "#45454",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            GQC + "def aeon_inc_cls() -> type:\n    return get_quantization_config('inc')\n",
            "return get_quantization_config('inc')",
        ),
    ),
]

# --- #38960 (b2b2c5239e): compressed_tensors_moe.py split into a package whose __init__ re-exports only
#     CompressedTensorsMoEMethod
SP = "b2b2c5239e"
SPW = "compressed_tensors_moe split into a package"
CTM = f"{Q}.compressed_tensors.compressed_tensors_moe"
CASES += [
    (
        "#38960 module made a package",
        "an import of a scheme method from the old module",
        K(
            "#38960",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            f"from {CTM} import CompressedTensorsW8A8Fp8MoEMethod\n\n\n"
            "class AeonW8A8Fp8MoEMethod(CompressedTensorsW8A8Fp8MoEMethod):\n"
            "    # AEON: GB10 has no TRT-LLM FP8 MoE\n"
            "    pass\n",
            f"from {CTM} import CompressedTensorsW8A8Fp8MoEMethod",
        ),
    ),
    (
        "#38960 module made a package",
        "a module alias's attribute",
        K(
            "#38960",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            f"from {Q}.compressed_tensors import compressed_tensors_moe as ctm\n\n\n"
            "def aeon_is_marlin(method: object) -> bool:\n"
            "    return isinstance(method, ctm.CompressedTensorsWNA16MarlinMoEMethod)\n",
            "return isinstance(method, ctm.CompressedTensorsWNA16MarlinMoEMethod)",
        ),
    ),
    (
        "#38960 module made a package",
        "twin: the re-exported base class",
        K(
            "#38960",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            f"from {CTM} import CompressedTensorsMoEMethod\n\n\n"
            "def aeon_is_ct(method: object) -> bool:\n"
            "    return isinstance(method, CompressedTensorsMoEMethod)\n",
            f"from {CTM} import CompressedTensorsMoEMethod",
        ),
    ),
]

# --- #28871 (b294e28db2): the CT MoE methods built from (weight_quant, input_quant, moe), not (quant_config, moe);
#     self.quant_config no longer kept
QA = "b294e28db2"
QAW = "CT MoE methods take weight_quant/input_quant, drop self.quant_config"
W8 = f"from {Q}.compressed_tensors.compressed_tensors_moe import CompressedTensorsW8A8Fp8MoEMethod\n\n\n"
CASES += [
    (
        "#28871 constructor reshaped",
        "a subclass reading the dropped self attribute",
        K(
            "#28871",
            QA,
            QAW,
            "vllm/aeon/qa1.py",
            W8 + "class AeonW8A8Fp8MoE(CompressedTensorsW8A8Fp8MoEMethod):\n"
            "    def aeon_has_kv_scheme(self) -> bool:\n"
            "        return self.quant_config.kv_cache_scheme is not None\n",
            "return self.quant_config.kv_cache_scheme is not None",
        ),
    ),
    (
        "#28871 constructor reshaped",
        "a positional constructor call",
        K(
            "#28871",
            QA,
            QAW,
            "vllm/aeon/qa2.py",
            W8 + "def aeon_fp8_moe_method(quant_config, layer):\n"
            "    # AEON: force the FP8 MoE path on the Spark whatever the scheme map says\n"
            "    return CompressedTensorsW8A8Fp8MoEMethod(quant_config, layer.moe_config)\n",
            "return CompressedTensorsW8A8Fp8MoEMethod(quant_config, layer.moe_config)",
        ),
    ),
    (
        "#28871 constructor reshaped",
        "twin: a subclass reading a kept self attribute",
        K(
            "#28871",
            QA,
            QAW,
            "vllm/aeon/qa3.py",
            W8 + "class AeonW8A8Fp8MoE2(CompressedTensorsW8A8Fp8MoEMethod):\n"
            "    def aeon_dynamic(self) -> bool:\n"
            "        return self.input_quant.dynamic\n",
            "return self.input_quant.dynamic",
        ),
    ),
]

# --- #28878 (df01eda4dc): CompressedTensorsMoEMethod.get_moe_method(quant_config, layer) gains a required prefix
GM = "df01eda4dc"
GMW = "get_moe_method takes a required prefix"
CTC = (
    f"from {Q}.compressed_tensors.compressed_tensors import CompressedTensorsConfig\n"
    f"from {Q}.compressed_tensors.compressed_tensors_moe import CompressedTensorsMoEMethod\n"
    "from vllm.model_executor.layers.fused_moe import FusedMoE\n\n\n"
)
CASES += [
    (
        "#28878 required parameter added",
        "a call of the static factory without the new argument",
        K(
            "#28878",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            CTC + "class AeonCTConfig(CompressedTensorsConfig):\n"
            "    def get_quant_method(self, layer, prefix):\n"
            "        # AEON: the MTP head's experts stay quantized even when ignored upstream\n"
            "        if isinstance(layer, FusedMoE) and prefix.startswith('mtp'):\n"
            "            return CompressedTensorsMoEMethod.get_moe_method(self, layer)\n"
            "        return super().get_quant_method(layer, prefix)\n",
            "return CompressedTensorsMoEMethod.get_moe_method(self, layer)",
        ),
    ),
    (
        "#28878 required parameter added",
        "twin: a kept method called the same way",
        K(
            "#28878",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            CTC + "class AeonCTConfig2(CompressedTensorsConfig):\n"
            "    def get_quant_method(self, layer, prefix):\n"
            "        if isinstance(layer, FusedMoE) and prefix.startswith('mtp'):\n"
            "            return self.get_scheme(layer=layer, layer_name=prefix)\n"
            "        return super().get_quant_method(layer, prefix)\n",
            "return self.get_scheme(layer=layer, layer_name=prefix)",
        ),
    ),
]

# --- #41965 (c1819ca283): find_matched_target returns None instead of raising ValueError (-> str | None)
FT = "c1819ca283"
FTW = "find_matched_target returns None, no longer raises"
FMT = f"from {Q}.compressed_tensors.utils import find_matched_target\n\n\n"
CASES += [
    (
        "#41965 return made optional",
        # no killer after all: on an unmatched layer the base raised ValueError and upstream's None raises
        # AttributeError here, the same crash on the same layers.  A twin now.
        "twin: a method called on the result (no killer: it raised before too)",
        K(
            "#41965",
            FT,
            FTW,
            "vllm/aeon/ft1.py",
            FMT + "def aeon_is_regex_target(layer_name, module, targets) -> bool:\n"
            "    return find_matched_target(layer_name, module, targets).startswith('re:')\n",
            "return find_matched_target(layer_name, module, targets).startswith('re:')",
        ),
    ),
    (
        "#41965 return made optional",
        "an except ValueError the call no longer raises",
        K(
            "#41965",
            FT,
            FTW,
            "vllm/aeon/ft2.py",
            FMT + "def aeon_scheme(config, layer_name, module):\n"
            "    try:\n"
            "        target = find_matched_target(layer_name, module, config.target_scheme_map.keys())\n"
            "    except ValueError:\n"
            "        return None\n"
            "    return config.target_scheme_map[target]\n",
            "target = find_matched_target(layer_name, module, config.target_scheme_map.keys())",
        ),
    ),
    (
        # added after the blind run, with drift/raised_nones.py: upstream's own spelling before the change
        "#41965 return made optional",
        "a suppress(ValueError) the call no longer raises",
        K(
            "#41965",
            FT,
            FTW,
            "vllm/aeon/ft4.py",
            "from contextlib import suppress\n\n" + FMT + "def aeon_scheme3(config, layer_name, module):\n"
            "    target = 'Linear'  # AEON: an unmatched layer takes the Linear scheme\n"
            "    with suppress(ValueError):\n"
            "        target = find_matched_target(layer_name, module, config.target_scheme_map.keys())\n"
            "    return config.target_scheme_map[target]\n",
            "with suppress(ValueError):",
        ),
    ),
    (
        "#41965 return made optional",
        "twin: a None-checked result",
        K(
            "#41965",
            FT,
            FTW,
            "vllm/aeon/ft3.py",
            FMT + "def aeon_scheme2(config, layer_name, module):\n"
            "    target = find_matched_target(layer_name, module, config.target_scheme_map.keys())\n"
            "    return None if target is None else config.target_scheme_map[target]\n",
            "target = find_matched_target(layer_name, module, config.target_scheme_map.keys())",
        ),
    ),
]

# --- #39604 (739e5945dc): override_quantization_method now called with hf_config=; the mxfp4 oracle's
#     select_mxfp4_moe_backend renamed select_gpt_oss_mxfp4_moe_backend
OV = "739e5945dc"
OVW = "override_quantization_method called with hf_config=, mxfp4 oracle renamed"
REG = f"from {Q} import register_quantization_config\nfrom {Q}.fp8 import Fp8Config\n\n\n"
CASES += [
    (
        "#39604 hook called with a new keyword",
        "a registered config's override without the keyword",
        K(
            "#39604",
            OV,
            OVW,
            "vllm/aeon/ov1.py",
            REG + "@register_quantization_config('aeon_fp8')\n"
            "class AeonFp8Config(Fp8Config):\n"
            "    @classmethod\n"
            "    def override_quantization_method(cls, hf_quant_cfg, user_quant):\n"
            "        # AEON: claim fp8 checkpoints on the Spark\n"
            "        return 'aeon_fp8' if hf_quant_cfg.get('quant_method') == 'fp8' else None\n",
            "def override_quantization_method(cls, hf_quant_cfg, user_quant):",
        ),
    ),
    (
        "#39604 hook called with a new keyword",
        "an import of the renamed oracle function",
        K(
            "#39604",
            OV,
            OVW,
            "vllm/aeon/ov2.py",
            "from vllm.model_executor.layers.fused_moe.oracle.mxfp4 import select_mxfp4_moe_backend\n\n\n"
            "def aeon_mxfp4_backend(moe):\n"
            "    return select_mxfp4_moe_backend(moe)[0]\n",
            "from vllm.model_executor.layers.fused_moe.oracle.mxfp4 import select_mxfp4_moe_backend",
        ),
    ),
    (
        "#39604 hook called with a new keyword",
        "twin: an override taking **kwargs",
        K(
            "#39604",
            OV,
            OVW,
            "vllm/aeon/ov3.py",
            REG + "@register_quantization_config('aeon_fp8b')\n"
            "class AeonFp8ConfigB(Fp8Config):\n"
            "    @classmethod\n"
            "    def override_quantization_method(cls, hf_quant_cfg, user_quant, **kwargs):\n"
            "        return 'aeon_fp8b' if hf_quant_cfg.get('quant_method') == 'fp8' else None\n",
            "def override_quantization_method(cls, hf_quant_cfg, user_quant, **kwargs):",
        ),
    ),
]

# --- #37698 (dbdd9ae067): QuantizationConfig.maybe_update_config now called with hf_config=
MU = "dbdd9ae067"
MUW = "maybe_update_config called with hf_config="
CASES += [
    (
        "#37698 hook called with a new keyword",
        "a config override without the keyword",
        K(
            "#37698",
            MU,
            MUW,
            "vllm/aeon/mu1.py",
            f"from {Q}.awq_marlin import AWQMarlinConfig\n\n\n"
            "class AeonAWQMarlinConfig(AWQMarlinConfig):\n"
            "    def maybe_update_config(self, model_name: str, revision: str | None = None) -> None:\n"
            "        # AEON: our AWQ exports list the vision tower as unquantized\n"
            "        super().maybe_update_config(model_name, revision)\n"
            "        self.modules_to_not_convert.append('visual')\n",
            "def maybe_update_config(self, model_name: str, revision: str | None = None) -> None:",
        ),
    ),
    (
        "#37698 hook called with a new keyword",
        "twin: an override passing **kwargs on",
        K(
            "#37698",
            MU,
            MUW,
            "vllm/aeon/mu2.py",
            f"from {Q}.awq_marlin import AWQMarlinConfig\n\n\n"
            "class AeonAWQMarlinConfig2(AWQMarlinConfig):\n"
            "    def maybe_update_config(self, model_name: str, **kwargs) -> None:\n"
            "        super().maybe_update_config(model_name, **kwargs)\n"
            "        self.modules_to_not_convert.append('visual')\n",
            "def maybe_update_config(self, model_name: str, **kwargs) -> None:",
        ),
    ),
]

# --- #43721 (c97e8f99d6): QuarkW8A8Fp8MoEMethod moved to the FP8 MoE oracle: use_marlin and
#     rocm_aiter_moe_enabled no longer set
QK = "c97e8f99d6"
QKW = "QuarkW8A8Fp8MoEMethod drops use_marlin / rocm_aiter_moe_enabled"
QM = f"from {Q}.quark.quark_moe import QuarkW8A8Fp8MoEMethod\n\n\n"
CASES += [
    (
        "#43721 instance attribute removed",
        "a subclass reading the dropped self attribute",
        K(
            "#43721",
            QK,
            QKW,
            "vllm/aeon/qk1.py",
            QM + "class AeonQuarkFp8MoE(QuarkW8A8Fp8MoEMethod):\n"
            "    def aeon_backend(self) -> str:\n"
            "        return 'aiter' if self.rocm_aiter_moe_enabled else 'triton'\n",
            "return 'aiter' if self.rocm_aiter_moe_enabled else 'triton'",
        ),
    ),
    (
        "#43721 instance attribute removed",
        "a read off a typed parameter",
        K(
            "#43721",
            QK,
            QKW,
            "vllm/aeon/qk2.py",
            QM + "def aeon_uses_marlin(method: QuarkW8A8Fp8MoEMethod) -> bool:\n    return method.use_marlin\n",
            "return method.use_marlin",
        ),
    ),
    (
        "#43721 instance attribute removed",
        "twin: a kept self attribute",
        K(
            "#43721",
            QK,
            QKW,
            "vllm/aeon/qk3.py",
            QM + "class AeonQuarkFp8MoE2(QuarkW8A8Fp8MoEMethod):\n"
            "    def aeon_per_channel(self) -> bool:\n"
            "        return self.weight_qscheme == 'per_channel'\n",
            "return self.weight_qscheme == 'per_channel'",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-ctquant-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
