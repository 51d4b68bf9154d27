"""A blind replay of the EAGLE/MTP draft-model files a fork's speculative-decoding carries subclass or call.

11 first-parent commits on ``vllm/model_executor/models/{llama_eagle,llama_eagle3,deepseek_mtp,qwen3_next_mtp,
glm4_moe_mtp,mimo_mtp,ernie_mtp,deepseek_eagle}.py`` -- the draft heads a fork that carries its own EAGLE-3 and
MTP heads subclasses, builds and calls: the EAGLE-3 decoder layer given ``cache_config`` before ``quant_config``
(a positional ``quant_config`` now lands on the cache config), the EAGLE heads' and models' ``model_config``
keyword renamed ``vllm_config``, the EAGLE models' ``embed_tokens`` built only under pipeline parallelism (the
target's is shared in later), ``Eagle3LlamaForCausalLM.load_weights`` and ``EagleLlamaForCausalLM.load_weights``
no longer returning the loaded names, ``draft_id_to_target_id`` set to ``None`` when a checkpoint has no
``d2t``, the EAGLE-3 head's ``forward`` now handing its model a fourth positional ``inputs_embeds`` and the
EAGLE-3 model's ``forward`` now calling a new ``get_input_embeddings``, the EAGLE-3 decoder layer's constructor
now calling a new ``get_quant_config(vllm_config)``, ``get_pp_group`` no longer imported by ``llama_eagle3``,
``embed_tokens`` moved from the DeepSeek MTP predictor layer to the predictor, ``ErnieMTP.sample``/``sampler``
and ``SamplerOutput`` removed, and the DeepSeek MTP layer's output no longer passed through ``shared_head``
(``compute_logits`` now does it) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits every other replay uses (``blind_replay_specheads``, ``_specdec``, ``_specdec2`` cover other
commits of this surface).  Each is replayed under 1-3 fork spellings written the way fork code is written (a
positional build, a subclass's ``super().__init__(...)``, a keyword build, a subclass's ``self.`` read in its
constructor, a read through ``self.model``, a ``super().load_weights()`` result used, an override of
``compute_logits`` that indexes with an attribute now ``None``, an override of a method the base now calls
with another arity, an import, a module attribute, a read off a layer the attribute left, an override copying
the base's old body), with twins (fork code the commit does not break: a keyword call, the kept attribute, a
guarded read, the new spelling, a ``super()`` delegation).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 78011715): 13 caught, 1 warned, 8 missed of 22 (twins: 11
quiet, 0 false errors).  Symbol drift caught the positional ``quant_config`` now landing on ``cache_config`` (a
build and a subclass's ``super().__init__``), the ``model_config=`` keyword gone (two builds, a subclass's
``super().__init__``), the arity the EAGLE-3 head and model now call an override with, the new
``get_quant_config(vllm_config)`` call of a subclass's namesake (its arity, and early-hook drift's read of an
attribute set after ``super().__init__()``), the dropped re-exports (``get_pp_group``, ``SamplerOutput``),
``ErnieMTP.sample`` gone and a subclass's ``self.embed_tokens`` after #20022 moved it; gated-attribute drift warned
the subclass's own ``self.embed_tokens`` read under #17326's new pipeline-parallel gate.  The misses: #17326's
read one object further (``self.model.embed_tokens`` in a head's constructor); #18909's two and #19033's one
(``super().load_weights()``'s value added to, a built head's ``load_weights()`` iterated, and united with a set:
``load_weights`` is a hundred classes' method, so return drift's voided-value check, which resolves by name, never
asked); #18488's two (``draft_id_to_target_id`` now set back to None by ``load_weights`` for a checkpoint without
``d2t``: a subclass's ``base + self.draft_id_to_target_id`` and ``head.draft_id_to_target_id.to(device)``);
#20022's read off a layer fetched from the predictor's ``ModuleDict`` (``layer.embed_tokens.weight``); and
#13626's override of ``compute_logits`` copying the base's old ``self.logits_processor(head, hidden_states, ...)``
after upstream moved ``shared_head`` there (silent: un-normed logits).  No label was wrong.
After the killers168 widenings: 16 caught, 5 warned, 1 missed of 22 (twins: 11 quiet, 0 false errors).  Caught
now: #18909's two and #19033's one (``drift/returns.py``: a method one class stopped returning from, resolved
through the receiver's class -- ``super()``, an inherited ``self.``, a local typed by its annotation or the one
call it is bound to -- in the file the fork imports it from; an operand and a loop count as uses, and the bound
local's first read None cannot serve, ``loaded.add(...)``, is reported too).  Warned now: #17326's
``self.model.embed_tokens`` (``drift/gated_attributes.py``: one object further, a holder of the same file building
the gated class into ``self.A``); #18488's two (``drift/nulled_attributes.py``: an attribute a method now sets back
to None, tested for None upstream, used by a subclass -- an arithmetic operand counts as a use -- or off a
parameter typed as the class; warnings like the module's other shapes, only some checkpoints take that path);
#13626's copied override (``drift/stale_copies.py``, new: a fork override repeating a call of the base method's
body that upstream rewrote; a warning, the fork may keep the old call on purpose).  Left missed: #20022's
``layer.embed_tokens`` off ``mtp.model.layers[...]`` -- typing ``layer`` takes three inferred attributes and a
``ModuleDict``'s element, which no reader here follows.
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_specheads 32 caught, 1 warned of 33 (13 quiet), blind_replay_sampleops 15 caught, 2 warned of 17 (9
quiet), blind_replay_telemetry 12 caught, 2 warned of 14 (7 quiet), blind_replay_fusedlayer 29 caught, 1 warned of
30 (16 quiet), blind_replay_loaderint 40 caught, 1 warned, 1 missed of 42 (20 quiet), review71_twins 10/10, 0
false errors of 44 (7 warned), and for the voided-return widening review14_twins 8/8, 0 false errors of 43 (4
warned), review27_twins 8/8, 0 false of 27, widened_return_replay 13/13 overrides, 0/21 twins with a false finding
-- each as recorded before, 0 false errors.

  python benchmarks/blind_replay_mtpmodels.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #24505 (8c54610265): the EAGLE-3 decoder layer given cache_config before quant_config
CC = "8c54610265"
CCW = "llama_eagle3.LlamaDecoderLayer(config, cache_config, quant_config, prefix): cache_config inserted"
E3L = "from vllm.model_executor.models.llama_eagle3 import LlamaDecoderLayer as Eagle3DecoderLayer\n\n\n"
CASES += [
    (
        "#24505 parameter inserted",
        "a positional build of the layer",
        K(
            "#24505",
            CC,
            CCW,
            "vllm/aeon/cc1.py",
            E3L + "def aeon_extra_draft_layer(config, quant_config, idx: int):\n"
            "    # AEON: the Spark's NVFP4 EAGLE-3 head carries a second decoder layer\n"
            '    return Eagle3DecoderLayer(config, quant_config, prefix=f"model.layers.{idx}")\n',
            'return Eagle3DecoderLayer(config, quant_config, prefix=f"model.layers.{idx}")',
        ),
    ),
    (
        "#24505 parameter inserted",
        "a subclass's positional super().__init__()",
        K(
            "#24505",
            CC,
            CCW,
            "vllm/aeon/cc2.py",
            E3L + "class AeonEagle3DecoderLayer(Eagle3DecoderLayer):\n"
            '    def __init__(self, config, quant_config=None, prefix: str = "") -> None:\n'
            "        super().__init__(config, quant_config, prefix)\n"
            "        self.aeon_fp4 = quant_config is not None\n",
            "super().__init__(config, quant_config, prefix)",
        ),
    ),
    (
        "#24505 parameter inserted",
        "twin: a keyword build",
        K(
            "#24505",
            CC,
            CCW,
            "vllm/aeon/cc3.py",
            E3L + "def aeon_extra_draft_layer2(config, quant_config, idx: int):\n"
            '    return Eagle3DecoderLayer(config, quant_config=quant_config, prefix=f"layers.{idx}")\n',
            'return Eagle3DecoderLayer(config, quant_config=quant_config, prefix=f"layers.{idx}")',
        ),
    ),
]

# --- #17211 (70788bdbdc): the EAGLE heads' and model's model_config keyword renamed vllm_config
MC = "70788bdbdc"
MCW = "EagleLlamaForCausalLM/LlamaModel(*, model_config=...) -> (*, vllm_config=...)"
LE = "from vllm.model_executor.models.llama_eagle import EagleLlamaForCausalLM, LlamaModel\n\n\n"
CASES += [
    (
        "#17211 keyword renamed",
        "a keyword build of the head",
        K(
            "#17211",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            LE + "def aeon_build_eagle(draft_model_config):\n"
            "    # AEON: the Spark builds its EAGLE head outside the loader to pin it on the GPU first\n"
            "    return EagleLlamaForCausalLM(model_config=draft_model_config)\n",
            "return EagleLlamaForCausalLM(model_config=draft_model_config)",
        ),
    ),
    (
        "#17211 keyword renamed",
        "a subclass's keyword super().__init__()",
        K(
            "#17211",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            LE + "class AeonEagleLlama(EagleLlamaForCausalLM):\n"
            "    def __init__(self, *, model_config, start_layer_id: int = 0) -> None:\n"
            "        super().__init__(model_config=model_config, start_layer_id=start_layer_id)\n"
            "        self.aeon_layer0 = start_layer_id\n",
            "super().__init__(model_config=model_config, start_layer_id=start_layer_id)",
        ),
    ),
    (
        "#17211 keyword renamed",
        "a keyword build of the model",
        K(
            "#17211",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            LE + "def aeon_bare_eagle_model(draft_model_config, first_layer: int):\n"
            '    return LlamaModel(model_config=draft_model_config, start_layer_id=first_layer, prefix="model")\n',
            'return LlamaModel(model_config=draft_model_config, start_layer_id=first_layer, prefix="model")',
        ),
    ),
    (
        "#17211 keyword renamed",
        "twin: an isinstance test and the kept load_weights",
        K(
            "#17211",
            MC,
            MCW,
            "vllm/aeon/mc4.py",
            LE + "def aeon_reload_eagle(model, weights) -> bool:\n"
            "    if isinstance(model, EagleLlamaForCausalLM):\n"
            "        model.load_weights(weights)\n"
            "        return True\n"
            "    return False\n",
            "model.load_weights(weights)",
        ),
    ),
]

# --- #17326 (418d2f8bfb): the EAGLE models' embed_tokens built only when pipeline parallel
ET = "418d2f8bfb"
ETW = "llama_eagle/llama_eagle3 LlamaModel.embed_tokens set only when get_pp_group().world_size > 1"
CASES += [
    (
        "#17326 attribute made conditional",
        "a subclass's self. read after super().__init__()",
        K(
            "#17326",
            ET,
            ETW,
            "vllm/aeon/et1.py",
            "from vllm.model_executor.models.llama_eagle import LlamaModel\n\n\n"
            "class AeonEagleModel(LlamaModel):\n"
            '    def __init__(self, *, vllm_config, prefix: str = "", start_layer_id: int = 0) -> None:\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix, start_layer_id=start_layer_id)\n"
            "        # AEON: the Spark's unified memory keeps the draft vocab rows for the fp4 lm_head\n"
            "        self.aeon_vocab_rows = self.embed_tokens.num_embeddings\n",
            "self.aeon_vocab_rows = self.embed_tokens.num_embeddings",
        ),
    ),
    (
        "#17326 attribute made conditional",
        "a read through self.model in the head's constructor",
        K(
            "#17326",
            ET,
            ETW,
            "vllm/aeon/et2.py",
            "from vllm.model_executor.models.llama_eagle3 import Eagle3LlamaForCausalLM\n\n\n"
            "class AeonEagle3Head(Eagle3LlamaForCausalLM):\n"
            "    def __init__(self, *, vllm_config, start_layer_id: int = 0) -> None:\n"
            "        super().__init__(vllm_config=vllm_config, start_layer_id=start_layer_id)\n"
            "        self.aeon_embed_dim = self.model.embed_tokens.embedding_dim\n",
            "self.aeon_embed_dim = self.model.embed_tokens.embedding_dim",
        ),
    ),
    (
        "#17326 attribute made conditional",
        "twin: a guarded read and the kept layers",
        K(
            "#17326",
            ET,
            ETW,
            "vllm/aeon/et3.py",
            "from vllm.model_executor.models.llama_eagle import LlamaModel\n\n\n"
            "class AeonEagleModel2(LlamaModel):\n"
            '    def __init__(self, *, vllm_config, prefix: str = "", start_layer_id: int = 0) -> None:\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix, start_layer_id=start_layer_id)\n"
            "        self.aeon_depth = len(self.layers)\n"
            '        embed = getattr(self, "embed_tokens", None)\n'
            "        self.aeon_rows = embed.num_embeddings if embed is not None else 0\n",
            "self.aeon_rows = embed.num_embeddings if embed is not None else 0",
        ),
    ),
]

# --- #18909 (1bc86a3da1): Eagle3LlamaForCausalLM.load_weights no longer returns the loaded names
LW = "1bc86a3da1"
LWW = "Eagle3LlamaForCausalLM.load_weights returns None (was loader.load_weights(...)'s set)"
E3H = "from vllm.model_executor.models.llama_eagle3 import Eagle3LlamaForCausalLM\n\n\n"
CASES += [
    (
        "#18909 return value dropped",
        "a subclass's super().load_weights() result added to",
        K(
            "#18909",
            LW,
            LWW,
            "vllm/aeon/lw1.py",
            E3H + "class AeonEagle3Loader(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        loaded = super().load_weights(weights)\n"
            "        # AEON: the Spark's fp4 draft scales are synthesized, not loaded\n"
            '        loaded.add("model.fc.weight_scale")\n'
            "        return loaded\n",
            'loaded.add("model.fc.weight_scale")',
        ),
    ),
    (
        "#18909 return value dropped",
        "an iteration of a built head's load_weights()",
        K(
            "#18909",
            LW,
            LWW,
            "vllm/aeon/lw2.py",
            E3H + "def aeon_count_draft_weights(head: Eagle3LlamaForCausalLM, weights) -> int:\n"
            "    return sum(1 for _ in head.load_weights(weights))\n",
            "return sum(1 for _ in head.load_weights(weights))",
        ),
    ),
    (
        "#18909 return value dropped",
        "twin: a statement call and the kept compute_logits",
        K(
            "#18909",
            LW,
            LWW,
            "vllm/aeon/lw3.py",
            E3H + "class AeonEagle3Loader2(Eagle3LlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            "        super().load_weights(weights)\n"
            "        self.aeon_loaded = True\n",
            "super().load_weights(weights)",
        ),
    ),
]

# --- #18488 (583507d130): draft_id_to_target_id set to None when the checkpoint has no d2t
DT = "583507d130"
DTW = "Eagle3LlamaForCausalLM.draft_id_to_target_id = None after load_weights without d2t"
CASES += [
    (
        "#18488 attribute now None",
        "an override of compute_logits adding the mapping",
        K(
            "#18488",
            DT,
            DTW,
            "vllm/aeon/dt1.py",
            "import torch\n\n" + E3H + "class AeonEagle3Logits(Eagle3LlamaForCausalLM):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata):\n"
            "        # AEON: the Spark maps the draft vocab with a gather instead of a scatter\n"
            "        logits = self.logits_processor(self.lm_head, hidden_states, sampling_metadata)\n"
            "        base = torch.arange(self.config.draft_vocab_size, device=logits.device)\n"
            "        targets = base + self.draft_id_to_target_id\n"
            "        return logits, targets\n",
            "targets = base + self.draft_id_to_target_id",
        ),
    ),
    (
        "#18488 attribute now None",
        "a method call on the mapping",
        K(
            "#18488",
            DT,
            DTW,
            "vllm/aeon/dt2.py",
            E3H + "def aeon_draft_map_on(head: Eagle3LlamaForCausalLM, device):\n"
            "    return head.draft_id_to_target_id.to(device, non_blocking=True)\n",
            "return head.draft_id_to_target_id.to(device, non_blocking=True)",
        ),
    ),
    (
        "#18488 attribute now None",
        "twin: a read guarded by is None",
        K(
            "#18488",
            DT,
            DTW,
            "vllm/aeon/dt3.py",
            E3H + "def aeon_draft_map_size(head: Eagle3LlamaForCausalLM) -> int:\n"
            "    if head.draft_id_to_target_id is None:\n"
            "        return 0\n"
            "    return head.draft_id_to_target_id.numel()\n",
            "return head.draft_id_to_target_id.numel()",
        ),
    ),
]

# --- #22872 (f1d53d150c): the EAGLE-3 head's forward hands its model a fourth positional; the model's
# forward now calls a new get_input_embeddings
MM = "f1d53d150c"
MMW = "Eagle3LlamaForCausalLM.forward calls self.model(ids, pos, hidden, inputs_embeds); LlamaModel.forward calls self.get_input_embeddings"
E3M = "from vllm.model_executor.models.llama_eagle3 import Eagle3LlamaForCausalLM, LlamaModel\n\n\n"
CASES += [
    (
        "#22872 caller arity changed",
        "an override of the model's forward the head now calls with four",
        K(
            "#22872",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            E3M + "class AeonEagle3Model(LlamaModel):\n"
            "    def forward(self, input_ids, positions, hidden_states):\n"
            "        # AEON: the Spark's head casts the aux hidden states to bf16 first\n"
            "        return super().forward(input_ids, positions, hidden_states.bfloat16())\n\n\n"
            "class AeonEagle3Head2(Eagle3LlamaForCausalLM):\n"
            '    def __init__(self, *, vllm_config, prefix: str = "") -> None:\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            '        self.model = AeonEagle3Model(vllm_config=vllm_config, prefix="model")\n',
            "def forward(self, input_ids, positions, hidden_states):",
        ),
    ),
    (
        "#22872 caller arity changed",
        "a subclass's own get_input_embeddings the base forward now calls",
        K(
            "#22872",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            E3M + "class AeonEagle3Model2(LlamaModel):\n"
            "    def get_input_embeddings(self, input_ids, scale):\n"
            "        return self.embed_tokens(input_ids) * scale\n",
            "def get_input_embeddings(self, input_ids, scale):",
        ),
    ),
    (
        "#22872 caller arity changed",
        "twin: an override that takes the new optional",
        K(
            "#22872",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            E3M + "class AeonEagle3Model3(LlamaModel):\n"
            "    def forward(self, input_ids, positions, hidden_states, input_embeds=None):\n"
            "        return super().forward(input_ids, positions, hidden_states.bfloat16())\n",
            "def forward(self, input_ids, positions, hidden_states, input_embeds=None):",
        ),
    ),
]

# --- #25883 (145ac73317): the EAGLE-3 decoder layer's constructor now calls self.get_quant_config(vllm_config)
GQ = "145ac73317"
GQW = "llama_eagle3.LlamaDecoderLayer.__init__ now calls self.get_quant_config(vllm_config)"
E3V = "from vllm.model_executor.models.llama_eagle3 import LlamaDecoderLayer\n\n\n"
CASES += [
    (
        "#25883 new base call of a subclass's namesake",
        "a subclass's get_quant_config without the argument",
        K(
            "#25883",
            GQ,
            GQW,
            "vllm/aeon/gq1.py",
            E3V + "class AeonEagle3Layer(LlamaDecoderLayer):\n"
            "    # AEON: the Spark reports which quant method its draft layer runs under\n"
            "    def get_quant_config(self) -> str:\n"
            '        return "modelopt_fp4"\n',
            "def get_quant_config(self) -> str:",
        ),
    ),
    (
        "#25883 new base call of a subclass's namesake",
        "a subclass's get_quant_config reading what its constructor sets after super()",
        K(
            "#25883",
            GQ,
            GQW,
            "vllm/aeon/gq2.py",
            E3V + "class AeonEagle3Layer2(LlamaDecoderLayer):\n"
            '    def __init__(self, vllm_config, prefix: str = "", config=None) -> None:\n'
            "        super().__init__(vllm_config, prefix=prefix, config=config)\n"
            "        self.aeon_quant = vllm_config.quant_config\n\n"
            "    def get_quant_config(self, vllm_config):\n"
            "        return self.aeon_quant\n",
            "return self.aeon_quant",
        ),
    ),
    (
        "#25883 new base call of a subclass's namesake",
        "twin: the fork's own method under its own name",
        K(
            "#25883",
            GQ,
            GQW,
            "vllm/aeon/gq3.py",
            E3V + "class AeonEagle3Layer3(LlamaDecoderLayer):\n"
            "    def aeon_quant_name(self) -> str:\n"
            '        return "modelopt_fp4"\n',
            "def aeon_quant_name(self) -> str:",
        ),
    ),
]

# --- #19033 (3465b87ef8): get_pp_group no longer imported by llama_eagle3; EagleLlamaForCausalLM.load_weights
# no longer returns the loaded names
PP = "3465b87ef8"
PPW = "llama_eagle3 drops its get_pp_group import; EagleLlamaForCausalLM.load_weights returns None"
CASES += [
    (
        "#19033 re-export removed, return dropped",
        "an import of a name the module only imported",
        K(
            "#19033",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            "from vllm.model_executor.models.llama_eagle3 import get_pp_group\n\n\n"
            "def aeon_draft_shares_embed() -> bool:\n"
            "    # AEON: one Spark, no pipeline parallel: the draft shares the target's embedding\n"
            "    return get_pp_group().world_size == 1\n",
            "from vllm.model_executor.models.llama_eagle3 import get_pp_group",
        ),
    ),
    (
        "#19033 re-export removed, return dropped",
        "a subclass returning super().load_weights() united with its own",
        K(
            "#19033",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            "from vllm.model_executor.models.llama_eagle import EagleLlamaForCausalLM\n\n\n"
            "class AeonEagleLoader(EagleLlamaForCausalLM):\n"
            "    def load_weights(self, weights):\n"
            '        return super().load_weights(weights) | {"lm_head.weight"}\n',
            'return super().load_weights(weights) | {"lm_head.weight"}',
        ),
    ),
    (
        "#19033 re-export removed, return dropped",
        "twin: get_pp_group from its home and the eagle3 model's embed_tokens (now unconditional)",
        K(
            "#19033",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            "from vllm.distributed.parallel_state import get_pp_group\n"
            "from vllm.model_executor.models.llama_eagle3 import LlamaModel\n\n\n"
            "def aeon_embed_rows(model: LlamaModel) -> int:\n"
            "    if get_pp_group().world_size > 1:\n"
            "        return 0\n"
            "    return model.embed_tokens.num_embeddings\n",
            "return model.embed_tokens.num_embeddings",
        ),
    ),
]

# --- #20022 (8359f4c8d8): embed_tokens moved from the DeepSeek MTP predictor layer to the predictor
EM = "8359f4c8d8"
EMW = "DeepSeekMultiTokenPredictorLayer.embed_tokens moved to DeepSeekMultiTokenPredictor.embed_tokens"
DM = "from vllm.model_executor.models.deepseek_mtp import DeepSeekMultiTokenPredictorLayer, DeepSeekMTP\n\n\n"
CASES += [
    (
        "#20022 attribute moved",
        "a subclass's self. read",
        K(
            "#20022",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            DM + "class AeonMTPLayer(DeepSeekMultiTokenPredictorLayer):\n"
            "    def aeon_embed(self, input_ids):\n"
            "        # AEON: the Spark's MTP head embeds in bf16 ahead of the fp4 eh_proj\n"
            "        return self.embed_tokens(input_ids).bfloat16()\n",
            "return self.embed_tokens(input_ids).bfloat16()",
        ),
    ),
    (
        "#20022 attribute moved",
        "a read off a layer through the model's layers",
        K(
            "#20022",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            DM + "def aeon_mtp_embed_weight(mtp: DeepSeekMTP):\n"
            "    layer = mtp.model.layers[str(mtp.model.mtp_start_layer_idx)]\n"
            "    return layer.embed_tokens.weight\n",
            "return layer.embed_tokens.weight",
        ),
    ),
    (
        "#20022 attribute moved",
        "twin: the kept shared_head and enorm",
        K(
            "#20022",
            EM,
            EMW,
            "vllm/aeon/em3.py",
            DM + "class AeonMTPLayer2(DeepSeekMultiTokenPredictorLayer):\n"
            "    def aeon_head_weight(self):\n"
            "        return self.shared_head.head.weight, self.enorm.weight\n",
            "return self.shared_head.head.weight, self.enorm.weight",
        ),
    ),
]

# --- #25324 (572ddf83ce): ErnieMTP.sample, ErnieMTP.sampler and the SamplerOutput import removed
SA = "572ddf83ce"
SAW = "ErnieMTP.sample/sampler removed; ernie_mtp no longer imports SamplerOutput"
CASES += [
    (
        "#25324 method removed",
        "a subclass's super().sample()",
        K(
            "#25324",
            SA,
            SAW,
            "vllm/aeon/sa1.py",
            "from vllm.model_executor.models.ernie_mtp import ErnieMTP\n\n\n"
            "class AeonErnieMTP(ErnieMTP):\n"
            "    def sample(self, logits, sampling_metadata):\n"
            "        # AEON: the Spark clamps fp4 draft logits before sampling\n"
            "        return super().sample(logits.clamp(-1e4, 1e4), sampling_metadata)\n",
            "return super().sample(logits.clamp(-1e4, 1e4), sampling_metadata)",
        ),
    ),
    (
        "#25324 method removed",
        "an import of a name the module only imported",
        K(
            "#25324",
            SA,
            SAW,
            "vllm/aeon/sa2.py",
            "from vllm.model_executor.models.ernie_mtp import SamplerOutput\n\n\n"
            "def aeon_empty_output(out: SamplerOutput) -> bool:\n"
            "    return not out.outputs\n",
            "from vllm.model_executor.models.ernie_mtp import SamplerOutput",
        ),
    ),
    (
        "#25324 method removed",
        "twin: the kept compute_logits",
        K(
            "#25324",
            SA,
            SAW,
            "vllm/aeon/sa3.py",
            "from vllm.model_executor.models.ernie_mtp import ErnieMTP\n\n\n"
            "class AeonErnieMTP2(ErnieMTP):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata, spec_step_idx: int = 0):\n"
            "        return super().compute_logits(hidden_states, sampling_metadata, spec_step_idx)\n",
            "return super().compute_logits(hidden_states, sampling_metadata, spec_step_idx)",
        ),
    ),
]

# --- #13626 (9804145cac): the DeepSeek MTP layer's output no longer passed through shared_head; compute_logits
# now applies it
SH = "9804145cac"
SHW = "DeepSeekMultiTokenPredictorLayer.forward returns the pre-shared_head state; compute_logits applies shared_head"
DP = "from vllm.model_executor.models.deepseek_mtp import DeepSeekMultiTokenPredictor\n\n\n"
CASES += [
    (
        "#13626 return value's meaning moved",
        "an override of compute_logits copying the base's old body",
        K(
            "#13626",
            SH,
            SHW,
            "vllm/aeon/sh1.py",
            DP + "class AeonMTPPredictor(DeepSeekMultiTokenPredictor):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata, spec_step_idx: int = 0):\n"
            "        # AEON: the Spark's k=3 drafts on a one-layer MTP head reuse the layer\n"
            "        mtp_layer = self.layers[str(self.mtp_start_layer_idx + spec_step_idx % self.num_mtp_layers)]\n"
            "        return self.logits_processor(mtp_layer.shared_head.head, hidden_states, sampling_metadata)\n",
            "return self.logits_processor(mtp_layer.shared_head.head, hidden_states, sampling_metadata)",
        ),
    ),
    (
        "#13626 return value's meaning moved",
        "twin: an override delegating to super().compute_logits",
        K(
            "#13626",
            SH,
            SHW,
            "vllm/aeon/sh2.py",
            DP + "class AeonMTPPredictor2(DeepSeekMultiTokenPredictor):\n"
            "    def compute_logits(self, hidden_states, sampling_metadata, spec_step_idx: int = 0):\n"
            "        return super().compute_logits(hidden_states, sampling_metadata, spec_step_idx % self.num_mtp_layers)\n",
            "return super().compute_logits(hidden_states, sampling_metadata, spec_step_idx % self.num_mtp_layers)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-mtpmodels-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
