"""A blind replay of the quantization utilities a fork's NVFP4 and FP8 carries import, call and subclass.

9 first-parent commits on ``vllm/model_executor/layers/quantization/utils/`` (with one twin-only tenth) -- the
helpers a fork that serves NVFP4 and FP8 on its own hardware carries code against: ``machete_utils``'
``MACHETE_SUPPORTED_GROUP_SIZES`` removed for a dtype-keyed query (#20290), ``fp8_utils.has_deep_gemm`` turned
from a module bool into the function ``has_deep_gemm()`` it now imports (#20187: every truth test of it is now
true), ``petit_utils._require_petit`` removed (#32692), ``marlin_utils_fp8`` no longer importing
``marlin_quant_input`` and raising for an 8-bit ``input_dtype`` (#30961), ``FlashinferMoeBackend.CUTEDSL`` added
and returned by ``get_flashinfer_moe_backend`` (#25990), ``is_supported_config_trtllm``'s reason strings given
the offending value (#34908), ``_e2m1_inline``'s parameter renamed ``magnitude`` -> ``nibble`` (#44667),
``prepare_nvfp4_moe_layer_for_fi_or_cutlass`` no longer setting ``g1_alphas``/``g2_alphas``/``a1_gscale``/
``g1_scale_c`` on the layer (#37217), ``fp8_utils`` no longer importing ``DeepGemmQuantScaleFMT`` and
``W8A8BlockFp8LinearOp``'s aiter ``input_quant_op`` turned from ``None`` into a ``QuantFP8`` (#33047), and
``scaled_quantize``'s trailing optional ``compute_dtype`` (#30833, twin only) -- picked by scanning those
paths' diffs (``git log --first-parent -p``), avoiding the commits every other replay uses
(``blind_replay_quantkern``, ``_fp8utils``, ``_nvfp4``, ``_mxoracle`` cover parts of this surface).  Each is
replayed under 1-3 fork spellings written the way fork code is written (an import, a module attribute, a
``getattr`` with a literal, a truth test, a conditional expression, a keyword call, a table keyed by every enum
member, an ``else`` that assumes the other member, an equality, ``endswith`` and dict key on a returned string,
a read of an attribute a helper used to set, a subclass's ``self.`` read compared with ``None``, an unpacking
of a dispatcher's pair), with twins (fork code the commit does not break: the kept name, the name's home
module, a positional call, an explicit ``elif`` with a ``raise``, the unchanged reason).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 769e0cfd): 10 caught, 1 warned, 11 missed of 22 (twins: 10
quiet, 0 false errors; #25990's explicit ``elif`` chain ending in a ``raise`` warned, rightly: CUTEDSL now reaches
the fork's raise).  Symbol drift caught the removed constant (import, module attribute, ``getattr`` literal), the
removed alias, the dropped re-exports (``marlin_quant_input``, ``DeepGemmQuantScaleFMT``), the keyword call
naming ``_e2m1_inline``'s old parameter, and -- by its refused-values reading -- the keyword call handing
``apply_fp8_marlin_linear`` an 8-bit ``input_dtype`` it now refuses; enum drift warned the table keyed by every
``FlashinferMoeBackend`` member.  The misses: #20187's three truth tests of ``has_deep_gemm`` (a module bool now
bound to an imported function: always true), #25990's ``else`` standing for the one member the test left out,
#34908's three (an equality, an ``endswith`` and a table key of reasons that now carry the offending value, in
the second slot of a returned pair, made by a nested helper), #37217's two reads of attributes a module-level
helper stopped setting on the layer handed to it (stopped argument writes read methods only), and #33047's two
(``W8A8BlockFp8LinearOp.input_quant_op`` set from a tuple-unpacked dispatcher pair whose aiter slot was ``None``
and is now a ``QuantFP8``: a subclass's ``is None`` test and an unpacked pair's are never true again).
After the killers202 widenings: 18 caught, 2 warned, 2 missed of 22 (twins: 10 quiet, 1 of them warned, 0 false
errors).  Caught now: a module's flag upstream binds to a function, tested for its truth
(``drift/callable_flags.py``, wired into symbol drift); a module-level helper that stopped storing on an argument,
read after the call (``drift/stopped_arg_writes.py``: functions too, a call upstream cannot follow silences only
what lies below the path it is handed, ``getattr`` without a default, ``hasattr``/``try`` guards quiet); a string
in one slot of a returned pair, spelled by a literal, an f-string or a nested helper's f-string, compared or keyed
through a local unpacked from the call (``drift/returned_strings.py``); a field stored by unpacking an own
method's pair whose slot was None and is now a build, tested for None by a subclass (``drift/gone_sentinels.py``).
Warned now: a chain of member tests naming every member but one, whose rest stood for that one
(``drift/enum_drift.py``).  Still missed: #34908's ``why.endswith("routing method")`` (a method's argument is not
read as a comparison: a suffix of a patterned string needs another reading) and #33047's unpacking of the
dispatcher's pair at a fork call site (``fn, quant = op._dispatch_w8a8_blockscale_op(...)``, ``quant is None``: a
returned slot's None gone is no field's, and no check reads a returned pair's slot for None yet).
Regression set at the widenings' head (17fa4bbb): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_kvutils 14 caught, 3 missed of 17 (8 quiet), review32_twins 9/9 (0 false of 39, 3 warned),
review11_twins 6/6 (0 false of 34), blind_replay_modelcfg 14 caught, 8 warned, 2 missed of 24 (11 quiet),
review80_twins 12 caught, 2 warned of 14 (0 false of 32, 5 warned), blind_replay_asyncsched 20 caught, 1 missed of
21 (14 quiet), review79_twins 11/11 (0 false of 33, 2 warned), blind_replay_moe2 16/16 (10 quiet, 1 warned),
blind_replay_quantkern 13 caught, 4 missed of 17 (9 quiet), blind_replay_fp8cfg 21 caught, 2 missed of 23 (10
quiet), blind_replay_coreclient 18 caught, 3 warned of 21 (10 quiet, 1 warned), review105_twins 6 caught, 1 warned
of 7 (0 false of 32, 1 warned): all as before; ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5
broken overrides, 4 caught, 8 warnings, as before).
After mend75: 20 caught, 2 warned, 0 missed of 22 (twins: 10 quiet, 1 of them warned, 0 false errors).  Caught now:
#34908's ``why.endswith("routing method")`` (``drift/returned_strings.py``'s ``_affixed``: a suffix or prefix test
a vanished string held and no value returned now holds as written, a formatted edge being the value's text) and
#33047's ``fn, quant = op._dispatch_w8a8_blockscale_op(...)`` then ``quant is None`` (``drift/coerced_returns.py``'s
``_slot_coerced``: a returned tuple's slot None on some path at the base and on none now, every value a build).

  python benchmarks/blind_replay_quantutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

QU = "vllm.model_executor.layers.quantization.utils"

# --- #20290 (3abfe22154): machete_utils.MACHETE_SUPPORTED_GROUP_SIZES removed for a dtype-keyed query
MG = "3abfe22154"
MGW = "MACHETE_SUPPORTED_GROUP_SIZES removed (query_machete_supported_group_sizes(act_type) instead)"
CASES += [
    (
        "#20290 constant removed",
        "an import of the constant",
        K(
            "#20290",
            MG,
            MGW,
            "vllm/aeon/mg1.py",
            f"from {QU}.machete_utils import MACHETE_SUPPORTED_GROUP_SIZES\n\n\n"
            "def aeon_machete_ok(group_size: int) -> bool:\n"
            "    # AEON: the Spark's GPTQ checkpoints fall back to Machete-shaped groups\n"
            "    return group_size in MACHETE_SUPPORTED_GROUP_SIZES\n",
            f"from {QU}.machete_utils import MACHETE_SUPPORTED_GROUP_SIZES",
        ),
    ),
    (
        "#20290 constant removed",
        "a module attribute read",
        K(
            "#20290",
            MG,
            MGW,
            "vllm/aeon/mg2.py",
            f"from {QU} import machete_utils\n\n\n"
            "def aeon_machete_groups() -> list[int]:\n"
            "    # AEON: logged at start-up on the Spark\n"
            "    return list(machete_utils.MACHETE_SUPPORTED_GROUP_SIZES)\n",
            "return list(machete_utils.MACHETE_SUPPORTED_GROUP_SIZES)",
        ),
    ),
    (
        "#20290 constant removed",
        "a getattr with a literal",
        K(
            "#20290",
            MG,
            MGW,
            "vllm/aeon/mg3.py",
            f"from {QU} import machete_utils\n\n\n"
            "def aeon_group_ok(group_size: int) -> bool:\n"
            "    # AEON: one table for all GPTQ kernels the Spark may pick\n"
            '    sizes = getattr(machete_utils, "MACHETE_SUPPORTED_GROUP_SIZES")\n'
            "    return group_size in sizes\n",
            'sizes = getattr(machete_utils, "MACHETE_SUPPORTED_GROUP_SIZES")',
        ),
    ),
    (
        "#20290 constant removed",
        "twin: the kept block shape and act-type query",
        K(
            "#20290",
            MG,
            MGW,
            "vllm/aeon/mg4.py",
            f"from {QU}.machete_utils import (\n"
            "    MACHETE_PREPACKED_BLOCK_SHAPE,\n"
            "    query_machete_supported_act_types,\n"
            ")\n\n\n"
            "def aeon_machete_block() -> tuple[list[int], list]:\n"
            "    # AEON: the Spark logs the Machete tile it prepacks for\n"
            "    return MACHETE_PREPACKED_BLOCK_SHAPE, query_machete_supported_act_types(False)\n",
            "return MACHETE_PREPACKED_BLOCK_SHAPE, query_machete_supported_act_types(False)",
        ),
    ),
]

# --- #20187 (4d36693687): fp8_utils.has_deep_gemm turned from a module bool into vllm.utils' function
DG = "4d36693687"
DGW = "fp8_utils.has_deep_gemm a bool -> the function has_deep_gemm() imported from vllm.utils (always truthy)"
CASES += [
    (
        "#20187 bool made a function",
        "a truth test of the imported name",
        K(
            "#20187",
            DG,
            DGW,
            "vllm/aeon/dg1.py",
            "import torch\n\n"
            f"from {QU}.fp8_utils import has_deep_gemm\n\n\n"
            "def aeon_block_fp8_backend(weight: torch.Tensor) -> str:\n"
            "    # AEON: GB10 has no DeepGEMM wheel; the Spark takes CUTLASS unless it is installed\n"
            "    if has_deep_gemm and weight.shape[0] % 128 == 0:\n"
            '        return "deep_gemm"\n'
            '    return "cutlass"\n',
            "if has_deep_gemm and weight.shape[0] % 128 == 0:",
        ),
    ),
    (
        "#20187 bool made a function",
        "a module attribute in a boolean expression",
        K(
            "#20187",
            DG,
            DGW,
            "vllm/aeon/dg2.py",
            f"from {QU} import fp8_utils\n\n\n"
            "def aeon_deep_gemm_ready(enabled: bool) -> bool:\n"
            "    # AEON: the Spark's image is built without deep_gemm\n"
            "    return enabled and fp8_utils.has_deep_gemm\n",
            "return enabled and fp8_utils.has_deep_gemm",
        ),
    ),
    (
        "#20187 bool made a function",
        "a conditional expression on the module attribute",
        K(
            "#20187",
            DG,
            DGW,
            "vllm/aeon/dg3.py",
            f"from {QU} import fp8_utils\n\n\n"
            "def aeon_fp8_kernel_name() -> str:\n"
            "    # AEON: reported in the Spark's start-up banner\n"
            '    return "deep_gemm" if fp8_utils.has_deep_gemm else "cutlass"\n',
            'return "deep_gemm" if fp8_utils.has_deep_gemm else "cutlass"',
        ),
    ),
    (
        "#20187 bool made a function",
        "twin: the kept should_use_deepgemm call",
        K(
            "#20187",
            DG,
            DGW,
            "vllm/aeon/dg4.py",
            "import torch\n\n"
            f"from {QU}.fp8_utils import should_use_deepgemm\n\n\n"
            "def aeon_dg(weight: torch.Tensor) -> bool:\n"
            "    # AEON: the Spark asks the same question upstream's linear asks\n"
            "    return should_use_deepgemm(torch.bfloat16, weight)\n",
            "return should_use_deepgemm(torch.bfloat16, weight)",
        ),
    ),
]

# --- #32692 (37c9859fab): petit_utils._require_petit alias removed
PT = "37c9859fab"
PTW = "petit_utils._require_petit removed (_import_petit_kernel kept)"
CASES += [
    (
        "#32692 alias removed",
        "an import of the alias",
        K(
            "#32692",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            f"from {QU}.petit_utils import _require_petit\n\n\n"
            "def aeon_petit():\n"
            "    # AEON: the Spark's CI checks NVFP4 fallbacks on non-Blackwell runners\n"
            "    return _require_petit()\n",
            f"from {QU}.petit_utils import _require_petit",
        ),
    ),
    (
        "#32692 alias removed",
        "a module attribute call",
        K(
            "#32692",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            f"from {QU} import petit_utils\n\n\n"
            "def aeon_petit_version() -> str:\n"
            "    # AEON: logged on the Spark's CI runners\n"
            "    return petit_utils._require_petit().__version__\n",
            "return petit_utils._require_petit().__version__",
        ),
    ),
    (
        "#32692 alias removed",
        "twin: the kept function",
        K(
            "#32692",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            f"from {QU} import petit_utils\n\n\n"
            "def aeon_petit2():\n"
            "    # AEON: the Spark's CI checks NVFP4 fallbacks on non-Blackwell runners\n"
            "    return petit_utils._import_petit_kernel()\n",
            "return petit_utils._import_petit_kernel()",
        ),
    ),
]

# --- #30961 (5fbfa8d9ef): marlin_utils_fp8 stops importing marlin_quant_input; W8A8 through it now raises
MQ = "5fbfa8d9ef"
MQW = "marlin_quant_input no longer imported by marlin_utils_fp8; apply_fp8_marlin_linear raises for 8-bit input_dtype"
CASES += [
    (
        "#30961 re-export dropped",
        "an import through the module that no longer imports it",
        K(
            "#30961",
            MQ,
            MQW,
            "vllm/aeon/mq1.py",
            "import torch\n\n"
            f"from {QU}.marlin_utils_fp8 import apply_fp8_marlin_linear, marlin_quant_input\n\n\n"
            "def aeon_fp8_act(x: torch.Tensor):\n"
            "    # AEON: the Spark quantizes activations for Marlin W8A8 on GB10\n"
            "    return marlin_quant_input(x, torch.float8_e4m3fn)\n",
            f"from {QU}.marlin_utils_fp8 import apply_fp8_marlin_linear, marlin_quant_input",
        ),
    ),
    (
        "#30961 re-export dropped",
        "a module attribute read through the module",
        K(
            "#30961",
            MQ,
            MQW,
            "vllm/aeon/mq2.py",
            "import torch\n\n"
            f"from {QU} import marlin_utils_fp8\n\n\n"
            "def aeon_fp8_act2(x: torch.Tensor):\n"
            "    # AEON: the Spark quantizes activations for Marlin W8A8 on GB10\n"
            "    return marlin_utils_fp8.marlin_quant_input(x, torch.float8_e4m3fn)\n",
            "return marlin_utils_fp8.marlin_quant_input(x, torch.float8_e4m3fn)",
        ),
    ),
    (
        "#30961 path now raises",
        "a keyword call with an 8-bit input dtype",
        K(
            "#30961",
            MQ,
            MQW,
            "vllm/aeon/mq3.py",
            "import torch\n\n"
            f"from {QU}.marlin_utils_fp8 import apply_fp8_marlin_linear\n\n\n"
            "def aeon_marlin_w8a8(x, w, s, ws, n: int, k: int) -> torch.Tensor:\n"
            "    # AEON: W8A8 through Marlin on GB10 while the CUTLASS sm_121a path is missing\n"
            "    return apply_fp8_marlin_linear(x, w, s, ws, n, k, None, input_dtype=torch.float8_e4m3fn)\n",
            "return apply_fp8_marlin_linear(x, w, s, ws, n, k, None, input_dtype=torch.float8_e4m3fn)",
        ),
    ),
    (
        "#30961 re-export dropped",
        "twin: the import from its home module and a weight-only call",
        K(
            "#30961",
            MQ,
            MQW,
            "vllm/aeon/mq4.py",
            "import torch\n\n"
            f"from {QU}.marlin_utils import marlin_quant_input\n"
            f"from {QU}.marlin_utils_fp8 import apply_fp8_marlin_linear\n\n\n"
            "def aeon_marlin_w8a16(x, w, s, ws, n: int, k: int) -> torch.Tensor:\n"
            "    # AEON: weight-only FP8 through Marlin on GB10\n"
            "    assert marlin_quant_input is not None\n"
            "    return apply_fp8_marlin_linear(x, w, s, ws, n, k, None)\n",
            "return apply_fp8_marlin_linear(x, w, s, ws, n, k, None)",
        ),
    ),
]

# --- #25990 (613abb50d5): FlashinferMoeBackend.CUTEDSL added; get_flashinfer_moe_backend maps "masked_gemm" to it
FB = "613abb50d5"
FBW = "FlashinferMoeBackend gains CUTEDSL, returned by get_flashinfer_moe_backend for masked_gemm"
FI = f"from {QU}.flashinfer_utils import (\n    FlashinferMoeBackend,\n    get_flashinfer_moe_backend,\n)\n\n\n"
CASES += [
    (
        "#25990 enum member added",
        "a table keyed by every member, indexed by the getter's result",
        K(
            "#25990",
            FB,
            FBW,
            "vllm/aeon/fb1.py",
            FI + "_AEON_FI_KERNEL = {\n"
            '    FlashinferMoeBackend.CUTLASS: "aeon_cutlass_nvfp4",\n'
            '    FlashinferMoeBackend.TENSORRT_LLM: "aeon_trtllm_nvfp4",\n'
            "}\n\n\n"
            "def aeon_fi_kernel() -> str:\n"
            "    # AEON: the Spark swaps in its own NVFP4 MoE kernels per FlashInfer backend\n"
            "    return _AEON_FI_KERNEL[get_flashinfer_moe_backend()]\n",
            "return _AEON_FI_KERNEL[get_flashinfer_moe_backend()]",
        ),
    ),
    (
        "#25990 enum member added",
        "an if/else whose else assumes the other member",
        K(
            "#25990",
            FB,
            FBW,
            "vllm/aeon/fb2.py",
            FI + "def aeon_fi_tile() -> int:\n"
            "    # AEON: GB10's smem fits a smaller tile than B200's\n"
            "    backend = get_flashinfer_moe_backend()\n"
            "    if backend == FlashinferMoeBackend.CUTLASS:\n"
            "        return 128\n"
            "    else:\n"
            "        return 64  # TENSORRT_LLM\n",
            "return 64  # TENSORRT_LLM",
        ),
    ),
    (
        "#25990 enum member added",
        "twin: an explicit elif with a raise",
        K(
            "#25990",
            FB,
            FBW,
            "vllm/aeon/fb3.py",
            FI + "def aeon_fi_tile2() -> int:\n"
            "    # AEON: GB10's smem fits a smaller tile than B200's\n"
            "    backend = get_flashinfer_moe_backend()\n"
            "    if backend == FlashinferMoeBackend.CUTLASS:\n"
            "        return 128\n"
            "    elif backend == FlashinferMoeBackend.TENSORRT_LLM:\n"
            "        return 64\n"
            '    raise ValueError(f"unsupported on the Spark: {backend}")\n',
            "return 64",
        ),
    ),
]

# --- #34908 (f72061a19a): is_supported_config_trtllm's reason strings now carry the offending value
RS = "f72061a19a"
RSW = "is_supported_config_trtllm reasons: 'kernel does not support current device' -> '... current device <name>' etc."
RI = f"from {QU}.flashinfer_fp4_moe import is_supported_config_trtllm\n\n\n"
CASES += [
    (
        "#34908 returned string changed",
        "an equality with the old literal",
        K(
            "#34908",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            RI + "def aeon_trtllm_device_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    # AEON: GB10 is refused by TRT-LLM MoE; the Spark then routes to CUTLASS quietly\n"
            "    ok, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    return why == "kernel does not support current device"\n',
            'return why == "kernel does not support current device"',
        ),
    ),
    (
        "#34908 returned string changed",
        "an endswith on the old tail",
        K(
            "#34908",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            RI + "def aeon_trtllm_routing_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    # AEON: the Spark's speculative draft uses a routing TRT-LLM refuses\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    return why is not None and why.endswith("routing method")\n',
            'return why is not None and why.endswith("routing method")',
        ),
    ),
    (
        "#34908 returned string changed",
        "a dict keyed by the old literal",
        K(
            "#34908",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            RI + "_AEON_REMEDY = {\n"
            '    "kernel does not support hidden_dim must be divisible by 512": "pad_hidden",\n'
            "}\n\n\n"
            "def aeon_trtllm_remedy(cfg, wk, ak, fmt) -> str | None:\n"
            "    # AEON: the Spark pads hidden dims rather than fall off TRT-LLM\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    return _AEON_REMEDY.get(why or "")\n',
            '"kernel does not support hidden_dim must be divisible by 512": "pad_hidden",',
        ),
    ),
    (
        "#34908 returned string changed",
        "twin: the unchanged reason and a prefix test",
        K(
            "#34908",
            RS,
            RSW,
            "vllm/aeon/rs4.py",
            RI + "def aeon_trtllm_gated_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    # AEON: the Spark's Nemotron runs a non-gated MLP\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    if why is not None and why.startswith("kernel does not support"):\n'
            '        return why == "kernel does not support no act_and_mul MLP layer"\n'
            "    return False\n",
            'return why == "kernel does not support no act_and_mul MLP layer"',
        ),
    ),
]

# --- #44667 (552a9dbe59): nvfp4_emulation_utils._e2m1_inline(magnitude) -> _e2m1_inline(nibble)
EM = "552a9dbe59"
EMW = "_e2m1_inline's parameter renamed magnitude -> nibble (and it now applies the sign bit)"
EI = f"from vllm.triton_utils import tl, triton\nfrom {QU}.nvfp4_emulation_utils import _e2m1_inline\n\n\n"
CASES += [
    (
        "#44667 parameter renamed",
        "a keyword call in the fork's own kernel",
        K(
            "#44667",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            EI + "@triton.jit\n"
            "def aeon_fp4_decode(nib):\n"
            "    # AEON: the Spark's NVFP4 emulation for draft heads on sm_121a\n"
            "    mag = nib & 0x07\n"
            "    val = _e2m1_inline(magnitude=mag)\n"
            "    return tl.where(((nib >> 3) & 1) == 1, -val, val)\n",
            "val = _e2m1_inline(magnitude=mag)",
        ),
    ),
    (
        "#44667 parameter renamed",
        "twin: a positional call with the magnitude",
        K(
            "#44667",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            EI + "@triton.jit\n"
            "def aeon_fp4_decode2(nib):\n"
            "    # AEON: the Spark's NVFP4 emulation for draft heads on sm_121a\n"
            "    mag = nib & 0x07\n"
            "    val = _e2m1_inline(mag)\n"
            "    return tl.where(((nib >> 3) & 1) == 1, -val, val)\n",
            "val = _e2m1_inline(mag)",
        ),
    ),
]

# --- #37217 (fd4d96302a): prepare_nvfp4_moe_layer_for_fi_or_cutlass no longer sets g1_alphas/g2_alphas/a1_gscale/g1_scale_c
GA = "fd4d96302a"
GAW = "prepare_nvfp4_moe_layer_for_fi_or_cutlass stops setting layer.g1_alphas, g2_alphas, a1_gscale, g1_scale_c"
GI = f"from {QU}.flashinfer_fp4_moe import prepare_nvfp4_moe_layer_for_fi_or_cutlass\n\n\n"
GARGS = "backend, layer, w13, w13_s, w13_s2, a13_s, w2, w2_s, w2_s2, a2_s, True"
CASES += [
    (
        "#37217 attribute no longer set",
        "a read of the attribute right after the helper",
        K(
            "#37217",
            GA,
            GAW,
            "vllm/aeon/ga1.py",
            GI + f"def aeon_prepare(backend, layer, w13, w13_s, w13_s2, a13_s, w2, w2_s, w2_s2, a2_s):\n"
            "    # AEON: the Spark keeps its own copy of the alphas for its draft-model MoE\n"
            f"    out = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            "    aeon_alphas = (layer.g1_alphas, layer.g2_alphas)\n"
            "    return out, aeon_alphas\n",
            "aeon_alphas = (layer.g1_alphas, layer.g2_alphas)",
        ),
    ),
    (
        "#37217 attribute no longer set",
        "a getattr with a literal after the helper",
        K(
            "#37217",
            GA,
            GAW,
            "vllm/aeon/ga2.py",
            GI + f"def aeon_prepare2(backend, layer, w13, w13_s, w13_s2, a13_s, w2, w2_s, w2_s2, a2_s):\n"
            "    # AEON: the Spark rescales the input global scale for its fused quant\n"
            f"    out = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            '    layer.aeon_a1 = getattr(layer, "a1_gscale") * 2.0\n'
            "    return out\n",
            'layer.aeon_a1 = getattr(layer, "a1_gscale") * 2.0',
        ),
    ),
    (
        "#37217 attribute no longer set",
        "twin: the eight returned tensors and a field still set",
        K(
            "#37217",
            GA,
            GAW,
            "vllm/aeon/ga3.py",
            GI + f"def aeon_prepare3(backend, layer, w13, w13_s, w13_s2, a13_s, w2, w2_s, w2_s2, a2_s):\n"
            "    # AEON: the Spark logs the padded intermediate size on GB10\n"
            f"    a, b, c, d, e, f, g, h = prepare_nvfp4_moe_layer_for_fi_or_cutlass({GARGS})\n"
            "    return layer.intermediate_size_per_partition, (a, b, c, d, e, f, g, h)\n",
            "return layer.intermediate_size_per_partition, (a, b, c, d, e, f, g, h)",
        ),
    ),
]

# --- #33047 (b5f8c3092d): fp8_utils stops importing DeepGemmQuantScaleFMT; the aiter path's input_quant_op None -> QuantFP8
BQ = "b5f8c3092d"
BQW = (
    "DeepGemmQuantScaleFMT no longer imported by fp8_utils; W8A8BlockFp8LinearOp's aiter input_quant_op now a QuantFP8"
)
BI = f"from {QU}.fp8_utils import W8A8BlockFp8LinearOp\n\n\n"
CASES += [
    (
        "#33047 re-export dropped",
        "an import through fp8_utils",
        K(
            "#33047",
            BQ,
            BQW,
            "vllm/aeon/bq1.py",
            f"from {QU}.fp8_utils import DeepGemmQuantScaleFMT\n\n\n"
            "def aeon_ue8m0() -> bool:\n"
            "    # AEON: the Spark forces float32 scales on GB10\n"
            "    return DeepGemmQuantScaleFMT.from_oracle() == DeepGemmQuantScaleFMT.UE8M0\n",
            f"from {QU}.fp8_utils import DeepGemmQuantScaleFMT",
        ),
    ),
    (
        "#33047 None made a value",
        "a subclass's self. read compared with None",
        K(
            "#33047",
            BQ,
            BQW,
            "vllm/aeon/bq2.py",
            BI + "class AeonBlockFp8Op(W8A8BlockFp8LinearOp):\n"
            "    def aeon_quantizes_inside(self) -> bool:\n"
            "        # AEON: the Spark pre-quantizes activations itself when the op does not\n"
            "        return self.input_quant_op is None\n",
            "return self.input_quant_op is None",
        ),
    ),
    (
        "#33047 None made a value",
        "an unpack of the dispatcher's pair with a None test",
        K(
            "#33047",
            BQ,
            BQW,
            "vllm/aeon/bq3.py",
            BI + "def aeon_block_kernel(op: W8A8BlockFp8LinearOp) -> str:\n"
            "    # AEON: the Spark names the block-FP8 kernel in its banner\n"
            "    fn, quant = op._dispatch_w8a8_blockscale_op(False, True)\n"
            "    if quant is None:\n"
            '        return "aiter"\n'
            "    return fn.__name__\n",
            "if quant is None:",
        ),
    ),
    (
        "#33047 re-export dropped",
        "twin: the import from its home and the deepgemm op read",
        K(
            "#33047",
            BQ,
            BQW,
            "vllm/aeon/bq4.py",
            "from vllm.utils.deep_gemm import DeepGemmQuantScaleFMT\n"
            + BI
            + "class AeonBlockFp8Op2(W8A8BlockFp8LinearOp):\n"
            "    def aeon_dg_quant(self):\n"
            "        # AEON: the Spark forces float32 scales on GB10\n"
            "        assert DeepGemmQuantScaleFMT is not None\n"
            "        return self.deepgemm_input_quant_op\n",
            "return self.deepgemm_input_quant_op",
        ),
    ),
]

# --- #30833 (0a0aa07747): scaled_quantize given an optional trailing compute_dtype
SQ = "0a0aa07747"
SQW = "scaled_quantize(x, group_shape, quant_dtype, compute_dtype=None)"
CASES += [
    (
        "#30833 optional parameter appended",
        "twin: a three-argument positional call",
        K(
            "#30833",
            SQ,
            SQW,
            "vllm/aeon/sq1.py",
            "import torch\n\n"
            f"from {QU}.quant_utils import GroupShape, scaled_quantize\n\n\n"
            "def aeon_block_quant(x: torch.Tensor):\n"
            "    # AEON: the Spark re-quantizes its draft head's weights to 128x128 blocks\n"
            "    return scaled_quantize(x, GroupShape(128, 128), torch.float8_e4m3fn)\n",
            "return scaled_quantize(x, GroupShape(128, 128), torch.float8_e4m3fn)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-quantutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
