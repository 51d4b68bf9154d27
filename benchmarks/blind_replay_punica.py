"""A blind replay of the LoRA kernels' wrappers and the MoE LoRA path a fork's LoRA code carries against.

7 first-parent commits on ``vllm/lora/punica_wrapper/{punica_base,punica_gpu}.py``,
``vllm/lora/layers/fused_moe.py`` and ``vllm/lora/ops/triton_ops/{lora_kernel_metadata,fused_moe_lora_op,
lora_shrink_op,lora_expand_op}.py`` -- the wrappers and kernels a fork's LoRA layer, MoE LoRA path or kernel
tuning carries code against: ``LoRAKernelMeta`` (``meta_args`` made a 6-tuple, a required dataclass field
``no_lora_flag_cpu`` added), ``PunicaWrapperGPU.moe_lora_align_block_size``/``add_lora_fused_moe`` (a required
``adapter_enabled`` inserted), ``_fused_moe_lora`` (a required ``split_k`` inserted), ``supports_pdl`` no
longer imported by the shrink/expand op modules, ``try_get_optimal_moe_config`` no longer imported by the MoE
LoRA layer's module, ``FusedMoEWithLoRA`` no longer copying its stacked LoRA weights onto its base layer, and
``add_lora_linear``'s ``buffer`` keyword turned into an assertion -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits ``blind_replay_lora.py``, ``blind_replay_lora2.py``,
``blind_replay_loramgr.py`` and the other replays use.  Each is replayed under 1-2 fork spellings written the
way fork code is written (a tuple unpack of a receiver typed as the class, a keyword construction of a
dataclass, a subclass's ``self.`` call, a keyword call on a receiver typed as the base class, an import, a
module-attribute call, a chained attribute through ``base_layer``), with twins (fork code the commit does not
break: the kept method, an indexed read, the new spelling, the name's own module).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 3398a588): 7 caught, 2 warned, 2 missed of 11 (twins: 7
quiet, 0 false errors).  The two *warned* are errors all the same, on the first line of a call spread over
lines where the replay names an argument's line (#27131's ``self.moe_lora_align_block_size(`` missing the
inserted ``adapter_enabled``, #27291's ``_fused_moe_lora(`` missing ``split_k``): symbol drift's call check
reports the call where it starts.  The misses: #27335's (``FusedMoEWithLoRA`` stopped storing
``self.base_layer.w1_lora_a_stacked``; a fork read of ``layer.base_layer.w1_lora_a_stacked`` now raises
AttributeError) and #25914's (``add_lora_linear`` now opens with ``assert buffer is None``; a fork call passing
``buffer=buf`` raises AssertionError).

After the killers150 widenings: 9 caught, 2 warned, 0 missed of 11 (twins: 7 quiet, 0 false errors; the two
warned are the multi-line calls above, errors on the call's first line).  Caught now: a name a class no longer
lends to an object it holds (``drift/lent_attributes.py``, new: upstream's diff removed ``self.<held>.<name> =
...`` and the class stores it there nowhere; a fork read ``recv.<held>.<name>`` off the class, nothing upstream
giving the held object the name) and an argument an ``assert`` now refuses (refused argument drift,
``drift/refused_args.py``: an ``assert`` among the leading statements is a guard, a parameter rebound only after
the guard still counts as passed, and a guard refusing every value but None holds for a keyword argument known
not to be None: a display, a torch tensor factory's call, a parameter typed without None, a local bound once to
one of those).  Regression set at the widening's head: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_lora 33/33 (16 quiet), blind_replay_lora2
17 caught, 1 warned of 18 (10 quiet), blind_replay_loramgr 17 caught, 1 warned of 18 (11 quiet),
blind_replay_runnerv2 21 caught, 1 warned of 22 (13 quiet), blind_replay_awqgptq 27 caught, 1 warned of 28 (16
quiet): as on main, 0 false errors; ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4
caught, as on main).

  python benchmarks/blind_replay_punica.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #15152 (6c663dfd5e): LoRAKernelMeta.meta_args returns 6 values (no_lora_flag_cpu appended), and the
# dataclass gained a required field
KM = "6c663dfd5e"
KMW = "LoRAKernelMeta.meta_args 5 -> 6 values; field no_lora_flag_cpu added"
META = "import torch\n\nfrom vllm.lora.ops.triton_ops.lora_kernel_metadata import LoRAKernelMeta\n\n\n"
CASES += [
    (
        "#15152 return made longer",
        "a 5-name unpack of meta_args on a typed receiver",
        K(
            "#15152",
            KM,
            KMW,
            "vllm/aeon/km1.py",
            META + "def aeon_active_ids(meta: LoRAKernelMeta, num_tokens: int) -> torch.Tensor:\n"
            "    # AEON: the Spark's LoRA router reads which adapters the batch uses\n"
            "    mapping, sorted_ids, per_lora, start_loc, active_ids = meta.meta_args(num_tokens)\n"
            "    return active_ids[: int((per_lora > 0).sum())]\n",
            "mapping, sorted_ids, per_lora, start_loc, active_ids = meta.meta_args(num_tokens)",
        ),
    ),
    (
        "#15152 dataclass field added",
        "a keyword construction of the dataclass",
        K(
            "#15152",
            KM,
            KMW,
            "vllm/aeon/km2.py",
            META + "def aeon_meta_view(meta: LoRAKernelMeta, n: int) -> LoRAKernelMeta:\n"
            "    return LoRAKernelMeta(\n"
            "        token_lora_mapping=meta.token_lora_mapping[:n],\n"
            "        token_indices_sorted_by_lora_ids=meta.token_indices_sorted_by_lora_ids[:n],\n"
            "        active_lora_ids=meta.active_lora_ids,\n"
            "        num_tokens_per_lora=meta.num_tokens_per_lora,\n"
            "        lora_token_start_loc=meta.lora_token_start_loc,\n"
            "    )\n",
            "return LoRAKernelMeta(",
        ),
    ),
    (
        "#15152 return made longer",
        "twin: an indexed read and the kept factory",
        K(
            "#15152",
            KM,
            KMW,
            "vllm/aeon/km3.py",
            META + "def aeon_mapping(max_loras: int, n: int) -> torch.Tensor:\n"
            '    meta = LoRAKernelMeta.make(max_loras, n, device="cpu")\n'
            "    return meta.meta_args(n)[0]\n",
            "return meta.meta_args(n)[0]",
        ),
    ),
]

# --- #27131 (294c805f1d): moe_lora_align_block_size and add_lora_fused_moe gained a required adapter_enabled
AE = "294c805f1d"
AEW = "required adapter_enabled inserted in the MoE LoRA wrapper methods"
GPU = "import torch\n\nfrom vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
BASE = "import torch\n\nfrom vllm.lora.punica_wrapper.punica_base import PunicaWrapperBase\n\n\n"
CASES += [
    (
        "#27131 parameter inserted",
        "a subclass's self. call with expert_map by keyword",
        K(
            "#27131",
            AE,
            AEW,
            "vllm/aeon/ae1.py",
            GPU + "class AeonPunica(PunicaWrapperGPU):\n"
            "    def aeon_align(self, topk_ids: torch.Tensor, block_size: int, num_experts: int, max_loras: int):\n"
            "        # AEON: the Spark's MoE LoRA path aligns the whole batch once\n"
            "        return self.moe_lora_align_block_size(\n"
            "            topk_ids, topk_ids.size(0), block_size, num_experts, max_loras, expert_map=None\n"
            "        )\n",
            "topk_ids, topk_ids.size(0), block_size, num_experts, max_loras, expert_map=None",
        ),
    ),
    (
        "#27131 parameter inserted",
        "a call on a receiver typed as the base class",
        K(
            "#27131",
            AE,
            AEW,
            "vllm/aeon/ae2.py",
            BASE + "def aeon_moe_lora(punica: PunicaWrapperBase, y, x, a, b, w, ids, eids, npad, rank, topk, cfg):\n"
            "    punica.add_lora_fused_moe(y, x, a, b, w, ids, eids, npad, rank, topk, cfg, mul_routed_weight=True)\n",
            "punica.add_lora_fused_moe(y, x, a, b, w, ids, eids, npad, rank, topk, cfg, mul_routed_weight=True)",
        ),
    ),
    (
        "#27131 parameter inserted",
        "twin: the new spelling with adapter_enabled",
        K(
            "#27131",
            AE,
            AEW,
            "vllm/aeon/ae3.py",
            GPU + "class AeonPunica2(PunicaWrapperGPU):\n"
            "    def aeon_align2(self, topk_ids: torch.Tensor, enabled: torch.Tensor, block_size: int, experts: int):\n"
            "        return self.moe_lora_align_block_size(\n"
            "            topk_ids, topk_ids.size(0), block_size, experts, self.max_loras, enabled, expert_map=None\n"
            "        )\n",
            "topk_ids, topk_ids.size(0), block_size, experts, self.max_loras, enabled, expert_map=None",
        ),
    ),
]

# --- #27291 (9932ed6a83): _fused_moe_lora gained a required split_k before mul_routed_weight
SK = "9932ed6a83"
SKW = "_fused_moe_lora: required split_k inserted"
CASES += [
    (
        "#27291 parameter inserted",
        "a keyword call of the kernel launcher",
        K(
            "#27291",
            SK,
            SKW,
            "vllm/aeon/sk1.py",
            "from vllm.lora.ops.triton_ops.fused_moe_lora_op import _fused_moe_lora\n\n\n"
            "def aeon_moe_lora(out, x, a, b, w, ids, eids, npad, rank, topk) -> None:\n"
            "    # AEON: the Spark's tuned tiles for the MoE LoRA kernel\n"
            "    _fused_moe_lora(\n"
            "        out, x, a, b, w, ids, eids, npad, rank, topk,\n"
            "        block_size_m=64, block_size_n=64, block_size_k=32, group_size_m=8, mul_routed_weight=False,\n"
            "    )\n",
            "block_size_m=64, block_size_n=64, block_size_k=32, group_size_m=8, mul_routed_weight=False,",
        ),
    ),
    (
        "#27291 parameter inserted",
        "twin: the new spelling with split_k",
        K(
            "#27291",
            SK,
            SKW,
            "vllm/aeon/sk2.py",
            "from vllm.lora.ops.triton_ops.fused_moe_lora_op import _fused_moe_lora\n\n\n"
            "def aeon_moe_lora2(out, x, a, b, w, ids, eids, npad, rank, topk) -> None:\n"
            "    _fused_moe_lora(\n"
            "        out, x, a, b, w, ids, eids, npad, rank, topk,\n"
            "        block_size_m=64, block_size_n=64, block_size_k=32, group_size_m=8, split_k=1,\n"
            "    )\n",
            "block_size_m=64, block_size_n=64, block_size_k=32, group_size_m=8, split_k=1,",
        ),
    ),
]

# --- #31777 (cbd4690a03): lora_shrink_op / lora_expand_op no longer import supports_pdl
PD = "cbd4690a03"
PDW = "supports_pdl no longer imported by the shrink/expand op modules"
CASES += [
    (
        "#31777 re-export lost",
        "an import from the op module",
        K(
            "#31777",
            PD,
            PDW,
            "vllm/aeon/pd1.py",
            "import torch\n\nfrom vllm.lora.ops.triton_ops.lora_shrink_op import supports_pdl\n\n\n"
            "def aeon_use_pdl(device: torch.device) -> bool:\n    return supports_pdl(device)\n",
            "from vllm.lora.ops.triton_ops.lora_shrink_op import supports_pdl",
        ),
    ),
    (
        "#31777 re-export lost",
        "a module-attribute call",
        K(
            "#31777",
            PD,
            PDW,
            "vllm/aeon/pd2.py",
            "import torch\n\nfrom vllm.lora.ops.triton_ops import lora_expand_op\n\n\n"
            "def aeon_expand_pdl(device: torch.device) -> bool:\n"
            "    # AEON: the Spark logs whether the expand kernel launches with PDL\n"
            "    return lora_expand_op.supports_pdl(device)\n",
            "return lora_expand_op.supports_pdl(device)",
        ),
    ),
    (
        "#31777 re-export lost",
        "twin: the name's own module",
        K(
            "#31777",
            PD,
            PDW,
            "vllm/aeon/pd3.py",
            "import torch\n\nfrom vllm.lora.ops.triton_ops.utils import supports_pdl\n\n\n"
            "def aeon_use_pdl2(device: torch.device) -> bool:\n    return supports_pdl(device)\n",
            "from vllm.lora.ops.triton_ops.utils import supports_pdl",
        ),
    ),
]

# --- #32019 (543c23be78): the MoE LoRA layer's module no longer imports try_get_optimal_moe_config
OC = "543c23be78"
OCW = "try_get_optimal_moe_config no longer imported by vllm.lora.layers.fused_moe"
CASES += [
    (
        "#32019 re-export lost",
        "an import from the layer module",
        K(
            "#32019",
            OC,
            OCW,
            "vllm/aeon/oc1.py",
            "from vllm.lora.layers.fused_moe import try_get_optimal_moe_config\n\n\n"
            "def aeon_moe_config(w1_shape, w2_shape, top_k: int, m: int) -> dict:\n"
            '    return try_get_optimal_moe_config(w1_shape, w2_shape, top_k, "bfloat16", m)\n',
            "from vllm.lora.layers.fused_moe import try_get_optimal_moe_config",
        ),
    ),
    (
        "#32019 re-export lost",
        "a module-attribute call",
        K(
            "#32019",
            OC,
            OCW,
            "vllm/aeon/oc2.py",
            "from vllm.lora.layers import fused_moe as lora_moe\n\n\n"
            "def aeon_moe_config2(w1_shape, w2_shape, top_k: int, m: int) -> dict:\n"
            "    return lora_moe.try_get_optimal_moe_config(w1_shape, w2_shape, top_k, None, m)\n",
            "return lora_moe.try_get_optimal_moe_config(w1_shape, w2_shape, top_k, None, m)",
        ),
    ),
    (
        "#32019 re-export lost",
        "twin: a name the module still imports",
        K(
            "#32019",
            OC,
            OCW,
            "vllm/aeon/oc3.py",
            "from vllm.lora.layers.fused_moe import get_lora_op_configs\n\n\n"
            "def aeon_shrink_cfg(m: int, k: int, rank: int) -> dict:\n"
            '    return get_lora_op_configs("fused_moe_lora_w13_shrink", 1, m, k, rank, 2)\n',
            "from vllm.lora.layers.fused_moe import get_lora_op_configs",
        ),
    ),
]

# --- #27335 (abf3db40ef): FusedMoEWithLoRA no longer copies its stacked LoRA weights onto the base layer
BL = "abf3db40ef"
BLW = "base_layer.w1_lora_a_stacked (and w1..w3 a/b) no longer set"
MOEL = "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
CASES += [
    (
        "#27335 attribute no longer set",
        "a chained read through base_layer",
        K(
            "#27335",
            BL,
            BLW,
            "vllm/aeon/bl1.py",
            MOEL + "def aeon_max_loras(layer: FusedMoEWithLoRA) -> int:\n"
            "    # AEON: the Spark's quant method reads the adapters' slots off the wrapped layer\n"
            "    return layer.base_layer.w1_lora_a_stacked.shape[0]\n",
            "return layer.base_layer.w1_lora_a_stacked.shape[0]",
        ),
    ),
    (
        "#27335 attribute no longer set",
        "twin: the wrapper's own stacked weights",
        K(
            "#27335",
            BL,
            BLW,
            "vllm/aeon/bl2.py",
            MOEL + "def aeon_max_loras2(layer: FusedMoEWithLoRA) -> int:\n"
            "    return layer.w1_lora_a_stacked.shape[0]\n",
            "return layer.w1_lora_a_stacked.shape[0]",
        ),
    ),
]

# --- #25914 (b63f2143f8): add_lora_linear/add_lora_logits assert that no buffer is passed in
BF = "b63f2143f8"
BFW = "add_lora_linear's buffer keyword now asserted None"
CASES += [
    (
        "#25914 accepted value removed",
        "a keyword buffer on a receiver typed as the class",
        K(
            "#25914",
            BF,
            BFW,
            "vllm/aeon/bf1.py",
            GPU + "def aeon_linear(punica: PunicaWrapperGPU, y, x, a, b, slices, buf: torch.Tensor) -> None:\n"
            "    # AEON: the Spark reuses one shrink buffer across the layer's slices\n"
            "    punica.add_lora_linear(y, x, a, b, 1.0, slices, buffer=buf)\n",
            "punica.add_lora_linear(y, x, a, b, 1.0, slices, buffer=buf)",
        ),
    ),
    (
        "#25914 accepted value removed",
        "twin: the call without a buffer",
        K(
            "#25914",
            BF,
            BFW,
            "vllm/aeon/bf2.py",
            GPU + "def aeon_linear2(punica: PunicaWrapperGPU, y, x, a, b, slices) -> None:\n"
            "    punica.add_lora_linear(y, x, a, b, 1.0, slices)\n",
            "punica.add_lora_linear(y, x, a, b, 1.0, slices)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-punica-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
