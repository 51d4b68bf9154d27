"""A blind replay of the KV-transfer connectors' internals a fork's disaggregated-serving code carries.

10 first-parent commits on ``vllm/distributed/kv_transfer/kv_connector/v1/``'s connector internals (the NIXL
connector and its ``nixl/`` package, the Mooncake transfer and store connectors, the offloading connector and
its ``offloading/`` package; not the base interface and factory, which ``blind_replay_kvconnect.py`` covers)
-- the classes and functions a fork running prefill/decode disaggregation or KV offloading subclasses and
calls: the Mooncake store's sending thread (``add_stored_request``/``dec_stored_request`` removed, its ledger a
dict of job-id sets instead of a counter), ``get_mooncake_dp_engine_index`` removed, the NIXL worker's
``_logical_to_kernel_block_ids`` given a required ``ratio`` and ``_logical_to_remote_kernel_block_ids``
removed, the store worker's and lookup client's ``lookup`` parameter ``token_len`` renamed ``num_tokens``,
the lookup client's ``lookup`` given a leading ``req_id``, ``MooncakeStoreConfig.load_from_env`` renamed
``load_from_config`` and the worker-RNIC helpers removed, the offloading Prometheus hooks given a
``labelvalues`` parameter before ``engine_idx``, the offloading stats' ``record_transfer`` and
``OffloadingOperationMetrics`` removed with the worker's own stats, ``offloading_connector.py`` split into
the ``offloading/`` package, and ``NixlConnector`` made an HMA connector (``request_finished`` renamed
``request_finished_all_groups``, the scheduler and worker given a required ``kv_cache_config``,
``_get_block_descs_ids``' ``layer_idx`` removed) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use.  Each is replayed under 1-3 fork spellings
written the way fork code is written (a subclass's ``self.`` call, an override calling ``super()``, a call on
a receiver annotated as the class, a keyword call, an import, a module-attribute call, a call on the class),
with twins (fork code the commit does not break: the kept method, the still-accepted call, the re-exported
name).  The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an
error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on
their line.

Blind, on the engine before any widening (main at d0aa7738): 21 caught, 1 warned, 1 missed of 23 (twins: 10
quiet, 0 false errors).  The miss: #52372's ledger read (``KVCacheStoreSendingThread.stored_requests``
annotated ``defaultdict[str, int]`` -> ``dict[str, set[int]]``; the fork's ``.get(req_id, 0) > 0`` now
compares a set with an int and raises TypeError).  The warning: #35758's override of ``request_finished``
calling ``super().request_finished(...)`` -- ``NixlConnector.request_finished`` was renamed
``request_finished_all_groups`` (the scheduler now calls that for an HMA connector), so the super call falls
through to the base interface's no-op default and the override is no longer called at all; symbol drift
warns (the base still defines the name).
After the killers143 widenings: 23 caught, 0 warned, 0 missed of 23 (twins: 10 quiet, 0 false errors).  Caught
now: a mapping's number values made builtin containers (element drift, ``drift/element_kinds.py``: a dict
field's value read through ``m[k]``, ``m.get/setdefault/pop(key)``, a local bound once to one, a loop over
``.values()`` or an ``.items()`` pair's value, compared with a number or in arithmetic with one; a loop over
the mapping itself hands out keys and stays quiet; the same reading serves a mapping's lists made arrays and
its pairs made a plain class) and a method renamed in its class, called by its old name, which a base's stub
now answers (``drift/renamed_overrides.py`` beside symbol drift's "another body" warning: the removed body's
very statements under a new name in the same class, and a stub -- nothing, a constant, a tuple of constants
-- answering now; a base shim, a rewritten body or, off an instance, a working subclass of the renamed
method's class keeps the warning; off a ``conn: NixlConnector`` or through ``NixlConnector.request_finished(
self, ...)`` it is an error too, though the replay spells only the ``super()`` call).  Regression set on the
widened engine (its head): killer_replay 26/26, kind_change_replay 12/12 (5
twins quiet), review15/16/17_twins 0 false errors of 40/30/23 (8/9, 6/6, 11/12 caught, as on main),
blind_replay_kvconnect 16/16 (11 twins quiet), blind_replay_distributed 20/20 (9), blind_replay_kvcache 17/17
(10), blind_replay_scheddata 18/18 (11), blind_replay_inputs 22/22 (13), blind_replay_mminputs 19/19 (13),
``symbol_precision.py --windows 1``: 0 false errors (5 broken overrides, 4 caught).

  python benchmarks/blind_replay_kvnixl.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

KV = "vllm.distributed.kv_transfer.kv_connector.v1"

# --- #52372 (dc9ae4b8ac): the Mooncake store's sending thread keys its ledger by store job id
SJ = "dc9ae4b8ac"
SJW = "KVCacheStoreSendingThread.add_stored_request/dec_stored_request removed; stored_requests int -> set"
SEND = f"from {KV}.mooncake.store.worker import KVCacheStoreSendingThread\n\n\n"
CASES += [
    (
        "#52372 method removed",
        "a subclass's self. call",
        K(
            "#52372",
            SJ,
            SJW,
            "vllm/aeon/sj1.py",
            SEND + "class AeonSendingThread(KVCacheStoreSendingThread):\n"
            "    def aeon_pin(self, req_id: str) -> None:\n"
            "        # AEON: the Spark pins a request's store before its first chunk is queued\n"
            "        self.add_stored_request(req_id)\n",
            "self.add_stored_request(req_id)",
        ),
    ),
    (
        "#52372 method removed",
        "a call on a receiver annotated as the class",
        K(
            "#52372",
            SJ,
            SJW,
            "vllm/aeon/sj2.py",
            SEND + "def aeon_unpin(thread: KVCacheStoreSendingThread, req_id: str) -> None:\n"
            "    thread.dec_stored_request(req_id)\n",
            "thread.dec_stored_request(req_id)",
        ),
    ),
    (
        "#52372 element kind changed",
        "an int comparison on a ledger entry",
        K(
            "#52372",
            SJ,
            SJW,
            "vllm/aeon/sj3.py",
            SEND + "def aeon_pending(thread: KVCacheStoreSendingThread, req_id: str) -> bool:\n"
            "    return thread.stored_requests.get(req_id, 0) > 0\n",
            "return thread.stored_requests.get(req_id, 0) > 0",
        ),
    ),
    (
        "#52372 method removed",
        "twin: delete_finished_stored_request kept",
        K(
            "#52372",
            SJ,
            SJW,
            "vllm/aeon/sj4.py",
            SEND + "def aeon_forget(thread: KVCacheStoreSendingThread, req_id: str) -> None:\n"
            "    thread.delete_finished_stored_request(req_id)\n",
            "thread.delete_finished_stored_request(req_id)",
        ),
    ),
]

# --- #48061 (ffee32460d): mooncake_utils.get_mooncake_dp_engine_index removed
DP = "ffee32460d"
DPW = "get_mooncake_dp_engine_index removed"
CASES += [
    (
        "#48061 function removed",
        "an import",
        K(
            "#48061",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            f"from {KV}.mooncake.mooncake_utils import get_mooncake_dp_engine_index\n\n\n"
            "def aeon_engine_index(parallel_config) -> int:\n"
            "    return get_mooncake_dp_engine_index(parallel_config)\n",
            f"from {KV}.mooncake.mooncake_utils import get_mooncake_dp_engine_index",
        ),
    ),
    (
        "#48061 function removed",
        "a module-attribute call",
        K(
            "#48061",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            f"from {KV}.mooncake import mooncake_utils\n\n\n"
            "def aeon_store_prefix(parallel_config) -> str:\n"
            "    # AEON: one store namespace per DP engine on the Spark pair\n"
            '    return f"aeon-{mooncake_utils.get_mooncake_dp_engine_index(parallel_config)}"\n',
            'return f"aeon-{mooncake_utils.get_mooncake_dp_engine_index(parallel_config)}"',
        ),
    ),
    (
        "#48061 function removed",
        "twin: the bootstrap server kept",
        K(
            "#48061",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            f"from {KV}.mooncake.mooncake_utils import MooncakeBootstrapServer\n\n\n"
            "def aeon_server_kind() -> type:\n"
            "    return MooncakeBootstrapServer\n",
            f"from {KV}.mooncake.mooncake_utils import MooncakeBootstrapServer",
        ),
    ),
]

# --- #48717 (a317bc5739): the NIXL worker's block-id expansion unified
LK = "a317bc5739"
LKW = "_logical_to_kernel_block_ids(+ratio); _logical_to_remote_kernel_block_ids removed"
PULL = f"from {KV}.nixl.pull_worker import NixlPullConnectorWorker\n\n\n"
CASES += [
    (
        "#48717 parameter required",
        "a subclass's self. call missing the new argument",
        K(
            "#48717",
            LK,
            LKW,
            "vllm/aeon/lk1.py",
            PULL + "class AeonPullWorker(NixlPullConnectorWorker):\n"
            "    def aeon_local_physical(self, block_ids):\n"
            "        # AEON: GB10's kernel block is smaller than the logical block\n"
            "        return self._logical_to_kernel_block_ids(block_ids)\n",
            "return self._logical_to_kernel_block_ids(block_ids)",
        ),
    ),
    (
        "#48717 method removed",
        "a subclass's self. call",
        K(
            "#48717",
            LK,
            LKW,
            "vllm/aeon/lk2.py",
            PULL + "class AeonRemotePullWorker(NixlPullConnectorWorker):\n"
            "    def aeon_remote_physical(self, block_ids, ratio: int):\n"
            "        return self._logical_to_remote_kernel_block_ids(block_ids, ratio)\n",
            "return self._logical_to_remote_kernel_block_ids(block_ids, ratio)",
        ),
    ),
    (
        "#48717 method removed",
        "twin: a kept method",
        K(
            "#48717",
            LK,
            LKW,
            "vllm/aeon/lk3.py",
            PULL + "class AeonLenPullWorker(NixlPullConnectorWorker):\n"
            "    def aeon_block_len(self, layer_idx: int) -> int:\n"
            "        return self.get_backend_aware_kv_block_len(layer_idx)\n",
            "return self.get_backend_aware_kv_block_len(layer_idx)",
        ),
    ),
]

# --- #49481 (a76df87db8): the Mooncake store lookups' token_len renamed num_tokens
NT = "a76df87db8"
NTW = "MooncakeStoreWorker.lookup / LookupKeyClient.lookup token_len -> num_tokens"
STORE = f"from {KV}.mooncake.store.worker import LookupKeyClient, MooncakeStoreWorker\n\n\n"
CASES += [
    (
        "#49481 parameter renamed",
        "a keyword call on a typed worker",
        K(
            "#49481",
            NT,
            NTW,
            "vllm/aeon/nt1.py",
            STORE + "def aeon_hit(worker: MooncakeStoreWorker, n: int, hashes: list) -> int:\n"
            "    return worker.lookup(token_len=n, block_hashes=hashes)\n",
            "return worker.lookup(token_len=n, block_hashes=hashes)",
        ),
    ),
    (
        "#49481 parameter renamed",
        "a keyword call on a typed client",
        K(
            "#49481",
            NT,
            NTW,
            "vllm/aeon/nt2.py",
            STORE + "def aeon_remote_hit(client: LookupKeyClient, req_id: str, n: int, hashes: list) -> int | None:\n"
            "    # AEON: the router asks the store before it picks a decode node\n"
            "    return client.lookup(req_id, token_len=n, block_hashes=hashes, non_block=True)\n",
            "return client.lookup(req_id, token_len=n, block_hashes=hashes, non_block=True)",
        ),
    ),
    (
        "#49481 parameter renamed",
        "twin: a positional call",
        K(
            "#49481",
            NT,
            NTW,
            "vllm/aeon/nt3.py",
            STORE + "def aeon_hit2(worker: MooncakeStoreWorker, n: int, hashes: list) -> int:\n"
            "    return worker.lookup(n, hashes)\n",
            "return worker.lookup(n, hashes)",
        ),
    ),
]

# --- #45659 (35e4dd4a69): LookupKeyClient.lookup given a leading req_id (async lookup)
AL = "35e4dd4a69"
ALW = "LookupKeyClient.lookup(token_len, block_hashes) -> lookup(req_id, token_len, block_hashes, non_block)"
CASES += [
    (
        "#45659 parameter inserted",
        "a subclass's self.client call",
        K(
            "#45659",
            AL,
            ALW,
            "vllm/aeon/al1.py",
            f"from {KV}.mooncake.store.scheduler import MooncakeStoreScheduler\n\n\n"
            "class AeonStoreScheduler(MooncakeStoreScheduler):\n"
            "    def aeon_probe(self, request) -> int:\n"
            "        # AEON: probe the store for the whole prompt, not just the block-aligned part\n"
            "        return self.client.lookup(request.num_tokens, request.block_hashes)\n",
            "return self.client.lookup(request.num_tokens, request.block_hashes)",
        ),
    ),
    (
        "#45659 parameter inserted",
        "a keyword call on a typed client",
        K(
            "#45659",
            AL,
            ALW,
            "vllm/aeon/al2.py",
            f"from {KV}.mooncake.store.worker import LookupKeyClient\n\n\n"
            "def aeon_probe(client: LookupKeyClient, n: int, hashes: list) -> int:\n"
            "    return client.lookup(token_len=n, block_hashes=hashes)\n",
            "return client.lookup(token_len=n, block_hashes=hashes)",
        ),
    ),
    (
        "#45659 parameter inserted",
        "twin: reset kept",
        K(
            "#45659",
            AL,
            ALW,
            "vllm/aeon/al3.py",
            f"from {KV}.mooncake.store.worker import LookupKeyClient\n\n\n"
            "def aeon_flush(client: LookupKeyClient) -> bool:\n"
            "    return client.reset()\n",
            "return client.reset()",
        ),
    ),
]

# --- #43799 (c1d754d681): MooncakeStoreConfig.load_from_env renamed, the worker-RNIC helpers removed
RN = "c1d754d681"
RNW = "MooncakeStoreConfig.load_from_env -> load_from_config; rdma_utils.get_configured_worker_rnic removed"
CASES += [
    (
        "#43799 staticmethod renamed",
        "a call on the class",
        K(
            "#43799",
            RN,
            RNW,
            "vllm/aeon/rn1.py",
            f"from {KV}.mooncake.store.worker import MooncakeStoreConfig\n\n\n"
            "def aeon_store_config() -> MooncakeStoreConfig:\n"
            "    # AEON: the Spark pair reads its store config from MOONCAKE_CONFIG_PATH\n"
            "    return MooncakeStoreConfig.load_from_env()\n",
            "return MooncakeStoreConfig.load_from_env()",
        ),
    ),
    (
        "#43799 function removed",
        "a module-attribute keyword call",
        K(
            "#43799",
            RN,
            RNW,
            "vllm/aeon/rn2.py",
            f"from {KV}.mooncake import rdma_utils\n\n\n"
            "def aeon_rnic(protocol: str, device: str) -> str:\n"
            "    return rdma_utils.get_configured_worker_rnic(protocol=protocol, configured_device=device)\n",
            "return rdma_utils.get_configured_worker_rnic(protocol=protocol, configured_device=device)",
        ),
    ),
    (
        "#43799 function removed",
        "twin: a kept helper",
        K(
            "#43799",
            RN,
            RNW,
            "vllm/aeon/rn3.py",
            f"from {KV}.mooncake import rdma_utils\n\n\n"
            "def aeon_hostname(ip: str) -> str:\n"
            "    return rdma_utils.get_requester_local_hostname(ip)\n",
            "return rdma_utils.get_requester_local_hostname(ip)",
        ),
    ),
]

# --- #45957 (c441ad1c07): the offloading Prometheus hooks given labelvalues before engine_idx
LV = "c441ad1c07"
LVW = "OffloadPromMetrics._set_gauge/_increase_counter(+labelvalues before engine_idx)"
PROM = f"from {KV}.offloading.metrics import OffloadingConnectorStats, OffloadPromMetrics\n\n\n"
CASES += [
    (
        "#45957 parameter inserted",
        "an override's super() call",
        K(
            "#45957",
            LV,
            LVW,
            "vllm/aeon/lv1.py",
            PROM + "class AeonOffloadPromMetrics(OffloadPromMetrics):\n"
            "    def _increase_counter(self, metric_name: str, value: int | float, engine_idx: int) -> None:\n"
            "        # AEON: the Spark's dashboards drop zero increments\n"
            "        if value:\n"
            "            super()._increase_counter(metric_name, value, engine_idx)\n",
            "super()._increase_counter(metric_name, value, engine_idx)",
        ),
    ),
    (
        "#45957 parameter inserted",
        "a subclass's self. call",
        K(
            "#45957",
            LV,
            LVW,
            "vllm/aeon/lv2.py",
            PROM + "class AeonGaugeMetrics(OffloadPromMetrics):\n"
            "    def aeon_reset_gauge(self, metric_name: str, engine_idx: int) -> None:\n"
            "        self._set_gauge(metric_name, 0, engine_idx)\n",
            "self._set_gauge(metric_name, 0, engine_idx)",
        ),
    ),
    (
        "#45957 parameter inserted",
        "twin: the stats' set_gauge with its new default",
        K(
            "#45957",
            LV,
            LVW,
            "vllm/aeon/lv3.py",
            PROM + "def aeon_snapshot(stats: OffloadingConnectorStats, name: str, value: int) -> None:\n"
            "    stats.set_gauge(name, value)\n",
            "stats.set_gauge(name, value)",
        ),
    ),
]

# --- #35669 (9dfc313bdc): the offloading stats' record_transfer and OffloadingOperationMetrics removed
OS = "9dfc313bdc"
OSW = "OffloadingConnectorStats.record_transfer, OffloadingOperationMetrics, the worker's stats removed"
CASES += [
    (
        "#35669 class removed",
        "an import",
        K(
            "#35669",
            OS,
            OSW,
            "vllm/aeon/os1.py",
            f"from {KV}.offloading.metrics import OffloadingOperationMetrics\n\n\n"
            "def aeon_op(size: int, seconds: float) -> OffloadingOperationMetrics:\n"
            "    return OffloadingOperationMetrics(size, seconds)\n",
            f"from {KV}.offloading.metrics import OffloadingOperationMetrics",
        ),
    ),
    (
        "#35669 method removed",
        "a keyword call on a typed receiver",
        K(
            "#35669",
            OS,
            OSW,
            "vllm/aeon/os2.py",
            f"from {KV}.offloading.metrics import OffloadingConnectorStats\n\n\n"
            "def aeon_record(stats: OffloadingConnectorStats, size: int, seconds: float, kind) -> None:\n"
            "    # AEON: the Spark's disk tier reports its own transfers\n"
            "    stats.record_transfer(num_bytes=size, time=seconds, transfer_type=kind)\n",
            "stats.record_transfer(num_bytes=size, time=seconds, transfer_type=kind)",
        ),
    ),
    (
        "#35669 method removed",
        "a subclass's self. call of the worker's stats hook",
        K(
            "#35669",
            OS,
            OSW,
            "vllm/aeon/os3.py",
            f"from {KV}.offloading.worker import OffloadingConnectorWorker\n\n\n"
            "class AeonOffloadingWorker(OffloadingConnectorWorker):\n"
            "    def aeon_stats(self):\n"
            "        return self.get_kv_connector_stats()\n",
            "return self.get_kv_connector_stats()",
        ),
    ),
    (
        "#35669 method removed",
        "twin: the stats' reduce kept",
        K(
            "#35669",
            OS,
            OSW,
            "vllm/aeon/os4.py",
            f"from {KV}.offloading.metrics import OffloadingConnectorStats\n\n\n"
            "def aeon_summary(stats: OffloadingConnectorStats) -> dict:\n"
            "    return {} if stats.is_empty() else stats.reduce()\n",
            "return {} if stats.is_empty() else stats.reduce()",
        ),
    ),
]

# --- #37405 (525f2eeb0b): offloading_connector.py split into the offloading/ package
SP = "525f2eeb0b"
SPW = "offloading_connector.py split; OffloadingOperationMetrics, ReqId no longer there"
CASES += [
    (
        "#37405 module split",
        "an import of a moved class",
        K(
            "#37405",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            f"from {KV}.offloading_connector import OffloadingOperationMetrics\n\n\n"
            "def aeon_op(size: int, seconds: float) -> OffloadingOperationMetrics:\n"
            "    return OffloadingOperationMetrics(size, seconds)\n",
            f"from {KV}.offloading_connector import OffloadingOperationMetrics",
        ),
    ),
    (
        "#37405 module split",
        "a module-attribute read",
        K(
            "#37405",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            f"from {KV} import offloading_connector as oc\n\n\n"
            "def aeon_ids(reqs: dict) -> list:\n"
            "    # AEON: the offload ledger keys requests by the connector's own id type\n"
            "    return [oc.ReqId(r) for r in reqs]\n",
            "return [oc.ReqId(r) for r in reqs]",
        ),
    ),
    (
        "#37405 module split",
        "twin: a re-imported class",
        K(
            "#37405",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            f"from {KV}.offloading_connector import OffloadingConnectorScheduler\n\n\n"
            "class AeonOffloadingScheduler(OffloadingConnectorScheduler):\n"
            "    pass\n",
            f"from {KV}.offloading_connector import OffloadingConnectorScheduler",
        ),
    ),
]

# --- #35758 (5b3ba94ab4): NixlConnector made an HMA connector
HM = "5b3ba94ab4"
HMW = "NixlConnector HMA: request_finished -> request_finished_all_groups; kv_cache_config required; layer_idx removed"
NIXL = f"from {KV}.nixl_connector import NixlConnector, NixlConnectorScheduler, NixlConnectorWorker\n\n\n"
CASES += [
    (
        "#35758 parameter required",
        "a constructor call missing the new argument",
        K(
            "#35758",
            HM,
            HMW,
            "vllm/aeon/hm1.py",
            NIXL + "def aeon_scheduler(vllm_config, engine_id: str) -> NixlConnectorScheduler:\n"
            "    # AEON: the router runs its own NIXL scheduler half to plan reads\n"
            "    return NixlConnectorScheduler(vllm_config, engine_id)\n",
            "return NixlConnectorScheduler(vllm_config, engine_id)",
        ),
    ),
    (
        "#35758 hook renamed",
        "an override's super() call",
        K(
            "#35758",
            HM,
            HMW,
            "vllm/aeon/hm2.py",
            NIXL + "class AeonNixlConnector(NixlConnector):\n"
            "    def request_finished(self, request, block_ids):\n"
            "        # AEON: never hold blocks for a request the router already aborted\n"
            "        if request.request_id.startswith('aeon-abort-'):\n"
            "            return False, None\n"
            "        return super().request_finished(request, block_ids)\n",
            "return super().request_finished(request, block_ids)",
        ),
    ),
    (
        "#35758 keyword removed",
        "a subclass's keyword call",
        K(
            "#35758",
            HM,
            HMW,
            "vllm/aeon/hm3.py",
            NIXL + "class AeonNixlWorker(NixlConnectorWorker):\n"
            "    def aeon_layer_descs(self, engine_id: str, block_ids: list[int], layer_idx: int):\n"
            "        return self._get_block_descs_ids(engine_id, block_ids, layer_idx=layer_idx)\n",
            "return self._get_block_descs_ids(engine_id, block_ids, layer_idx=layer_idx)",
        ),
    ),
    (
        "#35758 keyword removed",
        "twin: a kept method",
        K(
            "#35758",
            HM,
            HMW,
            "vllm/aeon/hm4.py",
            NIXL + "class AeonLenNixlWorker(NixlConnectorWorker):\n"
            "    def aeon_block_len(self, layer_idx: int) -> int:\n"
            "        return self.get_backend_aware_kv_block_len(layer_idx)\n",
            "return self.get_backend_aware_kv_block_len(layer_idx)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvnixl-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
