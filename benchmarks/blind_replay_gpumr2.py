"""A blind replay of the v1 GPU model runner a fork's speculative-decoding and NVFP4 carries subclass (second pass).

10 first-parent commits on ``vllm/v1/worker/gpu_model_runner.py`` -- the runner a fork subclasses for its own
drafter, capture and padding paths, and whose attributes, helpers and private methods it reads, calls and
overrides: ``_capture_cudagraphs``' ``compilation_cases``/``uniform_decode`` replaced by ``batch_descriptors``
(#32946), the double-buffered ``is_mm_embed_buffers``/``is_mm_embed_idx`` removed (#34246), the
``needs_prefill_as_decode_slots`` flag, its buffer and ``mamba_utils.update_accepted_tokens_for_prefill_as_decode``
removed (#37303), ``NgramProposer`` no longer imported at the runner module's top (#32821),
``_bookkeeping_sync``'s returned tuple given a second slot (#51304), ``sync_and_slice_intermediate_tensors``
renamed ``sync_and_gather_intermediate_tensors`` (#33322), ``hidden_size`` replaced by ``inputs_embeds_size``
(#29741), ``get_dp_padding`` turned from an int into a ``(pad, num_tokens_across_dp)`` pair (#18935),
``group_mm_kwargs_by_modality`` no longer imported by the runner (#36158) and ``_get_mamba_copy_bufs``/
``_mamba_copy_bufs`` renamed ``_get_mamba_bufs``/``_mamba_bufs`` (#40172) -- picked by scanning the path's diff
(``git log --first-parent -p``), avoiding the commits every other replay uses (``blind_replay_gpumr``,
``_runner``, ``_runners``, ``_runnerv2``, ``_mrv2`` cover parts of this surface).  Each is replayed under 1-3
fork spellings written the way fork code is written (a subclass override, a ``super()`` call and an unpacking
of what it returns, a ``self.`` read or write, a read off a receiver typed as the runner, an import, a module
attribute, a keyword or positional call, an augmented assignment, a comparison with a literal, an index of a
returned tuple), with twins (fork code the commit does not break: the kept name, a deprecated alias still
exported, the fork's own namesake, a call that still fits).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands
in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 769e0cfd): 19 caught, 0 warned, 3 missed of 22 (twins: 11
quiet, 0 false errors).  Symbol drift caught the removed attributes (a subclass's ``self.`` read, a read off a
receiver typed as the runner, the flag a subclass still sets), the renamed methods (an override upstream no
longer calls, a ``super()``/``self.`` call), the removed ``mamba_utils`` function, the import and module
attribute of ``NgramProposer`` no longer at the runner module's top, the re-export of
``group_mm_kwargs_by_modality`` dropped and ``_capture_cudagraphs``' replaced parameters (an override upstream now
calls with ``batch_descriptors=``, a keyword call, a positional call of three); return drift caught
``_bookkeeping_sync``'s widened tuple (an unpack of seven, an override returning seven, ``result[1]`` now the NaN
counts).  The misses, all three #18935's (``get_dp_padding``'s pad made a ``(pad, num_tokens_across_dp)`` pair):
``num_tokens += self.get_dp_padding(num_tokens)`` (TypeError: an augmented assignment was no use of a value),
``runner.get_dp_padding(n) != 0`` (always true: a comparison was no use either) and an override returning ``0``
(unpacked by upstream's callers: upstream's own removed ``num_input_tokens += self.get_dp_padding(...)`` did not
count as a caller binding the value whole, so the pair was not known meant).  No label was wrong.
After the killers200 widenings: 22 caught, 0 warned, 0 missed of 22 (twins: 11 quiet, 0 false errors).  Caught
now: an operator meeting a value upstream made a tuple is a use of it -- an operand (``n + f(...)``), an augmented
assignment (``n += f(...)``) and a comparison by equality or order with anything but a tuple display
(``f(...) != 0``) -- and upstream's own ``n += f(...)`` moved to an unpack is its callers' evidence, as a bound
name is (``drift/returns.py``; ``tests/audits/test_widened_operands.py``).
Regression set at the widenings' head (8bbf1ea6): killer_replay 26/26, kind_change_replay 12/12 (5 twins
quiet), review81_twins 5 caught, 3 warned of 8, 0 false errors of 30 (2 warned), review83_twins 8/8, 0 false of
42, review99_twins 10/10, 0 false of 37 (1 warned), review102_twins 4/4, 0 false of 34 (2 warned),
blind_replay_kvmgr 24 caught, 1 missed of 25 (12 quiet), blind_replay_runner 25 caught, 1 warned, 1 missed of 27
(16 quiet; main's engine the same), blind_replay_mtpmodels 16 caught, 5 warned, 1 missed of 22 (11 quiet),
blind_replay_gpumr 21 caught, 1 warned of 22 (11 quiet): each as before.

  python benchmarks/blind_replay_gpumr2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

RUNNER = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"

# --- #32946 (3a41459501): _capture_cudagraphs(compilation_cases, mode, uniform_decode) -> (batch_descriptors, mode)
CG = "3a41459501"
CGW = "_capture_cudagraphs' compilation_cases/uniform_decode replaced by batch_descriptors"
CGH = "from vllm.config import CUDAGraphMode\n" + RUNNER
CASES += [
    (
        "#32946 parameters replaced",
        "a subclass override with the old parameters",
        K(
            "#32946",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            CGH + "class AeonCaptureRunner(GPUModelRunner):\n"
            "    def _capture_cudagraphs(self, compilation_cases, cudagraph_runtime_mode, uniform_decode):\n"
            "        # AEON: GB10's unified memory: capture the small batches first\n"
            "        cases = sorted(compilation_cases)\n"
            "        return super()._capture_cudagraphs(cases, cudagraph_runtime_mode, uniform_decode)\n",
            "def _capture_cudagraphs(self, compilation_cases, cudagraph_runtime_mode, uniform_decode):",
        ),
    ),
    (
        "#32946 parameters replaced",
        "a keyword call with the old names",
        K(
            "#32946",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            CGH + "class AeonDecodeCaptureRunner(GPUModelRunner):\n"
            "    def aeon_capture_decode(self, sizes: list[int]) -> None:\n"
            "        # AEON: recapture the speculative-decoding decode graphs after a drafter swap\n"
            "        self._capture_cudagraphs(\n"
            "            compilation_cases=[(n, False) for n in sizes],\n"
            "            cudagraph_runtime_mode=CUDAGraphMode.FULL,\n"
            "            uniform_decode=True,\n"
            "        )\n",
            "compilation_cases=[(n, False) for n in sizes],",
        ),
    ),
    (
        "#32946 parameters replaced",
        "a positional call of three",
        K(
            "#32946",
            CG,
            CGW,
            "vllm/aeon/cg3.py",
            CGH + "def aeon_capture_mixed(runner: GPUModelRunner, sizes: list[int]) -> None:\n"
            "    # AEON: the NVFP4 path captures its own piecewise graphs\n"
            "    runner._capture_cudagraphs([(n, False) for n in sizes], CUDAGraphMode.PIECEWISE, False)\n",
            "runner._capture_cudagraphs([(n, False) for n in sizes], CUDAGraphMode.PIECEWISE, False)",
        ),
    ),
    (
        "#32946 parameters replaced",
        "twin: a _dummy_run call with keywords it keeps",
        K(
            "#32946",
            CG,
            CGW,
            "vllm/aeon/cg4.py",
            CGH + "class AeonWarmRunner(GPUModelRunner):\n"
            "    def aeon_warm(self, num_tokens: int) -> None:\n"
            "        # AEON: one eager warm-up of the drafter's shapes before capture\n"
            "        self._dummy_run(\n"
            "            num_tokens,\n"
            "            cudagraph_runtime_mode=CUDAGraphMode.NONE,\n"
            "            force_attention=True,\n"
            "            uniform_decode=True,\n"
            "            skip_eplb=True,\n"
            "        )\n",
            "cudagraph_runtime_mode=CUDAGraphMode.NONE,",
        ),
    ),
]

# --- #34246 (4f6eed3bd4): is_mm_embed_buffers / is_mm_embed_idx removed
MM = "4f6eed3bd4"
MMW = "GPUModelRunner.is_mm_embed_buffers/is_mm_embed_idx removed"
CASES += [
    (
        "#34246 attribute removed",
        "a subclass's self. read",
        K(
            "#34246",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            "import torch\n\n" + RUNNER + "class AeonMMRunner(GPUModelRunner):\n"
            "    def aeon_mm_mask(self, n: int) -> torch.Tensor:\n"
            "        # AEON: the Spark's vision drafter reads the current placeholder mask\n"
            "        buf = self.is_mm_embed_buffers[self.is_mm_embed_idx]\n"
            "        return buf.gpu[:n]\n",
            "buf = self.is_mm_embed_buffers[self.is_mm_embed_idx]",
        ),
    ),
    (
        "#34246 attribute removed",
        "a read off a receiver typed as the runner",
        K(
            "#34246",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            RUNNER + "def aeon_mm_slot(runner: GPUModelRunner) -> int:\n"
            "    # AEON: log which buffer the async copy used\n"
            "    return runner.is_mm_embed_idx\n",
            "return runner.is_mm_embed_idx",
        ),
    ),
    (
        "#34246 attribute removed",
        "twin: a kept attribute",
        K(
            "#34246",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            RUNNER + "def aeon_has_mm(runner: GPUModelRunner) -> bool:\n"
            "    # AEON: the text-only drafter skips the encoder\n"
            "    return bool(runner.supports_mm_inputs and runner.uses_mrope)\n",
            "return bool(runner.supports_mm_inputs and runner.uses_mrope)",
        ),
    ),
]

# --- #37303 (e1d85e5c24): needs_prefill_as_decode_slots, its buffer and the mamba_utils helper removed
PD = "e1d85e5c24"
PDW = "needs_prefill_as_decode_slots/prefill_as_decode_num_tokens and update_accepted_tokens_for_prefill_as_decode removed"
CASES += [
    (
        "#37303 flag no longer read",
        "a subclass sets the flag upstream no longer reads",
        K(
            "#37303",
            PD,
            PDW,
            "vllm/aeon/pd1.py",
            RUNNER + "class AeonHybridRunner(GPUModelRunner):\n"
            "    def initialize_attn_backend(self, kv_cache_config) -> None:\n"
            "        super().initialize_attn_backend(kv_cache_config)\n"
            "        # AEON: the fork's own mamba builder also runs short prefills as decodes\n"
            "        self.needs_prefill_as_decode_slots = True\n",
            "self.needs_prefill_as_decode_slots = True",
        ),
    ),
    (
        "#37303 attribute removed",
        "a subclass reads the removed buffer",
        K(
            "#37303",
            PD,
            PDW,
            "vllm/aeon/pd2.py",
            "import torch\n\n" + RUNNER + "class AeonSlotsRunner(GPUModelRunner):\n"
            "    def aeon_prefill_slots(self, num_reqs: int) -> torch.Tensor:\n"
            "        # AEON: the speculative-decoding metrics read the prefill-as-decode counts\n"
            "        return self.prefill_as_decode_num_tokens.gpu[:num_reqs]\n",
            "return self.prefill_as_decode_num_tokens.gpu[:num_reqs]",
        ),
    ),
    (
        "#37303 function removed",
        "a module attribute call",
        K(
            "#37303",
            PD,
            PDW,
            "vllm/aeon/pd3.py",
            "from vllm.v1.worker import mamba_utils\n\n\n"
            "def aeon_fix_accepted(runner, scheduler_output, num_reqs: int) -> None:\n"
            "    # AEON: the fork's drafter step re-runs the accepted-token fix-up\n"
            "    mamba_utils.update_accepted_tokens_for_prefill_as_decode(\n"
            "        runner.input_batch,\n"
            "        runner.prefill_as_decode_num_tokens,\n"
            "        runner.num_accepted_tokens.gpu,\n"
            "        scheduler_output,\n"
            "        runner.reorder_batch_threshold,\n"
            "        num_reqs,\n"
            "    )\n",
            "mamba_utils.update_accepted_tokens_for_prefill_as_decode(",
        ),
    ),
    (
        "#37303 attribute removed",
        "twin: a kept attribute",
        K(
            "#37303",
            PD,
            PDW,
            "vllm/aeon/pd4.py",
            RUNNER + "class AeonQueryRunner(GPUModelRunner):\n"
            "    def aeon_decode_len(self) -> int:\n"
            "        # AEON: one verified token plus the drafts\n"
            "        return self.uniform_decode_query_len\n",
            "return self.uniform_decode_query_len",
        ),
    ),
]

# --- #32821 (a2b877df6c): NgramProposer no longer imported at the runner module's top (TYPE_CHECKING only)
NG = "a2b877df6c"
NGW = "gpu_model_runner's NgramProposer import moved under TYPE_CHECKING and into functions"
CASES += [
    (
        "#32821 re-export removed",
        "an import from the runner module",
        K(
            "#32821",
            NG,
            NGW,
            "vllm/aeon/ng1.py",
            "from vllm.v1.worker.gpu_model_runner import GPUModelRunner, NgramProposer\n\n\n"
            "def aeon_uses_ngram(runner: GPUModelRunner) -> bool:\n"
            "    # AEON: the Spark's default drafter is n-gram\n"
            "    return isinstance(runner.drafter, NgramProposer)\n",
            "from vllm.v1.worker.gpu_model_runner import GPUModelRunner, NgramProposer",
        ),
    ),
    (
        "#32821 re-export removed",
        "a module attribute",
        K(
            "#32821",
            NG,
            NGW,
            "vllm/aeon/ng2.py",
            "from vllm.v1.worker import gpu_model_runner\n\n\n"
            "def aeon_is_ngram(drafter: object) -> bool:\n"
            "    # AEON: n-gram drafts skip the NVFP4 draft model\n"
            "    return isinstance(drafter, gpu_model_runner.NgramProposer)\n",
            "return isinstance(drafter, gpu_model_runner.NgramProposer)",
        ),
    ),
    (
        "#32821 re-export removed",
        "twin: the kept EagleProposer import and NgramProposer from its module",
        K(
            "#32821",
            NG,
            NGW,
            "vllm/aeon/ng3.py",
            "from vllm.v1.spec_decode.ngram_proposer import NgramProposer\n"
            "from vllm.v1.worker.gpu_model_runner import EagleProposer\n\n\n"
            "def aeon_drafter_kind(drafter: object) -> str:\n"
            "    # AEON: label the drafter in the Spark's metrics\n"
            "    if isinstance(drafter, NgramProposer):\n"
            '        return "ngram"\n'
            '    return "eagle" if isinstance(drafter, EagleProposer) else "other"\n',
            "from vllm.v1.worker.gpu_model_runner import EagleProposer",
        ),
    ),
]

# --- #51304 (b1e12d142d): _bookkeeping_sync returns a second slot (the device NaN counts)
BK = "b1e12d142d"
BKW = "_bookkeeping_sync's returned tuple given num_nans as its second element"
BKH = "import torch\n\n" + RUNNER
CASES += [
    (
        "#51304 returned tuple widened",
        "a subclass unpacks super()'s seven",
        K(
            "#51304",
            BK,
            BKW,
            "vllm/aeon/bk1.py",
            BKH + "class AeonBookRunner(GPUModelRunner):\n"
            "    def _bookkeeping_sync(self, scheduler_output, sampler_output, logits, hidden_states, n):\n"
            "        (\n"
            "            nans,\n"
            "            logprobs_lists,\n"
            "            valid_ids,\n"
            "            prompt_logprobs,\n"
            "            req_ids,\n"
            "            req_id_to_index,\n"
            "            invalid_req_indices,\n"
            "        ) = super()._bookkeeping_sync(scheduler_output, sampler_output, logits, hidden_states, n)\n"
            "        # AEON: drop the drafts' NaN counts, the Spark's NVFP4 drafter reports its own\n"
            "        nans = {k: v for k, v in nans.items() if k in req_id_to_index}\n"
            "        return (\n"
            "            nans,\n"
            "            logprobs_lists,\n"
            "            valid_ids,\n"
            "            prompt_logprobs,\n"
            "            req_ids,\n"
            "            req_id_to_index,\n"
            "            invalid_req_indices,\n"
            "        )\n",
            ") = super()._bookkeeping_sync(scheduler_output, sampler_output, logits, hidden_states, n)",
        ),
    ),
    (
        "#51304 returned tuple widened",
        "an index of the returned tuple",
        K(
            "#51304",
            BK,
            BKW,
            "vllm/aeon/bk2.py",
            BKH + "class AeonLogprobRunner(GPUModelRunner):\n"
            "    def _bookkeeping_sync(self, scheduler_output, sampler_output, logits, hidden_states, n):\n"
            "        result = super()._bookkeeping_sync(\n"
            "            scheduler_output, sampler_output, logits, hidden_states, n\n"
            "        )\n"
            "        # AEON: the Spark's acceptance metrics read the logprobs\n"
            "        self.aeon_last_logprobs = result[1]\n"
            "        return result\n",
            "self.aeon_last_logprobs = result[1]",
        ),
    ),
    (
        "#51304 returned tuple widened",
        "twin: an override that passes the tuple through",
        K(
            "#51304",
            BK,
            BKW,
            "vllm/aeon/bk3.py",
            BKH + "class AeonCountRunner(GPUModelRunner):\n"
            "    aeon_steps = 0\n\n"
            "    def _bookkeeping_sync(self, scheduler_output, sampler_output, logits, hidden_states, n):\n"
            "        # AEON: count the steps for the Spark's watchdog\n"
            "        self.aeon_steps += 1\n"
            "        return super()._bookkeeping_sync(\n"
            "            scheduler_output, sampler_output, logits, hidden_states, n\n"
            "        )\n",
            "return super()._bookkeeping_sync(",
        ),
    ),
    (
        "#51304 returned tuple widened",
        "twin: the first slot kept",
        K(
            "#51304",
            BK,
            BKW,
            "vllm/aeon/bk4.py",
            BKH + "class AeonNanRunner(GPUModelRunner):\n"
            "    def _bookkeeping_sync(self, scheduler_output, sampler_output, logits, hidden_states, n):\n"
            "        result = super()._bookkeeping_sync(\n"
            "            scheduler_output, sampler_output, logits, hidden_states, n\n"
            "        )\n"
            "        # AEON: the NVFP4 logits overflow to NaN on sm_121a; keep the counts\n"
            "        self.aeon_nans = result[0]\n"
            "        return result\n",
            "self.aeon_nans = result[0]",
        ),
    ),
]

# --- #33322 (0b272a6e01): sync_and_slice_intermediate_tensors renamed sync_and_gather_intermediate_tensors
SG = "0b272a6e01"
SGW = "sync_and_slice_intermediate_tensors renamed sync_and_gather_intermediate_tensors"
CASES += [
    (
        "#33322 method renamed",
        "a subclass override upstream no longer calls",
        K(
            "#33322",
            SG,
            SGW,
            "vllm/aeon/sg1.py",
            RUNNER + "class AeonPPRunner(GPUModelRunner):\n"
            "    def sync_and_slice_intermediate_tensors(self, num_tokens, intermediate_tensors, sync_self):\n"
            "        # AEON: the Spark's two-node pipeline pads the residual to the NVFP4 tile\n"
            "        num_tokens = (num_tokens + 15) // 16 * 16\n"
            "        return super().sync_and_slice_intermediate_tensors(\n"
            "            num_tokens, intermediate_tensors, sync_self\n"
            "        )\n",
            "def sync_and_slice_intermediate_tensors(self, num_tokens, intermediate_tensors, sync_self):",
        ),
    ),
    (
        "#33322 method renamed",
        "a self. call",
        K(
            "#33322",
            SG,
            SGW,
            "vllm/aeon/sg2.py",
            RUNNER + "class AeonDraftPPRunner(GPUModelRunner):\n"
            "    def aeon_draft_intermediates(self, num_tokens: int):\n"
            "        # AEON: the drafter on the last rank reuses the target's buffers\n"
            "        return self.sync_and_slice_intermediate_tensors(num_tokens, None, False)\n",
            "return self.sync_and_slice_intermediate_tensors(num_tokens, None, False)",
        ),
    ),
    (
        "#33322 method renamed",
        "twin: an override of a kept method",
        K(
            "#33322",
            SG,
            SGW,
            "vllm/aeon/sg3.py",
            RUNNER + "class AeonEplbRunner(GPUModelRunner):\n"
            "    def eplb_step(self, is_dummy: bool = False, is_profile: bool = False) -> None:\n"
            "        # AEON: no expert balancing on a single GB10\n"
            "        return None\n",
            "def eplb_step(self, is_dummy: bool = False, is_profile: bool = False) -> None:",
        ),
    ),
]

# --- #29741 (64bc09ba27): hidden_size replaced by inputs_embeds_size
HS = "64bc09ba27"
HSW = "GPUModelRunner.hidden_size replaced by inputs_embeds_size"
CASES += [
    (
        "#29741 attribute renamed",
        "a subclass's self. read",
        K(
            "#29741",
            HS,
            HSW,
            "vllm/aeon/hs1.py",
            "import torch\n\n" + RUNNER + "class AeonEmbedRunner(GPUModelRunner):\n"
            "    def aeon_draft_embeds(self, n: int) -> torch.Tensor:\n"
            "        # AEON: the drafter's own embedding buffer, shaped like the target's\n"
            "        return torch.zeros(n, self.hidden_size, dtype=self.dtype, device=self.device)\n",
            "return torch.zeros(n, self.hidden_size, dtype=self.dtype, device=self.device)",
        ),
    ),
    (
        "#29741 attribute renamed",
        "a read off a receiver typed as the runner",
        K(
            "#29741",
            HS,
            HSW,
            "vllm/aeon/hs2.py",
            RUNNER + "def aeon_hidden_bytes(runner: GPUModelRunner) -> int:\n"
            "    # AEON: budget the Spark's unified memory for the hidden states\n"
            "    return runner.max_num_tokens * runner.hidden_size * 2\n",
            "return runner.max_num_tokens * runner.hidden_size * 2",
        ),
    ),
    (
        "#29741 attribute renamed",
        "twin: the fork's own namesake set in its constructor",
        K(
            "#29741",
            HS,
            HSW,
            "vllm/aeon/hs3.py",
            RUNNER + "class AeonOwnHiddenRunner(GPUModelRunner):\n"
            "    def __init__(self, vllm_config, device) -> None:\n"
            "        super().__init__(vllm_config, device)\n"
            "        # AEON: the drafter's width, not the target's\n"
            "        self.hidden_size = vllm_config.model_config.get_hidden_size()\n\n"
            "    def aeon_width(self) -> int:\n"
            "        return self.hidden_size\n",
            "return self.hidden_size",
        ),
    ),
]

# --- #18935 (d6fd3a33b8): get_dp_padding returns (pad, num_tokens_across_dp), no longer an int
DP = "d6fd3a33b8"
DPW = "get_dp_padding now returns a (pad, num_tokens_across_dp) pair"
CASES += [
    (
        "#18935 return changed to a pair",
        "an augmented assignment of the call",
        K(
            "#18935",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            RUNNER + "class AeonDPRunner(GPUModelRunner):\n"
            "    def aeon_padded(self, num_tokens: int) -> int:\n"
            "        # AEON: the drafter pads like the target across the Spark pair\n"
            "        num_tokens += self.get_dp_padding(num_tokens)\n"
            "        return num_tokens\n",
            "num_tokens += self.get_dp_padding(num_tokens)",
        ),
    ),
    (
        "#18935 return changed to a pair",
        "a subclass override returning an int",
        K(
            "#18935",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            RUNNER + "class AeonNoPadRunner(GPUModelRunner):\n"
            "    def get_dp_padding(self, num_tokens: int):\n"
            "        # AEON: one GB10 per rank, never pad\n"
            "        return 0\n",
            "return 0",
        ),
    ),
    (
        "#18935 return changed to a pair",
        "a comparison with a literal",
        K(
            "#18935",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            RUNNER + "def aeon_needs_pad(runner: GPUModelRunner, num_tokens: int) -> bool:\n"
            "    # AEON: skip the drafter's padding pass when the ranks agree\n"
            "    return runner.get_dp_padding(num_tokens) != 0\n",
            "return runner.get_dp_padding(num_tokens) != 0",
        ),
    ),
    (
        "#18935 return changed to a pair",
        "twin: a kept helper",
        K(
            "#18935",
            DP,
            DPW,
            "vllm/aeon/dp4.py",
            RUNNER + "class AeonCumsumRunner(GPUModelRunner):\n"
            "    def aeon_offsets(self, counts):\n"
            "        # AEON: the drafter's query offsets\n"
            "        cu, _ = self._get_cumsum_and_arange(counts)\n"
            "        return cu\n",
            "cu, _ = self._get_cumsum_and_arange(counts)",
        ),
    ),
]

# --- #36158 (6dd302653f): the runner imports group_and_batch_mm_kwargs, no longer group_mm_kwargs_by_modality
GM = "6dd302653f"
GMW = "group_mm_kwargs_by_modality renamed group_and_batch_mm_kwargs (old name kept, deprecated, in multimodal.utils)"
CASES += [
    (
        "#36158 re-export removed",
        "an import from the runner module",
        K(
            "#36158",
            GM,
            GMW,
            "vllm/aeon/gm1.py",
            "from vllm.v1.worker.gpu_model_runner import group_mm_kwargs_by_modality\n\n\n"
            "def aeon_batches(mm_kwargs, device):\n"
            "    # AEON: the vision drafter batches its own encoder inputs\n"
            "    return list(group_mm_kwargs_by_modality(mm_kwargs, device=device))\n",
            "from vllm.v1.worker.gpu_model_runner import group_mm_kwargs_by_modality",
        ),
    ),
    (
        "#36158 re-export removed",
        "twin: the deprecated name from its own module",
        K(
            "#36158",
            GM,
            GMW,
            "vllm/aeon/gm2.py",
            "from vllm.multimodal.utils import group_mm_kwargs_by_modality\n\n\n"
            "def aeon_batches2(mm_kwargs, device):\n"
            "    # AEON: the vision drafter batches its own encoder inputs\n"
            "    return list(group_mm_kwargs_by_modality(mm_kwargs, device=device))\n",
            "from vllm.multimodal.utils import group_mm_kwargs_by_modality",
        ),
    ),
]

# --- #40172 (b730c46352): _get_mamba_copy_bufs/_mamba_copy_bufs renamed _get_mamba_bufs/_mamba_bufs
MB = "b730c46352"
MBW = "_get_mamba_copy_bufs/_mamba_copy_bufs renamed _get_mamba_bufs/_mamba_bufs"
CASES += [
    (
        "#40172 method renamed",
        "a subclass override upstream no longer calls",
        K(
            "#40172",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            RUNNER + "class AeonMambaRunner(GPUModelRunner):\n"
            "    def _get_mamba_copy_bufs(self):\n"
            "        # AEON: GB10's unified memory: build the copy buffers unpinned\n"
            "        bufs = super()._get_mamba_copy_bufs()\n"
            "        self.aeon_bufs_built = True\n"
            "        return bufs\n",
            "def _get_mamba_copy_bufs(self):",
        ),
    ),
    (
        "#40172 attribute renamed",
        "a subclass's self. read",
        K(
            "#40172",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            RUNNER + "class AeonMambaResetRunner(GPUModelRunner):\n"
            "    def aeon_bufs_ready(self) -> bool:\n"
            "        # AEON: the drafter waits for the target's mamba buffers\n"
            "        return self._mamba_copy_bufs is not None\n",
            "return self._mamba_copy_bufs is not None",
        ),
    ),
    (
        "#40172 attribute renamed",
        "twin: a kept attribute",
        K(
            "#40172",
            MB,
            MBW,
            "vllm/aeon/mb3.py",
            RUNNER + "class AeonMambaIdxRunner(GPUModelRunner):\n"
            "    def aeon_state_slot(self, req_id: str) -> int:\n"
            "        # AEON: the drafter shares the target's mamba state slots\n"
            "        return self.mamba_state_idx.get(req_id, -1)\n",
            "return self.mamba_state_idx.get(req_id, -1)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-gpumr2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
