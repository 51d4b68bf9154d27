"""Short files shaped like the vLLM ones that real upstream commits changed under fork code (written here).

Each case names the real change: the commit in vLLM's history and its PR.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from aeon_release.domain.audits import GitTree
from aeon_release.domain.audits.diffs import started
from aeon_release.domain.audits.drift.sides import ThreeTrees, own_diff, parse_changes
from aeon_release.domain.audits.merge import merge_findings
from aeon_release.domain.audits.model import Finding, MergeSides, Settings
from aeon_release.domain.audits.source import SourceCache
from tests.audits.conftest import GitRepo, rows_side_by_side

PKG_INITS = {
    p: ""
    for p in (
        "vllm/__init__.py",
        "vllm/v1/__init__.py",
        "vllm/v1/attention/__init__.py",
        "vllm/v1/attention/backends/__init__.py",
        "vllm/v1/worker/__init__.py",
        "vllm/attention/__init__.py",
        "vllm/attention/backends/__init__.py",
        "vllm/model_executor/__init__.py",
        "vllm/model_executor/layers/__init__.py",
        "vllm/model_executor/layers/fused_moe/__init__.py",
        "vllm/platforms/__init__.py",
        "vllm/model_executor/models/__init__.py",
    )
}


def merge_case(
    repo: GitRepo, base: dict[str, str], fork: dict[str, str], upstream: list[tuple[str, dict[str, str | None]]]
) -> MergeSides:
    """base on main; upstream commits (subject, files; None deletes) on a branch; the fork's commit on main; a clean merge."""
    base_sha, theirs, ours = repo.three_way({**PKG_INITS, **base}, upstream, fork, "fork carry")
    # a clean merge: GitRepo's merge fails the test on any conflict (git merge exits 1)
    return MergeSides(Path(repo.root), base_sha, ours, theirs)


