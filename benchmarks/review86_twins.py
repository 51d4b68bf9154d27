"""Adversarial twins of killers172's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a raising hook upstream calls behind a flag asked of the same object (``drift/raising_hooks.py``'s
  ``_flag_guard``, ``symbols.py``'s ``_flag_declines``; #24254 ``finalize_async()`` in the ``else`` of ``if not
  self.prepare_finalize.supports_async():``): a built prepare/finalize answering False itself, keeping the
  base's False, answering True and filling the hook (the new spelling), a subclass of upstream's filled
  class, a subclass turning upstream's True off, a ``@staticmethod`` answer, an answer handed on to
  ``super()``, a fork mixin answering False ahead of upstream's True, the hook filled by a fork mixin or bound
  as a class attribute; and #23273 (e9b92dcd89), the same shape one commit earlier (``prepare_async()`` in the
  ``else`` of ``if (not ...supports_async() or self.shared_experts is None):``): a built synchronous
  prepare/finalize, a subclass of upstream's filled class;
- a layout the fork re-derives beside the call (``drift/rederived.py``; #21497 ``determine_expert_map``'s
  balanced sharding): the new formula, the fork's own namesake, a method of the name on the fork's class,
  arithmetic over the result and one argument, a division over arguments the call is not handed, an
  evenness assertion under a keyword call, the same arithmetic in a function that does not call it; and
  #13839 (145944cb94), the same shape in ``get_pp_indices`` (the remaining layers spread over all but the last
  partition): the layers read off its result, a local def of the name, the same arithmetic beside
  ``split_tensor_along_last_dim``, whose arithmetic did not change.

Every error on a twin's line is a false one (a warning is counted apart; ``rederived`` only warns, so its
twins show whether it warns, never a false error).  The CASES are the replay's two catches of these
widenings (both warned: nothing builds the asynchronous class, and a re-derived layout is a warning), the
asynchronous class built (an error), #23273's fork class answering its own non-constant flag or its own
constant True (its own namesake at the base: the kernel now calls the ``prepare_async`` it lacks), and #13839's
fork first layer beside ``get_pp_indices`` (warned).

Round 1 (main at 8272302e), 4 cases and 20 twins as first written: 2 caught, 2 warned of 4; 2 false errors of
20: ``supports_async`` handed on to ``super()`` (the base's False: ``flag_answer`` read no constant, so the
flag guarded nothing and the unfilled ``finalize_async`` was an error), and #23273's built synchronous
prepare/finalize, twice over: the hook's call sits in the ``else`` of an ``or`` (``if (not
pf.supports_async() or self.shared_experts is None):``), which ``_asked`` did not read, and the flag, added
refusing in the same change and True in three of upstream's classes, was reported as a capability the class
is now refused (it keeps the synchronous path it always ran: False is its answer, having no
``prepare_async``).
Round 2 (this branch): ``_asked`` reads the ``else`` of an ``or`` (each operand False; its body is not read);
``_flag_answer`` follows a flag handed on to ``super().flag()`` to the next definer along the order
(``hands_up``); ``_declined`` is quiet on a flag added refusing that only gates, on a True answer, a raising
hook of the same base the class inherits unfilled (``_gates_unfilled``; a class filling the hook and keeping
False is still refused).  2 caught, 2 warned of 4; 0 false errors of 20 (3 warned: the new spelling's
``finalize_async``, the fork's own before the merge, now overriding upstream's; the new formula and the
evenness assertion beside ``determine_expert_map``, which only warn).
Round 3 (written after the mends): #23273's own-flag namesakes (True: a case; False: a twin) and #13839 (a case,
three twins).  On main (8272302e): 1 caught, 1 warned of 2; 1 false error of 4 (the own False, in the ``else``
of the ``or``).  This branch: 1 caught, 1 warned; 0 false.
All rounds, main (8272302e): 3 caught, 3 warned of 6; 3 false errors of 24 twins.  This branch: 3 caught, 3
warned of 6; 0 false errors of 24 twins (4 warned).  ``blind_replay_fmlayer.py`` as recorded: 19 caught, 2
warned of 21, 12 quiet, 0 false.  Regression set at this branch's head: killer_replay 26/26,
kind_change_replay 12/12 (5 quiet), blind_replay_attention 21/21 (10 quiet), blind_replay_workerinputs 34 caught,
1 warned of 35 (19 quiet), blind_replay_layerutils 30 caught, 1 warned, 1 missed of 32 (17 quiet): as recorded,
no false error.

  PYTHONPATH=.. python review86_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- dc2979c585 (#24254): supports_async() now also promises finalize_async(), which the kernel calls
FA = ("#24254", "dc2979c585", "supports_async() True now makes the kernel call finalize_async")
FAH = "import torch\n\nimport vllm.model_executor.layers.fused_moe.modular_kernel as mk\n\n\n"
LLH = (
    "import torch\n\n"
    "from vllm.model_executor.layers.fused_moe.deepep_ll_prepare_finalize import DeepEPLLPrepareAndFinalize\n\n\n"
)
FAB = (
    "    def prepare(self, a1, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input, quant_config):\n"
    "        return torch.ops.aeon.dispatch(a1, topk_ids), None, None, None, None\n\n"
    "    def finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input, weight_and_reduce_impl):\n"
    "        torch.ops.aeon.combine(output, fused_expert_output)\n\n"
    "    @property\n"
    "    def activation_format(self):\n"
    "        return mk.FusedMoEActivationFormat.Standard\n\n"
    "    def topk_indices_dtype(self):\n"
    "        return None\n\n"
    "    def max_num_tokens_per_rank(self):\n"
    "        return None\n\n"
    "    def num_dispatchers(self) -> int:\n"
    "        return 1\n"
)
FIN = (
    "    def finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input, weight_and_reduce_impl):\n"
    "        torch.ops.aeon.combine(output, fused_expert_output)\n"
)
ASYNC_FIN = (
    "    def finalize_async(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input, weight_and_reduce_impl):\n"
    "        handle = torch.ops.aeon.combine_async(output, fused_expert_output)\n"
    "        return handle.wait\n"
)
PREP_ASYNC = (
    "    def prepare_async(self, a1, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input, quant_config):\n"
    "        handle = torch.ops.aeon.dispatch_async(a1, topk_ids)\n"
    "        return handle.wait, lambda: (handle.out, None, None, None, None)\n"
)


def built(name: str) -> str:
    """The fork's registry naming the class (a class nothing names is a warning only: dead, or built outside)."""
    return f"\n\nAEON_PREPARE_FINALIZE = {{'spark': {name}}}\n"


