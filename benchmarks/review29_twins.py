"""Adversarial twins of the llamamodels widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an attribute the class builds by its own method (``self.model = self._init_model(...)``, symbol drift):
  #13555 (cdc1fa12eb, ``LlamaModel.forward`` lost ``kv_caches``/``attn_metadata``), #27583 (97d1c99302,
  ``LlamaModel.get_input_embeddings`` renamed ``embed_input_ids``), #13240 (4f5b059f14, ``LlamaModel`` no
  longer sets ``padding_idx``): the new spelling, a call with ``*args``/``**kwargs``, the fork's override of
  the factory building its own model (unannotated or annotated), the fork's own reassignment of the
  attribute, a fork class of its own with a factory of the name, a ``try``/``except TypeError`` or
  ``AttributeError`` round the old spelling, a signature probe, a ``hasattr``/``getattr(..., None)`` guard,
  a shim on the fork's model subclass, the value the fork computes itself, the attribute the fork sets;
- a None for a parameter whose old body fell back on a default (narrowed): #31760 (cd1245a184,
  ``Qwen2Model`` dropped ``decoder_layer_type = decoder_layer_type or Qwen2DecoderLayer``): the fork's own
  subclass that maps the None itself, another model of the tree that still falls back (OuroModel), a
  ``try``/``except TypeError`` round the call with a retry, a fork test expecting the call to fail;
- a constructor whose ``raise ValueError`` became an ``assert`` (raised kinds): #17772 (dd2a94596a,
  ``Qwen2Model.__init__``): both kinds caught by ``contextlib.suppress``, the fork's own check raising the
  kind in the ``try``, the fork's own subclass raising it first, the fork's namesake class in its own file.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Main's engine (1a592ac0), round 1 (5 cases, 27 twins): 4 caught, 1 missed of 5; 4 false errors of 27:
``getattr(self.model, "padding_idx", None)`` (a read by a string with a default, #13240), the fork's own
``self.model.padding_idx = ...`` in its ``__init__`` and its read after (#13240: both lines), a signature
probe (``"kv_caches" in inspect.signature(self.model.forward).parameters``) guarding the old call (#13555),
a fork test calling ``Qwen2Model(..., decoder_layer_type=None)`` under ``pytest.raises(TypeError)`` (#31760).
2 warnings (quiet): the old call under ``except TypeError`` with the new one after (#13555, #31760).  The
miss: ``self.model(input_ids, positions, kv_caches=..., attn_metadata=...)`` -- keywords the new forward
no longer takes, where the positional spelling is caught (the case was wrong: it left out
``intermediate_tensors``, which the old forward required too, so the call failed before the merge as well;
fixed to pass it, it is caught).
Round 2 (5 more twins): the old ``self.model(...)`` and the None under a version gate, the fork class's own
annotation of ``model``, the attribute rebuilt by a fork factory of another name, a handler's kinds chosen
by a version gate: all quiet on main's engine too.
This branch, both rounds: 5 caught of 5; 0 false errors of 32 twins (6 warned: the old spelling under
``except TypeError`` or a version gate, #13555 and #31760; the signature probe, #13555; the fork's own store
of ``self.model.padding_idx``, #13240).  Mended by rule: a member the fork class stores on the same holder
and reads back is the fork's (symbols ``_held_alike``); a probe of a called instance's ``forward``/``__call__``
signature guards the call (fallbacks ``_reads_signature``); a getattr default the fork refills with its own
value is a fallback for symbol drift (fallbacks ``_refilled``/``_chosen_over``); a None passed under
``pytest.raises(TypeError)`` is a test of the refusal (fallbacks ``expects_misfit``).
Left: an error on a line beside a twin's (not on it): ``self.padding_idx = ...`` in the fork's
``LlamaModel`` subclass, read only as ``self.model.padding_idx`` from the fork's ``LlamaForCausalLM``
subclass, is still "nothing reads the fork's value any more" (the store check reads the class's own and its
subclasses' reads, not reads through another class's typed attribute).
Regression set at the mends' head (9a8bd5dd): killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_llamamodels 27 caught 1 missed of 28 (15
quiet; as on main), blind_replay_models 16/16 (11 quiet), blind_replay_modelapi 21 caught 3 warned of 24 (14
quiet; as on main), ``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught, 8
warnings, as on main).
mend46: the store left above is quiet now (symbols ``_typed_reads``: a read of ``.padding_idx`` through
``self.model``, which the reading class builds with its own factory returning the fork's model subclass, counts
as a read of the subclass's store).  5 caught of 5; 0 false errors of 32 (6 warned, as before), no error off a
twin's line on r29pi4.

  PYTHONPATH=.. python review29_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

LL = "from vllm.model_executor.models.llama import LlamaForCausalLM, LlamaModel\n\n\n"

# --- cdc1fa12eb (#13555): LlamaModel.forward(input_ids, positions, kv_caches, attn_metadata, ...) lost two
KV = ("#13555", "cdc1fa12eb", "LlamaModel.forward(kv_caches, attn_metadata) removed")
CASES += [
    (
        "#13555 own-factory attribute",
        "self.model(...) with the dropped keywords",
        K(
            *KV,
            "vllm/aeon/r29kv0.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            "        return self.model(input_ids, positions, kv_caches=kv_caches, attn_metadata=attn_metadata, intermediate_tensors=None)\n",
            "        return self.model(input_ids, positions, kv_caches=kv_caches, attn_metadata=attn_metadata, intermediate_tensors=None)",
        ),
    ),
]
TWINS += [
    (
        "#13555 own-factory attribute",
        "twin: the new spelling",
        K(
            *KV,
            "vllm/aeon/r29kv1.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_hidden(self, input_ids, positions):\n"
            "        return self.model(input_ids, positions, None, None)\n",
            "        return self.model(input_ids, positions, None, None)",
        ),
    ),
    (
        "#13555 own-factory attribute",
        "twin: *args and **kwargs handed on",
        K(
            *KV,
            "vllm/aeon/r29kv2.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_hidden(self, *args, **kwargs):\n"
            "        return self.model(*args, **kwargs)  # AEON: the Spark's prefill probe\n",
            "        return self.model(*args, **kwargs)  # AEON: the Spark's prefill probe",
        ),
    ),
    (
        "#13555 own-factory attribute",
        "twin: the fork's factory override builds its own model (unannotated)",
        K(
            *KV,
            "vllm/aeon/r29kv3.py",
            "import torch.nn as nn\n\n" + LL + "class AeonLlamaModel(nn.Module):\n"
            "    def forward(self, input_ids, positions, kv_caches, attn_metadata, intermediate_tensors=None, inputs_embeds=None):\n"
            "        return positions\n\n\n"
            "class AeonLlama(LlamaForCausalLM):\n"
            '    def _init_model(self, vllm_config, prefix: str = ""):\n'
            "        return AeonLlamaModel()\n\n"
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n",
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
    (
        "#13555 own-factory attribute",
        "twin: the fork's factory override annotated with its model subclass",
        K(
            *KV,
            "vllm/aeon/r29kv4.py",
            LL + "class AeonLlamaModel(LlamaModel):\n"
            "    def forward(self, input_ids, positions, kv_caches, attn_metadata, intermediate_tensors=None, inputs_embeds=None):\n"
            "        return super().forward(input_ids, positions, intermediate_tensors, inputs_embeds)\n\n\n"
            "class AeonLlama(LlamaForCausalLM):\n"
            '    def _init_model(self, vllm_config, prefix: str = "") -> AeonLlamaModel:\n'
            "        return AeonLlamaModel(vllm_config=vllm_config, prefix=prefix)\n\n"
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n",
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
    (
        "#13555 own-factory attribute",
        "twin: the fork's __init__ rebinds the attribute to its own model",
        K(
            *KV,
            "vllm/aeon/r29kv5.py",
            LL + "class AeonLlamaModel(LlamaModel):\n"
            "    def forward(self, input_ids, positions, kv_caches, attn_metadata, intermediate_tensors=None, inputs_embeds=None):\n"
            "        return super().forward(input_ids, positions, intermediate_tensors, inputs_embeds)\n\n\n"
            "class AeonLlama(LlamaForCausalLM):\n"
            '    def __init__(self, *, vllm_config, prefix: str = ""):\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            '        self.model = AeonLlamaModel(vllm_config=vllm_config, prefix=prefix + "model")\n\n'
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n",
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
    (
        "#13555 own-factory attribute",
        "twin: a fork class of its own with a factory of the name",
        K(
            *KV,
            "vllm/aeon/r29kv6.py",
            "import torch.nn as nn\n\n\n"
            "class AeonDraftBody(nn.Module):\n"
            "    def forward(self, input_ids, positions, kv_caches, attn_metadata, intermediate_tensors=None, inputs_embeds=None):\n"
            "        return positions\n\n\n"
            "class AeonDraft(nn.Module):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__()\n"
            "        self.model = self._init_model()\n\n"
            "    def _init_model(self):\n"
            "        return AeonDraftBody()\n\n"
            "    def forward(self, input_ids, positions, kv_caches, attn_metadata):\n"
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n",
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
    (
        "#13555 own-factory attribute",
        "twin: the old spelling tried first, a TypeError falls back on the new",
        K(
            *KV,
            "vllm/aeon/r29kv7.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            "        try:  # AEON: older upstreams still take the caches\n"
            "            return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n"
            "        except TypeError:\n"
            "            return self.model(input_ids, positions, None, None)\n",
            "            return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
    (
        "#13555 own-factory attribute",
        "twin: a signature probe picks the spelling",
        K(
            *KV,
            "vllm/aeon/r29kv8.py",
            "import inspect\n\n" + LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            '        if "kv_caches" in inspect.signature(self.model.forward).parameters:\n'
            "            return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n"
            "        return self.model(input_ids, positions, None, None)\n",
            "            return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
]

# --- 97d1c99302 (#27583): LlamaModel.get_input_embeddings renamed embed_input_ids
EM = ("#27583", "97d1c99302", "LlamaModel.get_input_embeddings -> embed_input_ids")
CASES += [
    (
        "#27583 own-factory attribute",
        "self.model.get_input_embeddings in a subclass",
        K(
            *EM,
            "vllm/aeon/r29em0.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_embed(self, input_ids):\n"
            "        return self.model.get_input_embeddings(input_ids) * 2.0  # AEON: the Spark's scaled embeddings\n",
            "        return self.model.get_input_embeddings(input_ids) * 2.0  # AEON: the Spark's scaled embeddings",
        ),
    ),
]
TWINS += [
    (
        "#27583 own-factory attribute",
        "twin: the new name",
        K(
            *EM,
            "vllm/aeon/r29em1.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_embed(self, input_ids):\n"
            "        return self.model.embed_input_ids(input_ids) * 2.0\n",
            "        return self.model.embed_input_ids(input_ids) * 2.0",
        ),
    ),
    (
        "#27583 own-factory attribute",
        "twin: getattr(..., None) of the old name, the new one after",
        K(
            *EM,
            "vllm/aeon/r29em2.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_embed(self, input_ids):\n"
            '        embed = getattr(self.model, "get_input_embeddings", None) or self.model.embed_input_ids\n'
            "        return embed(input_ids)\n",
            '        embed = getattr(self.model, "get_input_embeddings", None) or self.model.embed_input_ids',
        ),
    ),
    (
        "#27583 own-factory attribute",
        "twin: a hasattr guard",
        K(
            *EM,
            "vllm/aeon/r29em3.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_embed(self, input_ids):\n"
            '        if hasattr(self.model, "get_input_embeddings"):\n'
            "            return self.model.get_input_embeddings(input_ids)\n"
            "        return self.model.embed_input_ids(input_ids)\n",
            "            return self.model.get_input_embeddings(input_ids)",
        ),
    ),
    (
        "#27583 own-factory attribute",
        "twin: try/except AttributeError round the old name",
        K(
            *EM,
            "vllm/aeon/r29em4.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_embed(self, input_ids):\n"
            "        try:\n"
            "            return self.model.get_input_embeddings(input_ids)\n"
            "        except AttributeError:  # AEON: renamed upstream\n"
            "            return self.model.embed_input_ids(input_ids)\n",
            "            return self.model.get_input_embeddings(input_ids)",
        ),
    ),
    (
        "#27583 own-factory attribute",
        "twin: the fork's model subclass keeps a shim, its factory override builds it",
        K(
            *EM,
            "vllm/aeon/r29em5.py",
            LL + "class AeonLlamaModel(LlamaModel):\n"
            "    def get_input_embeddings(self, input_ids):\n"
            "        return self.embed_input_ids(input_ids)  # AEON: the old name, for the Spark's probes\n\n\n"
            "class AeonLlama(LlamaForCausalLM):\n"
            '    def _init_model(self, vllm_config, prefix: str = "", layer_type=None):\n'
            "        return AeonLlamaModel(vllm_config=vllm_config, prefix=prefix)\n\n"
            "    def aeon_embed(self, input_ids):\n"
            "        return self.model.get_input_embeddings(input_ids)\n",
            "        return self.model.get_input_embeddings(input_ids)",
        ),
    ),
    (
        "#27583 own-factory attribute",
        "twin: the fork's factory override annotated with the shim's class",
        K(
            *EM,
            "vllm/aeon/r29em6.py",
            LL + "class AeonLlamaModel(LlamaModel):\n"
            "    def get_input_embeddings(self, input_ids):\n"
            "        return self.embed_input_ids(input_ids)\n\n\n"
            "class AeonLlama(LlamaForCausalLM):\n"
            '    def _init_model(self, vllm_config, prefix: str = "", layer_type=None) -> AeonLlamaModel:\n'
            "        model = AeonLlamaModel(vllm_config=vllm_config, prefix=prefix)\n"
            "        return model\n\n"
            "    def aeon_embed(self, input_ids):\n"
            "        return self.model.get_input_embeddings(input_ids)\n",
            "        return self.model.get_input_embeddings(input_ids)",
        ),
    ),
]

# --- 4f5b059f14 (#13240): LlamaModel no longer sets padding_idx
PI = ("#13240", "4f5b059f14", "LlamaModel.padding_idx no longer set")
CASES += [
    (
        "#13240 own-factory attribute",
        "self.model.padding_idx in a subclass",
        K(
            *PI,
            "vllm/aeon/r29pi0.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_pad_mask(self, input_ids):\n"
            "        return input_ids != self.model.padding_idx  # AEON: packed batches\n",
            "        return input_ids != self.model.padding_idx  # AEON: packed batches",
        ),
    ),
]
TWINS += [
    (
        "#13240 own-factory attribute",
        "twin: getattr(..., None) with the config's value after",
        K(
            *PI,
            "vllm/aeon/r29pi1.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_pad_mask(self, input_ids):\n"
            '        pad = getattr(self.model, "padding_idx", None)\n'
            "        return input_ids != (self.config.pad_token_id if pad is None else pad)\n",
            '        pad = getattr(self.model, "padding_idx", None)',
        ),
    ),
    (
        "#13240 own-factory attribute",
        "twin: the value the fork reads itself",
        K(
            *PI,
            "vllm/aeon/r29pi2.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_pad_mask(self, input_ids):\n"
            "        return input_ids != self.model.config.pad_token_id\n",
            "        return input_ids != self.model.config.pad_token_id",
        ),
    ),
    (
        "#13240 own-factory attribute",
        "twin: the fork sets the attribute on the model itself",
        K(
            *PI,
            "vllm/aeon/r29pi3.py",
            LL + "class AeonLlama(LlamaForCausalLM):\n"
            '    def __init__(self, *, vllm_config, prefix: str = ""):\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            "        self.model.padding_idx = self.config.pad_token_id  # AEON: packed batches need it\n\n"
            "    def aeon_pad_mask(self, input_ids):\n"
            "        return input_ids != self.model.padding_idx\n",
            "        return input_ids != self.model.padding_idx",
        ),
    ),
    (
        "#13240 own-factory attribute",
        "twin: the fork's model subclass sets it, its factory override builds it",
        K(
            *PI,
            "vllm/aeon/r29pi4.py",
            LL + "class AeonLlamaModel(LlamaModel):\n"
            '    def __init__(self, *, vllm_config, prefix: str = "", layer_type=None):\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            "        self.padding_idx = vllm_config.model_config.hf_config.pad_token_id\n\n\n"
            "class AeonLlama(LlamaForCausalLM):\n"
            '    def _init_model(self, vllm_config, prefix: str = "", layer_type=None):\n'
            "        return AeonLlamaModel(vllm_config=vllm_config, prefix=prefix)\n\n"
            "    def aeon_pad_mask(self, input_ids):\n"
            "        return input_ids != self.model.padding_idx\n",
            "        return input_ids != self.model.padding_idx",
        ),
    ),
]

# --- cd1245a184 (#31760): Qwen2Model no longer maps decoder_layer_type=None to Qwen2DecoderLayer
DL = ("#31760", "cd1245a184", "Qwen2Model(decoder_layer_type=None) no longer defaulted")
Q2 = "from vllm.model_executor.models.qwen2 import Qwen2DecoderLayer, Qwen2Model\n\n\n"
CASES += [
    (
        "#31760 fallback dropped",
        "the fork's model attribute built with None",
        K(
            *DL,
            "vllm/aeon/r29dl0.py",
            "import torch.nn as nn\n\n" + Q2 + "class AeonQwen2Backbone(nn.Module):\n"
            '    def __init__(self, *, vllm_config, prefix: str = ""):\n'
            "        super().__init__()\n"
            '        self.model = Qwen2Model(vllm_config=vllm_config, prefix=f"{prefix}.model", decoder_layer_type=None)\n',
            '        self.model = Qwen2Model(vllm_config=vllm_config, prefix=f"{prefix}.model", decoder_layer_type=None)',
        ),
    ),
]
TWINS += [
    (
        "#31760 fallback dropped",
        "twin: the fork's subclass maps the None itself",
        K(
            *DL,
            "vllm/aeon/r29dl1.py",
            Q2 + "class AeonQwen2Model(Qwen2Model):\n"
            '    def __init__(self, *, vllm_config, prefix: str = "", decoder_layer_type=None):\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=decoder_layer_type or Qwen2DecoderLayer)\n\n\n"
            "def aeon_backbone(vllm_config, prefix: str):\n"
            "    return AeonQwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)\n",
            "    return AeonQwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)",
        ),
    ),
    (
        "#31760 fallback dropped",
        "twin: another model of the tree that still falls back",
        K(
            *DL,
            "vllm/aeon/r29dl2.py",
            "from vllm.model_executor.models.ouro import OuroModel\n\n\n"
            "def aeon_backbone(vllm_config, prefix: str):\n"
            "    return OuroModel(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)\n",
            "    return OuroModel(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)",
        ),
    ),
    (
        "#31760 fallback dropped",
        "twin: the None tried under except TypeError, the class passed after",
        K(
            *DL,
            "vllm/aeon/r29dl3.py",
            Q2 + "def aeon_backbone(vllm_config, prefix: str):\n"
            "    try:  # AEON: older upstreams map None to their own layer\n"
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)\n"
            "    except TypeError:\n"
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=Qwen2DecoderLayer)\n",
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)",
        ),
    ),
    (
        "#31760 fallback dropped",
        "twin: a fork test expecting the None to fail",
        K(
            *DL,
            "tests/aeon/test_r29dl4.py",
            "import pytest\n\n" + Q2 + "def test_none_layer_type_refused(vllm_config):\n"
            "    with pytest.raises(TypeError):\n"
            '        Qwen2Model(vllm_config=vllm_config, prefix="", decoder_layer_type=None)\n',
            '        Qwen2Model(vllm_config=vllm_config, prefix="", decoder_layer_type=None)',
        ),
    ),
]

# --- dd2a94596a (#17772): Qwen2Model.__init__'s raise ValueError (partial sliding windows) made an assert
SW = ("#17772", "dd2a94596a", "Qwen2Model.__init__ ValueError -> assert")
Q2M = "import contextlib\n\nfrom vllm.model_executor.models.qwen2 import Qwen2Model\n\n\n"
CASES += [
    (
        "#17772 constructor kind",
        "suppress(ValueError) round the constructor",
        K(
            *SW,
            "vllm/aeon/r29sw0.py",
            Q2M + "def aeon_build(vllm_config, prefix: str):\n"
            "    model = None\n"
            "    with contextlib.suppress(ValueError):  # AEON: partial windows served by the Spark's own model\n"
            "        model = Qwen2Model(vllm_config=vllm_config, prefix=prefix)\n"
            "    return model\n",
            "    with contextlib.suppress(ValueError):  # AEON: partial windows served by the Spark's own model",
        ),
    ),
]
TWINS += [
    (
        "#17772 constructor kind",
        "twin: suppress of both kinds",
        K(
            *SW,
            "vllm/aeon/r29sw1.py",
            Q2M + "def aeon_build(vllm_config, prefix: str):\n"
            "    model = None\n"
            "    with contextlib.suppress(ValueError, AssertionError):\n"
            "        model = Qwen2Model(vllm_config=vllm_config, prefix=prefix)\n"
            "    return model\n",
            "    with contextlib.suppress(ValueError, AssertionError):",
        ),
    ),
    (
        "#17772 constructor kind",
        "twin: the fork's own check raises the kind in the try",
        K(
            *SW,
            "vllm/aeon/r29sw2.py",
            Q2M + "def aeon_build(vllm_config, prefix: str):\n"
            "    try:\n"
            "        if vllm_config.model_config.max_model_len > 131072:\n"
            '            raise ValueError("AEON: the Spark serves at most 128k")\n'
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix)\n"
            "    except ValueError:\n"
            "        return None\n",
            "    except ValueError:",
        ),
    ),
    (
        "#17772 constructor kind",
        "twin: the fork's own subclass raises the kind first",
        K(
            *SW,
            "vllm/aeon/r29sw3.py",
            Q2M + "class AeonQwen2Model(Qwen2Model):\n"
            '    def __init__(self, *, vllm_config, prefix: str = ""):\n'
            "        if vllm_config.cache_config.sliding_window is not None:\n"
            '            raise ValueError("AEON: no sliding windows on the Spark")\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n\n\n"
            "def aeon_build(vllm_config, prefix: str):\n"
            "    try:\n"
            "        return AeonQwen2Model(vllm_config=vllm_config, prefix=prefix)\n"
            "    except ValueError:\n"
            "        return None\n",
            "    except ValueError:",
        ),
    ),
    (
        "#17772 constructor kind",
        "twin: the fork's namesake class in its own file",
        K(
            *SW,
            "vllm/aeon/r29sw4.py",
            "import torch.nn as nn\n\n\n"
            "class Qwen2Model(nn.Module):  # AEON: the Spark's own backbone of the name\n"
            '    def __init__(self, *, vllm_config, prefix: str = ""):\n'
            "        super().__init__()\n"
            "        if vllm_config.cache_config.sliding_window is not None:\n"
            '            raise ValueError("partial sliding windows")\n\n\n'
            "def aeon_build(vllm_config, prefix: str):\n"
            "    try:\n"
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix)\n"
            "    except ValueError:\n"
            "        return None\n",
            "    except ValueError:",
        ),
    ),
    (
        "#17772 constructor kind",
        "twin: the base's __init__ called explicitly under a handler of both",
        K(
            *SW,
            "vllm/aeon/r29sw5.py",
            Q2M + "class AeonQwen2Model(Qwen2Model):\n"
            '    def __init__(self, *, vllm_config, prefix: str = ""):\n'
            "        try:\n"
            "            Qwen2Model.__init__(self, vllm_config=vllm_config, prefix=prefix)\n"
            "        except (AssertionError, ValueError):  # AEON: older upstreams raised ValueError\n"
            "            raise NotImplementedError from None\n",
            "        except (AssertionError, ValueError):  # AEON: older upstreams raised ValueError",
        ),
    ),
]


# --- round 2: a version gate, the fork's own annotation or factory of the attribute, the None under a gate
TWINS += [
    (
        "#13555 own-factory attribute",
        "twin: the old call under a version gate",
        K(
            *KV,
            "vllm/aeon/r29kv9.py",
            "from vllm import __version__ as VLLM_VERSION\n" + LL + "class AeonLlama(LlamaForCausalLM):\n"
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            '        if VLLM_VERSION < "0.7.4":  # AEON: the caches left the forward in 0.7.4\n'
            "            return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n"
            "        return self.model(input_ids, positions, None, None)\n",
            "            return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
    (
        "#13555 own-factory attribute",
        "twin: the fork class annotates the attribute with its own model",
        K(
            *KV,
            "vllm/aeon/r29kv10.py",
            "import torch.nn as nn\n\n" + LL + "class AeonLlamaModel(nn.Module):\n"
            "    def forward(self, input_ids, positions, kv_caches, attn_metadata, intermediate_tensors=None, inputs_embeds=None):\n"
            "        return positions\n\n\n"
            "class AeonLlama(LlamaForCausalLM):\n"
            "    model: AeonLlamaModel  # AEON: swapped in by the Spark's loader\n\n"
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n",
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
    (
        "#13555 own-factory attribute",
        "twin: the fork rebuilds the attribute by a factory of its own name",
        K(
            *KV,
            "vllm/aeon/r29kv11.py",
            "import torch.nn as nn\n\n" + LL + "class AeonLlamaModel(nn.Module):\n"
            "    def forward(self, input_ids, positions, kv_caches, attn_metadata, intermediate_tensors=None, inputs_embeds=None):\n"
            "        return positions\n\n\n"
            "class AeonLlama(LlamaForCausalLM):\n"
            '    def __init__(self, *, vllm_config, prefix: str = ""):\n'
            "        super().__init__(vllm_config=vllm_config, prefix=prefix)\n"
            "        self.model = self._aeon_model()\n\n"
            "    def _aeon_model(self):\n"
            "        return AeonLlamaModel()\n\n"
            "    def aeon_hidden(self, input_ids, positions, kv_caches, attn_metadata):\n"
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)\n",
            "        return self.model(input_ids, positions, kv_caches, attn_metadata, None, None)",
        ),
    ),
    (
        "#31760 fallback dropped",
        "twin: the None under a version gate",
        K(
            *DL,
            "vllm/aeon/r29dl5.py",
            "from vllm import __version__ as VLLM_VERSION\n" + Q2 + "def aeon_backbone(vllm_config, prefix: str):\n"
            '    if VLLM_VERSION < "0.14.0":  # AEON: older upstreams map None to their own layer\n'
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)\n"
            "    return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=Qwen2DecoderLayer)\n",
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix, decoder_layer_type=None)",
        ),
    ),
    (
        "#17772 constructor kind",
        "twin: the handler under a version gate of its own",
        K(
            *SW,
            "vllm/aeon/r29sw6.py",
            "from vllm import __version__ as VLLM_VERSION\n" + Q2M + "def aeon_build(vllm_config, prefix: str):\n"
            '    caught = (ValueError,) if VLLM_VERSION < "0.9.0" else (AssertionError,)\n'
            "    try:\n"
            "        return Qwen2Model(vllm_config=vllm_config, prefix=prefix)\n"
            "    except caught:\n"
            "        return None\n",
            "    except caught:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review29-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
