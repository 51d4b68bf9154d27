"""Adversarial twins of mend46's widenings: correct fork carries after the real change, shaped like the catches.

Each twin replays a real upstream commit under a fork carry a maintainer writes correctly, shaped like what
mend46's mends and widenings catch (the merge base is the commit's first parent, upstream the commit):

- empty-to-raise under a guard (#47058, 1ab9522935: get_moe_expert_mapping raises where it answered []): the
  call after ``getattr(model, "get_expert_mapping", None) is None`` exits, under ``callable(getattr(...))``, after
  a test that some submodule has it (upstream's own walk), under ``contextlib.suppress(ValueError)``, under
  ``hasattr(self.model, ...)`` in a method;
- slotted drift's kind tests (#36164, 57c84ff129: KVCacheBlock slotted): an ``or`` of two fork subclasses'
  ``isinstance``, a raise unless one of them, a ``match`` on the fork's subclass, ``type(b) in {...}`` of them;
- stores through loop elements of a typed holder's field (#45939, 6bc6f2d86d: block_hash's setter gone): the
  store in the else of ``getattr(block, "set_block_hash", None)``, under a module flag of ``hasattr``, tried
  with the new method on ``AttributeError``, on a pool subclass's own rebuilt blocks, on the loop name rebound
  to a fork view, the new spelling;
- a registered class's inherited ``__init__`` (#18925, b712be98c7: data_parallel_rank= to every constructor):
  a base passing ``*args, **kwargs`` on, a relatively imported fork base taking it, upstream's ZMQ publisher
  subclassed, a keyword-only rank;
- ``handed_needs`` through ``self.x`` (#42749, 2cab53ddee: BaseKVCacheMethod fills the layer's host scales):
  ``self.method`` annotated as upstream's class but built as the fork's overriding subclass, upstream's scale
  helper, the layer's own host copies, a parameter annotated as the fork's subclass;
- a fork store read through a typed receiver (#13240, 4f5b059f14: LlamaModel.padding_idx no longer set): the
  fork model subclass's ``self.padding_idx`` read through a string annotation, an optional parameter, a
  ``cast``, an ``isinstance`` test, an annotated local.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Main's engine (715d7059), round 1 (5 cases, 28 twins): 4 caught, 1 warned of 5 (#42749's case, self.method
built as upstream's class: a warning); 8 false errors of 28 (1 more warned): empty-to-raise on the call after
``getattr(model, "get_expert_mapping", None) is None`` exits (r31mx1), under ``callable(getattr(...))`` (r31mx2),
after ``any(hasattr(m, ...) for m in model.modules())`` (r31mx3); slotted drift on a store under ``case
AeonBlock():`` (r31sl3); the setter check on the store in the else of ``getattr(block, "set_block_hash", None)
is not None`` (r31pp1) and under a module flag of ``hasattr(KVCacheBlock, "set_block_hash")`` (r31pp2); the
fork's ``self.padding_idx`` called unread where it is read through ``cast(AeonLlamaModel, self.model)``
(r31pi3) and under ``isinstance(model, AeonLlamaModel)`` (r31pi4, where the read itself is an error too).
1 more twin warned: r31kv1 (``self.method: BaseKVCacheMethod = AeonKVCacheMethod(...)``, the fork's override).
Round 2 (marked r2; #21791 755fa8b657's frozen specs through a fork holder's list added): a call in a loop over
``model.modules()`` under ``hasattr(module, ...)`` (r31mx6), a walrus of ``hasattr`` (r31mx7), a conditional
expression on ``getattr(..., None)`` (r31mx8), a module flag of ``getattr(KVCacheBlock, ..., None) is not None``
(r31pp8); quiet: ``object.__setattr__``, ``FrozenInstanceError`` caught, a holder subclass's own list, hasattr
then ``continue``, a version check (warned), the fork's bases of upstream's publisher or through a module alias,
``assert type(b) is AeonBlock``.
All rounds, main (715d7059): 5 caught, 1 warned of 6; 12 false errors of 41 (2 warned).
This branch: 5 caught, 1 warned of 6; 0 false errors of 41 (1 warned: r31pp9, the store under a version check
of the package, a warning by design).  The mends: drift/presence.py (a presence test spelt with ``getattr(...,
None)``, ``callable``, a local, a walrus or a module flag) for empty-to-raise guards and read-only version
gates; a walk over the argument (``any(...)``, or a ``for`` whose element is tested) where upstream walks it;
``case AeonBlock():`` in slotted drift; ``cast(Mine, x)`` and ``isinstance(x, Mine)`` for the fork's store read
through its class; ``self.m: Base = Mine()`` gives handed_needs no one class.

  PYTHONPATH=.. python review31_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 1ab9522935 (#47058): get_moe_expert_mapping walks model.named_modules() for get_expert_mapping and raises
# ValueError where it answered [] (the raised-empties guard widening)
MX = ("#47058", "1ab9522935", "get_moe_expert_mapping raises for a model with no expert mapping")
MI = "from vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
CASES += [
    (
        "#47058 empty made a raise",
        "a hasattr guard or-ed with a flag of the fork's",
        K(
            *MX,
            "vllm/aeon/r31mx0.py",
            MI + "def aeon_is_moe(model, force_moe: bool = False) -> bool:\n"
            '    if hasattr(model, "get_expert_mapping") or force_moe:\n'
            "        return bool(get_moe_expert_mapping(model))\n"
            "    return False\n",
            "        return bool(get_moe_expert_mapping(model))",
        ),
    ),
]
TWINS += [
    (
        "#47058 empty made a raise",
        "twin: getattr(model, 'get_expert_mapping', None) is None exits first",
        K(
            *MX,
            "vllm/aeon/r31mx1.py",
            MI + "def aeon_is_moe(model) -> bool:\n"
            '    if getattr(model, "get_expert_mapping", None) is None:\n'
            "        return False  # AEON: a dense model, after #47058\n"
            "    return bool(get_moe_expert_mapping(model))\n",
            "    return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: the call under callable(getattr(model, ...))",
        K(
            *MX,
            "vllm/aeon/r31mx2.py",
            MI + "def aeon_is_moe(model) -> bool:\n"
            '    if callable(getattr(model, "get_expert_mapping", None)):\n'
            "        return bool(get_moe_expert_mapping(model))\n"
            "    return False\n",
            "        return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: the fork asks every submodule first, as upstream's walk does",
        K(
            *MX,
            "vllm/aeon/r31mx3.py",
            MI + "def aeon_is_moe(model) -> bool:\n"
            '    if not any(hasattr(m, "get_expert_mapping") for m in model.modules()):\n'
            "        return False\n"
            "    return bool(get_moe_expert_mapping(model))\n",
            "    return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: contextlib.suppress(ValueError) round the call",
        K(
            *MX,
            "vllm/aeon/r31mx4.py",
            "import contextlib\n\n" + MI + "def aeon_is_moe(model) -> bool:\n"
            "    with contextlib.suppress(ValueError):  # AEON: dense models raise since #47058\n"
            "        return bool(get_moe_expert_mapping(model))\n"
            "    return False\n",
            "        return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: a method asking self.model first",
        K(
            *MX,
            "vllm/aeon/r31mx5.py",
            MI + "class AeonExpertLoader:\n"
            "    def __init__(self, model) -> None:\n"
            "        self.model = model\n"
            "        self.mapping: list = []\n\n"
            "    def aeon_prepare(self) -> None:\n"
            '        if hasattr(self.model, "get_expert_mapping"):\n'
            "            self.mapping = get_moe_expert_mapping(self.model)\n",
            "            self.mapping = get_moe_expert_mapping(self.model)",
        ),
    ),
]

# --- 57c84ff129 (#36164): KVCacheBlock made @dataclass(slots=True) (slotted drift's kind tests, every=)
SL = ("#36164", "57c84ff129", "KVCacheBlock @dataclass(slots=True)")
KB = "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n\n"
AB = (
    KB + "class AeonBlock(KVCacheBlock):\n    # AEON: a block the offloader tags with its tier\n    pass\n\n\n"
    "class AeonPinnedBlock(KVCacheBlock):\n    # AEON: a block pinned in host memory\n    pass\n\n\n"
)
CASES += [
    (
        "#36164 slots",
        "an or of isinstance tests, one naming the slotted class",
        K(
            *SL,
            "vllm/aeon/r31sl0.py",
            AB + "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    if isinstance(block, AeonBlock) or isinstance(block, KVCacheBlock):\n"
            "        block.aeon_tier = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
]
TWINS += [
    (
        "#36164 slots",
        "twin: an or of isinstance tests of two fork subclasses",
        K(
            *SL,
            "vllm/aeon/r31sl1.py",
            AB + "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    if isinstance(block, AeonBlock) or isinstance(block, AeonPinnedBlock):\n"
            "        block.aeon_tier = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: a raise unless the block is of one of the fork's subclasses",
        K(
            *SL,
            "vllm/aeon/r31sl2.py",
            AB + "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    if not isinstance(block, (AeonBlock, AeonPinnedBlock)):\n"
            '        raise TypeError("AEON: only the offloader\'s blocks carry a tier")\n'
            "    block.aeon_tier = tier\n",
            "    block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: a match on the fork's subclass",
        K(
            *SL,
            "vllm/aeon/r31sl3.py",
            AB + "_TIERS: dict[int, str] = {}\n\n\n"
            "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    match block:\n"
            "        case AeonBlock():\n"
            "            block.aeon_tier = tier\n"
            "        case _:\n"
            "            _TIERS[block.block_id] = tier\n",
            "            block.aeon_tier = tier",
        ),
    ),
    (
        "#36164 slots",
        "twin: type(block) in a set of the fork's subclasses",
        K(
            *SL,
            "vllm/aeon/r31sl4.py",
            AB + "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    if type(block) in {AeonBlock, AeonPinnedBlock}:\n"
            "        block.aeon_tier = tier\n",
            "        block.aeon_tier = tier",
        ),
    ),
]

# --- 6bc6f2d86d (#45939): KVCacheBlock.block_hash's setter removed, set_block_hash() added (read-only stores
# through loop elements of a typed holder's field)
PP = ("#45939", "6bc6f2d86d", "KVCacheBlock.block_hash setter removed; set_block_hash() added")
POOL = "from vllm.v1.core.block_pool import BlockPool\n"
CASES += [
    (
        "#45939 setter removed",
        "a store of block_hash on each block of a sorted copy of the pool's blocks",
        K(
            *PP,
            "vllm/aeon/r31pp0.py",
            POOL + "\n\ndef aeon_forget(pool: BlockPool) -> None:\n"
            "    for block in sorted(pool.blocks, key=lambda b: b.block_id):\n"
            "        block.block_hash = None\n",
            "        block.block_hash = None",
        ),
    ),
]
TWINS += [
    (
        "#45939 setter removed",
        "twin: the store in the else of getattr(block, 'set_block_hash', None)",
        K(
            *PP,
            "vllm/aeon/r31pp1.py",
            POOL + "\n\ndef aeon_adopt(pool: BlockPool, block_id: int, block_hash) -> None:\n"
            "    for block in pool.blocks:\n"
            "        if block.block_id != block_id:\n"
            "            continue\n"
            '        setter = getattr(block, "set_block_hash", None)\n'
            "        if setter is not None:  # AEON: #45939's spelling where the tree has it\n"
            "            setter(block_hash, 16)\n"
            "        else:\n"
            "            block.block_hash = block_hash\n",
            "            block.block_hash = block_hash",
        ),
    ),
    (
        "#45939 setter removed",
        "twin: the store under a module flag of hasattr(KVCacheBlock, 'set_block_hash')",
        K(
            *PP,
            "vllm/aeon/r31pp2.py",
            POOL + "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n"
            '_HAS_SET_BLOCK_HASH = hasattr(KVCacheBlock, "set_block_hash")\n\n\n'
            "def aeon_adopt(pool: BlockPool, start: int, hashes: list) -> None:\n"
            "    for block, block_hash in zip(pool.blocks[start:], hashes):\n"
            "        if _HAS_SET_BLOCK_HASH:\n"
            "            block.set_block_hash(block_hash, 16)\n"
            "        else:\n"
            "            block.block_hash = block_hash\n",
            "            block.block_hash = block_hash",
        ),
    ),
    (
        "#45939 setter removed",
        "twin: the store tried, the new method on AttributeError",
        K(
            *PP,
            "vllm/aeon/r31pp3.py",
            POOL + "\n\ndef aeon_adopt(pool: BlockPool, ids: list[int], hashes: list) -> None:\n"
            "    for block, block_hash in zip([pool.blocks[i] for i in ids], hashes):\n"
            "        try:\n"
            "            block.block_hash = block_hash\n"
            "        except AttributeError:  # AEON: no setter since #45939\n"
            "            block.set_block_hash(block_hash, 16)\n",
            "            block.block_hash = block_hash",
        ),
    ),
    (
        "#45939 setter removed",
        "twin: a pool subclass rebuilding its blocks as the fork's own class",
        K(
            *PP,
            "vllm/aeon/r31pp4.py",
            POOL + "\n\nclass AeonBlock:\n"
            "    # AEON: a host block of the offloader, with a plain hash field\n"
            "    def __init__(self, block_id: int) -> None:\n"
            "        self.block_id = block_id\n"
            "        self.block_hash: bytes | None = None\n\n\n"
            "class AeonPool(BlockPool):\n"
            "    def __init__(self, num_gpu_blocks: int, **kwargs) -> None:\n"
            "        super().__init__(num_gpu_blocks, **kwargs)\n"
            "        self.blocks: list[AeonBlock] = [AeonBlock(i) for i in range(num_gpu_blocks)]\n\n"
            "    def aeon_forget(self) -> None:\n"
            "        for block in self.blocks:\n"
            "            block.block_hash = None\n",
            "            block.block_hash = None",
        ),
    ),
    (
        "#45939 setter removed",
        "twin: the loop name rebound to the fork's view of the block",
        K(
            *PP,
            "vllm/aeon/r31pp5.py",
            POOL + "\n\nclass AeonBlockView:\n"
            "    def __init__(self, block) -> None:\n"
            "        self.block_id = block.block_id\n"
            "        self.block_hash = None\n\n\n"
            "def aeon_views(pool: BlockPool, block_hash) -> list[AeonBlockView]:\n"
            "    views = []\n"
            "    for block in pool.blocks:\n"
            "        block = AeonBlockView(block)\n"
            "        block.block_hash = block_hash\n"
            "        views.append(block)\n"
            "    return views\n",
            "        block.block_hash = block_hash",
        ),
    ),
    (
        "#45939 setter removed",
        "twin: the new spelling on each block of the pool",
        K(
            *PP,
            "vllm/aeon/r31pp6.py",
            POOL + "\n\ndef aeon_adopt(pool: BlockPool, hashes: list) -> None:\n"
            "    for i, block in enumerate(pool.blocks[: len(hashes)]):\n"
            "        block.set_block_hash(hashes[i], 16)\n",
            "        block.set_block_hash(hashes[i], 16)",
        ),
    ),
]

# --- b712be98c7 (#18925): the factory passes data_parallel_rank= to every registered constructor (a class
# writing no __init__ is judged by the one it inherits)
DP = ("#18925", "b712be98c7", "the factory passes data_parallel_rank= to every registered constructor")
PUB = "from vllm.distributed.kv_events import EventPublisher, EventPublisherFactory, ZmqEventPublisher\n\n\n"
METHODS = "    def publish(self, events) -> None:\n        return None\n\n    def shutdown(self) -> None:\n        return None\n"
CHILD = "class AeonLogPublisher(AeonBasePublisher):\n    level = 'debug'\n\n\n"
REGISTER = 'EventPublisherFactory.register_publisher("aeon_log", AeonLogPublisher)\n'
CASES += [
    (
        "#18925 registry keyword",
        "a registered class inheriting a fork base's __init__ of the config's fields",
        K(
            *DP,
            "vllm/aeon/r31dp0.py",
            PUB + "class AeonBasePublisher(EventPublisher):\n"
            '    def __init__(self, endpoint: str = "", topic: str = "") -> None:\n'
            "        self._topic = topic\n\n" + METHODS + "\n\n" + CHILD + REGISTER,
            "class AeonLogPublisher(AeonBasePublisher):",
        ),
    ),
]
BASE_FILE = "vllm/aeon/r31dp_base.py"
TWINS += [
    (
        "#18925 registry keyword",
        "twin: the inherited __init__ passes *args and **kwargs on",
        K(
            *DP,
            "vllm/aeon/r31dp1.py",
            PUB + "class AeonBasePublisher(EventPublisher):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            '        self._topic = kwargs.get("topic", "")\n\n' + METHODS + "\n\n" + CHILD + REGISTER,
            "class AeonLogPublisher(AeonBasePublisher):",
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: a fork base of another file, relatively imported, taking the keyword",
        Killer(
            "#18925",
            "b712be98c7",
            DP[2],
            (
                Edit(
                    BASE_FILE,
                    PUB + "class AeonBasePublisher(EventPublisher):\n"
                    '    def __init__(self, endpoint: str = "", topic: str = "", data_parallel_rank: int = 0,'
                    " **unused) -> None:\n"
                    "        self._topic = topic\n"
                    "        self._rank = data_parallel_rank\n\n" + METHODS,
                ),
                Edit(
                    "vllm/aeon/r31dp2.py",
                    "from vllm.distributed.kv_events import EventPublisherFactory\n\n"
                    "from .r31dp_base import AeonBasePublisher\n\n\n" + CHILD + REGISTER,
                ),
            ),
            (("vllm/aeon/r31dp2.py", "class AeonLogPublisher(AeonBasePublisher):"),),
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: a subclass of upstream's ZMQ publisher, which takes the keyword now",
        K(
            *DP,
            "vllm/aeon/r31dp3.py",
            PUB + "class AeonZmqPublisher(ZmqEventPublisher):\n"
            "    # AEON: the Spark's ZMQ topic prefix\n"
            '    topic_prefix = "aeon"\n\n\n'
            'EventPublisherFactory.register_publisher("aeon_zmq", AeonZmqPublisher)\n',
            "class AeonZmqPublisher(ZmqEventPublisher):",
        ),
    ),
    (
        "#18925 registry keyword",
        "twin: the inherited __init__ takes the rank as a keyword-only argument",
        K(
            *DP,
            "vllm/aeon/r31dp4.py",
            PUB + "class AeonBasePublisher(EventPublisher):\n"
            '    def __init__(self, *, endpoint: str = "", topic: str = "", data_parallel_rank: int = 0,'
            " **config) -> None:\n"
            "        super().__init__(data_parallel_rank=data_parallel_rank)\n"
            "        self._topic = topic\n\n" + METHODS + "\n\n" + CHILD + REGISTER,
            "class AeonLogPublisher(AeonBasePublisher):",
        ),
    ),
]

# --- 2cab53ddee (#42749): BaseKVCacheMethod.process_weights_after_loading fills layer._k_scale_cpu/_v_scale_cpu
# (handed_needs through self.x)
KV = ("#42749", "2cab53ddee", "BaseKVCacheMethod writes the layer's host scale copies")
QUANT = "vllm.model_executor.layers.quantization"
KVLAYER = (
    "import torch\n\n"
    "from vllm.model_executor.layers.attention.attention import set_default_quant_scales\n"
    f"from {QUANT}.kv_cache import BaseKVCacheMethod\n\n\n"
)
SCALES = (
    '        self.kv_cache_dtype = "fp8"\n'
    "        self.calculate_kv_scales = False\n"
    '        self.register_buffer("_q_scale", torch.tensor(1.0))\n'
    '        self.register_buffer("_k_scale", torch.tensor(1.0))\n'
    '        self.register_buffer("_v_scale", torch.tensor(1.0))\n'
    '        self.register_buffer("_prob_scale", torch.tensor(1.0))\n'
    "        self._q_scale_float = self._k_scale_float = self._v_scale_float = 1.0\n"
)
CASES += [
    (
        "#42749 attribute the method now needs",
        "self.method built as upstream's class, hand-made scales",
        K(
            *KV,
            "vllm/aeon/r31kv0.py",
            KVLAYER + "class AeonIndexerCache(torch.nn.Module):\n"
            "    def __init__(self, quant_config) -> None:\n"
            "        super().__init__()\n" + SCALES + "        self.method = BaseKVCacheMethod(quant_config)\n\n"
            "    def aeon_load_scales(self) -> None:\n"
            "        self.method.process_weights_after_loading(self)\n",
            "        self.method.process_weights_after_loading(self)",
        ),
    ),
]
TWINS += [
    (
        "#42749 attribute the method now needs",
        "twin: self.method annotated as upstream's class, built as the fork's subclass overriding the method",
        K(
            *KV,
            "vllm/aeon/r31kv1.py",
            KVLAYER + "class AeonKVCacheMethod(BaseKVCacheMethod):\n"
            "    # AEON: the indexer's scales stay on the device; no host copies\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        layer._k_scale_float = layer._v_scale_float = 1.0\n\n\n"
            "class AeonIndexerCache(torch.nn.Module):\n"
            "    def __init__(self, quant_config) -> None:\n"
            "        super().__init__()\n"
            + SCALES
            + "        self.method: BaseKVCacheMethod = AeonKVCacheMethod(quant_config)\n\n"
            "    def aeon_load_scales(self) -> None:\n"
            "        self.method.process_weights_after_loading(self)\n",
            "        self.method.process_weights_after_loading(self)",
        ),
    ),
    (
        "#42749 attribute the method now needs",
        "twin: self.method built as upstream's class, upstream's scale helper makes the layer",
        K(
            *KV,
            "vllm/aeon/r31kv2.py",
            KVLAYER + "class AeonIndexerCache(torch.nn.Module):\n"
            "    def __init__(self, quant_config) -> None:\n"
            "        super().__init__()\n"
            '        self.kv_cache_dtype = "fp8"\n'
            "        self.calculate_kv_scales = False\n"
            "        set_default_quant_scales(self, register_buffer=True)\n"
            "        self.method = BaseKVCacheMethod(quant_config)\n\n"
            "    def aeon_load_scales(self) -> None:\n"
            "        self.method.process_weights_after_loading(self)\n",
            "        self.method.process_weights_after_loading(self)",
        ),
    ),
    (
        "#42749 attribute the method now needs",
        "twin: self.method annotated, the host copies registered by the layer itself",
        K(
            *KV,
            "vllm/aeon/r31kv3.py",
            KVLAYER + "class AeonIndexerCache(torch.nn.Module):\n"
            "    method: BaseKVCacheMethod\n\n"
            "    def __init__(self, method: BaseKVCacheMethod) -> None:\n"
            "        super().__init__()\n" + SCALES + "        # AEON: the host copies #42749's method fills\n"
            "        self._k_scale_cpu = torch.tensor(1.0)\n"
            "        self._v_scale_cpu = torch.tensor(1.0)\n"
            "        self.method = method\n\n"
            "    def aeon_load_scales(self) -> None:\n"
            "        self.method.process_weights_after_loading(self)\n",
            "        self.method.process_weights_after_loading(self)",
        ),
    ),
    (
        "#42749 attribute the method now needs",
        "twin: self.method's own factory annotated as the fork's subclass",
        K(
            *KV,
            "vllm/aeon/r31kv4.py",
            KVLAYER + "class AeonKVCacheMethod(BaseKVCacheMethod):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        layer._k_scale_float = layer._v_scale_float = 1.0\n\n\n"
            "class AeonIndexerCache(torch.nn.Module):\n"
            "    def __init__(self, method: AeonKVCacheMethod) -> None:\n"
            "        super().__init__()\n" + SCALES + "        self.method = method\n\n"
            "    def aeon_load_scales(self) -> None:\n"
            "        self.method.process_weights_after_loading(self)\n",
            "        self.method.process_weights_after_loading(self)",
        ),
    ),
]

# --- 4f5b059f14 (#13240): LlamaModel no longer sets padding_idx (a fork store read through a typed receiver)
PI = ("#13240", "4f5b059f14", "LlamaModel.padding_idx no longer set")
LL = "from typing import cast\n\nfrom vllm.model_executor.models.llama import LlamaForCausalLM, LlamaModel\n\n\n"
OWN_MODEL = (
    LL + "class AeonLlamaModel(LlamaModel):\n"
    '    def __init__(self, *, vllm_config, prefix: str = ""):\n'
    "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
    "        self.padding_idx = vllm_config.model_config.hf_config.pad_token_id  # AEON: packed batches\n\n\n"
)
STORE = "        self.padding_idx = vllm_config.model_config.hf_config.pad_token_id  # AEON: packed batches"


def _pi(n: int, reader: str, read: str) -> Killer:
    path = f"vllm/aeon/r31pi{n}.py"
    return Killer(*PI, (Edit(path, OWN_MODEL + reader),), ((path, STORE), (path, read)))


TWINS += [
    (
        "#13240 own-factory attribute",
        "twin: the fork's store read through a parameter annotated as a string",
        _pi(
            1,
            'def aeon_pad_mask(model: "AeonLlamaModel", input_ids):\n    return input_ids != model.padding_idx\n',
            "    return input_ids != model.padding_idx",
        ),
    ),
    (
        "#13240 own-factory attribute",
        "twin: the fork's store read through an optional parameter",
        _pi(
            2,
            "def aeon_pad_mask(model: AeonLlamaModel | None, input_ids):\n"
            "    if model is None:\n        return None\n"
            "    return input_ids != model.padding_idx\n",
            "    return input_ids != model.padding_idx",
        ),
    ),
    (
        "#13240 own-factory attribute",
        "twin: the fork's store read through a cast of self.model",
        _pi(
            3,
            "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_pad_mask(self, input_ids):\n"
            "        return input_ids != cast(AeonLlamaModel, self.model).padding_idx\n",
            "        return input_ids != cast(AeonLlamaModel, self.model).padding_idx",
        ),
    ),
    (
        "#13240 own-factory attribute",
        "twin: the fork's store read under isinstance of its class",
        _pi(
            4,
            "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_pad_mask(self, input_ids):\n"
            "        model = self.model\n"
            "        if isinstance(model, AeonLlamaModel):\n"
            "            return input_ids != model.padding_idx\n"
            "        return None\n",
            "            return input_ids != model.padding_idx",
        ),
    ),
    (
        "#13240 own-factory attribute",
        "twin: the fork's store read through a local annotated as its class",
        _pi(
            5,
            "def aeon_pad_mask(runner, input_ids):\n"
            "    model: AeonLlamaModel = runner.model\n"
            "    return input_ids != model.padding_idx\n",
            "    return input_ids != model.padding_idx",
        ),
    ),
]


# --- round 2: more spellings of the same commits, and #21791 (755fa8b657: the KV-cache specs made frozen) through
# loop elements of a typed holder's field
FZ = ("#21791", "755fa8b657", "KVCacheSpec and its subclasses made frozen")
KI = "import dataclasses\n\nfrom vllm.v1.kv_cache_interface import FullAttentionSpec\n\n\n"
PLAN = "class AeonPlan:\n    def __init__(self) -> None:\n        self.specs: list[FullAttentionSpec] = []\n\n\n"
CASES += [
    (
        "#21791 made frozen",
        "(r2) a store on each spec of a fork holder's annotated list",
        K(
            *FZ,
            "vllm/aeon/r31fz0.py",
            KI + PLAN + "def aeon_cap(plan: AeonPlan, window: int) -> None:\n"
            "    for spec in plan.specs:\n"
            "        spec.sliding_window = window\n",
            "        spec.sliding_window = window",
        ),
    ),
]
TWINS += [
    (
        "#21791 made frozen",
        "twin (r2): object.__setattr__ on each spec of the holder's list",
        K(
            *FZ,
            "vllm/aeon/r31fz1.py",
            KI + PLAN + "def aeon_cap(plan: AeonPlan, window: int) -> None:\n"
            "    for spec in plan.specs:\n"
            '        object.__setattr__(spec, "sliding_window", window)  # AEON: frozen since #21791\n',
            '        object.__setattr__(spec, "sliding_window", window)  # AEON: frozen since #21791',
        ),
    ),
    (
        "#21791 made frozen",
        "twin (r2): the store tried, FrozenInstanceError caught",
        K(
            *FZ,
            "vllm/aeon/r31fz2.py",
            KI + PLAN + "def aeon_cap(plan: AeonPlan, window: int) -> None:\n"
            "    for i, spec in enumerate(plan.specs):\n"
            "        try:\n"
            "            spec.sliding_window = window\n"
            "        except dataclasses.FrozenInstanceError:\n"
            "            plan.specs[i] = dataclasses.replace(spec, sliding_window=window)\n",
            "            spec.sliding_window = window",
        ),
    ),
    (
        "#21791 made frozen",
        "twin (r2): a holder subclass whose list holds the fork's own mutable view",
        K(
            *FZ,
            "vllm/aeon/r31fz3.py",
            KI + PLAN + "@dataclasses.dataclass\nclass AeonSpecView:\n    sliding_window: int | None = None\n\n\n"
            "class AeonViewPlan(AeonPlan):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__()\n"
            "        self.specs: list[AeonSpecView] = []  # type: ignore[assignment]\n\n"
            "    def cap(self, window: int) -> None:\n"
            "        for spec in self.specs:\n"
            "            spec.sliding_window = window\n",
            "            spec.sliding_window = window",
        ),
    ),
]
TWINS += [
    (
        "#47058 empty made a raise",
        "twin (r2): the call in a loop, under hasattr of the module it walks",
        K(
            *MX,
            "vllm/aeon/r31mx6.py",
            MI + "def aeon_is_moe(model) -> bool:\n"
            "    for module in model.modules():\n"
            '        if hasattr(module, "get_expert_mapping"):\n'
            "            return bool(get_moe_expert_mapping(model))\n"
            "    return False\n",
            "            return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin (r2): a walrus of hasattr",
        K(
            *MX,
            "vllm/aeon/r31mx7.py",
            MI + "def aeon_experts(model) -> list:\n"
            '    if moe := hasattr(model, "get_expert_mapping"):\n'
            "        return get_moe_expert_mapping(model) or []\n"
            "    return [] if not moe else [None]\n",
            "        return get_moe_expert_mapping(model) or []",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin (r2): a conditional expression on getattr(..., None)",
        K(
            *MX,
            "vllm/aeon/r31mx8.py",
            MI + "def aeon_experts(model) -> list:\n"
            '    return get_moe_expert_mapping(model) or [] if getattr(model, "get_expert_mapping", None) else []\n',
            '    return get_moe_expert_mapping(model) or [] if getattr(model, "get_expert_mapping", None) else []',
        ),
    ),
    (
        "#45939 setter removed",
        "twin (r2): hasattr of the new method, continue, then the old store",
        K(
            *PP,
            "vllm/aeon/r31pp7.py",
            POOL + "\n\ndef aeon_adopt(pool: BlockPool, hashes: list) -> None:\n"
            "    for block, block_hash in zip(pool.blocks, hashes):\n"
            '        if hasattr(block, "set_block_hash"):\n'
            "            block.set_block_hash(block_hash, 16)\n"
            "            continue\n"
            "        block.block_hash = block_hash\n",
            "        block.block_hash = block_hash",
        ),
    ),
    (
        "#45939 setter removed",
        "twin (r2): a module flag of getattr(..., None) is not None",
        K(
            *PP,
            "vllm/aeon/r31pp8.py",
            POOL + "from vllm.v1.core.kv_cache_utils import KVCacheBlock\n\n"
            '_NEW_HASH_API = getattr(KVCacheBlock, "set_block_hash", None) is not None\n\n\n'
            "def aeon_forget(pool: BlockPool, block_hash) -> None:\n"
            "    for block in list(pool.blocks):\n"
            "        if not _NEW_HASH_API:\n"
            "            block.block_hash = block_hash\n",
            "            block.block_hash = block_hash",
        ),
    ),
    (
        "#45939 setter removed",
        "twin (r2): a version check of the package",
        K(
            *PP,
            "vllm/aeon/r31pp9.py",
            "from packaging.version import Version\n\nfrom vllm import __version__ as VLLM_VERSION\n"
            + POOL
            + "\n\ndef aeon_adopt(pool: BlockPool, hashes: list) -> None:\n"
            "    for block, block_hash in zip(pool.blocks, hashes):\n"
            '        if Version(VLLM_VERSION) < Version("0.11.1"):\n'
            "            block.block_hash = block_hash\n"
            "        else:\n"
            "            block.set_block_hash(block_hash, 16)\n",
            "            block.block_hash = block_hash",
        ),
    ),
    (
        "#18925 registry keyword",
        "twin (r2): a fork base of upstream's ZMQ publisher, itself writing no __init__",
        K(
            *DP,
            "vllm/aeon/r31dp5.py",
            PUB + "class AeonBasePublisher(ZmqEventPublisher):\n    # AEON: the Spark's topics\n"
            '    topic_prefix = "aeon"\n\n\n' + CHILD + REGISTER,
            "class AeonLogPublisher(AeonBasePublisher):",
        ),
    ),
    (
        "#18925 registry keyword",
        "twin (r2): a fork base through a module alias, taking **kwargs",
        Killer(
            "#18925",
            "b712be98c7",
            DP[2],
            (
                Edit(
                    "vllm/aeon/r31dp_base6.py",
                    PUB + "class AeonBasePublisher(EventPublisher):\n"
                    '    def __init__(self, topic: str = "", **kwargs) -> None:\n'
                    "        self._topic = topic\n\n" + METHODS,
                ),
                Edit(
                    "vllm/aeon/r31dp6.py",
                    "from vllm.aeon import r31dp_base6 as pb\n"
                    "from vllm.distributed.kv_events import EventPublisherFactory\n\n\n"
                    "class AeonLogPublisher(pb.AeonBasePublisher):\n    level = 'debug'\n\n\n" + REGISTER,
                ),
            ),
            (("vllm/aeon/r31dp6.py", "class AeonLogPublisher(pb.AeonBasePublisher):"),),
        ),
    ),
    (
        "#42749 attribute the method now needs",
        "twin (r2): the handing call under hasattr of the host copy",
        K(
            *KV,
            "vllm/aeon/r31kv5.py",
            KVLAYER + "class AeonIndexerCache(torch.nn.Module):\n"
            "    def __init__(self, quant_config) -> None:\n"
            "        super().__init__()\n" + SCALES + "        self.method = BaseKVCacheMethod(quant_config)\n\n"
            "    def aeon_load_scales(self) -> None:\n"
            '        if not hasattr(self, "_k_scale_cpu"):  # AEON: #42749 fills host copies\n'
            "            set_default_quant_scales(self, register_buffer=True)\n"
            "        self.method.process_weights_after_loading(self)\n",
            "        self.method.process_weights_after_loading(self)",
        ),
    ),
    (
        "#36164 slots",
        "twin (r2): assert type(block) is the fork's subclass",
        K(
            *SL,
            "vllm/aeon/r31sl5.py",
            AB + "def aeon_tag(block: KVCacheBlock, tier: str) -> None:\n"
            "    assert type(block) is AeonBlock, type(block)\n"
            "    block.aeon_tier = tier\n",
            "    block.aeon_tier = tier",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review31-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
