"""Adversarial twins of killers132's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- symbol drift's module call handing ``forward`` a new keyword (``_calls_held_module``; #46635 5c91039c41
  ``DeepseekV2MoE.forward(..., already_sequence_parallel)`` passed by the decoder layer's ``self.mlp(...)``,
  #47006 a02984ed47 the same for ``Qwen3NextSparseMoeBlock``): the override taking the new keyword (plainly,
  keyword-only, through ``**kwargs``), a subclass the fork builds only in its own block, an override of the
  dense MLP the layer also holds, a fork decoder layer installed beside the override that never passes it;
- symbol drift's retyped holder (``_was_outside_class``/``_served_by_tree``; #37601 3461c8b027
  ``EplbState.rearrange_event`` a ``threading.Event`` -> the project's ``CpuGpuEvent``): the kept ``wait``,
  the new ``record``, a ``getattr``/``hasattr``/``isinstance``/``try`` guard, the fork's subclass binding its
  own ``threading.Event``, an unrelated fork class with a field of the name;
- name drift's table of definition names (``_table_reads``; #36247 ee8a29511f ``DeepSeekV2FusedQkvAProj``
  renamed ``...Linear``, #35782 5e584ce9ec ``SharedFusedMoE`` folded into ``FusedMoE``): a table naming the
  class that replaced the removed one (as upstream's own ``__class__.__name__ == "SharedFusedMoE"`` tests
  did), the module testing the new class too, a fork namesake in another fork module, another fork module
  registering the new spelling in the table, a test of the MRO's names beside the new class.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Round 1, main's engine (3edf026d, killers132 landed): 6 caught of 6; 8 false errors of 24 twins.  From the
widenings (5; quiet on the engine before killers132, 194a2911): the module call's override error on a subclass
only the fork's own block builds and calls (nothing installs it over the module's class), and on an installed
override beside the fork's own installed decoder layer, which never passes the keyword; the table of names
when the module also tests the new class by isinstance, when another fork module adds the new spelling to the
table, and when the table also names the class the removed one derived from (``('FusedMoE',
'SharedFusedMoE')``, as upstream's own test was written).  Older (3; false on 194a2911 too): the override taking
the new keyword keyword-only (upstream passes it by keyword), and ``SharedFusedMoE`` beside ``FusedMoE`` written
out (``in (...)``, ``== ... or == ...``).  On 194a2911 the same replay gives 2 caught, 2 warned, 2 missed of 6.

Round 2, this branch: 7 caught of 7 (a case added: the renamed class beside its base in a table stays an
error); 0 false errors of 24 twins (3 warned: the uninstalled subclass and the override beside the fork's own
layer, now warnings as before killers132, and the keyword-only override).  Mends, each by a general rule:
the module call counts for an override only where a fork line puts its class where the holder finds it
(installed over the base's name, built into the holder, swapped in) and the fork does not replace the calling
class with one whose method never hands on to ``super()``; an override taking a gained positional parameter
by keyword only is a warning when no call upstream fills its slot by position; a table is written for both
sides when its module names the new spelling anywhere, when a fork line changes it by name in another module,
or when it names a base of a class upstream removed with no new name (also ``in (...)`` written out and
``==`` tests joined by ``or``).  Tests: tests/audits/test_review35_drift.py (the 8 quiet ones fail on
3edf026d; the 7 kept errors pass on both).

  PYTHONPATH=.. python review35_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

DSV2 = "vllm.model_executor.models.deepseek_v2"

# --- 5c91039c41 (#46635): the decoder layer calls self.mlp(hidden_states, already_sequence_parallel=True)
SP = ("#46635", "5c91039c41", "DeepseekV2MoE.forward gains already_sequence_parallel, passed by self.mlp(...)")
MOE = f"import torch\nfrom torch import nn\n\nfrom vllm.model_executor.models import deepseek_v2\nfrom {DSV2} import DeepseekV2MoE\n\n\n"
INSTALL = "\n\ndeepseek_v2.DeepseekV2MoE = AeonDeepseekV2MoE\n"
CASES += [
    (
        "#46635 module call hands a keyword",
        "an installed override without the keyword, positional hand-on",
        K(
            *SP,
            "vllm/aeon/r35sp0.py",
            MOE + "class AeonDeepseekV2MoE(DeepseekV2MoE):\n"
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        out = super().forward(hidden_states.contiguous())  # AEON: the fp4 kernels want contiguous rows\n"
            "        return out\n" + INSTALL,
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:",
        ),
    ),
]
TWINS += [
    (
        "#46635 module call hands a keyword",
        "twin: the override takes the new keyword and hands it on",
        K(
            *SP,
            "vllm/aeon/r35sp1.py",
            MOE + "class AeonDeepseekV2MoE(DeepseekV2MoE):\n"
            "    def forward(self, hidden_states: torch.Tensor, already_sequence_parallel: bool = False) -> torch.Tensor:\n"
            "        return super().forward(hidden_states.contiguous(), already_sequence_parallel)\n" + INSTALL,
            "    def forward(self, hidden_states: torch.Tensor, already_sequence_parallel: bool = False) -> torch.Tensor:",
        ),
    ),
    (
        "#46635 module call hands a keyword",
        "twin: the override takes it keyword-only",
        K(
            *SP,
            "vllm/aeon/r35sp2.py",
            MOE + "class AeonDeepseekV2MoE(DeepseekV2MoE):\n"
            "    def forward(self, hidden_states: torch.Tensor, *, already_sequence_parallel: bool = False) -> torch.Tensor:\n"
            "        return super().forward(hidden_states, already_sequence_parallel=already_sequence_parallel)\n"
            + INSTALL,
            "    def forward(self, hidden_states: torch.Tensor, *, already_sequence_parallel: bool = False) -> torch.Tensor:",
        ),
    ),
    (
        "#46635 module call hands a keyword",
        "twin: the override takes *args, **kwargs",
        K(
            *SP,
            "vllm/aeon/r35sp3.py",
            MOE + "class AeonDeepseekV2MoE(DeepseekV2MoE):\n"
            "    def forward(self, hidden_states: torch.Tensor, *args, **kwargs) -> torch.Tensor:\n"
            "        return super().forward(hidden_states.contiguous(), *args, **kwargs)\n" + INSTALL,
            "    def forward(self, hidden_states: torch.Tensor, *args, **kwargs) -> torch.Tensor:",
        ),
    ),
    (
        "#46635 module call hands a keyword",
        "twin: a subclass only the fork's own block builds and calls without the keyword",
        K(
            *SP,
            "vllm/aeon/r35sp4.py",
            MOE + "class AeonDeepseekV2MoE(DeepseekV2MoE):\n"
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward(hidden_states.contiguous())\n\n\n"
            "class AeonMoEBlock(nn.Module):\n"
            "    def __init__(self, config, parallel_config, quant_config, prefix: str) -> None:\n"
            "        super().__init__()\n"
            "        self.moe = AeonDeepseekV2MoE(config, parallel_config, quant_config, prefix)\n\n"
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        return self.moe(hidden_states)\n",
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#46635 module call hands a keyword",
        "twin: an installed override of the dense MLP the layer also holds (its forward unchanged)",
        K(
            *SP,
            "vllm/aeon/r35sp5.py",
            "import torch\n\nfrom vllm.model_executor.models import deepseek_v2\n"
            f"from {DSV2} import DeepseekV2MLP\n\n\n"
            "class AeonDeepseekV2MLP(DeepseekV2MLP):\n"
            "    def forward(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward(x.contiguous())\n\n\n"
            "deepseek_v2.DeepseekV2MLP = AeonDeepseekV2MLP\n",
            "    def forward(self, x: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#46635 module call hands a keyword",
        "twin: the override installed with the fork's own decoder layer, which never passes the keyword",
        K(
            *SP,
            "vllm/aeon/r35sp6.py",
            MOE + f"from {DSV2} import DeepseekV2DecoderLayer\n\n\n"
            "class AeonDeepseekV2MoE(DeepseekV2MoE):\n"
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        return super().forward(hidden_states.contiguous())\n\n\n"
            "class AeonDecoderLayer(DeepseekV2DecoderLayer):\n"
            "    def forward(self, positions, hidden_states, residual, llama_4_scaling=None):  # type: ignore[no-untyped-def]\n"
            "        # AEON: the Spark keeps the all-reduce MoE path (no sequence-parallel MoE)\n"
            "        if residual is None:\n"
            "            residual = hidden_states.clone()\n"
            "            hidden_states = self.input_layernorm(hidden_states)\n"
            "        else:\n"
            "            hidden_states, residual = self.input_layernorm(hidden_states, residual)\n"
            "        hidden_states = self.self_attn(positions=positions, hidden_states=hidden_states, llama_4_scaling=llama_4_scaling)\n"
            "        hidden_states, residual = self.post_attention_layernorm(hidden_states, residual)\n"
            "        hidden_states = self.mlp(hidden_states)\n"
            "        return hidden_states, residual\n\n\n"
            "deepseek_v2.DeepseekV2MoE = AeonDeepseekV2MoE\n"
            "deepseek_v2.DeepseekV2DecoderLayer = AeonDecoderLayer\n",
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:",
        ),
    ),
]

# --- a02984ed47 (#47006): Qwen3NextDecoderLayer calls self.mlp(hidden_states, already_sequence_parallel=True)
QN = (
    "#47006",
    "a02984ed47",
    "Qwen3NextSparseMoeBlock.forward gains already_sequence_parallel, passed by self.mlp(...)",
)
Q3N = (
    "import torch\n\nfrom vllm.model_executor.models import qwen3_next\n"
    "from vllm.model_executor.models.qwen3_next import Qwen3NextSparseMoeBlock\n\n\n"
)
CASES += [
    (
        "#47006 module call hands a keyword",
        "an installed override without the keyword",
        K(
            *QN,
            "vllm/aeon/r35qn0.py",
            Q3N + "class AeonQwen3NextMoE(Qwen3NextSparseMoeBlock):\n"
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's router wants bf16 activations\n"
            "        return super().forward(hidden_states.to(torch.bfloat16))\n\n\n"
            "qwen3_next.Qwen3NextSparseMoeBlock = AeonQwen3NextMoE\n",
            "    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:",
        ),
    ),
]
TWINS += [
    (
        "#47006 module call hands a keyword",
        "twin: an installed override taking **kwargs it hands on",
        K(
            *QN,
            "vllm/aeon/r35qn1.py",
            Q3N + "class AeonQwen3NextMoE(Qwen3NextSparseMoeBlock):\n"
            "    def forward(self, hidden_states: torch.Tensor, **kwargs) -> torch.Tensor:\n"
            "        return super().forward(hidden_states.to(torch.bfloat16), **kwargs)\n\n\n"
            "qwen3_next.Qwen3NextSparseMoeBlock = AeonQwen3NextMoE\n",
            "    def forward(self, hidden_states: torch.Tensor, **kwargs) -> torch.Tensor:",
        ),
    ),
    (
        "#47006 module call hands a keyword",
        "twin: the override installed by setattr, taking the keyword",
        K(
            *QN,
            "vllm/aeon/r35qn2.py",
            Q3N + "class AeonQwen3NextMoE(Qwen3NextSparseMoeBlock):\n"
            "    def forward(self, hidden_states: torch.Tensor, already_sequence_parallel: bool = False) -> torch.Tensor:\n"
            "        return super().forward(hidden_states, already_sequence_parallel=already_sequence_parallel)\n\n\n"
            'setattr(qwen3_next, "Qwen3NextSparseMoeBlock", AeonQwen3NextMoE)\n',
            "    def forward(self, hidden_states: torch.Tensor, already_sequence_parallel: bool = False) -> torch.Tensor:",
        ),
    ),
]

# --- 3461c8b027 (#37601): EplbState.rearrange_event a threading.Event -> the project's CpuGpuEvent (wait/record)
EV = ("#37601", "3461c8b027", "EplbState.rearrange_event: threading.Event -> CpuGpuEvent")
EPLB = "import threading\n\nfrom vllm.distributed.eplb.eplb_state import EplbState\n\n\n"
SUB = EPLB + "class AeonEplbState(EplbState):\n"
CASES += [
    (
        "#37601 holder retyped",
        "a subclass's self. call of a member the new class lacks",
        K(
            *EV,
            "vllm/aeon/r35ev0.py",
            SUB + "    def aeon_pending(self) -> bool:\n"
            "        # AEON: the Spark's EPLB watchdog polls the rebalancing signal\n"
            "        return self.rearrange_event.is_set()\n",
            "        return self.rearrange_event.is_set()",
        ),
    ),
    (
        "#37601 holder retyped",
        "a call off a parameter typed as the class",
        K(
            *EV,
            "vllm/aeon/r35ev1.py",
            EPLB + "def aeon_kick(state: EplbState) -> None:\n    state.rearrange_event.set()\n",
            "    state.rearrange_event.set()",
        ),
    ),
]
TWINS += [
    (
        "#37601 holder retyped",
        "twin: the kept wait",
        K(
            *EV,
            "vllm/aeon/r35ev2.py",
            SUB + "    def aeon_block(self) -> None:\n        self.rearrange_event.wait()\n",
            "        self.rearrange_event.wait()",
        ),
    ),
    (
        "#37601 holder retyped",
        "twin: the new record",
        K(
            *EV,
            "vllm/aeon/r35ev3.py",
            EPLB + "def aeon_kick(state: EplbState) -> None:\n    state.rearrange_event.record()\n",
            "    state.rearrange_event.record()",
        ),
    ),
    (
        "#37601 holder retyped",
        "twin: a getattr(..., None) guard",
        K(
            *EV,
            "vllm/aeon/r35ev4.py",
            SUB + "    def aeon_pending(self) -> bool:\n"
            '        is_set = getattr(self.rearrange_event, "is_set", None)\n'
            "        return bool(is_set and is_set())\n",
            '        is_set = getattr(self.rearrange_event, "is_set", None)',
        ),
    ),
    (
        "#37601 holder retyped",
        "twin: a hasattr guard",
        K(
            *EV,
            "vllm/aeon/r35ev5.py",
            SUB + "    def aeon_pending(self) -> bool:\n"
            '        if hasattr(self.rearrange_event, "is_set"):\n'
            "            return self.rearrange_event.is_set()\n"
            "        return False\n",
            "            return self.rearrange_event.is_set()",
        ),
    ),
    (
        "#37601 holder retyped",
        "twin: an isinstance guard on the outside class",
        K(
            *EV,
            "vllm/aeon/r35ev6.py",
            SUB + "    def aeon_pending(self) -> bool:\n"
            "        if isinstance(self.rearrange_event, threading.Event):\n"
            "            return self.rearrange_event.is_set()\n"
            "        return False\n",
            "            return self.rearrange_event.is_set()",
        ),
    ),
    (
        "#37601 holder retyped",
        "twin: a try/except AttributeError",
        K(
            *EV,
            "vllm/aeon/r35ev7.py",
            SUB + "    def aeon_pending(self) -> bool:\n"
            "        try:\n"
            "            return self.rearrange_event.is_set()\n"
            "        except AttributeError:  # AEON: newer upstreams signal through a CpuGpuEvent\n"
            "            return False\n",
            "            return self.rearrange_event.is_set()",
        ),
    ),
    (
        "#37601 holder retyped",
        "twin: the subclass binds its own threading.Event and reads it",
        K(
            *EV,
            "vllm/aeon/r35ev8.py",
            SUB + "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_event = threading.Event()\n"
            "        self.rearrange_event = threading.Event()  # AEON: the Spark's host-only signal\n\n"
            "    def aeon_pending(self) -> bool:\n"
            "        return self.rearrange_event.is_set()\n",
            "        return self.rearrange_event.is_set()",
        ),
    ),
    (
        "#37601 holder retyped",
        "twin: an unrelated fork class with a field of the name",
        K(
            *EV,
            "vllm/aeon/r35ev9.py",
            "import threading\n\n\n"
            "class AeonRebalancer:\n"
            "    def __init__(self) -> None:\n"
            "        self.rearrange_event = threading.Event()\n\n"
            "    def aeon_pending(self) -> bool:\n"
            "        return self.rearrange_event.is_set()\n",
            "        return self.rearrange_event.is_set()",
        ),
    ),
    (
        "#37601 holder retyped",
        "twin: a parameter annotated as the fork's own state holding an Event",
        K(
            *EV,
            "vllm/aeon/r35ev10.py",
            "import threading\nfrom dataclasses import dataclass, field\n\n\n"
            "@dataclass\n"
            "class AeonEplbSignals:\n"
            "    rearrange_event: threading.Event = field(default_factory=threading.Event)\n\n\n"
            "def aeon_kick(state: AeonEplbSignals) -> None:\n"
            "    state.rearrange_event.set()\n",
            "    state.rearrange_event.set()",
        ),
    ),
]

# --- ee8a29511f (#36247): DeepSeekV2FusedQkvAProj -> DeepSeekV2FusedQkvAProjLinear
QA = ("#36247", "ee8a29511f", "DeepSeekV2FusedQkvAProj renamed DeepSeekV2FusedQkvAProjLinear")
NN = "from torch import nn\n\n"
CASES += [
    (
        "#36247 table of definition names",
        "a list tested against the MRO's names",
        K(
            *QA,
            "vllm/aeon/r35qa0.py",
            NN + "_AEON_KEEP_BF16 = ['DeepSeekV2FusedQkvAProj', 'ReplicatedLinear']\n\n\n"
            "def aeon_keep(module: nn.Module) -> bool:\n"
            "    return any(c.__name__ in _AEON_KEEP_BF16 for c in type(module).__mro__)\n",
            "_AEON_KEEP_BF16 = ['DeepSeekV2FusedQkvAProj', 'ReplicatedLinear']",
        ),
    ),
]
CASES += [
    (
        "#36247 table of definition names",
        "(round 2) the renamed class beside its base, MergedColumnParallelLinear",
        K(
            *QA,
            "vllm/aeon/r35qa5.py",
            NN + "_AEON_FUSED = ('MergedColumnParallelLinear', 'DeepSeekV2FusedQkvAProj')\n\n\n"
            "def aeon_fused(module: nn.Module) -> bool:\n"
            "    return type(module).__name__ in _AEON_FUSED\n",
            "_AEON_FUSED = ('MergedColumnParallelLinear', 'DeepSeekV2FusedQkvAProj')",
        ),
    ),
]
TWINS += [
    (
        "#36247 table of definition names",
        "twin: the module also tests the new class by isinstance",
        K(
            *QA,
            "vllm/aeon/r35qa1.py",
            NN + f"from {DSV2} import DeepSeekV2FusedQkvAProjLinear\n\n"
            "_AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'ReplicatedLinear'}\n\n\n"
            "def aeon_skip(module: nn.Module) -> bool:\n"
            "    # AEON: older upstreams named the fused projection without the suffix\n"
            "    return type(module).__name__ in _AEON_SKIP or isinstance(module, DeepSeekV2FusedQkvAProjLinear)\n",
            "_AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'ReplicatedLinear'}",
        ),
    ),
    (
        "#36247 table of definition names",
        "twin: the fork's own class of the old name, in another fork module",
        Killer(
            *QA,
            (
                Edit(
                    "vllm/aeon/r35qa2_layers.py",
                    f"from {DSV2} import DeepSeekV2FusedQkvAProjLinear\n\n\n"
                    "class DeepSeekV2FusedQkvAProj(DeepSeekV2FusedQkvAProjLinear):\n"
                    "    # AEON: the Spark's bf16 GEMM variant of the fused projection\n"
                    "    pass\n",
                ),
                Edit(
                    "vllm/aeon/r35qa2.py",
                    NN + "_AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'ReplicatedLinear'}\n\n\n"
                    "def aeon_skip(module: nn.Module) -> bool:\n"
                    "    return type(module).__name__ in _AEON_SKIP\n",
                ),
            ),
            (("vllm/aeon/r35qa2.py", "_AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'ReplicatedLinear'}"),),
        ),
    ),
    (
        "#36247 table of definition names",
        "twin: another fork module registers the new spelling in the table",
        Killer(
            *QA,
            (
                Edit(
                    "vllm/aeon/r35qa3.py",
                    NN + "AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'ReplicatedLinear'}\n\n\n"
                    "def aeon_skip(module: nn.Module) -> bool:\n"
                    "    return type(module).__name__ in AEON_SKIP\n",
                ),
                Edit(
                    "vllm/aeon/r35qa3_plugin.py",
                    "from vllm.aeon.r35qa3 import AEON_SKIP\n\n"
                    "AEON_SKIP.add('DeepSeekV2FusedQkvAProjLinear')  # AEON: the name newer upstreams use\n",
                ),
            ),
            (("vllm/aeon/r35qa3.py", "AEON_SKIP = {'DeepSeekV2FusedQkvAProj', 'ReplicatedLinear'}"),),
        ),
    ),
    (
        "#36247 table of definition names",
        "twin: a table of the fork's own method names tested against a function's name",
        K(
            *QA,
            "vllm/aeon/r35qa4.py",
            "from collections.abc import Callable\n\n"
            "_AEON_TRACED = ('forward', 'aeon_fused_qkv_a')\n\n\n"
            "def aeon_traced(fn: Callable[..., object]) -> bool:\n"
            "    return fn.__name__ in _AEON_TRACED\n",
            "_AEON_TRACED = ('forward', 'aeon_fused_qkv_a')",
        ),
    ),
]

# --- 5e584ce9ec (#35782): SharedFusedMoE removed, its models build FusedMoE with shared experts
SF = ("#35782", "5e584ce9ec", "SharedFusedMoE removed (folded into FusedMoE)")
CASES += [
    (
        "#35782 table of definition names",
        "a table holding only the removed class, tested against __class__.__name__",
        K(
            *SF,
            "vllm/aeon/r35sf0.py",
            NN + "_AEON_SHARED = ('SharedFusedMoE',)\n\n\n"
            "def aeon_shared(module: nn.Module) -> bool:\n"
            "    # AEON: the Spark overlaps shared experts on its second stream\n"
            "    return module.__class__.__name__ in _AEON_SHARED\n",
            "_AEON_SHARED = ('SharedFusedMoE',)",
        ),
    ),
]
TWINS += [
    (
        "#35782 table of definition names",
        "twin: a table of both MoE layer classes (as upstream's own __class__.__name__ tests)",
        K(
            *SF,
            "vllm/aeon/r35sf1.py",
            NN + "_AEON_MOE_LAYERS = ('FusedMoE', 'SharedFusedMoE')\n\n\n"
            "def aeon_is_moe(module: nn.Module) -> bool:\n"
            "    return module.__class__.__name__ in _AEON_MOE_LAYERS\n",
            "_AEON_MOE_LAYERS = ('FusedMoE', 'SharedFusedMoE')",
        ),
    ),
    (
        "#35782 table of definition names",
        "twin: both MoE layer classes written out",
        K(
            *SF,
            "vllm/aeon/r35sf2.py",
            NN + "def aeon_is_moe(module: nn.Module) -> bool:\n"
            "    return module.__class__.__name__ in ('FusedMoE', 'SharedFusedMoE')\n",
            "    return module.__class__.__name__ in ('FusedMoE', 'SharedFusedMoE')",
        ),
    ),
    (
        "#35782 table of definition names",
        "twin: the removed class's name or the class it derived from",
        K(
            *SF,
            "vllm/aeon/r35sf3.py",
            NN + "def aeon_is_moe(module: nn.Module) -> bool:\n"
            "    name = module.__class__.__name__\n"
            "    return name == 'FusedMoE' or name == 'SharedFusedMoE'\n",
            "    return name == 'FusedMoE' or name == 'SharedFusedMoE'",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review35-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
