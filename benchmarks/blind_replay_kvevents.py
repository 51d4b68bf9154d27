"""A blind replay of KV-cache events, the block pool and the KV-transfer state a fork's router or pool carries code against.

12 first-parent commits on ``vllm/distributed/kv_events.py``, ``vllm/v1/core/{block_pool,kv_cache_utils}.py``,
``vllm/config/kv_events.py`` and ``vllm/distributed/kv_transfer/`` -- the events a fork emits or consumes
(``BlockStored`` given a required ``medium`` and then a required ``lora_name``, ``BlockRemoved`` a required
``medium``, ``MEDIUM_FS``/``MEDIUM_OBJ`` folded into ``MEDIUM_STORAGE``), the publishers (``ZmqEventPublisher``
given a required ``data_parallel_rank`` before ``endpoint``, and the factory passing it to every registered
constructor; ``KVEventsConfig.publisher`` narrowed to ``Literal["null", "zmq"]`` with its default made "zmq"
when events are on), the block pool (``FreeKVCacheBlockQueue.free_list_head``/``free_list_tail`` replaced by
fake sentinels, ``popleft``/``append`` bypassed by ``popleft_n``/``append_n``, ``KVCacheBlock`` made a slotted
dataclass and its ``block_hash`` setter replaced by ``set_block_hash``, ``BlockHashType`` renamed
``BlockHash``, ``get_request_block_hasher``'s ``block_size`` renamed ``hash_block_size``, ``block_pool`` no
longer importing ``BlockHashListWithBlockSize``) and the KV-transfer factory (``create_connector_v1`` and
``get_connector_class`` folded into ``create_connector``) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (a keyword construction, a subclass's positional ``super().__init__``, a
constructor a fork registers with upstream's factory, an import, a module attribute, a subclass's ``self.``
read, a chained read off a receiver typed as the pool, an override upstream stops calling, an attribute set on
a typed receiver or on an element of the pool's list, a property assignment, a keyword call, a call on the
class, a config built on a default or with a value no longer accepted), with twins (fork code the commit does
not break: the kept field, method, constant or factory call, the new spelling).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (kvevents at bb638821): 20 caught, 0 warned, 4 missed of 24 (twins: 13
quiet, 0 false errors).  The misses: #18925's registered constructor (a fork class handed to
``EventPublisherFactory.register_publisher``, whose ``__init__`` takes no ``data_parallel_rank``: the factory now
calls every registered constructor with that keyword), #36164's two (``KVCacheBlock`` made
``@dataclass(slots=True)``; the fork sets an attribute outside its fields, on a receiver typed as the class and
on an element of ``BlockPool.blocks``) and #26915's default (``KVEventsConfig(enable_kv_cache_events=True)``
left ``publisher`` to its default, "null" before, "zmq" after: a ZMQ socket now binds where nothing was
published).

After the killers126 widenings: 24 caught, 0 warned, 0 missed of 24 (twins: 16 quiet, 0 false errors; three twins
for the new classes added after the blind run).  Caught now: an attribute of the fork's own set on a class
upstream made slotted (``drift/slotted.py`` under symbol drift: ``@dataclass(slots=True)`` or ``__slots__`` over
an order of classes that leaves instances no ``__dict__``; with it a loop's element is typed by the annotation
a typed receiver's class gives the attribute walked, ``for block in pool.blocks``, and a store on the loop's
name no longer rebinds it), a callable the fork registers that upstream's registry now calls with a keyword it
does not take (``drift/registry_calls.py``: ``cls._registry[name] = ctor`` filled by the registration, every
call of what the table holds passing the new keyword), and a default made ``None`` and filled in
``__post_init__`` from another field, read per fork build (``drift/filled_defaults.py``, handed-on default
drift).  Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_kvcache 17/17 (10 quiet),
blind_replay_kvcoord 17 caught, 1 missed of 18 (9 quiet; the miss is main's too), blind_replay_kvconnect 16/16
(11 quiet), blind_replay_wire 32/32 (20 quiet), blind_replay_engine 28/28 (19 quiet), blind_replay_mminputs
19/19 (13 quiet), ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught).

  python benchmarks/blind_replay_kvevents.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #18925 (b712be98c7): ZmqEventPublisher(data_parallel_rank, endpoint=..., ...): a required positional
# parameter inserted first; the factory passes data_parallel_rank= to every registered constructor
DP = "b712be98c7"
DPW = "ZmqEventPublisher gained a required data_parallel_rank first"
PUB = (
    "from vllm.distributed.kv_events import EventPublisher, EventPublisherFactory, NullEventPublisher,"
    " ZmqEventPublisher\n\n\n"
)
CASES += [
    (
        "#18925 parameter inserted",
        "a keyword construction",
        K(
            "#18925",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            PUB + "def aeon_side_publisher(endpoint: str) -> ZmqEventPublisher:\n"
            "    # AEON: a second socket carries the Spark router's own block events\n"
            '    return ZmqEventPublisher(endpoint=endpoint, topic="aeon")\n',
            'return ZmqEventPublisher(endpoint=endpoint, topic="aeon")',
        ),
    ),
    (
        "#18925 parameter inserted",
        "a subclass's positional super().__init__",
        K(
            "#18925",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            PUB + "class AeonZmqPublisher(ZmqEventPublisher):\n"
            '    def __init__(self, endpoint: str, topic: str = "aeon") -> None:\n'
            "        super().__init__(endpoint, topic=topic)\n"
            "        self.aeon_published = 0\n",
            "super().__init__(endpoint, topic=topic)",
        ),
    ),
    (
        "#18925 parameter inserted",
        "a constructor registered with the factory",
        K(
            "#18925",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            "import logging\n\n" + PUB + "logger = logging.getLogger(__name__)\n\n\n"
            "class AeonLogPublisher(EventPublisher):\n"
            "    # AEON: the Spark logs block events instead of publishing them\n"
            '    def __init__(self, endpoint: str = "", replay_endpoint: str | None = None, buffer_steps: int = 0,'
            ' hwm: int = 0, max_queue_size: int = 0, topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            '        logger.debug("%s: %d events", self._topic, len(events.events))\n\n'
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            'def __init__(self, endpoint: str = "", replay_endpoint: str | None = None, buffer_steps: int = 0,'
            ' hwm: int = 0, max_queue_size: int = 0, topic: str = "") -> None:',
        ),
    ),
    (
        "#18925 parameter inserted",
        "twin: the factory's create (the new parameter has a default)",
        K(
            "#18925",
            DP,
            DPW,
            "vllm/aeon/dp4.py",
            PUB + "def aeon_publisher(config) -> EventPublisher:\n"
            "    if config is None:\n"
            "        return NullEventPublisher()\n"
            "    return EventPublisherFactory.create(config)\n",
            "return EventPublisherFactory.create(config)",
        ),
    ),
    (
        "#18925 parameter inserted",
        "twin: a registered constructor taking **kwargs (added after the blind run)",
        K(
            "#18925",
            DP,
            DPW,
            "vllm/aeon/dp5.py",
            PUB + "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "", **kwargs) -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            'def __init__(self, endpoint: str = "", topic: str = "", **kwargs) -> None:',
        ),
    ),
]

# --- #19015 (f32fcd9444): kv_cache_utils.BlockHashType renamed BlockHash
BH = "f32fcd9444"
BHW = "BlockHashType renamed BlockHash"
CASES += [
    (
        "#19015 class renamed",
        "an import",
        K(
            "#19015",
            BH,
            BHW,
            "vllm/aeon/bh1.py",
            "from vllm.v1.core.kv_cache_utils import BlockHashType, KVCacheBlock\n\n\n"
            "def aeon_hash_of(block: KVCacheBlock) -> BlockHashType | None:\n"
            "    return block.block_hash\n",
            "from vllm.v1.core.kv_cache_utils import BlockHashType, KVCacheBlock",
        ),
    ),
    (
        "#19015 class renamed",
        "a module attribute call",
        K(
            "#19015",
            BH,
            BHW,
            "vllm/aeon/bh2.py",
            "from vllm.v1.core import kv_cache_utils\n\n\n"
            "def aeon_external_hash(hash_value: int, token_ids: list[int]):\n"
            "    # AEON: the Spark router rebuilds block hashes from its own token stream\n"
            "    return kv_cache_utils.BlockHashType(hash_value, tuple(token_ids), None)\n",
            "return kv_cache_utils.BlockHashType(hash_value, tuple(token_ids), None)",
        ),
    ),
    (
        "#19015 class renamed",
        "twin: the kept hash_block_tokens",
        K(
            "#19015",
            BH,
            BHW,
            "vllm/aeon/bh3.py",
            "from vllm.v1.core.kv_cache_utils import hash_block_tokens\n\n\n"
            "def aeon_first_hash(hash_fn, token_ids: list[int]):\n"
            "    return hash_block_tokens(hash_fn, None, token_ids)\n",
            "return hash_block_tokens(hash_fn, None, token_ids)",
        ),
    ),
]

# --- #21005 (0f199f197b): FreeKVCacheBlockQueue.free_list_head/free_list_tail replaced by fake sentinels
FL = "0f199f197b"
FLW = "FreeKVCacheBlockQueue.free_list_head/tail removed"
CASES += [
    (
        "#21005 attribute no longer set",
        "a subclass's self. read",
        K(
            "#21005",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            "from vllm.v1.core.kv_cache_utils import FreeKVCacheBlockQueue, KVCacheBlock\n\n\n"
            "class AeonFreeQueue(FreeKVCacheBlockQueue):\n"
            "    def aeon_peek(self) -> KVCacheBlock | None:\n"
            "        # AEON: the Spark's offloader looks at the next eviction victim without popping it\n"
            "        return self.free_list_head\n",
            "return self.free_list_head",
        ),
    ),
    (
        "#21005 attribute no longer set",
        "a chained read off a typed pool",
        K(
            "#21005",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            "from vllm.v1.core.block_pool import BlockPool\n\n\n"
            "def aeon_newest_free(pool: BlockPool) -> int | None:\n"
            "    tail = pool.free_block_queue.free_list_tail\n"
            "    return tail.block_id if tail is not None else None\n",
            "tail = pool.free_block_queue.free_list_tail",
        ),
    ),
    (
        "#21005 attribute no longer set",
        "twin: the kept counter and listing",
        K(
            "#21005",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            "from vllm.v1.core.block_pool import BlockPool\n\n\n"
            "def aeon_free_ids(pool: BlockPool) -> list[int]:\n"
            "    assert pool.free_block_queue.num_free_blocks >= 0\n"
            "    return [b.block_id for b in pool.free_block_queue.get_all_free_blocks()]\n",
            "return [b.block_id for b in pool.free_block_queue.get_all_free_blocks()]",
        ),
    ),
]

# --- #21222 (ed25054577): BlockPool allocates with popleft_n and frees with append_n, bypassing popleft/append
PN = "ed25054577"
PNW = "popleft/append bypassed by popleft_n/append_n"
QUEUE = (
    "from vllm.v1.core.block_pool import BlockPool\n"
    "from vllm.v1.core.kv_cache_utils import FreeKVCacheBlockQueue, KVCacheBlock\n\n\n"
)
POOL = (
    "class AeonBlockPool(BlockPool):\n"
    "    def __init__(self, num_gpu_blocks: int, enable_caching: bool, enable_kv_cache_events: bool = False) -> None:\n"
    "        super().__init__(num_gpu_blocks, enable_caching, enable_kv_cache_events)\n"
    "        # AEON: the counting queue over the same free blocks (the null block stays out)\n"
    "        self.free_block_queue = AeonCountingQueue(self.blocks[1:])\n"
)
CASES += [
    (
        "#21222 override bypassed",
        "a popleft override",
        K(
            "#21222",
            PN,
            PNW,
            "vllm/aeon/pn1.py",
            QUEUE + "class AeonCountingQueue(FreeKVCacheBlockQueue):\n"
            "    # AEON: the Spark's KV budget gauge counts the blocks handed out\n"
            "    aeon_taken = 0\n\n"
            "    def popleft(self) -> KVCacheBlock:\n"
            "        self.aeon_taken += 1\n"
            "        return super().popleft()\n\n\n" + POOL,
            "def popleft(self) -> KVCacheBlock:",
        ),
    ),
    (
        "#21222 override bypassed",
        "an append override",
        K(
            "#21222",
            PN,
            PNW,
            "vllm/aeon/pn2.py",
            QUEUE + "class AeonCountingQueue(FreeKVCacheBlockQueue):\n"
            "    # AEON: the Spark's KV budget gauge counts the blocks given back\n"
            "    aeon_returned = 0\n\n"
            "    def append(self, block: KVCacheBlock) -> None:\n"
            "        self.aeon_returned += 1\n"
            "        super().append(block)\n\n\n" + POOL,
            "def append(self, block: KVCacheBlock) -> None:",
        ),
    ),
    (
        "#21222 override bypassed",
        "twin: a remove override (touch still calls it)",
        K(
            "#21222",
            PN,
            PNW,
            "vllm/aeon/pn3.py",
            QUEUE + "class AeonCountingQueue(FreeKVCacheBlockQueue):\n"
            "    aeon_revived = 0\n\n"
            "    def remove(self, block: KVCacheBlock) -> None:\n"
            "        self.aeon_revived += 1\n"
            "        super().remove(block)\n\n\n" + POOL,
            "def remove(self, block: KVCacheBlock) -> None:",
        ),
    ),
]

# --- #19737 (14b4326b94): BlockStored and BlockRemoved gained a required ``medium`` field
MD = "14b4326b94"
MDW = "BlockStored/BlockRemoved gained a required medium"
EV = "import time\n\nfrom vllm.distributed.kv_events import AllBlocksCleared, BlockRemoved, BlockStored, KVEventBatch\n\n\n"
CASES += [
    (
        "#19737 required field added",
        "a keyword BlockRemoved",
        K(
            "#19737",
            MD,
            MDW,
            "vllm/aeon/md1.py",
            EV + "def aeon_evicted(block_hash: int) -> KVEventBatch:\n"
            "    # AEON: the Spark's offloader reports the blocks it drops from host memory\n"
            "    return KVEventBatch(ts=time.time(), events=[BlockRemoved(block_hashes=[block_hash])])\n",
            "return KVEventBatch(ts=time.time(), events=[BlockRemoved(block_hashes=[block_hash])])",
        ),
    ),
    (
        "#19737 required field added",
        "a keyword BlockStored",
        K(
            "#19737",
            MD,
            MDW,
            "vllm/aeon/md2.py",
            EV + "def aeon_stored(hashes: list[int], token_ids: list[int], block_size: int) -> BlockStored:\n"
            "    return BlockStored(block_hashes=hashes, parent_block_hash=None, token_ids=token_ids,"
            " block_size=block_size, lora_id=None)\n",
            "return BlockStored(block_hashes=hashes, parent_block_hash=None, token_ids=token_ids,"
            " block_size=block_size, lora_id=None)",
        ),
    ),
    (
        "#19737 required field added",
        "twin: AllBlocksCleared in a batch",
        K(
            "#19737",
            MD,
            MDW,
            "vllm/aeon/md3.py",
            EV + "def aeon_cleared() -> KVEventBatch:\n"
            "    return KVEventBatch(ts=time.time(), events=[AllBlocksCleared()])\n",
            "return KVEventBatch(ts=time.time(), events=[AllBlocksCleared()])",
        ),
    ),
]

# --- #27577 (39512aba72): BlockStored gained a required ``lora_name`` field
LN = "39512aba72"
LNW = "BlockStored gained a required lora_name"
EV2 = "from vllm.distributed.kv_events import MEDIUM_GPU, BlockRemoved, BlockStored\n\n\n"
CASES += [
    (
        "#27577 required field added",
        "a keyword construction",
        K(
            "#27577",
            LN,
            LNW,
            "vllm/aeon/ln1.py",
            EV2 + "def aeon_stored(hashes: list[int], token_ids: list[int], lora_id: int | None) -> BlockStored:\n"
            "    # AEON: blocks the Spark restores from host memory are announced like fresh ones\n"
            "    return BlockStored(block_hashes=hashes, parent_block_hash=None, token_ids=token_ids, block_size=16,"
            " lora_id=lora_id, medium=MEDIUM_GPU)\n",
            "return BlockStored(block_hashes=hashes, parent_block_hash=None, token_ids=token_ids, block_size=16,"
            " lora_id=lora_id, medium=MEDIUM_GPU)",
        ),
    ),
    (
        "#27577 required field added",
        "a positional construction",
        K(
            "#27577",
            LN,
            LNW,
            "vllm/aeon/ln2.py",
            EV2 + "def aeon_cpu_stored(hashes: list[int], token_ids: list[int]) -> BlockStored:\n"
            '    return BlockStored(hashes, None, token_ids, 16, None, "CPU")\n',
            'return BlockStored(hashes, None, token_ids, 16, None, "CPU")',
        ),
    ),
    (
        "#27577 required field added",
        "twin: BlockRemoved (unchanged)",
        K(
            "#27577",
            LN,
            LNW,
            "vllm/aeon/ln3.py",
            EV2 + "def aeon_removed(hashes: list[int]) -> BlockRemoved:\n"
            "    return BlockRemoved(block_hashes=hashes, medium=MEDIUM_GPU)\n",
            "return BlockRemoved(block_hashes=hashes, medium=MEDIUM_GPU)",
        ),
    ),
]

# --- #36164 (57c84ff129): KVCacheBlock made a slotted dataclass: no attribute outside its fields can be set
SL = "57c84ff129"
SLW = "KVCacheBlock @dataclass(slots=True)"
CASES += [
    (
        "#36164 slots",
        "an attribute set on a typed receiver",
        K(
            "#36164",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            "import time\n\nfrom vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
            "def aeon_touch(block: KVCacheBlock) -> None:\n"
            "    # AEON: the Spark's offloader picks victims by their last use\n"
            "    block.aeon_last_used = time.monotonic()\n",
            "block.aeon_last_used = time.monotonic()",
        ),
    ),
    (
        "#36164 slots",
        "an attribute set on the pool's blocks",
        K(
            "#36164",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "from vllm.v1.core.block_pool import BlockPool\n\n\n"
            "def aeon_tag_tier(pool: BlockPool) -> None:\n"
            "    for block in pool.blocks:\n"
            '        block.aeon_tier = "hbm"\n',
            'block.aeon_tier = "hbm"',
        ),
    ),
    (
        "#36164 slots",
        "twin: a declared field",
        K(
            "#36164",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
            "def aeon_pin(block: KVCacheBlock) -> None:\n"
            "    block.ref_cnt += 1\n",
            "block.ref_cnt += 1",
        ),
    ),
    (
        "#36164 slots",
        "twin: a fork subclass's own attribute (added after the blind run)",
        K(
            "#36164",
            SL,
            SLW,
            "vllm/aeon/sl4.py",
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
            "class AeonBlock(KVCacheBlock):\n"
            "    def aeon_tag(self, tier: str) -> None:\n"
            "        self.aeon_tier = tier\n",
            "self.aeon_tier = tier",
        ),
    ),
]

# --- #45939 (6bc6f2d86d): KVCacheBlock.block_hash's setter replaced by set_block_hash();
# get_request_block_hasher's block_size renamed hash_block_size
PP = "6bc6f2d86d"
PPW = "block_hash setter removed; get_request_block_hasher(block_size=) renamed"
CASES += [
    (
        "#45939 setter removed",
        "a property assignment",
        K(
            "#45939",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            "from vllm.v1.core.kv_cache_utils import BlockHash, KVCacheBlock, make_block_hash_with_group_id\n\n\n"
            "def aeon_adopt(block: KVCacheBlock, block_hash: BlockHash, group_id: int) -> None:\n"
            "    # AEON: a block the Spark restores from host memory becomes a prefix-cache hit again\n"
            "    block.block_hash = make_block_hash_with_group_id(block_hash, group_id)\n",
            "block.block_hash = make_block_hash_with_group_id(block_hash, group_id)",
        ),
    ),
    (
        "#45939 keyword renamed",
        "a keyword call",
        K(
            "#45939",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            "from vllm.v1.core.kv_cache_utils import get_request_block_hasher\n\n\n"
            "def aeon_hasher(block_size: int, hash_fn):\n"
            "    return get_request_block_hasher(block_size=block_size, caching_hash_fn=hash_fn)\n",
            "return get_request_block_hasher(block_size=block_size, caching_hash_fn=hash_fn)",
        ),
    ),
    (
        "#45939 setter removed",
        "twin: a read of block_hash",
        K(
            "#45939",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
            "def aeon_cached(block: KVCacheBlock) -> bool:\n"
            "    return block.block_hash is not None\n",
            "return block.block_hash is not None",
        ),
    ),
    (
        "#45939 keyword renamed",
        "twin: a positional call",
        K(
            "#45939",
            PP,
            PPW,
            "vllm/aeon/pp4.py",
            "from vllm.v1.core.kv_cache_utils import get_request_block_hasher\n\n\n"
            "def aeon_hasher(block_size: int, hash_fn):\n"
            "    return get_request_block_hasher(block_size, hash_fn)\n",
            "return get_request_block_hasher(block_size, hash_fn)",
        ),
    ),
]

# --- #48123 (77cba0259f): MEDIUM_FS and MEDIUM_OBJ folded into MEDIUM_STORAGE
MS = "77cba0259f"
MSW = "MEDIUM_FS/MEDIUM_OBJ removed"
CASES += [
    (
        "#48123 constant removed",
        "an import",
        K(
            "#48123",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            "from vllm.distributed.kv_events import MEDIUM_FS, BlockStored\n\n\n"
            "def aeon_on_disk(event: BlockStored) -> bool:\n"
            "    return event.medium == MEDIUM_FS\n",
            "from vllm.distributed.kv_events import MEDIUM_FS, BlockStored",
        ),
    ),
    (
        "#48123 constant removed",
        "a module attribute",
        K(
            "#48123",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            "from vllm.distributed import kv_events\n\n"
            "_AEON_REMOTE_MEDIA = frozenset({kv_events.MEDIUM_OBJ})\n\n\n"
            "def aeon_remote(medium: str | None) -> bool:\n"
            "    return medium in _AEON_REMOTE_MEDIA\n",
            "_AEON_REMOTE_MEDIA = frozenset({kv_events.MEDIUM_OBJ})",
        ),
    ),
    (
        "#48123 constant removed",
        "twin: the kept GPU and CPU media",
        K(
            "#48123",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            "from vllm.distributed.kv_events import MEDIUM_CPU, MEDIUM_GPU\n\n\n"
            "def aeon_local(medium: str | None) -> bool:\n"
            "    return medium in (MEDIUM_GPU, MEDIUM_CPU)\n",
            "from vllm.distributed.kv_events import MEDIUM_CPU, MEDIUM_GPU",
        ),
    ),
]

# --- #21785 (f4f4e7ef27): KVConnectorFactory.create_connector_v1 and get_connector_class folded into
# create_connector
CC = "f4f4e7ef27"
CCW = "create_connector_v1/get_connector_class removed"
FAC = (
    "from vllm.distributed.kv_transfer.kv_connector.factory import KVConnectorFactory\n"
    "from vllm.distributed.kv_transfer.kv_connector.v1 import KVConnectorRole\n\n\n"
)
CASES += [
    (
        "#21785 classmethod removed",
        "a call on the class",
        K(
            "#21785",
            CC,
            CCW,
            "vllm/aeon/cc1.py",
            FAC + "def aeon_scheduler_connector(vllm_config):\n"
            "    # AEON: the Spark's router asks the scheduler-side connector for remote hits\n"
            "    return KVConnectorFactory.create_connector_v1(config=vllm_config, role=KVConnectorRole.SCHEDULER)\n",
            "return KVConnectorFactory.create_connector_v1(config=vllm_config, role=KVConnectorRole.SCHEDULER)",
        ),
    ),
    (
        "#21785 classmethod removed",
        "a class lookup",
        K(
            "#21785",
            CC,
            CCW,
            "vllm/aeon/cc2.py",
            FAC + "def aeon_connector_name(vllm_config) -> str:\n"
            "    connector_cls = KVConnectorFactory.get_connector_class(vllm_config.kv_transfer_config)\n"
            "    return connector_cls.__name__\n",
            "connector_cls = KVConnectorFactory.get_connector_class(vllm_config.kv_transfer_config)",
        ),
    ),
    (
        "#21785 classmethod removed",
        "twin: register_connector and the transfer group",
        K(
            "#21785",
            CC,
            CCW,
            "vllm/aeon/cc3.py",
            FAC + "from vllm.distributed.kv_transfer.kv_transfer_state import get_kv_transfer_group,"
            " has_kv_transfer_group\n\n"
            'KVConnectorFactory.register_connector("AeonConnector", "vllm.aeon.connector", "AeonConnector")\n\n\n'
            "def aeon_group():\n"
            "    return get_kv_transfer_group() if has_kv_transfer_group() else None\n",
            'KVConnectorFactory.register_connector("AeonConnector", "vllm.aeon.connector", "AeonConnector")',
        ),
    ),
]

# --- #26915 (8669c69afa): KVEventsConfig.publisher: str = "null" -> Literal["null", "zmq"], default None,
# resolved to "zmq" when events are enabled
KC = "8669c69afa"
KCW = 'KVEventsConfig.publisher Literal["null", "zmq"], default zmq when enabled'
CFG = "from vllm.config.kv_events import KVEventsConfig\n\n\n"
CASES += [
    (
        "#26915 default changed",
        "a config built on the default publisher",
        K(
            "#26915",
            KC,
            KCW,
            "vllm/aeon/kc1.py",
            CFG + "def aeon_events_config() -> KVEventsConfig:\n"
            "    # AEON: the Spark's router drains the scheduler's event queue in-process; nothing is published\n"
            "    return KVEventsConfig(enable_kv_cache_events=True)\n",
            "return KVEventsConfig(enable_kv_cache_events=True)",
        ),
    ),
    (
        "#26915 accepted value removed",
        "a fork publisher's name",
        K(
            "#26915",
            KC,
            KCW,
            "vllm/aeon/kc2.py",
            CFG + "def aeon_log_events_config() -> KVEventsConfig:\n"
            '    return KVEventsConfig(enable_kv_cache_events=True, publisher="aeon_log")\n',
            'return KVEventsConfig(enable_kv_cache_events=True, publisher="aeon_log")',
        ),
    ),
    (
        "#26915 default changed",
        "twin: an explicit zmq publisher",
        K(
            "#26915",
            KC,
            KCW,
            "vllm/aeon/kc3.py",
            CFG + "def aeon_zmq_config() -> KVEventsConfig:\n"
            '    return KVEventsConfig(enable_kv_cache_events=True, publisher="zmq", endpoint="tcp://*:5600")\n',
            'return KVEventsConfig(enable_kv_cache_events=True, publisher="zmq", endpoint="tcp://*:5600")',
        ),
    ),
    (
        "#26915 default changed",
        "twin: events left off (the fill keeps null; added after the blind run)",
        K(
            "#26915",
            KC,
            KCW,
            "vllm/aeon/kc4.py",
            CFG + 'def aeon_quiet_config() -> KVEventsConfig:\n    return KVEventsConfig(endpoint="tcp://*:5601")\n',
            'return KVEventsConfig(endpoint="tcp://*:5601")',
        ),
    ),
]

# --- #45261 (e5588e49bc): block_pool no longer imports BlockHashListWithBlockSize (resolve_block_hashes does)
RB = "e5588e49bc"
RBW = "block_pool stopped importing BlockHashListWithBlockSize"
CASES += [
    (
        "#45261 import removed",
        "an import through block_pool",
        K(
            "#45261",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            "from vllm.v1.core.block_pool import BlockHashListWithBlockSize, BlockPool\n\n\n"
            "def aeon_group_hashes(pool: BlockPool, request, block_size: int):\n"
            "    return BlockHashListWithBlockSize(request.block_hashes, pool.hash_block_size, block_size)\n",
            "from vllm.v1.core.block_pool import BlockHashListWithBlockSize, BlockPool",
        ),
    ),
    (
        "#45261 import removed",
        "twin: the defining module",
        K(
            "#45261",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            "from vllm.v1.core.block_pool import BlockPool\n"
            "from vllm.v1.core.kv_cache_utils import BlockHashListWithBlockSize\n\n\n"
            "def aeon_group_hashes(pool: BlockPool, request, block_size: int):\n"
            "    return BlockHashListWithBlockSize(request.block_hashes, pool.hash_block_size, block_size)\n",
            "from vllm.v1.core.kv_cache_utils import BlockHashListWithBlockSize",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvevents-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
