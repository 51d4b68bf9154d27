"""A blind replay of the runtime a DGX Spark fork patches, over vLLM's whole history (2024 .. 2026-08).

16 first-parent commits touching the runtime such a fork (GB10, aarch64, NVFP4, speculative decoding)
also patches -- the v1 engine core and scheduler, the worker and model runner, sampling, torch.compile
and CUDA graphs, the KV cache and its transfer, engine arguments and env vars, the model files an MTP
head patches -- picked by scanning those paths' diffs, not from the engine's tests or the other replays:
parameters reordered, a hook's parameter given another meaning, a hook's return contract changed
(None -> float), a method renamed with its old name reused for another job, a coroutine made
synchronous, a returned element's type changed (int id -> name), a module constant's value changed, a
config field renamed, a returned string renamed, an env var replaced, an env var's default changed, a
parameter removed (twice), a parameter renamed, a parameter retyped with a keyword removed, a dict key
renamed.  Each is replayed under 2-3 fork spellings written the way fork code is written, with 5 twins
(fork code the commit does not break).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (9d03563): 22 caught, 3 warned, 10 missed of 35 (twins: 5 quiet,
0 false errors).  The misses: #34805's caller handing the preempted ids to the hook, #35503's two
overrides still returning None, #27211's two readers of the LoRA id, #49230's table keyed by the old
version, #26487's two readers of the old mamba_type, #9250's two writers of the old "type" key.
After the killers32 widenings: 29 caught, 3 warned, 3 missed (twins: 5 quiet, 0 false errors).  Caught
now: a table keyed by a constant's old value looked up with the constant (constant drift); an override
returning nothing where the base now returns a value a caller upstream uses (symbol drift); a key of a
dict handed to a function whose body stopped reading it (symbol drift); a property's returned string,
read off a receiver typed as the class that dropped it (returned string drift); a positional argument
for a parameter upstream renamed and retyped, also on what a factory returns through a class alias
(symbol drift).  The misses: #27211's two users of the LoRA id the helper no longer returns (an int
compared, or added to: the element's type changed, list[int] -> list[str], and nothing in the fork's
lines says it is an int), and #26487's read off an untyped layer: MiniMax's linear attention still
returns "linear_attention", so the comparison may be that class's.
After the twenty-sixth landing: 30 caught, 4 warned, 1 missed (twins: 5 quiet, 0 false errors).  #27211's
table indexed by the unpacked id is caught (result kind drift: the element of ``list[int]`` became a
``str``, and ``lora_id + 0`` does arithmetic with it); #26487's untyped read is a warning (another class
may answer the old string, a GDN layer never will).  The one miss: #27211's ``keys[0] ==
request.lora_request.lora_int_id``, a comparison with a value of no known kind.
After killers36: 31 caught, 4 warned, 0 missed (twins: 5 quiet, 0 false errors): the element is compared
with what the old body returned as that element (``[request.lora_request.lora_int_id]``) and the new one
does not, a number that never equals the string now returned.

  python benchmarks/blind_replay_runtime.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #13977 (e7bd944e08): BlockTable.add_row(row_idx, block_ids) -> add_row(block_ids, row_idx)
BT = "e7bd944e08"
BTI = "from vllm.v1.worker.block_table import BlockTable\n\n\n"
CASES += [
    (
        "#13977 parameters reordered",
        "positional call",
        K(
            "#13977",
            BT,
            "add_row(row_idx, block_ids) -> add_row(block_ids, row_idx)",
            "vllm/aeon/bt1.py",
            BTI + "def aeon_restore_row(block_table: BlockTable, req_index: int, block_ids: list[int]) -> None:\n"
            "    # AEON: a resumed request gets its blocks back in its old row\n"
            "    block_table.add_row(req_index, block_ids)\n",
            "block_table.add_row(req_index, block_ids)",
        ),
    ),
    (
        "#13977 parameters reordered",
        "functools.partial binds the first",
        K(
            "#13977",
            BT,
            "add_row(row_idx, block_ids) -> add_row(block_ids, row_idx)",
            "vllm/aeon/bt2.py",
            "import functools\n\n" + BTI + "def aeon_row0_writer(block_table: BlockTable):\n"
            "    # AEON: the MTP draft always writes row 0\n"
            "    return functools.partial(block_table.add_row, 0)\n",
            "return functools.partial(block_table.add_row, 0)",
        ),
    ),
    (
        "#13977 parameters reordered",
        "subclass override",
        K(
            "#13977",
            BT,
            "add_row(row_idx, block_ids) -> add_row(block_ids, row_idx)",
            "vllm/aeon/bt3.py",
            BTI + "class AeonBlockTable(BlockTable):\n"
            "    def add_row(self, row_idx: int, block_ids: list[int]) -> None:\n"
            "        # AEON: count the rows GB10's unified memory pins\n"
            "        self.aeon_rows_added = getattr(self, 'aeon_rows_added', 0) + 1\n"
            "        super().add_row(row_idx, block_ids)\n",
            "def add_row(self, row_idx: int, block_ids: list[int]) -> None:",
        ),
    ),
    (
        "#13977 parameters reordered",
        "twin: keywords",
        K(
            "#13977",
            BT,
            "add_row(row_idx, block_ids) -> add_row(block_ids, row_idx)",
            "vllm/aeon/bt4.py",
            BTI + "def aeon_restore_row_kw(block_table: BlockTable, req_index: int, block_ids: list[int]) -> None:\n"
            "    block_table.add_row(row_idx=req_index, block_ids=block_ids)\n",
            "block_table.add_row(row_idx=req_index, block_ids=block_ids)",
        ),
    ),
]

# --- #34805 (fcf0687b27): KVConnectorBase_V1.handle_preemptions(preempted_req_ids) -> (kv_connector_metadata)
HP = "fcf0687b27"
KVB = "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n\n\n"
CASES += [
    (
        "#34805 hook parameter changed meaning",
        "connector override",
        K(
            "#34805",
            HP,
            "handle_preemptions(preempted_req_ids) -> handle_preemptions(kv_connector_metadata)",
            "vllm/aeon/hp1.py",
            KVB + "class AeonSparkConnector(KVConnectorBase_V1):\n"
            "    def handle_preemptions(self, preempted_req_ids: set[str]):\n"
            "        # AEON: flush the preempted requests' blocks to the NVMe tier first\n"
            "        for req_id in preempted_req_ids:\n"
            "            self.aeon_flush(req_id)\n",
            "def handle_preemptions(self, preempted_req_ids: set[str]):",
        ),
    ),
    (
        "#34805 hook parameter changed meaning",
        "caller passes the ids",
        K(
            "#34805",
            HP,
            "handle_preemptions(preempted_req_ids) -> handle_preemptions(kv_connector_metadata)",
            "vllm/aeon/hp2.py",
            "from vllm.distributed.kv_transfer import get_kv_transfer_group, has_kv_transfer_group\n\n\n"
            "def aeon_flush_preempted(scheduler_output) -> None:\n"
            "    # AEON: the fork's draft runner flushes before it reuses blocks\n"
            "    if scheduler_output.preempted_req_ids and has_kv_transfer_group():\n"
            "        get_kv_transfer_group().handle_preemptions(scheduler_output.preempted_req_ids)\n",
            "get_kv_transfer_group().handle_preemptions(scheduler_output.preempted_req_ids)",
        ),
    ),
]

# --- #35503 (7b346ba8ed): compile_or_warm_up_model() -> None becomes -> float (the executor takes max())
CW = "7b346ba8ed"
WK = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
CASES += [
    (
        "#35503 hook return contract changed",
        "override returns nothing",
        K(
            "#35503",
            CW,
            "compile_or_warm_up_model -> None becomes -> float",
            "vllm/aeon/cw1.py",
            WK + "class AeonSparkWorker(Worker):\n"
            "    def compile_or_warm_up_model(self) -> None:\n"
            "        # AEON: warm the NVFP4 GEMM autotuner after the graphs are captured\n"
            "        super().compile_or_warm_up_model()\n"
            "        self.aeon_warm_nvfp4()\n",
            "def compile_or_warm_up_model(self) -> None:",
        ),
    ),
    (
        "#35503 hook return contract changed",
        "override on the base, bare return",
        K(
            "#35503",
            CW,
            "compile_or_warm_up_model -> None becomes -> float",
            "vllm/aeon/cw2.py",
            "from vllm.v1.worker.worker_base import WorkerBase\n\n\n"
            "class AeonDraftWorker(WorkerBase):\n"
            "    def compile_or_warm_up_model(self):\n"
            "        # AEON: the draft worker is eager; nothing to compile\n"
            "        return\n",
            "def compile_or_warm_up_model(self):",
        ),
    ),
    (
        "#35503 hook return contract changed",
        "twin: returns what the base returns",
        K(
            "#35503",
            CW,
            "compile_or_warm_up_model -> None becomes -> float",
            "vllm/aeon/cw3.py",
            WK + "class AeonTimedWorker(Worker):\n"
            "    def compile_or_warm_up_model(self):\n"
            "        self.aeon_before_compile()\n"
            "        return super().compile_or_warm_up_model()\n",
            "return super().compile_or_warm_up_model()",
        ),
    ),
]

# --- #12545 (e0cc5f259a): EncoderCacheManager.free(request, input_id) -> free_encoder_input; free(request) frees all
EC = "e0cc5f259a"
ECM = "from vllm.v1.core.encoder_cache_manager import EncoderCacheManager\n\n\n"
CASES += [
    (
        "#12545 method renamed, old name reused",
        "caller frees one input",
        K(
            "#12545",
            EC,
            "free(request, input_id) -> free_encoder_input(request, input_id)",
            "vllm/aeon/ec1.py",
            ECM + "def aeon_drop_image(cache: EncoderCacheManager, request, input_id: int) -> None:\n"
            "    # AEON: GB10's shared memory is tight; drop an image's encoder output early\n"
            "    cache.free(request, input_id)\n",
            "cache.free(request, input_id)",
        ),
    ),
    (
        "#12545 method renamed, old name reused",
        "subclass override of the old signature",
        K(
            "#12545",
            EC,
            "free(request, input_id) -> free_encoder_input(request, input_id)",
            "vllm/aeon/ec2.py",
            ECM + "class AeonEncoderCache(EncoderCacheManager):\n"
            "    def free(self, request, input_id: int) -> None:\n"
            "        # AEON: account freed encoder slots per tenant\n"
            "        self.aeon_freed = getattr(self, 'aeon_freed', 0) + 1\n"
            "        super().free(request, input_id)\n",
            "def free(self, request, input_id: int) -> None:",
        ),
    ),
]

# --- #11125 (4816d20aa4): InprocClient/SyncMPClient.profile made synchronous (was async)
PR = "4816d20aa4"
CASES += [
    (
        "#11125 coroutine made synchronous",
        "await on the sync client",
        K(
            "#11125",
            PR,
            "async def profile -> def profile (sync clients)",
            "vllm/aeon/pr1.py",
            "from vllm.v1.engine.core_client import SyncMPClient\n\n\n"
            "async def aeon_profile_window(client: SyncMPClient) -> None:\n"
            "    # AEON: nsys windows on GB10 are driven from the fork's bench harness\n"
            "    await client.profile(is_start=True)\n",
            "await client.profile(is_start=True)",
        ),
    ),
    (
        "#11125 coroutine made synchronous",
        "async override",
        K(
            "#11125",
            PR,
            "async def profile -> def profile (sync clients)",
            "vllm/aeon/pr2.py",
            "from vllm.v1.engine.core_client import InprocClient\n\n\n"
            "class AeonInprocClient(InprocClient):\n"
            "    async def profile(self, is_start=True) -> None:\n"
            "        # AEON: tag the trace with the fork's build id\n"
            "        self.aeon_mark(is_start)\n"
            "        self.engine_core.profile(is_start)\n",
            "async def profile(self, is_start=True) -> None:",
        ),
    ),
    (
        "#11125 coroutine made synchronous",
        "twin: the async client stays async",
        K(
            "#11125",
            PR,
            "async def profile -> def profile (sync clients)",
            "vllm/aeon/pr3.py",
            "from vllm.v1.engine.core_client import AsyncMPClient\n\n\n"
            "async def aeon_profile_async(client: AsyncMPClient) -> None:\n"
            "    await client.profile(is_start=False)\n",
            "await client.profile(is_start=False)",
        ),
    ),
]

# --- #27211 (1651003c35): _gen_lora_extra_hash_keys returns LoRA names, not int ids
LH = "1651003c35"
CASES += [
    (
        "#27211 returned element type changed",
        "compared with the int id",
        K(
            "#27211",
            LH,
            "[lora_int_id] -> [lora_name]",
            "vllm/aeon/lh1.py",
            "from vllm.v1.core import kv_cache_utils\n\n\n"
            "def aeon_hashed_with_adapter(request) -> bool:\n"
            "    # AEON: the fleet's prefix-cache export keys blocks by adapter id\n"
            "    keys = kv_cache_utils._gen_lora_extra_hash_keys(request)\n"
            "    return bool(keys) and keys[0] == request.lora_request.lora_int_id\n",
            "return bool(keys) and keys[0] == request.lora_request.lora_int_id",
        ),
    ),
    (
        "#27211 returned element type changed",
        "table indexed by the key",
        K(
            "#27211",
            LH,
            "[lora_int_id] -> [lora_name]",
            "vllm/aeon/lh2.py",
            "from vllm.v1.core.kv_cache_utils import _gen_lora_extra_hash_keys\n\n"
            "_AEON_ADAPTER_SLOT: dict[int, int] = {}\n\n\n"
            "def aeon_adapter_slot(request) -> int:\n"
            "    (lora_id,) = _gen_lora_extra_hash_keys(request)\n"
            "    return _AEON_ADAPTER_SLOT.setdefault(lora_id + 0, len(_AEON_ADAPTER_SLOT))\n",
            "return _AEON_ADAPTER_SLOT.setdefault(lora_id + 0, len(_AEON_ADAPTER_SLOT))",
        ),
    ),
]

# --- #49230 (952694e384): NIXL_CONNECTOR_VERSION 5 -> 6
NV = "952694e384"
NVM = "vllm.distributed.kv_transfer.kv_connector.v1.nixl"
CASES += [
    (
        "#49230 constant value changed",
        "== the old value",
        K(
            "#49230",
            NV,
            "NIXL_CONNECTOR_VERSION 5 -> 6",
            "vllm/aeon/nv1.py",
            f"from {NVM}.metadata import NIXL_CONNECTOR_VERSION\n\n\n"
            "def aeon_peer_is_spark_build() -> bool:\n"
            "    # AEON: the fork's prefill nodes speak NIXL handshake v5 (2026.07 builds)\n"
            "    return NIXL_CONNECTOR_VERSION == 5\n",
            "return NIXL_CONNECTOR_VERSION == 5",
        ),
    ),
    (
        "#49230 constant value changed",
        "table keyed by the value, module attribute",
        K(
            "#49230",
            NV,
            "NIXL_CONNECTOR_VERSION 5 -> 6",
            "vllm/aeon/nv2.py",
            f"from {NVM} import metadata as nixl_metadata\n\n"
            '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07"}\n\n\n'
            "def aeon_handshake_tag() -> str:\n"
            "    return _AEON_HANDSHAKE[nixl_metadata.NIXL_CONNECTOR_VERSION]\n",
            '_AEON_HANDSHAKE = {4: "aeon-2026.05", 5: "aeon-2026.07"}',
        ),
    ),
]

# --- #36027 (4b87ffbefb): CompilationConfig.compile_ranges_split_points -> compile_ranges_endpoints
CR = "4b87ffbefb"
CASES += [
    (
        "#36027 config field renamed",
        "keyword to the config",
        K(
            "#36027",
            CR,
            "compile_ranges_split_points -> compile_ranges_endpoints",
            "vllm/aeon/cr1.py",
            "from vllm.config import CompilationConfig\n\n\n"
            "def aeon_compilation_config() -> CompilationConfig:\n"
            "    # AEON: GB10 compiles three token ranges (decode, MTP verify, prefill)\n"
            "    return CompilationConfig(compile_ranges_split_points=[8, 256])\n",
            "return CompilationConfig(compile_ranges_split_points=[8, 256])",
        ),
    ),
    (
        "#36027 config field renamed",
        "getattr with a literal",
        K(
            "#36027",
            CR,
            "compile_ranges_split_points -> compile_ranges_endpoints",
            "vllm/aeon/cr2.py",
            "def aeon_split_points(vllm_config) -> list[int]:\n"
            '    points = getattr(vllm_config.compilation_config, "compile_ranges_split_points", None)\n'
            "    return list(points or [])\n",
            'points = getattr(vllm_config.compilation_config, "compile_ranges_split_points", None)',
        ),
    ),
    (
        "#36027 config field renamed",
        "dict handed to the engine",
        K(
            "#36027",
            CR,
            "compile_ranges_split_points -> compile_ranges_endpoints",
            "vllm/aeon/cr3.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_engine_args(model: str) -> EngineArgs:\n"
            '    return EngineArgs(model=model, compilation_config={"compile_ranges_split_points": [8, 256]})\n',
            'return EngineArgs(model=model, compilation_config={"compile_ranges_split_points": [8, 256]})',
        ),
    ),
]

# --- #26487 (d44e9df7d4): Qwen3NextGatedDeltaNet.mamba_type "linear_attention" -> "gdn_attention"
MT = "d44e9df7d4"
CASES += [
    (
        "#26487 returned string renamed",
        "comparison with the old value",
        K(
            "#26487",
            MT,
            'mamba_type "linear_attention" -> "gdn_attention"',
            "vllm/aeon/mt1.py",
            "def aeon_is_gdn(layer) -> bool:\n"
            "    # AEON: Qwen3-Next's GDN layers keep their state in FP32 on GB10\n"
            '    return layer.mamba_type == "linear_attention"\n',
            'return layer.mamba_type == "linear_attention"',
        ),
    ),
    (
        "#26487 returned string renamed",
        "table keyed by the value",
        K(
            "#26487",
            MT,
            'mamba_type "linear_attention" -> "gdn_attention"',
            "vllm/aeon/mt2.py",
            "from vllm.model_executor.models.qwen3_next import Qwen3NextGatedDeltaNet\n\n"
            '_AEON_STATE_DTYPE = {"linear_attention": "float32", "mamba2": "bfloat16"}\n\n\n'
            "def aeon_state_dtype(layer: Qwen3NextGatedDeltaNet) -> str:\n"
            "    return _AEON_STATE_DTYPE[layer.mamba_type]\n",
            '_AEON_STATE_DTYPE = {"linear_attention": "float32", "mamba2": "bfloat16"}',
        ),
    ),
    (
        "#26487 returned string renamed",
        "twin: another layer's value",
        K(
            "#26487",
            MT,
            'mamba_type "linear_attention" -> "gdn_attention"',
            "vllm/aeon/mt3.py",
            'def aeon_is_mamba2(layer) -> bool:\n    return layer.mamba_type == "mamba2"\n',
            'return layer.mamba_type == "mamba2"',
        ),
    ),
]

# --- #26107 (de92d916fe): VLLM_USE_TRTLLM_FP4_GEMM replaced by VLLM_NVFP4_GEMM_BACKEND
FG = "de92d916fe"
CASES += [
    (
        "#26107 env var renamed",
        "envs attribute",
        K(
            "#26107",
            FG,
            "VLLM_USE_TRTLLM_FP4_GEMM -> VLLM_NVFP4_GEMM_BACKEND",
            "vllm/aeon/fg1.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_nvfp4_uses_trtllm() -> bool:\n"
            "    # AEON: GB10's NVFP4 linears go through the TRT-LLM GEMM\n"
            "    return envs.VLLM_USE_TRTLLM_FP4_GEMM\n",
            "return envs.VLLM_USE_TRTLLM_FP4_GEMM",
        ),
    ),
    (
        "#26107 env var renamed",
        "launcher sets the old name",
        K(
            "#26107",
            FG,
            "VLLM_USE_TRTLLM_FP4_GEMM -> VLLM_NVFP4_GEMM_BACKEND",
            "vllm/aeon/fg2.py",
            "import os\n\n\n"
            "def aeon_spark_env() -> None:\n"
            '    os.environ.setdefault("VLLM_USE_TRTLLM_FP4_GEMM", "1")\n',
            'os.environ.setdefault("VLLM_USE_TRTLLM_FP4_GEMM", "1")',
        ),
    ),
    (
        "#26107 env var renamed",
        "getattr with a literal",
        K(
            "#26107",
            FG,
            "VLLM_USE_TRTLLM_FP4_GEMM -> VLLM_NVFP4_GEMM_BACKEND",
            "vllm/aeon/fg3.py",
            "from vllm import envs\n\n\n"
            "def aeon_fp4_backend() -> str:\n"
            '    return "trtllm" if getattr(envs, "VLLM_USE_TRTLLM_FP4_GEMM", False) else "cutlass"\n',
            'return "trtllm" if getattr(envs, "VLLM_USE_TRTLLM_FP4_GEMM", False) else "cutlass"',
        ),
    ),
]

# --- #25056 (49996cd597): VLLM_NIXL_SIDE_CHANNEL_PORT default 5557 -> 5600
SP = "49996cd597"
CASES += [
    (
        "#25056 env default changed",
        "the old default repeated",
        K(
            "#25056",
            SP,
            "VLLM_NIXL_SIDE_CHANNEL_PORT 5557 -> 5600",
            "vllm/aeon/sp1.py",
            "import os\n\n\n"
            "def aeon_side_channel_port(rank: int) -> int:\n"
            "    # AEON: the Spark pair's firewall opens the NIXL side channel per rank\n"
            '    return int(os.getenv("VLLM_NIXL_SIDE_CHANNEL_PORT", "5557")) + rank\n',
            'return int(os.getenv("VLLM_NIXL_SIDE_CHANNEL_PORT", "5557")) + rank',
        ),
    ),
    (
        "#25056 env default changed",
        "compared with the old default",
        K(
            "#25056",
            SP,
            "VLLM_NIXL_SIDE_CHANNEL_PORT 5557 -> 5600",
            "vllm/aeon/sp2.py",
            "import vllm.envs as envs\n\n\n"
            "def aeon_port_is_default() -> bool:\n"
            "    return envs.VLLM_NIXL_SIDE_CHANNEL_PORT == 5557\n",
            "return envs.VLLM_NIXL_SIDE_CHANNEL_PORT == 5557",
        ),
    ),
]

# --- #30591 (1cec5b7ea9): check_stop(request, max_model_len, pooler_output) loses pooler_output
CS = "1cec5b7ea9"
CASES += [
    (
        "#30591 parameter removed",
        "positional",
        K(
            "#30591",
            CS,
            "check_stop(request, max_model_len, pooler_output) -> check_stop(request, max_model_len)",
            "vllm/aeon/cs1.py",
            "from vllm.v1.core.sched.utils import check_stop\n\n\n"
            "def aeon_reward_done(request, max_model_len: int, pooler_output) -> bool:\n"
            "    # AEON: the fleet's reward model stops on its first pooled output\n"
            "    return check_stop(request, max_model_len, pooler_output)\n",
            "return check_stop(request, max_model_len, pooler_output)",
        ),
    ),
    (
        "#30591 parameter removed",
        "keyword through a module alias",
        K(
            "#30591",
            CS,
            "check_stop(request, max_model_len, pooler_output) -> check_stop(request, max_model_len)",
            "vllm/aeon/cs2.py",
            "from vllm.v1.core.sched import utils as sched_utils\n\n\n"
            "def aeon_stop(request, max_model_len: int, out) -> bool:\n"
            "    return sched_utils.check_stop(request, max_model_len, pooler_output=out)\n",
            "return sched_utils.check_stop(request, max_model_len, pooler_output=out)",
        ),
    ),
]

# --- #14285 (fd11a325b8): PrefixCachingMetrics(interval) -> PrefixCachingMetrics(max_recent_requests)
PM = "fd11a325b8"
CASES += [
    (
        "#14285 parameter renamed",
        "keyword",
        K(
            "#14285",
            PM,
            "interval -> max_recent_requests",
            "vllm/aeon/pm1.py",
            "from vllm.v1.core.kv_cache_utils import PrefixCachingMetrics\n\n\n"
            "def aeon_hit_rate_window() -> PrefixCachingMetrics:\n"
            "    # AEON: the Spark dashboards plot the last 200 requests\n"
            "    return PrefixCachingMetrics(interval=200)\n",
            "return PrefixCachingMetrics(interval=200)",
        ),
    ),
    (
        "#14285 parameter renamed",
        "the attribute it set",
        K(
            "#14285",
            PM,
            "interval -> max_recent_requests",
            "vllm/aeon/pm2.py",
            "from vllm.v1.core.kv_cache_utils import PrefixCachingMetrics\n\n\n"
            "def aeon_window(metrics: PrefixCachingMetrics) -> int:\n"
            "    return metrics.interval\n",
            "return metrics.interval",
        ),
    ),
]

# --- #20777 (762be26a8e): PrinterInductorPass(name, PassConfig, always) -> (name, VllmConfig); dump_graph loses always
IP = "762be26a8e"
CASES += [
    (
        "#20777 parameter retyped, keyword removed",
        "printer pass with the pass config",
        K(
            "#20777",
            IP,
            "PrinterInductorPass(name, config: PassConfig, always) -> (name, config: VllmConfig)",
            "vllm/aeon/ip1.py",
            "from vllm.compilation.vllm_inductor_pass import PrinterInductorPass\n\n\n"
            "def aeon_dump_pass(vllm_config) -> PrinterInductorPass:\n"
            "    # AEON: dump the graph after the NVFP4 fusion pass on GB10\n"
            '    return PrinterInductorPass("aeon_post_fp4", vllm_config.compilation_config.pass_config, always=True)\n',
            'return PrinterInductorPass("aeon_post_fp4", vllm_config.compilation_config.pass_config, always=True)',
        ),
    ),
    (
        "#20777 parameter retyped, keyword removed",
        "dump_graph(always=True) in a custom pass",
        K(
            "#20777",
            IP,
            "dump_graph(graph, stage, always) -> dump_graph(graph, stage)",
            "vllm/aeon/ip2.py",
            "from vllm.compilation.vllm_inductor_pass import VllmInductorPass\n\n\n"
            "class AeonFp4FusionPass(VllmInductorPass):\n"
            "    def __call__(self, graph) -> None:\n"
            "        self.begin()\n"
            '        self.dump_graph(graph, "aeon_before_fp4_fusion", always=True)\n'
            "        self.end_and_log()\n",
            'self.dump_graph(graph, "aeon_before_fp4_fusion", always=True)',
        ),
    ),
]

# --- #28766 (dd6ac1c2bb): reset_prefix_cache(device) loses its device parameter
RP = "dd6ac1c2bb"
CASES += [
    (
        "#28766 parameter removed",
        "positional enum",
        K(
            "#28766",
            RP,
            "reset_prefix_cache(device) -> reset_prefix_cache()",
            "vllm/aeon/rp1.py",
            "from vllm.engine.protocol import Device\nfrom vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "async def aeon_after_weight_sync(engine: AsyncLLM) -> None:\n"
            "    # AEON: RL weight sync invalidates the GPU prefix cache\n"
            "    await engine.reset_prefix_cache(Device.GPU)\n",
            "await engine.reset_prefix_cache(Device.GPU)",
        ),
    ),
    (
        "#28766 parameter removed",
        "keyword",
        K(
            "#28766",
            RP,
            "reset_prefix_cache(device) -> reset_prefix_cache()",
            "vllm/aeon/rp2.py",
            "from vllm.engine.protocol import Device\nfrom vllm.v1.engine.llm_engine import LLMEngine\n\n\n"
            "def aeon_reset(engine: LLMEngine) -> None:\n"
            "    engine.reset_prefix_cache(device=Device.GPU)\n",
            "engine.reset_prefix_cache(device=Device.GPU)",
        ),
    ),
    (
        "#28766 parameter removed",
        "twin: an override keeping an optional parameter",
        K(
            "#28766",
            RP,
            "reset_prefix_cache(device) -> reset_prefix_cache()",
            "vllm/aeon/rp3.py",
            "from vllm.v1.engine.async_llm import AsyncLLM\n\n\n"
            "class AeonAsyncLLM(AsyncLLM):\n"
            "    async def reset_prefix_cache(self, device=None) -> None:\n"
            "        self.aeon_resets = getattr(self, 'aeon_resets', 0) + 1\n"
            "        await super().reset_prefix_cache()\n",
            "async def reset_prefix_cache(self, device=None) -> None:",
        ),
    ),
]

# --- #9250 (7e7eae338d): get_rope reads rope_scaling["rope_type"] only (no more "type"); "su"/"mrope" dropped
RT = "7e7eae338d"
CASES += [
    (
        "#9250 dict key renamed",
        "the MTP head sets the old key",
        K(
            "#9250",
            RT,
            'rope_scaling["type"] -> rope_scaling["rope_type"]',
            "vllm/aeon/rt1.py",
            "from vllm.model_executor.layers.rotary_embedding import get_rope\n\n\n"
            "def aeon_mtp_rope(head_dim: int, max_pos: int, base: int, rope_scaling: dict):\n"
            "    # AEON: the MTP head uses DeepSeek's YaRN variant, as the trunk does\n"
            "    rope_scaling = dict(rope_scaling)\n"
            '    rope_scaling["type"] = "deepseek_yarn"\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, False, rope_scaling)\n",
            'rope_scaling["type"] = "deepseek_yarn"',
        ),
    ),
    (
        "#9250 dict key renamed",
        "a literal dict with the old key",
        K(
            "#9250",
            RT,
            'rope_scaling["type"] -> rope_scaling["rope_type"]',
            "vllm/aeon/rt2.py",
            "from vllm.model_executor.layers.rotary_embedding import get_rope\n\n\n"
            "def aeon_long_rope(head_dim: int, max_pos: int, base: int):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            'scaling = {"type": "dynamic", "factor": 2.0}',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-runtime-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
