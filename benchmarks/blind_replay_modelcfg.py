"""A blind replay of the per-model config fix-ups and the cache and scheduler configs a fork's Spark settings touch.

10 first-parent commits on ``vllm/model_executor/models/config.py``, ``vllm/config/cache.py`` and
``vllm/config/scheduler.py`` -- the ``VerifyAndUpdateConfig`` subclasses (hybrid page sizes, mamba block sizes and
cache modes, per-model defaults), ``CacheConfig`` and ``SchedulerConfig``, which a fork that sizes its caches for
unified memory, registers its own fix-ups or subclasses the configs carries code against:
the per-model fix-ups moved from ``verify_and_update_config`` into a new ``verify_and_update_model_config`` (the
base's ``verify_and_update_config`` now a no-op every moved class inherits), ``HybridAttentionMambaModelConfig``
no longer aligning the attention block or padding the mamba page (moved to the platform, run later) with the
module's page-size imports dropped, NemotronH's default SSM cache dtype ``float16`` -> ``float32``, the mamba cache
mode defaulted to ``"align"`` instead of ``"all"``, ``SchedulerConfig.scheduler_cls`` defaulted to ``None`` (no
longer the default scheduler's qualname, nor the async one's when async scheduling is on), ``CacheConfig``'s
``__post_init__``/``swap_space_bytes``/``_verify_cache_dtype`` removed for pydantic validation,
``"DeepseekV3ForCausalLM"`` added to ``MODELS_CONFIG_MAP``, ``SchedulerConfig.__post_init__`` given the
``is_encoder_decoder`` init-var, ``VllmConfig.recalculate_max_model_len`` removed with NomicBert's fix-up moved,
and ``CacheDType`` given ``"nvfp4_4over6"`` -- picked by scanning those paths' diffs (``git log --first-parent
-p``), avoiding the commits every other replay uses.  Each is replayed under 1-3 fork spellings written the way
fork code is written (a direct call of a class's fix-up, a table of callables, a registered subclass override, a
read after a call, a subclass's ``super()`` call, an import, a comparison with a literal, a fork copy of a
default, a class-attribute default, a dict key assignment, ``setdefault``, an override of a dataclass's
``__post_init__``, an exhaustive dict keyed by a ``Literal``'s members), with twins (fork code the commit does not
break: the kept fix-up, a kept re-export, a field still written, a new key, a pass-through override, a prefix
test).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error
lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 78011715): 8 caught, 5 warned, 11 missed of 24 (twins: 11
quiet, 0 false errors).  Symbol drift caught the direct calls of a fix-up now the base's no-op (#31131's
``GteNewModelConfig``, #31662's ``NomicBertModelConfig``), the import of a name ``config.py`` stopped importing,
``swap_space_bytes`` and the override of ``_verify_cache_dtype`` (#26390), both ``__post_init__`` calls missing
``is_encoder_decoder`` (#25075) and the removed ``recalculate_max_model_len``; default drift warned the three
``scheduler_cls`` spellings (#28250: a default changed, a warning by design) and duplicate definitions the two
registrations of ``"DeepseekV3ForCausalLM"`` (#34392: a warning by design; the fork's class shadows upstream's new
NVFP4 fix-up, or ``setdefault`` drops the fork's).  The misses: #31131's table of callables (a fix-up picked into a
local before its call: the table's calls were read only as ``TABLE[k](...)``) and its registered reranker subclass
(an override left on the base's stub while the parent's work moved to the sibling hook
``verify_and_update_model_config``); #37467's two reads after the fix-up (its stores on the ``vllm_config`` handed
to it moved to the platform: no check read a method's stores on its parameters); #39032's two (a comparison with the
old ``"float16"`` after the fix-up, and a fork copy of the ``getattr`` fallback upstream moved to a ``float32``
class constant); #50991's two comparisons with ``"all"`` (a constant the fix-up no longer stores); #26390's
``super().__post_init__()`` (dunders were left unresolved, ``__post_init__`` too, which no builtin defines); and
#45187's two (a ``Literal`` spelt one choice a line widened by one added line no ``Literal[`` names, so
widened-literal drift never read the file; an ``== "nvfp4"`` beside the new ``"nvfp4_4over6"``).
After the killers164 widenings: 14 caught, 8 warned, 2 missed of 24 (twins: 11 quiet, 0 false errors).  Caught
now: the exhaustive ``_AEON_KV_BITS`` table (``drift/widened_literals.py``: a file whose added line holds one
constant is read); ``super().__post_init__()`` of a removed hook (``drift/pyindex.py``: ``__post_init__`` looked
up like any member); the table of fix-ups picked into a local (``drift/symbols.py``: the pick read as the table's
call, an emptied entry an error on its own line); the registered override left on the base's stub
(``drift/symbols.py``: the parent's work moved to a sibling hook the base declares and upstream calls); the two
reads after the hybrid fix-up (``drift/stopped_arg_writes.py``, new).  Warned now: #50991's two comparisons with
``"all"`` (``drift/stopped_arg_writes.py``: a constant the method no longer stores on a path it still stores --
a warning, as the user may still set "all"), #39032's ``getattr`` copy (``drift/copied_fallbacks.py``, new: a
warning, the fork may have picked the value itself).  Left missed: #39032's comparison with ``"float16"`` after
the fix-up (the value flows from a ``getattr`` fallback through a local into a helper called by keyword, and
upstream's fallback is a class constant: the value check follows none of that), and #45187's ``== "nvfp4"``
(comparing a field with one choice is no error in itself; that the new choice is a variant of it is in its name
only).
Regression set at the widenings' head (69b75d25): killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_protocol2 23 caught, 1 warned, 2 missed of 26 (16 quiet, as before), blind_replay_specconf
32/1/0 of 33 (1 false error, the kept ``is_multi_step``, as before), blind_replay_distributed 20/20 (9 quiet),
blind_replay_compwrap 22/22 (12 quiet), blind_replay_protocol 19/19 (12 quiet), review48_twins 0 false of 41,
review66_twins 0 false of 25 (each 7/7 caught); ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5
broken overrides, 4 caught, 8 warnings, as before).

  python benchmarks/blind_replay_modelcfg.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #31131 (bd89ce16d2): per-model fix-ups moved into verify_and_update_model_config; the base's is a no-op
MU = "bd89ce16d2"
MUW = "fix-ups moved from verify_and_update_config to verify_and_update_model_config"
CASES += [
    (
        "#31131 method moved to a new name",
        "a direct call of a class's moved fix-up",
        K(
            "#31131",
            MU,
            MUW,
            "vllm/aeon/mu1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import GteNewModelConfig\n\n\n"
            "def aeon_fixup_embedder(vllm_config: VllmConfig) -> None:\n"
            "    # AEON: the Spark's embedding head is a GTE-new checkpoint under our own arch name\n"
            "    GteNewModelConfig.verify_and_update_config(vllm_config)\n",
            "GteNewModelConfig.verify_and_update_config(vllm_config)",
        ),
    ),
    (
        "#31131 method moved to a new name",
        "a table of callables",
        K(
            "#31131",
            MU,
            MUW,
            "vllm/aeon/mu2.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import (\n"
            "    JinaVLForSequenceClassificationConfig,\n"
            "    Qwen2ForRewardModelConfig,\n"
            ")\n\n"
            "# AEON: the Spark's rankers reuse upstream's fix-ups under their own arch names\n"
            "_AEON_FIXUPS = {\n"
            '    "AeonJinaVLRanker": JinaVLForSequenceClassificationConfig.verify_and_update_config,\n'
            '    "AeonRewardModel": Qwen2ForRewardModelConfig.verify_and_update_config,\n'
            "}\n\n\n"
            "def aeon_fixup(arch: str, vllm_config: VllmConfig) -> None:\n"
            "    fixup = _AEON_FIXUPS.get(arch)\n"
            "    if fixup is not None:\n"
            "        fixup(vllm_config)\n",
            '"AeonJinaVLRanker": JinaVLForSequenceClassificationConfig.verify_and_update_config,',
        ),
    ),
    (
        "#31131 method moved to a new name",
        "a registered subclass's override replacing the parent's fix-up",
        K(
            "#31131",
            MU,
            MUW,
            "vllm/aeon/mu3.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import (\n"
            "    MODELS_CONFIG_MAP,\n"
            "    Qwen3ForSequenceClassificationConfig,\n"
            ")\n\n\n"
            "class AeonRerankerConfig(Qwen3ForSequenceClassificationConfig):\n"
            "    # AEON: the Spark's converted reranker keeps its classifier tokens in the head,\n"
            "    # so upstream's classifier_from_token assertion must not run\n"
            "    @staticmethod\n"
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
            '        vllm_config.model_config.hf_config.method = "from_2_way_softmax"\n\n\n'
            'MODELS_CONFIG_MAP["Qwen3ForSequenceClassification"] = AeonRerankerConfig\n',
            "def verify_and_update_config(vllm_config: VllmConfig) -> None:",
        ),
    ),
    (
        "#31131 method moved to a new name",
        "twin: the kept fix-ups called directly",
        K(
            "#31131",
            MU,
            MUW,
            "vllm/aeon/mu4.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import GptOssForCausalLMConfig, MambaModelConfig\n\n\n"
            "def aeon_fixup_drafters(vllm_config: VllmConfig, hybrid: bool) -> None:\n"
            "    if hybrid:\n"
            "        MambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    else:\n"
            "        GptOssForCausalLMConfig.verify_and_update_config(vllm_config)\n",
            "GptOssForCausalLMConfig.verify_and_update_config(vllm_config)",
        ),
    ),
    (
        "#31131 method moved to a new name",
        "twin: a subclass extending a kept fix-up",
        K(
            "#31131",
            MU,
            MUW,
            "vllm/aeon/mu5.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import GptOssForCausalLMConfig\n\n\n"
            "class AeonGptOssConfig(GptOssForCausalLMConfig):\n"
            "    @staticmethod\n"
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
            "        GptOssForCausalLMConfig.verify_and_update_config(vllm_config)\n"
            "        vllm_config.compilation_config.max_cudagraph_capture_size = 512\n",
            "GptOssForCausalLMConfig.verify_and_update_config(vllm_config)",
        ),
    ),
]

# --- #37467 (3b1dbaad4e): the hybrid block alignment and mamba page padding moved out of the fix-up
HP = "3b1dbaad4e"
HPW = "HybridAttentionMambaModelConfig no longer aligns block_size nor pads the mamba page"
HA = (
    "from vllm.config import VllmConfig\n"
    "from vllm.model_executor.models.config import HybridAttentionMambaModelConfig\n\n\n"
)
CASES += [
    (
        "#37467 write moved out of the called function",
        "a read after calling the fix-up",
        K(
            "#37467",
            HP,
            HPW,
            "vllm/aeon/hp1.py",
            HA + "def aeon_mamba_page_bytes(vllm_config: VllmConfig) -> int:\n"
            "    # AEON: the Spark's unified-memory budget reserves the padded mamba pages up front\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    padded = vllm_config.cache_config.mamba_page_size_padded\n"
            "    return (padded or 0) * vllm_config.scheduler_config.max_num_seqs\n",
            "padded = vllm_config.cache_config.mamba_page_size_padded",
        ),
    ),
    (
        "#37467 write moved out of the called function",
        "a subclass's read after super()",
        K(
            "#37467",
            HP,
            HPW,
            "vllm/aeon/hp2.py",
            HA + "class AeonHybridConfig(HybridAttentionMambaModelConfig):\n"
            "    @classmethod\n"
            "    def verify_and_update_config(cls, vllm_config: VllmConfig) -> None:\n"
            "        super().verify_and_update_config(vllm_config)\n"
            "        # AEON: the Spark's prefetcher walks whole attention pages\n"
            "        aeon_page_tokens = vllm_config.cache_config.block_size\n"
            '        vllm_config.additional_config["aeon_page_tokens"] = aeon_page_tokens\n',
            "aeon_page_tokens = vllm_config.cache_config.block_size",
        ),
    ),
    (
        "#37467 import dropped",
        "an import of a name the module no longer imports",
        K(
            "#37467",
            HP,
            HPW,
            "vllm/aeon/hp3.py",
            "from vllm.model_executor.models.config import STR_DTYPE_TO_TORCH_DTYPE, HybridAttentionMambaModelConfig\n\n\n"
            "def aeon_kv_dtype(cache_dtype: str):\n"
            "    return STR_DTYPE_TO_TORCH_DTYPE[cache_dtype]\n\n\n"
            "AEON_HYBRID = HybridAttentionMambaModelConfig\n",
            "from vllm.model_executor.models.config import STR_DTYPE_TO_TORCH_DTYPE, HybridAttentionMambaModelConfig",
        ),
    ),
    (
        "#37467 write moved out of the called function",
        "twin: a field the fix-up still writes, and a kept import",
        K(
            "#37467",
            HP,
            HPW,
            "vllm/aeon/hp4.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import HybridAttentionMambaModelConfig, round_up\n\n\n"
            "def aeon_hybrid_scales(vllm_config: VllmConfig) -> bool:\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    aeon_scales = vllm_config.cache_config.calculate_kv_scales\n"
            "    return bool(aeon_scales) and round_up(1, 16) == 16\n",
            "aeon_scales = vllm_config.cache_config.calculate_kv_scales",
        ),
    ),
]

# --- #39032 (dfa5062a8f): NemotronH's default mamba_ssm_cache_dtype float16 -> float32
NH = "dfa5062a8f"
NHW = "NemotronH default mamba_ssm_cache_dtype float16 -> float32"
CASES += [
    (
        "#39032 default value changed",
        "a comparison with the old default after the fix-up",
        K(
            "#39032",
            NH,
            NHW,
            "vllm/aeon/nh1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import NemotronHForCausalLMConfig\n\n\n"
            "def aeon_fp16_ssm(vllm_config: VllmConfig) -> bool:\n"
            "    NemotronHForCausalLMConfig.verify_and_update_config(vllm_config)\n"
            "    # AEON: the Spark's half-precision SSM kernel only for an fp16 state\n"
            '    return vllm_config.cache_config.mamba_ssm_cache_dtype == "float16"\n',
            'return vllm_config.cache_config.mamba_ssm_cache_dtype == "float16"',
        ),
    ),
    (
        "#39032 default value changed",
        "a fork copy of the default",
        K(
            "#39032",
            NH,
            NHW,
            "vllm/aeon/nh2.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_ssm_state_bytes(vllm_config: VllmConfig, numel: int) -> int:\n"
            "    # AEON: the Spark's memory planner mirrors NemotronH's SSM dtype choice\n"
            "    dtype = vllm_config.cache_config.mamba_ssm_cache_dtype\n"
            '    if dtype == "auto":\n'
            '        dtype = getattr(vllm_config.model_config.hf_config, "mamba_ssm_cache_dtype", "float16")\n'
            '    return numel * (4 if dtype == "float32" else 2)\n',
            'dtype = getattr(vllm_config.model_config.hf_config, "mamba_ssm_cache_dtype", "float16")',
        ),
    ),
    (
        "#39032 default value changed",
        "twin: a staticmethod override calling the fix-up through its class",
        K(
            "#39032",
            NH,
            NHW,
            "vllm/aeon/nh3.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import NemotronHForCausalLMConfig\n\n\n"
            "class AeonNemotronHConfig(NemotronHForCausalLMConfig):\n"
            "    @staticmethod\n"
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
            "        NemotronHForCausalLMConfig.verify_and_update_config(vllm_config)\n"
            "        vllm_config.cache_config.mamba_cache_dtype = vllm_config.cache_config.mamba_ssm_cache_dtype\n",
            "NemotronHForCausalLMConfig.verify_and_update_config(vllm_config)",
        ),
    ),
]

# --- #50991 (f9c74b4b9c): the mamba cache mode defaults to "align", no longer "all", with prefix caching
MC = "f9c74b4b9c"
MCW = 'mamba_cache_mode defaulted to "align" instead of "all"'
CASES += [
    (
        "#50991 stored value changed",
        'a comparison with "all" after the fix-up',
        K(
            "#50991",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import MambaModelConfig\n\n\n"
            "def aeon_snapshot_every_block(vllm_config: VllmConfig) -> bool:\n"
            "    MambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    # AEON: the Spark's state snapshots to host memory only when every block is cached\n"
            '    return vllm_config.cache_config.mamba_cache_mode == "all"\n',
            'return vllm_config.cache_config.mamba_cache_mode == "all"',
        ),
    ),
    (
        "#50991 stored value changed",
        'a subclass testing "all" after super()',
        K(
            "#50991",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import MambaModelConfig\n\n\n"
            "class AeonMambaConfig(MambaModelConfig):\n"
            "    @classmethod\n"
            "    def verify_and_update_config(cls, vllm_config: VllmConfig) -> None:\n"
            "        super().verify_and_update_config(vllm_config)\n"
            "        cache_config = vllm_config.cache_config\n"
            '        if cache_config.mamba_cache_mode == "all" and cache_config.mamba_block_size:\n'
            "            # AEON: the Spark's drafter shares the target's per-block states\n"
            '            vllm_config.additional_config["aeon_share_states"] = True\n',
            'if cache_config.mamba_cache_mode == "all" and cache_config.mamba_block_size:',
        ),
    ),
    (
        "#50991 stored value changed",
        'twin: a comparison with the unchanged "none"',
        K(
            "#50991",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import MambaModelConfig\n\n\n"
            "def aeon_mamba_uncached(vllm_config: VllmConfig) -> bool:\n"
            "    MambaModelConfig.verify_and_update_config(vllm_config)\n"
            '    return vllm_config.cache_config.mamba_cache_mode == "none"\n',
            'return vllm_config.cache_config.mamba_cache_mode == "none"',
        ),
    ),
]

# --- #28250 (da786e339e): SchedulerConfig.scheduler_cls defaults to None; get_scheduler_cls() resolves it
SC = "da786e339e"
SCW = "scheduler_cls default qualname -> None, async no longer writes it"
CASES += [
    (
        "#28250 default changed to None",
        "a comparison with the async scheduler's qualname",
        K(
            "#28250",
            SC,
            SCW,
            "vllm/aeon/sc1.py",
            "from vllm.config import SchedulerConfig\n\n\n"
            "def aeon_is_async(scheduler_config: SchedulerConfig) -> bool:\n"
            "    # AEON: the Spark's metrics tag the async scheduler's steps\n"
            '    return scheduler_config.scheduler_cls == "vllm.v1.core.sched.async_scheduler.AsyncScheduler"\n',
            'return scheduler_config.scheduler_cls == "vllm.v1.core.sched.async_scheduler.AsyncScheduler"',
        ),
    ),
    (
        "#28250 default changed to None",
        "a string method on the field",
        K(
            "#28250",
            SC,
            SCW,
            "vllm/aeon/sc2.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_scheduler_name(vllm_config: VllmConfig) -> str:\n"
            '    return vllm_config.scheduler_config.scheduler_cls.rsplit(".", 1)[-1]\n',
            'return vllm_config.scheduler_config.scheduler_cls.rsplit(".", 1)[-1]',
        ),
    ),
    (
        "#28250 default changed to None",
        "the class attribute's default resolved",
        K(
            "#28250",
            SC,
            SCW,
            "vllm/aeon/sc3.py",
            "from vllm.config import SchedulerConfig\n"
            "from vllm.utils.import_utils import resolve_obj_by_qualname\n\n"
            "AEON_DEFAULT_SCHEDULER = SchedulerConfig.scheduler_cls\n\n\n"
            "def aeon_default_scheduler():\n"
            "    return resolve_obj_by_qualname(AEON_DEFAULT_SCHEDULER)\n",
            "AEON_DEFAULT_SCHEDULER = SchedulerConfig.scheduler_cls",
        ),
    ),
    (
        "#28250 default changed to None",
        "twin: the fork's own scheduler set, the async flag read",
        K(
            "#28250",
            SC,
            SCW,
            "vllm/aeon/sc4.py",
            "from vllm.config import SchedulerConfig\n\n\n"
            "def aeon_use_own_scheduler(scheduler_config: SchedulerConfig) -> bool:\n"
            '    scheduler_config.scheduler_cls = "vllm.aeon.scheduler.AeonScheduler"\n'
            "    return bool(scheduler_config.async_scheduling)\n",
            "return bool(scheduler_config.async_scheduling)",
        ),
    ),
]

# --- #26390 (b25d7b5657): CacheConfig's __post_init__, swap_space_bytes and _verify_* removed (pydantic checks)
CV = "b25d7b5657"
CVW = "CacheConfig.__post_init__/swap_space_bytes/_verify_cache_dtype removed"
CC = "from pydantic.dataclasses import dataclass\n\nfrom vllm.config import CacheConfig\nfrom vllm.config.utils import config\n\n\n"
CASES += [
    (
        "#26390 attribute removed",
        "a read of the attribute __post_init__ set",
        K(
            "#26390",
            CV,
            CVW,
            "vllm/aeon/cv1.py",
            "from vllm.config import CacheConfig\n\n\n"
            "def aeon_host_budget(cache_config: CacheConfig, num_gpus: int) -> int:\n"
            "    # AEON: the Spark's host and device share one memory; the swap space is charged once\n"
            "    return int(cache_config.swap_space_bytes) * num_gpus\n",
            "return int(cache_config.swap_space_bytes) * num_gpus",
        ),
    ),
    (
        "#26390 method removed",
        "a subclass's super().__post_init__()",
        K(
            "#26390",
            CV,
            CVW,
            "vllm/aeon/cv2.py",
            CC + "@config\n@dataclass\nclass AeonCacheConfig(CacheConfig):\n"
            "    aeon_prefetch_blocks: int = 0\n\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        # AEON: the Spark's prefetcher never runs ahead of the swap space\n"
            "        self.aeon_prefetch_blocks = min(self.aeon_prefetch_blocks, int(self.swap_space))\n",
            "super().__post_init__()",
        ),
    ),
    (
        "#26390 method removed",
        "an override of a check the base no longer calls",
        K(
            "#26390",
            CV,
            CVW,
            "vllm/aeon/cv3.py",
            CC + "@config\n@dataclass\nclass AeonGb10CacheConfig(CacheConfig):\n"
            "    def _verify_cache_dtype(self) -> None:\n"
            "        # AEON: GB10 has no e5m2 KV kernels; refuse it before the engine starts\n"
            '        if self.cache_dtype == "fp8_e5m2":\n'
            '            raise ValueError("fp8_e5m2 KV cache is not supported on GB10")\n'
            "        super()._verify_cache_dtype()\n",
            "def _verify_cache_dtype(self) -> None:",
        ),
    ),
    (
        "#26390 attribute removed",
        "twin: the kept field and a kept method's override",
        K(
            "#26390",
            CV,
            CVW,
            "vllm/aeon/cv4.py",
            CC + "@config\n@dataclass\nclass AeonMetricsCacheConfig(CacheConfig):\n"
            "    def metrics_info(self):\n"
            "        info = super().metrics_info()\n"
            '        info["aeon_swap_gib"] = str(self.swap_space)\n'
            "        return info\n",
            "info = super().metrics_info()",
        ),
    ),
]

# --- #34392 (23d825aba1): "DeepseekV3ForCausalLM" added to MODELS_CONFIG_MAP (NVFP4 AR-RMS fusion off)
DS = "23d825aba1"
DSW = "MODELS_CONFIG_MAP gains DeepseekV3ForCausalLM"
DSH = (
    "from vllm.config import VllmConfig\n"
    "from vllm.model_executor.models.config import MODELS_CONFIG_MAP, VerifyAndUpdateConfig\n\n\n"
    "class AeonDeepseekV3Config(VerifyAndUpdateConfig):\n"
    "    @staticmethod\n"
    "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
    "        # AEON: the Spark captures DeepSeek-V3 NVFP4 graphs only up to 256 tokens\n"
    "        vllm_config.compilation_config.max_cudagraph_capture_size = 256\n\n\n"
)
CASES += [
    (
        "#34392 registry key added",
        "a subscript assignment of the new key",
        K(
            "#34392",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            DSH + 'MODELS_CONFIG_MAP["DeepseekV3ForCausalLM"] = AeonDeepseekV3Config\n',
            'MODELS_CONFIG_MAP["DeepseekV3ForCausalLM"] = AeonDeepseekV3Config',
        ),
    ),
    (
        "#34392 registry key added",
        "a setdefault of the new key",
        K(
            "#34392",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            DSH + 'MODELS_CONFIG_MAP.setdefault("DeepseekV3ForCausalLM", AeonDeepseekV3Config)\n',
            'MODELS_CONFIG_MAP.setdefault("DeepseekV3ForCausalLM", AeonDeepseekV3Config)',
        ),
    ),
    (
        "#34392 registry key added",
        "twin: a key upstream does not add",
        K(
            "#34392",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            DSH + 'MODELS_CONFIG_MAP["AeonDeepseekMtpForCausalLM"] = AeonDeepseekV3Config\n',
            'MODELS_CONFIG_MAP["AeonDeepseekMtpForCausalLM"] = AeonDeepseekV3Config',
        ),
    ),
]

# --- #25075 (e23cacda35): SchedulerConfig.__post_init__ given the is_encoder_decoder init-var
PI = "e23cacda35"
PIW = "SchedulerConfig.__post_init__(is_encoder_decoder)"
SH = "from pydantic.dataclasses import dataclass\n\nfrom vllm.config import SchedulerConfig\nfrom vllm.config.utils import config\n\n\n"
CASES += [
    (
        "#25075 init-var added to __post_init__",
        "a subclass's super().__post_init__()",
        K(
            "#25075",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            SH + "@config\n@dataclass\nclass AeonSchedulerConfig(SchedulerConfig):\n"
            "    aeon_max_draft_tokens: int = 0\n\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        # AEON: the Spark's drafter shares the batch token budget\n"
            "        self.max_num_batched_tokens += self.aeon_max_draft_tokens\n",
            "super().__post_init__()",
        ),
    ),
    (
        "#25075 init-var added to __post_init__",
        "an explicit base call in an override",
        K(
            "#25075",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            SH + "@config\n@dataclass\nclass AeonSparkSchedulerConfig(SchedulerConfig):\n"
            "    def __post_init__(self) -> None:\n"
            "        SchedulerConfig.__post_init__(self)\n"
            "        self.max_num_seqs = min(self.max_num_seqs, 64)\n",
            "SchedulerConfig.__post_init__(self)",
        ),
    ),
    (
        "#25075 init-var added to __post_init__",
        "twin: a pass-through override",
        K(
            "#25075",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            SH + "@config\n@dataclass\nclass AeonPassSchedulerConfig(SchedulerConfig):\n"
            "    def __post_init__(self, *args, **kwargs) -> None:\n"
            "        super().__post_init__(*args, **kwargs)\n"
            "        self.max_num_seqs = min(self.max_num_seqs, 64)\n",
            "super().__post_init__(*args, **kwargs)",
        ),
    ),
]

# --- #31662 (8be6432bda): VllmConfig.recalculate_max_model_len removed; NomicBert's fix-up moved to the model config
NB = "8be6432bda"
NBW = "recalculate_max_model_len removed; NomicBertModelConfig.verify_and_update_config moved"
CASES += [
    (
        "#31662 method removed",
        "a call of the removed method on a typed parameter",
        K(
            "#31662",
            NB,
            NBW,
            "vllm/aeon/nb1.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_cap_context(vllm_config: VllmConfig, cap: int) -> None:\n"
            "    # AEON: the Spark caps the context of its embedders to fit unified memory\n"
            "    if vllm_config.model_config.max_model_len > cap:\n"
            "        vllm_config.recalculate_max_model_len(cap)\n",
            "vllm_config.recalculate_max_model_len(cap)",
        ),
    ),
    (
        "#31662 method moved to a new name",
        "a direct call of the moved fix-up",
        K(
            "#31662",
            NB,
            NBW,
            "vllm/aeon/nb2.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import NomicBertModelConfig\n\n\n"
            "def aeon_fixup_nomic(vllm_config: VllmConfig) -> None:\n"
            "    # AEON: the Spark's retrieval embedder is a Nomic checkpoint under our own arch\n"
            "    NomicBertModelConfig.verify_and_update_config(vllm_config)\n",
            "NomicBertModelConfig.verify_and_update_config(vllm_config)",
        ),
    ),
    (
        "#31662 method removed",
        "twin: the kept model-config check",
        K(
            "#31662",
            NB,
            NBW,
            "vllm/aeon/nb3.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_cap_context2(vllm_config: VllmConfig, cap: int) -> None:\n"
            "    model_config = vllm_config.model_config\n"
            "    model_config.max_model_len = model_config.get_and_verify_max_len(cap)\n",
            "model_config.max_model_len = model_config.get_and_verify_max_len(cap)",
        ),
    ),
]

# --- #45187 (1c94e8dc7d): CacheDType given "nvfp4_4over6"
NV = "1c94e8dc7d"
NVW = 'CacheDType gains "nvfp4_4over6"'
CASES += [
    (
        "#45187 literal member added",
        "an exhaustive table keyed by the members",
        K(
            "#45187",
            NV,
            NVW,
            "vllm/aeon/nv1.py",
            "from vllm.config import CacheConfig\n\n"
            "# AEON: the Spark's memory planner charges each KV dtype's bits per element\n"
            "_AEON_KV_BITS = {\n"
            '    "auto": 16, "float16": 16, "bfloat16": 16,\n'
            '    "fp8": 8, "fp8_e4m3": 8, "fp8_e5m2": 8, "fp8_inc": 8, "fp8_ds_mla": 8,\n'
            '    "turboquant_k8v4": 6, "turboquant_4bit_nc": 4, "turboquant_k3v4_nc": 4, "turboquant_3bit_nc": 3,\n'
            '    "int4_per_token_head": 4, "int8_per_token_head": 8, "fp8_per_token_head": 8,\n'
            '    "nvfp4": 4,\n'
            "}\n\n\n"
            "def aeon_kv_bits(cache_config: CacheConfig) -> int:\n"
            "    return _AEON_KV_BITS[cache_config.cache_dtype]\n",
            "return _AEON_KV_BITS[cache_config.cache_dtype]",
        ),
    ),
    (
        "#45187 literal member added",
        "an equality test with the one NVFP4 member",
        K(
            "#45187",
            NV,
            NVW,
            "vllm/aeon/nv2.py",
            "from vllm.config import CacheConfig\n\n\n"
            "def aeon_packed_kv(cache_config: CacheConfig) -> bool:\n"
            "    # AEON: the Spark's NVFP4 KV pages pack two values a byte plus a scale per 16\n"
            '    return cache_config.cache_dtype == "nvfp4"\n',
            'return cache_config.cache_dtype == "nvfp4"',
        ),
    ),
    (
        "#45187 literal member added",
        "twin: a prefix test",
        K(
            "#45187",
            NV,
            NVW,
            "vllm/aeon/nv3.py",
            "from vllm.config import CacheConfig\n\n\n"
            "def aeon_packed_kv2(cache_config: CacheConfig) -> bool:\n"
            '    return cache_config.cache_dtype.startswith("nvfp4")\n',
            'return cache_config.cache_dtype.startswith("nvfp4")',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-modelcfg-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
