"""A blind replay of the serving-surface killers over vLLM's whole history: metrics, server, params, outputs.

First-parent commits touching the surface a fork's serving code and its release tooling are built on --
the v1 stats and Prometheus loggers (vllm/v1/metrics/, the spec-decode counters), the OpenAI-compatible
server and its arguments (vllm/entrypoints/), SamplingParams and the request protocol, the logits-processor
interface, the structured-output manager, the chat-template helpers, the engine arguments and the v1
engine client -- picked by scanning those paths' diffs (``git log --first-parent -p``), not from the
engine's tests or the other replays: a stats field renamed (``gpu_cache_usage``, the TPOT list) or removed
(``encoder_cache_usage``, ``recomputed_tokens``), a field and a parameter inserted in front of others
(FinishedRequestStats's ``request_id``), the spec-decode counters made one per engine (a dict where a
labelled counter was), a CLI flag renamed with its sense inverted (``exclude_log_deltas``), an old keyword
kept and ignored (``disable_log_requests``), a method's parameter removed under an override
(``_async_create_grammar``'s backend), a sampling field removed (``best_of``), the logits processors'
added-request tuple grown by one, a deprecated protocol field dropped (``reasoning_content``), a backend
default changed (``guided_decoding_backend``), an engine-client method given a parameter its overrides lack
(``reset_prefix_cache``), a helper's keyword parameter removed into its ``**kwargs`` (``tokenize``).
Each is replayed under 2-3 fork spellings written the way fork serving code is written, with twins
(fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (57e4b1c): 21 caught, 2 warned, 11 missed of 34 (twins: 13 quiet,
0 false errors; a 14th twin, #15724's field left alone, was added after).  The misses: #24049's three
(``.inc`` on a counter made a dict, ``enumerate`` of per-position counters made a dict, a label list where
a per-engine dict is taken), #38709's ``pts.recomputed_tokens`` through ``pts = stats.prompt_token_stats``,
#32020's ``args.exclude_log_deltas``, #21739's ``disable_log_requests=False`` (kept and ignored), #19912's
three-name unpacking and ``added[2]``, #33402's ``DeltaMessage(reasoning_content=...)`` (a pydantic
extra), #15724's two reads of the default (now a conditional).  Warned: #27205's ``tokenize=True``,
which ``**kwargs`` takes and hands on.
After the killers37 widenings: 29 caught, 5 warned, 0 missed of 34 (twins: 14 quiet, 0 false errors).
Caught now: a receiver typed through an attribute of a typed name (a local bound to it too); a keyword
of a field a pydantic model dropped; a keyword of a parameter kept and no longer read; a loop unpacking
the old length of an annotated sequence's tuples; a method of an attribute upstream made a builtin
container, and a loop over a list made a dict; a display of the kind a re-annotated parameter no longer
takes; an option read off parsed arguments whose name upstream no longer has.  Warned now (by design):
#19912's ``added[2]`` (the old last value of a grown tuple: inserted before it or appended, the types
cannot tell), #15724's two reads (a default made a conditional of two literals; a config built with
every default reads it too).  Still warned, not caught: #27205 (``**kwargs`` handed on to a helper that
refuses the key: one hop the engine does not follow).

  python benchmarks/blind_replay_serving.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

LOGGER = (
    "from vllm.config import VllmConfig\n"
    "from vllm.v1.metrics.loggers import StatLoggerBase\n"
    "from vllm.v1.metrics.stats import IterationStats, SchedulerStats\n\n\n"
)

# --- #18354 (d1e34cc9ac): SchedulerStats.gpu_cache_usage renamed kv_cache_usage (vllm:kv_cache_usage_perc)
GU = "d1e34cc9ac"
GUW = "SchedulerStats.gpu_cache_usage -> kv_cache_usage"
CASES += [
    (
        "#18354 stats field renamed",
        "a custom stat logger's read",
        K(
            "#18354",
            GU,
            GUW,
            "vllm/aeon/gu1.py",
            LOGGER + "class AeonUmaLogger(StatLoggerBase):\n"
            "    def __init__(self, vllm_config: VllmConfig, engine_index: int = 0):\n"
            "        self.usage: list[float] = []\n\n"
            "    def record(self, scheduler_stats: SchedulerStats | None, iteration_stats: IterationStats | None) -> None:\n"
            "        # AEON: the UMA clamp's canary watches KV usage under unified memory\n"
            "        if scheduler_stats is not None:\n"
            "            self.usage.append(scheduler_stats.gpu_cache_usage * 100)\n\n"
            "    def log_engine_initialized(self) -> None:\n"
            "        pass\n",
            "self.usage.append(scheduler_stats.gpu_cache_usage * 100)",
        ),
    ),
    (
        "#18354 stats field renamed",
        "getattr with a default",
        K(
            "#18354",
            GU,
            GUW,
            "vllm/aeon/gu2.py",
            "from vllm.v1.metrics.stats import SchedulerStats\n\n\n"
            "def aeon_kv_percent(stats: SchedulerStats) -> float:\n"
            '    return 100.0 * getattr(stats, "gpu_cache_usage", 0.0)\n',
            'return 100.0 * getattr(stats, "gpu_cache_usage", 0.0)',
        ),
    ),
    (
        "#18354 stats field renamed",
        "keyword construction",
        K(
            "#18354",
            GU,
            GUW,
            "vllm/aeon/gu3.py",
            "from vllm.v1.metrics.stats import SchedulerStats\n\n\n"
            "def aeon_idle_stats(usage: float) -> SchedulerStats:\n"
            "    return SchedulerStats(num_running_reqs=0, num_waiting_reqs=0, gpu_cache_usage=usage)\n",
            "return SchedulerStats(num_running_reqs=0, num_waiting_reqs=0, gpu_cache_usage=usage)",
        ),
    ),
    (
        "#18354 stats field renamed",
        "twin: a field kept",
        K(
            "#18354",
            GU,
            GUW,
            "vllm/aeon/gu4.py",
            "from vllm.v1.metrics.stats import SchedulerStats\n\n\n"
            "def aeon_running(stats: SchedulerStats) -> int:\n"
            "    return stats.num_running_reqs + stats.num_waiting_reqs\n",
            "return stats.num_running_reqs + stats.num_waiting_reqs",
        ),
    ),
]

# --- #24110 (2417798471): IterationStats.time_per_output_tokens_iter renamed inter_token_latencies_iter
TP = "2417798471"
TPW = "IterationStats.time_per_output_tokens_iter -> inter_token_latencies_iter"
CASES += [
    (
        "#24110 iteration list renamed",
        "a loop in a stat logger",
        K(
            "#24110",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            LOGGER + "class AeonItlLogger(StatLoggerBase):\n"
            "    def __init__(self, vllm_config: VllmConfig, engine_index: int = 0):\n"
            "        self.itl: list[float] = []\n\n"
            "    def record(self, scheduler_stats: SchedulerStats | None, iteration_stats: IterationStats | None, engine_idx: int = 0) -> None:\n"
            "        if iteration_stats is None:\n"
            "            return\n"
            "        # AEON: the speed canary's inter-token latency\n"
            "        for tpot in iteration_stats.time_per_output_tokens_iter:\n"
            "            self.itl.append(tpot)\n\n"
            "    def log_engine_initialized(self) -> None:\n"
            "        pass\n",
            "for tpot in iteration_stats.time_per_output_tokens_iter:",
        ),
    ),
    (
        "#24110 iteration list renamed",
        "a helper's sum",
        K(
            "#24110",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            "from vllm.v1.metrics.stats import IterationStats\n\n\n"
            "def aeon_mean_tpot(stats: IterationStats) -> float:\n"
            "    tpots = stats.time_per_output_tokens_iter\n"
            "    return sum(tpots) / max(1, len(tpots))\n",
            "tpots = stats.time_per_output_tokens_iter",
        ),
    ),
    (
        "#24110 iteration list renamed",
        "twin: the TTFT list, kept",
        K(
            "#24110",
            TP,
            TPW,
            "vllm/aeon/tp3.py",
            "from vllm.v1.metrics.stats import IterationStats\n\n\n"
            "def aeon_mean_ttft(stats: IterationStats) -> float:\n"
            "    ttfts = stats.time_to_first_tokens_iter\n"
            "    return sum(ttfts) / max(1, len(ttfts))\n",
            "ttfts = stats.time_to_first_tokens_iter",
        ),
    ),
]

# --- #39693 (906a8c15d0): SchedulerStats.encoder_cache_usage and Scheduler._get_encoder_cache_usage removed
EC = "906a8c15d0"
ECW = "SchedulerStats.encoder_cache_usage removed (and the scheduler's helper)"
CASES += [
    (
        "#39693 stats field removed",
        "getattr with a default",
        K(
            "#39693",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            "from vllm.v1.metrics.stats import SchedulerStats\n\n\n"
            "def aeon_encoder_percent(stats: SchedulerStats) -> float:\n"
            "    # AEON: the omni image's vision encoder cache gauge\n"
            '    return 100.0 * getattr(stats, "encoder_cache_usage", 0.0)\n',
            'return 100.0 * getattr(stats, "encoder_cache_usage", 0.0)',
        ),
    ),
    (
        "#39693 stats field removed",
        "a scheduler subclass's helper call",
        K(
            "#39693",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
            "class AeonScheduler(Scheduler):\n"
            "    def aeon_encoder_full(self) -> bool:\n"
            "        return self._get_encoder_cache_usage() > 0.95\n",
            "return self._get_encoder_cache_usage() > 0.95",
        ),
    ),
]

# --- #39710 (68be0f853e): FinishedRequestStats.request_id inserted after finish_reason;
#     IterationStats.update_from_finished_request takes request_id after finish_reason
FR = "68be0f853e"
FRW = "request_id inserted after finish_reason (FinishedRequestStats, update_from_finished_request)"
FRI = "from vllm.v1.engine import FinishReason\nfrom vllm.v1.metrics.stats import FinishedRequestStats, IterationStats, RequestStateStats\n\n\n"
CASES += [
    (
        "#39710 field and parameter inserted",
        "positional dataclass construction",
        K(
            "#39710",
            FR,
            FRW,
            "vllm/aeon/fr1.py",
            FRI
            + "def aeon_replayed(reason: FinishReason, latency: float, n_prompt: int, n_gen: int) -> FinishedRequestStats:\n"
            "    # AEON: the canary replays a finished request into the Prometheus logger\n"
            "    return FinishedRequestStats(reason, latency, n_prompt, n_gen)\n",
            "return FinishedRequestStats(reason, latency, n_prompt, n_gen)",
        ),
    ),
    (
        "#39710 field and parameter inserted",
        "positional method call",
        K(
            "#39710",
            FR,
            FRW,
            "vllm/aeon/fr2.py",
            FRI
            + "def aeon_finish(stats: IterationStats, reason: FinishReason, n_prompt: int, req: RequestStateStats) -> None:\n"
            "    stats.update_from_finished_request(reason, n_prompt, None, req, 0)\n",
            "stats.update_from_finished_request(reason, n_prompt, None, req, 0)",
        ),
    ),
    (
        "#39710 field and parameter inserted",
        "twin: keyword construction",
        K(
            "#39710",
            FR,
            FRW,
            "vllm/aeon/fr3.py",
            FRI
            + "def aeon_replayed_kw(reason: FinishReason, latency: float, n_prompt: int, n_gen: int) -> FinishedRequestStats:\n"
            "    return FinishedRequestStats(finish_reason=reason, e2e_latency=latency, num_prompt_tokens=n_prompt, num_generation_tokens=n_gen)\n",
            "return FinishedRequestStats(finish_reason=reason, e2e_latency=latency, num_prompt_tokens=n_prompt, num_generation_tokens=n_gen)",
        ),
    ),
]

# --- #24049 (90f3f7d73e): SpecDecodingProm's counters made one per engine ({idx: counter}); its
#     labelvalues list became per_engine_labelvalues {idx: [...]}; observe takes engine_idx
SD = "90f3f7d73e"
SDW = "SpecDecodingProm counters: labelled counter -> {engine_idx: counter}; labelvalues -> per-engine dict"
SDI = "from vllm.v1.spec_decode.metrics import SpecDecodingProm, SpecDecodingStats\n\n\n"
CASES += [
    (
        "#24049 counters made per engine",
        "a subclass's counter increment",
        K(
            "#24049",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            SDI + "class AeonSpecDecodingProm(SpecDecodingProm):\n"
            "    def aeon_observe_dflash(self, stats: SpecDecodingStats) -> None:\n"
            "        # AEON: DFlash drafts are counted once per verified block (MAL canary)\n"
            "        self.counter_spec_decode_num_drafts.inc(stats.num_drafts)\n"
            "        self.counter_spec_decode_num_accepted_tokens.inc(stats.num_accepted_tokens)\n",
            "self.counter_spec_decode_num_drafts.inc(stats.num_drafts)",
        ),
    ),
    (
        "#24049 counters made per engine",
        "per-position counters enumerated",
        K(
            "#24049",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            SDI + "def aeon_per_pos(prom: SpecDecodingProm, stats: SpecDecodingStats) -> None:\n"
            "    for pos, counter in enumerate(prom.counter_spec_decode_num_accepted_tokens_per_pos):\n"
            "        counter.inc(stats.num_accepted_tokens_per_pos[pos])\n",
            "for pos, counter in enumerate(prom.counter_spec_decode_num_accepted_tokens_per_pos):",
        ),
    ),
    (
        "#24049 counters made per engine",
        "construction with a label list",
        K(
            "#24049",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            "from vllm.config import VllmConfig\n" + SDI + "def aeon_prom(cfg: VllmConfig) -> SpecDecodingProm:\n"
            '    return SpecDecodingProm(cfg.speculative_config, ["model_name", "engine"], [cfg.model_config.served_model_name, "0"])\n',
            'return SpecDecodingProm(cfg.speculative_config, ["model_name", "engine"], [cfg.model_config.served_model_name, "0"])',
        ),
    ),
    (
        "#24049 counters made per engine",
        "twin: observe with the default engine",
        K(
            "#24049",
            SD,
            SDW,
            "vllm/aeon/sd4.py",
            SDI + "def aeon_observe(prom: SpecDecodingProm, stats: SpecDecodingStats) -> None:\n"
            "    prom.observe(stats)\n",
            "prom.observe(stats)",
        ),
    ),
]

# --- #38709 (72ff142c37): vllm:prompt_tokens_recomputed removed (PromptTokenStats.recomputed_tokens and
#     PrometheusStatLogger.counter_prompt_tokens_recomputed)
RC = "72ff142c37"
RCW = "PromptTokenStats.recomputed_tokens and the vllm:prompt_tokens_recomputed counter removed"
CASES += [
    (
        "#38709 metric and stats field removed",
        "stats field read",
        K(
            "#38709",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            "from vllm.v1.metrics.stats import IterationStats\n\n\n"
            "def aeon_cache_hits(stats: IterationStats) -> int:\n"
            "    pts = stats.prompt_token_stats\n"
            "    # AEON: the hybrid prefix-cache pick is judged on hits net of the recomputed last token\n"
            "    return pts.local_cache_hit - pts.recomputed_tokens\n",
            "return pts.local_cache_hit - pts.recomputed_tokens",
        ),
    ),
    (
        "#38709 metric and stats field removed",
        "a logger subclass's counter",
        K(
            "#38709",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            "from vllm.v1.metrics.loggers import PrometheusStatLogger\n\n\n"
            "class AeonPrometheusStatLogger(PrometheusStatLogger):\n"
            "    def aeon_recomputed(self, engine_idx: int, n: int) -> None:\n"
            "        self.counter_prompt_tokens_recomputed[engine_idx].inc(n)\n",
            "self.counter_prompt_tokens_recomputed[engine_idx].inc(n)",
        ),
    ),
    (
        "#38709 metric and stats field removed",
        "twin: a field kept",
        K(
            "#38709",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            "from vllm.v1.metrics.stats import IterationStats\n\n\n"
            "def aeon_external(stats: IterationStats) -> int:\n"
            "    return stats.prompt_token_stats.external_kv_transfer\n",
            "return stats.prompt_token_stats.external_kv_transfer",
        ),
    ),
]

# --- #32020 (ac9f9330e6): --exclude-log-deltas renamed --enable-log-deltas (sense inverted, default True)
LD = "ac9f9330e6"
LDW = "exclude_log_deltas (False) -> enable_log_deltas (True): flag, argument and attribute"
CASES += [
    (
        "#32020 flag renamed and inverted",
        "keyword to the serving class",
        K(
            "#32020",
            LD,
            LDW,
            "vllm/aeon/ld1.py",
            "from vllm.entrypoints.openai.serving_chat import OpenAIServingChat\n\n\n"
            "def aeon_chat(engine, models, logger, template):  # type: ignore[no-untyped-def]\n"
            "    # AEON: the fleet logs whole outputs, never the stream's deltas\n"
            '    return OpenAIServingChat(engine, models, "assistant", request_logger=logger, chat_template=template, chat_template_content_format="auto", enable_log_outputs=True, exclude_log_deltas=True)\n',
            'return OpenAIServingChat(engine, models, "assistant", request_logger=logger, chat_template=template, chat_template_content_format="auto", enable_log_outputs=True, exclude_log_deltas=True)',
        ),
    ),
    (
        "#32020 flag renamed and inverted",
        "the parsed argument read",
        K(
            "#32020",
            LD,
            LDW,
            "vllm/aeon/ld2.py",
            "import argparse\n\n\n"
            "def aeon_log_mode(args: argparse.Namespace) -> str:\n"
            '    return "final" if args.exclude_log_deltas else "deltas"\n',
            'return "final" if args.exclude_log_deltas else "deltas"',
        ),
    ),
    (
        "#32020 flag renamed and inverted",
        "a subclass's attribute",
        K(
            "#32020",
            LD,
            LDW,
            "vllm/aeon/ld3.py",
            "from vllm.entrypoints.openai.serving_chat import OpenAIServingChat\n\n\n"
            "class AeonServingChat(OpenAIServingChat):\n"
            "    def aeon_logs_deltas(self) -> bool:\n"
            "        return self.enable_log_outputs and not self.exclude_log_deltas\n",
            "return self.enable_log_outputs and not self.exclude_log_deltas",
        ),
    ),
    (
        "#32020 flag renamed and inverted",
        "twin: a flag kept",
        K(
            "#32020",
            LD,
            LDW,
            "vllm/aeon/ld4.py",
            "import argparse\n\n\n"
            "def aeon_logs_outputs(args: argparse.Namespace) -> bool:\n"
            "    return bool(args.enable_log_outputs)\n",
            "return bool(args.enable_log_outputs)",
        ),
    ),
]

# --- #21739 (2d7b09b998): disable_log_requests kept on AsyncLLM.from_vllm_config but ignored (enable_log_requests,
#     default False, decides); EngineArgs' field became a deprecated property
LR = "2d7b09b998"
LRW = "AsyncLLM.from_vllm_config(disable_log_requests=) kept and ignored; enable_log_requests decides"
CASES += [
    (
        "#21739 old keyword kept and ignored",
        "keyword to the engine factory",
        K(
            "#21739",
            LR,
            LRW,
            "vllm/aeon/lr1.py",
            "from vllm.config import VllmConfig\nfrom vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "def aeon_engine(cfg: VllmConfig) -> AsyncLLM:\n"
            "    # AEON: the canary correlates request logs with its scrapes\n"
            "    return AsyncLLM.from_vllm_config(cfg, disable_log_requests=False, disable_log_stats=False)\n",
            "return AsyncLLM.from_vllm_config(cfg, disable_log_requests=False, disable_log_stats=False)",
        ),
    ),
    (
        "#21739 old keyword kept and ignored",
        "keyword to the engine args",
        K(
            "#21739",
            LR,
            LRW,
            "vllm/aeon/lr2.py",
            "from vllm.engine.arg_utils import AsyncEngineArgs\n\n\n"
            "def aeon_args(model: str) -> AsyncEngineArgs:\n"
            "    return AsyncEngineArgs(model=model, disable_log_requests=False)\n",
            "return AsyncEngineArgs(model=model, disable_log_requests=False)",
        ),
    ),
    (
        "#21739 old keyword kept and ignored",
        "twin: a keyword still read",
        K(
            "#21739",
            LR,
            LRW,
            "vllm/aeon/lr3.py",
            "from vllm.config import VllmConfig\nfrom vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "def aeon_quiet_engine(cfg: VllmConfig) -> AsyncLLM:\n"
            "    return AsyncLLM.from_vllm_config(cfg, disable_log_stats=True)\n",
            "return AsyncLLM.from_vllm_config(cfg, disable_log_stats=True)",
        ),
    ),
]

# --- #15317 (733e7c9e95): StructuredOutputManager._async_create_grammar(request, backend) -> (request)
SO = "733e7c9e95"
SOW = "_async_create_grammar's backend parameter removed (called with the request only)"
SOI = "from vllm.v1.request import Request\nfrom vllm.v1.structured_output import StructuredOutputManager\nfrom vllm.v1.structured_output.backend_types import StructuredOutputBackend, StructuredOutputGrammar\n\n\n"
CASES += [
    (
        "#15317 parameter removed under an override",
        "an override keeping the old parameter",
        K(
            "#15317",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            SOI + "class AeonStructuredOutputManager(StructuredOutputManager):\n"
            "    def _async_create_grammar(self, request: Request, backend: StructuredOutputBackend) -> StructuredOutputGrammar:\n"
            "        # AEON: JSON schemas go to the fork's cached grammar compiler first\n"
            "        key = request.structured_output_request.structured_output_key  # type: ignore[union-attr]\n"
            "        return backend.compile_grammar(*key)\n",
            "def _async_create_grammar(self, request: Request, backend: StructuredOutputBackend) -> StructuredOutputGrammar:",
        ),
    ),
    (
        "#15317 parameter removed under an override",
        "a subclass's submit with the old arguments",
        K(
            "#15317",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            SOI + "class AeonEagerGrammars(StructuredOutputManager):\n"
            "    def aeon_compile_now(self, request: Request) -> StructuredOutputGrammar:\n"
            "        return self._async_create_grammar(request, self.backend)\n",
            "return self._async_create_grammar(request, self.backend)",
        ),
    ),
    (
        "#15317 parameter removed under an override",
        "twin: the public entry",
        K(
            "#15317",
            SO,
            SOW,
            "vllm/aeon/so3.py",
            SOI + "class AeonGrammarInit(StructuredOutputManager):\n"
            "    def aeon_init(self, request: Request) -> None:\n"
            "        self.grammar_init(request)\n",
            "self.grammar_init(request)",
        ),
    ),
]

# --- #29090 (56e96b37e4): SamplingParams.best_of (and _real_n) removed; the protocol's best_of too
BO = "56e96b37e4"
BOW = "SamplingParams.best_of removed"
CASES += [
    (
        "#29090 sampling field removed",
        "keyword construction",
        K(
            "#29090",
            BO,
            BOW,
            "vllm/aeon/bo1.py",
            "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_best_of_params(n: int) -> SamplingParams:\n"
            "    # AEON: the canary's accuracy probe samples four and keeps the best\n"
            "    return SamplingParams(n=n, best_of=4, temperature=0.8)\n",
            "return SamplingParams(n=n, best_of=4, temperature=0.8)",
        ),
    ),
    (
        "#29090 sampling field removed",
        "attribute read",
        K(
            "#29090",
            BO,
            BOW,
            "vllm/aeon/bo2.py",
            "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_width(params: SamplingParams) -> int:\n"
            "    return params.best_of or params.n\n",
            "return params.best_of or params.n",
        ),
    ),
    (
        "#29090 sampling field removed",
        "twin: a field kept",
        K(
            "#29090",
            BO,
            BOW,
            "vllm/aeon/bo3.py",
            "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_width_n(params: SamplingParams) -> int:\n"
            "    return params.n\n",
            "return params.n",
        ),
    ),
]

# --- #19912 (bf7f470b22): the logits processors' AddedRequest (index, params, output_ids) grew to
#     (index, params, prompt_ids, output_ids); the builtin processors' constructors take (vllm_config, device, pin)
LP = "bf7f470b22"
LPW = "BatchUpdate.added: (index, params, output_ids) -> (index, params, prompt_ids, output_ids); ctor args reordered"
LPI = "import torch\n\nfrom vllm.v1.sample.logits_processor import BatchUpdate, LogitsProcessor, MinPLogitsProcessor\n\n\n"
CASES += [
    (
        "#19912 added-request tuple grown",
        "three-name unpacking",
        K(
            "#19912",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            LPI + "class AeonRepeatGuard(LogitsProcessor):\n"
            "    def __init__(self) -> None:\n"
            "        self.outputs: dict[int, list[int]] = {}\n\n"
            "    def is_argmax_invariant(self) -> bool:\n"
            "        return False\n\n"
            "    def update_state(self, batch_update: BatchUpdate | None) -> None:\n"
            "        if batch_update is None:\n"
            "            return\n"
            "        # AEON: the repetition guard follows each request's generated tokens\n"
            "        for index, params, output_tok_ids in batch_update.added:\n"
            "            self.outputs[index] = output_tok_ids\n\n"
            "    def apply(self, logits: torch.Tensor) -> torch.Tensor:\n"
            "        return logits\n",
            "for index, params, output_tok_ids in batch_update.added:",
        ),
    ),
    (
        "#19912 added-request tuple grown",
        "the output ids by index",
        K(
            "#19912",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            LPI + "def aeon_outputs(batch_update: BatchUpdate) -> dict[int, list[int]]:\n"
            "    return {added[0]: added[2] for added in batch_update.added}\n",
            "return {added[0]: added[2] for added in batch_update.added}",
        ),
    ),
    (
        "#19912 added-request tuple grown",
        "positional construction of a builtin processor",
        K(
            "#19912",
            LP,
            LPW,
            "vllm/aeon/lp3.py",
            LPI + "def aeon_min_p(max_num_reqs: int, device: torch.device) -> MinPLogitsProcessor:\n"
            "    return MinPLogitsProcessor(max_num_reqs, True, device)\n",
            "return MinPLogitsProcessor(max_num_reqs, True, device)",
        ),
    ),
    (
        "#19912 added-request tuple grown",
        "twin: index and params by position",
        K(
            "#19912",
            LP,
            LPW,
            "vllm/aeon/lp4.py",
            LPI + "def aeon_params(batch_update: BatchUpdate) -> dict[int, object]:\n"
            "    return {added[0]: added[1] for added in batch_update.added}\n",
            "return {added[0]: added[1] for added in batch_update.added}",
        ),
    ),
]

# --- #33402 (c5113f60f2): the deprecated reasoning_content field dropped from ChatMessage and DeltaMessage
#     (extra fields are allowed: a construction keeps it as an extra nobody reads)
RS = "c5113f60f2"
RSW = "ChatMessage/DeltaMessage.reasoning_content removed (reasoning stays)"
CASES += [
    (
        "#33402 deprecated protocol field dropped",
        "keyword construction of a delta",
        K(
            "#33402",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            "from vllm.entrypoints.openai.engine.protocol import DeltaMessage\n\n\n"
            "def aeon_reasoning_delta(text: str) -> DeltaMessage:\n"
            "    # AEON: the fork's Gemma reasoning parser streams its thoughts\n"
            "    return DeltaMessage(reasoning_content=text)\n",
            "return DeltaMessage(reasoning_content=text)",
        ),
    ),
    (
        "#33402 deprecated protocol field dropped",
        "attribute read",
        K(
            "#33402",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            "from vllm.entrypoints.openai.chat_completion.protocol import ChatMessage\n\n\n"
            "def aeon_thoughts(message: ChatMessage) -> str:\n"
            '    return message.reasoning_content or ""\n',
            'return message.reasoning_content or ""',
        ),
    ),
    (
        "#33402 deprecated protocol field dropped",
        "twin: the field kept",
        K(
            "#33402",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            "from vllm.entrypoints.openai.engine.protocol import DeltaMessage\n\n\n"
            "def aeon_reasoning_delta_new(text: str) -> DeltaMessage:\n"
            "    return DeltaMessage(reasoning=text)\n",
            "return DeltaMessage(reasoning=text)",
        ),
    ),
]

# --- #15724 (9665313c39): DecodingConfig.guided_decoding_backend default 'xgrammar' -> 'auto' (V1)
GB = "9665313c39"
GBW = "guided_decoding_backend default 'xgrammar' -> 'auto'"
CASES += [
    (
        "#15724 backend default changed",
        "the default compared",
        K(
            "#15724",
            GB,
            GBW,
            "vllm/aeon/gb1.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_uses_fast_bitmask(cfg: VllmConfig) -> bool:\n"
            "    # AEON: the fork's fused bitmask kernel serves xgrammar only\n"
            '    return cfg.decoding_config.guided_decoding_backend == "xgrammar"\n',
            'return cfg.decoding_config.guided_decoding_backend == "xgrammar"',
        ),
    ),
    (
        "#15724 backend default changed",
        "a default-built config's backend",
        K(
            "#15724",
            GB,
            GBW,
            "vllm/aeon/gb2.py",
            "from vllm.config import DecodingConfig\n\n"
            'AEON_BITMASK_BACKENDS = {"xgrammar": "fused", "guidance": "plain"}\n\n\n'
            "def aeon_default_bitmask() -> str:\n"
            "    return AEON_BITMASK_BACKENDS[DecodingConfig().guided_decoding_backend]\n",
            "return AEON_BITMASK_BACKENDS[DecodingConfig().guided_decoding_backend]",
        ),
    ),
    (
        "#15724 backend default changed",
        "twin: a field left alone",
        K(
            "#15724",
            GB,
            GBW,
            "vllm/aeon/gb3.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_reasons(cfg: VllmConfig) -> bool:\n"
            "    return cfg.decoding_config.reasoning_backend is not None\n",
            "return cfg.decoding_config.reasoning_backend is not None",
        ),
    ),
]

# --- #28827 (d0cd728907): reset_prefix_cache(self) -> None became (self, reset_running_requests=False) -> bool
#     on the engine client, the core clients and the scheduler; callers pass the flag positionally
RP = "d0cd728907"
RPW = "reset_prefix_cache gains reset_running_requests (passed positionally by callers) and returns bool"
CASES += [
    (
        "#28827 override lacks a new parameter",
        "an AsyncLLM override",
        K(
            "#28827",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            "from vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "class AeonAsyncLLM(AsyncLLM):\n"
            "    async def reset_prefix_cache(self) -> None:\n"
            "        # AEON: the hybrid prefix-cache fix drops the drafter's cache too\n"
            "        await self.engine_core.reset_prefix_cache_async()\n"
            '        await self.engine_core.collective_rpc_async("aeon_reset_drafter_cache")\n',
            "async def reset_prefix_cache(self) -> None:",
        ),
    ),
    (
        "#28827 override lacks a new parameter",
        "a scheduler override",
        K(
            "#28827",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
            "class AeonPrefixScheduler(Scheduler):\n"
            "    def reset_prefix_cache(self) -> bool:\n"
            "        self.aeon_ctx_slots = {}\n"
            "        return super().reset_prefix_cache()\n",
            "def reset_prefix_cache(self) -> bool:",
        ),
    ),
    (
        "#28827 override lacks a new parameter",
        "twin: a call without the flag",
        K(
            "#28827",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            "from vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "async def aeon_flush(engine: AsyncLLM) -> None:\n"
            "    await engine.reset_prefix_cache()\n",
            "await engine.reset_prefix_cache()",
        ),
    ),
]

# --- #27205 (3ada34f9cb): apply_hf_chat_template's tokenize parameter removed (tokenize=False always); a
#     tokenize keyword now falls into **kwargs and is refused
CT = "3ada34f9cb"
CTW = "apply_hf_chat_template(tokenize=) removed into **kwargs (raises; returns text only)"
CTI = "from vllm.config import ModelConfig\nfrom vllm.entrypoints.chat_utils import apply_hf_chat_template\n\n\n"
CASES += [
    (
        "#27205 keyword parameter removed into **kwargs",
        "keyword call",
        K(
            "#27205",
            CT,
            CTW,
            "vllm/aeon/ct1.py",
            CTI
            + "def aeon_prompt_ids(tokenizer, conversation, model_config: ModelConfig) -> list[int]:  # type: ignore[no-untyped-def]\n"
            "    # AEON: the drafter warm-up needs the token ids of the rendered chat\n"
            "    return apply_hf_chat_template(tokenizer, conversation, None, None, model_config=model_config, tokenize=True)\n",
            "return apply_hf_chat_template(tokenizer, conversation, None, None, model_config=model_config, tokenize=True)",
        ),
    ),
    (
        "#27205 keyword parameter removed into **kwargs",
        "keywords from a dict",
        K(
            "#27205",
            CT,
            CTW,
            "vllm/aeon/ct2.py",
            CTI + 'AEON_TEMPLATE_KW = {"tokenize": True, "add_generation_prompt": True}\n\n\n'
            "def aeon_prompt_ids_kw(tokenizer, conversation, model_config: ModelConfig) -> list[int]:  # type: ignore[no-untyped-def]\n"
            "    return apply_hf_chat_template(tokenizer, conversation, None, None, model_config=model_config, **AEON_TEMPLATE_KW)\n",
            'AEON_TEMPLATE_KW = {"tokenize": True, "add_generation_prompt": True}',
        ),
    ),
    (
        "#27205 keyword parameter removed into **kwargs",
        "twin: text, with a template keyword",
        K(
            "#27205",
            CT,
            CTW,
            "vllm/aeon/ct3.py",
            CTI
            + "def aeon_prompt_text(tokenizer, conversation, model_config: ModelConfig) -> str:  # type: ignore[no-untyped-def]\n"
            "    return apply_hf_chat_template(tokenizer, conversation, None, None, model_config=model_config, add_generation_prompt=True)\n",
            "return apply_hf_chat_template(tokenizer, conversation, None, None, model_config=model_config, add_generation_prompt=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-serving-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
