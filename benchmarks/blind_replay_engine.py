"""A blind replay of the engine's internal wire: scheduler output, KV connector API, output processor, request, input batch.

First-parent commits touching the surfaces a fork's engine-side code is written against and no other
replay used: the scheduler's output dataclasses (vllm/v1/core/sched/output.py: CachedRequestData made
one batched record, its block ids made optional, the grammar bitmask moved off SchedulerOutput, the
structured-output ids made a list), the KV connector API a fork implements (KVConnectorBase_V1's
``get_num_new_matched_tokens`` returning an optional count, KVTransferParams and its hook removed, the
factory's ``get_connector_class`` made private), the output processor (RequestState's ``lora_name`` made
``lora_request``, LoRARequestStates' methods renamed), the reasoning parsers' package (no longer
re-exporting the parser classes: a lazy registry by name), the request (vllm/v1/request.py: the
``eos_token_id`` and ``structured_output_request`` parameters removed, ``use_structured_output`` made a
property, ``from_engine_core_request`` given a required ``block_hasher``, RequestStatus/FinishReason given
a new member a fork's exhaustive table misses) and the worker's input batch and block table
(``block_size`` -> ``block_sizes``, ``num_tokens`` removed, the numpy/CPU views folded into a buffer) --
picked by scanning those paths' diffs (``git log --first-parent -p``), not from the engine's tests or
the other replays.
Each is replayed under 1-3 fork spellings written the way fork code is written (a subclass override, a
``super()`` call, a positional or keyword construction, a registry import by package, ``getattr`` with a
default, a dict keyed by enum members, a ``match`` on them, an index into a record's list), with twins
(fork code beside the same change that it does not break).  The merge base is the commit's first
parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a
warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 8015097e): 18 caught, 0 warned, 12 missed of 30 (twins: 17
quiet, 0 false errors).  The misses: #20232's comprehension over ``scheduled_cached_reqs`` (a list of
records made one record) reading the removed ``req_id``; #23262's two reads of an element of
``new_block_ids`` (made optional) by index and by a zip loop; #26737's and #34435's assignments to an
attribute upstream made a read-only property; #27887's call of, and super() call to, the factory's
``get_connector_class`` (renamed private); #23620's two reads of the count upstream made optional in the
returned tuple (unpacked from super(), read by ``[0]``); #18654's positional ``16`` where upstream's
``block_sizes`` now takes a list; #26813's dict keyed by every FinishReason member and ``match`` over the
finished RequestStatus members, each missing the member upstream added.  Two of the misses were the replay's own:
#27887 kept ``get_connector_class`` as a wrapper of the renamed private lookup, so both spellings are
correct fork code (twins now): 18 caught, 0 warned, 10 missed of 28 blind.  #26813's killer lines first
named the table's display and the statement after the ``match``; the KeyError raises on the lookup
(``_AEON_HTTP[reason]``) and the fall-through starts at the ``match``: the lines moved there (both missed
on main either way).
After the killers46 widenings: 28 caught, 0 warned, 0 missed of 28 (twins: 19 quiet, 0 false errors).
Caught now: an assignment (``=``, ``+=``, ``setattr``) to an attribute upstream made a property with no
setter (read-only drift); a container field whose elements upstream made Optional, indexed or looped
untested, and one element of a method's returned tuple made Optional, read by index or unpacked (also
from ``super()``) and computed with (type drift); a container field upstream made one record of its
file, iterated, sized or indexed (type drift); a number passed for a parameter upstream re-annotated from
that scalar to a container (symbol drift); a fork table keyed by every member an enum had, looked up by
a value typed as the enum, and a ``match`` over such a list with no default, once upstream added a
member (enum drift).

  python benchmarks/blind_replay_engine.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #20232 (2863befce3): CachedRequestData, one record per request -> one batched record of lists
CB = "2863befce3"
CBW = "CachedRequestData per request (req_id, from_request) -> one shared record (req_ids, make_empty)"
CO = "from vllm.v1.core.sched.output import CachedRequestData, SchedulerOutput\n\n\n"
CASES += [
    (
        "#20232 scheduler record batched",
        "a loop over the cached requests reading req_id",
        K(
            "#20232",
            CB,
            CBW,
            "vllm/aeon/cb1.py",
            CO + "def aeon_cached_ids(scheduler_output: SchedulerOutput) -> list[str]:\n"
            "    # AEON: the DFlash drafter keeps its own per-request state keyed by id\n"
            "    return [req_data.req_id for req_data in scheduler_output.scheduled_cached_reqs]\n",
            "return [req_data.req_id for req_data in scheduler_output.scheduled_cached_reqs]",
        ),
    ),
    (
        "#20232 scheduler record batched",
        "the removed classmethod constructing a record",
        K(
            "#20232",
            CB,
            CBW,
            "vllm/aeon/cb2.py",
            "from vllm.v1.core.sched.output import CachedRequestData\nfrom vllm.v1.request import Request\n\n\n"
            "def aeon_resume(request: Request, block_ids: tuple[list[int], ...]) -> CachedRequestData:\n"
            "    return CachedRequestData.from_request(request, True, [], block_ids)\n",
            "return CachedRequestData.from_request(request, True, [], block_ids)",
        ),
    ),
    (
        "#20232 scheduler record batched",
        "twin: the new requests' ids (NewRequestData kept req_id)",
        K(
            "#20232",
            CB,
            CBW,
            "vllm/aeon/cb3.py",
            CO + "def aeon_new_ids(scheduler_output: SchedulerOutput) -> list[str]:\n"
            "    return [req.req_id for req in scheduler_output.scheduled_new_reqs]\n",
            "return [req.req_id for req in scheduler_output.scheduled_new_reqs]",
        ),
    ),
]

# --- #23262 (b029de9902): CachedRequestData.new_block_ids elements may be None (no new blocks)
NB = "b029de9902"
NBW = "CachedRequestData.new_block_ids: list[tuple[list[int], ...]] -> list[Optional[tuple[...]]]"
CASES += [
    (
        "#23262 record list elements made optional",
        "an element read by index, then indexed",
        K(
            "#23262",
            NB,
            NBW,
            "vllm/aeon/nb1.py",
            CO + "def aeon_first_group(cached: CachedRequestData, i: int) -> list[int]:\n"
            "    # AEON: the NVFP4 KV pages live in the first KV cache group\n"
            "    return cached.new_block_ids[i][0]\n",
            "return cached.new_block_ids[i][0]",
        ),
    ),
    (
        "#23262 record list elements made optional",
        "a zip loop iterating each element",
        K(
            "#23262",
            NB,
            NBW,
            "vllm/aeon/nb2.py",
            CO + "def aeon_count_blocks(cached: CachedRequestData) -> dict[str, int]:\n"
            "    counts: dict[str, int] = {}\n"
            "    for req_id, block_ids in zip(cached.req_ids, cached.new_block_ids):\n"
            "        counts[req_id] = sum(len(group) for group in block_ids)\n"
            "    return counts\n",
            "counts[req_id] = sum(len(group) for group in block_ids)",
        ),
    ),
    (
        "#23262 record list elements made optional",
        "twin: the element checked for None first",
        K(
            "#23262",
            NB,
            NBW,
            "vllm/aeon/nb3.py",
            CO + "def aeon_first_group_or_none(cached: CachedRequestData, i: int) -> list[int] | None:\n"
            "    block_ids = cached.new_block_ids[i]\n"
            "    return block_ids[0] if block_ids is not None else None\n",
            "return block_ids[0] if block_ids is not None else None",
        ),
    ),
]

# --- #26866 (0cdbe7b744): grammar_bitmask / structured_output_request_ids moved to a new GrammarOutput
GB = "0cdbe7b744"
GBW = "SchedulerOutput.grammar_bitmask / structured_output_request_ids moved to GrammarOutput"
CASES += [
    (
        "#26866 scheduler output fields moved to a new record",
        "a runner override reading the bitmask",
        K(
            "#26866",
            GB,
            GBW,
            "vllm/aeon/gb1.py",
            CO + "def aeon_has_grammar(scheduler_output: SchedulerOutput) -> bool:\n"
            "    # AEON: the sm_121a sampler path skips the bitmask kernel when no request needs it\n"
            "    return scheduler_output.grammar_bitmask is not None\n",
            "return scheduler_output.grammar_bitmask is not None",
        ),
    ),
    (
        "#26866 scheduler output fields moved to a new record",
        "getattr with an empty default (silently no structured requests)",
        K(
            "#26866",
            GB,
            GBW,
            "vllm/aeon/gb2.py",
            CO + "def aeon_structured_ids(scheduler_output: SchedulerOutput) -> list[str]:\n"
            '    return list(getattr(scheduler_output, "structured_output_request_ids", []))\n',
            'return list(getattr(scheduler_output, "structured_output_request_ids", []))',
        ),
    ),
    (
        "#26866 scheduler output fields moved to a new record",
        "twin: a kept field",
        K(
            "#26866",
            GB,
            GBW,
            "vllm/aeon/gb3.py",
            CO + "def aeon_tokens(scheduler_output: SchedulerOutput) -> int:\n"
            "    return scheduler_output.total_num_scheduled_tokens\n",
            "return scheduler_output.total_num_scheduled_tokens",
        ),
    ),
]

# --- #26737 (4aed506b65): structured_output_request_ids dict -> list; Request's structured_output_request
#     parameter removed and use_structured_output made a read-only property
SO = "4aed506b65"
SOW = "structured_output_request_ids dict[str, int] -> list[str]; Request(structured_output_request=) removed"
RQ = "from vllm.v1.request import Request\n\n\n"
CASES += [
    (
        "#26737 field retyped, parameter removed, attribute made a property",
        "the ids read as a dict",
        K(
            "#26737",
            SO,
            SOW,
            "vllm/aeon/so1.py",
            CO + "def aeon_bitmask_rows(scheduler_output: SchedulerOutput) -> dict[str, int]:\n"
            "    return {req_id: row for req_id, row in scheduler_output.structured_output_request_ids.items()}\n",
            "return {req_id: row for req_id, row in scheduler_output.structured_output_request_ids.items()}",
        ),
    ),
    (
        "#26737 field retyped, parameter removed, attribute made a property",
        "a keyword construction passing the removed parameter",
        K(
            "#26737",
            SO,
            SOW,
            "vllm/aeon/so2.py",
            "from vllm.sampling_params import SamplingParams\nfrom vllm.v1.request import Request\n"
            "from vllm.v1.structured_output.request import StructuredOutputRequest\n\n\n"
            "def aeon_probe_request(rid: str, ids: list[int], params: SamplingParams) -> Request:\n"
            "    # AEON: the grammar warm-up builds a scheduler request directly\n"
            "    return Request(\n"
            "        request_id=rid,\n"
            "        prompt_token_ids=ids,\n"
            "        sampling_params=params,\n"
            "        pooling_params=None,\n"
            "        eos_token_id=None,\n"
            "        structured_output_request=StructuredOutputRequest(sampling_params=params),\n"
            "    )\n",
            "structured_output_request=StructuredOutputRequest(sampling_params=params),",
        ),
    ),
    (
        "#26737 field retyped, parameter removed, attribute made a property",
        "an assignment to the attribute upstream made a property",
        K(
            "#26737",
            SO,
            SOW,
            "vllm/aeon/so3.py",
            RQ + "def aeon_force_grammar(request: Request) -> None:\n    request.use_structured_output = True\n",
            "request.use_structured_output = True",
        ),
    ),
    (
        "#26737 field retyped, parameter removed, attribute made a property",
        "twin: the flag read",
        K(
            "#26737",
            SO,
            SOW,
            "vllm/aeon/so4.py",
            RQ + "def aeon_needs_grammar(request: Request) -> bool:\n    return bool(request.use_structured_output)\n",
            "return bool(request.use_structured_output)",
        ),
    ),
]

# --- #34435 (ea5ff3a1f6): Request(..., eos_token_id, ...) parameter removed (read from sampling_params)
EO = "ea5ff3a1f6"
EOW = "Request.__init__ loses its 5th parameter eos_token_id (a deprecated read-only property now)"
CASES += [
    (
        "#34435 constructor parameter removed",
        "a positional construction",
        K(
            "#34435",
            EO,
            EOW,
            "vllm/aeon/eo1.py",
            "import time\n\nfrom vllm.sampling_params import SamplingParams\nfrom vllm.v1.request import Request\n\n\n"
            "def aeon_request(rid: str, ids: list[int], params: SamplingParams, eos: int) -> Request:\n"
            "    return Request(rid, ids, params, None, eos, 0, time.time())\n",
            "return Request(rid, ids, params, None, eos, 0, time.time())",
        ),
    ),
    (
        "#34435 constructor parameter removed",
        "an assignment to the attribute upstream made a property",
        K(
            "#34435",
            EO,
            EOW,
            "vllm/aeon/eo2.py",
            RQ + "def aeon_lora_eos(request: Request, eos: int) -> None:\n"
            "    # AEON: the omni LoRA adapters stop on their own end token\n"
            "    request.eos_token_id = eos\n",
            "request.eos_token_id = eos",
        ),
    ),
    (
        "#34435 constructor parameter removed",
        "twin: the value read (a property still answers it)",
        K(
            "#34435",
            EO,
            EOW,
            "vllm/aeon/eo3.py",
            RQ + "def aeon_eos(request: Request) -> int | None:\n    return request.eos_token_id\n",
            "return request.eos_token_id",
        ),
    ),
]

# --- #19728 (c280066f9d): Request.from_engine_core_request(request) gains a required block_hasher
BH = "c280066f9d"
BHW = "Request.from_engine_core_request(cls, request) -> (cls, request, block_hasher) (required)"
CASES += [
    (
        "#19728 classmethod gains a required parameter",
        "a call with the old arity",
        K(
            "#19728",
            BH,
            BHW,
            "vllm/aeon/bh1.py",
            "from vllm.v1.engine import EngineCoreRequest\nfrom vllm.v1.request import Request\n\n\n"
            "def aeon_admit(core_request: EngineCoreRequest) -> Request:\n"
            "    # AEON: the replay harness admits recorded requests without the engine core\n"
            "    return Request.from_engine_core_request(core_request)\n",
            "return Request.from_engine_core_request(core_request)",
        ),
    ),
    (
        "#19728 classmethod gains a required parameter",
        "twin: a kept attribute",
        K(
            "#19728",
            BH,
            BHW,
            "vllm/aeon/bh2.py",
            RQ + "def aeon_progress(request: Request) -> int:\n    return request.num_computed_tokens\n",
            "return request.num_computed_tokens",
        ),
    ),
]

# --- #27887 (58279c60b5): KVConnectorFactory.get_connector_class -> _get_connector_class_with_compat
FC = "58279c60b5"
FCW = "KVConnectorFactory.get_connector_class renamed _get_connector_class_with_compat (returns a tuple)"
FQ = "from vllm.distributed.kv_transfer.kv_connector.factory import KVConnectorFactory\n\n\n"
CASES += [
    (
        "#27887 factory classmethod renamed private",
        "twin: a call of the factory's lookup (upstream kept it as a wrapper)",
        K(
            "#27887",
            FC,
            FCW,
            "vllm/aeon/fc1.py",
            FQ + "def aeon_connector_name(vllm_config) -> str:\n"
            "    # AEON: log which connector class the Spark's disaggregated pair resolved\n"
            "    return KVConnectorFactory.get_connector_class(vllm_config.kv_transfer_config).__name__\n",
            "return KVConnectorFactory.get_connector_class(vllm_config.kv_transfer_config).__name__",
        ),
    ),
    (
        "#27887 factory classmethod renamed private",
        "twin: a subclass override calling super() (kept wrapper)",
        K(
            "#27887",
            FC,
            FCW,
            "vllm/aeon/fc2.py",
            FQ + "class AeonFactory(KVConnectorFactory):\n"
            "    @classmethod\n"
            "    def get_connector_class(cls, kv_transfer_config):\n"
            "        return super().get_connector_class(kv_transfer_config)\n",
            "return super().get_connector_class(kv_transfer_config)",
        ),
    ),
    (
        "#27887 factory classmethod renamed private",
        "twin: the factory's create_connector",
        K(
            "#27887",
            FC,
            FCW,
            "vllm/aeon/fc3.py",
            FQ + "def aeon_connector(vllm_config, role):\n"
            "    return KVConnectorFactory.create_connector(vllm_config, role)\n",
            "return KVConnectorFactory.create_connector(vllm_config, role)",
        ),
    ),
]

# --- #23620 (b4a01aaf95): get_num_new_matched_tokens -> tuple[Optional[int], bool] (None: ask again later)
MT = "b4a01aaf95"
MTW = "KVConnectorBase_V1.get_num_new_matched_tokens -> tuple[Optional[int], bool]"
LM = "from vllm.distributed.kv_transfer.kv_connector.v1.lmcache_connector import LMCacheConnectorV1\n\n\n"
CASES += [
    (
        "#23620 returned tuple element made optional",
        "a subclass override doing arithmetic on super()'s count",
        K(
            "#23620",
            MT,
            MTW,
            "vllm/aeon/mt1.py",
            LM + "class AeonLMCache(LMCacheConnectorV1):\n"
            "    def get_num_new_matched_tokens(self, request, num_computed_tokens):\n"
            "        hits, load_async = super().get_num_new_matched_tokens(request, num_computed_tokens)\n"
            "        # AEON: the Spark's unified memory loads at most 64k external tokens per step\n"
            "        return min(hits, 65536), load_async\n",
            "return min(hits, 65536), load_async",
        ),
    ),
    (
        "#23620 returned tuple element made optional",
        "the count read by index",
        K(
            "#23620",
            MT,
            MTW,
            "vllm/aeon/mt2.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n\n\n"
            "def aeon_total(connector: KVConnectorBase_V1, request, num_computed_tokens: int) -> int:\n"
            "    return num_computed_tokens + connector.get_num_new_matched_tokens(request, num_computed_tokens)[0]\n",
            "return num_computed_tokens + connector.get_num_new_matched_tokens(request, num_computed_tokens)[0]",
        ),
    ),
    (
        "#23620 returned tuple element made optional",
        "twin: the flag read by index",
        K(
            "#23620",
            MT,
            MTW,
            "vllm/aeon/mt3.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n\n\n"
            "def aeon_async(connector: KVConnectorBase_V1, request, num_computed_tokens: int) -> bool:\n"
            "    return connector.get_num_new_matched_tokens(request, num_computed_tokens)[1]\n",
            "return connector.get_num_new_matched_tokens(request, num_computed_tokens)[1]",
        ),
    ),
]

# --- #18033 (59dd311cf5): KVTransferParams, the connector's _KVTransferParams / set_kv_transfer_params and
#     Request.raw_kv_transfer_params removed (params stay a dict)
TP = "59dd311cf5"
TPW = "KVTransferParams class, set_kv_transfer_params hook and Request.raw_kv_transfer_params removed"
CASES += [
    (
        "#18033 connector params class and hook removed",
        "a subclass of the removed params class",
        K(
            "#18033",
            TP,
            TPW,
            "vllm/aeon/tp1.py",
            "from vllm.distributed.kv_transfer.kv_connector.v1 import KVTransferParams\n\n\n"
            "class AeonTransferParams(KVTransferParams):\n"
            "    # AEON: the Spark pair's remote block ids travel in the request's extra args\n"
            "    pass\n",
            "from vllm.distributed.kv_transfer.kv_connector.v1 import KVTransferParams",
        ),
    ),
    (
        "#18033 connector params class and hook removed",
        "a read of the removed raw params",
        K(
            "#18033",
            TP,
            TPW,
            "vllm/aeon/tp2.py",
            RQ
            + "def aeon_remote_params(request: Request) -> dict | None:\n    return request.raw_kv_transfer_params\n",
            "return request.raw_kv_transfer_params",
        ),
    ),
    (
        "#18033 connector params class and hook removed",
        "twin: the kept params attribute",
        K(
            "#18033",
            TP,
            TPW,
            "vllm/aeon/tp3.py",
            RQ + "def aeon_is_remote(request: Request) -> bool:\n    return request.kv_transfer_params is not None\n",
            "return request.kv_transfer_params is not None",
        ),
    ),
]

# --- #26801 (6f7de33bed): LoRARequestStates' add_request / finish_request / abort_request / get_stats removed
LS = "6f7de33bed"
LSW = "LoRARequestStates.get_stats / add_request / finish_request / abort_request -> request_* by id"
LQ = "from vllm.v1.engine.output_processor import RequestState\nfrom vllm.v1.metrics.stats import LoRARequestStates\n\n\n"
CASES += [
    (
        "#26801 stats tracker methods renamed",
        "a subclass override calling super()",
        K(
            "#26801",
            LS,
            LSW,
            "vllm/aeon/ls1.py",
            LQ + "class AeonLoRAStates(LoRARequestStates):\n"
            "    def finish_request(self, req_state: RequestState) -> None:\n"
            "        # AEON: the omni adapters' counters are exported per adapter\n"
            "        super().finish_request(req_state)\n",
            "super().finish_request(req_state)",
        ),
    ),
    (
        "#26801 stats tracker methods renamed",
        "a call on a typed tracker",
        K(
            "#26801",
            LS,
            LSW,
            "vllm/aeon/ls2.py",
            LQ + "def aeon_lora_stats(states: LoRARequestStates, req_state: RequestState):\n"
            "    return states.get_stats(req_state)\n",
            "return states.get_stats(req_state)",
        ),
    ),
    (
        "#26801 stats tracker methods renamed",
        "twin: the tracker constructed bare",
        K(
            "#26801",
            LS,
            LSW,
            "vllm/aeon/ls3.py",
            "from vllm.v1.metrics.stats import LoRARequestStates\n\n\n"
            "def aeon_states() -> LoRARequestStates:\n    return LoRARequestStates()\n",
            "return LoRARequestStates()",
        ),
    ),
]

# --- #30636 (0e391e7570): RequestState(lora_name=) -> (lora_request=)
RS = "0e391e7570"
RSW = "RequestState.__init__ lora_name: str | None -> lora_request: LoRARequest | None"
CASES += [
    (
        "#30636 constructor keyword renamed",
        "a keyword construction",
        K(
            "#30636",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            "import time\n\nfrom vllm.sampling_params import RequestOutputKind\n"
            "from vllm.v1.engine.output_processor import RequestState\n\n\n"
            "def aeon_state(rid: str, ids: list[int], adapter: str | None) -> RequestState:\n"
            "    # AEON: the offline scorer tracks its requests outside the output processor\n"
            "    return RequestState(\n"
            "        request_id=rid,\n"
            "        parent_req=None,\n"
            "        request_index=0,\n"
            "        lora_name=adapter,\n"
            "        output_kind=RequestOutputKind.FINAL_ONLY,\n"
            "        prompt=None,\n"
            "        prompt_token_ids=ids,\n"
            "        prompt_embeds=None,\n"
            "        logprobs_processor=None,\n"
            "        detokenizer=None,\n"
            "        max_tokens_param=None,\n"
            "        arrival_time=time.time(),\n"
            "        queue=None,\n"
            "        log_stats=False,\n"
            "        stream_interval=1,\n"
            "    )\n",
            "lora_name=adapter,",
        ),
    ),
    (
        "#30636 constructor keyword renamed",
        "twin: the kept lora_name attribute read",
        K(
            "#30636",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            "from vllm.v1.engine.output_processor import RequestState\n\n\n"
            'def aeon_adapter(state: RequestState) -> str:\n    return state.lora_name or "base"\n',
            'return state.lora_name or "base"',
        ),
    ),
]

# --- #28092 (e261d37c9a): vllm.reasoning stops re-exporting the parser classes (lazy registry by name)
RP = "e261d37c9a"
RPW = "vllm.reasoning exports only ReasoningParser / ReasoningParserManager; parsers registered lazily"
CASES += [
    (
        "#28092 package stops re-exporting (lazy registry)",
        "a subclass of a parser imported from the package",
        K(
            "#28092",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            "from vllm.reasoning import DeepSeekR1ReasoningParser, ReasoningParserManager\n\n\n"
            '@ReasoningParserManager.register_module("aeon_r1")\n'
            "class AeonR1ReasoningParser(DeepSeekR1ReasoningParser):\n"
            "    # AEON: the fork's R1 distill closes its think block early\n"
            "    pass\n",
            "from vllm.reasoning import DeepSeekR1ReasoningParser, ReasoningParserManager",
        ),
    ),
    (
        "#28092 package stops re-exporting (lazy registry)",
        "a module attribute of the package",
        K(
            "#28092",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            "import vllm.reasoning as reasoning\n\n\n"
            "def aeon_parser_cls() -> type:\n    return reasoning.Qwen3ReasoningParser\n",
            "return reasoning.Qwen3ReasoningParser",
        ),
    ),
    (
        "#28092 package stops re-exporting (lazy registry)",
        "twin: the parser imported from its own module",
        K(
            "#28092",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            "from vllm.reasoning.deepseek_r1_reasoning_parser import DeepSeekR1ReasoningParser\n\n\n"
            "class AeonR1Parser(DeepSeekR1ReasoningParser):\n    pass\n",
            "from vllm.reasoning.deepseek_r1_reasoning_parser import DeepSeekR1ReasoningParser",
        ),
    ),
]

# --- #24795 (eeb135eb87): BlockTable's block_table_cpu / block_table_np / slot_mapping_* -> CpuGpuBuffer
BT = "eeb135eb87"
BTW = "BlockTable.block_table_np / block_table_cpu / slot_mapping_np removed (block_table is a CpuGpuBuffer)"
BQ = "from vllm.v1.worker.block_table import BlockTable\n\n\n"
CASES += [
    (
        "#24795 attribute views folded into a buffer",
        "a read of the removed numpy view",
        K(
            "#24795",
            BT,
            BTW,
            "vllm/aeon/bt1.py",
            BQ + "def aeon_row(table: BlockTable, row: int, n: int):\n"
            "    # AEON: the NVFP4 KV debugger dumps a request's block row\n"
            "    return table.block_table_np[row, :n].tolist()\n",
            "return table.block_table_np[row, :n].tolist()",
        ),
    ),
    (
        "#24795 attribute views folded into a buffer",
        "a slice of the removed CPU slot mapping",
        K(
            "#24795",
            BT,
            BTW,
            "vllm/aeon/bt2.py",
            BQ + "def aeon_slots(table: BlockTable, n: int):\n    return table.slot_mapping_cpu[:n].clone()\n",
            "return table.slot_mapping_cpu[:n].clone()",
        ),
    ),
    (
        "#24795 attribute views folded into a buffer",
        "twin: the kept accessor",
        K(
            "#24795",
            BT,
            BTW,
            "vllm/aeon/bt3.py",
            BQ + "def aeon_rows(table: BlockTable):\n    return table.get_numpy_array()\n",
            "return table.get_numpy_array()",
        ),
    ),
]

# --- #18654 (6cac54f4d1): InputBatch / MultiGroupBlockTable(block_size: int) -> (block_sizes: list[int])
BS = "6cac54f4d1"
BSW = "InputBatch(block_size=) and MultiGroupBlockTable(block_size=) -> block_sizes: list[int]"
CASES += [
    (
        "#18654 constructor keyword renamed and retyped",
        "a keyword construction",
        K(
            "#18654",
            BS,
            BSW,
            "vllm/aeon/bs1.py",
            "import torch\n\nfrom vllm.v1.worker.gpu_input_batch import InputBatch\n\n\n"
            "def aeon_batch(vocab_size: int) -> InputBatch:\n"
            "    # AEON: the drafter's private batch on the Spark\n"
            "    return InputBatch(\n"
            "        max_num_reqs=64,\n"
            "        max_model_len=32768,\n"
            "        max_num_batched_tokens=8192,\n"
            '        device=torch.device("cuda"),\n'
            "        pin_memory=True,\n"
            "        vocab_size=vocab_size,\n"
            "        block_size=16,\n"
            "    )\n",
            "block_size=16,",
        ),
    ),
    (
        "#18654 constructor keyword renamed and retyped",
        "a positional construction passing an int",
        K(
            "#18654",
            BS,
            BSW,
            "vllm/aeon/bs2.py",
            "import torch\n\nfrom vllm.v1.worker.block_table import MultiGroupBlockTable\n\n\n"
            "def aeon_tables() -> MultiGroupBlockTable:\n"
            '    return MultiGroupBlockTable(64, 32768, 8192, True, torch.device("cuda"), 16)\n',
            'return MultiGroupBlockTable(64, 32768, 8192, True, torch.device("cuda"), 16)',
        ),
    ),
    (
        "#18654 constructor keyword renamed and retyped",
        "twin: a kept attribute",
        K(
            "#18654",
            BS,
            BSW,
            "vllm/aeon/bs3.py",
            "from vllm.v1.worker.gpu_input_batch import InputBatch\n\n\n"
            "def aeon_capacity(batch: InputBatch) -> int:\n    return batch.max_num_reqs\n",
            "return batch.max_num_reqs",
        ),
    ),
]

# --- #30218 (686cbaac64): InputBatch.num_tokens removed (num_tokens_no_spec + len(spec_token_ids))
NT = "686cbaac64"
NTW = "InputBatch.num_tokens removed"
CASES += [
    (
        "#30218 batch array removed",
        "a read on a typed batch",
        K(
            "#30218",
            NT,
            NTW,
            "vllm/aeon/nt1.py",
            "from vllm.v1.worker.gpu_input_batch import InputBatch\n\n\n"
            "def aeon_len(batch: InputBatch, index: int) -> int:\n    return int(batch.num_tokens[index])\n",
            "return int(batch.num_tokens[index])",
        ),
    ),
    (
        "#30218 batch array removed",
        "twin: the kept no-spec count",
        K(
            "#30218",
            NT,
            NTW,
            "vllm/aeon/nt2.py",
            "from vllm.v1.worker.gpu_input_batch import InputBatch\n\n\n"
            "def aeon_len(batch: InputBatch, index: int) -> int:\n    return int(batch.num_tokens_no_spec[index])\n",
            "return int(batch.num_tokens_no_spec[index])",
        ),
    ),
]

# --- #26813 (a9e4106f28): FinishReason.ERROR and RequestStatus.FINISHED_ERROR added
FE = "a9e4106f28"
FEW = "FinishReason gains ERROR = 3, RequestStatus gains FINISHED_ERROR"
CASES += [
    (
        "#26813 enum member added under a fork's exhaustive table",
        "a dict keyed by every member, indexed",
        K(
            "#26813",
            FE,
            FEW,
            "vllm/aeon/fe1.py",
            "from vllm.v1.engine import FinishReason\n\n"
            "_AEON_HTTP = {FinishReason.STOP: 200, FinishReason.LENGTH: 200, FinishReason.ABORT: 499}\n\n\n"
            "def aeon_http_status(reason: FinishReason) -> int:\n"
            "    # AEON: the Spark gateway maps finish reasons to its own status codes\n"
            "    return _AEON_HTTP[reason]\n",
            "return _AEON_HTTP[reason]",
        ),
    ),
    (
        "#26813 enum member added under a fork's exhaustive table",
        "a match on the finished members, raising otherwise",
        K(
            "#26813",
            FE,
            FEW,
            "vllm/aeon/fe2.py",
            "from vllm.v1.request import RequestStatus\n\n\n"
            "def aeon_outcome(status: RequestStatus) -> str:\n"
            "    match status:\n"
            "        case RequestStatus.FINISHED_STOPPED:\n"
            '            return "ok"\n'
            "        case RequestStatus.FINISHED_LENGTH_CAPPED | RequestStatus.FINISHED_IGNORED:\n"
            '            return "truncated"\n'
            "        case RequestStatus.FINISHED_ABORTED:\n"
            '            return "aborted"\n'
            '    raise AssertionError(f"unfinished request: {status}")\n',
            "match status:",
        ),
    ),
    (
        "#26813 enum member added under a fork's exhaustive table",
        "twin: the finished test by the class's own predicate",
        K(
            "#26813",
            FE,
            FEW,
            "vllm/aeon/fe3.py",
            "from vllm.v1.request import RequestStatus\n\n\n"
            "def aeon_done(status: RequestStatus) -> bool:\n    return RequestStatus.is_finished(status)\n",
            "return RequestStatus.is_finished(status)",
        ),
    ),
    (
        "#26813 enum member added under a fork's exhaustive table",
        "twin: a dict lookup with a default",
        K(
            "#26813",
            FE,
            FEW,
            "vllm/aeon/fe4.py",
            "from vllm.v1.engine import FinishReason\n\n"
            '_AEON_LABEL = {FinishReason.STOP: "stop", FinishReason.LENGTH: "length"}\n\n\n'
            "def aeon_label(reason: FinishReason) -> str:\n"
            '    return _AEON_LABEL.get(reason, "other")\n',
            '_AEON_LABEL = {FinishReason.STOP: "stop", FinishReason.LENGTH: "length"}',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-engine-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
