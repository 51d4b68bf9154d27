"""A blind replay of real upstream changes under fork carries: each existing class's reach.

21 first-parent commits of vLLM since 2025-06, picked by scanning diffs (a constant or enum value
changed, a symbol renamed or removed, a parameter inserted, a tuple made one value, a priority list
entry inserted, a dtype changed, a default changed, an accepted value removed, an offset added),
not from the engine's tests.  Each is replayed under fork carries spelt the ways fork code is written
(an alias, a module attribute, ``getattr`` with a literal, a subclass override, ``functools.partial``,
a table of callables, a ``type[Foo]`` parameter, a Ray ``.remote()`` call, a dict display, a bound
written the other way...).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning does (a changed default,
an order, a dtype another file also assigns, a value passed on: warnings by design).

  python benchmarks/blind_replay.py [--mirror DIR] [--only TEXT ...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from killer_replay import Edit, Killer, replay
from threeway import MIRROR, Finding, clone


def K(pr: str, sha: str, what: str, path: str, text: str, line: str) -> Killer:  # noqa: N802
    return Killer(pr, sha, what, (Edit(path, text),), ((path, line),))


CASES: list[tuple[str, str, Killer]] = []

FP8 = "from vllm.model_executor.layers.quantization.fp8 import Fp8MoEMethod, Fp8MoeBackend\n\n\n"
ES = "from vllm.distributed.elastic_ep.elastic_state import ElasticEPScalingState, ScaleUpNewEngineState\n\n\n"
RS = "from vllm.v1.sample import rejection_sampler as rs\nfrom vllm.v1.spec_decode.metadata import SpecDecodeMetadata\n\n\n"
CASES += [
    (
        "#30990 enum",
        "self attr .value",
        K(
            "#30990",
            "83a317f650",
            "MARLIN 5->4",
            "vllm/aeon/fp8_marlin.py",
            FP8
            + "class AeonFp8MoEMethod(Fp8MoEMethod):\n    def aeon_uses_marlin(self) -> bool:\n        return self.fp8_backend.value == 5\n",
            "return self.fp8_backend.value == 5",
        ),
    ),
    (
        "#30990 enum",
        "Enum(int env)",
        K(
            "#30990",
            "83a317f650",
            "MARLIN 5->4",
            "vllm/aeon/fp8_env.py",
            "import os\n\n"
            + FP8
            + 'def aeon_forced() -> Fp8MoeBackend:\n    return Fp8MoeBackend(int(os.environ.get("AEON_FP8_MOE_BACKEND", "5")))\n',
            'return Fp8MoeBackend(int(os.environ.get("AEON_FP8_MOE_BACKEND", "5")))',
        ),
    ),
    (
        "#30990 enum",
        "module alias table",
        K(
            "#30990",
            "83a317f650",
            "MARLIN 5->4",
            "vllm/aeon/fp8_tab.py",
            'from vllm.model_executor.layers.quantization import fp8 as fp8q\n\n_LABELS = {0: "none", 1: "trtllm", 2: "cutlass", 3: "deepgemm", 4: "cutlass-bs", 5: "marlin", 6: "triton"}\n\n\ndef aeon_label(backend: fp8q.Fp8MoeBackend) -> str:\n    return _LABELS[backend.value]\n',
            '_LABELS = {0: "none", 1: "trtllm", 2: "cutlass", 3: "deepgemm", 4: "cutlass-bs", 5: "marlin", 6: "triton"}',
        ),
    ),
    (
        "#37131 enum",
        ">= typed param",
        K(
            "#37131",
            "c57d38d603",
            "PREPARE 0->1",
            "vllm/aeon/ep1.py",
            ES + "def aeon_past_prepare(state: ScaleUpNewEngineState) -> bool:\n    return state >= 1\n",
            "return state >= 1",
        ),
    ),
    (
        "#37131 enum",
        "in tuple",
        K(
            "#37131",
            "c57d38d603",
            "PREPARE 0->1",
            "vllm/aeon/ep2.py",
            ES + "def aeon_busy(state: ScaleUpNewEngineState) -> bool:\n    return state in (0, 1)\n",
            "return state in (0, 1)",
        ),
    ),
    (
        "#37131 enum",
        "subclass self.state",
        K(
            "#37131",
            "c57d38d603",
            "PREPARE 0->1",
            "vllm/aeon/ep3.py",
            ES
            + "class AeonScaling(ElasticEPScalingState):\n    def aeon_complete(self) -> bool:\n        return self.state == 2  # ScaleUpNewEngineState.COMPLETE\n",
            "return self.state == 2  # ScaleUpNewEngineState.COMPLETE",
        ),
    ),
    (
        "#24986 constant",
        "same cmp",
        K(
            "#24986",
            "e71b8e210d",
            "MAX_SPEC_LEN 32->128",
            "vllm/aeon/spec1.py",
            RS + "def aeon_fits(metadata: SpecDecodeMetadata) -> bool:\n    return metadata.max_spec_len <= 32\n",
            "return metadata.max_spec_len <= 32",
        ),
    ),
    (
        "#24986 constant",
        "other op",
        K(
            "#24986",
            "e71b8e210d",
            "MAX_SPEC_LEN 32->128",
            "vllm/aeon/spec2.py",
            RS + "def aeon_too_long(metadata: SpecDecodeMetadata) -> bool:\n    return metadata.max_spec_len > 32\n",
            "return metadata.max_spec_len > 32",
        ),
    ),
    (
        "#24986 constant",
        "fork const",
        K(
            "#24986",
            "e71b8e210d",
            "MAX_SPEC_LEN 32->128",
            "vllm/aeon/spec3.py",
            RS
            + "AEON_MAX_SPEC_LEN = 32\n\n\ndef aeon_fits(metadata: SpecDecodeMetadata) -> bool:\n    return metadata.max_spec_len <= AEON_MAX_SPEC_LEN\n",
            "AEON_MAX_SPEC_LEN = 32",
        ),
    ),
    (
        "#24986 constant",
        "kernel kw",
        K(
            "#24986",
            "e71b8e210d",
            "MAX_SPEC_LEN 32->128",
            "vllm/aeon/spec4.py",
            RS
            + "def aeon_launch(grid, out, probs):\n    rs.rejection_greedy_sample_kernel[grid](out, probs, MAX_NUM_TOKENS=32)\n",
            "rs.rejection_greedy_sample_kernel[grid](out, probs, MAX_NUM_TOKENS=32)",
        ),
    ),
    (
        "#50620 constant",
        "dict key",
        K(
            "#50620",
            "653cc6faca",
            "NIXL_CONNECTOR_VERSION 6->7",
            "vllm/aeon/nixl1.py",
            'def aeon_handshake(engine_id: str) -> dict:\n    return {"engine_id": engine_id, "nixl_connector_version": 6}\n',
            'return {"engine_id": engine_id, "nixl_connector_version": 6}',
        ),
    ),
    (
        "#50620 constant",
        "comment",
        K(
            "#50620",
            "653cc6faca",
            "NIXL_CONNECTOR_VERSION 6->7",
            "vllm/aeon/nixl2.py",
            'def aeon_compatible(meta: dict) -> bool:\n    return meta.get("nixl_connector_version") == 6  # NIXL_CONNECTOR_VERSION\n',
            'return meta.get("nixl_connector_version") == 6  # NIXL_CONNECTOR_VERSION',
        ),
    ),
    (
        "#46570 removed",
        "import as",
        K(
            "#46570",
            "b6ff8a2f50",
            "get_total_cp_world_size renamed",
            "vllm/aeon/cp1.py",
            "from vllm.v1.worker.cp_utils import get_total_cp_world_size as cp_size\n\n\ndef aeon_blocks(n: int) -> int:\n    return n * cp_size()\n",
            "from vllm.v1.worker.cp_utils import get_total_cp_world_size as cp_size",
        ),
    ),
    (
        "#46570 removed",
        "module attr in dict",
        K(
            "#46570",
            "b6ff8a2f50",
            "get_total_cp_world_size renamed",
            "vllm/aeon/cp2.py",
            'from vllm.v1.worker import cp_utils\n\n_SIZES = {"cp": cp_utils.get_total_cp_world_size}\n\n\ndef aeon_size(kind: str) -> int:\n    return _SIZES[kind]()\n',
            '_SIZES = {"cp": cp_utils.get_total_cp_world_size}',
        ),
    ),
    (
        "#46570 removed",
        "getattr literal",
        K(
            "#46570",
            "b6ff8a2f50",
            "get_total_cp_world_size renamed",
            "vllm/aeon/cp3.py",
            'from vllm.v1.worker import cp_utils\n\n\ndef aeon_size() -> int:\n    return getattr(cp_utils, "get_total_cp_world_size")()\n',
            'return getattr(cp_utils, "get_total_cp_world_size")()',
        ),
    ),
    (
        "#46570 removed",
        "local import",
        K(
            "#46570",
            "b6ff8a2f50",
            "get_total_cp_world_size renamed",
            "vllm/aeon/cp4.py",
            "def aeon_size() -> int:\n    from vllm.v1.worker.cp_utils import get_total_cp_world_size\n\n    return get_total_cp_world_size()\n",
            "from vllm.v1.worker.cp_utils import get_total_cp_world_size",
        ),
    ),
    (
        "#48150 removed",
        "module alias call",
        K(
            "#48150",
            "a9531edfa6",
            "get_sliding_window_size_in_blocks renamed",
            "vllm/aeon/sw1.py",
            "import vllm.distributed.kv_transfer.kv_connector.v1.offloading.scheduler as sched\n\n\ndef aeon_sw(spec, block_size: int):\n    return sched.get_sliding_window_size_in_blocks(spec, block_size)\n",
            "return sched.get_sliding_window_size_in_blocks(spec, block_size)",
        ),
    ),
    (
        "#48150 removed",
        "partial",
        K(
            "#48150",
            "a9531edfa6",
            "get_sliding_window_size_in_blocks renamed",
            "vllm/aeon/sw2.py",
            "import functools\n\nfrom vllm.distributed.kv_transfer.kv_connector.v1.offloading import scheduler\n\naeon_sw16 = functools.partial(scheduler.get_sliding_window_size_in_blocks, offloaded_block_size=16)\n",
            "aeon_sw16 = functools.partial(scheduler.get_sliding_window_size_in_blocks, offloaded_block_size=16)",
        ),
    ),
    (
        "#39832 removed classmethod",
        "direct classmethod",
        K(
            "#39832",
            "ea0e501bb1",
            "_get_connector_class_with_compat removed",
            "vllm/aeon/kvf1.py",
            "from vllm.distributed.kv_transfer.kv_connector.factory import KVConnectorFactory\n\n\ndef aeon_cls(cfg):\n    cls, _ = KVConnectorFactory._get_connector_class_with_compat(cfg)\n    return cls\n",
            "cls, _ = KVConnectorFactory._get_connector_class_with_compat(cfg)",
        ),
    ),
    (
        "#39832 removed classmethod",
        "subclass cls.",
        K(
            "#39832",
            "ea0e501bb1",
            "_get_connector_class_with_compat removed",
            "vllm/aeon/kvf2.py",
            "from vllm.distributed.kv_transfer.kv_connector.factory import KVConnectorFactory\n\n\nclass AeonFactory(KVConnectorFactory):\n    @classmethod\n    def aeon_cls(cls, cfg):\n        found, _ = cls._get_connector_class_with_compat(cfg)\n        return found\n",
            "found, _ = cls._get_connector_class_with_compat(cfg)",
        ),
    ),
    (
        "#39832 removed classmethod",
        "subclass override",
        K(
            "#39832",
            "ea0e501bb1",
            "_get_connector_class_with_compat removed",
            "vllm/aeon/kvf3.py",
            "from vllm.distributed.kv_transfer.kv_connector.factory import KVConnectorFactory\n\n\nclass AeonFactory(KVConnectorFactory):\n    @classmethod\n    def _get_connector_class_with_compat(cls, kv_transfer_config):\n        return super()._get_connector_class_with_compat(kv_transfer_config)\n",
            "    def _get_connector_class_with_compat(cls, kv_transfer_config):",
        ),
    ),
    (
        "#47243 renamed",
        "subclass override",
        K(
            "#47243",
            "a461070d1c",
            "preserves_nccl renamed",
            "vllm/aeon/sleep1.py",
            "from vllm.device_allocator.sleep_mode_backend import CuMemBackend\n\n\nclass AeonBackend(CuMemBackend):\n    @classmethod\n    def preserves_nccl(cls) -> bool:\n        return False\n",
            "    def preserves_nccl(cls) -> bool:",
        ),
    ),
    (
        "#47243 renamed",
        "type[] var",
        K(
            "#47243",
            "a461070d1c",
            "preserves_nccl renamed",
            "vllm/aeon/sleep2.py",
            "from vllm.device_allocator.sleep_mode_backend import SleepModeBackendFactory\n\n\ndef aeon_reinit(name: str) -> bool:\n    backend_cls = SleepModeBackendFactory.get_backend_class(name)\n    return not backend_cls.preserves_nccl()\n",
            "return not backend_cls.preserves_nccl()",
        ),
    ),
    (
        "#47243 renamed",
        "getattr literal",
        K(
            "#47243",
            "a461070d1c",
            "preserves_nccl renamed",
            "vllm/aeon/sleep3.py",
            'from vllm.device_allocator.sleep_mode_backend import SleepModeBackend\n\n\ndef aeon_reinit(backend: SleepModeBackend) -> bool:\n    return not getattr(backend, "preserves_nccl")()\n',
            'return not getattr(backend, "preserves_nccl")()',
        ),
    ),
    (
        "#45026 renamed",
        "ray remote",
        K(
            "#45026",
            "ebfbcfe46a",
            "get_node_and_gpu_ids renamed",
            "vllm/aeon/ray1.py",
            "import ray\n\n\ndef aeon_nodes(workers):\n    return ray.get([w.get_node_and_gpu_ids.remote() for w in workers])\n",
            "return ray.get([w.get_node_and_gpu_ids.remote() for w in workers])",
        ),
    ),
    (
        "#45026 renamed",
        "subclass override",
        K(
            "#45026",
            "ebfbcfe46a",
            "get_node_and_gpu_ids renamed",
            "vllm/aeon/ray2.py",
            "from vllm.v1.executor.ray_utils import RayWorkerWrapper\n\n\nclass AeonWorker(RayWorkerWrapper):\n    def get_node_and_gpu_ids(self) -> tuple[str, list[int]]:\n        node, gpus = super().get_node_and_gpu_ids()\n        return node, sorted(gpus)\n",
            "    def get_node_and_gpu_ids(self) -> tuple[str, list[int]]:",
        ),
    ),
]

EP = "from vllm.distributed.eplb.policy.default import DefaultEplbPolicy\nfrom vllm.distributed.eplb.policy.abstract import AbstractEplbPolicy\nfrom vllm.distributed.eplb.eplb_state import EplbState\n\n\n"
DG = "from vllm.model_executor.layers.fused_moe.deep_gemm_moe import DeepGemmExperts\n\n\n"
PP = "from vllm.pooling_params import PoolingParams\n\n\n"
CASES += [
    (
        "#36267 tuple->one",
        "class call unpack",
        K(
            "#36267",
            "c32a58cc2a",
            "rebalance_experts 3-tuple -> tensor",
            "vllm/aeon/eplb1.py",
            EP
            + "def aeon_rebalance(weight, n):\n    phy2log, log2phy, logcnt = DefaultEplbPolicy.rebalance_experts(weight, n, 1, 1, 8)\n    return phy2log\n",
            "phy2log, log2phy, logcnt = DefaultEplbPolicy.rebalance_experts(weight, n, 1, 1, 8)",
        ),
    ),
    (
        "#36267 tuple->one",
        "type[] param",
        K(
            "#36267",
            "c32a58cc2a",
            "rebalance_experts 3-tuple -> tensor",
            "vllm/aeon/eplb2.py",
            EP
            + "def aeon_rebalance(policy: type[AbstractEplbPolicy], weight, n):\n    phy2log, log2phy, logcnt = policy.rebalance_experts(weight, n, 1, 1, 8)\n    return phy2log\n",
            "phy2log, log2phy, logcnt = policy.rebalance_experts(weight, n, 1, 1, 8)",
        ),
    ),
    (
        "#36267 tuple->one",
        "self.policy chain",
        K(
            "#36267",
            "c32a58cc2a",
            "rebalance_experts 3-tuple -> tensor",
            "vllm/aeon/eplb3.py",
            EP
            + "def aeon_rebalance(state: EplbState, weight, n):\n    phy2log, log2phy, logcnt = state.policy.rebalance_experts(weight, n, 1, 1, 8)\n    return phy2log\n",
            "phy2log, log2phy, logcnt = state.policy.rebalance_experts(weight, n, 1, 1, 8)",
        ),
    ),
    (
        "#36267 tuple->one",
        "subclass override",
        K(
            "#36267",
            "c32a58cc2a",
            "rebalance_experts 3-tuple -> tensor",
            "vllm/aeon/eplb4.py",
            EP
            + "class AeonPolicy(DefaultEplbPolicy):\n    @classmethod\n    def rebalance_experts(cls, weight, num_replicas, num_groups, num_nodes, num_ranks, old_global_expert_indices=None):\n        phy2log, log2phy, logcnt = super().rebalance_experts(weight, num_replicas, num_groups, num_nodes, num_ranks)\n        return phy2log.clone(), log2phy, logcnt\n",
            "return phy2log.clone(), log2phy, logcnt",
        ),
    ),
    (
        "#36267 count",
        "replicate_experts 3->2",
        K(
            "#36267",
            "c32a58cc2a",
            "replicate_experts 3 -> 2",
            "vllm/aeon/eplb5.py",
            EP
            + "def aeon_replicate(weight, n):\n    phy2log, replica_idx, logcnt = DefaultEplbPolicy.replicate_experts(weight, n)\n    return logcnt\n",
            "phy2log, replica_idx, logcnt = DefaultEplbPolicy.replicate_experts(weight, n)",
        ),
    ),
    (
        "#32414 param ins",
        "positional ctor",
        K(
            "#32414",
            "42135d6898",
            "DeepGemmExperts(moe_config, quant_config)",
            "vllm/aeon/dg1.py",
            DG + "def aeon_experts(quant_config):\n    return DeepGemmExperts(quant_config)\n",
            "return DeepGemmExperts(quant_config)",
        ),
    ),
    (
        "#32414 param ins",
        "subclass super",
        K(
            "#32414",
            "42135d6898",
            "DeepGemmExperts(moe_config, quant_config)",
            "vllm/aeon/dg2.py",
            DG
            + "class AeonExperts(DeepGemmExperts):\n    def __init__(self, quant_config):\n        super().__init__(quant_config)\n",
            "super().__init__(quant_config)",
        ),
    ),
    (
        "#32414 param ins",
        "partial",
        K(
            "#32414",
            "42135d6898",
            "DeepGemmExperts(moe_config, quant_config)",
            "vllm/aeon/dg3.py",
            "import functools\n\n"
            + DG
            + "def aeon_factory(quant_config):\n    return functools.partial(DeepGemmExperts, quant_config)\n",
            "return functools.partial(DeepGemmExperts, quant_config)",
        ),
    ),
    (
        "#32414 param ins",
        "dict of classes",
        K(
            "#32414",
            "42135d6898",
            "DeepGemmExperts(moe_config, quant_config)",
            "vllm/aeon/dg4.py",
            DG
            + '_EXPERTS = {"deepgemm": DeepGemmExperts}\n\n\ndef aeon_experts(name, quant_config):\n    return _EXPERTS[name](quant_config)\n',
            "return _EXPERTS[name](quant_config)",
        ),
    ),
    (
        "#32414 enum int->str",
        "value ==",
        K(
            "#32414",
            "42135d6898",
            "Fp8MoeBackend MARLIN 4 -> 'MARLIN'",
            "vllm/aeon/fp8v.py",
            "from vllm.model_executor.layers.fused_moe.oracle.fp8 import Fp8MoeBackend\n\n\ndef aeon_marlin(backend: Fp8MoeBackend) -> bool:\n    return backend.value == 4\n",
            "return backend.value == 4",
        ),
    ),
    (
        "#21128 param ins",
        "typed call",
        K(
            "#21128",
            "45badd05d0",
            "PoolingParams.verify(task, model_config)",
            "vllm/aeon/pool1.py",
            PP + "def aeon_check(params: PoolingParams, model_config) -> None:\n    params.verify(model_config)\n",
            "params.verify(model_config)",
        ),
    ),
    (
        "#21128 param ins",
        "untyped chain",
        K(
            "#21128",
            "45badd05d0",
            "PoolingParams.verify(task, model_config)",
            "vllm/aeon/pool2.py",
            "def aeon_check(request, model_config) -> None:\n    request.pooling_params.verify(model_config)\n",
            "request.pooling_params.verify(model_config)",
        ),
    ),
    (
        "#21128 param ins",
        "subclass override",
        K(
            "#21128",
            "45badd05d0",
            "PoolingParams.verify(task, model_config)",
            "vllm/aeon/pool3.py",
            PP
            + "class AeonPoolingParams(PoolingParams):\n    def verify(self, model_config) -> None:\n        super().verify(model_config)\n",
            "super().verify(model_config)",
        ),
    ),
]

CUDA = "vllm/platforms/cuda.py"
FLS = "                AttentionBackendEnum.FLASHMLA_SPARSE,"
GR = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\nimport torch\n\n\n"
AR = "from vllm.multimodal.audio import AudioResampler\n\n\n"
CASES += [
    (
        "#46189 order",
        "entry below inserted",
        Killer(
            "#46189",
            "dc0d318177",
            "FLASH_ATTN_MLA_SPARSE inserted above",
            (
                Edit(
                    CUDA,
                    FLS
                    + "\n                AttentionBackendEnum.FLASHINFER_MLA_SPARSE,  # AEON: our sparse MLA last\n",
                    anchor=FLS,
                    replace=True,
                ),
            ),
            ((CUDA, "AttentionBackendEnum.FLASHINFER_MLA_SPARSE,  # AEON: our sparse MLA last"),),
        ),
    ),
    (
        "#32951 dtype",
        "subclass self attr .gpu",
        K(
            "#32951",
            "fafe76b4af",
            "num_accepted_tokens int64->int32",
            "vllm/aeon/dt1.py",
            GR
            + "class AeonRunner(GPUModelRunner):\n    def aeon_wide(self) -> bool:\n        return self.num_accepted_tokens.gpu.dtype == torch.int64\n",
            "return self.num_accepted_tokens.gpu.dtype == torch.int64",
        ),
    ),
    (
        "#32951 dtype",
        "typed param torch.long",
        K(
            "#32951",
            "fafe76b4af",
            "num_accepted_tokens int64->int32",
            "vllm/aeon/dt2.py",
            GR
            + "def aeon_wide(runner: GPUModelRunner) -> bool:\n    return runner.num_accepted_tokens.gpu.dtype is torch.long\n",
            "return runner.num_accepted_tokens.gpu.dtype is torch.long",
        ),
    ),
    (
        "#32951 dtype",
        "local bound",
        K(
            "#32951",
            "fafe76b4af",
            "num_accepted_tokens int64->int32",
            "vllm/aeon/dt3.py",
            GR
            + "def aeon_wide(runner: GPUModelRunner) -> bool:\n    accepted = runner.num_accepted_tokens.gpu\n    return accepted.dtype == torch.int64\n",
            "return accepted.dtype == torch.int64",
        ),
    ),
    (
        "#48046 dtype",
        "module global",
        K(
            "#48046",
            "95d6d6f4bb",
            "_fi_sparse_workspace uint8->int8",
            "vllm/aeon/dt4.py",
            "import torch\n\nfrom vllm.v1.attention.backends.mla import flashinfer_mla_sparse as fims\n\n\ndef aeon_bytes() -> bool:\n    return fims._fi_sparse_workspace.dtype == torch.uint8\n",
            "return fims._fi_sparse_workspace.dtype == torch.uint8",
        ),
    ),
    (
        "#48046 dtype",
        "helper return",
        K(
            "#48046",
            "95d6d6f4bb",
            "_fi_sparse_workspace uint8->int8",
            "vllm/aeon/dt5.py",
            "import torch\n\nfrom vllm.v1.attention.backends.mla.flashinfer_mla_sparse import _get_workspace_buffer\n\n\ndef aeon_bytes(device) -> bool:\n    return _get_workspace_buffer(device).dtype == torch.uint8\n",
            "return _get_workspace_buffer(device).dtype == torch.uint8",
        ),
    ),
    (
        "#39524 default",
        "ctor default",
        K(
            "#39524",
            "82531edbfb",
            "AudioResampler method resampy->pyav",
            "vllm/aeon/au1.py",
            AR + "def aeon_resampler() -> AudioResampler:\n    return AudioResampler(target_sr=16000)\n",
            "return AudioResampler(target_sr=16000)",
        ),
    ),
    (
        "#39524 default",
        "partial",
        K(
            "#39524",
            "82531edbfb",
            "AudioResampler method resampy->pyav",
            "vllm/aeon/au2.py",
            "import functools\n\n" + AR + "aeon_resampler = functools.partial(AudioResampler, target_sr=16000)\n",
            "aeon_resampler = functools.partial(AudioResampler, target_sr=16000)",
        ),
    ),
    (
        "#39524 literal",
        "compare removed choice",
        K(
            "#39524",
            "82531edbfb",
            "AudioResampler method resampy removed",
            "vllm/aeon/au3.py",
            AR + 'def aeon_slow(resampler: AudioResampler) -> bool:\n    return resampler.method == "resampy"\n',
            'return resampler.method == "resampy"',
        ),
    ),
    (
        "#48979 env",
        "envs attr",
        K(
            "#48979",
            "85f638a2b8",
            "VLLM_MOE_SKIP_PADDING False->True",
            "vllm/aeon/env1.py",
            "import vllm.envs as envs\n\n\ndef aeon_pad() -> bool:\n    return not envs.VLLM_MOE_SKIP_PADDING\n",
            "return not envs.VLLM_MOE_SKIP_PADDING",
        ),
    ),
    (
        "#48979 env",
        "from vllm import envs as alias",
        K(
            "#48979",
            "85f638a2b8",
            "VLLM_MOE_SKIP_PADDING False->True",
            "vllm/aeon/env2.py",
            "from vllm import envs as vllm_envs\n\n\ndef aeon_pad() -> bool:\n    return not vllm_envs.VLLM_MOE_SKIP_PADDING\n",
            "return not vllm_envs.VLLM_MOE_SKIP_PADDING",
        ),
    ),
    (
        "#48979 env",
        "getattr envs",
        K(
            "#48979",
            "85f638a2b8",
            "VLLM_MOE_SKIP_PADDING False->True",
            "vllm/aeon/env3.py",
            'from vllm import envs\n\n\ndef aeon_pad() -> bool:\n    return not getattr(envs, "VLLM_MOE_SKIP_PADDING", False)\n',
            'return not getattr(envs, "VLLM_MOE_SKIP_PADDING", False)',
        ),
    ),
    (
        "#48979 env",
        "os.environ.get",
        K(
            "#48979",
            "85f638a2b8",
            "VLLM_MOE_SKIP_PADDING False->True",
            "vllm/aeon/env4.py",
            'import os\n\n\ndef aeon_pad() -> bool:\n    return os.environ.get("VLLM_MOE_SKIP_PADDING", "0") != "1"\n',
            'return os.environ.get("VLLM_MOE_SKIP_PADDING", "0") != "1"',
        ),
    ),
    (
        "#44854 registry",
        "config kw",
        K(
            "#44854",
            "5add018beb",
            "P2pNcclConnector removed",
            "vllm/aeon/kv1.py",
            'from vllm.config import KVTransferConfig\n\n\ndef aeon_kv() -> KVTransferConfig:\n    return KVTransferConfig(kv_connector="P2pNcclConnector", kv_role="kv_both")\n',
            'return KVTransferConfig(kv_connector="P2pNcclConnector", kv_role="kv_both")',
        ),
    ),
    (
        "#44854 registry",
        "compare",
        K(
            "#44854",
            "5add018beb",
            "P2pNcclConnector removed",
            "vllm/aeon/kv2.py",
            'def aeon_is_p2p(kv_transfer_config) -> bool:\n    return kv_transfer_config.kv_connector == "P2pNcclConnector"\n',
            'return kv_transfer_config.kv_connector == "P2pNcclConnector"',
        ),
    ),
    (
        "#44854 registry",
        "dict json",
        K(
            "#44854",
            "5add018beb",
            "P2pNcclConnector removed",
            "vllm/aeon/kv3.py",
            'AEON_KV = {"kv_connector": "P2pNcclConnector", "kv_role": "kv_both"}\n',
            'AEON_KV = {"kv_connector": "P2pNcclConnector", "kv_role": "kv_both"}',
        ),
    ),
]

LB = "vllm/v1/worker/gpu/sample/logit_bias.py"
POS = "    pos = tl.load(pos_ptr + token_idx)"
MINL = "    min_len = tl.load(min_lens_ptr + req_state_idx)"
CASES += [
    (
        "#46243 offset",
        "load +1",
        Killer(
            "#46243",
            "183a430c13",
            "min_tokens pos + 1",
            (Edit(LB, POS + " + 1  # AEON: the position of the token being sampled\n", anchor=POS, replace=True),),
            ((LB, POS + " + 1  # AEON: the position of the token being sampled"),),
        ),
    ),
    (
        "#30475 offset",
        "loop over returned ranges",
        K(
            "#30475",
            "f5f51e5931",
            "extract_embeds_range end inclusive",
            "vllm/aeon/mm1.py",
            "from vllm.multimodal.inputs import PlaceholderRange\n\n\ndef aeon_spans(rng: PlaceholderRange) -> list[tuple[int, int]]:\n    return [(start, end - 1) for start, end in rng.extract_embeds_range()]\n",
            "return [(start, end - 1) for start, end in rng.extract_embeds_range()]",
        ),
    ),
]

KVC = "from vllm.config import KVTransferConfig, VllmConfig\n\n\n"
CASES += [
    (
        "#34896 field default",
        "config chain",
        K(
            "#34896",
            "ab6f3487a6",
            "kv_load_failure_policy recompute->fail",
            "vllm/aeon/fd1.py",
            KVC
            + 'def aeon_recompute(vllm_config: VllmConfig) -> bool:\n    return vllm_config.kv_transfer_config.kv_load_failure_policy == "recompute"\n',
            'return vllm_config.kv_transfer_config.kv_load_failure_policy == "recompute"',
        ),
    ),
    (
        "#34896 field default",
        "getattr default",
        K(
            "#34896",
            "ab6f3487a6",
            "kv_load_failure_policy recompute->fail",
            "vllm/aeon/fd2.py",
            KVC
            + 'def aeon_recompute(kv_transfer_config) -> bool:\n    return getattr(kv_transfer_config, "kv_load_failure_policy", "recompute") == "recompute"\n',
            'return getattr(kv_transfer_config, "kv_load_failure_policy", "recompute") == "recompute"',
        ),
    ),
    (
        "#34896 field default",
        "typed short name",
        K(
            "#34896",
            "ab6f3487a6",
            "kv_load_failure_policy recompute->fail",
            "vllm/aeon/fd3.py",
            KVC
            + 'def aeon_recompute(kv: KVTransferConfig) -> bool:\n    return kv.kv_load_failure_policy == "recompute"\n',
            'return kv.kv_load_failure_policy == "recompute"',
        ),
    ),
    (
        "#34896 field default",
        "local alias",
        K(
            "#34896",
            "ab6f3487a6",
            "kv_load_failure_policy recompute->fail",
            "vllm/aeon/fd4.py",
            KVC
            + 'def aeon_recompute(vllm_config: VllmConfig) -> bool:\n    kv = vllm_config.kv_transfer_config\n    policy = kv.kv_load_failure_policy\n    return policy == "recompute"\n',
            "policy = kv.kv_load_failure_policy",
        ),
    ),
]


def verdict(results: list[tuple[str, bool]], findings: list[Finding], path: str, twin: bool = False) -> str:
    """caught: an error on every killer line; warned: a warning or an error elsewhere (not a near-miss) in the
    file -- an error on another line of it stops the merge at that file too, and counted as nothing it ranked
    below a warning; else MISSED.  A twin (a spelling the change does not break) is quiet unless an error
    lands on its line: FALSE."""
    if twin:
        return "FALSE" if any(blocked for _, blocked in results) else "quiet"
    if all(blocked for _, blocked in results):
        return "caught"
    warned = any(
        f.path == path and f.severity.value in ("warning", "error") and f.rule_id != "merge/near-miss" for f in findings
    )
    return "warned" if warned else "MISSED"


def run(
    doc: str,
    cases: list[tuple[str, str, Killer]],
    twins: list[tuple[str, str, Killer]] | None = None,
    prefix: str = "aeon-blind-",
) -> dict[str, int]:
    """Replay ``cases`` (class, spelling, killer) and ``twins`` (spellings the change does not break; a
    case whose spelling starts with "twin" is one too) on a shared clone of the mirror; print and count
    the verdicts."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--only", nargs="*", default=[], help="replay only cases whose class or spelling holds one")
    parser.add_argument("--show", action="store_true", help="print each case's findings")
    args = parser.parse_args()
    counts = {"caught": 0, "warned": 0, "MISSED": 0, "quiet": 0, "FALSE": 0, "quiet, warned": 0}
    started = time.perf_counter()
    jobs = [(case, case[1].startswith("twin")) for case in cases] + [(twin, True) for twin in twins or []]
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        for i, ((cls, label, killer), is_twin) in enumerate(jobs):
            if args.only and not any(o in cls or o in label for o in args.only):
                continue
            results, findings, _ = replay(repo, killer, Path(tmp) / f"m{i}")
            seen = verdict(results, findings, killer.lines[0][0], twin=is_twin)
            counts[seen] += 1
            if seen == "quiet" and any(
                f.path == killer.lines[0][0] and f.severity.value == "warning" for f in findings
            ):
                counts["quiet, warned"] += 1  # a warning does not block: a twin's is counted apart
            print(f"{seen:6}  {killer.sha}  {cls}: {label}", flush=True)
            for f in findings if args.show else ():
                print(f"    {f.severity.value}: {f.path}:{f.line}: [{f.rule_id}] {f.message[:160]}")
    total = counts["caught"] + counts["warned"] + counts["MISSED"]
    judged = counts["quiet"] + counts["FALSE"]
    noisy = f" ({counts['quiet, warned']} of them warned)" if counts["quiet, warned"] else ""
    quiet = f"; twins: {counts['quiet']} quiet{noisy}, {counts['FALSE']} false errors of {judged}" if judged else ""
    print(
        f"spellings: {counts['caught']} caught, {counts['warned']} warned, {counts['MISSED']} missed of {total}"
        f"{quiet} in {time.perf_counter() - started:.1f}s"
    )
    return counts


def main() -> int:
    run(__doc__, CASES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