def rule_rows(repo: GitRepo, config: Path, sides: MergeSides, rule_id: str) -> list[tuple[str, int, str, str]]:
    """(path, line, severity, message) of each finding of ``rule_id`` in the audit of the merge ``sides`` made."""
    report = repo.audit(config, merge=sides)
    return [(f.path, f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == rule_id]


def side_by_side(
    repo: GitRepo,
    base: dict[str, str],
    forks: Mapping[str, str],
    upstream: list[tuple[str, dict[str, str | None]]],
    rule_id: str,
) -> dict[str, list[Finding]]:
    """``rule_id``'s findings (merge-aware checks, ``Settings()``) on each module of ``forks``, from one merge and one
    audit of them all side by side a process (``conftest.side_by_side``)."""

    def merged() -> list[Finding]:
        return merged_findings(repo, merge_case(repo, base, dict(forks), upstream), Settings())

    return rows_side_by_side((base, upstream, forks), forks, rule_id, merged)


def audited_side_by_side(
    repo: GitRepo,
    config: Path,
    base: dict[str, str],
    forks: Mapping[str, str],
    upstream: list[tuple[str, dict[str, str | None]]],
    rule_id: str,
) -> dict[str, list[Finding]]:
    """``side_by_side`` through ``audit_tree`` with the rules of ``config`` (their text part of the key)."""

    def audited() -> tuple[Finding, ...]:
        return repo.audit(config, merge=merge_case(repo, base, dict(forks), upstream)).findings

    rules = sorted((p.name, p.read_text()) for p in (config / "audits").glob("*.yaml"))
    return rows_side_by_side((base, upstream, forks, rules), forks, rule_id, audited)


def audited_row(
    repo: GitRepo,
    config: Path,
    base: dict[str, str],
    bodies: Sequence[str],
    body: str,
    upstream: list[tuple[str, dict[str, str | None]]],
    rule_id: str,
    folder: str,
    shared: Mapping[str, str] | None = None,
) -> tuple[str, list[Finding]]:
    """(``body``'s module, its findings of ``rule_id``): each of ``bodies`` a module ``folder/aeon_row_N.py`` beside
    the others' and ``shared``'s (a module every row had beside its own), one merge and one audit a process
    (``audited_side_by_side``; suitespeed12).  For error rows only: a quiet row could be quieted by another's module."""
    forks = {f"{folder}/aeon_row_{number}.py": text for number, text in enumerate(bodies)}
    path = f"{folder}/aeon_row_{list(bodies).index(body)}.py"
    return path, audited_side_by_side(repo, config, base, {**forks, **(shared or {})}, upstream, rule_id)[path]


def merged_findings(repo: GitRepo, sides: MergeSides, settings: Settings, rev: str | None = None) -> list[Finding]:
    """The merge-aware checks' findings on the merged tree ``rev`` (HEAD's by default), read from git's objects."""
    if rev is None and repo.merged_tree is not None:  # the merge in git's objects only: its tree, no rev-parse
        rev = repo.merged_tree
        repo.tell_places()
    tree = GitTree(repo.root, rev if rev is not None else repo.git("rev-parse", "HEAD^{tree}"))
    try:
        return merge_findings(SourceCache(tree), sides, settings)
    finally:
        tree.close()


# -- #28479 (304419576a): AttentionMetadataBuilder.cudagraph_support -> _cudagraph_support ------------
UTILS = "vllm/v1/attention/backends/utils.py"
BUILDER_BASE = """import abc
import enum
from typing import ClassVar, Generic, TypeVar

M = TypeVar("M")


class AttentionCGSupport(enum.Enum):
    ALWAYS = 3
    UNIFORM_BATCH = 2
    UNIFORM_SINGLE_TOKEN_DECODE = 1
    NEVER = 0


class AttentionMetadataBuilder(abc.ABC, Generic[M]):
    # Does this backend/builder support CUDA Graphs for attention (default: no).
    cudagraph_support: ClassVar[AttentionCGSupport] = AttentionCGSupport.NEVER
    reorder_batch_threshold: int | None = None

    def __init__(self, kv_cache_spec, layer_names, vllm_config, device):
        self.kv_cache_spec = kv_cache_spec
        self.layer_names = layer_names

    @abc.abstractmethod
    def build(self, common_prefix_len: int, common_attn_metadata, fast_build: bool = False) -> M:
        raise NotImplementedError
"""
BUILDER_RENAMED = BUILDER_BASE.replace(
    "    cudagraph_support: ClassVar[AttentionCGSupport] = AttentionCGSupport.NEVER\n",
    "    # Do not access directly. Call get_cudagraph_support() instead.\n"
    "    _cudagraph_support: ClassVar[AttentionCGSupport] = AttentionCGSupport.NEVER\n",
).replace(
    "    @abc.abstractmethod\n",
    "    @classmethod\n    def get_cudagraph_support(cls, vllm_config, kv_cache_spec) -> AttentionCGSupport:\n"
    "        return cls._cudagraph_support\n\n    @abc.abstractmethod\n",
)
FORK_BACKEND = "vllm/v1/attention/backends/aeon_nvfp4_attn.py"
FORK_BUILDER = """from typing import ClassVar

from vllm.v1.attention.backends.utils import AttentionCGSupport, AttentionMetadataBuilder


class AeonNvfp4MetadataBuilder(AttentionMetadataBuilder["AeonNvfp4Metadata"]):
    cudagraph_support: ClassVar[AttentionCGSupport] = AttentionCGSupport.UNIFORM_BATCH
    reorder_batch_threshold: int = 1

    def build(self, common_prefix_len: int, common_attn_metadata, fast_build: bool = False):
        return common_attn_metadata
"""
SUBJECT_28479 = (
    "[Perf] Refactor cudagraph_support to enable full CUDA graphs for spec decoding with FlashInfer (#28479)"
)

# -- #26315 (66e674cdd5): AttentionImpl.supports_quant_query_input removed -------------------------
ABSTRACT = "vllm/attention/backends/abstract.py"
IMPL_BASE = '''from abc import ABC, abstractmethod
from typing import Generic, TypeVar

T = TypeVar("T")


class AttentionImpl(ABC, Generic[T]):
    can_return_lse_for_decode: bool = False

    @abstractmethod
    def forward(self, layer, query, key, value, kv_cache, attn_metadata: T, output=None):
        raise NotImplementedError

    def fused_output_quant_supported(self, quant_key) -> bool:
        return False

    def supports_quant_query_input(self) -> bool:
        """Whether the layer may quantize the query before calling this backend."""
        return False
'''
IMPL_REMOVED = IMPL_BASE.replace(
    '''
    def supports_quant_query_input(self) -> bool:
        """Whether the layer may quantize the query before calling this backend."""
        return False
''',
    "",
)
FORK_IMPL = "vllm/v1/attention/backends/aeon_fp8_attn.py"
FORK_IMPL_TEXT = """from vllm.attention.backends.abstract import AttentionImpl


class AeonFp8AttentionImpl(AttentionImpl):
    def forward(self, layer, query, key, value, kv_cache, attn_metadata, output=None):
        return output

    def supports_quant_query_input(self) -> bool:
        # AEON: the GB10 fp8 kernel takes a pre-quantized query
        return True
"""
SUBJECT_26315 = "[Attention][UX][1/N] Add AttentionConfig and change attention env vars to CLI arguments (#26315)"

# -- #28309 (f4417f8449): KVConnectorModelRunnerMixin.get_kv_connector_stats removed ----------------
MIXIN = "vllm/v1/worker/kv_connector_model_runner_mixin.py"
MIXIN_BASE = """from vllm.distributed.kv_transfer import get_kv_transfer_group, has_kv_transfer_group


class KVConnectorModelRunnerMixin:
    @staticmethod
    def maybe_get_kv_connector_output(scheduler_output):
        return None

    @staticmethod
    def get_kv_connector_stats():
        if has_kv_transfer_group():
            return get_kv_transfer_group().get_kv_connector_stats()
        return None

    @staticmethod
    def use_uniform_kv_cache(attn_groups, cache_dtype) -> bool:
        return False
"""
MIXIN_REMOVED = MIXIN_BASE.replace(
    """    @staticmethod
    def get_kv_connector_stats():
        if has_kv_transfer_group():
            return get_kv_transfer_group().get_kv_connector_stats()
        return None

""",
    "",
)
RUNNER = "vllm/v1/worker/gpu_model_runner.py"
RUNNER_BASE = """from vllm.v1.worker.kv_connector_model_runner_mixin import KVConnectorModelRunnerMixin


class GPUModelRunner(KVConnectorModelRunnerMixin):
    def __init__(self, vllm_config, device):
        self.vllm_config = vllm_config
        self.device = device

    def execute_model(self, scheduler_output):
        output = self.maybe_get_kv_connector_output(scheduler_output)
        return output
"""
RUNNER_FORK = RUNNER_BASE.replace(
    """        output = self.maybe_get_kv_connector_output(scheduler_output)
""",
    """        output = self.maybe_get_kv_connector_output(scheduler_output)
        # AEON: publish the connector stats on the idle path too
        stats = self.get_kv_connector_stats()
""",
)
SUBJECT_28309 = "[KVConnector] Add KV events to KV Connectors (#28309)"

# -- #28064 (a1448b4b69) and #28449 (da2f6800e0): the fused MoE method base -------------------------
MOE_LAYER = "vllm/model_executor/layers/fused_moe/layer.py"
MOE_BASE_FILE = "vllm/model_executor/layers/fused_moe/fused_moe_method_base.py"
ALL2ALL = "vllm/model_executor/layers/fused_moe/all2all_utils.py"
MOE_METHOD_CLASS = """class FusedMoEMethodBase(QuantizeMethodBase):
    def __init__(self, moe):
        super().__init__()
        self.moe = moe
        self.moe_quant_config = None

    @staticmethod
    def _maybe_make_prepare_finalize(moe, quant_config):
        prepare_finalize = None
        if moe.use_pplx_kernels:
            prepare_finalize = "pplx"
        return prepare_finalize

    def maybe_make_prepare_finalize(self):
        return FusedMoEMethodBase._maybe_make_prepare_finalize(self.moe, self.moe_quant_config)

    @abstractmethod
    def apply(self, layer, x, router_logits, top_k: int, renormalize: bool):
        raise NotImplementedError
"""
MOE_LAYER_BASE = (
    """from abc import abstractmethod

from vllm.model_executor.layers.quantization.base_config import QuantizeMethodBase


"""
    + MOE_METHOD_CLASS
    + """

class FusedMoE:
    def __init__(self, quant_method: FusedMoEMethodBase):
        self.quant_method = quant_method
"""
)
QUANT_BASE = "vllm/model_executor/layers/quantization/base_config.py"
QUANT_BASE_TEXT = """class QuantizeMethodBase:
    def create_weights(self, layer, *weight_args, **extra_weight_attrs):
        raise NotImplementedError
"""
# #28064: the class moves to its own module (layer.py re-exports it); the static helper moves to all2all_utils
MOE_LAYER_SPLIT = """from vllm.model_executor.layers.fused_moe.fused_moe_method_base import (
    FusedMoEMethodBase,
)


class FusedMoE:
    def __init__(self, quant_method: FusedMoEMethodBase):
        self.quant_method = quant_method
"""
MOE_BASE_SPLIT = """from abc import abstractmethod

from vllm.model_executor.layers.quantization.base_config import QuantizeMethodBase


class FusedMoEMethodBase(QuantizeMethodBase):
    def __init__(self, moe):
        super().__init__()
        self.moe = moe
        self.moe_quant_config = None

    def maybe_make_prepare_finalize(self):
        from .all2all_utils import maybe_make_prepare_finalize

        return maybe_make_prepare_finalize(self.moe, self.moe_quant_config)

    @abstractmethod
    def apply(self, layer, x, router_logits, top_k: int, renormalize: bool):
        raise NotImplementedError
"""
ALL2ALL_TEXT = """def maybe_make_prepare_finalize(moe, quant_config):
    prepare_finalize = None
    if moe.use_pplx_kernels:
        prepare_finalize = "pplx"
    return prepare_finalize
"""
SUBJECT_28064 = "[Kernels] Split up fused_moe/layer.py, isolate more modular kernel code (#28064)"
# #28449: the base method gains a parameter
MOE_BASE_ROUTING = MOE_BASE_SPLIT.replace(
    "    def maybe_make_prepare_finalize(self):\n",
    "    def maybe_make_prepare_finalize(\n        self,\n        routing_tables=None,\n    ):\n",
).replace("(self.moe, self.moe_quant_config)", "(self.moe, self.moe_quant_config, routing_tables)")
SUBJECT_28449 = "[Feat][Perf] Enable deepep-low-latency with round-robin expert placement. (#28449)"
FORK_MOE = "vllm/model_executor/layers/fused_moe/aeon_nvfp4_moe.py"
FORK_MOE_TEXT = """from vllm.model_executor.layers.fused_moe.layer import FusedMoEMethodBase


class AeonNvfp4MoEMethod(FusedMoEMethodBase):
    def maybe_make_prepare_finalize(self):
        # AEON: no all2all on a single GB10
        return None

    def apply(self, layer, x, router_logits, top_k: int, renormalize: bool):
        return x
"""
FORK_MOE_CALLS_HELPER = FORK_MOE_TEXT.replace(
    "        # AEON: no all2all on a single GB10\n        return None\n",
    "        # AEON: all2all only across nodes\n        return self._maybe_make_prepare_finalize(self.moe, None)\n",
)

# -- #26695 (8f4b313c37): check_if_supports_dtype(torch_dtype) -> (dtype) ----------------------------
CUDA = "vllm/platforms/cuda.py"
CUDA_BASE = """class CudaPlatformBase:
    device_name: str = "cuda"

    @classmethod
    def check_if_supports_dtype(cls, torch_dtype):
        return True

    @classmethod
    def get_device_capability(cls, device_id: int = 0):
        return None
"""
CUDA_RENAMED = CUDA_BASE.replace("check_if_supports_dtype(cls, torch_dtype)", "check_if_supports_dtype(cls, dtype)")
FORK_PLATFORM = "vllm/platforms/aeon_gb10.py"
FORK_PLATFORM_TEXT = """from vllm.platforms.cuda import CudaPlatformBase


class AeonGB10Platform(CudaPlatformBase):
    @classmethod
    def check_if_supports_dtype(cls, torch_dtype):
        # AEON: bf16 is fine on GB10
        return True


def supports_bf16() -> bool:
    return AeonGB10Platform.check_if_supports_dtype(torch_dtype="bfloat16")
"""
SUBJECT_26695 = "[Misc] rename torch_dtype to dtype (#26695)"

# -- #48167 (ecf4aa5ce2): upstream adds its own dflash_has_any_non_causal beside the carry's ---------
DFLASH = "vllm/model_executor/models/qwen3_dflash.py"
DFLASH_BASE = """from vllm.logger import init_logger

from .utils import maybe_prefix

logger = init_logger(__name__)


def _resolve_layer_attention(config, layer_idx: int):
    dflash_config = getattr(config, "dflash_config", None) or {}
    layer_types = getattr(config, "layer_types", None)
    use_swa = dflash_config.get("use_swa", False)
    is_sliding = use_swa if layer_types is None else layer_types[layer_idx] == "sliding_attention"
    return is_sliding


class DFlashQwen3Attention:
    def __init__(self, config, layer_idx: int):
        self.is_sliding = _resolve_layer_attention(config, layer_idx)
"""
DFLASH_FORK = DFLASH_BASE.replace(
    """from .utils import maybe_prefix
""",
    """from .utils import maybe_prefix


def dflash_has_any_non_causal(config) -> bool:
    # AEON carry dflash-sliding-window: full-attention draft layers are non-causal
    layer_types = getattr(config, "layer_types", None) or []
    return any(t != "sliding_attention" for t in layer_types)
""",
)
DFLASH_UPSTREAM = DFLASH_BASE.replace(
    """logger = init_logger(__name__)
""",
    '''logger = init_logger(__name__)


_SLIDING_ATTENTION = "sliding_attention"


def _dflash_layer_causal(config, layer_idx: int) -> bool:
    """``dflash_config.causal`` overrides all layers; else only SWA layers causal."""
    override = (getattr(config, "dflash_config", None) or {}).get("causal")
    if override is not None:
        return override
    layer_types = getattr(config, "layer_types", None)
    return bool(layer_types) and layer_types[layer_idx] == _SLIDING_ATTENTION


def dflash_has_any_non_causal(config) -> bool:
    """Whether the draft needs a non-causal-capable backend, resolved from config."""
    return not all(_dflash_layer_causal(config, i) for i in range(config.num_hidden_layers))
''',
)
SUBJECT_48167 = "[Bugfix] Fix FlashInfer non-causal draft attention (DFlash/DSpark) on Blackwell (#48167)"

# -- #27005 (2dacd57394): Platform.get_cu_count moves to vllm.utils.platform_utils --------------------
PLATFORMS_INIT = "vllm/platforms/__init__.py"
PLATFORMS_INIT_TEXT = """from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vllm.platforms.interface import Platform

_current_platform = None

if TYPE_CHECKING:
    current_platform: Platform


def __getattr__(name: str):
    if name == "current_platform":
        return _current_platform
    raise AttributeError(name)
"""
INTERFACE = "vllm/platforms/interface.py"
INTERFACE_BASE = '''class Platform:
    device_name: str

    @classmethod
    def get_global_graph_pool(cls):
        return None

    @classmethod
    def get_cu_count(cls, device_id: int = 0) -> int:
        """
        Returns the total number of compute units (CU) on single GPU.
        """
        raise NotImplementedError

    @classmethod
    def get_static_graph_wrapper_cls(cls) -> str:
        return "vllm.compilation.base_static_graph.AbstractStaticGraphWrapper"
'''
INTERFACE_MOVED = INTERFACE_BASE.replace(
    '''    @classmethod
    def get_cu_count(cls, device_id: int = 0) -> int:
        """
        Returns the total number of compute units (CU) on single GPU.
        """
        raise NotImplementedError

''',
    "",
)
PLATFORM_UTILS = "vllm/utils/platform_utils.py"
PLATFORM_UTILS_TEXT = '''import torch


def get_cu_count(device_id: int = 0) -> int:
    """Returns the total number of compute units (CU) on single GPU."""
    return torch.cuda.get_device_properties(device_id).multi_processor_count
'''
SUBJECT_27005 = "[platform] Move get_cu_count to utils (#27005)"
FORK_SKINNY = "vllm/model_executor/layers/aeon_skinny_gemm.py"
FORK_SKINNY_TEXT = """from vllm.platforms import current_platform


def use_skinny_gemm(n: int) -> bool:
    # AEON: split-K only when every CU gets a tile
    return n % current_platform.get_cu_count() == 0
"""


def three_trees(repo: GitRepo, base: dict[str, str], fork: dict[str, str], upstream: dict[str, str]) -> ThreeTrees:
    """The three trees a drift check reads, for one upstream commit merged cleanly into the fork (``merge_case``):
    a check called on them directly, to see what it parses as well as what it finds."""
    sides = merge_case(repo, base, fork, [("Upstream change (#1)", upstream)])
    mine_diff, upstream_diff, _ = started(sides.repo, sides.base, sides.ours, sides.theirs)
    theirs = parse_changes(upstream_diff.result())
    mine = parse_changes(own_diff(mine_diff.result(), theirs))
    merged_tree = repo.merged_tree or repo.git("rev-parse", "HEAD^{tree}")  # the merge's tree, no rev-parse
    merged = SourceCache(GitTree(repo.root, merged_tree))
    return ThreeTrees(Path(repo.root), sides.base, sides.ours, sides.theirs, merged, mine, theirs)
