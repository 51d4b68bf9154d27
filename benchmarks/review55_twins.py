"""Adversarial twins of dropped-dunder drift and the loop element of result kind drift: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- dropped-dunder drift (#32173 2be765b68a ``PriorityRequestQueue.__reversed__`` removed; 4cbf286794
  ``StructuredOutputManager.__getitem__`` removed; #23030 5c32143b9d ``MultiModalKwargs.__delitem__`` removed):
  ``reversed()`` of a typed queue inside ``pytest.raises``/``contextlib.suppress``, after an early return on
  ``hasattr``, under an ``isinstance(..., Reversible)`` test, with the fork's shim patching the dunder back on
  (an assignment, ``setattr``), the fork's namesake class, a subclass defining the dunder, the new spelling
  (``reversed(list(queue))``), a ``super()`` call under a ``try``, a subscript of a field, ``async with``;
- the loop element (#17945 e60f550b38 ``KVCacheBlocks.get_block_ids`` ``list[int]`` -> ``list[list[int]]``):
  the new spelling (a loop over each group), an ``isinstance`` test of the element, a name rebound in the loop,
  uses both kinds support, a fork subclass keeping the flat override, a fork class of its own with the
  method's name.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (a928fa46), round 1 (4 cases, 26 twins): 4 caught of 4; 9 false errors of 26: dropped-dunder
drift on ``reversed(queue)`` inside ``pytest.raises(TypeError)`` (1) and ``contextlib.suppress(TypeError)`` (1),
after an early return on ``not hasattr(queue, "__reversed__")`` (1), under ``isinstance(queue, Reversible)`` (1),
beside the fork's shim patching ``__reversed__`` back onto the class (an assignment, ``setattr``: 2), in a function
defined under ``if TYPE_CHECKING`` (1); the loop element of result kind drift on ``str(ids)``/``ids != 0`` (uses
a list has too: 1) and on the element's arithmetic inside a ``try`` catching TypeError (1).
That ``ids != 0`` twin was no twin (a list is never equal to 0: the filter stops filtering, a true catch); it
is now ``str()`` of each element, quiet on main too.  Round 2 added the shim's own line (2 twins): dead knob
drift read the fork's ``PriorityRequestQueue.__reversed__ = f`` / ``setattr(...)`` as a patch of a method
upstream stopped calling (an error on each on main).
Round 3: a fork base class's ``reversed(self)`` where a fork class of another file derives from it (a false
error on main: only the base's own file was asked), and the same base with no fork subclass (a case).
All rounds, main (a928fa46): 5 caught of 5; 11 false errors of 29 twins (1 warned: the version-gated use).
This branch: 5 caught of 5; 0 false errors of 29 (1 warned, as on main).  The mends: dropped-dunder drift
keeps quiet a use in a ``with`` expecting or suppressing the error, after an exiting ``hasattr`` test, under an
``isinstance`` test against another class, under ``if TYPE_CHECKING:``, and every use of a class a fork file
patches the dunder back onto, and a fork base's ``self`` uses where a fork class of any file derives from it;
result kind drift counts a repetition whose result then meets a number as raising
inside a ``try`` catching TypeError; dead knob drift leaves stored dunders alone, as it does dunder methods.

  PYTHONPATH=.. python review55_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 2be765b68a (#32173): RequestQueue.__reversed__ removed; PriorityRequestQueue's order (RequestQueue, ABC) lacks it
RV = ("#32173", "2be765b68a", "PriorityRequestQueue.__reversed__ removed")
RQ = "from vllm.v1.core.sched.request_queue import PriorityRequestQueue\nfrom vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#32173 dunder removed",
        "reversed() of a typed parameter",
        K(
            *RV,
            "vllm/aeon/r55rv0.py",
            RQ + "def aeon_last(queue: PriorityRequestQueue) -> Request:\n"
            "    return next(reversed(queue))  # AEON: preempt the lowest priority first\n",
            "    return next(reversed(queue))  # AEON: preempt the lowest priority first",
        ),
    ),
    (
        "#32173 dunder removed",
        "a subclass's super() call outside any guard",
        K(
            *RV,
            "vllm/aeon/r55rv1.py",
            RQ + "class AeonPriorityQueue(PriorityRequestQueue):\n"
            "    def aeon_tail(self) -> list[Request]:\n"
            "        return list(super().__reversed__())\n",
            "        return list(super().__reversed__())",
        ),
    ),
]
TWINS += [
    (
        "#32173 dunder removed",
        "twin: a test asserting reversed() raises now",
        K(
            *RV,
            "vllm/aeon/r55rv2.py",
            "import pytest\n\n" + RQ + "def test_aeon_queue_not_reversible(queue: PriorityRequestQueue) -> None:\n"
            "    with pytest.raises(TypeError):\n"
            "        reversed(queue)\n",
            "        reversed(queue)",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: reversed() under contextlib.suppress(TypeError)",
        K(
            *RV,
            "vllm/aeon/r55rv3.py",
            "import contextlib\n\n" + RQ + "def aeon_last(queue: PriorityRequestQueue) -> Request | None:\n"
            "    with contextlib.suppress(TypeError, StopIteration):\n"
            "        return next(reversed(queue))\n"
            "    return None\n",
            "        return next(reversed(queue))",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: an early return when the queue has no __reversed__",
        K(
            *RV,
            "vllm/aeon/r55rv4.py",
            RQ + "def aeon_tail(queue: PriorityRequestQueue) -> list[Request]:\n"
            '    if not hasattr(queue, "__reversed__"):\n'
            "        return sorted(queue, reverse=True)\n"
            "    return list(reversed(queue))\n",
            "    return list(reversed(queue))",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: reversed() under isinstance(queue, Reversible)",
        K(
            *RV,
            "vllm/aeon/r55rv5.py",
            "from collections.abc import Reversible\n\n"
            + RQ
            + "def aeon_tail(queue: PriorityRequestQueue) -> list[Request]:\n"
            "    if isinstance(queue, Reversible):\n"
            "        return list(reversed(queue))\n"
            "    return sorted(queue, reverse=True)\n",
            "        return list(reversed(queue))",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: the fork's shim assigns __reversed__ back onto the class",
        K(
            *RV,
            "vllm/aeon/r55rv6.py",
            "from collections.abc import Iterator\n\n"
            + RQ
            + "def _aeon_reversed(self: PriorityRequestQueue) -> Iterator[Request]:\n"
            "    return iter(sorted(self, reverse=True))\n\n\n"
            "PriorityRequestQueue.__reversed__ = _aeon_reversed  # type: ignore[attr-defined]  # AEON: keep the old protocol\n\n\n"
            "def aeon_tail(queue: PriorityRequestQueue) -> list[Request]:\n"
            "    return list(reversed(queue))\n",
            "    return list(reversed(queue))",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: the fork's shim setattr()s __reversed__ back onto the class",
        K(
            *RV,
            "vllm/aeon/r55rv7.py",
            RQ + 'setattr(PriorityRequestQueue, "__reversed__", lambda self: iter(sorted(self, reverse=True)))\n\n\n'
            "def aeon_tail(queue: PriorityRequestQueue) -> list[Request]:\n"
            "    return list(reversed(queue))\n",
            "    return list(reversed(queue))",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: the fork's namesake class in its own module",
        K(
            *RV,
            "vllm/aeon/r55rv8.py",
            "import heapq\nfrom collections.abc import Iterator\n\n\n"
            "class PriorityRequestQueue:\n"
            "    def __init__(self) -> None:\n"
            "        self._heap: list[int] = []\n\n"
            "    def __reversed__(self) -> Iterator[int]:\n"
            "        return iter(sorted(self._heap, reverse=True))\n\n\n"
            "def aeon_tail(queue: PriorityRequestQueue) -> list[int]:\n"
            "    heapq.heapify(queue._heap)\n"
            "    return list(reversed(queue))\n",
            "    return list(reversed(queue))",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: a fork subclass defining __reversed__ reverses itself",
        K(
            *RV,
            "vllm/aeon/r55rv9.py",
            "from collections.abc import Iterator\n\n" + RQ + "class AeonPriorityQueue(PriorityRequestQueue):\n"
            "    def __reversed__(self) -> Iterator[Request]:\n"
            "        return iter(sorted(self, reverse=True))\n\n"
            "    def aeon_tail(self, n: int) -> list[Request]:\n"
            "        return list(reversed(self))[:n]\n",
            "        return list(reversed(self))[:n]",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: the new spelling, reversed() of a list of the queue",
        K(
            *RV,
            "vllm/aeon/r55rv10.py",
            RQ + "def aeon_tail(queue: PriorityRequestQueue) -> list[Request]:\n"
            "    return list(reversed(list(queue)))\n",
            "    return list(reversed(list(queue)))",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: a subclass's super().__reversed__() under a try catching AttributeError",
        K(
            *RV,
            "vllm/aeon/r55rv11.py",
            RQ + "class AeonPriorityQueue(PriorityRequestQueue):\n"
            "    def aeon_tail(self) -> list[Request]:\n"
            "        try:\n"
            "            return list(super().__reversed__())\n"
            "        except AttributeError:\n"
            "            return sorted(self, reverse=True)\n",
            "            return list(super().__reversed__())",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: a conditional expression asking getattr for the dunder",
        K(
            *RV,
            "vllm/aeon/r55rv12.py",
            RQ + "def aeon_tail(queue: PriorityRequestQueue) -> list[Request]:\n"
            '    rev = getattr(queue, "__reversed__", None)\n'
            "    return list(rev()) if rev is not None else sorted(queue, reverse=True)\n",
            "    return list(rev()) if rev is not None else sorted(queue, reverse=True)",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: reversed() in a type-checking-only overload body",
        K(
            *RV,
            "vllm/aeon/r55rv13.py",
            "from typing import TYPE_CHECKING\n\n" + RQ + "if TYPE_CHECKING:\n\n"
            "    def aeon_tail(queue: PriorityRequestQueue) -> list[Request]:\n"
            "        return list(reversed(queue))\n",
            "        return list(reversed(queue))",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: reversed() after a version check falling back for the new queue",
        K(
            *RV,
            "vllm/aeon/r55rv14.py",
            "from vllm import __version_tuple__\n\n"
            + RQ
            + "def aeon_tail(queue: PriorityRequestQueue) -> list[Request]:\n"
            "    if __version_tuple__ >= (0, 14):  # AEON: upstream dropped the queue's __reversed__ (#32173)\n"
            "        return sorted(queue, reverse=True)\n"
            "    return list(reversed(queue))\n",
            "    return list(reversed(queue))",
        ),
    ),
]

# --- 4cbf286794: StructuredOutputManager.__getitem__ removed (the grammar cache read moved)
SO = ("#4cbf286794", "4cbf286794", "StructuredOutputManager.__getitem__ removed")
SM = "from vllm.v1.structured_output import StructuredOutputManager\n\n\n"
CASES += [
    (
        "4cbf286794 dunder removed",
        "a subscript of a typed manager",
        K(
            *SO,
            "vllm/aeon/r55so0.py",
            SM + "def aeon_grammar(manager: StructuredOutputManager, key: tuple[str, str]) -> object:\n"
            "    return manager[key]\n",
            "    return manager[key]",
        ),
    ),
]
TWINS += [
    (
        "4cbf286794 dunder removed",
        "twin: a subscript of the manager's own field",
        K(
            *SO,
            "vllm/aeon/r55so1.py",
            SM + "def aeon_backend(manager: StructuredOutputManager) -> object:\n    return vars(manager)['backend']\n",
            "    return vars(manager)['backend']",
        ),
    ),
    (
        "4cbf286794 dunder removed",
        "twin: a fork subclass defining __getitem__ beside a typed subscript",
        K(
            *SO,
            "vllm/aeon/r55so2.py",
            SM + "class AeonStructuredOutputManager(StructuredOutputManager):\n"
            "    def __getitem__(self, key: tuple[str, str]) -> object:\n"
            "        return self.aeon_cache.get(key)\n\n\n"
            "def aeon_grammar(manager: StructuredOutputManager, key: tuple[str, str]) -> object:\n"
            "    return manager[key]\n",
            "    return manager[key]",
        ),
    ),
    (
        "4cbf286794 dunder removed",
        "twin: a subscript inside a try catching TypeError",
        K(
            *SO,
            "vllm/aeon/r55so3.py",
            SM + "def aeon_grammar(manager: StructuredOutputManager, key: tuple[str, str]) -> object:\n"
            "    try:\n"
            "        return manager[key]\n"
            "    except (TypeError, KeyError):\n"
            "        return None\n",
            "        return manager[key]",
        ),
    ),
]

# --- 5c32143b9d (#23030): MultiModalKwargs.__delitem__ removed
MK = ("#23030", "5c32143b9d", "MultiModalKwargs.__delitem__ removed")
MI = "from vllm.multimodal.inputs import MultiModalKwargs\n\n\n"
TWINS += [
    (
        "#23030 dunder removed",
        "twin: a del of a dict the fork built from the kwargs",
        K(
            *MK,
            "vllm/aeon/r55mk1.py",
            MI + "def aeon_strip(kwargs: MultiModalKwargs) -> dict[str, object]:\n"
            "    out = dict(kwargs)\n"
            '    del out["pixel_values"]\n'
            "    return out\n",
            '    del out["pixel_values"]',
        ),
    ),
    (
        "#23030 dunder removed",
        "twin: a del in a nested function whose parameter shadows the typed one",
        K(
            *MK,
            "vllm/aeon/r55mk2.py",
            MI + "def aeon_strip(kwargs: MultiModalKwargs) -> object:\n"
            "    def drop(kwargs: dict[str, object]) -> dict[str, object]:\n"
            '        del kwargs["pixel_values"]\n'
            "        return kwargs\n\n"
            "    return drop(dict(kwargs))\n",
            '        del kwargs["pixel_values"]',
        ),
    ),
]

# --- e60f550b38 (#17945): KVCacheBlocks.get_block_ids list[int] -> list[list[int]] (one list per group)
PG = ("#17945", "e60f550b38", "get_block_ids list[int] -> list[list[int]]")
KB = "from vllm.v1.core.kv_cache_manager import KVCacheBlocks\n\n\n"
CASES += [
    (
        "#17945 loop element",
        "a comprehension's element multiplied and added to",
        K(
            *PG,
            "vllm/aeon/r55pg0.py",
            KB + "def aeon_slots(blocks: KVCacheBlocks, size: int) -> list[int]:\n"
            "    return [b * size + 1 for b in blocks.get_block_ids()]\n",
            "    return [b * size + 1 for b in blocks.get_block_ids()]",
        ),
    ),
]
TWINS += [
    (
        "#17945 loop element",
        "twin: the new spelling, a loop over each group",
        K(
            *PG,
            "vllm/aeon/r55pg1.py",
            KB + "def aeon_slots(blocks: KVCacheBlocks, size: int) -> list[int]:\n"
            "    slots = []\n"
            "    for group in blocks.get_block_ids():\n"
            "        slots.extend(b * size + 1 for b in group)\n"
            "    return slots\n",
            "        slots.extend(b * size + 1 for b in group)",
        ),
    ),
    (
        "#17945 loop element",
        "twin: the element tested with isinstance before the arithmetic",
        K(
            *PG,
            "vllm/aeon/r55pg2.py",
            KB + "def aeon_slots(blocks: KVCacheBlocks, size: int) -> list[int]:\n"
            "    slots: list[int] = []\n"
            "    for ids in blocks.get_block_ids():\n"
            "        if isinstance(ids, int):\n"
            "            slots.append(ids * size + 1)\n"
            "        else:\n"
            "            slots.extend(b * size + 1 for b in ids)\n"
            "    return slots\n",
            "            slots.append(ids * size + 1)",
        ),
    ),
    (
        "#17945 loop element",
        "twin: the element rebound to its first block before the arithmetic",
        K(
            *PG,
            "vllm/aeon/r55pg3.py",
            KB + "def aeon_first_slots(blocks: KVCacheBlocks, size: int) -> list[int]:\n"
            "    slots = []\n"
            "    for block_id in blocks.get_block_ids():\n"
            "        block_id = block_id[0]\n"
            "        slots.append(block_id * size + 1)\n"
            "    return slots\n",
            "        slots.append(block_id * size + 1)",
        ),
    ),
    (
        "#17945 loop element",
        "twin: uses both kinds support (str() of each element, joined)",
        K(
            *PG,
            "vllm/aeon/r55pg4.py",
            KB + "def aeon_log(blocks: KVCacheBlocks) -> str:\n"
            '    return ", ".join(str(ids) for ids in blocks.get_block_ids())\n',
            '    return ", ".join(str(ids) for ids in blocks.get_block_ids())',
        ),
    ),
    (
        "#17945 loop element",
        "twin: a fork subclass keeping the flat override",
        K(
            *PG,
            "vllm/aeon/r55pg5.py",
            KB + "class AeonFlatBlocks(KVCacheBlocks):\n"
            "    def get_block_ids(self) -> list[int]:  # type: ignore[override]  # AEON: one group on the Spark\n"
            "        return [b.block_id for b in self.blocks[0]]\n\n\n"
            "def aeon_slots(blocks: AeonFlatBlocks, size: int) -> list[int]:\n"
            "    return [b * size + 1 for b in blocks.get_block_ids()]\n",
            "    return [b * size + 1 for b in blocks.get_block_ids()]",
        ),
    ),
    (
        "#17945 loop element",
        "twin: a fork class of its own with the method's name",
        K(
            *PG,
            "vllm/aeon/r55pg6.py",
            "class AeonHostBlocks:\n"
            "    def __init__(self, ids: list[int]) -> None:\n"
            "        self.ids = ids\n\n"
            "    def get_block_ids(self) -> list[int]:\n"
            "        return self.ids\n\n\n"
            "def aeon_slots(blocks: AeonHostBlocks, size: int) -> list[int]:\n"
            "    return [b * size + 1 for b in blocks.get_block_ids()]\n",
            "    return [b * size + 1 for b in blocks.get_block_ids()]",
        ),
    ),
    (
        "#17945 loop element",
        "twin: the lengths of the groups summed",
        K(
            *PG,
            "vllm/aeon/r55pg7.py",
            KB + "def aeon_count(blocks: KVCacheBlocks) -> int:\n"
            "    return sum(len(group) for group in blocks.get_block_ids())\n",
            "    return sum(len(group) for group in blocks.get_block_ids())",
        ),
    ),
    (
        "#17945 loop element",
        "twin: the element used under a try catching TypeError",
        K(
            *PG,
            "vllm/aeon/r55pg8.py",
            KB + "def aeon_slots(blocks: KVCacheBlocks, size: int) -> list[int]:\n"
            "    slots = []\n"
            "    for block_id in blocks.get_block_ids():\n"
            "        try:\n"
            "            slots.append(block_id * size + 1)\n"
            "        except TypeError:  # AEON: per-group lists since #17945\n"
            "            slots.extend(b * size + 1 for b in block_id)\n"
            "    return slots\n",
            "            slots.append(block_id * size + 1)",
        ),
    ),
]


# round 2: the shim's own line (dead knobs read a patched dunder as a method upstream stopped calling)
TWINS += [
    (
        "#32173 dunder removed",
        "twin: the shim's line, an assignment of __reversed__ onto the class",
        K(
            *RV,
            "vllm/aeon/r55rv15.py",
            RQ + "PriorityRequestQueue.__reversed__ = lambda self: iter(sorted(self, reverse=True))  # AEON: #32173\n",
            "PriorityRequestQueue.__reversed__ = lambda self: iter(sorted(self, reverse=True))  # AEON: #32173",
        ),
    ),
    (
        "#32173 dunder removed",
        "twin: the shim's line, a setattr of __reversed__ onto the class",
        K(
            *RV,
            "vllm/aeon/r55rv16.py",
            RQ + 'setattr(PriorityRequestQueue, "__reversed__", lambda self: iter(sorted(self, reverse=True)))\n',
            'setattr(PriorityRequestQueue, "__reversed__", lambda self: iter(sorted(self, reverse=True)))',
        ),
    ),
]


# round 3: a fork base class reversing itself, which a fork class of another file derives from
BASE = (
    RQ
    + "class AeonQueueBase(PriorityRequestQueue):\n    def aeon_tail(self) -> list[Request]:\n        return list(reversed(self))\n"
)
LEAF = (
    "from collections.abc import Iterator\n\nfrom vllm.aeon.r55base import AeonQueueBase\nfrom vllm.v1.request import Request\n\n\n"
    "class AeonSortedQueue(AeonQueueBase):\n"
    "    def __reversed__(self) -> Iterator[Request]:\n"
    "        return iter(sorted(self, reverse=True))\n"
)
TWINS += [
    (
        "#32173 dunder removed",
        "twin: a fork base reversing itself, derived from in another fork file",
        Killer(
            *RV,
            (Edit("vllm/aeon/r55base.py", BASE), Edit("vllm/aeon/r55leaf.py", LEAF)),
            (("vllm/aeon/r55base.py", "        return list(reversed(self))"),),
        ),
    ),
]
CASES += [
    (
        "#32173 dunder removed",
        "a fork base reversing itself that no fork class derives from",
        K(*RV, "vllm/aeon/r55base2.py", BASE, "        return list(reversed(self))"),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review55-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
