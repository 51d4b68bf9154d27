"""A blind replay of the single-type KV-cache managers a Spark fork subclasses for its spec-decode and prefix-cache carries.

9 first-parent commits on ``vllm/v1/core/single_type_kv_cache_manager.py`` -- the full-attention,
sliding-window and mamba managers a fork subclasses (hooks it overrides, bookkeeping it reads, names it stores):
``free`` split into ``pop_blocks_for_free`` + ``free`` with the scheduler's deferred path calling only the former
(#45357), ``cache_blocks``' ``alignment_tokens`` renamed ``retention_interval`` and ``reachable_block_mask``'s
``num_blocks`` renamed ``end_block``, now called by keyword (#43447), ``remove_skipped_blocks`` called with a
third positional ``num_prompt_tokens`` (#46564), ``get_num_blocks_to_allocate`` called with
``apply_admission_cap=`` and capping only when asked (#41282), a ``new_step_starts`` hook called every step and
``cached_blocks_this_step`` assigned by ``MambaManager.__init__`` (#29387), ``remove_skipped_blocks`` unified
over a new ``get_num_skipped_tokens`` hook (#25431), a read-only ``records_new_block_ids`` property (#48481),
``extra_retained_tokens`` assigned by ``SlidingWindowManager.__init__`` (#50062) and ``needs_kv_cache_zeroing``
inserted before ``max_admission_blocks_per_request`` in the base constructor (#44490) -- picked by scanning the
path's diffs (``git log --first-parent -p``), avoiding the commits other replays use (``blind_replay_kvmgr``,
``_kvcoord`` cover parts of this surface).  Each is replayed under 1-3 fork spellings, with twins.  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 15c9aeb7): 14 caught, 3 warned, 4 missed of 21 (twins: 12
quiet, 0 false errors; one warned: #29387's ``super().cache_blocks(...)`` twin, told "upstream removed"
``SingleTypeKVCacheManager.cache_blocks``, which it kept).  Symbol drift caught #43447's three (a keyword call of
the renamed ``alignment_tokens=``, overrides of ``cache_blocks`` and ``reachable_block_mask`` with the old
parameters), #46564's two overrides of ``remove_skipped_blocks`` (two parameters, a keyword-only extra), #41282's
override with the old parameters, #25431's fork method of the new hook's name, #48481's store and ``setattr`` of
the new read-only property and #44490's two positional calls (a ``super().__init__()`` and a factory); shadowed
attributes caught #29387's list stored under the name the base now assigns a set and #50062's read-only property
and store before ``super().__init__()``.  Warned: #45357's sliding-window ``free`` override (a switched hook, the
receiver untyped), #29387's ``new_step_starts(self, step_id)`` (a fork method now overriding a new hook) and
#25431's class attribute binding a module function to the hook's name.  The misses: #45357's mamba ``free``
override that frees by hand (``MambaManager.free`` removed; ``MambaManager.pop_blocks_for_free`` hands on through
``super()``, which the switched-hook check counted as asking), #41282's override taking ``*args`` only, which the
coordinator now calls with ``apply_admission_cap=`` (TypeError), #41282's fork admission check calling
``get_num_blocks_to_allocate`` without the new flag (the recycled-window cap it relied on now applies only when
``apply_admission_cap=True``: silently more blocks asked), and #29387's mamba override calling
``SingleTypeKVCacheManager.cache_blocks`` by name (it now skips ``MambaManager.cache_blocks``, new, which records
``cached_blocks_this_step``: a same-step hit on the fork's blocks is no longer refused).
After the killers223 widenings: 15 caught, 6 warned, 0 missed of 21 (twins: 12 quiet, 0 false errors, none
warned).
Caught now: #41282's ``*args`` override (symbol drift's override checks: an override taking the base's parameters
through ``*args`` with no ``**kwargs``, when the base gained an optional parameter a call upstream wrote passes by
keyword and none by position: an error).  Warned now: #45357's mamba override (``drift/switched_hooks.py``:
a ``super().m(...)`` in the inherited sibling asks what the next definer of ``m`` along the fork class's MRO
asks), #41282's admission check (``drift/opted_branches.py``, new: a branch upstream made opt-in by a new
parameter off by default, a fork call leaving it out; a warning, the fork may want the new default) and #29387's
grandparent call by name (``drift/interposed.py``: ``Base.name(self, ...)`` off a class past upstream's new def
skips it; a warning, as the replaced def did work).  Quiet now: the #29387 ``super()`` twin's warning (a
``super()`` call reaching a def upstream put between, the base's kept, is no removal).  Left warned, not caught:
#45357's two ``free`` overrides (the switch's receiver, ``super()``, and the scheduler's deferred path through
``KVCacheManager.pop_blocks_for_free`` and the coordinator are not tied to the fork's class: the fork may never
defer), #29387's ``new_step_starts(self, step_id)`` (symbol drift warns a fork method now overriding a new
hook; the hook's misfit -- a required parameter the coordinator never passes -- is read only for hooks upstream
calls on ``self``) and #25431's class attribute binding a module function (left as the shadowed-hook warning).
Regression set at the widenings' head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_moeutils 19 caught, 1 warned of 20 (11 quiet), review76_twins 3 caught, 2 warned of 5, 0 false of 27
(1 warned, 2 recorded: a ``super()`` twin's "upstream removed" warning gone, by design), blind_replay_pstate 21
caught, 1 warned of 22 (11 quiet, 1 warned), blind_replay_eagle2 12 caught, 5 warned, 2 missed of 19 (11 quiet),
blind_replay_mla2 21 caught, 1 missed of 22 (10 quiet, 2 warned), review124_twins 9/9, 0 false of 36 (8 warned):
each as before but the one twin warning fewer.
Unit tests: test_opted_branches 9 (new), test_varargs_keywords 8 (new), test_switched_hooks 16,
test_interposed 32; test_symbol_drift 329, test_instance_bound_methods + test_reasoning_contracts +
test_renamed_overrides + test_keyword_only_overrides + test_dispatched_overrides + test_patched_methods +
test_skipped_setups 109, test_lazy_patterns + test_fleet_profile passed.
Speed (drift_speed's 150-commit window, 3 audits, the machine shared by eight helpers): this branch's audit
52.1 s, opted_branch_drift 30 ms (0.13-0.17 s before its module gate; over the ~2 ms budget: the diffs' regular
expressions on every module a fork line names -- left), name_drift (symbol drift, holding the override,
switched-hook and interposed widenings) 2.06 s; main's run, less loaded (audit 31.9 s): name_drift 1.73 s,
return_drift 0.65 s against this run's 0.95 s (the same load ratio: no growth read).

  python benchmarks/blind_replay_singlekv.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

ST = "vllm.v1.core.single_type_kv_cache_manager"
HEAD = (
    f"from {ST} import (\n"
    "    FullAttentionManager,\n"
    "    MambaManager,\n"
    "    SingleTypeKVCacheManager,\n"
    "    SlidingWindowManager,\n"
    ")\n\n\n"
)

# --- #45357 (d467a2a7f2): free split into pop_blocks_for_free + free; the deferred path calls only the former
PF = "d467a2a7f2"
PFW = "the scheduler's deferred-free path calls pop_blocks_for_free, not free"
CASES += [
    (
        "#45357 hook thinned: free bypassed on the deferred path",
        "a sliding-window subclass's free override dropping its own bookkeeping",
        K(
            "#45357",
            PF,
            PFW,
            "vllm/aeon/pf1.py",
            HEAD + "class AeonDraftSWAManager(SlidingWindowManager):\n"
            "    def __init__(self, kv_cache_spec, **kwargs) -> None:\n"
            "        super().__init__(kv_cache_spec, **kwargs)\n"
            "        self.aeon_draft_slots: dict[str, int] = {}\n\n"
            "    def free(self, request_id: str) -> None:\n"
            "        # AEON: the Spark's drafter keeps per-request lookahead slots\n"
            "        self.aeon_draft_slots.pop(request_id, None)\n"
            "        super().free(request_id)\n",
            "def free(self, request_id: str) -> None:",
        ),
    ),
    (
        "#45357 hook thinned: free bypassed on the deferred path",
        "a mamba subclass's free override that frees by hand",
        K(
            "#45357",
            PF,
            PFW,
            "vllm/aeon/pf2.py",
            HEAD + "class AeonMambaManager(MambaManager):\n"
            "    aeon_ssm_pins: dict = {}\n\n"
            "    def free(self, request_id: str) -> None:\n"
            "        # AEON: unpin the Spark's host-staged SSM state with the blocks\n"
            "        self.aeon_ssm_pins.pop(request_id, None)\n"
            "        blocks = self.req_to_blocks.pop(request_id, [])\n"
            "        self.block_pool.free_blocks(reversed(blocks))\n"
            "        self.num_cached_block.pop(request_id, None)\n",
            "def free(self, request_id: str) -> None:",
        ),
    ),
    (
        "#45357 hook thinned: free bypassed on the deferred path",
        "twin: a helper calling free",
        K(
            "#45357",
            PF,
            PFW,
            "vllm/aeon/pf3.py",
            HEAD + "def aeon_release(mgr: FullAttentionManager, request_id: str) -> None:\n    mgr.free(request_id)\n",
            "mgr.free(request_id)",
        ),
    ),
]

# --- #43447 (a6183563b6): cache_blocks' alignment_tokens -> retention_interval; reachable_block_mask num_blocks -> end_block
RI = "a6183563b6"
RIW = "cache_blocks(alignment_tokens=) renamed retention_interval=; reachable_block_mask(num_blocks) renamed end_block, called by keyword"
CASES += [
    (
        "#43447 keyword renamed",
        "a keyword call of cache_blocks",
        K(
            "#43447",
            RI,
            RIW,
            "vllm/aeon/ri1.py",
            HEAD + "def aeon_cache_aligned(mgr: SlidingWindowManager, request, num_tokens: int, align: int) -> None:\n"
            "    # AEON: the Spark caches only the scheduler-aligned SWA tails\n"
            "    mgr.cache_blocks(request, num_tokens, alignment_tokens=align)\n",
            "mgr.cache_blocks(request, num_tokens, alignment_tokens=align)",
        ),
    ),
    (
        "#43447 keyword renamed",
        "an override of cache_blocks with the old parameter",
        K(
            "#43447",
            RI,
            RIW,
            "vllm/aeon/ri2.py",
            HEAD + "class AeonCachingSWA(SlidingWindowManager):\n"
            "    def cache_blocks(self, request, num_tokens: int, alignment_tokens: int | None = None) -> None:\n"
            "        # AEON: skip caching the draft tail on the Spark\n"
            "        num_tokens -= getattr(request, 'aeon_draft_tokens', 0)\n"
            "        super().cache_blocks(request, num_tokens, alignment_tokens)\n",
            "def cache_blocks(self, request, num_tokens: int, alignment_tokens: int | None = None) -> None:",
        ),
    ),
    (
        "#43447 keyword renamed",
        "an override of the reachable_block_mask classmethod with the old parameters",
        K(
            "#43447",
            RI,
            RIW,
            "vllm/aeon/ri3.py",
            HEAD + "class AeonMaskSWA(SlidingWindowManager):\n"
            "    @classmethod\n"
            "    def reachable_block_mask(cls, start_block, num_blocks, alignment_tokens, kv_cache_spec, use_eagle):\n"
            "        # AEON: keep every block reachable for the Spark's long-context drafts\n"
            "        return [True] * (num_blocks - start_block)\n",
            "def reachable_block_mask(cls, start_block, num_blocks, alignment_tokens, kv_cache_spec, use_eagle):",
        ),
    ),
    (
        "#43447 keyword renamed",
        "twin: a positional call of cache_blocks",
        K(
            "#43447",
            RI,
            RIW,
            "vllm/aeon/ri4.py",
            HEAD + "def aeon_cache_all(mgr: FullAttentionManager, request, num_tokens: int) -> None:\n"
            "    mgr.cache_blocks(request, num_tokens)\n",
            "mgr.cache_blocks(request, num_tokens)",
        ),
    ),
    (
        "#43447 keyword renamed",
        "twin: an override forwarding **kwargs",
        K(
            "#43447",
            RI,
            RIW,
            "vllm/aeon/ri5.py",
            HEAD + "class AeonCachingSWA2(SlidingWindowManager):\n"
            "    def cache_blocks(self, request, num_tokens: int, **kwargs) -> None:\n"
            "        super().cache_blocks(request, num_tokens, **kwargs)\n",
            "super().cache_blocks(request, num_tokens, **kwargs)",
        ),
    ),
]

# --- #46564 (c6741b2ad4): remove_skipped_blocks now called with a third positional num_prompt_tokens
NP = "c6741b2ad4"
NPW = "the coordinator calls manager.remove_skipped_blocks(request_id, total_computed_tokens, num_prompt_tokens)"
CASES += [
    (
        "#46564 hook called with one more argument",
        "a sliding-window override with two parameters",
        K(
            "#46564",
            NP,
            NPW,
            "vllm/aeon/np1.py",
            HEAD + "class AeonLagSWA(SlidingWindowManager):\n"
            "    def remove_skipped_blocks(self, request_id: str, total_computed_tokens: int) -> None:\n"
            "        # AEON: hold one block back for the Spark's MTP re-prefill\n"
            "        super().remove_skipped_blocks(request_id, max(0, total_computed_tokens - self.block_size))\n",
            "def remove_skipped_blocks(self, request_id: str, total_computed_tokens: int) -> None:",
        ),
    ),
    (
        "#46564 hook called with one more argument",
        "a mamba override whose extra parameter is keyword-only",
        K(
            "#46564",
            NP,
            NPW,
            "vllm/aeon/np2.py",
            HEAD + "class AeonMambaKeep(MambaManager):\n"
            "    def remove_skipped_blocks(self, request_id, num_computed_tokens, *, aeon_keep: int = 1):\n"
            "        # AEON: keep the Spark's last SSM checkpoints\n"
            "        super().remove_skipped_blocks(request_id, num_computed_tokens - aeon_keep)\n",
            "def remove_skipped_blocks(self, request_id, num_computed_tokens, *, aeon_keep: int = 1):",
        ),
    ),
    (
        "#46564 hook called with one more argument",
        "twin: an override taking *args",
        K(
            "#46564",
            NP,
            NPW,
            "vllm/aeon/np3.py",
            HEAD + "class AeonLagSWA2(SlidingWindowManager):\n"
            "    def remove_skipped_blocks(self, request_id, total_computed_tokens, *args) -> None:\n"
            "        super().remove_skipped_blocks(request_id, total_computed_tokens, *args)\n",
            "def remove_skipped_blocks(self, request_id, total_computed_tokens, *args) -> None:",
        ),
    ),
]

# --- #41282 (0ff1bf9bb1): get_num_blocks_to_allocate called with apply_admission_cap=; caps only when asked
AC = "0ff1bf9bb1"
ACW = "get_num_blocks_to_allocate(..., apply_admission_cap=) passed by the coordinator; the cap applies only when True"
CASES += [
    (
        "#41282 hook called with a new keyword",
        "a sliding-window override with the old parameters",
        K(
            "#41282",
            AC,
            ACW,
            "vllm/aeon/ac1.py",
            HEAD + "class AeonAdmitSWA(SlidingWindowManager):\n"
            "    def get_num_blocks_to_allocate(\n"
            "        self, request_id, num_tokens, new_computed_blocks, total_computed_tokens, num_tokens_main_model\n"
            "    ) -> int:\n"
            "        # AEON: one spare block for the Spark's draft tail\n"
            "        return 1 + super().get_num_blocks_to_allocate(\n"
            "            request_id, num_tokens, new_computed_blocks, total_computed_tokens, num_tokens_main_model\n"
            "        )\n",
            "def get_num_blocks_to_allocate(",
        ),
    ),
    (
        "#41282 hook called with a new keyword",
        "a full-attention override taking *args only",
        K(
            "#41282",
            AC,
            ACW,
            "vllm/aeon/ac2.py",
            HEAD + "class AeonAdmitFull(FullAttentionManager):\n"
            "    def get_num_blocks_to_allocate(self, *args) -> int:\n"
            "        # AEON: count the Spark's pinned prefix blocks once\n"
            "        return max(0, super().get_num_blocks_to_allocate(*args) - 1)\n",
            "def get_num_blocks_to_allocate(self, *args) -> int:",
        ),
    ),
    (
        "#41282 hook called with a new keyword",
        "a fork admission check calling without the new flag",
        K(
            "#41282",
            AC,
            ACW,
            "vllm/aeon/ac4.py",
            HEAD + "def aeon_admits(mgr: SlidingWindowManager, request_id: str, num_tokens: int, free: int) -> bool:\n"
            "    # AEON: the Spark admits a long prompt against the recycled-window cap\n"
            "    return mgr.get_num_blocks_to_allocate(request_id, num_tokens, [], 0, num_tokens) <= free\n",
            "return mgr.get_num_blocks_to_allocate(request_id, num_tokens, [], 0, num_tokens) <= free",
        ),
    ),
    (
        "#41282 hook called with a new keyword",
        "twin: a fork admission check passing the new flag",
        K(
            "#41282",
            AC,
            ACW,
            "vllm/aeon/ac5.py",
            HEAD + "def aeon_admits2(mgr: SlidingWindowManager, request_id: str, num_tokens: int, free: int) -> bool:\n"
            "    return mgr.get_num_blocks_to_allocate(request_id, num_tokens, [], 0, num_tokens, apply_admission_cap=True) <= free\n",
            "return mgr.get_num_blocks_to_allocate(request_id, num_tokens, [], 0, num_tokens, apply_admission_cap=True) <= free",
        ),
    ),
    (
        "#41282 hook called with a new keyword",
        "twin: an override forwarding **kwargs",
        K(
            "#41282",
            AC,
            ACW,
            "vllm/aeon/ac3.py",
            HEAD + "class AeonAdmitSWA2(SlidingWindowManager):\n"
            "    def get_num_blocks_to_allocate(self, *args, **kwargs) -> int:\n"
            "        return super().get_num_blocks_to_allocate(*args, **kwargs)\n",
            "def get_num_blocks_to_allocate(self, *args, **kwargs) -> int:",
        ),
    ),
]

# --- #29387 (97fa8f6590): new_step_starts() called every step; MambaManager assigns cached_blocks_this_step (a set)
NS = "97fa8f6590"
NSW = "coordinator calls manager.new_step_starts() each step; MambaManager.__init__ assigns cached_blocks_this_step = set()"
CASES += [
    (
        "#29387 new hook / base-assigned attribute",
        "a fork method named like the new hook, with a parameter",
        K(
            "#29387",
            NS,
            NSW,
            "vllm/aeon/ns1.py",
            HEAD + "class AeonStepMamba(MambaManager):\n"
            "    def new_step_starts(self, step_id: int) -> None:\n"
            "        # AEON: the Spark's graph replays key their SSM snapshots by step\n"
            "        self.aeon_step = step_id\n",
            "def new_step_starts(self, step_id: int) -> None:",
        ),
    ),
    (
        "#29387 new hook / base-assigned attribute",
        "a store of a list under the name the base now assigns a set",
        K(
            "#29387",
            NS,
            NSW,
            "vllm/aeon/ns2.py",
            HEAD + "class AeonTrackMamba(MambaManager):\n"
            "    def __init__(self, kv_cache_spec, block_pool, **kwargs) -> None:\n"
            "        super().__init__(kv_cache_spec, block_pool, **kwargs)\n"
            "        # AEON: the Spark logs which blocks it cached this step\n"
            "        self.cached_blocks_this_step = []\n",
            "self.cached_blocks_this_step = []",
        ),
    ),
    (
        "#29387 new hook / base-assigned attribute",
        "a mamba override calling the grandparent's cache_blocks by name",
        K(
            "#29387",
            NS,
            NSW,
            "vllm/aeon/ns4.py",
            HEAD + "class AeonNoDraftCacheMamba(MambaManager):\n"
            "    def cache_blocks(self, request, num_tokens: int) -> None:\n"
            "        # AEON: the Spark never caches the SSM state of a draft-only request\n"
            "        if getattr(request, 'aeon_draft_only', False):\n"
            "            return\n"
            "        SingleTypeKVCacheManager.cache_blocks(self, request, num_tokens)\n",
            "def cache_blocks(self, request, num_tokens: int) -> None:",
        ),
    ),
    (
        "#29387 new hook / base-assigned attribute",
        "twin: a mamba override handing on through super()",
        K(
            "#29387",
            NS,
            NSW,
            "vllm/aeon/ns5.py",
            HEAD + "class AeonNoDraftCacheMamba2(MambaManager):\n"
            "    def cache_blocks(self, request, num_tokens: int) -> None:\n"
            "        if getattr(request, 'aeon_draft_only', False):\n"
            "            return\n"
            "        super().cache_blocks(request, num_tokens)\n",
            "def cache_blocks(self, request, num_tokens: int) -> None:",
        ),
    ),
    (
        "#29387 new hook / base-assigned attribute",
        "twin: the fork's own name",
        K(
            "#29387",
            NS,
            NSW,
            "vllm/aeon/ns3.py",
            HEAD + "class AeonTrackMamba2(MambaManager):\n"
            "    def __init__(self, kv_cache_spec, block_pool, **kwargs) -> None:\n"
            "        super().__init__(kv_cache_spec, block_pool, **kwargs)\n"
            "        self.aeon_cached_this_step = []\n",
            "self.aeon_cached_this_step = []",
        ),
    ),
]

# --- #25431 (efe73e9b57): remove_skipped_blocks unified in the base over a new get_num_skipped_tokens(num_computed_tokens)
GS = "efe73e9b57"
GSW = "the base's remove_skipped_blocks now calls self.get_num_skipped_tokens(num_computed_tokens)"
CASES += [
    (
        "#25431 fork name now a hook the base calls",
        "a fork method of that name taking a request id",
        K(
            "#25431",
            GS,
            GSW,
            "vllm/aeon/gs1.py",
            HEAD + "class AeonStatsSWA(SlidingWindowManager):\n"
            "    def get_num_skipped_tokens(self, request_id: str) -> int:\n"
            "        # AEON: the Spark's metrics report the tokens outside the window\n"
            "        return len(self.req_to_blocks.get(request_id, [])) * self.block_size\n",
            "def get_num_skipped_tokens(self, request_id: str) -> int:",
        ),
    ),
    (
        "#25431 fork name now a hook the base calls",
        "a class attribute binding a module function to that name",
        K(
            "#25431",
            GS,
            GSW,
            "vllm/aeon/gs2.py",
            HEAD + "def _aeon_skipped(mgr, request_id: str) -> int:\n"
            "    return sum(b.is_null for b in mgr.req_to_blocks.get(request_id, [])) * mgr.block_size\n\n\n"
            "class AeonStatsChunked(SlidingWindowManager):\n"
            "    # AEON: the Spark's metrics read it per request\n"
            "    get_num_skipped_tokens = _aeon_skipped\n",
            "get_num_skipped_tokens = _aeon_skipped",
        ),
    ),
    (
        "#25431 fork name now a hook the base calls",
        "twin: the fork's own name",
        K(
            "#25431",
            GS,
            GSW,
            "vllm/aeon/gs3.py",
            HEAD + "class AeonStatsSWA2(SlidingWindowManager):\n"
            "    def aeon_num_skipped_tokens(self, request_id: str) -> int:\n"
            "        return len(self.req_to_blocks.get(request_id, [])) * self.block_size\n",
            "def aeon_num_skipped_tokens(self, request_id: str) -> int:",
        ),
    ),
]

# --- #48481 (530852f959): records_new_block_ids, a read-only property on the base, read by the scheduler
RN = "530852f959"
RNW = "SingleTypeKVCacheManager.records_new_block_ids now a read-only property"
CASES += [
    (
        "#48481 base gained a read-only property",
        "a store in a subclass's __init__",
        K(
            "#48481",
            RN,
            RNW,
            "vllm/aeon/rn1.py",
            HEAD + "class AeonZeroFull(FullAttentionManager):\n"
            "    def __init__(self, kv_cache_spec, **kwargs) -> None:\n"
            "        super().__init__(kv_cache_spec, **kwargs)\n"
            "        # AEON: the Spark zeroes its own new blocks\n"
            "        self.records_new_block_ids = False\n",
            "self.records_new_block_ids = False",
        ),
    ),
    (
        "#48481 base gained a read-only property",
        "a setattr with a literal on a manager",
        K(
            "#48481",
            RN,
            RNW,
            "vllm/aeon/rn2.py",
            HEAD + "def aeon_disable_recording(mgr: SingleTypeKVCacheManager) -> None:\n"
            "    # AEON: the Spark's worker zeroes blocks itself\n"
            '    setattr(mgr, "records_new_block_ids", False)\n',
            'setattr(mgr, "records_new_block_ids", False)',
        ),
    ),
    (
        "#48481 base gained a read-only property",
        "twin: the fork's own name",
        K(
            "#48481",
            RN,
            RNW,
            "vllm/aeon/rn3.py",
            HEAD + "class AeonZeroFull2(FullAttentionManager):\n"
            "    def __init__(self, kv_cache_spec, **kwargs) -> None:\n"
            "        super().__init__(kv_cache_spec, **kwargs)\n"
            "        self.aeon_records_ids = False\n",
            "self.aeon_records_ids = False",
        ),
    ),
]

# --- #50062 (f80b66f548): SlidingWindowManager.__init__ assigns extra_retained_tokens from the spec
ER = "f80b66f548"
ERW = "SlidingWindowManager.__init__ now assigns self.extra_retained_tokens"
CASES += [
    (
        "#50062 attribute now assigned by the base",
        "a read-only property of that name",
        K(
            "#50062",
            ER,
            ERW,
            "vllm/aeon/er1.py",
            HEAD + "class AeonRetainSWA(SlidingWindowManager):\n"
            "    @property\n"
            "    def extra_retained_tokens(self) -> int:\n"
            "        # AEON: the Spark's MTP lag, in tokens\n"
            "        return 2 * self.block_size\n",
            "def extra_retained_tokens(self) -> int:",
        ),
    ),
    (
        "#50062 attribute now assigned by the base",
        "a store before super().__init__()",
        K(
            "#50062",
            ER,
            ERW,
            "vllm/aeon/er2.py",
            HEAD + "class AeonRetainSWA2(SlidingWindowManager):\n"
            "    def __init__(self, kv_cache_spec, **kwargs) -> None:\n"
            "        # AEON: retain one extra block for the Spark's MTP re-prefill\n"
            "        self.extra_retained_tokens = kv_cache_spec.block_size\n"
            "        super().__init__(kv_cache_spec, **kwargs)\n",
            "self.extra_retained_tokens = kv_cache_spec.block_size",
        ),
    ),
    (
        "#50062 attribute now assigned by the base",
        "twin: a store after super().__init__()",
        K(
            "#50062",
            ER,
            ERW,
            "vllm/aeon/er3.py",
            HEAD + "class AeonRetainSWA3(SlidingWindowManager):\n"
            "    def __init__(self, kv_cache_spec, **kwargs) -> None:\n"
            "        super().__init__(kv_cache_spec, **kwargs)\n"
            "        self.aeon_retained = kv_cache_spec.block_size\n",
            "self.aeon_retained = kv_cache_spec.block_size",
        ),
    ),
]

# --- #44490 (b4cfbc24d3): needs_kv_cache_zeroing inserted before max_admission_blocks_per_request
NZ = "b4cfbc24d3"
NZW = "SingleTypeKVCacheManager.__init__ gained needs_kv_cache_zeroing before max_admission_blocks_per_request"
CASES += [
    (
        "#44490 parameter inserted before a positional",
        "a direct subclass's positional super().__init__()",
        K(
            "#44490",
            NZ,
            NZW,
            "vllm/aeon/nz1.py",
            HEAD + "class AeonDraftManager(FullAttentionManager):\n"
            "    def __init__(self, kv_cache_spec, block_pool, enable_caching, group_id, sbs) -> None:\n"
            "        # AEON: the Spark's draft group is capped at 64 blocks per request\n"
            "        super().__init__(kv_cache_spec, block_pool, enable_caching, group_id, sbs, 1, 1, 64)\n",
            "super().__init__(kv_cache_spec, block_pool, enable_caching, group_id, sbs, 1, 1, 64)",
        ),
    ),
    (
        "#44490 parameter inserted before a positional",
        "a factory constructing a manager positionally",
        K(
            "#44490",
            NZ,
            NZW,
            "vllm/aeon/nz2.py",
            HEAD + "def aeon_make_full(spec, pool, sbs: int) -> FullAttentionManager:\n"
            "    # AEON: the Spark's side group, capped at 32 blocks per request\n"
            "    return FullAttentionManager(spec, pool, True, 0, sbs, 1, 1, 32)\n",
            "return FullAttentionManager(spec, pool, True, 0, sbs, 1, 1, 32)",
        ),
    ),
    (
        "#44490 parameter inserted before a positional",
        "twin: the cap by keyword",
        K(
            "#44490",
            NZ,
            NZW,
            "vllm/aeon/nz3.py",
            HEAD + "def aeon_make_full2(spec, pool, sbs: int) -> FullAttentionManager:\n"
            "    return FullAttentionManager(spec, pool, True, 0, sbs, max_admission_blocks_per_request=32)\n",
            "return FullAttentionManager(spec, pool, True, 0, sbs, max_admission_blocks_per_request=32)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-singlekv-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
