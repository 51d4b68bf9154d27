"""Adversarial twins of mend47's guard readers: correct fork carries a maintainer writes after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit).  review38's twins were
shaped like the helper's own killers (a module function of one ``return`` over its parameters, a
``torch.__version__`` compared in the ``if``); these are the other spellings the same guard takes:

- the fork's helper guard (``drift/helper_guards.py``) as a method of the fork's class called off ``self``
  (plain, ``@staticmethod``, ``@classmethod``), a module-level ``lambda``, a helper under ``@functools.cache``
  or ``@lru_cache``, a helper with a keyword-only parameter, a helper calling another one-line helper, a negated
  helper (``_dense(m)``), on #47058's ``get_moe_expert_mapping`` raising for a dense model, #37487's
  ``self.kv_cache[0]`` and #28798's ``(cos, sin)`` pair;
- the version test of a library (``drift/gated_lines.py``) spelt the way the upstream tree spells it:
  ``is_torch_equal_or_newer("2.10.0")``, ``torchao_version_at_least("0.15.0")``, a module flag bound from
  one, a zero-argument helper returning ``torch.__version__ >= "2.9"``, a local flag bound in the function,
  on #47058, #37487, #27142 and #36521 (``Worker.initialize_cache`` removed).

Every error on a twin's line is a false one (a warning is counted apart: a version test still warns).  The
CASES are true catches of the same commits, kept to show the reach stays: the killer with no guard, a method
helper asking another attribute, a lambda helper with a side effect, a version helper named for no version
(``current_platform.is_cuda()``), the killer after a version test that does not leave the block.

Round 1, main's engine (46ff0d0e; 5 cases, 20 twins): 5 caught of 5; 19 false errors of 20 twins: the helper
guard read nowhere but as a module function of one ``return`` over positional parameters: a method off
``self`` (plain, staticmethod) or off the class's name (classmethod) (#47058: 3; #37487: 1; #28798: 1), a
lambda (#47058, #37487, #28798: 3), a helper under ``functools.cache``/``lru_cache`` (2), a keyword-only
parameter (1), a helper calling another helper (1); the library version test read only as a comparison
in the test itself: ``is_torch_equal_or_newer("2.10.0")`` (#47058, #27142, #36521: 3), a module flag bound
from it (#37487: 1), ``torchao_version_at_least("0.15.0")`` (#27142: 1), a zero-argument helper returning
``torch.__version__ >= "2.9"`` (1), a local flag bound from ``torch.__version__`` (1).  Quiet: the negated
helper (``if _dense(model): return``).
This branch after the first mends (fd2abe62): 5 caught of 5; 0 false errors of 20 (7 warned: the version tests).
Round 2, twins added after those mends (2 cases, 8 twins): a ``@property`` helper off ``self`` (#47058, #37487),
a def inside the function or method (#47058, #28798), a helper imported from another fork module, a version
helper handed the release (``_torch_at_least("2.10")``), a version tuple flag of the module, the torch helper
imported under another name.  At fd2abe62: 2 caught of 2; 5 false errors of 8 (the properties 2, the local
defs 2, the imported helper 1).
Round 3, the one real commit found renaming a slot into a ``Literal`` (``git log -G`` over 330 commits touching a
``Literal[`` parameter since 2024-06): #51265's keyword-only ``skip_with_substr: bool`` renamed ``match_mode:
Literal["exact", "substring", "suffix"]`` -- keyword-only, so refused-keyword drift judges it, not the
positional Literal rule (no real commit renames a positional slot into or out of a ``Literal``).  1 case, 2 twins
(the old keyword where the fork's own signature helper says the new one is absent; the same helper cached, with
a keyword default): at main 1 caught, 1 false error of 2 (the cached helper); this branch 1 caught, 0 false
errors (both warned, as every signature-tested call is).
Round 4: the version test kept in the fork's own compat module and imported (a flag ``NEW_TORCH =
is_torch_equal_or_newer("2.10.0")`` tested bare, a helper returning it): at 739a334a 2 false errors of 2; read
through the merged tree since (gated_lines), 0.
This branch (all rounds, 8 cases, 32 twins): 8 caught of 8; 1 false error of 32 twins (14 warned: the version
tests and the signature tests, as they should).  Left: the helper imported from another fork module (r44mt11) -- the guard readers of
drift/fallbacks.py are handed one module, and following the import needs the merged tree at each of them.

  PYTHONPATH=.. python review44_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 1ab9522935 (#47058): get_moe_expert_mapping raises ValueError where it returned [] for a dense model
MX = ("#47058", "1ab9522935", "get_moe_expert_mapping raises for a model with no expert mapping")
MI = "from vllm.model_executor.utils import get_moe_expert_mapping\n\n\n"
CALL = "    return bool(get_moe_expert_mapping(model))"
HAS = '    return hasattr(m, "get_expert_mapping")\n\n\n'
EXIT = "def aeon_is_moe(model) -> bool:\n    if not _has_experts(model):\n        return False\n" + CALL + "\n"
KL = "class AeonMoEProbe:\n"
MCALL = "        return bool(get_moe_expert_mapping(model))"


def _mx(name: str, text: str, line: str = CALL) -> Killer:
    return K(*MX, f"vllm/aeon/r44{name}.py", text, line)


def _method(guard: str, helper: str) -> str:
    """A fork class asking its own helper before the call."""
    return (
        MI + KL + helper + "    def aeon_is_moe(self, model) -> bool:\n"
        f"        if not {guard}(model):\n            return False\n" + MCALL + "\n"
    )


CASES += [
    (
        "#47058 empty made a raise",
        "a method helper asking another attribute",
        _mx(
            "mx0",
            _method(
                "self._has_experts", '    def _has_experts(self, m) -> bool:\n        return hasattr(m, "experts")\n\n'
            ),
            MCALL,
        ),
    ),
    (
        "#47058 empty made a raise",
        "a lambda helper asking another attribute",
        _mx("mx1", MI + '_has_experts = lambda m: hasattr(m, "experts")  # noqa: E731\n\n\n' + EXIT),
    ),
]
TWINS += [
    (
        "#47058 empty made a raise",
        "twin: a method helper off self",
        _mx("mt0", _method("self._has_experts", "    def _has_experts(self, m) -> bool:\n    " + HAS[:-2]), MCALL),
    ),
    (
        "#47058 empty made a raise",
        "twin: a staticmethod helper off self",
        _mx(
            "mt1",
            _method("self._has_experts", "    @staticmethod\n    def _has_experts(m) -> bool:\n    " + HAS[:-2]),
            MCALL,
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: a classmethod helper off the class's name",
        _mx(
            "mt2",
            _method(
                "AeonMoEProbe._has_experts",
                "    @classmethod\n    def _has_experts(cls, m) -> bool:\n    " + HAS[:-2],
            ),
            MCALL,
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: a module-level lambda helper",
        _mx("mt3", MI + '_has_experts = lambda m: hasattr(m, "get_expert_mapping")  # noqa: E731\n\n\n' + EXIT),
    ),
    (
        "#47058 empty made a raise",
        "twin: a helper under functools.cache",
        _mx("mt4", "import functools\n\n" + MI + "@functools.cache\ndef _has_experts(m):\n" + HAS + EXIT),
    ),
    (
        "#47058 empty made a raise",
        "twin: a helper under lru_cache(maxsize=None)",
        _mx(
            "mt5",
            "from functools import lru_cache\n\n"
            + MI
            + "@lru_cache(maxsize=None)\ndef _has_experts(m):\n"
            + HAS
            + EXIT,
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: a helper with a keyword-only attribute name",
        _mx(
            "mt6",
            MI
            + 'def _has_experts(m, *, name: str = "get_expert_mapping") -> bool:\n    return hasattr(m, name)\n\n\n'
            + EXIT,
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: a helper calling another one-line helper",
        _mx(
            "mt7",
            MI + "def _has(m, name):\n    return hasattr(m, name)\n\n\n"
            'def _has_experts(m):\n    return _has(m, "get_expert_mapping")\n\n\n' + EXIT,
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: a negated helper, early exit",
        _mx(
            "mt8",
            MI + 'def _dense(m) -> bool:\n    return not hasattr(m, "get_expert_mapping")\n\n\n'
            "def aeon_is_moe(model) -> bool:\n    if _dense(model):\n        return False\n" + CALL + "\n",
        ),
    ),
]

# --- version tests of a library, spelt the way the upstream tree spells them
TU = "from vllm.utils.torch_utils import is_torch_equal_or_newer\n"
TWINS += [
    (
        "#47058 empty made a raise",
        "twin: the old test kept below torch 2.10 (is_torch_equal_or_newer)",
        _mx(
            "mv0",
            TU + MI + "def aeon_is_moe(model) -> bool:\n"
            '    if is_torch_equal_or_newer("2.10.0"):\n'
            "        return any(hasattr(m, 'get_expert_mapping') for m in model.modules())\n" + CALL + "\n",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: a zero-argument helper returning a torch version test",
        _mx(
            "mv1",
            "import torch\n\n" + MI + 'def _new_torch() -> bool:\n    return torch.__version__ >= "2.9"\n\n\n'
            "def aeon_is_moe(model) -> bool:\n    if _new_torch():\n"
            "        return any(hasattr(m, 'get_expert_mapping') for m in model.modules())\n" + CALL + "\n",
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: a local flag bound from the torch version",
        _mx(
            "mv2",
            "import torch\n\n" + MI + "def aeon_is_moe(model) -> bool:\n"
            '    old_torch = torch.__version__ < "2.9"\n'
            "    if old_torch:\n" + "    " + CALL + "\n"
            "    return any(hasattr(m, 'get_expert_mapping') for m in model.modules())\n",
            "        return bool(get_moe_expert_mapping(model))",
        ),
    ),
]

# --- c59a132f96 (#37487): Attention.kv_cache a list per virtual engine -> one tensor
KC = ("#37487", "c59a132f96", "Attention.kv_cache: [tensor] -> tensor")
AT = "import torch\n\nfrom vllm.model_executor.layers.attention.attention import Attention\n\n\n"
TWINS += [
    (
        "#37487 field made one value",
        "twin: self.kv_cache[0] under the class's own staticmethod _is_list",
        K(
            *KC,
            "vllm/aeon/r44kc0.py",
            AT + "class AeonAttention(Attention):\n"
            "    @staticmethod\n    def _is_list(x) -> bool:\n        return isinstance(x, list)\n\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        if self._is_list(self.kv_cache):\n"
            "            return self.kv_cache[0]\n"
            "        return self.kv_cache\n",
            "            return self.kv_cache[0]",
        ),
    ),
    (
        "#37487 field made one value",
        "twin: self.kv_cache[0] under a lambda _is_list",
        K(
            *KC,
            "vllm/aeon/r44kc1.py",
            AT + "_is_list = lambda x: isinstance(x, (list, tuple))  # noqa: E731\n\n\n"
            "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        return self.kv_cache[0] if _is_list(self.kv_cache) else self.kv_cache\n",
            "        return self.kv_cache[0] if _is_list(self.kv_cache) else self.kv_cache",
        ),
    ),
    (
        "#37487 field made one value",
        "twin: the per-engine list kept below torch 2.10 (a module flag of is_torch_equal_or_newer)",
        K(
            *KC,
            "vllm/aeon/r44kc2.py",
            TU + AT + 'NEW_TORCH = is_torch_equal_or_newer("2.10")\n\n\n'
            "class AeonAttention(Attention):\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        return self.kv_cache if NEW_TORCH else self.kv_cache[0]\n",
            "        return self.kv_cache if NEW_TORCH else self.kv_cache[0]",
        ),
    ),
]

# --- b9489f51e1 (#28798): Qwen2VisionTransformer.rot_pos_emb returns a (cos, sin) pair
RO = ("#28798", "b9489f51e1", "rot_pos_emb -> tuple[Tensor, Tensor] under a rewrapped signature")
Q2 = "import torch\n\nfrom vllm.model_executor.models.qwen2_vl import Qwen2VisionTransformer\n\n\n"
TWINS += [
    (
        "#28798 return made a pair",
        "twin: the pair told apart by the class's own method, early exit",
        K(
            *RO,
            "vllm/aeon/r44ro0.py",
            Q2 + "class AeonTower(Qwen2VisionTransformer):\n"
            "    def _paired(self, x) -> bool:\n        return isinstance(x, tuple)\n\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        if self._paired(freqs):\n"
            "            return freqs[0]\n"
            "        return freqs.cos()\n",
            "        return freqs.cos()",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: the pair told apart by a lambda, a conditional expression",
        K(
            *RO,
            "vllm/aeon/r44ro1.py",
            Q2 + "_paired = lambda x: isinstance(x, tuple)  # noqa: E731\n\n\n"
            "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        return freqs[0] if _paired(freqs) else freqs.cos()\n",
            "        return freqs[0] if _paired(freqs) else freqs.cos()",
        ),
    ),
]

# --- 647214f3d5 (#27142): determine_num_available_blocks removed
KB = ("#27142", "647214f3d5", "determine_num_available_blocks removed under a fork call of it by name")
OLD_RPC = '        blocks = executor.collective_rpc("determine_num_available_blocks")'
TWINS += [
    (
        "#27142 worker method removed",
        "twin: the old RPC kept below torch 2.10 (is_torch_equal_or_newer, else branch)",
        K(
            *KB,
            "vllm/aeon/r44kb0.py",
            TU + "\n\ndef aeon_gpu_blocks(executor) -> int:\n"
            '    if is_torch_equal_or_newer("2.10.0"):\n'
            '        return min(executor.collective_rpc("determine_available_memory"))\n'
            "    else:\n" + OLD_RPC + "\n        return min(gpu for gpu, _ in blocks)\n",
            OLD_RPC,
        ),
    ),
    (
        "#27142 worker method removed",
        "twin: the old RPC kept below torchao 0.15 (an imported version helper)",
        K(
            *KB,
            "vllm/aeon/r44kb1.py",
            "from vllm.model_executor.layers.quantization.torchao import torchao_version_at_least\n\n\n"
            "def aeon_gpu_blocks(executor) -> int:\n"
            '    if not torchao_version_at_least("0.15.0"):\n'
            + OLD_RPC
            + "\n        return min(gpu for gpu, _ in blocks)\n"
            '    return min(executor.collective_rpc("determine_available_memory"))\n',
            OLD_RPC,
        ),
    ),
]
CASES += [
    (
        "#27142 worker method removed",
        "the old RPC under a platform test (no version asked)",
        K(
            *KB,
            "vllm/aeon/r44kb2.py",
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_gpu_blocks(executor) -> int:\n"
            "    if current_platform.is_cuda():\n" + OLD_RPC + "\n        return min(gpu for gpu, _ in blocks)\n"
            '    return min(executor.collective_rpc("determine_available_memory"))\n',
            OLD_RPC,
        ),
    ),
    (
        "#27142 worker method removed",
        "the old RPC after a torch-version test that does not leave the block",
        K(
            *KB,
            "vllm/aeon/r44kb3.py",
            TU + "\n\ndef aeon_gpu_blocks(executor) -> int:\n"
            '    if is_torch_equal_or_newer("2.10.0"):\n'
            "        executor.aeon_synced = True\n"
            '    blocks = executor.collective_rpc("determine_num_available_blocks")\n'
            "    return min(gpu for gpu, _ in blocks)\n",
            '    blocks = executor.collective_rpc("determine_num_available_blocks")',
        ),
    ),
]

# --- 65b2f405dc (#36521): Worker.initialize_cache removed
IC = ("#36521", "65b2f405dc", "Worker.initialize_cache removed")
IC_RPC = '        executor.collective_rpc("initialize_cache", args=(num_gpu_blocks, 0))'
TWINS += [
    (
        "#36521 undispatched",
        "twin: the old hook kept below torch 2.10 (is_torch_equal_or_newer)",
        K(
            *IC,
            "vllm/aeon/r44ic0.py",
            "from vllm.v1.executor.abstract import Executor\n" + TU + "\n\n"
            "def aeon_size_cache(executor: Executor, num_gpu_blocks: int) -> None:\n"
            '    if not is_torch_equal_or_newer("2.10.0"):\n' + IC_RPC + "\n",
            IC_RPC,
        ),
    ),
]
CASES += [
    (
        "#36521 undispatched",
        "collective_rpc of initialize_cache with no test",
        K(
            *IC,
            "vllm/aeon/r44ic1.py",
            "from vllm.v1.executor.abstract import Executor\n\n\n"
            "def aeon_size_cache(executor: Executor, num_gpu_blocks: int) -> None:\n" + IC_RPC[4:] + "\n",
            IC_RPC[4:],
        ),
    ),
]


# --- round 2 (after the first mends): a property, a local def, a helper of another fork module, version helpers
# handed the release, a tuple flag of the version, an aliased torch helper
PROP = (
    MI + "class AeonMoEProbe:\n    def __init__(self, model) -> None:\n        self.model = model\n\n"
    "    @property\n    def _has_experts(self) -> bool:\n        return hasattr(self.model, {attr!r})\n\n"
    "    def aeon_is_moe(self) -> bool:\n        if not self._has_experts:\n            return False\n"
    "        return bool(get_moe_expert_mapping(self.model))\n"
)
PCALL = "        return bool(get_moe_expert_mapping(self.model))"
LOCAL = (
    MI + "def aeon_is_moe(model) -> bool:\n    def _has_experts(m) -> bool:\n        return hasattr(m, {attr!r})\n\n"
    "    if not _has_experts(model):\n        return False\n" + CALL + "\n"
)
CASES += [
    (
        "#47058 empty made a raise",
        "a property helper asking another attribute",
        _mx("mx2", PROP.format(attr="experts"), PCALL),
    ),
    (
        "#47058 empty made a raise",
        "a local helper asking another attribute",
        _mx("mx3", LOCAL.format(attr="experts")),
    ),
]
TWINS += [
    (
        "#47058 empty made a raise",
        "twin: a property helper off self",
        _mx("mt9", PROP.format(attr="get_expert_mapping"), PCALL),
    ),
    (
        "#47058 empty made a raise",
        "twin: a helper defined inside the function",
        _mx("mt10", LOCAL.format(attr="get_expert_mapping")),
    ),
    (
        "#47058 empty made a raise",
        "twin: a helper imported from another fork module",
        Killer(
            *MX,
            (
                Edit("vllm/aeon/r44guards.py", "def has_experts(m) -> bool:\n" + HAS[:-2]),
                Edit(
                    "vllm/aeon/r44mt11.py",
                    MI.replace("\n\n\n", "\n") + "from vllm.aeon.r44guards import has_experts\n\n\n"
                    "def aeon_is_moe(model) -> bool:\n    if not has_experts(model):\n        return False\n"
                    + CALL
                    + "\n",
                ),
            ),
            (("vllm/aeon/r44mt11.py", CALL),),
        ),
    ),
    (
        "#47058 empty made a raise",
        "twin: a version helper handed the release",
        _mx(
            "mv3",
            "import torch\nfrom packaging.version import Version\n\n" + MI + "def _torch_at_least(v: str) -> bool:\n"
            "    return Version(torch.__version__) >= Version(v)\n\n\n"
            'def aeon_is_moe(model) -> bool:\n    if _torch_at_least("2.10"):\n'
            "        return any(hasattr(m, 'get_expert_mapping') for m in model.modules())\n" + CALL + "\n",
        ),
    ),
]
TWINS += [
    (
        "#37487 field made one value",
        "twin: self.kv_cache[0] under the class's own property",
        K(
            *KC,
            "vllm/aeon/r44kc3.py",
            AT + "class AeonAttention(Attention):\n"
            "    @property\n    def _per_engine(self) -> bool:\n        return isinstance(self.kv_cache, list)\n\n"
            "    def aeon_cache(self) -> torch.Tensor:\n"
            "        return self.kv_cache[0] if self._per_engine else self.kv_cache\n",
            "        return self.kv_cache[0] if self._per_engine else self.kv_cache",
        ),
    ),
    (
        "#28798 return made a pair",
        "twin: the pair told apart by a helper defined inside the method",
        K(
            *RO,
            "vllm/aeon/r44ro2.py",
            Q2 + "class AeonTower(Qwen2VisionTransformer):\n"
            "    def aeon_cos(self, grid_thw: list[list[int]]) -> torch.Tensor:\n"
            "        def paired(x) -> bool:\n            return isinstance(x, tuple)\n\n"
            "        freqs = self.rot_pos_emb(grid_thw)\n"
            "        if paired(freqs):\n"
            "            return freqs[0]\n"
            "        return freqs.cos()\n",
            "        return freqs.cos()",
        ),
    ),
    (
        "#27142 worker method removed",
        "twin: the old RPC kept below torch 2.10 (a version tuple flag of the module)",
        K(
            *KB,
            "vllm/aeon/r44kb4.py",
            "import torch\n\nTORCH_VERSION = tuple(int(p) for p in torch.__version__.split('.')[:2])\n\n\n"
            "def aeon_gpu_blocks(executor) -> int:\n"
            "    if TORCH_VERSION < (2, 10):\n" + OLD_RPC + "\n        return min(gpu for gpu, _ in blocks)\n"
            '    return min(executor.collective_rpc("determine_available_memory"))\n',
            OLD_RPC,
        ),
    ),
    (
        "#27142 worker method removed",
        "twin: the old RPC kept below torch 2.10 (the torch helper imported under another name)",
        K(
            *KB,
            "vllm/aeon/r44kb5.py",
            "from vllm.utils.torch_utils import is_torch_equal_or_newer as torch_at_least\n\n\n"
            "def aeon_gpu_blocks(executor) -> int:\n"
            '    if not torch_at_least("2.10"):\n' + OLD_RPC + "\n        return min(gpu for gpu, _ in blocks)\n"
            '    return min(executor.collective_rpc("determine_available_memory"))\n',
            OLD_RPC,
        ),
    ),
]


# --- round 3: ba1cdcfcf0 (#51265): is_layer_skipped's keyword skip_with_substr: bool renamed match_mode: Literal[...]
LS = ("#51265", "ba1cdcfcf0", "is_layer_skipped(skip_with_substr: bool) -> match_mode: Literal[...]")
QU = "import inspect\n\nfrom vllm.model_executor.layers.quantization.utils.quant_utils import is_layer_skipped\n\n\n"
OLD_KW = "    return is_layer_skipped(prefix, ignored, skip_with_substr=True)"
TAKES = "def _takes(fn, name: str) -> bool:\n    return name in inspect.signature(fn).parameters\n\n\n"
CASES += [
    (
        "#51265 keyword renamed into a Literal",
        "the old keyword with no test",
        K(
            *LS,
            "vllm/aeon/r44ls0.py",
            QU + "def aeon_skipped(prefix: str, ignored: list[str]) -> bool:\n" + OLD_KW + "\n",
            OLD_KW,
        ),
    ),
]
TWINS += [
    (
        "#51265 keyword renamed into a Literal",
        "twin: the old keyword where the fork's signature helper says the new one is absent",
        K(
            *LS,
            "vllm/aeon/r44ls1.py",
            QU + TAKES + "def aeon_skipped(prefix: str, ignored: list[str]) -> bool:\n"
            '    if _takes(is_layer_skipped, "match_mode"):\n'
            '        return is_layer_skipped(prefix, ignored, match_mode="substring")\n' + OLD_KW + "\n",
            OLD_KW,
        ),
    ),
    (
        "#51265 keyword renamed into a Literal",
        "twin: the old keyword in the else of a cached signature helper",
        K(
            *LS,
            "vllm/aeon/r44ls2.py",
            "import functools\n"
            + QU
            + "@functools.cache\n"
            + TAKES.replace("fn, name: str", "fn, name: str = 'match_mode'")
            + "def aeon_skipped(prefix: str, ignored: list[str]) -> bool:\n"
            "    if not _takes(is_layer_skipped):\n    " + OLD_KW + "\n"
            '    return is_layer_skipped(prefix, ignored, match_mode="substring")\n',
            "    " + OLD_KW,
        ),
    ),
]


# --- round 4: the version test kept in a compat module of the fork's own, imported where the paths part
COMPAT = (
    "from vllm.utils.torch_utils import is_torch_equal_or_newer\n\n"
    '# AEON: one place that says which torch the image ships\nNEW_TORCH = is_torch_equal_or_newer("2.10.0")\n\n\n'
    "def new_torch() -> bool:\n    return NEW_TORCH\n"
)
TWINS += [
    (
        "#27142 worker method removed",
        "twin: the old RPC kept below torch 2.10 (a flag of the fork's compat module)",
        Killer(
            *KB,
            (
                Edit("vllm/aeon/r44compat.py", COMPAT),
                Edit(
                    "vllm/aeon/r44kb6.py",
                    "from vllm.aeon.r44compat import NEW_TORCH\n\n\ndef aeon_gpu_blocks(executor) -> int:\n"
                    "    if NEW_TORCH:\n"
                    '        return min(executor.collective_rpc("determine_available_memory"))\n'
                    + OLD_RPC[4:]
                    + "\n    return min(gpu for gpu, _ in blocks)\n",
                ),
            ),
            (("vllm/aeon/r44kb6.py", OLD_RPC[4:]),),
        ),
    ),
    (
        "#36521 undispatched",
        "twin: the old hook kept below torch 2.10 (a helper of the fork's compat module)",
        Killer(
            *IC,
            (
                Edit("vllm/aeon/r44compat.py", COMPAT),
                Edit(
                    "vllm/aeon/r44ic2.py",
                    "from vllm.v1.executor.abstract import Executor\n"
                    "from vllm.aeon.r44compat import new_torch\n\n\n"
                    "def aeon_size_cache(executor: Executor, num_gpu_blocks: int) -> None:\n"
                    "    if not new_torch():\n" + IC_RPC + "\n",
                ),
            ),
            (("vllm/aeon/r44ic2.py", IC_RPC),),
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review44-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
