"""A blind replay of the v1 scheduler core a fork's scheduler subclasses and wrappers carry code against.

11 first-parent commits on ``vllm/v1/core/sched/{scheduler,interface,request_queue,utils}.py`` -- the
``Scheduler`` a fork subclasses for speculative-decoding token accounting and memory limits, the
``SchedulerInterface`` a fork's wrapper implements: ``Scheduler.__init__``'s ``speculative_config`` parameter
and attribute removed (#15818), ``make_stats`` now called with ``spec_decoding_stats`` (#15151),
``SchedulerInterface`` given an abstract ``update_draft_token_ids_in_output`` and ``make_spec_decoding_stats``
two required parameters (#29821), ``_num_encoder_max_input_tokens`` removed (#31058),
``_update_connector_prefix_cache_stats`` losing its ``num_external_tokens`` (#28585) and then removed with
``_make_connector_prefix_cache_stats`` (#30522), ``_free_request`` now called with ``delay_free_blocks=``
(#32255), the invalid-block handlers given a required ``num_scheduled_tokens`` (#38096),
``_update_waiting_for_remote_kv`` turned from a readiness test into a ``None``-returning update (#35781) and
``Scheduler.__init__`` given a required ``block_size`` before ``mm_registry`` (#26296); in a second batch,
#35781's ``self.waiting`` split with a new ``self.skipped_waiting`` and ``num_waiting_reqs`` narrowed (#38435) --
picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits every other replay uses
(``blind_replay_scheduler``, ``_asyncsched``, ``_scheddata``, ``_schedout``, ``_2024`` cover parts of this
surface).  Each is replayed under 1-3 fork spellings written the way fork code is written (a keyword build, a
positional build, a subclass's ``self.`` read, a ``getattr`` with a literal, an override with the old
parameters, an override on a subclass of a subclass, a monkeypatched method, an override upstream no longer
calls, a call with the old arguments, a positional flag now landing on an inserted parameter, a test of a
result upstream no longer returns, a wrapper implementing the interface, a subclass's explicit
``__init__``), with twins (fork code the commit does not break: the kept attributes, an override or
``__init__`` that hands every argument on, a guarded statement call, a subclass of the concrete class).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on
its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 6b4f6ff3): 24 caught, 0 warned, 0 missed of 24 (twins: 11
quiet, 0 false errors).  Symbol drift caught every one, each for the right reason: the removed parameter and
attribute (a keyword build, a positional build now one slot off, a ``self.`` read, a ``getattr`` literal), the
overrides whose base's parameters changed (``make_stats``, ``make_spec_decoding_stats``, the connector-stats hook,
``_free_request`` through ``AsyncScheduler``, ``_handle_invalid_blocks``, a monkeypatched function), the
override of a removed hook, the calls with old arguments or a flag now landing on ``num_scheduled_tokens``, the
wrapper lacking the new abstract method, the builds without ``block_size``; return drift caught both uses of
``_update_waiting_for_remote_kv``'s dropped result.  So a second blind batch was written after that run and
before the engine ran on it, of silent value changes no name or signature shows: #35781 moved the requests held
back on remote KV or a grammar out of ``self.waiting`` into a new ``self.skipped_waiting`` (a subclass's
``len(self.waiting)`` gate, a typed receiver's depth, a walk of ``self.waiting`` for the requests blocked on
remote KV), and #38435 narrowed ``SchedulerStats.num_waiting_reqs`` to the ready part, the rest now in a new
``num_skipped_waiting_reqs`` (a read off an annotated record, a subclass's read of its own ``make_stats()``).
Blind on that batch (same main): 0 caught, 0 warned, 5 missed of 5 (twins: 2 quiet, 0 false errors).
After the killers188 widenings: 24 caught, 6 warned, 0 missed of 30 (twins: 13 quiet, 0 false errors; one
spelling, a truth test of ``self.waiting``, added after the widening).  Warned now (``drift/split_counts.py``,
new): a fork's ``len``, walk or truth test of a container part of whose members upstream moved into a new
sibling (upstream's own counts now sum ``len(self.a) + len(self.b)``, its loop asks ``self.a or self.b``), and a
read of a count field whose keyword's sum upstream split into a new keyword, off a receiver typed as the record
or bound to a call of the method building it.  Warnings, not errors: the fork may mean the part that stays.
Regression set at the widenings' head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_scheduler 13 caught, 1 warned of 14 (8 quiet), blind_replay_asyncsched 20 caught, 1 missed of 21
(14 quiet), blind_replay_schedout 18/18 (10 quiet), blind_replay_scheddata 18/18 (11 quiet), blind_replay_cfgparts
19 caught, 2 warned of 21 (12 quiet), review85_twins 10 caught, 1 warned of 11 (0 false of 42, 7 warned): all as
before, no new warning from the new check (rerun at the head, after the truth tests were added).

  python benchmarks/blind_replay_schedcore.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

SCH = "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"

# --- #15818 (f98a4920f9): Scheduler.__init__'s speculative_config parameter and attribute removed
SP = "f98a4920f9"
SPW = "Scheduler's speculative_config parameter and self.speculative_config removed"
CASES += [
    (
        "#15818 parameter removed",
        "a keyword build passing the removed parameter",
        K(
            "#15818",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            SCH + "def aeon_build_scheduler(cfg, som, log_stats: bool) -> Scheduler:\n"
            "    # AEON: the Spark's engine hands the MTP drafter's config to the scheduler\n"
            "    spec = cfg.speculative_config\n"
            "    return Scheduler(scheduler_config=cfg.scheduler_config, model_config=cfg.model_config, "
            "cache_config=cfg.cache_config, lora_config=cfg.lora_config, speculative_config=spec, "
            "structured_output_manager=som, log_stats=log_stats)\n",
            "    return Scheduler(scheduler_config=cfg.scheduler_config, model_config=cfg.model_config, "
            "cache_config=cfg.cache_config, lora_config=cfg.lora_config, speculative_config=spec, "
            "structured_output_manager=som, log_stats=log_stats)",
        ),
    ),
    (
        "#15818 attribute removed",
        "a subclass's self. read of the removed attribute",
        K(
            "#15818",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            SCH + "class AeonSpecScheduler(Scheduler):\n"
            "    def aeon_num_drafts(self) -> int:\n"
            "        # AEON: the Spark's MTP drafter proposes a fixed number of tokens per step\n"
            "        if self.speculative_config is None:\n"
            "            return 0\n"
            "        return self.speculative_config.num_speculative_tokens\n",
            "if self.speculative_config is None:",
        ),
    ),
    (
        "#15818 parameter removed",
        "a positional build (the manager now lands on mm_registry)",
        K(
            "#15818",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            SCH + "def aeon_positional_scheduler(cfg, som) -> Scheduler:\n"
            "    # AEON: the Spark's bring-up script builds the scheduler by hand\n"
            "    return Scheduler(cfg.scheduler_config, cfg.model_config, cfg.cache_config, cfg.lora_config, "
            "cfg.speculative_config, som)\n",
            "return Scheduler(cfg.scheduler_config, cfg.model_config, cfg.cache_config, cfg.lora_config, "
            "cfg.speculative_config, som)",
        ),
    ),
    (
        "#15818 attribute removed",
        "twin: the kept config attributes",
        K(
            "#15818",
            SP,
            SPW,
            "vllm/aeon/sp4.py",
            SCH + "class AeonLoraScheduler(Scheduler):\n"
            "    def aeon_lora_slots(self) -> int:\n"
            "        # AEON: GB10's unified memory caps the adapters the Spark keeps resident\n"
            "        if self.lora_config is None:\n"
            "            return 0\n"
            "        return min(self.lora_config.max_loras, self.scheduler_config.max_num_seqs)\n",
            "if self.lora_config is None:",
        ),
    ),
]

# --- #15151 (a79cc68b3a): Scheduler.make_stats given a spec_decoding_stats parameter, called with it
MS = "a79cc68b3a"
MSW = "make_stats(spec_decoding_stats) now called with an argument"
CASES += [
    (
        "#15151 override now called with an argument",
        "a subclass override of make_stats without the new parameter",
        K(
            "#15151",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            SCH + "class AeonStatsScheduler(Scheduler):\n"
            "    def make_stats(self):\n"
            "        # AEON: the Spark's dashboard logs the unified-memory headroom with each step's stats\n"
            "        stats = super().make_stats()\n"
            "        if stats is not None:\n"
            "            self.aeon_last_usage = stats.gpu_cache_usage\n"
            "        return stats\n",
            "def make_stats(self):",
        ),
    ),
    (
        "#15151 override now called with an argument",
        "a monkeypatched make_stats without the new parameter",
        K(
            "#15151",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            "from vllm.v1.core.sched import scheduler as sched_mod\n\n"
            "_aeon_orig_make_stats = sched_mod.Scheduler.make_stats\n\n\n"
            "def _aeon_make_stats(self):\n"
            "    # AEON: GB10 telemetry wraps the scheduler's stats in place\n"
            "    return _aeon_orig_make_stats(self)\n\n\n"
            "sched_mod.Scheduler.make_stats = _aeon_make_stats\n",
            "def _aeon_make_stats(self):",
        ),
    ),
    (
        "#15151 override now called with an argument",
        "twin: an override that hands every argument on",
        K(
            "#15151",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            SCH + "class AeonPassStatsScheduler(Scheduler):\n"
            "    def make_stats(self, *args, **kwargs):\n"
            "        # AEON: the Spark counts the steps it reports\n"
            "        self.aeon_reports = getattr(self, 'aeon_reports', 0) + 1\n"
            "        return super().make_stats(*args, **kwargs)\n",
            "def make_stats(self, *args, **kwargs):",
        ),
    ),
]

# --- #29821 (f7008ce1c4): SchedulerInterface given an abstract update_draft_token_ids_in_output;
# make_spec_decoding_stats given required num_invalid_spec_tokens and request_id
DO = "f7008ce1c4"
DOW = "abstract update_draft_token_ids_in_output added; make_spec_decoding_stats given two required parameters"
CASES += [
    (
        "#29821 abstract method added",
        "a fork gate implementing the interface around an inner scheduler",
        K(
            "#29821",
            DO,
            DOW,
            "vllm/aeon/do1.py",
            "from vllm.v1.core.sched.interface import SchedulerInterface\n"
            "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
            "class AeonMemoryGate(SchedulerInterface):\n"
            '    """AEON: holds new requests back while GB10\'s unified memory is under pressure."""\n\n'
            "    def __init__(self, inner: Scheduler) -> None:\n"
            "        self.inner = inner\n\n"
            "    def schedule(self):\n"
            "        return self.inner.schedule()\n\n"
            "    def get_grammar_bitmask(self, scheduler_output):\n"
            "        return self.inner.get_grammar_bitmask(scheduler_output)\n\n"
            "    def update_from_output(self, scheduler_output, model_runner_output):\n"
            "        return self.inner.update_from_output(scheduler_output, model_runner_output)\n\n"
            "    def update_draft_token_ids(self, draft_token_ids):\n"
            "        self.inner.update_draft_token_ids(draft_token_ids)\n\n"
            "    def add_request(self, request):\n"
            "        self.inner.add_request(request)\n\n"
            "    def finish_requests(self, request_ids, finished_status):\n"
            "        return self.inner.finish_requests(request_ids, finished_status)\n\n"
            "    def get_num_unfinished_requests(self):\n"
            "        return self.inner.get_num_unfinished_requests()\n\n"
            "    def has_finished_requests(self):\n"
            "        return self.inner.has_finished_requests()\n\n"
            "    def reset_prefix_cache(self, reset_running_requests=False, reset_connector=False):\n"
            "        return self.inner.reset_prefix_cache(reset_running_requests, reset_connector)\n\n"
            "    def get_request_counts(self):\n"
            "        return self.inner.get_request_counts()\n\n"
            "    def make_stats(self):\n"
            "        return self.inner.make_stats()\n\n"
            "    def shutdown(self):\n"
            "        self.inner.shutdown()\n\n\n"
            "def aeon_gate(inner: Scheduler) -> AeonMemoryGate:\n"
            "    return AeonMemoryGate(inner)\n",
            "class AeonMemoryGate(SchedulerInterface):",
        ),
    ),
    (
        "#29821 required parameters added",
        "a keyword call of make_spec_decoding_stats without the new parameters",
        K(
            "#29821",
            DO,
            DOW,
            "vllm/aeon/do2.py",
            SCH + "class AeonMtpScheduler(Scheduler):\n"
            "    def aeon_observe_mtp(self, stats, num_drafts: int, num_accepted: int):\n"
            "        # AEON: the Spark's MTP head reports its own acceptance outside update_from_output\n"
            "        return self.make_spec_decoding_stats(stats, num_draft_tokens=num_drafts, "
            "num_accepted_tokens=num_accepted)\n",
            "return self.make_spec_decoding_stats(stats, num_draft_tokens=num_drafts, "
            "num_accepted_tokens=num_accepted)",
        ),
    ),
    (
        "#29821 required parameters added",
        "an override of make_spec_decoding_stats with the old parameters",
        K(
            "#29821",
            DO,
            DOW,
            "vllm/aeon/do3.py",
            SCH + "class AeonAcceptScheduler(Scheduler):\n"
            "    def make_spec_decoding_stats(self, spec_decoding_stats, num_draft_tokens, num_accepted_tokens):\n"
            "        # AEON: the Spark's NVFP4 drafter counts its accepted tokens for the dashboard\n"
            "        self.aeon_accepted = getattr(self, 'aeon_accepted', 0) + num_accepted_tokens\n"
            "        return super().make_spec_decoding_stats(spec_decoding_stats, num_draft_tokens, "
            "num_accepted_tokens)\n",
            "def make_spec_decoding_stats(self, spec_decoding_stats, num_draft_tokens, num_accepted_tokens):",
        ),
    ),
    (
        "#29821 abstract method added",
        "twin: a subclass of the concrete Scheduler overriding update_draft_token_ids",
        K(
            "#29821",
            DO,
            DOW,
            "vllm/aeon/do4.py",
            SCH + "class AeonDraftScheduler(Scheduler):\n"
            "    def update_draft_token_ids(self, draft_token_ids):\n"
            "        # AEON: the Spark drops drafts past its GB10 context cap\n"
            "        super().update_draft_token_ids(draft_token_ids)\n\n\n"
            "def aeon_draft_scheduler(vllm_config, kv_cache_config, som, block_size):\n"
            "    return AeonDraftScheduler(vllm_config, kv_cache_config, som, block_size)\n",
            "return AeonDraftScheduler(vllm_config, kv_cache_config, som, block_size)",
        ),
    ),
]

