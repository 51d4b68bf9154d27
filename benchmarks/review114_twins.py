"""Adversarial twins of mend75's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a suffix or prefix test of a returned string (``_affixed`` in ``drift/returned_strings.py``; #34908's reasons
  gained a formatted tail, #25489 dropped ``_VLLM_V1`` from the attention backends' names): a prefix the new
  reasons still start with (the old reason whole, a tuple of them), a kept reason's tail, an f-string's literal
  tail, the old test or-ed with the new spelling, the fork's own namesake (a function, a subclass's override),
  the new name's prefix, a normalisation trimming the old suffix where present;
- a slot of a returned tuple made never None (``_slot_coerced`` in ``drift/coerced_returns.py``; #33047's
  ``_dispatch_w8a8_blockscale_op`` aiter quantizer ``None`` -> ``QuantFP8(...)``): upstream's own ``assert ... is
  not None``, a guard with no else that now always runs, the local bound again by the fork, an ``isinstance``,
  another slot, the fork's own subclass override returning None;
- a constant index of a reshaped string list (``_reshaped_reads`` in ``drift/grown_sets.py``; #37808 dropped
  ``"reward"`` from ``_RUNNER_CONVERTS["pooling"]``, #40177 appended ``"NVFP4"`` to ``KV_CACHE_QUANT_ALGOS``,
  #34614 appended ``"az://"`` to ``SUPPORTED_SCHEMES``): a kept position, the fork's own table of the name, a
  function-local table of the name shadowing the import, the fork putting the string back, a length guard;
- a raise dropped with nothing in its place (``_answered_raises`` in ``drift/raised_kinds.py``; #27610
  ``get_config``): a handler that logs and re-raises, a handler of a tuple of kinds (a warning at most by design).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches of
these widenings, kept to show the reach stays, and #25489's ``get_name().endswith("_VLLM_V1")``.

Round 1 (main at ba75d3fc), 5 cases and 28 twins as first written (one twin, a function reading the imported
table before binding a local of its name, was an UnboundLocalError and was rewritten before the run): 4 caught, 1
warned of 5 (#27610's handler: a warning by design); 8 false errors of 28: the old suffix or-ed with a prefix only
the new reason passes (1: only an equality with the new string counted as written for both sides), the fork's own
``is_supported_config_trtllm`` returning another reason that still ends in "routing method" and the fork's own
backend subclass's ``get_name`` still ending in ``_VLLM_V1`` (2: a fork def answered only by returning the old
string itself), ``assert quant is not None`` unpacked and indexed (2: an assert that always holds now changes
nothing -- upstream's own idiom after #33047), ``if quant is not None:`` with no else around a registration (1),
a function-local ``_RUNNER_CONVERTS`` shadowing the import (1: the read was taken for the module's), and
``T["pooling"][2] if len(T["pooling"]) > 2 else None`` (1: the IndexError the message names cannot happen).
Round 2 (this branch): an affix test passed by a value a def of the fork's own of the name returns (whole or in
the slot) is answered; a function also testing an affix that only the new value passes (not every value the def
returns: ``startswith("kernel does not support")`` answers nothing) is written for both sides; an assert of
not-None is quiet (a whole coerced value's too); a slot's not-None guard with no else and no jump warns; a name
the reading function binds is not the import; a read past the new end under a ``len()`` test or a ``try`` catching
``IndexError`` warns.  4 caught, 1 warned of 5; 0 false errors of 28 (4 warned: the no-else guard, the length
guard, #27610's two handlers).
Round 3 (another real commit, written after the mends): #43729 (a309d4fe60) made ``FlashInferMLAImpl.forward_mqa``
return ``o, lse`` where it returned ``o, None`` (``lse`` still None unless DCP asks): the slot tested against None,
and a not-None guard appending it.  Both quiet (warned: a name may still be None) on main and on this branch.
All rounds, main (ba75d3fc): 4 caught, 1 warned of 5; 8 false errors of 30 twins.  This branch: 4 caught, 1 warned
of 5; 0 false errors of 30 twins (6 warned).
Regression set (this branch): blind_replay_quantutils 20 caught, 2 warned of 22 (10 quiet, 1 warned),
blind_replay_cfgmodel2 9 caught, 1 warned of 10 (7 quiet, 1 warned), blind_replay_tfconfig2 17 caught, 1 warned,
2 missed of 20 (12 quiet), killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), review111_twins 8
caught, 1 warned of 9 (0 false of 36): all as before.

  PYTHONPATH=.. python review114_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

QU = "vllm.model_executor.layers.quantization.utils"

# --- f72061a19a (#34908): is_supported_config_trtllm's reasons gain a formatted tail
RS = ("#34908", "f72061a19a", "is_supported_config_trtllm reasons: '... routing method' -> '... routing method {m}'")
RI = f"from {QU}.flashinfer_fp4_moe import is_supported_config_trtllm\n\n\n"
CASES += [
    (
        "#34908 affix of a returned reason",
        "an endswith on the old tail",
        K(
            *RS,
            "vllm/aeon/r114rs0.py",
            RI + "def aeon_routing_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    return why is not None and why.endswith("routing method")\n',
            'return why is not None and why.endswith("routing method")',
        ),
    ),
]
TWINS += [
    (
        "#34908 affix of a returned reason",
        "twin: the old reason whole as a prefix",
        K(
            *RS,
            "vllm/aeon/r114rs1.py",
            RI + "def aeon_routing_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    return why is not None and why.startswith("kernel does not support routing method")\n',
            'return why is not None and why.startswith("kernel does not support routing method")',
        ),
    ),
    (
        "#34908 affix of a returned reason",
        "twin: a kept reason's tail",
        K(
            *RS,
            "vllm/aeon/r114rs2.py",
            RI + "def aeon_gated_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    return why is not None and why.endswith("no act_and_mul MLP layer")\n',
            'return why is not None and why.endswith("no act_and_mul MLP layer")',
        ),
    ),
    (
        "#34908 affix of a returned reason",
        "twin: an f-string reason's literal tail (kept)",
        K(
            *RS,
            "vllm/aeon/r114rs3.py",
            RI + "def aeon_activation_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    return why is not None and why.endswith(" activation")\n',
            'return why is not None and why.endswith(" activation")',
        ),
    ),
    (
        "#34908 affix of a returned reason",
        "twin: a tuple of prefixes the new reasons still start with",
        K(
            *RS,
            "vllm/aeon/r114rs4.py",
            RI + "def aeon_platform_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            "    return why is not None and why.startswith(\n"
            '        ("kernel does not support current device", "kernel does not support parallel config"))\n',
            '("kernel does not support current device", "kernel does not support parallel config"))',
        ),
    ),
    (
        "#34908 affix of a returned reason",
        "twin: the old suffix or-ed with the new prefix",
        K(
            *RS,
            "vllm/aeon/r114rs5.py",
            RI + "def aeon_routing_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            "    # AEON: older upstreams end the reason there, newer ones add the method\n"
            '    return bool(why) and (why.endswith("routing method") or why.startswith("kernel does not support routing method "))\n',
            'return bool(why) and (why.endswith("routing method") or why.startswith("kernel does not support routing method "))',
        ),
    ),
    (
        "#34908 affix of a returned reason",
        "twin: the fork's own is_supported_config_trtllm",
        K(
            *RS,
            "vllm/aeon/r114rs6.py",
            "def is_supported_config_trtllm(cfg, wk, ak, fmt) -> tuple[bool, str | None]:\n"
            '    # AEON: the Spark\'s own gate\n    return False, "spark refuses the routing method"\n\n\n'
            "def aeon_routing_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    return why is not None and why.endswith("routing method")\n',
            'return why is not None and why.endswith("routing method")',
        ),
    ),
    (
        "#34908 affix of a returned reason",
        "twin: a subclass's override of the modular kernel's is_supported_config",
        K(
            *RS,
            "vllm/aeon/r114rs7.py",
            "from vllm.model_executor.layers.fused_moe.modular_kernel import FusedMoEPermuteExpertsUnpermute\n\n\n"
            "class AeonExperts(FusedMoEPermuteExpertsUnpermute):\n"
            "    @staticmethod\n"
            "    def is_supported_config(cls, moe_config, weight_key, activation_key, activation_format):\n"
            '        return False, "kernel does not support parallel config"  # AEON: the Spark runs EP=1 only\n\n\n'
            "def aeon_parallel_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    _, why = AeonExperts.is_supported_config(AeonExperts, cfg, wk, ak, fmt)\n"
            '    return why is not None and why.endswith("parallel config")\n',
            'return why is not None and why.endswith("parallel config")',
        ),
    ),
    (
        "#34908 affix of a returned reason",
        "twin: the old reason as a substring",
        K(
            *RS,
            "vllm/aeon/r114rs8.py",
            RI + "def aeon_routing_miss(cfg, wk, ak, fmt) -> bool:\n"
            "    _, why = is_supported_config_trtllm(cfg, wk, ak, fmt)\n"
            '    return why is not None and "routing method" in why\n',
            'return why is not None and "routing method" in why',
        ),
    ),
]

# --- 3468f17ebe (#25489): the attention backends' names lose their _VLLM_V1 suffix
AN = ("#25489", "3468f17ebe", "FlashAttentionBackend.get_name(): 'FLASH_ATTN_VLLM_V1' -> 'FLASH_ATTN'")
FA = "from vllm.v1.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
CASES += [
    (
        "#25489 affix of a returned name",
        "an endswith on the dropped suffix",
        K(
            *AN,
            "vllm/aeon/r114an0.py",
            FA + 'def aeon_is_v1() -> bool:\n    return FlashAttentionBackend.get_name().endswith("_VLLM_V1")\n',
            'return FlashAttentionBackend.get_name().endswith("_VLLM_V1")',
        ),
    ),
]
TWINS += [
    (
        "#25489 affix of a returned name",
        "twin: the kept prefix",
        K(
            *AN,
            "vllm/aeon/r114an1.py",
            FA + 'def aeon_is_flash() -> bool:\n    return FlashAttentionBackend.get_name().startswith("FLASH_ATTN")\n',
            'return FlashAttentionBackend.get_name().startswith("FLASH_ATTN")',
        ),
    ),
    (
        "#25489 affix of a returned name",
        "twin: a normalisation trimming the old suffix where present",
        K(
            *AN,
            "vllm/aeon/r114an2.py",
            FA + "def aeon_backend_label() -> str:\n"
            "    name = FlashAttentionBackend.get_name()\n"
            '    if name.endswith("_VLLM_V1"):  # AEON: older upstreams suffixed the V1 backends\n'
            '        name = name[: -len("_VLLM_V1")]\n'
            "    return name.lower()\n",
            'if name.endswith("_VLLM_V1"):  # AEON: older upstreams suffixed the V1 backends',
        ),
    ),
    (
        "#25489 affix of a returned name",
        "twin: the fork's own backend subclass's name",
        K(
            *AN,
            "vllm/aeon/r114an3.py",
            FA + "class AeonSparkBackend(FlashAttentionBackend):\n"
            "    @staticmethod\n"
            "    def get_name() -> str:\n"
            '        return "AEON_SPARK_VLLM_V1"\n\n\n'
            "def aeon_is_v1() -> bool:\n"
            '    return AeonSparkBackend.get_name().endswith("_VLLM_V1")\n',
            'return AeonSparkBackend.get_name().endswith("_VLLM_V1")',
        ),
    ),
    (
        "#25489 affix of a returned name",
        "twin: the suffix taken off before the test",
        K(
            *AN,
            "vllm/aeon/r114an4.py",
            FA + "def aeon_is_flash() -> bool:\n"
            '    return FlashAttentionBackend.get_name().removesuffix("_VLLM_V1").endswith("_ATTN")\n',
            'return FlashAttentionBackend.get_name().removesuffix("_VLLM_V1").endswith("_ATTN")',
        ),
    ),
]

# --- b5f8c3092d (#33047): the aiter path's input quantizer None -> QuantFP8(...)
BQ = ("#33047", "b5f8c3092d", "W8A8BlockFp8LinearOp._dispatch_w8a8_blockscale_op's aiter slot None -> QuantFP8")
BI = f"from {QU}.fp8_utils import W8A8BlockFp8LinearOp\n\n\n"
CASES += [
    (
        "#33047 tuple slot made never None",
        "an unpack of the dispatcher's pair with a None test",
        K(
            *BQ,
            "vllm/aeon/r114bq0.py",
            BI + "def aeon_block_kernel(op: W8A8BlockFp8LinearOp) -> str:\n"
            "    fn, quant = op._dispatch_w8a8_blockscale_op(False, True)\n"
            "    if quant is None:\n"
            '        return "aiter"\n'
            "    return fn.__name__\n",
            "if quant is None:",
        ),
    ),
]
TWINS += [
    (
        "#33047 tuple slot made never None",
        "twin: an assert the slot is not None (upstream's own idiom)",
        K(
            *BQ,
            "vllm/aeon/r114bq1.py",
            BI + "def aeon_quantize(op: W8A8BlockFp8LinearOp, x):\n"
            "    fn, quant = op._dispatch_w8a8_blockscale_op(False, True)\n"
            "    assert quant is not None\n"
            "    return fn, quant(x)\n",
            "assert quant is not None",
        ),
    ),
    (
        "#33047 tuple slot made never None",
        "twin: a not-None guard with no else (now always runs)",
        K(
            *BQ,
            "vllm/aeon/r114bq2.py",
            BI + "_AEON_SEEN: list = []\n\n\n"
            "def aeon_track(op: W8A8BlockFp8LinearOp):\n"
            "    fn, quant = op._dispatch_w8a8_blockscale_op(False, True)\n"
            "    if quant is not None:\n"
            "        _AEON_SEEN.append(quant)  # AEON: the Spark's profiler names each quantizer\n"
            "    return fn\n",
            "if quant is not None:",
        ),
    ),
    (
        "#33047 tuple slot made never None",
        "twin: the local bound again by the fork",
        K(
            *BQ,
            "vllm/aeon/r114bq3.py",
            BI + "def aeon_block_kernel(op: W8A8BlockFp8LinearOp, prequantized: bool) -> str:\n"
            "    fn, quant = op._dispatch_w8a8_blockscale_op(False, True)\n"
            "    if prequantized:\n"
            "        quant = None  # AEON: the Spark quantizes activations upstream of the op\n"
            "    if quant is None:\n"
            '        return "prequantized"\n'
            "    return fn.__name__\n",
            "if quant is None:",
        ),
    ),
    (
        "#33047 tuple slot made never None",
        "twin: an isinstance test of the slot",
        K(
            *BQ,
            "vllm/aeon/r114bq4.py",
            "from vllm.model_executor.layers.quantization.input_quant_fp8 import QuantFP8\n"
            + BI
            + "def aeon_block_kernel(op: W8A8BlockFp8LinearOp) -> bool:\n"
            "    _, quant = op._dispatch_w8a8_blockscale_op(False, True)\n"
            "    return isinstance(quant, QuantFP8)\n",
            "return isinstance(quant, QuantFP8)",
        ),
    ),
    (
        "#33047 tuple slot made never None",
        "twin: the other slot",
        K(
            *BQ,
            "vllm/aeon/r114bq5.py",
            BI + "def aeon_has_kernel(op: W8A8BlockFp8LinearOp) -> bool:\n"
            "    return op._dispatch_w8a8_blockscale_op(False, True)[0] is not None\n",
            "return op._dispatch_w8a8_blockscale_op(False, True)[0] is not None",
        ),
    ),
    (
        "#33047 tuple slot made never None",
        "twin: the fork's own subclass override returning None",
        K(
            *BQ,
            "vllm/aeon/r114bq6.py",
            BI + "class AeonBlockOp(W8A8BlockFp8LinearOp):\n"
            "    def _dispatch_w8a8_blockscale_op(self, use_cutlass, use_aiter_and_is_supported):\n"
            "        return self._run_triton, None  # AEON: the Spark quantizes inside its own kernel\n\n"
            "    def aeon_quantizes_inside(self) -> bool:\n"
            "        _, quant = self._dispatch_w8a8_blockscale_op(False, True)\n"
            "        return quant is None\n",
            "return quant is None",
        ),
    ),
    (
        "#33047 tuple slot made never None",
        "twin: an assert off the indexed slot",
        K(
            *BQ,
            "vllm/aeon/r114bq7.py",
            BI + "def aeon_check(op: W8A8BlockFp8LinearOp) -> None:\n"
            "    assert op._dispatch_w8a8_blockscale_op(False, True)[1] is not None, 'AEON: need a quantizer'\n",
            "assert op._dispatch_w8a8_blockscale_op(False, True)[1] is not None, 'AEON: need a quantizer'",
        ),
    ),
]

# --- a309d4fe60 (#43729): FlashInferMLAImpl.forward_mqa returns ``o, lse`` where it returned ``o, None``
ML = ("#43729", "a309d4fe60", "FlashInferMLAImpl.forward_mqa's second slot None -> lse (None unless DCP asks)")
MI = "from vllm.v1.attention.backends.mla.flashinfer_mla import FlashInferMLAImpl\n\n\n"
TWINS += [
    (
        "#43729 tuple slot made a name",
        "twin: the lse slot tested against None (still None without DCP)",
        K(
            *ML,
            "vllm/aeon/r114ml1.py",
            MI + "class AeonMLAImpl(FlashInferMLAImpl):\n"
            "    def aeon_decode(self, q, kv_cache, attn_metadata, layer):\n"
            "        o, lse = self.forward_mqa(q, kv_cache, attn_metadata, layer)\n"
            "        if lse is None:\n"
            "            return o  # AEON: the Spark runs no DCP, so no LSE to merge\n"
            "        return o, lse\n",
            "if lse is None:",
        ),
    ),
    (
        "#43729 tuple slot made a name",
        "twin: a not-None guard merging the lse",
        K(
            *ML,
            "vllm/aeon/r114ml2.py",
            MI + "class AeonMLAImpl2(FlashInferMLAImpl):\n"
            "    aeon_lses: list = []\n\n"
            "    def aeon_decode(self, q, kv_cache, attn_metadata, layer):\n"
            "        o, lse = self.forward_mqa(q, kv_cache, attn_metadata, layer)\n"
            "        if lse is not None:\n"
            "            self.aeon_lses.append(lse)\n"
            "        return o\n",
            "if lse is not None:",
        ),
    ),
]

# --- 45bd5c8e75 (#37808): "reward" dropped from _RUNNER_CONVERTS["pooling"]
RC = ("#37808", "45bd5c8e75", '_RUNNER_CONVERTS["pooling"] loses "reward"')
RCI = "from vllm.config.model import _RUNNER_CONVERTS\n\n\n"
CASES += [
    (
        "#37808 reshaped list index",
        "an index of the list",
        K(
            *RC,
            "vllm/aeon/r114rc0.py",
            RCI + 'AEON_REWARD_CONVERT = _RUNNER_CONVERTS["pooling"][2]\n',
            'AEON_REWARD_CONVERT = _RUNNER_CONVERTS["pooling"][2]',
        ),
    ),
]
TWINS += [
    (
        "#37808 reshaped list index",
        "twin: a kept position",
        K(
            *RC,
            "vllm/aeon/r114rc1.py",
            RCI + 'AEON_CLASSIFY_CONVERT = _RUNNER_CONVERTS["pooling"][1]\n',
            'AEON_CLASSIFY_CONVERT = _RUNNER_CONVERTS["pooling"][1]',
        ),
    ),
    (
        "#37808 reshaped list index",
        "twin: the fork's own table of the name",
        K(
            *RC,
            "vllm/aeon/r114rc2.py",
            '_RUNNER_CONVERTS = {"pooling": ["embed", "classify", "reward"]}  # AEON: the Spark\'s own\n\n'
            'AEON_REWARD_CONVERT = _RUNNER_CONVERTS["pooling"][2]\n',
            'AEON_REWARD_CONVERT = _RUNNER_CONVERTS["pooling"][2]',
        ),
    ),
    (
        "#37808 reshaped list index",
        "twin: a function-local table of the name shadowing the import",
        K(
            *RC,
            "vllm/aeon/r114rc3.py",
            RCI + "def aeon_convert() -> str:\n"
            "    # AEON: the Spark's converts, the imported table's name reused on purpose\n"
            '    _RUNNER_CONVERTS = {"pooling": ["embed", "classify", "reward"]}\n'
            '    return _RUNNER_CONVERTS["pooling"][2]\n',
            '    return _RUNNER_CONVERTS["pooling"][2]',
        ),
    ),
    (
        "#37808 reshaped list index",
        "twin: the fork puts the string back",
        K(
            *RC,
            "vllm/aeon/r114rc4.py",
            RCI + 'if "reward" not in _RUNNER_CONVERTS["pooling"]:\n'
            '    _RUNNER_CONVERTS["pooling"].append("reward")  # AEON: the Spark keeps its reward head\n'
            'AEON_REWARD_CONVERT = _RUNNER_CONVERTS["pooling"][2]\n',
            'AEON_REWARD_CONVERT = _RUNNER_CONVERTS["pooling"][2]',
        ),
    ),
    (
        "#37808 reshaped list index",
        "twin: a length guard",
        K(
            *RC,
            "vllm/aeon/r114rc5.py",
            RCI + "AEON_REWARD_CONVERT = (\n"
            '    _RUNNER_CONVERTS["pooling"][2] if len(_RUNNER_CONVERTS["pooling"]) > 2 else None\n'
            ")\n",
            '_RUNNER_CONVERTS["pooling"][2] if len(_RUNNER_CONVERTS["pooling"]) > 2 else None',
        ),
    ),
]

# --- 947138b6c2 (#40177): KV_CACHE_QUANT_ALGOS gains "NVFP4"
KA = ("#40177", "947138b6c2", 'modelopt.KV_CACHE_QUANT_ALGOS ["FP8"] -> ["FP8", "NVFP4"]')
TWINS += [
    (
        "#40177 reshaped list index",
        "twin: the first algorithm (kept)",
        K(
            *KA,
            "vllm/aeon/r114ka1.py",
            "from vllm.model_executor.layers.quantization import modelopt\n\n"
            "AEON_KV_ALGO = modelopt.KV_CACHE_QUANT_ALGOS[0]\n",
            "AEON_KV_ALGO = modelopt.KV_CACHE_QUANT_ALGOS[0]",
        ),
    ),
]

# --- a3e2e250f0 (#34614): SUPPORTED_SCHEMES gains "az://"
SS = ("#34614", "a3e2e250f0", 'runai_utils.SUPPORTED_SCHEMES gains "az://"')
TWINS += [
    (
        "#34614 reshaped list index",
        "twin: a kept position (gs://)",
        K(
            *SS,
            "vllm/aeon/r114ss1.py",
            "from vllm.transformers_utils.runai_utils import SUPPORTED_SCHEMES\n\nAEON_GCS = SUPPORTED_SCHEMES[1]\n",
            "AEON_GCS = SUPPORTED_SCHEMES[1]",
        ),
    ),
]

# --- a8d2e326ec (#27610): get_config warns where it raised ValueError on a config without architectures
NA = ("#27610", "a8d2e326ec", "get_config no longer raises ValueError for a config without architectures")
GC = "import logging\n\nfrom vllm.transformers_utils.config import get_config\n\nlogger = logging.getLogger(__name__)\n\n\n"
CASES += [
    (
        "#27610 dropped raise",
        "an except ValueError fallback around get_config",
        K(
            *NA,
            "vllm/aeon/r114na0.py",
            GC + "def aeon_draft_config(model: str):\n"
            "    try:\n"
            "        return get_config(model, trust_remote_code=False)\n"
            "    except ValueError:\n"
            '        return get_config(model, trust_remote_code=False, hf_overrides_kw={"architectures": ["AeonDraft"]})\n',
            "except ValueError:",
        ),
    ),
]
TWINS += [
    (
        "#27610 dropped raise",
        "twin: a handler that logs and re-raises",
        K(
            *NA,
            "vllm/aeon/r114na1.py",
            GC + "def aeon_config(model: str):\n"
            "    try:\n"
            "        return get_config(model, trust_remote_code=False)\n"
            "    except ValueError:\n"
            '        logger.error("AEON: %s has no usable config", model)\n'
            "        raise\n",
            "except ValueError:",
        ),
    ),
    (
        "#27610 dropped raise",
        "twin: a handler of a tuple of kinds turning them into one",
        K(
            *NA,
            "vllm/aeon/r114na2.py",
            GC + "class AeonConfigError(RuntimeError):\n    pass\n\n\n"
            "def aeon_config(model: str):\n"
            "    try:\n"
            "        return get_config(model, trust_remote_code=False)\n"
            "    except (ValueError, OSError) as e:\n"
            "        raise AeonConfigError(model) from e\n",
            "except (ValueError, OSError) as e:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review114-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
