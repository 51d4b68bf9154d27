"""A second blind replay of real upstream changes under fork carries (vLLM main, 2025-11 .. 2026-08).

18 first-parent commits picked by scanning the window's diffs for changes that silently alter code
built on them, not from the engine's tests: a parameter order swapped, a method turned from async to
sync (under an override and under an ``await``), a model method renamed under a fork override, an
enum member renamed, an accepted value and a property retired together, a ``str`` field made an
``Enum``, an ``IntEnum`` renumbered, a ``staticmethod`` made a property, a config key renamed with a
unit change (blocks -> bytes), a registry key renamed with its module, an env var's default changed
and then the var removed, a wire-version constant bumped, a module constant moved into a class, an
override's signature left behind by its caller, a returned list of pairs grown to triples, a config
default changed.  Each is replayed under 2-4 fork spellings written the way fork code is written.
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins (a spelling the commit
does not break) must stay *quiet*: no error on their line.

Blind, on the engine before any widening (2c07c1c): 24 caught, 3 warned, 16 missed of 43 (twins: 2 quiet).
After the killers28 widenings: 36 caught, 4 warned, 3 missed (twins: 2 quiet, 0 false errors).
After killers29 (values rewritten on the way in, config-dict keys no longer read): 37 caught, 6 warned,
0 missed (twins: 2 quiet, 0 false errors).

  python benchmarks/blind_replay_2026.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #30364: awq_gemm(input, qweight, qzeros, scales, split_k) -> (input, qweight, scales, qzeros, split_k)
AWQ = "e9add129ad"
OPS = "from vllm import _custom_ops as ops\n\n\n"
CASES += [
    (
        "#30364 param order",
        "module alias positional",
        K(
            "#30364",
            AWQ,
            "qzeros/scales swapped",
            "vllm/aeon/awq1.py",
            OPS + "def aeon_awq_matmul(x, qweight, qzeros, scales):\n"
            "    # AEON: split-K 8 suits GB10's SM count\n"
            "    return ops.awq_gemm(x, qweight, qzeros, scales, 8)\n",
            "return ops.awq_gemm(x, qweight, qzeros, scales, 8)",
        ),
    ),
    (
        "#30364 param order",
        "from-import, layer attributes",
        K(
            "#30364",
            AWQ,
            "qzeros/scales swapped",
            "vllm/aeon/awq2.py",
            "from vllm._custom_ops import awq_gemm\n\n\n"
            "def aeon_awq_apply(layer, x, pack_factor: int):\n"
            "    out = awq_gemm(x, layer.qweight, layer.qzeros, layer.scales, pack_factor)\n"
            "    return out\n",
            "out = awq_gemm(x, layer.qweight, layer.qzeros, layer.scales, pack_factor)",
        ),
    ),
    (
        "#30364 param order",
        "twin: keywords",
        K(
            "#30364",
            AWQ,
            "qzeros/scales swapped",
            "vllm/aeon/awq3.py",
            OPS + "def aeon_awq_kw(x, qweight, qzeros, scales):\n"
            "    return ops.awq_gemm(x, qweight, qzeros=qzeros, scales=scales, split_k_iters=8)\n",
            "return ops.awq_gemm(x, qweight, qzeros=qzeros, scales=scales, split_k_iters=8)",
        ),
    ),
]

# --- #39763 (c0ecaed950): pooling servings' _build_response async -> sync (the base calls it without await)
POOL = "c0ecaed950"
CASES += [
    (
        "#39763 async->sync override",
        "async override calling super",
        K(
            "#39763",
            POOL,
            "_build_response made sync",
            "vllm/aeon/pool1.py",
            "from fastapi.responses import JSONResponse\n\n"
            "from vllm.entrypoints.pooling.classify.serving import ServingClassification\n\n\n"
            "class AeonServingClassification(ServingClassification):\n"
            "    # AEON: tag each response with the fleet's node\n"
            "    async def _build_response(self, ctx) -> JSONResponse:\n"
            "        response = await super()._build_response(ctx)\n"
            '        response.headers["x-aeon-node"] = "gb10"\n'
            "        return response\n",
            "async def _build_response(self, ctx) -> JSONResponse:",
        ),
    ),
    (
        "#39763 async->sync override",
        "async override, own body",
        K(
            "#39763",
            POOL,
            "_build_response made sync",
            "vllm/aeon/pool2.py",
            "from fastapi.responses import JSONResponse\n\n"
            "from vllm.entrypoints.pooling.embed.serving import ServingEmbedding\n\n\n"
            "class AeonServingEmbedding(ServingEmbedding):\n"
            "    async def _build_response(self, ctx) -> JSONResponse:\n"
            '        return JSONResponse({"data": [len(r.outputs.data) for r in ctx.final_res_batch]})\n',
            "async def _build_response(self, ctx) -> JSONResponse:",
        ),
    ),
    (
        "#39763 async->sync override",
        "twin: sync override of a sync hook",
        K(
            "#39763",
            POOL,
            "_build_response made sync",
            "vllm/aeon/pool3.py",
            "from vllm.entrypoints.pooling.classify.serving import ServingClassification\n\n\n"
            "class AeonClassifyIO(ServingClassification):\n"
            "    def init_io_processor(self, *args, **kwargs):\n"
            "        return super().init_io_processor(*args, **kwargs)\n",
            "def init_io_processor(self, *args, **kwargs):",
        ),
    ),
]

# --- #40730 (62b1bbe470): EPLB transfer_layer async -> sync
EPLB = "62b1bbe470"
TL = "from vllm.distributed.eplb.rebalance_execute import transfer_layer\n\n\n"
CASES += [
    (
        "#40730 async->sync callee",
        "await",
        K(
            "#40730",
            EPLB,
            "transfer_layer made sync",
            "vllm/aeon/eplb1.py",
            TL + "async def aeon_move_layer(old, new, weights, buffer, group, communicator):\n"
            "    # AEON: move the first MoE layer eagerly at startup\n"
            "    metadata = await transfer_layer(old, new, weights, buffer, group, communicator)\n"
            "    return metadata\n",
            "metadata = await transfer_layer(old, new, weights, buffer, group, communicator)",
        ),
    ),
    (
        "#40730 async->sync callee",
        "asyncio.run on a module attribute",
        K(
            "#40730",
            EPLB,
            "transfer_layer made sync",
            "vllm/aeon/eplb2.py",
            "import asyncio\n\nfrom vllm.distributed.eplb import rebalance_execute\n\n\n"
            "def aeon_move_layer_now(old, new, weights, buffer, group, communicator):\n"
            "    return asyncio.run(rebalance_execute.transfer_layer(old, new, weights, buffer, group, communicator))\n",
            "return asyncio.run(rebalance_execute.transfer_layer(old, new, weights, buffer, group, communicator))",
        ),
    ),
]

# --- #27583 (97d1c99302): get_input_embeddings -> embed_input_ids on every model
EMB = "97d1c99302"
LLAMA = "from vllm.model_executor.models.llama import LlamaForCausalLM\n\n\n"
CASES += [
    (
        "#27583 method renamed",
        "subclass override left dead",
        K(
            "#27583",
            EMB,
            "get_input_embeddings renamed",
            "vllm/aeon/emb1.py",
            LLAMA + "class AeonLlamaForCausalLM(LlamaForCausalLM):\n"
            "    # AEON: scale the embeddings like the fleet's fine-tunes expect\n"
            "    def get_input_embeddings(self, input_ids):\n"
            "        return self.model.embed_tokens(input_ids) * 1.5\n",
            "def get_input_embeddings(self, input_ids):",
        ),
    ),
    (
        "#27583 method renamed",
        "call on a typed model",
        K(
            "#27583",
            EMB,
            "get_input_embeddings renamed",
            "vllm/aeon/emb2.py",
            LLAMA + "def aeon_embed(model: LlamaForCausalLM, input_ids):\n"
            "    return model.get_input_embeddings(input_ids)\n",
            "return model.get_input_embeddings(input_ids)",
        ),
    ),
    (
        "#27583 method renamed",
        "getattr by name",
        K(
            "#27583",
            EMB,
            "get_input_embeddings renamed",
            "vllm/aeon/emb3.py",
            LLAMA + "def aeon_embed_any(model: LlamaForCausalLM, input_ids):\n"
            '    return getattr(model, "get_input_embeddings")(input_ids)\n',
            'return getattr(model, "get_input_embeddings")(input_ids)',
        ),
    ),
]

# --- #38048: RequestStatus.WAITING_FOR_FSM -> WAITING_FOR_STRUCTURED_OUTPUT_GRAMMAR
FSM = "1bf2ddd0ee"
RQ = "from vllm.v1.request import Request, RequestStatus\n\n\n"
CASES += [
    (
        "#38048 enum member renamed",
        "attribute compare",
        K(
            "#38048",
            FSM,
            "WAITING_FOR_FSM renamed",
            "vllm/aeon/fsm1.py",
            RQ + "def aeon_waits_for_grammar(request: Request) -> bool:\n"
            "    return request.status == RequestStatus.WAITING_FOR_FSM\n",
            "return request.status == RequestStatus.WAITING_FOR_FSM",
        ),
    ),
    (
        "#38048 enum member renamed",
        ".name compare",
        K(
            "#38048",
            FSM,
            "WAITING_FOR_FSM renamed",
            "vllm/aeon/fsm2.py",
            RQ + "def aeon_status_label(request: Request) -> str:\n"
            '    if request.status.name == "WAITING_FOR_FSM":\n'
            '        return "grammar"\n'
            "    return request.status.name.lower()\n",
            'if request.status.name == "WAITING_FOR_FSM":',
        ),
    ),
    (
        "#38048 enum member renamed",
        "subscript by name",
        K(
            "#38048",
            FSM,
            "WAITING_FOR_FSM renamed",
            "vllm/aeon/fsm3.py",
            RQ + 'AEON_HELD = (RequestStatus["WAITING_FOR_FSM"], RequestStatus.WAITING_FOR_REMOTE_KVS)\n',
            'AEON_HELD = (RequestStatus["WAITING_FOR_FSM"], RequestStatus.WAITING_FOR_REMOTE_KVS)',
        ),
    ),
]

# --- #36294: the "naive" all2all backend retired (coerced to allgather_reducescatter) and
#     use_naive_all2all_kernels renamed use_ag_rs_all2all_kernels
NAIVE = "91be5f9be3"
CASES += [
    (
        "#36294 accepted value retired",
        "config field compare",
        K(
            "#36294",
            NAIVE,
            '"naive" retired',
            "vllm/aeon/a2a1.py",
            "from vllm.config import ParallelConfig\n\n\n"
            "def aeon_broadcast_moe(parallel_config: ParallelConfig) -> bool:\n"
            '    return parallel_config.all2all_backend == "naive"\n',
            'return parallel_config.all2all_backend == "naive"',
        ),
    ),
    (
        "#36294 accepted value retired",
        "constructor keyword",
        K(
            "#36294",
            NAIVE,
            '"naive" retired',
            "vllm/aeon/a2a2.py",
            "from vllm.config import ParallelConfig\n\n\n"
            "def aeon_parallel() -> ParallelConfig:\n"
            "    # AEON: one GB10 per node: broadcasts beat the all2all kernels\n"
            '    return ParallelConfig(enable_expert_parallel=True, all2all_backend="naive")\n',
            'return ParallelConfig(enable_expert_parallel=True, all2all_backend="naive")',
        ),
    ),
    (
        "#36294 property renamed",
        "typed property read",
        K(
            "#36294",
            NAIVE,
            "use_naive_all2all_kernels renamed",
            "vllm/aeon/a2a3.py",
            "from vllm.model_executor.layers.fused_moe.config import FusedMoEConfig\n\n\n"
            "def aeon_naive_kernels(moe: FusedMoEConfig) -> bool:\n"
            "    return moe.use_naive_all2all_kernels\n",
            "return moe.use_naive_all2all_kernels",
        ),
    ),
]

# --- #41188 (5536fc0c01): mamba_type "mamba2" (str) -> MambaAttentionBackendEnum.MAMBA2 (a plain Enum)
MAMBA = "5536fc0c01"
CASES += [
    (
        "#41188 str -> Enum",
        "spec field == str",
        K(
            "#41188",
            MAMBA,
            "mamba_type made an Enum",
            "vllm/aeon/mamba1.py",
            "from vllm.v1.kv_cache_interface import MambaSpec\n\n\n"
            "def aeon_is_mamba2(spec: MambaSpec) -> bool:\n"
            '    return spec.mamba_type == "mamba2"\n',
            'return spec.mamba_type == "mamba2"',
        ),
    ),
    (
        "#41188 str -> Enum",
        "layer override returns str",
        K(
            "#41188",
            MAMBA,
            "mamba_type made an Enum",
            "vllm/aeon/mamba2.py",
            "from vllm.model_executor.layers.mamba.mamba_mixer2 import MambaMixer2\n\n\n"
            "class AeonMambaMixer2(MambaMixer2):\n"
            "    @property\n"
            "    def mamba_type(self) -> str:\n"
            '        return "mamba2"\n',
            'return "mamba2"',
        ),
    ),
    (
        "#41188 str -> Enum",
        "selector called with str",
        K(
            "#41188",
            MAMBA,
            "mamba_type made an Enum",
            "vllm/aeon/mamba3.py",
            "from vllm.v1.attention.selector import get_mamba_attn_backend\n\n\n"
            "def aeon_mamba2_backend():\n"
            '    return get_mamba_attn_backend("mamba2")\n',
            'return get_mamba_attn_backend("mamba2")',
        ),
    ),
]

# --- #35326 (93bada494f): SharedExpertsOrder loses EXTERNAL=(1,): NO_OVERLAP 2->1, MK 3->2, MULTI_STREAM 4->3
ORDER = "93bada494f"
SE = "from vllm.model_executor.layers.fused_moe.runner.shared_experts import SharedExperts, SharedExpertsOrder\n\n\n"
CASES += [
    (
        "#35326 IntEnum renumbered",
        "subclass >= literal",
        K(
            "#35326",
            ORDER,
            "SharedExpertsOrder renumbered",
            "vllm/aeon/se1.py",
            SE + "class AeonSharedExperts(SharedExperts):\n"
            "    def aeon_overlapped(self, shared_experts_input) -> bool:\n"
            "        order = self._determine_shared_experts_order(shared_experts_input)\n"
            "        return order >= 3  # MK_INTERNAL_OVERLAPPED or MULTI_STREAM_OVERLAPPED\n",
            "return order >= 3  # MK_INTERNAL_OVERLAPPED or MULTI_STREAM_OVERLAPPED",
        ),
    ),
    (
        "#35326 IntEnum renumbered",
        "Enum(int)",
        K(
            "#35326",
            ORDER,
            "SharedExpertsOrder renumbered",
            "vllm/aeon/se2.py",
            "import os\n\n" + SE + "def aeon_forced_order() -> SharedExpertsOrder:\n"
            '    return SharedExpertsOrder(int(os.environ.get("AEON_SHARED_EXPERTS_ORDER", "4")))\n',
            'return SharedExpertsOrder(int(os.environ.get("AEON_SHARED_EXPERTS_ORDER", "4")))',
        ),
    ),
    (
        "#35326 IntEnum renumbered",
        "label table keyed by int",
        K(
            "#35326",
            ORDER,
            "SharedExpertsOrder renumbered",
            "vllm/aeon/se3.py",
            SE + '_AEON_ORDER = {0: "none", 1: "external", 2: "serial", 3: "mk", 4: "streams"}\n\n\n'
            "def aeon_order_label(order: SharedExpertsOrder) -> str:\n"
            "    return _AEON_ORDER[int(order)]\n",
            '_AEON_ORDER = {0: "none", 1: "external", 2: "serial", 3: "mk", 4: "streams"}',
        ),
    ),
]

# --- #32567 (5a93b9162b): FusedMoEPermuteExpertsUnpermute.expects_unquantized_inputs staticmethod -> property
DEFER = "5a93b9162b"
MK = "from vllm.model_executor.layers.fused_moe import modular_kernel as mk\n\n\n"
CASES += [
    (
        "#32567 staticmethod -> property",
        "subclass keeps the staticmethod",
        K(
            "#32567",
            DEFER,
            "expects_unquantized_inputs made a property",
            "vllm/aeon/defer1.py",
            MK + "class AeonGB10Experts(mk.FusedMoEPermuteExpertsUnpermute):\n"
            "    # AEON: the GB10 kernel quantizes its own inputs\n"
            "    @staticmethod\n"
            "    def expects_unquantized_inputs(moe_config, quant_config) -> bool:\n"
            "        return quant_config.use_fp8_w8a8\n",
            "def expects_unquantized_inputs(moe_config, quant_config) -> bool:",
        ),
    ),
    (
        "#32567 staticmethod -> property",
        "called on the class",
        K(
            "#32567",
            DEFER,
            "expects_unquantized_inputs made a property",
            "vllm/aeon/defer2.py",
            "from vllm.model_executor.layers.fused_moe.cutlass_moe import CutlassExpertsFp4\n\n\n"
            "def aeon_defer_quant(moe_config, quant_config) -> bool:\n"
            "    return CutlassExpertsFp4.expects_unquantized_inputs(moe_config, quant_config)\n",
            "return CutlassExpertsFp4.expects_unquantized_inputs(moe_config, quant_config)",
        ),
    ),
]

# --- #24498 (9cddbdba6d): OffloadingConnector's extra config num_cpu_blocks (blocks) -> cpu_bytes_to_use (bytes);
#     CPUOffloadingSpec(vllm_config) gains kv_cache_config and its num_cpu_blocks becomes num_blocks
OFF = "9cddbdba6d"
CASES += [
    (
        "#24498 config key renamed",
        "extra-config dict",
        K(
            "#24498",
            OFF,
            "num_cpu_blocks -> cpu_bytes_to_use",
            "vllm/aeon/off1.py",
            "from vllm.config import KVTransferConfig\n\n\n"
            "def aeon_offload() -> KVTransferConfig:\n"
            "    return KVTransferConfig(\n"
            '        kv_connector="OffloadingConnector",\n'
            '        kv_role="kv_both",\n'
            '        kv_connector_extra_config={"block_size": 64, "num_cpu_blocks": 8192},\n'
            "    )\n",
            'kv_connector_extra_config={"block_size": 64, "num_cpu_blocks": 8192},',
        ),
    ),
    (
        "#24498 attribute renamed",
        "typed attribute read",
        K(
            "#24498",
            OFF,
            "num_cpu_blocks -> num_blocks",
            "vllm/aeon/off2.py",
            "from vllm.v1.kv_offload.cpu import CPUOffloadingSpec\n\n\n"
            "def aeon_offload_blocks(spec: CPUOffloadingSpec) -> int:\n"
            "    return spec.num_cpu_blocks\n",
            "return spec.num_cpu_blocks",
        ),
    ),
    (
        "#24498 param inserted",
        "subclass __init__ left behind",
        K(
            "#24498",
            OFF,
            "CPUOffloadingSpec(vllm_config, kv_cache_config)",
            "vllm/aeon/off3.py",
            "from vllm.v1.kv_offload.cpu import CPUOffloadingSpec\n\n\n"
            "class AeonOffloadingSpec(CPUOffloadingSpec):\n"
            "    def __init__(self, vllm_config):\n"
            "        super().__init__(vllm_config)\n"
            '        self.eviction_policy = "arc"  # AEON: long shared prefixes\n',
            "super().__init__(vllm_config)",
        ),
    ),
]

# --- #30201 (4c6fd25880): SharedStorageConnector -> ExampleConnector, module shared_storage_connector -> example_connector
SSC = "4c6fd25880"
CASES += [
    (
        "#30201 registry key renamed",
        "config keyword",
        K(
            "#30201",
            SSC,
            "SharedStorageConnector renamed",
            "vllm/aeon/ssc1.py",
            "from vllm.config import KVTransferConfig\n\n\n"
            "def aeon_disk_kv() -> KVTransferConfig:\n"
            '    return KVTransferConfig(kv_connector="SharedStorageConnector", kv_role="kv_both")\n',
            'return KVTransferConfig(kv_connector="SharedStorageConnector", kv_role="kv_both")',
        ),
    ),
    (
        "#30201 module moved",
        "subclass of the moved class",
        K(
            "#30201",
            SSC,
            "shared_storage_connector module renamed",
            "vllm/aeon/ssc2.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.shared_storage_connector import SharedStorageConnector\n\n\n"
            "class AeonDiskConnector(SharedStorageConnector):\n"
            "    pass\n",
            "from vllm.distributed.kv_transfer.kv_connector.v1.shared_storage_connector import SharedStorageConnector",
        ),
    ),
    (
        "#30201 module moved",
        "module path by string",
        K(
            "#30201",
            SSC,
            "shared_storage_connector module renamed",
            "vllm/aeon/ssc3.py",
            "AEON_KV = {\n"
            '    "kv_connector": "AeonDiskConnector",\n'
            '    "kv_connector_module_path": "vllm.distributed.kv_transfer.kv_connector.v1.shared_storage_connector",\n'
            "}\n",
            '"kv_connector_module_path": "vllm.distributed.kv_transfer.kv_connector.v1.shared_storage_connector",',
        ),
    ),
]

# --- #27426 (1840c5cb18): VLLM_FUSED_MOE_CHUNK_SIZE default 32768 -> 16384; #34086 (2cdf92228c) then removes it
CHUNK = "1840c5cb18"
GONE = "2cdf92228c"
CASES += [
    (
        "#27426 env default",
        "re-read with the old default",
        K(
            "#27426",
            CHUNK,
            "VLLM_FUSED_MOE_CHUNK_SIZE 32768 -> 16384",
            "vllm/aeon/chunk1.py",
            "import os\n\n"
            "# AEON: the fleet's MoE workspace follows upstream's chunk\n"
            'AEON_MOE_CHUNK = int(os.getenv("VLLM_FUSED_MOE_CHUNK_SIZE", "32768"))\n',
            'AEON_MOE_CHUNK = int(os.getenv("VLLM_FUSED_MOE_CHUNK_SIZE", "32768"))',
        ),
    ),
    (
        "#34086 env removed",
        "envs attribute",
        K(
            "#34086",
            GONE,
            "VLLM_FUSED_MOE_CHUNK_SIZE removed",
            "vllm/aeon/chunk2.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_moe_chunk() -> int:\n"
            "    return min(envs.VLLM_FUSED_MOE_CHUNK_SIZE, 8192)\n",
            "return min(envs.VLLM_FUSED_MOE_CHUNK_SIZE, 8192)",
        ),
    ),
    (
        "#34086 env removed",
        "setdefault of a dead knob",
        K(
            "#34086",
            GONE,
            "VLLM_FUSED_MOE_CHUNK_SIZE removed",
            "vllm/aeon/chunk3.py",
            "import os\n\n"
            "# AEON: smaller MoE chunks keep GB10's unified memory headroom\n"
            'os.environ.setdefault("VLLM_FUSED_MOE_CHUNK_SIZE", "8192")\n',
            'os.environ.setdefault("VLLM_FUSED_MOE_CHUNK_SIZE", "8192")',
        ),
    ),
]

# --- #40731 (df8e63f4ed): NIXL_CONNECTOR_VERSION 2 -> 3 (the P/D compatibility hash)
NIXL = "df8e63f4ed"
CASES += [
    (
        "#40731 version constant",
        "inlined in a hash's factors",
        K(
            "#40731",
            NIXL,
            "NIXL_CONNECTOR_VERSION 2 -> 3",
            "vllm/aeon/nixl1.py",
            "from vllm.config.utils import hash_factors\n\n\n"
            "def aeon_decode_compat_hash(model: str) -> str:\n"
            "    # AEON: the router checks decode nodes against this before routing\n"
            '    return hash_factors({"nixl_connector_version": 2, "model": model})\n',
            'return hash_factors({"nixl_connector_version": 2, "model": model})',
        ),
    ),
    (
        "#40731 version constant",
        "compare with the peer's",
        K(
            "#40731",
            NIXL,
            "NIXL_CONNECTOR_VERSION 2 -> 3",
            "vllm/aeon/nixl2.py",
            "def aeon_peer_compatible(peer: dict) -> bool:\n"
            '    return peer.get("nixl_connector_version") == 2  # NIXL_CONNECTOR_VERSION\n',
            'return peer.get("nixl_connector_version") == 2  # NIXL_CONNECTOR_VERSION',
        ),
    ),
]

# --- #35297 (111d869069): nemotron_vl's module-level IMG_CONTEXT moves into the processor class
IMG = "111d869069"
CASES += [
    (
        "#35297 module constant moved",
        "from-import",
        K(
            "#35297",
            IMG,
            "IMG_CONTEXT moved into a class",
            "vllm/aeon/img1.py",
            "from vllm.model_executor.models.nemotron_vl import IMG_CONTEXT\n\n\n"
            "def aeon_image_prompt(text: str) -> str:\n"
            "    return IMG_CONTEXT + text\n",
            "from vllm.model_executor.models.nemotron_vl import IMG_CONTEXT",
        ),
    ),
    (
        "#35297 module constant moved",
        "module attribute",
        K(
            "#35297",
            IMG,
            "IMG_CONTEXT moved into a class",
            "vllm/aeon/img2.py",
            "from vllm.model_executor.models import nemotron_vl\n\n\n"
            "def aeon_image_prompt(text: str) -> str:\n"
            '    return text.replace("<img>", nemotron_vl.IMG_CONTEXT)\n',
            'return text.replace("<img>", nemotron_vl.IMG_CONTEXT)',
        ),
    ),
]

# --- #29066 (00e5cbb967): FusedMoEMethodBase.apply(layer, x, router_logits, top_k, renormalize, ...) -> (layer, x, router_logits)
APPLY = "00e5cbb967"
UQ = "from vllm.model_executor.layers.fused_moe.unquantized_fused_moe_method import UnquantizedFusedMoEMethod\n\n\n"
CASES += [
    (
        "#29066 override signature",
        "override keeps the old parameters",
        K(
            "#29066",
            APPLY,
            "apply loses top_k, renormalize, ...",
            "vllm/aeon/apply1.py",
            UQ + "class AeonUnquantizedMoE(UnquantizedFusedMoEMethod):\n"
            "    def apply(self, layer, x, router_logits, top_k, renormalize, use_grouped_topk=False, **kwargs):\n"
            "        # AEON: GB10 renormalizes in the router\n"
            "        return super().apply(layer, x, router_logits, top_k, False, use_grouped_topk, **kwargs)\n",
            "def apply(self, layer, x, router_logits, top_k, renormalize, use_grouped_topk=False, **kwargs):",
        ),
    ),
    (
        "#29066 override signature",
        "positional call",
        K(
            "#29066",
            APPLY,
            "apply loses top_k, renormalize, ...",
            "vllm/aeon/apply2.py",
            UQ + "def aeon_moe(method: UnquantizedFusedMoEMethod, layer, x, router_logits):\n"
            "    return method.apply(layer, x, router_logits, layer.top_k, layer.renormalize)\n",
            "return method.apply(layer, x, router_logits, layer.top_k, layer.renormalize)",
        ),
    ),
]

# --- #48798 (a123159f7a): DualQueueThreadPool.get_finished() pairs -> triples; JobState.task_done gains transfer_time
POOLQ = "a123159f7a"
TP = "from vllm.v1.kv_offload.tiering.fs.thread_pool import DualQueueThreadPool, JobState\n\n\n"
CASES += [
    (
        "#48798 returned tuples grew",
        "for-unpack",
        K(
            "#48798",
            POOLQ,
            "get_finished pairs -> triples",
            "vllm/aeon/tp1.py",
            TP + "def aeon_failed_jobs(pool: DualQueueThreadPool) -> list:\n"
            "    failed = []\n"
            "    for job_id, success in pool.get_finished():\n"
            "        if not success:\n"
            "            failed.append(job_id)\n"
            "    return failed\n",
            "for job_id, success in pool.get_finished():",
        ),
    ),
    (
        "#48798 returned tuples grew",
        "comprehension over a local",
        K(
            "#48798",
            POOLQ,
            "get_finished pairs -> triples",
            "vllm/aeon/tp2.py",
            TP + "def aeon_done_jobs(pool: DualQueueThreadPool) -> list:\n"
            "    finished = pool.get_finished()\n"
            "    return [job for job, ok in finished if ok]\n",
            "return [job for job, ok in finished if ok]",
        ),
    ),
    (
        "#48798 param inserted",
        "call without the new argument",
        K(
            "#48798",
            POOLQ,
            "task_done(success, transfer_time)",
            "vllm/aeon/tp3.py",
            TP + "def aeon_fail(state: JobState) -> bool:\n"
            "    finished, _ = state.task_done(False)\n"
            "    return finished\n",
            "finished, _ = state.task_done(False)",
        ),
    ),
]

# --- #38284 (96a85c5750): CacheConfig.gpu_memory_utilization default 0.9 -> 0.92
GMU = "96a85c5750"
CASES += [
    (
        "#38284 field default",
        "== the old default",
        K(
            "#38284",
            GMU,
            "gpu_memory_utilization 0.9 -> 0.92",
            "vllm/aeon/gmu1.py",
            "from vllm.config import CacheConfig\n\n\n"
            "def aeon_gpu_memory(cache_config: CacheConfig) -> float:\n"
            "    # AEON: GB10 shares memory with the host: leave it room unless the operator chose\n"
            "    if cache_config.gpu_memory_utilization == 0.9:\n"
            "        return 0.8\n"
            "    return cache_config.gpu_memory_utilization\n",
            "if cache_config.gpu_memory_utilization == 0.9:",
        ),
    ),
    (
        "#38284 field default",
        "getattr with the old default",
        K(
            "#38284",
            GMU,
            "gpu_memory_utilization 0.9 -> 0.92",
            "vllm/aeon/gmu2.py",
            "def aeon_headroom(cache_config) -> float:\n"
            '    return 1.0 - getattr(cache_config, "gpu_memory_utilization", 0.9)\n',
            'return 1.0 - getattr(cache_config, "gpu_memory_utilization", 0.9)',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind26-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
