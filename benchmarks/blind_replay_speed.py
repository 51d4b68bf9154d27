"""A blind replay of the speed killers over vLLM's whole history: correct output, collapsed speed.

15 first-parent commits touching the paths a speculative-decoding fork lives on for its speed -- the
drafter and its config (vllm/v1/spec_decode/, vllm/config/speculative.py, the EAGLE-3 hooks of the
model files), CUDA graphs and their dispatch (vllm/config/compilation.py, the capture sizes, the
BatchDescriptor the dispatcher keys its graphs by), kernel selection (attention backend by env var,
the Triton tensor-descriptor path, the FlashInfer sampler) and the env vars and config fields that are
the fork's performance knobs -- picked by scanning those paths' diffs (``git log --first-parent -p``),
not from the engine's tests or the other replays: an env var renamed with the old name kept and
ignored, env vars removed (three commits), an env var's default changed (None -> True), a config
method no longer called by anything, config fields removed (four commits), a config field's default
flipped, an EAGLE-3 hook renamed (the fork's aux-layer override is never called and the drafter reads
the default layers), the capture
size list sorted the other way ([0] was the largest, now the smallest), a NamedTuple field inserted
before another (a positional BatchDescriptor binds the flag to the new field).  Each is replayed under
1-3 fork spellings written the way fork code is written, with 5 twins (fork code the commit does not
break).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught*
when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*:
no error on their line.

Blind, on the engine before any widening (8d175b6): 14 caught, 4 warned, 9 missed of 27 (twins: 5 quiet,
0 false errors).  The misses: #45781's three users of the renamed env var (its old name stays in the
registry as a stub that only warns), #40376's two readers of the sampler env var (its default is the
``else`` of an ``in os.environ`` test), #26016's two reads of the capture sizes' first element (the
list is sorted ascending now), #28579's positional BatchDescriptor and its index read (a NamedTuple
field inserted before the one they meant).  Warned, not caught: #30143's two patches of the method
nothing calls now, #38562's two reads of the field whose default flipped (a default-drift warning).
After the killers33 widenings: 20 caught, 7 warned, 0 missed of 27 (twins: 5 quiet, 0 false errors).
Caught now: a positional argument whose slot upstream gave a new field while renaming its own one
further on, and an index read of a NamedTuple whose field at that position changed (symbol drift);
an env var upstream keeps only as a stub that reads nothing (name drift); a read of an end of a list
upstream now sorts the other way (order drift).  Warned now: a default given as the ``else`` of an
``in os.environ`` test (env default drift), a table of env settings naming the stubbed variable (name
drift).  Still warnings by design: the patches of a method nothing calls (dead knobs: something may
call it unseen) and the reads of a field whose default flipped (the fleet may set it).

  python benchmarks/blind_replay_speed.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

ENVS = "import os\n\nimport vllm.envs as envs\n\n\n"

# --- #45781 (50ac1c7bab): VLLM_TRITON_ATTN_USE_TD -> VLLM_TRITON_USE_TD; the old name stays registered, ignored
TD = "50ac1c7bab"
TDW = "VLLM_TRITON_ATTN_USE_TD -> VLLM_TRITON_USE_TD (old name kept, ignored)"
CASES += [
    (
        "#45781 env var renamed, old name ignored",
        "os.environ.setdefault",
        K(
            "#45781",
            TD,
            TDW,
            "vllm/aeon/td1.py",
            ENVS + "def aeon_force_triton_td() -> None:\n"
            "    # AEON: tensor descriptors make the Triton unified attention fast on GB10\n"
            '    os.environ.setdefault("VLLM_TRITON_ATTN_USE_TD", "1")\n',
            'os.environ.setdefault("VLLM_TRITON_ATTN_USE_TD", "1")',
        ),
    ),
    (
        "#45781 env var renamed, old name ignored",
        "envs attribute read",
        K(
            "#45781",
            TD,
            TDW,
            "vllm/aeon/td2.py",
            ENVS + "def aeon_use_td(default: bool) -> bool:\n"
            "    # AEON: an explicit setting wins over the fork's per-device choice\n"
            "    if envs.VLLM_TRITON_ATTN_USE_TD is not None:\n"
            "        return envs.VLLM_TRITON_ATTN_USE_TD\n"
            "    return default\n",
            "if envs.VLLM_TRITON_ATTN_USE_TD is not None:",
        ),
    ),
    (
        "#45781 env var renamed, old name ignored",
        "a table of the fork's env",
        K(
            "#45781",
            TD,
            TDW,
            "vllm/aeon/td3.py",
            "import os\n\n"
            'AEON_SPARK_ENV = {"VLLM_TRITON_ATTN_USE_TD": "1", "VLLM_BATCH_INVARIANT": "0"}\n\n\n'
            "def aeon_apply_env() -> None:\n"
            "    for key, value in AEON_SPARK_ENV.items():\n"
            "        os.environ.setdefault(key, value)\n",
            'AEON_SPARK_ENV = {"VLLM_TRITON_ATTN_USE_TD": "1", "VLLM_BATCH_INVARIANT": "0"}',
        ),
    ),
    (
        "#45781 env var renamed, old name ignored",
        "twin: another env var of the registry",
        K(
            "#45781",
            TD,
            TDW,
            "vllm/aeon/td4.py",
            ENVS + 'def aeon_batch_invariant() -> None:\n    os.environ.setdefault("VLLM_BATCH_INVARIANT", "0")\n',
            'os.environ.setdefault("VLLM_BATCH_INVARIANT", "0")',
        ),
    ),
]

# --- #26743 (6d87a2838c): VLLM_DISABLE_PAD_FOR_CUDAGRAPH removed
PD = "6d87a2838c"
PDW = "VLLM_DISABLE_PAD_FOR_CUDAGRAPH removed"
CASES += [
    (
        "#26743 env var removed",
        "os.environ assignment",
        K(
            "#26743",
            PD,
            PDW,
            "vllm/aeon/pd1.py",
            ENVS + "def aeon_no_graph_padding() -> None:\n"
            "    # AEON: the MTP verify batch is never padded; padding cost us 9% on GB10\n"
            '    os.environ["VLLM_DISABLE_PAD_FOR_CUDAGRAPH"] = "1"\n',
            'os.environ["VLLM_DISABLE_PAD_FOR_CUDAGRAPH"] = "1"',
        ),
    ),
    (
        "#26743 env var removed",
        "getattr on envs with a default",
        K(
            "#26743",
            PD,
            PDW,
            "vllm/aeon/pd2.py",
            ENVS + "def aeon_padded(num_tokens: int, sizes: list[int]) -> int:\n"
            '    if getattr(envs, "VLLM_DISABLE_PAD_FOR_CUDAGRAPH", False):\n'
            "        return num_tokens\n"
            "    return min(s for s in sizes if s >= num_tokens)\n",
            'if getattr(envs, "VLLM_DISABLE_PAD_FOR_CUDAGRAPH", False):',
        ),
    ),
]

# --- #30143 (2261340806): nothing calls VllmConfig.pad_for_cudagraph any more (the dispatcher pads itself)
PC = "2261340806"
PCW = "VllmConfig.pad_for_cudagraph no longer called (dispatcher pads)"
VC = "from vllm.config import VllmConfig\n\n\n"
CASES += [
    (
        "#30143 method no longer called",
        "monkeypatch of the method",
        K(
            "#30143",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            VC + "def _aeon_pad_for_cudagraph(self: VllmConfig, batch_size: int) -> int:\n"
            "    # AEON: pad the MTP verify batches to a multiple of (k + 1)\n"
            "    k = self.speculative_config.num_speculative_tokens + 1 if self.speculative_config else 1\n"
            "    return ((batch_size + k - 1) // k) * k\n\n\n"
            "VllmConfig.pad_for_cudagraph = _aeon_pad_for_cudagraph\n",
            "VllmConfig.pad_for_cudagraph = _aeon_pad_for_cudagraph",
        ),
    ),
    (
        "#30143 method no longer called",
        "setattr with a literal",
        K(
            "#30143",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            VC + "def _aeon_pad(self: VllmConfig, batch_size: int) -> int:\n"
            "    return batch_size if batch_size > 256 else self.compilation_config.bs_to_padded_graph_size[batch_size]\n\n\n"
            'setattr(VllmConfig, "pad_for_cudagraph", _aeon_pad)\n',
            'setattr(VllmConfig, "pad_for_cudagraph", _aeon_pad)',
        ),
    ),
    (
        "#30143 method no longer called",
        "twin: the fork calls it itself",
        K(
            "#30143",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            VC + "def aeon_draft_tokens(vllm_config: VllmConfig, num_tokens: int) -> int:\n"
            "    return vllm_config.pad_for_cudagraph(num_tokens)\n",
            "return vllm_config.pad_for_cudagraph(num_tokens)",
        ),
    ),
]

# --- #40376 (b92ef9ec5a): VLLM_USE_FLASHINFER_SAMPLER unset meant None, now True
FS = "b92ef9ec5a"
FSW = "VLLM_USE_FLASHINFER_SAMPLER default None -> True"
CASES += [
    (
        "#40376 env var default changed",
        "is None means unset",
        K(
            "#40376",
            FS,
            FSW,
            "vllm/aeon/fs1.py",
            ENVS + "def aeon_pick_sampler() -> str:\n"
            "    # AEON: unless told otherwise, GB10 samples with the fork's fused top-k/top-p kernel\n"
            "    if envs.VLLM_USE_FLASHINFER_SAMPLER is None:\n"
            '        return "aeon_fused"\n'
            '    return "flashinfer" if envs.VLLM_USE_FLASHINFER_SAMPLER else "torch"\n',
            "if envs.VLLM_USE_FLASHINFER_SAMPLER is None:",
        ),
    ),
    (
        "#40376 env var default changed",
        "falsy read",
        K(
            "#40376",
            FS,
            FSW,
            "vllm/aeon/fs2.py",
            ENVS + "def aeon_use_fused_sampler() -> bool:\n    return not envs.VLLM_USE_FLASHINFER_SAMPLER\n",
            "return not envs.VLLM_USE_FLASHINFER_SAMPLER",
        ),
    ),
]

# --- #35060 (aa08a30fc9): SpeculativeConfig.disable_by_batch_size removed
DB = "aa08a30fc9"
DBW = "SpeculativeConfig.disable_by_batch_size removed"
SC = "from vllm.config import SpeculativeConfig\n\n\n"
CASES += [
    (
        "#35060 config field removed",
        "getattr with a default",
        K(
            "#35060",
            DB,
            DBW,
            "vllm/aeon/db1.py",
            SC + "def aeon_spec_enabled(spec: SpeculativeConfig, num_running: int) -> bool:\n"
            "    # AEON: past the batch limit the drafter costs more than it saves on one GPU\n"
            '    limit = getattr(spec, "disable_by_batch_size", None)\n'
            "    return limit is None or num_running < limit\n",
            'limit = getattr(spec, "disable_by_batch_size", None)',
        ),
    ),
    (
        "#35060 config field removed",
        "hasattr gate",
        K(
            "#35060",
            DB,
            DBW,
            "vllm/aeon/db2.py",
            SC + "def aeon_drafting_limit(spec: SpeculativeConfig) -> int:\n"
            '    if hasattr(spec, "disable_by_batch_size") and spec.disable_by_batch_size:\n'
            "        return spec.disable_by_batch_size\n"
            "    return 1 << 30\n",
            'if hasattr(spec, "disable_by_batch_size") and spec.disable_by_batch_size:',
        ),
    ),
]

# --- #36063 (8b346309a5): get_eagle3_aux_hidden_state_layers -> get_eagle3_default_aux_hidden_state_layers
AX = "8b346309a5"
AXW = "get_eagle3_aux_hidden_state_layers -> get_eagle3_default_aux_hidden_state_layers"
LL = "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
CASES += [
    (
        "#36063 hook renamed, override dead",
        "subclass override",
        K(
            "#36063",
            AX,
            AXW,
            "vllm/aeon/ax1.py",
            LL + "class AeonLlamaForCausalLM(LlamaForCausalLM):\n"
            "    def get_eagle3_aux_hidden_state_layers(self) -> tuple[int, ...]:\n"
            "        # AEON: our EAGLE-3 head was trained on layers 1, n/2 - 1 and n - 4\n"
            "        n = len(self.model.layers)\n"
            "        return (1, n // 2 - 1, n - 4)\n",
            "def get_eagle3_aux_hidden_state_layers(self) -> tuple[int, ...]:",
        ),
    ),
    (
        "#36063 hook renamed, override dead",
        "monkeypatch on the class",
        K(
            "#36063",
            AX,
            AXW,
            "vllm/aeon/ax2.py",
            LL + "def _aeon_aux_layers(self) -> tuple[int, ...]:\n"
            "    n = len(self.model.layers)\n"
            "    return (1, n // 2 - 1, n - 4)\n\n\n"
            "LlamaForCausalLM.get_eagle3_aux_hidden_state_layers = _aeon_aux_layers\n",
            "LlamaForCausalLM.get_eagle3_aux_hidden_state_layers = _aeon_aux_layers",
        ),
    ),
    (
        "#36063 hook renamed, override dead",
        "twin: the fork sets the layers",
        K(
            "#36063",
            AX,
            AXW,
            "vllm/aeon/ax3.py",
            LL + "def aeon_set_aux(model: LlamaForCausalLM) -> None:\n"
            "    n = len(model.model.layers)\n"
            "    model.set_aux_hidden_state_layers((1, n // 2 - 1, n - 4))\n",
            "model.set_aux_hidden_state_layers((1, n // 2 - 1, n - 4))",
        ),
    ),
]

# --- #26016 (284cc92275): cudagraph_capture_sizes sorted ascending (was descending: [0] was the largest)
CS = "284cc92275"
CSW = "cudagraph_capture_sizes sort(reverse=True) -> sort()"
CC = "from vllm.config import CompilationConfig\n\n\n"
CASES += [
    (
        "#26016 list order flipped",
        "[0] read as the largest",
        K(
            "#26016",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            CC + "def aeon_draft_graph_limit(cc: CompilationConfig) -> int:\n"
            "    # AEON: the drafter captures up to the target's largest graph\n"
            "    return cc.cudagraph_capture_sizes[0]\n",
            "return cc.cudagraph_capture_sizes[0]",
        ),
    ),
    (
        "#26016 list order flipped",
        "alias, then [0] in a comparison",
        K(
            "#26016",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            CC + "def aeon_fits_graph(cc: CompilationConfig, num_tokens: int) -> bool:\n"
            "    sizes = cc.cudagraph_capture_sizes\n"
            "    return bool(sizes) and num_tokens <= sizes[0]\n",
            "return bool(sizes) and num_tokens <= sizes[0]",
        ),
    ),
    (
        "#26016 list order flipped",
        "twin: max() of the list",
        K(
            "#26016",
            CS,
            CSW,
            "vllm/aeon/cs3.py",
            CC + "def aeon_largest_graph(cc: CompilationConfig) -> int:\n    return max(cc.cudagraph_capture_sizes)\n",
            "return max(cc.cudagraph_capture_sizes)",
        ),
    ),
]

# --- #27826 (9e5bd3076e): SpeculativeConfig.enable_chunked_prefill removed
CP = "9e5bd3076e"
CPW = "SpeculativeConfig.enable_chunked_prefill removed"
CASES += [
    (
        "#27826 config field removed",
        "getattr with a default",
        K(
            "#27826",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            SC + "def aeon_draft_chunk(spec: SpeculativeConfig, budget: int) -> int:\n"
            "    # AEON: with chunked prefill the drafter prefills in budget-sized chunks\n"
            '    if getattr(spec, "enable_chunked_prefill", False):\n'
            "        return budget\n"
            "    return 1 << 30\n",
            'if getattr(spec, "enable_chunked_prefill", False):',
        ),
    ),
]

# --- #29323 (51fc9e017a): CompilationConfig.use_inductor removed (backend="inductor" says it now)
UI = "51fc9e017a"
UIW = "CompilationConfig.use_inductor removed"
CASES += [
    (
        "#29323 config field removed",
        "getattr with a default",
        K(
            "#29323",
            UI,
            UIW,
            "vllm/aeon/ui1.py",
            CC + "def aeon_custom_ops(cc: CompilationConfig) -> list[str]:\n"
            "    # AEON: without inductor the fork's fused NVFP4 quant op must be on\n"
            '    if not getattr(cc, "use_inductor", True):\n'
            '        return ["+aeon_fp4_quant"]\n'
            "    return []\n",
            'if not getattr(cc, "use_inductor", True):',
        ),
    ),
]

# --- #44749 (b88abb5036): VLLM_FLASHINFER_ALLREDUCE_FUSION_THRESHOLDS_MB removed (orphaned)
AR = "b88abb5036"
ARW = "VLLM_FLASHINFER_ALLREDUCE_FUSION_THRESHOLDS_MB removed"
CASES += [
    (
        "#44749 env var removed",
        "os.environ with json",
        K(
            "#44749",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            "import json\nimport os\n\n\n"
            "def aeon_allreduce_thresholds() -> None:\n"
            "    # AEON: the two-Spark cluster fuses allreduce up to 64 MB\n"
            '    os.environ["VLLM_FLASHINFER_ALLREDUCE_FUSION_THRESHOLDS_MB"] = json.dumps({"2": 64})\n',
            'os.environ["VLLM_FLASHINFER_ALLREDUCE_FUSION_THRESHOLDS_MB"] = json.dumps({"2": 64})',
        ),
    ),
]

# --- #32812 (6437ff1fb9): VLLM_ATTENTION_BACKEND, VLLM_FLASH_ATTN_VERSION ... removed (AttentionConfig fields now)
AB = "6437ff1fb9"
ABW = "VLLM_ATTENTION_BACKEND and the attention env vars removed"
CASES += [
    (
        "#32812 env var removed",
        "os.environ assignment",
        K(
            "#32812",
            AB,
            ABW,
            "vllm/aeon/ab1.py",
            "import os\n\n\n"
            "def aeon_pick_attention() -> None:\n"
            "    # AEON: FlashInfer is the fast backend for MTP verification on GB10\n"
            '    os.environ["VLLM_ATTENTION_BACKEND"] = "FLASHINFER"\n',
            'os.environ["VLLM_ATTENTION_BACKEND"] = "FLASHINFER"',
        ),
    ),
    (
        "#32812 env var removed",
        "os.environ.setdefault",
        K(
            "#32812",
            AB,
            ABW,
            "vllm/aeon/ab2.py",
            "import os\n\n\n"
            "def aeon_fa_splits() -> None:\n"
            '    os.environ.setdefault("VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH", "16")\n',
            'os.environ.setdefault("VLLM_FLASH_ATTN_MAX_NUM_SPLITS_FOR_CUDA_GRAPH", "16")',
        ),
    ),
    (
        "#32812 env var removed",
        "getattr on envs",
        K(
            "#32812",
            AB,
            ABW,
            "vllm/aeon/ab3.py",
            ENVS + "def aeon_trtllm_attention() -> bool:\n"
            '    return bool(getattr(envs, "VLLM_USE_TRTLLM_ATTENTION", None))\n',
            'return bool(getattr(envs, "VLLM_USE_TRTLLM_ATTENTION", None))',
        ),
    ),
]

# --- #28579 (56539cddac): BatchDescriptor(num_tokens, uniform_decode, has_lora) -> (num_tokens, num_reqs, uniform, has_lora)
BD = "56539cddac"
BDW = "BatchDescriptor field num_reqs inserted before uniform (uniform_decode renamed)"
FC = "from vllm.forward_context import BatchDescriptor\n\n\n"
CASES += [
    (
        "#28579 NamedTuple field inserted",
        "positional construction",
        K(
            "#28579",
            BD,
            BDW,
            "vllm/aeon/bd1.py",
            FC + "def aeon_verify_descriptor(num_tokens: int) -> BatchDescriptor:\n"
            "    # AEON: MTP verify batches are uniform decode; dispatch to the FULL graph\n"
            "    return BatchDescriptor(num_tokens, True)\n",
            "return BatchDescriptor(num_tokens, True)",
        ),
    ),
    (
        "#28579 NamedTuple field inserted",
        "index read",
        K(
            "#28579",
            BD,
            BDW,
            "vllm/aeon/bd2.py",
            FC + "def aeon_is_uniform(desc: BatchDescriptor) -> bool:\n    return bool(desc[1])\n",
            "return bool(desc[1])",
        ),
    ),
    (
        "#28579 NamedTuple field inserted",
        "twin: num_tokens alone",
        K(
            "#28579",
            BD,
            BDW,
            "vllm/aeon/bd3.py",
            FC + "def aeon_mixed_descriptor(num_tokens: int) -> BatchDescriptor:\n"
            "    return BatchDescriptor(num_tokens)\n",
            "return BatchDescriptor(num_tokens)",
        ),
    ),
]

# --- #38562 (2c734ed0e0): AttentionConfig.use_trtllm_ragged_deepseek_prefill default False -> True
TR = "2c734ed0e0"
TRW = "use_trtllm_ragged_deepseek_prefill: bool = False -> True"
AC = "from vllm.config import VllmConfig\n\n\n"
CASES += [
    (
        "#38562 config field default flipped",
        "not on the field",
        K(
            "#38562",
            TR,
            TRW,
            "vllm/aeon/tr1.py",
            AC + "def aeon_mla_prefill(vllm_config: VllmConfig) -> str:\n"
            "    # AEON: unless TRT-LLM ragged prefill is asked for, GB10 prefills with the fork's FA2 MLA kernel\n"
            "    if not vllm_config.attention_config.use_trtllm_ragged_deepseek_prefill:\n"
            '        return "aeon_fa2_mla"\n'
            '    return "trtllm_ragged"\n',
            "if not vllm_config.attention_config.use_trtllm_ragged_deepseek_prefill:",
        ),
    ),
    (
        "#38562 config field default flipped",
        "the option compared with the old default",
        K(
            "#38562",
            TR,
            TRW,
            "vllm/aeon/tr2.py",
            AC + "def aeon_prefill_is_default(vllm_config: VllmConfig) -> bool:\n"
            "    cfg = vllm_config.attention_config\n"
            "    return cfg.use_trtllm_ragged_deepseek_prefill is False\n",
            "return cfg.use_trtllm_ragged_deepseek_prefill is False",
        ),
    ),
]

# --- #29000 (20e4497be2): SchedulerConfig.num_lookahead_slots and SpeculativeConfig.num_lookahead_slots removed
LA = "20e4497be2"
LAW = "num_lookahead_slots removed (scheduler field, speculative property)"
CASES += [
    (
        "#29000 config field removed",
        "the fork sets the field",
        K(
            "#29000",
            LA,
            LAW,
            "vllm/aeon/la1.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_reserve_draft_slots(vllm_config: VllmConfig, k: int) -> None:\n"
            "    # AEON: reserve KV slots for the k draft tokens plus the bonus token\n"
            "    vllm_config.scheduler_config.num_lookahead_slots = k + 1\n",
            "vllm_config.scheduler_config.num_lookahead_slots = k + 1",
        ),
    ),
    (
        "#29000 config field removed",
        "the fork's override of the property",
        K(
            "#29000",
            LA,
            LAW,
            "vllm/aeon/la2.py",
            SC + "class AeonSpeculativeConfig(SpeculativeConfig):\n"
            "    @property\n"
            "    def num_lookahead_slots(self) -> int:\n"
            "        return self.num_speculative_tokens + 1\n",
            "def num_lookahead_slots(self) -> int:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-speed-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
