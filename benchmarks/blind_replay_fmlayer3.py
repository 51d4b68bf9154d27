"""A blind replay of the fused MoE layer (third pass): the hooks and helpers a fork's NVFP4 MoE carries override or call.

6 first-parent commits on ``vllm/model_executor/layers/fused_moe/layer.py`` -- the layer a fork that runs its
own NVFP4 MoE method, subclasses ``FusedMoE`` for its own weight loading, or patches the expert placement carries
code against: ``FusedMoEMethodBase.apply``'s callers now passing ``apply_router_weight_on_input`` (#16113) and
then the four EPLB keywords (#18343) to every method's ``apply`` (an override keeping the old parameter list
raises TypeError at the first forward), ``MOE_DP_CHUNK_SIZE`` removed for an env var (#19506),
``determine_expert_map`` now called with ``expert_placement_strategy=`` (#23745: a monkeypatched replacement
with the old parameters raises TypeError at layer build), ``maybe_roundup_hidden_size``'s ``quant_config``
replaced by required ``model_type``/``is_mxfp4_quant`` (#29008) and ``FusedMoE._narrow_expert_data_for_padding``
now called with ``shard_dim=`` from the loaders (#39688: a subclass's override with the old parameters raises
TypeError at weight loading) -- picked by scanning the path's diffs (``git log --first-parent -p``), avoiding
the commits ``blind_replay_fmlayer``, ``_fmlayer2``, ``_fusedlayer`` and ``_moe*`` use.  Each is replayed under
1-3 fork spellings written the way fork code is written (a subclass's override of a hook the base calls with a
new keyword, an override on a subclass of the concrete method, an import, a module attribute, a ``getattr``
with a literal, a monkeypatched module function, a positional call, a keyword call), with twins (fork code the
commit does not break: an override taking ``**kwargs``, a guarded ``getattr``, a keyword call that still fits,
the fork's own namesake function, a kept class).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d6d66253): 10 caught, 1 warned, 1 missed of 12 (twins: 7
quiet, 1 false errors).  Symbol drift caught the four ``apply`` overrides of the old parameter lists (#16113,
#18343), the removed constant's import, module read and literal ``getattr`` (#19506), the positional call of
``maybe_roundup_hidden_size`` (#29008) and both ``_narrow_expert_data_for_padding`` overrides (#39688).  The
miss: #23745's monkeypatched ``determine_expert_map`` (upstream added ``expert_placement_strategy=...`` on a line
of its own inside a call whose first line it kept, and patched functions' cheap gate looked for the name's call
on the added lines only).  The warned one: #29008's keyword call, an error landing on the ``quant_config=qc``
line, two below the call's first line the label names (a right error, counted warned by the harness; the label
is kept).  The false error was a wrong label: ``getattr(fml, "MOE_DP_CHUNK_SIZE", 256)``, written as a twin, is
caught by name drift because the read now always takes its default while the layer chunks by
``VLLM_MOE_DP_CHUNK_SIZE`` (silently out of step when the variable is set): relabelled a killer, its spelling
unchanged; the fork's own namesake constant was added as a twin after the blind run.
After the killers205 widenings: 12 caught, 1 warned, 0 missed of 13 (twins: 8 quiet, 0 false errors).  Caught
now: a patch of a module function whose call upstream grew by an argument below the call's unchanged first line
(``drift/patched_functions.py``, ``tests/audits/test_patched_argument_lines.py``).
Regression set at the widenings' head: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 quiet),
blind_replay_tfbackend 24 caught, 2 warned of 26 (11 quiet; as recorded), blind_replay_pstate 21 caught, 1 warned
of 22 (11 quiet, 1 warned; as recorded), blind_replay_wutils 11 caught, 6 warned, 3 missed of 20 (12 quiet, 1
warned; as recorded), blind_replay_compbackends 9 caught, 1 warned, 2 missed of 12 (10 quiet; its docstring's 8/1/3
of 12 with 7 twins predates later cases and engines), review73_twins 6/6, 0 false errors of 34 (3 warned).

  python benchmarks/blind_replay_fmlayer3.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

LAYER = "vllm.model_executor.layers.fused_moe.layer"

# --- #16113 (55dcce91df): FusedMoE.forward_impl passes apply_router_weight_on_input= to quant_method.apply
RW = "55dcce91df"
RWW = "the layer now calls quant_method.apply(..., apply_router_weight_on_input=...)"
OLD_APPLY = (
    "        self,\n"
    "        layer: torch.nn.Module,\n"
    "        x: torch.Tensor,\n"
    "        router_logits: torch.Tensor,\n"
    "        top_k: int,\n"
    "        renormalize: bool,\n"
    "        use_grouped_topk: bool = False,\n"
    "        topk_group: Optional[int] = None,\n"
    "        num_expert_group: Optional[int] = None,\n"
    "        global_num_experts: int = -1,\n"
    "        expert_map: Optional[torch.Tensor] = None,\n"
    "        custom_routing_function: Optional[Callable] = None,\n"
    '        scoring_func: str = "softmax",\n'
    "        e_score_correction_bias: Optional[torch.Tensor] = None,\n"
)
HDR = "from typing import Callable, Optional\n\nimport torch\n\n"
CASES += [
    (
        "#16113 hook called with a new keyword",
        "an override of the method base's apply with the old parameters",
        K(
            "#16113",
            RW,
            RWW,
            "vllm/aeon/rw1.py",
            HDR + f"from {LAYER} import FusedMoEMethodBase\n\n\n"
            "class AeonNvfp4MoEMethod(FusedMoEMethodBase):\n"
            "    # AEON: the Spark's GB10 runs NVFP4 experts through its own sm_121a kernel\n"
            "    def create_weights(self, layer, num_experts, hidden_size, intermediate_size_per_partition,\n"
            "                       params_dtype, **extra_weight_attrs):\n"
            "        pass\n\n"
            "    def apply(\n" + OLD_APPLY + '        activation: str = "silu",\n'
            "    ) -> torch.Tensor:\n"
            "        return x\n",
            "def apply(",
        ),
    ),
    (
        "#16113 hook called with a new keyword",
        "an override on a subclass of the unquantized method, calling super().apply",
        K(
            "#16113",
            RW,
            RWW,
            "vllm/aeon/rw2.py",
            HDR + f"from {LAYER} import UnquantizedFusedMoEMethod\n\n\n"
            "class AeonBf16MoEMethod(UnquantizedFusedMoEMethod):\n"
            "    # AEON: the draft model's MoE on the Spark runs unquantized with a routing trace\n"
            "    def apply(\n" + OLD_APPLY + '        activation: str = "silu",\n'
            "    ) -> torch.Tensor:\n"
            "        return super().apply(layer, x, router_logits, top_k, renormalize,\n"
            "                             use_grouped_topk, topk_group, num_expert_group,\n"
            "                             global_num_experts, expert_map, custom_routing_function,\n"
            "                             scoring_func, e_score_correction_bias, activation=activation)\n",
            "def apply(",
        ),
    ),
    (
        "#16113 hook called with a new keyword",
        "twin: an override taking **kwargs",
        K(
            "#16113",
            RW,
            RWW,
            "vllm/aeon/rw3.py",
            HDR + f"from {LAYER} import UnquantizedFusedMoEMethod\n\n\n"
            "class AeonTracedMoEMethod(UnquantizedFusedMoEMethod):\n"
            "    # AEON: counts the Spark's routed tokens per step\n"
            "    def apply(self, layer: torch.nn.Module, x: torch.Tensor, router_logits: torch.Tensor,\n"
            "              top_k: int, renormalize: bool, **kwargs) -> torch.Tensor:\n"
            "        return super().apply(layer, x, router_logits, top_k, renormalize, **kwargs)\n",
            "def apply(self, layer: torch.nn.Module, x: torch.Tensor, router_logits: torch.Tensor,",
        ),
    ),
]

# --- #18343 (e9fd658a73): the layer passes enable_eplb/expert_load_view/logical_* to quant_method.apply
EP = "e9fd658a73"
EPW = "the layer now calls quant_method.apply(..., enable_eplb=..., expert_load_view=..., ...)"
CASES += [
    (
        "#18343 hook called with new keywords",
        "an override of the method base's apply with the parameters of the day",
        K(
            "#18343",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            HDR + f"from {LAYER} import FusedMoEMethodBase\n\n\n"
            "class AeonNvfp4Method(FusedMoEMethodBase):\n"
            "    # AEON: NVFP4 MoE for GB10 (sm_121a), CUTLASS grouped GEMM\n"
            "    def create_weights(self, layer, num_experts, hidden_size, intermediate_size_per_partition,\n"
            "                       params_dtype, **extra_weight_attrs):\n"
            "        pass\n\n"
            "    def apply(\n" + OLD_APPLY + "        apply_router_weight_on_input: bool = False,\n"
            '        activation: str = "silu",\n'
            "    ) -> torch.Tensor:\n"
            "        return x\n",
            "def apply(",
        ),
    ),
    (
        "#18343 hook called with new keywords",
        "an override on a subclass of the unquantized method",
        K(
            "#18343",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            HDR + f"from {LAYER} import UnquantizedFusedMoEMethod\n\n\n"
            "class AeonDraftMoEMethod(UnquantizedFusedMoEMethod):\n"
            "    # AEON: the speculative draft's MoE keeps bf16 on the Spark\n"
            "    def apply(\n" + OLD_APPLY + "        apply_router_weight_on_input: bool = False,\n"
            '        activation: str = "silu",\n'
            "    ) -> torch.Tensor:\n"
            "        return self.forward(x=x, layer=layer, router_logits=router_logits, top_k=top_k,\n"
            "                            renormalize=renormalize, activation=activation)\n",
            "def apply(",
        ),
    ),
    (
        "#18343 hook called with new keywords",
        "twin: a build of the layer by keyword",
        K(
            "#18343",
            EP,
            EPW,
            "vllm/aeon/ep3.py",
            f"from {LAYER} import FusedMoE\n\n\n"
            "def aeon_build_moe(prefix: str) -> FusedMoE:\n"
            "    # AEON: the Spark's small MoE draft head\n"
            "    return FusedMoE(num_experts=64, top_k=6, hidden_size=2048, intermediate_size=1408,\n"
            "                    reduce_results=True, renormalize=False, prefix=prefix)\n",
            "return FusedMoE(num_experts=64, top_k=6, hidden_size=2048, intermediate_size=1408,",
        ),
    ),
]

# --- #19506 (9d880f594d): MOE_DP_CHUNK_SIZE removed from the layer (now envs.VLLM_MOE_DP_CHUNK_SIZE)
CH = "9d880f594d"
CHW = "MOE_DP_CHUNK_SIZE removed from fused_moe.layer"
CASES += [
    (
        "#19506 module constant removed",
        "an import of the constant",
        K(
            "#19506",
            CH,
            CHW,
            "vllm/aeon/ch1.py",
            f"from {LAYER} import MOE_DP_CHUNK_SIZE\n\n\n"
            "def aeon_chunk_tokens(n: int) -> int:\n"
            "    # AEON: the Spark's unified memory sizes DP chunks off the layer's constant\n"
            "    return min(n, MOE_DP_CHUNK_SIZE)\n",
            f"from {LAYER} import MOE_DP_CHUNK_SIZE",
        ),
    ),
    (
        "#19506 module constant removed",
        "a module attribute read",
        K(
            "#19506",
            CH,
            CHW,
            "vllm/aeon/ch2.py",
            "from vllm.model_executor.layers.fused_moe import layer as fml\n\n\n"
            "def aeon_staging_rows() -> int:\n"
            "    # AEON: GB10 staging buffers are one DP chunk tall\n"
            "    return 2 * fml.MOE_DP_CHUNK_SIZE\n",
            "return 2 * fml.MOE_DP_CHUNK_SIZE",
        ),
    ),
    (
        "#19506 module constant removed",
        "a getattr with a literal",
        K(
            "#19506",
            CH,
            CHW,
            "vllm/aeon/ch3.py",
            "from vllm.model_executor.layers.fused_moe import layer as fml\n\n\n"
            "def aeon_chunk() -> int:\n"
            "    # AEON: read late so a test can patch the layer's chunk\n"
            '    return int(getattr(fml, "MOE_DP_CHUNK_SIZE"))\n',
            'return int(getattr(fml, "MOE_DP_CHUNK_SIZE"))',
        ),
    ),
    (
        "#19506 module constant removed",
        "a getattr with a default (labelled a twin blind: the read now always takes 256, the layer's chunk follows "
        "VLLM_MOE_DP_CHUNK_SIZE)",
        K(
            "#19506",
            CH,
            CHW,
            "vllm/aeon/ch4.py",
            "from vllm.model_executor.layers.fused_moe import layer as fml\n\n\n"
            "def aeon_chunk_or_default() -> int:\n"
            "    # AEON: tolerate the layer without its chunk constant\n"
            '    return int(getattr(fml, "MOE_DP_CHUNK_SIZE", 256))\n',
            'return int(getattr(fml, "MOE_DP_CHUNK_SIZE", 256))',
        ),
    ),
]

CASES += [
    (
        "#19506 module constant removed",
        "twin: the fork's own namesake constant (added after the blind run)",
        K(
            "#19506",
            CH,
            CHW,
            "vllm/aeon/ch5.py",
            "MOE_DP_CHUNK_SIZE = 512\n\n\n"
            "def aeon_own_chunk(n: int) -> int:\n"
            "    # AEON: the Spark's own chunk for its staging copies\n"
            "    return min(n, MOE_DP_CHUNK_SIZE)\n",
            "return min(n, MOE_DP_CHUNK_SIZE)",
        ),
    ),
]

# --- #23745 (7ea5c73ad7): determine_expert_map now called with expert_placement_strategy=
DM = "7ea5c73ad7"
DMW = "FusedMoE.__init__ calls determine_expert_map(..., expert_placement_strategy=...)"
CASES += [
    (
        "#23745 patched function called with a new keyword",
        "a monkeypatched replacement with the old parameters",
        K(
            "#23745",
            DM,
            DMW,
            "vllm/aeon/dm1.py",
            "import torch\n\nfrom vllm.model_executor.layers.fused_moe import layer as fml\n\n\n"
            "def aeon_determine_expert_map(ep_size: int, ep_rank: int, global_num_experts: int):\n"
            "    # AEON: the Spark pair places experts by NVLink-C2C locality\n"
            "    local = global_num_experts // ep_size\n"
            "    expert_map = torch.full((global_num_experts,), -1, dtype=torch.int32)\n"
            "    expert_map[ep_rank::ep_size] = torch.arange(local, dtype=torch.int32)\n"
            "    return local, expert_map\n\n\n"
            "fml.determine_expert_map = aeon_determine_expert_map\n",
            "fml.determine_expert_map = aeon_determine_expert_map",
        ),
    ),
    (
        "#23745 patched function called with a new keyword",
        "twin: a keyword call of the function that still fits",
        K(
            "#23745",
            DM,
            DMW,
            "vllm/aeon/dm2.py",
            f"from {LAYER} import determine_expert_map\n\n\n"
            "def aeon_local_experts(ep_size: int, ep_rank: int) -> int:\n"
            "    # AEON: the Spark's EP=2 split\n"
            "    n, _ = determine_expert_map(ep_size=ep_size, ep_rank=ep_rank, global_num_experts=128)\n"
            "    return n\n",
            "n, _ = determine_expert_map(ep_size=ep_size, ep_rank=ep_rank, global_num_experts=128)",
        ),
    ),
    (
        "#23745 patched function called with a new keyword",
        "twin: a monkeypatched replacement taking **kwargs",
        K(
            "#23745",
            DM,
            DMW,
            "vllm/aeon/dm3.py",
            "from vllm.model_executor.layers.fused_moe import layer as fml\n\n"
            "_orig = fml.determine_expert_map\n\n\n"
            "def aeon_logged_expert_map(ep_size: int, ep_rank: int, global_num_experts: int, **kwargs):\n"
            "    # AEON: log the Spark's expert placement\n"
            "    return _orig(ep_size, ep_rank, global_num_experts, **kwargs)\n\n\n"
            "fml.determine_expert_map = aeon_logged_expert_map\n",
            "fml.determine_expert_map = aeon_logged_expert_map",
        ),
    ),
]

# --- #29008 (b129136c7a): maybe_roundup_hidden_size's quant_config replaced by required model_type/is_mxfp4_quant
RU = "b129136c7a"
RUW = "maybe_roundup_hidden_size(hidden_size, act_dtype, quant_config, ...) -> (..., model_type, is_mxfp4_quant)"
CASES += [
    (
        "#29008 parameter replaced by required ones",
        "a positional call",
        K(
            "#29008",
            RU,
            RUW,
            "vllm/aeon/ru1.py",
            f"import torch\n\nfrom {LAYER} import maybe_roundup_hidden_size\n\n\n"
            "def aeon_padded_hidden(hidden: int, quant_config, parallel_config) -> int:\n"
            "    # AEON: the Spark's NVFP4 buffers are sized off the padded hidden size\n"
            "    return maybe_roundup_hidden_size(hidden, torch.bfloat16, quant_config, parallel_config, False)\n",
            "return maybe_roundup_hidden_size(hidden, torch.bfloat16, quant_config, parallel_config, False)",
        ),
    ),
    (
        "#29008 parameter replaced by required ones",
        "a keyword call",
        K(
            "#29008",
            RU,
            RUW,
            "vllm/aeon/ru2.py",
            f"import torch\n\nfrom {LAYER} import maybe_roundup_hidden_size\n\n\n"
            "def aeon_hidden_for(hidden: int, qc, pc) -> int:\n"
            "    # AEON: GB10 staging buffers\n"
            "    return maybe_roundup_hidden_size(\n"
            "        hidden_size=hidden,\n"
            "        act_dtype=torch.bfloat16,\n"
            "        quant_config=qc,\n"
            "        moe_parallel_config=pc,\n"
            "        is_lora_enabled=False,\n"
            "    )\n",
            "return maybe_roundup_hidden_size(",
        ),
    ),
    (
        "#29008 parameter replaced by required ones",
        "twin: the fork's own namesake function",
        K(
            "#29008",
            RU,
            RUW,
            "vllm/aeon/ru3.py",
            "def maybe_roundup_hidden_size(hidden_size: int, quant_config) -> int:\n"
            "    # AEON: the Spark's own rounding for NVFP4 (multiples of 128)\n"
            "    return (hidden_size + 127) // 128 * 128\n\n\n"
            "def aeon_hidden(hidden: int, qc) -> int:\n"
            "    return maybe_roundup_hidden_size(hidden, qc)\n",
            "return maybe_roundup_hidden_size(hidden, qc)",
        ),
    ),
]

# --- #39688 (4eee77b877): the loaders call self._narrow_expert_data_for_padding(..., shard_dim=shard_dim)
NP = "4eee77b877"
NPW = "FusedMoE's loaders now call _narrow_expert_data_for_padding(..., shard_dim=...)"
CASES += [
    (
        "#39688 helper called with a new keyword",
        "a subclass's static override with the old parameters",
        K(
            "#39688",
            NP,
            NPW,
            "vllm/aeon/np1.py",
            f"import torch\n\nfrom {LAYER} import FusedMoE\n\n\n"
            "class AeonSparkMoE(FusedMoE):\n"
            "    # AEON: NVFP4 packed weights on GB10 pad the hidden dim to 128, narrow both halves\n"
            "    @staticmethod\n"
            "    def _narrow_expert_data_for_padding(\n"
            "        expert_data: torch.Tensor, loaded_weight: torch.Tensor, hidden_dim: int\n"
            "    ) -> torch.Tensor:\n"
            "        return expert_data.narrow(hidden_dim, 0, loaded_weight.shape[hidden_dim])\n",
            "def _narrow_expert_data_for_padding(",
        ),
    ),
    (
        "#39688 helper called with a new keyword",
        "a subclass's instance override with the old parameters",
        K(
            "#39688",
            NP,
            NPW,
            "vllm/aeon/np2.py",
            f"import torch\n\nfrom {LAYER} import FusedMoE\n\n\n"
            "class AeonPaddedMoE(FusedMoE):\n"
            "    # AEON: the Spark's packed FP4 scales need the exact narrow\n"
            "    def _narrow_expert_data_for_padding(self, expert_data, loaded_weight, hidden_dim):\n"
            "        if expert_data.shape == loaded_weight.shape:\n"
            "            return expert_data\n"
            "        return expert_data.narrow(hidden_dim, 0, loaded_weight.shape[hidden_dim])\n",
            "def _narrow_expert_data_for_padding(self, expert_data, loaded_weight, hidden_dim):",
        ),
    ),
    (
        "#39688 helper called with a new keyword",
        "twin: an override forwarding *args/**kwargs",
        K(
            "#39688",
            NP,
            NPW,
            "vllm/aeon/np3.py",
            f"from {LAYER} import FusedMoE\n\n\n"
            "class AeonLoggedMoE(FusedMoE):\n"
            "    # AEON: trace the Spark's padded loads\n"
            "    @staticmethod\n"
            "    def _narrow_expert_data_for_padding(*args, **kwargs):\n"
            "        return FusedMoE._narrow_expert_data_for_padding(*args, **kwargs)\n",
            "def _narrow_expert_data_for_padding(*args, **kwargs):",
        ),
    ),
    (
        "#39688 helper called with a new keyword",
        "twin: a keyword call of the helper that still fits",
        K(
            "#39688",
            NP,
            NPW,
            "vllm/aeon/np4.py",
            f"import torch\n\nfrom {LAYER} import FusedMoE\n\n\n"
            "def aeon_copy_padded(dst: torch.Tensor, src: torch.Tensor) -> None:\n"
            "    # AEON: the Spark's own FP4 scale loader\n"
            "    FusedMoE._narrow_expert_data_for_padding(dst, src, hidden_dim=1).copy_(src)\n",
            "FusedMoE._narrow_expert_data_for_padding(dst, src, hidden_dim=1).copy_(src)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-fmlayer3-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
