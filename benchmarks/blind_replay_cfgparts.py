"""A blind replay of the parallel, cache and scheduler configs a Spark fork sets from its launch profile.

11 first-parent commits on ``vllm/config/{parallel,cache,scheduler}.py`` and, before the split, their classes'
bodies in ``vllm/config.py`` -- the dataclasses a fork's launch profile fills (its cache dtype, block size,
chunked prefill, speculative scheduling, data parallel on one GB10) and its own code reads:
``CacheConfig.__init__`` given ``prefix_caching_hash_algo`` before ``cpu_offload_gb``, ``SchedulerConfig``'s
``cuda_graph_sizes`` moved behind ``num_lookahead_slots``, ``SchedulerConfig``'s ``max_num_seqs``/``max_model_len``/
``enable_chunked_prefill`` defaults made ``None`` (filled in ``__post_init__``, or not), ``data_parallel_rank_local``
made a property over an ``init=False`` private field and then a plain optional field again with
``world_size_across_dp`` turned from a field into a read-only property, ``_verify_args`` of the three configs no
longer called from ``__post_init__`` but run as a pydantic ``model_validator``, ``CacheConfig.
_verify_kv_sharing_fast_prefill`` removed (and its call), ``enable_multimodal_encoder_data_parallel`` removed,
the ``BlockSize`` literal removed, ``world_size`` multiplied by the data-parallel size under the external
launcher, and the scheduler's step budget taken from a new ``max_num_scheduled_tokens`` -- picked by scanning
those paths' diffs (``git log --first-parent -p``), avoiding the commits every other replay uses
(``blind_replay_config``, ``_modelcfg``, ``_specconf`` and others cover parts of this surface).  Each is
replayed under 1-3 fork spellings written the way fork code is written (a positional build, a subclass's
positional ``super().__init__``, a read of a default off the class, a dict keyed by a field's value, a keyword
build, ``dataclasses.replace``, a key of ``dataclasses.asdict``, an assignment, arithmetic on a field, a read of
a private field, a subclass override of a validator or hook, a direct call of a removed helper, an import, a
module attribute, a product the fork computes itself, a subclass's restatement of what the base now computes
otherwise), with twins (fork code the commit does not break: a keyword call, the kept name, the new spelling,
an override of a hook still called, a setter, a read the new field leaves right).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 387be72d): 14 caught, 3 warned, 4 missed of 21 (twins: 12
quiet, 0 false errors).  Symbol drift caught the positional builds past #15297's insertion and #17548's move,
the keyword builds and ``dataclasses.replace`` of removed or property-made fields, the assignment of the now
read-only ``world_size_across_dp``, the removed private field, hook, literal and field; default drift the
class-level read of #16533's ``max_num_seqs``.  Warned: #16533's dict keyed by ``True``/``False`` indexed by a
bare build's ``chunked_prefill_enabled`` (now ``None``: a ``KeyError``; only the changed default was said), and
#19941's two ``_verify_args`` overrides (said only for their return, ``None`` where the base now returns
``Self``; the override is never called at all now).  The misses: #17053's ``dataclasses.asdict(pc)[
"data_parallel_rank_local"]`` (the key is now ``_data_parallel_rank_local``), #15977's arithmetic on
``data_parallel_rank_local`` (a property answering ``int`` made an ``Optional`` field defaulting to ``None``),
#24899's ``pc.world_size * pc.data_parallel_size`` (upstream now multiplies the factor into ``world_size``
itself: counted twice) and #34898's subclass restating ``self.max_num_scheduled_tokens`` from
``max_num_batched_tokens`` (the base now takes it from the new ``max_num_scheduled_tokens``).
After the killers173 widenings: 19 caught, 2 warned, 0 missed of 21 (twins: 12 quiet, 0 false errors).  Caught
now: an override of a method upstream made a pydantic validator of a dataclass and stopped calling by name
(``symbols._validated_now``: #19941's two, an error now, not a note on the return); a key of ``asdict`` of a field
made a property, and a key read off a local bound once to ``asdict(x)`` (``drift/asdict_keys.py``,
``symbols._asdict_key``: #17053); a property answering ``X`` made an ``Optional[X]`` field, read as a field made
Optional (``drift/optional_elements.py``: #15977's arithmetic); a factor upstream now folds into a field,
multiplied in again by the fork (``drift/folded_factors.py``, new: #24899).  Warned now: #34898's restated store
(``drift/stale_copies.py``'s restated stores: a warning by design, the fork may pin its own value and the old
input is right wherever the new field defaults to it).  Still warned: #16533's dict keyed by ``True``/``False``
(the read is of ``chunked_prefill_enabled``, a field ``__post_init__`` copies from ``enable_chunked_prefill``,
whose default changed: default drift does not follow the copy, nor read a table's literal keys as a comparison
with the old default; left for want of time).
Regression set at the widenings' head (b5c08921): killer_replay 26/26 blocked, kind_change_replay 12/12 (5
quiet), blind_replay_config 16 caught, 1 warned of 17 (13 quiet, 2 warned), blind_replay_specconf 32/1/0 of 33 (1
false error, the contested kept ``is_multi_step``, as before), blind_replay_modelcfg 14 caught, 8 warned, 2 missed
of 24 (11 quiet, as before), review67_twins 4/4 (0 false of 13), review74_twins 10/10 (0 false of 29),
review80_twins 12 caught, 2 warned of 14 (0 false of 32), review81_twins 5 caught, 3 warned of 8 (0 false of 30):
each as before.

  python benchmarks/blind_replay_cfgparts.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #15297 (27df5199d9): CacheConfig.__init__ given prefix_caching_hash_algo before cpu_offload_gb
HA = "27df5199d9"
HAW = "CacheConfig.__init__(prefix_caching_hash_algo) inserted before cpu_offload_gb"
CC = "from vllm.config import CacheConfig\n\n\n"
CASES += [
    (
        "#15297 parameter inserted",
        "a positional build past the insertion",
        K(
            "#15297",
            HA,
            HAW,
            "vllm/aeon/ha1.py",
            CC + "def aeon_cache_config(block_size: int) -> CacheConfig:\n"
            "    # AEON: the GB10's unified memory takes 8 GiB of offloaded weights\n"
            '    return CacheConfig(block_size, 0.85, 0, "fp8_e4m3", False, None, None, True, 8.0)\n',
            'return CacheConfig(block_size, 0.85, 0, "fp8_e4m3", False, None, None, True, 8.0)',
        ),
    ),
    (
        "#15297 parameter inserted",
        "a subclass's positional super().__init__()",
        K(
            "#15297",
            HA,
            HAW,
            "vllm/aeon/ha2.py",
            CC + "class AeonCacheConfig(CacheConfig):\n"
            "    def __init__(self, block_size: int, cache_dtype: str, offload_gb: float) -> None:\n"
            "        super().__init__(block_size, 0.85, 0, cache_dtype, False, None, None, True, offload_gb)\n"
            "        self.aeon_offload_gb = offload_gb\n",
            "super().__init__(block_size, 0.85, 0, cache_dtype, False, None, None, True, offload_gb)",
        ),
    ),
    (
        "#15297 parameter inserted",
        "twin: the same build by keyword",
        K(
            "#15297",
            HA,
            HAW,
            "vllm/aeon/ha3.py",
            CC + "def aeon_cache_config2(block_size: int) -> CacheConfig:\n"
            '    return CacheConfig(block_size, 0.85, 0, "fp8_e4m3", enable_prefix_caching=True, cpu_offload_gb=8.0)\n',
            'return CacheConfig(block_size, 0.85, 0, "fp8_e4m3", enable_prefix_caching=True, cpu_offload_gb=8.0)',
        ),
    ),
]

# --- #17548 (173daac19d): SchedulerConfig.cuda_graph_sizes moved behind num_lookahead_slots
CG = "173daac19d"
CGW = "SchedulerConfig field cuda_graph_sizes moved"
SC = "from vllm.config import SchedulerConfig\n\n\n"
CASES += [
    (
        "#17548 field moved",
        "a positional build of the dataclass",
        K(
            "#17548",
            CG,
            CGW,
            "vllm/aeon/cg1.py",
            SC + "def aeon_scheduler_config() -> SchedulerConfig:\n"
            "    # AEON: the Spark captures small graphs only\n"
            '    return SchedulerConfig("generate", 8192, [1, 2, 4, 8, 16, 32], 64, 8192)\n',
            'return SchedulerConfig("generate", 8192, [1, 2, 4, 8, 16, 32], 64, 8192)',
        ),
    ),
    (
        "#17548 field moved",
        "twin: the same build by keyword",
        K(
            "#17548",
            CG,
            CGW,
            "vllm/aeon/cg2.py",
            SC + "def aeon_scheduler_config2() -> SchedulerConfig:\n"
            "    return SchedulerConfig(\n"
            '        runner_type="generate",\n'
            "        max_num_batched_tokens=8192,\n"
            "        cuda_graph_sizes=[1, 2, 4, 8, 16, 32],\n"
            "        max_num_seqs=64,\n"
            "        max_model_len=8192,\n"
            "    )\n",
            "cuda_graph_sizes=[1, 2, 4, 8, 16, 32],",
        ),
    ),
]

# --- #16533 (e51929ebca): SchedulerConfig's max_num_seqs/max_model_len/enable_chunked_prefill defaults made None
SD = "e51929ebca"
SDW = "SchedulerConfig defaults made None (max_num_seqs, max_model_len filled in __post_init__)"
CASES += [
    (
        "#16533 default made None",
        "a default read off the class",
        K(
            "#16533",
            SD,
            SDW,
            "vllm/aeon/sd1.py",
            SC + "# AEON: the GB10 runs at most half upstream's default batch\n"
            "AEON_MAX_SEQS = min(SchedulerConfig.max_num_seqs // 2, 64)\n",
            "AEON_MAX_SEQS = min(SchedulerConfig.max_num_seqs // 2, 64)",
        ),
    ),
    (
        "#16533 default made None",
        "a dict keyed by a bare build's flag",
        K(
            "#16533",
            SD,
            SDW,
            "vllm/aeon/sd2.py",
            SC + "_AEON_STEP_TOKENS = {True: 2048, False: 8192}\n\n\n"
            "def aeon_step_tokens(max_model_len: int) -> int:\n"
            "    sched = SchedulerConfig(max_num_seqs=64, max_model_len=max_model_len)\n"
            "    # AEON: the Spark's profile steps 2048 tokens chunked, 8192 whole\n"
            "    return _AEON_STEP_TOKENS[sched.chunked_prefill_enabled]\n",
            "return _AEON_STEP_TOKENS[sched.chunked_prefill_enabled]",
        ),
    ),
    (
        "#16533 default made None",
        "twin: the filled value read off a build",
        K(
            "#16533",
            SD,
            SDW,
            "vllm/aeon/sd3.py",
            SC + "def aeon_graph_batch(max_model_len: int) -> int:\n"
            "    sched = SchedulerConfig(max_model_len=max_model_len, enable_chunked_prefill=True)\n"
            "    return sched.max_num_seqs * 2\n",
            "return sched.max_num_seqs * 2",
        ),
    ),
]

# --- #17053 (bdb3660312): data_parallel_rank_local made a property over an init=False private field
RL = "bdb3660312"
RLW = "ParallelConfig.data_parallel_rank_local made a property (no longer an __init__ field)"
PC = "import dataclasses\n\nfrom vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#17053 field made a property",
        "a keyword build",
        K(
            "#17053",
            RL,
            RLW,
            "vllm/aeon/rl1.py",
            PC + "def aeon_dp_config(rank: int) -> ParallelConfig:\n"
            "    # AEON: two DP engines share one GB10, both local\n"
            "    return ParallelConfig(data_parallel_size=2, data_parallel_rank=rank, data_parallel_rank_local=rank)\n",
            "return ParallelConfig(data_parallel_size=2, data_parallel_rank=rank, data_parallel_rank_local=rank)",
        ),
    ),
    (
        "#17053 field made a property",
        "dataclasses.replace with the field",
        K(
            "#17053",
            RL,
            RLW,
            "vllm/aeon/rl2.py",
            PC + "def aeon_local_copy(pc: ParallelConfig, local_rank: int) -> ParallelConfig:\n"
            "    return dataclasses.replace(pc, data_parallel_rank_local=local_rank)\n",
            "return dataclasses.replace(pc, data_parallel_rank_local=local_rank)",
        ),
    ),
    (
        "#17053 field made a property",
        "a key of dataclasses.asdict",
        K(
            "#17053",
            RL,
            RLW,
            "vllm/aeon/rl3.py",
            PC + "def aeon_profile_rank(pc: ParallelConfig) -> int | None:\n"
            "    # AEON: the Spark's launch report records the local DP rank\n"
            "    profile = dataclasses.asdict(pc)\n"
            '    return profile["data_parallel_rank_local"]\n',
            'return profile["data_parallel_rank_local"]',
        ),
    ),
    (
        "#17053 field made a property",
        "twin: the setter and a read",
        K(
            "#17053",
            RL,
            RLW,
            "vllm/aeon/rl4.py",
            PC + "def aeon_pin_local(pc: ParallelConfig, local_rank: int) -> int:\n"
            "    pc.data_parallel_rank_local = local_rank\n"
            "    return pc.data_parallel_rank_local\n",
            "pc.data_parallel_rank_local = local_rank",
        ),
    ),
]

# --- #15977 (55aa7af994): the property undone (an Optional field, None unless SPMD); world_size_across_dp a property
DS = "55aa7af994"
DSW = "data_parallel_rank_local Optional again, _data_parallel_rank_local removed; world_size_across_dp read-only"
PC2 = "import torch\n\nfrom vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#15977 field made a property",
        "an assignment of the now read-only attribute",
        K(
            "#15977",
            DS,
            DSW,
            "vllm/aeon/ds1.py",
            PC2 + "def aeon_count_shared_engines(pc: ParallelConfig, engines_per_gpu: int) -> None:\n"
            "    # AEON: the Spark runs two DP engines on its one GB10\n"
            "    pc.world_size_across_dp = pc.world_size * pc.data_parallel_size * engines_per_gpu\n",
            "pc.world_size_across_dp = pc.world_size * pc.data_parallel_size * engines_per_gpu",
        ),
    ),
    (
        "#15977 property made an optional field",
        "arithmetic on the value",
        K(
            "#15977",
            DS,
            DSW,
            "vllm/aeon/ds2.py",
            PC2 + "def aeon_device_index(pc: ParallelConfig) -> int:\n"
            "    return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)\n",
            "return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)",
        ),
    ),
    (
        "#15977 private field removed",
        "a read of the private field",
        K(
            "#15977",
            DS,
            DSW,
            "vllm/aeon/ds3.py",
            PC2 + "def aeon_is_spmd(pc: ParallelConfig) -> bool:\n"
            "    # AEON: an unset local rank means the Spark's own launcher started us\n"
            "    return pc._data_parallel_rank_local is not None\n",
            "return pc._data_parallel_rank_local is not None",
        ),
    ),
    (
        "#15977 field made a property",
        "twin: a read of world_size_across_dp",
        K(
            "#15977",
            DS,
            DSW,
            "vllm/aeon/ds4.py",
            PC2 + "def aeon_total_ranks(pc: ParallelConfig) -> int:\n    return pc.world_size_across_dp\n",
            "return pc.world_size_across_dp",
        ),
    ),
]

# --- #19941 (c4cf260677): _verify_args no longer called from __post_init__; a pydantic model_validator now
VA = "c4cf260677"
VAW = "_verify_args made a model_validator, no longer called from __post_init__"
CASES += [
    (
        "#19941 override no longer called",
        "a cache config subclass's override",
        K(
            "#19941",
            VA,
            VAW,
            "vllm/aeon/va1.py",
            CC + "class AeonCacheConfig(CacheConfig):\n"
            "    def _verify_args(self) -> None:\n"
            "        super()._verify_args()\n"
            "        # AEON: the GB10's unified memory: refuse offloading beyond 32 GiB\n"
            "        if self.cpu_offload_gb > 32:\n"
            '            raise ValueError("the Spark offloads at most 32 GiB")\n',
            "def _verify_args(self) -> None:",
        ),
    ),
    (
        "#19941 override no longer called",
        "a parallel config subclass's override",
        K(
            "#19941",
            VA,
            VAW,
            "vllm/aeon/va2.py",
            "from vllm.config import ParallelConfig\n\n\n"
            "class AeonParallelConfig(ParallelConfig):\n"
            "    def _verify_args(self) -> None:\n"
            "        super()._verify_args()\n"
            "        # AEON: one GB10 per node: a TP past the node needs Ray\n"
            '        if self.tensor_parallel_size > 1 and self.distributed_executor_backend != "ray":\n'
            '            raise ValueError("the Spark holds one GPU per node")\n',
            "def _verify_args(self) -> None:",
        ),
    ),
    (
        "#19941 override no longer called",
        "twin: an override of a check __post_init__ still calls",
        K(
            "#19941",
            VA,
            VAW,
            "vllm/aeon/va3.py",
            CC + "class AeonDtypeCacheConfig(CacheConfig):\n"
            "    def _verify_cache_dtype(self) -> None:\n"
            "        super()._verify_cache_dtype()\n"
            '        if self.cache_dtype == "fp8_e5m2":\n'
            '            raise ValueError("the Spark stores fp8_e4m3 only")\n',
            "def _verify_cache_dtype(self) -> None:",
        ),
    ),
    (
        "#19941 override no longer called",
        "twin: a direct call of the validator",
        K(
            "#19941",
            VA,
            VAW,
            "vllm/aeon/va4.py",
            CC + "def aeon_recheck(cache_config: CacheConfig, gpu_memory_utilization: float) -> None:\n"
            "    cache_config.gpu_memory_utilization = gpu_memory_utilization\n"
            "    cache_config._verify_args()\n",
            "cache_config._verify_args()",
        ),
    ),
]

# --- #24350 (3c529fc994): CacheConfig._verify_kv_sharing_fast_prefill removed, and its call from __post_init__
FP = "3c529fc994"
FPW = "CacheConfig._verify_kv_sharing_fast_prefill removed"
CC2 = "from vllm.config.cache import CacheConfig\n\n\n"
CASES += [
    (
        "#24350 hook removed",
        "a subclass's override (never called now)",
        K(
            "#24350",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            CC2 + "class AeonCacheConfig(CacheConfig):\n"
            "    def _verify_kv_sharing_fast_prefill(self) -> None:\n"
            "        super()._verify_kv_sharing_fast_prefill()\n"
            "        # AEON: the sm_121a FlashInfer build lacks the fast-prefill metadata path\n"
            "        if self.kv_sharing_fast_prefill:\n"
            '            raise NotImplementedError("no fast prefill on the Spark")\n',
            "def _verify_kv_sharing_fast_prefill(self) -> None:",
        ),
    ),
    (
        "#24350 hook removed",
        "a direct call",
        K(
            "#24350",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            CC2 + "def aeon_enable_fast_prefill(cache_config: CacheConfig) -> None:\n"
            "    cache_config.kv_sharing_fast_prefill = True\n"
            "    cache_config._verify_kv_sharing_fast_prefill()\n",
            "cache_config._verify_kv_sharing_fast_prefill()",
        ),
    ),
    (
        "#24350 hook removed",
        "twin: an override of a check __post_init__ still calls",
        K(
            "#24350",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            CC2 + "class AeonPrefixCacheConfig(CacheConfig):\n"
            "    def _verify_prefix_caching(self) -> None:\n"
            "        super()._verify_prefix_caching()\n"
            '        if self.enable_prefix_caching and self.prefix_caching_hash_algo == "builtin":\n'
            '            raise ValueError("the Spark fleet shares prefix hashes across nodes")\n',
            "def _verify_prefix_caching(self) -> None:",
        ),
    ),
]

# --- #23190 (5efd6905bc): ParallelConfig.enable_multimodal_encoder_data_parallel removed (mm_encoder_tp_mode)
MM = "5efd6905bc"
MMW = "enable_multimodal_encoder_data_parallel removed"
CASES += [
    (
        "#23190 field removed",
        "a read off the config",
        K(
            "#23190",
            MM,
            MMW,
            "vllm/aeon/mm1.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_vision_dp(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: the Spark's vision encoder runs data parallel when the profile asks\n"
            "    return vllm_config.parallel_config.enable_multimodal_encoder_data_parallel\n",
            "return vllm_config.parallel_config.enable_multimodal_encoder_data_parallel",
        ),
    ),
    (
        "#23190 field removed",
        "a keyword build",
        K(
            "#23190",
            MM,
            MMW,
            "vllm/aeon/mm2.py",
            "from vllm.config.parallel import ParallelConfig\n\n\n"
            "def aeon_vision_parallel(tp: int) -> ParallelConfig:\n"
            "    return ParallelConfig(tensor_parallel_size=tp, enable_multimodal_encoder_data_parallel=True)\n",
            "return ParallelConfig(tensor_parallel_size=tp, enable_multimodal_encoder_data_parallel=True)",
        ),
    ),
    (
        "#23190 field removed",
        "twin: the new spelling on the multimodal config",
        K(
            "#23190",
            MM,
            MMW,
            "vllm/aeon/mm3.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_vision_dp2(vllm_config: VllmConfig) -> bool:\n"
            "    mm_config = vllm_config.model_config.multimodal_config\n"
            '    return mm_config is not None and mm_config.mm_encoder_tp_mode == "data"\n',
            'return mm_config is not None and mm_config.mm_encoder_tp_mode == "data"',
        ),
    ),
]

# --- #33600 (7743152957): the BlockSize literal removed from vllm/config/cache.py
BS = "7743152957"
BSW = "BlockSize removed"
CASES += [
    (
        "#33600 name removed",
        "an import of the literal",
        K(
            "#33600",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            "from typing import get_args\n\nfrom vllm.config.cache import BlockSize\n\n\n"
            "def aeon_block_sizes() -> list[int]:\n"
            "    # AEON: the Spark's backend accepts the sizes upstream lists, up to 64\n"
            "    return [size for size in get_args(BlockSize) if size <= 64]\n",
            "from vllm.config.cache import BlockSize",
        ),
    ),
    (
        "#33600 name removed",
        "a module attribute",
        K(
            "#33600",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            "from typing import get_args\n\nfrom vllm.config import cache as cache_cfg\n\n\n"
            "def aeon_valid_block(size: int) -> bool:\n"
            "    return size in get_args(cache_cfg.BlockSize)\n",
            "return size in get_args(cache_cfg.BlockSize)",
        ),
    ),
    (
        "#33600 name removed",
        "twin: a kept literal",
        K(
            "#33600",
            BS,
            BSW,
            "vllm/aeon/bs3.py",
            "from typing import get_args\n\nfrom vllm.config.cache import CacheDType\n\n\n"
            "def aeon_fp8_dtypes() -> list[str]:\n"
            '    return [d for d in get_args(CacheDType) if d.startswith("fp8")]\n',
            'return [d for d in get_args(CacheDType) if d.startswith("fp8")]',
        ),
    ),
]

# --- #24899 (922979bfcc): world_size multiplied by data_parallel_size under the external launcher
WS = "922979bfcc"
WSW = "ParallelConfig.world_size *= data_parallel_size for external_launcher"
PC3 = "from vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#24899 factor folded into the field",
        "the product the fork computes itself",
        K(
            "#24899",
            WS,
            WSW,
            "vllm/aeon/ws1.py",
            PC3 + "def aeon_torchrun_world_size(pc: ParallelConfig) -> int:\n"
            "    # AEON: the Spark pair runs torchrun with one DP rank per GB10\n"
            '    if pc.distributed_executor_backend == "external_launcher":\n'
            "        return pc.world_size * pc.data_parallel_size\n"
            "    return pc.world_size\n",
            "return pc.world_size * pc.data_parallel_size",
        ),
    ),
    (
        "#24899 factor folded into the field",
        "twin: the product of the sizes upstream does not fold",
        K(
            "#24899",
            WS,
            WSW,
            "vllm/aeon/ws2.py",
            PC3 + "def aeon_model_ranks(pc: ParallelConfig) -> int:\n"
            "    return pc.tensor_parallel_size * pc.pipeline_parallel_size\n",
            "return pc.tensor_parallel_size * pc.pipeline_parallel_size",
        ),
    ),
]

# --- #34898 (682566b18e): the scheduler's step budget taken from a new max_num_scheduled_tokens
ST = "682566b18e"
STW = "Scheduler.max_num_scheduled_tokens from SchedulerConfig.max_num_scheduled_tokens (drafting slots taken off)"
CASES += [
    (
        "#34898 value computed otherwise",
        "a subclass restating the base's assignment",
        K(
            "#34898",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
            "class AeonScheduler(Scheduler):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: the GB10's unified memory caps a step at 8192 tokens\n"
            "        self.max_num_scheduled_tokens = min(self.scheduler_config.max_num_batched_tokens, 8192)\n",
            "self.max_num_scheduled_tokens = min(self.scheduler_config.max_num_batched_tokens, 8192)",
        ),
    ),
    (
        "#34898 value computed otherwise",
        "twin: a buffer sized by the batched tokens",
        K(
            "#34898",
            ST,
            STW,
            "vllm/aeon/st2.py",
            "import torch\n\nfrom vllm.config import VllmConfig\n\n\n"
            "def aeon_hidden_buffer(vllm_config: VllmConfig, hidden_size: int) -> torch.Tensor:\n"
            "    # AEON: the Spark's drafter keeps one hidden row per batched token\n"
            "    return torch.empty(vllm_config.scheduler_config.max_num_batched_tokens, hidden_size)\n",
            "return torch.empty(vllm_config.scheduler_config.max_num_batched_tokens, hidden_size)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-cfgparts-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
