"""A blind replay of the kernel helper modules a fork's attention, GEMM and sampling glue calls into.

12 first-parent commits on ``vllm/utils/flashinfer.py``, ``vllm/utils/deep_gemm.py``,
``vllm/model_executor/layers/utils.py`` and ``vllm/model_executor/layers/batch_invariant.py`` -- the helpers a fork
that carries kernels or backends calls: ``use_trtllm_decode_attention`` renamed ``use_trtllm_attention`` (#22095),
then that function reshaped (``attn_head_size`` removed, ``q_dtype``/``is_prefill`` inserted, the head counts moved
first; #21716), ``supports_trtllm_attention`` returning a bool instead of a ``(bool, env)`` pair and
``use_trtllm_attention``'s ``is_prefill`` removed before the defaulted ``has_sinks`` (#24600), a defaulted
``force_use_trtllm`` inserted before ``has_sinks`` (#30241), the ``fp4_quantize`` wrapper renamed
``flashinfer_fp4_quantize`` (#21166); ``is_blackwell_deep_gemm_e8m0_used`` renamed (#23666),
``should_use_deepgemm_for_fp8_linear_for_nk`` removed (#30244), ``fp8_mqa_logits``/``fp8_paged_mqa_logits`` given
a required ``clean_logits`` (#33568), the ``fp8_*_mqa_logits_torch`` fallbacks removed from ``deep_gemm`` (#37968);
``shuffle_weight`` (#35672) and ``cublas_gemm_bf16_bf16_fp32`` (#41300) removed from the layers' utils; and the
batch-invariant Triton helper ``_compute_pid`` losing its ``NUM_SMS`` parameter (#40640) -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed
under 1-3 fork spellings written the way fork code is written (an import, an import under an alias, a lazy import
in a function, a module attribute call, ``getattr`` with a literal, a table of callables, a positional call that
now binds another parameter, a keyword the function no longer takes, a tuple unpack of a value made a bool, a
``@triton.jit`` kernel calling a jitted helper), with twins (fork code the commit does not break: the kept
helper, the keyword spelling, the pair still returned).  The merge base is the commit's first parent, upstream
is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 340cb80b): 23 caught, 0 warned, 1 missed of 24 (twins: 12
quiet, 0 false errors).  The miss: #24600's ``supported, env_value = supports_trtllm_attention()``, a fork unpack
of a pair upstream made one bool; return drift's tuple-made-one-value branch wants upstream's own callers to
move from the unpack to binding one name, and upstream's caller moved to a truth test instead (``if not
supports_trtllm_attention():``).  One twin is quiet by design though not fully fit: #30241's keyword call
``use_trtllm_attention(..., has_sinks=True)`` still runs, but no longer reads the forced-TRTLLM setting the
function used to read itself (its new ``force_use_trtllm`` defaults to None, auto-detection); only a warning
would be right there, and an error would block a correct merge.
After the kernhelp widenings: 24 caught, 0 warned, 0 missed of 24 (twins: 12 quiet, 1 of them warned, 0 false
errors).  Caught now: a tuple made one value where upstream's callers moved from unpacking it to testing its
value (``if not f(...):``, ``elif``, ``while``, ``assert``, the call taken whole: a tuple's truth is always true),
return drift (``drift/returns.py``).  Warned now: the #30241 twin, by a new class under symbol drift
(``drift/handed_in.py``): a call leaving to its default a parameter upstream added in place of a value the
body computed itself (``force_use_trtllm = force_use_trtllm_attention()``), a warning by design.  Regression
set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30 with 4 warned, 23 with 2 warned: as on main),
blind_replay_kernelutils 20/1/0 of 21 (11 quiet, 1 warned), blind_replay_layerutils 30/1/1 of 32 (17 quiet),
blind_replay_sampler 17/17 (10 quiet), all as on main; widened_return_replay --narrowed 18/19 unpacks, 11/11
overrides, 0/16 twins false (as on main); symbol_precision --windows 1: 0 false errors.

  python benchmarks/blind_replay_kernhelp.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #22095 (83156c7b89): use_trtllm_decode_attention renamed use_trtllm_attention
TD = "83156c7b89"
TDW = "use_trtllm_decode_attention renamed"
CASES += [
    (
        "#22095 function renamed",
        "an import under an alias",
        K(
            "#22095",
            TD,
            TDW,
            "vllm/aeon/td1.py",
            "from vllm.utils.flashinfer import use_trtllm_decode_attention as aeon_trtllm_decode\n\n\n"
            "def aeon_pick_decode(num_tokens: int, max_seq_len: int, num_qo_heads: int, num_kv_heads: int) -> str:\n"
            "    # AEON: GB10 decodes on TRTLLM when the shapes allow it\n"
            "    if aeon_trtllm_decode(num_tokens, max_seq_len, 'auto', num_qo_heads, num_kv_heads, 128):\n"
            "        return 'trtllm'\n"
            "    return 'flashinfer'\n",
            "from vllm.utils.flashinfer import use_trtllm_decode_attention as aeon_trtllm_decode",
        ),
    ),
    (
        "#22095 function renamed",
        "a module attribute call",
        K(
            "#22095",
            TD,
            TDW,
            "vllm/aeon/td2.py",
            "from vllm.utils import flashinfer as fi_utils\n\n\n"
            "class AeonDecodePlanner:\n"
            "    def __init__(self, num_qo_heads: int, num_kv_heads: int, head_size: int) -> None:\n"
            "        self.num_qo_heads = num_qo_heads\n"
            "        self.num_kv_heads = num_kv_heads\n"
            "        self.head_size = head_size\n\n"
            "    def aeon_use_trtllm(self, num_tokens: int, max_seq_len: int) -> bool:\n"
            "        return fi_utils.use_trtllm_decode_attention(\n"
            "            num_tokens, max_seq_len, 'auto', self.num_qo_heads, self.num_kv_heads, self.head_size)\n",
            "return fi_utils.use_trtllm_decode_attention(",
        ),
    ),
    (
        "#22095 function renamed",
        "twin: has_nvidia_artifactory kept",
        K(
            "#22095",
            TD,
            TDW,
            "vllm/aeon/td3.py",
            "from vllm.utils.flashinfer import has_nvidia_artifactory\n\n\n"
            "def aeon_cubins_reachable() -> bool:\n"
            "    return has_nvidia_artifactory()\n",
            "return has_nvidia_artifactory()",
        ),
    ),
]

# --- #21716 (03752dba8f): use_trtllm_attention(num_tokens, max_seq_len, kv_cache_dtype, num_qo_heads,
#     num_kv_heads, attn_head_size, has_sinks=False) -> (num_qo_heads, num_kv_heads, num_tokens, max_seq_len,
#     kv_cache_dtype, q_dtype, is_prefill, has_sinks=False)
TR = "03752dba8f"
TRW = "use_trtllm_attention reshaped: attn_head_size removed, q_dtype/is_prefill required"
CASES += [
    (
        "#21716 signature reshaped",
        "keywords of the old signature",
        K(
            "#21716",
            TR,
            TRW,
            "vllm/aeon/tr1.py",
            "from vllm.utils.flashinfer import use_trtllm_attention\n\n\n"
            "def aeon_trtllm_ok(num_tokens: int, max_seq_len: int, num_qo_heads: int, num_kv_heads: int) -> bool:\n"
            "    return use_trtllm_attention(num_tokens=num_tokens, max_seq_len=max_seq_len, kv_cache_dtype='auto', "
            "num_qo_heads=num_qo_heads, num_kv_heads=num_kv_heads, attn_head_size=128)\n",
            "return use_trtllm_attention(num_tokens=num_tokens, max_seq_len=max_seq_len, kv_cache_dtype='auto', "
            "num_qo_heads=num_qo_heads, num_kv_heads=num_kv_heads, attn_head_size=128)",
        ),
    ),
    (
        "#21716 signature reshaped",
        "a positional call of the old order",
        K(
            "#21716",
            TR,
            TRW,
            "vllm/aeon/tr2.py",
            "from vllm.utils import flashinfer as fi\n\n\n"
            "def aeon_trtllm_decode(num_tokens: int, max_seq_len: int, kv_cache_dtype: str, heads: tuple) -> bool:\n"
            "    # AEON: GB10 decodes on TRTLLM when the shapes allow it\n"
            "    return fi.use_trtllm_attention(num_tokens, max_seq_len, kv_cache_dtype, heads[0], heads[1], heads[2])\n",
            "return fi.use_trtllm_attention(num_tokens, max_seq_len, kv_cache_dtype, heads[0], heads[1], heads[2])",
        ),
    ),
    (
        "#21716 signature reshaped",
        "twin: the (bool, env) pair still returned",
        K(
            "#21716",
            TR,
            TRW,
            "vllm/aeon/tr3.py",
            "from vllm.utils.flashinfer import supports_trtllm_attention\n\n\n"
            "def aeon_trtllm_platform() -> bool:\n"
            "    supported, _ = supports_trtllm_attention()\n"
            "    return supported\n",
            "supported, _ = supports_trtllm_attention()",
        ),
    ),
]

# --- #24600 (e67a79db03): supports_trtllm_attention() -> bool (was (bool, env)); use_trtllm_attention's
#     is_prefill removed before the defaulted has_sinks
TS = "e67a79db03"
TSW = "supports_trtllm_attention a bool; use_trtllm_attention(is_prefill) removed"
CASES += [
    (
        "#24600 return made one value",
        "a tuple unpack of the pair",
        K(
            "#24600",
            TS,
            TSW,
            "vllm/aeon/ts1.py",
            "from vllm.utils.flashinfer import supports_trtllm_attention\n\n\n"
            "def aeon_trtllm_forced() -> bool:\n"
            "    # AEON: log whether the env forced TRTLLM on the Spark\n"
            "    supported, env_value = supports_trtllm_attention()\n"
            "    return supported and env_value == '1'\n",
            "supported, env_value = supports_trtllm_attention()",
        ),
    ),
    (
        "#24600 parameter removed",
        "a keyword the function no longer takes",
        K(
            "#24600",
            TS,
            TSW,
            "vllm/aeon/ts2.py",
            "import torch\n\nfrom vllm.utils.flashinfer import use_trtllm_attention\n\n\n"
            "def aeon_prefill_on_trtllm(heads: int, kv_heads: int, num_tokens: int, max_seq_len: int) -> bool:\n"
            "    return use_trtllm_attention(heads, kv_heads, num_tokens, max_seq_len, 'auto', torch.bfloat16, "
            "is_prefill=True)\n",
            "return use_trtllm_attention(heads, kv_heads, num_tokens, max_seq_len, 'auto', torch.bfloat16, "
            "is_prefill=True)",
        ),
    ),
    (
        "#24600 parameter removed",
        "a positional is_prefill now binding has_sinks",
        K(
            "#24600",
            TS,
            TSW,
            "vllm/aeon/ts3.py",
            "import torch\n\nfrom vllm.utils import flashinfer as fi\n\n\n"
            "def aeon_decode_on_trtllm(heads: int, kv_heads: int, num_tokens: int, max_seq_len: int) -> bool:\n"
            "    # AEON: the Spark's prefill runs on TRTLLM when the shapes allow it\n"
            "    return fi.use_trtllm_attention(heads, kv_heads, num_tokens, max_seq_len, 'auto', torch.bfloat16, True)\n",
            "return fi.use_trtllm_attention(heads, kv_heads, num_tokens, max_seq_len, 'auto', torch.bfloat16, True)",
        ),
    ),
    (
        "#24600 return made one value",
        "twin: has_nvidia_artifactory kept",
        K(
            "#24600",
            TS,
            TSW,
            "vllm/aeon/ts4.py",
            "from vllm.utils.flashinfer import has_nvidia_artifactory\n\n\n"
            "def aeon_cubins() -> bool:\n"
            "    return has_nvidia_artifactory()\n",
            "return has_nvidia_artifactory()",
        ),
    ),
]

# --- #30241 (eea41804a4): use_trtllm_attention gains force_use_trtllm=None before has_sinks
TF = "eea41804a4"
TFW = "use_trtllm_attention(..., is_prefill, force_use_trtllm=None, has_sinks=False, has_spec=False)"
TRT_ARGS = "num_qo_heads, num_kv_heads, num_tokens, max_seq_len, 1, 'auto', q_dtype, is_prefill"
TRT_SIG = (
    "import torch\n\nfrom vllm.utils.flashinfer import use_trtllm_attention\n\n\n"
    "def aeon_trtllm(num_qo_heads: int, num_kv_heads: int, num_tokens: int, max_seq_len: int, "
    "q_dtype: torch.dtype, is_prefill: bool) -> bool:\n"
)
CASES += [
    (
        "#30241 parameter inserted",
        "a positional has_sinks now binding force_use_trtllm",
        K(
            "#30241",
            TF,
            TFW,
            "vllm/aeon/tf1.py",
            TRT_SIG + "    # AEON: gpt-oss sinks on the Spark need TRTLLM\n"
            f"    return use_trtllm_attention({TRT_ARGS}, True)\n",
            f"return use_trtllm_attention({TRT_ARGS}, True)",
        ),
    ),
    (
        "#30241 parameter inserted",
        "positional has_sinks and has_spec shifted",
        K(
            "#30241",
            TF,
            TFW,
            "vllm/aeon/tf2.py",
            TRT_SIG + f"    return use_trtllm_attention({TRT_ARGS}, False, True)\n",
            f"return use_trtllm_attention({TRT_ARGS}, False, True)",
        ),
    ),
    (
        "#30241 parameter inserted",
        "twin: has_sinks by keyword",
        K(
            "#30241",
            TF,
            TFW,
            "vllm/aeon/tf3.py",
            TRT_SIG + f"    return use_trtllm_attention({TRT_ARGS}, has_sinks=True)\n",
            f"return use_trtllm_attention({TRT_ARGS}, has_sinks=True)",
        ),
    ),
]

# --- #21166 (41f1cf38f2): the fp4_quantize wrapper renamed flashinfer_fp4_quantize
FQ = "41f1cf38f2"
FQW = "vllm.utils.flashinfer.fp4_quantize renamed"
CASES += [
    (
        "#21166 module attribute renamed",
        "an import of the wrapper",
        K(
            "#21166",
            FQ,
            FQW,
            "vllm/aeon/fq1.py",
            "from vllm.utils.flashinfer import fp4_quantize\n\n\n"
            "def aeon_nvfp4(x, global_scale):\n"
            "    # AEON: GB10 quantizes activations with FlashInfer's kernel\n"
            "    return fp4_quantize(x, global_scale)\n",
            "from vllm.utils.flashinfer import fp4_quantize",
        ),
    ),
    (
        "#21166 module attribute renamed",
        "a module attribute call",
        K(
            "#21166",
            FQ,
            FQW,
            "vllm/aeon/fq2.py",
            "import vllm.utils.flashinfer as fi\n\n\n"
            "def aeon_nvfp4(x, global_scale):\n"
            "    x_q, x_sf = fi.fp4_quantize(x, global_scale, is_sf_swizzled_layout=True)\n"
            "    return x_q, x_sf\n",
            "x_q, x_sf = fi.fp4_quantize(x, global_scale, is_sf_swizzled_layout=True)",
        ),
    ),
    (
        "#21166 module attribute renamed",
        "twin: the interleave wrapper kept",
        K(
            "#21166",
            FQ,
            FQW,
            "vllm/aeon/fq3.py",
            "import vllm.utils.flashinfer as fi\n\n\n"
            "def aeon_swizzle(sf):\n"
            "    return fi.nvfp4_block_scale_interleave(sf)\n",
            "return fi.nvfp4_block_scale_interleave(sf)",
        ),
    ),
]

# --- #23666 (3af47c3cc6): is_blackwell_deep_gemm_e8m0_used renamed is_deep_gemm_e8m0_used
E8 = "3af47c3cc6"
E8W = "is_blackwell_deep_gemm_e8m0_used renamed"
CASES += [
    (
        "#23666 function renamed",
        "an import of the predicate",
        K(
            "#23666",
            E8,
            E8W,
            "vllm/aeon/e81.py",
            "from vllm.utils.deep_gemm import is_blackwell_deep_gemm_e8m0_used\n\n\n"
            "def aeon_scale_fmt() -> str:\n"
            "    return 'ue8m0' if is_blackwell_deep_gemm_e8m0_used() else 'float32'\n",
            "from vllm.utils.deep_gemm import is_blackwell_deep_gemm_e8m0_used",
        ),
    ),
    (
        "#23666 function renamed",
        "a module attribute call in a subclass",
        K(
            "#23666",
            E8,
            E8W,
            "vllm/aeon/e82.py",
            "import vllm.utils.deep_gemm as dg_utils\n\n\n"
            "class AeonBlockQuant:\n"
            "    def aeon_use_ue8m0(self) -> bool:\n"
            "        # AEON: GB10 keeps float32 scales unless DeepGEMM wants E8M0\n"
            "        return dg_utils.is_blackwell_deep_gemm_e8m0_used()\n",
            "return dg_utils.is_blackwell_deep_gemm_e8m0_used()",
        ),
    ),
    (
        "#23666 function renamed",
        "twin: is_deep_gemm_supported kept",
        K(
            "#23666",
            E8,
            E8W,
            "vllm/aeon/e83.py",
            "import vllm.utils.deep_gemm as dg_utils\n\n\n"
            "def aeon_deep_gemm() -> bool:\n"
            "    return dg_utils.is_deep_gemm_supported()\n",
            "return dg_utils.is_deep_gemm_supported()",
        ),
    ),
]

# --- #30244 (994acec0cc): should_use_deepgemm_for_fp8_linear_for_nk removed
NK = "994acec0cc"
NKW = "should_use_deepgemm_for_fp8_linear_for_nk removed"
CASES += [
    (
        "#30244 function removed",
        "an import of the helper",
        K(
            "#30244",
            NK,
            NKW,
            "vllm/aeon/nk1.py",
            "import torch\n\nfrom vllm.utils.deep_gemm import should_use_deepgemm_for_fp8_linear_for_nk\n\n\n"
            "def aeon_deepgemm_for(n: int, k: int) -> bool:\n"
            "    return should_use_deepgemm_for_fp8_linear_for_nk(torch.bfloat16, n, k)\n",
            "from vllm.utils.deep_gemm import should_use_deepgemm_for_fp8_linear_for_nk",
        ),
    ),
    (
        "#30244 function removed",
        "getattr with a literal",
        K(
            "#30244",
            NK,
            NKW,
            "vllm/aeon/nk2.py",
            "import torch\n\nfrom vllm.utils import deep_gemm as dg\n\n\n"
            "def aeon_deepgemm_for(n: int, k: int) -> bool:\n"
            "    # AEON: the fused quant-RMS-norm pass on the Spark asks by shape\n"
            "    return getattr(dg, 'should_use_deepgemm_for_fp8_linear_for_nk')(torch.bfloat16, n, k)\n",
            "return getattr(dg, 'should_use_deepgemm_for_fp8_linear_for_nk')(torch.bfloat16, n, k)",
        ),
    ),
    (
        "#30244 function removed",
        "twin: the weight-based helper kept",
        K(
            "#30244",
            NK,
            NKW,
            "vllm/aeon/nk3.py",
            "import torch\n\nfrom vllm.utils.deep_gemm import should_use_deepgemm_for_fp8_linear\n\n\n"
            "def aeon_deepgemm_for(weight: torch.Tensor) -> bool:\n"
            "    return should_use_deepgemm_for_fp8_linear(torch.bfloat16, weight)\n",
            "return should_use_deepgemm_for_fp8_linear(torch.bfloat16, weight)",
        ),
    ),
]

# --- #33568 (79028d4388): fp8_mqa_logits / fp8_paged_mqa_logits take a required clean_logits
CL = "79028d4388"
CLW = "fp8_mqa_logits(..., clean_logits) required"
CASES += [
    (
        "#33568 required parameter added",
        "a positional call of the five arguments",
        K(
            "#33568",
            CL,
            CLW,
            "vllm/aeon/cl1.py",
            "from vllm.utils.deep_gemm import fp8_mqa_logits\n\n\n"
            "def aeon_indexer_logits(q_fp8, k_fp8, k_scale, weights, ks, ke):\n"
            "    # AEON: the Spark's sparse indexer on the prefill path\n"
            "    return fp8_mqa_logits(q_fp8, (k_fp8, k_scale), weights, ks, ke)\n",
            "return fp8_mqa_logits(q_fp8, (k_fp8, k_scale), weights, ks, ke)",
        ),
    ),
    (
        "#33568 required parameter added",
        "a keyword call off the module",
        K(
            "#33568",
            CL,
            CLW,
            "vllm/aeon/cl2.py",
            "from vllm.utils import deep_gemm as dg\n\n\n"
            "def aeon_paged_logits(q_fp8, kv_cache, weights, context_lens, block_tables, schedule, max_model_len):\n"
            "    return dg.fp8_paged_mqa_logits(\n"
            "        q_fp8, kv_cache, weights, context_lens, block_tables, schedule, max_model_len=max_model_len\n"
            "    )\n",
            "return dg.fp8_paged_mqa_logits(",
        ),
    ),
    (
        "#33568 required parameter added",
        "twin: the metadata helper kept",
        K(
            "#33568",
            CL,
            CLW,
            "vllm/aeon/cl3.py",
            "from vllm.utils import deep_gemm as dg\n\n\n"
            "def aeon_schedule(context_lens, block_size: int, num_sms: int):\n"
            "    return dg.get_paged_mqa_logits_metadata(context_lens, block_size, num_sms)\n",
            "return dg.get_paged_mqa_logits_metadata(context_lens, block_size, num_sms)",
        ),
    ),
]

# --- #37968 (09c3dc9186): the fp8_mqa_logits_torch / fp8_paged_mqa_logits_torch fallbacks removed
MT = "09c3dc9186"
MTW = "fp8_*_mqa_logits_torch removed from deep_gemm"
CASES += [
    (
        "#37968 functions removed",
        "an import of the fallback",
        K(
            "#37968",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            "from vllm.utils.deep_gemm import fp8_mqa_logits_torch\n\n\n"
            "def aeon_reference_logits(q, kv, weights, ks, ke):\n"
            "    # AEON: check the Spark's kernel against the torch reference\n"
            "    return fp8_mqa_logits_torch(q, kv, weights, ks, ke)\n",
            "from vllm.utils.deep_gemm import fp8_mqa_logits_torch",
        ),
    ),
    (
        "#37968 functions removed",
        "a module attribute call",
        K(
            "#37968",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            "import vllm.utils.deep_gemm as dg\n\n\n"
            "def aeon_reference_paged(q, kv_cache, weights, context_lens, block_tables, max_model_len):\n"
            "    return dg.fp8_paged_mqa_logits_torch(q, kv_cache, weights, context_lens, block_tables, max_model_len)\n",
            "return dg.fp8_paged_mqa_logits_torch(q, kv_cache, weights, context_lens, block_tables, max_model_len)",
        ),
    ),
    (
        "#37968 functions removed",
        "twin: the kernel wrapper kept",
        K(
            "#37968",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            "import vllm.utils.deep_gemm as dg\n\n\n"
            "def aeon_logits(q, kv, weights, ks, ke):\n"
            "    return dg.fp8_mqa_logits(q, kv, weights, ks, ke, clean_logits=False)\n",
            "return dg.fp8_mqa_logits(q, kv, weights, ks, ke, clean_logits=False)",
        ),
    ),
]

# --- #35672 (4034c3d32e): shuffle_weight moved out of the layers' utils into the tests
SW = "4034c3d32e"
SWW = "layers.utils.shuffle_weight removed"
CASES += [
    (
        "#35672 function removed",
        "a table of callables",
        K(
            "#35672",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            "from vllm.model_executor.layers import utils as layer_utils\n\n"
            "# AEON: the Spark's swiglu kernel wants gate/up interleaved\n"
            "_AEON_WEIGHT_PREP = {'swiglu': layer_utils.shuffle_weight, 'silu': None}\n\n\n"
            "def aeon_prepare(activation: str, w):\n"
            "    prep = _AEON_WEIGHT_PREP[activation]\n"
            "    return w if prep is None else prep(w)\n",
            "_AEON_WEIGHT_PREP = {'swiglu': layer_utils.shuffle_weight, 'silu': None}",
        ),
    ),
    (
        "#35672 function removed",
        "a lazy import in a method",
        K(
            "#35672",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            "import torch\n\n\n"
            "class AeonSwigluWeights:\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        from vllm.model_executor.layers.utils import shuffle_weight\n\n"
            "        layer.w13_weight.data = shuffle_weight(layer.w13_weight.data)\n",
            "from vllm.model_executor.layers.utils import shuffle_weight",
        ),
    ),
    (
        "#35672 function removed",
        "twin: the bin counts kept",
        K(
            "#35672",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            "from vllm.model_executor.layers.utils import get_token_bin_counts_and_mask\n\n\n"
            "def aeon_seen(tokens, vocab_size: int, num_seqs: int):\n"
            "    _, mask = get_token_bin_counts_and_mask(tokens, vocab_size, num_seqs)\n"
            "    return mask\n",
            "_, mask = get_token_bin_counts_and_mask(tokens, vocab_size, num_seqs)",
        ),
    ),
]

# --- #41300 (9c61864bf8): cublas_gemm_bf16_bf16_fp32 removed from the layers' utils
CB = "9c61864bf8"
CBW = "layers.utils.cublas_gemm_bf16_bf16_fp32 removed"
CASES += [
    (
        "#41300 function removed",
        "an import of the gemm",
        K(
            "#41300",
            CB,
            CBW,
            "vllm/aeon/cb1.py",
            "import torch\n\nfrom vllm.model_executor.layers.utils import cublas_gemm_bf16_bf16_fp32\n\n\n"
            "def aeon_router_logits(x: torch.Tensor, gate: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: fp32 router logits on the Spark\n"
            "    return cublas_gemm_bf16_bf16_fp32(x, gate)\n",
            "from vllm.model_executor.layers.utils import cublas_gemm_bf16_bf16_fp32",
        ),
    ),
    (
        "#41300 function removed",
        "a module attribute call in a module's forward",
        K(
            "#41300",
            CB,
            CBW,
            "vllm/aeon/cb2.py",
            "import torch\n\nfrom vllm.model_executor.layers import utils as layer_utils\n\n\n"
            "class AeonRouter(torch.nn.Module):\n"
            "    def __init__(self, weight: torch.Tensor) -> None:\n"
            "        super().__init__()\n"
            "        self.weight = weight\n\n"
            "    def forward(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return layer_utils.cublas_gemm_bf16_bf16_fp32(x, self.weight)\n",
            "return layer_utils.cublas_gemm_bf16_bf16_fp32(x, self.weight)",
        ),
    ),
    (
        "#41300 function removed",
        "twin: the gemm dispatcher kept",
        K(
            "#41300",
            CB,
            CBW,
            "vllm/aeon/cb3.py",
            "import torch\n\nfrom vllm.model_executor.layers.utils import dispatch_unquantized_gemm\n\n\n"
            "def aeon_linear(layer: torch.nn.Module, x: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:\n"
            "    return dispatch_unquantized_gemm()(layer, x, weight)\n",
            "return dispatch_unquantized_gemm()(layer, x, weight)",
        ),
    ),
]

# --- #40640 (a474da2813): batch_invariant._compute_pid loses its NUM_SMS parameter
CP = "a474da2813"
CPW = "_compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS) -> no NUM_SMS"
CASES += [
    (
        "#40640 parameter removed",
        "a jitted kernel calling the jitted helper",
        K(
            "#40640",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            "from vllm.model_executor.layers.batch_invariant import _compute_pid\n"
            "from vllm.triton_utils import tl, triton\n\n\n"
            "@triton.jit\n"
            "def aeon_tile_order_kernel(out_ptr, num_tiles, num_pid_m, num_pid_n, GROUP_SIZE_M: tl.constexpr, "
            "NUM_SMS: tl.constexpr):\n"
            "    # AEON: the Spark's persistent GEMM walks tiles in batch-invariant order\n"
            "    start_pid = tl.program_id(axis=0)\n"
            "    num_pid_in_group = GROUP_SIZE_M * num_pid_n\n"
            "    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS):\n"
            "        pid_m, pid_n = _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS)\n"
            "        tl.store(out_ptr + tile_id, pid_m * num_pid_n + pid_n)\n",
            "pid_m, pid_n = _compute_pid(tile_id, num_pid_in_group, num_pid_m, GROUP_SIZE_M, NUM_SMS)",
        ),
    ),
    (
        "#40640 parameter removed",
        "twin: the persistent matmul kept",
        K(
            "#40640",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            "import torch\n\nfrom vllm.model_executor.layers import batch_invariant as bi\n\n\n"
            "def aeon_mm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:\n"
            "    return bi.matmul_persistent(a, b)\n",
            "return bi.matmul_persistent(a, b)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kernhelp-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
