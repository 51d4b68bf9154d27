"""A blind replay of the v1 sampler a fork's speculative decoding, logits processors and sampling hooks carry code against (second pass).

8 first-parent commits on ``vllm/v1/sample/`` (``sampler.py``, ``metadata.py``, ``rejection_sampler.py``,
``logits_processor/``, ``ops/topk_topp_sampler.py``) and the ``SamplerOutput`` the sampler returns -- the
surface a fork that subclasses the sampler or the rejection sampler, carries its own logits processor and reads
sampling metadata writes against: ``SamplerOutput.sampled_token_ids`` turned from a list of ints into a tensor,
``SamplingMetadata`` given required ``min_p``/``no_min_p`` fields, the temperature moved from ``Sampler.forward``
into ``Sampler.sample``, ``compute_probs`` now dividing the caller's logits in place, ``apply_top_k_top_p``'s
top-k-only path now masking the caller's logits in place, ``RejectionSampler.parse_output``'s rows turned from
numpy arrays into lists, ``LogitsProcessor`` given a ``validate_params`` classmethod upstream now calls on custom
processors, and ``BUILTIN_LOGITS_PROCESSORS`` grown by a fourth processor -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits every other replay uses (``blind_replay_sampler``,
``_sampleops``, ``_logitsproc``, ``_sampling`` cover parts of this surface).  Each is replayed under 1-3 fork
spellings written the way fork code is written (a build of the dataclass, a subclass's override, a ``super()``
call, a call through the module, a keyword call, an unpacking of a module list, an index of it with a literal, a
field read and iterated, a set membership, a list concatenation, a method on a returned row), with twins (fork
code the commit does not break: the kept index, the copy passed instead of the tensor, ``len`` of the rows, an
override that calls ``super()``, ``dataclasses.replace``).  The merge base is the commit's first parent, upstream
is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.
Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at be1a91ef): 2 caught, 3 warned, 15 missed of 20 (twins: 12
quiet, 0 false errors; one twin warned).  Symbol drift caught #13191's two builds missing the new required
fields, and warned #27560's two namesakes (the fork's own ``validate_params`` now overrides the base's new
classmethod) and, as order drift's end position, #20859's ``[-1]``.  The misses: #12094's three (a field made a
tensor, read off a local bound to ``self.forward(...)``/``super().forward(...)``, which no reader types through
the method's return annotation, concatenated with a list or its elements tested in a set; and handed to
``json.dumps``, a use no check read), #13311's two (a duty upstream moved from the caller into an overridable
method: an override of ``sample()`` without ``super()`` now skips the temperature, a pipeline applying it
before ``sample()`` applies it twice), #15427's three and #15478's three (a function now dividing or masking
the caller's logits in place, the fork reading them after: no check read in-place updates of a parameter),
#29121's three (rows made lists again where they were arrays: ``row.tolist()``, ``row.size``, ``row[row !=
eos]``; element drift read only the other direction) and #20859's unpacking (``A, B, C = BUILTIN_...`` of a
list grown by one: position drift read indexes, slices and inserts only).  No label was wrong.
At the fifty-seventh landing's end (main 27aab3eb): 13 caught, 4 warned, 3 missed of 20 (twins: 12 quiet, 0 false
errors): #13311's override of ``sample()`` without ``super()`` warned since killers208 widened stale copies to
returned expressions (the override repeats the base's old ``self.greedy_sample(logits)``, which upstream rewrote).

After the killers211 widenings: 13 caught, 3 warned, 4 missed of 20 (twins: 12 quiet, 0 false errors; one
twin warned, as blind).  Caught now: a value handed to a function upstream now updates in place, read after
the call (``drift/mutated_args.py``, new: #15427's and #15478's six, through ``super()`` and a module's unchanged
wrapper too); an unpacking of a module list into the old count (``drift/list_positions.py``); an element made
a list again used as an array (``drift/element_kinds.py``); a container made an array handed to ``json.dumps``
(``drift/retyped.py``).  Still missed: #12094's two reads off a local bound to a method call (typing a local
through an upstream method's return annotation is a reader every type check shares: left for a pass with the
time to measure its precision across them) and #13311's two (a duty moved into an overridable callee: no
reader of what a method's body does for its callers yet).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
blind_replay_sampler 17/17 (10 quiet), blind_replay_sampleops 15 caught 2 warned of 17 (9 quiet),
blind_replay_layers 45/45 (24 quiet), blind_replay_awqgptq 27 caught 1 warned of 28 (16 quiet), review22_twins
8/8 (41 twins quiet, 3 warned), review48_twins 7/7 (41 quiet, 10 warned), review15_twins 8 caught 1 warned of
9 (40 quiet): all as before, 0 false errors; ``symbol_precision.py --windows 1 --no-speed``: 0 false errors
(window 0: 5 broken overrides, 4 caught, 8 warnings, as before).
After mend77: 13 caught, 4 warned, 3 missed -> 15 caught, 4 warned, 1 missed of 20 (twins: 12 -> 14 quiet, 1 of
them warned, 0 false errors).  Caught now: #12094's two reads off a local bound to ``self.forward(...)`` /
``super().forward(...)`` (``drift/retyped.py`` ``_method_returned``: the local holds what the method's return
annotation names in the merged tree, ``-> SamplerOutput``; an annotated parameter's method too), the second
also needing ``_hashed_element`` (an element of a sequence made a ``torch.Tensor`` tested ``in`` a set or dict
of plain keys: a tensor hashes by identity, never found).  Two twins added (mend77, quiet): the field
``.tolist()``-ed before a list is added, and before its elements are tested in the set.  Still missed:
#13311's pipeline applying the temperature before ``sample()`` (a duty moved into an overridable callee: what
a method's body does for its callers is not read).
Mend79 (branch mend79, main at d6fd8c64): 15 caught, 4 warned, 1 missed -> 15 caught, 5 warned, 0 missed of 20
(twins: 14 quiet, 1 of them warned, 0 false errors).  Warned now: #13311's pipeline applying the temperature and
then calling ``sample()`` (``drift/absorbed_steps.py``, new: a step ``self.A(...)`` a method ``F`` ran before
``self.S(...)`` at the base, which upstream moved into ``S``; a fork function running ``recv.A(...)`` then
``recv.S(...)`` on one receiver -- a parameter annotated with the class, ``self`` in a subclass overriding neither
-- runs the step twice; a warning, as a step may be idempotent and ``S`` runs it only past the all-greedy return).
Regression at the widening: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_sampler
17/17 (10 quiet), blind_replay_sampleops 15 caught, 2 warned of 17 (9 quiet), blind_replay_attnmeta 29 caught, 1
warned of 30 (14 quiet, the moved-effects replay): as before, 0 false errors.  Unit tests: test_absorbed_steps 10
(new: 4 warned, 6 quiet twins), test_fleet_profile and test_lazy_patterns passed.  Speed (drift_speed's 150-commit window,
this machine shared by other helpers): absorbed_step_drift 0.002 s median of 5 (15-23 ms with its first gate, any
added ``self.A(`` line; the gate now wants the removed call added word for word by another hunk, after a
``self.`` substring test).

  python benchmarks/blind_replay_sample2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #12094 (fa63e710c7): SamplerOutput.sampled_token_ids List[int] -> torch.Tensor (no .tolist() in forward)
SO = "fa63e710c7"
SOW = "SamplerOutput.sampled_token_ids turned from a list of ints into a GPU tensor"
SS = "from vllm.v1.sample.metadata import SamplingMetadata\nfrom vllm.v1.sample.sampler import Sampler\n\n\n"
CASES += [
    (
        "#12094 field's type changed",
        "a field read concatenated with a list",
        K(
            "#12094",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            SS + "class AeonEosSampler(Sampler):\n"
            "    def aeon_with_eos(self, logits, sampling_metadata: SamplingMetadata, eos: int) -> list[int]:\n"
            "        # AEON: the Spark's NVFP4 drafts append the eos the fork's stop check expects\n"
            "        out = self.forward(logits, sampling_metadata)\n"
            "        return out.sampled_token_ids + [eos]\n",
            "return out.sampled_token_ids + [eos]",
        ),
    ),
    (
        "#12094 field's type changed",
        "a field iterated into a set membership",
        K(
            "#12094",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            SS + "class AeonStopSampler(Sampler):\n"
            "    aeon_stop_ids: set[int] = {2, 128001}\n\n"
            "    def forward(self, logits, sampling_metadata: SamplingMetadata):\n"
            "        out = super().forward(logits, sampling_metadata)\n"
            "        # AEON: the Spark's early stop counts the stop tokens sampled per step\n"
            "        self.aeon_stops = sum(1 for tok in out.sampled_token_ids if tok in self.aeon_stop_ids)\n"
            "        return out\n",
            "self.aeon_stops = sum(1 for tok in out.sampled_token_ids if tok in self.aeon_stop_ids)",
        ),
    ),
    (
        "#12094 field's type changed",
        "a field passed to json.dumps",
        K(
            "#12094",
            SO,
            SOW,
            "vllm/aeon/so3.py",
            "import json\n\nfrom vllm.v1.outputs import SamplerOutput\n\n\n"
            "def aeon_trace_line(out: SamplerOutput) -> str:\n"
            "    # AEON: the Spark's sampler trace is one JSON line per step\n"
            '    return json.dumps({"sampled": out.sampled_token_ids})\n',
            'return json.dumps({"sampled": out.sampled_token_ids})',
        ),
    ),
    (
        "#12094 field's type changed",
        "twin: len() of the field and a read of the logprobs",
        K(
            "#12094",
            SO,
            SOW,
            "vllm/aeon/so4.py",
            "from vllm.v1.outputs import SamplerOutput\n\n\n"
            "def aeon_step_size(out: SamplerOutput) -> int:\n"
            "    # AEON: the Spark's step log counts the sampled requests\n"
            "    return len(out.sampled_token_ids) if out.logprobs is None else len(out.sampled_token_ids) + 1\n",
            "return len(out.sampled_token_ids) if out.logprobs is None else len(out.sampled_token_ids) + 1",
        ),
    ),
    (
        "#12094 field's type changed",
        "twin: the field made a list before it is added to (mend77)",
        K(
            "#12094",
            SO,
            SOW,
            "vllm/aeon/so5.py",
            SS + "class AeonEosSampler5(Sampler):\n"
            "    def aeon_with_eos(self, logits, sampling_metadata: SamplingMetadata, eos: int) -> list[int]:\n"
            "        out = self.forward(logits, sampling_metadata)\n"
            "        return out.sampled_token_ids.tolist() + [eos]\n",
            "return out.sampled_token_ids.tolist() + [eos]",
        ),
    ),
    (
        "#12094 field's type changed",
        "twin: the field's ints tested in the set (mend77)",
        K(
            "#12094",
            SO,
            SOW,
            "vllm/aeon/so6.py",
            SS + "class AeonStopSampler6(Sampler):\n"
            "    aeon_stop_ids: set[int] = {2, 128001}\n\n"
            "    def forward(self, logits, sampling_metadata: SamplingMetadata):\n"
            "        out = super().forward(logits, sampling_metadata)\n"
            "        self.aeon_stops = sum(1 for tok in out.sampled_token_ids.tolist() if tok in self.aeon_stop_ids)\n"
            "        return out\n",
            "self.aeon_stops = sum(1 for tok in out.sampled_token_ids.tolist() if tok in self.aeon_stop_ids)",
        ),
    ),
]

# --- #13191 (a12934d3ec): SamplingMetadata given required min_p/no_min_p fields
MP = "a12934d3ec"
MPW = "SamplingMetadata given required fields min_p and no_min_p"
MD = "import dataclasses\n\nimport torch\n\nfrom vllm.v1.sample.metadata import SamplingMetadata\n\n\n"
MD_KW = (
    "        temperature=temperature,\n"
    "        all_greedy=False,\n"
    "        all_random=True,\n"
    "        top_p=torch.ones_like(temperature),\n"
    "        top_k=torch.zeros_like(temperature, dtype=torch.int32),\n"
    "        no_top_p=True,\n"
    "        no_top_k=True,\n"
    "        generators={},\n"
    "        max_num_logprobs=None,\n"
    "        no_penalties=True,\n"
    "        prompt_token_ids=None,\n"
    "        frequency_penalties=torch.zeros_like(temperature),\n"
    "        presence_penalties=torch.zeros_like(temperature),\n"
    "        repetition_penalties=torch.ones_like(temperature),\n"
    "        output_token_ids=[[] for _ in range(temperature.shape[0])],\n"
    "        min_tokens=[0] * temperature.shape[0],\n"
    "        stop_token_ids=[set() for _ in range(temperature.shape[0])],\n"
    "        logit_bias=[None] * temperature.shape[0],\n"
    "    )\n"
)
CASES += [
    (
        "#13191 required field added",
        "a keyword build of the dataclass",
        K(
            "#13191",
            MP,
            MPW,
            "vllm/aeon/mp1.py",
            MD + "def aeon_draft_metadata(temperature: torch.Tensor) -> SamplingMetadata:\n"
            "    # AEON: the Spark's drafter samples with its own plain metadata\n"
            "    return SamplingMetadata(\n" + MD_KW,
            "return SamplingMetadata(",
        ),
    ),
    (
        "#13191 required field added",
        "a keyword build of a dataclass subclass",
        K(
            "#13191",
            MP,
            MPW,
            "vllm/aeon/mp2.py",
            MD + "@dataclasses.dataclass\n"
            "class AeonSamplingMetadata(SamplingMetadata):\n"
            "    aeon_nvfp4_head: bool = False\n\n\n"
            "def aeon_metadata(temperature: torch.Tensor) -> AeonSamplingMetadata:\n"
            "    # AEON: the Spark's NVFP4 head flags the requests it samples itself\n"
            "    return AeonSamplingMetadata(\n" + MD_KW,
            "return AeonSamplingMetadata(",
        ),
    ),
    (
        "#13191 required field added",
        "twin: dataclasses.replace and a field read",
        K(
            "#13191",
            MP,
            MPW,
            "vllm/aeon/mp3.py",
            MD + "def aeon_cooled(md: SamplingMetadata) -> SamplingMetadata:\n"
            "    # AEON: the Spark's drafter samples cooler than the target\n"
            "    return dataclasses.replace(md, temperature=md.temperature * 0.5, no_top_k=md.no_top_k)\n",
            "return dataclasses.replace(md, temperature=md.temperature * 0.5, no_top_k=md.no_top_k)",
        ),
    ),
]

# --- #13311 (6a854c7a2b): the temperature moved from Sampler.forward into Sampler.sample
TS = "6a854c7a2b"
TSW = "Sampler.forward no longer applies the temperature; Sampler.sample now does, after its greedy pass"
CASES += [
    (
        "#13311 duty moved into an overridable method",
        "a subclass's override of sample() without super()",
        K(
            "#13311",
            TS,
            TSW,
            "vllm/aeon/ts1.py",
            "import torch\n\n"
            "from vllm.v1.sample.metadata import SamplingMetadata\n"
            "from vllm.v1.sample.sampler import Sampler\n\n\n"
            "class AeonSampler(Sampler):\n"
            "    def sample(self, logits: torch.Tensor, sampling_metadata: SamplingMetadata) -> torch.Tensor:\n"
            "        # AEON: the Spark's sm_121a build samples with the exponential trick, no top-k/top-p kernel\n"
            "        if sampling_metadata.all_greedy:\n"
            "            return self.greedy_sample(logits)\n"
            "        probs = logits.softmax(dim=-1, dtype=torch.float32)\n"
            "        q = torch.empty_like(probs).exponential_()\n"
            "        return probs.div_(q).argmax(dim=-1).view(-1)\n",
            "def sample(self, logits: torch.Tensor, sampling_metadata: SamplingMetadata) -> torch.Tensor:",
        ),
    ),
    (
        "#13311 duty moved into an overridable method",
        "a pipeline applying the temperature then calling sample()",
        K(
            "#13311",
            TS,
            TSW,
            "vllm/aeon/ts2.py",
            "import torch\n\n"
            "from vllm.v1.sample.metadata import SamplingMetadata\n"
            "from vllm.v1.sample.sampler import Sampler\n\n\n"
            "def aeon_sample_biased(sampler: Sampler, logits: torch.Tensor, md: SamplingMetadata) -> torch.Tensor:\n"
            "    # AEON: the Spark's drafter skips the penalties and samples straight from the biased logits\n"
            "    logits = sampler.apply_logits_bias(logits.to(torch.float32), md)\n"
            "    logits = sampler.apply_temperature(logits, md.temperature)\n"
            "    return sampler.sample(logits, md)\n",
            "return sampler.sample(logits, md)",
        ),
    ),
    (
        "#13311 duty moved into an overridable method",
        "twin: an override of sample() that calls super()",
        K(
            "#13311",
            TS,
            TSW,
            "vllm/aeon/ts3.py",
            "import torch\n\n"
            "from vllm.v1.sample.metadata import SamplingMetadata\n"
            "from vllm.v1.sample.sampler import Sampler\n\n\n"
            "class AeonCountingSampler(Sampler):\n"
            "    aeon_steps = 0\n\n"
            "    def sample(self, logits: torch.Tensor, sampling_metadata: SamplingMetadata) -> torch.Tensor:\n"
            "        # AEON: the Spark's telemetry counts sampling steps\n"
            "        self.aeon_steps += 1\n"
            "        return super().sample(logits, sampling_metadata)\n",
            "return super().sample(logits, sampling_metadata)",
        ),
    ),
    (
        "#13311 duty moved into an overridable method",
        "twin: greedy_sample() called on its own",
        K(
            "#13311",
            TS,
            TSW,
            "vllm/aeon/ts4.py",
            "import torch\n\nfrom vllm.v1.sample.sampler import Sampler\n\n\n"
            "def aeon_greedy(sampler: Sampler, logits: torch.Tensor) -> torch.Tensor:\n"
            "    return sampler.greedy_sample(logits)\n",
            "return sampler.greedy_sample(logits)",
        ),
    ),
]

# --- #15427 (25f560a62c): compute_probs now divides the caller's logits by the temperature in place
CP = "25f560a62c"
CPW = "compute_probs updates target_logits in place (logits.div_) instead of dividing into a new tensor"
RS = "import torch\n\nfrom vllm.v1.sample.metadata import SamplingMetadata\n"
CASES += [
    (
        "#15427 callee now mutates its argument",
        "a call by name, the logits read again after",
        K(
            "#15427",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            RS + "from vllm.v1.sample.rejection_sampler import compute_probs\n\n\n"
            "def aeon_probs_and_raw(target_logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata):\n"
            "    probs = compute_probs(target_logits, cu, md)\n"
            "    # AEON: the Spark's acceptance log reports the target's raw logprobs\n"
            "    raw_logprobs = target_logits.log_softmax(dim=-1)\n"
            "    return probs, raw_logprobs\n",
            "probs = compute_probs(target_logits, cu, md)",
        ),
    ),
    (
        "#15427 callee now mutates its argument",
        "a call through the module, the logits read again after",
        K(
            "#15427",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            RS + "from vllm.v1.sample import rejection_sampler as rs\n\n\n"
            "def aeon_target_entropy(logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata):\n"
            "    target_probs = rs.compute_probs(logits, cu, md)\n"
            "    # AEON: the Spark's draft-length tuner reads the target's entropy at temperature 1\n"
            "    entropy = -(logits.softmax(dim=-1) * logits.log_softmax(dim=-1)).sum(dim=-1)\n"
            "    return target_probs, entropy\n",
            "target_probs = rs.compute_probs(logits, cu, md)",
        ),
    ),
    (
        "#15427 callee now mutates its argument",
        "twin: a copy passed, the original read after",
        K(
            "#15427",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            RS + "from vllm.v1.sample.rejection_sampler import compute_probs\n\n\n"
            "def aeon_probs_and_raw2(target_logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata):\n"
            "    probs = compute_probs(target_logits.clone(), cu, md)\n"
            "    raw_logprobs = target_logits.log_softmax(dim=-1)\n"
            "    return probs, raw_logprobs\n",
            "probs = compute_probs(target_logits.clone(), cu, md)",
        ),
    ),
    (
        "#15427 callee now mutates its argument",
        "a subclass's super().forward(), the target logits read after",
        K(
            "#15427",
            CP,
            CPW,
            "vllm/aeon/cp4.py",
            RS + "from vllm.v1.sample.rejection_sampler import RejectionSampler\n\n\n"
            "class AeonRejectionSampler(RejectionSampler):\n"
            "    def forward(self, metadata, draft_probs, target_logits, bonus_token_ids, sampling_metadata):\n"
            "        out = super().forward(metadata, draft_probs, target_logits, bonus_token_ids, sampling_metadata)\n"
            "        # AEON: the Spark's acceptance log reports the target's raw logprobs\n"
            "        self.aeon_raw = target_logits.log_softmax(dim=-1)\n"
            "        return out\n",
            "out = super().forward(metadata, draft_probs, target_logits, bonus_token_ids, sampling_metadata)",
        ),
    ),
]

# --- #15478 (35fad35a48): apply_top_k_top_p's top-k-only path now masks the caller's logits in place
TK = "35fad35a48"
TKW = "apply_top_k_top_p with p None now goes to apply_top_k_only, which masked_fill_s the logits in place"
CASES += [
    (
        "#15478 callee now mutates its argument",
        "a positional call, the logits read again after",
        K(
            "#15478",
            TK,
            TKW,
            "vllm/aeon/tk1.py",
            "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import apply_top_k_top_p\n\n\n"
            "def aeon_masked_and_raw(logits: torch.Tensor, k: torch.Tensor):\n"
            "    masked = apply_top_k_top_p(logits, k, None)\n"
            "    # AEON: the Spark's logprobs stay the unmasked ones the fork's clients compare against\n"
            "    return masked, logits.log_softmax(dim=-1)\n",
            "masked = apply_top_k_top_p(logits, k, None)",
        ),
    ),
    (
        "#15478 callee now mutates its argument",
        "a keyword call through the module, the logits stored after",
        K(
            "#15478",
            TK,
            TKW,
            "vllm/aeon/tk2.py",
            "import torch\n\nfrom vllm.v1.sample.ops import topk_topp_sampler as tkp\n\n\n"
            "class AeonTopK:\n"
            "    def __init__(self) -> None:\n"
            "        self.aeon_raw: torch.Tensor | None = None\n\n"
            "    def aeon_filter(self, logits: torch.Tensor, top_k: torch.Tensor) -> torch.Tensor:\n"
            "        filtered = tkp.apply_top_k_top_p(logits, k=top_k, p=None)\n"
            "        # AEON: the Spark's drafter keeps the unfiltered logits for its own acceptance test\n"
            "        self.aeon_raw = logits.softmax(dim=-1)\n"
            "        return filtered\n",
            "filtered = tkp.apply_top_k_top_p(logits, k=top_k, p=None)",
        ),
    ),
    (
        "#15478 callee now mutates its argument",
        "twin: a copy passed, the original read after",
        K(
            "#15478",
            TK,
            TKW,
            "vllm/aeon/tk3.py",
            "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import apply_top_k_top_p\n\n\n"
            "def aeon_masked_and_raw2(logits: torch.Tensor, k: torch.Tensor):\n"
            "    masked = apply_top_k_top_p(logits.clone(), k, None)\n"
            "    return masked, logits.log_softmax(dim=-1)\n",
            "masked = apply_top_k_top_p(logits.clone(), k, None)",
        ),
    ),
    (
        "#15478 callee now mutates its argument",
        "a subclass's super().forward_native(), the logits read after",
        K(
            "#15478",
            TK,
            TKW,
            "vllm/aeon/tk4.py",
            "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import TopKTopPSampler\n\n\n"
            "class AeonTopKTopPSampler(TopKTopPSampler):\n"
            "    def forward_native(self, logits, generators, k, p):\n"
            "        sampled = super().forward_native(logits, generators, k, p)\n"
            "        # AEON: the Spark's drafter keeps the unfiltered distribution for its acceptance test\n"
            "        self.aeon_raw = logits.softmax(dim=-1)\n"
            "        return sampled\n",
            "sampled = super().forward_native(logits, generators, k, p)",
        ),
    ),
]

# --- #29121 (30b9c67743): RejectionSampler.parse_output's rows turned from numpy arrays into lists
PO = "30b9c67743"
POW = "RejectionSampler.parse_output returns list[list[int]] instead of list[np.ndarray]"
PR = "import torch\n\nfrom vllm.v1.sample.rejection_sampler import RejectionSampler\n\n\n"
CASES += [
    (
        "#29121 return's element type changed",
        "an ndarray method called on each row",
        K(
            "#29121",
            PO,
            POW,
            "vllm/aeon/po1.py",
            PR + "def aeon_accepted(output_token_ids: torch.Tensor, vocab_size: int) -> list[list[int]]:\n"
            "    # AEON: the Spark's spec-decode stats want plain lists\n"
            "    return [row.tolist() for row in RejectionSampler.parse_output(output_token_ids, vocab_size)]\n",
            "return [row.tolist() for row in RejectionSampler.parse_output(output_token_ids, vocab_size)]",
        ),
    ),
    (
        "#29121 return's element type changed",
        "an ndarray attribute read off the rows",
        K(
            "#29121",
            PO,
            POW,
            "vllm/aeon/po2.py",
            PR + "class AeonRejectionSampler(RejectionSampler):\n"
            "    def aeon_num_accepted(self, output_token_ids: torch.Tensor, vocab_size: int) -> int:\n"
            "        rows = self.parse_output(output_token_ids, vocab_size)\n"
            "        # AEON: the Spark's draft-length tuner counts the accepted tokens\n"
            "        return int(sum(row.size for row in rows))\n",
            "return int(sum(row.size for row in rows))",
        ),
    ),
    (
        "#29121 return's element type changed",
        "a boolean-mask index of each row",
        K(
            "#29121",
            PO,
            POW,
            "vllm/aeon/po3.py",
            PR + "def aeon_strip_eos(output_token_ids: torch.Tensor, vocab_size: int, eos: int):\n"
            "    rows = RejectionSampler.parse_output(output_token_ids, vocab_size)\n"
            "    # AEON: the Spark's detokenizer drops the eos the drafter proposed\n"
            "    return [row[row != eos] for row in rows]\n",
            "return [row[row != eos] for row in rows]",
        ),
    ),
    (
        "#29121 return's element type changed",
        "twin: len() and list() of each row",
        K(
            "#29121",
            PO,
            POW,
            "vllm/aeon/po4.py",
            PR + "def aeon_accepted2(output_token_ids: torch.Tensor, vocab_size: int):\n"
            "    rows = RejectionSampler.parse_output(output_token_ids, vocab_size)\n"
            "    return [list(row) for row in rows if len(row) > 0]\n",
            "return [list(row) for row in rows if len(row) > 0]",
        ),
    ),
    (
        "#29121 return's element type changed",
        "twin: each row iterated",
        K(
            "#29121",
            PO,
            POW,
            "vllm/aeon/po5.py",
            PR + "def aeon_token_counts(output_token_ids: torch.Tensor, vocab_size: int) -> dict[int, int]:\n"
            "    counts: dict[int, int] = {}\n"
            "    for row in RejectionSampler.parse_output(output_token_ids, vocab_size):\n"
            "        for tok in row:\n"
            "            counts[int(tok)] = counts.get(int(tok), 0) + 1\n"
            "    return counts\n",
            "counts[int(tok)] = counts.get(int(tok), 0) + 1",
        ),
    ),
]

# --- #27560 (3f5a4b6473): LogitsProcessor given a validate_params classmethod upstream calls on custom processors
VP = "3f5a4b6473"
VPW = "LogitsProcessor.validate_params(cls, sampling_params) added; serving calls it on every custom processor class"
LP = (
    "import torch\n\n"
    "from vllm.config import VllmConfig\n"
    "from vllm.v1.sample.logits_processor import BatchUpdate, LogitsProcessor\n\n\n"
)
LP_BODY = (
    "    def __init__(self, vllm_config: VllmConfig, device: torch.device, is_pin_memory: bool) -> None:\n"
    "        self.aeon_limit = 8\n\n"
    "    def is_argmax_invariant(self) -> bool:\n"
    "        return False\n\n"
    "    def update_state(self, batch_update: BatchUpdate | None) -> None:\n"
    "        return None\n\n"
    "    def apply(self, logits: torch.Tensor) -> torch.Tensor:\n"
    "        return logits\n"
)
CASES += [
    (
        "#27560 base hook collides with the fork's method",
        "an instance method of the same name with another parameter",
        K(
            "#27560",
            VP,
            VPW,
            "vllm/aeon/vp1.py",
            LP + "class AeonBudgetLogitsProcessor(LogitsProcessor):\n"
            "    # AEON: the Spark's reasoning budget, loaded with --logits-processors\n" + LP_BODY + "\n"
            "    def validate_params(self, batch_update: BatchUpdate) -> None:\n"
            "        if len(batch_update.added) > self.aeon_limit:\n"
            '            raise ValueError("aeon: too many budgeted requests")\n',
            "def validate_params(self, batch_update: BatchUpdate) -> None:",
        ),
    ),
    (
        "#27560 base hook collides with the fork's method",
        "an instance method of the same name reading self",
        K(
            "#27560",
            VP,
            VPW,
            "vllm/aeon/vp2.py",
            LP + "class AeonClampLogitsProcessor(LogitsProcessor):\n"
            "    # AEON: the Spark's NVFP4 heads clamp the logits, loaded with --logits-processors\n" + LP_BODY + "\n"
            "    def validate_params(self) -> bool:\n"
            "        return self.aeon_limit > 0\n",
            "def validate_params(self) -> bool:",
        ),
    ),
    (
        "#27560 base hook collides with the fork's method",
        "twin: the fork's own check under another name",
        K(
            "#27560",
            VP,
            VPW,
            "vllm/aeon/vp3.py",
            LP + "class AeonQuietLogitsProcessor(LogitsProcessor):\n" + LP_BODY + "\n"
            "    def aeon_validate(self) -> bool:\n"
            "        return self.aeon_limit > 0\n",
            "def aeon_validate(self) -> bool:",
        ),
    ),
    (
        "#27560 base hook collides with the fork's method",
        "twin: a classmethod of the new spelling",
        K(
            "#27560",
            VP,
            VPW,
            "vllm/aeon/vp4.py",
            LP + "class AeonCheckedLogitsProcessor(LogitsProcessor):\n" + LP_BODY + "\n"
            "    @classmethod\n"
            "    def validate_params(cls, sampling_params) -> None:\n"
            '        if sampling_params.extra_args and sampling_params.extra_args.get("aeon_budget", 0) < 0:\n'
            '            raise ValueError("aeon_budget must be >= 0")\n',
            "def validate_params(cls, sampling_params) -> None:",
        ),
    ),
]

# --- #20859 (4731884796): BUILTIN_LOGITS_PROCESSORS grown by ThinkingTokenBudgetLogitsProcessor at its end
BL = "4731884796"
BLW = "BUILTIN_LOGITS_PROCESSORS gained a fourth entry (ThinkingTokenBudgetLogitsProcessor) at its end"
CASES += [
    (
        "#20859 module list grew",
        "an unpacking of the module list",
        K(
            "#20859",
            BL,
            BLW,
            "vllm/aeon/bl1.py",
            "from vllm.v1.sample.logits_processor import BUILTIN_LOGITS_PROCESSORS\n\n"
            "# AEON: the Spark's drafter rebuilds the builtins with its own order\n"
            "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS\n"
            "AEON_DRAFT_PROCESSORS = [AEON_MIN_P, AEON_MIN_TOKENS]\n",
            "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS",
        ),
    ),
    (
        "#20859 module list grew",
        "a [-1] index of the module list",
        K(
            "#20859",
            BL,
            BLW,
            "vllm/aeon/bl2.py",
            "from vllm.v1.sample import logits_processor as lp\n\n\n"
            "def aeon_min_p_class() -> type:\n"
            "    # AEON: the Spark's NVFP4 head applies min-p itself, so it drops the last builtin\n"
            "    return lp.BUILTIN_LOGITS_PROCESSORS[-1]\n",
            "return lp.BUILTIN_LOGITS_PROCESSORS[-1]",
        ),
    ),
    (
        "#20859 module list grew",
        "twin: a [0] index and a spread into a new list",
        K(
            "#20859",
            BL,
            BLW,
            "vllm/aeon/bl3.py",
            "from vllm.v1.sample.logits_processor import BUILTIN_LOGITS_PROCESSORS\n\n"
            "AEON_FIRST = BUILTIN_LOGITS_PROCESSORS[0]\n"
            "AEON_ALL = [*BUILTIN_LOGITS_PROCESSORS, AEON_FIRST]\n",
            "AEON_FIRST = BUILTIN_LOGITS_PROCESSORS[0]",
        ),
    ),
    (
        "#20859 module list grew",
        "twin: a [2] index (the min-p processor stays third)",
        K(
            "#20859",
            BL,
            BLW,
            "vllm/aeon/bl4.py",
            "from vllm.v1.sample import logits_processor as lp\n\n\n"
            "def aeon_min_p_class2() -> type:\n"
            "    return lp.BUILTIN_LOGITS_PROCESSORS[2]\n",
            "return lp.BUILTIN_LOGITS_PROCESSORS[2]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-sample2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
