"""A blind replay of the KV cache coordinator, the per-type managers and the block pool a fork extends.

9 first-parent commits on the surface a fork's KV-cache code is written against and that
``blind_replay_kvcache.py`` does not use -- ``single_type_kv_cache_manager``'s registry and hooks
(#37505: ``spec_manager_map`` removed for a registry class; #40946: ``get_manager_for_kv_cache_spec``
given required ``max_num_batched_tokens``/``max_model_len`` and the coordinators' ``__init__`` a positional
``max_num_batched_tokens`` inserted third; #23485: ``get_num_common_prefix_blocks(request_id,
num_running_requests)`` made ``(running_request_id)``; #30166: ``save_new_computed_blocks`` renamed
``allocate_new_computed_blocks``, ``get_num_blocks_to_allocate`` given a required ``total_computed_tokens``,
``BlockPool.touch`` taking one flat sequence instead of a tuple of per-group lists; #44409:
``allocate_new_computed_blocks`` renamed ``add_local_computed_blocks``; #42258: ``cache_blocks`` and
``BlockPool.cache_full_blocks`` now called with ``alignment_tokens=`` / ``block_mask=``), the block pool
(#42656: ``free_blocks``' ``prepend`` keyword removed) and the manager facade (#47728:
``max_num_batched_tokens`` renamed ``max_in_flight_tokens`` and ``remove_skipped_blocks``'
``total_computed_tokens`` renamed ``processed_computed_tokens``, passed by keyword; #24964:
``create_empty_block_list`` removed, an empty ``KVCacheBlocks`` now holding tuples) -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is
replayed under 1-3 fork spellings written the way fork code is written (a manager subclass override, a
``super().__init__`` call, a keyword construction, a call on a typed receiver, an import, a registry key
written through a module attribute, an element method on a record's tuple), with twins (fork code beside
the same change that it does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 972980f2): 16 caught, 0 warned, 2 missed of 18 (twins: 8
quiet, 1 false error).  The misses: #30166's ``pool.touch((blocks,))`` (a tuple of per-group lists handed
to a parameter upstream made one flat sequence of blocks: ``touch`` now walks the tuple and reads
``ref_cnt`` off a list) and #24964's ``computed.blocks[0].append(sink)`` (an empty ``KVCacheBlocks`` now
holds tuples, shared by every request: ``.append`` raises only when nothing was cached).  The false error:
#30166's twin override of ``remove_skipped_blocks(request_id, num_computed_tokens)``, whose base parameter
upstream only renamed and called by position; the one keyword call upstream wrote,
``self.kv_cache_manager.remove_skipped_blocks(total_computed_tokens=...)`` in the scheduler, is the facade
``KVCacheManager``'s method of the same name.
After the killers99 widenings: 17 caught, 0 warned, 1 missed of 18 (twins: 9 quiet, 1 of them warned, 0 false
errors).  Quiet now: an override whose parameter upstream only renamed, where the one keyword call of the
method's name is off a receiver typed as an unrelated class (a warning, ``drift/typed_away.py``).  Caught
now: a display of the old nesting depth passed for a parameter upstream flattened or nested
(``drift/flattened.py``).  Left: #24964's ``.append`` on an element of ``KVCacheBlocks.blocks``, whose
annotation went from ``list`` to ``Sequence`` (typing hygiene, almost always) while the empty instance
came to hold tuples: nothing in the annotations says the values changed, a warning at best.
Regression set on this branch (snapshot at dc31ccc4): killer_replay 26/26, kind_change_replay 12/12,
blind_replay_kvcache 17/0/0 (0 false), blind_replay_openai 17/1/0 (0 false), blind_replay_scheduler 13/1/0
(0 false), review15/16/17_twins 0 false errors of 40/30/23, symbol_precision 0 false errors in 2 windows
(the third cut for time on a loaded machine).
After fixAK (false errors a reviewer proved in flattened and typed_away mended: a new body that asks the
element's kind, an annotation-only correction and an untyped receiver matched by name quiet or warned; a
Protocol or mixin receiver counted again): unchanged, 17 caught, 0 warned, 1 missed of 18 (twins: 9 quiet,
1 of them warned, 0 false errors).

  python benchmarks/blind_replay_kvcoord.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

STM = "from vllm.v1.core import single_type_kv_cache_manager as stm\n"
STM_IMP = "from vllm.v1.core.single_type_kv_cache_manager import "
REQ = "from vllm.v1.request import Request\n"

# --- #37505 (0c6631f02a): spec_manager_map removed; KVCacheSpecRegistry maps spec -> manager now
SM = "0c6631f02a"
SMW = "spec_manager_map removed for KVCacheSpecRegistry"
CASES += [
    (
        "#37505 registry dict removed",
        "an import of the map",
        K(
            "#37505",
            SM,
            SMW,
            "vllm/aeon/kc_sm1.py",
            STM_IMP + "FullAttentionManager, spec_manager_map\n"
            "from vllm.v1.kv_cache_interface import FullAttentionSpec\n\n\n"
            "class AeonPagedSpec(FullAttentionSpec):\n"
            "    pass\n\n\n"
            "# AEON: the Spark's paged spec is managed like full attention\n"
            "spec_manager_map[AeonPagedSpec] = FullAttentionManager\n",
            STM_IMP + "FullAttentionManager, spec_manager_map",
        ),
    ),
    (
        "#37505 registry dict removed",
        "a registry key written through the module",
        K(
            "#37505",
            SM,
            SMW,
            "vllm/aeon/kc_sm2.py",
            STM + "from vllm.v1.kv_cache_interface import SlidingWindowSpec\n\n\n"
            "class AeonRingSpec(SlidingWindowSpec):\n"
            "    pass\n\n\n"
            "def aeon_register() -> None:\n"
            "    stm.spec_manager_map[AeonRingSpec] = stm.SlidingWindowManager\n",
            "stm.spec_manager_map[AeonRingSpec] = stm.SlidingWindowManager",
        ),
    ),
    (
        "#37505 registry dict removed",
        "twin: a manager class read off the module",
        K(
            "#37505",
            SM,
            SMW,
            "vllm/aeon/kc_sm3.py",
            STM + "\n\ndef aeon_is_full(manager: object) -> bool:\n"
            "    return isinstance(manager, stm.FullAttentionManager)\n",
            "return isinstance(manager, stm.FullAttentionManager)",
        ),
    ),
]

# --- #40946 (7b1bc0a3eb): get_manager_for_kv_cache_spec(spec, **kwargs) -> (spec, max_num_batched_tokens,
#     max_model_len, **kwargs); the coordinators' __init__ gained max_num_batched_tokens third
AC = "7b1bc0a3eb"
ACW = "max_num_batched_tokens/max_model_len made required; coordinator positional inserted"
CASES += [
    (
        "#40946 required parameters added",
        "a keyword call missing the new required parameters",
        K(
            "#40946",
            AC,
            ACW,
            "vllm/aeon/kc_ac1.py",
            "from vllm.v1.core.block_pool import BlockPool\n"
            + STM_IMP
            + "SingleTypeKVCacheManager, get_manager_for_kv_cache_spec\n"
            "from vllm.v1.kv_cache_interface import KVCacheSpec\n\n\n"
            "def aeon_manager(spec: KVCacheSpec, pool: BlockPool, group_id: int) -> SingleTypeKVCacheManager:\n"
            "    return get_manager_for_kv_cache_spec(spec, block_pool=pool, enable_caching=True, kv_cache_group_id=group_id)\n",
            "return get_manager_for_kv_cache_spec(spec, block_pool=pool, enable_caching=True, kv_cache_group_id=group_id)",
        ),
    ),
    (
        "#40946 required parameters added",
        "a subclass's positional super().__init__",
        K(
            "#40946",
            AC,
            ACW,
            "vllm/aeon/kc_ac2.py",
            "from vllm.v1.core.kv_cache_coordinator import UnitaryKVCacheCoordinator\n"
            "from vllm.v1.kv_cache_interface import KVCacheConfig\n\n\n"
            "class AeonCoordinator(UnitaryKVCacheCoordinator):\n"
            "    def __init__(self, kv_cache_config: KVCacheConfig, max_model_len: int, hash_block_size: int) -> None:\n"
            "        # AEON: the Spark never runs eagle and always caches\n"
            "        super().__init__(kv_cache_config, max_model_len, False, True, False, 1, 1, hash_block_size)\n",
            "super().__init__(kv_cache_config, max_model_len, False, True, False, 1, 1, hash_block_size)",
        ),
    ),
    (
        "#40946 required parameters added",
        "twin: a manager subclass handing **kwargs on",
        K(
            "#40946",
            AC,
            ACW,
            "vllm/aeon/kc_ac3.py",
            STM_IMP + "SlidingWindowManager\n"
            "from vllm.v1.kv_cache_interface import SlidingWindowSpec\n\n\n"
            "class AeonSlidingManager(SlidingWindowManager):\n"
            "    def __init__(self, kv_cache_spec: SlidingWindowSpec, **kwargs) -> None:\n"
            "        super().__init__(kv_cache_spec, **kwargs)\n"
            "        self.aeon_window = kv_cache_spec.sliding_window\n",
            "super().__init__(kv_cache_spec, **kwargs)",
        ),
    ),
]

# --- #23485 (cd9890544b): get_num_common_prefix_blocks(request_id, num_running_requests) ->
#     (running_request_id) on the managers, the coordinator and KVCacheManager (which took a Request)
CP = "cd9890544b"
CPW = "get_num_common_prefix_blocks lost num_running_requests"
CASES += [
    (
        "#23485 parameter removed",
        "a manager override keeping the old parameters",
        K(
            "#23485",
            CP,
            CPW,
            "vllm/aeon/kc_cp1.py",
            STM_IMP + "FullAttentionManager\n\n\n"
            "class AeonFullManager(FullAttentionManager):\n"
            "    def get_num_common_prefix_blocks(self, request_id: str, num_running_requests: int) -> int:\n"
            "        # AEON: cascade attention is off on GB10\n"
            "        return 0\n",
            "def get_num_common_prefix_blocks(self, request_id: str, num_running_requests: int) -> int:",
        ),
    ),
    (
        "#23485 parameter removed",
        "a call on a typed manager with two arguments",
        K(
            "#23485",
            CP,
            CPW,
            "vllm/aeon/kc_cp2.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheManager\n" + REQ + "\n\n"
            "def aeon_common(manager: KVCacheManager, request: Request, running: list[Request]) -> list[int]:\n"
            "    return manager.get_num_common_prefix_blocks(request, len(running))\n",
            "return manager.get_num_common_prefix_blocks(request, len(running))",
        ),
    ),
    (
        "#23485 parameter removed",
        "twin: get_block_ids on the same manager",
        K(
            "#23485",
            CP,
            CPW,
            "vllm/aeon/kc_cp3.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheManager\n" + REQ + "\n\n"
            "def aeon_ids(manager: KVCacheManager, request: Request) -> tuple[list[int], ...]:\n"
            "    return manager.get_block_ids(request.request_id)\n",
            "return manager.get_block_ids(request.request_id)",
        ),
    ),
]

# --- #30166 (52bf066516): save_new_computed_blocks -> allocate_new_computed_blocks(+ local/external counts);
#     get_num_blocks_to_allocate(+ total_computed_tokens); BlockPool.touch(tuple of lists) -> touch(sequence)
HC = "52bf066516"
HCW = "save_new_computed_blocks renamed, get_num_blocks_to_allocate widened, touch flattened"
CASES += [
    (
        "#30166 hook renamed",
        "an override of the renamed hook (never called again)",
        K(
            "#30166",
            HC,
            HCW,
            "vllm/aeon/kc_hc1.py",
            "from collections.abc import Sequence\n\n" + STM_IMP + "FullAttentionManager\n"
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
            "class AeonNoPrefixManager(FullAttentionManager):\n"
            "    def save_new_computed_blocks(self, request_id: str, new_computed_blocks: Sequence[KVCacheBlock]) -> None:\n"
            "        # AEON: the Spark's encoder cache never shares prefixes\n"
            "        assert len(new_computed_blocks) == 0\n",
            "def save_new_computed_blocks(self, request_id: str, new_computed_blocks: Sequence[KVCacheBlock]) -> None:",
        ),
    ),
    (
        "#30166 hook renamed",
        "an override the caller now passes one more argument",
        K(
            "#30166",
            HC,
            HCW,
            "vllm/aeon/kc_hc2.py",
            "from collections.abc import Sequence\n\n" + STM_IMP + "FullAttentionManager\n"
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
            "class AeonReserveManager(FullAttentionManager):\n"
            "    def get_num_blocks_to_allocate(self, request_id: str, num_tokens: int, new_computed_blocks: Sequence[KVCacheBlock]) -> int:\n"
            "        # AEON: keep one spare block per request for the Spark's draft head\n"
            "        return super().get_num_blocks_to_allocate(request_id, num_tokens, new_computed_blocks) + 1\n",
            "def get_num_blocks_to_allocate(self, request_id: str, num_tokens: int, new_computed_blocks: Sequence[KVCacheBlock]) -> int:",
        ),
    ),
    (
        "#30166 hook renamed",
        "a tuple of per-group lists handed to touch",
        K(
            "#30166",
            HC,
            HCW,
            "vllm/aeon/kc_hc3.py",
            "from vllm.v1.core.block_pool import BlockPool\n"
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
            "def aeon_pin(pool: BlockPool, blocks: list[KVCacheBlock]) -> None:\n"
            "    pool.touch((blocks,))\n",
            "pool.touch((blocks,))",
        ),
    ),
    (
        "#30166 hook renamed",
        "twin: an override of remove_skipped_blocks (called positionally)",
        K(
            "#30166",
            HC,
            HCW,
            "vllm/aeon/kc_hc4.py",
            STM_IMP + "SlidingWindowManager\n\n\n"
            "class AeonWindowManager(SlidingWindowManager):\n"
            "    def remove_skipped_blocks(self, request_id: str, num_computed_tokens: int) -> None:\n"
            "        self.aeon_last = num_computed_tokens\n"
            "        super().remove_skipped_blocks(request_id, num_computed_tokens)\n",
            "def remove_skipped_blocks(self, request_id: str, num_computed_tokens: int) -> None:",
        ),
    ),
]

# --- #44409 (588db18362): allocate_new_computed_blocks -> add_local_computed_blocks (+ a separate
#     allocate_external_computed_blocks)
LC = "588db18362"
LCW = "allocate_new_computed_blocks renamed add_local_computed_blocks"
CASES += [
    (
        "#44409 hook renamed",
        "an override extending the renamed hook through super()",
        K(
            "#44409",
            LC,
            LCW,
            "vllm/aeon/kc_lc1.py",
            "from collections.abc import Sequence\n\n" + STM_IMP + "FullAttentionManager\n"
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
            "class AeonCountingManager(FullAttentionManager):\n"
            "    aeon_hits = 0\n\n"
            "    def allocate_new_computed_blocks(\n"
            "        self,\n"
            "        request_id: str,\n"
            "        new_computed_blocks: Sequence[KVCacheBlock],\n"
            "        num_local_computed_tokens: int,\n"
            "        num_external_computed_tokens: int,\n"
            "    ) -> None:\n"
            "        self.aeon_hits += len(new_computed_blocks)\n"
            "        super().allocate_new_computed_blocks(\n"
            "            request_id, new_computed_blocks, num_local_computed_tokens, num_external_computed_tokens\n"
            "        )\n",
            "def allocate_new_computed_blocks(",
        ),
    ),
    (
        "#44409 hook renamed",
        "twin: an override of get_num_skipped_tokens",
        K(
            "#44409",
            LC,
            LCW,
            "vllm/aeon/kc_lc2.py",
            STM_IMP + "SlidingWindowManager\n\n\n"
            "class AeonSkipManager(SlidingWindowManager):\n"
            "    def get_num_skipped_tokens(self, num_computed_tokens: int) -> int:\n"
            "        return max(0, super().get_num_skipped_tokens(num_computed_tokens) - self.block_size)\n",
            "def get_num_skipped_tokens(self, num_computed_tokens: int) -> int:",
        ),
    ),
]

# --- #42656 (520828789c): BlockPool.free_blocks(ordered_blocks, prepend=False) -> free_blocks(ordered_blocks)
FB = "520828789c"
FBW = "free_blocks' prepend keyword removed"
BP = "from vllm.v1.core.block_pool import BlockPool\nfrom vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
CASES += [
    (
        "#42656 keyword removed",
        "a keyword call on a typed pool",
        K(
            "#42656",
            FB,
            FBW,
            "vllm/aeon/kc_fb1.py",
            BP + "def aeon_release_hot(pool: BlockPool, blocks: list[KVCacheBlock]) -> None:\n"
            "    # AEON: hot blocks go back to the head of the queue for reuse\n"
            "    pool.free_blocks(reversed(blocks), prepend=True)\n",
            "pool.free_blocks(reversed(blocks), prepend=True)",
        ),
    ),
    (
        "#42656 keyword removed",
        "a keyword call on self.block_pool in a manager subclass",
        K(
            "#42656",
            FB,
            FBW,
            "vllm/aeon/kc_fb2.py",
            STM_IMP + "FullAttentionManager\n\n\n"
            "class AeonLifoManager(FullAttentionManager):\n"
            "    def free(self, request_id: str) -> None:\n"
            "        blocks = self.req_to_blocks.pop(request_id, [])\n"
            "        self.block_pool.free_blocks(reversed(blocks), prepend=True)\n"
            "        self.num_cached_block.pop(request_id, None)\n",
            "self.block_pool.free_blocks(reversed(blocks), prepend=True)",
        ),
    ),
    (
        "#42656 keyword removed",
        "twin: the positional call",
        K(
            "#42656",
            FB,
            FBW,
            "vllm/aeon/kc_fb3.py",
            BP + "def aeon_release(pool: BlockPool, blocks: list[KVCacheBlock]) -> None:\n"
            "    pool.free_blocks(reversed(blocks))\n",
            "pool.free_blocks(reversed(blocks))",
        ),
    ),
]

# --- #47728 (cd0de48d08): KVCacheManager(max_num_batched_tokens=) -> max_in_flight_tokens=;
#     remove_skipped_blocks(total_computed_tokens) -> (processed_computed_tokens), the scheduler passes it by keyword
IF = "cd0de48d08"
IFW = "max_num_batched_tokens / total_computed_tokens renamed"
KM = "from vllm.v1.core.kv_cache_manager import KVCacheManager\n"
CASES += [
    (
        "#47728 keyword renamed",
        "a keyword construction of the manager",
        K(
            "#47728",
            IF,
            IFW,
            "vllm/aeon/kc_if1.py",
            KM + "from vllm.v1.kv_cache_interface import KVCacheConfig\n\n\n"
            "def aeon_manager(config: KVCacheConfig, max_model_len: int) -> KVCacheManager:\n"
            "    return KVCacheManager(config, max_model_len, scheduler_block_size=16, hash_block_size=16, max_num_batched_tokens=8192)\n",
            "return KVCacheManager(config, max_model_len, scheduler_block_size=16, hash_block_size=16, max_num_batched_tokens=8192)",
        ),
    ),
    (
        "#47728 keyword renamed",
        "an override keeping the old parameter name (the scheduler passes the new one by keyword)",
        K(
            "#47728",
            IF,
            IFW,
            "vllm/aeon/kc_if2.py",
            KM + "\n\nclass AeonKVCacheManager(KVCacheManager):\n"
            "    def remove_skipped_blocks(self, request_id: str, total_computed_tokens: int, num_prompt_tokens: int | None = None) -> None:\n"
            "        # AEON: keep the prompt's window on the Spark for the prefix-cache replay\n"
            "        super().remove_skipped_blocks(request_id, total_computed_tokens, num_prompt_tokens)\n",
            "def remove_skipped_blocks(self, request_id: str, total_computed_tokens: int, num_prompt_tokens: int | None = None) -> None:",
        ),
    ),
    (
        "#47728 keyword renamed",
        "twin: the positional call",
        K(
            "#47728",
            IF,
            IFW,
            "vllm/aeon/kc_if3.py",
            KM + REQ + "\n\n"
            "def aeon_trim(manager: KVCacheManager, request: Request) -> None:\n"
            "    manager.remove_skipped_blocks(request.request_id, request.num_computed_tokens)\n",
            "manager.remove_skipped_blocks(request.request_id, request.num_computed_tokens)",
        ),
    ),
]

# --- #42258 (4b364f810e): the hybrid coordinator calls manager.cache_blocks(..., alignment_tokens=) and the
#     managers call BlockPool.cache_full_blocks(..., block_mask=)
CB = "4b364f810e"
CBW = "cache_blocks / cache_full_blocks called with a new keyword"
CASES += [
    (
        "#42258 keyword now passed",
        "a manager override without the keyword",
        K(
            "#42258",
            CB,
            CBW,
            "vllm/aeon/kc_cb1.py",
            STM_IMP + "SlidingWindowManager\n" + REQ + "\n\n"
            "class AeonSwaManager(SlidingWindowManager):\n"
            "    def cache_blocks(self, request: Request, num_tokens: int) -> None:\n"
            "        # AEON: the Spark's SWA layers only cache whole windows\n"
            "        super().cache_blocks(request, num_tokens - num_tokens % self.sliding_window)\n",
            "def cache_blocks(self, request: Request, num_tokens: int) -> None:",
        ),
    ),
    (
        "#42258 keyword now passed",
        "a block-pool override without the keyword",
        K(
            "#42258",
            CB,
            CBW,
            "vllm/aeon/kc_cb2.py",
            "from vllm.v1.core.block_pool import BlockPool\n"
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n" + REQ + "\n\n"
            "class AeonBlockPool(BlockPool):\n"
            "    def cache_full_blocks(\n"
            "        self,\n"
            "        request: Request,\n"
            "        blocks: list[KVCacheBlock],\n"
            "        num_cached_blocks: int,\n"
            "        num_full_blocks: int,\n"
            "        block_size: int,\n"
            "        kv_cache_group_id: int,\n"
            "    ) -> None:\n"
            "        self.aeon_cached = num_full_blocks - num_cached_blocks\n"
            "        super().cache_full_blocks(request, blocks, num_cached_blocks, num_full_blocks, block_size, kv_cache_group_id)\n",
            "def cache_full_blocks(",
        ),
    ),
    (
        "#42258 keyword now passed",
        "twin: a manager override taking **kwargs on",
        K(
            "#42258",
            CB,
            CBW,
            "vllm/aeon/kc_cb3.py",
            STM_IMP + "FullAttentionManager\n" + REQ + "\n\n"
            "class AeonTracedManager(FullAttentionManager):\n"
            "    def cache_blocks(self, request: Request, num_tokens: int, **kwargs) -> None:\n"
            "        self.aeon_last = num_tokens\n"
            "        super().cache_blocks(request, num_tokens, **kwargs)\n",
            "def cache_blocks(self, request: Request, num_tokens: int, **kwargs) -> None:",
        ),
    ),
]

# --- #24964 (acaa2c0a4a): KVCacheManager.create_empty_block_list removed (empty_kv_cache_blocks, a shared
#     instance whose per-group entries are empty tuples, replaces it)
EB = "acaa2c0a4a"
EBW = "create_empty_block_list removed; empty KVCacheBlocks hold tuples"
CASES += [
    (
        "#24964 method removed",
        "a call on a typed manager",
        K(
            "#24964",
            EB,
            EBW,
            "vllm/aeon/kc_eb1.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheBlocks, KVCacheManager\n\n\n"
            "def aeon_nothing_cached(manager: KVCacheManager) -> KVCacheBlocks:\n"
            "    return manager.create_empty_block_list()\n",
            "return manager.create_empty_block_list()",
        ),
    ),
    (
        "#24964 method removed",
        "an element list appended to on an empty result",
        K(
            "#24964",
            EB,
            EBW,
            "vllm/aeon/kc_eb2.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheBlocks, KVCacheManager\n"
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n" + REQ + "\n\n"
            "def aeon_with_sink(manager: KVCacheManager, request: Request, sink: KVCacheBlock) -> KVCacheBlocks:\n"
            "    computed, _ = manager.get_computed_blocks(request)\n"
            "    computed.blocks[0].append(sink)\n"
            "    return computed\n",
            "computed.blocks[0].append(sink)",
        ),
    ),
    (
        "#24964 method removed",
        "twin: get_block_ids on the blocks",
        K(
            "#24964",
            EB,
            EBW,
            "vllm/aeon/kc_eb3.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheManager\n" + REQ + "\n\n"
            "def aeon_ids(manager: KVCacheManager, request: Request) -> tuple[list[int], ...]:\n"
            "    return manager.get_blocks(request.request_id).get_block_ids()\n",
            "return manager.get_blocks(request.request_id).get_block_ids()",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvcoord-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
