"""A blind replay of the MoE model files a fork's model code subclasses, imports and patches.

10 first-parent commits on ``vllm/model_executor/models/{deepseek_v2,mixtral,qwen2_moe,qwen3_moe,gpt_oss}.py``
-- the classes, module functions, constructors and attributes a fork's MoE model carries code against:
``DeepseekV2MLAAttention``'s ``prefix``/``debug_layer_idx`` no longer set, ``Qwen3MoeSparseMoeBlock.
_maybe_ignore_quant_config`` removed, the sparse indexer functions moved off ``deepseek_v2``, ``Qwen3MoeModel.
padding_idx`` no longer set, ``DeepSeekV2Gate`` removed, gpt-oss's ``MLPBlock.router`` made a
``ReplicatedLinear`` instead of a ``torch.nn.Linear``, ``DeepSeekV2FusedQkvAProj`` renamed, the indexer's
``wk``/``weights_proj`` fused into one projection, ``_try_load_fp8_indexer_wk`` given a required parameter, and
``DeepseekV2MoE.forward`` called with a new keyword by its decoder layer -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3
fork spellings written the way fork code is written (a subclass's ``self.`` read or call, an import, a module
attribute, an ``isinstance`` against the module's class, a read off a receiver typed as the class, a call of a
module function, a subclass override installed over the upstream class), with twins (fork code the commit
does not break: the kept attribute, the kept function, the override that takes the new keyword).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 194a2911): 15 caught, 3 warned, 0 missed of 18 (twins: 10
quiet, 0 false errors).  The warned: #35404's two (``MLPBlock.router`` made a ``ReplicatedLinear``, which has no
``in_features``/``out_features``: symbol drift's retyped-attribute read is a warning) and #46635's one (the
decoder layer now calls ``self.mlp(hidden_states, already_sequence_parallel=True)``; the fork's override of
``DeepseekV2MoE.forward`` without the keyword, installed over the module's class, is warned as an override whose
base's parameters changed).

After the killers132 widenings: 16 caught, 2 warned, 0 missed of 18 (twins: 10 quiet, 0 false errors); with the
four later spellings (added after the blind run; on the blind engine their two killers were missed and one
twin, ``type(m).__name__ in ("Old", "New")`` written out, was a false error): 18 caught, 2 warned, 0 missed of
20 (twins: 12 quiet, 0 false errors).  Caught now: a module's call that hands ``forward`` a new keyword
(``self.mlp(x, already_sequence_parallel=True)``: symbol drift's override check, ``drift/symbols.py``'s
``_calls_held_module``, reads it as a ``.forward(...)`` call when the calling class builds the holder as the
overridden class) and a table of class names the fork tests ``type(m).__name__`` against (name drift,
``drift/names.py``'s ``_table_reads``: its strings name definitions, not the fork's choices).  Also widened,
with no spelling here: a holder the merge base built only as outside classes, made an older project class
with no outside base that lacks the member, is an error (was a warning); and narrowed: a new class with an
outside base (``nn.Module``, an ``Executor``) is a warning even when upstream added it.  Left warned: #35404's two, honestly:
``ReplicatedLinear`` derives from ``nn.Module``, which serves members the tree never defines (``parameters()``,
``to()``, ``training``: errors on those were false in a trial), so only torch would say it lacks
``out_features``.  Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17/21_twins 0 false errors (40, 30, 23, 30 twins), blind_replay_moe 30 caught 1 warned of 31 (13
quiet), blind_replay_moe2 16/16 (10 quiet), blind_replay_llamamodels 27 caught 1 missed of 28 (15 quiet; as on
main), blind_replay_passes 21/21 (12 quiet), blind_replay_gpuworker 26 caught 2 warned of 28 (14 quiet; as on
main), review23_twins 7/7 (37 quiet), ``symbol_precision.py --windows 1``: 0 false errors (5 broken
overrides, 4 caught).

  python benchmarks/blind_replay_moemodels.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

DSV2 = "vllm.model_executor.models.deepseek_v2"

# --- #23332 (3efb9f4d95): DeepseekV2MLAAttention no longer sets prefix / debug_layer_idx
DL = "3efb9f4d95"
DLW = "DeepseekV2MLAAttention.prefix/debug_layer_idx no longer set"
MLA = f"from {DSV2} import DeepseekV2MLAAttention\n\n\n"
CASES += [
    (
        "#23332 attribute no longer set",
        "a subclass's self. read",
        K(
            "#23332",
            DL,
            DLW,
            "vllm/aeon/dl1.py",
            MLA + "class AeonMLAAttention(DeepseekV2MLAAttention):\n"
            "    def aeon_layer(self) -> int:\n"
            "        # AEON: the Spark's MLA trace tags each layer by its index\n"
            "        return self.debug_layer_idx\n",
            "return self.debug_layer_idx",
        ),
    ),
    (
        "#23332 attribute no longer set",
        "a read off a receiver typed as the class",
        K(
            "#23332",
            DL,
            DLW,
            "vllm/aeon/dl2.py",
            MLA + "def aeon_layer_name(attn: DeepseekV2MLAAttention) -> str:\n"
            "    return attn.prefix.rsplit('.', 1)[0]\n",
            "return attn.prefix.rsplit('.', 1)[0]",
        ),
    ),
    (
        "#23332 attribute no longer set",
        "twin: a kept attribute",
        K(
            "#23332",
            DL,
            DLW,
            "vllm/aeon/dl3.py",
            MLA + "def aeon_heads(attn: DeepseekV2MLAAttention) -> int:\n    return attn.num_local_heads\n",
            "return attn.num_local_heads",
        ),
    ),
]

# --- #25455 (d4d9899860): Qwen3MoeSparseMoeBlock._maybe_ignore_quant_config removed
MI = "d4d9899860"
MIW = "Qwen3MoeSparseMoeBlock._maybe_ignore_quant_config removed"
Q3 = "from vllm.model_executor.models.qwen3_moe import Qwen3MoeSparseMoeBlock\n\n\n"
CASES += [
    (
        "#25455 method removed",
        "a subclass's self. call",
        K(
            "#25455",
            MI,
            MIW,
            "vllm/aeon/mi1.py",
            Q3 + "class AeonQwen3MoeBlock(Qwen3MoeSparseMoeBlock):\n"
            "    def aeon_gate_quant(self, quant_config):\n"
            "        # AEON: the Spark's GPTQ checkpoints keep the router gate in bf16\n"
            "        return self._maybe_ignore_quant_config(quant_config)\n",
            "return self._maybe_ignore_quant_config(quant_config)",
        ),
    ),
    (
        "#25455 method removed",
        "a call on the class",
        K(
            "#25455",
            MI,
            MIW,
            "vllm/aeon/mi2.py",
            Q3 + "def aeon_gate_quant(block: Qwen3MoeSparseMoeBlock, quant_config):\n"
            "    return Qwen3MoeSparseMoeBlock._maybe_ignore_quant_config(block, quant_config)\n",
            "return Qwen3MoeSparseMoeBlock._maybe_ignore_quant_config(block, quant_config)",
        ),
    ),
    (
        "#25455 method removed",
        "twin: the kept gate and experts",
        K(
            "#25455",
            MI,
            MIW,
            "vllm/aeon/mi3.py",
            Q3 + "def aeon_router(block: Qwen3MoeSparseMoeBlock):\n    return block.gate, block.experts\n",
            "return block.gate, block.experts",
        ),
    ),
]

# --- #29287 (6c20e89c02): sparse_attn_indexer / sparse_attn_indexer_fake moved off deepseek_v2
SI = "6c20e89c02"
SIW = "sparse_attn_indexer removed from deepseek_v2"
CASES += [
    (
        "#29287 function moved",
        "an import of the moved function",
        K(
            "#29287",
            SI,
            SIW,
            "vllm/aeon/si1.py",
            f"from {DSV2} import sparse_attn_indexer\n\n\n"
            "def aeon_indexer(*args):\n"
            "    # AEON: the Spark calls the indexer eagerly outside the compiled graph\n"
            "    return sparse_attn_indexer(*args)\n",
            f"from {DSV2} import sparse_attn_indexer",
        ),
    ),
    (
        "#29287 function moved",
        "a module-attribute call",
        K(
            "#29287",
            SI,
            SIW,
            "vllm/aeon/si2.py",
            "from vllm.model_executor.models import deepseek_v2 as dsv2\n\n\n"
            "def aeon_indexer_shape(*args):\n"
            "    return dsv2.sparse_attn_indexer_fake(*args)\n",
            "return dsv2.sparse_attn_indexer_fake(*args)",
        ),
    ),
    (
        "#29287 function moved",
        "twin: the kept Indexer class",
        K(
            "#29287",
            SI,
            SIW,
            "vllm/aeon/si3.py",
            f"from {DSV2} import Indexer\n\n\nclass AeonIndexer(Indexer):\n    pass\n",
            f"from {DSV2} import Indexer",
        ),
    ),
]

# --- #35189 (c38b8d5a31): Qwen3MoeModel.padding_idx no longer set
PI = "c38b8d5a31"
PIW = "Qwen3MoeModel.padding_idx no longer set"
Q3M = "from vllm.model_executor.models.qwen3_moe import Qwen3MoeModel\n\n\n"
CASES += [
    (
        "#35189 attribute no longer set",
        "a subclass's self. read",
        K(
            "#35189",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            Q3M + "class AeonQwen3MoeModel(Qwen3MoeModel):\n"
            "    def aeon_is_pad(self, token_id: int) -> bool:\n"
            "        # AEON: the Spark's batcher drops pad tokens before the embedding\n"
            "        return token_id == self.padding_idx\n",
            "return token_id == self.padding_idx",
        ),
    ),
    (
        "#35189 attribute no longer set",
        "a read off a receiver typed as the class",
        K(
            "#35189",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            Q3M + "def aeon_pad(model: Qwen3MoeModel) -> int:\n    return model.padding_idx\n",
            "return model.padding_idx",
        ),
    ),
    (
        "#35189 attribute no longer set",
        "twin: the config's pad token and the kept vocab size",
        K(
            "#35189",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            Q3M + "def aeon_pad2(model: Qwen3MoeModel) -> tuple[int, int]:\n"
            "    return model.config.pad_token_id, model.vocab_size\n",
            "return model.config.pad_token_id, model.vocab_size",
        ),
    ),
]

# --- #35121 (38c498b8e3): DeepSeekV2Gate removed (replaced by fused_moe's GateLinear)
GT = "38c498b8e3"
GTW = "DeepSeekV2Gate removed"
CASES += [
    (
        "#35121 class removed",
        "an import for a subclass",
        K(
            "#35121",
            GT,
            GTW,
            "vllm/aeon/gt1.py",
            f"from {DSV2} import DeepSeekV2Gate\n\n\n"
            "class AeonGate(DeepSeekV2Gate):\n"
            "    # AEON: GB10 has no dsv3 router GEMM; always take the plain path\n"
            "    allow_dsv3_router_gemm = False\n",
            f"from {DSV2} import DeepSeekV2Gate",
        ),
    ),
    (
        "#35121 class removed",
        "a module-attribute constructor call",
        K(
            "#35121",
            GT,
            GTW,
            "vllm/aeon/gt2.py",
            "from vllm.model_executor.models import deepseek_v2 as dsv2\n\n\n"
            "def aeon_gate(hidden_size: int, n_experts: int, prefix: str):\n"
            "    return dsv2.DeepSeekV2Gate(hidden_size, n_experts, prefix=prefix)\n",
            "return dsv2.DeepSeekV2Gate(hidden_size, n_experts, prefix=prefix)",
        ),
    ),
    (
        "#35121 class removed",
        "twin: the kept MoE block",
        K(
            "#35121",
            GT,
            GTW,
            "vllm/aeon/gt3.py",
            f"from {DSV2} import DeepseekV2MoE\n\n\n"
            "def aeon_gate_weight(moe: DeepseekV2MoE):\n"
            "    return moe.gate.weight\n",
            "return moe.gate.weight",
        ),
    ),
]

# --- #35404 (1f3dbd95fd): gpt-oss MLPBlock.router torch.nn.Linear -> ReplicatedLinear
RT = "1f3dbd95fd"
RTW = "MLPBlock.router nn.Linear -> ReplicatedLinear (no in_features/out_features)"
MLP = "from vllm.model_executor.models.gpt_oss import MLPBlock\n\n\n"
CASES += [
    (
        "#35404 attribute's type changed",
        "a subclass reads an nn.Linear-only field",
        K(
            "#35404",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            MLP + "class AeonMLPBlock(MLPBlock):\n"
            "    def aeon_num_experts(self) -> int:\n"
            "        # AEON: the Spark's expert placement counts router outputs\n"
            "        return self.router.out_features\n",
            "return self.router.out_features",
        ),
    ),
    (
        "#35404 attribute's type changed",
        "a typed receiver's chained read",
        K(
            "#35404",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            MLP + "def aeon_router_in(block: MLPBlock) -> int:\n    return block.router.in_features\n",
            "return block.router.in_features",
        ),
    ),
    (
        "#35404 attribute's type changed",
        "twin: the weight's shape",
        K(
            "#35404",
            RT,
            RTW,
            "vllm/aeon/rt3.py",
            MLP + "def aeon_router_out(block: MLPBlock) -> int:\n    return block.router.weight.shape[0]\n",
            "return block.router.weight.shape[0]",
        ),
    ),
]

# --- #36247 (ee8a29511f): DeepSeekV2FusedQkvAProj -> DeepSeekV2FusedQkvAProjLinear
QA = "ee8a29511f"
QAW = "DeepSeekV2FusedQkvAProj renamed"
CASES += [
    (
        "#36247 class renamed",
        "an import of the old name",
        K(
            "#36247",
            QA,
            QAW,
            "vllm/aeon/qa1.py",
            f"from {DSV2} import DeepSeekV2FusedQkvAProj\n\n\n"
            "class AeonFusedQkvAProj(DeepSeekV2FusedQkvAProj):\n"
            "    pass\n",
            f"from {DSV2} import DeepSeekV2FusedQkvAProj",
        ),
    ),
    (
        "#36247 class renamed",
        "an isinstance against the module's class",
        K(
            "#36247",
            QA,
            QAW,
            "vllm/aeon/qa2.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.models import deepseek_v2\n\n\n"
            "def aeon_is_fused(module: nn.Module) -> bool:\n"
            "    # AEON: the Spark's FP8 patcher skips the fused q/kv-a projection\n"
            "    return isinstance(module, deepseek_v2.DeepSeekV2FusedQkvAProj)\n",
            "return isinstance(module, deepseek_v2.DeepSeekV2FusedQkvAProj)",
        ),
    ),
    (
        "#36247 class renamed",
        "twin: the base class",
        K(
            "#36247",
            QA,
            QAW,
            "vllm/aeon/qa3.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.layers.linear import MergedColumnParallelLinear\n\n\n"
            "def aeon_is_merged(module: nn.Module) -> bool:\n"
            "    return isinstance(module, MergedColumnParallelLinear)\n",
            "return isinstance(module, MergedColumnParallelLinear)",
        ),
    ),
]

# later spellings (added after the blind run, for the name-table widening): a table of class names the fork's
# patcher tests ``type(m).__name__`` against
CASES += [
    (
        "#36247 class renamed",
        "(later) a table of class names tested against __name__",
        K(
            "#36247",
            QA,
            QAW,
            "vllm/aeon/qa4.py",
            "from torch import nn\n\n"
            "_AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'ReplicatedLinear'}\n\n\n"
            "def aeon_skip(module: nn.Module) -> bool:\n"
            "    # AEON: the Spark's FP8 patcher leaves these projections alone\n"
            "    return module.__class__.__name__ in _AEON_SKIP\n",
            "_AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'ReplicatedLinear'}",
        ),
    ),
    (
        "#36247 class renamed",
        "(later) a multi-line frozenset tested with not in",
        K(
            "#36247",
            QA,
            QAW,
            "vllm/aeon/qa5.py",
            "from torch import nn\n\n"
            "_AEON_FUSED: frozenset[str] = frozenset(\n"
            "    (\n"
            "        'MergedColumnParallelLinear',\n"
            "        'DeepSeekV2FusedQkvAProj',\n"
            "    )\n"
            ")\n\n\n"
            "def aeon_plain(module: nn.Module) -> bool:\n"
            "    return type(module).__name__ not in _AEON_FUSED\n",
            "        'DeepSeekV2FusedQkvAProj',",
        ),
    ),
    (
        "#36247 class renamed",
        "twin (later): both spellings written out in the test",
        K(
            "#36247",
            QA,
            QAW,
            "vllm/aeon/qa6.py",
            "from torch import nn\n\n\n"
            "def aeon_is_fused(module: nn.Module) -> bool:\n"
            "    return type(module).__name__ in ('DeepSeekV2FusedQkvAProj', 'DeepSeekV2FusedQkvAProjLinear')\n",
            "return type(module).__name__ in ('DeepSeekV2FusedQkvAProj', 'DeepSeekV2FusedQkvAProjLinear')",
        ),
    ),
    (
        "#36247 class renamed",
        "twin (later): a table naming both spellings",
        K(
            "#36247",
            QA,
            QAW,
            "vllm/aeon/qa7.py",
            "from torch import nn\n\n"
            "_AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'DeepSeekV2FusedQkvAProjLinear'}\n\n\n"
            "def aeon_skip(module: nn.Module) -> bool:\n"
            "    return module.__class__.__name__ in _AEON_SKIP\n",
            "_AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'DeepSeekV2FusedQkvAProjLinear'}",
        ),
    ),
]

# --- #38684 (5f96f9aff1): the indexer's wk and weights_proj fused into wk_weights_proj
WK = "5f96f9aff1"
WKW = "Indexer.wk/weights_proj -> Indexer.wk_weights_proj"
IDX = f"import torch\n\nfrom {DSV2} import Indexer\n\n\n"
CASES += [
    (
        "#38684 attributes fused",
        "a subclass's self. call",
        K(
            "#38684",
            WK,
            WKW,
            "vllm/aeon/wk1.py",
            IDX + "class AeonIndexer(Indexer):\n"
            "    def aeon_keys(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's prefix cache stores the indexer keys it computed\n"
            "        k, _ = self.wk(hidden_states)\n"
            "        return self.k_norm(k)\n",
            "k, _ = self.wk(hidden_states)",
        ),
    ),
    (
        "#38684 attributes fused",
        "a read off a receiver typed as the class",
        K(
            "#38684",
            WK,
            WKW,
            "vllm/aeon/wk2.py",
            IDX + "def aeon_head_weights(indexer: Indexer) -> torch.Tensor:\n    return indexer.weights_proj.weight\n",
            "return indexer.weights_proj.weight",
        ),
    ),
    (
        "#38684 attributes fused",
        "twin: the kept norm",
        K(
            "#38684",
            WK,
            WKW,
            "vllm/aeon/wk3.py",
            IDX + "def aeon_norm(indexer: Indexer, k: torch.Tensor) -> torch.Tensor:\n    return indexer.k_norm(k)\n",
            "return indexer.k_norm(k)",
        ),
    ),
]

# --- #42944 (1f6048abe5): _try_load_fp8_indexer_wk takes a required pp_missing_layer_names
FW = "1f6048abe5"
FWW = "_try_load_fp8_indexer_wk(..., pp_missing_layer_names) required"
CASES += [
    (
        "#42944 required parameter added",
        "a positional call of the module function",
        K(
            "#42944",
            FW,
            FWW,
            "vllm/aeon/fw1.py",
            f"from {DSV2} import _try_load_fp8_indexer_wk\n\n\n"
            "def aeon_load(weights, params_dict: dict, loaded: set) -> list:\n"
            "    # AEON: the Spark's loader streams shards itself and keeps the fused wk path\n"
            "    pending: dict = {}\n"
            "    rest = []\n"
            "    for name, tensor in weights:\n"
            "        if not _try_load_fp8_indexer_wk(name, tensor, pending, params_dict, loaded):\n"
            "            rest.append((name, tensor))\n"
            "    return rest\n",
            "if not _try_load_fp8_indexer_wk(name, tensor, pending, params_dict, loaded):",
        ),
    ),
    (
        "#42944 required parameter added",
        "twin: a kept module function",
        K(
            "#42944",
            FW,
            FWW,
            "vllm/aeon/fw2.py",
            f"from {DSV2} import yarn_get_mscale\n\n\n"
            "def aeon_mscale(factor: float) -> float:\n"
            "    return yarn_get_mscale(factor, 1.0)\n",
            "return yarn_get_mscale(factor, 1.0)",
        ),
    ),
]

# --- #46635 (5c91039c41): the decoder layer calls DeepseekV2MoE with already_sequence_parallel=True
SP = "5c91039c41"
SPW = "DeepseekV2MoE.forward(hidden_states, already_sequence_parallel=...) called by the layer"
MOE = f"import torch\n\nfrom vllm.model_executor.models import deepseek_v2\nfrom {DSV2} import DeepseekV2MoE\n\n\n"
CASES += [
    (
        "#46635 caller passes a new keyword",
        "an installed override without the keyword",
        K(
            "#46635",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            MOE + "class AeonDeepseekV2MoE(DeepseekV2MoE):\n"
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's MoE kernels want contiguous activations\n"
            "        return super().forward(hidden_states.contiguous())\n\n\n"
            "deepseek_v2.DeepseekV2MoE = AeonDeepseekV2MoE\n",
            "def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#46635 caller passes a new keyword",
        "twin: an override that passes keywords on",
        K(
            "#46635",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            MOE + "class AeonDeepseekV2MoE(DeepseekV2MoE):\n"
            "    def forward(self, hidden_states: torch.Tensor, **kwargs) -> torch.Tensor:\n"
            "        return super().forward(hidden_states.contiguous(), **kwargs)\n\n\n"
            "deepseek_v2.DeepseekV2MoE = AeonDeepseekV2MoE\n",
            "def forward(self, hidden_states: torch.Tensor, **kwargs) -> torch.Tensor:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-moemodels-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
