"""A blind replay of the v1 engine-core clients a fork's serving carries subclass, build or call.

9 first-parent commits on ``vllm/v1/engine/core_client.py`` -- the clients a fork that adds its own utility
calls, a client subclass for its data-parallel speculative serving, or its own in-process stepping carries code
against: ``client_count`` inserted before ``client_index`` in ``make_async_mp_client`` and the async clients'
constructors, ``DPAsyncMPClient.get_core_engine_for_request`` now called with the request's ``dp_rank``,
``wake_up``/``wake_up_async`` now called with ``tags``, ``MPClient.engine_ranks`` renamed
``engine_ranks_managed``, ``DPAsyncMPClient.lb_engines`` now built with one ``[0, 0]`` pair per engine (never
empty), ``UtilityOutput.result`` now a ``UtilityResult`` wrapper the client unwraps, ``InprocClient.get_output``
now calling the engine's ``post_step``, ``EngineCoreClient`` made abstract (``shutdown``) with
``InprocClient.__del__`` removed and ``MPClient.shutdown`` no longer clearing ``proc_handle``, and
``reset_prefix_cache``/``reset_prefix_cache_async`` added to the clients and called bare by the engines --
picked by scanning that path's diff (``git log --first-parent -p``), avoiding the commits other replays use
(``blind_replay_enginecore``, ``_enginecore2``, ``_dpcoord``, ``_wire`` cover parts of this surface).  Each is
replayed under 1-3 fork spellings written the way fork code is written (a positional call, a build, a
subclass's positional ``super().__init__()``, an override upstream now calls with an argument, a subclass's
``self.`` read, a read off a receiver typed as the class, a ``getattr`` with a literal, an emptiness test, a
``len()`` comparison, a build of a struct, a read of a field, an override that copies the base's body, a
``super().__del__()``, a build of an abstract subclass, an ``is None`` test), with twins (fork code the commit
does not break: a keyword call, the new parameter, a kept attribute, the kept field, ``super()``, an override
that fits the new call).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*:
no error on their line.

Blind, on the engine before any widening (main at 8485ae9c): 13 caught, 2 warned, 6 missed of 21 (twins: 10
quiet, 1 of them warned, 0 false errors).  Symbol and signature drift caught the inserted ``client_count`` under all
four positional spellings, the overrides upstream now calls with ``dp_rank`` or ``tags``, the renamed
``engine_ranks`` (a ``self.`` read, a typed receiver, a ``getattr`` literal), the subclass made abstract and the
removed ``__del__``; #12284's two namesakes with a required parameter were warned (symbol drift's "the fork's own
method now overrides one upstream added", which also warns on the fitting twin).  The misses: #22910's two (an
emptiness test and a ``len()`` comparison of ``lb_engines``, whose empty start upstream replaced: the fork's
branch is dead, no error), #21845's two (a build of ``UtilityOutput`` with a bare ``result=`` and a ``float()`` of a
read of it: upstream now wraps the value in ``UtilityResult``), #30319's override copying ``get_output``'s step
without the ``post_step`` the base now makes, and #11659's ``self.proc_handle is None`` (``shutdown`` no longer
stores the None).  No label was wrong.
After the killers194 widenings: 18 caught, 3 warned, 0 missed of 21 (twins: 10 quiet, 1 of them warned, 0 false
errors).  Caught now: a test of an attribute for None or emptiness where the class no longer stores that value
(``drift/gone_sentinels.py``: #22910's two, #11659's one); a bare value built into, or read out of as a value, a
field upstream now types as a wrapper class of its own (``drift/wrapped_values.py``: #21845's two).  Warned now:
an override copying the base's call of ``self.engine_core.step_fn`` without the ``post_step`` the base now makes
beside it (``drift/stale_copies.py``, a warning by design: the fork may skip a step on purpose).  Still warned:
#12284's namesakes (upstream's bare ``self.engine_core.reset_prefix_cache()`` in ``LLMEngine`` reaches the fork's
method only through ``make_client``'s return, which the hook-misfit reader does not type; left for want of time).
Regression set at the widenings' head (7233e14e): killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_coreclient as above, review93_twins 16 caught, 1 warned of 17, 0 false errors of 42 (5 warned,
as recorded; 7 before gone sentinels learnt to leave #22499's ``del`` to stopped writes), blind_replay_pstate 21
caught, 1 warned of 22 (11 quiet, 1 warned; as recorded); at 9495a3d7 (the commit before, which only quieted):
blind_replay_mtpmodels 16 caught, 5 warned, 1 missed of 22 (11 quiet; as recorded), blind_replay_cfgparts 19
caught, 2 warned of 21 (12 quiet, 1 warned: default drift's, not the widenings'), review81_twins 5 caught, 3 warned
of 8, 0 false errors of 30 (2 warned; as recorded), blind_replay_enginecore 12/12 (9 quiet; as recorded).  ``symbol_precision.py
--windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught, 8 warnings; as recorded).  At the head
(1d898c8d, which only narrowed wrapped values to undecorated wrappers): #21845 still 2 caught of 2.  No drop in
caught, no new false error.

  python benchmarks/blind_replay_coreclient.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #21617 (8d524ce79f): client_count inserted before client_index
CC = "8d524ce79f"
CCW = "client_count inserted before client_index in make_async_mp_client and the async clients' constructors"
CCI = (
    "from vllm.config import VllmConfig\n"
    "from vllm.v1.engine.core_client import (AsyncMPClient, DPAsyncMPClient, DPLBAsyncMPClient,\n"
    "                                        EngineCoreClient)\n\n\n"
)
CASES += [
    (
        "#21617 parameter inserted",
        "a positional call of make_async_mp_client",
        K(
            "#21617",
            CC,
            CCW,
            "vllm/aeon/cc1.py",
            CCI + "def aeon_make_client(vllm_config: VllmConfig, executor_class, addresses: dict, index: int):\n"
            "    # AEON: the Spark's API servers each own a client of the spec-decoding DP engines\n"
            "    return EngineCoreClient.make_async_mp_client(vllm_config, executor_class, True, addresses, index)\n",
            "return EngineCoreClient.make_async_mp_client(vllm_config, executor_class, True, addresses, index)",
        ),
    ),
    (
        "#21617 parameter inserted",
        "a subclass's positional super().__init__()",
        K(
            "#21617",
            CC,
            CCW,
            "vllm/aeon/cc2.py",
            CCI + "class AeonDPLBClient(DPLBAsyncMPClient):\n"
            "    def __init__(self, vllm_config, executor_class, log_stats, client_addresses=None, client_index=0):\n"
            "        # AEON: the Spark's balancer pins drafts to the engine that holds the target's KV\n"
            "        self.aeon_pinned: dict[str, int] = {}\n"
            "        super().__init__(vllm_config, executor_class, log_stats, client_addresses, client_index)\n",
            "super().__init__(vllm_config, executor_class, log_stats, client_addresses, client_index)",
        ),
    ),
    (
        "#21617 parameter inserted",
        "a positional build of the DP client",
        K(
            "#21617",
            CC,
            CCW,
            "vllm/aeon/cc3.py",
            CCI + "def aeon_dp_client(vllm_config: VllmConfig, executor_class, addresses: dict, index: int):\n"
            "    # AEON: the Spark's two-node serving builds its DP client itself\n"
            "    return DPAsyncMPClient(vllm_config, executor_class, False, addresses, index)\n",
            "return DPAsyncMPClient(vllm_config, executor_class, False, addresses, index)",
        ),
    ),
    (
        "#21617 parameter inserted",
        "a subclass of the async client's positional super().__init__()",
        K(
            "#21617",
            CC,
            CCW,
            "vllm/aeon/cc4.py",
            CCI + "class AeonAsyncClient(AsyncMPClient):\n"
            "    def __init__(self, vllm_config, executor_class, log_stats, client_addresses=None, client_index=0):\n"
            "        super().__init__(vllm_config, executor_class, log_stats, client_addresses, client_index)\n"
            "        # AEON: the Spark's frontends tag their traces with the client index\n"
            '        self.aeon_trace_tag = f"aeon-{client_index}"\n',
            "super().__init__(vllm_config, executor_class, log_stats, client_addresses, client_index)",
        ),
    ),
    (
        "#21617 parameter inserted",
        "twin: a keyword call of make_async_mp_client",
        K(
            "#21617",
            CC,
            CCW,
            "vllm/aeon/cc5.py",
            CCI + "def aeon_make_client2(vllm_config: VllmConfig, executor_class, addresses: dict, index: int):\n"
            "    return EngineCoreClient.make_async_mp_client(\n"
            "        vllm_config, executor_class, True, client_addresses=addresses, client_index=index)\n",
            "vllm_config, executor_class, True, client_addresses=addresses, client_index=index)",
        ),
    ),
]

# --- #19102 (c8dcc15921): get_core_engine_for_request now called with the request's dp_rank
DR = "c8dcc15921"
DRW = "DPAsyncMPClient.get_core_engine_for_request given dp_rank, passed by add_request_async"
DRI = "from typing import Optional\n\nfrom vllm.v1.engine.core_client import DPAsyncMPClient\nfrom vllm.v1.utils import CoreEngine\n\n\n"
CASES += [
    (
        "#19102 override now called with an argument",
        "a subclass override without the new parameter",
        K(
            "#19102",
            DR,
            DRW,
            "vllm/aeon/dr1.py",
            DRI + "class AeonDPClient(DPAsyncMPClient):\n"
            "    def get_core_engine_for_request(self) -> CoreEngine:\n"
            "        # AEON: the Spark's first engine holds the draft model; route to the others first\n"
            "        if len(self.core_engines) > 1:\n"
            "            return self.core_engines[1]\n"
            "        return self.core_engines[0]\n",
            "def get_core_engine_for_request(self) -> CoreEngine:",
        ),
    ),
    (
        "#19102 override now called with an argument",
        "twin: an override taking the new parameter",
        K(
            "#19102",
            DR,
            DRW,
            "vllm/aeon/dr2.py",
            DRI + "class AeonDPClient2(DPAsyncMPClient):\n"
            "    def get_core_engine_for_request(self, dp_rank: Optional[int] = None) -> CoreEngine:\n"
            "        if dp_rank is None and len(self.core_engines) > 1:\n"
            "            return self.core_engines[1]\n"
            "        return super().get_core_engine_for_request(dp_rank)\n",
            "def get_core_engine_for_request(self, dp_rank: Optional[int] = None) -> CoreEngine:",
        ),
    ),
    (
        "#19102 override now called with an argument",
        "twin: a bare call of the method",
        K(
            "#19102",
            DR,
            DRW,
            "vllm/aeon/dr3.py",
            DRI + "def aeon_peek_engine(client: DPAsyncMPClient) -> CoreEngine:\n"
            "    return client.get_core_engine_for_request()\n",
            "return client.get_core_engine_for_request()",
        ),
    ),
]

# --- #15500 (ddb94c2605): wake_up/wake_up_async now called with tags
WT = "ddb94c2605"
WTW = "EngineCoreClient.wake_up/wake_up_async given tags, passed by LLMEngine/AsyncLLM"
WTI = "from typing import Optional\n\nfrom vllm.v1.engine.core_client import AsyncMPClient, InprocClient, SyncMPClient\n\n\n"
CASES += [
    (
        "#15500 override now called with an argument",
        "a sync client's wake_up override without tags",
        K(
            "#15500",
            WT,
            WTW,
            "vllm/aeon/wt1.py",
            WTI + "class AeonSyncClient(SyncMPClient):\n"
            "    def wake_up(self) -> None:\n"
            "        # AEON: the Spark's unified memory wakes the draft weights before the target's\n"
            '        self.call_utility("aeon_wake_draft")\n'
            '        self.call_utility("wake_up")\n',
            "def wake_up(self) -> None:",
        ),
    ),
    (
        "#15500 override now called with an argument",
        "an async client's wake_up_async override without tags",
        K(
            "#15500",
            WT,
            WTW,
            "vllm/aeon/wt2.py",
            WTI + "class AeonAsyncClient(AsyncMPClient):\n"
            "    async def wake_up_async(self) -> None:\n"
            "        # AEON: the Spark's unified memory wakes the draft weights before the target's\n"
            '        await self.call_utility_async("aeon_wake_draft")\n'
            '        await self.call_utility_async("wake_up")\n',
            "async def wake_up_async(self) -> None:",
        ),
    ),
    (
        "#15500 override now called with an argument",
        "an in-process client's wake_up override without tags",
        K(
            "#15500",
            WT,
            WTW,
            "vllm/aeon/wt3.py",
            WTI + "class AeonInprocClient(InprocClient):\n"
            "    def wake_up(self) -> None:\n"
            "        # AEON: the Spark's single-process bench re-pins its NVFP4 scales on wake\n"
            "        self.engine_core.wake_up()\n"
            "        self.aeon_woken = True\n",
            "def wake_up(self) -> None:",
        ),
    ),
    (
        "#15500 override now called with an argument",
        "twin: an override taking tags, and a sleep override",
        K(
            "#15500",
            WT,
            WTW,
            "vllm/aeon/wt4.py",
            WTI + "class AeonSyncClient2(SyncMPClient):\n"
            "    def wake_up(self, tags: Optional[list[str]] = None) -> None:\n"
            '        self.call_utility("wake_up", tags)\n\n'
            "    def sleep(self, level: int = 1) -> None:\n"
            '        self.call_utility("sleep", level)\n',
            "def wake_up(self, tags: Optional[list[str]] = None) -> None:",
        ),
    ),
]

# --- #21238 (d5b981f8b1): MPClient.engine_ranks renamed engine_ranks_managed
ER = "d5b981f8b1"
ERW = "MPClient.engine_ranks renamed engine_ranks_managed"
ERI = "from vllm.v1.engine.core_client import DPAsyncMPClient, MPClient\n\n\n"
CASES += [
    (
        "#21238 attribute renamed",
        "a subclass's self. read",
        K(
            "#21238",
            ER,
            ERW,
            "vllm/aeon/er1.py",
            ERI + "class AeonDPClient(DPAsyncMPClient):\n"
            "    def aeon_first_rank(self) -> int:\n"
            "        # AEON: the Spark's drafts run on the client's first engine\n"
            "        return self.engine_ranks[0]\n",
            "return self.engine_ranks[0]",
        ),
    ),
    (
        "#21238 attribute renamed",
        "a read off a receiver typed as the class",
        K(
            "#21238",
            ER,
            ERW,
            "vllm/aeon/er2.py",
            ERI + "def aeon_rank_count(client: MPClient) -> int:\n"
            "    # AEON: the Spark's health page lists the ranks each frontend talks to\n"
            "    return len(client.engine_ranks)\n",
            "return len(client.engine_ranks)",
        ),
    ),
    (
        "#21238 attribute renamed",
        "a getattr with a literal",
        K(
            "#21238",
            ER,
            ERW,
            "vllm/aeon/er3.py",
            ERI + 'def aeon_ranks(client: MPClient) -> list[int]:\n    return list(getattr(client, "engine_ranks"))\n',
            'return list(getattr(client, "engine_ranks"))',
        ),
    ),
    (
        "#21238 attribute renamed",
        "twin: the kept core_engines",
        K(
            "#21238",
            ER,
            ERW,
            "vllm/aeon/er4.py",
            ERI + "def aeon_engine_count(client: MPClient) -> int:\n    return len(client.core_engines)\n",
            "return len(client.core_engines)",
        ),
    ),
]

# --- #22910 (919234fe17): lb_engines built with a [0, 0] pair per engine, never empty
LB = "919234fe17"
LBW = "DPAsyncMPClient.lb_engines initialised to [[0, 0] for each engine] instead of []"
LBI = "from vllm.v1.engine import EngineCoreRequest\nfrom vllm.v1.engine.core_client import DPLBAsyncMPClient\n\n\n"
CASES += [
    (
        "#22910 initial value no longer empty",
        "an emptiness test of the attribute",
        K(
            "#22910",
            LB,
            LBW,
            "vllm/aeon/lb1.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def get_core_engine_for_request(self, request: EngineCoreRequest):\n"
            "        # AEON: before the first stats arrive, send requests to the engine holding the draft\n"
            "        if not self.lb_engines:\n"
            "            return self.core_engines[-1]\n"
            "        return super().get_core_engine_for_request(request)\n",
            "if not self.lb_engines:",
        ),
    ),
    (
        "#22910 initial value no longer empty",
        "a len() comparison of the attribute",
        K(
            "#22910",
            LB,
            LBW,
            "vllm/aeon/lb2.py",
            LBI + "class AeonLBClient2(DPLBAsyncMPClient):\n"
            "    def aeon_stats_ready(self) -> bool:\n"
            "        # AEON: the Spark's readiness probe waits for the coordinator's first counts\n"
            "        return len(self.lb_engines) > 0\n",
            "return len(self.lb_engines) > 0",
        ),
    ),
    (
        "#22910 initial value no longer empty",
        "twin: a read of an engine's waiting count",
        K(
            "#22910",
            LB,
            LBW,
            "vllm/aeon/lb3.py",
            LBI + "class AeonLBClient3(DPLBAsyncMPClient):\n"
            "    def aeon_waiting(self) -> int:\n"
            "        return sum(pair[0] for pair in self.lb_engines)\n",
            "return sum(pair[0] for pair in self.lb_engines)",
        ),
    ),
]

# --- #21845 (56bd537dde): UtilityOutput.result now a UtilityResult the client unwraps
UR = "56bd537dde"
URW = "UtilityOutput.result typed UtilityResult; _process_utility_output sets output.result.result"
URI = "from vllm.v1.engine import EngineCoreOutputs, UtilityOutput\n\n\n"
CASES += [
    (
        "#21845 field now wrapped",
        "a build of the struct with a bare result",
        K(
            "#21845",
            UR,
            URW,
            "vllm/aeon/ur1.py",
            URI + "def aeon_utility_reply(call_id: int, value: object) -> EngineCoreOutputs:\n"
            "    # AEON: the Spark's engine answers its acceptance-rate probe without a round trip\n"
            "    return EngineCoreOutputs(utility_output=UtilityOutput(call_id, result=value))\n",
            "return EngineCoreOutputs(utility_output=UtilityOutput(call_id, result=value))",
        ),
    ),
    (
        "#21845 field now wrapped",
        "a read of the field as the value",
        K(
            "#21845",
            UR,
            URW,
            "vllm/aeon/ur2.py",
            URI + "def aeon_acceptance(outputs: EngineCoreOutputs) -> float:\n"
            "    # AEON: the Spark's dashboard reads the engine's acceptance rate straight off the reply\n"
            "    out = outputs.utility_output\n"
            "    assert out is not None\n"
            "    return float(out.result)\n",
            "return float(out.result)",
        ),
    ),
    (
        "#21845 field now wrapped",
        "twin: the kept failure_message",
        K(
            "#21845",
            UR,
            URW,
            "vllm/aeon/ur3.py",
            URI + "def aeon_failed(outputs: EngineCoreOutputs) -> bool:\n"
            "    out = outputs.utility_output\n"
            "    return out is not None and out.failure_message is not None\n",
            "return out is not None and out.failure_message is not None",
        ),
    ),
]

# --- #30319 (24b65eff0d): InprocClient.get_output now calls the engine's post_step
PS = "24b65eff0d"
PSW = "InprocClient.get_output now calls engine_core.post_step(model_executed=...)"
PSI = "from vllm.v1.engine import EngineCoreOutputs\nfrom vllm.v1.engine.core_client import InprocClient\n\n\n"
CASES += [
    (
        "#30319 base body gained a call",
        "an override that copies the base's body",
        K(
            "#30319",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            PSI + "class AeonInprocClient(InprocClient):\n"
            "    def get_output(self) -> EngineCoreOutputs:\n"
            "        # AEON: the Spark's single-process bench counts the steps that ran the model\n"
            "        outputs, executed = self.engine_core.step_fn()\n"
            '        self.aeon_steps = getattr(self, "aeon_steps", 0) + int(executed)\n'
            "        return outputs and outputs.get(0) or EngineCoreOutputs()\n",
            "def get_output(self) -> EngineCoreOutputs:",
        ),
    ),
    (
        "#30319 base body gained a call",
        "twin: an override through super()",
        K(
            "#30319",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            PSI + "class AeonInprocClient2(InprocClient):\n"
            "    def get_output(self) -> EngineCoreOutputs:\n"
            "        outputs = super().get_output()\n"
            "        self.aeon_seen = True\n"
            "        return outputs\n",
            "def get_output(self) -> EngineCoreOutputs:",
        ),
    ),
]

# --- #11659 (80c751e7f6): EngineCoreClient made abstract; InprocClient.__del__ removed; proc_handle kept
AB = "80c751e7f6"
ABW = (
    "EngineCoreClient an ABC with abstract shutdown; InprocClient.__del__ removed; MPClient.shutdown keeps proc_handle"
)
ABI = "from vllm.v1.engine.core_client import EngineCoreClient, InprocClient, SyncMPClient\n\n\n"
CASES += [
    (
        "#11659 base made abstract, method removed",
        "a build of a subclass without shutdown",
        K(
            "#11659",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            ABI + "class AeonNullClient(EngineCoreClient):\n"
            "    # AEON: the Spark's dry-run mode answers with no engine at all\n"
            "    def get_output(self):\n"
            "        return []\n\n\n"
            "def aeon_dry_client() -> EngineCoreClient:\n"
            "    return AeonNullClient()\n",
            "return AeonNullClient()",
        ),
    ),
    (
        "#11659 base made abstract, method removed",
        "a subclass's super().__del__()",
        K(
            "#11659",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            ABI + "class AeonInprocClient(InprocClient):\n"
            "    def __del__(self):\n"
            "        # AEON: the Spark's bench frees its pinned host buffers with the client\n"
            "        self.aeon_buffers = None\n"
            "        super().__del__()\n",
            "super().__del__()",
        ),
    ),
    (
        "#11659 base made abstract, method removed",
        "an is None test of the handle shutdown used to clear",
        K(
            "#11659",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            ABI + "class AeonSyncClient(SyncMPClient):\n"
            "    def aeon_is_shut_down(self) -> bool:\n"
            "        # AEON: the Spark's watchdog restarts a client whose engine was shut down\n"
            "        return self.proc_handle is None\n",
            "return self.proc_handle is None",
        ),
    ),
    (
        "#11659 base made abstract, method removed",
        "twin: a subclass with its own shutdown",
        K(
            "#11659",
            AB,
            ABW,
            "vllm/aeon/ab4.py",
            ABI + "class AeonNullClient2(EngineCoreClient):\n"
            "    def shutdown(self):\n"
            "        pass\n\n\n"
            "def aeon_dry_client2() -> EngineCoreClient:\n"
            "    return AeonNullClient2()\n",
            "return AeonNullClient2()",
        ),
    ),
]

# --- #12284 (7206ce4ce1): reset_prefix_cache(_async) added to the clients, called bare by the engines
RP = "7206ce4ce1"
RPW = "EngineCoreClient.reset_prefix_cache/reset_prefix_cache_async added; LLMEngine/AsyncLLM call them bare"
RPI = "from vllm.v1.engine.core_client import AsyncMPClient, SyncMPClient\n\n\n"
CASES += [
    (
        "#12284 fork namesake now called by upstream",
        "a sync client's namesake with a required parameter",
        K(
            "#12284",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            RPI + "class AeonSyncClient(SyncMPClient):\n"
            "    def reset_prefix_cache(self, aeon_tier: str) -> None:\n"
            "        # AEON: the Spark's tiered prefix cache drops one tier at a time\n"
            "        self.aeon_dropped = aeon_tier\n",
            "def reset_prefix_cache(self, aeon_tier: str) -> None:",
        ),
    ),
    (
        "#12284 fork namesake now called by upstream",
        "an async client's namesake with a required parameter",
        K(
            "#12284",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            RPI + "class AeonAsyncClient(AsyncMPClient):\n"
            "    async def reset_prefix_cache_async(self, aeon_tier: str) -> None:\n"
            "        # AEON: the Spark's tiered prefix cache drops one tier at a time\n"
            "        self.aeon_dropped = aeon_tier\n",
            "async def reset_prefix_cache_async(self, aeon_tier: str) -> None:",
        ),
    ),
    (
        "#12284 fork namesake now called by upstream",
        "twin: a namesake that fits the bare call",
        K(
            "#12284",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            RPI + "class AeonSyncClient2(SyncMPClient):\n"
            '    def reset_prefix_cache(self, aeon_tier: str = "all") -> None:\n'
            "        self.aeon_dropped = aeon_tier\n",
            'def reset_prefix_cache(self, aeon_tier: str = "all") -> None:',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-coreclient-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
