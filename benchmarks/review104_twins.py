"""Adversarial twins of killers193's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a caller's list upstream now adds its defaults to (``drift/extended_defaults.py``; #20952
  ``StatLoggerManager`` extends ``custom_stat_loggers`` with ``LoggingStatLogger``): the fork's own loggers
  alone, a tuple of them, a variable built under a probe, the fork's own ``LoggingStatLogger`` namesake, the
  list handed with ``disable_log_stats=True`` (no defaults then), the manager built with
  ``enable_default_loggers=False`` (the new spelling), the fork's own manager class of the name;
- a new hook's call off a receiver built by a module-level function (``_factory_typed`` in
  ``drift/symbols.py``; #28037 ``engine = engine_client(raw_request)``, ``await engine.pause_generation(...)``;
  #39212 ``await engine_client(raw_request).start_weight_update(is_checkpoint_format=...)``; #49040
  ``update_weight_version``/``get_weight_version``): an override
  taking the keywords positionally too, one taking ``**kwargs``, a fork ``EngineClient`` of its own that fits,
  a coroutine ``is_paused``, a class off the engine's order with the names;
- the call's colour (``_colour_misfit`` in ``drift/new_hooks.py``; #28037 awaits ``resume_generation()``,
  #24176 calls ``record_sleep_state()`` as a statement): a synchronous override returning the base's
  coroutine, one returning ``collective_rpc``'s coroutine, one that only raises ``NotImplementedError`` (the
  fork's engine refuses: the ``await`` raises the same as a coroutine's would), one under a decorator of the
  fork's own, a synchronous ``record_sleep_state`` that fits, a coroutine of the fork's own name.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's
catches of these widenings, kept to show the reach stays (#20952's repeated ``LoggingStatLogger``, warned: the
append is under ``enable_default_loggers``; #28037's two namesakes), and the same shapes on #39212 (a
``start_weight_update`` without ``is_checkpoint_format``, awaited off ``engine_client(raw_request)`` in place)
and #24176 (a coroutine ``record_sleep_state`` the logger's ``__init__`` calls as a statement).  No other
first-parent commit since 2023-06 has #20952's shape (an ``L.extend(P)`` added where ``L = P`` was removed: a
``git log --first-parent -p -G`` for a line ``L.extend(P)`` over ``vllm/``, 225 commits read), so its twins ride
on #20952 alone; its error arm (an unconditional append) is measured by the unit tests.

Round 1 (main at 73e96a56), 5 cases and 22 twins as first written: 4 caught, 1 warned of 5; 1 false error of
22 (15 warned): a synchronous ``finish_weight_update`` whose every path raises (``if not swappable: raise
NotImplementedError`` then ``raise RuntimeError``), which upstream's router awaits -- the call raises before the
``await`` as a coroutine's would at it, the same exception in the same ``try``, so the fork engine's refusal
is right; the colour check read "returns nothing" as "returns None" (a lone ``raise`` passed as a stub, the
``if`` before it did not).  Three #20952 twins warned that are right: the manager built with
``enable_default_loggers=False`` (the new spelling: no default added), the fork's own ``StatLoggerManager``
class called with the list (its own manager, not upstream's: matched by the callee's name alone, which an
unconditional append would make an error), and the list handed with ``disable_log_stats=True``.
Round 2 (this branch): ``_colour_misfit`` leaves a synchronous override that never returns (its body ends in
``raise`` and it has no ``return``: ``_never_returns``) unjudged, as a value-returning one is; a bare ``return``
before the ``raise`` still hands the ``await`` None and stays the error.  ``extended_defaults`` skips a callee
the fork's file defines itself (a class, function or assignment of the name, not an import, outside the
callee's own file) and a call building the extending function itself that hands a false constant to a
parameter an ``if`` around every append tests as itself or as an operand of an ``and`` (``if
enable_default_loggers and ...:``; a negated test keeps the warning).  4 caught, 1 warned of 5; 0 false errors
of 22 (14 warned: the replay's #20952 case as before; ``disable_log_stats=True`` still warns, its switch reaches
the manager through ``log_stats = not disable_log_stats``, not followed).
Round 3 (another real commit, written after the mends): #49040 (9069a57139) added ``update_weight_version`` and
``get_weight_version``, awaited off ``engine_client(raw_request)`` in place: a case (an override without
``new_version``) and five twins (the fitting override, a coroutine ``get_weight_version``, a synchronous one that
only refuses, one returning the base's coroutine, a class off the engine's order).  Main and this branch alike:
1 caught, 0 false of 5 (4 warned).
All rounds, main (73e96a56, a detached worktree): 5 caught, 1 warned of 6; 1 false error of 27 twins (19 warned).
This branch: 5 caught, 1 warned of 6; 0 false errors of 27 twins (18 warned).  Regression set on this branch:
blind_replay_asyncllm 19 caught, 1 warned of 20 (13 quiet, 2 warned), killer_replay 26/26, kind_change_replay
12/12 (5 quiet), blind_replay_engfront 26/26 (22 quiet, 1 warned), blind_replay_metrics 18 caught, 1 missed of
19 (12 quiet), blind_replay_pstate 21 caught, 1 warned of 22 (11 quiet, 1 warned): all as recorded.

  PYTHONPATH=.. python review104_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 60b755cbcb (#20952): custom stat_loggers now extend the default LoggingStatLogger
SL = ("#20952", "60b755cbcb", "custom stat loggers extend the default logger list")
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
        "#20952 list now extended",
        "a custom logger list that repeats the default logger",
        K(
            *SL,
            "vllm/aeon/r104sl0.py",
            SLH + "def aeon_engine(vllm_config: VllmConfig) -> AsyncLLM:\n"
            "    return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[AeonSparkLogger, LoggingStatLogger])\n",
            "return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[AeonSparkLogger, LoggingStatLogger])",
        ),
    ),
]
TWINS += [
    (
        "#20952 list now extended",
        "twin: a tuple of the fork's own loggers, built by keyword",
        K(
            *SL,
            "vllm/aeon/r104sl1.py",
            SLH + "def aeon_engine(vllm_config: VllmConfig, executor_class: type) -> AsyncLLM:\n"
            "    return AsyncLLM(vllm_config=vllm_config, executor_class=executor_class, log_stats=True,\n"
            "                    stat_loggers=(AeonSparkLogger,))\n",
            "                    stat_loggers=(AeonSparkLogger,))",
        ),
    ),
    (
        "#20952 list now extended",
        "twin: a variable that adds the default only where the manager does not",
        K(
            *SL,
            "vllm/aeon/r104sl2.py",
            "import inspect\n\n" + SLH + "from vllm.v1.metrics.loggers import StatLoggerManager\n\n\n"
            "def aeon_engine(vllm_config: VllmConfig) -> AsyncLLM:\n"
            "    loggers: list = [AeonSparkLogger]\n"
            "    if 'enable_default_loggers' not in inspect.signature(StatLoggerManager).parameters:\n"
            "        loggers.append(LoggingStatLogger)  # AEON: older managers drop the default for a custom list\n"
            "    return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=loggers)\n",
            "    return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=loggers)",
        ),
    ),
    (
        "#20952 list now extended",
        "twin: the fork's own LoggingStatLogger namesake in the list",
        K(
            *SL,
            "vllm/aeon/r104sl3.py",
            "from vllm.config import VllmConfig\nfrom vllm.v1.engine.async_llm import AsyncLLM\n"
            "from vllm.v1.metrics.loggers import StatLoggerBase\n\n\n"
            "class LoggingStatLogger(StatLoggerBase):\n"
            "    # AEON: the Spark's power logger, named after the console one it sits beside\n"
            "    def record(self, *args: object, **kwargs: object) -> None:\n"
            "        pass\n\n"
            "    def log_engine_initialized(self) -> None:\n"
            "        pass\n\n\n"
            "def aeon_engine(vllm_config: VllmConfig) -> AsyncLLM:\n"
            "    return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[LoggingStatLogger])\n",
            "    return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[LoggingStatLogger])",
        ),
    ),
    (
        "#20952 list now extended",
        "twin: the list handed with disable_log_stats=True (the manager adds no default then)",
        K(
            *SL,
            "vllm/aeon/r104sl4.py",
            SLH + "def aeon_engine(vllm_config: VllmConfig) -> AsyncLLM:\n"
            "    return AsyncLLM.from_vllm_config(\n"
            "        vllm_config, disable_log_stats=True, stat_loggers=[AeonSparkLogger, LoggingStatLogger]\n"
            "    )\n",
            "        vllm_config, disable_log_stats=True, stat_loggers=[AeonSparkLogger, LoggingStatLogger]",
        ),
    ),
    (
        "#20952 list now extended",
        "twin: the manager built with enable_default_loggers=False (the new spelling)",
        K(
            *SL,
            "vllm/aeon/r104sl5.py",
            SLH + "from vllm.v1.metrics.loggers import StatLoggerManager\n\n\n"
            "def aeon_manager(vllm_config: VllmConfig) -> StatLoggerManager:\n"
            "    return StatLoggerManager(\n"
            "        vllm_config, custom_stat_loggers=[AeonSparkLogger, LoggingStatLogger], enable_default_loggers=False\n"
            "    )\n",
            "        vllm_config, custom_stat_loggers=[AeonSparkLogger, LoggingStatLogger], enable_default_loggers=False",
        ),
    ),
    (
        "#20952 list now extended",
        "twin: the fork's own StatLoggerManager class, which uses the list as given",
        K(
            *SL,
            "vllm/aeon/r104sl6.py",
            SLH + "class StatLoggerManager:\n"
            "    # AEON: the Spark's own manager: the list it is handed is the whole list\n"
            "    def __init__(self, vllm_config: VllmConfig, custom_stat_loggers: list) -> None:\n"
            "        self.loggers = [factory(vllm_config) for factory in custom_stat_loggers]\n\n\n"
            "def aeon_manager(vllm_config: VllmConfig) -> StatLoggerManager:\n"
            "    return StatLoggerManager(vllm_config, custom_stat_loggers=[AeonSparkLogger, LoggingStatLogger])\n",
            "    return StatLoggerManager(vllm_config, custom_stat_loggers=[AeonSparkLogger, LoggingStatLogger])",
        ),
    ),
    (
        "#20952 list now extended",
        "twin: the Prometheus logger (not the appended default) beside the fork's",
        K(
            *SL,
            "vllm/aeon/r104sl7.py",
            SLH + "from vllm.v1.metrics.loggers import PrometheusStatLogger\n\n\n"
            "def aeon_engine(vllm_config: VllmConfig) -> AsyncLLM:\n"
            "    return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[AeonSparkLogger, PrometheusStatLogger])\n",
            "    return AsyncLLM.from_vllm_config(vllm_config, stat_loggers=[AeonSparkLogger, PrometheusStatLogger])",
        ),
    ),
]

# --- 371b1d4c61 (#28037): AsyncLLM gains pause_generation/resume_generation/is_paused; the server awaits them
PG = ("#28037", "371b1d4c61", "pause_generation/resume_generation/is_paused added to AsyncLLM")
SUB = "from typing import Any\n\nfrom vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
CASES += [
    (
        "#28037 factory-typed hook",
        "a subclass's own pause_generation without the server's keywords",
        K(
            *PG,
            "vllm/aeon/r104pg0.py",
            SUB + "class AeonRL0(AsyncLLM):\n"
            "    async def pause_generation(self) -> None:\n"
            "        await self.collective_rpc('aeon_pause_drafter')\n",
            "    async def pause_generation(self) -> None:",
        ),
    ),
    (
        "#28037 awaited hook's colour",
        "a subclass's own resume_generation, synchronous, returning nothing",
        K(
            *PG,
            "vllm/aeon/r104pg1.py",
            SUB + "class AeonRL1(AsyncLLM):\n"
            "    def resume_generation(self) -> None:\n"
            "        self.aeon_drafter_armed = True\n",
            "    def resume_generation(self) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#28037 factory-typed hook",
        "twin: pause_generation taking the keywords positionally too",
        K(
            *PG,
            "vllm/aeon/r104pg2.py",
            SUB + "class AeonRL2(AsyncLLM):\n"
            "    async def pause_generation(self, wait_for_inflight_requests: bool = False, clear_cache: bool = True) -> None:\n"
            "        await super().pause_generation(wait_for_inflight_requests=wait_for_inflight_requests,\n"
            "                                       clear_cache=clear_cache)\n",
            "    async def pause_generation(self, wait_for_inflight_requests: bool = False, clear_cache: bool = True) -> None:",
        ),
    ),
    (
        "#28037 factory-typed hook",
        "twin: pause_generation taking **kwargs and handing them on",
        K(
            *PG,
            "vllm/aeon/r104pg3.py",
            SUB + "class AeonRL3(AsyncLLM):\n"
            "    async def pause_generation(self, **kwargs: Any) -> None:\n"
            "        await self.collective_rpc('aeon_pause_drafter')\n"
            "        await super().pause_generation(**kwargs)\n",
            "    async def pause_generation(self, **kwargs: Any) -> None:",
        ),
    ),
    (
        "#28037 factory-typed hook",
        "twin: a coroutine is_paused returning a bool",
        K(
            *PG,
            "vllm/aeon/r104pg4.py",
            SUB + "class AeonRL4(AsyncLLM):\n"
            "    async def is_paused(self) -> bool:\n"
            "        return await super().is_paused() or getattr(self, 'aeon_swapping', False)\n",
            "    async def is_paused(self) -> bool:",
        ),
    ),
    (
        "#28037 factory-typed hook",
        "twin: a class off the engine's order with the three names, synchronous",
        K(
            *PG,
            "vllm/aeon/r104pg5.py",
            "class AeonTrainerGate:\n"
            "    # AEON: the trainer's side of the swap, never an engine\n"
            "    def pause_generation(self) -> None:\n"
            "        self.open = False\n\n"
            "    def resume_generation(self) -> None:\n"
            "        self.open = True\n\n"
            "    def is_paused(self) -> bool:\n"
            "        return not self.open\n",
            "    def resume_generation(self) -> None:",
        ),
    ),
    (
        "#28037 factory-typed hook",
        "twin: the fork's own EngineClient whose hooks fit",
        K(
            *PG,
            "vllm/aeon/r104pg6.py",
            "from vllm.engine.protocol import EngineClient\n\n\n"
            "class AeonRemoteClient(EngineClient):\n"
            "    async def pause_generation(self, *, wait_for_inflight_requests: bool = False,\n"
            "                               clear_cache: bool = True) -> None:\n"
            "        self.aeon_paused = True\n\n"
            "    async def resume_generation(self) -> None:\n"
            "        self.aeon_paused = False\n\n"
            "    async def is_paused(self) -> bool:\n"
            "        return self.aeon_paused\n",
            "    async def resume_generation(self) -> None:",
        ),
    ),
    (
        "#28037 awaited hook's colour",
        "twin: a synchronous resume_generation returning the base's coroutine",
        K(
            *PG,
            "vllm/aeon/r104pg7.py",
            "from collections.abc import Awaitable\n\n" + SUB + "class AeonRL7(AsyncLLM):\n"
            "    def resume_generation(self) -> Awaitable[None]:\n"
            "        self.aeon_drafter_armed = True\n"
            "        return super().resume_generation()\n",
            "    def resume_generation(self) -> Awaitable[None]:",
        ),
    ),
    (
        "#28037 awaited hook's colour",
        "twin: a synchronous resume_generation that only refuses (raises)",
        K(
            *PG,
            "vllm/aeon/r104pg8.py",
            SUB + "class AeonFrozen8(AsyncLLM):\n"
            "    def resume_generation(self) -> None:\n"
            "        # AEON: the Spark's frozen-weights engine never pauses, so never resumes\n"
            "        raise NotImplementedError('the Spark engine does not pause')\n",
            "    def resume_generation(self) -> None:",
        ),
    ),
    (
        "#28037 awaited hook's colour",
        "twin: resume_generation under a decorator of the fork's own",
        K(
            *PG,
            "vllm/aeon/r104pg9.py",
            "import functools\n\n" + SUB + "def aeon_traced(func: Any) -> Any:\n"
            "    @functools.wraps(func)\n"
            "    async def run(*args: Any, **kwargs: Any) -> Any:\n"
            "        return func(*args, **kwargs)\n\n"
            "    return run\n\n\n"
            "class AeonRL9(AsyncLLM):\n"
            "    @aeon_traced\n"
            "    def resume_generation(self) -> None:\n"
            "        self.aeon_drafter_armed = True\n",
            "    def resume_generation(self) -> None:",
        ),
    ),
]

# --- e3b65a5ba0 (#39212): AsyncLLM gains start_/finish_weight_update, the router awaits them off a factory
WU = ("#39212", "e3b65a5ba0", "start_weight_update/finish_weight_update added to AsyncLLM and EngineClient")
CASES += [
    (
        "#39212 factory-typed hook",
        "a subclass's own start_weight_update without is_checkpoint_format",
        K(
            *WU,
            "vllm/aeon/r104wu0.py",
            SUB + "class AeonSwap0(AsyncLLM):\n"
            "    async def start_weight_update(self) -> None:\n"
            "        await self.collective_rpc('aeon_stop_drafter')\n",
            "    async def start_weight_update(self) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#39212 factory-typed hook",
        "twin: start_weight_update taking is_checkpoint_format",
        K(
            *WU,
            "vllm/aeon/r104wu1.py",
            SUB + "class AeonSwap1(AsyncLLM):\n"
            "    async def start_weight_update(self, is_checkpoint_format: bool = True) -> None:\n"
            "        await self.collective_rpc('aeon_stop_drafter')\n"
            "        await super().start_weight_update(is_checkpoint_format)\n",
            "    async def start_weight_update(self, is_checkpoint_format: bool = True) -> None:",
        ),
    ),
    (
        "#39212 factory-typed hook",
        "twin: start_weight_update taking *args and **kwargs",
        K(
            *WU,
            "vllm/aeon/r104wu2.py",
            SUB + "class AeonSwap2(AsyncLLM):\n"
            "    async def start_weight_update(self, *args: Any, **kwargs: Any) -> None:\n"
            "        await super().start_weight_update(*args, **kwargs)\n",
            "    async def start_weight_update(self, *args: Any, **kwargs: Any) -> None:",
        ),
    ),
    (
        "#39212 awaited hook's colour",
        "twin: a synchronous finish_weight_update returning collective_rpc's coroutine",
        K(
            *WU,
            "vllm/aeon/r104wu3.py",
            SUB + "class AeonSwap3(AsyncLLM):\n"
            "    def finish_weight_update(self) -> Any:\n"
            "        return self.collective_rpc('aeon_finish_weight_update')\n",
            "    def finish_weight_update(self) -> Any:",
        ),
    ),
    (
        "#39212 awaited hook's colour",
        "twin: a synchronous finish_weight_update that refuses (raises), as the protocol's default does",
        K(
            *WU,
            "vllm/aeon/r104wu4.py",
            SUB + "class AeonSwap4(AsyncLLM):\n"
            "    def finish_weight_update(self) -> None:\n"
            "        if not getattr(self, 'aeon_swappable', False):\n"
            "            raise NotImplementedError('the Spark engine serves frozen weights')\n"
            "        raise RuntimeError('no weight update in progress')\n",
            "    def finish_weight_update(self) -> None:",
        ),
    ),
]

# --- 1da3309ace (#24176): record_sleep_state(sleep=0, level=0) added, called as a statement
SS = ("#24176", "1da3309ace", "record_sleep_state added to the stat loggers, called as a statement")
PL = "from vllm.v1.metrics.loggers import PrometheusStatLogger\n\n\n"
CASES += [
    (
        "#24176 dropped hook's colour",
        "a fork logger's own record_sleep_state, a coroutine function",
        K(
            *SS,
            "vllm/aeon/r104ss0.py",
            PL + "class AeonPower0(PrometheusStatLogger):\n"
            "    async def record_sleep_state(self, sleep: int = 0, level: int = 0) -> None:\n"
            "        self.aeon_sleeping = bool(sleep)\n",
            "    async def record_sleep_state(self, sleep: int = 0, level: int = 0) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#24176 dropped hook's colour",
        "twin: a synchronous record_sleep_state that fits, handing on to the base",
        K(
            *SS,
            "vllm/aeon/r104ss1.py",
            PL + "class AeonPower1(PrometheusStatLogger):\n"
            "    def record_sleep_state(self, sleep: int = 0, level: int = 0) -> None:\n"
            "        self.aeon_sleeping = bool(sleep)\n"
            "        super().record_sleep_state(sleep, level)\n",
            "    def record_sleep_state(self, sleep: int = 0, level: int = 0) -> None:",
        ),
    ),
    (
        "#24176 dropped hook's colour",
        "twin: a coroutine function of the fork's own name beside it",
        K(
            *SS,
            "vllm/aeon/r104ss2.py",
            PL + "class AeonPower2(PrometheusStatLogger):\n"
            "    async def aeon_record_power(self, sleep: int = 0) -> None:\n"
            "        self.aeon_sleeping = bool(sleep)\n",
            "    async def aeon_record_power(self, sleep: int = 0) -> None:",
        ),
    ),
    (
        "#24176 dropped hook's colour",
        "twin: a synchronous record_sleep_state taking *args",
        K(
            *SS,
            "vllm/aeon/r104ss3.py",
            PL + "class AeonPower3(PrometheusStatLogger):\n"
            "    def record_sleep_state(self, *args: int) -> None:\n"
            "        self.aeon_sleeping = bool(args and args[0])\n",
            "    def record_sleep_state(self, *args: int) -> None:",
        ),
    ),
]


# --- 9069a57139 (#49040): AsyncLLM gains update_weight_version/get_weight_version, the router awaits them
WV = ("#49040", "9069a57139", "update_weight_version/get_weight_version added to AsyncLLM and EngineClient")
CASES += [
    (
        "#49040 factory-typed hook",
        "a subclass's own update_weight_version without new_version",
        K(
            *WV,
            "vllm/aeon/r104wv0.py",
            SUB + "class AeonVersion0(AsyncLLM):\n"
            "    async def update_weight_version(self) -> None:\n"
            "        self.aeon_version_bumps = getattr(self, 'aeon_version_bumps', 0) + 1\n",
            "    async def update_weight_version(self) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#49040 factory-typed hook",
        "twin: update_weight_version taking new_version",
        K(
            *WV,
            "vllm/aeon/r104wv1.py",
            SUB + "class AeonVersion1(AsyncLLM):\n"
            "    async def update_weight_version(self, new_version: str) -> None:\n"
            "        self.aeon_version = new_version\n"
            "        await super().update_weight_version(new_version)\n",
            "    async def update_weight_version(self, new_version: str) -> None:",
        ),
    ),
    (
        "#49040 factory-typed hook",
        "twin: a coroutine get_weight_version returning the fork's own version",
        K(
            *WV,
            "vllm/aeon/r104wv2.py",
            SUB + "class AeonVersion2(AsyncLLM):\n"
            "    async def get_weight_version(self) -> str:\n"
            "        return getattr(self, 'aeon_version', None) or await super().get_weight_version()\n",
            "    async def get_weight_version(self) -> str:",
        ),
    ),
    (
        "#49040 awaited hook's colour",
        "twin: a synchronous update_weight_version that only refuses",
        K(
            *WV,
            "vllm/aeon/r104wv3.py",
            SUB + "class AeonVersion3(AsyncLLM):\n"
            "    def update_weight_version(self, new_version: str) -> None:\n"
            "        raise NotImplementedError('the Spark engine serves frozen weights')\n",
            "    def update_weight_version(self, new_version: str) -> None:",
        ),
    ),
    (
        "#49040 awaited hook's colour",
        "twin: a synchronous get_weight_version returning the base's coroutine",
        K(
            *WV,
            "vllm/aeon/r104wv4.py",
            "from collections.abc import Awaitable\n\n" + SUB + "class AeonVersion4(AsyncLLM):\n"
            "    def get_weight_version(self) -> Awaitable[str]:\n"
            "        return super().get_weight_version()\n",
            "    def get_weight_version(self) -> Awaitable[str]:",
        ),
    ),
    (
        "#49040 factory-typed hook",
        "twin: a class off the engine's order with the names, synchronous",
        K(
            *WV,
            "vllm/aeon/r104wv5.py",
            "class AeonWeightLedger:\n"
            "    # AEON: the trainer's record of what it pushed, never an engine\n"
            "    def update_weight_version(self) -> None:\n"
            "        self.pushed = getattr(self, 'pushed', 0) + 1\n\n"
            "    def get_weight_version(self) -> str:\n"
            "        return str(getattr(self, 'pushed', 0))\n",
            "    def update_weight_version(self) -> None:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review104-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
