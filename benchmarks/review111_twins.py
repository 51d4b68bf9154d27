"""Adversarial twins of killers202's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a module's flag made a function (``drift/callable_flags.py``; #20187 ``fp8_utils.has_deep_gemm`` a bool ->
  the imported ``has_deep_gemm()``, and ``fused_moe.layer.has_pplx`` the same in that commit): the call (the new
  spelling), the fork's own module bool of the name, a ``callable()`` probe, a local and a parameter of the name,
  the fork's own attribute of the name, the module attribute the fork sets itself, a flag the fork derives by
  calling, a version test (a warning);
- a module-level helper that stopped storing on an argument (``drift/stopped_arg_writes.py``' functions;
  #37217 ``prepare_nvfp4_moe_layer_for_fi_or_cutlass`` no longer sets ``layer.g1_alphas`` ...): the fork
  storing the attribute itself after the call, a ``hasattr`` guard, ``getattr(..., None)``, a ``try``/``except
  AttributeError``, a read off another object, a read before the call, a read in a function that never calls
  the helper, the fork's own helper of the name;
- a string in a slot of a returned pair (``drift/returned_strings.py``' slots; #34908
  ``is_supported_config_trtllm``'s reasons given the offending value): the fork's own function and method of the
  name, a local unpacked from another call, the local rebound, a membership test of the old text in the reason
  (still a substring), a ``startswith`` of the old text, the new f-string, a ``None`` test;
- a field stored by unpacking an own method's pair (``drift/gone_sentinels.py``; #33047
  ``W8A8BlockFp8LinearOp.input_quant_op`` None -> ``QuantFP8`` on the aiter path): a subclass overriding the
  dispatcher to keep its None, a subclass storing None itself, an ``isinstance`` test, the kept-None
  ``deepgemm_input_quant_op``, the fork's own class's field of the name;
- a chain of member tests whose rest stood for the one member left out (``drift/enum_drift.py``' defaults;
  #25990 ``FlashinferMoeBackend.CUTEDSL``; a warning, never an error): the chain naming the new member too, an
  ``else`` that raises.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
of these widenings, kept to show the reach stays, #20187's ``has_pplx`` in ``fused_moe.layer``, and (round 3) the
old reasons of two other commits that widened a kernel's ``is_supported`` reason in its pair's slot.

Round 1 (main at dc200c91), 7 cases and 32 twins as first written: 6 caught, 1 warned (#25990's else, a warning
by design) of 7; 4 false errors of 32: the fork's own ``is_supported_config_trtllm`` returning the old reason,
and its own class's method of the name (2: a fork def answering the string was read for whole returns only, not
a pair's slot), ``"kernel does not support current device" in why`` (1: a substring test of the old reason,
which the new reason, the old one with a tail, still holds), and a subclass overriding
``_dispatch_w8a8_blockscale_op`` to keep the aiter pair's None (1: the field is fed by the fork's own method).
Round 2 (this branch): a fork def of the name returning the old string in the same slot answers it
(``_not_returned_by_fork`` reads ``_slots`` too); ``"old" in local`` of a slot's string is quiet when a new
spelling still holds the old text as written (``_still_within``); a fork class overriding the own method an
unpacking store of the field calls feeds the field itself (``Gone.fed``, ``_feeders``).  7 of 7 as before; 0
false errors of 32.  ``blind_replay_quantutils.py`` as before: 18 caught, 2 warned, 2 missed of 22, 0 false of 10.
Round 3 (two other real commits, written after the mends): #47205 (751f2ccdd3) widened
``TritonInt8ScaledMMLinearKernel.is_supported``'s ``"requires ROCm or CUDA."`` to ``"... ROCm, CUDA or XPU."``,
#43615 (f43e1d26e3) ``RowWiseTorchFP8ScaledMMLinearKernel``'s ``"requires CDNA3+"`` to ``"... or RDNA4"``: two
cases (the equalities), four twins (a substring each new reason keeps, the fork's own subclass's ``is_supported``
returning the old reason, an unchanged reason).  On main (dc200c91): 2 caught, 2 false errors of 4 (the
subclass's own def, the kept substring).  This branch: 2 caught, 0 false.  Written and dropped: ``"ROCm or CUDA"
in why`` (broken: the new reason no longer holds that text), missed on both engines -- a substring test of part
of the old reason is not read (only the whole old string as an operand is).
All rounds, main (dc200c91): 8 caught, 1 warned of 9; 6 false errors of 36 twins.  This branch: 8 caught, 1
warned of 9; 0 false errors of 36 twins.
Regression set after the mends (this branch): blind_replay_quantutils 18 caught, 2 warned, 2 missed of 22 (0
false of 10, 1 warned), killer_replay 26/26 blocked, kind_change_replay 12/12 (0 false of 5), review105_twins 6
caught, 1 warned of 7 (0 false of 32), review11_twins 6/6 (0 false of 34), blind_replay_coreclient 18 caught, 3
warned of 21 (0 false of 10), blind_replay_kvutils 14 caught, 3 missed of 17 (0 false of 8): all as before.

  PYTHONPATH=.. python review111_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

QU = "vllm.model_executor.layers.quantization.utils"

# --- 4d36693687 (#20187): fp8_utils.has_deep_gemm a module bool -> the function has_deep_gemm() from vllm.utils
DG = ("#20187", "4d36693687", "has_deep_gemm a bool -> a function (always truthy)")
DGI = f"from {QU}.fp8_utils import has_deep_gemm\n\n\n"
DGM = f"from {QU} import fp8_utils\n\n\n"
CASES += [
    (
        "#20187 flag made a function",
        "a truth test of the imported name",
        K(
            *DG,
            "vllm/aeon/r111dg0.py",
            DGI + "def aeon_backend(rows: int) -> str:\n"
            "    if has_deep_gemm and rows % 128 == 0:\n"
            '        return "deep_gemm"\n'
            '    return "cutlass"\n',
            "    if has_deep_gemm and rows % 128 == 0:",
        ),
    ),
    (
        "#20187 flag made a function",
        "a conditional expression on the module attribute",
        K(
            *DG,
            "vllm/aeon/r111dg1.py",
            DGM + 'def aeon_kernel_name() -> str:\n    return "deep_gemm" if fp8_utils.has_deep_gemm else "cutlass"\n',
            '    return "deep_gemm" if fp8_utils.has_deep_gemm else "cutlass"',
        ),
    ),
    (
        "#20187 flag made a function",
        "fused_moe.layer's has_pplx tested with not",
        K(
            *DG,
            "vllm/aeon/r111dg2.py",
            "from vllm.model_executor.layers.fused_moe import layer as fml\n\n\n"
            "def aeon_needs_naive_all2all() -> bool:\n"
            "    return not fml.has_pplx\n",
            "    return not fml.has_pplx",
        ),
    ),
]
TWINS += [
    (
        "#20187 flag made a function",
        "twin: the call (the new spelling)",
        K(
            *DG,
            "vllm/aeon/r111dg3.py",
            DGI + "def aeon_backend(rows: int) -> str:\n"
            "    if has_deep_gemm() and rows % 128 == 0:\n"
            '        return "deep_gemm"\n'
            '    return "cutlass"\n',
            "    if has_deep_gemm() and rows % 128 == 0:",
        ),
    ),
    (
        "#20187 flag made a function",
        "twin: the fork's own module bool of the name",
        K(
            *DG,
            "vllm/aeon/r111dg4.py",
            "import importlib.util\n\n"
            "has_deep_gemm = importlib.util.find_spec('deep_gemm') is not None  # AEON: the Spark asks once\n\n\n"
            "def aeon_backend(rows: int) -> str:\n"
            "    if has_deep_gemm and rows % 128 == 0:\n"
            '        return "deep_gemm"\n'
            '    return "cutlass"\n',
            "    if has_deep_gemm and rows % 128 == 0:",
        ),
    ),
    (
        "#20187 flag made a function",
        "twin: a callable() probe, bool() of the value otherwise",
        K(
            *DG,
            "vllm/aeon/r111dg5.py",
            DGM + "def aeon_dg_ready() -> bool:\n"
            "    if callable(fp8_utils.has_deep_gemm):  # AEON: newer upstreams made it a function\n"
            "        return fp8_utils.has_deep_gemm()\n"
            "    return bool(fp8_utils.has_deep_gemm)\n",
            "    return bool(fp8_utils.has_deep_gemm)",
        ),
    ),
    (
        "#20187 flag made a function",
        "twin: a local of the name, tested",
        K(
            *DG,
            "vllm/aeon/r111dg6.py",
            "import os\n\n" + DGI + "def aeon_backend(rows: int) -> str:\n"
            "    has_deep_gemm = os.environ.get('AEON_DEEP_GEMM') == '1'  # AEON: the Spark's own switch\n"
            "    if has_deep_gemm and rows % 128 == 0:\n"
            '        return "deep_gemm"\n'
            '    return "cutlass"\n\n\n'
            "def aeon_any() -> bool:\n"
            "    return has_deep_gemm()\n",
            "    if has_deep_gemm and rows % 128 == 0:",
        ),
    ),
    (
        "#20187 flag made a function",
        "twin: a parameter of the name, the caller calling upstream's function",
        K(
            *DG,
            "vllm/aeon/r111dg7.py",
            DGI + "def aeon_banner(has_deep_gemm: bool) -> str:\n"
            '    return "deep_gemm" if has_deep_gemm else "cutlass"\n\n\n'
            "def aeon_startup() -> str:\n"
            "    return aeon_banner(has_deep_gemm())\n",
            '    return "deep_gemm" if has_deep_gemm else "cutlass"',
        ),
    ),
    (
        "#20187 flag made a function",
        "twin: the fork's own attribute of the name",
        K(
            *DG,
            "vllm/aeon/r111dg8.py",
            DGM + "class AeonKernelChoice:\n"
            "    def __init__(self, rows: int) -> None:\n"
            "        self.has_deep_gemm = fp8_utils.has_deep_gemm() and rows % 128 == 0\n\n"
            "    def name(self) -> str:\n"
            '        return "deep_gemm" if self.has_deep_gemm else "cutlass"\n',
            '        return "deep_gemm" if self.has_deep_gemm else "cutlass"',
        ),
    ),
    (
        "#20187 flag made a function",
        "twin: the module attribute the fork sets itself",
        K(
            *DG,
            "vllm/aeon/r111dg9.py",
            DGM + "fp8_utils.has_deep_gemm = False  # AEON: GB10 never takes DeepGEMM\n\n\n"
            "def aeon_kernel_name() -> str:\n"
            '    return "deep_gemm" if fp8_utils.has_deep_gemm else "cutlass"\n',
            '    return "deep_gemm" if fp8_utils.has_deep_gemm else "cutlass"',
        ),
    ),
    (
        "#20187 flag made a function",
        "twin: a module flag the fork derives by calling, tested",
        K(
            *DG,
            "vllm/aeon/r111dg10.py",
            DGI + "AEON_DEEP_GEMM = has_deep_gemm()\n\n\n"
            "def aeon_kernel_name() -> str:\n"
            '    return "deep_gemm" if AEON_DEEP_GEMM else "cutlass"\n',
            '    return "deep_gemm" if AEON_DEEP_GEMM else "cutlass"',
        ),
    ),
    (
        "#20187 flag made a function",
        "twin: has_pplx called",
        K(
            *DG,
            "vllm/aeon/r111dg11.py",
            "from vllm.model_executor.layers.fused_moe import layer as fml\n\n\n"
            "def aeon_needs_naive_all2all() -> bool:\n"
            "    return not fml.has_pplx()\n",
            "    return not fml.has_pplx()",
        ),
    ),
]

# --- fd4d96302a (#37217): prepare_nvfp4_moe_layer_for_fi_or_cutlass stops setting g1_alphas, g2_alphas, a1_gscale
GA = ("#37217", "fd4d96302a", "the helper stops setting layer.g1_alphas/g2_alphas/a1_gscale/g1_scale_c")
GI = f"from {QU}.flashinfer_fp4_moe import prepare_nvfp4_moe_layer_for_fi_or_cutlass\n\n\n"
GP = "backend, layer, w13, w13_s, w13_s2, a13_s, w2, w2_s, w2_s2, a2_s"
GARGS = GP + ", True"
CASES += [
    (
        "#37217 helper stopped storing",
        "a read of the attribute after the helper",
        K(
            *GA,
            "vllm/aeon/r111ga0.py",
            GI + f"def aeon_prepare({GP}):\n"
            f"    out = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            "    return out, layer.g1_alphas\n",
            "    return out, layer.g1_alphas",
        ),
    ),
]
TWINS += [
    (
        "#37217 helper stopped storing",
        "twin: the fork stores the attribute itself after the helper",
        K(
            *GA,
            "vllm/aeon/r111ga1.py",
            GI + f"def aeon_prepare({GP}):\n"
            f"    out = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            "    layer.g1_alphas = a13_s * w13_s2  # AEON: the Spark's draft MoE keeps its alphas\n"
            "    return out, layer.g1_alphas\n",
            "    return out, layer.g1_alphas",
        ),
    ),
    (
        "#37217 helper stopped storing",
        "twin: a hasattr guard",
        K(
            *GA,
            "vllm/aeon/r111ga2.py",
            GI + f"def aeon_prepare({GP}):\n"
            f"    out = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            "    if hasattr(layer, 'g1_alphas'):\n"
            "        return out, layer.g1_alphas\n"
            "    return out, a13_s * w13_s2\n",
            "        return out, layer.g1_alphas",
        ),
    ),
    (
        "#37217 helper stopped storing",
        "twin: getattr with a None default",
        K(
            *GA,
            "vllm/aeon/r111ga3.py",
            GI + f"def aeon_prepare({GP}):\n"
            f"    out = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            "    alphas = getattr(layer, 'g1_alphas', None)\n"
            "    return out, a13_s * w13_s2 if alphas is None else alphas\n",
            "    alphas = getattr(layer, 'g1_alphas', None)",
        ),
    ),
    (
        "#37217 helper stopped storing",
        "twin: a try/except AttributeError",
        K(
            *GA,
            "vllm/aeon/r111ga4.py",
            GI + f"def aeon_prepare({GP}):\n"
            f"    out = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            "    try:\n"
            "        alphas = layer.g1_alphas\n"
            "    except AttributeError:  # AEON: newer upstreams hand the alphas to the quant config\n"
            "        alphas = a13_s * w13_s2\n"
            "    return out, alphas\n",
            "        alphas = layer.g1_alphas",
        ),
    ),
    (
        "#37217 helper stopped storing",
        "twin: a read off another object than the one handed",
        K(
            *GA,
            "vllm/aeon/r111ga5.py",
            GI + f"def aeon_prepare({GP}, draft):\n"
            f"    out = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            "    return out, draft.g1_alphas  # AEON: the draft's own, set by the Spark's loader\n",
            "    return out, draft.g1_alphas  # AEON: the draft's own, set by the Spark's loader",
        ),
    ),
    (
        "#37217 helper stopped storing",
        "twin: a read before the helper is called",
        K(
            *GA,
            "vllm/aeon/r111ga6.py",
            GI + f"def aeon_prepare({GP}):\n"
            "    layer.g1_alphas = a13_s * w13_s2  # AEON: the Spark sets the alphas before preparing\n"
            "    saved = layer.g1_alphas\n"
            f"    out = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            "    return out, saved\n",
            "    saved = layer.g1_alphas",
        ),
    ),
    (
        "#37217 helper stopped storing",
        "twin: a read in a function that never calls the helper",
        K(
            *GA,
            "vllm/aeon/r111ga7.py",
            GI + f"def aeon_prepare({GP}):\n"
            f"    return prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n\n\n"
            "def aeon_alphas(layer):\n"
            "    return layer.g1_alphas  # AEON: the Spark's own MoE layer always carries them\n",
            "    return layer.g1_alphas  # AEON: the Spark's own MoE layer always carries them",
        ),
    ),
    (
        "#37217 helper stopped storing",
        "twin: the fork's own helper of the name",
        K(
            *GA,
            "vllm/aeon/r111ga8.py",
            "def prepare_nvfp4_moe_layer_for_fi_or_cutlass(layer, a13_s, w13_s2):\n"
            "    layer.g1_alphas = a13_s * w13_s2  # AEON: the Spark's own preparation\n"
            "    return layer\n\n\n"
            "def aeon_prepare(layer, a13_s, w13_s2):\n"
            "    prepare_nvfp4_moe_layer_for_fi_or_cutlass(layer, a13_s, w13_s2)\n"
            "    return layer.g1_alphas\n",
            "    return layer.g1_alphas",
        ),
    ),
]

# --- f72061a19a (#34908): is_supported_config_trtllm's reasons carry the offending value
RS = ("#34908", "f72061a19a", "is_supported_config_trtllm's reasons given the offending value")
RI = f"from {QU}.flashinfer_fp4_moe import is_supported_config_trtllm\n\n\n"
DEV = "kernel does not support current device"
CASES += [
    (
        "#34908 returned slot string",
        "an equality with the old reason",
        K(
            *RS,
            "vllm/aeon/r111rs0.py",
            RI + "def aeon_device_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    ok, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            f'    return why == "{DEV}"\n',
            f'    return why == "{DEV}"',
        ),
    ),
]
TWINS += [
    (
        "#34908 returned slot string",
        "twin: the fork's own function of the name",
        K(
            *RS,
            "vllm/aeon/r111rs1.py",
            "def is_supported_config_trtllm(cfg) -> tuple[bool, str | None]:\n"
            "    if cfg is None:\n"
            f'        return False, "{DEV}"\n'
            "    return True, None\n\n\n"
            "def aeon_device_miss(cfg) -> bool:\n"
            "    ok, why = is_supported_config_trtllm(cfg)\n"
            f'    return why == "{DEV}"\n',
            f'    return why == "{DEV}"',
        ),
    ),
    (
        "#34908 returned slot string",
        "twin: a method of the fork's own class of the name",
        K(
            *RS,
            "vllm/aeon/r111rs2.py",
            RI + "class AeonTrtllmGate:\n"
            "    def is_supported_config_trtllm(self, cfg) -> tuple[bool, str | None]:\n"
            "        if cfg is None:\n"
            f'            return False, "{DEV}"\n'
            "        return True, None\n\n"
            "    def device_miss(self, cfg) -> bool:\n"
            "        ok, why = self.is_supported_config_trtllm(cfg)\n"
            f'        return why == "{DEV}"\n',
            f'        return why == "{DEV}"',
        ),
    ),
    (
        "#34908 returned slot string",
        "twin: a local unpacked from the fork's own probe",
        K(
            *RS,
            "vllm/aeon/r111rs3.py",
            RI + "def aeon_probe(cfg) -> tuple[bool, str]:\n"
            f'    return cfg is not None, "{DEV}"\n\n\n'
            "def aeon_device_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    supported, _ = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            "    ok, why = aeon_probe(cfg)\n"
            f'    return not supported and why == "{DEV}"\n',
            f'    return not supported and why == "{DEV}"',
        ),
    ),
    (
        "#34908 returned slot string",
        "twin: the local rebound to the fork's own reason",
        K(
            *RS,
            "vllm/aeon/r111rs4.py",
            RI + "def aeon_device_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    ok, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            "    if not ok:\n"
            f'        why = "{DEV}"  # AEON: the Spark reports one reason for any refusal\n'
            f'    return why == "{DEV}"\n',
            f'    return why == "{DEV}"',
        ),
    ),
    (
        "#34908 returned slot string",
        "twin: the old reason tested as a substring of the new",
        K(
            *RS,
            "vllm/aeon/r111rs5.py",
            RI + "def aeon_device_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    ok, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            f'    return why is not None and "{DEV}" in why\n',
            f'    return why is not None and "{DEV}" in why',
        ),
    ),
    (
        "#34908 returned slot string",
        "twin: a startswith of the old reason",
        K(
            *RS,
            "vllm/aeon/r111rs6.py",
            RI + "def aeon_device_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    ok, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            f'    return why is not None and why.startswith("{DEV}")\n',
            f'    return why is not None and why.startswith("{DEV}")',
        ),
    ),
    (
        "#34908 returned slot string",
        "twin: the new reason's f-string",
        K(
            *RS,
            "vllm/aeon/r111rs7.py",
            "from vllm.platforms import current_platform\n" + RI + "def aeon_device_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    ok, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            f'    return why == f"{DEV} {{current_platform.device_name}}"\n',
            f'    return why == f"{DEV} {{current_platform.device_name}}"',
        ),
    ),
    (
        "#34908 returned slot string",
        "twin: a None test and the old reason in a table of the fork's own keys",
        K(
            *RS,
            "vllm/aeon/r111rs8.py",
            RI + f'_AEON_SEEN = {{"{DEV}": 0}}\n\n\n'
            "def aeon_count(cfg, wk, ak, fmt) -> bool:\n"
            "    ok, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            f'    _AEON_SEEN["{DEV}"] += why is not None\n'
            "    return why is None\n",
            "    return why is None",
        ),
    ),
]

# --- b5f8c3092d (#33047): W8A8BlockFp8LinearOp's aiter input_quant_op None -> QuantFP8
BQ = ("#33047", "b5f8c3092d", "the aiter dispatch pair's input_quant_op None -> QuantFP8")
BI = f"from {QU}.fp8_utils import W8A8BlockFp8LinearOp\n\n\n"
CASES += [
    (
        "#33047 unpacked field's None",
        "a subclass's self. read compared with None",
        K(
            *BQ,
            "vllm/aeon/r111bq0.py",
            BI + "class AeonBlockOp0(W8A8BlockFp8LinearOp):\n"
            "    def aeon_quantizes_inside(self) -> bool:\n"
            "        return self.input_quant_op is None\n",
            "        return self.input_quant_op is None",
        ),
    ),
]
TWINS += [
    (
        "#33047 unpacked field's None",
        "twin: a subclass overriding the dispatcher, keeping its None",
        K(
            *BQ,
            "vllm/aeon/r111bq1.py",
            BI + "class AeonBlockOp1(W8A8BlockFp8LinearOp):\n"
            "    def _dispatch_w8a8_blockscale_op(self, use_cutlass: bool, use_aiter_and_is_supported: bool):\n"
            "        return self._run_triton, None  # AEON: the Spark quantizes activations itself\n\n"
            "    def aeon_quantizes_inside(self) -> bool:\n"
            "        return self.input_quant_op is None\n",
            "        return self.input_quant_op is None",
        ),
    ),
    (
        "#33047 unpacked field's None",
        "twin: a subclass storing None itself",
        K(
            *BQ,
            "vllm/aeon/r111bq2.py",
            BI + "class AeonBlockOp2(W8A8BlockFp8LinearOp):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.input_quant_op = None  # AEON: the Spark pre-quantizes\n\n"
            "    def aeon_quantizes_inside(self) -> bool:\n"
            "        return self.input_quant_op is None\n",
            "        return self.input_quant_op is None",
        ),
    ),
    (
        "#33047 unpacked field's None",
        "twin: an isinstance test of the field",
        K(
            *BQ,
            "vllm/aeon/r111bq3.py",
            "from vllm.model_executor.layers.quantization.input_quant_fp8 import QuantFP8\n"
            + BI
            + "class AeonBlockOp3(W8A8BlockFp8LinearOp):\n"
            "    def aeon_quantizes_outside(self) -> bool:\n"
            "        return isinstance(self.input_quant_op, QuantFP8)\n",
            "        return isinstance(self.input_quant_op, QuantFP8)",
        ),
    ),
    (
        "#33047 unpacked field's None",
        "twin: the deepgemm op's None (kept)",
        K(
            *BQ,
            "vllm/aeon/r111bq4.py",
            BI + "class AeonBlockOp4(W8A8BlockFp8LinearOp):\n"
            "    def aeon_no_deep_gemm(self) -> bool:\n"
            "        return self.deepgemm_input_quant_op is None\n",
            "        return self.deepgemm_input_quant_op is None",
        ),
    ),
    (
        "#33047 unpacked field's None",
        "twin: the fork's own class's field of the name",
        K(
            *BQ,
            "vllm/aeon/r111bq5.py",
            BI + "class AeonBlockRunner:\n"
            "    def __init__(self, op: W8A8BlockFp8LinearOp, prequantized: bool) -> None:\n"
            "        self.op = op\n"
            "        self.w8a8_blockscale_op, self.input_quant_op = op.w8a8_blockscale_op, None\n"
            "        if not prequantized:\n"
            "            self.input_quant_op = op.deepgemm_input_quant_op\n\n"
            "    def quantizes_inside(self) -> bool:\n"
            "        return self.input_quant_op is None\n",
            "        return self.input_quant_op is None",
        ),
    ),
]

# --- 613abb50d5 (#25990): FlashinferMoeBackend gains CUTEDSL (the enum defaults' warning)
FB = ("#25990", "613abb50d5", "FlashinferMoeBackend gains CUTEDSL")
FI = f"from {QU}.flashinfer_utils import (\n    FlashinferMoeBackend,\n    get_flashinfer_moe_backend,\n)\n\n\n"
CASES += [
    (
        "#25990 else for the member left out",
        "an else assuming the other member",
        K(
            *FB,
            "vllm/aeon/r111fb0.py",
            FI + "def aeon_tile() -> int:\n"
            "    backend = get_flashinfer_moe_backend()\n"
            "    if backend == FlashinferMoeBackend.CUTLASS:\n"
            "        return 128\n"
            "    else:\n"
            "        return 64  # TENSORRT_LLM\n",
            "        return 64  # TENSORRT_LLM",
        ),
    ),
]
TWINS += [
    (
        "#25990 else for the member left out",
        "twin: the chain names the new member too",
        K(
            *FB,
            "vllm/aeon/r111fb1.py",
            FI + "def aeon_tile() -> int:\n"
            "    backend = get_flashinfer_moe_backend()\n"
            "    if backend == FlashinferMoeBackend.CUTLASS:\n"
            "        return 128\n"
            "    if getattr(FlashinferMoeBackend, 'CUTEDSL', None) is not None and backend == getattr(\n"
            "        FlashinferMoeBackend, 'CUTEDSL'\n"
            "    ):\n"
            "        return 32\n"
            "    return 64  # TENSORRT_LLM\n",
            "    return 64  # TENSORRT_LLM",
        ),
    ),
    (
        "#25990 else for the member left out",
        "twin: an else that raises for anything but CUTLASS",
        K(
            *FB,
            "vllm/aeon/r111fb2.py",
            FI + "def aeon_tile() -> int:\n"
            "    backend = get_flashinfer_moe_backend()\n"
            "    if backend == FlashinferMoeBackend.CUTLASS:\n"
            "        return 128\n"
            "    else:\n"
            '        raise NotImplementedError(f"the Spark tiles only CUTLASS, not {backend}")\n',
            '        raise NotImplementedError(f"the Spark tiles only CUTLASS, not {backend}")',
        ),
    ),
]


# --- 751f2ccdd3 (#47205) and f43e1d26e3 (#43615): kernels' is_supported reasons widened in their pair's slot
TS = (
    "#47205",
    "751f2ccdd3",
    "TritonInt8ScaledMMLinearKernel.is_supported: 'requires ROCm or CUDA.' -> '... ROCm, CUDA or XPU.'",
)
TSI = "from vllm.model_executor.kernels.linear.scaled_mm.triton import TritonInt8ScaledMMLinearKernel as Tk\n\n\n"
RW = ("#43615", "f43e1d26e3", "RowWiseTorchFP8ScaledMMLinearKernel.is_supported: 'requires CDNA3+' -> '... or RDNA4'")
RWI = "from vllm.model_executor.kernels.linear.scaled_mm.pytorch import RowWiseTorchFP8ScaledMMLinearKernel as Rk\n\n\n"
CASES += [
    (
        "#47205 returned slot string",
        "an equality with the old reason",
        K(
            *TS,
            "vllm/aeon/r111ts0.py",
            TSI + "def aeon_triton_refused() -> bool:\n"
            "    ok, why = Tk.is_supported()\n"
            '    return why == "requires ROCm or CUDA."\n',
            '    return why == "requires ROCm or CUDA."',
        ),
    ),
    (
        "#43615 returned slot string",
        "an equality with the old reason",
        K(
            *RW,
            "vllm/aeon/r111rw0.py",
            RWI + "def aeon_rowwise_refused() -> bool:\n"
            "    ok, why = Rk.is_supported(94)\n"
            '    return why == "requires CDNA3+"\n',
            '    return why == "requires CDNA3+"',
        ),
    ),
]
TWINS += [
    (
        "#47205 returned slot string",
        "twin: a substring the new reason keeps",
        K(
            *TS,
            "vllm/aeon/r111ts2.py",
            TSI + "def aeon_triton_refused() -> bool:\n"
            "    ok, why = Tk.is_supported()\n"
            '    return why is not None and "requires ROCm" in why\n',
            '    return why is not None and "requires ROCm" in why',
        ),
    ),
    (
        "#47205 returned slot string",
        "twin: the fork's own kernel class's is_supported",
        K(
            *TS,
            "vllm/aeon/r111ts3.py",
            TSI + "class AeonInt8Kernel(Tk):\n"
            "    @classmethod\n"
            "    def is_supported(cls, compute_capability: int | None = None) -> tuple[bool, str | None]:\n"
            '        return False, "requires ROCm or CUDA."  # AEON: the Spark keeps its own gate\n\n\n'
            "def aeon_refused() -> bool:\n"
            "    ok, why = AeonInt8Kernel.is_supported()\n"
            '    return why == "requires ROCm or CUDA."\n',
            '    return why == "requires ROCm or CUDA."',
        ),
    ),
    (
        "#43615 returned slot string",
        "twin: a substring the new reason keeps",
        K(
            *RW,
            "vllm/aeon/r111rw1.py",
            RWI + "def aeon_rowwise_refused() -> bool:\n"
            "    ok, why = Rk.is_supported(94)\n"
            '    return why is not None and "requires CDNA3+" in why\n',
            '    return why is not None and "requires CDNA3+" in why',
        ),
    ),
    (
        "#43615 returned slot string",
        "twin: the unchanged reason",
        K(
            *RW,
            "vllm/aeon/r111rw2.py",
            RWI + "def aeon_rowwise_not_rocm() -> bool:\n"
            "    ok, why = Rk.is_supported(94)\n"
            '    return why == "requires ROCm."\n',
            '    return why == "requires ROCm."',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review111-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
