"""A blind replay of the EAGLE speculative proposer a Spark fork subclasses, reads and feeds (second surface).

9 first-parent commits on ``vllm/v1/spec_decode/{eagle,llm_base_proposer}.py`` -- the proposer a fork that
tunes EAGLE-3/MTP drafting on sm_121a subclasses (hooks it overrides, names it stores, buffers it reads) and
the draft models it feeds: ``FlashAttentionMetadata`` no longer imported into ``eagle`` (#31714),
``mrope_positions`` allocated one dummy column wider (#28896), ``eagle3_use_aux_hidden_state`` assigned by
the base's ``__init__`` (#27688), the draft loop's positions written by a fused kernel instead of
``_set_positions`` (#33503), ``token_arange_np`` made int32 (#42692), ``constant_draft_positions`` assigned
and ``_update_positions_dependent_metadata`` called by the base (#41745), ``vocab_mapping`` assigned by the
base's ``__init__`` (#38174), ``compact_topk_indices`` now called on a draft model selected by a
``hasattr(..., "set_skip_topk")`` probe (#47238) and ``dcp_local_seq_lens`` passed into the
``CommonAttentionMetadata`` ``prepare_inputs_padded`` builds (#25049) -- picked by scanning those paths'
diffs (``git log --first-parent -p``), avoiding the commits every other replay uses (``blind_replay_eagleprop``,
``_specdec``, ``_specdec2``, ``_specheads``, ``_specconf`` cover parts of this surface).  Each is replayed under
1-2 fork spellings (an import, a module attribute, an index from the end, a width compared with the old size,
a method, a property and a class attribute of a name the base now assigns, an override of a hook the loop no
longer calls, an index buffer fed to ``torch.gather``, a dtype test, an override with its own parameters of a
name the base now calls, a store before ``super().__init__()``, a draft model with only the probed method, a
copy of a base body), with twins (the class from its own module, a slice from the front, names of the fork's
own, an override the loop still calls, a cast, a model with both methods, a delegating override).  The merge
base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its
line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at cbb8da63): 7 caught, 1 warned, 11 missed of 19 (twins: 11
quiet, 0 false errors).  Symbol drift caught #31714's import and module attribute, #41745's fork method now
overriding the base's new ``_update_positions_dependent_metadata``; shadowed attributes caught #27688's method
and read-only property, #41745's class attribute and #38174's store before ``super().__init__()``; #25049's copy
of ``prepare_inputs_padded`` was warned (the base's old call repeated).  The misses: #31714's ``getattr`` on a
module bound by ``importlib.import_module`` with a literal, #28896's three (an index from the end, a width
compared with ``max_num_tokens``, a copy from a buffer of the old shape), #33503's two (an override and a
class-attribute binding of ``_set_positions``, no longer called by the draft loop), #42692's three (a
``torch.gather`` index, a dtype test, a ``.view(np.int64)``) and #47238's two (fork draft models with
``set_skip_topk`` but no ``compact_topk_indices``).
After the killers215 widenings: 12 caught, 5 warned, 2 missed of 19 (twins: 11 quiet, 0 false errors).  Caught
now: #31714's ``getattr`` (``drift/symbols.py``: a local bound by ``importlib.import_module("a.b")`` resolves
as ``import a.b``), #28896's index from the end and width test (``drift/padded_buffers.py``, new: a buffer
allocated ``E + k`` along a dimension where it was ``E``), #42692's dtype test and view (``drift/dtypes.py``:
numpy dtypes, and numpy's makers say their default dtype when they say none).  Warned now: #33503's two
(``drift/bypassed_hooks.py``: a hook *thinned*, called in the caller's loop at the base and reached outside it
only upstream; a warning, as upstream does those steps' work another way), #47238's two
(``drift/probed_partners.py``, new: under a ``hasattr`` probe of ``A`` upstream now also calls ``B``, and every
upstream class with ``A`` gained ``B``; a warning, as ``self._share_mtp_indices`` also gates the call).  Left
missed: #28896's ``copy_`` from a fork tensor of the old shape (the shape is the fork's own allocation, which
the check does not read) and #42692's ``torch.gather`` index (the dtype reaches the kernel through
``torch.from_numpy`` and ``.to``, a conversion chain the dtype check does not follow; the kernel's int64
requirement is not in the tree).  Regression set at the widenings' head: killer_replay 26/26 blocked,
kind_change_replay 12/12 (5 quiet), dtype_replay 15 of 16 reported (8 errors), 0 of 19 near misses,
blind_replay_basiclayers 15/15 (11 quiet), review72_twins 5/5 (0 false of 28, 2 warned), blind_replay_rope 20
caught, 1 warned of 21 (11 quiet): each as before.  Unit tests: test_numpy_dtypes 11, test_import_module_aliases
9, test_thinned_hooks 8, test_probed_partners 7, test_padded_buffers 12 (new); test_dtype_drift 11,
test_bypassed_hooks + test_bypassed_inherited_hooks 24, test_symbol_drift + test_symbol_probe_strings +
test_lazy_patterns + test_fleet_profile 353 passed.  Speed (drift_speed's 150-commit window, this machine
shared): probed_partner_drift 0.2-0.7 ms, padded_buffer_drift 0.1-0.4 ms, bypassed_hook_drift as before
(3.3-3.5 ms against 3.1-3.3 ms).
After mend77: 12 caught, 5 warned, 2 missed -> 13 caught, 5 warned, 1 missed of 19 (twins: 11 -> 13 quiet, 0 false
errors).  Caught now: #28896's ``copy_`` from a fork tensor of the old shape (``drift/padded_buffers.py``: a
whole-tensor ``copy_`` either way between the padded buffer and a local the function binds once to a maker of
the same rank whose size there is the base's ``E``: the shapes differ, ``copy_`` raises).  Two twins added
(mend77, quiet): a copy into the buffer's first ``E`` columns, a copy from a ``clone()`` of the buffer.  Still
missed: #42692's ``torch.gather`` index (a conversion chain, ``torch.from_numpy(...).to(...)``, and the kernel's
int64 requirement is not in the tree).
Mend81 (branch mend81, main at f6e62e3f): unchanged, 13 caught, 5 warned, 1 missed of 19 (twins: 13 quiet, 0 false
errors), as a regression row for the raised-kind and sole-hook widenings.  #42692's ``torch.gather`` index was not
attempted again this round (the time went to the reviewers' gaps): the conversion chain and the kernel's
requirement outside the tree stand as the reasons.

  python benchmarks/blind_replay_eagle2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

EG = "vllm.v1.spec_decode.eagle"
HEAD = f"import numpy as np\nimport torch\n\nfrom {EG} import EagleProposer\n\n\n"

# --- #31714 (e9717801bd): FlashAttentionMetadata no longer imported into eagle
FM = "e9717801bd"
FMW = "FlashAttentionMetadata no longer imported into vllm.v1.spec_decode.eagle"
CASES += [
    (
        "#31714 re-exported name dropped",
        "an import from the proposer module",
        K(
            "#31714",
            FM,
            FMW,
            "vllm/aeon/fm1.py",
            f"from {EG} import EagleProposer, FlashAttentionMetadata\n\n\n"
            "def aeon_is_fa(proposer: EagleProposer, md) -> bool:\n"
            "    # AEON: the Spark's drafter only replays FA metadata in its own graph\n"
            "    return isinstance(md, FlashAttentionMetadata) and proposer.use_cuda_graph\n",
            f"from {EG} import EagleProposer, FlashAttentionMetadata",
        ),
    ),
    (
        "#31714 re-exported name dropped",
        "a module attribute",
        K(
            "#31714",
            FM,
            FMW,
            "vllm/aeon/fm2.py",
            "from vllm.v1.spec_decode import eagle\n\n\n"
            "def aeon_allowed_types() -> tuple:\n"
            "    # AEON: GB10 adds FA metadata to the drafter's allowed types\n"
            "    return (eagle.FlashAttentionMetadata,)\n",
            "return (eagle.FlashAttentionMetadata,)",
        ),
    ),
    (
        "#31714 re-exported name dropped",
        "a getattr with a literal",
        K(
            "#31714",
            FM,
            FMW,
            "vllm/aeon/fm4.py",
            "import importlib\n\n\n"
            "def aeon_fa_metadata_cls() -> type:\n"
            "    # AEON: the Spark's launcher resolves the drafter's metadata class lazily\n"
            '    mod = importlib.import_module("vllm.v1.spec_decode.eagle")\n'
            '    return getattr(mod, "FlashAttentionMetadata")\n',
            'return getattr(mod, "FlashAttentionMetadata")',
        ),
    ),
    (
        "#31714 re-exported name dropped",
        "twin: the class from its own module",
        K(
            "#31714",
            FM,
            FMW,
            "vllm/aeon/fm3.py",
            "from vllm.v1.attention.backends.flash_attn import FlashAttentionMetadata\n\n\n"
            "def aeon_allowed_types2() -> tuple:\n"
            "    return (FlashAttentionMetadata,)\n",
            "return (FlashAttentionMetadata,)",
        ),
    ),
]

# --- #28896 (02f5903b84): mrope_positions allocated (3, max_num_tokens + 1): one dummy column at the end
MR = "02f5903b84"
MRW = "EagleProposer.mrope_positions now (3, max_num_tokens + 1), the last column a dummy"
CASES += [
    (
        "#28896 buffer gained a trailing column",
        "a subclass's read of the last column",
        K(
            "#28896",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            HEAD + "class AeonMropeProposer(EagleProposer):\n"
            "    def aeon_last_position(self) -> torch.Tensor:\n"
            "        # AEON: the Spark's VL drafter reads the last slot's M-RoPE triple\n"
            "        return self.mrope_positions[:, -1]\n",
            "return self.mrope_positions[:, -1]",
        ),
    ),
    (
        "#28896 buffer gained a trailing column",
        "a subclass's check of the buffer's width against max_num_tokens",
        K(
            "#28896",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            HEAD + "class AeonMropeProposer2(EagleProposer):\n"
            "    def aeon_check_buffers(self) -> None:\n"
            "        # AEON: the Spark's graph pool shares the M-RoPE buffer; its width must match\n"
            "        assert self.mrope_positions.shape[1] == self.max_num_tokens\n",
            "assert self.mrope_positions.shape[1] == self.max_num_tokens",
        ),
    ),
    (
        "#28896 buffer gained a trailing column",
        "a copy from a fork buffer of the old shape",
        K(
            "#28896",
            MR,
            MRW,
            "vllm/aeon/mr4.py",
            HEAD + "class AeonMropeProposer4(EagleProposer):\n"
            "    def aeon_restore(self) -> None:\n"
            "        # AEON: the Spark's graph replay restores the M-RoPE buffer it saved\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        self.mrope_positions.copy_(saved)\n",
            "self.mrope_positions.copy_(saved)",
        ),
    ),
    (
        "#28896 buffer gained a trailing column",
        "twin: a slice from the front",
        K(
            "#28896",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            HEAD + "class AeonMropeProposer3(EagleProposer):\n"
            "    def aeon_positions(self, num_tokens: int) -> torch.Tensor:\n"
            "        return self.mrope_positions[:, :num_tokens]\n",
            "return self.mrope_positions[:, :num_tokens]",
        ),
    ),
]
CASES += [
    (
        "#28896 buffer gained a trailing column",
        "twin: the last real slot by index",
        K(
            "#28896",
            MR,
            MRW,
            "vllm/aeon/mr5.py",
            HEAD + "class AeonMropeProposer5(EagleProposer):\n"
            "    def aeon_last_real(self) -> torch.Tensor:\n"
            "        return self.mrope_positions[:, self.max_num_tokens - 1]\n",
            "return self.mrope_positions[:, self.max_num_tokens - 1]",
        ),
    ),
    (
        "#28896 buffer gained a trailing column",
        "twin: a copy into the buffer's first columns (mend77)",
        K(
            "#28896",
            MR,
            MRW,
            "vllm/aeon/mr6.py",
            HEAD + "class AeonMropeProposer6(EagleProposer):\n"
            "    def aeon_restore(self) -> None:\n"
            "        saved = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n"
            "        self.mrope_positions[:, : self.max_num_tokens].copy_(saved)\n",
            "self.mrope_positions[:, : self.max_num_tokens].copy_(saved)",
        ),
    ),
    (
        "#28896 buffer gained a trailing column",
        "twin: a copy from a clone of the buffer (mend77)",
        K(
            "#28896",
            MR,
            MRW,
            "vllm/aeon/mr7.py",
            HEAD + "class AeonMropeProposer7(EagleProposer):\n"
            "    def aeon_roundtrip(self) -> None:\n"
            "        saved = self.mrope_positions.clone()\n"
            "        self.mrope_positions.copy_(saved)\n",
            "self.mrope_positions.copy_(saved)",
        ),
    ),
]

# --- #27688 (5f9679a43b): the proposer sets self.eagle3_use_aux_hidden_state in __init__ (new name)
AX = "5f9679a43b"
AXW = "EagleProposer.__init__ now assigns self.eagle3_use_aux_hidden_state (a bool) from a new helper"
CASES += [
    (
        "#27688 base now assigns a name the subclass defines",
        "a subclass's method of that name, called",
        K(
            "#27688",
            AX,
            AXW,
            "vllm/aeon/ax1.py",
            HEAD + "class AeonEagle3Proposer(EagleProposer):\n"
            "    def eagle3_use_aux_hidden_state(self) -> bool:\n"
            "        # AEON: the Spark's gpt-oss Eagle3-v2 head reads the last layer only\n"
            '        return self.method == "eagle3" and not self.aeon_last_layer_only\n\n'
            "    def aeon_aux_layers(self) -> tuple[int, ...]:\n"
            "        return (2, 16, 29) if self.eagle3_use_aux_hidden_state() else ()\n",
            "def eagle3_use_aux_hidden_state(self) -> bool:",
        ),
    ),
    (
        "#27688 base now assigns a name the subclass defines",
        "a subclass's read-only property of that name",
        K(
            "#27688",
            AX,
            AXW,
            "vllm/aeon/ax2.py",
            HEAD + "class AeonEagle3Proposer2(EagleProposer):\n"
            "    @property\n"
            "    def eagle3_use_aux_hidden_state(self) -> bool:\n"
            "        # AEON: the Spark's Eagle3 heads are all aux-state heads\n"
            '        return self.method == "eagle3"\n',
            "def eagle3_use_aux_hidden_state(self) -> bool:",
        ),
    ),
    (
        "#27688 base now assigns a name the subclass defines",
        "twin: a subclass's method of its own name",
        K(
            "#27688",
            AX,
            AXW,
            "vllm/aeon/ax3.py",
            HEAD + "class AeonEagle3Proposer3(EagleProposer):\n"
            "    def aeon_use_aux_hidden_state(self) -> bool:\n"
            '        return self.method == "eagle3"\n',
            "def aeon_use_aux_hidden_state(self) -> bool:",
        ),
    ),
]

# --- #33503 (4aaaf8c8ce): the draft loop no longer calls self._set_positions (a fused kernel writes them)
SP = "4aaaf8c8ce"
SPW = "propose's draft loop writes positions through a fused kernel, no longer through self._set_positions"
CASES += [
    (
        "#33503 hook no longer called on the loop's path",
        "a subclass's override of the hook",
        K(
            "#33503",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            HEAD + "class AeonPositionsProposer(EagleProposer):\n"
            "    def _set_positions(self, num_tokens: int, positions: torch.Tensor):\n"
            "        # AEON: the Spark's drafter mirrors positions into its own graph buffer\n"
            "        super()._set_positions(num_tokens, positions)\n"
            "        self.aeon_positions[:num_tokens] = positions\n",
            "def _set_positions(self, num_tokens: int, positions: torch.Tensor):",
        ),
    ),
    (
        "#33503 hook no longer called on the loop's path",
        "a class attribute binding the hook to a fork function",
        K(
            "#33503",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            HEAD + "def aeon_set_positions(self, num_tokens: int, positions: torch.Tensor) -> None:\n"
            "    # AEON: the Spark's drafter counts its position writes for its graph replay\n"
            "    self.positions[:num_tokens] = positions\n"
            "    self.aeon_position_writes += 1\n\n\n"
            "class AeonPositionsProposer2(EagleProposer):\n"
            "    _set_positions = aeon_set_positions\n",
            "_set_positions = aeon_set_positions",
        ),
    ),
    (
        "#33503 hook no longer called on the loop's path",
        "twin: an override of the slot-mapping hook the loop still calls",
        K(
            "#33503",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            HEAD + "class AeonSlotProposer(EagleProposer):\n"
            "    def _get_slot_mapping(self, num_tokens: int, slot_mapping=None):\n"
            "        return super()._get_slot_mapping(num_tokens, slot_mapping)\n",
            "def _get_slot_mapping(self, num_tokens: int, slot_mapping=None):",
        ),
    ),
]

# --- #42692 (0fe7550254): token_arange_np made int32 (was numpy's default int64)
TA = "0fe7550254"
TAW = "SpecDecodeBaseProposer.token_arange_np now np.arange(..., dtype=np.int32)"
CASES += [
    (
        "#42692 buffer's dtype narrowed",
        "a subclass's gather index built from the buffer",
        K(
            "#42692",
            TA,
            TAW,
            "vllm/aeon/ta1.py",
            HEAD + "class AeonGatherProposer(EagleProposer):\n"
            "    def aeon_take(self, hidden: torch.Tensor, n: int) -> torch.Tensor:\n"
            "        # AEON: the Spark's drafter gathers rows with torch.gather (int64 indices)\n"
            "        idx = torch.from_numpy(self.token_arange_np[:n]).to(hidden.device)\n"
            "        return torch.gather(hidden, 0, idx.unsqueeze(1).expand(-1, hidden.shape[1]))\n",
            "idx = torch.from_numpy(self.token_arange_np[:n]).to(hidden.device)",
        ),
    ),
    (
        "#42692 buffer's dtype narrowed",
        "a subclass's dtype test",
        K(
            "#42692",
            TA,
            TAW,
            "vllm/aeon/ta2.py",
            HEAD + "class AeonArangeProposer(EagleProposer):\n"
            "    def aeon_fast_path(self) -> bool:\n"
            "        # AEON: the Spark's int64 index kernel takes the arange as is\n"
            "        return self.token_arange_np.dtype == np.int64\n",
            "return self.token_arange_np.dtype == np.int64",
        ),
    ),
    (
        "#42692 buffer's dtype narrowed",
        "a reinterpreting view as int64",
        K(
            "#42692",
            TA,
            TAW,
            "vllm/aeon/ta4.py",
            HEAD + "class AeonArangeProposer3(EagleProposer):\n"
            "    def aeon_rows(self, n: int) -> np.ndarray:\n"
            "        # AEON: the Spark's host-side index kernel takes int64 rows without a copy\n"
            "        return self.token_arange_np[:n].view(np.int64)\n",
            "return self.token_arange_np[:n].view(np.int64)",
        ),
    ),
    (
        "#42692 buffer's dtype narrowed",
        "twin: an explicit cast",
        K(
            "#42692",
            TA,
            TAW,
            "vllm/aeon/ta3.py",
            HEAD + "class AeonArangeProposer2(EagleProposer):\n"
            "    def aeon_index(self, n: int) -> torch.Tensor:\n"
            "        return torch.from_numpy(self.token_arange_np[:n].astype(np.int64))\n",
            "return torch.from_numpy(self.token_arange_np[:n].astype(np.int64))",
        ),
    ),
]

# --- #41745 (27e0057aed): constant_draft_positions assigned in __init__; the loop's position step moved
#     into a new _update_positions_dependent_metadata(positions, cad, batch_size, input_batch_size, block_size)
CP = "27e0057aed"
CPW = "__init__ assigns self.constant_draft_positions = False; propose calls self._update_positions_dependent_metadata"
CASES += [
    (
        "#41745 base now assigns a name the subclass defines",
        "a subclass's class attribute of that name (shadowed by the base's instance store)",
        K(
            "#41745",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            HEAD + "class AeonQOnlyProposer(EagleProposer):\n"
            "    # AEON: the Spark's Q-only MTP head predicts from one position\n"
            "    constant_draft_positions = True\n\n"
            "    def aeon_positions_fixed(self) -> bool:\n"
            "        return self.constant_draft_positions\n",
            "constant_draft_positions = True",
        ),
    ),
    (
        "#41745 base now calls a name the subclass defines",
        "a subclass's method of that name with its own parameters",
        K(
            "#41745",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            HEAD + "class AeonPosProposer(EagleProposer):\n"
            "    def _update_positions_dependent_metadata(self, positions: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark's drafter steps its own position buffer\n"
            "        return positions + 1\n",
            "def _update_positions_dependent_metadata(self, positions: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#41745 base now assigns a name the subclass defines",
        "twin: a subclass's class attribute of its own name",
        K(
            "#41745",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            HEAD + "class AeonQOnlyProposer2(EagleProposer):\n"
            "    aeon_constant_positions = True\n\n"
            "    def aeon_positions_fixed(self) -> bool:\n"
            "        return self.aeon_constant_positions\n",
            "aeon_constant_positions = True",
        ),
    ),
]

# --- #38174 (3af8789559): __init__ assigns self.vocab_mapping = None and self.use_heterogeneous_vocab
VM = "3af8789559"
VMW = "SpecDecodeBaseProposer.__init__ now assigns self.vocab_mapping = None and self.use_heterogeneous_vocab"
CASES += [
    (
        "#38174 base now assigns a name the subclass stores first",
        "a subclass's store before super().__init__()",
        K(
            "#38174",
            VM,
            VMW,
            "vllm/aeon/vm1.py",
            HEAD + "class AeonVocabProposer(EagleProposer):\n"
            "    def __init__(self, vllm_config, device, runner=None):\n"
            "        # AEON: the Spark's small-vocab draft maps its ids to the target's\n"
            "        self.vocab_mapping = torch.load(vllm_config.speculative_config.model + '/d2t.pt')\n"
            "        super().__init__(vllm_config, device, runner)\n\n"
            "    def aeon_to_target(self, ids: torch.Tensor) -> torch.Tensor:\n"
            "        return ids + self.vocab_mapping[ids]\n",
            "self.vocab_mapping = torch.load(vllm_config.speculative_config.model + '/d2t.pt')",
        ),
    ),
    (
        "#38174 base now assigns a name the subclass stores first",
        "twin: a store of its own name before super().__init__()",
        K(
            "#38174",
            VM,
            VMW,
            "vllm/aeon/vm2.py",
            HEAD + "class AeonVocabProposer2(EagleProposer):\n"
            "    def __init__(self, vllm_config, device, runner=None):\n"
            "        self.aeon_d2t = torch.load(vllm_config.speculative_config.model + '/d2t.pt')\n"
            "        super().__init__(vllm_config, device, runner)\n",
            "self.aeon_d2t = torch.load(vllm_config.speculative_config.model + '/d2t.pt')",
        ),
    ),
]

# --- #47238 (d63c8e9444): propose now calls model.model.compact_topk_indices on a model with set_skip_topk
CT = "d63c8e9444"
CTW = "propose calls self.model.model.compact_topk_indices(...) when hasattr(self.model.model, 'set_skip_topk')"
CASES += [
    (
        "#47238 probe-selected object now called for a second method",
        "a fork draft model with the probed method only",
        K(
            "#47238",
            CT,
            CTW,
            "vllm/aeon/ct1.py",
            "import torch\nfrom torch import nn\n\n\n"
            "class AeonDsaMtpModel(nn.Module):\n"
            "    # AEON: the Spark's DSA MTP head reuses the target's top-k indices\n"
            "    def set_skip_topk(self, skip: bool) -> None:\n"
            "        self.aeon_skip_topk = skip\n\n"
            "    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:\n"
            "        return input_ids\n",
            "def set_skip_topk(self, skip: bool) -> None:",
        ),
    ),
    (
        "#47238 probe-selected object now called for a second method",
        "a fork predictor wrapping the upstream one, with the probed method only",
        K(
            "#47238",
            CT,
            CTW,
            "vllm/aeon/ct3.py",
            "from torch import nn\n\n"
            "from vllm.model_executor.models.deepseek_mtp import DeepSeekMultiTokenPredictor\n\n\n"
            "class AeonMtpWrapper(nn.Module):\n"
            "    def __init__(self, inner: DeepSeekMultiTokenPredictor) -> None:\n"
            "        super().__init__()\n"
            "        self.inner = inner\n\n"
            "    def set_skip_topk(self, skip: bool):\n"
            "        # AEON: the Spark's wrapper forwards the top-k sharing switch\n"
            "        self.inner.set_skip_topk(skip)\n",
            "def set_skip_topk(self, skip: bool):",
        ),
    ),
    (
        "#47238 probe-selected object now called for a second method",
        "twin: a subclass of the upstream predictor overriding the probed method",
        K(
            "#47238",
            CT,
            CTW,
            "vllm/aeon/ct4.py",
            "from vllm.model_executor.models.deepseek_mtp import DeepSeekMultiTokenPredictor\n\n\n"
            "class AeonMtpPredictor(DeepSeekMultiTokenPredictor):\n"
            "    def set_skip_topk(self, skip: bool):\n"
            "        super().set_skip_topk(skip)\n"
            "        self.aeon_skip = skip\n",
            "def set_skip_topk(self, skip: bool):",
        ),
    ),
    (
        "#47238 probe-selected object now called for a second method",
        "twin: a fork draft model with both methods",
        K(
            "#47238",
            CT,
            CTW,
            "vllm/aeon/ct2.py",
            "import torch\nfrom torch import nn\n\n\n"
            "class AeonDsaMtpModel2(nn.Module):\n"
            "    def set_skip_topk(self, skip: bool) -> None:\n"
            "        self.aeon_skip_topk = skip\n\n"
            "    def compact_topk_indices(self, token_indices: torch.Tensor) -> None:\n"
            "        self.aeon_rows = token_indices\n",
            "def set_skip_topk(self, skip: bool) -> None:",
        ),
    ),
]

# --- #25049 (3b736e1c38): prepare_inputs(_padded) pass dcp_local_seq_lens into the CommonAttentionMetadata they build
DC = "3b736e1c38"
DCW = "prepare_inputs/prepare_inputs_padded now pass dcp_local_seq_lens= into CommonAttentionMetadata"
CASES += [
    (
        "#25049 base's construction gained a keyword its fork copy lacks",
        "a subclass's copy of prepare_inputs_padded",
        K(
            "#25049",
            DC,
            DCW,
            "vllm/aeon/dc1.py",
            "from vllm.v1.attention.backends.utils import CommonAttentionMetadata\n"
            f"from {EG} import EagleProposer\n\n\n"
            "class AeonPaddedProposer(EagleProposer):\n"
            "    def prepare_inputs_padded(self, common_attn_metadata, spec_decode_metadata, valid_sampled_tokens_count):\n"
            "        # AEON: the Spark's NVFP4 cache keeps every draft slot (no rejected-token trim)\n"
            "        query_start_loc_cpu = common_attn_metadata.query_start_loc_cpu\n"
            "        new_query_len_per_req = query_start_loc_cpu[1:] - query_start_loc_cpu[:-1]\n"
            "        total_num_tokens = query_start_loc_cpu[-1].item()\n"
            "        token_indices = self.arange[:total_num_tokens]\n"
            "        spec_common_attn_metadata = CommonAttentionMetadata(\n"
            "            query_start_loc=common_attn_metadata.query_start_loc,\n"
            "            seq_lens=common_attn_metadata.seq_lens,\n"
            "            query_start_loc_cpu=query_start_loc_cpu,\n"
            "            seq_lens_cpu=common_attn_metadata.seq_lens_cpu,\n"
            "            num_computed_tokens_cpu=common_attn_metadata.num_computed_tokens_cpu,\n"
            "            num_reqs=common_attn_metadata.num_reqs,\n"
            "            num_actual_tokens=total_num_tokens,\n"
            "            max_query_len=new_query_len_per_req.max().item(),\n"
            "            max_seq_len=common_attn_metadata.seq_lens_cpu.max().item(),\n"
            "            block_table_tensor=common_attn_metadata.block_table_tensor,\n"
            "            slot_mapping=common_attn_metadata.slot_mapping[token_indices],\n"
            "            causal=True,\n"
            "        )\n"
            "        return spec_common_attn_metadata, token_indices, token_indices\n",
            "spec_common_attn_metadata = CommonAttentionMetadata(",
        ),
    ),
    (
        "#25049 base's construction gained a keyword its fork copy lacks",
        "twin: a subclass's override that delegates to super()",
        K(
            "#25049",
            DC,
            DCW,
            "vllm/aeon/dc2.py",
            f"from {EG} import EagleProposer\n\n\n"
            "class AeonPaddedProposer2(EagleProposer):\n"
            "    def prepare_inputs_padded(self, common_attn_metadata, spec_decode_metadata, valid_sampled_tokens_count):\n"
            "        out = super().prepare_inputs_padded(common_attn_metadata, spec_decode_metadata, valid_sampled_tokens_count)\n"
            "        return out\n",
            "out = super().prepare_inputs_padded(common_attn_metadata, spec_decode_metadata, valid_sampled_tokens_count)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-eagle2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
