"""Adversarial twins of killers200's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit).  killers200 made an
operator meeting a call's value a use of it in ``drift/returns.py``: an operand (``n + f(...)``, the call on
either side), an augmented assignment (``n += f(...)``) and a comparison by equality or order with anything but
a tuple or list display (``f(...) != 0``), both for one value upstream made a tuple and for a value upstream
stopped returning; and upstream's own ``n += f(...)`` moved to an unpack became its callers' evidence that the
one value was meant.  The twins' shapes:

- one value made a pair (#18935, d6fd3a33b8: ``GPUModelRunner.get_dp_padding`` returns ``(pad,
  num_tokens_across_dp)``): the new unpack, ``[0]`` of the call added, compared or multiplied, a comparison with
  the pair's display, the fork's own class of the name, a parameter of the name (a callable the fork hands in),
  the ordering in a ``try`` whose handler reads ``[0]``, the old spelling on the branch a feature probe of
  ``set_forward_context`` sends old upstreams down, an ``isinstance`` adapter, an override handing on
  ``super()``'s value, an override returning the pair, a kept method compared, the value rendered by ``str``;
- one value made a pair, another commit (#12003, 994fc655b7: ``KVCacheManager.get_computed_blocks`` returns
  ``(blocks, num_computed_tokens)``): ``[0]`` added to the fork's blocks, the new unpack then the sum, ``[1]``
  compared, ``len(...[0])`` ordered;
- a value upstream stopped returning (#13244, 30172b4947: ``GPUModelRunner._update_states -> bool`` made
  ``-> None``, ``TPUModelRunner``'s kept): the same augmented assignment and comparison in a ``TPUModelRunner``
  subclass, the fork's own override returning the bool then added through ``self.``, a receiver typed as the TPU
  runner.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's three
catches of #18935 (``blind_replay_gpumr2.py``), kept to show the reach stays, and one spelling each of the
operand on the right, the ordering under an ``if``, #12003's sum, #13244's augmented assignment and (round 3)
#16229's list plus the fork's.

Round 1 (main at 66471999), 7 cases and 23 twins as first written: 7 caught of 7; 2 false errors of 23 (2
warned: the old spelling on the branch a feature probe sends old upstreams down, and after an early return for
the new shape -- the split's warning, not a false error): a parameter named ``get_dp_padding`` (a callable the
fork hands in, typed ``Callable[[int], int]``) added and compared (1: a bare call is resolved by name, and
#18935 made every ``get_dp_padding`` a pair), and an ordering ``self.get_dp_padding(n) > 0`` in a ``try`` whose
``except TypeError`` reads ``[0]`` (1: a comparison was never asked for the ``try`` around it, where an operand
was; an ordering raises TypeError on the pair just as an operand does).  Every twin was fine on reflection.
Round 2 (this branch): a bare call of a name the enclosing function binds itself (a parameter, a local;
``local_names``) is the fork's callable, for a widened and a voided value alike (``_local_callee``); an ordering
in a ``try`` catching TypeError warns as an operand does, an equality (which raises nothing) still errs
(``_ordered``); a caught operand's warning names the TypeError, not the AttributeError.  7 caught of 7; 0 false
errors of 23 (3 warned: the ``try``, and the two feature splits).
Round 3 (written after the mends): #16229 (27d7638b94) made ``GPUModelRunner._gather_mm_embeddings`` return
``(mm_embeds, is_mm_embed)``: a case (the call's list plus the fork's) and three twins (``[0]`` added, the new
unpack then ``+=``, ``len(...[0]) > 0``), and three more #18935 twins (the call compared with a module constant
``_UNPADDED = (0, None)``, a nested helper's parameter of the name, ``[0]`` in a chained ordering).  On main: 1
caught, 2 false errors of 6 (the constant: only a display counted as the pair; the nested parameter).  This
branch after round 2: 1 false (the constant); mended: a call compared with a name the module binds only to tuple
displays reads as a display (``_against_tuple``; a parameter of the name around keeps the error, ``_NONE = 0``
still errs).  All rounds, main (66471999): 8 caught of 8; 4 false errors of 29 twins (2 warned).  This branch:
8 caught of 8; 0 false errors of 29 twins (3 warned).
Regression set at this branch's head: blind_replay_gpumr2 22 caught of 22, 0 false of 11; killer_replay 26/26;
kind_change_replay 12/12 (5 twins quiet); review81_twins 5 caught, 3 warned of 8, 0 false of 30 (2 warned);
review83_twins 8/8, 0 false of 42; blind_replay_kvmgr 24 caught, 1 missed of 25 (12 quiet, 1 warned: as on main);
widened_return_replay 23/23 uses, 13/13 overrides, 0/21 twins false.  Each as before.

  PYTHONPATH=.. python review108_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- d6fd3a33b8 (#18935): get_dp_padding returns (pad, num_tokens_across_dp), no longer an int
DP = ("#18935", "d6fd3a33b8", "get_dp_padding now returns a (pad, num_tokens_across_dp) pair")
DPC = "#18935 one value made a pair, under an operator"
RUNNER = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
CASES += [
    (
        DPC,
        "an augmented assignment of the call (gpumr2)",
        K(
            *DP,
            "vllm/aeon/r108dp0.py",
            RUNNER + "class AeonDPRunner0(GPUModelRunner):\n"
            "    def aeon_padded(self, num_tokens: int) -> int:\n"
            "        # AEON: the drafter pads like the target across the Spark pair\n"
            "        num_tokens += self.get_dp_padding(num_tokens)\n"
            "        return num_tokens\n",
            "        num_tokens += self.get_dp_padding(num_tokens)",
        ),
    ),
    (
        DPC,
        "a subclass override returning an int (gpumr2)",
        K(
            *DP,
            "vllm/aeon/r108dp1.py",
            RUNNER + "class AeonNoPadRunner1(GPUModelRunner):\n"
            "    def get_dp_padding(self, num_tokens: int):\n"
            "        # AEON: one GB10 per rank, never pad\n"
            "        return 0\n",
            "        return 0",
        ),
    ),
    (
        DPC,
        "a comparison with a literal (gpumr2)",
        K(
            *DP,
            "vllm/aeon/r108dp2.py",
            RUNNER + "def aeon_needs_pad(runner: GPUModelRunner, num_tokens: int) -> bool:\n"
            "    # AEON: skip the drafter's padding pass when the ranks agree\n"
            "    return runner.get_dp_padding(num_tokens) != 0\n",
            "    return runner.get_dp_padding(num_tokens) != 0",
        ),
    ),
    (
        DPC,
        "the call the right operand of a sum",
        K(
            *DP,
            "vllm/aeon/r108dp3.py",
            RUNNER + "class AeonDPRunner3(GPUModelRunner):\n"
            "    def aeon_draft_tokens(self, num_tokens: int) -> int:\n"
            "        return num_tokens + self.get_dp_padding(num_tokens)\n",
            "        return num_tokens + self.get_dp_padding(num_tokens)",
        ),
    ),
    (
        DPC,
        "an ordering under an if",
        K(
            *DP,
            "vllm/aeon/r108dp4.py",
            RUNNER + "class AeonDPRunner4(GPUModelRunner):\n"
            "    def aeon_maybe_pad(self, num_tokens: int) -> int:\n"
            "        if self.get_dp_padding(num_tokens) > 0:\n"
            "            self.aeon_padded_steps += 1\n"
            "        return num_tokens\n",
            "        if self.get_dp_padding(num_tokens) > 0:",
        ),
    ),
]
TWINS += [
    (
        DPC,
        "twin: the new unpack, then the pad added",
        K(
            *DP,
            "vllm/aeon/r108dp5.py",
            RUNNER + "class AeonDPRunner5(GPUModelRunner):\n"
            "    def aeon_padded(self, num_tokens: int) -> int:\n"
            "        num_pad, _ = self.get_dp_padding(num_tokens)\n"
            "        num_tokens += num_pad\n"
            "        return num_tokens\n",
            "        num_tokens += num_pad",
        ),
    ),
    (
        DPC,
        "twin: [0] of the call in the augmented assignment",
        K(
            *DP,
            "vllm/aeon/r108dp6.py",
            RUNNER + "class AeonDPRunner6(GPUModelRunner):\n"
            "    def aeon_padded(self, num_tokens: int) -> int:\n"
            "        num_tokens += self.get_dp_padding(num_tokens)[0]\n"
            "        return num_tokens\n",
            "        num_tokens += self.get_dp_padding(num_tokens)[0]",
        ),
    ),
    (
        DPC,
        "twin: [0] of the call compared with the literal",
        K(
            *DP,
            "vllm/aeon/r108dp7.py",
            RUNNER + "def aeon_needs_pad7(runner: GPUModelRunner, num_tokens: int) -> bool:\n"
            "    return runner.get_dp_padding(num_tokens)[0] != 0\n",
            "    return runner.get_dp_padding(num_tokens)[0] != 0",
        ),
    ),
    (
        DPC,
        "twin: the call compared with the pair's display",
        K(
            *DP,
            "vllm/aeon/r108dp8.py",
            RUNNER + "def aeon_unpadded8(runner: GPUModelRunner, num_tokens: int) -> bool:\n"
            "    return runner.get_dp_padding(num_tokens) == (0, None)\n",
            "    return runner.get_dp_padding(num_tokens) == (0, None)",
        ),
    ),
    (
        DPC,
        "twin: the fork's own class's get_dp_padding (not a runner) added",
        K(
            *DP,
            "vllm/aeon/r108dp9.py",
            "class AeonDrafterPadding:\n"
            "    def __init__(self, multiple: int) -> None:\n"
            "        self.multiple = multiple\n\n"
            "    def get_dp_padding(self, num_tokens: int) -> int:\n"
            "        return -num_tokens % self.multiple  # AEON: the drafter pads to its own multiple\n\n"
            "    def padded(self, num_tokens: int) -> int:\n"
            "        num_tokens += self.get_dp_padding(num_tokens)\n"
            "        return num_tokens\n",
            "        num_tokens += self.get_dp_padding(num_tokens)",
        ),
    ),
    (
        DPC,
        "twin: a parameter of the name, a callable returning an int, added and compared",
        K(
            *DP,
            "vllm/aeon/r108dp10.py",
            "from collections.abc import Callable\n\n\n"
            "def aeon_pad_with(num_tokens: int, get_dp_padding: Callable[[int], int]) -> int:\n"
            "    # AEON: the drafter hands in its own padding rule\n"
            "    if get_dp_padding(num_tokens) == 0:\n"
            "        return num_tokens\n"
            "    num_tokens += get_dp_padding(num_tokens)\n"
            "    return num_tokens\n\n\n"
            "def aeon_unpadded(num_tokens: int) -> int:\n"
            "    return aeon_pad_with(num_tokens, lambda n: 0)\n",
            "    num_tokens += get_dp_padding(num_tokens)",
        ),
    ),
    (
        DPC,
        "twin: the ordering in a try, its TypeError handler reading [0]",
        K(
            *DP,
            "vllm/aeon/r108dp11.py",
            RUNNER + "class AeonDPRunner11(GPUModelRunner):\n"
            "    def aeon_pads(self, num_tokens: int) -> bool:\n"
            "        try:\n"
            "            return self.get_dp_padding(num_tokens) > 0\n"
            "        except TypeError:  # AEON: newer runners return (pad, num_tokens_across_dp)\n"
            "            return self.get_dp_padding(num_tokens)[0] > 0\n",
            "            return self.get_dp_padding(num_tokens) > 0",
        ),
    ),
    (
        DPC,
        "twin: the old spelling on the branch a probe of set_forward_context sends old upstreams down",
        K(
            *DP,
            "vllm/aeon/r108dp12.py",
            "import inspect\n\n"
            "from vllm.forward_context import set_forward_context\n" + RUNNER + "# AEON: one carry for the "
            "runners before and after num_tokens_across_dp\n"
            "_PAIRED = 'num_tokens_across_dp' in inspect.signature(set_forward_context).parameters\n\n\n"
            "class AeonDPRunner12(GPUModelRunner):\n"
            "    def aeon_padded(self, num_tokens: int) -> int:\n"
            "        if _PAIRED:\n"
            "            num_pad, _ = self.get_dp_padding(num_tokens)\n"
            "            num_tokens += num_pad\n"
            "        else:\n"
            "            num_tokens += self.get_dp_padding(num_tokens)\n"
            "        return num_tokens\n",
            "            num_tokens += self.get_dp_padding(num_tokens)",
        ),
    ),
    (
        DPC,
        "twin: the old spelling after an early return for the new shape",
        K(
            *DP,
            "vllm/aeon/r108dp13.py",
            "import inspect\n\n"
            "from vllm.forward_context import set_forward_context\n"
            + RUNNER
            + "class AeonDPRunner13(GPUModelRunner):\n"
            "    def aeon_needs_pad(self, num_tokens: int) -> bool:\n"
            "        if 'num_tokens_across_dp' in inspect.signature(set_forward_context).parameters:\n"
            "            return self.get_dp_padding(num_tokens)[0] != 0\n"
            "        return self.get_dp_padding(num_tokens) != 0\n",
            "        return self.get_dp_padding(num_tokens) != 0",
        ),
    ),
    (
        DPC,
        "twin: an isinstance adapter of the bound value",
        K(
            *DP,
            "vllm/aeon/r108dp14.py",
            RUNNER + "class AeonDPRunner14(GPUModelRunner):\n"
            "    def aeon_padded(self, num_tokens: int) -> int:\n"
            "        padding = self.get_dp_padding(num_tokens)\n"
            "        num_tokens += padding[0] if isinstance(padding, tuple) else padding\n"
            "        return num_tokens\n",
            "        num_tokens += padding[0] if isinstance(padding, tuple) else padding",
        ),
    ),
    (
        DPC,
        "twin: an override handing on super()'s value",
        K(
            *DP,
            "vllm/aeon/r108dp15.py",
            RUNNER + "class AeonDPRunner15(GPUModelRunner):\n"
            "    def get_dp_padding(self, num_tokens: int):\n"
            "        self.aeon_dp_calls = getattr(self, 'aeon_dp_calls', 0) + 1\n"
            "        return super().get_dp_padding(num_tokens)\n",
            "        return super().get_dp_padding(num_tokens)",
        ),
    ),
    (
        DPC,
        "twin: an override returning the pair",
        K(
            *DP,
            "vllm/aeon/r108dp16.py",
            RUNNER + "class AeonNoPadRunner16(GPUModelRunner):\n"
            "    def get_dp_padding(self, num_tokens: int):\n"
            "        # AEON: one GB10 per rank, never pad\n"
            "        return 0, None\n",
            "        return 0, None",
        ),
    ),
    (
        DPC,
        "twin: a kept config method compared and added",
        K(
            *DP,
            "vllm/aeon/r108dp17.py",
            RUNNER + "class AeonDPRunner17(GPUModelRunner):\n"
            "    def aeon_graph_tokens(self, num_tokens: int) -> int:\n"
            "        if self.vllm_config.pad_for_cudagraph(num_tokens) > num_tokens:\n"
            "            num_tokens += self.vllm_config.pad_for_cudagraph(num_tokens) - num_tokens\n"
            "        return num_tokens\n",
            "        if self.vllm_config.pad_for_cudagraph(num_tokens) > num_tokens:",
        ),
    ),
    (
        DPC,
        "twin: the value rendered by str() in a concatenation",
        K(
            *DP,
            "vllm/aeon/r108dp18.py",
            RUNNER + "class AeonDPRunner18(GPUModelRunner):\n"
            "    def aeon_pad_note(self, num_tokens: int) -> str:\n"
            "        return 'dp padding ' + str(self.get_dp_padding(num_tokens))\n",
            "        return 'dp padding ' + str(self.get_dp_padding(num_tokens))",
        ),
    ),
    (
        DPC,
        "twin: [0] of the call multiplied",
        K(
            *DP,
            "vllm/aeon/r108dp19.py",
            RUNNER + "class AeonDPRunner19(GPUModelRunner):\n"
            "    def aeon_pad_bytes(self, num_tokens: int, width: int) -> int:\n"
            "        return width * self.get_dp_padding(num_tokens)[0]\n",
            "        return width * self.get_dp_padding(num_tokens)[0]",
        ),
    ),
]

# --- 994fc655b7 (#12003): get_computed_blocks returns (blocks, num_computed_tokens)
GC = ("#12003", "994fc655b7", "KVCacheManager.get_computed_blocks returns a (blocks, num_computed_tokens) tuple")
GCC = "#12003 one value made a pair, under an operator"
MGR = "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
CASES += [
    (
        GCC,
        "the fork's held blocks plus the call",
        K(
            *GC,
            "vllm/aeon/r108gc0.py",
            MGR + "def aeon_all_blocks(mgr: KVCacheManager, request: Request, held: list) -> list:\n"
            "    return held + mgr.get_computed_blocks(request)\n",
            "    return held + mgr.get_computed_blocks(request)",
        ),
    ),
]
TWINS += [
    (
        GCC,
        "twin: [0] of the call added to the held blocks",
        K(
            *GC,
            "vllm/aeon/r108gc1.py",
            MGR + "def aeon_all_blocks1(mgr: KVCacheManager, request: Request, held: list) -> list:\n"
            "    return held + mgr.get_computed_blocks(request)[0]\n",
            "    return held + mgr.get_computed_blocks(request)[0]",
        ),
    ),
    (
        GCC,
        "twin: the new unpack, then the sum",
        K(
            *GC,
            "vllm/aeon/r108gc2.py",
            MGR + "def aeon_all_blocks2(mgr: KVCacheManager, request: Request, held: list) -> list:\n"
            "    blocks, _ = mgr.get_computed_blocks(request)\n"
            "    held += blocks\n"
            "    return held\n",
            "    held += blocks",
        ),
    ),
    (
        GCC,
        "twin: [1] of the call compared with the request's tokens",
        K(
            *GC,
            "vllm/aeon/r108gc3.py",
            MGR + "def aeon_fully_cached(mgr: KVCacheManager, request: Request) -> bool:\n"
            "    return mgr.get_computed_blocks(request)[1] == request.num_tokens\n",
            "    return mgr.get_computed_blocks(request)[1] == request.num_tokens",
        ),
    ),
    (
        GCC,
        "twin: len() of [0] ordered",
        K(
            *GC,
            "vllm/aeon/r108gc4.py",
            MGR + "class AeonKVCacheManager4(KVCacheManager):\n"
            "    def aeon_hit(self, request: Request) -> bool:\n"
            "        return len(self.get_computed_blocks(request)[0]) > 0\n",
            "        return len(self.get_computed_blocks(request)[0]) > 0",
        ),
    ),
]

# --- 30172b4947 (#13244): GPUModelRunner._update_states -> bool becomes -> None; TPUModelRunner's keeps bool
US = ("#13244", "30172b4947", "GPUModelRunner._update_states returns None (TPUModelRunner's still a bool)")
USC = "#13244 voided value, under an operator"
GR = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
TR = "from vllm.v1.worker.tpu_model_runner import TPUModelRunner\n\n\n"
CASES += [
    (
        USC,
        "super()'s value counted by an augmented assignment",
        K(
            *US,
            "vllm/aeon/r108us0.py",
            GR + "class AeonRunner0(GPUModelRunner):\n"
            "    def _update_states(self, scheduler_output) -> bool:\n"
            "        # AEON: count the steps whose batch moved, for the Spark's re-pinning stats\n"
            "        self.aeon_batch_changes += super()._update_states(scheduler_output)\n"
            "        return True\n",
            "        self.aeon_batch_changes += super()._update_states(scheduler_output)",
        ),
    ),
]
TWINS += [
    (
        USC,
        "twin: the same augmented assignment in a TPUModelRunner subclass (its _update_states keeps the bool)",
        K(
            *US,
            "vllm/aeon/r108us1.py",
            TR + "class AeonTpuRunner1(TPUModelRunner):\n"
            "    def aeon_update(self, scheduler_output) -> None:\n"
            "        # AEON: count the steps whose batch moved\n"
            "        self.aeon_batch_changes += super()._update_states(scheduler_output)\n",
            "        self.aeon_batch_changes += super()._update_states(scheduler_output)",
        ),
    ),
    (
        USC,
        "twin: a comparison in a TPUModelRunner subclass",
        K(
            *US,
            "vllm/aeon/r108us2.py",
            TR + "class AeonTpuRunner2(TPUModelRunner):\n"
            "    def aeon_update(self, scheduler_output) -> None:\n"
            "        if super()._update_states(scheduler_output) != self.aeon_expect_change:\n"
            "            self.aeon_surprises += 1\n",
            "        if super()._update_states(scheduler_output) != self.aeon_expect_change:",
        ),
    ),
    (
        USC,
        "twin: the fork's own override returning the bool, added through self.",
        K(
            *US,
            "vllm/aeon/r108us3.py",
            GR + "class AeonRunner3(GPUModelRunner):\n"
            "    def _update_states(self, scheduler_output) -> bool:\n"
            "        super()._update_states(scheduler_output)\n"
            "        return bool(scheduler_output.finished_req_ids)\n\n"
            "    def aeon_step(self, scheduler_output) -> None:\n"
            "        self.aeon_batch_changes += self._update_states(scheduler_output)\n",
            "        self.aeon_batch_changes += self._update_states(scheduler_output)",
        ),
    ),
    (
        USC,
        "twin: a receiver typed as TPUModelRunner, the value compared and added",
        K(
            *US,
            "vllm/aeon/r108us4.py",
            TR + "def aeon_tpu_step(runner: TPUModelRunner, scheduler_output, seen: int) -> int:\n"
            "    seen += runner._update_states(scheduler_output)\n"
            "    return seen\n",
            "    seen += runner._update_states(scheduler_output)",
        ),
    ),
]


# Round 3 (written after the mends): #16229's list of embeddings made a pair, and two more #18935 shapes
# --- 27d7638b94 (#16229): GPUModelRunner._gather_mm_embeddings returns (mm_embeds, is_mm_embed)
MM = ("#16229", "27d7638b94", "_gather_mm_embeddings returns (mm_embeds, is_mm_embed), no longer the list")
MMC = "#16229 one value made a pair, under an operator"
CASES += [
    (
        MMC,
        "round 3: the call's list plus the fork's embeddings",
        K(
            *MM,
            "vllm/aeon/r108mm0.py",
            RUNNER + "class AeonVisionRunner0(GPUModelRunner):\n"
            "    def aeon_embeds(self, scheduler_output) -> list:\n"
            "        # AEON: the drafter's own vision embeddings ride along\n"
            "        return self._gather_mm_embeddings(scheduler_output) + self.aeon_vision_embeds\n",
            "        return self._gather_mm_embeddings(scheduler_output) + self.aeon_vision_embeds",
        ),
    ),
]
TWINS += [
    (
        MMC,
        "round 3 twin: [0] of the call plus the fork's embeddings",
        K(
            *MM,
            "vllm/aeon/r108mm1.py",
            RUNNER + "class AeonVisionRunner1(GPUModelRunner):\n"
            "    def aeon_embeds(self, scheduler_output) -> list:\n"
            "        return self._gather_mm_embeddings(scheduler_output)[0] + self.aeon_vision_embeds\n",
            "        return self._gather_mm_embeddings(scheduler_output)[0] + self.aeon_vision_embeds",
        ),
    ),
    (
        MMC,
        "round 3 twin: the new unpack, then the fork's embeddings added",
        K(
            *MM,
            "vllm/aeon/r108mm2.py",
            RUNNER + "class AeonVisionRunner2(GPUModelRunner):\n"
            "    def aeon_embeds(self, scheduler_output) -> list:\n"
            "        mm_embeds, _ = self._gather_mm_embeddings(scheduler_output)\n"
            "        mm_embeds += self.aeon_vision_embeds\n"
            "        return mm_embeds\n",
            "        mm_embeds += self.aeon_vision_embeds",
        ),
    ),
    (
        MMC,
        "round 3 twin: len() of [0] ordered",
        K(
            *MM,
            "vllm/aeon/r108mm3.py",
            RUNNER + "class AeonVisionRunner3(GPUModelRunner):\n"
            "    def aeon_has_embeds(self, scheduler_output) -> bool:\n"
            "        return len(self._gather_mm_embeddings(scheduler_output)[0]) > 0\n",
            "        return len(self._gather_mm_embeddings(scheduler_output)[0]) > 0",
        ),
    ),
]
TWINS += [
    (
        DPC,
        "round 3 twin: the call compared with a module constant holding the pair",
        K(
            *DP,
            "vllm/aeon/r108dp20.py",
            RUNNER + "_UNPADDED = (0, None)\n\n\n"
            "def aeon_unpadded20(runner: GPUModelRunner, num_tokens: int) -> bool:\n"
            "    return runner.get_dp_padding(num_tokens) == _UNPADDED\n",
            "    return runner.get_dp_padding(num_tokens) == _UNPADDED",
        ),
    ),
    (
        DPC,
        "round 3 twin: a nested helper taking the padding callable, inside a runner method",
        K(
            *DP,
            "vllm/aeon/r108dp21.py",
            RUNNER + "class AeonDPRunner21(GPUModelRunner):\n"
            "    def aeon_padded(self, num_tokens: int) -> int:\n"
            "        def pad(get_dp_padding, n: int) -> int:\n"
            "            return n + get_dp_padding(n)\n\n"
            "        return pad(lambda n: 0, num_tokens)  # AEON: the drafter never pads\n",
            "            return n + get_dp_padding(n)",
        ),
    ),
    (
        DPC,
        "round 3 twin: [0] of the call in a chained ordering",
        K(
            *DP,
            "vllm/aeon/r108dp22.py",
            RUNNER + "class AeonDPRunner22(GPUModelRunner):\n"
            "    def aeon_small_pad(self, num_tokens: int) -> bool:\n"
            "        return 0 < self.get_dp_padding(num_tokens)[0] < 8\n",
            "        return 0 < self.get_dp_padding(num_tokens)[0] < 8",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review108-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
