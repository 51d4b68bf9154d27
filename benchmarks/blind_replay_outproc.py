"""A blind replay of the v1 engine's output path a fork hooks into: output processor, detokenizer, logprobs, outputs.

11 first-parent commits on the surface a fork's output-side code is written against and no other replay used
-- the request outputs (vllm/outputs.py: ``RequestOutput``'s ``prompt_routed_experts`` keyword removed,
``RequestOutput.new`` removed, ``RequestOutput.add`` given a required ``aggregate``, ``PoolingOutput.embedding``
removed), the model runner's output record (vllm/v1/outputs.py: ``routed_experts_dict`` removed,
``pooler_output`` made optional with a None default, ``LogprobsLists``' lists made numpy arrays), the output
processor (``abort_requests`` given a required ``internal``, ``RequestOutputCollector`` a required
``request_id``, ``make_request_output``'s ``num_cached_tokens`` removed, the ``tracer`` attribute gone for
``tracing_enabled``), the logprobs processor (``_correct_decoded_token``'s parameters renamed), parallel
sampling (``ParentRequest.from_params`` removed) and the engine-core wire (vllm/v1/engine/__init__.py:
``EngineCoreOutputs.engine_paused`` removed, ``EngineCoreRequestType.START_DP`` renamed) -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each is
replayed under 1-3 fork spellings written the way fork code is written (a keyword construction, a call off a
typed receiver, a subclass's ``self`` read, an assignment onto a typed receiver, a classmethod call, an enum
member, an iteration of a field made optional, a list method on a field made an array), with twins (fork code
the commit does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling
is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.

Blind, on the engine before any widening (main at 2b28ea40): 13 caught, 1 warned, 2 missed of 16 (twins: 10
quiet, 0 false errors).  The warned: #42434's ``RequestOutput(..., prompt_routed_experts=experts)``, a keyword
upstream's revert removed that now lands in ``RequestOutput.__init__``'s forward-compatibility ``**kwargs``,
whose body only logs them (``logger.warning_once(..., str(kwargs))``): the value is dropped, the engine said
"hands it on".  The misses: #31584's ``len(EMPTY_MODEL_RUNNER_OUTPUT.pooler_output)`` (a field made Optional,
read off upstream's module-level instance, not a typed parameter: the constant now holds None) and #28245's
``ranks = lists.sampled_token_ranks.copy(); ranks.append(-1)`` (a field made ``np.ndarray`` from a list, a
list method called on a copy of it).

After the killers80 widenings: 16 caught, 0 warned, 0 missed of 16 (twins: 10 quiet, 0 false errors).  Caught
now: a keyword swallowed by a ``**kwargs`` whose body only tests and logs it (symbol drift,
``drift/logged_kwargs.py``; at upstream's head RequestOutput.__init__ is the one such body of 1,580 defs with
``**kwargs``); a field made Optional read off a name imported from an upstream module that binds it once to
a call of the class leaving the field to its default (type drift, ``drift/module_instances.py``); a local bound
to a kind-keeping copy (``.copy()``, ``copy.copy``, ``[:]``) of a field made another kind (container drift,
``drift/retyped.py``).  Regression, same engine: killer_replay 26/26, kind_change_replay 12/12, review15/16/17
0 false errors, blind_replay_engine 28/28, blind_replay_openai 17+1 warned of 18, blind_replay_sampling
21/21, blind_replay_wire 31/31 (all 0 false errors, as before); symbol_precision --windows 3: 0 false
errors in each window (caught 4, 1, 4). Fast lane: 3568 passed.

  python benchmarks/blind_replay_outproc.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #42434 (8c79ad6580): the routing-replay revert: RequestOutput's prompt_routed_experts keyword and
#     ModelRunnerOutput.routed_experts_dict removed
RX = "8c79ad6580"
RXW = "prompt_routed_experts / routed_experts_dict removed"
CASES += [
    (
        "#42434 keyword removed",
        "a keyword to RequestOutput",
        K(
            "#42434",
            RX,
            RXW,
            "vllm/aeon/rx1.py",
            "from vllm.outputs import CompletionOutput, RequestOutput\n\n\n"
            "def aeon_final(req_id: str, outs: list[CompletionOutput], experts) -> RequestOutput:\n"
            "    # AEON: the RL trainer replays the prompt's routing on GB10\n"
            "    return RequestOutput(req_id, None, [], None, outs, True, prompt_routed_experts=experts)\n",
            "return RequestOutput(req_id, None, [], None, outs, True, prompt_routed_experts=experts)",
        ),
    ),
    (
        "#42434 field removed",
        "a read off a ModelRunnerOutput parameter",
        K(
            "#42434",
            RX,
            RXW,
            "vllm/aeon/rx2.py",
            "from vllm.v1.outputs import ModelRunnerOutput\n\n\n"
            "def aeon_routed(output: ModelRunnerOutput, req_id: str):\n"
            "    experts = output.routed_experts_dict or {}\n"
            "    return experts.get(req_id)\n",
            "experts = output.routed_experts_dict or {}",
        ),
    ),
    (
        "#42434 keyword removed",
        "twin: the kv_transfer_params keyword kept",
        K(
            "#42434",
            RX,
            RXW,
            "vllm/aeon/rx3.py",
            "from vllm.outputs import CompletionOutput, RequestOutput\n\n\n"
            "def aeon_final2(req_id: str, outs: list[CompletionOutput], params: dict) -> RequestOutput:\n"
            "    return RequestOutput(req_id, None, [], None, outs, True, kv_transfer_params=params)\n",
            "return RequestOutput(req_id, None, [], None, outs, True, kv_transfer_params=params)",
        ),
    ),
]

# --- #31584 (6c2cfb62ff): ModelRunnerOutput's fields given defaults, pooler_output made `list | None = None`,
#     EMPTY_MODEL_RUNNER_OUTPUT built on the defaults (pooler_output None, was [])
PO = "6c2cfb62ff"
POW = "ModelRunnerOutput.pooler_output made optional, default None"
MRO = "from vllm.v1.outputs import EMPTY_MODEL_RUNNER_OUTPUT, ModelRunnerOutput\n\n\n"
CASES += [
    (
        "#31584 field made optional",
        "an iteration of the field off a typed parameter",
        K(
            "#31584",
            PO,
            POW,
            "vllm/aeon/po1.py",
            MRO + "def aeon_pooled_count(output: ModelRunnerOutput) -> int:\n"
            "    # AEON: the embedding lane reports how many rows came back pooled\n"
            "    return sum(1 for t in output.pooler_output if t is not None)\n",
            "return sum(1 for t in output.pooler_output if t is not None)",
        ),
    ),
    (
        "#31584 field made optional",
        "len() of the empty record's field",
        K(
            "#31584",
            PO,
            POW,
            "vllm/aeon/po2.py",
            MRO + "def aeon_is_empty() -> bool:\n    return len(EMPTY_MODEL_RUNNER_OUTPUT.pooler_output) == 0\n",
            "return len(EMPTY_MODEL_RUNNER_OUTPUT.pooler_output) == 0",
        ),
    ),
    (
        "#31584 field made optional",
        "twin: an or-guarded iteration",
        K(
            "#31584",
            PO,
            POW,
            "vllm/aeon/po3.py",
            MRO + "def aeon_pooled_count2(output: ModelRunnerOutput) -> int:\n"
            "    return sum(1 for t in (output.pooler_output or []) if t is not None)\n",
            "return sum(1 for t in (output.pooler_output or []) if t is not None)",
        ),
    ),
]

# --- #18795 (0c492b7824): the deprecated PoolingOutput.embedding / ScoringOutput.embedding properties removed
EM = "0c492b7824"
EMW = "PoolingOutput.embedding removed"
CASES += [
    (
        "#18795 property removed",
        "a read off a typed PoolingOutput",
        K(
            "#18795",
            EM,
            EMW,
            "vllm/aeon/em1.py",
            "from vllm.outputs import PoolingOutput\n\n\n"
            "def aeon_vector(out: PoolingOutput) -> list[float]:\n"
            "    return out.embedding\n",
            "return out.embedding",
        ),
    ),
    (
        "#18795 property removed",
        "twin: the data field kept",
        K(
            "#18795",
            EM,
            EMW,
            "vllm/aeon/em2.py",
            "from vllm.outputs import PoolingOutput\n\n\n"
            "def aeon_vector2(out: PoolingOutput) -> list[float]:\n"
            "    return out.data.tolist()\n",
            "return out.data.tolist()",
        ),
    ),
]

# --- #31162 (325ab6b0a8): OutputProcessor.tracer replaced by tracing_enabled (the engines no longer set it)
TR = "325ab6b0a8"
TRW = "OutputProcessor.tracer removed"
OP = "from vllm.v1.engine.output_processor import OutputProcessor\n\n\n"
CASES += [
    (
        "#31162 attribute removed",
        "a subclass's self read",
        K(
            "#31162",
            TR,
            TRW,
            "vllm/aeon/tr1.py",
            OP + "class AeonOutputProcessor(OutputProcessor):\n"
            "    def aeon_tracing(self) -> bool:\n"
            "        # AEON: the Spark exports spans only when a collector is configured\n"
            "        return self.tracer is not None\n",
            "return self.tracer is not None",
        ),
    ),
    (
        "#31162 attribute removed",
        "twin: log_stats kept",
        K(
            "#31162",
            TR,
            TRW,
            "vllm/aeon/tr2.py",
            OP + "class AeonOutputProcessor2(OutputProcessor):\n"
            "    def aeon_logging(self) -> bool:\n"
            "        return self.log_stats\n",
            "return self.log_stats",
        ),
    ),
]

# --- #27987 (f790068600): OutputProcessor.abort_requests given a required `internal`, RequestOutputCollector a
#     required `request_id`
AB = "f790068600"
ABW = "abort_requests(internal) and RequestOutputCollector(request_id) required"
OPC = "from vllm.sampling_params import RequestOutputKind\nfrom vllm.v1.engine.output_processor import OutputProcessor, RequestOutputCollector\n\n\n"
CASES += [
    (
        "#27987 parameter made required",
        "a call off a typed processor without the new argument",
        K(
            "#27987",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            OPC + "def aeon_drop(processor: OutputProcessor, ids: list[str]) -> list[str]:\n"
            "    # AEON: the Spark's watchdog aborts requests stuck past their deadline\n"
            "    return processor.abort_requests(ids)\n",
            "return processor.abort_requests(ids)",
        ),
    ),
    (
        "#27987 parameter made required",
        "a collector built on its one old argument",
        K(
            "#27987",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            OPC + "def aeon_collector() -> RequestOutputCollector:\n"
            "    return RequestOutputCollector(RequestOutputKind.DELTA)\n",
            "return RequestOutputCollector(RequestOutputKind.DELTA)",
        ),
    ),
    (
        "#27987 parameter made required",
        "twin: an unchanged method off the processor",
        K(
            "#27987",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            OPC + "def aeon_busy(processor: OutputProcessor) -> bool:\n"
            "    return processor.has_unfinished_requests()\n",
            "return processor.has_unfinished_requests()",
        ),
    ),
]

# --- #22283 (ebcce2cd36): RequestState.make_request_output's num_cached_tokens parameter removed (now state)
NC = "ebcce2cd36"
NCW = "make_request_output(num_cached_tokens) removed"
RS = "from vllm.v1.engine.output_processor import RequestState\n\n\n"
CASES += [
    (
        "#22283 keyword removed",
        "a keyword to a typed request state's method",
        K(
            "#22283",
            NC,
            NCW,
            "vllm/aeon/nc1.py",
            RS + "def aeon_emit(state: RequestState, ids: list[int], cached: int):\n"
            "    return state.make_request_output(ids, None, None, None, num_cached_tokens=cached)\n",
            "return state.make_request_output(ids, None, None, None, num_cached_tokens=cached)",
        ),
    ),
    (
        "#22283 keyword removed",
        "twin: the kv_transfer_params keyword kept",
        K(
            "#22283",
            NC,
            NCW,
            "vllm/aeon/nc2.py",
            RS + "def aeon_emit2(state: RequestState, ids: list[int], params: dict):\n"
            "    return state.make_request_output(ids, None, None, None, kv_transfer_params=params)\n",
            "return state.make_request_output(ids, None, None, None, kv_transfer_params=params)",
        ),
    ),
]

# --- #16863 (0e4254492f): RequestOutput.add given a required `aggregate`
AG = "0e4254492f"
AGW = "RequestOutput.add(aggregate) required"
CASES += [
    (
        "#16863 parameter added",
        "a call off a typed output with the old arity",
        K(
            "#16863",
            AG,
            AGW,
            "vllm/aeon/ag1.py",
            "from vllm.outputs import RequestOutput\n\n\n"
            "def aeon_merge(acc: RequestOutput, nxt: RequestOutput) -> RequestOutput:\n"
            "    # AEON: the batch API folds streamed deltas into one response\n"
            "    acc.add(nxt)\n"
            "    return acc\n",
            "acc.add(nxt)",
        ),
    ),
]

# --- #14512 (f5d3acd474): RequestOutput.new removed (parallel sampling finishing)
NW = "f5d3acd474"
NWW = "RequestOutput.new removed"
CASES += [
    (
        "#14512 classmethod removed",
        "a classmethod call",
        K(
            "#14512",
            NW,
            NWW,
            "vllm/aeon/nw1.py",
            "from vllm.outputs import RequestOutput\n\n\n"
            "def aeon_canned(req_id: str, text: str) -> RequestOutput:\n"
            "    # AEON: moderation refusals answer without touching the engine\n"
            "    return RequestOutput.new(req_id, None, None, text, [], None, None, None, finished=True)\n",
            "return RequestOutput.new(req_id, None, None, text, [], None, None, None, finished=True)",
        ),
    ),
    (
        "#14512 classmethod removed",
        "twin: the constructor kept",
        K(
            "#14512",
            NW,
            NWW,
            "vllm/aeon/nw2.py",
            "from vllm.outputs import CompletionOutput, RequestOutput\n\n\n"
            "def aeon_canned2(req_id: str, text: str) -> RequestOutput:\n"
            "    out = CompletionOutput(index=0, text=text, token_ids=[], cumulative_logprob=None, logprobs=None)\n"
            "    return RequestOutput(request_id=req_id, prompt=None, prompt_token_ids=None, prompt_logprobs=None, outputs=[out], finished=True)\n",
            "return RequestOutput(request_id=req_id, prompt=None, prompt_token_ids=None, prompt_logprobs=None, outputs=[out], finished=True)",
        ),
    ),
]

# --- #34875 (8904fc4d19): LogprobsProcessor._correct_decoded_token(idx, tokens) -> (token_id, context_token_ids)
CT = "8904fc4d19"
CTW = "_correct_decoded_token parameters renamed"
CASES += [
    (
        "#34875 keywords renamed",
        "a subclass's keyword call",
        K(
            "#34875",
            CT,
            CTW,
            "vllm/aeon/ct1.py",
            "from vllm.v1.engine.logprobs import LogprobsProcessor\n\n\n"
            "class AeonLogprobsProcessor(LogprobsProcessor):\n"
            "    def aeon_fix(self, i: int, toks: list[int]) -> str:\n"
            "        return self._correct_decoded_token(idx=i, tokens=toks)\n",
            "return self._correct_decoded_token(idx=i, tokens=toks)",
        ),
    ),
]

# --- #14985 (da6ea29f7a): ParentRequest.from_params removed
PR = "da6ea29f7a"
PRW = "ParentRequest.from_params removed"
CASES += [
    (
        "#14985 classmethod removed",
        "a classmethod call",
        K(
            "#14985",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            "from vllm.v1.engine.parallel_sampling import ParentRequest\n\n\n"
            "def aeon_parent(req_id: str, params):\n"
            "    return ParentRequest.from_params(req_id, params)\n",
            "return ParentRequest.from_params(req_id, params)",
        ),
    ),
    (
        "#14985 classmethod removed",
        "twin: the constructor kept",
        K(
            "#14985",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            "from vllm.v1.engine.parallel_sampling import ParentRequest\n\n\n"
            "def aeon_parent2(req_id: str, params):\n"
            "    return ParentRequest(req_id, params)\n",
            "return ParentRequest(req_id, params)",
        ),
    ),
]

# --- #16277 (1e013fa388): EngineCoreOutputs.engine_paused removed (wave_complete/start_wave),
#     EngineCoreRequestType.START_DP renamed START_DP_WAVE
DP = "1e013fa388"
DPW = "engine_paused removed, START_DP renamed"
EC = "from vllm.v1.engine import EngineCoreOutputs, EngineCoreRequestType\n\n\n"
CASES += [
    (
        "#16277 field removed",
        "a read off typed outputs",
        K(
            "#16277",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            EC + "def aeon_paused(outputs: EngineCoreOutputs) -> bool:\n    return outputs.engine_paused\n",
            "return outputs.engine_paused",
        ),
    ),
    (
        "#16277 enum member renamed",
        "an enum member in a table",
        K(
            "#16277",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            EC + "_AEON_LABELS = {EngineCoreRequestType.ADD: 'add', EngineCoreRequestType.START_DP: 'wave'}\n",
            "_AEON_LABELS = {EngineCoreRequestType.ADD: 'add', EngineCoreRequestType.START_DP: 'wave'}",
        ),
    ),
    (
        "#16277 field removed",
        "twin: finished_requests kept",
        K(
            "#16277",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            EC + "def aeon_done(outputs: EngineCoreOutputs) -> int:\n    return len(outputs.finished_requests or ())\n",
            "return len(outputs.finished_requests or ())",
        ),
    ),
]

# --- #28245 (4228be7959): LogprobsLists' lists made numpy arrays
NP = "4228be7959"
NPW = "LogprobsLists fields list -> np.ndarray"
CASES += [
    (
        "#28245 type changed",
        "a list method on a field made an array",
        K(
            "#28245",
            NP,
            NPW,
            "vllm/aeon/np1.py",
            "from vllm.v1.outputs import LogprobsLists\n\n\n"
            "def aeon_ranks(lists: LogprobsLists) -> list[int]:\n"
            "    ranks = lists.sampled_token_ranks.copy()\n"
            "    ranks.append(-1)\n"
            "    return ranks\n",
            "ranks.append(-1)",
        ),
    ),
    (
        "#28245 type changed",
        "twin: len() of the field",
        K(
            "#28245",
            NP,
            NPW,
            "vllm/aeon/np2.py",
            "from vllm.v1.outputs import LogprobsLists\n\n\n"
            "def aeon_rows(lists: LogprobsLists) -> int:\n"
            "    return len(lists.sampled_token_ranks)\n",
            "return len(lists.sampled_token_ranks)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-outproc-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
