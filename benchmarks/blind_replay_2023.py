"""A blind replay of real upstream changes under fork carries (vLLM main, 2023-06 .. 2024-05).

15 first-parent commits picked by scanning the window's diffs (``git log -p --first-parent``) for
changes that silently alter code built on them, not from the engine's tests or the other replays: a
parameter moved to the end with a default, a method's returned mapping made a list of pairs, the
scheduler's queues made deques, an env var renamed under the name vLLM reads it by, a kernel constant
changed, a default changed (twice, once under a ``None`` test), attention-metadata fields and kernel
keywords renamed, a context manager removed, a method renamed under fork overrides with its
constructors' keyword, a call's default changed under a caller that relies on it, an enum member
added under a fork's copy of the closed set, module constants folded into ``envs``, a method made
async, parameters inserted before the one a fork passes.  Each is replayed under 2-3 fork spellings
written the way fork code is written.  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its
file.  Twins (a spelling the commit does not break) must stay *quiet*: no error on their line.

Blind, on the engine before any widening (206f879): 15 caught, 4 warned, 12 missed of 31 (twins: 5 quiet,
0 false errors).  One of those spellings was wrong: #4548 kept ``async_llm_engine.ENGINE_ITERATION_TIMEOUT_S``
(read from envs now), so its miss was right; replaced by ``config.VLLM_USE_MODELSCOPE``, which #4548 removed:
16 caught, 4 warned, 11 missed of 31 on the same engine.
After the killers30 widenings (a ``with``/``except`` header's expressions walked; a container annotated
as another kind under a method only the old kind has; a renamed keyword reported on its own line; an
attribute ``__init__`` fixes compared with its old value; a default read off a receiver typed as its
class, and ``None`` -> ``0`` under a test of ``None``; a fork copy of a list of members upstream grew):
23 caught, 7 warned, 1 missed of 31 (twins: 5 quiet, 0 false errors).  The one miss: #5031's
``getattr(request, "top_logprobs", None)`` off an untyped ``request``.
killers45: that getattr is an error now (default drift: a getattr off an untyped receiver whose fallback is
the changed field's old default, compared with it): 28 caught, 3 warned, 0 missed (main at f0b8d9d9: 27, 3,
1; twins: 5 quiet, 0 false errors).

  python benchmarks/blind_replay_2023.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #3711 (756b30a5f3): init_process_group(world_size, local_rank, rank, init_method)
#     -> (world_size, rank, init_method, local_rank=-1); init_distributed_environment likewise
RANKS = "756b30a5f3"
PYNCCL = "from vllm.model_executor.parallel_utils import pynccl_utils\n\n\n"
CASES += [
    (
        "#3711 param moved last",
        "module attribute, positional",
        K(
            "#3711",
            RANKS,
            "local_rank moved after init_method",
            "vllm/aeon/nccl1.py",
            PYNCCL + "def aeon_init_nccl(world_size: int, local_rank: int, rank: int) -> None:\n"
            "    # AEON: GB10 nodes rendezvous over the fleet's own TCP store\n"
            '    pynccl_utils.init_process_group(world_size, local_rank, rank, "tcp://10.0.0.1:29500")\n',
            'pynccl_utils.init_process_group(world_size, local_rank, rank, "tcp://10.0.0.1:29500")',
        ),
    ),
    (
        "#3711 param moved last",
        "worker's helper, positional",
        K(
            "#3711",
            RANKS,
            "local_rank moved after distributed_init_method",
            "vllm/aeon/nccl2.py",
            "from vllm.worker.worker import init_distributed_environment\n\n\n"
            "def aeon_init_worker(parallel_config, local_rank: int, rank: int, method: str) -> None:\n"
            "    init_distributed_environment(parallel_config, local_rank, rank, method)\n",
            "init_distributed_environment(parallel_config, local_rank, rank, method)",
        ),
    ),
    (
        "#3711 param moved last",
        "twin: keywords",
        K(
            "#3711",
            RANKS,
            "local_rank moved after init_method",
            "vllm/aeon/nccl3.py",
            PYNCCL + "def aeon_init_nccl_kw(world_size: int, local_rank: int, rank: int) -> None:\n"
            "    pynccl_utils.init_process_group(\n"
            '        world_size=world_size, local_rank=local_rank, rank=rank, init_method="env://"\n'
            "    )\n",
            'world_size=world_size, local_rank=local_rank, rank=rank, init_method="env://"',
        ),
    ),
]

# --- #4659 (20cfcdec99): swap_in/swap_out return List[Tuple[int, int]] (was Dict[int, int]);
#     SchedulerOutputs.blocks_to_swap_in/out likewise
SWAP = "20cfcdec99"
CASES += [
    (
        "#4659 dict -> list of pairs",
        "returned mapping .items()",
        K(
            "#4659",
            SWAP,
            "swap_in returns a list of pairs",
            "vllm/aeon/swap1.py",
            "from vllm.core.block_manager_v1 import BlockSpaceManagerV1\n\n\n"
            "def aeon_swap_in_log(block_manager: BlockSpaceManagerV1, seq_group) -> list:\n"
            "    # AEON: log each CPU -> GPU block the fleet's swap-in moves\n"
            "    mapping = block_manager.swap_in(seq_group)\n"
            '    return [f"{cpu}->{gpu}" for cpu, gpu in mapping.items()]\n',
            'return [f"{cpu}->{gpu}" for cpu, gpu in mapping.items()]',
        ),
    ),
    (
        "#4659 dict -> list of pairs",
        "scheduler output field .items()",
        K(
            "#4659",
            SWAP,
            "blocks_to_swap_out a list of pairs",
            "vllm/aeon/swap2.py",
            "from vllm.core.scheduler import SchedulerOutputs\n\n\n"
            "def aeon_swapped_out(outputs: SchedulerOutputs) -> list:\n"
            "    return sorted(outputs.blocks_to_swap_out.items())\n",
            "return sorted(outputs.blocks_to_swap_out.items())",
        ),
    ),
    (
        "#4659 dict -> list of pairs",
        "twin: len of the field",
        K(
            "#4659",
            SWAP,
            "blocks_to_swap_out a list of pairs",
            "vllm/aeon/swap3.py",
            "from vllm.core.scheduler import SchedulerOutputs\n\n\n"
            "def aeon_swap_count(outputs: SchedulerOutputs) -> int:\n"
            "    return len(outputs.blocks_to_swap_out) + len(outputs.blocks_to_swap_in)\n",
            "return len(outputs.blocks_to_swap_out) + len(outputs.blocks_to_swap_in)",
        ),
    ),
]

# --- #2290 (05921a9a7a): Scheduler.waiting/running/swapped List -> Deque
DEQ = "05921a9a7a"
SCHED = "from vllm.core.scheduler import Scheduler\n\n\n"
CASES += [
    (
        "#2290 list -> deque",
        "subclass pop(0)",
        K(
            "#2290",
            DEQ,
            "waiting made a deque",
            "vllm/aeon/sched1.py",
            SCHED + "class AeonScheduler(Scheduler):\n"
            "    # AEON: shed the oldest waiting request when GB10's memory runs short\n"
            "    def aeon_shed_oldest(self):\n"
            "        return self.waiting.pop(0)\n",
            "return self.waiting.pop(0)",
        ),
    ),
    (
        "#2290 list -> deque",
        "subclass sort()",
        K(
            "#2290",
            DEQ,
            "waiting made a deque",
            "vllm/aeon/sched2.py",
            SCHED + "class AeonPriorityScheduler(Scheduler):\n"
            "    def aeon_reorder(self) -> None:\n"
            "        self.waiting.sort(key=lambda seq_group: seq_group.arrival_time)\n",
            "self.waiting.sort(key=lambda seq_group: seq_group.arrival_time)",
        ),
    ),
    (
        "#2290 list -> deque",
        "twin: append and len",
        K(
            "#2290",
            DEQ,
            "waiting made a deque",
            "vllm/aeon/sched3.py",
            SCHED + "class AeonCountingScheduler(Scheduler):\n"
            "    def aeon_requeue(self, seq_group) -> int:\n"
            "        self.waiting.append(seq_group)\n"
            "        return len(self.waiting)\n",
            "self.waiting.append(seq_group)",
        ),
    ),
]

# --- #4208 (8bc68e198c): envs.S3_ACCESS_KEY_ID now reads $S3_ACCESS_KEY_ID (was $S3_ACCESS_KEY);
#     is_vllm_serialized_tensorizer renamed is_vllm_tensorized
TZ = "8bc68e198c"
CASES += [
    (
        "#4208 env var renamed",
        "os.environ write",
        K(
            "#4208",
            TZ,
            "S3_ACCESS_KEY -> S3_ACCESS_KEY_ID",
            "vllm/aeon/s3a.py",
            "import os\n\n\n"
            "def aeon_s3_credentials(key_id: str, secret: str) -> None:\n"
            "    # AEON: the fleet's weights live in its own S3 bucket\n"
            '    os.environ["S3_ACCESS_KEY"] = key_id\n'
            '    os.environ["S3_SECRET_ACCESS_KEY"] = secret\n',
            'os.environ["S3_ACCESS_KEY"] = key_id',
        ),
    ),
    (
        "#4208 env var renamed",
        "setdefault",
        K(
            "#4208",
            TZ,
            "S3_ACCESS_KEY -> S3_ACCESS_KEY_ID",
            "vllm/aeon/s3b.py",
            'import os\n\nos.environ.setdefault("S3_ACCESS_KEY", "aeon-fleet-reader")\n',
            'os.environ.setdefault("S3_ACCESS_KEY", "aeon-fleet-reader")',
        ),
    ),
    (
        "#4208 function renamed",
        "from-import",
        K(
            "#4208",
            TZ,
            "is_vllm_serialized_tensorizer renamed",
            "vllm/aeon/s3c.py",
            "from vllm.model_executor.model_loader.tensorizer import is_vllm_serialized_tensorizer\n\n\n"
            "def aeon_fast_load(tensorizer_config) -> bool:\n"
            "    return is_vllm_serialized_tensorizer(tensorizer_config)\n",
            "from vllm.model_executor.model_loader.tensorizer import is_vllm_serialized_tensorizer",
        ),
    ),
]

# --- #4983 (6066253296): GPTQ_MARLIN_24_MAX_PARALLEL 16 -> 64 (and GPTQMarlin24Config.max_parallel)
M24 = "6066253296"
CASES += [
    (
        "#4983 constant value",
        "config attribute == old value",
        K(
            "#4983",
            M24,
            "GPTQ_MARLIN_24_MAX_PARALLEL 16 -> 64",
            "vllm/aeon/m24a.py",
            "from vllm.model_executor.layers.quantization.gptq_marlin_24 import GPTQMarlin24Config\n\n\n"
            "def aeon_small_workspace(config: GPTQMarlin24Config) -> bool:\n"
            "    return config.max_parallel == 16\n",
            "return config.max_parallel == 16",
        ),
    ),
    (
        "#4983 constant value",
        "fork constant beside the import",
        K(
            "#4983",
            M24,
            "GPTQ_MARLIN_24_MAX_PARALLEL 16 -> 64",
            "vllm/aeon/m24b.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.quantization.gptq_marlin_24 import GPTQ_MARLIN_24_MIN_THREAD_N\n\n"
            "AEON_MAX_PARALLEL = 16  # GPTQ_MARLIN_24_MAX_PARALLEL\n\n\n"
            "def aeon_workspace(n: int) -> torch.Tensor:\n"
            "    return torch.zeros((n // GPTQ_MARLIN_24_MIN_THREAD_N) * AEON_MAX_PARALLEL, dtype=torch.int)\n",
            "AEON_MAX_PARALLEL = 16  # GPTQ_MARLIN_24_MAX_PARALLEL",
        ),
    ),
]

# --- #153 (bf5f121c02): EngineArgs.gpu_memory_utilization default 0.95 -> 0.90
GMU = "bf5f121c02"
CASES += [
    (
        "#153 field default",
        "== the old default",
        K(
            "#153",
            GMU,
            "gpu_memory_utilization 0.95 -> 0.90",
            "vllm/aeon/gmu1.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_memory(engine_args: EngineArgs) -> float:\n"
            "    # AEON: GB10 shares memory with the host: leave it room unless the operator chose\n"
            "    if engine_args.gpu_memory_utilization == 0.95:\n"
            "        return 0.85\n"
            "    return engine_args.gpu_memory_utilization\n",
            "if engine_args.gpu_memory_utilization == 0.95:",
        ),
    ),
    (
        "#153 field default",
        "getattr with the old default",
        K(
            "#153",
            GMU,
            "gpu_memory_utilization 0.95 -> 0.90",
            "vllm/aeon/gmu2.py",
            "def aeon_headroom(engine_args) -> float:\n"
            '    return 1.0 - getattr(engine_args, "gpu_memory_utilization", 0.95)\n',
            'return 1.0 - getattr(engine_args, "gpu_memory_utilization", 0.95)',
        ),
    ),
]

# --- #4518 (3521ba4f25): attention metadata prompt_lens -> seq_lens (max_prompt_len -> max_seq_len);
#     paged_attention_v1's context_lens/max_context_len -> seq_lens/max_seq_len
LENS = "3521ba4f25"
CASES += [
    (
        "#4518 field renamed",
        "typed metadata read",
        K(
            "#4518",
            LENS,
            "prompt_lens renamed seq_lens",
            "vllm/aeon/lens1.py",
            "from vllm.attention.backends.flash_attn import FlashAttentionMetadata\n\n\n"
            "def aeon_prefill_tokens(attn_metadata: FlashAttentionMetadata) -> int:\n"
            "    return sum(attn_metadata.prompt_lens or [])\n",
            "return sum(attn_metadata.prompt_lens or [])",
        ),
    ),
    (
        "#4518 keyword renamed",
        "kernel wrapper by keyword",
        K(
            "#4518",
            LENS,
            "context_lens renamed seq_lens",
            "vllm/aeon/lens2.py",
            "from vllm import _custom_ops as ops\n\n\n"
            "def aeon_decode(out, query, key_cache, value_cache, num_kv_heads, scale, block_tables, lens, block_size, max_len):\n"
            "    ops.paged_attention_v1(\n"
            "        out, query, key_cache, value_cache, num_kv_heads, scale, block_tables,\n"
            "        context_lens=lens, block_size=block_size, max_context_len=max_len,\n"
            '        alibi_slopes=None, kv_cache_dtype="auto", kv_scale=1.0,\n'
            "    )\n",
            "context_lens=lens, block_size=block_size, max_context_len=max_len,",
        ),
    ),
]

# --- #4818 (e08188081b): communication_op.graph_mode removed (graph_capture now does its work)
GM = "e08188081b"
CASES += [
    (
        "#4818 function removed",
        "from-import",
        K(
            "#4818",
            GM,
            "graph_mode removed",
            "vllm/aeon/graph1.py",
            "from vllm.distributed.communication_op import graph_mode\n\n\n"
            "def aeon_capture(graph, fn):\n"
            "    with graph_mode():\n"
            "        return fn(graph)\n",
            "from vllm.distributed.communication_op import graph_mode",
        ),
    ),
    (
        "#4818 function removed",
        "module attribute",
        K(
            "#4818",
            GM,
            "graph_mode removed",
            "vllm/aeon/graph2.py",
            "from vllm.distributed import communication_op\n\n\n"
            "def aeon_capture(graph, fn):\n"
            "    with communication_op.graph_mode():\n"
            "        return fn(graph)\n",
            "with communication_op.graph_mode():",
        ),
    ),
    (
        "#4818 function removed",
        "twin: graph_capture stays",
        K(
            "#4818",
            GM,
            "graph_mode removed",
            "vllm/aeon/graph3.py",
            "from vllm.distributed import communication_op\n\n\n"
            "def aeon_capture_all(graph, fn):\n"
            "    with communication_op.graph_capture():\n"
            "        return fn(graph)\n",
            "with communication_op.graph_capture():",
        ),
    ),
]

# --- #4373 (a62aaf1df5): LinearMethodBase.apply_weights -> apply; the layers' linear_method= -> quant_config=
QM = "a62aaf1df5"
CASES += [
    (
        "#4373 method renamed",
        "subclass override left dead",
        K(
            "#4373",
            QM,
            "apply_weights renamed apply",
            "vllm/aeon/lin1.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.linear import UnquantizedLinearMethod\n\n\n"
            "class AeonLinearMethod(UnquantizedLinearMethod):\n"
            "    # AEON: GB10 runs the dense projections in bf16 whatever the checkpoint says\n"
            "    def apply_weights(self, layer, x, bias=None):\n"
            "        return super().apply_weights(layer, x.to(torch.bfloat16), bias)\n",
            "def apply_weights(self, layer, x, bias=None):",
        ),
    ),
    (
        "#4373 keyword renamed",
        "constructor keyword",
        K(
            "#4373",
            QM,
            "linear_method= renamed quant_config=",
            "vllm/aeon/lin2.py",
            "from vllm.model_executor.layers.linear import RowParallelLinear\n\n\n"
            "def aeon_out_proj(hidden_size: int, linear_method=None) -> RowParallelLinear:\n"
            "    return RowParallelLinear(hidden_size, hidden_size, bias=False, linear_method=linear_method)\n",
            "return RowParallelLinear(hidden_size, hidden_size, bias=False, linear_method=linear_method)",
        ),
    ),
]

# --- #5031 (7c3604fb68): ChatCompletionRequest.top_logprobs default None -> 0
TOP = "7c3604fb68"
CHAT = "from vllm.entrypoints.openai.protocol import ChatCompletionRequest\n\n\n"
CASES += [
    (
        "#5031 field default",
        "is None (the old default)",
        K(
            "#5031",
            TOP,
            "top_logprobs None -> 0",
            "vllm/aeon/top1.py",
            CHAT + "def aeon_top_logprobs(request: ChatCompletionRequest) -> int:\n"
            "    # AEON: the fleet's eval harness wants 5 alternatives unless a client asks\n"
            "    if request.top_logprobs is None:\n"
            "        return 5\n"
            "    return request.top_logprobs\n",
            "if request.top_logprobs is None:",
        ),
    ),
    (
        "#5031 field default",
        "getattr with the old default",
        K(
            "#5031",
            TOP,
            "top_logprobs None -> 0",
            "vllm/aeon/top2.py",
            'def aeon_wants_top(request) -> bool:\n    return getattr(request, "top_logprobs", None) is not None\n',
            'return getattr(request, "top_logprobs", None) is not None',
        ),
    ),
]

# --- #2667 (0e163fce18): Sequence.get_beam_search_score length_penalty default 0.0 -> 1.0
LP = "0e163fce18"
CASES += [
    (
        "#2667 param default",
        "call relying on the default",
        K(
            "#2667",
            LP,
            "length_penalty 0.0 -> 1.0",
            "vllm/aeon/beam1.py",
            "from vllm.sequence import Sequence\n\n\n"
            "def aeon_raw_score(seq: Sequence, eos_token_id: int) -> float:\n"
            "    # AEON: the reranker wants the raw cumulative log-probability\n"
            "    return seq.get_beam_search_score(eos_token_id=eos_token_id)\n",
            "return seq.get_beam_search_score(eos_token_id=eos_token_id)",
        ),
    ),
    (
        "#2667 param default",
        "sort key relying on the default",
        K(
            "#2667",
            LP,
            "length_penalty 0.0 -> 1.0",
            "vllm/aeon/beam2.py",
            "from vllm.sequence import Sequence\n\n\n"
            "def aeon_best(seqs: list[Sequence]) -> Sequence:\n"
            "    return max(seqs, key=lambda seq: seq.get_beam_search_score())\n",
            "return max(seqs, key=lambda seq: seq.get_beam_search_score())",
        ),
    ),
]

# --- #273 (dafd924c1f): SequenceStatus gains FINISHED_IGNORED, which is_finished and get_finished_reason cover
IGN = "dafd924c1f"
SS = "from vllm.sequence import SequenceStatus\n\n"
CASES += [
    (
        "#273 enum member added",
        "fork copy of the finished set",
        K(
            "#273",
            IGN,
            "FINISHED_IGNORED added",
            "vllm/aeon/fin1.py",
            SS + "AEON_FINISHED = (\n"
            "    SequenceStatus.FINISHED_STOPPED,\n"
            "    SequenceStatus.FINISHED_LENGTH_CAPPED,\n"
            "    SequenceStatus.FINISHED_ABORTED,\n"
            ")\n\n\n"
            "def aeon_done(status: SequenceStatus) -> bool:\n"
            "    return status in AEON_FINISHED\n",
            "return status in AEON_FINISHED",
        ),
    ),
    (
        "#273 enum member added",
        "fork table of finish reasons",
        K(
            "#273",
            IGN,
            "FINISHED_IGNORED added",
            "vllm/aeon/fin2.py",
            SS + "\n"
            "_AEON_REASON = {\n"
            '    SequenceStatus.FINISHED_STOPPED: "stop",\n'
            '    SequenceStatus.FINISHED_LENGTH_CAPPED: "length",\n'
            '    SequenceStatus.FINISHED_ABORTED: "abort",\n'
            "}\n\n\n"
            "def aeon_reason(status: SequenceStatus) -> str:\n"
            "    return _AEON_REASON[status]\n",
            "return _AEON_REASON[status]",
        ),
    ),
    (
        "#273 enum member added",
        "twin: upstream's own predicate",
        K(
            "#273",
            IGN,
            "FINISHED_IGNORED added",
            "vllm/aeon/fin3.py",
            SS + "\ndef aeon_done(status: SequenceStatus) -> bool:\n    return SequenceStatus.is_finished(status)\n",
            "return SequenceStatus.is_finished(status)",
        ),
    ),
]

# --- #4548 (5b8a7c1cb0): module constants folded into vllm.envs (selector.VLLM_ATTENTION_BACKEND,
#     config.VLLM_USE_MODELSCOPE removed; the other modules keep theirs, read from envs)
ENVS = "5b8a7c1cb0"
CASES += [
    (
        "#4548 constant removed",
        "from-import of the env name",
        K(
            "#4548",
            ENVS,
            "selector.VLLM_ATTENTION_BACKEND removed",
            "vllm/aeon/envs1.py",
            "import os\n\n"
            "from vllm.attention.selector import VLLM_ATTENTION_BACKEND\n\n\n"
            "def aeon_force_xformers() -> None:\n"
            '    os.environ[VLLM_ATTENTION_BACKEND] = "XFORMERS"\n',
            "from vllm.attention.selector import VLLM_ATTENTION_BACKEND",
        ),
    ),
    (
        "#4548 constant removed",
        "module attribute",
        K(
            "#4548",
            ENVS,
            "config.VLLM_USE_MODELSCOPE removed",
            "vllm/aeon/envs2.py",
            "from vllm import config as vllm_config\n\n\n"
            "def aeon_from_modelscope() -> bool:\n"
            "    return vllm_config.VLLM_USE_MODELSCOPE\n",
            "return vllm_config.VLLM_USE_MODELSCOPE",
        ),
    ),
]

# --- #3301 (9e8744a545): AsyncLLMEngine.get_tokenizer made async
TOK = "9e8744a545"
CASES += [
    (
        "#3301 sync -> async",
        "sync call on a typed engine",
        K(
            "#3301",
            TOK,
            "get_tokenizer made async",
            "vllm/aeon/tok1.py",
            "from vllm.engine.async_llm_engine import AsyncLLMEngine\n\n\n"
            "def aeon_eos(engine: AsyncLLMEngine) -> int:\n"
            "    return engine.get_tokenizer().eos_token_id\n",
            "return engine.get_tokenizer().eos_token_id",
        ),
    ),
    (
        "#3301 sync -> async",
        "sync override",
        K(
            "#3301",
            TOK,
            "get_tokenizer made async",
            "vllm/aeon/tok2.py",
            "from vllm.engine.async_llm_engine import AsyncLLMEngine\n\n\n"
            "class AeonAsyncEngine(AsyncLLMEngine):\n"
            "    # AEON: the fleet's tokenizer carries its own chat tokens\n"
            "    def get_tokenizer(self):\n"
            "        tokenizer = self.engine.tokenizer.tokenizer\n"
            '        tokenizer.add_special_tokens({"additional_special_tokens": ["<|aeon|>"]})\n'
            "        return tokenizer\n",
            "def get_tokenizer(self):",
        ),
    ),
]

# --- #4751 (0fca3cdcf2): get_attn_backend(dtype) -> get_attn_backend(num_heads, head_size, num_kv_heads,
#     sliding_window, dtype, kv_cache_dtype, block_size)
SEL = "0fca3cdcf2"
CASES += [
    (
        "#4751 params inserted",
        "positional dtype",
        K(
            "#4751",
            SEL,
            "get_attn_backend gains six parameters before/after dtype",
            "vllm/aeon/sel1.py",
            "import torch\n\n"
            "from vllm.attention.selector import get_attn_backend\n\n\n"
            "def aeon_backend_name() -> str:\n"
            "    return get_attn_backend(torch.bfloat16).get_name()\n",
            "return get_attn_backend(torch.bfloat16).get_name()",
        ),
    ),
    (
        "#4751 params inserted",
        "module attribute, config dtype",
        K(
            "#4751",
            SEL,
            "get_attn_backend gains six parameters before/after dtype",
            "vllm/aeon/sel2.py",
            "from vllm.attention import selector\n\n\n"
            "def aeon_backend(model_config):\n"
            "    return selector.get_attn_backend(model_config.dtype)\n",
            "return selector.get_attn_backend(model_config.dtype)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind23-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