# --- #31058 (cd81cdb399): Scheduler._num_encoder_max_input_tokens removed
NE = "cd81cdb399"
NEW = "Scheduler._num_encoder_max_input_tokens removed"
CASES += [
    (
        "#31058 attribute removed",
        "a subclass's self. read",
        K(
            "#31058",
            NE,
            NEW,
            "vllm/aeon/ne1.py",
            SCH + "class AeonWhisperScheduler(Scheduler):\n"
            "    def aeon_cross_attn_tokens(self) -> int:\n"
            "        # AEON: the Spark sizes Whisper's cross-attention blocks against GB10's memory\n"
            "        return self._num_encoder_max_input_tokens if self.is_encoder_decoder else 0\n",
            "return self._num_encoder_max_input_tokens if self.is_encoder_decoder else 0",
        ),
    ),
    (
        "#31058 attribute removed",
        "a getattr with a literal off a receiver typed as the class",
        K(
            "#31058",
            NE,
            NEW,
            "vllm/aeon/ne2.py",
            SCH + "def aeon_encoder_budget(sched: Scheduler) -> int:\n"
            "    # AEON: the Spark's admission check reads the encoder cap\n"
            '    return int(getattr(sched, "_num_encoder_max_input_tokens"))\n',
            'return int(getattr(sched, "_num_encoder_max_input_tokens"))',
        ),
    ),
    (
        "#31058 attribute removed",
        "twin: the kept encoder attributes",
        K(
            "#31058",
            NE,
            NEW,
            "vllm/aeon/ne3.py",
            SCH + "class AeonEncScheduler(Scheduler):\n"
            "    def aeon_has_encoder_cache(self) -> bool:\n"
            "        return self.is_encoder_decoder and self.encoder_cache_manager is not None\n",
            "return self.is_encoder_decoder and self.encoder_cache_manager is not None",
        ),
    ),
]

