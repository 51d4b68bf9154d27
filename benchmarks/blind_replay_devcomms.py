"""A blind replay of the distributed device communicators a fork's collectives carry code against.

10 first-parent commits on ``vllm/distributed/device_communicators/`` (and the ROCm all-reduce hooks of
``vllm/_aiter_ops.py`` the CUDA communicator took over) -- ``PyNcclCommunicator.all_reduce`` given an
``out_tensor`` before its ``op`` (#24532), ``custom_all_reduce_utils`` renamed to ``all_reduce_utils``
(#20759), ``CustomAllreduce.__init__`` given four size parameters before ``symm_mem_enabled`` (#50000),
``rocm_aiter_ops``' all-reduce lifecycle classmethods removed and ``get_aiter_allreduce`` made to return the
communicator's wrapper instead of AITER's object (#46065), ``FlashInferNVLinkOneSidedManager.hidden_size`` no
longer set (#42976), ``NixlEPAll2AllManager._buffer`` made a dataclass instead of a ``(buffer, ep_size)``
tuple and ``_update_buffer`` removed (#40881), ``pynccl_allocator._registered_base_addrs`` made a dict of
sets keyed by communicator instead of a set (#46703), the CUDA communicator passing ``extra_tensors`` on to
its all2all manager's ``dispatch`` (#30014), and two imports a carry's edit of the module leans on dropped
(``get_current_vllm_config`` from ``quick_all_reduce``, #31747; ``is_global_first_rank`` from
``cuda_communicator``, #26740) -- picked by scanning those paths' diffs (``git log --first-parent -p`` and an
AST diff of their defs, class attributes, ``self.`` stores and imports), avoiding the commits the other
replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a positional
call, a subclass override calling ``super()``, an import of a moved module, ``importlib.import_module`` of
it, a classmethod call on the class, a read off the value a getter returns, a subclass's ``self.`` read, a
read off a receiver annotated as the class, a tuple unpack of a class attribute, a method call on a module
attribute, a membership test, an override a caller now passes more to, a bare name in an edit of the
module), with twins (fork code the commit does not break: the keyword spelling, the kept re-export, the
kept attribute, a method both kinds have, the kept sibling method, a name the module still imports).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 2aa1f4ed; the replay committed at 3ef993bb before the engine
ran on it): 14 caught, 0 warned, 4 missed of 18 (twins: 10 quiet, 0 false errors).  Caught: both positional
calls past an inserted parameter (#24532's ``all_reduce(t, ReduceOp.MAX)`` and the override's ``super()`` call,
#50000's constructor and ``super().__init__``), the renamed module (an import, ``importlib.import_module``), the
removed classmethods and method, the attribute no longer set (a subclass's ``self.`` and a typed receiver), the
override a caller now passes ``extra_tensors`` to, and both dropped imports under a carry's edit.  The misses:
#46065's ``aiter_ar.fully_connected`` off ``rocm_aiter_ops.get_aiter_allreduce()`` (the getter's annotated
``AiterCustomAllreduceProto | None`` return made an unannotated one returning the communicator's
``AiterCustomAllreduce``, which has no ``fully_connected``); #40881's ``_, ep_size =
NixlEPAll2AllManager._buffer`` (a class attribute annotated ``tuple[Any, int] | None`` made a
``_NixlEPBufferState | None``, a dataclass that does not unpack); #46703's two (``_registered_base_addrs``
bound to ``set()`` made a ``dict[bytes, set]``: ``.add(address)`` raises, and ``address in ...`` tests the
dict's keys, communicator ids now).

After the killers120 widenings (engine at e0c9a40e): 17 caught, 1 warned, 0 missed of 18 (twins: 10 quiet, 0
false errors).  Caught now: a builtin container's constructor read as a module table's kind (module table drift,
``drift/module_tables.py``: ``set()`` made a ``dict[bytes, set]``, so ``.add()`` raises; the ``in`` test of a set
made a dict is its warning, as the keys may be what the set held), a tuple field or return made a shapeless class
of its file (``drift/objectified.py``, new: an unpack, subscript, ``len()`` or loop of it raises TypeError), and an
unannotated def's returned class read off its body (``drift/returned_members.py``: every return ``None``,
``C(...)`` or a name narrowed by ``isinstance`` to ``C``).  Five spellings written after the widenings (not blind,
marked "(after)"): 3 caught of 3, 2 twins quiet.  Regression set at e0c9a40e: killer_replay 26/26,
kind_change_replay 12/12 (5 twins quiet), review15_twins 8 caught + 1 warned of 9 / 40 quiet, review16_twins 6/6 /
30 quiet (4 warned, as before), review17_twins 11 + 1 warned of 12 / 23 quiet (2 warned, as before),
blind_replay_comms 31 + 1 warned of 32 / 24 quiet, blind_replay_distributed 20/20 / 9 quiet,
blind_replay_engfront 26/26 / 22 quiet, blind_replay_nvfp4 15 + 1 warned of 16 / 10 quiet: no new miss, 0 false
errors; ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught, 8 warnings);
the touched checks' tests (module tables, objectified, returned members, result kinds, symbol drift, untupled,
copied containers: 438) and ``tests/hostile`` (1,671) pass, single-process.

  python benchmarks/blind_replay_devcomms.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #24532 (8c1c81a3de): PyNcclCommunicator.all_reduce(in_tensor, op, stream) -> (in_tensor, out_tensor, op, stream)
AR = "8c1c81a3de"
ARW = "PyNcclCommunicator.all_reduce gained out_tensor before op"
PN = (
    "import torch\nfrom torch.distributed import ReduceOp\n\n"
    "from vllm.distributed.device_communicators.pynccl import PyNcclCommunicator\n\n\n"
)
CASES += [
    (
        "#24532 parameter inserted",
        "a positional op on a typed receiver",
        K(
            "#24532",
            AR,
            ARW,
            "vllm/aeon/pn1.py",
            PN + "def aeon_max_across(comm: PyNcclCommunicator, t: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's ranks agree on the largest free KV budget\n"
            "    return comm.all_reduce(t, ReduceOp.MAX)\n",
            "return comm.all_reduce(t, ReduceOp.MAX)",
        ),
    ),
    (
        "#24532 parameter inserted",
        "a subclass override passing op on positionally",
        K(
            "#24532",
            AR,
            ARW,
            "vllm/aeon/pn2.py",
            PN + "class AeonPyNccl(PyNcclCommunicator):\n"
            "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, stream=None) -> torch.Tensor:\n"
            "        # AEON: count the all-reduced bytes for the Spark's NVLink-C2C budget\n"
            "        self.aeon_bytes = getattr(self, 'aeon_bytes', 0) + in_tensor.numel() * in_tensor.element_size()\n"
            "        return super().all_reduce(in_tensor, op, stream)\n",
            "return super().all_reduce(in_tensor, op, stream)",
        ),
    ),
    (
        "#24532 parameter inserted",
        "twin: op by keyword",
        K(
            "#24532",
            AR,
            ARW,
            "vllm/aeon/pn3.py",
            PN + "def aeon_max_across(comm: PyNcclCommunicator, t: torch.Tensor) -> torch.Tensor:\n"
            "    return comm.all_reduce(t, op=ReduceOp.MAX)\n",
            "return comm.all_reduce(t, op=ReduceOp.MAX)",
        ),
    ),
]

# --- #20759 (0313cf854d): custom_all_reduce_utils.py renamed to all_reduce_utils.py
RU = "0313cf854d"
RUW = "custom_all_reduce_utils renamed to all_reduce_utils"
CASES += [
    (
        "#20759 module renamed",
        "an import from the old module",
        K(
            "#20759",
            RU,
            RUW,
            "vllm/aeon/ru1.py",
            "from vllm.distributed.device_communicators.custom_all_reduce_utils import gpu_p2p_access_check\n\n\n"
            "def aeon_p2p_ok(rank: int, world_size: int) -> bool:\n"
            "    # AEON: the GB10 pair reports P2P through the C2C link; check every peer once\n"
            "    return all(gpu_p2p_access_check(rank, peer) for peer in range(world_size) if peer != rank)\n",
            "from vllm.distributed.device_communicators.custom_all_reduce_utils import gpu_p2p_access_check",
        ),
    ),
    (
        "#20759 module renamed",
        "importlib.import_module of the old path",
        K(
            "#20759",
            RU,
            RUW,
            "vllm/aeon/ru2.py",
            "import importlib\n\n\n"
            "def aeon_p2p_cache_path() -> str:\n"
            '    utils = importlib.import_module("vllm.distributed.device_communicators.custom_all_reduce_utils")\n'
            "    return str(utils.__file__)\n",
            'utils = importlib.import_module("vllm.distributed.device_communicators.custom_all_reduce_utils")',
        ),
    ),
    (
        "#20759 module renamed",
        "twin: the name custom_all_reduce still imports",
        K(
            "#20759",
            RU,
            RUW,
            "vllm/aeon/ru3.py",
            "from vllm.distributed.device_communicators.custom_all_reduce import gpu_p2p_access_check\n\n\n"
            "def aeon_p2p_ok(rank: int, peer: int) -> bool:\n"
            "    return gpu_p2p_access_check(rank, peer)\n",
            "from vllm.distributed.device_communicators.custom_all_reduce import gpu_p2p_access_check",
        ),
    ),
]

# --- #50000 (aeeb36b1f1): CustomAllreduce(group, device, max_size, symm_mem_enabled) gains four sizes before
#     symm_mem_enabled
CA = "aeeb36b1f1"
CAW = "CustomAllreduce.__init__ gained four parameters before symm_mem_enabled"
CAI = (
    "import torch\nfrom torch.distributed import ProcessGroup\n\n"
    "from vllm.distributed.device_communicators.custom_all_reduce import CustomAllreduce\n\n\n"
)
CASES += [
    (
        "#50000 parameters inserted",
        "a positional constructor call",
        K(
            "#50000",
            CA,
            CAW,
            "vllm/aeon/ca1.py",
            CAI + "def aeon_custom_ar(group: ProcessGroup, device: torch.device) -> CustomAllreduce:\n"
            "    # AEON: a 16 MiB buffer and symmetric memory on the Spark pair\n"
            "    return CustomAllreduce(group, device, 16 * 1024 * 1024, True)\n",
            "return CustomAllreduce(group, device, 16 * 1024 * 1024, True)",
        ),
    ),
    (
        "#50000 parameters inserted",
        "a subclass's positional super().__init__",
        K(
            "#50000",
            CA,
            CAW,
            "vllm/aeon/ca2.py",
            CAI + "class AeonCustomAllreduce(CustomAllreduce):\n"
            "    def __init__(self, group: ProcessGroup, device: torch.device) -> None:\n"
            "        # AEON: always register symmetric memory on GB10\n"
            "        super().__init__(group, device, 8192 * 1024, True)\n",
            "super().__init__(group, device, 8192 * 1024, True)",
        ),
    ),
    (
        "#50000 parameters inserted",
        "twin: symm_mem_enabled by keyword",
        K(
            "#50000",
            CA,
            CAW,
            "vllm/aeon/ca3.py",
            CAI + "def aeon_custom_ar(group: ProcessGroup, device: torch.device) -> CustomAllreduce:\n"
            "    return CustomAllreduce(group, device, max_size=16 * 1024 * 1024, symm_mem_enabled=True)\n",
            "return CustomAllreduce(group, device, max_size=16 * 1024 * 1024, symm_mem_enabled=True)",
        ),
    ),
]

# --- #46065 (740f379fae): rocm_aiter_ops' all-reduce lifecycle removed; get_aiter_allreduce returns the
#     communicator's AiterCustomAllreduce wrapper (AITER's object behind .aiter_ca)
AI = "740f379fae"
AIW = "rocm_aiter_ops all-reduce classmethods removed, get_aiter_allreduce returns a wrapper"
AIO = "import torch\nfrom torch.distributed import ProcessGroup\n\nfrom vllm._aiter_ops import rocm_aiter_ops\n\n\n"
CASES += [
    (
        "#46065 classmethod removed",
        "a call on the class",
        K(
            "#46065",
            AI,
            AIW,
            "vllm/aeon/ai1.py",
            AIO + "def aeon_init_aiter_ar(group: ProcessGroup, device: torch.device) -> None:\n"
            "    # AEON: the MI300 half of the fleet fuses all-reduce and RMSNorm\n"
            "    rocm_aiter_ops.initialize_aiter_allreduce(group, device)\n",
            "rocm_aiter_ops.initialize_aiter_allreduce(group, device)",
        ),
    ),
    (
        "#46065 classmethod removed",
        "a bound read into a comparison",
        K(
            "#46065",
            AI,
            AIW,
            "vllm/aeon/ai2.py",
            AIO + "def aeon_fits_aiter_ar(inp: torch.Tensor) -> bool:\n"
            "    max_bytes = rocm_aiter_ops.get_aiter_allreduce_max_size()\n"
            "    return max_bytes is not None and inp.numel() * inp.element_size() <= max_bytes\n",
            "max_bytes = rocm_aiter_ops.get_aiter_allreduce_max_size()",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "a field of AITER's object read off the getter's value",
        K(
            "#46065",
            AI,
            AIW,
            "vllm/aeon/ai3.py",
            AIO + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    return aiter_ar is not None and aiter_ar.fully_connected\n",
            "return aiter_ar is not None and aiter_ar.fully_connected",
        ),
    ),
    (
        "#46065 classmethod removed",
        "twin: the kept getter tested for None",
        K(
            "#46065",
            AI,
            AIW,
            "vllm/aeon/ai4.py",
            AIO + "def aeon_has_aiter_ar() -> bool:\n    return rocm_aiter_ops.get_aiter_allreduce() is not None\n",
            "return rocm_aiter_ops.get_aiter_allreduce() is not None",
        ),
    ),
]

# --- #42976 (f54721bcc3): FlashInferNVLinkOneSidedManager.initialize no longer sets self.hidden_size
HS = "f54721bcc3"
HSW = "FlashInferNVLinkOneSidedManager.hidden_size no longer set"
FIM = "from vllm.distributed.device_communicators.all2all import FlashInferNVLinkOneSidedManager\n\n\n"
CASES += [
    (
        "#42976 attribute no longer set",
        "a subclass's self. read",
        K(
            "#42976",
            HS,
            HSW,
            "vllm/aeon/hs1.py",
            FIM + "class AeonOneSidedManager(FlashInferNVLinkOneSidedManager):\n"
            "    def aeon_combine_bytes(self) -> int:\n"
            "        # AEON: bf16 combine payload per token, for the Spark's workspace log\n"
            "        return self.hidden_size * 2\n",
            "return self.hidden_size * 2",
        ),
    ),
    (
        "#42976 attribute no longer set",
        "a read off a typed receiver",
        K(
            "#42976",
            HS,
            HSW,
            "vllm/aeon/hs2.py",
            FIM + "def aeon_workspace_shape(manager: FlashInferNVLinkOneSidedManager) -> tuple[int, int]:\n"
            "    return manager.max_num_tokens, manager.hidden_size\n",
            "return manager.max_num_tokens, manager.hidden_size",
        ),
    ),
    (
        "#42976 attribute no longer set",
        "twin: a kept attribute",
        K(
            "#42976",
            HS,
            HSW,
            "vllm/aeon/hs3.py",
            FIM + "def aeon_tokens(manager: FlashInferNVLinkOneSidedManager) -> int:\n"
            "    return manager.max_num_tokens * manager.top_k\n",
            "return manager.max_num_tokens * manager.top_k",
        ),
    ),
]

# --- #40881 (6d30655b13): NixlEPAll2AllManager._buffer a (buffer, ep_size) tuple -> _NixlEPBufferState;
#     _update_buffer removed
NX = "6d30655b13"
NXW = "NixlEPAll2AllManager._buffer made a dataclass, _update_buffer removed"
NXI = "from vllm.distributed.device_communicators.all2all import NixlEPAll2AllManager\n\n\n"
CASES += [
    (
        "#40881 tuple made an object",
        "a tuple unpack of the class attribute",
        K(
            "#40881",
            NX,
            NXW,
            "vllm/aeon/nx1.py",
            NXI + "def aeon_connected_ep_size() -> int:\n"
            "    if NixlEPAll2AllManager._buffer is None:\n"
            "        return 0\n"
            "    _, ep_size = NixlEPAll2AllManager._buffer\n"
            "    return ep_size\n",
            "_, ep_size = NixlEPAll2AllManager._buffer",
        ),
    ),
    (
        "#40881 method removed",
        "a subclass's self. call",
        K(
            "#40881",
            NX,
            NXW,
            "vllm/aeon/nx2.py",
            NXI + "class AeonNixlEP(NixlEPAll2AllManager):\n"
            "    def aeon_rescale(self) -> None:\n"
            "        # AEON: reconnect after the Spark's elastic scale-up\n"
            "        with NixlEPAll2AllManager._lock:\n"
            "            self._update_buffer()\n",
            "self._update_buffer()",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the attribute tested for None",
        K(
            "#40881",
            NX,
            NXW,
            "vllm/aeon/nx3.py",
            NXI + "def aeon_nixl_ready() -> bool:\n    return NixlEPAll2AllManager._buffer is not None\n",
            "return NixlEPAll2AllManager._buffer is not None",
        ),
    ),
]

# --- #46703 (953bba488d): pynccl_allocator._registered_base_addrs a set -> a dict of sets keyed by communicator
RB = "953bba488d"
RBW = "_registered_base_addrs set -> dict[bytes, set]"
PA = "from vllm.distributed.device_communicators import pynccl_allocator\n\n\n"
CASES += [
    (
        "#46703 set made a dict",
        "a set method on the module attribute",
        K(
            "#46703",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            PA + "def aeon_mark_registered(address: int) -> None:\n"
            "    # AEON: the Spark's pre-registered KV pool is a window already\n"
            "    pynccl_allocator._registered_base_addrs.add(address)\n",
            "pynccl_allocator._registered_base_addrs.add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "a membership test of an address",
        K(
            "#46703",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            PA + "def aeon_is_registered(address: int) -> bool:\n"
            "    return address in pynccl_allocator._registered_base_addrs\n",
            "return address in pynccl_allocator._registered_base_addrs",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: clear(), which both kinds have",
        K(
            "#46703",
            RB,
            RBW,
            "vllm/aeon/rb3.py",
            PA + "def aeon_forget_windows() -> None:\n    pynccl_allocator._registered_base_addrs.clear()\n",
            "pynccl_allocator._registered_base_addrs.clear()",
        ),
    ),
]

# --- #30014 (254a7f8fd6): CudaCommunicator.dispatch passes extra_tensors on to its all2all manager's dispatch
DX = "254a7f8fd6"
DXW = "CudaCommunicator.dispatch passes extra_tensors to the manager"
AG = "import torch\n\nfrom vllm.distributed.device_communicators.all2all import AgRsAll2AllManager\n\n\n"
CASES += [
    (
        "#30014 caller passes more",
        "a manager override without the new parameter",
        K(
            "#30014",
            DX,
            DXW,
            "vllm/aeon/dx1.py",
            AG + "class AeonAgRsManager(AgRsAll2AllManager):\n"
            "    def dispatch(self, hidden_states: torch.Tensor, router_logits: torch.Tensor, is_sequence_parallel: bool = False):\n"
            "        # AEON: the Spark's router logits go over in bf16\n"
            "        return super().dispatch(hidden_states, router_logits.to(torch.bfloat16), is_sequence_parallel)\n",
            "def dispatch(self, hidden_states: torch.Tensor, router_logits: torch.Tensor, is_sequence_parallel: bool = False):",
        ),
    ),
    (
        "#30014 caller passes more",
        "twin: the kept combine overridden",
        K(
            "#30014",
            DX,
            DXW,
            "vllm/aeon/dx2.py",
            AG + "class AeonAgRsManager(AgRsAll2AllManager):\n"
            "    def combine(self, hidden_states: torch.Tensor, is_sequence_parallel: bool = False) -> torch.Tensor:\n"
            "        return super().combine(hidden_states.contiguous(), is_sequence_parallel)\n",
            "def combine(self, hidden_states: torch.Tensor, is_sequence_parallel: bool = False) -> torch.Tensor:",
        ),
    ),
]

# --- #31747 (6cdf015c3c): quick_all_reduce imports get_current_vllm_config_or_none instead of get_current_vllm_config
QR = "vllm/distributed/device_communicators/quick_all_reduce.py"
QC = "6cdf015c3c"
QCW = "quick_all_reduce no longer imports get_current_vllm_config"
QA = "    def _rocm_arch_available(self):"
CASES += [
    (
        "#31747 import dropped under an edit",
        "a bare call in a carried method",
        Killer(
            "#31747",
            QC,
            QCW,
            (
                Edit(
                    QR,
                    "    def aeon_model_dtype(self) -> torch.dtype | None:\n"
                    "        # AEON: quantize only bf16 models' all-reduces on MI300\n"
                    "        aeon_config = get_current_vllm_config()\n"
                    "        return aeon_config.model_config.dtype if aeon_config.model_config else None\n\n",
                    anchor=QA,
                ),
            ),
            ((QR, "aeon_config = get_current_vllm_config()"),),
        ),
    ),
    (
        "#31747 import dropped under an edit",
        "twin: a fork module importing the name itself",
        K(
            "#31747",
            QC,
            QCW,
            "vllm/aeon/qc2.py",
            "from vllm.config import get_current_vllm_config\n\n\n"
            "def aeon_tp_size() -> int:\n"
            "    return get_current_vllm_config().parallel_config.tensor_parallel_size\n",
            "return get_current_vllm_config().parallel_config.tensor_parallel_size",
        ),
    ),
]

# --- #26740 (52efc34ebf): cuda_communicator no longer imports is_global_first_rank
CC = "vllm/distributed/device_communicators/cuda_communicator.py"
GF = "52efc34ebf"
GFW = "cuda_communicator no longer imports is_global_first_rank"
GA = "    def send(self, tensor: torch.Tensor, dst: int | None = None) -> None:"
CASES += [
    (
        "#26740 import dropped under an edit",
        "a bare call in a carried method",
        Killer(
            "#26740",
            GF,
            GFW,
            (
                Edit(
                    CC,
                    "    def aeon_log_backends(self) -> None:\n"
                    "        # AEON: say once which all-reduce paths the Spark pair got\n"
                    "        if is_global_first_rank():\n"
                    '            logger.info("AEON: custom AR %s", self.ca_comm is not None)\n\n',
                    anchor=GA,
                ),
            ),
            ((CC, "if is_global_first_rank():"),),
        ),
    ),
    (
        "#26740 import dropped under an edit",
        "twin: a name the module still imports",
        Killer(
            "#26740",
            GF,
            GFW,
            (
                Edit(
                    CC,
                    "    def aeon_on_cuda(self) -> bool:\n"
                    "        # AEON: the Spark reports as CUDA\n"
                    "        return current_platform.is_cuda()\n\n",
                    anchor=GA,
                ),
            ),
            ((CC, "return current_platform.is_cuda()"),),
        ),
    ),
]


# --- After the widenings (not blind): more spellings of the three classes the blind batch missed, written to
#     see whether each widening reaches past the spelling that exposed it
CASES += [
    (
        "#40881 tuple made an object (after)",
        "a subscript of the class attribute",
        K(
            "#40881",
            NX,
            NXW,
            "vllm/aeon/nx4.py",
            NXI + "def aeon_nixl_buffer():\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    return None if state is None else state[0]\n",
            "return None if state is None else state[0]",
        ),
    ),
    (
        "#40881 tuple made an object (after)",
        "twin: the new field read by name",
        K(
            "#40881",
            NX,
            NXW,
            "vllm/aeon/nx5.py",
            NXI + "def aeon_active_ep_size() -> int:\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    return 0 if state is None else state.active_ep_size\n",
            "return 0 if state is None else state.active_ep_size",
        ),
    ),
    (
        "#46703 set made a dict (after)",
        "an imported name's set method",
        K(
            "#46703",
            RB,
            RBW,
            "vllm/aeon/rb4.py",
            "from vllm.distributed.device_communicators.pynccl_allocator import _registered_base_addrs\n\n\n"
            "def aeon_forget(address: int) -> None:\n"
            "    _registered_base_addrs.discard(address)\n",
            "_registered_base_addrs.discard(address)",
        ),
    ),
    (
        "#46065 return made a wrapper (after)",
        "a read past a None test",
        K(
            "#46065",
            AI,
            AIW,
            "vllm/aeon/ai5.py",
            AIO + "def aeon_world_size() -> int:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    if aiter_ar is None:\n"
            "        return 1\n"
            "    return aiter_ar.world_size\n",
            "return aiter_ar.world_size",
        ),
    ),
    (
        "#46065 return made a wrapper (after)",
        "twin: a member the wrapper keeps",
        K(
            "#46065",
            AI,
            AIW,
            "vllm/aeon/ai6.py",
            AIO + "def aeon_ar_on() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    return aiter_ar is not None and not aiter_ar.disabled\n",
            "return aiter_ar is not None and not aiter_ar.disabled",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
