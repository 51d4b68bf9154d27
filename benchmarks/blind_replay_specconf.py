"""A blind replay of the engine configs a fork's speculative decoding, cache and scheduler carries read.

12 first-parent commits on ``vllm/config/{speculative,cache,scheduler,compilation}.py`` (and the constants
``SchedulerConfig`` took over from ``vllm/utils``) -- the fields, methods and type aliases a fork that tunes
drafting, the KV cache, the scheduler or CUDA-graph capture reads: ``SchedulerConfig``'s multi-step fields
and ``is_multi_step`` removed (#22779), the batch-size constants moved off ``vllm.utils`` onto the class
(#28665), ``max_model_len`` made an init-only variable whose class default now answers every read (#28733),
then the init-only variables' defaults removed so a bare constructor fails (#29859); ``CacheConfig``'s
``enable_prefix_caching`` defaulting to True rather than None (#29186), ``hash_block_size`` renamed
``prefix_match_unit`` (#46384), the Mamba stochastic-rounding fields moved to a new config (#36162),
``PrefixCachingHashAlgo`` widened with the xxHash choices (#29163); ``MTP_MODEL_TYPES`` replaced by a
``Literal`` (#24799) and ``RejectionSampleMethod`` widened with ``"block"`` (#46781); ``CompilationConfig``'s
``set_splitting_ops_for_inductor_graph_partition`` removed and ``set_splitting_ops_for_v1`` handed keywords
by the engine config (#29558), ``encoder_cudagraph_max_images_per_batch`` renamed (#38061) -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.
Each is replayed under 1-3 fork spellings written the way fork code is written (a read off a typed config, a
chained read off ``vllm_config``, a keyword to a config's constructor, ``getattr`` with a literal, an import,
a module attribute, a subclass override and its ``self.`` call, a table keyed by every old choice of a
``Literal`` field, a test against an old default), with twins (fork code the commit does not break).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 44035ae3): 20 caught, 0 warned, 2 missed of 22 (twins: 12
quiet, 1 of them warned, 0 false errors).  The misses: #28733's two (``SchedulerConfig.max_model_len: int =
Field(default=8192)`` re-annotated ``InitVar[int] = 8192``: the dataclass no longer stores it, so a fork read
off a typed config, ``scheduler_config.max_model_len``, or a chained ``vllm_config.scheduler_config
.max_model_len`` gets the class's 8192 whatever the model's length; a read of an init-only variable without a
default raises AttributeError).  The warned twin is default drift's warning on a plain truth test of
``enable_prefix_caching`` (its default None -> True; the fleet may set it).
After the killers156 widening: 22 caught, 0 warned, 0 missed of 22 (twins: 12 quiet, 1 warned, 0 false).
Caught now: a field upstream re-annotated ``InitVar[...]``, read off a receiver typed as its class or named as it
is (``scheduler_config``, ``vllm_config.scheduler_config``), by ``getattr`` with the name, or off a local bound
once to such a read: the class default answers, or AttributeError (symbol drift, ``drift/init_only.py``).
Round 2 (16 harder spellings of the same commits, committed before the engine ran on them): blind 4 caught, 1
warned, 6 missed of 11 (twins: 4 quiet, 1 false error of 5); after the widenings 8 caught, 1 warned, 2 missed of
11 (the same 4 quiet, 1 false).  Caught now: the local alias of #28733 (``drift/init_only.py``), and the fork
table spelt as control flow -- a ``match`` naming every old choice of a widened ``Literal`` whose ``case _:``
raises, an ``if``/``elif`` chain whose ``else`` raises, ``assert field in (...)`` (key drift,
``drift/widened_literals.py``; #46781, #29163).  Left missed: ``dataclasses.asdict(scheduler_config)
["max_model_len"]`` (a key of a value built by a library call: the engine does not type ``asdict``'s keys), and
#29558's module-level monkeypatch ``CompilationConfig.set_splitting_ops_for_v1 = _aeon_set_splitting_ops`` (a
function assigned onto the class that the engine config now calls with keywords: only a class's own ``def`` is
read as its override; taking assigned functions would need the assignment traced to the class's members).
Warned: #38061's key in the dict handed to ``EngineArgs(compilation_config={...})`` (a key nothing reads, a
warning by design).  The false error is contested: #22779's ``hasattr(scheduler_config, "is_multi_step") and
scheduler_config.is_multi_step`` is, by the engine's documented design (``drift/guarded_reads.py``), a
``getattr(x, "is_multi_step", False)`` spelt as a conjunction -- a default taken silently once the member is gone
-- and reported as such; we labelled it a twin because multi-step is gone with the member, so False is the right
answer here.  Left for the lead to judge (the guarded read beside it also draws a second error, "uses ... which
upstream removed", that no design wants: ``fallbacks.hasattr_guarded_nodes`` reads ``if`` and conditional
expressions, not ``and``).  Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_config 16/1/0 of 17, blind_replay_specdec
23/23, blind_replay_specdec2 24/1/0 of 25, blind_replay_cudagraph 15/15, blind_replay_protocol 19/19,
blind_replay_protocol2 22/1/3 of 26 (as on main), all 0 false; ``symbol_precision.py --windows 1``: 0 false
errors.
After mend53: round 2 10 caught, 1 warned, 0 missed of 11 (the same 4 quiet, 1 false); all rounds 32 caught, 1 warned,
0 missed of 33 (twins: 16 quiet, 1 warned, 1 false: the contested hasattr gate).  Caught now: the key of
``dataclasses.asdict`` (a key of ``asdict(x)`` read as ``x``'s field: ``drift/asdict_keys.py``, read by init-only
and symbol drift) and #29558's monkeypatch (a fork function put on upstream's class read as the method's override,
symbol drift).  Twins: ``benchmarks/review67_twins.py``.

  python benchmarks/blind_replay_specconf.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

SCHED = "from vllm.config import SchedulerConfig\n\n\n"
CACHE = "from vllm.config import CacheConfig\n\n\n"
VLLM = "from vllm.config import VllmConfig\n\n\n"

# --- #22779 (c5830381af): SchedulerConfig.num_scheduler_steps, multi_step_stream_outputs and is_multi_step removed
MS = "c5830381af"
MSW = "SchedulerConfig multi-step fields removed"
CASES += [
    (
        "#22779 field and property removed",
        "a property read off a typed config",
        K(
            "#22779",
            MS,
            MSW,
            "vllm/aeon/ms1.py",
            SCHED + "def aeon_stream_every_step(scheduler_config: SchedulerConfig) -> bool:\n"
            "    # AEON: the Spark's streaming front end wants every step's tokens\n"
            "    if scheduler_config.is_multi_step:\n"
            "        return False\n"
            "    return True\n",
            "if scheduler_config.is_multi_step:",
        ),
    ),
    (
        "#22779 field and property removed",
        "a keyword to the constructor",
        K(
            "#22779",
            MS,
            MSW,
            "vllm/aeon/ms2.py",
            SCHED + "def aeon_scheduler_config() -> SchedulerConfig:\n"
            "    return SchedulerConfig(max_num_seqs=8, num_scheduler_steps=4)\n",
            "return SchedulerConfig(max_num_seqs=8, num_scheduler_steps=4)",
        ),
    ),
    (
        "#22779 field and property removed",
        "a field compared off vllm_config",
        K(
            "#22779",
            MS,
            MSW,
            "vllm/aeon/ms3.py",
            VLLM + "def aeon_steps_ahead(vllm_config: VllmConfig) -> int:\n"
            "    if vllm_config.scheduler_config.num_scheduler_steps > 1:\n"
            "        return vllm_config.scheduler_config.num_scheduler_steps - 1\n"
            "    return 0\n",
            "if vllm_config.scheduler_config.num_scheduler_steps > 1:",
        ),
    ),
    (
        "#22779 field and property removed",
        "twin: num_lookahead_slots kept",
        K(
            "#22779",
            MS,
            MSW,
            "vllm/aeon/ms4.py",
            SCHED + "def aeon_lookahead(scheduler_config: SchedulerConfig) -> int:\n"
            "    return scheduler_config.num_lookahead_slots\n",
            "return scheduler_config.num_lookahead_slots",
        ),
    ),
]

# --- #28665 (511a6b611d): DEFAULT/POOLING/MULTIMODAL_MAX_NUM_BATCHED_TOKENS removed from vllm.utils
BT = "511a6b611d"
BTW = "batch-token constants moved off vllm.utils onto SchedulerConfig"
CASES += [
    (
        "#28665 module constants removed",
        "an import of the constant",
        K(
            "#28665",
            BT,
            BTW,
            "vllm/aeon/bt1.py",
            "from vllm.utils import DEFAULT_MAX_NUM_BATCHED_TOKENS\n\n\n"
            "def aeon_token_budget(num_seqs: int) -> int:\n"
            "    # AEON: the Spark's decode pool never batches past the default budget\n"
            "    return min(num_seqs * 16, DEFAULT_MAX_NUM_BATCHED_TOKENS)\n",
            "from vllm.utils import DEFAULT_MAX_NUM_BATCHED_TOKENS",
        ),
    ),
    (
        "#28665 module constants removed",
        "a module attribute",
        K(
            "#28665",
            BT,
            BTW,
            "vllm/aeon/bt2.py",
            "import vllm.utils as vutils\n\n\n"
            "def aeon_pooling_budget() -> int:\n"
            "    return vutils.POOLING_MODEL_MAX_NUM_BATCHED_TOKENS // 2\n",
            "return vutils.POOLING_MODEL_MAX_NUM_BATCHED_TOKENS // 2",
        ),
    ),
    (
        "#28665 module constants removed",
        "twin: chunked_prefill_enabled kept as a property",
        K(
            "#28665",
            BT,
            BTW,
            "vllm/aeon/bt3.py",
            SCHED + "def aeon_chunked(scheduler_config: SchedulerConfig) -> bool:\n"
            "    return scheduler_config.chunked_prefill_enabled\n",
            "return scheduler_config.chunked_prefill_enabled",
        ),
    ),
]

# --- #28733 (638e4196d1): SchedulerConfig.max_model_len made an InitVar (a read now gets the class default 8192)
ML = "638e4196d1"
MLW = "SchedulerConfig.max_model_len made init-only"
CASES += [
    (
        "#28733 field made init-only",
        "a read off a typed config",
        K(
            "#28733",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            SCHED + "def aeon_prefill_chunk(scheduler_config: SchedulerConfig) -> int:\n"
            "    # AEON: the Spark prefills a long prompt in quarters\n"
            "    return max(scheduler_config.max_model_len // 4, 256)\n",
            "return max(scheduler_config.max_model_len // 4, 256)",
        ),
    ),
    (
        "#28733 field made init-only",
        "a chained read off vllm_config",
        K(
            "#28733",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            VLLM + "def aeon_fits(vllm_config: VllmConfig, num_tokens: int) -> bool:\n"
            "    return num_tokens <= vllm_config.scheduler_config.max_model_len\n",
            "return num_tokens <= vllm_config.scheduler_config.max_model_len",
        ),
    ),
    (
        "#28733 field made init-only",
        "twin: the model config's max_model_len",
        K(
            "#28733",
            ML,
            MLW,
            "vllm/aeon/ml3.py",
            VLLM + "def aeon_fits2(vllm_config: VllmConfig, num_tokens: int) -> bool:\n"
            "    return num_tokens <= vllm_config.model_config.max_model_len\n",
            "return num_tokens <= vllm_config.model_config.max_model_len",
        ),
    ),
]

# --- #29859 (951445a52d): SchedulerConfig's InitVars max_model_len / is_encoder_decoder lose their defaults
IV = "951445a52d"
IVW = "SchedulerConfig InitVars made required"
CASES += [
    (
        "#29859 init-only parameters made required",
        "a constructor with keywords only for fields",
        K(
            "#29859",
            IV,
            IVW,
            "vllm/aeon/iv1.py",
            SCHED + "def aeon_small_scheduler() -> SchedulerConfig:\n"
            "    # AEON: the Spark's draft worker runs its own tiny scheduler\n"
            "    return SchedulerConfig(max_num_seqs=8, max_num_batched_tokens=2048)\n",
            "return SchedulerConfig(max_num_seqs=8, max_num_batched_tokens=2048)",
        ),
    ),
    (
        "#29859 init-only parameters made required",
        "twin: both init-only values passed",
        K(
            "#29859",
            IV,
            IVW,
            "vllm/aeon/iv2.py",
            SCHED + "def aeon_small_scheduler2(max_model_len: int) -> SchedulerConfig:\n"
            "    return SchedulerConfig(max_num_seqs=8, max_model_len=max_model_len, is_encoder_decoder=False)\n",
            "return SchedulerConfig(max_num_seqs=8, max_model_len=max_model_len, is_encoder_decoder=False)",
        ),
    ),
]

# --- #29186 (5a4802588e): CacheConfig.enable_prefix_caching bool | None = None -> bool = True
PC = "5a4802588e"
PCW = "enable_prefix_caching default None -> True"
CASES += [
    (
        "#29186 default changed",
        "an is-None test of the old default",
        K(
            "#29186",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            CACHE + "def aeon_prefix_caching_unset(cache_config: CacheConfig) -> bool:\n"
            "    # AEON: the Spark's launcher picks prefix caching per model when the user left it unset\n"
            "    return cache_config.enable_prefix_caching is None\n",
            "return cache_config.enable_prefix_caching is None",
        ),
    ),
    (
        "#29186 default changed",
        "twin: a truth test",
        K(
            "#29186",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            CACHE + "def aeon_prefix_caching_on(cache_config: CacheConfig) -> bool:\n"
            "    return bool(cache_config.enable_prefix_caching)\n",
            "return bool(cache_config.enable_prefix_caching)",
        ),
    ),
]

# --- #46384 (481e481be7): CacheConfig.hash_block_size renamed prefix_match_unit
HB = "481e481be7"
HBW = "CacheConfig.hash_block_size -> prefix_match_unit"
CASES += [
    (
        "#46384 field renamed",
        "a read off a typed config",
        K(
            "#46384",
            HB,
            HBW,
            "vllm/aeon/hb1.py",
            CACHE + "def aeon_hash_unit(cache_config: CacheConfig) -> int:\n"
            "    # AEON: the Spark's KV offloader keys its pages by the prefix-hash unit\n"
            "    return cache_config.hash_block_size or cache_config.block_size\n",
            "return cache_config.hash_block_size or cache_config.block_size",
        ),
    ),
    (
        "#46384 field renamed",
        "a keyword to the constructor",
        K(
            "#46384",
            HB,
            HBW,
            "vllm/aeon/hb2.py",
            CACHE + "def aeon_cache_config() -> CacheConfig:\n"
            "    return CacheConfig(block_size=64, hash_block_size=16)\n",
            "return CacheConfig(block_size=64, hash_block_size=16)",
        ),
    ),
    (
        "#46384 field renamed",
        "getattr with a literal",
        K(
            "#46384",
            HB,
            HBW,
            "vllm/aeon/hb3.py",
            VLLM + "def aeon_hash_unit2(vllm_config: VllmConfig) -> int:\n"
            '    return getattr(vllm_config.cache_config, "hash_block_size")\n',
            'return getattr(vllm_config.cache_config, "hash_block_size")',
        ),
    ),
    (
        "#46384 field renamed",
        "twin: block_size kept",
        K(
            "#46384",
            HB,
            HBW,
            "vllm/aeon/hb4.py",
            CACHE + "def aeon_page_tokens(cache_config: CacheConfig) -> int:\n    return cache_config.block_size\n",
            "return cache_config.block_size",
        ),
    ),
]

# --- #36162 (ecf5ff7ce3): the Mamba stochastic-rounding fields moved from CacheConfig to MambaConfig
MR = "ecf5ff7ce3"
MRW = "CacheConfig mamba stochastic-rounding fields moved"
CASES += [
    (
        "#36162 fields moved",
        "a read off a typed config",
        K(
            "#36162",
            MR,
            MRW,
            "vllm/aeon/mr1.py",
            CACHE + "def aeon_rounds(cache_config: CacheConfig) -> int:\n"
            "    # AEON: GB10 has no cvt.rs; the fleet's kernel emulates it with Philox\n"
            "    if not cache_config.enable_mamba_cache_stochastic_rounding:\n"
            "        return 0\n"
            "    return cache_config.mamba_cache_philox_rounds or 10\n",
            "if not cache_config.enable_mamba_cache_stochastic_rounding:",
        ),
    ),
    (
        "#36162 fields moved",
        "a keyword to the constructor",
        K(
            "#36162",
            MR,
            MRW,
            "vllm/aeon/mr2.py",
            CACHE + "def aeon_mamba_cache() -> CacheConfig:\n"
            '    return CacheConfig(mamba_ssm_cache_dtype="float16", mamba_cache_philox_rounds=10)\n',
            'return CacheConfig(mamba_ssm_cache_dtype="float16", mamba_cache_philox_rounds=10)',
        ),
    ),
    (
        "#36162 fields moved",
        "twin: mamba_ssm_cache_dtype kept",
        K(
            "#36162",
            MR,
            MRW,
            "vllm/aeon/mr3.py",
            CACHE + "def aeon_fp16_state(cache_config: CacheConfig) -> bool:\n"
            '    return cache_config.mamba_ssm_cache_dtype == "float16"\n',
            'return cache_config.mamba_ssm_cache_dtype == "float16"',
        ),
    ),
]

# --- #29163 (9bcf92295a): PrefixCachingHashAlgo widened with "xxhash" and "xxhash_cbor"
XH = "9bcf92295a"
XHW = "PrefixCachingHashAlgo gains xxhash, xxhash_cbor"
CASES += [
    (
        "#29163 literal widened",
        "a table keyed by every old choice",
        K(
            "#29163",
            XH,
            XHW,
            "vllm/aeon/xh1.py",
            CACHE + '_AEON_HASH_BYTES = {"sha256": 32, "sha256_cbor": 32}\n\n\n'
            "def aeon_hash_bytes(cache_config: CacheConfig) -> int:\n"
            "    # AEON: the Spark's KV index sizes its keys by the hash\n"
            "    return _AEON_HASH_BYTES[cache_config.prefix_caching_hash_algo]\n",
            "return _AEON_HASH_BYTES[cache_config.prefix_caching_hash_algo]",
        ),
    ),
    (
        "#29163 literal widened",
        "twin: a table read with a fallback",
        K(
            "#29163",
            XH,
            XHW,
            "vllm/aeon/xh2.py",
            CACHE + '_AEON_HASH_BYTES = {"sha256": 32, "sha256_cbor": 32}\n\n\n'
            "def aeon_hash_bytes2(cache_config: CacheConfig) -> int:\n"
            "    return _AEON_HASH_BYTES.get(cache_config.prefix_caching_hash_algo, 16)\n",
            "return _AEON_HASH_BYTES.get(cache_config.prefix_caching_hash_algo, 16)",
        ),
    ),
]

# --- #24799 (d8874c61a5): vllm.config.speculative.MTP_MODEL_TYPES (a tuple) replaced by the MTPModelTypes Literal
MT = "d8874c61a5"
MTW = "MTP_MODEL_TYPES removed"
CASES += [
    (
        "#24799 module constant removed",
        "an import of the tuple",
        K(
            "#24799",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            "from vllm.config.speculative import MTP_MODEL_TYPES, SpeculativeConfig\n\n\n"
            "def aeon_is_mtp(config: SpeculativeConfig) -> bool:\n"
            "    # AEON: MTP heads share the target's embedding on the Spark\n"
            "    return config.method in MTP_MODEL_TYPES\n",
            "from vllm.config.speculative import MTP_MODEL_TYPES, SpeculativeConfig",
        ),
    ),
    (
        "#24799 module constant removed",
        "a module attribute",
        K(
            "#24799",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            "from vllm.config import speculative as spec_cfg\n\n\n"
            "def aeon_mtp_model(model_type: str) -> bool:\n"
            "    return model_type in spec_cfg.MTP_MODEL_TYPES\n",
            "return model_type in spec_cfg.MTP_MODEL_TYPES",
        ),
    ),
    (
        "#24799 module constant removed",
        "twin: use_eagle kept",
        K(
            "#24799",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            "from vllm.config.speculative import SpeculativeConfig\n\n\n"
            "def aeon_eagle_like(config: SpeculativeConfig) -> bool:\n"
            "    return config.use_eagle()\n",
            "return config.use_eagle()",
        ),
    ),
]

# --- #46781 (db808b3961): RejectionSampleMethod widened with "block"
RB = "db808b3961"
RBW = "RejectionSampleMethod gains block"
SPEC = "from vllm.config import SpeculativeConfig\n\n\n"
CASES += [
    (
        "#46781 literal widened",
        "a table keyed by every old choice",
        K(
            "#46781",
            RB,
            RBW,
            "vllm/aeon/rb1.py",
            SPEC + '_AEON_EXTRA_BUFFERS = {"standard": 1, "synthetic": 0}\n\n\n'
            "def aeon_extra_buffers(config: SpeculativeConfig) -> int:\n"
            "    # AEON: the Spark's unified memory budget counts the sampler's scratch buffers\n"
            "    return _AEON_EXTRA_BUFFERS[config.rejection_sample_method]\n",
            "return _AEON_EXTRA_BUFFERS[config.rejection_sample_method]",
        ),
    ),
    (
        "#46781 literal widened",
        "twin: a comparison with one choice",
        K(
            "#46781",
            RB,
            RBW,
            "vllm/aeon/rb2.py",
            SPEC + "def aeon_synthetic(config: SpeculativeConfig) -> bool:\n"
            '    return config.rejection_sample_method == "synthetic"\n',
            'return config.rejection_sample_method == "synthetic"',
        ),
    ),
]

# --- #29558 (17eb25e327): set_splitting_ops_for_inductor_graph_partition removed; set_splitting_ops_for_v1
#     now called with all2all_backend= and data_parallel_size=
SO = "17eb25e327"
SOW = "CompilationConfig splitting-ops hooks changed"
COMP = "from vllm.config import CompilationConfig\n\n\n"
CASES += [
    (
        "#29558 hook removed and handed keywords",
        "a subclass's self. call of the removed hook",
        K(
            "#29558",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            COMP + "class AeonCompilationConfig(CompilationConfig):\n"
            "    def aeon_partition_splitting(self) -> None:\n"
            "        # AEON: the fleet's GB10 attention op splits the graph too\n"
            "        self.set_splitting_ops_for_inductor_graph_partition()\n"
            '        self.splitting_ops.append("vllm::aeon_gb10_attention")\n',
            "self.set_splitting_ops_for_inductor_graph_partition()",
        ),
    ),
    (
        "#29558 hook removed and handed keywords",
        "an override the engine now hands keywords",
        K(
            "#29558",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            COMP + "class AeonCompilationConfig2(CompilationConfig):\n"
            "    def set_splitting_ops_for_v1(self) -> None:\n"
            "        super().set_splitting_ops_for_v1()\n"
            '        self.splitting_ops.append("vllm::aeon_gb10_attention")\n',
            "def set_splitting_ops_for_v1(self) -> None:",
        ),
    ),
    (
        "#29558 hook removed and handed keywords",
        "twin: the attention-fusion hook kept",
        K(
            "#29558",
            SO,
            SOW,
            "vllm/aeon/so3.py",
            COMP + "class AeonCompilationConfig3(CompilationConfig):\n"
            "    def aeon_fusion_splitting(self) -> None:\n"
            "        self.set_splitting_ops_for_attn_fusion()\n",
            "self.set_splitting_ops_for_attn_fusion()",
        ),
    ),
]

# --- #38061 (80118853f4): encoder_cudagraph_max_images_per_batch renamed encoder_cudagraph_max_vision_items_per_batch
EI = "80118853f4"
EIW = "encoder_cudagraph_max_images_per_batch renamed"
CASES += [
    (
        "#38061 field renamed",
        "a chained read off vllm_config",
        K(
            "#38061",
            EI,
            EIW,
            "vllm/aeon/ei1.py",
            VLLM + "def aeon_vit_batch(vllm_config: VllmConfig) -> int:\n"
            "    # AEON: the Spark captures ViT graphs for at most four images\n"
            "    return min(vllm_config.compilation_config.encoder_cudagraph_max_images_per_batch, 4)\n",
            "return min(vllm_config.compilation_config.encoder_cudagraph_max_images_per_batch, 4)",
        ),
    ),
    (
        "#38061 field renamed",
        "a keyword to the constructor",
        K(
            "#38061",
            EI,
            EIW,
            "vllm/aeon/ei2.py",
            COMP + "def aeon_compilation() -> CompilationConfig:\n"
            "    return CompilationConfig(cudagraph_mm_encoder=True, encoder_cudagraph_max_images_per_batch=4)\n",
            "return CompilationConfig(cudagraph_mm_encoder=True, encoder_cudagraph_max_images_per_batch=4)",
        ),
    ),
    (
        "#38061 field renamed",
        "twin: cudagraph_mm_encoder kept",
        K(
            "#38061",
            EI,
            EIW,
            "vllm/aeon/ei3.py",
            VLLM + "def aeon_vit_graphs(vllm_config: VllmConfig) -> bool:\n"
            "    return vllm_config.compilation_config.cudagraph_mm_encoder\n",
            "return vllm_config.compilation_config.cudagraph_mm_encoder",
        ),
    ),
]


# --- Round 2: harder spellings of the same commits, written after round 1's widening and committed before
#     the engine ran on them.
CASES += [
    (
        "#28733 field made init-only",
        "r2: a local bound to the config, then read",
        K(
            "#28733",
            ML,
            MLW,
            "vllm/aeon/r2ml1.py",
            VLLM + "def aeon_long_prompt(vllm_config: VllmConfig, num_tokens: int) -> bool:\n"
            "    sc = vllm_config.scheduler_config\n"
            "    return num_tokens * 2 > sc.max_model_len\n",
            "return num_tokens * 2 > sc.max_model_len",
        ),
    ),
    (
        "#28733 field made init-only",
        "r2: a key of dataclasses.asdict",
        K(
            "#28733",
            ML,
            MLW,
            "vllm/aeon/r2ml2.py",
            "import dataclasses\n\n" + SCHED + "def aeon_report(scheduler_config: SchedulerConfig) -> int:\n"
            "    # AEON: the Spark's status page lists the scheduler's knobs\n"
            '    return dataclasses.asdict(scheduler_config)["max_model_len"]\n',
            'return dataclasses.asdict(scheduler_config)["max_model_len"]',
        ),
    ),
    (
        "#28733 field made init-only",
        "twin r2: a local bound to the model config",
        K(
            "#28733",
            ML,
            MLW,
            "vllm/aeon/r2ml3.py",
            VLLM + "def aeon_long_prompt2(vllm_config: VllmConfig, num_tokens: int) -> bool:\n"
            "    mc = vllm_config.model_config\n"
            "    return num_tokens * 2 > mc.max_model_len\n",
            "return num_tokens * 2 > mc.max_model_len",
        ),
    ),
    (
        "#29859 init-only parameters made required",
        "r2: a functools.partial called elsewhere",
        K(
            "#29859",
            IV,
            IVW,
            "vllm/aeon/r2iv1.py",
            "import functools\n\n" + SCHED + "_AEON_SCHED = functools.partial(SchedulerConfig, max_num_seqs=8)\n\n\n"
            "def aeon_draft_scheduler(tokens: int) -> SchedulerConfig:\n"
            "    return _AEON_SCHED(max_num_batched_tokens=tokens)\n",
            "return _AEON_SCHED(max_num_batched_tokens=tokens)",
        ),
    ),
    (
        "#22779 field and property removed",
        "twin r2: a hasattr gate",
        K(
            "#22779",
            MS,
            MSW,
            "vllm/aeon/r2ms1.py",
            SCHED + "def aeon_multi_step(scheduler_config: SchedulerConfig) -> bool:\n"
            '    return hasattr(scheduler_config, "is_multi_step") and scheduler_config.is_multi_step\n',
            'return hasattr(scheduler_config, "is_multi_step") and scheduler_config.is_multi_step',
        ),
    ),
    (
        "#28665 module constants removed",
        "twin r2: an ImportError fallback",
        K(
            "#28665",
            BT,
            BTW,
            "vllm/aeon/r2bt1.py",
            "try:\n    from vllm.utils import DEFAULT_MAX_NUM_BATCHED_TOKENS\nexcept ImportError:\n"
            "    from vllm.config import SchedulerConfig\n\n"
            "    DEFAULT_MAX_NUM_BATCHED_TOKENS = SchedulerConfig.DEFAULT_MAX_NUM_BATCHED_TOKENS\n",
            "from vllm.utils import DEFAULT_MAX_NUM_BATCHED_TOKENS",
        ),
    ),
    (
        "#29186 default changed",
        "r2: an is-not-None test picking the fork's default",
        K(
            "#29186",
            PC,
            PCW,
            "vllm/aeon/r2pc1.py",
            CACHE + "def aeon_prefix_caching(cache_config: CacheConfig, hybrid: bool) -> bool:\n"
            "    # AEON: hybrid models run without prefix caching on the Spark unless asked\n"
            "    if cache_config.enable_prefix_caching is not None:\n"
            "        return cache_config.enable_prefix_caching\n"
            "    return not hybrid\n",
            "if cache_config.enable_prefix_caching is not None:",
        ),
    ),
    (
        "#46384 field renamed",
        "r2: a keyword to dataclasses.replace",
        K(
            "#46384",
            HB,
            HBW,
            "vllm/aeon/r2hb1.py",
            "import dataclasses\n\n" + CACHE + "def aeon_fine_hash(cache_config: CacheConfig) -> CacheConfig:\n"
            "    return dataclasses.replace(cache_config, hash_block_size=16)\n",
            "return dataclasses.replace(cache_config, hash_block_size=16)",
        ),
    ),
    (
        "#46384 field renamed",
        "twin r2: dataclasses.replace of a kept field",
        K(
            "#46384",
            HB,
            HBW,
            "vllm/aeon/r2hb2.py",
            "import dataclasses\n\n" + CACHE + "def aeon_small_pages(cache_config: CacheConfig) -> CacheConfig:\n"
            "    return dataclasses.replace(cache_config, block_size=16)\n",
            "return dataclasses.replace(cache_config, block_size=16)",
        ),
    ),
    (
        "#38061 field renamed",
        "r2: a key of a dict splatted into the constructor",
        K(
            "#38061",
            EI,
            EIW,
            "vllm/aeon/r2ei1.py",
            COMP + "def aeon_compilation2() -> CompilationConfig:\n"
            '    return CompilationConfig(**{"cudagraph_mm_encoder": True, "encoder_cudagraph_max_images_per_batch": 4})\n',
            'return CompilationConfig(**{"cudagraph_mm_encoder": True, "encoder_cudagraph_max_images_per_batch": 4})',
        ),
    ),
    (
        "#38061 field renamed",
        "r2: a key of the engine args' compilation_config dict",
        K(
            "#38061",
            EI,
            EIW,
            "vllm/aeon/r2ei2.py",
            "from vllm.engine.arg_utils import EngineArgs\n\n\n"
            "def aeon_engine_args(model: str) -> EngineArgs:\n"
            "    return EngineArgs(\n"
            "        model=model,\n"
            '        compilation_config={"cudagraph_mm_encoder": True, "encoder_cudagraph_max_images_per_batch": 4},\n'
            "    )\n",
            'compilation_config={"cudagraph_mm_encoder": True, "encoder_cudagraph_max_images_per_batch": 4},',
        ),
    ),
    (
        "#46781 literal widened",
        "r2: a match whose default raises",
        K(
            "#46781",
            RB,
            RBW,
            "vllm/aeon/r2rb1.py",
            SPEC + "def aeon_buffers(config: SpeculativeConfig) -> int:\n"
            "    match config.rejection_sample_method:\n"
            '        case "standard":\n'
            "            return 1\n"
            '        case "synthetic":\n'
            "            return 0\n"
            "        case _:\n"
            '            raise ValueError(f"unknown rejection sampler {config.rejection_sample_method}")\n',
            'raise ValueError(f"unknown rejection sampler {config.rejection_sample_method}")',
        ),
    ),
    (
        "#46781 literal widened",
        "r2: an if/elif chain whose else raises",
        K(
            "#46781",
            RB,
            RBW,
            "vllm/aeon/r2rb2.py",
            SPEC + "def aeon_buffers2(config: SpeculativeConfig) -> int:\n"
            "    method = config.rejection_sample_method\n"
            '    if method == "standard":\n'
            "        return 1\n"
            '    elif method == "synthetic":\n'
            "        return 0\n"
            "    else:\n"
            "        raise NotImplementedError(method)\n",
            "raise NotImplementedError(method)",
        ),
    ),
    (
        "#46781 literal widened",
        "twin r2: a match whose default answers",
        K(
            "#46781",
            RB,
            RBW,
            "vllm/aeon/r2rb3.py",
            SPEC + "def aeon_buffers3(config: SpeculativeConfig) -> int:\n"
            "    match config.rejection_sample_method:\n"
            '        case "synthetic":\n'
            "            return 0\n"
            "        case _:\n"
            "            return 1\n",
            "return 1",
        ),
    ),
    (
        "#29163 literal widened",
        "r2: an assert of the old choices",
        K(
            "#29163",
            XH,
            XHW,
            "vllm/aeon/r2xh1.py",
            CACHE + "def aeon_check_hash(cache_config: CacheConfig) -> None:\n"
            "    # AEON: the Spark's KV index stores 32-byte keys\n"
            '    assert cache_config.prefix_caching_hash_algo in ("sha256", "sha256_cbor")\n',
            'assert cache_config.prefix_caching_hash_algo in ("sha256", "sha256_cbor")',
        ),
    ),
    (
        "#29558 hook removed and handed keywords",
        "r2: a module-level monkeypatch the engine now hands keywords",
        K(
            "#29558",
            SO,
            SOW,
            "vllm/aeon/r2so1.py",
            COMP + "_upstream_splitting_ops = CompilationConfig.set_splitting_ops_for_v1\n\n\n"
            "def _aeon_set_splitting_ops(self) -> None:\n"
            "    _upstream_splitting_ops(self)\n"
            '    self.splitting_ops.append("vllm::aeon_gb10_attention")\n\n\n'
            "CompilationConfig.set_splitting_ops_for_v1 = _aeon_set_splitting_ops\n",
            "def _aeon_set_splitting_ops(self) -> None:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-specconf-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
