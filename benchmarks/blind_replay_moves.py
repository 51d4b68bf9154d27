"""A blind replay of moves and refactors: modules split, moved or renamed, shims kept then removed, hooks moved.

First-parent upstream commits of the kind that silently breaks a fork during upstream's big refactors,
picked by scanning ``git log --first-parent -M --diff-filter=R`` and the refactor commits' diffs
(2024-2026), not from the engine's tests or the other replays: a module moved into a package with no shim
left (the NIXL connector into ``nixl/``, DeepSeek V4 into ``vllm/models/``, ``vllm.logging`` ->
``vllm.logging_utils``, ``mamba_attn`` -> ``mamba2_attn``, ``vllm.utils.func``/``async_utils`` ->
``functools``/``asyncio``, ``vllm.worker`` folded into ``vllm.v1.worker``), classes moved out of a module
(``vllm.utils.Device``/``Counter``), re-export shims removed (``vllm.entrypoints.openai.translations``, the
module ``__getattr__`` of ``vllm.multimodal.utils``), a class renamed with an alias kept in the package's
``__getattr__`` (EmbeddingRequestOutput -> PoolingRequestOutput), a function made a class's method
(apply_w8a8_block_fp8_linear -> W8A8BlockFp8LinearOp.apply), a method made a module function
(GPUModelRunner._prepare_kernel_block_sizes), a property moved from the executors to the config
(max_concurrent_batches: the fork executor's override no longer consulted), a platform hook moved to a
utility (get_cu_count: the fork platform's override never called) and a default moved from one config to
another (ModelConfig's None seed -> EngineArgs).
Each is replayed under 1-3 fork spellings written the way fork code is written (an import by path, a lazy
registration ``"module:Class"`` or (module, class) pair, a backend class path returned by a platform, a
logging dictConfig ``"()"`` path, ``setattr(module, "name", ...)`` monkeypatches, a subclass override, a
``self.`` call), with a twin for each commit (fork code the commit does not break: a kept alias, a kept
deprecation mapping, the new path).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins
must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 60422449): 20 caught, 1 warned, 6 missed of 27 (twins: 14
quiet, 0 false errors).  Two of those misses were the replay's own: #10801 kept the old names in
``vllm/outputs.py``'s ``__getattr__`` as well as in ``vllm/__init__.py``'s, so ``from vllm.outputs import
EmbeddingRequestOutput`` still works; both spellings are twins now (quiet on every engine), which makes the
blind numbers 20 caught, 1 warned, 4 missed of 25 (twins: 16 quiet, 0 false errors).  The misses: #27588's
two (``from vllm.utils import Device``, ``vllm.utils.Counter()``: ``vllm/utils/__init__.py`` has a
``__getattr__``, which made every name of it unknown), #35441's ``from vllm.multimodal.utils import
MEDIA_CONNECTOR_REGISTRY`` (a name only the removed shim ``__getattr__`` answered) and #29165's
``ModelConfig(model=path, seed=None)`` (the ``None`` -> 0 defaulting moved from ``ModelConfig.__post_init__``
to ``EngineArgs``).  Warned: #25696's ``setattr(fp8_utils, "apply_w8a8_block_fp8_linear", fn)`` (a dead knob's
warning, where a method's monkeypatch is an error).
After the killers44 widenings: 25 caught, 0 warned, 0 missed of 25 (twins: 16 quiet, 0 false errors).
Caught now: a name a module ``__getattr__`` that answers a finite set of names does not answer (a closed
shim), a name only a removed shim ``__getattr__`` answered (resolved through the hook's import), a module
function patched with ``setattr`` that upstream no longer calls, and an explicit ``None`` passed to a field
upstream narrowed from ``int | None`` to ``int`` (its ``None`` handling moved to another class).

  python benchmarks/blind_replay_moves.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #39354 (3244a2ebf2): nixl_connector.py -> nixl/worker.py (+ a package); the factory's lazy path moved
NX = "3244a2ebf2"
NXW = "kv_connector.v1.nixl_connector moved into the nixl/ package (no shim module left)"
KVF = "from vllm.distributed.kv_transfer.kv_connector.factory import KVConnectorFactory\n\n"
CASES += [
    (
        "#39354 connector module moved into a package",
        "a lazy connector registration by the old module path",
        K(
            "#39354",
            NX,
            NXW,
            "vllm/aeon/nx1.py",
            KVF + "# AEON: the sm_121a NIXL connector keeps the upstream class, registered under our name\n"
            "KVConnectorFactory.register_connector(\n"
            '    "AeonNixlConnector",\n'
            '    "vllm.distributed.kv_transfer.kv_connector.v1.nixl_connector",\n'
            '    "NixlConnector",\n'
            ")\n",
            '"vllm.distributed.kv_transfer.kv_connector.v1.nixl_connector",',
        ),
    ),
    (
        "#39354 connector module moved into a package",
        "a subclass imported by the old module path",
        K(
            "#39354",
            NX,
            NXW,
            "vllm/aeon/nx2.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.nixl_connector import NixlConnector\n\n\n"
            "class AeonNixlConnector(NixlConnector):\n"
            "    pass\n",
            "from vllm.distributed.kv_transfer.kv_connector.v1.nixl_connector import NixlConnector",
        ),
    ),
    (
        "#39354 connector module moved into a package",
        "twin: a lazy registration of a module upstream kept",
        K(
            "#39354",
            NX,
            NXW,
            "vllm/aeon/nx3.py",
            KVF + "KVConnectorFactory.register_connector(\n"
            '    "AeonLMCache",\n'
            '    "vllm.distributed.kv_transfer.kv_connector.v1.lmcache_connector",\n'
            '    "LMCacheConnectorV1",\n'
            ")\n",
            '"vllm.distributed.kv_transfer.kv_connector.v1.lmcache_connector",',
        ),
    ),
]

# --- #43004 (287471b994): models/deepseek_v4.py -> vllm/models/deepseek_v4/nvidia/deepseek_v4.py
DS = "287471b994"
DSW = "vllm.model_executor.models.deepseek_v4 moved to vllm.models.deepseek_v4 (registry re-pointed)"
MR = "from vllm import ModelRegistry\n\n"
CASES += [
    (
        "#43004 model module moved out of model_executor",
        'a lazy "module:Class" model registration',
        K(
            "#43004",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            MR + "# AEON: GB10 serves the V4 checkpoints under the fork's own architecture name\n"
            "ModelRegistry.register_model(\n"
            '    "AeonDeepseekV4ForCausalLM", "vllm.model_executor.models.deepseek_v4:DeepseekV4ForCausalLM"\n'
            ")\n",
            '"AeonDeepseekV4ForCausalLM", "vllm.model_executor.models.deepseek_v4:DeepseekV4ForCausalLM"',
        ),
    ),
    (
        "#43004 model module moved out of model_executor",
        "a subclass imported by the old module path",
        K(
            "#43004",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            "from vllm.model_executor.models.deepseek_v4 import DeepseekV4ForCausalLM\n\n\n"
            "class AeonDeepseekV4(DeepseekV4ForCausalLM):\n"
            "    pass\n",
            "from vllm.model_executor.models.deepseek_v4 import DeepseekV4ForCausalLM",
        ),
    ),
    (
        "#43004 model module moved out of model_executor",
        'twin: a "module:Class" registration of a model upstream left in place',
        K(
            "#43004",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            MR + "ModelRegistry.register_model(\n"
            '    "AeonDeepseekV2ForCausalLM", "vllm.model_executor.models.deepseek_v2:DeepseekV2ForCausalLM"\n'
            ")\n",
            '"AeonDeepseekV2ForCausalLM", "vllm.model_executor.models.deepseek_v2:DeepseekV2ForCausalLM"',
        ),
    ),
]

# --- #26920 (f6cdc9a02f): vllm/utils/func.py -> functools.py, async_utils.py -> asyncio.py
UF = "f6cdc9a02f"
UFW = "vllm.utils.func -> vllm.utils.functools, vllm.utils.async_utils -> vllm.utils.asyncio"
CASES += [
    (
        "#26920 utils submodules renamed",
        "an import from the old submodule",
        K(
            "#26920",
            UF,
            UFW,
            "vllm/aeon/uf1.py",
            "from vllm.utils.func import deprecate_kwargs\n\n\n"
            '@deprecate_kwargs("aeon_legacy", additional_message="use aeon_mode")\n'
            'def aeon_entry(aeon_mode: str = "", aeon_legacy: str = "") -> str:\n'
            "    return aeon_mode or aeon_legacy\n",
            "from vllm.utils.func import deprecate_kwargs",
        ),
    ),
    (
        "#26920 utils submodules renamed",
        "a setattr monkeypatch on the old module",
        K(
            "#26920",
            UF,
            UFW,
            "vllm/aeon/uf2.py",
            "import vllm.utils.async_utils as async_utils\n\n\n"
            "def aeon_make_async(func, executor=None):  # type: ignore[no-untyped-def]\n"
            "    return func\n\n\n"
            "# AEON: GB10 runs the tokenizer inline; the thread hop costs more than it saves\n"
            'setattr(async_utils, "make_async", aeon_make_async)\n',
            "import vllm.utils.async_utils as async_utils",
        ),
    ),
    (
        "#26920 utils submodules renamed",
        "twin: an import from a utils submodule upstream kept",
        K(
            "#26920",
            UF,
            UFW,
            "vllm/aeon/uf3.py",
            "from vllm.utils.jsontree import json_map_leaves\n\n\n"
            "def aeon_double(tree: dict) -> dict:  # type: ignore[type-arg]\n"
            "    return json_map_leaves(lambda x: x * 2, tree)\n",
            "from vllm.utils.jsontree import json_map_leaves",
        ),
    ),
]

# --- #10134 (e1b5a82179): vllm.logging -> vllm.logging_utils
LG = "e1b5a82179"
LGW = "package vllm.logging renamed vllm.logging_utils"
CASES += [
    (
        "#10134 package renamed",
        'a logging dictConfig "()" factory path',
        K(
            "#10134",
            LG,
            LGW,
            "vllm/aeon/lg1.py",
            "AEON_LOGGING_CONFIG = {\n"
            '    "version": 1,\n'
            '    "formatters": {\n'
            '        "aeon": {\n'
            '            "()": "vllm.logging.NewLineFormatter",\n'
            '            "format": "%(levelname)s %(asctime)s %(message)s",\n'
            "        },\n"
            "    },\n"
            '    "handlers": {"aeon": {"class": "logging.StreamHandler", "formatter": "aeon"}},\n'
            '    "loggers": {"vllm": {"handlers": ["aeon"], "level": "INFO"}},\n'
            "}\n",
            '"()": "vllm.logging.NewLineFormatter",',
        ),
    ),
    (
        "#10134 package renamed",
        "an import from the old package",
        K(
            "#10134",
            LG,
            LGW,
            "vllm/aeon/lg2.py",
            "import logging\n\nfrom vllm.logging import NewLineFormatter\n\n\n"
            "def aeon_handler() -> logging.Handler:\n"
            "    handler = logging.StreamHandler()\n"
            '    handler.setFormatter(NewLineFormatter("%(message)s"))\n'
            "    return handler\n",
            "from vllm.logging import NewLineFormatter",
        ),
    ),
    (
        "#10134 package renamed",
        "twin: the logger module upstream kept",
        K(
            "#10134",
            LG,
            LGW,
            "vllm/aeon/lg3.py",
            "from vllm.logger import init_logger\n\nlogger = init_logger(__name__)\n",
            "from vllm.logger import init_logger",
        ),
    ),
]

# --- #22818 (3d232dbd19): v1/attention/backends/mamba_attn.py -> mamba2_attn.py
MB = "3d232dbd19"
MBW = "v1.attention.backends.mamba_attn renamed mamba2_attn"
CASES += [
    (
        "#22818 backend module renamed",
        "a backend class path returned by a fork platform",
        K(
            "#22818",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            "def aeon_mamba_backend_cls(mamba_type: str) -> str:\n"
            "    # AEON: the sm_121a mamba2 path; resolved by resolve_obj_by_qualname\n"
            '    if mamba_type == "mamba2":\n'
            '        return "vllm.v1.attention.backends.mamba_attn.Mamba2AttentionBackend"\n'
            '    return "vllm.v1.attention.backends.mamba1_attn.Mamba1AttentionBackend"\n',
            'return "vllm.v1.attention.backends.mamba_attn.Mamba2AttentionBackend"',
        ),
    ),
    (
        "#22818 backend module renamed",
        "an import from the old module",
        K(
            "#22818",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            "from vllm.v1.attention.backends.mamba_attn import Mamba2AttentionMetadata\n\n\n"
            "def aeon_prefills(meta: Mamba2AttentionMetadata) -> int:\n"
            "    return meta.num_prefills\n",
            "from vllm.v1.attention.backends.mamba_attn import Mamba2AttentionMetadata",
        ),
    ),
    (
        "#22818 backend module renamed",
        "twin: a backend class path upstream kept",
        K(
            "#22818",
            MB,
            MBW,
            "vllm/aeon/mb3.py",
            "def aeon_backend_cls() -> str:\n"
            '    return "vllm.v1.attention.backends.flash_attn.FlashAttentionBackend"\n',
            'return "vllm.v1.attention.backends.flash_attn.FlashAttentionBackend"',
        ),
    ),
]

# --- #25901 (6a113d9aed): vllm/worker/ removed; WorkerWrapperBase folded into vllm/v1/worker/worker_base.py
WK = "6a113d9aed"
WKW = "vllm.worker.worker_base removed (WorkerBase, WorkerWrapperBase moved to vllm.v1.worker.worker_base)"
CASES += [
    (
        "#25901 package removed, classes moved",
        "a wrapper subclass imported by the old path",
        K(
            "#25901",
            WK,
            WKW,
            "vllm/aeon/wk1.py",
            "from vllm.worker.worker_base import WorkerWrapperBase\n\n\n"
            "class AeonWorkerWrapper(WorkerWrapperBase):\n"
            "    def aeon_ping(self) -> str:\n"
            '        return "pong"\n',
            "from vllm.worker.worker_base import WorkerWrapperBase",
        ),
    ),
    (
        "#25901 package removed, classes moved",
        "a setattr monkeypatch on a class of the old module",
        K(
            "#25901",
            WK,
            WKW,
            "vllm/aeon/wk2.py",
            "import vllm.worker.worker_base as worker_base\n\n\n"
            "def aeon_ping(self) -> str:  # type: ignore[no-untyped-def]\n"
            '    return "pong"\n\n\n'
            'setattr(worker_base.WorkerWrapperBase, "aeon_ping", aeon_ping)\n',
            "import vllm.worker.worker_base as worker_base",
        ),
    ),
    (
        "#25901 package removed, classes moved",
        "twin: the v1 worker base upstream kept",
        K(
            "#25901",
            WK,
            WKW,
            "vllm/aeon/wk3.py",
            "from vllm.v1.worker.worker_base import WorkerBase\n\n\nclass AeonWorker(WorkerBase):\n    pass\n",
            "from vllm.v1.worker.worker_base import WorkerBase",
        ),
    ),
]

# --- #27588 (f58d9b6404): vllm.utils.Device -> vllm.engine.protocol, Counter -> vllm.utils.counter
DV = "f58d9b6404"
DVW = "Device and Counter moved out of vllm/utils/__init__.py (no re-export)"
CASES += [
    (
        "#27588 classes moved out of a package's __init__",
        "an import of the moved enum",
        K(
            "#27588",
            DV,
            DVW,
            "vllm/aeon/dv1.py",
            "from vllm.utils import Device\n\n\n"
            "def aeon_reset_target(on_gpu: bool) -> Device:\n"
            "    return Device.GPU if on_gpu else Device.CPU\n",
            "from vllm.utils import Device",
        ),
    ),
    (
        "#27588 classes moved out of a package's __init__",
        "an attribute of the package module",
        K(
            "#27588",
            DV,
            DVW,
            "vllm/aeon/dv2.py",
            "import vllm.utils\n\n# AEON: request ids of the replay harness\nAEON_IDS = vllm.utils.Counter()\n",
            "AEON_IDS = vllm.utils.Counter()",
        ),
    ),
    (
        "#27588 classes moved out of a package's __init__",
        "twin: a name the package still maps through its deprecation __getattr__",
        K(
            "#27588",
            DV,
            DVW,
            "vllm/aeon/dv3.py",
            "from vllm.utils import get_open_port, random_uuid\n\n\n"
            "def aeon_port() -> tuple[int, str]:\n"
            "    return get_open_port(), random_uuid()\n",
            "from vllm.utils import get_open_port, random_uuid",
        ),
    ),
]

# --- #35441 (e113a30113): the translations shim package and multimodal.utils' __getattr__ shim removed
SH = "e113a30113"
SHW = "backward-compatible shims removed in 0.17 (openai.translations.*, multimodal.utils.MEDIA_CONNECTOR_REGISTRY)"
CASES += [
    (
        "#35441 shims removed",
        "a subclass imported through the removed shim package",
        K(
            "#35441",
            SH,
            SHW,
            "vllm/aeon/sh1.py",
            "from vllm.entrypoints.openai.translations.serving import OpenAIServingTranscription\n\n\n"
            "class AeonTranscription(OpenAIServingTranscription):\n"
            "    pass\n",
            "from vllm.entrypoints.openai.translations.serving import OpenAIServingTranscription",
        ),
    ),
    (
        "#35441 shims removed",
        "a name the module's __getattr__ shim handed out",
        K(
            "#35441",
            SH,
            SHW,
            "vllm/aeon/sh2.py",
            "from vllm.multimodal.utils import MEDIA_CONNECTOR_REGISTRY\n\n\n"
            "def aeon_connectors() -> list[str]:\n"
            "    return sorted(MEDIA_CONNECTOR_REGISTRY.list_registered())\n",
            "from vllm.multimodal.utils import MEDIA_CONNECTOR_REGISTRY",
        ),
    ),
    (
        "#35441 shims removed",
        "twin: the same name from its new home",
        K(
            "#35441",
            SH,
            SHW,
            "vllm/aeon/sh3.py",
            "from vllm.multimodal.media import MEDIA_CONNECTOR_REGISTRY\n\n\n"
            "def aeon_connectors() -> list[str]:\n"
            "    return sorted(MEDIA_CONNECTOR_REGISTRY.list_registered())\n",
            "from vllm.multimodal.media import MEDIA_CONNECTOR_REGISTRY",
        ),
    ),
]

# --- #10801 (d2f058e76c): EmbeddingRequestOutput -> PoolingRequestOutput; the alias kept only in vllm/__init__
PO = "d2f058e76c"
POW = "EmbeddingOutput/EmbeddingRequestOutput renamed Pooling*; vllm.__getattr__ keeps the old names"
CASES += [
    (
        "#10801 class renamed, alias kept in the package only",
        "twin: an import from the defining module, whose own __getattr__ keeps the old name too",
        K(
            "#10801",
            PO,
            POW,
            "vllm/aeon/po1.py",
            "from vllm.outputs import EmbeddingRequestOutput\n\n\n"
            "def aeon_dim(output: EmbeddingRequestOutput) -> int:\n"
            "    return len(output.outputs.embedding)\n",
            "from vllm.outputs import EmbeddingRequestOutput",
        ),
    ),
    (
        "#10801 class renamed, alias kept in the package only",
        "twin: an attribute of the defining module, whose own __getattr__ keeps the old name too",
        K(
            "#10801",
            PO,
            POW,
            "vllm/aeon/po2.py",
            "from vllm import outputs\n\n\n"
            "def aeon_is_embedding(result: object) -> bool:\n"
            "    return isinstance(result, outputs.EmbeddingRequestOutput)\n",
            "return isinstance(result, outputs.EmbeddingRequestOutput)",
        ),
    ),
    (
        "#10801 class renamed, alias kept in the package only",
        "twin: the old name from the package, whose __getattr__ keeps it",
        K(
            "#10801",
            PO,
            POW,
            "vllm/aeon/po3.py",
            "from vllm import EmbeddingRequestOutput\n\n\n"
            "def aeon_dim(output: EmbeddingRequestOutput) -> int:\n"
            "    return len(output.outputs.embedding)\n",
            "from vllm import EmbeddingRequestOutput",
        ),
    ),
]

# --- #25696 (502640c3f9): apply_w8a8_block_fp8_linear -> W8A8BlockFp8LinearOp.apply; matmul renamed
FP = "502640c3f9"
FPW = "fp8_utils.apply_w8a8_block_fp8_linear made W8A8BlockFp8LinearOp.apply; w8a8_block_fp8_matmul renamed"
FU = "from vllm.model_executor.layers.quantization.utils import fp8_utils\n\n\n"
CASES += [
    (
        "#25696 function moved into a class",
        "a setattr monkeypatch of the moved function",
        K(
            "#25696",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            FU + "def aeon_block_linear(*args, **kwargs):  # type: ignore[no-untyped-def]\n"
            "    raise NotImplementedError\n\n\n"
            "# AEON: route block-fp8 linears to the sm_121a CUTLASS kernel\n"
            'setattr(fp8_utils, "apply_w8a8_block_fp8_linear", aeon_block_linear)\n',
            'setattr(fp8_utils, "apply_w8a8_block_fp8_linear", aeon_block_linear)',
        ),
    ),
    (
        "#25696 function moved into a class",
        "a call of the moved function",
        K(
            "#25696",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            "import torch\n\n"
            + FU
            + "def aeon_linear(x: torch.Tensor, w: torch.Tensor, ws: torch.Tensor) -> torch.Tensor:\n"
            "    return fp8_utils.apply_w8a8_block_fp8_linear(x, w, [128, 128], ws)\n",
            "return fp8_utils.apply_w8a8_block_fp8_linear(x, w, [128, 128], ws)",
        ),
    ),
    (
        "#25696 function moved into a class",
        "twin: a setattr monkeypatch of a function upstream kept",
        K(
            "#25696",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            FU + "def aeon_group_quant(*args, **kwargs):  # type: ignore[no-untyped-def]\n"
            "    raise NotImplementedError\n\n\n"
            'setattr(fp8_utils, "per_token_group_quant_fp8", aeon_group_quant)\n',
            'setattr(fp8_utils, "per_token_group_quant_fp8", aeon_group_quant)',
        ),
    ),
]

# --- #35400 (cabdaa7619): GPUModelRunner._prepare_kernel_block_sizes -> utils.prepare_kernel_block_sizes
KB = "cabdaa7619"
KBW = "GPUModelRunner._prepare_kernel_block_sizes moved to vllm.v1.worker.utils (a function)"
GR = (
    "from vllm.v1.kv_cache_interface import KVCacheConfig\n"
    "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
)
CASES += [
    (
        "#35400 method moved to a module function",
        "a subclass override upstream no longer calls",
        K(
            "#35400",
            KB,
            KBW,
            "vllm/aeon/kb1.py",
            GR + "class AeonModelRunner(GPUModelRunner):\n"
            "    # AEON: sm_121a's FlashInfer kernels want 64-token blocks for the hybrid models\n"
            "    def _prepare_kernel_block_sizes(self, kv_cache_config: KVCacheConfig) -> list[int]:\n"
            "        return [64 for _ in kv_cache_config.kv_cache_groups]\n",
            "def _prepare_kernel_block_sizes(self, kv_cache_config: KVCacheConfig) -> list[int]:",
        ),
    ),
    (
        "#35400 method moved to a module function",
        "a self call of the moved method",
        K(
            "#35400",
            KB,
            KBW,
            "vllm/aeon/kb2.py",
            GR + "class AeonProbeRunner(GPUModelRunner):\n"
            "    def aeon_block_sizes(self, kv_cache_config: KVCacheConfig) -> list[int]:\n"
            "        return self._prepare_kernel_block_sizes(kv_cache_config)\n",
            "return self._prepare_kernel_block_sizes(kv_cache_config)",
        ),
    ),
    (
        "#35400 method moved to a module function",
        "twin: an override of a method upstream still calls",
        K(
            "#35400",
            KB,
            KBW,
            "vllm/aeon/kb3.py",
            GR + "class AeonKVRunner(GPUModelRunner):\n"
            "    def initialize_kv_cache(self, kv_cache_config: KVCacheConfig) -> None:\n"
            "        super().initialize_kv_cache(kv_cache_config)\n",
            "def initialize_kv_cache(self, kv_cache_config: KVCacheConfig) -> None:",
        ),
    ),
]

# --- #44274 (cab5c9a2a9): Executor.max_concurrent_batches -> VllmConfig.max_concurrent_batches
MC = "cab5c9a2a9"
MCW = "max_concurrent_batches moved from the executors to VllmConfig; EngineCore reads the config's"
CASES += [
    (
        "#44274 property moved from the executor to the config",
        "a fork executor's override the engine core no longer consults",
        K(
            "#44274",
            MC,
            MCW,
            "vllm/aeon/mc1.py",
            "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
            "class AeonExecutor(MultiprocExecutor):\n"
            "    # AEON: GB10's unified memory overlaps three batches under async scheduling\n"
            "    @property\n"
            "    def max_concurrent_batches(self) -> int:\n"
            "        return 3 if self.scheduler_config.async_scheduling else 1\n",
            "def max_concurrent_batches(self) -> int:",
        ),
    ),
    (
        "#44274 property moved from the executor to the config",
        "a read of the executor's property",
        K(
            "#44274",
            MC,
            MCW,
            "vllm/aeon/mc2.py",
            "from vllm.v1.executor.abstract import Executor\n\n\n"
            "def aeon_queue_depth(executor: Executor) -> int:\n"
            "    return executor.max_concurrent_batches\n",
            "return executor.max_concurrent_batches",
        ),
    ),
    (
        "#44274 property moved from the executor to the config",
        "twin: the scheduler config read upstream kept",
        K(
            "#44274",
            MC,
            MCW,
            "vllm/aeon/mc3.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_async(vllm_config: VllmConfig) -> bool:\n"
            "    return vllm_config.scheduler_config.async_scheduling\n",
            "return vllm_config.scheduler_config.async_scheduling",
        ),
    ),
]

# --- #27005 (2dacd57394): Platform.get_cu_count -> vllm.utils.platform_utils.get_cu_count
CU = "2dacd57394"
CUW = "Platform.get_cu_count removed; callers use vllm.utils.platform_utils.get_cu_count"
CASES += [
    (
        "#27005 platform hook moved to a utility",
        "a fork platform's override upstream never calls",
        K(
            "#27005",
            CU,
            CUW,
            "vllm/aeon/cu1.py",
            "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\n"
            "class AeonGB10Platform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def get_cu_count(cls, device_id: int = 0) -> int:\n"
            "        # AEON: GB10 reports 48 SMs; the skinny GEMM split wants them\n"
            "        return 48\n",
            "def get_cu_count(cls, device_id: int = 0) -> int:",
        ),
    ),
    (
        "#27005 platform hook moved to a utility",
        "a call through current_platform",
        K(
            "#27005",
            CU,
            CUW,
            "vllm/aeon/cu2.py",
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_split_k() -> int:\n"
            "    return max(1, current_platform.get_cu_count() // 12)\n",
            "return max(1, current_platform.get_cu_count() // 12)",
        ),
    ),
    (
        "#27005 platform hook moved to a utility",
        "twin: a platform classmethod upstream kept",
        K(
            "#27005",
            CU,
            CUW,
            "vllm/aeon/cu3.py",
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_is_gb10() -> bool:\n"
            "    return current_platform.has_device_capability(121)\n",
            "return current_platform.has_device_capability(121)",
        ),
    ),
]

# --- #29165 (d7219bcda3): ModelConfig's None seed no longer defaulted in __post_init__ (EngineArgs does it)
SD = "d7219bcda3"
SDW = "ModelConfig.seed: int | None = None (set to 0 in __post_init__) -> int = 0; EngineArgs defaults None"
CASES += [
    (
        "#29165 default moved to another config",
        "a ModelConfig built with seed=None, relying on its __post_init__",
        K(
            "#29165",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_probe_config(path: str) -> ModelConfig:\n"
            "    # AEON: the weight probe builds its own config; None lets vLLM pick the seed\n"
            "    return ModelConfig(model=path, seed=None)\n",
            "return ModelConfig(model=path, seed=None)",
        ),
    ),
    (
        "#29165 default moved to another config",
        "twin: an explicit seed",
        K(
            "#29165",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_probe_config(path: str) -> ModelConfig:\n"
            "    return ModelConfig(model=path, seed=0)\n",
            "return ModelConfig(model=path, seed=0)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-moves-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
