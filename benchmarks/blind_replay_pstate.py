"""A blind replay of the distributed process-group state a fork's group setup, collectives and pipeline split carry.

9 first-parent commits on ``vllm/distributed/{parallel_state,utils}.py`` -- the ``GroupCoordinator`` and the
getters, builders and graph-capture context a fork that runs one GB10 or two linked over ConnectX carries its own
group setup, collectives and pipeline transport against: ``GroupCoordinator.send_tensor_dict``/``recv_tensor_dict``
now delegating to new ``isend_tensor_dict``/``irecv_tensor_dict``/``_should_use_all_gather`` methods (a fork
subclass's namesakes are now called by the base with another signature), ``GroupCoordinator.destroy`` deleting
``device_group``/``cpu_group`` instead of setting them to None (and guarding with ``hasattr``), the
``get_tensor_model_parallel_group``/``get_pipeline_model_parallel_group`` aliases turned into deprecated wrapper
functions (no longer the same objects as ``get_tp_group``/``get_pp_group``), ``GroupCoordinator`` now asserting a
non-negative ``local_rank`` for every group (it took the world's device index before), the CPU send/recv fast path
gated on a communicator's ``supports_tensor_dict`` flag, ``supports_custom_op`` removed, the communicators'
``checkpoint_prepare``/``checkpoint_restore`` hooks added and called on every group's communicator, the
``all_gather``/``reduce_scatter`` custom ops routed to ``_all_gather_out_place``/``_reduce_scatter_out_place``
instead of the group's public method, and ``graph_capture`` given a ``graph_capture_context`` the model runner now
passes -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits every other
replay uses (``blind_replay_distributed``, ``_comms``, ``_devcomms``, ``_dpcoord`` cover parts of this surface).
Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass's namesake of a method
the base now calls, a read after ``destroy()``, an attribute set to None before ``super().destroy()``, a dict keyed
by the getters, an identity comparison of an alias, a positional and a keyword build with ``local_rank=-1``, a
communicator subclass's fast-path method, an import, a module attribute call, an override of a method the custom
op no longer calls, a module attribute replaced by a one-parameter function, a ``patch.object``), with twins (fork
code the commit does not break: the kept name, a compatible override, a ``getattr`` with a default, the world's
local rank).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their
line.

Blind, on the engine before any widening (main at eb141937): 6 caught, 4 warned, 12 missed of 22 (twins: 11
quiet, 0 false errors; one twin, the namesake that fits the new hook, warned).  Symbol drift caught the three
subclass namesakes ``GroupCoordinator``'s own send/recv now call and the removed ``supports_custom_op`` (import
through ``parallel_state``, import and attribute call of its home module); it warned on the two reads of
``device_group`` after ``destroy()`` and on the communicator namesakes of ``checkpoint_prepare``/
``checkpoint_restore`` (the base's caller is a lambda in a module function, not a method of the class).  The
misses: #22499's attribute set to None before ``super().destroy()`` (the base's guard moved from ``is not None``
to ``hasattr``: the None now reaches ``destroy_process_group``, which tears down the default group); #22494's two
(an alias ``X = Y`` turned into a wrapper function: a dict keyed by the canonical getter read with the alias, and
an ``is`` comparison with the alias, both silently differ); #47295's three (a build with ``local_rank=-1``,
positional and keyword, that the new unconditional ``assert local_rank >= 0`` rejects); #40150's communicator
whose ``send_tensor_dict`` the base now only calls when ``getattr(comm, "supports_tensor_dict", False)``: a dead
fast path; #17882's two (overrides of ``all_gather``/``reduce_scatter`` that the custom ops no longer reach: they
call ``_all_gather_out_place``/``_reduce_scatter_out_place``); #48526's three (``graph_capture`` replaced on the
model runner's module by a one-parameter function -- an assignment, a ``patch.object``, a ``setattr`` -- where
upstream's runner now passes ``graph_capture_context=``: TypeError at capture).
After the killers180 widenings: 21 caught, 1 warned, 0 missed of 22 (twins: 11 quiet, 1 of them warned, 0 false
errors).  Caught now: a patch of a name the patched module imports (``from x import f``) judged by the imported
def, with ``patch.object``/``monkeypatch.setattr`` and ``@contextmanager`` defs read (``drift/patched_functions.py``);
a class build reaching its ``__init__``'s new ``assert``, a module function handing its parameter straight on to
it, ``-1`` as a constant, and the error on the refused keyword's own line (``drift/refused_args.py``); a lambda's
parameter typed by the ``Callable[[C], R]`` it is handed to (``drift/new_hooks.py``); a sibling handing on to a
held object's namesake no longer counted as asking the override (``drift/switched_hooks.py``); a read after a
method that now deletes the field (``drift/stopped_writes.py``); an alias split off into a function of its own,
compared by identity or looked up in a table keyed by the canonical name (``drift/split_aliases.py``, new); a None
sentinel set before ``super().m()`` where ``m`` stopped asking for None (``drift/none_sentinels.py``, new).
Warned: #40150's communicator (``drift/flag_gates.py``, new: a capability flag upstream now asks with ``getattr(x,
"F", False)`` that a fork class implementing the flagged method never raises; a warning, since the text cannot tie
every call of the method to the gate).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), review82_twins
11/11, 0 false of 29 (4 warned), blind_replay_scoring 22/22 (10 quiet), blind_replay_runnerv2 21 caught, 1 warned
of 22 (13 quiet), blind_replay_awqgptq 27 caught, 1 warned of 28 (16 quiet), blind_replay_punica 9 caught, 2 warned
of 11 (7 quiet), review25_twins 8/8, 0 false of 26 (3 warned), review77_twins 7 caught, 2 warned of 9, 0 false of
39 (4 warned; the same on the branch's base eb141937: its docstring's 8/1 predates a later engine),
blind_replay_linkern 20 caught, 3 warned, 2 missed of 25 (11 quiet, 2 warned), blind_replay_rayexec 17 caught, 1
warned of 18 (9 quiet), blind_replay_protocol 19/19 (12 quiet): as recorded, 0 false errors; ``symbol_precision.py --windows 1``: 0 false
errors (window 0: 5 broken overrides, 4 caught, 8 warnings).

  python benchmarks/blind_replay_pstate.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

PS = "from vllm.distributed.parallel_state import GroupCoordinator\n\n\n"

# --- #33368 (3d2a026fd0): send/recv_tensor_dict delegate to new isend/irecv_tensor_dict, _should_use_all_gather
AS = "3d2a026fd0"
ASW = "send_tensor_dict/recv_tensor_dict now call self.isend_tensor_dict/irecv_tensor_dict/_should_use_all_gather"
CASES += [
    (
        "#33368 base now calls a fork namesake",
        "a subclass's isend_tensor_dict of another signature",
        K(
            "#33368",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            "import torch\n\n" + PS + "class AeonPipelineGroup(GroupCoordinator):\n"
            "    # AEON: the two-Spark ConnectX pipeline overlaps the hidden-state send with the next step\n"
            "    def isend_tensor_dict(self, tensor_dict: dict, peer: int) -> list:\n"
            "        works = []\n"
            "        for value in tensor_dict.values():\n"
            "            if isinstance(value, torch.Tensor):\n"
            "                works.append(torch.distributed.isend(value, dst=self.ranks[peer], group=self.device_group))\n"
            "        return works\n",
            "def isend_tensor_dict(self, tensor_dict: dict, peer: int) -> list:",
        ),
    ),
    (
        "#33368 base now calls a fork namesake",
        "a subclass's irecv_tensor_dict returning one dict",
        K(
            "#33368",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            PS + "class AeonPipelineRecvGroup(GroupCoordinator):\n"
            "    def irecv_tensor_dict(self, src: int | None = None) -> dict | None:\n"
            "        # AEON: the Spark receiver posts its receives before the drafter step\n"
            "        return self.recv_object(src=src if src is not None else self.prev_rank)\n",
            "def irecv_tensor_dict(self, src: int | None = None) -> dict | None:",
        ),
    ),
    (
        "#33368 base now calls a fork namesake",
        "a subclass's _should_use_all_gather helper",
        K(
            "#33368",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            "import torch\n\n" + PS + "class AeonSlicedSendGroup(GroupCoordinator):\n"
            "    def _should_use_all_gather(self, tensor: torch.Tensor) -> bool:\n"
            "        # AEON: NVFP4 scales are never sliced across the ConnectX link\n"
            "        return tensor.dtype != torch.float8_e4m3fn\n",
            "def _should_use_all_gather(self, tensor: torch.Tensor) -> bool:",
        ),
    ),
    (
        "#33368 base now calls a fork namesake",
        "twin: an override of the kept send_tensor_dict forwarding to super()",
        K(
            "#33368",
            AS,
            ASW,
            "vllm/aeon/as4.py",
            PS + "class AeonCountingGroup(GroupCoordinator):\n"
            "    aeon_sends = 0\n\n"
            "    def send_tensor_dict(self, tensor_dict, dst=None, all_gather_group=None, all_gather_tensors=None):\n"
            "        self.aeon_sends += 1\n"
            "        return super().send_tensor_dict(tensor_dict, dst, all_gather_group, all_gather_tensors)\n",
            "return super().send_tensor_dict(tensor_dict, dst, all_gather_group, all_gather_tensors)",
        ),
    ),
]

# --- #22499 (d411df0296): GroupCoordinator.destroy deletes device_group/cpu_group, guarded by hasattr
DG = "d411df0296"
DGW = "destroy() deletes device_group/cpu_group instead of setting None"
CASES += [
    (
        "#22499 attribute deleted, not set to None",
        "a read of the group after destroy()",
        K(
            "#22499",
            DG,
            DGW,
            "vllm/aeon/dg1.py",
            PS + "def aeon_release(group: GroupCoordinator) -> bool:\n"
            "    # AEON: the Spark's drafter group is torn down between benchmark runs\n"
            "    group.destroy()\n"
            "    return group.device_group is None\n",
            "return group.device_group is None",
        ),
    ),
    (
        "#22499 attribute deleted, not set to None",
        "an attribute set to None before super().destroy()",
        K(
            "#22499",
            DG,
            DGW,
            "vllm/aeon/dg2.py",
            PS + "class AeonSharedGlooGroup(GroupCoordinator):\n"
            "    def destroy(self) -> None:\n"
            "        # AEON: the gloo group is shared with the world on one GB10: never destroy it here\n"
            "        self.cpu_group = None\n"
            "        super().destroy()\n",
            "self.cpu_group = None",
        ),
    ),
    (
        "#22499 attribute deleted, not set to None",
        "a subclass's self. read after super().destroy()",
        K(
            "#22499",
            DG,
            DGW,
            "vllm/aeon/dg5.py",
            PS + "class AeonTrackedGroup(GroupCoordinator):\n"
            "    aeon_released = False\n\n"
            "    def destroy(self) -> None:\n"
            "        super().destroy()\n"
            "        # AEON: the Spark's health probe reports a released drafter group\n"
            "        if self.device_group is None:\n"
            "            self.aeon_released = True\n",
            "if self.device_group is None:",
        ),
    ),
    (
        "#22499 attribute deleted, not set to None",
        "twin: a kept attribute read after destroy()",
        K(
            "#22499",
            DG,
            DGW,
            "vllm/aeon/dg3.py",
            PS + "def aeon_release_ranks(group: GroupCoordinator) -> list[int]:\n"
            "    group.destroy()\n"
            "    return list(group.ranks)\n",
            "return list(group.ranks)",
        ),
    ),
    (
        "#22499 attribute deleted, not set to None",
        "twin: a getattr with a default after destroy()",
        K(
            "#22499",
            DG,
            DGW,
            "vllm/aeon/dg4.py",
            PS + "def aeon_released(group: GroupCoordinator) -> bool:\n"
            "    group.destroy()\n"
            '    return getattr(group, "cpu_group", None) is None\n',
            'return getattr(group, "cpu_group", None) is None',
        ),
    ),
]

# --- #22494 (43c4f3d77c): get_tensor/pipeline_model_parallel_group aliases turned into deprecated wrappers
TA = "43c4f3d77c"
TAW = "get_tensor_model_parallel_group/get_pipeline_model_parallel_group no longer the same objects"
GT = (
    "from vllm.distributed.parallel_state import (\n"
    "    get_pipeline_model_parallel_group,\n"
    "    get_pp_group,\n"
    "    get_tensor_model_parallel_group,\n"
    "    get_tp_group,\n"
    ")\n\n"
)
CASES += [
    (
        "#22494 alias made a wrapper",
        "a dict keyed by the getters, read with the alias",
        K(
            "#22494",
            TA,
            TAW,
            "vllm/aeon/ta1.py",
            GT + "# AEON: the Spark's link report names each group by its getter\n"
            '_AEON_GROUP_KIND = {get_tp_group: "tp", get_pp_group: "pp"}\n\n\n'
            "def aeon_tp_kind() -> str:\n"
            "    return _AEON_GROUP_KIND[get_tensor_model_parallel_group]\n",
            "return _AEON_GROUP_KIND[get_tensor_model_parallel_group]",
        ),
    ),
    (
        "#22494 alias made a wrapper",
        "an identity comparison with the alias",
        K(
            "#22494",
            TA,
            TAW,
            "vllm/aeon/ta2.py",
            GT + "def aeon_is_pipeline_getter(getter) -> bool:\n"
            "    # AEON: the ConnectX transport only wraps the pipeline group\n"
            "    return getter is get_pipeline_model_parallel_group\n",
            "return getter is get_pipeline_model_parallel_group",
        ),
    ),
    (
        "#22494 alias made a wrapper",
        "twin: a call of the alias",
        K(
            "#22494",
            TA,
            TAW,
            "vllm/aeon/ta3.py",
            GT + "def aeon_tp_size() -> int:\n    return get_tensor_model_parallel_group().world_size\n",
            "return get_tensor_model_parallel_group().world_size",
        ),
    ),
    (
        "#22494 alias made a wrapper",
        "twin: the dict read with the kept getter",
        K(
            "#22494",
            TA,
            TAW,
            "vllm/aeon/ta4.py",
            GT + '_AEON_KIND = {get_tp_group: "tp", get_pp_group: "pp"}\n\n\n'
            "def aeon_pp_kind() -> str:\n"
            "    return _AEON_KIND[get_pp_group]\n",
            "return _AEON_KIND[get_pp_group]",
        ),
    ),
]

# --- #47295 (37bf988c2f): every GroupCoordinator asserts local_rank >= 0 (it took the world's device index)
DI = "37bf988c2f"
DIW = "GroupCoordinator asserts local_rank >= 0 for every group"
CASES += [
    (
        "#47295 new precondition on a parameter",
        "a positional build of a group with local_rank -1",
        K(
            "#47295",
            DI,
            DIW,
            "vllm/aeon/di1.py",
            "from vllm.distributed.parallel_state import init_model_parallel_group\n\n\n"
            "def aeon_control_group(ranks: list[int]):\n"
            "    # AEON: the two-Spark control plane is a gloo-only group with no device of its own\n"
            '    return init_model_parallel_group([ranks], -1, "gloo", group_name="aeon_ctrl", use_device_communicator=False)\n',
            'return init_model_parallel_group([ranks], -1, "gloo", group_name="aeon_ctrl", use_device_communicator=False)',
        ),
    ),
    (
        "#47295 new precondition on a parameter",
        "a keyword build of the class with local_rank=-1",
        K(
            "#47295",
            DI,
            DIW,
            "vllm/aeon/di2.py",
            PS + "def aeon_heartbeat_group(ranks: list[int]) -> GroupCoordinator:\n"
            "    return GroupCoordinator(\n"
            "        group_ranks=[ranks],\n"
            "        local_rank=-1,\n"
            '        torch_distributed_backend="gloo",\n'
            "        use_device_communicator=False,\n"
            "    )\n",
            "local_rank=-1,",
        ),
    ),
    (
        "#47295 new precondition on a parameter",
        "a keyword local_rank=-1 to the builder",
        K(
            "#47295",
            DI,
            DIW,
            "vllm/aeon/di4.py",
            "from vllm.distributed import parallel_state as ps\n\n\n"
            "def aeon_monitor_group(group_ranks: list[list[int]]):\n"
            '    return ps.init_model_parallel_group(group_ranks, local_rank=-1, backend="gloo", use_device_communicator=False)\n',
            'return ps.init_model_parallel_group(group_ranks, local_rank=-1, backend="gloo", use_device_communicator=False)',
        ),
    ),
    (
        "#47295 new precondition on a parameter",
        "twin: a build with the world's local rank",
        K(
            "#47295",
            DI,
            DIW,
            "vllm/aeon/di3.py",
            "from vllm.distributed.parallel_state import get_world_group, init_model_parallel_group\n\n\n"
            "def aeon_draft_group(ranks: list[int]):\n"
            '    return init_model_parallel_group([ranks], get_world_group().local_rank, "nccl", group_name="aeon_draft")\n',
            'return init_model_parallel_group([ranks], get_world_group().local_rank, "nccl", group_name="aeon_draft")',
        ),
    ),
]

# --- #40150 (2aab9acf48): the CPU send/recv fast path gated on the communicator's supports_tensor_dict
CT = "2aab9acf48"
CTW = "use_cpu_custom_send_recv now needs getattr(device_communicator, 'supports_tensor_dict', False)"
CASES += [
    (
        "#40150 path gated on a new flag",
        "a communicator subclass's fast-path send_tensor_dict",
        K(
            "#40150",
            CT,
            CTW,
            "vllm/aeon/ct1.py",
            "from vllm.distributed.device_communicators.base_device_communicator import DeviceCommunicatorBase\n\n\n"
            "class AeonGraceShmCommunicator(DeviceCommunicatorBase):\n"
            "    # AEON: the GB10's Grace cores run the CPU smoke path over the Spark's shared memory\n"
            "    def send_tensor_dict(self, tensor_dict: dict, dst: int) -> None:\n"
            "        self.aeon_ring.put(tensor_dict, dst)\n\n"
            "    def recv_tensor_dict(self, src: int) -> dict:\n"
            "        return self.aeon_ring.get(src)\n",
            "def send_tensor_dict(self, tensor_dict: dict, dst: int) -> None:",
        ),
    ),
    (
        "#40150 path gated on a new flag",
        "twin: a CPU communicator subclass overriding another collective",
        K(
            "#40150",
            CT,
            CTW,
            "vllm/aeon/ct2.py",
            "import torch\n\n"
            "from vllm.distributed.device_communicators.cpu_communicator import CpuCommunicator\n\n\n"
            "class AeonGraceCpuCommunicator(CpuCommunicator):\n"
            "    def all_reduce(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return super().all_reduce(input_.contiguous())\n",
            "return super().all_reduce(input_.contiguous())",
        ),
    ),
]

# --- #32296 (7933638051): supports_custom_op removed (parallel_state's import and torch_utils' def)
SC = "7933638051"
SCW = "supports_custom_op removed"
CASES += [
    (
        "#32296 function removed",
        "an import through parallel_state",
        K(
            "#32296",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            "from vllm.distributed.parallel_state import supports_custom_op\n\n\n"
            "def aeon_use_custom_ar() -> bool:\n"
            "    # AEON: the Spark's NVFP4 all-reduce is registered as a custom op when torch allows\n"
            "    return supports_custom_op()\n",
            "from vllm.distributed.parallel_state import supports_custom_op",
        ),
    ),
    (
        "#32296 function removed",
        "a module attribute call of the home module",
        K(
            "#32296",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            "from vllm.utils import torch_utils\n\n\n"
            "def aeon_register_ops() -> bool:\n"
            "    if not torch_utils.supports_custom_op():\n"
            "        return False\n"
            "    return True\n",
            "if not torch_utils.supports_custom_op():",
        ),
    ),
    (
        "#32296 function removed",
        "an import from the home module",
        K(
            "#32296",
            SC,
            SCW,
            "vllm/aeon/sc4.py",
            "from vllm.utils.torch_utils import direct_register_custom_op, supports_custom_op\n\n\n"
            "def aeon_maybe_register(name, fn, fake) -> None:\n"
            "    if supports_custom_op():\n"
            "        direct_register_custom_op(op_name=name, op_func=fn, fake_impl=fake)\n",
            "from vllm.utils.torch_utils import direct_register_custom_op, supports_custom_op",
        ),
    ),
    (
        "#32296 function removed",
        "twin: the kept registration helper",
        K(
            "#32296",
            SC,
            SCW,
            "vllm/aeon/sc3.py",
            "from vllm.utils.torch_utils import direct_register_custom_op\n\n\n"
            "def aeon_register(name, fn, fake) -> None:\n"
            "    direct_register_custom_op(op_name=name, op_func=fn, fake_impl=fake)\n",
            "direct_register_custom_op(op_name=name, op_func=fn, fake_impl=fake)",
        ),
    ),
]

# --- #46877 (b5b61c622c): checkpoint_prepare/checkpoint_restore hooks called on every group's communicator
CK = "b5b61c622c"
CKW = "DeviceCommunicatorBase.checkpoint_prepare/restore() added and called on every communicator"
CC = "from vllm.distributed.device_communicators.cuda_communicator import CudaCommunicator\n\n\n"
CASES += [
    (
        "#46877 base now calls a fork namesake",
        "a communicator subclass's checkpoint_prepare with a required parameter",
        K(
            "#46877",
            CK,
            CKW,
            "vllm/aeon/ck1.py",
            CC + "class AeonSparkCommunicator(CudaCommunicator):\n"
            "    def checkpoint_prepare(self, snapshot_dir: str) -> None:\n"
            "        # AEON: the Spark's warm-restart snapshots the NCCL comm ids to disk\n"
            "        self.aeon_snapshot = snapshot_dir\n",
            "def checkpoint_prepare(self, snapshot_dir: str) -> None:",
        ),
    ),
    (
        "#46877 base now calls a fork namesake",
        "a communicator subclass's checkpoint_restore with a keyword-only parameter",
        K(
            "#46877",
            CK,
            CKW,
            "vllm/aeon/ck2.py",
            CC + "class AeonSparkRestoreCommunicator(CudaCommunicator):\n"
            "    def checkpoint_restore(self, *, snapshot_dir: str) -> None:\n"
            "        self.aeon_snapshot = snapshot_dir\n",
            "def checkpoint_restore(self, *, snapshot_dir: str) -> None:",
        ),
    ),
    (
        "#46877 base now calls a fork namesake",
        "twin: a namesake that fits the new hook",
        K(
            "#46877",
            CK,
            CKW,
            "vllm/aeon/ck3.py",
            CC + "class AeonSparkQuietCommunicator(CudaCommunicator):\n"
            "    def checkpoint_prepare(self) -> None:\n"
            "        self.aeon_paused = True\n",
            "def checkpoint_prepare(self) -> None:",
        ),
    ),
]

# --- #17882 (71ea614d4a): the all_gather/reduce_scatter custom ops call _*_out_place, not the group's method
SO = "71ea614d4a"
SOW = "custom ops all_gather/reduce_scatter now call group._all_gather_out_place/_reduce_scatter_out_place"
CASES += [
    (
        "#17882 override no longer called",
        "a subclass override of all_gather",
        K(
            "#17882",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            "import torch\n\n" + PS + "class AeonPackedGatherGroup(GroupCoordinator):\n"
            "    def all_gather(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:\n"
            "        # AEON: NVFP4 activations are gathered packed over the ConnectX link\n"
            "        return super().all_gather(input_.view(torch.uint8), dim).view(input_.dtype)\n",
            "def all_gather(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:",
        ),
    ),
    (
        "#17882 override no longer called",
        "a subclass override of reduce_scatter",
        K(
            "#17882",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            "import torch\n\n" + PS + "class AeonScatterGroup(GroupCoordinator):\n"
            "    def reduce_scatter(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:\n"
            "        # AEON: the Spark's sm_121a reduce-scatter wants a contiguous input\n"
            "        return super().reduce_scatter(input_.contiguous(), dim)\n",
            "def reduce_scatter(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:",
        ),
    ),
    (
        "#17882 override no longer called",
        "twin: an override of the kept _all_reduce_out_place",
        K(
            "#17882",
            SO,
            SOW,
            "vllm/aeon/so3.py",
            "import torch\n\n" + PS + "class AeonReduceGroup(GroupCoordinator):\n"
            "    def _all_reduce_out_place(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return super()._all_reduce_out_place(input_.contiguous())\n",
            "return super()._all_reduce_out_place(input_.contiguous())",
        ),
    ),
]

# --- #48526 (05eed72aec): graph_capture(device, graph_capture_context=None), the model runner passes it
GC = "05eed72aec"
GCW = "graph_capture given graph_capture_context; gpu_model_runner now passes it"
GH = (
    "from contextlib import contextmanager\n\n"
    "import torch\n\n"
    "import vllm.v1.worker.gpu_model_runner as gmr\n"
    "from vllm.distributed.parallel_state import graph_capture\n\n\n"
)
CASES += [
    (
        "#48526 replaced function now called with a new keyword",
        "a module attribute replaced by a one-parameter function",
        K(
            "#48526",
            GC,
            GCW,
            "vllm/aeon/gc1.py",
            GH + "@contextmanager\n"
            "def aeon_graph_capture(device: torch.device):\n"
            "    # AEON: the GB10 captures on the Spark's high-priority stream\n"
            "    with graph_capture(device) as ctx:\n"
            "        yield ctx\n\n\n"
            "gmr.graph_capture = aeon_graph_capture\n",
            "gmr.graph_capture = aeon_graph_capture",
        ),
    ),
    (
        "#48526 replaced function now called with a new keyword",
        "a patch.object with a one-parameter function",
        K(
            "#48526",
            GC,
            GCW,
            "vllm/aeon/gc2.py",
            "from unittest import mock\n\n" + GH + "@contextmanager\n"
            "def aeon_quiet_capture(device: torch.device):\n"
            "    with graph_capture(device) as ctx:\n"
            "        yield ctx\n\n\n"
            "def aeon_capture_patch():\n"
            '    return mock.patch.object(gmr, "graph_capture", aeon_quiet_capture)\n',
            'return mock.patch.object(gmr, "graph_capture", aeon_quiet_capture)',
        ),
    ),
    (
        "#48526 replaced function now called with a new keyword",
        "a setattr with a literal name",
        K(
            "#48526",
            GC,
            GCW,
            "vllm/aeon/gc4.py",
            GH + "@contextmanager\n"
            "def aeon_pinned_capture(device):\n"
            "    with graph_capture(device=device) as ctx:\n"
            "        yield ctx\n\n\n"
            "def aeon_install() -> None:\n"
            '    setattr(gmr, "graph_capture", aeon_pinned_capture)\n',
            'setattr(gmr, "graph_capture", aeon_pinned_capture)',
        ),
    ),
    (
        "#48526 replaced function now called with a new keyword",
        "twin: a replacement forwarding *args and **kwargs",
        K(
            "#48526",
            GC,
            GCW,
            "vllm/aeon/gc3.py",
            GH + "@contextmanager\n"
            "def aeon_any_capture(*args, **kwargs):\n"
            "    with graph_capture(*args, **kwargs) as ctx:\n"
            "        yield ctx\n\n\n"
            "gmr.graph_capture = aeon_any_capture\n",
            "gmr.graph_capture = aeon_any_capture",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-pstate-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
