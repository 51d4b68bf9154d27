"""A second blind replay of the v1 KV-cache utilities a Spark fork's NVFP4 KV cache and memory planner carry code against.

BLIND-PLACEHOLDER

  python benchmarks/blind_replay_kvutils2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

KU = "vllm.v1.core.kv_cache_utils"
KUM = "from vllm.v1.core import kv_cache_utils as kvu\n\n\n"

# --- #42206 (b7f9b6ab27): _report_kv_cache_config renamed get_kv_cache_capacity, returns (tokens, concurrency)
RC = "b7f9b6ab27"
RCW = "_report_kv_cache_config (logs, returns None) replaced by get_kv_cache_capacity (returns a tuple, no log)"
CASES += [
    (
        "#42206 helper renamed",
        "an import of the old name",
        K(
            "#42206",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            f"from {KU} import _report_kv_cache_config\n\n\n"
            "def aeon_after_profile(vllm_config, kv_cache_config) -> None:\n"
            "    # AEON: the Spark's planner logs the NVFP4 cache it sized\n"
            "    _report_kv_cache_config(vllm_config, kv_cache_config)\n",
            f"from {KU} import _report_kv_cache_config",
        ),
    ),
    (
        "#42206 helper renamed",
        "a module attribute call",
        K(
            "#42206",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            KUM + "def aeon_after_profile2(vllm_config, kv_cache_config) -> None:\n"
            "    # AEON: the Spark's planner logs the NVFP4 cache it sized\n"
            "    kvu._report_kv_cache_config(vllm_config, kv_cache_config)\n",
            "kvu._report_kv_cache_config(vllm_config, kv_cache_config)",
        ),
    ),
    (
        "#42206 helper renamed",
        "twin: the kept concurrency helper",
        K(
            "#42206",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            KUM + "def aeon_concurrency(vllm_config, kv_cache_config) -> float:\n"
            "    return kvu.get_max_concurrency_for_kv_cache_config(vllm_config, kv_cache_config)\n",
            "return kvu.get_max_concurrency_for_kv_cache_config(vllm_config, kv_cache_config)",
        ),
    ),
]

# --- #33698 (c5a66d1697): _auto_fit_max_model_len's kv_cache_groups now projected_groups_per_worker (a list per worker)
AF = "c5a66d1697"
AFW = "_auto_fit_max_model_len(vllm_config, kv_cache_groups, ...) now (vllm_config, projected_groups_per_worker, ...)"
CASES += [
    (
        "#33698 parameter renamed and re-typed",
        "a keyword call by the old name",
        K(
            "#33698",
            AF,
            AFW,
            "vllm/aeon/af1.py",
            KUM + "def aeon_fit(vllm_config, groups, free_bytes: int) -> None:\n"
            "    # AEON: the Spark's unified memory fits max_model_len once, on the one worker\n"
            "    kvu._auto_fit_max_model_len(vllm_config, kv_cache_groups=groups, available_memory=[free_bytes])\n",
            "kvu._auto_fit_max_model_len(vllm_config, kv_cache_groups=groups, available_memory=[free_bytes])",
        ),
    ),
    (
        "#33698 parameter renamed and re-typed",
        "a positional call with the global groups",
        K(
            "#33698",
            AF,
            AFW,
            "vllm/aeon/af2.py",
            f"from {KU} import _auto_fit_max_model_len, get_kv_cache_groups\n\n\n"
            "def aeon_fit2(vllm_config, kv_cache_spec, free_bytes: int) -> None:\n"
            "    # AEON: the Spark's unified memory fits max_model_len once, on the one worker\n"
            "    groups = get_kv_cache_groups(vllm_config, kv_cache_spec)\n"
            "    _auto_fit_max_model_len(vllm_config, groups, [free_bytes])\n",
            "_auto_fit_max_model_len(vllm_config, groups, [free_bytes])",
        ),
    ),
    (
        "#33698 parameter renamed and re-typed",
        "twin: the kept per-group estimator",
        K(
            "#33698",
            AF,
            AFW,
            "vllm/aeon/af3.py",
            KUM + "def aeon_fit3(vllm_config, groups, free_bytes: int) -> int:\n"
            "    return kvu._estimate_max_model_len_from_groups(vllm_config, groups, free_bytes)\n",
            "return kvu._estimate_max_model_len_from_groups(vllm_config, groups, free_bytes)",
        ),
    ),
]

# --- #40402 (c075702eae): get_num_blocks / may_override_num_blocks given suppress_log, passed by keyword inside
SL = "c075702eae"
SLW = "get_num_blocks and may_override_num_blocks take suppress_log=; the module's callers pass it by keyword"
CASES += [
    (
        "#40402 callers pass a new keyword",
        "a monkeypatched get_num_blocks without it",
        K(
            "#40402",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            KUM + "_aeon_orig_get_num_blocks = kvu.get_num_blocks\n\n\n"
            "def _aeon_get_num_blocks(vllm_config, num_layers, available_memory, page_size):\n"
            "    # AEON: the Spark keeps 5% of unified memory back from the NVFP4 cache\n"
            "    return _aeon_orig_get_num_blocks(vllm_config, num_layers, int(available_memory * 0.95), page_size)\n\n\n"
            "kvu.get_num_blocks = _aeon_get_num_blocks\n",
            "def _aeon_get_num_blocks(vllm_config, num_layers, available_memory, page_size):",
        ),
    ),
    (
        "#40402 callers pass a new keyword",
        "a monkeypatched may_override_num_blocks without it",
        K(
            "#40402",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "import vllm.v1.core.kv_cache_utils as kvu2\n\n\n"
            "def _aeon_override(vllm_config, num_blocks):\n"
            "    # AEON: the Spark rounds the block count to its NVFP4 scale tiles\n"
            "    return (num_blocks // 16) * 16\n\n\n"
            "kvu2.may_override_num_blocks = _aeon_override\n",
            "def _aeon_override(vllm_config, num_blocks):",
        ),
    ),
    (
        "#40402 callers pass a new keyword",
        "twin: a monkeypatch taking **kwargs",
        K(
            "#40402",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            KUM + "_aeon_orig_get_num_blocks3 = kvu.get_num_blocks\n\n\n"
            "def _aeon_get_num_blocks3(vllm_config, num_layers, available_memory, page_size, **kwargs):\n"
            "    return _aeon_orig_get_num_blocks3(vllm_config, num_layers, available_memory, page_size, **kwargs)\n\n\n"
            "kvu.get_num_blocks = _aeon_get_num_blocks3\n",
            "def _aeon_get_num_blocks3(vllm_config, num_layers, available_memory, page_size, **kwargs):",
        ),
    ),
]

# --- #36684 (891c60dcd5): the hybrid grouping threshold raised from 1.25 to 1.5
TH = "891c60dcd5"
THW = "_get_kv_cache_groups_uniform_page_size pads to the largest type when max < min * 1.5 (was 1.25)"
CASES += [
    (
        "#36684 heuristic constant changed",
        "a planner's copy of the comparison",
        K(
            "#36684",
            TH,
            THW,
            "vllm/aeon/th1.py",
            "def aeon_group_size(layers_per_type: dict[str, int]) -> int:\n"
            "    # AEON: the Spark's planner predicts vLLM's group size before profiling (eagle drafts)\n"
            "    min_num_layers = min(layers_per_type.values())\n"
            "    max_num_layers = max(layers_per_type.values())\n"
            "    if max_num_layers < min_num_layers * 1.25:\n"
            "        return max_num_layers\n"
            "    return min_num_layers\n",
            "if max_num_layers < min_num_layers * 1.25:",
        ),
    ),
    (
        "#36684 heuristic constant changed",
        "a module constant of the old ratio",
        K(
            "#36684",
            TH,
            THW,
            "vllm/aeon/th2.py",
            "AEON_GROUP_PAD_RATIO = 1.25  # vLLM's _get_kv_cache_groups_uniform_page_size\n\n\n"
            "def aeon_padded_layers(num_sw: int, num_full: int) -> int:\n"
            "    # AEON: the Spark's planner counts padding layers for gpt-oss + eagle\n"
            "    lo, hi = min(num_sw, num_full), max(num_sw, num_full)\n"
            "    return 2 * hi - num_sw - num_full if hi < lo * AEON_GROUP_PAD_RATIO else 0\n",
            "AEON_GROUP_PAD_RATIO = 1.25  # vLLM's _get_kv_cache_groups_uniform_page_size",
        ),
    ),
    (
        "#36684 heuristic constant changed",
        "twin: the planner asks upstream for the groups",
        K(
            "#36684",
            TH,
            THW,
            "vllm/aeon/th3.py",
            KUM + "def aeon_group_size3(kv_cache_spec) -> int:\n"
            "    return len(kvu._get_kv_cache_groups_uniform_page_size(kv_cache_spec)[0].layer_names)\n",
            "return len(kvu._get_kv_cache_groups_uniform_page_size(kv_cache_spec)[0].layer_names)",
        ),
    ),
]

# --- #36708 (269bf46d99): each multimodal extra key now (identifier, offset) instead of the identifier
MM = "269bf46d99"
MMW = "_gen_mm_extra_hash_keys appends (mm_feature.identifier, offset - start) instead of the identifier"
CASES += [
    (
        "#36708 list element reshaped",
        "a membership test of the identifier",
        K(
            "#36708",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            f"from {KU} import _gen_mm_extra_hash_keys\n\n\n"
            "def aeon_block_has_image(request, start: int, end: int, feature) -> bool:\n"
            "    # AEON: the Spark's NVFP4 cache keeps vision blocks in bf16\n"
            "    extra_keys, _ = _gen_mm_extra_hash_keys(request, start, end, 0)\n"
            "    return feature.identifier in extra_keys\n",
            "return feature.identifier in extra_keys",
        ),
    ),
    (
        "#36708 list element reshaped",
        "an index compared with the identifier",
        K(
            "#36708",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            KUM + "def aeon_first_mm_key(request, start: int, end: int) -> bool:\n"
            "    # AEON: the Spark's NVFP4 cache keeps vision blocks in bf16\n"
            "    keys, _ = kvu._gen_mm_extra_hash_keys(request, start, end, 0)\n"
            "    return bool(keys) and keys[0] == request.mm_features[0].identifier\n",
            "return bool(keys) and keys[0] == request.mm_features[0].identifier",
        ),
    ),
    (
        "#36708 list element reshaped",
        "twin: a count of the keys",
        K(
            "#36708",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            KUM + "def aeon_mm_key_count(request, start: int, end: int) -> int:\n"
            "    keys, _ = kvu._gen_mm_extra_hash_keys(request, start, end, 0)\n"
            "    return len(keys)\n",
            "return len(keys)",
        ),
    ),
]

# --- #19031 (b5fd9506c1): KVCacheBlock given a dataclass field is_null (set in __init__)
NB = "b5fd9506c1"
NBW = "KVCacheBlock gains the field is_null: bool = False, assigned by the dataclass __init__"
CASES += [
    (
        "#19031 base field added",
        "a subclass property of the same name",
        K(
            "#19031",
            NB,
            NBW,
            "vllm/aeon/nb1.py",
            f"from {KU} import KVCacheBlock\n\n\n"
            "class AeonKVCacheBlock(KVCacheBlock):\n"
            "    @property\n"
            "    def is_null(self) -> bool:\n"
            "        # AEON: block 0 is the Spark's NVFP4 scale sentinel\n"
            "        return self.block_id == 0\n",
            "def is_null(self) -> bool:",
        ),
    ),
    (
        "#19031 base field added",
        "a subclass method of the same name",
        K(
            "#19031",
            NB,
            NBW,
            "vllm/aeon/nb2.py",
            f"from {KU} import KVCacheBlock\n\n\n"
            "class AeonScaleBlock(KVCacheBlock):\n"
            "    def is_null(self, null_id: int = 0) -> bool:\n"
            "        # AEON: the Spark's scale pool has its own null block\n"
            "        return self.block_id == null_id\n",
            "def is_null(self, null_id: int = 0) -> bool:",
        ),
    ),
    (
        "#19031 base field added",
        "twin: a subclass property of another name",
        K(
            "#19031",
            NB,
            NBW,
            "vllm/aeon/nb3.py",
            f"from {KU} import KVCacheBlock\n\n\n"
            "class AeonKVCacheBlock3(KVCacheBlock):\n"
            "    @property\n"
            "    def is_scale_sentinel(self) -> bool:\n"
            "        return self.block_id == 0\n",
            "def is_scale_sentinel(self) -> bool:",
        ),
    ),
]

# --- #23974 (8e5cdcda4e): _get_kv_cache_config_uniform_type removed (groups built by _get_kv_cache_groups_uniform_type)
UT = "8e5cdcda4e"
UTW = "_get_kv_cache_config_uniform_type(vllm_config, spec, memory) removed; _get_kv_cache_groups_uniform_type(spec) added"
CASES += [
    (
        "#23974 helper removed",
        "an import of the removed helper",
        K(
            "#23974",
            UT,
            UTW,
            "vllm/aeon/ut1.py",
            f"from {KU} import _get_kv_cache_config_uniform_type\n\n\n"
            "def aeon_uniform_config(vllm_config, kv_cache_spec, free_bytes: int):\n"
            "    # AEON: the Spark's dense models skip the hybrid planner\n"
            "    return _get_kv_cache_config_uniform_type(vllm_config, kv_cache_spec, free_bytes)\n",
            f"from {KU} import _get_kv_cache_config_uniform_type",
        ),
    ),
    (
        "#23974 helper removed",
        "a module attribute call",
        K(
            "#23974",
            UT,
            UTW,
            "vllm/aeon/ut2.py",
            KUM + "def aeon_uniform_config2(vllm_config, kv_cache_spec, free_bytes: int):\n"
            "    # AEON: the Spark's dense models skip the hybrid planner\n"
            "    return kvu._get_kv_cache_config_uniform_type(vllm_config, kv_cache_spec, free_bytes)\n",
            "return kvu._get_kv_cache_config_uniform_type(vllm_config, kv_cache_spec, free_bytes)",
        ),
    ),
    (
        "#23974 helper removed",
        "twin: the kept page-size helper",
        K(
            "#23974",
            UT,
            UTW,
            "vllm/aeon/ut3.py",
            KUM + "def aeon_page_size(kv_cache_spec) -> int:\n    return kvu.get_uniform_page_size(kv_cache_spec)\n",
            "return kvu.get_uniform_page_size(kv_cache_spec)",
        ),
    ),
]

# --- #48993 (f3a920a076): _bucket_layers_by_page_size replaced by _get_packed_kv_cache_layout (a tuple)
PK = "f3a920a076"
PKW = "_bucket_layers_by_page_size (dict of slot lists) replaced by _get_packed_kv_cache_layout (a tuple)"
CASES += [
    (
        "#48993 helper replaced",
        "a module attribute's .items()",
        K(
            "#48993",
            PK,
            PKW,
            "vllm/aeon/pk1.py",
            KUM + "def aeon_packed_slots(kv_cache_groups) -> int:\n"
            "    # AEON: the Spark packs NVFP4 data and scale pages per block\n"
            "    return sum(len(slots) for _, slots in kvu._bucket_layers_by_page_size(kv_cache_groups).items())\n",
            "return sum(len(slots) for _, slots in kvu._bucket_layers_by_page_size(kv_cache_groups).items())",
        ),
    ),
    (
        "#48993 helper replaced",
        "twin: the kept packing switch",
        K(
            "#48993",
            PK,
            PKW,
            "vllm/aeon/pk2.py",
            KUM + "def aeon_packed(vllm_config, kv_cache_groups) -> bool:\n"
            "    return kvu._use_packed_kv_cache_config(vllm_config, kv_cache_groups)\n",
            "return kvu._use_packed_kv_cache_config(vllm_config, kv_cache_groups)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvutils2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
