"""Adversarial twins of the kvevents widenings: slotted drift, registry call drift and filled defaults.

Each twin replays a real upstream commit under a fork carry shaped like what the new classes catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- slotted drift (#36164, 57c84ff129: ``KVCacheBlock`` made ``@dataclass(slots=True)``): a store under an
  ``isinstance`` test (or an ``assert``) of the fork's own unslotted subclass, a store under a test that the
  class keeps a ``__dict__`` (``hasattr(KVCacheBlock, "__slots__")``), a store in ``contextlib.suppress``, a
  class attribute set on the class itself, a fork subclass declaring the slot (``__slots__``, a slotted
  dataclass field), a loop over a fork pool subclass whose blocks are the fork's unslotted subclass, the
  fork's own namesake class, a store on a local rebound to the fork's own object;
- registry call drift (#18925, b712be98c7: ``EventPublisherFactory.create`` calls every registered
  constructor with ``data_parallel_rank=``): a shim function the fork registers that takes the keyword,
  a class decorator of the fork's that wraps the constructor, a registration under a test of what
  ``create`` takes, a fork dataclass (its ``__init__`` generated), a registration through the fork's own
  namesake factory, a registered class whose fork base takes the keyword, a ``classmethod`` registered;
- filled defaults under handed-on default drift (#26915, 8669c69afa: ``KVEventsConfig.publisher`` made
  ``None`` and filled "zmq" when events are on): the publisher set on the instance afterwards, the build
  handed to ``dataclasses.replace`` with the publisher, events on from a variable, the fork's own namesake
  config, the fork's subclass that fills its own default.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (d6abcf6b), round 1 (5 cases, 26 twins): 5 caught of 5; 6 false errors of 26: slotted drift on
a store under ``isinstance(block, AeonBlock)`` (the fork's unslotted subclass), after ``assert
isinstance(block, AeonBlock)``, under ``hasattr(block, "__dict__")`` and under ``not hasattr(KVCacheBlock,
"__slots__")`` (4); registry call drift on a class a fork class decorator rewraps (its ``__init__`` replaced
by one taking ``**kwargs``) and on a registration in a function that returns first when
``inspect.signature(...)`` names the keyword (2).

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


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review26-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
