"""A blind replay of the speculative-decoding surface a fork that tunes EAGLE/MTP/ngram drafting patches.

10 first-parent commits on what such a fork carries code against -- the proposers (vllm/v1/spec_decode/:
NgramProposer.propose losing its request-id and unsupported-set parameters, EagleProposer.prepare_inputs
given a required ``num_tokens``, ``prepare_inputs_padded`` returning a third tensor, MedusaProposer.propose
returning a GPU tensor instead of lists, the base proposer and its kernels moved out of eagle.py), the
speculative config (the per-model MTP method names folded into ``"mtp"``, ``synthetic_acceptance_rate``
made a list ``synthetic_acceptance_rates``), the rejection sampler's interface (``parse_output`` losing
``ignored_req_idxs``, then ``return_cu_num_tokens`` replaced by ``logprobs_tensors``; the sampler made a
constructor argument, ``compute_probs`` renamed) and SpecDecodeMetadata given a required field -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.
Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass override with
the old parameters, a ``super()`` call, a positional flag, a keyword, a tuple unpacked, a construction by
keywords, a module attribute monkey-patched, a ``mock.patch`` target by string, a method name compared),
with twins (fork code beside the same change that it does not break).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned*
when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 5e261c9c): 16 caught, 0 warned, 7 missed of 23 (twins: 10
quiet, 0 false errors).  The misses: #25232's two (a method name upstream's ``__post_init__`` now folds into
``"mtp"``, compared by a proposer subclass and by a helper: the name is still in the ``Literal``), #26060's
``RejectionSampler()`` (the class had no ``__init__`` of its own -- ``nn.Module``'s took nothing -- and upstream
gave it one with a required ``sampler``), #29723's two (``propose``'s return re-annotated from
``list[list[int]]`` to ``torch.Tensor``; the fork appends to it and concatenates a list to each row),
#31336's positional ``True`` (the fourth parameter renamed from the flag to ``logprobs_tensors``, typed
``LogprobsTensors | None``), and #40732's monkey-patch ``vllm.v1.spec_decode.eagle.<kernel> = ...`` (the
module no longer imports the kernel: the assignment makes a new attribute nothing reads).
After the killers50 widenings: 23 caught, 0 warned, 0 missed of 23 (twins: 10 quiet, 0 false errors).  Caught
now: a comparison of a field with a value upstream's post-init now rewrites into another, tested against a
module-level tuple of names (name drift's rewrites); a call of a class upstream gave its first ``__init__`` that the new constructor cannot bind (symbol
drift); a list return made an array, a list method called on it or a list added to it or to its rows,
through ``super()`` too (type drift); a literal passed by position into a slot upstream renamed and retyped
from that scalar to a class (symbol drift); a name a function binds by a lazy import, resolved as the
module-level import would be (the monkey-patch, symbol drift).

  python benchmarks/blind_replay_specdec.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

RSI = "from vllm.v1.sample.rejection_sampler import RejectionSampler\n\n\n"

# --- #15741 (2bc4be4e32): RejectionSampler.parse_output(output_token_ids, ignored_req_idxs, vocab_size)
#     -> parse_output(output_token_ids, vocab_size)
PO = "2bc4be4e32"
POW = "RejectionSampler.parse_output lost ignored_req_idxs"
CASES += [
    (
        "#15741 parameter removed",
        "a positional call with the old middle argument",
        K(
            "#15741",
            PO,
            POW,
            "vllm/aeon/po1.py",
            "import torch\n\n"
            + RSI
            + "def aeon_accepted(output_token_ids: torch.Tensor, prefill_rows: list[int], vocab_size: int) -> list[list[int]]:\n"
            "    # AEON: rows still in chunked prefill on the Spark get no draft tokens\n"
            "    return RejectionSampler.parse_output(output_token_ids, prefill_rows, vocab_size)\n",
            "return RejectionSampler.parse_output(output_token_ids, prefill_rows, vocab_size)",
        ),
    ),
    (
        "#15741 parameter removed",
        "a static override with the old parameters passing them on",
        K(
            "#15741",
            PO,
            POW,
            "vllm/aeon/po2.py",
            "import torch\n\n" + RSI + "class AeonRejectionSampler(RejectionSampler):\n"
            "    @staticmethod\n"
            "    def parse_output(output_token_ids: torch.Tensor, ignored_req_idxs: list[int], vocab_size: int) -> list[list[int]]:\n"
            "        outputs = RejectionSampler.parse_output(output_token_ids, ignored_req_idxs, vocab_size)\n"
            "        # AEON: cap the accepted run at 4 tokens for the GB10 detokenizer\n"
            "        return [row[:4] for row in outputs]\n",
            "outputs = RejectionSampler.parse_output(output_token_ids, ignored_req_idxs, vocab_size)",
        ),
    ),
    (
        "#15741 parameter removed",
        "twin: the placeholder id the parser filters",
        K(
            "#15741",
            PO,
            POW,
            "vllm/aeon/po3.py",
            "from vllm.v1.sample.rejection_sampler import PLACEHOLDER_TOKEN_ID\n\n\n"
            "def aeon_is_rejected(token_id: int) -> bool:\n"
            "    return token_id == PLACEHOLDER_TOKEN_ID\n",
            "return token_id == PLACEHOLDER_TOKEN_ID",
        ),
    ),
]

# --- #18424 (d55e446d13): EagleProposer.prepare_inputs (static) gains a required num_tokens (the runner
#     computes it on the host to avoid the .item() sync)
PI = "d55e446d13"
PIW = "EagleProposer.prepare_inputs(cu_target_query_lens, num_rejected_tokens, num_tokens)"
EGI = "import torch\n\nfrom vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
CASES += [
    (
        "#18424 required parameter added",
        "a call with the old two arguments",
        K(
            "#18424",
            PI,
            PIW,
            "vllm/aeon/pi1.py",
            EGI + "def aeon_token_indices(cu_query_lens: torch.Tensor, rejected: torch.Tensor) -> torch.Tensor:\n"
            "    cu_num_tokens, token_indices = EagleProposer.prepare_inputs(cu_query_lens, rejected)\n"
            "    return token_indices\n",
            "cu_num_tokens, token_indices = EagleProposer.prepare_inputs(cu_query_lens, rejected)",
        ),
    ),
    (
        "#18424 required parameter added",
        "a static override with the old parameters (the runner passes three)",
        K(
            "#18424",
            PI,
            PIW,
            "vllm/aeon/pi2.py",
            EGI + "class AeonEagleProposer(EagleProposer):\n"
            "    @staticmethod\n"
            "    def prepare_inputs(cu_target_query_lens: torch.Tensor, num_rejected_tokens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        # AEON: the Spark's unified memory wants int64 indices for the gather\n"
            "        cu, idx = EagleProposer.prepare_inputs(cu_target_query_lens, num_rejected_tokens)\n"
            "        return cu, idx.long()\n",
            "def prepare_inputs(cu_target_query_lens: torch.Tensor, num_rejected_tokens: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:",
        ),
    ),
    (
        "#18424 required parameter added",
        "twin: an override of load_model through super()",
        K(
            "#18424",
            PI,
            PIW,
            "vllm/aeon/pi3.py",
            EGI + "class AeonEagleLoad(EagleProposer):\n"
            "    def load_model(self, target_model: torch.nn.Module) -> None:\n"
            "        super().load_model(target_model)\n"
            "        self.model.eval()\n",
            "super().load_model(target_model)",
        ),
    ),
]

# --- #25232 (c70ac4b8ff): the per-model MTP method names ("deepseek_mtp", "ernie_mtp", "qwen3_next_mtp",
#     ...) are normalized to "mtp" in SpeculativeConfig.__post_init__; eagle.py compares with "mtp"
MT = "c70ac4b8ff"
MTW = "SpeculativeConfig.method 'deepseek_mtp'/'qwen3_next_mtp' -> 'mtp'"
SCI = "from vllm.config.speculative import SpeculativeConfig\n\n\n"
CASES += [
    (
        "#25232 method name folded",
        "a proposer subclass comparing self.method with an old name",
        K(
            "#25232",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            "import torch\n\nfrom vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
            "class AeonMtpProposer(EagleProposer):\n"
            "    def aeon_hidden(self, ret_hidden_states: torch.Tensor, last: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: DeepSeek MTP on GB10 feeds its own hidden states back\n"
            '        if self.method == "deepseek_mtp":\n'
            "            return ret_hidden_states\n"
            "        return last\n",
            'if self.method == "deepseek_mtp":',
        ),
    ),
    (
        "#25232 method name folded",
        "a config's method tested against the old names",
        K(
            "#25232",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            SCI + "def aeon_is_mtp(speculative_config: SpeculativeConfig) -> bool:\n"
            "    # AEON: MTP drafts skip the GB10 draft-model memory reservation\n"
            '    return speculative_config.method in ("deepseek_mtp", "qwen3_next_mtp", "ernie_mtp")\n',
            'return speculative_config.method in ("deepseek_mtp", "qwen3_next_mtp", "ernie_mtp")',
        ),
    ),
    (
        "#25232 method name folded",
        "twin: a method name upstream keeps",
        K(
            "#25232",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            SCI + "def aeon_is_eagle3(speculative_config: SpeculativeConfig) -> bool:\n"
            '    return speculative_config.method == "eagle3"\n',
            'return speculative_config.method == "eagle3"',
        ),
    ),
]

# --- #26060 (6644796bf4): RejectionSampler.__init__(sampler) (required), forward returns SamplerOutput,
#     compute_probs -> apply_sampling_constraints, SpecDecodeMetadata gains required cu_num_sampled_tokens
LP = "6644796bf4"
LPW = "RejectionSampler(sampler); compute_probs renamed; SpecDecodeMetadata.cu_num_sampled_tokens"
CASES += [
    (
        "#26060 constructor argument required",
        "a construction with no sampler",
        K(
            "#26060",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            RSI + "class AeonVerifier:\n"
            "    def __init__(self) -> None:\n"
            "        # AEON: one rejection sampler per GB10 verifier stream\n"
            "        self.rejection_sampler = RejectionSampler()\n",
            "self.rejection_sampler = RejectionSampler()",
        ),
    ),
    (
        "#26060 required field added",
        "a metadata record built by keywords",
        K(
            "#26060",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            "import torch\n\nfrom vllm.v1.spec_decode.metadata import SpecDecodeMetadata\n\n\n"
            "def aeon_metadata(draft: torch.Tensor, num_draft: list[int], cu_draft: torch.Tensor, target: torch.Tensor,\n"
            "                  bonus: torch.Tensor, logits: torch.Tensor) -> SpecDecodeMetadata:\n"
            "    # AEON: drafts come pre-flattened from the GB10 tree drafter\n"
            "    return SpecDecodeMetadata(\n"
            "        draft_token_ids=draft,\n"
            "        num_draft_tokens=num_draft,\n"
            "        cu_num_draft_tokens=cu_draft,\n"
            "        target_logits_indices=target,\n"
            "        bonus_logits_indices=bonus,\n"
            "        logits_indices=logits,\n"
            "    )\n",
            "return SpecDecodeMetadata(",
        ),
    ),
    (
        "#26060 helper renamed",
        "an import of the renamed helper",
        K(
            "#26060",
            LP,
            LPW,
            "vllm/aeon/lp3.py",
            "from vllm.v1.sample.rejection_sampler import compute_probs\n\nAEON_TARGET_PROBS = compute_probs\n",
            "from vllm.v1.sample.rejection_sampler import compute_probs",
        ),
    ),
    (
        "#26060 required field added",
        "twin: the metadata built by its factory",
        K(
            "#26060",
            LP,
            LPW,
            "vllm/aeon/lp4.py",
            "import torch\n\nfrom vllm.v1.spec_decode.metadata import SpecDecodeMetadata\n\n\n"
            "def aeon_dummy(draft_token_ids: list[list[int]], device: torch.device) -> SpecDecodeMetadata:\n"
            "    return SpecDecodeMetadata.make_dummy(draft_token_ids, device)\n",
            "return SpecDecodeMetadata.make_dummy(draft_token_ids, device)",
        ),
    ),
]

# --- #29723 (03b5f940fd): MedusaProposer.propose returns the draft tokens as a GPU tensor, not list[list[int]]
MD = "03b5f940fd"
MDW = "MedusaProposer.propose -> torch.Tensor"
MDI = "import torch\n\nfrom vllm.v1.sample.metadata import SamplingMetadata\nfrom vllm.v1.spec_decode.medusa import MedusaProposer\n\n\n"
CASES += [
    (
        "#29723 return retyped",
        "list concatenation on each returned row",
        K(
            "#29723",
            MD,
            MDW,
            "vllm/aeon/md1.py",
            MDI + "class AeonMedusa(MedusaProposer):\n"
            "    def propose(self, target_hidden_states: torch.Tensor, sampling_metadata: SamplingMetadata) -> list[list[int]]:\n"
            "        drafts = super().propose(target_hidden_states, sampling_metadata)\n"
            "        # AEON: pad every draft to the GB10 graph's fixed width\n"
            "        return [row + [0] * (self.aeon_width - len(row)) for row in drafts]\n",
            "return [row + [0] * (self.aeon_width - len(row)) for row in drafts]",
        ),
    ),
    (
        "#29723 return retyped",
        "a list method on the returned value",
        K(
            "#29723",
            MD,
            MDW,
            "vllm/aeon/md2.py",
            MDI
            + "def aeon_drafts(proposer: MedusaProposer, hidden: torch.Tensor, md: SamplingMetadata) -> list[list[int]]:\n"
            "    drafts = proposer.propose(hidden, md)\n"
            "    drafts.append([])  # AEON: the padding request the GB10 graph always carries\n"
            "    return drafts\n",
            "drafts.append([])  # AEON: the padding request the GB10 graph always carries",
        ),
    ),
    (
        "#29723 return retyped",
        "twin: the drafts passed on untouched",
        K(
            "#29723",
            MD,
            MDW,
            "vllm/aeon/md3.py",
            MDI + "class AeonMedusaTimed(MedusaProposer):\n"
            "    def propose(self, target_hidden_states, sampling_metadata):\n"
            "        drafts = super().propose(target_hidden_states, sampling_metadata)\n"
            "        return drafts\n",
            "drafts = super().propose(target_hidden_states, sampling_metadata)",
        ),
    ),
]

# --- #29845 (de71747655): EagleProposer.prepare_inputs_padded returns (metadata, token_indices_to_sample,
#     num_rejected_tokens_gpu); propose takes num_rejected_tokens_gpu
PP = "de71747655"
PPW = "prepare_inputs_padded returns three values"
CASES += [
    (
        "#29845 returned tuple widened",
        "the result unpacked into two names from super()",
        K(
            "#29845",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
            "class AeonPaddedEagle(EagleProposer):\n"
            "    def prepare_inputs_padded(self, common_attn_metadata, spec_decode_metadata, valid_sampled_tokens_count):\n"
            "        cm, token_indices = super().prepare_inputs_padded(\n"
            "            common_attn_metadata, spec_decode_metadata, valid_sampled_tokens_count\n"
            "        )\n"
            "        # AEON: int64 gather indices on GB10\n"
            "        return cm, token_indices.long()\n",
            "cm, token_indices = super().prepare_inputs_padded(",
        ),
    ),
    (
        "#29845 returned tuple widened",
        "a helper unpacking two off a typed proposer",
        K(
            "#29845",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
            "def aeon_sample_indices(drafter: EagleProposer, cm, sdm, counts):\n"
            "    _, token_indices_to_sample = drafter.prepare_inputs_padded(cm, sdm, counts)\n"
            "    return token_indices_to_sample\n",
            "_, token_indices_to_sample = drafter.prepare_inputs_padded(cm, sdm, counts)",
        ),
    ),
    (
        "#29845 returned tuple widened",
        "twin: the first element by index",
        K(
            "#29845",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
            "def aeon_metadata(drafter: EagleProposer, cm, sdm, counts):\n"
            "    return drafter.prepare_inputs_padded(cm, sdm, counts)[0]\n",
            "return drafter.prepare_inputs_padded(cm, sdm, counts)[0]",
        ),
    ),
]

# --- #31336 (97ba96fbe9): RejectionSampler.parse_output's return_cu_num_tokens: bool replaced by
#     logprobs_tensors: LogprobsTensors | None; the second result is LogprobsLists, not the cumulative counts
CU = "97ba96fbe9"
CUW = "parse_output(return_cu_num_tokens) -> parse_output(logprobs_tensors)"
CASES += [
    (
        "#31336 parameter replaced",
        "the removed flag by keyword",
        K(
            "#31336",
            CU,
            CUW,
            "vllm/aeon/cu1.py",
            "import torch\n\n" + RSI + "def aeon_offsets(ids: torch.Tensor, vocab_size: int) -> list[int]:\n"
            "    # AEON: the GB10 logprob gather wants the cumulative counts\n"
            "    _, cu = RejectionSampler.parse_output(ids, vocab_size, return_cu_num_tokens=True)\n"
            "    return cu or []\n",
            "_, cu = RejectionSampler.parse_output(ids, vocab_size, return_cu_num_tokens=True)",
        ),
    ),
    (
        "#31336 parameter replaced",
        "the flag by position (now binds the logprobs tensors)",
        K(
            "#31336",
            CU,
            CUW,
            "vllm/aeon/cu2.py",
            "import torch\n\n"
            + RSI
            + "def aeon_offsets(ids: torch.Tensor, vocab_size: int, discard: list[int]) -> list[int]:\n"
            "    tokens, cu = RejectionSampler.parse_output(ids, vocab_size, discard, True)\n"
            "    return cu or [0]\n",
            "tokens, cu = RejectionSampler.parse_output(ids, vocab_size, discard, True)",
        ),
    ),
    (
        "#31336 parameter replaced",
        "twin: the tokens only, discarded rows by position",
        K(
            "#31336",
            CU,
            CUW,
            "vllm/aeon/cu3.py",
            "import torch\n\n"
            + RSI
            + "def aeon_tokens(ids: torch.Tensor, vocab_size: int, discard: list[int]) -> list[list[int]]:\n"
            "    tokens, _ = RejectionSampler.parse_output(ids, vocab_size, discard)\n"
            "    return tokens\n",
            "tokens, _ = RejectionSampler.parse_output(ids, vocab_size, discard)",
        ),
    ),
]

# --- #32003 (29ce48221c): NgramProposer.propose loses req_ids and spec_decode_unsupported_reqs;
#     spec_decode/utils.is_spec_decode_unsupported and InputBatch.spec_decode_unsupported_reqs removed
NG = "29ce48221c"
NGW = "NgramProposer.propose(sampled, num_tokens_no_spec, token_ids_cpu)"
NGI = "import numpy as np\n\nfrom vllm.v1.spec_decode.ngram_proposer import NgramProposer\n\n\n"
CASES += [
    (
        "#32003 parameters removed",
        "an override with the old parameters calling super()",
        K(
            "#32003",
            NG,
            NGW,
            "vllm/aeon/ng1.py",
            NGI + "class AeonNgram(NgramProposer):\n"
            "    def propose(self, sampled_token_ids, req_ids, num_tokens_no_spec, token_ids_cpu, spec_decode_unsupported_reqs):\n"
            "        # AEON: structured-output requests never draft on the Spark\n"
            "        skip = spec_decode_unsupported_reqs | self.aeon_structured\n"
            "        return super().propose(sampled_token_ids, req_ids, num_tokens_no_spec, token_ids_cpu, skip)\n",
            "return super().propose(sampled_token_ids, req_ids, num_tokens_no_spec, token_ids_cpu, skip)",
        ),
    ),
    (
        "#32003 helper removed",
        "an import of the removed predicate",
        K(
            "#32003",
            NG,
            NGW,
            "vllm/aeon/ng2.py",
            "from vllm.sampling_params import SamplingParams\n"
            "from vllm.v1.spec_decode.utils import is_spec_decode_unsupported\n\n\n"
            "def aeon_may_draft(params: SamplingParams) -> bool:\n"
            "    return not is_spec_decode_unsupported(params)\n",
            "from vllm.v1.spec_decode.utils import is_spec_decode_unsupported",
        ),
    ),
    (
        "#32003 attribute removed",
        "a read of the batch's removed set",
        K(
            "#32003",
            NG,
            NGW,
            "vllm/aeon/ng3.py",
            "from vllm.v1.worker.gpu_input_batch import InputBatch\n\n\n"
            "def aeon_drafts(batch: InputBatch, req_id: str) -> bool:\n"
            "    return req_id not in batch.spec_decode_unsupported_reqs\n",
            "return req_id not in batch.spec_decode_unsupported_reqs",
        ),
    ),
    (
        "#32003 parameters removed",
        "twin: a call with the kept parameters by keyword",
        K(
            "#32003",
            NG,
            NGW,
            "vllm/aeon/ng4.py",
            NGI + "def aeon_propose(p: NgramProposer, sampled, counts: np.ndarray, tokens: np.ndarray):\n"
            "    return p.propose(sampled, num_tokens_no_spec=counts, token_ids_cpu=tokens)\n",
            "return p.propose(sampled, num_tokens_no_spec=counts, token_ids_cpu=tokens)",
        ),
    ),
]

# --- #40662 (626daa2076): SpeculativeConfig.synthetic_acceptance_rate: float -> synthetic_acceptance_rates:
#     list[float] (plus synthetic_acceptance_length)
SY = "626daa2076"
SYW = "synthetic_acceptance_rate -> synthetic_acceptance_rates"
CASES += [
    (
        "#40662 field renamed",
        "the old field by keyword",
        K(
            "#40662",
            SY,
            SYW,
            "vllm/aeon/sy1.py",
            SCI + "def aeon_synthetic(n: int) -> SpeculativeConfig:\n"
            "    # AEON: the GB10 canary replays a fixed acceptance rate\n"
            "    return SpeculativeConfig(\n"
            '        method="ngram", num_speculative_tokens=n, rejection_sample_method="synthetic",\n'
            "        synthetic_acceptance_rate=0.7,\n"
            "    )\n",
            "synthetic_acceptance_rate=0.7,",
        ),
    ),
    (
        "#40662 field renamed",
        "a read of the old field",
        K(
            "#40662",
            SY,
            SYW,
            "vllm/aeon/sy2.py",
            SCI + "def aeon_expected_len(cfg: SpeculativeConfig) -> float:\n"
            "    rate = cfg.synthetic_acceptance_rate or 0.0\n"
            "    return sum(rate**i for i in range(cfg.num_speculative_tokens + 1))\n",
            "rate = cfg.synthetic_acceptance_rate or 0.0",
        ),
    ),
    (
        "#40662 field renamed",
        "twin: the sampling method kept",
        K(
            "#40662",
            SY,
            SYW,
            "vllm/aeon/sy3.py",
            SCI + "def aeon_is_synthetic(cfg: SpeculativeConfig) -> bool:\n"
            '    return cfg.rejection_sample_method == "synthetic"\n',
            'return cfg.rejection_sample_method == "synthetic"',
        ),
    ),
]

# --- #40732 (cde8d24710): SpecDecodeBaseProposer, its kernels' imports and compute_probs_and_sample_next_token
#     moved from eagle.py to llm_base_proposer.py (eagle.py keeps EagleProposer and imports the base)
BP = "cde8d24710"
BPW = "eagle.py's base proposer and helpers -> llm_base_proposer.py"
CASES += [
    (
        "#40732 module split",
        "a kernel monkey-patched on the old module",
        K(
            "#40732",
            BP,
            BPW,
            "vllm/aeon/bp1.py",
            "def aeon_install_kernels(padded_kernel) -> None:\n"
            "    import vllm.v1.spec_decode.eagle\n\n"
            "    # AEON: the sm_121 padded-input kernel replaces upstream's Triton one\n"
            "    vllm.v1.spec_decode.eagle.eagle_prepare_inputs_padded_kernel = padded_kernel\n",
            "vllm.v1.spec_decode.eagle.eagle_prepare_inputs_padded_kernel = padded_kernel",
        ),
    ),
    (
        "#40732 module split",
        "an import of a moved helper",
        K(
            "#40732",
            BP,
            BPW,
            "vllm/aeon/bp2.py",
            "from vllm.v1.spec_decode.eagle import compute_probs_and_sample_next_token\n\n"
            "AEON_SAMPLE_NEXT = compute_probs_and_sample_next_token\n",
            "from vllm.v1.spec_decode.eagle import compute_probs_and_sample_next_token",
        ),
    ),
    (
        "#40732 module split",
        "a mock.patch target on the old module",
        K(
            "#40732",
            BP,
            BPW,
            "tests/aeon/test_aeon_eagle.py",
            "from unittest import mock\n\n\n"
            '@mock.patch("vllm.v1.spec_decode.eagle.get_model")\n'
            "def test_aeon_load(mock_get_model):\n"
            "    assert mock_get_model is not None\n",
            '@mock.patch("vllm.v1.spec_decode.eagle.get_model")',
        ),
    ),
    (
        "#40732 module split",
        "twin: the base class through eagle.py",
        K(
            "#40732",
            BP,
            BPW,
            "vllm/aeon/bp4.py",
            "from vllm.v1.spec_decode.eagle import EagleProposer, SpecDecodeBaseProposer\n\n"
            "AEON_PROPOSERS = (EagleProposer, SpecDecodeBaseProposer)\n",
            "from vllm.v1.spec_decode.eagle import EagleProposer, SpecDecodeBaseProposer",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-specdec-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
