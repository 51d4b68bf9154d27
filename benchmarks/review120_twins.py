"""Adversarial twins of killers215's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a local bound by ``importlib.import_module("a.b")`` read for a name upstream dropped from ``a.b``
  (``drift/symbols.py`` ``_imports_by_call``; #31714 ``FlashAttentionMetadata`` no longer imported into
  ``eagle``): ``getattr`` with a default, a ``hasattr`` guard, a ``try`` on ``AttributeError``, the class's own
  module, a name still there through a bare ``import_module``, a nested def and a lambda with their own
  ``mod``, the name put back on the module before it is read, ``mod`` rebound when the name is gone;
- a buffer allocated ``E + k`` along a dimension (``drift/padded_buffers.py``; #28896 ``mrope_positions``
  ``(3, max_num_tokens + 1)``): a slice of the real columns indexed from its end, a local view, the new width
  compared the other way, a ``>=`` test, the M-RoPE row read from the end (a dimension not padded), a size
  helper, the width less one, the fork's own buffer of that name in a subclass and in a class of its own, a
  guard reading the last real column whichever the width;
- numpy dtypes and numpy's default dtypes (``drift/dtypes.py``; #42692 ``token_arange_np`` ``np.arange(n)`` ->
  ``dtype=np.int32``, and #27876 ``request_lora_mapping`` ``np.int32`` -> ``np.int64``, a second real commit of
  the shape found by ``git log --first-parent -G 'self\\.\\w+ = np\\.(arange|zeros|empty|ones)\\('``): a
  membership test of both, ``np.issubdtype``, a cast by ``.long()``, a local ``np.arange`` of the fork's own, a
  helper converting when the dtype is not int64, a conditional expression doing so, a namesake holder on a
  class of the fork's own, ``np.iinfo`` of the dtype, an ``astype`` and a test of the dtype's kind;
- a ``hasattr`` probe now followed by a call of a partner (``drift/probed_partners.py``; #47238
  ``set_skip_topk`` -> ``compact_topk_indices``): the partner bound as a class attribute, annotated, stored on
  the instance in ``__init__``, answered by ``__getattr__``, defined by the model class deriving a fork mixin
  that holds the probed method;
- a hook thinned out of a loop (``drift/bypassed_hooks.py``, a warning: never a false error; twins kept to show
  the warning stays off what the loop still calls): a delegating override of a hook the loop still calls, a
  hook bound by a class attribute the loop still calls.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches by
these widenings (``blind_replay_eagle2``'s #31714 ``getattr``, #28896's index from the end and width test,
#42692's dtype test and view) and #27876's two, kept to show the reach stays.

Round 1 (main at f86782fd), 7 cases and 37 twins as first written: 5 caught, 2 warned of 7 (#27876's two
are warnings by design: ``tpu_input_batch.py`` assigns ``request_lora_mapping`` too); 4 false errors of 37
twins (6 warned).  The false errors: #31714's ``lambda mod: mod.FlashAttentionMetadata`` (a lambda's own
parameter read as the function's ``mod = importlib.import_module(...)``; the nested def of the same shape was
quiet), #28896's two guards reading the last real column whichever the width (``if
self.mrope_positions.shape[1] == self.max_num_tokens: return self.mrope_positions[:, -1]`` and the ``!=``
spelling reading ``[:, -2]``: both the size test and the read were errors), #42692's ``if
self.token_arange_np.dtype != np.int64: rows = rows.astype(np.int64)`` (a test against the old dtype whose
branch converts to it: both dtypes handled).  The probed-partner twins warned, not erred (#47238's probe is
gated by ``self._share_mtp_indices``), four of five wrongly: the partner annotated, stored by ``__init__``,
answered by ``__getattr__``, defined by the class deriving the fork's mixin.
Round 2 (this branch, at 78e7b415): each false error mended by a general rule, with unit tests that failed
before: ``drift/symbols.py`` reads a name a lambda takes as its parameter as the lambda's own, not the
enclosing function's local import (``import_module`` or ``import ... as``; test_import_module_aliases);
``drift/padded_buffers.py`` leaves an ``if`` on the size against ``E`` whose two outcomes both read the buffer
(its body, and its ``else`` or, the body leaving the block, the statements after it), and the reads under it
(test_padded_buffers); ``drift/dtypes.py`` leaves a test against the old dtype heading an ``if`` or a
conditional expression whose branch for any other dtype casts to it (test_numpy_dtypes);
``drift/probed_partners.py`` counts a partner annotated in the class body, stored on ``self``, answered by
``__getattr__`` or defined by a class of the file deriving the probed one (test_probed_partners).  5 caught, 2
warned of 7; 0 false errors of 37 twins (2 warned: the name put back on the module is a patch of a name
upstream dropped, and the namesake holder another file assigns too, both by design).
Round 3 (written after the mends): five cases near the mended shapes that ARE broken after the merge -- a
lambda of another parameter reading the function's ``mod``; a width test whose other outcome raises; a width
test that only logs with the read from the end after it; a dtype test whose other branch raises; one whose
other branch casts to a third dtype: all caught.  All rounds, this branch: 10 caught, 2 warned of 12; 0 false
errors of 37 twins (2 warned).
Regression set after the mends: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_eagle2 12 caught, 5 warned, 2 missed of 19 (11 quiet, 0 false), dtype_replay 15 of 16 reported (8
errors), 0 of 19 near misses, blind_replay_basiclayers 15/15 (11 quiet), review72_twins 5/5 (0 false of 28, 2
warned), blind_replay_rope 20 caught, 1 warned of 21 (11 quiet), blind_replay_specdec 23/23 (10 quiet),
review119_twins 5/5 (0 false of 28, 6 warned): each as before.  Unit tests: test_padded_buffers 16,
test_numpy_dtypes 15, test_import_module_aliases 12, test_probed_partners 13; with test_dtype_drift,
test_symbol_drift, test_symbol_probe_strings, test_lazy_patterns, test_fleet_profile: 422 passed.

  PYTHONPATH=.. python review120_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

EG = "vllm.v1.spec_decode.eagle"
FA = "vllm.v1.attention.backends.flash_attn"
HEAD = f"import numpy as np\nimport torch\n\nfrom {EG} import EagleProposer\n\n\n"

# --- e9717801bd (#31714): FlashAttentionMetadata no longer imported into vllm.v1.spec_decode.eagle
FM = ("#31714", "e9717801bd", "FlashAttentionMetadata no longer imported into vllm.v1.spec_decode.eagle")
IM = "import importlib\n\n\n"


def _fm(name: str, body: str, line: str, head: str = IM) -> Killer:
    return K(*FM, f"vllm/aeon/r120{name}.py", head + body, line)


CASES += [
    (
        "#31714 import_module alias",
        "a getattr with a literal (eagle2's)",
        _fm(
            "fm0",
            "def aeon_fa_metadata_cls() -> type:\n"
            f'    mod = importlib.import_module("{EG}")\n'
            '    return getattr(mod, "FlashAttentionMetadata")\n',
            'return getattr(mod, "FlashAttentionMetadata")',
        ),
    ),
]
CASES += [
    (
        "#31714 import_module alias",
        "round 3: a lambda of another parameter reading the function's mod",
        _fm(
            "fm30",
            "def aeon_fa_metadata_cls() -> type:\n"
            f'    mod = importlib.import_module("{EG}")\n'
            "    meta = lambda _: mod.FlashAttentionMetadata  # noqa: E731\n"
            "    return meta(None)\n",
            "    meta = lambda _: mod.FlashAttentionMetadata  # noqa: E731",
        ),
    ),
]
TWINS += [
    (
        "#31714 import_module alias",
        "twin: getattr with a None default, handled",
        _fm(
            "fm1",
            "def aeon_fa_metadata_cls() -> type | None:\n"
            "    # AEON: the Spark's launcher tolerates a drafter without FA metadata\n"
            f'    mod = importlib.import_module("{EG}")\n'
            '    return getattr(mod, "FlashAttentionMetadata", None)\n',
            'return getattr(mod, "FlashAttentionMetadata", None)',
        ),
    ),
    (
        "#31714 import_module alias",
        "twin: a hasattr guard before the read",
        _fm(
            "fm2",
            "def aeon_fa_metadata_cls() -> type | None:\n"
            f'    mod = importlib.import_module("{EG}")\n'
            '    if hasattr(mod, "FlashAttentionMetadata"):\n'
            "        return mod.FlashAttentionMetadata\n"
            "    return None\n",
            "        return mod.FlashAttentionMetadata",
        ),
    ),
    (
        "#31714 import_module alias",
        "twin: a try on AttributeError",
        _fm(
            "fm3",
            "def aeon_fa_metadata_cls() -> type | None:\n"
            f'    mod = importlib.import_module("{EG}")\n'
            "    try:\n"
            "        return mod.FlashAttentionMetadata\n"
            "    except AttributeError:  # AEON: dropped from eagle by #31714\n"
            f'        return importlib.import_module("{FA}").FlashAttentionMetadata\n',
            "        return mod.FlashAttentionMetadata",
        ),
    ),
    (
        "#31714 import_module alias",
        "twin: the class from its own module",
        _fm(
            "fm4",
            "def aeon_fa_metadata_cls() -> type:\n"
            f'    backend = importlib.import_module("{FA}")\n'
            "    return backend.FlashAttentionMetadata\n",
            "    return backend.FlashAttentionMetadata",
        ),
    ),
    (
        "#31714 import_module alias",
        "twin: a bare import_module, a name still there",
        _fm(
            "fm5",
            f'def aeon_proposer_cls() -> type:\n    eagle = import_module("{EG}")\n    return eagle.EagleProposer\n',
            "    return eagle.EagleProposer",
            head="from importlib import import_module\n\n\n",
        ),
    ),
    (
        "#31714 import_module alias",
        "twin: a nested def with its own mod",
        _fm(
            "fm6",
            "def aeon_classes() -> tuple[type, type]:\n"
            f'    mod = importlib.import_module("{EG}")\n\n'
            "    def meta(mod) -> type:\n"
            "        return mod.FlashAttentionMetadata\n\n"
            f'    return mod.EagleProposer, meta(importlib.import_module("{FA}"))\n',
            "        return mod.FlashAttentionMetadata",
        ),
    ),
    (
        "#31714 import_module alias",
        "twin: a lambda with its own mod",
        _fm(
            "fm7",
            "def aeon_classes() -> tuple[type, type]:\n"
            f'    mod = importlib.import_module("{EG}")\n'
            "    meta = lambda mod: mod.FlashAttentionMetadata  # noqa: E731\n"
            f'    return mod.EagleProposer, meta(importlib.import_module("{FA}"))\n',
            "    meta = lambda mod: mod.FlashAttentionMetadata  # noqa: E731",
        ),
    ),
    (
        "#31714 import_module alias",
        "twin: the name put back on the module before it is read",
        _fm(
            "fm8",
            "def aeon_fa_metadata_cls() -> type:\n"
            f'    mod = importlib.import_module("{EG}")\n'
            "    # AEON: our drafter plugins still read it off eagle\n"
            "    mod.FlashAttentionMetadata = FlashAttentionMetadata\n"
            "    return mod.FlashAttentionMetadata\n",
            "    return mod.FlashAttentionMetadata",
            head=f"import importlib\n\nfrom {FA} import FlashAttentionMetadata\n\n\n",
        ),
    ),
    (
        "#31714 import_module alias",
        "twin: mod rebound to the class's home when the name is gone",
        _fm(
            "fm9",
            "def aeon_fa_metadata_cls() -> type:\n"
            f'    mod = importlib.import_module("{EG}")\n'
            '    if not hasattr(mod, "FlashAttentionMetadata"):\n'
            f'        mod = importlib.import_module("{FA}")\n'
            "    return mod.FlashAttentionMetadata\n",
            "    return mod.FlashAttentionMetadata",
        ),
    ),
]

# --- 02f5903b84 (#28896): mrope_positions allocated (3, max_num_tokens + 1): one dummy column at the end
MR = ("#28896", "02f5903b84", "EagleProposer.mrope_positions now (3, max_num_tokens + 1), the last column a dummy")


def _mr(name: str, body: str, line: str, head: str = HEAD, base: str = "EagleProposer") -> Killer:
    return K(*MR, f"vllm/aeon/r120{name}.py", head + f"class AeonMrope{name.title()}({base}):\n" + body, line)


CASES += [
    (
        "#28896 padded buffer",
        "a subclass's read of the last column (eagle2's)",
        _mr(
            "mr0",
            "    def aeon_last_position(self) -> torch.Tensor:\n        return self.mrope_positions[:, -1]\n",
            "return self.mrope_positions[:, -1]",
        ),
    ),
    (
        "#28896 padded buffer",
        "a subclass's width test against max_num_tokens (eagle2's)",
        _mr(
            "mr00",
            "    def aeon_check(self) -> None:\n        assert self.mrope_positions.shape[1] == self.max_num_tokens\n",
            "assert self.mrope_positions.shape[1] == self.max_num_tokens",
        ),
    ),
]
TWINS += [
    (
        "#28896 padded buffer",
        "twin: the real columns sliced, then the last read",
        _mr(
            "mr1",
            "    def aeon_last_position(self) -> torch.Tensor:\n"
            "        return self.mrope_positions[:, : self.max_num_tokens][:, -1]\n",
            "        return self.mrope_positions[:, : self.max_num_tokens][:, -1]",
        ),
    ),
    (
        "#28896 padded buffer",
        "twin: a local view of the real columns",
        _mr(
            "mr2",
            "    def aeon_last_position(self) -> torch.Tensor:\n"
            "        real = self.mrope_positions[:, : self.max_num_tokens]\n"
            "        return real[:, -1]\n",
            "        return real[:, -1]",
        ),
    ),
    (
        "#28896 padded buffer",
        "twin: the new width, compared the other way",
        _mr(
            "mr3",
            "    def aeon_check(self) -> None:\n"
            "        assert self.max_num_tokens + 1 == self.mrope_positions.shape[1]\n",
            "        assert self.max_num_tokens + 1 == self.mrope_positions.shape[1]",
        ),
    ),
    (
        "#28896 padded buffer",
        "twin: a >= test of the width",
        _mr(
            "mr4",
            "    def aeon_check(self) -> None:\n        assert self.mrope_positions.shape[1] >= self.max_num_tokens\n",
            "        assert self.mrope_positions.shape[1] >= self.max_num_tokens",
        ),
    ),
    (
        "#28896 padded buffer",
        "twin: the last M-RoPE row (a dimension not padded) from the end",
        _mr(
            "mr5",
            "    def aeon_width_row(self, n: int) -> torch.Tensor:\n        return self.mrope_positions[-1, :n]\n",
            "        return self.mrope_positions[-1, :n]",
        ),
    ),
    (
        "#28896 padded buffer",
        "twin: the width less one through a size helper",
        _mr(
            "mr6",
            "    def aeon_check(self) -> None:\n"
            "        assert _real_width(self.mrope_positions) == self.max_num_tokens\n",
            "        assert _real_width(self.mrope_positions) == self.max_num_tokens",
            head=HEAD + "def _real_width(t: torch.Tensor) -> int:\n    return t.shape[1] - 1\n\n\n",
        ),
    ),
    (
        "#28896 padded buffer",
        "twin: the fork's own buffer of that name, allocated by the subclass",
        _mr(
            "mr7",
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: the Spark's graph pool wants the buffer without the dummy column\n"
            "        self.mrope_positions = torch.zeros((3, self.max_num_tokens), dtype=torch.int64)\n\n"
            "    def aeon_last_position(self) -> torch.Tensor:\n"
            "        return self.mrope_positions[:, -1]\n",
            "        return self.mrope_positions[:, -1]",
        ),
    ),
    (
        "#28896 padded buffer",
        "twin: a namesake buffer on a class of the fork's own",
        _mr(
            "mr8",
            "    def __init__(self, n: int) -> None:\n"
            "        self.max_num_tokens = n\n"
            "        self.mrope_positions = torch.zeros((3, n), dtype=torch.int64)\n\n"
            "    def aeon_last_position(self) -> torch.Tensor:\n"
            "        assert self.mrope_positions.shape[1] == self.max_num_tokens\n"
            "        return self.mrope_positions[:, -1]\n",
            "        return self.mrope_positions[:, -1]",
            base="object",
        ),
    ),
    (
        "#28896 padded buffer",
        "twin: a guard reading the last real column whichever the width",
        _mr(
            "mr9",
            "    def aeon_last_position(self) -> torch.Tensor:\n"
            "        if self.mrope_positions.shape[1] == self.max_num_tokens:\n"
            "            return self.mrope_positions[:, -1]\n"
            "        return self.mrope_positions[:, self.max_num_tokens - 1]\n",
            "            return self.mrope_positions[:, -1]",
        ),
    ),
    (
        "#28896 padded buffer",
        "twin: the guard's width test, both widths handled",
        _mr(
            "mr10",
            "    def aeon_last_position(self) -> torch.Tensor:\n"
            "        # AEON: upstreams from #28896 pad one dummy column\n"
            "        if self.mrope_positions.shape[1] != self.max_num_tokens:\n"
            "            return self.mrope_positions[:, -2]\n"
            "        return self.mrope_positions[:, self.max_num_tokens - 1]\n",
            "        if self.mrope_positions.shape[1] != self.max_num_tokens:",
        ),
    ),
]

# round 3: fork code near the mended guard that IS broken after the merge
CASES += [
    (
        "#28896 padded buffer",
        "round 3: a width test whose other outcome raises (the guard reads no buffer there)",
        _mr(
            "mr30",
            "    def aeon_last_position(self) -> torch.Tensor:\n"
            "        if self.mrope_positions.shape[1] != self.max_num_tokens:\n"
            "            raise RuntimeError('AEON: graph pool expects the unpadded M-RoPE buffer')\n"
            "        return self.mrope_positions[:, self.max_num_tokens - 1]\n",
            "        if self.mrope_positions.shape[1] != self.max_num_tokens:",
        ),
    ),
    (
        "#28896 padded buffer",
        "round 3: a width test that only logs, the read from the end after it",
        _mr(
            "mr31",
            "    def aeon_last_position(self) -> torch.Tensor:\n"
            "        if self.mrope_positions.shape[1] != self.max_num_tokens:\n"
            "            print('AEON: padded M-RoPE buffer')\n"
            "        return self.mrope_positions[:, -1]\n",
            "        return self.mrope_positions[:, -1]",
        ),
    ),
]

# --- 0fe7550254 (#42692): token_arange_np made int32 (was numpy's default int64)
TA = ("#42692", "0fe7550254", "SpecDecodeBaseProposer.token_arange_np now np.arange(..., dtype=np.int32)")


def _ta(name: str, body: str, line: str, head: str = HEAD, base: str = "EagleProposer") -> Killer:
    return K(*TA, f"vllm/aeon/r120{name}.py", head + f"class AeonArange{name.title()}({base}):\n" + body, line)


CASES += [
    (
        "#42692 numpy dtype",
        "a subclass's dtype test (eagle2's)",
        _ta(
            "ta0",
            "    def aeon_fast_path(self) -> bool:\n        return self.token_arange_np.dtype == np.int64\n",
            "return self.token_arange_np.dtype == np.int64",
        ),
    ),
    (
        "#42692 numpy dtype",
        "a reinterpreting view as int64 (eagle2's)",
        _ta(
            "ta00",
            "    def aeon_rows(self, n: int) -> np.ndarray:\n        return self.token_arange_np[:n].view(np.int64)\n",
            "return self.token_arange_np[:n].view(np.int64)",
        ),
    ),
]
TWINS += [
    (
        "#42692 numpy dtype",
        "twin: a membership test of both widths",
        _ta(
            "ta1",
            "    def aeon_integral(self) -> bool:\n        return self.token_arange_np.dtype in (np.int32, np.int64)\n",
            "        return self.token_arange_np.dtype in (np.int32, np.int64)",
        ),
    ),
    (
        "#42692 numpy dtype",
        "twin: np.issubdtype of an integer",
        _ta(
            "ta2",
            "    def aeon_integral(self) -> bool:\n"
            "        return np.issubdtype(self.token_arange_np.dtype, np.integer)\n",
            "        return np.issubdtype(self.token_arange_np.dtype, np.integer)",
        ),
    ),
    (
        "#42692 numpy dtype",
        "twin: a cast by .long()",
        _ta(
            "ta3",
            "    def aeon_index(self, n: int) -> torch.Tensor:\n"
            "        return torch.from_numpy(self.token_arange_np[:n]).long()\n",
            "        return torch.from_numpy(self.token_arange_np[:n]).long()",
        ),
    ),
    (
        "#42692 numpy dtype",
        "twin: a local np.arange of the fork's own",
        _ta(
            "ta4",
            "    def aeon_rows(self, n: int) -> np.ndarray:\n"
            "        rows = np.arange(n)\n"
            "        assert rows.dtype == np.int64\n"
            "        return rows.view(np.int64)\n",
            "        assert rows.dtype == np.int64",
        ),
    ),
    (
        "#42692 numpy dtype",
        "twin: a helper converting when not int64",
        _ta(
            "ta5",
            "    def aeon_rows(self, n: int) -> np.ndarray:\n        return _as_int64(self.token_arange_np[:n])\n",
            "        return _as_int64(self.token_arange_np[:n])",
            head=HEAD + "def _as_int64(a: np.ndarray) -> np.ndarray:\n"
            "    return a if a.dtype == np.int64 else a.astype(np.int64)\n\n\n",
        ),
    ),
    (
        "#42692 numpy dtype",
        "twin: a conditional expression converting when not int64",
        _ta(
            "ta6",
            "    def aeon_rows(self, n: int) -> np.ndarray:\n"
            "        rows = self.token_arange_np[:n]\n"
            "        return rows if rows.dtype == np.int64 else rows.astype(np.int64)\n",
            "        return rows if rows.dtype == np.int64 else rows.astype(np.int64)",
        ),
    ),
    (
        "#42692 numpy dtype",
        "twin: a guard converting when not int64, the view after it",
        _ta(
            "ta7",
            "    def aeon_rows(self, n: int) -> np.ndarray:\n"
            "        rows = self.token_arange_np[:n]\n"
            "        if self.token_arange_np.dtype != np.int64:  # AEON: int32 from #42692\n"
            "            rows = rows.astype(np.int64)\n"
            "        return rows.view(np.int64)\n",
            "        if self.token_arange_np.dtype != np.int64:  # AEON: int32 from #42692",
        ),
    ),
    (
        "#42692 numpy dtype",
        "twin: a namesake holder on a class of the fork's own",
        _ta(
            "ta8",
            "    def __init__(self, n: int) -> None:\n"
            "        self.token_arange_np = np.arange(n)\n\n"
            "    def aeon_wide(self) -> bool:\n"
            "        return self.token_arange_np.dtype == np.int64\n",
            "        return self.token_arange_np.dtype == np.int64",
            base="object",
        ),
    ),
]

CASES += [
    (
        "#42692 numpy dtype",
        "round 3: a dtype test whose other branch raises",
        _ta(
            "ta30",
            "    def aeon_rows(self, n: int) -> np.ndarray:\n"
            "        if self.token_arange_np.dtype != np.int64:\n"
            "            raise TypeError('AEON: the host index kernel takes int64 rows')\n"
            "        return self.token_arange_np[:n]\n",
            "        if self.token_arange_np.dtype != np.int64:",
        ),
    ),
    (
        "#42692 numpy dtype",
        "round 3: a dtype test whose other branch casts to a third dtype",
        _ta(
            "ta31",
            "    def aeon_rows(self, n: int) -> np.ndarray:\n"
            "        rows = self.token_arange_np[:n]\n"
            "        if self.token_arange_np.dtype != np.int64:\n"
            "            rows = rows.astype(np.float64)\n"
            "        return rows\n",
            "        if self.token_arange_np.dtype != np.int64:",
        ),
    ),
]

# --- 675704ac01 (#27876): InputBatch.request_lora_mapping np.int32 -> np.int64
LM = ("#27876", "675704ac01", "InputBatch.request_lora_mapping now np.zeros(..., dtype=np.int64) (was np.int32)")
IB = "import numpy as np\n\nfrom vllm.v1.worker.gpu_input_batch import InputBatch\n\n\n"


def _lm(name: str, body: str, line: str) -> Killer:
    return K(*LM, f"vllm/aeon/r120{name}.py", IB + f"class AeonBatch{name.title()}(InputBatch):\n" + body, line)


CASES += [
    (
        "#27876 numpy dtype",
        "a subclass's dtype test against np.int32",
        _lm(
            "lm0",
            "    def aeon_lora_fast(self) -> bool:\n"
            "        # AEON: the Spark's punica kernel takes int32 LoRA ids as they are\n"
            "        return self.request_lora_mapping.dtype == np.int32\n",
            "        return self.request_lora_mapping.dtype == np.int32",
        ),
    ),
    (
        "#27876 numpy dtype",
        "a subclass's view as np.int32",
        _lm(
            "lm00",
            "    def aeon_lora_ids(self) -> np.ndarray:\n"
            "        return self.request_lora_mapping[: self.num_reqs].view(np.int32)\n",
            "        return self.request_lora_mapping[: self.num_reqs].view(np.int32)",
        ),
    ),
]
TWINS += [
    (
        "#27876 numpy dtype",
        "twin: np.iinfo of the dtype",
        _lm(
            "lm1",
            "    def aeon_max_lora_id(self) -> int:\n        return int(np.iinfo(self.request_lora_mapping.dtype).max)\n",
            "        return int(np.iinfo(self.request_lora_mapping.dtype).max)",
        ),
    ),
    (
        "#27876 numpy dtype",
        "twin: an astype to int32",
        _lm(
            "lm2",
            "    def aeon_lora_ids(self) -> np.ndarray:\n"
            "        return self.request_lora_mapping[: self.num_reqs].astype(np.int32)\n",
            "        return self.request_lora_mapping[: self.num_reqs].astype(np.int32)",
        ),
    ),
    (
        "#27876 numpy dtype",
        "twin: the dtype's kind tested",
        _lm(
            "lm3",
            "    def aeon_lora_signed(self) -> bool:\n        return self.request_lora_mapping.dtype.kind == 'i'\n",
            "        return self.request_lora_mapping.dtype.kind == 'i'",
        ),
    ),
]

# --- d63c8e9444 (#47238): propose calls model.model.compact_topk_indices under hasattr(..., "set_skip_topk")
CT = ("#47238", "d63c8e9444", "propose calls compact_topk_indices on a model passing hasattr(..., 'set_skip_topk')")
NN = "from collections.abc import Callable\n\nimport torch\nfrom torch import nn\n\n\n"


def _ct(name: str, text: str, line: str) -> Killer:
    return K(*CT, f"vllm/aeon/r120{name}.py", NN + text, line)


SKIP = "    def set_skip_topk(self, skip: bool) -> None:\n        self.aeon_skip_topk = skip\n"
TWINS += [
    (
        "#47238 probed partner",
        "twin: the partner bound as a class attribute",
        _ct(
            "ct1",
            "def _compact(self, token_indices: torch.Tensor) -> None:\n    self.aeon_rows = token_indices\n\n\n"
            "class AeonDsaMtp1(nn.Module):\n" + SKIP + "\n    compact_topk_indices = _compact\n",
            "    def set_skip_topk(self, skip: bool) -> None:",
        ),
    ),
    (
        "#47238 probed partner",
        "twin: the partner bound as an annotated class attribute",
        _ct(
            "ct2",
            "def _compact(self, token_indices: torch.Tensor) -> None:\n    self.aeon_rows = token_indices\n\n\n"
            "class AeonDsaMtp2(nn.Module):\n" + SKIP + "\n    compact_topk_indices: Callable[..., None] = _compact\n",
            "    def set_skip_topk(self, skip: bool) -> None:",
        ),
    ),
    (
        "#47238 probed partner",
        "twin: the partner stored on the instance by __init__",
        _ct(
            "ct3",
            "class AeonDsaMtp3(nn.Module):\n"
            "    def __init__(self, inner: nn.Module) -> None:\n"
            "        super().__init__()\n"
            "        self.inner = inner\n"
            "        self.compact_topk_indices = inner.compact_topk_indices\n\n"
            "    def set_skip_topk(self, skip: bool) -> None:\n"
            "        self.inner.set_skip_topk(skip)\n",
            "    def set_skip_topk(self, skip: bool) -> None:",
        ),
    ),
    (
        "#47238 probed partner",
        "twin: a wrapper answering the partner through __getattr__",
        _ct(
            "ct4",
            "class AeonDsaMtp4(nn.Module):\n"
            "    def __init__(self, inner: nn.Module) -> None:\n"
            "        super().__init__()\n"
            "        self.inner = inner\n\n"
            "    def __getattr__(self, name: str):\n"
            "        try:\n"
            "            return super().__getattr__(name)\n"
            "        except AttributeError:\n"
            "            return getattr(self.inner, name)\n\n"
            "    def set_skip_topk(self, skip: bool) -> None:\n"
            "        # AEON: the Spark's wrapper counts the switches\n"
            "        self.inner.set_skip_topk(skip)\n",
            "    def set_skip_topk(self, skip: bool) -> None:",
        ),
    ),
    (
        "#47238 probed partner",
        "twin: a fork mixin with the probed method, the model deriving it with the partner",
        _ct(
            "ct5",
            "class AeonSkipTopkMixin:\n" + SKIP + "\n\n"
            "class AeonDsaMtp5(AeonSkipTopkMixin, nn.Module):\n"
            "    def compact_topk_indices(self, token_indices: torch.Tensor) -> None:\n"
            "        self.aeon_rows = token_indices\n",
            "    def set_skip_topk(self, skip: bool) -> None:",
        ),
    ),
]

# --- 4aaaf8c8ce (#33503): the draft loop no longer calls self._set_positions (a warning check)
SP = ("#33503", "4aaaf8c8ce", "propose's draft loop writes positions through a fused kernel, not _set_positions")
TWINS += [
    (
        "#33503 thinned hook",
        "twin: a delegating override of the slot-mapping hook the loop still calls",
        K(
            *SP,
            "vllm/aeon/r120sp1.py",
            HEAD + "class AeonSlotProposer1(EagleProposer):\n"
            "    def _get_slot_mapping(self, num_tokens: int, slot_mapping=None):\n"
            "        # AEON: the Spark's drafter counts its slot mappings\n"
            "        self.aeon_slot_calls = getattr(self, 'aeon_slot_calls', 0) + 1\n"
            "        return super()._get_slot_mapping(num_tokens, slot_mapping)\n",
            "    def _get_slot_mapping(self, num_tokens: int, slot_mapping=None):",
        ),
    ),
    (
        "#33503 thinned hook",
        "twin: a class attribute binding the slot-mapping hook",
        K(
            *SP,
            "vllm/aeon/r120sp2.py",
            HEAD + "def aeon_slot_mapping(self, num_tokens: int, slot_mapping=None):\n"
            "    return EagleProposer._get_slot_mapping(self, num_tokens, slot_mapping)\n\n\n"
            "class AeonSlotProposer2(EagleProposer):\n"
            "    _get_slot_mapping = aeon_slot_mapping\n",
            "    _get_slot_mapping = aeon_slot_mapping",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review120-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
