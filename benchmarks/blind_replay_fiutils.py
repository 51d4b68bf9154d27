"""A blind replay of the FlashInfer utilities a Spark fork gates its kernels with (``vllm/utils/flashinfer.py``).

10 first-parent commits on ``vllm/utils/flashinfer.py`` -- the module a fork that gates FlashInfer kernels on
sm_121a calls, replaces and tests (capability probes, ``has_flashinfer_*`` helpers, the TRTLLM attention
pickers, the FP4/MXFP4 custom ops): ``dcp_world_size`` inserted into ``use_trtllm_attention``'s positional
parameters (#25438), ``use_8x4_sf_layout`` inserted before ``backend`` in the ``flashinfer_mm_fp4`` custom op
(#30885), ``backend`` made a required parameter of ``flashinfer_mxfp4_quantize`` (#48417), upstream's new
MXFP4 linear kernel calling ``flashinfer_scaled_fp4_mm`` with ``block_size=``/``use_nvfp4=`` and
``alpha=None`` (#41664), ``has_flashinfer_sparse_mla_sm120_config(num_q_heads, top_k)`` now defined and
called by the base (#51538), the batch-invariant veto moved from ``force_use_trtllm_attention`` into
``supports_trtllm_attention`` (#28561), the cuDNN FP8 ViT gate raised from SM90 to SM100 (#45251), the
``RuntimeError`` for an FP8 query with sinks removed (#25674), the 131072 ``max_seq_len`` limit dropped
(#28755) and SM12x now given the XQA decode kernel (#49718) -- picked by scanning the path's diffs (``git log
--first-parent -p``), avoiding the commits every other replay uses.  Each is replayed under 1-2 fork
spellings (a positional call, a keyword call lacking the new parameter, a ``torch.ops.vllm`` call, a module
attribute call, a replacement bound onto the module with the old parameters, a decorator's inner function with
the old parameters, a same-named ``def`` appended to the module, a replacement lacking the check the base moved
into the replaced function, a test of the old return, a copy of the old capability gate, a ``pytest.raises``
of the removed raise, a copy of the dropped limit), with twins (keyword calls with the new parameter, a
replacement forwarding ``*args, **kwargs``, names of the fork's own, a replacement delegating to the
original, a call of the gate itself).  The merge base is the commit's first parent, upstream is the commit;
a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins
must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 15c9aeb7): 9 caught, 0 warned, 9 missed of 18 (twins: 9
quiet, 0 false errors).  Symbol drift caught #25438's positional and keyword calls, #30885's ``torch.ops.vllm``
and imported calls, #48417's module attribute and ``torch.ops.vllm`` calls, #41664's replacement bound by
assignment and #51538's bound probe; the duplicate definition check caught #51538's appended ``def``.  The
misses: #41664's ``setattr(fi, "name", decorator(fn))`` (the replacement is a decorator's inner function, bound
by ``setattr``), #28561's replacement of ``supports_trtllm_attention`` (the base moved the batch-invariant veto
into it) and its test of ``force_use_trtllm_attention()``'s old ``False``, #45251's copy of the SM90 gate and
its test on SM90, #25674's ``pytest.raises`` of the removed raise, #28755's test above the dropped limit and
its copy of 131072, #49718's test of ``supports_trtllm_attention``'s old ``False`` on sm_121.
After the killers220 widenings: 10 caught, 6 warned, 2 missed of 18 (twins: 9 quiet, 1 of them warned, 0 false
errors).  Caught now: #41664's ``setattr`` (``drift/patched_functions.py``: a patch's value may be a call of a
factory the fork's file defines, every ``return`` of which hands back its one nested ``def`` or a ``lambda``: that
function is what the patch installs, judged as the ``def`` would be).  Warned now: #28561's replacement
(``drift/replaced_guards.py``, new: a fork function patched over upstream's module function whose body upstream
gave a new ``if T: return/raise`` reading more than its parameters, the replacement not naming ``T``'s words and
the file not reading upstream's function; a warning, as the fork may mean to lift the veto), and the five tests
(``drift/pinned_results.py``, new: a fork test's ``assert f(..)``/``assert not f(..)``/``assert f(..) is/==
literal``/``pytest.raises`` around ``f(..)``, ``f`` imported from an upstream module whose body -- less docstring
and logging -- upstream changed; a warning, as the engine cannot run ``f`` on the test's inputs: #49718's twin,
the prefill test upstream's change leaves true, is warned too).  Left missed: #45251's copy of the SM90 gate
(``has_device_capability(90)`` in the fork's own function, which names nothing of upstream's: the only link is
the expression, far too common to tie to one upstream gate) and #28755's copy of 131072 (a bare literal in the
fork's own function, likewise unlinked to ``use_trtllm_attention``).  Regression set at the widenings' head:
killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), review112_twins 5/5 (0 false of 23, 3 warned),
blind_replay_fmlayer3 12 caught, 1 warned of 13 (8 quiet), blind_replay_compbackends 9 caught, 1 warned, 2 missed
of 12 (10 quiet): each as before.  Unit tests: test_patched_functions 55 (2 killers, 3 twins new),
test_replaced_guards 8 (new), test_pinned_results 9 (new).  Speed: drift_speed's 150-commit
window (this machine shared, audit 56 s): patched_function_drift, replaced_guard_drift and pinned_result_drift
0.000 s each (the carry patches no module and adds no test: the gates end them); on this replay's #28561, #49718
and #41664 cases, where every gate passes, replaced_guard_drift 3.8 ms mean (21 ms max, the first parse of
the 1,000-line module), pinned_result_drift 13.6 ms mean (45 ms max), patched_function_drift 609 ms mean
against 519 ms before the widening (noise of the shared machine: the factory reading adds one walk of a def).

Mend80 (branch mend80, main at f6e62e3f): on main's engine 10 caught, 6 warned, 2 missed (as recorded above); now 10
caught, 7 warned, 1 missed of 18 (twins: 9 quiet, 1 of them warned, 0 false errors). Warned now: #28755's copy of
131072 (``drift/dropped_limits.py``, new, run with the retuned copies: a number upstream's hunk removed from a
comparison and its function, as merged, holds nowhere; a fork comparison holding it that copies the removed test
word for word, or whose comment names the function -- ``# above 128k use_trtllm_attention falls back`` -- is a
warning). Left missed: #45251's copy of ``has_device_capability(90)``: on the fleet's device (12.1) the old gate and
upstream's ``(100)`` both answer true, so the copy agrees with upstream where the fleet runs -- no killer there --
and a bare capability call is too common a spelling to tie to one upstream gate elsewhere. Regression set at
mend80's head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_kvutils2 11 caught, 4
warned of 15 (8 quiet), blind_replay_dsv2 15 caught, 5 warned of 20 (10 quiet), blind_replay_tfconfig2 19 caught, 1
warned of 20 (12 quiet), blind_replay_cfgparts 19 caught, 2 warned of 21 (12 quiet, 1 warned),
blind_replay_coreclient 18 caught, 3 warned of 21 (10 quiet, 1 warned), blind_replay_kvutils 14 caught, 3 missed of
17 (8 quiet), blind_replay_mtpmodels 16 caught, 5 warned, 1 missed of 22 (11 quiet), review105_twins 6 caught, 1
warned of 7 (0 false of 32, 1 warned), review134_twins 14 caught, 1 warned of 15 (0 false of 37, 5 warned),
review101_twins 3 caught, 6 warned of 9 (0 false of 41, 3 warned), review118_twins 5 caught, 6 warned of 11 (0 false
of 24, 4 warned), review122_twins 4 caught, 7 warned of 11 (0 false of 29, 3 warned), review81_twins 5 caught, 3
warned of 8 (0 false of 30, 2 warned), review85_twins 10 caught, 1 warned of 11 (0 false of 42, 7 warned): each as
recorded, 0 false errors. Unit tests: test_gated_callers 5, test_dropped_limits 8, test_switched_operands 7,
test_unpacked_fields 7 (new), test_handed_literals 40 (6 new), test_stale_copies 39 (4 new), test_retuned_copies 19,
the device-gate files (test_device_gates, test_device_gate_literals, test_device_gate_keys, test_held_gates,
test_native_gates, test_line_map_cost, hostile/test_sweep14) 178 passed, with test_lazy_patterns and
test_fleet_profile. Speed (drift_speed's 150-commit window, one run of 5 audits each, this machine shared):
retuned_copy_drift 0.116 s (dropped_limit_drift 0.084 s and switched_operand_drift 0.000 s inside it) against 0.079
s on main, handed_literal_drift 0.132 s against 0.221 s, stale_copy_drift 0.278 s against 0.490 s (the noise of the
shared machine: audit 26.7 s against 40.6 s), unpacked_field_drift and gated_caller_findings 0.000 s (gated on the
fork's lines and on a raising device gate).

  python benchmarks/blind_replay_fiutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []

FI = "vllm/utils/flashinfer.py"

# --- #25438 (4516d44b7f): dcp_world_size inserted into use_trtllm_attention's positional parameters
DW = "4516d44b7f"
DWW = "use_trtllm_attention(num_qo_heads, num_kv_heads, num_tokens, max_seq_len, dcp_world_size, kv_cache_dtype, ...)"
CASES += [
    (
        "#25438 positional parameter inserted",
        "a positional call in a fork helper",
        K(
            "#25438",
            DW,
            DWW,
            "vllm/aeon/dw1.py",
            "import torch\n\n"
            "from vllm.utils.flashinfer import use_trtllm_attention\n\n\n"
            "def aeon_spark_decode_uses_trtllm(num_qo_heads: int, num_kv_heads: int, num_tokens: int) -> bool:\n"
            "    # AEON: the Spark's decode picks TRTLLM only for a bf16 cache up to 128k\n"
            '    return use_trtllm_attention(num_qo_heads, num_kv_heads, num_tokens, 131072, "auto", torch.bfloat16, False)\n',
            'return use_trtllm_attention(num_qo_heads, num_kv_heads, num_tokens, 131072, "auto", torch.bfloat16, False)',
        ),
    ),
    (
        "#25438 positional parameter inserted",
        "a keyword call lacking the new parameter",
        K(
            "#25438",
            DW,
            DWW,
            "vllm/aeon/dw2.py",
            "import torch\n\n"
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def aeon_spark_prefill_uses_trtllm(heads: int, kv_heads: int, tokens: int, seq: int) -> bool:\n"
            "    # AEON: prefill on sm_121a keeps a bf16 query\n"
            "    return fi.use_trtllm_attention(\n"
            "        num_qo_heads=heads,\n"
            "        num_kv_heads=kv_heads,\n"
            "        num_tokens=tokens,\n"
            "        max_seq_len=seq,\n"
            '        kv_cache_dtype="auto",\n'
            "        q_dtype=torch.bfloat16,\n"
            "        is_prefill=True,\n"
            "    )\n",
            "return fi.use_trtllm_attention(",
        ),
    ),
    (
        "#25438 positional parameter inserted",
        "twin: a keyword call passing dcp_world_size",
        K(
            "#25438",
            DW,
            DWW,
            "vllm/aeon/dw3.py",
            "import torch\n\n"
            "from vllm.utils.flashinfer import use_trtllm_attention\n\n\n"
            "def aeon_spark_decode_uses_trtllm2(heads: int, kv_heads: int, tokens: int) -> bool:\n"
            '    return use_trtllm_attention(heads, kv_heads, tokens, 131072, 1, "auto", torch.bfloat16, is_prefill=False)\n',
            'return use_trtllm_attention(heads, kv_heads, tokens, 131072, 1, "auto", torch.bfloat16, is_prefill=False)',
        ),
    ),
]

# --- #30885 (8ef50d9a6b): flashinfer_mm_fp4(A, B, A_scale, B_scale, g_scale, dtype, use_8x4_sf_layout, backend)
MM = "8ef50d9a6b"
MMW = "the vllm::flashinfer_mm_fp4 custom op gained a required use_8x4_sf_layout before backend"
CASES += [
    (
        "#30885 required parameter inserted into a custom op",
        "a torch.ops.vllm call, all positional",
        K(
            "#30885",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            "import torch\n\n\n"
            "def aeon_fp4_gemm(a, b, sa, sb, alpha) -> torch.Tensor:\n"
            "    # AEON: the Spark's NVFP4 GEMM goes through the cutlass kernel only\n"
            '    return torch.ops.vllm.flashinfer_mm_fp4(a, b.t(), sa, sb.t(), alpha, torch.bfloat16, "cutlass")\n',
            'return torch.ops.vllm.flashinfer_mm_fp4(a, b.t(), sa, sb.t(), alpha, torch.bfloat16, "cutlass")',
        ),
    ),
    (
        "#30885 required parameter inserted into a custom op",
        "an imported call with backend= by keyword",
        K(
            "#30885",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            "import torch\n\n"
            "from vllm.utils.flashinfer import flashinfer_mm_fp4\n\n\n"
            "def aeon_fp4_gemm2(a, b, sa, sb, alpha) -> torch.Tensor:\n"
            "    # AEON: GB10 prefers cudnn for the NVFP4 GEMM\n"
            '    return flashinfer_mm_fp4(a, b.t(), sa, sb.t(), alpha, torch.bfloat16, backend="cudnn")\n',
            'return flashinfer_mm_fp4(a, b.t(), sa, sb.t(), alpha, torch.bfloat16, backend="cudnn")',
        ),
    ),
    (
        "#30885 required parameter inserted into a custom op",
        "twin: a call passing use_8x4_sf_layout",
        K(
            "#30885",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            "import torch\n\n\n"
            "def aeon_fp4_gemm3(a, b, sa, sb, alpha) -> torch.Tensor:\n"
            '    return torch.ops.vllm.flashinfer_mm_fp4(a, b.t(), sa, sb.t(), alpha, torch.bfloat16, False, "cutlass")\n',
            'return torch.ops.vllm.flashinfer_mm_fp4(a, b.t(), sa, sb.t(), alpha, torch.bfloat16, False, "cutlass")',
        ),
    ),
]

# --- #48417 (ce2aecc4dc): flashinfer_mxfp4_quantize(a, backend) -- backend now required
MX = "ce2aecc4dc"
MXW = "flashinfer_mxfp4_quantize gained a required backend parameter"
CASES += [
    (
        "#48417 required parameter appended",
        "a module attribute call",
        K(
            "#48417",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            "import torch\n\n"
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def aeon_quant_mxfp4(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "    # AEON: the Spark's MXFP4 activations are quantized before the all-gather\n"
            "    return fi.flashinfer_mxfp4_quantize(x.contiguous())\n",
            "return fi.flashinfer_mxfp4_quantize(x.contiguous())",
        ),
    ),
    (
        "#48417 required parameter appended",
        "a torch.ops.vllm call",
        K(
            "#48417",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            "import torch\n\n\n"
            "def aeon_quant_mxfp4_op(x: torch.Tensor):\n"
            "    # AEON: compiled graphs on sm_121a call the op directly\n"
            "    q, scale = torch.ops.vllm.flashinfer_mxfp4_quantize(x)\n"
            "    return q, scale\n",
            "q, scale = torch.ops.vllm.flashinfer_mxfp4_quantize(x)",
        ),
    ),
    (
        "#48417 required parameter appended",
        "twin: a call passing backend",
        K(
            "#48417",
            MX,
            MXW,
            "vllm/aeon/mx3.py",
            "import torch\n\n"
            "from vllm.utils.flashinfer import flashinfer_mxfp4_quantize\n\n\n"
            "def aeon_quant_mxfp4_2(x: torch.Tensor):\n"
            '    return flashinfer_mxfp4_quantize(x.contiguous(), backend="cute-dsl")\n',
            'return flashinfer_mxfp4_quantize(x.contiguous(), backend="cute-dsl")',
        ),
    ),
]

# --- #41664 (a7b801e26d): the new MXFP4 linear kernel calls flashinfer_scaled_fp4_mm(..., alpha=None,
# block_size=..., use_nvfp4=False), importing it from vllm.utils.flashinfer at call time
F4 = "a7b801e26d"
F4W = "flashinfer_scaled_fp4_mm now called with block_size=/use_nvfp4= and alpha=None"
CASES += [
    (
        "#41664 a fork replacement lacks the keywords upstream's callers now pass",
        "a replacement bound onto the module",
        K(
            "#41664",
            F4,
            F4W,
            "vllm/aeon/f41.py",
            "import torch\n\n"
            "from vllm.utils import flashinfer as fi\n\n"
            "_upstream_scaled_fp4_mm = fi.flashinfer_scaled_fp4_mm\n\n\n"
            "def _aeon_scaled_fp4_mm(a, b, block_scale_a, block_scale_b, alpha, out_dtype, backend) -> torch.Tensor:\n"
            "    # AEON: sm_121a has no trtllm FP4 GEMM cubins; route to cutlass\n"
            '    if backend == "trtllm":\n'
            '        backend = "cutlass"\n'
            "    return _upstream_scaled_fp4_mm(a, b, block_scale_a, block_scale_b, alpha, out_dtype, backend)\n\n\n"
            "fi.flashinfer_scaled_fp4_mm = _aeon_scaled_fp4_mm\n",
            "fi.flashinfer_scaled_fp4_mm = _aeon_scaled_fp4_mm",
        ),
    ),
    (
        "#41664 a fork replacement lacks the keywords upstream's callers now pass",
        "a decorator's inner function bound by setattr",
        K(
            "#41664",
            F4,
            F4W,
            "vllm/aeon/f42.py",
            "import functools\n\n"
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def _spark_backend(fn):\n"
            "    @functools.wraps(fn)\n"
            "    def inner(a, b, block_scale_a, block_scale_b, alpha, out_dtype, backend):\n"
            "        # AEON: GB10 runs the FP4 GEMM on cutlass\n"
            '        backend = "cutlass" if backend == "trtllm" else backend\n'
            "        return fn(a, b, block_scale_a, block_scale_b, alpha.float(), out_dtype, backend)\n\n"
            "    return inner\n\n\n"
            'setattr(fi, "flashinfer_scaled_fp4_mm", _spark_backend(fi.flashinfer_scaled_fp4_mm))\n',
            'setattr(fi, "flashinfer_scaled_fp4_mm", _spark_backend(fi.flashinfer_scaled_fp4_mm))',
        ),
    ),
    (
        "#41664 a fork replacement lacks the keywords upstream's callers now pass",
        "twin: a replacement forwarding *args, **kwargs",
        K(
            "#41664",
            F4,
            F4W,
            "vllm/aeon/f43.py",
            "from vllm.utils import flashinfer as fi\n\n"
            "_orig_scaled_fp4_mm = fi.flashinfer_scaled_fp4_mm\n\n\n"
            "def _aeon_scaled_fp4_mm2(*args, **kwargs):\n"
            '    if kwargs.get("backend") == "trtllm":\n'
            '        kwargs["backend"] = "cutlass"\n'
            "    return _orig_scaled_fp4_mm(*args, **kwargs)\n\n\n"
            "fi.flashinfer_scaled_fp4_mm = _aeon_scaled_fp4_mm2\n",
            "fi.flashinfer_scaled_fp4_mm = _aeon_scaled_fp4_mm2",
        ),
    ),
]

# --- #51538 (97388c44f9): has_flashinfer_sparse_mla_sm120_config(num_q_heads, top_k) defined and called by the base
SM = "97388c44f9"
SMW = "has_flashinfer_sparse_mla_sm120_config(num_q_heads, top_k) now defined in vllm.utils.flashinfer and called"
CASES += [
    (
        "#51538 a fork name the base now defines and calls",
        "a same-named def appended to the module",
        Killer(
            "#51538",
            SM,
            SMW,
            (
                Edit(
                    FI,
                    "# AEON: the Spark's DSV4 image ships an SM121 sparse-MLA build; probe it by model config\n"
                    "@functools.cache\n"
                    "def has_flashinfer_sparse_mla_sm120_config(model_config) -> bool:\n"
                    "    if not has_flashinfer_sparse_mla_sm120():\n"
                    "        return False\n"
                    '    return getattr(model_config.hf_text_config, "index_topk", 0) in (512, 1024)\n\n\n',
                    anchor="__all__ = [",
                ),
            ),
            ((FI, "def has_flashinfer_sparse_mla_sm120_config(model_config) -> bool:"),),
        ),
    ),
    (
        "#51538 a fork name the base now defines and calls",
        "a module attribute the fork binds",
        K(
            "#51538",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def _aeon_sparse_mla_probe(model_config) -> bool:\n"
            "    # AEON: GB10 only runs the DSV4 sparse MLA with the 512 top-k index\n"
            '    return fi.has_flashinfer_sparse_mla_sm120() and getattr(model_config, "index_topk", 0) == 512\n\n\n'
            "fi.has_flashinfer_sparse_mla_sm120_config = _aeon_sparse_mla_probe\n",
            "fi.has_flashinfer_sparse_mla_sm120_config = _aeon_sparse_mla_probe",
        ),
    ),
    (
        "#51538 a fork name the base now defines and calls",
        "twin: a probe under the fork's own name",
        K(
            "#51538",
            SM,
            SMW,
            "vllm/aeon/sm3.py",
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def _aeon_sparse_mla_probe2(model_config) -> bool:\n"
            '    return fi.has_flashinfer_sparse_mla_sm120() and getattr(model_config, "index_topk", 0) == 512\n\n\n'
            "fi.aeon_has_sparse_mla_sm121_config = _aeon_sparse_mla_probe2\n",
            "fi.aeon_has_sparse_mla_sm121_config = _aeon_sparse_mla_probe2",
        ),
    ),
]

# --- #28561 (a543e678b4): the batch-invariant veto moved from force_use_trtllm_attention into supports_trtllm_attention
BI = "a543e678b4"
BIW = "force_use_trtllm_attention no longer returns False in batch-invariant mode; supports_trtllm_attention does"
CASES += [
    (
        "#28561 a check moved into the function a fork replaces",
        "a replacement of supports_trtllm_attention bound onto the module",
        K(
            "#28561",
            BI,
            BIW,
            "vllm/aeon/bi1.py",
            "from vllm.platforms import current_platform\n"
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def _aeon_supports_trtllm_attention() -> bool:\n"
            "    # AEON: trtllm-gen cubins for sm_121a ship with the Spark image\n"
            "    return current_platform.is_device_capability(121) and fi.has_nvidia_artifactory()\n\n\n"
            "fi.supports_trtllm_attention = _aeon_supports_trtllm_attention\n",
            "fi.supports_trtllm_attention = _aeon_supports_trtllm_attention",
        ),
    ),
    (
        "#28561 a check moved into the function a fork replaces",
        "a test of the old return",
        K(
            "#28561",
            BI,
            BIW,
            "tests/aeon/test_bi2.py",
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def test_aeon_batch_invariant_vetoes_trtllm(monkeypatch):\n"
            '    monkeypatch.setattr(fi, "vllm_is_batch_invariant", lambda: True)\n'
            "    assert fi.force_use_trtllm_attention() is False\n",
            "assert fi.force_use_trtllm_attention() is False",
        ),
    ),
    (
        "#28561 a check moved into the function a fork replaces",
        "twin: a replacement delegating to the original",
        K(
            "#28561",
            BI,
            BIW,
            "vllm/aeon/bi3.py",
            "from vllm.platforms import current_platform\n"
            "from vllm.utils import flashinfer as fi\n\n"
            "_orig_supports_trtllm = fi.supports_trtllm_attention\n\n\n"
            "def _aeon_supports_trtllm_attention2() -> bool:\n"
            "    return _orig_supports_trtllm() or current_platform.is_device_capability(121)\n\n\n"
            "fi.supports_trtllm_attention = _aeon_supports_trtllm_attention2\n",
            "fi.supports_trtllm_attention = _aeon_supports_trtllm_attention2",
        ),
    ),
]

# --- #45251 (b8142294b7): is_flashinfer_cudnn_fp8_prefill_attn_supported requires SM100, not SM90
VT = "b8142294b7"
VTW = "the cuDNN FP8 ViT attention gate raised from has_device_capability(90) to (100)"
CASES += [
    (
        "#45251 a capability gate raised",
        "a fork copy of the old gate",
        K(
            "#45251",
            VT,
            VTW,
            "vllm/aeon/vt1.py",
            "import torch.backends.cudnn as cudnn\n\n"
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_vit_fp8_attn_ok() -> bool:\n"
            "    # AEON: the fleet's ViT runs FP8 cuDNN attention wherever the FlashInfer gate allows\n"
            "    return current_platform.has_device_capability(90) and cudnn.version() >= 91701\n",
            "return current_platform.has_device_capability(90) and cudnn.version() >= 91701",
        ),
    ),
    (
        "#45251 a capability gate raised",
        "a test of the old return on SM90",
        K(
            "#45251",
            VT,
            VTW,
            "tests/aeon/test_vt2.py",
            "from vllm.platforms import current_platform\n"
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def test_aeon_vit_fp8_on_hopper(monkeypatch):\n"
            '    monkeypatch.setattr(current_platform, "has_device_capability", lambda c: c <= 90)\n'
            "    fi.is_flashinfer_cudnn_fp8_prefill_attn_supported.cache_clear()\n"
            "    assert fi.is_flashinfer_cudnn_fp8_prefill_attn_supported()\n",
            "assert fi.is_flashinfer_cudnn_fp8_prefill_attn_supported()",
        ),
    ),
    (
        "#45251 a capability gate raised",
        "twin: the gate itself called",
        K(
            "#45251",
            VT,
            VTW,
            "vllm/aeon/vt3.py",
            "from vllm.utils.flashinfer import is_flashinfer_cudnn_fp8_prefill_attn_supported\n\n\n"
            "def aeon_vit_fp8_attn_ok2() -> bool:\n"
            "    return is_flashinfer_cudnn_fp8_prefill_attn_supported()\n",
            "return is_flashinfer_cudnn_fp8_prefill_attn_supported()",
        ),
    ),
]

# --- #25674 (44f633dba1): use_trtllm_attention no longer raises RuntimeError for an FP8 query with sinks
RS = "44f633dba1"
RSW = "use_trtllm_attention returns True for an FP8 query with sinks instead of raising RuntimeError"
CASES += [
    (
        "#25674 a raise removed",
        "a pytest.raises of the removed raise",
        K(
            "#25674",
            RS,
            RSW,
            "tests/aeon/test_rs1.py",
            "import pytest\n\n"
            "from vllm.platforms import current_platform\n"
            "from vllm.utils.flashinfer import use_trtllm_attention\n\n\n"
            "def test_aeon_fp8_query_with_sinks_rejected():\n"
            "    # AEON: gpt-oss on the Spark keeps a bf16 query because the FP8 one raised\n"
            "    with pytest.raises(RuntimeError):\n"
            '        use_trtllm_attention(64, 8, 16, 4096, "fp8", current_platform.fp8_dtype(), False, has_sinks=True)\n',
            "with pytest.raises(RuntimeError):",
        ),
    ),
    (
        "#25674 a raise removed",
        "twin: a call with sinks and a bf16 query",
        K(
            "#25674",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            "import torch\n\n"
            "from vllm.utils.flashinfer import use_trtllm_attention\n\n\n"
            "def aeon_sinks_use_trtllm(heads: int, kv_heads: int) -> bool:\n"
            '    return use_trtllm_attention(heads, kv_heads, 16, 4096, "auto", torch.bfloat16, False, has_sinks=True)\n',
            'return use_trtllm_attention(heads, kv_heads, 16, 4096, "auto", torch.bfloat16, False, has_sinks=True)',
        ),
    ),
]

# --- #28755 (173b356abf): use_trtllm_attention's auto-detection no longer caps max_seq_len at 131072
LS = "173b356abf"
LSW = "use_trtllm_attention no longer requires max_seq_len <= 131072"
CASES += [
    (
        "#28755 a limit dropped",
        "a test of the old return above the limit",
        K(
            "#28755",
            LS,
            LSW,
            "tests/aeon/test_ls1.py",
            "import torch\n\n"
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def test_aeon_long_context_skips_trtllm(monkeypatch):\n"
            '    monkeypatch.setattr(fi, "supports_trtllm_attention", lambda: True)\n'
            '    monkeypatch.setattr(fi, "force_use_trtllm_attention", lambda: None)\n'
            '    assert not fi.use_trtllm_attention(32, 8, 1, 262144, 1, "auto", torch.bfloat16, is_prefill=True)\n',
            'assert not fi.use_trtllm_attention(32, 8, 1, 262144, 1, "auto", torch.bfloat16, is_prefill=True)',
        ),
    ),
    (
        "#28755 a limit dropped",
        "a copy of the dropped limit",
        K(
            "#28755",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            "def aeon_kv_layout(max_model_len: int) -> str:\n"
            "    # AEON: above 128k use_trtllm_attention falls back to FlashInfer, which wants NHD on the Spark\n"
            '    return "NHD" if max_model_len > 131072 else "HND"\n',
            'return "NHD" if max_model_len > 131072 else "HND"',
        ),
    ),
]

# --- #49718 (1d2d83a07f): SM12x now given the XQA decode kernel by supports_trtllm_attention/use_trtllm_attention
XQ = "1d2d83a07f"
XQW = "supports_trtllm_attention(is_prefill=False) now True on SM12x (XQA decode)"
CASES += [
    (
        "#49718 a capability family now supported",
        "a test of the old return on sm_121",
        K(
            "#49718",
            XQ,
            XQW,
            "tests/aeon/test_xq1.py",
            "from vllm.platforms import current_platform\n"
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def test_aeon_spark_has_no_trtllm_decode(monkeypatch):\n"
            '    monkeypatch.setattr(current_platform, "is_device_capability", lambda c: c == 121)\n'
            '    monkeypatch.setattr(current_platform, "is_device_capability_family", lambda c: c == 120)\n'
            '    monkeypatch.setattr(fi, "has_nvidia_artifactory", lambda: True)\n'
            "    assert fi.supports_trtllm_attention(is_prefill=False) is False\n",
            "assert fi.supports_trtllm_attention(is_prefill=False) is False",
        ),
    ),
    (
        "#49718 a capability family now supported",
        "twin: a test of the prefill phase, still unsupported",
        K(
            "#49718",
            XQ,
            XQW,
            "tests/aeon/test_xq2.py",
            "from vllm.platforms import current_platform\n"
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def test_aeon_spark_has_no_trtllm_prefill(monkeypatch):\n"
            '    monkeypatch.setattr(current_platform, "is_device_capability", lambda c: c == 121)\n'
            '    monkeypatch.setattr(current_platform, "is_device_capability_family", lambda c: c == 120)\n'
            '    monkeypatch.setattr(fi, "has_nvidia_artifactory", lambda: True)\n'
            "    assert fi.supports_trtllm_attention(is_prefill=True) is False\n",
            "assert fi.supports_trtllm_attention(is_prefill=True) is False",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fiutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
