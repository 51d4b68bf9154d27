"""A blind replay of the offline LLM entrypoint class and the engine's output path a fork patches.

10 first-parent commits on the surface a fork that drives vLLM offline carries code against -- the ``LLM``
class (its constructor's keywords handed on to ``EngineArgs``: ``override_pooler_config`` and
``disable_mm_preprocessor_cache`` removed, ``seed=None`` no longer turned into 0, the ``swap_space`` shim that
popped the keyword removed; ``generate``/``encode``'s ``prompt_token_ids=`` keyword removed;
``wait_for_completion`` taking ``output_type`` first and ``_run_completion`` requiring it), the outputs
(``RequestOutput.multi_modal_placeholders`` removed, ``RequestOutput.from_seq_group`` and
``RequestOutputFactory`` deleted), the V1 ``LLMEngine`` (``use_cached_outputs`` removed, the
``validate_outputs`` classmethod removed) and the output processor (``wait_for_requests_to_drain`` and
``_requests_drained`` removed, ``routed_experts`` dropped from ``make_request_output`` and
``_new_completion_output``) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork
code is written (a read off an output typed as the model, a loop over ``llm.generate``'s result, a keyword to
the constructor, a ``**kwargs`` dict's key, a ``super().__init__`` keyword, a classmethod called off the
class, a positional argument that now binds a new first parameter, a subclass calling a helper without the
argument it now requires, an import of a deleted name, an await of a removed coroutine), with twins (fork
code the commit does not break).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins
must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 12e6b122): 15 caught, 4 warned, 2 missed of 21 (twins: 10
quiet, 0 false errors).  The misses: #34944's read in ``for out in llm.generate(prompts)`` (a loop over a
method's result was untyped) and #30397's ``LLM(model=m, seed=None)`` (the ``None`` check read class fields,
not an ``__init__``'s parameters).  The warnings: #29402's ``LLM(override_pooler_config=...)`` and #48549's
``LLM(swap_space=0)`` ("**kwargs takes it and hands it on: check that the value still reaches what used it"),
#30397's ``LLM(disable_mm_preprocessor_cache=True)`` (only a seed default-drift warning: ``LLM`` itself never
named the keyword), and #48549's ``{'swap_space': 0}`` dict handed on as ``**`` (the dead-knob warning).
After the killers64 widenings: 20 caught, 1 warned, 0 missed of 21 (twins: 10 quiet, 0 false errors).
Caught now: a keyword a callee's ``**kwargs`` hands on whole to a class or function of the tree that takes
it neither by name nor in ``**kwargs`` any more, where it bound before (symbol drift, ``drift/forwarded.py``);
a read off a loop variable over a typed receiver's method result, typed by its ``-> list[X]``; ``None``
passed to a constructor parameter upstream made non-optional along with its ``None`` default
(``drift/none_fields.py``).  Left warned: the ``{'swap_space': 0}`` dict -- the error lands on the
``LLM(model, **AEON_LLM_KWARGS)`` call's line, not the dict's.
The regression set after (killers64 head): killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_openai 17/1/0 of 18, _engine 28/0/0 of 28, _serving 29/5/0 of 34, _runtime 33/2/0 of 35 (0 false
errors in each), review15/16/17_twins 0 false errors (40, 30, 23 twins), kwargs_key_replay 8/8 with 0 false,
symbol_precision --windows 3: 0 false errors; swallowed_replay --since 2026-03-01: 3 keywords handed on are
errors now (real TypeErrors, #39153), 32 stay warnings.

  python benchmarks/blind_replay_llmapi.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

LLMI = "from vllm import LLM\n\n\n"
ROUT = "from vllm.outputs import RequestOutput\n\n\n"

# --- #34944 (f9ac19204f): RequestOutput.multi_modal_placeholders removed (keyword and attribute)
MP = "f9ac19204f"
MPW = "RequestOutput.multi_modal_placeholders removed"
CASES += [
    (
        "#34944 output attribute removed",
        "a read off an output typed as the model",
        K(
            "#34944",
            MP,
            MPW,
            "vllm/aeon/mp1.py",
            ROUT + "def aeon_num_images(output: RequestOutput) -> int:\n"
            "    # AEON: the Spark's batch report counts the image spans each prompt carried\n"
            "    return len(output.multi_modal_placeholders.get('image', []))\n",
            "return len(output.multi_modal_placeholders.get('image', []))",
        ),
    ),
    (
        "#34944 output attribute removed",
        "a read in a loop over LLM.generate's result",
        K(
            "#34944",
            MP,
            MPW,
            "vllm/aeon/mp2.py",
            LLMI + "def aeon_spans(llm: LLM, prompts: list) -> list:\n"
            "    spans = []\n"
            "    for out in llm.generate(prompts):\n"
            "        spans.append(out.multi_modal_placeholders)\n"
            "    return spans\n",
            "spans.append(out.multi_modal_placeholders)",
        ),
    ),
    (
        "#34944 output attribute removed",
        "twin: num_cached_tokens kept",
        K(
            "#34944",
            MP,
            MPW,
            "vllm/aeon/mp3.py",
            ROUT + "def aeon_cached(output: RequestOutput) -> int:\n    return output.num_cached_tokens or 0\n",
            "return output.num_cached_tokens or 0",
        ),
    ),
]

# --- #39750 (1842447c09): LLMEngine.__init__'s use_cached_outputs removed
UC = "1842447c09"
UCW = "LLMEngine(use_cached_outputs=) removed"
LE = "from vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
CASES += [
    (
        "#39750 engine keyword removed",
        "a keyword to the constructor",
        K(
            "#39750",
            UC,
            UCW,
            "vllm/aeon/uc1.py",
            LE + "def aeon_engine(vllm_config, executor_class) -> LLMEngine:\n"
            "    return LLMEngine(vllm_config, executor_class, log_stats=False, use_cached_outputs=True)\n",
            "return LLMEngine(vllm_config, executor_class, log_stats=False, use_cached_outputs=True)",
        ),
    ),
    (
        "#39750 engine keyword removed",
        "a super().__init__ keyword in a subclass",
        K(
            "#39750",
            UC,
            UCW,
            "vllm/aeon/uc2.py",
            LE + "class AeonLLMEngine(LLMEngine):\n"
            "    def __init__(self, vllm_config, executor_class, log_stats: bool) -> None:\n"
            "        # AEON: outputs reused across steps on the Spark\n"
            "        super().__init__(vllm_config, executor_class, log_stats, use_cached_outputs=True)\n",
            "super().__init__(vllm_config, executor_class, log_stats, use_cached_outputs=True)",
        ),
    ),
    (
        "#39750 engine keyword removed",
        "twin: multiprocess_mode kept",
        K(
            "#39750",
            UC,
            UCW,
            "vllm/aeon/uc3.py",
            LE + "def aeon_engine2(vllm_config, executor_class) -> LLMEngine:\n"
            "    return LLMEngine(vllm_config, executor_class, log_stats=False, multiprocess_mode=True)\n",
            "return LLMEngine(vllm_config, executor_class, log_stats=False, multiprocess_mode=True)",
        ),
    ),
]

# --- #34794 (ac900c89bb): LLMEngine.validate_outputs removed; wait_for_completion takes output_type first;
#     LLM._run_completion requires output_type
OT = "ac900c89bb"
OTW = "output type checked in LLM"
CASES += [
    (
        "#34794 classmethod removed",
        "a classmethod called off the class",
        K(
            "#34794",
            OT,
            OTW,
            "vllm/aeon/ot1.py",
            "from vllm.outputs import RequestOutput\n"
            "from vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
            "def aeon_checked(outputs: list) -> list[RequestOutput]:\n"
            "    return LLMEngine.validate_outputs(outputs, RequestOutput)\n",
            "return LLMEngine.validate_outputs(outputs, RequestOutput)",
        ),
    ),
    (
        "#34794 positional now binds a new first parameter",
        "use_tqdm passed positionally",
        K(
            "#34794",
            OT,
            OTW,
            "vllm/aeon/ot2.py",
            LLMI + "def aeon_drain(llm: LLM) -> list:\n"
            "    # AEON: no progress bar in the Spark's batch jobs\n"
            "    return llm.wait_for_completion(False)\n",
            "return llm.wait_for_completion(False)",
        ),
    ),
    (
        "#34794 required parameter added",
        "a subclass calling the helper without it",
        K(
            "#34794",
            OT,
            OTW,
            "vllm/aeon/ot3.py",
            LLMI + "class AeonLLM(LLM):\n"
            "    def aeon_complete(self, prompts, params):\n"
            "        return self._run_completion(prompts, params, use_tqdm=False)\n",
            "return self._run_completion(prompts, params, use_tqdm=False)",
        ),
    ),
    (
        "#34794 positional now binds a new first parameter",
        "twin: use_tqdm by keyword",
        K(
            "#34794",
            OT,
            OTW,
            "vllm/aeon/ot4.py",
            LLMI + "def aeon_drain2(llm: LLM) -> list:\n    return llm.wait_for_completion(use_tqdm=False)\n",
            "return llm.wait_for_completion(use_tqdm=False)",
        ),
    ),
]

# --- #34528 (dbf0da817a): OutputProcessor.wait_for_requests_to_drain and _requests_drained removed
DR = "dbf0da817a"
DRW = "engine pause/sleep cleanup"
OP = "from vllm.v1.engine.output_processor import OutputProcessor\n\n\n"
CASES += [
    (
        "#34528 method removed",
        "an await off a typed receiver",
        K(
            "#34528",
            DR,
            DRW,
            "vllm/aeon/dr1.py",
            OP + "async def aeon_quiesce(output_processor: OutputProcessor) -> None:\n"
            "    # AEON: weights swap on the Spark only once every request has drained\n"
            "    await output_processor.wait_for_requests_to_drain()\n",
            "await output_processor.wait_for_requests_to_drain()",
        ),
    ),
    (
        "#34528 attribute no longer set",
        "a subclass reading the event",
        K(
            "#34528",
            DR,
            DRW,
            "vllm/aeon/dr2.py",
            OP + "class AeonOutputProcessor(OutputProcessor):\n"
            "    def aeon_idle(self) -> bool:\n"
            "        return self._requests_drained.is_set()\n",
            "return self._requests_drained.is_set()",
        ),
    ),
    (
        "#34528 method removed",
        "twin: has_unfinished_requests kept",
        K(
            "#34528",
            DR,
            DRW,
            "vllm/aeon/dr3.py",
            OP + "def aeon_idle2(output_processor: OutputProcessor) -> bool:\n"
            "    return not output_processor.has_unfinished_requests()\n",
            "return not output_processor.has_unfinished_requests()",
        ),
    ),
]

# --- #39568 (c7560af424): routed_experts dropped from RequestState.make_request_output/_new_completion_output
RE = "c7560af424"
REW = "routed_experts parameter removed from the output path"
RS = "from vllm.v1.engine.output_processor import RequestState\n\n\n"
CASES += [
    (
        "#39568 parameter removed",
        "a fourth positional to the helper from a subclass",
        K(
            "#39568",
            RE,
            REW,
            "vllm/aeon/re1.py",
            RS + "class AeonRequestState(RequestState):\n"
            "    def aeon_final(self, token_ids, finish_reason, stop_reason, experts):\n"
            "        return self._new_completion_output(token_ids, finish_reason, stop_reason, experts)\n",
            "return self._new_completion_output(token_ids, finish_reason, stop_reason, experts)",
        ),
    ),
    (
        "#39568 parameter removed",
        "a keyword off a typed receiver",
        K(
            "#39568",
            RE,
            REW,
            "vllm/aeon/re2.py",
            RS + "def aeon_emit(req_state: RequestState, ids: list[int], experts):\n"
            "    return req_state.make_request_output(ids, None, None, None, routed_experts=experts)\n",
            "return req_state.make_request_output(ids, None, None, None, routed_experts=experts)",
        ),
    ),
    (
        "#39568 parameter removed",
        "twin: kv_transfer_params kept",
        K(
            "#39568",
            RE,
            REW,
            "vllm/aeon/re3.py",
            RS + "def aeon_emit2(req_state: RequestState, ids: list[int]):\n"
            "    return req_state.make_request_output(ids, None, None, None, kv_transfer_params=None)\n",
            "return req_state.make_request_output(ids, None, None, None, kv_transfer_params=None)",
        ),
    ),
]

# --- #29402 (a1f2676879): override_pooler_config removed (LLM, EngineArgs, ModelConfig)
PC = "a1f2676879"
PCW = "override_pooler_config removed"
CASES += [
    (
        "#29402 constructor keyword removed",
        "a keyword to LLM handed on to EngineArgs",
        K(
            "#29402",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            "from vllm import LLM\nfrom vllm.config import PoolerConfig\n\n\n"
            "def aeon_embedder(model: str) -> LLM:\n"
            "    return LLM(model=model, override_pooler_config=PoolerConfig(pooling_type='MEAN'))\n",
            "return LLM(model=model, override_pooler_config=PoolerConfig(pooling_type='MEAN'))",
        ),
    ),
    (
        "#29402 constructor keyword removed",
        "a keyword to EngineArgs",
        K(
            "#29402",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, override_pooler_config={'normalize': False})\n",
            "return EngineArgs(model=model, override_pooler_config={'normalize': False})",
        ),
    ),
    (
        "#29402 constructor keyword removed",
        "twin: pooler_config kept",
        K(
            "#29402",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            "from vllm import LLM\nfrom vllm.config import PoolerConfig\n\n\n"
            "def aeon_embedder2(model: str) -> LLM:\n"
            "    return LLM(model=model, pooler_config=PoolerConfig(pooling_type='MEAN'))\n",
            "return LLM(model=model, pooler_config=PoolerConfig(pooling_type='MEAN'))",
        ),
    ),
]

# --- #48549 (94c0ef3001): LLM.__init__ no longer pops the deprecated swap_space (EngineArgs lost it in #36216)
SW = "94c0ef3001"
SWW = "swap_space shim removed"
CASES += [
    (
        "#48549 keyword shim removed",
        "a keyword to LLM",
        K(
            "#48549",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            LLMI + "def aeon_llm(model: str) -> LLM:\n"
            "    # AEON: the Spark's unified memory: no CPU swap\n"
            "    return LLM(model=model, swap_space=0)\n",
            "return LLM(model=model, swap_space=0)",
        ),
    ),
    (
        "#48549 keyword shim removed",
        "a key of the kwargs dict handed to LLM",
        K(
            "#48549",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            LLMI + "AEON_LLM_KWARGS = {'swap_space': 0, 'enforce_eager': True}\n\n\n"
            "def aeon_llm2(model: str) -> LLM:\n"
            "    return LLM(model, **AEON_LLM_KWARGS)\n",
            "AEON_LLM_KWARGS = {'swap_space': 0, 'enforce_eager': True}",
        ),
    ),
    (
        "#48549 keyword shim removed",
        "twin: cpu_offload_gb kept",
        K(
            "#48549",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            LLMI + "def aeon_llm3(model: str) -> LLM:\n    return LLM(model=model, cpu_offload_gb=0)\n",
            "return LLM(model=model, cpu_offload_gb=0)",
        ),
    ),
]

# --- #30397 (7e24e5d4d6): seed=None no longer mapped to 0 (LLM's default now 0), disable_mm_preprocessor_cache removed
SD = "7e24e5d4d6"
SDW = "deprecated seed/MM settings removed"
CASES += [
    (
        "#30397 None no longer accepted",
        "seed=None to LLM",
        K(
            "#30397",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            LLMI + "def aeon_sampler_llm(model: str) -> LLM:\n"
            "    # AEON: fresh randomness per run on the Spark's eval jobs\n"
            "    return LLM(model=model, seed=None)\n",
            "return LLM(model=model, seed=None)",
        ),
    ),
    (
        "#30397 constructor keyword removed",
        "a removed EngineArgs keyword to LLM",
        K(
            "#30397",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            LLMI + "def aeon_vlm(model: str) -> LLM:\n"
            "    return LLM(model=model, disable_mm_preprocessor_cache=True)\n",
            "return LLM(model=model, disable_mm_preprocessor_cache=True)",
        ),
    ),
    (
        "#30397 constructor keyword removed",
        "twin: an int seed and mm_processor_cache_gb kept",
        K(
            "#30397",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            LLMI + "def aeon_vlm2(model: str) -> LLM:\n"
            "    return LLM(model=model, seed=1234, mm_processor_cache_gb=0)\n",
            "return LLM(model=model, seed=1234, mm_processor_cache_gb=0)",
        ),
    ),
]

# --- #25330 (12dbd834cf): RequestOutput.from_seq_group and RequestOutputFactory deleted
SG = "12dbd834cf"
SGW = "from_seq_group methods removed"
CASES += [
    (
        "#25330 name deleted",
        "an import of the factory",
        K(
            "#25330",
            SG,
            SGW,
            "vllm/aeon/sg1.py",
            "from vllm.outputs import RequestOutputFactory\n\n\n"
            "def aeon_output(seq_group, table):\n"
            "    return RequestOutputFactory.create(seq_group, table, use_cache=False)\n",
            "from vllm.outputs import RequestOutputFactory",
        ),
    ),
    (
        "#25330 classmethod removed",
        "a classmethod called off the class",
        K(
            "#25330",
            SG,
            SGW,
            "vllm/aeon/sg2.py",
            ROUT + "def aeon_output2(seq_group, table):\n"
            "    return RequestOutput.from_seq_group(seq_group, False, table)\n",
            "return RequestOutput.from_seq_group(seq_group, False, table)",
        ),
    ),
    (
        "#25330 name deleted",
        "twin: the output classes kept",
        K(
            "#25330",
            SG,
            SGW,
            "vllm/aeon/sg3.py",
            "from vllm.outputs import CompletionOutput, RequestOutput\n\n\n"
            "def aeon_text(output: RequestOutput) -> str:\n"
            "    first: CompletionOutput = output.outputs[0]\n"
            "    return first.text\n",
            "from vllm.outputs import CompletionOutput, RequestOutput",
        ),
    ),
]

# --- #18800 (8896eb72eb): LLM.generate/encode's prompt_token_ids keyword removed
PT = "8896eb72eb"
PTW = "prompt_token_ids keyword fallback removed"
CASES += [
    (
        "#18800 method keyword removed",
        "a keyword to LLM.generate",
        K(
            "#18800",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            "from vllm import LLM, SamplingParams\n\n\n"
            "def aeon_replay(llm: LLM, ids: list[list[int]], sp: SamplingParams) -> list:\n"
            "    # AEON: the Spark's regression suite replays pre-tokenized prompts\n"
            "    return llm.generate(prompt_token_ids=ids, sampling_params=sp)\n",
            "return llm.generate(prompt_token_ids=ids, sampling_params=sp)",
        ),
    ),
    (
        "#18800 method keyword removed",
        "a keyword to LLM.encode off self",
        K(
            "#18800",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            LLMI + "class AeonEmbedLLM(LLM):\n"
            "    def aeon_embed_ids(self, ids: list[list[int]]) -> list:\n"
            "        return self.encode(prompt_token_ids=ids, use_tqdm=False)\n",
            "return self.encode(prompt_token_ids=ids, use_tqdm=False)",
        ),
    ),
    (
        "#18800 method keyword removed",
        "twin: token prompts as dicts",
        K(
            "#18800",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            "from vllm import LLM, SamplingParams\n\n\n"
            "def aeon_replay2(llm: LLM, ids: list[list[int]], sp: SamplingParams) -> list:\n"
            "    return llm.generate([{'prompt_token_ids': t} for t in ids], sampling_params=sp)\n",
            "return llm.generate([{'prompt_token_ids': t} for t in ids], sampling_params=sp)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-llmapi-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
