"""A blind replay of the sampler's ops, the rejection sampler and the logprob tensors a fork's sampling code uses.

9 first-parent commits on ``vllm/v1/sample/ops/{topk_topp_sampler,topk_topp_triton}.py``,
``vllm/v1/sample/rejection_sampler.py`` and ``vllm/v1/outputs.py``'s ``LogprobsTensors`` -- the functions,
kernels and classes a fork's sampler, speculative-decoding or logprobs code carries code against:
``RejectionSampler`` rewritten twice (``forward`` given a draft-probs and a bonus-token parameter and its
``flashinfer_sample``/``forward_method`` dropped; then ``INVALID_TOKEN_ID``, ``compute_probs`` and
``forward_native`` removed), ``RejectionSampler.parse_output`` given a required ``ignored_req_idxs`` before
``vocab_size``, ``topk_topp_sampler.is_flashinfer_available`` removed, ``LogprobsTensors`` given a fourth field,
``sample_recovered_tokens_kernel``'s ``PADDED_VOCAB_SIZE`` renamed ``BLOCK_SIZE`` and then a required
``USE_FP64_GUMBEL`` constexpr added, ``_topk_topp_kernel`` given a ``LOGITS_STRIDE_0`` parameter second (and
``apply_top_k_top_p_triton`` no longer always in place), and ``TopKTopPSampler.aiter_ops`` left ``None`` until
its first ROCm forward -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits the other replays use (``blind_replay_sampler.py`` covers ``sampler.py``'s top level,
``blind_replay_sampling.py`` the logits processors).  Each is replayed under 1-3 fork spellings written the way
fork code is written (an import, a module attribute, a subclass's ``super()`` or ``self.`` use, a call on the
class, a keyword, a read off a receiver typed as the class, a tuple unpacking, a Triton launch), with twins
(fork code the commit does not break: the kept name, the new spelling, a guard, the wrapper with a default).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error
lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d0aa7738): 13 caught, 0 warned, 4 missed of 17 (twins: 9
quiet, 0 false errors).  The misses: #33391's two (``LogprobsTensors``, a ``NamedTuple``, gained a fourth field;
a fork's three-name unpack of one -- read off a ``SamplerOutput``'s field, or built by the class's
``empty_cpu`` -- now raises ValueError), #42739's dropped result (``apply_top_k_top_p_triton`` returns a
contiguous copy for a non-contiguous input instead of masking it in place; a fork statement that discards the
value masks nothing then) and #44823's one (``TopKTopPSampler.__init__`` sets ``self.aiter_ops = None`` where
it set ``torch.ops.aiter``, imported lazily by ``forward_hip``; a fork subclass's method calling
``self.aiter_ops.<op>(...)`` before a forward meets None).

After the killers145 widenings: 15 caught, 2 warned, 0 missed of 17 (twins: 9 quiet, 0 false errors).  Caught
now: a NamedTuple given another field count, unpacked by the old count (``drift/grown_tuples.py``, layout drift:
the value typed through a parameter, a field's or a method's upstream annotation, a loop over a list of them).
Warned now, by design: an attribute made lazy (``drift/nulled_attributes.py``: ``__init__`` leaves it None for a
method to build when first needed; whether the build ran first is not read) and a function that now copies its
argument on some inputs before writing it (``drift/handed_back.py``'s copy shape: under an ``if``, a warning;
on every call it is an error).  Regression set at the widenings' head: killer_replay 26/26, kind_change_replay
12/12, review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_sampler 17/17 (10 quiet),
blind_replay_specdec 23/23 (10 quiet), blind_replay_logitsproc 15/15 (9 quiet), blind_replay_mrv2 30 caught, 1
warned, 2 missed (#44253's two, missed on the base engine too; 18 quiet), blind_replay_layers 45/45,
blind_replay_basiclayers 15/15, blind_replay_pooling and blind_replay_vlmodels as on the base engine (0 false),
blind_replay_runnerv2, _outproc, _gpuworker, _scheddata and blind_replay.py no miss, 0 false errors;
``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught).

  python benchmarks/blind_replay_sampleops.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #13933 (8d6cf89526): RejectionSampler.forward(draft_token_ids, target_probs, sampling_metadata) gains
# draft_probs and bonus_token_ids_tensor; flashinfer_sample and the forward_method attribute are gone
RF = "8d6cf89526"
RFW = "RejectionSampler.forward gains two parameters; flashinfer_sample/forward_method removed"
RSI = (
    "import torch\n\n"
    "from vllm.v1.sample.metadata import SamplingMetadata\n"
    "from vllm.v1.sample.rejection_sampler import RejectionSampler\n\n\n"
)
CASES += [
    (
        "#13933 parameters inserted",
        "a subclass's super().forward",
        K(
            "#13933",
            RF,
            RFW,
            "vllm/aeon/rf1.py",
            RSI + "class AeonRejectionSampler(RejectionSampler):\n"
            "    def forward(self, draft_token_ids, target_probs, sampling_metadata):\n"
            "        # AEON: the Spark's ngram drafter pads empty drafts, drop them first\n"
            "        draft_token_ids = [ids for ids in draft_token_ids if ids is not None]\n"
            "        return super().forward(draft_token_ids, target_probs, sampling_metadata)\n",
            "return super().forward(draft_token_ids, target_probs, sampling_metadata)",
        ),
    ),
    (
        "#13933 method removed",
        "a subclass's self. call",
        K(
            "#13933",
            RF,
            RFW,
            "vllm/aeon/rf2.py",
            RSI + "class AeonGreedyRejection(RejectionSampler):\n"
            "    def aeon_greedy(self, draft_token_ids: list[list[int]], target_probs: torch.Tensor,\n"
            "                    sampling_metadata: SamplingMetadata):\n"
            "        return self.flashinfer_sample(draft_token_ids, target_probs, sampling_metadata)\n",
            "return self.flashinfer_sample(draft_token_ids, target_probs, sampling_metadata)",
        ),
    ),
    (
        "#13933 attribute no longer set",
        "a subclass's self. attribute call",
        K(
            "#13933",
            RF,
            RFW,
            "vllm/aeon/rf3.py",
            RSI + "class AeonDispatchRejection(RejectionSampler):\n"
            "    def aeon_sample(self, draft_token_ids, target_probs, sampling_metadata):\n"
            "        return self.forward_method(draft_token_ids, target_probs, sampling_metadata)\n",
            "return self.forward_method(draft_token_ids, target_probs, sampling_metadata)",
        ),
    ),
    (
        "#13933 parameters inserted",
        "twin: a kept module constant",
        K(
            "#13933",
            RF,
            RFW,
            "vllm/aeon/rf4.py",
            "import torch\n\nfrom vllm.v1.sample.rejection_sampler import INVALID_TOKEN_ID\n\n\n"
            "def aeon_valid(token_ids: torch.Tensor) -> torch.Tensor:\n"
            "    return token_ids != INVALID_TOKEN_ID\n",
            "return token_ids != INVALID_TOKEN_ID",
        ),
    ),
]

# --- #14930 (99abb8b650): RejectionSampler rewritten with Triton kernels: INVALID_TOKEN_ID renamed
# PLACEHOLDER_TOKEN_ID, the compute_probs method and forward_native removed
RT = "99abb8b650"
RTW = "INVALID_TOKEN_ID, RejectionSampler.compute_probs/forward_native removed"
CASES += [
    (
        "#14930 constant removed",
        "an import of the constant",
        K(
            "#14930",
            RT,
            RTW,
            "vllm/aeon/rt1.py",
            "import torch\n\nfrom vllm.v1.sample.rejection_sampler import INVALID_TOKEN_ID\n\n\n"
            "def aeon_num_accepted(output_token_ids: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the acceptance counter the Spark's dashboards scrape\n"
            "    return (output_token_ids != INVALID_TOKEN_ID).sum(dim=1)\n",
            "from vllm.v1.sample.rejection_sampler import INVALID_TOKEN_ID",
        ),
    ),
    (
        "#14930 method removed",
        "a call on a typed receiver",
        K(
            "#14930",
            RT,
            RTW,
            "vllm/aeon/rt2.py",
            RSI + "def aeon_target_probs(sampler: RejectionSampler, logits: torch.Tensor,\n"
            "                      sampling_metadata: SamplingMetadata, sample_lens: list[int]) -> torch.Tensor:\n"
            "    return sampler.compute_probs(logits, sampling_metadata, sample_lens)\n",
            "return sampler.compute_probs(logits, sampling_metadata, sample_lens)",
        ),
    ),
    (
        "#14930 method removed",
        "a subclass override calling super()",
        K(
            "#14930",
            RT,
            RTW,
            "vllm/aeon/rt3.py",
            RSI + "class AeonNativeRejection(RejectionSampler):\n"
            "    def forward_native(self, draft_token_ids_tensor, draft_probs, bonus_token_ids_tensor,\n"
            "                       target_probs, sampling_metadata):\n"
            "        # AEON: GB10 runs the native path in fp32 only\n"
            "        target_probs = target_probs.float()\n"
            "        return super().forward_native(draft_token_ids_tensor, draft_probs, bonus_token_ids_tensor,\n"
            "                                      target_probs, sampling_metadata)\n",
            "return super().forward_native(draft_token_ids_tensor, draft_probs, bonus_token_ids_tensor,",
        ),
    ),
    (
        "#14930 method removed",
        "twin: the sampler built as before",
        K(
            "#14930",
            RT,
            RTW,
            "vllm/aeon/rt4.py",
            RSI + "def aeon_rejection_sampler() -> RejectionSampler:\n    return RejectionSampler()\n",
            "return RejectionSampler()",
        ),
    ),
]

# --- #15307 (54aa619459): RejectionSampler.parse_output gains a required ignored_req_idxs before vocab_size
PO = "54aa619459"
POW = "RejectionSampler.parse_output(output_token_ids, ignored_req_idxs, vocab_size)"
CASES += [
    (
        "#15307 parameter inserted",
        "a positional call on the class",
        K(
            "#15307",
            PO,
            POW,
            "vllm/aeon/po1.py",
            RSI + "def aeon_parse(output_token_ids: torch.Tensor, vocab_size: int) -> list[list[int]]:\n"
            "    return RejectionSampler.parse_output(output_token_ids, vocab_size)\n",
            "return RejectionSampler.parse_output(output_token_ids, vocab_size)",
        ),
    ),
    (
        "#15307 parameter inserted",
        "keywords through a typed attribute",
        K(
            "#15307",
            PO,
            POW,
            "vllm/aeon/po2.py",
            RSI + "class AeonSpecRunner:\n"
            "    def __init__(self, vocab_size: int) -> None:\n"
            "        self.vocab_size = vocab_size\n"
            "        self.rejection_sampler = RejectionSampler()\n\n"
            "    def aeon_tokens(self, output_token_ids: torch.Tensor) -> list[list[int]]:\n"
            "        return self.rejection_sampler.parse_output(output_token_ids=output_token_ids, vocab_size=self.vocab_size)\n",
            "return self.rejection_sampler.parse_output(output_token_ids=output_token_ids, vocab_size=self.vocab_size)",
        ),
    ),
    (
        "#15307 parameter inserted",
        "twin: the new three-argument call",
        K(
            "#15307",
            PO,
            POW,
            "vllm/aeon/po3.py",
            RSI + "def aeon_parse3(output_token_ids: torch.Tensor, vocab_size: int) -> list[list[int]]:\n"
            "    return RejectionSampler.parse_output(output_token_ids, [], vocab_size)\n",
            "return RejectionSampler.parse_output(output_token_ids, [], vocab_size)",
        ),
    ),
]

# --- #26977 (fec2b341ad): topk_topp_sampler's module-level is_flashinfer_available (and flashinfer) removed
FI = "fec2b341ad"
FIW = "topk_topp_sampler.is_flashinfer_available removed"
CASES += [
    (
        "#26977 module global removed",
        "an import of the flag",
        K(
            "#26977",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            "from vllm.v1.sample.ops.topk_topp_sampler import is_flashinfer_available\n\n\n"
            "def aeon_sampler_backend() -> str:\n"
            "    # AEON: report which top-k/top-p path the Spark's image serves with\n"
            '    return "flashinfer" if is_flashinfer_available else "native"\n',
            "from vllm.v1.sample.ops.topk_topp_sampler import is_flashinfer_available",
        ),
    ),
    (
        "#26977 module global removed",
        "a module attribute read",
        K(
            "#26977",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            "from vllm.v1.sample.ops import topk_topp_sampler as tks\n\n\n"
            "def aeon_can_use_flashinfer() -> bool:\n"
            "    return tks.is_flashinfer_available\n",
            "return tks.is_flashinfer_available",
        ),
    ),
    (
        "#26977 module global removed",
        "twin: a kept function",
        K(
            "#26977",
            FI,
            FIW,
            "vllm/aeon/fi3.py",
            "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import flashinfer_sample\n\n\n"
            "def aeon_fi_sample(logits: torch.Tensor, k: torch.Tensor, p: torch.Tensor) -> torch.Tensor:\n"
            "    return flashinfer_sample(logits.contiguous(), k, p, {})\n",
            "return flashinfer_sample(logits.contiguous(), k, p, {})",
        ),
    ),
]

# --- #33391 (876a16f4fb): LogprobsTensors (a NamedTuple of three tensors) gains cu_num_generated_tokens
LT = "876a16f4fb"
LTW = "LogprobsTensors gains a fourth field"
OUTS = "from vllm.v1.outputs import LogprobsTensors, SamplerOutput\n\n\n"
CASES += [
    (
        "#33391 tuple widened",
        "an unpacking of a typed field",
        K(
            "#33391",
            LT,
            LTW,
            "vllm/aeon/lt1.py",
            OUTS + "def aeon_top_logprob(output: SamplerOutput) -> float | None:\n"
            "    if output.logprobs_tensors is None:\n"
            "        return None\n"
            "    token_ids, logprobs, ranks = output.logprobs_tensors\n"
            "    return float(logprobs[0, 0])\n",
            "token_ids, logprobs, ranks = output.logprobs_tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "an unpacking of a factory's result",
        K(
            "#33391",
            LT,
            LTW,
            "vllm/aeon/lt2.py",
            OUTS + "def aeon_prompt_buffers(num_positions: int, num_logprobs: int):\n"
            "    # AEON: the Spark's prompt-logprobs path fills these in place\n"
            "    ids, lps, ranks = LogprobsTensors.empty_cpu(num_positions, num_logprobs + 1)\n"
            "    return ids, lps, ranks\n",
            "ids, lps, ranks = LogprobsTensors.empty_cpu(num_positions, num_logprobs + 1)",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: a field read by name",
        K(
            "#33391",
            LT,
            LTW,
            "vllm/aeon/lt3.py",
            OUTS + "def aeon_ranks(tensors: LogprobsTensors):\n    return tensors.selected_token_ranks.tolist()\n",
            "return tensors.selected_token_ranks.tolist()",
        ),
    ),
]

# --- #34974 (7a5adad480): sample_recovered_tokens_kernel's q_ptr/PADDED_VOCAB_SIZE renamed inv_q_ptr/BLOCK_SIZE
RK = "7a5adad480"
RKW = "sample_recovered_tokens_kernel(PADDED_VOCAB_SIZE=) renamed BLOCK_SIZE"
RSK = (
    "import torch\n\n"
    "from vllm.triton_utils import triton\n"
    "from vllm.v1.sample import rejection_sampler as rs\n"
    "from vllm.v1.sample.rejection_sampler import sample_recovered_tokens_kernel\n\n\n"
)
CASES += [
    (
        "#34974 kernel keyword renamed",
        "a Triton launch with the old keyword",
        K(
            "#34974",
            RK,
            RKW,
            "vllm/aeon/rk1.py",
            RSK + "def aeon_recover(out, cu_num_draft_tokens, draft_token_ids, target_probs, q, batch_size: int,\n"
            "                 max_spec_len: int) -> torch.Tensor:\n"
            "    # AEON: the Spark's ngram drafter has no draft probs\n"
            "    vocab_size = target_probs.shape[-1]\n"
            "    sample_recovered_tokens_kernel[(batch_size, max_spec_len)](out, cu_num_draft_tokens, draft_token_ids, None, target_probs, q, vocab_size, PADDED_VOCAB_SIZE=triton.next_power_of_2(vocab_size), NO_DRAFT_PROBS=True)\n"
            "    return out\n",
            "sample_recovered_tokens_kernel[(batch_size, max_spec_len)](out, cu_num_draft_tokens, draft_token_ids, None, target_probs, q, vocab_size, PADDED_VOCAB_SIZE=triton.next_power_of_2(vocab_size), NO_DRAFT_PROBS=True)",
        ),
    ),
    (
        "#34974 kernel keyword renamed",
        "twin: the wrapper kept",
        K(
            "#34974",
            RK,
            RKW,
            "vllm/aeon/rk2.py",
            RSK + "def aeon_recover2(max_spec_len, num_draft_tokens, cu, draft_ids, target_probs, md, device):\n"
            "    return rs.sample_recovered_tokens(max_spec_len, num_draft_tokens, cu, draft_ids, None, target_probs, md, device)\n",
            "return rs.sample_recovered_tokens(max_spec_len, num_draft_tokens, cu, draft_ids, None, target_probs, md, device)",
        ),
    ),
]

# --- #42739 (d19db10974): _topk_topp_kernel gains LOGITS_STRIDE_0 second; apply_top_k_top_p_triton may return a copy
TT = "d19db10974"
TTW = "_topk_topp_kernel(LOGITS, LOGITS_STRIDE_0, BUFFER, ...); the triton top-k/top-p no longer always in place"
TRI = (
    "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_triton import _topk_topp_kernel, apply_top_k_top_p_triton\n\n\n"
)
CASES += [
    (
        "#42739 kernel parameter inserted",
        "a positional Triton launch",
        K(
            "#42739",
            TT,
            TTW,
            "vllm/aeon/tt1.py",
            TRI
            + "def aeon_topk_launch(logits, buffer, pct_table, cdf_table, k_ptr, p_ptr, num_programs: int) -> None:\n"
            "    # AEON: GB10 runs one program per SM pair\n"
            "    batch_size, vocab_size = logits.shape\n"
            "    _topk_topp_kernel[(num_programs,)](logits, buffer, pct_table, cdf_table, k_ptr, p_ptr, BATCH_SIZE=batch_size, MASK_VALUE=float('-inf'), VOCAB_SIZE=vocab_size, BLOCK_SIZE=8192, BLOCK_SIZE_TRUNC=4096, TOPK_ENABLED=True, TOPP_ENABLED=True)\n",
            "_topk_topp_kernel[(num_programs,)](logits, buffer, pct_table, cdf_table, k_ptr, p_ptr, BATCH_SIZE=batch_size, MASK_VALUE=float('-inf'), VOCAB_SIZE=vocab_size, BLOCK_SIZE=8192, BLOCK_SIZE_TRUNC=4096, TOPK_ENABLED=True, TOPP_ENABLED=True)",
        ),
    ),
    (
        "#42739 result no longer in place",
        "a call whose result is dropped",
        K(
            "#42739",
            TT,
            TTW,
            "vllm/aeon/tt2.py",
            TRI + "def aeon_mask(logits: torch.Tensor, k: torch.Tensor, p: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's sampler masks a view of the padded logits in place\n"
            "    apply_top_k_top_p_triton(logits, k, p)\n"
            "    return logits\n",
            "apply_top_k_top_p_triton(logits, k, p)",
        ),
    ),
    (
        "#42739 result no longer in place",
        "twin: the result rebound",
        K(
            "#42739",
            TT,
            TTW,
            "vllm/aeon/tt3.py",
            TRI + "def aeon_mask2(logits: torch.Tensor, k: torch.Tensor, p: torch.Tensor) -> torch.Tensor:\n"
            "    logits = apply_top_k_top_p_triton(logits, k, p)\n"
            "    return logits\n",
            "logits = apply_top_k_top_p_triton(logits, k, p)",
        ),
    ),
]

# --- #43150 (7fe7800fa4): sample_recovered_tokens_kernel gains a required USE_FP64_GUMBEL constexpr
FG = "7fe7800fa4"
FGW = "sample_recovered_tokens_kernel(..., USE_FP64_GUMBEL) required"
CASES += [
    (
        "#43150 required kernel parameter added",
        "a Triton launch without it",
        K(
            "#43150",
            FG,
            FGW,
            "vllm/aeon/fg1.py",
            RSK
            + "def aeon_recover_inv(out, cu_num_draft_tokens, draft_token_ids, target_probs, inv_q, batch_size: int,\n"
            "                     max_spec_len: int) -> torch.Tensor:\n"
            "    vocab_size = target_probs.shape[-1]\n"
            "    sample_recovered_tokens_kernel[(batch_size, max_spec_len)](out, cu_num_draft_tokens, draft_token_ids, None, target_probs, inv_q, vocab_size, 8192, NO_DRAFT_PROBS=True)\n"
            "    return out\n",
            "sample_recovered_tokens_kernel[(batch_size, max_spec_len)](out, cu_num_draft_tokens, draft_token_ids, None, target_probs, inv_q, vocab_size, 8192, NO_DRAFT_PROBS=True)",
        ),
    ),
    (
        "#43150 required kernel parameter added",
        "twin: random_sample's new parameter defaults",
        K(
            "#43150",
            FG,
            FGW,
            "vllm/aeon/fg2.py",
            "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import random_sample\n\n\n"
            "def aeon_sample(probs: torch.Tensor, generators: dict[int, torch.Generator]) -> torch.Tensor:\n"
            "    return random_sample(probs, generators)\n",
            "return random_sample(probs, generators)",
        ),
    ),
]

# --- #44823 (82a42234be): TopKTopPSampler.aiter_ops is None until the first ROCm forward imports it
AO = "82a42234be"
AOW = "TopKTopPSampler.aiter_ops lazily set (None after __init__)"
TKS = "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import TopKTopPSampler\n\n\n"
CASES += [
    (
        "#44823 attribute left None",
        "a subclass's self. attribute call",
        K(
            "#44823",
            AO,
            AOW,
            "vllm/aeon/ao1.py",
            TKS + "class AeonRocmSampler(TopKTopPSampler):\n"
            "    def aeon_top_p(self, probs: torch.Tensor, p: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the MI300 canary samples top-p only, straight from aiter\n"
            "        return self.aiter_ops.top_p_sampling_from_probs(probs, None, p, 0.0, deterministic=True)\n",
            "return self.aiter_ops.top_p_sampling_from_probs(probs, None, p, 0.0, deterministic=True)",
        ),
    ),
    (
        "#44823 attribute left None",
        "twin: guarded by the lazy init",
        K(
            "#44823",
            AO,
            AOW,
            "vllm/aeon/ao2.py",
            TKS + "class AeonRocmSampler2(TopKTopPSampler):\n"
            "    def aeon_top_p(self, probs: torch.Tensor, p: torch.Tensor) -> torch.Tensor | None:\n"
            "        if self.aiter_ops is None and not self._init_aiter_ops():\n"
            "            return None\n"
            "        return self.aiter_ops.top_p_sampling_from_probs(probs, None, p, 0.0, deterministic=True)\n",
            "return self.aiter_ops.top_p_sampling_from_probs(probs, None, p, 0.0, deterministic=True)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-sampleops-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
