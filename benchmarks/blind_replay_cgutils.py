"""A blind replay of the v2 GPU model runner's CUDA-graph utilities a Spark fork tunes (capture sizes, loop, pool, dummy inputs).

9 first-parent commits on ``vllm/v1/worker/gpu/cudagraph_utils.py`` (and ``model_runner.py`` where the same
commits touch it) -- the graph manager a fork that tunes capture sizes, the capture loop, the graph pool and the
dummy-run inputs for a small unified-memory GPU subclasses, calls and feeds: ``freeze_gc`` removed from the
capture module (#29256), ``max_num_reqs`` assigned by ``CudaGraphManager.__init__`` and the capture sizes capped
by it (#29221), ``propose_draft`` no longer storing ``req_states.draft_tokens`` (its caller does, #29570),
``build_attn_metadata``'s ``query_start_loc=`` split into ``_gpu=``/``_cpu=`` (#29576), its ``seq_lens_np=`` and
``num_computed_tokens_cpu=`` replaced by ``max_seq_len=`` (#32132), ``prepare_inputs_to_capture`` returning the
slot mappings by layer (a dict, was the ``[groups, tokens]`` tensor, #33046), ``prepare_dcp_local_seq_lens``
moved to ``cp_utils`` with ``BlockTables``' keyword and DCP attributes renamed (#34786), ``cudagraph_mode``
inserted as ``ModelState.prepare_attn``'s second positional parameter (#36626) and ``pp_size`` no longer
assigned by the graph manager nor the runner (#38031) -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits every other replay uses (``blind_replay_mrv2`` and
``_dbo`` cover parts of this surface).  Each is replayed under 1-3 fork spellings (a module alias's attribute,
a ``mock.patch`` target string, a read-only property and a store before ``super().__init__()`` of a name the
base now assigns, a check of the capture sizes, a call whose result is dropped or bound to ``_``, a keyword
dict splatted into a call, a ``functools.partial``, a subclass's copy of a body, a wrapper passing removed
keywords, a 2-D slice of a returned value and the value converted again, a removed constructor keyword, a
removed attribute read through a base-assigned attribute, an override with the old parameters, a positional
call with the old arity through ``self.model_state``, reads of a removed attribute), with twins (the fork's own
helper, a name of its own, the result stored, the new keywords, the value passed on whole, a pass-through
override, the replacement attributes).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must
stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 15c9aeb7): 13 caught, 1 warned, 6 missed of 20 (twins: 9
quiet, 1 of them warned, 0 false errors).  Symbol drift caught #29256's two (the alias attribute and the
``mock.patch`` string), #29576's two (the splatted dict's key and the partial), #32132's wrapper, #34786's three
(the moved helper, the removed keyword, the removed ``total_cp_world_size``), #36626's override and #38031's two;
shadowed attributes caught #29221's property and store before ``super().__init__()``; #32132's copy of
``prepare_dummy_attn_metadata`` was warned (the error lands on the removed keyword's line, not the call's
first line the case marks).  The #34786 twin's warning is default drift (a ``BlockTables`` built without the
``cp_size`` upstream's runner now passes).  The misses: #29221's check of the capture sizes against the
configured ones, #29570's two (a dropped ``propose_draft`` result: the store into ``req_states.draft_tokens``
moved to the caller), #33046's two (the returned slot mappings sliced ``[:, :n]`` and converted by layer
again) and #36626's positional call with the old arity through ``self.model_state``.
After the killers221 widenings: 15 caught, 4 warned, 1 missed of 20 (twins: 9 quiet, 1 of them warned, 0 false
errors).  Caught now: #33046's slice (``drift/result_kinds.py``: an array made a mapping of arrays -- a member a
dict lacks, arithmetic, an index into a dict keyed by strings: errors) and #36626's positional call
(``drift/symbols.py`` ``chained_calls``: several defs of the name, and every def the call fit at the base still
there and fitting it no more: an error whichever was meant).  Warned now: #29570's two (``drift/caller_stores.py``,
new: a method's store of its own result into a path off ``self`` moved to its callers, and a fork subclass's call
dropping the result; a warning, as whether the fork needs the state is its own business) and #33046's result
converted again (``drift/result_kinds.py``: the result handed to a function whose parameter is annotated as the
old array flavour; a warning, as the callee's body decides).  Left missed: #29221's check of the capture sizes
against the configured ones (a filter added to the list the base assigns: the fork's equality still holds
wherever every size is under ``max_num_seqs``, so no path is wrong for sure, and the list's value is not read
by any check); #32132's copy stays *warned* by the case's own marking (its error lands on the removed keyword's
line of the call, not the call's first line).  Regression set at the widenings' head: killer_replay 26/26
blocked, kind_change_replay 12/12 (5 quiet), review92_twins 7/7 (25 quiet), blind_replay_eagleprop 19 caught,
2 warned of 21 (12 quiet), blind_replay_eagle2 12 caught, 5 warned, 2 missed of 19 (11 quiet), blind_replay_mrv2
33 caught of 33 (18 quiet): each as on main.  Unit tests: test_caller_stores 9, test_mapping_results 12,
test_misfit_everywhere 5 (new); test_chained_calls + test_result_kinds (+ _bytes, _int_enum) + test_result_flavours
+ test_unmapped_results + test_kinds + test_long_chain_cost + test_symbol_drift_cost + test_lazy_patterns +
test_fleet_profile + test_array_elements_listed + test_super_results + test_widened_kinds 270 passed;
test_symbol_drift + test_symbol_probe_strings + test_stopped_writes* + test_moved_effects* 455 passed.  Speed
(drift_speed's 150-commit window, this machine shared): caller_store_drift under 0.5 ms (0.000 s printed);
name_drift (which runs the symbol walk the result-kind and chained-call widenings sit in) 1.75-1.86 s over
three runs against 1.52-1.84 s over two on main's code (15c9aeb7), within this machine's noise (return_drift
moved 0.69-0.86 s between runs of the same code); the several-defs rule tries the plain signatures before the
full call drift, and a result handed to a function resolves the callee only for an array made a mapping.
Mend79 (branch mend79, main at d6fd8c64): 15 caught, 4 warned, 1 missed -> 15 caught, 5 warned, 0 missed of 20
(twins: 9 quiet, 1 of them warned, 0 false errors).  Warned now: #29221's check of the capture sizes against the
configured ones (``drift/filtered_values.py``, new: ``self.X = V`` at the base stored as a comprehension with an
``if`` over ``V`` upstream; a fork ``recv.X == E`` where ``E`` is ``V`` with ``self`` spelt ``recv``, written out
or a local bound once; a warning, as the test holds wherever the filter drops nothing -- the reason it was left
missed).  #32132's copy stays counted warned (the error on the removed keyword's line).  Regression at the
widening: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), review92_twins 7/7 (25 quiet),
blind_replay_mrv2 33 caught of 33 (18 quiet): as before, 0 false errors.  Unit tests: test_filtered_values 8 (new:
3 warned, 5 quiet twins), test_fleet_profile and test_lazy_patterns passed.  Speed (drift_speed's 150-commit
window, this machine shared): filtered_value_drift 0.001 s median of 5 over three runs.

  python benchmarks/blind_replay_cgutils.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

CG = "vllm.v1.worker.gpu.cudagraph_utils"
MRN = "vllm.v1.worker.gpu.model_runner"
AU = "vllm.v1.worker.gpu.attn_utils"

# --- #29256 (20ee418adc): freeze_gc removed from cudagraph_utils (the capture loop no longer freezes the GC)
FG = "20ee418adc"
FGW = "freeze_gc removed from vllm.v1.worker.gpu.cudagraph_utils"
CASES += [
    (
        "#29256 helper removed from the capture module",
        "a module alias's attribute in a with",
        K(
            "#29256",
            FG,
            FGW,
            "vllm/aeon/fg1.py",
            f"import {CG} as cgu\n\n\n"
            "def aeon_capture_quiet(manager, *args) -> None:\n"
            "    # AEON: the Spark captures its own extra sizes with the GC frozen\n"
            "    with cgu.freeze_gc():\n"
            "        manager.capture(*args)\n",
            "with cgu.freeze_gc():",
        ),
    ),
    (
        "#29256 helper removed from the capture module",
        "a mock.patch target string",
        K(
            "#29256",
            FG,
            FGW,
            "vllm/aeon/fg2.py",
            "from contextlib import nullcontext\nfrom unittest import mock\n\n\n"
            "def aeon_no_gc_freeze():\n"
            "    # AEON: GB10's unified memory makes gc.freeze() pin host pages; skip it during capture\n"
            f'    return mock.patch("{CG}.freeze_gc", nullcontext)\n',
            f'return mock.patch("{CG}.freeze_gc", nullcontext)',
        ),
    ),
    (
        "#29256 helper removed from the capture module",
        "twin: the fork's own freeze_gc",
        K(
            "#29256",
            FG,
            FGW,
            "vllm/aeon/fg3.py",
            "import gc\nfrom contextlib import contextmanager\n\n\n"
            "@contextmanager\n"
            "def freeze_gc():\n"
            "    gc.collect()\n"
            "    gc.freeze()\n"
            "    try:\n"
            "        yield\n"
            "    finally:\n"
            "        gc.unfreeze()\n\n\n"
            "def aeon_capture_frozen(manager, *args) -> None:\n"
            "    with freeze_gc():\n"
            "        manager.capture(*args)\n",
            "with freeze_gc():",
        ),
    ),
]

# --- #29221 (e9056056fb): CudaGraphManager assigns scheduler_config and max_num_reqs; sizes capped at max_num_reqs
MX = "e9056056fb"
MXW = "CudaGraphManager.__init__ now assigns self.max_num_reqs (and scheduler_config); capture sizes capped by it"
CM = f"import torch\n\nfrom {CG} import CudaGraphManager\n\n\n"
CASES += [
    (
        "#29221 name the base's __init__ now assigns",
        "a subclass's read-only property",
        K(
            "#29221",
            MX,
            MXW,
            "vllm/aeon/mx1.py",
            CM + "class AeonGraphManager(CudaGraphManager):\n"
            "    @property\n"
            "    def max_num_reqs(self) -> int:\n"
            "        # AEON: the Spark's decode batches stay under its own cap\n"
            "        return min(self.vllm_config.scheduler_config.max_num_seqs, 128)\n",
            "def max_num_reqs(self) -> int:",
        ),
    ),
    (
        "#29221 name the base's __init__ now assigns",
        "a store before super().__init__()",
        K(
            "#29221",
            MX,
            MXW,
            "vllm/aeon/mx2.py",
            CM + "class AeonGraphManager2(CudaGraphManager):\n"
            "    def __init__(self, vllm_config, device: torch.device):\n"
            "        # AEON: GB10 caps decode graphs at 64 requests to save unified memory\n"
            "        self.max_num_reqs = 64\n"
            "        super().__init__(vllm_config, device)\n",
            "self.max_num_reqs = 64",
        ),
    ),
    (
        "#29221 name the base's __init__ now assigns",
        "a check that the capture sizes are the configured ones",
        K(
            "#29221",
            MX,
            MXW,
            "vllm/aeon/mx3.py",
            CM + "def aeon_check_sizes(manager: CudaGraphManager) -> None:\n"
            "    # AEON: the Spark's launcher asserts every configured size gets a graph\n"
            "    wanted = sorted(manager.compilation_config.cudagraph_capture_sizes)\n"
            "    assert manager.cudagraph_sizes == wanted, manager.cudagraph_sizes\n",
            "assert manager.cudagraph_sizes == wanted, manager.cudagraph_sizes",
        ),
    ),
    (
        "#29221 name the base's __init__ now assigns",
        "twin: a name of the fork's own, and a read after super().__init__()",
        K(
            "#29221",
            MX,
            MXW,
            "vllm/aeon/mx4.py",
            CM + "class AeonGraphManager4(CudaGraphManager):\n"
            "    def __init__(self, vllm_config, device: torch.device):\n"
            "        super().__init__(vllm_config, device)\n"
            "        self.aeon_decode_cap = min(self.max_num_reqs, 64)\n",
            "self.aeon_decode_cap = min(self.max_num_reqs, 64)",
        ),
    ),
]

# --- #29570 (0aeb698b77): propose_draft no longer stores req_states.draft_tokens; its caller does
PD = "0aeb698b77"
PDW = "GPUModelRunner.propose_draft no longer writes req_states.draft_tokens (execute_model stores its return)"
RN = f"from {MRN} import GPUModelRunner\n\n\n"
CASES += [
    (
        "#29570 side effect moved from the callee to its caller",
        "a call whose result is dropped",
        K(
            "#29570",
            PD,
            PDW,
            "vllm/aeon/pd1.py",
            RN + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_redraft(self, input_batch, sampling_metadata, hidden_states, num_sampled, num_rejected):\n"
            "        # AEON: the Spark re-drafts after evicting a request's KV blocks\n"
            "        self.propose_draft(input_batch, sampling_metadata, hidden_states, None, num_sampled, num_rejected)\n",
            "self.propose_draft(input_batch, sampling_metadata, hidden_states, None, num_sampled, num_rejected)",
        ),
    ),
    (
        "#29570 side effect moved from the callee to its caller",
        "a result bound to _ and returned sampled tokens only",
        K(
            "#29570",
            PD,
            PDW,
            "vllm/aeon/pd2.py",
            RN + "class AeonRunner2(GPUModelRunner):\n"
            "    def aeon_step_drafts(self, input_batch, sampling_metadata, hidden_states, aux, num_sampled, num_rejected):\n"
            "        # AEON: GB10's decode loop drafts between two sampler calls\n"
            "        _ = self.propose_draft(input_batch, sampling_metadata, hidden_states, aux, num_sampled, num_rejected)\n"
            "        return num_sampled\n",
            "_ = self.propose_draft(input_batch, sampling_metadata, hidden_states, aux, num_sampled, num_rejected)",
        ),
    ),
    (
        "#29570 side effect moved from the callee to its caller",
        "twin: the result stored where the caller now stores it",
        K(
            "#29570",
            PD,
            PDW,
            "vllm/aeon/pd3.py",
            RN + "class AeonRunner3(GPUModelRunner):\n"
            "    def aeon_redraft(self, input_batch, sampling_metadata, hidden_states, num_sampled, num_rejected):\n"
            "        draft_tokens = self.propose_draft(\n"
            "            input_batch, sampling_metadata, hidden_states, None, num_sampled, num_rejected\n"
            "        )\n"
            "        self.req_states.draft_tokens[input_batch.idx_mapping] = draft_tokens\n",
            "self.req_states.draft_tokens[input_batch.idx_mapping] = draft_tokens",
        ),
    ),
]

# --- #29576 (ee80aee1ca): build_attn_metadata's query_start_loc= (a CpuGpuBuffer) split into query_start_loc_gpu=/_cpu=
QS = "ee80aee1ca"
QSW = "build_attn_metadata(query_start_loc=...) replaced by query_start_loc_gpu= and query_start_loc_cpu="
CASES += [
    (
        "#29576 keyword replaced",
        "a keyword dict splatted into the call",
        K(
            "#29576",
            QS,
            QSW,
            "vllm/aeon/qs1.py",
            "import numpy as np\n\n"
            f"from {AU} import build_attn_metadata\n\n\n"
            "def aeon_dummy_attn(runner, num_reqs: int, num_tokens: int, block_tables, slot_mappings):\n"
            "    # AEON: the Spark's dummy run builds metadata for its NVFP4 cache groups\n"
            "    kwargs = dict(\n"
            "        attn_metadata_builders=runner.attn_metadata_builders,\n"
            "        num_reqs=num_reqs,\n"
            "        num_tokens=num_tokens,\n"
            "        query_start_loc=runner.input_buffers.query_start_loc,\n"
            "        seq_lens=runner.input_buffers.seq_lens,\n"
            "        seq_lens_np=np.full(num_reqs, runner.max_model_len, dtype=np.int32),\n"
            "        num_computed_tokens_cpu=None,\n"
            "        block_tables=block_tables,\n"
            "        slot_mappings=slot_mappings,\n"
            "        kv_cache_config=runner.kv_cache_config,\n"
            "    )\n"
            "    return build_attn_metadata(**kwargs)\n",
            "query_start_loc=runner.input_buffers.query_start_loc,",
        ),
    ),
    (
        "#29576 keyword replaced",
        "a functools.partial",
        K(
            "#29576",
            QS,
            QSW,
            "vllm/aeon/qs2.py",
            "import functools\n\n"
            f"from {AU} import build_attn_metadata\n\n\n"
            "def aeon_attn_builder(runner):\n"
            "    # AEON: GB10 binds the persistent buffers once per runner\n"
            "    return functools.partial(\n"
            "        build_attn_metadata,\n"
            "        attn_metadata_builders=runner.attn_metadata_builders,\n"
            "        query_start_loc=runner.input_buffers.query_start_loc,\n"
            "        seq_lens=runner.input_buffers.seq_lens,\n"
            "        kv_cache_config=runner.kv_cache_config,\n"
            "    )\n",
            "query_start_loc=runner.input_buffers.query_start_loc,",
        ),
    ),
    (
        "#29576 keyword replaced",
        "twin: the split keywords",
        K(
            "#29576",
            QS,
            QSW,
            "vllm/aeon/qs3.py",
            "import functools\n\n"
            f"from {AU} import build_attn_metadata\n\n\n"
            "def aeon_attn_builder3(runner, num_reqs: int):\n"
            "    qsl = runner.input_buffers.query_start_loc\n"
            "    return functools.partial(\n"
            "        build_attn_metadata,\n"
            "        attn_metadata_builders=runner.attn_metadata_builders,\n"
            "        query_start_loc_gpu=qsl.gpu[: num_reqs + 1],\n"
            "        query_start_loc_cpu=qsl.cpu[: num_reqs + 1],\n"
            "    )\n",
            "query_start_loc_gpu=qsl.gpu[: num_reqs + 1],",
        ),
    ),
]

# --- #32132 (19504ac07f): build_attn_metadata drops seq_lens_np= and num_computed_tokens_cpu=, takes max_seq_len=
SL = "19504ac07f"
SLW = "build_attn_metadata's seq_lens_np and num_computed_tokens_cpu parameters replaced by max_seq_len"
CASES += [
    (
        "#32132 parameters removed",
        "a subclass's copy of prepare_dummy_attn_metadata",
        K(
            "#32132",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            "import torch\n\n"
            f"from {AU} import build_attn_metadata\nfrom {MRN} import GPUModelRunner\n\n\n"
            "class AeonDummyRunner(GPUModelRunner):\n"
            "    def prepare_dummy_attn_metadata(self, input_batch) -> None:\n"
            "        # AEON: the Spark's dummy run uses one shared block for every request\n"
            "        block_tables = self.block_tables.get_dummy_block_tables(1)\n"
            "        slot_mappings = self.block_tables.get_dummy_slot_mappings(input_batch.num_tokens)\n"
            "        qsl = self.input_buffers.query_start_loc\n"
            "        input_batch.attn_metadata = build_attn_metadata(\n"
            "            attn_metadata_builders=self.attn_metadata_builders,\n"
            "            num_reqs=input_batch.num_reqs,\n"
            "            num_tokens=input_batch.num_tokens,\n"
            "            query_start_loc_gpu=qsl.gpu[: input_batch.num_reqs + 1],\n"
            "            query_start_loc_cpu=qsl.cpu[: input_batch.num_reqs + 1],\n"
            "            seq_lens=self.input_buffers.seq_lens,\n"
            "            seq_lens_np=input_batch.seq_lens_np,\n"
            "            num_computed_tokens_cpu=torch.zeros(input_batch.num_reqs, dtype=torch.int32),\n"
            "            block_tables=block_tables * input_batch.num_reqs,\n"
            "            slot_mappings=slot_mappings,\n"
            "            kv_cache_config=self.kv_cache_config,\n"
            "        )\n",
            "input_batch.attn_metadata = build_attn_metadata(",
        ),
    ),
    (
        "#32132 parameters removed",
        "a wrapper passing the removed keywords through **kwargs",
        K(
            "#32132",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "import numpy as np\n\n"
            f"from {AU} import build_attn_metadata\n\n\n"
            "def aeon_build_attn(num_reqs: int, max_model_len: int, **kwargs):\n"
            "    # AEON: GB10's warmup pins every sequence at max_model_len\n"
            "    seq_lens_np = np.full(num_reqs, max_model_len, dtype=np.int32)\n"
            "    return build_attn_metadata(num_reqs=num_reqs, seq_lens_np=seq_lens_np, num_computed_tokens_cpu=None, **kwargs)\n",
            "return build_attn_metadata(num_reqs=num_reqs, seq_lens_np=seq_lens_np, num_computed_tokens_cpu=None, **kwargs)",
        ),
    ),
    (
        "#32132 parameters removed",
        "twin: max_seq_len passed",
        K(
            "#32132",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            f"from {AU} import build_attn_metadata\n\n\n"
            "def aeon_build_attn3(num_reqs: int, max_model_len: int, **kwargs):\n"
            "    return build_attn_metadata(num_reqs=num_reqs, max_seq_len=max_model_len, **kwargs)\n",
            "return build_attn_metadata(num_reqs=num_reqs, max_seq_len=max_model_len, **kwargs)",
        ),
    ),
]

# --- #33046 (edf927bc9f): prepare_inputs_to_capture returns slot mappings by layer (dict), not the [groups, tokens] tensor
SM = "edf927bc9f"
SMW = "prepare_inputs_to_capture's second return value now dict[layer, Tensor] (was the [groups, tokens] tensor)"
PIC = (
    f"from {AU} import build_slot_mappings_by_layer\nfrom {CG} import prepare_inputs_to_capture\n\n\n"
    "def aeon_capture_inputs(runner, num_reqs: int, num_tokens: int):\n"
    "    # AEON: the Spark captures extra decode sizes with its own inputs\n"
    "    attn_metadata, slot_mappings = prepare_inputs_to_capture(\n"
    "        num_reqs, num_tokens, runner.input_buffers, runner.block_tables,\n"
    "        runner.attn_metadata_builders, runner.max_model_len, runner.kv_cache_config,\n"
    "    )\n"
)
CASES += [
    (
        "#33046 return value's type changed",
        "a 2-D slice of the returned mappings",
        K(
            "#33046",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            PIC + "    return attn_metadata, slot_mappings[:, :num_tokens].contiguous()\n",
            "return attn_metadata, slot_mappings[:, :num_tokens].contiguous()",
        ),
    ),
    (
        "#33046 return value's type changed",
        "the returned mappings converted by layer again",
        K(
            "#33046",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            PIC + "    by_layer = build_slot_mappings_by_layer(slot_mappings, runner.kv_cache_config)\n"
            "    return attn_metadata, by_layer\n",
            "by_layer = build_slot_mappings_by_layer(slot_mappings, runner.kv_cache_config)",
        ),
    ),
    (
        "#33046 return value's type changed",
        "twin: the mappings passed on whole",
        K(
            "#33046",
            SM,
            SMW,
            "vllm/aeon/sm3.py",
            PIC + "    return attn_metadata, dict(slot_mappings)\n",
            "return attn_metadata, dict(slot_mappings)",
        ),
    ),
]

# --- #34786 (95be2a7f22): prepare_dcp_local_seq_lens moved to cp_utils (cp_interleave); BlockTables takes cp_size/cp_rank/cp_interleave
DP = "95be2a7f22"
DPW = "prepare_dcp_local_seq_lens moved attn_utils -> cp_utils; BlockTables' cp_kv_cache_interleave_size and dcp attributes gone"
CASES += [
    (
        "#34786 helper moved, keyword and attributes renamed",
        "a module alias's attribute",
        K(
            "#34786",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            "from vllm.v1.worker.gpu import attn_utils as au\n\n\n"
            "def aeon_dcp_seq_lens(runner, num_reqs: int, dcp_size: int, dcp_rank: int) -> None:\n"
            "    # AEON: the Spark's two-node DCP fills the local seq_lens for its dummy runs\n"
            "    au.prepare_dcp_local_seq_lens(\n"
            "        runner.input_buffers.dcp_local_seq_lens, runner.input_buffers.seq_lens, num_reqs,\n"
            "        dcp_size=dcp_size, dcp_rank=dcp_rank, cp_kv_cache_interleave_size=1,\n"
            "    )\n",
            "au.prepare_dcp_local_seq_lens(",
        ),
    ),
    (
        "#34786 helper moved, keyword and attributes renamed",
        "a constructor keyword removed",
        K(
            "#34786",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            "from vllm.v1.worker.gpu.block_table import BlockTables\n\n\n"
            "def aeon_block_tables(runner, block_sizes: list[int]) -> BlockTables:\n"
            "    # AEON: GB10 interleaves the KV cache across DCP ranks 16 tokens at a time\n"
            "    return BlockTables(\n"
            "        block_sizes=block_sizes,\n"
            "        max_num_reqs=runner.max_num_reqs,\n"
            "        max_num_batched_tokens=runner.max_num_tokens,\n"
            "        max_model_len=runner.max_model_len,\n"
            "        device=runner.device,\n"
            "        cp_kv_cache_interleave_size=16,\n"
            "    )\n",
            "cp_kv_cache_interleave_size=16,",
        ),
    ),
    (
        "#34786 helper moved, keyword and attributes renamed",
        "a subclass reading attributes the block table no longer assigns",
        K(
            "#34786",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            RN + "class AeonDcpRunner(GPUModelRunner):\n"
            "    def aeon_tokens_per_block(self, group: int) -> int:\n"
            "        # AEON: the Spark's KV budget counts sharded blocks\n"
            "        return self.block_tables.block_sizes[group] * self.block_tables.total_cp_world_size\n",
            "return self.block_tables.block_sizes[group] * self.block_tables.total_cp_world_size",
        ),
    ),
    (
        "#34786 helper moved, keyword and attributes renamed",
        "twin: the new keywords and the block table's new attribute",
        K(
            "#34786",
            DP,
            DPW,
            "vllm/aeon/dp4.py",
            "from vllm.v1.worker.gpu.block_table import BlockTables\n\n\n"
            "def aeon_block_tables4(runner, block_sizes: list[int]) -> tuple[BlockTables, int]:\n"
            "    bt = BlockTables(\n"
            "        block_sizes=block_sizes,\n"
            "        max_num_reqs=runner.max_num_reqs,\n"
            "        max_num_batched_tokens=runner.max_num_tokens,\n"
            "        max_model_len=runner.max_model_len,\n"
            "        device=runner.device,\n"
            "        cp_interleave=16,\n"
            "    )\n"
            "    return bt, bt.cp_size\n",
            "return bt, bt.cp_size",
        ),
    ),
]

# --- #36626 (f088a831dd): ModelState.prepare_attn gains cudagraph_mode as its second positional parameter
PA = "f088a831dd"
PAW = "ModelState.prepare_attn(input_batch, cudagraph_mode, block_tables, ...): a positional parameter inserted"
DS = "vllm.v1.worker.gpu.model_states.default"
CASES += [
    (
        "#36626 positional parameter inserted",
        "a subclass override with the old parameters",
        K(
            "#36626",
            PA,
            PAW,
            "vllm/aeon/pa1.py",
            f"from {DS} import DefaultModelState\n\n\n"
            "class AeonModelState(DefaultModelState):\n"
            "    def prepare_attn(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):\n"
            "        # AEON: the Spark keeps one attention group for its NVFP4 cache\n"
            "        return super().prepare_attn(input_batch, block_tables, slot_mappings, attn_groups[:1], kv_cache_config)\n",
            "def prepare_attn(self, input_batch, block_tables, slot_mappings, attn_groups, kv_cache_config):",
        ),
    ),
    (
        "#36626 positional parameter inserted",
        "a positional call from the fork",
        K(
            "#36626",
            PA,
            PAW,
            "vllm/aeon/pa2.py",
            RN + "class AeonAttnRunner(GPUModelRunner):\n"
            "    def aeon_rebuild_attn(self, input_batch, block_tables, slot_mappings):\n"
            "        # AEON: GB10 rebuilds metadata after a block-table compaction\n"
            "        return self.model_state.prepare_attn(\n"
            "            input_batch, block_tables, slot_mappings, self.attn_groups, self.kv_cache_config\n"
            "        )\n",
            "return self.model_state.prepare_attn(",
        ),
    ),
    (
        "#36626 positional parameter inserted",
        "twin: an override passing everything through",
        K(
            "#36626",
            PA,
            PAW,
            "vllm/aeon/pa3.py",
            f"from {DS} import DefaultModelState\n\n\n"
            "class AeonModelState3(DefaultModelState):\n"
            "    def prepare_attn(self, input_batch, *args, **kwargs):\n"
            "        out = super().prepare_attn(input_batch, *args, **kwargs)\n"
            "        return out\n",
            "out = super().prepare_attn(input_batch, *args, **kwargs)",
        ),
    ),
]

# --- #38031 (4e824d1c83): pp_size no longer assigned by CudaGraphManager nor GPUModelRunner
PP = "4e824d1c83"
PPW = "self.pp_size no longer assigned by CudaGraphManager.__init__ and GPUModelRunner.__init__"
CASES += [
    (
        "#38031 attribute no longer assigned by the base",
        "a graph-manager subclass's read",
        K(
            "#38031",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            f"from {CG} import ModelCudaGraphManager\n\n\n"
            "class AeonPPGraphManager(ModelCudaGraphManager):\n"
            "    def aeon_captures_hidden(self) -> bool:\n"
            "        # AEON: the Spark's two-node PP captures hidden states only on the last stage\n"
            "        return self.pp_size == 1 or self.is_last_pp_rank\n",
            "return self.pp_size == 1 or self.is_last_pp_rank",
        ),
    ),
    (
        "#38031 attribute no longer assigned by the base",
        "a runner subclass's read",
        K(
            "#38031",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            RN + "class AeonPPRunner(GPUModelRunner):\n"
            "    def aeon_stage_label(self) -> str:\n"
            "        # AEON: GB10's telemetry names the PP stage\n"
            '        return f"pp{self.pp_size}" if self.pp_size > 1 else "single"\n',
            'return f"pp{self.pp_size}" if self.pp_size > 1 else "single"',
        ),
    ),
    (
        "#38031 attribute no longer assigned by the base",
        "twin: use_pp and the config's size",
        K(
            "#38031",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            RN + "class AeonPPRunner3(GPUModelRunner):\n"
            "    def aeon_stage_label(self) -> str:\n"
            "        size = self.parallel_config.pipeline_parallel_size\n"
            '        return f"pp{size}" if self.use_pp else "single"\n',
            'return f"pp{size}" if self.use_pp else "single"',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-cgutils-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
