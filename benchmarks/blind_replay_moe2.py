"""A blind replay of the fused-MoE modular kernel, its configs and the layer hooks a fork plugs kernels into.

9 first-parent commits on the surface a fork that carries its own MoE kernels writes code against, none of
them used by ``blind_replay_moe.py`` or ``blind_replay_eplbops.py`` -- the modular kernel
(``FusedMoEModularKernel``'s ``parallel_config`` keyword renamed ``moe_parallel_config`` (#30282); its
``shared_experts_stream`` keyword and attribute removed (#31533); ``FusedMoEPermuteExpertsUnpermute`` renamed
``FusedMoEExperts`` with no alias (#32564)), the quant config (``FusedMoEQuantConfig.is_act_and_mul`` and
``biased_moe_quant_config``'s ``is_act_and_mul`` removed by a revert (#31978)), the layer and its quant-method
hooks (``FusedMoE.select_experts`` made private and ``FusedMoEMethodBase.apply`` now passed ``router=``
(#30519); ``FusedMoE.gate`` removed (#35153); ``FusedMoE`` made a factory function and
``FusedMoeWeightScaleSupported`` moved out of ``layer.py`` (#41184)), and the prepare/finalize modules
(``deepep_ht_prepare_finalize`` moved into ``prepare_finalize/`` (#35927); ``BatchedPrepareAndFinalize`` moved out
of ``fused_batched_moe`` and ``mori_prepare_finalize`` moved (#39009)) -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork
spellings written the way fork code is written (a keyword, an import, a base class spelt through a module
alias, an attribute read off a typed receiver, a quant method's override of a hook, ``isinstance``), with twins
(fork code the commit does not break).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must
stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 9c5a9a8e): 14 caught, 0 warned, 1 missed of 15 (twins: 9
quiet, 0 false errors).  The miss: #41184's ``class AeonFusedMoE(FusedMoE)`` -- ``FusedMoE`` in ``layer.py`` turned from a
class into a factory function (the class now ``RoutedExperts`` in ``routed_experts.py``), so subclassing it raises
TypeError at import.
Added after the blind run (killers96): #41184 under ``isinstance(m, FusedMoE)`` and a twin calling the factory.
After killers96: 16 caught, 0 warned, 0 missed of 16 (twins: 10 quiet, 0 false errors).  Caught now: a name the
fork derives from, or tests with ``isinstance``/``issubclass``, that was a class at the merge base and that
upstream's module now binds once by an undecorated def (symbol drift, ``drift/unclassed.py``).  The regression
set on the same snapshot: killer_replay 26 of 26, kind_change_replay 12 of 12, blind_replay_moe 30 caught, 1
warned of 31 (13 twins quiet), blind_replay_moves 25 of 25, review15/16/17_twins 0 false errors (40, 30, 23
twins); symbol_precision: window 0 of 3 only (0 false errors; the shared machine ran it at 416 s a window, the
rest cut for time).

  python benchmarks/blind_replay_moe2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

FMOE = "vllm.model_executor.layers.fused_moe"
MKI = f"import {FMOE}.modular_kernel as mk\n"

# --- #30282 (3778673ea8): FusedMoEModularKernel's parallel_config keyword renamed moe_parallel_config
PC = "3778673ea8"
PCW = "FusedMoEModularKernel parallel_config -> moe_parallel_config"
CASES += [
    (
        "#30282 kernel keyword renamed",
        "a keyword to the modular kernel",
        K(
            "#30282",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            MKI + "from vllm.config import ParallelConfig\n\n\n"
            "def aeon_kernel(pf, experts, parallel_config: ParallelConfig) -> mk.FusedMoEModularKernel:\n"
            "    # AEON: the Spark builds its own kernel for the unified-memory path\n"
            "    return mk.FusedMoEModularKernel(pf, experts, parallel_config=parallel_config)\n",
            "return mk.FusedMoEModularKernel(pf, experts, parallel_config=parallel_config)",
        ),
    ),
    (
        "#30282 kernel keyword renamed",
        "twin: the shared_experts keyword kept",
        K(
            "#30282",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            MKI + "\n\ndef aeon_kernel2(pf, experts, shared) -> mk.FusedMoEModularKernel:\n"
            "    return mk.FusedMoEModularKernel(pf, experts, shared_experts=shared)\n",
            "return mk.FusedMoEModularKernel(pf, experts, shared_experts=shared)",
        ),
    ),
]

# --- #31533 (268b1c55ad): FusedMoEModularKernel's shared_experts_stream keyword and attribute removed
SS = "268b1c55ad"
SSW = "FusedMoEModularKernel.shared_experts_stream removed"
CASES += [
    (
        "#31533 kernel keyword and attribute removed",
        "a keyword to the modular kernel",
        K(
            "#31533",
            SS,
            SSW,
            "vllm/aeon/ss1.py",
            "import torch\n\n"
            f"from {FMOE}.modular_kernel import FusedMoEModularKernel\n\n\n"
            "def aeon_overlap_kernel(pf, experts, shared) -> FusedMoEModularKernel:\n"
            "    # AEON: GB10 overlaps shared experts on a side stream\n"
            "    return FusedMoEModularKernel(pf, experts, shared_experts=shared, shared_experts_stream=torch.cuda.Stream())\n",
            "return FusedMoEModularKernel(pf, experts, shared_experts=shared, shared_experts_stream=torch.cuda.Stream())",
        ),
    ),
    (
        "#31533 kernel keyword and attribute removed",
        "an attribute read off a typed kernel",
        K(
            "#31533",
            SS,
            SSW,
            "vllm/aeon/ss2.py",
            f"from {FMOE}.modular_kernel import FusedMoEModularKernel\n\n\n"
            "def aeon_has_side_stream(kernel: FusedMoEModularKernel) -> bool:\n"
            "    return kernel.shared_experts_stream is not None\n",
            "return kernel.shared_experts_stream is not None",
        ),
    ),
    (
        "#31533 kernel keyword and attribute removed",
        "twin: the shared_experts attribute kept",
        K(
            "#31533",
            SS,
            SSW,
            "vllm/aeon/ss3.py",
            f"from {FMOE}.modular_kernel import FusedMoEModularKernel\n\n\n"
            "def aeon_has_shared(kernel: FusedMoEModularKernel) -> bool:\n"
            "    return kernel.shared_experts is not None\n",
            "return kernel.shared_experts is not None",
        ),
    ),
]

# --- #32564 (97995f6376): FusedMoEPermuteExpertsUnpermute renamed FusedMoEExperts (no alias)
EX = "97995f6376"
EXW = "FusedMoEPermuteExpertsUnpermute renamed FusedMoEExperts"
CASES += [
    (
        "#32564 experts base renamed",
        "a base class spelt through the module alias",
        K(
            "#32564",
            EX,
            EXW,
            "vllm/aeon/ex1.py",
            MKI + "\n\nclass AeonSparkExperts(mk.FusedMoEPermuteExpertsUnpermute):\n"
            "    # AEON: GB10's grouped GEMM experts\n"
            "    pass\n",
            "class AeonSparkExperts(mk.FusedMoEPermuteExpertsUnpermute):",
        ),
    ),
    (
        "#32564 experts base renamed",
        "an import by name for a type hint",
        K(
            "#32564",
            EX,
            EXW,
            "vllm/aeon/ex2.py",
            f"from {FMOE}.modular_kernel import FusedMoEPermuteExpertsUnpermute\n\n\n"
            "def aeon_experts_name(experts: FusedMoEPermuteExpertsUnpermute) -> str:\n"
            "    return type(experts).__name__\n",
            f"from {FMOE}.modular_kernel import FusedMoEPermuteExpertsUnpermute",
        ),
    ),
    (
        "#32564 experts base renamed",
        "twin: the prepare/finalize base kept",
        K(
            "#32564",
            EX,
            EXW,
            "vllm/aeon/ex3.py",
            f"from {FMOE}.modular_kernel import FusedMoEPrepareAndFinalize\n\n\n"
            "def aeon_pf_name(pf: FusedMoEPrepareAndFinalize) -> str:\n"
            "    return type(pf).__name__\n",
            f"from {FMOE}.modular_kernel import FusedMoEPrepareAndFinalize",
        ),
    ),
]

# --- #31978 (87e07a6b46): FusedMoEQuantConfig.is_act_and_mul and its make/biased_moe_quant_config keyword removed
AM = "87e07a6b46"
AMW = "FusedMoEQuantConfig.is_act_and_mul removed (revert)"
CASES += [
    (
        "#31978 quant-config field removed",
        "a keyword to biased_moe_quant_config",
        K(
            "#31978",
            AM,
            AMW,
            "vllm/aeon/am1.py",
            f"from {FMOE}.config import FusedMoEQuantConfig, biased_moe_quant_config\n\n\n"
            "def aeon_relu2_config(w1_bias, w2_bias) -> FusedMoEQuantConfig:\n"
            "    # AEON: our relu2 expert has no gate\n"
            "    return biased_moe_quant_config(w1_bias, w2_bias, is_act_and_mul=False)\n",
            "return biased_moe_quant_config(w1_bias, w2_bias, is_act_and_mul=False)",
        ),
    ),
    (
        "#31978 quant-config field removed",
        "a field read off a typed quant config",
        K(
            "#31978",
            AM,
            AMW,
            "vllm/aeon/am2.py",
            f"from {FMOE}.config import FusedMoEQuantConfig\n\n\n"
            "def aeon_out_width(quant_config: FusedMoEQuantConfig, n: int) -> int:\n"
            "    return n // 2 if quant_config.is_act_and_mul else n\n",
            "return n // 2 if quant_config.is_act_and_mul else n",
        ),
    ),
    (
        "#31978 quant-config field removed",
        "twin: FusedMoEConfig.is_act_and_mul kept",
        K(
            "#31978",
            AM,
            AMW,
            "vllm/aeon/am3.py",
            f"from {FMOE}.config import FusedMoEConfig\n\n\n"
            "def aeon_out_width2(moe: FusedMoEConfig, n: int) -> int:\n"
            "    return n // 2 if moe.is_act_and_mul else n\n",
            "return n // 2 if moe.is_act_and_mul else n",
        ),
    ),
]

# --- #30519 (e74698c27a): FusedMoE.select_experts renamed _select_experts; FusedMoEMethodBase.apply passed router=
RT = "e74698c27a"
RTW = "FusedMoE.select_experts private; quant method apply gets router="
LAY = f"from {FMOE}.layer import FusedMoE\n"
CASES += [
    (
        "#30519 layer method made private",
        "a call off a layer typed as FusedMoE",
        K(
            "#30519",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            "import torch\n\n" + LAY + "\n\n"
            "def aeon_route(layer: FusedMoE, x: torch.Tensor, logits: torch.Tensor):\n"
            "    # AEON: the Spark's expert-load probe routes outside the kernel\n"
            "    topk_weights, topk_ids = layer.select_experts(hidden_states=x, router_logits=logits)\n"
            "    return topk_ids\n",
            "topk_weights, topk_ids = layer.select_experts(hidden_states=x, router_logits=logits)",
        ),
    ),
    (
        "#30519 hook gains a keyword",
        "a quant method's apply override without router",
        K(
            "#30519",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            "import torch\n\n"
            f"from {FMOE}.unquantized_fused_moe_method import UnquantizedFusedMoEMethod\n\n\n"
            "class AeonFusedMoEMethod(UnquantizedFusedMoEMethod):\n"
            "    # AEON: GB10 pins the expert weights before the kernel runs\n"
            "    def apply(self, layer: torch.nn.Module, x: torch.Tensor, router_logits: torch.Tensor) -> torch.Tensor:\n"
            "        return super().apply(layer, x, router_logits)\n",
            "def apply(self, layer: torch.nn.Module, x: torch.Tensor, router_logits: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#30519 layer method made private",
        "twin: routing_method_type kept",
        K(
            "#30519",
            RT,
            RTW,
            "vllm/aeon/rt3.py",
            LAY + "\n\ndef aeon_routing(layer: FusedMoE):\n    return layer.routing_method_type\n",
            "return layer.routing_method_type",
        ),
    ),
]

# --- #35153 (7cf56a59a2): FusedMoE.gate property removed (SharedExperts class)
GT = "7cf56a59a2"
GTW = "FusedMoE.gate removed"
CASES += [
    (
        "#35153 layer property removed",
        "a read off a layer typed as FusedMoE",
        K(
            "#35153",
            GT,
            GTW,
            "vllm/aeon/gt1.py",
            LAY + "\n\ndef aeon_overlapped_gate(layer: FusedMoE):\n"
            "    # AEON: the Spark's router replay reads the overlapped gate\n"
            "    return layer.gate\n",
            "return layer.gate",
        ),
    ),
    (
        "#35153 layer property removed",
        "twin: shared_experts kept",
        K(
            "#35153",
            GT,
            GTW,
            "vllm/aeon/gt2.py",
            LAY + "\n\ndef aeon_shared(layer: FusedMoE):\n    return layer.shared_experts\n",
            "return layer.shared_experts",
        ),
    ),
]

# --- #41184 (dc68bd8c41): FusedMoE made a factory function; FusedMoeWeightScaleSupported moved to routed_experts.py
FI = "dc68bd8c41"
FIW = "FusedMoE class -> factory function; weight-scale enum moved out of layer.py"
CASES += [
    (
        "#41184 class made a function",
        "a subclass of the layer",
        K(
            "#41184",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            LAY + "\n\nclass AeonFusedMoE(FusedMoE):\n    # AEON: GB10 keeps experts in unified memory\n    pass\n",
            "class AeonFusedMoE(FusedMoE):",
        ),
    ),
    (
        "#41184 class made a function",
        "an import of the moved enum from layer.py",
        K(
            "#41184",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            f"from {FMOE}.layer import FusedMoeWeightScaleSupported\n\n\n"
            "def aeon_is_block(quant_method: str) -> bool:\n"
            "    return quant_method == FusedMoeWeightScaleSupported.BLOCK.value\n",
            f"from {FMOE}.layer import FusedMoeWeightScaleSupported",
        ),
    ),
    (
        "#41184 class made a function",
        "twin: the package export kept",
        K(
            "#41184",
            FI,
            FIW,
            "vllm/aeon/fi3.py",
            f"from {FMOE} import FusedMoeWeightScaleSupported\n\n\n"
            "def aeon_is_block2(quant_method: str) -> bool:\n"
            "    return quant_method == FusedMoeWeightScaleSupported.BLOCK.value\n",
            "return quant_method == FusedMoeWeightScaleSupported.BLOCK.value",
        ),
    ),
]

# added after the blind run (killers96): #41184 under an isinstance test, and a call of the factory (a twin)
CASES += [
    (
        "#41184 class made a function",
        "an isinstance test against the layer",
        K(
            "#41184",
            FI,
            FIW,
            "vllm/aeon/fi4.py",
            "import torch\n\n" + LAY + "\n\n"
            "def aeon_moe_layers(model: torch.nn.Module) -> list[torch.nn.Module]:\n"
            "    # AEON: the Spark's expert-offload pass walks the MoE layers\n"
            "    return [m for m in model.modules() if isinstance(m, FusedMoE)]\n",
            "return [m for m in model.modules() if isinstance(m, FusedMoE)]",
        ),
    ),
    (
        "#41184 class made a function",
        "twin: a call of the factory",
        K(
            "#41184",
            FI,
            FIW,
            "vllm/aeon/fi5.py",
            LAY + "\n\ndef aeon_moe(**kwargs):\n    return FusedMoE(**kwargs)\n",
            "return FusedMoE(**kwargs)",
        ),
    ),
]

# --- #35927 (4383f1532e): deepep_ht/deepep_ll/flashinfer prepare_finalize modules moved into prepare_finalize/
PF = "4383f1532e"
PFW = "prepare/finalize modules moved into prepare_finalize/"
CASES += [
    (
        "#35927 module moved",
        "an import of the old module",
        K(
            "#35927",
            PF,
            PFW,
            "vllm/aeon/pf1.py",
            f"from {FMOE}.deepep_ht_prepare_finalize import DeepEPHTPrepareAndFinalize\n\n\n"
            "class AeonDeepEPHT(DeepEPHTPrepareAndFinalize):\n"
            "    pass\n",
            f"from {FMOE}.deepep_ht_prepare_finalize import DeepEPHTPrepareAndFinalize",
        ),
    ),
    (
        "#35927 module moved",
        "twin: the package's kept export",
        K(
            "#35927",
            PF,
            PFW,
            "vllm/aeon/pf2.py",
            f"from {FMOE}.prepare_finalize import make_moe_prepare_and_finalize_no_dp_ep\n\n\n"
            "def aeon_pf():\n    return make_moe_prepare_and_finalize_no_dp_ep\n",
            f"from {FMOE}.prepare_finalize import make_moe_prepare_and_finalize_no_dp_ep",
        ),
    ),
]

# --- #39009 (447c372ac5): BatchedPrepareAndFinalize moved out of fused_batched_moe; mori/nixl_ep modules moved
BP = "447c372ac5"
BPW = "BatchedPrepareAndFinalize and mori/nixl_ep prepare_finalize moved"
CASES += [
    (
        "#39009 class moved out of a module",
        "an import of the class from its old module",
        K(
            "#39009",
            BP,
            BPW,
            "vllm/aeon/bp1.py",
            f"from {FMOE}.fused_batched_moe import BatchedPrepareAndFinalize\n\n\n"
            "def aeon_batched_pf(max_tokens: int, world: int, rank: int):\n"
            "    return BatchedPrepareAndFinalize(max_tokens, world, rank)\n",
            f"from {FMOE}.fused_batched_moe import BatchedPrepareAndFinalize",
        ),
    ),
    (
        "#39009 module moved",
        "a module imported under an alias",
        K(
            "#39009",
            BP,
            BPW,
            "vllm/aeon/bp2.py",
            f"import {FMOE}.mori_prepare_finalize as mori_pf\n\n\n"
            "def aeon_mori_cls():\n    return mori_pf.MoriPrepareAndFinalize\n",
            f"import {FMOE}.mori_prepare_finalize as mori_pf",
        ),
    ),
    (
        "#39009 class moved out of a module",
        "twin: the experts class kept",
        K(
            "#39009",
            BP,
            BPW,
            "vllm/aeon/bp3.py",
            f"from {FMOE}.fused_batched_moe import BatchedTritonExperts\n\n\n"
            "class AeonBatchedExperts(BatchedTritonExperts):\n    pass\n",
            f"from {FMOE}.fused_batched_moe import BatchedTritonExperts",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-moe2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