# --- #28585 (c6fa3895e9): _update_connector_prefix_cache_stats(request, num_external_tokens) -> (request)
CP = "c6fa3895e9"
CPW = "_update_connector_prefix_cache_stats lost its num_external_tokens parameter"
CASES += [
    (
        "#28585 parameter removed",
        "an override with the old two parameters",
        K(
            "#28585",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            SCH + "class AeonConnectorStatsScheduler(Scheduler):\n"
            "    def _update_connector_prefix_cache_stats(self, request, num_external_tokens):\n"
            "        # AEON: the Spark's P/D link counts the tokens it pulled over NVLink-C2C\n"
            "        self.aeon_pulled = getattr(self, 'aeon_pulled', 0) + num_external_tokens\n"
            "        super()._update_connector_prefix_cache_stats(request, num_external_tokens)\n",
            "def _update_connector_prefix_cache_stats(self, request, num_external_tokens):",
        ),
    ),
    (
        "#28585 parameter removed",
        "a call with the removed argument",
        K(
            "#28585",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            SCH + "class AeonReplayStatsScheduler(Scheduler):\n"
            "    def aeon_record_remote_hit(self, request, ext_tokens: int) -> None:\n"
            "        # AEON: the Spark's offload tier reports its hits through the connector stats\n"
            "        self._update_connector_prefix_cache_stats(request, ext_tokens)\n",
            "self._update_connector_prefix_cache_stats(request, ext_tokens)",
        ),
    ),
    (
        "#28585 parameter removed",
        "twin: the kept stats attribute",
        K(
            "#28585",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            SCH + "class AeonStatsReader(Scheduler):\n"
            "    def aeon_connector_stats_on(self) -> bool:\n"
            "        return self.connector_prefix_cache_stats is not None\n",
            "return self.connector_prefix_cache_stats is not None",
        ),
    ),
]

