"""A blind replay of the v1 input batch and block table a Spark fork's speculative runner subclasses and calls.

10 first-parent commits on ``vllm/v1/worker/gpu_input_batch.py`` and ``vllm/v1/worker/block_table.py`` -- the
``InputBatch`` / ``CachedRequestState`` a fork's speculative-decoding model runner reads and subclasses, and the
``BlockTable`` / ``MultiGroupBlockTable`` its sm_121a attention backends subclass, build by keyword and call:
``InputBatch`` and ``MultiGroupBlockTable`` given a required ``kernel_block_sizes`` after ``block_sizes``
(#24486), ``BlockTable`` a required ``dcp_kv_cache_interleave_size`` (#26696), ``InputBatch`` a defaulted
``logitsprocs_need_output_token_ids`` between ``logitsprocs`` and ``is_spec_decode`` (#26467),
``BlockTable._map_to_kernel_blocks`` renamed ``map_to_kernel_blocks`` and made static (#28677),
``spec_token_ids`` rows preallocated and cleared in place, never ``None`` (#28917), ``clear_row`` added to both
block tables and called by ``InputBatch.remove_request`` (#37728), ``update_req_spec_token_ids(request,
scheduled_spec_tokens)`` added to ``InputBatch`` and called by the model runner (#31944),
``CachedRequestState.__post_init__`` setting ``num_prompt_tokens`` that ``num_tokens`` reads (#15729),
``num_tokens_no_spec`` made a numpy view of a pinned CPU tensor (#29184) and a module function
``get_block_table_width(..., *, token_alignment=128)`` that ``MultiGroupBlockTable`` now calls (#50302) --
picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits every other replay
uses.  Each is replayed under 1-2 fork spellings (a keyword call missing the new parameter, a subclass's
positional ``super().__init__``, a positional call meaning a parameter that moved, a subclass calling and
overriding the renamed private method, a store of the dropped ``None`` sentinel, a subclass's method of a name
upstream now calls with other arguments, a dataclass subclass's ``__post_init__`` without ``super()`` and its
property of a name ``__post_init__`` now assigns, a field rebound after ``super().__init__``, a module
attribute and a ``setattr`` installing a function upstream now calls with a keyword it lacks), with twins (the
new keyword passed, keywords past the insertion, the new static method, the row cleared in place, an override
of the same shape calling ``super()``, the fork's own names, ``super().__post_init__()``, an in-place reset, a
function never installed).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*:
no error on their line.

Blind, on the engine before any widening (main at f6e62e3f): 11 caught, 4 warned, 2 missed of 17 (twins: 10
quiet, 0 false errors; 1 of them warned).  Symbol drift caught #24486's keyword call and positional
``super().__init__``, #26696's two, #26467's two, #28677's call of the old private name and override of it,
#15729's ``__post_init__`` without ``super()``, and #50302's module attribute and ``setattr``; it warned #37728's
two and #31944's override (the fork's own method now overrides one upstream added) and #29184's rebinding.  The
misses: #28917's store of ``None`` into a ``spec_token_ids`` row upstream now ``.clear()``s, and #15729's
read-only property ``num_prompt_tokens`` the dataclass's new ``__post_init__`` assigns (``AttributeError`` when
the state is built).
After the killers229 widenings: 15 caught, 2 warned, 0 missed of 17 (twins: 10 quiet, 1 of them warned, 0 false
errors).  Caught now: #15729's property (``drift/shadows.py``: a dataclass base's ``__post_init__``, which the
synthesized ``__init__`` runs last, and the methods it calls on ``self`` are part of the build, so what they store
meets a fork member of the name; followed past a fork override only where it calls ``super().__post_init__()``),
#37728's two ``clear_row`` namesakes (``drift/new_hooks.py``: a ``self.field`` receiver typed by the one class its
class builds there, ``self.block_table = MultiGroupBlockTable(...)``, and a loop name by the elements of the field
it loops over, ``for block_table in self.block_tables`` of ``[BlockTable(...) for ...]``: a ``clear_row(self)``
and a ``clear_row(self, row_idx, num_blocks)`` cannot take upstream's calls -- warned blind, as both classes
define the name) and #31944's ``update_req_spec_token_ids(self, req_id: str, ...)`` (``drift/new_hooks.py``: a
hook parameter annotated with a plain class of the hook's module, ``request: CachedRequestState``, is another
kind than a fork parameter of scalars only -- warned blind).  Warned now: #28917's ``None`` row
(``drift/none_fields.py``: a fork ``recv.X[k] = None`` where upstream narrowed ``self.X``'s element annotation
off ``None``, ``list[list[int] | None]`` -> ``list[list[int]]``; a warning, as the fork may store a list back
before upstream's ``.clear()`` reaches the row).  Left a warning: #29184's rebinding of ``num_tokens_no_spec``
(symbol drift's "sets it after the base's body from what the base used to set it from"): the detached view
breaks only the GPU n-gram path that copies from the pinned tensor.  Regression set at the widenings' head:
killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_kvutils2 11 caught, 4 warned of 15
(8 quiet), blind_replay_moves 25/25 (16 quiet), blind_replay_modelutils 14 caught, 3 warned of 17 (9 quiet),
blind_replay_toolparsers2 20/20 (10 quiet, 1 warned), blind_replay_asyncllm 19 caught, 1 warned of 20 (13 quiet,
2 warned), blind_replay_platcuda2 13 caught, 5 warned of 18 (10 quiet, 3 warned), blind_replay_platiface 23/23
(12 quiet, 2 warned), blind_replay_pstate 21 caught, 1 warned of 22 (11 quiet, 1 warned), blind_replay_linkern
20 caught, 3 warned, 2 missed of 25 (11 quiet, 2 warned), blind_replay_asyncsched 20 caught, 1 missed of 21 (14
quiet), review117_twins 8 caught, 7 warned of 15 (0 false of 38, 14 warned), review104_twins 5 caught, 1 warned
of 6 (0 false of 27, 18 warned), review77_twins 7 caught, 2 warned of 9 (0 false of 39, 4 warned),
review79_twins 11/11 (0 false of 33, 2 warned): each as its docstring records.  Unit tests:
test_post_init_shadows 11 (new), test_none_rows 8 (new), test_new_hooks +15 (50); the 85 files naming
symbols/new_hooks 1,669 passed, the shadows and none_fields files (with test_lazy_patterns, test_fleet_profile)
149 passed.  Speed (drift_speed's windows, this machine shared, load average 10-16): none_field_drift under 0.5 ms
at 150 and 500 commits (0.000 s printed); symbol drift (``drift_findings``, which runs shadows and new_hooks) 4.93 s
against main's 4.95 s at 150 commits (medians of 3); at 500 the medians swung both ways between runs (9.7 against
5.3 s, then a single run 15.0 against 16.2 s: noise); the touched parts timed alone at 500 commits: shadows'
``construction_writes`` 9 ms (main 12 ms), new_hooks' ``receiver_types`` and ``unfit`` under 0.5 ms.

  python benchmarks/blind_replay_blktable.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

IB = "vllm.v1.worker.gpu_input_batch"
BT = "vllm.v1.worker.block_table"
IBH = f"from {IB} import InputBatch\n\n\n"
MGH = f"from {BT} import MultiGroupBlockTable\n\n\n"
BTH = f"from {BT} import BlockTable\n\n\n"
CRH = f"from dataclasses import dataclass\n\nfrom {IB} import CachedRequestState\n\n\n"

# --- #24486 (d24cf322e1): InputBatch / MultiGroupBlockTable gained a required kernel_block_sizes
KB = "d24cf322e1"
KBW = "InputBatch and MultiGroupBlockTable gained a required kernel_block_sizes after block_sizes"
CASES += [
    (
        "#24486 required parameter inserted",
        "a keyword call of InputBatch without the new parameter",
        K(
            "#24486",
            KB,
            KBW,
            "vllm/aeon/kb1.py",
            IBH + "def aeon_draft_batch(cfg, device, block_sizes):\n"
            "    # AEON: the Spark's drafter keeps its own batch for the EAGLE head\n"
            "    return InputBatch(\n"
            "        max_num_reqs=cfg.max_num_seqs,\n"
            "        max_model_len=cfg.max_model_len,\n"
            "        max_num_batched_tokens=cfg.max_num_batched_tokens,\n"
            "        device=device,\n"
            "        pin_memory=False,\n"
            "        vocab_size=cfg.vocab_size,\n"
            "        block_sizes=block_sizes,\n"
            "        is_spec_decode=True,\n"
            "        num_speculative_tokens=cfg.num_speculative_tokens,\n"
            "    )\n",
            "return InputBatch(",
        ),
    ),
    (
        "#24486 required parameter inserted",
        "a subclass's positional super().__init__ (num_speculative_tokens lands in kernel_block_sizes)",
        K(
            "#24486",
            KB,
            KBW,
            "vllm/aeon/kb2.py",
            MGH + "class AeonBlockTables(MultiGroupBlockTable):\n"
            "    def __init__(self, max_num_reqs, max_model_len, max_num_batched_tokens, pin_memory, device, block_sizes, k):\n"
            "        # AEON: room for the Spark's draft tokens in every group\n"
            "        super().__init__(max_num_reqs, max_model_len, max_num_batched_tokens, pin_memory, device, block_sizes, k)\n"
            "        self.aeon_k = k\n",
            "super().__init__(max_num_reqs, max_model_len, max_num_batched_tokens, pin_memory, device, block_sizes, k)",
        ),
    ),
    (
        "#24486 required parameter inserted",
        "twin: the new keyword passed",
        K(
            "#24486",
            KB,
            KBW,
            "vllm/aeon/kb3.py",
            MGH + "def aeon_block_tables(cfg, device, block_sizes):\n"
            "    return MultiGroupBlockTable(\n"
            "        max_num_reqs=cfg.max_num_seqs,\n"
            "        max_model_len=cfg.max_model_len,\n"
            "        max_num_batched_tokens=cfg.max_num_batched_tokens,\n"
            "        pin_memory=False,\n"
            "        device=device,\n"
            "        block_sizes=block_sizes,\n"
            "        kernel_block_sizes=block_sizes,\n"
            "    )\n",
            "return MultiGroupBlockTable(",
        ),
    ),
]

# --- #26696 (2108a571d7): BlockTable gained a required dcp_kv_cache_interleave_size
DI = "2108a571d7"
DIW = "BlockTable.__init__ gained a required dcp_kv_cache_interleave_size"
CASES += [
    (
        "#26696 required parameter appended",
        "a keyword call of BlockTable without the new parameter",
        K(
            "#26696",
            DI,
            DIW,
            "vllm/aeon/di1.py",
            BTH + "def aeon_nvfp4_table(block_size, n, max_blocks, max_tokens, device):\n"
            "    # AEON: a side table for the sm_121a NVFP4 KV scales\n"
            "    return BlockTable(\n"
            "        block_size=block_size,\n"
            "        max_num_reqs=n,\n"
            "        max_num_blocks_per_req=max_blocks,\n"
            "        max_num_batched_tokens=max_tokens,\n"
            "        pin_memory=False,\n"
            "        device=device,\n"
            "        kernel_block_size=block_size,\n"
            "    )\n",
            "return BlockTable(",
        ),
    ),
    (
        "#26696 required parameter appended",
        "a subclass's positional super().__init__",
        K(
            "#26696",
            DI,
            DIW,
            "vllm/aeon/di2.py",
            BTH + "class AeonBlockTable(BlockTable):\n"
            "    def __init__(self, block_size, max_num_reqs, max_blocks, max_tokens, pin_memory, device, kernel_block_size):\n"
            "        super().__init__(block_size, max_num_reqs, max_blocks, max_tokens, pin_memory, device, kernel_block_size)\n"
            "        self.aeon_scale_rows = max_num_reqs\n",
            "super().__init__(block_size, max_num_reqs, max_blocks, max_tokens, pin_memory, device, kernel_block_size)",
        ),
    ),
    (
        "#26696 required parameter appended",
        "twin: the new keyword passed",
        K(
            "#26696",
            DI,
            DIW,
            "vllm/aeon/di3.py",
            BTH + "def aeon_nvfp4_table3(block_size, n, max_blocks, max_tokens, device):\n"
            "    return BlockTable(\n"
            "        block_size=block_size,\n"
            "        max_num_reqs=n,\n"
            "        max_num_blocks_per_req=max_blocks,\n"
            "        max_num_batched_tokens=max_tokens,\n"
            "        pin_memory=False,\n"
            "        device=device,\n"
            "        kernel_block_size=block_size,\n"
            "        dcp_kv_cache_interleave_size=1,\n"
            "    )\n",
            "return BlockTable(",
        ),
    ),
]

# --- #26467 (5bc26c438d): logitsprocs_need_output_token_ids inserted before is_spec_decode
LN = "5bc26c438d"
LNW = "InputBatch.__init__ gained logitsprocs_need_output_token_ids between logitsprocs and is_spec_decode"
CASES += [
    (
        "#26467 defaulted parameter inserted",
        "a positional call meaning is_spec_decode",
        K(
            "#26467",
            LN,
            LNW,
            "vllm/aeon/ln1.py",
            IBH + "def aeon_spec_batch(cfg, device, block_sizes, kernel_block_sizes, logitsprocs):\n"
            "    # AEON: the Spark's speculative batch\n"
            "    return InputBatch(cfg.max_num_seqs, cfg.max_model_len, cfg.max_num_batched_tokens, device, False, cfg.vocab_size, block_sizes, kernel_block_sizes, logitsprocs, True)\n",
            "return InputBatch(cfg.max_num_seqs, cfg.max_model_len, cfg.max_num_batched_tokens, device, False, cfg.vocab_size, block_sizes, kernel_block_sizes, logitsprocs, True)",
        ),
    ),
    (
        "#26467 defaulted parameter inserted",
        "a subclass's positional super().__init__ past logitsprocs",
        K(
            "#26467",
            LN,
            LNW,
            "vllm/aeon/ln2.py",
            IBH + "class AeonInputBatch(InputBatch):\n"
            "    def __init__(self, n, max_len, max_tokens, device, pin, vocab, bs, kbs, procs, spec, pooling, k):\n"
            "        super().__init__(n, max_len, max_tokens, device, pin, vocab, bs, kbs, procs, spec, pooling, k)\n"
            "        self.aeon_k = k\n",
            "super().__init__(n, max_len, max_tokens, device, pin, vocab, bs, kbs, procs, spec, pooling, k)",
        ),
    ),
    (
        "#26467 defaulted parameter inserted",
        "twin: keywords past logitsprocs",
        K(
            "#26467",
            LN,
            LNW,
            "vllm/aeon/ln3.py",
            IBH + "def aeon_spec_batch3(cfg, device, block_sizes, kernel_block_sizes, logitsprocs):\n"
            "    return InputBatch(cfg.max_num_seqs, cfg.max_model_len, cfg.max_num_batched_tokens, device, False, cfg.vocab_size, block_sizes, kernel_block_sizes, logitsprocs, is_spec_decode=True)\n",
            "return InputBatch(cfg.max_num_seqs, cfg.max_model_len, cfg.max_num_batched_tokens, device, False, cfg.vocab_size, block_sizes, kernel_block_sizes, logitsprocs, is_spec_decode=True)",
        ),
    ),
]

# --- #28677 (96b23b8e3b): BlockTable._map_to_kernel_blocks -> static map_to_kernel_blocks(ids, per, arange)
MK = "96b23b8e3b"
MKW = "BlockTable._map_to_kernel_blocks renamed map_to_kernel_blocks (a staticmethod taking two more arguments)"
CASES += [
    (
        "#28677 method renamed",
        "a subclass calling the old private name on self",
        K(
            "#28677",
            MK,
            MKW,
            "vllm/aeon/mk1.py",
            "import numpy as np\n\n" + BTH + "class AeonScaleTable(BlockTable):\n"
            "    def aeon_kernel_ids(self, block_ids):\n"
            "        # AEON: the NVFP4 scale table indexes kernel blocks\n"
            "        return self._map_to_kernel_blocks(np.array(block_ids))\n",
            "return self._map_to_kernel_blocks(np.array(block_ids))",
        ),
    ),
    (
        "#28677 method renamed",
        "a subclass override of the old name (upstream's append_row no longer calls it)",
        K(
            "#28677",
            MK,
            MKW,
            "vllm/aeon/mk2.py",
            BTH + "class AeonSplitTable(BlockTable):\n"
            "    def _map_to_kernel_blocks(self, kv_manager_block_ids):\n"
            "        # AEON: sm_121a kernels want 64-token blocks\n"
            "        return kv_manager_block_ids * self.blocks_per_kv_block\n",
            "def _map_to_kernel_blocks(self, kv_manager_block_ids):",
        ),
    ),
    (
        "#28677 method renamed",
        "twin: the new static method called through the class",
        K(
            "#28677",
            MK,
            MKW,
            "vllm/aeon/mk3.py",
            "import numpy as np\n\n" + BTH + "def aeon_kernel_ids3(table, block_ids):\n"
            "    return BlockTable.map_to_kernel_blocks(np.array(block_ids), table.blocks_per_kv_block, table._kernel_block_arange)\n",
            "return BlockTable.map_to_kernel_blocks(np.array(block_ids), table.blocks_per_kv_block, table._kernel_block_arange)",
        ),
    ),
]

# --- #28917 (3319a493fc): InputBatch.spec_token_ids rows are reused lists, never None
ST = "3319a493fc"
STW = "InputBatch.spec_token_ids preallocated lists cleared in place (never None)"
CASES += [
    (
        "#28917 sentinel value dropped",
        "a subclass storing None into a row upstream now .clear()s",
        K(
            "#28917",
            ST,
            STW,
            "vllm/aeon/st1.py",
            IBH + "class AeonSpecBatch(InputBatch):\n"
            "    def aeon_drop_drafts(self, req_index: int) -> None:\n"
            "        # AEON: the Spark's drafter drops rejected drafts eagerly\n"
            "        self.spec_token_ids[req_index] = None\n",
            "self.spec_token_ids[req_index] = None",
        ),
    ),
    (
        "#28917 sentinel value dropped",
        "twin: the row cleared in place",
        K(
            "#28917",
            ST,
            STW,
            "vllm/aeon/st2.py",
            IBH + "class AeonSpecBatch2(InputBatch):\n"
            "    def aeon_drop_drafts(self, req_index: int) -> None:\n"
            "        self.spec_token_ids[req_index].clear()\n",
            "self.spec_token_ids[req_index].clear()",
        ),
    ),
]

# --- #37728 (c07e2ca6e0): clear_row added, InputBatch.remove_request calls block_table.clear_row(i)
CR = "c07e2ca6e0"
CRW = "BlockTable / MultiGroupBlockTable gained clear_row(row_idx); remove_request calls it"
CASES += [
    (
        "#37728 method added that upstream now calls",
        "a MultiGroupBlockTable subclass's clear_row of another arity",
        K(
            "#37728",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            MGH + "class AeonTables(MultiGroupBlockTable):\n"
            "    def clear_row(self) -> None:\n"
            "        # AEON: wipe every row on a Spark preemption storm\n"
            "        for table in self.block_tables:\n"
            "            table.clear()\n",
            "def clear_row(self) -> None:",
        ),
    ),
    (
        "#37728 method added that upstream now calls",
        "a BlockTable subclass's clear_row with an extra required parameter",
        K(
            "#37728",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            BTH + "class AeonRowTable(BlockTable):\n"
            "    def clear_row(self, row_idx: int, num_blocks: int) -> None:\n"
            "        self.block_table.np[row_idx, :num_blocks] = 0\n",
            "def clear_row(self, row_idx: int, num_blocks: int) -> None:",
        ),
    ),
    (
        "#37728 method added that upstream now calls",
        "twin: an override of the same shape that calls super()",
        K(
            "#37728",
            CR,
            CRW,
            "vllm/aeon/cr3.py",
            MGH + "class AeonTables3(MultiGroupBlockTable):\n"
            "    def clear_row(self, row_idx: int) -> None:\n"
            "        super().clear_row(row_idx)\n"
            "        self.aeon_last_cleared = row_idx\n",
            "def clear_row(self, row_idx: int) -> None:",
        ),
    ),
]

# --- #31944 (287b37cda4): InputBatch.update_req_spec_token_ids(request, scheduled_spec_tokens), runner calls it
US = "287b37cda4"
USW = "InputBatch gained update_req_spec_token_ids(request, scheduled_spec_tokens), called by the model runner"
CASES += [
    (
        "#31944 method added that upstream now calls",
        "an InputBatch subclass's method of the same name and other parameters",
        K(
            "#31944",
            US,
            USW,
            "vllm/aeon/us1.py",
            IBH + "class AeonDraftBatch(InputBatch):\n"
            "    def update_req_spec_token_ids(self, req_id: str, spec_token_ids: list[int]) -> None:\n"
            "        # AEON: the Spark's EAGLE drafter writes its drafts here\n"
            "        self.spec_token_ids[self.req_id_to_index[req_id]] = list(spec_token_ids)\n",
            "def update_req_spec_token_ids(self, req_id: str, spec_token_ids: list[int]) -> None:",
        ),
    ),
    (
        "#31944 method added that upstream now calls",
        "twin: the fork's own method name",
        K(
            "#31944",
            US,
            USW,
            "vllm/aeon/us2.py",
            IBH + "class AeonDraftBatch2(InputBatch):\n"
            "    def aeon_set_drafts(self, req_id: str, spec_token_ids: list[int]) -> None:\n"
            "        self.spec_token_ids[self.req_id_to_index[req_id]] = list(spec_token_ids)\n",
            "def aeon_set_drafts(self, req_id: str, spec_token_ids: list[int]) -> None:",
        ),
    ),
]

# --- #15729 (e75a6301bd): CachedRequestState.__post_init__ sets num_prompt_tokens, num_tokens reads it
PP = "e75a6301bd"
PPW = "CachedRequestState gained __post_init__ setting num_prompt_tokens (num_tokens reads it)"
CASES += [
    (
        "#15729 __post_init__ added to a dataclass a fork subclasses",
        "a subclass's __post_init__ that does not call super()",
        K(
            "#15729",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            CRH + "@dataclass\n"
            "class AeonRequestState(CachedRequestState):\n"
            "    aeon_draft_len: int = 0\n\n"
            "    def __post_init__(self):\n"
            "        # AEON: the Spark's drafter starts every request at its configured depth\n"
            "        self.aeon_draft_len = 3\n",
            "def __post_init__(self):",
        ),
    ),
    (
        "#15729 __post_init__ added to a dataclass a fork subclasses",
        "a subclass's read-only property of the name __post_init__ now assigns",
        K(
            "#15729",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            CRH + "@dataclass\n"
            "class AeonRequestState2(CachedRequestState):\n"
            "    @property\n"
            "    def num_prompt_tokens(self) -> int:\n"
            "        return len(self.prompt_token_ids)\n",
            "def num_prompt_tokens(self) -> int:",
        ),
    ),
    (
        "#15729 __post_init__ added to a dataclass a fork subclasses",
        "twin: a __post_init__ that calls super()",
        K(
            "#15729",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            CRH + "@dataclass\n"
            "class AeonRequestState3(CachedRequestState):\n"
            "    aeon_draft_len: int = 0\n\n"
            "    def __post_init__(self):\n"
            "        super().__post_init__()\n"
            "        self.aeon_draft_len = 3\n",
            "def __post_init__(self):",
        ),
    ),
]

# --- #29184 (a6be75dbd2): num_tokens_no_spec becomes a numpy view of num_tokens_no_spec_cpu_tensor
NV = "a6be75dbd2"
NVW = "InputBatch.num_tokens_no_spec is now num_tokens_no_spec_cpu_tensor.numpy() (a view the GPU copy reads)"
CASES += [
    (
        "#29184 field now a view of a tensor",
        "a subclass rebinding the field after super().__init__",
        K(
            "#29184",
            NV,
            NVW,
            "vllm/aeon/nv1.py",
            "import numpy as np\n\n" + IBH + "class AeonWideBatch(InputBatch):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: 64-bit counts for the Spark's long contexts\n"
            "        self.num_tokens_no_spec = np.zeros(self.max_num_reqs, dtype=np.int64)\n",
            "self.num_tokens_no_spec = np.zeros(self.max_num_reqs, dtype=np.int64)",
        ),
    ),
    (
        "#29184 field now a view of a tensor",
        "twin: the field reset in place",
        K(
            "#29184",
            NV,
            NVW,
            "vllm/aeon/nv2.py",
            IBH + "class AeonWideBatch2(InputBatch):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.num_tokens_no_spec[:] = 0\n",
            "self.num_tokens_no_spec[:] = 0",
        ),
    ),
]

# --- #50302 (a0cd2b69b3): block_table.get_block_table_width(n, bs, kbs=None, *, token_alignment=128) added and called
GW = "a0cd2b69b3"
GWW = "block_table gained get_block_table_width(..., *, token_alignment=128), called by MultiGroupBlockTable"
CASES += [
    (
        "#50302 module function added that a fork patches in",
        "a module attribute assigned a function of two parameters",
        K(
            "#50302",
            GW,
            GWW,
            "vllm/aeon/gw1.py",
            "from vllm.v1.worker import block_table\n\n\n"
            "def aeon_block_table_width(max_num_blocks, block_size):\n"
            "    # AEON: the sm_121a TRTLLM path wants 256-token rows\n"
            "    return -(-max_num_blocks // (256 // block_size)) * (256 // block_size)\n\n\n"
            "block_table.get_block_table_width = aeon_block_table_width\n",
            "block_table.get_block_table_width = aeon_block_table_width",
        ),
    ),
    (
        "#50302 module function added that a fork patches in",
        "a setattr with a literal name and a lambda of two parameters",
        K(
            "#50302",
            GW,
            GWW,
            "vllm/aeon/gw2.py",
            "import vllm.v1.worker.block_table as bt\n\n\n"
            "def aeon_install() -> None:\n"
            '    setattr(bt, "get_block_table_width", lambda n, bs: n)\n',
            'setattr(bt, "get_block_table_width", lambda n, bs: n)',
        ),
    ),
    (
        "#50302 module function added that a fork patches in",
        "twin: a fork function of its own name, never installed",
        K(
            "#50302",
            GW,
            GWW,
            "vllm/aeon/gw3.py",
            "from vllm.v1.worker import block_table\n\n\n"
            "def aeon_block_table_width3(max_num_blocks, block_size):\n"
            "    return max_num_blocks\n\n\n"
            "AEON_WIDTH = aeon_block_table_width3\n",
            "AEON_WIDTH = aeon_block_table_width3",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-blktable-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
