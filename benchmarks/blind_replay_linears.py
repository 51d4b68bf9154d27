"""A blind replay of the parallel linear, embedding and logits layers every fork model and quant method builds.

8 first-parent commits on ``layers/linear.py``, ``layers/vocab_parallel_embedding.py``,
``layers/logits_processor.py`` and ``custom_op.py`` -- the surface a fork's models and quant methods construct
and subclass: ``ColumnParallelLinear``'s ``output_sizes`` keyword removed (#31939), ``UnquantizedLinearMethod``'s
``separate_bias_add`` removed (#6353), ``LogitsProcessor.forward``'s ``prune_hidden_states`` keyword and the
``_prune_hidden_states`` helper removed (#25332), ``QKVCrossParallelLinear`` deleted (#26475), the linear layers no
longer passing ``prefix=`` to ``create_weights`` (#7825), ``LinearBase`` rebased from ``CustomOp`` onto
``PluggableLayer`` (``enabled()`` and the ``forward_oot`` dispatch gone, #33152), ``LogitsProcessor.forward``'s
``embedding`` tensor renamed ``lm_head`` and made the layer (#4442) and ``LogitsProcessor`` made a ``CustomOp``
(#23564) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other
replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written (a constructor
keyword, a ``super().__init__`` keyword, a read off a typed receiver, an import of a deleted name, a quant
method override that requires an argument the caller stopped passing, a classmethod read off a class whose base
changed, a keyword renamed), with twins (fork code the commit does not break).  The merge base is the commit's
first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 112480b0): 8 caught, 1 warned, 2 missed of 11 (twins: 8 quiet,
0 false errors).  The misses: #6353's ``UnquantizedLinearMethod(separate_bias_add=True)`` (the class's own
``__init__`` deleted, every base left defines none: the constructor is now object's, outside the tree, so
signature drift had nothing to compare with), and #7825's ``extra_weight_attrs['prefix']`` (a key a quant
method override reads off ``**extra_weight_attrs`` that upstream's callers stopped passing).  #7825's override
requiring ``prefix`` is *warned* only by the replay's line choice: the error lands on the ``def create_weights(``
line, the spelling named its continuation line (re-pointed at the ``def`` line after the blind run).
After the killers86 widenings: 11 caught, 0 warned, 0 missed of 11 (twins: 8 quiet, 0 false errors).  Caught now:
an argument to a class whose own ``__init__`` upstream deleted, every class left in its MRO leaving construction
to ``object``/``ABC`` (symbol drift, ``drift/lost_inits.py``); a key a fork method reads off its ``**kwargs``
that every upstream caller of the method stopped passing (symbol drift, ``drift/dropped_kwargs.py``).
Regression at that head: killer_replay 26/26, kind_change_replay 12/12, review16_twins 6/6 and 0 false of 30,
review17_twins 11 caught 1 warned of 12 and 0 false of 23 (as main), blind_replay_quant 27/27 (0 false of 14),
blind_replay_layers 45/45 (0 false of 24), symbol_precision windows 0-1 of 3: 0 false errors (window 2 cut
for time).

After fixY (11 reviewer-confirmed false errors of the two classes quieted: a constructor patched in or given by
``__init_subclass__``, a TypeError-guarded call; a KeyError-guarded, refilled, nested or unrelated-class read):
still 11 caught, 0 warned, 0 missed of 11 (twins: 8 quiet, 0 false errors).  killer_replay 26/26,
kind_change_replay 12/12, blind_replay_quant 27/27 (0 false of 14), review16_twins 6/6 (0 false of 30),
review17_twins 11 caught 1 warned of 12 (0 false of 23).

  python benchmarks/blind_replay_linears.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
LIN = "from vllm.model_executor.layers.linear import "
LP = "from vllm.model_executor.layers.logits_processor import "


def case(pr: str, sha: str, what: str, cls: str, label: str, name: str, text: str, line: str):  # noqa: ANN201
    """One spelling (a label starting with "twin" is a twin) of ``pr`` at ``vllm/aeon/NAME.py``."""
    return (f"{pr} {cls}", label, K(pr, sha, what, f"vllm/aeon/{name}.py", text, line))


# --- #31939 (52d428295d): ColumnParallelLinear's unused output_sizes parameter removed
OS, OSW, OSC = "52d428295d", "ColumnParallelLinear(output_sizes=) removed", "constructor keyword removed"
CASES += [
    case(
        "#31939",
        OS,
        OSW,
        OSC,
        "a keyword to the constructor",
        "os1",
        LIN + "ColumnParallelLinear\n\n\n"
        "def aeon_gate_up(hidden: int, inter: int, prefix: str) -> ColumnParallelLinear:\n"
        "    # AEON: the Spark's fused gate/up shard keeps its packing for the tuned GEMM\n"
        "    return ColumnParallelLinear(hidden, 2 * inter, bias=False, output_sizes=[inter, inter], prefix=prefix)\n",
        "return ColumnParallelLinear(hidden, 2 * inter, bias=False, output_sizes=[inter, inter], prefix=prefix)",
    ),
    case(
        "#31939",
        OS,
        OSW,
        OSC,
        "a super().__init__ keyword in a subclass",
        "os2",
        LIN + "ColumnParallelLinear\n\n\n"
        "class AeonPackedColumn(ColumnParallelLinear):\n"
        "    def __init__(self, input_size: int, sizes: list[int], prefix: str = '') -> None:\n"
        "        super().__init__(input_size, sum(sizes), bias=False, output_sizes=sizes, prefix=prefix)\n"
        "        self.aeon_sizes = sizes\n",
        "super().__init__(input_size, sum(sizes), bias=False, output_sizes=sizes, prefix=prefix)",
    ),
    case(
        "#31939",
        OS,
        OSW,
        OSC,
        "twin: a keyword the constructor keeps",
        "os3",
        LIN + "ColumnParallelLinear\n\n\n"
        "def aeon_proj(hidden: int, out: int, prefix: str) -> ColumnParallelLinear:\n"
        "    return ColumnParallelLinear(hidden, out, bias=False, gather_output=True, prefix=prefix)\n",
        "return ColumnParallelLinear(hidden, out, bias=False, gather_output=True, prefix=prefix)",
    ),
]

# --- #6353 (6047187cd8): UnquantizedLinearMethod's separate_bias_add removed (the __init__ and the attribute)
SB, SBW, SBC = "6047187cd8", "UnquantizedLinearMethod(separate_bias_add=) removed", "method keyword removed"
CASES += [
    case(
        "#6353",
        SB,
        SBW,
        SBC,
        "a keyword to the method's constructor",
        "sb1",
        LIN + "UnquantizedLinearMethod\n\n\n"
        "def aeon_bias_method() -> UnquantizedLinearMethod:\n"
        "    # AEON: GB10's cuBLASLt epilogue is slower than a separate add for skinny M\n"
        "    return UnquantizedLinearMethod(separate_bias_add=True)\n",
        "return UnquantizedLinearMethod(separate_bias_add=True)",
    ),
    case(
        "#6353",
        SB,
        SBW,
        SBC,
        "a read of the removed attribute off a typed receiver",
        "sb2",
        LIN + "UnquantizedLinearMethod\n\n\n"
        "def aeon_adds_bias_apart(method: UnquantizedLinearMethod) -> bool:\n"
        "    return method.separate_bias_add\n",
        "return method.separate_bias_add",
    ),
    case(
        "#6353",
        SB,
        SBW,
        SBC,
        "twin: the method built on no arguments",
        "sb3",
        LIN + "UnquantizedLinearMethod\n\n\n"
        "def aeon_plain_method() -> UnquantizedLinearMethod:\n"
        "    return UnquantizedLinearMethod()\n",
        "return UnquantizedLinearMethod()",
    ),
]

# --- #25332 (26e673fe93): LogitsProcessor.forward(prune_hidden_states=) and _prune_hidden_states removed
PH, PHW, PHC = "26e673fe93", "prune_hidden_states and _prune_hidden_states removed", "forward keyword removed"
CASES += [
    case(
        "#25332",
        PH,
        PHW,
        PHC,
        "a super().forward keyword in an override",
        "ph1",
        "import torch\n\n" + LP + "LogitsProcessor\n\n\n"
        "class AeonLogits(LogitsProcessor):\n"
        "    def forward(self, lm_head, hidden_states: torch.Tensor, sampling_metadata=None, embedding_bias=None):\n"
        "        # AEON: the Spark's runner prunes before the gather already\n"
        "        return super().forward(lm_head, hidden_states, sampling_metadata, embedding_bias, prune_hidden_states=False)\n",
        "return super().forward(lm_head, hidden_states, sampling_metadata, embedding_bias, prune_hidden_states=False)",
    ),
    case(
        "#25332",
        PH,
        PHW,
        PHC,
        "an import of the removed helper",
        "ph2",
        LP + "_prune_hidden_states\n\n\n"
        "def aeon_prune(hidden_states, sampling_metadata):\n"
        "    return _prune_hidden_states(hidden_states, sampling_metadata)\n",
        "from vllm.model_executor.layers.logits_processor import _prune_hidden_states",
    ),
    case(
        "#25332",
        PH,
        PHW,
        PHC,
        "twin: super().forward on the kept parameters",
        "ph3",
        "import torch\n\n" + LP + "LogitsProcessor\n\n\n"
        "class AeonLogits2(LogitsProcessor):\n"
        "    def forward(self, lm_head, hidden_states: torch.Tensor, sampling_metadata=None, embedding_bias=None):\n"
        "        return super().forward(lm_head, hidden_states, sampling_metadata, embedding_bias)\n",
        "return super().forward(lm_head, hidden_states, sampling_metadata, embedding_bias)",
    ),
]

# --- #26475 (d1ddf340c8): QKVCrossParallelLinear deleted
QC, QCW, QCC = "d1ddf340c8", "QKVCrossParallelLinear removed", "layer class deleted"
CASES += [
    case(
        "#26475",
        QC,
        QCW,
        QCC,
        "an import of the deleted class",
        "qc1",
        LIN + "QKVCrossParallelLinear\n\n\n"
        "def aeon_cross_qkv(hidden: int, head: int, heads: int, prefix: str) -> QKVCrossParallelLinear:\n"
        "    # AEON: the whisper fork keeps its cross-attention fusion\n"
        "    return QKVCrossParallelLinear(hidden, head, heads, heads, bias=False, prefix=prefix)\n",
        "from vllm.model_executor.layers.linear import QKVCrossParallelLinear",
    ),
    case(
        "#26475",
        QC,
        QCW,
        QCC,
        "twin: an import of the kept QKVParallelLinear",
        "qc2",
        LIN + "QKVParallelLinear\n\n\n"
        "def aeon_qkv(hidden: int, head: int, heads: int, prefix: str) -> QKVParallelLinear:\n"
        "    return QKVParallelLinear(hidden, head, heads, heads, bias=False, prefix=prefix)\n",
        "from vllm.model_executor.layers.linear import QKVParallelLinear",
    ),
]

# --- #7825 (015e6cc252): the linear layers stop passing prefix= to quant_method.create_weights
CW, CWW, CWC = "015e6cc252", "create_weights no longer handed prefix=", "caller drops a keyword an override needs"
CW_HEAD = "import torch\n\n" + LIN + "LinearMethodBase\n\n\n"
CASES += [
    case(
        "#7825",
        CW,
        CWW,
        CWC,
        "an override that requires the keyword",
        "cw1",
        CW_HEAD + "class AeonLinearMethod(LinearMethodBase):\n"
        "    def create_weights(self, layer, input_size_per_partition, output_partition_sizes, input_size,\n"
        "                       output_size, params_dtype, prefix: str, **extra_weight_attrs):\n"
        "        # AEON: the Spark's FP8 lane skips the lm_head by name\n"
        "        layer.aeon_prefix = prefix\n",
        # the replay's line set after the blind run: an override's error lands on its ``def`` line
        "def create_weights(self, layer, input_size_per_partition, output_partition_sizes, input_size,",
    ),
    case(
        "#7825",
        CW,
        CWW,
        CWC,
        "a read of the key off **extra_weight_attrs",
        "cw2",
        CW_HEAD + "class AeonLinearMethod2(LinearMethodBase):\n"
        "    def create_weights(self, layer, input_size_per_partition, output_partition_sizes, input_size,\n"
        "                       output_size, params_dtype, **extra_weight_attrs):\n"
        "        layer.aeon_prefix = extra_weight_attrs['prefix']\n",
        "layer.aeon_prefix = extra_weight_attrs['prefix']",
    ),
    case(
        "#7825",
        CW,
        CWW,
        CWC,
        "twin: the keyword defaulted in the override",
        "cw3",
        CW_HEAD + "class AeonLinearMethod3(LinearMethodBase):\n"
        "    def create_weights(self, layer, input_size_per_partition, output_partition_sizes, input_size,\n"
        "                       output_size, params_dtype, prefix: str = '', **extra_weight_attrs):\n"
        "        layer.aeon_prefix = prefix\n",
        "output_size, params_dtype, prefix: str = '', **extra_weight_attrs):",
    ),
]

# --- #33152 (08b1195e62): LinearBase rebased from CustomOp onto PluggableLayer
PL, PLW, PLC = "08b1195e62", "LinearBase: CustomOp -> PluggableLayer", "base class swapped"
CASES += [
    case(
        "#33152",
        PL,
        PLW,
        PLC,
        "a CustomOp classmethod read off a linear class",
        "pl1",
        LIN + "RowParallelLinear\n\n\n"
        "def aeon_row_native() -> bool:\n"
        "    # AEON: the Spark's row-parallel GEMM goes native when custom ops are off\n"
        "    return not RowParallelLinear.enabled()\n",
        "return not RowParallelLinear.enabled()",
    ),
    case(
        "#33152",
        PL,
        PLW,
        PLC,
        "twin: a PluggableLayer out-of-tree registration",
        "pl2",
        LIN + "RowParallelLinear\n\n\n"
        "@RowParallelLinear.register_oot\n"
        "class AeonRowParallelLinear(RowParallelLinear):\n"
        "    pass\n",
        "class AeonRowParallelLinear(RowParallelLinear):",
    ),
]

# --- #4442 (ee93f4f92a): LogitsProcessor.forward's embedding tensor became the lm_head layer
LH, LHW, LHC = "ee93f4f92a", "LogitsProcessor.forward(embedding=) -> lm_head=", "keyword renamed"
CASES += [
    case(
        "#4442",
        LH,
        LHW,
        LHC,
        "a keyword call by the old name",
        "lh1",
        LP + "LogitsProcessor\n\n\n"
        "def aeon_logits(lp: LogitsProcessor, weight, hidden_states, sampling_metadata):\n"
        "    # AEON: the Spark's medusa heads share the tied embedding\n"
        "    return lp.forward(embedding=weight, hidden_states=hidden_states, sampling_metadata=sampling_metadata)\n",
        "return lp.forward(embedding=weight, hidden_states=hidden_states, sampling_metadata=sampling_metadata)",
    ),
    case(
        "#4442",
        LH,
        LHW,
        LHC,
        "twin: a positional call",
        "lh2",
        LP + "LogitsProcessor\n\n\n"
        "def aeon_logits2(lp: LogitsProcessor, head, hidden_states, sampling_metadata):\n"
        "    return lp.forward(head, hidden_states, sampling_metadata)\n",
        "return lp.forward(head, hidden_states, sampling_metadata)",
    ),
]

# --- #23564 (736569da8d): LogitsProcessor made a CustomOp (registered "logits_processor")
LC, LCW, LCC = "736569da8d", "LogitsProcessor: nn.Module -> CustomOp", "base class swapped"
CASES += [
    case(
        "#23564",
        LC,
        LCW,
        LCC,
        "twin: a plain subclass calling super().__init__",
        "lc1",
        LP + "LogitsProcessor\n\n\n"
        "class AeonLogitsProcessor(LogitsProcessor):\n"
        "    def __init__(self, vocab_size: int) -> None:\n"
        "        super().__init__(vocab_size, soft_cap=None)\n",
        "super().__init__(vocab_size, soft_cap=None)",
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-linears-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
