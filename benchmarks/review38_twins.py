"""Adversarial twins of the three guards mend47 taught the engine to read: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a guard written as the fork's own one-line helper (``drift/helper_guards.py``): #47058's
  ``get_moe_expert_mapping`` raising for a dense model under ``if not _has_experts(model): return`` (a
  ``hasattr``, a ``getattr(...) is not None``, an ``isinstance`` helper; by keyword, and-ed), #37487's
  ``self.kv_cache[0]`` under ``_is_list(self.kv_cache)``, #28798's pair tested by ``_is_pair(freqs)``;
- a slot between a scalar and a ``Literal[...]`` (``drift/literal_slots.py``): #49114's ``cache_policy:
  Literal["lru", "arc"]`` widened to ``str`` (a choice handed by position, by keyword, a fork ``Literal`` handed
  on), #26915's ``publisher: str`` narrowed to ``Literal["null", "zmq"]`` (a choice it still takes);
- a comparison of a library's or the interpreter's version (``drift/gated_lines.py``): the old spelling kept
  for an older ``torch``/``transformers``/Python, the new one for the newer (#47058, #37487, #28798, #27142).

Every error on a twin's line is a false one (a warning is counted apart: a version test still warns).  The
CASES are true catches of the same commits, kept to show the reach stays: the killer with no guard, a helper
that is no guard (a side effect before its return, a test of another attribute), a value the new ``Literal``
refuses, and the old spelling outside any version test.

Main's engine (340cb80b; 6 cases, 20 twins): 6 caught of 6; 14 false errors of 20 twins: the helper guards of
#47058 (6), #37487 (2; layout drift reads its own kind tests, now through the helper too) and #28798 (2), and
the version tests of torch, Python and transformers on #47058 (2), #37487 (1) and #27142 (1); #28798's two
version twins were warnings already (its check reads no version, the finding is a warning of its own).  The
Literal twins were quiet on main too (no rename: the renamed-slot rule is not asked; its tests are in
``tests/audits/test_literal_slots.py``, no upstream commit renaming a slot into or out of a ``Literal``).
This branch: 6 caught of 6; 0 false errors of 20 twins (6 warned: the version tests, as they should).

  PYTHONPATH=.. python review38_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 1ab9522935 (#47058): get_moe_expert_mapping raises ValueError where it returned [] for a dense model
MX = ("#47058", "1ab9522935", "get_moe_expert_mapping raises for a model with no expert mapping")
MI = "from vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
HAS = '    return hasattr(m, "get_expert_mapping")\n\n\n'
CALL = "    return bool(get_moe_expert_mapping(model))"
EXIT = "def aeon_is_moe(model) -> bool:\n    if not _has_experts(model):\n        return False\n" + CALL + "\n"


def _mx(name: str, text: str, line: str = CALL) -> Killer:
    return K(*MX, f"vllm/aeon/r38{name}.py", text, line)


CASES += [
    (
        "#47058 empty made a raise",
        "the mapping tested for emptiness, no guard",
        _mx("mx0", MI + EXIT.replace("    if not _has_experts(model):\n        return False\n", "")),
    ),
    (
        "#47058 empty made a raise",
        "a helper with a side effect before its return (no one-line guard)",
        _mx("mx1", MI + "def _has_experts(m):\n    m.aeon_probed = True\n" + HAS + EXIT),
    ),
    (
        "#47058 empty made a raise",
        "a helper asking another attribute",
        _mx("mx2", MI + 'def _has_experts(m):\n    return hasattr(m, "experts")\n\n\n' + EXIT),
    ),
]
TWINS += [
    (
        "#47058 empty made a raise",
        "twin: a hasattr helper, early exit",
        _mx("mt0", MI + "def _has_experts(m):\n" + HAS + EXIT),
    ),
    (
        "#47058 empty made a raise",
        "twin: a getattr-is-not-None helper with a docstring",
        _mx(
            "mt1",
            MI + "def _has_experts(m) -> bool:\n"
            '    """AEON: the dense draft models have no expert mapping."""\n'
            '    return getattr(m, "get_expert_mapping", None) is not None\n\n\n' + EXIT,
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: the helper and-ed before the call",
        _mx(
            "mt2",
            MI + "def _has_experts(m):\n" + HAS + "def aeon_is_moe(model) -> bool:\n"
            "    return _has_experts(model) and bool(get_moe_expert_mapping(model))\n",
            "    return _has_experts(model) and bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: an isinstance helper of a fork class defining get_expert_mapping",
        _mx(
            "mt3",
            MI + "class AeonMoE:\n    def get_expert_mapping(self):\n        return []\n\n\n"
            "def _has_experts(m) -> bool:\n    return isinstance(m, AeonMoE)\n\n\n" + EXIT,
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: the call in the body of an if on the helper",
        _mx(
            "mt5",
            MI + "def _has_experts(m):\n" + HAS + "def aeon_is_moe(model) -> bool:\n    if _has_experts(model):\n"
            "    " + CALL + "\n    return False\n",
            "        return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: the helper called by keyword, its name a default",
        _mx(
            "mt4",
            MI
            + 'def _has_member(m, name="get_expert_mapping"):\n    return hasattr(m, name)\n\n\n'
            + EXIT.replace("_has_experts(model)", "_has_member(m=model)"),
        ),
    ),
]

# --- c59a132f96 (#37487): Attention.kv_cache a list per virtual engine -> one tensor
KC = ("#37487", "c59a132f96", "Attention.kv_cache: [tensor] -> tensor")
AT = "import torch\n\nfrom vllm.model_executor.layers.attention.attention import Attention\n\n\n"
IS_LIST = "def _is_list(x) -> bool:\n    return isinstance(x, (list, tuple))\n\n\n"
TWINS += [
    (
        "#37487 field made one value",
        "twin: self.kv_cache[0] under the fork's _is_list(self.kv_cache)",
        K(
            *KC,
            "vllm/aeon/r38kc0.py",
            AT + IS_LIST + "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        return self.kv_cache[0] if _is_list(self.kv_cache) else self.kv_cache\n",
            "        return self.kv_cache[0] if _is_list(self.kv_cache) else self.kv_cache",
        ),
    ),
    (
        "#37487 field made one value",
        "twin: an if statement on the fork's _is_list",
        K(
            *KC,
            "vllm/aeon/r38kc1.py",
            AT + IS_LIST + "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        if _is_list(self.kv_cache):\n"
            "            return self.kv_cache[0]\n"
            "        return self.kv_cache\n",
            "            return self.kv_cache[0]",
        ),
    ),
]

# --- b9489f51e1 (#28798): Qwen2VisionTransformer.rot_pos_emb returns a (cos, sin) pair
RO = ("#28798", "b9489f51e1", "rot_pos_emb -> tuple[Tensor, Tensor] under a rewrapped signature")
Q2 = "import torch\n\nfrom vllm.model_executor.models.qwen2_vl import Qwen2VisionTransformer\n\n\n"
IS_PAIR = "def _is_pair(x) -> bool:\n    return isinstance(x, tuple)\n\n\n"
TWINS += [
    (
        "#28798 return made a pair",
        "twin: the pair told apart by the fork's _is_pair, early exit",
        K(
            *RO,
            "vllm/aeon/r38ro0.py",
            Q2 + IS_PAIR + "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        if _is_pair(freqs):\n"
            "            return freqs[0]\n"
            "        return freqs.cos()\n",
            "        return freqs.cos()",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: the pair told apart by the fork's _is_pair, a conditional expression",
        K(
            *RO,
            "vllm/aeon/r38ro1.py",
            Q2 + IS_PAIR + "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        return freqs[0] if _is_pair(freqs) else freqs.cos()\n",
            "        return freqs[0] if _is_pair(freqs) else freqs.cos()",
        ),
    ),
]

# --- dc1be79031 (#49114): CPUOffloadingManager's cache_policy: Literal["lru", "arc"] -> str
CP = ("#49114", "dc1be79031", 'cache_policy: Literal["lru", "arc"] -> str (a policy factory)')
CM = "from typing import Literal\n\nfrom vllm.v1.kv_offload.cpu.manager import CPUOffloadingManager\n\n\n"
TWINS += [
    (
        "#49114 Literal widened to str",
        "twin: a choice handed by position",
        K(
            *CP,
            "vllm/aeon/r38cp0.py",
            CM + "def aeon_manager(n: int) -> CPUOffloadingManager:\n    return CPUOffloadingManager(n, 'arc')\n",
            "    return CPUOffloadingManager(n, 'arc')",
        ),
    ),
    (
        "#49114 Literal widened to str",
        "twin: a choice handed by keyword",
        K(
            *CP,
            "vllm/aeon/r38cp1.py",
            CM + "def aeon_manager(n: int) -> CPUOffloadingManager:\n"
            "    return CPUOffloadingManager(num_blocks=n, cache_policy='lru')\n",
            "    return CPUOffloadingManager(num_blocks=n, cache_policy='lru')",
        ),
    ),
    (
        "#49114 Literal widened to str",
        "twin: the fork's own Literal handed on",
        K(
            *CP,
            "vllm/aeon/r38cp2.py",
            CM + "def aeon_manager(n: int, cache_policy: Literal['lru', 'arc']) -> CPUOffloadingManager:\n"
            "    return CPUOffloadingManager(n, cache_policy)\n",
            "    return CPUOffloadingManager(n, cache_policy)",
        ),
    ),
]

# --- 8669c69afa (#26915): KVEventsConfig.publisher: str = "null" -> Literal["null", "zmq"]
KE = ("#26915", "8669c69afa", 'KVEventsConfig.publisher: str -> Literal["null", "zmq"]')
CFG = "from vllm.config.kv_events import KVEventsConfig\n\n\n"
CASES += [
    (
        "#26915 str narrowed to a Literal",
        "a publisher the Literal refuses",
        K(
            *KE,
            "vllm/aeon/r38ke0.py",
            CFG + "def aeon_events() -> KVEventsConfig:\n"
            '    return KVEventsConfig(enable_kv_cache_events=True, publisher="kafka")\n',
            '    return KVEventsConfig(enable_kv_cache_events=True, publisher="kafka")',
        ),
    ),
]
TWINS += [
    (
        "#26915 str narrowed to a Literal",
        "twin: a publisher the Literal takes",
        K(
            *KE,
            "vllm/aeon/r38ke1.py",
            CFG + "def aeon_events() -> KVEventsConfig:\n"
            '    return KVEventsConfig(enable_kv_cache_events=False, publisher="null")\n',
            '    return KVEventsConfig(enable_kv_cache_events=False, publisher="null")',
        ),
    ),
]

# --- version tests of a library or the interpreter: the old spelling kept for the old release
TORCH = "import torch\n\n"
TWINS += [
    (
        "#47058 empty made a raise",
        "twin: the old test kept for an older torch",
        _mx(
            "mv0",
            TORCH + MI + "def aeon_is_moe(model) -> bool:\n    if torch.__version__ < '2.9':\n" + "    " + CALL + "\n"
            "    return any(hasattr(m, 'get_expert_mapping') for m in model.modules())\n",
            "        return bool(get_moe_expert_mapping(model))",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: the old test kept for an older Python (from sys import version_info)",
        _mx(
            "mv1",
            "from sys import version_info\n\n" + MI + "def aeon_is_moe(model) -> bool:\n"
            "    if version_info >= (3, 12):\n"
            "        return any(hasattr(m, 'get_expert_mapping') for m in model.modules())\n" + CALL + "\n",
        ),
    ),
    (
        "#37487 field made one value",
        "twin: the per-engine list kept for an older transformers (packaging Version)",
        K(
            *KC,
            "vllm/aeon/r38kv0.py",
            "from packaging.version import Version\n\nimport transformers\n" + AT + "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        if Version(transformers.__version__) < Version('4.56'):\n"
            "            return self.kv_cache[0]\n"
            "        return self.kv_cache\n",
            "            return self.kv_cache[0]",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: one tensor kept for an older torch (a module flag from importlib.metadata)",
        K(
            *RO,
            "vllm/aeon/r38rv0.py",
            "import importlib.metadata\n\n" + Q2 + "OLD_TORCH = importlib.metadata.version('torch') < '2.9'\n\n\n"
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        return freqs.cos() if OLD_TORCH else freqs[0]\n",
            "        return freqs.cos() if OLD_TORCH else freqs[0]",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: one tensor kept for an older torch (torch.__version__ in an if)",
        K(
            *RO,
            "vllm/aeon/r38rv1.py",
            Q2 + "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        if torch.__version__ >= '2.9':\n"
            "            return freqs[0]\n"
            "        return freqs.cos()\n",
            "        return freqs.cos()",
        ),
    ),
]
KB = ("#27142", "647214f3d5", "determine_num_available_blocks removed under a fork call of it by name")
TWINS += [
    (
        "#27142 worker method removed",
        "twin: the old RPC kept for an older torch, the new one after",
        K(
            *KB,
            "vllm/aeon/r38kb0.py",
            TORCH + "\ndef aeon_gpu_blocks(executor) -> int:\n"
            "    if torch.__version__ < '2.9':\n"
            '        blocks = executor.collective_rpc("determine_num_available_blocks")\n'
            "        return min(gpu for gpu, _ in blocks)\n"
            '    return min(executor.collective_rpc("determine_available_memory"))\n',
            '        blocks = executor.collective_rpc("determine_num_available_blocks")',
        ),
    ),
]
CASES += [
    (
        "#27142 worker method removed",
        "the old RPC outside the version test (the file asks torch's version elsewhere)",
        K(
            *KB,
            "vllm/aeon/r38kb1.py",
            TORCH + "\nNEW_TORCH = torch.__version__ >= '2.9'\n\n\ndef aeon_gpu_blocks(executor) -> int:\n"
            '    blocks = executor.collective_rpc("determine_num_available_blocks")\n'
            "    return min(gpu for gpu, _ in blocks)\n",
            '    blocks = executor.collective_rpc("determine_num_available_blocks")',
        ),
    ),
    (
        "#37487 field made one value",
        "self.kv_cache[0] after a torch test that does not leave the block",
        K(
            *KC,
            "vllm/aeon/r38kv1.py",
            AT + "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        if torch.__version__ < '2.9':\n"
            "            torch.cuda.synchronize()\n"
            "        return self.kv_cache[0]\n",
            "        return self.kv_cache[0]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review38-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
