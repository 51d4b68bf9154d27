"""A blind replay of the model and speculative configs a fork's model, runner and drafter carries build, subclass or read.

10 first-parent commits on ``vllm/config/{model,speculative}.py`` -- the configs a fork that serves its own
checkpoints (NVFP4, EAGLE/MTP drafters) subclasses, reads and builds: ``ModelConfig.supported_tasks`` and its
``_get_supported_*_tasks`` helpers removed, ``get_total_num_hidden_layers`` and ``get_num_experts`` added to
``ModelConfig`` and called by upstream's own methods (a fork subclass's namesake of another shape or meaning is now
called in their place), ``_find_dtype`` and ``_parse_quant_hf_config`` removed with ``model_arch_config`` inserted
before ``_get_and_verify_max_len``'s ``tokenizer_config``, ``is_mm_prefix_lm`` turned from a ``cached_property``
into a read-only ``property``, ``_get_runner_type`` given a required ``convert``, ``__post_init__`` given a new
init-only ``video_pruning_rate``, ``--convert reward`` resolved to ``"embed"``, ``vllm_is_batch_invariant`` no
longer imported into ``vllm.config.model``, and ``SpeculativeConfig.max_num_new_slots_for_drafting`` now counting
DFlash's bonus query slot -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits every other replay uses (``blind_replay_modelcfg``, ``_specconf``, ``_config``, ``_cfgparts``, ``_vllmcfg``,
``_pooling``, ``_speed`` cover parts of this surface).  Each is replayed under 1-3 fork spellings written the way
fork code is written (a read off a receiver typed as the class, a subclass's override the base no longer calls or
now calls with another shape, a ``super()`` call, an import, a positional call, an assignment to a property, a
seed of a cached property's slot, a comparison with a literal, an addition on top of a count), with twins (fork
code the commit does not break: a kept attribute, a kept hook, the fork's own name, a keyword call, a ``*args``
override).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their
line.

Blind, on the engine before any widening (main at 6b4f6ff3): 13 caught, 3 warned, 6 missed of 22 (twins: 10
quiet, 0 false errors).  Symbol drift caught the removed attribute, helpers and re-export (#25642, #28454,
#27660: a typed read, a ``super()`` call, an override the base no longer calls, imports), the inserted and the
added parameter (#28454's positional and keyword calls of ``_get_and_verify_max_len``, #42935's override and
call of ``_get_runner_type``) and the fork namesakes of another signature (#28961, #22650); offset drift caught
#51256's subclass ``slots += 1`` over ``super()``.  Warned: the two namesakes of the same signature (#28961's
count of the MTP layers too; #22650's ``-> list[int]``) and #22980's ``__post_init__`` of the old nine
init-only parameters (its ``super().__post_init__(...)`` was an error, its ``def`` -- the line that breaks, the
dataclass's ``__init__`` passing every ``InitVar`` -- nothing).  The misses: #40701's three (a store to a
``cached_property`` made a read-only ``property``: AttributeError; a value seeded into the instance's
``__dict__``, never read back; a drop of the cached value after patching ``hf_config``, which the property no
longer reads), #30463's two (a comparison of ``convert_type`` with ``"reward"``, which ``_get_convert_type`` now
rewrites to ``"embed"``: dead, silently) and #51256's call-site ``+ (1 if spec.use_dflash() else 0)``.
After the killers190 widenings, with #51256's first (wrong) spellings: 21 caught, 1 warned, 0 missed of 22 (twins:
10 quiet, 0 false errors; corrected below).  Caught
now: a ``cached_property`` upstream made a ``property`` closes its name -- a store raises, a seed of the
instance dict is never read back, a drop after patching a member the property no longer reads never reaches
the value (``drift/read_only.py``); an offset taken under a flag, ``+ (1 if c else 0)`` (``drift/offsets.py``);
a fork ``__post_init__`` over a base whose init-only parameters upstream changed (``drift/symbols.py``); a fork
namesake whose return annotation is another kind than the new hook's, where upstream uses the value
(``drift/new_hooks.py``); a comparison of a field with a value upstream's method now rewrites before the class
stores it (``drift/rewritten_values.py``, new).  Warned still: #28961's namesake of the same signature and return
kind, which counts the MTP layers too -- the text cannot tell what a count counts.
Regression set at the widenings' head (bcdccc4c): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_modelcfg 14 caught, 8 warned, 2 missed of 24 (11 quiet), blind_replay_engine 28/28 (19 quiet),
blind_replay_toolparsers 18/18 (12 quiet, 1 warned), blind_replay_specconf 32 caught, 1 warned of 33 (16 quiet, 1
warned, the 1 contested false), blind_replay_sampling 21/21 (12 quiet), blind_replay_rope 20 caught, 1 warned of
21 (11 quiet), blind_replay_compwrap 22/22 (12 quiet), review26_twins 9/9 (0 false of 36), review31_twins 5
caught, 1 warned of 6 (0 false of 41, 1 warned), review48_twins 7/7 (0 false of 41, 10 warned): each as before
(b4806dfc then only narrowed the rewrite check to a test on the method's own path: 12 passed, #30463 2/2);
``symbol_precision.py --windows 1`` at b4806dfc: 0 false errors (window 0: 5 broken overrides, 4 caught, 8
warnings, as before).
Corrected after review98 (revDF): the three #51256 spellings called ``max_num_new_slots_for_drafting()``, which is
a ``@property`` at the base, so each raised TypeError before the merge as well: not fork code, and the subclass's
"catch" paired with upstream's ``- 1`` in another branch.  They now read the property (the override a ``@property``
over ``super()``'s value).  On the blind engine (6b4f6ff3) both killers are missed; on the landing's engine too
(offset drift follows calls, not property reads).  So, honestly: blind 12 caught, 3 warned, 7 missed of 22; after
the widenings 19 caught, 1 warned, 2 missed of 22 (twins: 10 quiet, 0 false errors).
After mend68 (``drift/offsets.py`` follows a ``@property`` read off a receiver typed as its class, and
``super().name`` in a subclass's property override, pairing a flagged addend only with the getter's change under
the same test -- #51256's new ``if self.use_dflash()`` branch): both #51256 killers caught, 21 caught, 1 warned, 0
missed of 22 (twins: 10 quiet, 0 false errors).

  python benchmarks/blind_replay_cfgmodel.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MC = "from vllm.config.model import ModelConfig\n\n\n"

# --- #25642 (7f570f1caa): ModelConfig.supported_tasks and its _get_supported_*_tasks helpers removed
ST = "7f570f1caa"
STW = "ModelConfig.supported_tasks and _get_supported_{generation,pooling,}_tasks removed"
CASES += [
    (
        "#25642 attribute removed",
        "a read off a receiver typed as the class",
        K(
            "#25642",
            ST,
            STW,
            "vllm/aeon/st1.py",
            MC + "def aeon_can_generate(model_config: ModelConfig) -> bool:\n"
            "    # AEON: the Spark's router sends only generate-capable models to the decode pool\n"
            '    return "generate" in model_config.supported_tasks\n',
            'return "generate" in model_config.supported_tasks',
        ),
    ),
    (
        "#25642 method removed",
        "a subclass override's super() call",
        K(
            "#25642",
            ST,
            STW,
            "vllm/aeon/st2.py",
            MC + "class AeonModelConfig(ModelConfig):\n"
            "    def _get_supported_generation_tasks(self, architectures, convert_type):\n"
            "        # AEON: the Spark's speech front end adds transcription to its LM\n"
            "        tasks = super()._get_supported_generation_tasks(architectures, convert_type)\n"
            '        return [*tasks, "transcription"]\n',
            "tasks = super()._get_supported_generation_tasks(architectures, convert_type)",
        ),
    ),
    (
        "#25642 method removed",
        "a subclass override the base no longer calls",
        K(
            "#25642",
            ST,
            STW,
            "vllm/aeon/st3.py",
            MC + "class AeonPoolingModelConfig(ModelConfig):\n"
            "    # AEON: the Spark's reranker serves only classify\n"
            "    def _get_supported_pooling_tasks(self, architectures, convert_type):\n"
            '        return ["classify"]\n',
            "def _get_supported_pooling_tasks(self, architectures, convert_type):",
        ),
    ),
    (
        "#25642 attribute removed",
        "twin: a kept attribute and a kept hook",
        K(
            "#25642",
            ST,
            STW,
            "vllm/aeon/st4.py",
            MC + "class AeonEmbedModelConfig(ModelConfig):\n"
            "    def _get_default_pooling_task(self, architectures):\n"
            '        return "embed"\n\n\n'
            "def aeon_is_pooling(model_config: ModelConfig) -> bool:\n"
            '    return model_config.runner_type == "pooling"\n',
            'return model_config.runner_type == "pooling"',
        ),
    ),
]

# --- #28961 (ba558c029a): ModelConfig.get_total_num_hidden_layers() added, called by get_layers_start_end_indices
TL = "ba558c029a"
TLW = "ModelConfig.get_total_num_hidden_layers() added and called by get_layers_start_end_indices"
CASES += [
    (
        "#28961 method added under a fork namesake",
        "a subclass's namesake with a parameter",
        K(
            "#28961",
            TL,
            TLW,
            "vllm/aeon/tl1.py",
            "from vllm.config.model import ModelConfig\nfrom vllm.config.parallel import ParallelConfig\n\n\n"
            "class AeonModelConfig(ModelConfig):\n"
            "    def get_total_num_hidden_layers(self, parallel_config: ParallelConfig) -> int:\n"
            "        # AEON: the Spark's report counts the layers of every pipeline stage\n"
            "        start, end = self.get_layers_start_end_indices(parallel_config)\n"
            "        return (end - start) * parallel_config.pipeline_parallel_size\n",
            "def get_total_num_hidden_layers(self, parallel_config: ParallelConfig) -> int:",
        ),
    ),
    (
        "#28961 method added under a fork namesake",
        "a subclass's namesake of another meaning",
        K(
            "#28961",
            TL,
            TLW,
            "vllm/aeon/tl2.py",
            MC + "class AeonMtpModelConfig(ModelConfig):\n"
            "    def get_total_num_hidden_layers(self) -> int:\n"
            "        # AEON: the Spark's weight budget counts the MTP layers with the trunk's\n"
            '        trunk = getattr(self.hf_text_config, "num_hidden_layers", 0)\n'
            '        return trunk + getattr(self.hf_text_config, "num_nextn_predict_layers", 0)\n',
            "def get_total_num_hidden_layers(self) -> int:",
        ),
    ),
    (
        "#28961 method added under a fork namesake",
        "twin: the fork's own name",
        K(
            "#28961",
            TL,
            TLW,
            "vllm/aeon/tl3.py",
            MC + "class AeonBudgetModelConfig(ModelConfig):\n"
            "    def aeon_total_layers_with_mtp(self) -> int:\n"
            '        trunk = getattr(self.hf_text_config, "num_hidden_layers", 0)\n'
            '        return trunk + getattr(self.hf_text_config, "num_nextn_predict_layers", 0)\n',
            "def aeon_total_layers_with_mtp(self) -> int:",
        ),
    ),
]

# --- #22650 (10d765482d): ModelConfig.get_num_experts() added, called by the backend class and the EP check
NE = "10d765482d"
NEW = "ModelConfig.get_num_experts() added and called by _verify_with_expert_parallelism"
CASES += [
    (
        "#22650 method added under a fork namesake",
        "a subclass's namesake with a parameter",
        K(
            "#22650",
            NE,
            NEW,
            "vllm/aeon/ne1.py",
            "from vllm.config.model import ModelConfig\nfrom vllm.config.parallel import ParallelConfig\n\n\n"
            "class AeonMoeModelConfig(ModelConfig):\n"
            "    def get_num_experts(self, parallel_config: ParallelConfig) -> int:\n"
            "        # AEON: the Spark places the experts of one EP rank per GB10\n"
            '        total = getattr(self.hf_text_config, "num_local_experts", 0)\n'
            "        return total // max(1, parallel_config.data_parallel_size)\n",
            "def get_num_experts(self, parallel_config: ParallelConfig) -> int:",
        ),
    ),
    (
        "#22650 method added under a fork namesake",
        "a subclass's namesake returning another type",
        K(
            "#22650",
            NE,
            NEW,
            "vllm/aeon/ne3.py",
            MC + "class AeonLayerMoeModelConfig(ModelConfig):\n"
            "    def get_num_experts(self) -> list[int]:\n"
            "        # AEON: the Spark's planner reads the experts of each MoE layer\n"
            '        per_layer = getattr(self.hf_text_config, "num_experts_per_layer", None)\n'
            '        return list(per_layer or [getattr(self.hf_text_config, "num_local_experts", 0)])\n',
            "def get_num_experts(self) -> list[int]:",
        ),
    ),
    (
        "#22650 method added under a fork namesake",
        "twin: the fork's own name",
        K(
            "#22650",
            NE,
            NEW,
            "vllm/aeon/ne2.py",
            "from vllm.config.model import ModelConfig\nfrom vllm.config.parallel import ParallelConfig\n\n\n"
            "class AeonEpModelConfig(ModelConfig):\n"
            "    def aeon_local_experts(self, parallel_config: ParallelConfig) -> int:\n"
            '        total = getattr(self.hf_text_config, "num_local_experts", 0)\n'
            "        return total // max(1, parallel_config.data_parallel_size)\n",
            "def aeon_local_experts(self, parallel_config: ParallelConfig) -> int:",
        ),
    ),
]

# --- #28454 (0eee877f67): the hf_config readers moved to model_arch_config
AC = "0eee877f67"
ACW = "_find_dtype and _parse_quant_hf_config removed; model_arch_config inserted in _get_and_verify_max_len"
CASES += [
    (
        "#28454 function removed",
        "an import of a removed helper",
        K(
            "#28454",
            AC,
            ACW,
            "vllm/aeon/ac1.py",
            "from vllm.config.model import _find_dtype\n\n\n"
            "def aeon_checkpoint_dtype(model_id: str, hf_config):\n"
            "    # AEON: the Spark's NVFP4 loader keeps the unquantized layers in the checkpoint's dtype\n"
            "    return _find_dtype(model_id, hf_config, revision=None)\n",
            "from vllm.config.model import _find_dtype",
        ),
    ),
    (
        "#28454 parameter inserted",
        "a positional call past the insertion",
        K(
            "#28454",
            AC,
            ACW,
            "vllm/aeon/ac2.py",
            "from vllm.config.model import _get_and_verify_max_len\n\n\n"
            "def aeon_draft_max_len(hf_config, tokenizer_config, requested: int | None) -> int:\n"
            "    # AEON: the Spark sizes its EAGLE drafter's context before it builds the draft config\n"
            "    return _get_and_verify_max_len(hf_config, tokenizer_config, requested, False, None)\n",
            "return _get_and_verify_max_len(hf_config, tokenizer_config, requested, False, None)",
        ),
    ),
    (
        "#28454 method removed",
        "a subclass override the base no longer calls",
        K(
            "#28454",
            AC,
            ACW,
            "vllm/aeon/ac3.py",
            MC + "class AeonNvfp4ModelConfig(ModelConfig):\n"
            "    def _parse_quant_hf_config(self, hf_config):\n"
            "        # AEON: the Spark's NVFP4 exports name their algo in lower case\n"
            "        quant_cfg = super()._parse_quant_hf_config(hf_config)\n"
            '        if quant_cfg and quant_cfg.get("quant_algo") == "nvfp4":\n'
            '            quant_cfg["quant_method"] = "modelopt_fp4"\n'
            "        return quant_cfg\n",
            "def _parse_quant_hf_config(self, hf_config):",
        ),
    ),
    (
        "#28454 parameter inserted",
        "a keyword call without the new parameter",
        K(
            "#28454",
            AC,
            ACW,
            "vllm/aeon/ac5.py",
            "from vllm.config import model as model_cfg\n\n\n"
            "def aeon_target_max_len(hf_config, requested: int | None) -> int:\n"
            "    return model_cfg._get_and_verify_max_len(\n"
            "        hf_config=hf_config,\n"
            "        tokenizer_config=None,\n"
            "        max_model_len=requested,\n"
            "        disable_sliding_window=False,\n"
            "        sliding_window=None,\n"
            "    )\n",
            "return model_cfg._get_and_verify_max_len(",
        ),
    ),
    (
        "#28454 parameter inserted",
        "twin: a kept helper called by keyword",
        K(
            "#28454",
            AC,
            ACW,
            "vllm/aeon/ac4.py",
            "from vllm.config.model import _get_and_verify_dtype\n\n\n"
            "def aeon_dtype(model_id: str, hf_config):\n"
            '    return _get_and_verify_dtype(model_id, hf_config, "auto", is_pooling_model=False, revision=None)\n',
            'return _get_and_verify_dtype(model_id, hf_config, "auto", is_pooling_model=False, revision=None)',
        ),
    ),
]

# --- #40701 (da1e7311ca): ModelConfig.is_mm_prefix_lm a read-only property, no longer a cached_property
PL = "da1e7311ca"
PLW = "ModelConfig.is_mm_prefix_lm cached_property -> property"
CASES += [
    (
        "#40701 cached_property made property",
        "an assignment to the attribute",
        K(
            "#40701",
            PL,
            PLW,
            "vllm/aeon/pl1.py",
            MC + "def aeon_force_bidirectional(model_config: ModelConfig) -> None:\n"
            "    # AEON: the Spark's VLM checkpoint lacks is_mm_prefix_lm in its config\n"
            "    model_config.is_mm_prefix_lm = True\n",
            "model_config.is_mm_prefix_lm = True",
        ),
    ),
    (
        "#40701 cached_property made property",
        "a seed of the cached slot in __dict__",
        K(
            "#40701",
            PL,
            PLW,
            "vllm/aeon/pl2.py",
            MC + "class AeonVlmModelConfig(ModelConfig):\n"
            "    def aeon_seed_prefix_lm(self, enabled: bool) -> None:\n"
            "        # AEON: the Spark decides bidirectional image attention per deployment\n"
            '        self.__dict__["is_mm_prefix_lm"] = enabled\n',
            'self.__dict__["is_mm_prefix_lm"] = enabled',
        ),
    ),
    (
        "#40701 cached_property made property",
        "a pop of the cached value after patching hf_config",
        K(
            "#40701",
            PL,
            PLW,
            "vllm/aeon/pl4.py",
            MC + "def aeon_patch_prefix_lm(model_config: ModelConfig, enabled: bool) -> None:\n"
            "    # AEON: the Spark patches the flag into hf_config, then drops the stale cached value\n"
            "    model_config.hf_config.is_mm_prefix_lm = enabled\n"
            '    model_config.__dict__.pop("is_mm_prefix_lm", None)\n',
            'model_config.__dict__.pop("is_mm_prefix_lm", None)',
        ),
    ),
    (
        "#40701 cached_property made property",
        "twin: a read",
        K(
            "#40701",
            PL,
            PLW,
            "vllm/aeon/pl3.py",
            MC + "def aeon_uses_bidirectional(model_config: ModelConfig) -> bool:\n"
            "    return bool(model_config.is_mm_prefix_lm)\n",
            "return bool(model_config.is_mm_prefix_lm)",
        ),
    ),
]

# --- #42935 (b12745e4f3): ModelConfig._get_runner_type given a required convert
RT = "b12745e4f3"
RTW = "_get_runner_type(convert) added and passed by __post_init__"
CASES += [
    (
        "#42935 parameter added",
        "a subclass override of the old shape",
        K(
            "#42935",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            MC + "class AeonRunnerModelConfig(ModelConfig):\n"
            "    def _get_runner_type(self, architectures, runner):\n"
            "        # AEON: the Spark runs its reward heads as pooling models\n"
            '        if any(a.endswith("RewardModel") for a in architectures):\n'
            '            return "pooling"\n'
            "        return super()._get_runner_type(architectures, runner)\n",
            "def _get_runner_type(self, architectures, runner):",
        ),
    ),
    (
        "#42935 parameter added",
        "a call of the old shape",
        K(
            "#42935",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            MC + "def aeon_default_runner(model_config: ModelConfig) -> str:\n"
            "    # AEON: the Spark's admission check predicts the runner before the engine starts\n"
            '    return model_config._get_runner_type(model_config.architectures, "auto")\n',
            'return model_config._get_runner_type(model_config.architectures, "auto")',
        ),
    ),
    (
        "#42935 parameter added",
        "twin: an override that passes *args on",
        K(
            "#42935",
            RT,
            RTW,
            "vllm/aeon/rt3.py",
            MC + "class AeonRunnerModelConfig2(ModelConfig):\n"
            "    def _get_runner_type(self, architectures, runner, *args):\n"
            '        if any(a.endswith("RewardModel") for a in architectures):\n'
            '            return "pooling"\n'
            "        return super()._get_runner_type(architectures, runner, *args)\n",
            "return super()._get_runner_type(architectures, runner, *args)",
        ),
    ),
]

# --- #22980 (392edee34a): ModelConfig.__post_init__ given the init-only video_pruning_rate
PP = "392edee34a"
PPW = "ModelConfig.__post_init__(video_pruning_rate) InitVar added"
PPARGS = (
    "limit_mm_per_prompt, media_io_kwargs, mm_processor_kwargs, mm_processor_cache_gb, mm_processor_cache_type, "
    "mm_shm_cache_max_object_size_mb, mm_encoder_tp_mode, interleave_mm_strings, skip_mm_profiling"
)
CASES += [
    (
        "#22980 init-only field added",
        "a subclass __post_init__ of the old shape",
        K(
            "#22980",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            MC + "class AeonMmModelConfig(ModelConfig):\n"
            f"    def __post_init__(self, {PPARGS}) -> None:\n"
            "        # AEON: the Spark caps the mm processor cache on its unified memory\n"
            "        mm_processor_cache_gb = min(mm_processor_cache_gb or 4.0, 4.0)\n"
            f"        super().__post_init__({PPARGS})\n",
            f"    def __post_init__(self, {PPARGS}) -> None:",
        ),
    ),
    (
        "#22980 init-only field added",
        "twin: a __post_init__ that passes *args on",
        K(
            "#22980",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            MC + "class AeonMmModelConfig2(ModelConfig):\n"
            "    def __post_init__(self, *args, **kwargs) -> None:\n"
            "        super().__post_init__(*args, **kwargs)\n"
            "        self.aeon_ready = True\n",
            "super().__post_init__(*args, **kwargs)",
        ),
    ),
]

# --- #30463 (a5f9fb5960): --convert reward resolved to "embed"
CR = "a5f9fb5960"
CRW = '_get_convert_type maps "reward" to "embed"'
CASES += [
    (
        "#30463 value no longer produced",
        "a comparison with the retired literal",
        K(
            "#30463",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            MC + "def aeon_pooler_kind(model_config: ModelConfig) -> str:\n"
            "    # AEON: the Spark's RLHF reward heads return per-token scores\n"
            '    if model_config.convert_type == "reward":\n'
            '        return "token"\n'
            '    return "sequence"\n',
            'if model_config.convert_type == "reward":',
        ),
    ),
    (
        "#30463 value no longer produced",
        "a membership test holding the retired literal",
        K(
            "#30463",
            CR,
            CRW,
            "vllm/aeon/cr3.py",
            MC + "class AeonScoringModelConfig(ModelConfig):\n"
            "    def aeon_scores_sequences(self) -> bool:\n"
            "        # AEON: the Spark's scorer pool takes reward and classify heads\n"
            '        return self.convert_type in ("reward", "classify")\n',
            'return self.convert_type in ("reward", "classify")',
        ),
    ),
    (
        "#30463 value no longer produced",
        "twin: a comparison with a kept literal",
        K(
            "#30463",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            MC + "def aeon_is_embed(model_config: ModelConfig) -> bool:\n"
            '    return model_config.convert_type == "embed"\n',
            'return model_config.convert_type == "embed"',
        ),
    ),
]

# --- #27660 (e7acb20076): vllm_is_batch_invariant no longer imported into vllm.config.model
BI = "e7acb20076"
BIW = "vllm.config.model no longer imports vllm_is_batch_invariant"
CASES += [
    (
        "#27660 re-export dropped",
        "an import through the config module",
        K(
            "#27660",
            BI,
            BIW,
            "vllm/aeon/bi1.py",
            "from vllm.config.model import ModelConfig, vllm_is_batch_invariant\n\n\n"
            "def aeon_eager(model_config: ModelConfig) -> bool:\n"
            "    # AEON: the Spark's eval runs pin batch invariance\n"
            "    return model_config.enforce_eager or vllm_is_batch_invariant()\n",
            "from vllm.config.model import ModelConfig, vllm_is_batch_invariant",
        ),
    ),
    (
        "#27660 re-export dropped",
        "twin: the home module",
        K(
            "#27660",
            BI,
            BIW,
            "vllm/aeon/bi2.py",
            "from vllm.model_executor.layers.batch_invariant import vllm_is_batch_invariant\n\n\n"
            "def aeon_batch_invariant() -> bool:\n"
            "    return vllm_is_batch_invariant()\n",
            "from vllm.model_executor.layers.batch_invariant import vllm_is_batch_invariant",
        ),
    ),
]

# --- #51256 (2ac1f683f1): max_num_new_slots_for_drafting counts DFlash's bonus query slot (K, was K - 1)
DS = "2ac1f683f1"
DSW = "SpeculativeConfig.max_num_new_slots_for_drafting counts DFlash's bonus slot"
SC = "from vllm.config.speculative import SpeculativeConfig\n\n\n"
CASES += [
    (
        "#51256 count now includes the fork's addend",
        "a subclass override adding the slot on top of super()",
        K(
            "#51256",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            SC + "class AeonSpeculativeConfig(SpeculativeConfig):\n"
            "    @property\n"
            "    def max_num_new_slots_for_drafting(self) -> int:\n"
            "        slots = super().max_num_new_slots_for_drafting\n"
            "        if self.use_dflash():\n"
            "            # AEON: the Spark's DFlash drafter needs a slot for its bonus query\n"
            "            slots += 1\n"
            "        return slots\n",
            "slots += 1",
        ),
    ),
    (
        "#51256 count now includes the fork's addend",
        "an addition on top of the count",
        K(
            "#51256",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            SC + "def aeon_slots_per_request(spec: SpeculativeConfig) -> int:\n"
            "    # AEON: DFlash's bonus query takes one more slot on the Spark's scheduler\n"
            "    return spec.max_num_new_slots_for_drafting + (1 if spec.use_dflash() else 0)\n",
            "return spec.max_num_new_slots_for_drafting + (1 if spec.use_dflash() else 0)",
        ),
    ),
    (
        "#51256 count now includes the fork's addend",
        "twin: the count as returned",
        K(
            "#51256",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            SC + "def aeon_draft_budget(spec: SpeculativeConfig, max_num_seqs: int) -> int:\n"
            "    return max_num_seqs * spec.max_num_new_slots_for_drafting\n",
            "return max_num_seqs * spec.max_num_new_slots_for_drafting",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-cfgmodel-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