# --- #30522 (2abd97592f): _update_connector_prefix_cache_stats and _make_connector_prefix_cache_stats removed
CR = "2abd97592f"
CRW = "the connector prefix-cache stats helpers removed (inlined)"
CASES += [
    (
        "#30522 override no longer called",
        "an override of the removed update hook",
        K(
            "#30522",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            SCH + "class AeonHitScheduler(Scheduler):\n"
            "    def _update_connector_prefix_cache_stats(self, request) -> None:\n"
            "        # AEON: the Spark's dashboard counts connector hits per request\n"
            "        self.aeon_hits = getattr(self, 'aeon_hits', 0) + request.num_external_computed_tokens\n",
            "def _update_connector_prefix_cache_stats(self, request) -> None:",
        ),
    ),
    (
        "#30522 method removed",
        "a self. call of the removed make helper",
        K(
            "#30522",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            SCH + "class AeonDrainScheduler(Scheduler):\n"
            "    def aeon_drain_connector_stats(self):\n"
            "        # AEON: the Spark's exporter drains the connector stats on its own clock\n"
            "        return self._make_connector_prefix_cache_stats()\n",
            "return self._make_connector_prefix_cache_stats()",
        ),
    ),
    (
        "#30522 method removed",
        "twin: the kept stats attribute and make_stats",
        K(
            "#30522",
            CR,
            CRW,
            "vllm/aeon/cr3.py",
            SCH + "class AeonKeptStats(Scheduler):\n"
            "    def aeon_stats(self):\n"
            "        if self.connector_prefix_cache_stats is None:\n"
            "            return None\n"
            "        return self.make_stats()\n",
            "return self.make_stats()",
        ),
    ),
]

