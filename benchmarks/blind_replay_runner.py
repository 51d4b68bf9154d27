"""A blind replay of the v1 GPU model runner, its input batch and the runner's output types a fork patches.

11 first-parent commits on the surface a fork that carries its own model runner writes code against --
``vllm/v1/worker/gpu_model_runner.py`` (a hook removed: ``apply_grammar_bitmask`` moved to the structured
output utils, ``get_dp_padding`` gone with ``ubatch_splitting``, ``initialize_cudagraph_capture`` folded into
``_check_and_update_cudagraph_mode``; the persistent ``*_cpu``/``*_np`` buffers folded into ``CpuGpuBuffer``;
``capture_model`` now returning the graphs' memory the worker reads; ``may_reinitialize_input_batch`` now
called with ``kernel_block_sizes``), ``vllm/v1/worker/gpu_input_batch.py`` (``prev_sampled_token_ids_invalid_indices``
removed, ``in_progress_prompt_logprobs_cpu`` moved onto ``CachedRequestState``) and ``vllm/v1/outputs.py``
(``ModelRunnerOutput.spec_token_ids`` removed, ``KVConnectorOutput.merge`` removed, ``LogprobsLists.slice``
replaced by ``slice_request``) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork
runner code is written (a subclass of ``GPUModelRunner`` reading ``self.<buffer>``, an override of a hook,
an override returning nothing, an override on the old signature, a keyword to the output dataclass, a read
off a typed ``InputBatch``, a classmethod call, an import of a deleted module), with twins (fork code the
commit does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.  A second batch of 7 commits (return shapes, a type change, a returned value,
positional shifts: ``_prepare_inputs`` and ``_determine_batch_execution_and_padding`` returning one value more,
``_get_encoder_seq_lens`` returning a pair, ``self.positions`` made a ``CpuGpuBuffer``, the encoder-instance stub
output's ``[[0]]`` made ``[[]]``, ``MultiGroupBlockTable(max_model_len)`` and ``InputBatch(pin_memory)`` removed,
``InputBatch(is_spec_decode=)`` replaced) was committed blind too, before its first run.

Blind, on the engine before any widening (branch base 12e6b122): the first batch 15 caught, 1 warned, 0 missed
of 16 (twins: 10 quiet, 0 false errors); both batches 22 caught, 2 warned, 3 missed of 27 (twins: 14 quiet, 0
false errors).  The two warned are errors on another line of the file: #21489's on the override's ``def`` (the
replay names its ``super().capture_model()`` line), #29268's on the call (the replay names the ``lens.max()``
after it).  The misses: #51738's ``logits_indices, spec = self._prepare_inputs(...)`` in a runner subclass
(another class defines ``_prepare_inputs`` with another shape, so the name was not resolved, and the change
sits in a ``return (`` and a ``-> tuple[`` written one element a line, which the file prefilter did not see),
#23515's ``self.positions[:num_tokens]`` (a tensor made a ``CpuGpuBuffer``, which cannot be subscripted), and
#50275's ``tokens[0]`` of each stub output's token list (a placeholder ``[0]`` made ``[]``).
After the killers62 widenings (two twins added with them): 24 caught, 2 warned, 1 missed of 27 (twins: 16
quiet, 0 false errors).  Caught now: ``self.m(...)`` in a class with one base that does not define ``m`` is
resolved as ``Base.m`` by return drift, and a changed element line of a return or annotation spread over lines
qualifies the file (``drift/returns.py``); a subscript of an attribute upstream now always sets to a class of
its own with no ``__getitem__`` (``drift/wrapped_fields.py``).  Left: #50275, a value inside what a function
returns (each request's ``[0]`` placeholder made an empty list) read by index only on the encoder-instance
path; telling it needs the element values of a returned comprehension tied to an index read of the fork's, a
value class no other replay has shown.

  python benchmarks/blind_replay_runner.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

RUNNER = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
BATCH = "from vllm.v1.worker.gpu_input_batch import InputBatch\n\n\n"

# --- #38546 (350af48e14): KVConnectorOutput.merge() removed
KM = "350af48e14"
KMW = "KVConnectorOutput.merge removed"
KVO = "from vllm.v1.outputs import KVConnectorOutput\n\n\n"
CASES += [
    (
        "#38546 classmethod removed",
        "a classmethod call on the output type",
        K(
            "#38546",
            KM,
            KMW,
            "vllm/aeon/km1.py",
            KVO + "def aeon_fold(outputs: list[KVConnectorOutput]) -> KVConnectorOutput:\n"
            "    # AEON: the Spark runs two connector ranks per node and folds their reports\n"
            "    return KVConnectorOutput.merge(*outputs)\n",
            "return KVConnectorOutput.merge(*outputs)",
        ),
    ),
    (
        "#38546 classmethod removed",
        "twin: is_empty kept",
        K(
            "#38546",
            KM,
            KMW,
            "vllm/aeon/km2.py",
            KVO + "def aeon_any(outputs: list[KVConnectorOutput]) -> bool:\n"
            "    return any(not o.is_empty() for o in outputs)\n",
            "return any(not o.is_empty() for o in outputs)",
        ),
    ),
]

# --- #26514 (2e54db4d2b): InputBatch.prev_sampled_token_ids_invalid_indices removed
PI = "2e54db4d2b"
PIW = "InputBatch.prev_sampled_token_ids_invalid_indices removed"
CASES += [
    (
        "#26514 input batch field removed",
        "a read off self.input_batch in a runner subclass",
        K(
            "#26514",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            RUNNER + "class AeonModelRunner(GPUModelRunner):\n"
            "    def aeon_invalid(self) -> set[int]:\n"
            "        # AEON: async scheduling on GB10 skips the discarded rows\n"
            "        return self.input_batch.prev_sampled_token_ids_invalid_indices or set()\n",
            "return self.input_batch.prev_sampled_token_ids_invalid_indices or set()",
        ),
    ),
    (
        "#26514 input batch field removed",
        "a read off a parameter typed InputBatch",
        K(
            "#26514",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            BATCH + "def aeon_num_invalid(batch: InputBatch) -> int:\n"
            "    invalid = batch.prev_sampled_token_ids_invalid_indices\n"
            "    return 0 if invalid is None else len(invalid)\n",
            "invalid = batch.prev_sampled_token_ids_invalid_indices",
        ),
    ),
    (
        "#26514 input batch field removed",
        "twin: prev_sampled_token_ids kept",
        K(
            "#26514",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            BATCH + "def aeon_has_prev(batch: InputBatch) -> bool:\n"
            "    return batch.prev_sampled_token_ids is not None\n",
            "return batch.prev_sampled_token_ids is not None",
        ),
    ),
]

# --- #41411 (422dd02598): InputBatch.in_progress_prompt_logprobs_cpu moved onto CachedRequestState
PL = "422dd02598"
PLW = "InputBatch.in_progress_prompt_logprobs_cpu moved to CachedRequestState"
CASES += [
    (
        "#41411 input batch field moved",
        "a dict read off self.input_batch in a runner subclass",
        K(
            "#41411",
            PL,
            PLW,
            "vllm/aeon/pl1.py",
            RUNNER + "class AeonModelRunner2(GPUModelRunner):\n"
            "    def aeon_partial(self, req_id: str) -> bool:\n"
            "        return req_id in self.input_batch.in_progress_prompt_logprobs_cpu\n",
            "return req_id in self.input_batch.in_progress_prompt_logprobs_cpu",
        ),
    ),
    (
        "#41411 input batch field moved",
        "twin: num_logprobs kept",
        K(
            "#41411",
            PL,
            PLW,
            "vllm/aeon/pl2.py",
            RUNNER + "class AeonModelRunner3(GPUModelRunner):\n"
            "    def aeon_wants_logprobs(self, req_id: str) -> bool:\n"
            "        return req_id in self.input_batch.num_logprobs\n",
            "return req_id in self.input_batch.num_logprobs",
        ),
    ),
]

# --- #23041 (c9b38be8aa): ModelRunnerOutput.spec_token_ids removed (drafts now taken via take_draft_token_ids)
SP = "c9b38be8aa"
SPW = "ModelRunnerOutput.spec_token_ids removed"
MRO = "from vllm.v1.outputs import ModelRunnerOutput\n\n\n"
CASES += [
    (
        "#23041 output field removed",
        "a keyword to the output dataclass",
        K(
            "#23041",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            MRO + "def aeon_empty_output(req_ids: list[str]) -> ModelRunnerOutput:\n"
            "    return ModelRunnerOutput(\n"
            "        req_ids=req_ids,\n"
            "        req_id_to_index={r: i for i, r in enumerate(req_ids)},\n"
            "        sampled_token_ids=[[] for _ in req_ids],\n"
            "        spec_token_ids=None,\n"
            "        logprobs=None,\n"
            "        prompt_logprobs_dict={},\n"
            "        pooler_output=[],\n"
            "    )\n",
            "spec_token_ids=None,",
        ),
    ),
    (
        "#23041 output field removed",
        "a read off a typed output",
        K(
            "#23041",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            MRO + "def aeon_num_drafts(output: ModelRunnerOutput) -> int:\n"
            "    # AEON: the Spark's ngram drafter is metered per step\n"
            "    return sum(len(t) for t in output.spec_token_ids or [])\n",
            "return sum(len(t) for t in output.spec_token_ids or [])",
        ),
    ),
    (
        "#23041 output field removed",
        "twin: sampled_token_ids kept",
        K(
            "#23041",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            MRO + "def aeon_num_sampled(output: ModelRunnerOutput) -> int:\n"
            "    return sum(len(t) for t in output.sampled_token_ids)\n",
            "return sum(len(t) for t in output.sampled_token_ids)",
        ),
    ),
]

# --- #23515 (0ff902f3b4): the runner's *_cpu / *_np persistent buffers folded into CpuGpuBuffer
CB = "0ff902f3b4"
CBW = "GPUModelRunner.positions_np / seq_lens_cpu removed (CpuGpuBuffer)"
CASES += [
    (
        "#23515 runner buffers folded",
        "a numpy buffer read in a runner subclass",
        K(
            "#23515",
            CB,
            CBW,
            "vllm/aeon/cb1.py",
            RUNNER + "class AeonModelRunner4(GPUModelRunner):\n"
            "    def aeon_max_position(self, num_tokens: int) -> int:\n"
            "        return int(self.positions_np[:num_tokens].max())\n",
            "return int(self.positions_np[:num_tokens].max())",
        ),
    ),
    (
        "#23515 runner buffers folded",
        "a cpu tensor sliced in a runner subclass",
        K(
            "#23515",
            CB,
            CBW,
            "vllm/aeon/cb2.py",
            RUNNER + "class AeonModelRunner5(GPUModelRunner):\n"
            "    def aeon_seq_lens(self, num_reqs: int) -> list[int]:\n"
            "        return self.seq_lens_cpu[:num_reqs].tolist()\n",
            "return self.seq_lens_cpu[:num_reqs].tolist()",
        ),
    ),
    (
        "#23515 runner buffers folded",
        "twin: max_num_tokens kept",
        K(
            "#23515",
            CB,
            CBW,
            "vllm/aeon/cb3.py",
            RUNNER + "class AeonModelRunner6(GPUModelRunner):\n"
            "    def aeon_fits(self, num_tokens: int) -> bool:\n"
            "        return num_tokens <= self.max_num_tokens\n",
            "return num_tokens <= self.max_num_tokens",
        ),
    ),
]

# --- #21999 (470484a4f5): GPUModelRunner.apply_grammar_bitmask moved to vllm.v1.structured_output.utils
GB = "470484a4f5"
GBW = "GPUModelRunner.apply_grammar_bitmask moved to structured_output.utils"
CASES += [
    (
        "#21999 runner hook moved",
        "a hook override upstream no longer calls",
        K(
            "#21999",
            GB,
            GBW,
            "vllm/aeon/gb1.py",
            RUNNER + "class AeonModelRunner7(GPUModelRunner):\n"
            "    def apply_grammar_bitmask(self, scheduler_output, logits):\n"
            "        # AEON: xgrammar's CUDA kernel is missing on GB10; mask on the CPU copy\n"
            "        logits_cpu = logits.cpu()\n"
            "        super().apply_grammar_bitmask(scheduler_output, logits_cpu)\n"
            "        logits.copy_(logits_cpu)\n",
            "def apply_grammar_bitmask(self, scheduler_output, logits):",
        ),
    ),
    (
        "#21999 runner hook moved",
        "a self call to the hook",
        K(
            "#21999",
            GB,
            GBW,
            "vllm/aeon/gb2.py",
            RUNNER + "class AeonModelRunner8(GPUModelRunner):\n"
            "    def aeon_masked(self, scheduler_output, logits):\n"
            "        self.apply_grammar_bitmask(scheduler_output, logits)\n"
            "        return logits\n",
            "self.apply_grammar_bitmask(scheduler_output, logits)",
        ),
    ),
]

# --- #25768 (2111b4643c): GPUModelRunner.get_dp_padding removed, vllm/v1/worker/ubatch_splitting.py deleted
DP = "2111b4643c"
DPW = "get_dp_padding removed, ubatch_splitting deleted"
CASES += [
    (
        "#25768 runner method removed",
        "a self call in a runner subclass",
        K(
            "#25768",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            RUNNER + "class AeonModelRunner9(GPUModelRunner):\n"
            "    def aeon_padded(self, num_tokens: int) -> int:\n"
            "        num_pad, _ = self.get_dp_padding(num_tokens)\n"
            "        return num_tokens + num_pad\n",
            "num_pad, _ = self.get_dp_padding(num_tokens)",
        ),
    ),
    (
        "#25768 runner method removed",
        "an import of the deleted module",
        K(
            "#25768",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            "from vllm.v1.worker.ubatch_splitting import check_ubatch_thresholds\n\n\n"
            "def aeon_split(config, num_tokens: int, uniform: bool) -> bool:\n"
            "    return check_ubatch_thresholds(config, num_tokens, uniform)\n",
            "from vllm.v1.worker.ubatch_splitting import check_ubatch_thresholds",
        ),
    ),
    (
        "#25768 runner method removed",
        "twin: ubatch_utils' UBatchSlice kept",
        K(
            "#25768",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            "from vllm.v1.worker.ubatch_utils import UBatchSlice\n\n\n"
            "def aeon_len(s: UBatchSlice) -> int:\n"
            "    return s.token_slice.stop - s.token_slice.start\n",
            "from vllm.v1.worker.ubatch_utils import UBatchSlice",
        ),
    ),
]

# --- #27427 (85fee74b33): GPUModelRunner.initialize_cudagraph_capture removed (now _check_and_update_cudagraph_mode)
CG = "85fee74b33"
CGW = "initialize_cudagraph_capture removed"
CASES += [
    (
        "#27427 runner hook removed",
        "an override that chains to the removed hook",
        K(
            "#27427",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            RUNNER + "class AeonModelRunner10(GPUModelRunner):\n"
            "    def initialize_cudagraph_capture(self) -> None:\n"
            "        super().initialize_cudagraph_capture()\n"
            "        # AEON: GB10 graphs over 256 tokens overflow the carve-out\n"
            "        self.cudagraph_batch_sizes = [s for s in self.cudagraph_batch_sizes if s <= 256]\n",
            "super().initialize_cudagraph_capture()",
        ),
    ),
    (
        "#27427 runner hook removed",
        "twin: a capture_model override",
        K(
            "#27427",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            RUNNER + "class AeonModelRunner11(GPUModelRunner):\n"
            "    def capture_model(self) -> int:\n"
            "        size = super().capture_model()\n"
            "        return size\n",
            "size = super().capture_model()",
        ),
    ),
]

# --- #21489 (94e6b2d55f): GPUModelRunner.capture_model returns the graphs' memory; gpu_worker reads it
CM = "94e6b2d55f"
CMW = "capture_model -> None becomes -> int, read by the worker"
CASES += [
    (
        "#21489 return value now read",
        "an override that returns nothing",
        K(
            "#21489",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            RUNNER + "class AeonModelRunner12(GPUModelRunner):\n"
            "    def capture_model(self) -> None:\n"
            "        # AEON: GB10 unified memory: drop the allocator cache after capture\n"
            "        super().capture_model()\n"
            "        self.aeon_trim()\n\n"
            "    def aeon_trim(self) -> None:\n"
            "        pass\n",
            "super().capture_model()",
        ),
    ),
    (
        "#21489 return value now read",
        "twin: an override that hands the value on",
        K(
            "#21489",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            RUNNER + "class AeonModelRunner13(GPUModelRunner):\n"
            "    def capture_model(self):\n"
            "        return super().capture_model()\n",
            "return super().capture_model()",
        ),
    ),
]

# --- #26476 (df334868ca): may_reinitialize_input_batch(kv_cache_config) now called with kernel_block_sizes
KB = "df334868ca"
KBW = "may_reinitialize_input_batch gained kernel_block_sizes"
CASES += [
    (
        "#26476 hook gained a parameter",
        "an override on the old signature",
        K(
            "#26476",
            KB,
            KBW,
            "vllm/aeon/kb1.py",
            RUNNER + "class AeonModelRunner14(GPUModelRunner):\n"
            "    def may_reinitialize_input_batch(self, kv_cache_config) -> None:\n"
            "        # AEON: keep the Spark's pinned batch when the block size is unchanged\n"
            "        super().may_reinitialize_input_batch(kv_cache_config)\n",
            "def may_reinitialize_input_batch(self, kv_cache_config) -> None:",
        ),
    ),
    (
        "#26476 hook gained a parameter",
        "twin: an override passing *args on",
        K(
            "#26476",
            KB,
            KBW,
            "vllm/aeon/kb2.py",
            RUNNER + "class AeonModelRunner15(GPUModelRunner):\n"
            "    def may_reinitialize_input_batch(self, *args, **kwargs) -> None:\n"
            "        super().may_reinitialize_input_batch(*args, **kwargs)\n",
            "def may_reinitialize_input_batch(self, *args, **kwargs) -> None:",
        ),
    ),
]

# --- #29542 (8e7a891602): LogprobsLists.slice(start, end) replaced by slice_request(req_idx, num_positions)
SL = "8e7a891602"
SLW = "LogprobsLists.slice replaced by slice_request"
LL = "from vllm.v1.outputs import LogprobsLists\n\n\n"
CASES += [
    (
        "#29542 method renamed",
        "a call off a typed receiver",
        K(
            "#29542",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            LL + "def aeon_first(lists: LogprobsLists) -> LogprobsLists:\n    return lists.slice(0, 1)\n",
            "return lists.slice(0, 1)",
        ),
    ),
    (
        "#29542 method renamed",
        "twin: a field read kept",
        K(
            "#29542",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            LL + "def aeon_ranks(lists: LogprobsLists):\n    return lists.sampled_token_ranks\n",
            "return lists.sampled_token_ranks",
        ),
    ),
]

# ---- A second blind batch (committed before its first run): return shapes, types, values and positional
#      shifts on the same surface, the shapes the first batch did not try.

# --- #51738 (f97e502969): GPUModelRunner._prepare_inputs returns three values, not two
PR = "f97e502969"
PRW = "_prepare_inputs returns (logits_indices, spec_decode_metadata, max_num_sampled_tokens)"
CASES += [
    (
        "#51738 returned tuple grew",
        "a two-name unpack in a runner subclass",
        K(
            "#51738",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            RUNNER + "class AeonModelRunner16(GPUModelRunner):\n"
            "    def aeon_logits_rows(self, scheduler_output, num_scheduled_tokens):\n"
            "        logits_indices, spec_decode_metadata = self._prepare_inputs(scheduler_output, num_scheduled_tokens)\n"
            "        return logits_indices.numel()\n",
            "logits_indices, spec_decode_metadata = self._prepare_inputs(scheduler_output, num_scheduled_tokens)",
        ),
    ),
    (
        "#51738 returned tuple grew",
        "twin: the head indexed",
        K(
            "#51738",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            RUNNER + "class AeonModelRunner17(GPUModelRunner):\n"
            "    def aeon_logits_rows2(self, scheduler_output, num_scheduled_tokens):\n"
            "        logits_indices = self._prepare_inputs(scheduler_output, num_scheduled_tokens)[0]\n"
            "        return logits_indices.numel()\n",
            "logits_indices = self._prepare_inputs(scheduler_output, num_scheduled_tokens)[0]",
        ),
    ),
]

# twins added with the killers62 widenings (after the blind runs): what the widened classes must leave alone
CASES += [
    (
        "#51738 returned tuple grew",
        "twin: a starred unpack",
        K(
            "#51738",
            PR,
            PRW,
            "vllm/aeon/pr3.py",
            RUNNER + "class AeonModelRunner24(GPUModelRunner):\n"
            "    def aeon_logits_rows3(self, scheduler_output, num_scheduled_tokens):\n"
            "        logits_indices, *_ = self._prepare_inputs(scheduler_output, num_scheduled_tokens)\n"
            "        return logits_indices.numel()\n",
            "logits_indices, *_ = self._prepare_inputs(scheduler_output, num_scheduled_tokens)",
        ),
    ),
    (
        "#23515 attribute type changed",
        "twin: the subclass sets its own buffer",
        K(
            "#23515",
            CB,
            CBW,
            "vllm/aeon/cb5.py",
            "import torch\n\n" + RUNNER + "class AeonModelRunner25(GPUModelRunner):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.positions = torch.zeros(self.max_num_tokens, dtype=torch.int64)\n\n"
            "    def aeon_positions2(self, num_tokens: int):\n"
            "        return self.positions[:num_tokens]\n",
            "return self.positions[:num_tokens]",
        ),
    ),
]

# --- #29268 (798e87db5c): _get_encoder_seq_lens returns (gpu, cpu), not one array; its first parameter renamed
ES = "798e87db5c"
ESW = "_get_encoder_seq_lens returns a pair"
CASES += [
    (
        "#29268 one value became a pair",
        "the result used as the array",
        K(
            "#29268",
            ES,
            ESW,
            "vllm/aeon/es1.py",
            RUNNER + "class AeonModelRunner18(GPUModelRunner):\n"
            "    def aeon_max_encoder_len(self, scheduler_output, kv_cache_spec, num_reqs) -> int:\n"
            "        lens = self._get_encoder_seq_lens(scheduler_output.scheduled_encoder_inputs, kv_cache_spec, num_reqs)\n"
            "        return 0 if lens is None else int(lens.max())\n",
            "return 0 if lens is None else int(lens.max())",
        ),
    ),
]

# --- #29825 (69520bc695): _determine_batch_execution_and_padding returns five values (cudagraph_stats added)
BE = "69520bc695"
BEW = "_determine_batch_execution_and_padding returns five values"
CASES += [
    (
        "#29825 returned tuple grew",
        "a four-name unpack in a runner subclass",
        K(
            "#29825",
            BE,
            BEW,
            "vllm/aeon/be1.py",
            RUNNER + "class AeonModelRunner19(GPUModelRunner):\n"
            "    def aeon_mode(self, num_tokens, num_reqs, num_scheduled_tokens_np, max_num_scheduled_tokens):\n"
            "        mode, desc, ubatch_slices, num_tokens_across_dp = self._determine_batch_execution_and_padding(\n"
            "            num_tokens, num_reqs, num_scheduled_tokens_np, max_num_scheduled_tokens, False\n"
            "        )\n"
            "        return mode\n",
            "mode, desc, ubatch_slices, num_tokens_across_dp = self._determine_batch_execution_and_padding(",
        ),
    ),
    (
        "#29825 returned tuple grew",
        "twin: a starred unpack",
        K(
            "#29825",
            BE,
            BEW,
            "vllm/aeon/be2.py",
            RUNNER + "class AeonModelRunner20(GPUModelRunner):\n"
            "    def aeon_mode2(self, num_tokens, num_reqs, num_scheduled_tokens_np, max_num_scheduled_tokens):\n"
            "        mode, desc, *_ = self._determine_batch_execution_and_padding(\n"
            "            num_tokens, num_reqs, num_scheduled_tokens_np, max_num_scheduled_tokens, False\n"
            "        )\n"
            "        return mode\n",
            "mode, desc, *_ = self._determine_batch_execution_and_padding(",
        ),
    ),
]

# --- #23515 (0ff902f3b4) again: self.positions is a CpuGpuBuffer now, no longer a tensor
CASES += [
    (
        "#23515 attribute type changed",
        "a tensor slice of a buffer now a CpuGpuBuffer",
        K(
            "#23515",
            CB,
            CBW,
            "vllm/aeon/cb4.py",
            RUNNER + "class AeonModelRunner21(GPUModelRunner):\n"
            "    def aeon_positions(self, num_tokens: int):\n"
            "        # AEON: the Spark's rope cache is warmed from the live positions\n"
            "        return self.positions[:num_tokens]\n",
            "return self.positions[:num_tokens]",
        ),
    ),
]

# --- #50275 (50c51682a1): make_empty_encoder_model_runner_output emits no token ([[]]), not a 0 placeholder ([[0]])
EO = "50c51682a1"
EOW = "encoder-instance stub output: [[0]] -> [[]] per request"
MEO = "from vllm.v1.outputs import make_empty_encoder_model_runner_output\n\n\n"
CASES += [
    (
        "#50275 returned value changed",
        "the placeholder token indexed",
        K(
            "#50275",
            EO,
            EOW,
            "vllm/aeon/eo1.py",
            MEO + "def aeon_first_tokens(scheduler_output) -> list[int]:\n"
            "    out = make_empty_encoder_model_runner_output(scheduler_output)\n"
            "    return [tokens[0] for tokens in out.sampled_token_ids]\n",
            "return [tokens[0] for tokens in out.sampled_token_ids]",
        ),
    ),
    (
        "#50275 returned value changed",
        "twin: the request ids read",
        K(
            "#50275",
            EO,
            EOW,
            "vllm/aeon/eo2.py",
            MEO + "def aeon_ids(scheduler_output) -> list[str]:\n"
            "    return make_empty_encoder_model_runner_output(scheduler_output).req_ids\n",
            "return make_empty_encoder_model_runner_output(scheduler_output).req_ids",
        ),
    ),
]

# --- #40996 (95ed0feaa5): MultiGroupBlockTable drops max_model_len; max_num_blocks now required
MG = "95ed0feaa5"
MGW = "MultiGroupBlockTable(max_model_len) removed, max_num_blocks required"
MGT = "from vllm.v1.worker.block_table import MultiGroupBlockTable\n\n\n"
CASES += [
    (
        "#40996 positional parameter removed",
        "a positional call that now shifts",
        K(
            "#40996",
            MG,
            MGW,
            "vllm/aeon/mg1.py",
            MGT + "def aeon_tables(n, max_len, max_tokens, device, sizes, kernel_sizes, max_blocks):\n"
            "    return MultiGroupBlockTable(n, max_len, max_tokens, True, device, sizes, kernel_sizes, max_blocks)\n",
            "return MultiGroupBlockTable(n, max_len, max_tokens, True, device, sizes, kernel_sizes, max_blocks)",
        ),
    ),
    (
        "#40996 positional parameter removed",
        "a keyword call",
        K(
            "#40996",
            MG,
            MGW,
            "vllm/aeon/mg2.py",
            MGT + "def aeon_tables2(n, max_len, max_tokens, device, sizes, kernel_sizes):\n"
            "    return MultiGroupBlockTable(\n"
            "        max_num_reqs=n,\n"
            "        max_model_len=max_len,\n"
            "        max_num_batched_tokens=max_tokens,\n"
            "        pin_memory=True,\n"
            "        device=device,\n"
            "        block_sizes=sizes,\n"
            "        kernel_block_sizes=kernel_sizes,\n"
            "    )\n",
            "max_model_len=max_len,",
        ),
    ),
]

# --- #45424 (7df3d7dada): InputBatch's pin_memory parameter and attribute removed (PIN_MEMORY used instead)
PM = "7df3d7dada"
PMW = "InputBatch(pin_memory) removed"
CASES += [
    (
        "#45424 positional parameter removed",
        "a positional construction that now shifts",
        K(
            "#45424",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            BATCH + "def aeon_batch(n, max_len, max_tokens, device, vocab, sizes, kernel_sizes) -> InputBatch:\n"
            "    return InputBatch(n, max_len, max_tokens, device, True, vocab, sizes, kernel_sizes)\n",
            "return InputBatch(n, max_len, max_tokens, device, True, vocab, sizes, kernel_sizes)",
        ),
    ),
    (
        "#45424 positional parameter removed",
        "the attribute read off the runner's batch",
        K(
            "#45424",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            RUNNER + "class AeonModelRunner22(GPUModelRunner):\n"
            "    def aeon_pinned(self) -> bool:\n"
            "        return self.input_batch.pin_memory\n",
            "return self.input_batch.pin_memory",
        ),
    ),
    (
        "#45424 positional parameter removed",
        "twin: the batch's device kept",
        K(
            "#45424",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            RUNNER + "class AeonModelRunner23(GPUModelRunner):\n"
            "    def aeon_device(self):\n"
            "        return self.input_batch.device\n",
            "return self.input_batch.device",
        ),
    ),
]

# --- #34668 (68dd7db810): InputBatch(is_spec_decode=) replaced by num_spec_tokens=
SD = "68dd7db810"
SDW = "InputBatch.is_spec_decode removed (num_spec_tokens)"
CASES += [
    (
        "#34668 keyword removed",
        "a keyword construction",
        K(
            "#34668",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            BATCH + "def aeon_batch2(n, max_len, max_tokens, device, vocab, sizes, kernel_sizes) -> InputBatch:\n"
            "    return InputBatch(n, max_len, max_tokens, device, True, vocab, sizes, kernel_sizes, is_spec_decode=True)\n",
            "return InputBatch(n, max_len, max_tokens, device, True, vocab, sizes, kernel_sizes, is_spec_decode=True)",
        ),
    ),
    (
        "#34668 keyword removed",
        "the attribute read off a typed batch",
        K(
            "#34668",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            BATCH + "def aeon_spec(batch: InputBatch) -> bool:\n    return batch.is_spec_decode\n",
            "return batch.is_spec_decode",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-runner-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
