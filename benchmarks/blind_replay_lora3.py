"""A blind replay of the LoRA layers, managers and helpers a fork's NVFP4 LoRA carries subclass or call.

9 first-parent commits on ``vllm/lora/`` -- the layers, the model manager, the punica wrapper and the helpers a
fork that carries a LoRA layer for its own NVFP4 linear and reads adapter state in its serving path writes code
against: ``vllm/lora/layers.py`` split into a package that no longer re-exports ``BaseLinearLayerWithLoRA``,
``_get_lora_device`` or ``_not_fully_sharded_can_replace`` (#24574); ``lora_a``/``lora_b`` kept as stored
(``[rank, in]``/``[out, rank]``) instead of transposed on load, so the layers slice rows, not columns (#25403);
``BaseLinearLayerWithLoRA.__init__`` now reading ``base_layer.tp_size``/``tp_rank`` and the TP getters no longer
imported by the layer modules (#25487); ``RowParallelLinearWithLoRA.forward`` now handing the bias to
``self.apply(x, bias)`` instead of adding it itself (#28972); ``moe_lora_align_block_size`` now called with
``naive_block_assignment=`` by keyword (#33848); ``remove_adapter(lora.id)`` now called on every adapter load,
loaded or not (#31326); ``set_adapter_mapping`` refreshing on a changed slot layout too (#47725);
``_match_target_modules`` also filtering by ``lora_config.target_modules`` (#34984); and
``parse_fine_tuned_lora_name`` keeping the whole name when it lacks ``base_model.model.`` (#17196) -- picked
by scanning ``git log --first-parent -p -- vllm/lora`` and skipping the commits ``blind_replay_lora``,
``_lora2``, ``_loramgr`` and ``_punica`` use (#48437, PEFTHelper's ``r <= 0`` check, was dropped while writing:
``r=0`` already raised ZeroDivisionError at its parent).  Each is replayed under 1-3 fork spellings written the
way fork code is written (an import, a module attribute call, a private decorator, a subclass override of
``slice_lora_b``/``set_lora``/``apply``/``moe_lora_align_block_size``/``remove_adapter``/``deactivate_adapter``/
``set_adapter_mapping``/``_match_target_modules``, a ``super().__init__`` over a fork base layer, a shape
index, a split of a parsed name), with twins (fork code the commit does not break: the re-exported names, the
kept ``rank`` field, a ``LinearBase`` base layer, an override passing the bias on or taking ``**kwargs``, a
``.pop`` with a default, a positional ``LoRARequest``, an override calling ``super()``, the name's suffix).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on
its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at be1a91ef): 6 caught, 0 warned, 13 missed of 19 (twins: 10
quiet, 0 false errors).  Symbol drift caught #24574's three (the linear base and the two private helpers the new
package no longer re-exports), #25487's TP getter imported from the layer module, and #33848's two overrides
refusing ``naive_block_assignment=``.  The misses: #25403's three (``lora_a``/``lora_b`` now kept untransposed:
a ``slice_lora_b`` slicing columns, a ``set_lora`` copying ``lora_a.T``, a rank read off ``lora_a.shape[1]``:
a tensor's layout changed with no name, type or signature to show it); #25487's fork base layer without
``tp_size`` (the base's constructor now reads ``self.base_layer.tp_size``; the fork's NVFP4 linear derives from
``nn.Module``); #28972's three (``apply`` overrides bias-less or ignoring the ``bias`` the row layer's
``forward`` now hands them); #31326's two (a ``remove_adapter``/``deactivate_adapter`` override indexing its
own table, now called for adapters never loaded); #47725's two and #34984's one (overrides copying the old
body's guard or return, which upstream rewrote); #17196's one (a layer index read off the parsed name's first
part, which now keeps ``model.layers.``).
After the killers208 widenings: 9 caught, 6 warned, 4 missed of 19 (twins: 10 quiet, 0 false errors).  Caught
now: #28972's three, an override refusing (or taking and never reading) the argument a method its class inherits
now hands it by position where that method's calls of it at the merge base handed fewer
(``drift/handed_positions.py``).  Warned now: #31326's two, an override looking its key up unguarded in a table
of its own, where upstream now calls the hook (or a method of its class handing the key on to it) from a function
that never called it (``drift/absent_keys.py``: the new call may hand only keys the table holds); #47725's two
and #34984's one, an override repeating a test or a returned expression of the base's old body that upstream
rewrote -- word for word, or the old test inverted inside ``or`` when it reads a field of ``self``, also through
a subclass of upstream's file that inherits the method (``drift/stale_copies.py``'s ``_rewritten_tests``: a
warning as for a stale call, the fork may keep the old one on purpose); #25487's fork base layer, a base
constructor now reading ``tp_size``/``tp_rank`` off the object a fork subclass's ``super().__init__`` hands it, of
a fork class naming neither (``drift/handed_members.py``: a warning, ``nn.Module`` may bring a name).  Left
missed: #25403's three (a tensor's layout changed under the same names, types and signatures: nothing static
says the rows and columns swapped) and #17196's parsed name (a string's shape changed inside an unchanged
function's return).
Regression set at the widenings' head (f735f756): killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
review84_twins 9/9, 0 false of 29, blind_replay_quantkern 13 caught, 0 warned, 4 missed of 17 (9 quiet),
review30_twins 0 caught, 3 warned of 3, 0 false of 16 (1 warned), blind_replay_loramgr 17 caught, 1 warned of 18
(11 quiet), blind_replay_lora2 17 caught, 1 warned of 18 (10 quiet), blind_replay_punica 9 caught, 2 warned of 11
(7 quiet), blind_replay_lora 33/33 (16 quiet), blind_replay_coreclient 18 caught, 3 warned of 21 (10 quiet, 1
warned), blind_replay_cfgparts 19 caught, 2 warned of 21 (12 quiet, 1 warned), blind_replay_enginecore 12/12 (9
quiet), blind_replay_customops 13 caught, 1 warned of 14 (11 quiet, 2 warned), review81_twins 5 caught, 3 warned
of 8, 0 false of 30 (2 warned), blind_replay_mtpmodels 16 caught, 5 warned, 1 missed of 22 (11 quiet): each as
recorded, 0 false errors; ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4
caught, 8 warnings, as recorded).

Mend78 (branch mend78, main at 38ff2e7e): 10 caught, 7 warned, 2 missed of 19 (twins: 10 quiet, 0 false errors).
Caught now: #25403's ``slice_lora_b`` override (``drift/layouts.py`` widened: a bounded slice along one dim among
bare ``:`` parts is an access, ``lora_b[:, s:e]`` along 1; ``ColumnParallelLinearWithLoRA.slice_lora_b`` now
slices ``lora_b[s:e, :]``, so the subclass's slice of the old dim is a retired access, an error).  Warned now:
#17196's layer index (``drift/shifted_joins.py``, new, under return drift: every return of the module name was
``".".join(parts[2:-2])`` and is ``".".join(parts[start_index:-2])``; a fork read of a leading part of its
``split(".")`` is a warning where the new start is computed -- only the unprefixed keys moved -- and an error
where it is another literal).  Left missed: #25403's ``set_lora`` copying ``lora_a.T`` (upstream's ``.T`` is
dropped in ``BaseLinearLayerWithLoRA.set_lora``, a class of another file than the fork's base
``ReplicatedLinearWithLoRA``, and the method reads ``lora_a`` no other way the layout check counts) and the rank
read off ``lora.lora_a.shape[1]`` (the stores ``loras[name].lora_a = tensor.to(...).t()`` lost their ``.t()``,
but the receiver is untyped and ``bias`` lost its no-op ``.t()`` the same way: a read of ``.shape[i]`` off any
field of such a name would be noise).
Regression set at mend78's head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_dsv2 15 caught, 5 warned of 20 (10 quiet), review101_twins 3 caught, 6 warned of 9 (0 false of 41, 3
warned), blind_replay_tfconfig 24/24 (0 false of 14, 1 warned), blind_replay_hfconfig 18 caught, 4 warned of 22
(12 quiet, 1 warned), blind_replay_kernels 15 caught, 1 warned, 1 missed of 17 (4 quiet), review17_twins 11
caught, 1 warned of 12 (0 false of 23, 2 warned; it stopped on a staticmethod defaulting every parameter in
``drift/dropped_kwargs.py``, on main's engine too, mended here): each as recorded.  Unit tests:
test_ranked_return_drift 15, test_narrowed_dispatch 11, test_shifted_joins 9 (new), test_handed_literals 26 (11
new), test_layout_drift 42 (8 new), test_dropped_kwarg_drift 13 (1 new), with test_lazy_patterns and
test_fleet_profile 137 passed (1 skipped: no Docker).  Speed (drift_speed's 150-commit window, medians of 5, this
machine shared): ranked_return_drift, narrowed_dispatch_drift, shifted_join_drift 0.000 s each (gated on the
fork's lines first), handed_literal_drift 0.045 s against 0.040 s on main (within the noise: 0.062 s against
0.121 s in another pair), layout_drift 0.000 s either way.

Mend80 (branch mend80, main at f6e62e3f): on main's engine 10 caught, 7 warned, 2 missed (as recorded above); now 10
caught, 8 warned, 1 missed of 19 (twins: 10 quiet, 0 false errors). Warned now: #25403's ``set_lora`` copying
``lora_a.T`` (``drift/stale_copies.py`` widened twice: a call whose subscripted receiver was rewritten with its
arguments pairs by its root and callee, ``self.lora_a_stacked[0][..., :lora_a.shape[1],
:lora_a.shape[0]].copy_(lora_a.T)`` with ``[..., :lora_a.shape[0], :lora_a.shape[1]].copy_(lora_a)``; and a fork
class reaches the rewritten method through a base of another file that inherits it, resolved in the merged tree's
class order: ``ReplicatedLinearWithLoRA`` takes ``set_lora`` from ``BaseLinearLayerWithLoRA``). Left missed:
#25403's rank read off ``lora.lora_a.shape[1]`` (as mend78 says: the stores lost a ``.t()`` on an untyped receiver,
and ``bias`` lost a no-op ``.t()`` the same way). Regression set at mend80's head: killer_replay 26/26 blocked,
kind_change_replay 12/12 (5 quiet), blind_replay_kvutils2 11 caught, 4 warned of 15 (8 quiet), blind_replay_dsv2 15
caught, 5 warned of 20 (10 quiet), blind_replay_tfconfig2 19 caught, 1 warned of 20 (12 quiet),
blind_replay_cfgparts 19 caught, 2 warned of 21 (12 quiet, 1 warned), blind_replay_coreclient 18 caught, 3 warned of
21 (10 quiet, 1 warned), blind_replay_kvutils 14 caught, 3 missed of 17 (8 quiet), blind_replay_mtpmodels 16 caught,
5 warned, 1 missed of 22 (11 quiet), review105_twins 6 caught, 1 warned of 7 (0 false of 32, 1 warned),
review134_twins 14 caught, 1 warned of 15 (0 false of 37, 5 warned), review101_twins 3 caught, 6 warned of 9 (0
false of 41, 3 warned), review118_twins 5 caught, 6 warned of 11 (0 false of 24, 4 warned), review122_twins 4
caught, 7 warned of 11 (0 false of 29, 3 warned), review81_twins 5 caught, 3 warned of 8 (0 false of 30, 2 warned),
review85_twins 10 caught, 1 warned of 11 (0 false of 42, 7 warned): each as recorded, 0 false errors. Unit tests:
test_gated_callers 5, test_dropped_limits 8, test_switched_operands 7, test_unpacked_fields 7 (new),
test_handed_literals 40 (6 new), test_stale_copies 39 (4 new), test_retuned_copies 19, the device-gate files
(test_device_gates, test_device_gate_literals, test_device_gate_keys, test_held_gates, test_native_gates,
test_line_map_cost, hostile/test_sweep14) 178 passed, with test_lazy_patterns and test_fleet_profile. Speed
(drift_speed's 150-commit window, one run of 5 audits each, this machine shared): retuned_copy_drift 0.116 s
(dropped_limit_drift 0.084 s and switched_operand_drift 0.000 s inside it) against 0.079 s on main,
handed_literal_drift 0.132 s against 0.221 s, stale_copy_drift 0.278 s against 0.490 s (the noise of the shared
machine: audit 26.7 s against 40.6 s), unpacked_field_drift and gated_caller_findings 0.000 s (gated on the fork's
lines and on a raising device gate).

  python benchmarks/blind_replay_lora3.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #24574 (bb3eb80d92): vllm/lora/layers.py split into a package; helpers and the linear base not re-exported
SP = "bb3eb80d92"
SPW = "lora layers split into a package: BaseLinearLayerWithLoRA, _get_lora_device, _not_fully_sharded_can_replace dropped"
CASES += [
    (
        "#24574 module split",
        "an import of the linear base the package no longer re-exports",
        K(
            "#24574",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            "from vllm.lora.layers import BaseLinearLayerWithLoRA\n\n\n"
            "class AeonNvfp4LinearWithLoRA(BaseLinearLayerWithLoRA):\n"
            "    # AEON: the Spark's NVFP4 linear carries its own LoRA wrapper\n"
            "    def aeon_is_nvfp4(self) -> bool:\n"
            "        return True\n",
            "from vllm.lora.layers import BaseLinearLayerWithLoRA",
        ),
    ),
    (
        "#24574 module split",
        "a module attribute call of a private helper",
        K(
            "#24574",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "import torch\n\nfrom vllm.lora import layers as lora_layers\n\n\n"
            "def aeon_lora_device(base_layer: torch.nn.Module) -> torch.device:\n"
            "    # AEON: the NVFP4 linear keeps its packed weight under another name on GB10\n"
            "    return lora_layers._get_lora_device(base_layer)\n",
            "return lora_layers._get_lora_device(base_layer)",
        ),
    ),
    (
        "#24574 module split",
        "a private decorator imported by name",
        K(
            "#24574",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            "from vllm.lora.layers import ColumnParallelLinearWithLoRA, _not_fully_sharded_can_replace\n\n\n"
            "class AeonColumnWithLoRA(ColumnParallelLinearWithLoRA):\n"
            "    # AEON: the Spark serves NVFP4 column shards without fully sharded LoRA\n"
            "    @classmethod\n"
            "    @_not_fully_sharded_can_replace\n"
            "    def can_replace_layer(cls, source_layer, lora_config, packed_modules_list, model_config=None) -> bool:\n"
            "        return False\n",
            "from vllm.lora.layers import ColumnParallelLinearWithLoRA, _not_fully_sharded_can_replace",
        ),
    ),
    (
        "#24574 module split",
        "twin: the names the package re-exports",
        K(
            "#24574",
            SP,
            SPW,
            "vllm/aeon/sp4.py",
            "from vllm.lora.layers import LoRAMapping, ReplicatedLinearWithLoRA\n\n\n"
            "class AeonReplicatedWithLoRA(ReplicatedLinearWithLoRA):\n"
            "    pass\n\n\n"
            "def aeon_mapping(ids: tuple[int, ...]) -> LoRAMapping:\n"
            "    return LoRAMapping(ids, ids)\n",
            "from vllm.lora.layers import LoRAMapping, ReplicatedLinearWithLoRA",
        ),
    ),
]

# --- #25403 (273690a50a): lora_a/lora_b kept as stored ([rank, in] / [out, rank]), no longer transposed
OR = "273690a50a"
ORW = "LoRALayerWeights.lora_a/lora_b no longer transposed on load; the layers slice and copy rows"
CASES += [
    (
        "#25403 tensor orientation",
        "a slice_lora_b override slicing the old column axis",
        K(
            "#25403",
            OR,
            ORW,
            "vllm/aeon/or1.py",
            "import torch\n\nfrom vllm.distributed import get_tensor_model_parallel_rank\n"
            "from vllm.lora.layers import ColumnParallelLinearWithLoRA\n\n\n"
            "class AeonNvfp4ColumnWithLoRA(ColumnParallelLinearWithLoRA):\n"
            "    # AEON: the NVFP4 column shard is padded to 128 rows on sm_121a\n"
            "    def slice_lora_b(self, lora_b: torch.Tensor) -> torch.Tensor:\n"
            "        start = get_tensor_model_parallel_rank() * self.output_size\n"
            "        return lora_b[:, start : start + self.output_size]\n",
            "return lora_b[:, start : start + self.output_size]",
        ),
    ),
    (
        "#25403 tensor orientation",
        "a set_lora override copying the transpose",
        K(
            "#25403",
            OR,
            ORW,
            "vllm/aeon/or2.py",
            "import torch\n\nfrom vllm.lora.layers import ReplicatedLinearWithLoRA\n\n\n"
            "class AeonNvfp4ReplicatedWithLoRA(ReplicatedLinearWithLoRA):\n"
            "    # AEON: the Spark copies adapters into its own stacked buffer\n"
            "    def set_lora(self, index, lora_a, lora_b, embeddings_tensor, lora_bias=None):\n"
            "        self.reset_lora(index)\n"
            "        self.lora_a_stacked[0][index, 0, : lora_a.shape[1], : lora_a.shape[0]].copy_(lora_a.T, non_blocking=True)\n"
            "        self.lora_b_stacked[0][index, 0, : lora_b.shape[1], : lora_b.shape[0]].copy_(lora_b.T, non_blocking=True)\n",
            "self.lora_a_stacked[0][index, 0, : lora_a.shape[1], : lora_a.shape[0]].copy_(lora_a.T, non_blocking=True)",
        ),
    ),
    (
        "#25403 tensor orientation",
        "a rank read off the loaded lora_a's second axis",
        K(
            "#25403",
            OR,
            ORW,
            "vllm/aeon/or3.py",
            "from vllm.lora.models import LoRAModel\n\n\n"
            "def aeon_max_rank(model: LoRAModel) -> int:\n"
            "    # AEON: the Spark sizes its NVFP4 LoRA scratch by the widest adapter\n"
            "    return max(lora.lora_a.shape[1] for lora in model.loras.values())\n",
            "return max(lora.lora_a.shape[1] for lora in model.loras.values())",
        ),
    ),
    (
        "#25403 tensor orientation",
        "twin: the kept rank field",
        K(
            "#25403",
            OR,
            ORW,
            "vllm/aeon/or4.py",
            "from vllm.lora.models import LoRAModel\n\n\n"
            "def aeon_max_rank2(model: LoRAModel) -> int:\n"
            "    return max(lora.rank for lora in model.loras.values())\n",
            "return max(lora.rank for lora in model.loras.values())",
        ),
    ),
]

# --- #25487 (5abb117901): BaseLinearLayerWithLoRA reads base_layer.tp_size/tp_rank; the TP getters no longer imported
TP = "5abb117901"
TPW = "BaseLinearLayerWithLoRA.__init__ now reads base_layer.tp_size/tp_rank; TP getters dropped from the layer modules"
CASES += [
    (
        "#25487 attribute now read off a parameter",
        "a fork base layer without tp_size wrapped by a subclass",
        K(
            "#25487",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            "import torch\nfrom torch import nn\n\nfrom vllm.lora.layers.base_linear import BaseLinearLayerWithLoRA\n\n\n"
            "class AeonNvfp4Linear(nn.Module):\n"
            "    # AEON: the Spark's NVFP4 linear (GB10), not a LinearBase\n"
            "    def __init__(self, input_size: int, output_size: int) -> None:\n"
            "        super().__init__()\n"
            "        self.input_size = input_size\n"
            "        self.output_size = output_size\n"
            "        self.weight = nn.Parameter(torch.empty(output_size, input_size // 2, dtype=torch.uint8))\n\n\n"
            "class AeonNvfp4LinearWithLoRA(BaseLinearLayerWithLoRA):\n"
            "    def __init__(self, base_layer: AeonNvfp4Linear) -> None:\n"
            "        super().__init__(base_layer)\n"
            "        self.output_size = base_layer.output_size\n"
            "        self.n_slices = 1\n",
            "super().__init__(base_layer)",
        ),
    ),
    (
        "#25487 attribute now read off a parameter",
        "an import of a TP getter from the LoRA layer module",
        K(
            "#25487",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            "from vllm.lora.layers.row_parallel_linear import RowParallelLinearWithLoRA, get_tensor_model_parallel_rank\n\n\n"
            "class AeonRowWithLoRA(RowParallelLinearWithLoRA):\n"
            "    # AEON: the Spark runs one rank; the fork pins its shard index\n"
            "    def aeon_rank(self) -> int:\n"
            "        return get_tensor_model_parallel_rank()\n",
            "from vllm.lora.layers.row_parallel_linear import RowParallelLinearWithLoRA, get_tensor_model_parallel_rank",
        ),
    ),
    (
        "#25487 attribute now read off a parameter",
        "twin: a subclass wrapping a LinearBase",
        K(
            "#25487",
            TP,
            TPW,
            "vllm/aeon/tp3.py",
            "from vllm.lora.layers.base_linear import BaseLinearLayerWithLoRA\n"
            "from vllm.model_executor.layers.linear import ReplicatedLinear\n\n\n"
            "class AeonReplicatedWithLoRA2(BaseLinearLayerWithLoRA):\n"
            "    def __init__(self, base_layer: ReplicatedLinear) -> None:\n"
            "        super().__init__(base_layer)\n"
            "        self.output_size = base_layer.output_size\n"
            "        self.n_slices = 1\n",
            "super().__init__(base_layer)",
        ),
    ),
]

# --- #28972 (0cca9b4d13): RowParallelLinearWithLoRA.forward now passes the bias into self.apply
RB = "0cca9b4d13"
RBW = "RowParallelLinearWithLoRA.forward calls self.apply(x, bias) and no longer adds the bias itself"
RP = "import torch\n\nfrom vllm.lora.layers import RowParallelLinearWithLoRA\n\n\n"
CASES += [
    (
        "#28972 override now called with another argument",
        "an apply override without a bias parameter",
        K(
            "#28972",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            RP + "class AeonNvfp4RowWithLoRA(RowParallelLinearWithLoRA):\n"
            "    # AEON: the Spark's NVFP4 GEMM takes the activations only\n"
            "    def apply(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        output = self.base_layer.quant_method.apply(self.base_layer, x)\n"
            "        self.punica_wrapper.add_lora_linear(output, x, self.lora_a_stacked, self.lora_b_stacked, 1.0, self.output_slices)\n"
            "        return output\n",
            "def apply(self, x: torch.Tensor) -> torch.Tensor:",
        ),
    ),
    (
        "#28972 override now called with another argument",
        "an apply override that drops the bias it is given",
        K(
            "#28972",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            RP + "class AeonNvfp4RowWithLoRA2(RowParallelLinearWithLoRA):\n"
            "    # AEON: the Spark's NVFP4 GEMM has no bias epilogue\n"
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            "        output = self.base_layer.quant_method.apply(self.base_layer, x)\n"
            "        self.punica_wrapper.add_lora_linear(output, x, self.lora_a_stacked, self.lora_b_stacked, 1.0, self.output_slices)\n"
            "        return output\n",
            "def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:",
        ),
    ),
    (
        "#28972 override now called with another argument",
        "an apply override on the sharded subclass, bias-less",
        K(
            "#28972",
            RB,
            RBW,
            "vllm/aeon/rb4.py",
            "import torch\n\nfrom vllm.lora.layers import RowParallelLinearWithShardedLoRA\n\n\n"
            "class AeonShardedRowWithLoRA(RowParallelLinearWithShardedLoRA):\n"
            "    # AEON: the Spark casts activations to bf16 before the sharded LoRA GEMM\n"
            "    def apply(self, x):\n"
            "        return super().apply(x.to(torch.bfloat16))\n",
            "def apply(self, x):",
        ),
    ),
    (
        "#28972 override now called with another argument",
        "twin: an apply override passing the bias on",
        K(
            "#28972",
            RB,
            RBW,
            "vllm/aeon/rb3.py",
            RP + "class AeonNvfp4RowWithLoRA3(RowParallelLinearWithLoRA):\n"
            "    def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            "        return super().apply(x.contiguous(), bias)\n",
            "def apply(self, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:",
        ),
    ),
]

# --- #33848 (e1d97c38f8): FusedMoEWithLoRA passes naive_block_assignment= by keyword to the punica wrapper
NB = "e1d97c38f8"
NBW = "moe_lora_align_block_size now called with naive_block_assignment= by keyword"
CASES += [
    (
        "#33848 override now called with a keyword",
        "a GPU wrapper override with the base's old parameter list",
        K(
            "#33848",
            NB,
            NBW,
            "vllm/aeon/nb1.py",
            "import torch\n\nfrom vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
            "class AeonPunicaWrapper(PunicaWrapperGPU):\n"
            "    # AEON: sm_121a aligns MoE LoRA blocks with its own kernel\n"
            "    def moe_lora_align_block_size(\n"
            "        self, topk_ids, num_tokens, block_size, num_experts, max_loras, adapter_enabled,\n"
            "        expert_map=None, pad_sorted_ids=False,\n"
            "    ):\n"
            "        return super().moe_lora_align_block_size(\n"
            "            topk_ids, num_tokens, block_size, num_experts, max_loras, adapter_enabled, expert_map\n"
            "        )\n",
            "def moe_lora_align_block_size(",
        ),
    ),
    (
        "#33848 override now called with a keyword",
        "an override on a base-derived wrapper",
        K(
            "#33848",
            NB,
            NBW,
            "vllm/aeon/nb2.py",
            "import torch\n\nfrom vllm.lora.punica_wrapper.punica_base import PunicaWrapperBase\n\n\n"
            "class AeonSparkPunica(PunicaWrapperBase):\n"
            "    # AEON: the Spark's own punica wrapper for aarch64\n"
            "    def moe_lora_align_block_size(self, topk_ids: torch.Tensor, num_tokens: int, block_size: int, num_experts: int, max_loras: int, adapter_enabled: torch.Tensor, expert_map: torch.Tensor | None = None, pad_sorted_ids: bool = False):\n"
            "        raise NotImplementedError\n",
            "def moe_lora_align_block_size(self, topk_ids: torch.Tensor, num_tokens: int, block_size: int, num_experts: int, max_loras: int, adapter_enabled: torch.Tensor, expert_map: torch.Tensor | None = None, pad_sorted_ids: bool = False):",
        ),
    ),
    (
        "#33848 override now called with a keyword",
        "twin: an override taking **kwargs",
        K(
            "#33848",
            NB,
            NBW,
            "vllm/aeon/nb3.py",
            "from vllm.lora.punica_wrapper.punica_gpu import PunicaWrapperGPU\n\n\n"
            "class AeonPunicaWrapper3(PunicaWrapperGPU):\n"
            "    def moe_lora_align_block_size(self, *args, **kwargs):\n"
            "        return super().moe_lora_align_block_size(*args, **kwargs)\n",
            "def moe_lora_align_block_size(self, *args, **kwargs):",
        ),
    ),
]

# --- #31326 (12dab78f49): LRUCacheWorkerLoRAManager.add_adapter now calls remove_adapter(id) on every fresh load
IP = "12dab78f49"
IPW = "remove_adapter(lora.id) now called on every adapter load, present or not; LoRARequest.load_inplace appended"
CASES += [
    (
        "#31326 override now called for absent keys",
        "a remove_adapter override deleting its own per-adapter state",
        K(
            "#31326",
            IP,
            IPW,
            "vllm/aeon/ip1.py",
            "from vllm.lora.model_manager import LRUCacheLoRAModelManager\n\n\n"
            "class AeonLoRAModelManager(LRUCacheLoRAModelManager):\n"
            "    # AEON: the Spark keeps one NVFP4 scale block per loaded adapter\n"
            "    _aeon_scales: dict[int, object] = {}\n\n"
            "    def remove_adapter(self, adapter_id: int) -> bool:\n"
            "        del self._aeon_scales[adapter_id]\n"
            "        return super().remove_adapter(adapter_id)\n",
            "del self._aeon_scales[adapter_id]",
        ),
    ),
    (
        "#31326 override now called for absent keys",
        "a deactivate_adapter override indexing its slot table",
        K(
            "#31326",
            IP,
            IPW,
            "vllm/aeon/ip2.py",
            "from vllm.lora.model_manager import LRUCacheLoRAModelManager\n\n\n"
            "class AeonLoRAModelManager2(LRUCacheLoRAModelManager):\n"
            "    # AEON: the Spark pins each active adapter's slot in its graph pool\n"
            "    _aeon_slot_of: dict[int, int] = {}\n\n"
            "    def deactivate_adapter(self, adapter_id: int) -> bool:\n"
            "        slot = self._aeon_slot_of[adapter_id]\n"
            "        self._aeon_slot_of.pop(adapter_id)\n"
            "        return super().deactivate_adapter(adapter_id) and slot >= 0\n",
            "slot = self._aeon_slot_of[adapter_id]",
        ),
    ),
    (
        "#31326 override now called for absent keys",
        "twin: a remove_adapter override popping with a default",
        K(
            "#31326",
            IP,
            IPW,
            "vllm/aeon/ip3.py",
            "from vllm.lora.model_manager import LRUCacheLoRAModelManager\n\n\n"
            "class AeonLoRAModelManager3(LRUCacheLoRAModelManager):\n"
            "    _aeon_scales: dict[int, object] = {}\n\n"
            "    def remove_adapter(self, adapter_id: int) -> bool:\n"
            "        self._aeon_scales.pop(adapter_id, None)\n"
            "        return super().remove_adapter(adapter_id)\n",
            "self._aeon_scales.pop(adapter_id, None)",
        ),
    ),
    (
        "#31326 override now called for absent keys",
        "twin: a positional LoRARequest build",
        K(
            "#31326",
            IP,
            IPW,
            "vllm/aeon/ip4.py",
            "from vllm.lora.request import LoRARequest\n\n\n"
            "def aeon_request(path: str) -> LoRARequest:\n"
            "    # AEON: the Spark's serving path names its speculative-decoding adapter\n"
            '    return LoRARequest("aeon-draft", 1, path)\n',
            'return LoRARequest("aeon-draft", 1, path)',
        ),
    ),
]

# --- #47725 (392d1b4d2e): set_adapter_mapping also refreshes when the slot layout changed
SL = "392d1b4d2e"
SLW = "LoRAModelManager.set_adapter_mapping refreshes on a changed slot layout too"
CASES += [
    (
        "#47725 base method's body changed under an override",
        "an override copying the old body",
        K(
            "#47725",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            "from vllm.lora.layers import LoRAMapping\nfrom vllm.lora.model_manager import LoRAModelManager\n\n\n"
            "class AeonMappingManager(LoRAModelManager):\n"
            "    # AEON: the Spark counts mapping refreshes for its graph replays\n"
            "    aeon_refreshes = 0\n\n"
            "    def set_adapter_mapping(self, mapping: LoRAMapping) -> None:\n"
            "        if self._last_mapping != mapping:\n"
            "            self._set_adapter_mapping(mapping)\n"
            "            self._last_mapping = mapping\n"
            "            self.aeon_refreshes += 1\n",
            "if self._last_mapping != mapping:",
        ),
    ),
    (
        "#47725 base method's body changed under an override",
        "an override with the old early-return guard",
        K(
            "#47725",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            "from vllm.lora.layers import LoRAMapping\nfrom vllm.lora.model_manager import LRUCacheLoRAModelManager\n\n\n"
            "class AeonMappingManager3(LRUCacheLoRAModelManager):\n"
            "    # AEON: the Spark skips the punica refresh while a CUDA graph replays\n"
            "    aeon_in_replay = False\n\n"
            "    def set_adapter_mapping(self, mapping: LoRAMapping) -> None:\n"
            "        if self.aeon_in_replay or mapping == self._last_mapping:\n"
            "            return\n"
            "        self._set_adapter_mapping(mapping)\n"
            "        self._last_mapping = mapping\n",
            "if self.aeon_in_replay or mapping == self._last_mapping:",
        ),
    ),
    (
        "#47725 base method's body changed under an override",
        "twin: an override calling super() first",
        K(
            "#47725",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "from vllm.lora.layers import LoRAMapping\nfrom vllm.lora.model_manager import LoRAModelManager\n\n\n"
            "class AeonMappingManager2(LoRAModelManager):\n"
            "    aeon_calls = 0\n\n"
            "    def set_adapter_mapping(self, mapping: LoRAMapping) -> None:\n"
            "        super().set_adapter_mapping(mapping)\n"
            "        self.aeon_calls += 1\n",
            "super().set_adapter_mapping(mapping)",
        ),
    ),
]

# --- #34984 (3717a4dd47): _match_target_modules also applies LoRAConfig.target_modules
TM = "3717a4dd47"
TMW = "LoRAModelManager._match_target_modules also filters by lora_config.target_modules"
CASES += [
    (
        "#34984 base method's body changed under an override",
        "an override copying the old regex body",
        K(
            "#34984",
            TM,
            TMW,
            "vllm/aeon/tm1.py",
            "import regex as re\n\nfrom vllm.lora.model_manager import LoRAModelManager\n\n\n"
            "class AeonTargetManager(LoRAModelManager):\n"
            "    # AEON: the Spark's NVFP4 experts are never LoRA targets\n"
            "    def _match_target_modules(self, module_name: str):\n"
            '        if ".experts." in module_name:\n'
            "            return False\n"
            "        return any(\n"
            '            re.match(r".*\\.{target_module}$".format(target_module=target_module), module_name)\n'
            "            or target_module == module_name\n"
            "            for target_module in self.supported_lora_modules\n"
            "        )\n",
            "def _match_target_modules(self, module_name: str):",
        ),
    ),
    (
        "#34984 base method's body changed under an override",
        "twin: an override narrowing super()'s answer",
        K(
            "#34984",
            TM,
            TMW,
            "vllm/aeon/tm2.py",
            "from vllm.lora.model_manager import LoRAModelManager\n\n\n"
            "class AeonTargetManager2(LoRAModelManager):\n"
            "    def _match_target_modules(self, module_name: str):\n"
            '        return ".experts." not in module_name and super()._match_target_modules(module_name)\n',
            "def _match_target_modules(self, module_name: str):",
        ),
    ),
]

# --- #17196 (756848e79e): parse_fine_tuned_lora_name keeps the whole name when it lacks base_model.model.
PN = "756848e79e"
PNW = "parse_fine_tuned_lora_name no longer drops the first two parts of an unprefixed name"
CASES += [
    (
        "#17196 returned value changed",
        "a layer index read off the parsed name's first part",
        K(
            "#17196",
            PN,
            PNW,
            "vllm/aeon/pn1.py",
            "from vllm.lora.utils import parse_fine_tuned_lora_name\n\n\n"
            "def aeon_layer_of(key: str) -> int:\n"
            "    # AEON: the Spark's draft adapters ship keys without base_model.model.\n"
            "    module, _is_a, _is_bias = parse_fine_tuned_lora_name(key)\n"
            '    return int(module.split(".")[0])\n',
            'return int(module.split(".")[0])',
        ),
    ),
    (
        "#17196 returned value changed",
        "twin: the module suffix",
        K(
            "#17196",
            PN,
            PNW,
            "vllm/aeon/pn2.py",
            "from vllm.lora.utils import parse_fine_tuned_lora_name\n\n\n"
            "def aeon_suffix_of(key: str) -> str:\n"
            "    module, _is_a, _is_bias = parse_fine_tuned_lora_name(key)\n"
            '    return module.split(".")[-1]\n',
            'return module.split(".")[-1]',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-lora3-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
