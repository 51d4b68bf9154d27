"""A second blind replay of the distributed process-group state a fork's collectives, groups and launcher carry.

8 first-parent commits on ``vllm/distributed/parallel_state.py`` -- the ``GroupCoordinator``, its collectives, the
model-parallel setup and the cleanup a fork that runs one GB10 or two linked over ConnectX subclasses, calls and
catches around: ``send_tensor_dict``/``recv_tensor_dict`` given ``all_gather_tensors`` that the worker now passes
(#24021), ``KVTransferConfig.need_kv_parallel_group`` no longer read by ``ensure_kv_transfer_initialized`` (it asks
``is_kv_transfer_instance`` now, #12953), the ``all_gather``/``reduce_scatter`` custom ops registered in the
``vllm`` library and ``GroupCoordinator.reduce_scatter(input_, dim)`` added (#16155), ``initialize_model_parallel``
no longer raising ``RuntimeError`` when the world is not ``tp * pp`` (#12824), ``pynccl_comm.all_reduce`` no
longer handed ``stream=`` (#11870), ``current_platform.empty_cache`` no longer called by the cleanup (nor anywhere:
``torch.accelerator.empty_cache()`` now, #30681), the collectives raising ``ValueError("No device communicator
found")`` where a missing communicator raised ``AttributeError`` (#21946), and the assertion text of
``ensure_model_parallel_initialized`` reworded (#22144) -- picked by scanning that path's diffs (``git log
--first-parent -p --since 2025-01-01``), avoiding the commits every other replay uses (``blind_replay_pstate``,
``_distributed``, ``_comms``, ``_devcomms`` cover parts of this surface).  Each is replayed under 1-2 fork
spellings written the way fork code is written (a subclass override short of a keyword the caller now passes, a
worker's copy of the old body, a config subclass's property override, a custom op registered under a name upstream
now takes, a subclass method of a name the base now declares and its callers pass more to, a ``try``/``except`` of
a kind the callee no longer raises, a communicator override that needs the stream its caller no longer hands, a
platform hook no caller reaches, an ``except`` of the old kind, a test of the old message text), with twins (fork
code the commit does not break: an override taking ``**kwargs``, the property still read, an op of a fork name,
an ``except`` of the kind still raised, a stream guarded for None, the hook's own call, both kinds caught, the
kept words of the message).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no
error on their line.

Blind, on the engine before any widening (main at cbb8da63): 1 caught, 4 warned, 7 missed of 12 (twins: 10 quiet,
1 of them warned, 0 false errors).  Caught: #24021's ``send_tensor_dict`` override short of the keyword the worker
now passes (symbol drift).  Warned: #24021's worker copy of the old ``execute_model`` (the base's old calls
repeated), #12953's override of the property upstream no longer reads, #16155's one-parameter ``reduce_scatter``
now overriding the base's new method (its twin of the base's shape warned too), #12824's ``except RuntimeError``
of a raise upstream removed.  The misses: #16155's op registered under the name upstream now registers in the same
library (RuntimeError at import); #11870's two (an override that requires ``stream`` or dereferences it, where
the caller no longer hands one); #30681's platform ``empty_cache`` no caller reaches now (read off
``current_platform``, a module-level instance, through ``Platform.__getattr__``); #21946's two (``except
AttributeError`` around collectives that now raise ``ValueError`` where a None communicator raised
``AttributeError``); #22144's test of the old assertion text.
After the killers217 widenings (engine at d0cc8651): 6 caught, 4 warned, 2 missed of 12 (twins: 10 quiet, 1 of
them warned, 0 false errors).  Caught now: #16155's op registered under a name upstream now registers in the same
library (``drift/claimed_ops.py``, new: an error where upstream's registration runs on every import -- here under
``if supports_custom_op():``, the registrar's own early return on ``not supports_custom_op()``); #11870's two
(``drift/dropped_kwargs.py``: an override's named parameter upstream's callers stopped passing, keyword-only and
required, or dereferenced unguarded behind a None default; a call through a module name, ``ops.all_reduce(ptr, inp, out,
...)``, fills no place of the override); #21946's ``except AttributeError`` round ``group.all_gatherv(...)``
(``drift/raised_kinds.py``: upstream's new ``is None`` test of ``self.device_communicator`` is the evidence the
base's dereference raised AttributeError, ValueError raised in its place; a typed receiver's method read no
longer keeps the handler alive); #22144's test for the old words (``drift/message_tests.py``, new).  Left
missed: #30681's platform ``empty_cache`` (upstream still reads ``.empty_cache`` -- ``torch.accelerator.
empty_cache()`` in the line it added, ``torch.cuda.empty_cache()`` across the tree -- and the dead-knob check is a
text search of the tree by name: telling a torch module's function from the platform's method means typing every
receiver in the tree, and ``current_platform`` reaches the fork class through a lazily bound module attribute and
``Platform.__getattr__``, which no reader types); #21946's ``get_pp_group().send(t)`` (the ``try`` body makes two
calls, the getter's and the method's: raised-kind drift keeps a handler alive when anything else in the body can
raise what it catches, and the getter may).  Left warned (each the existing check's designed severity): #24021's
copied ``execute_model``, #12953's property no longer read, #16155's ``reduce_scatter`` now an override, #12824's
``except RuntimeError`` of a raise removed with nothing in its place.
Regression set at d0cc8651: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_pstate
21 caught, 1 warned of 22 (11 quiet, 1 warned), blind_replay_linears 11/11 (8 quiet), blind_replay_lora2 17
caught, 1 warned of 18 (10 quiet), blind_replay_linkern 20 caught, 3 warned, 2 missed of 25 (11 quiet, 2 warned),
blind_replay_customops 13 caught, 1 warned of 14 (11 quiet, 2 warned), blind_replay_vllmcfg 13 caught, 3 warned
of 16 (9 quiet): each as recorded, 0 false errors.  Unit tests: test_claimed_ops 13 (new), test_dropped_params 10
(new), test_dropped_kwarg_drift 12, test_raised_none_guards 7 (new), test_raised_* 299 (with those 7),
test_message_tests 8 (new), test_quoted_annotations, test_fleet_profile, test_lazy_patterns passed.
drift_speed's 150-commit window (3 runs, the new and widened checks timed): claimed_op_drift, message_test_drift
and dropped_kwarg_drift 0.000 s each (dropped_kwarg_drift 0.000 s on main too; 0.12 s before the cost fixes).
Mend81 (branch mend81, main at f6e62e3f): 6 caught, 4 warned, 2 missed -> 6 caught, 5 warned, 1 missed of 12
(twins: 10 quiet, 1 of them warned, 0 false errors).  Warned now: #21946's ``get_pp_group().send(t)``
(``drift/raised_kinds.py``: a method called off a getter's result, the getter a bare upstream function annotated
to return one class, ``-> GroupCoordinator``, is that class's method -- its attribute read keeps no handler alive
-- and the getter, handing on the receiver only, is no second call; a warning, as the getter may raise the kind
too).  Still missed: #30681's platform ``empty_cache`` (as above: the receivers of ``.empty_cache`` across the tree,
``torch.accelerator``, ``torch.cuda``, ``current_platform``, are not typed by the dead-knob reader, and telling
them apart needs the lazily bound ``current_platform`` typed through ``Platform.__getattr__``; a warning-level rule
on every platform hook a diff stops calling by name would flood, as upstream calls most hooks off
``current_platform`` in many files).  Unit tests: test_raised_none_guards 14 (+7), test_raised_* and
test_absorbed_raise_drift 349 passed.  Regression at the branch head: killer_replay 26/26 blocked,
kind_change_replay 12/12 (5 quiet).  drift_speed's 150-commit window (3 runs, shared machine): raised_kind_drift
160 ms against main's 172 ms (noise; over the 2 ms budget on main already).

  python benchmarks/blind_replay_pstate2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

PS = "vllm.distributed.parallel_state"

# --- #24021 (17871983a2): send/recv_tensor_dict given all_gather_tensors, which the worker now passes
AG = "17871983a2"
AGW = "GroupCoordinator.send_tensor_dict/recv_tensor_dict(all_gather_tensors=) added; gpu_worker passes it"
CASES += [
    (
        "#24021 caller passes a new keyword",
        "a GroupCoordinator subclass's send_tensor_dict override without it",
        K(
            "#24021",
            AG,
            AGW,
            "vllm/aeon/ag1.py",
            f"from {PS} import GroupCoordinator\n\n\n"
            "class AeonPPGroup(GroupCoordinator):\n"
            "    def send_tensor_dict(self, tensor_dict, dst=None, all_gather_group=None):\n"
            "        # AEON: the Spark pair ships its intermediate tensors over ConnectX in NVFP4\n"
            "        tensor_dict = {k: v for k, v in tensor_dict.items() if v is not None}\n"
            "        return super().send_tensor_dict(tensor_dict, dst, all_gather_group)\n",
            "def send_tensor_dict(self, tensor_dict, dst=None, all_gather_group=None):",
        ),
    ),
    (
        "#24021 caller passes a new keyword",
        "a worker subclass's copy of the old execute_model (the residual all-gathered under SP)",
        K(
            "#24021",
            AG,
            AGW,
            "vllm/aeon/ag2.py",
            "from vllm.distributed.parallel_state import get_pp_group, get_tp_group\n"
            "from vllm.sequence import IntermediateTensors\n"
            "from vllm.v1.outputs import ModelRunnerOutput\n"
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonWorker(Worker):\n"
            "    def execute_model(self, scheduler_output):\n"
            "        # AEON: the Spark pair's PP stage records its receive time\n"
            "        intermediate_tensors = None\n"
            "        forward_pass = scheduler_output.total_num_scheduled_tokens > 0\n"
            "        if forward_pass and not get_pp_group().is_first_rank:\n"
            "            intermediate_tensors = IntermediateTensors(\n"
            "                get_pp_group().recv_tensor_dict(all_gather_group=get_tp_group()))\n"
            "        output = self.model_runner.execute_model(scheduler_output, intermediate_tensors)\n"
            "        if isinstance(output, ModelRunnerOutput):\n"
            "            return output\n"
            "        get_pp_group().send_tensor_dict(output.tensors, all_gather_group=get_tp_group())\n"
            "        return None\n",
            "get_pp_group().recv_tensor_dict(all_gather_group=get_tp_group()))",
        ),
    ),
    (
        "#24021 caller passes a new keyword",
        "twin: an override taking **kwargs on to the base",
        K(
            "#24021",
            AG,
            AGW,
            "vllm/aeon/ag3.py",
            f"from {PS} import GroupCoordinator\n\n\n"
            "class AeonPPGroup3(GroupCoordinator):\n"
            "    def send_tensor_dict(self, tensor_dict, dst=None, **kwargs):\n"
            "        tensor_dict = {k: v for k, v in tensor_dict.items() if v is not None}\n"
            "        return super().send_tensor_dict(tensor_dict, dst, **kwargs)\n",
            "def send_tensor_dict(self, tensor_dict, dst=None, **kwargs):",
        ),
    ),
]

# --- #12953 (2f42a4888c): ensure_kv_transfer_initialized asks is_kv_transfer_instance, not need_kv_parallel_group
KV = "2f42a4888c"
KVW = (
    "ensure_kv_transfer_initialized reads kv_transfer_config.is_kv_transfer_instance instead of need_kv_parallel_group"
)
CASES += [
    (
        "#12953 read switched to a sibling property",
        "a config subclass's override of the property no longer read",
        K(
            "#12953",
            KV,
            KVW,
            "vllm/aeon/kv1.py",
            "from vllm.config import KVTransferConfig\n\n\n"
            "class AeonKVTransferConfig(KVTransferConfig):\n"
            "    @property\n"
            "    def need_kv_parallel_group(self) -> bool:\n"
            "        # AEON: the Spark's local offload connector runs without a transfer agent\n"
            '        return self.kv_connector is not None and self.kv_connector != "AeonLocalOffload"\n',
            "def need_kv_parallel_group(self) -> bool:",
        ),
    ),
    (
        "#12953 read switched to a sibling property",
        "twin: an override of the property now read",
        K(
            "#12953",
            KV,
            KVW,
            "vllm/aeon/kv2.py",
            "from vllm.config import KVTransferConfig\n\n\n"
            "class AeonKVTransferConfig2(KVTransferConfig):\n"
            "    @property\n"
            "    def is_kv_transfer_instance(self) -> bool:\n"
            '        return self.kv_connector is not None and self.kv_connector != "AeonLocalOffload"\n',
            "def is_kv_transfer_instance(self) -> bool:",
        ),
    ),
]

# --- #16155 (690fe019f0): all_gather/reduce_scatter custom ops registered; GroupCoordinator.reduce_scatter added
SP = "690fe019f0"
SPW = 'direct_register_custom_op(op_name="all_gather"/"reduce_scatter") in vllm; GroupCoordinator.reduce_scatter(input_, dim)'
CASES += [
    (
        "#16155 custom op name taken",
        "a fork op registered under the name upstream now registers",
        K(
            "#16155",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            "import torch\n\n"
            f"from {PS} import get_tp_group\n"
            "from vllm.utils import direct_register_custom_op\n\n\n"
            "def aeon_all_gather(tensor: torch.Tensor, dim: int, world_size: int, group_name: str) -> torch.Tensor:\n"
            "    return get_tp_group().all_gather(tensor, dim)\n\n\n"
            "def aeon_all_gather_fake(tensor: torch.Tensor, dim: int, world_size: int, group_name: str) -> torch.Tensor:\n"
            "    shape = list(tensor.shape)\n"
            "    shape[dim] *= world_size\n"
            "    return torch.empty(shape, dtype=tensor.dtype, device=tensor.device)\n\n\n"
            "# AEON: the Spark's sequence-parallel NVFP4 path traces its all-gather as one op\n"
            "direct_register_custom_op(\n"
            '    op_name="all_gather",\n'
            "    op_func=aeon_all_gather,\n"
            "    mutates_args=[],\n"
            "    fake_impl=aeon_all_gather_fake,\n"
            ")\n",
            'op_name="all_gather",',
        ),
    ),
    (
        "#16155 base method added under a fork method",
        "a GroupCoordinator subclass's one-parameter reduce_scatter",
        K(
            "#16155",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "import torch\n\n"
            f"from {PS} import GroupCoordinator\n\n\n"
            "class AeonTPGroup(GroupCoordinator):\n"
            "    def reduce_scatter(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's SP path scatters along the token dim only\n"
            "        out = torch.empty((input_.shape[0] // self.world_size, *input_.shape[1:]), dtype=input_.dtype, device=input_.device)\n"
            "        torch.distributed.reduce_scatter_tensor(out, input_, group=self.device_group)\n"
            "        return out\n",
            "def reduce_scatter(self, input_: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#16155 custom op name taken",
        "twin: a fork op of a fork name",
        K(
            "#16155",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            "import torch\n\n"
            f"from {PS} import get_tp_group\n"
            "from vllm.utils import direct_register_custom_op\n\n\n"
            "def aeon_gather2(tensor: torch.Tensor, dim: int) -> torch.Tensor:\n"
            "    return get_tp_group().all_gather(tensor, dim)\n\n\n"
            "def aeon_gather2_fake(tensor: torch.Tensor, dim: int) -> torch.Tensor:\n"
            "    return torch.empty_like(tensor)\n\n\n"
            "direct_register_custom_op(\n"
            '    op_name="aeon_nvfp4_all_gather",\n'
            "    op_func=aeon_gather2,\n"
            "    mutates_args=[],\n"
            "    fake_impl=aeon_gather2_fake,\n"
            ")\n",
            'op_name="aeon_nvfp4_all_gather",',
        ),
    ),
]

CASES += [
    (
        "#16155 base method added under a fork method",
        "twin: a subclass reduce_scatter of the base's shape",
        K(
            "#16155",
            SP,
            SPW,
            "vllm/aeon/sp4.py",
            "import torch\n\n"
            f"from {PS} import GroupCoordinator\n\n\n"
            "class AeonTPGroup4(GroupCoordinator):\n"
            "    def reduce_scatter(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:\n"
            "        out = torch.empty((input_.shape[0] // self.world_size, *input_.shape[1:]), dtype=input_.dtype, device=input_.device)\n"
            "        torch.distributed.reduce_scatter_tensor(out, input_, group=self.device_group)\n"
            "        return out\n",
            "def reduce_scatter(self, input_: torch.Tensor, dim: int = -1) -> torch.Tensor:",
        ),
    ),
]

# --- #12824 (433c4a4923): initialize_model_parallel no longer raises RuntimeError for world != tp * pp
MP = "433c4a4923"
MPW = "initialize_model_parallel: the RuntimeError on world_size != tp * pp removed"
CASES += [
    (
        "#12824 raise removed under a fork except",
        "a try/except RuntimeError fallback around the call",
        K(
            "#12824",
            MP,
            MPW,
            "vllm/aeon/mp1.py",
            f"from {PS} import initialize_model_parallel\n\n\n"
            "def aeon_init_groups(tp: int, pp: int) -> bool:\n"
            "    try:\n"
            "        initialize_model_parallel(tp, pp)\n"
            "    except RuntimeError:\n"
            "        # AEON: the Spark pair's external launcher runs two replicas: world != tp * pp\n"
            '        initialize_model_parallel(tp, pp, backend="gloo")\n'
            "        return False\n"
            "    return True\n",
            "except RuntimeError:",
        ),
    ),
    (
        "#12824 raise removed under a fork except",
        "twin: an except of the kind still raised (the groups already built)",
        K(
            "#12824",
            MP,
            MPW,
            "vllm/aeon/mp2.py",
            f"from {PS} import initialize_model_parallel\n\n\n"
            "def aeon_init_groups2(tp: int, pp: int) -> bool:\n"
            "    try:\n"
            "        initialize_model_parallel(tp, pp)\n"
            "    except AssertionError:\n"
            "        return False\n"
            "    return True\n",
            "except AssertionError:",
        ),
    ),
]

# --- #11870 (310aca88c9): GroupCoordinator.all_reduce no longer hands stream= to pynccl_comm.all_reduce
ST = "310aca88c9"
STW = "pynccl_comm.all_reduce(input_) called without stream="
CASES += [
    (
        "#11870 caller stops passing an argument",
        "a pynccl subclass override that requires the stream",
        K(
            "#11870",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "import torch\nfrom torch.distributed import ReduceOp\n\n"
            "from vllm.distributed.device_communicators.pynccl import PyNcclCommunicator\n\n\n"
            "class AeonPyNccl(PyNcclCommunicator):\n"
            "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, *, stream: torch.cuda.Stream) -> torch.Tensor:\n"
            "        # AEON: the Spark's fused NVFP4 epilogue launches on the caller's stream\n"
            "        out = super().all_reduce(in_tensor, op, stream=stream)\n"
            "        return out\n",
            "def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, *, stream: torch.cuda.Stream) -> torch.Tensor:",
        ),
    ),
    (
        "#11870 caller stops passing an argument",
        "a pynccl subclass override that dereferences the stream unguarded",
        K(
            "#11870",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "import torch\nfrom torch.distributed import ReduceOp\n\n"
            "from vllm.distributed.device_communicators.pynccl import PyNcclCommunicator\n\n\n"
            "class AeonPyNccl2(PyNcclCommunicator):\n"
            "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, stream=None) -> torch.Tensor:\n"
            "        # AEON: the Spark's fused NVFP4 epilogue waits on the caller's stream\n"
            "        self.aeon_event.wait(stream)\n"
            "        stream.wait_stream(self.aeon_stream)\n"
            "        return super().all_reduce(in_tensor, op, stream)\n",
            "stream.wait_stream(self.aeon_stream)",
        ),
    ),
    (
        "#11870 caller stops passing an argument",
        "twin: an override that guards the stream for None",
        K(
            "#11870",
            ST,
            STW,
            "vllm/aeon/st3.py",
            "import torch\nfrom torch.distributed import ReduceOp\n\n"
            "from vllm.distributed.device_communicators.pynccl import PyNcclCommunicator\n\n\n"
            "class AeonPyNccl3(PyNcclCommunicator):\n"
            "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, stream=None) -> torch.Tensor:\n"
            "        if stream is None:\n"
            "            stream = torch.cuda.current_stream()\n"
            "        stream.wait_stream(self.aeon_stream)\n"
            "        return super().all_reduce(in_tensor, op, stream)\n",
            "stream.wait_stream(self.aeon_stream)",
        ),
    ),
]

# --- #30681 (16d2ad1d38): current_platform.empty_cache no longer called (torch.accelerator.empty_cache())
EC = "16d2ad1d38"
ECW = "cleanup_dist_env_and_memory and mem_utils call torch.accelerator.empty_cache(), not current_platform.empty_cache"
CASES += [
    (
        "#30681 hook no longer called",
        "a platform subclass's empty_cache the cleanup reached",
        K(
            "#30681",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            "import torch\n\nfrom vllm.platforms.cuda import CudaPlatform\n\n\n"
            "class AeonSparkPlatform(CudaPlatform):\n"
            "    @classmethod\n"
            "    def empty_cache(cls) -> None:\n"
            "        # AEON: GB10's unified memory: hand the cached pages back to the host too\n"
            "        torch.cuda.empty_cache()\n"
            "        torch._C._host_emptyCache()\n",
            "def empty_cache(cls) -> None:",
        ),
    ),
    (
        "#30681 hook no longer called",
        "twin: a fork-named platform method",
        K(
            "#30681",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            "import torch\n\nfrom vllm.platforms.cuda import CudaPlatform\n\n\n"
            "class AeonSparkPlatform2(CudaPlatform):\n"
            "    @classmethod\n"
            "    def aeon_trim_host(cls) -> None:\n"
            "        torch.cuda.empty_cache()\n",
            "def aeon_trim_host(cls) -> None:",
        ),
    ),
]

CASES += [
    (
        "#30681 hook no longer called",
        "twin: the fork's own call of the platform attribute",
        K(
            "#30681",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_release_cache() -> None:\n"
            "    current_platform.empty_cache()\n",
            "current_platform.empty_cache()",
        ),
    ),
]

# --- #21946 (74333ae2f6): a missing device communicator raises ValueError (it raised AttributeError off None)
DC = "74333ae2f6"
DCW = 'GroupCoordinator collectives raise ValueError("No device communicator found") when device_communicator is None'
CASES += [
    (
        "#21946 raised kind changed",
        "an except AttributeError around all_gatherv",
        K(
            "#21946",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "import torch\n\n"
            f"from {PS} import GroupCoordinator\n\n\n"
            "def aeon_gatherv(group: GroupCoordinator, t: torch.Tensor, sizes: list[int]) -> torch.Tensor:\n"
            "    try:\n"
            "        return group.all_gatherv(t, 0, sizes)\n"
            "    except AttributeError:\n"
            "        # AEON: a one-GB10 group has no device communicator\n"
            "        return t\n",
            "except AttributeError:",
        ),
    ),
    (
        "#21946 raised kind changed",
        "an except AttributeError around send",
        K(
            "#21946",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            "import torch\n\n"
            f"from {PS} import get_pp_group\n\n\n"
            "def aeon_send_hidden(t: torch.Tensor) -> None:\n"
            "    try:\n"
            "        get_pp_group().send(t)\n"
            "    except AttributeError:  # AEON: no device communicator: ship it over gloo\n"
            "        torch.distributed.send(t, dst=1, group=get_pp_group().cpu_group)\n",
            "except AttributeError:  # AEON: no device communicator: ship it over gloo",
        ),
    ),
    (
        "#21946 raised kind changed",
        "twin: both kinds caught",
        K(
            "#21946",
            DC,
            DCW,
            "vllm/aeon/dc3.py",
            "import torch\n\n"
            f"from {PS} import GroupCoordinator\n\n\n"
            "def aeon_gatherv3(group: GroupCoordinator, t: torch.Tensor, sizes: list[int]) -> torch.Tensor:\n"
            "    try:\n"
            "        return group.all_gatherv(t, 0, sizes)\n"
            "    except (AttributeError, ValueError):\n"
            "        return t\n",
            "except (AttributeError, ValueError):",
        ),
    ),
]

# --- #22144 (bd3db7f469): ensure_model_parallel_initialized's assertion text reworded
AM = "bd3db7f469"
AMW = 'ensure_model_parallel_initialized: "but of unexpected size: " -> "but of unexpected size. got: ..."'
CASES += [
    (
        "#22144 message text changed",
        "a test of the old text in the caught assertion",
        K(
            "#22144",
            AM,
            AMW,
            "vllm/aeon/am1.py",
            f"from {PS} import ensure_model_parallel_initialized\n\n\n"
            "def aeon_groups_match(tp: int, pp: int) -> bool:\n"
            "    try:\n"
            "        ensure_model_parallel_initialized(tp, pp)\n"
            "    except AssertionError as e:\n"
            "        # AEON: the Spark pair's relaunch rebuilds groups of another size\n"
            '        if "already initialized, but of unexpected size:" in str(e):\n'
            "            return False\n"
            "        raise\n"
            "    return True\n",
            'if "already initialized, but of unexpected size:" in str(e):',
        ),
    ),
    (
        "#22144 message text changed",
        "twin: a test of the kept words",
        K(
            "#22144",
            AM,
            AMW,
            "vllm/aeon/am2.py",
            f"from {PS} import ensure_model_parallel_initialized\n\n\n"
            "def aeon_groups_match2(tp: int, pp: int) -> bool:\n"
            "    try:\n"
            "        ensure_model_parallel_initialized(tp, pp)\n"
            "    except AssertionError as e:\n"
            '        if "unexpected size" in str(e):\n'
            "            return False\n"
            "        raise\n"
            "    return True\n",
            'if "unexpected size" in str(e):',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-pstate2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
