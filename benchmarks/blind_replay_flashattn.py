"""A blind replay of the FlashAttention and FlashInfer attention backends a Spark fork subclasses and reads.

9 first-parent commits on ``vllm/v1/attention/backends/{flash_attn,flashinfer}.py`` -- the backends a fork that
serves an NVFP4 KV cache on sm_121a subclasses (builder, impl), reads (metadata fields, builder attributes) and
calls (module helpers): ``FlashAttentionBackend.get_fp8_dtype_for_flashattn`` removed and
``flash_attn_supports_fp8`` no longer imported into ``flash_attn``, ``get_current_vllm_config`` no longer
imported into ``flash_attn``, ``cascade_attention`` given a required ``max_num_splits`` before ``fa_version``,
``FlashInferMetadataBuilder.num_qo_heads`` no longer multiplied by the DCP world size, the FlashInfer builder's
``cache_dtype`` now ``"auto"`` for an unquantized cache, ``"bfloat16"`` inserted into
``FlashInferBackend.supported_kv_cache_dtypes``, ``update_block_table`` added to the builders' base (and
``supports_update_block_table = True`` on the FlashAttention builder), an NVFP4 KV cache refused at the
FlashInfer builder's construction off sm100, and ``_decode_cudagraph_max_bs`` counted in tokens instead of
requests -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits every
other replay uses (``blind_replay_flashinfer``, ``_attnbackends``, ``_attnmeta``, ``_attention`` cover parts of
this surface).  Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass's
``self.`` read, a call of a static method through the class, an import, a module attribute, a ``getattr`` with a
literal, a keyword call, a positional call, a comparison with a literal, a dict keyed by an attribute, an index
and an unpacking of a class list, an override of a name the base now declares, a ``super().__init__()``, a read
off a receiver typed as the class), with twins (fork code the commit does not break: the kept name, the helper's
own module, a membership test, a keyword call of a kept function).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 76e6d20d): 9 caught, 1 warned, 9 missed of 19 (twins: 9
quiet, 0 false errors).  Two label fixes after the first blind run, neither a reshaping: #28702's positional call
named a watched line cut short (the harness stops on a line it cannot find; the full line given), and the "twin"
importing ``flash_attn_supports_fp8`` from ``fa_utils`` was really broken -- #42685 removed the helper there too,
and the engine's error on it was right: relabelled a killer, and the kept ``supports_kv_cache_dtype`` classmethod
added as the twin after the blind run.  Symbol drift caught the removed static method (a call through the class,
a ``getattr`` with a literal), the removed helper and the dropped re-exports (imports, module attributes), and
#28702's required ``max_num_splits`` (keyword and positional); it warned #29627's fork ``update_block_table`` now
overriding the base's new method.  The misses: #29487's two (``num_qo_heads // dcp_world_size`` after upstream
took the factor out of the field: a head count a world size too small), #39002's two (``cache_dtype ==
"bfloat16"`` and a table lookup by ``cache_dtype`` after upstream stored ``"auto"`` on the unquantized path),
#32795's two (an index and an unpacking of a class's list attribute upstream inserted an entry into), #43669's
(a builder subclass's ``super().__init__()`` on sm_121a, which upstream's constructor now refuses for NVFP4 off
sm100) and #26499's two (a request count compared with ``_decode_cudagraph_max_bs``, now counted in tokens).
After the killers213 widenings: 12 caught, 4 warned, 3 missed of 19 (twins: 9 quiet, 0 false errors).  Caught
now: a quotient of a field by a factor upstream no longer multiplies into it (``drift/unfolded_factors.py``,
new), an unpacking of a class's list attribute by the base's count (``drift/list_positions.py``: class
attributes and unpacks).  Warned now: #32795's ``[1]`` (an end's neighbour: list_positions' design), #39002's
comparison and table lookup (``drift/constant_stores.py``, new: a warning, since upstream still passes the
value through on the quantized path).  Left missed: #43669 (a raise under a device test: the engine cannot know
the fork runs on sm_121a) and #26499's two (the field's unit changed by a local factor, ``(1 + num_spec_tokens)
* max_num_reqs``, and the fork compares it with a count of its own: no field of the class names the unit).
Regression set at the widenings' head (1c0f55b3): killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_awqgptq 27 caught, 1 warned of 28 (16 quiet), blind_replay_cfgparts 19 caught, 2 warned of 21
(12 quiet, 1 warned), review22_twins 8/8 (0 false of 41, 3 warned), review85_twins 10 caught, 1 warned of 11 (0
false of 42, 7 warned), blind_replay_cfgmodel 21 caught, 1 warned of 22 (10 quiet), review98_twins 14/14 (0 false
of 36, 6 warned), order_replay --only lists 18/18 (0 false of 11; its branches' twins 0 false of 6): each as
before.  Unit tests: test_list_positions 33, test_unfolded_factors 11 (new), test_constant_stores 13 (new),
test_folded_factors 21, test_fleet_profile 17 passed.

Mend80 (branch mend80, main at f6e62e3f): on main's engine 12 caught, 4 warned, 3 missed (as recorded above); now 12
caught, 7 warned, 0 missed of 19 (twins: 9 quiet, 0 false errors). Warned now: #43669 (``drift/gated_callers.py``,
new, under device-gate drift: a gate device-gate drift finds that turns the fleet's device away by raising, in
``C.__init__``, makes a fork subclass's ``super().__init__(...)`` -- or ``C(...)``, ``C.m(...)``, ``f(...)`` -- a
warning on the fork's line; the raise sits under ``if self.is_kvcache_nvfp4:``, which only the run decides) and
#26499's two (``drift/switched_operands.py``, new, beside retuned copies: upstream's ``num_decodes <=
self._decode_cudagraph_max_bs`` became ``num_decode_tokens <= ...``, ``num_decodes`` still in the file; a fork
comparison of the field with any other name, in a file importing upstream's module, is a warning). Regression set at
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

  python benchmarks/blind_replay_flashattn.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

FA = "vllm.v1.attention.backends.flash_attn"
FI = "vllm.v1.attention.backends.flashinfer"

# --- #42685 (b2c58ee942): get_fp8_dtype_for_flashattn removed; flash_attn_supports_fp8 no longer imported
F8 = "b2c58ee942"
F8W = "FlashAttentionBackend.get_fp8_dtype_for_flashattn removed; flash_attn_supports_fp8 import dropped"
CASES += [
    (
        "#42685 static method removed",
        "a subclass impl's call through the backend class",
        K(
            "#42685",
            F8,
            F8W,
            "vllm/aeon/f81.py",
            f"import torch\n\nfrom {FA} import FlashAttentionBackend, FlashAttentionImpl\n\n\n"
            "class AeonFlashAttentionImpl(FlashAttentionImpl):\n"
            "    def aeon_cache_view(self, key_cache: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's fp8 cache pages are viewed before the NVFP4 repack\n"
            "        dtype = FlashAttentionBackend.get_fp8_dtype_for_flashattn(self.kv_cache_dtype)\n"
            "        return key_cache.view(dtype)\n",
            "dtype = FlashAttentionBackend.get_fp8_dtype_for_flashattn(self.kv_cache_dtype)",
        ),
    ),
    (
        "#42685 re-exported name dropped",
        "an import from the backend module",
        K(
            "#42685",
            F8,
            F8W,
            "vllm/aeon/f82.py",
            f"from {FA} import FlashAttentionBackend, flash_attn_supports_fp8\n\n\n"
            "def aeon_fp8_ok() -> bool:\n"
            "    # AEON: GB10 gates its fp8 cache on the FA build it ships\n"
            "    return flash_attn_supports_fp8() and FlashAttentionBackend.get_name() != ''\n",
            f"from {FA} import FlashAttentionBackend, flash_attn_supports_fp8",
        ),
    ),
    (
        "#42685 re-exported name dropped",
        "a module attribute",
        K(
            "#42685",
            F8,
            F8W,
            "vllm/aeon/f83.py",
            "from vllm.v1.attention.backends import flash_attn as fa\n\n\n"
            "def aeon_fp8_ok2() -> bool:\n"
            "    # AEON: GB10 gates its fp8 cache on the FA build it ships\n"
            "    return bool(fa.flash_attn_supports_fp8())\n",
            "return bool(fa.flash_attn_supports_fp8())",
        ),
    ),
    (
        "#42685 static method removed",
        "a getattr with a literal",
        K(
            "#42685",
            F8,
            F8W,
            "vllm/aeon/f84.py",
            f"from {FA} import FlashAttentionBackend\n\n\n"
            "def aeon_fp8_dtype(name: str):\n"
            "    # AEON: the Spark's launcher resolves the cache dtype by name\n"
            '    fn = getattr(FlashAttentionBackend, "get_fp8_dtype_for_flashattn")\n'
            "    return fn(name)\n",
            'fn = getattr(FlashAttentionBackend, "get_fp8_dtype_for_flashattn")',
        ),
    ),
    (
        "#42685 helper removed",
        "an import from the helper's own module (a twin before the blind run: the helper is gone there too)",
        K(
            "#42685",
            F8,
            F8W,
            "vllm/aeon/f85.py",
            f"from vllm.v1.attention.backends.fa_utils import flash_attn_supports_fp8\nfrom {FA} import FlashAttentionBackend\n\n\n"
            "def aeon_fp8_ok3() -> bool:\n"
            "    # AEON: GB10 gates its fp8 cache on the FA build it ships\n"
            '    return flash_attn_supports_fp8() and FlashAttentionBackend.supports_kv_cache_dtype("fp8")\n',
            "from vllm.v1.attention.backends.fa_utils import flash_attn_supports_fp8",
        ),
    ),
    (
        "#42685 static method removed",
        "twin: the kept classmethod (added after the blind run)",
        K(
            "#42685",
            F8,
            F8W,
            "vllm/aeon/f86.py",
            f"from {FA} import FlashAttentionBackend\n\n\n"
            "def aeon_fp8_ok4() -> bool:\n"
            '    return FlashAttentionBackend.supports_kv_cache_dtype("fp8")\n',
            'return FlashAttentionBackend.supports_kv_cache_dtype("fp8")',
        ),
    ),
]

# --- #36701 (c40d307731): get_current_vllm_config no longer imported into flash_attn
GC = "c40d307731"
GCW = "get_current_vllm_config no longer imported into flash_attn"
CASES += [
    (
        "#36701 re-exported name dropped",
        "an import from the backend module",
        K(
            "#36701",
            GC,
            GCW,
            "vllm/aeon/gc1.py",
            f"from {FA} import FlashAttentionBackend, get_current_vllm_config\n\n\n"
            "def aeon_block_sizes() -> list:\n"
            "    # AEON: the Spark's hybrid models pin the FA block size\n"
            "    cfg = get_current_vllm_config()\n"
            "    return [cfg.cache_config.block_size] + list(FlashAttentionBackend.get_supported_kernel_block_sizes())\n",
            f"from {FA} import FlashAttentionBackend, get_current_vllm_config",
        ),
    ),
    (
        "#36701 re-exported name dropped",
        "a module attribute",
        K(
            "#36701",
            GC,
            GCW,
            "vllm/aeon/gc2.py",
            "from vllm.v1.attention.backends import flash_attn as fa\n\n\n"
            "def aeon_block_size() -> int:\n"
            "    # AEON: the Spark's hybrid models pin the FA block size\n"
            "    return fa.get_current_vllm_config().cache_config.block_size\n",
            "return fa.get_current_vllm_config().cache_config.block_size",
        ),
    ),
    (
        "#36701 re-exported name dropped",
        "twin: the kept sibling import",
        K(
            "#36701",
            GC,
            GCW,
            "vllm/aeon/gc3.py",
            f"from {FA} import get_current_vllm_config_or_none\n\n\n"
            "def aeon_block_size2() -> int:\n"
            "    cfg = get_current_vllm_config_or_none()\n"
            "    return 16 if cfg is None else cfg.cache_config.block_size\n",
            f"from {FA} import get_current_vllm_config_or_none",
        ),
    ),
]

# --- #28702 (db56a59970): cascade_attention given a required max_num_splits before fa_version
CA = "db56a59970"
CAW = "cascade_attention(max_num_splits) inserted, required, before fa_version"
CASES += [
    (
        "#28702 required parameter inserted",
        "a keyword call",
        K(
            "#28702",
            CA,
            CAW,
            "vllm/aeon/ca1.py",
            f"from {FA} import cascade_attention\n\n\n"
            "def aeon_cascade(out, q, kc, vc, m, scale, fa_version):\n"
            "    # AEON: the Spark's shared-prefix path runs cascade attention on its own metadata\n"
            "    return cascade_attention(\n"
            "        output=out, query=q, key_cache=kc, value_cache=vc,\n"
            "        cu_query_lens=m.query_start_loc, max_query_len=m.max_query_len,\n"
            "        cu_prefix_query_lens=m.cu_prefix_query_lens, prefix_kv_lens=m.prefix_kv_lens,\n"
            "        suffix_kv_lens=m.suffix_kv_lens, max_kv_len=m.max_seq_len, softmax_scale=scale,\n"
            "        alibi_slopes=None, sliding_window=(-1, -1), logits_soft_cap=0.0,\n"
            "        block_table=m.block_table, common_prefix_len=m.common_prefix_len,\n"
            "        fa_version=fa_version,\n"
            "    )\n",
            "return cascade_attention(",
        ),
    ),
    (
        "#28702 required parameter inserted",
        "a positional call",
        K(
            "#28702",
            CA,
            CAW,
            "vllm/aeon/ca2.py",
            f"from {FA} import cascade_attention\n\n\n"
            "def aeon_cascade2(out, q, kc, vc, m, scale):\n"
            "    # AEON: the Spark's shared-prefix path runs cascade attention on its own metadata\n"
            "    return cascade_attention(out, q, kc, vc, m.query_start_loc, m.max_query_len, m.cu_prefix_query_lens, m.prefix_kv_lens, m.suffix_kv_lens, m.max_seq_len, scale, None, (-1, -1), 0.0, m.block_table, m.common_prefix_len, 3)\n",
            "return cascade_attention(out, q, kc, vc, m.query_start_loc, m.max_query_len, m.cu_prefix_query_lens, m.prefix_kv_lens, m.suffix_kv_lens, m.max_seq_len, scale, None, (-1, -1), 0.0, m.block_table, m.common_prefix_len, 3)",
        ),
    ),
    (
        "#28702 required parameter inserted",
        "twin: the kept use_cascade_attention helper",
        K(
            "#28702",
            CA,
            CAW,
            "vllm/aeon/ca3.py",
            f"from {FA} import use_cascade_attention\n\n\n"
            "def aeon_use_cascade(*args, **kwargs) -> bool:\n"
            "    return use_cascade_attention(*args, **kwargs)\n",
            "return use_cascade_attention(*args, **kwargs)",
        ),
    ),
]

# --- #29487 (d698bb382d): FlashInferMetadataBuilder.num_qo_heads no longer multiplied by the DCP world size
QH = "d698bb382d"
QHW = "FlashInferMetadataBuilder.num_qo_heads no longer * dcp_world_size"
CASES += [
    (
        "#29487 attribute's meaning changed",
        "a subclass's self. read divided by the world size",
        K(
            "#29487",
            QH,
            QHW,
            "vllm/aeon/qh1.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n\n"
            "class AeonFlashInferBuilder(FlashInferMetadataBuilder):\n"
            "    def aeon_local_heads(self) -> int:\n"
            "        # AEON: the Spark's NVFP4 decode kernel takes the rank-local head count\n"
            "        return self.num_qo_heads // self.dcp_world_size\n",
            "return self.num_qo_heads // self.dcp_world_size",
        ),
    ),
    (
        "#29487 attribute's meaning changed",
        "a read off a receiver typed as the class",
        K(
            "#29487",
            QH,
            QHW,
            "vllm/aeon/qh2.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n\n"
            "def aeon_local_heads2(builder: FlashInferMetadataBuilder) -> int:\n"
            "    # AEON: the Spark's NVFP4 decode kernel takes the rank-local head count\n"
            "    return builder.num_qo_heads // builder.dcp_world_size\n",
            "return builder.num_qo_heads // builder.dcp_world_size",
        ),
    ),
    (
        "#29487 attribute's meaning changed",
        "twin: the kept kv head count",
        K(
            "#29487",
            QH,
            QHW,
            "vllm/aeon/qh3.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n\n"
            "class AeonFlashInferBuilder3(FlashInferMetadataBuilder):\n"
            "    def aeon_kv_heads(self) -> int:\n"
            "        return self.num_kv_heads\n",
            "return self.num_kv_heads",
        ),
    ),
]

# --- #39002 (e816a8811f): the FlashInfer builder's cache_dtype now "auto" for an unquantized cache
CD = "e816a8811f"
CDW = 'FlashInferMetadataBuilder.cache_dtype = "auto" when the cache is not quantized'
CASES += [
    (
        "#39002 attribute's values changed",
        "a subclass's comparison with a literal",
        K(
            "#39002",
            CD,
            CDW,
            "vllm/aeon/cd1.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n\n"
            "class AeonBf16Builder(FlashInferMetadataBuilder):\n"
            "    def aeon_bf16_cache(self) -> bool:\n"
            "        # AEON: GB10 keeps a bf16 cache for the draft model's layers\n"
            '        return self.cache_dtype == "bfloat16"\n',
            'return self.cache_dtype == "bfloat16"',
        ),
    ),
    (
        "#39002 attribute's values changed",
        "a dict keyed by the attribute",
        K(
            "#39002",
            CD,
            CDW,
            "vllm/aeon/cd2.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n"
            '_AEON_PAGE_BYTES = {"bfloat16": 2, "float16": 2, "fp8": 1, "fp8_e4m3": 1}\n\n\n'
            "class AeonPageBuilder(FlashInferMetadataBuilder):\n"
            "    def aeon_page_bytes(self) -> int:\n"
            "        # AEON: the Spark sizes its NVFP4 staging pages from the cache dtype\n"
            "        return _AEON_PAGE_BYTES[self.cache_dtype]\n",
            "return _AEON_PAGE_BYTES[self.cache_dtype]",
        ),
    ),
    (
        "#39002 attribute's values changed",
        "twin: the config's own cache_dtype",
        K(
            "#39002",
            CD,
            CDW,
            "vllm/aeon/cd3.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n\n"
            "class AeonBf16Builder3(FlashInferMetadataBuilder):\n"
            "    def aeon_bf16_cache3(self) -> bool:\n"
            '        return self.cache_config.cache_dtype == "bfloat16"\n',
            'return self.cache_config.cache_dtype == "bfloat16"',
        ),
    ),
]

# --- #32795 (955b43a5a5): "bfloat16" inserted into FlashInferBackend.supported_kv_cache_dtypes
KD = "955b43a5a5"
KDW = 'FlashInferBackend.supported_kv_cache_dtypes: "bfloat16" inserted at index 1'
CASES += [
    (
        "#32795 list entry inserted",
        "an index of the class list",
        K(
            "#32795",
            KD,
            KDW,
            "vllm/aeon/kd1.py",
            f"from {FI} import FlashInferBackend\n\n\n"
            "def aeon_first_fp8() -> str:\n"
            "    # AEON: the Spark's NVFP4 fallback picks FlashInfer's first quantized cache dtype\n"
            "    return FlashInferBackend.supported_kv_cache_dtypes[1]\n",
            "return FlashInferBackend.supported_kv_cache_dtypes[1]",
        ),
    ),
    (
        "#32795 list entry inserted",
        "an unpacking of the class list",
        K(
            "#32795",
            KD,
            KDW,
            "vllm/aeon/kd2.py",
            f"from {FI} import FlashInferBackend\n\n\n"
            "def aeon_fp8_names() -> tuple[str, str, str]:\n"
            "    # AEON: the Spark's launcher lists FlashInfer's fp8 cache dtypes\n"
            "    _auto, fp8, e4m3, e5m2 = FlashInferBackend.supported_kv_cache_dtypes\n"
            "    return fp8, e4m3, e5m2\n",
            "_auto, fp8, e4m3, e5m2 = FlashInferBackend.supported_kv_cache_dtypes",
        ),
    ),
    (
        "#32795 list entry inserted",
        "twin: a membership test",
        K(
            "#32795",
            KD,
            KDW,
            "vllm/aeon/kd3.py",
            f"from {FI} import FlashInferBackend\n\n\n"
            "def aeon_fp8_ok() -> bool:\n"
            '    return "fp8" in FlashInferBackend.supported_kv_cache_dtypes\n',
            'return "fp8" in FlashInferBackend.supported_kv_cache_dtypes',
        ),
    ),
]

# --- #29627 (9fec0e13d5): update_block_table added to the builders' base; FA's builder supports it
UB = "9fec0e13d5"
UBW = "AttentionMetadataBuilder.update_block_table(metadata, blk_table, slot_mapping) added; FA builder opts in"
CASES += [
    (
        "#29627 base method added under a fork method",
        "a subclass's own method of the new name",
        K(
            "#29627",
            UB,
            UBW,
            "vllm/aeon/ub1.py",
            f"import torch\n\nfrom {FA} import FlashAttentionMetadataBuilder\n\n\n"
            "class AeonFABuilder(FlashAttentionMetadataBuilder):\n"
            "    def update_block_table(self, block_table: torch.Tensor) -> None:\n"
            "        # AEON: the Spark's NVFP4 cache remaps blocks onto its scale pages\n"
            "        self.aeon_block_table = block_table\n",
            "def update_block_table(self, block_table: torch.Tensor) -> None:",
        ),
    ),
    (
        "#29627 base method added under a fork method",
        "twin: a fork-named method",
        K(
            "#29627",
            UB,
            UBW,
            "vllm/aeon/ub2.py",
            f"import torch\n\nfrom {FA} import FlashAttentionMetadataBuilder\n\n\n"
            "class AeonFABuilder2(FlashAttentionMetadataBuilder):\n"
            "    def aeon_update_scale_table(self, block_table: torch.Tensor) -> None:\n"
            "        self.aeon_block_table = block_table\n",
            "def aeon_update_scale_table(self, block_table: torch.Tensor) -> None:",
        ),
    ),
]

# --- #43669 (fe32e7830b): an NVFP4 KV cache refused at the FlashInfer builder's construction off sm100
NV = "fe32e7830b"
NVW = "FlashInferMetadataBuilder.__init__ raises ValueError for nvfp4 off the sm100 family"
CASES += [
    (
        "#43669 constructor now raises",
        "a subclass's super().__init__() on sm_121a",
        K(
            "#43669",
            NV,
            NVW,
            "vllm/aeon/nv1.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n\n"
            "class AeonNvfp4Builder(FlashInferMetadataBuilder):\n"
            "    def __init__(self, kv_cache_spec, layer_names, vllm_config, device):\n"
            "        # AEON: the Spark (sm_121a) serves an NVFP4 KV cache through FlashInfer's builder\n"
            "        super().__init__(kv_cache_spec, layer_names, vllm_config, device)\n"
            "        self.aeon_nvfp4 = self.is_kvcache_nvfp4\n",
            "super().__init__(kv_cache_spec, layer_names, vllm_config, device)",
        ),
    ),
    (
        "#43669 constructor now raises",
        "twin: the kept dtype helper",
        K(
            "#43669",
            NV,
            NVW,
            "vllm/aeon/nv2.py",
            f"from {FI} import FlashInferBackend\n\n\n"
            "def aeon_fp8_dtype():\n"
            '    return FlashInferBackend.get_dtype_for_flashinfer("fp8")\n',
            'return FlashInferBackend.get_dtype_for_flashinfer("fp8")',
        ),
    ),
]

# --- #26499 (6e783bc54b): _decode_cudagraph_max_bs counted in tokens, compared with tokens upstream
CG = "6e783bc54b"
CGW = "FlashInferMetadataBuilder._decode_cudagraph_max_bs now (1 + spec tokens) * max_num_reqs, in tokens"
CASES += [
    (
        "#26499 attribute's unit changed",
        "a subclass's comparison with a request count",
        K(
            "#26499",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n\n"
            "class AeonGraphBuilder(FlashInferMetadataBuilder):\n"
            "    def aeon_decode_in_graph(self, num_decodes: int) -> bool:\n"
            "        # AEON: the Spark's speculative decode replays its own decode graph\n"
            "        return self.enable_cuda_graph and num_decodes <= self._decode_cudagraph_max_bs\n",
            "return self.enable_cuda_graph and num_decodes <= self._decode_cudagraph_max_bs",
        ),
    ),
    (
        "#26499 attribute's unit changed",
        "a subclass's request-count fallback",
        K(
            "#26499",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n\n"
            "class AeonGraphBuilder2(FlashInferMetadataBuilder):\n"
            "    def aeon_eager(self, num_reqs: int) -> bool:\n"
            "        # AEON: the Spark's speculative decode replays its own decode graph\n"
            "        return num_reqs > self._decode_cudagraph_max_bs\n",
            "return num_reqs > self._decode_cudagraph_max_bs",
        ),
    ),
    (
        "#26499 attribute's unit changed",
        "twin: the kept graph switch",
        K(
            "#26499",
            CG,
            CGW,
            "vllm/aeon/cg3.py",
            f"from {FI} import FlashInferMetadataBuilder\n\n\n"
            "class AeonGraphBuilder3(FlashInferMetadataBuilder):\n"
            "    def aeon_graphs_on(self) -> bool:\n"
            "        return bool(self.enable_cuda_graph)\n",
            "return bool(self.enable_cuda_graph)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-flashattn-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
