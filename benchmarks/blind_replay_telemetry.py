"""A blind replay of tracing, usage reporting and the v1 metrics stats and Prometheus logger a fork extends.

8 first-parent commits on the surface a fork that exports its own spans, metrics or usage reports carries code
against -- the tracing module (``is_otel_installed`` renamed ``is_otel_available``; ``SpanAttributes``'
``LLM_*`` names renamed ``GEN_AI_*``), ``IterationStats``' per-iteration lists (``queue_times_iter`` and
``prefill_times_iter`` removed), ``StatLoggerBase.record``'s ``iteration_stats`` (now ``None`` on an iteration
without outputs), the loggers module's helpers (``_LOCAL_LOGGING_INTERVAL_SEC`` and
``PrometheusStatLogger._unregister_vllm_metrics`` removed), ``UsageMessage``'s private hook
(``_report_continous_usage`` renamed ``_report_continuous_usage``), and ``PrometheusStatLogger``'s deprecated
gauges (``gauge_gpu_cache_usage`` made conditional on ``show_hidden_metrics``, then removed with the
``gpu_prefix_cache`` counters) -- picked by scanning ``vllm/v1/metrics/``, ``vllm/tracing.py`` and
``vllm/usage/usage_lib.py`` (``git log --first-parent -p``), avoiding the commits the other replays use.  Each
is replayed under 1-3 fork spellings written the way fork code is written (an import, a module attribute, a
class attribute in a dict, a read off a typed parameter, a subclass override, a read off ``self`` in a
subclass, a call off a typed receiver), with twins (fork code the commit does not break).  The merge base is
the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at e652229f): 12 caught, 0 warned, 2 missed of 14 (twins: 7
quiet, 0 false errors).  The misses: #14388's ``StatLoggerBase`` subclass whose ``record`` override reads
``iteration_stats.num_generation_tokens`` unguarded (the base's parameter annotated ``Optional`` now, and the
engine passes ``None`` on an iteration without outputs), and #24245's ``self.gauge_gpu_cache_usage`` read in a
``PrometheusStatLogger`` subclass (upstream's ``__init__`` now sets it only under ``if
self.show_hidden_metrics:``, off by default: AttributeError).
After the killers111 widenings (both warnings): 12 caught, 2 warned, 0 missed of 14 (twins: 7 quiet, none of
them warned, 0 false errors).  Warned now: an attribute upstream's ``__init__`` set on every path and now sets
only under an ``if``, read unguarded by a fork subclass (``drift/gated_attributes.py``); a method parameter
upstream annotated ``Optional`` where it was not, dereferenced unguarded by a fork override in that slot
(``drift/optional_params.py``).  Warnings, not errors: whether the condition holds, or the fork's caller sends
None, is not in the trees.  Regression on 3b3695b2: killer_replay 26/26, kind_change_replay 12/12 (5 twins
quiet), review16_twins 6 caught, 30 twins quiet (4 warned, as before), review17_twins 11 caught, 1 warned,
23 twins quiet (2 warned, as before), blind_replay_metrics 18/0/1 (12 twins quiet) -- all unchanged.

  python benchmarks/blind_replay_telemetry.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #7266 (2aa00d59ad): tracing's is_otel_installed() renamed is_otel_available()
OT = "2aa00d59ad"
OTW = "is_otel_installed renamed is_otel_available"
CASES += [
    (
        "#7266 function renamed",
        "an import of the old name",
        K(
            "#7266",
            OT,
            OTW,
            "vllm/aeon/otel1.py",
            "from vllm.tracing import is_otel_installed\n\n\n"
            "def aeon_tracing_ready() -> bool:\n"
            "    # AEON: the Spark's collector sidecar is optional\n"
            "    return is_otel_installed()\n",
            "from vllm.tracing import is_otel_installed",
        ),
    ),
    (
        "#7266 function renamed",
        "a module attribute call",
        K(
            "#7266",
            OT,
            OTW,
            "vllm/aeon/otel2.py",
            "from vllm import tracing\n\n\n"
            "def aeon_maybe_tracer(name: str):\n"
            "    if not tracing.is_otel_installed():\n"
            "        return None\n"
            '    return tracing.init_tracer(name, "http://localhost:4317")\n',
            "if not tracing.is_otel_installed():",
        ),
    ),
    (
        "#7266 function renamed",
        "twin: init_tracer and extract_trace_headers kept",
        K(
            "#7266",
            OT,
            OTW,
            "vllm/aeon/otel3.py",
            "from vllm.tracing import extract_trace_headers, init_tracer\n\n\n"
            "def aeon_tracer(headers: dict[str, str]):\n"
            "    trace = extract_trace_headers(headers)\n"
            '    return init_tracer("aeon", "http://localhost:4317") if trace else None\n',
            "from vllm.tracing import extract_trace_headers, init_tracer",
        ),
    ),
]

# --- #12007 (347eeebe3b): SpanAttributes no longer extends semconv_ai's; its LLM_* names renamed GEN_AI_*
SA = "347eeebe3b"
SAW = "SpanAttributes.LLM_* renamed GEN_AI_*"
TR = "from vllm.tracing import SpanAttributes\n\n\n"
CASES += [
    (
        "#12007 class attribute renamed",
        "a class attribute as a span key",
        K(
            "#12007",
            SA,
            SAW,
            "vllm/aeon/span1.py",
            TR + "def aeon_mark_e2e(span, e2e: float) -> None:\n"
            "    # AEON: the fleet dashboard keys on the e2e latency span attribute\n"
            "    span.set_attribute(SpanAttributes.LLM_LATENCY_E2E, e2e)\n",
            "span.set_attribute(SpanAttributes.LLM_LATENCY_E2E, e2e)",
        ),
    ),
    (
        "#12007 class attribute renamed",
        "class attributes in a module-level dict",
        K(
            "#12007",
            SA,
            SAW,
            "vllm/aeon/span2.py",
            TR + "AEON_SPAN_KEYS = {\n"
            '    "queue": SpanAttributes.LLM_LATENCY_TIME_IN_QUEUE,\n'
            '    "ttft": SpanAttributes.LLM_LATENCY_TIME_TO_FIRST_TOKEN,\n'
            "}\n",
            '"queue": SpanAttributes.LLM_LATENCY_TIME_IN_QUEUE,',
        ),
    ),
    (
        "#12007 class attribute renamed",
        "twin: the class and contains_trace_headers kept",
        K(
            "#12007",
            SA,
            SAW,
            "vllm/aeon/span3.py",
            "from vllm.tracing import SpanAttributes, contains_trace_headers\n\n\n"
            "def aeon_traced(headers: dict[str, str]) -> bool:\n"
            "    return contains_trace_headers(headers) and SpanAttributes is not None\n",
            "return contains_trace_headers(headers) and SpanAttributes is not None",
        ),
    ),
]

# --- #13169 (cd711c48b2): IterationStats.queue_times_iter / prefill_times_iter removed (per-request times now)
QT = "cd711c48b2"
QTW = "IterationStats.queue_times_iter and prefill_times_iter removed"
IS = "from vllm.v1.metrics.stats import IterationStats\n\n\n"
CASES += [
    (
        "#13169 stats field removed",
        "a for over a field of a typed parameter",
        K(
            "#13169",
            QT,
            QTW,
            "vllm/aeon/qt1.py",
            IS + "def aeon_worst_queue(stats: IterationStats) -> float:\n"
            "    worst = 0.0\n"
            "    for queued in stats.queue_times_iter:\n"
            "        worst = max(worst, queued)\n"
            "    return worst\n",
            "for queued in stats.queue_times_iter:",
        ),
    ),
    (
        "#13169 stats field removed",
        "sum() of a field in a logger subclass",
        K(
            "#13169",
            QT,
            QTW,
            "vllm/aeon/qt2.py",
            "from vllm.v1.metrics.loggers import LoggingStatLogger\n"
            "from vllm.v1.metrics.stats import IterationStats, SchedulerStats\n\n\n"
            "class AeonLoggingStatLogger(LoggingStatLogger):\n"
            "    def log(self, scheduler_stats: SchedulerStats, iteration_stats: IterationStats):\n"
            "        self.aeon_prefill_s = sum(iteration_stats.prefill_times_iter)\n"
            "        super().log(scheduler_stats, iteration_stats)\n",
            "self.aeon_prefill_s = sum(iteration_stats.prefill_times_iter)",
        ),
    ),
    (
        "#13169 stats field removed",
        "twin: time_to_first_tokens_iter kept",
        K(
            "#13169",
            QT,
            QTW,
            "vllm/aeon/qt3.py",
            IS + "def aeon_worst_ttft(stats: IterationStats) -> float:\n"
            "    return max(stats.time_to_first_tokens_iter, default=0.0)\n",
            "return max(stats.time_to_first_tokens_iter, default=0.0)",
        ),
    ),
]

# --- #14388 (8ed5421aaa): record()'s iteration_stats made Optional; the engine passes None without outputs
RN = "8ed5421aaa"
RNW = "StatLoggerBase.record's iteration_stats may be None"
RB = "from vllm.v1.metrics.loggers import StatLoggerBase\nfrom vllm.v1.metrics.stats import IterationStats, SchedulerStats\n\n\n"
CASES += [
    (
        "#14388 parameter made Optional",
        "an override dereferencing it unguarded",
        K(
            "#14388",
            RN,
            RNW,
            "vllm/aeon/rn1.py",
            RB + "class AeonTokenCounter(StatLoggerBase):\n"
            "    def __init__(self):\n"
            "        self.generated = 0\n\n"
            "    def record(self, scheduler_stats: SchedulerStats, iteration_stats: IterationStats):\n"
            "        self.generated += iteration_stats.num_generation_tokens\n\n"
            "    def log(self):\n"
            "        pass\n",
            "self.generated += iteration_stats.num_generation_tokens",
        ),
    ),
    (
        "#14388 parameter made Optional",
        "twin: an override guarding None",
        K(
            "#14388",
            RN,
            RNW,
            "vllm/aeon/rn2.py",
            RB + "class AeonTokenCounter2(StatLoggerBase):\n"
            "    def __init__(self):\n"
            "        self.generated = 0\n\n"
            "    def record(self, scheduler_stats: SchedulerStats, iteration_stats: IterationStats):\n"
            "        if iteration_stats is None:\n"
            "            return\n"
            "        self.generated += iteration_stats.num_generation_tokens\n\n"
            "    def log(self):\n"
            "        pass\n",
            "self.generated += iteration_stats.num_generation_tokens",
        ),
    ),
]

# --- #17546 (2dbe8c0774): _LOCAL_LOGGING_INTERVAL_SEC removed; the static _unregister_vllm_metrics moved out
US = "2dbe8c0774"
USW = "_LOCAL_LOGGING_INTERVAL_SEC and PrometheusStatLogger._unregister_vllm_metrics removed"
CASES += [
    (
        "#17546 module constant removed",
        "an import of the private constant",
        K(
            "#17546",
            US,
            USW,
            "vllm/aeon/us1.py",
            "from vllm.v1.metrics.loggers import _LOCAL_LOGGING_INTERVAL_SEC\n\n"
            "# AEON: the Spark's log shipper batches twice per logging interval\n"
            "AEON_FLUSH_S = _LOCAL_LOGGING_INTERVAL_SEC / 2\n",
            "from vllm.v1.metrics.loggers import _LOCAL_LOGGING_INTERVAL_SEC",
        ),
    ),
    (
        "#17546 static method removed",
        "a call off the class",
        K(
            "#17546",
            US,
            USW,
            "vllm/aeon/us2.py",
            "from vllm.v1.metrics.loggers import PrometheusStatLogger\n\n\n"
            "def aeon_reset_metrics() -> None:\n"
            "    # AEON: the in-process restart path re-registers every collector\n"
            "    PrometheusStatLogger._unregister_vllm_metrics()\n",
            "PrometheusStatLogger._unregister_vllm_metrics()",
        ),
    ),
    (
        "#17546 static method removed",
        "twin: build_1_2_5_buckets kept",
        K(
            "#17546",
            US,
            USW,
            "vllm/aeon/us3.py",
            "from vllm.v1.metrics.loggers import build_1_2_5_buckets\n\nAEON_BUCKETS = build_1_2_5_buckets(8192)\n",
            "AEON_BUCKETS = build_1_2_5_buckets(8192)",
        ),
    ),
]

# --- #18305 (66e63e86ec): UsageMessage._report_continous_usage renamed _report_continuous_usage
UR = "66e63e86ec"
URW = "UsageMessage._report_continous_usage renamed"
UM = "from vllm.usage.usage_lib import UsageMessage\n\n\n"
CASES += [
    (
        "#18305 hook renamed",
        "a subclass override of the old name",
        K(
            "#18305",
            UR,
            URW,
            "vllm/aeon/ur1.py",
            UM + "class AeonUsageMessage(UsageMessage):\n"
            "    # AEON: air-gapped Spark nodes never phone home after the first report\n"
            "    def _report_continous_usage(self):\n"
            "        return None\n",
            "def _report_continous_usage(self):",
        ),
    ),
    (
        "#18305 hook renamed",
        "a call off a typed receiver",
        K(
            "#18305",
            UR,
            URW,
            "vllm/aeon/ur2.py",
            UM + "def aeon_heartbeat(message: UsageMessage) -> None:\n    message._report_continous_usage()\n",
            "message._report_continous_usage()",
        ),
    ),
    (
        "#18305 hook renamed",
        "twin: an override of _write_to_file",
        K(
            "#18305",
            UR,
            URW,
            "vllm/aeon/ur3.py",
            UM + "class AeonUsageMessage3(UsageMessage):\n    def _write_to_file(self, data):\n        return None\n",
            "def _write_to_file(self, data):",
        ),
    ),
]

# --- #24245 (2942970d44): gauge_gpu_cache_usage and the gpu_prefix_cache counters only with show_hidden_metrics
HM = "2942970d44"
HMW = "PrometheusStatLogger.gauge_gpu_cache_usage made conditional on show_hidden_metrics"
PL = "from vllm.v1.metrics.loggers import PrometheusStatLogger\n\n\n"
CASES += [
    (
        "#24245 attribute made conditional",
        "a read off self in a subclass",
        K(
            "#24245",
            HM,
            HMW,
            "vllm/aeon/hm1.py",
            PL + "class AeonPrometheusStatLogger(PrometheusStatLogger):\n"
            "    def aeon_set_usage(self, usage: float, engine_idx: int = 0) -> None:\n"
            "        self.gauge_gpu_cache_usage[engine_idx].set(usage)\n",
            "self.gauge_gpu_cache_usage[engine_idx].set(usage)",
        ),
    ),
]

# --- #29330 (9cf4edae6e): the hidden gauge_gpu_cache_usage and gpu_prefix_cache counters removed
RM = "9cf4edae6e"
RMW = "PrometheusStatLogger.gauge_gpu_cache_usage / counter_gpu_prefix_cache_* removed"
CASES += [
    (
        "#29330 attribute removed",
        "a read off self in a subclass",
        K(
            "#29330",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            PL + "class AeonPrometheusStatLogger2(PrometheusStatLogger):\n"
            "    def aeon_set_usage(self, usage: float, engine_idx: int = 0) -> None:\n"
            "        self.gauge_gpu_cache_usage[engine_idx].set(usage)\n",
            "self.gauge_gpu_cache_usage[engine_idx].set(usage)",
        ),
    ),
    (
        "#29330 attribute removed",
        "a read off a typed parameter",
        K(
            "#29330",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            PL + "def aeon_count_hits(prom: PrometheusStatLogger, hits: int) -> None:\n"
            "    prom.counter_gpu_prefix_cache_hits[0].inc(hits)\n",
            "prom.counter_gpu_prefix_cache_hits[0].inc(hits)",
        ),
    ),
    (
        "#29330 attribute removed",
        "twin: gauge_kv_cache_usage kept",
        K(
            "#29330",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            PL + "class AeonPrometheusStatLogger3(PrometheusStatLogger):\n"
            "    def aeon_set_usage(self, usage: float, engine_idx: int = 0) -> None:\n"
            "        self.gauge_kv_cache_usage[engine_idx].set(usage)\n",
            "self.gauge_kv_cache_usage[engine_idx].set(usage)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-telemetry-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
