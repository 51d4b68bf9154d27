"""A blind replay of model runner v2 (``vllm/v1/worker/gpu/``): the runner class, its states and buffers, the sampler and the model states a fork patches.

12 first-parent commits on the surface a fork that patches model runner v2 for its own speculative decoding and
kernels carries code against -- the runner class (``warmup_for_prefill`` removed, ``propose_draft`` removed and no
longer called, the ``do_spec_decode`` field removed, ``execute_model_state`` an 8-tuple made a 7-field
``NamedTuple``, ``_dummy_run``'s ``skip_attn`` default flipped to False and now refused outside profiling, the
``tmp_*`` ``UvaBufferPool`` attributes removed), its states and buffers (``RequestState``'s ``model_dtype``
removed, ``InputBuffers.mrope_positions`` moved to ``MRopeState``, whose ``__init__`` gains ``max_num_tokens`` in
second place), the sampler helpers (``idx_mapping`` renamed ``expanded_idx_mapping``,
``gumbel_sample``'s ``is_greedy`` replaced by ``temperature`` plus a required ``apply_temperature``), and the model
states and multimodal helpers (``model_states/whisper.py`` renamed ``encoder_decoder.py`` with its classes, the
encoder CUDA-graph modules moved out of ``gpu/mm/``) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-2 fork spellings
written the way fork code is written (a runner subclass calling or overriding a method, a read off ``self`` or a
typed runner, a tuple unpacked or indexed, a keyword or positional constructor call, an import of a deleted or
moved module), with twins (fork code the commit does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 972980f2): 18 caught, 1 warned, 4 missed of 23 (twins: 12
quiet, 0 false errors).  One of the four was this replay's own mistake: #33055's ``from
vllm.v1.worker.gpu.buffer_utils import UvaBufferPool`` was written as a killer, but the commit removed only the
runner's pools, not the class (buffer_utils and structured_outputs still use it), so the engine was right to
stay quiet; it is a twin now (22 killers, 13 twins).  The real misses: #35930's two (``execute_model_state``,
an 8-tuple the runner stores, made a 7-field NamedTuple: the fork's 8-name unpack raises, its ``state[4]``
reads ``aux_hidden_states`` instead of ``hidden_states``) and #39098's ``self._dummy_run(n, skip_attn=True)``
(a new ``if skip_attn and not is_profile: raise`` at the top of the method).  #39098's ``runner._dummy_run(n)``
relying on the flipped default is the default-drift warning, as designed.
After the killers97 widenings: 21 caught, 1 warned, 0 missed of 22 (twins: 13 quiet, 0 false errors).  Caught
now: a tuple a class stores in ``self.NAME`` (tuple displays or a same-module NamedTuple) unpacked to the base's
length or indexed at a position whose name moved, off ``self`` in a subclass or a receiver typed as the class
(return drift, ``drift/stored_tuples.py``); a call whose constant arguments a new raising guard at the top of
upstream's function holds for (symbol drift, ``drift/refused_args.py``).  Regression on the same engine:
killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins 0 false errors (40, 30,
23 twins), blind_replay_eplbops 25/25 (14 twins quiet), blind_replay_runner 24 caught, 2 warned, 1 missed of
27 (unchanged; 16 twins quiet), blind_replay_workerinputs 34 caught, 1 warned of 35 (19 twins quiet),
blind_replay_specdec 23/23 (10 twins quiet); fast lane 4119 passed, 1 skipped; symbol_precision --windows 3
--no-speed: windows 0 and 1 0 false errors (window 2 cut off by the clock on a loaded machine).

  python benchmarks/blind_replay_runnerv2.py [--mirror DIR] [--only TEXT ...] [--show]

After fixAM (eight false errors mended in stored_tuples and refused_args, three shapes made warnings): 21
caught, 1 warned, 0 missed of 22 (13 twins quiet, 0 false errors), unchanged; blind_replay_runner 24/2/1 of 27
(16 twins quiet), killer_replay 26/26, kind_change_replay 12/12, review16/17_twins 0 false errors.
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

GR = "from vllm.v1.worker.gpu.model_runner import GPUModelRunner\n\n\n"

# --- #36762 (8ccbcda5c0): GPUModelRunner.warmup_for_prefill removed
WP = "8ccbcda5c0"
WPW = "warmup_for_prefill removed"
CASES += [
    (
        "#36762 runner method removed",
        "a runner subclass calling the method",
        K(
            "#36762",
            WP,
            WPW,
            "vllm/aeon/wp1.py",
            GR + "class AeonRunner(GPUModelRunner):\n"
            "    def capture_model(self) -> int:\n"
            "        # AEON: FlashInfer's JIT on the Spark takes minutes; warm it before the graphs\n"
            "        self.warmup_for_prefill()\n"
            "        return super().capture_model()\n",
            "self.warmup_for_prefill()",
        ),
    ),
    (
        "#36762 runner method removed",
        "a call off a typed runner",
        K(
            "#36762",
            WP,
            WPW,
            "vllm/aeon/wp2.py",
            GR + "def aeon_warm(runner: GPUModelRunner) -> None:\n    runner.warmup_for_prefill()\n",
            "runner.warmup_for_prefill()",
        ),
    ),
    (
        "#36762 runner method removed",
        "twin: a kept method called off a typed runner",
        K(
            "#36762",
            WP,
            WPW,
            "vllm/aeon/wp3.py",
            GR + "def aeon_warm2(runner: GPUModelRunner) -> int:\n    return runner.capture_model()\n",
            "return runner.capture_model()",
        ),
    ),
]

# --- #35070 (c645e9a214): GPUModelRunner.propose_draft removed; sample_tokens calls speculator.propose itself
PD = "c645e9a214"
PDW = "propose_draft removed, no longer called"
CASES += [
    (
        "#35070 runner hook removed",
        "an override upstream no longer calls",
        K(
            "#35070",
            PD,
            PDW,
            "vllm/aeon/pd1.py",
            GR + "class AeonRunner(GPUModelRunner):\n"
            "    def propose_draft(self, input_batch, last_hidden_states, aux_hidden_states, num_sampled, num_rejected):\n"
            "        # AEON: our drafter emits -1 for 'no draft'; clamp before the rejection sampler\n"
            "        draft = super().propose_draft(input_batch, last_hidden_states, aux_hidden_states, num_sampled, num_rejected)\n"
            "        return draft.clamp_(min=0)\n",
            "    def propose_draft(self, input_batch, last_hidden_states, aux_hidden_states, num_sampled, num_rejected):",
        ),
    ),
    (
        "#35070 runner hook removed",
        "twin: an override of a kept hook",
        K(
            "#35070",
            PD,
            PDW,
            "vllm/aeon/pd2.py",
            "from vllm.v1.core.sched.output import SchedulerOutput\n" + GR + "class AeonRunner2(GPUModelRunner):\n"
            "    def finish_requests(self, scheduler_output: SchedulerOutput) -> None:\n"
            "        super().finish_requests(scheduler_output)\n",
            "        super().finish_requests(scheduler_output)",
        ),
    ),
]

# --- #35039 (944ffb5968): GPUModelRunner.do_spec_decode removed
DS = "944ffb5968"
DSW = "do_spec_decode field removed"
CASES += [
    (
        "#35039 runner field removed",
        "a read off self in a runner subclass",
        K(
            "#35039",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            GR + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_draft_len(self) -> int:\n"
            "        if self.do_spec_decode:\n"
            "            return self.num_speculative_steps\n"
            "        return 0\n",
            "if self.do_spec_decode:",
        ),
    ),
    (
        "#35039 runner field removed",
        "a read off a typed runner",
        K(
            "#35039",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            GR + "def aeon_speculates(runner: GPUModelRunner) -> bool:\n    return runner.do_spec_decode\n",
            "return runner.do_spec_decode",
        ),
    ),
    (
        "#35039 runner field removed",
        "twin: the kept num_speculative_steps",
        K(
            "#35039",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            GR + "def aeon_speculates2(runner: GPUModelRunner) -> bool:\n    return runner.num_speculative_steps > 0\n",
            "return runner.num_speculative_steps > 0",
        ),
    ),
]

# --- #35930 (10a5f4d53d): execute_model_state, an 8-tuple, made the 7-field ExecuteModelState (model_inputs gone)
ES = "10a5f4d53d"
ESW = "execute_model_state 8-tuple -> 7-field NamedTuple"
CASES += [
    (
        "#35930 state tuple reshaped",
        "the 8-tuple unpacked in a runner subclass",
        K(
            "#35930",
            ES,
            ESW,
            "vllm/aeon/es1.py",
            GR + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_peek_hidden(self):\n"
            "        # AEON: the Spark's draft head reads the target's last hidden states\n"
            "        (_, _, _, _, hidden_states, _, _, _) = self.execute_model_state\n"
            "        return hidden_states\n",
            "(_, _, _, _, hidden_states, _, _, _) = self.execute_model_state",
        ),
    ),
    (
        "#35930 state tuple reshaped",
        "a position indexed off the tuple",
        K(
            "#35930",
            ES,
            ESW,
            "vllm/aeon/es2.py",
            GR + "def aeon_peek_hidden(runner: GPUModelRunner):\n"
            "    state = runner.execute_model_state\n"
            "    return None if state is None else state[4]\n",
            "return None if state is None else state[4]",
        ),
    ),
    (
        "#35930 state tuple reshaped",
        "twin: a None test of the state",
        K(
            "#35930",
            ES,
            ESW,
            "vllm/aeon/es3.py",
            GR
            + "def aeon_pending(runner: GPUModelRunner) -> bool:\n    return runner.execute_model_state is not None\n",
            "return runner.execute_model_state is not None",
        ),
    ),
]

# --- #37526 (40b8363b45): RequestState's model_dtype parameter removed (draft logits always fp32)
MD = "40b8363b45"
MDW = "RequestState model_dtype removed"
RS = "import torch\n\nfrom vllm.v1.worker.gpu.states import RequestState\n\n\n"
CASES += [
    (
        "#37526 state parameter removed",
        "a keyword to the state's constructor",
        K(
            "#37526",
            MD,
            MDW,
            "vllm/aeon/md1.py",
            RS + "def aeon_states(device: torch.device) -> RequestState:\n"
            "    return RequestState(max_num_reqs=256, max_model_len=32768, max_num_batched_tokens=8192, num_speculative_steps=3, vocab_size=151936, device=device, model_dtype=torch.bfloat16, cache_draft_logits=True)\n",
            "return RequestState(max_num_reqs=256, max_model_len=32768, max_num_batched_tokens=8192, num_speculative_steps=3, vocab_size=151936, device=device, model_dtype=torch.bfloat16, cache_draft_logits=True)",
        ),
    ),
    (
        "#37526 state parameter removed",
        "every argument positional",
        K(
            "#37526",
            MD,
            MDW,
            "vllm/aeon/md2.py",
            RS + "def aeon_states2(device: torch.device) -> RequestState:\n"
            "    return RequestState(256, 32768, 8192, 3, 151936, device, torch.bfloat16, True)\n",
            "return RequestState(256, 32768, 8192, 3, 151936, device, torch.bfloat16, True)",
        ),
    ),
    (
        "#37526 state parameter removed",
        "twin: a kept field read",
        K(
            "#37526",
            MD,
            MDW,
            "vllm/aeon/md3.py",
            RS + "def aeon_steps(states: RequestState) -> int:\n    return states.num_speculative_steps\n",
            "return states.num_speculative_steps",
        ),
    ),
]

# --- #35459 (0a7165fd71): the sampler helpers' idx_mapping parameter renamed expanded_idx_mapping
IM = "0a7165fd71"
IMW = "idx_mapping -> expanded_idx_mapping"
GU = "import torch\n\nfrom vllm.v1.worker.gpu.sample.gumbel import apply_temperature, gumbel_sample\n\n\n"
CASES += [
    (
        "#35459 keyword renamed",
        "a keyword to apply_temperature",
        K(
            "#35459",
            IM,
            IMW,
            "vllm/aeon/im1.py",
            GU + "def aeon_temper(logits: torch.Tensor, idx: torch.Tensor, temp: torch.Tensor) -> None:\n"
            "    apply_temperature(logits, idx_mapping=idx, temperature=temp)\n",
            "apply_temperature(logits, idx_mapping=idx, temperature=temp)",
        ),
    ),
    (
        "#35459 keyword renamed",
        "keywords to gumbel_sample",
        K(
            "#35459",
            IM,
            IMW,
            "vllm/aeon/im2.py",
            GU + "def aeon_sample(logits, idx, temp, seeds, pos) -> torch.Tensor:\n"
            "    return gumbel_sample(logits, idx_mapping=idx, temperature=temp, seed=seeds, pos=pos, apply_temperature=True)\n",
            "return gumbel_sample(logits, idx_mapping=idx, temperature=temp, seed=seeds, pos=pos, apply_temperature=True)",
        ),
    ),
    (
        "#35459 keyword renamed",
        "twin: the renamed parameter passed by position",
        K(
            "#35459",
            IM,
            IMW,
            "vllm/aeon/im3.py",
            GU + "def aeon_temper2(logits: torch.Tensor, idx: torch.Tensor, temp: torch.Tensor) -> None:\n"
            "    apply_temperature(logits, idx, temp)\n",
            "apply_temperature(logits, idx, temp)",
        ),
    ),
]

# --- #46096 (fbf520cf3a): model_states/whisper.py renamed encoder_decoder.py, WhisperModelState and
#     WhisperAttnMetadata renamed EncoderDecoder*
WM = "fbf520cf3a"
WMW = "model_states.whisper renamed encoder_decoder"
CASES += [
    (
        "#46096 model-state module renamed",
        "a subclass of the renamed state",
        K(
            "#46096",
            WM,
            WMW,
            "vllm/aeon/wm1.py",
            "from vllm.v1.worker.gpu.model_states.whisper import WhisperModelState\n\n\n"
            "class AeonAsrModelState(WhisperModelState):\n"
            "    # AEON: our ASR head shares Whisper's cross-attention plumbing\n"
            "    pass\n",
            "from vllm.v1.worker.gpu.model_states.whisper import WhisperModelState",
        ),
    ),
    (
        "#46096 model-state module renamed",
        "a lazy import of the metadata class",
        K(
            "#46096",
            WM,
            WMW,
            "vllm/aeon/wm2.py",
            "def aeon_is_cross(meta) -> bool:\n"
            "    from vllm.v1.worker.gpu.model_states.whisper import WhisperAttnMetadata\n\n"
            "    return isinstance(meta, WhisperAttnMetadata)\n",
            "from vllm.v1.worker.gpu.model_states.whisper import WhisperAttnMetadata",
        ),
    ),
    (
        "#46096 model-state module renamed",
        "twin: the kept default state",
        K(
            "#46096",
            WM,
            WMW,
            "vllm/aeon/wm3.py",
            "from vllm.v1.worker.gpu.model_states.default import DefaultModelState\n\n\n"
            "class AeonModelState(DefaultModelState):\n    pass\n",
            "from vllm.v1.worker.gpu.model_states.default import DefaultModelState",
        ),
    ),
]

# --- #32532 (4147910f1e): InputBuffers.mrope_positions moved to MRopeState; MRopeState.__init__ gains
#     max_num_tokens in second place
MR = "4147910f1e"
MRW = "mrope_positions buffer moved to MRopeState"
CASES += [
    (
        "#32532 buffer moved",
        "a read off self.input_buffers in a runner subclass",
        K(
            "#32532",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            GR + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_mrope(self, num_tokens: int):\n"
            "        # AEON: our vision tower writes its own 3-D positions\n"
            "        return self.input_buffers.mrope_positions[:, :num_tokens]\n",
            "return self.input_buffers.mrope_positions[:, :num_tokens]",
        ),
    ),
    (
        "#32532 buffer moved",
        "the state built positionally",
        K(
            "#32532",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            "import torch\n\nfrom vllm.v1.worker.gpu.mm.mrope_utils import MRopeState\n\n\n"
            "def aeon_mrope_state(device: torch.device) -> MRopeState:\n"
            "    return MRopeState(256, 32768, device)\n",
            "return MRopeState(256, 32768, device)",
        ),
    ),
    (
        "#32532 buffer moved",
        "twin: the kept positions buffer",
        K(
            "#32532",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            GR + "class AeonRunner2(GPUModelRunner):\n"
            "    def aeon_positions(self, num_tokens: int):\n"
            "        return self.input_buffers.positions[:num_tokens]\n",
            "return self.input_buffers.positions[:num_tokens]",
        ),
    ),
]

# --- #33055 (6d86fde09c): the runner's tmp_idx_mapping/tmp_cu_num_logits/
#     tmp_query_start_loc UvaBufferPools removed (the class itself stays: buffer_utils and structured_outputs use it)
UV = "6d86fde09c"
UVW = "the runner's UvaBufferPools removed"
CASES += [
    (
        "#33055 helper class deleted",
        "twin: the class imported (the commit dropped the runner's pools, not the class)",
        K(
            "#33055",
            UV,
            UVW,
            "vllm/aeon/uv1.py",
            "import torch\n\nfrom vllm.v1.worker.gpu.buffer_utils import UvaBufferPool\n\n"
            "AEON_DRAFT_IDX = UvaBufferPool(256, torch.int32)\n",
            "from vllm.v1.worker.gpu.buffer_utils import UvaBufferPool",
        ),
    ),
    (
        "#33055 helper class deleted",
        "a removed pool read off self",
        K(
            "#33055",
            UV,
            UVW,
            "vllm/aeon/uv2.py",
            GR + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_idx_to_gpu(self, idx_np):\n"
            "        return self.tmp_idx_mapping.copy_to_gpu(idx_np)\n",
            "return self.tmp_idx_mapping.copy_to_gpu(idx_np)",
        ),
    ),
    (
        "#33055 helper class deleted",
        "twin: a kept buffer class",
        K(
            "#33055",
            UV,
            UVW,
            "vllm/aeon/uv3.py",
            "import torch\n\nfrom vllm.v1.worker.gpu.buffer_utils import UvaBackedTensor\n\n"
            "AEON_LENS = UvaBackedTensor(256, dtype=torch.int32)\n",
            "from vllm.v1.worker.gpu.buffer_utils import UvaBackedTensor",
        ),
    ),
]

# --- #29276 (3e1ad40655): gumbel_sample(logits, is_greedy, seed, pos) -> (logits, temperature, seed, pos,
#     apply_temperature)
GS = "3e1ad40655"
GSW = "gumbel_sample is_greedy -> temperature + apply_temperature"
GSI = "import torch\n\nfrom vllm.v1.worker.gpu.sampler import gumbel_sample\n\n\n"
CASES += [
    (
        "#29276 parameter replaced",
        "the old four arguments by position",
        K(
            "#29276",
            GS,
            GSW,
            "vllm/aeon/gs1.py",
            GSI + "def aeon_draft_sample(logits, is_greedy, seeds, pos) -> torch.Tensor:\n"
            "    # AEON: the drafter samples with the target's seeds\n"
            "    return gumbel_sample(logits, is_greedy, seeds, pos)\n",
            "return gumbel_sample(logits, is_greedy, seeds, pos)",
        ),
    ),
    (
        "#29276 parameter replaced",
        "the removed keyword",
        K(
            "#29276",
            GS,
            GSW,
            "vllm/aeon/gs2.py",
            GSI + "def aeon_draft_sample2(logits, greedy, seeds, pos) -> torch.Tensor:\n"
            "    return gumbel_sample(logits, is_greedy=greedy, seed=seeds, pos=pos)\n",
            "return gumbel_sample(logits, is_greedy=greedy, seed=seeds, pos=pos)",
        ),
    ),
    (
        "#29276 parameter replaced",
        "twin: a kept helper of the module",
        K(
            "#29276",
            GS,
            GSW,
            "vllm/aeon/gs3.py",
            "import torch\n\nfrom vllm.v1.worker.gpu.sampler import compute_token_logprobs\n\n\n"
            "def aeon_lp(logits: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:\n"
            "    return compute_token_logprobs(logits, ids)\n",
            "return compute_token_logprobs(logits, ids)",
        ),
    ),
]

# --- #38116 (144030c84e): encoder_cudagraph(.py, _defs.py) moved from vllm/v1/worker/gpu/mm/ to vllm/v1/worker/
EC = "144030c84e"
ECW = "encoder CUDA graph modules moved out of gpu/mm"
CASES += [
    (
        "#38116 module moved",
        "an import of the moved manager",
        K(
            "#38116",
            EC,
            ECW,
            "vllm/aeon/ec1.py",
            "from vllm.v1.worker.gpu.mm.encoder_cudagraph import EncoderCudaGraphManager\n\n\n"
            "class AeonEncoderGraphs(EncoderCudaGraphManager):\n"
            "    # AEON: the Spark captures the ViT at two fixed patch counts only\n"
            "    pass\n",
            "from vllm.v1.worker.gpu.mm.encoder_cudagraph import EncoderCudaGraphManager",
        ),
    ),
    (
        "#38116 module moved",
        "a module import of the moved defs",
        K(
            "#38116",
            EC,
            ECW,
            "vllm/aeon/ec2.py",
            "from vllm.v1.worker.gpu.mm import encoder_cudagraph_defs as ecd\n\n\n"
            "def aeon_config(cfg) -> bool:\n    return isinstance(cfg, ecd.EncoderCudaGraphConfig)\n",
            "from vllm.v1.worker.gpu.mm import encoder_cudagraph_defs as ecd",
        ),
    ),
    (
        "#38116 module moved",
        "twin: a kept module of gpu/mm",
        K(
            "#38116",
            EC,
            ECW,
            "vllm/aeon/ec3.py",
            "from vllm.v1.worker.gpu.mm.encoder_runner import EncoderRunner\n\n\n"
            "class AeonEncoderRunner(EncoderRunner):\n    pass\n",
            "from vllm.v1.worker.gpu.mm.encoder_runner import EncoderRunner",
        ),
    ),
]

# --- #39098 (f186cfe75e): _dummy_run's skip_attn default True -> False, and skip_attn=True now raises
#     unless is_profile=True
DR = "f186cfe75e"
DRW = "_dummy_run skip_attn default flipped, refused outside profiling"
CASES += [
    (
        "#39098 keyword now refused",
        "skip_attn=True outside profiling",
        K(
            "#39098",
            DR,
            DRW,
            "vllm/aeon/dr1.py",
            GR + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_warm_moe(self) -> None:\n"
            "        # AEON: warm the MoE kernels only; attention is warmed by capture_model\n"
            "        self._dummy_run(self.max_num_tokens, skip_attn=True)\n",
            "self._dummy_run(self.max_num_tokens, skip_attn=True)",
        ),
    ),
    (
        "#39098 keyword now refused",
        "the flipped default relied on",
        K(
            "#39098",
            DR,
            DRW,
            "vllm/aeon/dr2.py",
            GR + "def aeon_warm_tokens(runner: GPUModelRunner, n: int) -> None:\n"
            "    # AEON: a cheap warmup; attention metadata is not needed here\n"
            "    runner._dummy_run(n)\n",
            "runner._dummy_run(n)",
        ),
    ),
    (
        "#39098 keyword now refused",
        "twin: skip_attn=True while profiling",
        K(
            "#39098",
            DR,
            DRW,
            "vllm/aeon/dr3.py",
            GR + "class AeonRunner2(GPUModelRunner):\n"
            "    def aeon_profile(self) -> None:\n"
            "        self._dummy_run(self.max_num_tokens, skip_attn=True, is_profile=True)\n",
            "self._dummy_run(self.max_num_tokens, skip_attn=True, is_profile=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-runnerv2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
