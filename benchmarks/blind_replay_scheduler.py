"""A blind replay of the v1 scheduler, its request and the engine's config classes a fork patches.

8 first-parent commits on the surface a fork that tunes scheduling carries code against -- the config
dataclasses' fields and defaults (``ModelConfig.override_attention_dtype`` removed, ``CacheConfig.swap_space``
and ``verify_with_parallel_config`` removed, ``ModelConfig.disable_cascade_attn`` defaulting to True,
``EPLBConfig.use_async`` defaulting to True), the request (``Request.eos_token_id`` removed), the scheduler's
collaborators and hooks a fork's ``Scheduler`` subclass calls or overrides (``KVCacheManager.can_fit_full_sequence``
removed into ``allocate_slots(full_sequence_must_fit=)``, ``finish_requests`` now returning the aborted
``(req_id, client_index)`` pairs the engine core sends on) and a module the scheduler imports moved
(``vllm.multimodal.budget`` -> ``vllm.multimodal.encoder_budget``) -- picked by scanning those paths' diffs
(``git log --first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork
spellings written the way fork code is written (a read off a typed receiver, a read off ``self.requests[...]``
in a ``Scheduler`` subclass, a keyword, a method call on ``self.kv_cache_manager``, an import and a module
alias, an override without the return value the caller now uses, a config built without the flipped keyword
and read), with twins (fork code the commit does not break).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands
in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at e6e44ada): 11 caught, 2 warned, 1 missed of 14 (twins: 8
quiet, 0 false errors).  The miss: #36470's ``self.requests[req_id].eos_token_id`` in a ``Scheduler``
subclass (a removed attribute read off an element of a container attribute the base declares
``dict[str, Request]``).  Warned: #36318's ``not model_config.disable_cascade_attn`` off a typed parameter
(the default-drift warning, as designed: the fork cannot know who built it), and #43219's
``eplb = EPLBConfig(num_redundant_experts=n)`` then ``if not eplb.use_async:`` (warned on the call, not an
error on the read, though the local is built in the same function without ``use_async=``).
After the killers61 widenings: 13 caught, 1 warned, 0 missed of 14 (twins: 8 quiet, 0 false errors).
Caught now: a read off an indexed element of a container the receiver's class (or a base, or a local's
annotation) declares ``dict[K, Foo]``/``list[Foo]`` (symbol drift); a read of a flipped default off a local
the fork's function binds once to the class called with keywords only, none of them the field, and touches
nothing else before the read (default drift, an error now).  Left as designed: #36318's read off a typed
``ModelConfig`` parameter (whoever built it may have set the field: the warning).  Regression set unchanged
(killer 26/26, kind_change 12/12, openai 15/1/1, engine 28/28, kvcache 15/15, review15/16/17 0 false,
``symbol_precision.py --windows 3`` 1 false error, main's pre-existing one).

  python benchmarks/blind_replay_scheduler.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #48684 (cdc4824a21): ModelConfig.override_attention_dtype removed (and its EngineArgs keyword)
OA = "cdc4824a21"
OAW = "ModelConfig.override_attention_dtype removed"
CASES += [
    (
        "#48684 config field removed",
        "a read off a typed ModelConfig",
        K(
            "#48684",
            OA,
            OAW,
            "vllm/aeon/oa1.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_attn_dtype(model_config: ModelConfig) -> str:\n"
            "    # AEON: GB10 runs attention in bf16 whatever the model dtype\n"
            "    return model_config.override_attention_dtype or 'bfloat16'\n",
            "return model_config.override_attention_dtype or 'bfloat16'",
        ),
    ),
    (
        "#48684 config field removed",
        "a keyword to EngineArgs",
        K(
            "#48684",
            OA,
            OAW,
            "vllm/aeon/oa2.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_engine_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, override_attention_dtype='bfloat16')\n",
            "return EngineArgs(model=model, override_attention_dtype='bfloat16')",
        ),
    ),
    (
        "#48684 config field removed",
        "twin: a kept field read",
        K(
            "#48684",
            OA,
            OAW,
            "vllm/aeon/oa3.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_has_lp(model_config: ModelConfig) -> bool:\n"
            "    return bool(model_config.logits_processors)\n",
            "return bool(model_config.logits_processors)",
        ),
    ),
]

# --- #36216 (00b814ba5a): CacheConfig.swap_space and CacheConfig.verify_with_parallel_config removed
SW = "00b814ba5a"
SWW = "CacheConfig.swap_space removed"
CC = "from vllm.config import CacheConfig, ParallelConfig, VllmConfig\n\n\n"
CASES += [
    (
        "#36216 config field removed",
        "a keyword to CacheConfig",
        K(
            "#36216",
            SW,
            SWW,
            "vllm/aeon/sw1.py",
            CC + "def aeon_cache_config() -> CacheConfig:\n"
            "    # AEON: unified memory, no CPU swap\n"
            "    return CacheConfig(block_size=16, swap_space=0)\n",
            "return CacheConfig(block_size=16, swap_space=0)",
        ),
    ),
    (
        "#36216 config method removed",
        "a method call on a typed CacheConfig",
        K(
            "#36216",
            SW,
            SWW,
            "vllm/aeon/sw2.py",
            CC + "def aeon_check(cache_config: CacheConfig, parallel_config: ParallelConfig) -> None:\n"
            "    cache_config.verify_with_parallel_config(parallel_config)\n",
            "cache_config.verify_with_parallel_config(parallel_config)",
        ),
    ),
    (
        "#36216 config field removed",
        "a read through VllmConfig",
        K(
            "#36216",
            SW,
            SWW,
            "vllm/aeon/sw3.py",
            CC + "def aeon_swap_gib(vllm_config: VllmConfig) -> float:\n"
            "    return vllm_config.cache_config.swap_space * vllm_config.parallel_config.tensor_parallel_size\n",
            "return vllm_config.cache_config.swap_space * vllm_config.parallel_config.tensor_parallel_size",
        ),
    ),
    (
        "#36216 config field removed",
        "twin: a kept field through VllmConfig",
        K(
            "#36216",
            SW,
            SWW,
            "vllm/aeon/sw4.py",
            CC + "def aeon_util(vllm_config: VllmConfig) -> float:\n"
            "    return vllm_config.cache_config.gpu_memory_utilization\n",
            "return vllm_config.cache_config.gpu_memory_utilization",
        ),
    ),
]

# --- #36318 (9c34e9d24f): ModelConfig.disable_cascade_attn default False -> True
CA = "9c34e9d24f"
CAW = "disable_cascade_attn default False -> True"
CASES += [
    (
        "#36318 default flipped",
        "a read off a typed ModelConfig",
        K(
            "#36318",
            CA,
            CAW,
            "vllm/aeon/ca1.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_cascade(model_config: ModelConfig) -> bool:\n"
            "    # AEON: the Spark's shared-prefix batches rely on cascade attention\n"
            "    return not model_config.disable_cascade_attn\n",
            "return not model_config.disable_cascade_attn",
        ),
    ),
    (
        "#36318 default flipped",
        "twin: the keyword passed explicitly",
        K(
            "#36318",
            CA,
            CAW,
            "vllm/aeon/ca2.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_engine_args2(model: str) -> EngineArgs:\n"
            "    return EngineArgs(model=model, disable_cascade_attn=False)\n",
            "return EngineArgs(model=model, disable_cascade_attn=False)",
        ),
    ),
]

# --- #43219 (4aaba00f92): EPLBConfig.use_async default False -> True
EA = "4aaba00f92"
EAW = "EPLBConfig.use_async default False -> True"
EP = "from vllm.config.parallel import EPLBConfig\n\n\n"
CASES += [
    (
        "#43219 default flipped",
        "a config built without the keyword, then read",
        K(
            "#43219",
            EA,
            EAW,
            "vllm/aeon/ea1.py",
            EP + "def aeon_eplb(n: int) -> EPLBConfig:\n"
            "    eplb = EPLBConfig(num_redundant_experts=n)\n"
            "    if not eplb.use_async:\n"
            "        eplb.window_size = 500  # AEON: sync rebalancing stalls the Spark; rebalance less often\n"
            "    return eplb\n",
            "if not eplb.use_async:",
        ),
    ),
    (
        "#43219 default flipped",
        "twin: the keyword passed explicitly",
        K(
            "#43219",
            EA,
            EAW,
            "vllm/aeon/ea2.py",
            EP + "def aeon_eplb2(n: int) -> EPLBConfig:\n"
            "    eplb = EPLBConfig(num_redundant_experts=n, use_async=False)\n"
            "    if not eplb.use_async:\n"
            "        eplb.window_size = 500\n"
            "    return eplb\n",
            "if not eplb.use_async:",
        ),
    ),
]

# --- #36470 (f96c3ab08c): the deprecated Request.eos_token_id property removed
EO = "f96c3ab08c"
EOW = "Request.eos_token_id removed"
CASES += [
    (
        "#36470 request property removed",
        "a read off a typed Request",
        K(
            "#36470",
            EO,
            EOW,
            "vllm/aeon/eo1.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_hit_eos(request: Request, token: int) -> bool:\n"
            "    return token == request.eos_token_id\n",
            "return token == request.eos_token_id",
        ),
    ),
    (
        "#36470 request property removed",
        "a read off self.requests[...] in a Scheduler subclass",
        K(
            "#36470",
            EO,
            EOW,
            "vllm/aeon/eo2.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
            "class AeonScheduler(Scheduler):\n"
            "    def aeon_eos(self, req_id: str) -> int | None:\n"
            "        return self.requests[req_id].eos_token_id\n",
            "return self.requests[req_id].eos_token_id",
        ),
    ),
    (
        "#36470 request property removed",
        "twin: the sampling params' eos_token_id",
        K(
            "#36470",
            EO,
            EOW,
            "vllm/aeon/eo3.py",
            "from vllm.v1.request import Request\n\n\n"
            "def aeon_hit_eos2(request: Request, token: int) -> bool:\n"
            "    return request.sampling_params is not None and token == request.sampling_params.eos_token_id\n",
            "return request.sampling_params is not None and token == request.sampling_params.eos_token_id",
        ),
    ),
]

# --- #41064 (dd5506a157): KVCacheManager.can_fit_full_sequence removed (folded into allocate_slots)
FS = "dd5506a157"
FSW = "KVCacheManager.can_fit_full_sequence removed"
CASES += [
    (
        "#41064 collaborator method removed",
        "a call on self.kv_cache_manager in a Scheduler subclass",
        K(
            "#41064",
            FS,
            FSW,
            "vllm/aeon/fs1.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\nfrom vllm.v1.request import Request\n\n\n"
            "class AeonAdmitScheduler(Scheduler):\n"
            "    def aeon_admit(self, request: Request) -> bool:\n"
            "        # AEON: admit a long prompt only when all of it fits the Spark's pool\n"
            "        return self.kv_cache_manager.can_fit_full_sequence(request)\n",
            "return self.kv_cache_manager.can_fit_full_sequence(request)",
        ),
    ),
    (
        "#41064 collaborator method removed",
        "a call on a typed KVCacheManager",
        K(
            "#41064",
            FS,
            FSW,
            "vllm/aeon/fs2.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
            "def aeon_fits(kv: KVCacheManager, request: Request) -> bool:\n"
            "    return kv.can_fit_full_sequence(request, num_new_computed_tokens=0)\n",
            "return kv.can_fit_full_sequence(request, num_new_computed_tokens=0)",
        ),
    ),
    (
        "#41064 collaborator method removed",
        "twin: allocate_slots kept",
        K(
            "#41064",
            FS,
            FSW,
            "vllm/aeon/fs3.py",
            "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
            "def aeon_alloc(kv: KVCacheManager, request: Request) -> bool:\n"
            "    return kv.allocate_slots(request, 16) is not None\n",
            "return kv.allocate_slots(request, 16) is not None",
        ),
    ),
]

# --- #34103 (7c233dbb36): vllm/multimodal/budget.py renamed to encoder_budget.py
MB = "7c233dbb36"
MBW = "vllm.multimodal.budget -> vllm.multimodal.encoder_budget"
CASES += [
    (
        "#34103 module moved",
        "a from-import of the moved module",
        K(
            "#34103",
            MB,
            MBW,
            "vllm/aeon/mb1.py",
            "from vllm.multimodal.budget import MultiModalBudget\n\n\n"
            "def aeon_budget_cls() -> type:\n"
            "    return MultiModalBudget\n",
            "from vllm.multimodal.budget import MultiModalBudget",
        ),
    ),
    (
        "#34103 module moved",
        "a module alias import",
        K(
            "#34103",
            MB,
            MBW,
            "vllm/aeon/mb2.py",
            "import vllm.multimodal.budget as mm_budget\n\n\n"
            "def aeon_budget_cls2() -> type:\n"
            "    return mm_budget.MultiModalBudget\n",
            "import vllm.multimodal.budget as mm_budget",
        ),
    ),
    (
        "#34103 module moved",
        "twin: the package's registry import",
        K(
            "#34103",
            MB,
            MBW,
            "vllm/aeon/mb3.py",
            "from vllm.multimodal import MULTIMODAL_REGISTRY\n\n\n"
            "def aeon_registry() -> object:\n"
            "    return MULTIMODAL_REGISTRY\n",
            "from vllm.multimodal import MULTIMODAL_REGISTRY",
        ),
    ),
]

# --- #34125 (dddbff4624): Scheduler.finish_requests now returns the aborted (req_id, client_index) pairs the
#     engine core sends abort outputs for (and takes None for "all")
FR = "dddbff4624"
FRW = "finish_requests -> list[tuple[str, int]]"
SCH = "from collections.abc import Iterable\n\nfrom vllm.v1.core.sched.scheduler import Scheduler\nfrom vllm.v1.request import RequestStatus\n\n\n"
CASES += [
    (
        "#34125 hook's return now used",
        "an override that drops the return value",
        K(
            "#34125",
            FR,
            FRW,
            "vllm/aeon/fr1.py",
            SCH + "class AeonFinishScheduler(Scheduler):\n"
            "    def finish_requests(self, request_ids: str | Iterable[str], finished_status: RequestStatus) -> None:\n"
            "        # AEON: count aborts for the Spark's dashboard\n"
            "        self.aeon_aborts = getattr(self, 'aeon_aborts', 0) + 1\n"
            "        super().finish_requests(request_ids, finished_status)\n",
            "def finish_requests(self, request_ids: str | Iterable[str], finished_status: RequestStatus) -> None:",
        ),
    ),
    (
        "#34125 hook's return now used",
        "twin: an override that returns the base's value",
        K(
            "#34125",
            FR,
            FRW,
            "vllm/aeon/fr2.py",
            SCH + "class AeonFinishScheduler2(Scheduler):\n"
            "    def finish_requests(self, request_ids, finished_status):  # type: ignore[no-untyped-def]\n"
            "        self.aeon_aborts = getattr(self, 'aeon_aborts', 0) + 1\n"
            "        return super().finish_requests(request_ids, finished_status)\n",
            "return super().finish_requests(request_ids, finished_status)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-scheduler-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
