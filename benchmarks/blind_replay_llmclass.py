"""A blind replay of the offline LLM class and the engine arguments a fork builds, extends and reads.

12 first-parent commits on the surface a fork that drives vLLM offline or launches it from its own code
carries code against -- the ``LLM`` class (``seed`` defaulting to None, not 0; ``disable_async_output_proc``
removed from its keywords; ``generate``'s ``guided_options_request=`` keyword and the ``guided_fields`` module
removed; the ``_resolve_lora_reqs``/``_resolve_single_prompt_mm_lora`` helpers folded into ``_resolve_mm_lora``)
and ``EngineArgs`` (the fields ``num_scheduler_steps``, ``preemption_mode``/``scheduler_delay_factor``,
``device``/``use_v2_block_manager`` and ``tokenizer_pool_*`` removed; the ``_set_default_args_v1`` hook taking
``model_config`` and then renamed ``_set_default_args`` with ``_set_default_args_v0`` removed;
``_is_v1_supported_oracle`` renamed ``_check_feature_supported`` with ``_raise_or_fallback`` removed; the
``nullable_kvs`` parser removed; ``TokenizerPoolConfig`` and ``SpeculativeConfig.from_dict`` removed) --
picked by scanning those paths' diffs (``git log --first-parent -p -- vllm/entrypoints/llm.py
vllm/engine/arg_utils.py``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork
spellings written the way fork code is written (a read off arguments built on their defaults, a class
attribute read, a keyword to the constructor or to ``generate``, a subclass hook override, a ``super()`` call,
a helper called off ``self`` or off a typed receiver, an import of a removed name or module, a classmethod
called off the class), with twins (fork code the commit does not break).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 9f1f9f8c): 22 caught, 0 warned, 1 missed of 23 (twins: 12
quiet, 1 of them warned, 0 false errors).  The miss: #14274's ``AEON_CANARY_SEED = EngineArgs.seed + 1000``
(a class attribute read off the class itself, whose default went 0 -> None: type drift reads instances
only, and default drift leaves 0 -> None, both false, to the warning on the constructor).  The warned twin is
``(args.seed or 0) + rank``, the constructor's default-drift warning (``EngineArgs`` built without ``seed=``).
After the killers113 widening: 23 caught, 0 warned, 0 missed of 23 (twins: 12 quiet, 1 of them warned, 0
false errors).  Caught now: a class attribute read off the class (or off a fork subclass inheriting it, or
``cls`` in its classmethod) and computed with, ordered, indexed, iterated, measured or read an attribute of,
whose class-body literal default upstream made None (default drift, an error, ``drift/nulled_defaults.py``).
The regression set after (killers113 head): killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_llmapi 20/1/0 of 21, _config 16/1/0 of 17, _engine 28/0/0 of 28 (0 false errors in each),
review15/16/17_twins 0 false errors (40, 30, 23 twins), symbol_precision --windows 3: window 0 0 false errors (4 of 5 broken overrides caught);
windows 1-2 did not finish before the deadline under load 26 (an earlier full run ended, its summary lost).

  python benchmarks/blind_replay_llmclass.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

EA = "from vllm.engine.arg_utils import EngineArgs\n\n\n"
EAU = "from vllm.engine.arg_utils import EngineArgs\nfrom vllm.usage.usage_lib import UsageContext\n\n\n"
LLMI = "from vllm.entrypoints.llm import LLM\n\n\n"

# --- #14274 (cc10281498): EngineArgs.seed and LLM(seed=) default None, not 0
SD = "cc10281498"
SDW = "seed default 0 -> None"
CASES += [
    (
        "#14274 default made None",
        "arithmetic on a field of arguments built on their defaults",
        K(
            "#14274",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            EA + "def aeon_rank_seed(model: str, rank: int) -> int:\n"
            "    # AEON: each Spark replica offsets the engine's seed so their samples differ\n"
            "    args = EngineArgs(model=model)\n"
            "    return args.seed + rank\n",
            "return args.seed + rank",
        ),
    ),
    (
        "#14274 default made None",
        "a class attribute read into a module constant",
        K(
            "#14274",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            EA + "# AEON: the canary's seeds start past the engine's own\nAEON_CANARY_SEED = EngineArgs.seed + 1000\n",
            "AEON_CANARY_SEED = EngineArgs.seed + 1000",
        ),
    ),
    (
        "#14274 default made None",
        "twin: an or-guarded read",
        K(
            "#14274",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            EA + "def aeon_rank_seed2(model: str, rank: int) -> int:\n"
            "    args = EngineArgs(model=model)\n"
            "    return (args.seed or 0) + rank\n",
            "return (args.seed or 0) + rank",
        ),
    ),
]

# --- #34834 (61cf087680): LLM._resolve_lora_reqs removed, _resolve_single_prompt_mm_lora -> _resolve_mm_lora
LR = "61cf087680"
LRW = "LLM LoRA resolution helpers folded"
CASES += [
    (
        "#34834 helper removed",
        "a subclass calling the helper off self",
        K(
            "#34834",
            LR,
            LRW,
            "vllm/aeon/lr1.py",
            LLMI + "class AeonLLM(LLM):\n"
            "    def aeon_adapters(self, prompts, lora_request) -> list:\n"
            "        # AEON: the batch report names the adapter each prompt ran under\n"
            "        return [r.lora_name if r else None for r in self._resolve_lora_reqs(prompts, lora_request)]\n",
            "return [r.lora_name if r else None for r in self._resolve_lora_reqs(prompts, lora_request)]",
        ),
    ),
    (
        "#34834 helper renamed",
        "a call off a typed receiver",
        K(
            "#34834",
            LR,
            LRW,
            "vllm/aeon/lr2.py",
            LLMI + "def aeon_image_lora(llm: LLM, prompt, loras: dict[str, str]):\n"
            "    return llm._resolve_single_prompt_mm_lora(prompt, None, loras)\n",
            "return llm._resolve_single_prompt_mm_lora(prompt, None, loras)",
        ),
    ),
    (
        "#34834 helper removed",
        "twin: _lora_request_to_seq kept",
        K(
            "#34834",
            LR,
            LRW,
            "vllm/aeon/lr3.py",
            LLMI + "class AeonLLM2(LLM):\n"
            "    def aeon_adapters2(self, prompts, lora_request) -> list:\n"
            "        return self._lora_request_to_seq(lora_request, len(prompts))\n",
            "return self._lora_request_to_seq(lora_request, len(prompts))",
        ),
    ),
]

# --- #21347 (37efc63b64): V0 guided decoding removed (generate's guided_options_request=, guided_fields module)
GO = "37efc63b64"
GOW = "guided_options_request and guided_fields removed"
CASES += [
    (
        "#21347 keyword removed",
        "a keyword to LLM.generate",
        K(
            "#21347",
            GO,
            GOW,
            "vllm/aeon/go1.py",
            LLMI + "def aeon_json_batch(llm: LLM, prompts: list[str], params, options) -> list:\n"
            "    # AEON: the offline eval constrains every answer to the grader's schema\n"
            "    return llm.generate(prompts, params, guided_options_request=options)\n",
            "return llm.generate(prompts, params, guided_options_request=options)",
        ),
    ),
    (
        "#21347 module deleted",
        "an import of the deleted module",
        K(
            "#21347",
            GO,
            GOW,
            "vllm/aeon/go2.py",
            "from vllm.model_executor.guided_decoding.guided_fields import GuidedDecodingRequest\n\n\n"
            "def aeon_schema_request(schema: dict) -> GuidedDecodingRequest:\n"
            "    return GuidedDecodingRequest(guided_json=schema)\n",
            "from vllm.model_executor.guided_decoding.guided_fields import GuidedDecodingRequest",
        ),
    ),
    (
        "#21347 keyword removed",
        "twin: use_tqdm kept",
        K(
            "#21347",
            GO,
            GOW,
            "vllm/aeon/go3.py",
            LLMI + "def aeon_quiet_batch(llm: LLM, prompts: list[str], params) -> list:\n"
            "    return llm.generate(prompts, params, use_tqdm=False)\n",
            "return llm.generate(prompts, params, use_tqdm=False)",
        ),
    ),
]

# --- #16188 (799397ee4f): EngineArgs._set_default_args_v1 now called with (usage_context, model_config)
DV = "799397ee4f"
DVW = "_set_default_args_v1 takes model_config"
CASES += [
    (
        "#16188 hook gained a parameter",
        "a subclass override with the old signature",
        K(
            "#16188",
            DV,
            DVW,
            "vllm/aeon/dv1.py",
            EAU + "class AeonEngineArgs(EngineArgs):\n"
            "    def _set_default_args_v1(self, usage_context: UsageContext) -> None:\n"
            "        # AEON: GB10's unified memory wants smaller batches than the H100 defaults\n"
            "        self.enable_chunked_prefill = True\n"
            "        self.max_num_seqs = self.max_num_seqs or 128\n",
            "def _set_default_args_v1(self, usage_context: UsageContext) -> None:",
        ),
    ),
    (
        "#16188 hook gained a parameter",
        "a call off a typed receiver without the new argument",
        K(
            "#16188",
            DV,
            DVW,
            "vllm/aeon/dv2.py",
            EAU + "def aeon_prefill_defaults(args: EngineArgs) -> EngineArgs:\n"
            "    args._set_default_args_v1(UsageContext.LLM_CLASS)\n"
            "    return args\n",
            "args._set_default_args_v1(UsageContext.LLM_CLASS)",
        ),
    ),
    (
        "#16188 hook gained a parameter",
        "twin: an override passing everything on",
        K(
            "#16188",
            DV,
            DVW,
            "vllm/aeon/dv3.py",
            EAU + "class AeonEngineArgs2(EngineArgs):\n"
            "    def _set_default_args_v1(self, usage_context: UsageContext, *args, **kwargs) -> None:\n"
            "        super()._set_default_args_v1(usage_context, *args, **kwargs)\n"
            "        self.max_num_seqs = self.max_num_seqs or 128\n",
            "def _set_default_args_v1(self, usage_context: UsageContext, *args, **kwargs) -> None:",
        ),
    ),
]

# --- #22138 (71683ca6f6): multi-step scheduling removed (EngineArgs.num_scheduler_steps, multi_step_stream_outputs)
MS = "71683ca6f6"
MSW = "num_scheduler_steps removed"
CASES += [
    (
        "#22138 field removed",
        "a keyword to EngineArgs",
        K(
            "#22138",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            EA + "def aeon_decode_args(model: str) -> EngineArgs:\n"
            "    # AEON: the Spark's decode lane amortises the scheduler over 8 steps\n"
            "    return EngineArgs(model=model, num_scheduler_steps=8)\n",
            "return EngineArgs(model=model, num_scheduler_steps=8)",
        ),
    ),
    (
        "#22138 field removed",
        "a read off a typed receiver",
        K(
            "#22138",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            EA + "def aeon_is_multi_step(args: EngineArgs) -> bool:\n    return args.num_scheduler_steps > 1\n",
            "return args.num_scheduler_steps > 1",
        ),
    ),
    (
        "#22138 field removed",
        "twin: num_lookahead_slots kept",
        K(
            "#22138",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            EA + "def aeon_decode_args2(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, num_lookahead_slots=4)\n",
            "return EngineArgs(model=model, num_lookahead_slots=4)",
        ),
    ),
]

# --- #28116 (c3ee80a01a): EngineArgs._is_v1_supported_oracle -> _check_feature_supported, _raise_or_fallback
#     -> _raise_unsupported_error
OR = "c3ee80a01a"
ORW = "V1 oracle cleaned up"
CASES += [
    (
        "#28116 hook renamed",
        "a subclass override of the renamed hook",
        K(
            "#28116",
            OR,
            ORW,
            "vllm/aeon/or1.py",
            "from vllm.config import ModelConfig\n" + EA + "class AeonEngineArgs(EngineArgs):\n"
            "    def _is_v1_supported_oracle(self, model_config: ModelConfig) -> bool:\n"
            "        # AEON: the Spark's sm build has no FlashMLA; refuse MLA models early\n"
            "        if model_config.use_mla:\n"
            "            raise NotImplementedError('MLA is not built for this device')\n"
            "        return super()._is_v1_supported_oracle(model_config)\n",
            "def _is_v1_supported_oracle(self, model_config: ModelConfig) -> bool:",
        ),
    ),
    (
        "#28116 function removed",
        "an import of the removed helper",
        K(
            "#28116",
            OR,
            ORW,
            "vllm/aeon/or2.py",
            "from vllm.engine.arg_utils import _raise_or_fallback\n\n\n"
            "def aeon_refuse(feature: str) -> None:\n"
            "    _raise_or_fallback(feature_name=feature, recommend_to_remove=False)\n",
            "from vllm.engine.arg_utils import _raise_or_fallback",
        ),
    ),
    (
        "#28116 hook renamed",
        "twin: an override of create_model_config",
        K(
            "#28116",
            OR,
            ORW,
            "vllm/aeon/or3.py",
            "from vllm.config import ModelConfig\n" + EA + "class AeonEngineArgs2(EngineArgs):\n"
            "    def create_model_config(self) -> ModelConfig:\n"
            "        config = super().create_model_config()\n"
            "        return config\n",
            "config = super().create_model_config()",
        ),
    ),
]

# --- #25409 (c625f9043c): _set_default_args_v0 removed, _set_default_args_v1 renamed _set_default_args
DA = "c625f9043c"
DAW = "_set_default_args_v1 renamed, _v0 removed"
CASES += [
    (
        "#25409 hook renamed",
        "a subclass override upstream no longer calls",
        K(
            "#25409",
            DA,
            DAW,
            "vllm/aeon/da1.py",
            "from vllm.config import ModelConfig\n" + EAU + "class AeonEngineArgs(EngineArgs):\n"
            "    def _set_default_args_v1(self, usage_context: UsageContext, model_config: ModelConfig) -> None:\n"
            "        super()._set_default_args_v1(usage_context, model_config)\n"
            "        # AEON: GB10's unified memory: cap the batch below the H100 defaults\n"
            "        self.max_num_seqs = min(self.max_num_seqs or 128, 128)\n",
            "def _set_default_args_v1(self, usage_context: UsageContext, model_config: ModelConfig) -> None:",
        ),
    ),
    (
        "#25409 method removed",
        "a call off a typed receiver",
        K(
            "#25409",
            DA,
            DAW,
            "vllm/aeon/da2.py",
            "from vllm.config import ModelConfig\n"
            + EA
            + "def aeon_v0_defaults(args: EngineArgs, model_config: ModelConfig) -> None:\n"
            "    args._set_default_args_v0(model_config)\n",
            "args._set_default_args_v0(model_config)",
        ),
    ),
    (
        "#25409 hook renamed",
        "twin: an override of create_load_config",
        K(
            "#25409",
            DA,
            DAW,
            "vllm/aeon/da3.py",
            "from vllm.config import LoadConfig\n" + EA + "class AeonEngineArgs2(EngineArgs):\n"
            "    def create_load_config(self) -> LoadConfig:\n"
            "        config = super().create_load_config()\n"
            "        return config\n",
            "config = super().create_load_config()",
        ),
    ),
]

# --- #25334 (0ff8ebb2d7): disable_async_output_proc, preemption_mode, scheduler_delay_factor removed
AO = "0ff8ebb2d7"
AOW = "async_output_proc, preemption mode, delay factor removed"
CASES += [
    (
        "#25334 keyword removed",
        "a keyword to the LLM constructor",
        K(
            "#25334",
            AO,
            AOW,
            "vllm/aeon/ao1.py",
            LLMI + "def aeon_offline(model: str) -> LLM:\n"
            "    # AEON: the Spark's offline eval keeps outputs ordered with the async path off\n"
            "    return LLM(model=model, disable_async_output_proc=True)\n",
            "return LLM(model=model, disable_async_output_proc=True)",
        ),
    ),
    (
        "#25334 field removed",
        "keywords to EngineArgs",
        K(
            "#25334",
            AO,
            AOW,
            "vllm/aeon/ao2.py",
            EA + "def aeon_swap_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, preemption_mode='swap', scheduler_delay_factor=0.5)\n",
            "return EngineArgs(model=model, preemption_mode='swap', scheduler_delay_factor=0.5)",
        ),
    ),
    (
        "#25334 field removed",
        "a read off a typed receiver",
        K(
            "#25334",
            AO,
            AOW,
            "vllm/aeon/ao3.py",
            EA + "def aeon_batches_late(args: EngineArgs) -> bool:\n    return args.scheduler_delay_factor > 0\n",
            "return args.scheduler_delay_factor > 0",
        ),
    ),
    (
        "#25334 keyword removed",
        "twin: enforce_eager kept",
        K(
            "#25334",
            AO,
            AOW,
            "vllm/aeon/ao4.py",
            LLMI + "def aeon_offline2(model: str) -> LLM:\n    return LLM(model=model, enforce_eager=True)\n",
            "return LLM(model=model, enforce_eager=True)",
        ),
    ),
]

# --- #21349 (bc8a8ce5ec): EngineArgs.device and use_v2_block_manager removed
DE = "bc8a8ce5ec"
DEW = "deprecated device/use_v2_block_manager removed"
CASES += [
    (
        "#21349 field removed",
        "a read off a typed receiver",
        K(
            "#21349",
            DE,
            DEW,
            "vllm/aeon/de1.py",
            EA + "def aeon_on_cpu(engine_args: EngineArgs) -> bool:\n"
            "    # AEON: the CPU smoke lane skips the Spark's kernels\n"
            "    return engine_args.device == 'cpu'\n",
            "return engine_args.device == 'cpu'",
        ),
    ),
    (
        "#21349 field removed",
        "a keyword to EngineArgs",
        K(
            "#21349",
            DE,
            DEW,
            "vllm/aeon/de2.py",
            EA + "def aeon_legacy_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, use_v2_block_manager=True)\n",
            "return EngineArgs(model=model, use_v2_block_manager=True)",
        ),
    ),
    (
        "#21349 field removed",
        "twin: distributed_executor_backend kept",
        K(
            "#21349",
            DE,
            DEW,
            "vllm/aeon/de3.py",
            EA + "def aeon_on_ray(engine_args: EngineArgs) -> bool:\n"
            "    return engine_args.distributed_executor_backend == 'ray'\n",
            "return engine_args.distributed_executor_backend == 'ray'",
        ),
    ),
]

# --- #20969 (1e36c8687e): arg_utils.nullable_kvs removed
NK = "1e36c8687e"
NKW = "nullable_kvs removed"
CASES += [
    (
        "#20969 function removed",
        "an import of the removed parser",
        K(
            "#20969",
            NK,
            NKW,
            "vllm/aeon/nk1.py",
            "from vllm.engine.arg_utils import nullable_kvs\n\n\n"
            "def aeon_mm_limits(text: str) -> dict[str, int]:\n"
            "    # AEON: the launcher still takes 'image=2,video=1'\n"
            "    return nullable_kvs(text)\n",
            "from vllm.engine.arg_utils import nullable_kvs",
        ),
    ),
    (
        "#20969 function removed",
        "twin: optional_type kept",
        K(
            "#20969",
            NK,
            NKW,
            "vllm/aeon/nk2.py",
            "from vllm.engine.arg_utils import optional_type\n\n\n"
            "def aeon_optional_int(text: str):\n"
            "    return optional_type(int)(text)\n",
            "from vllm.engine.arg_utils import optional_type",
        ),
    ),
]

# --- #20968 (56fe4bedd6): TokenizerPoolConfig and EngineArgs.tokenizer_pool_* removed
TK = "56fe4bedd6"
TKW = "TokenizerPoolConfig removed"
CASES += [
    (
        "#20968 field removed",
        "a keyword to EngineArgs",
        K(
            "#20968",
            TK,
            TKW,
            "vllm/aeon/tk1.py",
            EA + "def aeon_pooled_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, tokenizer_pool_size=4)\n",
            "return EngineArgs(model=model, tokenizer_pool_size=4)",
        ),
    ),
    (
        "#20968 class removed",
        "an import of the removed config",
        K(
            "#20968",
            TK,
            TKW,
            "vllm/aeon/tk2.py",
            "from vllm.config import TokenizerPoolConfig\n\n\n"
            "def aeon_pool(size: int) -> TokenizerPoolConfig:\n"
            "    return TokenizerPoolConfig(pool_size=size, pool_type='ray', extra_config={})\n",
            "from vllm.config import TokenizerPoolConfig",
        ),
    ),
    (
        "#20968 field removed",
        "twin: tokenizer_mode kept",
        K(
            "#20968",
            TK,
            TKW,
            "vllm/aeon/tk3.py",
            EA + "def aeon_slow_tok_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, tokenizer_mode='slow')\n",
            "return EngineArgs(model=model, tokenizer_mode='slow')",
        ),
    ),
]

# --- #22451 (7e3a8dc906): SpeculativeConfig.from_dict removed (EngineArgs builds it with cls(**dict))
FD = "7e3a8dc906"
FDW = "SpeculativeConfig.from_dict removed"
SPC = "from vllm.config import SpeculativeConfig\n\n\n"
CASES += [
    (
        "#22451 classmethod removed",
        "a classmethod called off the class",
        K(
            "#22451",
            FD,
            FDW,
            "vllm/aeon/fd1.py",
            SPC + "def aeon_ngram(n: int) -> SpeculativeConfig:\n"
            "    # AEON: the Spark's draft-free lane\n"
            "    return SpeculativeConfig.from_dict({'method': 'ngram', 'num_speculative_tokens': n})\n",
            "return SpeculativeConfig.from_dict({'method': 'ngram', 'num_speculative_tokens': n})",
        ),
    ),
    (
        "#22451 classmethod removed",
        "twin: the constructor",
        K(
            "#22451",
            FD,
            FDW,
            "vllm/aeon/fd2.py",
            SPC + "def aeon_ngram2(n: int) -> SpeculativeConfig:\n"
            "    return SpeculativeConfig(method='ngram', num_speculative_tokens=n)\n",
            "return SpeculativeConfig(method='ngram', num_speculative_tokens=n)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-llmclass-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
