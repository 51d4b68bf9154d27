"""A blind replay of the Marlin helpers and the FP4/NVFP4 weight-only fallback a Spark fork calls, patches and tests.

9 first-parent commits on ``vllm/model_executor/layers/quantization/utils/marlin_utils.py``,
``marlin_utils_fp4.py`` and ``nvfp4_moe_support.py`` -- the helpers a fork's NVFP4 linear and MoE methods
fall back to when no native sm_121a kernel serves them (``prepare_fp4_layer_for_marlin``,
``apply_fp4_marlin_linear``, the shape and type probes, the modules' constants): the supported-bits and
group-size tables renamed ``GPTQ_MARLIN_SUPPORTED_*`` -> ``MARLIN_SUPPORTED_*`` and ``check_marlin_supported``
dropped (#6612), ``MARLIN_SUPPORTED_NUM_BITS`` and the ``check_gptq_/check_awq_marlin_supported`` pair removed
for ``ScalarType`` queries (#6396), the ``min_capability`` keyword renamed ``device_capability`` (#7264),
``replace_tensor`` removed (#7701), ``nvfp4_marlin_process_global_scale`` and ``_nvfp4_compute_scale_factor``
given a second positional ``a_dtype`` their callers now pass (#33972), ``check_moe_marlin_supports_layer``
given ``allow_tile_padding`` its callers now pass by keyword (#45703), the negative-scales ``assert`` turned
into a warning (#18861), the group-size error's text reworded (#46236) and the W4A8-FP8 gate moved from
``is_device_capability(120)`` to ``is_device_capability_family(120)`` with its message reworded (#35568) --
picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits every other
replay uses.  Each is replayed under 1-2 fork spellings (a from-import of a renamed table, a module
attribute call, ``functools.partial`` and a keyword call with the old keyword, ``getattr`` with a literal,
a table of callables, a call of a removed helper, a module attribute replaced by a one-parameter function,
a ``monkeypatch.setattr`` with a one-parameter lambda, a replacement of a function a caller now hands a new
keyword, a ``pytest.raises`` and an ``except`` of a removed ``assert``, a ``pytest.raises(match=...)`` and an
``in str(e)`` of a reworded message, a ``mock.patch.object`` of a callee upstream no longer calls), with
twins (the new spelling, a guarded getattr, positional arguments, the fork's own helper, a replacement
taking the new parameter or ``**kwargs``, a message fragment both texts hold).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at f6e62e3f): 15 caught, 4 warned, 1 missed of 20 (twins: 10
quiet, 1 of them warned, 0 false errors) -- 19 spellings and 9 twins in the first run, #35568's
``monkeypatch.setattr`` statement and its still-read twin added after it and run blind on main too (warned by
raised_kinds' pinned-result warning; quiet).  Symbol drift caught #6612's, #6396's, #7264's and #7701's nine
(renamed and removed names, old keywords, a deferred from-import) and #33972's and #45703's four patches
(drift/patched_functions.py's callers-now-pass rule); message tests caught #46236's and #35568's ``in str(e)``.
Warned: #18861's ``pytest.raises`` and ``except`` of the removed ``assert`` (raised_kinds: nothing raised in its
place, a warning by design), #46236's ``pytest.raises(match=...)`` (raised_kinds' warning only: the message test
read no ``match=``), #35568's ``monkeypatch.setattr`` statement (the pinned-result warning).  Missed: #35568's
``mock.patch.object(current_platform, "is_device_capability", ...)`` around ``get_marlin_input_dtype()``, whose
SM120 question now goes to ``is_device_capability_family``.
After the killers230 widenings: 16 caught, 4 warned, 0 missed of 20 (twins: 10 quiet, 1 of them warned, 0 false
errors).  Caught now: #46236's ``pytest.raises(match="input_size_per_partition = 384 is not divisible by
group_size = 256")`` (``drift/message_tests.py``, widened: a ``pytest.raises(K, match=...)`` /
``assertRaisesRegex`` pattern read as its longest literal run is a test of the words, and words may span a
formatted value -- a value's text, at least half the words the message's own -- on both sides; a raise moved
into another module's helper the def now calls is read for kept words).  Warned now: #35568's
``mock.patch.object`` and ``monkeypatch.setattr`` doubles on ``is_device_capability``
(``drift/stale_doubles.py``, new: a fork double on a member the upstream function it steers reads fewer times,
and no more or with a new member off the same receiver in its place; a warning, as the test may still pass
where the new member answers alike).  Left: no miss; #18861's two stay warnings (raised_kinds: an ``assert``
taken out with nothing in its place may mean the case is accepted now, and a callee of another module may still
assert -- the engine cannot prove the test fails), and #35568's two doubles stay warnings by design.
Regression set: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet) and blind_replay_pstate2
(message tests' replay) 6 caught, 4 warned, 2 missed of 12 (10 quiet, 1 warned), rerun at the last change
(1216485b); and at de701bf1 the replays with doubles in their
spellings: blind_replay_pstate 21 caught, 1 warned of 22 (11 quiet, 1 warned), blind_replay_specdec2 24 caught,
1 warned of 25 (15 quiet), blind_replay_compcfg 13 caught, 5 warned of 18 (9 quiet), blind_replay_fiutils 10
caught, 6 warned, 2 missed of 18 (9 quiet, 1 warned): each as recorded, 0 false errors.  Unit tests:
test_message_tests 23 (10 before: +13), test_stale_doubles 11 (new); test_lazy_patterns + test_fleet_profile
pass.  Speed (drift_speed's windows, its CHECKS set to the two, 3 audits each, this machine shared):
message_test_drift 0.08 ms and stale_double_drift 0.05 ms at 150 commits, 0.09 ms and 0.04 ms at 500 (the
window's carry spells no double and tests no text: the gates stop both; audits 18.0 s and 32.2 s).

  python benchmarks/blind_replay_marlinfp4.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []

MU = "vllm.model_executor.layers.quantization.utils.marlin_utils"
MF = "vllm.model_executor.layers.quantization.utils.marlin_utils_fp4"
QU = "from vllm.model_executor.layers.quantization.utils import marlin_utils\n"
QF = "from vllm.model_executor.layers.quantization.utils import marlin_utils_fp4\n"

# --- #6612 (396d92d5e0): GPTQ_MARLIN_SUPPORTED_* renamed MARLIN_SUPPORTED_*, check_marlin_supported dropped
RN = "396d92d5e0"
RNW = "GPTQ_MARLIN_SUPPORTED_GROUP_SIZES -> MARLIN_SUPPORTED_GROUP_SIZES; check_marlin_supported removed"
CASES += [
    (
        "#6612 table renamed",
        "a from-import of the renamed group-size table",
        K(
            "#6612",
            RN,
            RNW,
            "vllm/aeon/rn1.py",
            f"from {MU} import GPTQ_MARLIN_SUPPORTED_GROUP_SIZES\n\n\n"
            "def aeon_marlin_group_ok(group_size: int) -> bool:\n"
            "    # AEON: the Spark's NVFP4 fallback reuses Marlin's group-size table\n"
            "    return group_size in GPTQ_MARLIN_SUPPORTED_GROUP_SIZES\n",
            f"from {MU} import GPTQ_MARLIN_SUPPORTED_GROUP_SIZES",
        ),
    ),
    (
        "#6612 function removed",
        "a module attribute call of the removed probe",
        K(
            "#6612",
            RN,
            RNW,
            "vllm/aeon/rn2.py",
            QU + "\n\n"
            "def aeon_can_use_marlin(num_bits: int, group_size: int) -> bool:\n"
            "    return marlin_utils.check_marlin_supported(num_bits, group_size, True, 80)\n",
            "return marlin_utils.check_marlin_supported(num_bits, group_size, True, 80)",
        ),
    ),
    (
        "#6612 function renamed",
        "a stored copy of the renamed apply function",
        K(
            "#6612",
            RN,
            RNW,
            "vllm/aeon/rn4.py",
            QU + "\n"
            "# AEON: the Spark's W4A16 path applies Marlin through one stored entry point\n"
            "aeon_apply_marlin = marlin_utils.apply_marlin_linear\n",
            "aeon_apply_marlin = marlin_utils.apply_marlin_linear",
        ),
    ),
    (
        "#6612 table renamed",
        "twin: a constant upstream keeps (the tile)",
        K(
            "#6612",
            RN,
            RNW,
            "vllm/aeon/rn3.py",
            QU + "\n\ndef aeon_tile_aligned(n: int) -> bool:\n    return n % marlin_utils.GPTQ_MARLIN_TILE == 0\n",
            "return n % marlin_utils.GPTQ_MARLIN_TILE == 0",
        ),
    ),
]

# --- #6396 (a8d604ca2a): MARLIN_SUPPORTED_NUM_BITS and check_gptq_/check_awq_marlin_supported removed
RM = "a8d604ca2a"
RMW = "MARLIN_SUPPORTED_NUM_BITS, check_gptq_marlin_supported, check_awq_marlin_supported removed"
CASES += [
    (
        "#6396 constant removed",
        "getattr with a literal of the removed bits table",
        K(
            "#6396",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            QU + "\n\n"
            "def aeon_marlin_bits() -> list[int]:\n"
            '    return list(getattr(marlin_utils, "MARLIN_SUPPORTED_NUM_BITS"))\n',
            'return list(getattr(marlin_utils, "MARLIN_SUPPORTED_NUM_BITS"))',
        ),
    ),
    (
        "#6396 function removed",
        "a table of callables naming the removed probes",
        K(
            "#6396",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            QU + "\n"
            "_AEON_MARLIN_PROBES = {\n"
            '    "gptq": marlin_utils.check_gptq_marlin_supported,\n'
            '    "awq": marlin_utils.check_awq_marlin_supported,\n'
            "}\n",
            '"gptq": marlin_utils.check_gptq_marlin_supported,',
        ),
    ),
    (
        "#6396 constant removed",
        "twin: the group-size table upstream keeps",
        K(
            "#6396",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            QU + "\n\n"
            "def aeon_marlin_groups() -> list[int]:\n"
            "    return list(marlin_utils.MARLIN_SUPPORTED_GROUP_SIZES)\n",
            "return list(marlin_utils.MARLIN_SUPPORTED_GROUP_SIZES)",
        ),
    ),
]

# --- #7264 (311f743831): the min_capability keyword renamed device_capability
KW = "311f743831"
KWW = "query_marlin_supported_quant_types / check_marlin_supported: min_capability -> device_capability"
CASES += [
    (
        "#7264 keyword renamed",
        "a keyword call with the old keyword",
        K(
            "#7264",
            KW,
            KWW,
            "vllm/aeon/kw1.py",
            "from vllm.scalar_type import scalar_types\n"
            f"from {MU} import check_marlin_supported\n\n\n"
            "def aeon_marlin_ok_on_spark(group_size: int) -> bool:\n"
            "    return check_marlin_supported(scalar_types.uint4b8, group_size, min_capability=89)\n",
            "return check_marlin_supported(scalar_types.uint4b8, group_size, min_capability=89)",
        ),
    ),
    (
        "#7264 keyword renamed",
        "functools.partial with the old keyword",
        K(
            "#7264",
            KW,
            KWW,
            "vllm/aeon/kw2.py",
            "import functools\n\n"
            f"from {MU} import query_marlin_supported_quant_types\n\n"
            "aeon_spark_marlin_types = functools.partial(query_marlin_supported_quant_types, min_capability=90)\n",
            "aeon_spark_marlin_types = functools.partial(query_marlin_supported_quant_types, min_capability=90)",
        ),
    ),
    (
        "#7264 keyword renamed",
        "twin: the capability passed by position",
        K(
            "#7264",
            KW,
            KWW,
            "vllm/aeon/kw3.py",
            f"from {MU} import query_marlin_supported_quant_types\n\n\n"
            "def aeon_marlin_types(has_zp: bool):\n"
            "    return query_marlin_supported_quant_types(has_zp, 90)\n",
            "return query_marlin_supported_quant_types(has_zp, 90)",
        ),
    ),
]

# --- #7701 (86e9c8df29): replace_tensor removed from marlin_utils
RT = "86e9c8df29"
RTW = "marlin_utils.replace_tensor removed"
CASES += [
    (
        "#7701 helper removed",
        "a call of the removed helper through the module",
        K(
            "#7701",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            "import torch\n\n" + QU + "\n\n"
            "def aeon_swap_marlin_weight(layer: torch.nn.Module, marlin_qweight: torch.Tensor) -> None:\n"
            '    marlin_utils.replace_tensor(layer, "qweight", marlin_qweight)\n',
            'marlin_utils.replace_tensor(layer, "qweight", marlin_qweight)',
        ),
    ),
    (
        "#7701 helper removed",
        "a deferred from-import in a subclass's process_weights_after_loading",
        Killer(
            "#7701",
            RT,
            RTW,
            (
                Edit(
                    "vllm/aeon/rt3.py",
                    "import torch\n\n"
                    "from vllm.model_executor.layers.quantization.gptq_marlin import GPTQMarlinLinearMethod\n\n\n"
                    "class AeonGPTQMarlinLinearMethod(GPTQMarlinLinearMethod):\n"
                    "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
                    f"        from {MU} import replace_tensor\n\n"
                    "        super().process_weights_after_loading(layer)\n"
                    '        replace_tensor(layer, "scales", layer.scales.contiguous())\n',
                ),
            ),
            (("vllm/aeon/rt3.py", f"from {MU} import replace_tensor"),),
        ),
    ),
    (
        "#7701 helper removed",
        "twin: the fork's own helper of the same shape",
        K(
            "#7701",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            "import torch\n\n\n"
            "def aeon_replace_tensor(layer: torch.nn.Module, name: str, new_t: torch.Tensor) -> None:\n"
            "    getattr(layer, name).resize_(new_t.shape)\n"
            "    getattr(layer, name).copy_(new_t)\n\n\n"
            "def aeon_swap_marlin_weight2(layer: torch.nn.Module, marlin_qweight: torch.Tensor) -> None:\n"
            '    aeon_replace_tensor(layer, "qweight", marlin_qweight)\n',
            'aeon_replace_tensor(layer, "qweight", marlin_qweight)',
        ),
    ),
]

# --- #33972 (148a5c1226): nvfp4_marlin_process_global_scale / _nvfp4_compute_scale_factor take a_dtype
GS = "148a5c1226"
GSW = "prepare_*_for_marlin now call nvfp4_marlin_process_global_scale(g, param_dtype), _nvfp4_compute_scale_factor(s, dtype)"
CASES += [
    (
        "#33972 callers pass a new positional argument",
        "a module attribute replaced by a one-parameter function",
        K(
            "#33972",
            GS,
            GSW,
            "vllm/aeon/gs1.py",
            "import torch\n\n" + QF + "\n\n"
            "def _aeon_global_scale(global_scale: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark keeps NVFP4 global scales in fp32 through the Marlin fallback\n"
            "    return global_scale.float()\n\n\n"
            "marlin_utils_fp4.nvfp4_marlin_process_global_scale = _aeon_global_scale\n",
            "marlin_utils_fp4.nvfp4_marlin_process_global_scale = _aeon_global_scale",
        ),
    ),
    (
        "#33972 callers pass a new positional argument",
        "a monkeypatch.setattr with a one-parameter lambda in a test",
        K(
            "#33972",
            GS,
            GSW,
            "tests/aeon/test_gs2.py",
            QF + "\n\n"
            "def test_aeon_marlin_fallback_without_rescale(monkeypatch):\n"
            '    monkeypatch.setattr(marlin_utils_fp4, "_nvfp4_compute_scale_factor", lambda scales: 1.0)\n'
            "    assert marlin_utils_fp4.is_fp4_marlin_supported() in (True, False)\n",
            'monkeypatch.setattr(marlin_utils_fp4, "_nvfp4_compute_scale_factor", lambda scales: 1.0)',
        ),
    ),
    (
        "#33972 callers pass a new positional argument",
        "twin: a replacement taking the new parameter",
        K(
            "#33972",
            GS,
            GSW,
            "vllm/aeon/gs3.py",
            "import torch\n\n" + QF + "\n\n"
            "def _aeon_global_scale3(global_scale: torch.Tensor, a_dtype: torch.dtype | None = None) -> torch.Tensor:\n"
            "    return global_scale.float()\n\n\n"
            "marlin_utils_fp4.nvfp4_marlin_process_global_scale = _aeon_global_scale3\n",
            "marlin_utils_fp4.nvfp4_marlin_process_global_scale = _aeon_global_scale3",
        ),
    ),
]

# --- #45703 (37a682d392): check_moe_marlin_supports_layer(..., allow_tile_padding=...) from its callers
TP = "37a682d392"
TPW = "auto_gptq / compressed_tensors_moe now call check_moe_marlin_supports_layer(layer, g, allow_tile_padding=...)"
CASES += [
    (
        "#45703 callers pass a new keyword",
        "a caller module's name replaced by a two-parameter function",
        K(
            "#45703",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            "from vllm.model_executor.layers.quantization import auto_gptq\n\n\n"
            "def _aeon_moe_marlin_ok(layer, group_size: int) -> bool:\n"
            "    # AEON: the Spark's MoE fallback takes any group size Marlin tiles\n"
            "    return layer.hidden_size % 128 == 0 and group_size in (-1, 32, 64, 128)\n\n\n"
            "auto_gptq.check_moe_marlin_supports_layer = _aeon_moe_marlin_ok\n",
            "auto_gptq.check_moe_marlin_supports_layer = _aeon_moe_marlin_ok",
        ),
    ),
    (
        "#45703 callers pass a new keyword",
        "a monkeypatch.setattr with a two-parameter lambda in a test",
        K(
            "#45703",
            TP,
            TPW,
            "tests/aeon/test_tp3.py",
            "from vllm.model_executor.layers.quantization import auto_gptq\n\n\n"
            "def test_aeon_moe_falls_back(monkeypatch):\n"
            '    monkeypatch.setattr(auto_gptq, "check_moe_marlin_supports_layer", lambda layer, group_size: False)\n'
            "    assert auto_gptq is not None\n",
            'monkeypatch.setattr(auto_gptq, "check_moe_marlin_supports_layer", lambda layer, group_size: False)',
        ),
    ),
    (
        "#45703 callers pass a new keyword",
        "twin: a replacement taking **kwargs",
        K(
            "#45703",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            "from vllm.model_executor.layers.quantization import auto_gptq\n\n\n"
            "def _aeon_moe_marlin_ok2(layer, group_size: int, **kwargs) -> bool:\n"
            "    return layer.hidden_size % 128 == 0\n\n\n"
            "auto_gptq.check_moe_marlin_supports_layer = _aeon_moe_marlin_ok2\n",
            "auto_gptq.check_moe_marlin_supports_layer = _aeon_moe_marlin_ok2",
        ),
    ),
]

# --- #18861 (4d0a1541be): fp4_marlin_process_scales no longer asserts non-negative scales (warns)
AS = "4d0a1541be"
ASW = "fp4_marlin_process_scales: assert (scales >= 0) -> a warning"
CASES += [
    (
        "#18861 assert removed",
        "a pytest.raises of the removed assert",
        K(
            "#18861",
            AS,
            ASW,
            "tests/aeon/test_as1.py",
            "import pytest\nimport torch\n\n"
            f"from {MF} import fp4_marlin_process_scales\n\n\n"
            "def test_aeon_negative_scales_refused():\n"
            "    scales = -torch.ones(32, 64, dtype=torch.half)\n"
            "    with pytest.raises(AssertionError):\n"
            "        fp4_marlin_process_scales(scales)\n",
            "with pytest.raises(AssertionError):",
        ),
    ),
    (
        "#18861 assert removed",
        "an except of the removed assert steering a fallback",
        K(
            "#18861",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            "import torch\n\n"
            f"from {MF} import fp4_marlin_process_scales\n\n\n"
            "def aeon_marlin_scales(scales: torch.Tensor) -> torch.Tensor | None:\n"
            "    try:\n"
            "        return fp4_marlin_process_scales(scales)\n"
            "    except AssertionError:\n"
            "        # AEON: negative scales -> the Spark's emulation path\n"
            "        return None\n",
            "except AssertionError:",
        ),
    ),
    (
        "#18861 assert removed",
        "twin: a test of non-negative scales",
        K(
            "#18861",
            AS,
            ASW,
            "tests/aeon/test_as3.py",
            "import torch\n\n"
            f"from {MF} import fp4_marlin_process_scales\n\n\n"
            "def test_aeon_positive_scales():\n"
            "    out = fp4_marlin_process_scales(torch.ones(32, 64, dtype=torch.half))\n"
            "    assert out is not None\n",
            "out = fp4_marlin_process_scales(torch.ones(32, 64, dtype=torch.half))",
        ),
    ),
]

# --- #46236 (00ebf19cca): verify_marlin_supports_shape's group-size error reworded
MS = "00ebf19cca"
MSW = (
    "'input_size_per_partition = N is not divisible by group_size = G' -> 'input_size_per_partition=N ... group_size=G'"
)
CASES += [
    (
        "#46236 message reworded",
        "a pytest.raises(match=...) of the old text",
        K(
            "#46236",
            MS,
            MSW,
            "tests/aeon/test_ms1.py",
            "import pytest\n\n"
            f"from {MU} import verify_marlin_supports_shape\n\n\n"
            "def test_aeon_tp_split_refused():\n"
            '    with pytest.raises(ValueError, match="input_size_per_partition = 384 is not divisible by group_size = 256"):\n'
            "        verify_marlin_supports_shape(256, 384, 768, 256)\n",
            'with pytest.raises(ValueError, match="input_size_per_partition = 384 is not divisible by group_size = 256"):',
        ),
    ),
    (
        "#46236 message reworded",
        "an `in str(e)` of the old text steering a fallback",
        K(
            "#46236",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            f"from {MU} import verify_marlin_supports_shape\n\n\n"
            "def aeon_marlin_shape_ok(n: int, k_part: int, k: int, group_size: int) -> bool:\n"
            "    try:\n"
            "        verify_marlin_supports_shape(n, k_part, k, group_size)\n"
            "    except ValueError as e:\n"
            '        if "is not divisible by group_size =" in str(e):\n'
            "            return False\n"
            "        raise\n"
            "    return True\n",
            'if "is not divisible by group_size =" in str(e):',
        ),
    ),
    (
        "#46236 message reworded",
        "twin: a fragment both texts hold",
        K(
            "#46236",
            MS,
            MSW,
            "tests/aeon/test_ms3.py",
            "import pytest\n\n"
            f"from {MU} import verify_marlin_supports_shape\n\n\n"
            "def test_aeon_tp_split_refused3():\n"
            '    with pytest.raises(ValueError, match="is not divisible by"):\n'
            "        verify_marlin_supports_shape(256, 384, 768, 256)\n",
            'with pytest.raises(ValueError, match="is not divisible by"):',
        ),
    ),
]

# --- #35568 (06d020bb6e): the W4A8-FP8 gate asks is_device_capability_family(120); message says SM12x
FF = "06d020bb6e"
FFW = "get_marlin_input_dtype: is_device_capability(120) -> is_device_capability_family(120); 'SM120' -> 'SM12x'"
CASES += [
    (
        "#35568 callee changed",
        "a mock.patch.object of the callee upstream no longer calls",
        K(
            "#35568",
            FF,
            FFW,
            "tests/aeon/test_ff1.py",
            "from unittest import mock\n\nimport torch\n\n"
            "from vllm.platforms import current_platform\n"
            f"from {MU} import get_marlin_input_dtype\n\n\n"
            "def test_aeon_w4a8_fp8_on_sm120(monkeypatch):\n"
            '    monkeypatch.setenv("VLLM_MARLIN_INPUT_DTYPE", "fp8")\n'
            '    with mock.patch.object(current_platform, "is_device_capability", side_effect=lambda c: c == 120):\n'
            "        assert get_marlin_input_dtype() == torch.float8_e4m3fn\n",
            'with mock.patch.object(current_platform, "is_device_capability", side_effect=lambda c: c == 120):',
        ),
    ),
    (
        "#35568 message reworded",
        "an `in str(e)` of the old text steering a fallback",
        K(
            "#35568",
            FF,
            FFW,
            "vllm/aeon/ff2.py",
            f"from {MU} import get_marlin_input_dtype\n\n\n"
            "def aeon_marlin_input_dtype(prefix: str):\n"
            "    try:\n"
            "        return get_marlin_input_dtype(prefix)\n"
            "    except ValueError as e:\n"
            '        if "only support SM89 or SM120" in str(e):\n'
            "            return None\n"
            "        raise\n",
            'if "only support SM89 or SM120" in str(e):',
        ),
    ),
    (
        "#35568 callee changed",
        "a monkeypatch.setattr statement before the steered call",
        K(
            "#35568",
            FF,
            FFW,
            "tests/aeon/test_ff4.py",
            "import pytest\n\n"
            "from vllm.platforms import current_platform\n"
            f"from {MU} import get_marlin_input_dtype\n\n\n"
            "def test_aeon_w4a8_fp8_refused_on_sm90(monkeypatch):\n"
            '    monkeypatch.setenv("VLLM_MARLIN_INPUT_DTYPE", "fp8")\n'
            '    monkeypatch.setattr(current_platform, "is_device_capability", lambda c: c == 90)\n'
            "    with pytest.raises(ValueError):\n"
            "        get_marlin_input_dtype()\n",
            'monkeypatch.setattr(current_platform, "is_device_capability", lambda c: c == 90)',
        ),
    ),
    (
        "#35568 callee changed",
        "twin: a double on a member the function still reads",
        K(
            "#35568",
            FF,
            FFW,
            "tests/aeon/test_ff5.py",
            "from unittest import mock\n\nimport torch\n\n"
            "import vllm.envs as envs\n"
            f"from {MU} import get_marlin_input_dtype\n\n\n"
            "def test_aeon_w4a8_int8():\n"
            '    with mock.patch.object(envs, "VLLM_MARLIN_INPUT_DTYPE", "int8"):\n'
            "        assert get_marlin_input_dtype() == torch.int8\n",
            'with mock.patch.object(envs, "VLLM_MARLIN_INPUT_DTYPE", "int8"):',
        ),
    ),
    (
        "#35568 callee changed",
        "twin: the fork reads the family itself",
        K(
            "#35568",
            FF,
            FFW,
            "vllm/aeon/ff3.py",
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_is_sm12x() -> bool:\n"
            "    return current_platform.is_device_capability_family(120)\n",
            "return current_platform.is_device_capability_family(120)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-marlinfp4-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
