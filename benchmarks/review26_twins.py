"""Adversarial twins of the kvevents widenings: slotted drift, registry call drift and filled defaults.

Each twin replays a real upstream commit under a fork carry shaped like what the new classes catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- slotted drift (#36164, 57c84ff129: ``KVCacheBlock`` made ``@dataclass(slots=True)``): a store under an
  ``isinstance`` test (an ``if``, an ``assert``, an early return) of the fork's own unslotted subclass, under
  ``hasattr(block, "__dict__")`` or ``not hasattr(KVCacheBlock, "__slots__")``, in ``contextlib.suppress``, a
  class attribute set on the class itself, a property the fork installs on the class, a fork subclass declaring
  the slot (``__slots__``, a slotted dataclass field), loops over a fork pool whose blocks are the fork's
  unslotted or slot-declaring subclass (annotated or not), the fork's own namesake class, a loop name rebound to the fork's record;
- registry call drift (#18925, b712be98c7: ``EventPublisherFactory.create`` calls every registered
  constructor with ``data_parallel_rank=``): a shim function (or a lambda) taking the keyword registered in the
  class's stead, a fork class decorator, a fork metaclass, or a replaced ``__init__`` dropping the keyword, a
  registration under (or in a function returning first on) a test of what a signature takes, a registered
  class whose fork base takes the keyword, one taking it keyword-only, the fork's own namesake factory;
- the loop typing widened with slotted drift (#45939, 6bc6f2d86d: ``block_hash``'s setter removed): a store
  under ``hasattr(block, "set_block_hash")``, a loop over a fork pool's blocks of its own class keeping a setter;
- filled defaults under handed-on default drift (#26915, 8669c69afa: ``KVEventsConfig.publisher`` made
  ``None`` and filled "zmq" when events are on): the publisher set on the instance afterwards (in place, or by
  a fork function it is handed to), the build handed to ``dataclasses.replace`` with the publisher, events off
  by the build's literal, the fork's own namesake config, the settings passed by ``**``, a build only read, the
  name bound to a ``functools.partial`` of upstream's class pinning the publisher.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (d6abcf6b), round 1 (5 cases, 26 twins): 5 caught of 5; 6 false errors of 26: slotted drift on
a store under ``isinstance(block, AeonBlock)`` (the fork's unslotted subclass), after ``assert
isinstance(block, AeonBlock)``, under ``hasattr(block, "__dict__")`` and under ``not hasattr(KVCacheBlock,
"__slots__")`` (4); registry call drift on a class a fork class decorator rewraps (its ``__init__`` replaced
by one taking ``**kwargs``) and on a registration in a function that returns first when
``inspect.signature(...)`` names the keyword (2).
Round 2 (after mending round 1; 6 cases, 34 twins, #45939 6bc6f2d86d added: ``block_hash``'s setter removed):
6 caught of 6; 3 false errors of the 8 new twins: slotted drift on a store a property the fork installs on the
class takes (``KVCacheBlock.aeon_tier = property(get, put)``); registry call drift on a class with a fork
metaclass whose ``__call__`` drops the keyword, and on a class whose ``__init__`` the module replaces after its
body.  (Not a false error, left: #45939's setter store on an element of ``pool.blocks`` in a loop is missed,
where the same store on a parameter typed as the class is caught: the setter check does not take the loop's
element type.)
Round 3: a fork pool subclass rebuilding ``self.blocks`` of its unslotted subclass without an annotation (a
loop over it off a typed parameter, and in the subclass's own method): quiet on main's engine and here.
This branch: 6 caught of 6; 0 false errors of 36 twins (main's engine: 9 false errors of 36).
mend46: the loop spellings left above, as three cases (a loop over ``pool.blocks`` of a typed pool, a zip over
a slice of a pool subclass's own ``self.blocks``, a comprehension indexing ``pool.blocks``): caught, the setter
check typing a loop element by the holder's annotated field (``drift/frozen_receivers.py``); the store under
``hasattr(block, "set_block_hash")``'s ``else`` stays quiet (a version gate on a name upstream's class defines).
9 caught of 9; 0 false errors of 36 twins.

  PYTHONPATH=.. python review26_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 57c84ff129 (#36164): KVCacheBlock made @dataclass(slots=True)
SL = ("#36164", "57c84ff129", "KVCacheBlock @dataclass(slots=True)")
KB = "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
AB = KB + "class AeonBlock(KVCacheBlock):\n    # AEON: a block the Spark's offloader tags with its tier\n    pass\n\n\n"
CASES += [
    (
        "#36164 slots",
        "an attribute set on a parameter typed as the class",
        K(
            *SL,
            "vllm/aeon/r26sl0.py",
            "import time\n\n" + KB + "def aeon_touch(block: KVCacheBlock) -> None:\n"
            "    block.aeon_last_used = time.monotonic()\n",
            "    block.aeon_last_used = time.monotonic()",
        ),
    ),
    (
        "#36164 slots",
        "setattr on an element of the pool's blocks",
        K(
            *SL,
            "vllm/aeon/r26sl1.py",
            "from vllm.v1.core.block_pool import BlockPool\n\n\n"
            "def aeon_tag(pool: BlockPool, tier: str) -> None:\n"
            "    for block in pool.blocks:\n"
            '        setattr(block, "aeon_tier", tier)\n',
            '        setattr(block, "aeon_tier", tier)',
        ),
    ),
]
TWINS += [
    (
        "#36164 slots",
        "twin: the store under isinstance of the fork's own unslotted subclass",
        K(
            *SL,
            "vllm/aeon/r26sl2.py",
            AB + "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    if isinstance(block, AeonBlock):\n"
            "        block.aeon_tier = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: the store after an assert of the fork's own unslotted subclass",
        K(
            *SL,
            "vllm/aeon/r26sl3.py",
            AB + "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    assert isinstance(block, AeonBlock)\n"
            "    block.aeon_tier = tier\n",
            "    block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: the store under a test that instances keep a __dict__",
        K(
            *SL,
            "vllm/aeon/r26sl4.py",
            KB + "_TIERS: dict[int, str] = {}\n\n\n"
            "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            '    if hasattr(block, "__dict__"):  # AEON: older upstreams keep a dict per block\n'
            "        block.aeon_tier = tier\n"
            "    else:\n"
            "        _TIERS[block.block_id] = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: the store under a test that the class declares no slots",
        K(
            *SL,
            "vllm/aeon/r26sl5.py",
            KB + "_TIERS: dict[int, str] = {}\n\n\n"
            "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            '    if not hasattr(KVCacheBlock, "__slots__"):\n'
            "        block.aeon_tier = tier\n"
            "        return\n"
            "    _TIERS[block.block_id] = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: the store in contextlib.suppress(AttributeError)",
        K(
            *SL,
            "vllm/aeon/r26sl6.py",
            "import contextlib\n\n" + KB + "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    with contextlib.suppress(AttributeError):  # AEON: a slotted block keeps no tier\n"
            "        block.aeon_tier = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: a class attribute set on the class itself",
        K(
            *SL,
            "vllm/aeon/r26sl7.py",
            KB + "def aeon_install() -> None:\n"
            '    KVCacheBlock.aeon_default_tier = "hbm"  # AEON: read by the offloader, never set per block\n',
            '    KVCacheBlock.aeon_default_tier = "hbm"  # AEON: read by the offloader, never set per block',
        ),
    ),
    (
        "#36164 slots",
        "twin: a fork subclass declaring the slot, the receiver typed as it",
        K(
            *SL,
            "vllm/aeon/r26sl8.py",
            KB + "class AeonSlottedBlock(KVCacheBlock):\n"
            '    __slots__ = ("aeon_tier",)\n\n\n'
            "def aeon_tag(block: AeonSlottedBlock, tier: str) -> None:\n"
            "    block.aeon_tier = tier\n",
            "    block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: a fork slotted dataclass subclass's field, the receiver typed as it",
        K(
            *SL,
            "vllm/aeon/r26sl9.py",
            "from dataclasses import dataclass\n\n" + KB + "@dataclass(slots=True)\n"
            "class AeonTieredBlock(KVCacheBlock):\n"
            '    aeon_tier: str = "hbm"\n\n\n'
            "def aeon_tag(block: AeonTieredBlock, tier: str) -> None:\n"
            "    block.aeon_tier = tier\n",
            "    block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: a loop over a fork pool whose blocks are the fork's unslotted subclass",
        K(
            *SL,
            "vllm/aeon/r26sl10.py",
            "from vllm.v1.core.block_pool import BlockPool\n" + AB + "class AeonBlockPool(BlockPool):\n"
            "    def __init__(self, num_gpu_blocks: int, enable_caching: bool) -> None:\n"
            "        super().__init__(num_gpu_blocks, enable_caching)\n"
            "        self.blocks: list[AeonBlock] = [AeonBlock(idx) for idx in range(num_gpu_blocks)]\n\n\n"
            "def aeon_tag(pool: AeonBlockPool, tier: str) -> None:\n"
            "    for block in pool.blocks:\n"
            "        block.aeon_tier = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: the fork's own namesake class",
        K(
            *SL,
            "vllm/aeon/r26sl11.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class KVCacheBlock:  # AEON: the host tier's own block record\n"
            "    block_id: int\n\n\n"
            "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    block.aeon_tier = tier\n",
            "    block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: a store on a loop name rebound to the fork's own record",
        K(
            *SL,
            "vllm/aeon/r26sl12.py",
            "from types import SimpleNamespace\n\nfrom vllm.v1.core.block_pool import BlockPool\n\n\n"
            "def aeon_records(pool: BlockPool) -> list[SimpleNamespace]:\n"
            "    records = []\n"
            "    for block in pool.blocks:\n"
            "        block = SimpleNamespace(block_id=block.block_id)\n"
            '        block.aeon_tier = "hbm"\n'
            "        records.append(block)\n"
            "    return records\n",
            '        block.aeon_tier = "hbm"',
        ),
    ),
    (
        "#36164 slots",
        "twin: the store on an object of a union typed parameter narrowed to the fork's class",
        K(
            *SL,
            "vllm/aeon/r26sl13.py",
            AB + "def aeon_tag(block: KVCacheBlock | AeonBlock, tier: str) -> None:\n"
            "    if not isinstance(block, AeonBlock):\n"
            "        return\n"
            "    block.aeon_tier = tier\n",
            "    block.aeon_tier = tier",
        ),
    ),
]

# --- b712be98c7 (#18925): EventPublisherFactory.create calls each registered constructor with data_parallel_rank=
DP = ("#18925", "b712be98c7", "the factory passes data_parallel_rank= to every registered constructor")
PUB = "from vllm.distributed.kv_events import EventPublisher, EventPublisherFactory\n\n\n"
LOG = (
    "class AeonLogPublisher(EventPublisher):\n"
    '    def __init__(self, endpoint: str = "", topic: str = "", **unused: object) -> None:\n'
    "        self._topic = topic\n\n"
    "    def publish(self, events) -> None:\n"
    "        return None\n\n"
    "    def shutdown(self) -> None:\n"
    "        return None\n\n\n"
)
CASES += [
    (
        "#18925 registry keyword",
        "a registered class's __init__ of the config's fields",
        K(
            *DP,
            "vllm/aeon/r26dp0.py",
            PUB + "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:',
        ),
    ),
    (
        "#18925 registry keyword",
        "a registered function of the config's fields",
        K(
            *DP,
            "vllm/aeon/r26dp1.py",
            PUB + LOG + 'def aeon_make(endpoint: str = "", topic: str = "", buffer_steps: int = 0) -> EventPublisher:\n'
            "    return AeonLogPublisher(endpoint, topic)\n\n\n"
            'EventPublisherFactory.register_publisher("aeon_log", aeon_make)\n',
            'def aeon_make(endpoint: str = "", topic: str = "", buffer_steps: int = 0) -> EventPublisher:',
        ),
    ),
]
TWINS += [
    (
        "#18925 registry keyword",
        "twin: a shim function taking the keyword registered in the class's stead",
        K(
            *DP,
            "vllm/aeon/r26dp2.py",
            PUB + "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            "def aeon_make(data_parallel_rank: int = 0, **config: object) -> EventPublisher:\n"
            '    return AeonLogPublisher(str(config.get("endpoint", "")), str(config.get("topic", "")))\n\n\n'
            'EventPublisherFactory.register_publisher("aeon_log", aeon_make)\n',
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:',
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: a fork class decorator that drops the keyword before the constructor",
        K(
            *DP,
            "vllm/aeon/r26dp3.py",
            "import functools\n\n" + PUB + "def aeon_rank_blind(cls):\n"
            "    init = cls.__init__\n\n"
            "    @functools.wraps(init)\n"
            "    def wrapped(self, *args, data_parallel_rank: int = 0, **kwargs):\n"
            "        init(self, *args, **kwargs)\n\n"
            "    cls.__init__ = wrapped\n"
            "    return cls\n\n\n"
            "@aeon_rank_blind\n"
            "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:',
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: the registration under a test of what create passes",
        K(
            *DP,
            "vllm/aeon/r26dp4.py",
            "import inspect\n\n" + PUB + "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            'if "data_parallel_rank" not in inspect.signature(EventPublisherFactory.create).parameters:\n'
            '    EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:',
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: a registered class whose fork base takes the keyword",
        K(
            *DP,
            "vllm/aeon/r26dp5.py",
            PUB + "class AeonBasePublisher(EventPublisher):\n"
            "    def __init__(self, data_parallel_rank: int = 0, **config: object) -> None:\n"
            "        super().__init__(data_parallel_rank)\n"
            "        self._config = config\n\n\n"
            "class AeonLogPublisher(AeonBasePublisher):\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            "class AeonLogPublisher(AeonBasePublisher):",
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: a registration through the fork's own namesake factory",
        K(
            *DP,
            "vllm/aeon/r26dp6.py",
            "from collections.abc import Callable\n\nfrom vllm.distributed.kv_events import EventPublisher\n\n\n"
            "class EventPublisherFactory:  # AEON: the Spark router's own publishers, not the engine's\n"
            "    _registry: dict[str, Callable[..., EventPublisher]] = {}\n\n"
            "    @classmethod\n"
            "    def register_publisher(cls, name: str, ctor: Callable[..., EventPublisher]) -> None:\n"
            "        cls._registry[name] = ctor\n\n\n"
            "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:',
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: a registered class taking the keyword keyword-only",
        K(
            *DP,
            "vllm/aeon/r26dp7.py",
            PUB + "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "", *, data_parallel_rank: int = 0) -> None:\n'
            "        super().__init__(data_parallel_rank)\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            '    def __init__(self, endpoint: str = "", topic: str = "", *, data_parallel_rank: int = 0) -> None:',
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: a lambda shim registered beside a class of the config's fields",
        K(
            *DP,
            "vllm/aeon/r26dp8.py",
            PUB + "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            "EventPublisherFactory.register_publisher(\n"
            '    "aeon_log", lambda data_parallel_rank=0, **cfg: AeonLogPublisher(cfg["endpoint"], cfg["topic"])\n'
            ")\n",
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:',
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: a registration in a function the fork calls on an older upstream only",
        K(
            *DP,
            "vllm/aeon/r26dp9.py",
            "import inspect\n\n" + PUB + "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            "def aeon_register() -> None:\n"
            '    if "data_parallel_rank" in inspect.signature(EventPublisher.__init__).parameters:\n'
            "        return  # AEON: the rank-aware factory gets the Spark's ZMQ subclass instead\n"
            '    EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:',
        ),
    ),
]

# --- 8669c69afa (#26915): KVEventsConfig.publisher default None, filled "zmq" when events are on
KC = ("#26915", "8669c69afa", 'KVEventsConfig.publisher default None -> "zmq" when events are enabled')
CFG = "from vllm.config.kv_events import KVEventsConfig\n\n\n"
CASES += [
    (
        "#26915 filled default",
        "a config built on the default publisher, handed to a fork function",
        K(
            *KC,
            "vllm/aeon/r26kc0.py",
            CFG + "def aeon_install(config: KVEventsConfig) -> None:\n"
            "    del config\n\n\n"
            "def aeon_events() -> None:\n"
            '    aeon_install(KVEventsConfig(enable_kv_cache_events=True, topic="aeon"))\n',
            '    aeon_install(KVEventsConfig(enable_kv_cache_events=True, topic="aeon"))',
        ),
    ),
]
TWINS += [
    (
        "#26915 filled default",
        "twin: the publisher set on the instance after the build",
        K(
            *KC,
            "vllm/aeon/r26kc1.py",
            CFG + "def aeon_events_config() -> KVEventsConfig:\n"
            "    config = KVEventsConfig(enable_kv_cache_events=True)\n"
            '    config.publisher = "null"  # AEON: the router drains the queue in-process\n'
            "    return config\n",
            "    config = KVEventsConfig(enable_kv_cache_events=True)",
        ),
    ),
    (
        "#26915 filled default",
        "twin: the build handed to dataclasses.replace with the publisher",
        K(
            *KC,
            "vllm/aeon/r26kc2.py",
            "import dataclasses\n\n" + CFG + "def aeon_events_config() -> KVEventsConfig:\n"
            '    return dataclasses.replace(KVEventsConfig(enable_kv_cache_events=True), publisher="null")\n',
            '    return dataclasses.replace(KVEventsConfig(enable_kv_cache_events=True), publisher="null")',
        ),
    ),
    (
        "#26915 filled default",
        "twin: events off by the build's literal",
        K(
            *KC,
            "vllm/aeon/r26kc3.py",
            CFG + "def aeon_events_config() -> KVEventsConfig:\n"
            '    return KVEventsConfig(enable_kv_cache_events=False, topic="aeon")\n',
            '    return KVEventsConfig(enable_kv_cache_events=False, topic="aeon")',
        ),
    ),
    (
        "#26915 filled default",
        "twin: the fork's own namesake config",
        K(
            *KC,
            "vllm/aeon/r26kc4.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class KVEventsConfig:  # AEON: the router's own events settings\n"
            "    enable_kv_cache_events: bool = False\n"
            "    publisher: str | None = None\n\n"
            "    def __post_init__(self) -> None:\n"
            "        if self.publisher is None:\n"
            '            self.publisher = "zmq" if self.enable_kv_cache_events else "null"\n\n\n'
            "def aeon_install(config: KVEventsConfig) -> None:\n"
            "    del config\n\n\n"
            "def aeon_events() -> None:\n"
            "    aeon_install(KVEventsConfig(enable_kv_cache_events=True))\n",
            "    aeon_install(KVEventsConfig(enable_kv_cache_events=True))",
        ),
    ),
    (
        "#26915 filled default",
        "twin: the publisher passed by a dict of the fork's settings",
        K(
            *KC,
            "vllm/aeon/r26kc5.py",
            CFG + '_AEON_EVENTS = {"enable_kv_cache_events": True, "publisher": "null"}\n\n\n'
            "def aeon_events_config() -> KVEventsConfig:\n"
            "    return KVEventsConfig(**_AEON_EVENTS)\n",
            "    return KVEventsConfig(**_AEON_EVENTS)",
        ),
    ),
    (
        "#26915 filled default",
        "twin: a build the fork only reads, never hands on",
        K(
            *KC,
            "vllm/aeon/r26kc6.py",
            CFG + "def aeon_default_topic() -> str:\n"
            "    config = KVEventsConfig(enable_kv_cache_events=True)\n"
            "    return config.topic\n",
            "    config = KVEventsConfig(enable_kv_cache_events=True)",
        ),
    ),
]


# --- round 2: shims, a metaclass, an alias, and the loop typing widened with slotted drift (#45939, 6bc6f2d86d:
# KVCacheBlock.block_hash's setter replaced by set_block_hash)
PP = ("#45939", "6bc6f2d86d", "KVCacheBlock.block_hash setter removed; set_block_hash() added")
POOL = "from vllm.v1.core.block_pool import BlockPool\n"
CASES += [
    (
        "#45939 setter removed",
        "a store of block_hash on a typed receiver under a test",
        K(
            *PP,
            "vllm/aeon/r26pp0.py",
            "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
            "def aeon_adopt(block: KVCacheBlock, block_id: int, block_hash) -> None:\n"
            "    if block.block_id == block_id:\n"
            "        block.block_hash = block_hash\n",
            "        block.block_hash = block_hash",
        ),
    ),
]
# mend46: the loop spellings round 2 left missed (the setter check now types a loop over a typed holder's field)
CASES += [
    (
        "#45939 setter removed",
        "a store of block_hash on each block of a typed pool",
        K(
            *PP,
            "vllm/aeon/r26pp3.py",
            POOL + "\n\ndef aeon_adopt(pool: BlockPool, block_id: int, block_hash) -> None:\n"
            "    for block in pool.blocks:\n"
            "        if block.block_id == block_id:\n"
            "            block.block_hash = block_hash\n",
            "            block.block_hash = block_hash",
        ),
    ),
    (
        "#45939 setter removed",
        "a store of block_hash on a slice of a pool subclass's own blocks",
        K(
            *PP,
            "vllm/aeon/r26pp4.py",
            POOL + "\n\nclass AeonPool(BlockPool):\n"
            "    def aeon_adopt(self, start: int, hashes: list) -> None:\n"
            "        for block, block_hash in zip(self.blocks[start:], hashes):\n"
            "            block.block_hash = block_hash\n",
            "            block.block_hash = block_hash",
        ),
    ),
    (
        "#45939 setter removed",
        "a store of block_hash on the blocks a comprehension picks",
        K(
            *PP,
            "vllm/aeon/r26pp5.py",
            POOL + "\n\ndef aeon_adopt(pool: BlockPool, ids: list[int], block_hash) -> None:\n"
            "    for block in [pool.blocks[i] for i in ids]:\n"
            "        block.block_hash = block_hash\n",
            "        block.block_hash = block_hash",
        ),
    ),
]
TWINS += [
    (
        "#36164 slots",
        "twin: a property the fork installs on the class takes the store",
        K(
            *SL,
            "vllm/aeon/r26sl14.py",
            KB + "_TIERS: dict[int, str] = {}\n\n\n"
            "def _tier(block: KVCacheBlock) -> str:\n"
            '    return _TIERS.get(block.block_id, "hbm")\n\n\n'
            "def _set_tier(block: KVCacheBlock, tier: str) -> None:\n"
            "    _TIERS[block.block_id] = tier\n\n\n"
            "KVCacheBlock.aeon_tier = property(_tier, _set_tier)  # AEON: kept beside the slotted block\n\n\n"
            "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    block.aeon_tier = tier\n",
            "    block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: a loop over a fork pool's own list of slotted subclass blocks declaring the slot",
        K(
            *SL,
            "vllm/aeon/r26sl15.py",
            KB + "class AeonSlottedBlock(KVCacheBlock):\n"
            '    __slots__ = ("aeon_tier",)\n\n\n'
            "class AeonTierPool:\n"
            "    def __init__(self, num_blocks: int) -> None:\n"
            "        self.blocks: list[AeonSlottedBlock] = [AeonSlottedBlock(i) for i in range(num_blocks)]\n\n\n"
            "def aeon_tag(pool: AeonTierPool, tier: str) -> None:\n"
            "    for block in pool.blocks:\n"
            "        block.aeon_tier = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
    (
        "#45939 setter removed",
        "twin: the store of block_hash in a loop under hasattr of the new method",
        K(
            *PP,
            "vllm/aeon/r26pp1.py",
            POOL + "\n\ndef aeon_adopt(pool: BlockPool, block_id: int, block_hash) -> None:\n"
            "    for block in pool.blocks:\n"
            "        if block.block_id != block_id:\n"
            "            continue\n"
            '        if hasattr(block, "set_block_hash"):\n'
            "            block.set_block_hash(block_hash)\n"
            "        else:\n"
            "            block.block_hash = block_hash\n",
            "            block.block_hash = block_hash",
        ),
    ),
    (
        "#45939 setter removed",
        "twin: a loop over a fork pool's blocks of its own class keeping a setter",
        K(
            *PP,
            "vllm/aeon/r26pp2.py",
            "class AeonHostBlock:\n"
            "    def __init__(self, block_id: int) -> None:\n"
            "        self.block_id = block_id\n"
            "        self._block_hash = None\n\n"
            "    @property\n"
            "    def block_hash(self):\n"
            "        return self._block_hash\n\n"
            "    @block_hash.setter\n"
            "    def block_hash(self, value) -> None:\n"
            "        self._block_hash = value\n\n\n"
            "class AeonHostPool:\n"
            "    def __init__(self, num_blocks: int) -> None:\n"
            "        self.blocks: list[AeonHostBlock] = [AeonHostBlock(i) for i in range(num_blocks)]\n\n\n"
            "def aeon_adopt(pool: AeonHostPool, block_id: int, block_hash) -> None:\n"
            "    for block in pool.blocks:\n"
            "        if block.block_id == block_id:\n"
            "            block.block_hash = block_hash\n",
            "            block.block_hash = block_hash",
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: a registered class whose fork metaclass drops the keyword",
        K(
            *DP,
            "vllm/aeon/r26dp10.py",
            "from abc import ABCMeta\n\n" + PUB + "class AeonRankBlind(ABCMeta):\n"
            "    def __call__(cls, *args, data_parallel_rank: int = 0, **kwargs):\n"
            "        return super().__call__(*args, **kwargs)\n\n\n"
            "class AeonLogPublisher(EventPublisher, metaclass=AeonRankBlind):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:',
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: the fork's __init__ replaced after the class by one taking the keyword",
        K(
            *DP,
            "vllm/aeon/r26dp11.py",
            PUB + "class AeonLogPublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n"
            "    def publish(self, events) -> None:\n"
            "        return None\n\n"
            "    def shutdown(self) -> None:\n"
            "        return None\n\n\n"
            "_aeon_init = AeonLogPublisher.__init__\n\n\n"
            'def _aeon_rank_init(self, endpoint: str = "", topic: str = "", data_parallel_rank: int = 0, **_) -> None:\n'
            "    _aeon_init(self, endpoint, topic)\n\n\n"
            "AeonLogPublisher.__init__ = _aeon_rank_init  # AEON: the rank-aware factory's keyword\n"
            'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n',
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:',
        ),
    ),
    (
        "#26915 filled default",
        "twin: the build handed to a fork function that sets the publisher",
        K(
            *KC,
            "vllm/aeon/r26kc7.py",
            CFG + "def aeon_pin_publisher(config: KVEventsConfig) -> KVEventsConfig:\n"
            '    config.publisher = "null"\n'
            "    return config\n\n\n"
            "def aeon_events_config() -> KVEventsConfig:\n"
            "    return aeon_pin_publisher(KVEventsConfig(enable_kv_cache_events=True))\n",
            "    return aeon_pin_publisher(KVEventsConfig(enable_kv_cache_events=True))",
        ),
    ),
    (
        "#26915 filled default",
        "twin: the name bound to a partial of upstream's class pinning the publisher",
        K(
            *KC,
            "vllm/aeon/r26kc8.py",
            "import functools\n\nfrom vllm.config import kv_events\n\n"
            'KVEventsConfig = functools.partial(kv_events.KVEventsConfig, publisher="null")\n\n\n'
            "def aeon_install(config: kv_events.KVEventsConfig) -> None:\n"
            "    del config\n\n\n"
            "def aeon_events() -> None:\n"
            "    aeon_install(KVEventsConfig(enable_kv_cache_events=True))\n",
            "    aeon_install(KVEventsConfig(enable_kv_cache_events=True))",
        ),
    ),
]


# --- round 3: a fork pool's blocks rebuilt of the fork's unslotted subclass without an annotation of its own
TWINS += [
    (
        "#36164 slots",
        "twin: a loop over a fork pool subclass that rebuilds its blocks unannotated",
        K(
            *SL,
            "vllm/aeon/r26sl16.py",
            "from vllm.v1.core.block_pool import BlockPool\n" + AB + "class AeonBlockPool(BlockPool):\n"
            "    def __init__(self, num_gpu_blocks: int, enable_caching: bool) -> None:\n"
            "        super().__init__(num_gpu_blocks, enable_caching)\n"
            "        self.blocks = [AeonBlock(idx) for idx in range(num_gpu_blocks)]\n\n\n"
            "def aeon_tag(pool: AeonBlockPool, tier: str) -> None:\n"
            "    for block in pool.blocks:\n"
            "        block.aeon_tier = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: a fork pool subclass's own method looping over the blocks it rebuilt",
        K(
            *SL,
            "vllm/aeon/r26sl17.py",
            "from vllm.v1.core.block_pool import BlockPool\n" + AB + "class AeonBlockPool(BlockPool):\n"
            "    def __init__(self, num_gpu_blocks: int, enable_caching: bool) -> None:\n"
            "        super().__init__(num_gpu_blocks, enable_caching)\n"
            "        self.blocks = [AeonBlock(idx) for idx in range(num_gpu_blocks)]\n\n"
            "    def aeon_tag(self, tier: str) -> None:\n"
            "        for block in self.blocks:\n"
            "            block.aeon_tier = tier\n",
            "            block.aeon_tier = tier",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review26-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
