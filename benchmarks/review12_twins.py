"""Adversarial twins of the killers30 drift reach: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the newest checks catch,
but right after the merge:

- a gone name in a ``with`` header or an ``except`` clause (#4818 graph_mode, #25025
  AsyncEngineDeadError): the fork's own context manager or exception of that name, one imported from
  elsewhere, a parameter that shadows the module, a ``hasattr`` guard with an else for the new spelling,
  ``getattr`` with a stand-in (called, caught, or bound first), an import under ``except ImportError``
  (judged on the import line too), a ``try`` whose ``except AttributeError`` takes over;
- a container upstream annotated as another kind (#4659 and #4607 dict -> list of pairs, #2290 list ->
  deque, #9945 and #13244 list -> dict): the use of the old kind only where ``isinstance`` says it is
  that kind (or ``Mapping``, or in the else of a test of the new kind), or ``hasattr`` has the method; a
  copy made first; a method both kinds have; the fork's own class of the same name (in the file, a
  vendored copy, or imported from the fork's own module); a fork override (a property, a method) of it;
- a renamed keyword in a call over several lines (#4518): the fork's own kernel wrapper of the name;
- an attribute ``__init__`` fixes (#4983 max_parallel 16 -> 64, #10699 max_num_encoder_input_tokens
  2048 -> 16384): a comparison that holds at both values, both values tested, a fork subclass that
  fixes the attribute itself, the fork's own class of the same name, the fork setting it first;
- a default None made 0 (#5031) and a member added to a list of members (#273), both warnings: the
  fork tests both, or reads its own class of the name (counted as noisy when a warning lands).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (1c3ebb3), the first pass (34 twins): 9 caught of 9, 19 false errors of 34 (2 warned):
the container check under an ``isinstance`` test of either kind (7) or on the fork's own class of the
name (3); the fixed attribute under a comparison true at both values, both values tested, a fork
subclass fixing it, the fork's class of the name (6); a ``with`` under a ``hasattr`` guard (1); and
``getattr`` with a stand-in (2, name drift's older reading).
All three passes (42 twins, the import line judged too): main 27 false errors of 42 (2 warned); this
branch 9 caught of 9, 0 false errors of 42, no warning.

  PYTHONPATH=.. python review12_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []


def two(pr: str, sha: str, what: str, files: dict[str, str], line: tuple[str, str]) -> Killer:
    """A carry of several new files (a fork module and its user), judged on one line."""
    return Killer(pr, sha, what, tuple(Edit(p, t) for p, t in files.items()), (line,))


# --- e08188081b (#4818): communication_op.graph_mode removed (graph_capture does its work)
GM = ("#4818", "e08188081b", "graph_mode removed")
CO = "from vllm.distributed import communication_op\n\n\n"
CASES += [
    (
        "#4818 with of a gone name",
        "module attribute",
        K(
            *GM,
            "vllm/aeon/r12gm0.py",
            CO + "def aeon_capture(graph, fn):\n    with communication_op.graph_mode():\n        return fn(graph)\n",
            "with communication_op.graph_mode():",
        ),
    ),
]
TWINS += [
    (
        "#4818 with of a gone name",
        "twin: the fork's own context manager of the name",
        K(
            *GM,
            "vllm/aeon/r12gm1.py",
            "from contextlib import contextmanager\n\n\n"
            "@contextmanager\n"
            "def graph_mode():\n"
            "    # AEON: the fleet's own capture scope\n"
            "    yield\n\n\n"
            "def aeon_capture(graph, fn):\n"
            "    with graph_mode():\n"
            "        return fn(graph)\n",
            "    with graph_mode():",
        ),
    ),
    (
        "#4818 with of a gone name",
        "twin: a same-named manager imported from elsewhere",
        K(
            *GM,
            "vllm/aeon/r12gm2.py",
            "from contextlib import nullcontext as graph_mode\n\n\n"
            "def aeon_capture(graph, fn):\n"
            "    with graph_mode():\n"
            "        return fn(graph)\n",
            "    with graph_mode():",
        ),
    ),
    (
        "#4818 with of a gone name",
        "twin: a parameter shadows the module",
        K(
            *GM,
            "vllm/aeon/r12gm3.py",
            CO + "def aeon_capture(graph, fn, communication_op=communication_op):\n"
            "    # AEON: tests hand in a fake of the module\n"
            "    with communication_op.graph_mode():\n"
            "        return fn(graph)\n",
            "    with communication_op.graph_mode():",
        ),
    ),
    (
        "#4818 with of a gone name",
        "twin: a hasattr guard, graph_capture in its else",
        Killer(
            *GM,
            (
                Edit(
                    "vllm/aeon/r12gm4.py",
                    CO + "def aeon_capture(graph, fn):\n"
                    '    if hasattr(communication_op, "graph_mode"):  # AEON: before and after #4818\n'
                    "        with communication_op.graph_mode():\n"
                    "            return fn(graph)\n"
                    "    with communication_op.graph_capture():\n"
                    "        return fn(graph)\n",
                ),
            ),
            (
                (
                    "vllm/aeon/r12gm4.py",
                    '    if hasattr(communication_op, "graph_mode"):  # AEON: before and after #4818',
                ),
                ("vllm/aeon/r12gm4.py", "        with communication_op.graph_mode():"),
            ),
        ),
    ),
    (
        "#4818 with of a gone name",
        "twin: getattr with a fallback manager",
        K(
            *GM,
            "vllm/aeon/r12gm5.py",
            "from contextlib import nullcontext\n\n" + CO + "def aeon_capture(graph, fn):\n"
            '    with getattr(communication_op, "graph_mode", nullcontext)():\n'
            "        return fn(graph)\n",
            '    with getattr(communication_op, "graph_mode", nullcontext)():',
        ),
    ),
    (
        "#4818 with of a gone name",
        "twin: an import guarded by except ImportError",
        Killer(
            *GM,
            (
                Edit(
                    "vllm/aeon/r12gm6.py",
                    "try:\n"
                    "    from vllm.distributed.communication_op import graph_mode\n"
                    "except ImportError:  # AEON: upstream #4818 folded it into graph_capture\n"
                    "    from contextlib import nullcontext as graph_mode\n\n\n"
                    "def aeon_capture(graph, fn):\n"
                    "    with graph_mode():\n"
                    "        return fn(graph)\n",
                ),
            ),
            (
                ("vllm/aeon/r12gm6.py", "    from vllm.distributed.communication_op import graph_mode"),
                ("vllm/aeon/r12gm6.py", "    with graph_mode():"),
            ),
        ),
    ),
    (
        "#4818 with of a gone name",
        "twin: the gone name as a with target",
        K(
            *GM,
            "vllm/aeon/r12gm7.py",
            CO + "def aeon_capture(graph, fn):\n"
            "    with communication_op.graph_capture() as graph_mode:\n"
            "        return fn(graph, graph_mode)\n",
            "    with communication_op.graph_capture() as graph_mode:",
        ),
    ),
]

# --- e19bce40a1 (#25025): AsyncEngineDeadError removed with the V0 AsyncLLMEngine
AD = ("#25025", "e19bce40a1", "AsyncEngineDeadError removed")
CASES += [
    (
        "#25025 except of a gone name",
        "module attribute",
        K(
            *AD,
            "vllm/aeon/r12ad0.py",
            "from vllm.engine import async_llm_engine\n\n\n"
            "async def aeon_generate(engine, prompt):\n"
            "    try:\n"
            "        return await engine.generate(prompt)\n"
            "    except async_llm_engine.AsyncEngineDeadError:\n"
            "        return None\n",
            "    except async_llm_engine.AsyncEngineDeadError:",
        ),
    ),
]
TWINS += [
    (
        "#25025 except of a gone name",
        "twin: the fork's own exception of the name",
        K(
            *AD,
            "vllm/aeon/r12ad1.py",
            "class AsyncEngineDeadError(RuntimeError):\n"
            "    pass  # AEON: the fleet's router raises its own\n\n\n"
            "async def aeon_generate(engine, prompt):\n"
            "    try:\n"
            "        return await engine.generate(prompt)\n"
            "    except AsyncEngineDeadError:\n"
            "        return None\n",
            "    except AsyncEngineDeadError:",
        ),
    ),
    (
        "#25025 except of a gone name",
        "twin: the V1 error imported under the old name",
        K(
            *AD,
            "vllm/aeon/r12ad2.py",
            "from vllm.v1.engine.exceptions import EngineDeadError as AsyncEngineDeadError\n\n\n"
            "async def aeon_generate(engine, prompt):\n"
            "    try:\n"
            "        return await engine.generate(prompt)\n"
            "    except AsyncEngineDeadError:\n"
            "        return None\n",
            "    except AsyncEngineDeadError:",
        ),
    ),
    (
        "#25025 except of a gone name",
        "twin: getattr with the V1 error as fallback",
        K(
            *AD,
            "vllm/aeon/r12ad3.py",
            "from vllm.engine import async_llm_engine\n"
            "from vllm.v1.engine.exceptions import EngineDeadError\n\n\n"
            "async def aeon_generate(engine, prompt):\n"
            "    try:\n"
            "        return await engine.generate(prompt)\n"
            '    except getattr(async_llm_engine, "AsyncEngineDeadError", EngineDeadError):\n'
            "        return None\n",
            '    except getattr(async_llm_engine, "AsyncEngineDeadError", EngineDeadError):',
        ),
    ),
]

# --- 20cfcdec99 (#4659): swap_in returns List[Tuple[int, int]], blocks_to_swap_out likewise (were Dict[int, int])
SWAP = ("#4659", "20cfcdec99", "blocks_to_swap_out a list of pairs")
SO = "from vllm.core.scheduler import SchedulerOutputs\n\n\n"
CASES += [
    (
        "#4659 dict -> list of pairs",
        "scheduler output field .items()",
        K(
            *SWAP,
            "vllm/aeon/r12sw0.py",
            SO + "def aeon_swapped_out(outputs: SchedulerOutputs) -> list:\n"
            "    return sorted(outputs.blocks_to_swap_out.items())\n",
            "return sorted(outputs.blocks_to_swap_out.items())",
        ),
    ),
]
PLAN = (
    "from typing import Dict\n\n\n"
    "class SchedulerOutputs:\n"
    "    # AEON: the fleet's swap planner's own outputs, named as upstream names its\n"
    "    def __init__(self) -> None:\n"
    "        self.blocks_to_swap_out: Dict[int, int] = {}\n"
)
TWINS += [
    (
        "#4659 dict -> list of pairs",
        "twin: .items() only when it is a dict",
        K(
            *SWAP,
            "vllm/aeon/r12sw1.py",
            SO + "def aeon_swapped_out(outputs: SchedulerOutputs) -> list:\n"
            "    swaps = outputs.blocks_to_swap_out\n"
            "    # AEON: a dict before #4659, a list of pairs after\n"
            "    return sorted(swaps.items() if isinstance(swaps, dict) else swaps)\n",
            "    return sorted(swaps.items() if isinstance(swaps, dict) else swaps)",
        ),
    ),
    (
        "#4659 dict -> list of pairs",
        "twin: .items() in the else of a test of the list",
        K(
            *SWAP,
            "vllm/aeon/r12sw2.py",
            SO + "def aeon_swapped_out(outputs: SchedulerOutputs) -> list:\n"
            "    if isinstance(outputs.blocks_to_swap_out, list):\n"
            "        return sorted(outputs.blocks_to_swap_out)\n"
            "    else:\n"
            "        return sorted(outputs.blocks_to_swap_out.items())\n",
            "        return sorted(outputs.blocks_to_swap_out.items())",
        ),
    ),
    (
        "#4659 dict -> list of pairs",
        "twin: the fork's own class of the name in the file",
        K(
            *SWAP,
            "vllm/aeon/r12sw3.py",
            PLAN + "\n\ndef aeon_swapped_out(outputs: SchedulerOutputs) -> list:\n"
            "    return sorted(outputs.blocks_to_swap_out.items())\n",
            "    return sorted(outputs.blocks_to_swap_out.items())",
        ),
    ),
    (
        "#4659 dict -> list of pairs",
        "twin: the fork's own class of the name, imported",
        two(
            *SWAP,
            {
                "vllm/aeon/r12plan.py": PLAN,
                "vllm/aeon/r12sw4.py": "from vllm.aeon.r12plan import SchedulerOutputs\n\n\n"
                "def aeon_swapped_out(outputs: SchedulerOutputs) -> list:\n"
                "    return sorted(outputs.blocks_to_swap_out.items())\n",
            },
            ("vllm/aeon/r12sw4.py", "    return sorted(outputs.blocks_to_swap_out.items())"),
        ),
    ),
    (
        "#4659 dict -> list of pairs",
        "twin: a dict made of it first",
        K(
            *SWAP,
            "vllm/aeon/r12sw5.py",
            SO + "def aeon_swapped_out(outputs: SchedulerOutputs) -> list:\n"
            "    return sorted(dict(outputs.blocks_to_swap_out).items())\n",
            "    return sorted(dict(outputs.blocks_to_swap_out).items())",
        ),
    ),
]

# a second pass: duck typing, an abstract base's test, a try that catches the AttributeError, overrides
TWINS += [
    (
        "#4659 dict -> list of pairs",
        "twin: .items() only when it has one (hasattr)",
        K(
            *SWAP,
            "vllm/aeon/r12sw6.py",
            SO + "def aeon_swapped_out(outputs: SchedulerOutputs) -> list:\n"
            "    swaps = outputs.blocks_to_swap_out\n"
            '    return sorted(swaps.items() if hasattr(swaps, "items") else swaps)\n',
            '    return sorted(swaps.items() if hasattr(swaps, "items") else swaps)',
        ),
    ),
    (
        "#4659 dict -> list of pairs",
        "twin: .items() only when it is a Mapping",
        K(
            *SWAP,
            "vllm/aeon/r12sw7.py",
            "from collections.abc import Mapping\n\n"
            + SO
            + "def aeon_swapped_out(outputs: SchedulerOutputs) -> list:\n"
            "    swaps = outputs.blocks_to_swap_out\n"
            "    return sorted(swaps.items() if isinstance(swaps, Mapping) else swaps)\n",
            "    return sorted(swaps.items() if isinstance(swaps, Mapping) else swaps)",
        ),
    ),
    (
        "#4659 dict -> list of pairs",
        "twin: a fork block manager's own swap_in returns a dict",
        K(
            "#4659",
            "20cfcdec99",
            "swap_in returns a list of pairs",
            "vllm/aeon/r12sw8.py",
            "from typing import Dict\n\n"
            "from vllm.core.block_manager_v1 import BlockSpaceManagerV1\n\n\n"
            "class AeonBlockManager(BlockSpaceManagerV1):\n"
            "    def swap_in(self, seq_group) -> Dict[int, int]:  # AEON: the fleet's mapping, kept a dict\n"
            "        return dict(super().swap_in(seq_group))\n\n"
            "    def aeon_log(self, seq_group) -> list:\n"
            '        return [f"{c}->{g}" for c, g in self.swap_in(seq_group).items()]\n',
            '        return [f"{c}->{g}" for c, g in self.swap_in(seq_group).items()]',
        ),
    ),
    (
        "#4818 with of a gone name",
        "twin: a try that catches the AttributeError",
        K(
            *GM,
            "vllm/aeon/r12gm8.py",
            CO + "def aeon_scope():\n"
            "    try:\n"
            "        return communication_op.graph_mode()\n"
            "    except AttributeError:  # AEON: #4818 folded it into graph_capture\n"
            "        return communication_op.graph_capture()\n",
            "        return communication_op.graph_mode()",
        ),
    ),
]

# a third pass: a stand-in bound to a local first, an attribute the fork sets on its own instance
TWINS += [
    (
        "#4818 with of a gone name",
        "twin: getattr with a stand-in, bound to a local",
        K(
            *GM,
            "vllm/aeon/r12gm9.py",
            "from contextlib import nullcontext\n\n" + CO + "def aeon_capture(graph, fn):\n"
            '    graph_mode = getattr(communication_op, "graph_mode", nullcontext)\n'
            "    with graph_mode():\n"
            "        return fn(graph)\n",
            '    graph_mode = getattr(communication_op, "graph_mode", nullcontext)',
        ),
    ),
]

# --- 63575bc2e1 (#4607): SchedulerOutputs.blocks_to_copy Dict[int, List[int]] -> List[Tuple[int, int]]
CP = ("#4607", "63575bc2e1", "blocks_to_copy a list of pairs")
CASES += [
    (
        "#4607 dict -> list of pairs",
        "field .items()",
        K(
            *CP,
            "vllm/aeon/r12cp0.py",
            SO + "def aeon_copies(outputs: SchedulerOutputs) -> int:\n"
            "    return sum(len(dsts) for _, dsts in outputs.blocks_to_copy.items())\n",
            "return sum(len(dsts) for _, dsts in outputs.blocks_to_copy.items())",
        ),
    ),
]
TWINS += [
    (
        "#4607 dict -> list of pairs",
        "twin: .items() only when it is a dict",
        K(
            *CP,
            "vllm/aeon/r12cp1.py",
            SO + "def aeon_copies(outputs: SchedulerOutputs) -> int:\n"
            "    if isinstance(outputs.blocks_to_copy, dict):  # AEON: before #4607\n"
            "        return sum(len(dsts) for _, dsts in outputs.blocks_to_copy.items())\n"
            "    return len(outputs.blocks_to_copy)\n",
            "        return sum(len(dsts) for _, dsts in outputs.blocks_to_copy.items())",
        ),
    ),
    (
        "#4607 dict -> list of pairs",
        "twin: a method both kinds have",
        K(
            *CP,
            "vllm/aeon/r12cp2.py",
            SO + "def aeon_forget_copies(outputs: SchedulerOutputs) -> None:\n    outputs.blocks_to_copy.clear()\n",
            "    outputs.blocks_to_copy.clear()",
        ),
    ),
]

# --- 05921a9a7a (#2290): Scheduler.waiting/running/swapped List -> Deque
DEQ = ("#2290", "05921a9a7a", "waiting made a deque")
SCHED = "from vllm.core.scheduler import Scheduler\n\n\n"
CASES += [
    (
        "#2290 list -> deque",
        "subclass pop(0)",
        K(
            *DEQ,
            "vllm/aeon/r12dq0.py",
            SCHED + "class AeonScheduler(Scheduler):\n"
            "    def aeon_shed_oldest(self):\n"
            "        return self.waiting.pop(0)\n",
            "return self.waiting.pop(0)",
        ),
    ),
]
TWINS += [
    (
        "#2290 list -> deque",
        "twin: pop(0) only when it is a list",
        K(
            *DEQ,
            "vllm/aeon/r12dq1.py",
            SCHED + "class AeonScheduler(Scheduler):\n"
            "    def aeon_shed_oldest(self):\n"
            "        if isinstance(self.waiting, list):  # AEON: before #2290\n"
            "            return self.waiting.pop(0)\n"
            "        return self.waiting.popleft()\n",
            "            return self.waiting.pop(0)",
        ),
    ),
    (
        "#2290 list -> deque",
        "twin: pop(0) in the else of a test of the deque",
        K(
            *DEQ,
            "vllm/aeon/r12dq2.py",
            "from collections import deque\n\n" + SCHED + "class AeonScheduler(Scheduler):\n"
            "    def aeon_shed_oldest(self):\n"
            "        if isinstance(self.waiting, deque):\n"
            "            return self.waiting.popleft()\n"
            "        else:\n"
            "            return self.waiting.pop(0)\n",
            "            return self.waiting.pop(0)",
        ),
    ),
    (
        "#2290 list -> deque",
        "twin: sort() of a list made of it",
        K(
            *DEQ,
            "vllm/aeon/r12dq3.py",
            SCHED + "class AeonScheduler(Scheduler):\n"
            "    def aeon_by_arrival(self) -> list:\n"
            "        waiting = list(self.waiting)\n"
            "        waiting.sort(key=lambda seq_group: seq_group.arrival_time)\n"
            "        return waiting\n",
            "        waiting.sort(key=lambda seq_group: seq_group.arrival_time)",
        ),
    ),
    (
        "#2290 list -> deque",
        "twin: the fork's own scheduler class of the name",
        K(
            *DEQ,
            "vllm/aeon/r12dq4.py",
            "from typing import List\n\n\n"
            "class Scheduler:\n"
            "    # AEON: the fleet's admission queue, a plain list\n"
            "    def __init__(self) -> None:\n"
            "        self.waiting: List[int] = []\n\n"
            "    def shed_oldest(self) -> int:\n"
            "        return self.waiting.pop(0)\n",
            "        return self.waiting.pop(0)",
        ),
    ),
    (
        "#2290 list -> deque",
        "twin: a vendored copy of the old scheduler",
        K(
            *DEQ,
            "vllm/aeon/vendor/scheduler_v0.py",
            "from typing import List\n\n\n"
            "class Scheduler:\n"
            "    # AEON: vendored from upstream before #2290 for the fleet's replay tool\n"
            "    def __init__(self) -> None:\n"
            "        self.waiting: List[object] = []\n\n\n"
            "class ReplayScheduler(Scheduler):\n"
            "    def shed_oldest(self):\n"
            "        return self.waiting.pop(0)\n",
            "        return self.waiting.pop(0)",
        ),
    ),
    (
        "#2290 list -> deque",
        "twin: a fork property of the name returns a list",
        K(
            *DEQ,
            "vllm/aeon/r12dq6.py",
            SCHED + "class AeonScheduler(Scheduler):\n"
            "    @property\n"
            "    def waiting(self) -> list:  # AEON: a snapshot, sorted by priority\n"
            "        return sorted(self._aeon_queue)\n\n"
            "    def aeon_next(self):\n"
            "        return self.waiting.pop(0)\n",
            "        return self.waiting.pop(0)",
        ),
    ),
    (
        "#2290 list -> deque",
        "twin: a slice of a list made of it",
        K(
            *DEQ,
            "vllm/aeon/r12dq5.py",
            SCHED + "class AeonScheduler(Scheduler):\n"
            "    def aeon_head(self, n: int) -> list:\n"
            "        return list(self.waiting)[:n]\n",
            "        return list(self.waiting)[:n]",
        ),
    ),
]

# --- 1f1b6d6eda (#9945): SamplingMetadata.generators List[Optional[Generator]] -> Dict[int, Generator]
GEN = ("#9945", "1f1b6d6eda", "generators made a dict")
SMD = "from vllm.v1.sample.metadata import SamplingMetadata\n\n\n"
CASES += [
    (
        "#9945 list -> dict",
        "count() of the list",
        K(
            *GEN,
            "vllm/aeon/r12ge0.py",
            SMD + "def aeon_unseeded(metadata: SamplingMetadata) -> int:\n    return metadata.generators.count(None)\n",
            "return metadata.generators.count(None)",
        ),
    ),
]
TWINS += [
    (
        "#9945 list -> dict",
        "twin: count() only when it is a list",
        K(
            *GEN,
            "vllm/aeon/r12ge1.py",
            SMD + "def aeon_unseeded(metadata: SamplingMetadata, n: int) -> int:\n"
            "    gens = metadata.generators\n"
            "    # AEON: a list with None holes before #9945, a dict of the seeded ones after\n"
            "    return gens.count(None) if isinstance(gens, list) else n - len(gens)\n",
            "    return gens.count(None) if isinstance(gens, list) else n - len(gens)",
        ),
    ),
]

# --- 30172b4947 (#13244): SamplingMetadata.min_tokens List[int] -> Dict[int, Tuple[int, Set[int]]]
MT = ("#13244", "30172b4947", "min_tokens made a dict")
CASES += [
    (
        "#13244 list -> dict",
        "index() of the list",
        K(
            *MT,
            "vllm/aeon/r12mt0.py",
            SMD + "def aeon_first_free(metadata: SamplingMetadata) -> int:\n    return metadata.min_tokens.index(0)\n",
            "return metadata.min_tokens.index(0)",
        ),
    ),
]
TWINS += [
    (
        "#13244 list -> dict",
        "twin: the fork's subclass handles both",
        K(
            *MT,
            "vllm/aeon/r12mt1.py",
            SMD + "class AeonSamplingMetadata(SamplingMetadata):\n"
            "    def aeon_constrained(self) -> int:\n"
            "        if isinstance(self.min_tokens, dict):  # AEON: after #13244\n"
            "            return len(self.min_tokens)\n"
            "        return len(self.min_tokens) - self.min_tokens.count(0)\n",
            "        return len(self.min_tokens) - self.min_tokens.count(0)",
        ),
    ),
]

# --- 3521ba4f25 (#4518): paged_attention_v1's context_lens/max_context_len -> seq_lens/max_seq_len
LENS = ("#4518", "3521ba4f25", "context_lens renamed seq_lens")
TWINS += [
    (
        "#4518 keyword renamed",
        "twin: the fork's own wrapper of the name",
        K(
            *LENS,
            "vllm/aeon/r12ln1.py",
            "from vllm import _custom_ops as ops\n\n\n"
            "def paged_attention_v1(*args, context_lens, max_context_len, **kwargs):\n"
            "    # AEON: the fleet's wrapper keeps the old keywords\n"
            "    return ops.paged_attention_v1(*args, context_lens, max_context_len, **kwargs)\n\n\n"
            "def aeon_decode(out, query, key_cache, value_cache, block_tables, lens, max_len):\n"
            "    paged_attention_v1(\n"
            "        out, query, key_cache, value_cache, block_tables,\n"
            "        context_lens=lens, max_context_len=max_len,\n"
            "    )\n",
            "        context_lens=lens, max_context_len=max_len,",
        ),
    ),
]

# --- 6066253296 (#4983): GPTQMarlin24Config.__init__ sets max_parallel 16 -> GPTQ_MARLIN_24_MAX_PARALLEL (64)
M24 = ("#4983", "6066253296", "max_parallel 16 -> 64")
MC = "from vllm.model_executor.layers.quantization.gptq_marlin_24 import GPTQMarlin24Config\n\n\n"
CASES += [
    (
        "#4983 fixed attribute",
        "== the old value",
        K(
            *M24,
            "vllm/aeon/r12mp0.py",
            MC
            + "def aeon_small_workspace(config: GPTQMarlin24Config) -> bool:\n    return config.max_parallel == 16\n",
            "return config.max_parallel == 16",
        ),
    ),
]
TWINS += [
    (
        "#4983 fixed attribute",
        "twin: >= the old value, true at both",
        K(
            *M24,
            "vllm/aeon/r12mp1.py",
            MC + "def aeon_parallel_enough(config: GPTQMarlin24Config) -> bool:\n"
            "    # AEON: GB10 needs at least 16 parallel problems\n"
            "    return config.max_parallel >= 16\n",
            "    return config.max_parallel >= 16",
        ),
    ),
    (
        "#4983 fixed attribute",
        "twin: both values, or-ed",
        K(
            *M24,
            "vllm/aeon/r12mp2.py",
            MC + "def aeon_known_parallel(config: GPTQMarlin24Config) -> bool:\n"
            "    # AEON: 16 before #4983, 64 after\n"
            "    return config.max_parallel == 16 or config.max_parallel == 64\n",
            "    return config.max_parallel == 16 or config.max_parallel == 64",
        ),
    ),
    (
        "#4983 fixed attribute",
        "twin: a fork subclass fixes it itself",
        K(
            *M24,
            "vllm/aeon/r12mp3.py",
            MC + "class AeonMarlin24Config(GPTQMarlin24Config):\n"
            "    def __init__(self, weight_bits: int, group_size: int) -> None:\n"
            "        super().__init__(weight_bits, group_size)\n"
            "        self.max_parallel = 16  # AEON: GB10's workspace\n\n"
            "    def aeon_small_workspace(self) -> bool:\n"
            "        return self.max_parallel == 16\n",
            "        return self.max_parallel == 16",
        ),
    ),
    (
        "#4983 fixed attribute",
        "twin: the fork's own class of the name",
        K(
            *M24,
            "vllm/aeon/r12mp4.py",
            "class GPTQMarlin24Config:\n"
            "    # AEON: the fleet's offline packer's settings, named as upstream's\n"
            "    def __init__(self) -> None:\n"
            "        self.max_parallel = 16\n\n\n"
            "def aeon_small_workspace(config: GPTQMarlin24Config) -> bool:\n"
            "    return config.max_parallel == 16\n",
            "    return config.max_parallel == 16",
        ),
    ),
]

TWINS += [
    (
        "#4983 fixed attribute",
        "twin: the fork sets it on its own instance first",
        K(
            *M24,
            "vllm/aeon/r12mp5.py",
            MC + "def aeon_small_config(bits: int) -> GPTQMarlin24Config:\n"
            "    config = GPTQMarlin24Config(bits, 128)\n"
            "    config.max_parallel = 16  # AEON: GB10's workspace\n"
            "    assert config.max_parallel == 16\n"
            "    return config\n",
            "    assert config.max_parallel == 16",
        ),
    ),
]

# --- a11f326528 (#10699): the V1 Scheduler.__init__ sets max_num_encoder_input_tokens 2048 -> 16384
ENC = ("#10699", "a11f326528", "max_num_encoder_input_tokens 2048 -> 16384")
V1S = "from vllm.v1.core.scheduler import Scheduler\n\n\n"
CASES += [
    (
        "#10699 fixed attribute",
        "subclass == the old value",
        K(
            *ENC,
            "vllm/aeon/r12en0.py",
            V1S + "class AeonScheduler(Scheduler):\n"
            "    def aeon_small_encoder_budget(self) -> bool:\n"
            "        return self.max_num_encoder_input_tokens == 2048\n",
            "return self.max_num_encoder_input_tokens == 2048",
        ),
    ),
]
TWINS += [
    (
        "#10699 fixed attribute",
        "twin: >= the old value, true at both",
        K(
            *ENC,
            "vllm/aeon/r12en1.py",
            V1S + "class AeonScheduler(Scheduler):\n"
            "    def aeon_fits_an_image(self) -> bool:\n"
            "        # AEON: one 2048-token image must fit the budget\n"
            "        return self.max_num_encoder_input_tokens >= 2048\n",
            "        return self.max_num_encoder_input_tokens >= 2048",
        ),
    ),
    (
        "#10699 fixed attribute",
        "twin: a fork subclass fixes it itself",
        K(
            *ENC,
            "vllm/aeon/r12en2.py",
            V1S + "class AeonScheduler(Scheduler):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.max_num_encoder_input_tokens = 2048  # AEON: GB10's shared memory\n\n"
            "    def aeon_small_encoder_budget(self) -> bool:\n"
            "        return self.max_num_encoder_input_tokens == 2048\n",
            "        return self.max_num_encoder_input_tokens == 2048",
        ),
    ),
]

# --- 7c3604fb68 (#5031): ChatCompletionRequest.top_logprobs default None -> 0 (a warning)
TOP = ("#5031", "7c3604fb68", "top_logprobs None -> 0")
CHAT = "from vllm.entrypoints.openai.protocol import ChatCompletionRequest\n\n\n"
TWINS += [
    (
        "#5031 None -> 0",
        "twin: None and 0 tested alike",
        K(
            *TOP,
            "vllm/aeon/r12tl1.py",
            CHAT + "def aeon_top_logprobs(request: ChatCompletionRequest) -> int:\n"
            "    # AEON: unset (None before #5031, 0 after) means the harness's 5\n"
            "    if request.top_logprobs is None or request.top_logprobs == 0:\n"
            "        return 5\n"
            "    return request.top_logprobs\n",
            "    if request.top_logprobs is None or request.top_logprobs == 0:",
        ),
    ),
    (
        "#5031 None -> 0",
        "twin: the fork's own request class of the name",
        K(
            *TOP,
            "vllm/aeon/r12tl2.py",
            "from dataclasses import dataclass\nfrom typing import Optional\n\n\n"
            "@dataclass\n"
            "class ChatCompletionRequest:\n"
            "    # AEON: the fleet router's own request record\n"
            "    top_logprobs: Optional[int] = None\n\n\n"
            "def aeon_top_logprobs(request: ChatCompletionRequest) -> int:\n"
            "    if request.top_logprobs is None:\n"
            "        return 5\n"
            "    return request.top_logprobs\n",
            "    if request.top_logprobs is None:",
        ),
    ),
]

# --- dafd924c1f (#273): SequenceStatus gains FINISHED_IGNORED, which is_finished covers (a warning)
IGN = ("#273", "dafd924c1f", "FINISHED_IGNORED added")
TWINS += [
    (
        "#273 enum member added",
        "twin: the fork's own enum of the name",
        K(
            *IGN,
            "vllm/aeon/r12fi1.py",
            "import enum\n\n\n"
            "class SequenceStatus(enum.Enum):\n"
            "    # AEON: the fleet router's own states, named as upstream's\n"
            "    FINISHED_STOPPED = enum.auto()\n"
            "    FINISHED_LENGTH_CAPPED = enum.auto()\n"
            "    FINISHED_ABORTED = enum.auto()\n\n\n"
            "AEON_FINISHED = (\n"
            "    SequenceStatus.FINISHED_STOPPED,\n"
            "    SequenceStatus.FINISHED_LENGTH_CAPPED,\n"
            "    SequenceStatus.FINISHED_ABORTED,\n"
            ")\n",
            "AEON_FINISHED = (",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review12-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
