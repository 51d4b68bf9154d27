"""A blind replay of the device communicators and collective helpers a fork patches.

10 first-parent commits on the surface a fork that carries its own collectives codes against -- the
device communicators (``DeviceCommunicatorBase``/``CudaCommunicator`` and the all2all managers' ``dispatch``
gaining ``is_sequence_parallel``, ``naive_multicast``'s keyword renamed, ``MoriAll2AllManager`` built with
its backend name and the ``"mori"`` backend split in two), ``CustomAllreduce``'s buffer registration
removed with its custom ops, ``PyNcclCommunicator.change_state`` removed, ``find_loaded_library`` moved out
of ``cuda_wrapper``, the all-reduce tuning table's ``"thresholds"`` key replaced, ``cuda_device_count_stateless``
removed, and the knobs (``VLLM_ALL2ALL_BACKEND`` and ``VLLM_DEEPEP_LOW_LATENCY_ALLOW_NVLINK`` removed,
``VLLM_ALLREDUCE_USE_SYMM_MEM`` defaulting to on) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (an import of a moved symbol, a module attribute, an ``envs`` read, an
``os.environ`` default, a nested dict key, a method call off a typed receiver, a subclass override without
the parameter the caller now passes, a keyword, a config literal, a constructor call short of a new
argument), with twins (fork code the commit does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at e668eac0), first batch (10 commits): 14 caught, 1 warned, 2
missed of 17 (twins: 10 quiet, 0 false errors).  The two "misses" were the replay's mistake, not the engine's:
#31866 moved ``find_loaded_library`` out of ``cuda_wrapper`` but ``cuda_wrapper`` imports it back from
``system_utils``, so ``from ...cuda_wrapper import find_loaded_library`` and ``cuda_wrapper.find_loaded_library``
still work; they are twins now (quiet, as the engine had them).  #25070's ``if not
envs.VLLM_ALLREDUCE_USE_SYMM_MEM:`` (a bool env default flipped, read as a truth test) is env-default drift's
warning, by design (the fleet may set the variable where the engine cannot see it).  Second blind batch (4
commits, committed before the engine ran on it): 3 caught, 0 warned, 1 missed of 4 (twins: 4 quiet, 1 of them
warned, 0 false errors).  The miss: #18763's ``dist_utils.is_nccl_available()``, torch's name the distributed
utils module imported and so handed on, its import dropped (an outside name was UNKNOWN on both sides).
After the killers76 widening (another package's name a tree module handed on, its import dropped: symbol
drift): 18 caught, 1 warned, 0 missed of 19 (twins: 16 quiet, 1 of them warned, 0 false errors).
Third blind batch (4 commits, run on the widened engine at ba08cbe0): 5 caught, 0 warned, 0 missed of 5
(twins: 5 quiet, 0 false errors) -- a helper moved out of ``communication_op`` (the package's star re-export
of it a twin), ``StatelessProcessGroup.create``'s ``init_method`` and its ``prefix`` field removed, a
dropped re-import of a tree name, a parameter made optional.  Fourth blind batch (5 commits, same engine):
8 caught, 0 warned, 0 missed of 8 (twins: 3 quiet, 0 false errors); #10216's ``from vllm.distributed.utils
import ProcessGroup`` is the new class's second catch (the old engine misses it).
All four batches (23 commits), old engine (main at e668eac0): 29 caught, 1 warned, 2 missed of 32 (twins: 24
quiet, 1 of them warned, 0 false errors); after killers76: 31 caught, 1 warned, 0 missed of 32 (twins: 24 quiet,
1 of them warned, 0 false errors).

  python benchmarks/blind_replay_comms.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #31866 (55caa6051d): find_loaded_library moved from cuda_wrapper to vllm.utils.system_utils
FL = "55caa6051d"
FLW = "cuda_wrapper.find_loaded_library moved to system_utils"
CASES += [
    (
        "#31866 helper moved out",
        "twin: an import of the moved helper (cuda_wrapper re-imports it)",
        K(
            "#31866",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            "from vllm.distributed.device_communicators.cuda_wrapper import find_loaded_library\n\n\n"
            "def aeon_cudart_path() -> str | None:\n"
            "    # AEON: the Spark's cudart comes from the aarch64 wheel, log which one is mapped\n"
            "    return find_loaded_library('libcudart')\n",
            "from vllm.distributed.device_communicators.cuda_wrapper import find_loaded_library",
        ),
    ),
    (
        "#31866 helper moved out",
        "twin: a module attribute call (cuda_wrapper re-imports it)",
        K(
            "#31866",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            "from vllm.distributed.device_communicators import cuda_wrapper\n\n\n"
            "def aeon_nccl_path() -> str | None:\n"
            "    return cuda_wrapper.find_loaded_library('libnccl')\n",
            "return cuda_wrapper.find_loaded_library('libnccl')",
        ),
    ),
    (
        "#31866 helper moved out",
        "twin: the kept class imported",
        K(
            "#31866",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            "from vllm.distributed.device_communicators.cuda_wrapper import CudaRTLibrary\n\n\n"
            "def aeon_cudart() -> CudaRTLibrary:\n"
            "    return CudaRTLibrary()\n",
            "from vllm.distributed.device_communicators.cuda_wrapper import CudaRTLibrary",
        ),
    ),
]

# --- #27750 (a8141fa649): VLLM_DEEPEP_LOW_LATENCY_ALLOW_NVLINK removed (always on)
NV = "a8141fa649"
NVW = "VLLM_DEEPEP_LOW_LATENCY_ALLOW_NVLINK removed"
CASES += [
    (
        "#27750 env knob removed",
        "an envs attribute read",
        K(
            "#27750",
            NV,
            NVW,
            "vllm/aeon/nv1.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_ll_kwargs() -> dict:\n"
            "    return {'allow_nvlink_for_low_latency_mode': envs.VLLM_DEEPEP_LOW_LATENCY_ALLOW_NVLINK}\n",
            "return {'allow_nvlink_for_low_latency_mode': envs.VLLM_DEEPEP_LOW_LATENCY_ALLOW_NVLINK}",
        ),
    ),
    (
        "#27750 env knob removed",
        "an os.environ default nobody reads any more",
        K(
            "#27750",
            NV,
            NVW,
            "vllm/aeon/nv2.py",
            "import os\n\n\n"
            "def aeon_single_node_env() -> None:\n"
            "    # AEON: one Spark, no NVLink between ranks\n"
            "    os.environ.setdefault('VLLM_DEEPEP_LOW_LATENCY_ALLOW_NVLINK', '0')\n",
            "os.environ.setdefault('VLLM_DEEPEP_LOW_LATENCY_ALLOW_NVLINK', '0')",
        ),
    ),
    (
        "#27750 env knob removed",
        "twin: the kept MNNVL knob",
        K(
            "#27750",
            NV,
            NVW,
            "vllm/aeon/nv3.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_mnnvl() -> bool:\n"
            "    return envs.VLLM_DEEPEP_LOW_LATENCY_USE_MNNVL\n",
            "return envs.VLLM_DEEPEP_LOW_LATENCY_USE_MNNVL",
        ),
    ),
]

# --- #33839 (31fb6f43da): NCCL_SYMM_MEM_ALL_REDUCE_CONFIG["thresholds"] -> ["custom_ar_preferred_ranges"]
TH = "31fb6f43da"
THW = "symm-mem all-reduce table key 'thresholds' replaced"
ARU = "from vllm.distributed.device_communicators.all_reduce_utils import MiB, NCCL_SYMM_MEM_ALL_REDUCE_CONFIG\n\n\n"
CASES += [
    (
        "#33839 table key removed",
        "a nested read of the removed key",
        K(
            "#33839",
            TH,
            THW,
            "vllm/aeon/th1.py",
            ARU + "def aeon_symm_threshold(world_size: int) -> int:\n"
            "    return NCCL_SYMM_MEM_ALL_REDUCE_CONFIG['thresholds'].get(world_size, 2 * MiB)\n",
            "return NCCL_SYMM_MEM_ALL_REDUCE_CONFIG['thresholds'].get(world_size, 2 * MiB)",
        ),
    ),
    (
        "#33839 table key removed",
        "a fork tuning written into the removed key",
        K(
            "#33839",
            TH,
            THW,
            "vllm/aeon/th2.py",
            ARU + "def aeon_tune_for_spark() -> None:\n"
            "    # AEON: two GB10s over ConnectX, NCCL symm-mem pays off later\n"
            "    NCCL_SYMM_MEM_ALL_REDUCE_CONFIG['thresholds'][4] = 4 * MiB\n",
            "NCCL_SYMM_MEM_ALL_REDUCE_CONFIG['thresholds'][4] = 4 * MiB",
        ),
    ),
    (
        "#33839 table key removed",
        "twin: a kept key",
        K(
            "#33839",
            TH,
            THW,
            "vllm/aeon/th3.py",
            ARU + "def aeon_symm_possible(world_size: int) -> bool:\n"
            "    return world_size >= NCCL_SYMM_MEM_ALL_REDUCE_CONFIG['min_world_size']\n",
            "return world_size >= NCCL_SYMM_MEM_ALL_REDUCE_CONFIG['min_world_size']",
        ),
    ),
]

# --- #25070 (8bdd8b5c51): VLLM_ALLREDUCE_USE_SYMM_MEM defaults to on
SM = "8bdd8b5c51"
SMW = "VLLM_ALLREDUCE_USE_SYMM_MEM default False -> True"
CASES += [
    (
        "#25070 env default flipped",
        "a branch on the knob's default",
        K(
            "#25070",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_ar_backend() -> str:\n"
            "    # AEON: GB10 has no multimem; custom AR unless someone opts in to symm-mem\n"
            "    if not envs.VLLM_ALLREDUCE_USE_SYMM_MEM:\n"
            "        return 'custom'\n"
            "    return 'symm_mem'\n",
            "if not envs.VLLM_ALLREDUCE_USE_SYMM_MEM:",
        ),
    ),
    (
        "#25070 env default flipped",
        "twin: the knob set explicitly",
        K(
            "#25070",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            "import os\n\n\ndef aeon_force_custom_ar() -> None:\n    os.environ['VLLM_ALLREDUCE_USE_SYMM_MEM'] = '0'\n",
            "os.environ['VLLM_ALLREDUCE_USE_SYMM_MEM'] = '0'",
        ),
    ),
]

# --- #11749 (9e764e7b10): PyNcclCommunicator.change_state removed
CS = "9e764e7b10"
CSW = "PyNcclCommunicator.change_state removed"
PYN = "from vllm.distributed.device_communicators.pynccl import PyNcclCommunicator\n\n\n"
CASES += [
    (
        "#11749 method removed",
        "a context manager off a typed communicator",
        K(
            "#11749",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            PYN + "def aeon_warm(comm: PyNcclCommunicator, t) -> None:\n"
            "    with comm.change_state(enable=True):\n"
            "        comm.all_reduce(t)\n",
            "with comm.change_state(enable=True):",
        ),
    ),
    (
        "#11749 method removed",
        "twin: the kept disabled flag",
        K(
            "#11749",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            PYN + "def aeon_enable(comm: PyNcclCommunicator) -> None:\n    comm.disabled = False\n",
            "comm.disabled = False",
        ),
    ),
]

# --- #10030 (6192e9b8fe): CustomAllreduce's IPC buffer init refactored; register_buffer, all_reduce_reg,
#     all_reduce_unreg and self.buffer removed, the custom ops' signatures changed
CA = "6192e9b8fe"
CAW = "CustomAllreduce buffer registration removed"
CAR = "from vllm.distributed.device_communicators.custom_all_reduce import CustomAllreduce\n\n\n"
CASES += [
    (
        "#10030 method removed",
        "a removed method off a typed CustomAllreduce",
        K(
            "#10030",
            CA,
            CAW,
            "vllm/aeon/ca1.py",
            CAR + "def aeon_pin(ca: CustomAllreduce, inp) -> None:\n"
            "    # AEON: the Spark's KV transfer buffer is reduced in place\n"
            "    ca.register_buffer(inp)\n",
            "ca.register_buffer(inp)",
        ),
    ),
    (
        "#10030 method removed",
        "a removed attribute read in a subclass",
        K(
            "#10030",
            CA,
            CAW,
            "vllm/aeon/ca2.py",
            CAR + "class AeonCustomAllreduce(CustomAllreduce):\n"
            "    def aeon_buffer_bytes(self) -> int:\n"
            "        return self.buffer.numel()\n",
            "return self.buffer.numel()",
        ),
    ),
    (
        "#10030 method removed",
        "twin: the kept should_custom_ar",
        K(
            "#10030",
            CA,
            CAW,
            "vllm/aeon/ca3.py",
            CAR + "def aeon_fits(ca: CustomAllreduce, inp) -> bool:\n    return ca.should_custom_ar(inp)\n",
            "return ca.should_custom_ar(inp)",
        ),
    ),
]

# --- #41751 (05c50c721e): all2all backend "mori" split into mori_high_throughput/mori_low_latency;
#     MoriAll2AllManager(cpu_group, all2all_backend)
MO = "05c50c721e"
MOW = "'mori' all2all backend split; MoriAll2AllManager needs its backend"
CASES += [
    (
        "#41751 literal value removed",
        "a config keyword with the removed value",
        K(
            "#41751",
            MO,
            MOW,
            "vllm/aeon/mo1.py",
            "from vllm.config import ParallelConfig\n\n\n"
            "def aeon_rocm_parallel() -> ParallelConfig:\n"
            "    return ParallelConfig(enable_expert_parallel=True, all2all_backend='mori')\n",
            "return ParallelConfig(enable_expert_parallel=True, all2all_backend='mori')",
        ),
    ),
    (
        "#41751 literal value removed",
        "a manager built short of its new argument",
        K(
            "#41751",
            MO,
            MOW,
            "vllm/aeon/mo2.py",
            "from vllm.distributed.device_communicators.all2all import MoriAll2AllManager\n\n\n"
            "def aeon_mori(cpu_group) -> MoriAll2AllManager:\n"
            "    return MoriAll2AllManager(cpu_group)\n",
            "return MoriAll2AllManager(cpu_group)",
        ),
    ),
    (
        "#41751 literal value removed",
        "twin: a kept backend value",
        K(
            "#41751",
            MO,
            MOW,
            "vllm/aeon/mo3.py",
            "from vllm.config import ParallelConfig\n\n\n"
            "def aeon_cuda_parallel() -> ParallelConfig:\n"
            "    return ParallelConfig(enable_expert_parallel=True, all2all_backend='deepep_low_latency')\n",
            "return ParallelConfig(enable_expert_parallel=True, all2all_backend='deepep_low_latency')",
        ),
    ),
]

# --- #33535 (b95cc5014d): the deprecated VLLM_ALL2ALL_BACKEND environment variable removed
AB = "b95cc5014d"
ABW = "VLLM_ALL2ALL_BACKEND removed"
CASES += [
    (
        "#33535 env knob removed",
        "an envs attribute read",
        K(
            "#33535",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_uses_deepep() -> bool:\n"
            "    return envs.VLLM_ALL2ALL_BACKEND.startswith('deepep')\n",
            "return envs.VLLM_ALL2ALL_BACKEND.startswith('deepep')",
        ),
    ),
    (
        "#33535 env knob removed",
        "an os.environ assignment nobody reads any more",
        K(
            "#33535",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            "import os\n\n\n"
            "def aeon_ep_env() -> None:\n"
            "    # AEON: the launcher picks the EP backend through the environment\n"
            "    os.environ['VLLM_ALL2ALL_BACKEND'] = 'deepep_low_latency'\n",
            "os.environ['VLLM_ALL2ALL_BACKEND'] = 'deepep_low_latency'",
        ),
    ),
    (
        "#33535 env knob removed",
        "twin: the config field read",
        K(
            "#33535",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            "from vllm.config import ParallelConfig\n\n\n"
            "def aeon_uses_deepep2(parallel_config: ParallelConfig) -> bool:\n"
            "    return parallel_config.all2all_backend.startswith('deepep')\n",
            "return parallel_config.all2all_backend.startswith('deepep')",
        ),
    ),
]

# --- #24982 (a5354b3ed2): all2all managers' dispatch/combine take is_sequence_parallel (the communicator
#     passes it positionally); naive_multicast's cu_tokens_across_dp_cpu renamed cu_tokens_across_sp_cpu
SP = "a5354b3ed2"
SPW = "all2all dispatch/combine gain is_sequence_parallel; naive_multicast keyword renamed"
A2A = "from vllm.distributed.device_communicators.all2all import AgRsAll2AllManager, NaiveAll2AllManager\n\n\n"
CASES += [
    (
        "#24982 override short of a passed parameter",
        "a manager subclass's dispatch without the new parameter",
        K(
            "#24982",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            A2A + "class AeonAgRsManager(AgRsAll2AllManager):\n"
            "    def dispatch(self, hidden_states, router_logits):\n"
            "        # AEON: pad to the Spark's token bucket before the all-gather\n"
            "        return super().dispatch(hidden_states, router_logits)\n",
            "def dispatch(self, hidden_states, router_logits):",
        ),
    ),
    (
        "#24982 override short of a passed parameter",
        "a keyword renamed in a subclass's call",
        K(
            "#24982",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            A2A + "class AeonNaiveManager(NaiveAll2AllManager):\n"
            "    def aeon_multicast(self, x, cu):\n"
            "        return self.naive_multicast(x, cu_tokens_across_dp_cpu=cu)\n",
            "return self.naive_multicast(x, cu_tokens_across_dp_cpu=cu)",
        ),
    ),
    (
        "#24982 override short of a passed parameter",
        "twin: a call on the new parameter's default",
        K(
            "#24982",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            A2A + "def aeon_gather(manager: AgRsAll2AllManager, hidden_states, router_logits):\n"
            "    return manager.dispatch(hidden_states, router_logits)\n",
            "return manager.dispatch(hidden_states, router_logits)",
        ),
    ),
]

# --- #37841 (4dfad17ed1): cuda_device_count_stateless removed (current_platform.device_count())
DC = "4dfad17ed1"
DCW = "cuda_device_count_stateless removed"
CASES += [
    (
        "#37841 helper removed",
        "an import of the removed helper",
        K(
            "#37841",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "from vllm.utils.torch_utils import cuda_device_count_stateless\n\n\n"
            "def aeon_device_ids() -> list[int]:\n"
            "    return list(range(cuda_device_count_stateless()))\n",
            "from vllm.utils.torch_utils import cuda_device_count_stateless",
        ),
    ),
    (
        "#37841 helper removed",
        "twin: a kept helper of the module",
        K(
            "#37841",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            "from vllm.utils.torch_utils import aux_stream\n\n\ndef aeon_side_stream():\n    return aux_stream()\n",
            "from vllm.utils.torch_utils import aux_stream",
        ),
    ),
]

# ---- second blind batch (written and committed before the engine ran on it) ----

# --- #33209 (4197168ea5): distributed/utils.py stops importing is_torch_equal_or_newer
TV = "4197168ea5"
TVW = "vllm.distributed.utils no longer imports is_torch_equal_or_newer"
CASES += [
    (
        "#33209 re-export dropped",
        "an import through the module that used to import it",
        K(
            "#33209",
            TV,
            TVW,
            "vllm/aeon/tv1.py",
            "from vllm.distributed.utils import StatelessProcessGroup, is_torch_equal_or_newer\n\n\n"
            "def aeon_new_pg_api() -> bool:\n"
            "    return is_torch_equal_or_newer('2.6') and StatelessProcessGroup is not None\n",
            "from vllm.distributed.utils import StatelessProcessGroup, is_torch_equal_or_newer",
        ),
    ),
    (
        "#33209 re-export dropped",
        "twin: an import the module still makes",
        K(
            "#33209",
            TV,
            TVW,
            "vllm/aeon/tv2.py",
            "from vllm.distributed.utils import get_tcp_uri\n\n\n"
            "def aeon_uri(host: str, port: int) -> str:\n"
            "    return get_tcp_uri(host, port)\n",
            "from vllm.distributed.utils import get_tcp_uri",
        ),
    ),
]

# --- #18763 (d781930f90): distributed/utils.py stops importing is_nccl_available from torch
NA = "d781930f90"
NAW = "vllm.distributed.utils no longer imports is_nccl_available"
CASES += [
    (
        "#18763 re-export dropped",
        "a module attribute through the module that used to import it",
        K(
            "#18763",
            NA,
            NAW,
            "vllm/aeon/na1.py",
            "from vllm.distributed import utils as dist_utils\n\n\n"
            "def aeon_backend() -> str:\n"
            "    return 'nccl' if dist_utils.is_nccl_available() else 'gloo'\n",
            "return 'nccl' if dist_utils.is_nccl_available() else 'gloo'",
        ),
    ),
    (
        "#18763 re-export dropped",
        "twin: the module's own class",
        K(
            "#18763",
            NA,
            NAW,
            "vllm/aeon/na2.py",
            "from vllm.distributed.utils import StatelessProcessGroup\n\n\n"
            "def aeon_pg(host: str, port: int, rank: int, world: int) -> StatelessProcessGroup:\n"
            "    return StatelessProcessGroup.create(host=host, port=port, rank=rank, world_size=world)\n",
            "return StatelessProcessGroup.create(host=host, port=port, rank=rank, world_size=world)",
        ),
    ),
]

# --- #27197 (6c728f7771): find_nccl_library moved from vllm.utils to vllm.utils.nccl, no shim
NC = "6c728f7771"
NCW = "vllm.utils.find_nccl_library moved to vllm.utils.nccl"
CASES += [
    (
        "#27197 helper moved without a shim",
        "an import from the old home",
        K(
            "#27197",
            NC,
            NCW,
            "vllm/aeon/nc1.py",
            "from vllm.utils import find_nccl_library\n\n\n"
            "def aeon_nccl_so() -> str:\n"
            "    # AEON: the Spark image ships its own NCCL build\n"
            "    return find_nccl_library()\n",
            "from vllm.utils import find_nccl_library",
        ),
    ),
    (
        "#27197 helper moved without a shim",
        "twin: an import through the wrapper that re-imports it",
        K(
            "#27197",
            NC,
            NCW,
            "vllm/aeon/nc2.py",
            "from vllm.distributed.device_communicators.pynccl_wrapper import find_nccl_library\n\n\n"
            "def aeon_nccl_so2() -> str:\n"
            "    return find_nccl_library()\n",
            "from vllm.distributed.device_communicators.pynccl_wrapper import find_nccl_library",
        ),
    ),
]

# --- #23964 (2ea50e977a): VLLM_ALL2ALL_BACKEND's default 'naive' -> 'allgather_reducescatter'
NB = "2ea50e977a"
NBW = "VLLM_ALL2ALL_BACKEND default naive -> allgather_reducescatter"
CASES += [
    (
        "#23964 env default changed",
        "a comparison with the old default",
        K(
            "#23964",
            NB,
            NBW,
            "vllm/aeon/nb1.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_naive_ep() -> bool:\n"
            "    return envs.VLLM_ALL2ALL_BACKEND == 'naive'\n",
            "return envs.VLLM_ALL2ALL_BACKEND == 'naive'",
        ),
    ),
    (
        "#23964 env default changed",
        "twin: a test neither default passes",
        K(
            "#23964",
            NB,
            NBW,
            "vllm/aeon/nb2.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_deepep() -> bool:\n"
            "    return envs.VLLM_ALL2ALL_BACKEND in ('deepep_high_throughput', 'deepep_low_latency')\n",
            "return envs.VLLM_ALL2ALL_BACKEND in ('deepep_high_throughput', 'deepep_low_latency')",
        ),
    ),
]

# ---- third blind batch (written and committed before the engine ran on it) ----

# --- #5293 (ea3890a5f0): communication_op's graph_capture and GraphCaptureContext moved into parallel_state;
#     its module-level broadcast / broadcast_object_list removed (GroupCoordinator methods now)
GC = "ea3890a5f0"
GCW = "communication_op's graph_capture moved, broadcast helpers removed"
CASES += [
    (
        "#5293 helpers moved and removed",
        "an import of the moved context manager from its old module",
        K(
            "#5293",
            GC,
            GCW,
            "vllm/aeon/gc1.py",
            "from vllm.distributed.communication_op import graph_capture\n\n\n"
            "def aeon_capture(runner) -> None:\n"
            "    with graph_capture() as ctx:\n"
            "        runner.capture(ctx.stream)\n",
            "from vllm.distributed.communication_op import graph_capture",
        ),
    ),
    (
        "#5293 helpers moved and removed",
        "a module attribute call of the removed broadcast",
        K(
            "#5293",
            GC,
            GCW,
            "vllm/aeon/gc2.py",
            "from vllm.distributed import communication_op as comm\n\n\n"
            "def aeon_share_seed(seed_tensor):\n"
            "    # AEON: every rank samples with rank 0's seed\n"
            "    return comm.broadcast(seed_tensor, src=0)\n",
            "return comm.broadcast(seed_tensor, src=0)",
        ),
    ),
    (
        "#5293 helpers moved and removed",
        "twin: the package's star re-export of the moved name",
        K(
            "#5293",
            GC,
            GCW,
            "vllm/aeon/gc3.py",
            "from vllm.distributed import graph_capture\n\n\n"
            "def aeon_capture2(runner) -> None:\n"
            "    with graph_capture() as ctx:\n"
            "        runner.capture(ctx.stream)\n",
            "from vllm.distributed import graph_capture",
        ),
    ),
    (
        "#5293 helpers moved and removed",
        "twin: a kept collective",
        K(
            "#5293",
            GC,
            GCW,
            "vllm/aeon/gc4.py",
            "from vllm.distributed.communication_op import tensor_model_parallel_all_reduce\n\n\n"
            "def aeon_sum(x):\n"
            "    return tensor_model_parallel_all_reduce(x)\n",
            "return tensor_model_parallel_all_reduce(x)",
        ),
    ),
]

# --- #10275 (0d4ea3fb5c): StatelessProcessGroup.create(init_method=...) -> create(host, port, ...); the
#     dataclass's prefix field removed
PG = "0d4ea3fb5c"
PGW = "StatelessProcessGroup.create takes host/port; prefix field removed"
SPG = "from vllm.distributed.utils import StatelessProcessGroup\n\n\n"
CASES += [
    (
        "#10275 keyword and field removed",
        "the removed keyword",
        K(
            "#10275",
            PG,
            PGW,
            "vllm/aeon/pg1.py",
            SPG + "def aeon_weight_sync_pg(addr: str, rank: int, world: int) -> StatelessProcessGroup:\n"
            "    # AEON: the RL trainer pushes weights to the Spark over a side group\n"
            "    return StatelessProcessGroup.create(init_method=f'tcp://{addr}', rank=rank, world_size=world)\n",
            "return StatelessProcessGroup.create(init_method=f'tcp://{addr}', rank=rank, world_size=world)",
        ),
    ),
    (
        "#10275 keyword and field removed",
        "a read of the removed field off a typed group",
        K(
            "#10275",
            PG,
            PGW,
            "vllm/aeon/pg2.py",
            SPG + "def aeon_key(pg: StatelessProcessGroup, name: str) -> str:\n    return f'{pg.prefix}/aeon/{name}'\n",
            "return f'{pg.prefix}/aeon/{name}'",
        ),
    ),
    (
        "#10275 keyword and field removed",
        "twin: kept fields",
        K(
            "#10275",
            PG,
            PGW,
            "vllm/aeon/pg3.py",
            SPG + "def aeon_is_master(pg: StatelessProcessGroup) -> bool:\n"
            "    return pg.rank == 0 and pg.world_size > 1\n",
            "return pg.rank == 0 and pg.world_size > 1",
        ),
    ),
]

# --- #50960 (f7ef489e93): shm_broadcast stops importing get_open_port
OP = "f7ef489e93"
OPW = "shm_broadcast no longer imports get_open_port"
CASES += [
    (
        "#50960 re-import dropped",
        "an import through the module that used to import it",
        K(
            "#50960",
            OP,
            OPW,
            "vllm/aeon/op1.py",
            "from vllm.distributed.device_communicators.shm_broadcast import MessageQueue, get_open_port\n\n\n"
            "def aeon_port() -> int:\n"
            "    return get_open_port() if MessageQueue is not None else 0\n",
            "from vllm.distributed.device_communicators.shm_broadcast import MessageQueue, get_open_port",
        ),
    ),
    (
        "#50960 re-import dropped",
        "twin: a name the module still imports",
        K(
            "#50960",
            OP,
            OPW,
            "vllm/aeon/op2.py",
            "from vllm.distributed.device_communicators.shm_broadcast import get_ip\n\n\n"
            "def aeon_ip() -> str:\n"
            "    return get_ip()\n",
            "from vllm.distributed.device_communicators.shm_broadcast import get_ip",
        ),
    ),
]

# --- #25512 (7361ab379f): direct_register_custom_op's mutates_args and dispatch_key made optional (twins only)
RO = "7361ab379f"
ROW = "direct_register_custom_op's mutates_args/dispatch_key optional"
CASES += [
    (
        "#25512 parameters made optional",
        "twin: a registration passing both",
        K(
            "#25512",
            RO,
            ROW,
            "vllm/aeon/ro1.py",
            "import torch\n\nfrom vllm.utils import direct_register_custom_op\n\n\n"
            "def _aeon_ar(x: torch.Tensor) -> torch.Tensor:\n    return x.clone()\n\n\n"
            "def _aeon_ar_fake(x: torch.Tensor) -> torch.Tensor:\n    return torch.empty_like(x)\n\n\n"
            "direct_register_custom_op(op_name='aeon_ar', op_func=_aeon_ar, mutates_args=[], fake_impl=_aeon_ar_fake, dispatch_key='CUDA')\n",
            "direct_register_custom_op(op_name='aeon_ar', op_func=_aeon_ar, mutates_args=[], fake_impl=_aeon_ar_fake, dispatch_key='CUDA')",
        ),
    ),
]

# ---- fourth blind batch (written and committed before the engine ran on it) ----

# --- #36022 (2754231ba3): FlashInferAllToAllManager -> FlashInferNVLinkTwoSidedManager, has_flashinfer_all2all
#     -> has_flashinfer_nvlink_two_sided; the "flashinfer_all2allv" backend kept as a deprecated alias
FA = "2754231ba3"
FAW = "FlashInfer all2all manager and probe renamed; backend name aliased"
CASES += [
    (
        "#36022 manager renamed",
        "a fork subclass of the renamed manager",
        K(
            "#36022",
            FA,
            FAW,
            "vllm/aeon/fa1.py",
            "from vllm.distributed.device_communicators.all2all import FlashInferAllToAllManager\n\n\n"
            "class AeonMnnvlManager(FlashInferAllToAllManager):\n"
            "    # AEON: two Sparks over ConnectX, no MNNVL fabric\n"
            "    def aeon_fabric(self) -> str:\n"
            "        return 'rdma'\n",
            "from vllm.distributed.device_communicators.all2all import FlashInferAllToAllManager",
        ),
    ),
    (
        "#36022 manager renamed",
        "a module attribute call of the renamed probe",
        K(
            "#36022",
            FA,
            FAW,
            "vllm/aeon/fa2.py",
            "from vllm.utils import flashinfer as fi_utils\n\n\n"
            "def aeon_can_a2a() -> bool:\n"
            "    return fi_utils.has_flashinfer_all2all()\n",
            "return fi_utils.has_flashinfer_all2all()",
        ),
    ),
    (
        "#36022 manager renamed",
        "twin: the aliased backend name",
        K(
            "#36022",
            FA,
            FAW,
            "vllm/aeon/fa3.py",
            "from vllm.config import ParallelConfig\n\n\n"
            "def aeon_fi_parallel() -> ParallelConfig:\n"
            "    return ParallelConfig(enable_expert_parallel=True, all2all_backend='flashinfer_all2allv')\n",
            "return ParallelConfig(enable_expert_parallel=True, all2all_backend='flashinfer_all2allv')",
        ),
    ),
]

# --- #37461 (0140eafb15): get_fi_ar_workspace() (a getter) now creates the workspace and takes its six
#     parameters; initialize_fi_ar_workspace removed
FW = "0140eafb15"
FWW = "get_fi_ar_workspace takes the workspace's parameters; initialize_fi_ar_workspace removed"
FIAR = "from vllm.distributed.device_communicators import flashinfer_all_reduce as fi_ar\n\n\n"
CASES += [
    (
        "#37461 getter made a builder",
        "the getter called bare",
        K(
            "#37461",
            FW,
            FWW,
            "vllm/aeon/fw1.py",
            FIAR + "def aeon_workspace_ready() -> bool:\n    return fi_ar.get_fi_ar_workspace() is not None\n",
            "return fi_ar.get_fi_ar_workspace() is not None",
        ),
    ),
    (
        "#37461 getter made a builder",
        "the removed initializer",
        K(
            "#37461",
            FW,
            FWW,
            "vllm/aeon/fw2.py",
            FIAR + "def aeon_init_ws(world, rank, group, dtype) -> None:\n"
            "    fi_ar.initialize_fi_ar_workspace(world, rank, 2048, 4096, dtype, group)\n",
            "fi_ar.initialize_fi_ar_workspace(world, rank, 2048, 4096, dtype, group)",
        ),
    ),
]

# --- #10216 (e6de9784d2): stateless_init_process_group replaced by StatelessProcessGroup; the module stops
#     importing torch's ProcessGroup
SI = "e6de9784d2"
SIW = "stateless_init_process_group removed; ProcessGroup no longer imported by distributed.utils"
CASES += [
    (
        "#10216 function removed",
        "an import of the removed function",
        K(
            "#10216",
            SI,
            SIW,
            "vllm/aeon/si1.py",
            "from vllm.distributed.utils import stateless_init_process_group\n\n\n"
            "def aeon_side_group(addr: str, rank: int, world: int):\n"
            "    return stateless_init_process_group(addr, rank, world, 'gloo')\n",
            "from vllm.distributed.utils import stateless_init_process_group",
        ),
    ),
    (
        "#10216 function removed",
        "an outside type imported through the module",
        K(
            "#10216",
            SI,
            SIW,
            "vllm/aeon/si2.py",
            "from vllm.distributed.utils import ProcessGroup, divide\n\n\n"
            "def aeon_shard(group: ProcessGroup, n: int) -> int:\n"
            "    return divide(n, group.size())\n",
            "from vllm.distributed.utils import ProcessGroup, divide",
        ),
    ),
    (
        "#10216 function removed",
        "twin: the kept divide helper",
        K(
            "#10216",
            SI,
            SIW,
            "vllm/aeon/si3.py",
            "from vllm.distributed.utils import divide, ensure_divisibility\n\n\n"
            "def aeon_heads(n: int, tp: int) -> int:\n"
            "    ensure_divisibility(n, tp)\n"
            "    return divide(n, tp)\n",
            "from vllm.distributed.utils import divide, ensure_divisibility",
        ),
    ),
]

# --- #18200 (6a7988c55b): All2AllBase / NaiveAll2All renamed All2AllManagerBase / NaiveAll2AllManager
NM = "6a7988c55b"
NMW = "NaiveAll2All renamed NaiveAll2AllManager"
CASES += [
    (
        "#18200 base class renamed",
        "a fork subclass of the renamed class",
        K(
            "#18200",
            NM,
            NMW,
            "vllm/aeon/nm1.py",
            "from vllm.distributed.device_communicators import all2all\n\n\n"
            "class AeonAll2All(all2all.NaiveAll2All):\n"
            "    pass\n",
            "class AeonAll2All(all2all.NaiveAll2All):",
        ),
    ),
]

# --- #9994 (04bbf38e05): shm_broadcast's RINGBUFFER_SLEEP_INTERVAL removed (os.sched_yield)
RS = "04bbf38e05"
RSW = "RINGBUFFER_SLEEP_INTERVAL removed"
CASES += [
    (
        "#9994 constant removed",
        "a read of the removed constant",
        K(
            "#9994",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            "import time\n\nfrom vllm.distributed.device_communicators import shm_broadcast\n\n\n"
            "def aeon_backoff(n: int) -> None:\n"
            "    time.sleep(shm_broadcast.RINGBUFFER_SLEEP_INTERVAL * n)\n",
            "time.sleep(shm_broadcast.RINGBUFFER_SLEEP_INTERVAL * n)",
        ),
    ),
    (
        "#9994 constant removed",
        "twin: the kept queue class",
        K(
            "#9994",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            "from vllm.distributed.device_communicators.shm_broadcast import MessageQueue\n\n\n"
            "def aeon_queue(n: int) -> MessageQueue:\n"
            "    return MessageQueue(n, n)\n",
            "return MessageQueue(n, n)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-comms-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
