"""A blind replay of the HF config layer and the model registry a fork extends.

11 first-parent commits on the surface a fork that adds or patches models carries code against -- the HF
config layer (``vllm/transformers_utils/config.py``: ``ConfigFormat`` made a ``Literal`` from an enum, the
repo helpers moved to ``repo_utils`` with ``get_model_path`` no longer re-exported, ``get_pooling_config``'s
``"normalize"`` key renamed ``"use_activation"``), the custom config classes (``configs/speculators``: a
registered algorithm updater now called with ``pre_trained_config=``, not ``vllm_config=``), the model
registry (``_ModelRegistry.is_v1_compatible`` and ``is_cross_encoder_model`` removed, the
``InternLMForCausalLM`` key made a removed-in-version string) and the interface protocols
(``SupportsV0Only`` and ``supports_cross_encoding`` removed, ``SupportsMRoPE.get_mrope_input_positions``
without ``context_len``/``seq_len``, ``SupportsEncoderCudaGraph``'s per-item hooks folded into
``get_encoder_cudagraph_item_specs``, ``postprocess_encoder_output``'s ``local_output`` removed,
``SupportsMultiModal.merge_by_field_config`` defaulting to None with ``False`` now refused) -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.
Each is replayed under 1-3 fork spellings written the way fork code is written (an import, a call off the
registry singleton, a keyword, a subclass override of a hook, a registered callback, a dict key off a
returned mapping, a class attribute, an enum member), with twins (fork code the commit does not break).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at bfa20111): 11 caught, 2 warned, 7 missed of 20 (twins: 11
quiet, 1 of them warned, 0 false errors).  The misses: #45128's two (a registry table subscripted with a key upstream
moved out of it; an ``hf_overrides`` architecture naming it), #32243's two (``get_pooling_config(...)["normalize"]``
and ``.get("normalize")``: a key of the dict display the function returns, renamed), #24277's two
(``ConfigFormat.MISTRAL`` and ``ConfigFormat(name)`` where the enum class became a ``Literal`` alias) and #31541's
registered updater (a function registered through the same decorator as upstream's ``update_eagle3``, whose
parameter ``vllm_config`` upstream renamed with the caller that now passes ``pre_trained_config=``).  Warned:
#49934's override reading ``output.split`` (the parameter became a dict) and #30170's ``bool(model.merge_by_field_config)``
(the default True -> None), both by design.
After the killers68 widenings: 16 caught, 3 warned, 1 missed of 20 (twins: 11 quiet, 1 of them warned, 0 false
errors).  Caught now: an enum upstream made a ``Literal`` alias of its values (its members, a call of it, an
iteration: ``drift/demoted_enums.py``); a key upstream took out of a module's table or out of the dict display a
function returns, read by its literal (``drift/dropped_keys.py``; ``.get("normalize")`` is a warning, a default
may be meant); a fork function registered through the decorator whose upstream siblings' parameters were renamed
with their keyword caller (``drift/registered_params.py``).  Left: #45128's ``hf_overrides={"architectures":
["InternLMForCausalLM"]}``, a string naming a registry key with no table read in the fork's code to tie it to.
Written after the blind run, to try the dropped-key class on two more registry commits: #49786 (``OuroForCausalLM``
moved to the removed-models table) and #25708 (``NemotronH_Nano_VL`` renamed): 2 caught of 2, the twin quiet
(#25708's key, gone from the file outright, is key drift's dropped table key: one finding).
After misses1: 18 caught, 4 warned, 0 missed of 22 (twins: 12 quiet, 1 of them warned, 0 false errors).  Warned
now: #45128's ``hf_overrides={"architectures": ["InternLMForCausalLM"]}`` (a class-like string quoted as a value,
naming a key upstream moved to another table, in a file reading no table: ``drift/quoted_keys.py``, a warning
by design -- the literal is the only tie).

  python benchmarks/blind_replay_hfconfig.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

REG = "from vllm.model_executor.models.registry import ModelRegistry\n\n\n"

# --- #26783 (9c4cb68339): SupportsV0Only, supports_v0_only and _ModelRegistry.is_v1_compatible removed
V0 = "9c4cb68339"
V0W = "SupportsV0Only and ModelRegistry.is_v1_compatible removed"
CASES += [
    (
        "#26783 registry method removed",
        "a call off the registry singleton",
        K(
            "#26783",
            V0,
            V0W,
            "vllm/aeon/v0a.py",
            REG + "def aeon_can_run_v1(model_config) -> bool:\n"
            "    # AEON: the Spark's router refuses V0-only archs up front\n"
            "    return ModelRegistry.is_v1_compatible(model_config.architectures, model_config)\n",
            "return ModelRegistry.is_v1_compatible(model_config.architectures, model_config)",
        ),
    ),
    (
        "#26783 registry method removed",
        "an import of the removed protocol",
        K(
            "#26783",
            V0,
            V0W,
            "vllm/aeon/v0b.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.models.interfaces import SupportsV0Only\n\n\n"
            "class AeonLegacyDraft(nn.Module, SupportsV0Only):\n"
            "    pass\n",
            "from vllm.model_executor.models.interfaces import SupportsV0Only",
        ),
    ),
    (
        "#26783 registry method removed",
        "twin: a registry method kept",
        K(
            "#26783",
            V0,
            V0W,
            "vllm/aeon/v0c.py",
            REG + "def aeon_generates(model_config) -> bool:\n"
            "    return ModelRegistry.is_text_generation_model(model_config.architectures, model_config)\n",
            "return ModelRegistry.is_text_generation_model(model_config.architectures, model_config)",
        ),
    ),
]

# --- #36479 (a3189a08b0): score_type replaces supports_cross_encoding / supports_late_interaction;
#     _ModelRegistry.is_cross_encoder_model and _CROSS_ENCODER_MODELS removed
SC = "a3189a08b0"
SCW = "supports_cross_encoding and ModelRegistry.is_cross_encoder_model removed (score_type)"
CASES += [
    (
        "#36479 interface predicate removed",
        "an import of the removed predicate",
        K(
            "#36479",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            "from vllm.model_executor.models.interfaces import supports_cross_encoding\n\n\n"
            "def aeon_is_reranker(model) -> bool:\n"
            "    return supports_cross_encoding(model)\n",
            "from vllm.model_executor.models.interfaces import supports_cross_encoding",
        ),
    ),
    (
        "#36479 interface predicate removed",
        "a call off the registry singleton",
        K(
            "#36479",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            REG + "def aeon_rerank_lane(model_config) -> bool:\n"
            "    # AEON: cross-encoders go to the Spark's scoring lane\n"
            "    return ModelRegistry.is_cross_encoder_model(model_config.architectures, model_config)\n",
            "return ModelRegistry.is_cross_encoder_model(model_config.architectures, model_config)",
        ),
    ),
    (
        "#36479 interface predicate removed",
        "twin: a registry predicate kept",
        K(
            "#36479",
            SC,
            SCW,
            "vllm/aeon/sc3.py",
            REG + "def aeon_pools(model_config) -> bool:\n"
            "    return ModelRegistry.is_pooling_model(model_config.architectures, model_config)\n",
            "return ModelRegistry.is_pooling_model(model_config.architectures, model_config)",
        ),
    ),
]

# --- #41234 (f0feb15e7f): SupportsEncoderCudaGraph's num_items / per_item_output_tokens / per_item_input_sizes
#     folded into get_encoder_cudagraph_item_specs
EC = "f0feb15e7f"
ECW = "encoder cudagraph per-item hooks folded into get_encoder_cudagraph_item_specs"
QVL = "from vllm.model_executor.models.qwen2_vl import Qwen2VLForConditionalGeneration\n\n\n"
CASES += [
    (
        "#41234 protocol hook renamed",
        "a subclass override of the removed hook",
        K(
            "#41234",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            QVL + "class AeonQwen2VL(Qwen2VLForConditionalGeneration):\n"
            "    # AEON: the Spark pads every image to one grid, so the graph sees the padded count\n"
            "    def get_encoder_cudagraph_per_item_output_tokens(self, mm_kwargs):\n"
            "        return [self.aeon_tokens] * len(mm_kwargs['image_grid_thw'])\n",
            "def get_encoder_cudagraph_per_item_output_tokens(self, mm_kwargs):",
        ),
    ),
    (
        "#41234 protocol hook renamed",
        "a call on a receiver typed as the protocol",
        K(
            "#41234",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            "from vllm.model_executor.models.interfaces import SupportsEncoderCudaGraph\n\n\n"
            "def aeon_batch_items(model: SupportsEncoderCudaGraph, mm_kwargs) -> int:\n"
            "    return model.get_encoder_cudagraph_num_items(mm_kwargs)\n",
            "return model.get_encoder_cudagraph_num_items(mm_kwargs)",
        ),
    ),
    (
        "#41234 protocol hook renamed",
        "twin: an override of a hook kept",
        K(
            "#41234",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            QVL + "class AeonQwen2VL2(Qwen2VLForConditionalGeneration):\n"
            "    def get_encoder_cudagraph_config(self):\n"
            "        return super().get_encoder_cudagraph_config()\n",
            "def get_encoder_cudagraph_config(self):",
        ),
    ),
]

# --- #49934 (e2fa28594f): postprocess_encoder_output takes outputs (a dict), local_output removed
PE = "e2fa28594f"
PEW = "postprocess_encoder_output: output -> outputs dict, local_output removed"
S3 = "from vllm.model_executor.models.step3_vl import Step3VLForConditionalGeneration\n\n\n"
CASES += [
    (
        "#49934 hook keyword removed",
        "a keyword to the hook from a subclass",
        K(
            "#49934",
            PE,
            PEW,
            "vllm/aeon/pe1.py",
            S3 + "class AeonStep3VL(Step3VLForConditionalGeneration):\n"
            "    def aeon_scatter(self, out, local, indices, tokens, dest, mm_kwargs):\n"
            "        self.postprocess_encoder_output(out, indices, tokens, dest, batch_mm_kwargs=mm_kwargs, local_output=local)\n",
            "self.postprocess_encoder_output(out, indices, tokens, dest, batch_mm_kwargs=mm_kwargs, local_output=local)",
        ),
    ),
    (
        "#49934 hook keyword removed",
        "a subclass override on the old tensor parameter",
        K(
            "#49934",
            PE,
            PEW,
            "vllm/aeon/pe2.py",
            S3 + "class AeonStep3VL2(Step3VLForConditionalGeneration):\n"
            "    def postprocess_encoder_output(self, output, indices, per_item_out_tokens, dest, clone=False, batch_mm_kwargs=None, local_output=None):\n"
            "        # AEON: the Spark keeps the global features only\n"
            "        for idx, chunk in zip(indices, output.split(per_item_out_tokens)):\n"
            "            dest[idx] = chunk.clone() if clone else chunk\n",
            "for idx, chunk in zip(indices, output.split(per_item_out_tokens)):",
        ),
    ),
    (
        "#49934 hook keyword removed",
        "twin: an override handing everything to super()",
        K(
            "#49934",
            PE,
            PEW,
            "vllm/aeon/pe3.py",
            S3 + "class AeonStep3VL3(Step3VLForConditionalGeneration):\n"
            "    def postprocess_encoder_output(self, *args, **kwargs):\n"
            "        return super().postprocess_encoder_output(*args, **kwargs)\n",
            "return super().postprocess_encoder_output(*args, **kwargs)",
        ),
    ),
]

# --- #45128 (c9340e6f35): the InternLMForCausalLM registry alias removed (now a previously-supported version)
IL = "c9340e6f35"
ILW = "InternLMForCausalLM registry key removed"
CASES += [
    (
        "#45128 registry key removed",
        "a lookup of the key in the registry table",
        K(
            "#45128",
            IL,
            ILW,
            "vllm/aeon/il1.py",
            "from vllm.model_executor.models.registry import _TEXT_GENERATION_MODELS\n\n\n"
            "def aeon_internlm_module() -> str:\n"
            '    module, _cls = _TEXT_GENERATION_MODELS["InternLMForCausalLM"]\n'
            "    return module\n",
            'module, _cls = _TEXT_GENERATION_MODELS["InternLMForCausalLM"]',
        ),
    ),
    (
        "#45128 registry key removed",
        "an hf_overrides architecture literal",
        K(
            "#45128",
            IL,
            ILW,
            "vllm/aeon/il2.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_internlm_args(model: str) -> EngineArgs:\n"
            "    # AEON: the Spark's InternLM checkpoints load through the Llama path\n"
            '    return EngineArgs(model=model, hf_overrides={"architectures": ["InternLMForCausalLM"]})\n',
            'return EngineArgs(model=model, hf_overrides={"architectures": ["InternLMForCausalLM"]})',
        ),
    ),
    (
        "#45128 registry key removed",
        "twin: a key kept",
        K(
            "#45128",
            IL,
            ILW,
            "vllm/aeon/il3.py",
            "from vllm.model_executor.models.registry import _TEXT_GENERATION_MODELS\n\n\n"
            "def aeon_llama_module() -> str:\n"
            '    module, _cls = _TEXT_GENERATION_MODELS["LlamaForCausalLM"]\n'
            "    return module\n",
            'module, _cls = _TEXT_GENERATION_MODELS["LlamaForCausalLM"]',
        ),
    ),
]

# --- #28395 (d0e186c16f): context_len and seq_len removed from SupportsMRoPE.get_mrope_input_positions
MR = "d0e186c16f"
MRW = "get_mrope_input_positions(context_len=, seq_len=) removed"
CASES += [
    (
        "#28395 protocol keyword removed",
        "a keyword on a receiver typed as the protocol",
        K(
            "#28395",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            "from vllm.model_executor.models.interfaces import SupportsMRoPE\n\n\n"
            "def aeon_positions(model: SupportsMRoPE, tokens, hf_config, image_grid_thw, ctx, n):\n"
            "    # AEON: the Spark's prefix cache re-derives positions for the uncached tail only\n"
            "    return model.get_mrope_input_positions(tokens, hf_config, image_grid_thw, None, context_len=ctx, seq_len=n)\n",
            "return model.get_mrope_input_positions(tokens, hf_config, image_grid_thw, None, context_len=ctx, seq_len=n)",
        ),
    ),
    (
        "#28395 protocol keyword removed",
        "twin: the keywords kept",
        K(
            "#28395",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            "from vllm.model_executor.models.interfaces import SupportsMRoPE\n\n\n"
            "def aeon_positions2(model: SupportsMRoPE, tokens, hf_config, image_grid_thw):\n"
            "    return model.get_mrope_input_positions(tokens, hf_config, image_grid_thw, None, second_per_grid_ts=None)\n",
            "return model.get_mrope_input_positions(tokens, hf_config, image_grid_thw, None, second_per_grid_ts=None)",
        ),
    ),
]

# --- #32243 (232214b2ae): get_pooling_config's "normalize" key renamed "use_activation"
PN = "232214b2ae"
PNW = 'get_pooling_config()["normalize"] -> ["use_activation"]'
GPC = "from vllm.transformers_utils.config import get_pooling_config\n\n\n"
CASES += [
    (
        "#32243 returned dict key renamed",
        "a subscript of the returned mapping",
        K(
            "#32243",
            PN,
            PNW,
            "vllm/aeon/pn1.py",
            GPC + "def aeon_normalizes(model: str) -> bool:\n"
            "    # AEON: the Spark's embedding cache stores unit vectors only\n"
            "    config = get_pooling_config(model)\n"
            '    return config is not None and config["normalize"]\n',
            'return config is not None and config["normalize"]',
        ),
    ),
    (
        "#32243 returned dict key renamed",
        "a .get of the returned mapping",
        K(
            "#32243",
            PN,
            PNW,
            "vllm/aeon/pn2.py",
            GPC + "def aeon_normalizes2(model: str, revision: str) -> bool:\n"
            '    return bool((get_pooling_config(model, revision) or {}).get("normalize", False))\n',
            'return bool((get_pooling_config(model, revision) or {}).get("normalize", False))',
        ),
    ),
    (
        "#32243 returned dict key renamed",
        "twin: a key kept",
        K(
            "#32243",
            PN,
            PNW,
            "vllm/aeon/pn3.py",
            GPC + "def aeon_pooling_type(model: str):\n"
            "    config = get_pooling_config(model)\n"
            '    return config.get("seq_pooling_type") if config else None\n',
            'return config.get("seq_pooling_type") if config else None',
        ),
    ),
]

# --- #30170 (c46b932df2): SupportsMultiModal.merge_by_field_config defaults to None; False now refused
MB = "c46b932df2"
MBW = "merge_by_field_config default True -> None, False raises"
LLAVA = "from vllm.model_executor.models.llava import LlavaForConditionalGeneration\n\n\n"
CASES += [
    (
        "#30170 class attribute value refused",
        "a subclass setting the value now refused",
        K(
            "#30170",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            LLAVA + "class AeonLlava(LlavaForConditionalGeneration):\n"
            "    # AEON: the Spark's pixel batches are pre-flattened\n"
            "    merge_by_field_config = False\n",
            "merge_by_field_config = False",
        ),
    ),
    (
        "#30170 class attribute value refused",
        "a truthiness read of the flipped default",
        K(
            "#30170",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            "from vllm.model_executor.models.interfaces import SupportsMultiModal\n\n\n"
            "def aeon_merges(model: SupportsMultiModal) -> bool:\n"
            "    return bool(model.merge_by_field_config)\n",
            "return bool(model.merge_by_field_config)",
        ),
    ),
    (
        "#30170 class attribute value refused",
        "twin: a subclass without the attribute",
        K(
            "#30170",
            MB,
            MBW,
            "vllm/aeon/mb3.py",
            LLAVA + "class AeonLlava2(LlavaForConditionalGeneration):\n    aeon_lane = 'vision'\n",
            "aeon_lane = 'vision'",
        ),
    ),
]

# --- #29680 (f946a8d743): the repo helpers moved from transformers_utils.config to repo_utils (a few re-imported)
RU = "f946a8d743"
RUW = "get_model_path / file_exists moved to repo_utils"
CASES += [
    (
        "#29680 helper moved",
        "an import of a helper config.py no longer holds",
        K(
            "#29680",
            RU,
            RUW,
            "vllm/aeon/ru1.py",
            "from vllm.transformers_utils.config import get_model_path\n\n\n"
            "def aeon_local_dir(model: str) -> str:\n"
            "    return str(get_model_path(model))\n",
            "from vllm.transformers_utils.config import get_model_path",
        ),
    ),
    (
        "#29680 helper moved",
        "a module attribute call",
        K(
            "#29680",
            RU,
            RUW,
            "vllm/aeon/ru2.py",
            "from vllm.transformers_utils import config as hf_config_utils\n\n\n"
            "def aeon_has_tokenizer(model: str, revision: str) -> bool:\n"
            '    return hf_config_utils.file_exists(model, "tokenizer.json", revision=revision)\n',
            'return hf_config_utils.file_exists(model, "tokenizer.json", revision=revision)',
        ),
    ),
    (
        "#29680 helper moved",
        "twin: a helper config.py still re-imports",
        K(
            "#29680",
            RU,
            RUW,
            "vllm/aeon/ru3.py",
            "from vllm.transformers_utils.config import file_or_path_exists\n\n\n"
            "def aeon_has_modules(model: str, revision: str) -> bool:\n"
            '    return file_or_path_exists(model, "modules.json", revision)\n',
            "from vllm.transformers_utils.config import file_or_path_exists",
        ),
    ),
]

# --- #24277 (9fb74c27a7): ConfigFormat made a Literal of strings (was a str enum)
CF = "9fb74c27a7"
CFW = "ConfigFormat enum -> Literal"
CFI = "from vllm.transformers_utils.config import ConfigFormat, get_config\n\n\n"
CASES += [
    (
        "#24277 enum made a Literal",
        "an enum member as a keyword",
        K(
            "#24277",
            CF,
            CFW,
            "vllm/aeon/cf1.py",
            CFI + "def aeon_mistral_config(model: str):\n"
            "    # AEON: the Spark's Mistral checkpoints ship params.json only\n"
            "    return get_config(model, trust_remote_code=False, config_format=ConfigFormat.MISTRAL)\n",
            "return get_config(model, trust_remote_code=False, config_format=ConfigFormat.MISTRAL)",
        ),
    ),
    (
        "#24277 enum made a Literal",
        "the enum called on a value",
        K(
            "#24277",
            CF,
            CFW,
            "vllm/aeon/cf2.py",
            CFI + "def aeon_format(name: str) -> ConfigFormat:\n    return ConfigFormat(name)\n",
            "return ConfigFormat(name)",
        ),
    ),
    (
        "#24277 enum made a Literal",
        "twin: the string spelling",
        K(
            "#24277",
            CF,
            CFW,
            "vllm/aeon/cf3.py",
            "from vllm.transformers_utils.config import get_config\n\n\n"
            "def aeon_mistral_config2(model: str):\n"
            '    return get_config(model, trust_remote_code=False, config_format="mistral")\n',
            'return get_config(model, trust_remote_code=False, config_format="mistral")',
        ),
    ),
]

# --- #31541 (61e632aea1): a speculators algorithm updater is now called with pre_trained_config=, not vllm_config=
SP = "61e632aea1"
SPW = "speculator updaters called with pre_trained_config="
SPI = "from vllm.transformers_utils.configs.speculators.algos import register_speculator\n\n\n"
CASES += [
    (
        "#31541 callback keyword renamed",
        "a registered updater with the old parameter name",
        K(
            "#31541",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            SPI + '@register_speculator("aeon_mtp")\n'
            "def update_aeon_mtp(config_dict: dict, vllm_config: dict) -> None:\n"
            "    # AEON: the Spark's MTP drafter reuses the verifier's vocab\n"
            '    vllm_config["draft_vocab_size"] = config_dict.get("draft_vocab_size")\n',
            "def update_aeon_mtp(config_dict: dict, vllm_config: dict) -> None:",
        ),
    ),
    (
        "#31541 callback keyword renamed",
        "twin: an updater called positionally by the fork",
        K(
            "#31541",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "from vllm.transformers_utils.configs.speculators.algos import update_eagle3\n\n\n"
            "def aeon_eagle3(config_dict: dict) -> dict:\n"
            "    out: dict = {}\n"
            "    update_eagle3(config_dict, out)\n"
            "    return out\n",
            "update_eagle3(config_dict, out)",
        ),
    ),
]

# --- written after the blind run, to try the dropped-key class on two more registry commits
# #49786 (dbcc1cdd0a): OuroForCausalLM taken out of _TEXT_GENERATION_MODELS (a removed-in-version string now);
# #25708 (57329a8c01): NemotronH_Nano_VL renamed NemotronH_Nano_VL_V2 in _MULTIMODAL_MODELS
CASES += [
    (
        "#49786 registry key removed",
        "a module-attribute lookup of the key",
        K(
            "#49786",
            "dbcc1cdd0a",
            "OuroForCausalLM registry key removed",
            "vllm/aeon/ou1.py",
            "from vllm.model_executor.models import registry as model_registry\n\n\n"
            "def aeon_ouro_class() -> str:\n"
            '    return model_registry._TEXT_GENERATION_MODELS["OuroForCausalLM"][1]\n',
            'return model_registry._TEXT_GENERATION_MODELS["OuroForCausalLM"][1]',
        ),
    ),
    (
        "#49786 registry key removed",
        "twin: the removed-models table asked",
        K(
            "#49786",
            "dbcc1cdd0a",
            "OuroForCausalLM registry key removed",
            "vllm/aeon/ou2.py",
            "from vllm.model_executor.models import registry as model_registry\n\n\n"
            "def aeon_ouro_gone() -> bool:\n"
            '    return "OuroForCausalLM" not in model_registry._TEXT_GENERATION_MODELS\n',
            'return "OuroForCausalLM" not in model_registry._TEXT_GENERATION_MODELS',
        ),
    ),
    (
        "#25708 registry key renamed",
        "a lookup of the old key",
        K(
            "#25708",
            "57329a8c01",
            "NemotronH_Nano_VL -> NemotronH_Nano_VL_V2",
            "vllm/aeon/nn1.py",
            "from vllm.model_executor.models.registry import _MULTIMODAL_MODELS\n\n"
            'AEON_NANO_VL = _MULTIMODAL_MODELS["NemotronH_Nano_VL"]\n',
            'AEON_NANO_VL = _MULTIMODAL_MODELS["NemotronH_Nano_VL"]',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-hfconfig-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
