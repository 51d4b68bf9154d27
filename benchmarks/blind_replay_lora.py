"""A blind replay of the LoRA machinery a fork that serves adapters on its own layers carries code against.

17 first-parent commits on vllm/lora (10, then 7 in a second round) -- the layers' hooks (BaseLayerWithLoRA.set_lora's ``bias`` and the
linear layers' ``slice_bias`` and ``lora_bias_stacked`` removed with LoRA bias support, FusedMoEWithLoRA's
``w1_lora_a_stacked``/``w3_...`` folded into ``w13_lora_a_stacked`` and its ``_get_lora_moe_configs`` /
``_inject_lora_into_fused_moe`` hooks reshaped, then removed), the punica wrapper (``add_lora_linear``'s
``lora_bias_stacked`` parameter, the wrapper's ``max_loras`` keyword made ``lora_config``), the Triton LoRA
ops' metadata (``LoRAKernelMeta.meta_args`` given a required ``specialize_active_lora`` and a seventh
returned element, its ``num_active_loras`` field made ``num_active_loras_cpu``), the model manager and the
worker's manager (``vllm.lora.models`` split into ``model_manager``/``lora_model``, WorkerLoRAManager's
scalar parameters folded into ``vllm_config``, then its ``embedding_padding_modules`` removed so a fourth
positional argument lands in ``lora_model_cls``; ``vllm_config`` made required in LoRAModelManager and
``create_lora_manager``; LoRAModel.from_local_checkpoint's padding keywords removed) -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use (#28545,
#31285, #27211 and #28579 are theirs).
Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass override calling
``super()``, a positional construction, keywords, a read of a field or attribute, an unpack of a returned
tuple, a star-args call of an op, an import of a split module), with twins (fork code beside the same
change that it does not break).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins
must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 5e261c9c): 20 caught, 0 warned, 1 missed of 21 (twins: 10
quiet, 0 false errors).  The miss: #30253's ``from vllm.lora import models as lora_models`` (a submodule taken
off a package whose ``__init__`` no side changed: the import check skipped every name of an unchanged module,
submodules with them).
After the killers49 widening: 21 caught, 0 warned, 0 missed of 21 (twins: 10 quiet, 0 false errors).  Caught
now: a submodule imported off an unchanged package (``from pkg import mod``) once upstream removed, moved or
split the submodule (symbol drift).

Round 2, 7 more commits written after that widening and committed (a3f419fc) before their run: blind, 8
caught, 0 warned, 3 missed of 11 (twins: 6 quiet, 0 false errors).  The misses: #40867's
``self._fused_experts.aeon_lora = True`` (a store through an attribute upstream removed: the store counted as
the fork's class binding ``_fused_experts``, and hid the read), #27435's ``fused_moe_lora(...,
block_size_m=32, ...)`` (a module-level alias of the op's fallback function, ``fused_moe_lora =
_fused_moe_lora``: the call was read as one of a value), #32655's three-name unpack of
``moe_lora_align_block_size`` (a benchmark's nested def of the name kept three elements: the name looked
ambiguous).  One blind twin was the replay's own mistake: #32655's ``aligned[1]`` (the new element leads,
so element 1 is ``sorted_ids`` now); it is a killer case, and a twin (a starred unpack of the unmoved last
element) was added after the run.
After the killers49 widenings, both rounds: 33 caught, 0 warned, 0 missed of 33 (twins: 16 quiet, 0 false
errors).  Caught now: a store through an attribute upstream removed (``self.a.b = v``, ``self.a[k] = v``);
a call through a module-level alias of a function (symbol drift); a widened or reordered tuple whose name
another function only defines nested in its body (return drift).

  python benchmarks/blind_replay_lora.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #25807 (ab196edefb): LoRA bias support removed: set_lora(bias=/lora_bias=), slice_bias,
#     lora_bias_stacked, PunicaWrapper.add_lora_linear(lora_bias_stacked), LoRAConfig.bias_enabled
LB = "ab196edefb"
LBW = "LoRA bias removed (slice_bias, lora_bias_stacked, add_lora_linear's parameter, bias_enabled)"
CASES += [
    (
        "#25807 layer hook removed",
        "super() of the removed slice_bias in a layer subclass",
        K(
            "#25807",
            LB,
            LBW,
            "vllm/aeon/lb1.py",
            "import torch\n\n"
            "from vllm.lora.layers import RowParallelLinearWithLoRA\n\n\n"
            "class AeonRowParallelLinearWithLoRA(RowParallelLinearWithLoRA):\n"
            "    def slice_bias(self, bias: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: GB10 keeps LoRA biases in bf16 whatever the adapter ships\n"
            "        return super().slice_bias(bias).to(torch.bfloat16)\n",
            "return super().slice_bias(bias).to(torch.bfloat16)",
        ),
    ),
    (
        "#25807 punica parameter removed",
        "add_lora_linear with the bias stack by position",
        K(
            "#25807",
            LB,
            LBW,
            "vllm/aeon/lb2.py",
            "import torch\n\n"
            "from vllm.lora.layers.base_linear import BaseLinearLayerWithLoRA\n\n\n"
            "class AeonFusedLinearWithLoRA(BaseLinearLayerWithLoRA):\n"
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            "        # AEON: the fleet's fused QKV-gate projection adds the LoRA delta itself\n"
            "        output = self.base_layer.quant_method.apply(self.base_layer, x, bias)\n"
            "        self.punica_wrapper.add_lora_linear(output, x, self.lora_a_stacked, self.lora_b_stacked, self.lora_bias_stacked, 1.0, self.output_slices)\n"
            "        return output\n",
            "self.punica_wrapper.add_lora_linear(output, x, self.lora_a_stacked, self.lora_b_stacked, self.lora_bias_stacked, 1.0, self.output_slices)",
        ),
    ),
    (
        "#25807 config field removed",
        "the removed LoRAConfig field read",
        K(
            "#25807",
            LB,
            LBW,
            "vllm/aeon/lb3.py",
            "from vllm.config.lora import LoRAConfig\n\n\n"
            "def aeon_lora_bias_slots(lora_config: LoRAConfig) -> int:\n"
            "    return lora_config.max_loras if lora_config.bias_enabled else 0\n",
            "return lora_config.max_loras if lora_config.bias_enabled else 0",
        ),
    ),
    (
        "#25807 layer hook removed",
        "twin: super().set_lora with the kept parameters",
        K(
            "#25807",
            LB,
            LBW,
            "vllm/aeon/lb4.py",
            "import torch\n\n"
            "from vllm.lora.layers import RowParallelLinearWithLoRA\n\n\n"
            "class AeonRowLoRA(RowParallelLinearWithLoRA):\n"
            "    def set_lora(self, index: int, lora_a: torch.Tensor, lora_b: torch.Tensor, embeddings_tensor: torch.Tensor | None):\n"
            "        super().set_lora(index, lora_a.contiguous(), lora_b.contiguous(), embeddings_tensor)\n",
            "super().set_lora(index, lora_a.contiguous(), lora_b.contiguous(), embeddings_tensor)",
        ),
    ),
]

# --- #25249 (2821986450): WorkerLoRAManager(max_num_seqs, max_num_batched_tokens, vocab_size, lora_config,
#     device, ..., max_position_embeddings=) -> WorkerLoRAManager(vllm_config, device, ...)
WM = "2821986450"
WMW = "WorkerLoRAManager's scalar parameters folded into vllm_config"
CASES += [
    (
        "#25249 constructor parameters folded",
        "the old positional construction",
        K(
            "#25249",
            WM,
            WMW,
            "vllm/aeon/wm1.py",
            "from vllm.lora.worker_manager import LRUCacheWorkerLoRAManager\n\n\n"
            "def aeon_lora_manager(vllm_config, model, device):\n"
            "    # AEON: the Spark worker builds its own manager to pin adapters in unified memory\n"
            "    sched = vllm_config.scheduler_config\n"
            "    return LRUCacheWorkerLoRAManager(sched.max_num_seqs, sched.max_num_batched_tokens, model.config.vocab_size, vllm_config.lora_config, device, model.embedding_modules, model.embedding_padding_modules)\n",
            "return LRUCacheWorkerLoRAManager(sched.max_num_seqs, sched.max_num_batched_tokens, model.config.vocab_size, vllm_config.lora_config, device, model.embedding_modules, model.embedding_padding_modules)",
        ),
    ),
    (
        "#25249 constructor parameters folded",
        "the old keywords",
        K(
            "#25249",
            WM,
            WMW,
            "vllm/aeon/wm2.py",
            "from vllm.lora.worker_manager import WorkerLoRAManager\n\n\n"
            "def aeon_lora_manager(vllm_config, model, device) -> WorkerLoRAManager:\n"
            "    return WorkerLoRAManager(\n"
            "        max_num_seqs=vllm_config.scheduler_config.max_num_seqs,\n"
            "        max_num_batched_tokens=vllm_config.scheduler_config.max_num_batched_tokens,\n"
            "        vocab_size=model.config.vocab_size,\n"
            "        lora_config=vllm_config.lora_config,\n"
            "        device=device,\n"
            "        embedding_modules=model.embedding_modules,\n"
            "        embedding_padding_modules=model.embedding_padding_modules,\n"
            "        max_position_embeddings=model.config.max_position_embeddings,\n"
            "    )\n",
            "max_num_seqs=vllm_config.scheduler_config.max_num_seqs,",
        ),
    ),
    (
        "#25249 constructor parameters folded",
        "twin: an attribute the constructor still sets",
        K(
            "#25249",
            WM,
            WMW,
            "vllm/aeon/wm3.py",
            "from vllm.lora.worker_manager import WorkerLoRAManager\n\n\n"
            "def aeon_lora_capacity(manager: WorkerLoRAManager) -> int:\n"
            "    return manager.max_num_seqs * manager.lora_config.max_loras\n",
            "return manager.max_num_seqs * manager.lora_config.max_loras",
        ),
    ),
]

# --- #29611 (39e63dec7c): embedding padding removed: WorkerLoRAManager loses embedding_padding_modules (so a
#     fourth positional argument now lands in lora_model_cls), LoRAModel.from_local_checkpoint loses
#     target_embedding_padding/embedding_modules/embedding_padding_modules (model_vocab_size instead)
EP = "39e63dec7c"
EPW = "embedding_padding_modules / target_embedding_padding removed"
CASES += [
    (
        "#29611 parameter removed, positions shift",
        "the padding modules passed fourth by position",
        K(
            "#29611",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            "from vllm.lora.worker_manager import LRUCacheWorkerLoRAManager\n\n\n"
            "def aeon_lora_manager(vllm_config, model, device):\n"
            "    return LRUCacheWorkerLoRAManager(vllm_config, device, model.embedding_modules, model.embedding_padding_modules)\n",
            "return LRUCacheWorkerLoRAManager(vllm_config, device, model.embedding_modules, model.embedding_padding_modules)",
        ),
    ),
    (
        "#29611 parameter removed, positions shift",
        "from_local_checkpoint's removed keywords",
        K(
            "#29611",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            "from vllm.lora.models import LoRAModel\n"
            "from vllm.lora.peft_helper import PEFTHelper\n\n\n"
            "def aeon_load_adapter(path: str, modules: set[str], peft_helper: PEFTHelper, vocab_size: int) -> LoRAModel:\n"
            "    # AEON: adapters are staged on the Spark's unified memory, not a separate host copy\n"
            "    return LoRAModel.from_local_checkpoint(\n"
            "        path,\n"
            "        modules,\n"
            "        peft_helper,\n"
            "        device='cpu',\n"
            "        target_embedding_padding=vocab_size,\n"
            "        embedding_modules={},\n"
            "    )\n",
            "target_embedding_padding=vocab_size,",
        ),
    ),
    (
        "#29611 parameter removed, positions shift",
        "twin: from_local_checkpoint with kept keywords",
        K(
            "#29611",
            EP,
            EPW,
            "vllm/aeon/ep3.py",
            "from vllm.lora.models import LoRAModel\n"
            "from vllm.lora.peft_helper import PEFTHelper\n\n\n"
            "def aeon_load_adapter(path: str, modules: set[str], peft_helper: PEFTHelper) -> LoRAModel:\n"
            "    return LoRAModel.from_local_checkpoint(path, modules, peft_helper, device='cpu', lora_model_id=1)\n",
            "return LoRAModel.from_local_checkpoint(path, modules, peft_helper, device='cpu', lora_model_id=1)",
        ),
    ),
]

# --- #30253 (67312cad11): vllm/lora/models.py split into model_manager.py and lora_model.py
SP = "67312cad11"
SPW = "vllm.lora.models -> vllm.lora.model_manager / vllm.lora.lora_model"
CASES += [
    (
        "#30253 module split",
        "an import from the removed module",
        K(
            "#30253",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            "from vllm.lora.models import LoRAModelManager\n\n\n"
            "class AeonLoRAModelManager(LoRAModelManager):\n"
            "    pass\n",
            "from vllm.lora.models import LoRAModelManager",
        ),
    ),
    (
        "#30253 module split",
        "a helper off a module alias",
        K(
            "#30253",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "from vllm.lora import models as lora_models\n\n\n"
            "def aeon_next_lora_id() -> int:\n"
            "    return lora_models.get_lora_id()\n",
            "from vllm.lora import models as lora_models",
        ),
    ),
    (
        "#30253 module split",
        "twin: an import from a kept module",
        K(
            "#30253",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            "from vllm.lora.lora_weights import LoRALayerWeights\n\n\n"
            "def aeon_rank(weights: LoRALayerWeights) -> int:\n"
            "    return weights.rank\n",
            "return weights.rank",
        ),
    ),
]

# --- #29187 (1489902b53): FusedMoEWithLoRA's w1/w3 stacks folded into w13_lora_a/b_stacked tuples;
#     _get_lora_moe_configs(lora_a_stacked=, lora_b_stacked=) -> (num_loras=, rank=)
FM = "1489902b53"
FMW = "FusedMoEWithLoRA w1/w3 stacks -> w13 tuples; _get_lora_moe_configs parameters"
FML = (
    "import torch\n\n"
    "from vllm.config.lora import LoRAConfig\n"
    "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
)
CASES += [
    (
        "#29187 layer attribute no longer set",
        "a subclass reading the removed stack",
        K(
            "#29187",
            FM,
            FMW,
            "vllm/aeon/fm1.py",
            FML + "class AeonFusedMoEWithLoRA(FusedMoEWithLoRA):\n"
            "    def create_lora_weights(self, max_loras: int, lora_config: LoRAConfig, model_config=None) -> None:\n"
            "        super().create_lora_weights(max_loras, lora_config, model_config)\n"
            "        # AEON: the GB10 grouped GEMM wants gate and up in one buffer\n"
            "        self.aeon_gate_up_a = torch.cat([self.w1_lora_a_stacked, self.w3_lora_a_stacked], dim=2)\n",
            "self.aeon_gate_up_a = torch.cat([self.w1_lora_a_stacked, self.w3_lora_a_stacked], dim=2)",
        ),
    ),
    (
        "#29187 layer attribute no longer set",
        "the hook's removed keywords",
        K(
            "#29187",
            FM,
            FMW,
            "vllm/aeon/fm2.py",
            FML + "class AeonTunedMoELoRA(FusedMoEWithLoRA):\n"
            "    def aeon_w2_configs(self, layer, M: int, top_k: int, config_dtype: str):\n"
            "        return self._get_lora_moe_configs(\n"
            "            op_prefix='w2',\n"
            "            lora_a_stacked=self.w2_lora_a_stacked,\n"
            "            lora_b_stacked=self.w2_lora_b_stacked,\n"
            "            num_slices=1,\n"
            "            M=M,\n"
            "            layer=layer,\n"
            "            top_k=top_k,\n"
            "            config_dtype=config_dtype,\n"
            "        )\n",
            "lora_a_stacked=self.w2_lora_a_stacked,",
        ),
    ),
    (
        "#29187 layer attribute no longer set",
        "twin: the kept w2 stack",
        K(
            "#29187",
            FM,
            FMW,
            "vllm/aeon/fm3.py",
            FML + "class AeonW2MoELoRA(FusedMoEWithLoRA):\n"
            "    def create_lora_weights(self, max_loras: int, lora_config: LoRAConfig, model_config=None) -> None:\n"
            "        super().create_lora_weights(max_loras, lora_config, model_config)\n"
            "        self.aeon_w2_rank = self.w2_lora_a_stacked.shape[-2]\n",
            "self.aeon_w2_rank = self.w2_lora_a_stacked.shape[-2]",
        ),
    ),
]

# --- #32005 (ffe1fc7a28): LoRAKernelMeta.meta_args(token_nums) -> meta_args(token_nums, specialize_active_lora),
#     returning a seventh element (num_active_loras) that the ops take before ``scaling``
MA = "ffe1fc7a28"
MAW = "LoRAKernelMeta.meta_args: a required parameter, a seventh returned element"
CASES += [
    (
        "#32005 meta tuple widened",
        "an unpack of the six elements",
        K(
            "#32005",
            MA,
            MAW,
            "vllm/aeon/ma1.py",
            "import torch\n\n"
            "from vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
            "class AeonPunicaWrapper(PunicaWrapperGPU):\n"
            "    def aeon_active_ids(self, num_tokens: int) -> torch.Tensor:\n"
            "        # AEON: the DFlash drafter shares the target's adapter slots\n"
            "        (token_lora_mapping, _, _, _, lora_ids, _) = self.token_mapping_meta.meta_args(num_tokens)\n"
            "        return lora_ids[lora_ids >= 0]\n",
            "(token_lora_mapping, _, _, _, lora_ids, _) = self.token_mapping_meta.meta_args(num_tokens)",
        ),
    ),
    (
        "#32005 meta tuple widened",
        "the shrink op called with the metadata star-args",
        K(
            "#32005",
            MA,
            MAW,
            "vllm/aeon/ma2.py",
            "import torch\n\n"
            "from vllm.lora.ops.triton_ops import LoRAKernelMeta, lora_shrink\n\n\n"
            "def aeon_shrink(x: torch.Tensor, lora_a: list[torch.Tensor], y: torch.Tensor, meta: LoRAKernelMeta, scale: float) -> None:\n"
            "    lora_shrink(x, lora_a, y, *meta.meta_args(x.size(0)), scale)\n",
            "lora_shrink(x, lora_a, y, *meta.meta_args(x.size(0)), scale)",
        ),
    ),
    (
        "#32005 meta tuple widened",
        "twin: the kept prepare_tensors",
        K(
            "#32005",
            MA,
            MAW,
            "vllm/aeon/ma3.py",
            "import torch\n\n"
            "from vllm.lora.ops.triton_ops import LoRAKernelMeta\n\n\n"
            "def aeon_prepare(meta: LoRAKernelMeta, mapping: torch.Tensor) -> None:\n"
            "    meta.prepare_tensors(mapping)\n",
            "meta.prepare_tensors(mapping)",
        ),
    ),
]

# --- #34119 (ada4f4fadd): LoRAKernelMeta.num_active_loras (int) -> num_active_loras_cpu (a CPU tensor)
NA = "ada4f4fadd"
NAW = "LoRAKernelMeta.num_active_loras -> num_active_loras_cpu"
CASES += [
    (
        "#34119 metadata field renamed",
        "the removed field read off the wrapper's meta",
        K(
            "#34119",
            NA,
            NAW,
            "vllm/aeon/na1.py",
            "from vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
            "class AeonPunicaWrapperStats(PunicaWrapperGPU):\n"
            "    def aeon_active_loras(self) -> int:\n"
            "        # AEON: the Spark's metrics exporter reports the adapters in flight\n"
            "        return self.token_mapping_meta.num_active_loras\n",
            "return self.token_mapping_meta.num_active_loras",
        ),
    ),
    (
        "#34119 metadata field renamed",
        "the removed field off a typed parameter",
        K(
            "#34119",
            NA,
            NAW,
            "vllm/aeon/na2.py",
            "from vllm.lora.ops.triton_ops import LoRAKernelMeta\n\n\n"
            "def aeon_grid_z(meta: LoRAKernelMeta) -> int:\n"
            "    return max(1, meta.num_active_loras)\n",
            "return max(1, meta.num_active_loras)",
        ),
    ),
    (
        "#34119 metadata field renamed",
        "twin: a kept field",
        K(
            "#34119",
            NA,
            NAW,
            "vllm/aeon/na3.py",
            "from vllm.lora.ops.triton_ops import LoRAKernelMeta\n\n\n"
            "def aeon_no_lora(meta: LoRAKernelMeta) -> bool:\n"
            "    return bool(meta.no_lora_flag_cpu.item())\n",
            "return bool(meta.no_lora_flag_cpu.item())",
        ),
    ),
]

# --- #40338 (8cd174fa35): MoE LoRA refactor: FusedMoEWithLoRA's _inject_lora_into_fused_moe and
#     _get_lora_moe_configs removed (the experts mixin and a LoRA context instead)
MR = "8cd174fa35"
MRW = "FusedMoEWithLoRA._inject_lora_into_fused_moe / _get_lora_moe_configs removed"
MRL = "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
CASES += [
    (
        "#40338 layer hooks removed",
        "super() of the removed injection hook",
        K(
            "#40338",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            MRL + "class AeonFusedMoEWithLoRA(FusedMoEWithLoRA):\n"
            "    def _inject_lora_into_fused_moe(self):\n"
            "        # AEON: wrap the fleet's NVFP4 experts too\n"
            "        super()._inject_lora_into_fused_moe()\n"
            "        self.aeon_injected = True\n",
            "super()._inject_lora_into_fused_moe()",
        ),
    ),
    (
        "#40338 layer hooks removed",
        "an override of the removed config hook, no longer called",
        K(
            "#40338",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            MRL
            + "AEON_GB10_MOE_LORA = {'BLOCK_SIZE_M': 32, 'BLOCK_SIZE_N': 64, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 1}\n\n\n"
            "class AeonTunedFusedMoEWithLoRA(FusedMoEWithLoRA):\n"
            "    def _get_lora_moe_configs(self, op_prefix, num_loras, rank, num_slices, M, layer, top_k, config_dtype):\n"
            "        # AEON: GB10's tuned tiles for every MoE LoRA op\n"
            "        return dict(AEON_GB10_MOE_LORA), dict(AEON_GB10_MOE_LORA)\n",
            "def _get_lora_moe_configs(self, op_prefix, num_loras, rank, num_slices, M, layer, top_k, config_dtype):",
        ),
    ),
    (
        "#40338 layer hooks removed",
        "twin: an override of a kept slicing hook",
        K(
            "#40338",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            "import torch\n\n" + MRL + "class AeonSlicedMoELoRA(FusedMoEWithLoRA):\n"
            "    def _slice_w2_b(self, w2_lora_b: torch.Tensor) -> torch.Tensor:\n"
            "        return super()._slice_w2_b(w2_lora_b).contiguous()\n",
            "return super()._slice_w2_b(w2_lora_b).contiguous()",
        ),
    ),
]

# --- #41722 (ccd49f6821): vllm_config made required: LoRAModelManager(..., vllm_config=None) and
#     WorkerLoRAManager.create_lora_manager(model, vllm_config=None) lose their defaults
VC = "ccd49f6821"
VCW = "vllm_config's None default removed (LoRAModelManager, create_lora_manager)"
CASES += [
    (
        "#41722 default removed",
        "the manager built without vllm_config",
        K(
            "#41722",
            VC,
            VCW,
            "vllm/aeon/vc1.py",
            "from vllm.lora.model_manager import LoRAModelManager\n\n\n"
            "def aeon_manager(model, lora_config, device):\n"
            "    # AEON: the offline adapter smoke test runs without a full engine config\n"
            "    return LoRAModelManager(model, 8, 2048, 32000, lora_config, device)\n",
            "return LoRAModelManager(model, 8, 2048, 32000, lora_config, device)",
        ),
    ),
    (
        "#41722 default removed",
        "the worker's create_lora_manager called with the model alone",
        K(
            "#41722",
            VC,
            VCW,
            "vllm/aeon/vc2.py",
            "from vllm.lora.worker_manager import LRUCacheWorkerLoRAManager\n\n\n"
            "def aeon_wrap(manager: LRUCacheWorkerLoRAManager, model):\n"
            "    return manager.create_lora_manager(model)\n",
            "return manager.create_lora_manager(model)",
        ),
    ),
    (
        "#41722 default removed",
        "twin: create_lora_manager with vllm_config",
        K(
            "#41722",
            VC,
            VCW,
            "vllm/aeon/vc3.py",
            "from vllm.lora.worker_manager import LRUCacheWorkerLoRAManager\n\n\n"
            "def aeon_wrap(manager: LRUCacheWorkerLoRAManager, model, vllm_config):\n"
            "    return manager.create_lora_manager(model, vllm_config)\n",
            "return manager.create_lora_manager(model, vllm_config)",
        ),
    ),
]

# --- #31408 (f84bf7d79b): the punica wrappers read kwargs["lora_config"] instead of kwargs["max_loras"]
PW = "f84bf7d79b"
PWW = "PunicaWrapperGPU(max_loras=) -> PunicaWrapperGPU(lora_config=)"
CASES += [
    (
        "#31408 kwargs key renamed",
        "the wrapper built with the old keyword",
        K(
            "#31408",
            PW,
            PWW,
            "vllm/aeon/pw1.py",
            "from vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
            "def aeon_drafter_wrapper(max_num_batched_tokens: int, max_batches: int, device, max_loras: int) -> PunicaWrapperGPU:\n"
            "    # AEON: the drafter gets its own wrapper sized for its shorter batches\n"
            "    return PunicaWrapperGPU(max_num_batched_tokens, max_batches, device, max_loras=max_loras)\n",
            "return PunicaWrapperGPU(max_num_batched_tokens, max_batches, device, max_loras=max_loras)",
        ),
    ),
    (
        "#31408 kwargs key renamed",
        "super().__init__ with the old keyword",
        K(
            "#31408",
            PW,
            PWW,
            "vllm/aeon/pw2.py",
            "from vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
            "class AeonPunicaWrapperGPU(PunicaWrapperGPU):\n"
            "    def __init__(self, max_num_batched_tokens: int, max_batches: int, device, **kwargs):\n"
            "        super().__init__(max_num_batched_tokens, max_batches, device, max_loras=kwargs['max_loras'])\n",
            "super().__init__(max_num_batched_tokens, max_batches, device, max_loras=kwargs['max_loras'])",
        ),
    ),
    (
        "#31408 kwargs key renamed",
        "twin: the attribute the wrapper still sets",
        K(
            "#31408",
            PW,
            PWW,
            "vllm/aeon/pw3.py",
            "from vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
            "def aeon_slots(wrapper: PunicaWrapperGPU) -> int:\n"
            "    return wrapper.max_loras + 1\n",
            "return wrapper.max_loras + 1",
        ),
    ),
]


# ===== Round 2: 7 more first-parent commits, written after round 1's widening and committed before their run.

# --- #27435 (2ec401bc39): add_lora_fused_moe's ``config`` split into shrink_config, expand_config (a positional
#     call shifts: the adapter mask lands in expand_config, the routed-weight flag in adapter_enabled); the
#     fused_moe_lora op's block sizes split into shrink_*/expand_*
FC = "2ec401bc39"
FCW = "add_lora_fused_moe(config) -> (shrink_config, expand_config); fused_moe_lora block sizes split"
CASES += [
    (
        "#27435 parameter split, positions shift",
        "add_lora_fused_moe by position",
        K(
            "#27435",
            FC,
            FCW,
            "vllm/aeon/fc1.py",
            "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
            "class AeonMoELoRA(FusedMoEWithLoRA):\n"
            "    def aeon_w2_lora(self, y, x, topk_weights, sorted_ids, expert_ids, num_post_pad, rank, top_k, config):\n"
            "        # AEON: the fleet's shared-expert path adds the w2 LoRA once more, routed weights applied\n"
            "        self.punica_wrapper.add_lora_fused_moe(y, x, [self.w2_lora_a_stacked], [self.w2_lora_b_stacked], topk_weights, sorted_ids, expert_ids, num_post_pad, rank, top_k, config, self.adapter_enabled, True)\n",
            "self.punica_wrapper.add_lora_fused_moe(y, x, [self.w2_lora_a_stacked], [self.w2_lora_b_stacked], topk_weights, sorted_ids, expert_ids, num_post_pad, rank, top_k, config, self.adapter_enabled, True)",
        ),
    ),
    (
        "#27435 parameter split, positions shift",
        "the op's removed block-size keywords",
        K(
            "#27435",
            FC,
            FCW,
            "vllm/aeon/fc2.py",
            "from vllm.lora.ops.triton_ops import fused_moe_lora\n\n\n"
            "def aeon_moe_lora(out, x, a, b, tw, sorted_ids, expert_ids, num_post_pad, rank, top_k, lora_ids, enabled):\n"
            "    # AEON: GB10's 99 KiB shared memory wants smaller tiles\n"
            "    fused_moe_lora(\n"
            "        out, x, a, b, tw, sorted_ids, expert_ids, num_post_pad, rank, top_k, lora_ids, enabled,\n"
            "        block_size_m=32, block_size_n=32, block_size_k=32, group_size_m=1, split_k=1,\n"
            "    )\n",
            "block_size_m=32, block_size_n=32, block_size_k=32, group_size_m=1, split_k=1,",
        ),
    ),
    (
        "#27435 parameter split, positions shift",
        "twin: the kept moe_lora_align_block_size",
        K(
            "#27435",
            FC,
            FCW,
            "vllm/aeon/fc3.py",
            "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
            "class AeonAlignMoELoRA(FusedMoEWithLoRA):\n"
            "    def aeon_align(self, topk_ids, num_tokens, block_size, num_experts):\n"
            "        return self.punica_wrapper.moe_lora_align_block_size(topk_ids, num_tokens, block_size, num_experts, 4, self.adapter_enabled)\n",
            "return self.punica_wrapper.moe_lora_align_block_size(topk_ids, num_tokens, block_size, num_experts, 4, self.adapter_enabled)",
        ),
    ),
]

# --- #29222 (1073ba68b0): FusedMoEWithLoRA.w13_slices -> _w13_slices (FusedMoE3DWithLoRA sets it to 1)
WS = "1073ba68b0"
WSW = "FusedMoEWithLoRA.w13_slices -> _w13_slices"
CASES += [
    (
        "#29222 attribute renamed",
        "a subclass writing the old name",
        K(
            "#29222",
            WS,
            WSW,
            "vllm/aeon/ws1.py",
            "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
            "class AeonFusedGateUpMoEWithLoRA(FusedMoEWithLoRA):\n"
            "    def __init__(self, base_layer) -> None:\n"
            "        super().__init__(base_layer)\n"
            "        # AEON: the fleet's checkpoints ship gate_up as one fused LoRA\n"
            "        self.w13_slices = 1\n",
            "self.w13_slices = 1",
        ),
    ),
    (
        "#29222 attribute renamed",
        "a subclass reading the old name",
        K(
            "#29222",
            WS,
            WSW,
            "vllm/aeon/ws2.py",
            "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
            "class AeonResetMoELoRA(FusedMoEWithLoRA):\n"
            "    def aeon_zero(self, index: int) -> None:\n"
            "        for pos in range(self.w13_slices):\n"
            "            self.w13_lora_a_stacked[pos][index] = 0\n",
            "for pos in range(self.w13_slices):",
        ),
    ),
]

# --- #26674 (ce1eafd1a5): LoRAModelManager.punica_wrapper -> punica_wrapper_mapping (one per tower/connector/LM);
#     _filter_unsupported_mm_module removed
PM = "ce1eafd1a5"
PMW = "LoRAModelManager.punica_wrapper -> punica_wrapper_mapping; _filter_unsupported_mm_module removed"
LMM = "from vllm.lora.model_manager import LoRAModelManager\n\n\n"
CASES += [
    (
        "#26674 manager attribute replaced",
        "a subclass reading the single wrapper",
        K(
            "#26674",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            LMM + "class AeonLoRAModelManager(LoRAModelManager):\n"
            "    def aeon_lora_idle(self) -> bool:\n"
            "        # AEON: skip the adapter GEMMs when no request in the batch carries one\n"
            "        return self.punica_wrapper.no_lora\n",
            "return self.punica_wrapper.no_lora",
        ),
    ),
    (
        "#26674 manager attribute replaced",
        "super() of the removed filter",
        K(
            "#26674",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            LMM + "class AeonVisionLoRAModelManager(LoRAModelManager):\n"
            "    def _filter_unsupported_mm_module(self, module_name: str) -> bool:\n"
            "        # AEON: the fleet serves vision-tower adapters\n"
            "        if '.visual.' in module_name:\n"
            "            return False\n"
            "        return super()._filter_unsupported_mm_module(module_name)\n",
            "return super()._filter_unsupported_mm_module(module_name)",
        ),
    ),
    (
        "#26674 manager attribute replaced",
        "twin: a kept manager attribute",
        K(
            "#26674",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            LMM + "def aeon_modules(manager: LoRAModelManager) -> list[str]:\n"
            "    return sorted(manager.supported_lora_modules)\n",
            "return sorted(manager.supported_lora_modules)",
        ),
    ),
]

# --- #40867 (ecd0b60aad): FusedMoEWithLoRA._fused_experts -> _moe_kernel (the experts off .fused_experts)
FE = "ecd0b60aad"
FEW = "FusedMoEWithLoRA._fused_experts -> _moe_kernel"
CASES += [
    (
        "#40867 layer attribute replaced",
        "a set_mapping override reaching the experts",
        K(
            "#40867",
            FE,
            FEW,
            "vllm/aeon/fe1.py",
            "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
            "class AeonFusedMoEWithLoRA(FusedMoEWithLoRA):\n"
            "    def set_mapping(self, punica_wrapper):\n"
            "        super().set_mapping(punica_wrapper)\n"
            "        # AEON: the NVFP4 experts need the LoRA context too\n"
            "        self._fused_experts.aeon_lora = True\n",
            "self._fused_experts.aeon_lora = True",
        ),
    ),
    (
        "#40867 layer attribute replaced",
        "twin: the kept base layer",
        K(
            "#40867",
            FE,
            FEW,
            "vllm/aeon/fe2.py",
            "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
            "def aeon_experts(layer: FusedMoEWithLoRA) -> int:\n"
            "    return layer.base_layer.local_num_experts\n",
            "return layer.base_layer.local_num_experts",
        ),
    ),
]

# --- #21169 (1eaff27815): long-context LoRA removed: LoRAModel(scaling_factor), create_dummy_lora(scaling_factor),
#     LoRAConfig.long_lora_scaling_factors
LL = "1eaff27815"
LLW = "long-context LoRA removed (scaling_factor parameters, long_lora_scaling_factors)"
CASES += [
    (
        "#21169 parameter removed, positions shift",
        "create_dummy_lora with the scaling factor by position",
        K(
            "#21169",
            LL,
            LLW,
            "vllm/aeon/ll1.py",
            "from vllm.lora.models import LoRAModelManager\n\n\n"
            "def aeon_warmup_lora(manager: LoRAModelManager, lora_id: int, rank: int, embedding_modules: dict[str, str]):\n"
            "    return manager.create_dummy_lora(lora_id, rank, None, embedding_modules)\n",
            "return manager.create_dummy_lora(lora_id, rank, None, embedding_modules)",
        ),
    ),
    (
        "#21169 parameter removed, positions shift",
        "LoRAModel built with the scaling factor",
        K(
            "#21169",
            LL,
            LLW,
            "vllm/aeon/ll2.py",
            "from vllm.lora.models import LoRAModel\n\n\n"
            "def aeon_empty_lora(lora_id: int, rank: int) -> LoRAModel:\n"
            "    return LoRAModel(lora_id, rank, {}, 4.0)\n",
            "return LoRAModel(lora_id, rank, {}, 4.0)",
        ),
    ),
    (
        "#21169 parameter removed, positions shift",
        "twin: LoRAModel with the kept parameters",
        K(
            "#21169",
            LL,
            LLW,
            "vllm/aeon/ll3.py",
            "from vllm.lora.models import LoRAModel\n\n\n"
            "def aeon_empty_lora(lora_id: int, rank: int) -> LoRAModel:\n"
            "    return LoRAModel(lora_id, rank, {})\n",
            "return LoRAModel(lora_id, rank, {})",
        ),
    ),
]

# --- #31161 (27c6c2f98c): vllm.lora.utils.is_regex_target_modules removed
RT = "27c6c2f98c"
RTW = "is_regex_target_modules removed"
CASES += [
    (
        "#31161 helper removed",
        "a call off the utils module",
        K(
            "#31161",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            "from vllm.lora import utils as lora_utils\n\n\n"
            "def aeon_regex_targets(target_modules, expected: set[str]) -> bool:\n"
            "    return lora_utils.is_regex_target_modules(target_modules, expected)\n",
            "return lora_utils.is_regex_target_modules(target_modules, expected)",
        ),
    ),
    (
        "#31161 helper removed",
        "twin: a kept helper",
        K(
            "#31161",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            "from vllm.lora import utils as lora_utils\n\n\n"
            "def aeon_name(name: str):\n"
            "    return lora_utils.parse_fine_tuned_lora_name(name)\n",
            "return lora_utils.parse_fine_tuned_lora_name(name)",
        ),
    ),
]

# --- #32655 (7320ca3942): moe_lora_align_block_size returns four elements, not three: a leading one (None
#     here, the token mapping in later commits) before sorted_ids, expert_ids, num_tokens_post_pad
AB = "7320ca3942"
ABW = "moe_lora_align_block_size returns a leading fourth element"
AMO = "from vllm.lora.layers.fused_moe import FusedMoEWithLoRA\n\n\n"
ALIGN = (
    "self.punica_wrapper.moe_lora_align_block_size(\n"
    "            topk_ids, num_tokens, block_size, self.base_layer.local_num_experts, self.max_loras, self.adapter_enabled\n"
    "        )\n"
)
CASES += [
    (
        "#32655 returned tuple widened",
        "an unpack of the three elements",
        K(
            "#32655",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            AMO + "class AeonAlignedMoELoRA(FusedMoEWithLoRA):\n"
            "    def aeon_align(self, topk_ids, num_tokens: int, block_size: int):\n"
            "        sorted_ids, expert_ids, num_post_pad = " + ALIGN + ""
            "        return sorted_ids.view(self.max_loras, -1), expert_ids.view(self.max_loras, -1), num_post_pad\n",
            "sorted_ids, expert_ids, num_post_pad = self.punica_wrapper.moe_lora_align_block_size(",
        ),
    ),
    (
        # written as a twin, blind: the replay's own mistake (the new element leads, so [1] is sorted_ids now);
        # the blind run left it quiet, the engine having missed the whole widening
        "#32655 returned tuple widened",
        "the expert ids read by index (element 1 moved)",
        K(
            "#32655",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            AMO + "class AeonIdsMoELoRA(FusedMoEWithLoRA):\n"
            "    def aeon_expert_ids(self, topk_ids, num_tokens: int, block_size: int):\n"
            "        aligned = " + ALIGN + "        return aligned[1]\n",
            "return aligned[1]",
        ),
    ),
    (
        # added after the blind run, for the case above turned killer
        "#32655 returned tuple widened",
        "twin: the last element taken by a starred unpack",
        K(
            "#32655",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            AMO + "class AeonPadMoELoRA(FusedMoEWithLoRA):\n"
            "    def aeon_num_post_pad(self, topk_ids, num_tokens: int, block_size: int):\n"
            "        *_, num_post_pad = " + ALIGN + "        return num_post_pad\n",
            "*_, num_post_pad = self.punica_wrapper.moe_lora_align_block_size(",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-lora-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
