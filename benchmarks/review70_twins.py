"""Adversarial twins of killers157's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened classes catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- return drift through the fork's own wrapper (#14568 ``fused_topk`` pairs -> triples, 3e887d2e0c): the new
  three-name unpack of the wrapper, a starred unpack, a wrapper that slices or adapts the tuple itself, a wrapper
  over the fork's own namesake of the callee, a local helper of the wrapper's name shadowing the module's, a
  wrapper rebound to the fork's shim under a version check, a method of another receiver that only looks alike,
  a method of the class and a module function of one name;
- enum drift's integral float value (#30623 ``RoutingMethodType.Unspecified`` ``6.0`` -> ``8.0``, 327a02d8db):
  the member by name, the fork's own int enum of the name, a literal of another parameter, the new value under a
  version probe, the old value in the ``except ValueError`` of a try of the new one, a float compare on a plain
  float;
- nulled setups' constructor that ends with ``self.X = None`` (#27220 ``FusedMoE.batched_hidden_states``,
  9ef3d5b875; #42922 ``Worker.weight_transfer_engine``, 3cb83c9592): the builder called first (as a method, or
  on the class handed ``self``), the fork's own store, a ``getattr``, a None test, an ``assert``, a ``try``, a
  callback, the use moved to an override of the builder or of ``load_model``;
- nulled attributes' opt-in as statements under an old flag (#41055 ``FusedMoE.eplb_state``, d9b4990783): the
  subclass handing ``enable_eplb=True`` or ``**kwargs`` on, a None test, the fork's own store.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the same
commits, kept to show the reach stays.

Main's engine (743ff68e, killers157 merged), round 1 (5 cases, 29 twins): 5 caught of 5; 4 false errors of 29:
return drift through a wrapper whose name a nested helper of the calling function shadows, and through one the
module rebinds to the fork's pair shim under a version probe; enum drift on ``kind == 6`` typed as the fork's own
``RoutingMethodType`` defined in the file, and on ``RoutingMethodType(6)`` in the ``except ValueError`` of a try of
``RoutingMethodType(8)``.  (On ecca8e89, before killers157: 0 caught, 1 warned of 5, 0 false errors: every false
error is the widenings'.)  Nulled setups' 10 twins and nulled attributes' 3 (warnings only, by design) were quiet.
Round 2 (1 case, 9 twins): the wrapper under ``@torch.no_grad()`` caught; 3 false errors: a wrapper decorated by the
fork's own adapter of the tuple, the fork's own enum imported from a module it added, and a test of the old
numbering under ``@pytest.mark.skipif(hasattr(RoutingMethodType, 'Custom'), ...)``.
Round 3 (two more real renumberings of the float member: #40860 4d51588e23 Unspecified 8.0 -> 9.0, #39141
c8bbe05189 9.0 -> 8; 2 cases, 3 twins): both caught; 1 false error: ``RoutingMethodType(9) if
hasattr(RoutingMethodType, 'DeepseekV4') else RoutingMethodType(8)`` on the probe's own line.
All rounds, main (743ff68e): 8 caught of 8; 8 false errors of 41 twins (5 warned).
This branch: 8 caught of 8; 0 false errors of 41 (8 warned: symbol drift's own warnings on #42922's
``weight_transfer_engine.backend`` (3) and #27220's builder override (1), and the probe-kept paths now warned: the
try's fallback, the skipped test, the probe's arm, the ``hasattr`` branch).  Mends: return drift reads a wrapper
only where the call reaches its def (no rebinding in the module, the class or a function around the call; no
decorator but one that hands the value back); enum drift leaves the fork's own enum of the name alone and warns in
the ``except`` of a try that builds the enum from another literal; probed members warns on a test a ``skipif`` of
the probe skips, and on an enum literal in the arm a probe on its own line does not take.

  PYTHONPATH=.. python review70_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

FM = "vllm.model_executor.layers.fused_moe"

# --- 3e887d2e0c (#14568): fused_topk returns (weights, ids, token_expert_indices) instead of (weights, ids)
TK = ("#14568", "3e887d2e0c", "fused_topk returns three values")
FT = f"import torch\n\nfrom {FM}.fused_moe import fused_topk\n\n\n"
WRAP = (
    "def _aeon_topk(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int):\n"
    "    return fused_topk(hidden_states, logits, top_k, True)\n\n\n"
)
CASES += [
    (
        "#14568 tuple grown through a wrapper",
        "a method wrapper on self unpacked in two",
        K(
            *TK,
            "vllm/aeon/r70tk0.py",
            FT + "class AeonRouter(torch.nn.Module):\n"
            "    def _aeon_topk(self, hidden_states: torch.Tensor, logits: torch.Tensor):\n"
            "        return fused_topk(hidden_states, logits, 2, renormalize=True)\n\n"
            "    def forward(self, hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "        weights, ids = self._aeon_topk(hidden_states, logits)\n"
            "        return ids\n",
            "        weights, ids = self._aeon_topk(hidden_states, logits)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "a module wrapper unpacked in a class's method",
        K(
            *TK,
            "vllm/aeon/r70tk1.py",
            FT + WRAP + "class AeonRouter2(torch.nn.Module):\n"
            "    def forward(self, hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "        weights, ids = _aeon_topk(hidden_states, logits, 2)\n"
            "        return weights\n",
            "        weights, ids = _aeon_topk(hidden_states, logits, 2)",
        ),
    ),
]
TWINS += [
    (
        "#14568 tuple grown through a wrapper",
        "twin: the three-name unpack of the wrapper",
        K(
            *TK,
            "vllm/aeon/r70tk2.py",
            FT + WRAP + "def aeon_ids(hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "    _, ids, _ = _aeon_topk(hidden_states, logits, 2)\n"
            "    return ids\n",
            "    _, ids, _ = _aeon_topk(hidden_states, logits, 2)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: a starred unpack of the wrapper",
        K(
            *TK,
            "vllm/aeon/r70tk3.py",
            FT + WRAP + "def aeon_weights(hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "    weights, ids, *_ = _aeon_topk(hidden_states, logits, 2)\n"
            "    return weights\n",
            "    weights, ids, *_ = _aeon_topk(hidden_states, logits, 2)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: the wrapper slices the tuple itself",
        K(
            *TK,
            "vllm/aeon/r70tk4.py",
            FT + "def _aeon_pair(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int):\n"
            "    return fused_topk(hidden_states, logits, top_k, True)[:2]\n\n\n"
            "def aeon_ids(hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "    _, ids = _aeon_pair(hidden_states, logits, 2)\n"
            "    return ids\n",
            "    _, ids = _aeon_pair(hidden_states, logits, 2)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: the wrapper hands the tuple to the fork's own adapter",
        K(
            *TK,
            "vllm/aeon/r70tk5.py",
            FT + "def _aeon_first_two(out: tuple) -> tuple:\n"
            "    return out[0], out[1]\n\n\n"
            "def _aeon_pair(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int):\n"
            "    return _aeon_first_two(fused_topk(hidden_states, logits, top_k, True))\n\n\n"
            "def aeon_ids(hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "    _, ids = _aeon_pair(hidden_states, logits, 2)\n"
            "    return ids\n",
            "    _, ids = _aeon_pair(hidden_states, logits, 2)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: the wrapper calls the fork's own fused_topk",
        K(
            *TK,
            "vllm/aeon/r70tk6.py",
            "import torch\n\n\n"
            "def fused_topk(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int, renormalize: bool):\n"
            "    # AEON: the Spark's eager router, two values whatever upstream's returns\n"
            "    weights, ids = torch.topk(torch.softmax(logits, dim=-1), top_k, dim=-1)\n"
            "    return weights, ids\n\n\n"
            + WRAP
            + "def aeon_ids(hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "    _, ids = _aeon_topk(hidden_states, logits, 2)\n"
            "    return ids\n",
            "    _, ids = _aeon_topk(hidden_states, logits, 2)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: a local helper of the wrapper's name shadows the module's",
        K(
            *TK,
            "vllm/aeon/r70tk7.py",
            FT + WRAP + "def aeon_eager_ids(logits: torch.Tensor) -> torch.Tensor:\n"
            "    def _aeon_topk(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int):\n"
            "        return torch.topk(logits, top_k, dim=-1)\n\n"
            "    _, ids = _aeon_topk(logits, logits, 2)\n"
            "    return ids\n",
            "    _, ids = _aeon_topk(logits, logits, 2)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: the wrapper rebound to the fork's pair shim under a version probe",
        K(
            *TK,
            "vllm/aeon/r70tk8.py",
            "import inspect\n\n"
            + FT
            + WRAP
            + "def _aeon_pair_topk(hidden_states: torch.Tensor, logits: torch.Tensor, top_k: int):\n"
            "    out = fused_topk(hidden_states, logits, top_k, True)\n"
            "    return out[0], out[1]\n\n\n"
            "if 'indices_type' in inspect.signature(fused_topk).parameters:  # AEON: the triple-returning upstream\n"
            "    _aeon_topk = _aeon_pair_topk\n\n\n"
            "def aeon_ids(hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "    _, ids = _aeon_topk(hidden_states, logits, 2)\n"
            "    return ids\n",
            "    _, ids = _aeon_topk(hidden_states, logits, 2)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: a method of another receiver that only looks alike",
        K(
            *TK,
            "vllm/aeon/r70tk9.py",
            FT + "class AeonEagerRouter:\n"
            "    def _aeon_topk(self, logits: torch.Tensor):\n"
            "        return torch.topk(logits, 2, dim=-1)\n\n\n"
            "class AeonRouter3(torch.nn.Module):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__()\n"
            "        self.eager = AeonEagerRouter()\n\n"
            "    def _aeon_topk(self, hidden_states: torch.Tensor, logits: torch.Tensor):\n"
            "        return fused_topk(hidden_states, logits, 2, True)\n\n"
            "    def forward(self, hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "        weights, ids = self.eager._aeon_topk(logits)\n"
            "        return ids\n",
            "        weights, ids = self.eager._aeon_topk(logits)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: the class's method of the module wrapper's name returns a pair",
        K(
            *TK,
            "vllm/aeon/r70tk10.py",
            FT + WRAP + "class AeonRouter4(torch.nn.Module):\n"
            "    def _aeon_topk(self, logits: torch.Tensor):\n"
            "        return torch.topk(logits, 2, dim=-1)\n\n"
            "    def forward(self, hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "        weights, ids = self._aeon_topk(logits)\n"
            "        return ids\n",
            "        weights, ids = self._aeon_topk(logits)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: a forwarding wrapper unpacked in three in a test",
        K(
            *TK,
            "tests/aeon/test_r70tk11.py",
            FT + "def _aeon_topk(*args, **kwargs):\n"
            "    return fused_topk(*args, **kwargs)\n\n\n"
            "def test_aeon_topk_ids() -> None:\n"
            "    logits = torch.randn(4, 8)\n"
            "    weights, ids, _ = _aeon_topk(logits, logits, 2, True)\n"
            "    assert ids.shape == (4, 2)\n",
            "    weights, ids, _ = _aeon_topk(logits, logits, 2, True)",
        ),
    ),
]

# --- 327a02d8db (#30623): RoutingMethodType.Unspecified 6.0 -> 8.0 (Custom = (6,), Simulated = (7,) inserted)
RT = ("#30623", "327a02d8db", "RoutingMethodType.Unspecified 6 -> 8")
RM = f"from {FM}.config import RoutingMethodType\n\n\n"
CASES += [
    (
        "#30623 float member renumbered",
        "the member's value read by .value",
        K(
            *RT,
            "vllm/aeon/r70rm0.py",
            RM + "def aeon_unspecified(kind: RoutingMethodType) -> bool:\n"
            "    return kind.value == 6  # AEON: Unspecified\n",
            "    return kind.value == 6  # AEON: Unspecified",
        ),
    ),
]
TWINS += [
    (
        "#30623 float member renumbered",
        "twin: the fork's own int enum of the name",
        K(
            *RT,
            "vllm/aeon/r70rm1.py",
            "from enum import IntEnum\n\n\n"
            "class RoutingMethodType(IntEnum):  # AEON: the Spark's router table, frozen\n"
            "    Default = 0\n"
            "    Unspecified = 6.0\n\n\n"
            "def aeon_unspecified(kind: RoutingMethodType) -> bool:\n"
            "    return kind == 6\n",
            "    return kind == 6",
        ),
    ),
    (
        "#30623 float member renumbered",
        "twin: a literal compared with another parameter",
        K(
            *RT,
            "vllm/aeon/r70rm2.py",
            RM + "def aeon_wide(kind: RoutingMethodType, top_k: int) -> bool:\n"
            "    return kind == RoutingMethodType.Unspecified and top_k == 6\n",
            "    return kind == RoutingMethodType.Unspecified and top_k == 6",
        ),
    ),
    (
        "#30623 float member renumbered",
        "twin: the new value under a probe of the inserted member",
        K(
            *RT,
            "vllm/aeon/r70rm3.py",
            RM + "AEON_UNSPECIFIED = 8 if hasattr(RoutingMethodType, 'Custom') else 6\n\n\n"
            "def aeon_unspecified(kind: RoutingMethodType) -> bool:\n"
            "    return kind == AEON_UNSPECIFIED\n",
            "AEON_UNSPECIFIED = 8 if hasattr(RoutingMethodType, 'Custom') else 6",
        ),
    ),
    (
        "#30623 float member renumbered",
        "twin: the old value in the except of a try of the new one",
        K(
            *RT,
            "vllm/aeon/r70rm4.py",
            RM + "try:\n"
            "    AEON_DEFAULT_ROUTING = RoutingMethodType(8)\n"
            "except ValueError:  # AEON: before Custom and Simulated, Unspecified was 6\n"
            "    AEON_DEFAULT_ROUTING = RoutingMethodType(6)\n",
            "    AEON_DEFAULT_ROUTING = RoutingMethodType(6)",
        ),
    ),
    (
        "#30623 float member renumbered",
        "twin: the old value in a branch of a probe of the inserted member",
        K(
            *RT,
            "vllm/aeon/r70rm5.py",
            RM + "if hasattr(RoutingMethodType, 'Simulated'):\n"
            "    AEON_DEFAULT_ROUTING = RoutingMethodType(8)\n"
            "else:\n"
            "    AEON_DEFAULT_ROUTING = RoutingMethodType(6)\n",
            "    AEON_DEFAULT_ROUTING = RoutingMethodType(6)",
        ),
    ),
    (
        "#30623 float member renumbered",
        "twin: a float compared with a plain float",
        K(
            *RT,
            "vllm/aeon/r70rm6.py",
            RM + "def aeon_scaled(kind: RoutingMethodType, scale: float) -> bool:\n"
            "    return kind is RoutingMethodType.Unspecified and scale == 6.0\n",
            "    return kind is RoutingMethodType.Unspecified and scale == 6.0",
        ),
    ),
]

# --- 9ef3d5b875 (#27220): FusedMoE.__init__ ends with batched_hidden_states None; ensure_dp_chunking_init builds it
EQ = ("#27220", "9ef3d5b875", "FusedMoE.batched_hidden_states allocated on first forward")
LAYER = f"import torch\n\nfrom {FM}.layer import FusedMoE\n\n\n"
SUB = "    def __init__(self, *args, **kwargs):\n        super().__init__(*args, **kwargs)\n"
CASES += [
    (
        "#27220 constructor ends with None",
        "the router buffer read after super().__init__",
        K(
            *EQ,
            "vllm/aeon/r70bh0.py",
            LAYER
            + "class AeonChunkedMoE(FusedMoE):\n"
            + SUB
            + "        self.aeon_experts = self.batched_router_logits.size(-1)\n",
            "        self.aeon_experts = self.batched_router_logits.size(-1)",
        ),
    ),
]
TWINS += [
    (
        "#27220 constructor ends with None",
        "twin: the builder called first",
        K(
            *EQ,
            "vllm/aeon/r70bh1.py",
            LAYER + "class AeonChunkedMoE1(FusedMoE):\n" + SUB + "        self.ensure_dp_chunking_init()\n"
            "        self.aeon_rows = self.batched_hidden_states.size(-2) if self.use_dp_chunking else 0\n",
            "        self.aeon_rows = self.batched_hidden_states.size(-2) if self.use_dp_chunking else 0",
        ),
    ),
    (
        "#27220 constructor ends with None",
        "twin: the builder called on the class with self",
        K(
            *EQ,
            "vllm/aeon/r70bh2.py",
            LAYER + "class AeonChunkedMoE2(FusedMoE):\n" + SUB + "        FusedMoE.ensure_dp_chunking_init(self)\n"
            "        self.aeon_rows = self.batched_hidden_states.size(-2) if self.use_dp_chunking else 0\n",
            "        self.aeon_rows = self.batched_hidden_states.size(-2) if self.use_dp_chunking else 0",
        ),
    ),
    (
        "#27220 constructor ends with None",
        "twin: the fork's own buffer",
        K(
            *EQ,
            "vllm/aeon/r70bh3.py",
            LAYER
            + "class AeonChunkedMoE3(FusedMoE):\n"
            + SUB
            + "        self.batched_hidden_states = torch.zeros((256, self.hidden_size))\n"
            "        self.aeon_rows = self.batched_hidden_states.size(-2)\n",
            "        self.aeon_rows = self.batched_hidden_states.size(-2)",
        ),
    ),
    (
        "#27220 constructor ends with None",
        "twin: a getattr with a default",
        K(
            *EQ,
            "vllm/aeon/r70bh4.py",
            LAYER
            + "class AeonChunkedMoE4(FusedMoE):\n"
            + SUB
            + "        buf = getattr(self, 'batched_hidden_states', None)\n"
            "        self.aeon_rows = 0 if buf is None else buf.size(-2)\n",
            "        self.aeon_rows = 0 if buf is None else buf.size(-2)",
        ),
    ),
    (
        "#27220 constructor ends with None",
        "twin: a None test",
        K(
            *EQ,
            "vllm/aeon/r70bh5.py",
            LAYER + "class AeonChunkedMoE5(FusedMoE):\n" + SUB + "        self.aeon_rows = 0\n"
            "        if self.batched_hidden_states is not None:\n"
            "            self.aeon_rows = self.batched_hidden_states.size(-2)\n",
            "            self.aeon_rows = self.batched_hidden_states.size(-2)",
        ),
    ),
    (
        "#27220 constructor ends with None",
        "twin: a try catching AttributeError",
        K(
            *EQ,
            "vllm/aeon/r70bh6.py",
            LAYER + "class AeonChunkedMoE6(FusedMoE):\n" + SUB + "        try:\n"
            "            self.aeon_rows = self.batched_hidden_states.size(-2)\n"
            "        except AttributeError:  # AEON: allocated on the first forward since #27220\n"
            "            self.aeon_rows = 0\n",
            "            self.aeon_rows = self.batched_hidden_states.size(-2)",
        ),
    ),
    (
        "#27220 constructor ends with None",
        "twin: a callback that reads it later",
        K(
            *EQ,
            "vllm/aeon/r70bh7.py",
            LAYER + "class AeonChunkedMoE7(FusedMoE):\n" + SUB + "        def _rows() -> int:\n"
            "            return self.batched_hidden_states.size(-2)\n\n"
            "        self.aeon_rows = _rows\n",
            "            return self.batched_hidden_states.size(-2)",
        ),
    ),
    (
        "#27220 constructor ends with None",
        "twin: the use moved to an override of the builder",
        K(
            *EQ,
            "vllm/aeon/r70bh8.py",
            LAYER + "class AeonChunkedMoE8(FusedMoE):\n"
            "    def ensure_dp_chunking_init(self):\n"
            "        super().ensure_dp_chunking_init()\n"
            "        self.aeon_rows = self.batched_hidden_states.size(-2)\n",
            "        self.aeon_rows = self.batched_hidden_states.size(-2)",
        ),
    ),
]

# --- 3cb83c9592 (#42922): Worker.__init__ leaves weight_transfer_engine None; load_model builds it
WT = ("#42922", "3cb83c9592", "Worker.weight_transfer_engine built in load_model")
WK = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
CASES += [
    (
        "#42922 constructor leaves None",
        "a read under the config test that built it at the base",
        K(
            *WT,
            "vllm/aeon/r70wt0.py",
            WK
            + "class AeonWorker(Worker):\n"
            + SUB
            + "        if self.vllm_config.weight_transfer_config is not None:\n"
            "            self.aeon_backend = self.weight_transfer_engine.backend\n",
            "            self.aeon_backend = self.weight_transfer_engine.backend",
        ),
    ),
]
TWINS += [
    (
        "#42922 constructor leaves None",
        "twin: the read moved to an override of load_model",
        K(
            *WT,
            "vllm/aeon/r70wt1.py",
            WK + "class AeonWorker1(Worker):\n"
            "    def load_model(self, *, load_dummy_weights: bool = False) -> None:\n"
            "        super().load_model(load_dummy_weights=load_dummy_weights)\n"
            "        if self.vllm_config.weight_transfer_config is not None:\n"
            "            self.aeon_backend = self.weight_transfer_engine.backend\n",
            "            self.aeon_backend = self.weight_transfer_engine.backend",
        ),
    ),
    (
        "#42922 constructor leaves None",
        "twin: an assert that it is set",
        K(
            *WT,
            "vllm/aeon/r70wt2.py",
            WK + "class AeonWorker2(Worker):\n"
            "    def aeon_backend(self) -> str:\n"
            "        assert self.weight_transfer_engine is not None\n"
            "        return self.weight_transfer_engine.backend\n",
            "        return self.weight_transfer_engine.backend",
        ),
    ),
]

# --- d9b4990783 (#41055): FusedMoE.eplb_state None unless enable_eplb (built whatever it said at the base)
EP = ("#41055", "d9b4990783", "FusedMoE.eplb_state None unless EPLB")
LAYER_EP = f"import torch\n\nfrom {FM}.layer import FusedMoE\n\n\n"
TWINS += [
    (
        "#41055 attribute opt-in under an old flag",
        "twin: the subclass hands enable_eplb=True on",
        K(
            *EP,
            "vllm/aeon/r70es1.py",
            LAYER_EP + "class AeonLoadMoE(FusedMoE):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        kwargs['enable_eplb'] = True  # AEON: the Spark's dashboard always balances\n"
            "        super().__init__(*args, **kwargs)\n\n"
            "    def aeon_expert_load(self) -> torch.Tensor:\n"
            "        return self.eplb_state.expert_load_view\n",
            "        return self.eplb_state.expert_load_view",
        ),
    ),
    (
        "#41055 attribute opt-in under an old flag",
        "twin: the subclass passes the flag by keyword",
        K(
            *EP,
            "vllm/aeon/r70es2.py",
            LAYER_EP + "class AeonLoadMoE2(FusedMoE):\n"
            "    def __init__(self, num_experts: int, top_k: int, hidden_size: int, intermediate_size: int):\n"
            "        super().__init__(num_experts, top_k, hidden_size, intermediate_size, enable_eplb=True)\n\n"
            "    def aeon_expert_load(self) -> torch.Tensor:\n"
            "        return self.eplb_state.expert_load_view\n",
            "        return self.eplb_state.expert_load_view",
        ),
    ),
    (
        "#41055 attribute opt-in under an old flag",
        "twin: the fork's own state",
        K(
            *EP,
            "vllm/aeon/r70es3.py",
            LAYER_EP + "class AeonLoadMoE3(FusedMoE):\n"
            "    def aeon_attach(self, state) -> None:\n"
            "        self.eplb_state = state\n\n"
            "    def aeon_expert_load(self) -> torch.Tensor:\n"
            "        return self.eplb_state.expert_load_view\n",
            "        return self.eplb_state.expert_load_view",
        ),
    ),
]


# --- round 2: more correct carries of the same commits, and one more commit of the wrapper's kind
TWINS += [
    (
        "#14568 tuple grown through a wrapper",
        "twin: the wrapper decorated by the fork's own adapter of the tuple",
        K(
            *TK,
            "vllm/aeon/r70tk12.py",
            "import functools\n\n" + FT + "def _aeon_pair(fn):\n"
            "    @functools.wraps(fn)\n"
            "    def inner(*args, **kwargs):\n"
            "        out = fn(*args, **kwargs)\n"
            "        return out[0], out[1]\n\n"
            "    return inner\n\n\n"
            "@_aeon_pair\n"
            + WRAP.replace("\n\n\n", "\n\n\n", 1)
            + "def aeon_ids(hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "    _, ids = _aeon_topk(hidden_states, logits, 2)\n"
            "    return ids\n",
            "    _, ids = _aeon_topk(hidden_states, logits, 2)",
        ),
    ),
    (
        "#14568 tuple grown through a wrapper",
        "twin: a static wrapper called on the class",
        K(
            *TK,
            "vllm/aeon/r70tk13.py",
            FT + "class AeonRouter5:\n"
            "    @staticmethod\n"
            "    def _aeon_topk(hidden_states: torch.Tensor, logits: torch.Tensor):\n"
            "        return fused_topk(hidden_states, logits, 2, True)\n\n\n"
            "def aeon_ids(hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "    weights, ids, _ = AeonRouter5._aeon_topk(hidden_states, logits)\n"
            "    return ids\n",
            "    weights, ids, _ = AeonRouter5._aeon_topk(hidden_states, logits)",
        ),
    ),
]
CASES += [
    (
        "#14568 tuple grown through a wrapper",
        "a wrapper under torch.no_grad unpacked in two",
        K(
            *TK,
            "vllm/aeon/r70tk14.py",
            FT
            + "@torch.no_grad()\n"
            + WRAP
            + "def aeon_ids(hidden_states: torch.Tensor, logits: torch.Tensor) -> torch.Tensor:\n"
            "    _, ids = _aeon_topk(hidden_states, logits, 2)\n"
            "    return ids\n",
            "    _, ids = _aeon_topk(hidden_states, logits, 2)",
        ),
    ),
]

# the fork's own enum imported from a module it added
RM_OWN = (
    "from enum import IntEnum\n\n\n"
    "class RoutingMethodType(IntEnum):  # AEON: the Spark's frozen router table\n"
    "    Default = 0\n"
    "    Unspecified = 6\n"
)
TWINS += [
    (
        "#30623 float member renumbered",
        "twin: the fork's own int enum imported from a module it added",
        Killer(
            *RT,
            (
                Edit("vllm/aeon/r70routing.py", RM_OWN),
                Edit(
                    "vllm/aeon/r70rm7.py",
                    "from vllm.aeon.r70routing import RoutingMethodType\n\n\n"
                    "def aeon_unspecified(kind: RoutingMethodType) -> bool:\n"
                    "    return kind == 6\n",
                ),
            ),
            (("vllm/aeon/r70rm7.py", "    return kind == 6"),),
        ),
    ),
    (
        "#30623 float member renumbered",
        "twin: a test of the old numbering skipped where the inserted member exists",
        K(
            *RT,
            "tests/aeon/test_r70rm8.py",
            "import pytest\n\n"
            + RM
            + "@pytest.mark.skipif(hasattr(RoutingMethodType, 'Custom'), reason='renumbered by #30623')\n"
            "def test_aeon_old_numbering() -> None:\n"
            "    assert RoutingMethodType(6) is RoutingMethodType.Unspecified\n",
            "    assert RoutingMethodType(6) is RoutingMethodType.Unspecified",
        ),
    ),
    (
        "#30623 float member renumbered",
        "twin: the value read off the member at import",
        K(
            *RT,
            "vllm/aeon/r70rm9.py",
            RM + "AEON_UNSPECIFIED = int(RoutingMethodType.Unspecified)\n\n\n"
            "def aeon_unspecified(kind: int) -> bool:\n"
            "    return kind == AEON_UNSPECIFIED\n",
            "    return kind == AEON_UNSPECIFIED",
        ),
    ),
]

TWINS += [
    (
        "#27220 constructor ends with None",
        "twin: a fork helper handed self allocates it first",
        K(
            *EQ,
            "vllm/aeon/r70bh9.py",
            LAYER + "def _aeon_alloc(layer: FusedMoE) -> None:\n"
            "    layer.batched_hidden_states = torch.zeros((256, layer.hidden_size))\n\n\n"
            "class AeonChunkedMoE9(FusedMoE):\n" + SUB + "        _aeon_alloc(self)\n"
            "        self.aeon_rows = self.batched_hidden_states.size(-2)\n",
            "        self.aeon_rows = self.batched_hidden_states.size(-2)",
        ),
    ),
    (
        "#27220 constructor ends with None",
        "twin: the leaf of the fork's own base that builds it",
        K(
            *EQ,
            "vllm/aeon/r70bh10.py",
            LAYER + "class _AeonBaseMoE(FusedMoE):\n" + SUB + "        self.ensure_dp_chunking_init()\n\n\n"
            "class AeonLeafMoE(_AeonBaseMoE):\n"
            + SUB
            + "        self.aeon_rows = self.batched_hidden_states.size(-2)\n",
            "        self.aeon_rows = self.batched_hidden_states.size(-2)",
        ),
    ),
    (
        "#27220 constructor ends with None",
        "twin: a warm-up forward runs before the read",
        K(
            *EQ,
            "vllm/aeon/r70bh11.py",
            LAYER + "class AeonChunkedMoE11(FusedMoE):\n" + SUB + "        x = torch.zeros((1, self.hidden_size))\n"
            "        self.forward(x, torch.zeros((1, self.global_num_experts)))\n"
            "        self.aeon_rows = self.batched_hidden_states.size(-2)\n",
            "        self.aeon_rows = self.batched_hidden_states.size(-2)",
        ),
    ),
    (
        "#42922 constructor leaves None",
        "twin: a truth test of the engine",
        K(
            *WT,
            "vllm/aeon/r70wt3.py",
            WK + "class AeonWorker3(Worker):\n" + SUB + "        engine = self.weight_transfer_engine\n"
            "        self.aeon_backend = engine.backend if engine else None\n",
            "        self.aeon_backend = engine.backend if engine else None",
        ),
    ),
]


# --- round 3: two more real renumberings of the float-valued member
# 4d51588e23 (#40860): DeepseekV4 = (8,) inserted, Unspecified 8.0 -> 9.0
DV = ("#40860", "4d51588e23", "RoutingMethodType.Unspecified 8 -> 9")
# c8bbe05189 (#39141): Custom/Simulated/DeepseekV4 replaced by SigmoidRenorm = (6,), MiniMax2 = (7,); Unspecified 9.0 -> 8
SR = ("#39141", "c8bbe05189", "RoutingMethodType.Unspecified 9 -> 8")
CASES += [
    (
        "#40860 float member renumbered",
        "an int compare on a typed parameter",
        K(
            *DV,
            "vllm/aeon/r70dv0.py",
            RM + "def aeon_unspecified(kind: RoutingMethodType) -> bool:\n    return kind == 8  # AEON: Unspecified\n",
            "    return kind == 8  # AEON: Unspecified",
        ),
    ),
    (
        "#39141 float member renumbered",
        "the enum built from the old value",
        K(
            *SR,
            "vllm/aeon/r70sr0.py",
            RM + "AEON_DEFAULT_ROUTING = RoutingMethodType(9)  # AEON: Unspecified\n",
            "AEON_DEFAULT_ROUTING = RoutingMethodType(9)  # AEON: Unspecified",
        ),
    ),
]
TWINS += [
    (
        "#40860 float member renumbered",
        "twin: the new value under a probe of the inserted member, as an expression",
        K(
            *DV,
            "vllm/aeon/r70dv1.py",
            RM + "AEON_DEFAULT_ROUTING = (\n"
            "    RoutingMethodType(9) if hasattr(RoutingMethodType, 'DeepseekV4') else RoutingMethodType(8)\n"
            ")\n",
            "    RoutingMethodType(9) if hasattr(RoutingMethodType, 'DeepseekV4') else RoutingMethodType(8)",
        ),
    ),
    (
        "#40860 float member renumbered",
        "twin: a table keyed by the members' names",
        K(
            *DV,
            "vllm/aeon/r70dv2.py",
            RM
            + "AEON_KERNEL = {RoutingMethodType.Unspecified: 'aeon_topk', RoutingMethodType.Default: 'softmax'}\n\n\n"
            "def aeon_kernel(kind: RoutingMethodType) -> str:\n"
            "    return AEON_KERNEL.get(kind, 'softmax')\n",
            "    return AEON_KERNEL.get(kind, 'softmax')",
        ),
    ),
    (
        "#39141 float member renumbered",
        "twin: the member looked up by name from a config string",
        K(
            *SR,
            "vllm/aeon/r70sr1.py",
            RM + "def aeon_routing(name: str) -> RoutingMethodType:\n"
            "    try:\n"
            "        return RoutingMethodType[name]\n"
            "    except KeyError:\n"
            "        return RoutingMethodType.Unspecified\n",
            "        return RoutingMethodType.Unspecified",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review70-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
