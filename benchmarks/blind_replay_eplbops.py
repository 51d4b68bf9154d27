"""A blind replay of expert-parallel load balancing and the custom-op layer a fork patches.

12 first-parent commits on the surface a fork that runs expert parallelism or carries its own kernels carries
code against -- the EPLB state and its async worker (``EplbModelState.is_async_enabled`` and
``buffer_ready_event`` removed, ``transfer_run_periodically``'s ``cuda_stream`` made required and moved third,
``EplbState.move_to_workspace`` made a module function), the rebalance execute functions (``move_to_buffer``
returning one ``TransferMetadata`` instead of a three-tuple, ``RecvMetadata`` renamed, ``move_from_buffer``'s
three keywords folded into one, ``transfer_layer``'s ``layer`` dropped and its indices renamed), the rebalance
algorithm (``rebalance_algo`` moved into ``policy/``), the EPLB config (``ParallelConfig.eplb_window_size`` and
``num_redundant_experts`` defaulting to None once ``EPLBConfig`` took them, NCCL communicators refused with
async EPLB, ``create_eplb_communicator`` no longer taking None), and the custom-op layer (``PolyNorm`` and
``ScaledActivation`` removed, ``GemmaRMSNorm``'s static forward helpers removed, ``get_oot_class_by_name``
renamed) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the
other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a read
off a typed receiver, a keyword call, a positional call, a tuple unpacked, an import of a moved or removed
name, a subclass override of a helper upstream stopped calling, a config built with a now-refused pair), with
twins (fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d78eabcd): 19 caught, 1 warned, 2 missed of 22 (twins: 12
quiet, 0 false errors).  The warning: #20562's ``torch.zeros((parallel_config.eplb_window_size, experts))``
(the field left ``Optional[int] = None`` once ``EPLBConfig.window_size`` took its value) was only the
default-drift warning, where the same field computed with (``logical + parallel_config.num_redundant_experts``)
was already a type-drift error.  The misses, both #44978's: ``EPLBConfig(use_async=True,
communicator='pynccl')``, a pair the config's ``@model_validator`` now raises for, and
``create_eplb_communicator(get_ep_group(), None, w, buf)``, a None passed where upstream took None out of the
parameter's annotation and dropped the ``if backend is None`` branch.
After the killers73 widenings: 22 caught, 0 warned, 0 missed of 22 (twins: 12 quiet, 0 false errors).  Caught
now: a field made Optional used as a dimension of a tensor's shape (type drift, ``drift/optional_elements.py``);
a literal None passed for a parameter whose None branch upstream dropped with the annotation's None
(symbol drift, ``drift/narrowed.py``); a fork's constructor call of constant keywords a new guard of the
class's validator raises for (symbol drift, ``drift/refused_values.py``).
After fixO (refused_values told the class it builds by its import, and quiet where the guard never reads the
call's values, a test expects the refusal or the fork already carries the guard): unchanged, 22 caught, 0
warned, 0 missed of 22 (twins: 12 quiet, 0 false errors).
misses1 added two commits of a shape no replay held: #36261 (``EPLBConfig.window_size``, ``step_interval`` and
``log_balancedness_interval`` bounded ``Field(..., gt=0)``) and #44057 (``ParallelConfig``'s int knobs bounded
``ge=1``/``ge=0``), a fork's config built with a constant the new bound refuses.  Before the widening both
missed (0 of 3); after (a validated field's ``Field`` bound read as a validator's guard, refused value drift,
``drift/field_bounds.py``): 3 caught of 3, both twins quiet; the whole replay 25 caught, 0 warned, 0 missed of
25 (twins: 14 quiet, 0 false errors).

  python benchmarks/blind_replay_eplbops.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #32050 (6beef12b9b): EplbModelState.is_async_enabled removed; transfer_run_periodically's cuda_stream
#     made required and moved to the third position
AE = "6beef12b9b"
AEW = "is_async_enabled removed, cuda_stream required third"
EMS = "from vllm.distributed.eplb.eplb_state import EplbModelState\n\n\n"
TRP = (
    "import torch\nfrom torch.distributed import ProcessGroup\n\n"
    "from vllm.distributed.eplb.async_worker import transfer_run_periodically\n"
    "from vllm.distributed.eplb.eplb_state import EplbState\n\n\n"
)
CASES += [
    (
        "#32050 dataclass field removed",
        "a read off a model state typed as the dataclass",
        K(
            "#32050",
            AE,
            AEW,
            "vllm/aeon/ae1.py",
            EMS + "def aeon_async_layers(model_state: EplbModelState) -> int:\n"
            "    # AEON: the Spark's EPLB dashboard counts the layers still moving in the background\n"
            "    return model_state.model.num_moe_layers if model_state.is_async_enabled else 0\n",
            "return model_state.model.num_moe_layers if model_state.is_async_enabled else 0",
        ),
    ),
    (
        "#32050 parameter made required and moved",
        "a keyword call without the now-required stream",
        K(
            "#32050",
            AE,
            AEW,
            "vllm/aeon/ae2.py",
            TRP + "async def aeon_worker(state: EplbState, group: ProcessGroup) -> None:\n"
            "    await transfer_run_periodically(state=state, ep_group=group, is_profile=False)\n",
            "await transfer_run_periodically(state=state, ep_group=group, is_profile=False)",
        ),
    ),
    (
        "#32050 parameter made required and moved",
        "a positional call in the old order",
        K(
            "#32050",
            AE,
            AEW,
            "vllm/aeon/ae3.py",
            TRP + "async def aeon_worker2(state: EplbState, group: ProcessGroup, stream: torch.cuda.Stream) -> None:\n"
            "    await transfer_run_periodically(state, group, False, None, stream)\n",
            "await transfer_run_periodically(state, group, False, None, stream)",
        ),
    ),
    (
        "#32050 dataclass field removed",
        "twin: a kept field and a keyword call naming the stream",
        K(
            "#32050",
            AE,
            AEW,
            "vllm/aeon/ae4.py",
            TRP + "async def aeon_worker3(state: EplbState, group: ProcessGroup, stream: torch.cuda.Stream) -> None:\n"
            "    await transfer_run_periodically(state=state, ep_group=group, cuda_stream=stream)\n",
            "await transfer_run_periodically(state=state, ep_group=group, cuda_stream=stream)",
        ),
    ),
]

# --- #37341 (3173441b0f): move_to_buffer returns one TransferMetadata; RecvMetadata renamed; move_from_buffer's
#     is_unchanged / is_received_locally / recv_metadata folded into transfer_metadata
TM = "3173441b0f"
TMW = "move_to_buffer returns TransferMetadata, RecvMetadata renamed"
RE = "from vllm.distributed.eplb import rebalance_execute as rex\n\n\n"
CASES += [
    (
        "#37341 return shape changed",
        "a three-tuple unpacked from the call",
        K(
            "#37341",
            TM,
            TMW,
            "vllm/aeon/tm1.py",
            "import numpy as np\nimport torch\n\n"
            + RE
            + "def aeon_stage(n: int, old: np.ndarray, new: np.ndarray, w: list[torch.Tensor],"
            " buf: list[torch.Tensor], rank: int, comm: rex.EplbCommunicator) -> int:\n"
            "    # AEON: the Spark stages experts through host memory and counts the local hits\n"
            "    unchanged, local, recv = rex.move_to_buffer(n, old, new, w, buf, None, rank, comm)\n"
            "    return int(local.sum()) + recv.recv_count\n",
            "unchanged, local, recv = rex.move_to_buffer(n, old, new, w, buf, None, rank, comm)",
        ),
    ),
    (
        "#37341 class renamed",
        "an import of the renamed dataclass",
        K(
            "#37341",
            TM,
            TMW,
            "vllm/aeon/tm2.py",
            "from vllm.distributed.eplb.rebalance_execute import RecvMetadata\n\n\n"
            "def aeon_recv_count(meta: RecvMetadata) -> int:\n"
            "    return meta.recv_count\n",
            "from vllm.distributed.eplb.rebalance_execute import RecvMetadata",
        ),
    ),
    (
        "#37341 keywords folded",
        "a keyword call with the old masks",
        K(
            "#37341",
            TM,
            TMW,
            "vllm/aeon/tm3.py",
            "import numpy as np\nimport torch\n\n"
            + RE
            + "def aeon_commit(w: list[torch.Tensor], buf: list[torch.Tensor], unchanged: np.ndarray,"
            " local: np.ndarray, recv: rex.RecvMetadata, new: np.ndarray, rank: int) -> None:\n"
            "    rex.move_from_buffer(expert_weights=w, expert_weights_buffers=buf, is_unchanged=unchanged,"
            " is_received_locally=local, recv_metadata=recv, new_indices=new, ep_rank=rank)\n",
            "rex.move_from_buffer(expert_weights=w, expert_weights_buffers=buf, is_unchanged=unchanged,"
            " is_received_locally=local, recv_metadata=recv, new_indices=new, ep_rank=rank)",
        ),
    ),
    (
        "#37341 return shape changed",
        "twin: the in-place rearrangement kept",
        K(
            "#37341",
            TM,
            TMW,
            "vllm/aeon/tm4.py",
            "from vllm.distributed.eplb.rebalance_execute import rearrange_expert_weights_inplace\n\n"
            "AEON_REARRANGE = rearrange_expert_weights_inplace\n",
            "AEON_REARRANGE = rearrange_expert_weights_inplace",
        ),
    ),
]

# --- #26471 (1119f6e47a): rebalance_algo moved into the policy package (DefaultEplbPolicy)
PA = "1119f6e47a"
PAW = "rebalance_algo moved to policy/default.py"
CASES += [
    (
        "#26471 module moved",
        "a from-import of the moved function",
        K(
            "#26471",
            PA,
            PAW,
            "vllm/aeon/pa1.py",
            "import torch\n\nfrom vllm.distributed.eplb.rebalance_algo import rebalance_experts\n\n\n"
            "def aeon_plan(load: torch.Tensor, replicas: int) -> torch.Tensor:\n"
            "    # AEON: one node, one GPU -- the Spark plans with a flat hierarchy\n"
            "    phy2log, _, _ = rebalance_experts(load, replicas, 1, 1, 1)\n"
            "    return phy2log\n",
            "from vllm.distributed.eplb.rebalance_algo import rebalance_experts",
        ),
    ),
    (
        "#26471 module moved",
        "a module alias and an attribute call",
        K(
            "#26471",
            PA,
            PAW,
            "vllm/aeon/pa2.py",
            "import torch\n\nimport vllm.distributed.eplb.rebalance_algo as algo\n\n\n"
            "def aeon_pack(weight: torch.Tensor, packs: int) -> torch.Tensor:\n"
            "    pack_index, _ = algo.balanced_packing(weight, packs)\n"
            "    return pack_index\n",
            "import vllm.distributed.eplb.rebalance_algo as algo",
        ),
    ),
    (
        "#26471 module moved",
        "twin: the EPLB config built with kept fields",
        K(
            "#26471",
            PA,
            PAW,
            "vllm/aeon/pa3.py",
            "from vllm.config.parallel import EPLBConfig\n\n"
            "AEON_EPLB = EPLBConfig(window_size=500, step_interval=1500)\n",
            "AEON_EPLB = EPLBConfig(window_size=500, step_interval=1500)",
        ),
    ),
]

# --- #27110 (3125d79950): the unused PolyNorm layer removed
PN = "3125d79950"
PNW = "PolyNorm removed"
CASES += [
    (
        "#27110 class removed",
        "a subclass of the removed layer",
        K(
            "#27110",
            PN,
            PNW,
            "vllm/aeon/pn1.py",
            "from vllm.model_executor.layers.layernorm import PolyNorm, RMSNorm\n\n\n"
            "class AeonPolyNorm(PolyNorm):\n"
            "    # AEON: GB10's fused kernel wants the epsilon doubled\n"
            "    def __init__(self, eps: float = 1e-6) -> None:\n"
            "        super().__init__(eps=eps * 2)\n",
            "from vllm.model_executor.layers.layernorm import PolyNorm, RMSNorm",
        ),
    ),
    (
        "#27110 class removed",
        "twin: a kept norm imported",
        K(
            "#27110",
            PN,
            PNW,
            "vllm/aeon/pn2.py",
            "from vllm.model_executor.layers.layernorm import GemmaRMSNorm, RMSNorm\n\n"
            "AEON_NORMS = (RMSNorm, GemmaRMSNorm)\n",
            "from vllm.model_executor.layers.layernorm import GemmaRMSNorm, RMSNorm",
        ),
    ),
]

# --- #50285 (0cf49a5d15): ScaledActivation removed from the activation layer
SA = "0cf49a5d15"
SAW = "ScaledActivation removed"
CASES += [
    (
        "#50285 class removed",
        "a module attribute built",
        K(
            "#50285",
            SA,
            SAW,
            "vllm/aeon/sa1.py",
            "import torch.nn as nn\n\nfrom vllm.model_executor.layers import activation\n\n\n"
            "def aeon_awq_act(size: int) -> nn.Module:\n"
            "    # AEON: the Spark's AWQ checkpoints carry post-scales on the MLP activation\n"
            "    return activation.ScaledActivation(activation.get_act_fn('gelu'), size)\n",
            "return activation.ScaledActivation(activation.get_act_fn('gelu'), size)",
        ),
    ),
    (
        "#50285 class removed",
        "twin: a registry key looked up",
        K(
            "#50285",
            SA,
            SAW,
            "vllm/aeon/sa2.py",
            "import torch.nn as nn\n\nfrom vllm.model_executor.layers.activation import get_act_and_mul_fn\n\n\n"
            "def aeon_mlp_act() -> nn.Module:\n"
            "    return get_act_and_mul_fn('silu')\n",
            "return get_act_and_mul_fn('silu')",
        ),
    ),
]

# --- #20562 (4fbda0b20c): EPLBConfig takes window_size / step_interval / num_redundant_experts; the
#     ParallelConfig fields kept for deprecation now default to None (forwarded only at construction)
EC = "4fbda0b20c"
ECW = "ParallelConfig.eplb_* defaults 1000/0 -> None"
PC = "import torch\n\nfrom vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#20562 default made None",
        "a tensor sized by the deprecated field",
        K(
            "#20562",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            PC + "def aeon_load_window(parallel_config: ParallelConfig, experts: int) -> torch.Tensor:\n"
            "    # AEON: the Spark keeps its own load window for the canary's balancedness check\n"
            "    return torch.zeros((parallel_config.eplb_window_size, experts), dtype=torch.int32)\n",
            "return torch.zeros((parallel_config.eplb_window_size, experts), dtype=torch.int32)",
        ),
    ),
    (
        "#20562 default made None",
        "arithmetic on the deprecated field",
        K(
            "#20562",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            PC + "def aeon_physical_experts(parallel_config: ParallelConfig, logical: int) -> int:\n"
            "    return logical + parallel_config.num_redundant_experts\n",
            "return logical + parallel_config.num_redundant_experts",
        ),
    ),
    (
        "#20562 default made None",
        "twin: a kept flag read",
        K(
            "#20562",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            PC + "def aeon_eplb_on(parallel_config: ParallelConfig) -> bool:\n"
            "    return parallel_config.enable_eplb and parallel_config.enable_expert_parallel\n",
            "return parallel_config.enable_eplb and parallel_config.enable_expert_parallel",
        ),
    ),
]

# --- #36271 (14acf429ac): EplbModelState.buffer_ready_event removed (the worker synchronises its stream)
BR = "14acf429ac"
BRW = "buffer_ready_event removed"
CASES += [
    (
        "#36271 dataclass field removed",
        "a wait on the removed event",
        K(
            "#36271",
            BR,
            BRW,
            "vllm/aeon/br1.py",
            "import torch\n\n" + EMS + "def aeon_wait_buffer(model_state: EplbModelState) -> None:\n"
            "    # AEON: GB10's unified memory needs the main stream to wait before consuming\n"
            "    if model_state.buffer_ready_event is not None:\n"
            "        torch.cuda.current_stream().wait_event(model_state.buffer_ready_event)\n",
            "if model_state.buffer_ready_event is not None:",
        ),
    ),
    (
        "#36271 dataclass field removed",
        "twin: the consumed event kept",
        K(
            "#36271",
            BR,
            BRW,
            "vllm/aeon/br2.py",
            EMS + "def aeon_consumed(model_state: EplbModelState) -> bool:\n"
            "    return model_state.buffer_consumed_event is not None\n",
            "return model_state.buffer_consumed_event is not None",
        ),
    ),
]

# --- #39014 (8060bb0333): GemmaRMSNorm's static forward helpers removed; forward_native goes through the IR op
GR = "8060bb0333"
GRW = "GemmaRMSNorm._forward_static_* removed"
GN = "import torch\n\nfrom vllm.model_executor.layers.layernorm import GemmaRMSNorm\n\n\n"
CASES += [
    (
        "#39014 helper removed",
        "an override of a helper upstream stopped calling",
        K(
            "#39014",
            GR,
            GRW,
            "vllm/aeon/gr1.py",
            GN + "class AeonGemmaRMSNorm(GemmaRMSNorm):\n"
            "    @staticmethod\n"
            "    def _forward_static_no_residual(weight: torch.Tensor, variance_epsilon: float, x: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: GB10 keeps the variance in bf16 to match the reference checkpoints\n"
            "        variance = x.pow(2).mean(dim=-1, keepdim=True)\n"
            "        return x * torch.rsqrt(variance + variance_epsilon) * (1.0 + weight)\n",
            "def _forward_static_no_residual(weight: torch.Tensor, variance_epsilon: float, x: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#39014 helper removed",
        "a call of the removed static helper",
        K(
            "#39014",
            GR,
            GRW,
            "vllm/aeon/gr2.py",
            GN + "def aeon_gemma_norm(w: torch.Tensor, x: torch.Tensor, r: torch.Tensor) -> torch.Tensor:\n"
            "    out, _ = GemmaRMSNorm._forward_static_with_residual(w, 1e-6, x, r)\n"
            "    return out\n",
            "out, _ = GemmaRMSNorm._forward_static_with_residual(w, 1e-6, x, r)",
        ),
    ),
    (
        "#39014 helper removed",
        "twin: an override of the kept forward_native",
        K(
            "#39014",
            GR,
            GRW,
            "vllm/aeon/gr3.py",
            GN + "class AeonGemmaRMSNorm2(GemmaRMSNorm):\n"
            "    def forward_native(self, x: torch.Tensor, residual: torch.Tensor | None = None):\n"
            "        return super().forward_native(x.contiguous(), residual)\n",
            "def forward_native(self, x: torch.Tensor, residual: torch.Tensor | None = None):",
        ),
    ),
]

# --- #30888 (67132945bb): transfer_layer takes one layer's indices (renamed) and drops ``layer``
TL = "67132945bb"
TLW = "transfer_layer: old_global_expert_indices -> old_layer_indices, layer removed"
TLH = (
    "import torch\nfrom torch.distributed import ProcessGroup\n\n"
    "from vllm.distributed.eplb.rebalance_execute import transfer_layer\n\n\n"
)
CASES += [
    (
        "#30888 keywords renamed and removed",
        "a keyword call with the old names",
        K(
            "#30888",
            TL,
            TLW,
            "vllm/aeon/tl1.py",
            TLH
            + "async def aeon_move(old: torch.Tensor, new: torch.Tensor, w: list, buf: list, g: ProcessGroup, i: int):\n"
            "    return await transfer_layer(old_global_expert_indices=old, new_global_expert_indices=new,"
            " expert_weights=w, expert_weights_buffer=buf, ep_group=g, layer=i)\n",
            "return await transfer_layer(old_global_expert_indices=old, new_global_expert_indices=new,"
            " expert_weights=w, expert_weights_buffer=buf, ep_group=g, layer=i)",
        ),
    ),
    (
        "#30888 keywords renamed and removed",
        "a positional call through the removed slot",
        K(
            "#30888",
            TL,
            TLW,
            "vllm/aeon/tl2.py",
            TLH + "async def aeon_move2(old: torch.Tensor, new: torch.Tensor, w: list, buf: list, g: ProcessGroup,"
            " i: int, s: torch.cuda.Stream):\n"
            "    return await transfer_layer(old, new, w, buf, g, False, i, s)\n",
            "return await transfer_layer(old, new, w, buf, g, False, i, s)",
        ),
    ),
    (
        "#30888 keywords renamed and removed",
        "twin: positional indices, kept keywords",
        K(
            "#30888",
            TL,
            TLW,
            "vllm/aeon/tl3.py",
            TLH + "async def aeon_move3(old: torch.Tensor, new: torch.Tensor, w: list, buf: list, g: ProcessGroup):\n"
            "    return await transfer_layer(old, new, w, buf, g, is_profile=True)\n",
            "return await transfer_layer(old, new, w, buf, g, is_profile=True)",
        ),
    ),
]

# --- #44978 (6471ec75bd): NCCL-based communicators refused with async EPLB; create_eplb_communicator no longer
#     maps a None backend to torch_nccl
NC = "6471ec75bd"
NCW = "async EPLB refuses torch_nccl/pynccl; backend None no longer accepted"
CASES += [
    (
        "#44978 accepted value removed",
        "a config pairing async with an NCCL communicator",
        K(
            "#44978",
            NC,
            NCW,
            "vllm/aeon/nc1.py",
            "from vllm.config.parallel import EPLBConfig\n\n"
            "# AEON: one GB10, no NIXL -- the Spark's EPLB moves experts over pynccl\n"
            "AEON_EPLB = EPLBConfig(use_async=True, communicator='pynccl')\n",
            "AEON_EPLB = EPLBConfig(use_async=True, communicator='pynccl')",
        ),
    ),
    (
        "#44978 accepted value removed",
        "None passed where the default was dropped",
        K(
            "#44978",
            NC,
            NCW,
            "vllm/aeon/nc2.py",
            "from vllm.distributed.eplb.eplb_communicator import EplbCommunicator, create_eplb_communicator\n"
            "from vllm.distributed.parallel_state import get_ep_group\n\n\n"
            "def aeon_comm(w: list, buf: list) -> EplbCommunicator:\n"
            "    return create_eplb_communicator(get_ep_group(), None, w, buf)\n",
            "return create_eplb_communicator(get_ep_group(), None, w, buf)",
        ),
    ),
    (
        "#44978 accepted value removed",
        "twin: a synchronous config on pynccl",
        K(
            "#44978",
            NC,
            NCW,
            "vllm/aeon/nc3.py",
            "from vllm.config.parallel import EPLBConfig\n\n"
            "AEON_EPLB_SYNC = EPLBConfig(use_async=False, communicator='pynccl')\n",
            "AEON_EPLB_SYNC = EPLBConfig(use_async=False, communicator='pynccl')",
        ),
    ),
]

# --- #37181 (0a0a1a198b): get_oot_class_by_name replaced by maybe_get_oot_by_class
OO = "0a0a1a198b"
OOW = "get_oot_class_by_name -> maybe_get_oot_by_class"
CASES += [
    (
        "#37181 function renamed",
        "an import of the renamed lookup",
        K(
            "#37181",
            OO,
            OOW,
            "vllm/aeon/oo1.py",
            "from vllm.model_executor.custom_op import get_oot_class_by_name\n\n\n"
            "def aeon_has_oot(name: str) -> bool:\n"
            "    # AEON: the Spark plugin registers its own RMSNorm out of tree\n"
            "    return get_oot_class_by_name(name) is not None\n",
            "from vllm.model_executor.custom_op import get_oot_class_by_name",
        ),
    ),
    (
        "#37181 function renamed",
        "twin: the op registry read by key",
        K(
            "#37181",
            OO,
            OOW,
            "vllm/aeon/oo2.py",
            "from vllm.model_executor.custom_op import op_registry\n\n\n"
            "def aeon_rms_cls() -> type:\n"
            "    return op_registry['rms_norm']\n",
            "return op_registry['rms_norm']",
        ),
    ),
]

# --- #37601 (3461c8b027): EplbState.move_to_workspace made the module function _move_to_workspace
MW = "3461c8b027"
MWW = "EplbState.move_to_workspace removed"
ES = "from torch.distributed import ProcessGroup\n\nfrom vllm.distributed.eplb.eplb_state import EplbModelState, EplbState\n\n\n"
CASES += [
    (
        "#37601 method removed",
        "an override of the method upstream stopped calling",
        K(
            "#37601",
            MW,
            MWW,
            "vllm/aeon/mw1.py",
            ES + "class AeonEplbState(EplbState):\n"
            "    def move_to_workspace(self, model_state: EplbModelState, ep_group: ProcessGroup, is_profile: bool = False):\n"
            "        # AEON: the Spark logs each layer it commits, for the canary\n"
            "        print('aeon: commit layer', model_state.layer_to_transfer)\n"
            "        return super().move_to_workspace(model_state, ep_group, is_profile)\n",
            "def move_to_workspace(self, model_state: EplbModelState, ep_group: ProcessGroup, is_profile: bool = False):",
        ),
    ),
    (
        "#37601 method removed",
        "a call on an instance typed as the state",
        K(
            "#37601",
            MW,
            MWW,
            "vllm/aeon/mw2.py",
            ES + "def aeon_flush(state: EplbState, model_state: EplbModelState, group: ProcessGroup) -> None:\n"
            "    state.move_to_workspace(model_state, group, is_profile=False)\n",
            "state.move_to_workspace(model_state, group, is_profile=False)",
        ),
    ),
    (
        "#37601 method removed",
        "twin: a kept method called",
        K(
            "#37601",
            MW,
            MWW,
            "vllm/aeon/mw3.py",
            ES + "def aeon_step(state: EplbState) -> None:\n"
            "    state.step(is_dummy=False, is_profile=False, log_stats=True)\n",
            "state.step(is_dummy=False, is_profile=False, log_stats=True)",
        ),
    ),
]


# --- #36261 (12701e8af2): EPLBConfig.window_size/step_interval/log_balancedness_interval bounded Field(gt=0)
WB = "12701e8af2"
WBW = "EPLBConfig window_size, step_interval, log_balancedness_interval: Field(..., gt=0)"
EC = "from vllm.config.parallel import EPLBConfig\n\n\n"
CASES += [
    (
        "#36261 field bounded",
        "a config built with the window off",
        K(
            "#36261",
            WB,
            WBW,
            "vllm/aeon/wb1.py",
            EC + "def aeon_eplb_config() -> EPLBConfig:\n"
            "    # AEON: no load recording on the one-GPU Spark\n"
            "    return EPLBConfig(window_size=0, log_balancedness=False)\n",
            "return EPLBConfig(window_size=0, log_balancedness=False)",
        ),
    ),
    (
        "#36261 field bounded",
        "a never-logging interval",
        K(
            "#36261",
            WB,
            WBW,
            "vllm/aeon/wb2.py",
            EC + "AEON_EPLB = EPLBConfig(log_balancedness_interval=-1)\n",
            "AEON_EPLB = EPLBConfig(log_balancedness_interval=-1)",
        ),
    ),
    (
        "#36261 field bounded",
        "twin: a window inside the bound",
        K(
            "#36261",
            WB,
            WBW,
            "vllm/aeon/wb3.py",
            EC + "AEON_EPLB = EPLBConfig(window_size=1, step_interval=100)\n",
            "AEON_EPLB = EPLBConfig(window_size=1, step_interval=100)",
        ),
    ),
]

# --- #44057 (99ef652907): ParallelConfig's int knobs bounded (Field(default=1, ge=1), ge=0, ...)
PB = "99ef652907"
PBW = "ParallelConfig int knobs bounded: pipeline/tensor/dp sizes ge=1, max_parallel_loading_workers ge=1"
PC = "from vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#44057 field bounded",
        "a loading-workers sentinel of the fork's",
        K(
            "#44057",
            PB,
            PBW,
            "vllm/aeon/pb1.py",
            PC + "def aeon_parallel() -> ParallelConfig:\n"
            "    # AEON: 0 = load every shard at once (the Spark has the RAM)\n"
            "    return ParallelConfig(max_parallel_loading_workers=0)\n",
            "return ParallelConfig(max_parallel_loading_workers=0)",
        ),
    ),
    (
        "#44057 field bounded",
        "twin: the sizes upstream keeps",
        K(
            "#44057",
            PB,
            PBW,
            "vllm/aeon/pb2.py",
            PC + "AEON_PARALLEL = ParallelConfig(tensor_parallel_size=1, data_parallel_size_local=0)\n",
            "AEON_PARALLEL = ParallelConfig(tensor_parallel_size=1, data_parallel_size_local=0)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-eplbops-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
