"""Adversarial twins of killers211's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a value a function upstream now updates in place, read after the call (``drift/mutated_args.py``, new;
  #15427 ``compute_probs`` divides the caller's logits, #15478 ``apply_top_k_top_p``'s top-k-only path masks
  them): the logits read only before the call, the call in one branch and the read in the other, the call's
  branch returning before the read, a kept member read after, the fork's own ``compute_probs``, a top-p-only
  call (``k=None``: the sorted path masks a copy), and two other real commits: #19041 (8267f9916f) moved
  ``Sampler.apply_logits_bias`` from ``logits[i, t] += bias`` to ``logits.index_put_`` (the caller's logits
  were updated at the base already, by a store), #13587 (31aa045c11) kept ``apply_temperature``'s ``div_``;
- an unpacking of a module list into a fixed count of names (``drift/list_positions.py``; #20859 appended a
  fourth processor to ``BUILTIN_LOGITS_PROCESSORS``): the new four-name unpacking, a ``*rest`` name, a slice of
  the first three, a ``len`` test choosing the count, a ``try``/``except ValueError``, a function-local list of
  the name, a class attribute of the name;
- an element made a list again, used as an array (``drift/element_kinds.py``; #29121 made
  ``RejectionSampler.parse_output``'s rows lists): an ``isinstance`` test, ``np.asarray(row).tolist()``, the loop
  name rebound to an array, the fork's own override of ``parse_output`` still returning arrays, a comprehension
  of arrays; and #28773 (ac86bff8cb, the first revert of the same change, ``ModelRunnerOutput.sampled_token_ids``
  too): ``row.copy()`` (a list has it), a guarded ``tolist``;
- a container made an array handed to ``json.dumps`` (``drift/retyped.py``; #12094 made
  ``SamplerOutput.sampled_token_ids`` a tensor): a ``default=`` hook converting arrays, an encoder class
  (``cls=``), a local converted under an ``isinstance`` test, ``.tolist()`` handed, a number read off it, an
  unchanged list field of the same commit.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
by these widenings (``blind_replay_sample2.py``: #15427, #15478, #20859, #29121 and #12094's json spelling),
kept to show the reach stays, and #28773's ``tolist`` of a row (the same change on another real commit).

Round 1 (main at c7738f86), 6 cases and 31 twins as first written: 6 caught of 6; 9 false errors of 31, every
one a twin that is right after the merge (none moved to the CASES): mutated arguments 5 -- the call in one
branch and the read in the ``else`` (a later line, never after the call), the call's branch returning before
the read, #15478's top-p-only call twice (``apply_top_k_top_p(logits, None, p)``: the in-place mask runs only
inside ``if p is None:`` past ``if k is None: return logits``; the top-p path sorts into a new tensor), and
#19041's ``super().apply_logits_bias(logits, md)`` (the base biased the caller's logits in place already, by a
store ``logits[i, t] += bias``, which the base side did not read as an update); the unpacking 2 -- under a
``len(BUILTIN_LOGITS_PROCESSORS) == 3`` test choosing the count, in a ``try``/``except ValueError``; json 2 --
a ``default=`` hook and a ``cls=`` encoder, both encoding the tensor.  Element drift's seven twins (an
``isinstance``/``hasattr`` test, ``np.asarray(row)``, the loop name rebound, the fork's own override of
``parse_output`` keeping arrays, ``row.copy()`` ...) were quiet.
Round 2 (this branch): ``drift/mutated_args.py`` skips a read in the other branch of an ``if`` from the call
(``source.branches_apart``, moved from stopped_arg_writes, which had it privately) or past a ``return``/``raise``
after the call in a block holding it; records the None tests of other parameters an update runs under (an
``if q is None:`` around it, an ``if q is None: return`` ahead of it) and is quiet for a call handing a literal
that fails one; reads a store into a parameter as an update at the base.  ``drift/list_positions.py``: an
unpacking under an ``if`` asking ``len(NAME)`` or in a ``try`` catching ValueError is quiet
(``fallbacks.len_checked``, ``caught_around``).  ``drift/retyped.py``: ``json.dumps``/``dump`` given ``default=``
or ``cls=`` is quiet.  6 caught of 6; 0 false errors of 31.  ``blind_replay_sample2.py`` as before: 13 caught,
3 warned, 4 missed of 20, 0 false errors of 12 twins.
Round 3 (written after the mends): five cases the mends must not quiet (``apply_top_k_top_p(logits, k=k,
p=None)``, ``super().forward_native(logits, g, k, p)``, the call in an ``if`` without an ``else`` and the read
after it, the unpacking in a ``try`` catching ImportError, ``json.dumps(..., indent=2)``) and two twins
(``super().forward_native(logits, g, None, p)``: the wrapper hands ``k`` on to the gated update; and
``sampler.apply_logits_bias(logits, md)`` off an instance).  The wrapper's twin is quiet only because a hand-on's
callee's None tests are read through its arguments (``_gates_through``, added with the twin: round 2's gates
stopped at the function holding the in-place call); it is main's one false error of round 3.
All rounds, main (c7738f86): 11 caught of 11; 10 false errors of 33 twins.  This branch: 11 caught of 11; 0
false errors of 33 twins.
Regression set at the branch's head: blind_replay_sample2 13 caught, 3 warned, 4 missed of 20 (12 twins quiet,
0 false), killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_sampleops 15 caught 2 warned of 17
(9 quiet), blind_replay_sampler 17/17 (10 quiet) and blind_replay_awqgptq 27 caught 1 warned of 28 (16 quiet)
(these two at 0733adaf, before the gates' read-through, which touches mutated_args only), review80_twins 12 caught 2 warned of 14 (32 quiet, 5 warned): all as before, 0 false errors.

  PYTHONPATH=.. python review115_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 25f560a62c (#15427): compute_probs divides the caller's target logits by the temperature in place
CP = ("#15427", "25f560a62c", "compute_probs updates target_logits in place")
RS = "import torch\n\nfrom vllm.v1.sample.metadata import SamplingMetadata\n"
CPI = RS + "from vllm.v1.sample.rejection_sampler import compute_probs\n\n\n"
CASES += [
    (
        "#15427 mutated argument",
        "a call by name, the logits read again after",
        K(
            *CP,
            "vllm/aeon/r115cp0.py",
            CPI + "def aeon_probs_and_raw(target_logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata):\n"
            "    probs = compute_probs(target_logits, cu, md)\n"
            "    raw_logprobs = target_logits.log_softmax(dim=-1)\n"
            "    return probs, raw_logprobs\n",
            "    probs = compute_probs(target_logits, cu, md)",
        ),
    ),
]
TWINS += [
    (
        "#15427 mutated argument",
        "twin: the raw logprobs read before the call",
        K(
            *CP,
            "vllm/aeon/r115cp1.py",
            CPI + "def aeon_probs_and_raw(target_logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata):\n"
            "    raw_logprobs = target_logits.log_softmax(dim=-1)  # AEON: before compute_probs scales them\n"
            "    probs = compute_probs(target_logits, cu, md)\n"
            "    return probs, raw_logprobs\n",
            "    probs = compute_probs(target_logits, cu, md)",
        ),
    ),
    (
        "#15427 mutated argument",
        "twin: the call in one branch, the read in the other",
        K(
            *CP,
            "vllm/aeon/r115cp2.py",
            CPI + "def aeon_target(target_logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata, raw: bool):\n"
            "    if not raw:\n"
            "        out = compute_probs(target_logits, cu, md)\n"
            "    else:\n"
            "        # AEON: the Spark's acceptance log asks for the unscaled logprobs\n"
            "        out = target_logits.log_softmax(dim=-1)\n"
            "    return out\n",
            "        out = compute_probs(target_logits, cu, md)",
        ),
    ),
    (
        "#15427 mutated argument",
        "twin: the call's branch returns before the read",
        K(
            *CP,
            "vllm/aeon/r115cp3.py",
            CPI + "def aeon_target2(target_logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata, raw: bool):\n"
            "    if not raw:\n"
            "        return compute_probs(target_logits, cu, md)\n"
            "    return target_logits.log_softmax(dim=-1)\n",
            "        return compute_probs(target_logits, cu, md)",
        ),
    ),
    (
        "#15427 mutated argument",
        "twin: only the logits' shape and dtype read after",
        K(
            *CP,
            "vllm/aeon/r115cp4.py",
            CPI + "def aeon_probs(target_logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata):\n"
            "    probs = compute_probs(target_logits, cu, md)\n"
            "    assert probs.shape == target_logits.shape and probs.dtype == target_logits.dtype\n"
            "    return probs\n",
            "    probs = compute_probs(target_logits, cu, md)",
        ),
    ),
    (
        "#15427 mutated argument",
        "twin: the fork's own compute_probs",
        K(
            *CP,
            "vllm/aeon/r115cp5.py",
            RS + "\n\ndef compute_probs(logits: torch.Tensor, temperature: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark's drafter divides into a new tensor\n"
            "    return (logits / temperature.unsqueeze(-1)).softmax(dim=-1)\n\n\n"
            "def aeon_probs_and_raw(logits: torch.Tensor, temperature: torch.Tensor):\n"
            "    probs = compute_probs(logits, temperature)\n"
            "    return probs, logits.log_softmax(dim=-1)\n",
            "    probs = compute_probs(logits, temperature)",
        ),
    ),
    (
        "#15427 mutated argument",
        "twin: the name rebound to the result",
        K(
            *CP,
            "vllm/aeon/r115cp6.py",
            CPI + "def aeon_probs(target_logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata):\n"
            "    target_logits = compute_probs(target_logits, cu, md)\n"
            "    return target_logits.clamp(min=1e-9)\n",
            "    target_logits = compute_probs(target_logits, cu, md)",
        ),
    ),
]

# --- 35fad35a48 (#15478): apply_top_k_top_p's top-k-only path masks the caller's logits in place
TK = ("#15478", "35fad35a48", "apply_top_k_top_p(p=None) masks the logits in place")
TKI = "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import apply_top_k_top_p\n\n\n"
CASES += [
    (
        "#15478 mutated argument",
        "a top-k-only call, the logits read again after",
        K(
            *TK,
            "vllm/aeon/r115tk0.py",
            TKI + "def aeon_masked_and_raw(logits: torch.Tensor, k: torch.Tensor):\n"
            "    masked = apply_top_k_top_p(logits, k, None)\n"
            "    return masked, logits.log_softmax(dim=-1)\n",
            "    masked = apply_top_k_top_p(logits, k, None)",
        ),
    ),
]
TWINS += [
    (
        "#15478 mutated argument",
        "twin: a top-p-only call (k=None: the sorted path masks a copy)",
        K(
            *TK,
            "vllm/aeon/r115tk1.py",
            TKI + "def aeon_nucleus_and_raw(logits: torch.Tensor, p: torch.Tensor):\n"
            "    # AEON: the Spark's drafter uses top-p only\n"
            "    masked = apply_top_k_top_p(logits, None, p)\n"
            "    return masked, logits.log_softmax(dim=-1)\n",
            "    masked = apply_top_k_top_p(logits, None, p)",
        ),
    ),
    (
        "#15478 mutated argument",
        "twin: a top-p-only keyword call",
        K(
            *TK,
            "vllm/aeon/r115tk2.py",
            TKI + "def aeon_nucleus_and_raw2(logits: torch.Tensor, p: torch.Tensor):\n"
            "    masked = apply_top_k_top_p(logits, k=None, p=p)\n"
            "    return masked, logits.softmax(dim=-1)\n",
            "    masked = apply_top_k_top_p(logits, k=None, p=p)",
        ),
    ),
    (
        "#15478 mutated argument",
        "twin: the masked logits kept under the same name",
        K(
            *TK,
            "vllm/aeon/r115tk3.py",
            TKI + "def aeon_probs(logits: torch.Tensor, k: torch.Tensor):\n"
            "    logits = apply_top_k_top_p(logits, k, None)\n"
            "    return logits.softmax(dim=-1)\n",
            "    logits = apply_top_k_top_p(logits, k, None)",
        ),
    ),
]

# --- 8267f9916f (#19041): Sampler.apply_logits_bias updates the logits by index_put_ (a store at the base)
LB = ("#19041", "8267f9916f", "apply_logits_bias: logits[i, t] += bias -> logits.index_put_")
SI = "import torch\n\nfrom vllm.v1.sample.metadata import SamplingMetadata\nfrom vllm.v1.sample.sampler import Sampler\n\n\n"
TWINS += [
    (
        "#19041 mutated argument",
        "twin: super().apply_logits_bias, the biased logits read after (updated in place at the base too)",
        K(
            *LB,
            "vllm/aeon/r115lb1.py",
            SI + "class AeonBiasSampler(Sampler):\n"
            "    def apply_logits_bias(self, logits: torch.Tensor, sampling_metadata: SamplingMetadata):\n"
            "        out = super().apply_logits_bias(logits, sampling_metadata)\n"
            "        # AEON: the Spark's trace logs the biased maximum\n"
            "        self.aeon_max = logits.max(dim=-1).values\n"
            "        return out\n",
            "        out = super().apply_logits_bias(logits, sampling_metadata)",
        ),
    ),
]

# --- 31aa045c11 (#13587): Sampler.apply_temperature divided in place at the base already
AT = ("#13587", "31aa045c11", "apply_temperature drops its where(), keeps div_")
TWINS += [
    (
        "#13587 mutated argument",
        "twin: super().apply_temperature, the logits read after (div_ at the base too)",
        K(
            *AT,
            "vllm/aeon/r115at1.py",
            SI + "class AeonTempSampler(Sampler):\n"
            "    def apply_temperature(self, logits: torch.Tensor, temp: torch.Tensor) -> torch.Tensor:\n"
            "        out = super().apply_temperature(logits, temp)\n"
            "        self.aeon_peak = logits.amax(dim=-1)\n"
            "        return out\n",
            "        out = super().apply_temperature(logits, temp)",
        ),
    ),
]

# --- 4731884796 (#20859): BUILTIN_LOGITS_PROCESSORS gained a fourth entry at its end
BL = ("#20859", "4731884796", "BUILTIN_LOGITS_PROCESSORS gained a fourth entry")
BLI = "from vllm.v1.sample.logits_processor import BUILTIN_LOGITS_PROCESSORS\n\n"
CASES += [
    (
        "#20859 unpacked module list",
        "a three-name unpacking",
        K(
            *BL,
            "vllm/aeon/r115bl0.py",
            BLI + "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS\n",
            "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS",
        ),
    ),
]
TWINS += [
    (
        "#20859 unpacked module list",
        "twin: the four-name unpacking (the new spelling)",
        K(
            *BL,
            "vllm/aeon/r115bl1.py",
            BLI + "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P, AEON_THINKING = BUILTIN_LOGITS_PROCESSORS\n",
            "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P, AEON_THINKING = BUILTIN_LOGITS_PROCESSORS",
        ),
    ),
    (
        "#20859 unpacked module list",
        "twin: a *rest name",
        K(
            *BL,
            "vllm/aeon/r115bl2.py",
            BLI + "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P, *AEON_REST = BUILTIN_LOGITS_PROCESSORS\n",
            "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P, *AEON_REST = BUILTIN_LOGITS_PROCESSORS",
        ),
    ),
    (
        "#20859 unpacked module list",
        "twin: a slice of the first three",
        K(
            *BL,
            "vllm/aeon/r115bl3.py",
            BLI + "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS[:3]\n",
            "AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS[:3]",
        ),
    ),
    (
        "#20859 unpacked module list",
        "twin: a len test choosing the count",
        K(
            *BL,
            "vllm/aeon/r115bl4.py",
            BLI + "if len(BUILTIN_LOGITS_PROCESSORS) == 3:\n"
            "    AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS\n"
            "else:  # AEON: newer upstreams append the thinking budget\n"
            "    AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P, _ = BUILTIN_LOGITS_PROCESSORS\n",
            "    AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS",
        ),
    ),
    (
        "#20859 unpacked module list",
        "twin: a try/except ValueError",
        K(
            *BL,
            "vllm/aeon/r115bl5.py",
            BLI + "try:\n"
            "    AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS\n"
            "except ValueError:  # AEON: newer upstreams append more builtins\n"
            "    AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS[:3]\n",
            "    AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS",
        ),
    ),
    (
        "#20859 unpacked module list",
        "twin: a function-local list of the name",
        K(
            *BL,
            "vllm/aeon/r115bl6.py",
            "from vllm.v1.sample.logits_processor import BUILTIN_LOGITS_PROCESSORS\n"
            "from vllm.v1.sample.logits_processor.builtin import LogitBiasLogitsProcessor, MinPLogitsProcessor\n\n\n"
            "def aeon_draft_processors() -> list:\n"
            "    BUILTIN_LOGITS_PROCESSORS = [MinPLogitsProcessor, LogitBiasLogitsProcessor]  # AEON: the drafter's\n"
            "    min_p, bias = BUILTIN_LOGITS_PROCESSORS\n"
            "    return [min_p, bias]\n",
            "    min_p, bias = BUILTIN_LOGITS_PROCESSORS",
        ),
    ),
    (
        "#20859 unpacked module list",
        "twin: a class attribute of the name",
        K(
            *BL,
            "vllm/aeon/r115bl7.py",
            "from vllm.v1.sample.logits_processor.builtin import (\n"
            "    LogitBiasLogitsProcessor,\n    MinPLogitsProcessor,\n    MinTokensLogitsProcessor,\n)\n\n\n"
            "class AeonDraftProcessors:\n"
            "    BUILTIN_LOGITS_PROCESSORS = (MinTokensLogitsProcessor, LogitBiasLogitsProcessor, MinPLogitsProcessor)\n\n"
            "    def aeon_split(self) -> tuple:\n"
            "        a, b, c = self.BUILTIN_LOGITS_PROCESSORS\n"
            "        return c, a, b\n",
            "        a, b, c = self.BUILTIN_LOGITS_PROCESSORS",
        ),
    ),
]

# --- 30b9c67743 (#29121): RejectionSampler.parse_output's rows np.ndarray -> list[int] (a revert)
PO = ("#29121", "30b9c67743", "parse_output returns list[list[int]] instead of list[np.ndarray]")
PR = "import numpy as np\nimport torch\n\nfrom vllm.v1.sample.rejection_sampler import RejectionSampler\n\n\n"
CASES += [
    (
        "#29121 element made a list",
        "tolist() of each row",
        K(
            *PO,
            "vllm/aeon/r115po0.py",
            PR + "def aeon_accepted(ids: torch.Tensor, vocab_size: int) -> list[list[int]]:\n"
            "    return [row.tolist() for row in RejectionSampler.parse_output(ids, vocab_size)]\n",
            "    return [row.tolist() for row in RejectionSampler.parse_output(ids, vocab_size)]",
        ),
    ),
]
TWINS += [
    (
        "#29121 element made a list",
        "twin: tolist() under an isinstance test",
        K(
            *PO,
            "vllm/aeon/r115po1.py",
            PR + "def aeon_accepted(ids: torch.Tensor, vocab_size: int) -> list[list[int]]:\n"
            "    rows = RejectionSampler.parse_output(ids, vocab_size)\n"
            "    return [row.tolist() if isinstance(row, np.ndarray) else list(row) for row in rows]\n",
            "    return [row.tolist() if isinstance(row, np.ndarray) else list(row) for row in rows]",
        ),
    ),
    (
        "#29121 element made a list",
        "twin: np.asarray(row).tolist()",
        K(
            *PO,
            "vllm/aeon/r115po2.py",
            PR + "def aeon_accepted2(ids: torch.Tensor, vocab_size: int) -> list[list[int]]:\n"
            "    return [np.asarray(row).tolist() for row in RejectionSampler.parse_output(ids, vocab_size)]\n",
            "    return [np.asarray(row).tolist() for row in RejectionSampler.parse_output(ids, vocab_size)]",
        ),
    ),
    (
        "#29121 element made a list",
        "twin: the loop name rebound to an array before .size",
        K(
            *PO,
            "vllm/aeon/r115po3.py",
            PR + "def aeon_num_accepted(ids: torch.Tensor, vocab_size: int) -> int:\n"
            "    total = 0\n"
            "    for row in RejectionSampler.parse_output(ids, vocab_size):\n"
            "        row = np.asarray(row)  # AEON: either spelling of the rows\n"
            "        total += row.size\n"
            "    return total\n",
            "        total += row.size",
        ),
    ),
    (
        "#29121 element made a list",
        "twin: the fork's own override of parse_output still returning arrays",
        K(
            *PO,
            "vllm/aeon/r115po4.py",
            PR + "class AeonRejectionSampler(RejectionSampler):\n"
            "    @staticmethod\n"
            "    def parse_output(output_token_ids: torch.Tensor, vocab_size: int) -> list[np.ndarray]:\n"
            "        # AEON: the Spark's tuner keeps numpy rows\n"
            "        ids = output_token_ids.cpu().numpy()\n"
            "        return [row[(row >= 0) & (row < vocab_size)] for row in ids]\n\n"
            "    def aeon_num_accepted(self, ids: torch.Tensor, vocab_size: int) -> int:\n"
            "        return int(sum(row.size for row in self.parse_output(ids, vocab_size)))\n",
            "        return int(sum(row.size for row in self.parse_output(ids, vocab_size)))",
        ),
    ),
    (
        "#29121 element made a list",
        "twin: a comprehension of arrays made from the rows",
        K(
            *PO,
            "vllm/aeon/r115po5.py",
            PR + "def aeon_strip_eos(ids: torch.Tensor, vocab_size: int, eos: int):\n"
            "    arrays = [np.asarray(r) for r in RejectionSampler.parse_output(ids, vocab_size)]\n"
            "    return [a[a != eos] for a in arrays]\n",
            "    return [a[a != eos] for a in arrays]",
        ),
    ),
]

# --- ac86bff8cb (#28773): the first revert of the same change (ModelRunnerOutput.sampled_token_ids too)
RV = ("#28773", "ac86bff8cb", "ModelRunnerOutput.sampled_token_ids list[np.ndarray] -> list[list[int]]")
MRO = "import numpy as np\n\nfrom vllm.v1.outputs import ModelRunnerOutput\n\n\n"
CASES += [
    (
        "#28773 element made a list",
        "tolist() of each sampled row",
        K(
            *RV,
            "vllm/aeon/r115rv0.py",
            MRO + "def aeon_sampled(out: ModelRunnerOutput) -> list[list[int]]:\n"
            "    return [row.tolist() for row in out.sampled_token_ids]\n",
            "    return [row.tolist() for row in out.sampled_token_ids]",
        ),
    ),
]
TWINS += [
    (
        "#28773 element made a list",
        "twin: row.copy() (a list has it too)",
        K(
            *RV,
            "vllm/aeon/r115rv1.py",
            MRO + "def aeon_sampled(out: ModelRunnerOutput) -> list:\n"
            "    return [row.copy() for row in out.sampled_token_ids]\n",
            "    return [row.copy() for row in out.sampled_token_ids]",
        ),
    ),
    (
        "#28773 element made a list",
        "twin: a hasattr-guarded tolist()",
        K(
            *RV,
            "vllm/aeon/r115rv2.py",
            MRO + "def aeon_sampled2(out: ModelRunnerOutput) -> list[list[int]]:\n"
            "    return [row.tolist() if hasattr(row, 'tolist') else row for row in out.sampled_token_ids]\n",
            "    return [row.tolist() if hasattr(row, 'tolist') else row for row in out.sampled_token_ids]",
        ),
    ),
]

# --- fa63e710c7 (#12094): SamplerOutput.sampled_token_ids List[int] -> torch.Tensor
SO = ("#12094", "fa63e710c7", "SamplerOutput.sampled_token_ids turned into a tensor")
SOI = "import json\n\nimport torch\n\nfrom vllm.v1.outputs import SamplerOutput\n\n\n"
CASES += [
    (
        "#12094 array handed to json",
        "json.dumps of a display holding the field",
        K(
            *SO,
            "vllm/aeon/r115so0.py",
            SOI + "def aeon_trace(out: SamplerOutput) -> str:\n"
            '    return json.dumps({"sampled": out.sampled_token_ids})\n',
            '    return json.dumps({"sampled": out.sampled_token_ids})',
        ),
    ),
]
TWINS += [
    (
        "#12094 array handed to json",
        "twin: a default= hook converting arrays",
        K(
            *SO,
            "vllm/aeon/r115so1.py",
            SOI + "def aeon_trace(out: SamplerOutput) -> str:\n"
            "    # AEON: the trace encodes tensors as lists, whichever upstream hands\n"
            '    return json.dumps({"sampled": out.sampled_token_ids}, default=lambda t: t.tolist())\n',
            '    return json.dumps({"sampled": out.sampled_token_ids}, default=lambda t: t.tolist())',
        ),
    ),
    (
        "#12094 array handed to json",
        "twin: the fork's encoder class (cls=)",
        K(
            *SO,
            "vllm/aeon/r115so2.py",
            SOI + "class AeonTensorEncoder(json.JSONEncoder):\n"
            "    def default(self, o):\n"
            "        return o.tolist() if isinstance(o, torch.Tensor) else super().default(o)\n\n\n"
            "def aeon_trace(out: SamplerOutput, fh) -> None:\n"
            '    json.dump({"sampled": out.sampled_token_ids}, fh, cls=AeonTensorEncoder)\n',
            '    json.dump({"sampled": out.sampled_token_ids}, fh, cls=AeonTensorEncoder)',
        ),
    ),
    (
        "#12094 array handed to json",
        "twin: .tolist() handed",
        K(
            *SO,
            "vllm/aeon/r115so3.py",
            SOI + "def aeon_trace(out: SamplerOutput) -> str:\n"
            '    return json.dumps({"sampled": out.sampled_token_ids.tolist()})\n',
            '    return json.dumps({"sampled": out.sampled_token_ids.tolist()})',
        ),
    ),
    (
        "#12094 array handed to json",
        "twin: the field handed under an isinstance test of the list",
        K(
            *SO,
            "vllm/aeon/r115so4.py",
            SOI + "def aeon_trace(out: SamplerOutput) -> str:\n"
            "    if isinstance(out.sampled_token_ids, torch.Tensor):\n"
            '        return json.dumps({"sampled": out.sampled_token_ids.tolist()})\n'
            '    return json.dumps({"sampled": out.sampled_token_ids})\n',
            '    return json.dumps({"sampled": out.sampled_token_ids})',
        ),
    ),
    (
        "#12094 array handed to json",
        "twin: the count read off it",
        K(
            *SO,
            "vllm/aeon/r115so5.py",
            SOI + "def aeon_trace(out: SamplerOutput) -> str:\n"
            '    return json.dumps({"n": len(out.sampled_token_ids)})\n',
            '    return json.dumps({"n": len(out.sampled_token_ids)})',
        ),
    ),
    (
        "#12094 array handed to json",
        "twin: an unchanged list field of the same commit",
        K(
            *SO,
            "vllm/aeon/r115so6.py",
            "import json\n\nfrom vllm.v1.outputs import ModelRunnerOutput\n\n\n"
            "def aeon_trace(out: ModelRunnerOutput) -> str:\n"
            '    return json.dumps({"reqs": out.req_ids})\n',
            '    return json.dumps({"reqs": out.req_ids})',
        ),
    ),
]


# --- Round 3, written after the mends: what the mends must still catch, and the gate read through a wrapper
CASES += [
    (
        "#15478 mutated argument",
        "a keyword top-k-only call (the None tests hold), the logits read after",
        K(
            *TK,
            "vllm/aeon/r115tk4.py",
            TKI + "def aeon_masked_and_raw3(logits: torch.Tensor, k: torch.Tensor):\n"
            "    masked = apply_top_k_top_p(logits, k=k, p=None)\n"
            "    return masked, logits.softmax(dim=-1)\n",
            "    masked = apply_top_k_top_p(logits, k=k, p=None)",
        ),
    ),
    (
        "#15478 mutated argument",
        "a subclass's super().forward_native() with k and p handed on, the logits read after",
        K(
            *TK,
            "vllm/aeon/r115tk5.py",
            "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import TopKTopPSampler\n\n\n"
            "class AeonTopKTopPSampler(TopKTopPSampler):\n"
            "    def forward_native(self, logits, generators, k, p):\n"
            "        sampled = super().forward_native(logits, generators, k, p)\n"
            "        self.aeon_raw = logits.softmax(dim=-1)\n"
            "        return sampled\n",
            "        sampled = super().forward_native(logits, generators, k, p)",
        ),
    ),
    (
        "#15427 mutated argument",
        "the call in an if without an else, the logits read after it",
        K(
            *CP,
            "vllm/aeon/r115cp7.py",
            CPI + "def aeon_target3(target_logits: torch.Tensor, cu: torch.Tensor, md: SamplingMetadata, log: bool):\n"
            "    probs = None\n"
            "    if not md.all_greedy:\n"
            "        probs = compute_probs(target_logits, cu, md)\n"
            "    return probs, target_logits.log_softmax(dim=-1)\n",
            "        probs = compute_probs(target_logits, cu, md)",
        ),
    ),
    (
        "#20859 unpacked module list",
        "a three-name unpacking in a try catching ImportError",
        K(
            *BL,
            "vllm/aeon/r115bl8.py",
            BLI + "try:\n"
            "    AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS\n"
            "except ImportError:\n"
            "    AEON_MIN_P = None\n",
            "    AEON_MIN_TOKENS, AEON_LOGIT_BIAS, AEON_MIN_P = BUILTIN_LOGITS_PROCESSORS",
        ),
    ),
    (
        "#12094 array handed to json",
        "json.dumps with indent= (no encoding hook)",
        K(
            *SO,
            "vllm/aeon/r115so7.py",
            SOI + "def aeon_trace(out: SamplerOutput) -> str:\n"
            '    return json.dumps({"sampled": out.sampled_token_ids}, indent=2)\n',
            '    return json.dumps({"sampled": out.sampled_token_ids}, indent=2)',
        ),
    ),
]
TWINS += [
    (
        "#15478 mutated argument",
        "twin: a subclass's super().forward_native() top-p only (k=None, read through the wrapper)",
        K(
            *TK,
            "vllm/aeon/r115tk6.py",
            "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import TopKTopPSampler\n\n\n"
            "class AeonNucleusSampler(TopKTopPSampler):\n"
            "    def aeon_sample(self, logits, generators, p):\n"
            "        sampled = super().forward_native(logits, generators, None, p)\n"
            "        self.aeon_raw = logits.softmax(dim=-1)\n"
            "        return sampled\n",
            "        sampled = super().forward_native(logits, generators, None, p)",
        ),
    ),
    (
        "#19041 mutated argument",
        "twin: apply_logits_bias through a sampler instance, the logits read after",
        K(
            *LB,
            "vllm/aeon/r115lb2.py",
            SI + "def aeon_biased_peak(sampler: Sampler, logits: torch.Tensor, md: SamplingMetadata):\n"
            "    out = sampler.apply_logits_bias(logits, md)\n"
            "    return out, logits.amax(dim=-1)\n",
            "    out = sampler.apply_logits_bias(logits, md)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review115-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
