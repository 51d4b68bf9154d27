"""Adversarial twins of killers164's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a read of a path off an argument after a call of a method that stored it and no longer does
  (``drift/stopped_arg_writes.py``, new; #37467 moved the hybrid block alignment out of
  ``HybridAttentionMambaModelConfig.verify_and_update_config`` into the platform; #49389 dropped its
  ``calculate_kv_scales = False``): the platform's hook called between (the new spelling), the fork's own store
  between, a read before the call, the call in one branch and the read in the other, a keyword call on another
  config with the read off this one, the fork's own class of the name, a path the fix-up still stores read through
  a local, a ``getattr(..., False)`` of the removed field, a field the fix-up never stored;
- a constant a method no longer stores on a path it still stores (#50991 ``"all" if ... else "align"`` ->
  ``"align"``, a warning): a comparison with ``"align"`` (still stored);
- a fork ``getattr`` spelling upstream's old fallback (``drift/copied_fallbacks.py``, new, a warning; #39032
  ``"float16"`` -> ``float32``): the new fallback, ``None``;
- a table entry picked into a local before its call (``_picked`` in ``drift/symbols.py``; #31131 moved the fix-ups
  to ``verify_and_update_model_config``; #31662 moved NomicBert's): a table of kept fix-ups, a table of the
  fork's own classes' methods of the name, a table of a fix-up moved long before (the base's no-op at both ends);
- an override left on a base's stub, its parent's work moved to a sibling hook (``_left_for_a_sibling_hook`` in
  ``drift/symbols.py``; #31131): the fork's subclass overriding the sibling too, a registered override handing on
  through ``super()`` and adding its own, a class of the fork's own deriving from the base, a subclass of a kept
  fix-up, an unregistered helper subclass the fork calls itself;
- ``__post_init__`` looked up along a class's order (``drift/pyindex.py``; #26390 removed
  ``CacheConfig.__post_init__``, #26413 ``LoRAConfig``'s and ``LoadConfig``'s): a ``hasattr(super(), ...)`` guard, a
  ``try``/``except AttributeError``, a fork mixin after the upstream class in the bases, ``getattr(super(),
  "__post_init__", ...)``, a subclass of a class keeping the hook (``SchedulerConfig``, ``ParallelConfig``);
- a ``Literal`` spelt one choice a line widened by an added choice line (``_CHOICE_LINE`` in
  ``drift/widened_literals.py``; #45187 ``"nvfp4_4over6"``, #37332 ``"nvfp4"``, #37199 ``"float16"``): the table
  holding the new key ahead, ``.get`` with a default, a membership test first, ``try``/``except KeyError``, a
  table keyed by an unchanged ``Literal`` (``MambaDType``).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches by
these widenings, kept to show the reach stays, and three more real commits of the same shapes: #49389's read of
``calculate_kv_scales`` after the fix-up (the field removed), #26413's ``super().__post_init__()`` of a
``LoRAConfig`` subclass, #37332's exhaustive table without ``"nvfp4"`` and #31662's table pick of NomicBert's
moved fix-up.

Round 1 (main at 187acc85), 12 cases and 33 twins as first written: 10 caught, 2 warned of 12 (the two warnings by
design); 5 false errors of 33: the platform's hook called between the fix-up and the read, and the call in one
branch with the read in the other (2, ``drift/stopped_arg_writes.py``: nothing between the call and the read but a
store or a rebinding silenced it, and a read in the ``else`` of the call's ``if`` counted as after it), the
unregistered helper subclass the fork calls itself (1, the sibling-hook check: upstream's callers never reach a
class only called through), ``getattr(super(), "__post_init__", ...)`` (1, symbol drift's string read: since
``__post_init__`` is looked up along the order, a probe of it read as a read of a removed member), and
``getattr(cache_config, "calculate_kv_scales", False)`` after #49389's fix-up (1, the string-read check, not a
widening: the fork's flag is silently False now, which that check errs on by design, as review75 kept #35309's
probe: moved to the CASES).  Two twins were judged on the wrong line and blocked the merge unseen: the
``hasattr(super(), "__post_init__")`` guard (the error was on the guard, the twin's line the hand-on below it:
now judged on the guard) and the registered override handing on through ``super()`` (the error on the hand-on,
from emptied drift, the twin's line the def: now judged on the hand-on; right after the merge, since upstream's
``ModelConfig`` calls ``verify_and_update_model_config`` on the registered class, which runs the parent's work).
So round 1 on the final set: 11 caught, 2 warned of 13; 5 false errors of 32 twins.
Round 2 (this branch): a call between the method's and the read handed the argument, or a path off it holding
the one read, and no builtin reader nor a logger, silences the read (the write may be there, as upstream's own
side is silenced by a call it cannot follow); a read in the other branch of the call's ``if`` is not after it; a
probe (``hasattr``/``getattr``) of ``__post_init__`` is quiet (the cooperative hook's own idiom asks whether the
order holds it); an override left on a base's stub in a class its file only calls through (never stored, handed
or derived from) is a warning (another file may register it); a ``super()`` hand-on from an override whose work
moved to a sibling hook the class inherits, in a class its file registers, is a warning (the work runs at the
hook's time now).  A case added: the same hand-on in a class only called through (the parent's work lost: still
an error).  12 caught, 2 warned of 14; 0 false errors of 32 twins (5 warned: the mended hand-on and helper; the
fork's own ``verify_and_update_model_config`` now overriding upstream's, the ``try``/``except AttributeError``
around ``super().__post_init__()`` and the fork mixin after ``CacheConfig`` answering it -- another body -- by
design).
Regression set: blind_replay_modelcfg 14 caught, 8 warned, 2 missed of 24, 11 twins quiet (as before);
killer_replay 26/26; kind_change_replay 12/12 (5 quiet); review66_twins 7/7, 0 false of 25; review33_twins 6/6,
0 false of 33; review18_twins 9/9, 0 false of 41; blind_replay_specconf 32/1/0 of 33 (1 false error, the kept
``is_multi_step``, as before); blind_replay_asyncsched 20/0/1 of 21, 14 quiet (as before);
``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught, 8 warnings, as before).
Unit tests: stopped arg writes 20, emptied drift 31, symbol drift 322, dunders/renamed overrides/new hooks/probes 53.

  PYTHONPATH=.. python review80_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 3b1dbaad4e (#37467): the hybrid fix-up no longer stores block_size / mamba_page_size_padded on its argument
HP = ("#37467", "3b1dbaad4e", "HybridAttentionMambaModelConfig no longer aligns block_size nor pads the mamba page")
HA = "from vllm.config import VllmConfig\nfrom vllm.model_executor.models.config import HybridAttentionMambaModelConfig\n\n\n"
SA = "stopped argument write"
CASES += [
    (
        f"#37467 {SA}",
        "a read after calling the fix-up",
        K(
            *HP,
            "vllm/aeon/r80hp0.py",
            HA + "def aeon_mamba_page_bytes(vllm_config: VllmConfig) -> int:\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    padded = vllm_config.cache_config.mamba_page_size_padded\n"
            "    return (padded or 0) * vllm_config.scheduler_config.max_num_seqs\n",
            "    padded = vllm_config.cache_config.mamba_page_size_padded",
        ),
    ),
    (
        f"#37467 {SA}",
        "a subclass's read after super()",
        K(
            *HP,
            "vllm/aeon/r80hp1.py",
            HA + "class AeonHybridConfig(HybridAttentionMambaModelConfig):\n"
            "    @classmethod\n"
            "    def verify_and_update_config(cls, vllm_config: VllmConfig) -> None:\n"
            "        super().verify_and_update_config(vllm_config)\n"
            "        aeon_page_tokens = vllm_config.cache_config.block_size\n"
            '        vllm_config.additional_config["aeon_page_tokens"] = aeon_page_tokens\n',
            "        aeon_page_tokens = vllm_config.cache_config.block_size",
        ),
    ),
]
TWINS += [
    (
        f"#37467 {SA}",
        "twin: the platform's hook called between (the new spelling)",
        K(
            *HP,
            "vllm/aeon/r80hp2.py",
            "from vllm.platforms import current_platform\n"
            + HA
            + "def aeon_page_tokens(vllm_config: VllmConfig) -> int:\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    # AEON: the block size is final once the platform has aligned it to the backend\n"
            "    current_platform.update_block_size_for_backend(vllm_config)\n"
            "    return vllm_config.cache_config.block_size\n",
            "    return vllm_config.cache_config.block_size",
        ),
    ),
    (
        f"#37467 {SA}",
        "twin: the fork's own store between",
        K(
            *HP,
            "vllm/aeon/r80hp3.py",
            HA + "def aeon_page_tokens(vllm_config: VllmConfig) -> int:\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    vllm_config.cache_config.block_size = 64  # AEON: the Spark's kernels want 64-token pages\n"
            "    return vllm_config.cache_config.block_size * 2\n",
            "    return vllm_config.cache_config.block_size * 2",
        ),
    ),
    (
        f"#37467 {SA}",
        "twin: a read before the call",
        K(
            *HP,
            "vllm/aeon/r80hp4.py",
            HA + "def aeon_user_block(vllm_config: VllmConfig) -> int | None:\n"
            "    asked = vllm_config.cache_config.block_size  # AEON: what the user asked for, before any fix-up\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    return asked\n",
            "    asked = vllm_config.cache_config.block_size  # AEON: what the user asked for, before any fix-up",
        ),
    ),
    (
        f"#37467 {SA}",
        "twin: the call in one branch, the read in the other",
        K(
            *HP,
            "vllm/aeon/r80hp5.py",
            HA + "def aeon_page_tokens(vllm_config: VllmConfig, hybrid: bool) -> int | None:\n"
            "    if hybrid:\n"
            "        HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "        return None  # AEON: the hybrid page is sized later\n"
            "    else:\n"
            "        return vllm_config.cache_config.block_size\n",
            "        return vllm_config.cache_config.block_size",
        ),
    ),
    (
        f"#37467 {SA}",
        "twin: a keyword call on the draft's config, the read off the target's",
        K(
            *HP,
            "vllm/aeon/r80hp6.py",
            HA + "def aeon_target_block(vllm_config: VllmConfig, draft_config: VllmConfig) -> int:\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config=draft_config)\n"
            "    return vllm_config.cache_config.block_size\n",
            "    return vllm_config.cache_config.block_size",
        ),
    ),
    (
        f"#37467 {SA}",
        "twin: the fork's own class of the name, which still aligns",
        K(
            *HP,
            "vllm/aeon/r80hp7.py",
            "from vllm.config import VllmConfig\n\n\n"
            "class HybridAttentionMambaModelConfig:\n"
            "    @classmethod\n"
            "    def verify_and_update_config(cls, vllm_config: VllmConfig) -> None:\n"
            "        vllm_config.cache_config.block_size = 64  # AEON: the Spark's own alignment\n\n\n"
            "def aeon_page_tokens(vllm_config: VllmConfig) -> int:\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    return vllm_config.cache_config.block_size\n",
            "    return vllm_config.cache_config.block_size",
        ),
    ),
    (
        f"#37467 {SA}",
        "twin: a path the fix-up still stores, read through a local",
        K(
            *HP,
            "vllm/aeon/r80hp8.py",
            HA + "class AeonHybridConfig2(HybridAttentionMambaModelConfig):\n"
            "    @classmethod\n"
            "    def verify_and_update_config(cls, vllm_config: VllmConfig) -> None:\n"
            "        cache_config = vllm_config.cache_config\n"
            "        super().verify_and_update_config(vllm_config)\n"
            "        aeon_scales = cache_config.calculate_kv_scales\n"
            '        vllm_config.additional_config["aeon_scales"] = aeon_scales\n',
            "        aeon_scales = cache_config.calculate_kv_scales",
        ),
    ),
]

# --- dd11df04f3 (#49389): the hybrid fix-up's calculate_kv_scales = False removed with the field
KS = ("#49389", "dd11df04f3", "calculate_kv_scales removed; the hybrid fix-up no longer clears it")
CASES += [
    (
        f"#49389 {SA}",
        "a read of the cleared field after the fix-up",
        K(
            *KS,
            "vllm/aeon/r80ks0.py",
            HA + "def aeon_scales_off(vllm_config: VllmConfig) -> bool:\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    return not vllm_config.cache_config.calculate_kv_scales\n",
            "    return not vllm_config.cache_config.calculate_kv_scales",
        ),
    ),
]
CASES += [
    (
        f"#49389 {SA}",
        "getattr(..., False) of the removed field (a string read: the fork's flag silently False)",
        K(
            *KS,
            "vllm/aeon/r80ks1.py",
            HA + "def aeon_scales_on(vllm_config: VllmConfig) -> bool:\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            '    return bool(getattr(vllm_config.cache_config, "calculate_kv_scales", False))\n',
            '    return bool(getattr(vllm_config.cache_config, "calculate_kv_scales", False))',
        ),
    ),
]
TWINS += [
    (
        f"#49389 {SA}",
        "twin: a field the fix-up never stored, read after it",
        K(
            *KS,
            "vllm/aeon/r80ks2.py",
            HA + "def aeon_kv_dtype(vllm_config: VllmConfig) -> str:\n"
            "    HybridAttentionMambaModelConfig.verify_and_update_config(vllm_config)\n"
            "    return vllm_config.cache_config.cache_dtype\n",
            "    return vllm_config.cache_config.cache_dtype",
        ),
    ),
]

# --- f9c74b4b9c (#50991): mamba_cache_mode stored "align" where it stored "all" if ... else "align"
MC = ("#50991", "f9c74b4b9c", 'mamba_cache_mode defaulted to "align" instead of "all"')
MM = "from vllm.config import VllmConfig\nfrom vllm.model_executor.models.config import MambaModelConfig\n\n\n"
CASES += [
    (
        "#50991 stored value lost",
        'a comparison with "all" after the fix-up (a warning)',
        K(
            *MC,
            "vllm/aeon/r80mc0.py",
            MM + "def aeon_every_block(vllm_config: VllmConfig) -> bool:\n"
            "    MambaModelConfig.verify_and_update_config(vllm_config)\n"
            '    return vllm_config.cache_config.mamba_cache_mode == "all"\n',
            '    return vllm_config.cache_config.mamba_cache_mode == "all"',
        ),
    ),
]
TWINS += [
    (
        "#50991 stored value lost",
        'twin: a comparison with "align", still stored',
        K(
            *MC,
            "vllm/aeon/r80mc1.py",
            MM + "def aeon_aligned(vllm_config: VllmConfig) -> bool:\n"
            "    MambaModelConfig.verify_and_update_config(vllm_config)\n"
            '    return vllm_config.cache_config.mamba_cache_mode == "align"\n',
            '    return vllm_config.cache_config.mamba_cache_mode == "align"',
        ),
    ),
]

# --- dfa5062a8f (#39032): NemotronH's getattr fallback "float16" -> cls.DEFAULT_MAMBA_SSM_CACHE_DTYPE ("float32")
NH = ("#39032", "dfa5062a8f", "NemotronH default mamba_ssm_cache_dtype float16 -> float32")
CASES += [
    (
        "#39032 copied fallback",
        "a fork copy of the old fallback (a warning)",
        K(
            *NH,
            "vllm/aeon/r80nh0.py",
            "def aeon_ssm_dtype(hf_config) -> str:\n"
            '    return getattr(hf_config, "mamba_ssm_cache_dtype", "float16")\n',
            '    return getattr(hf_config, "mamba_ssm_cache_dtype", "float16")',
        ),
    ),
]
TWINS += [
    (
        "#39032 copied fallback",
        "twin: the new fallback",
        K(
            *NH,
            "vllm/aeon/r80nh1.py",
            "def aeon_ssm_dtype(hf_config) -> str:\n"
            '    return getattr(hf_config, "mamba_ssm_cache_dtype", "float32")\n',
            '    return getattr(hf_config, "mamba_ssm_cache_dtype", "float32")',
        ),
    ),
    (
        "#39032 copied fallback",
        "twin: None, the fork deciding itself",
        K(
            *NH,
            "vllm/aeon/r80nh2.py",
            "def aeon_ssm_dtype(hf_config) -> str:\n"
            '    asked = getattr(hf_config, "mamba_ssm_cache_dtype", None)\n'
            '    return asked or "bfloat16"  # AEON: the Spark keeps the SSM state in bf16\n',
            '    asked = getattr(hf_config, "mamba_ssm_cache_dtype", None)',
        ),
    ),
]

# --- bd89ce16d2 (#31131): per-model fix-ups moved into verify_and_update_model_config; the base's is a no-op
MU = ("#31131", "bd89ce16d2", "fix-ups moved from verify_and_update_config to verify_and_update_model_config")
CASES += [
    (
        "#31131 table pick",
        "a table of fix-ups picked into a local",
        K(
            *MU,
            "vllm/aeon/r80mu0.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import JinaVLForSequenceClassificationConfig\n\n"
            "_AEON_FIXUPS = {\n"
            '    "AeonJinaVLRanker": JinaVLForSequenceClassificationConfig.verify_and_update_config,\n'
            "}\n\n\n"
            "def aeon_fixup(arch: str, vllm_config: VllmConfig) -> None:\n"
            "    fixup = _AEON_FIXUPS.get(arch)\n"
            "    if fixup is not None:\n"
            "        fixup(vllm_config)\n",
            '    "AeonJinaVLRanker": JinaVLForSequenceClassificationConfig.verify_and_update_config,',
        ),
    ),
    (
        "#31131 sibling hook",
        "a registered subclass's override replacing the parent's fix-up",
        K(
            *MU,
            "vllm/aeon/r80mu1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import MODELS_CONFIG_MAP, Qwen3ForSequenceClassificationConfig\n\n\n"
            "class AeonRerankerConfig(Qwen3ForSequenceClassificationConfig):\n"
            "    @staticmethod\n"
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
            '        vllm_config.model_config.hf_config.method = "from_2_way_softmax"\n\n\n'
            'MODELS_CONFIG_MAP["Qwen3ForSequenceClassification"] = AeonRerankerConfig\n',
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:",
        ),
    ),
]
CASES += [
    (
        "#31131 sibling hook",
        "an unregistered override handing on through super(), called by the fork itself",
        K(
            *MU,
            "vllm/aeon/r80mu9.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import Qwen3ForSequenceClassificationConfig\n\n\n"
            "class AeonOfflineReranker2(Qwen3ForSequenceClassificationConfig):\n"
            "    @classmethod\n"
            "    def verify_and_update_config(cls, vllm_config: VllmConfig) -> None:\n"
            "        super().verify_and_update_config(vllm_config)\n"
            "        vllm_config.scheduler_config.max_num_seqs = 32\n\n\n"
            "def aeon_offline(vllm_config: VllmConfig) -> None:\n"
            "    AeonOfflineReranker2.verify_and_update_config(vllm_config)\n",
            "        super().verify_and_update_config(vllm_config)",
        ),
    ),
]
TWINS += [
    (
        "#31131 table pick",
        "twin: a table of kept fix-ups picked into a local",
        K(
            *MU,
            "vllm/aeon/r80mu2.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import GptOssForCausalLMConfig, MambaModelConfig\n\n"
            "_AEON_FIXUPS = {\n"
            '    "AeonMamba": MambaModelConfig.verify_and_update_config,\n'
            '    "AeonGptOss": GptOssForCausalLMConfig.verify_and_update_config,\n'
            "}\n\n\n"
            "def aeon_fixup(arch: str, vllm_config: VllmConfig) -> None:\n"
            "    fixup = _AEON_FIXUPS.get(arch)\n"
            "    if fixup is not None:\n"
            "        fixup(vllm_config)\n",
            "        fixup(vllm_config)",
        ),
    ),
    (
        "#31131 table pick",
        "twin: a table of the fork's own classes' fix-ups of the name",
        K(
            *MU,
            "vllm/aeon/r80mu3.py",
            "from vllm.config import VllmConfig\n\n\n"
            "class JinaVLForSequenceClassificationConfig:\n"
            "    @staticmethod\n"
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
            '        vllm_config.model_config.hf_config.method = "no_post_processing"  # AEON: the fork\'s own\n\n\n'
            "_AEON_FIXUPS = {\n"
            '    "AeonJinaVLRanker": JinaVLForSequenceClassificationConfig.verify_and_update_config,\n'
            "}\n\n\n"
            "def aeon_fixup(arch: str, vllm_config: VllmConfig) -> None:\n"
            "    fixup = _AEON_FIXUPS.get(arch)\n"
            "    if fixup is not None:\n"
            "        fixup(vllm_config)\n",
            '    "AeonJinaVLRanker": JinaVLForSequenceClassificationConfig.verify_and_update_config,',
        ),
    ),
    (
        "#31131 sibling hook",
        "twin: the fork's subclass overriding the sibling hook too",
        K(
            *MU,
            "vllm/aeon/r80mu4.py",
            "from vllm.config import ModelConfig, VllmConfig\n"
            "from vllm.model_executor.models.config import MODELS_CONFIG_MAP, Qwen3ForSequenceClassificationConfig\n\n\n"
            "class AeonRerankerConfig(Qwen3ForSequenceClassificationConfig):\n"
            "    @staticmethod\n"
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
            "        AeonRerankerConfig.verify_and_update_model_config(vllm_config.model_config)\n\n"
            "    @staticmethod\n"
            "    def verify_and_update_model_config(model_config: ModelConfig) -> None:\n"
            '        model_config.hf_config.method = "from_2_way_softmax"  # AEON: ahead of upstream\'s hook\n\n\n'
            'MODELS_CONFIG_MAP["Qwen3ForSequenceClassification"] = AeonRerankerConfig\n',
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:",
        ),
    ),
    (
        "#31131 sibling hook",
        "twin: a class of the fork's own deriving from the base",
        K(
            *MU,
            "vllm/aeon/r80mu5.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import MODELS_CONFIG_MAP, VerifyAndUpdateConfig\n\n\n"
            "class AeonRerankerConfig(VerifyAndUpdateConfig):\n"
            "    @staticmethod\n"
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
            '        vllm_config.model_config.hf_config.method = "from_2_way_softmax"\n\n\n'
            'MODELS_CONFIG_MAP["AeonReranker"] = AeonRerankerConfig\n',
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:",
        ),
    ),
    (
        "#31131 sibling hook",
        "twin: a subclass of a kept fix-up replacing it",
        K(
            *MU,
            "vllm/aeon/r80mu6.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import MODELS_CONFIG_MAP, GptOssForCausalLMConfig\n\n\n"
            "class AeonGptOssConfig(GptOssForCausalLMConfig):\n"
            "    @staticmethod\n"
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
            "        vllm_config.compilation_config.max_cudagraph_capture_size = 512\n\n\n"
            'MODELS_CONFIG_MAP["GptOssForCausalLM"] = AeonGptOssConfig\n',
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:",
        ),
    ),
    (
        "#31131 sibling hook",
        "twin: a registered override handing on through super() and adding its own",
        K(
            *MU,
            "vllm/aeon/r80mu7.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import MODELS_CONFIG_MAP, Qwen3ForSequenceClassificationConfig\n\n\n"
            "class AeonRerankerConfig(Qwen3ForSequenceClassificationConfig):\n"
            "    @classmethod\n"
            "    def verify_and_update_config(cls, vllm_config: VllmConfig) -> None:\n"
            "        super().verify_and_update_config(vllm_config)\n"
            "        vllm_config.scheduler_config.max_num_seqs = 32  # AEON: the Spark batches rerank pairs small\n\n\n"
            'MODELS_CONFIG_MAP["Qwen3ForSequenceClassification"] = AeonRerankerConfig\n',
            "        super().verify_and_update_config(vllm_config)",
        ),
    ),
    (
        "#31131 sibling hook",
        "twin: an unregistered helper subclass the fork calls itself",
        K(
            *MU,
            "vllm/aeon/r80mu8.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import Qwen3ForSequenceClassificationConfig\n\n\n"
            "class AeonOfflineReranker(Qwen3ForSequenceClassificationConfig):\n"
            "    # AEON: the offline scorer's converted checkpoints; never registered for an arch\n"
            "    @staticmethod\n"
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:\n"
            '        vllm_config.model_config.hf_config.method = "from_2_way_softmax"\n\n\n'
            "def aeon_offline(vllm_config: VllmConfig) -> None:\n"
            "    AeonOfflineReranker.verify_and_update_config(vllm_config)\n",
            "    def verify_and_update_config(vllm_config: VllmConfig) -> None:",
        ),
    ),
]

# --- 8be6432bda (#31662): NomicBertModelConfig's fix-up moved to verify_and_update_model_config
NB = ("#31662", "8be6432bda", "NomicBertModelConfig.verify_and_update_config moved")
CASES += [
    (
        "#31662 table pick",
        "a table pick of NomicBert's moved fix-up",
        K(
            *NB,
            "vllm/aeon/r80nb0.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import NomicBertModelConfig\n\n"
            "_AEON_FIXUPS = {\n"
            '    "AeonNomicEmbed": NomicBertModelConfig.verify_and_update_config,\n'
            "}\n\n\n"
            "def aeon_fixup(arch: str, vllm_config: VllmConfig) -> None:\n"
            "    fixup = _AEON_FIXUPS[arch]\n"
            "    fixup(vllm_config)\n",
            '    "AeonNomicEmbed": NomicBertModelConfig.verify_and_update_config,',
        ),
    ),
]
TWINS += [
    (
        "#31662 table pick",
        "twin: a table pick of a fix-up moved long before (the base's no-op at both ends)",
        K(
            *NB,
            "vllm/aeon/r80nb1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.model_executor.models.config import GteNewModelConfig, MambaModelConfig\n\n"
            "_AEON_FIXUPS = {\n"
            '    "AeonGteEmbed": GteNewModelConfig.verify_and_update_config,\n'
            '    "AeonMamba": MambaModelConfig.verify_and_update_config,\n'
            "}\n\n\n"
            "def aeon_fixup(arch: str, vllm_config: VllmConfig) -> None:\n"
            "    fixup = _AEON_FIXUPS[arch]\n"
            "    fixup(vllm_config)\n",
            '    "AeonGteEmbed": GteNewModelConfig.verify_and_update_config,',
        ),
    ),
]

# --- b25d7b5657 (#26390): CacheConfig.__post_init__ removed (pydantic validators)
CV = ("#26390", "b25d7b5657", "CacheConfig.__post_init__ removed")
CC = "from pydantic.dataclasses import dataclass\n\nfrom vllm.config import CacheConfig\nfrom vllm.config.utils import config\n\n\n"
PI = "dunder looked up along the order"
CASES += [
    (
        f"#26390 {PI}",
        "a subclass's super().__post_init__()",
        K(
            *CV,
            "vllm/aeon/r80cv0.py",
            CC + "@config\n@dataclass\nclass AeonCacheConfig(CacheConfig):\n"
            "    aeon_prefetch_blocks: int = 0\n\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        self.aeon_prefetch_blocks = max(self.aeon_prefetch_blocks, 0)\n",
            "        super().__post_init__()",
        ),
    ),
]
TWINS += [
    (
        f"#26390 {PI}",
        'twin: a hasattr(super(), "__post_init__") guard',
        K(
            *CV,
            "vllm/aeon/r80cv1.py",
            CC + "@config\n@dataclass\nclass AeonCacheConfig(CacheConfig):\n"
            "    aeon_prefetch_blocks: int = 0\n\n"
            "    def __post_init__(self) -> None:\n"
            '        if hasattr(super(), "__post_init__"):  # AEON: newer upstreams validate with pydantic\n'
            "            super().__post_init__()\n"
            "        self.aeon_prefetch_blocks = max(self.aeon_prefetch_blocks, 0)\n",
            '        if hasattr(super(), "__post_init__"):  # AEON: newer upstreams validate with pydantic',
        ),
    ),
    (
        f"#26390 {PI}",
        "twin: a try/except AttributeError around the hand-on",
        K(
            *CV,
            "vllm/aeon/r80cv2.py",
            CC + "@config\n@dataclass\nclass AeonCacheConfig(CacheConfig):\n"
            "    aeon_prefetch_blocks: int = 0\n\n"
            "    def __post_init__(self) -> None:\n"
            "        try:\n"
            "            super().__post_init__()\n"
            "        except AttributeError:  # AEON: newer upstreams validate with pydantic\n"
            "            pass\n"
            "        self.aeon_prefetch_blocks = max(self.aeon_prefetch_blocks, 0)\n",
            "            super().__post_init__()",
        ),
    ),
    (
        f"#26390 {PI}",
        "twin: a fork mixin after the upstream class in the bases defines the hook",
        K(
            *CV,
            "vllm/aeon/r80cv3.py",
            CC + "class AeonChecks:\n"
            "    def __post_init__(self) -> None:\n"
            "        self.aeon_checked = True  # AEON: the Spark's own checks, last in the order\n\n\n"
            "@config\n@dataclass\nclass AeonCacheConfig(CacheConfig, AeonChecks):\n"
            "    aeon_prefetch_blocks: int = 0\n\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        self.aeon_prefetch_blocks = max(self.aeon_prefetch_blocks, 0)\n",
            "        super().__post_init__()",
        ),
    ),
    (
        f"#26390 {PI}",
        'twin: getattr(super(), "__post_init__", a no-op)()',
        K(
            *CV,
            "vllm/aeon/r80cv4.py",
            CC + "@config\n@dataclass\nclass AeonCacheConfig(CacheConfig):\n"
            "    aeon_prefetch_blocks: int = 0\n\n"
            "    def __post_init__(self) -> None:\n"
            '        getattr(super(), "__post_init__", lambda: None)()\n'
            "        self.aeon_prefetch_blocks = max(self.aeon_prefetch_blocks, 0)\n",
            '        getattr(super(), "__post_init__", lambda: None)()',
        ),
    ),
    (
        f"#26390 {PI}",
        "twin: a subclass of SchedulerConfig, which keeps the hook",
        K(
            *CV,
            "vllm/aeon/r80cv5.py",
            "from pydantic.dataclasses import dataclass\n\nfrom vllm.config import SchedulerConfig\n"
            "from vllm.config.utils import config\n\n\n"
            "@config\n@dataclass\nclass AeonSchedulerConfig(SchedulerConfig):\n"
            "    def __post_init__(self, *args) -> None:\n"
            "        super().__post_init__(*args)\n"
            "        self.max_num_seqs = min(self.max_num_seqs, 64)\n",
            "        super().__post_init__(*args)",
        ),
    ),
]

# --- e4791438ed (#26413): LoRAConfig.__post_init__ and LoadConfig.__post_init__ removed (pydantic validators)
LR = ("#26413", "e4791438ed", "LoRAConfig/LoadConfig __post_init__ removed")
CASES += [
    (
        f"#26413 {PI}",
        "a LoRAConfig subclass's super().__post_init__()",
        K(
            *LR,
            "vllm/aeon/r80lr0.py",
            "from pydantic.dataclasses import dataclass\n\nfrom vllm.config.lora import LoRAConfig\n\n\n"
            "@dataclass\nclass AeonLoRAConfig(LoRAConfig):\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        self.max_loras = min(self.max_loras, 4)  # AEON: the Spark holds four adapters\n",
            "        super().__post_init__()",
        ),
    ),
]
TWINS += [
    (
        f"#26413 {PI}",
        "twin: a ParallelConfig subclass's super().__post_init__() (kept)",
        K(
            *LR,
            "vllm/aeon/r80lr1.py",
            "from pydantic.dataclasses import dataclass\n\nfrom vllm.config.parallel import ParallelConfig\n\n\n"
            "@dataclass\nclass AeonParallelConfig(ParallelConfig):\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        self.disable_custom_all_reduce = True  # AEON: one Spark, no NVLink\n",
            "        super().__post_init__()",
        ),
    ),
    (
        f"#26413 {PI}",
        "twin: a LoRAConfig subclass's own hook, not handed on",
        K(
            *LR,
            "vllm/aeon/r80lr2.py",
            "from pydantic.dataclasses import dataclass\n\nfrom vllm.config.lora import LoRAConfig\n\n\n"
            "@dataclass\nclass AeonLoRAConfig(LoRAConfig):\n"
            "    def __post_init__(self) -> None:\n"
            "        self.max_loras = min(self.max_loras, 4)  # AEON: the Spark holds four adapters\n",
            "        self.max_loras = min(self.max_loras, 4)  # AEON: the Spark holds four adapters",
        ),
    ),
]

# --- 1c94e8dc7d (#45187): CacheDType given "nvfp4_4over6", one choice a line
NV = ("#45187", "1c94e8dc7d", 'CacheDType gains "nvfp4_4over6"')
KV_BASE = (
    '    "auto": 16, "float16": 16, "bfloat16": 16,\n'
    '    "fp8": 8, "fp8_e4m3": 8, "fp8_e5m2": 8, "fp8_inc": 8, "fp8_ds_mla": 8,\n'
    '    "turboquant_k8v4": 6, "turboquant_4bit_nc": 4, "turboquant_k3v4_nc": 4, "turboquant_3bit_nc": 3,\n'
    '    "int4_per_token_head": 4, "int8_per_token_head": 8, "fp8_per_token_head": 8,\n'
)
CD = "from vllm.config import CacheConfig\n\n"
LW = "widened one-a-line literal"
CASES += [
    (
        f"#45187 {LW}",
        "an exhaustive table keyed by the members",
        K(
            *NV,
            "vllm/aeon/r80nv0.py",
            CD + "_AEON_KV_BITS = {\n" + KV_BASE + '    "nvfp4": 4,\n}\n\n\n'
            "def aeon_kv_bits(cache_config: CacheConfig) -> int:\n"
            "    return _AEON_KV_BITS[cache_config.cache_dtype]\n",
            "    return _AEON_KV_BITS[cache_config.cache_dtype]",
        ),
    ),
]
TWINS += [
    (
        f"#45187 {LW}",
        "twin: the table holding the new choice ahead",
        K(
            *NV,
            "vllm/aeon/r80nv1.py",
            CD + "_AEON_KV_BITS = {\n" + KV_BASE + '    "nvfp4": 4,\n    "nvfp4_4over6": 4,\n}\n\n\n'
            "def aeon_kv_bits(cache_config: CacheConfig) -> int:\n"
            "    return _AEON_KV_BITS[cache_config.cache_dtype]\n",
            "    return _AEON_KV_BITS[cache_config.cache_dtype]",
        ),
    ),
    (
        f"#45187 {LW}",
        "twin: .get with a default",
        K(
            *NV,
            "vllm/aeon/r80nv2.py",
            CD + "_AEON_KV_BITS = {\n" + KV_BASE + '    "nvfp4": 4,\n}\n\n\n'
            "def aeon_kv_bits(cache_config: CacheConfig) -> int:\n"
            "    return _AEON_KV_BITS.get(cache_config.cache_dtype, 16)\n",
            "    return _AEON_KV_BITS.get(cache_config.cache_dtype, 16)",
        ),
    ),
    (
        f"#45187 {LW}",
        "twin: a membership test first",
        K(
            *NV,
            "vllm/aeon/r80nv3.py",
            CD + "_AEON_KV_BITS = {\n" + KV_BASE + '    "nvfp4": 4,\n}\n\n\n'
            "def aeon_kv_bits(cache_config: CacheConfig) -> int:\n"
            "    if cache_config.cache_dtype not in _AEON_KV_BITS:\n"
            "        return 16  # AEON: an unknown dtype is charged at half precision\n"
            "    return _AEON_KV_BITS[cache_config.cache_dtype]\n",
            "    return _AEON_KV_BITS[cache_config.cache_dtype]",
        ),
    ),
    (
        f"#45187 {LW}",
        "twin: try/except KeyError",
        K(
            *NV,
            "vllm/aeon/r80nv4.py",
            CD + "_AEON_KV_BITS = {\n" + KV_BASE + '    "nvfp4": 4,\n}\n\n\n'
            "def aeon_kv_bits(cache_config: CacheConfig) -> int:\n"
            "    try:\n"
            "        return _AEON_KV_BITS[cache_config.cache_dtype]\n"
            "    except KeyError:  # AEON: an unknown dtype is charged at half precision\n"
            "        return 16\n",
            "        return _AEON_KV_BITS[cache_config.cache_dtype]",
        ),
    ),
]

# --- 6b2b7bd0eb (#37332): CacheDType given "nvfp4", one choice a line
NV4 = ("#37332", "6b2b7bd0eb", 'CacheDType gains "nvfp4"')
KV_37332 = (
    '    "auto": 16, "float16": 16, "bfloat16": 16,\n'
    '    "fp8": 8, "fp8_e4m3": 8, "fp8_e5m2": 8, "fp8_inc": 8, "fp8_ds_mla": 8,\n'
    '    "turboquant_k8v4": 6, "turboquant_4bit_nc": 4, "turboquant_k3v4_nc": 4, "turboquant_3bit_nc": 3,\n'
    '    "int8_per_token_head": 8, "fp8_per_token_head": 8,\n'
)
CASES += [
    (
        f"#37332 {LW}",
        'an exhaustive table without "nvfp4"',
        K(
            *NV4,
            "vllm/aeon/r80n40.py",
            CD + "_AEON_KV_BITS = {\n" + KV_37332 + "}\n\n\n"
            "def aeon_kv_bits(cache_config: CacheConfig) -> int:\n"
            "    return _AEON_KV_BITS[cache_config.cache_dtype]\n",
            "    return _AEON_KV_BITS[cache_config.cache_dtype]",
        ),
    ),
]
TWINS += [
    (
        f"#37332 {LW}",
        'twin: the table holding "nvfp4" ahead',
        K(
            *NV4,
            "vllm/aeon/r80n41.py",
            CD + "_AEON_KV_BITS = {\n" + KV_37332 + '    "nvfp4": 4,  # AEON: the Spark ran NVFP4 KV before upstream\n'
            "}\n\n\n"
            "def aeon_kv_bits(cache_config: CacheConfig) -> int:\n"
            "    return _AEON_KV_BITS[cache_config.cache_dtype]\n",
            "    return _AEON_KV_BITS[cache_config.cache_dtype]",
        ),
    ),
]

# --- 93f3c8e531 (#37199): CacheDType given "float16", one choice a line
F16 = ("#37199", "93f3c8e531", 'CacheDType gains "float16"')
TWINS += [
    (
        f"#37199 {LW}",
        "twin: a table keyed by MambaDType, unchanged",
        K(
            *F16,
            "vllm/aeon/r80f16.py",
            CD + '_AEON_SSM_BYTES = {"auto": 2, "float32": 4, "float16": 2}\n\n\n'
            "def aeon_ssm_bytes(cache_config: CacheConfig) -> int:\n"
            "    return _AEON_SSM_BYTES[cache_config.mamba_ssm_cache_dtype]\n",
            "    return _AEON_SSM_BYTES[cache_config.mamba_ssm_cache_dtype]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review80-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