# --- #32255 (8e32690869): Scheduler._free_request given delay_free_blocks, which finish_requests now passes
FR = "8e32690869"
FRW = "_free_request(request, delay_free_blocks=...) now called with the new keyword"
CASES += [
    (
        "#32255 override now called with a new keyword",
        "a subclass override of _free_request without the new parameter",
        K(
            "#32255",
            FR,
            FRW,
            "vllm/aeon/fr1.py",
            SCH + "class AeonFreeScheduler(Scheduler):\n"
            "    def _free_request(self, request):\n"
            "        # AEON: the Spark returns a finished request's NVFP4 scratch to GB10's pool first\n"
            "        self.aeon_freed = getattr(self, 'aeon_freed', 0) + 1\n"
            "        return super()._free_request(request)\n",
            "def _free_request(self, request):",
        ),
    ),
    (
        "#32255 override now called with a new keyword",
        "an override on an AsyncScheduler subclass",
        K(
            "#32255",
            FR,
            FRW,
            "vllm/aeon/fr2.py",
            "from vllm.v1.core.sched.async_scheduler import AsyncScheduler\n\n\n"
            "class AeonAsyncScheduler(AsyncScheduler):\n"
            "    def _free_request(self, request):\n"
            "        # AEON: the Spark's async path logs each free for its memory audit\n"
            "        kv_params = super()._free_request(request)\n"
            "        self.aeon_last_freed = request.request_id\n"
            "        return kv_params\n",
            "def _free_request(self, request):",
        ),
    ),
    (
        "#32255 override now called with a new keyword",
        "twin: an override that hands every keyword on",
        K(
            "#32255",
            FR,
            FRW,
            "vllm/aeon/fr3.py",
            SCH + "class AeonFreeAllScheduler(Scheduler):\n"
            "    def _free_request(self, request, **kwargs):\n"
            "        self.aeon_freed = getattr(self, 'aeon_freed', 0) + 1\n"
            "        return super()._free_request(request, **kwargs)\n",
            "def _free_request(self, request, **kwargs):",
        ),
    ),
]

