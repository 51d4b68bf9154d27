"""A blind replay of the fused-MoE layer a fork's NVFP4 MoE methods subclass, override and call.

10 first-parent commits on ``vllm/model_executor/layers/fused_moe/layer.py`` -- the layer a fork that carries its
own MoE quant methods, weight loaders and routing for GB10 writes code against: ``FusedMoEMethodBase.apply`` and
``UnquantizedFusedMoEMethod.forward_cuda`` given ``global_num_experts``/``expert_map`` (inserted before
``custom_routing_function`` and passed by keyword from ``FusedMoE.forward``), ``create_weights``' ``intermediate_size``
renamed ``intermediate_size_per_partition`` (passed by keyword), ``_load_w2`` losing ``shard_id``,
``_load_model_weight_or_group_weight_scale`` handed a new ``load_full_w2``, ``create_weights`` handed a new
``global_num_experts``, ``maybe_roundup_hidden_size`` given a required ``is_lora_enabled``, ``FusedMoE.capture``
removed with ``RoutedExpertsCapturer`` no longer imported by the layer, ``_load_fp8_scale`` and ``naive_multicast``
removed, and the layer no longer importing (or reading) ``grouped_topk`` and ``rocm_aiter_grouped_topk`` -- picked by
scanning the path's diffs (``git log --first-parent -p``), avoiding the commits other replays use
(``blind_replay_fmlayer``, ``_fmexperts``, ``_moe``, ``_moe2``, ``_moeutils``, ``_fusedlayer``, ``_moemodels``).  Each
is replayed under 1-4 fork spellings written the way fork code is written (a subclass's override with the old
parameter list, an override without ``**kwargs``, a keyword call, a positional call, a subclass's ``self.`` read and
write, an import from the layer, a module-attribute monkeypatch, an unbound call through the class, an override the
layer no longer calls), with twins (fork code the commit does not break: an override taking ``**kwargs``, a keyword
call, the kept helper, the name from its own module, the unchanged function).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 6b4f6ff3): 18 caught, 2 warned, 1 missed of 21 (twins: 11
quiet, 0 false errors; one twin, gn2, carries an unrelated warning about ``allow_flashinfer``).  Symbol drift caught
the overrides whose base's parameters changed (``apply``, ``create_weights``' rename,
``_load_model_weight_or_group_weight_scale``), the ``_load_w2`` calls (keyword and positional), the required
``is_lora_enabled``, the removed ``capture``, ``_load_fp8_scale`` and ``naive_multicast`` (a read, a store, a call, an
unbound call, a dead override) and the names the layer no longer imports (an import, a monkeypatch).  The misses:
#12583's ``forward_cuda`` override only warned (upstream's ``apply`` hands the new keywords to ``self.forward``,
``CustomOp``'s dispatcher, not to a ``.forward_cuda(`` call, so "no call upstream passes them"); #26135's
``create_weights`` override without ``**extra_weight_attrs`` drew only an unrelated warning (the new key is handed
through ``**moe_quant_params``, a dict literal, by a call on ``self.quant_method``, a holder typed
``QuantizeMethodBase``: neither was read); #12583's positional call ``self.quant_method.apply(self, x, logits, ...,
aeon_route)`` missed (the holder is annotated ``QuantizeMethodBase``, whose ``apply(layer, *args, **kwargs)`` did not
change; the concrete methods' inserted slots are not the holder's).
After the killers189 widenings: 20 caught, 0 warned, 1 missed of 21 (twins: 11 quiet, 0 false errors).  Caught now:
an override reached through a dispatcher, a base method taking only ``*args, **kwargs`` and handing them all on
(``CustomOp.forward`` -> ``forward_cuda``), that the base class's own method now calls with the new keyword
(``drift/symbols.py``'s ``_dispatcher``); keys handed through ``**name``, a dict literal the calling function
builds (``drift/handed_keys.py``'s ``_spread_read``), on a holder ``self.attr`` annotated as the base's class or one
of its bases (``_typed_receiver``; an annotated local ``quant_method: QuantizeMethodBase | None`` now types a
``self.quant_method = quant_method`` too).  Still missed: the positional ``self.quant_method.apply(...)`` -- the
holder is annotated with the abstract ``QuantizeMethodBase``, whose ``apply(layer, *args, **kwargs)`` did not
change; which concrete method the call reaches is the quant config's pick at run time.
Regression set at the widenings' head: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 quiet),
blind_replay_fmlayer 19 caught, 2 warned of 21 (12 quiet), blind_replay_fmexperts 19/2/0 of 21 (11 quiet),
blind_replay_fusedlayer 29/1/0 of 30 (16 quiet), blind_replay_moe 30/1/0 of 31 (13 quiet), blind_replay_moemodels
18/2/0 of 20 (12 quiet), blind_replay_enginecore 12/12 (9 quiet), blind_replay_eagleprop 19/2/0 of 21 (12 quiet),
blind_replay_cudagraph 15/15 (9 quiet), review35_twins 7/7 (24 quiet, 3 warned), review48_twins 7/7 (41 quiet, 10
warned) -- all as before; ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4
caught, 8 warnings, as before).

  python benchmarks/blind_replay_fmlayer2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #12583 (781096e385): FusedMoEMethodBase.apply given global_num_experts/expert_map, passed by keyword
EP = "781096e385"
EPW = "apply/forward_cuda given global_num_experts and expert_map (inserted before custom_routing_function)"
UQ = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE, UnquantizedFusedMoEMethod\n\n\n"
CASES += [
    (
        "#12583 parameters inserted, passed by the caller",
        "an override of apply with the old parameter list",
        K(
            "#12583",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            UQ + "class AeonNvfp4MoEMethod(UnquantizedFusedMoEMethod):\n"
            "    # AEON: GB10's NVFP4 MoE kernel routes the experts itself\n"
            "    def apply(\n"
            "        self,\n"
            "        layer: torch.nn.Module,\n"
            "        x: torch.Tensor,\n"
            "        router_logits: torch.Tensor,\n"
            "        top_k: int,\n"
            "        renormalize: bool,\n"
            "        use_grouped_topk: bool = False,\n"
            "        topk_group: int | None = None,\n"
            "        num_expert_group: int | None = None,\n"
            "        custom_routing_function=None,\n"
            '        scoring_func: str = "softmax",\n'
            "        e_score_correction_bias: torch.Tensor | None = None,\n"
            "    ) -> torch.Tensor:\n"
            "        weights, ids = FusedMoE.select_experts(\n"
            "            hidden_states=x, router_logits=router_logits, use_grouped_topk=use_grouped_topk,\n"
            "            top_k=top_k, renormalize=renormalize,\n"
            "        )\n"
            "        return torch.ops.aeon.nvfp4_moe(x, layer.w13_weight, layer.w2_weight, weights, ids)\n",
            "    def apply(",
        ),
    ),
    (
        "#12583 parameters inserted, passed by the caller",
        "an override of forward_cuda with the old parameter list",
        K(
            "#12583",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            UQ + "class AeonSparkMoEMethod(UnquantizedFusedMoEMethod):\n"
            "    # AEON: sm_121a takes the unquantized experts through the Spark's own kernel\n"
            "    def forward_cuda(\n"
            "        self,\n"
            "        layer: torch.nn.Module,\n"
            "        x: torch.Tensor,\n"
            "        use_grouped_topk: bool,\n"
            "        top_k: int,\n"
            "        router_logits: torch.Tensor,\n"
            "        renormalize: bool,\n"
            "        topk_group: int | None = None,\n"
            "        num_expert_group: int | None = None,\n"
            "        custom_routing_function=None,\n"
            '        scoring_func: str = "softmax",\n'
            "        e_score_correction_bias: torch.Tensor | None = None,\n"
            "    ) -> torch.Tensor:\n"
            "        weights, ids = FusedMoE.select_experts(\n"
            "            hidden_states=x, router_logits=router_logits, use_grouped_topk=use_grouped_topk,\n"
            "            top_k=top_k, renormalize=renormalize,\n"
            "        )\n"
            "        return torch.ops.aeon.spark_moe(x, layer.w13_weight, layer.w2_weight, weights, ids)\n",
            "    def forward_cuda(",
        ),
    ),
    (
        "#12583 parameters inserted, passed by the caller",
        "a positional call of apply reaching custom_routing_function",
        K(
            "#12583",
            EP,
            EPW,
            "vllm/aeon/ep3.py",
            UQ + "def aeon_route(hidden_states, gating_output, topk, renormalize):\n"
            "    return torch.topk(gating_output, topk, dim=-1)\n\n\n"
            "class AeonDraftMoE(FusedMoE):\n"
            "    # AEON: the speculative draft's MoE routes by plain top-k\n"
            "    def aeon_draft_forward(self, x: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "        return self.quant_method.apply(self, x, logits, self.top_k, True, False, None, None, aeon_route)\n",
            "return self.quant_method.apply(self, x, logits, self.top_k, True, False, None, None, aeon_route)",
        ),
    ),
    (
        "#12583 parameters inserted, passed by the caller",
        "twin: an override taking **kwargs, and a keyword call",
        K(
            "#12583",
            EP,
            EPW,
            "vllm/aeon/ep4.py",
            UQ + "class AeonLoggedMoEMethod(UnquantizedFusedMoEMethod):\n"
            "    def apply(self, layer: torch.nn.Module, x: torch.Tensor, router_logits: torch.Tensor, **kwargs):\n"
            "        return super().apply(layer, x, router_logits, **kwargs)\n\n\n"
            "def aeon_call(method: UnquantizedFusedMoEMethod, layer, x, logits):\n"
            "    return method.apply(layer=layer, x=x, router_logits=logits, top_k=2, renormalize=True)\n",
            "return super().apply(layer, x, router_logits, **kwargs)",
        ),
    ),
    (
        "#12583 parameters inserted, passed by the caller",
        "twin: an override of forward_cpu keeping **kwargs",
        K(
            "#12583",
            EP,
            EPW,
            "vllm/aeon/ep5.py",
            UQ + "class AeonArmMoEMethod(UnquantizedFusedMoEMethod):\n"
            "    # AEON: the Spark's Grace cores run the CPU fallback on aarch64\n"
            "    def forward_cpu(self, layer: torch.nn.Module, x: torch.Tensor, use_grouped_topk: bool, top_k: int,\n"
            "                    router_logits: torch.Tensor, renormalize: bool, **kwargs):\n"
            "        return super().forward_cpu(layer, x, use_grouped_topk, top_k, router_logits, renormalize, **kwargs)\n",
            "    def forward_cpu(self, layer: torch.nn.Module, x: torch.Tensor, use_grouped_topk: bool, top_k: int,",
        ),
    ),
]

# --- #11528 (eb5cb5e528): create_weights' intermediate_size renamed; _load_w2 loses shard_id; load_full_w2 passed
PN = "eb5cb5e528"
PNW = "create_weights(intermediate_size -> intermediate_size_per_partition), _load_w2 shard_id removed, load_full_w2 passed"
FM = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE, FusedMoEMethodBase\n\n\n"
CASES += [
    (
        "#11528 parameter renamed, passed by keyword",
        "an override of create_weights with the old name",
        K(
            "#11528",
            PN,
            PNW,
            "vllm/aeon/pn1.py",
            FM + "class AeonNvfp4MoEMethod(FusedMoEMethodBase):\n"
            "    # AEON: GB10 keeps the experts in NVFP4 with a per-16 block scale\n"
            "    def create_weights(self, layer: torch.nn.Module, num_experts: int, hidden_size: int,\n"
            "                       intermediate_size: int, params_dtype: torch.dtype, **extra_weight_attrs):\n"
            "        w13 = torch.nn.Parameter(torch.empty(num_experts, 2 * intermediate_size, hidden_size // 2,\n"
            "                                             dtype=torch.uint8), requires_grad=False)\n"
            '        layer.register_parameter("w13_weight", w13)\n',
            "    def create_weights(self, layer: torch.nn.Module, num_experts: int, hidden_size: int,",
        ),
    ),
    (
        "#11528 parameter removed",
        "a keyword call of _load_w2 passing shard_id",
        K(
            "#11528",
            PN,
            PNW,
            "vllm/aeon/pn2.py",
            FM + "class AeonFusedMoE(FusedMoE):\n"
            "    # AEON: the Spark's checkpoints ship the down projection unsharded\n"
            "    def aeon_load_down(self, expert_data: torch.Tensor, loaded_weight: torch.Tensor, tp_rank: int):\n"
            '        self._load_w2(shard_id="w2", shard_dim=1, loaded_weight=loaded_weight,\n'
            "                      expert_data=expert_data, tp_rank=tp_rank)\n",
            '        self._load_w2(shard_id="w2", shard_dim=1, loaded_weight=loaded_weight,',
        ),
    ),
    (
        "#11528 parameter removed",
        "a positional call of _load_w2",
        K(
            "#11528",
            PN,
            PNW,
            "vllm/aeon/pn3.py",
            FM + "def aeon_load_down(layer: FusedMoE, expert_data: torch.Tensor, w: torch.Tensor, tp_rank: int):\n"
            "    # AEON: the Spark's loader feeds the down projection itself\n"
            '    layer._load_w2(expert_data, 1, "w2", w, tp_rank)\n',
            '    layer._load_w2(expert_data, 1, "w2", w, tp_rank)',
        ),
    ),
    (
        "#11528 parameter added, passed by the caller",
        "an override of _load_model_weight_or_group_weight_scale",
        K(
            "#11528",
            PN,
            PNW,
            "vllm/aeon/pn4.py",
            FM + "class AeonGroupMoE(FusedMoE):\n"
            "    # AEON: the NVFP4 block scales are swizzled on load for GB10\n"
            "    def _load_model_weight_or_group_weight_scale(self, shard_dim: int, expert_data: torch.Tensor,\n"
            "                                                 shard_id: str, loaded_weight: torch.Tensor,\n"
            "                                                 tp_rank: int):\n"
            "        super()._load_model_weight_or_group_weight_scale(\n"
            "            shard_dim, expert_data, shard_id, loaded_weight.contiguous(), tp_rank)\n",
            "    def _load_model_weight_or_group_weight_scale(self, shard_dim: int, expert_data: torch.Tensor,",
        ),
    ),
    (
        "#11528 parameter renamed, passed by keyword",
        "twin: a keyword call of the kept _load_w13, an override hands everything on",
        K(
            "#11528",
            PN,
            PNW,
            "vllm/aeon/pn5.py",
            FM + "class AeonGateUpMoE(FusedMoE):\n"
            "    def aeon_load_gate(self, expert_data: torch.Tensor, w: torch.Tensor, tp_rank: int):\n"
            '        self._load_w13(shard_id="w1", shard_dim=0, loaded_weight=w,\n'
            "                       expert_data=expert_data, tp_rank=tp_rank)\n\n\n"
            "class AeonPassMethod(FusedMoEMethodBase):\n"
            "    def create_weights(self, layer: torch.nn.Module, *args, **kwargs):\n"
            "        return super().create_weights(layer, *args, **kwargs)\n",
            '        self._load_w13(shard_id="w1", shard_dim=0, loaded_weight=w,',
        ),
    ),
]

# --- #26135 (f95da13c3d): FusedMoE hands create_weights a new global_num_experts keyword
GN = "f95da13c3d"
GNW = "create_weights called with global_num_experts"
CASES += [
    (
        "#26135 keyword added by the caller",
        "an override of create_weights without **extra_weight_attrs",
        K(
            "#26135",
            GN,
            GNW,
            "vllm/aeon/gn1.py",
            FM + "class AeonFp4Method(FusedMoEMethodBase):\n"
            "    # AEON: the Spark's NVFP4 experts take one loader, no other weight attributes\n"
            "    def create_weights(self, layer: torch.nn.Module, num_experts: int, hidden_size: int,\n"
            "                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       weight_loader=None):\n"
            "        w13 = torch.nn.Parameter(torch.empty(num_experts, 2 * intermediate_size_per_partition,\n"
            "                                             hidden_size // 2, dtype=torch.uint8), requires_grad=False)\n"
            "        w13.weight_loader = weight_loader\n"
            '        layer.register_parameter("w13_weight", w13)\n',
            "    def create_weights(self, layer: torch.nn.Module, num_experts: int, hidden_size: int,",
        ),
    ),
    (
        "#26135 keyword added by the caller",
        "twin: an override keeping **extra_weight_attrs",
        K(
            "#26135",
            GN,
            GNW,
            "vllm/aeon/gn2.py",
            FM + "class AeonFp4Method2(FusedMoEMethodBase):\n"
            "    def create_weights(self, layer: torch.nn.Module, num_experts: int, hidden_size: int,\n"
            "                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       **extra_weight_attrs):\n"
            "        w13 = torch.nn.Parameter(torch.empty(num_experts, 2 * intermediate_size_per_partition,\n"
            "                                             hidden_size // 2, dtype=torch.uint8), requires_grad=False)\n"
            '        layer.register_parameter("w13_weight", w13)\n',
            "    def create_weights(self, layer: torch.nn.Module, num_experts: int, hidden_size: int,",
        ),
    ),
]

# --- #27487 (5d3be3ba4c): maybe_roundup_hidden_size given a required is_lora_enabled
RH = "5d3be3ba4c"
RHW = "maybe_roundup_hidden_size(..., is_lora_enabled) required"
RHI = (
    "import torch\n\nfrom vllm.model_executor.layers.fused_moe import layer as fml\n"
    "from vllm.model_executor.layers.fused_moe.layer import determine_expert_map, maybe_roundup_hidden_size\n\n\n"
)
CASES += [
    (
        "#27487 required parameter added",
        "a positional call",
        K(
            "#27487",
            RH,
            RHW,
            "vllm/aeon/rh1.py",
            RHI + "def aeon_hidden(hidden: int, quant_config, moe_parallel_config) -> int:\n"
            "    # AEON: the Spark's MXFP4 draft layer sizes its buffers the same way\n"
            "    return maybe_roundup_hidden_size(hidden, torch.bfloat16, quant_config, moe_parallel_config)\n",
            "return maybe_roundup_hidden_size(hidden, torch.bfloat16, quant_config, moe_parallel_config)",
        ),
    ),
    (
        "#27487 required parameter added",
        "a keyword call through the module",
        K(
            "#27487",
            RH,
            RHW,
            "vllm/aeon/rh2.py",
            RHI + "def aeon_hidden2(hidden: int, quant_config, moe_parallel_config) -> int:\n"
            "    return fml.maybe_roundup_hidden_size(\n"
            "        hidden_size=hidden,\n"
            "        act_dtype=torch.bfloat16,\n"
            "        quant_config=quant_config,\n"
            "        moe_parallel_config=moe_parallel_config,\n"
            "    )\n",
            "return fml.maybe_roundup_hidden_size(",
        ),
    ),
    (
        "#27487 required parameter added",
        "twin: the unchanged determine_expert_map",
        K(
            "#27487",
            RH,
            RHW,
            "vllm/aeon/rh3.py",
            RHI + "def aeon_map(ep_size: int, ep_rank: int, n: int):\n"
            "    return determine_expert_map(ep_size, ep_rank, n)\n",
            "return determine_expert_map(ep_size, ep_rank, n)",
        ),
    ),
]

# --- #33013 (13b842f271): FusedMoE.capture removed; RoutedExpertsCapturer no longer imported by the layer
CP = "13b842f271"
CPW = "FusedMoE.capture removed (capture moved to the router); RoutedExpertsCapturer import dropped"
FL = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
CASES += [
    (
        "#33013 attribute removed",
        "a subclass's self.capture read",
        K(
            "#33013",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            FL + "class AeonReplayMoE(FusedMoE):\n"
            "    # AEON: the Spark's RL loop replays the routed experts of the draft pass\n"
            "    def aeon_record(self, topk_ids: torch.Tensor) -> None:\n"
            "        if self.capture is not None:\n"
            "            self.capture(topk_ids)\n",
            "if self.capture is not None:",
        ),
    ),
    (
        "#33013 attribute removed",
        "a subclass setting self.capture (no longer called)",
        K(
            "#33013",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            FL + "class AeonCaptureMoE(FusedMoE):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: the Spark records routed experts to its own ring buffer\n"
            "        self.capture = self.aeon_capture\n\n"
            "    def aeon_capture(self, topk_ids: torch.Tensor) -> None:\n"
            "        torch.ops.aeon.record_experts(topk_ids)\n",
            "self.capture = self.aeon_capture",
        ),
    ),
    (
        "#33013 name no longer imported",
        "an import of RoutedExpertsCapturer from the layer",
        K(
            "#33013",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            "from vllm.model_executor.layers.fused_moe.layer import RoutedExpertsCapturer\n\n\n"
            "def aeon_capturer():\n"
            "    # AEON: the Spark's RL loop reads the capturer\n"
            "    return RoutedExpertsCapturer.get_instance()\n",
            "from vllm.model_executor.layers.fused_moe.layer import RoutedExpertsCapturer",
        ),
    ),
    (
        "#33013 name no longer imported",
        "twin: the capturer from its own module",
        K(
            "#33013",
            CP,
            CPW,
            "vllm/aeon/cp4.py",
            "from vllm.model_executor.layers.fused_moe.routed_experts_capturer import RoutedExpertsCapturer\n\n\n"
            "def aeon_capturer2():\n"
            "    return RoutedExpertsCapturer.get_instance()\n",
            "return RoutedExpertsCapturer.get_instance()",
        ),
    ),
]

# --- #15587 (43ed4143c4): FusedMoE._load_fp8_scale removed
F8 = "43ed4143c4"
F8W = "FusedMoE._load_fp8_scale removed"
CASES += [
    (
        "#15587 method removed",
        "a subclass's self._load_fp8_scale call",
        K(
            "#15587",
            F8,
            F8W,
            "vllm/aeon/f81.py",
            FL + "class AeonFp8MoE(FusedMoE):\n"
            "    # AEON: the Spark's FP8 draft checkpoint keeps one scale per w1/w3\n"
            "    def aeon_load_scale(self, param, loaded_weight, weight_name: str, shard_id: str, expert_id: int):\n"
            "        self._load_fp8_scale(param, loaded_weight, weight_name, shard_id, expert_id)\n",
            "self._load_fp8_scale(param, loaded_weight, weight_name, shard_id, expert_id)",
        ),
    ),
    (
        "#15587 method removed",
        "an unbound call through the class",
        K(
            "#15587",
            F8,
            F8W,
            "vllm/aeon/f82.py",
            FL + "def aeon_load_scale(layer: FusedMoE, param, w, name: str, shard_id: str, eid: int) -> None:\n"
            "    FusedMoE._load_fp8_scale(layer, param, w, name, shard_id, eid)\n",
            "FusedMoE._load_fp8_scale(layer, param, w, name, shard_id, eid)",
        ),
    ),
    (
        "#15587 method removed",
        "twin: the kept per-tensor scale loader",
        K(
            "#15587",
            F8,
            F8W,
            "vllm/aeon/f83.py",
            FL + "class AeonFp8MoE2(FusedMoE):\n"
            "    def aeon_load_scale(self, param, loaded_weight, shard_id: str, expert_id: int):\n"
            "        self._load_per_tensor_weight_scale(shard_id=shard_id, param=param,\n"
            "                                           loaded_weight=loaded_weight, expert_id=expert_id)\n",
            "self._load_per_tensor_weight_scale(shard_id=shard_id, param=param,",
        ),
    ),
]

# --- #18077 (6266c57bae): FusedMoE.naive_multicast removed (dispatch/combine moved to the EP group)
NM = "6266c57bae"
NMW = "FusedMoE.naive_multicast removed; forward_impl now calls get_ep_group().dispatch"
CASES += [
    (
        "#18077 method removed",
        "a subclass's self.naive_multicast call",
        K(
            "#18077",
            NM,
            NMW,
            "vllm/aeon/nm1.py",
            FL + "class AeonDpMoE(FusedMoE):\n"
            "    # AEON: two Sparks run DP=2 over the ConnectX link\n"
            "    def aeon_gather(self, x: torch.Tensor, cu_tokens: torch.Tensor) -> torch.Tensor:\n"
            "        return self.naive_multicast(x, cu_tokens)\n",
            "return self.naive_multicast(x, cu_tokens)",
        ),
    ),
    (
        "#18077 method removed",
        "an override of naive_multicast (no longer called)",
        K(
            "#18077",
            NM,
            NMW,
            "vllm/aeon/nm2.py",
            FL + "class AeonDpMoE2(FusedMoE):\n"
            "    # AEON: the Spark pair multicasts in one all-gather over RoCE\n"
            "    def naive_multicast(self, x: torch.Tensor, cu_tokens_across_dp_cpu: torch.Tensor):\n"
            "        return torch.ops.aeon.dp_all_gather(x, cu_tokens_across_dp_cpu)\n",
            "    def naive_multicast(self, x: torch.Tensor, cu_tokens_across_dp_cpu: torch.Tensor):",
        ),
    ),
    (
        "#18077 method removed",
        "twin: the kept dp_rank and the DP group",
        K(
            "#18077",
            NM,
            NMW,
            "vllm/aeon/nm3.py",
            "import torch\n\nfrom vllm.distributed import get_dp_group\n"
            "from vllm.model_executor.layers.fused_moe.layer import FusedMoE\n\n\n"
            "class AeonDpMoE3(FusedMoE):\n"
            "    def aeon_is_leader(self) -> bool:\n"
            "        return self.dp_rank == 0 and get_dp_group().world_size > 1\n",
            "return self.dp_rank == 0 and get_dp_group().world_size > 1",
        ),
    ),
    (
        "#18077 method removed",
        "twin: an override of the kept forward_impl",
        K(
            "#18077",
            NM,
            NMW,
            "vllm/aeon/nm4.py",
            FL + "class AeonDpMoE4(FusedMoE):\n"
            "    def forward_impl(self, hidden_states: torch.Tensor, router_logits: torch.Tensor):\n"
            "        return super().forward_impl(hidden_states.contiguous(), router_logits)\n",
            "return super().forward_impl(hidden_states.contiguous(), router_logits)",
        ),
    ),
]

# --- #29575 (3b1d440ede): the layer stops importing grouped_topk (GroupedTopk CustomOp instead)
GT = "3b1d440ede"
GTW = "layer's grouped_topk import replaced by GroupedTopk"
CASES += [
    (
        "#29575 name no longer imported",
        "an import of grouped_topk from the layer",
        K(
            "#29575",
            GT,
            GTW,
            "vllm/aeon/gt1.py",
            "from vllm.model_executor.layers.fused_moe.layer import grouped_topk\n\n\n"
            "def aeon_route(hidden, logits, k: int):\n"
            "    # AEON: the draft's DeepSeek-style MoE routes by group\n"
            "    return grouped_topk(hidden, logits, k, True, num_expert_group=8, topk_group=4)\n",
            "from vllm.model_executor.layers.fused_moe.layer import grouped_topk",
        ),
    ),
    (
        "#29575 name no longer read",
        "a monkeypatch of the layer's grouped_topk (no longer read)",
        K(
            "#29575",
            GT,
            GTW,
            "vllm/aeon/gt2.py",
            "import torch\n\nimport vllm.model_executor.layers.fused_moe.layer as fml\n\n\n"
            "def aeon_grouped_topk(hidden_states, gating_output, topk, renormalize, **kwargs):\n"
            "    return torch.ops.aeon.grouped_topk(gating_output, topk, renormalize)\n\n\n"
            "def aeon_install() -> None:\n"
            "    # AEON: sm_121a's grouped top-k kernel replaces the Triton one\n"
            "    fml.grouped_topk = aeon_grouped_topk\n",
            "fml.grouped_topk = aeon_grouped_topk",
        ),
    ),
    (
        "#29575 name no longer imported",
        "twin: grouped_topk from its own module",
        K(
            "#29575",
            GT,
            GTW,
            "vllm/aeon/gt3.py",
            "from vllm.model_executor.layers.fused_moe.fused_moe import grouped_topk\n\n\n"
            "def aeon_route2(hidden, logits, k: int):\n"
            "    return grouped_topk(hidden, logits, k, True, num_expert_group=8, topk_group=4)\n",
            "from vllm.model_executor.layers.fused_moe.fused_moe import grouped_topk",
        ),
    ),
]

# --- #31221 (87f1b8ca2c): the layer stops importing rocm_aiter_grouped_topk (unified into GroupedTopk)
AG = "87f1b8ca2c"
AGW = "layer's rocm_aiter_grouped_topk and partial imports removed"
CASES += [
    (
        "#31221 name no longer imported",
        "an import of rocm_aiter_grouped_topk from the layer",
        K(
            "#31221",
            AG,
            AGW,
            "vllm/aeon/ag1.py",
            "from vllm.model_executor.layers.fused_moe.layer import GroupedTopk, rocm_aiter_grouped_topk\n\n\n"
            "def aeon_impls():\n"
            "    # AEON: the Spark's router table lists each grouped top-k\n"
            '    return {"aiter": rocm_aiter_grouped_topk, "op": GroupedTopk}\n',
            "from vllm.model_executor.layers.fused_moe.layer import GroupedTopk, rocm_aiter_grouped_topk",
        ),
    ),
    (
        "#31221 name no longer read",
        "a monkeypatch of the layer's rocm_aiter_grouped_topk (no longer read)",
        K(
            "#31221",
            AG,
            AGW,
            "vllm/aeon/ag2.py",
            "from vllm.model_executor.layers.fused_moe import layer as fml\n\n\n"
            "def aeon_topk(*args, **kwargs):\n"
            "    raise NotImplementedError\n\n\n"
            "def aeon_install() -> None:\n"
            "    # AEON: the Spark never takes the AITER path; fail loudly if the layer picks it\n"
            "    fml.rocm_aiter_grouped_topk = aeon_topk\n",
            "fml.rocm_aiter_grouped_topk = aeon_topk",
        ),
    ),
    (
        "#31221 name no longer imported",
        "twin: the kept GroupedTopk, the AITER op from its own module",
        K(
            "#31221",
            AG,
            AGW,
            "vllm/aeon/ag3.py",
            "from vllm.model_executor.layers.fused_moe.layer import GroupedTopk\n"
            "from vllm.model_executor.layers.fused_moe.rocm_aiter_fused_moe import rocm_aiter_grouped_topk\n\n\n"
            "def aeon_impls2():\n"
            '    return {"aiter": rocm_aiter_grouped_topk, "op": GroupedTopk}\n',
            "from vllm.model_executor.layers.fused_moe.layer import GroupedTopk",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fmlayer2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
