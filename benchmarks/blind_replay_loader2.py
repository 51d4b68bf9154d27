"""A blind replay of the model loader a fork's NVFP4 checkpoint path imports, subclasses or reads (second pass).

10 first-parent commits on ``vllm/model_executor/model_loader/`` (``utils``, ``loader``/``default_loader``,
``bitsandbytes_loader``, ``dummy_loader``, ``reload/{layerwise,meta}``) -- the loader a fork that adds its own
NVFP4 checkpoint path and calls the loader's helpers carries code against: the attention classes
``utils``/``reload.layerwise`` no longer import (#49519), ``SKIP_TENSORS`` no longer imported by
``reload.layerwise`` (#49805), ``SKIP_TENSORS`` given ``"bias"`` though the bias is still loaded by a weight loader
(#49586), ``_MODEL_ARCH_BY_HASH`` keyed by an ``int`` hash instead of ``ModelConfig.compute_hash()``'s string
(#25682), ``is_transformers_impl_compatible`` removed (#16988), ``resolve_transformers_fallback`` renamed
``resolve_transformers_arch`` (#15829), ``ShardedStateLoader.load_model`` no longer calling ``_prepare_weights``
(#16317), ``DefaultModelLoader`` given ``local_expert_ids`` and an ``_init_ep_weight_filter(model_config)`` it calls
from ``load_weights`` (#37136), ``bitsandbytes_loader.dequantize_dq`` folded into a method (#20061) and
``dummy_loader``'s meta-tensor imports dropped (#38478) -- picked by scanning the path's diffs (``git log
--first-parent -p``), avoiding the commits every other replay uses (``blind_replay_loader``, ``_loaderint``,
``_weights`` cover parts of this surface).  Each is replayed under 1-3 fork spellings written the way fork code is
written (an import, a module attribute, a ``getattr`` with a literal, a monkeypatch of a module function, a
membership test, a ``.get``/index/store of a module dict, a subclass override the base no longer calls, an
attribute or method name upstream's base now sets or calls), with twins (fork code the commit does not break:
the kept name, the new spelling, the fork's own attribute name, a member the set kept).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned*
when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 769e0cfd): 16 caught, 0 warned, 5 missed of 21 (twins: 9
quiet, 1 false error).  (The commit that added this file says 22 spellings and 10 twins: they are 21 and 10.)
Symbol drift caught the re-exports dropped (#49519's, #49805's, #38478's: imports and module attributes), the
removed and renamed functions (an import, a module attribute call, a ``getattr`` literal, a monkeypatch of the
old name) and #37136's two (shadowed-attribute: the base's ``__init__`` now sets ``local_expert_ids``; the
fork-owned ``_init_ep_weight_filter()`` the base's ``load_weights`` now calls with ``model_config``).  The
misses: #25682's three (a ``.get``, a store and a membership test keyed by ``compute_hash()``'s string in
``_MODEL_ARCH_BY_HASH``, declared ``= dict[str, ...]()`` and now ``dict[int, ...]()``) and #49586's two
(``SKIP_TENSORS`` gained ``"bias"``: a fork's count and its loader-wrapping loop filtered by it now drop the
bias).  The false error: #16317's twin, an override of ``DefaultModelLoader._prepare_weights``, read as an
override of a removed method -- upstream's ``loader.py`` at #16317 held a PEP 701 f-string (``f"{...(part=" *
")}"``), a SyntaxError on the engine's Python 3.11, so every member of its classes looked gone.  #16317's
killer (``ShardedStateLoader._prepare_weights``, which ``load_model`` no longer calls) was "caught" blind by
the same misreading, not for its real reason.
After the killers203 widenings: 18 caught, 3 warned, 0 missed of 21 (twins: 10 quiet, one of them warned, 0
false errors).  Caught now: a module table declared by a call of its subscripted type (``NAME = dict[K, V]()``)
under a key a method's annotated return shows (``model_config.compute_hash()`` -> ``str``; ``drift/keys.py``).
Warned now: a fork's membership test of a module-level string set upstream added members to
(``drift/grown_sets.py``: a warning, since a fork may mean the set as upstream does), and #16317's override: a
base class from an in-tree module that does not parse under the running Python is unknown, not gone
(``drift/pyindex.py``: the twin's false error went), and a fork class deriving from one is a warning that its
overrides went unchecked (``drift/unparsed_bases.py``; the upstream file cannot be read on the engine's Python
3.11, so the real reason -- ``load_model`` no longer calls ``_prepare_weights`` -- stays unread; the twin
carries the same warning).
Regression set at the widenings' head: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
key_replay 6/7 re-keyings and 5/5 literal lookups caught, 0/12 twins false (as before), review9_twins 0/55 false,
blind_replay_loader 9 caught, 4 warned, 1 missed of 14 (8 quiet), blind_replay_loaderint 40/1/1 of 42 (20
quiet), blind_replay_weights 19/2/0 of 21 (5 quiet), blind_replay_benchsuite 13/2/0 of 15 (9 quiet): no drop,
no false error; tests/audits/test_symbol_drift.py 329 passed.  Rerun after ``drift/unparsed_bases.py``: killer_replay
26/26, kind_change_replay 12/12 (5 quiet), blind_replay_loader 9/4/1 (8 quiet), blind_replay_benchsuite 13/2/0
(9 quiet), this replay 18/3/0 (10 quiet, 1 of them warned).

  python benchmarks/blind_replay_loader2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #49519 (99e62b802c): utils/layerwise no longer import the attention classes (is_deferred_attention_layer)
DA = "99e62b802c"
DAW = "utils.AttentionLayerBase/MMEncoderAttention and layerwise.Attention/MLAAttention no longer imported"
CASES += [
    (
        "#49519 re-exported names dropped",
        "an import of a name the loader's utils re-exported",
        K(
            "#49519",
            DA,
            DAW,
            "vllm/aeon/da1.py",
            "import torch\n\nfrom vllm.model_executor.model_loader.utils import AttentionLayerBase\n\n\n"
            "def aeon_nvfp4_attention_layers(model: torch.nn.Module) -> list[torch.nn.Module]:\n"
            "    # AEON: the NVFP4 path requantizes the KV scales of every attention layer\n"
            "    return [m for m in model.modules() if isinstance(m, AttentionLayerBase)]\n",
            "from vllm.model_executor.model_loader.utils import AttentionLayerBase",
        ),
    ),
    (
        "#49519 re-exported names dropped",
        "a module attribute of reload.layerwise",
        K(
            "#49519",
            DA,
            DAW,
            "vllm/aeon/da2.py",
            "import torch\n\nfrom vllm.model_executor.model_loader.reload import layerwise\n\n\n"
            "def aeon_is_deferred(layer: torch.nn.Module) -> bool:\n"
            "    # AEON: the Spark's NVFP4 reload defers the attention layers like upstream\n"
            "    return isinstance(layer, (layerwise.Attention, layerwise.MLAAttention))\n",
            "return isinstance(layer, (layerwise.Attention, layerwise.MLAAttention))",
        ),
    ),
    (
        "#49519 re-exported names dropped",
        "a module attribute of utils in an isinstance",
        K(
            "#49519",
            DA,
            DAW,
            "vllm/aeon/da3.py",
            "import torch\n\nfrom vllm.model_executor.model_loader import utils as loader_utils\n\n\n"
            "def aeon_is_encoder_attention(module: torch.nn.Module) -> bool:\n"
            "    # AEON: the vision encoder's attention keeps bf16 weights on the Spark\n"
            "    return isinstance(module, loader_utils.MMEncoderAttention)\n",
            "return isinstance(module, loader_utils.MMEncoderAttention)",
        ),
    ),
    (
        "#49519 re-exported names dropped",
        "twin: the class from its own module",
        K(
            "#49519",
            DA,
            DAW,
            "vllm/aeon/da4.py",
            "import torch\n\nfrom vllm.model_executor.layers.attention_layer_base import AttentionLayerBase\n\n\n"
            "def aeon_nvfp4_attention_layers2(model: torch.nn.Module) -> list[torch.nn.Module]:\n"
            "    return [m for m in model.modules() if isinstance(m, AttentionLayerBase)]\n",
            "from vllm.model_executor.layers.attention_layer_base import AttentionLayerBase",
        ),
    ),
]

# --- #49805 (9321aff536): reload.layerwise imports SKIP_LOAD_TENSORS instead of SKIP_TENSORS
SL = "9321aff536"
SLW = "reload.layerwise no longer imports SKIP_TENSORS (SKIP_LOAD_TENSORS split off)"
CASES += [
    (
        "#49805 re-exported name dropped",
        "an import of the set from layerwise",
        K(
            "#49805",
            SL,
            SLW,
            "vllm/aeon/sl1.py",
            "from vllm.model_executor.model_loader.reload.layerwise import SKIP_TENSORS\n\n\n"
            "def aeon_nvfp4_loadable(names: list[str]) -> list[str]:\n"
            "    # AEON: the NVFP4 checkpoint loader skips the tensors the reload skips\n"
            "    return [n for n in names if n not in SKIP_TENSORS]\n",
            "from vllm.model_executor.model_loader.reload.layerwise import SKIP_TENSORS",
        ),
    ),
    (
        "#49805 re-exported name dropped",
        "a module attribute read",
        K(
            "#49805",
            SL,
            SLW,
            "vllm/aeon/sl2.py",
            "from vllm.model_executor.model_loader.reload import layerwise\n\n\n"
            "def aeon_skips(name: str) -> bool:\n"
            "    # AEON: the Spark's reload follows upstream's skip list\n"
            "    return name in layerwise.SKIP_TENSORS\n",
            "return name in layerwise.SKIP_TENSORS",
        ),
    ),
    (
        "#49805 re-exported name dropped",
        "twin: the set from its own module (same members)",
        K(
            "#49805",
            SL,
            SLW,
            "vllm/aeon/sl3.py",
            "from vllm.model_executor.model_loader.reload.meta import SKIP_TENSORS\n\n\n"
            "def aeon_stays_off_meta(name: str) -> bool:\n"
            "    return name in SKIP_TENSORS\n",
            "return name in SKIP_TENSORS",
        ),
    ),
]

# --- #49586 (163ecba377): reload.meta.SKIP_TENSORS gains "bias" (still loaded by a weight loader)
SB = "163ecba377"
SBW = 'SKIP_TENSORS gains "bias"'
MT = "import torch\n\nfrom vllm.model_executor.model_loader.reload.meta import SKIP_MODULES, SKIP_TENSORS\n\n\n"
CASES += [
    (
        "#49586 set constant gains a member",
        "a count of the loadable elements filtered by the set",
        K(
            "#49586",
            SB,
            SBW,
            "vllm/aeon/sb1.py",
            MT + "def aeon_expected_numel(layer: torch.nn.Module) -> int:\n"
            "    # AEON: the NVFP4 loader checks every loadable tensor arrived before requantizing\n"
            "    tensors = dict(layer.named_parameters(recurse=False))\n"
            "    return sum(t.numel() for n, t in tensors.items() if n not in SKIP_TENSORS)\n",
            "return sum(t.numel() for n, t in tensors.items() if n not in SKIP_TENSORS)",
        ),
    ),
    (
        "#49586 set constant gains a member",
        "a loop that skips the set's members when wrapping loaders",
        K(
            "#49586",
            SB,
            SBW,
            "vllm/aeon/sb2.py",
            MT + "def aeon_wrap_loaders(layer: torch.nn.Module, seen: set[str]) -> None:\n"
            "    # AEON: the NVFP4 path records which tensors its checkpoint filled\n"
            "    for name, param in layer.named_parameters(recurse=False):\n"
            "        if name in SKIP_TENSORS:\n"
            "            continue\n"
            "        seen.add(name)\n"
            "        param.aeon_tracked = True\n",
            "if name in SKIP_TENSORS:",
        ),
    ),
    (
        "#49586 set constant gains a member",
        "twin: the other set, and a member both keep",
        K(
            "#49586",
            SB,
            SBW,
            "vllm/aeon/sb3.py",
            MT + "def aeon_skip_module(module: torch.nn.Module) -> bool:\n"
            "    return type(module).__name__ in SKIP_MODULES\n\n\n"
            "def aeon_has_expert_map() -> bool:\n"
            '    return "_expert_map" in SKIP_TENSORS\n',
            'return "_expert_map" in SKIP_TENSORS',
        ),
    ),
]

# --- #25682 (89fa54e6f7): _MODEL_ARCH_BY_HASH keyed by an int hash, not ModelConfig.compute_hash()
AH = "89fa54e6f7"
AHW = "_MODEL_ARCH_BY_HASH keys str (compute_hash) -> int"
MU = "from vllm.config import ModelConfig\nfrom vllm.model_executor.model_loader import utils as model_utils\n\n\n"
CASES += [
    (
        "#25682 dict key type changed",
        "a .get keyed by compute_hash()",
        K(
            "#25682",
            AH,
            AHW,
            "vllm/aeon/ah1.py",
            MU + "def aeon_cached_arch(model_config: ModelConfig):\n"
            "    # AEON: the NVFP4 path asks for the class without resolving it twice\n"
            "    return model_utils._MODEL_ARCH_BY_HASH.get(model_config.compute_hash())\n",
            "return model_utils._MODEL_ARCH_BY_HASH.get(model_config.compute_hash())",
        ),
    ),
    (
        "#25682 dict key type changed",
        "a store keyed by compute_hash() (pre-seeding the cache)",
        K(
            "#25682",
            AH,
            AHW,
            "vllm/aeon/ah2.py",
            MU + "def aeon_pin_arch(model_config: ModelConfig, cls: type) -> None:\n"
            "    # AEON: the Spark's NVFP4 checkpoints load through the fork's own class\n"
            '    model_utils._MODEL_ARCH_BY_HASH[model_config.compute_hash()] = (cls, "AeonNvfp4ForCausalLM")\n',
            'model_utils._MODEL_ARCH_BY_HASH[model_config.compute_hash()] = (cls, "AeonNvfp4ForCausalLM")',
        ),
    ),
    (
        "#25682 dict key type changed",
        "a membership test of a compute_hash() key",
        K(
            "#25682",
            AH,
            AHW,
            "vllm/aeon/ah3.py",
            "from vllm.config import ModelConfig\nfrom vllm.model_executor.model_loader.utils import _MODEL_ARCH_BY_HASH\n\n\n"
            "def aeon_arch_resolved(model_config: ModelConfig) -> bool:\n"
            "    # AEON: skip the NVFP4 registry probe when the architecture is known\n"
            "    key = model_config.compute_hash()\n"
            "    return key in _MODEL_ARCH_BY_HASH\n",
            "return key in _MODEL_ARCH_BY_HASH",
        ),
    ),
    (
        "#25682 dict key type changed",
        "twin: the public function and a clear of the cache",
        K(
            "#25682",
            AH,
            AHW,
            "vllm/aeon/ah4.py",
            MU + "def aeon_arch(model_config: ModelConfig):\n"
            "    model_utils._MODEL_ARCH_BY_HASH.clear()\n"
            "    return model_utils.get_model_architecture(model_config)\n",
            "return model_utils.get_model_architecture(model_config)",
        ),
    ),
]

# --- #16988 (2c8ed8ee48): utils.is_transformers_impl_compatible removed
TC = "2c8ed8ee48"
TCW = "is_transformers_impl_compatible removed"
CASES += [
    (
        "#16988 function removed",
        "an import",
        K(
            "#16988",
            TC,
            TCW,
            "vllm/aeon/tc1.py",
            "from vllm.model_executor.model_loader.utils import is_transformers_impl_compatible\n\n\n"
            "def aeon_can_fallback(arch: str) -> bool:\n"
            "    # AEON: the NVFP4 path falls back to the Transformers backend for new archs\n"
            "    return is_transformers_impl_compatible(arch)\n",
            "from vllm.model_executor.model_loader.utils import is_transformers_impl_compatible",
        ),
    ),
    (
        "#16988 function removed",
        "a module attribute call",
        K(
            "#16988",
            TC,
            TCW,
            "vllm/aeon/tc2.py",
            "from vllm.model_executor.model_loader import utils as model_utils\n\n\n"
            "def aeon_can_fallback2(arch: str) -> bool:\n"
            "    # AEON: the Spark serves a few archs only through the Transformers backend\n"
            "    return model_utils.is_transformers_impl_compatible(arch)\n",
            "return model_utils.is_transformers_impl_compatible(arch)",
        ),
    ),
    (
        "#16988 function removed",
        "twin: the kept resolver",
        K(
            "#16988",
            TC,
            TCW,
            "vllm/aeon/tc3.py",
            "from vllm.model_executor.model_loader.utils import resolve_transformers_arch\n\n\n"
            "def aeon_resolve(model_config, archs: list[str]) -> list[str]:\n"
            "    return resolve_transformers_arch(model_config, archs)\n",
            "from vllm.model_executor.model_loader.utils import resolve_transformers_arch",
        ),
    ),
]

# --- #15829 (a76f547e11): utils.resolve_transformers_fallback renamed resolve_transformers_arch
RF = "a76f547e11"
RFW = "resolve_transformers_fallback -> resolve_transformers_arch"
CASES += [
    (
        "#15829 function renamed",
        "a monkeypatch of the module function (silently never called)",
        K(
            "#15829",
            RF,
            RFW,
            "vllm/aeon/rf1.py",
            "from vllm.model_executor.model_loader import utils as model_utils\n\n"
            "_upstream = model_utils.resolve_transformers_fallback\n\n\n"
            "def _aeon_resolve(model_config, architectures: list[str]) -> list[str]:\n"
            "    # AEON: NVFP4 checkpoints of new archs stay on the native path on the Spark\n"
            '    if getattr(model_config, "quantization", None) == "modelopt_fp4":\n'
            "        return architectures\n"
            "    return _upstream(model_config, architectures)\n\n\n"
            "model_utils.resolve_transformers_fallback = _aeon_resolve\n",
            "_upstream = model_utils.resolve_transformers_fallback",
        ),
    ),
    (
        "#15829 function renamed",
        "a getattr with a literal",
        K(
            "#15829",
            RF,
            RFW,
            "vllm/aeon/rf2.py",
            "from vllm.model_executor.model_loader import utils as model_utils\n\n\n"
            "def aeon_fallback(model_config, archs: list[str]) -> list[str]:\n"
            "    # AEON: the Spark's loader resolves the backend before the NVFP4 probe\n"
            '    resolve = getattr(model_utils, "resolve_transformers_fallback")\n'
            "    return resolve(model_config, archs)\n",
            'resolve = getattr(model_utils, "resolve_transformers_fallback")',
        ),
    ),
    (
        "#15829 function renamed",
        "twin: the kept get_model_architecture",
        K(
            "#15829",
            RF,
            RFW,
            "vllm/aeon/rf3.py",
            "from vllm.model_executor.model_loader.utils import get_model_architecture\n\n\n"
            "def aeon_model_class(model_config):\n"
            "    return get_model_architecture(model_config)[0]\n",
            "return get_model_architecture(model_config)[0]",
        ),
    ),
]

# --- #16317 (71ce44047f): ShardedStateLoader.load_model no longer calls self._prepare_weights
SS = "71ce44047f"
SSW = "ShardedStateLoader.load_model reads model_config.model_weights instead of calling _prepare_weights"
CASES += [
    (
        "#16317 override no longer called",
        "a subclass override of _prepare_weights",
        K(
            "#16317",
            SS,
            SSW,
            "vllm/aeon/ss1.py",
            "import os\n\nfrom vllm.model_executor.model_loader.loader import ShardedStateLoader\n\n\n"
            "class AeonShardedLoader(ShardedStateLoader):\n"
            "    # AEON: the Spark keeps its NVFP4 shards on local NVMe, not in the HF cache\n"
            "    def _prepare_weights(self, model_name_or_path: str, revision):\n"
            '        local = os.path.join("/srv/aeon/nvfp4", os.path.basename(model_name_or_path))\n'
            "        if os.path.isdir(local):\n"
            "            return local\n"
            "        return super()._prepare_weights(model_name_or_path, revision)\n",
            "def _prepare_weights(self, model_name_or_path: str, revision):",
        ),
    ),
    (
        "#16317 override no longer called",
        "twin: the same override on the default loader (still called)",
        K(
            "#16317",
            SS,
            SSW,
            "vllm/aeon/ss2.py",
            "from vllm.model_executor.model_loader.loader import DefaultModelLoader\n\n\n"
            "class AeonDefaultLoader(DefaultModelLoader):\n"
            "    def _prepare_weights(self, model_name_or_path, revision, fall_back_to_pt, allow_patterns_overrides):\n"
            "        return super()._prepare_weights(\n"
            "            model_name_or_path, revision, fall_back_to_pt, allow_patterns_overrides\n"
            "        )\n",
            "def _prepare_weights(self, model_name_or_path, revision, fall_back_to_pt, allow_patterns_overrides):",
        ),
    ),
]

# --- #37136 (821eb80c0d): DefaultModelLoader sets local_expert_ids and calls _init_ep_weight_filter(model_config)
EP = "821eb80c0d"
EPW = "DefaultModelLoader.local_expert_ids set in __init__ and reset by load_weights' _init_ep_weight_filter"
DL = "from vllm.config.load import LoadConfig\nfrom vllm.model_executor.model_loader.default_loader import DefaultModelLoader\n\n\n"
CASES += [
    (
        "#37136 base now sets and calls the fork's names",
        "a subclass attribute the base's load_weights now overwrites",
        K(
            "#37136",
            EP,
            EPW,
            "vllm/aeon/ep1.py",
            DL + "class AeonEpLoader(DefaultModelLoader):\n"
            "    # AEON: the Spark pair loads only its own experts from the NVFP4 checkpoint\n"
            "    def __init__(self, load_config: LoadConfig, experts: set[int]) -> None:\n"
            "        super().__init__(load_config)\n"
            "        self.local_expert_ids = experts\n\n"
            "    def aeon_keep(self, expert: int) -> bool:\n"
            "        return expert in self.local_expert_ids\n",
            "self.local_expert_ids = experts",
        ),
    ),
    (
        "#37136 base now sets and calls the fork's names",
        "a subclass method of the name the base's load_weights now calls with another signature",
        K(
            "#37136",
            EP,
            EPW,
            "vllm/aeon/ep2.py",
            DL + "class AeonEpLoader2(DefaultModelLoader):\n"
            "    # AEON: the Spark pair computes its expert split once at construction\n"
            "    def __init__(self, load_config: LoadConfig) -> None:\n"
            "        super().__init__(load_config)\n"
            "        self.aeon_experts: set[int] = set()\n"
            "        self._init_ep_weight_filter()\n\n"
            "    def _init_ep_weight_filter(self) -> None:\n"
            "        self.aeon_experts = set(range(64))\n",
            "def _init_ep_weight_filter(self) -> None:",
        ),
    ),
    (
        "#37136 base now sets and calls the fork's names",
        "twin: the fork's own attribute name",
        K(
            "#37136",
            EP,
            EPW,
            "vllm/aeon/ep3.py",
            DL + "class AeonEpLoader3(DefaultModelLoader):\n"
            "    def __init__(self, load_config: LoadConfig, experts: set[int]) -> None:\n"
            "        super().__init__(load_config)\n"
            "        self.aeon_local_experts = experts\n",
            "self.aeon_local_experts = experts",
        ),
    ),
]

# --- #20061 (8020e98c9f): bitsandbytes_loader.dequantize_dq folded into BitsAndBytesModelLoader._dequantize_dq
DQ = "8020e98c9f"
DQW = "dequantize_dq module function removed (now a method)"
CASES += [
    (
        "#20061 function removed",
        "an import",
        K(
            "#20061",
            DQ,
            DQW,
            "vllm/aeon/dq1.py",
            "from vllm.model_executor.model_loader.bitsandbytes_loader import dequantize_dq\n\n\n"
            "def aeon_flatten_states(quant_states: dict) -> dict:\n"
            "    # AEON: the NVFP4 converter reads bnb double-quant states once\n"
            "    dequantize_dq(quant_states)\n"
            "    return quant_states\n",
            "from vllm.model_executor.model_loader.bitsandbytes_loader import dequantize_dq",
        ),
    ),
    (
        "#20061 function removed",
        "a module attribute call",
        K(
            "#20061",
            DQ,
            DQW,
            "vllm/aeon/dq2.py",
            "from vllm.model_executor.model_loader import bitsandbytes_loader as bnb\n\n\n"
            "def aeon_flatten_states2(quant_states: dict) -> None:\n"
            "    # AEON: the Spark converts bnb checkpoints to NVFP4 offline\n"
            "    bnb.dequantize_dq(quant_states)\n",
            "bnb.dequantize_dq(quant_states)",
        ),
    ),
    (
        "#20061 function removed",
        "twin: the kept loader class",
        K(
            "#20061",
            DQ,
            DQW,
            "vllm/aeon/dq3.py",
            "from vllm.model_executor.model_loader.bitsandbytes_loader import BitsAndBytesModelLoader\n\n\n"
            "def aeon_is_bnb(loader: object) -> bool:\n"
            "    return isinstance(loader, BitsAndBytesModelLoader)\n",
            "from vllm.model_executor.model_loader.bitsandbytes_loader import BitsAndBytesModelLoader",
        ),
    ),
]

# --- #38478 (1fc69f59bb): dummy_loader no longer imports materialize_meta_tensor/get_layer_tensors
DM = "1fc69f59bb"
DMW = "dummy_loader.materialize_meta_tensor/get_layer_tensors no longer imported"
CASES += [
    (
        "#38478 re-exported names dropped",
        "an import from the dummy loader",
        K(
            "#38478",
            DM,
            DMW,
            "vllm/aeon/dm1.py",
            "import torch\n\nfrom vllm.model_executor.model_loader.dummy_loader import get_layer_tensors\n\n\n"
            "def aeon_dummy_numel(layer: torch.nn.Module) -> int:\n"
            "    # AEON: the Spark's dummy NVFP4 bring-up sizes the layers first\n"
            "    return sum(t.numel() for t in get_layer_tensors(layer).values())\n",
            "from vllm.model_executor.model_loader.dummy_loader import get_layer_tensors",
        ),
    ),
    (
        "#38478 re-exported names dropped",
        "a module attribute call",
        K(
            "#38478",
            DM,
            DMW,
            "vllm/aeon/dm2.py",
            "import torch\n\nfrom vllm.model_executor.model_loader import dummy_loader\n\n\n"
            "def aeon_materialize(layer: torch.nn.Module, name: str, param: torch.Tensor) -> None:\n"
            "    # AEON: the NVFP4 dummy path materializes meta scales before filling them\n"
            "    setattr(layer, name, dummy_loader.materialize_meta_tensor(param))\n",
            "setattr(layer, name, dummy_loader.materialize_meta_tensor(param))",
        ),
    ),
    (
        "#38478 re-exported names dropped",
        "twin: the names from their own modules",
        K(
            "#38478",
            DM,
            DMW,
            "vllm/aeon/dm3.py",
            "import torch\n\nfrom vllm.model_executor.model_loader.reload.meta import materialize_meta_tensor\n"
            "from vllm.model_executor.model_loader.reload.utils import get_layer_tensors\n\n\n"
            "def aeon_materialize2(layer: torch.nn.Module) -> None:\n"
            "    for name, param in get_layer_tensors(layer).items():\n"
            "        setattr(layer, name, materialize_meta_tensor(param))\n",
            "from vllm.model_executor.model_loader.reload.utils import get_layer_tensors",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-loader2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
