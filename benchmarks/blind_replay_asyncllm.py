"""A blind replay of the v1 async engine front (``AsyncLLM``) a fork's serving path subclasses, builds or calls.

11 first-parent commits on ``vllm/v1/engine/async_llm.py`` (with the stat-logger and engine-core-client files
the same commits touch) -- the front a fork that wraps ``AsyncLLM`` for its speculative-decoding serving path and
its own stat loggers carries code against: ``aggregate_engine_logging`` inserted into ``from_vllm_config`` before
``disable_log_stats`` and into the constructor before ``client_addresses`` (positional calls now fill the wrong
slot), ``generate`` made keyword-only after ``request_id`` and now calling ``add_request(prompt_text=...)``,
``generate`` now calling ``add_request(data_parallel_rank=...)`` and ``add_request`` calling
``Processor.process_inputs`` with one more positional argument, the API server now calling
``reset_prefix_cache(device)`` and ``wake_up(tags)`` (and ``AsyncLLM.wake_up`` calling
``engine_core.wake_up_async(tags)``), ``pause_generation`` now calling
``self.reset_prefix_cache(reset_running_requests=True)``, ``AsyncMPClient``/``DPAsyncMPClient``/``RayDPClient``
no longer imported or read by ``async_llm`` (``EngineCoreClient.make_async_mp_client`` picks the class),
``pause_generation``/``_paused`` added to the base (a subclass's own namesakes now shadow or clobber them),
``StatLoggerBase.log`` given ``iteration_stats``, ``record_sleep_state`` made a stat-logger hook the manager calls
with ``(sleep, level)``, and custom ``stat_loggers`` now extending the default ``LoggingStatLogger`` instead of
replacing it -- picked by scanning the path's diffs (``git log --first-parent -p``), avoiding the commits every
other replay uses (``blind_replay_engfront``, ``_llmapi``, ``_engine``, ``_outproc`` cover parts of this
surface).  Each is replayed under 1-3 fork spellings written the way fork code is written (a positional call, a
positional build, a subclass override the base or the server now calls with more arguments, a subclass's own
method or attribute upstream's base now owns, an import, a module attribute patched, a logger list), with twins
(fork code the commit does not break: a keyword call, an override that takes the new parameter or
``**kwargs``, the kept import, a fork attribute of its own name).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 8485ae9c): 17 caught, 2 warned, 1 missed of 20 (twins: 11
quiet, 0 false errors).  Symbol drift caught the positional calls whose slots moved (#24354's
``from_vllm_config`` and the constructor), #24138's positional ``lora_request`` now past a ``*``, every override
the base, the server or ``AsyncLLM`` now calls with an argument it does not take (``add_request`` twice,
``process_inputs``, ``reset_prefix_cache`` twice, ``wake_up``, ``wake_up_async``, a stat logger's ``log``), the
dropped re-exports (an import, a module attribute read, one patched), the one-argument ``log`` call and #24176's
``record_sleep_state`` namesake; shadowed-attribute caught #28037's ``self._paused``.  The two warned: #28037's
namesakes of the new ``pause_generation`` (no keywords) and ``resume_generation`` (synchronous, awaited) --
symbol drift said the fork's method now overrides a new base method, but the server's calls are off ``engine =
engine_client(raw_request)``, typed only by that function's ``-> EngineClient``, so no call was read as reaching
the fork's class, and no check asked whether a synchronous method can be awaited.  The miss: #20952's
``stat_loggers=[AeonSparkLogger, LoggingStatLogger]`` (the manager now adds ``LoggingStatLogger`` to the list
it is handed, two hand-ons away: every stats line logged twice, no error).
After the killers193 widenings: 19 caught, 1 warned, 0 missed of 20 (twins: 13 quiet, 2 of them warned, 0 false
errors; two twins, #28037's namesakes that fit, added after the blind run).  Caught now: a new hook's call off a
receiver built by a module-level function, typed by its return annotation (``drift/symbols.py``
``_factory_typed``), and a synchronous fork method returning nothing that upstream awaits as the new coroutine
hook, or a coroutine function upstream calls as a statement (``drift/new_hooks.py`` ``_colour_misfit``).
Warned now: a caller's list upstream now adds its default to, followed through hand-ons by keyword
(``drift/extended_defaults.py``); a warning, not an error, because upstream appends the default under a test of
``enable_default_loggers``, a parameter a caller may turn off.
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_engfront
26/26 (22 quiet, 1 warned; it first crashed ``drift/extended_defaults.py`` on ``self.x.extend(p)``, fixed, a twin
added to its tests), blind_replay_metrics 18 caught, 1 missed of 19 (12 quiet; as recorded), review73_twins 6/6, 0
false of 34 (3 warned), blind_replay_platiface 23/23 (12 quiet, 2 warned), blind_replay_pstate 21 caught, 1 warned
of 22 (11 quiet, 1 warned), blind_replay_linkern 20 caught, 3 warned, 2 missed of 25 (11 quiet, 2 warned; as
recorded), review77_twins 7 caught, 2 warned of 9, 0 false of 39 (4 warned), blind_replay_toolparsers 18/18 (12
quiet, 1 warned), blind_replay_compwrap 22/22 (12 quiet): no drop, no new false error.

  python benchmarks/blind_replay_asyncllm.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #24354 (8317f72354): aggregate_engine_logging inserted before disable_log_stats / client_addresses
AG = "8317f72354"
AGW = "aggregate_engine_logging inserted into from_vllm_config and AsyncLLM.__init__"
AL = (
    "from vllm.config import VllmConfig\nfrom vllm.usage.usage_lib import UsageContext\n"
    "from vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
)
CASES += [
    (
        "#24354 parameter inserted",
        "a positional call of from_vllm_config",
        K(
            "#24354",
            AG,
            AGW,
            "vllm/aeon/ag1.py",
            AL + "def aeon_spark_engine(vllm_config: VllmConfig, quiet: bool) -> AsyncLLM:\n"
            "    # AEON: the Spark's speculative serving path builds its own engine, stats off when quiet\n"
            "    return AsyncLLM.from_vllm_config(vllm_config, True, UsageContext.OPENAI_API_SERVER, None, False, quiet)\n",
            "return AsyncLLM.from_vllm_config(vllm_config, True, UsageContext.OPENAI_API_SERVER, None, False, quiet)",
        ),
    ),
    (
        "#24354 parameter inserted",
        "a positional build of the class",
        K(
            "#24354",
            AG,
            AGW,
            "vllm/aeon/ag2.py",
            AL + "from vllm.multimodal import MULTIMODAL_REGISTRY\nfrom vllm.v1.executor.abstract import Executor\n\n\n"
            "def aeon_spark_client(vllm_config: VllmConfig, addresses: dict[str, str]) -> AsyncLLM:\n"
            "    # AEON: the GB10 front end attaches to an engine core started by the launcher\n"
            "    executor = Executor.get_class(vllm_config)\n"
            "    ctx = UsageContext.OPENAI_API_SERVER\n"
            "    return AsyncLLM(vllm_config, executor, True, ctx, MULTIMODAL_REGISTRY, False, False, True, None, addresses)\n",
            "return AsyncLLM(vllm_config, executor, True, ctx, MULTIMODAL_REGISTRY, False, False, True, None, addresses)",
        ),
    ),
    (
        "#24354 parameter inserted",
        "twin: a keyword call of from_vllm_config",
        K(
            "#24354",
            AG,
            AGW,
            "vllm/aeon/ag3.py",
            AL + "def aeon_spark_engine2(vllm_config: VllmConfig, quiet: bool) -> AsyncLLM:\n"
            "    return AsyncLLM.from_vllm_config(vllm_config, usage_context=UsageContext.OPENAI_API_SERVER,\n"
            "                                     disable_log_stats=quiet)\n",
            "return AsyncLLM.from_vllm_config(vllm_config, usage_context=UsageContext.OPENAI_API_SERVER,",
        ),
    ),
]

# --- #24138 (812b7f54a8): generate keyword-only after request_id; generate calls add_request(prompt_text=...)
PT = "812b7f54a8"
PTW = "generate made keyword-only after request_id; add_request given prompt_text, passed by generate"
GA = (
    "from typing import Any, Optional, Union\n\n"
    "from vllm.inputs import PromptType\nfrom vllm.lora.request import LoRARequest\n"
    "from vllm.pooling_params import PoolingParams\nfrom vllm.sampling_params import SamplingParams\n"
    "from vllm.v1.engine.async_llm import AsyncLLM\nfrom vllm.v1.engine.output_processor import RequestOutputCollector\n\n\n"
)
CASES += [
    (
        "#24138 parameters made keyword-only",
        "a positional lora_request in a generate call",
        K(
            "#24138",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            GA + "async def aeon_draft_generate(engine: AsyncLLM, prompt: str, params: SamplingParams, rid: str,\n"
            "                              lora: Optional[LoRARequest]) -> str:\n"
            "    # AEON: the Spark's speculative path serves its drafter's LoRA per request\n"
            "    text = ''\n"
            "    async for out in engine.generate(prompt, params, rid, lora):\n"
            "        text = out.outputs[0].text\n"
            "    return text\n",
            "async for out in engine.generate(prompt, params, rid, lora):",
        ),
    ),
    (
        "#24138 parameter added to an override the base calls",
        "a subclass override of add_request without prompt_text",
        K(
            "#24138",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            GA + "class AeonAsyncLLM(AsyncLLM):\n"
            "    async def add_request(\n"
            "        self,\n"
            "        request_id: str,\n"
            "        prompt: PromptType,\n"
            "        params: Union[SamplingParams, PoolingParams],\n"
            "        arrival_time: Optional[float] = None,\n"
            "        lora_request: Optional[LoRARequest] = None,\n"
            "        tokenization_kwargs: Optional[dict[str, Any]] = None,\n"
            "        trace_headers: Optional[Any] = None,\n"
            "        priority: int = 0,\n"
            "        data_parallel_rank: Optional[int] = None,\n"
            "    ) -> RequestOutputCollector:\n"
            "        # AEON: pin speculative requests to the Spark's single DP rank\n"
            "        return await super().add_request(request_id, prompt, params, arrival_time, lora_request,\n"
            "                                         tokenization_kwargs, trace_headers, priority, 0)\n",
            "async def add_request(",
        ),
    ),
    (
        "#24138 parameters made keyword-only",
        "twin: a keyword lora_request in a generate call",
        K(
            "#24138",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            GA + "async def aeon_draft_generate2(engine: AsyncLLM, prompt: str, params: SamplingParams, rid: str,\n"
            "                               lora: Optional[LoRARequest]) -> str:\n"
            "    text = ''\n"
            "    async for out in engine.generate(prompt, params, rid, lora_request=lora):\n"
            "        text = out.outputs[0].text\n"
            "    return text\n",
            "async for out in engine.generate(prompt, params, rid, lora_request=lora):",
        ),
    ),
]

# --- #19102 (c8dcc15921): generate passes data_parallel_rank= to add_request, add_request to process_inputs
DP = "c8dcc15921"
DPW = "data_parallel_rank added to add_request/generate/Processor.process_inputs and passed along"
DA = (
    "from typing import Any, Optional, Union\n\n"
    "from vllm.inputs import PromptType\nfrom vllm.lora.request import LoRARequest\n"
    "from vllm.pooling_params import PoolingParams\nfrom vllm.sampling_params import SamplingParams\n"
    "from vllm.v1.engine.async_llm import AsyncLLM\nfrom vllm.v1.engine.output_processor import RequestOutputCollector\n"
    "from vllm.v1.engine.processor import Processor\n\n\n"
)
CASES += [
    (
        "#19102 parameter added to an override the base calls",
        "a subclass override of add_request without data_parallel_rank",
        K(
            "#19102",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            DA + "class AeonSpecAsyncLLM(AsyncLLM):\n"
            "    async def add_request(\n"
            "        self,\n"
            "        request_id: str,\n"
            "        prompt: PromptType,\n"
            "        params: Union[SamplingParams, PoolingParams],\n"
            "        arrival_time: Optional[float] = None,\n"
            "        lora_request: Optional[LoRARequest] = None,\n"
            "        tokenization_kwargs: Optional[dict[str, Any]] = None,\n"
            "        trace_headers: Optional[Any] = None,\n"
            "        prompt_adapter_request: Optional[Any] = None,\n"
            "        priority: int = 0,\n"
            "    ) -> RequestOutputCollector:\n"
            "        # AEON: the Spark's drafter requests jump the queue\n"
            "        return await super().add_request(request_id, prompt, params, arrival_time, lora_request,\n"
            "                                         tokenization_kwargs, trace_headers, prompt_adapter_request, -1)\n",
            "async def add_request(",
        ),
    ),
    (
        "#19102 parameter added to an override the base calls",
        "a Processor subclass's process_inputs without data_parallel_rank",
        K(
            "#19102",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            DA + "class AeonProcessor(Processor):\n"
            "    def process_inputs(\n"
            "        self,\n"
            "        request_id: str,\n"
            "        prompt: PromptType,\n"
            "        params: Union[SamplingParams, PoolingParams],\n"
            "        arrival_time: Optional[float] = None,\n"
            "        lora_request: Optional[LoRARequest] = None,\n"
            "        tokenization_kwargs: Optional[dict[str, Any]] = None,\n"
            "        trace_headers: Optional[Any] = None,\n"
            "        prompt_adapter_request: Optional[Any] = None,\n"
            "        priority: int = 0,\n"
            "    ) -> Any:\n"
            "        # AEON: NVFP4 drafts on the GB10 reject prompt logprobs early\n"
            "        return super().process_inputs(request_id, prompt, params, arrival_time, lora_request,\n"
            "                                      tokenization_kwargs, trace_headers, prompt_adapter_request, priority)\n\n\n"
            "class AeonProcAsyncLLM(AsyncLLM):\n"
            "    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.processor = AeonProcessor(self.vllm_config, self.tokenizer)\n",
            "def process_inputs(",
        ),
    ),
    (
        "#19102 parameter added to an override the base calls",
        "twin: an override of add_request forwarding **kwargs",
        K(
            "#19102",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            DA + "class AeonSpecAsyncLLM2(AsyncLLM):\n"
            "    async def add_request(self, request_id: str, prompt: PromptType, params: Any, *args: Any,\n"
            "                          **kwargs: Any) -> RequestOutputCollector:\n"
            "        return await super().add_request(request_id, prompt, params, *args, **kwargs)\n",
            "async def add_request(self, request_id: str, prompt: PromptType, params: Any, *args: Any,",
        ),
    ),
]

# --- #15003 (26dd972adb): the API server calls reset_prefix_cache(device)
RD = "26dd972adb"
RDW = "reset_prefix_cache given device, passed by the API server"
SUB = "from typing import Any, Optional\n\nfrom vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
CASES += [
    (
        "#15003 parameter added to an override callers now pass",
        "a subclass override of reset_prefix_cache without device",
        K(
            "#15003",
            RD,
            RDW,
            "vllm/aeon/rd1.py",
            SUB + "class AeonCacheAsyncLLM(AsyncLLM):\n"
            "    async def reset_prefix_cache(self) -> None:\n"
            "        # AEON: the drafter's prefix cache on the Spark is reset with the target's\n"
            "        self.aeon_draft_hits = 0\n"
            "        await super().reset_prefix_cache()\n",
            "async def reset_prefix_cache(self) -> None:",
        ),
    ),
    (
        "#15003 parameter added to an override callers now pass",
        "twin: an override taking and forwarding device",
        K(
            "#15003",
            RD,
            RDW,
            "vllm/aeon/rd2.py",
            SUB + "class AeonCacheAsyncLLM2(AsyncLLM):\n"
            "    async def reset_prefix_cache(self, device: Optional[Any] = None) -> None:\n"
            "        self.aeon_draft_hits = 0\n"
            "        await super().reset_prefix_cache(device)\n",
            "async def reset_prefix_cache(self, device: Optional[Any] = None) -> None:",
        ),
    ),
]

# --- #15500 (ddb94c2605): wake_up(tags) passed by the server; AsyncLLM.wake_up calls wake_up_async(tags)
WU = "ddb94c2605"
WUW = "wake_up given tags; the server and AsyncLLM.wake_up pass them on"
CASES += [
    (
        "#15500 parameter added to an override callers now pass",
        "a subclass override of wake_up without tags",
        K(
            "#15500",
            WU,
            WUW,
            "vllm/aeon/wu1.py",
            SUB + "class AeonSleepAsyncLLM(AsyncLLM):\n"
            "    async def wake_up(self) -> None:\n"
            "        # AEON: the GB10's unified memory re-pins the draft weights on wake\n"
            "        await super().wake_up()\n"
            "        self.aeon_awake = True\n",
            "async def wake_up(self) -> None:",
        ),
    ),
    (
        "#15500 parameter added to an override callers now pass",
        "an engine-core client subclass's wake_up_async without tags",
        K(
            "#15500",
            WU,
            WUW,
            "vllm/aeon/wu2.py",
            "from vllm.v1.engine.core_client import AsyncMPClient\n\n\n"
            "class AeonAsyncMPClient(AsyncMPClient):\n"
            "    async def wake_up_async(self) -> None:\n"
            "        # AEON: the Spark's core wakes the drafter first\n"
            "        await super().wake_up_async()\n",
            "async def wake_up_async(self) -> None:",
        ),
    ),
    (
        "#15500 parameter added to an override callers now pass",
        "twin: an override of wake_up taking tags",
        K(
            "#15500",
            WU,
            WUW,
            "vllm/aeon/wu3.py",
            SUB + "class AeonSleepAsyncLLM2(AsyncLLM):\n"
            "    async def wake_up(self, tags: Optional[list[str]] = None) -> None:\n"
            "        await super().wake_up(tags)\n",
            "async def wake_up(self, tags: Optional[list[str]] = None) -> None:",
        ),
    ),
]

# --- #34382 (7b5a8b4a9d): pause_generation calls self.reset_prefix_cache(reset_running_requests=True)
RR = "7b5a8b4a9d"
RRW = "pause_generation passes reset_running_requests=True to reset_prefix_cache"
CASES += [
    (
        "#34382 keyword now passed to an override",
        "a subclass override of reset_prefix_cache without parameters",
        K(
            "#34382",
            RR,
            RRW,
            "vllm/aeon/rr1.py",
            SUB + "class AeonPauseAsyncLLM(AsyncLLM):\n"
            "    async def reset_prefix_cache(self) -> bool:\n"
            "        # AEON: the Spark's RL loop resets only the target's cache, never the connector's\n"
            "        return await self.engine_core.reset_prefix_cache_async()\n",
            "async def reset_prefix_cache(self) -> bool:",
        ),
    ),
    (
        "#34382 keyword now passed to an override",
        "twin: an override taking reset_running_requests",
        K(
            "#34382",
            RR,
            RRW,
            "vllm/aeon/rr2.py",
            SUB + "class AeonPauseAsyncLLM2(AsyncLLM):\n"
            "    async def reset_prefix_cache(self, reset_running_requests: bool = False,\n"
            "                                 reset_connector: bool = False) -> bool:\n"
            "        return await super().reset_prefix_cache(reset_running_requests, False)\n",
            "async def reset_prefix_cache(self, reset_running_requests: bool = False,",
        ),
    ),
]

# --- #18817 (23027e2daf): async_llm no longer imports or reads AsyncMPClient/DPAsyncMPClient/RayDPClient
MC = "23027e2daf"
MCW = "the core client classes no longer imported by async_llm; make_async_mp_client picks one"
CASES += [
    (
        "#18817 re-export removed",
        "an import of the client class through async_llm",
        K(
            "#18817",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            "from vllm.v1.engine.async_llm import AsyncLLM, DPAsyncMPClient\n\n\n"
            "def aeon_is_dp(engine: AsyncLLM) -> bool:\n"
            "    # AEON: the Spark runs one rank; the DP client means a misconfigured launcher\n"
            "    return isinstance(engine.engine_core, DPAsyncMPClient)\n",
            "from vllm.v1.engine.async_llm import AsyncLLM, DPAsyncMPClient",
        ),
    ),
    (
        "#18817 module attribute no longer read",
        "a module attribute patched for the engine to pick up",
        K(
            "#18817",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "from vllm.v1.engine import async_llm\nfrom vllm.v1.engine.core_client import AsyncMPClient\n\n\n"
            "class AeonSparkMPClient(AsyncMPClient):\n"
            "    pass\n\n\n"
            "def aeon_install_client() -> None:\n"
            "    # AEON: the Spark's core client batches its draft outputs; AsyncLLM builds it from here\n"
            "    async_llm.AsyncMPClient = AeonSparkMPClient\n",
            "async_llm.AsyncMPClient = AeonSparkMPClient",
        ),
    ),
    (
        "#18817 module attribute no longer read",
        "a read of the client class off the async_llm module",
        K(
            "#18817",
            MC,
            MCW,
            "vllm/aeon/mc4.py",
            "from vllm.v1.engine import async_llm\n\n\n"
            "def aeon_is_ray(engine: async_llm.AsyncLLM) -> bool:\n"
            "    # AEON: the Spark never runs the Ray DP client\n"
            "    return isinstance(engine.engine_core, async_llm.RayDPClient)\n",
            "return isinstance(engine.engine_core, async_llm.RayDPClient)",
        ),
    ),
    (
        "#18817 re-export removed",
        "twin: the class imported from core_client",
        K(
            "#18817",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            "from vllm.v1.engine.async_llm import AsyncLLM\nfrom vllm.v1.engine.core_client import DPAsyncMPClient\n\n\n"
            "def aeon_is_dp2(engine: AsyncLLM) -> bool:\n"
            "    return isinstance(engine.engine_core, DPAsyncMPClient)\n",
            "from vllm.v1.engine.core_client import DPAsyncMPClient",
        ),
    ),
]

# --- #28037 (371b1d4c61): AsyncLLM gains pause_generation (server calls it with keywords) and self._paused
PG = "371b1d4c61"
PGW = "pause_generation/resume_generation/_paused/_pause_cond added to AsyncLLM"
CASES += [
    (
        "#28037 base gains the subclass's method",
        "a subclass's own pause_generation without the server's keywords",
        K(
            "#28037",
            PG,
            PGW,
            "vllm/aeon/pg1.py",
            SUB + "class AeonRLAsyncLLM(AsyncLLM):\n"
            "    async def pause_generation(self) -> None:\n"
            "        # AEON: the Spark's RL loop stops the drafter before a weight swap\n"
            "        await self.collective_rpc('aeon_pause_drafter')\n",
            "async def pause_generation(self) -> None:",
        ),
    ),
    (
        "#28037 base gains the subclass's attribute",
        "a subclass's own self._paused of another type",
        K(
            "#28037",
            PG,
            PGW,
            "vllm/aeon/pg2.py",
            SUB + "class AeonDraftAsyncLLM(AsyncLLM):\n"
            "    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: request ids whose drafter is paused on the Spark\n"
            "        self._paused: set[str] = set()\n\n"
            "    def aeon_pause_draft(self, request_id: str) -> None:\n"
            "        self._paused.add(request_id)\n",
            "self._paused: set[str] = set()",
        ),
    ),
    (
        "#28037 base gains the subclass's method",
        "a subclass's own resume_generation, synchronous, the server now awaits",
        K(
            "#28037",
            PG,
            PGW,
            "vllm/aeon/pg4.py",
            SUB + "class AeonRLAsyncLLM2(AsyncLLM):\n"
            "    def resume_generation(self) -> None:\n"
            "        # AEON: the Spark's RL loop re-arms the drafter after a weight swap\n"
            "        self.aeon_drafter_armed = True\n",
            "def resume_generation(self) -> None:",
        ),
    ),
    (
        "#28037 base gains the subclass's attribute",
        "twin: a subclass attribute of the fork's own name",
        K(
            "#28037",
            PG,
            PGW,
            "vllm/aeon/pg3.py",
            SUB + "class AeonDraftAsyncLLM2(AsyncLLM):\n"
            "    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._aeon_paused_drafts: set[str] = set()\n\n"
            "    def aeon_pause_draft(self, request_id: str) -> None:\n"
            "        self._aeon_paused_drafts.add(request_id)\n",
            "self._aeon_paused_drafts: set[str] = set()",
        ),
    ),
    (
        "#28037 base gains the subclass's method",
        "twin: a subclass's own pause_generation taking the server's keywords (added after the blind run)",
        K(
            "#28037",
            PG,
            PGW,
            "vllm/aeon/pg5.py",
            SUB + "class AeonRLAsyncLLM3(AsyncLLM):\n"
            "    async def pause_generation(self, *, wait_for_inflight_requests: bool = False,\n"
            "                               clear_cache: bool = True) -> None:\n"
            "        await self.collective_rpc('aeon_pause_drafter')\n",
            "async def pause_generation(self, *, wait_for_inflight_requests: bool = False,",
        ),
    ),
    (
        "#28037 base gains the subclass's method",
        "twin: a subclass's own resume_generation, a coroutine function (added after the blind run)",
        K(
            "#28037",
            PG,
            PGW,
            "vllm/aeon/pg6.py",
            SUB + "class AeonRLAsyncLLM4(AsyncLLM):\n"
            "    async def resume_generation(self) -> None:\n"
            "        self.aeon_drafter_armed = True\n",
            "async def resume_generation(self) -> None:",
        ),
    ),
]

# --- #12478 (3fd1fb63ef): StatLoggerBase.log given iteration_stats, AsyncLLM passes it
IS = "3fd1fb63ef"
ISW = "StatLoggerBase.log(scheduler_stats, iteration_stats); AsyncLLM passes both"
LG = "from vllm.v1.metrics.loggers import LoggingStatLogger, StatLoggerBase\nfrom vllm.v1.metrics.stats import SchedulerStats\n\n\n"
CASES += [
    (
        "#12478 parameter added to an abstract method the engine calls",
        "a fork stat logger's log without iteration_stats",
        K(
            "#12478",
            IS,
            ISW,
            "vllm/aeon/is1.py",
            LG + "class AeonSparkStatLogger(StatLoggerBase):\n"
            "    def log(self, scheduler_stats: SchedulerStats) -> None:\n"
            "        # AEON: the Spark's dashboard reads the running queue only\n"
            "        print(scheduler_stats.num_running_reqs)\n",
            "def log(self, scheduler_stats: SchedulerStats) -> None:",
        ),
    ),
    (
        "#12478 parameter added to an abstract method the engine calls",
        "a fork call of a default logger's log with one argument",
        K(
            "#12478",
            IS,
            ISW,
            "vllm/aeon/is2.py",
            LG + "def aeon_log_once(stats: SchedulerStats) -> None:\n"
            "    # AEON: the Spark's launcher prints one line at startup\n"
            "    LoggingStatLogger().log(stats)\n",
            "LoggingStatLogger().log(stats)",
        ),
    ),
    (
        "#12478 parameter added to an abstract method the engine calls",
        "twin: a fork stat logger's log taking both",
        K(
            "#12478",
            IS,
            ISW,
            "vllm/aeon/is3.py",
            LG + "class AeonSparkStatLogger2(StatLoggerBase):\n"
            "    def log(self, scheduler_stats: SchedulerStats, iteration_stats: object = None) -> None:\n"
            "        print(scheduler_stats.num_running_reqs)\n",
            "def log(self, scheduler_stats: SchedulerStats, iteration_stats: object = None) -> None:",
        ),
    ),
]

# --- #24176 (1da3309ace): record_sleep_state(sleep, level) made a stat-logger hook the manager calls
SS = "1da3309ace"
SSW = "StatLoggerBase/PrometheusStatLogger.record_sleep_state added, called with (sleep, level)"
PL = "from vllm.v1.metrics.loggers import AggregateStatLoggerBase, PrometheusStatLogger\n\n\n"
CASES += [
    (
        "#24176 base gains the subclass's method",
        "a fork Prometheus logger's own record_sleep_state of another shape",
        K(
            "#24176",
            SS,
            SSW,
            "vllm/aeon/ss1.py",
            PL + "class AeonSparkPrometheus(PrometheusStatLogger):\n"
            "    def record_sleep_state(self, sleeping: bool) -> None:\n"
            "        # AEON: the Spark's power gauge, set by the launcher's sleep hook\n"
            "        self.aeon_sleeping = sleeping\n",
            "def record_sleep_state(self, sleeping: bool) -> None:",
        ),
    ),
    (
        "#24176 base gains the subclass's method",
        "twin: a fork logger without the method",
        K(
            "#24176",
            SS,
            SSW,
            "vllm/aeon/ss2.py",
            PL + "class AeonSparkPrometheus2(PrometheusStatLogger):\n"
            "    def aeon_record_power(self, sleeping: bool) -> None:\n"
            "        self.aeon_sleeping = sleeping\n",
            "def aeon_record_power(self, sleeping: bool) -> None:",
        ),
    ),
]

# --- #20952 (60b755cbcb): custom stat_loggers now extend the default LoggingStatLogger instead of replacing it
SL = "60b755cbcb"
SLW = "custom stat loggers extend the default logger list"
SLH = (
    "from vllm.config import VllmConfig\nfrom vllm.v1.engine.async_llm import AsyncLLM\n"
    "from vllm.v1.metrics.loggers import LoggingStatLogger, StatLoggerBase\n\n\n"
    "class AeonSparkLogger(StatLoggerBase):\n"
    "    def record(self, *args: object, **kwargs: object) -> None:\n"
    "        pass\n\n"
    "    def log_engine_initialized(self) -> None:\n"
    "        pass\n\n\n"
)
CASES += [
    (
        "#20952 list now extended, not replaced",
        "a custom logger list that repeats the default logger",
        K(
            "#20952",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            SLH + "def aeon_engine(vllm_config: VllmConfig) -> AsyncLLM:\n"
            "    # AEON: the Spark keeps the console logger beside its own\n"
            "    return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[AeonSparkLogger, LoggingStatLogger])\n",
            "return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[AeonSparkLogger, LoggingStatLogger])",
        ),
    ),
    (
        "#20952 list now extended, not replaced",
        "twin: a custom logger list of the fork's own logger",
        K(
            "#20952",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            SLH + "def aeon_engine2(vllm_config: VllmConfig) -> AsyncLLM:\n"
            "    return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[AeonSparkLogger])\n",
            "return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[AeonSparkLogger])",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-asyncllm-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
