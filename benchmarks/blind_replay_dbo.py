"""A blind replay of the GPU worker's batching internals a fork patches: dual-batch overlap and model runner v2.

11 first-parent commits on the surface a fork that tunes the GPU worker carries code against -- the
dual-batch-overlap helpers (``ubatch_utils.is_second_ubatch_empty`` renamed ``is_last_ubatch_empty``,
``maybe_create_ubatch_slices`` given a required ``num_ubatches``, ``create_ubatch_slices`` removed), the model
runner v2 package (``cudagraph_utils.get_uniform_token_count`` and ``AttentionStatePair`` removed,
``PrefillSpeculatorCudaGraphManager``/``DecodeSpeculatorCudaGraphManager`` merged into
``SpeculatorCudaGraphManager``, ``GPUModelRunner._get_num_input_tokens`` removed as dead code, the
``late_interaction_runner`` module moved out of ``gpu/pool``, ``PoolingRunner(model)`` now also taking the
``vllm_config`` and ``PoolingRunner.get_supported_tasks`` the ``model_config``), the speculator's hooks
(``AutoRegressiveSpeculator.model_returns_tuple`` and the ``on_prefill_begin``/``on_multi_step_decode_*``
hooks removed, so a fork's override is never called again), and the worker helpers (``KVBlockZeroer``'s
``pin_memory`` parameter removed) -- picked by scanning those paths' diffs (``git log --first-parent -p``),
avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork
code is written (an import, a keyword call, a subclass of a removed class, a self-call into a removed
method, an override of a hook upstream stopped calling, a ``super()`` call to a removed hook, a constructor
call, a static-method override the caller now passes more to), with twins (fork code the commit does not
break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at 112480b0): 14 caught, 2 warned, 0 missed of 16 (twins: 11
quiet, 0 false errors).  Both "warned" were errors on another line of the file than the one marked: #48261's
subclass of the removed ``DecodeSpeculatorCudaGraphManager`` imported in a parenthesised ``from m import (``
block got its error on the ``from`` line, not on the import's line naming the class; #48399's multi-line
``KVBlockZeroer(..., pin_memory=False, ...)`` got its error on the removed keyword's line, where it belongs
(the spelling marked the call's first line; re-marked to the keyword's line after the blind run).
After killers84 (an imported name's error on the line that spells it; 5 probe spellings added after the
blind run: a positional call whose split now binds ``num_ubatches``, a call through the module, a read of the
removed property, a self-call of a removed hook, a subclass ``__init__`` the runner now calls with two
arguments): 21 caught, 0 warned, 0 missed of 21 (twins: 11 quiet, 0 false errors).

  python benchmarks/blind_replay_dbo.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #30120 (b9ff4f2a8d): DBO -> XBO; is_second_ubatch_empty renamed is_last_ubatch_empty,
#     maybe_create_ubatch_slices takes a required num_ubatches before split_point
XB = "b9ff4f2a8d"
XBW = "is_second_ubatch_empty renamed; maybe_create_ubatch_slices(num_ubatches=) required"
UU = "from vllm.v1.worker.ubatch_utils import "
CASES += [
    (
        "#30120 helper renamed",
        "an import of the renamed helper",
        K(
            "#30120",
            XB,
            XBW,
            "vllm/aeon/xb1.py",
            UU + "is_second_ubatch_empty\n\n\n"
            "def aeon_skip_dbo(orig: int, padded: int) -> bool:\n"
            "    # AEON: GB10's single NVLink-less GPU never overlaps an empty half\n"
            "    return is_second_ubatch_empty(orig, padded)\n",
            UU + "is_second_ubatch_empty",
        ),
    ),
    (
        "#30120 required parameter added",
        "a keyword call without the new required parameter",
        K(
            "#30120",
            XB,
            XBW,
            "vllm/aeon/xb2.py",
            "import numpy as np\n\n" + UU + "maybe_create_ubatch_slices\n\n\n"
            "def aeon_slices(counts: np.ndarray, padded: int, reqs: int, split: int):\n"
            "    return maybe_create_ubatch_slices(\n"
            "        should_ubatch=True, num_scheduled_tokens=counts, num_tokens_padded=padded,\n"
            "        num_reqs_padded=reqs, split_point=split)\n",
            "return maybe_create_ubatch_slices(",
        ),
    ),
    (
        "#30120 helper renamed",
        "twin: the threshold helper kept",
        K(
            "#30120",
            XB,
            XBW,
            "vllm/aeon/xb3.py",
            "from vllm.config import ParallelConfig\n" + UU + "check_ubatch_thresholds\n\n\n"
            "def aeon_wants_dbo(config: ParallelConfig, n: int) -> bool:\n"
            "    return check_ubatch_thresholds(config, n, uniform_decode=True)\n",
            "return check_ubatch_thresholds(config, n, uniform_decode=True)",
        ),
    ),
]

# --- #29933 (c8ab988b15): create_ubatch_slices folded into maybe_create_ubatch_slices
CU = "c8ab988b15"
CUW = "create_ubatch_slices removed"
CASES += [
    (
        "#29933 function removed",
        "an import of the removed helper",
        K(
            "#29933",
            CU,
            CUW,
            "vllm/aeon/cu1.py",
            "import numpy as np\n\n" + UU + "create_ubatch_slices\n\n\n"
            "def aeon_halves(counts: np.ndarray, total: int):\n"
            "    return create_ubatch_slices(counts, total // 2)\n",
            UU + "create_ubatch_slices",
        ),
    ),
    (
        "#29933 function removed",
        "twin: the slice dataclass kept",
        K(
            "#29933",
            CU,
            CUW,
            "vllm/aeon/cu2.py",
            UU + "UBatchSlice\n\n\ndef aeon_num_tokens(s: UBatchSlice) -> int:\n    return s.num_tokens\n",
            UU + "UBatchSlice",
        ),
    ),
]

# --- #51917 (02ac17851d): cudagraph_utils.get_uniform_token_count removed (unified in worker utils)
UT = "02ac17851d"
UTW = "get_uniform_token_count removed"
CG = "from vllm.v1.worker.gpu.cudagraph_utils import "
CASES += [
    (
        "#51917 function removed",
        "an import of the removed helper",
        K(
            "#51917",
            UT,
            UTW,
            "vllm/aeon/ut1.py",
            CG + "get_uniform_token_count\n\n\n"
            "def aeon_uniform(num_reqs: int, num_tokens: int, max_q: int) -> int | None:\n"
            "    return get_uniform_token_count(num_reqs, num_tokens, max_q)\n",
            CG + "get_uniform_token_count",
        ),
    ),
    (
        "#51917 function removed",
        "twin: the descriptor kept",
        K(
            "#51917",
            UT,
            UTW,
            "vllm/aeon/ut2.py",
            CG + "BatchExecutionDescriptor\n\n\n"
            "def aeon_desc_key(d: BatchExecutionDescriptor) -> str:\n"
            "    return repr(d)\n",
            CG + "BatchExecutionDescriptor",
        ),
    ),
]

# --- #48014 (a5d19cbb95): late_interaction_runner.py moved vllm/v1/worker/gpu/pool -> vllm/v1/pool
LI = "a5d19cbb95"
LIW = "late_interaction_runner moved out of gpu/pool"
CASES += [
    (
        "#48014 module moved",
        "an import from the old module path",
        K(
            "#48014",
            LI,
            LIW,
            "vllm/aeon/li1.py",
            "from vllm.v1.worker.gpu.pool.late_interaction_runner import LateInteractionRunner\n\n\n"
            "def aeon_runner() -> LateInteractionRunner:\n"
            "    return LateInteractionRunner()\n",
            "from vllm.v1.worker.gpu.pool.late_interaction_runner import LateInteractionRunner",
        ),
    ),
    (
        "#48014 module moved",
        "twin: the sibling pooling runner kept",
        K(
            "#48014",
            LI,
            LIW,
            "vllm/aeon/li2.py",
            "from vllm.v1.worker.gpu.pool.pooling_runner import PoolingRunner\n\n\n"
            "def aeon_is_runner(x: object) -> bool:\n"
            "    return isinstance(x, PoolingRunner)\n",
            "from vllm.v1.worker.gpu.pool.pooling_runner import PoolingRunner",
        ),
    ),
]

# --- #48261 (26587f9519): Prefill/DecodeSpeculatorCudaGraphManager merged into SpeculatorCudaGraphManager,
#     AttentionStatePair removed
SG = "26587f9519"
SGW = "speculator cudagraph managers merged; AttentionStatePair removed"
CASES += [
    (
        "#48261 class removed",
        "a subclass of the removed manager",
        K(
            "#48261",
            SG,
            SGW,
            "vllm/aeon/sg1.py",
            "from vllm.v1.worker.gpu.spec_decode.autoregressive.cudagraph_utils import (\n"
            "    DecodeSpeculatorCudaGraphManager,\n)\n\n\n"
            "class AeonDecodeGraphs(DecodeSpeculatorCudaGraphManager):\n"
            "    # AEON: GB10 captures fewer decode sizes to save unified memory\n"
            "    pass\n",
            "    DecodeSpeculatorCudaGraphManager,",
        ),
    ),
    (
        "#48261 class removed",
        "an import of the removed NamedTuple",
        K(
            "#48261",
            SG,
            SGW,
            "vllm/aeon/sg2.py",
            CG + "AttentionStatePair\n\n\ndef aeon_warm(p: AttentionStatePair):\n    return p.warmup\n",
            CG + "AttentionStatePair",
        ),
    ),
    (
        "#48261 class removed",
        "twin: a subclass of the kept base manager",
        K(
            "#48261",
            SG,
            SGW,
            "vllm/aeon/sg3.py",
            CG + "CudaGraphManager\n\n\nclass AeonGraphs(CudaGraphManager):\n    pass\n",
            "class AeonGraphs(CudaGraphManager):",
        ),
    ),
]

# --- #49745 (b5bcb3ce88): dead GPUModelRunner._get_num_input_tokens removed (model runner v2)
NI = "b5bcb3ce88"
NIW = "GPUModelRunner._get_num_input_tokens removed"
MR = "from vllm.v1.worker.gpu.model_runner import GPUModelRunner\n\n\n"
CASES += [
    (
        "#49745 method removed",
        "a self-call into the removed method from a subclass",
        K(
            "#49745",
            NI,
            NIW,
            "vllm/aeon/ni1.py",
            MR + "class AeonRunner(GPUModelRunner):\n"
            "    def aeon_padded(self, n: int) -> int:\n"
            "        # AEON: the Spark pads to its captured sizes\n"
            "        return self._get_num_input_tokens(n)\n",
            "return self._get_num_input_tokens(n)",
        ),
    ),
    (
        "#49745 method removed",
        "twin: a self-call into a kept method",
        K(
            "#49745",
            NI,
            NIW,
            "vllm/aeon/ni2.py",
            MR + "class AeonRunner2(GPUModelRunner):\n"
            "    def aeon_tasks(self) -> tuple:\n"
            "        return self.get_supported_tasks()\n",
            "return self.get_supported_tasks()",
        ),
    ),
]

# --- #48399 (521aa80f71): KVBlockZeroer's pin_memory and max_concurrency parameters removed
KZ = "521aa80f71"
KZW = "KVBlockZeroer(pin_memory=, max_concurrency=) removed"
KZI = "import torch\n\nfrom vllm.v1.worker.utils import KVBlockZeroer\n\n\n"
CASES += [
    (
        "#48399 parameter removed",
        "a keyword call with the removed parameter",
        K(
            "#48399",
            KZ,
            KZW,
            "vllm/aeon/kz1.py",
            KZI + "def aeon_zeroer(device: torch.device, groups, sizes: list[int], ctx: dict) -> KVBlockZeroer:\n"
            "    return KVBlockZeroer(\n"
            "        device, pin_memory=False, attn_groups_iter=groups, kernel_block_sizes=sizes,\n"
            "        cache_dtype='auto', static_forward_context=ctx)\n",
            # the error lands on the removed keyword's line (the blind run marked the call's first line)
            "device, pin_memory=False, attn_groups_iter=groups, kernel_block_sizes=sizes,",
        ),
    ),
    (
        "#48399 parameter removed",
        "a positional call shifted by the removed parameter",
        K(
            "#48399",
            KZ,
            KZW,
            "vllm/aeon/kz2.py",
            KZI + "def aeon_zeroer2(device: torch.device, groups, sizes: list[int], ctx: dict) -> KVBlockZeroer:\n"
            "    # AEON: unified memory, nothing to pin\n"
            "    return KVBlockZeroer(device, False, groups, sizes, 'auto', ctx)\n",
            "return KVBlockZeroer(device, False, groups, sizes, 'auto', ctx)",
        ),
    ),
    (
        "#48399 parameter removed",
        "twin: a call of the kept zero_block_ids",
        K(
            "#48399",
            KZ,
            KZW,
            "vllm/aeon/kz3.py",
            KZI + "def aeon_zero(z: KVBlockZeroer, ids: list[int]) -> None:\n    z.zero_block_ids(ids)\n",
            "z.zero_block_ids(ids)",
        ),
    ),
]

# --- #46786 (11a12305c0): AutoRegressiveSpeculator.model_returns_tuple removed; the runner checks the value
MT = "11a12305c0"
MTW = "model_returns_tuple hook removed"
AR = "from vllm.v1.worker.gpu.spec_decode.autoregressive.speculator import AutoRegressiveSpeculator\n\n\n"
CASES += [
    (
        "#46786 hook removed",
        "an override of the hook upstream stopped consulting",
        K(
            "#46786",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            AR + "class AeonDraft(AutoRegressiveSpeculator):\n"
            "    @property\n"
            "    def model_returns_tuple(self) -> bool:\n"
            "        # AEON: our fused draft head returns (last, all) hidden states\n"
            "        return True\n",
            "def model_returns_tuple(self) -> bool:",
        ),
    ),
    (
        "#46786 hook removed",
        "twin: an override of a kept property",
        K(
            "#46786",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            AR + "class AeonDraft2(AutoRegressiveSpeculator):\n"
            "    @property\n"
            "    def advance_draft_positions(self) -> bool:\n"
            "        return False\n",
            "def advance_draft_positions(self) -> bool:",
        ),
    ),
]

# --- #49768 (213f681f81): the on_prefill_begin/_end and on_multi_step_decode_begin/_end hooks removed
PB = "213f681f81"
PBW = "speculator on_prefill_*/on_multi_step_decode_* hooks removed"
CASES += [
    (
        "#49768 hook removed",
        "a super() call to the removed hook",
        K(
            "#49768",
            PB,
            PBW,
            "vllm/aeon/pb1.py",
            AR + "class AeonTimedDraft(AutoRegressiveSpeculator):\n"
            "    def on_prefill_begin(self, num_reqs: int, num_tokens: int) -> None:\n"
            "        self.aeon_t0 = num_tokens\n"
            "        super().on_prefill_begin(num_reqs, num_tokens)\n",
            "super().on_prefill_begin(num_reqs, num_tokens)",
        ),
    ),
    (
        "#49768 hook removed",
        "an override of the hook nothing calls any more",
        K(
            "#49768",
            PB,
            PBW,
            "vllm/aeon/pb2.py",
            AR + "class AeonStepDraft(AutoRegressiveSpeculator):\n"
            "    def on_multi_step_decode_begin(self, num_reqs: int) -> None:\n"
            "        # AEON: pin the draft clocks on the Spark during multi-step decode\n"
            "        self.aeon_steps = num_reqs\n",
            "def on_multi_step_decode_begin(self, num_reqs: int) -> None:",
        ),
    ),
    (
        "#49768 hook removed",
        "twin: an override of the kept capture",
        K(
            "#49768",
            PB,
            PBW,
            "vllm/aeon/pb3.py",
            AR + "class AeonCaptureDraft(AutoRegressiveSpeculator):\n"
            "    def capture(self) -> None:\n"
            "        super().capture()\n",
            "super().capture()",
        ),
    ),
]

# --- #48791 (43eaefba5a): PoolingRunner(model) -> PoolingRunner(model, vllm_config)
PR = "43eaefba5a"
PRW = "PoolingRunner.__init__ takes vllm_config"
PRI = "import torch.nn as nn\n\nfrom vllm.v1.worker.gpu.pool.pooling_runner import PoolingRunner\n\n\n"
CASES += [
    (
        "#48791 required parameter added",
        "a constructor call without the new parameter",
        K(
            "#48791",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            PRI + "def aeon_pooler(model: nn.Module) -> PoolingRunner:\n"
            "    # AEON: the embedding lane builds its own runner\n"
            "    return PoolingRunner(model)\n",
            "return PoolingRunner(model)",
        ),
    ),
    (
        "#48791 required parameter added",
        "twin: the static task query kept",
        K(
            "#48791",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            PRI + "def aeon_tasks(model: nn.Module) -> list:\n    return PoolingRunner.get_supported_tasks(model)\n",
            "return PoolingRunner.get_supported_tasks(model)",
        ),
    ),
]

# --- #50293 (0f17394564): PoolingRunner.get_supported_tasks(model) -> (model, model_config)
ST = "0f17394564"
STW = "PoolingRunner.get_supported_tasks takes model_config"
CASES += [
    (
        "#50293 required parameter added",
        "a static call without the new parameter",
        K(
            "#50293",
            ST,
            STW,
            "vllm/aeon/st1.py",
            PRI + "def aeon_tasks2(model: nn.Module) -> list:\n    return PoolingRunner.get_supported_tasks(model)\n",
            "return PoolingRunner.get_supported_tasks(model)",
        ),
    ),
    (
        "#50293 required parameter added",
        "a static-method override the caller now passes two arguments",
        K(
            "#50293",
            ST,
            STW,
            "vllm/aeon/st2.py",
            PRI + "class AeonPooling(PoolingRunner):\n"
            "    @staticmethod\n"
            "    def get_supported_tasks(model: nn.Module) -> list:\n"
            "        # AEON: the Spark serves embed only\n"
            "        return ['embed']\n",
            "def get_supported_tasks(model: nn.Module) -> list:",
        ),
    ),
    (
        "#50293 required parameter added",
        "twin: a read of the runner's kept attribute",
        K(
            "#50293",
            ST,
            STW,
            "vllm/aeon/st3.py",
            PRI + "def aeon_can_embed(runner: PoolingRunner) -> bool:\n    return 'embed' in runner.supported_tasks\n",
            "return 'embed' in runner.supported_tasks",
        ),
    ),
]


# --- added after the blind run (probes of harder spellings of the same commits; not blind)
CASES += [
    (
        "#30120 required parameter added",
        "a positional call whose split now lands in num_ubatches",
        K(
            "#30120",
            XB,
            XBW,
            "vllm/aeon/xb4.py",
            "import numpy as np\n\n" + UU + "maybe_create_ubatch_slices\n\n\n"
            "def aeon_slices2(counts: np.ndarray, padded: int, reqs: int, split: int):\n"
            "    return maybe_create_ubatch_slices(True, counts, padded, reqs, split)\n",
            "return maybe_create_ubatch_slices(True, counts, padded, reqs, split)",
        ),
    ),
    (
        "#51917 function removed",
        "a call through the module",
        K(
            "#51917",
            UT,
            UTW,
            "vllm/aeon/ut3.py",
            "from vllm.v1.worker.gpu import cudagraph_utils as cgu\n\n\n"
            "def aeon_uniform2(num_reqs: int, num_tokens: int, max_q: int) -> int | None:\n"
            "    return cgu.get_uniform_token_count(num_reqs, num_tokens, max_q)\n",
            "return cgu.get_uniform_token_count(num_reqs, num_tokens, max_q)",
        ),
    ),
    (
        "#46786 hook removed",
        "a read of the removed property from a subclass method",
        K(
            "#46786",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            AR + "class AeonDraft3(AutoRegressiveSpeculator):\n"
            "    def aeon_last(self, out):\n"
            "        return out[0] if self.model_returns_tuple else out\n",
            "return out[0] if self.model_returns_tuple else out",
        ),
    ),
    (
        "#49768 hook removed",
        "a self-call of the removed hook from a subclass method",
        K(
            "#49768",
            PB,
            PBW,
            "vllm/aeon/pb4.py",
            AR + "class AeonWarmDraft(AutoRegressiveSpeculator):\n"
            "    def aeon_warm(self) -> None:\n"
            "        self.on_prefill_end(self.max_num_reqs, self.max_num_tokens)\n",
            "self.on_prefill_end(self.max_num_reqs, self.max_num_tokens)",
        ),
    ),
    (
        "#48791 required parameter added",
        "a subclass __init__ the runner now calls with two arguments",
        K(
            "#48791",
            PR,
            PRW,
            "vllm/aeon/pr3.py",
            PRI + "class AeonPoolingRunner(PoolingRunner):\n"
            "    def __init__(self, model: nn.Module):\n"
            "        super().__init__(model)\n"
            "        self.aeon_calls = 0\n",
            "super().__init__(model)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-dbo-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
