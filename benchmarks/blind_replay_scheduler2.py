"""A blind replay of the v1 scheduler a fork's speculative-decoding scheduler subclasses, calls and reads.

9 first-parent commits on ``vllm/v1/core/sched/{scheduler,interface,request_queue}.py`` -- the scheduler a fork
that biases speculative-decoding requests subclasses (its hooks, its stats, its KV-connector and encoder paths):
``Scheduler.make_spec_decoding_stats`` made a hook ``update_from_output`` calls (a fork subclass's own namesake,
with another signature or another meaning, now called by the base), ``SpecDecodingStats`` given a required
``num_spec_tokens`` with ``observe`` renamed ``observe_draft`` and ``SpecDecodingMetrics`` renamed
``SpecDecodingLogging``, ``_update_request_with_output`` and ``_free_encoder_inputs``/``_update_after_schedule``
carved out of ``update_from_output``/``schedule`` (a fork's namesakes now called by the base), ``shutdown`` added
to ``SchedulerInterface`` as an abstract method, ``EncoderCacheManager.try_allocate`` renamed ``can_allocate``
with ``_try_schedule_encoder_inputs``'s ``encoder_budget`` renamed ``encoder_compute_budget``,
``Scheduler._free_request`` returning a ``(kv, ec)`` pair instead of the KV params, ``MambaSpec`` no longer
imported by the scheduler module, and ``Scheduler.finished_loading_dict`` (a fork subclass's namesake attribute,
now read and popped by the base) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits every other replay uses (``blind_replay_schedcore``, ``_scheduler``, ``_scheddata``,
``_schedout``, ``_asyncsched``, ``_2024`` cover parts of this surface).  Each is replayed under 1-3 fork
spellings written the way fork code is written (a subclass's namesake method or attribute, an override calling
``super()``, a build, a keyword call, a method call off ``self.``'s attribute, an import, a subscript of a
returned value, a comparison of a returned value with ``None``), with twins (fork code the commit does not
break: the kept name, a positional call, an override that only passes the base's value on).  The merge base is
the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at be1a91ef): 18 caught, 0 warned, 3 missed of 21 (twins: 10
quiet, 0 false errors; two of them warned: #23544's override keeping the old parameter name, whose base's
parameters changed).  Caught blind: the fork's namesakes of the hooks upstream's base now calls
(``make_spec_decoding_stats``, ``_update_request_with_output``, ``_free_encoder_inputs``,
``_update_after_schedule``) with another signature or another return, the required ``num_spec_tokens``, the
removed ``observe``/``take`` and renamed ``SpecDecodingMetrics``, the abstract ``shutdown`` (both builds), the
renamed ``try_allocate`` (call and dead override) and ``encoder_budget`` keyword, ``_free_request``'s pair read
off a typed receiver and merged as a dict, the dropped ``MambaSpec`` import, and the class-level namesake of
``finished_loading_dict``.  The misses: #42433's two (``kv_params = super()._free_request(r)`` then
``if kv_params is not None: kv_params["x"] = ...``, and ``if params is None:``: the None test was taken for the
guard of a value upstream voided, though the value is now a pair that is never None -- TypeError on the
subscript, a branch that never runs) and #21534's subclass attribute set after ``super().__init__()``
(``self.finished_loading_dict: dict[str, float] = {}`` of load times: both sides start on ``{}``, which the
namesake check took for a backport's spelling of upstream's value; the base now reads a time as a token count).
After the killers207 widenings: 21 caught, 0 warned, 0 missed of 21 (twins: 10 quiet, 2 of them warned, 0 false
errors).  Caught now: a value made a tuple, bound whole and tested against None, reported at the binding, each
None test and the first read past them (``drift/returns.py``, ``_guarded_value(widen=True)``, ``_none_tests``);
a fork subclass's own attribute upstream's base now assigns and reads, both starting on the same empty value,
an error when the annotations differ, a warning when nothing tells them apart (``drift/shadows.py``,
``_namesake_sure``).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_eagleprop 19 caught, 2 warned of 21 (12 quiet; as on main), review92_twins 7/7, 0 false of 25,
review81_twins 5 caught, 3 warned of 8, 0 false of 30 (2 warned), review108_twins 8/8, 0 false of 29 (3 warned),
blind_replay_schedcore 24 caught, 6 warned of 30 (13 quiet; as on main), review25_twins 8/8 and 0 false of 26
(3 warned; main has 1 false error there since killers178, the namesake of a property #35153 made an attribute,
now quiet), blind_replay_asyncsched 20 caught, 1 missed of 21 (14 quiet; as on main), widened_return_replay 23/23 uses and
13/13 overrides, 0 false of 21 twins (as documented).

  python benchmarks/blind_replay_scheduler2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

SCHED = "from vllm.v1.core.sched.scheduler import Scheduler\n"

# --- #16023 (a35a8a8392): make_spec_decoding_stats(spec_decoding_stats, num_draft_tokens, num_accepted_tokens)
# added to Scheduler and called from update_from_output
MS = "a35a8a8392"
MSW = "Scheduler.make_spec_decoding_stats made a hook update_from_output calls"
MSI = "from typing import Optional\n\n" + SCHED + "from vllm.v1.spec_decode.metrics import SpecDecodingStats\n\n\n"
CASES += [
    (
        "#16023 new base hook",
        "a subclass's namesake with no parameters",
        K(
            "#16023",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            MSI + "class AeonSpecScheduler(Scheduler):\n"
            "    # AEON: the Spark's MTP scheduler keeps one stats object per step\n"
            "    def make_spec_decoding_stats(self) -> Optional[SpecDecodingStats]:\n"
            "        if not self.log_stats:\n"
            "            return None\n"
            "        return SpecDecodingStats()\n",
            "def make_spec_decoding_stats(self) -> Optional[SpecDecodingStats]:",
        ),
    ),
    (
        "#16023 new base hook",
        "a subclass's namesake of the same arity and another meaning",
        K(
            "#16023",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            SCHED + "\n\n"
            "class AeonAcceptScheduler(Scheduler):\n"
            "    aeon_accept: dict[str, float] = {}\n\n"
            "    # AEON: the Spark biases requests whose drafts are accepted\n"
            "    def make_spec_decoding_stats(self, request_id: str, num_draft: int, num_accepted: int) -> None:\n"
            "        self.aeon_accept[request_id] = num_accepted / max(num_draft, 1)\n",
            "def make_spec_decoding_stats(self, request_id: str, num_draft: int, num_accepted: int) -> None:",
        ),
    ),
    (
        "#16023 new base hook",
        "twin: an override of the kept make_stats and a fork-named helper",
        K(
            "#16023",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            MSI + "class AeonStatsScheduler(Scheduler):\n"
            "    def make_stats(self, spec_decoding_stats: Optional[SpecDecodingStats] = None):\n"
            "        return super().make_stats(spec_decoding_stats)\n\n"
            "    def aeon_make_spec_stats(self) -> SpecDecodingStats:\n"
            "        return SpecDecodingStats()\n",
            "return super().make_stats(spec_decoding_stats)",
        ),
    ),
]

# --- #16665 (340d7b1b21): SpecDecodingStats(num_spec_tokens) required, observe -> observe_draft,
# SpecDecodingMetrics -> SpecDecodingLogging
SD = "340d7b1b21"
SDW = "SpecDecodingStats given a required num_spec_tokens; observe renamed; SpecDecodingMetrics renamed"
CASES += [
    (
        "#16665 required field added",
        "a build in a subclass's override of make_spec_decoding_stats",
        K(
            "#16665",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            MSI + "class AeonSpecStatsScheduler(Scheduler):\n"
            "    # AEON: the Spark logs spec stats even when log_stats is off\n"
            "    def make_spec_decoding_stats(self, spec_decoding_stats, num_draft_tokens, num_accepted_tokens):\n"
            "        if spec_decoding_stats is None:\n"
            "            spec_decoding_stats = SpecDecodingStats()\n"
            "        spec_decoding_stats.num_draft_tokens += num_draft_tokens\n"
            "        spec_decoding_stats.num_accepted_tokens += num_accepted_tokens\n"
            "        return spec_decoding_stats\n",
            "spec_decoding_stats = SpecDecodingStats()",
        ),
    ),
    (
        "#16665 method renamed",
        "a call of the removed observe off a typed receiver",
        K(
            "#16665",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            "from vllm.v1.spec_decode.metrics import SpecDecodingStats\n\n\n"
            "def aeon_observe(stats: SpecDecodingStats, drafted: int, accepted: int) -> None:\n"
            "    # AEON: the Spark's MTP head reports its own accepted counts\n"
            "    stats.observe(num_draft_tokens=drafted, num_accepted_tokens=accepted)\n",
            "stats.observe(num_draft_tokens=drafted, num_accepted_tokens=accepted)",
        ),
    ),
    (
        "#16665 class renamed",
        "an import of the renamed logger class",
        K(
            "#16665",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            "from vllm.v1.spec_decode.metrics import SpecDecodingMetrics\n\n\n"
            "class AeonSpecLogger(SpecDecodingMetrics):\n"
            "    pass\n",
            "from vllm.v1.spec_decode.metrics import SpecDecodingMetrics",
        ),
    ),
    (
        "#16665 method removed",
        "a call of the removed take",
        K(
            "#16665",
            SD,
            SDW,
            "vllm/aeon/sd5.py",
            "from vllm.v1.spec_decode.metrics import SpecDecodingStats\n\n\n"
            "def aeon_flush(stats: SpecDecodingStats) -> SpecDecodingStats:\n"
            "    # AEON: the Spark's dashboard drains the step's counters\n"
            "    return stats.take()\n",
            "return stats.take()",
        ),
    ),
    (
        "#16665 required field added",
        "twin: reads of the kept counters",
        K(
            "#16665",
            SD,
            SDW,
            "vllm/aeon/sd4.py",
            "from vllm.v1.spec_decode.metrics import SpecDecodingStats\n\n\n"
            "def aeon_acceptance(stats: SpecDecodingStats) -> float:\n"
            "    return stats.num_accepted_tokens / max(stats.num_draft_tokens, 1)\n",
            "return stats.num_accepted_tokens / max(stats.num_draft_tokens, 1)",
        ),
    ),
]

# --- #19970 (d4d309409f): _update_request_with_output(request, new_token_ids) -> (new_token_ids, stopped)
# carved out of update_from_output
UR = "d4d309409f"
URW = "Scheduler._update_request_with_output made a hook update_from_output unpacks"
CASES += [
    (
        "#19970 new base hook",
        "a subclass's namesake returning nothing",
        K(
            "#19970",
            UR,
            URW,
            "vllm/aeon/ur1.py",
            SCHED + "from vllm.v1.request import Request\n\n\n"
            "class AeonTraceScheduler(Scheduler):\n"
            "    # AEON: the Spark traces each request's accepted tokens\n"
            "    def _update_request_with_output(self, request: Request, new_token_ids: list[int]) -> None:\n"
            "        request.aeon_trace = list(new_token_ids)\n",
            "def _update_request_with_output(self, request: Request, new_token_ids: list[int]) -> None:",
        ),
    ),
    (
        "#19970 new base hook",
        "twin: an override of the kept update_from_output",
        K(
            "#19970",
            UR,
            URW,
            "vllm/aeon/ur2.py",
            SCHED + "\n\n"
            "class AeonOutScheduler(Scheduler):\n"
            "    def update_from_output(self, scheduler_output, model_runner_output):\n"
            "        outputs = super().update_from_output(scheduler_output, model_runner_output)\n"
            "        return outputs\n",
            "outputs = super().update_from_output(scheduler_output, model_runner_output)",
        ),
    ),
]

# --- #20299 (0e96cc9b7e): _update_after_schedule(scheduler_output) and _free_encoder_inputs(request) carved out
FE = "0e96cc9b7e"
FEW = "Scheduler._update_after_schedule/_free_encoder_inputs made hooks the base calls"
CASES += [
    (
        "#20299 new base hook",
        "a subclass's namesake with an extra parameter",
        K(
            "#20299",
            FE,
            FEW,
            "vllm/aeon/fe1.py",
            SCHED + "from vllm.v1.request import Request\n\n\n"
            "class AeonVisionScheduler(Scheduler):\n"
            "    # AEON: the Spark frees one image's encoder output as soon as it is consumed\n"
            "    def _free_encoder_inputs(self, request: Request, input_id: int) -> None:\n"
            "        self.encoder_cache_manager.free_encoder_input(request, input_id)\n",
            "def _free_encoder_inputs(self, request: Request, input_id: int) -> None:",
        ),
    ),
    (
        "#20299 new base hook",
        "a subclass's namesake without the new parameter",
        K(
            "#20299",
            FE,
            FEW,
            "vllm/aeon/fe2.py",
            SCHED + "\n\n"
            "class AeonBiasScheduler(Scheduler):\n"
            "    def schedule(self):\n"
            "        out = super().schedule()\n"
            "        self._update_after_schedule()\n"
            "        return out\n\n"
            "    # AEON: the Spark re-ranks the running queue after each step\n"
            "    def _update_after_schedule(self) -> None:\n"
            "        self.running.sort(key=lambda r: len(r.spec_token_ids))\n",
            "def _update_after_schedule(self) -> None:",
        ),
    ),
    (
        "#20299 new base hook",
        "twin: a fork-named post-schedule helper",
        K(
            "#20299",
            FE,
            FEW,
            "vllm/aeon/fe3.py",
            SCHED + "\n\n"
            "class AeonRankScheduler(Scheduler):\n"
            "    def schedule(self):\n"
            "        out = super().schedule()\n"
            "        self.aeon_after_schedule()\n"
            "        return out\n\n"
            "    def aeon_after_schedule(self) -> None:\n"
            "        self.running.sort(key=lambda r: len(r.spec_token_ids))\n",
            "self.aeon_after_schedule()",
        ),
    ),
]

# --- #16750 (0be6d05b5e): SchedulerInterface.shutdown added as an abstract method
SH = "0be6d05b5e"
SHW = "SchedulerInterface.shutdown made abstract"
IFACE = (
    "from vllm.v1.core.sched.interface import SchedulerInterface\n\n\n"
    "class AeonReplayScheduler(SchedulerInterface):\n"
    "    # AEON: the Spark's bring-up replays a recorded schedule without a model\n"
    "    def __init__(self) -> None:\n"
    "        self.steps: list = []\n\n"
    "    def schedule(self):\n"
    "        return self.steps.pop(0)\n\n"
    "    def update_from_output(self, scheduler_output, model_runner_output):\n"
    "        return {}\n\n"
    "    def add_request(self, request) -> None:\n"
    "        pass\n\n"
    "    def finish_requests(self, request_ids, finished_status) -> None:\n"
    "        pass\n\n"
    "    def get_num_unfinished_requests(self) -> int:\n"
    "        return len(self.steps)\n\n"
    "    def has_finished_requests(self) -> bool:\n"
    "        return False\n\n"
    "    def reset_prefix_cache(self) -> bool:\n"
    "        return True\n\n"
    "    def make_stats(self):\n"
    "        return None\n"
)
CASES += [
    (
        "#16750 abstract method added",
        "a build of the fork's own implementation",
        K(
            "#16750",
            SH,
            SHW,
            "vllm/aeon/sh1.py",
            IFACE + "\n\ndef aeon_replay_scheduler() -> AeonReplayScheduler:\n    return AeonReplayScheduler()\n",
            "return AeonReplayScheduler()",
        ),
    ),
    (
        "#16750 abstract method added",
        "a module-level build of the implementation's subclass",
        K(
            "#16750",
            SH,
            SHW,
            "vllm/aeon/sh2.py",
            IFACE.replace("AeonReplayScheduler", "AeonNullScheduler") + "\n\n"
            "class AeonQuietScheduler(AeonNullScheduler):\n"
            "    pass\n\n\n"
            "AEON_IDLE = AeonQuietScheduler()\n",
            "AEON_IDLE = AeonQuietScheduler()",
        ),
    ),
    (
        "#16750 abstract method added",
        "twin: an implementation that already has shutdown, and a Scheduler subclass",
        K(
            "#16750",
            SH,
            SHW,
            "vllm/aeon/sh3.py",
            IFACE.replace("AeonReplayScheduler", "AeonClosingScheduler") + "\n"
            "    def shutdown(self) -> None:\n"
            "        self.steps.clear()\n\n\n"
            "def aeon_closing_scheduler() -> AeonClosingScheduler:\n"
            "    return AeonClosingScheduler()\n",
            "return AeonClosingScheduler()",
        ),
    ),
]

# --- #23544 (b5d34af328): EncoderCacheManager.try_allocate -> can_allocate(..., num_tokens_to_schedule);
# _try_schedule_encoder_inputs(encoder_budget -> encoder_compute_budget)
EA = "b5d34af328"
EAW = "try_allocate renamed can_allocate; _try_schedule_encoder_inputs' encoder_budget renamed"
CASES += [
    (
        "#23544 method renamed",
        "a call off self.'s encoder cache manager",
        K(
            "#23544",
            EA,
            EAW,
            "vllm/aeon/ea1.py",
            SCHED + "from vllm.v1.request import Request\n\n\n"
            "class AeonPrefetchScheduler(Scheduler):\n"
            "    # AEON: the Spark reserves encoder cache for the first image before the prompt is chunked\n"
            "    def aeon_reserve_first_image(self, request: Request, budget: int) -> bool:\n"
            "        return self.encoder_cache_manager.try_allocate(request, 0, budget)\n",
            "return self.encoder_cache_manager.try_allocate(request, 0, budget)",
        ),
    ),
    (
        "#23544 parameter renamed",
        "a keyword call of the renamed parameter",
        K(
            "#23544",
            EA,
            EAW,
            "vllm/aeon/ea2.py",
            SCHED + "from vllm.v1.request import Request\n\n\n"
            "class AeonEncoderScheduler(Scheduler):\n"
            "    def aeon_encoder_plan(self, request: Request, num_new_tokens: int, budget: int):\n"
            "        return self._try_schedule_encoder_inputs(\n"
            "            request, request.num_computed_tokens, num_new_tokens, encoder_budget=budget\n"
            "        )\n",
            "request, request.num_computed_tokens, num_new_tokens, encoder_budget=budget",
        ),
    ),
    (
        "#23544 method renamed",
        "an override of the renamed method in a manager subclass",
        K(
            "#23544",
            EA,
            EAW,
            "vllm/aeon/ea5.py",
            "from vllm.v1.core.encoder_cache_manager import EncoderCacheManager\n"
            "from vllm.v1.request import Request\n\n\n"
            "class AeonEncoderCache(EncoderCacheManager):\n"
            "    # AEON: the Spark's unified memory lets one oversized image through\n"
            "    def try_allocate(self, request: Request, input_id: int, encoder_budget: int) -> bool:\n"
            "        return super().try_allocate(request, input_id, encoder_budget + 4096)\n",
            "def try_allocate(self, request: Request, input_id: int, encoder_budget: int) -> bool:",
        ),
    ),
    (
        "#23544 parameter renamed",
        "twin: a positional call and the kept allocate",
        K(
            "#23544",
            EA,
            EAW,
            "vllm/aeon/ea3.py",
            SCHED + "from vllm.v1.request import Request\n\n\n"
            "class AeonEncoderScheduler2(Scheduler):\n"
            "    def aeon_encoder_plan2(self, request: Request, num_new_tokens: int, budget: int):\n"
            "        plan = self._try_schedule_encoder_inputs(request, request.num_computed_tokens, num_new_tokens, budget)\n"
            "        for i in plan[0]:\n"
            "            self.encoder_cache_manager.allocate(request, i)\n"
            "        return plan\n",
            "plan = self._try_schedule_encoder_inputs(request, request.num_computed_tokens, num_new_tokens, budget)",
        ),
    ),
    (
        "#23544 parameter renamed",
        "twin: an override keeping the old parameter name, called positionally by the base",
        K(
            "#23544",
            EA,
            EAW,
            "vllm/aeon/ea4.py",
            SCHED + "\n\n"
            "class AeonEncoderScheduler3(Scheduler):\n"
            "    def _try_schedule_encoder_inputs(self, request, num_computed_tokens, num_new_tokens, encoder_budget):\n"
            "        return super()._try_schedule_encoder_inputs(request, num_computed_tokens, num_new_tokens, encoder_budget)\n",
            "return super()._try_schedule_encoder_inputs(request, num_computed_tokens, num_new_tokens, encoder_budget)",
        ),
    ),
]

# --- #42433 (8df14cfc8c): Scheduler._free_request returns (kv_xfer_params, ec_xfer_params), not the KV params
FR = "8df14cfc8c"
FRW = "Scheduler._free_request returns a (kv, ec) pair"
FRI = "from typing import Any\n\n" + SCHED + "from vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#42433 return shape changed",
        "a subscript of super()'s value in an override",
        K(
            "#42433",
            FR,
            FRW,
            "vllm/aeon/fr1.py",
            FRI + "class AeonXferScheduler(Scheduler):\n"
            "    # AEON: the Spark's decode node reads the draft length from the transfer params\n"
            "    def _free_request(self, request: Request, delay_free_blocks: bool = False) -> dict[str, Any] | None:\n"
            "        kv_params = super()._free_request(request, delay_free_blocks)\n"
            "        if kv_params is not None:\n"
            '            kv_params["aeon_num_spec"] = len(request.spec_token_ids)\n'
            "        return kv_params\n",
            'kv_params["aeon_num_spec"] = len(request.spec_token_ids)',
        ),
    ),
    (
        "#42433 return shape changed",
        "a .get off the value of a call on a typed receiver",
        K(
            "#42433",
            FR,
            FRW,
            "vllm/aeon/fr2.py",
            FRI + "def aeon_release(sched: Scheduler, request: Request) -> str | None:\n"
            "    params = sched._free_request(request)\n"
            '    return params.get("remote_engine_id") if params else None\n',
            'return params.get("remote_engine_id") if params else None',
        ),
    ),
    (
        "#42433 return shape changed",
        "a comparison of super()'s value with None",
        K(
            "#42433",
            FR,
            FRW,
            "vllm/aeon/fr3.py",
            FRI + "class AeonLocalScheduler(Scheduler):\n"
            "    aeon_local_frees = 0\n\n"
            "    def _free_request(self, request: Request, delay_free_blocks: bool = False):\n"
            "        params = super()._free_request(request, delay_free_blocks)\n"
            "        if params is None:\n"
            "            self.aeon_local_frees += 1\n"
            "        return params\n",
            "if params is None:",
        ),
    ),
    (
        "#42433 return shape changed",
        "a dict merge of the value",
        K(
            "#42433",
            FR,
            FRW,
            "vllm/aeon/fr5.py",
            FRI + "class AeonTagScheduler(Scheduler):\n"
            "    def _free_request(self, request: Request, delay_free_blocks: bool = False) -> dict[str, Any]:\n"
            '        return {**(super()._free_request(request, delay_free_blocks) or {}), "aeon_node": "spark0"}\n',
            'return {**(super()._free_request(request, delay_free_blocks) or {}), "aeon_node": "spark0"}',
        ),
    ),
    (
        "#42433 return shape changed",
        "twin: an override passing the base's value on, and a bare call",
        K(
            "#42433",
            FR,
            FRW,
            "vllm/aeon/fr4.py",
            FRI + "class AeonBiasFreeScheduler(Scheduler):\n"
            "    aeon_bias: dict[str, float] = {}\n\n"
            "    def _free_request(self, request: Request, delay_free_blocks: bool = False):\n"
            "        self.aeon_bias.pop(request.request_id, None)\n"
            "        return super()._free_request(request, delay_free_blocks)\n\n"
            "    def aeon_drop(self, request: Request) -> None:\n"
            "        self._free_request(request)\n",
            "return super()._free_request(request, delay_free_blocks)",
        ),
    ),
]

# --- #35219 (4ff8c3c8f9): the scheduler module no longer imports MambaSpec (has_mamba_layers read off the config)
MB = "4ff8c3c8f9"
MBW = "MambaSpec no longer imported by vllm.v1.core.sched.scheduler"
CASES += [
    (
        "#35219 re-export removed",
        "an import of a name the module only imported",
        K(
            "#35219",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            "from vllm.v1.core.sched.scheduler import MambaSpec, Scheduler\n\n\n"
            "class AeonHybridScheduler(Scheduler):\n"
            "    # AEON: the Spark's Nemotron-H serving counts its Mamba groups\n"
            "    def aeon_num_mamba_groups(self) -> int:\n"
            "        return sum(isinstance(g.kv_cache_spec, MambaSpec) for g in self.kv_cache_config.kv_cache_groups)\n",
            "from vllm.v1.core.sched.scheduler import MambaSpec, Scheduler",
        ),
    ),
    (
        "#35219 re-export removed",
        "twin: the spec's home module and the kept attribute",
        K(
            "#35219",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            SCHED + "from vllm.v1.kv_cache_interface import MambaSpec\n\n\n"
            "class AeonHybridScheduler2(Scheduler):\n"
            "    def aeon_num_mamba_groups2(self) -> int:\n"
            "        if not self.has_mamba_layers:\n"
            "            return 0\n"
            "        return sum(isinstance(g.kv_cache_spec, MambaSpec) for g in self.kv_cache_config.kv_cache_groups)\n",
            "if not self.has_mamba_layers:",
        ),
    ),
]

# --- #21534 (15a72ac478): Scheduler.finished_loading_dict (request id -> loaded token count) added, read and
# popped by _update_waiting_for_remote_kv
FL = "15a72ac478"
FLW = "Scheduler.finished_loading_dict added and read by the base"
CASES += [
    (
        "#21534 new base attribute",
        "a subclass's namesake attribute of another meaning",
        K(
            "#21534",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            "import time\n\n" + SCHED + "\n\n"
            "class AeonLoadTimingScheduler(Scheduler):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: the Spark's NVMe KV loader times each remote load\n"
            "        self.finished_loading_dict: dict[str, float] = {}\n\n"
            "    def aeon_mark_loaded(self, request_id: str) -> None:\n"
            "        self.finished_loading_dict[request_id] = time.monotonic()\n",
            "self.finished_loading_dict: dict[str, float] = {}",
        ),
    ),
    (
        "#21534 new base attribute",
        "a subclass's class-level namesake written through self",
        K(
            "#21534",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            "import time\n\n" + SCHED + "\n\n"
            "class AeonLoadTimingScheduler3(Scheduler):\n"
            "    finished_loading_dict: dict[str, float] = {}\n\n"
            "    def aeon_mark_loaded3(self, request_id: str) -> None:\n"
            "        self.finished_loading_dict[request_id] = time.monotonic()\n",
            "finished_loading_dict: dict[str, float] = {}",
        ),
    ),
    (
        "#21534 new base attribute",
        "twin: a fork-named attribute",
        K(
            "#21534",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            "import time\n\n" + SCHED + "\n\n"
            "class AeonLoadTimingScheduler2(Scheduler):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_loaded_at: dict[str, float] = {}\n\n"
            "    def aeon_mark_loaded2(self, request_id: str) -> None:\n"
            "        self.aeon_loaded_at[request_id] = time.monotonic()\n",
            "self.aeon_loaded_at: dict[str, float] = {}",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-scheduler2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
