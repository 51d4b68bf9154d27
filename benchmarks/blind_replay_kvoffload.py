"""A blind replay of KV offloading: the offloading spec, managers, cache policies and secondary tiers a fork extends.

8 first-parent commits on ``vllm/v1/kv_offload/`` (the offloading spec, the CPU manager, its LRU/ARC cache
policies, the secondary tiers and their factory) -- the classes a fork adds its own offload medium, tier or
eviction policy against: #45053 (``OffloadingHandler`` and ``vllm.v1.kv_offload.worker.worker`` deleted,
``OffloadingSpec.get_handlers`` renamed ``get_worker``, ``CPUOffloadingSpec.create_handlers`` renamed
``create_worker``), #43870 (``SecondaryTierManager.get_finished`` renamed ``get_finished_jobs``, abstract),
#47744 (``CachePolicy.touch`` now called with ``req_context``), #43600 (the ``fs_python`` tier type renamed
``fs``), #43076 (``SecondaryTierManager.__init__``'s ``vllm_config`` renamed ``offloading_spec``,
``self._vllm_config`` gone), #41727 (``vllm.v1.kv_offload.reuse_manager`` deleted), #37874 (``lru_manager``,
``backends/cpu`` deleted, ``cpu.py`` moved to ``cpu/spec.py``), #49114 (``_CACHE_POLICIES`` replaced by
``CachePolicyFactory``) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written
(an override of a renamed or re-signatured hook, a call off a typed receiver, an import of a moved or deleted
module, a registry key, a ``super().__init__`` keyword, a private table imported and extended), with twins
(fork code the commit does not break).  The merge base is the commit's first parent, upstream is the commit; a
spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must
stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 95daffa1): 13 caught, 1 warned, 0 missed of 14 (twins: 8
quiet, 0 false errors).  The warned one: #43600's ``{"type": "fs_python", ...}`` handed to
``SecondaryTierFactory.create_tier`` -- a renamed registry key held under a dict key, a warning since the
factory read its key by ``config.pop("type")``, not as an attribute (the only lookup the engine tied a field
to).
After the killers103 widening: 14 caught, 0 warned, 0 missed of 14 (twins: 8 quiet, 0 false errors).  Caught
now: a removed or renamed accepted value held under a dict key (or passed under a keyword) that the file
whose diff dropped it read as a mapping's key -- ``.pop("type")``, ``.get("type")``, ``["type"]`` -- as well
as an attribute (name drift, ``drift/names.py``).  Regression: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17_twins 0 false errors, blind_replay_kvconnect 16/16 and blind_replay_openai 17+1 warned of 18,
unchanged.
After fixAS (the key form an error only for a dict or keyword handed straight to a function of the dropping
file that reads the key, unguarded): 14 caught, 0 warned, 0 missed of 14 (twins: 8 quiet, 0 false errors),
once #43600's spelling calls the factory's real ``create_secondary_tier`` -- it called ``create_tier``, a
method upstream never had (an AttributeError on either side), which the narrowed rule rightly only warns of.

  python benchmarks/blind_replay_kvoffload.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #45053 (f237e16b41): OffloadingHandler replaced by OffloadingWorker; get_handlers -> get_worker
HW = "f237e16b41"
HWW = "OffloadingHandler module deleted, get_handlers/create_handlers renamed"
CPUS = "from vllm.v1.kv_offload.base import CanonicalKVCaches\nfrom vllm.v1.kv_offload.cpu.spec import CPUOffloadingSpec\n\n\n"
CASES += [
    (
        "#45053 module deleted",
        "an import of the deleted handler module",
        K(
            "#45053",
            HW,
            HWW,
            "vllm/aeon/hw1.py",
            "from vllm.v1.kv_offload.worker.worker import OffloadingHandler\n\n\n"
            "class AeonNvmeHandler(OffloadingHandler):\n"
            "    # AEON: the Spark's NVMe medium\n"
            "    pass\n",
            "from vllm.v1.kv_offload.worker.worker import OffloadingHandler",
        ),
    ),
    (
        "#45053 hook renamed",
        "an override of the renamed spec hook (no longer called)",
        K(
            "#45053",
            HW,
            HWW,
            "vllm/aeon/hw2.py",
            CPUS + "class AeonCPUOffloadingSpec(CPUOffloadingSpec):\n"
            "    def get_handlers(self, kv_caches: CanonicalKVCaches):\n"
            "        # AEON: unified memory on GB10: wrap the CPU handlers with a fence\n"
            "        for src, dst, handler in super().get_handlers(kv_caches):\n"
            "            yield src, dst, handler\n",
            "def get_handlers(self, kv_caches: CanonicalKVCaches):",
        ),
    ),
    (
        "#45053 method renamed",
        "a call off a typed spec",
        K(
            "#45053",
            HW,
            HWW,
            "vllm/aeon/hw3.py",
            CPUS + "def aeon_handlers(spec: CPUOffloadingSpec, kv_caches: CanonicalKVCaches):\n"
            "    return spec.create_handlers(kv_caches)\n",
            "return spec.create_handlers(kv_caches)",
        ),
    ),
    (
        "#45053 hook renamed",
        "twin: get_manager overridden, kept",
        K(
            "#45053",
            HW,
            HWW,
            "vllm/aeon/hw4.py",
            "from vllm.v1.kv_offload.base import OffloadingManager\n"
            "from vllm.v1.kv_offload.cpu.spec import CPUOffloadingSpec\n\n\n"
            "class AeonCPUOffloadingSpec2(CPUOffloadingSpec):\n"
            "    def get_manager(self) -> OffloadingManager:\n"
            "        return super().get_manager()\n",
            "def get_manager(self) -> OffloadingManager:",
        ),
    ),
]

# --- #43870 (4bfa0f2b14): SecondaryTierManager.get_finished() renamed get_finished_jobs() (abstract)
GF = "4bfa0f2b14"
GFW = "SecondaryTierManager.get_finished renamed get_finished_jobs"
TIER = (
    "from collections.abc import Iterable\n\n"
    "from vllm.v1.kv_offload.base import OffloadKey, ReqContext\n"
    "from vllm.v1.kv_offload.tiering.base import JobMetadata, JobResult, SecondaryTierManager\n\n\n"
)
CASES += [
    (
        "#43870 abstract hook renamed",
        "a fork tier implementing the old name",
        K(
            "#43870",
            GF,
            GFW,
            "vllm/aeon/gf1.py",
            TIER + "class AeonNfsTier(SecondaryTierManager):\n"
            "    def lookup(self, key: OffloadKey, req_context: ReqContext) -> bool | None:\n"
            "        return False\n\n"
            "    def submit_store(self, job_metadata: JobMetadata) -> None:\n"
            "        self.aeon_jobs.append(job_metadata)\n\n"
            "    def submit_load(self, job_metadata: JobMetadata) -> None:\n"
            "        self.aeon_jobs.append(job_metadata)\n\n"
            "    def get_finished(self) -> Iterable[JobResult]:\n"
            "        return []\n",
            "def get_finished(self) -> Iterable[JobResult]:",
        ),
    ),
    (
        "#43870 method renamed",
        "a call off a typed tier",
        K(
            "#43870",
            GF,
            GFW,
            "vllm/aeon/gf2.py",
            TIER + "def aeon_drain(tier: SecondaryTierManager) -> int:\n    return len(list(tier.get_finished()))\n",
            "return len(list(tier.get_finished()))",
        ),
    ),
    (
        "#43870 abstract hook renamed",
        "twin: a call of the kept submit_store",
        K(
            "#43870",
            GF,
            GFW,
            "vllm/aeon/gf3.py",
            TIER + "def aeon_store(tier: SecondaryTierManager, job: JobMetadata) -> None:\n"
            "    tier.submit_store(job)\n",
            "tier.submit_store(job)",
        ),
    ),
]

# --- #47744 (0ca6eee743): CachePolicy.touch(keys) -> touch(keys, req_context), called with both
TC = "0ca6eee743"
TCW = "CachePolicy.touch gains req_context"
LRU = (
    "from collections.abc import Iterable\n\n"
    "from vllm.v1.kv_offload.base import OffloadKey\n"
    "from vllm.v1.kv_offload.cpu.policies.lru import LRUCachePolicy\n\n\n"
)
CASES += [
    (
        "#47744 hook gains a parameter",
        "an override without the new parameter",
        K(
            "#47744",
            TC,
            TCW,
            "vllm/aeon/tc1.py",
            LRU + "class AeonPinnedLRU(LRUCachePolicy):\n"
            "    aeon_pinned: set[OffloadKey] = set()\n\n"
            "    def touch(self, keys: Iterable[OffloadKey]) -> None:\n"
            "        # AEON: pinned system-prompt blocks never move\n"
            "        super().touch([k for k in keys if k not in self.aeon_pinned])\n",
            "def touch(self, keys: Iterable[OffloadKey]) -> None:",
        ),
    ),
    (
        "#47744 hook gains a parameter",
        "a call off a typed policy with the old arity",
        K(
            "#47744",
            TC,
            TCW,
            "vllm/aeon/tc2.py",
            "from vllm.v1.kv_offload.base import OffloadKey\n"
            "from vllm.v1.kv_offload.cpu.policies.base import CachePolicy\n\n\n"
            "def aeon_warm(policy: CachePolicy, keys: list[OffloadKey]) -> None:\n"
            "    policy.touch(keys)\n",
            "policy.touch(keys)",
        ),
    ),
    (
        "#47744 hook gains a parameter",
        "twin: an override of the unchanged remove",
        K(
            "#47744",
            TC,
            TCW,
            "vllm/aeon/tc3.py",
            LRU + "class AeonQuietLRU(LRUCachePolicy):\n"
            "    def remove(self, key: OffloadKey) -> None:\n"
            "        super().remove(key)\n",
            "def remove(self, key: OffloadKey) -> None:",
        ),
    ),
]

# --- #43600 (1b16f2ddc9): the "fs_python" secondary tier type renamed "fs"
FS = "1b16f2ddc9"
FSW = "tier type fs_python renamed fs"
FAC = (
    "from vllm.v1.kv_offload.base import OffloadingSpec\n"
    "from vllm.v1.kv_offload.tiering.base import SecondaryTierManager\n"
    "from vllm.v1.kv_offload.tiering.factory import SecondaryTierFactory\n\n\n"
)
CASES += [
    (
        "#43600 registry key renamed",
        "a tier config dict naming the old type",
        K(
            "#43600",
            FS,
            FSW,
            "vllm/aeon/fs1.py",
            FAC + "def aeon_nfs_tier(view: memoryview, spec: OffloadingSpec) -> SecondaryTierManager:\n"
            "    # AEON: the lab's NFS scratch as a second tier\n"
            '    return SecondaryTierFactory.create_secondary_tier({"type": "fs_python", "root_dir": "/mnt/nfs"}, view, spec)\n',
            'return SecondaryTierFactory.create_secondary_tier({"type": "fs_python", "root_dir": "/mnt/nfs"}, view, spec)',
        ),
    ),
    (
        "#43600 registry key renamed",
        "twin: the kept example type",
        K(
            "#43600",
            FS,
            FSW,
            "vllm/aeon/fs2.py",
            FAC + "def aeon_toy_tier(view: memoryview, spec: OffloadingSpec) -> SecondaryTierManager:\n"
            '    return SecondaryTierFactory.create_secondary_tier({"type": "example"}, view, spec)\n',
            'return SecondaryTierFactory.create_secondary_tier({"type": "example"}, view, spec)',
        ),
    ),
]

# --- #43076 (4f940896a3): SecondaryTierManager.__init__(vllm_config=...) -> (offloading_spec=...)
OS = "4f940896a3"
OSW = "tier __init__ vllm_config renamed offloading_spec"
EX = (
    "from vllm.config import VllmConfig\n"
    "from vllm.v1.kv_offload.tiering.example.manager import ExampleSecondaryTierManager\n\n\n"
)
CASES += [
    (
        "#43076 keyword renamed",
        "a super().__init__ keyword",
        K(
            "#43076",
            OS,
            OSW,
            "vllm/aeon/os1.py",
            EX + "class AeonTier(ExampleSecondaryTierManager):\n"
            "    def __init__(self, vllm_config: VllmConfig, primary_kv_view: memoryview, tier_type: str) -> None:\n"
            "        super().__init__(vllm_config=vllm_config, primary_kv_view=primary_kv_view, tier_type=tier_type)\n",
            "super().__init__(vllm_config=vllm_config, primary_kv_view=primary_kv_view, tier_type=tier_type)",
        ),
    ),
    (
        "#43076 attribute renamed",
        "a read of the base's private attribute",
        K(
            "#43076",
            OS,
            OSW,
            "vllm/aeon/os2.py",
            EX + "class AeonTier2(ExampleSecondaryTierManager):\n"
            "    def aeon_model(self) -> str:\n"
            "        return self._vllm_config.model_config.model\n",
            "return self._vllm_config.model_config.model",
        ),
    ),
    (
        "#43076 keyword renamed",
        "twin: a pass-through __init__",
        K(
            "#43076",
            OS,
            OSW,
            "vllm/aeon/os3.py",
            EX + "class AeonTier3(ExampleSecondaryTierManager):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.aeon_hits = 0\n",
            "super().__init__(*args, **kwargs)",
        ),
    ),
]

# --- #41727 (4955990f1b): FilterReusedOffloadingManager (vllm.v1.kv_offload.reuse_manager) folded into the CPU manager
RM = "4955990f1b"
RMW = "reuse_manager module deleted"
CASES += [
    (
        "#41727 module deleted",
        "an import of the deleted decorator",
        K(
            "#41727",
            RM,
            RMW,
            "vllm/aeon/rm1.py",
            "from vllm.v1.kv_offload.abstract import OffloadingManager\n"
            "from vllm.v1.kv_offload.reuse_manager import FilterReusedOffloadingManager\n\n\n"
            "def aeon_wrap(manager: OffloadingManager) -> OffloadingManager:\n"
            "    return FilterReusedOffloadingManager(backing=manager, store_threshold=3, max_tracker_size=8192)\n",
            "from vllm.v1.kv_offload.reuse_manager import FilterReusedOffloadingManager",
        ),
    ),
    (
        "#41727 module deleted",
        "twin: the CPU manager built with kept keywords",
        K(
            "#41727",
            RM,
            RMW,
            "vllm/aeon/rm2.py",
            "from vllm.v1.kv_offload.cpu.manager import CPUOffloadingManager\n\n\n"
            "def aeon_manager(n: int) -> CPUOffloadingManager:\n"
            '    return CPUOffloadingManager(num_blocks=n, cache_policy="arc")\n',
            'return CPUOffloadingManager(num_blocks=n, cache_policy="arc")',
        ),
    ),
]

# --- #37874 (e3c6c10cad): Backend abstraction removed, lru/arc managers deleted, cpu.py moved to cpu/spec.py
CP = "e3c6c10cad"
CPW = "kv_offload restructured into cpu/ package"
CASES += [
    (
        "#37874 module moved",
        "an import from the module turned package",
        K(
            "#37874",
            CP,
            CPW,
            "vllm/aeon/cp1.py",
            "from vllm.v1.kv_offload.cpu import CPUOffloadingSpec\n\n\nclass AeonSpec(CPUOffloadingSpec):\n    pass\n",
            "from vllm.v1.kv_offload.cpu import CPUOffloadingSpec",
        ),
    ),
    (
        "#37874 module deleted",
        "an import of the deleted LRU manager",
        K(
            "#37874",
            CP,
            CPW,
            "vllm/aeon/cp2.py",
            "from vllm.v1.kv_offload.lru_manager import LRUOffloadingManager\n\n\n"
            "class AeonLRU(LRUOffloadingManager):\n"
            "    pass\n",
            "from vllm.v1.kv_offload.lru_manager import LRUOffloadingManager",
        ),
    ),
    (
        "#37874 module deleted",
        "twin: the kept abstract module",
        K(
            "#37874",
            CP,
            CPW,
            "vllm/aeon/cp3.py",
            "from vllm.v1.kv_offload.abstract import OffloadingManager\n\n\n"
            "def aeon_is_manager(obj: object) -> bool:\n"
            "    return isinstance(obj, OffloadingManager)\n",
            "from vllm.v1.kv_offload.abstract import OffloadingManager",
        ),
    ),
]

# --- #49114 (dc1be79031): the private _CACHE_POLICIES table replaced by CachePolicyFactory
CF = "dc1be79031"
CFW = "_CACHE_POLICIES removed"
CASES += [
    (
        "#49114 private table removed",
        "a fork policy registered in the private table",
        K(
            "#49114",
            CF,
            CFW,
            "vllm/aeon/cf1.py",
            "from vllm.v1.kv_offload.cpu.manager import _CACHE_POLICIES\n"
            "from vllm.v1.kv_offload.cpu.policies.lru import LRUCachePolicy\n\n\n"
            "class AeonS3Fifo(LRUCachePolicy):\n"
            "    pass\n\n\n"
            '_CACHE_POLICIES["s3fifo"] = AeonS3Fifo\n',
            "from vllm.v1.kv_offload.cpu.manager import _CACHE_POLICIES",
        ),
    ),
    (
        "#49114 private table removed",
        "twin: the kept LRU policy built on its capacity",
        K(
            "#49114",
            CF,
            CFW,
            "vllm/aeon/cf2.py",
            "from vllm.v1.kv_offload.cpu.policies.lru import LRUCachePolicy\n\n\n"
            "def aeon_policy(n: int) -> LRUCachePolicy:\n"
            "    return LRUCachePolicy(cache_capacity=n)\n",
            "return LRUCachePolicy(cache_capacity=n)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvoffload-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
