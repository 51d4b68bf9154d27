"""A blind replay of the v1 sampling internals a fork customises: logits processors, sampler, rejection sampler.

9 first-parent commits on the surface a fork that tunes sampling carries code against -- the logits-processor
interface and its batch bookkeeping (``BatchUpdate``'s ``moved``/``added`` fields swapped in order,
``BatchUpdateBuilder._is_update`` removed), ``SamplingMetadata``'s fields (``spec_token_ids`` removed, a required
``bad_words_token_ids`` added), the ``Sampler`` a fork subclasses (``rejection_sampler`` attribute removed,
``sample`` and ``TopKTopPSampler.forward_native`` now return a ``(tokens, logprobs)`` pair, ``forward_tpu``
removed, ``apply_temperature`` given a required ``all_random``, ``gather_specific_token_logprobs``' ``logits``
renamed ``logprobs`` and ``compute_token_logprobs`` no longer imported there), the top-k/top-p ops
(``apply_top_k_top_p_tpu`` moved out of ``topk_topp_sampler``) and the rejection sampler's kernel entry
(``rejection_sample``'s ``target_probs`` renamed ``target_logits``) -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits the other replays use: #13729 (5629f26df7), #13376
(eb8b5eb183), #23362 (3ce8285d6d), #23398 (c80c53a30f), #22387 (f571ff8eb6), #24391 (105d3d62ef), #24734
(a676e668ee), #43125 (565b745ec5), #32852 (8980001c93).  Each is replayed under 1-3 fork spellings written
the way fork code is written (a read off a typed receiver, a subclass override, a keyword, a positional
construction, an import of a moved name, a method call off ``self``), with twins (fork code the commit does
not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no
error on their line.

Blind, on the engine before any widening (main at 2b28ea40): 11 caught, 1 warned, 3 missed of 15 (twins: 9
quiet, 0 false errors).  The warned one was the replay's own slip: #13376's line was given as a prefix of the
one-line ``SamplingMetadata(...)`` call, and the error (the call lacks the required ``bad_words_token_ids``)
landed on that line; it is spelled in full since.  The misses: #13729's ``self.rejection_sampler(...)`` in a
``Sampler`` subclass (a read of an instance attribute the base stopped setting was caught, a call of it went
to the attribute's type's ``__call__`` and lost the removal), and #22387's two (an override of ``sample``
returning ``self.greedy_sample(logits)``, one tensor, where ``Sampler.sample`` now returns a pair ``forward``
unpacks; ``sampled = self.topk_topp_sampler.forward_native(...)`` then ``sampled.long()``, where
``TopKTopPSampler.forward_native`` now returns a pair): no finding in either file.
After killers81: 15 caught, 0 warned, 0 missed of 15 (twins: 9 quiet, 0 false errors).  Caught now: a call
of an attribute a base stopped setting (symbol drift); an override returning a sibling the base's class
declares one value, checked against the base method resolved in the file the fork imports the base from, a
same-named ``Sampler.sample`` in the TPU sampler no longer hiding it (return drift); a value use of
``self.field.method(...)`` where the imported base types the field as one class whose method upstream made
a tuple (return drift).  The last two are reported where return drift reports them, the override's return
and the binding line, so those two spellings' lines were moved there from the ``def`` and the later
``sampled.long()`` (blind, neither file had any finding).
Regression set after killers81 (2026-12-05): killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
blind_replay_sampling 21/21 (12 twins quiet), blind_replay_specdec 23/23 (10 quiet), blind_replay_runner 24
caught, 2 warned, 1 missed of 27 (16 quiet; as documented there), blind_replay_openai 17 caught, 1 warned of 18
(10 quiet), review15/16/17_twins 0 false errors of 40/30/23, symbol_precision --windows 3: 0 false errors (windows 0, 1, 2).
After fixS's false-error mends (the fork's own sibling, a store a fork subclass reads): unchanged, 15 caught,
0 warned, 0 missed of 15 (twins: 9 quiet, 0 false errors).

  python benchmarks/blind_replay_logitsproc.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
SMP = "from vllm.v1.sample.sampler import Sampler\n\n\n"
MD = "from vllm.v1.sample.metadata import SamplingMetadata\n\n\n"

# --- #13729 (5629f26df7): SamplingMetadata.spec_token_ids removed; Sampler no longer owns a rejection_sampler
SD = "5629f26df7"
SDW = "SamplingMetadata.spec_token_ids and Sampler.rejection_sampler removed"
CASES += [
    (
        "#13729 metadata field removed",
        "a read off metadata typed as the dataclass",
        K(
            "#13729",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            MD + "def aeon_has_drafts(md: SamplingMetadata) -> bool:\n"
            "    # AEON: the Spark's draft lane skips the penalty kernels\n"
            "    return bool(md.spec_token_ids)\n",
            "return bool(md.spec_token_ids)",
        ),
    ),
    (
        "#13729 metadata field removed",
        "a subclass calling the removed attribute",
        K(
            "#13729",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            SMP + "class AeonSampler(Sampler):\n"
            "    def aeon_verify(self, logits, sampling_metadata):\n"
            "        return self.rejection_sampler(logits, sampling_metadata)\n",
            "return self.rejection_sampler(logits, sampling_metadata)",
        ),
    ),
    (
        "#13729 metadata field removed",
        "twin: a kept field read",
        K(
            "#13729",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            MD + "def aeon_all_greedy(md: SamplingMetadata) -> bool:\n    return md.all_greedy and not md.all_random\n",
            "return md.all_greedy and not md.all_random",
        ),
    ),
]

# --- #13376 (eb8b5eb183): SamplingMetadata gains a required bad_words_token_ids field
BW = "eb8b5eb183"
BWW = "SamplingMetadata.bad_words_token_ids added without a default"
CASES += [
    (
        "#13376 required field added",
        "the dataclass built by keyword in a fork's warm-up",
        K(
            "#13376",
            BW,
            BWW,
            "vllm/aeon/bw1.py",
            "import torch\n\n" + MD + "def aeon_dummy_metadata(batch: int) -> SamplingMetadata:\n"
            "    # AEON: the Spark warm-up samples a greedy dummy batch\n"
            "    return SamplingMetadata(temperature=None, all_greedy=True, all_random=False, top_p=None, top_k=None, "
            "min_p=None, generators={}, max_num_logprobs=None, no_penalties=True, prompt_token_ids=None, "
            "frequency_penalties=torch.zeros(batch), presence_penalties=torch.zeros(batch), "
            "repetition_penalties=torch.ones(batch), output_token_ids=[[] for _ in range(batch)], min_tokens={}, "
            "logit_bias=[None] * batch, allowed_token_ids_mask=None)\n",
            "return SamplingMetadata(temperature=None, all_greedy=True, all_random=False, top_p=None, top_k=None, "
            "min_p=None, generators={}, max_num_logprobs=None, no_penalties=True, prompt_token_ids=None, "
            "frequency_penalties=torch.zeros(batch), presence_penalties=torch.zeros(batch), "
            "repetition_penalties=torch.ones(batch), output_token_ids=[[] for _ in range(batch)], min_tokens={}, "
            "logit_bias=[None] * batch, allowed_token_ids_mask=None)",
        ),
    ),
    (
        "#13376 required field added",
        "twin: dataclasses.replace on an engine-built instance",
        K(
            "#13376",
            BW,
            BWW,
            "vllm/aeon/bw2.py",
            "import dataclasses\n\n" + MD + "def aeon_no_logprobs(md: SamplingMetadata) -> SamplingMetadata:\n"
            "    return dataclasses.replace(md, max_num_logprobs=None)\n",
            "return dataclasses.replace(md, max_num_logprobs=None)",
        ),
    ),
]

# --- #23362 (3ce8285d6d): BatchUpdate's fields reordered: removed, added, moved (was removed, moved, added)
BU = "3ce8285d6d"
BUW = "BatchUpdate moved/added swapped in field order"
BUI = "from vllm.v1.sample.logits_processor import BatchUpdate\n\n\n"
CASES += [
    (
        "#23362 dataclass fields reordered",
        "a positional construction in a fork's test harness",
        K(
            "#23362",
            BU,
            BUW,
            "vllm/aeon/bu1.py",
            BUI + "def aeon_replay_update(batch_size, removed, moved, added) -> BatchUpdate:\n"
            "    # AEON: the Spark's LP fuzzer replays recorded batch updates\n"
            "    return BatchUpdate(batch_size, removed, moved, added)\n",
            "return BatchUpdate(batch_size, removed, moved, added)",
        ),
    ),
    (
        "#23362 dataclass fields reordered",
        "twin: a construction by keyword",
        K(
            "#23362",
            BU,
            BUW,
            "vllm/aeon/bu2.py",
            BUI + "def aeon_replay_update2(batch_size, removed, moved, added) -> BatchUpdate:\n"
            "    return BatchUpdate(batch_size=batch_size, removed=removed, moved=moved, added=added)\n",
            "return BatchUpdate(batch_size=batch_size, removed=removed, moved=moved, added=added)",
        ),
    ),
]

# --- #23398 (c80c53a30f): BatchUpdateBuilder._is_update removed (reset() added)
IU = "c80c53a30f"
IUW = "BatchUpdateBuilder._is_update removed"
BBI = "from vllm.v1.sample.logits_processor import BatchUpdateBuilder\n\n\n"
CASES += [
    (
        "#23398 private method removed",
        "a call off a builder typed as the class",
        K(
            "#23398",
            IU,
            IUW,
            "vllm/aeon/iu1.py",
            BBI + "def aeon_batch_dirty(builder: BatchUpdateBuilder) -> bool:\n"
            "    # AEON: skip the LP refresh when the Spark's batch did not change\n"
            "    return builder._is_update()\n",
            "return builder._is_update()",
        ),
    ),
    (
        "#23398 private method removed",
        "twin: a kept method",
        K(
            "#23398",
            IU,
            IUW,
            "vllm/aeon/iu2.py",
            BBI + "def aeon_batch_shrank(builder: BatchUpdateBuilder) -> bool:\n    return builder.has_removed()\n",
            "return builder.has_removed()",
        ),
    ),
]

# --- #22387 (f571ff8eb6): Sampler.sample and TopKTopPSampler.forward_* return (sampled, logprobs);
#     TopKTopPSampler.forward_tpu removed
FL = "f571ff8eb6"
FLW = "sample/forward_native return a pair; forward_tpu removed"
CASES += [
    (
        "#22387 return shape changed",
        "a subclass override of sample returning one tensor",
        K(
            "#22387",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            SMP + "class AeonGreedySampler(Sampler):\n"
            "    # AEON: the Spark's greedy-only lane\n"
            "    def sample(self, logits, sampling_metadata):\n"
            "        return self.greedy_sample(logits)\n",
            "return self.greedy_sample(logits)",
        ),
    ),
    (
        "#22387 return shape changed",
        "the native top-k/top-p path's result used as a tensor",
        K(
            "#22387",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            SMP + "class AeonNativeSampler(Sampler):\n"
            "    def aeon_native(self, logits, md):\n"
            "        sampled = self.topk_topp_sampler.forward_native(logits, md.generators, md.top_k, md.top_p)\n"
            "        return sampled.long()\n",
            "sampled = self.topk_topp_sampler.forward_native(logits, md.generators, md.top_k, md.top_p)",
        ),
    ),
    (
        "#22387 return shape changed",
        "a call of the removed TPU path",
        K(
            "#22387",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            "from vllm.v1.sample.ops.topk_topp_sampler import TopKTopPSampler\n\n\n"
            "def aeon_xla_sample(sampler: TopKTopPSampler, logits, md):\n"
            "    return sampler.forward_tpu(logits, md.generators, md.top_k, md.top_p)\n",
            "return sampler.forward_tpu(logits, md.generators, md.top_k, md.top_p)",
        ),
    ),
    (
        "#22387 return shape changed",
        "twin: greedy_sample kept returning a tensor",
        K(
            "#22387",
            FL,
            FLW,
            "vllm/aeon/fl4.py",
            SMP + "class AeonArgmax(Sampler):\n"
            "    def aeon_argmax(self, logits):\n"
            "        return self.greedy_sample(logits).long()\n",
            "return self.greedy_sample(logits).long()",
        ),
    ),
]

# --- #24391 (105d3d62ef): apply_top_k_top_p_tpu moved out of ops.topk_topp_sampler (into tpu.sampler)
TP = "105d3d62ef"
TPW = "apply_top_k_top_p_tpu removed from topk_topp_sampler"
CASES += [
    (
        "#24391 function moved out",
        "an import of the moved function",
        K(
            "#24391",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            "from vllm.v1.sample.ops.topk_topp_sampler import apply_top_k_top_p_tpu\n\n\n"
            "def aeon_cut(logits, k, p):\n"
            "    # AEON: the scatter-free cut is faster on the Spark too\n"
            "    return apply_top_k_top_p_tpu(logits, k, p)\n",
            "from vllm.v1.sample.ops.topk_topp_sampler import apply_top_k_top_p_tpu",
        ),
    ),
    (
        "#24391 function moved out",
        "an attribute read off the module",
        K(
            "#24391",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            "from vllm.v1.sample.ops import topk_topp_sampler as tks\n\n\n"
            "def aeon_cut2(logits, k, p):\n"
            "    return tks.apply_top_k_top_p_tpu(logits, k, p)\n",
            "return tks.apply_top_k_top_p_tpu(logits, k, p)",
        ),
    ),
    (
        "#24391 function moved out",
        "twin: the kept generic function",
        K(
            "#24391",
            TP,
            TPW,
            "vllm/aeon/tp3.py",
            "from vllm.v1.sample.ops.topk_topp_sampler import apply_top_k_top_p\n\n\n"
            "def aeon_cut3(logits, k, p):\n"
            "    return apply_top_k_top_p(logits, k, p)\n",
            "from vllm.v1.sample.ops.topk_topp_sampler import apply_top_k_top_p",
        ),
    ),
]

# --- #24734 (a676e668ee): Sampler.apply_temperature(logits, temp) -> (logits, temp, all_random)
AT = "a676e668ee"
ATW = "apply_temperature gains a required all_random"
CASES += [
    (
        "#24734 required parameter added",
        "a call without the new argument",
        K(
            "#24734",
            AT,
            ATW,
            "vllm/aeon/at1.py",
            SMP + "class AeonTempSampler(Sampler):\n"
            "    def aeon_scaled(self, logits, md):\n"
            "        # AEON: the Spark's draft model samples at the target's temperature\n"
            "        return self.apply_temperature(logits, md.temperature)\n",
            "return self.apply_temperature(logits, md.temperature)",
        ),
    ),
    (
        "#24734 required parameter added",
        "an override without the argument upstream now passes",
        K(
            "#24734",
            AT,
            ATW,
            "vllm/aeon/at2.py",
            SMP + "class AeonClampSampler(Sampler):\n"
            "    def apply_temperature(self, logits, temp):\n"
            "        return logits.div_(temp.clamp(min=0.05).unsqueeze(dim=1))\n",
            "def apply_temperature(self, logits, temp):",
        ),
    ),
    (
        "#24734 required parameter added",
        "twin: an override forwarding *args",
        K(
            "#24734",
            AT,
            ATW,
            "vllm/aeon/at3.py",
            SMP + "class AeonClampSampler2(Sampler):\n"
            "    def apply_temperature(self, logits, temp, *args):\n"
            "        return super().apply_temperature(logits, temp.clamp(min=0.05), *args)\n",
            "def apply_temperature(self, logits, temp, *args):",
        ),
    ),
]

# --- #43125 (565b745ec5): gather_specific_token_logprobs(logits, ...) -> (logprobs, ...); the sampler no
#     longer imports compute_token_logprobs
GS = "565b745ec5"
GSW = "gather_specific_token_logprobs' logits renamed logprobs"
CASES += [
    (
        "#43125 keyword renamed",
        "a keyword call in a subclass",
        K(
            "#43125",
            GS,
            GSW,
            "vllm/aeon/gs1.py",
            SMP + "class AeonScoringSampler(Sampler):\n"
            "    def aeon_score(self, logits, ids, sampled):\n"
            "        # AEON: the Spark's reranker scores fixed candidate tokens\n"
            "        return self.gather_specific_token_logprobs(logits=logits, logprob_token_ids=ids, sampled=sampled)\n",
            "return self.gather_specific_token_logprobs(logits=logits, logprob_token_ids=ids, sampled=sampled)",
        ),
    ),
    (
        "#43125 keyword renamed",
        "an import of a name the sampler no longer imports",
        K(
            "#43125",
            GS,
            GSW,
            "vllm/aeon/gs2.py",
            "from vllm.v1.sample.sampler import compute_token_logprobs\n\n\n"
            "def aeon_token_logprobs(logits, token_ids):\n"
            "    return compute_token_logprobs(logits, token_ids)\n",
            "from vllm.v1.sample.sampler import compute_token_logprobs",
        ),
    ),
    (
        "#43125 keyword renamed",
        "twin: the import from its defining module",
        K(
            "#43125",
            GS,
            GSW,
            "vllm/aeon/gs3.py",
            "from vllm.v1.worker.gpu.sample.logprob import compute_token_logprobs\n\n\n"
            "def aeon_token_logprobs2(logits, token_ids):\n"
            "    return compute_token_logprobs(logits, token_ids)\n",
            "from vllm.v1.worker.gpu.sample.logprob import compute_token_logprobs",
        ),
    ),
]

# --- #32852 (8980001c93): rejection_sample's target_probs renamed target_logits (softmax moved inside)
RJ = "8980001c93"
RJW = "rejection_sample target_probs -> target_logits"
RSI = "from vllm.v1.sample import rejection_sampler as rs\n\n\n"
CASES += [
    (
        "#32852 keyword renamed",
        "a keyword call of the kernel entry",
        K(
            "#32852",
            RJ,
            RJW,
            "vllm/aeon/rj1.py",
            RSI + "def aeon_verify(meta, probs, bonus, md):\n"
            "    # AEON: the Spark's tree verifier reuses the kernel entry\n"
            "    return rs.rejection_sample(meta.draft_token_ids, meta.num_draft_tokens, meta.max_spec_len, "
            "meta.cu_num_draft_tokens, None, target_probs=probs, bonus_token_ids=bonus, sampling_metadata=md)\n",
            "return rs.rejection_sample(meta.draft_token_ids, meta.num_draft_tokens, meta.max_spec_len, "
            "meta.cu_num_draft_tokens, None, target_probs=probs, bonus_token_ids=bonus, sampling_metadata=md)",
        ),
    ),
    (
        "#32852 keyword renamed",
        "twin: a keyword call of a sibling the commit kept",
        K(
            "#32852",
            RJ,
            RJW,
            "vllm/aeon/rj2.py",
            RSI + "def aeon_uniform(meta, md, device):\n"
            "    return rs.generate_uniform_probs(num_tokens=meta.draft_token_ids.shape[0], "
            "num_draft_tokens=meta.num_draft_tokens, generators=md.generators, device=device)\n",
            "return rs.generate_uniform_probs(num_tokens=meta.draft_token_ids.shape[0], "
            "num_draft_tokens=meta.num_draft_tokens, generators=md.generators, device=device)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-logitsproc-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
