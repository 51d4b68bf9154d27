"""A blind replay of the KV-transfer connectors and KV-offloading contracts a fork patches.

10 first-parent commits on the surface a fork that runs disaggregated prefill or KV offloading carries code
against -- the offloading manager's hooks and their parameters (``on_schedule_end`` now called with a
``ScheduleEndContext``, ``touch``/``complete_load``/``complete_store`` given a ``req_context`` before
``success``, ``lookup`` returning a ``LookupResult`` enum instead of ``bool | None``), the offloading event's
``block_size`` field and ``CPUOffloadingManager``'s keyword removed, the Mooncake store's ``ReqMeta``
dropping ``discard_partial_chunks``, the MoRI-IO connector's env knobs moved into
``kv_connector_extra_config`` (``get_moriio_mode`` now takes the config, ``VLLM_MORIIO_CONNECTOR_READ_MODE``
gone from ``envs``), ``VLLM_PREFIX_CACHE_RETENTION_INTERVAL`` promoted to a cache-config field, the
multi-connector module no longer re-exporting ``supports_hma``, ``KVConnectorBase_V1`` gaining a
``requires_kv_delivery`` property the scheduler reads, and the NIXL worker's
``get_backend_aware_kv_block_len`` removed -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (a subclass override, a keyword, a positional argument, a read off a
typed receiver, an ``envs`` read, an import of a name a module stopped re-exporting, a call of a method a
base removed), with twins (fork code the commit does not break).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at d78eabcd): 12 caught, 0 warned, 5 missed of 17 (twins: 10
quiet, 0 false errors).  The misses: #46363's two (a fork ``lookup`` override still returning ``key in ...``,
a caller's ``manager.lookup(key, ctx) is None``: the abstract hook's ``-> bool | None`` made ``->
LookupResult``, a plain enum), #50297's two (a fork connector's own plain ``def requires_kv_delivery`` and
``self.requires_kv_delivery = False``, against the property upstream added to ``KVConnectorBase_V1``; the
fork subclasses ``NixlConnector``, a module alias of ``NixlPullConnector``, which symbol drift did not follow
to the base at all), and #52216's ``envs.VLLM_PREFIX_CACHE_RETENTION_INTERVAL`` -- mislabelled: the commit
keeps the variable in ``envs.py`` (only its comment went) and the new ``CacheConfig`` field falls back to it,
so the read still works.  It is a twin now (quiet before and after): 12 caught, 0 warned, 4 missed of 16
(twins: 11 quiet, 0 false errors) is the blind score on the corrected labels.
After the killers72 widenings: 16 caught, 0 warned, 0 missed of 16 (twins: 11 quiet, 1 of them warned -- a
fork property over the new base property, the "now overrides a method upstream added" warning -- 0 false
errors).  Caught now: a bool answer made a plain enum (a None test, a truth test, ``== True``, an override
still returning a bool, also of an abstract hook whose body did not change); a fork member clashing with a
read-only property upstream added to a base (a plain method of the name, a ``self.name = ...`` write); bases
followed through a module-level alias.  Regression set on the widened engine: killer_replay 26/26,
kind_change_replay 12/12 (5 twins quiet), blind_replay_engine 28/28 (19 twins quiet), blind_replay_distributed
20/20 (9), blind_replay_kvcache 17/17 (10), review15/16/17_twins 0 false errors of 40/30/23, symbol_precision
--windows 3: 0 false errors.
After fixM (an alias followed only when bound once in the module's top-level body; nested ``self`` scopes,
``__slots__`` and an own ``__setattr__`` told apart; a plain method over a new property an error only when
upstream reads it): 16 caught, 0 warned, 0 missed of 16 (twins: 11 quiet, 1 warned, 0 false errors) -- held.
After fixL (a pinned override's name or ``self.x`` bound only to calls is a call's result, not an old answer):
unchanged, 16 caught, 0 warned, 0 missed of 16 (twins: 11 quiet, 1 warned, 0 false errors).

  python benchmarks/blind_replay_kvconnect.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #36644 (235e1f930a): OffloadingEvent.block_size and CPUOffloadingManager's block_size removed
EV = "235e1f930a"
EVW = "OffloadingEvent.block_size and CPUOffloadingManager(block_size=) removed"
CASES += [
    (
        "#36644 event field removed",
        "a read off an event typed as the dataclass",
        K(
            "#36644",
            EV,
            EVW,
            "vllm/aeon/ev1.py",
            "from vllm.v1.kv_offload.abstract import OffloadingEvent\n\n\n"
            "def aeon_event_tokens(event: OffloadingEvent) -> int:\n"
            "    # AEON: the Spark's offload dashboard counts tokens, not blocks\n"
            "    return len(event.keys) * event.block_size\n",
            "return len(event.keys) * event.block_size",
        ),
    ),
    (
        "#36644 event field removed",
        "a keyword to the CPU manager",
        K(
            "#36644",
            EV,
            EVW,
            "vllm/aeon/ev2.py",
            "from vllm.v1.kv_offload.cpu.manager import CPUOffloadingManager\n\n\n"
            "def aeon_cpu_manager(num_blocks: int) -> CPUOffloadingManager:\n"
            "    return CPUOffloadingManager(block_size=16, num_blocks=num_blocks, enable_events=True)\n",
            "return CPUOffloadingManager(block_size=16, num_blocks=num_blocks, enable_events=True)",
        ),
    ),
    (
        "#36644 event field removed",
        "twin: the medium field kept",
        K(
            "#36644",
            EV,
            EVW,
            "vllm/aeon/ev3.py",
            "from vllm.v1.kv_offload.abstract import OffloadingEvent\n\n\n"
            "def aeon_event_medium(event: OffloadingEvent) -> str:\n"
            "    return event.medium.lower()\n",
            "return event.medium.lower()",
        ),
    ),
]

# --- #46450 (0fc2512094): OffloadingManager.on_schedule_end(self) -> on_schedule_end(self, context)
SE = "0fc2512094"
SEW = "on_schedule_end now takes a ScheduleEndContext"
OM = "from vllm.v1.kv_offload.base import OffloadingManager, ReqContext, RequestOffloadingContext\n\n\n"
CASES += [
    (
        "#46450 hook parameter added",
        "a subclass override without the new parameter",
        K(
            "#46450",
            SE,
            SEW,
            "vllm/aeon/se1.py",
            OM + "class AeonFlushingManager(OffloadingManager):\n"
            "    # AEON: flush the Spark's pinned staging buffer once per step\n"
            "    def on_schedule_end(self) -> None:\n"
            "        self.aeon_flush()\n\n"
            "    def aeon_flush(self) -> None:\n"
            "        pass\n",
            "def on_schedule_end(self) -> None:",
        ),
    ),
    (
        "#46450 hook parameter added",
        "a bare call on a typed manager",
        K(
            "#46450",
            SE,
            SEW,
            "vllm/aeon/se2.py",
            OM + "def aeon_end_step(manager: OffloadingManager) -> None:\n    manager.on_schedule_end()\n",
            "manager.on_schedule_end()",
        ),
    ),
    (
        "#46450 hook parameter added",
        "twin: an override of an unchanged hook",
        K(
            "#46450",
            SE,
            SEW,
            "vllm/aeon/se3.py",
            OM + "class AeonPolicyManager(OffloadingManager):\n"
            "    def on_new_request(self, req_context: ReqContext) -> RequestOffloadingContext:\n"
            "        return super().on_new_request(req_context)\n",
            "def on_new_request(self, req_context: ReqContext) -> RequestOffloadingContext:",
        ),
    ),
]

# --- #41366 (e175192d33): touch / complete_load / complete_store take req_context (before complete_store's success)
RC = "e175192d33"
RCW = "req_context inserted into touch, complete_load and complete_store"
OK = "from collections.abc import Collection\n\nfrom vllm.v1.kv_offload.base import OffloadKey, OffloadingManager, ReqContext\n\n\n"
CASES += [
    (
        "#41366 parameter inserted",
        "a positional success flag",
        K(
            "#41366",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            OK + "def aeon_store_failed(manager: OffloadingManager, keys: Collection[OffloadKey]) -> None:\n"
            "    # AEON: a failed NVMe write on the Spark is a failed store, not a crash\n"
            "    manager.complete_store(keys, False)\n",
            "manager.complete_store(keys, False)",
        ),
    ),
    (
        "#41366 parameter inserted",
        "a subclass override without the new parameter",
        K(
            "#41366",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            OK + "class AeonLruManager(OffloadingManager):\n"
            "    def touch(self, keys: Collection[OffloadKey]) -> None:\n"
            "        self.aeon_recent = list(keys)\n",
            "def touch(self, keys: Collection[OffloadKey]) -> None:",
        ),
    ),
    (
        "#41366 parameter inserted",
        "twin: prepare_load called as before",
        K(
            "#41366",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            OK + "def aeon_load(manager: OffloadingManager, keys: Collection[OffloadKey], ctx: ReqContext) -> object:\n"
            "    return manager.prepare_load(keys, ctx)\n",
            "return manager.prepare_load(keys, ctx)",
        ),
    ),
]

# --- #46363 (bb61177e49): OffloadingManager.lookup returns LookupResult, not bool | None
LR = "bb61177e49"
LRW = "lookup returns a LookupResult enum"
OL = "from vllm.v1.kv_offload.base import OffloadKey, OffloadingManager, ReqContext\n\n\n"
CASES += [
    (
        "#46363 return type changed",
        "a subclass override still returning bool | None",
        K(
            "#46363",
            LR,
            LRW,
            "vllm/aeon/lr1.py",
            OL + "class AeonHotManager(OffloadingManager):\n"
            "    aeon_hot: set[OffloadKey] = set()\n\n"
            "    def lookup(self, key: OffloadKey, req_context: ReqContext) -> bool | None:\n"
            "        # AEON: keys pinned in the Spark's unified memory are always hits\n"
            "        return key in self.aeon_hot\n",
            "return key in self.aeon_hot",
        ),
    ),
    (
        "#46363 return type changed",
        "a caller testing for None",
        K(
            "#46363",
            LR,
            LRW,
            "vllm/aeon/lr2.py",
            OL + "def aeon_must_retry(manager: OffloadingManager, key: OffloadKey, ctx: ReqContext) -> bool:\n"
            "    return manager.lookup(key, ctx) is None\n",
            "return manager.lookup(key, ctx) is None",
        ),
    ),
    (
        "#46363 return type changed",
        "twin: the result handed on untested",
        K(
            "#46363",
            LR,
            LRW,
            "vllm/aeon/lr3.py",
            OL + "def aeon_lookup(manager: OffloadingManager, key: OffloadKey, ctx: ReqContext) -> object:\n"
            "    return manager.lookup(key, ctx)\n",
            "return manager.lookup(key, ctx)",
        ),
    ),
]

# --- #43627 (d98cbf472b): Mooncake store ReqMeta.from_request_tracker drops discard_partial_chunks
DP = "d98cbf472b"
DPW = "discard_partial_chunks keyword removed"
RM = "from vllm.distributed.kv_transfer.kv_connector.v1.mooncake.store.data import ReqMeta, RequestTracker\n\n\n"
CASES += [
    (
        "#43627 keyword removed",
        "a keyword to the static constructor",
        K(
            "#43627",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            RM + "def aeon_meta(tracker: RequestTracker, block_size: int) -> ReqMeta | None:\n"
            "    # AEON: keep partial chunks, the Spark's store is byte-addressed\n"
            "    return ReqMeta.from_request_tracker(tracker, block_size, discard_partial_chunks=False)\n",
            "return ReqMeta.from_request_tracker(tracker, block_size, discard_partial_chunks=False)",
        ),
    ),
    (
        "#43627 keyword removed",
        "twin: a kept keyword",
        K(
            "#43627",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            RM + "def aeon_last(tracker: RequestTracker, block_size: int) -> ReqMeta | None:\n"
            "    return ReqMeta.from_request_tracker(tracker, block_size, is_last_chunk=True)\n",
            "return ReqMeta.from_request_tracker(tracker, block_size, is_last_chunk=True)",
        ),
    ),
]

# --- #43303 (681d7dd38b): MoRI-IO env knobs moved into kv_connector_extra_config
MO = "681d7dd38b"
MOW = "get_moriio_mode takes the config, VLLM_MORIIO_* envs removed"
MC = "from vllm.distributed.kv_transfer.kv_connector.v1.moriio.moriio_common import (\n    MoRIIOMode,\n    get_moriio_mode,\n    get_port_offset,\n)\n\n\n"
CASES += [
    (
        "#43303 parameter added, env removed",
        "a bare call of the mode helper",
        K(
            "#43303",
            MO,
            MOW,
            "vllm/aeon/mo1.py",
            MC + "def aeon_is_read() -> bool:\n    return get_moriio_mode() == MoRIIOMode.READ\n",
            "return get_moriio_mode() == MoRIIOMode.READ",
        ),
    ),
    (
        "#43303 parameter added, env removed",
        "an envs read of the removed knob",
        K(
            "#43303",
            MO,
            MOW,
            "vllm/aeon/mo2.py",
            "from vllm import envs\n\n\n"
            "def aeon_read_mode() -> bool:\n"
            "    # AEON: the MI300 lane pulls, the Spark lane pushes\n"
            "    return bool(envs.VLLM_MORIIO_CONNECTOR_READ_MODE)\n",
            "return bool(envs.VLLM_MORIIO_CONNECTOR_READ_MODE)",
        ),
    ),
    (
        "#43303 parameter added, env removed",
        "twin: an unchanged helper",
        K(
            "#43303",
            MO,
            MOW,
            "vllm/aeon/mo3.py",
            MC
            + "def aeon_port(dp_rank: int, tp_rank: int) -> int:\n    return 7000 + get_port_offset(dp_rank, tp_rank)\n",
            "return 7000 + get_port_offset(dp_rank, tp_rank)",
        ),
    ),
]

# --- #52216 (017e9f4448): VLLM_PREFIX_CACHE_RETENTION_INTERVAL promoted to CacheConfig.prefix_cache_retention_interval
PR = "017e9f4448"
PRW = "VLLM_PREFIX_CACHE_RETENTION_INTERVAL removed from envs"
CASES += [
    (
        "#52216 env removed",
        "twin: an envs read of the variable (envs.py keeps it; the new field falls back to it)",
        K(
            "#52216",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            "from vllm import envs\n\n\n"
            "def aeon_retention() -> int:\n"
            "    # AEON: the Spark keeps every 4k-token checkpoint unless told otherwise\n"
            "    return envs.VLLM_PREFIX_CACHE_RETENTION_INTERVAL or 4096\n",
            "return envs.VLLM_PREFIX_CACHE_RETENTION_INTERVAL or 4096",
        ),
    ),
    (
        "#52216 env removed",
        "twin: an envs read of a kept variable",
        K(
            "#52216",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            "from vllm import envs\n\n\n"
            "def aeon_nixl_port() -> int:\n"
            "    return envs.VLLM_NIXL_SIDE_CHANNEL_PORT + 1\n",
            "return envs.VLLM_NIXL_SIDE_CHANNEL_PORT + 1",
        ),
    ),
]

# --- #41847 (755043cf3c): multi_connector stops importing (re-exporting) supports_hma
HM = "755043cf3c"
HMW = "supports_hma no longer imported by multi_connector"
CASES += [
    (
        "#41847 re-export gone",
        "an import of the helper through the multi-connector module",
        K(
            "#41847",
            HM,
            HMW,
            "vllm/aeon/hm1.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.multi_connector import MultiConnector, supports_hma\n\n\n"
            "def aeon_all_hma(connector: MultiConnector) -> bool:\n"
            "    return all(supports_hma(c) for c in connector._connectors)\n",
            "from vllm.distributed.kv_transfer.kv_connector.v1.multi_connector import MultiConnector, supports_hma",
        ),
    ),
    (
        "#41847 re-export gone",
        "twin: the helper imported from its home",
        K(
            "#41847",
            HM,
            HMW,
            "vllm/aeon/hm2.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.base import supports_hma\n"
            "from vllm.distributed.kv_transfer.kv_connector.v1.multi_connector import MultiConnector\n\n\n"
            "def aeon_all_hma2(connector: MultiConnector) -> bool:\n"
            "    return all(supports_hma(c) for c in connector._connectors)\n",
            "from vllm.distributed.kv_transfer.kv_connector.v1.base import supports_hma",
        ),
    ),
]

# --- #50297 (437e0b7f8e): KVConnectorBase_V1 gains a requires_kv_delivery property the scheduler reads
KD = "437e0b7f8e"
KDW = "requires_kv_delivery property added to the base connector"
NC = "from vllm.distributed.kv_transfer.kv_connector.v1.nixl.connector import NixlConnector\n\n\n"
CASES += [
    (
        "#50297 base property added",
        "a fork method of the same name (a bound method is always truthy)",
        K(
            "#50297",
            KD,
            KDW,
            "vllm/aeon/kd1.py",
            NC + "class AeonNixlConnector(NixlConnector):\n"
            "    # AEON: the Spark's decode side asks whether a request still waits on KV\n"
            "    def requires_kv_delivery(self, req_id: str = '') -> bool:\n"
            "        return bool(req_id)\n",
            "def requires_kv_delivery(self, req_id: str = '') -> bool:",
        ),
    ),
    (
        "#50297 base property added",
        "an instance attribute of the same name (the property has no setter)",
        K(
            "#50297",
            KD,
            KDW,
            "vllm/aeon/kd2.py",
            "from typing import Any\n\n" + NC + "class AeonNixlConnector2(NixlConnector):\n"
            "    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.requires_kv_delivery = False\n",
            "self.requires_kv_delivery = False",
        ),
    ),
    (
        "#50297 base property added",
        "twin: a property override",
        K(
            "#50297",
            KD,
            KDW,
            "vllm/aeon/kd3.py",
            NC + "class AeonNixlConnector3(NixlConnector):\n"
            "    @property\n"
            "    def requires_kv_delivery(self) -> bool:\n"
            "        return True\n",
            "def requires_kv_delivery(self) -> bool:",
        ),
    ),
]

# --- #49988 (2b465b2c42): NixlBaseConnectorWorker.get_backend_aware_kv_block_len removed
NX = "2b465b2c42"
NXW = "get_backend_aware_kv_block_len removed from the NIXL worker"
NW = "from vllm.distributed.kv_transfer.kv_connector.v1.nixl.base_worker import NixlBaseConnectorWorker\n\n\n"
CASES += [
    (
        "#49988 method removed",
        "a call of the removed method from a worker subclass",
        K(
            "#49988",
            NX,
            NXW,
            "vllm/aeon/nx1.py",
            NW + "class AeonNixlWorker(NixlBaseConnectorWorker):\n"
            "    def aeon_layer_bytes(self, layer_idx: int) -> int:\n"
            "        # AEON: the Spark's staging buffer is sized per layer\n"
            "        return 2 * self.get_backend_aware_kv_block_len(layer_idx)\n",
            "return 2 * self.get_backend_aware_kv_block_len(layer_idx)",
        ),
    ),
    (
        "#49988 method removed",
        "an override nothing calls any more",
        K(
            "#49988",
            NX,
            NXW,
            "vllm/aeon/nx2.py",
            NW + "class AeonNixlWorker2(NixlBaseConnectorWorker):\n"
            "    def get_backend_aware_kv_block_len(self, layer_idx: int, first_split: bool = True, mamba_view: bool = False) -> int:\n"
            "        # AEON: GB10 pads each K/V half to 4 KiB\n"
            "        n = super().get_backend_aware_kv_block_len(layer_idx, first_split, mamba_view)\n"
            "        return (n + 4095) // 4096 * 4096\n",
            "def get_backend_aware_kv_block_len(self, layer_idx: int, first_split: bool = True, mamba_view: bool = False) -> int:",
        ),
    ),
    (
        "#49988 method removed",
        "twin: a kept method called",
        K(
            "#49988",
            NX,
            NXW,
            "vllm/aeon/nx3.py",
            "import numpy as np\n\n" + NW + "class AeonNixlWorker3(NixlBaseConnectorWorker):\n"
            "    def aeon_map(self, block_ids: np.ndarray) -> np.ndarray:\n"
            "        return self.get_mapped_blocks(block_ids, 2)\n",
            "return self.get_mapped_blocks(block_ids, 2)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvconnect-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
