"""Adversarial twins of killers130's drift classes: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the classes catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- handed kinds (#29322, 2f5f9acd55: ``LoRAModel.from_local_checkpoint``'s ``expected_lora_modules`` a list ->
  a set, upstream's worker now builds the set): the override's list method under a ``hasattr`` guard, in a
  ``try`` catching AttributeError, under an ``isinstance``/``type`` test; a helper nested in the override whose
  own parameter shadows the name; a copy under another name; the override annotating the new kind and using
  it; a fork class of its own (no LoRAModel base) with a method of the name; another method of the subclass
  taking a list of the same name;
- operators on a module table (#35077, a250f1bd5f: ``vllm.lora.utils._all_lora_classes`` a set -> an ordered
  tuple): the new spelling (``+= (Layer,)``), the union under an ``isinstance`` or ``hasattr`` test of the table,
  in a ``try`` catching TypeError, the fork's own table of the name, a parameter of the name, a copy made a set
  first;
- operators on a field (#2290, 05921a9a7a: ``Scheduler.waiting``/``running``/``swapped`` lists -> deques): a
  concatenation with a deque the fork builds (``deque([g])``, ``collections.deque(...)``), with another field
  that became a deque in the same change, with a local the method bound to a deque, the in-place extend, a
  copy to a list, the concatenation under ``isinstance``, in a ``try`` catching TypeError, a fork class of its
  own holding list queues;
- a raise dropped with nothing in its place (#12102, 07934cc237: ``PEFTHelper.__post_init__`` no longer
  raises ValueError for DoRA; the check moved to ``validate_legal``): the ``try`` calling ``validate_legal``
  too (the move's own remedy), the fork's own subclass whose ``__post_init__`` raises it, a fork namesake
  dataclass of its own.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Main's engine (d498d45e), round 1 (6 cases, 25 twins): 6 caught of 6; 6 false errors of 25: handed kinds on
the override's list method under a ``hasattr`` guard (1) and on a helper nested in the override whose own
parameter shadows the name (1); container drift's operator on a deque concatenated with a deque the line
builds (``deque([g])``, ``collections.deque([g])``: 2), with another field made a deque by the same change (1),
with a local the method bound to a deque (1).  1 warning: the table's union under a ``hasattr`` test (#35077).
Round 2 (the same commits, 8 more twins), on the round-1 mends (d07b01e5): 5 false errors of 8: container
drift's operator on a deque concatenated with a parameter annotated as a deque, a local annotated as one
bound to a call, the subclass's own deque field, a module constant bound to a deque, and under a ``hasattr``
test of ``popleft`` returning early.
This branch: 6 caught of 6; 0 false errors of 33 twins, 0 warned (the #35077 union under a ``hasattr`` test
of ``add`` is quiet now too).
Regression set at 654aaf01: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet), review15/16/17_twins
0 false errors (40, 30 with 4 warned, 23 with 2 warned), blind_replay_loramgr 17 + 1 warned of 18 (11 quiet),
blind_replay_lora 33/33 (16 quiet), blind_replay_lora2 17 + 1 warned of 18 (10 quiet), ``symbol_precision.py
--windows 1`` 0 false errors (5 broken overrides, 4 caught, 8 warnings); the touched checks' tests pass.

  PYTHONPATH=.. python review33_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 2f5f9acd55 (#29322): from_local_checkpoint's expected_lora_modules list[str] -> set[str]
EM = ("#29322", "2f5f9acd55", "from_local_checkpoint's expected_lora_modules list[str] -> set[str]")
HEAD = "from vllm.lora.models import LoRAModel\nfrom vllm.lora.peft_helper import PEFTHelper\n\n\n"
OVR = (
    HEAD + "class AeonLoRAModel(LoRAModel):\n"
    "    @classmethod\n"
    "    def from_local_checkpoint(cls, lora_dir: str, expected_lora_modules: list[str], peft_helper: PEFTHelper, **kwargs):\n"
    "        # AEON: the fork's adapters also train the router gate\n"
)
SUPER = "        return super().from_local_checkpoint(lora_dir, expected_lora_modules, peft_helper, **kwargs)\n"
CASES += [
    (
        "#29322 list made a set",
        "an index of the override's parameter",
        K(
            *EM,
            "vllm/aeon/r33em1.py",
            OVR + "        first = expected_lora_modules[0]\n" + SUPER,
            "first = expected_lora_modules[0]",
        ),
    ),
    (
        "#29322 list made a set",
        "a list method on the parameter of another name in the same slot",
        K(
            *EM,
            "vllm/aeon/r33em2.py",
            HEAD + "class AeonLoRAModel(LoRAModel):\n"
            "    @classmethod\n"
            "    def from_local_checkpoint(cls, lora_dir: str, modules: list[str], peft_helper: PEFTHelper, **kwargs):\n"
            '        modules.append("gate")\n'
            "        return super().from_local_checkpoint(lora_dir, modules, peft_helper, **kwargs)\n",
            'modules.append("gate")',
        ),
    ),
]
TWINS += [
    (
        "#29322 list made a set",
        "twin: the list method under a hasattr guard",
        K(
            *EM,
            "vllm/aeon/r33em3.py",
            OVR + '        if hasattr(expected_lora_modules, "append"):\n'
            '            expected_lora_modules.append("gate")\n'
            "        else:\n"
            '            expected_lora_modules.add("gate")\n' + SUPER,
            'expected_lora_modules.append("gate")',
        ),
    ),
    (
        "#29322 list made a set",
        "twin: the list method in a try catching AttributeError",
        K(
            *EM,
            "vllm/aeon/r33em4.py",
            OVR + "        try:\n"
            '            expected_lora_modules.append("gate")\n'
            "        except AttributeError:  # a set since #29322\n"
            '            expected_lora_modules.add("gate")\n' + SUPER,
            'expected_lora_modules.append("gate")',
        ),
    ),
    (
        "#29322 list made a set",
        "twin: the concatenation under an isinstance test",
        K(
            *EM,
            "vllm/aeon/r33em5.py",
            OVR + "        if isinstance(expected_lora_modules, list):\n"
            '            modules = expected_lora_modules + ["gate"]\n'
            "        else:\n"
            '            modules = [*expected_lora_modules, "gate"]\n'
            "        return super().from_local_checkpoint(lora_dir, modules, peft_helper, **kwargs)\n",
            'modules = expected_lora_modules + ["gate"]',
        ),
    ),
    (
        "#29322 list made a set",
        "twin: a helper nested in the override whose own parameter shadows the name",
        K(
            *EM,
            "vllm/aeon/r33em6.py",
            OVR + "        def with_gate(expected_lora_modules: list[str]) -> list[str]:\n"
            '            expected_lora_modules.append("gate")\n'
            "            return expected_lora_modules\n\n"
            "        modules = with_gate(sorted(expected_lora_modules))\n"
            "        return super().from_local_checkpoint(lora_dir, modules, peft_helper, **kwargs)\n",
            'expected_lora_modules.append("gate")',
        ),
    ),
    (
        "#29322 list made a set",
        "twin: a comprehension over the set whose target shadows the name",
        K(
            *EM,
            "vllm/aeon/r33em7.py",
            OVR + "        gates = [expected_lora_modules[-1] for expected_lora_modules in (['gate'], ['router'])]\n"
            "        return super().from_local_checkpoint(lora_dir, {*expected_lora_modules, *gates}, peft_helper, **kwargs)\n",
            "gates = [expected_lora_modules[-1] for expected_lora_modules in (['gate'], ['router'])]",
        ),
    ),
    (
        "#29322 list made a set",
        "twin: the override annotates the new kind and widens it as a set",
        K(
            *EM,
            "vllm/aeon/r33em8.py",
            HEAD + "class AeonLoRAModel(LoRAModel):\n"
            "    @classmethod\n"
            "    def from_local_checkpoint(cls, lora_dir: str, expected_lora_modules: set[str], peft_helper: PEFTHelper, **kwargs):\n"
            '        modules = expected_lora_modules | {"gate"}\n'
            "        return super().from_local_checkpoint(lora_dir, modules, peft_helper, **kwargs)\n",
            'modules = expected_lora_modules | {"gate"}',
        ),
    ),
    (
        "#29322 list made a set",
        "twin: a fork class of its own with a loader of the name",
        K(
            *EM,
            "vllm/aeon/r33em9.py",
            "class AeonCheckpoint:\n"
            "    @classmethod\n"
            "    def from_local_checkpoint(cls, lora_dir: str, expected_lora_modules: list[str], **kwargs):\n"
            '        expected_lora_modules.append("gate")\n'
            "        return cls()\n",
            'expected_lora_modules.append("gate")',
        ),
    ),
    (
        "#29322 list made a set",
        "twin: another method of the subclass taking a list of the name",
        K(
            *EM,
            "vllm/aeon/r33em10.py",
            HEAD + "class AeonLoRAModel(LoRAModel):\n"
            "    @staticmethod\n"
            "    def aeon_with_gate(expected_lora_modules: list[str]) -> list[str]:\n"
            '        return expected_lora_modules + ["gate"]\n',
            'return expected_lora_modules + ["gate"]',
        ),
    ),
]

# --- a250f1bd5f (#35077): vllm.lora.utils._all_lora_classes a set -> an ordered tuple
AC = ("#35077", "a250f1bd5f", "_all_lora_classes set -> tuple")
LAYER = (
    "from vllm.lora.layers import ColumnParallelLinearWithLoRA\n\n\n"
    "class AeonGateWithLoRA(ColumnParallelLinearWithLoRA):\n    pass\n\n\n"
)
UTILS = "from vllm.lora import utils as lora_utils\n" + LAYER
CASES += [
    (
        "#35077 set made a tuple",
        "an in-place union through the module",
        K(
            *AC,
            "vllm/aeon/r33ac1.py",
            UTILS + "lora_utils._all_lora_classes |= {AeonGateWithLoRA}\n",
            "lora_utils._all_lora_classes |= {AeonGateWithLoRA}",
        ),
    ),
]
TWINS += [
    (
        "#35077 set made a tuple",
        "twin: the new spelling, a tuple extended in place",
        K(
            *AC,
            "vllm/aeon/r33ac2.py",
            UTILS + "lora_utils._all_lora_classes += (AeonGateWithLoRA,)\n",
            "lora_utils._all_lora_classes += (AeonGateWithLoRA,)",
        ),
    ),
    (
        "#35077 set made a tuple",
        "twin: the union under an isinstance test of the table",
        K(
            *AC,
            "vllm/aeon/r33ac3.py",
            UTILS + "if isinstance(lora_utils._all_lora_classes, set):\n"
            "    lora_utils._all_lora_classes |= {AeonGateWithLoRA}\n"
            "else:\n"
            "    lora_utils._all_lora_classes = (AeonGateWithLoRA, *lora_utils._all_lora_classes)\n",
            "    lora_utils._all_lora_classes |= {AeonGateWithLoRA}",
        ),
    ),
    (
        "#35077 set made a tuple",
        "twin: the union under a hasattr test of the table",
        K(
            *AC,
            "vllm/aeon/r33ac4.py",
            UTILS + 'if hasattr(lora_utils._all_lora_classes, "add"):\n'
            "    lora_utils._all_lora_classes |= {AeonGateWithLoRA}\n"
            "else:\n"
            "    lora_utils._all_lora_classes = (AeonGateWithLoRA, *lora_utils._all_lora_classes)\n",
            "    lora_utils._all_lora_classes |= {AeonGateWithLoRA}",
        ),
    ),
    (
        "#35077 set made a tuple",
        "twin: the union in a try catching TypeError",
        K(
            *AC,
            "vllm/aeon/r33ac5.py",
            UTILS + "try:\n"
            "    lora_utils._all_lora_classes |= {AeonGateWithLoRA}\n"
            "except TypeError:  # an ordered tuple since #35077\n"
            "    lora_utils._all_lora_classes = (AeonGateWithLoRA, *lora_utils._all_lora_classes)\n",
            "    lora_utils._all_lora_classes |= {AeonGateWithLoRA}",
        ),
    ),
    (
        "#35077 set made a tuple",
        "twin: the fork's own table of the name",
        K(
            *AC,
            "vllm/aeon/r33ac6.py",
            LAYER + "_all_lora_classes: set[type] = set()\n_all_lora_classes |= {AeonGateWithLoRA}\n",
            "_all_lora_classes |= {AeonGateWithLoRA}",
        ),
    ),
    (
        "#35077 set made a tuple",
        "twin: a parameter of the name in a file importing the table",
        K(
            *AC,
            "vllm/aeon/r33ac7.py",
            "from vllm.lora.utils import _all_lora_classes\n"
            + LAYER
            + "def aeon_classes(_all_lora_classes: set[type]) -> set[type]:\n"
            "    return _all_lora_classes | {AeonGateWithLoRA}\n",
            "    return _all_lora_classes | {AeonGateWithLoRA}",
        ),
    ),
    (
        "#35077 set made a tuple",
        "twin: a copy made a set first",
        K(
            *AC,
            "vllm/aeon/r33ac8.py",
            UTILS + "AEON_CLASSES = set(lora_utils._all_lora_classes) | {AeonGateWithLoRA}\n",
            "AEON_CLASSES = set(lora_utils._all_lora_classes) | {AeonGateWithLoRA}",
        ),
    ),
]

# --- 05921a9a7a (#2290): Scheduler.waiting/running/swapped lists -> deques
DQ = ("#2290", "05921a9a7a", "Scheduler.waiting/running/swapped List -> Deque")
SCH = (
    "import collections\nfrom collections import deque\n\nfrom vllm.core.scheduler import Scheduler\n"
    "from vllm.sequence import SequenceGroup\n\n\n"
    "class AeonScheduler(Scheduler):\n"
)
CASES += [
    (
        "#2290 list made a deque",
        "a concatenation with a list",
        K(
            *DQ,
            "vllm/aeon/r33dq1.py",
            SCH + "    def aeon_queue(self, g: SequenceGroup) -> list:\n        return self.waiting + [g]\n",
            "return self.waiting + [g]",
        ),
    ),
    (
        "#2290 list made a deque",
        "a list on the left",
        K(
            *DQ,
            "vllm/aeon/r33dq2.py",
            SCH + "    def aeon_queue(self, g: SequenceGroup) -> list:\n        return [g] + self.swapped\n",
            "return [g] + self.swapped",
        ),
    ),
]
TWINS += [
    (
        "#2290 list made a deque",
        "twin: a concatenation with a deque the method builds",
        K(
            *DQ,
            "vllm/aeon/r33dq3.py",
            SCH + "    def aeon_queue(self, g: SequenceGroup) -> deque:\n        return self.waiting + deque([g])\n",
            "return self.waiting + deque([g])",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: a concatenation with collections.deque(...)",
        K(
            *DQ,
            "vllm/aeon/r33dq4.py",
            SCH + "    def aeon_queue(self, g: SequenceGroup) -> deque:\n"
            "        return collections.deque([g]) + self.running\n",
            "return collections.deque([g]) + self.running",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: two fields made deques in the same change",
        K(
            *DQ,
            "vllm/aeon/r33dq5.py",
            SCH + "    def aeon_pending(self) -> deque:\n        return self.waiting + self.swapped\n",
            "return self.waiting + self.swapped",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: a local bound to a deque",
        K(
            *DQ,
            "vllm/aeon/r33dq6.py",
            SCH + "    def aeon_queue(self, g: SequenceGroup) -> deque:\n"
            "        extra = deque([g])\n"
            "        return self.waiting + extra\n",
            "return self.waiting + extra",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: the concatenation under an isinstance test",
        K(
            *DQ,
            "vllm/aeon/r33dq7.py",
            SCH + "    def aeon_queue(self, g: SequenceGroup) -> list:\n"
            "        if isinstance(self.waiting, list):\n"
            "            return self.waiting + [g]\n"
            "        return [*self.waiting, g]\n",
            "            return self.waiting + [g]",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: the concatenation in a try catching TypeError",
        K(
            *DQ,
            "vllm/aeon/r33dq8.py",
            SCH + "    def aeon_queue(self, g: SequenceGroup) -> list:\n"
            "        try:\n"
            "            return self.waiting + [g]\n"
            "        except TypeError:  # a deque since #2290\n"
            "            return [*self.waiting, g]\n",
            "            return self.waiting + [g]",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: a fork class of its own holding list queues",
        K(
            *DQ,
            "vllm/aeon/r33dq9.py",
            "from vllm.sequence import SequenceGroup\n\n\n"
            "class AeonQueues:\n"
            "    def __init__(self) -> None:\n"
            "        self.waiting: list[SequenceGroup] = []\n\n"
            "    def aeon_queue(self, g: SequenceGroup) -> list:\n"
            "        return self.waiting + [g]\n",
            "return self.waiting + [g]",
        ),
    ),
]

# --- 07934cc237 (#12102): PEFTHelper.__post_init__ no longer raises ValueError; the check moved to validate_legal
LC = ("#12102", "07934cc237", "PEFTHelper stops raising in __post_init__ (validate_legal now)")
PEFT = "from dataclasses import dataclass\n\nfrom vllm.config import LoRAConfig\nfrom vllm.lora.peft_helper import PEFTHelper\n\n\n"
CASES += [
    (
        "#12102 raise removed",
        "an except ValueError round a construction",
        K(
            *LC,
            "vllm/aeon/r33lc1.py",
            PEFT + "def aeon_supported(config: dict) -> bool:\n"
            "    try:\n"
            "        PEFTHelper(**config)\n"
            "    except ValueError:\n"
            "        return False\n"
            "    return True\n",
            "except ValueError:",
        ),
    ),
]
TWINS += [
    (
        "#12102 raise removed",
        "twin: the try calls validate_legal too",
        K(
            *LC,
            "vllm/aeon/r33lc2.py",
            PEFT + "def aeon_supported(config: dict, lora_config: LoRAConfig) -> bool:\n"
            "    try:\n"
            "        PEFTHelper(**config).validate_legal(lora_config)\n"
            "    except ValueError:\n"
            "        return False\n"
            "    return True\n",
            "except ValueError:",
        ),
    ),
    (
        "#12102 raise removed",
        "twin: the fork's own subclass raises it in __post_init__",
        K(
            *LC,
            "vllm/aeon/r33lc3.py",
            PEFT + "@dataclass\n"
            "class AeonPEFTHelper(PEFTHelper):\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        if self.use_dora:\n"
            '            raise ValueError("DoRA is refused on the Spark")\n\n\n'
            "def aeon_supported(config: dict) -> bool:\n"
            "    try:\n"
            "        AeonPEFTHelper(**config)\n"
            "    except ValueError:\n"
            "        return False\n"
            "    return True\n",
            "except ValueError:",
        ),
    ),
    (
        "#12102 raise removed",
        "twin: a fork namesake dataclass of its own",
        K(
            *LC,
            "vllm/aeon/r33lc4.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class PEFTHelper:\n"
            "    r: int\n"
            "    use_dora: bool = False\n\n"
            "    def __post_init__(self) -> None:\n"
            "        if self.use_dora:\n"
            '            raise ValueError("DoRA is refused on the Spark")\n\n\n'
            "def aeon_supported(config: dict) -> bool:\n"
            "    try:\n"
            "        PEFTHelper(**config)\n"
            "    except ValueError:\n"
            "        return False\n"
            "    return True\n",
            "except ValueError:",
        ),
    ),
]

# --- round 2: the same commits, operands whose kind the fork states elsewhere, guards by early return
TWINS += [
    (
        "#2290 list made a deque",
        "twin: a parameter annotated as a deque",
        K(
            *DQ,
            "vllm/aeon/r33dq10.py",
            SCH
            + "    def aeon_merge(self, more: deque[SequenceGroup]) -> deque:\n        return self.waiting + more\n",
            "return self.waiting + more",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: a local annotated as a deque, bound to a call",
        K(
            *DQ,
            "vllm/aeon/r33dq11.py",
            SCH + "    def aeon_take(self) -> deque:\n        return deque(self.swapped)\n\n"
            "    def aeon_merge(self) -> deque:\n"
            "        more: deque[SequenceGroup] = self.aeon_take()\n"
            "        return self.waiting + more\n",
            "return self.waiting + more",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: the subclass's own deque field",
        K(
            *DQ,
            "vllm/aeon/r33dq12.py",
            SCH + "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_held: deque[SequenceGroup] = deque()  # AEON: groups parked for the Spark's swap\n\n"
            "    def aeon_pending(self) -> deque:\n"
            "        return self.waiting + self.aeon_held\n",
            "return self.waiting + self.aeon_held",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: a module constant of the fork file bound to a deque",
        K(
            *DQ,
            "vllm/aeon/r33dq13.py",
            "from collections import deque\n\nfrom vllm.core.scheduler import Scheduler\n\n"
            "_AEON_PRIORITY: deque = deque()\n\n\n"
            "class AeonScheduler(Scheduler):\n"
            "    def aeon_pending(self) -> deque:\n"
            "        return _AEON_PRIORITY + self.waiting\n",
            "return _AEON_PRIORITY + self.waiting",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: an isinstance test returning early",
        K(
            *DQ,
            "vllm/aeon/r33dq14.py",
            SCH + "    def aeon_queue(self, g: SequenceGroup) -> list:\n"
            "        if isinstance(self.waiting, deque):\n"
            "            return [*self.waiting, g]\n"
            "        return self.waiting + [g]\n",
            "        return self.waiting + [g]",
        ),
    ),
    (
        "#2290 list made a deque",
        "twin: a hasattr test of the deque's method",
        K(
            *DQ,
            "vllm/aeon/r33dq15.py",
            SCH + "    def aeon_queue(self, g: SequenceGroup) -> list:\n"
            '        if hasattr(self.waiting, "popleft"):\n'
            "            return [*self.waiting, g]\n"
            "        return self.waiting + [g]\n",
            "        return self.waiting + [g]",
        ),
    ),
    (
        "#29322 list made a set",
        "twin: a lambda in the override whose parameter shadows the name",
        K(
            *EM,
            "vllm/aeon/r33em11.py",
            OVR
            + "        first = min(([m] for m in expected_lora_modules), key=lambda expected_lora_modules: expected_lora_modules[0])\n"
            "        print(first)\n" + SUPER,
            "first = min(([m] for m in expected_lora_modules), key=lambda expected_lora_modules: expected_lora_modules[0])",
        ),
    ),
    (
        "#29322 list made a set",
        "twin: a concatenation with the override's own set parameter",
        K(
            *EM,
            "vllm/aeon/r33em12.py",
            HEAD + "class AeonLoRAModel(LoRAModel):\n"
            "    @classmethod\n"
            "    def from_local_checkpoint(cls, lora_dir: str, expected_lora_modules: list[str], peft_helper: PEFTHelper, aeon_extra: frozenset[str] = frozenset(), **kwargs):\n"
            "        modules = aeon_extra | expected_lora_modules if isinstance(expected_lora_modules, set) else [*aeon_extra, *expected_lora_modules]\n"
            "        return super().from_local_checkpoint(lora_dir, modules, peft_helper, **kwargs)\n",
            "modules = aeon_extra | expected_lora_modules if isinstance(expected_lora_modules, set) else [*aeon_extra, *expected_lora_modules]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review33-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
