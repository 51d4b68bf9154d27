"""Adversarial twins of mend50's guards: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry the engine read as broken, but that is right after
the merge (the merge base is the commit's first parent, upstream the commit):

- a ``getattr`` with a default probing for a callable upstream removed outright (review49's leftover): #26982
  (f6027b2855, ``is_kv_cache_dtype_supported`` removed from ``CudaPlatformBase``) through the ``CudaPlatform``
  alias: ``check = getattr(CudaPlatform, "is_kv_cache_dtype_supported", None)`` then ``True if check is None else
  check(...)``, ``if check is not None: return check(...)``, ``if not check: return ...`` before the call,
  ``not callable(check) or check(...)``;
- a guard helper imported relatively (review53's leftover): #47058 (1ab9522935, ``get_moe_expert_mapping``
  raises where it returned ``[]``): ``from .r57guards import has_experts`` (``as``, ``from . import
  r57guards``) then ``if not has_experts(model): return False`` before ``bool(get_moe_expert_mapping(model))``;
- a test of a rename's new name with the old one where it fails (review56's leftover): #33465 (1dfd64c1cc,
  ``VocabParallelEmbedding.forward_native`` renamed ``forward``): ``"forward" in VocabParallelEmbedding.__dict__``
  (``type(emb).__dict__``, ``vars(type(emb))``) with ``emb.forward_native(ids)`` after a branch that leaves, in
  the ``else``, or under ``not in``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays: a ``getattr`` with no default called, the probed value called with
no test, a relatively imported helper asking another attribute, the old name under a test of another name.

Base engine (d4f4dc09, before mend50): 4 caught of 4; 11 false errors of 12 twins (only the class-dict else of
``hasattr`` of the new name was quiet: symbol drift's gate picking a path per release).  This branch: 4 caught of
4; 0 false errors of 12 (drift/probed_callables.py, drift/helper_guards.py ``held_at``, drift/renamed_probes.py).
Regression set at this head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17 0 false (40, 30, 23),
review47-56 0 false each (22, 41, 25, 34, 27, 31, 26, 30, 29, 14 twins; review49, 53, 56 were 1 false each),
blind_replay_mrv2 30 caught, 1 warned, 2 missed of 33 (18 quiet), platcuda 21/21 (10 quiet), kvnixl 23/23 (10
quiet), fmexperts 19 caught, 2 warned of 21 (11 quiet), all as before; symbol_precision --windows 1: 0 false
errors.  Left: mrv2's #44253 (a returned dict's value class changed; not attempted in this round's time).

  PYTHONPATH=.. python review57_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- #26982 (f6027b2855): is_kv_cache_dtype_supported removed from CudaPlatformBase (CudaPlatform: an alias)
KR = ("#26982", "f6027b2855", "is_kv_cache_dtype_supported removed")
CUDA = "from vllm.platforms.cuda import CudaPlatform\n\n\n"
OK = "def aeon_fp8_ok(model_config) -> bool:\n"
PROBE = '    check = getattr(CudaPlatform, "is_kv_cache_dtype_supported", None)\n'
PB = "#26982 probe"
CASES += [
    (
        PB,
        "getattr with no default, called",
        K(
            *KR,
            "vllm/aeon/r57c1.py",
            CUDA + OK + '    check = getattr(CudaPlatform, "is_kv_cache_dtype_supported")\n'
            '    return check("fp8", model_config)\n',
            '    check = getattr(CudaPlatform, "is_kv_cache_dtype_supported")',
        ),
    ),
    (
        PB,
        "the probed value called with no test",
        K(*KR, "vllm/aeon/r57c2.py", CUDA + OK + PROBE + '    return check("fp8", model_config)\n', PROBE.rstrip("\n")),
    ),
]
TWINS += [
    (
        PB,
        "twin: a conditional expression over the probe",
        K(
            *KR,
            "vllm/aeon/r57t1.py",
            CUDA + OK + PROBE + '    return True if check is None else check("fp8", model_config)\n',
            PROBE.rstrip("\n"),
        ),
    ),
    (
        PB,
        "twin: is not None, then the fork's answer",
        K(
            *KR,
            "vllm/aeon/r57t2.py",
            CUDA
            + OK
            + PROBE
            + '    if check is not None:\n        return check("fp8", model_config)\n    return True\n',
            PROBE.rstrip("\n"),
        ),
    ),
    (
        PB,
        "twin: not check leaves first",
        K(
            *KR,
            "vllm/aeon/r57t3.py",
            CUDA + OK + PROBE + '    if not check:\n        return True\n    return check("fp8", model_config)\n',
            PROBE.rstrip("\n"),
        ),
    ),
    (
        PB,
        "twin: not callable(check) or check(...)",
        K(
            *KR,
            "vllm/aeon/r57t4.py",
            CUDA + OK + PROBE + '    return not callable(check) or check("fp8", model_config)\n',
            PROBE.rstrip("\n"),
        ),
    ),
]

# --- 1ab9522935 (#47058): get_moe_expert_mapping raises ValueError where it returned [] for a dense model
MX = ("#47058", "1ab9522935", "get_moe_expert_mapping raises for a model with no expert mapping")
MI = "from vllm.model_executor.utils import get_moe_expert_mapping\n"
CALL = "    return bool(get_moe_expert_mapping(model))"
GUARDS = "vllm/aeon/r57guards.py"
HAS = 'def has_experts(m) -> bool:\n    return hasattr(m, "get_expert_mapping")\n'
HG = "#47058 relative guard"


def _guarded(name: str, guards: str, imports: str, called: str) -> Killer:
    """The fork's guard module and a module of the same package asking its helper before the call."""
    use = (
        MI + imports + "\n\ndef aeon_is_moe(model) -> bool:\n" + f"    if not {called}(model):\n        return False\n"
    )
    path = f"vllm/aeon/r57{name}.py"
    return Killer(*MX, (Edit(GUARDS, guards), Edit(path, use + CALL + "\n")), ((path, CALL),))


