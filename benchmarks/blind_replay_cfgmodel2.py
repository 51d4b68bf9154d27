"""A blind replay of the model config (second pass): ``ModelConfig``'s helpers, tables and hooks a fork reads.

6 first-parent commits on ``vllm/config/model.py`` -- the config a Spark fork builds and reads in its NVFP4 and
speculative-decoding paths, and subclasses to override a few methods: ``get_num_experts`` now coercing an
explicit ``None`` to ``0``, ``_RUNNER_CONVERTS["pooling"]`` losing ``"reward"``, ``__post_init__`` given a new
first init-var ``language_model_only`` (a subclass's override with the old parameter list, a positional
``super().__post_init__``), ``is_encoder_decoder`` turned from a ``property`` into a ``cached_property``,
``SkipValidation`` no longer imported by the module, and ``ModelConfig.get_num_experts_per_tok()`` added and
called by the routed-experts capturer (a fork subclass's namesake with another signature now shadows it), with
``_get_num_experts_per_tok`` removed from the capturer -- picked by scanning the path's diff
(``git log --first-parent -p``), avoiding the commits ``blind_replay_cfgmodel``, ``_modelcfg``, ``_config`` and
``_vllmcfg`` use.  Each is replayed under 1-3 fork spellings written the way fork code is written (an ``is
None`` test of a helper's result, a membership test and an index of a module table, a subclass's override of
``__post_init__``, a ``property``'s ``fget`` off the class, an import, a subclass's namesake method), with twins
(fork code the commit does not break: a falsy test, a kept member, a ``*args`` override, a plain read, the kept
class, the new helper called as upstream calls it).  The merge base is the commit's first parent, upstream is
the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 06d35694): 4 caught, 1 warned, 5 missed of 10 (twins: 7
quiet, 0 false errors; one twin, #50940's namesake with the base's signature, warned as an override of a new
base method).  Symbol drift caught #34120's two (the override's old init-var list, the direct positional call),
#30695's import of ``SkipValidation`` and #50940's import of the removed helper; it warned on #50940's
namesake with a required parameter (the fork's own method now overriding a new base method).  The misses:
#28652's two (an ``is None`` / ``is not None`` test of ``get_num_experts()``, whose explicit None upstream now
coerces to 0: a dead branch, no error), #37808's two (a membership test of ``"reward"`` in
``_RUNNER_CONVERTS["pooling"]`` and an index ``[2]`` of that list, which lost it: a dead branch, an IndexError at
import) and #35099's ``ModelConfig.is_encoder_decoder.fget(cfg)`` (a ``cached_property`` has no ``fget``).
After the killers206 widenings: 8 caught, 1 warned, 1 missed of 10 (twins: 7 quiet, 0 false errors; the namesake twin still warned).  Caught
now: a result upstream coerced away from None, tested against None (``drift/coerced_returns.py``); a string
taken out of a module collection (a dict's list under a key too), tested with it
(``drift/grown_sets.py``'s ``shrunk_collection_drift``); a descriptor switched between ``property`` and
``cached_property``, the old kind's parts read off the class, the class imported through a package's re-export
(``drift/class_properties.py``'s ``descriptor_kind_drift``).  Still missed: #37808's index ``[2]`` of the
shrunk list (IndexError: positions of a shrunk collection are not read yet); still warned: #50940's namesake
with another signature (a subclass method a new base method is now called as: an error would need the base's
new callers read).
Regression set at the widenings' head (49a3bb4e): killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_kvconn2 15 caught, 6 warned of 21 (11 quiet, 1 warned; as before), review107_twins 6 caught, 2
warned of 8, 0 false errors of 34 (2 warned; as before), blind_replay_cfgmodel 21 caught, 1 warned of 22 (10
quiet; as before), blind_replay_loader2 18 caught, 3 warned of 21 (10 quiet, 1 warned; as before); unit tests
test_descriptor_kinds, test_coerced_returns, test_shrunk_collections, test_class_properties, test_grown_sets,
test_split_tables, test_fleet_profile pass.
After mend75: 9 caught, 1 warned, 0 missed of 10 (twins: 7 quiet, the namesake still warned, 0 false errors).  Caught
now: #37808's ``_RUNNER_CONVERTS["pooling"][2]`` (``drift/grown_sets.py``'s ``_reshaped_reads``: a module's list of
strings upstream reordered, grown or shrunk, read at a constant index whose string changed or is gone).

  python benchmarks/blind_replay_cfgmodel2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MC = "from vllm.config import ModelConfig\n\n\n"

# --- #28652 (b230286fbc): get_num_experts() coerces an explicit None to 0
NE = "b230286fbc"
NEW = "ModelConfig.get_num_experts returns 0 where it returned None"
CASES += [
    (
        "#28652 return value changed",
        "an is None test of the helper's result",
        K(
            "#28652",
            NE,
            NEW,
            "vllm/aeon/ne1.py",
            MC + "def aeon_nvfp4_moe_path(model_config: ModelConfig) -> str:\n"
            "    # AEON: the Spark's NVFP4 path keys the dense fallback on a config with no expert count\n"
            "    if model_config.get_num_experts() is None:\n"
            '        return "dense"\n'
            '    return "moe"\n',
            "if model_config.get_num_experts() is None:",
        ),
    ),
    (
        "#28652 return value changed",
        "an is not None test of a stored result",
        K(
            "#28652",
            NE,
            NEW,
            "vllm/aeon/ne2.py",
            MC + "def aeon_is_moe(model_config: ModelConfig) -> bool:\n"
            "    # AEON: the Spark's draft model shares the target's expert layout only when it has one\n"
            "    n_experts = model_config.get_num_experts()\n"
            "    return n_experts is not None\n",
            "return n_experts is not None",
        ),
    ),
    (
        "#28652 return value changed",
        "twin: a falsy test of the result",
        K(
            "#28652",
            NE,
            NEW,
            "vllm/aeon/ne3.py",
            MC + "def aeon_dense(model_config: ModelConfig) -> bool:\n"
            "    # AEON: the Spark's NVFP4 path keys the dense fallback on a config with no experts\n"
            "    return not model_config.get_num_experts()\n",
            "return not model_config.get_num_experts()",
        ),
    ),
]

# --- #37808 (45bd5c8e75): "reward" dropped from _RUNNER_CONVERTS["pooling"]
RC = "45bd5c8e75"
RCW = '_RUNNER_CONVERTS["pooling"] loses "reward"'
RCI = "from vllm.config.model import _RUNNER_CONVERTS\n\n\n"
CASES += [
    (
        "#37808 table entry removed",
        "a membership test of the literal",
        K(
            "#37808",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            RCI + "def aeon_reward_convert() -> str | None:\n"
            "    # AEON: the Spark serves its reward head through the pooling runner\n"
            '    if "reward" in _RUNNER_CONVERTS["pooling"]:\n'
            '        return "reward"\n'
            "    return None\n",
            'if "reward" in _RUNNER_CONVERTS["pooling"]:',
        ),
    ),
    (
        "#37808 table entry removed",
        "an index of the list",
        K(
            "#37808",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            RCI + "# AEON: the Spark's reward head converts with the pooling runner's third convert\n"
            'AEON_REWARD_CONVERT = _RUNNER_CONVERTS["pooling"][2]\n',
            'AEON_REWARD_CONVERT = _RUNNER_CONVERTS["pooling"][2]',
        ),
    ),
    (
        "#37808 table entry removed",
        "twin: a kept member",
        K(
            "#37808",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            RCI + "def aeon_can_classify() -> bool:\n"
            "    # AEON: the Spark's classifier heads go through the pooling runner\n"
            '    return "classify" in _RUNNER_CONVERTS["pooling"]\n',
            'return "classify" in _RUNNER_CONVERTS["pooling"]',
        ),
    ),
]

# --- #34120 (64a9c2528b): __post_init__ given a new first init-var, language_model_only
LM = "64a9c2528b"
LMW = "ModelConfig.__post_init__ gains language_model_only before limit_mm_per_prompt"
PI = (
    "limit_mm_per_prompt, enable_mm_embeds, media_io_kwargs, mm_processor_kwargs, mm_processor_cache_gb, "
    "mm_processor_cache_type, mm_shm_cache_max_object_size_mb, mm_encoder_only, mm_encoder_tp_mode, "
    "mm_encoder_attn_backend, interleave_mm_strings, skip_mm_profiling, video_pruning_rate"
)
CASES += [
    (
        "#34120 init-var inserted",
        "a subclass's override with the old parameters, a positional super()",
        K(
            "#34120",
            LM,
            LMW,
            "vllm/aeon/lm1.py",
            MC + "class AeonModelConfig(ModelConfig):\n"
            f"    def __post_init__(self, {PI}) -> None:\n"
            "        # AEON: the Spark caps the multimodal cache before the base resolves it\n"
            "        mm_processor_cache_gb = min(mm_processor_cache_gb or 4, 4)\n"
            f"        super().__post_init__({PI})\n",
            f"        super().__post_init__({PI})",
        ),
    ),
    (
        "#34120 init-var inserted",
        "a direct call of the base's hook",
        K(
            "#34120",
            LM,
            LMW,
            "vllm/aeon/lm2.py",
            MC + "def aeon_reinit(cfg: ModelConfig) -> None:\n"
            "    # AEON: the Spark re-resolves a config after swapping in the NVFP4 checkpoint\n"
            "    ModelConfig.__post_init__(cfg, None, None, None, None, None, None, None, None, None, None, None, None, None)\n",
            "    ModelConfig.__post_init__(cfg, None, None, None, None, None, None, None, None, None, None, None, None, None)",
        ),
    ),
    (
        "#34120 init-var inserted",
        "twin: an *args override",
        K(
            "#34120",
            LM,
            LMW,
            "vllm/aeon/lm3.py",
            MC + "class AeonModelConfig2(ModelConfig):\n"
            "    def __post_init__(self, *args, **kwargs) -> None:\n"
            "        # AEON: the Spark logs every config it resolves\n"
            "        super().__post_init__(*args, **kwargs)\n",
            "        super().__post_init__(*args, **kwargs)",
        ),
    ),
    (
        "#34120 init-var inserted",
        "twin: a keyword build",
        K(
            "#34120",
            LM,
            LMW,
            "vllm/aeon/lm4.py",
            MC + "def aeon_build(model: str) -> ModelConfig:\n"
            "    # AEON: the Spark caps images per prompt on its unified memory\n"
            '    return ModelConfig(model=model, limit_mm_per_prompt={"image": 2})\n',
            '    return ModelConfig(model=model, limit_mm_per_prompt={"image": 2})',
        ),
    ),
]

# --- #35099 (80d93fd6da): is_encoder_decoder turned from a property into a cached_property
ED = "80d93fd6da"
EDW = "ModelConfig.is_encoder_decoder: property -> cached_property"
CASES += [
    (
        "#35099 property kind changed",
        "a property's fget off the class",
        K(
            "#35099",
            ED,
            EDW,
            "vllm/aeon/ed1.py",
            MC + "def aeon_fresh_is_encdec(cfg: ModelConfig) -> bool:\n"
            "    # AEON: the Spark swaps hf_config for its NVFP4 checkpoint, so it reads the flag fresh\n"
            "    return ModelConfig.is_encoder_decoder.fget(cfg)\n",
            "    return ModelConfig.is_encoder_decoder.fget(cfg)",
        ),
    ),
    (
        "#35099 property kind changed",
        "twin: a plain read",
        K(
            "#35099",
            ED,
            EDW,
            "vllm/aeon/ed2.py",
            MC + "def aeon_is_encdec(cfg: ModelConfig) -> bool:\n"
            "    # AEON: the Spark skips its draft path on encoder-decoder models\n"
            "    return cfg.is_encoder_decoder\n",
            "    return cfg.is_encoder_decoder",
        ),
    ),
]

# --- #30695 (970713d4a4): SkipValidation no longer imported by vllm.config.model
SV = "970713d4a4"
SVW = "SkipValidation dropped from vllm.config.model's imports"
CASES += [
    (
        "#30695 re-exported name removed",
        "an import through the module",
        K(
            "#30695",
            SV,
            SVW,
            "vllm/aeon/sv1.py",
            "from vllm.config.model import ModelConfig, SkipValidation\n\n\n"
            "class AeonSpecModelConfig(ModelConfig):\n"
            "    # AEON: the Spark's draft config is filled in after the engine starts\n"
            "    aeon_draft_len: SkipValidation[int] = None\n",
            "from vllm.config.model import ModelConfig, SkipValidation",
        ),
    ),
    (
        "#30695 re-exported name removed",
        "twin: the kept class",
        K(
            "#30695",
            SV,
            SVW,
            "vllm/aeon/sv2.py",
            "from vllm.config.model import ModelConfig\n\n\n"
            "def aeon_max_len(cfg: ModelConfig) -> int:\n"
            "    # AEON: the Spark caps the context on its unified memory\n"
            "    return min(cfg.max_model_len, 131072)\n",
            "    return min(cfg.max_model_len, 131072)",
        ),
    ),
]

# --- #50940 (6153dbe036): ModelConfig.get_num_experts_per_tok() added, called by the capturer; the capturer's
#     _get_num_experts_per_tok removed
EP = "6153dbe036"
EPW = "ModelConfig.get_num_experts_per_tok() added and called; capturer's _get_num_experts_per_tok removed"
CASES += [
    (
        "#50940 base method added",
        "a subclass's namesake with a required parameter",
        K(
            "#50940",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            MC + "class AeonMoeModelConfig(ModelConfig):\n"
            "    # AEON: the Spark's NVFP4 MoE layers route a different top-k per layer\n"
            "    def get_num_experts_per_tok(self, layer_idx: int) -> int:\n"
            "        return 8 if layer_idx < 4 else 4\n",
            "    def get_num_experts_per_tok(self, layer_idx: int) -> int:",
        ),
    ),
    (
        "#50940 helper removed",
        "an import of the removed helper",
        K(
            "#50940",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            "from vllm.model_executor.layers.fused_moe.routed_experts_capturer import _get_num_experts_per_tok\n\n\n"
            "def aeon_topk(hf_config) -> int:\n"
            "    # AEON: the Spark sizes its expert-replay buffer by the routed top-k\n"
            "    return _get_num_experts_per_tok(hf_config)\n",
            "from vllm.model_executor.layers.fused_moe.routed_experts_capturer import _get_num_experts_per_tok",
        ),
    ),
    (
        "#50940 base method added",
        "twin: a subclass's namesake with the base's signature",
        K(
            "#50940",
            EP,
            EPW,
            "vllm/aeon/ep3.py",
            MC + "class AeonMoeModelConfig2(ModelConfig):\n"
            "    # AEON: the Spark's NVFP4 MoE layers route a fixed top-k\n"
            "    def get_num_experts_per_tok(self) -> int:\n"
            "        return 8\n",
            "    def get_num_experts_per_tok(self) -> int:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-cfgmodel2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
