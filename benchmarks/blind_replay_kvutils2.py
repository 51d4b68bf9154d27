"""A second blind replay of the v1 KV-cache utilities a Spark fork's NVFP4 KV cache and memory planner carry code against.

8 first-parent commits on ``vllm/v1/core/kv_cache_utils.py`` -- the module a fork that serves an NVFP4 KV cache
on a unified-memory GPU (sm_121a) calls from its memory planner, monkeypatches and subclasses:
``_report_kv_cache_config`` renamed ``get_kv_cache_capacity`` (#42206), ``_auto_fit_max_model_len``'s
``kv_cache_groups`` renamed and re-typed ``projected_groups_per_worker`` (a list per worker, #33698),
``get_num_blocks`` and ``may_override_num_blocks`` given ``suppress_log`` which the module's own callers now pass
by keyword (#40402), the hybrid-grouping threshold raised from 1.25 to 1.5 (#36684), each multimodal extra hash
key made ``(identifier, offset)`` instead of the identifier (#36708), ``KVCacheBlock`` given the dataclass field
``is_null`` (#19031), ``_get_kv_cache_config_uniform_type`` removed (#23974) and ``_bucket_layers_by_page_size``
replaced by ``_get_packed_kv_cache_layout`` (#48993) -- picked by scanning the file's diffs since 2025-01
(``git log --first-parent -p``), avoiding every commit another replay uses (``blind_replay_kvutils``,
``_kvcache``, ``_kvmgr`` cover other parts of this surface).  Each is replayed under 1-2 fork spellings (an
import, a module attribute call, a keyword call, a positional call, a monkeypatch of a module function, a copy
of a comparison, a module constant, a membership test, an index compared, a subclass property and method),
with one twin each (fork code the commit does not break: a kept helper, a ``**kwargs`` patch, a call of
upstream's grouping, a count of the keys, a property of another name).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.  The brief asked ~16 spellings and ~8
twins: 15 and 8, written and committed (cf0ab8e1) before the engine ran on them; no label changed after.

Blind, on the engine before any widening (main at cc7ca5a6): 7 caught, 2 warned, 6 missed of 15 (twins: 8
quiet, 0 false errors).  Symbol drift caught the renamed and the removed helpers (imports, module attribute
calls), #33698's keyword call by the old name and its positional call (the global groups landing on the
per-worker lists).  Warned (the harness's count): #40402's two monkeypatches -- symbol drift's error lands on the
installing assignment (``kvu.get_num_blocks = _aeon_get_num_blocks``), not on the ``def`` line the spelling
watches, so the merge is blocked all the same; the watched line was left as written.  The misses: #36684's two
(a planner's word-for-word copy of ``max_num_layers < min_num_layers * 1.25``, and a module constant
``AEON_GROUP_PAD_RATIO = 1.25``), #36708's two (``feature.identifier in extra_keys`` and ``keys[0] ==
...identifier`` after each key became a tuple: silently false) and #19031's two (a subclass's read-only
``@property is_null`` -- building a block now raises AttributeError -- and a method ``is_null()`` hidden by the
instance attribute the dataclass's synthesized ``__init__`` stores).
After the killers219 widenings: 11 caught, 3 warned, 1 missed of 15 (twins: 8 quiet, 0 false errors).  Caught
now: #19031's two, a field a ``@dataclass`` base gains being a store of its synthesized ``__init__``
(``drift/shadows.py``: ``dataclass_init``, ``_mro_fields``; an error, as for ``self.x = ...`` in a base
``__init__``), and #36708's two, an old entry tested (``in``, ``keys[i] ==``) against a returned list whose
appended entries upstream made tuples holding it (``drift/appended_shapes.py``, new: an error, the test is false
on every path; the return annotation ``tuple[list[Any], int]`` stayed, so ``element_shapes`` had nothing to
compare).  Warned now: #36684's copy, a fork comparison whose text is an upstream one a hunk retuned only in its
numbers (``drift/retuned_copies.py``, new: a warning, the fork may keep its threshold on purpose).  Left missed:
#36684's module constant ``AEON_GROUP_PAD_RATIO = 1.25`` (a bare value holds nothing that ties it to upstream's
test: matching by value alone would flag every fork ratio).  #40402's two stay counted warned, blocked all the
same (the error on the patch's assignment line).
Regression set at the widenings' head (f078a9bf): killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_asyncsched 20 caught, 0 warned, 1 missed of 21 (14 quiet), review79_twins 11 caught of 11 (0
false of 33, 2 warned), blind_replay_kvutils 14 caught, 0 warned, 3 missed of 17 (8 quiet), blind_replay_eagleprop
19 caught, 2 warned of 21 (12 quiet), review116_twins 5 caught of 5 (0 false of 29, 17 warned): each as its
docstring last states.  Unit tests: test_dataclass_field_shadows 16 (new), test_retuned_copies 11 (new),
test_appended_shapes 12 (new), the shadowed-attribute tests (test_patched_members, test_blank_namesakes,
test_silent_carries with the new file: 99), test_fleet_profile 18 and test_lazy_patterns passed.
Mend79 (branch mend79, main at d6fd8c64): 11 caught, 3 warned, 1 missed -> 11 caught, 4 warned, 0 missed of 15
(twins: 8 quiet, 0 false errors).  Warned now: #36684's module constant ``AEON_GROUP_PAD_RATIO = 1.25  # vLLM's
_get_kv_cache_groups_uniform_page_size`` (``drift/retuned_copies.py``: a fork module constant holding a number
upstream's retune changed, whose comment -- on its line or the comment line above -- names the def holding the
retuned test; a warning, as for the copy: the fork may keep its ratio on purpose).  A bare constant stays quiet
(nothing ties it to the test).  Regression at the widening: killer_replay 26/26 blocked, kind_change_replay 12/12
(5 quiet), blind_replay_kvutils 14 caught, 0 warned, 3 missed of 17 (8 quiet): as before, 0 false errors.  Unit
tests: test_retuned_copies 19 (11 -> 19: 3 documented constants warned, 5 quiet twins), test_fleet_profile and
test_lazy_patterns passed.  Speed (drift_speed's 150-commit window, this machine shared): retuned_copy_drift
0.007-0.016 s against main's 0.005 s in one loaded run; the documented-constant pass 0.000 s of it (timed alone),
the rest main's ``_retuned`` (its upstream-hunk scan, unchanged, already past the ~2 ms budget on main).

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
