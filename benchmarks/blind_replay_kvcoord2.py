"""A blind replay of the KV cache coordinator and the single-type KV cache managers a Spark fork subclasses and calls.

8 first-parent commits on ``vllm/v1/core/kv_cache_coordinator.py``, ``vllm/v1/core/single_type_kv_cache_manager.py``
and ``vllm/v1/core/sched/utils.py`` -- the coordinators and managers a fork's hybrid (Mamba/sliding-window) and
speculative-decoding scheduling subclasses and calls, and the stop check it reads: ``specialized_manager.py``
renamed ``single_type_kv_cache_manager.py`` (#17946), ``KVCacheCoordinator.get_num_blocks_to_allocate`` given a
required ``num_encoder_tokens`` and ``allocate_new_blocks`` called with a third positional argument (#23664),
``HybridKVCacheCoordinator`` dropping ``full_attention_spec``, ``other_spec``, ``other_block_size``... for its
``attention_groups`` (#31707), ``HybridKVCacheCoordinator.find_longest_cache_hit_per_group`` added and called
by the scheduler (#44243), ``HybridKVCacheCoordinator._align_cacheable`` added and called by ``cache_blocks``
(#52419), ``SingleTypeKVCacheManager.take_pending_partial_tail_offloads`` added and called for every manager
by ``KVCacheManager`` (#49502), ``check_stop`` returning ``False`` before ``min_tokens`` outputs (#26317) and
checking the length cap after the stop tokens (#27555) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits every other replay uses (``blind_replay_kvcoord``, ``_singlekv``,
``_kvmgr``, ``_kvcache`` cover parts of this surface).  Each is replayed under 1-2 fork spellings (an import of
the old module, an ``importlib`` of its dotted name, a keyword call missing the new parameter, a subclass's
override narrower than upstream's new call, a subclass's read of a dropped attribute, an outside read of one,
a subclass's method of the name upstream now defines and calls, an instance attribute shadowing it, a test of
the old stop check), with twins (the new module, the new keyword passed, an attribute upstream keeps, the
fork's own method names, a test of a path upstream left alone).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands
in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at ef295857): 12 caught, 2 warned, 3 missed of 17 (twins: 8
quiet, 1 of them warned, 0 false errors).  Symbol drift caught #17946's import and importlib of the old module;
the override and attribute checks caught #23664's two narrower overrides, #31707's three reads of dropped
attributes and #44243's, #52419's and #49502's subclass methods and attribute of the names upstream now
defines and calls (#44243's class-attribute alias warned).  #26317's test warned.  The misses: #23664's keyword
and positional calls on an untyped `coordinator` missing `num_encoder_tokens`, and #27555's test of the old
check order.
After the killers233 widenings: 12 caught, 5 warned, 0 missed of 17 (twins: 8 quiet, 2 of them warned, 0 false
errors).  Warned now: #23664's two calls (``drift/named_receivers.py``, new, read by ``drift/symbols.py``'s
several-defs rule for untyped chained calls: a call that still fits one def of its name --
``SingleTypeKVCacheManager.get_num_blocks_to_allocate`` -- but no longer the def of the class its receiver is named
after -- ``coordinator``, ``self.kv_coordinator``, ``coord`` after ``KVCacheCoordinator`` -- is a warning, never an
error: a name is no type) and #27555's test (``drift/pinned_results.py``, widened: a call as a statement, then
``assert obj.attr == CONSTANT`` in the same block, where the function's def at the base writes that parameter's
``attr``: the test pins a state; the twin pinning ``FINISHED_STOPPED`` is warned too, as #26317's twin was before).
Left: nothing missed; #26317's and #27555's tests and #44243's class-attribute alias stay warnings (the engine does
not run ``check_stop`` on the test's inputs; an alias's function may take any parameters it is handed).
Regression set at the widenings' head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_cgutils 15 caught, 5 warned of 20 (9 quiet, 1 of them warned), blind_replay_fiutils 10 caught, 6
warned, 2 missed of 18 (9 quiet, 1 of them warned): each as before.  Unit tests: test_named_receiver_misfits 16
(new: 3 warned, 4 quiet twins, 9 name readings), test_pinned_states 7 (new: 3 warned, 4 quiet twins); the 86 test
files naming symbols, pinned_results or named_receivers, with test_misfit_everywhere, test_return_drift and
test_raised_kind_drift: 1,899 passed.  Speed (drift_speed's 150-commit window, this machine shared): return_drift
0.487 s and name_drift 1.064 s median of 5 (audit 15.8 s); timed by name over three runs of the same window
with symbol_drift and pinned_result_drift added: pinned_result_drift 0.000 s (the carry adds no test: its gate ends
it), symbol_drift 2.68 s against 3.58 s on main's code (ef295857) in the run before, the machine's noise (every
other check moved 10-30 % between the two runs); the several-defs rule still stops at the first def a call fits
unless its receiver is a name, and past that reads only the defs of classes the name names.

  python benchmarks/blind_replay_kvcoord2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

CO = "vllm.v1.core.kv_cache_coordinator"
ST = "vllm.v1.core.single_type_kv_cache_manager"
SU = "vllm.v1.core.sched.utils"

# --- #17946 (ca66a1674c): specialized_manager.py renamed single_type_kv_cache_manager.py
SM = "ca66a1674c"
SMW = "vllm.v1.core.specialized_manager renamed vllm.v1.core.single_type_kv_cache_manager"
CASES += [
    (
        "#17946 module renamed",
        "an import of the old module",
        K(
            "#17946",
            SM,
            SMW,
            "vllm/aeon/sm1.py",
            "from vllm.v1.core.specialized_manager import SlidingWindowManager\n\n\n"
            "class AeonSlidingWindowManager(SlidingWindowManager):\n"
            "    # AEON: the Spark's sliding-window layers keep one extra block for the draft\n"
            "    aeon_extra_blocks = 1\n",
            "from vllm.v1.core.specialized_manager import SlidingWindowManager",
        ),
    ),
    (
        "#17946 module renamed",
        "an importlib of the old dotted name",
        K(
            "#17946",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            "import importlib\n\n\n"
            "def aeon_manager_module():\n"
            '    return importlib.import_module("vllm.v1.core.specialized_manager")\n',
            'return importlib.import_module("vllm.v1.core.specialized_manager")',
        ),
    ),
    (
        "#17946 module renamed",
        "twin: the new module",
        K(
            "#17946",
            SM,
            SMW,
            "vllm/aeon/sm3.py",
            "try:\n"
            f"    from {ST} import SlidingWindowManager\n"
            "except ImportError:\n"
            "    from vllm.v1.core.specialized_manager import SlidingWindowManager\n\n\n"
            "AEON_SWA = SlidingWindowManager\n",
            "AEON_SWA = SlidingWindowManager",
        ),
    ),
]

# --- #23664 (98aa16ff41): get_num_blocks_to_allocate gained a required num_encoder_tokens
EN = "98aa16ff41"
ENW = (
    "KVCacheCoordinator.get_num_blocks_to_allocate(..., num_encoder_tokens) required; allocate_new_blocks(rid, n, enc)"
)
CASES += [
    (
        "#23664 required parameter added",
        "a keyword call missing the new parameter",
        K(
            "#23664",
            EN,
            ENW,
            "vllm/aeon/en1.py",
            "def aeon_blocks_needed(coordinator, request_id, num_tokens, computed):\n"
            "    # AEON: the Spark's admission control asks before the scheduler does\n"
            "    return coordinator.get_num_blocks_to_allocate(\n"
            "        request_id=request_id,\n"
            "        num_tokens=num_tokens,\n"
            "        new_computed_blocks=computed,\n"
            "    )\n",
            "return coordinator.get_num_blocks_to_allocate(",
        ),
    ),
    (
        "#23664 required parameter added",
        "a subclass's override narrower than upstream's new call",
        K(
            "#23664",
            EN,
            ENW,
            "vllm/aeon/en2.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "class AeonHybridCoordinator(HybridKVCacheCoordinator):\n"
            "    def allocate_new_blocks(self, request_id, num_tokens):\n"
            "        # AEON: the draft's lookahead slots come from the same pool\n"
            "        return super().allocate_new_blocks(request_id, num_tokens + 1)\n",
            "def allocate_new_blocks(self, request_id, num_tokens):",
        ),
    ),
    (
        "#23664 required parameter added",
        "a positional call missing the new parameter",
        K(
            "#23664",
            EN,
            ENW,
            "vllm/aeon/en4.py",
            "def aeon_fits(coordinator, request_id, num_tokens, computed, free_blocks):\n"
            "    needed = coordinator.get_num_blocks_to_allocate(request_id, num_tokens, computed)\n"
            "    return needed <= free_blocks\n",
            "needed = coordinator.get_num_blocks_to_allocate(request_id, num_tokens, computed)",
        ),
    ),
    (
        "#23664 required parameter added",
        "a subclass's override missing the keyword upstream now passes",
        K(
            "#23664",
            EN,
            ENW,
            "vllm/aeon/en5.py",
            f"from {CO} import UnitaryKVCacheCoordinator\n\n\n"
            "class AeonUnitaryCoordinator(UnitaryKVCacheCoordinator):\n"
            "    def get_num_blocks_to_allocate(self, request_id, num_tokens, new_computed_blocks):\n"
            "        # AEON: one spare block per request for the draft's lookahead\n"
            "        return super().get_num_blocks_to_allocate(request_id, num_tokens, new_computed_blocks) + 1\n",
            "def get_num_blocks_to_allocate(self, request_id, num_tokens, new_computed_blocks):",
        ),
    ),
    (
        "#23664 required parameter added",
        "twin: the new keyword passed",
        K(
            "#23664",
            EN,
            ENW,
            "vllm/aeon/en3.py",
            "def aeon_blocks_needed3(coordinator, request_id, num_tokens, computed):\n"
            "    return coordinator.get_num_blocks_to_allocate(\n"
            "        request_id=request_id,\n"
            "        num_tokens=num_tokens,\n"
            "        new_computed_blocks=computed,\n"
            "        num_encoder_tokens=0,\n"
            "    )\n",
            "return coordinator.get_num_blocks_to_allocate(",
        ),
    ),
]

# --- #31707 (cd4a95e3aa): HybridKVCacheCoordinator's full/other attributes dropped for attention_groups
AG = "cd4a95e3aa"
AGW = "HybridKVCacheCoordinator no longer sets full_attention_spec / other_spec / other_block_size / full_attn_first"
CASES += [
    (
        "#31707 attribute removed",
        "a subclass's read of a dropped attribute",
        K(
            "#31707",
            AG,
            AGW,
            "vllm/aeon/ag1.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "class AeonHybridCoordinator2(HybridKVCacheCoordinator):\n"
            "    def aeon_full_block_size(self) -> int:\n"
            "        return self.full_attention_spec.block_size\n",
            "return self.full_attention_spec.block_size",
        ),
    ),
    (
        "#31707 attribute removed",
        "an outside read of a dropped attribute",
        K(
            "#31707",
            AG,
            AGW,
            "vllm/aeon/ag2.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "def aeon_swa_block_size(coordinator: HybridKVCacheCoordinator) -> int:\n"
            "    # AEON: the Spark's Mamba state pages are sized off the other group\n"
            "    return coordinator.other_block_size\n",
            "return coordinator.other_block_size",
        ),
    ),
    (
        "#31707 attribute removed",
        "a getattr with a literal of a dropped attribute",
        K(
            "#31707",
            AG,
            AGW,
            "vllm/aeon/ag4.py",
            'def aeon_full_first(coordinator) -> bool:\n    return bool(getattr(coordinator, "full_attn_first"))\n',
            'return bool(getattr(coordinator, "full_attn_first"))',
        ),
    ),
    (
        "#31707 attribute removed",
        "twin: an attribute upstream keeps",
        K(
            "#31707",
            AG,
            AGW,
            "vllm/aeon/ag3.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "def aeon_lcm(coordinator: HybridKVCacheCoordinator) -> int:\n"
            "    return coordinator.lcm_block_size\n",
            "return coordinator.lcm_block_size",
        ),
    ),
]

# --- #44243 (55911db580): HybridKVCacheCoordinator.find_longest_cache_hit_per_group, called by the scheduler
PG = "55911db580"
PGW = "HybridKVCacheCoordinator.find_longest_cache_hit_per_group(block_hashes, max_cache_hit_length) added, called"
CASES += [
    (
        "#44243 method added that a subclass defines",
        "a subclass's method of the new name with another signature",
        K(
            "#44243",
            PG,
            PGW,
            "vllm/aeon/pg1.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "class AeonHybridCoordinator3(HybridKVCacheCoordinator):\n"
            "    # AEON: per-group hit lengths for the Spark's PD metrics\n"
            "    def find_longest_cache_hit_per_group(self, request):\n"
            "        return {g: 0 for g in range(len(self.single_type_managers))}\n",
            "def find_longest_cache_hit_per_group(self, request):",
        ),
    ),
    (
        "#44243 method added that a subclass defines",
        "a class attribute aliasing a fork function under the new name",
        K(
            "#44243",
            PG,
            PGW,
            "vllm/aeon/pg3.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "def aeon_hits(coordinator, request):\n"
            "    return [0] * len(coordinator.single_type_managers)\n\n\n"
            "class AeonHybridCoordinator8(HybridKVCacheCoordinator):\n"
            "    find_longest_cache_hit_per_group = aeon_hits\n",
            "find_longest_cache_hit_per_group = aeon_hits",
        ),
    ),
    (
        "#44243 method added that a subclass defines",
        "twin: the fork's own method name",
        K(
            "#44243",
            PG,
            PGW,
            "vllm/aeon/pg2.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "class AeonHybridCoordinator4(HybridKVCacheCoordinator):\n"
            "    def aeon_hit_per_group(self, request):\n"
            "        return {g: 0 for g in range(len(self.single_type_managers))}\n",
            "def aeon_hit_per_group(self, request):",
        ),
    ),
]

# --- #52419 (6593754e61): HybridKVCacheCoordinator._align_cacheable(num_tokens), called by cache_blocks
AC = "6593754e61"
ACW = "HybridKVCacheCoordinator._align_cacheable(num_tokens) added, called by cache_blocks"
CASES += [
    (
        "#52419 method added that a subclass defines",
        "a subclass's method of the new name with another arity",
        K(
            "#52419",
            AC,
            ACW,
            "vllm/aeon/ac1.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "class AeonHybridCoordinator5(HybridKVCacheCoordinator):\n"
            "    def _align_cacheable(self, num_tokens, block_size):\n"
            "        # AEON: the Spark aligns to the draft's block size\n"
            "        return num_tokens // block_size * block_size\n",
            "def _align_cacheable(self, num_tokens, block_size):",
        ),
    ),
    (
        "#52419 method added that a subclass defines",
        "an instance attribute shadowing the new method",
        K(
            "#52419",
            AC,
            ACW,
            "vllm/aeon/ac2.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "class AeonHybridCoordinator6(HybridKVCacheCoordinator):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._align_cacheable = True\n",
            "self._align_cacheable = True",
        ),
    ),
    (
        "#52419 method added that a subclass defines",
        "twin: the fork's own attribute name",
        K(
            "#52419",
            AC,
            ACW,
            "vllm/aeon/ac3.py",
            f"from {CO} import HybridKVCacheCoordinator\n\n\n"
            "class AeonHybridCoordinator7(HybridKVCacheCoordinator):\n"
            "    def __init__(self, *args, **kwargs):\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._aeon_align_cacheable = True\n",
            "self._aeon_align_cacheable = True",
        ),
    ),
]

# --- #49502 (d742856610): SingleTypeKVCacheManager.take_pending_partial_tail_offloads(), called for every manager
PT = "d742856610"
PTW = "SingleTypeKVCacheManager.take_pending_partial_tail_offloads() added, called by KVCacheManager"
CASES += [
    (
        "#49502 method added that a subclass defines",
        "a manager subclass's method of the new name taking a request id",
        K(
            "#49502",
            PT,
            PTW,
            "vllm/aeon/pt1.py",
            f"from {ST} import FullAttentionManager\n\n\n"
            "class AeonFullAttentionManager(FullAttentionManager):\n"
            "    # AEON: the Spark offloads a partial tail per request to host memory\n"
            "    def take_pending_partial_tail_offloads(self, request_id):\n"
            "        return self.req_to_blocks.get(request_id, [])[-1:]\n",
            "def take_pending_partial_tail_offloads(self, request_id):",
        ),
    ),
    (
        "#49502 method added that a subclass defines",
        "a manager subclass's property of the new name",
        K(
            "#49502",
            PT,
            PTW,
            "vllm/aeon/pt3.py",
            f"from {ST} import MambaManager\n\n\n"
            "class AeonMambaManager(MambaManager):\n"
            "    @property\n"
            "    def take_pending_partial_tail_offloads(self):\n"
            "        return []\n",
            "def take_pending_partial_tail_offloads(self):",
        ),
    ),
    (
        "#49502 method added that a subclass defines",
        "twin: the fork's own method name",
        K(
            "#49502",
            PT,
            PTW,
            "vllm/aeon/pt2.py",
            f"from {ST} import FullAttentionManager\n\n\n"
            "class AeonFullAttentionManager2(FullAttentionManager):\n"
            "    def aeon_take_tail(self, request_id):\n"
            "        return self.req_to_blocks.get(request_id, [])[-1:]\n",
            "def aeon_take_tail(self, request_id):",
        ),
    ),
]

# --- #26317 (f08919b7d1): check_stop returns False before min_tokens outputs
MT = "f08919b7d1"
MTW = "check_stop: `if request.num_output_tokens < min_tokens: return False` before the stop tokens"
CASES += [
    (
        "#26317 guard added",
        "a test of a stop token under min_tokens",
        K(
            "#26317",
            MT,
            MTW,
            "tests/aeon/test_mt1.py",
            f"from {SU} import check_stop\n\n\n"
            "def test_aeon_eos_stops(make_request):\n"
            "    request = make_request(min_tokens=8, output_token_ids=[2], eos_token_id=2)\n"
            "    assert check_stop(request, max_model_len=4096)\n",
            "assert check_stop(request, max_model_len=4096)",
        ),
    ),
    (
        "#26317 guard added",
        "twin: a test of the length cap",
        K(
            "#26317",
            MT,
            MTW,
            "tests/aeon/test_mt2.py",
            f"from {SU} import check_stop\n\n\n"
            "def test_aeon_length_cap(make_request):\n"
            "    request = make_request(max_tokens=1, output_token_ids=[5])\n"
            "    assert check_stop(request, max_model_len=4096)\n",
            "assert check_stop(request, max_model_len=4096)",
        ),
    ),
]

# --- #27555 (61fbfe5274): check_stop checks the length cap after the stop tokens
LC = "61fbfe5274"
LCW = "check_stop: FINISHED_LENGTH_CAPPED now checked after the stop tokens"
CASES += [
    (
        "#27555 check order changed",
        "a test of a stop token on the last allowed output",
        K(
            "#27555",
            LC,
            LCW,
            "tests/aeon/test_lc1.py",
            f"from {SU} import check_stop\n"
            "from vllm.v1.request import RequestStatus\n\n\n"
            "def test_aeon_capped_first(make_request):\n"
            "    request = make_request(max_tokens=1, output_token_ids=[2], eos_token_id=2)\n"
            "    check_stop(request, max_model_len=4096)\n"
            "    assert request.status == RequestStatus.FINISHED_LENGTH_CAPPED\n",
            "assert request.status == RequestStatus.FINISHED_LENGTH_CAPPED",
        ),
    ),
    (
        "#27555 check order changed",
        "twin: a test of a stop token below the cap",
        K(
            "#27555",
            LC,
            LCW,
            "tests/aeon/test_lc2.py",
            f"from {SU} import check_stop\n"
            "from vllm.v1.request import RequestStatus\n\n\n"
            "def test_aeon_eos(make_request):\n"
            "    request = make_request(max_tokens=8, output_token_ids=[2], eos_token_id=2)\n"
            "    check_stop(request, max_model_len=4096)\n"
            "    assert request.status == RequestStatus.FINISHED_STOPPED\n",
            "assert request.status == RequestStatus.FINISHED_STOPPED",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvcoord2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