def fa(n: int, text: str, line: str) -> Killer:
    return K(*FA, f"vllm/aeon/r86fa{n}.py", text, line)


CASES += [
    (
        "#24254 flagged hook",
        "a prepare/finalize answering supports_async() True without finalize_async (the replay's, unbuilt)",
        fa(
            0,
            FAH + "class AeonOverlapPF(mk.FusedMoEPrepareAndFinalize):\n" + FAB + "\n"
            "    def supports_async(self) -> bool:\n        return True\n\n" + PREP_ASYNC,
            "class AeonOverlapPF(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "the same class built by the fork's registry",
        fa(
            1,
            FAH + "class AeonOverlapPF1(mk.FusedMoEPrepareAndFinalize):\n" + FAB + "\n"
            "    def supports_async(self) -> bool:\n        return True\n\n" + PREP_ASYNC + built("AeonOverlapPF1"),
            "class AeonOverlapPF1(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
]
TWINS += [
    (
        "#24254 flagged hook",
        "twin: a built prepare/finalize answering False itself",
        fa(
            2,
            FAH + "class AeonSyncPF2(mk.FusedMoEPrepareAndFinalize):\n" + FAB + "\n"
            "    def supports_async(self) -> bool:\n        return False\n" + built("AeonSyncPF2"),
            "class AeonSyncPF2(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: a built prepare/finalize keeping the base's False",
        fa(
            3,
            FAH + "class AeonSyncPF3(mk.FusedMoEPrepareAndFinalize):\n" + FAB + built("AeonSyncPF3"),
            "class AeonSyncPF3(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: answering True and filling finalize_async (the new spelling)",
        fa(
            4,
            FAH + "class AeonOverlapPF4(mk.FusedMoEPrepareAndFinalize):\n" + FAB + "\n"
            "    def supports_async(self) -> bool:\n        return True\n\n"
            + PREP_ASYNC
            + "\n"
            + ASYNC_FIN
            + built("AeonOverlapPF4"),
            "class AeonOverlapPF4(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: a subclass of upstream's DeepEP low-latency class (True, filled) overriding finalize",
        fa(
            5,
            LLH + "class AeonLLPF5(DeepEPLLPrepareAndFinalize):\n" + FIN + built("AeonLLPF5"),
            "class AeonLLPF5(DeepEPLLPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: a subclass turning upstream's True off",
        fa(
            6,
            LLH + "class AeonLLPF6(DeepEPLLPrepareAndFinalize):\n" + FIN + "\n"
            "    def supports_async(self) -> bool:\n"
            "        return False  # AEON: the Spark's NVLink-C2C combine is synchronous\n" + built("AeonLLPF6"),
            "class AeonLLPF6(DeepEPLLPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: a staticmethod answering False",
        fa(
            7,
            FAH + "class AeonSyncPF7(mk.FusedMoEPrepareAndFinalize):\n" + FAB + "\n"
            "    @staticmethod\n    def supports_async() -> bool:\n        return False\n" + built("AeonSyncPF7"),
            "class AeonSyncPF7(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: supports_async handed on to super() (the base's False)",
        fa(
            8,
            FAH + "class AeonSyncPF8(mk.FusedMoEPrepareAndFinalize):\n" + FAB + "\n"
            "    def supports_async(self) -> bool:\n"
            "        # AEON: keep upstream's answer; the Spark never overlaps\n"
            "        return super().supports_async()\n" + built("AeonSyncPF8"),
            "class AeonSyncPF8(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: a fork mixin answering False ahead of upstream's True",
        fa(
            9,
            LLH + "class AeonSyncMixin:\n    def supports_async(self) -> bool:\n        return False\n\n\n"
            "class AeonLLPF9(AeonSyncMixin, DeepEPLLPrepareAndFinalize):\n" + FIN + built("AeonLLPF9"),
            "class AeonLLPF9(AeonSyncMixin, DeepEPLLPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: True, finalize_async filled by a fork mixin",
        fa(
            10,
            FAH + "class AeonAsyncCombine:\n" + ASYNC_FIN + "\n\n"
            "class AeonOverlapPF10(AeonAsyncCombine, mk.FusedMoEPrepareAndFinalize):\n" + FAB + "\n"
            "    def supports_async(self) -> bool:\n        return True\n\n" + PREP_ASYNC + built("AeonOverlapPF10"),
            "class AeonOverlapPF10(AeonAsyncCombine, mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: True, finalize_async bound as a class attribute",
        fa(
            11,
            FAH + "def _aeon_finalize_async(self, output, fused_expert_output, *args):\n"
            "    return torch.ops.aeon.combine_async(output, fused_expert_output).wait\n\n\n"
            "class AeonOverlapPF11(mk.FusedMoEPrepareAndFinalize):\n" + FAB + "\n"
            "    def supports_async(self) -> bool:\n        return True\n\n"
            + PREP_ASYNC
            + "\n    finalize_async = _aeon_finalize_async\n"
            + built("AeonOverlapPF11"),
            "class AeonOverlapPF11(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#24254 flagged hook",
        "twin: a False answer behind a version test (both branches False)",
        fa(
            12,
            "import sys\n\n" + FAH + "class AeonSyncPF12(mk.FusedMoEPrepareAndFinalize):\n" + FAB + "\n"
            "    def supports_async(self) -> bool:\n"
            "        if sys.version_info >= (3, 12):\n"
            "            return False\n"
            "        return False\n" + built("AeonSyncPF12"),
            "class AeonSyncPF12(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
]

# --- e9b92dcd89 (#23273): supports_async() added (False in the base), prepare_async() raising, filled in
# three of upstream's classes; the kernel calls it in the else of ``if (not ...supports_async() or
# self.shared_experts is None):``
PA = ("#23273", "e9b92dcd89", "prepare_async called when supports_async() and shared experts")
PAB = (
    "    def prepare(self, a1, a1_scale, a2_scale, topk_weights, topk_ids, num_experts, expert_map, apply_router_weight_on_input, quant_config):\n"
    "        return torch.ops.aeon.dispatch(a1, topk_ids), a1_scale, None, None, None\n\n"
    "    def finalize(self, output, fused_expert_output, topk_weights, topk_ids, apply_router_weight_on_input, weight_and_reduce_impl):\n"
    "        torch.ops.aeon.combine(output, fused_expert_output)\n\n"
    "    @property\n"
    "    def activation_format(self):\n"
    "        return mk.FusedMoEActivationFormat.Standard\n\n"
    "    def topk_indices_dtype(self):\n"
    "        return None\n\n"
    "    def max_num_tokens_per_rank(self):\n"
    "        return None\n\n"
    "    def num_dispatchers(self) -> int:\n"
    "        return 1\n"
)


def pa(n: int, text: str, line: str) -> Killer:
    return K(*PA, f"vllm/aeon/r86pa{n}.py", text, line)


CASES += [
    (
        "#23273 flagged hook",
        "a built prepare/finalize answering its own overlap setting",
        pa(
            0,
            FAH + "class AeonOverlapPA0(mk.FusedMoEPrepareAndFinalize):\n"
            "    def __init__(self, overlap: bool) -> None:\n        super().__init__()\n        self.overlap = overlap\n\n"
            + PAB
            + "\n    def supports_async(self) -> bool:\n        return self.overlap  # AEON: the Spark's own flag\n"
            + built("AeonOverlapPA0"),
            "class AeonOverlapPA0(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
]
TWINS += [
    (
        "#23273 flagged hook",
        "twin: a built synchronous prepare/finalize (the base's False)",
        pa(
            1,
            FAH + "class AeonSyncPA1(mk.FusedMoEPrepareAndFinalize):\n" + PAB + built("AeonSyncPA1"),
            "class AeonSyncPA1(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
    (
        "#23273 flagged hook",
        "twin: a built subclass of upstream's DeepEP low-latency class",
        pa(
            2,
            LLH + "class AeonLLPA2(DeepEPLLPrepareAndFinalize):\n" + FIN + built("AeonLLPA2"),
            "class AeonLLPA2(DeepEPLLPrepareAndFinalize):",
        ),
    ),
]

CASES += [
    (
        "#23273 flagged hook",
        "a built prepare/finalize whose own supports_async() answered True at the base",
        pa(
            3,
            FAH + "class AeonOverlapPA3(mk.FusedMoEPrepareAndFinalize):\n" + PAB + "\n"
            "    def supports_async(self) -> bool:\n"
            "        return True  # AEON: the fork's own flag, read by its own overlap path\n"
            + built("AeonOverlapPA3"),
            "class AeonOverlapPA3(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
]
TWINS += [
    (
        "#23273 flagged hook",
        "twin: a built prepare/finalize whose own supports_async() answered False at the base",
        pa(
            4,
            FAH + "class AeonSyncPA4(mk.FusedMoEPrepareAndFinalize):\n" + PAB + "\n"
            "    def supports_async(self) -> bool:\n"
            "        return False  # AEON: the fork's own flag\n" + built("AeonSyncPA4"),
            "class AeonSyncPA4(mk.FusedMoEPrepareAndFinalize):",
        ),
    ),
]

# --- fe56180c7f (#21497): determine_expert_map spreads the remainder over the first ranks, not the last
EM = ("#21497", "fe56180c7f", "determine_expert_map: balanced sharding")
EMH = "from vllm.model_executor.layers.fused_moe.layer import determine_expert_map\n\n\n"


def em(n: int, text: str, line: str) -> Killer:
    return K(*EM, f"vllm/aeon/r86em{n}.py", text, line)


CASES += [
    (
        "#21497 re-derived layout",
        "the fork's own first-expert arithmetic (the replay's)",
        em(
            0,
            EMH + "def aeon_local_range(ep_size: int, ep_rank: int, num_experts: int) -> range:\n"
            "    local, _ = determine_expert_map(ep_size, ep_rank, num_experts)\n"
            "    first = ep_rank * (num_experts // ep_size)\n"
            "    return range(first, first + local)\n",
            "    first = ep_rank * (num_experts // ep_size)",
        ),
    ),
]
TWINS += [
    (
        "#21497 re-derived layout",
        "twin: the new formula",
        em(
            1,
            EMH + "def aeon_local_range(ep_size: int, ep_rank: int, num_experts: int) -> range:\n"
            "    local, _ = determine_expert_map(ep_size, ep_rank, num_experts)\n"
            "    first = ep_rank * (num_experts // ep_size) + min(ep_rank, num_experts % ep_size)\n"
            "    return range(first, first + local)\n",
            "    first = ep_rank * (num_experts // ep_size) + min(ep_rank, num_experts % ep_size)",
        ),
    ),
    (
        "#21497 re-derived layout",
        "twin: the fork's own determine_expert_map",
        em(
            2,
            "def determine_expert_map(ep_size: int, ep_rank: int, num_experts: int) -> tuple[int, int]:\n"
            "    return num_experts // ep_size, ep_rank * (num_experts // ep_size)  # AEON: the Spark's layout\n\n\n"
            "def aeon_local_range(ep_size: int, ep_rank: int, num_experts: int) -> range:\n"
            "    local, _ = determine_expert_map(ep_size, ep_rank, num_experts)\n"
            "    first = ep_rank * (num_experts // ep_size)\n"
            "    return range(first, first + local)\n",
            "    first = ep_rank * (num_experts // ep_size)",
        ),
    ),
    (
        "#21497 re-derived layout",
        "twin: a method of the name on the fork's class",
        em(
            3,
            "class AeonLoader:\n"
            "    def determine_expert_map(self, ep_size: int, ep_rank: int, num_experts: int) -> int:\n"
            "        return num_experts // ep_size\n\n"
            "    def aeon_first(self, ep_size: int, ep_rank: int, num_experts: int) -> int:\n"
            "        local = self.determine_expert_map(ep_size, ep_rank, num_experts)\n"
            "        return ep_rank * (num_experts // ep_size) + 0 * local\n",
            "        return ep_rank * (num_experts // ep_size) + 0 * local",
        ),
    ),
    (
        "#21497 re-derived layout",
        "twin: arithmetic over the result and one argument",
        em(
            4,
            EMH + "def aeon_blocks(ep_size: int, ep_rank: int, num_experts: int) -> int:\n"
            "    local, _ = determine_expert_map(ep_size, ep_rank, num_experts)\n"
            "    return num_experts // local\n",
            "    return num_experts // local",
        ),
    ),
    (
        "#21497 re-derived layout",
        "twin: a division over arguments the call is not handed",
        em(
            5,
            EMH
            + "def aeon_shard(ep_size: int, ep_rank: int, num_experts: int, tp_rank: int, tp_size: int, hidden: int) -> int:\n"
            "    local, _ = determine_expert_map(ep_size, ep_rank, num_experts)\n"
            "    return local * (tp_rank * (hidden // tp_size))\n",
            "    return local * (tp_rank * (hidden // tp_size))",
        ),
    ),
    (
        "#21497 re-derived layout",
        "twin: an evenness assertion under a keyword call",
        em(
            6,
            EMH + "def aeon_even(ep_size: int, ep_rank: int, num_experts: int) -> int:\n"
            "    assert num_experts % ep_size == 0  # AEON: the Spark's checkpoints shard evenly\n"
            "    local, _ = determine_expert_map(ep_size=ep_size, ep_rank=ep_rank, global_num_experts=num_experts)\n"
            "    return local\n",
            "    assert num_experts % ep_size == 0  # AEON: the Spark's checkpoints shard evenly",
        ),
    ),
    (
        "#21497 re-derived layout",
        "twin: the same arithmetic in a function that does not call it",
        em(
            7,
            EMH + "def aeon_local(ep_size: int, ep_rank: int, num_experts: int) -> int:\n"
            "    return determine_expert_map(ep_size, ep_rank, num_experts)[0]\n\n\n"
            "def aeon_tp_first(tp_size: int, tp_rank: int, vocab: int) -> int:\n"
            "    return tp_rank * (vocab // tp_size)\n",
            "    return tp_rank * (vocab // tp_size)",
        ),
    ),
]


# --- 145944cb94 (#13839): get_pp_indices spreads the remaining layers over all but the last partition
PP = ("#13839", "145944cb94", "get_pp_indices: remaining layers spread before the last partition")
PPH = "from vllm.distributed.utils import get_pp_indices, split_tensor_along_last_dim\n\n\n"


def pp(n: int, text: str, line: str) -> Killer:
    return K(*PP, f"vllm/aeon/r86pp{n}.py", text, line)


CASES += [
    (
        "#13839 re-derived layout",
        "the fork's own first layer beside get_pp_indices",
        pp(
            0,
            PPH + "def aeon_owned_layers(num_hidden_layers: int, pp_rank: int, pp_size: int) -> list[int]:\n"
            "    start, end = get_pp_indices(num_hidden_layers, pp_rank, pp_size)\n"
            "    first = pp_rank * (num_hidden_layers // pp_size)  # AEON: the Spark's checkpoint shards\n"
            "    return list(range(first, first + end - start))\n",
            "    first = pp_rank * (num_hidden_layers // pp_size)  # AEON: the Spark's checkpoint shards",
        ),
    ),
]
TWINS += [
    (
        "#13839 re-derived layout",
        "twin: the layers read off get_pp_indices's result",
        pp(
            1,
            PPH + "def aeon_owned_layers(num_hidden_layers: int, pp_rank: int, pp_size: int) -> list[int]:\n"
            "    start, end = get_pp_indices(num_hidden_layers, pp_rank, pp_size)\n"
            "    return list(range(start, end))\n",
            "    return list(range(start, end))",
        ),
    ),
    (
        "#13839 re-derived layout",
        "twin: the fork's own get_pp_indices, a local def of the name",
        pp(
            2,
            "def aeon_owned_layers(num_hidden_layers: int, pp_rank: int, pp_size: int) -> list[int]:\n"
            "    def get_pp_indices(n: int, rank: int, size: int) -> tuple[int, int]:\n"
            "        return rank * (n // size), (rank + 1) * (n // size)\n\n"
            "    start, end = get_pp_indices(num_hidden_layers, pp_rank, pp_size)\n"
            "    first = pp_rank * (num_hidden_layers // pp_size)\n"
            "    return list(range(first, first + end - start))\n",
            "    first = pp_rank * (num_hidden_layers // pp_size)",
        ),
    ),
    (
        "#13839 re-derived layout",
        "twin: the same shape beside a function whose arithmetic did not change",
        pp(
            3,
            PPH + "def aeon_chunks(x, n: int) -> int:\n"
            "    parts = split_tensor_along_last_dim(x, n)\n"
            "    return len(parts) * (x.shape[-1] // n)\n",
            "    return len(parts) * (x.shape[-1] // n)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review86-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
