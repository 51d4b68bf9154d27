"""Adversarial twins of the killers131 widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- dropped choice lists (``drift/dropped_table_keys.py``: a string gone from ``QuantizationMethods``, which
  ``get_quantization_config`` tests through ``QUANTIZATION_METHODS``; #32681 ``"hqq"``, #23204 ``"qqq"``,
  #32679 ``"deepspeedfp"``, #43841 ``"cpu_awq"``): the method registered back by the fork
  (under a module constant, by keyword, in a loop), the key's constant guarded by a membership test or
  rebound when the list lacks it, a literal guarded by a membership test, a ``contextlib.suppress``, the
  fork's own getter namesake, a getter off another receiver, a test's parametrized name, a test expecting
  the refusal, the list extended by a fork plugin; and #17986's dict table (``"gelu_and_mul"``) with its key
  spelt as a module constant the fork stores back;
- the returned literal under removed comment lines (``drift/constants.py``: #34664
  ``ModelOptMxFp8Config.get_min_capability()`` 100 -> 80, #29732 ``CompressedTensorsWNA16``'s 80 -> 75,
  #45375 ``ModelOptMixedPrecisionConfig``'s 80 -> 75): a comment naming a sibling class whose value stayed,
  the fork's own override returning its own floor with a comment naming the parent's method, the method
  called on the line itself beside the fork's own floor, a read off the abstract base;
- symbol drift's string paths: an import probe's string (``find_spec``) is never imported;
- the stub given a body (``drift/raised_kinds.py``, #45544 ``QuantizeMethodBase.tie_weights``; warnings only):
  an ``except NotImplementedError`` round a fork subclass's own override that still raises it.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Main's engine (95ad7fd5), round 1 (7 cases, 27 twins): 7 caught of 7; 6 false errors of 27: a dropped
choice the fork registers back through the module's registrar under a module constant (#32681), by keyword
(#32681) or in a loop over its own names (#32681); the key's module constant guarded by ``if CONST in
QUANTIZATION_METHODS:`` (#32681); the key's module constant rebound at module level, under an ``if`` of the
list (#32681) or of the dict table (#17986).  1 twin warned (the version-gated lookup, #32681).
Round 2 (``drift/dropped_table_keys.py``: the key handed to a registrar by keyword or through a name a fork line
binds to it, the constant held by an ``in`` test, a constant bound again anywhere at module level; a registrar
handed an unbound name warns): 7 caught of 7; 0 false errors of 27 (2 warned: the loop's registration, the
version-gated lookup).
Round 3 (5 twins, 1 case more, #32681): on round 2's engine 2 false errors of 5 -- the list bound again off
the module with the name added (``quant.QUANTIZATION_METHODS = [*..., 'hqq']``), the lookup under ``if
find_spec('...quantization.hqq_marlin') is not None:`` (and symbol drift's error on the probe's own line, the
gone module read as a path the fork imports).  Mended: a rebinding or patch of the collection spelling the key
puts it back; a lookup under a probe of upstream's package (``find_spec``, ``hasattr`` of a name imported from
it) is quiet, a probe of another package (``find_spec('hqq.core')``, a case) is not; symbol drift reads no
import probe's string.
Round 4 (the returned literal's other readers, #12040 a2d2acb4c8 ``BlocksparseFlashAttentionBackend.get_name()``
"FLASH_ATTN" -> "BLOCK_SPARSE_FLASH_ATTN", a case and 3 twins; a Turing-only range spelling the new floor, a
fork table keyed by both floors; #17986's constant under an ``in`` guard and set again through ``global``):
0 false errors of 7 on round 3's engine, nothing to mend.
This branch: 9 caught of 9; 0 false errors of 39 twins (3 warned: the loop's registration, the helper handing
the registrar its parameter, the version-gated lookup), no error anywhere in a twin's file.  Regression set at
the mends' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false
errors (40, 30, 23 twins), blind_replay_quantext 17 caught, 1 warned, 1 missed of 19 (13 quiet; as recorded),
blind_replay_quant 27/27, blind_replay_layerutils 30 caught, 1 warned, 1 missed of 32 (as recorded),
blind_replay_awqgptq 27 caught, 1 warned of 28, blind_replay_ctquant 15 caught, 1 warned of 16,
blind_replay_compile 12/12 (all twins quiet), ``symbol_precision.py --windows 1``: 0 false errors (5 broken
overrides, 4 caught).

  PYTHONPATH=.. python review32_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

Q = "vllm.model_executor.layers.quantization"
GQC = f"from {Q} import get_quantization_config\n\n\n"
REGQ = (
    "from vllm.model_executor.layers.quantization import get_quantization_config, register_quantization_config\n"
    "from vllm.model_executor.layers.quantization.awq import AWQConfig\n\n\n"
)

# --- 85f55c943c (#32681): "hqq" out of QuantizationMethods (QUANTIZATION_METHODS, get_quantization_config)
HQ = ("#32681", "85f55c943c", "hqq removed from QUANTIZATION_METHODS and get_quantization_config")
CASES += [
    (
        "#32681 choice dropped",
        "a lookup by literal in a fork helper",
        K(
            *HQ,
            "vllm/aeon/r32hq0.py",
            GQC + "def aeon_small_model_config(hf_quant_cfg: dict):\n"
            "    cls = get_quantization_config('hqq')  # AEON: HQQ checkpoints of the draft models\n"
            "    return cls.from_config(hf_quant_cfg)\n",
            "    cls = get_quantization_config('hqq')  # AEON: HQQ checkpoints of the draft models",
        ),
    ),
]
TWINS += [
    (
        "#32681 choice dropped",
        "twin: the fork registers its own config under a module constant, then looks it up by the constant",
        K(
            *HQ,
            "vllm/aeon/r32hq1.py",
            REGQ + 'AEON_HQQ = "hqq"\n\n\n'
            "@register_quantization_config(AEON_HQQ)\n"
            "class AeonHQQConfig(AWQConfig):\n"
            "    pass\n\n\n"
            "def aeon_hqq(hf_quant_cfg: dict):\n"
            "    return get_quantization_config(AEON_HQQ).from_config(hf_quant_cfg)\n",
            'AEON_HQQ = "hqq"',
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: the fork registers the name by keyword, then looks it up",
        K(
            *HQ,
            "vllm/aeon/r32hq2.py",
            REGQ + "@register_quantization_config(quantization='hqq')  # AEON: HQQ lives on in the fork\n"
            "class AeonHQQConfig(AWQConfig):\n"
            "    pass\n\n\n"
            "def aeon_hqq(hf_quant_cfg: dict):\n"
            "    return get_quantization_config('hqq').from_config(hf_quant_cfg)\n",
            "    return get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: the fork registers the name in a loop over its own names, then looks it up",
        K(
            *HQ,
            "vllm/aeon/r32hq3.py",
            REGQ + "class AeonHQQConfig(AWQConfig):\n"
            "    pass\n\n\n"
            "for _name in ('hqq', 'aeon_hqq'):\n"
            "    register_quantization_config(_name)(AeonHQQConfig)\n\n\n"
            "def aeon_hqq(hf_quant_cfg: dict):\n"
            "    return get_quantization_config('hqq').from_config(hf_quant_cfg)\n",
            "    return get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: the key's module constant looked up only where the list holds it",
        K(
            *HQ,
            "vllm/aeon/r32hq4.py",
            f"from {Q} import QUANTIZATION_METHODS, get_quantization_config\n\n"
            'AEON_DRAFT_METHOD = "hqq"\n\n\n'
            "def aeon_draft_config(hf_quant_cfg: dict):\n"
            "    if AEON_DRAFT_METHOD in QUANTIZATION_METHODS:\n"
            "        return get_quantization_config(AEON_DRAFT_METHOD).from_config(hf_quant_cfg)\n"
            "    return None  # AEON: newer upstreams dropped HQQ; serve the draft unquantized\n",
            'AEON_DRAFT_METHOD = "hqq"',
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: the key's module constant rebound at module level when the list lacks it",
        K(
            *HQ,
            "vllm/aeon/r32hq5.py",
            f"from {Q} import QUANTIZATION_METHODS, get_quantization_config\n\n"
            'AEON_DRAFT_METHOD = "hqq"\n'
            "if AEON_DRAFT_METHOD not in QUANTIZATION_METHODS:  # AEON: upstream dropped HQQ\n"
            '    AEON_DRAFT_METHOD = "awq_marlin"\n\n\n'
            "def aeon_draft_config(hf_quant_cfg: dict):\n"
            "    return get_quantization_config(AEON_DRAFT_METHOD).from_config(hf_quant_cfg)\n",
            'AEON_DRAFT_METHOD = "hqq"',
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: a literal looked up only where the list holds it",
        K(
            *HQ,
            "vllm/aeon/r32hq6.py",
            f"from {Q} import QUANTIZATION_METHODS, get_quantization_config\n\n\n"
            "def aeon_draft_config(hf_quant_cfg: dict):\n"
            '    if "hqq" in QUANTIZATION_METHODS:\n'
            '        return get_quantization_config("hqq").from_config(hf_quant_cfg)\n'
            "    return None\n",
            '        return get_quantization_config("hqq").from_config(hf_quant_cfg)',
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: the lookup under contextlib.suppress(ValueError)",
        K(
            *HQ,
            "vllm/aeon/r32hq7.py",
            "import contextlib\n\n" + GQC + "def aeon_draft_config(hf_quant_cfg: dict):\n"
            "    with contextlib.suppress(ValueError):  # AEON: releases without HQQ serve the draft unquantized\n"
            "        return get_quantization_config('hqq').from_config(hf_quant_cfg)\n"
            "    return None\n",
            "        return get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: the fork's own getter namesake",
        K(
            *HQ,
            "vllm/aeon/r32hq8.py",
            f"from {Q} import get_quantization_config as upstream_config\n\n\n"
            "def get_quantization_config(name: str):\n"
            "    if name == 'hqq':  # AEON: the fork keeps its HQQ loader\n"
            "        from vllm.aeon.hqq import AeonHQQConfig\n\n"
            "        return AeonHQQConfig\n"
            "    return upstream_config(name)\n\n\n"
            "def aeon_draft_config(hf_quant_cfg: dict):\n"
            "    return get_quantization_config('hqq').from_config(hf_quant_cfg)\n",
            "    return get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: a getter of the name off the fork's own registry object",
        K(
            *HQ,
            "vllm/aeon/r32hq9.py",
            "class AeonQuantRegistry:\n"
            "    def __init__(self) -> None:\n"
            "        self._configs: dict[str, type] = {}\n\n"
            "    def get_quantization_config(self, name: str) -> type:\n"
            "        return self._configs[name]\n\n\n"
            "AEON_REGISTRY = AeonQuantRegistry()\n\n\n"
            "def aeon_draft_config() -> type:\n"
            "    return AEON_REGISTRY.get_quantization_config('hqq')\n",
            "    return AEON_REGISTRY.get_quantization_config('hqq')",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: a test parametrized over names, skipping those the list lacks",
        K(
            *HQ,
            "tests/aeon/test_r32hq10.py",
            "import pytest\n\n"
            f"from {Q} import QUANTIZATION_METHODS, get_quantization_config\n\n\n"
            "@pytest.mark.parametrize('method', ['awq', 'hqq'])\n"
            "def test_aeon_methods_load(method: str) -> None:\n"
            "    if method not in QUANTIZATION_METHODS:\n"
            "        pytest.skip(f'{method} left upstream')\n"
            "    assert get_quantization_config(method).get_name() == method\n",
            "    assert get_quantization_config(method).get_name() == method",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: a unittest expecting the refusal",
        K(
            *HQ,
            "tests/aeon/test_r32hq11.py",
            "import unittest\n\n" + GQC + "class AeonRegistryTest(unittest.TestCase):\n"
            "    def test_hqq_gone(self) -> None:\n"
            "        with self.assertRaises(ValueError):\n"
            "            get_quantization_config('hqq')\n",
            "            get_quantization_config('hqq')",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: a fork plugin puts the name back on the list off the module, then looks it up",
        K(
            *HQ,
            "vllm/aeon/r32hq12.py",
            "from vllm.model_executor.layers import quantization as quant\n\n\n"
            "def aeon_register_plugins() -> None:\n"
            "    if 'hqq' not in quant.QUANTIZATION_METHODS:\n"
            "        quant.QUANTIZATION_METHODS.append('hqq')  # AEON: the fork's HQQ loader\n\n\n"
            "def aeon_draft_config(hf_quant_cfg: dict):\n"
            "    aeon_register_plugins()\n"
            "    return quant.get_quantization_config('hqq').from_config(hf_quant_cfg)\n",
            "    return quant.get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
]

TWINS += [
    (
        "#32681 choice dropped",
        "twin: the lookup on the fork's path for releases before the drop, by upstream's version",
        K(
            *HQ,
            "vllm/aeon/r32hq13.py",
            "from packaging.version import Version\n\n"
            "from vllm import __version__\n"
            f"from {Q} import get_quantization_config\n\n\n"
            "def aeon_draft_config(hf_quant_cfg: dict):\n"
            "    if Version(__version__) < Version('0.14.0'):\n"
            "        return get_quantization_config('hqq').from_config(hf_quant_cfg)\n"
            "    return None\n",
            "        return get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
]

# --- 0cdbf5e61c (#23204): "marlin" and "qqq" out of QuantizationMethods
QQ = ("#23204", "0cdbf5e61c", "marlin and qqq removed from QUANTIZATION_METHODS and get_quantization_config")
CASES += [
    (
        "#23204 choice dropped",
        "the key as a keyword argument",
        K(
            *QQ,
            "vllm/aeon/r32qq0.py",
            GQC + "def aeon_w4a8_config(hf_quant_cfg: dict):\n"
            "    return get_quantization_config(quantization='qqq').from_config(hf_quant_cfg)\n",
            "    return get_quantization_config(quantization='qqq').from_config(hf_quant_cfg)",
        ),
    ),
]
TWINS += [
    (
        "#23204 choice dropped",
        "twin: a name the fork picks itself by a test of the list",
        K(
            *QQ,
            "vllm/aeon/r32qq1.py",
            f"from {Q} import QUANTIZATION_METHODS, get_quantization_config\n\n\n"
            "def aeon_w4a8_config(hf_quant_cfg: dict):\n"
            "    name = 'qqq' if 'qqq' in QUANTIZATION_METHODS else 'gptq_marlin'\n"
            "    return get_quantization_config(name).from_config(hf_quant_cfg)\n",
            "    return get_quantization_config(name).from_config(hf_quant_cfg)",
        ),
    ),
]

# --- cea3c754c4 (#32679): "deepspeedfp" out of QuantizationMethods
DS = ("#32679", "cea3c754c4", "deepspeedfp removed from QUANTIZATION_METHODS and get_quantization_config")
CASES += [
    (
        "#32679 choice dropped",
        "a lookup by a module constant",
        K(
            *DS,
            "vllm/aeon/r32ds0.py",
            GQC + 'AEON_FP8_FALLBACK = "deepspeedfp"\n\n\n'
            "def aeon_fp8_fallback(hf_quant_cfg: dict):\n"
            "    return get_quantization_config(AEON_FP8_FALLBACK).from_config(hf_quant_cfg)\n",
            'AEON_FP8_FALLBACK = "deepspeedfp"',
        ),
    ),
]
TWINS += [
    (
        "#32679 choice dropped",
        "twin: the fork's registrar of its own config, called with the name, before the lookup",
        K(
            *DS,
            "vllm/aeon/r32ds1.py",
            REGQ + "class AeonDeepSpeedFpConfig(AWQConfig):\n"
            "    pass\n\n\n"
            "def aeon_register(name: str, cls: type) -> None:\n"
            "    register_quantization_config(name)(cls)\n\n\n"
            "aeon_register('deepspeedfp', AeonDeepSpeedFpConfig)\n\n\n"
            "def aeon_fp8_fallback(hf_quant_cfg: dict):\n"
            "    return get_quantization_config('deepspeedfp').from_config(hf_quant_cfg)\n",
            "    return get_quantization_config('deepspeedfp').from_config(hf_quant_cfg)",
        ),
    ),
]

# --- 20d69d100a (#43841): "cpu_awq" out of QuantizationMethods (migrated into awq_marlin)
CA = ("#43841", "20d69d100a", "cpu_awq removed from QUANTIZATION_METHODS (migrated into awq_marlin)")
CASES += [
    (
        "#43841 choice dropped",
        "a lookup by literal",
        K(
            *CA,
            "vllm/aeon/r32ca0.py",
            GQC + "def aeon_cpu_awq():\n"
            "    return get_quantization_config('cpu_awq')  # AEON: the Spark's CPU fallback\n",
            "    return get_quantization_config('cpu_awq')  # AEON: the Spark's CPU fallback",
        ),
    ),
]
TWINS += [
    (
        "#43841 choice dropped",
        "twin: the constant names a method the list keeps; the dropped one is only in a log line",
        K(
            *CA,
            "vllm/aeon/r32ca1.py",
            "import logging\n\n" + GQC + "logger = logging.getLogger(__name__)\n"
            'AEON_CPU_METHOD = "awq_marlin"\n\n\n'
            "def aeon_cpu_awq():\n"
            "    logger.info('%s replaces %s', AEON_CPU_METHOD, 'cpu_awq')\n"
            "    return get_quantization_config(AEON_CPU_METHOD)\n",
            "    return get_quantization_config(AEON_CPU_METHOD)",
        ),
    ),
]

# --- 63ad622233 (#17986): activation._ACTIVATION_AND_MUL_REGISTRY's "gelu_and_mul" renamed "geglu"
GA = ("#17986", "63ad622233", "the gelu_and_mul entry of the act-and-mul registry renamed geglu")
ACT = "from vllm.model_executor.layers import activation\nfrom vllm.model_executor.layers.activation import GeluAndMul, get_act_and_mul_fn\n\n"
TWINS += [
    (
        "#17986 table key renamed",
        "twin: the key's module constant stored back into the table by the fork",
        K(
            *GA,
            "vllm/aeon/r32ga1.py",
            ACT + 'AEON_ACT = "gelu_and_mul"\n'
            "activation._ACTIVATION_AND_MUL_REGISTRY.update({AEON_ACT: lambda: GeluAndMul()})  # AEON: old name\n\n\n"
            "def aeon_act():\n"
            "    return get_act_and_mul_fn(AEON_ACT)\n",
            'AEON_ACT = "gelu_and_mul"',
        ),
    ),
    (
        "#17986 table key renamed",
        "twin: a module constant of the old key rebound when the table lacks it",
        K(
            *GA,
            "vllm/aeon/r32ga2.py",
            ACT + 'AEON_ACT = "gelu_and_mul"\n'
            "if AEON_ACT not in activation._ACTIVATION_AND_MUL_REGISTRY:  # AEON: renamed upstream\n"
            '    AEON_ACT = "geglu"\n\n\n'
            "def aeon_act():\n"
            "    return get_act_and_mul_fn(AEON_ACT)\n",
            'AEON_ACT = "gelu_and_mul"',
        ),
    ),
]

# --- db5d0719e1 (#34664): ModelOptMxFp8Config.get_min_capability() 100 -> 80 (the hunk opens on a comment)
MB = ("#34664", "db5d0719e1", "ModelOptMxFp8Config.get_min_capability() 100 -> 80")
MO = "from vllm.model_executor.layers.quantization.modelopt import ModelOptMxFp8Config, ModelOptNvFp4Config\n\n\n"
CASES += [
    (
        "#34664 returned literal changed",
        "the old floor compared with the call",
        K(
            *MB,
            "vllm/aeon/r32mb0.py",
            MO + "def aeon_blackwell_only() -> bool:\n    return ModelOptMxFp8Config.get_min_capability() == 100\n",
            "    return ModelOptMxFp8Config.get_min_capability() == 100",
        ),
    ),
]
TWINS += [
    (
        "#34664 returned literal changed",
        "twin: a comment naming a sibling class whose floor stayed",
        K(
            *MB,
            "vllm/aeon/r32mb1.py",
            MO + "def aeon_fp4_supported(capability: int) -> bool:\n"
            "    return capability >= 75  # ModelOptNvFp4Config.get_min_capability()\n",
            "    return capability >= 75  # ModelOptNvFp4Config.get_min_capability()",
        ),
    ),
    (
        "#34664 returned literal changed",
        "twin: the fork's override returns its own floor, its comment naming the parent's method",
        K(
            *MB,
            "vllm/aeon/r32mb2.py",
            MO + "class AeonMxFp8Config(ModelOptMxFp8Config):\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        # AEON: the fork's MXFP8 kernels need Blackwell, whatever\n"
            "        # ModelOptMxFp8Config.get_min_capability() allows\n"
            "        return 100\n",
            "        return 100",
        ),
    ),
    (
        "#34664 returned literal changed",
        "twin: the method called on the line, beside the fork's own floor",
        K(
            *MB,
            "vllm/aeon/r32mb3.py",
            MO + "def aeon_mxfp8_native(capability: int) -> bool:\n"
            "    # AEON: Blackwell for the fork's kernels, never below ModelOptMxFp8Config.get_min_capability()\n"
            "    return capability >= max(ModelOptMxFp8Config.get_min_capability(), 100)\n",
            "    return capability >= max(ModelOptMxFp8Config.get_min_capability(), 100)",
        ),
    ),
]

# --- e1464c3a08 (#29732): CompressedTensorsWNA16.get_min_capability() 80 -> 75 (comment and literal changed)
WN = ("#29732", "e1464c3a08", "CompressedTensorsWNA16.get_min_capability() 80 -> 75")
CT = (
    "from vllm.model_executor.layers.quantization.compressed_tensors.schemes import (\n"
    "    CompressedTensorsScheme,\n"
    "    CompressedTensorsW8A16Fp8,\n"
    "    CompressedTensorsWNA16,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#29732 returned literal changed",
        "a literal tied by its comment",
        K(
            *WN,
            "vllm/aeon/r32wn0.py",
            CT + "def aeon_wna16_runs(capability: int) -> bool:\n"
            "    return capability >= 80  # CompressedTensorsWNA16.get_min_capability()\n",
            "    return capability >= 80  # CompressedTensorsWNA16.get_min_capability()",
        ),
    ),
]
TWINS += [
    (
        "#29732 returned literal changed",
        "twin: a comment naming the sibling W8A16 scheme, whose floor stayed 80",
        K(
            *WN,
            "vllm/aeon/r32wn1.py",
            CT + "def aeon_w8a16_runs(capability: int) -> bool:\n"
            "    return capability >= 80  # CompressedTensorsW8A16Fp8.get_min_capability()\n",
            "    return capability >= 80  # CompressedTensorsW8A16Fp8.get_min_capability()",
        ),
    ),
    (
        "#29732 returned literal changed",
        "twin: the call off the abstract scheme, compared with the fork's own floor",
        K(
            *WN,
            "vllm/aeon/r32wn2.py",
            CT + "def aeon_scheme_runs(scheme: CompressedTensorsScheme, capability: int) -> bool:\n"
            "    return capability >= max(scheme.get_min_capability(), 80)  # AEON: Ampere for the fork's kernels\n",
            "    return capability >= max(scheme.get_min_capability(), 80)  # AEON: Ampere for the fork's kernels",
        ),
    ),
    (
        "#29732 returned literal changed",
        "twin: the fork's own scheme subclass keeps Ampere, and compares its own floor",
        K(
            *WN,
            "vllm/aeon/r32wn3.py",
            CT + "class AeonWNA16(CompressedTensorsWNA16):\n"
            "    @classmethod\n"
            "    def get_min_capability(cls) -> int:\n"
            "        return 80  # AEON: the fork's Marlin build is Ampere-only\n\n"
            "    def aeon_needs_ampere(self) -> bool:\n"
            "        return self.get_min_capability() == 80\n",
            "        return self.get_min_capability() == 80",
        ),
    ),
]

# --- 56e5797511 (#45375): ModelOptMixedPrecisionConfig.get_min_capability() 80 -> 75 (six comment lines out)
MX = ("#45375", "56e5797511", "ModelOptMixedPrecisionConfig.get_min_capability() 80 -> 75")
MXO = "from vllm.model_executor.layers.quantization.modelopt import ModelOptMixedPrecisionConfig, ModelOptMxFp8Config\n\n\n"
CASES += [
    (
        "#45375 returned literal changed",
        "a copy of the floor tied by a comment line above",
        K(
            *MX,
            "vllm/aeon/r32mx0.py",
            MXO + "# AEON: must match ModelOptMixedPrecisionConfig.get_min_capability()\nAEON_MIXED_FLOOR = 80\n",
            "AEON_MIXED_FLOOR = 80",
        ),
    ),
]
TWINS += [
    (
        "#45375 returned literal changed",
        "twin: a comment naming MXFP8's config, whose floor stayed 80",
        K(
            *MX,
            "vllm/aeon/r32mx1.py",
            MXO + "def aeon_mxfp8_runs(capability: int) -> bool:\n"
            "    return capability >= 80  # ModelOptMxFp8Config.get_min_capability()\n",
            "    return capability >= 80  # ModelOptMxFp8Config.get_min_capability()",
        ),
    ),
    (
        "#45375 returned literal changed",
        "twin: the fork's own floor, above the method's, computed from it",
        K(
            *MX,
            "vllm/aeon/r32mx2.py",
            MXO + "AEON_MIXED_FLOOR = max(ModelOptMixedPrecisionConfig.get_min_capability(), 80)\n\n\n"
            "def aeon_mixed_runs(capability: int) -> bool:\n"
            "    return capability >= AEON_MIXED_FLOOR\n",
            "AEON_MIXED_FLOOR = max(ModelOptMixedPrecisionConfig.get_min_capability(), 80)",
        ),
    ),
]

# --- ad28d605e6 (#45544): QuantizeMethodBase.tie_weights no longer raises NotImplementedError (warnings only)
TW = ("#45544", "ad28d605e6", "QuantizeMethodBase.tie_weights shares the weight instead of raising")
QMB = "import torch\n\nfrom vllm.model_executor.layers.quantization.base_config import QuantizeMethodBase\n\n\n"
TWINS += [
    (
        "#45544 stub given a body",
        "twin: the except round the fork's own override, which still raises",
        K(
            *TW,
            "vllm/aeon/r32tw1.py",
            QMB + "class AeonPackedMethod(QuantizeMethodBase):\n"
            "    def tie_weights(self, layer: torch.nn.Module, embed_tokens: torch.nn.Module) -> torch.nn.Module:\n"
            "        raise NotImplementedError('packed weights cannot be shared')\n\n\n"
            "def aeon_tie(method: AeonPackedMethod, lm_head: torch.nn.Module, embed: torch.nn.Module):\n"
            "    try:\n"
            "        return method.tie_weights(lm_head, embed)\n"
            "    except NotImplementedError:\n"
            "        return lm_head\n",
            "    except NotImplementedError:",
        ),
    ),
]


# --- round 3: more of the fork's own ways round #32681's dropped "hqq"
TWINS += [
    (
        "#32681 choice dropped",
        "twin: a fork test patching the list with monkeypatch before the lookup",
        K(
            *HQ,
            "tests/aeon/test_r32hq14.py",
            "import pytest\n\n"
            "from vllm.model_executor.layers import quantization as quant\n\n\n"
            "def test_aeon_hqq_plugin(monkeypatch: pytest.MonkeyPatch) -> None:\n"
            "    monkeypatch.setattr(quant, 'QUANTIZATION_METHODS', [*quant.QUANTIZATION_METHODS, 'hqq'])\n"
            "    with pytest.raises(KeyError):  # AEON: listed, but no config registered for it\n"
            "        quant.get_quantization_config('hqq')\n",
            "        quant.get_quantization_config('hqq')",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: the list rebound off the module with the name added, then the lookup",
        K(
            *HQ,
            "vllm/aeon/r32hq15.py",
            "from vllm.model_executor.layers import quantization as quant\n\n"
            "quant.QUANTIZATION_METHODS = [*quant.QUANTIZATION_METHODS, 'hqq']  # AEON: the fork's HQQ loader\n\n\n"
            "def aeon_draft_config(hf_quant_cfg: dict):\n"
            "    return quant.get_quantization_config('hqq').from_config(hf_quant_cfg)\n",
            "    return quant.get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: the lookup only where the removed module is still found",
        K(
            *HQ,
            "vllm/aeon/r32hq16.py",
            "from importlib.util import find_spec\n\n" + GQC + "def aeon_draft_config(hf_quant_cfg: dict):\n"
            "    if find_spec('vllm.model_executor.layers.quantization.hqq_marlin') is not None:\n"
            "        return get_quantization_config('hqq').from_config(hf_quant_cfg)\n"
            "    return None\n",
            "        return get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: the fork's helper registers its config with the name second",
        K(
            *HQ,
            "vllm/aeon/r32hq17.py",
            REGQ + "class AeonHQQConfig(AWQConfig):\n"
            "    pass\n\n\n"
            "def aeon_register(cls: type, name: str) -> type:\n"
            "    return register_quantization_config(name)(cls)\n\n\n"
            "aeon_register(AeonHQQConfig, 'hqq')\n\n\n"
            "def aeon_hqq(hf_quant_cfg: dict):\n"
            "    return get_quantization_config('hqq').from_config(hf_quant_cfg)\n",
            "    return get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
    (
        "#32681 choice dropped",
        "twin: a function-local of the constant's name handed to the getter",
        K(
            *HQ,
            "vllm/aeon/r32hq18.py",
            GQC + 'AEON_METHOD = "hqq"  # AEON: the name older checkpoints carry\n\n\n'
            "def aeon_draft_config(hf_quant_cfg: dict):\n"
            '    AEON_METHOD = hf_quant_cfg.get("quant_method", "awq")\n'
            "    return get_quantization_config(AEON_METHOD).from_config(hf_quant_cfg)\n",
            'AEON_METHOD = "hqq"  # AEON: the name older checkpoints carry',
        ),
    ),
]

CASES += [
    (
        "#32681 choice dropped",
        "a lookup under a probe of the third-party library, not of upstream",
        K(
            *HQ,
            "vllm/aeon/r32hq19.py",
            "from importlib.util import find_spec\n\n" + GQC + "def aeon_draft_config(hf_quant_cfg: dict):\n"
            "    if find_spec('hqq.core') is not None:  # AEON: the HQQ kernels are installed\n"
            "        return get_quantization_config('hqq').from_config(hf_quant_cfg)\n"
            "    return None\n",
            "        return get_quantization_config('hqq').from_config(hf_quant_cfg)",
        ),
    ),
]


# --- round 4: the returned literal's other readers
# a2d2acb4c8 (#12040): BlocksparseFlashAttentionBackend.get_name() "FLASH_ATTN" -> "BLOCK_SPARSE_FLASH_ATTN"
BN = ("#12040", "a2d2acb4c8", 'BlocksparseFlashAttentionBackend.get_name() "FLASH_ATTN" -> "BLOCK_SPARSE_FLASH_ATTN"')
BSA = (
    "from vllm.attention.backends.abstract import AttentionBackend\n"
    "from vllm.attention.backends.blocksparse_attn import BlocksparseFlashAttentionBackend\n"
    "from vllm.attention.backends.flash_attn import FlashAttentionBackend\n\n\n"
)
CASES += [
    (
        "#12040 returned literal changed",
        "the old name compared with the call",
        K(
            *BN,
            "vllm/aeon/r32bn0.py",
            BSA + "def aeon_is_flash() -> bool:\n"
            '    return BlocksparseFlashAttentionBackend.get_name() == "FLASH_ATTN"\n',
            '    return BlocksparseFlashAttentionBackend.get_name() == "FLASH_ATTN"',
        ),
    ),
]
TWINS += [
    (
        "#12040 returned literal changed",
        "twin: the sibling backend's name, which stayed",
        K(
            *BN,
            "vllm/aeon/r32bn1.py",
            BSA + 'def aeon_is_flash() -> bool:\n    return FlashAttentionBackend.get_name() == "FLASH_ATTN"\n',
            '    return FlashAttentionBackend.get_name() == "FLASH_ATTN"',
        ),
    ),
    (
        "#12040 returned literal changed",
        "twin: the name off a receiver typed as the abstract backend",
        K(
            *BN,
            "vllm/aeon/r32bn2.py",
            BSA + "def aeon_is_flash(backend: type[AttentionBackend]) -> bool:\n"
            '    return backend.get_name() == "FLASH_ATTN"\n',
            '    return backend.get_name() == "FLASH_ATTN"',
        ),
    ),
    (
        "#12040 returned literal changed",
        "twin: the fork's table of both names",
        K(
            *BN,
            "vllm/aeon/r32bn3.py",
            BSA + "AEON_SPARSE = {\n"
            '    "FLASH_ATTN": True,  # BlocksparseFlashAttentionBackend.get_name() before #12040\n'
            '    "BLOCK_SPARSE_FLASH_ATTN": True,\n'
            "}\n\n\n"
            "def aeon_is_sparse() -> bool:\n"
            "    return AEON_SPARSE.get(BlocksparseFlashAttentionBackend.get_name(), False)\n",
            '    "FLASH_ATTN": True,  # BlocksparseFlashAttentionBackend.get_name() before #12040',
        ),
    ),
]
TWINS += [
    (
        "#29732 returned literal changed",
        "twin: a Turing-only range that spells the new floor beside the old",
        K(
            *WN,
            "vllm/aeon/r32wn4.py",
            CT + "def aeon_turing_only(capability: int) -> bool:\n"
            "    return 75 <= capability < 80  # CompressedTensorsWNA16.get_min_capability() on Turing\n",
            "    return 75 <= capability < 80  # CompressedTensorsWNA16.get_min_capability() on Turing",
        ),
    ),
    (
        "#34664 returned literal changed",
        "twin: the fork's kernel table keyed by both floors, looked up with the call",
        K(
            *MB,
            "vllm/aeon/r32mb4.py",
            MO + "AEON_MXFP8_KERNEL = {100: 'cutlass', 80: 'marlin'}\n\n\n"
            "def aeon_mxfp8_kernel() -> str:\n"
            "    return AEON_MXFP8_KERNEL[ModelOptMxFp8Config.get_min_capability()]\n",
            "AEON_MXFP8_KERNEL = {100: 'cutlass', 80: 'marlin'}",
        ),
    ),
]

TWINS += [
    (
        "#17986 table key renamed",
        "twin: the old key's constant looked up only where the table holds it",
        K(
            *GA,
            "vllm/aeon/r32ga3.py",
            ACT + 'AEON_ACT = "gelu_and_mul"\n\n\n'
            "def aeon_act():\n"
            "    if AEON_ACT in activation._ACTIVATION_AND_MUL_REGISTRY:\n"
            "        return get_act_and_mul_fn(AEON_ACT)\n"
            '    return get_act_and_mul_fn("geglu")  # AEON: renamed upstream\n',
            'AEON_ACT = "gelu_and_mul"',
        ),
    ),
    (
        "#17986 table key renamed",
        "twin: the old key's constant set again by the fork's configure step",
        K(
            *GA,
            "vllm/aeon/r32ga4.py",
            ACT + 'AEON_ACT = "gelu_and_mul"\n\n\n'
            "def aeon_configure() -> None:\n"
            "    global AEON_ACT\n"
            "    if AEON_ACT not in activation._ACTIVATION_AND_MUL_REGISTRY:\n"
            '        AEON_ACT = "geglu"\n\n\n'
            "def aeon_act():\n"
            "    aeon_configure()\n"
            "    return get_act_and_mul_fn(AEON_ACT)\n",
            'AEON_ACT = "gelu_and_mul"',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review32-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
