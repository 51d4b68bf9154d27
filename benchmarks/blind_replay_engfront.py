"""A blind replay of the v1 engine's front half a fork hooks into: input processor, output processor, engines.

10 first-parent commits on ``vllm/v1/engine/{input_processor,processor,output_processor,logprobs,llm_engine,
async_llm}.py`` and ``vllm/outputs.py`` that ``blind_replay_outproc.py`` (the output path's own replay) and
the other replays did not use -- ``InputProcessor.process_inputs``' ``supported_tasks`` made required and
moved to the fourth slot (#35186), ``InputProcessor``'s second positional now the renderer (#34329), the
``_validate_model_input(s)`` hooks removed (#34144), ``AsyncLLM.encode``'s ``truncate_prompt_tokens`` removed
(#32863), ``vllm.sequence.RequestMetrics`` removed (#31783), ``LogprobsProcessor._make_logprob_dict`` removed
(#28171), ``RequestState``'s required ``stream_interval`` (#27869), ``Processor``'s required ``tokenizer`` and
the engines' ``get_model_config``/``get_input_preprocessor`` removed (#26427), ``LLMEngine.stat_logger`` gone
for ``logger_manager`` (#25610), and ``StreamingInput`` moved to ``vllm.inputs.data`` but re-imported (#33187,
twins only) -- picked by scanning those paths' diffs (``git log --first-parent -p``).  Each is replayed under
1-3 fork spellings written the way fork code is written (a keyword call, a positional call whose slots
shifted, a subclass's ``super()`` call, an override of a hook no longer called, an import, a classmethod call,
a read off a typed receiver), with twins (fork code the commit does not break).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 946d1817), batch 1 (10 commits): 14 caught, 1 warned, 1
missed of 16 (twins: 12 quiet, 0 false errors).  Both non-catches were #34144 spellings mis-written as killers:
the commit moved ``_validate_model_input(s)`` below the new ``_validate_prompt_len``, it did not remove them, so
``proc._validate_model_inputs(enc, dec)`` still runs (the "miss") and a subclass's keyword-only
``_validate_model_input(self, prompt_inputs, *, prompt_type)`` still takes every upstream call (all pass
``prompt_type=`` by keyword) -- yet the engine put an error on that override's ``def`` line ("the base takes
'prompt_type' (parameter 2); the override does not"): a false error the harness scored as "warned" because it
landed off the spelling's line.  Both are twins now (the override's twin line is its ``def``), so rescored,
batch 1 is 14 caught of 14, twins 14 with 1 false error.  Batch 2 (3 commits, written after that run and
committed before its own: overrides lacking a keyword or parameter upstream's callers now pass): 3 caught of 3,
twins 3 quiet.  Batch 3 (4 commits, written after the first widening below, committed before its own run, run
on the engine at 8d1016ec): 5 caught, 0 warned, 1 missed of 6 (twins: 4 quiet, 0 false errors).  The miss:
#15156's ``q = await engine.add_request(...)`` then ``q.empty()`` -- ``add_request`` returns a
``RequestOutputCollector`` now, not an ``asyncio.Queue``, and the collector has no ``empty``.  Batch 4 (1 commit,
#23018, written after the second widening, committed before its own run, on the engine at c2a86330): 3 caught
of 3 (twins: 1 quiet).

After the killers107 widenings (engine at c2a86330), all four batches (14 commits): 23 caught, 0 warned, 0 missed
of 23 before batch 4, 26 of 26 with it (twins: 22 quiet, 1 of them warned, 0 false errors).  Fixed: an
override that kept a parameter keyword-only, which the base now takes by position too, is a warning when no call
upstream wrote fills that slot by position (``drift/widened_kinds.py``; the #34144 twin's false error).  Caught
now: a member read off a call's result that the class upstream now returns lacks (``drift/returned_members.py``;
#15156's ``q.empty()``).  Regression, same engine: killer_replay 26/26, kind_change_replay 12/12, review15 8
caught + 1 warned of 9 / 0 false of 40, review16 6/6 / 0 false of 30, review17 11 + 1 warned of 12 / 0 false of
23, blind_replay_outproc 16/16, blind_replay_engine 28/28, blind_replay_openai 17 + 1 warned of 18 (all 0 false
errors, as on main).

  python benchmarks/blind_replay_engfront.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

IP = "from vllm.v1.engine.input_processor import InputProcessor\n"

# --- #35186 (761e63e541): process_inputs' supported_tasks made required and moved right after params
ST = "761e63e541"
STW = "process_inputs(supported_tasks) required, moved to the fourth slot"
CASES += [
    (
        "#35186 parameter made required",
        "a keyword call leaving it out",
        K(
            "#35186",
            ST,
            STW,
            "vllm/aeon/st1.py",
            IP + "from vllm.sampling_params import SamplingParams\n\n\n"
            "def aeon_request(proc: InputProcessor, rid: str, prompt: str, params: SamplingParams):\n"
            "    # AEON: the warmup requests skip the task check on GB10\n"
            "    return proc.process_inputs(rid, prompt, params, arrival_time=0.0, priority=-1)\n",
            "return proc.process_inputs(rid, prompt, params, arrival_time=0.0, priority=-1)",
        ),
    ),
    (
        "#35186 parameter moved",
        "a positional arrival time now in the tasks slot",
        K(
            "#35186",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "import time\n\n" + IP + "\n\n"
            "class AeonFrontend:\n"
            "    def __init__(self, proc: InputProcessor) -> None:\n"
            "        self.proc = proc\n\n"
            "    def submit(self, rid, prompt, params):\n"
            "        return self.proc.process_inputs(rid, prompt, params, time.time(), None)\n",
            "return self.proc.process_inputs(rid, prompt, params, time.time(), None)",
        ),
    ),
    (
        "#35186 parameter moved",
        "twin: every argument past params by keyword",
        K(
            "#35186",
            ST,
            STW,
            "vllm/aeon/st3.py",
            IP + "\n\n"
            "def aeon_request2(proc: InputProcessor, rid, prompt, params, tasks):\n"
            "    return proc.process_inputs(rid, prompt, params, supported_tasks=tasks, arrival_time=0.0)\n",
            "return proc.process_inputs(rid, prompt, params, supported_tasks=tasks, arrival_time=0.0)",
        ),
    ),
]

# --- #34329 (b96f7314b4): InputProcessor(vllm_config, renderer=None, *, mm_registry=...) -- the registry's
#     positional slot is the renderer's now
RD = "b96f7314b4"
RDW = "InputProcessor's second positional is the renderer"
CASES += [
    (
        "#34329 positional slot taken",
        "a registry passed positionally",
        K(
            "#34329",
            RD,
            RDW,
            "vllm/aeon/rd1.py",
            IP + "from vllm.config import VllmConfig\n"
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_input_processor(cfg: VllmConfig) -> InputProcessor:\n"
            "    # AEON: the Spark's registry carries the GB10 image processors\n"
            "    return InputProcessor(cfg, MULTIMODAL_REGISTRY)\n",
            "return InputProcessor(cfg, MULTIMODAL_REGISTRY)",
        ),
    ),
    (
        "#34329 positional slot taken",
        "twin: the registry by keyword",
        K(
            "#34329",
            RD,
            RDW,
            "vllm/aeon/rd2.py",
            IP + "from vllm.config import VllmConfig\n"
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_input_processor2(cfg: VllmConfig) -> InputProcessor:\n"
            "    return InputProcessor(cfg, mm_registry=MULTIMODAL_REGISTRY)\n",
            "return InputProcessor(cfg, mm_registry=MULTIMODAL_REGISTRY)",
        ),
    ),
    (
        "#34329 property made attribute",
        "twin: the renderer read off the engine",
        K(
            "#34329",
            RD,
            RDW,
            "vllm/aeon/rd3.py",
            "from vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "def aeon_renderer(engine: AsyncLLM):\n"
            "    return engine.renderer\n",
            "return engine.renderer",
        ),
    ),
]

# --- #34144 (b5dcb372e4): _validate_model_input(s) moved below _validate_prompt_len, _validate_model_input's
#     prompt_type no longer keyword-only; every upstream call still passes it by keyword (twins only: the
#     blind run's two "killers" here were mis-written, the methods were moved, not removed)
VM = "b5dcb372e4"
VMW = "_validate_model_input's prompt_type no longer keyword-only"
CASES += [
    (
        "#34144 parameter kind widened",
        "twin: a keyword-only override, every upstream call by keyword",
        K(
            "#34144",
            VM,
            VMW,
            "vllm/aeon/vm1.py",
            IP + "\n\n"
            "class AeonInputProcessor(InputProcessor):\n"
            "    def _validate_model_input(self, prompt_inputs, *, prompt_type):\n"
            "        # AEON: GB10 caps the encoder prompt below the model's limit\n"
            "        super()._validate_model_input(prompt_inputs, prompt_type=prompt_type)\n",
            "def _validate_model_input(self, prompt_inputs, *, prompt_type):",
        ),
    ),
    (
        "#34144 parameter kind widened",
        "twin: a call off a typed receiver",
        K(
            "#34144",
            VM,
            VMW,
            "vllm/aeon/vm2.py",
            IP + "\n\n"
            "def aeon_check(proc: InputProcessor, enc, dec) -> None:\n"
            "    proc._validate_model_inputs(enc, dec)\n",
            "proc._validate_model_inputs(enc, dec)",
        ),
    ),
    (
        "#34144 parameter kind widened",
        "twin: the kept _validate_params",
        K(
            "#34144",
            VM,
            VMW,
            "vllm/aeon/vm3.py",
            IP + "\n\n"
            "def aeon_check2(proc: InputProcessor, params, tasks) -> None:\n"
            "    proc._validate_params(params, tasks)\n",
            "proc._validate_params(params, tasks)",
        ),
    ),
]

# --- #32863 (f0a1c8453a): AsyncLLM.encode's deprecated truncate_prompt_tokens keyword removed
TP = "f0a1c8453a"
TPW = "AsyncLLM.encode(truncate_prompt_tokens) removed"
AL = "from vllm.v1.engine.async_llm import AsyncLLM\n"
CASES += [
    (
        "#32863 keyword removed",
        "a keyword to AsyncLLM.encode",
        K(
            "#32863",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            AL + "from vllm.pooling_params import PoolingParams\n\n\n"
            "async def aeon_embed(engine: AsyncLLM, prompt: str, rid: str):\n"
            "    # AEON: the Spark's embedding lane truncates long documents\n"
            "    async for out in engine.encode(prompt, PoolingParams(), rid, truncate_prompt_tokens=512):\n"
            "        return out\n",
            "async for out in engine.encode(prompt, PoolingParams(), rid, truncate_prompt_tokens=512):",
        ),
    ),
    (
        "#32863 keyword removed",
        "twin: tokenization_kwargs by keyword",
        K(
            "#32863",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            AL + "from vllm.pooling_params import PoolingParams\n\n\n"
            "async def aeon_embed2(engine: AsyncLLM, prompt: str, rid: str):\n"
            "    async for out in engine.encode(prompt, PoolingParams(), rid, tokenization_kwargs={'truncation': True}):\n"
            "        return out\n",
            "async for out in engine.encode(prompt, PoolingParams(), rid, tokenization_kwargs={'truncation': True}):",
        ),
    ),
]

# --- #31783 (97ca4c3b60): V0's RequestMetrics (and the token-id array constants) removed from vllm.sequence
RM = "97ca4c3b60"
RMW = "vllm.sequence.RequestMetrics removed"
CASES += [
    (
        "#31783 class removed",
        "an import of RequestMetrics",
        K(
            "#31783",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            "from vllm.outputs import RequestOutput\n"
            "from vllm.sequence import RequestMetrics\n\n\n"
            "def aeon_ttft(out: RequestOutput) -> float:\n"
            "    m = out.metrics\n"
            "    return m.first_token_time - m.arrival_time if isinstance(m, RequestMetrics) else 0.0\n",
            "from vllm.sequence import RequestMetrics",
        ),
    ),
    (
        "#31783 constant removed",
        "a module attribute read",
        K(
            "#31783",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            "import array\n\nfrom vllm import sequence\n\n\n"
            "def aeon_ids(ids: list[int]) -> array.array:\n"
            "    return array.array(sequence.VLLM_TOKEN_ID_ARRAY_TYPE, ids)\n",
            "return array.array(sequence.VLLM_TOKEN_ID_ARRAY_TYPE, ids)",
        ),
    ),
    (
        "#31783 class removed",
        "twin: IntermediateTensors kept",
        K(
            "#31783",
            RM,
            RMW,
            "vllm/aeon/rm3.py",
            "from vllm.sequence import IntermediateTensors\n\n\n"
            "def aeon_keys(t: IntermediateTensors) -> list[str]:\n"
            "    return list(t.tensors)\n",
            "from vllm.sequence import IntermediateTensors",
        ),
    ),
]

# --- #28171 (ccd98b59c1): LogprobsProcessor._make_logprob_dict removed (FlattenLogprobs helpers in vllm.logprobs)
LP = "ccd98b59c1"
LPW = "LogprobsProcessor._make_logprob_dict removed"
LPI = "from vllm.v1.engine.logprobs import LogprobsProcessor\n"
CASES += [
    (
        "#28171 static method removed",
        "a call off the class",
        K(
            "#28171",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            LPI + "\n\n"
            "def aeon_top1(logprob: float, token_id: int, text: str):\n"
            "    # AEON: the GB10 speculative lane rebuilds its draft's logprobs\n"
            "    return LogprobsProcessor._make_logprob_dict([logprob], [token_id], [text], 1, 1)\n",
            "return LogprobsProcessor._make_logprob_dict([logprob], [token_id], [text], 1, 1)",
        ),
    ),
    (
        "#28171 static method removed",
        "a call off self in a subclass",
        K(
            "#28171",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            LPI + "\n\n"
            "class AeonLogprobs(LogprobsProcessor):\n"
            "    def aeon_append(self, lps, ids, toks, rank):\n"
            "        self.logprobs.append(self._make_logprob_dict(lps, ids, toks, rank, self.num_logprobs))\n",
            "self.logprobs.append(self._make_logprob_dict(lps, ids, toks, rank, self.num_logprobs))",
        ),
    ),
    (
        "#28171 static method removed",
        "twin: the kept from_new_request",
        K(
            "#28171",
            LP,
            LPW,
            "vllm/aeon/lp3.py",
            LPI + "\n\n"
            "def aeon_lp(tokenizer, request):\n"
            "    return LogprobsProcessor.from_new_request(tokenizer, request)\n",
            "return LogprobsProcessor.from_new_request(tokenizer, request)",
        ),
    ),
]

# --- #27869 (5d6ce2b960): RequestState(...) and RequestState.from_new_request gain a required stream_interval
SI = "5d6ce2b960"
SIW = "RequestState.from_new_request(stream_interval) required"
OP = "from vllm.v1.engine.output_processor import OutputProcessor, RequestState\n"
CASES += [
    (
        "#27869 parameter added required",
        "a classmethod call in an OutputProcessor subclass",
        K(
            "#27869",
            SI,
            SIW,
            "vllm/aeon/si1.py",
            OP + "\n\n"
            "class AeonOutputProcessor(OutputProcessor):\n"
            "    def aeon_state(self, request, prompt, index):\n"
            "        # AEON: the Spark's RL lane tracks its own request states\n"
            "        return RequestState.from_new_request(self.tokenizer, request, prompt, None, index, None, self.log_stats)\n",
            "return RequestState.from_new_request(self.tokenizer, request, prompt, None, index, None, self.log_stats)",
        ),
    ),
    (
        "#27869 parameter added required",
        "twin: OutputProcessor built without it (defaulted)",
        K(
            "#27869",
            SI,
            SIW,
            "vllm/aeon/si2.py",
            OP + "\n\n"
            "def aeon_output_processor(tokenizer) -> OutputProcessor:\n"
            "    return OutputProcessor(tokenizer, log_stats=False)\n",
            "return OutputProcessor(tokenizer, log_stats=False)",
        ),
    ),
]

# --- #26427 (4bdf7ac593): Processor(vllm_config, tokenizer, mm_registry) -- tokenizer required in the second
#     slot; the engines' get_model_config / get_vllm_config / get_input_preprocessor removed
PT = "4bdf7ac593"
PTW = "Processor's required tokenizer; engines' get_model_config removed"
CASES += [
    (
        "#26427 parameter added required",
        "a Processor built with the registry by keyword",
        K(
            "#26427",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n"
            "from vllm.v1.engine.processor import Processor\n\n\n"
            "def aeon_processor(cfg: VllmConfig) -> Processor:\n"
            "    # AEON: GB10's offline lane preprocesses without an engine\n"
            "    return Processor(cfg, mm_registry=MULTIMODAL_REGISTRY)\n",
            "return Processor(cfg, mm_registry=MULTIMODAL_REGISTRY)",
        ),
    ),
    (
        "#26427 method removed",
        "an awaited call off an AsyncLLM parameter",
        K(
            "#26427",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            AL + "\n\n"
            "async def aeon_max_len(engine: AsyncLLM) -> int:\n"
            "    cfg = await engine.get_model_config()\n"
            "    return cfg.max_model_len\n",
            "cfg = await engine.get_model_config()",
        ),
    ),
    (
        "#26427 method removed",
        "a call off self in an LLMEngine subclass",
        K(
            "#26427",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            "from vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
            "class AeonLLMEngine(LLMEngine):\n"
            "    def aeon_max_len(self) -> int:\n"
            "        return self.get_model_config().max_model_len\n",
            "return self.get_model_config().max_model_len",
        ),
    ),
    (
        "#26427 method removed",
        "twin: the model_config attribute",
        K(
            "#26427",
            PT,
            PTW,
            "vllm/aeon/pt4.py",
            AL + "\n\ndef aeon_max_len2(engine: AsyncLLM) -> int:\n    return engine.model_config.max_model_len\n",
            "return engine.model_config.max_model_len",
        ),
    ),
]

# --- #25610 (8c435c9bce): LLMEngine.stat_logger removed for logger_manager (a StatLoggerManager)
SL = "8c435c9bce"
SLW = "LLMEngine.stat_logger removed"
LE = "from vllm.v1.engine.llm_engine import LLMEngine\n"
CASES += [
    (
        "#25610 attribute removed",
        "a read off an LLMEngine parameter",
        K(
            "#25610",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            LE + "\n\n"
            "def aeon_has_prometheus(engine: LLMEngine) -> bool:\n"
            "    # AEON: the Spark's exporter skips engines without a logger\n"
            "    return engine.stat_logger is not None\n",
            "return engine.stat_logger is not None",
        ),
    ),
    (
        "#25610 attribute removed",
        "a read off self in a subclass",
        K(
            "#25610",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            LE + "\n\n"
            "class AeonEngine(LLMEngine):\n"
            "    def aeon_record(self, sched, it) -> None:\n"
            "        if self.stat_logger is not None:\n"
            "            self.stat_logger.record(scheduler_stats=sched, iteration_stats=it)\n",
            "if self.stat_logger is not None:",
        ),
    ),
    (
        "#25610 attribute removed",
        "twin: log_stats kept",
        K(
            "#25610",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            LE + "\n\ndef aeon_logs(engine: LLMEngine) -> bool:\n    return engine.log_stats\n",
            "return engine.log_stats",
        ),
    ),
]

# --- #33187 (10152d2194): StreamingInput moved to vllm.inputs.data; async_llm imports it back (twins only)
SM = "10152d2194"
SMW = "StreamingInput moved to vllm.inputs.data"
CASES += [
    (
        "#33187 class moved",
        "twin: imported from async_llm, still bound there",
        K(
            "#33187",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            "from vllm.v1.engine.async_llm import StreamingInput\n\n\n"
            "def aeon_turn(prompt: str) -> StreamingInput:\n"
            "    return StreamingInput(prompt=prompt)\n",
            "from vllm.v1.engine.async_llm import StreamingInput",
        ),
    ),
    (
        "#33187 class moved",
        "twin: its fields by keyword",
        K(
            "#33187",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            "from vllm.v1.engine.async_llm import StreamingInput\n\n\n"
            "def aeon_turn2(prompt: str, params) -> StreamingInput:\n"
            "    return StreamingInput(prompt=prompt, sampling_params=params)\n",
            "return StreamingInput(prompt=prompt, sampling_params=params)",
        ),
    ),
]


# --- batch 2 (written after the blind run of the batch above, committed before its own run) ---

# --- #34730 (27066d1b2b): EngineCoreClient.shutdown gains timeout; AsyncLLM.shutdown passes it by keyword
SD = "27066d1b2b"
SDW = "engine_core.shutdown(timeout=...) called by AsyncLLM.shutdown"
CC = "from vllm.v1.engine.core_client import AsyncMPClient\n"
CASES += [
    (
        "#34730 override lacks the new keyword",
        "a client subclass's shutdown without timeout",
        K(
            "#34730",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            CC + "\n\n"
            "class AeonMPClient(AsyncMPClient):\n"
            "    def shutdown(self):\n"
            "        # AEON: the Spark's UMA pool is released before the engine procs go\n"
            "        super().shutdown()\n",
            "def shutdown(self):",
        ),
    ),
    (
        "#34730 override lacks the new keyword",
        "twin: the override forwards **kwargs",
        K(
            "#34730",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            CC + "\n\n"
            "class AeonMPClient2(AsyncMPClient):\n"
            "    def shutdown(self, **kwargs):\n"
            "        super().shutdown(**kwargs)\n",
            "def shutdown(self, **kwargs):",
        ),
    ),
]

# --- #32351 (89a385d79f): pause_generation gains mode=; the RLHF router now passes mode= (and keeps the
#     deprecated wait_for_inflight_requests=)
PG = "89a385d79f"
PGW = "pause_generation(mode=...) passed by the router"
CASES += [
    (
        "#32351 override lacks the new keyword",
        "an AsyncLLM subclass's pause_generation",
        K(
            "#32351",
            PG,
            PGW,
            "vllm/aeon/pg1.py",
            AL + "\n\n"
            "class AeonAsyncLLM(AsyncLLM):\n"
            "    async def pause_generation(self, *, wait_for_inflight_requests: bool = False, clear_cache: bool = True) -> None:\n"
            "        # AEON: GB10 drains the UMA KV pool before a weight swap\n"
            "        await super().pause_generation(wait_for_inflight_requests=wait_for_inflight_requests, clear_cache=clear_cache)\n",
            "async def pause_generation(self, *, wait_for_inflight_requests: bool = False, clear_cache: bool = True) -> None:",
        ),
    ),
    (
        "#32351 override lacks the new keyword",
        "twin: a call with the deprecated keyword",
        K(
            "#32351",
            PG,
            PGW,
            "vllm/aeon/pg2.py",
            AL + "\n\n"
            "async def aeon_pause(engine: AsyncLLM) -> None:\n"
            "    await engine.pause_generation(wait_for_inflight_requests=True)\n",
            "await engine.pause_generation(wait_for_inflight_requests=True)",
        ),
    ),
]

# --- #49040 (9069a57139): finish_weight_update gains weight_version; the dev RLHF router passes it positionally
WV = "9069a57139"
WVW = "finish_weight_update(weight_version) passed by the router"
CASES += [
    (
        "#49040 override lacks the new parameter",
        "an AsyncLLM subclass's finish_weight_update",
        K(
            "#49040",
            WV,
            WVW,
            "vllm/aeon/wv1.py",
            AL + "\n\n"
            "class AeonRLEngine(AsyncLLM):\n"
            "    async def finish_weight_update(self) -> None:\n"
            "        # AEON: the Spark re-pins the refreshed weights in UMA\n"
            "        await super().finish_weight_update()\n",
            "async def finish_weight_update(self) -> None:",
        ),
    ),
    (
        "#49040 override lacks the new parameter",
        "twin: a bare call",
        K(
            "#49040",
            WV,
            WVW,
            "vllm/aeon/wv2.py",
            AL + "\n\nasync def aeon_finish(engine: AsyncLLM) -> None:\n    await engine.finish_weight_update()\n",
            "await engine.finish_weight_update()",
        ),
    ),
]


# --- batch 3 (written after batch 2's run and the engine's widening, committed before its own run) ---

# --- #15156 (9d72daf4ce): AsyncLLM.add_request returns a RequestOutputCollector, not an asyncio.Queue
OQ = "9d72daf4ce"
OQW = "add_request's asyncio.Queue -> RequestOutputCollector"
CASES += [
    (
        "#15156 return kind changed",
        "a Queue method on the returned value",
        K(
            "#15156",
            OQ,
            OQW,
            "vllm/aeon/oq1.py",
            AL + "\n\n"
            "async def aeon_first(engine: AsyncLLM, rid, prompt, params):\n"
            "    # AEON: the Spark's router drains whatever is queued\n"
            "    q = await engine.add_request(rid, prompt, params)\n"
            "    return q.get_nowait() if not q.empty() else await q.get()\n",
            "return q.get_nowait() if not q.empty() else await q.get()",
        ),
    ),
    (
        "#15156 return kind changed",
        "twin: the awaited get both kinds have",
        K(
            "#15156",
            OQ,
            OQW,
            "vllm/aeon/oq2.py",
            AL + "\n\n"
            "async def aeon_first2(engine: AsyncLLM, rid, prompt, params):\n"
            "    q = await engine.add_request(rid, prompt, params)\n"
            "    return await q.get()\n",
            "return await q.get()",
        ),
    ),
]

# --- #16790 (0a05ed57e6): TokenizerGroup simplified: BaseTokenizerGroup gone, get_tokenizer_group's group_type
#     and init_tokenizer_from_configs' parallel_config removed
TG = "0a05ed57e6"
TGW = "BaseTokenizerGroup, group_type, parallel_config removed"
CASES += [
    (
        "#16790 parameter removed",
        "a keyword to LLMEngine.get_tokenizer_group",
        K(
            "#16790",
            TG,
            TGW,
            "vllm/aeon/tg1.py",
            "from vllm.transformers_utils.tokenizer_group import TokenizerGroup\n"
            "from vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
            "def aeon_tokenizer(engine: LLMEngine):\n"
            "    return engine.get_tokenizer_group(group_type=TokenizerGroup).tokenizer\n",
            "return engine.get_tokenizer_group(group_type=TokenizerGroup).tokenizer",
        ),
    ),
    (
        "#16790 parameter removed",
        "a positional call of init_tokenizer_from_configs",
        K(
            "#16790",
            TG,
            TGW,
            "vllm/aeon/tg2.py",
            "from vllm.config import VllmConfig\n"
            "from vllm.transformers_utils.tokenizer_group import init_tokenizer_from_configs\n\n\n"
            "def aeon_group(cfg: VllmConfig):\n"
            "    # AEON: GB10's offline scorer builds its own tokenizer group\n"
            "    return init_tokenizer_from_configs(cfg.model_config, cfg.scheduler_config, cfg.parallel_config, cfg.lora_config)\n",
            "return init_tokenizer_from_configs(cfg.model_config, cfg.scheduler_config, cfg.parallel_config, cfg.lora_config)",
        ),
    ),
    (
        "#16790 class removed",
        "twin: TokenizerGroup imported from the package now a module",
        K(
            "#16790",
            TG,
            TGW,
            "vllm/aeon/tg3.py",
            "from vllm.transformers_utils.tokenizer_group import TokenizerGroup\n\n\n"
            "def aeon_id(group: TokenizerGroup) -> str:\n"
            "    return group.tokenizer_id\n",
            "from vllm.transformers_utils.tokenizer_group import TokenizerGroup",
        ),
    ),
]

# --- #25321 (c99db8c8dd): V0 removed; AsyncLLM.do_log_stats loses its V0 scheduler_outputs/model_output
LS = "c99db8c8dd"
LSW = "do_log_stats(scheduler_outputs, model_output) removed"
CASES += [
    (
        "#25321 parameters removed",
        "a positional call off an AsyncLLM parameter",
        K(
            "#25321",
            LS,
            LSW,
            "vllm/aeon/ls1.py",
            AL + "\n\nasync def aeon_tick(engine: AsyncLLM) -> None:\n    await engine.do_log_stats(None, None)\n",
            "await engine.do_log_stats(None, None)",
        ),
    ),
    (
        "#25321 parameters removed",
        "twin: an override keeping the optional V0 parameters",
        K(
            "#25321",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            AL + "\n\n"
            "class AeonLoggedLLM(AsyncLLM):\n"
            "    async def do_log_stats(self, scheduler_outputs=None, model_output=None) -> None:\n"
            "        await super().do_log_stats()\n",
            "async def do_log_stats(self, scheduler_outputs=None, model_output=None) -> None:",
        ),
    ),
]

# --- #15137 (05fcd1b430): IncrementalDetokenizer a plain base, no longer a dataclass: its fields moved to
#     BaseIncrementalDetokenizer / SlowIncrementalDetokenizer (the fast one has no tokens/offsets)
DT = "05fcd1b430"
DTW = "IncrementalDetokenizer's fields moved to its subclasses"
DTI = "from vllm.v1.engine.detokenizer import IncrementalDetokenizer\n"
CASES += [
    (
        "#15137 field moved to a subclass",
        "a read off an IncrementalDetokenizer parameter",
        K(
            "#15137",
            DT,
            DTW,
            "vllm/aeon/dt1.py",
            DTI + "\n\n"
            "def aeon_last_piece(detok: IncrementalDetokenizer) -> str:\n"
            "    # AEON: the Spark's streaming shim re-sends the last token's text\n"
            "    return detok.tokens[-1] if detok.tokens else ''\n",
            "return detok.tokens[-1] if detok.tokens else ''",
        ),
    ),
    (
        "#15137 dataclass made a class",
        "a keyword construction",
        K(
            "#15137",
            DT,
            DTW,
            "vllm/aeon/dt2.py",
            DTI + "\n\n"
            "def aeon_detok(tokenizer, ids: list[int]) -> IncrementalDetokenizer:\n"
            "    return IncrementalDetokenizer(token_ids=ids, tokenizer=tokenizer, prompt_len=len(ids))\n",
            "return IncrementalDetokenizer(token_ids=ids, tokenizer=tokenizer, prompt_len=len(ids))",
        ),
    ),
    (
        "#15137 field moved to a subclass",
        "twin: the output_token_ids property kept on the base",
        K(
            "#15137",
            DT,
            DTW,
            "vllm/aeon/dt3.py",
            DTI + "\n\ndef aeon_count(detok: IncrementalDetokenizer) -> int:\n    return len(detok.output_token_ids)\n",
            "return len(detok.output_token_ids)",
        ),
    ),
]


# --- batch 4 (written after the second widening, committed before its own run) ---

# --- #23018 (69244e67e6): key-only multimodal cache: Processor.mm_input_cache_client and the v1 mm_input_cache
#     module removed, MultiModalRegistry.reset_processor_cache removed, Processor.mm_registry a plain attribute
MC = "69244e67e6"
MCW = "mm_input_cache_client / mm_input_cache / reset_processor_cache removed"
CASES += [
    (
        "#23018 attribute removed",
        "a chained read off self.processor in an LLMEngine subclass",
        K(
            "#23018",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            LE + "\n\n"
            "class AeonCacheEngine(LLMEngine):\n"
            "    def aeon_reset_mm(self) -> None:\n"
            "        # AEON: GB10's UMA budget drops the P0 mm cache between batches\n"
            "        self.processor.mm_input_cache_client.reset()\n",
            "self.processor.mm_input_cache_client.reset()",
        ),
    ),
    (
        "#23018 method removed",
        "a call off the registry singleton",
        K(
            "#23018",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "from vllm.config import ModelConfig\n"
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_reset(model_config: ModelConfig) -> bool:\n"
            "    return MULTIMODAL_REGISTRY.reset_processor_cache(model_config)\n",
            "return MULTIMODAL_REGISTRY.reset_processor_cache(model_config)",
        ),
    ),
    (
        "#23018 module removed",
        "an import from the deleted module",
        K(
            "#23018",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            "from vllm.v1.engine.mm_input_cache import MultiModalInputCacheClient\n\n\n"
            "def aeon_client(model_config, registry) -> MultiModalInputCacheClient:\n"
            "    return MultiModalInputCacheClient(model_config, registry)\n",
            "from vllm.v1.engine.mm_input_cache import MultiModalInputCacheClient",
        ),
    ),
    (
        "#23018 property made attribute",
        "twin: the registry read off the processor",
        K(
            "#23018",
            MC,
            MCW,
            "vllm/aeon/mc4.py",
            "from vllm.v1.engine.processor import Processor\n\n\n"
            "def aeon_registry(processor: Processor):\n"
            "    return processor.mm_registry\n",
            "return processor.mm_registry",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-engfront-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
