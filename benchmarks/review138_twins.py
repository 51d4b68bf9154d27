"""Adversarial twins of killers229's widenings: fork carries correct after the real change.

ROUNDS

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