# --- #38096 (e38817fadb): _handle_invalid_blocks given a required num_scheduled_tokens;
# _update_requests_with_invalid_blocks given it before evict_blocks
IB = "e38817fadb"
IBW = "num_scheduled_tokens added to the invalid-block handlers"
CASES += [
    (
        "#38096 required parameter added",
        "a self. call with the old single argument",
        K(
            "#38096",
            IB,
            IBW,
            "vllm/aeon/ib1.py",
            SCH + "class AeonRecoverScheduler(Scheduler):\n"
            "    def aeon_drop_bad_blocks(self, bad_ids: set[int]) -> set[str]:\n"
            "        # AEON: the Spark's ECC scrubber reports bad KV blocks outside the connector\n"
            "        return self._handle_invalid_blocks(bad_ids)\n",
            "return self._handle_invalid_blocks(bad_ids)",
        ),
    ),
    (
        "#38096 required parameter added",
        "an override with the old single parameter",
        K(
            "#38096",
            IB,
            IBW,
            "vllm/aeon/ib2.py",
            SCH + "class AeonInvalidScheduler(Scheduler):\n"
            "    def _handle_invalid_blocks(self, invalid_block_ids):\n"
            "        # AEON: the Spark logs each failed KV load before recomputing\n"
            "        self.aeon_bad = len(invalid_block_ids)\n"
            "        return super()._handle_invalid_blocks(invalid_block_ids)\n",
            "def _handle_invalid_blocks(self, invalid_block_ids):",
        ),
    ),
    (
        "#38096 parameter inserted",
        "a positional call whose flag now lands on num_scheduled_tokens",
        K(
            "#38096",
            IB,
            IBW,
            "vllm/aeon/ib3.py",
            SCH + "class AeonScanScheduler(Scheduler):\n"
            "    def aeon_scan_running(self, bad_ids: set[int]):\n"
            "        # AEON: the Spark rescans running requests after a GB10 memory fault\n"
            "        return self._update_requests_with_invalid_blocks(self.running, bad_ids, False)\n",
            "return self._update_requests_with_invalid_blocks(self.running, bad_ids, False)",
        ),
    ),
    (
        "#38096 required parameter added",
        "twin: an override that hands every argument on",
        K(
            "#38096",
            IB,
            IBW,
            "vllm/aeon/ib4.py",
            SCH + "class AeonPassInvalid(Scheduler):\n"
            "    def _handle_invalid_blocks(self, *args, **kwargs):\n"
            "        self.aeon_faults = getattr(self, 'aeon_faults', 0) + 1\n"
            "        return super()._handle_invalid_blocks(*args, **kwargs)\n",
            "def _handle_invalid_blocks(self, *args, **kwargs):",
        ),
    ),
]

# --- #35781 (a8ff2cca92): _update_waiting_for_remote_kv returns None (was: bool "ready"), no longer checks readiness
RK = "a8ff2cca92"
RKW = "_update_waiting_for_remote_kv turned from a readiness test into a None-returning update"
CASES += [
    (
        "#35781 return value dropped",
        "a test of the call's result",
        K(
            "#35781",
            RK,
            RKW,
            "vllm/aeon/rk1.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\nfrom vllm.v1.request import RequestStatus\n\n\n"
            "class AeonPollScheduler(Scheduler):\n"
            "    def aeon_poll_remote(self, request) -> bool:\n"
            "        # AEON: the Spark's P/D decode node polls its remote loads between steps\n"
            "        if self._update_waiting_for_remote_kv(request):\n"
            "            request.status = RequestStatus.WAITING\n"
            "            return True\n"
            "        return False\n",
            "if self._update_waiting_for_remote_kv(request):",
        ),
    ),
    (
        "#35781 return value dropped",
        "an override that keeps and returns super()'s result",
        K(
            "#35781",
            RK,
            RKW,
            "vllm/aeon/rk2.py",
            SCH + "class AeonLoadCountScheduler(Scheduler):\n"
            "    def _update_waiting_for_remote_kv(self, request):\n"
            "        # AEON: the Spark counts the remote loads that landed\n"
            "        ready = super()._update_waiting_for_remote_kv(request)\n"
            "        if ready:\n"
            "            self.aeon_loaded = getattr(self, 'aeon_loaded', 0) + 1\n"
            "        return ready\n",
            "ready = super()._update_waiting_for_remote_kv(request)",
        ),
    ),
    (
        "#35781 return value dropped",
        "twin: a guarded statement call",
        K(
            "#35781",
            RK,
            RKW,
            "vllm/aeon/rk3.py",
            SCH + "class AeonGuardScheduler(Scheduler):\n"
            "    def aeon_land(self, request) -> None:\n"
            "        if request.request_id in self.finished_recving_kv_req_ids:\n"
            "            self._update_waiting_for_remote_kv(request)\n",
            "self._update_waiting_for_remote_kv(request)",
        ),
    ),
]

