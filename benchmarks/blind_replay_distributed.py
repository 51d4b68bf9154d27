"""A blind replay of the distributed communicators a GB10 fork's kernels call, and of behaviour upstream emptied.

9 first-parent commits on ``vllm/distributed/`` (kv_transfer is blind_replay_engine's): parallel_state's getters,
an alias and a context manager removed (#41471), GroupCoordinator's and the module's
``prepare_communication_buffer_for_model`` removed (#51078), shm_broadcast's ``MessageQueue.dequeue`` losing its
middle ``cancel`` parameter (#28053), StatelessGroupCoordinator gaining a required ``coord_store`` where
``group_ports`` was (#36330), the all2all managers and their registry names (``pplx`` removed and rewritten by the
config, #33724; ``NaiveAll2AllManager`` removed, #33728), the EPLB communicators' ``execute(old_indices)`` -- and
three of the class "behaviour kept but emptied": NixlEplbCommunicator.add_send kept with its signature but made
``pass`` (#41633: the send is receiver-initiated now), NCCLWeightTransferEngine.trainer_send_weights kept as a
static method that raises NotImplementedError (#50902: the trainer engine does it now), and CUDA's
``stateless_init_device_torch_dist_pg`` override removed so the call lands on the base's
``raise NotImplementedError`` (#22243: the caller now falls back to gloo).  Picked by scanning those paths' diffs
(``git log --first-parent -p``, an AST scan of defs whose body became trivial), avoiding the commits the other
replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written, with twins (fork
code the commit does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling
is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.

Blind, on the engine before any widening (main at 5e261c9c): 13 caught, 2 warned, 3 missed of 18 (twins: 8
quiet, 0 false errors).  Caught: every removed getter, alias, context manager, method, class and keyword, the
middle parameter (#28053's ``dequeue(5.0, stop)``: the event now fills ``indefinite``), the inserted
constructor parameter, ``execute(old_indices)``, and ``'pplx'`` compared where the config now rewrites it.  The
misses are the emptied class: #41633's ``super().add_send(...)`` of a method made ``pass`` and #50902's two
calls of a static method that now only raises (the name and a ``*args, **kwargs`` signature kept: nothing
resolved differently); #22243's two calls landing on the base's ``raise NotImplementedError`` after the CUDA
override went were only warned ("another body, check that it answers").
After the killers51 widening: 18 caught, 0 warned, 0 missed of 18 (twins: 8 quiet, 0 false errors).  Caught
now (symbol drift, ``drift/emptied.py``): a call of a def upstream kept but emptied -- any call of one that now
only raises, unless a ``try`` around it catches the kind; a call made for its effect (a statement, a ``with``
item, ``return super()...`` of a None) of one that now does nothing; and the same where the class's override
went and the base's stub answers.
After killers60 (two constructor spellings of #41633 and a twin added): 20 caught, 0 warned, 0 missed of 20
(twins: 9 quiet, 0 false errors).  The engine typed those constructors already; new is an instance built of
the class itself counting as no subclass (tests/audits/test_emptied_drift.py).

  python benchmarks/blind_replay_distributed.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #41471 (e6018c644a): parallel_state drops get_context_model_parallel_group (an alias of get_dcp_group),
#     patch_tensor_parallel_group (a context manager) and get_decode_context_model_parallel_{world_size,rank}
PS = "e6018c644a"
PSW = "parallel_state getters, alias and patch_tensor_parallel_group removed"
CASES += [
    (
        "#41471 parallel_state getters removed",
        "a with of the removed context manager",
        K(
            "#41471",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            "import torch\n\n"
            "from vllm.distributed.parallel_state import GroupCoordinator, patch_tensor_parallel_group\n\n\n"
            "def aeon_draft_forward(draft: torch.nn.Module, tp_group: GroupCoordinator, x: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the MTP draft runs TP=1 on one Spark while the target runs TP=2\n"
            "    with patch_tensor_parallel_group(tp_group):\n"
            "        return draft(x)\n",
            "from vllm.distributed.parallel_state import GroupCoordinator, patch_tensor_parallel_group",
        ),
    ),
    (
        "#41471 parallel_state getters removed",
        "a removed getter off a module alias",
        K(
            "#41471",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            "from vllm.distributed import parallel_state as ps\n\n\n"
            "def aeon_dcp_shard(num_heads: int) -> int:\n"
            "    return num_heads // ps.get_decode_context_model_parallel_world_size()\n",
            "return num_heads // ps.get_decode_context_model_parallel_world_size()",
        ),
    ),
    (
        "#41471 parallel_state getters removed",
        "the removed alias's group read",
        K(
            "#41471",
            PS,
            PSW,
            "vllm/aeon/ps3.py",
            "from vllm.distributed.parallel_state import get_context_model_parallel_group\n\n\n"
            "def aeon_dcp_rank() -> int:\n"
            "    return get_context_model_parallel_group().rank_in_group\n",
            "from vllm.distributed.parallel_state import get_context_model_parallel_group",
        ),
    ),
    (
        "#41471 parallel_state getters removed",
        "twin: the kept getter's fields",
        K(
            "#41471",
            PS,
            PSW,
            "vllm/aeon/ps4.py",
            "from vllm.distributed.parallel_state import get_dcp_group\n\n\n"
            "def aeon_dcp_shard(num_heads: int) -> int:\n"
            "    return num_heads // get_dcp_group().world_size\n",
            "return num_heads // get_dcp_group().world_size",
        ),
    ),
]

# --- #51078 (373fe8b83e): GroupCoordinator.prepare_communication_buffer_for_model and the module function removed
#     (DeviceCommunicatorBase's too: the MoE layers init their modular kernels themselves)
PB = "373fe8b83e"
PBW = "prepare_communication_buffer_for_model removed"
CASES += [
    (
        "#51078 communication-buffer hook removed",
        "a call off the EP group",
        K(
            "#51078",
            PB,
            PBW,
            "vllm/aeon/pb1.py",
            "import torch\n\n"
            "from vllm.distributed.parallel_state import get_ep_group\n\n\n"
            "def aeon_reload_experts(model: torch.nn.Module) -> None:\n"
            "    # AEON: the GB10 expert offload swaps MoE layers; rebuild their all2all buffers\n"
            "    get_ep_group().prepare_communication_buffer_for_model(model)\n",
            "get_ep_group().prepare_communication_buffer_for_model(model)",
        ),
    ),
    (
        "#51078 communication-buffer hook removed",
        "the module function imported",
        K(
            "#51078",
            PB,
            PBW,
            "vllm/aeon/pb2.py",
            "import torch\n\n"
            "from vllm.distributed.parallel_state import prepare_communication_buffer_for_model\n\n\n"
            "def aeon_after_load(model: torch.nn.Module) -> None:\n"
            "    prepare_communication_buffer_for_model(model)\n",
            "from vllm.distributed.parallel_state import prepare_communication_buffer_for_model",
        ),
    ),
    (
        "#51078 communication-buffer hook removed",
        "twin: the kept device communicator read",
        K(
            "#51078",
            PB,
            PBW,
            "vllm/aeon/pb3.py",
            "from vllm.distributed.parallel_state import get_ep_group\n\n\n"
            "def aeon_has_all2all() -> bool:\n"
            "    comm = get_ep_group().device_communicator\n"
            "    return comm is not None and comm.all2all_manager is not None\n",
            "comm = get_ep_group().device_communicator",
        ),
    ),
]

# --- #28053 (6f0dd93801): MessageQueue.dequeue(timeout, cancel, indefinite) -> dequeue(timeout, indefinite)
MQ = "6f0dd93801"
MQW = "MessageQueue.dequeue lost its middle cancel parameter"
SHM = "import threading\n\nfrom vllm.distributed.device_communicators.shm_broadcast import MessageQueue\n\n\n"
CASES += [
    (
        "#28053 middle parameter removed",
        "a positional cancel event (now read as indefinite)",
        K(
            "#28053",
            MQ,
            MQW,
            "vllm/aeon/mq1.py",
            SHM + "def aeon_next(mq: MessageQueue, stop: threading.Event) -> object:\n"
            "    # AEON: the Spark's watchdog sets stop when the peer node drops\n"
            "    return mq.dequeue(5.0, stop)\n",
            "return mq.dequeue(5.0, stop)",
        ),
    ),
    (
        "#28053 middle parameter removed",
        "the removed keyword",
        K(
            "#28053",
            MQ,
            MQW,
            "vllm/aeon/mq2.py",
            SHM + "def aeon_next(mq: MessageQueue, stop: threading.Event) -> object:\n"
            "    return mq.dequeue(timeout=5.0, cancel=stop)\n",
            "return mq.dequeue(timeout=5.0, cancel=stop)",
        ),
    ),
    (
        "#28053 middle parameter removed",
        "twin: the kept keywords",
        K(
            "#28053",
            MQ,
            MQW,
            "vllm/aeon/mq3.py",
            SHM + "def aeon_next(mq: MessageQueue) -> object:\n    return mq.dequeue(timeout=5.0, indefinite=True)\n",
            "return mq.dequeue(timeout=5.0, indefinite=True)",
        ),
    ),
]

# --- #36330 (de1a86b7de): StatelessGroupCoordinator.__init__ gains a required coord_store (5th) and loses group_ports
SG = "de1a86b7de"
SGW = "StatelessGroupCoordinator: coord_store inserted, group_ports removed"
SGI = "from vllm.distributed.stateless_coordinator import StatelessGroupCoordinator\n\n\n"
CASES += [
    (
        "#36330 constructor parameter inserted",
        "positional arguments past the insertion",
        K(
            "#36330",
            SG,
            SGW,
            "vllm/aeon/sg1.py",
            SGI + "def aeon_spark_group(ranks: list[list[int]], local_rank: int) -> StatelessGroupCoordinator:\n"
            "    # AEON: the two-Spark EP group, message queue on\n"
            "    return StatelessGroupCoordinator(ranks, local_rank, 'nccl', True, True, 'aeon_ep')\n",
            "return StatelessGroupCoordinator(ranks, local_rank, 'nccl', True, True, 'aeon_ep')",
        ),
    ),
    (
        "#36330 constructor parameter inserted",
        "the removed group_ports keyword",
        K(
            "#36330",
            SG,
            SGW,
            "vllm/aeon/sg2.py",
            SGI + "def aeon_spark_group(ranks: list[list[int]], ports: list[list[int]]) -> StatelessGroupCoordinator:\n"
            "    return StatelessGroupCoordinator(\n"
            "        group_ranks=ranks,\n"
            "        local_rank=0,\n"
            "        torch_distributed_backend='nccl',\n"
            "        use_device_communicator=True,\n"
            "        group_ports=ports,\n"
            "    )\n",
            "        group_ports=ports,",
        ),
    ),
]

# --- #33724 (eb19955c37): the pplx all2all backend removed (PPLXAll2AllManager gone; the config rewrites "pplx"
#     to "allgather_reducescatter" in __post_init__)
PX = "eb19955c37"
PXW = "pplx all2all backend removed and rewritten"
CASES += [
    (
        "#33724 all2all backend removed",
        "the removed manager imported",
        K(
            "#33724",
            PX,
            PXW,
            "vllm/aeon/px1.py",
            "from vllm.distributed.device_communicators.all2all import PPLXAll2AllManager\n\n\n"
            "class AeonPplxManager(PPLXAll2AllManager):\n"
            "    # AEON: the GB10's NVLink-C2C wants smaller dispatch chunks\n"
            "    max_num_tokens = 128\n",
            "from vllm.distributed.device_communicators.all2all import PPLXAll2AllManager",
        ),
    ),
    (
        "#33724 all2all backend removed",
        "the rewritten name compared on the config",
        K(
            "#33724",
            PX,
            PXW,
            "vllm/aeon/px2.py",
            "from vllm.config import ParallelConfig\n\n\n"
            "def aeon_needs_dedup(parallel_config: ParallelConfig) -> bool:\n"
            "    # pplx handles duplicate tokens itself\n"
            "    return parallel_config.all2all_backend != 'pplx'\n",
            "return parallel_config.all2all_backend != 'pplx'",
        ),
    ),
    (
        "#33724 all2all backend removed",
        "twin: a kept backend compared",
        K(
            "#33724",
            PX,
            PXW,
            "vllm/aeon/px3.py",
            "from vllm.config import ParallelConfig\n\n\n"
            "def aeon_low_latency(parallel_config: ParallelConfig) -> bool:\n"
            "    return parallel_config.all2all_backend == 'deepep_low_latency'\n",
            "return parallel_config.all2all_backend == 'deepep_low_latency'",
        ),
    ),
]

# --- #33728 (81d954f454): NaiveAll2AllManager removed (allgather_reducescatter instead)
NV = "81d954f454"
NVW = "NaiveAll2AllManager removed"
CASES += [
    (
        "#33728 all2all manager removed",
        "isinstance off a module alias",
        K(
            "#33728",
            NV,
            NVW,
            "vllm/aeon/nv1.py",
            "from vllm.distributed.device_communicators import all2all as a2a\n\n\n"
            "def aeon_is_naive(manager: object) -> bool:\n"
            "    return isinstance(manager, a2a.NaiveAll2AllManager)\n",
            "return isinstance(manager, a2a.NaiveAll2AllManager)",
        ),
    ),
    (
        "#33728 all2all manager removed",
        "twin: the kept manager",
        K(
            "#33728",
            NV,
            NVW,
            "vllm/aeon/nv2.py",
            "from vllm.distributed.device_communicators import all2all as a2a\n\n\n"
            "def aeon_is_agrs(manager: object) -> bool:\n"
            "    return isinstance(manager, a2a.AgRsAll2AllManager)\n",
            "return isinstance(manager, a2a.AgRsAll2AllManager)",
        ),
    ),
]

# --- #41633 (4f423bd5bc): NixlEplbCommunicator.add_send kept, signature kept, body made ``pass`` (NIXL READ is
#     receiver-initiated: add_recv reads the pre-registered weights); EplbCommunicator.execute loses old_indices
NX = "4f423bd5bc"
NXW = "NixlEplbCommunicator.add_send emptied; execute(old_indices) removed"
NXI = "import torch\n\nfrom vllm.distributed.eplb.eplb_communicator import EplbCommunicator, NixlEplbCommunicator\n\n\n"
CASES += [
    (
        "#41633 method emptied",
        "an override that prepares what super().add_send queued",
        K(
            "#41633",
            NX,
            NXW,
            "vllm/aeon/nx1.py",
            NXI + "class AeonNixlEplbCommunicator(NixlEplbCommunicator):\n"
            "    def add_send(self, tensors: list[torch.Tensor], dst_rank: int, expert_id: int) -> None:\n"
            "        # AEON: GB10 unified memory: pin the expert's slices contiguous before NIXL packs them\n"
            "        tensors = [t.contiguous() for t in tensors]\n"
            "        super().add_send(tensors, dst_rank, expert_id)\n",
            "super().add_send(tensors, dst_rank, expert_id)",
        ),
    ),
    (
        "#41633 method emptied",
        "execute's removed parameter passed",
        K(
            "#41633",
            NX,
            NXW,
            "vllm/aeon/nx2.py",
            "import numpy as np\n\n"
            + NXI
            + "def aeon_flush(comm: EplbCommunicator, old_indices: np.ndarray) -> None:\n"
            "    comm.execute(old_indices)\n",
            "comm.execute(old_indices)",
        ),
    ),
    (
        "#41633 method emptied",
        "a wrapper that builds the NIXL communicator in __init__ and queues sends on it",
        K(
            "#41633",
            NX,
            NXW,
            "vllm/aeon/nx4.py",
            NXI + "class AeonExpertMover:\n"
            "    def __init__(self, cpu_group, expert_weights: list[torch.Tensor]) -> None:\n"
            "        self.comm = NixlEplbCommunicator(cpu_group, expert_weights)\n\n"
            "    def move(self, tensors: list[torch.Tensor], dst: int, expert: int) -> None:\n"
            "        self.comm.add_send(tensors, dst, expert)\n",
            "        self.comm.add_send(tensors, dst, expert)",
        ),
    ),
    (
        "#41633 method emptied",
        "a communicator built in the function, then sent on",
        K(
            "#41633",
            NX,
            NXW,
            "vllm/aeon/nx5.py",
            NXI + "def aeon_move(cpu_group, weights: list[torch.Tensor], dst: int, expert: int) -> None:\n"
            "    comm = NixlEplbCommunicator(cpu_group, weights)\n"
            "    comm.add_send(weights, dst, expert)\n"
            "    comm.execute()\n",
            "    comm.add_send(weights, dst, expert)",
        ),
    ),
    (
        "#41633 method emptied",
        "twin: a communicator handed in, or built by the torch backend",
        K(
            "#41633",
            NX,
            NXW,
            "vllm/aeon/nx6.py",
            "import torch\n\nfrom vllm.distributed.eplb.eplb_communicator import TorchDistNcclEplbCommunicator\n\n\n"
            "def aeon_move(group, weights: list[torch.Tensor], dst: int, expert: int) -> None:\n"
            "    comm = TorchDistNcclEplbCommunicator(group)\n"
            "    comm.add_send(weights, dst, expert)\n",
            "    comm.add_send(weights, dst, expert)",
        ),
    ),
    (
        "#41633 method emptied",
        "twin: add_send called through the abstract communicator",
        K(
            "#41633",
            NX,
            NXW,
            "vllm/aeon/nx3.py",
            NXI + "def aeon_send(comm: EplbCommunicator, tensors: list[torch.Tensor], dst: int, expert: int) -> None:\n"
            "    comm.add_send(tensors, dst, expert)\n",
            "comm.add_send(tensors, dst, expert)",
        ),
    ),
]

# --- #50902 (21ea5b4fa1): NCCLWeightTransferEngine.trainer_send_weights kept as a static method whose body now
#     raises NotImplementedError (NCCLTrainerWeightTransferEngine.send_weights does the broadcast)
TS = "21ea5b4fa1"
TSW = "NCCLWeightTransferEngine.trainer_send_weights now raises NotImplementedError"
TSI = "import torch\n\nfrom vllm.distributed.weight_transfer.nccl_engine import NCCLWeightTransferEngine\n\n\n"
CASES += [
    (
        "#50902 method made a raise",
        "the static call with a dict of arguments",
        K(
            "#50902",
            TS,
            TSW,
            "vllm/aeon/ts1.py",
            TSI + "def aeon_push_weights(model: torch.nn.Module, group: object) -> None:\n"
            "    # AEON: the RL trainer on the first Spark pushes to the rollout Spark\n"
            "    NCCLWeightTransferEngine.trainer_send_weights(model.named_parameters(), {'group': group, 'packed': True})\n",
            "NCCLWeightTransferEngine.trainer_send_weights(model.named_parameters(), {'group': group, 'packed': True})",
        ),
    ),
    (
        "#50902 method made a raise",
        "off a module alias",
        K(
            "#50902",
            TS,
            TSW,
            "vllm/aeon/ts2.py",
            "import torch\n\nfrom vllm.distributed.weight_transfer import nccl_engine\n\n\n"
            "def aeon_push(model: torch.nn.Module, group: object) -> None:\n"
            "    nccl_engine.NCCLWeightTransferEngine.trainer_send_weights(\n"
            "        iter(model.named_parameters()), {'group': group}\n"
            "    )\n",
            "    nccl_engine.NCCLWeightTransferEngine.trainer_send_weights(",
        ),
    ),
    (
        "#50902 method made a raise",
        "twin: the call guarded by except NotImplementedError",
        K(
            "#50902",
            TS,
            TSW,
            "vllm/aeon/ts3.py",
            TSI + "def aeon_push(model: torch.nn.Module, group: object) -> bool:\n"
            "    try:\n"
            "        NCCLWeightTransferEngine.trainer_send_weights(model.named_parameters(), {'group': group})\n"
            "    except NotImplementedError:\n"
            "        return False\n"
            "    return True\n",
            "NCCLWeightTransferEngine.trainer_send_weights(model.named_parameters(), {'group': group})",
        ),
    ),
]

# --- #22243 (db1764e4e0): CudaPlatformBase.stateless_init_device_torch_dist_pg removed; the call lands on
#     Platform's, which now raises NotImplementedError (the distributed utils fall back to gloo on it);
#     init_gloo_process_group loses its backend parameter
SP = "db1764e4e0"
SPW = "CUDA's stateless_init_device_torch_dist_pg override removed; the base raises NotImplementedError"
SPI = (
    "from datetime import timedelta\n\n"
    "from torch.distributed import PrefixStore, ProcessGroup\n\n"
    "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\n"
)
CASES += [
    (
        "#22243 override removed, the base a stub",
        "super() of the removed override",
        K(
            "#22243",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            SPI + "class AeonSparkPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def stateless_init_device_torch_dist_pg(\n"
            "        cls, backend: str, prefix_store: PrefixStore, group_rank: int, group_size: int, timeout: timedelta\n"
            "    ) -> ProcessGroup:\n"
            "        # AEON: NCCL over the Spark's ConnectX-7 needs a longer timeout\n"
            "        return super().stateless_init_device_torch_dist_pg(\n"
            "            backend, prefix_store, group_rank, group_size, timeout * 4\n"
            "        )\n",
            "        return super().stateless_init_device_torch_dist_pg(",
        ),
    ),
    (
        "#22243 override removed, the base a stub",
        "the class's method called directly",
        K(
            "#22243",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            SPI + "def aeon_nccl_pg(store: PrefixStore, rank: int, size: int) -> ProcessGroup:\n"
            "    return NvmlCudaPlatform.stateless_init_device_torch_dist_pg('nccl', store, rank, size, timedelta(minutes=10))\n",
            "return NvmlCudaPlatform.stateless_init_device_torch_dist_pg('nccl', store, rank, size, timedelta(minutes=10))",
        ),
    ),
    (
        "#22243 override removed, the base a stub",
        "twin: the distributed utils' entry point",
        K(
            "#22243",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            "from torch.distributed import ProcessGroup\n\n"
            "from vllm.distributed.utils import stateless_init_torch_distributed_process_group\n\n\n"
            "def aeon_pg(host: str, port: int, rank: int, size: int) -> ProcessGroup:\n"
            "    return stateless_init_torch_distributed_process_group(host, port, rank, size, backend='nccl')\n",
            "return stateless_init_torch_distributed_process_group(host, port, rank, size, backend='nccl')",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-distributed-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
