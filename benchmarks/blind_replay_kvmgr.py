"""A blind replay of the v1 KV cache manager, block pool and single-type managers a fork's prefix-cache carries touch.

11 first-parent commits on ``vllm/v1/core/{kv_cache_manager,block_pool,single_type_kv_cache_manager}.py`` -- the
classes a fork that carries its own prefix-cache policy and speculative-token slot accounting subclasses, calls
and reads: ``KVCacheManager.get_computed_blocks`` made to return ``(blocks, num_computed_tokens)`` (#12003),
``_evict_cached_block`` renamed ``_maybe_evict_cached_block`` (#12333), ``append_slots`` folded into
``allocate_slots`` whose ``computed_blocks`` became ``new_computed_blocks`` (#12608), ``uncache_blocks`` removed
(#12415), the manager's block list, free queue and hash map moved into a ``BlockPool`` object (#13973),
``num_cached_block`` turned from a ``defaultdict(int)`` into a plain dict (#14073), a required hash function
put first in ``hash_request_tokens``/``hash_block_tokens`` and last in ``BlockPool.cache_full_blocks`` (#15297),
``find_longest_cache_hit`` given a required ``max_length`` (#17999), the prefix-cache stats counted in tokens
instead of blocks (#18003), the sliding-window and chunked-local managers' constructors no longer taking
``block_pool`` positionally (#30877), and ``_cache_block_mask`` renamed the class method ``reachable_block_mask``
with ``find_longest_cache_hit``'s ``use_eagle`` renamed ``drop_eagle_block`` (#44082) -- picked by scanning those
paths' diffs (``git log --first-parent -p``), avoiding the commits other replays use (``blind_replay_kvcache``,
``_kvcoord``, ``_kvevents``, ``_schedout`` cover parts of this surface).  Each is replayed under 1-3 fork
spellings written the way fork code is written (a ``len()`` or an iteration of a returned value, a subclass
override of a hook, a ``self.`` call, a ``super()`` call, a call of a removed method, a keyword call, a table of
callables, an iteration of an attribute, a read through an attribute, an index and an augmented assignment of a
dict attribute, a positional call, a keyword build, a scaled counter), with twins (fork code the commit does not
break: the kept method or attribute, the new spelling, a positional or keyword call that still fits, a ``.get``
with a default).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at 387be72d): 19 caught, 0 warned, 6 missed of 25 (twins: 12
quiet, 0 false errors; one warned: #30877's keyword build, whose ``block_pool=`` now lands in ``**kwargs``).
Symbol drift caught the renamed hook (its override and its ``self.`` call), the removed ``append_slots``,
``uncache_blocks`` (a call, a table of unbound methods), ``free_block_queue`` and ``_touch``, the renamed
``computed_blocks=`` and ``use_eagle=``, the required hash function (a missing argument, and three positionals
now landing one place later), the required ``max_length`` (an override and a call), ``block_pool`` passed
positionally to the sliding-window and chunked-local constructors, and the ``_cache_block_mask`` override
upstream no longer calls.  The misses: #12003's two (a ``len()`` of a local bound to ``get_computed_blocks``'s
value, 2 * block_size silently, and a comprehension over the call: upstream's scheduler unpacks the new pair
over a backslash continuation, so the evidence return drift asks for was not read), #13973's iteration of
``mgr.block_pool`` (a ``List[KVCacheBlock]`` now built, unannotated, as a ``BlockPool`` of another module:
TypeError), #14073's two (an index and an augmented assignment of ``num_cached_block``, a ``defaultdict(int)``
made ``{}``: KeyError on a fresh key; no check read an initializer's default factory) and #18003's (the
prefix-cache stats now count tokens where they counted blocks; ``stats.hits * block_size`` is silently wrong).
After the killers176 widenings: 24 caught, 0 warned, 1 missed of 25 (twins: 12 quiet, 0 false errors; the same
one warned).  Caught now: a one-value use of a call upstream made return a tuple and unpacks across a line
break, and the first misreading read of the local bound to it (return drift, ``drift/returns.py``); a builtin
container field rebuilt as a shapeless class's instance without an annotation (``drift/objectified.py``); a
``defaultdict`` attribute made a plain dict, indexed or added into (``drift/undefaulted.py``, new).  Left missed:
#18003's unit change -- the counter, its name and its type all stayed; only what each ``+=`` adds changed
(``len(block_hashes)`` to ``request.num_tokens``), and telling a block count from a token count needs the
meaning of the operands, not their shape.
Weighed again on mend61 (eb141937) and left: the candidate rule (an augmented assignment's addend changed from a
``len(...)`` count to a non-count scalar, a fork line multiplying or dividing the field) would also fire on the
fork's ``hits / queries`` ratio, whose two counters changed unit together and still agree: no rule tells that
ratio from ``hits * block_size`` without the operands' meaning.
Regression set at the widenings' head (a557b891): killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_kvcache 17/17 (10 quiet), blind_replay_devcomms 20 caught, 1 warned of 21 (12 quiet),
blind_replay_compwrap 22/22 (12 quiet), blind_replay_mtpmodels 16 caught, 5 warned, 1 missed of 22 (11 quiet), as
before; review73_twins 6 caught of 6, 0 false errors of 34 (3 warned), review81_twins 5 caught, 3 warned of 8, 0
false errors of 30 (2 warned), as before.

  python benchmarks/blind_replay_kvmgr.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MGR = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"

# --- #12003 (994fc655b7): get_computed_blocks returns (blocks, num_computed_tokens), no longer the block list
GC = "994fc655b7"
GCW = "KVCacheManager.get_computed_blocks returns a (blocks, num_computed_tokens) tuple"
CASES += [
    (
        "#12003 return shape changed",
        "a len() of the returned blocks",
        K(
            "#12003",
            GC,
            GCW,
            "vllm/aeon/gc1.py",
            MGR + "def aeon_cached_tokens(mgr: KVCacheManager, request: Request) -> int:\n"
            "    # AEON: the Spark's admission policy prices a prompt by its prefix-cache hit\n"
            "    computed = mgr.get_computed_blocks(request)\n"
            "    return len(computed) * mgr.block_size\n",
            "return len(computed) * mgr.block_size",
        ),
    ),
    (
        "#12003 return shape changed",
        "a subclass's iteration of the returned blocks",
        K(
            "#12003",
            GC,
            GCW,
            "vllm/aeon/gc2.py",
            MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_hit_ids(self, request: Request) -> list[int]:\n"
            "        # AEON: the Spark's prefix-cache policy logs which blocks a prompt reuses\n"
            "        return [blk.block_id for blk in self.get_computed_blocks(request)]\n",
            "return [blk.block_id for blk in self.get_computed_blocks(request)]",
        ),
    ),
    (
        "#12003 return shape changed",
        "twin: the kept block table",
        K(
            "#12003",
            GC,
            GCW,
            "vllm/aeon/gc3.py",
            MGR + "def aeon_held_blocks(mgr: KVCacheManager, request: Request) -> int:\n"
            "    return len(mgr.req_to_blocks[request.request_id])\n",
            "return len(mgr.req_to_blocks[request.request_id])",
        ),
    ),
]

# --- #12333 (f0ef37233e): KVCacheManager._evict_cached_block renamed _maybe_evict_cached_block (returns bool)
EV = "f0ef37233e"
EVW = "KVCacheManager._evict_cached_block renamed _maybe_evict_cached_block"
MB = (
    "from vllm.v1.core.kv_cache_manager import KVCacheManager\n"
    "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
)
CASES += [
    (
        "#12333 hook renamed",
        "a subclass override of the old hook",
        K(
            "#12333",
            EV,
            EVW,
            "vllm/aeon/ev1.py",
            MB + "class AeonKVCacheManager(KVCacheManager):\n"
            "    aeon_evictions = 0\n\n"
            "    def _evict_cached_block(self, block: KVCacheBlock) -> None:\n"
            "        # AEON: the Spark's prefix-cache policy counts evictions for its retention report\n"
            "        self.aeon_evictions += 1\n"
            "        super()._evict_cached_block(block)\n",
            "def _evict_cached_block(self, block: KVCacheBlock) -> None:",
        ),
    ),
    (
        "#12333 hook renamed",
        "a subclass's self. call of the old name",
        K(
            "#12333",
            EV,
            EVW,
            "vllm/aeon/ev2.py",
            MB + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_drop(self, blocks: list[KVCacheBlock]) -> None:\n"
            "        # AEON: the Spark's retention policy drops the hashes of a cancelled prompt\n"
            "        for block in blocks:\n"
            "            self._evict_cached_block(block)\n",
            "self._evict_cached_block(block)",
        ),
    ),
    (
        "#12333 hook renamed",
        "twin: an override of the kept _get_new_blocks",
        K(
            "#12333",
            EV,
            EVW,
            "vllm/aeon/ev3.py",
            MB + "class AeonKVCacheManager(KVCacheManager):\n"
            "    aeon_allocated = 0\n\n"
            "    def _get_new_blocks(self, num_blocks: int) -> list[KVCacheBlock]:\n"
            "        self.aeon_allocated += num_blocks\n"
            "        return super()._get_new_blocks(num_blocks)\n",
            "return super()._get_new_blocks(num_blocks)",
        ),
    ),
]

# --- #12608 (f8ece6e17f): append_slots removed (allocate_slots serves prefill and decode);
#     allocate_slots' computed_blocks renamed new_computed_blocks
AS = "f8ece6e17f"
ASW = "KVCacheManager.append_slots removed; allocate_slots(computed_blocks) renamed new_computed_blocks"
CASES += [
    (
        "#12608 method removed, parameter renamed",
        "a call of the removed append_slots",
        K(
            "#12608",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            MGR + "def aeon_grow(mgr: KVCacheManager, request: Request, num_draft: int):\n"
            "    # AEON: the Spark's n-gram drafter reserves a slot for each draft token\n"
            "    return mgr.append_slots(request, 1 + num_draft)\n",
            "return mgr.append_slots(request, 1 + num_draft)",
        ),
    ),
    (
        "#12608 method removed, parameter renamed",
        "a keyword computed_blocks=",
        K(
            "#12608",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            MGR + "def aeon_admit(mgr: KVCacheManager, request: Request, num_tokens: int):\n"
            "    # AEON: the Spark's admission policy admits a prompt with its cached prefix\n"
            "    computed, _ = mgr.get_computed_blocks(request)\n"
            "    return mgr.allocate_slots(request, num_tokens, computed_blocks=computed)\n",
            "return mgr.allocate_slots(request, num_tokens, computed_blocks=computed)",
        ),
    ),
    (
        "#12608 method removed, parameter renamed",
        "a subclass override calling super().append_slots",
        K(
            "#12608",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    aeon_lookahead = 4\n\n"
            "    def append_slots(self, request: Request, num_tokens: int):\n"
            "        # AEON: the Spark's spec decoding reserves its lookahead slots on every decode step\n"
            "        return super().append_slots(request, num_tokens + self.aeon_lookahead)\n",
            "return super().append_slots(request, num_tokens + self.aeon_lookahead)",
        ),
    ),
    (
        "#12608 method removed, parameter renamed",
        "twin: a positional allocate_slots call",
        K(
            "#12608",
            AS,
            ASW,
            "vllm/aeon/as4.py",
            MGR + "def aeon_admit2(mgr: KVCacheManager, request: Request, num_tokens: int):\n"
            "    computed, _ = mgr.get_computed_blocks(request)\n"
            "    return mgr.allocate_slots(request, num_tokens, computed)\n",
            "return mgr.allocate_slots(request, num_tokens, computed)",
        ),
    ),
]

# --- #12415 (5095e96606): KVCacheManager.uncache_blocks removed (full blocks are re-cached instead)
UC = "5095e96606"
UCW = "KVCacheManager.uncache_blocks removed"
CASES += [
    (
        "#12415 method removed",
        "a call after rejected draft tokens",
        K(
            "#12415",
            UC,
            UCW,
            "vllm/aeon/uc1.py",
            MGR + "def aeon_after_reject(mgr: KVCacheManager, request: Request) -> int:\n"
            "    # AEON: the Spark's spec decoding uncaches the blocks its rejected drafts had filled\n"
            "    return mgr.uncache_blocks(request)\n",
            "return mgr.uncache_blocks(request)",
        ),
    ),
    (
        "#12415 method removed",
        "a table of unbound methods",
        K(
            "#12415",
            UC,
            UCW,
            "vllm/aeon/uc2.py",
            MGR + "# AEON: the Spark's request-lifecycle hooks, by event\n"
            "AEON_KV_HOOKS = {\n"
            '    "finished": KVCacheManager.free,\n'
            '    "rejected": KVCacheManager.uncache_blocks,\n'
            "}\n",
            '"rejected": KVCacheManager.uncache_blocks,',
        ),
    ),
    (
        "#12415 method removed",
        "twin: the kept free",
        K(
            "#12415",
            UC,
            UCW,
            "vllm/aeon/uc3.py",
            MGR + "def aeon_finish(mgr: KVCacheManager, request: Request) -> None:\n    mgr.free(request)\n",
            "mgr.free(request)",
        ),
    ),
]

# --- #13973 (28943d36ce): KVCacheManager's block list, free queue, hash map and helpers moved into BlockPool
BP = "28943d36ce"
BPW = "KVCacheManager.block_pool a BlockPool, not a block list; free_block_queue and _touch moved into it"
MG = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
CASES += [
    (
        "#13973 attribute kind changed, members moved",
        "an iteration of the block list",
        K(
            "#13973",
            BP,
            BPW,
            "vllm/aeon/bp1.py",
            MG + "def aeon_hashed_block_ids(mgr: KVCacheManager) -> list[int]:\n"
            "    # AEON: the Spark's prefix-cache policy snapshots the hashed blocks\n"
            "    return [blk.block_id for blk in mgr.block_pool if blk.block_hash is not None]\n",
            "return [blk.block_id for blk in mgr.block_pool if blk.block_hash is not None]",
        ),
    ),
    (
        "#13973 attribute kind changed, members moved",
        "a read of the free queue",
        K(
            "#13973",
            BP,
            BPW,
            "vllm/aeon/bp2.py",
            MG + "def aeon_free_blocks(mgr: KVCacheManager) -> int:\n"
            "    # AEON: the Spark's draft budget shrinks when the pool runs low\n"
            "    return mgr.free_block_queue.num_free_blocks\n",
            "return mgr.free_block_queue.num_free_blocks",
        ),
    ),
    (
        "#13973 attribute kind changed, members moved",
        "a subclass's self._touch",
        K(
            "#13973",
            BP,
            BPW,
            "vllm/aeon/bp3.py",
            MG + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_pin(self, blocks: list[KVCacheBlock]) -> None:\n"
            "        # AEON: the Spark pins a system prompt's blocks against eviction\n"
            "        self._touch(blocks)\n",
            "self._touch(blocks)",
        ),
    ),
    (
        "#13973 attribute kind changed, members moved",
        "twin: the kept usage property",
        K(
            "#13973",
            BP,
            BPW,
            "vllm/aeon/bp4.py",
            MG + "def aeon_usage(mgr: KVCacheManager) -> float:\n    return mgr.usage\n",
            "return mgr.usage",
        ),
    ),
]

# --- #14073 (b9f1d4294e): KVCacheManager.num_cached_block a plain dict, no longer a defaultdict(int)
NC = "b9f1d4294e"
NCW = "KVCacheManager.num_cached_block: defaultdict(int) -> dict"
CASES += [
    (
        "#14073 defaultdict made dict",
        "a subclass's index for a request not yet cached",
        K(
            "#14073",
            NC,
            NCW,
            "vllm/aeon/nc1.py",
            MGR + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def aeon_cached_prefix(self, request: Request) -> int:\n"
            "        # AEON: the Spark's draft-slot accounting reads how much of a request is cached\n"
            "        return self.num_cached_block[request.request_id] * self.block_size\n",
            "return self.num_cached_block[request.request_id] * self.block_size",
        ),
    ),
    (
        "#14073 defaultdict made dict",
        "an augmented assignment of a fresh key",
        K(
            "#14073",
            NC,
            NCW,
            "vllm/aeon/nc2.py",
            MGR + "def aeon_mark_cached(mgr: KVCacheManager, request_id: str) -> None:\n"
            "    # AEON: the Spark's prefix-cache policy caches a restored block itself\n"
            "    mgr.num_cached_block[request_id] += 1\n",
            "mgr.num_cached_block[request_id] += 1",
        ),
    ),
    (
        "#14073 defaultdict made dict",
        "twin: a .get with a default",
        K(
            "#14073",
            NC,
            NCW,
            "vllm/aeon/nc3.py",
            MGR + "def aeon_cached_prefix2(mgr: KVCacheManager, request: Request) -> int:\n"
            "    return mgr.num_cached_block.get(request.request_id, 0) * mgr.block_size\n",
            "return mgr.num_cached_block.get(request.request_id, 0) * mgr.block_size",
        ),
    ),
]

# --- #15297 (27df5199d9): a required hash function first in hash_request_tokens/hash_block_tokens and last in
#     BlockPool.cache_full_blocks
HF = "27df5199d9"
HFW = "hash_fn required: hash_request_tokens(hash_function, ...), hash_block_tokens(hash_function, ...), cache_full_blocks(hash_fn)"
KU = "from vllm.v1.core.block_pool import BlockPool\nfrom vllm.v1.core.kv_cache_utils import KVCacheBlock, hash_block_tokens, hash_request_tokens\nfrom vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#15297 required parameter inserted first",
        "a call of hash_request_tokens(block_size, request)",
        K(
            "#15297",
            HF,
            HFW,
            "vllm/aeon/hf1.py",
            KU + "def aeon_prompt_hashes(block_size: int, request: Request) -> list:\n"
            "    # AEON: the Spark's prefix-cache policy hashes a prompt before admitting it\n"
            "    return hash_request_tokens(block_size, request)\n",
            "return hash_request_tokens(block_size, request)",
        ),
    ),
    (
        "#15297 required parameter inserted first",
        "a positional hash_block_tokens call that still fits",
        K(
            "#15297",
            HF,
            HFW,
            "vllm/aeon/hf2.py",
            KU + "def aeon_block_hash(parent: int | None, token_ids: list[int], lora: str | None):\n"
            "    # AEON: the Spark's prefix-cache policy keys a LoRA prompt's blocks by the adapter\n"
            "    return hash_block_tokens(parent, token_ids, (lora,))\n",
            "return hash_block_tokens(parent, token_ids, (lora,))",
        ),
    ),
    (
        "#15297 required parameter appended",
        "a keyword cache_full_blocks call",
        K(
            "#15297",
            HF,
            HFW,
            "vllm/aeon/hf3.py",
            KU
            + "def aeon_cache(pool: BlockPool, request: Request, blocks: list[KVCacheBlock], hashes: list, full: int) -> None:\n"
            "    # AEON: the Spark caches the blocks a restored prompt filled\n"
            "    pool.cache_full_blocks(\n"
            "        request=request,\n"
            "        blocks=blocks,\n"
            "        block_hashes=hashes,\n"
            "        num_cached_blocks=0,\n"
            "        num_full_blocks=full,\n"
            "        block_size=16,\n"
            "    )\n",
            "pool.cache_full_blocks(",
        ),
    ),
    (
        "#15297 required parameter inserted first",
        "twin: the kept get_new_blocks",
        K(
            "#15297",
            HF,
            HFW,
            "vllm/aeon/hf4.py",
            KU + "def aeon_take(pool: BlockPool, n: int) -> list[KVCacheBlock]:\n    return pool.get_new_blocks(n)\n",
            "return pool.get_new_blocks(n)",
        ),
    ),
]

# --- #17999 (f0d610a8ae): SingleTypeKVCacheManager.find_longest_cache_hit given a required max_length
FL = "f0d610a8ae"
FLW = "find_longest_cache_hit(block_hashes) -> find_longest_cache_hit(block_hashes, max_length)"
ST = (
    "from vllm.v1.core.kv_cache_utils import BlockHashType, KVCacheBlock\n"
    "from vllm.v1.core.single_type_kv_cache_manager import FullAttentionManager\n\n\n"
)
CASES += [
    (
        "#17999 required parameter added",
        "a subclass override without max_length",
        K(
            "#17999",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            ST + "class AeonFullAttentionManager(FullAttentionManager):\n"
            "    aeon_max_hit_blocks = 256\n\n"
            "    def find_longest_cache_hit(self, block_hashes: list[BlockHashType]) -> list[KVCacheBlock]:\n"
            "        # AEON: the Spark's prefix-cache policy caps a hit at its retention horizon\n"
            "        hit = super().find_longest_cache_hit(block_hashes)\n"
            "        return hit[: self.aeon_max_hit_blocks]\n",
            "def find_longest_cache_hit(self, block_hashes: list[BlockHashType]) -> list[KVCacheBlock]:",
        ),
    ),
    (
        "#17999 required parameter added",
        "a call with the hashes alone",
        K(
            "#17999",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            ST + "def aeon_probe(manager: FullAttentionManager, hashes: list[BlockHashType]) -> int:\n"
            "    # AEON: the Spark's router probes a prompt's prefix hit\n"
            "    return len(manager.find_longest_cache_hit(hashes))\n",
            "return len(manager.find_longest_cache_hit(hashes))",
        ),
    ),
    (
        "#17999 required parameter added",
        "twin: the pool's kept get_cached_block",
        K(
            "#17999",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            ST + "def aeon_probe2(manager: FullAttentionManager, hashes: list[BlockHashType]) -> int:\n"
            "    return sum(1 for h in hashes if manager.block_pool.get_cached_block(h) is not None)\n",
            "return sum(1 for h in hashes if manager.block_pool.get_cached_block(h) is not None)",
        ),
    ),
]

# --- #18003 (302f3aca7e): the prefix-cache stats count tokens, not blocks
SS = "302f3aca7e"
SSW = "PrefixCacheStats.queries/hits counted in tokens, not blocks"
CASES += [
    (
        "#18003 unit changed",
        "a hit count scaled by the block size",
        K(
            "#18003",
            SS,
            SSW,
            "vllm/aeon/ss1.py",
            MGR + "def aeon_hit_tokens(mgr: KVCacheManager) -> int:\n"
            "    # AEON: the Spark's cache report prints the prefix-hit tokens\n"
            "    stats = mgr.make_prefix_cache_stats()\n"
            "    assert stats is not None\n"
            "    return stats.hits * mgr.block_size\n",
            "return stats.hits * mgr.block_size",
        ),
    ),
    (
        "#18003 unit changed",
        "twin: a hit rate",
        K(
            "#18003",
            SS,
            SSW,
            "vllm/aeon/ss2.py",
            MGR + "def aeon_hit_rate(mgr: KVCacheManager) -> float:\n"
            "    stats = mgr.make_prefix_cache_stats()\n"
            "    assert stats is not None\n"
            "    return stats.hits / max(stats.queries, 1)\n",
            "return stats.hits / max(stats.queries, 1)",
        ),
    ),
]

# --- #30877 (5206e5e28c): SlidingWindowManager/ChunkedLocalAttentionManager no longer take block_pool positionally
SW = "5206e5e28c"
SWW = "SlidingWindowManager/ChunkedLocalAttentionManager.__init__(kv_cache_spec, block_pool, **kw) -> (kv_cache_spec, **kw)"
SM = (
    "from vllm.v1.core.block_pool import BlockPool\n"
    "from vllm.v1.core.single_type_kv_cache_manager import ChunkedLocalAttentionManager, SlidingWindowManager\n"
    "from vllm.v1.kv_cache_interface import ChunkedLocalAttentionSpec, SlidingWindowSpec\n\n\n"
)
CASES += [
    (
        "#30877 positional parameter removed",
        "a subclass's super().__init__(spec, block_pool, **kwargs)",
        K(
            "#30877",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            SM + "class AeonSlidingWindowManager(SlidingWindowManager):\n"
            "    def __init__(self, kv_cache_spec: SlidingWindowSpec, block_pool: BlockPool, **kwargs) -> None:\n"
            "        super().__init__(kv_cache_spec, block_pool, **kwargs)\n"
            "        # AEON: the Spark's prefix-cache policy keeps the window's blocks per request\n"
            "        self.aeon_window_blocks = kv_cache_spec.sliding_window // kv_cache_spec.block_size\n",
            "super().__init__(kv_cache_spec, block_pool, **kwargs)",
        ),
    ),
    (
        "#30877 positional parameter removed",
        "a positional build",
        K(
            "#30877",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            SM
            + "def aeon_local_manager(spec: ChunkedLocalAttentionSpec, pool: BlockPool) -> ChunkedLocalAttentionManager:\n"
            "    # AEON: the Spark's draft model keeps its own chunked-local cache group\n"
            "    return ChunkedLocalAttentionManager(spec, pool, enable_caching=True, kv_cache_group_id=0)\n",
            "return ChunkedLocalAttentionManager(spec, pool, enable_caching=True, kv_cache_group_id=0)",
        ),
    ),
    (
        "#30877 positional parameter removed",
        "twin: a keyword build",
        K(
            "#30877",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            SM + "def aeon_window_manager(spec: SlidingWindowSpec, pool: BlockPool) -> SlidingWindowManager:\n"
            "    return SlidingWindowManager(spec, block_pool=pool, enable_caching=True, kv_cache_group_id=0)\n",
            "return SlidingWindowManager(spec, block_pool=pool, enable_caching=True, kv_cache_group_id=0)",
        ),
    ),
]

# --- #44082 (e9e08c49b9): _cache_block_mask renamed the class method reachable_block_mask;
#     find_longest_cache_hit's use_eagle renamed drop_eagle_block
RM = "e9e08c49b9"
RMW = "_cache_block_mask -> reachable_block_mask (classmethod); find_longest_cache_hit(use_eagle) -> drop_eagle_block"
SR = (
    "from vllm.v1.core.block_pool import BlockPool\n"
    "from vllm.v1.core.single_type_kv_cache_manager import FullAttentionManager, SlidingWindowManager\n"
    "from vllm.v1.kv_cache_interface import FullAttentionSpec\n\n\n"
)
CASES += [
    (
        "#44082 hook renamed, parameter renamed",
        "a subclass override of _cache_block_mask",
        K(
            "#44082",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            SR + "class AeonSlidingWindowManager(SlidingWindowManager):\n"
            "    aeon_keep_all_blocks = 8\n\n"
            "    def _cache_block_mask(self, num_cached_blocks: int, num_full_blocks: int, alignment_tokens: int):\n"
            "        # AEON: the Spark's prefix-cache policy caches every block of a short prompt\n"
            "        if num_full_blocks <= self.aeon_keep_all_blocks:\n"
            "            return None\n"
            "        return super()._cache_block_mask(num_cached_blocks, num_full_blocks, alignment_tokens)\n",
            "def _cache_block_mask(self, num_cached_blocks: int, num_full_blocks: int, alignment_tokens: int):",
        ),
    ),
    (
        "#44082 hook renamed, parameter renamed",
        "a subclass override taking use_eagle",
        K(
            "#44082",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            SR + "class AeonFullAttentionManager(FullAttentionManager):\n"
            "    @classmethod\n"
            "    def find_longest_cache_hit(cls, block_hashes, max_length, kv_cache_group_ids, block_pool, kv_cache_spec, use_eagle, alignment_tokens, dcp_world_size=1, pcp_world_size=1):\n"
            "        # AEON: the Spark's drafter keeps its last hit block, it recomputes the hidden states itself\n"
            "        return super().find_longest_cache_hit(\n"
            "            block_hashes, max_length, kv_cache_group_ids, block_pool, kv_cache_spec, False, alignment_tokens,\n"
            "            dcp_world_size, pcp_world_size,\n"
            "        )\n",
            "def find_longest_cache_hit(cls, block_hashes, max_length, kv_cache_group_ids, block_pool, kv_cache_spec, use_eagle, alignment_tokens, dcp_world_size=1, pcp_world_size=1):",
        ),
    ),
    (
        "#44082 hook renamed, parameter renamed",
        "a keyword use_eagle= call",
        K(
            "#44082",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            SR + "def aeon_hit(hashes: list, pool: BlockPool, spec: FullAttentionSpec, max_len: int):\n"
            "    # AEON: the Spark's router probes the draft group's prefix hit\n"
            "    return FullAttentionManager.find_longest_cache_hit(\n"
            "        block_hashes=hashes,\n"
            "        max_length=max_len,\n"
            "        kv_cache_group_ids=[0],\n"
            "        block_pool=pool,\n"
            "        kv_cache_spec=spec,\n"
            "        use_eagle=True,\n"
            "        alignment_tokens=spec.block_size,\n"
            "    )\n",
            "use_eagle=True,",
        ),
    ),
    (
        "#44082 hook renamed, parameter renamed",
        "twin: a positional call that still fits",
        K(
            "#44082",
            RM,
            RMW,
            "vllm/aeon/rm4.py",
            SR + "def aeon_hit2(hashes: list, pool: BlockPool, spec: FullAttentionSpec, max_len: int):\n"
            "    return FullAttentionManager.find_longest_cache_hit(hashes, max_len, [0], pool, spec, True, spec.block_size)\n",
            "return FullAttentionManager.find_longest_cache_hit(hashes, max_len, [0], pool, spec, True, spec.block_size)",
        ),
    ),
    (
        "#44082 hook renamed, parameter renamed",
        "twin: an override of the kept get_num_skipped_tokens",
        K(
            "#44082",
            RM,
            RMW,
            "vllm/aeon/rm5.py",
            SR + "class AeonWindowManager(SlidingWindowManager):\n"
            "    def get_num_skipped_tokens(self, num_computed_tokens: int) -> int:\n"
            "        return max(0, super().get_num_skipped_tokens(num_computed_tokens) - self.block_size)\n",
            "return max(0, super().get_num_skipped_tokens(num_computed_tokens) - self.block_size)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvmgr-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