CASES += [
    (
        HG,
        "a relatively imported helper asking another attribute",
        _guarded(
            "hc1",
            'def has_experts(m) -> bool:\n    return hasattr(m, "experts")\n',
            "from .r57guards import has_experts\n",
            "has_experts",
        ),
    ),
]
TWINS += [
    (
        HG,
        "twin: from .guards import the helper",
        _guarded("ht1", HAS, "from .r57guards import has_experts\n", "has_experts"),
    ),
    (
        HG,
        "twin: from .guards import the helper as another name",
        _guarded("ht2", HAS, "from .r57guards import has_experts as is_moe_model\n", "is_moe_model"),
    ),
    (
        HG,
        "twin: from . import the guards module",
        _guarded("ht3", HAS, "from . import r57guards\n", "r57guards.has_experts"),
    ),
    (
        HG,
        "twin: from ..aeon.guards, two dots",
        _guarded("ht4", HAS, "from ..aeon.r57guards import has_experts\n", "has_experts"),
    ),
]

# --- #33465 (1dfd64c1cc): VocabParallelEmbedding.forward_native renamed forward
VE = ("#33465", "1dfd64c1cc", "VocabParallelEmbedding.forward_native renamed forward")
EMB = "import torch\n\nfrom vllm.model_executor.layers.vocab_parallel_embedding import VocabParallelEmbedding\n\n\n"
LOOK = "def aeon_lookup(emb: VocabParallelEmbedding, ids: torch.Tensor) -> torch.Tensor:\n"
RN = "#33465 new name tested"
CASES += [
    (
        RN,
        "the old name under a test of another name",
        K(
            *VE,
            "vllm/aeon/r57c4.py",
            EMB + LOOK + '    if "weight_loader" in VocabParallelEmbedding.__dict__:\n'
            "        return emb(ids)\n"
            "    return emb.forward_native(ids)\n",
            "    return emb.forward_native(ids)",
        ),
    ),
]
TWINS += [
    (
        RN,
        "twin: after a class-dict test of the new name that leaves",
        K(
            *VE,
            "vllm/aeon/r57t5.py",
            EMB + LOOK + '    if "forward" in VocabParallelEmbedding.__dict__:\n'
            "        return emb.forward(ids)\n"
            "    return emb.forward_native(ids)\n",
            "    return emb.forward_native(ids)",
        ),
    ),
    (
        RN,
        "twin: in the else of type(emb).__dict__",
        K(
            *VE,
            "vllm/aeon/r57t6.py",
            EMB + LOOK + '    if "forward" in type(emb).__dict__:\n'
            "        out = emb.forward(ids)\n"
            "    else:\n"
            "        out = emb.forward_native(ids)\n"
            "    return out\n",
            "        out = emb.forward_native(ids)",
        ),
    ),
    (
        RN,
        "twin: under not in vars(type(emb))",
        K(
            *VE,
            "vllm/aeon/r57t7.py",
            EMB + LOOK + '    if "forward" not in vars(type(emb)):\n'
            "        return emb.forward_native(ids)\n"
            "    return emb.forward(ids)\n",
            "        return emb.forward_native(ids)",
        ),
    ),
    (
        RN,
        "twin: in the else of hasattr of the new name",
        K(
            *VE,
            "vllm/aeon/r57t8.py",
            EMB + LOOK + '    if hasattr(emb, "forward"):\n'
            "        return emb.forward(ids)\n"
            "    else:\n"
            "        return emb.forward_native(ids)\n",
            "        return emb.forward_native(ids)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review57-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
