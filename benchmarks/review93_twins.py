"""Adversarial twins of killers180's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an alias split off into a function of its own (``drift/split_aliases.py``, new; #22494
  ``get_tensor_model_parallel_group = get_tp_group`` made a ``@deprecated`` def): a test of the getter against
  the alias *or* the canonical getter, a module flag recording whether the two are one object, the results of
  the two calls compared, a table keyed by the alias read with it, the fork's own class's namesake, and
  #41471's removed ``get_context_model_parallel_group`` rebound by the fork itself;
- a None sentinel set before ``super().m()`` (``drift/none_sentinels.py``, new; #22499 ``destroy`` asking
  ``hasattr`` where it asked ``is not None``): a field the base still asks for None (``device_communicator``),
  the None set after ``super()``, the sentinel deleted again under a version flag, the fork's own namesake base
  class, the same shape on an unchanged class (``CudaCommunicator.destroy``);
- a read after a method that now deletes the field (``drift/stopped_writes.py``; #22499 ``del
  self.device_group``): a ``hasattr`` or-ed before the read, a ``try``/``except AttributeError``, the value read
  before the call, the field stored again by the fork's override, a local rebound to a new group, another
  group's field, #47483's ``del self.model_state`` in ``shutdown`` asked with ``hasattr``, and #23390's ``del
  self.io_thread_pool`` in ``MultiprocExecutor.shutdown`` (an override's read under ``hasattr``, a ``try``);
- a class build reaching its ``__init__``'s guards, a module function handing its parameter on, ``-1`` as a
  constant, a module attribute call (``drift/refused_args.py``; #47295 ``assert local_rank >= 0``): a keyword
  build with ``local_rank=0`` on its own line, ``init_distributed_environment(..., -1, ...)`` (its ``-1`` means
  "read the environment": the function rebinds it before the hand-on), the fork's own subclass clamping the
  rank in its ``__init__``, the fork's own ``init_model_parallel_group``, a module attribute call passing the
  world's rank;
- a patch of a name the patched module imports, ``patch.object``/``monkeypatch.setattr``, ``@contextmanager``
  defs (``drift/patched_functions.py``; #48526 ``graph_capture(device, graph_capture_context=None)``): the
  replacement taking the new keyword (assigned and by ``patch.object(..., new=...)``), a ``patch.object``
  without a replacement, a ``monkeypatch.setattr`` of a ``**kwargs`` replacement, the same patch of a module
  whose calls did not change (``gpu/cudagraph_utils``), an attribute of the fork's own namespace;
- a lambda's parameter typed by the ``Callable[[C], R]`` it is handed to (``drift/new_hooks.py``; #46877
  ``_apply_to_device_comms(lambda comm: comm.checkpoint_prepare())``): a namesake with a defaulted parameter,
  ``*args``/``**kwargs``, a ``staticmethod`` of no parameters, the fork's own non-communicator class;
- a sibling handing on to a held object's namesake (``drift/switched_hooks.py``; #17882's custom ops call
  ``_all_gather_out_place``): a subclass overriding ``all_gather`` and the new sibling alike, a communicator's
  ``all_gather`` (the held object the sibling still calls), the new sibling alone, the unchanged
  ``all_reduce``;
- a capability flag never raised (``drift/flag_gates.py``, new, a warning; #40150 ``supports_tensor_dict``):
  the flag set in the class body, on ``self`` in ``__init__``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
by these widenings (``blind_replay_pstate.py``; #40150's communicator is warned, the flag gate's severity), kept
to show the reach stays, and #23390's read of the deleted pool.

Round 1 (main at 712da0d7), 16 cases and 40 twins as first written: 15 caught, 1 warned of 16; 5 false errors
of 40 (5 twins warned: fork namesakes of methods upstream added, the override warning).  The false errors: the
getter compared with the alias *or* the canonical getter, and a module flag ``_ONE = A is B`` then ``x is B or
(not _ONE and x is A)`` (2, ``split_aliases``: only an ``if``/``while`` test of ``A`` against ``B`` counted as
asking, and a comparison with ``A`` beside one with ``B`` was not read); ``self.cpu_group = None`` then ``if
<the base asks hasattr>: del self.cpu_group`` before ``super().destroy()`` (1, ``none_sentinels``: the ``del``
between was not seen); a read of the deleted field after ``not hasattr(group, "device_group") or`` and one in a
``try``/``except AttributeError`` (2, ``stopped_writes``: the deletion made every read after the call an error,
guarded or not).  None was found not to be a twin: every one is correct after the merge and at the base.
Round 2 (this branch): a comparison of ``A`` with ``B`` asks anywhere but in an ``assert`` (``_asserted``); a
comparison of ``x`` with ``A`` in an ``and``/``or`` that also compares ``x`` with ``B`` is quiet (``_either``);
a statement deleting the field between the None and ``super()`` clears the store (``stopped_writes._deletes``
reused); a read of a *deleted* field that runs only where ``hasattr`` holds, or in a ``try`` catching
AttributeError, is quiet (``_absence_handled``; a stale field under ``hasattr`` is the old question, left as
it was).  15 caught, 1 warned of 16; 0 false errors of 40 twins (5 warned).
Round 3 (another real commit, written after the mends): #23390 (9dfbeb41e5) turned ``MultiprocExecutor.shutdown``'s
``self.io_thread_pool = None`` into ``del self.io_thread_pool``: a case (a read of the pool after ``shutdown()``)
and two twins (an override's read under ``hasattr(...) and``, a read in a ``try``/``except AttributeError``).
On main (712da0d7): 1 caught; 2 false errors of 2.  This branch: 1 caught; 0 false.
All rounds, main (712da0d7): 16 caught, 1 warned of 17; 7 false errors of 42 twins.  This branch: 16 caught, 1
warned of 17; 0 false errors of 42 twins (5 warned).
Regression set on this branch: blind_replay_pstate 21 caught, 1 warned of 22 (11 quiet, 1 warned; as recorded),
killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_rayexec 17 caught, 1 warned of 18 (9
quiet), blind_replay_sampparams 14 caught, 1 missed of 15 (10 quiet, 1 warned; as recorded), review18_twins 9/9,
0 false of 41: 0 false errors.

  PYTHONPATH=.. python review93_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from blind_replay_pstate import CASES as PSTATE
from killer_replay import Killer

# the replay's spellings these widenings catch (or warn, for the flag gate), its twins left out
_KEPT = ("dg1.py", "dg2.py", "dg5.py", "ta1.py", "ta2.py", "di1.py", "di2.py", "di4.py", "ct1.py", "ck1.py")
_KEPT += ("ck2.py", "so1.py", "so2.py", "gc1.py", "gc2.py", "gc4.py")
CASES: list[tuple[str, str, Killer]] = [c for c in PSTATE if c[2].lines[0][0].endswith(_KEPT)]
TWINS: list[tuple[str, str, Killer]] = []

PS = "from vllm.distributed.parallel_state import GroupCoordinator\n\n\n"

# --- 43c4f3d77c (#22494): get_tensor/pipeline_model_parallel_group aliases turned into deprecated functions
TA = ("#22494", "43c4f3d77c", "get_*_model_parallel_group no longer the same objects as get_tp/pp_group")
GT = (
    "from vllm.distributed.parallel_state import (\n"
    "    get_pipeline_model_parallel_group,\n"
    "    get_pp_group,\n"
    "    get_tensor_model_parallel_group,\n"
    "    get_tp_group,\n"
    ")\n\n\n"
)
TWINS += [
    (
        "#22494 alias made a function",
        "twin: the getter tested against the alias or the canonical getter",
        K(
            *TA,
            "vllm/aeon/r93ta1.py",
            GT + "def aeon_is_tp_getter(getter) -> bool:\n"
            "    # AEON: callers hand either spelling; both name the tensor-parallel group\n"
            "    return getter is get_tensor_model_parallel_group or getter is get_tp_group\n",
            "    return getter is get_tensor_model_parallel_group or getter is get_tp_group",
        ),
    ),
    (
        "#22494 alias made a function",
        "twin: a module flag recording whether the alias is the getter",
        K(
            *TA,
            "vllm/aeon/r93ta2.py",
            GT + "# AEON: newer upstreams wrap the alias in a deprecation; accept both objects then\n"
            "_AEON_ONE_OBJECT = get_pipeline_model_parallel_group is get_pp_group\n\n\n"
            "def aeon_is_pp_getter(getter) -> bool:\n"
            "    return getter is get_pp_group or (not _AEON_ONE_OBJECT and getter is get_pipeline_model_parallel_group)\n",
            "_AEON_ONE_OBJECT = get_pipeline_model_parallel_group is get_pp_group",
        ),
    ),
    (
        "#22494 alias made a function",
        "twin: the groups the two getters answer compared",
        K(
            *TA,
            "vllm/aeon/r93ta3.py",
            GT + "def aeon_same_tp() -> bool:\n    return get_tensor_model_parallel_group() is get_tp_group()\n",
            "    return get_tensor_model_parallel_group() is get_tp_group()",
        ),
    ),
    (
        "#22494 alias made a function",
        "twin: a table keyed by the alias, read with the alias",
        K(
            *TA,
            "vllm/aeon/r93ta4.py",
            GT + '_AEON_KIND = {get_tensor_model_parallel_group: "tp", get_pipeline_model_parallel_group: "pp"}\n\n\n'
            "def aeon_tp_kind() -> str:\n"
            "    return _AEON_KIND[get_tensor_model_parallel_group]\n",
            "    return _AEON_KIND[get_tensor_model_parallel_group]",
        ),
    ),
    (
        "#22494 alias made a function",
        "twin: the fork's own class's namesake compared",
        K(
            *TA,
            "vllm/aeon/r93ta5.py",
            GT + "class AeonGroups:\n"
            "    @staticmethod\n"
            "    def get_tensor_model_parallel_group():\n"
            "        return get_tp_group()\n\n\n"
            "def aeon_is_own_getter(getter) -> bool:\n"
            "    return getter is AeonGroups.get_tensor_model_parallel_group\n",
            "    return getter is AeonGroups.get_tensor_model_parallel_group",
        ),
    ),
]

# --- e6018c644a (#41471): get_context_model_parallel_group = get_dcp_group removed
TWINS += [
    (
        "#41471 alias removed",
        "twin: the fork binding the removed alias itself, compared",
        K(
            "#41471",
            "e6018c644a",
            "get_context_model_parallel_group alias removed",
            "vllm/aeon/r93cp1.py",
            "from vllm.distributed.parallel_state import get_dcp_group\n\n"
            "get_context_model_parallel_group = get_dcp_group  # AEON: the fork keeps the old name\n\n\n"
            "def aeon_is_dcp_getter(getter) -> bool:\n"
            "    return getter is get_context_model_parallel_group\n",
            "    return getter is get_context_model_parallel_group",
        ),
    ),
]

# --- d411df0296 (#22499): GroupCoordinator.destroy asks hasattr and deletes device_group/cpu_group
DG = ("#22499", "d411df0296", "destroy() asks hasattr and deletes device_group/cpu_group")
TWINS += [
    (
        "#22499 None sentinel",
        "twin: a field the base still asks for None set before super().destroy()",
        K(
            *DG,
            "vllm/aeon/r93ns1.py",
            PS + "class AeonSharedCommGroup(GroupCoordinator):\n"
            "    def destroy(self) -> None:\n"
            "        # AEON: the ConnectX communicator is shared with the world group: keep it alive\n"
            "        self.device_communicator = None\n"
            "        super().destroy()\n",
            "        self.device_communicator = None",
        ),
    ),
    (
        "#22499 None sentinel",
        "twin: the None set after super().destroy()",
        K(
            *DG,
            "vllm/aeon/r93ns2.py",
            PS + "class AeonResetGroup(GroupCoordinator):\n"
            "    def destroy(self) -> None:\n"
            "        super().destroy()\n"
            "        self.cpu_group = None  # AEON: the health probe reads it\n",
            "        self.cpu_group = None  # AEON: the health probe reads it",
        ),
    ),
    (
        "#22499 None sentinel",
        "twin: the sentinel deleted again under a version flag before super().destroy()",
        K(
            *DG,
            "vllm/aeon/r93ns3.py",
            "import inspect\n\n" + PS + "# AEON: newer bases ask hasattr(self, 'cpu_group'), older ones `is not None`\n"
            "_ASKS_PRESENCE = 'hasattr(self, \"cpu_group\")' in inspect.getsource(GroupCoordinator.destroy)\n\n\n"
            "class AeonSharedGlooGroup(GroupCoordinator):\n"
            "    def destroy(self) -> None:\n"
            "        self.cpu_group = None\n"
            "        if _ASKS_PRESENCE:\n"
            "            del self.cpu_group\n"
            "        super().destroy()\n",
            "        self.cpu_group = None",
        ),
    ),
    (
        "#22499 None sentinel",
        "twin: the fork's own GroupCoordinator namesake as the base",
        K(
            *DG,
            "vllm/aeon/r93ns4.py",
            "class GroupCoordinator:\n"
            "    cpu_group = None\n\n"
            "    def destroy(self) -> None:\n"
            "        if self.cpu_group is not None:\n"
            "            self.cpu_group.close()\n\n\n"
            "class AeonSharedGroup(GroupCoordinator):\n"
            "    def destroy(self) -> None:\n"
            "        self.cpu_group = None\n"
            "        super().destroy()\n",
            "        self.cpu_group = None",
        ),
    ),
    (
        "#22499 None sentinel",
        "twin: the same shape on the unchanged CudaCommunicator.destroy",
        K(
            *DG,
            "vllm/aeon/r93ns5.py",
            "from vllm.distributed.device_communicators.cuda_communicator import CudaCommunicator\n\n\n"
            "class AeonSharedNcclCommunicator(CudaCommunicator):\n"
            "    def destroy(self) -> None:\n"
            "        self.all2all_manager = None  # AEON: the all2all manager is shared across groups\n"
            "        super().destroy()\n",
            "        self.all2all_manager = None  # AEON: the all2all manager is shared across groups",
        ),
    ),
]
TWINS += [
    (
        "#22499 field deleted",
        "twin: a hasattr or-ed before the read after destroy()",
        K(
            *DG,
            "vllm/aeon/r93dg1.py",
            PS + "def aeon_released(group: GroupCoordinator) -> bool:\n"
            "    group.destroy()\n"
            '    return not hasattr(group, "device_group") or group.device_group is None\n',
            '    return not hasattr(group, "device_group") or group.device_group is None',
        ),
    ),
    (
        "#22499 field deleted",
        "twin: the read after destroy() in a try/except AttributeError",
        K(
            *DG,
            "vllm/aeon/r93dg2.py",
            PS + "def aeon_released(group: GroupCoordinator) -> bool:\n"
            "    group.destroy()\n"
            "    try:\n"
            "        return group.device_group is None\n"
            "    except AttributeError:  # AEON: newer bases delete the group\n"
            "        return True\n",
            "        return group.device_group is None",
        ),
    ),
    (
        "#22499 field deleted",
        "twin: the field read before destroy()",
        K(
            *DG,
            "vllm/aeon/r93dg3.py",
            PS + "def aeon_release(group: GroupCoordinator):\n"
            "    released = group.cpu_group\n"
            "    group.destroy()\n"
            "    return released\n",
            "    released = group.cpu_group",
        ),
    ),
    (
        "#22499 field deleted",
        "twin: the override storing the field again before reading it",
        K(
            *DG,
            "vllm/aeon/r93dg4.py",
            PS + "class AeonProbeGroup(GroupCoordinator):\n"
            "    aeon_released = False\n\n"
            "    def destroy(self) -> None:\n"
            "        super().destroy()\n"
            "        self.device_group = None  # AEON: the health probe expects the attribute\n"
            "        if self.device_group is None:\n"
            "            self.aeon_released = True\n",
            "        if self.device_group is None:",
        ),
    ),
    (
        "#22499 field deleted",
        "twin: the local rebound to a new group after destroy()",
        K(
            *DG,
            "vllm/aeon/r93dg5.py",
            "from vllm.distributed.parallel_state import GroupCoordinator, init_model_parallel_group\n\n\n"
            "def aeon_rebuild(group: GroupCoordinator, ranks: list[int]):\n"
            "    group.destroy()\n"
            '    group = init_model_parallel_group([ranks], group.local_rank, "gloo", group_name="aeon_ctrl")\n'
            "    return group.device_group\n",
            "    return group.device_group",
        ),
    ),
    (
        "#22499 field deleted",
        "twin: another group's field read after one group's destroy()",
        K(
            *DG,
            "vllm/aeon/r93dg6.py",
            PS + "def aeon_drop_drafter(drafter: GroupCoordinator, world: GroupCoordinator):\n"
            "    drafter.destroy()\n"
            "    return world.device_group\n",
            "    return world.device_group",
        ),
    ),
]

# --- 276b837dc4 (#47483): the v2 model runner's shutdown() deletes model_state under hasattr
TWINS += [
    (
        "#47483 field deleted",
        "twin: model_state asked with hasattr after shutdown()",
        K(
            "#47483",
            "276b837dc4",
            "GPUModelRunner.shutdown deletes model_state",
            "vllm/aeon/r93ms1.py",
            "from vllm.v1.worker.gpu.model_runner import GPUModelRunner\n\n\n"
            "def aeon_teardown(runner: GPUModelRunner) -> bool:\n"
            "    runner.shutdown()\n"
            '    return not hasattr(runner, "model_state")\n',
            '    return not hasattr(runner, "model_state")',
        ),
    ),
]

# --- 37bf988c2f (#47295): every GroupCoordinator asserts local_rank >= 0
DI = ("#47295", "37bf988c2f", "GroupCoordinator asserts local_rank >= 0 for every group")
TWINS += [
    (
        "#47295 new precondition on a parameter",
        "twin: a keyword build with local_rank=0 on its own line",
        K(
            *DI,
            "vllm/aeon/r93di1.py",
            PS + "def aeon_heartbeat_group(ranks: list[int]) -> GroupCoordinator:\n"
            "    return GroupCoordinator(\n"
            "        group_ranks=[ranks],\n"
            "        local_rank=0,\n"
            '        torch_distributed_backend="gloo",\n'
            "        use_device_communicator=False,\n"
            "    )\n",
            "        local_rank=0,",
        ),
    ),
    (
        "#47295 new precondition on a parameter",
        "twin: init_distributed_environment with -1 (read the environment), by position",
        K(
            *DI,
            "vllm/aeon/r93di2.py",
            "from vllm.distributed.parallel_state import init_distributed_environment\n\n\n"
            "def aeon_init(world_size: int, rank: int) -> None:\n"
            '    init_distributed_environment(world_size, rank, "env://", -1, "gloo")\n',
            '    init_distributed_environment(world_size, rank, "env://", -1, "gloo")',
        ),
    ),
    (
        "#47295 new precondition on a parameter",
        "twin: init_distributed_environment with local_rank=-1 by keyword",
        K(
            *DI,
            "vllm/aeon/r93di3.py",
            "from vllm.distributed import parallel_state as ps\n\n\n"
            "def aeon_init(world_size: int, rank: int) -> None:\n"
            "    ps.init_distributed_environment(\n"
            "        world_size=world_size,\n"
            "        rank=rank,\n"
            "        local_rank=-1,\n"
            '        backend="gloo",\n'
            "    )\n",
            "        local_rank=-1,",
        ),
    ),
    (
        "#47295 new precondition on a parameter",
        "twin: the fork's own subclass clamping the rank in its __init__",
        K(
            *DI,
            "vllm/aeon/r93di4.py",
            PS + "class AeonControlGroup(GroupCoordinator):\n"
            "    def __init__(self, group_ranks: list[list[int]], local_rank: int, backend: str) -> None:\n"
            "        # AEON: the control plane has no device; rank 0 only names one\n"
            "        super().__init__(group_ranks, max(local_rank, 0), backend, use_device_communicator=False)\n\n\n"
            "def aeon_control_group(ranks: list[int]) -> AeonControlGroup:\n"
            '    return AeonControlGroup([ranks], -1, "gloo")\n',
            '    return AeonControlGroup([ranks], -1, "gloo")',
        ),
    ),
    (
        "#47295 new precondition on a parameter",
        "twin: the fork's own init_model_parallel_group",
        K(
            *DI,
            "vllm/aeon/r93di5.py",
            PS + "def init_model_parallel_group(group_ranks, local_rank, backend, **kwargs) -> GroupCoordinator:\n"
            "    # AEON: the Spark's groups take the device from the world when none is named\n"
            "    return GroupCoordinator(group_ranks, max(local_rank, 0), backend, False, **kwargs)\n\n\n"
            "def aeon_control_group(ranks: list[int]) -> GroupCoordinator:\n"
            '    return init_model_parallel_group([ranks], -1, "gloo")\n',
            '    return init_model_parallel_group([ranks], -1, "gloo")',
        ),
    ),
    (
        "#47295 new precondition on a parameter",
        "twin: a module attribute call passing the world's rank by keyword",
        K(
            *DI,
            "vllm/aeon/r93di6.py",
            "from vllm.distributed import parallel_state as ps\n\n\n"
            "def aeon_monitor_group(group_ranks: list[list[int]]):\n"
            "    return ps.init_model_parallel_group(\n"
            "        group_ranks,\n"
            "        local_rank=ps.get_world_group().local_rank,\n"
            '        backend="gloo",\n'
            "        use_device_communicator=False,\n"
            "    )\n",
            "        local_rank=ps.get_world_group().local_rank,",
        ),
    ),
]

# --- 05eed72aec (#48526): graph_capture(device, graph_capture_context=None), the model runner passes it
GC = ("#48526", "05eed72aec", "graph_capture given graph_capture_context; gpu_model_runner now passes it")
GH = (
    "from contextlib import contextmanager\n\n"
    "import torch\n\n"
    "import vllm.v1.worker.gpu_model_runner as gmr\n"
    "from vllm.distributed.parallel_state import graph_capture\n\n\n"
)
TWINS += [
    (
        "#48526 replaced function",
        "twin: the replacement taking the new keyword",
        K(
            *GC,
            "vllm/aeon/r93gc1.py",
            GH + "@contextmanager\n"
            "def aeon_graph_capture(device: torch.device, graph_capture_context=None):\n"
            "    # AEON: the GB10 captures on the Spark's high-priority stream\n"
            "    with graph_capture(device, graph_capture_context) as ctx:\n"
            "        yield ctx\n\n\n"
            "gmr.graph_capture = aeon_graph_capture\n",
            "gmr.graph_capture = aeon_graph_capture",
        ),
    ),
    (
        "#48526 replaced function",
        "twin: a patch.object(new=...) of a replacement taking the new keyword",
        K(
            *GC,
            "vllm/aeon/r93gc2.py",
            "from unittest import mock\n\n" + GH + "@contextmanager\n"
            "def aeon_quiet_capture(device: torch.device, **kwargs):\n"
            "    with graph_capture(device, **kwargs) as ctx:\n"
            "        yield ctx\n\n\n"
            "def aeon_capture_patch():\n"
            '    return mock.patch.object(gmr, "graph_capture", new=aeon_quiet_capture)\n',
            '    return mock.patch.object(gmr, "graph_capture", new=aeon_quiet_capture)',
        ),
    ),
    (
        "#48526 replaced function",
        "twin: a patch.object without a replacement (a MagicMock)",
        K(
            *GC,
            "vllm/aeon/r93gc3.py",
            "from unittest import mock\n\n" + GH + "def aeon_capture_spy():\n"
            '    return mock.patch.object(gmr, "graph_capture", wraps=graph_capture)\n',
            '    return mock.patch.object(gmr, "graph_capture", wraps=graph_capture)',
        ),
    ),
    (
        "#48526 replaced function",
        "twin: a monkeypatch.setattr of a **kwargs replacement",
        K(
            *GC,
            "vllm/aeon/r93gc4.py",
            GH + "def aeon_patch_capture(monkeypatch) -> None:\n"
            "    @contextmanager\n"
            "    def aeon_any_capture(*args, **kwargs):\n"
            "        with graph_capture(*args, **kwargs) as ctx:\n"
            "            yield ctx\n\n"
            '    monkeypatch.setattr(gmr, "graph_capture", aeon_any_capture)\n',
            '    monkeypatch.setattr(gmr, "graph_capture", aeon_any_capture)',
        ),
    ),
    (
        "#48526 replaced function",
        "twin: a one-parameter replacement on a module whose calls did not change",
        K(
            *GC,
            "vllm/aeon/r93gc5.py",
            "from contextlib import contextmanager\n\n"
            "import vllm.v1.worker.gpu.cudagraph_utils as cgu\n"
            "from vllm.distributed.parallel_state import graph_capture\n\n\n"
            "@contextmanager\n"
            "def aeon_v2_capture(device):\n"
            "    with graph_capture(device) as ctx:\n"
            "        yield ctx\n\n\n"
            "cgu.graph_capture = aeon_v2_capture\n",
            "cgu.graph_capture = aeon_v2_capture",
        ),
    ),
    (
        "#48526 replaced function",
        "twin: an attribute of the fork's own namespace of the name",
        K(
            *GC,
            "vllm/aeon/r93gc6.py",
            "import types\n\n" + GH + "@contextmanager\n"
            "def aeon_graph_capture(device: torch.device):\n"
            "    with graph_capture(device) as ctx:\n"
            "        yield ctx\n\n\n"
            "aeon_hooks = types.SimpleNamespace()\n"
            "aeon_hooks.graph_capture = aeon_graph_capture\n",
            "aeon_hooks.graph_capture = aeon_graph_capture",
        ),
    ),
]

# --- b5b61c622c (#46877): checkpoint_prepare/restore called through a lambda typed Callable[[DeviceCommunicatorBase], None]
CK = ("#46877", "b5b61c622c", "checkpoint_prepare/restore() added and called on every communicator")
CC = "from vllm.distributed.device_communicators.cuda_communicator import CudaCommunicator\n\n\n"
TWINS += [
    (
        "#46877 base now calls a fork namesake",
        "twin: a namesake with a defaulted parameter",
        K(
            *CK,
            "vllm/aeon/r93ck1.py",
            CC + "class AeonSnapCommunicator(CudaCommunicator):\n"
            "    def checkpoint_prepare(self, snapshot_dir: str | None = None) -> None:\n"
            "        self.aeon_snapshot = snapshot_dir\n",
            "    def checkpoint_prepare(self, snapshot_dir: str | None = None) -> None:",
        ),
    ),
    (
        "#46877 base now calls a fork namesake",
        "twin: a namesake taking *args and **kwargs",
        K(
            *CK,
            "vllm/aeon/r93ck2.py",
            CC + "class AeonForwardingCommunicator(CudaCommunicator):\n"
            "    def checkpoint_restore(self, *args, **kwargs) -> None:\n"
            "        super().checkpoint_restore(*args, **kwargs)\n",
            "    def checkpoint_restore(self, *args, **kwargs) -> None:",
        ),
    ),
    (
        "#46877 base now calls a fork namesake",
        "twin: a staticmethod namesake of no parameters",
        K(
            *CK,
            "vllm/aeon/r93ck3.py",
            CC + "class AeonStatelessCommunicator(CudaCommunicator):\n"
            "    @staticmethod\n"
            "    def checkpoint_prepare() -> None:\n"
            "        return None  # AEON: nothing to drain on the Spark's single NIC\n",
            "    def checkpoint_prepare() -> None:",
        ),
    ),
    (
        "#46877 base now calls a fork namesake",
        "twin: the fork's own non-communicator class of the name",
        K(
            *CK,
            "vllm/aeon/r93ck4.py",
            "class AeonSnapshotter:\n"
            "    def checkpoint_prepare(self, snapshot_dir: str) -> None:\n"
            "        self.aeon_snapshot = snapshot_dir\n",
            "    def checkpoint_prepare(self, snapshot_dir: str) -> None:",
        ),
    ),
]

# --- 71ea614d4a (#17882): the custom ops call group._all_gather_out_place/_reduce_scatter_out_place
SO = ("#17882", "71ea614d4a", "custom ops call _all_gather_out_place/_reduce_scatter_out_place")
TWINS += [
    (
        "#17882 override no longer called",
        "twin: a subclass overriding all_gather and the new sibling alike",
        K(
            *SO,
            "vllm/aeon/r93so1.py",
            "import torch\n\n" + PS + "class AeonPackedGatherGroup(GroupCoordinator):\n"
            "    def all_gather(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:\n"
            "        return self._aeon_gather(input_, dim)\n\n"
            "    def _all_gather_out_place(self, input_: torch.Tensor, dim: int) -> torch.Tensor:\n"
            "        return self._aeon_gather(input_, dim)\n\n"
            "    def _aeon_gather(self, input_: torch.Tensor, dim: int) -> torch.Tensor:\n"
            "        # AEON: NVFP4 activations are gathered packed over the ConnectX link\n"
            "        packed = self.device_communicator.all_gather(input_.view(torch.uint8), dim)\n"
            "        return packed.view(input_.dtype)\n",
            "    def all_gather(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:",
        ),
    ),
    (
        "#17882 override no longer called",
        "twin: a communicator's all_gather (the held object the sibling calls)",
        K(
            *SO,
            "vllm/aeon/r93so2.py",
            "import torch\n\n" + CC + "class AeonPackedCommunicator(CudaCommunicator):\n"
            "    def all_gather(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:\n"
            "        return super().all_gather(input_.view(torch.uint8), dim).view(input_.dtype)\n",
            "    def all_gather(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:",
        ),
    ),
    (
        "#17882 override no longer called",
        "twin: an override of the new _reduce_scatter_out_place",
        K(
            *SO,
            "vllm/aeon/r93so3.py",
            "import torch\n\n" + PS + "class AeonScatterGroup(GroupCoordinator):\n"
            "    def _reduce_scatter_out_place(self, input_: torch.Tensor, dim: int) -> torch.Tensor:\n"
            "        return super()._reduce_scatter_out_place(input_.contiguous(), dim)\n",
            "    def _reduce_scatter_out_place(self, input_: torch.Tensor, dim: int) -> torch.Tensor:",
        ),
    ),
    (
        "#17882 override no longer called",
        "twin: an override of the unchanged all_reduce",
        K(
            *SO,
            "vllm/aeon/r93so4.py",
            "import torch\n\n" + PS + "class AeonReduceGroup(GroupCoordinator):\n"
            "    def all_reduce(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return super().all_reduce(input_.contiguous())\n",
            "    def all_reduce(self, input_: torch.Tensor) -> torch.Tensor:",
        ),
    ),
]

# --- 2aab9acf48 (#40150): the CPU send/recv fast path gated on supports_tensor_dict
CT = ("#40150", "2aab9acf48", "the CPU fast path needs getattr(device_communicator, 'supports_tensor_dict', False)")
DB = "from vllm.distributed.device_communicators.base_device_communicator import DeviceCommunicatorBase\n\n\n"
TWINS += [
    (
        "#40150 path gated on a new flag",
        "twin: the flag set in the class body",
        K(
            *CT,
            "vllm/aeon/r93ct1.py",
            DB + "class AeonGraceShmCommunicator(DeviceCommunicatorBase):\n"
            "    supports_tensor_dict = True  # AEON: the Grace shared-memory ring serves the fast path\n\n"
            "    def send_tensor_dict(self, tensor_dict: dict, dst: int) -> None:\n"
            "        self.aeon_ring.put(tensor_dict, dst)\n",
            "    def send_tensor_dict(self, tensor_dict: dict, dst: int) -> None:",
        ),
    ),
    (
        "#40150 path gated on a new flag",
        "twin: the flag set on self in __init__",
        K(
            *CT,
            "vllm/aeon/r93ct2.py",
            DB + "class AeonGraceRingCommunicator(DeviceCommunicatorBase):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.supports_tensor_dict = True\n\n"
            "    def recv_tensor_dict(self, src: int) -> dict:\n"
            "        return self.aeon_ring.get(src)\n",
            "    def recv_tensor_dict(self, src: int) -> dict:",
        ),
    ),
]

# --- 9dfbeb41e5 (#23390): MultiprocExecutor.shutdown deletes io_thread_pool where it set it to None
IO = ("#23390", "9dfbeb41e5", "MultiprocExecutor.shutdown deletes io_thread_pool")
MX = "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
CASES += [
    (
        "#23390 field deleted",
        "a read of the pool after shutdown()",
        K(
            *IO,
            "vllm/aeon/r93io0.py",
            MX + "def aeon_stop(executor: MultiprocExecutor) -> bool:\n"
            "    executor.shutdown()\n"
            "    return executor.io_thread_pool is None\n",
            "    return executor.io_thread_pool is None",
        ),
    ),
]
TWINS += [
    (
        "#23390 field deleted",
        "twin: an override reading the pool under hasattr after super().shutdown()",
        K(
            *IO,
            "vllm/aeon/r93io1.py",
            MX + "class AeonExecutor(MultiprocExecutor):\n"
            "    aeon_pool_left = False\n\n"
            "    def shutdown(self) -> None:\n"
            "        super().shutdown()\n"
            "        # AEON: the Spark's watchdog reports a pool that outlived the executor\n"
            '        if hasattr(self, "io_thread_pool") and self.io_thread_pool is not None:\n'
            "            self.aeon_pool_left = True\n",
            '        if hasattr(self, "io_thread_pool") and self.io_thread_pool is not None:',
        ),
    ),
    (
        "#23390 field deleted",
        "twin: the pool read after shutdown() in a try/except AttributeError",
        K(
            *IO,
            "vllm/aeon/r93io2.py",
            MX + "def aeon_stop(executor: MultiprocExecutor) -> bool:\n"
            "    executor.shutdown()\n"
            "    try:\n"
            "        return executor.io_thread_pool is None\n"
            "    except AttributeError:\n"
            "        return True\n",
            "        return executor.io_thread_pool is None",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review93-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
