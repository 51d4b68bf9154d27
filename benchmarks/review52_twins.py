"""Adversarial twins of the killers145 widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the new classes catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- grown tuples (``drift/grown_tuples.py``: a NamedTuple given another field count, unpacked by the old count),
  on #33391 (876a16f4fb, ``LogprobsTensors`` 3 -> 4 fields), #26060 (6644796bf4, ``LogprobsLists`` 3 -> 4),
  #25233 (4ccffe561f, ``gpu_model_runner.ExecuteModelState`` 8 -> 9) and #11187 (bf8717ebae,
  ``BlockHashType`` 2 -> 3): the fork's own NamedTuple of the name in a module of its own (a copy of the old
  class), a shape test before the unpack (an early return on ``len``), a ``hasattr`` test of the new field, a
  test of the class's ``_fields``, a parameter the fork rebinds to its own slice, the unpack under a ``try``
  catching ValueError or a ``suppress(ValueError)``, the new count, a slice, a star, a subclass's own
  override of the typed method, a dict's ``.items()`` pairs, a tuple display of fields read by name, a class
  that only looks alike (``LogprobsLists``, not grown by #33391);
- handed back's copy shape (``drift/handed_back.py``: #42739, d19db10974, ``apply_top_k_top_p_triton`` copies a
  non-contiguous ``logits`` before writing): the fork's own function of the name, a warm-up call whose argument
  nothing reads after, a fork method of the name on ``self``, the result rebound;
- nulled attributes' lazy shape (``drift/nulled_attributes.py``: #44823, 82a42234be, ``TopKTopPSampler.aiter_ops``
  None until ``_init_aiter_ops``): the subclass calling the builder first, setting the attribute in its own
  ``__init__``, testing it for None, reading it through ``getattr(..., None)``.

Every error on a twin's line is a false one (a warning is counted apart: the last two classes only warn).  The
CASES are true catches of the same commits, kept to show the reach stays.

Round 1, main's engine (e8741c8e), 6 cases and 25 twins: 5 caught, 1 warned of 6 (the warning is handed
back's, by design: #42739 copies under an ``if``); 8 false errors of 25, all grown tuples': the fork's own
NamedTuple of the name in a module of its own (3: ``LogprobsTensors``, ``LogprobsLists``, ``ExecuteModelState``;
the grown class was matched by name only), an early return on the tuple's length before the unpack (2: #33391,
#11187), a ``hasattr`` test of the new field (1), a test of the class's ``_fields`` (1), a parameter the fork
rebinds to its own slice before the unpack (1: the parameter's annotation was read as the value's type).
Handed back's and nulled attributes' twins: quiet (8 of 8).
Round 2 (more of the fork's ways to choose by release; #45104, e0871ad225, harmony's ``Segment`` 5 -> 4 fields: a
case and 2 twins): a version check around the old unpack (warned only: a version-gated line), ``isinstance`` and
``len`` with the old unpack in the ``else``, a local rebound to the fork's own display, the new count, a list of
the fork's own five-tuples: quiet; a module flag bound to a test of the class's ``_fields``: a false error.
All rounds, main's engine (e8741c8e): 6 caught, 1 warned of 7 cases; 9 false errors of 31 twins (1 warned).
This branch (revBQ): 6 caught, 1 warned of 7; 0 false errors of 31 (1 warned: the version check).  The mends, all
in ``drift/grown_tuples.py``: the grown class counts only through its own module or a re-export of it (not a
fork module's namesake); an ``if`` above the unpack that leaves and tests the value's ``len``, a ``hasattr`` of
the value or of a class, a ``_fields`` read, or a name the file binds to such a test, chooses the unpack; a
name the function binds again itself is no longer typed by its annotation.  Beside them, handed back's copy
shape now reads what the rebinding does (a view: no copy; ``contiguous``/``to``/``float``/``reshape``: a copy on
some inputs only, a warning; ``clone``: on every call, the error), a theory no real commit since 2024-06 tests
(only #42739 rebinds a handed-back parameter before writing it, under an ``if``).

  PYTHONPATH=.. python review52_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []


def K2(pr: str, sha: str, what: str, lib: str, lib_text: str, path: str, text: str, line: str) -> Killer:  # noqa: N802
    """A carry of two fork files: a module of the fork's own (``lib``) and the file whose ``line`` is judged."""
    return Killer(pr, sha, what, (Edit(lib, lib_text), Edit(path, text)), ((path, line),))


