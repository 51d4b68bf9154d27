"""A blind replay of the KV transfer connector API a fork's own disaggregated-prefill connector is written against.

10 first-parent commits on ``vllm/distributed/kv_transfer`` (``kv_connector/v1/base.py``'s
``KVConnectorBase_V1``, ``multi_connector.py``, ``kv_connector/utils.py``, the removed v0 pipes and buffers) --
the surface a fork that carries its own connector subclass for disaggregated prefill across two Sparks calls,
subclasses and overrides: ``MultiConnector.get_finished`` turned from ``(recving, sending)`` into ``(sending,
recving)``, ``get_finished_loading`` removed by a revert (an override no longer called, a call that now raises),
``get_required_kvcache_layout`` made to raise on the abstract base, ``prefer_cross_layer_blocks`` turned from a
class variable into a read-only property, ``handle_preemptions`` and ``requires_piecewise_for_cudagraph`` added as
hooks upstream now calls (the second on the class, with the extra config), ``model_aware_kv_ops_helper`` removed,
the v0 ``kv_pipe``/``kv_lookup_buffer`` packages removed, ``TransferTopology.get_transfer_cache_regions`` removed,
and the connector's unset metadata turned from a bare ``KVConnectorMetadata()`` into ``None`` -- picked by
scanning the path's diffs (``git log --first-parent -p``), avoiding the commits every other replay uses
(``blind_replay_kvconnect``, ``_kvcoord``, ``_kvnixl``, ``_kvoffload``, ``_kvevents`` cover parts of this
surface).  Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass's
``super()`` call unpacked, a call off a receiver typed as the class unpacked, an override, a call off the base
class, an alias, an attribute set in a subclass's ``__init__``, a read off a class, a hook namesake with the old
shape, an import, a module attribute, a dotted module string, a comparison of the metadata's type), with twins
(fork code the commit does not break: the kept method, the new spelling, a subclass's own class attribute, a
``super()`` classmethod call from a subclass, a kept function).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 769e0cfd): 11 caught, 4 warned, 6 missed of 21 (twins: 11
quiet, 0 false errors).  Symbol drift caught the removed ``get_finished_loading`` (the dead override and the call),
``model_aware_kv_ops_helper`` (import, module attribute), the v0 pipe (import, dotted string),
``get_transfer_cache_regions`` (typed call, ``super()`` override) and the store into the new read-only
``prefer_cross_layer_blocks``; return drift caught both old-order unpackings of ``MultiConnector.get_finished``.
Warned: the four fork namesakes of the new hooks (``handle_preemptions`` twice, ``requires_piecewise_for_cudagraph``
twice), each "the fork's own method now overrides a hook upstream added" -- upstream's calls of them are untyped
(``get_kv_transfer_group().handle_preemptions(...)``, ``connector_cls`` bound from the factory), so no misfit is
proven.  The misses: #22734's two (``KVConnectorBase_V1.get_required_kvcache_layout(...)`` off the base class,
direct and through a module alias: the new guard ``if cls is KVConnectorBase_V1: raise TypeError`` reads the
receiver, which refused arguments did not), #30761's two (``connector_cls.prefer_cross_layer_blocks`` off a
``type[...]`` parameter and ``getattr(connector_cls, "prefer_cross_layer_blocks", False)``: the property object,
always truthy) and #20756's two (``type(self._connector_metadata) is not KVConnectorMetadata``, which flips now an
unset metadata is None, and ``len(vars(self._connector_metadata))``, TypeError between steps).
After the killers204 widenings: 15 caught, 6 warned, 0 missed of 21 (twins: 11 quiet, 1 of them warned as
before; 0 false errors).  Caught now: a classmethod's guard on its own class read for a call made off that class
(``drift/refused_args.py``); a class variable made a property, read off the class (``drift/class_properties.py``,
new).  Warned now: a placeholder the base's constructor built, None now until bound, compared by type or handed
to a None-failing builtin (``drift/nulled_attributes.py``).  Left warned: the four hook namesakes (an arity misfit
read from the hook's signature alone, tried, made a killers180 twin -- an untyped lambda's call -- a false error:
reverted; typing ``get_kv_transfer_group()``'s return through the ``KVConnectorBaseType`` alias would close two).
Regression set at the widenings' head (91092bbc): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_runnerv2 21 caught, 1 warned of 22 (13 quiet), blind_replay_pstate 21 caught, 1 warned of 22 (11
quiet, 1 warned), blind_replay_eplbops 25/25 (14 quiet), blind_replay_vlmodels 18 caught, 2 warned of 20 (12 quiet,
1 warned), review26_twins 9/9, 0 false of 36, review31_twins 5 caught, 1 warned of 6, 0 false of 41 (1 warned),
blind_replay_kvconnect 16/16 (11 quiet, 1 warned): each as recorded, 0 false errors.
On the sixtieth and sixty-first landings' engines (d414862a, 055daebb): 17 caught, 4 warned, 0 missed of 21
(twins: 11 quiet, 1 of them warned, 0 false errors): two of the warnings above made catches by the sixtieth
landing's widenings.

  python benchmarks/blind_replay_kvconn2.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #18211 (0ceaebf87b): MultiConnector.get_finished returns (sending, recving), no longer (recving, sending)
GF = "0ceaebf87b"
GFW = "MultiConnector.get_finished's tuple order swapped to (sending, recving)"
MC = "from vllm.distributed.kv_transfer.kv_connector.v1.multi_connector import MultiConnector\n\n\n"
CASES += [
    (
        "#18211 return order swapped",
        "a subclass's super().get_finished() unpacked in the old order",
        K(
            "#18211",
            GF,
            GFW,
            "vllm/aeon/gf1.py",
            MC + "class AeonSparkMulti(MultiConnector):\n"
            "    def get_finished(self, finished_req_ids: set[str]):\n"
            "        # AEON: the decode Spark counts the prefill Spark's arrivals for its own stats\n"
            "        recving, sending = super().get_finished(finished_req_ids)\n"
            "        self.aeon_arrived = len(recving or ())\n"
            "        return recving, sending\n",
            "recving, sending = super().get_finished(finished_req_ids)",
        ),
    ),
    (
        "#18211 return order swapped",
        "a call off a receiver typed as the class, unpacked in the old order",
        K(
            "#18211",
            GF,
            GFW,
            "vllm/aeon/gf2.py",
            MC + "def aeon_loaded_ids(multi: MultiConnector, done: set[str]) -> set[str]:\n"
            "    # AEON: the Spark's decode side frees its staging buffer once a load landed\n"
            "    finished_recving, finished_sending = multi.get_finished(done)\n"
            "    return finished_recving or set()\n",
            "finished_recving, finished_sending = multi.get_finished(done)",
        ),
    ),
    (
        "#18211 return order swapped",
        "twin: the result handed on whole, not unpacked",
        K(
            "#18211",
            GF,
            GFW,
            "vllm/aeon/gf3.py",
            MC + "def aeon_finished(multi: MultiConnector, done: set[str]):\n"
            "    result = multi.get_finished(done)\n"
            "    return result\n",
            "result = multi.get_finished(done)",
        ),
    ),
]

# --- #21778 (b18b417fbf): the revert of #21534 removes KVConnectorBase_V1.get_finished_loading
FL = "b18b417fbf"
FLW = "get_finished_loading removed from KVConnectorBase_V1 (and from the runner that called it)"
BASE = "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n\n\n"
CASES += [
    (
        "#21778 hook removed",
        "an override upstream no longer calls",
        K(
            "#21778",
            FL,
            FLW,
            "vllm/aeon/fl1.py",
            BASE + "class AeonSparkConnector(KVConnectorBase_V1):\n"
            "    # AEON: the decode Spark reports partial loads when the prefill Spark's link drops\n"
            "    def get_finished_loading(self, scheduler_output) -> dict[str, int]:\n"
            "        return dict(self.aeon_loaded_tokens)\n",
            "def get_finished_loading(self, scheduler_output) -> dict[str, int]:",
        ),
    ),
    (
        "#21778 method removed",
        "a call off a receiver typed as the base",
        K(
            "#21778",
            FL,
            FLW,
            "vllm/aeon/fl2.py",
            BASE + "def aeon_loaded_tokens(conn: KVConnectorBase_V1, scheduler_output) -> int:\n"
            "    return sum(conn.get_finished_loading(scheduler_output).values())\n",
            "return sum(conn.get_finished_loading(scheduler_output).values())",
        ),
    ),
    (
        "#21778 method removed",
        "twin: the kept get_finished off the same receiver",
        K(
            "#21778",
            FL,
            FLW,
            "vllm/aeon/fl3.py",
            BASE + "def aeon_done(conn: KVConnectorBase_V1, ids: set[str]):\n    return conn.get_finished(ids)\n",
            "return conn.get_finished(ids)",
        ),
    ),
]

# --- #22734 (0933f9d518): get_required_kvcache_layout raises TypeError when called on the abstract base
RL = "0933f9d518"
RLW = "KVConnectorBase_V1.get_required_kvcache_layout raises on the base class"
CASES += [
    (
        "#22734 call now raises",
        "a call off the base class",
        K(
            "#22734",
            RL,
            RLW,
            "vllm/aeon/rl1.py",
            BASE + "def aeon_spark_layout(vllm_config) -> str:\n"
            "    # AEON: GB10's attention wants HND unless a connector insists otherwise\n"
            "    layout = KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)\n"
            '    return layout or "HND"\n',
            "layout = KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#22734 call now raises",
        "a call off an alias of the base class",
        K(
            "#22734",
            RL,
            RLW,
            "vllm/aeon/rl2.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1 import base as kv_base\n\n\n"
            "def aeon_layout_or_none(vllm_config):\n"
            "    return kv_base.KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)\n",
            "return kv_base.KVConnectorBase_V1.get_required_kvcache_layout(vllm_config)",
        ),
    ),
    (
        "#22734 call now raises",
        "twin: a subclass's classmethod calling super()",
        K(
            "#22734",
            RL,
            RLW,
            "vllm/aeon/rl3.py",
            BASE + "class AeonLayoutConnector(KVConnectorBase_V1):\n"
            "    @classmethod\n"
            "    def get_required_kvcache_layout(cls, vllm_config):\n"
            "        layout = super().get_required_kvcache_layout(vllm_config)\n"
            '        return layout or "HND"\n\n\n'
            "def aeon_layout(vllm_config):\n"
            "    return AeonLayoutConnector.get_required_kvcache_layout(vllm_config)\n",
            "layout = super().get_required_kvcache_layout(vllm_config)",
        ),
    ),
]

# --- #30761 (b89443b8d9): prefer_cross_layer_blocks turned from a ClassVar[bool] into a read-only property
CL = "b89443b8d9"
CLW = "KVConnectorBase_V1.prefer_cross_layer_blocks made a property without a setter"
CASES += [
    (
        "#30761 class variable made a property",
        "an attribute set in a subclass's __init__",
        K(
            "#30761",
            CL,
            CLW,
            "vllm/aeon/cl1.py",
            BASE + "class AeonCrossConnector(KVConnectorBase_V1):\n"
            "    def __init__(self, vllm_config, role, kv_cache_config=None):\n"
            "        super().__init__(vllm_config, role, kv_cache_config)\n"
            "        # AEON: the Spark-to-Spark link moves whole cross-layer blocks faster\n"
            "        self.prefer_cross_layer_blocks = True\n",
            "self.prefer_cross_layer_blocks = True",
        ),
    ),
    (
        "#30761 class variable made a property",
        "a read off a connector class",
        K(
            "#30761",
            CL,
            CLW,
            "vllm/aeon/cl2.py",
            BASE + "def aeon_wants_cross_layers(connector_cls: type[KVConnectorBase_V1]) -> bool:\n"
            "    return bool(connector_cls.prefer_cross_layer_blocks)\n",
            "return bool(connector_cls.prefer_cross_layer_blocks)",
        ),
    ),
    (
        "#30761 class variable made a property",
        "a getattr with a literal off a connector class",
        K(
            "#30761",
            CL,
            CLW,
            "vllm/aeon/cl4.py",
            BASE + "def aeon_cross_layers(connector_cls: type[KVConnectorBase_V1]) -> bool:\n"
            '    return bool(getattr(connector_cls, "prefer_cross_layer_blocks", False))\n',
            'return bool(getattr(connector_cls, "prefer_cross_layer_blocks", False))',
        ),
    ),
    (
        "#30761 class variable made a property",
        "twin: a subclass's own class attribute and an instance read",
        K(
            "#30761",
            CL,
            CLW,
            "vllm/aeon/cl3.py",
            BASE + "class AeonBlockConnector(KVConnectorBase_V1):\n"
            "    prefer_cross_layer_blocks = True\n\n\n"
            "def aeon_cross(conn: KVConnectorBase_V1) -> bool:\n"
            "    return conn.prefer_cross_layer_blocks\n",
            "return conn.prefer_cross_layer_blocks",
        ),
    ),
]

# --- #29870 (4c16ba617f): handle_preemptions(preempted_req_ids) added to the base and called by the runner
HP = "4c16ba617f"
HPW = "KVConnectorBase_V1.handle_preemptions(preempted_req_ids: set[str]) added and called"
CASES += [
    (
        "#29870 hook added over a fork namesake",
        "a subclass's namesake taking requests, not ids",
        K(
            "#29870",
            HP,
            HPW,
            "vllm/aeon/hp1.py",
            BASE + "class AeonPreemptConnector(KVConnectorBase_V1):\n"
            "    # AEON: the prefill Spark drops its pending pushes for preempted requests\n"
            "    def handle_preemptions(self, requests) -> None:\n"
            "        for req in requests:\n"
            "            self.aeon_pending.pop(req.request_id, None)\n",
            "def handle_preemptions(self, requests) -> None:",
        ),
    ),
    (
        "#29870 hook added over a fork namesake",
        "a subclass's namesake taking two arguments",
        K(
            "#29870",
            HP,
            HPW,
            "vllm/aeon/hp2.py",
            BASE + "class AeonPreemptConnector2(KVConnectorBase_V1):\n"
            "    def handle_preemptions(self, preempted: set[str], reason: str) -> None:\n"
            "        for rid in preempted:\n"
            "            self.aeon_log.append((rid, reason))\n",
            "def handle_preemptions(self, preempted: set[str], reason: str) -> None:",
        ),
    ),
    (
        "#29870 hook added over a fork namesake",
        "twin: a fork method of another name",
        K(
            "#29870",
            HP,
            HPW,
            "vllm/aeon/hp3.py",
            BASE + "class AeonPreemptConnector3(KVConnectorBase_V1):\n"
            "    def aeon_drop_preempted(self, requests) -> None:\n"
            "        for req in requests:\n"
            "            self.aeon_pending.pop(req.request_id, None)\n",
            "def aeon_drop_preempted(self, requests) -> None:",
        ),
    ),
]

# --- #31057 (a13d8c03c9): requires_piecewise_for_cudagraph(cls, extra_config) added, called on the class
RP = "a13d8c03c9"
RPW = "KVConnectorBase_V1.requires_piecewise_for_cudagraph classmethod added, called on the connector class"
CASES += [
    (
        "#31057 classmethod hook added over a fork namesake",
        "a subclass's instance-method namesake",
        K(
            "#31057",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            BASE + "class AeonLayerwiseConnector(KVConnectorBase_V1):\n"
            "    # AEON: the Spark's layerwise push cannot sit inside a full CUDA graph\n"
            "    def requires_piecewise_for_cudagraph(self) -> bool:\n"
            "        return self.aeon_layerwise\n",
            "def requires_piecewise_for_cudagraph(self) -> bool:",
        ),
    ),
    (
        "#31057 classmethod hook added over a fork namesake",
        "a subclass's staticmethod namesake taking nothing",
        K(
            "#31057",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            BASE + "class AeonLayerwiseConnector3(KVConnectorBase_V1):\n"
            "    @staticmethod\n"
            "    def requires_piecewise_for_cudagraph() -> bool:\n"
            "        return True\n",
            "def requires_piecewise_for_cudagraph() -> bool:",
        ),
    ),
    (
        "#31057 classmethod hook added over a fork namesake",
        "twin: the new classmethod spelling",
        K(
            "#31057",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            BASE + "class AeonLayerwiseConnector2(KVConnectorBase_V1):\n"
            "    @classmethod\n"
            "    def requires_piecewise_for_cudagraph(cls, extra_config) -> bool:\n"
            '        return bool(extra_config.get("aeon_layerwise", False))\n',
            "def requires_piecewise_for_cudagraph(cls, extra_config) -> bool:",
        ),
    ),
]

# --- #29709 (8aaa81b35f): kv_connector.utils.model_aware_kv_ops_helper removed
MA = "8aaa81b35f"
MAW = "model_aware_kv_ops_helper removed from kv_connector.utils"
CASES += [
    (
        "#29709 class removed",
        "an import of the removed class",
        K(
            "#29709",
            MA,
            MAW,
            "vllm/aeon/ma1.py",
            "from vllm.distributed.kv_transfer.kv_connector.utils import model_aware_kv_ops_helper\n\n\n"
            "def aeon_kv_ops(vllm_config):\n"
            "    # AEON: the Spark's MLA path reuses upstream's per-model kv shapes\n"
            "    return model_aware_kv_ops_helper(vllm_config)\n",
            "from vllm.distributed.kv_transfer.kv_connector.utils import model_aware_kv_ops_helper",
        ),
    ),
    (
        "#29709 class removed",
        "a module attribute",
        K(
            "#29709",
            MA,
            MAW,
            "vllm/aeon/ma2.py",
            "from vllm.distributed.kv_transfer.kv_connector import utils as kv_utils\n\n\n"
            "def aeon_kv_ops2(vllm_config):\n"
            "    return kv_utils.model_aware_kv_ops_helper(vllm_config)\n",
            "return kv_utils.model_aware_kv_ops_helper(vllm_config)",
        ),
    ),
    (
        "#29709 class removed",
        "twin: the kept aggregator from the same module",
        K(
            "#29709",
            MA,
            MAW,
            "vllm/aeon/ma3.py",
            "from vllm.distributed.kv_transfer.kv_connector.utils import KVOutputAggregator\n\n\n"
            "def aeon_aggregator(world_size: int) -> KVOutputAggregator:\n"
            "    return KVOutputAggregator(world_size)\n",
            "return KVOutputAggregator(world_size)",
        ),
    ),
]

# --- #29705 (ece2825a29): the v0 kv_pipe and kv_lookup_buffer packages removed
VP = "ece2825a29"
VPW = "kv_transfer.kv_pipe and kv_transfer.kv_lookup_buffer removed"
CASES += [
    (
        "#29705 module removed",
        "an import of a removed pipe",
        K(
            "#29705",
            VP,
            VPW,
            "vllm/aeon/vp1.py",
            "from vllm.distributed.kv_transfer.kv_pipe.pynccl_pipe import PyNcclPipe\n\n\n"
            "def aeon_pipe(local_rank: int, config):\n"
            "    # AEON: the two Sparks talk over one NCCL pipe on the ConnectX link\n"
            "    return PyNcclPipe(local_rank=local_rank, config=config)\n",
            "from vllm.distributed.kv_transfer.kv_pipe.pynccl_pipe import PyNcclPipe",
        ),
    ),
    (
        "#29705 module removed",
        "a dotted module string imported at run time",
        K(
            "#29705",
            VP,
            VPW,
            "vllm/aeon/vp2.py",
            "import importlib\n\n\n"
            "def aeon_buffer_cls():\n"
            "    mod = importlib.import_module(\n"
            '        "vllm.distributed.kv_transfer.kv_lookup_buffer.simple_buffer"\n'
            "    )\n"
            '    return getattr(mod, "SimpleBuffer")\n',
            '"vllm.distributed.kv_transfer.kv_lookup_buffer.simple_buffer"',
        ),
    ),
    (
        "#29705 module removed",
        "twin: the kept transfer state",
        K(
            "#29705",
            VP,
            VPW,
            "vllm/aeon/vp3.py",
            "from vllm.distributed.kv_transfer.kv_transfer_state import get_kv_transfer_group\n\n\n"
            "def aeon_group():\n"
            "    return get_kv_transfer_group()\n",
            "return get_kv_transfer_group()",
        ),
    ),
]

# --- #44456 (6700813f86): TransferTopology.get_transfer_cache_regions removed
TR = "6700813f86"
TRW = "TransferTopology.get_transfer_cache_regions removed"
TT = "from vllm.distributed.kv_transfer.kv_connector.utils import TransferTopology\n\n\n"
CASES += [
    (
        "#44456 method removed",
        "a call off a receiver typed as the class",
        K(
            "#44456",
            TR,
            TRW,
            "vllm/aeon/tr1.py",
            TT + "def aeon_regions(topo: TransferTopology, cache, spec) -> list:\n"
            "    # AEON: the Spark registers its KV regions with its own RDMA agent\n"
            "    regions = topo.get_transfer_cache_regions(cache, spec)\n"
            "    return list(regions)\n",
            "regions = topo.get_transfer_cache_regions(cache, spec)",
        ),
    ),
    (
        "#44456 method removed",
        "a subclass's override calling super()",
        K(
            "#44456",
            TR,
            TRW,
            "vllm/aeon/tr2.py",
            TT + "class AeonTopology(TransferTopology):\n"
            "    def get_transfer_cache_regions(self, cache, layer_spec):\n"
            "        regions = super().get_transfer_cache_regions(cache, layer_spec)\n"
            "        return [r.contiguous() for r in regions]\n",
            "regions = super().get_transfer_cache_regions(cache, layer_spec)",
        ),
    ),
    (
        "#44456 method removed",
        "twin: the kept describe off the same receiver",
        K(
            "#44456",
            TR,
            TRW,
            "vllm/aeon/tr3.py",
            TT + "def aeon_describe(topo: TransferTopology, engine_id: str) -> str:\n"
            "    return topo.describe(engine_id)\n",
            "return topo.describe(engine_id)",
        ),
    ),
]

# --- #20756 (574ad60db9): the connector's unset metadata turned from KVConnectorMetadata() into None
MD = "574ad60db9"
MDW = "KVConnectorBase_V1._connector_metadata is None when unset, no longer a bare KVConnectorMetadata()"
MB = (
    "from vllm.distributed.kv_transfer.kv_connector.v1.base import (\n"
    "    KVConnectorBase_V1,\n"
    "    KVConnectorMetadata,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#20756 placeholder made None",
        "a comparison of the metadata's type with the placeholder's",
        K(
            "#20756",
            MD,
            MDW,
            "vllm/aeon/md1.py",
            MB + "class AeonMetaConnector(KVConnectorBase_V1):\n"
            "    def aeon_has_work(self) -> bool:\n"
            "        # AEON: the Spark skips its RDMA poll when no metadata is bound\n"
            "        return type(self._connector_metadata) is not KVConnectorMetadata\n",
            "return type(self._connector_metadata) is not KVConnectorMetadata",
        ),
    ),
    (
        "#20756 placeholder made None",
        "an unguarded read of the metadata outside a forward",
        K(
            "#20756",
            MD,
            MDW,
            "vllm/aeon/md2.py",
            MB + "class AeonMetaConnector2(KVConnectorBase_V1):\n"
            "    def aeon_pending(self) -> int:\n"
            "        # AEON: the Spark's stats poll runs between steps, when no metadata is bound\n"
            "        return len(vars(self._connector_metadata))\n",
            "return len(vars(self._connector_metadata))",
        ),
    ),
    (
        "#20756 placeholder made None",
        "twin: an is-None test",
        K(
            "#20756",
            MD,
            MDW,
            "vllm/aeon/md3.py",
            MB + "class AeonMetaConnector3(KVConnectorBase_V1):\n"
            "    def aeon_bound(self) -> bool:\n"
            "        return self._connector_metadata is not None\n",
            "return self._connector_metadata is not None",
        ),
    ),
    (
        "#20756 placeholder made None",
        "twin: an isinstance guard",
        K(
            "#20756",
            MD,
            MDW,
            "vllm/aeon/md4.py",
            MB + "class AeonMetaConnector4(KVConnectorBase_V1):\n"
            "    def aeon_pending(self) -> int:\n"
            "        if isinstance(self._connector_metadata, KVConnectorMetadata):\n"
            "            return len(vars(self._connector_metadata))\n"
            "        return 0\n",
            "return len(vars(self._connector_metadata))",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-kvconn2-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
