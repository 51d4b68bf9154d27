"""Adversarial twins of return drift resolved in one class (specheads): fork carries correct after the real change.

The specheads widening asks a tuple's change of the class a fork call resolves in: a receiver annotated as
the class, ``super()`` or ``super(Owner, self)`` in a subclass of one base (``Base.method``), a call through
the class, and a fork override in a subclass of one base keyed ``Base.method`` first -- where the bare name,
defined by another class with another shape, was ambiguous and left alone; an index of a name the function
kind-tests (``isinstance``/``type``) stays quiet.  Each twin replays a real upstream commit under a fork carry
shaped like what the widening catches, but right after the merge (the merge base is the commit's first parent,
upstream the commit):

- #16899 (41fb013d29): ``EagleProposer.propose`` returned ``(ids, probs)``, now the ids; the n-gram proposer's
  ``propose`` one value at both commits;
- #29347 (f32c7d6f54): model runner v2's ``GPUModelRunner.sample`` returned 2 values, now 3; the v1 runner
  (another ``GPUModelRunner``, in ``gpu_model_runner.py``) defines no ``sample``; the samplers' 2 at both;
- #16275 (a454748544): ``TPUModelRunner._prepare_inputs`` returned 2 values, now 3; ``GPUModelRunner``'s 3 at
  both;
- #47782 (8ac8375270): ``KVCacheManager.get_computed_blocks`` 2 -> 3 (the one def of the name); the
  coordinators' ``find_longest_cache_hit`` 2 -> 3, the single-type managers' 2 at both;
- #37013 (04bf5a35fa): ``ExtractHiddenStatesProposer.propose`` returned ``(ids, kv_connector_output)``, now
  the ids; ``NgramProposerGPU.propose`` 2 at both.

Twins: the fork's own drafter class (no upstream base) and its typed receiver, ``super(Owner, self)`` or
``super()`` reaching the fork's own base class's method, a kind test spelled ``torch.is_tensor`` or
``hasattr(..., "shape")``, a pair the fork builds from the one value, another class's method of the name
(typed, through ``super()``, an override), a subclass of the other ``GPUModelRunner`` (v1, another file)
with a ``sample`` helper of its own, the new spelling (override and ``super()`` unpack), a receiver that only
looks alike (``self.sampler.sample``).  Every error on a twin's line is a false one (a warning is counted
apart).  The CASES are true catches of the same commits, kept to show the reach stays.

Round 1 (main at 83fc13a5, 7 cases, 23 twins): 6 caught, 0 warned, 1 missed of 7 (#16899's
``super(Owner, self).propose`` unpacked in an override that returns one value: the override's name made the
call the fork's, and the resolved ``EagleProposer.propose`` was never asked); 6 false errors of 23: an index
under ``torch.is_tensor(draft)`` and one after ``if hasattr(draft, "shape"): return draft`` (#16899, the kind
test is not ``isinstance``/``type``); a v1 runner subclass's own ``sample`` helper, reported as an override of
model runner v2's ``GPUModelRunner.sample`` (#29347: the fork's base is the namesake in another file); and
on the fork's own class hierarchy (#47782): ``super(Owner, self)`` and ``super()`` reaching the fork's own
base class's ``get_computed_blocks``, and the subclass's override of that fork method.  The engine before
the widening (d6abcf6b) caught none of the 7 and had 2 of these false errors (``super()`` and the override
on the fork's own hierarchy: there the bare name stood for upstream's method).
After the mends (0ef9ca1f): 7 caught of 7, 0 false errors of 23.  The rules: ``super()``/``super(Owner, self)``
reaching a class the fork wrote that defines the method, and an override of it, are the fork's; an override's
``Base.method`` measured in a namesake class of another file than the one the fork imports ``Base`` from is the
fork's own method; ``torch.is_tensor``/``hasattr`` are kind tests; ``super(...)`` unpacked in the fork's own
override is asked of the base's method.
Round 2 (1 case, 4 twins, committed before their own run): a fork class between the subclass and the fork's base
that defines the method (``super()`` and the override: 2 false errors on 0ef9ca1f, as on main), the fork's
legacy namesake ``EagleProposer`` and a typed receiver of it, a v1 runner subclass's own ``sample`` through
``super(Owner, self)`` in its subclass; the case, an override in a subclass of a fork class deriving from
upstream's without the method.  After the fork-written bases are followed through (713d1183): 1 caught of 1,
0 false errors of 4.  All rounds: 8 caught, 0 warned, 0 missed of 8; 27 quiet, 0 false errors of 27 (main at
83fc13a5: 7 caught, 1 missed; 8 false errors of 27).
Regression set at 713d1183 (killer_replay, kind_change_replay, blind_replay_specheads re-run there; the rest at
0ef9ca1f, the fork-hierarchy mend only quieting): killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_specheads 33/33 (13 twins quiet),
blind_replay_specdec 23/23 (10 quiet), blind_replay_specdec2 24 caught, 1 warned of 25 (15 quiet, as on main),
widened_return_replay 23/23 uses, 13/13 overrides, 0/21 twins false, ``--narrowed`` 18/19, 11/11, 0/16 (as on
main), ``symbol_precision.py --windows 1`` 0 false errors.

  PYTHONPATH=.. python review27_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 41fb013d29 (#16899): EagleProposer.propose returns the draft ids alone, not (ids, probs)
EP = ("#16899", "41fb013d29", "EagleProposer.propose returns a tensor, not (draft_token_ids, draft_probs)")
EAGLE = "import torch\n\nfrom vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
NGRAM = "from vllm.v1.spec_decode.ngram_proposer import NgramProposer\n\n\n"
CASES += [
    (
        "#16899 made one value",
        "an override unpacking super(Owner, self)'s pair",
        K(
            *EP,
            "vllm/aeon/r27ep0.py",
            EAGLE + "class AeonEagleProposer(EagleProposer):\n"
            "    def propose(self, *args, **kwargs):\n"
            "        draft_token_ids, draft_probs = super(AeonEagleProposer, self).propose(*args, **kwargs)\n"
            "        self.aeon_last_probs = draft_probs  # AEON: acceptance telemetry\n"
            "        return draft_token_ids\n",
            "        draft_token_ids, draft_probs = super(AeonEagleProposer, self).propose(*args, **kwargs)",
        ),
    ),
    (
        "#16899 made one value",
        "the probabilities read by position off a typed receiver",
        K(
            *EP,
            "vllm/aeon/r27ep1.py",
            EAGLE + "def aeon_draft_probs(proposer: EagleProposer, *inputs):\n"
            "    return proposer.propose(*inputs)[1]  # AEON: the Spark's acceptance metrics\n",
            "    return proposer.propose(*inputs)[1]  # AEON: the Spark's acceptance metrics",
        ),
    ),
]
TWINS += [
    (
        "#16899 made one value",
        "twin: the fork's own drafter class (no upstream base) and its typed receiver's unpack",
        K(
            *EP,
            "vllm/aeon/r27ep2.py",
            "import torch\n\n\n"
            "class AeonTreeDrafter:\n"
            "    def propose(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        return hidden_states.argmax(dim=-1), hidden_states.softmax(dim=-1)\n\n\n"
            "def aeon_draft(drafter: AeonTreeDrafter, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "    ids, probs = drafter.propose(hidden_states)\n"
            "    return ids[probs.max(dim=-1).values > 0.1]\n",
            "    ids, probs = drafter.propose(hidden_states)",
        ),
    ),
    (
        "#16899 made one value",
        "twin: super(Owner, self) reaching the fork's own base class's pair",
        K(
            *EP,
            "vllm/aeon/r27ep3.py",
            "import torch\n\n\n"
            "class AeonDraftBase:\n"
            "    def propose(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        return hidden_states.argmax(dim=-1), hidden_states.softmax(dim=-1)\n\n\n"
            "class AeonTemperedDrafter(AeonDraftBase):\n"
            "    def propose(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        ids, probs = super(AeonTemperedDrafter, self).propose(hidden_states / 0.7)\n"
            "        return ids, probs\n",
            "        ids, probs = super(AeonTemperedDrafter, self).propose(hidden_states / 0.7)",
        ),
    ),
    (
        "#16899 made one value",
        "twin: an index under torch.is_tensor",
        K(
            *EP,
            "vllm/aeon/r27ep4.py",
            EAGLE + "def aeon_draft_ids(proposer: EagleProposer, *inputs) -> torch.Tensor:\n"
            "    draft = proposer.propose(*inputs)\n"
            "    return draft if torch.is_tensor(draft) else draft[0]\n",
            "    return draft if torch.is_tensor(draft) else draft[0]",
        ),
    ),
    (
        "#16899 made one value",
        "twin: an index under hasattr(draft, 'shape')",
        K(
            *EP,
            "vllm/aeon/r27ep5.py",
            EAGLE + "def aeon_draft_ids(proposer: EagleProposer, *inputs) -> torch.Tensor:\n"
            "    draft = proposer.propose(*inputs)\n"
            '    if hasattr(draft, "shape"):\n'
            "        return draft\n"
            "    return draft[0]  # AEON: releases before #16899 returned (ids, probs)\n",
            "    return draft[0]  # AEON: releases before #16899 returned (ids, probs)",
        ),
    ),
    (
        "#16899 made one value",
        "twin: a pair the fork builds from the one value",
        K(
            *EP,
            "vllm/aeon/r27ep6.py",
            EAGLE + "def aeon_draft(proposer: EagleProposer, *inputs):\n"
            "    draft = proposer.propose(*inputs)\n"
            "    ids, probs = draft if isinstance(draft, tuple) else (draft, None)\n"
            "    return ids, probs\n",
            "    ids, probs = draft if isinstance(draft, tuple) else (draft, None)",
        ),
    ),
    (
        "#16899 made one value",
        "twin: the n-gram proposer's one value read by position off a typed receiver",
        K(
            *EP,
            "vllm/aeon/r27ep7.py",
            NGRAM + "def aeon_first_draft(proposer: NgramProposer, context):\n"
            "    return proposer.propose(context)[0]  # AEON: the first drafted token\n",
            "    return proposer.propose(context)[0]  # AEON: the first drafted token",
        ),
    ),
    (
        "#16899 made one value",
        "twin: super().propose(...)[-1] in an n-gram proposer subclass",
        K(
            *EP,
            "vllm/aeon/r27ep8.py",
            NGRAM + "class AeonNgramProposer(NgramProposer):\n"
            "    def aeon_last_draft(self, context):\n"
            "        return super().propose(context)[-1]\n",
            "        return super().propose(context)[-1]",
        ),
    ),
    (
        "#16899 made one value",
        "twin: the fork's own namesake subclass override returns a pair its own runner unpacks",
        K(
            *EP,
            "vllm/aeon/r27ep9.py",
            "import torch\n\n\n"
            "class AeonDraftBase:\n"
            "    def propose(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        return hidden_states.argmax(dim=-1), hidden_states.softmax(dim=-1)\n\n\n"
            "class AeonGreedyDrafter(AeonDraftBase):\n"
            "    def propose(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        ids = hidden_states.argmax(dim=-1)\n"
            "        return ids, torch.ones_like(ids, dtype=torch.float32)\n",
            "        return ids, torch.ones_like(ids, dtype=torch.float32)",
        ),
    ),
]

# --- f32c7d6f54 (#29347): model runner v2's GPUModelRunner.sample returns 3 values (num_rejected), not 2
SA = ("#29347", "f32c7d6f54", "v2 GPUModelRunner.sample returns (sampler_output, num_sampled, num_rejected)")
V2 = "from vllm.v1.worker.gpu.model_runner import GPUModelRunner\n\n\n"
V1 = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
CASES += [
    (
        "#29347 tuple lengthened",
        "a v2 runner subclass unpacking super().sample's pair",
        K(
            *SA,
            "vllm/aeon/r27sa0.py",
            V2 + "class AeonModelRunner(GPUModelRunner):\n"
            "    def aeon_sample(self, hidden_states, input_batch, sampling_metadata, grammar_output):\n"
            "        sampler_output, num_sampled = super().sample(\n"
            "            hidden_states, input_batch, sampling_metadata, grammar_output\n"
            "        )\n"
            "        self.aeon_sampled += int(num_sampled.sum())  # AEON: throughput counters\n"
            "        return sampler_output\n",
            "        sampler_output, num_sampled = super().sample(",
        ),
    ),
    (
        "#29347 tuple lengthened",
        "a v2 runner subclass's sample override returning the old pair",
        K(
            *SA,
            "vllm/aeon/r27sa1.py",
            V2 + "class AeonModelRunner(GPUModelRunner):\n"
            "    def sample(self, hidden_states, input_batch, sampling_metadata, grammar_output):\n"
            "        sampler_output, num_sampled, *_ = super().sample(\n"
            "            hidden_states, input_batch, sampling_metadata, grammar_output\n"
            "        )\n"
            "        return sampler_output, num_sampled  # AEON: the Spark's sampler keeps two\n",
            "        return sampler_output, num_sampled  # AEON: the Spark's sampler keeps two",
        ),
    ),
]
TWINS += [
    (
        "#29347 tuple lengthened",
        "twin: a v1 runner subclass (the other GPUModelRunner, another file) with a sample helper of its own",
        K(
            *SA,
            "vllm/aeon/r27sa2.py",
            V1 + "class AeonModelRunner(GPUModelRunner):\n"
            "    def sample(self, logits, sampling_metadata):\n"
            "        sampler_output = self.sampler(logits=logits, sampling_metadata=sampling_metadata)\n"
            "        return sampler_output, sampler_output.sampled_token_ids.shape[0]  # AEON: rows sampled\n",
            "        return sampler_output, sampler_output.sampled_token_ids.shape[0]  # AEON: rows sampled",
        ),
    ),
    (
        "#29347 tuple lengthened",
        "twin: the v2 subclass's override returning the new three",
        K(
            *SA,
            "vllm/aeon/r27sa3.py",
            V2 + "class AeonModelRunner(GPUModelRunner):\n"
            "    def sample(self, hidden_states, input_batch, sampling_metadata, grammar_output):\n"
            "        out, num_sampled, num_rejected = super().sample(\n"
            "            hidden_states, input_batch, sampling_metadata, grammar_output\n"
            "        )\n"
            "        return out, num_sampled, num_rejected\n",
            "        out, num_sampled, num_rejected = super().sample(",
        ),
    ),
    (
        "#29347 tuple lengthened",
        "twin: a receiver that only looks alike (self.sampler.sample, 2 values at both commits)",
        K(
            *SA,
            "vllm/aeon/r27sa4.py",
            V2 + "class AeonModelRunner(GPUModelRunner):\n"
            "    def aeon_resample(self, logits, sampling_metadata):\n"
            "        sampler_output, num_sampled = self.sampler.sample(logits, sampling_metadata)\n"
            "        return sampler_output\n",
            "        sampler_output, num_sampled = self.sampler.sample(logits, sampling_metadata)",
        ),
    ),
    (
        "#29347 tuple lengthened",
        "twin: super(Owner, self).sample in a subclass of the fork's own runner mixin defining the pair",
        K(
            *SA,
            "vllm/aeon/r27sa5.py",
            "class AeonSamplingMixin:\n"
            "    def sample(self, logits, sampling_metadata):\n"
            "        return logits.argmax(dim=-1), logits.shape[0]\n\n\n"
            "class AeonGreedySampling(AeonSamplingMixin):\n"
            "    def sample(self, logits, sampling_metadata):\n"
            "        ids, rows = super(AeonGreedySampling, self).sample(logits, sampling_metadata)\n"
            "        return ids, rows\n",
            "        ids, rows = super(AeonGreedySampling, self).sample(logits, sampling_metadata)",
        ),
    ),
]

# --- a454748544 (#16275): TPUModelRunner._prepare_inputs returns 3 values (padded_num_reqs), not 2
TP = ("#16275", "a454748544", "TPUModelRunner._prepare_inputs returns (attn_metadata, logits_indices, padded_num_reqs)")
TPU = "from vllm.v1.worker.tpu_model_runner import TPUModelRunner\n\n\n"
GPU = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
CASES += [
    (
        "#16275 tuple lengthened",
        "a TPU runner subclass's override returning the old pair",
        K(
            *TP,
            "vllm/aeon/r27tp0.py",
            TPU + "class AeonTPUModelRunner(TPUModelRunner):\n"
            "    def _prepare_inputs(self, scheduler_output):\n"
            "        attn_metadata, logits_indices, _ = super()._prepare_inputs(scheduler_output)\n"
            "        return attn_metadata, logits_indices  # AEON: no request padding on our pods\n",
            "        return attn_metadata, logits_indices  # AEON: no request padding on our pods",
        ),
    ),
]
TWINS += [
    (
        "#16275 tuple lengthened",
        "twin: a GPU runner subclass's override returning GPUModelRunner's three",
        K(
            *TP,
            "vllm/aeon/r27tp1.py",
            GPU + "class AeonGPUModelRunner(GPUModelRunner):\n"
            "    def _prepare_inputs(self, scheduler_output):\n"
            "        attn_metadata, logits_indices, spec_decode_metadata = super()._prepare_inputs(scheduler_output)\n"
            "        return attn_metadata, logits_indices, spec_decode_metadata\n",
            "        return attn_metadata, logits_indices, spec_decode_metadata",
        ),
    ),
    (
        "#16275 tuple lengthened",
        "twin: a GPU runner subclass's inherited self._prepare_inputs unpacked in three",
        K(
            *TP,
            "vllm/aeon/r27tp2.py",
            GPU + "class AeonGPUModelRunner(GPUModelRunner):\n"
            "    def aeon_inputs(self, scheduler_output):\n"
            "        attn_metadata, logits_indices, spec_decode_metadata = self._prepare_inputs(scheduler_output)\n"
            "        return logits_indices\n",
            "        attn_metadata, logits_indices, spec_decode_metadata = self._prepare_inputs(scheduler_output)",
        ),
    ),
    (
        "#16275 tuple lengthened",
        "twin: a TPU subclass's super() unpack in the new three",
        K(
            *TP,
            "vllm/aeon/r27tp3.py",
            TPU + "class AeonTPUModelRunner(TPUModelRunner):\n"
            "    def aeon_inputs(self, scheduler_output):\n"
            "        attn_metadata, logits_indices, padded_num_reqs = super()._prepare_inputs(scheduler_output)\n"
            "        return logits_indices[:padded_num_reqs]\n",
            "        attn_metadata, logits_indices, padded_num_reqs = super()._prepare_inputs(scheduler_output)",
        ),
    ),
]

# --- 8ac8375270 (#47782): KVCacheManager.get_computed_blocks 2 -> 3; the coordinators' find_longest_cache_hit 2 -> 3
KV = ("#47782", "8ac8375270", "get_computed_blocks and the coordinators' find_longest_cache_hit return 3 values")
COORD = "from vllm.v1.core.kv_cache_coordinator import UnitaryKVCacheCoordinator\n\n\n"
MGR = "from vllm.v1.core.single_type_kv_cache_manager import FullAttentionManager\n\n\n"
CASES += [
    (
        "#47782 tuple lengthened",
        "a unitary coordinator subclass's override returning the old pair",
        K(
            *KV,
            "vllm/aeon/r27kv0.py",
            COORD + "class AeonUnitaryCoordinator(UnitaryKVCacheCoordinator):\n"
            "    def find_longest_cache_hit(self, block_hashes, max_cache_hit_length):\n"
            "        hit_blocks, hit_length = super().find_longest_cache_hit(block_hashes, max_cache_hit_length)\n"
            "        return hit_blocks, min(hit_length, self.aeon_max_hit)  # AEON: cap the prefix hit\n",
            "        return hit_blocks, min(hit_length, self.aeon_max_hit)  # AEON: cap the prefix hit",
        ),
    ),
]
TWINS += [
    (
        "#47782 tuple lengthened",
        "twin: super(Owner, self) reaching the fork's own prefix index's pair",
        K(
            *KV,
            "vllm/aeon/r27kv1.py",
            "class AeonPrefixIndex:\n"
            "    def get_computed_blocks(self, request):\n"
            "        return [], 0\n\n\n"
            "class AeonPinnedPrefixIndex(AeonPrefixIndex):\n"
            "    def get_computed_blocks(self, request):\n"
            "        blocks, num_tokens = super(AeonPinnedPrefixIndex, self).get_computed_blocks(request)\n"
            "        return blocks, num_tokens\n",
            "        blocks, num_tokens = super(AeonPinnedPrefixIndex, self).get_computed_blocks(request)",
        ),
    ),
    (
        "#47782 tuple lengthened",
        "twin: super() reaching the fork's own prefix index's pair",
        K(
            *KV,
            "vllm/aeon/r27kv2.py",
            "class AeonPrefixIndex:\n"
            "    def get_computed_blocks(self, request):\n"
            "        return [], 0\n\n\n"
            "class AeonPinnedPrefixIndex(AeonPrefixIndex):\n"
            "    def get_computed_blocks(self, request):\n"
            "        blocks, num_tokens = super().get_computed_blocks(request)\n"
            "        return blocks, num_tokens\n",
            "        blocks, num_tokens = super().get_computed_blocks(request)",
        ),
    ),
    (
        "#47782 tuple lengthened",
        "twin: the fork's own prefix index subclass's override of its base's pair",
        K(
            *KV,
            "vllm/aeon/r27kv3.py",
            "class AeonPrefixIndex:\n"
            "    def get_computed_blocks(self, request):\n"
            "        return [], 0\n\n\n"
            "class AeonPinnedPrefixIndex(AeonPrefixIndex):\n"
            "    def get_computed_blocks(self, request):\n"
            "        return [], request.num_computed_tokens  # AEON: pinned requests keep what they hold\n",
            "        return [], request.num_computed_tokens  # AEON: pinned requests keep what they hold",
        ),
    ),
    (
        "#47782 tuple lengthened",
        "twin: a single-type manager subclass's override returning its base's pair",
        K(
            *KV,
            "vllm/aeon/r27kv4.py",
            MGR + "class AeonFullAttentionManager(FullAttentionManager):\n"
            "    @classmethod\n"
            "    def find_longest_cache_hit(cls, block_hashes, max_length, *args, **kwargs):\n"
            "        if max_length <= 0:  # AEON: nothing to look up\n"
            "            return tuple([] for _ in range(len(args[0]))), 0\n"
            "        return super().find_longest_cache_hit(block_hashes, max_length, *args, **kwargs)\n",
            "            return tuple([] for _ in range(len(args[0]))), 0",
        ),
    ),
    (
        "#47782 tuple lengthened",
        "twin: a single-type manager subclass unpacking super()'s pair",
        K(
            *KV,
            "vllm/aeon/r27kv5.py",
            MGR + "class AeonFullAttentionManager(FullAttentionManager):\n"
            "    @classmethod\n"
            "    def aeon_hit_length(cls, block_hashes, max_length, *args, **kwargs):\n"
            "        hit_blocks, hit_length = super().find_longest_cache_hit(block_hashes, max_length, *args, **kwargs)\n"
            "        return hit_length\n",
            "        hit_blocks, hit_length = super().find_longest_cache_hit(block_hashes, max_length, *args, **kwargs)",
        ),
    ),
]

# --- 04bf5a35fa (#37013): ExtractHiddenStatesProposer.propose returns the ids alone, not (ids, kv_connector_output)
EH = ("#37013", "04bf5a35fa", "ExtractHiddenStatesProposer.propose returns a tensor, not (ids, kv_connector_output)")
EXTRACT = "import torch\n\nfrom vllm.v1.spec_decode.extract_hidden_states import ExtractHiddenStatesProposer\n\n\n"
CASES += [
    (
        "#37013 made one value",
        "a typed receiver's pair unpacked",
        K(
            *EH,
            "vllm/aeon/r27eh0.py",
            EXTRACT + "def aeon_extract(proposer: ExtractHiddenStatesProposer, *inputs):\n"
            "    draft_token_ids, kv_connector_output = proposer.propose(*inputs)\n"
            "    return draft_token_ids\n",
            "    draft_token_ids, kv_connector_output = proposer.propose(*inputs)",
        ),
    ),
]
TWINS += [
    (
        "#37013 made one value",
        "twin: an index under isinstance(out, torch.Tensor)",
        K(
            *EH,
            "vllm/aeon/r27eh1.py",
            EXTRACT + "def aeon_extract(proposer: ExtractHiddenStatesProposer, *inputs) -> torch.Tensor:\n"
            "    out = proposer.propose(*inputs)\n"
            "    if isinstance(out, torch.Tensor):\n"
            "        return out\n"
            "    return out[0]\n",
            "    return out[0]",
        ),
    ),
    (
        "#37013 made one value",
        "twin: the GPU n-gram proposer's pair (2 at both commits) off a typed receiver",
        K(
            *EH,
            "vllm/aeon/r27eh2.py",
            "from vllm.v1.spec_decode.ngram_proposer_gpu import NgramProposerGPU\n\n\n"
            "def aeon_ngram(proposer: NgramProposerGPU, *inputs):\n"
            "    draft_token_ids, num_valid_draft_tokens = proposer.propose(*inputs)\n"
            "    return draft_token_ids[:, : int(num_valid_draft_tokens.max())]\n",
            "    draft_token_ids, num_valid_draft_tokens = proposer.propose(*inputs)",
        ),
    ),
    (
        "#37013 made one value",
        "twin: the new spelling in a subclass override, one value",
        K(
            *EH,
            "vllm/aeon/r27eh3.py",
            EXTRACT + "class AeonExtractProposer(ExtractHiddenStatesProposer):\n"
            "    def propose(self, *args, **kwargs):\n"
            "        draft_token_ids = super().propose(*args, **kwargs)\n"
            "        return draft_token_ids\n",
            "        draft_token_ids = super().propose(*args, **kwargs)",
        ),
    ),
]


# --- round 2 (committed before their own run): deeper fork hierarchies, the fork's namesake of upstream's class
CASES += [
    (
        "#47782 tuple lengthened",
        "R2 an override in a subclass of a fork class that derives from upstream's without defining the method",
        K(
            *KV,
            "vllm/aeon/r27kv6.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheManager\n\n\n"
            "class AeonKVCacheManager(KVCacheManager):\n"
            "    aeon_pinned: bool = False\n\n\n"
            "class AeonPinnedKVCacheManager(AeonKVCacheManager):\n"
            "    def get_computed_blocks(self, request):\n"
            "        return self.empty_kv_cache_blocks, 0  # AEON: pinned requests skip the prefix cache\n",
            "        return self.empty_kv_cache_blocks, 0  # AEON: pinned requests skip the prefix cache",
        ),
    ),
]
TWINS += [
    (
        "#47782 tuple lengthened",
        "twin R2: super() reaching the fork's grandparent class's pair through a fork class between",
        K(
            *KV,
            "vllm/aeon/r27kv7.py",
            "class AeonPrefixIndex:\n"
            "    def get_computed_blocks(self, request):\n"
            "        return [], 0\n\n\n"
            "class AeonTieredIndex(AeonPrefixIndex):\n"
            "    tiers: int = 2\n\n\n"
            "class AeonPinnedIndex(AeonTieredIndex):\n"
            "    def get_computed_blocks(self, request):\n"
            "        blocks, num_tokens = super().get_computed_blocks(request)\n"
            "        return blocks, min(num_tokens, self.tiers * 16)\n",
            "        blocks, num_tokens = super().get_computed_blocks(request)",
        ),
    ),
    (
        "#47782 tuple lengthened",
        "twin R2: the grandchild's override of the fork's grandparent's pair",
        K(
            *KV,
            "vllm/aeon/r27kv8.py",
            "class AeonPrefixIndex:\n"
            "    def get_computed_blocks(self, request):\n"
            "        return [], 0\n\n\n"
            "class AeonTieredIndex(AeonPrefixIndex):\n"
            "    tiers: int = 2\n\n\n"
            "class AeonPinnedIndex(AeonTieredIndex):\n"
            "    def get_computed_blocks(self, request):\n"
            "        return [], self.tiers  # AEON: pinned requests hold their first tiers\n",
            "        return [], self.tiers  # AEON: pinned requests hold their first tiers",
        ),
    ),
    (
        "#16899 made one value",
        "twin R2: the fork's legacy namesake EagleProposer (a fork module) and a typed receiver of it",
        K(
            *EP,
            "vllm/aeon/r27ep10.py",
            "import torch\n\n\n"
            "class EagleProposer:  # AEON: the pre-#16899 drafter, kept for the sampled-draft experiments\n"
            "    def propose(self, hidden_states: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        return hidden_states.argmax(dim=-1), hidden_states.softmax(dim=-1)\n\n\n"
            "def aeon_draft(proposer: EagleProposer, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "    ids, probs = proposer.propose(hidden_states)\n"
            "    return probs.gather(-1, ids.unsqueeze(-1))\n",
            "    ids, probs = proposer.propose(hidden_states)",
        ),
    ),
    (
        "#29347 tuple lengthened",
        "twin R2: a v1 runner subclass's own sample unpacked through super(Owner, self) in its subclass",
        K(
            *SA,
            "vllm/aeon/r27sa6.py",
            V1 + "class AeonModelRunner(GPUModelRunner):\n"
            "    def sample(self, logits, sampling_metadata):\n"
            "        out = self.sampler(logits=logits, sampling_metadata=sampling_metadata)\n"
            "        return out, out.sampled_token_ids.shape[0]\n\n\n"
            "class AeonSpecModelRunner(AeonModelRunner):\n"
            "    def sample(self, logits, sampling_metadata):\n"
            "        out, rows = super(AeonSpecModelRunner, self).sample(logits, sampling_metadata)\n"
            "        return out, rows\n",
            "        out, rows = super(AeonSpecModelRunner, self).sample(logits, sampling_metadata)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review27-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