# --- 876a16f4fb (#33391): LogprobsTensors (a NamedTuple of three tensors) gains cu_num_generated_tokens
LT = ("#33391", "876a16f4fb", "LogprobsTensors gains a fourth field")
OUTS = "import torch\n\nfrom vllm.v1.outputs import LogprobsTensors, SamplerOutput\n\n\n"
OWN_LT = (
    "from typing import NamedTuple\n\nimport torch\n\n\n"
    "class LogprobsTensors(NamedTuple):  # AEON: the Spark's host-side copy, three tensors for good\n"
    "    logprob_token_ids: torch.Tensor\n"
    "    logprobs: torch.Tensor\n"
    "    selected_token_ranks: torch.Tensor\n"
)
CASES += [
    (
        "#33391 tuple widened",
        "a loop over a list of them",
        K(
            *LT,
            "vllm/aeon/r52lt0.py",
            OUTS + "def aeon_best(chunks: list[LogprobsTensors]) -> list[float]:\n"
            "    best = []\n"
            "    for token_ids, logprobs, ranks in chunks:\n"
            "        best.append(float(logprobs[0, 0]))\n"
            "    return best\n",
            "    for token_ids, logprobs, ranks in chunks:",
        ),
    ),
    (
        "#33391 tuple widened",
        "a subclass's self. call of the typed static method",
        K(
            *LT,
            "vllm/aeon/r52lt1.py",
            "import torch\n\nfrom vllm.v1.sample.sampler import Sampler\n\n\n"
            "class AeonSampler(Sampler):\n"
            "    def aeon_ranks(self, logprobs: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:\n"
            "        ids, lps, ranks = self.gather_logprobs(logprobs, 1, token_ids)\n"
            "        return ranks\n",
            "        ids, lps, ranks = self.gather_logprobs(logprobs, 1, token_ids)",
        ),
    ),
]
TWINS += [
    (
        "#33391 tuple widened",
        "twin: the fork's own NamedTuple of the name, in a module of its own",
        K2(
            *LT,
            "vllm/aeon/r52lt_types.py",
            OWN_LT,
            "vllm/aeon/r52lt2.py",
            "from vllm.aeon.r52lt_types import LogprobsTensors\n\n\n"
            "def aeon_top(tensors: LogprobsTensors) -> float:\n"
            "    token_ids, logprobs, ranks = tensors\n"
            "    return float(logprobs[0, 0])\n",
            "    token_ids, logprobs, ranks = tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: an early return on the tuple's length first",
        K(
            *LT,
            "vllm/aeon/r52lt3.py",
            OUTS + "def aeon_top(tensors: LogprobsTensors) -> float:\n"
            "    if len(tensors) != 3:  # AEON: newer upstreams carry cu_num_generated_tokens\n"
            "        return float(tensors.logprobs[0, 0])\n"
            "    token_ids, logprobs, ranks = tensors\n"
            "    return float(logprobs[0, 0])\n",
            "    token_ids, logprobs, ranks = tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: a hasattr test of the new field",
        K(
            *LT,
            "vllm/aeon/r52lt4.py",
            OUTS + "def aeon_top(tensors: LogprobsTensors) -> float:\n"
            '    if hasattr(tensors, "cu_num_generated_tokens"):\n'
            "        token_ids, logprobs, ranks, _ = tensors\n"
            "    else:\n"
            "        token_ids, logprobs, ranks = tensors\n"
            "    return float(logprobs[0, 0])\n",
            "        token_ids, logprobs, ranks = tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: a test of the class's _fields",
        K(
            *LT,
            "vllm/aeon/r52lt5.py",
            OUTS + "def aeon_top(tensors: LogprobsTensors) -> float:\n"
            "    if len(LogprobsTensors._fields) == 3:\n"
            "        token_ids, logprobs, ranks = tensors\n"
            "    else:\n"
            "        token_ids, logprobs, ranks, _ = tensors\n"
            "    return float(logprobs[0, 0])\n",
            "        token_ids, logprobs, ranks = tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: the parameter rebound to the fork's own slice",
        K(
            *LT,
            "vllm/aeon/r52lt6.py",
            OUTS + "def aeon_top(tensors: LogprobsTensors) -> float:\n"
            "    tensors = tensors[:3]  # AEON: the three tensors the Spark's detokenizer reads\n"
            "    token_ids, logprobs, ranks = tensors\n"
            "    return float(logprobs[0, 0])\n",
            "    token_ids, logprobs, ranks = tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: the unpack in a try catching ValueError",
        K(
            *LT,
            "vllm/aeon/r52lt7.py",
            OUTS + "def aeon_top(output: SamplerOutput) -> float | None:\n"
            "    try:\n"
            "        token_ids, logprobs, ranks = output.logprobs_tensors\n"
            "    except ValueError:\n"
            "        token_ids, logprobs, ranks, _ = output.logprobs_tensors\n"
            "    return float(logprobs[0, 0])\n",
            "        token_ids, logprobs, ranks = output.logprobs_tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: the new count",
        K(
            *LT,
            "vllm/aeon/r52lt8.py",
            OUTS + "def aeon_top(output: SamplerOutput) -> float:\n"
            "    token_ids, logprobs, ranks, cu_num_generated_tokens = output.logprobs_tensors\n"
            "    return float(logprobs[0, 0])\n",
            "    token_ids, logprobs, ranks, cu_num_generated_tokens = output.logprobs_tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: a slice of the first three",
        K(
            *LT,
            "vllm/aeon/r52lt9.py",
            OUTS + "def aeon_top(output: SamplerOutput) -> float:\n"
            "    token_ids, logprobs, ranks = output.logprobs_tensors[:3]\n"
            "    return float(logprobs[0, 0])\n",
            "    token_ids, logprobs, ranks = output.logprobs_tensors[:3]",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: a subclass's own override of the typed method, returning its own three",
        K(
            *LT,
            "vllm/aeon/r52lt10.py",
            "import torch\n\nfrom vllm.v1.sample.sampler import Sampler\n\n\n"
            "class AeonSampler(Sampler):\n"
            "    @staticmethod\n"
            "    def gather_logprobs(\n"
            "        logprobs: torch.Tensor, num_logprobs: int, token_ids: torch.Tensor\n"
            "    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:\n"
            "        return token_ids, logprobs, token_ids  # AEON: no top-k gather on the canary\n\n"
            "    def aeon_ranks(self, logprobs: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:\n"
            "        ids, lps, ranks = self.gather_logprobs(logprobs, 1, token_ids)\n"
            "        return ranks\n",
            "        ids, lps, ranks = self.gather_logprobs(logprobs, 1, token_ids)",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: a suppress(ValueError) around it",
        K(
            *LT,
            "vllm/aeon/r52lt11.py",
            "import contextlib\n\n" + OUTS + "def aeon_top(tensors: LogprobsTensors) -> float | None:\n"
            "    with contextlib.suppress(ValueError):\n"
            "        token_ids, logprobs, ranks = tensors\n"
            "        return float(logprobs[0, 0])\n"
            "    return None\n",
            "        token_ids, logprobs, ranks = tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: LogprobsLists, which only looks alike (four fields already)",
        K(
            *LT,
            "vllm/aeon/r52lt12.py",
            "from vllm.v1.outputs import LogprobsLists\n\n\n"
            "def aeon_top(lists: LogprobsLists) -> float:\n"
            "    token_ids, logprobs, ranks, cu = lists\n"
            "    return logprobs[0][0]\n",
            "    token_ids, logprobs, ranks, cu = lists",
        ),
    ),
]

# --- 6644796bf4 (#26060): LogprobsLists gains cu_num_generated_tokens
LL = ("#26060", "6644796bf4", "LogprobsLists gains a fourth field")
CASES += [
    (
        "#26060 tuple widened",
        "an unpacking of a typed receiver's field",
        K(
            *LL,
            "vllm/aeon/r52ll0.py",
            "from vllm.v1.outputs import ModelRunnerOutput\n\n\n"
            "def aeon_first(output: ModelRunnerOutput) -> float | None:\n"
            "    if output.logprobs is None:\n"
            "        return None\n"
            "    token_ids, logprobs, ranks = output.logprobs\n"
            "    return logprobs[0][0]\n",
            "    token_ids, logprobs, ranks = output.logprobs",
        ),
    ),
]
TWINS += [
    (
        "#26060 tuple widened",
        "twin: a loop over the fork's own LogprobsLists of the name",
        K2(
            *LL,
            "vllm/aeon/r52ll_types.py",
            "from typing import NamedTuple\n\n\n"
            "class LogprobsLists(NamedTuple):  # AEON: the detokenizer's own three lists\n"
            "    logprob_token_ids: list[list[int]]\n"
            "    logprobs: list[list[float]]\n"
            "    sampled_token_ranks: list[int]\n",
            "vllm/aeon/r52ll1.py",
            "from vllm.aeon.r52ll_types import LogprobsLists\n\n\n"
            "def aeon_firsts(batches: list[LogprobsLists]) -> list[float]:\n"
            "    firsts = []\n"
            "    for token_ids, logprobs, ranks in batches:\n"
            "        firsts.append(logprobs[0][0])\n"
            "    return firsts\n",
            "    for token_ids, logprobs, ranks in batches:",
        ),
    ),
    (
        "#26060 tuple widened",
        "twin: a tuple display of the fields read by name",
        K(
            *LL,
            "vllm/aeon/r52ll2.py",
            "from vllm.v1.outputs import LogprobsLists\n\n\n"
            "def aeon_first(lists: LogprobsLists) -> float:\n"
            "    token_ids, logprobs, ranks = lists.logprob_token_ids, lists.logprobs, lists.sampled_token_ranks\n"
            "    return logprobs[0][0]\n",
            "    token_ids, logprobs, ranks = lists.logprob_token_ids, lists.logprobs, lists.sampled_token_ranks",
        ),
    ),
]

# --- 4ccffe561f (#25233): gpu_model_runner.ExecuteModelState gains ec_connector_output (8 -> 9 fields)
EM = ("#25233", "4ccffe561f", "ExecuteModelState gains a ninth field")
EMS_NAMES = (
    "scheduler_output, logits, spec_decode_metadata, spec_decode_common_attn_metadata, hidden_states, "
    "sample_hidden_states, aux_hidden_states, kv_connector_output"
)
CASES += [
    (
        "#25233 tuple widened",
        "an unpacking of a typed parameter",
        K(
            *EM,
            "vllm/aeon/r52em0.py",
            "from vllm.v1.worker.gpu_model_runner import ExecuteModelState\n\n\n"
            "def aeon_logits(state: ExecuteModelState):\n"
            f"    ({EMS_NAMES}) = state\n"
            "    return logits\n",
            f"    ({EMS_NAMES}) = state",
        ),
    ),
]
TWINS += [
    (
        "#25233 tuple widened",
        "twin: the fork's own copy of the old class, in its own runner module",
        K2(
            *EM,
            "vllm/aeon/r52em_state.py",
            "from typing import Any, NamedTuple\n\n\n"
            "class ExecuteModelState(NamedTuple):  # AEON: the Spark runner's own state, kept at eight\n"
            "    scheduler_output: Any\n"
            "    logits: Any\n"
            "    spec_decode_metadata: Any\n"
            "    spec_decode_common_attn_metadata: Any\n"
            "    hidden_states: Any\n"
            "    sample_hidden_states: Any\n"
            "    aux_hidden_states: Any\n"
            "    kv_connector_output: Any\n",
            "vllm/aeon/r52em1.py",
            "from vllm.aeon.r52em_state import ExecuteModelState\n\n\n"
            "def aeon_logits(state: ExecuteModelState):\n"
            f"    ({EMS_NAMES}) = state\n"
            "    return logits\n",
            f"    ({EMS_NAMES}) = state",
        ),
    ),
    (
        "#25233 tuple widened",
        "twin: a starred unpack of the tail",
        K(
            *EM,
            "vllm/aeon/r52em2.py",
            "from vllm.v1.worker.gpu_model_runner import ExecuteModelState\n\n\n"
            "def aeon_logits(state: ExecuteModelState):\n"
            "    scheduler_output, logits, *rest = state\n"
            "    return logits\n",
            "    scheduler_output, logits, *rest = state",
        ),
    ),
]

# --- bf8717ebae (#11187): BlockHashType gains extra_keys (2 -> 3 fields)
BH = ("#11187", "bf8717ebae", "BlockHashType gains extra_keys")
CASES += [
    (
        "#11187 tuple widened",
        "an unpacking of a typed parameter",
        K(
            *BH,
            "vllm/aeon/r52bh0.py",
            "from vllm.v1.core.kv_cache_utils import BlockHashType\n\n\n"
            "def aeon_hash_value(block_hash: BlockHashType) -> int:\n"
            "    hash_value, token_ids = block_hash\n"
            "    return hash_value\n",
            "    hash_value, token_ids = block_hash",
        ),
    ),
]
TWINS += [
    (
        "#11187 tuple widened",
        "twin: a dict's (key, value) pairs keyed by the tuple",
        K(
            *BH,
            "vllm/aeon/r52bh1.py",
            "from vllm.v1.core.kv_cache_utils import BlockHashType, KVCacheBlock\n\n\n"
            "def aeon_hashes(cached: dict[BlockHashType, dict[int, KVCacheBlock]]) -> list[int]:\n"
            "    found = []\n"
            "    for block_hash, blocks in cached.items():\n"
            "        found.append(block_hash.hash_value)\n"
            "    return found\n",
            "    for block_hash, blocks in cached.items():",
        ),
    ),
    (
        "#11187 tuple widened",
        "twin: an early return on the length before the unpack",
        K(
            *BH,
            "vllm/aeon/r52bh2.py",
            "from vllm.v1.core.kv_cache_utils import BlockHashType\n\n\n"
            "def aeon_hash_value(block_hash: BlockHashType) -> int:\n"
            "    if len(block_hash) > 2:\n"
            "        return block_hash.hash_value\n"
            "    hash_value, token_ids = block_hash\n"
            "    return hash_value\n",
            "    hash_value, token_ids = block_hash",
        ),
    ),
]

# --- d19db10974 (#42739): apply_top_k_top_p_triton copies a non-contiguous logits before writing it
TT = ("#42739", "d19db10974", "apply_top_k_top_p_triton may return a copy")
TRI = "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_triton import apply_top_k_top_p_triton\n\n\n"
CASES += [
    (
        "#42739 result no longer in place",
        "a dropped call off the module",
        K(
            *TT,
            "vllm/aeon/r52tt0.py",
            "import torch\n\nfrom vllm.v1.sample.ops import topk_topp_triton as tt\n\n\n"
            "def aeon_mask(logits: torch.Tensor, k: torch.Tensor) -> torch.Tensor:\n"
            "    tt.apply_top_k_top_p_triton(logits, k, None)\n"
            "    return logits\n",
            "    tt.apply_top_k_top_p_triton(logits, k, None)",
        ),
    ),
]
TWINS += [
    (
        "#42739 result no longer in place",
        "twin: the fork's own function of the name",
        K(
            *TT,
            "vllm/aeon/r52tt1.py",
            "import torch\n\n\n"
            "def apply_top_k_top_p_triton(logits: torch.Tensor, k: torch.Tensor, p: torch.Tensor | None) -> None:\n"
            "    logits.masked_fill_(logits < logits.topk(int(k.max())).values[:, -1:], float('-inf'))\n\n\n"
            "def aeon_mask(logits: torch.Tensor, k: torch.Tensor) -> torch.Tensor:\n"
            "    apply_top_k_top_p_triton(logits, k, None)\n"
            "    return logits\n",
            "    apply_top_k_top_p_triton(logits, k, None)",
        ),
    ),
    (
        "#42739 result no longer in place",
        "twin: a warm-up call whose argument nothing reads after",
        K(
            *TT,
            "vllm/aeon/r52tt2.py",
            TRI + "def aeon_warm_up(batch: int, vocab: int) -> None:\n"
            "    dummy = torch.zeros(batch, vocab, dtype=torch.float32)\n"
            "    apply_top_k_top_p_triton(dummy, torch.ones(batch, dtype=torch.int32), None)  # AEON: autotune\n",
            "    apply_top_k_top_p_triton(dummy, torch.ones(batch, dtype=torch.int32), None)  # AEON: autotune",
        ),
    ),
    (
        "#42739 result no longer in place",
        "twin: a fork method of the name on self",
        K(
            *TT,
            "vllm/aeon/r52tt3.py",
            TRI + "class AeonMasker:\n"
            "    def apply_top_k_top_p_triton(self, logits: torch.Tensor, k: torch.Tensor) -> None:\n"
            "        logits.copy_(apply_top_k_top_p_triton(logits, k, None))\n\n"
            "    def aeon_mask(self, logits: torch.Tensor, k: torch.Tensor) -> torch.Tensor:\n"
            "        self.apply_top_k_top_p_triton(logits, k)\n"
            "        return logits\n",
            "        self.apply_top_k_top_p_triton(logits, k)",
        ),
    ),
    (
        "#42739 result no longer in place",
        "twin: the result copied back into the fork's buffer",
        K(
            *TT,
            "vllm/aeon/r52tt4.py",
            TRI + "def aeon_mask(logits: torch.Tensor, k: torch.Tensor) -> torch.Tensor:\n"
            "    logits.copy_(apply_top_k_top_p_triton(logits, k, None))  # AEON: the padded view stays the buffer\n"
            "    return logits\n",
            "    logits.copy_(apply_top_k_top_p_triton(logits, k, None))  # AEON: the padded view stays the buffer",
        ),
    ),
]

# --- 82a42234be (#44823): TopKTopPSampler.aiter_ops is None until _init_aiter_ops runs
AO = ("#44823", "82a42234be", "TopKTopPSampler.aiter_ops lazily set (None after __init__)")
TKS = "import torch\n\nfrom vllm.v1.sample.ops.topk_topp_sampler import TopKTopPSampler\n\n\n"
TOP_P = "self.aiter_ops.top_p_sampling_from_probs(probs, None, p, 0.0, deterministic=True)"
TWINS += [
    (
        "#44823 attribute left None",
        "twin: the builder called first",
        K(
            *AO,
            "vllm/aeon/r52ao1.py",
            TKS + "class AeonRocmSampler(TopKTopPSampler):\n"
            "    def aeon_top_p(self, probs: torch.Tensor, p: torch.Tensor) -> torch.Tensor:\n"
            "        self._init_aiter_ops()\n"
            f"        return {TOP_P}\n",
            f"        return {TOP_P}",
        ),
    ),
    (
        "#44823 attribute left None",
        "twin: the subclass sets it in its own __init__",
        K(
            *AO,
            "vllm/aeon/r52ao2.py",
            TKS + "class AeonRocmSampler(TopKTopPSampler):\n"
            "    def __init__(self, logprobs_mode) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(logprobs_mode)\n"
            "        import aiter.ops.sampling  # noqa: F401\n\n"
            "        self.aiter_ops = torch.ops.aiter  # AEON: the MI300 canary always has aiter\n\n"
            "    def aeon_top_p(self, probs: torch.Tensor, p: torch.Tensor) -> torch.Tensor:\n"
            f"        return {TOP_P}\n",
            f"        return {TOP_P}",
        ),
    ),
    (
        "#44823 attribute left None",
        "twin: a test for None first",
        K(
            *AO,
            "vllm/aeon/r52ao3.py",
            TKS + "class AeonRocmSampler(TopKTopPSampler):\n"
            "    def aeon_top_p(self, probs: torch.Tensor, p: torch.Tensor) -> torch.Tensor | None:\n"
            "        if self.aiter_ops is None:\n"
            "            return None\n"
            f"        return {TOP_P}\n",
            f"        return {TOP_P}",
        ),
    ),
    (
        "#44823 attribute left None",
        "twin: read through getattr(..., None) and tested",
        K(
            *AO,
            "vllm/aeon/r52ao4.py",
            TKS + "class AeonRocmSampler(TopKTopPSampler):\n"
            "    def aeon_top_p(self, probs: torch.Tensor, p: torch.Tensor) -> torch.Tensor | None:\n"
            '        ops = getattr(self, "aiter_ops", None)\n'
            "        if ops is None:\n"
            "            return None\n"
            "        return ops.top_p_sampling_from_probs(probs, None, p, 0.0, deterministic=True)\n",
            "        return ops.top_p_sampling_from_probs(probs, None, p, 0.0, deterministic=True)",
        ),
    ),
]


# --- round 2: more of the fork's ways to choose by release, and #45104 (e0871ad225, harmony's Segment 5 -> 4)
TWINS += [
    (
        "#33391 tuple widened",
        "twin: a version check around the old unpack",
        K(
            *LT,
            "vllm/aeon/r52lt13.py",
            "from packaging.version import Version\n\nimport vllm\n"
            + OUTS.replace("import torch\n\n", "", 1)
            + "def aeon_top(tensors: LogprobsTensors) -> float:\n"
            '    if Version(vllm.__version__) < Version("0.16"):\n'
            "        token_ids, logprobs, ranks = tensors\n"
            "    else:\n"
            "        token_ids, logprobs, ranks, _ = tensors\n"
            "    return float(logprobs[0, 0])\n",
            "        token_ids, logprobs, ranks = tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: a module flag read off the class's _fields",
        K(
            *LT,
            "vllm/aeon/r52lt14.py",
            OUTS + '_HAS_CU = "cu_num_generated_tokens" in LogprobsTensors._fields\n\n\n'
            "def aeon_top(tensors: LogprobsTensors) -> float:\n"
            "    if _HAS_CU:\n"
            "        token_ids, logprobs, ranks, _ = tensors\n"
            "    else:\n"
            "        token_ids, logprobs, ranks = tensors\n"
            "    return float(logprobs[0, 0])\n",
            "        token_ids, logprobs, ranks = tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: an isinstance and len test, the old unpack in its else",
        K(
            *LT,
            "vllm/aeon/r52lt15.py",
            OUTS + "def aeon_top(tensors: LogprobsTensors) -> float:\n"
            "    if isinstance(tensors, tuple) and len(tensors) == 4:\n"
            "        token_ids, logprobs, ranks, _ = tensors\n"
            "    else:\n"
            "        token_ids, logprobs, ranks = tensors\n"
            "    return float(logprobs[0, 0])\n",
            "        token_ids, logprobs, ranks = tensors",
        ),
    ),
    (
        "#33391 tuple widened",
        "twin: a local bound to the fork's own three-tuple display",
        K(
            *LT,
            "vllm/aeon/r52lt16.py",
            OUTS + "def aeon_top(output: SamplerOutput) -> float:\n"
            "    t = output.logprobs_tensors\n"
            "    t = (t.logprob_token_ids, t.logprobs, t.selected_token_ranks)\n"
            "    token_ids, logprobs, ranks = t\n"
            "    return float(logprobs[0, 0])\n",
            "    token_ids, logprobs, ranks = t",
        ),
    ),
]
SEG = ("#45104", "e0871ad225", "harmony Segment loses is_boundary (5 -> 4 fields)")
HARMONY = "from vllm.parser.harmony import ChunkResult, Segment\n\n\n"
CASES += [
    (
        "#45104 tuple shrunk",
        "a loop over a typed field's list by the old count",
        K(
            *SEG,
            "vllm/aeon/r52sg0.py",
            HARMONY + "def aeon_deltas(result: ChunkResult) -> list[str]:\n"
            "    deltas = []\n"
            "    for channel, recipient, delta, is_boundary, message in result.segments:\n"
            "        deltas.append(delta)\n"
            "    return deltas\n",
            "    for channel, recipient, delta, is_boundary, message in result.segments:",
        ),
    ),
]
TWINS += [
    (
        "#45104 tuple shrunk",
        "twin: the loop by the new count",
        K(
            *SEG,
            "vllm/aeon/r52sg1.py",
            HARMONY + "def aeon_deltas(result: ChunkResult) -> list[str]:\n"
            "    deltas = []\n"
            "    for channel, recipient, delta, message in result.segments:\n"
            "        deltas.append(delta)\n"
            "    return deltas\n",
            "    for channel, recipient, delta, message in result.segments:",
        ),
    ),
    (
        "#45104 tuple shrunk",
        "twin: the fork's own list of five-tuples it builds from the segments",
        K(
            *SEG,
            "vllm/aeon/r52sg2.py",
            HARMONY + "def aeon_deltas(result: ChunkResult) -> list[str]:\n"
            "    rows: list[tuple[str | None, str | None, str, bool, object]] = [\n"
            "        (s.channel, s.recipient, s.delta, False, s.completed_message) for s in result.segments\n"
            "    ]\n"
            "    deltas = []\n"
            "    for channel, recipient, delta, is_boundary, message in rows:\n"
            "        deltas.append(delta)\n"
            "    return deltas\n",
            "    for channel, recipient, delta, is_boundary, message in rows:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review52-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
