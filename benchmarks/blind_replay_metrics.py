"""A blind replay of the v1 metrics loggers and stats, the engine-core client and the wire's serializer.

10 first-parent commits on the surface a fork that ships its own stat loggers or talks to the engine core
carries code against -- ``StatLoggerBase``'s contract (``log(scheduler_stats, iteration_stats)`` split into an
abstract ``record`` and an argument-less ``log``; ``record`` now called with the engine's index), the
Prometheus logger's constructor (``engine_index`` replaced by ``engine_indexes``), its per-engine metric
attributes (``histogram_time_per_output_token`` removed), the helpers a fork's logger imports
(``setup_default_loggers`` removed, ``make_per_engine`` renamed to ``create_metric_per_engine`` and the
connector metrics' ``make_per_engine`` method removed), ``LoggingStatLogger``'s tracked-token attributes
(a list made an int), ``IterationStats.update_from_finished_request``'s ``request_output`` (renamed
``num_prompt_tokens``, an int now), the ready handshake's ``EngineCoreReadyResponse`` (two required fields
inserted, then ``max_model_len`` made required and moved first) and ``_apply_ready_response`` (a module
function made a method), ``DPLBAsyncMPClient._send_reconfig_message`` removed, and the serializer
(``MsgpackEncoder.encode`` returning a list of frames, not bytes; the module-level ``custom_enc_hook``
removed) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the
other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a
subclass override, a keyword, a positional construction, an import, an attribute read off ``self`` in a
subclass, a ``super()``-less helper call), with twins (fork code the commit does not break).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on
its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at bfa20111): 15 caught, 0 warned, 4 missed of 19 (twins: 11
quiet, 0 false errors).  The misses: #20529's two (``self.num_prompt_tokens.append(n)`` and
``len(self.num_generation_tokens)`` in a LoggingStatLogger subclass, where upstream's ``_reset`` now sets the
attribute as an ``int``, no longer a ``list[int]``), #13774's positional ``RequestOutput`` (the second
parameter renamed ``num_prompt_tokens`` and retyped ``int``: the fork's positional argument still binds), and
#13790's ``sock.send(encoder.encode(obj))`` (``encode`` now returns a list of frames, no longer ``bytes``).
After the killers69 widenings: 18 caught, 0 warned, 1 missed of 19 (twins: 12 quiet, 0 false errors; one
twin added with them, #13774's prompt length passed by position).  Caught now: a positional argument the
fork's own function annotates as the type of the parameter upstream renamed and retyped in that slot, where
the two kinds never share values (symbol drift); a field upstream made a number where it was a container,
used as a sequence by a fork line -- a list method, ``len()``/``sum()`` of it, a ``for`` over it (type
drift, container drift's kinds gaining the scalars for fields).  Left: #13790's frame sent whole to a call
outside the tree (telling it from one of upstream's calls that now takes both, ``MsgpackDecoder.decode``
widened in the same commit, needs the callee's parameter type).  Regression: killer_replay 26/26 and
kind_change_replay 12/12 on the final head; blind_replay_serving 29/5/0, blind_replay_wire 31/0/0,
blind_replay_specdec 23/0/0, review15/16/17_twins 0 false errors (40, 30, 23 twins) and symbol_precision
--windows 3 (0 false errors) on 05f87513, before two changes that only narrow the new checks.

  python benchmarks/blind_replay_metrics.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #14082 (872db2be0e): StatLoggerBase.log(scheduler_stats, iteration_stats) split into an abstract
#     record(scheduler_stats, iteration_stats) and an argument-less log() the engine calls on a timer
SL = "872db2be0e"
SLW = "StatLoggerBase.log split into abstract record + log()"
LG = "from vllm.v1.metrics.loggers import LoggingStatLogger, StatLoggerBase\nfrom vllm.v1.metrics.stats import IterationStats, SchedulerStats\n\n\n"
CASES += [
    (
        "#14082 logger contract split",
        "a StatLoggerBase subclass overriding log(stats)",
        K(
            "#14082",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            LG + "class AeonSparkStatLogger(StatLoggerBase):\n"
            "    # AEON: GB10 unified-memory pressure goes to the fleet's collector\n"
            "    def __init__(self):\n"
            "        self.running = 0\n\n"
            "    def log(self, scheduler_stats: SchedulerStats, iteration_stats: IterationStats):\n"
            "        self.running = scheduler_stats.num_running_reqs\n",
            "def log(self, scheduler_stats: SchedulerStats, iteration_stats: IterationStats):",
        ),
    ),
    (
        "#14082 logger contract split",
        "a call of log(stats) on a typed logger",
        K(
            "#14082",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            LG + "def aeon_flush(logger: LoggingStatLogger, sched: SchedulerStats, it: IterationStats) -> None:\n"
            "    logger.log(sched, it)\n",
            "logger.log(sched, it)",
        ),
    ),
    (
        "#14082 logger contract split",
        "twin: a LoggingStatLogger subclass extending __init__ only",
        K(
            "#14082",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            LG + "class AeonQuietLogger(LoggingStatLogger):\n"
            "    def __init__(self):\n"
            "        super().__init__()\n"
            "        self.aeon_tag = 'spark'\n",
            "self.aeon_tag = 'spark'",
        ),
    ),
]

# --- #21257 (29d1ffc5b4): one PrometheusStatLogger for all DP engines (engine_index -> engine_indexes),
#     record() now called with the engine's index, setup_default_loggers replaced by StatLoggerManager
DP = "29d1ffc5b4"
DPW = "PrometheusStatLogger(engine_indexes=), record(..., engine_idx), setup_default_loggers removed"
PR = "from vllm.config import VllmConfig\nfrom vllm.v1.metrics.loggers import LoggingStatLogger, PrometheusStatLogger, StatLoggerBase\n\n\n"
CASES += [
    (
        "#21257 constructor keyword removed",
        "a keyword to PrometheusStatLogger",
        K(
            "#21257",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            PR + "def aeon_prom(vllm_config: VllmConfig, rank: int) -> PrometheusStatLogger:\n"
            "    return PrometheusStatLogger(vllm_config, engine_index=rank)\n",
            "return PrometheusStatLogger(vllm_config, engine_index=rank)",
        ),
    ),
    (
        "#21257 record called with engine_idx",
        "a record override without engine_idx",
        K(
            "#21257",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            PR + "class AeonCountLogger(StatLoggerBase):\n"
            "    def __init__(self, vllm_config: VllmConfig, engine_index: int = 0):\n"
            "        self.n = 0\n\n"
            "    def record(self, scheduler_stats, iteration_stats):\n"
            "        self.n += 1\n\n"
            "    def log_engine_initialized(self):\n"
            "        pass\n",
            "def record(self, scheduler_stats, iteration_stats):",
        ),
    ),
    (
        "#21257 helper removed",
        "an import of setup_default_loggers",
        K(
            "#21257",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            "from vllm.v1.metrics.loggers import setup_default_loggers\n\n\n"
            "def aeon_loggers(vllm_config, log_stats: bool):\n"
            "    return setup_default_loggers(vllm_config, log_stats, 1, None)\n",
            "from vllm.v1.metrics.loggers import setup_default_loggers",
        ),
    ),
    (
        "#21257 constructor keyword removed",
        "twin: LoggingStatLogger keeps engine_index",
        K(
            "#21257",
            DP,
            DPW,
            "vllm/aeon/dp4.py",
            PR + "def aeon_text_logger(vllm_config: VllmConfig, rank: int) -> LoggingStatLogger:\n"
            "    return LoggingStatLogger(vllm_config, engine_index=rank)\n",
            "return LoggingStatLogger(vllm_config, engine_index=rank)",
        ),
    ),
    (
        "#21257 record called with engine_idx",
        "twin: a record override taking *args",
        K(
            "#21257",
            DP,
            DPW,
            "vllm/aeon/dp5.py",
            PR + "class AeonCountLogger2(StatLoggerBase):\n"
            "    def __init__(self, vllm_config: VllmConfig, engine_index: int = 0):\n"
            "        self.n = 0\n\n"
            "    def record(self, scheduler_stats, iteration_stats, *args):\n"
            "        self.n += 1\n\n"
            "    def log_engine_initialized(self):\n"
            "        pass\n",
            "def record(self, scheduler_stats, iteration_stats, *args):",
        ),
    ),
]

# --- #33898 (880be2b1b8): loggers' make_per_engine renamed create_metric_per_engine (moved to metrics/utils),
#     KVConnectorPromMetrics.make_per_engine removed
MP = "880be2b1b8"
MPW = "make_per_engine renamed create_metric_per_engine; the connector metrics' method removed"
CASES += [
    (
        "#33898 helper renamed",
        "an import of make_per_engine",
        K(
            "#33898",
            MP,
            MPW,
            "vllm/aeon/mp1.py",
            "from vllm.v1.metrics.loggers import make_per_engine\n\n\n"
            "def aeon_gauge(metric, engines: list[int], model: str):\n"
            "    # AEON: the Spark's unified-memory gauge, one child per engine\n"
            "    return make_per_engine(metric, engines, model)\n",
            "from vllm.v1.metrics.loggers import make_per_engine",
        ),
    ),
    (
        "#33898 helper renamed",
        "self.make_per_engine in a connector metrics subclass",
        K(
            "#33898",
            MP,
            MPW,
            "vllm/aeon/mp2.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.metrics import KVConnectorPromMetrics\n\n\n"
            "class AeonConnectorProm(KVConnectorPromMetrics):\n"
            "    def aeon_setup(self, counter) -> None:\n"
            "        self.aeon_bytes = self.make_per_engine(counter)\n",
            "self.aeon_bytes = self.make_per_engine(counter)",
        ),
    ),
    (
        "#33898 helper renamed",
        "twin: an import of build_1_2_5_buckets (kept)",
        K(
            "#33898",
            MP,
            MPW,
            "vllm/aeon/mp3.py",
            "from vllm.v1.metrics.loggers import build_1_2_5_buckets\n\n\n"
            "def aeon_buckets() -> list[int]:\n"
            "    return build_1_2_5_buckets(8192)\n",
            "from vllm.v1.metrics.loggers import build_1_2_5_buckets",
        ),
    ),
]

# --- #32661 (bb9172030e): the deprecated vllm:time_per_output_token_seconds histogram removed
TP = "bb9172030e"
TPW = "PrometheusStatLogger.histogram_time_per_output_token removed"
PL = "from vllm.v1.metrics.loggers import PrometheusStatLogger\n\n\n"
CASES += [
    (
        "#32661 metric attribute removed",
        "self.histogram_time_per_output_token in a subclass",
        K(
            "#32661",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            PL + "class AeonPromLogger(PrometheusStatLogger):\n"
            "    def aeon_observe_tpot(self, engine_idx: int, tpot: float) -> None:\n"
            "        # AEON: the fleet dashboards still chart TPOT\n"
            "        self.histogram_time_per_output_token[engine_idx].observe(tpot)\n",
            "self.histogram_time_per_output_token[engine_idx].observe(tpot)",
        ),
    ),
    (
        "#32661 metric attribute removed",
        "twin: self.histogram_inter_token_latency (kept)",
        K(
            "#32661",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            PL + "class AeonPromLogger2(PrometheusStatLogger):\n"
            "    def aeon_observe_itl(self, engine_idx: int, itl: float) -> None:\n"
            "        self.histogram_inter_token_latency[engine_idx].observe(itl)\n",
            "self.histogram_inter_token_latency[engine_idx].observe(itl)",
        ),
    ),
]

# --- #20529 (a8936e5193): LoggingStatLogger's tracked token counts made ints (were lists summed by numpy)
NP = "a8936e5193"
NPW = "LoggingStatLogger.num_prompt_tokens/num_generation_tokens list[int] -> int"
LL = "from vllm.v1.metrics.loggers import LoggingStatLogger\n\n\n"
CASES += [
    (
        "#20529 attribute type changed",
        "an append to self.num_prompt_tokens in a subclass",
        K(
            "#20529",
            NP,
            NPW,
            "vllm/aeon/np1.py",
            LL + "class AeonTokenLogger(LoggingStatLogger):\n"
            "    def aeon_add_prompt(self, n: int) -> None:\n"
            "        self.num_prompt_tokens.append(n)\n",
            "self.num_prompt_tokens.append(n)",
        ),
    ),
    (
        "#20529 attribute type changed",
        "a len() of self.num_generation_tokens in a subclass",
        K(
            "#20529",
            NP,
            NPW,
            "vllm/aeon/np2.py",
            LL + "class AeonTokenLogger2(LoggingStatLogger):\n"
            "    def aeon_steps(self) -> int:\n"
            "        return len(self.num_generation_tokens)\n",
            "return len(self.num_generation_tokens)",
        ),
    ),
    (
        "#20529 attribute type changed",
        "twin: a truth test of self.num_prompt_tokens",
        K(
            "#20529",
            NP,
            NPW,
            "vllm/aeon/np3.py",
            LL + "class AeonTokenLogger3(LoggingStatLogger):\n"
            "    def aeon_busy(self) -> bool:\n"
            "        return bool(self.num_prompt_tokens)\n",
            "return bool(self.num_prompt_tokens)",
        ),
    ),
]

# --- #13774 (4167252eaf): IterationStats.update_from_finished_request(request_output=) -> num_prompt_tokens: int
FR = "4167252eaf"
FRW = "update_from_finished_request's request_output renamed num_prompt_tokens (an int)"
IS = "from vllm.outputs import RequestOutput\nfrom vllm.v1.metrics.stats import IterationStats, RequestStateStats\n\n\n"
CASES += [
    (
        "#13774 parameter renamed",
        "a keyword call with request_output=",
        K(
            "#13774",
            FR,
            FRW,
            "vllm/aeon/fr1.py",
            IS + "def aeon_finish(stats: IterationStats, reason, out: RequestOutput, rs: RequestStateStats) -> None:\n"
            "    stats.update_from_finished_request(finish_reason=reason, request_output=out, req_stats=rs)\n",
            "stats.update_from_finished_request(finish_reason=reason, request_output=out, req_stats=rs)",
        ),
    ),
    (
        "#13774 parameter renamed",
        "a positional RequestOutput",
        K(
            "#13774",
            FR,
            FRW,
            "vllm/aeon/fr2.py",
            IS + "def aeon_finish2(stats: IterationStats, reason, out: RequestOutput, rs: RequestStateStats) -> None:\n"
            "    stats.update_from_finished_request(reason, out, rs)\n",
            "stats.update_from_finished_request(reason, out, rs)",
        ),
    ),
    (
        "#13774 parameter renamed",
        "twin: the prompt's length by position",
        K(
            "#13774",
            FR,
            FRW,
            "vllm/aeon/fr4.py",
            IS + "def aeon_finish3(stats: IterationStats, reason, n: int, rs: RequestStateStats) -> None:\n"
            "    stats.update_from_finished_request(reason, n, rs)\n",
            "stats.update_from_finished_request(reason, n, rs)",
        ),
    ),
    (
        "#13774 parameter renamed",
        "twin: update_from_events by keyword (unchanged)",
        K(
            "#13774",
            FR,
            FRW,
            "vllm/aeon/fr3.py",
            IS + "def aeon_events(stats: IterationStats, rid: str, events, rs: RequestStateStats) -> None:\n"
            "    stats.update_from_events(rid, events, is_prefilling=False, req_stats=rs, lora_stats=None)\n",
            "stats.update_from_events(rid, events, is_prefilling=False, req_stats=rs, lora_stats=None)",
        ),
    ),
]

# --- #39364 (c8d98f81f6): EngineCoreReadyResponse a dataclass with num_gpu_blocks and dp_stats_address
#     required; core_client's module _apply_ready_response made an MPClient method
HS = "c8d98f81f6"
HSW = "EngineCoreReadyResponse gains two required fields; _apply_ready_response made a method"
RR = "from vllm.v1.engine import EngineCoreReadyResponse\n\n\n"
CASES += [
    (
        "#39364 required fields inserted",
        "a keyword construction of the ready response",
        K(
            "#39364",
            HS,
            HSW,
            "vllm/aeon/hs1.py",
            RR + "def aeon_ready(max_len: int) -> EngineCoreReadyResponse:\n"
            "    # AEON: the Spark engine caps max_model_len after its KV fit\n"
            "    return EngineCoreReadyResponse(max_model_len=max_len)\n",
            "return EngineCoreReadyResponse(max_model_len=max_len)",
        ),
    ),
    (
        "#39364 module function made a method",
        "an import of _apply_ready_response",
        K(
            "#39364",
            HS,
            HSW,
            "vllm/aeon/hs2.py",
            "from vllm.v1.engine.core_client import _apply_ready_response\n\n\n"
            "def aeon_apply(payload: bytes, vllm_config) -> None:\n"
            "    _apply_ready_response(payload, vllm_config)\n",
            "from vllm.v1.engine.core_client import _apply_ready_response",
        ),
    ),
    (
        "#39364 required fields inserted",
        "twin: a read of max_model_len off a typed response",
        K(
            "#39364",
            HS,
            HSW,
            "vllm/aeon/hs3.py",
            RR + "def aeon_cap(resp: EngineCoreReadyResponse, cap: int) -> int:\n"
            "    return min(cap, resp.max_model_len or cap)\n",
            "return min(cap, resp.max_model_len or cap)",
        ),
    ),
]

# --- #39442 (ef076c1b73): EngineCoreReadyResponse.max_model_len required and moved to the first field
ML = "ef076c1b73"
MLW = "EngineCoreReadyResponse.max_model_len made required and moved first"
CASES += [
    (
        "#39442 field moved first",
        "a positional construction",
        K(
            "#39442",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            RR + "def aeon_ready2(blocks: int, addr, max_len: int) -> EngineCoreReadyResponse:\n"
            "    return EngineCoreReadyResponse(blocks, addr, max_len)\n",
            "return EngineCoreReadyResponse(blocks, addr, max_len)",
        ),
    ),
    (
        "#39442 default removed",
        "a construction leaving max_model_len to its default",
        K(
            "#39442",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            RR + "def aeon_ready3(blocks: int, addr) -> EngineCoreReadyResponse:\n"
            "    return EngineCoreReadyResponse(num_gpu_blocks=blocks, dp_stats_address=addr)\n",
            "return EngineCoreReadyResponse(num_gpu_blocks=blocks, dp_stats_address=addr)",
        ),
    ),
    (
        "#39442 field moved first",
        "twin: every field by keyword",
        K(
            "#39442",
            ML,
            MLW,
            "vllm/aeon/ml3.py",
            RR + "def aeon_ready4(blocks: int, addr, max_len: int) -> EngineCoreReadyResponse:\n"
            "    return EngineCoreReadyResponse(num_gpu_blocks=blocks, dp_stats_address=addr, max_model_len=max_len)\n",
            "return EngineCoreReadyResponse(num_gpu_blocks=blocks, dp_stats_address=addr, max_model_len=max_len)",
        ),
    ),
]

# --- #23127 (a403d0fa41): DPLBAsyncMPClient._send_reconfig_message removed (inlined into call_utility_async)
RC = "a403d0fa41"
RCW = "DPLBAsyncMPClient._send_reconfig_message removed"
DL = "from vllm.v1.engine.core_client import DPLBAsyncMPClient\n\n\n"
CASES += [
    (
        "#23127 method removed",
        "self._send_reconfig_message in a client subclass",
        K(
            "#23127",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            DL + "class AeonDPClient(DPLBAsyncMPClient):\n"
            "    async def aeon_reconfig(self, request, engine):\n"
            "        # AEON: the Spark pair re-forms its DP group after a GPU reset\n"
            "        future = await self._send_reconfig_message(request, engine)\n"
            "        return await future\n",
            "future = await self._send_reconfig_message(request, engine)",
        ),
    ),
    (
        "#23127 method removed",
        "twin: self._abort_requests (kept)",
        K(
            "#23127",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            DL + "class AeonDPClient2(DPLBAsyncMPClient):\n"
            "    async def aeon_abort(self, ids: list[str], engine) -> None:\n"
            "        await self._abort_requests(ids, engine)\n",
            "await self._abort_requests(ids, engine)",
        ),
    ),
]

# --- #13790 (dd143ef541): zero-copy serialization: MsgpackEncoder.encode returns a sequence of frames, the
#     module-level custom_enc_hook/custom_ext_hook made methods
ZC = "dd143ef541"
ZCW = "MsgpackEncoder.encode returns Sequence[bytestr]; custom_enc_hook removed"
CASES += [
    (
        "#13790 return shape changed",
        "the encoded value sent as one frame",
        K(
            "#13790",
            ZC,
            ZCW,
            "vllm/aeon/zc1.py",
            "import zmq\n\nfrom vllm.v1.serial_utils import MsgpackEncoder\n\n\n"
            "def aeon_send(sock: zmq.Socket, obj) -> None:\n"
            "    encoder = MsgpackEncoder()\n"
            "    sock.send(encoder.encode(obj))\n",
            "sock.send(encoder.encode(obj))",
        ),
    ),
    (
        "#13790 module hook removed",
        "an import of custom_enc_hook",
        K(
            "#13790",
            ZC,
            ZCW,
            "vllm/aeon/zc2.py",
            "from msgspec import msgpack\n\nfrom vllm.v1.serial_utils import custom_enc_hook\n\n\n"
            "AEON_ENCODER = msgpack.Encoder(enc_hook=custom_enc_hook)\n",
            "from vllm.v1.serial_utils import custom_enc_hook",
        ),
    ),
    (
        "#13790 return shape changed",
        "twin: MsgpackDecoder.decode of one frame (widened)",
        K(
            "#13790",
            ZC,
            ZCW,
            "vllm/aeon/zc3.py",
            "from vllm.v1.engine import EngineCoreOutputs\nfrom vllm.v1.serial_utils import MsgpackDecoder\n\n\n"
            "def aeon_decode(frame: bytes) -> EngineCoreOutputs:\n"
            "    return MsgpackDecoder(EngineCoreOutputs).decode(frame)\n",
            "return MsgpackDecoder(EngineCoreOutputs).decode(frame)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-metrics-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
