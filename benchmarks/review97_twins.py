"""Adversarial twins of killers189's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- keys handed through a dict the calling function builds (``_spread_read`` in ``drift/handed_keys.py``) on a
  holder ``self.attr`` annotated as the override's base class or one of its bases (``_typed_receiver`` in
  ``drift/symbols.py``, with ``_annotated_locals`` typing ``self.quant_method = quant_method``; #26135
  ``moe_quant_params`` gains ``"global_num_experts"``): the override naming the key (the new spelling), keyword-only
  after ``*``, required and positional, ``**kwargs`` under another name, ``**extra_weight_attrs`` handed to
  ``super()``, a linear method and a KV-cache method (the holder's base's other families) of the name, the
  fork's own class of the name with no upstream base, the same holder's unchanged call; #11528's key stored under
  an ``if`` (``"intermediate_size_full"``, the WNA16 act-order method's alone); #30357's ``"unpadded_hidden_size"``
  (the new key named, ``**extra_weight_attrs`` kept, a linear method of the name);
- an override reached through a dispatcher (``_dispatcher``/``_dispatched`` in ``drift/symbols.py``;
  #12583 ``apply`` hands ``global_num_experts``/``expert_map`` to ``self.forward``, ``CustomOp``'s
  ``return self._forward_method(*args, **kwargs)``, and #13795 hands it ``activation``): ``forward_cuda``
  taking the new keys (the new spelling), the fork's own ``apply`` calling its ``forward_cuda``
  itself (upstream's ``apply``, the dispatcher's caller, never runs on the fork's class), the fork's own
  ``forward`` (the dispatcher itself overridden), the fork's own ``dispatch_forward`` picking another method,
  ``forward_cuda`` on an unchanged ``CustomOp`` (``RMSNorm``), the fork's own ``forward_cuda`` helper on a class
  with no dispatcher, and ``forward_cpu`` naming ``activation`` beside ``**kwargs`` (upstream's own new shape).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
by these widenings, kept to show the reach stays (#26135's override naming ``weight_loader``, #12583's
``forward_cuda`` with the old list), #13795's ``forward_cuda`` without ``activation``, #30357's override without
``unpadded_hidden_size``, and three first written as twins that drop the new key in ``**kwargs`` (round 1).

Round 1 (main at 490b6316), 3 cases and 21 twins as first written: 3 caught of 3; 7 false errors of 21, all of
the dispatcher: the fork's own ``apply``, own ``forward`` and own ``dispatch_forward`` twins (4 with #13795's:
``_dispatched`` counted upstream's ``self.forward(...)`` in ``apply`` even where the fork's class overrides
``apply``, the dispatcher or its picker whole, so upstream's call never runs there), and three that were not
twins: ``forward_cuda`` with the old list and ``**kwargs``, ``forward_cuda(layer, x, ..., **kwargs)`` and
``forward_cpu`` in upstream's old shape, each taking the new key (``expert_map``, ``activation``) in ``**kwargs``
and dropping it -- under EP or on a GELU model they silently compute wrong, which the dropped-in-``**kwargs``
rule makes an error once a caller passes it (moved to the CASES).  The four own-method twins dropped the new
keys in an ``apply(**kwargs)`` too: rewritten to name them and refuse what the kernel cannot do (``if expert_map
is not None: raise``), and a ``forward_cpu`` naming ``activation`` beside ``**kwargs`` added.  So round 1 on the
final set: 6 caught of 6; 4 false errors of 19 twins.  The spread dict, the typed holder and the annotated local
raised none: each twin of them is kept out by ``refused``'s test that the call without the new key bound the
override before (a linear or KV-cache method of the name never matched ``FusedMoE``'s call).
Round 2 (this branch): ``_dispatch_reaches`` counts a dispatcher's call only from a method of the base's class the
fork's class does not override whole (``handed_keys.overridden_whole``, as ``_self_call_reaches`` does for a
direct ``self.name(...)``), not where the fork overrides the dispatcher itself, nor where it overrides whole the
picker whose result the dispatcher calls (``self._forward_method = self.dispatch_forward()``) without naming the
override.  6 caught of 6; 0 false errors of 19 twins (9 warned: the old ``forward_cuda`` the fork calls itself
stays a warning, "no call upstream passes them").
Round 3 (another real commit, written after the mend): #30357 (01923eec70) added ``"unpadded_hidden_size"`` to
``moe_quant_params`` (the holder now annotated ``FusedMoEMethodBase`` itself): a case (an override naming #26135's
``global_num_experts``, no ``**extra_weight_attrs``) and three twins (the new key named, ``**extra_weight_attrs``
kept, a linear method of the name).  Main (490b6316) and this branch alike: 1 caught, 0 false of 3.
All rounds, main (490b6316): 7 caught of 7; 4 false errors of 22 twins.  This branch: 7 caught of 7; 0 false
errors of 22 twins.
Regression set at this branch's head: blind_replay_fmlayer2 20 caught, 0 warned, 1 missed of 21 (11 quiet, 0 false),
killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_fmlayer 19/2/0 of 21 (12 quiet),
blind_replay_fusedlayer 29/1/0 of 30 (16 quiet), blind_replay_moe 30/1/0 of 31 (13 quiet), blind_replay_eagleprop
19/2/0 of 21 (12 quiet), review35_twins 7/7 (24 quiet, 3 warned) -- all as before.

  PYTHONPATH=.. python review97_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- f95da13c3d (#26135): FusedMoE.__init__'s moe_quant_params gains "global_num_experts"
GN = ("#26135", "f95da13c3d", "create_weights handed global_num_experts through **moe_quant_params")
FM = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE, FusedMoEMethodBase\n\n\n"
SIG = "    def create_weights(self, layer: torch.nn.Module, num_experts: int, hidden_size: int,"
BODY = (
    "        w13 = torch.nn.Parameter(torch.empty(num_experts, 2 * intermediate_size_per_partition,\n"
    "                                             hidden_size // 2, dtype=torch.uint8), requires_grad=False)\n"
    '        layer.register_parameter("w13_weight", w13)\n'
)
CASES += [
    (
        "#26135 keys handed through a built dict",
        "an override of create_weights naming weight_loader, no **extra_weight_attrs",
        K(
            *GN,
            "vllm/aeon/r97gn0.py",
            FM
            + "class AeonFp4Method(FusedMoEMethodBase):\n"
            + SIG
            + "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       weight_loader=None):\n" + BODY,
            SIG,
        ),
    ),
]
TWINS += [
    (
        "#26135 keys handed through a built dict",
        "twin: the override names global_num_experts (the new spelling)",
        K(
            *GN,
            "vllm/aeon/r97gn1.py",
            FM
            + "class AeonFp4Method1(FusedMoEMethodBase):\n"
            + SIG
            + "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       weight_loader=None, global_num_experts: int = -1):\n" + BODY,
            SIG,
        ),
    ),
    (
        "#26135 keys handed through a built dict",
        "twin: global_num_experts keyword-only after a bare *",
        K(
            *GN,
            "vllm/aeon/r97gn2.py",
            FM
            + "class AeonFp4Method2(FusedMoEMethodBase):\n"
            + SIG
            + "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype, *,\n"
            "                       weight_loader=None, global_num_experts: int):\n" + BODY,
            SIG,
        ),
    ),
    (
        "#26135 keys handed through a built dict",
        "twin: the override takes **kwargs under its own name",
        K(
            *GN,
            "vllm/aeon/r97gn3.py",
            FM
            + "class AeonFp4Method3(FusedMoEMethodBase):\n"
            + SIG
            + "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       weight_loader=None, **_unused):\n" + BODY,
            SIG,
        ),
    ),
    (
        "#26135 keys handed through a built dict",
        "twin: the override hands **extra_weight_attrs on to super()",
        K(
            *GN,
            "vllm/aeon/r97gn4.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import UnquantizedFusedMoEMethod\n\n\n"
            "class AeonLoggedMethod(UnquantizedFusedMoEMethod):\n"
            + SIG
            + "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       **extra_weight_attrs):\n"
            "        super().create_weights(layer, num_experts, hidden_size, intermediate_size_per_partition,\n"
            "                               params_dtype, **extra_weight_attrs)\n",
            SIG,
        ),
    ),
    (
        "#26135 keys handed through a built dict",
        "twin: a linear method (the holder's base's other family) naming weight_loader",
        K(
            *GN,
            "vllm/aeon/r97gn5.py",
            "import torch\n\nfrom vllm.model_executor.layers.linear import LinearMethodBase\n\n\n"
            "class AeonFp4Linear(LinearMethodBase):\n"
            "    def create_weights(self, layer: torch.nn.Module, input_size_per_partition: int,\n"
            "                       output_partition_sizes: list[int], input_size: int, output_size: int,\n"
            "                       params_dtype: torch.dtype, weight_loader=None):\n"
            "        w = torch.nn.Parameter(torch.empty(sum(output_partition_sizes), input_size_per_partition // 2,\n"
            "                                           dtype=torch.uint8), requires_grad=False)\n"
            '        layer.register_parameter("weight", w)\n',
            "    def create_weights(self, layer: torch.nn.Module, input_size_per_partition: int,",
        ),
    ),
    (
        "#26135 keys handed through a built dict",
        "twin: a KV-cache method (the holder's base's third family) taking only the layer",
        K(
            *GN,
            "vllm/aeon/r97gn6.py",
            "import torch\n\nfrom vllm.model_executor.layers.quantization.kv_cache import BaseKVCacheMethod\n\n\n"
            "class AeonKVMethod(BaseKVCacheMethod):\n"
            "    def create_weights(self, layer: torch.nn.Module):\n"
            "        layer.k_scale = torch.nn.Parameter(torch.tensor(1.0), requires_grad=False)\n",
            "    def create_weights(self, layer: torch.nn.Module):",
        ),
    ),
    (
        "#26135 keys handed through a built dict",
        "twin: the fork's own expert store (no upstream base) of the name",
        K(
            *GN,
            "vllm/aeon/r97gn7.py",
            "import torch\n\n\n"
            "class AeonExpertStore:\n"
            + SIG
            + "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       weight_loader=None):\n" + BODY,
            SIG,
        ),
    ),
    (
        "#26135 keys handed through a built dict",
        "twin: the same holder's unchanged call (process_weights_after_loading)",
        K(
            *GN,
            "vllm/aeon/r97gn8.py",
            FM
            + "class AeonFp4Method8(FusedMoEMethodBase):\n"
            + SIG
            + "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       **extra_weight_attrs):\n" + BODY + "\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        layer.w13_weight.data = layer.w13_weight.data.contiguous()\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
    (
        "#26135 keys handed through a built dict",
        "twin: global_num_experts required, positional after weight_loader",
        K(
            *GN,
            "vllm/aeon/r97gn9.py",
            FM
            + "class AeonFp4Method9(FusedMoEMethodBase):\n"
            + SIG
            + "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       weight_loader, global_num_experts):\n" + BODY,
            SIG,
        ),
    ),
]

# --- eb5cb5e528 (#11528): create_weights' call becomes **moe_quant_params, "intermediate_size_full" under an if
RN = ("#11528", "eb5cb5e528", "create_weights' keywords handed through a built dict, one key stored under an if")
TWINS += [
    (
        "#11528 a key stored under an if",
        "twin: the new parameter name, weight_loader named, no intermediate_size_full",
        K(
            *RN,
            "vllm/aeon/r97rn1.py",
            FM + "class AeonActOrderMethod(FusedMoEMethodBase):\n"
            "    # AEON: not the WNA16 act-order method: the layer never stores intermediate_size_full for it\n"
            + SIG
            + "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
            "                       weight_loader=None):\n" + BODY,
            SIG,
        ),
    ),
]

# --- 01923eec70 (#30357): moe_quant_params gains "unpadded_hidden_size" (the holder annotated FusedMoEMethodBase)
UP = ("#30357", "01923eec70", "create_weights handed unpadded_hidden_size through **moe_quant_params")
FB = "import torch\n\nfrom vllm.model_executor.layers.fused_moe import FusedMoEMethodBase\n\n\n"
KEPT = "\n                       intermediate_size_per_partition: int, params_dtype: torch.dtype,\n"
CASES += [
    (
        "#30357 keys handed through a built dict",
        "an override naming #26135's global_num_experts, no **extra_weight_attrs",
        K(
            *UP,
            "vllm/aeon/r97up0.py",
            FB
            + "class AeonMxfp4Method(FusedMoEMethodBase):\n"
            + SIG
            + KEPT
            + "                       weight_loader=None, global_num_experts: int = -1):\n"
            + BODY,
            SIG,
        ),
    ),
]
TWINS += [
    (
        "#30357 keys handed through a built dict",
        "twin: the override names unpadded_hidden_size (the new spelling)",
        K(
            *UP,
            "vllm/aeon/r97up1.py",
            FB
            + "class AeonMxfp4Method1(FusedMoEMethodBase):\n"
            + SIG
            + KEPT
            + "                       weight_loader=None, global_num_experts: int = -1,\n"
            "                       unpadded_hidden_size: int | None = None):\n" + BODY,
            SIG,
        ),
    ),
    (
        "#30357 keys handed through a built dict",
        "twin: the override keeps **extra_weight_attrs, naming global_num_experts",
        K(
            *UP,
            "vllm/aeon/r97up2.py",
            FB
            + "class AeonMxfp4Method2(FusedMoEMethodBase):\n"
            + SIG
            + KEPT
            + "                       global_num_experts: int = -1, **extra_weight_attrs):\n"
            + BODY,
            SIG,
        ),
    ),
    (
        "#30357 keys handed through a built dict",
        "twin: a linear method of the name naming weight_loader (never matched the layer's call)",
        K(
            *UP,
            "vllm/aeon/r97up3.py",
            "import torch\n\nfrom vllm.model_executor.layers.linear import LinearMethodBase\n\n\n"
            "class AeonMxfp4Linear(LinearMethodBase):\n"
            "    def create_weights(self, layer: torch.nn.Module, input_size_per_partition: int,\n"
            "                       output_partition_sizes: list[int], input_size: int, output_size: int,\n"
            "                       params_dtype: torch.dtype, weight_loader=None):\n"
            "        w = torch.nn.Parameter(torch.empty(sum(output_partition_sizes), input_size_per_partition // 2,\n"
            "                                           dtype=torch.uint8), requires_grad=False)\n"
            '        layer.register_parameter("weight", w)\n',
            "    def create_weights(self, layer: torch.nn.Module, input_size_per_partition: int,",
        ),
    ),
]

# --- 781096e385 (#12583): apply/forward_cuda given global_num_experts/expert_map, apply calls self.forward(...)
EP = ("#12583", "781096e385", "apply hands global_num_experts/expert_map to CustomOp.forward -> forward_cuda")
UQ = "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE, UnquantizedFusedMoEMethod\n\n\n"
OLD = (
    "        self,\n"
    "        layer: torch.nn.Module,\n"
    "        x: torch.Tensor,\n"
    "        use_grouped_topk: bool,\n"
    "        top_k: int,\n"
    "        router_logits: torch.Tensor,\n"
    "        renormalize: bool,\n"
    "        topk_group: int | None = None,\n"
    "        num_expert_group: int | None = None,\n"
)
TAIL = (
    "        custom_routing_function=None,\n"
    '        scoring_func: str = "softmax",\n'
    "        e_score_correction_bias: torch.Tensor | None = None,\n"
)
SEL = (
    "        weights, ids = FusedMoE.select_experts(\n"
    "            hidden_states=x, router_logits=router_logits, use_grouped_topk=use_grouped_topk,\n"
    "            top_k=top_k, renormalize=renormalize,\n"
    "        )\n"
    "        return torch.ops.aeon.spark_moe(x, layer.w13_weight, layer.w2_weight, weights, ids)\n"
)
FWD = "    def forward_cuda(\n" + OLD + TAIL + "    ) -> torch.Tensor:\n" + SEL


def _apply(extra: str, refuse: str) -> str:
    """A fork ``apply`` naming every key upstream now hands it, refusing what its kernel cannot do, and calling
    its own ``forward_cuda`` with the old list."""
    head = (
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
    )
    return head + extra + "    ) -> torch.Tensor:\n" + refuse + CALL_OLD + "\n"


CALL_OLD = (
    "        return self.forward_cuda(layer, x, use_grouped_topk, top_k, router_logits, renormalize, topk_group,\n"
    "                                 num_expert_group, custom_routing_function, scoring_func, e_score_correction_bias)\n"
)
EPK = "        global_num_experts: int = -1,\n        expert_map: torch.Tensor | None = None,\n"
NO_EP = "        if expert_map is not None:\n            raise NotImplementedError('AEON: the Spark kernel runs every expert on one rank')\n"
NO_ACT = (
    "        if activation != 'silu':\n            raise NotImplementedError('AEON: the Spark kernel is SiLU only')\n"
)
APPLY_EP = _apply(EPK + TAIL, NO_EP)
APPLY_AC = _apply(EPK + TAIL + '        activation: str = "silu",\n', NO_EP + NO_ACT)
FWD_OWN = "    def {name}(\n" + OLD + EPK + TAIL + "    ) -> torch.Tensor:\n" + NO_EP + CALL_OLD + "\n"
CASES += [
    (
        "#12583 an override reached through a dispatcher",
        "an override of forward_cuda with the old parameter list",
        K(
            *EP,
            "vllm/aeon/r97ep0.py",
            UQ + "class AeonSparkMoEMethod(UnquantizedFusedMoEMethod):\n" + FWD,
            "    def forward_cuda(",
        ),
    ),
    (
        "#12583 an override reached through a dispatcher",
        "an override of forward_cuda with the old list and **kwargs it drops (written as a twin: expert_map lost)",
        K(
            *EP,
            "vllm/aeon/r97ep2.py",
            UQ + "class AeonSparkMoEMethod2(UnquantizedFusedMoEMethod):\n"
            "    def forward_cuda(\n" + OLD + TAIL + "        **kwargs,\n    ) -> torch.Tensor:\n" + SEL,
            "    def forward_cuda(",
        ),
    ),
]
TWINS += [
    (
        "#12583 an override reached through a dispatcher",
        "twin: forward_cuda with global_num_experts and expert_map (the new spelling)",
        K(
            *EP,
            "vllm/aeon/r97ep1.py",
            UQ + "class AeonSparkMoEMethod1(UnquantizedFusedMoEMethod):\n"
            "    def forward_cuda(\n" + OLD + EPK + TAIL + "    ) -> torch.Tensor:\n" + SEL,
            "    def forward_cuda(",
        ),
    ),
    (
        "#12583 an override reached through a dispatcher",
        "twin: the fork's own apply calls its forward_cuda (old list) itself; upstream's apply never runs",
        K(
            *EP,
            "vllm/aeon/r97ep3.py",
            UQ + "class AeonSparkMoEMethod3(UnquantizedFusedMoEMethod):\n" + APPLY_EP + FWD,
            "    def forward_cuda(",
        ),
    ),
    (
        "#12583 an override reached through a dispatcher",
        "twin: the fork's own forward (the dispatcher overridden) calls forward_cuda (old list)",
        K(
            *EP,
            "vllm/aeon/r97ep4.py",
            UQ + "class AeonSparkMoEMethod4(UnquantizedFusedMoEMethod):\n" + FWD_OWN.format(name="forward") + FWD,
            "    def forward_cuda(",
        ),
    ),
    (
        "#12583 an override reached through a dispatcher",
        "twin: the fork's dispatch_forward picks its own method; forward_cuda (old list) is only its helper",
        K(
            *EP,
            "vllm/aeon/r97ep5.py",
            UQ + "class AeonSparkMoEMethod5(UnquantizedFusedMoEMethod):\n"
            "    def dispatch_forward(self):\n"
            "        return self.aeon_forward\n\n" + FWD_OWN.format(name="aeon_forward") + FWD,
            "    def forward_cuda(",
        ),
    ),
    (
        "#12583 an override reached through a dispatcher",
        "twin: forward_cuda on an unchanged CustomOp (RMSNorm)",
        K(
            *EP,
            "vllm/aeon/r97ep6.py",
            "import torch\n\nfrom vllm.model_executor.layers.layernorm import RMSNorm\n\n\n"
            "class AeonRMSNorm(RMSNorm):\n"
            "    def forward_cuda(self, x: torch.Tensor, residual: torch.Tensor | None = None):\n"
            "        return torch.ops.aeon.rms_norm(x, self.weight, self.variance_epsilon, residual)\n",
            "    def forward_cuda(self, x: torch.Tensor, residual: torch.Tensor | None = None):",
        ),
    ),
    (
        "#12583 an override reached through a dispatcher",
        "twin: the fork's own forward_cuda helper on a FusedMoEMethodBase subclass (no dispatcher there)",
        K(
            *EP,
            "vllm/aeon/r97ep7.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe.layer import FusedMoE, FusedMoEMethodBase\n\n\n"
            "class AeonSparkMoEMethod7(FusedMoEMethodBase):\n" + APPLY_EP + FWD,
            "    def forward_cuda(",
        ),
    ),
]

# --- 07c4353057 (#13795): apply/forward_cuda given activation, apply calls self.forward(..., activation=...)
AC = ("#13795", "07c4353057", "apply hands activation to CustomOp.forward -> forward_cuda")
FWD2 = "    def forward_cuda(\n" + OLD + EPK + TAIL + "    ) -> torch.Tensor:\n" + SEL
CASES += [
    (
        "#13795 an override reached through a dispatcher",
        "an override of forward_cuda without activation",
        K(
            *AC,
            "vllm/aeon/r97ac0.py",
            UQ + "class AeonGrokMoEMethod(UnquantizedFusedMoEMethod):\n" + FWD2,
            "    def forward_cuda(",
        ),
    ),
    (
        "#13795 an override reached through a dispatcher",
        "forward_cpu naming the old list, activation dropped in **kwargs (written as a twin: a GELU model runs SiLU)",
        K(
            *AC,
            "vllm/aeon/r97ac3.py",
            UQ + "class AeonGraceMoEMethod(UnquantizedFusedMoEMethod):\n"
            "    def forward_cpu(\n" + OLD + EPK + "        custom_routing_function=None,\n        **kwargs,\n"
            "    ) -> torch.Tensor:\n" + SEL,
            "    def forward_cpu(",
        ),
    ),
    (
        "#13795 an override reached through a dispatcher",
        "forward_cuda taking the rest in **kwargs it drops (written as a twin: activation, expert_map lost)",
        K(
            *AC,
            "vllm/aeon/r97ac4.py",
            UQ + "class AeonGrokMoEMethod4(UnquantizedFusedMoEMethod):\n"
            "    def forward_cuda(self, layer: torch.nn.Module, x: torch.Tensor, use_grouped_topk: bool, top_k: int,\n"
            "                     router_logits: torch.Tensor, renormalize: bool, **kwargs) -> torch.Tensor:\n" + SEL,
            "    def forward_cuda(self, layer: torch.nn.Module, x: torch.Tensor, use_grouped_topk: bool, top_k: int,",
        ),
    ),
]
TWINS += [
    (
        "#13795 an override reached through a dispatcher",
        "twin: forward_cuda taking activation (the new spelling)",
        K(
            *AC,
            "vllm/aeon/r97ac1.py",
            UQ + "class AeonGrokMoEMethod1(UnquantizedFusedMoEMethod):\n"
            "    def forward_cuda(\n" + OLD + EPK + TAIL + '        activation: str = "silu",\n'
            "    ) -> torch.Tensor:\n" + SEL,
            "    def forward_cuda(",
        ),
    ),
    (
        "#13795 an override reached through a dispatcher",
        "twin: the fork's own apply (refusing a non-SiLU activation) calls its forward_cuda without it",
        K(
            *AC,
            "vllm/aeon/r97ac2.py",
            UQ + "class AeonGrokMoEMethod2(UnquantizedFusedMoEMethod):\n" + APPLY_AC + FWD2,
            "    def forward_cuda(",
        ),
    ),
    (
        "#13795 an override reached through a dispatcher",
        "twin: forward_cpu taking activation beside **kwargs (upstream's own new shape)",
        K(
            *AC,
            "vllm/aeon/r97ac5.py",
            UQ + "class AeonGraceMoEMethod5(UnquantizedFusedMoEMethod):\n"
            "    def forward_cpu(\n" + OLD + EPK + "        custom_routing_function=None,\n"
            '        activation: str = "silu",\n        **kwargs,\n'
            "    ) -> torch.Tensor:\n" + NO_ACT + SEL,
            "    def forward_cpu(",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review97-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
