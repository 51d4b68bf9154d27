"""A blind replay of the v1 sampler, its ops, its logits-processor state and the rejection sampler a fork patches.

10 first-parent commits on the surface a fork that tunes token sampling carries code against -- the
``Sampler`` a fork subclasses (``get_probs``/``random_sample``/``apply_top_k_top_p`` moved into
``TopKTopPSampler``, ``get_topk_logprobs`` replaced by ``compute_logprobs``/``gather_logprobs``), the
``SamplingMetadata`` it reads (``max_num_logprobs`` made Optional, ``temperature`` made Optional), the ops
modules (``ops.penalties.apply_penalties`` renamed ``apply_all_penalties`` while the old name still imports
as the layer helper with another parameter order, ``flashinfer_sample``'s ``probs`` now ``logits``, the
``TopKTopPSampler.apply_top_k_top_p`` attribute gone, ``_FLASHINFER_MIN_VERSION`` removed), the
logits-processor state (``BatchUpdateBuilder.__init__``'s ``moved``/``added`` swapped) and the rejection
sampler (``greedy_sample_native`` renamed ``forward_native`` and made an instance method,
``_create_greedy_token_probs`` moved to module level, ``parse_output`` returning numpy rows, not lists) --
picked by scanning ``git log --first-parent -p -- vllm/v1/sample/``, avoiding the commits the other replays
use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass's call of
an inherited method, an override, a read off a typed receiver, a keyword and a positional call, an import,
a static call on the class, an attribute monkeypatched on an instance, a list operation on a returned
element), with twins (fork code the commit does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning
lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 946d1817): 13 caught, 0 warned, 4 missed of 17 (twins: 10
quiet, 0 false errors).  The misses: #11538's two (``ops.penalties.apply_penalties`` renamed
``apply_all_penalties`` while the module now imports the layer helper under the old name, so the fork's
import still resolves -- to ``apply_penalties(logits, prompt_tokens_tensor, output_tokens_tensor, presence,
frequency, repetition)``: ``output_token_ids=`` is a TypeError, the positional call lands the presence
penalties on the output tokens) and #26368's two (``RejectionSampler.parse_output`` annotated
``list[list[int]]`` -> ``list[np.ndarray]``: a row's ``.append`` is an AttributeError, ``[bos] + row``
broadcasts an addition instead of concatenating).
After the killers105 widenings: 17 caught, 0 warned, 0 missed of 17 (twins: 10 quiet, 0 false errors).  Caught
now: a module-level name upstream rebound in a file it changed to a def of another file it did not touch
(symbol drift checks the call against the def it now reaches: ``drift/symbols.py``'s ``_rebound_name``); a
static or class method called off its class by name types its return as that class's (element and container
drift: ``drift/retyped.py``'s ``_class_called``).  Unchanged with them: killer_replay 26/26,
kind_change_replay 12/12, review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_sampling
21/0/0, specdec 23/0/0, layerutils 30/1/1, logitsproc 15/0/0, subsystems 32/5/0 (0 false errors in each);
symbol_precision --windows 3: 0 false errors.

  python benchmarks/blind_replay_sampler.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #11394 (371d04d39b): Sampler.get_probs/get_logprobs/random_sample/apply_top_k_top_p moved out (into
#     TopKTopPSampler and ops/); a fork's Sampler subclass calling or overriding them
SM = "371d04d39b"
SMW = "Sampler's top-k/top-p and probs methods moved into TopKTopPSampler"
SAMP = "import torch\n\nfrom vllm.v1.sample.metadata import SamplingMetadata\nfrom vllm.v1.sample.sampler import Sampler\n\n\n"
CASES += [
    (
        "#11394 base method removed",
        "a subclass calling the inherited method",
        K(
            "#11394",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            SAMP + "class AeonSampler(Sampler):\n"
            "    def aeon_entropy(self, logits: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the GB10 router logs the sampling entropy per request\n"
            "        probs = self.get_probs(logits)\n"
            "        return -(probs * probs.clamp_min(1e-9).log()).sum(dim=-1)\n",
            "probs = self.get_probs(logits)",
        ),
    ),
    (
        "#11394 base method removed",
        "an override the base no longer calls",
        K(
            "#11394",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            SAMP + "class AeonSeededSampler(Sampler):\n"
            "    def random_sample(self, probs: torch.Tensor, generators: dict[int, torch.Generator]) -> torch.Tensor:\n"
            "        # AEON: one generator for the whole batch keeps replays bit-exact on the Spark\n"
            "        q = torch.empty_like(probs).exponential_()\n"
            "        return probs.div_(q).argmax(dim=-1).view(-1)\n",
            "def random_sample(self, probs: torch.Tensor, generators: dict[int, torch.Generator]) -> torch.Tensor:",
        ),
    ),
    (
        "#11394 base method removed",
        "twin: a subclass calling apply_temperature (kept)",
        K(
            "#11394",
            SM,
            SMW,
            "vllm/aeon/sm3.py",
            SAMP + "class AeonWarmSampler(Sampler):\n"
            "    def aeon_warm(self, logits: torch.Tensor, metadata: SamplingMetadata) -> torch.Tensor:\n"
            "        return self.apply_temperature(logits, metadata.temperature)\n",
            "return self.apply_temperature(logits, metadata.temperature)",
        ),
    ),
]

# --- #9880 (0630d4537a): Sampler.get_topk_logprobs removed (compute_logprobs + gather_logprobs);
#     SamplingMetadata.max_num_logprobs int -> Optional[int] (None means no logprobs, 0 the sampled token's)
LP = "0630d4537a"
LPW = "get_topk_logprobs removed, max_num_logprobs made Optional"
CASES += [
    (
        "#9880 method removed",
        "a call off a typed receiver",
        K(
            "#9880",
            LP,
            LPW,
            "vllm/aeon/lp1.py",
            SAMP + "def aeon_top_logprobs(sampler: Sampler, logits: torch.Tensor, metadata: SamplingMetadata):\n"
            "    # AEON: the Spark's eval harness wants the raw top-k before penalties\n"
            "    return sampler.get_topk_logprobs(logits, metadata)\n",
            "return sampler.get_topk_logprobs(logits, metadata)",
        ),
    ),
    (
        "#9880 field made Optional",
        "an int comparison of the field",
        K(
            "#9880",
            LP,
            LPW,
            "vllm/aeon/lp2.py",
            SAMP + "def aeon_wants_logprobs(metadata: SamplingMetadata) -> bool:\n"
            "    return metadata.max_num_logprobs > 0\n",
            "return metadata.max_num_logprobs > 0",
        ),
    ),
    (
        "#9880 field made Optional",
        "twin: a field the change left alone",
        K(
            "#9880",
            LP,
            LPW,
            "vllm/aeon/lp3.py",
            SAMP + "def aeon_all_greedy(metadata: SamplingMetadata) -> bool:\n"
            "    return metadata.all_greedy and not metadata.all_random\n",
            "return metadata.all_greedy and not metadata.all_random",
        ),
    ),
]

# --- #13362 (69e1d23e1e): RejectionSampler.greedy_sample_native renamed forward_native, the static methods
#     made instance methods, _create_greedy_token_probs moved to module level
RJ = "69e1d23e1e"
RJW = "rejection sampler's static methods renamed, made instance methods, moved out"
RSI = "import torch\n\nfrom vllm.v1.sample.metadata import SamplingMetadata\nfrom vllm.v1.sample.rejection_sampler import RejectionSampler\n\n\n"
CASES += [
    (
        "#13362 static method renamed",
        "a static call of the old name",
        K(
            "#13362",
            RJ,
            RJW,
            "vllm/aeon/rj1.py",
            RSI + "def aeon_verify(logits: torch.Tensor, metadata: SamplingMetadata):\n"
            "    # AEON: FlashInfer's rejection kernel is not built for sm_12x; use the native path\n"
            "    return RejectionSampler.greedy_sample_native(logits, metadata)\n",
            "return RejectionSampler.greedy_sample_native(logits, metadata)",
        ),
    ),
    (
        "#13362 static method moved to module level",
        "a static helper called off the class",
        K(
            "#13362",
            RJ,
            RJW,
            "vllm/aeon/rj2.py",
            RSI + "def aeon_onehot(token_ids: torch.Tensor, vocab_size: int) -> torch.Tensor:\n"
            "    return RejectionSampler._create_greedy_token_probs(token_ids, vocab_size, token_ids.device)\n",
            "return RejectionSampler._create_greedy_token_probs(token_ids, vocab_size, token_ids.device)",
        ),
    ),
    (
        "#13362 static method made an instance method",
        "a class-level call of the old static method",
        K(
            "#13362",
            RJ,
            RJW,
            "vllm/aeon/rj3.py",
            RSI + "def aeon_fast_verify(logits: torch.Tensor, metadata: SamplingMetadata):\n"
            "    return RejectionSampler.flashinfer_sample(logits, metadata)\n",
            "return RejectionSampler.flashinfer_sample(logits, metadata)",
        ),
    ),
    (
        "#13362 static method renamed",
        "twin: an instance's forward (kept)",
        K(
            "#13362",
            RJ,
            RJW,
            "vllm/aeon/rj4.py",
            RSI + "def aeon_verify2(logits: torch.Tensor, metadata: SamplingMetadata):\n"
            "    return RejectionSampler().forward(logits, metadata)\n",
            "return RejectionSampler().forward(logits, metadata)",
        ),
    ),
]

# --- #11538 (81b979f2a8): ops.penalties.apply_penalties renamed apply_all_penalties; the module now imports
#     the layer helper apply_penalties(logits, prompt, OUTPUT_TENSOR, presence, frequency, repetition) under
#     the old name, so the old import still resolves to a function with another parameter list
PN = "81b979f2a8"
PNW = "apply_penalties renamed apply_all_penalties; old name now the layer helper"
PEN = "import torch\n\nfrom vllm.v1.sample.ops.penalties import apply_min_token_penalties, apply_penalties\n\n\n"
CASES += [
    (
        "#11538 function renamed, old name rebound",
        "a keyword call of the old parameter",
        K(
            "#11538",
            PN,
            PNW,
            "vllm/aeon/pn1.py",
            PEN + "def aeon_penalize(logits, prompt_ids, presence, frequency, repetition, out_ids: list[list[int]]):\n"
            "    return apply_penalties(logits, prompt_ids, presence, frequency, repetition, output_token_ids=out_ids)\n",
            "return apply_penalties(logits, prompt_ids, presence, frequency, repetition, output_token_ids=out_ids)",
        ),
    ),
    (
        "#11538 function renamed, old name rebound",
        "a positional call (arguments now land on other parameters)",
        K(
            "#11538",
            PN,
            PNW,
            "vllm/aeon/pn2.py",
            PEN + "def aeon_penalize2(logits, prompt_ids, presence, frequency, repetition, out_ids: list[list[int]]):\n"
            "    # AEON: penalties before the fork's bias table\n"
            "    return apply_penalties(logits, prompt_ids, presence, frequency, repetition, out_ids)\n",
            "return apply_penalties(logits, prompt_ids, presence, frequency, repetition, out_ids)",
        ),
    ),
    (
        "#11538 function renamed, old name rebound",
        "twin: apply_min_token_penalties (kept)",
        K(
            "#11538",
            PN,
            PNW,
            "vllm/aeon/pn3.py",
            PEN + "def aeon_min_tokens(logits, out_ids, stop_ids, min_tokens) -> None:\n"
            "    apply_min_token_penalties(logits, out_ids, stop_ids, min_tokens)\n",
            "apply_min_token_penalties(logits, out_ids, stop_ids, min_tokens)",
        ),
    ),
]

# --- #18608 (e7523c2e03): flashinfer_sample's first parameter probs -> logits (it now samples from logits)
FS = "e7523c2e03"
FSW = "flashinfer_sample takes logits, not probs"
TKS = "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import flashinfer_sample, random_sample\n\n\n"
CASES += [
    (
        "#18608 parameter renamed",
        "a keyword of the old parameter",
        K(
            "#18608",
            FS,
            FSW,
            "vllm/aeon/fs1.py",
            TKS + "def aeon_fi_sample(logits: torch.Tensor, k, p, generators: dict[int, torch.Generator]):\n"
            "    probs = logits.softmax(dim=-1, dtype=torch.float32)\n"
            "    return flashinfer_sample(probs=probs, k=k, p=p, generators=generators)\n",
            "return flashinfer_sample(probs=probs, k=k, p=p, generators=generators)",
        ),
    ),
    (
        "#18608 parameter renamed",
        "twin: random_sample's probs (kept)",
        K(
            "#18608",
            FS,
            FSW,
            "vllm/aeon/fs2.py",
            TKS + "def aeon_rand(logits: torch.Tensor, generators: dict[int, torch.Generator]):\n"
            "    probs = logits.softmax(dim=-1, dtype=torch.float32)\n"
            "    return random_sample(probs=probs, generators=generators)\n",
            "return random_sample(probs=probs, generators=generators)",
        ),
    ),
]

# --- #33538 (c656ba3b4d): TopKTopPSampler's apply_top_k_top_p attribute removed (forward_native calls the
#     module function, forward_cpu the pytorch one): a fork's patch of the attribute is dead, a read fails
TK = "c656ba3b4d"
TKW = "TopKTopPSampler.apply_top_k_top_p attribute removed"
TKI = "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import TopKTopPSampler, apply_top_k_top_p\n\n\n"
CASES += [
    (
        "#33538 instance attribute removed",
        "a monkeypatch of the attribute on a typed instance",
        K(
            "#33538",
            TK,
            TKW,
            "vllm/aeon/tk1.py",
            TKI + "def aeon_top_k_top_p(logits: torch.Tensor, k, p) -> torch.Tensor:\n"
            "    return apply_top_k_top_p(logits.float(), k, p)\n\n\n"
            "def aeon_patch(sampler: TopKTopPSampler) -> None:\n"
            "    # AEON: the GB10's bf16 sort is unstable; mask in fp32\n"
            "    sampler.apply_top_k_top_p = aeon_top_k_top_p\n",
            "sampler.apply_top_k_top_p = aeon_top_k_top_p",
        ),
    ),
    (
        "#33538 instance attribute removed",
        "a subclass reading the attribute",
        K(
            "#33538",
            TK,
            TKW,
            "vllm/aeon/tk2.py",
            TKI + "class AeonTopKTopP(TopKTopPSampler):\n"
            "    def aeon_mask(self, logits: torch.Tensor, k, p) -> torch.Tensor:\n"
            "        return self.apply_top_k_top_p(logits, k, p)\n",
            "return self.apply_top_k_top_p(logits, k, p)",
        ),
    ),
    (
        "#33538 instance attribute removed",
        "twin: the module function (kept)",
        K(
            "#33538",
            TK,
            TKW,
            "vllm/aeon/tk3.py",
            TKI + "def aeon_mask2(logits: torch.Tensor, k, p) -> torch.Tensor:\n"
            "    return apply_top_k_top_p(logits, k, p)\n",
            "return apply_top_k_top_p(logits, k, p)",
        ),
    ),
]

# --- #22919 (7ae9887542): BatchUpdateBuilder.__init__(removed, moved, added) -> (removed, added, moved)
BU = "7ae9887542"
BUW = "BatchUpdateBuilder's moved/added parameters swapped"
BUI = "from vllm.v1.sample.logits_processor import BatchUpdateBuilder\n\n\n"
CASES += [
    (
        "#22919 parameters reordered",
        "a positional call",
        K(
            "#22919",
            BU,
            BUW,
            "vllm/aeon/bu1.py",
            BUI + "def aeon_builder(removed: list, moved: list, added: list) -> BatchUpdateBuilder:\n"
            "    # AEON: the Spark's request migration replays a batch's moves first\n"
            "    return BatchUpdateBuilder(removed, moved, added)\n",
            "return BatchUpdateBuilder(removed, moved, added)",
        ),
    ),
    (
        "#22919 parameters reordered",
        "twin: a keyword call",
        K(
            "#22919",
            BU,
            BUW,
            "vllm/aeon/bu2.py",
            BUI + "def aeon_builder2(removed: list, moved: list, added: list) -> BatchUpdateBuilder:\n"
            "    return BatchUpdateBuilder(removed=removed, moved=moved, added=added)\n",
            "return BatchUpdateBuilder(removed=removed, moved=moved, added=added)",
        ),
    ),
]

# --- #26368 (186352b270): RejectionSampler.parse_output returns list[np.ndarray], not list[list[int]]
PO = "186352b270"
POW = "parse_output's rows are numpy arrays, not lists"
POI = "import torch\n\nfrom vllm.v1.sample.rejection_sampler import RejectionSampler\n\n\n"
CASES += [
    (
        "#26368 returned element kind changed",
        "a list method on a returned row",
        K(
            "#26368",
            PO,
            POW,
            "vllm/aeon/po1.py",
            POI + "def aeon_with_eos(output_token_ids: torch.Tensor, vocab_size: int, eos: int) -> list[list[int]]:\n"
            "    rows = RejectionSampler.parse_output(output_token_ids, vocab_size)\n"
            "    for row in rows:\n"
            "        row.append(eos)\n"
            "    return rows\n",
            "row.append(eos)",
        ),
    ),
    (
        "#26368 returned element kind changed",
        "a list concatenation of a returned row",
        K(
            "#26368",
            PO,
            POW,
            "vllm/aeon/po2.py",
            POI + "def aeon_prefixed(output_token_ids: torch.Tensor, vocab_size: int, bos: int) -> list[list[int]]:\n"
            "    return [[bos] + row for row in RejectionSampler.parse_output(output_token_ids, vocab_size)]\n",
            "return [[bos] + row for row in RejectionSampler.parse_output(output_token_ids, vocab_size)]",
        ),
    ),
    (
        "#26368 returned element kind changed",
        "twin: len() of a returned row",
        K(
            "#26368",
            PO,
            POW,
            "vllm/aeon/po3.py",
            POI + "def aeon_accepted(output_token_ids: torch.Tensor, vocab_size: int) -> list[int]:\n"
            "    return [len(row) for row in RejectionSampler.parse_output(output_token_ids, vocab_size)]\n",
            "return [len(row) for row in RejectionSampler.parse_output(output_token_ids, vocab_size)]",
        ),
    ),
]

# --- #44442 (6bad553f4e): the FlashInfer version check and _FLASHINFER_MIN_VERSION removed
FV = "6bad553f4e"
FVW = "_FLASHINFER_MIN_VERSION removed"
CASES += [
    (
        "#44442 module constant removed",
        "an import of the constant",
        K(
            "#44442",
            FV,
            FVW,
            "vllm/aeon/fv1.py",
            "from vllm.v1.sample.ops.topk_topp_sampler import _FLASHINFER_MIN_VERSION\n\n\n"
            "def aeon_fi_floor() -> str:\n"
            "    # AEON: the Spark image pins flashinfer at or above upstream's floor\n"
            "    return _FLASHINFER_MIN_VERSION\n",
            "from vllm.v1.sample.ops.topk_topp_sampler import _FLASHINFER_MIN_VERSION",
        ),
    ),
    (
        "#44442 module constant removed",
        "twin: flashinfer_sampler_supported (kept)",
        K(
            "#44442",
            FV,
            FVW,
            "vllm/aeon/fv2.py",
            "from vllm.v1.sample.ops.topk_topp_sampler import flashinfer_sampler_supported\n\n\n"
            "def aeon_fi_ok() -> bool:\n"
            "    return flashinfer_sampler_supported()\n",
            "return flashinfer_sampler_supported()",
        ),
    ),
]

# --- #13587 (31aa045c11): SamplingMetadata.temperature made Optional (None when every request is greedy)
TM = "31aa045c11"
TMW = "SamplingMetadata.temperature made Optional"
CASES += [
    (
        "#13587 field made Optional",
        "a tensor method off the field",
        K(
            "#13587",
            TM,
            TMW,
            "vllm/aeon/tm1.py",
            SAMP + "def aeon_max_temp(metadata: SamplingMetadata) -> float:\n"
            "    # AEON: the router logs the hottest request per step\n"
            "    return metadata.temperature.max().item()\n",
            "return metadata.temperature.max().item()",
        ),
    ),
    (
        "#13587 field made Optional",
        "twin: a None-guarded read",
        K(
            "#13587",
            TM,
            TMW,
            "vllm/aeon/tm2.py",
            SAMP + "def aeon_max_temp2(metadata: SamplingMetadata) -> float:\n"
            "    t = metadata.temperature\n"
            "    return 0.0 if t is None else t.max().item()\n",
            "return 0.0 if t is None else t.max().item()",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-sampler-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