# --- #26296 (606b00e80f): Scheduler.__init__ given a required block_size before mm_registry
BS = "606b00e80f"
BSW = "Scheduler given a required block_size (inserted before mm_registry)"
CASES += [
    (
        "#26296 required parameter inserted",
        "a positional build whose registry now lands on block_size",
        K(
            "#26296",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n"
            + SCH
            + "def aeon_mm_scheduler(vllm_config, kv_cache_config, som) -> Scheduler:\n"
            "    # AEON: the Spark's VLM image builds its scheduler with the shared registry\n"
            "    return Scheduler(vllm_config, kv_cache_config, som, MULTIMODAL_REGISTRY, False, True)\n",
            "return Scheduler(vllm_config, kv_cache_config, som, MULTIMODAL_REGISTRY, False, True)",
        ),
    ),
    (
        "#26296 required parameter inserted",
        "a keyword build without the new parameter",
        K(
            "#26296",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            SCH + "def aeon_bench_scheduler(vllm_config, kv_cache_config, som) -> Scheduler:\n"
            "    # AEON: the Spark's scheduler benchmark builds one without an engine\n"
            "    return Scheduler(vllm_config=vllm_config, kv_cache_config=kv_cache_config, "
            "structured_output_manager=som, log_stats=True)\n",
            "return Scheduler(vllm_config=vllm_config, kv_cache_config=kv_cache_config, "
            "structured_output_manager=som, log_stats=True)",
        ),
    ),
    (
        "#26296 required parameter inserted",
        "a subclass's explicit __init__ and super().__init__() without it",
        K(
            "#26296",
            BS,
            BSW,
            "vllm/aeon/bs3.py",
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n" + SCH + "class AeonGb10Scheduler(Scheduler):\n"
            "    def __init__(self, vllm_config, kv_cache_config, structured_output_manager, "
            "mm_registry=MULTIMODAL_REGISTRY, include_finished_set=False, log_stats=False):\n"
            "        # AEON: GB10's unified memory caps the running batch below max_num_seqs\n"
            "        super().__init__(vllm_config, kv_cache_config, structured_output_manager, "
            "mm_registry=mm_registry, include_finished_set=include_finished_set, log_stats=log_stats)\n"
            "        self.max_num_running_reqs = min(self.max_num_running_reqs, 64)\n",
            "super().__init__(vllm_config, kv_cache_config, structured_output_manager, "
            "mm_registry=mm_registry, include_finished_set=include_finished_set, log_stats=log_stats)",
        ),
    ),
    (
        "#26296 required parameter inserted",
        "twin: a subclass that hands every argument on",
        K(
            "#26296",
            BS,
            BSW,
            "vllm/aeon/bs4.py",
            SCH + "class AeonCapScheduler(Scheduler):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: GB10's unified memory caps the running batch\n"
            "        self.max_num_running_reqs = min(self.max_num_running_reqs, 64)\n",
            "super().__init__(*args, **kwargs)",
        ),
    ),
    (
        "#26296 required parameter inserted",
        "twin: the kept attributes the constructor sets",
        K(
            "#26296",
            BS,
            BSW,
            "vllm/aeon/bs5.py",
            SCH + "def aeon_budget(sched: Scheduler) -> tuple[int, int]:\n"
            "    return sched.max_num_running_reqs, sched.max_num_scheduled_tokens\n",
            "return sched.max_num_running_reqs, sched.max_num_scheduled_tokens",
        ),
    ),
]

# --- a second blind batch, written after the first ran (24 of 24 caught blind) and before the engine ran on it:
# silent value changes, where no name or signature moves.

