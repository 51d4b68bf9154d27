"""A blind replay of the GPU model runner v2's internals: its sampler, input batch, states and CUDA-graph helpers.

12 first-parent commits on ``vllm/v1/worker/gpu/`` outside ``model_runner.py`` (``sample/``, ``input_batch.py``,
``states.py``, ``cudagraph_utils.py``, ``spec_decode/eagle/``) -- the classes and functions a fork's sampler,
speculator or runner subclass carries code against: ``compute_topk_logprobs`` renamed ``compute_topk_scores``,
``CapturedAttentionState`` renamed ``AttentionState`` and ``PrefillEagleCudaGraphManager.capture``'s
``full_cg_attn_states`` renamed ``attn_states``, ``EagleCudaGraphManagerBase`` removed, ``Sampler``'s
``_requires_logits_processing`` replaced by a per-request cache, ``gumbel_sample``'s ``output_processed_logits``
keywords renamed ``logits_cache``, ``PenaltiesState.apply_penalties``'s ``num_speculative_tokens`` removed,
``apply_penalties_and_temperature`` split into ``apply_penalties`` and a temperature kernel, ``SamplingStates``'
``do_min_p``/``do_top_k``/``do_top_p`` removed, ``RequestState``'s LoRA bookkeeping (``NO_LORA_ID``,
``lora_ids``, ``make_lora_inputs``, ``add_request``'s ``lora_request``) moved to a ``LoRAState``,
``PenaltiesState``/``BadWordsState`` constructed from the request state, ``post_update_pool`` renamed
``post_update_num_computed_tokens``, and ``InputBatch`` given a required ``has_prefill`` field -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.  Each
is replayed under 1-3 fork spellings written the way fork code is written (an import, a module-attribute call,
a keyword, a call on a receiver typed as the class, a subclass's ``self.`` use or override, an ``isinstance``
against a module attribute, a dataclass built with keywords), with twins (fork code the commit does not break:
the kept method, the kept class, the still-accepted keyword, ``dataclasses.replace``).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 340cb80b), the first batch: 23 caught, 0 warned, 0 missed of 23 (twins: 12
quiet, 0 false errors).  Every commit of this first batch is a removed or renamed symbol, a removed or renamed
parameter, a changed constructor or a required dataclass field: symbol drift's import, attribute, override and
call checks reach each spelling.  The second blind batch (7 commits whose change is a value's shape or kind, see
the comment above it; committed before the engine ran on it): 5 caught, 1 warned, 4 missed of 10 (twins: 5 quiet,
1 false error of 6).  Warned: #32771's ``sizes.get(...)`` (the error lands on ``sizes = get_cudagraph_sizes(...)``,
the line before).  The misses: #38831's ``init_attn_backend(...)[0]`` (a constant index into a tuple whose element
at that place changed), #32771's ``for ... in get_cudagraph_sizes(...).items()`` (a dict method on a call now
returning a tuple), #44253's two (the values of ``ModelCudaGraphManager.capture``'s dict changed from
``CapturedAttentionState(attn_metadata, slot_mappings)`` to ``AttentionStatePair(warmup, captured)``: a field read
off a value, and a two-name unpack of a value that now binds the pair).  The false error: #40410's twin, a
two-name unpack of ``prepare_inputs_to_capture``, whose tuple became a two-field NamedTuple (return drift counted
the NamedTuple as one value).

After the mrv2 widenings (all in return drift, ``drift/returns.py``; ``tests/audits/test_return_shapes_mrv2.py``):
30 caught, 1 warned, 2 missed of 33 (twins: 18 quiet, 0 false errors).  Caught now: an attribute read straight
off a call's value whose one value upstream made a tuple or nothing (``f(...).items()``), and an element read by
position whose place now holds a value that stood elsewhere when a long element hid the old order (the names
beside it are placed).  Mended: a tuple made a ``NamedTuple`` (a tuple's kin) is no longer read as one value.
Left: #32771's ``sizes.get(...)`` stays warned -- the error lands on ``sizes = get_cudagraph_sizes(...)``, the
binding that now holds the tuple and the line to fix; #44253's two stay missed: the values of a dict a method
returns went from one NamedTuple to another (``CapturedAttentionState`` -> ``AttentionStatePair``), and the fork
reads them through a local bound to the call and then a subscript or an ``.items()`` loop; telling that needs
the dict's value class carried from the typed receiver's method annotation through two bindings, which no
check does yet (a same-arity unpack binding the pair's two fields is silent at runtime too).  Regression set
at the widening's head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0
false errors (40, 30, 23 twins; 1, 0, 1 warned, as on main), blind_replay_runnerv2 21 caught, 1 warned of 22
(13 quiet), blind_replay_runner 25 caught, 1 warned, 1 missed of 27 (16 quiet; the same miss on main),
blind_replay_gpuworker 26 caught, 2 warned of 28 (14 quiet), 0 false errors in each; ``symbol_precision.py
--windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught, 8 warnings).

mend52: #44253's two caught (a record class of a returned dict's values replaced by one lacking a field: the field
read off a value, an unpack into the old fields; ``drift/element_kinds.py`` ``_fields_lost``): 32 caught, 1 warned
of 33 (18 quiet, 0 false errors).

  python benchmarks/blind_replay_mrv2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #47680 (41ea2dd44a): compute_topk_logprobs renamed compute_topk_scores
TS = "41ea2dd44a"
TSW = "compute_topk_logprobs -> compute_topk_scores"
CASES += [
    (
        "#47680 function renamed",
        "an import of the old name",
        K(
            "#47680",
            TS,
            TSW,
            "vllm/aeon/ts1.py",
            "import torch\n\nfrom vllm.v1.worker.gpu.sample.logprob import compute_topk_logprobs\n\n\n"
            "def aeon_draft_logprobs(logits: torch.Tensor, sampled: torch.Tensor, k: int):\n"
            "    # AEON: the Spark's draft model reports its own top-k for acceptance tuning\n"
            "    return compute_topk_logprobs(logits, k, sampled)\n",
            "from vllm.v1.worker.gpu.sample.logprob import compute_topk_logprobs",
        ),
    ),
    (
        "#47680 function renamed",
        "a module-attribute call",
        K(
            "#47680",
            TS,
            TSW,
            "vllm/aeon/ts2.py",
            "import torch\n\nfrom vllm.v1.worker.gpu.sample import logprob as gpu_logprob\n\n\n"
            "def aeon_topk(logits: torch.Tensor, sampled: torch.Tensor, k: int):\n"
            "    return gpu_logprob.compute_topk_logprobs(logits, k, sampled, cu_num_logits=None)\n",
            "return gpu_logprob.compute_topk_logprobs(logits, k, sampled, cu_num_logits=None)",
        ),
    ),
    (
        "#47680 function renamed",
        "twin: a worker built with its old arguments",
        K(
            "#47680",
            TS,
            TSW,
            "vllm/aeon/ts3.py",
            "from vllm.v1.worker.gpu.sample.prompt_logprob import PromptLogprobsWorker\n\n\n"
            "def aeon_prompt_worker(max_num_reqs: int) -> PromptLogprobsWorker:\n"
            "    return PromptLogprobsWorker(max_num_reqs)\n",
            "return PromptLogprobsWorker(max_num_reqs)",
        ),
    ),
]

# --- #44253 (91945b6e4a): CapturedAttentionState -> AttentionState(+Pair); capture(full_cg_attn_states=) renamed
AS = "91945b6e4a"
ASW = "CapturedAttentionState renamed, capture(full_cg_attn_states) -> capture(attn_states)"
CASES += [
    (
        "#44253 class renamed",
        "an import of the old class",
        K(
            "#44253",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            "from vllm.v1.worker.gpu.cudagraph_utils import BatchExecutionDescriptor, CapturedAttentionState\n\n\n"
            "def aeon_no_metadata(desc: BatchExecutionDescriptor) -> CapturedAttentionState:\n"
            "    # AEON: the Spark's piecewise graphs carry no attention metadata\n"
            "    return CapturedAttentionState(None, {})\n",
            "from vllm.v1.worker.gpu.cudagraph_utils import BatchExecutionDescriptor, CapturedAttentionState",
        ),
    ),
    (
        "#44253 keyword renamed",
        "a keyword to a typed receiver's method",
        K(
            "#44253",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            "from vllm.v1.worker.gpu.spec_decode.eagle.cudagraph import PrefillEagleCudaGraphManager\n\n\n"
            "def aeon_capture_prefill(manager: PrefillEagleCudaGraphManager, forward_fn, states) -> None:\n"
            "    manager.capture(forward_fn, full_cg_attn_states=states, progress_bar_desc='AEON draft prefill')\n",
            "manager.capture(forward_fn, full_cg_attn_states=states, progress_bar_desc='AEON draft prefill')",
        ),
    ),
    (
        "#44253 class renamed",
        "twin: the kept descriptor and keyword",
        K(
            "#44253",
            AS,
            ASW,
            "vllm/aeon/as3.py",
            "from vllm.v1.worker.gpu.cudagraph_utils import BatchExecutionDescriptor\n"
            "from vllm.v1.worker.gpu.spec_decode.eagle.cudagraph import PrefillEagleCudaGraphManager\n\n\n"
            "def aeon_capture_quiet(manager: PrefillEagleCudaGraphManager, forward_fn, states) -> None:\n"
            "    manager.capture(forward_fn, states, progress_bar_desc='AEON draft prefill')\n",
            "manager.capture(forward_fn, states, progress_bar_desc='AEON draft prefill')",
        ),
    ),
]

# --- #44078 (4721bb3aa4): EagleCudaGraphManagerBase removed
EB = "4721bb3aa4"
EBW = "EagleCudaGraphManagerBase removed"
CASES += [
    (
        "#44078 class removed",
        "a subclass of the removed base",
        K(
            "#44078",
            EB,
            EBW,
            "vllm/aeon/eb1.py",
            "from vllm.v1.worker.gpu.spec_decode.eagle.cudagraph import EagleCudaGraphManagerBase\n\n\n"
            "class AeonVerifyCudaGraphManager(EagleCudaGraphManagerBase):\n"
            "    # AEON: a third graph set for the Spark's verify pass, on eagle's own pool\n"
            "    pass\n",
            "from vllm.v1.worker.gpu.spec_decode.eagle.cudagraph import EagleCudaGraphManagerBase",
        ),
    ),
    (
        "#44078 class removed",
        "an isinstance against a module attribute",
        K(
            "#44078",
            EB,
            EBW,
            "vllm/aeon/eb2.py",
            "from vllm.v1.worker.gpu.spec_decode.eagle import cudagraph as eagle_cg\n\n\n"
            "def aeon_is_eagle_manager(manager: object) -> bool:\n"
            "    return isinstance(manager, eagle_cg.EagleCudaGraphManagerBase)\n",
            "return isinstance(manager, eagle_cg.EagleCudaGraphManagerBase)",
        ),
    ),
    (
        "#44078 class removed",
        "twin: a subclass of a kept manager",
        K(
            "#44078",
            EB,
            EBW,
            "vllm/aeon/eb3.py",
            "from vllm.v1.worker.gpu.spec_decode.eagle.cudagraph import DecodeEagleCudaGraphManager\n\n\n"
            "class AeonDecodeCudaGraphManager(DecodeEagleCudaGraphManager):\n"
            "    pass\n",
            "class AeonDecodeCudaGraphManager(DecodeEagleCudaGraphManager):",
        ),
    ),
]

# --- #52329 (6664d397bf): Sampler._requires_logits_processing removed (a per-request cache instead)
RL = "6664d397bf"
RLW = "Sampler._requires_logits_processing removed"
SAMPLER = "import numpy as np\n\nfrom vllm.v1.worker.gpu.sample.sampler import Sampler\n\n\n"
CASES += [
    (
        "#52329 method removed",
        "a subclass's override (never called now)",
        K(
            "#52329",
            RL,
            RLW,
            "vllm/aeon/rl1.py",
            SAMPLER + "class AeonSampler(Sampler):\n"
            "    aeon_force_processing = False\n\n"
            "    def _requires_logits_processing(self, idx_mapping_np: np.ndarray) -> bool:\n"
            "        # AEON: the Spark's grammar mask needs the FP32 copy even for greedy requests\n"
            "        return self.aeon_force_processing or super()._requires_logits_processing(idx_mapping_np)\n",
            "    def _requires_logits_processing(self, idx_mapping_np: np.ndarray) -> bool:",
        ),
    ),
    (
        "#52329 method removed",
        "a subclass's self. call",
        K(
            "#52329",
            RL,
            RLW,
            "vllm/aeon/rl2.py",
            SAMPLER + "class AeonPlainSampler(Sampler):\n"
            "    def aeon_is_plain(self, idx_mapping_np: np.ndarray) -> bool:\n"
            "        return not self._requires_logits_processing(idx_mapping_np)\n",
            "return not self._requires_logits_processing(idx_mapping_np)",
        ),
    ),
    (
        "#52329 method removed",
        "twin: an override of a kept method",
        K(
            "#52329",
            RL,
            RLW,
            "vllm/aeon/rl3.py",
            SAMPLER + "class AeonStagedSampler(Sampler):\n"
            "    def apply_staged_writes(self) -> None:\n"
            "        super().apply_staged_writes()\n",
            "super().apply_staged_writes()",
        ),
    ),
]

# --- #50910 (81bc196913): gumbel_sample(output_processed_logits=, output_processed_logits_col=) -> logits_cache(_col)
GS = "81bc196913"
GSW = "gumbel_sample's output_processed_logits keywords renamed"
GUMBEL = "import torch\n\nfrom vllm.v1.worker.gpu.sample.gumbel import gumbel_sample\n\n\n"
CASES += [
    (
        "#50910 keyword renamed",
        "a keyword to the function",
        K(
            "#50910",
            GS,
            GSW,
            "vllm/aeon/gs1.py",
            GUMBEL + "def aeon_sample_keep(logits, idx_mapping, temperature, seed, pos, out: torch.Tensor):\n"
            "    # AEON: keep the processed logits for the Spark's draft acceptance stats\n"
            "    return gumbel_sample(\n"
            "        logits, idx_mapping, temperature, seed, pos, True, output_processed_logits=out\n"
            "    )\n",
            "logits, idx_mapping, temperature, seed, pos, True, output_processed_logits=out",
        ),
    ),
    (
        "#50910 keyword renamed",
        "twin: a kept keyword",
        K(
            "#50910",
            GS,
            GSW,
            "vllm/aeon/gs2.py",
            GUMBEL + "def aeon_sample64(logits, idx_mapping, temperature, seed, pos) -> torch.Tensor:\n"
            "    return gumbel_sample(logits, idx_mapping, temperature, seed, pos, True, use_fp64=True)\n",
            "return gumbel_sample(logits, idx_mapping, temperature, seed, pos, True, use_fp64=True)",
        ),
    ),
]

# --- #40657 (4e498b5e5c): PenaltiesState.apply_penalties / apply_penalties lose num_speculative_tokens
NS = "4e498b5e5c"
NSW = "apply_penalties(num_speculative_tokens) removed"
PEN = "from vllm.v1.worker.gpu.sample.penalties import PenaltiesState\n\n\n"
CASES += [
    (
        "#40657 parameter removed",
        "a keyword to a typed receiver's method",
        K(
            "#40657",
            NS,
            NSW,
            "vllm/aeon/ns1.py",
            PEN
            + "def aeon_penalize(state: PenaltiesState, logits, idx, idx_np, input_ids, local_pos, k: int) -> None:\n"
            "    state.apply_penalties(logits, idx, idx_np, input_ids, local_pos, num_speculative_tokens=k)\n",
            "state.apply_penalties(logits, idx, idx_np, input_ids, local_pos, num_speculative_tokens=k)",
        ),
    ),
    (
        "#40657 parameter removed",
        "one positional too many to the module function",
        K(
            "#40657",
            NS,
            NSW,
            "vllm/aeon/ns2.py",
            "from vllm.v1.worker.gpu.sample import penalties as gpu_pen\n\n\n"
            "def aeon_apply(logits, idx, token_ids, local_pos, rep, freq, pres, prompt_mask, counts, k: int) -> None:\n"
            "    # AEON: the Spark's MTP drafts reuse the target's penalty kernel\n"
            "    gpu_pen.apply_penalties(logits, idx, token_ids, local_pos, rep, freq, pres, prompt_mask, counts, k)\n",
            "gpu_pen.apply_penalties(logits, idx, token_ids, local_pos, rep, freq, pres, prompt_mask, counts, k)",
        ),
    ),
    (
        "#40657 parameter removed",
        "twin: the call without it",
        K(
            "#40657",
            NS,
            NSW,
            "vllm/aeon/ns3.py",
            PEN + "def aeon_penalize2(state: PenaltiesState, logits, idx, idx_np, input_ids, local_pos) -> None:\n"
            "    state.apply_penalties(logits, idx, idx_np, input_ids, local_pos)\n",
            "state.apply_penalties(logits, idx, idx_np, input_ids, local_pos)",
        ),
    ),
]

# --- #32629 (6c01ffb897): apply_penalties_and_temperature -> apply_penalties (temperature applied apart)
PT = "6c01ffb897"
PTW = "apply_penalties_and_temperature split"
CASES += [
    (
        "#32629 method renamed",
        "a typed receiver's method call",
        K(
            "#32629",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            PEN + "def aeon_penalize_t(state: PenaltiesState, logits, idx_mapping, temperature) -> None:\n"
            "    # AEON: one pass over the logits on the Spark's small L2\n"
            "    state.apply_penalties_and_temperature(logits, idx_mapping, temperature)\n",
            "state.apply_penalties_and_temperature(logits, idx_mapping, temperature)",
        ),
    ),
    (
        "#32629 function renamed",
        "an import of the module function",
        K(
            "#32629",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            "from vllm.v1.worker.gpu.sample.penalties import apply_penalties_and_temperature\n\n\n"
            "AEON_PENALTY_KERNELS = {'fused': apply_penalties_and_temperature}\n",
            "from vllm.v1.worker.gpu.sample.penalties import apply_penalties_and_temperature",
        ),
    ),
    (
        "#32629 method renamed",
        "twin: a kept helper",
        K(
            "#32629",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            "from vllm.v1.worker.gpu.sample.penalties import use_penalty\n\n\n"
            "def aeon_penalized(sampling_params) -> bool:\n"
            "    return use_penalty(sampling_params)\n",
            "return use_penalty(sampling_params)",
        ),
    ),
]

# --- #34563 (9ca768c740): SamplingStates.do_min_p/do_top_k/do_top_p removed (apply_* instead)
DT = "9ca768c740"
DTW = "SamplingStates.do_min_p/do_top_k/do_top_p removed"
SST = "import numpy as np\n\nfrom vllm.v1.worker.gpu.sample.states import SamplingStates\n\n\n"
CASES += [
    (
        "#34563 methods removed",
        "a typed receiver's method call",
        K(
            "#34563",
            DT,
            DTW,
            "vllm/aeon/dt1.py",
            SST + "def aeon_needs_sort(states: SamplingStates, idx_mapping_np: np.ndarray) -> bool:\n"
            "    # AEON: the Spark's sampler skips the sort when no request truncates\n"
            "    return bool(states.do_top_k(idx_mapping_np) or states.do_top_p(idx_mapping_np))\n",
            "return bool(states.do_top_k(idx_mapping_np) or states.do_top_p(idx_mapping_np))",
        ),
    ),
    (
        "#34563 methods removed",
        "a subclass's self. call",
        K(
            "#34563",
            DT,
            DTW,
            "vllm/aeon/dt2.py",
            SST + "class AeonSamplingStates(SamplingStates):\n"
            "    def aeon_any_min_p(self, idx_mapping_np: np.ndarray) -> bool:\n"
            "        return bool(self.do_min_p(idx_mapping_np))\n",
            "return bool(self.do_min_p(idx_mapping_np))",
        ),
    ),
    (
        "#34563 methods removed",
        "twin: a kept method",
        K(
            "#34563",
            DT,
            DTW,
            "vllm/aeon/dt3.py",
            SST + "def aeon_logprobs(states: SamplingStates, idx_mapping_np: np.ndarray) -> int:\n"
            "    return states.max_num_logprobs(idx_mapping_np)\n",
            "return states.max_num_logprobs(idx_mapping_np)",
        ),
    ),
]

# --- #33062 (a9b53dd435): RequestState's LoRA bookkeeping moved to LoRAState
LR = "a9b53dd435"
LRW = "NO_LORA_ID, lora_ids, make_lora_inputs, add_request(lora_request) off RequestState"
RST = "from vllm.v1.worker.gpu.states import RequestState\n\n\n"
CASES += [
    (
        "#33062 constant moved",
        "an import of the moved constant",
        K(
            "#33062",
            LR,
            LRW,
            "vllm/aeon/lr1.py",
            "from vllm.v1.worker.gpu.states import NO_LORA_ID\n\n\n"
            "def aeon_has_lora(lora_id: int) -> bool:\n"
            "    return lora_id != NO_LORA_ID\n",
            "from vllm.v1.worker.gpu.states import NO_LORA_ID",
        ),
    ),
    (
        "#33062 parameter removed",
        "a keyword to a typed receiver's method",
        K(
            "#33062",
            LR,
            LRW,
            "vllm/aeon/lr2.py",
            RST + "def aeon_add(states: RequestState, req_id: str, prompt: list[int], lora_request) -> None:\n"
            "    # AEON: the Spark's adapters are registered with the request\n"
            "    states.add_request(req_id, len(prompt), prompt, 0, lora_request=lora_request)\n",
            "states.add_request(req_id, len(prompt), prompt, 0, lora_request=lora_request)",
        ),
    ),
    (
        "#33062 attribute removed",
        "a subclass's self. read",
        K(
            "#33062",
            LR,
            LRW,
            "vllm/aeon/lr3.py",
            RST + "class AeonRequestState(RequestState):\n"
            "    def aeon_lora_of(self, req_idx: int) -> int:\n"
            "        return int(self.lora_ids[req_idx])\n",
            "return int(self.lora_ids[req_idx])",
        ),
    ),
    (
        "#33062 method removed",
        "twin: kept methods",
        K(
            "#33062",
            LR,
            LRW,
            "vllm/aeon/lr4.py",
            RST + "def aeon_drop(states: RequestState, req_id: str) -> int:\n"
            "    states.remove_request(req_id)\n"
            "    return states.num_reqs\n",
            "states.remove_request(req_id)",
        ),
    ),
]

# --- #34662 (d00df624f3): PenaltiesState(max_num_reqs, vocab_size, device) -> PenaltiesState(req_states)
PS = "d00df624f3"
PSW = "PenaltiesState/BadWordsState built from the request state"
CASES += [
    (
        "#34662 constructor changed",
        "the old positional constructor",
        K(
            "#34662",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            "import torch\n\n"
            + PEN
            + "def aeon_penalties(max_num_reqs: int, vocab_size: int, device: torch.device) -> PenaltiesState:\n"
            "    # AEON: the Spark's draft sampler keeps its own penalty counts\n"
            "    return PenaltiesState(max_num_reqs, vocab_size, device)\n",
            "return PenaltiesState(max_num_reqs, vocab_size, device)",
        ),
    ),
    (
        "#34662 constructor changed",
        "the old keywords to a sibling class",
        K(
            "#34662",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            "from vllm.v1.worker.gpu.sample.bad_words import BadWordsState\n\n\n"
            "def aeon_bad_words(token_ids, prompt_len, total_len) -> BadWordsState:\n"
            "    return BadWordsState(all_token_ids=token_ids, prompt_len=prompt_len, total_len=total_len)\n",
            "return BadWordsState(all_token_ids=token_ids, prompt_len=prompt_len, total_len=total_len)",
        ),
    ),
    (
        "#34662 constructor changed",
        "twin: a kept method",
        K(
            "#34662",
            PS,
            PSW,
            "vllm/aeon/ps3.py",
            PEN + "def aeon_register(state: PenaltiesState, req_idx: int, sampling_params) -> None:\n"
            "    state.add_request(req_idx, sampling_params)\n",
            "state.add_request(req_idx, sampling_params)",
        ),
    ),
]

# --- #42187 (e15f20258b): post_update_pool renamed post_update_num_computed_tokens
PU = "e15f20258b"
PUW = "post_update_pool -> post_update_num_computed_tokens"
CASES += [
    (
        "#42187 function renamed",
        "an import of the old name",
        K(
            "#42187",
            PU,
            PUW,
            "vllm/aeon/pu1.py",
            "from vllm.v1.worker.gpu.input_batch import post_update_pool\n\n\n"
            "def aeon_pool_step(idx_mapping, num_computed_tokens, query_start_loc) -> None:\n"
            "    # AEON: the Spark's pooling path advances its own counters\n"
            "    post_update_pool(idx_mapping, num_computed_tokens, query_start_loc)\n",
            "from vllm.v1.worker.gpu.input_batch import post_update_pool",
        ),
    ),
    (
        "#42187 function renamed",
        "a module-attribute call",
        K(
            "#42187",
            PU,
            PUW,
            "vllm/aeon/pu2.py",
            "from vllm.v1.worker.gpu import input_batch as gpu_ib\n\n\n"
            "def aeon_pool_step2(idx_mapping, num_computed_tokens, query_start_loc) -> None:\n"
            "    gpu_ib.post_update_pool(idx_mapping, num_computed_tokens, query_start_loc)\n",
            "gpu_ib.post_update_pool(idx_mapping, num_computed_tokens, query_start_loc)",
        ),
    ),
    (
        "#42187 function renamed",
        "twin: a kept function",
        K(
            "#42187",
            PU,
            PUW,
            "vllm/aeon/pu3.py",
            "from vllm.v1.worker.gpu.input_batch import expand_idx_mapping\n\n\nAEON_EXPAND = expand_idx_mapping\n",
            "from vllm.v1.worker.gpu.input_batch import expand_idx_mapping",
        ),
    ),
]

# --- #51865 (0a94d85a66): InputBatch gains a required has_prefill field
HP = "0a94d85a66"
HPW = "InputBatch.has_prefill required"
IB = "import dataclasses\n\nimport numpy as np\n\nfrom vllm.v1.worker.gpu.input_batch import InputBatch\n\n\n"
CASES += [
    (
        "#51865 required field inserted",
        "a dataclass built with keywords",
        K(
            "#51865",
            HP,
            HPW,
            "vllm/aeon/hp1.py",
            IB + "def aeon_without_logits(b: InputBatch) -> InputBatch:\n"
            "    # AEON: the Spark's pooling pass runs the batch without sampling\n"
            "    return InputBatch(\n"
            "        req_ids=b.req_ids, num_reqs=b.num_reqs, num_reqs_after_padding=b.num_reqs_after_padding,\n"
            "        idx_mapping=b.idx_mapping, idx_mapping_np=b.idx_mapping_np,\n"
            "        expanded_idx_mapping=b.expanded_idx_mapping, expanded_local_pos=b.expanded_local_pos,\n"
            "        num_scheduled_tokens=b.num_scheduled_tokens, num_tokens=b.num_tokens,\n"
            "        num_tokens_after_padding=b.num_tokens_after_padding, num_draft_tokens=0,\n"
            "        num_draft_tokens_per_req=None, query_start_loc=b.query_start_loc,\n"
            "        query_start_loc_np=b.query_start_loc_np, seq_lens=b.seq_lens,\n"
            "        seq_lens_cpu_upper_bound=b.seq_lens_cpu_upper_bound, dcp_local_seq_lens=b.dcp_local_seq_lens,\n"
            "        num_computed_tokens_np=b.num_computed_tokens_np, prefill_len_np=b.prefill_len_np,\n"
            "        num_computed_prefill_tokens_np=b.num_computed_prefill_tokens_np,\n"
            "        is_prefilling_np=b.is_prefilling_np, max_seq_len_np=b.max_seq_len_np,\n"
            "        input_ids=b.input_ids, positions=b.positions, is_padding=b.is_padding,\n"
            "        logits_indices=b.logits_indices[:0], cu_num_logits=b.cu_num_logits,\n"
            "        cu_num_logits_np=np.zeros_like(b.cu_num_logits_np), has_structured_output_reqs=False,\n"
            "        prompt_lens=b.prompt_lens,\n"
            "    )\n",
            "return InputBatch(",
        ),
    ),
    (
        "#51865 required field inserted",
        "twin: dataclasses.replace",
        K(
            "#51865",
            HP,
            HPW,
            "vllm/aeon/hp2.py",
            IB + "def aeon_no_structured(b: InputBatch) -> InputBatch:\n"
            "    return dataclasses.replace(b, has_structured_output_reqs=False)\n",
            "return dataclasses.replace(b, has_structured_output_reqs=False)",
        ),
    ),
]


# ---- A second blind batch (written after the first batch was caught whole, committed before the engine ran on
# it): changes of a value's shape or kind rather than of a name -- a returned tuple lengthened or shortened, a
# returned dict made a tuple of dicts, a NamedTuple's fields replaced by another NamedTuple's, an attribute's
# array made a buffer object -- with twins whose use the change leaves valid.

# --- #32936 (8f121f7879): init_attn_backend returns (backends, groups, cg_support_info) instead of a pair
IA = "8f121f7879"
IAW = "init_attn_backend 2-tuple -> 3-tuple"
CASES += [
    (
        "#32936 returned tuple lengthened",
        "a two-name unpack",
        K(
            "#32936",
            IA,
            IAW,
            "vllm/aeon/ia1.py",
            "from vllm.v1.worker.gpu.attn_utils import init_attn_backend\n\n\n"
            "def aeon_draft_attn(kv_cache_config, vllm_config, device, draft_layers: set[str]):\n"
            "    # AEON: the Spark's drafter builds its own attention groups\n"
            "    attn_backends, attn_groups = init_attn_backend(kv_cache_config, vllm_config, device, draft_layers)\n"
            "    return attn_backends, attn_groups\n",
            "attn_backends, attn_groups = init_attn_backend(kv_cache_config, vllm_config, device, draft_layers)",
        ),
    ),
    (
        "#32936 returned tuple lengthened",
        "twin: an index the change keeps",
        K(
            "#32936",
            IA,
            IAW,
            "vllm/aeon/ia2.py",
            "from vllm.v1.worker.gpu.attn_utils import init_attn_backend\n\n\n"
            "def aeon_groups(kv_cache_config, vllm_config, device):\n"
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[1]\n",
            "return init_attn_backend(kv_cache_config, vllm_config, device)[1]",
        ),
    ),
]

# --- #38831 (1223732dda): init_attn_backend drops the backends dict: a 4-tuple becomes a 3-tuple
IB4 = "1223732dda"
IB4W = "init_attn_backend 4-tuple -> 3-tuple (backends dropped)"
CASES += [
    (
        "#38831 returned tuple shortened",
        "a four-name unpack of a module-attribute call",
        K(
            "#38831",
            IB4,
            IB4W,
            "vllm/aeon/ib1.py",
            "from vllm.v1.worker.gpu import attn_utils as gpu_attn\n\n\n"
            "def aeon_backends(kv_cache_config, vllm_config, device):\n"
            "    backends, groups, cg_info, block_sizes = gpu_attn.init_attn_backend(kv_cache_config, vllm_config, device)\n"
            "    return backends\n",
            "backends, groups, cg_info, block_sizes = gpu_attn.init_attn_backend(kv_cache_config, vllm_config, device)",
        ),
    ),
    (
        "#38831 returned tuple shortened",
        "an index that now names another element",
        K(
            "#38831",
            IB4,
            IB4W,
            "vllm/aeon/ib2.py",
            "from vllm.v1.worker.gpu.attn_utils import init_attn_backend\n\n\n"
            "def aeon_backend_names(kv_cache_config, vllm_config, device) -> dict[str, str]:\n"
            "    # AEON: log which backend each layer got on the Spark\n"
            "    backends = init_attn_backend(kv_cache_config, vllm_config, device)[0]\n"
            "    return {layer: backend.get_name() for layer, backend in backends.items()}\n",
            "backends = init_attn_backend(kv_cache_config, vllm_config, device)[0]",
        ),
    ),
    (
        "#38831 returned tuple shortened",
        "twin: a starred unpack of the kept last element",
        K(
            "#38831",
            IB4,
            IB4W,
            "vllm/aeon/ib3.py",
            "from vllm.v1.worker.gpu.attn_utils import init_attn_backend\n\n\n"
            "def aeon_kernel_block_sizes(kv_cache_config, vllm_config, device) -> list[int]:\n"
            "    *_, kernel_block_sizes = init_attn_backend(kv_cache_config, vllm_config, device)\n"
            "    return kernel_block_sizes\n",
            "*_, kernel_block_sizes = init_attn_backend(kv_cache_config, vllm_config, device)",
        ),
    ),
]

# --- #32771 (11d3976b88): get_cudagraph_sizes returns (decode sizes, mixed sizes) instead of one dict
CS = "11d3976b88"
CSW = "get_cudagraph_sizes dict -> tuple[dict, dict]"
CASES += [
    (
        "#32771 returned dict made a tuple",
        "a dict method on the result",
        K(
            "#32771",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            "from vllm.v1.worker.gpu.cudagraph_utils import get_cudagraph_sizes\n\n\n"
            "def aeon_padded(capture_sizes, max_num_reqs: int, max_num_tokens: int, mode, num_tokens: int) -> int:\n"
            "    # AEON: the Spark's scheduler pads its budget to a captured size\n"
            "    sizes = get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode)\n"
            "    return sizes.get(num_tokens, num_tokens)\n",
            "return sizes.get(num_tokens, num_tokens)",
        ),
    ),
    (
        "#32771 returned dict made a tuple",
        "an .items() loop over the call",
        K(
            "#32771",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            "from vllm.v1.worker.gpu import cudagraph_utils as cgu\n\n\n"
            "def aeon_log_sizes(capture_sizes, max_num_reqs: int, max_num_tokens: int, mode) -> list[str]:\n"
            "    out = []\n"
            "    for num_tokens, padded in cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).items():\n"
            "        out.append(f'{num_tokens}->{padded}')\n"
            "    return out\n",
            "for num_tokens, padded in cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).items():",
        ),
    ),
]

# --- #44253 (91945b6e4a): the capture result's values: CapturedAttentionState -> AttentionStatePair(warmup, captured)
SP = "91945b6e4a"
SPW = "ModelCudaGraphManager.capture -> dict[desc, AttentionStatePair]"
MCG = "from vllm.v1.worker.gpu.cudagraph_utils import ModelCudaGraphManager\n\n\n"
CASES += [
    (
        "#44253 returned NamedTuple replaced",
        "a field read off a value of the result",
        K(
            "#44253",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            MCG + "def aeon_capture_metadata(manager: ModelCudaGraphManager, *args) -> dict:\n"
            "    # AEON: the Spark's drafter reuses the target's captured metadata\n"
            "    states = manager.capture(*args)\n"
            "    return {desc: state.attn_metadata for desc, state in states.items()}\n",
            "return {desc: state.attn_metadata for desc, state in states.items()}",
        ),
    ),
    (
        "#44253 returned NamedTuple replaced",
        "a two-name unpack of a value (same arity, other fields)",
        K(
            "#44253",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            MCG + "def aeon_slot_mappings(manager: ModelCudaGraphManager, desc, *args) -> dict:\n"
            "    states = manager.capture(*args)\n"
            "    attn_metadata, slot_mappings = states[desc]\n"
            "    return slot_mappings\n",
            "attn_metadata, slot_mappings = states[desc]",
        ),
    ),
    (
        "#44253 returned NamedTuple replaced",
        "twin: the result's keys",
        K(
            "#44253",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            MCG + "def aeon_captured(manager: ModelCudaGraphManager, *args) -> list:\n"
            "    return sorted(manager.capture(*args), key=lambda desc: desc.num_tokens)\n",
            "return sorted(manager.capture(*args), key=lambda desc: desc.num_tokens)",
        ),
    ),
]

# --- #40410 (4c7c69b4e0): prepare_inputs_to_capture returns a NamedTuple of the same two values (a twin commit)
PI = "4c7c69b4e0"
PIW = "prepare_inputs_to_capture tuple -> CapturedAttentionState(attn_metadata, slot_mappings)"
CASES += [
    (
        "#40410 tuple made a NamedTuple",
        "twin: a two-name unpack the NamedTuple keeps",
        K(
            "#40410",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            "from vllm.v1.worker.gpu.cudagraph_utils import prepare_inputs_to_capture\n\n\n"
            "def aeon_dummy_attn(num_reqs: int, num_tokens: int, *args):\n"
            "    attn_metadata, slot_mappings = prepare_inputs_to_capture(num_reqs, num_tokens, *args)\n"
            "    return attn_metadata\n",
            "attn_metadata, slot_mappings = prepare_inputs_to_capture(num_reqs, num_tokens, *args)",
        ),
    ),
]

# --- #33433 (387a1898d9): RequestState.prompt_len an ndarray -> a UvaBackedTensor (read through .np)
PL = "387a1898d9"
PLW = "RequestState.prompt_len np.ndarray -> UvaBackedTensor"
CASES += [
    (
        "#33433 attribute retyped",
        "a subscript of a typed receiver's attribute",
        K(
            "#33433",
            PL,
            PLW,
            "vllm/aeon/pl1.py",
            "import numpy as np\n\n"
            + RST
            + "def aeon_prompt_lens(states: RequestState, idx_mapping_np: np.ndarray) -> np.ndarray:\n"
            "    # AEON: the Spark's prompt-cache stats read the prompt lengths on the host\n"
            "    return states.prompt_len[idx_mapping_np]\n",
            "return states.prompt_len[idx_mapping_np]",
        ),
    ),
    (
        "#33433 attribute retyped",
        "a subclass's self. subscript write",
        K(
            "#33433",
            PL,
            PLW,
            "vllm/aeon/pl2.py",
            RST + "class AeonRequestState2(RequestState):\n"
            "    def aeon_truncate_prompt(self, req_idx: int, n: int) -> None:\n"
            "        self.prompt_len[req_idx] = min(int(self.prompt_len[req_idx]), n)\n",
            "self.prompt_len[req_idx] = min(int(self.prompt_len[req_idx]), n)",
        ),
    ),
    (
        "#33433 attribute retyped",
        "twin: an array the change leaves an array",
        K(
            "#33433",
            PL,
            PLW,
            "vllm/aeon/pl3.py",
            "import numpy as np\n\n"
            + RST
            + "def aeon_computed(states: RequestState, idx_mapping_np: np.ndarray) -> np.ndarray:\n"
            "    return states.num_computed_prefill_tokens[idx_mapping_np]\n",
            "return states.num_computed_prefill_tokens[idx_mapping_np]",
        ),
    ),
]

# --- #51447 (b64a2708b0): MAX_NUM_BAD_WORDS / MAX_BAD_WORDS_TOTAL_TOKENS moved to environment variables
BW = "b64a2708b0"
BWW = "bad_words limits moved off the module"
CASES += [
    (
        "#51447 constant removed",
        "an import of the module constant",
        K(
            "#51447",
            BW,
            BWW,
            "vllm/aeon/bw1.py",
            "from vllm.v1.worker.gpu.sample.bad_words import MAX_NUM_BAD_WORDS\n\n\n"
            "def aeon_check_bad_words(words: list[list[int]]) -> None:\n"
            "    # AEON: reject early in the Spark's frontend\n"
            "    if len(words) > MAX_NUM_BAD_WORDS:\n"
            "        raise ValueError('too many bad words')\n",
            "from vllm.v1.worker.gpu.sample.bad_words import MAX_NUM_BAD_WORDS",
        ),
    ),
    (
        "#51447 constant removed",
        "twin: the kept state class",
        K(
            "#51447",
            BW,
            BWW,
            "vllm/aeon/bw2.py",
            "from vllm.v1.worker.gpu.sample.bad_words import BadWordsState\n\n\n"
            "def aeon_register_bad_words(state: BadWordsState, req_idx: int, sampling_params) -> None:\n"
            "    state.add_request(req_idx, sampling_params)\n",
            "state.add_request(req_idx, sampling_params)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-mrv2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
