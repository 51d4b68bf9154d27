"""A blind replay of the expert-parallel load balancing state, policy, execute and communicator a fork's MoE hooks into.

10 first-parent commits on ``vllm/distributed/eplb/`` and the EPLB hooks of ``FusedMoE`` and its routers --
the surface a fork that balances its experts carries code against, none of them used by another replay
(``blind_replay_eplbops.py`` and ``blind_replay_gpuworker.py`` hold other commits of it): ``FusedMoE`` no
longer setting ``enable_eplb`` (the routers' ``enable_eplb`` keyword removed and their ``eplb_state`` made an
optional parameter moved behind the routing arguments), ``FusedMoE``'s ``logical_to_physical_map`` /
``expert_load_view`` moved into an ``EplbLayerState``, ``EplbState._update_layer_mapping_from_new`` removed and
``_init_should_record_tensor`` renamed, ``EplbModelState`` given new required fields and its
``experts_recv_loc`` replaced, ``shuffle_layer`` and ``get_ep_ranks_with_expert`` removed,
``rearrange_expert_weights_inplace`` given a required ``communicator`` fifth and ``move_to_buffer``'s
``ep_group`` made ``ep_rank``/``communicator``, ``move_from_buffer``'s keywords renamed, ``DefaultEplbPolicy``'s
``replicate_experts``/``balanced_packing`` made to take and return NumPy arrays, ``transfer_run_periodically``'s
``eplb_group`` removed, and ``EplbCommunicator.add_send``/``execute`` called with new arguments -- picked by
scanning those paths' diffs (``git log --first-parent -p``).  Each is replayed under 1-3 fork spellings written
the way fork code is written (a subclass's ``self.`` read, a read off a receiver typed as the class, a call on
the class, a positional call in the old order, a keyword call, an import, a subclass override calling
``super()``, a fork communicator overriding the abstract methods), with twins (fork code the commit does not
break: the kept method or field, an all-keyword call, the still-tensor entry point).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (killers160's base, ecca8e89): 19 caught, 1 warned, 2 missed of 22
(twins: 10 quiet, 0 false errors).  The misses, both #30697's: ``DefaultEplbPolicy.replicate_experts`` and
``balanced_packing`` annotated ``tuple[torch.Tensor, ...]`` -> ``tuple[np.ndarray, ...]`` (the bodies rewritten
in NumPy), and the fork unpacks the classmethod's result and calls a tensor's method on an element:
``logcnt.to(load.device)`` (an ndarray has no ``to``) and ``pack_index.max(dim=-1).values`` (an ndarray's
``max`` takes ``axis``: the ``dim`` keyword raises TypeError).  The warning, #33176's keyword call without the
now-required ``communicator``, was the replay's own slip: the error landed on the call's opening line
(``rearrange_expert_weights_inplace(``, where every replay puts a call's error) and the spelling named the
argument line below it; the spelling names the call's line now (caught).
After the killers160 widenings: 22 caught, 0 warned, 0 missed of 22 (twins: 10 quiet, 0 false errors).  Caught
now: a return annotated as the other array flavour (``torch.Tensor`` <-> ``np.ndarray``, its body changed) under
a fork use of a member the new flavour lacks, on the result, a name bound once, an unpacked, indexed or looped
element (AttributeError), or of a tensor's ``dim=``/``keepdim=`` keyword on what is an array now (TypeError)
(symbol drift's result kinds, ``drift/result_kinds.py``, the flavours' members shared in ``drift/flavours.py``).
Widened beside it, for the class rather than this replay: a field a class annotates as the other array flavour
(a dataclass field no ``self.`` line assigns: #29268's ``CommonAttentionMetadata.encoder_seq_lens`` ``np.ndarray``
-> ``torch.Tensor``, a commit ``blind_replay_runner.py`` holds for another change, caught on the real commit ad
hoc under ``meta.encoder_seq_lens.astype(np.int32)``) and the ``dim=`` keyword on a field made an array (type
drift, ``drift/array_flavours.py``).  Regression set at the widenings' head: killer_replay 26/26,
kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_eplbops 25/25 (14
quiet), blind_replay_mminputs 19/19 (13 quiet), blind_replay_runners 20/20 (12 quiet), blind_replay_runner 25
caught, 1 warned, 1 missed of 27 (16 quiet; as on main), blind_replay_gpuworker 26 caught, 2 warned of 28 (14
quiet; as on main), ``symbol_precision.py --windows 1`` 0 false errors.

  python benchmarks/blind_replay_eplbstate.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #41055 (d9b4990783): FusedMoE no longer sets enable_eplb; the routers lose enable_eplb and take
#     eplb_state as an optional parameter behind the routing arguments
EE = "d9b4990783"
EEW = "FusedMoE.enable_eplb gone, routers' enable_eplb removed and eplb_state moved"
FMOE = "from vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
ROUTERS = (
    "from collections.abc import Callable\n\n"
    "from vllm.distributed.eplb.eplb_state import EplbLayerState\n"
    "from vllm.model_executor.layers.fused_moe.router.custom_routing_router import CustomRoutingRouter\n"
    "from vllm.model_executor.layers.fused_moe.router.fused_topk_router import FusedTopKRouter\n\n\n"
)
CASES += [
    (
        "#41055 attribute no longer set",
        "a subclass's self. read",
        K(
            "#41055",
            EE,
            EEW,
            "vllm/aeon/ee1.py",
            FMOE + "class AeonFusedMoE(FusedMoE):\n"
            "    def aeon_records_load(self) -> bool:\n"
            "        # AEON: the Spark's load dashboard samples only the layers that balance\n"
            "        return self.enable_eplb and self.eplb_state.expert_load_view is not None\n",
            "return self.enable_eplb and self.eplb_state.expert_load_view is not None",
        ),
    ),
    (
        "#41055 parameter moved",
        "a positional call in the old order",
        K(
            "#41055",
            EE,
            EEW,
            "vllm/aeon/ee2.py",
            ROUTERS + "def aeon_router(top_k: int, num_experts: int, state: EplbLayerState, route: Callable)"
            " -> CustomRoutingRouter:\n"
            "    # AEON: the Spark routes its fork model's experts through its own function\n"
            "    return CustomRoutingRouter(top_k, num_experts, state, route)\n",
            "return CustomRoutingRouter(top_k, num_experts, state, route)",
        ),
    ),
    (
        "#41055 keyword removed",
        "a keyword call naming enable_eplb",
        K(
            "#41055",
            EE,
            EEW,
            "vllm/aeon/ee3.py",
            ROUTERS + "def aeon_topk_router(top_k: int, num_experts: int, state: EplbLayerState) -> FusedTopKRouter:\n"
            "    return FusedTopKRouter(\n"
            '        top_k=top_k, global_num_experts=num_experts, eplb_state=state, scoring_func="sigmoid", enable_eplb=True\n'
            "    )\n",
            'top_k=top_k, global_num_experts=num_experts, eplb_state=state, scoring_func="sigmoid", enable_eplb=True',
        ),
    ),
    (
        "#41055 parameter moved",
        "twin: an all-keyword call",
        K(
            "#41055",
            EE,
            EEW,
            "vllm/aeon/ee4.py",
            ROUTERS + "def aeon_router2(top_k: int, num_experts: int, state: EplbLayerState, route: Callable)"
            " -> CustomRoutingRouter:\n"
            "    return CustomRoutingRouter(\n"
            "        top_k=top_k, global_num_experts=num_experts, eplb_state=state, custom_routing_function=route\n"
            "    )\n",
            "top_k=top_k, global_num_experts=num_experts, eplb_state=state, custom_routing_function=route",
        ),
    ),
]

# --- #30623 (327a02d8db): FusedMoE's expert_load_view / logical_to_physical_map / logical_replica_count moved
#     into an EplbLayerState (layer.eplb_state)
LS = "327a02d8db"
LSW = "FusedMoE's EPLB maps moved into eplb_state"
CASES += [
    (
        "#30623 attribute moved",
        "a read off a receiver typed as the layer",
        K(
            "#30623",
            LS,
            LSW,
            "vllm/aeon/ls1.py",
            "import torch\n\n" + FMOE + "def aeon_replicas(layer: FusedMoE, expert_id: int) -> torch.Tensor:\n"
            "    # AEON: the Spark's trace names the physical slots a logical expert sits in\n"
            "    return layer.logical_to_physical_map[expert_id]\n",
            "return layer.logical_to_physical_map[expert_id]",
        ),
    ),
    (
        "#30623 attribute moved",
        "a subclass's self. read",
        K(
            "#30623",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            "import torch\n\n" + FMOE + "class AeonLoadMoE(FusedMoE):\n"
            "    def aeon_layer_load(self) -> torch.Tensor | None:\n"
            "        view = self.expert_load_view\n"
            "        return None if view is None else view.sum()\n",
            "view = self.expert_load_view",
        ),
    ),
    (
        "#30623 attribute moved",
        "twin: the kept get_expert_weights",
        K(
            "#30623",
            LS,
            LSW,
            "vllm/aeon/ls3.py",
            FMOE + "def aeon_weight_count(layer: FusedMoE) -> int:\n    return len(list(layer.get_expert_weights()))\n",
            "return len(list(layer.get_expert_weights()))",
        ),
    ),
]

# --- #34520 (497e234d38): EplbState._update_layer_mapping_from_new removed (module functions commit the maps)
UL = "497e234d38"
ULW = "EplbState._update_layer_mapping_from_new removed"
ES = (
    "import torch\n\nfrom vllm.distributed.eplb.eplb_state import EplbModelState, EplbState, compute_logical_maps\n\n\n"
)
CASES += [
    (
        "#34520 method removed",
        "a subclass override calling super()",
        K(
            "#34520",
            UL,
            ULW,
            "vllm/aeon/ul1.py",
            ES + "class AeonEplbState(EplbState):\n"
            "    def _update_layer_mapping_from_new(self, model_state: EplbModelState, layer: int) -> None:\n"
            "        # AEON: the Spark counts the layers async EPLB has committed\n"
            "        super()._update_layer_mapping_from_new(model_state, layer)\n"
            "        self.aeon_committed = getattr(self, 'aeon_committed', 0) + 1\n",
            "super()._update_layer_mapping_from_new(model_state, layer)",
        ),
    ),
    (
        "#34520 method removed",
        "a call off a receiver typed as the class",
        K(
            "#34520",
            UL,
            ULW,
            "vllm/aeon/ul2.py",
            ES + "def aeon_commit_all(state: EplbState, model_state: EplbModelState, num_layers: int) -> None:\n"
            "    for layer in range(num_layers):\n"
            "        state._update_layer_mapping_from_new(model_state, layer)\n",
            "state._update_layer_mapping_from_new(model_state, layer)",
        ),
    ),
    (
        "#34520 method removed",
        "twin: the kept compute_logical_maps",
        K(
            "#34520",
            UL,
            ULW,
            "vllm/aeon/ul3.py",
            ES + "def aeon_maps(model_state: EplbModelState, num_logical: int) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "    return compute_logical_maps(model_state.physical_to_logical_map, num_logical)\n",
            "return compute_logical_maps(model_state.physical_to_logical_map, num_logical)",
        ),
    ),
]

# --- #38128 (a2abce646f): EplbState._init_should_record_tensor renamed _propagate_shared_tensors (and given a
#     required tensor list)
SR = "a2abce646f"
SRW = "_init_should_record_tensor renamed _propagate_shared_tensors"
CASES += [
    (
        "#38128 method renamed",
        "a subclass override calling super()",
        K(
            "#38128",
            SR,
            SRW,
            "vllm/aeon/sr1.py",
            "from vllm.distributed.eplb.eplb_state import EplbState\n"
            "from vllm.model_executor.models.interfaces import MixtureOfExperts\n\n\n"
            "class AeonRecordState(EplbState):\n"
            "    def _init_should_record_tensor(self, model: MixtureOfExperts) -> None:\n"
            "        # AEON: the Spark records load only after its warm-up steps\n"
            "        super()._init_should_record_tensor(model)\n"
            "        self.aeon_warm = False\n",
            "super()._init_should_record_tensor(model)",
        ),
    ),
    (
        "#38128 method renamed",
        "twin: an add_model override calling super()",
        K(
            "#38128",
            SR,
            SRW,
            "vllm/aeon/sr2.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.distributed.eplb.eplb_state import EplbState\n"
            "from vllm.model_executor.models.interfaces import MixtureOfExperts\n\n\n"
            "class AeonAddState(EplbState):\n"
            "    def add_model(self, model: MixtureOfExperts, model_config: ModelConfig):\n"
            "        super().add_model(model, model_config)\n"
            "        self.aeon_models = getattr(self, 'aeon_models', 0) + 1\n",
            "super().add_model(model, model_config)",
        ),
    ),
]

# --- #22179 (2601f18a82): shuffle_layer removed (move_to_buffer / move_from_buffer); EplbModelState given new
#     required fields
SL = "2601f18a82"
SLW = "shuffle_layer removed, EplbModelState's new required fields"
CASES += [
    (
        "#22179 function removed",
        "an import",
        K(
            "#22179",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            "from vllm.distributed.eplb.rebalance_execute import shuffle_layer\n\n\n"
            "# AEON: the Spark shuffles one layer at a time to bound its host staging memory\n"
            "aeon_shuffle_one_layer = shuffle_layer\n",
            "from vllm.distributed.eplb.rebalance_execute import shuffle_layer",
        ),
    ),
    (
        "#22179 required fields added",
        "a positional construction of the dataclass",
        K(
            "#22179",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "import torch\n\nfrom vllm.distributed.eplb.eplb_state import EplbModelState\n"
            "from vllm.model_executor.models.interfaces import MixtureOfExperts\n\n\n"
            "def aeon_draft_state(ms: EplbModelState, name: str, model: MixtureOfExperts) -> EplbModelState:\n"
            "    # AEON: the Spark's draft model shares the target's maps with its own load window\n"
            "    return EplbModelState(ms.physical_to_logical_map, ms.logical_to_physical_map, ms.logical_replica_count,"
            " torch.zeros_like(ms.expert_load_pass), torch.zeros_like(ms.expert_load_window), name, model)\n",
            "return EplbModelState(ms.physical_to_logical_map, ms.logical_to_physical_map, ms.logical_replica_count,"
            " torch.zeros_like(ms.expert_load_pass), torch.zeros_like(ms.expert_load_window), name, model)",
        ),
    ),
    (
        "#22179 function removed",
        "twin: the kept rearrange_expert_weights_inplace",
        K(
            "#22179",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            "import torch\nfrom torch.distributed import ProcessGroup\n\n"
            "from vllm.distributed.eplb.rebalance_execute import rearrange_expert_weights_inplace\n\n\n"
            "def aeon_rearrange(old: torch.Tensor, new: torch.Tensor, weights: list, group: ProcessGroup) -> None:\n"
            "    rearrange_expert_weights_inplace(old, new, weights, group, is_profile=False)\n",
            "rearrange_expert_weights_inplace(old, new, weights, group, is_profile=False)",
        ),
    ),
]

# --- #29499 (6170d47d22): EplbModelState.experts_recv_loc replaced by recv_metadata; get_ep_ranks_with_expert
#     removed (a batch variant); move_from_buffer's expert_weights_buffer / experts_recv_loc / ep_group renamed
RL = "6170d47d22"
RLW = "experts_recv_loc replaced, get_ep_ranks_with_expert removed, move_from_buffer's keywords renamed"
CASES += [
    (
        "#29499 dataclass field removed",
        "a read off a model state typed as the dataclass",
        K(
            "#29499",
            RL,
            RLW,
            "vllm/aeon/rl1.py",
            "from vllm.distributed.eplb.eplb_state import EplbModelState\n\n\n"
            "def aeon_remote_experts(model_state: EplbModelState) -> int:\n"
            "    # AEON: the Spark's dashboard counts experts received from peers this layer\n"
            "    return len(model_state.experts_recv_loc)\n",
            "return len(model_state.experts_recv_loc)",
        ),
    ),
    (
        "#29499 function removed",
        "an import",
        K(
            "#29499",
            RL,
            RLW,
            "vllm/aeon/rl2.py",
            "from vllm.distributed.eplb.rebalance_execute import get_ep_ranks_with_expert\n\n\n"
            "def aeon_senders(expert: int, num_local: int, old: list[int], new: list[int]) -> list[int]:\n"
            "    return list(get_ep_ranks_with_expert(expert, num_local, old, new)[0])\n",
            "from vllm.distributed.eplb.rebalance_execute import get_ep_ranks_with_expert",
        ),
    ),
    (
        "#29499 keywords renamed",
        "a keyword call in the old names",
        K(
            "#29499",
            RL,
            RLW,
            "vllm/aeon/rl3.py",
            "from vllm.distributed.eplb import rebalance_execute as rex\n"
            "from vllm.distributed.eplb.eplb_state import EplbModelState\n\n\n"
            "def aeon_commit_layer(ms: EplbModelState, layer: int, new: list[int], group) -> None:\n"
            "    rex.move_from_buffer(\n"
            "        expert_weights=ms.model.expert_weights[layer],\n"
            "        expert_weights_buffer=ms.expert_buffer,\n"
            "        is_unchanged=ms.is_unchanged,\n"
            "        is_received_locally=ms.is_received_locally,\n"
            "        experts_recv_loc=ms.experts_recv_loc,\n"
            "        new_indices=new,\n"
            "        ep_group=group,\n"
            "    )\n",
            "experts_recv_loc=ms.experts_recv_loc,",
        ),
    ),
    (
        "#29499 dataclass field removed",
        "twin: the kept expert_buffer",
        K(
            "#29499",
            RL,
            RLW,
            "vllm/aeon/rl4.py",
            "from vllm.distributed.eplb.eplb_state import EplbModelState\n\n\n"
            "def aeon_buffer_bytes(model_state: EplbModelState) -> int:\n"
            "    return sum(b.numel() * b.element_size() for b in model_state.expert_buffer)\n",
            "return sum(b.numel() * b.element_size() for b in model_state.expert_buffer)",
        ),
    ),
]

# --- #30697 (1eb61ab34b): DefaultEplbPolicy.replicate_experts / balanced_packing take and return np.ndarray
NP = "1eb61ab34b"
NPW = "the policy's helpers take and return NumPy arrays"
POL = "import torch\n\nfrom vllm.distributed.eplb.policy.default import DefaultEplbPolicy\n\n\n"
CASES += [
    (
        "#30697 return type changed",
        "a tensor method on the classmethod's result",
        K(
            "#30697",
            NP,
            NPW,
            "vllm/aeon/np1.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    # AEON: the Spark's dashboard shows how many replicas each hot expert would get\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.float(), num_physical)\n"
            "    return logcnt.to(load.device)\n",
            "return logcnt.to(load.device)",
        ),
    ),
    (
        "#30697 return type changed",
        "a tensor method on an unpacked element",
        K(
            "#30697",
            NP,
            NPW,
            "vllm/aeon/np2.py",
            POL + "def aeon_packs(load: torch.Tensor, num_ranks: int) -> torch.Tensor:\n"
            "    pack_index, rank_in_pack = DefaultEplbPolicy.balanced_packing(load, num_ranks)\n"
            "    return pack_index.max(dim=-1).values\n",
            "return pack_index.max(dim=-1).values",
        ),
    ),
    (
        "#30697 return type changed",
        "twin: the still-tensor rebalance_experts",
        K(
            "#30697",
            NP,
            NPW,
            "vllm/aeon/np3.py",
            POL + "def aeon_plan(load: torch.Tensor, num_physical: int, num_ranks: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.rebalance_experts(load, num_physical, 1, 1, num_ranks)\n"
            "    return logcnt.to(load.device)\n",
            "return logcnt.to(load.device)",
        ),
    ),
]

# --- #33176 (abdbb68386): rearrange_expert_weights_inplace given a required communicator fifth; move_to_buffer's
#     ep_group made ep_rank + communicator
CM = "abdbb68386"
CMW = "a required communicator inserted, move_to_buffer's ep_group replaced"
RX = (
    "import torch\nfrom torch.distributed import ProcessGroup\n\n"
    "from vllm.distributed.eplb import rebalance_execute as rex\n"
    "from vllm.distributed.eplb.rebalance_execute import rearrange_expert_weights_inplace\n\n\n"
)
CASES += [
    (
        "#33176 required parameter inserted",
        "a positional call in the old order",
        K(
            "#33176",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            RX + "def aeon_profile(old: torch.Tensor, new: torch.Tensor, weights: list, group: ProcessGroup) -> None:\n"
            "    # AEON: the Spark reserves the transfer buffers before its memory profile\n"
            "    rearrange_expert_weights_inplace(old, new, weights, group, True)\n",
            "rearrange_expert_weights_inplace(old, new, weights, group, True)",
        ),
    ),
    (
        "#33176 required parameter inserted",
        "a keyword call without the communicator",
        K(
            "#33176",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            RX + "def aeon_apply(old: torch.Tensor, new: torch.Tensor, weights: list, group: ProcessGroup) -> None:\n"
            "    rearrange_expert_weights_inplace(\n"
            "        old_global_expert_indices=old, new_global_expert_indices=new, expert_weights=weights, ep_group=group\n"
            "    )\n",
            "rearrange_expert_weights_inplace(",
        ),
    ),
    (
        "#33176 keyword renamed",
        "a module-attribute call naming ep_group",
        K(
            "#33176",
            CM,
            CMW,
            "vllm/aeon/cm3.py",
            "import numpy as np\n" + RX + "def aeon_stage(n: int, old: np.ndarray, new: np.ndarray, w: list, buf: list,"
            " group: ProcessGroup):\n"
            "    return rex.move_to_buffer(n, old, new, w, buf, None, ep_group=group)\n",
            "return rex.move_to_buffer(n, old, new, w, buf, None, ep_group=group)",
        ),
    ),
    (
        "#33176 required parameter inserted",
        "twin: the kept batch lookup",
        K(
            "#33176",
            CM,
            CMW,
            "vllm/aeon/cm4.py",
            "import numpy as np\n" + RX + "def aeon_ranks(ids: np.ndarray, n: int, old: np.ndarray, new: np.ndarray):\n"
            "    return rex.get_ep_ranks_with_experts_batch(ids, n, old, new)\n",
            "return rex.get_ep_ranks_with_experts_batch(ids, n, old, new)",
        ),
    ),
]

# --- #40013 (a7fb008510): EplbCommunicator.add_send / add_recv take a list of tensors and an expert_id;
#     execute takes old_indices -- a fork communicator's overrides are called with them
CA = "a7fb008510"
CAW = "the communicator's add_send/execute called with new arguments"
COMM = "import torch\n\nfrom vllm.distributed.eplb.eplb_communicator import EplbCommunicator, TorchDistNcclEplbCommunicator\n\n\n"
CASES += [
    (
        "#40013 override called with new arguments",
        "a fork communicator's abstract overrides",
        K(
            "#40013",
            CA,
            CAW,
            "vllm/aeon/ca1.py",
            COMM + "class AeonHostCommunicator(EplbCommunicator):\n"
            "    # AEON: the Spark stages expert weights through pinned host memory\n"
            "    def __init__(self) -> None:\n"
            "        self._sends: list[tuple[torch.Tensor, int]] = []\n"
            "        self._recvs: list[tuple[torch.Tensor, int]] = []\n\n"
            "    def add_send(self, tensor: torch.Tensor, dst_rank: int) -> None:\n"
            "        self._sends.append((tensor.to('cpu', non_blocking=True), dst_rank))\n\n"
            "    def add_recv(self, tensor: torch.Tensor, src_rank: int) -> None:\n"
            "        self._recvs.append((tensor, src_rank))\n\n"
            "    def execute(self) -> None:\n"
            "        self._sends.clear()\n"
            "        self._recvs.clear()\n",
            "def add_send(self, tensor: torch.Tensor, dst_rank: int) -> None:",
        ),
    ),
    (
        "#40013 override called with new arguments",
        "a subclass's execute override calling super()",
        K(
            "#40013",
            CA,
            CAW,
            "vllm/aeon/ca2.py",
            COMM + "class AeonTimedCommunicator(TorchDistNcclEplbCommunicator):\n"
            "    def execute(self) -> None:\n"
            "        torch.cuda.nvtx.range_push('aeon-eplb-exchange')\n"
            "        super().execute()\n"
            "        torch.cuda.nvtx.range_pop()\n",
            "def execute(self) -> None:",
        ),
    ),
    (
        "#40013 override called with new arguments",
        "twin: the kept profile-buffer property",
        K(
            "#40013",
            CA,
            CAW,
            "vllm/aeon/ca3.py",
            COMM + "class AeonNoReserveCommunicator(TorchDistNcclEplbCommunicator):\n"
            "    @property\n"
            "    def needs_profile_buffer_reservation(self) -> bool:\n"
            "        return False\n",
            "def needs_profile_buffer_reservation(self) -> bool:",
        ),
    ),
]

# --- #45013 (ac614587f5): transfer_run_periodically's eplb_group removed (the worker reads the group itself)
TR = "ac614587f5"
TRW = "transfer_run_periodically's eplb_group removed"
AW = (
    "import torch\nfrom torch.distributed import ProcessGroup\n\n"
    "from vllm.distributed.eplb.async_worker import start_async_worker, transfer_run_periodically\n"
    "from vllm.distributed.eplb.eplb_state import EplbState\n\n\n"
)
CASES += [
    (
        "#45013 parameter removed",
        "a positional call in the old order",
        K(
            "#45013",
            TR,
            TRW,
            "vllm/aeon/tr1.py",
            AW + "def aeon_worker(state: EplbState, group: ProcessGroup, stream: torch.cuda.Stream) -> None:\n"
            "    # AEON: the Spark runs the transfer loop on its own thread and stream\n"
            "    transfer_run_periodically(state, group, stream, True)\n",
            "transfer_run_periodically(state, group, stream, True)",
        ),
    ),
    (
        "#45013 parameter removed",
        "a keyword call naming the group",
        K(
            "#45013",
            TR,
            TRW,
            "vllm/aeon/tr2.py",
            AW + "def aeon_worker2(state: EplbState, group: ProcessGroup, stream: torch.cuda.Stream) -> None:\n"
            "    transfer_run_periodically(state=state, eplb_group=group, cuda_stream=stream)\n",
            "transfer_run_periodically(state=state, eplb_group=group, cuda_stream=stream)",
        ),
    ),
    (
        "#45013 parameter removed",
        "twin: the kept start_async_worker",
        K(
            "#45013",
            TR,
            TRW,
            "vllm/aeon/tr3.py",
            AW + "def aeon_start(state: EplbState):\n    return start_async_worker(state, is_profile=True)\n",
            "return start_async_worker(state, is_profile=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-eplbstate-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