# --- #35781 (a8ff2cca92): requests blocked on remote KV or a grammar now wait in a new self.skipped_waiting, not
# in self.waiting; upstream's own counts became len(self.waiting) + len(self.skipped_waiting)
SW = "a8ff2cca92"
SWW = "blocked waiting requests moved from self.waiting to a new self.skipped_waiting"
CASES += [
    (
        "#35781 container split",
        "a subclass's queue-depth gate on len(self.waiting)",
        K(
            "#35781",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            SCH + "AEON_MAX_QUEUE = 256\n\n\n"
            "class AeonAdmitScheduler(Scheduler):\n"
            "    def aeon_queue_full(self) -> bool:\n"
            "        # AEON: GB10's unified memory bounds the requests the Spark lets queue\n"
            "        return len(self.waiting) >= AEON_MAX_QUEUE\n",
            "return len(self.waiting) >= AEON_MAX_QUEUE",
        ),
    ),
    (
        "#35781 container split",
        "a depth read off a receiver typed as the class",
        K(
            "#35781",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            SCH + "def aeon_load(sched: Scheduler) -> int:\n"
            "    # AEON: the Spark's router balances on each engine's total load\n"
            "    return len(sched.waiting) + len(sched.running)\n",
            "return len(sched.waiting) + len(sched.running)",
        ),
    ),
    (
        "#35781 container split",
        "a walk of self.waiting for the requests blocked on remote KV",
        K(
            "#35781",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\nfrom vllm.v1.request import RequestStatus\n\n\n"
            "class AeonPdScheduler(Scheduler):\n"
            "    def aeon_remote_pending(self) -> list[str]:\n"
            "        # AEON: the Spark's P/D decode node lists the loads still in flight\n"
            "        return [r.request_id for r in self.waiting if r.status == RequestStatus.WAITING_FOR_REMOTE_KVS]\n",
            "return [r.request_id for r in self.waiting if r.status == RequestStatus.WAITING_FOR_REMOTE_KVS]",
        ),
    ),
    (
        "#35781 container split",
        "a test of self.waiting's truth (added after the widening)",
        K(
            "#35781",
            SW,
            SWW,
            "vllm/aeon/sw5.py",
            SCH + "class AeonIdleScheduler(Scheduler):\n"
            "    def aeon_idle(self) -> bool:\n"
            "        # AEON: the Spark parks its GPU clocks when nothing waits\n"
            "        return not self.waiting and not self.running\n",
            "return not self.waiting and not self.running",
        ),
    ),
    (
        "#35781 container split",
        "twin: upstream's own count and the running list",
        K(
            "#35781",
            SW,
            SWW,
            "vllm/aeon/sw4.py",
            SCH + "class AeonCountScheduler(Scheduler):\n"
            "    def aeon_depth(self) -> int:\n"
            "        num_running, num_waiting = self.get_request_counts()\n"
            "        return num_waiting + len(self.running)\n",
            "return num_waiting + len(self.running)",
        ),
    ),
]

# --- #38435 (5c18b961d6): SchedulerStats.num_waiting_reqs no longer counts the skipped requests, now in a new
# num_skipped_waiting_reqs
NW = "5c18b961d6"
NWW = "num_waiting_reqs narrowed: its skipped part moved to a new num_skipped_waiting_reqs"
STATS = "from vllm.v1.metrics.stats import SchedulerStats\n\n\n"
CASES += [
    (
        "#38435 field narrowed",
        "a read of the stats field as the whole queue",
        K(
            "#38435",
            NW,
            NWW,
            "vllm/aeon/nw1.py",
            STATS + "def aeon_queue_depth(stats: SchedulerStats) -> int:\n"
            "    # AEON: the Spark's autoscaler reads the whole queue, blocked P/D loads included\n"
            "    return stats.num_waiting_reqs\n",
            "return stats.num_waiting_reqs",
        ),
    ),
    (
        "#38435 field narrowed",
        "a subclass reading its own make_stats()",
        K(
            "#38435",
            NW,
            NWW,
            "vllm/aeon/nw2.py",
            SCH + "class AeonLoadScheduler(Scheduler):\n"
            "    def aeon_backlog(self) -> int:\n"
            "        # AEON: the Spark sheds load when the backlog passes GB10's budget\n"
            "        stats = self.make_stats()\n"
            "        return 0 if stats is None else stats.num_waiting_reqs\n",
            "return 0 if stats is None else stats.num_waiting_reqs",
        ),
    ),
    (
        "#38435 field narrowed",
        "twin: the running count",
        K(
            "#38435",
            NW,
            NWW,
            "vllm/aeon/nw3.py",
            STATS + "def aeon_busy(stats: SchedulerStats) -> int:\n    return stats.num_running_reqs\n",
            "return stats.num_running_reqs",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-schedcore-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
