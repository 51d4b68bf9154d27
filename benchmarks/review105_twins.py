"""Adversarial twins of killers194's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a fork test of an attribute for the None or empty value its class no longer stores (``drift/gone_sentinels.py``;
  #22910 started ``DPAsyncMPClient.lb_engines`` as a ``[0, 0]`` pair per engine, #11659 no longer resets
  ``MPClient.proc_handle`` to None): a null guard (``if self.lb_engines:`` around a read of the counts, ``if
  self.proc_handle is not None: self.proc_handle.shutdown()``, an early ``return`` when None, an ``and`` guarding
  a read), the old test or-ed with the new spelling (all counts zero), the fork's own store or ``clear()`` of the
  field, the fork's namesake class, a ``getattr(..., None)`` probe, the same shape on an unchanged field
  (``reqs_in_flight``), a ``len()`` compared with another length;
- a bare value a fork builds into, or reads out of, a field upstream now types as its own wrapper
  (``drift/wrapped_values.py``; #21845 ``UtilityOutput.result: Optional[UtilityResult]``): the new spelling
  (``result=UtilityResult(value)``, ``out.result.result``), the old build under ``except ImportError`` or a
  ``hasattr`` version test, a parameter annotated ``Optional[UtilityResult]``, the fork's own namesake struct,
  another field, the fork's own reply class with a ``result``, a read under an ``isinstance`` test, ``is None``;
- a call upstream's method gained beside one the override copies (``drift/stale_copies.py``; #30319
  ``InprocClient.get_output`` now makes ``self.engine_core.post_step(...)``): the override making it too, under a
  ``hasattr`` guard, through a helper of its own class, the anchor in another method, an override calling another
  callee of the collaborator.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches of
these widenings (#22910's two, #11659's one, #21845's two, #30319's warned one), kept to show the reach stays.

Round 1 (main at f5ac350b), 6 cases and 28 twins as first written: 5 caught, 1 warned (#30319, a warning by
design) of 6; 8 false errors of 28 (2 warned): gone sentinels' six -- a null guard with no ``else`` around a use
of the value (``if self.lb_engines:``, ``if self.proc_handle is not None: self.proc_handle.shutdown()``), an
early bare ``return`` when None, an ``and`` guarding a read of the handle, the old emptiness test or-ed with the
new state's (every count zero), and the fork's own ``self.lb_engines.clear()`` (the emptiness it tests is its own
again) -- all right after the merge, since upstream's value only ever takes the branch upstream's own code takes;
and wrapped values' two -- the bare build in the ``except ImportError`` handler of a ``try`` importing
``UtilityResult`` (never runs where the wrapper is), and ``float(out.result)`` after ``if isinstance(out.result,
UtilityResult): return float(out.result.result)``.  Warned: the bare build in the else of a ``hasattr`` version
test (a probe demotes it; a false warning also fell on ``result=engine.UtilityResult(value)``, the wrapper built
off its module), and the post_step made in a helper of the fork's class.  Every twin was truly right: none moved.
Round 2 (this branch): gone sentinels' ``_guards`` (a test beside another ``and``/``or`` operand reading the
field, or an ``if`` whose branch for the sentinel is empty or a bare leave, its other branch not leaving) and
``_emptied`` (a fork's ``clear()``); wrapped values' ``_fallbacks`` (``fallback_imports.fallback_lines``: the
handler's lines, the names its ``try`` imports) and ``_probed`` (an ``isinstance`` of the same read with the
wrapper), and ``W(...)`` matched off a module; stale copies follow the override's own helpers
(``interposed.reached``).  6 caught of 6 (1 warned, #30319); 0 false errors of 28 (1 warned: the ``hasattr``
version test).  ``blind_replay_coreclient.py`` as before: 18 caught, 3 warned of 21, 0 false of 10 twins.
Round 3 (another real commit, written after the mends): #45958 (e040899a00) started
``OffloadingConnectorScheduler._connector_stats`` as ``OffloadingConnectorStats()`` where it was None (and dropped
its own ``if self._connector_stats is None`` guard): a case (``return self._connector_stats is None``, "nothing
moved since the last report") and four twins (a null guard before ``aggregate``, the base's own if/else storing the
field, the test or-ed with ``is_empty()``, an early return).  On main (f5ac350b): 1 caught, 3 false errors of 4 (all
but the own store).  This branch: 1 caught, 0 false.
All rounds, main (f5ac350b): 6 caught, 1 warned of 7; 11 false errors of 32 twins.  This branch: 6 caught, 1 warned
of 7; 0 false errors of 32 twins (1 warned).

  PYTHONPATH=.. python review105_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 919234fe17 (#22910): lb_engines started as [[0, 0] for each engine] instead of []
LB = ("#22910", "919234fe17", "DPAsyncMPClient.lb_engines initialised to [[0, 0] for each engine] instead of []")
LBI = "from vllm.v1.engine import EngineCoreRequest\nfrom vllm.v1.engine.core_client import DPLBAsyncMPClient\n\n\n"
GS = "#22910 gone empty start"
CASES += [
    (
        GS,
        "an emptiness test of the attribute",
        K(
            *LB,
            "vllm/aeon/r105lb0.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def get_core_engine_for_request(self, request: EngineCoreRequest):\n"
            "        # AEON: before the first stats arrive, send requests to the engine holding the draft\n"
            "        if not self.lb_engines:\n"
            "            return self.core_engines[-1]\n"
            "        return super().get_core_engine_for_request(request)\n",
            "        if not self.lb_engines:",
        ),
    ),
    (
        GS,
        "a len() comparison of the attribute",
        K(
            *LB,
            "vllm/aeon/r105lb1.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def aeon_stats_ready(self) -> bool:\n"
            "        # AEON: the Spark's readiness probe waits for the coordinator's first counts\n"
            "        return len(self.lb_engines) > 0\n",
            "        return len(self.lb_engines) > 0",
        ),
    ),
]
TWINS += [
    (
        GS,
        "twin: a null guard around a read of the counts (no else)",
        K(
            *LB,
            "vllm/aeon/r105lb2.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def aeon_busiest(self) -> int:\n"
            "        busiest = 0\n"
            "        if self.lb_engines:  # AEON: no engine to rank before any counts\n"
            "            busiest = max(range(len(self.lb_engines)), key=lambda i: sum(self.lb_engines[i]))\n"
            "        return busiest\n",
            "        if self.lb_engines:  # AEON: no engine to rank before any counts",
        ),
    ),
    (
        GS,
        "twin: the old test or-ed with the new spelling (every count zero)",
        K(
            *LB,
            "vllm/aeon/r105lb3.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def get_core_engine_for_request(self, request: EngineCoreRequest):\n"
            "        # AEON: no stats yet (an empty list before #22910, all zeros after): the draft's engine\n"
            "        if not self.lb_engines or not any(map(sum, self.lb_engines)):\n"
            "            return self.core_engines[-1]\n"
            "        return super().get_core_engine_for_request(request)\n",
            "        if not self.lb_engines or not any(map(sum, self.lb_engines)):",
        ),
    ),
    (
        GS,
        "twin: the fork's own empty start after super().__init__",
        K(
            *LB,
            "vllm/aeon/r105lb4.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.lb_engines = []  # AEON: the Spark waits for real counts\n\n"
            "    def aeon_stats_ready(self) -> bool:\n"
            "        return len(self.lb_engines) > 0\n",
            "        return len(self.lb_engines) > 0",
        ),
    ),
    (
        GS,
        "twin: the fork empties the field itself (clear() on a rescale)",
        K(
            *LB,
            "vllm/aeon/r105lb5.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def aeon_forget_counts(self) -> None:\n"
            "        self.lb_engines.clear()  # AEON: stale after a rescale until the coordinator reports\n\n"
            "    def get_core_engine_for_request(self, request: EngineCoreRequest):\n"
            "        if not self.lb_engines:\n"
            "            return self.core_engines[-1]\n"
            "        return super().get_core_engine_for_request(request)\n",
            "        if not self.lb_engines:",
        ),
    ),
    (
        GS,
        "twin: the same test of an unchanged field (reqs_in_flight)",
        K(
            *LB,
            "vllm/aeon/r105lb6.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def aeon_idle(self) -> bool:\n"
            "        return not self.reqs_in_flight\n",
            "        return not self.reqs_in_flight",
        ),
    ),
    (
        GS,
        "twin: the fork's own namesake class",
        K(
            *LB,
            "vllm/aeon/r105lb7.py",
            "class DPLBAsyncMPClient:\n"
            "    lb_engines: list\n\n\n"
            "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def aeon_stats_ready(self) -> bool:\n"
            "        return not self.lb_engines\n",
            "        return not self.lb_engines",
        ),
    ),
    (
        GS,
        "twin: a getattr(..., None) probe",
        K(
            *LB,
            "vllm/aeon/r105lb8.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def aeon_stats_ready(self) -> bool:\n"
            "        return not getattr(self, 'lb_engines', None)\n",
            "        return not getattr(self, 'lb_engines', None)",
        ),
    ),
    (
        GS,
        "twin: len() compared with the engines' count",
        K(
            *LB,
            "vllm/aeon/r105lb9.py",
            LBI + "class AeonLBClient(DPLBAsyncMPClient):\n"
            "    def aeon_all_reported(self) -> bool:\n"
            "        return len(self.lb_engines) == len(self.core_engines)\n",
            "        return len(self.lb_engines) == len(self.core_engines)",
        ),
    ),
]

# --- 80c751e7f6 (#11659): MPClient.shutdown no longer resets proc_handle to None
AB = ("#11659", "80c751e7f6", "MPClient.shutdown keeps proc_handle; every store a BackgroundProcHandle")
ABI = "from vllm.v1.engine.core_client import SyncMPClient\n\n\n"
PH = "#11659 gone None"
CASES += [
    (
        PH,
        "an is None test of the handle shutdown used to clear",
        K(
            *AB,
            "vllm/aeon/r105ph0.py",
            ABI + "class AeonSyncClient(SyncMPClient):\n"
            "    def aeon_is_shut_down(self) -> bool:\n"
            "        # AEON: the Spark's watchdog restarts a client whose engine was shut down\n"
            "        return self.proc_handle is None\n",
            "        return self.proc_handle is None",
        ),
    ),
]
TWINS += [
    (
        PH,
        "twin: a null guard before the handle's shutdown (no else)",
        K(
            *AB,
            "vllm/aeon/r105ph1.py",
            ABI + "class AeonSyncClient(SyncMPClient):\n"
            "    def aeon_stop(self) -> None:\n"
            "        if self.proc_handle is not None:\n"
            "            self.proc_handle.shutdown()\n",
            "        if self.proc_handle is not None:",
        ),
    ),
    (
        PH,
        "twin: an early return when None, then the handle's shutdown",
        K(
            *AB,
            "vllm/aeon/r105ph2.py",
            ABI + "class AeonSyncClient(SyncMPClient):\n"
            "    def aeon_stop(self) -> None:\n"
            "        if self.proc_handle is None:\n"
            "            return\n"
            "        self.proc_handle.shutdown()\n",
            "        if self.proc_handle is None:",
        ),
    ),
    (
        PH,
        "twin: an and guarding a read of the handle",
        K(
            *AB,
            "vllm/aeon/r105ph3.py",
            ABI + "class AeonSyncClient(SyncMPClient):\n"
            "    def aeon_alive(self) -> bool:\n"
            "        return self.proc_handle is not None and self.proc_handle.proc.is_alive()\n",
            "        return self.proc_handle is not None and self.proc_handle.proc.is_alive()",
        ),
    ),
    (
        PH,
        "twin: the fork's own shutdown resets it to None",
        K(
            *AB,
            "vllm/aeon/r105ph4.py",
            ABI + "class AeonSyncClient(SyncMPClient):\n"
            "    def shutdown(self) -> None:\n"
            "        super().shutdown()\n"
            "        self.proc_handle = None  # AEON: the watchdog reads it\n\n"
            "    def aeon_is_shut_down(self) -> bool:\n"
            "        return self.proc_handle is None\n",
            "        return self.proc_handle is None",
        ),
    ),
    (
        PH,
        "twin: a getattr(..., None) probe",
        K(
            *AB,
            "vllm/aeon/r105ph5.py",
            ABI + "class AeonSyncClient(SyncMPClient):\n"
            "    def aeon_started(self) -> bool:\n"
            "        return getattr(self, 'proc_handle', None) is not None\n",
            "        return getattr(self, 'proc_handle', None) is not None",
        ),
    ),
]

# --- 56bd537dde (#21845): UtilityOutput.result typed Optional[UtilityResult]
UR = ("#21845", "56bd537dde", "UtilityOutput.result typed UtilityResult; the client reads output.result.result")
URI = "from vllm.v1.engine import EngineCoreOutputs, UtilityOutput\n\n\n"
WV = "#21845 field now wrapped"
CASES += [
    (
        WV,
        "a build of the struct with a bare result",
        K(
            *UR,
            "vllm/aeon/r105ur0.py",
            URI + "def aeon_utility_reply(call_id: int, value: object) -> EngineCoreOutputs:\n"
            "    return EngineCoreOutputs(utility_output=UtilityOutput(call_id, result=value))\n",
            "    return EngineCoreOutputs(utility_output=UtilityOutput(call_id, result=value))",
        ),
    ),
    (
        WV,
        "a read of the field as the value",
        K(
            *UR,
            "vllm/aeon/r105ur1.py",
            URI + "def aeon_acceptance(outputs: EngineCoreOutputs) -> float:\n"
            "    out = outputs.utility_output\n"
            "    assert out is not None\n"
            "    return float(out.result)\n",
            "    return float(out.result)",
        ),
    ),
]
TWINS += [
    (
        WV,
        "twin: the value wrapped (the new spelling)",
        K(
            *UR,
            "vllm/aeon/r105ur2.py",
            "from vllm.v1.engine import UtilityOutput, UtilityResult\n\n\n"
            "def aeon_utility_reply(call_id: int, value: object) -> UtilityOutput:\n"
            "    return UtilityOutput(call_id, result=UtilityResult(value))\n",
            "    return UtilityOutput(call_id, result=UtilityResult(value))",
        ),
    ),
    (
        WV,
        "twin: the wrapped value read (the new spelling)",
        K(
            *UR,
            "vllm/aeon/r105ur3.py",
            URI + "def aeon_acceptance(out: UtilityOutput) -> float:\n"
            "    assert out.result is not None\n"
            "    return float(out.result.result)\n",
            "    return float(out.result.result)",
        ),
    ),
    (
        WV,
        "twin: the bare build under except ImportError",
        K(
            *UR,
            "vllm/aeon/r105ur4.py",
            URI + "def aeon_utility_reply(call_id: int, value: object) -> UtilityOutput:\n"
            "    try:\n"
            "        from vllm.v1.engine import UtilityResult\n"
            "    except ImportError:  # AEON: before #21845 the struct held the bare value\n"
            "        return UtilityOutput(call_id, result=value)\n"
            "    return UtilityOutput(call_id, result=UtilityResult(value))\n",
            "        return UtilityOutput(call_id, result=value)",
        ),
    ),
    (
        WV,
        "twin: the bare build in the else of a hasattr version test",
        K(
            *UR,
            "vllm/aeon/r105ur5.py",
            "import vllm.v1.engine as engine\n"
            + URI
            + "def aeon_utility_reply(call_id: int, value: object) -> UtilityOutput:\n"
            "    if hasattr(engine, 'UtilityResult'):\n"
            "        return UtilityOutput(call_id, result=engine.UtilityResult(value))\n"
            "    return UtilityOutput(call_id, result=value)\n",
            "    return UtilityOutput(call_id, result=value)",
        ),
    ),
    (
        WV,
        "twin: a parameter annotated Optional[UtilityResult]",
        K(
            *UR,
            "vllm/aeon/r105ur6.py",
            "from typing import Optional\n\nfrom vllm.v1.engine import UtilityOutput, UtilityResult\n\n\n"
            "def aeon_utility_reply(call_id: int, wrapped: Optional[UtilityResult]) -> UtilityOutput:\n"
            "    return UtilityOutput(call_id, result=wrapped)\n",
            "    return UtilityOutput(call_id, result=wrapped)",
        ),
    ),
    (
        WV,
        "twin: the fork's own namesake struct",
        K(
            *UR,
            "vllm/aeon/r105ur7.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\nclass UtilityOutput:\n    call_id: int\n    result: object = None\n\n\n"
            "def aeon_utility_reply(call_id: int, value: object) -> UtilityOutput:\n"
            "    return UtilityOutput(call_id, result=value)\n",
            "    return UtilityOutput(call_id, result=value)",
        ),
    ),
    (
        WV,
        "twin: another field given a string",
        K(
            *UR,
            "vllm/aeon/r105ur8.py",
            URI + "def aeon_utility_failed(call_id: int, err: str) -> UtilityOutput:\n"
            "    return UtilityOutput(call_id, failure_message=f'aeon: {err}')\n",
            "    return UtilityOutput(call_id, failure_message=f'aeon: {err}')",
        ),
    ),
    (
        WV,
        "twin: the fork's own reply class's result converted",
        K(
            *UR,
            "vllm/aeon/r105ur9.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\nclass AeonReply:\n    result: str\n\n\n"
            "def aeon_acceptance(reply: AeonReply) -> float:\n"
            "    return float(reply.result)\n",
            "    return float(reply.result)",
        ),
    ),
    (
        WV,
        "twin: the bare read under a not-isinstance test of the wrapper",
        K(
            *UR,
            "vllm/aeon/r105ur10.py",
            "from vllm.v1.engine import UtilityOutput, UtilityResult\n\n\n"
            "def aeon_acceptance(out: UtilityOutput) -> float:\n"
            "    if isinstance(out.result, UtilityResult):\n"
            "        return float(out.result.result)\n"
            "    return float(out.result)  # AEON: before #21845 the bare value\n",
            "    return float(out.result)  # AEON: before #21845 the bare value",
        ),
    ),
    (
        WV,
        "twin: an is None test of the field",
        K(
            *UR,
            "vllm/aeon/r105ur11.py",
            URI + "def aeon_answered(out: UtilityOutput) -> bool:\n"
            "    return out.result is None and out.failure_message is None\n",
            "    return out.result is None and out.failure_message is None",
        ),
    ),
]

# --- 24b65eff0d (#30319): InprocClient.get_output now calls engine_core.post_step(model_executed=...)
PS = ("#30319", "24b65eff0d", "InprocClient.get_output now calls engine_core.post_step(model_executed=...)")
PSI = "from vllm.v1.engine import EngineCoreOutputs\nfrom vllm.v1.engine.core_client import InprocClient\n\n\n"
AC = "#30319 base body gained a call"
CASES += [
    (
        AC,
        "an override that copies the base's body",
        K(
            *PS,
            "vllm/aeon/r105ps0.py",
            PSI + "class AeonInprocClient(InprocClient):\n"
            "    def get_output(self) -> EngineCoreOutputs:\n"
            "        outputs, executed = self.engine_core.step_fn()\n"
            "        self.aeon_steps = getattr(self, 'aeon_steps', 0) + int(executed)\n"
            "        return outputs and outputs.get(0) or EngineCoreOutputs()\n",
            "        outputs, executed = self.engine_core.step_fn()",
        ),
    ),
]
TWINS += [
    (
        AC,
        "twin: the override makes the new step too",
        K(
            *PS,
            "vllm/aeon/r105ps1.py",
            PSI + "class AeonInprocClient(InprocClient):\n"
            "    def get_output(self) -> EngineCoreOutputs:\n"
            "        outputs, executed = self.engine_core.step_fn()\n"
            "        self.engine_core.post_step(model_executed=executed)\n"
            "        self.aeon_steps = getattr(self, 'aeon_steps', 0) + int(executed)\n"
            "        return outputs and outputs.get(0) or EngineCoreOutputs()\n",
            "        outputs, executed = self.engine_core.step_fn()",
        ),
    ),
    (
        AC,
        "twin: the new step under a hasattr guard",
        K(
            *PS,
            "vllm/aeon/r105ps2.py",
            PSI + "class AeonInprocClient(InprocClient):\n"
            "    def get_output(self) -> EngineCoreOutputs:\n"
            "        outputs, executed = self.engine_core.step_fn()\n"
            "        if hasattr(self.engine_core, 'post_step'):\n"
            "            self.engine_core.post_step(model_executed=executed)\n"
            "        return outputs and outputs.get(0) or EngineCoreOutputs()\n",
            "        outputs, executed = self.engine_core.step_fn()",
        ),
    ),
    (
        AC,
        "twin: the new step made by a helper of the fork's class",
        K(
            *PS,
            "vllm/aeon/r105ps3.py",
            PSI + "class AeonInprocClient(InprocClient):\n"
            "    def _aeon_finish(self, executed: bool) -> None:\n"
            "        self.engine_core.post_step(model_executed=executed)\n"
            "        self.aeon_steps = getattr(self, 'aeon_steps', 0) + int(executed)\n\n"
            "    def get_output(self) -> EngineCoreOutputs:\n"
            "        outputs, executed = self.engine_core.step_fn()\n"
            "        self._aeon_finish(executed)\n"
            "        return outputs and outputs.get(0) or EngineCoreOutputs()\n",
            "        outputs, executed = self.engine_core.step_fn()",
        ),
    ),
    (
        AC,
        "twin: the anchor called in another method of the fork's",
        K(
            *PS,
            "vllm/aeon/r105ps4.py",
            PSI + "class AeonInprocClient(InprocClient):\n"
            "    def aeon_dry_step(self) -> bool:\n"
            "        _, executed = self.engine_core.step_fn()  # AEON: a warm-up step, outputs dropped\n"
            "        return executed\n",
            "        _, executed = self.engine_core.step_fn()  # AEON: a warm-up step, outputs dropped",
        ),
    ),
    (
        AC,
        "twin: an override of another method calling another callee",
        K(
            *PS,
            "vllm/aeon/r105ps5.py",
            PSI + "class AeonInprocClient(InprocClient):\n"
            "    def profile(self, is_start: bool = True) -> None:\n"
            "        self.engine_core.profile(is_start)\n"
            "        self.aeon_profiling = is_start\n",
            "        self.engine_core.profile(is_start)",
        ),
    ),
]

# --- e040899a00 (#45958): OffloadingConnectorScheduler._connector_stats started as a stats object, never None
OC = ("#45958", "e040899a00", "OffloadingConnectorScheduler._connector_stats starts as OffloadingConnectorStats()")
OCI = (
    "from vllm.distributed.kv_transfer.kv_connector.v1.offloading.metrics import OffloadingConnectorStats\n"
    "from vllm.distributed.kv_transfer.kv_connector.v1.offloading.scheduler import OffloadingConnectorScheduler\n\n\n"
)
CS = "#45958 gone None start"
CASES += [
    (
        CS,
        "an is None test of the stats (no transfer since the last report)",
        K(
            *OC,
            "vllm/aeon/r105oc0.py",
            OCI + "class AeonOffloadScheduler(OffloadingConnectorScheduler):\n"
            "    def aeon_idle(self) -> bool:\n"
            "        # AEON: the Spark's offload monitor skips a report when nothing moved\n"
            "        return self._connector_stats is None\n",
            "        return self._connector_stats is None",
        ),
    ),
]
TWINS += [
    (
        CS,
        "twin: a null guard before aggregating the fork's own stats (no else)",
        K(
            *OC,
            "vllm/aeon/r105oc1.py",
            OCI + "class AeonOffloadScheduler(OffloadingConnectorScheduler):\n"
            "    def aeon_merge(self, extra: OffloadingConnectorStats) -> None:\n"
            "        if self._connector_stats is not None:\n"
            "            self._connector_stats.aggregate(extra)\n",
            "        if self._connector_stats is not None:",
        ),
    ),
    (
        CS,
        "twin: the base's own if/else, storing the stats when None",
        K(
            *OC,
            "vllm/aeon/r105oc2.py",
            OCI + "class AeonOffloadScheduler(OffloadingConnectorScheduler):\n"
            "    def aeon_merge(self, extra: OffloadingConnectorStats) -> None:\n"
            "        if self._connector_stats is None:\n"
            "            self._connector_stats = extra\n"
            "        else:\n"
            "            self._connector_stats.aggregate(extra)\n",
            "        if self._connector_stats is None:",
        ),
    ),
    (
        CS,
        "twin: the old test or-ed with the new state's (is_empty)",
        K(
            *OC,
            "vllm/aeon/r105oc3.py",
            OCI + "class AeonOffloadScheduler(OffloadingConnectorScheduler):\n"
            "    def aeon_idle(self) -> bool:\n"
            "        return self._connector_stats is None or self._connector_stats.is_empty()\n",
            "        return self._connector_stats is None or self._connector_stats.is_empty()",
        ),
    ),
    (
        CS,
        "twin: an early return when None, then a read of the stats",
        K(
            *OC,
            "vllm/aeon/r105oc4.py",
            OCI + "class AeonOffloadScheduler(OffloadingConnectorScheduler):\n"
            "    def aeon_log(self) -> None:\n"
            "        if self._connector_stats is None:\n"
            "            return\n"
            "        print(self._connector_stats.reduce())\n",
            "        if self._connector_stats is None:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review105-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
