"""Adversarial twins of the twenty-second landing's drift reach: fork carries correct after the real change.

Each twin replays one of the real upstream commits of ``blind_replay_2024.py``/``blind_replay_2026.py``
under a fork carry that resembles what the new checks catch but is right after the merge: a same-named
function, method or enum of the fork's own (in its file or its own class), a parameter of the same name
annotated with another class in another function, a fork ``async def`` wrapper shadowing a function
upstream made plain, a loop over the fork's own same-named method, and a fork field of the same name.
Every finding on such a carry is a false one.

  PYTHONPATH=.. python review10_twins.py [--only TEXT ...]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

TWINS: list[tuple[str, str, Killer]] = []

# 496e991da8 (#9498): the attention backends' get_name() strings renamed ("flash-attn" -> "FLASH_ATTN").
GN = ("#9498", "496e991da8", "get_name() 'flash-attn' -> 'FLASH_ATTN'")
TWINS += [
    (
        "#9498 returned string",
        "twin: the fork's own class returns it",
        K(
            *GN,
            "vllm/aeon/r10gn1.py",
            "class AeonKernel:\n"
            "    @staticmethod\n"
            "    def get_name() -> str:\n"
            '        return "flash-attn"\n\n\n'
            "def aeon_is_flash(kernel: type[AeonKernel]) -> bool:\n"
            '    return kernel.get_name() == "flash-attn"\n',
            'return kernel.get_name() == "flash-attn"',
        ),
    ),
    (
        "#9498 returned string",
        "twin: the fork's own function keys its table",
        K(
            *GN,
            "vllm/aeon/r10gn2.py",
            "import os\n\n"
            '_AEON_BLOCK = {"flash-attn": 16, "xformers": 32}\n\n\n'
            "def get_name() -> str:\n"
            '    if os.environ.get("AEON_XFORMERS"):\n'
            '        return "xformers"\n'
            '    return "flash-attn"\n\n\n'
            "def aeon_block_size() -> int:\n"
            "    return _AEON_BLOCK[get_name()]\n",
            '_AEON_BLOCK = {"flash-attn": 16, "xformers": 32}',
        ),
    ),
]

# eebad39f26 (#10558): AttentionType(Enum) with auto() -> a plain class of string constants.
AT = ("#10558", "eebad39f26", "AttentionType Enum -> class of str")
ATI = "from vllm.attention.backends.abstract import AttentionType\n\n\n"
TWINS += [
    (
        "#10558 enum -> str class",
        "twin: the fork's own enum of that name",
        K(
            *AT,
            "vllm/aeon/r10at1.py",
            "import enum\n\n\n"
            "class AttentionType(enum.Enum):  # the fork's scheduler classes, not upstream's\n"
            "    PREFILL = 1\n"
            "    DECODE = 2\n\n\n"
            "AEON_PHASES = [t.name.lower() for t in AttentionType]\n",
            "AEON_PHASES = [t.name.lower() for t in AttentionType]",
        ),
    ),
    (
        "#10558 enum -> str class",
        "twin: a same-named parameter of another class",
        K(
            *AT,
            "vllm/aeon/r10at2.py",
            "import enum\n\n" + ATI + "class AeonPhase(enum.Enum):\n    PREFILL = 1\n    DECODE = 2\n\n\n"
            "def aeon_is_decoder(attn_type: AttentionType) -> bool:\n"
            "    return attn_type == AttentionType.DECODER\n\n\n"
            "def aeon_phase_label(attn_type: AeonPhase) -> str:\n"
            "    return attn_type.name.lower()\n",
            "return attn_type.name.lower()",
        ),
    ),
    (
        "#10558 enum -> str class",
        "twin: a local rebinds the name",
        K(
            *AT,
            "vllm/aeon/r10at3.py",
            ATI + "def aeon_labels(attn_type: AttentionType, phases: list) -> list:\n"
            "    labels = [attn_type]\n"
            "    for attn_type in phases:\n"
            "        labels.append(attn_type.name)\n"
            "    return labels\n",
            "labels.append(attn_type.name)",
        ),
    ),
]

# --- #40730 (62b1bbe470): EPLB transfer_layer async -> sync
EP = ("#40730", "62b1bbe470", "transfer_layer made sync")
TWINS += [
    (
        "#40730 async->sync callee",
        "twin: the fork's own async wrapper of that name",
        K(
            *EP,
            "vllm/aeon/r10ep1.py",
            "import asyncio\n\nfrom vllm.distributed.eplb import rebalance_execute\n\n\n"
            "async def transfer_layer(*args):\n"
            "    return await asyncio.to_thread(rebalance_execute.transfer_layer, *args)\n\n\n"
            "async def aeon_move_layer(old, new, weights, buffer, group, communicator):\n"
            "    return await transfer_layer(old, new, weights, buffer, group, communicator)\n",
            "return await transfer_layer(old, new, weights, buffer, group, communicator)",
        ),
    ),
    (
        "#40730 async->sync callee",
        "twin: the fork's own class's async method",
        K(
            *EP,
            "vllm/aeon/r10ep2.py",
            "from vllm.distributed.eplb.rebalance_execute import transfer_layer  # noqa: F401\n\n\n"
            "class AeonMover:\n"
            "    async def transfer_layer(self, layer: int) -> int:\n"
            "        return layer\n\n\n"
            "async def aeon_move(mover: AeonMover) -> int:\n"
            "    return await mover.transfer_layer(0)\n",
            "return await mover.transfer_layer(0)",
        ),
    ),
    (
        "#40730 async->sync callee",
        "twin: run in a thread",
        K(
            *EP,
            "vllm/aeon/r10ep3.py",
            "import asyncio\n\nfrom vllm.distributed.eplb.rebalance_execute import transfer_layer\n\n\n"
            "async def aeon_move_layer(old, new, weights, buffer, group, communicator):\n"
            "    return await asyncio.to_thread(transfer_layer, old, new, weights, buffer, group, communicator)\n",
            "return await asyncio.to_thread(transfer_layer, old, new, weights, buffer, group, communicator)",
        ),
    ),
]

# --- #48798 (a123159f7a): DualQueueThreadPool.get_finished() pairs -> triples
TPQ = ("#48798", "a123159f7a", "get_finished pairs -> triples")
TP = "from vllm.v1.kv_offload.tiering.fs.thread_pool import DualQueueThreadPool\n\n\n"
TWINS += [
    (
        "#48798 returned tuples grew",
        "twin: the fork's own get_finished",
        K(
            *TPQ,
            "vllm/aeon/r10tp1.py",
            TP + "class AeonQueue:\n"
            "    def get_finished(self) -> list[tuple[int, bool]]:\n"
            "        return []\n\n\n"
            "def aeon_failed(queue: AeonQueue, pool: DualQueueThreadPool) -> list:\n"
            "    return [job for job, ok in queue.get_finished() if not ok]\n",
            "return [job for job, ok in queue.get_finished() if not ok]",
        ),
    ),
    (
        "#48798 returned tuples grew",
        "twin: already unpacks three",
        K(
            *TPQ,
            "vllm/aeon/r10tp2.py",
            TP + "def aeon_failed(pool: DualQueueThreadPool) -> list:\n"
            "    return [job for job, ok, _ in pool.get_finished() if not ok]\n",
            "return [job for job, ok, _ in pool.get_finished() if not ok]",
        ),
    ),
]

# --- #41188 (5536fc0c01): mamba_type "mamba2" (str) -> MambaAttentionBackendEnum.MAMBA2
MB = ("#41188", "5536fc0c01", "mamba_type made an Enum")
TWINS += [
    (
        "#41188 str -> Enum",
        "twin: the fork's own field of that name",
        K(
            *MB,
            "vllm/aeon/r10mb1.py",
            "from dataclasses import dataclass\n\nfrom vllm.v1.kv_cache_interface import MambaSpec  # noqa: F401\n\n\n"
            '@dataclass\nclass AeonLayerPlan:\n    mamba_type: str = "mamba2"\n\n\n'
            "def aeon_is_mamba2(plan: AeonLayerPlan) -> bool:\n"
            '    return plan.mamba_type == "mamba2"\n',
            'return plan.mamba_type == "mamba2"',
        ),
    ),
]

# aabcd2cae3 (#17479): KVCacheManager.allocate_slots returns KVCacheBlocks, not a list.
KB = ("#17479", "aabcd2cae3", "allocate_slots list -> KVCacheBlocks")
TWINS += [
    (
        "#17479 return type",
        "twin: the fork's own allocate_slots",
        K(
            *KB,
            "vllm/aeon/r10kb1.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheManager  # noqa: F401\n\n\n"
            "class AeonPool:\n"
            "    def allocate_slots(self, n: int) -> list[int]:\n"
            "        return list(range(n))\n\n\n"
            "def aeon_count(pool: AeonPool) -> int:\n"
            "    return len(pool.allocate_slots(4))\n",
            "return len(pool.allocate_slots(4))",
        ),
    ),
]

# A second round: carries written for both sides of the change, or already converted.
SEI = "from vllm.model_executor.layers.fused_moe.runner.shared_experts import SharedExpertsOrder\n\n\n"
TWINS += [
    (
        "#9498 returned string",
        "twin: both spellings in the tuple",
        K(
            *GN,
            "vllm/aeon/r10gn3.py",
            "from vllm.attention.backends.abstract import AttentionBackend\n\n\n"
            "def aeon_paged(attn_backend: type[AttentionBackend]) -> bool:\n"
            '    return attn_backend.get_name() in ("flash-attn", "FLASH_ATTN")\n',
            'return attn_backend.get_name() in ("flash-attn", "FLASH_ATTN")',
        ),
    ),
    (
        "#9498 returned string",
        "twin: a table keyed by both spellings",
        K(
            *GN,
            "vllm/aeon/r10gn4.py",
            "from vllm.attention.backends.abstract import AttentionBackend\n\n"
            '_AEON_BLOCK = {"flash-attn": 16, "FLASH_ATTN": 16}\n\n\n'
            "def aeon_block_size(attn_backend: type[AttentionBackend]) -> int:\n"
            "    return _AEON_BLOCK.get(attn_backend.get_name(), 32)\n",
            '_AEON_BLOCK = {"flash-attn": 16, "FLASH_ATTN": 16}',
        ),
    ),
    (
        "#10558 enum -> str class",
        "twin: isinstance with str beside it",
        K(
            *AT,
            "vllm/aeon/r10at4.py",
            ATI + "def aeon_check(attn_type: object) -> None:\n"
            "    if not isinstance(attn_type, (AttentionType, str)):\n"
            '        raise TypeError(f"not an attention type: {attn_type!r}")\n',
            "if not isinstance(attn_type, (AttentionType, str)):",
        ),
    ),
    (
        "#40730 async->sync callee",
        "twin: run in an executor",
        K(
            *EP,
            "vllm/aeon/r10ep4.py",
            "import asyncio\n\nfrom vllm.distributed.eplb.rebalance_execute import transfer_layer\n\n\n"
            "async def aeon_move_layer(old, new, weights, buffer, group, communicator):\n"
            "    loop = asyncio.get_running_loop()\n"
            "    return await loop.run_in_executor(None, transfer_layer, old, new, weights, buffer, group, communicator)\n",
            "return await loop.run_in_executor(None, transfer_layer, old, new, weights, buffer, group, communicator)",
        ),
    ),
    (
        "#17479 return type",
        "twin: reads the wrapper's blocks",
        K(
            *KB,
            "vllm/aeon/r10kb2.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
            "def aeon_new_block_ids(manager: KVCacheManager, request: Request, num_tokens: int) -> list[int]:\n"
            "    new_blocks = manager.allocate_slots(request, num_tokens)\n"
            "    if new_blocks is None:\n"
            "        return []\n"
            "    return [block.block_id for block in new_blocks.blocks]\n",
            "return [block.block_id for block in new_blocks.blocks]",
        ),
    ),
    (
        "#48798 returned tuples grew",
        "twin: starred unpacking",
        K(
            *TPQ,
            "vllm/aeon/r10tp3.py",
            TP + "def aeon_jobs(pool: DualQueueThreadPool) -> list:\n"
            "    return [job for job, *_ in pool.get_finished()]\n",
            "return [job for job, *_ in pool.get_finished()]",
        ),
    ),
    (
        "#35326 IntEnum renumbered",
        "twin: compared with the member",
        K(
            "#35326",
            "93bada494f",
            "SharedExpertsOrder renumbered",
            "vllm/aeon/r10se1.py",
            SEI + "def aeon_overlapped(order: SharedExpertsOrder) -> bool:\n"
            "    return order >= SharedExpertsOrder.MK_INTERNAL_OVERLAPPED\n",
            "return order >= SharedExpertsOrder.MK_INTERNAL_OVERLAPPED",
        ),
    ),
]

# A third round: carries already renumbered or reshaped for upstream's new side.
ECR = "from vllm.v1.engine import EngineCoreRequestType\n\n\n"
TWINS += [
    (
        "#13923 bytes enum",
        "twin: frame compared with the new code",
        K(
            "#13923",
            "15dac210f0",
            "EngineCoreRequestType.UTILITY b02 -> b03",
            "vllm/aeon/r10ecr1.py",
            ECR + "def aeon_is_utility(frames: list[bytes]) -> bool:\n"
            "    request_type = frames[0]\n"
            '    return request_type == b"\\x03"  # UTILITY\n',
            'return request_type == b"\\x03"  # UTILITY',
        ),
    ),
    (
        "#35326 IntEnum renumbered",
        "twin: a bound of the new numbering",
        K(
            "#35326",
            "93bada494f",
            "SharedExpertsOrder renumbered",
            "vllm/aeon/r10se2.py",
            SEI + "def aeon_overlapped(order: SharedExpertsOrder) -> bool:\n"
            "    return order >= 2  # MK_INTERNAL_OVERLAPPED or MULTI_STREAM_OVERLAPPED\n",
            "return order >= 2  # MK_INTERNAL_OVERLAPPED or MULTI_STREAM_OVERLAPPED",
        ),
    ),
    (
        "#48798 returned tuples grew",
        "twin: the fork's own pairs built from the triples",
        K(
            *TPQ,
            "vllm/aeon/r10tp4.py",
            TP + "def aeon_failed(pool: DualQueueThreadPool) -> list:\n"
            "    finished = [(job, ok) for job, ok, _ in pool.get_finished()]\n"
            "    return [job for job, ok in finished if not ok]\n",
            "return [job for job, ok in finished if not ok]",
        ),
    ),
    (
        "#10558 enum -> str class",
        "twin: a default narrowed in place",
        K(
            *AT,
            "vllm/aeon/r10at5.py",
            ATI + "def aeon_is_decoder(attn_type: AttentionType | None = None) -> bool:\n"
            "    attn_type = attn_type or AttentionType.DECODER\n"
            "    return attn_type == AttentionType.DECODER\n",
            "return attn_type == AttentionType.DECODER",
        ),
    ),
]


def main() -> int:
    run(__doc__, [], TWINS, prefix="aeon-review10-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
