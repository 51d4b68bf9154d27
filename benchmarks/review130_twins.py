"""Adversarial twins of killers223's and mend77's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- an override taking the base's parameters through ``*args`` with no ``**kwargs`` when the base gained an optional
  parameter a call upstream passes by keyword (symbol drift, killers223, an error; #41282 ``apply_admission_cap=``):
  the flag keyword-only beside ``*args``, a namesake on the fork's own budget class and on a subclass of it, a
  module function of the name, a nested def of the name, ``*a, **kw``, a sibling method the flag never reaches,
  a fork mixin listed after the manager; and two more real commits of the shape where the new argument goes by
  position: #46564 (c6741b2ad4) ``remove_skipped_blocks(request_id, *args)``, #44558 (d8d95998dc)
  ``Scheduler.schedule(self, *args)`` (the engine passes ``throttle_prefills`` by position; only tests by keyword);
- an opted branch (``drift/opted_branches.py``, new, a warning): the flag passed at its position, through
  ``**opts``, a call of the fork's own namesake;
- switched hooks through ``super()`` and interposed defs (#45357, #29387; warnings): an override of
  ``pop_blocks_for_free`` handing on, the fork's own pool's ``free``, a grandparent called by name where nothing
  is interposed, the interposed def itself called by name;
- a tensor's element tested ``in`` a set of plain keys (mend77 ``retyped._hashed_element``, an error; #12094):
  the element made an int first (``tok = int(tok)``, ``(tok,) = tok.tolist()``), ``.item()``, a list of keys,
  the field ``.tolist()``-ed into a local, ``map(int, ...)``, the fork's own output class, an inner comprehension
  rebinding the name, a walrus, an inner ``for`` rebinding it, an ``isinstance`` guard;
- a whole-tensor ``copy_`` between a padded buffer and a local of the base's size (mend77 ``padded_buffers``, an
  error; #28896): in a ``try`` catching RuntimeError, under a test of the two shapes, ``zeros_like`` the buffer,
  the old-size local filled from the buffer's front, the fork's own class of the buffer's name, ``F.pad``-ed,
  a broadcast row, a subclass re-allocating the buffer, off a typed parameter, in a lambda of the new size.

Every error on a twin's line is a false one (a warning is counted apart).

Round 1 (main at 29f177df, the file as first written, 8 cases and 38 twins): 7 caught, 1 warned of 8 (the opted
branch's case: a warning by design); 4 false errors of 38 twins (4 warned).  Two are #12094's: a loop's element
rebound before its test (``tok = int(tok)``, ``(tok,) = tok.tolist()``) was still read as the tensor's element.
Two are #28896's: a ``copy_`` in a ``try`` catching RuntimeError (falling back to the first columns) and one under
``if self.mrope_positions.shape == saved.shape`` -- the fork meets the other shape itself.  The varargs-override
(0 of 12 twins), opted-branch, switched-hook and interposed widenings held.
Round 2 (this branch): ``retyped._hashed_element`` leaves a loop element the loop's body stores again before the
test (``_rebound_before``; a store after the test keeps the finding); ``padded_buffers`` leaves a copy in a
``try`` body whose handler catches RuntimeError (``Exception``, ``BaseException``, bare), or under an
``if``/``while``/conditional expression whose test asks either side's size (``.shape``, ``.size()``,
``.numel()``, ``.ndim``, ``len()``).  Unit tests that failed before: test_method_returned_containers
``int()``/``unpacked``, test_padded_buffers ``copy_in_try``/``copy_under_shape_test``/``copy_under_size_call``.
Round 3 (written after the mends, cases they must not swallow): a loop element rebound only after its test,
a copy in a ``try`` catching ValueError, a copy under a test of a third tensor's size, a copy in a ``with``
block, an ``*args`` override on a subclass of the fork's own manager subclass, a fork mixin taking ``*args``
listed before the manager: all caught, on 29f177df and on this branch.  Round 1 over the whole file at
29f177df (``AEON_SRC``): 9 caught, 1 warned of 10; 4 false errors of 38 (4 warned).  This branch: 9 caught,
1 warned of 10; 0 false errors of 38 twins (4 warned).
Cost: ``drift/opted_branches.py`` now reads each module's added lines (already parsed for other checks),
filtered by substrings, with one-line regular expressions, where it scanned the raw diff whole with multi-line
ones (a profile of its 150-commit run: 8 of 13 ms in those scans).  drift_speed's 150-commit window, 3 audits
each, the machine shared by eight helpers (noisy): 29f177df opted_branch_drift 30.7/2.8/1.8 ms, this branch
12.1/6.8/0.4 ms (the first run of each pays the shared diff parse); padded_buffer_drift 0.2 -> 0.1 ms, type_drift
(holding ``_hashed_element``) 149 -> 79 ms median, load-dominated.
Regression set at this branch: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_singlekv 15 caught, 6 warned of 21 (12 quiet, 0 false), blind_replay_eagle2 13 caught, 5 warned,
1 missed of 19 (13 quiet), blind_replay_sample2 15 caught, 4 warned, 1 missed of 20 (14 quiet, 1 warned),
review120_twins 10 caught, 2 warned of 12, 0 false errors of 37 (2 warned): each as recorded.

  PYTHONPATH=.. python review130_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

ST = "vllm.v1.core.single_type_kv_cache_manager"
HEAD = (
    f"from {ST} import (\n"
    "    FullAttentionManager,\n"
    "    MambaManager,\n"
    "    SingleTypeKVCacheManager,\n"
    "    SlidingWindowManager,\n"
    ")\n\n\n"
)

# --- #41282 (0ff1bf9bb1): get_num_blocks_to_allocate gained apply_admission_cap=False, the coordinator passes it
# by keyword (symbol drift's *args-only override: an error; drift/opted_branches.py: a warning)
AC = ("#41282", "0ff1bf9bb1", "get_num_blocks_to_allocate(..., apply_admission_cap=) passed by the coordinator")


def _ac(name: str, body: str, line: str, head: str = HEAD) -> Killer:
    return K(*AC, f"vllm/aeon/r130{name}.py", head + body, line)


CASES += [
    (
        "#41282 varargs override",
        "a full-attention override taking *args only (the replay's)",
        _ac(
            "ac0",
            "class AeonAdmitFull(FullAttentionManager):\n"
            "    def get_num_blocks_to_allocate(self, *args) -> int:\n"
            "        # AEON: count the Spark's pinned prefix blocks once\n"
            "        return max(0, super().get_num_blocks_to_allocate(*args) - 1)\n",
            "def get_num_blocks_to_allocate(self, *args) -> int:",
        ),
    ),
    (
        "#41282 varargs override",
        "round 3: *args only on a subclass of the fork's own manager subclass",
        _ac(
            "ac00",
            "class AeonBaseSWA(SlidingWindowManager):\n"
            "    aeon_spare = 1  # AEON: the Spark's draft tail\n\n\n"
            "class AeonAdmitSWA(AeonBaseSWA):\n"
            "    def get_num_blocks_to_allocate(self, *args) -> int:\n"
            "        return self.aeon_spare + super().get_num_blocks_to_allocate(*args)\n",
            "    def get_num_blocks_to_allocate(self, *args) -> int:",
        ),
    ),
    (
        "#41282 opted branch",
        "a fork admission check calling without the new flag (the replay's; a warning)",
        _ac(
            "ac01",
            "def aeon_admits(mgr: SlidingWindowManager, request_id: str, num_tokens: int, free: int) -> bool:\n"
            "    # AEON: the Spark admits a long prompt against the recycled-window cap\n"
            "    return mgr.get_num_blocks_to_allocate(request_id, num_tokens, [], 0, num_tokens) <= free\n",
            "return mgr.get_num_blocks_to_allocate(request_id, num_tokens, [], 0, num_tokens) <= free",
        ),
    ),
]
TWINS += [
    (
        "#41282 varargs override",
        "twin: *args with the new flag keyword-only",
        _ac(
            "ac1",
            "class AeonAdmitFull1(FullAttentionManager):\n"
            "    def get_num_blocks_to_allocate(self, *args, apply_admission_cap: bool = False) -> int:\n"
            "        n = super().get_num_blocks_to_allocate(*args, apply_admission_cap=apply_admission_cap)\n"
            "        return max(0, n - 1)\n",
            "    def get_num_blocks_to_allocate(self, *args, apply_admission_cap: bool = False) -> int:",
        ),
    ),
    (
        "#41282 varargs override",
        "twin: a namesake on the fork's own budget class (no manager base)",
        _ac(
            "ac2",
            "class AeonBudget:\n"
            "    def __init__(self, cap: int) -> None:\n"
            "        self.cap = cap\n\n"
            "    def get_num_blocks_to_allocate(self, *args) -> int:\n"
            "        # AEON: the Spark's host-side budget, a manager's namesake\n"
            "        return min(self.cap, len(args))\n",
            "    def get_num_blocks_to_allocate(self, *args) -> int:",
        ),
    ),
    (
        "#41282 varargs override",
        "twin: a namesake on a subclass of the fork's own budget class",
        _ac(
            "ac3",
            "class AeonBudgetBase:\n"
            "    def get_num_blocks_to_allocate(self, *args) -> int:\n"
            "        return 0\n\n\n"
            "class AeonBudget3(AeonBudgetBase):\n"
            "    def get_num_blocks_to_allocate(self, *extra) -> int:\n"
            "        return 1 + super().get_num_blocks_to_allocate(*extra)\n",
            "    def get_num_blocks_to_allocate(self, *extra) -> int:",
        ),
    ),
    (
        "#41282 varargs override",
        "twin: a module function of the name taking *args",
        _ac(
            "ac4",
            "def get_num_blocks_to_allocate(*args) -> int:\n"
            "    # AEON: the Spark's planner's own estimate\n"
            "    return sum(1 for _ in args)\n",
            "def get_num_blocks_to_allocate(*args) -> int:",
        ),
    ),
    (
        "#41282 varargs override",
        "twin: a nested def of the name inside an override taking the flag",
        _ac(
            "ac5",
            "class AeonAdmitFull5(FullAttentionManager):\n"
            "    def get_num_blocks_to_allocate(self, *args, **kwargs) -> int:\n"
            "        def get_num_blocks_to_allocate(*inner) -> int:\n"
            "            return len(inner)\n\n"
            "        return super().get_num_blocks_to_allocate(*args, **kwargs) + get_num_blocks_to_allocate()\n",
            "        def get_num_blocks_to_allocate(*inner) -> int:",
        ),
    ),
    (
        "#41282 varargs override",
        "twin: *args and a **kwargs spelt otherwise",
        _ac(
            "ac6",
            "class AeonAdmitFull6(FullAttentionManager):\n"
            "    def get_num_blocks_to_allocate(self, *a, **kw) -> int:\n"
            "        return super().get_num_blocks_to_allocate(*a, **kw)\n",
            "    def get_num_blocks_to_allocate(self, *a, **kw) -> int:",
        ),
    ),
    (
        "#41282 varargs override",
        "twin: *args override of a sibling method the flag never reaches (cache_blocks)",
        _ac(
            "ac7",
            "class AeonAdmitFull7(FullAttentionManager):\n"
            "    def cache_blocks(self, *args) -> None:\n"
            "        super().cache_blocks(*args)\n",
            "    def cache_blocks(self, *args) -> None:",
        ),
    ),
    (
        "#41282 opted branch",
        "twin: the flag passed at its position",
        _ac(
            "ac8",
            "def aeon_admits8(mgr: SlidingWindowManager, request_id: str, num_tokens: int, free: int) -> bool:\n"
            "    return mgr.get_num_blocks_to_allocate(request_id, num_tokens, [], 0, num_tokens, True) <= free\n",
            "    return mgr.get_num_blocks_to_allocate(request_id, num_tokens, [], 0, num_tokens, True) <= free",
        ),
    ),
    (
        "#41282 opted branch",
        "twin: a call of the fork's own budget's namesake",
        _ac(
            "ac9",
            "class AeonBudget9:\n"
            "    def get_num_blocks_to_allocate(self, request_id: str, num_tokens: int) -> int:\n"
            "        return num_tokens // 16\n\n\n"
            "def aeon_admits9(b: AeonBudget9, request_id: str, num_tokens: int) -> int:\n"
            "    return b.get_num_blocks_to_allocate(request_id, num_tokens)\n",
            "    return b.get_num_blocks_to_allocate(request_id, num_tokens)",
        ),
    ),
    (
        "#41282 opted branch",
        "twin: the call handed **kwargs holding the flag",
        _ac(
            "ac10",
            "def aeon_admits10(mgr: SlidingWindowManager, request_id: str, n: int) -> int:\n"
            "    opts = {'apply_admission_cap': True}\n"
            "    return mgr.get_num_blocks_to_allocate(request_id, n, [], 0, n, **opts)\n",
            "    return mgr.get_num_blocks_to_allocate(request_id, n, [], 0, n, **opts)",
        ),
    ),
]

CASES += [
    (
        "#41282 varargs override",
        "round 3: a fork mixin taking *args listed before the manager",
        _ac(
            "ac11",
            "class AeonCountMixin:\n"
            "    def get_num_blocks_to_allocate(self, *args) -> int:\n"
            "        return 1 + super().get_num_blocks_to_allocate(*args)\n\n\n"
            "class AeonCountedFull(AeonCountMixin, FullAttentionManager):\n"
            "    pass\n",
            "    def get_num_blocks_to_allocate(self, *args) -> int:",
        ),
    ),
]
TWINS += [
    (
        "#41282 varargs override",
        "twin: a fork mixin taking *args listed after the manager (never reached first)",
        _ac(
            "ac12",
            "class AeonCountMixin12:\n"
            "    def get_num_blocks_to_allocate(self, *args) -> int:\n"
            "        return len(args)\n\n\n"
            "class AeonCountedFull12(FullAttentionManager, AeonCountMixin12):\n"
            "    pass\n",
            "    def get_num_blocks_to_allocate(self, *args) -> int:",
        ),
    ),
]

# --- #46564 (c6741b2ad4): remove_skipped_blocks called with a third positional num_prompt_tokens
NP = (
    "#46564",
    "c6741b2ad4",
    "the coordinator calls remove_skipped_blocks(request_id, total_computed_tokens, num_prompt_tokens)",
)
TWINS += [
    (
        "#46564 varargs override",
        "twin: an override taking *args, the new argument passed by position",
        K(
            *NP,
            "vllm/aeon/r130np1.py",
            HEAD + "class AeonLagSWA(SlidingWindowManager):\n"
            "    def remove_skipped_blocks(self, request_id, *args) -> None:\n"
            "        # AEON: the Spark logs each removal\n"
            "        super().remove_skipped_blocks(request_id, *args)\n",
            "    def remove_skipped_blocks(self, request_id, *args) -> None:",
        ),
    ),
]

# --- #44558 (d8d95998dc): Scheduler.schedule(throttle_prefills=False), EngineCore passes it by position
SC = ("#44558", "d8d95998dc", "Scheduler.schedule gained throttle_prefills; EngineCore passes it by position")
SCH = "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
TWINS += [
    (
        "#44558 varargs override",
        "twin: a Scheduler subclass's schedule taking *args (the engine passes by position; tests by keyword)",
        K(
            *SC,
            "vllm/aeon/r130sc1.py",
            SCH + "class AeonScheduler(Scheduler):\n"
            "    def schedule(self, *args):\n"
            "        # AEON: the Spark counts its steps\n"
            "        self.aeon_steps = getattr(self, 'aeon_steps', 0) + 1\n"
            "        return super().schedule(*args)\n",
            "    def schedule(self, *args):",
        ),
    ),
]

# --- #45357 (d467a2a7f2): free split into pop_blocks_for_free + free (switched hooks, warnings)
PF = ("#45357", "d467a2a7f2", "the scheduler's deferred-free path calls pop_blocks_for_free, not free")
TWINS += [
    (
        "#45357 switched hook",
        "twin: an override of pop_blocks_for_free handing on through super()",
        K(
            *PF,
            "vllm/aeon/r130pf1.py",
            HEAD + "class AeonPopMamba(MambaManager):\n"
            "    aeon_pins: dict = {}\n\n"
            "    def pop_blocks_for_free(self, request_id: str):\n"
            "        self.aeon_pins.pop(request_id, None)\n"
            "        return super().pop_blocks_for_free(request_id)\n",
            "    def pop_blocks_for_free(self, request_id: str):",
        ),
    ),
    (
        "#45357 switched hook",
        "twin: a free on the fork's own pool class",
        K(
            *PF,
            "vllm/aeon/r130pf2.py",
            HEAD + "class AeonPinPool:\n"
            "    def __init__(self) -> None:\n"
            "        self.pins: dict[str, int] = {}\n\n"
            "    def free(self, request_id: str) -> None:\n"
            "        self.pins.pop(request_id, None)\n",
            "    def free(self, request_id: str) -> None:",
        ),
    ),
]

# --- #29387 (97fa8f6590): MambaManager.cache_blocks interposed (interposed drift, warnings)
NS = ("#29387", "97fa8f6590", "MambaManager.cache_blocks now defined, handing on to the base's")
TWINS += [
    (
        "#29387 interposed",
        "twin: the grandparent called by name off a full-attention subclass (nothing interposed)",
        K(
            *NS,
            "vllm/aeon/r130ns1.py",
            HEAD + "class AeonNoDraftFull(FullAttentionManager):\n"
            "    def cache_blocks(self, request, num_tokens: int) -> None:\n"
            "        if getattr(request, 'aeon_draft_only', False):\n"
            "            return\n"
            "        SingleTypeKVCacheManager.cache_blocks(self, request, num_tokens)\n",
            "    def cache_blocks(self, request, num_tokens: int) -> None:",
        ),
    ),
    (
        "#29387 interposed",
        "twin: the mamba manager's own def called by name",
        K(
            *NS,
            "vllm/aeon/r130ns2.py",
            HEAD + "class AeonNoDraftMamba(MambaManager):\n"
            "    def cache_blocks(self, request, num_tokens: int) -> None:\n"
            "        if getattr(request, 'aeon_draft_only', False):\n"
            "            return\n"
            "        MambaManager.cache_blocks(self, request, num_tokens)\n",
            "    def cache_blocks(self, request, num_tokens: int) -> None:",
        ),
    ),
]

# --- #12094 (fa63e710c7): SamplerOutput.sampled_token_ids List[int] -> torch.Tensor (retyped._hashed_element)
SO = ("#12094", "fa63e710c7", "SamplerOutput.sampled_token_ids turned from a list of ints into a GPU tensor")
SS = "from vllm.v1.sample.metadata import SamplingMetadata\nfrom vllm.v1.sample.sampler import Sampler\n\n\n"
OUT = "from vllm.v1.outputs import SamplerOutput\n\n\n"


def _so(name: str, body: str, line: str, head: str = SS) -> Killer:
    return K(*SO, f"vllm/aeon/r130{name}.py", head + body, line)


CASES += [
    (
        "#12094 hashed element",
        "a field iterated into a set membership (the replay's)",
        _so(
            "so0",
            "class AeonStopSampler(Sampler):\n"
            "    aeon_stop_ids: set[int] = {2, 128001}\n\n"
            "    def forward(self, logits, sampling_metadata: SamplingMetadata):\n"
            "        out = super().forward(logits, sampling_metadata)\n"
            "        # AEON: the Spark's early stop counts the stop tokens sampled per step\n"
            "        self.aeon_stops = sum(1 for tok in out.sampled_token_ids if tok in self.aeon_stop_ids)\n"
            "        return out\n",
            "        self.aeon_stops = sum(1 for tok in out.sampled_token_ids if tok in self.aeon_stop_ids)",
        ),
    ),
    (
        "#12094 hashed element",
        "round 3: a loop whose element is tested before it is rebound",
        _so(
            "so00",
            "def aeon_stops(out: SamplerOutput, stops: set[int]) -> list[int]:\n"
            "    seen = []\n"
            "    for tok in out.sampled_token_ids:\n"
            "        if tok in stops:\n"
            "            seen.append(tok)\n"
            "        tok = -1\n"
            "    return seen\n",
            "        if tok in stops:",
            head=OUT,
        ),
    ),
]
TWINS += [
    (
        "#12094 hashed element",
        "twin: the loop's element made an int before the test",
        _so(
            "so1",
            "def aeon_stops1(out: SamplerOutput, stops: set[int]) -> int:\n"
            "    n = 0\n"
            "    for tok in out.sampled_token_ids:\n"
            "        tok = int(tok)\n"
            "        if tok in stops:\n"
            "            n += 1\n"
            "    return n\n",
            "        if tok in stops:",
            head=OUT,
        ),
    ),
    (
        "#12094 hashed element",
        "twin: the element's .item() tested",
        _so(
            "so2",
            "def aeon_stops2(out: SamplerOutput, stops: set[int]) -> int:\n"
            "    return sum(1 for tok in out.sampled_token_ids if tok.item() in stops)\n",
            "    return sum(1 for tok in out.sampled_token_ids if tok.item() in stops)",
            head=OUT,
        ),
    ),
    (
        "#12094 hashed element",
        "twin: the stop ids a list (compared by ==)",
        _so(
            "so3",
            "def aeon_stops3(out: SamplerOutput, stops: list[int]) -> int:\n"
            "    return sum(1 for tok in out.sampled_token_ids if tok in stops)\n",
            "    return sum(1 for tok in out.sampled_token_ids if tok in stops)",
            head=OUT,
        ),
    ),
    (
        "#12094 hashed element",
        "twin: a local of the field made a list first",
        _so(
            "so4",
            "def aeon_stops4(out: SamplerOutput, stops: set[int]) -> int:\n"
            "    ids = out.sampled_token_ids.tolist()\n"
            "    return sum(1 for tok in ids if tok in stops)\n",
            "    return sum(1 for tok in ids if tok in stops)",
            head=OUT,
        ),
    ),
    (
        "#12094 hashed element",
        "twin: the elements mapped to int",
        _so(
            "so5",
            "def aeon_stops5(out: SamplerOutput, stops: set[int]) -> int:\n"
            "    return sum(1 for tok in map(int, out.sampled_token_ids) if tok in stops)\n",
            "    return sum(1 for tok in map(int, out.sampled_token_ids) if tok in stops)",
            head=OUT,
        ),
    ),
    (
        "#12094 hashed element",
        "twin: the fork's own output class of the field's name",
        _so(
            "so6",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class AeonDraftOut:\n"
            "    sampled_token_ids: list[int]\n\n\n"
            "def aeon_stops6(out: AeonDraftOut, stops: set[int]) -> int:\n"
            "    return sum(1 for tok in out.sampled_token_ids if tok in stops)\n",
            "    return sum(1 for tok in out.sampled_token_ids if tok in stops)",
            head="",
        ),
    ),
    (
        "#12094 hashed element",
        "twin: an inner comprehension rebinding the name over a list",
        _so(
            "so7",
            "def aeon_stops7(out: SamplerOutput, stops: set[int], extra: list[int]) -> list[list[int]]:\n"
            "    return [[tok for tok in extra if tok in stops] for tok in out.sampled_token_ids]\n",
            "    return [[tok for tok in extra if tok in stops] for tok in out.sampled_token_ids]",
            head=OUT,
        ),
    ),
    (
        "#12094 hashed element",
        "twin: the element made an int by a walrus in the test",
        _so(
            "so8",
            "def aeon_stops8(out: SamplerOutput, stops: set[int]) -> int:\n"
            "    return sum(1 for tok in out.sampled_token_ids if (t := int(tok)) in stops and t > 0)\n",
            "    return sum(1 for tok in out.sampled_token_ids if (t := int(tok)) in stops and t > 0)",
            head=OUT,
        ),
    ),
    (
        "#12094 hashed element",
        "twin: the loop's element rebound by a for over its own list",
        _so(
            "so9",
            "def aeon_stops9(out: SamplerOutput, stops: set[int]) -> int:\n"
            "    n = 0\n"
            "    for tok in out.sampled_token_ids:\n"
            "        for tok in tok.tolist():\n"
            "            n += tok in stops\n"
            "    return n\n",
            "            n += tok in stops",
            head=OUT,
        ),
    ),
]

TWINS += [
    (
        "#12094 hashed element",
        "twin: the test under an isinstance(..., list) guard",
        _so(
            "so10",
            "def aeon_stops10(out: SamplerOutput, stops: set[int]) -> int:\n"
            "    ids = out.sampled_token_ids\n"
            "    if not isinstance(ids, list):\n"
            "        ids = ids.tolist()\n"
            "    return sum(1 for tok in ids if tok in stops)\n",
            "    return sum(1 for tok in ids if tok in stops)",
            head=OUT,
        ),
    ),
    (
        "#12094 hashed element",
        "twin: the loop's element made an int by an unpacking store",
        _so(
            "so11",
            "def aeon_stops11(out: SamplerOutput, stops: set[int]) -> int:\n"
            "    n = 0\n"
            "    for tok in out.sampled_token_ids:\n"
            "        tok, = tok.tolist()\n"
            "        n += tok in stops\n"
            "    return n\n",
            "        n += tok in stops",
            head=OUT,
        ),
    ),
]

# --- #28896 (02f5903b84): EagleProposer.mrope_positions (3, max_num_tokens + 1) (padded_buffers' copy_)
MR = ("#28896", "02f5903b84", "EagleProposer.mrope_positions now (3, max_num_tokens + 1), the last column a dummy")
EH = "import torch\n\nfrom vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"


def _mr(name: str, body: str, line: str) -> Killer:
    return K(*MR, f"vllm/aeon/r130{name}.py", EH + body, line)


CASES += [
    (
        "#28896 padded copy",
        "a copy from a fork buffer of the old shape (the replay's)",
        _mr(
            "mr0",
            "class AeonMropeProposer(EagleProposer):\n"
            "    def aeon_restore(self) -> None:\n"
            "        # AEON: the Spark's graph replay restores the M-RoPE buffer it saved\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        self.mrope_positions.copy_(saved)\n",
            "        self.mrope_positions.copy_(saved)",
        ),
    ),
    (
        "#28896 padded copy",
        "round 3: the same copy inside a with torch.no_grad()",
        _mr(
            "mr00",
            "class AeonMropeProposer00(EagleProposer):\n"
            "    def aeon_restore(self) -> None:\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        with torch.no_grad():\n"
            "            self.mrope_positions.copy_(saved)\n",
            "            self.mrope_positions.copy_(saved)",
        ),
    ),
]
CASES += [
    (
        "#28896 padded copy",
        "round 3: the copy in a try catching another kind",
        _mr(
            "mr01",
            "class AeonMropeProposer01(EagleProposer):\n"
            "    def aeon_restore(self) -> None:\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        try:\n"
            "            self.mrope_positions.copy_(saved)\n"
            "        except ValueError:\n"
            "            pass\n",
            "            self.mrope_positions.copy_(saved)",
        ),
    ),
    (
        "#28896 padded copy",
        "round 3: the copy under a test of a third tensor's size",
        _mr(
            "mr02",
            "class AeonMropeProposer02(EagleProposer):\n"
            "    def aeon_restore(self, positions: torch.Tensor) -> None:\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        if positions.shape[0] == 3:\n"
            "            self.mrope_positions.copy_(saved)\n",
            "            self.mrope_positions.copy_(saved)",
        ),
    ),
]
TWINS += [
    (
        "#28896 padded copy",
        "twin: the copy in a try falling back to the first columns",
        _mr(
            "mr1",
            "class AeonMropeProposer1(EagleProposer):\n"
            "    def aeon_restore(self) -> None:\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        try:\n"
            "            self.mrope_positions.copy_(saved)\n"
            "        except RuntimeError:\n"
            "            self.mrope_positions[:, : saved.shape[1]].copy_(saved)\n",
            "            self.mrope_positions.copy_(saved)",
        ),
    ),
    (
        "#28896 padded copy",
        "twin: the copy under a test of the two shapes",
        _mr(
            "mr2",
            "class AeonMropeProposer2(EagleProposer):\n"
            "    def aeon_restore(self) -> None:\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        if self.mrope_positions.shape == saved.shape:\n"
            "            self.mrope_positions.copy_(saved)\n"
            "        else:\n"
            "            self.mrope_positions[:, : saved.shape[1]].copy_(saved)\n",
            "            self.mrope_positions.copy_(saved)",
        ),
    ),
    (
        "#28896 padded copy",
        "twin: a local allocated like the buffer",
        _mr(
            "mr3",
            "class AeonMropeProposer3(EagleProposer):\n"
            "    def aeon_restore(self) -> None:\n"
            "        saved = torch.zeros_like(self.mrope_positions)\n"
            "        self.mrope_positions.copy_(saved)\n",
            "        self.mrope_positions.copy_(saved)",
        ),
    ),
    (
        "#28896 padded copy",
        "twin: the old-size local copied from the buffer's first columns",
        _mr(
            "mr4",
            "class AeonMropeProposer4(EagleProposer):\n"
            "    def aeon_save(self) -> torch.Tensor:\n"
            "        saved = torch.empty((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        saved.copy_(self.mrope_positions[:, : self.max_num_tokens])\n"
            "        return saved\n",
            "        saved.copy_(self.mrope_positions[:, : self.max_num_tokens])",
        ),
    ),
    (
        "#28896 padded copy",
        "twin: the fork's own proposer class (no EagleProposer base) of the buffer's name",
        _mr(
            "mr5",
            "class AeonSideProposer:\n"
            "    def __init__(self, max_num_tokens: int) -> None:\n"
            "        self.max_num_tokens = max_num_tokens\n"
            "        self.mrope_positions = torch.zeros((3, max_num_tokens), dtype=torch.int64)\n\n"
            "    def aeon_restore(self) -> None:\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        self.mrope_positions.copy_(saved)\n",
            "        self.mrope_positions.copy_(saved)",
        ),
    ),
    (
        "#28896 padded copy",
        "twin: a local of the old size rebound before the copy (padded)",
        _mr(
            "mr6",
            "import torch.nn.functional as F\n\n\n"
            "class AeonMropeProposer6(EagleProposer):\n"
            "    def aeon_restore(self) -> None:\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        padded = F.pad(saved, (0, 1))\n"
            "        self.mrope_positions.copy_(padded)\n",
            "        self.mrope_positions.copy_(padded)",
        ),
    ),
    (
        "#28896 padded copy",
        "twin: a one-row local broadcast into the buffer",
        _mr(
            "mr7",
            "class AeonMropeProposer7(EagleProposer):\n"
            "    def aeon_reset(self) -> None:\n"
            "        row = torch.zeros((1, self.max_num_tokens + 1), dtype=torch.int64)\n"
            "        self.mrope_positions.copy_(row)\n",
            "        self.mrope_positions.copy_(row)",
        ),
    ),
    (
        "#28896 padded copy",
        "twin: the subclass re-allocates the buffer at the old width itself",
        _mr(
            "mr8",
            "class AeonMropeProposer8(EagleProposer):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: the Spark's VL drafter keeps no dummy column\n"
            "        self.mrope_positions = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n\n"
            "    def aeon_restore(self) -> None:\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        self.mrope_positions.copy_(saved)\n",
            "        self.mrope_positions.copy_(saved)",
        ),
    ),
    (
        "#28896 padded copy",
        "twin: a copy off a parameter typed as the proposer (another object: a warning at most)",
        _mr(
            "mr10",
            "def aeon_restore(p: EagleProposer) -> None:\n"
            "    saved = torch.zeros((3, p.max_num_tokens), dtype=torch.int64)\n"
            "    try:\n"
            "        p.mrope_positions.copy_(saved)\n"
            "    except RuntimeError:\n"
            "        p.mrope_positions[:, :-1].copy_(saved)\n",
            "        p.mrope_positions.copy_(saved)",
        ),
    ),
    (
        "#28896 padded copy",
        "twin: a lambda copying a local of the new size",
        _mr(
            "mr9",
            "class AeonMropeProposer9(EagleProposer):\n"
            "    def aeon_restorer(self):\n"
            "        saved = torch.zeros((3, self.max_num_tokens + 1), dtype=torch.int64)\n"
            "        return lambda: self.mrope_positions.copy_(saved)\n",
            "        return lambda: self.mrope_positions.copy_(saved)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review130-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
