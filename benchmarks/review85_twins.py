"""Adversarial twins of killers173's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an override of a method upstream made a pydantic validator (``symbols._validated_now``; #19941 made the
  configs' ``_verify_args`` a ``@model_validator`` no longer called from ``__post_init__``): the fork's class
  made a pydantic dataclass as upstream's is, the fork's own ``__post_init__`` calling its override by name, a
  method of the fork's class calling it (and the fork calling that), an override of a check ``__post_init__``
  still calls, a subclass of the fork's own plain ``CacheConfig``;
- a key of ``asdict`` of a field made a property, and off a local bound once to ``asdict(x)``
  (``drift/asdict_keys.py``; #17053 ``data_parallel_rank_local`` made a property over ``_data_parallel_rank_local``,
  #15977 ``world_size_across_dp`` likewise and ``data_parallel_rank_local`` a field again, #29624 (abe93bce59)
  ``CommonAttentionMetadata.seq_lens_cpu`` a deprecated property): the private field's key (the new
  spelling), the fork writing the key into the local (a store, ``.update``) before reading it, a ``"k" in``
  test, ``except KeyError``, the caller's dict read before the name is bound to ``asdict``, the fork's own
  dataclass of the name, an ``asdict`` local in a nested function beside an outer dict of the name, the key of
  a field restored (#15977), the device key copied to the host (#29624);
- a property answering ``X`` made an ``Optional[X]`` field (``drift/optional_elements.py``; #15977): tested
  for None first, a local rebound where it is None, an ``isinstance`` test, the fork's own dataclass of the
  name, arithmetic on ``world_size_across_dp`` (a property answering ``int``), and #17053's opposite change
  (an Optional field made a property answering ``int``);
- a factor upstream now folds into a field (``drift/folded_factors.py``; #24899 ``world_size *=
  data_parallel_size`` under the external launcher): the quotient, the product of the factors upstream
  multiplies (``world_size`` not read), the product in the ``else`` of the fold's test, under a test that the
  field still equals its unfolded product, under a version test older than the fold, under the negated test,
  the fork's own dataclass of the name, the field stored by the fork before the product; and #23734
  (ac201a0eaf, ``Scheduler.block_size *= dcp_world_size`` when DCP is on): the cache config's block size times
  the DCP size, the per-rank block size back by a quotient, the product under a test that ``block_size`` still
  equals the cache config's;
- a store a fork override restates after the base's body (``stale_copies.restated_store_drift``; #34898): the
  restatement reading the new field, the base's value re-read and capped, a store upstream left alone.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
of these widenings (#19941's two overrides, #17053's key off a local and off ``asdict`` itself, #15977's
arithmetic, #24899's product, #34898's restated store, a warning by design), kept to show the reach stays, with
three more of the same shapes: #15977's key of ``world_size_across_dp`` (an ``init=False`` field made a
property), #29624's key of ``seq_lens_cpu`` off a local, #24899's product with the factor first, and #23734's
product (round 3).

Round 1 (main at 5c8364d1), 10 cases and 33 twins as first written: 9 caught, 1 warned of 10; 4 false errors
of 33: the validated override called by name from the fork's own ``__post_init__`` (1: it still runs on every
build; only upstream's class was asked whether it calls the method) and from another method of the fork's class
that the fork calls (1: the override runs there, no longer on every build: a warning, not an error), the
product under a test that ``world_size`` still equals ``tensor_parallel_size * pipeline_parallel_size`` (1:
the fork asks whether the factor is in yet) and the product after the fork stores ``pc.world_size`` itself (1:
the value is the fork's, not what upstream folded).
Round 2 (this branch): ``symbols._validated_now`` is quiet where the fork's class calls its override by name
from ``__post_init__``/``__init__``, a warning (``Uncertain``) where another of its methods does;
``folded_factors._settled`` is quiet where the fork's function stores the field (``own_fields.set_in``) or the
product runs under a test comparing the field (``==``, or past an exiting ``!=``) with an expression of the
receiver's other fields that leaves the factor out (a test against a constant still errs).  9 caught, 1 warned
of 10; 0 false errors of 33 (6 warned: the two ``_verify_args`` overrides returning None where upstream's
returns ``Self``, the override the fork's method calls, and #24899's products in the ``else`` of the fold's
test, under the negated test and under the version test -- the last a gated line's warning).
Round 3 (another real commit, written after the mends): #23734 (ac201a0eaf) folded ``dcp_world_size`` into
``Scheduler.block_size``: a case (a subclass's ``self.block_size * self.dcp_world_size`` under the fold's own
test) and three twins.  On main (5c8364d1): 1 caught, 0 false of 3 (1 warned: the product under the and-ed test
that the block size is still the cache config's).  This branch: 1 caught, 0 false of 3 (none warned).
Round 4 (more guards and writes, written after the mends): ``|=`` and ``setdefault`` of the key into the
``asdict`` local before the read (#17053), a walrus tested for None, a ``raise`` where the field is None and the
field or-ed with the global rank inside the arithmetic (#15977), the fork's own ``__init__`` handing on to the
base's and then calling its ``_verify_args`` override (#19941).  On main (5c8364d1): 1 false error of 6 (the
``__init__`` caller, as round 1's ``__post_init__`` one).  This branch: 0 false of 6 (1 warned: the override's
return, None where upstream's is ``Self``).
All rounds, main (5c8364d1): 10 caught, 1 warned of 11; 5 false errors of 42 twins.  This branch: 10 caught, 1
warned of 11; 0 false errors of 42 twins (7 warned).
Regression set (this branch): blind_replay_cfgparts 19 caught, 2 warned, 0 missed of 21 (12 quiet, 0 false),
killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_config 16 caught, 1 warned of 17
(13 quiet, 2 warned), blind_replay_specconf 32/1/0 of 33 (1 false error, the contested kept ``is_multi_step``):
each as before.

  PYTHONPATH=.. python review85_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- c4cf260677 (#19941): _verify_args made a pydantic model_validator, no longer called from __post_init__
VA = ("#19941", "c4cf260677", "_verify_args made a model_validator, no longer called from __post_init__")
CC = "from vllm.config import CacheConfig\n\n\n"
PCV = "from vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#19941 validated override",
        "a cache config subclass's override",
        K(
            *VA,
            "vllm/aeon/r85va0.py",
            CC + "class AeonCacheConfig(CacheConfig):\n"
            "    def _verify_args(self) -> None:\n"
            "        super()._verify_args()\n"
            "        if self.cpu_offload_gb > 32:  # AEON: the GB10's unified memory\n"
            '            raise ValueError("the Spark offloads at most 32 GiB")\n',
            "    def _verify_args(self) -> None:",
        ),
    ),
    (
        "#19941 validated override",
        "a parallel config subclass's override",
        K(
            *VA,
            "vllm/aeon/r85va1.py",
            PCV + "class AeonParallelConfig(ParallelConfig):\n"
            "    def _verify_args(self) -> None:\n"
            "        super()._verify_args()\n"
            '        if self.tensor_parallel_size > 1 and self.distributed_executor_backend != "ray":\n'
            '            raise ValueError("the Spark holds one GPU per node")\n',
            "    def _verify_args(self) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#19941 validated override",
        "twin: the fork's subclass made a pydantic dataclass as upstream's is (the override is bound)",
        K(
            *VA,
            "vllm/aeon/r85va2.py",
            "from pydantic.dataclasses import dataclass\n\nfrom vllm.config import CacheConfig, config\n\n\n"
            "@config\n@dataclass\n"
            "class AeonCacheConfig(CacheConfig):\n"
            "    def _verify_args(self) -> None:\n"
            "        super()._verify_args()\n"
            "        if self.cpu_offload_gb > 32:\n"
            '            raise ValueError("the Spark offloads at most 32 GiB")\n',
            "    def _verify_args(self) -> None:",
        ),
    ),
    (
        "#19941 validated override",
        "twin: the fork's own __post_init__ calls its override by name",
        K(
            *VA,
            "vllm/aeon/r85va3.py",
            CC + "class AeonCacheConfig(CacheConfig):\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        self._verify_args()  # AEON: the Spark's limits, checked on every build\n\n"
            "    def _verify_args(self) -> None:\n"
            "        if self.cpu_offload_gb > 32:\n"
            '            raise ValueError("the Spark offloads at most 32 GiB")\n',
            "    def _verify_args(self) -> None:",
        ),
    ),
    (
        "#19941 validated override",
        "twin: a method of the fork's class calls the override by name, and the fork calls it",
        K(
            *VA,
            "vllm/aeon/r85va4.py",
            PCV + "class AeonParallelConfig(ParallelConfig):\n"
            "    def aeon_checked(self) -> AeonParallelConfig:\n"
            "        self._verify_args()\n"
            "        return self\n\n"
            "    def _verify_args(self) -> None:\n"
            "        if self.tensor_parallel_size > 1:\n"
            '            raise ValueError("the Spark holds one GPU per node")\n\n\n'
            "def aeon_parallel(pp: int) -> AeonParallelConfig:\n"
            "    return AeonParallelConfig(pipeline_parallel_size=pp).aeon_checked()\n",
            "    def _verify_args(self) -> None:",
        ),
    ),
    (
        "#19941 validated override",
        "twin: an override of a check __post_init__ still calls (_verify_prefix_caching)",
        K(
            *VA,
            "vllm/aeon/r85va5.py",
            CC + "class AeonPrefixCacheConfig(CacheConfig):\n"
            "    def _verify_prefix_caching(self) -> None:\n"
            "        super()._verify_prefix_caching()\n"
            "        if self.enable_prefix_caching and self.cpu_offload_gb:\n"
            '            raise ValueError("the Spark does not offload a prefix-cached pool")\n',
            "    def _verify_prefix_caching(self) -> None:",
        ),
    ),
    (
        "#19941 validated override",
        "twin: a subclass of the fork's own CacheConfig (a plain class of the name) overriding _verify_args",
        K(
            *VA,
            "vllm/aeon/r85va6.py",
            "class CacheConfig:\n"
            "    def __init__(self, cpu_offload_gb: float = 0) -> None:\n"
            "        self.cpu_offload_gb = cpu_offload_gb\n"
            "        self._verify_args()\n\n"
            "    def _verify_args(self) -> None:\n"
            "        if self.cpu_offload_gb < 0:\n"
            '            raise ValueError("negative offload")\n\n\n'
            "class AeonCacheConfig(CacheConfig):\n"
            "    def _verify_args(self) -> None:\n"
            "        super()._verify_args()\n"
            "        if self.cpu_offload_gb > 32:\n"
            '            raise ValueError("the Spark offloads at most 32 GiB")\n',
            "    def _verify_args(self) -> None:",
        ),
    ),
]

# --- bdb3660312 (#17053): data_parallel_rank_local made a property over an init=False private field
RL = ("#17053", "bdb3660312", "ParallelConfig.data_parallel_rank_local made a property")
PC = "import dataclasses\n\nfrom vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#17053 asdict key of a property",
        "the key off a local bound to asdict",
        K(
            *RL,
            "vllm/aeon/r85rl0.py",
            PC + "def aeon_profile_rank(pc: ParallelConfig) -> int | None:\n"
            "    profile = dataclasses.asdict(pc)\n"
            '    return profile["data_parallel_rank_local"]\n',
            '    return profile["data_parallel_rank_local"]',
        ),
    ),
    (
        "#17053 asdict key of a property",
        "the key off asdict itself",
        K(
            *RL,
            "vllm/aeon/r85rl1.py",
            PC + "def aeon_profile_rank(pc: ParallelConfig) -> int | None:\n"
            '    return dataclasses.asdict(pc)["data_parallel_rank_local"]\n',
            '    return dataclasses.asdict(pc)["data_parallel_rank_local"]',
        ),
    ),
]
TWINS += [
    (
        "#17053 asdict key of a property",
        "twin: the private field's key (the new spelling)",
        K(
            *RL,
            "vllm/aeon/r85rl2.py",
            PC + "def aeon_profile_rank(pc: ParallelConfig) -> int | None:\n"
            '    return dataclasses.asdict(pc)["_data_parallel_rank_local"]\n',
            '    return dataclasses.asdict(pc)["_data_parallel_rank_local"]',
        ),
    ),
    (
        "#17053 asdict key of a property",
        "twin: the fork writes the key into the local before reading it",
        K(
            *RL,
            "vllm/aeon/r85rl3.py",
            PC + "def aeon_profile(pc: ParallelConfig) -> dict:\n"
            "    profile = dataclasses.asdict(pc)\n"
            '    profile["data_parallel_rank_local"] = pc.data_parallel_rank_local\n'
            '    print(profile["data_parallel_rank_local"])\n'
            "    return profile\n",
            '    print(profile["data_parallel_rank_local"])',
        ),
    ),
    (
        "#17053 asdict key of a property",
        "twin: the local tested for the key first",
        K(
            *RL,
            "vllm/aeon/r85rl4.py",
            PC + "def aeon_profile_rank(pc: ParallelConfig) -> int:\n"
            "    profile = dataclasses.asdict(pc)\n"
            '    if "data_parallel_rank_local" in profile:\n'
            '        return profile["data_parallel_rank_local"]\n'
            "    return pc.data_parallel_rank_local\n",
            '        return profile["data_parallel_rank_local"]',
        ),
    ),
    (
        "#17053 asdict key of a property",
        "twin: the local's read under except KeyError",
        K(
            *RL,
            "vllm/aeon/r85rl5.py",
            PC + "def aeon_profile_rank(pc: ParallelConfig) -> int:\n"
            "    profile = dataclasses.asdict(pc)\n"
            "    try:\n"
            '        return profile["data_parallel_rank_local"]\n'
            "    except KeyError:  # AEON: newer upstreams keep it behind a property\n"
            "        return pc.data_parallel_rank_local\n",
            '        return profile["data_parallel_rank_local"]',
        ),
    ),
    (
        "#17053 asdict key of a property",
        "twin: the local updated with the key (a method that writes)",
        K(
            *RL,
            "vllm/aeon/r85rl6.py",
            PC + "def aeon_profile_rank(pc: ParallelConfig) -> int:\n"
            "    profile = dataclasses.asdict(pc)\n"
            "    profile.update(data_parallel_rank_local=pc.data_parallel_rank_local)\n"
            '    return profile["data_parallel_rank_local"]\n',
            '    return profile["data_parallel_rank_local"]',
        ),
    ),
    (
        "#17053 asdict key of a property",
        "twin: the caller's dict read before the name is bound to asdict",
        K(
            *RL,
            "vllm/aeon/r85rl7.py",
            PC + "def aeon_ranks(pc: ParallelConfig, profile: dict) -> tuple[int, int]:\n"
            '    local = profile["data_parallel_rank_local"]  # AEON: the launch profile the Spark wrote\n'
            "    profile = dataclasses.asdict(pc)\n"
            '    return local, profile["tensor_parallel_size"]\n',
            '    local = profile["data_parallel_rank_local"]  # AEON: the launch profile the Spark wrote',
        ),
    ),
    (
        "#17053 asdict key of a property",
        "twin: asdict of the fork's own ParallelConfig (a dataclass of the name)",
        K(
            *RL,
            "vllm/aeon/r85rl8.py",
            "import dataclasses\n\n\n"
            "@dataclasses.dataclass\n"
            "class ParallelConfig:\n"
            "    data_parallel_rank_local: int = 0\n\n\n"
            "def aeon_profile_rank(pc: ParallelConfig) -> int:\n"
            "    profile = dataclasses.asdict(pc)\n"
            '    return profile["data_parallel_rank_local"]\n',
            '    return profile["data_parallel_rank_local"]',
        ),
    ),
    (
        "#17053 asdict key of a property",
        "twin: an asdict local in a nested function, the outer name a dict the fork fills",
        K(
            *RL,
            "vllm/aeon/r85rl9.py",
            PC + "def aeon_report(pc: ParallelConfig) -> int:\n"
            '    profile = {"data_parallel_rank_local": pc.data_parallel_rank_local}\n\n'
            "    def sizes() -> int:\n"
            "        profile = dataclasses.asdict(pc)\n"
            '        return profile["tensor_parallel_size"]\n\n'
            '    return profile["data_parallel_rank_local"] + sizes()\n',
            '    return profile["data_parallel_rank_local"] + sizes()',
        ),
    ),
]

# --- 55aa7af994 (#15977): the property undone: data_parallel_rank_local an Optional field (None unless SPMD)
DS = ("#15977", "55aa7af994", "data_parallel_rank_local an Optional field again; world_size_across_dp a property")
PC2 = "import dataclasses\n\nimport torch\n\nfrom vllm.config import ParallelConfig\n\n\n"
CASES += [
    (
        "#15977 property made an optional field",
        "arithmetic on the value",
        K(
            *DS,
            "vllm/aeon/r85ds0.py",
            PC2 + "def aeon_device_index(pc: ParallelConfig) -> int:\n"
            "    return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)\n",
            "    return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)",
        ),
    ),
    (
        "#15977 asdict key of a property",
        "the key of world_size_across_dp (an init=False field made a property)",
        K(
            *DS,
            "vllm/aeon/r85ds1.py",
            PC2 + "def aeon_total_ranks(pc: ParallelConfig) -> int:\n"
            '    return dataclasses.asdict(pc)["world_size_across_dp"]\n',
            '    return dataclasses.asdict(pc)["world_size_across_dp"]',
        ),
    ),
]
TWINS += [
    (
        "#15977 property made an optional field",
        "twin: tested for None first, the global rank otherwise",
        K(
            *DS,
            "vllm/aeon/r85ds2.py",
            PC2 + "def aeon_device_index(pc: ParallelConfig) -> int:\n"
            "    n = max(torch.cuda.device_count(), 1)\n"
            "    if pc.data_parallel_rank_local is None:\n"
            "        return pc.data_parallel_rank % n\n"
            "    return pc.data_parallel_rank_local % n\n",
            "    return pc.data_parallel_rank_local % n",
        ),
    ),
    (
        "#15977 property made an optional field",
        "twin: a local rebound to the global rank where the field is None",
        K(
            *DS,
            "vllm/aeon/r85ds3.py",
            PC2 + "def aeon_device_index(pc: ParallelConfig) -> int:\n"
            "    local = pc.data_parallel_rank_local\n"
            "    if local is None:\n"
            "        local = pc.data_parallel_rank\n"
            "    return local % max(torch.cuda.device_count(), 1)\n",
            "    return local % max(torch.cuda.device_count(), 1)",
        ),
    ),
    (
        "#15977 property made an optional field",
        "twin: an isinstance test before the arithmetic",
        K(
            *DS,
            "vllm/aeon/r85ds4.py",
            PC2 + "def aeon_device_index(pc: ParallelConfig) -> int:\n"
            "    if isinstance(pc.data_parallel_rank_local, int):\n"
            "        return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)\n"
            "    return 0\n",
            "        return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)",
        ),
    ),
    (
        "#15977 property made an optional field",
        "twin: the fork's own ParallelConfig (a dataclass of the name, an int field)",
        K(
            *DS,
            "vllm/aeon/r85ds5.py",
            "import dataclasses\n\n\n"
            "@dataclasses.dataclass\n"
            "class ParallelConfig:\n"
            "    data_parallel_rank_local: int = 0\n\n\n"
            "def aeon_device_index(pc: ParallelConfig, n: int) -> int:\n"
            "    return pc.data_parallel_rank_local % n\n",
            "    return pc.data_parallel_rank_local % n",
        ),
    ),
    (
        "#15977 property made an optional field",
        "twin: arithmetic on world_size_across_dp (a property answering int)",
        K(
            *DS,
            "vllm/aeon/r85ds6.py",
            PC2 + "def aeon_nodes(pc: ParallelConfig) -> int:\n    return pc.world_size_across_dp // 2\n",
            "    return pc.world_size_across_dp // 2",
        ),
    ),
    (
        "#15977 asdict key of a property",
        "twin: the key of data_parallel_rank_local (a field again)",
        K(
            *DS,
            "vllm/aeon/r85ds7.py",
            PC2 + "def aeon_profile_rank(pc: ParallelConfig) -> int | None:\n"
            "    profile = dataclasses.asdict(pc)\n"
            '    return profile["data_parallel_rank_local"]\n',
            '    return profile["data_parallel_rank_local"]',
        ),
    ),
]
TWINS += [
    (
        "#17053 property made an optional field",
        "twin: arithmetic on the property (an Optional field made a property answering int)",
        K(
            *RL,
            "vllm/aeon/r85ds8.py",
            "import torch\n\nfrom vllm.config import ParallelConfig\n\n\n"
            "def aeon_device_index(pc: ParallelConfig) -> int:\n"
            "    return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)\n",
            "    return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)",
        ),
    ),
]

# round 4: more guards and writes of the same shapes
TWINS += [
    (
        "#17053 asdict key of a property",
        "twin: the local merged with the key (|=) before the read",
        K(
            *RL,
            "vllm/aeon/r85rla.py",
            PC + "def aeon_profile_rank(pc: ParallelConfig) -> int:\n"
            "    profile = dataclasses.asdict(pc)\n"
            '    profile |= {"data_parallel_rank_local": pc.data_parallel_rank_local}\n'
            '    return profile["data_parallel_rank_local"]\n',
            '    return profile["data_parallel_rank_local"]',
        ),
    ),
    (
        "#17053 asdict key of a property",
        "twin: setdefault of the key before the read",
        K(
            *RL,
            "vllm/aeon/r85rlb.py",
            PC + "def aeon_profile_rank(pc: ParallelConfig) -> int:\n"
            "    profile = dataclasses.asdict(pc)\n"
            '    profile.setdefault("data_parallel_rank_local", pc.data_parallel_rank_local)\n'
            '    return profile["data_parallel_rank_local"]\n',
            '    return profile["data_parallel_rank_local"]',
        ),
    ),
    (
        "#15977 property made an optional field",
        "twin: a walrus tested for None",
        K(
            *DS,
            "vllm/aeon/r85dsa.py",
            PC2 + "def aeon_device_index(pc: ParallelConfig) -> int:\n"
            "    if (local := pc.data_parallel_rank_local) is not None:\n"
            "        return local % max(torch.cuda.device_count(), 1)\n"
            "    return 0\n",
            "        return local % max(torch.cuda.device_count(), 1)",
        ),
    ),
    (
        "#15977 property made an optional field",
        "twin: a raise where it is None, then the arithmetic",
        K(
            *DS,
            "vllm/aeon/r85dsb.py",
            PC2 + "def aeon_device_index(pc: ParallelConfig) -> int:\n"
            "    if pc.data_parallel_rank_local is None:\n"
            '        raise RuntimeError("the Spark launcher sets the local DP rank")\n'
            "    return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)\n",
            "    return pc.data_parallel_rank_local % max(torch.cuda.device_count(), 1)",
        ),
    ),
    (
        "#15977 property made an optional field",
        "twin: or-ed with the global rank inside the arithmetic",
        K(
            *DS,
            "vllm/aeon/r85dsc.py",
            PC2 + "def aeon_device_index(pc: ParallelConfig) -> int:\n"
            "    return (pc.data_parallel_rank_local or pc.data_parallel_rank) % max(torch.cuda.device_count(), 1)\n",
            "    return (pc.data_parallel_rank_local or pc.data_parallel_rank) % max(torch.cuda.device_count(), 1)",
        ),
    ),
    (
        "#19941 validated override",
        "twin: the fork's own __init__ building on the base's, then calling its override",
        K(
            *VA,
            "vllm/aeon/r85va7.py",
            PCV + "class AeonParallelConfig(ParallelConfig):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._verify_args()\n\n"
            "    def _verify_args(self) -> None:\n"
            "        if self.tensor_parallel_size > 1:\n"
            '            raise ValueError("the Spark holds one GPU per node")\n',
            "    def _verify_args(self) -> None:",
        ),
    ),
]

# --- abe93bce59 (#29624): CommonAttentionMetadata.seq_lens_cpu made a property over _seq_lens_cpu
SL = ("#29624", "abe93bce59", "CommonAttentionMetadata.seq_lens_cpu made a deprecated property")
CA = "import dataclasses\n\nimport torch\n\nfrom vllm.v1.attention.backends.utils import CommonAttentionMetadata\n\n\n"
CASES += [
    (
        "#29624 asdict key of a property",
        "the key off a local bound to asdict",
        K(
            *SL,
            "vllm/aeon/r85sl0.py",
            CA + "def aeon_longest(m: CommonAttentionMetadata) -> int:\n"
            "    fields = dataclasses.asdict(m)\n"
            '    return int(fields["seq_lens_cpu"].max())\n',
            '    return int(fields["seq_lens_cpu"].max())',
        ),
    ),
]
TWINS += [
    (
        "#29624 asdict key of a property",
        "twin: the device key, copied to the host (the new spelling)",
        K(
            *SL,
            "vllm/aeon/r85sl1.py",
            CA + "def aeon_longest(m: CommonAttentionMetadata) -> int:\n"
            "    fields = dataclasses.asdict(m)\n"
            '    return int(fields["seq_lens"].cpu().max())\n',
            '    return int(fields["seq_lens"].cpu().max())',
        ),
    ),
    (
        "#29624 asdict key of a property",
        "twin: the fork fills the key from the property before reading it",
        K(
            *SL,
            "vllm/aeon/r85sl2.py",
            CA + "def aeon_longest(m: CommonAttentionMetadata) -> int:\n"
            "    fields = dataclasses.asdict(m)\n"
            '    fields["seq_lens_cpu"] = m.seq_lens_cpu\n'
            '    return int(fields["seq_lens_cpu"].max())\n',
            '    return int(fields["seq_lens_cpu"].max())',
        ),
    ),
]

# --- 922979bfcc (#24899): world_size multiplied by data_parallel_size under the external launcher
WS = ("#24899", "922979bfcc", "ParallelConfig.world_size *= data_parallel_size for external_launcher")
PC3 = "from vllm.config import ParallelConfig\n\n\n"
EL = '    if pc.distributed_executor_backend == "external_launcher":\n'
CASES += [
    (
        "#24899 folded factor",
        "the product under the fold's own test",
        K(
            *WS,
            "vllm/aeon/r85ws0.py",
            PC3
            + "def aeon_world(pc: ParallelConfig) -> int:\n"
            + EL
            + "        return pc.world_size * pc.data_parallel_size\n    return pc.world_size\n",
            "        return pc.world_size * pc.data_parallel_size",
        ),
    ),
    (
        "#24899 folded factor",
        "the factor first, under the fold's own test",
        K(
            *WS,
            "vllm/aeon/r85ws1.py",
            PC3
            + "def aeon_world(pc: ParallelConfig) -> int:\n"
            + EL
            + "        return pc.data_parallel_size * pc.world_size\n    return pc.world_size\n",
            "        return pc.data_parallel_size * pc.world_size",
        ),
    ),
]
TWINS += [
    (
        "#24899 folded factor",
        "twin: the quotient (the ranks of one DP replica, reading the new meaning)",
        K(
            *WS,
            "vllm/aeon/r85ws2.py",
            PC3
            + "def aeon_replica_ranks(pc: ParallelConfig) -> int:\n"
            + EL
            + "        return pc.world_size // pc.data_parallel_size\n    return pc.world_size\n",
            "        return pc.world_size // pc.data_parallel_size",
        ),
    ),
    (
        "#24899 folded factor",
        "twin: the product of the factors upstream multiplies (world_size not read)",
        K(
            *WS,
            "vllm/aeon/r85ws3.py",
            PC3
            + "def aeon_world(pc: ParallelConfig) -> int:\n"
            + EL
            + "        return pc.tensor_parallel_size * pc.pipeline_parallel_size * pc.data_parallel_size\n"
            "    return pc.world_size\n",
            "        return pc.tensor_parallel_size * pc.pipeline_parallel_size * pc.data_parallel_size",
        ),
    ),
    (
        "#24899 folded factor",
        "twin: the product in the else branch of the fold's test (the field left alone there)",
        K(
            *WS,
            "vllm/aeon/r85ws4.py",
            PC3 + "def aeon_world(pc: ParallelConfig) -> int:\n" + EL + "        return pc.world_size\n"
            "    else:\n"
            "        return pc.world_size * pc.data_parallel_size\n",
            "        return pc.world_size * pc.data_parallel_size",
        ),
    ),
    (
        "#24899 folded factor",
        "twin: the product under a test that the field is not folded yet",
        K(
            *WS,
            "vllm/aeon/r85ws5.py",
            PC3
            + "def aeon_world(pc: ParallelConfig) -> int:\n"
            + EL
            + "        if pc.world_size == pc.tensor_parallel_size * pc.pipeline_parallel_size:\n"
            "            return pc.world_size * pc.data_parallel_size  # AEON: an upstream that does not count DP\n"
            "    return pc.world_size\n",
            "            return pc.world_size * pc.data_parallel_size  # AEON: an upstream that does not count DP",
        ),
    ),
    (
        "#24899 folded factor",
        "twin: the product under a version test older than the fold",
        K(
            *WS,
            "vllm/aeon/r85ws6.py",
            "from packaging import version\n\nfrom vllm import __version__\n"
            + PC3
            + "def aeon_world(pc: ParallelConfig) -> int:\n"
            + EL
            + '        if version.parse(__version__) < version.parse("0.10.2"):\n'
            "            return pc.world_size * pc.data_parallel_size\n"
            "    return pc.world_size\n",
            "            return pc.world_size * pc.data_parallel_size",
        ),
    ),
    (
        "#24899 folded factor",
        "twin: the product under the negated test (the other path)",
        K(
            *WS,
            "vllm/aeon/r85ws7.py",
            PC3 + "def aeon_dp_world(pc: ParallelConfig) -> int:\n"
            '    if pc.distributed_executor_backend != "external_launcher":\n'
            "        return pc.world_size * pc.data_parallel_size\n"
            "    return pc.world_size\n",
            "        return pc.world_size * pc.data_parallel_size",
        ),
    ),
    (
        "#24899 folded factor",
        "twin: the fork's own ParallelConfig (a dataclass of the name)",
        K(
            *WS,
            "vllm/aeon/r85ws8.py",
            "import dataclasses\n\n\n"
            "@dataclasses.dataclass\n"
            "class ParallelConfig:\n"
            "    world_size: int = 1\n"
            "    data_parallel_size: int = 1\n"
            '    distributed_executor_backend: str = "mp"\n\n\n'
            "def aeon_world(pc: ParallelConfig) -> int:\n"
            + EL
            + "        return pc.world_size * pc.data_parallel_size\n    return pc.world_size\n",
            "        return pc.world_size * pc.data_parallel_size",
        ),
    ),
    (
        "#24899 folded factor",
        "twin: the fork's own field restored before the product (a local copy of the sizes)",
        K(
            *WS,
            "vllm/aeon/r85ws9.py",
            PC3
            + "def aeon_world(pc: ParallelConfig) -> int:\n"
            + EL
            + "        pc.world_size = pc.tensor_parallel_size * pc.pipeline_parallel_size\n"
            "        return pc.world_size * pc.data_parallel_size\n"
            "    return pc.world_size\n",
            "        return pc.world_size * pc.data_parallel_size",
        ),
    ),
]

# --- ac201a0eaf (#23734): Scheduler.__init__ multiplies block_size by dcp_world_size when DCP is on
BS = ("#23734", "ac201a0eaf", "Scheduler.block_size *= dcp_world_size under decode context parallelism")
SD = "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
CASES += [
    (
        "#23734 folded factor",
        "a subclass's product under the fold's own test",
        K(
            *BS,
            "vllm/aeon/r85bs0.py",
            SD + "class AeonDcpScheduler(Scheduler):\n"
            "    def aeon_hash_block(self) -> int:\n"
            "        # AEON: the Spark's DCP pair hashes blocks of the whole sequence\n"
            "        if self.dcp_world_size > 1:\n"
            "            return self.block_size * self.dcp_world_size\n"
            "        return self.block_size\n",
            "            return self.block_size * self.dcp_world_size",
        ),
    ),
]
TWINS += [
    (
        "#23734 folded factor",
        "twin: the cache config's block size times the DCP size (a field upstream leaves alone)",
        K(
            *BS,
            "vllm/aeon/r85bs1.py",
            SD + "class AeonDcpScheduler(Scheduler):\n"
            "    def aeon_hash_block(self) -> int:\n"
            "        if self.dcp_world_size > 1:\n"
            "            return self.cache_config.block_size * self.dcp_world_size\n"
            "        return self.block_size\n",
            "            return self.cache_config.block_size * self.dcp_world_size",
        ),
    ),
    (
        "#23734 folded factor",
        "twin: the per-rank block size back by a quotient (the new meaning)",
        K(
            *BS,
            "vllm/aeon/r85bs2.py",
            SD + "class AeonDcpScheduler(Scheduler):\n"
            "    def aeon_rank_block(self) -> int:\n"
            "        return self.block_size // self.dcp_world_size\n",
            "        return self.block_size // self.dcp_world_size",
        ),
    ),
    (
        "#23734 folded factor",
        "twin: the product under a test that the block size is still the cache config's",
        K(
            *BS,
            "vllm/aeon/r85bs3.py",
            SD + "class AeonDcpScheduler(Scheduler):\n"
            "    def aeon_hash_block(self) -> int:\n"
            "        if self.dcp_world_size > 1 and self.block_size == self.cache_config.block_size:\n"
            "            return self.block_size * self.dcp_world_size  # AEON: an upstream that does not scale it\n"
            "        return self.block_size\n",
            "            return self.block_size * self.dcp_world_size  # AEON: an upstream that does not scale it",
        ),
    ),
]

# --- 682566b18e (#34898): the scheduler's step budget from the new max_num_scheduled_tokens
ST = ("#34898", "682566b18e", "Scheduler.max_num_scheduled_tokens from SchedulerConfig.max_num_scheduled_tokens")
SC = "from vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
CASES += [
    (
        "#34898 restated store",
        "a subclass restating the store from the old field",
        K(
            *ST,
            "vllm/aeon/r85st0.py",
            SC + "class AeonScheduler(Scheduler):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.max_num_scheduled_tokens = min(self.scheduler_config.max_num_batched_tokens, 8192)\n",
            "        self.max_num_scheduled_tokens = min(self.scheduler_config.max_num_batched_tokens, 8192)",
        ),
    ),
]
TWINS += [
    (
        "#34898 restated store",
        "twin: the restatement reads the new field first",
        K(
            *ST,
            "vllm/aeon/r85st1.py",
            SC + "class AeonScheduler(Scheduler):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        cfg = self.scheduler_config\n"
            "        self.max_num_scheduled_tokens = min(cfg.max_num_scheduled_tokens or cfg.max_num_batched_tokens, 8192)\n",
            "        self.max_num_scheduled_tokens = min(cfg.max_num_scheduled_tokens or cfg.max_num_batched_tokens, 8192)",
        ),
    ),
    (
        "#34898 restated store",
        "twin: the base's value re-read and capped",
        K(
            *ST,
            "vllm/aeon/r85st2.py",
            SC + "class AeonScheduler(Scheduler):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.max_num_scheduled_tokens = min(self.max_num_scheduled_tokens, 8192)\n",
            "        self.max_num_scheduled_tokens = min(self.max_num_scheduled_tokens, 8192)",
        ),
    ),
    (
        "#34898 restated store",
        "twin: a store upstream left alone (max_num_running_reqs)",
        K(
            *ST,
            "vllm/aeon/r85st3.py",
            SC + "class AeonScheduler(Scheduler):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.max_num_running_reqs = min(self.scheduler_config.max_num_seqs, 64)\n",
            "        self.max_num_running_reqs = min(self.scheduler_config.max_num_seqs, 64)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review85-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
