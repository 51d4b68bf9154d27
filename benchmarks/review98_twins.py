"""Adversarial twins of killers190's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a ``cached_property`` made a ``property`` (``drift/read_only.py``; #40701 ``ModelConfig.is_mm_prefix_lm``,
  #38655 ``NanoNemotronVLProcessingInfo.supports_video``): a store under ``try``/``except AttributeError``, the
  fork's own class of the name, a fork subclass declaring a settable property of the name, a drop after patching
  what the property reads now, a plain dict's key of the name, a read of the instance dict, a store under a
  ``hasattr`` gate, a store to a ``cached_property`` the same class keeps, a test of the descriptor's kind;
- an offset taken under a flag (``drift/offsets.py``; #51256 ``max_num_new_slots_for_drafting`` counting
  DFlash's bonus slot): the count as upstream now gives it, a conditional offset on a count upstream did not
  change, a flag-indexed lookup, a slot added only where upstream's new branch does not apply;
- a fork ``__post_init__`` over changed init-only parameters (``drift/symbols.py`` ``_post_init_drift``;
  #22980 appended ``video_pruning_rate``, #27204 inserted ``enable_mm_embeds`` second): ``*initvars``, the old
  parameters and ``*rest``, the new one with a default, the new shape, the fork's own dataclass, a subclass of an
  unchanged dataclass;
- a fork namesake returning another kind (``new_hooks._returned_misfit``; #22650 ``get_num_experts() -> int``
  compared ``> 1``): ``-> int | None``, ``-> float``, a string annotation ``"int"``, a class, the fork's own
  unrelated class, an unannotated namesake;
- a value upstream now rewrites before storing it (``drift/rewritten_values.py``; #30463 ``--convert reward``
  resolved to ``"embed"``): the option the user passed (``convert``), a display holding both, the fork's own
  class's field, a fork subclass whose ``_get_convert_type`` keeps ``"reward"``, a fork subclass storing the
  field itself, a local re-read.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
of these widenings (``blind_replay_cfgmodel.py``), kept to show the reach stays, with #38655's store, #27204's
override of the old eleven and #51256's offset spelt as upstream's property is read.

Round 1 (main at e82e37fc), 11 cases and 34 twins as first written: 10 caught, 1 missed of 11; 3 false errors of
34: the store under ``isinstance(getattr(type(c), "is_mm_prefix_lm", None), cached_property)`` (the fork asks the
class which release it runs on; nothing read the descriptor's kind), a fork subclass whose ``_get_convert_type``
still answers ``"reward"`` for ``"reward"`` (the rewrite never reaches its instances' ``convert_type``), and a seed
under ``if not hasattr(model_config, "model_arch_config")`` -- correct after the merge but no twin: that member
existed at the base too (#28454), so the seed never ran there either; replaced by the version gate a fork would
write, ``if hasattr(model_config.model_arch_config, "is_mm_prefix_lm"): ... else: <seed>`` (main: a warning, some
gate downgrading it; quiet here).  Two twins added after (a fork subclass re-declaring the name a
``cached_property`` of its own: quiet on both; a namesake stub raising ``NotImplementedError``: dropped, it raises
on upstream's own call wherever the class is built).  So main on the final set: 10 caught, 1 missed of 11; 2 false
errors of 35 twins (7 warned).  The miss is not a widening's: #51256's ``max_num_new_slots_for_drafting`` is a
``@property``, and offset drift follows one call level through ``h(...)`` only; the replay's spelling (kept as a
case) calls it, which raises TypeError at the base already.  The #51256 twins, read as upstream's property is read,
are quiet for that reason, not because the flag is weighed.
Round 2 (this branch): ``drift/read_only.py`` counts a write to a ``cached_property`` made a ``property`` as kept
for the old tree where an enclosing ``if`` of its function finds the descriptor still a ``cached_property``
(``isinstance(..., cached_property)`` in its body, ``not isinstance(..., property)`` too, the ``else`` of the
opposite: ``_asks_cache``), store or seed alike; and a write (of any closed name) gated on the absence of what
upstream's getter now reads (``hasattr(config.model_arch_config, "is_mm_prefix_lm")`` for #40701's ``return
self.model_arch_config.is_mm_prefix_lm``: ``_getter_reads``).  ``drift/rewritten_values.py`` leaves a comparison
alone where a fork subclass the receiver is typed as overrides the rewriting method with a body naming the old value
(``_kept``; an override only handing on still errs).  10 caught, 1 missed of 11; 0 false errors of 35 twins (6
warned: the drop after patching what the property reads now, and five #22650 namesakes of the same kind or of a
class).  Regression set: ``blind_replay_cfgmodel.py`` 21 caught, 1 warned of 22 (10 quiet), ``killer_replay`` 26/26
blocked, ``kind_change_replay`` 12/12 (5 quiet), ``blind_replay_fwdctx`` 19/19 (12 quiet), ``review31_twins`` 5
caught, 1 warned of 6 (0 false of 41, 1 warned): each as before.
After mend68 (offset drift through a ``@property`` read, a flagged addend paired only with the getter's change
on the path its test names, polarity weighed): 11 caught of 11 (#51256's property read caught: upstream's getter
now returns its own value under ``if self.use_dflash()``); 0 false errors of 35 twins (6 warned) -- the twin
adding the slot only where the DFlash branch does not apply, ``(0 if spec.use_dflash() else 1)``, is quiet by the
polarity (without it, a false error).  The call spelling is still caught by the call-level rule, which pairs with
the getter's ``- 1`` under ``parallel_drafting`` (revDF's note: left as it was).
Round 3 (mend70): a case reading a deletion as the store is -- ``del model_config.is_mm_prefix_lm`` after patching
``hf_config`` (the usual drop of a ``cached_property``'s value, which raises AttributeError on #40701's plain
property): missed on main (8485ae9c), caught on mend70.  12 caught of 12; 0 false errors of 35 twins (6 warned).
Round 4 (mend70): #30463 read through ``match model_config.convert_type: case "reward":`` and through ``if (convert
:= model_config.convert_type) == "reward":`` -- both missed on main (8485ae9c), caught on mend70; a twin matching a
case for ``"embed"`` too stays quiet.

  PYTHONPATH=.. python review98_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

MC = "from vllm.config.model import ModelConfig\n\n\n"

# --- da1e7311ca (#40701): ModelConfig.is_mm_prefix_lm a cached_property -> a property reading model_arch_config
PL = ("#40701", "da1e7311ca", "ModelConfig.is_mm_prefix_lm cached_property -> property")
CASES += [
    (
        "#40701 cached_property made property",
        "an assignment to the attribute",
        K(
            *PL,
            "vllm/aeon/r98pl0.py",
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
            *PL,
            "vllm/aeon/r98pl1.py",
            MC + "class AeonVlmModelConfig(ModelConfig):\n"
            "    def aeon_seed_prefix_lm(self, enabled: bool) -> None:\n"
            '        self.__dict__["is_mm_prefix_lm"] = enabled\n',
            'self.__dict__["is_mm_prefix_lm"] = enabled',
        ),
    ),
    (
        "#40701 cached_property made property",
        "a pop of the cached value after patching hf_config",
        K(
            *PL,
            "vllm/aeon/r98pl2.py",
            MC + "def aeon_patch_prefix_lm(model_config: ModelConfig, enabled: bool) -> None:\n"
            "    model_config.hf_config.is_mm_prefix_lm = enabled\n"
            '    model_config.__dict__.pop("is_mm_prefix_lm", None)\n',
            'model_config.__dict__.pop("is_mm_prefix_lm", None)',
        ),
    ),
]
TWINS += [
    (
        "#40701 cached_property made property",
        "twin: the store in a try, except AttributeError patching what the property reads",
        K(
            *PL,
            "vllm/aeon/r98pl3.py",
            MC + "def aeon_force_bidirectional(model_config: ModelConfig) -> None:\n"
            "    try:\n"
            "        model_config.is_mm_prefix_lm = True\n"
            "    except AttributeError:  # AEON: newer upstreams read it off the architecture config\n"
            "        model_config.model_arch_config.is_mm_prefix_lm = True\n",
            "        model_config.is_mm_prefix_lm = True",
        ),
    ),
    (
        "#40701 cached_property made property",
        "twin: the fork's own flags class of the name",
        K(
            *PL,
            "vllm/aeon/r98pl4.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\nclass AeonAttnFlags:\n    is_mm_prefix_lm: bool = False\n\n\n"
            "def aeon_flags(bidirectional: bool) -> AeonAttnFlags:\n"
            "    flags = AeonAttnFlags()\n"
            "    flags.is_mm_prefix_lm = bidirectional\n"
            "    return flags\n",
            "    flags.is_mm_prefix_lm = bidirectional",
        ),
    ),
    (
        "#40701 cached_property made property",
        "twin: a fork subclass declaring a settable property of the name",
        K(
            *PL,
            "vllm/aeon/r98pl5.py",
            MC + "class AeonPrefixModelConfig(ModelConfig):\n"
            "    _aeon_prefix_lm: bool | None = None\n\n"
            "    @property\n"
            "    def is_mm_prefix_lm(self) -> bool:\n"
            "        if self._aeon_prefix_lm is not None:\n"
            "            return self._aeon_prefix_lm\n"
            "        return bool(self.model_arch_config.is_mm_prefix_lm)\n\n"
            "    @is_mm_prefix_lm.setter\n"
            "    def is_mm_prefix_lm(self, value: bool) -> None:\n"
            "        self._aeon_prefix_lm = value\n\n"
            "    def aeon_force(self) -> None:\n"
            "        self.is_mm_prefix_lm = True\n",
            "        self.is_mm_prefix_lm = True",
        ),
    ),
    (
        "#40701 cached_property made property",
        "twin: a drop after patching what the property reads now",
        K(
            *PL,
            "vllm/aeon/r98pl6.py",
            MC + "def aeon_patch_prefix_lm(model_config: ModelConfig, enabled: bool) -> None:\n"
            "    model_config.model_arch_config.is_mm_prefix_lm = enabled\n"
            '    model_config.__dict__.pop("is_mm_prefix_lm", None)\n',
            '    model_config.__dict__.pop("is_mm_prefix_lm", None)',
        ),
    ),
    (
        "#40701 cached_property made property",
        "twin: a plain dict's key of the name, set and popped",
        K(
            *PL,
            "vllm/aeon/r98pl7.py",
            MC + "def aeon_overrides(model_config: ModelConfig, enabled: bool) -> dict:\n"
            "    overrides = dict(model_config.hf_overrides or {})\n"
            '    overrides["is_mm_prefix_lm"] = enabled\n'
            '    overrides.pop("is_mm_prefix_lm", None) if not enabled else None\n'
            "    return overrides\n",
            '    overrides["is_mm_prefix_lm"] = enabled',
        ),
    ),
    (
        "#40701 cached_property made property",
        "twin: a read of the instance dict",
        K(
            *PL,
            "vllm/aeon/r98pl8.py",
            MC + "def aeon_cached_prefix_lm(model_config: ModelConfig) -> bool | None:\n"
            '    return vars(model_config).get("is_mm_prefix_lm")\n',
            '    return vars(model_config).get("is_mm_prefix_lm")',
        ),
    ),
    (
        "#40701 cached_property made property",
        "twin: a store to the cached_property the class keeps",
        K(
            *PL,
            "vllm/aeon/r98pl9.py",
            MC + "def aeon_decoder_only(model_config: ModelConfig) -> None:\n"
            "    # AEON: the Spark serves the decoder of its encoder-decoder checkpoints alone\n"
            "    model_config.is_encoder_decoder = False\n",
            "    model_config.is_encoder_decoder = False",
        ),
    ),
    (
        "#40701 cached_property made property",
        "twin: the store only where the descriptor is still a cached_property",
        K(
            *PL,
            "vllm/aeon/r98pl10.py",
            "from functools import cached_property\n\n"
            + MC
            + "def aeon_force_bidirectional(model_config: ModelConfig) -> None:\n"
            '    if isinstance(getattr(type(model_config), "is_mm_prefix_lm", None), cached_property):\n'
            "        model_config.is_mm_prefix_lm = True\n"
            "    else:\n"
            "        model_config.model_arch_config.is_mm_prefix_lm = True\n",
            "        model_config.is_mm_prefix_lm = True",
        ),
    ),
    (
        "#40701 cached_property made property",
        "twin: the seed only where the architecture config lacks the flag (a version gate)",
        K(
            *PL,
            "vllm/aeon/r98pl11.py",
            MC + "def aeon_force_bidirectional(model_config: ModelConfig) -> None:\n"
            '    if hasattr(model_config.model_arch_config, "is_mm_prefix_lm"):\n'
            "        model_config.model_arch_config.is_mm_prefix_lm = True\n"
            "    else:  # AEON: before #40701 the cached value lived in the instance dict\n"
            '        model_config.__dict__["is_mm_prefix_lm"] = True\n',
            '        model_config.__dict__["is_mm_prefix_lm"] = True',
        ),
    ),
]

TWINS += [
    (
        "#40701 cached_property made property",
        "twin: a fork subclass re-declaring the name a cached_property of its own",
        K(
            *PL,
            "vllm/aeon/r98pl12.py",
            "from functools import cached_property\n\n" + MC + "class AeonPrefixModelConfig(ModelConfig):\n"
            "    @cached_property\n"
            "    def is_mm_prefix_lm(self) -> bool:\n"
            "        return bool(self.model_arch_config.is_mm_prefix_lm)\n\n"
            "    def aeon_force(self) -> None:\n"
            "        self.is_mm_prefix_lm = True  # AEON: the fork's own cache, settable\n",
            "        self.is_mm_prefix_lm = True  # AEON: the fork's own cache, settable",
        ),
    ),
]

# --- fa9e68022d (#38655): NanoNemotronVLProcessingInfo.supports_video a cached_property -> a property (True);
# is_dynamic_tiler stays a cached_property
NN = ("#38655", "fa9e68022d", "NanoNemotronVLProcessingInfo.supports_video cached_property -> property")
NNI = "from vllm.model_executor.models.nano_nemotron_vl import NanoNemotronVLProcessingInfo\n\n\n"
CASES += [
    (
        "#38655 cached_property made property",
        "a store to the attribute",
        K(
            *NN,
            "vllm/aeon/r98nn0.py",
            NNI + "def aeon_no_video(info: NanoNemotronVLProcessingInfo) -> None:\n"
            "    # AEON: the Spark's edge profile serves images only\n"
            "    info.supports_video = False\n",
            "    info.supports_video = False",
        ),
    ),
]
TWINS += [
    (
        "#38655 cached_property made property",
        "twin: a store to the kept cached_property of the class",
        K(
            *NN,
            "vllm/aeon/r98nn1.py",
            NNI + "def aeon_static_tiles(info: NanoNemotronVLProcessingInfo) -> None:\n"
            "    info.is_dynamic_tiler = False  # AEON: the Spark tiles statically\n",
            "    info.is_dynamic_tiler = False  # AEON: the Spark tiles statically",
        ),
    ),
    (
        "#38655 cached_property made property",
        "twin: a drop of the kept cached_property's value",
        K(
            *NN,
            "vllm/aeon/r98nn2.py",
            NNI + "def aeon_retile(info: NanoNemotronVLProcessingInfo) -> None:\n"
            '    info.__dict__.pop("is_dynamic_tiler", None)\n',
            '    info.__dict__.pop("is_dynamic_tiler", None)',
        ),
    ),
]

# --- 2ac1f683f1 (#51256): SpeculativeConfig.max_num_new_slots_for_drafting counts DFlash's bonus slot (K, was
# K - 1); every other method keeps its count
DS = ("#51256", "2ac1f683f1", "SpeculativeConfig.max_num_new_slots_for_drafting counts DFlash's bonus slot")
SC = "from vllm.config.speculative import SpeculativeConfig\n\n\n"
CASES += [
    (
        "#51256 offset under a flag",
        "an addition on top of the count (the replay's spelling)",
        K(
            *DS,
            "vllm/aeon/r98ds0.py",
            SC + "def aeon_slots_per_request(spec: SpeculativeConfig) -> int:\n"
            "    return spec.max_num_new_slots_for_drafting() + (1 if spec.use_dflash() else 0)\n",
            "    return spec.max_num_new_slots_for_drafting() + (1 if spec.use_dflash() else 0)",
        ),
    ),
    (
        "#51256 offset under a flag",
        "an addition on top of the property read",
        K(
            *DS,
            "vllm/aeon/r98ds1.py",
            SC + "def aeon_slots_per_request(spec: SpeculativeConfig) -> int:\n"
            "    # AEON: DFlash's bonus query takes one more slot on the Spark's scheduler\n"
            "    return spec.max_num_new_slots_for_drafting + (1 if spec.use_dflash() else 0)\n",
            "    return spec.max_num_new_slots_for_drafting + (1 if spec.use_dflash() else 0)",
        ),
    ),
]
TWINS += [
    (
        "#51256 offset under a flag",
        "twin: the count as upstream now gives it",
        K(
            *DS,
            "vllm/aeon/r98ds2.py",
            SC + "def aeon_slots_per_request(spec: SpeculativeConfig) -> int:\n"
            "    return spec.max_num_new_slots_for_drafting\n",
            "    return spec.max_num_new_slots_for_drafting",
        ),
    ),
    (
        "#51256 offset under a flag",
        "twin: a conditional offset on a count upstream did not change",
        K(
            *DS,
            "vllm/aeon/r98ds3.py",
            SC + "def aeon_query_len(spec: SpeculativeConfig) -> int:\n"
            "    # AEON: the Spark's kernel takes the draft tokens and DFlash's bonus query at once\n"
            "    return spec.num_speculative_tokens + (1 if spec.use_dflash() else 0)\n",
            "    return spec.num_speculative_tokens + (1 if spec.use_dflash() else 0)",
        ),
    ),
    (
        "#51256 offset under a flag",
        "twin: a lookup indexed under the flag",
        K(
            *DS,
            "vllm/aeon/r98ds4.py",
            SC + "def aeon_budget(spec: SpeculativeConfig, budgets: list[int]) -> int:\n"
            "    return budgets[1 if spec.use_dflash() else 0] * spec.max_num_new_slots_for_drafting\n",
            "    return budgets[1 if spec.use_dflash() else 0] * spec.max_num_new_slots_for_drafting",
        ),
    ),
    (
        "#51256 offset under a flag",
        "twin: a slot added only where upstream's new DFlash branch does not apply",
        K(
            *DS,
            "vllm/aeon/r98ds5.py",
            SC + "def aeon_slots_per_request(spec: SpeculativeConfig) -> int:\n"
            "    # AEON: the Spark's EAGLE path keeps one spare slot per request; DFlash needs none\n"
            "    return spec.max_num_new_slots_for_drafting + (0 if spec.use_dflash() else 1)\n",
            "    return spec.max_num_new_slots_for_drafting + (0 if spec.use_dflash() else 1)",
        ),
    ),
]

# --- 392edee34a (#22980): ModelConfig.__post_init__ given a tenth init-only video_pruning_rate
PP = ("#22980", "392edee34a", "ModelConfig.__post_init__(video_pruning_rate) InitVar added")
NINE = (
    "limit_mm_per_prompt, media_io_kwargs, mm_processor_kwargs, mm_processor_cache_gb, mm_processor_cache_type, "
    "mm_shm_cache_max_object_size_mb, mm_encoder_tp_mode, interleave_mm_strings, skip_mm_profiling"
)
CASES += [
    (
        "#22980 init-only field added",
        "a subclass __post_init__ of the old nine",
        K(
            *PP,
            "vllm/aeon/r98pp0.py",
            MC + "class AeonMmModelConfig(ModelConfig):\n"
            f"    def __post_init__(self, {NINE}) -> None:\n"
            "        mm_processor_cache_gb = min(mm_processor_cache_gb or 4.0, 4.0)\n"
            f"        super().__post_init__({NINE})\n",
            f"    def __post_init__(self, {NINE}) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#22980 init-only field added",
        "twin: *initvars passed on",
        K(
            *PP,
            "vllm/aeon/r98pp1.py",
            MC + "class AeonMmModelConfig(ModelConfig):\n"
            "    def __post_init__(self, *initvars) -> None:\n"
            "        super().__post_init__(*initvars)\n"
            "        self.aeon_ready = True\n",
            "    def __post_init__(self, *initvars) -> None:",
        ),
    ),
    (
        "#22980 init-only field added",
        "twin: the old nine and *rest passed on",
        K(
            *PP,
            "vllm/aeon/r98pp2.py",
            MC + "class AeonMmModelConfig(ModelConfig):\n"
            f"    def __post_init__(self, {NINE}, *rest) -> None:\n"
            "        mm_processor_cache_gb = min(mm_processor_cache_gb or 4.0, 4.0)\n"
            f"        super().__post_init__({NINE}, *rest)\n",
            f"    def __post_init__(self, {NINE}, *rest) -> None:",
        ),
    ),
    (
        "#22980 init-only field added",
        "twin: the old nine and the new one with a default",
        K(
            *PP,
            "vllm/aeon/r98pp3.py",
            MC + "class AeonMmModelConfig(ModelConfig):\n"
            f"    def __post_init__(self, {NINE}, video_pruning_rate=None) -> None:\n"
            "        mm_processor_cache_gb = min(mm_processor_cache_gb or 4.0, 4.0)\n"
            "        extra = () if video_pruning_rate is None else (video_pruning_rate,)\n"
            f"        super().__post_init__({NINE}, *extra)\n",
            f"    def __post_init__(self, {NINE}, video_pruning_rate=None) -> None:",
        ),
    ),
    (
        "#22980 init-only field added",
        "twin: the new ten",
        K(
            *PP,
            "vllm/aeon/r98pp4.py",
            MC + "class AeonMmModelConfig(ModelConfig):\n"
            f"    def __post_init__(self, {NINE}, video_pruning_rate) -> None:\n"
            "        mm_processor_cache_gb = min(mm_processor_cache_gb or 4.0, 4.0)\n"
            f"        super().__post_init__({NINE}, video_pruning_rate)\n",
            f"    def __post_init__(self, {NINE}, video_pruning_rate) -> None:",
        ),
    ),
    (
        "#22980 init-only field added",
        "twin: the fork's own dataclass's __post_init__ of the nine names",
        K(
            *PP,
            "vllm/aeon/r98pp5.py",
            "from dataclasses import InitVar, dataclass\n\n\n"
            "@dataclass\nclass AeonMmPlan:\n"
            "    model: str\n"
            + "".join(f"    {n}: InitVar[object] = None\n" for n in NINE.split(", "))
            + f"\n    def __post_init__(self, {NINE}) -> None:\n"
            "        self.aeon_cache_gb = mm_processor_cache_gb\n",
            f"    def __post_init__(self, {NINE}) -> None:",
        ),
    ),
    (
        "#22980 init-only field added",
        "twin: a subclass of a dataclass whose __post_init__ kept its shape",
        K(
            *PP,
            "vllm/aeon/r98pp6.py",
            "from vllm.config.parallel import ParallelConfig\n\n\n"
            "class AeonParallelConfig(ParallelConfig):\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        self.aeon_ranks_per_node = 1\n",
            "    def __post_init__(self) -> None:",
        ),
    ),
]

# --- 58fab50d82 (#27204): ModelConfig.__post_init__ given enable_mm_embeds, second of the init-only parameters
ME = ("#27204", "58fab50d82", "ModelConfig.__post_init__(enable_mm_embeds) inserted second")
ELEVEN = (
    "limit_mm_per_prompt, media_io_kwargs, mm_processor_kwargs, mm_processor_cache_gb, mm_processor_cache_type, "
    "mm_shm_cache_max_object_size_mb, mm_encoder_tp_mode, mm_encoder_attn_backend, interleave_mm_strings, "
    "skip_mm_profiling, video_pruning_rate"
)
CASES += [
    (
        "#27204 init-only field inserted",
        "a subclass __post_init__ of the old eleven",
        K(
            *ME,
            "vllm/aeon/r98me0.py",
            MC + "class AeonMmModelConfig(ModelConfig):\n"
            f"    def __post_init__(self, {ELEVEN}) -> None:\n"
            "        limit_mm_per_prompt = limit_mm_per_prompt or {'image': 4}\n"
            f"        super().__post_init__({ELEVEN})\n",
            f"    def __post_init__(self, {ELEVEN}) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#27204 init-only field inserted",
        "twin: the first parameter named and *rest passed on",
        K(
            *ME,
            "vllm/aeon/r98me1.py",
            MC + "class AeonMmModelConfig(ModelConfig):\n"
            "    def __post_init__(self, limit_mm_per_prompt, *rest) -> None:\n"
            "        limit_mm_per_prompt = limit_mm_per_prompt or {'image': 4}\n"
            "        super().__post_init__(limit_mm_per_prompt, *rest)\n",
            "    def __post_init__(self, limit_mm_per_prompt, *rest) -> None:",
        ),
    ),
]

# --- 10d765482d (#22650): ModelConfig.get_num_experts() -> int added, compared ``> 1`` by upstream's new lines
NE = ("#22650", "10d765482d", "ModelConfig.get_num_experts() -> int added and compared")
CASES += [
    (
        "#22650 namesake returning another kind",
        "a subclass's namesake -> list[int]",
        K(
            *NE,
            "vllm/aeon/r98ne0.py",
            MC + "class AeonLayerMoeModelConfig(ModelConfig):\n"
            "    def get_num_experts(self) -> list[int]:\n"
            '        per_layer = getattr(self.hf_text_config, "num_experts_per_layer", None)\n'
            '        return list(per_layer or [getattr(self.hf_text_config, "num_local_experts", 0)])\n',
            "    def get_num_experts(self) -> list[int]:",
        ),
    ),
]
NE_BODY = '        return getattr(self.hf_text_config, "num_local_experts", 0)\n'
TWINS += [
    (
        "#22650 namesake returning another kind",
        "twin: a namesake -> int | None",
        K(
            *NE,
            "vllm/aeon/r98ne1.py",
            MC + "class AeonMoeModelConfig(ModelConfig):\n    def get_num_experts(self) -> int | None:\n" + NE_BODY,
            "    def get_num_experts(self) -> int | None:",
        ),
    ),
    (
        "#22650 namesake returning another kind",
        "twin: a namesake -> float",
        K(
            *NE,
            "vllm/aeon/r98ne2.py",
            MC + "class AeonMoeModelConfig(ModelConfig):\n    def get_num_experts(self) -> float:\n" + NE_BODY,
            "    def get_num_experts(self) -> float:",
        ),
    ),
    (
        "#22650 namesake returning another kind",
        "twin: a namesake -> 'int' (a string annotation)",
        K(
            *NE,
            "vllm/aeon/r98ne3.py",
            MC + "class AeonMoeModelConfig(ModelConfig):\n    def get_num_experts(self) -> 'int':\n" + NE_BODY,
            "    def get_num_experts(self) -> 'int':",
        ),
    ),
    (
        "#22650 namesake returning another kind",
        "twin: a namesake -> numbers.Integral (a class)",
        K(
            *NE,
            "vllm/aeon/r98ne4.py",
            "import numbers\n\n" + MC + "class AeonMoeModelConfig(ModelConfig):\n"
            "    def get_num_experts(self) -> numbers.Integral:\n" + NE_BODY,
            "    def get_num_experts(self) -> numbers.Integral:",
        ),
    ),
    (
        "#22650 namesake returning another kind",
        "twin: the fork's own planner's get_num_experts -> list[int]",
        K(
            *NE,
            "vllm/aeon/r98ne5.py",
            MC + "class AeonExpertPlanner:\n"
            "    def __init__(self, model_config: ModelConfig) -> None:\n"
            "        self.model_config = model_config\n\n"
            "    def get_num_experts(self) -> list[int]:\n"
            '        return [getattr(self.model_config.hf_text_config, "num_local_experts", 0)]\n',
            "    def get_num_experts(self) -> list[int]:",
        ),
    ),
    (
        "#22650 namesake returning another kind",
        "twin: an unannotated namesake returning a count",
        K(
            *NE,
            "vllm/aeon/r98ne6.py",
            MC + "class AeonMoeModelConfig(ModelConfig):\n    def get_num_experts(self):\n" + NE_BODY,
            "    def get_num_experts(self):",
        ),
    ),
]

# --- a5f9fb5960 (#30463): _get_convert_type resolves "reward" to "embed"; __post_init__ stores it as convert_type
CR = ("#30463", "a5f9fb5960", '_get_convert_type maps "reward" to "embed"')
CASES += [
    (
        "#30463 value rewritten before it is stored",
        "a comparison with the retired literal",
        K(
            *CR,
            "vllm/aeon/r98cr0.py",
            MC + "def aeon_pooler_kind(model_config: ModelConfig) -> str:\n"
            '    if model_config.convert_type == "reward":\n'
            '        return "token"\n'
            '    return "sequence"\n',
            '    if model_config.convert_type == "reward":',
        ),
    ),
    (
        "#30463 value rewritten before it is stored",
        "a membership test holding the retired literal",
        K(
            *CR,
            "vllm/aeon/r98cr1.py",
            MC + "class AeonScoringModelConfig(ModelConfig):\n"
            "    def aeon_scores_sequences(self) -> bool:\n"
            '        return self.convert_type in ("reward", "classify")\n',
            '        return self.convert_type in ("reward", "classify")',
        ),
    ),
]
TWINS += [
    (
        "#30463 value rewritten before it is stored",
        "twin: the option the user passed",
        K(
            *CR,
            "vllm/aeon/r98cr2.py",
            MC + "def aeon_token_scores(model_config: ModelConfig) -> bool:\n"
            "    # AEON: the Spark's RLHF heads asked for --convert reward score each token\n"
            '    return model_config.convert == "reward"\n',
            '    return model_config.convert == "reward"',
        ),
    ),
    (
        "#30463 value rewritten before it is stored",
        "twin: a display holding both spellings",
        K(
            *CR,
            "vllm/aeon/r98cr3.py",
            MC + "def aeon_embeds(model_config: ModelConfig) -> bool:\n"
            '    return model_config.convert_type in ("reward", "embed")\n',
            '    return model_config.convert_type in ("reward", "embed")',
        ),
    ),
    (
        "#30463 value rewritten before it is stored",
        "twin: the fork's own head spec's convert_type",
        K(
            *CR,
            "vllm/aeon/r98cr4.py",
            "from dataclasses import dataclass\n\n\n"
            '@dataclass\nclass AeonHeadSpec:\n    convert_type: str = "none"\n\n\n'
            "def aeon_token_scores(spec: AeonHeadSpec) -> bool:\n"
            '    return spec.convert_type == "reward"\n',
            '    return spec.convert_type == "reward"',
        ),
    ),
    (
        "#30463 value rewritten before it is stored",
        "twin: a fork subclass whose _get_convert_type keeps reward",
        K(
            *CR,
            "vllm/aeon/r98cr5.py",
            MC + "class AeonRewardModelConfig(ModelConfig):\n"
            "    def _get_convert_type(self, architectures, runner_type, convert):\n"
            "        # AEON: the Spark keeps its reward heads apart from embeddings\n"
            '        if convert == "reward":\n'
            '            return "reward"\n'
            "        return super()._get_convert_type(architectures, runner_type, convert)\n\n"
            "    def aeon_token_scores(self) -> bool:\n"
            '        return self.convert_type == "reward"\n',
            '        return self.convert_type == "reward"',
        ),
    ),
    (
        "#30463 value rewritten before it is stored",
        "twin: a fork subclass storing the field itself",
        K(
            *CR,
            "vllm/aeon/r98cr6.py",
            MC + "class AeonRewardModelConfig(ModelConfig):\n"
            "    def __post_init__(self, *initvars) -> None:\n"
            "        super().__post_init__(*initvars)\n"
            '        if self.convert == "reward":\n'
            '            self.convert_type = "reward"  # AEON: the Spark keeps its reward heads apart\n\n'
            "    def aeon_token_scores(self) -> bool:\n"
            '        return self.convert_type == "reward"\n',
            '        return self.convert_type == "reward"',
        ),
    ),
    (
        "#30463 value rewritten before it is stored",
        "twin: a local re-read from the option",
        K(
            *CR,
            "vllm/aeon/r98cr7.py",
            MC + "def aeon_pooler_kind(model_config: ModelConfig) -> str:\n"
            '    kind = "reward" if model_config.convert == "reward" else model_config.convert_type\n'
            '    if kind == "reward":\n'
            '        return "token"\n'
            '    return "sequence"\n',
            '    if kind == "reward":',
        ),
    ),
]

# --- round 3 (mend70): a deletion read as the store is
CASES += [
    (
        "#40701 cached_property made property",
        "a del of the cached value after patching hf_config",
        K(
            *PL,
            "vllm/aeon/r98pl13.py",
            MC + "def aeon_refresh_prefix_lm(model_config: ModelConfig, enabled: bool) -> None:\n"
            "    model_config.hf_config.is_mm_prefix_lm = enabled\n"
            "    del model_config.is_mm_prefix_lm\n",
            "    del model_config.is_mm_prefix_lm",
        ),
    ),
]

# --- round 4 (mend70): a match on the field and a walrus binding of it, read as a comparison is
CASES += [
    (
        "#30463 value rewritten before it is stored",
        "a match case on the retired literal",
        K(
            *CR,
            "vllm/aeon/r98cr9.py",
            MC + "def aeon_pooler_kind(model_config: ModelConfig) -> str:\n"
            "    match model_config.convert_type:\n"
            '        case "reward":\n'
            '            return "token"\n'
            "        case _:\n"
            '            return "sequence"\n',
            '        case "reward":',
        ),
    ),
    (
        "#30463 value rewritten before it is stored",
        "a walrus binding compared with the retired literal",
        K(
            *CR,
            "vllm/aeon/r98cr10.py",
            MC + "def aeon_pooler_kind(model_config: ModelConfig) -> str:\n"
            '    if (convert := model_config.convert_type) == "reward":\n'
            '        return "token"\n'
            "    return convert\n",
            '    if (convert := model_config.convert_type) == "reward":',
        ),
    ),
]
TWINS += [
    (
        "#30463 value rewritten before it is stored",
        "twin: a match with a case for the new value",
        K(
            *CR,
            "vllm/aeon/r98cr11.py",
            MC + "def aeon_pooler_kind(model_config: ModelConfig) -> str:\n"
            "    match model_config.convert_type:\n"
            '        case "reward":\n'
            '            return "token"\n'
            '        case "embed":\n'
            '            return "token" if model_config.convert == "reward" else "sequence"\n'
            "        case _:\n"
            '            return "sequence"\n',
            '        case "reward":',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review98-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
