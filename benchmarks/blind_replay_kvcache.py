"""A blind replay of the KV cache manager and the GPU model runner's hooks.

First-parent commits touching the surfaces a fork's KV-cache and runner code is written against and
no other replay used: kv_cache_utils' hashing types (#23673: ``BlockHash`` a NamedTuple of
``hash_value``/``token_ids`` made raw bytes, ``BlockHashWithGroupId`` a NamedTuple made packed bytes),
KVCacheBlock's ref-count helpers (#21673: ``incr_ref``/``decr_ref`` removed), BlockPool's hash map
(#24830: ``cached_block_hash_to_block`` a dict of dicts made a ``BlockHashToBlockMap``), the manager's
methods (#19175: ``cache_blocks`` lost its ``block_hashes`` parameter and ``get_block_ids`` returns a
tuple; #20701: ``allocate_slots`` lost ``num_draft_tokens``), kv_cache_interface's records (#22928:
``MambaSpec.dtype`` made ``dtypes``; #17996: ``KVCacheConfig.tensors`` dict made
``kv_cache_tensors`` list, ``KVCacheTensor`` given a required ``shared_by``) and the GPU model runner's
hooks a fork overrides (#34861: ``load_model(eep_scale_up)`` renamed ``load_dummy_weights``; #38270:
``initialize_kv_cache`` called with a new ``is_profiling`` keyword) -- picked by scanning those paths'
diffs (``git log --first-parent -p``), not from the engine's tests or the other replays.
Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass override, a
``super()`` call, a keyword construction, an attribute read on a typed value, a method call on a
record's element), with twins (fork code beside the same change that it does not break).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at ebce4f87): 12 caught, 0 warned, 3 missed of 15 (twins: 8
quiet, 1 false error).  The misses: #23673's read of ``hash_value`` on a value typed ``BlockHash`` and
its positional construction of ``BlockHashWithGroupId`` (both NamedTuples upstream made ``NewType`` of
bytes); #24830's ``.get(key, {})`` on the pool's map (a dict upstream made a class with no ``get``;
the ``.items()`` spelling was caught).  The false error: #38270's twin override taking ``**kwargs`` on
(the keyword upstream's callers now pass lands in it) was flagged as a stale override signature.
After the killers53 widenings: 15 caught, 0 warned, 0 missed of 15 (twins: 9 quiet, 0 false errors).
Caught now: a class upstream made a ``NewType`` (or an alias) of a builtin, read by a field of the old
class or built with other than one value (symbol drift, ``drift/newtyped.py``); a dict field upstream
made a record, sent a dict's method the record lacks (``.get``, ``.setdefault`` ...) or tested with
``in`` (type drift).  Quiet now: an override whose ``**kwargs`` takes an optional parameter the base
gained.
After killers60 (two module-import spellings of #23673 and a twin added): 17 caught, 0 warned, 0 missed of
17 (twins: 10 quiet, 0 false errors); the two were missed before (newtyped followed ``from m import`` only).

  python benchmarks/blind_replay_kvcache.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #23673 (82dfb12e52): BlockHash NamedTuple(hash_value, token_ids, extra_keys) -> bytes;
# BlockHashWithGroupId NamedTuple(block_hash, group_id) -> bytes built by make_block_hash_with_group_id
BH = "82dfb12e52"
BHW = "BlockHash / BlockHashWithGroupId NamedTuples -> bytes"
KU = "from vllm.v1.core.kv_cache_utils import BlockHash, BlockHashWithGroupId\n\n\n"
CASES += [
    (
        "#23673 hash records made bytes",
        "a field read on a typed BlockHash",
        K(
            "#23673",
            BH,
            BHW,
            "vllm/aeon/bh1.py",
            KU + "def aeon_export_key(block_hash: BlockHash) -> int:\n"
            "    # AEON: the NVMe KV tier keys pages by the int hash\n"
            "    return block_hash.hash_value\n",
            "return block_hash.hash_value",
        ),
    ),
    (
        "#23673 hash records made bytes",
        "the group record built positionally and read by field",
        K(
            "#23673",
            BH,
            BHW,
            "vllm/aeon/bh2.py",
            KU + "def aeon_group_key(block_hash: BlockHash, group_id: int) -> BlockHashWithGroupId:\n"
            "    return BlockHashWithGroupId(block_hash, group_id)\n",
            "return BlockHashWithGroupId(block_hash, group_id)",
        ),
    ),
    (
        "#23673 hash records made bytes",
        "the module imported as an alias, a field read on kvu.BlockHash",
        K(
            "#23673",
            BH,
            BHW,
            "vllm/aeon/bh4.py",
            "import vllm.v1.core.kv_cache_utils as kvu\n\n\n"
            "def aeon_tier_key(block_hash: kvu.BlockHash) -> int:\n"
            "    return block_hash.hash_value\n",
            "return block_hash.hash_value",
        ),
    ),
    (
        "#23673 hash records made bytes",
        "the module taken off its package, the group record built by keyword",
        K(
            "#23673",
            BH,
            BHW,
            "vllm/aeon/bh5.py",
            "from vllm.v1.core import kv_cache_utils\n\n\n"
            "def aeon_group_key(block_hash, group_id: int):\n"
            "    return kv_cache_utils.BlockHashWithGroupId(block_hash=block_hash, group_id=group_id)\n",
            "return kv_cache_utils.BlockHashWithGroupId(block_hash=block_hash, group_id=group_id)",
        ),
    ),
    (
        "#23673 hash records made bytes",
        "twin: the module imported as an alias, the group key built with one value",
        K(
            "#23673",
            BH,
            BHW,
            "vllm/aeon/bh6.py",
            "import vllm.v1.core.kv_cache_utils as kvu\n\n\n"
            "def aeon_group_key(raw: bytes):\n"
            "    return kvu.BlockHashWithGroupId(raw)\n",
            "return kvu.BlockHashWithGroupId(raw)",
        ),
    ),
    (
        "#23673 hash records made bytes",
        "twin: the hashes counted on the request",
        K(
            "#23673",
            BH,
            BHW,
            "vllm/aeon/bh3.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_num_hashed(request: Request) -> int:\n    return len(request.block_hashes)\n",
            "return len(request.block_hashes)",
        ),
    ),
]

# --- #21673 (8f4a1c9a04): KVCacheBlock.incr_ref / decr_ref removed (callers bump ref_cnt)
RC = "8f4a1c9a04"
RCW = "KVCacheBlock.incr_ref/decr_ref removed"
KB = "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
CASES += [
    (
        "#21673 block helper methods removed",
        "a pin loop calling incr_ref",
        K(
            "#21673",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            KB + "def aeon_pin(blocks: list[KVCacheBlock]) -> None:\n"
            "    # AEON: pin the draft model's pages while the verifier runs\n"
            "    for block in blocks:\n"
            "        block.incr_ref()\n",
            "block.incr_ref()",
        ),
    ),
    (
        "#21673 block helper methods removed",
        "twin: the field bumped directly",
        K(
            "#21673",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            KB + "def aeon_unpin(blocks: list[KVCacheBlock]) -> None:\n"
            "    for block in blocks:\n"
            "        block.ref_cnt -= 1\n",
            "block.ref_cnt -= 1",
        ),
    ),
]

# --- #24830 (4f8c4b890a): BlockPool.cached_block_hash_to_block dict[key, dict[id, block]] -> BlockHashToBlockMap
HM = "4f8c4b890a"
HMW = "cached_block_hash_to_block: dict of dicts -> BlockHashToBlockMap (get_one_block/insert/pop)"
BP = "from vllm.v1.core.block_pool import BlockPool\n\n\n"
CASES += [
    (
        "#24830 pool map made a class",
        "a dict .get on the pool's map",
        K(
            "#24830",
            HM,
            HMW,
            "vllm/aeon/hm1.py",
            BP + "def aeon_cached_ids(pool: BlockPool, key) -> list[int]:\n"
            "    # AEON: the KV tier exporter lists every cached copy of a hash\n"
            "    return list(pool.cached_block_hash_to_block.get(key, {}).keys())\n",
            "return list(pool.cached_block_hash_to_block.get(key, {}).keys())",
        ),
    ),
    (
        "#24830 pool map made a class",
        "items() over the pool's map",
        K(
            "#24830",
            HM,
            HMW,
            "vllm/aeon/hm2.py",
            BP + "def aeon_num_cached(pool: BlockPool) -> int:\n"
            "    return sum(len(blocks) for _, blocks in pool.cached_block_hash_to_block.items())\n",
            "return sum(len(blocks) for _, blocks in pool.cached_block_hash_to_block.items())",
        ),
    ),
    (
        "#24830 pool map made a class",
        "twin: the pool's own count",
        K(
            "#24830",
            HM,
            HMW,
            "vllm/aeon/hm3.py",
            BP + "def aeon_free(pool: BlockPool) -> int:\n    return pool.get_num_free_blocks()\n",
            "return pool.get_num_free_blocks()",
        ),
    ),
]

# --- #19175 (646d62f636): KVCacheManager.cache_blocks(request, block_hashes, n) -> (request, n);
# get_block_ids returns tuple[list[int], ...] instead of list[list[int]]
CK = "646d62f636"
CKW = "cache_blocks loses block_hashes; get_block_ids -> tuple"
KM = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#19175 manager parameter removed, return made a tuple",
        "the old three-argument call",
        K(
            "#19175",
            CK,
            CKW,
            "vllm/aeon/ck1.py",
            KM + "def aeon_commit(manager: KVCacheManager, request: Request, block_hashes, n: int) -> None:\n"
            "    # AEON: commit the verified MTP tokens' blocks right away\n"
            "    manager.cache_blocks(request, block_hashes, n)\n",
            "manager.cache_blocks(request, block_hashes, n)",
        ),
    ),
    (
        "#19175 manager parameter removed, return made a tuple",
        "an append on the returned group list",
        K(
            "#19175",
            CK,
            CKW,
            "vllm/aeon/ck2.py",
            KM + "def aeon_block_ids(manager: KVCacheManager, request_id: str) -> list[list[int]]:\n"
            "    block_ids = manager.get_block_ids(request_id)\n"
            "    # AEON: the drafter's private group rides along as the last group\n"
            "    block_ids.append([])\n"
            "    return block_ids\n",
            "block_ids.append([])",
        ),
    ),
    (
        "#19175 manager parameter removed, return made a tuple",
        "twin: the first group read by index",
        K(
            "#19175",
            CK,
            CKW,
            "vllm/aeon/ck3.py",
            KM + "def aeon_first(manager: KVCacheManager, request_id: str) -> list[int]:\n"
            "    return manager.get_block_ids(request_id)[0]\n",
            "return manager.get_block_ids(request_id)[0]",
        ),
    ),
]

# --- #20701 (7c12a765aa): KVCacheManager.allocate_slots loses num_draft_tokens
AS = "7c12a765aa"
ASW = "allocate_slots(..., num_draft_tokens=0, num_lookahead_tokens=0, ...) loses num_draft_tokens"
CASES += [
    (
        "#20701 allocate_slots parameter removed",
        "a keyword call",
        K(
            "#20701",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            KM + "def aeon_allocate(manager: KVCacheManager, request: Request, n: int, k: int):\n"
            "    # AEON: the MTP drafts are never cached\n"
            "    return manager.allocate_slots(request, n, num_draft_tokens=k)\n",
            "return manager.allocate_slots(request, n, num_draft_tokens=k)",
        ),
    ),
    (
        "#20701 allocate_slots parameter removed",
        "an override passing it on to super()",
        K(
            "#20701",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            KM + "class AeonKVCacheManager(KVCacheManager):\n"
            "    def allocate_slots(self, request, num_new_tokens, num_new_computed_tokens=0,\n"
            "                       new_computed_blocks=None, num_draft_tokens=0, num_lookahead_tokens=0,\n"
            "                       delay_cache_blocks=False):\n"
            "        # AEON: count draft slots for the GB10 unified-memory budget\n"
            "        return super().allocate_slots(request, num_new_tokens, num_new_computed_tokens,\n"
            "                                      new_computed_blocks, num_draft_tokens=num_draft_tokens,\n"
            "                                      num_lookahead_tokens=num_lookahead_tokens,\n"
            "                                      delay_cache_blocks=delay_cache_blocks)\n",
            "new_computed_blocks, num_draft_tokens=num_draft_tokens,",
        ),
    ),
    (
        "#20701 allocate_slots parameter removed",
        "twin: the kept lookahead keyword",
        K(
            "#20701",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            KM + "def aeon_allocate_ahead(manager: KVCacheManager, request: Request, n: int, k: int):\n"
            "    return manager.allocate_slots(request, n, num_lookahead_tokens=k)\n",
            "return manager.allocate_slots(request, n, num_lookahead_tokens=k)",
        ),
    ),
]

# --- #22928 (75531a6c13): MambaSpec.dtype -> dtypes (one per state tensor)
MS = "75531a6c13"
MSW = "MambaSpec.dtype: torch.dtype -> dtypes: tuple[torch.dtype]"
MI = "import torch\n\nfrom vllm.v1.kv_cache_interface import MambaSpec\n\n\n"
CASES += [
    (
        "#22928 spec field renamed",
        "a keyword construction",
        K(
            "#22928",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            MI + "def aeon_state_spec(shapes: tuple[tuple[int, ...], ...], block_size: int) -> MambaSpec:\n"
            "    # AEON: GB10 keeps the SSM state in fp32\n"
            "    return MambaSpec(block_size=block_size, shapes=shapes, dtype=torch.float32)\n",
            "return MambaSpec(block_size=block_size, shapes=shapes, dtype=torch.float32)",
        ),
    ),
    (
        "#22928 spec field renamed",
        "a read on a typed spec",
        K(
            "#22928",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            MI + "def aeon_is_fp32(spec: MambaSpec) -> bool:\n    return spec.dtype == torch.float32\n",
            "return spec.dtype == torch.float32",
        ),
    ),
    (
        "#22928 spec field renamed",
        "twin: the kept shapes",
        K(
            "#22928",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            MI + "def aeon_num_states(spec: MambaSpec) -> int:\n    return len(spec.shapes)\n",
            "return len(spec.shapes)",
        ),
    ),
]

# --- #17996 (f8a1a2d108): KVCacheConfig.tensors dict -> kv_cache_tensors list; KVCacheTensor gains shared_by
KT = "f8a1a2d108"
KTW = "KVCacheConfig.tensors: dict[str, KVCacheTensor] -> kv_cache_tensors: list; KVCacheTensor.shared_by required"
KI = "from vllm.v1.kv_cache_interface import KVCacheConfig, KVCacheTensor\n\n\n"
CASES += [
    (
        "#17996 config field renamed and retyped",
        "a loop over the old dict's items",
        K(
            "#17996",
            KT,
            KTW,
            "vllm/aeon/kt1.py",
            KI + "def aeon_sizes(config: KVCacheConfig) -> dict[str, int]:\n"
            "    # AEON: the Spark allocator reserves each layer's tensor in unified memory\n"
            "    return {name: tensor.size for name, tensor in config.tensors.items()}\n",
            "return {name: tensor.size for name, tensor in config.tensors.items()}",
        ),
    ),
    (
        "#17996 config field renamed and retyped",
        "the tensor record built with its old field only",
        K(
            "#17996",
            KT,
            KTW,
            "vllm/aeon/kt2.py",
            KI + "def aeon_tensor(size: int) -> KVCacheTensor:\n    return KVCacheTensor(size=size)\n",
            "return KVCacheTensor(size=size)",
        ),
    ),
    (
        "#17996 config field renamed and retyped",
        "twin: the kept block count",
        K(
            "#17996",
            KT,
            KTW,
            "vllm/aeon/kt3.py",
            KI + "def aeon_blocks(config: KVCacheConfig) -> int:\n    return config.num_blocks\n",
            "return config.num_blocks",
        ),
    ),
]

# --- #34861 (dea268336f): GPUModelRunner.load_model(eep_scale_up) -> load_model(load_dummy_weights)
LM = "dea268336f"
LMW = "load_model(eep_scale_up=False) -> load_model(load_dummy_weights=False)"
GR = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
CASES += [
    (
        "#34861 runner hook keyword renamed",
        "an override passing the old keyword to super()",
        K(
            "#34861",
            LM,
            LMW,
            "vllm/aeon/lm1.py",
            GR + "class AeonModelRunner(GPUModelRunner):\n"
            "    def load_model(self, eep_scale_up: bool = False) -> None:\n"
            "        # AEON: repack the NVFP4 weights for sm_121a after loading\n"
            "        super().load_model(eep_scale_up=eep_scale_up)\n",
            "super().load_model(eep_scale_up=eep_scale_up)",
        ),
    ),
    (
        "#34861 runner hook keyword renamed",
        "twin: an override passing nothing",
        K(
            "#34861",
            LM,
            LMW,
            "vllm/aeon/lm2.py",
            GR + "class AeonEagerRunner(GPUModelRunner):\n"
            "    def load_model(self, *args, **kwargs) -> None:\n"
            "        super().load_model(*args, **kwargs)\n",
            "super().load_model(*args, **kwargs)",
        ),
    ),
]

# --- #38270 (cc06b4e86b): initialize_kv_cache / initialize_attn_backend gain is_profiling, passed by keyword
IK = "cc06b4e86b"
IKW = "initialize_kv_cache(kv_cache_config) -> (kv_cache_config, is_profiling=False), called with is_profiling=True"
CASES += [
    (
        "#38270 runner hook given a keyword its callers pass",
        "an override with the old signature",
        K(
            "#38270",
            IK,
            IKW,
            "vllm/aeon/ik1.py",
            GR + "class AeonModelRunner(GPUModelRunner):\n"
            "    def initialize_kv_cache(self, kv_cache_config) -> None:\n"
            "        # AEON: place the KV cache in the GB10 carve-out\n"
            "        super().initialize_kv_cache(kv_cache_config)\n",
            "def initialize_kv_cache(self, kv_cache_config) -> None:",
        ),
    ),
    (
        "#38270 runner hook given a keyword its callers pass",
        "twin: an override taking **kwargs on",
        K(
            "#38270",
            IK,
            IKW,
            "vllm/aeon/ik2.py",
            GR + "class AeonModelRunner(GPUModelRunner):\n"
            "    def initialize_kv_cache(self, kv_cache_config, **kwargs) -> None:\n"
            "        super().initialize_kv_cache(kv_cache_config, **kwargs)\n",
            "def initialize_kv_cache(self, kv_cache_config, **kwargs) -> None:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvcache-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
