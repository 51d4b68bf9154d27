"""Adversarial twins of the two array-flavour widenings (killers160): fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a return annotated as the other array flavour (symbol drift's result kinds, ``drift/result_kinds.py``):
  #30697 (1eb61ab34b, ``DefaultEplbPolicy.replicate_experts``/``balanced_packing`` ``tuple[torch.Tensor, ...]``
  -> ``tuple[np.ndarray, ...]``) and #36605 (f0d3658c0f, ``MMEncoderAttention.maybe_recompute_cu_seqlens``
  ``-> np.ndarray`` -> ``-> torch.Tensor``, a ``device`` parameter added): the result wrapped or the name
  rebound first, a ``hasattr``/``isinstance`` guard (an early return too), a ``try`` catching AttributeError,
  NumPy's ``axis=``, the fork's own subclass overriding the method (called on the subclass, on ``cls`` inside
  it, on an instance), a fork namesake function or a fork class of the same method name, a version gate;
- a field annotated as the other array flavour (type drift's array flavours, ``drift/array_flavours.py``):
  #29268 (798e87db5c, the dataclass field ``CommonAttentionMetadata.encoder_seq_lens: np.ndarray | None`` ->
  ``torch.Tensor | None``, the array moved to ``encoder_seq_lens_cpu``): the new field, the tensor's own
  spelling, an ``isinstance``/``hasattr`` guard, a ``try``, a fork subclass declaring the field itself, a fork
  dataclass of its own with a field of that name, a local rebound.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Round 1, main (cc3f407d), 5 cases and 58 twins over #30697, #36605 and #29268: 5 caught of 5; 4 false errors
of 58 (1 twin warned: the old line under a version gate): result kinds on a use under a ``match`` case whose
class pattern names the old flavour (``case torch.Tensor():``) and under ``if type(logcnt) is torch.Tensor:``
(2); array flavours on a use under a ``match`` case's class pattern (``case np.ndarray():``) and after an early
return ``if not isinstance(lens, np.ndarray): return ...`` (2).
Round 2 (6 more twins: a value the fork puts there itself, fork tests, a converting override), main: 4 more false
errors of 6: both checks on a fork test's ``with pytest.raises(AttributeError):`` around the old flavour's member
(3: #30697, #36605, #29268), array flavours on a fork test's own ``CommonAttentionMetadata(...,
encoder_seq_lens=np.array([3]))`` read back (1).  Round 3 (2 more: the construction handed the fork's own array
through a parameter annotated ``np.ndarray``, or by position; an element indexed off the call in a ``try``
catching AttributeError), main: 3 false errors of 3.
All rounds, main (cc3f407d): 5 caught of 5; 11 false errors of 67.
This branch: 5 caught of 5; 0 false errors of 67 (2 warned: the old line under a version gate; the field off a
construction handing an array by position, whose field is not read).

  PYTHONPATH=.. python review68_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 1eb61ab34b (#30697): DefaultEplbPolicy's helpers take and return NumPy arrays
NP = ("#30697", "1eb61ab34b", "replicate_experts/balanced_packing -> tuple[np.ndarray, ...]")
NPC = "#30697 return made an array"
POL = "import numpy as np\nimport torch\n\nfrom vllm.distributed.eplb.policy.default import DefaultEplbPolicy\n\n\n"
TORCH_POLICY = (
    "class AeonTorchPolicy(DefaultEplbPolicy):\n"
    "    # AEON: the on-device rebalance keeps the torch helper upstream rewrote in NumPy\n"
    "    @classmethod\n"
    "    def replicate_experts(\n"
    "        cls, weight: torch.Tensor, num_phy: int\n"
    "    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:\n"
    "        n, num_log = weight.shape\n"
    "        phy2log = torch.arange(num_phy, device=weight.device).repeat(n, 1) % num_log\n"
    "        rank = torch.zeros(n, num_phy, dtype=torch.int64, device=weight.device)\n"
    "        logcnt = torch.ones(n, num_log, dtype=torch.int64, device=weight.device)\n"
    "        return phy2log, rank, logcnt\n\n"
)
CASES += [
    (
        NPC,
        "a tensor method on an element indexed off the classmethod's result",
        K(
            *NP,
            "vllm/aeon/rv68np0.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    return DefaultEplbPolicy.replicate_experts(load.numpy(), num_physical)[2].cuda()\n",
            "    return DefaultEplbPolicy.replicate_experts(load.numpy(), num_physical)[2].cuda()",
        ),
    ),
    (
        NPC,
        "a tensor's dim= keyword on an unpacked element",
        K(
            *NP,
            "vllm/aeon/rv68np1.py",
            POL + "def aeon_pack_sizes(load: np.ndarray, num_ranks: int) -> np.ndarray:\n"
            "    pack_index, _ = DefaultEplbPolicy.balanced_packing(load, num_ranks)\n"
            "    return pack_index.sum(dim=-1)\n",
            "    return pack_index.sum(dim=-1)",
        ),
    ),
]
TWINS += [
    (
        NPC,
        "twin: the element rebound to a tensor first",
        K(
            *NP,
            "vllm/aeon/rv68np2.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
            "    logcnt = torch.from_numpy(logcnt)\n"
            "    return logcnt.to(load.device)\n",
            "    return logcnt.to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: the element wrapped in the line itself",
        K(
            *NP,
            "vllm/aeon/rv68np3.py",
            POL + "def aeon_packs(load: torch.Tensor, num_ranks: int) -> torch.Tensor:\n"
            "    pack_index, _ = DefaultEplbPolicy.balanced_packing(load.cpu().numpy(), num_ranks)\n"
            "    return torch.as_tensor(pack_index).max(dim=-1).values\n",
            "    return torch.as_tensor(pack_index).max(dim=-1).values",
        ),
    ),
    (
        NPC,
        "twin: NumPy's axis= on the array",
        K(
            *NP,
            "vllm/aeon/rv68np4.py",
            POL + "def aeon_packs(load: np.ndarray, num_ranks: int) -> np.ndarray:\n"
            "    pack_index, _ = DefaultEplbPolicy.balanced_packing(load, num_ranks)\n"
            "    return pack_index.max(axis=-1)\n",
            "    return pack_index.max(axis=-1)",
        ),
    ),
    (
        NPC,
        "twin: an isinstance test returning early for the array",
        K(
            *NP,
            "vllm/aeon/rv68np5.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
            "    if isinstance(logcnt, np.ndarray):  # AEON: NumPy since #30697\n"
            "        return torch.from_numpy(logcnt).to(load.device)\n"
            "    return logcnt.to(load.device)\n",
            "    return logcnt.to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: a hasattr guard on the tensor's method",
        K(
            *NP,
            "vllm/aeon/rv68np6.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
            '    if hasattr(logcnt, "to"):\n'
            "        return logcnt.to(load.device)\n"
            "    return torch.from_numpy(logcnt).to(load.device)\n",
            "        return logcnt.to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: a try catching AttributeError",
        K(
            *NP,
            "vllm/aeon/rv68np7.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
            "    try:\n"
            "        return logcnt.to(load.device)\n"
            "    except AttributeError:  # AEON: an array since #30697\n"
            "        return torch.from_numpy(logcnt).to(load.device)\n",
            "        return logcnt.to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: the fork's own subclass override, called on the subclass",
        K(
            *NP,
            "vllm/aeon/rv68np8.py",
            POL + TORCH_POLICY + "\n"
            "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = AeonTorchPolicy.replicate_experts(load, num_physical)\n"
            "    return logcnt.to(load.device)\n",
            "    return logcnt.to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: the fork's own subclass override, called on cls inside it",
        K(
            *NP,
            "vllm/aeon/rv68np9.py",
            POL + TORCH_POLICY + "    @classmethod\n"
            "    def aeon_counts_on(cls, load: torch.Tensor, num_phy: int) -> torch.Tensor:\n"
            "        _, _, logcnt = cls.replicate_experts(load, num_phy)\n"
            "        return logcnt.cuda()\n",
            "        return logcnt.cuda()",
        ),
    ),
    (
        NPC,
        "twin: the fork's own subclass override, called on an instance",
        K(
            *NP,
            "vllm/aeon/rv68np10.py",
            POL + TORCH_POLICY + "\n"
            "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    policy = AeonTorchPolicy()\n"
            "    return policy.replicate_experts(load, num_physical)[2].to(load.device)\n",
            "    return policy.replicate_experts(load, num_physical)[2].to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: a fork function of the same name",
        K(
            *NP,
            "vllm/aeon/rv68np11.py",
            POL + "def replicate_experts(weight: torch.Tensor, num_phy: int) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "    # AEON: the fleet's torch replica planner\n"
            "    counts = torch.ones_like(weight, dtype=torch.int64)\n"
            "    return torch.arange(num_phy, device=weight.device), counts\n\n\n"
            "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, logcnt = replicate_experts(load, num_physical)\n"
            "    return logcnt.to(load.device)\n",
            "    return logcnt.to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: a fork planner class of its own with a method of the same name",
        K(
            *NP,
            "vllm/aeon/rv68np12.py",
            POL + "class AeonPlanner:\n"
            "    def balanced_packing(self, weight: torch.Tensor, num_packs: int) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "        order = weight.argsort(dim=-1, descending=True)\n"
            "        return order % num_packs, order // num_packs\n\n\n"
            "class AeonBalancer:\n"
            "    def __init__(self) -> None:\n"
            "        self.planner = AeonPlanner()\n\n"
            "    def aeon_packs(self, load: torch.Tensor, num_ranks: int) -> torch.Tensor:\n"
            "        pack_index, _ = self.planner.balanced_packing(load, num_ranks)\n"
            "        return pack_index.max(dim=-1).values\n",
            "        return pack_index.max(dim=-1).values",
        ),
    ),
    (
        NPC,
        "twin: a version gate keeping the old line for older releases",
        K(
            *NP,
            "vllm/aeon/rv68np13.py",
            "from packaging.version import Version\n\nimport vllm\n"
            + POL
            + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
            '    if Version(vllm.__version__) < Version("0.14"):\n'
            "        return logcnt.to(load.device)\n"
            "    return torch.from_numpy(logcnt).to(load.device)\n",
            "        return logcnt.to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: the still-tensor rebalance_experts indexed",
        K(
            *NP,
            "vllm/aeon/rv68np14.py",
            POL + "def aeon_logcnt(load: torch.Tensor, num_physical: int, num_ranks: int) -> torch.Tensor:\n"
            "    return DefaultEplbPolicy.rebalance_experts(load, num_physical, 1, 1, num_ranks)[2].to(load.device)\n",
            "    return DefaultEplbPolicy.rebalance_experts(load, num_physical, 1, 1, num_ranks)[2].to(load.device)",
        ),
    ),
]

# --- f0d3658c0f (#36605): MMEncoderAttention.maybe_recompute_cu_seqlens -> np.ndarray became -> torch.Tensor
MM = ("#36605", "f0d3658c0f", "maybe_recompute_cu_seqlens -> np.ndarray made -> torch.Tensor (device added)")
MMC = "#36605 return made a tensor"
ENC = (
    "import numpy as np\nimport torch\n\n"
    "from vllm.model_executor.layers.attention.mm_encoder_attention import MMEncoderAttention\n"
    "from vllm.v1.attention.backends.registry import AttentionBackendEnum\n\n\n"
)
SIG = "def aeon_cu(backend: AttentionBackendEnum, cu: np.ndarray, hidden: int, tp: int, device: torch.device)"
CALL = "MMEncoderAttention.maybe_recompute_cu_seqlens(backend, cu, hidden, tp, device)"
CASES += [
    (
        MMC,
        "an array's astype on the result",
        K(
            *MM,
            "vllm/aeon/rv68mm0.py",
            ENC + SIG + f" -> np.ndarray:\n    packed = {CALL}\n    return packed.astype(np.int32)\n",
            "    return packed.astype(np.int32)",
        ),
    ),
]
TWINS += [
    (
        MMC,
        "twin: the tensor brought back to the host first",
        K(
            *MM,
            "vllm/aeon/rv68mm1.py",
            ENC + SIG + f" -> np.ndarray:\n    packed = {CALL}\n    return packed.cpu().numpy().astype(np.int32)\n",
            "    return packed.cpu().numpy().astype(np.int32)",
        ),
    ),
    (
        MMC,
        "twin: an isinstance guard for the array",
        K(
            *MM,
            "vllm/aeon/rv68mm2.py",
            ENC + SIG + " -> torch.Tensor:\n"
            f"    packed = {CALL}\n"
            "    if isinstance(packed, np.ndarray):  # AEON: older releases returned the host array\n"
            "        return torch.from_numpy(packed.astype(np.int32)).to(device)\n"
            "    return packed.to(torch.int32)\n",
            "        return torch.from_numpy(packed.astype(np.int32)).to(device)",
        ),
    ),
    (
        MMC,
        "twin: a hasattr guard on the array's method",
        K(
            *MM,
            "vllm/aeon/rv68mm3.py",
            ENC + SIG + " -> torch.Tensor:\n"
            f"    packed = {CALL}\n"
            '    if hasattr(packed, "astype"):\n'
            "        return torch.from_numpy(packed.astype(np.int32)).to(device)\n"
            "    return packed.to(torch.int32)\n",
            "        return torch.from_numpy(packed.astype(np.int32)).to(device)",
        ),
    ),
    (
        MMC,
        "twin: the fork's own subclass keeping the NumPy spelling",
        K(
            *MM,
            "vllm/aeon/rv68mm4.py",
            ENC + "class AeonMMEncoderAttention(MMEncoderAttention):\n"
            "    @classmethod\n"
            "    def maybe_recompute_cu_seqlens(\n"
            "        cls,\n"
            "        attn_backend: AttentionBackendEnum,\n"
            "        cu_seqlens: np.ndarray,\n"
            "        hidden_size: int,\n"
            "        tp_size: int,\n"
            "        device: torch.device,\n"
            "    ) -> np.ndarray:  # AEON: the host copy the fleet's packer reads\n"
            "        return cu_seqlens * (hidden_size // tp_size)\n\n\n" + SIG + " -> np.ndarray:\n"
            "    packed = AeonMMEncoderAttention.maybe_recompute_cu_seqlens(backend, cu, hidden, tp, device)\n"
            "    return packed.astype(np.int32)\n",
            "    return packed.astype(np.int32)",
        ),
    ),
    (
        MMC,
        "twin: getattr with a default for the array's strides",
        K(
            *MM,
            "vllm/aeon/rv68mm5.py",
            ENC + SIG + " -> tuple[int, ...] | None:\n"
            f"    packed = {CALL}\n"
            '    return getattr(packed, "strides", None)\n',
            '    return getattr(packed, "strides", None)',
        ),
    ),
]

# --- 798e87db5c (#29268): CommonAttentionMetadata.encoder_seq_lens np.ndarray -> torch.Tensor (+ encoder_seq_lens_cpu)
CA = ("#29268", "798e87db5c", "encoder_seq_lens: np.ndarray | None made torch.Tensor | None")
CAC = "#29268 field annotated a tensor"
CAM = (
    "from dataclasses import dataclass\n\nimport numpy as np\nimport torch\n\n"
    "from vllm.v1.attention.backends.utils import CommonAttentionMetadata\n\n\n"
)
CASES += [
    (
        CAC,
        "an array's astype on the field off a typed parameter",
        K(
            *CA,
            "vllm/aeon/rv68ca0.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    assert meta.encoder_seq_lens is not None\n"
            "    return meta.encoder_seq_lens.astype(np.int32)\n",
            "    return meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "an array's tobytes on the field bound to a local",
        K(
            *CA,
            "vllm/aeon/rv68ca1.py",
            CAM + "def aeon_lens_key(meta: CommonAttentionMetadata) -> bytes:\n"
            "    lens = meta.encoder_seq_lens\n"
            "    assert lens is not None\n"
            "    return lens.tobytes()\n",
            "    return lens.tobytes()",
        ),
    ),
]
TWINS += [
    (
        CAC,
        "twin: the new host field",
        K(
            *CA,
            "vllm/aeon/rv68ca2.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    assert meta.encoder_seq_lens_cpu is not None\n"
            "    return meta.encoder_seq_lens_cpu.astype(np.int32)\n",
            "    return meta.encoder_seq_lens_cpu.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: the tensor brought back to the host first",
        K(
            *CA,
            "vllm/aeon/rv68ca3.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    assert meta.encoder_seq_lens is not None\n"
            "    return meta.encoder_seq_lens.cpu().numpy().astype(np.int32)\n",
            "    return meta.encoder_seq_lens.cpu().numpy().astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: an isinstance guard for the array",
        K(
            *CA,
            "vllm/aeon/rv68ca4.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray | None:\n"
            "    if isinstance(meta.encoder_seq_lens, np.ndarray):  # AEON: an array before #29268\n"
            "        return meta.encoder_seq_lens.astype(np.int32)\n"
            "    return meta.encoder_seq_lens_cpu\n",
            "        return meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: a hasattr guard on the array's method",
        K(
            *CA,
            "vllm/aeon/rv68ca5.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray | None:\n"
            '    if hasattr(meta.encoder_seq_lens, "astype"):\n'
            "        return meta.encoder_seq_lens.astype(np.int32)\n"
            "    return meta.encoder_seq_lens_cpu\n",
            "        return meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: a try catching AttributeError",
        K(
            *CA,
            "vllm/aeon/rv68ca6.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray | None:\n"
            "    try:\n"
            "        return meta.encoder_seq_lens.astype(np.int32)  # type: ignore[union-attr]\n"
            "    except AttributeError:  # AEON: a tensor since #29268\n"
            "        return meta.encoder_seq_lens_cpu\n",
            "        return meta.encoder_seq_lens.astype(np.int32)  # type: ignore[union-attr]",
        ),
    ),
    (
        CAC,
        "twin: a fork subclass declaring the field itself",
        K(
            *CA,
            "vllm/aeon/rv68ca7.py",
            CAM + "@dataclass\n"
            "class AeonCrossMetadata(CommonAttentionMetadata):\n"
            "    encoder_seq_lens: np.ndarray | None = None  # AEON: the cross builder keeps the host array\n\n"
            "    def aeon_encoder_lens(self) -> np.ndarray:\n"
            "        assert self.encoder_seq_lens is not None\n"
            "        return self.encoder_seq_lens.astype(np.int32)\n",
            "        return self.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: the fork subclass's field off a parameter typed as it",
        K(
            *CA,
            "vllm/aeon/rv68ca8.py",
            CAM + "@dataclass\n"
            "class AeonCrossMetadata(CommonAttentionMetadata):\n"
            "    encoder_seq_lens: np.ndarray | None = None  # AEON: the cross builder keeps the host array\n\n\n"
            "def aeon_encoder_lens(meta: AeonCrossMetadata) -> np.ndarray:\n"
            "    assert meta.encoder_seq_lens is not None\n"
            "    return meta.encoder_seq_lens.astype(np.int32)\n",
            "    return meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: a fork dataclass of its own with a field of that name",
        K(
            *CA,
            "vllm/aeon/rv68ca9.py",
            CAM + "@dataclass\n"
            "class AeonEncoderBatch:\n"
            "    encoder_seq_lens: np.ndarray\n\n\n"
            "def aeon_encoder_lens(batch: AeonEncoderBatch, meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    assert meta.encoder_seq_lens is not None\n"
            "    return batch.encoder_seq_lens.astype(np.int32)\n",
            "    return batch.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: the local rebound to the host array",
        K(
            *CA,
            "vllm/aeon/rv68ca10.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    lens = meta.encoder_seq_lens\n"
            "    if isinstance(lens, torch.Tensor):\n"
            "        lens = lens.cpu().numpy()\n"
            "    assert lens is not None\n"
            "    return lens.astype(np.int32)\n",
            "    return lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: the tensor's own dim= on the field",
        K(
            *CA,
            "vllm/aeon/rv68ca11.py",
            CAM + "def aeon_longest(meta: CommonAttentionMetadata) -> torch.Tensor:\n"
            "    assert meta.encoder_seq_lens is not None\n"
            "    return meta.encoder_seq_lens.max(dim=0).values\n",
            "    return meta.encoder_seq_lens.max(dim=0).values",
        ),
    ),
]


# --- more guards and namesakes
TWINS += [
    (
        NPC,
        "twin: a torch.is_tensor guard",
        K(
            *NP,
            "vllm/aeon/rv68np15.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
            "    if torch.is_tensor(logcnt):  # AEON: a tensor before #30697\n"
            "        return logcnt.to(load.device)\n"
            "    return torch.from_numpy(logcnt).to(load.device)\n",
            "        return logcnt.to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: a conditional expression testing the flavour",
        K(
            *NP,
            "vllm/aeon/rv68np16.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
            "    return logcnt.to(load.device) if isinstance(logcnt, torch.Tensor) else torch.from_numpy(logcnt)\n",
            "    return logcnt.to(load.device) if isinstance(logcnt, torch.Tensor) else torch.from_numpy(logcnt)",
        ),
    ),
    (
        NPC,
        "twin: an early return for the array (not isinstance of the tensor)",
        K(
            *NP,
            "vllm/aeon/rv68np17.py",
            POL + "def aeon_packs(load: torch.Tensor, num_ranks: int) -> torch.Tensor:\n"
            "    pack_index, _ = DefaultEplbPolicy.balanced_packing(load.cpu().numpy(), num_ranks)\n"
            "    if not torch.is_tensor(pack_index):\n"
            "        return torch.from_numpy(pack_index.max(axis=-1))\n"
            "    return pack_index.max(dim=-1).values\n",
            "    return pack_index.max(dim=-1).values",
        ),
    ),
    (
        NPC,
        "twin: a comprehension's own variable of the same name",
        K(
            *NP,
            "vllm/aeon/rv68np18.py",
            POL + "def aeon_plan(load: torch.Tensor, num_physical: int) -> list[torch.Tensor]:\n"
            "    phy2log, rank, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
            "    host = [torch.from_numpy(a) for a in (phy2log, rank, logcnt)]\n"
            "    return [logcnt.to(load.device) for logcnt in host]\n",
            "    return [logcnt.to(load.device) for logcnt in host]",
        ),
    ),
    (
        NPC,
        "twin: a fork module's own torch port of the class, imported",
        Killer(
            "#30697",
            "1eb61ab34b",
            NP[2],
            (
                Edit(
                    "vllm/aeon/rv68np19_policy.py",
                    "import torch\n\n\n"
                    "class DefaultEplbPolicy:\n"
                    "    # AEON: the torch policy the fleet's on-device rebalance keeps\n"
                    "    @classmethod\n"
                    "    def replicate_experts(\n"
                    "        cls, weight: torch.Tensor, num_phy: int\n"
                    "    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:\n"
                    "        n, num_log = weight.shape\n"
                    "        phy2log = torch.arange(num_phy, device=weight.device).repeat(n, 1) % num_log\n"
                    "        rank = torch.zeros(n, num_phy, dtype=torch.int64, device=weight.device)\n"
                    "        return phy2log, rank, torch.ones(n, num_log, dtype=torch.int64, device=weight.device)\n",
                ),
                Edit(
                    "vllm/aeon/rv68np19.py",
                    "import torch\n\nfrom vllm.aeon.rv68np19_policy import DefaultEplbPolicy\n\n\n"
                    "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
                    "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load, num_physical)\n"
                    "    return logcnt.to(load.device)\n",
                ),
            ),
            (("vllm/aeon/rv68np19.py", "    return logcnt.to(load.device)"),),
        ),
    ),
    (
        MMC,
        "twin: a torch.is_tensor early return before the array's method",
        K(
            *MM,
            "vllm/aeon/rv68mm6.py",
            ENC + SIG + " -> np.ndarray:\n"
            f"    packed = {CALL}\n"
            "    if torch.is_tensor(packed):  # AEON: a tensor since #36605\n"
            "        return packed.cpu().numpy().astype(np.int32)\n"
            "    return packed.astype(np.int32)\n",
            "    return packed.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: a torch.is_tensor early return before the array's method",
        K(
            *CA,
            "vllm/aeon/rv68ca12.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    lens = meta.encoder_seq_lens\n"
            "    assert lens is not None\n"
            "    if torch.is_tensor(lens):  # AEON: a tensor since #29268\n"
            "        return lens.cpu().numpy()\n"
            "    return lens.astype(np.int32)\n",
            "    return lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: a conditional expression testing the field's flavour",
        K(
            *CA,
            "vllm/aeon/rv68ca13.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray | None:\n"
            "    lens = meta.encoder_seq_lens\n"
            "    return lens.astype(np.int32) if isinstance(lens, np.ndarray) else meta.encoder_seq_lens_cpu\n",
            "    return lens.astype(np.int32) if isinstance(lens, np.ndarray) else meta.encoder_seq_lens_cpu",
        ),
    ),
    (
        CAC,
        "twin: a fork module's own dataclass of the class's name, imported",
        Killer(
            "#29268",
            "798e87db5c",
            CA[2],
            (
                Edit(
                    "vllm/aeon/rv68ca14_meta.py",
                    "from dataclasses import dataclass\n\nimport numpy as np\n\n\n"
                    "@dataclass\n"
                    "class CommonAttentionMetadata:\n"
                    "    # AEON: the encoder bridge's own host-side view\n"
                    "    encoder_seq_lens: np.ndarray | None = None\n",
                ),
                Edit(
                    "vllm/aeon/rv68ca14.py",
                    "import numpy as np\n\nfrom vllm.aeon.rv68ca14_meta import CommonAttentionMetadata\n\n\n"
                    "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
                    "    assert meta.encoder_seq_lens is not None\n"
                    "    return meta.encoder_seq_lens.astype(np.int32)\n",
                ),
            ),
            (("vllm/aeon/rv68ca14.py", "    return meta.encoder_seq_lens.astype(np.int32)"),),
        ),
    ),
]


# --- the fork's overrides written without a return annotation (fork code often has none)
BARE_POLICY = (
    "class AeonTorchPolicy(DefaultEplbPolicy):\n"
    "    # AEON: the on-device rebalance keeps the torch helper upstream rewrote in NumPy\n"
    "    @classmethod\n"
    "    def replicate_experts(cls, weight, num_phy):  # type: ignore[override]\n"
    "        n, num_log = weight.shape\n"
    "        phy2log = torch.arange(num_phy, device=weight.device).repeat(n, 1) % num_log\n"
    "        rank = torch.zeros(n, num_phy, dtype=torch.int64, device=weight.device)\n"
    "        logcnt = torch.ones(n, num_log, dtype=torch.int64, device=weight.device)\n"
    "        return phy2log, rank, logcnt\n\n"
)
TWINS += [
    (
        NPC,
        "twin: the fork's unannotated override, called on the subclass",
        K(
            *NP,
            "vllm/aeon/rv68np20.py",
            POL + BARE_POLICY + "\n"
            "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    _, _, logcnt = AeonTorchPolicy.replicate_experts(load, num_physical)\n"
            "    return logcnt.to(load.device)\n",
            "    return logcnt.to(load.device)",
        ),
    ),
    (
        NPC,
        "twin: the fork's unannotated override, called on cls inside it",
        K(
            *NP,
            "vllm/aeon/rv68np21.py",
            POL + BARE_POLICY + "    @classmethod\n"
            "    def aeon_counts_on(cls, load: torch.Tensor, num_phy: int) -> torch.Tensor:\n"
            "        return cls.replicate_experts(load, num_phy)[2].cuda()\n",
            "        return cls.replicate_experts(load, num_phy)[2].cuda()",
        ),
    ),
    (
        NPC,
        "twin: the fork's unannotated override, called on an instance attribute typed as it",
        K(
            *NP,
            "vllm/aeon/rv68np22.py",
            POL + BARE_POLICY + "\n"
            "class AeonBalancer:\n"
            "    def __init__(self) -> None:\n"
            "        self.policy = AeonTorchPolicy()\n\n"
            "    def aeon_counts(self, load: torch.Tensor, num_phy: int) -> torch.Tensor:\n"
            "        _, _, logcnt = self.policy.replicate_experts(load, num_phy)\n"
            "        return logcnt.to(load.device)\n",
            "        return logcnt.to(load.device)",
        ),
    ),
    (
        MMC,
        "twin: the fork's unannotated override keeping the NumPy spelling",
        K(
            *MM,
            "vllm/aeon/rv68mm7.py",
            ENC + "class AeonMMEncoderAttention(MMEncoderAttention):\n"
            "    @classmethod\n"
            "    def maybe_recompute_cu_seqlens(cls, attn_backend, cu_seqlens, hidden_size, tp_size, device):\n"
            "        return cu_seqlens * (hidden_size // tp_size)  # AEON: the host copy the fleet's packer reads\n\n"
            "    @classmethod\n"
            "    def aeon_packed(cls, backend: AttentionBackendEnum, cu: np.ndarray, device: torch.device) -> np.ndarray:\n"
            "        return cls.maybe_recompute_cu_seqlens(backend, cu, 1024, 1, device).astype(np.int32)\n",
            "        return cls.maybe_recompute_cu_seqlens(backend, cu, 1024, 1, device).astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: a fork subclass building the field as an array itself",
        K(
            *CA,
            "vllm/aeon/rv68ca15.py",
            CAM + "@dataclass\n"
            "class AeonCrossMetadata(CommonAttentionMetadata):\n"
            "    def __post_init__(self) -> None:\n"
            "        # AEON: the cross builder reads the host array\n"
            "        self.encoder_seq_lens = np.asarray(self.encoder_seq_lens_cpu, dtype=np.int64)\n\n"
            "    def aeon_encoder_lens(self) -> np.ndarray:\n"
            "        return self.encoder_seq_lens.astype(np.int32)\n",
            "        return self.encoder_seq_lens.astype(np.int32)",
        ),
    ),
]


# --- the name rebound in other spellings than a plain assignment, and other flavour tests
def _np(n: int, body: str, line: str) -> tuple[str, str, Killer]:
    return (NPC, "", K(*NP, f"vllm/aeon/rv68np{n}.py", POL + body, line))


REBOUND = [
    (
        "twin: the name rebound by a tuple assignment",
        23,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
        "    phy2log, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    phy2log, logcnt = torch.from_numpy(phy2log), torch.from_numpy(logcnt)\n"
        "    return logcnt.to(load.device)\n",
        "    return logcnt.to(load.device)",
    ),
    (
        "twin: the name rebound by a walrus in a test",
        24,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> torch.Tensor | None:\n"
        "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    if (logcnt := torch.from_numpy(logcnt)).numel() == 0:\n"
        "        return None\n"
        "    return logcnt.to(load.device)\n",
        "    return logcnt.to(load.device)",
    ),
    (
        "twin: the name a loop's own target",
        25,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> list[torch.Tensor]:\n"
        "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    moved = []\n"
        "    for logcnt in torch.from_numpy(logcnt).unbind(0):\n"
        "        moved.append(logcnt.to(load.device))\n"
        "    return moved\n",
        "        moved.append(logcnt.to(load.device))",
    ),
    (
        "twin: a lambda's own parameter of the name",
        26,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> list[torch.Tensor]:\n"
        "    phy2log, rank, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    move = lambda logcnt: logcnt.to(load.device)  # noqa: E731\n"
        "    return [move(torch.from_numpy(a)) for a in (phy2log, rank, logcnt)]\n",
        "    move = lambda logcnt: logcnt.to(load.device)  # noqa: E731",
    ),
    (
        "twin: a match statement's class pattern for the tensor",
        27,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
        "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    match logcnt:\n"
        "        case torch.Tensor():\n"
        "            return logcnt.to(load.device)\n"
        "        case _:\n"
        "            return torch.from_numpy(logcnt).to(load.device)\n",
        "            return logcnt.to(load.device)",
    ),
    (
        "twin: the name rebound with an annotation",
        28,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
        "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    logcnt: torch.Tensor = torch.from_numpy(logcnt)  # type: ignore[no-redef]\n"
        "    return logcnt.to(load.device)\n",
        "    return logcnt.to(load.device)",
    ),
    (
        "twin: the name rebound by a with statement",
        29,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
        "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    with torch.no_grad():\n"
        "        logcnt = torch.from_numpy(logcnt)\n"
        "    return logcnt.to(load.device)\n",
        "    return logcnt.to(load.device)",
    ),
]
for label, n, body, line in REBOUND:
    TWINS.append((NPC, label, _np(n, body, line)[2]))
TWINS += [
    (
        CAC,
        "twin: the field's local rebound by a tuple assignment",
        K(
            *CA,
            "vllm/aeon/rv68ca16.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray:\n"
            "    lens, cpu = meta.encoder_seq_lens, meta.encoder_seq_lens_cpu\n"
            "    lens, cpu = cpu, None\n"
            "    assert lens is not None\n"
            "    return lens.astype(np.int32)\n",
            "    return lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: a match statement's class pattern for the array",
        K(
            *CA,
            "vllm/aeon/rv68ca17.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray | None:\n"
            "    match meta.encoder_seq_lens:\n"
            "        case np.ndarray():\n"
            "            return meta.encoder_seq_lens.astype(np.int32)\n"
            "        case _:\n"
            "            return meta.encoder_seq_lens_cpu\n",
            "            return meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: the field's local a loop's own target",
        K(
            *CA,
            "vllm/aeon/rv68ca18.py",
            CAM
            + "def aeon_encoder_lens(metas: list[CommonAttentionMetadata], meta: CommonAttentionMetadata) -> list[np.ndarray]:\n"
            "    lens = meta.encoder_seq_lens\n"
            "    out = []\n"
            "    for lens in (m.encoder_seq_lens_cpu for m in metas):\n"
            "        out.append(lens.astype(np.int32))\n"
            "    return out\n",
            "        out.append(lens.astype(np.int32))",
        ),
    ),
]


# --- other spellings of a flavour test
GUARDS = [
    (
        "twin: a type() is test",
        30,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
        "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    if type(logcnt) is torch.Tensor:\n"
        "        return logcnt.to(load.device)\n"
        "    return torch.from_numpy(logcnt).to(load.device)\n",
        "        return logcnt.to(load.device)",
    ),
    (
        "twin: an early return unless a tensor",
        31,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
        "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    if not isinstance(logcnt, torch.Tensor):\n"
        "        return torch.from_numpy(logcnt).to(load.device)  # AEON: an array since #30697\n"
        "    return logcnt.to(load.device)\n",
        "    return logcnt.to(load.device)",
    ),
    (
        "twin: an isinstance test of a tuple of classes",
        32,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
        "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    if isinstance(logcnt, (torch.Tensor, torch.nn.Parameter)):\n"
        "        return logcnt.to(load.device)\n"
        "    return torch.from_numpy(logcnt).to(load.device)\n",
        "        return logcnt.to(load.device)",
    ),
    (
        "twin: an isinstance test joined by and",
        33,
        "def aeon_plan(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
        "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)\n"
        "    if load.is_cuda and isinstance(logcnt, torch.Tensor):\n"
        "        return logcnt.cuda()\n"
        "    return torch.as_tensor(logcnt, device=load.device)\n",
        "        return logcnt.cuda()",
    ),
]
for label, n, body, line in GUARDS:
    TWINS.append((NPC, label, _np(n, body, line)[2]))
TWINS += [
    (
        CAC,
        "twin: a type() is test of the field",
        K(
            *CA,
            "vllm/aeon/rv68ca19.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray | None:\n"
            "    if type(meta.encoder_seq_lens) is np.ndarray:\n"
            "        return meta.encoder_seq_lens.astype(np.int32)\n"
            "    return meta.encoder_seq_lens_cpu\n",
            "        return meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: an early return unless an array",
        K(
            *CA,
            "vllm/aeon/rv68ca20.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata) -> np.ndarray | None:\n"
            "    lens = meta.encoder_seq_lens\n"
            "    if not isinstance(lens, np.ndarray):\n"
            "        return meta.encoder_seq_lens_cpu  # AEON: a tensor since #29268\n"
            "    return lens.astype(np.int32)\n",
            "    return lens.astype(np.int32)",
        ),
    ),
]


# --- round 2: a value the fork puts there itself, a test expecting the new flavour's error, a converting override
TWINS += [
    (
        CAC,
        "twin: the field assigned by the fork before the use",
        K(
            *CA,
            "vllm/aeon/rv68ca21.py",
            CAM + "def aeon_encoder_lens(meta: CommonAttentionMetadata, lens: np.ndarray) -> np.ndarray:\n"
            "    meta.encoder_seq_lens = lens  # type: ignore[assignment]  # AEON: the bridge hands its host copy\n"
            "    return meta.encoder_seq_lens.astype(np.int32)\n",
            "    return meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: a fork test building the metadata with its own array",
        K(
            *CA,
            "tests/aeon/test_rv68ca22.py",
            CAM + "def test_encoder_lens_cast() -> None:\n"
            "    t = torch.zeros(2, dtype=torch.int32)\n"
            "    meta = CommonAttentionMetadata(\n"
            "        query_start_loc=t, query_start_loc_cpu=t, seq_lens=t, seq_lens_cpu=t, num_computed_tokens_cpu=t,\n"
            "        num_reqs=1, num_actual_tokens=1, max_query_len=1, max_seq_len=1, block_table_tensor=t,\n"
            "        slot_mapping=t, encoder_seq_lens=np.array([3], dtype=np.int64),\n"
            "    )\n"
            "    assert meta.encoder_seq_lens.astype(np.int32).tolist() == [3]\n",
            "    assert meta.encoder_seq_lens.astype(np.int32).tolist() == [3]",
        ),
    ),
    (
        CAC,
        "twin: a fork test expecting the tensor's AttributeError",
        K(
            *CA,
            "tests/aeon/test_rv68ca23.py",
            "import pytest\n" + CAM + "def test_lens_are_a_tensor_now(meta: CommonAttentionMetadata) -> None:\n"
            "    with pytest.raises(AttributeError):\n"
            "        meta.encoder_seq_lens.astype(np.int32)\n",
            "        meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        NPC,
        "twin: a fork test expecting the array's AttributeError",
        K(
            *NP,
            "tests/aeon/test_rv68np34.py",
            "import pytest\n" + POL + "def test_replicas_are_arrays_now() -> None:\n"
            "    _, _, logcnt = DefaultEplbPolicy.replicate_experts(np.ones((1, 4)), 6)\n"
            "    with pytest.raises(AttributeError):\n"
            '        logcnt.to("cpu")\n',
            '        logcnt.to("cpu")',
        ),
    ),
    (
        NPC,
        "twin: the fork's override converting super()'s arrays, called on the subclass",
        K(
            *NP,
            "vllm/aeon/rv68np35.py",
            POL + "class AeonTorchPolicy(DefaultEplbPolicy):\n"
            "    @classmethod\n"
            "    def replicate_experts(cls, weight, num_phy):  # type: ignore[override]\n"
            "        # AEON: the on-device rebalance wants tensors back\n"
            "        phy2log, rank, logcnt = super().replicate_experts(weight.cpu().numpy(), num_phy)\n"
            "        return torch.from_numpy(phy2log), torch.from_numpy(rank), torch.from_numpy(logcnt)\n\n\n"
            "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    return AeonTorchPolicy.replicate_experts(load, num_physical)[2].to(load.device)\n",
            "    return AeonTorchPolicy.replicate_experts(load, num_physical)[2].to(load.device)",
        ),
    ),
    (
        MMC,
        "twin: a fork test expecting the tensor's AttributeError",
        K(
            *MM,
            "tests/aeon/test_rv68mm8.py",
            "import pytest\n" + ENC + "def test_cu_is_a_tensor_now(backend: AttentionBackendEnum) -> None:\n"
            "    packed = MMEncoderAttention.maybe_recompute_cu_seqlens(\n"
            '        backend, np.array([0, 4]), 64, 1, torch.device("cpu")\n'
            "    )\n"
            "    with pytest.raises(AttributeError):\n"
            "        packed.astype(np.int32)\n",
            "        packed.astype(np.int32)",
        ),
    ),
]


# --- round 3: the fork's construction handed its own array through a parameter, or positionally; an indexed
#     element in a try or a test expecting the raise
TWINS += [
    (
        NPC,
        "twin: an element indexed off the call in a try catching AttributeError",
        K(
            *NP,
            "vllm/aeon/rv68np36.py",
            POL + "def aeon_replica_counts(load: torch.Tensor, num_physical: int) -> torch.Tensor:\n"
            "    try:\n"
            "        return DefaultEplbPolicy.replicate_experts(load, num_physical)[2].to(load.device)\n"
            "    except AttributeError:  # AEON: NumPy since #30697\n"
            "        host = DefaultEplbPolicy.replicate_experts(load.cpu().numpy(), num_physical)[2]\n"
            "        return torch.from_numpy(host).to(load.device)\n",
            "        return DefaultEplbPolicy.replicate_experts(load, num_physical)[2].to(load.device)",
        ),
    ),
    (
        CAC,
        "twin: a fork helper building the metadata from its own array parameter",
        K(
            *CA,
            "vllm/aeon/rv68ca24.py",
            CAM + "def aeon_cross_lens(t: torch.Tensor, host: np.ndarray) -> np.ndarray:\n"
            "    meta = CommonAttentionMetadata(\n"
            "        query_start_loc=t, query_start_loc_cpu=t, seq_lens=t, seq_lens_cpu=t, num_computed_tokens_cpu=t,\n"
            "        num_reqs=1, num_actual_tokens=1, max_query_len=1, max_seq_len=1, block_table_tensor=t,\n"
            "        slot_mapping=t, encoder_seq_lens=host,\n"
            "    )\n"
            "    return meta.encoder_seq_lens.astype(np.int32)\n",
            "    return meta.encoder_seq_lens.astype(np.int32)",
        ),
    ),
    (
        CAC,
        "twin: a fork test's own metadata built positionally with its array",
        K(
            *CA,
            "tests/aeon/test_rv68ca25.py",
            CAM + "def test_encoder_lens_cast() -> None:\n"
            "    t = torch.zeros(2, dtype=torch.int32)\n"
            "    meta = CommonAttentionMetadata(t, t, t, t, t, 1, 1, 1, 1, t, t, True, None, None, np.array([3]))\n"
            "    assert meta.encoder_seq_lens.astype(np.int32).tolist() == [3]\n",
            "    assert meta.encoder_seq_lens.astype(np.int32).tolist() == [3]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review68-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
