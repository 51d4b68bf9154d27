"""Adversarial twins of killers229's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit); the commits are
blind_replay_blktable's four that killers229 widened the engine for:

- new_hooks' receiver typing (killers229, an error; #37728 c07e2ca6e0 ``clear_row(row_idx)`` added to both block
  tables, called off ``self.block_table`` built as ``MultiGroupBlockTable(...)`` and off each of
  ``self.block_tables`` built ``[BlockTable(...) for ...]``): an extra defaulted parameter, ``*rows``, a
  positional-only row calling ``super()``, an ``InputBatch`` subclass's own ``clear_row(self)`` (the class holding
  the field), the fork's own table class looped over like upstream's, a namesake on a fork mixin never mixed into a
  table, and a ``BlockTable`` subclass of another arity held only by the fork's own ``MultiGroupBlockTable``
  subclass whose ``clear_row`` replaces upstream's loop (no path hands it upstream's call);
- new_hooks' plain class against a scalar parameter (killers229, an error; #31944 287b37cda4
  ``update_req_spec_token_ids(self, request: CachedRequestState, ...)``): the request annotated
  ``CachedRequestState | str``, as a string annotation, ``Any`` with an extra defaulted ``str``, ``Optional[...]``,
  a fork ``Protocol`` the state satisfies, and the fork's own batch class taking a request id;
- shadows' dataclass ``__post_init__`` (killers229, an error; #15729 e75a6301bd ``CachedRequestState.__post_init__``
  stores ``self.num_prompt_tokens``): a property of another name, an override of ``__post_init__`` without
  ``super()``, a property with a setter, a ``cached_property`` of the very value upstream stores, a fork base of
  its own (not a dataclass) with a ``__post_init__``, ``@dataclass(init=False)`` with its own ``__init__``, the
  name re-declared as a dataclass field;
- none_fields' element rows (killers229, a warning; #28917 3319a493fc ``spec_token_ids: list[list[int] | None]``
  -> ``list[list[int]]``): the fork's own optional rows on its subclass, a fork class of its own holding a field of
  the same name, the row given ``[]``, a parameter annotated with the fork's own class, a subclass of a fork class
  named ``InputBatch`` defined in its own module.

Every error on a twin's line is a false one (a warning is counted apart).  No other real commit of these shapes
was free: of the first-parent commits adding a ``__post_init__`` under ``vllm/v1`` or a block table / input batch
method upstream calls off a field, the ones no replay uses build a new class (06bfb51963) or remove a
``__post_init__`` (a0dd7dcd49).

Round 1 (c2332a30, killers229's head, the file as first written: 8 cases, 24 twins): 6 caught, 1 warned, 1 missed
of 8; 1 false error of 24 twins (9 warned).  The false error: the ``cached_property num_prompt_tokens`` returning
``len(self.prompt_token_ids)``, the very value #15729's ``__post_init__`` now stores (a ``cached_property`` is a
non-data descriptor: the store lands in the instance and the fork's value is upstream's).  The miss (a warning
check): ``rows = self.spec_token_ids; rows[i] = None``.  The ``InputBatch``-named fork class warned (a warning, not
counted false).  Added then: the ``BlockTable`` subclass held only by the fork's replacing tables, a false error
on c2332a30 too (the loop typing takes every ``BlockTable`` subclass for the elements).
Round 2 (this branch): ``shadows._caches_stored`` leaves a fork ``cached_property`` whose body is one ``return`` of
the expression the base's single store assigns (the receiver's name aside); ``none_fields`` reads ``rows[k] =
None`` of a local bound once to ``recv.X`` and takes a base or annotation naming a class of the fork's own module
for the fork's own; ``symbols._never_handed`` (with ``new_hooks.field_holder``/``replaces``) leaves a hook misfit
a warning where every call that reaches the fork class is off a field of its method's instance and the fork names
the class only to build it, each build inside a fork class deriving the call's class that replaces the call's
method without ``super()``.  Unit tests that failed before: test_post_init_shadows ``cached_same``,
test_none_rows ``a local bound to the field``/``a fork class of upstream's name, of its own module``,
test_new_hooks ``built only by a class replacing the method``.
Round 3 (written after the mends, cases they must not swallow): a ``cached_property`` of another value, one of
upstream's expression that also records a side value, a ``None`` row through a local off a parameter annotated
``InputBatch``, upstream's class imported beside a fork class of the module's own, the fork's row table built by
tables whose ``clear_row`` calls ``super()``, and one also built by a module factory: all caught (the two rows
warned, by design), on this branch.
Round 1 over the whole file at c2332a30 (``AEON_SRC``): 10 caught, 2 warned, 2 missed of 14; 2 false errors of
25 twins (9 warned).  This branch: 10 caught, 4 warned, 0 missed of 14; 0 false errors of 25 twins (9 warned: the
override warnings of the fitting namesakes, and the held row table's, which keeps the namesake warning).
Regression set at this branch (dc6a99ca's engine): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_blktable 15 caught, 2 warned of 17 (10 quiet, 1 warned), blind_replay_kvutils2 11 caught, 4 warned of
15 (8 quiet), blind_replay_moves 25/25 (16 quiet), blind_replay_asyncllm 19 caught, 1 warned of 20 (13 quiet, 2
warned), blind_replay_asyncsched 20 caught, 1 missed of 21 (14 quiet), review117_twins 8 caught, 7 warned of 15 (0
false of 38, 14 warned), review79_twins 11/11 (0 false of 33, 2 warned): each as recorded.  Unit tests:
test_post_init_shadows 14 (+3), test_none_rows 11 (+3), test_new_hooks 54 (+4); the 85 files naming
symbols/new_hooks 1,669 passed; the shadows/none_fields files with test_lazy_patterns and test_fleet_profile 86.
Speed (drift_speed's 150-commit window and carry, 3 audits, the machine shared by eight helpers): none_field_drift
0.1 ms median on c2332a30 and on this branch; shadows' ``construction_writes`` (untouched; ``_caches_stored`` runs
only where a fork ``cached_property`` meets a store) 6.9 against 10.9 ms median, single runs 2.7-35.7 ms either
way (noise); ``_hook_misfit`` (holding ``_never_handed``, which reads the fork's modules only where a misfit would
be an error) not reached in the window, under 0.01 ms.

  PYTHONPATH=.. python review138_twins.py [--only TEXT ...] [--show]

  PYTHONPATH=.. python review138_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

IB = "vllm.v1.worker.gpu_input_batch"
BT = "vllm.v1.worker.block_table"
IBH = f"from {IB} import InputBatch\n\n\n"
MGH = f"from {BT} import MultiGroupBlockTable\n\n\n"
BTH = f"from {BT} import BlockTable\n\n\n"
CRH = f"from dataclasses import dataclass\n\nfrom {IB} import CachedRequestState\n\n\n"

# --- #37728 (c07e2ca6e0): clear_row(row_idx) added to both block tables; InputBatch.remove_request calls
# self.block_table.clear_row(req_index) (a field built as MultiGroupBlockTable(...)), and
# MultiGroupBlockTable.clear_row calls block_table.clear_row(row_idx) for each of self.block_tables
# (built [BlockTable(...) for ...]): new_hooks' receiver typing (killers229, an error)
CR = ("#37728", "c07e2ca6e0", "BlockTable / MultiGroupBlockTable gained clear_row(row_idx); remove_request calls it")


def _cr(name: str, body: str, line: str, head: str = MGH) -> Killer:
    return K(*CR, f"vllm/aeon/r138{name}.py", head + body, line)


CASES += [
    (
        "#37728 typed receiver",
        "a BlockTable subclass's clear_row taking the row keyword-only (upstream's loop passes it by position)",
        _cr(
            "cr0",
            "class AeonKwRows(BlockTable):\n"
            "    def clear_row(self, *, row_idx: int) -> None:\n"
            "        # AEON: the Spark's tables clear by name only\n"
            "        self.num_blocks_per_row[row_idx] = 0\n",
            "    def clear_row(self, *, row_idx: int) -> None:",
            BTH,
        ),
    ),
    (
        "#37728 typed receiver",
        "a MultiGroupBlockTable subclass's clear_row with a required group index",
        _cr(
            "cr00",
            "class AeonGroupTables(MultiGroupBlockTable):\n"
            "    def clear_row(self, row_idx: int, group: int) -> None:\n"
            "        self.block_tables[group].clear_row(row_idx)\n",
            "    def clear_row(self, row_idx: int, group: int) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#37728 typed receiver",
        "twin: a clear_row taking an extra defaulted parameter",
        _cr(
            "cr1",
            "class AeonTables1(MultiGroupBlockTable):\n"
            "    def clear_row(self, row_idx: int, num_groups: int | None = None) -> None:\n"
            "        for table in self.block_tables[:num_groups]:\n"
            "            table.clear_row(row_idx)\n",
            "    def clear_row(self, row_idx: int, num_groups: int | None = None) -> None:",
        ),
    ),
    (
        "#37728 typed receiver",
        "twin: a BlockTable subclass's clear_row(self, *rows)",
        _cr(
            "cr2",
            "class AeonRows2(BlockTable):\n"
            "    def clear_row(self, *rows: int) -> None:\n"
            "        for row in rows:\n"
            "            super().clear_row(row)\n",
            "    def clear_row(self, *rows: int) -> None:",
            BTH,
        ),
    ),
    (
        "#37728 typed receiver",
        "twin: an InputBatch subclass's own clear_row(self) (the class holding the field, never called so)",
        _cr(
            "cr3",
            "class AeonBatch3(InputBatch):\n"
            "    def clear_row(self) -> None:\n"
            "        # AEON: drop the Spark drafter's scratch row\n"
            "        self.aeon_scratch = None\n",
            "    def clear_row(self) -> None:",
            IBH,
        ),
    ),
    (
        "#37728 typed receiver",
        "twin: the fork's own table class (no upstream base) with clear_row(self) looped over like upstream's",
        _cr(
            "cr4",
            "class AeonDraftRows:\n"
            "    def __init__(self) -> None:\n"
            "        self.rows: list[int] = []\n\n"
            "    def clear_row(self) -> None:\n"
            "        self.rows.clear()\n\n\n"
            "class AeonDraftTables:\n"
            "    def __init__(self, n: int) -> None:\n"
            "        self.block_tables = [AeonDraftRows() for _ in range(n)]\n\n"
            "    def clear_all(self) -> None:\n"
            "        for block_table in self.block_tables:\n"
            "            block_table.clear_row()\n",
            "    def clear_row(self) -> None:",
            "",
        ),
    ),
    (
        "#37728 typed receiver",
        "twin: a namesake of another arity on a fork mixin never mixed into a table",
        _cr(
            "cr5",
            "class AeonRowMixin:\n"
            "    def clear_row(self, row_idx: int, num_blocks: int) -> None:\n"
            "        self.aeon_rows[row_idx, :num_blocks] = 0\n\n\n"
            "class AeonScratch(AeonRowMixin):\n"
            "    def __init__(self) -> None:\n"
            "        self.aeon_rows = None\n",
            "    def clear_row(self, row_idx: int, num_blocks: int) -> None:",
            "",
        ),
    ),
    (
        "#37728 typed receiver",
        "twin: a MultiGroupBlockTable subclass's clear_row(self, row_idx, /) calling super()",
        _cr(
            "cr6",
            "class AeonTables6(MultiGroupBlockTable):\n"
            "    def clear_row(self, row_idx, /) -> None:\n"
            "        super().clear_row(row_idx)\n"
            "        self.aeon_cleared = row_idx\n",
            "    def clear_row(self, row_idx, /) -> None:",
        ),
    ),
]

TWINS += [
    (
        "#37728 typed receiver",
        "twin: a BlockTable subclass of another arity held only by the fork's own tables, whose clear_row "
        "replaces upstream's loop (no path hands it upstream's call)",
        _cr(
            "cr7",
            f"from {BT} import BlockTable\n\n\n"
            "class AeonRowTable7(BlockTable):\n"
            "    def clear_row(self, row_idx: int, num_blocks: int) -> None:\n"
            "        self.block_table.np[row_idx, :num_blocks] = 0\n\n\n"
            "class AeonTables7(MultiGroupBlockTable):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.block_tables = [AeonRowTable7(*args, **kwargs)]\n\n"
            "    def clear_row(self, row_idx: int) -> None:\n"
            "        for table in self.block_tables:\n"
            "            table.clear_row(row_idx, int(table.num_blocks_per_row[row_idx]))\n",
            "    def clear_row(self, row_idx: int, num_blocks: int) -> None:",
        ),
    ),
]

CASES += [
    (
        "#37728 typed receiver",
        "round 3: the fork's row table built by its tables, whose clear_row hands on to upstream's loop via super()",
        _cr(
            "cr01",
            f"from {BT} import BlockTable\n\n\n"
            "class AeonRowTable01(BlockTable):\n"
            "    def clear_row(self, row_idx: int, num_blocks: int) -> None:\n"
            "        self.block_table.np[row_idx, :num_blocks] = 0\n\n\n"
            "class AeonTables01(MultiGroupBlockTable):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.block_tables = [AeonRowTable01(*args, **kwargs)]\n\n"
            "    def clear_row(self, row_idx: int) -> None:\n"
            "        super().clear_row(row_idx)\n"
            "        self.aeon_cleared = row_idx\n",
            "    def clear_row(self, row_idx: int, num_blocks: int) -> None:",
        ),
    ),
    (
        "#37728 typed receiver",
        "round 3: the fork's row table also built by a module factory the fork's batch may use",
        _cr(
            "cr02",
            f"from {BT} import BlockTable\n\n\n"
            "class AeonRowTable02(BlockTable):\n"
            "    def clear_row(self, row_idx: int, num_blocks: int) -> None:\n"
            "        self.block_table.np[row_idx, :num_blocks] = 0\n\n\n"
            "class AeonTables02(MultiGroupBlockTable):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.block_tables = [AeonRowTable02(*args, **kwargs)]\n\n"
            "    def clear_row(self, row_idx: int) -> None:\n"
            "        for table in self.block_tables:\n"
            "            table.clear_row(row_idx, 0)\n\n\n"
            "def aeon_row_table(*args, **kwargs) -> BlockTable:\n"
            "    return AeonRowTable02(*args, **kwargs)\n",
            "    def clear_row(self, row_idx: int, num_blocks: int) -> None:",
        ),
    ),
]

# --- #31944 (287b37cda4): InputBatch.update_req_spec_token_ids(self, request: CachedRequestState,
# scheduled_spec_tokens) added, the model runner calls it with each request's state: new_hooks' plain class
# against a fork's scalar parameter (killers229, an error)
US = ("#31944", "287b37cda4", "InputBatch gained update_req_spec_token_ids(request, scheduled_spec_tokens)")
UH = f"from typing import Any\n\nfrom {IB} import CachedRequestState, InputBatch\n\n\n"


def _us(name: str, body: str, line: str, head: str = UH) -> Killer:
    return K(*US, f"vllm/aeon/r138{name}.py", head + body, line)


CASES += [
    (
        "#31944 plain class against a scalar",
        "a fork override taking the request's row index (int) for the state",
        _us(
            "us0",
            "class AeonDraftBatch0(InputBatch):\n"
            "    def update_req_spec_token_ids(self, req_index: int, drafts: list[int]) -> None:\n"
            "        # AEON: the Spark's drafter writes its row directly\n"
            "        self.spec_token_ids[req_index] = list(drafts)\n",
            "    def update_req_spec_token_ids(self, req_index: int, drafts: list[int]) -> None:",
        ),
    ),
    (
        "#31944 plain class against a scalar",
        "a fork override taking an optional request id",
        _us(
            "us00",
            "class AeonDraftBatch00(InputBatch):\n"
            "    def update_req_spec_token_ids(self, req_id: str | None, drafts: dict) -> None:\n"
            "        if req_id is not None:\n"
            "            self.spec_token_ids[self.req_id_to_index[req_id]] = list(drafts.get(req_id, ()))\n",
            "    def update_req_spec_token_ids(self, req_id: str | None, drafts: dict) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#31944 plain class against a scalar",
        "twin: the request annotated as a union of the state and its id (handles both)",
        _us(
            "us1",
            "class AeonDraftBatch1(InputBatch):\n"
            "    def update_req_spec_token_ids(self, request: CachedRequestState | str, scheduled: dict) -> None:\n"
            "        if isinstance(request, str):\n"
            "            request = self.aeon_states[request]\n"
            "        super().update_req_spec_token_ids(request, scheduled)\n",
            "    def update_req_spec_token_ids(self, request: CachedRequestState | str, scheduled: dict) -> None:",
        ),
    ),
    (
        "#31944 plain class against a scalar",
        "twin: the request annotated with a string annotation",
        _us(
            "us2",
            "class AeonDraftBatch2(InputBatch):\n"
            '    def update_req_spec_token_ids(self, request: "CachedRequestState", scheduled: dict) -> None:\n'
            "        super().update_req_spec_token_ids(request, scheduled)\n"
            "        self.aeon_drafted = request.req_id\n",
            '    def update_req_spec_token_ids(self, request: "CachedRequestState", scheduled: dict) -> None:',
        ),
    ),
    (
        "#31944 plain class against a scalar",
        "twin: the request as Any, the extra parameter a defaulted str",
        _us(
            "us3",
            "class AeonDraftBatch3(InputBatch):\n"
            "    def update_req_spec_token_ids(self, request: Any, scheduled: dict, tag: str = '') -> None:\n"
            "        super().update_req_spec_token_ids(request, scheduled)\n",
            "    def update_req_spec_token_ids(self, request: Any, scheduled: dict, tag: str = '') -> None:",
        ),
    ),
    (
        "#31944 plain class against a scalar",
        "twin: the fork's own batch class (no upstream base) taking a request id",
        _us(
            "us4",
            "class AeonSideBatch:\n"
            "    def update_req_spec_token_ids(self, req_id: str, drafts: list[int]) -> None:\n"
            "        self.aeon_drafts = {req_id: list(drafts)}\n",
            "    def update_req_spec_token_ids(self, req_id: str, drafts: list[int]) -> None:",
        ),
    ),
    (
        "#31944 plain class against a scalar",
        "twin: the state annotated Optional, handed on",
        _us(
            "us5",
            "from typing import Optional\n\n\n"
            "class AeonDraftBatch5(InputBatch):\n"
            "    def update_req_spec_token_ids(self, request: Optional[CachedRequestState], scheduled: dict) -> None:\n"
            "        if request is not None:\n"
            "            super().update_req_spec_token_ids(request, scheduled)\n",
            "    def update_req_spec_token_ids(self, request: Optional[CachedRequestState], scheduled: dict) -> None:",
        ),
    ),
    (
        "#31944 plain class against a scalar",
        "twin: a fork Protocol the state satisfies, the id a keyword-only str",
        _us(
            "us6",
            "from typing import Protocol\n\n\n"
            "class AeonHasReqId(Protocol):\n"
            "    req_id: str\n\n\n"
            "class AeonDraftBatch6(InputBatch):\n"
            "    def update_req_spec_token_ids(self, request: AeonHasReqId, scheduled: dict, *, note: str = '') -> None:\n"
            "        super().update_req_spec_token_ids(request, scheduled)\n",
            "    def update_req_spec_token_ids(self, request: AeonHasReqId, scheduled: dict, *, note: str = '') -> None:",
        ),
    ),
]

# --- #15729 (e75a6301bd): CachedRequestState (a dataclass) gained __post_init__ storing self.num_prompt_tokens:
# shadows' dataclass build (killers229, an error on a fork member of the name that the store cannot pass)
PP = ("#15729", "e75a6301bd", "CachedRequestState gained __post_init__ setting num_prompt_tokens")


def _pp(name: str, body: str, line: str, head: str = CRH) -> Killer:
    return K(*PP, f"vllm/aeon/r138{name}.py", head + body, line)


CASES += [
    (
        "#15729 post-init store",
        "a plain (undecorated) subclass's read-only property: it still inherits the dataclass __init__",
        _pp(
            "pp0",
            "class AeonPlainState(CachedRequestState):\n"
            "    @property\n"
            "    def num_prompt_tokens(self) -> int:\n"
            "        # AEON: the Spark counts the drafter's prefix too\n"
            "        return len(self.prompt_token_ids) + 1\n",
            "    def num_prompt_tokens(self) -> int:",
        ),
    ),
    (
        "#15729 post-init store",
        "a grandchild's read-only property assigned as property(...)",
        _pp(
            "pp00",
            "@dataclass\n"
            "class AeonStateBase(CachedRequestState):\n"
            "    aeon_depth: int = 0\n\n\n"
            "@dataclass\n"
            "class AeonStateLeaf(AeonStateBase):\n"
            "    num_prompt_tokens = property(lambda self: len(self.prompt_token_ids))\n",
            "    num_prompt_tokens = property(lambda self: len(self.prompt_token_ids))",
        ),
    ),
]
TWINS += [
    (
        "#15729 post-init store",
        "twin: a fork property the post-init never stores (another name)",
        _pp(
            "pp1",
            "@dataclass\n"
            "class AeonState1(CachedRequestState):\n"
            "    @property\n"
            "    def num_prompt_tokens_aeon(self) -> int:\n"
            "        return len(self.prompt_token_ids)\n",
            "    def num_prompt_tokens_aeon(self) -> int:",
        ),
    ),
    (
        "#15729 post-init store",
        "twin: an override of __post_init__ that does not call super (the base's never runs)",
        _pp(
            "pp2",
            "@dataclass\n"
            "class AeonState2(CachedRequestState):\n"
            "    def __post_init__(self) -> None:\n"
            "        self.aeon_len = len(self.prompt_token_ids)\n\n"
            "    @property\n"
            "    def num_prompt_tokens(self) -> int:\n"
            "        return self.aeon_len\n",
            "    def num_prompt_tokens(self) -> int:",
        ),
    ),
    (
        "#15729 post-init store",
        "twin: a property with a setter",
        _pp(
            "pp3",
            "@dataclass\n"
            "class AeonState3(CachedRequestState):\n"
            "    @property\n"
            "    def num_prompt_tokens(self) -> int:\n"
            "        return self._aeon_n\n\n"
            "    @num_prompt_tokens.setter\n"
            "    def num_prompt_tokens(self, value: int) -> None:\n"
            "        self._aeon_n = value\n",
            "    def num_prompt_tokens(self) -> int:",
        ),
    ),
    (
        "#15729 post-init store",
        "twin: a cached_property (a non-data descriptor: the store lands in the instance)",
        _pp(
            "pp4",
            "from functools import cached_property\n\n\n"
            "@dataclass\n"
            "class AeonState4(CachedRequestState):\n"
            "    @cached_property\n"
            "    def num_prompt_tokens(self) -> int:\n"
            "        return len(self.prompt_token_ids)\n",
            "    def num_prompt_tokens(self) -> int:",
        ),
    ),
    (
        "#15729 post-init store",
        "twin: a fork dataclass of its own (no upstream base) with a post-init and a subclass property",
        _pp(
            "pp5",
            "class AeonPlainBase:\n"
            "    def __post_init__(self) -> None:\n"
            "        self.num_prompt_tokens = 0\n\n\n"
            "class AeonPlainLeaf(AeonPlainBase):\n"
            "    @property\n"
            "    def num_prompt_tokens(self) -> int:\n"
            "        return 1\n",
            "    def num_prompt_tokens(self) -> int:",
            "",
        ),
    ),
    (
        "#15729 post-init store",
        "twin: init=False with its own __init__ that never runs __post_init__",
        _pp(
            "pp6",
            "@dataclass(init=False)\n"
            "class AeonState6(CachedRequestState):\n"
            "    def __init__(self, req_id: str, prompt_token_ids: list[int]) -> None:\n"
            "        self.req_id = req_id\n"
            "        self.prompt_token_ids = prompt_token_ids\n\n"
            "    @property\n"
            "    def num_prompt_tokens(self) -> int:\n"
            "        return len(self.prompt_token_ids)\n",
            "    def num_prompt_tokens(self) -> int:",
        ),
    ),
    (
        "#15729 post-init store",
        "twin: the field re-declared as a dataclass field (a plain value)",
        _pp(
            "pp7",
            "@dataclass\nclass AeonState7(CachedRequestState):\n    num_prompt_tokens: int = 0\n",
            "    num_prompt_tokens: int = 0",
        ),
    ),
]

CASES += [
    (
        "#15729 post-init store",
        "round 3: a cached_property computing another value than the one upstream stores",
        _pp(
            "pp01",
            "from functools import cached_property\n\n\n"
            "@dataclass\n"
            "class AeonState01(CachedRequestState):\n"
            "    @cached_property\n"
            "    def num_prompt_tokens(self) -> int:\n"
            "        # AEON: the Spark counts the drafter's prefix token too\n"
            "        return len(self.prompt_token_ids) + 1\n",
            "    def num_prompt_tokens(self) -> int:",
        ),
    ),
    (
        "#15729 post-init store",
        "round 3: a cached_property of upstream's expression that also records a side value",
        _pp(
            "pp02",
            "from functools import cached_property\n\n\n"
            "@dataclass\n"
            "class AeonState02(CachedRequestState):\n"
            "    @cached_property\n"
            "    def num_prompt_tokens(self) -> int:\n"
            "        self.aeon_counted = True\n"
            "        return len(self.prompt_token_ids)\n",
            "    def num_prompt_tokens(self) -> int:",
        ),
    ),
]

# --- #28917 (3319a493fc): InputBatch.spec_token_ids: list[list[int] | None] -> list[list[int]] (rows cleared in
# place): none_fields' element rows (killers229, a warning)
ST = ("#28917", "3319a493fc", "InputBatch.spec_token_ids preallocated lists cleared in place (never None)")


def _st(name: str, body: str, line: str, head: str = IBH) -> Killer:
    return K(*ST, f"vllm/aeon/r138{name}.py", head + body, line)


CASES += [
    (
        "#28917 None row",
        "a module function storing None through a parameter annotated InputBatch",
        _st(
            "st0",
            "def aeon_drop_drafts(batch: InputBatch, req_index: int) -> None:\n"
            "    # AEON: the Spark's drafter drops rejected drafts eagerly\n"
            "    batch.spec_token_ids[req_index] = None\n",
            "    batch.spec_token_ids[req_index] = None",
        ),
    ),
    (
        "#28917 None row",
        "a subclass storing None through a local bound to the field",
        _st(
            "st00",
            "class AeonSpecBatch00(InputBatch):\n"
            "    def aeon_drop_drafts(self, req_index: int) -> None:\n"
            "        rows = self.spec_token_ids\n"
            "        rows[req_index] = None\n",
            "        rows[req_index] = None",
        ),
    ),
]
TWINS += [
    (
        "#28917 None row",
        "twin: the fork's own optional rows on its subclass",
        _st(
            "st1",
            "class AeonSpecBatch1(InputBatch):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_drafts: list[list[int] | None] = [None] * self.max_num_reqs\n\n"
            "    def aeon_drop(self, req_index: int) -> None:\n"
            "        self.aeon_drafts[req_index] = None\n",
            "        self.aeon_drafts[req_index] = None",
        ),
    ),
    (
        "#28917 None row",
        "twin: a fork class of its own holding a field of the same name",
        _st(
            "st2",
            "class AeonDraftStore:\n"
            "    def __init__(self, n: int) -> None:\n"
            "        self.spec_token_ids: list[list[int] | None] = [None] * n\n\n"
            "    def drop(self, i: int) -> None:\n"
            "        self.spec_token_ids[i] = None\n",
            "        self.spec_token_ids[i] = None",
            "",
        ),
    ),
    (
        "#28917 None row",
        "twin: the row given an empty list",
        _st(
            "st3",
            "class AeonSpecBatch3(InputBatch):\n"
            "    def aeon_drop(self, req_index: int) -> None:\n"
            "        self.spec_token_ids[req_index] = []\n",
            "        self.spec_token_ids[req_index] = []",
        ),
    ),
    (
        "#28917 None row",
        "twin: a parameter annotated with the fork's own store class",
        _st(
            "st4",
            "class AeonDraftRows:\n"
            "    def __init__(self) -> None:\n"
            "        self.spec_token_ids: dict[str, list[int] | None] = {}\n\n\n"
            "def aeon_forget(rows: AeonDraftRows, req_id: str) -> None:\n"
            "    rows.spec_token_ids[req_id] = None\n",
            "    rows.spec_token_ids[req_id] = None",
        ),
    ),
    (
        "#28917 None row",
        "twin: a subclass of a fork class named like upstream's, of its own module",
        _st(
            "st5",
            "class InputBatch:\n"
            "    def __init__(self) -> None:\n"
            "        self.spec_token_ids: list[list[int] | None] = []\n\n\n"
            "class AeonLocalBatch(InputBatch):\n"
            "    def drop(self, i: int) -> None:\n"
            "        self.spec_token_ids[i] = None\n",
            "        self.spec_token_ids[i] = None",
            "",
        ),
    ),
]


CASES += [
    (
        "#28917 None row",
        "round 3: a local bound to the field off a parameter annotated InputBatch",
        _st(
            "st01",
            "def aeon_drop_drafts(batch: InputBatch, req_index: int) -> None:\n"
            "    rows = batch.spec_token_ids\n"
            "    rows[req_index] = None\n",
            "    rows[req_index] = None",
        ),
    ),
    (
        "#28917 None row",
        "round 3: upstream's class imported, beside a fork class of its own in the module",
        _st(
            "st02",
            "class AeonDraftCounter:\n"
            "    hits: int = 0\n\n\n"
            "class AeonSpecBatch02(InputBatch):\n"
            "    def aeon_drop(self, req_index: int) -> None:\n"
            "        self.spec_token_ids[req_index] = None\n",
            "        self.spec_token_ids[req_index] = None",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review138-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
