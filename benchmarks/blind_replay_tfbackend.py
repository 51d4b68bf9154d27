"""A blind replay of the Transformers modelling backend a fork's not-yet-native checkpoints run through.

10 first-parent commits on ``vllm/model_executor/models/transformers/`` (``base.py``'s ``Base``,
``multimodal.py``, ``moe.py``, ``pooling.py``, ``fuser.py`` and ``fusers/``; before the split,
``models/transformers.py`` and ``transformers_moe.py``) -- the backend a fork serves new checkpoints through
before native support lands, subclasses for its NVFP4 layers, and calls the helpers of: ``TransformersModel``'s
``tensor_parallelize`` renamed ``apply_base_model_tp_plan``, its ``log_replacement`` method made a module
function, ``self.vllm_config`` dropped and an unsupported parallel style no longer raising ``ValueError``
(#12785); ``meta_to_empty`` removed and no longer called (#17365); ``replace_linear_class`` now called with a
``prefix=`` keyword (#23556); ``TransformersFusedMoE``'s ``_top_k_index`` renamed ``_topk_ids`` and its
``forward``'s ``top_k_index``/``top_k_weights`` renamed ``topk_ids``/``topk_weights`` (#26162);
``TransformersBase``'s ``tp_size``/``pp_size``/``pp_rank`` removed (#26287); the pooling mixins'
``default_pooling_type`` renamed ``default_seq_pooling_type`` and ``CLSPool`` no longer imported by
``pooling`` (#32119); ``Base.embed_scale`` removed (#48010); ``ScaledVocabParallelEmbedding`` removed (#51247);
the fusers' ``validate``/``fuse``/``update_attrs`` and ``Fusers`` given the ``VllmConfig`` in place of the
``ModelConfig`` (and ``QuantizationConfig``) (#49957); ``_embed_vision`` renamed ``_process_image_input`` and
``get_max_image_size`` renamed ``get_image_size_with_most_features`` (#51657) -- picked by scanning those
paths' diffs (``git log --first-parent -p``), avoiding the commits other replays use.  Each is replayed under
1-4 fork spellings written the way fork code is written (a subclass override the base no longer calls, a
subclass's ``self.`` read or call, a read off a receiver typed as the class, a module attribute replaced by a
fork function or a lambda, a keyword call, a store of an attribute upstream no longer reads, an
``except`` of an exception no longer raised, a class attribute read through a subclass, an import, an
``isinstance`` against a module attribute, an override with the old parameters, a build with the old config),
with twins (fork code the commit does not break: the kept method or attribute, a positional call, a
replacement taking ``**kwargs``, the class's home module).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 387be72d): 22 caught, 0 warned, 4 missed of 26 (twins: 11
quiet, 0 false errors).  Symbol drift caught the overrides the base no longer calls (``tensor_parallelize``,
``meta_to_empty``, ``_embed_vision``, ``get_max_image_size``), the removed attributes and methods read or called
off ``self`` or a typed receiver, the keyword call of the renamed ``forward`` parameters, the store of the
renamed ``_top_k_index``, the removed imports and module attribute, and every fuser override and build with the
old config.  The misses: #23556's two (a fork function, then a lambda, installed over the module's
``replace_linear_class``, which the module now calls with ``prefix=``: TypeError on the first model load),
#51657's ``self.info.get_max_image_size()`` in a dummy-inputs builder (``self.info`` is typed only by the
``_I`` TypeVar of ``BaseDummyInputsBuilder``, which ``MultiModalDummyInputsBuilder`` binds by subscript; the
name alone is kept by other classes of the tree), and #12785's ``except ValueError`` round
``replace_linear_class`` (the unknown style now logs and ``return linear``; a non-str style still raises
ValueError, so the handler is not dead and no kind-level reading saw it).
After the killers171 widenings: 25 caught, 1 warned, 0 missed of 26 (twins: 11 quiet, 0 false errors).  Caught now:
a fork function or lambda patched over a module's function that upstream's module now calls with arguments it
does not take (``drift/outgrown_patches.py``, on the fork's ``def`` or the lambda's patch; joined into
``drift/patched_functions.py`` by mend60, below); an attribute annotated
with a generic base's TypeVar, typed by what the fork class's order binds it to in a subscripted base
(``drift/symbols.py``'s ``_generic_argument``).  Warned now: a handler of a kind one of whose raises upstream
replaced with a returned answer while others stay (``drift/raised_kinds.py``'s ``_answered_raises``; a warning
by design, the case may be answered on purpose).
Regression set at the widenings' head: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 quiet),
blind_replay_linkern 20 caught, 3 warned, 2 missed of 25 (11 quiet, 2 warned; as recorded), blind_replay_loramgr
17 caught, 1 warned of 18 (11 quiet; as recorded), blind_replay_llamamodels 27 caught, 1 missed of 28 (15 quiet;
as recorded), review29_twins 5/5, 0 false errors of 32 (6 warned, as recorded), blind_replay_compile 12/12 (9
quiet), blind_replay_multimodal 28 caught, 4 warned of 32 (14 quiet; #18796's two abstract-hook builders are
warned on main at 387be72d too, not a change of these widenings), ``symbol_precision.py --windows 1``: 0 false
errors over 150 commits; 0 false errors throughout.
After the mend60 join (``drift/outgrown_patches.py`` folded into ``drift/patched_functions.py``, killers174's
check of the same class: one finding per patch, on the patch line, where the hazard is made): 24 caught, 2
warned, 0 missed of 26 (twins: 11 quiet, 0 false errors).  The #23556 def spelling's error lands on its patch
line (``tf_backend.replace_linear_class = aeon_replace_linear_class``, the message naming the def's line), not on
the ``def`` its label marks, so the harness counts it warned ("an error elsewhere"); the label is left on the
def, not moved to fit the engine.  The lambda's error is on its patch, as labelled.
Regression set at the join: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 quiet), blind_replay_linkern 20
caught, 3 warned, 2 missed of 25 (11 quiet, 2 warned), blind_replay_loramgr 17 caught, 1 warned of 18 (11 quiet),
blind_replay_llamamodels 27 caught, 1 missed of 28 (15 quiet), review29_twins 5/5, 0 false errors of 32 (6 warned),
blind_replay_compile 12/12 (9 quiet), blind_replay_multimodal 28 caught, 4 warned of 32 (14 quiet): all as
recorded, 0 false errors (``symbol_precision.py --windows 1`` not rerun: out of time).

  python benchmarks/blind_replay_tfbackend.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #12785 (1a6fcad4c9): TransformersModel's tensor_parallelize/log_replacement/vllm_config; ValueError dropped
UX = "1a6fcad4c9"
UXW = "tensor_parallelize -> apply_base_model_tp_plan, log_replacement a function, vllm_config dropped"
TM = "from torch import nn\n\nfrom vllm.model_executor.models.transformers import TransformersModel\n\n\n"
CASES += [
    (
        "#12785 method renamed",
        "a subclass override the constructor no longer calls",
        K(
            "#12785",
            UX,
            UXW,
            "vllm/aeon/ux1.py",
            TM + "class AeonTransformersModel(TransformersModel):\n"
            '    def tensor_parallelize(self, module: nn.Module, prefix: str = "") -> None:\n'
            "        # AEON: the Spark's NVFP4 checkpoints keep the router gate replicated\n"
            '        if prefix.endswith("mlp.gate"):\n'
            "            return\n"
            "        super().tensor_parallelize(module, prefix)\n",
            'def tensor_parallelize(self, module: nn.Module, prefix: str = "") -> None:',
        ),
    ),
    (
        "#12785 method removed",
        "a subclass's self. call of the method made a function",
        K(
            "#12785",
            UX,
            UXW,
            "vllm/aeon/ux2.py",
            TM + "class AeonSwapModel(TransformersModel):\n"
            "    def aeon_swap(self, name: str, new_module: nn.Module) -> None:\n"
            "        old = getattr(self.model, name)\n"
            "        setattr(self.model, name, new_module)\n"
            "        self.log_replacement(name, old, new_module)\n",
            "self.log_replacement(name, old, new_module)",
        ),
    ),
    (
        "#12785 attribute removed",
        "a subclass's self. read",
        K(
            "#12785",
            UX,
            UXW,
            "vllm/aeon/ux3.py",
            TM + "class AeonTPModel(TransformersModel):\n"
            "    def aeon_tp_size(self) -> int:\n"
            "        return self.vllm_config.parallel_config.tensor_parallel_size\n",
            "return self.vllm_config.parallel_config.tensor_parallel_size",
        ),
    ),
    (
        "#12785 exception no longer raised",
        "an except of the ValueError an unknown style raised",
        K(
            "#12785",
            UX,
            UXW,
            "vllm/aeon/ux4.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.layers.linear import ReplicatedLinear\n"
            "from vllm.model_executor.models.transformers import replace_linear_class\n\n\n"
            "def aeon_replace(linear: nn.Linear, style: str) -> nn.Module:\n"
            "    try:\n"
            "        return replace_linear_class(linear, style)\n"
            "    except ValueError:\n"
            "        # AEON: a style the backend does not know stays replicated on the Spark\n"
            "        return ReplicatedLinear(linear.in_features, linear.out_features, bias=linear.bias is not None)\n",
            "except ValueError:",
        ),
    ),
    (
        "#12785 method renamed",
        "twin: an override still called and a kept attribute",
        K(
            "#12785",
            UX,
            UXW,
            "vllm/aeon/ux5.py",
            TM + "class AeonEmbedModel(TransformersModel):\n"
            "    def replace_vocab_embed_class(self, module: nn.Module) -> None:\n"
            "        super().replace_vocab_embed_class(module)\n"
            "        self.aeon_quant = self.quant_config\n",
            "self.aeon_quant = self.quant_config",
        ),
    ),
]

# --- #17365 (900edfa8d4): TransformersModel.meta_to_empty removed and no longer called
ME = "900edfa8d4"
MEW = "meta_to_empty removed"
CASES += [
    (
        "#17365 method removed",
        "a subclass override the constructor no longer calls",
        K(
            "#17365",
            ME,
            MEW,
            "vllm/aeon/me1.py",
            TM + "class AeonLazyModel(TransformersModel):\n"
            "    def meta_to_empty(self, module: nn.Module) -> None:\n"
            "        # AEON: the Spark's NVFP4 scales stay on meta until the loader fills them\n"
            '        if module.__class__.__name__.endswith("Scale"):\n'
            "            return\n"
            "        super().meta_to_empty(module)\n",
            "def meta_to_empty(self, module: nn.Module) -> None:",
        ),
    ),
    (
        "#17365 method removed",
        "a subclass's self. call",
        K(
            "#17365",
            ME,
            MEW,
            "vllm/aeon/me2.py",
            TM + "class AeonDraftModel(TransformersModel):\n"
            "    def aeon_attach(self, name: str, head: nn.Module) -> None:\n"
            "        setattr(self, name, head)\n"
            "        self.meta_to_empty(head)\n",
            "self.meta_to_empty(head)",
        ),
    ),
    (
        "#17365 method removed",
        "twin: an override still called",
        K(
            "#17365",
            ME,
            MEW,
            "vllm/aeon/me3.py",
            TM + "class AeonParamModel(TransformersModel):\n"
            "    def init_parameters(self, module: nn.Module) -> None:\n"
            "        super().init_parameters(module)\n"
            "        self.aeon_initialised = True\n",
            "super().init_parameters(module)",
        ),
    ),
]

# --- #23556 (1b7b161a09): replace_linear_class now called with prefix=
RL = "1b7b161a09"
RLW = "replace_linear_class(..., *, prefix) passed by tensor_parallel"
TF = "from torch import nn\n\nfrom vllm.model_executor.models import transformers as tf_backend\n\n"
CASES += [
    (
        "#23556 keyword now passed",
        "a fork function installed over the module attribute",
        K(
            "#23556",
            RL,
            RLW,
            "vllm/aeon/rl1.py",
            TF + "_upstream_replace = tf_backend.replace_linear_class\n\n\n"
            "def aeon_replace_linear_class(linear: nn.Linear, style: str, quant_config):\n"
            "    # AEON: the Spark's NVFP4 router gates stay replicated\n"
            '    if linear.out_features < 256 and style == "colwise":\n'
            '        style = "replicate"\n'
            "    return _upstream_replace(linear, style, quant_config)\n\n\n"
            "tf_backend.replace_linear_class = aeon_replace_linear_class\n",
            "def aeon_replace_linear_class(linear: nn.Linear, style: str, quant_config):",
        ),
    ),
    (
        "#23556 keyword now passed",
        "a lambda installed over the module attribute",
        K(
            "#23556",
            RL,
            RLW,
            "vllm/aeon/rl2.py",
            TF + "\ndef aeon_linear(linear: nn.Linear, style: str, quant_config) -> nn.Module:\n"
            "    return tf_backend.ReplicatedLinear(linear.in_features, linear.out_features, quant_config=quant_config)\n\n\n"
            "tf_backend.replace_linear_class = lambda linear, style, quant_config: aeon_linear(linear, style, quant_config)\n",
            "tf_backend.replace_linear_class = lambda linear, style, quant_config: aeon_linear(linear, style, quant_config)",
        ),
    ),
    (
        "#23556 keyword now passed",
        "twin: a replacement passing **kwargs on",
        K(
            "#23556",
            RL,
            RLW,
            "vllm/aeon/rl3.py",
            TF + "_upstream_replace = tf_backend.replace_linear_class\n\n\n"
            "def aeon_replace_linear_class2(linear: nn.Linear, style: str, quant_config, **kwargs):\n"
            "    return _upstream_replace(linear, style, quant_config, **kwargs)\n\n\n"
            "tf_backend.replace_linear_class = aeon_replace_linear_class2\n",
            "def aeon_replace_linear_class2(linear: nn.Linear, style: str, quant_config, **kwargs):",
        ),
    ),
    (
        "#23556 keyword now passed",
        "twin: the fork's own call without the keyword",
        K(
            "#23556",
            RL,
            RLW,
            "vllm/aeon/rl4.py",
            TF + "\ndef aeon_colwise(linear: nn.Linear, quant_config) -> nn.Module:\n"
            '    return tf_backend.replace_linear_class(linear, "colwise", quant_config)\n',
            'return tf_backend.replace_linear_class(linear, "colwise", quant_config)',
        ),
    ),
]

# --- #26162 (d3d649efec): TransformersFusedMoE._top_k_index -> _topk_ids; forward's parameters renamed
TK = "d3d649efec"
TKW = "_top_k_index -> _topk_ids; forward(top_k_index, top_k_weights) -> forward(topk_ids, topk_weights)"
MO = "import torch\n\nfrom vllm.model_executor.models.transformers_moe import TransformersFusedMoE\n\n\n"
CASES += [
    (
        "#26162 parameter renamed",
        "a keyword call of the layer",
        K(
            "#26162",
            TK,
            TKW,
            "vllm/aeon/tk1.py",
            MO + "def aeon_run_experts(experts: TransformersFusedMoE, hidden: torch.Tensor, ids: torch.Tensor,\n"
            "                     weights: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's drafter replays the target's routing\n"
            "    return experts(hidden, top_k_index=ids, top_k_weights=weights)\n",
            "return experts(hidden, top_k_index=ids, top_k_weights=weights)",
        ),
    ),
    (
        "#26162 attribute renamed",
        "a read off a receiver typed as the class",
        K(
            "#26162",
            TK,
            TKW,
            "vllm/aeon/tk2.py",
            MO + "def aeon_last_routing(layer: TransformersFusedMoE) -> torch.Tensor:\n    return layer._top_k_index\n",
            "return layer._top_k_index",
        ),
    ),
    (
        "#26162 attribute renamed",
        "a store the routing function no longer reads",
        K(
            "#26162",
            TK,
            TKW,
            "vllm/aeon/tk3.py",
            MO + "def aeon_forced_routing(layer: TransformersFusedMoE, hidden: torch.Tensor, ids: torch.Tensor,\n"
            "                        weights: torch.Tensor) -> torch.Tensor:\n"
            "    layer._top_k_index = ids\n"
            "    return layer.forward_impl(hidden.clone(), weights)\n",
            "layer._top_k_index = ids",
        ),
    ),
    (
        "#26162 parameter renamed",
        "twin: a positional call and a kept attribute",
        K(
            "#26162",
            TK,
            TKW,
            "vllm/aeon/tk4.py",
            MO + "def aeon_run_experts2(experts: TransformersFusedMoE, hidden: torch.Tensor, ids: torch.Tensor,\n"
            "                      weights: torch.Tensor) -> torch.Tensor:\n"
            "    assert experts.custom_routing_function is not None\n"
            "    return experts(hidden, ids, weights)\n",
            "return experts(hidden, ids, weights)",
        ),
    ),
]

# --- #26287 (0340f45553): TransformersBase.tp_size/pp_size/pp_rank removed
PS = "0340f45553"
PSW = "TransformersBase.tp_size/pp_size/pp_rank removed (pp_group/tp_group kept)"
CL = "from vllm.model_executor.models.transformers import TransformersBase, TransformersForCausalLM\n\n\n"
CASES += [
    (
        "#26287 attribute removed",
        "a subclass's self. read",
        K(
            "#26287",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            CL + "class AeonCausalLM(TransformersForCausalLM):\n"
            "    def aeon_shard_heads(self, num_heads: int) -> int:\n"
            "        # AEON: the Spark serves TP=1 but the fork's NVFP4 heads are sharded the same way\n"
            "        return num_heads // self.tp_size\n",
            "return num_heads // self.tp_size",
        ),
    ),
    (
        "#26287 attribute removed",
        "a subclass's self. reads as call arguments",
        K(
            "#26287",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            "from vllm.distributed.utils import get_pp_indices\n\n" + CL + "class AeonPPBase(TransformersBase):\n"
            "    def aeon_layer_range(self) -> tuple[int, int]:\n"
            "        return get_pp_indices(self.text_config.num_hidden_layers, self.pp_rank, self.pp_size)\n",
            "return get_pp_indices(self.text_config.num_hidden_layers, self.pp_rank, self.pp_size)",
        ),
    ),
    (
        "#26287 attribute removed",
        "twin: the kept group",
        K(
            "#26287",
            PS,
            PSW,
            "vllm/aeon/ps3.py",
            CL + "class AeonLastRank(TransformersForCausalLM):\n"
            "    def aeon_is_last(self) -> bool:\n"
            "        return self.pp_group.is_last_rank and self.pp_group.world_size >= 1\n",
            "return self.pp_group.is_last_rank and self.pp_group.world_size >= 1",
        ),
    ),
]

# --- #32119 (9101dc756c): default_pooling_type -> default_seq_pooling_type; CLSPool no longer imported
PT = "9101dc756c"
PTW = "EmbeddingMixin.default_pooling_type renamed; pooling no longer imports CLSPool"
CASES += [
    (
        "#32119 class attribute renamed",
        "a class attribute read through a subclass",
        K(
            "#32119",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            "from vllm.model_executor.models.transformers import TransformersEmbeddingModel\n\n\n"
            "def aeon_pooling_label() -> str:\n"
            "    # AEON: the Spark's embedding endpoint reports the pooling it serves\n"
            "    return str(TransformersEmbeddingModel.default_pooling_type).lower()\n",
            "return str(TransformersEmbeddingModel.default_pooling_type).lower()",
        ),
    ),
    (
        "#32119 import removed",
        "an import of a name the module only imported",
        K(
            "#32119",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            "from vllm.model_executor.models.transformers.pooling import CLSPool, EmbeddingMixin\n\n\n"
            "def aeon_cls_pool() -> CLSPool:\n"
            "    assert EmbeddingMixin is not None\n"
            "    return CLSPool()\n",
            "from vllm.model_executor.models.transformers.pooling import CLSPool, EmbeddingMixin",
        ),
    ),
    (
        "#32119 class attribute renamed",
        "twin: the new attribute and the class's home module",
        K(
            "#32119",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            "from vllm.model_executor.layers.pooler.seqwise import CLSPool\n"
            "from vllm.model_executor.models.transformers import TransformersEmbeddingModel\n\n\n"
            "def aeon_pool() -> tuple[str, CLSPool]:\n"
            "    return TransformersEmbeddingModel.default_seq_pooling_type, CLSPool()\n",
            "return TransformersEmbeddingModel.default_seq_pooling_type, CLSPool()",
        ),
    ),
]

# --- #48010 (56da398dac): Base.embed_scale removed (the embedding layer scales itself)
ES = "56da398dac"
ESW = "Base.embed_scale removed"
BA = "import torch\n\nfrom vllm.model_executor.models.transformers.base import Base\n"
CASES += [
    (
        "#48010 attribute removed",
        "a subclass override's self. read",
        K(
            "#48010",
            ES,
            ESW,
            "vllm/aeon/es1.py",
            BA + "from vllm.model_executor.models.transformers.causal import CausalMixin\n\n\n"
            "class AeonScaledCausal(CausalMixin, Base):\n"
            "    def embed_input_ids(self, input_ids: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's drafter takes the target's unscaled embeddings\n"
            "        embeds = self.model.get_input_embeddings()(input_ids)\n"
            "        if self.embed_scale is not None:\n"
            "            embeds = embeds * self.embed_scale\n"
            "        return embeds\n",
            "if self.embed_scale is not None:",
        ),
    ),
    (
        "#48010 attribute removed",
        "a read off a receiver typed as the class",
        K(
            "#48010",
            ES,
            ESW,
            "vllm/aeon/es2.py",
            BA + "\n\ndef aeon_unscale(model: Base, embeds: torch.Tensor) -> torch.Tensor:\n"
            "    scale = model.embed_scale\n"
            "    return embeds if scale is None else embeds / scale\n",
            "scale = model.embed_scale",
        ),
    ),
    (
        "#48010 attribute removed",
        "twin: the kept embedding call",
        K(
            "#48010",
            ES,
            ESW,
            "vllm/aeon/es3.py",
            BA + "\n\ndef aeon_embed(model: Base, input_ids: torch.Tensor) -> torch.Tensor:\n"
            "    return model.embed_input_ids(input_ids)\n",
            "return model.embed_input_ids(input_ids)",
        ),
    ),
]

# --- #51247 (e7b8d59460): ScaledVocabParallelEmbedding removed
SV = "e7b8d59460"
SVW = "ScaledVocabParallelEmbedding removed from transformers.base"
CASES += [
    (
        "#51247 class removed",
        "an import for a subclass",
        K(
            "#51247",
            SV,
            SVW,
            "vllm/aeon/sv1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.transformers.base import ScaledVocabParallelEmbedding\n\n\n"
            "class AeonScaledEmbedding(ScaledVocabParallelEmbedding):\n"
            "    # AEON: the Spark's Gemma checkpoints scale in bf16 to match the reference\n"
            "    def forward(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward(input_).to(torch.bfloat16)\n",
            "from vllm.model_executor.models.transformers.base import ScaledVocabParallelEmbedding",
        ),
    ),
    (
        "#51247 class removed",
        "an isinstance against a module attribute",
        K(
            "#51247",
            SV,
            SVW,
            "vllm/aeon/sv2.py",
            "from torch import nn\n\nimport vllm.model_executor.models.transformers.base as tf_base\n\n\n"
            "def aeon_is_scaled(embedding: nn.Module) -> bool:\n"
            "    return isinstance(embedding, tf_base.ScaledVocabParallelEmbedding)\n",
            "return isinstance(embedding, tf_base.ScaledVocabParallelEmbedding)",
        ),
    ),
    (
        "#51247 class removed",
        "twin: the kept base class and the embedding's home module",
        K(
            "#51247",
            SV,
            SVW,
            "vllm/aeon/sv3.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.layers.vocab_parallel_embedding import VocabParallelEmbedding\n"
            "from vllm.model_executor.models.transformers.base import Base\n\n\n"
            "def aeon_is_vocab_parallel(model: Base) -> bool:\n"
            "    embedding: nn.Module = model.model.get_input_embeddings()\n"
            "    return isinstance(embedding, VocabParallelEmbedding)\n",
            "return isinstance(embedding, VocabParallelEmbedding)",
        ),
    ),
]

# --- #49957 (92e8518d37): the fusers given the VllmConfig in place of the ModelConfig/QuantizationConfig
FU = "92e8518d37"
FUW = "BaseFuser.validate/fuse/update_attrs and Fusers take the VllmConfig"
QK = (
    "from torch import nn\n\n"
    "from vllm.config.model import ModelConfig\n"
    "from vllm.model_executor.layers.quantization import QuantizationConfig\n"
    "from vllm.model_executor.models.transformers.fusers.qkv import QKVFuser\n\n\n"
)
CASES += [
    (
        "#49957 parameters replaced",
        "an override of fuse with the old parameters",
        K(
            "#49957",
            FU,
            FUW,
            "vllm/aeon/fu1.py",
            QK + "class AeonFp4QKVFuser(QKVFuser):\n"
            "    def fuse(self, module: nn.Module, prefix: str, model_config: ModelConfig,\n"
            "             quant_config: QuantizationConfig) -> nn.Module:\n"
            "        # AEON: the Spark's NVFP4 QKV keeps its own scale layout\n"
            "        fused = super().fuse(module, prefix, model_config, quant_config)\n"
            "        fused.aeon_fp4 = True\n"
            "        return fused\n",
            "def fuse(self, module: nn.Module, prefix: str, model_config: ModelConfig,",
        ),
    ),
    (
        "#49957 parameter type changed",
        "an override of validate reading the old config",
        K(
            "#49957",
            FU,
            FUW,
            "vllm/aeon/fu2.py",
            QK + "class AeonNoFp4QKVFuser(QKVFuser):\n"
            "    def validate(self, module: nn.Module, model_config: ModelConfig) -> bool:\n"
            '        if model_config.quantization == "modelopt_fp4":\n'
            "            return False\n"
            "        return super().validate(module, model_config)\n",
            "def validate(self, module: nn.Module, model_config: ModelConfig) -> bool:",
        ),
    ),
    (
        "#49957 parameters replaced",
        "an override of update_attrs with the old parameters",
        K(
            "#49957",
            FU,
            FUW,
            "vllm/aeon/fu3.py",
            QK + "class AeonTracedQKVFuser(QKVFuser):\n"
            "    def update_attrs(self, module: nn.Module, prefix: str, model_config: ModelConfig,\n"
            "                     quant_config: QuantizationConfig) -> None:\n"
            "        super().update_attrs(module, prefix, model_config, quant_config)\n"
            "        module.aeon_prefix = prefix\n",
            "def update_attrs(self, module: nn.Module, prefix: str, model_config: ModelConfig,",
        ),
    ),
    (
        "#49957 parameter type changed",
        "a build of Fusers with the old config",
        K(
            "#49957",
            FU,
            FUW,
            "vllm/aeon/fu4.py",
            "from torch import nn\n\n"
            "from vllm.config.model import ModelConfig\n"
            "from vllm.model_executor.models.transformers.fuser import Fusers\n\n\n"
            "def aeon_fusable(model: nn.Module, model_config: ModelConfig) -> list[str]:\n"
            "    fusers = Fusers(model, model_config)\n"
            "    return [name for name, m in model.named_modules() if fusers[m] is not None]\n",
            "fusers = Fusers(model, model_config)",
        ),
    ),
    (
        "#49957 parameters replaced",
        "twin: an override of a kept method",
        K(
            "#49957",
            FU,
            FUW,
            "vllm/aeon/fu5.py",
            QK + "class AeonLoggedQKVFuser(QKVFuser):\n"
            "    def info(self, name: str) -> str:\n"
            '        return "aeon: " + super().info(name)\n',
            'return "aeon: " + super().info(name)',
        ),
    ),
]

# --- #51657 (cf8f3a3bb2): _embed_vision -> _process_image_input; get_max_image_size renamed
MM = "cf8f3a3bb2"
MMW = "_embed_vision -> _process_image_input; get_max_image_size -> get_image_size_with_most_features"
MP = (
    "from vllm.model_executor.models.transformers.multimodal import (\n"
    "    MultiModalDummyInputsBuilder,\n"
    "    MultiModalProcessingInfo,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#51657 method renamed",
        "a subclass override the base no longer calls",
        K(
            "#51657",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            "import torch\n\n"
            "from vllm.model_executor.models.transformers import TransformersMultiModalForCausalLM\n\n\n"
            "class AeonVisionLM(TransformersMultiModalForCausalLM):\n"
            "    def _embed_vision(self, **kwargs) -> list[torch.Tensor] | torch.Tensor | None:\n"
            "        # AEON: the Spark's aarch64 SDPA math path for the vision tower\n"
            "        with torch.nn.attention.sdpa_kernel(backends=[torch.nn.attention.SDPBackend.MATH]):\n"
            "            return super()._embed_vision(**kwargs)\n",
            "def _embed_vision(self, **kwargs) -> list[torch.Tensor] | torch.Tensor | None:",
        ),
    ),
    (
        "#51657 method renamed",
        "a processing-info override the builder no longer calls",
        K(
            "#51657",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            MP + "class AeonProcessingInfo(MultiModalProcessingInfo):\n"
            "    def get_max_image_size(self):\n"
            "        # AEON: the Spark's unified memory profiles a smaller dummy image\n"
            "        return 4096, 4096\n",
            "def get_max_image_size(self):",
        ),
    ),
    (
        "#51657 method renamed",
        "a call off the builder's info",
        K(
            "#51657",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            MP + "class AeonDummyInputs(MultiModalDummyInputsBuilder):\n"
            "    def aeon_dummy_pixels(self) -> int:\n"
            "        width, height = self.info.get_max_image_size()\n"
            "        return width * height\n",
            "width, height = self.info.get_max_image_size()",
        ),
    ),
    (
        "#51657 method renamed",
        "twin: an override of a kept method",
        K(
            "#51657",
            MM,
            MMW,
            "vllm/aeon/mm4.py",
            MP + "class AeonImageInfo(MultiModalProcessingInfo):\n"
            "    def get_max_image_tokens(self) -> int:\n"
            "        return min(super().get_max_image_tokens(), 4096)\n",
            "return min(super().get_max_image_tokens(), 4096)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-tfbackend-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
