"""Adversarial twins of unbased drift and the widened bypassed-hook check: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- unbased drift (``drift/unbased.py``; #25145 rebased ``MRotaryEmbedding`` off ``RotaryEmbedding`` onto
  ``RotaryEmbeddingBase``; #33556 ``FusedMoE`` and #33465 ``VocabParallelEmbedding`` off ``CustomOp`` onto
  ``PluggableLayer``): the test of the old base in an ``elif`` after a test of the class itself, after an early
  return on it, ``and``-ed with the class excluded, ``or``-ed with a duck-typed ``hasattr`` of the same value, a
  tuple holding a new base, the attribute stored a second time by a tuple unpacking or ``setattr``, the fork's
  own subclass listing the old base again, the fork's own namesake of the old base, a second fork class of the
  same attribute name built as the old base, a version probe (``issubclass`` of the two classes choosing
  between two spellings), a test under that probe;
- the widened bypassed hook (``drift/bypassed_hooks.py``; #40392 ``DeepseekScalingRotaryEmbedding.forward_native``
  no longer calling ``_match_cos_sin_cache_dtype``): a subclass overriding ``forward_native`` as well, one whose
  ``forward_native`` runs the hook itself before the new static body, the fork's own namesake class, an
  override on a sibling rope still calling it.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Main's engine (826a7d9b), round 1 (4 cases, 24 twins): 4 caught of 4; 14 false errors of 24, all unbased
drift's: the old base tested where another test of the same value settles the class first (an ``elif`` after the
class or a new base (2), a conditional expression's ``else`` after the class, after an ``if`` on the class or a
new base that returns (2), inside a block excluding the class, ``and``-ed with the class excluded, ``or``-ed with
a ``hasattr``/``getattr`` of the value (2): 9), the attribute stored a second time by a tuple unpacking or
``setattr`` (2), a shim name bound by ``try``/``except ImportError`` to the new base or the old (1), and
``issubclass`` of the two classes as a version probe (2).  The bypassed-hook twins: quiet.
This branch, round 2: 4 caught of 4; 0 false errors of 24 (2 warned: the ``issubclass`` probes, a warning now).
Round 3 (#33660, ce9b3cd3e9: ``MambaMixer2`` rebased off ``CustomOp`` onto ``PluggableLayer``): a case (a
negated test on the attribute the block builds) and 4 twins (the attribute built as the upstream mixer or the
fork's own by a flag, a lambda's own parameter of an annotated parameter's name, a nested class's own attribute of
the name, a generator's own variable): on 826a7d9b 1 caught, 1 false error (the lambda's parameter); mended.
All rounds, 826a7d9b: 5 caught of 5; 15 false errors of 28 twins.  This branch: 5 caught of 5; 0 false errors of
28 (2 warned).  Regression set at this branch: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_rope 20 caught, 1 warned of 21 (11 quiet),
ropemamba 17/17, basiclayers 15/15, mambaops 26 caught, 1 warned of 27, modelifaces 15 caught, 1 warned of 16 (all
twins quiet), ``symbol_precision.py --windows 1``: 0 false errors.

  PYTHONPATH=.. python review72_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

ROPE = "vllm.model_executor.layers.rotary_embedding"

# --- b798e39f93 (#25145): MRotaryEmbedding rebased off RotaryEmbedding onto RotaryEmbeddingBase
RB = ("#25145", "b798e39f93", "MRotaryEmbedding rebased off RotaryEmbedding")
MR = (
    "import torch\nfrom torch import nn\n\n"
    f"from {ROPE}.base import RotaryEmbedding\nfrom {ROPE}.mrope import MRotaryEmbedding\n\n\n"
)
BUILD = (
    "    def __init__(self, head_size: int) -> None:\n"
    "        super().__init__()\n"
    "        self.rotary_emb = MRotaryEmbedding(\n"
    "            head_size, head_size, 32768, 1000000.0, True, torch.bfloat16, mrope_section=[16, 24, 24]\n"
    "        )\n\n"
)
CASES += [
    (
        "#25145 base class changed",
        "a local built once, tested against the old base",
        K(
            *RB,
            "vllm/aeon/r72rb0.py",
            MR + "def aeon_fp32_cache(head_size: int) -> torch.Tensor | None:\n"
            "    rope = MRotaryEmbedding(head_size, head_size, 32768, 1000000.0, True, torch.bfloat16)\n"
            "    if isinstance(rope, RotaryEmbedding):  # AEON: GB10 keeps the cos/sin cache in fp32\n"
            "        return rope.cos_sin_cache.float()\n"
            "    return None\n",
            "    if isinstance(rope, RotaryEmbedding):  # AEON: GB10 keeps the cos/sin cache in fp32",
        ),
    ),
    (
        "#25145 base class changed",
        "an attribute the class builds, its test negated",
        K(
            *RB,
            "vllm/aeon/r72rb1.py",
            MR + "class AeonVisionAttention(nn.Module):\n" + BUILD + "    def aeon_needs_own_cache(self) -> bool:\n"
            "        return not isinstance(self.rotary_emb, RotaryEmbedding)\n",
            "        return not isinstance(self.rotary_emb, RotaryEmbedding)",
        ),
    ),
]
TWINS += [
    (
        "#25145 base class changed",
        "twin: the old base tested in an elif after the class itself",
        K(
            *RB,
            "vllm/aeon/r72rb2.py",
            MR + "class AeonVisionAttention(nn.Module):\n" + BUILD + "    def aeon_cache_kind(self) -> str:\n"
            "        if isinstance(self.rotary_emb, MRotaryEmbedding):\n"
            '            return "mrope"\n'
            "        elif isinstance(self.rotary_emb, RotaryEmbedding):\n"
            '            return "plain"\n'
            '        return "other"\n',
            "        elif isinstance(self.rotary_emb, RotaryEmbedding):",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: the old base tested after an early return on the class itself",
        K(
            *RB,
            "vllm/aeon/r72rb3.py",
            MR + "def aeon_cache_of(rope: MRotaryEmbedding) -> torch.Tensor | None:\n"
            "    if isinstance(rope, MRotaryEmbedding):\n"
            "        return rope.cos_sin_cache  # AEON: M-RoPE keeps its own cache dtype\n"
            "    if isinstance(rope, RotaryEmbedding):\n"
            "        return rope.cos_sin_cache.float()\n"
            "    return None\n",
            "    if isinstance(rope, RotaryEmbedding):",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: the old base and-ed with the class excluded",
        K(
            *RB,
            "vllm/aeon/r72rb4.py",
            MR + "class AeonVisionAttention(nn.Module):\n" + BUILD + "    def aeon_plain_rope(self) -> bool:\n"
            "        # AEON: the fp32 cache is for the plain rope only, never the M-RoPE\n"
            "        return isinstance(self.rotary_emb, RotaryEmbedding) and not isinstance(self.rotary_emb, MRotaryEmbedding)\n",
            "        return isinstance(self.rotary_emb, RotaryEmbedding) and not isinstance(self.rotary_emb, MRotaryEmbedding)",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: the old base or-ed with a hasattr of the same value",
        K(
            *RB,
            "vllm/aeon/r72rb5.py",
            MR + "class AeonVisionAttention(nn.Module):\n" + BUILD + "    def aeon_refresh(self) -> None:\n"
            '        if isinstance(self.rotary_emb, RotaryEmbedding) or hasattr(self.rotary_emb, "cos_sin_cache"):\n'
            "            self.rotary_emb.cos_sin_cache = self.rotary_emb.cos_sin_cache.float()\n",
            '        if isinstance(self.rotary_emb, RotaryEmbedding) or hasattr(self.rotary_emb, "cos_sin_cache"):',
        ),
    ),
    (
        "#25145 base class changed",
        "twin: a tuple holding the new base",
        K(
            *RB,
            "vllm/aeon/r72rb6.py",
            "import torch\n\n"
            f"from {ROPE}.base import RotaryEmbedding, RotaryEmbeddingBase\nfrom {ROPE}.mrope import MRotaryEmbedding\n\n\n"
            "def aeon_keeps_cache(rope: MRotaryEmbedding) -> bool:\n"
            "    return isinstance(rope, (RotaryEmbedding, RotaryEmbeddingBase))\n",
            "    return isinstance(rope, (RotaryEmbedding, RotaryEmbeddingBase))",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: the attribute stored a second time by a tuple unpacking",
        K(
            *RB,
            "vllm/aeon/r72rb7.py",
            MR
            + "class AeonVisionAttention(nn.Module):\n"
            + BUILD
            + "    def aeon_swap(self, rope: nn.Module, scale: float) -> None:\n"
            "        self.rotary_emb, self.scale = rope, scale  # AEON: the long-context carry swaps in a plain rope\n\n"
            "    def aeon_plain(self) -> bool:\n"
            "        return isinstance(self.rotary_emb, RotaryEmbedding)\n",
            "        return isinstance(self.rotary_emb, RotaryEmbedding)",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: the attribute stored a second time by setattr",
        K(
            *RB,
            "vllm/aeon/r72rb8.py",
            MR
            + "class AeonVisionAttention(nn.Module):\n"
            + BUILD
            + "    def aeon_swap(self, rope: nn.Module) -> None:\n"
            '        setattr(self, "rotary_emb", rope)  # AEON: the long-context carry swaps in a plain rope\n\n'
            "    def aeon_plain(self) -> bool:\n"
            "        return isinstance(self.rotary_emb, RotaryEmbedding)\n",
            "        return isinstance(self.rotary_emb, RotaryEmbedding)",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: the fork's own subclass listing the old base again",
        K(
            *RB,
            "vllm/aeon/r72rb9.py",
            MR + "class AeonMRope(MRotaryEmbedding, RotaryEmbedding):  # AEON: keeps the plain rope's cache code\n"
            "    pass\n\n\n"
            "def aeon_keeps_cache(head_size: int) -> bool:\n"
            "    rope = AeonMRope(head_size, head_size, 32768, 1000000.0, True, torch.bfloat16)\n"
            "    return isinstance(rope, RotaryEmbedding)\n",
            "    return isinstance(rope, RotaryEmbedding)",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: the fork's own namesake of the old base",
        K(
            *RB,
            "vllm/aeon/r72rb10.py",
            "import torch\n\n"
            f"from {ROPE}.mrope import MRotaryEmbedding\n"
            "from vllm.aeon.ropes import RotaryEmbedding  # AEON: the fork's own protocol of a cached rope\n\n\n"
            "def aeon_cached(head_size: int) -> bool:\n"
            "    rope = MRotaryEmbedding(head_size, head_size, 32768, 1000000.0, True, torch.bfloat16)\n"
            "    return isinstance(rope, RotaryEmbedding)\n",
            "    return isinstance(rope, RotaryEmbedding)",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: a second fork class of the attribute's name built as the old base",
        K(
            *RB,
            "vllm/aeon/r72rb11.py",
            MR + "class AeonVisionAttention(nn.Module):\n" + BUILD + "    def aeon_is_mrope(self) -> bool:\n"
            "        return isinstance(self.rotary_emb, MRotaryEmbedding)\n\n\n"
            "class AeonTextAttention(nn.Module):\n"
            "    def __init__(self, head_size: int) -> None:\n"
            "        super().__init__()\n"
            "        self.rotary_emb = RotaryEmbedding(head_size, head_size, 32768, 10000.0, True, torch.bfloat16)\n\n"
            "    def aeon_plain(self) -> bool:\n"
            "        return isinstance(self.rotary_emb, RotaryEmbedding)\n",
            "        return isinstance(self.rotary_emb, RotaryEmbedding)",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: a version probe choosing between two spellings",
        K(
            *RB,
            "vllm/aeon/r72rb12.py",
            "import torch\n\n"
            f"from {ROPE}.base import RotaryEmbedding\nfrom {ROPE}.mrope import MRotaryEmbedding\n\n\n"
            "def aeon_cache_owner() -> type:\n"
            "    # AEON: older upstreams derive the M-RoPE from the plain rope, newer from RotaryEmbeddingBase\n"
            "    if issubclass(MRotaryEmbedding, RotaryEmbedding):\n"
            "        return RotaryEmbedding\n"
            "    return MRotaryEmbedding.__mro__[1]\n",
            "    if issubclass(MRotaryEmbedding, RotaryEmbedding):",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: a module flag probing the upstream's class order, then the else spelling",
        K(
            *RB,
            "vllm/aeon/r72rb13.py",
            "import torch\n\n"
            f"from {ROPE}.base import RotaryEmbedding\nfrom {ROPE}.mrope import MRotaryEmbedding\n\n"
            "# AEON: #25145 rebased the M-RoPE; both layouts are served\n"
            "_MROPE_IS_PLAIN = issubclass(MRotaryEmbedding, RotaryEmbedding)\n\n\n"
            "def aeon_cache(rope: MRotaryEmbedding) -> torch.Tensor:\n"
            "    return rope.cos_sin_cache if _MROPE_IS_PLAIN else rope.cos_sin_cache.float()\n",
            "_MROPE_IS_PLAIN = issubclass(MRotaryEmbedding, RotaryEmbedding)",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: an isinstance of a value built by a factory (class unknown)",
        K(
            *RB,
            "vllm/aeon/r72rb14.py",
            "from torch import nn\n\n"
            f"from {ROPE} import get_rope\nfrom {ROPE}.base import RotaryEmbedding\n\n\n"
            "class AeonAttention(nn.Module):\n"
            "    def __init__(self, head_size: int) -> None:\n"
            "        super().__init__()\n"
            "        self.rotary_emb = get_rope(head_size, max_position=32768)\n\n"
            "    def aeon_plain(self) -> bool:\n"
            "        return isinstance(self.rotary_emb, RotaryEmbedding)\n",
            "        return isinstance(self.rotary_emb, RotaryEmbedding)",
        ),
    ),
]

TWINS += [
    (
        "#25145 base class changed",
        "twin: the old base tested inside a block that excludes the class",
        K(
            *RB,
            "vllm/aeon/r72rb15.py",
            MR + "def aeon_cache_of(rope: MRotaryEmbedding) -> torch.Tensor | None:\n"
            "    if not isinstance(rope, MRotaryEmbedding):  # AEON: M-RoPE keeps its own cache dtype\n"
            "        if isinstance(rope, RotaryEmbedding):\n"
            "            return rope.cos_sin_cache.float()\n"
            "    return None\n",
            "        if isinstance(rope, RotaryEmbedding):",
        ),
    ),
    (
        "#25145 base class changed",
        "twin: a shim import choosing the new base where upstream has it",
        K(
            *RB,
            "vllm/aeon/r72rb16.py",
            "import torch\nfrom torch import nn\n\n"
            f"from {ROPE}.mrope import MRotaryEmbedding\n\n"
            "try:  # AEON: #25145 moved the cache code to RotaryEmbeddingBase\n"
            f"    from {ROPE}.base import RotaryEmbeddingBase as AeonCacheOwner\n"
            "except ImportError:\n"
            f"    from {ROPE}.base import RotaryEmbedding as AeonCacheOwner\n\n\n"
            "class AeonVisionAttention(nn.Module):\n" + BUILD + "    def aeon_keeps_cache(self) -> bool:\n"
            "        return isinstance(self.rotary_emb, AeonCacheOwner)\n",
            "        return isinstance(self.rotary_emb, AeonCacheOwner)",
        ),
    ),
]

# --- f02b3269e7 (#33556): FusedMoE(CustomOp) -> FusedMoE(PluggableLayer)
FM = ("#33556", "f02b3269e7", "FusedMoE rebased off CustomOp onto PluggableLayer")
FMH = (
    "from torch import nn\n\n"
    "from vllm.model_executor.custom_op import CustomOp, PluggableLayer\n"
    "from vllm.model_executor.layers.fused_moe import FusedMoE\n\n\n"
    "class AeonMoEBlock(nn.Module):\n"
    "    def __init__(self, num_experts: int, top_k: int, hidden: int, inter: int) -> None:\n"
    "        super().__init__()\n"
    "        self.experts = FusedMoE(num_experts, top_k, hidden, inter)\n\n"
)
CASES += [
    (
        "#33556 base class changed",
        "an attribute the class builds, tested against CustomOp",
        K(
            *FM,
            "vllm/aeon/r72fm0.py",
            FMH + "    def aeon_native(self) -> bool:\n"
            "        # AEON: the GB10 path runs the native MoE when the custom op is off\n"
            "        return isinstance(self.experts, CustomOp) and not self.experts.enabled()\n",
            "        return isinstance(self.experts, CustomOp) and not self.experts.enabled()",
        ),
    ),
]
TWINS += [
    (
        "#33556 base class changed",
        "twin: a tuple holding the new base",
        K(
            *FM,
            "vllm/aeon/r72fm1.py",
            FMH
            + "    def aeon_pluggable(self) -> bool:\n        return isinstance(self.experts, (CustomOp, PluggableLayer))\n",
            "        return isinstance(self.experts, (CustomOp, PluggableLayer))",
        ),
    ),
    (
        "#33556 base class changed",
        "twin: the old base in an elif after the new base",
        K(
            *FM,
            "vllm/aeon/r72fm2.py",
            FMH + "    def aeon_kind(self) -> str:\n"
            "        if isinstance(self.experts, PluggableLayer):\n"
            '            return "pluggable"\n'
            "        elif isinstance(self.experts, CustomOp):\n"
            '            return "custom"\n'
            '        return "module"\n',
            "        elif isinstance(self.experts, CustomOp):",
        ),
    ),
    (
        "#33556 base class changed",
        "twin: the old base or-ed with a getattr probe of the same value",
        K(
            *FM,
            "vllm/aeon/r72fm3.py",
            FMH + "    def aeon_quantized(self) -> bool:\n"
            '        return isinstance(self.experts, CustomOp) or getattr(self.experts, "quant_method", None) is not None\n',
            '        return isinstance(self.experts, CustomOp) or getattr(self.experts, "quant_method", None) is not None',
        ),
    ),
    (
        "#33556 base class changed",
        "twin: the old base tested in a conditional expression's else after the class",
        K(
            *FM,
            "vllm/aeon/r72fm4.py",
            FMH + "    def aeon_kind(self) -> str:\n"
            '        return "moe" if isinstance(self.experts, FusedMoE) else "op" if isinstance(self.experts, CustomOp) else "-"\n',
            '        return "moe" if isinstance(self.experts, FusedMoE) else "op" if isinstance(self.experts, CustomOp) else "-"',
        ),
    ),
]

# --- 1dfd64c1cc (#33465): VocabParallelEmbedding(CustomOp) -> VocabParallelEmbedding(PluggableLayer)
VE = ("#33465", "1dfd64c1cc", "VocabParallelEmbedding rebased off CustomOp onto PluggableLayer")
VEH = (
    "import torch\n\n"
    "from vllm.model_executor.custom_op import CustomOp\n"
    "from vllm.model_executor.layers.vocab_parallel_embedding import VocabParallelEmbedding\n\n\n"
)
CASES += [
    (
        "#33465 base class changed",
        "a parameter annotated as the class, tested against CustomOp",
        K(
            *VE,
            "vllm/aeon/r72ve0.py",
            VEH + "def aeon_embed(embed: VocabParallelEmbedding, ids: torch.Tensor) -> torch.Tensor:\n"
            "    if isinstance(embed, CustomOp):  # AEON: the native path keeps fp32 rows on GB10\n"
            "        return embed.forward_native(ids)\n"
            "    return embed(ids)\n",
            "    if isinstance(embed, CustomOp):  # AEON: the native path keeps fp32 rows on GB10",
        ),
    ),
]
TWINS += [
    (
        "#33465 base class changed",
        "twin: a test file's check under a try of the import",
        K(
            *VE,
            "tests/aeon/test_r72ve1.py",
            VEH + "def test_aeon_embed_is_a_module() -> None:\n"
            "    embed = VocabParallelEmbedding(32, 8)\n"
            "    assert isinstance(embed, torch.nn.Module) or isinstance(embed, CustomOp)\n",
            "    assert isinstance(embed, torch.nn.Module) or isinstance(embed, CustomOp)",
        ),
    ),
    (
        "#33465 base class changed",
        "twin: the old base after an early return on the new base",
        K(
            *VE,
            "vllm/aeon/r72ve2.py",
            VEH.replace("import CustomOp\n", "import CustomOp, PluggableLayer\n")
            + "def aeon_embed(embed: VocabParallelEmbedding, ids: torch.Tensor) -> torch.Tensor:\n"
            "    if isinstance(embed, PluggableLayer):  # AEON: newer upstreams, no native path to pick\n"
            "        return embed(ids)\n"
            "    if isinstance(embed, CustomOp):\n"
            "        return embed.forward_native(ids)\n"
            "    return embed(ids)\n",
            "    if isinstance(embed, CustomOp):",
        ),
    ),
]

# --- round 3: #33660 (ce9b3cd3e9) MambaMixer2(MambaBase, CustomOp) -> (MambaBase, PluggableLayer), and more
#     shapes of the value's class on #25145
MM = ("#33660", "ce9b3cd3e9", "MambaMixer2 rebased off CustomOp onto PluggableLayer")
MMH = (
    "from torch import nn\n\n"
    "from vllm.model_executor.custom_op import CustomOp\n"
    "from vllm.model_executor.layers.mamba.mamba_mixer2 import MambaMixer2\n\n\n"
)
MIXER = "MambaMixer2(hidden_size=hidden, ssm_state_size=128, conv_kernel_size=4, intermediate_size=2 * hidden)"
CASES += [
    (
        "#33660 base class changed",
        "an attribute the class builds, its custom op switched off by a negated test",
        K(
            *MM,
            "vllm/aeon/r72mm0.py",
            MMH + "class AeonMambaBlock(nn.Module):\n"
            "    def __init__(self, hidden: int) -> None:\n"
            "        super().__init__()\n"
            f"        self.mixer = {MIXER}\n\n"
            "    def aeon_native_only(self) -> bool:\n"
            "        if not isinstance(self.mixer, CustomOp):  # AEON: GB10 runs the mixer's native path\n"
            "            return False\n"
            "        return not self.mixer.enabled()\n",
            "        if not isinstance(self.mixer, CustomOp):  # AEON: GB10 runs the mixer's native path",
        ),
    ),
]
TWINS += [
    (
        "#33660 base class changed",
        "twin: the attribute built as the upstream mixer or the fork's own, by a flag",
        K(
            *MM,
            "vllm/aeon/r72mm1.py",
            MMH + "class AeonMixer(CustomOp):  # AEON: the fork's fused mixer\n"
            "    pass\n\n\n"
            "class AeonMambaBlock(nn.Module):\n"
            "    def __init__(self, hidden: int, fused: bool) -> None:\n"
            "        super().__init__()\n"
            "        if fused:\n"
            "            self.mixer = AeonMixer()\n"
            "        else:\n"
            f"            self.mixer = {MIXER}\n\n"
            "    def aeon_is_op(self) -> bool:\n"
            "        return isinstance(self.mixer, CustomOp)\n",
            "        return isinstance(self.mixer, CustomOp)",
        ),
    ),
    (
        "#33660 base class changed",
        "twin: a lambda's own parameter of the name, not the annotated one",
        K(
            *MM,
            "vllm/aeon/r72mm2.py",
            MMH + "def aeon_ops(mixer: MambaMixer2, layers: list[nn.Module]) -> list[nn.Module]:\n"
            "    # AEON: the custom ops among the block's other layers\n"
            "    return list(filter(lambda mixer: isinstance(mixer, CustomOp), layers))\n",
            "    return list(filter(lambda mixer: isinstance(mixer, CustomOp), layers))",
        ),
    ),
    (
        "#33660 base class changed",
        "twin: a nested class's own attribute of the name",
        K(
            *MM,
            "vllm/aeon/r72mm3.py",
            MMH + "class AeonMambaBlock(nn.Module):\n"
            "    def __init__(self, hidden: int) -> None:\n"
            "        super().__init__()\n"
            f"        self.mixer = {MIXER}\n\n"
            "        class AeonProbe:\n"
            "            def __init__(self, mixer: nn.Module) -> None:\n"
            "                self.mixer = mixer\n\n"
            "            def is_op(self) -> bool:\n"
            "                return isinstance(self.mixer, CustomOp)\n\n"
            "        self.probe = AeonProbe(nn.Identity())\n",
            "                return isinstance(self.mixer, CustomOp)",
        ),
    ),
    (
        "#33660 base class changed",
        "twin: a generator's own variable of the name",
        K(
            *MM,
            "vllm/aeon/r72mm4.py",
            MMH + "def aeon_any_op(mixer: MambaMixer2, layers: list[nn.Module]) -> bool:\n"
            "    return any(isinstance(mixer, CustomOp) for mixer in layers)  # AEON: the block's other layers\n",
            "    return any(isinstance(mixer, CustomOp) for mixer in layers)  # AEON: the block's other layers",
        ),
    ),
]

# --- a51376b3f0 (#40392): DeepseekScalingRotaryEmbedding.forward_native no longer calls _match_cos_sin_cache_dtype
MC = (
    "#40392",
    "a51376b3f0",
    "DeepseekScalingRotaryEmbedding.forward_native no longer calls _match_cos_sin_cache_dtype",
)
DS = f"import torch\n\nfrom {ROPE}.deepseek_scaling_rope import DeepseekScalingRotaryEmbedding\n\n\n"
HOOK = (
    "    def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> torch.Tensor:\n"
    "        return self.cos_sin_cache.to(query.device, dtype=torch.float32)  # AEON: fp32 cache on GB10\n"
)
HOOK_LINE = "    def _match_cos_sin_cache_dtype(self, query: torch.Tensor) -> torch.Tensor:"
TWINS += [
    (
        "#40392 hook no longer called",
        "twin: a subclass overriding forward_native as well",
        K(
            *MC,
            "vllm/aeon/r72mc1.py",
            DS + "class AeonFp32DeepseekRope(DeepseekScalingRotaryEmbedding):\n" + HOOK + "\n"
            "    def forward_native(self, positions, query, key=None, offsets=None):  # type: ignore[no-untyped-def]\n"
            "        cache = self._match_cos_sin_cache_dtype(query)\n"
            "        return self.forward_static(\n"
            "            positions, query, key, self.head_size, self.rotary_dim, cache, self.is_neox_style, offsets\n"
            "        )\n",
            HOOK_LINE,
        ),
    ),
    (
        "#40392 hook no longer called",
        "twin: the fork's own namesake class, not the upstream one",
        K(
            *MC,
            "vllm/aeon/r72mc2.py",
            "import torch\nfrom torch import nn\n\n\n"
            "class DeepseekScalingRotaryEmbedding(nn.Module):  # AEON: the fork's own reference rope\n"
            "    def __init__(self, cache: torch.Tensor) -> None:\n"
            "        super().__init__()\n"
            "        self.cos_sin_cache = cache\n\n" + HOOK + "\n"
            "    def forward_native(self, query: torch.Tensor) -> torch.Tensor:\n"
            "        return query * self._match_cos_sin_cache_dtype(query)[0]\n",
            HOOK_LINE,
        ),
    ),
    (
        "#40392 hook no longer called",
        "twin: the same override on the YaRN rope, which still calls it",
        K(
            *MC,
            "vllm/aeon/r72mc3.py",
            f"import torch\n\nfrom {ROPE}.yarn_scaling_rope import YaRNScalingRotaryEmbedding\n\n\n"
            "class AeonFp32YarnRope(YaRNScalingRotaryEmbedding):\n" + HOOK,
            HOOK_LINE,
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review72-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
