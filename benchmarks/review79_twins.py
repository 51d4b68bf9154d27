"""Adversarial twins of killers169's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a string result made an int enum's member (``int_enum``, ``retabled`` and "keys T with it" in
  ``drift/result_kinds.py``; #12579 ``get_finished_reason()`` answers ``RequestFinishedReason``): a comparison
  with the new member (the new spelling), ``str()`` of the reason (its ``__str__`` is the lower-cased name)
  compared with ``"stop"``, an ``isinstance(reason, str)`` branch, the fork's own request class's
  ``get_finished_reason`` of the name, a table keyed by the new members, a string-keyed table looked up with
  ``str()`` of it, the reason rebound to its string before ``.upper()``, the member's ``.name.upper()``;
- a member patched onto a class that building now assigns (``patched`` in ``drift/shadows.py``; #12653
  ``Request.kv_block_hashes`` made an attribute ``__init__`` assigns): ``property(get, set)``, a fork class's
  property with a ``@setter`` patched on by name, the patch under an ``isinstance(getattr(cls, name, None),
  property)`` test, a method building does not assign, the patch onto the fork's own ``Request``;
- a family of members copied by the fork, a field typed as the enum, an if-chain that raises on the rest
  (``_families``, ``_valued``, ``_chains`` in ``drift/enum_drift.py``; #35451 ``FINISHED_REPETITION``, and
  #26813's ``FINISHED_ERROR`` and #28973's ``WAITING_FOR_STREAMING_REQ``, the same change on the same enum):
  the tuple with the new member (the new spelling), a chain testing the new member first through ``getattr``,
  the tuple of the fork's own status enum of the name, a local bound twice, a chain that raises only for the
  unfinished, the two ``WAITING_`` members a fork polls by name (not the family by design), a chain over them
  whose rest returns;
- an attribute upstream now points at one shared object (``drift/shared_values.py``; #33612
  ``request.spec_token_ids = self._spec_token_placeholders``): a copy bound to the attribute first, the store
  skipped where the list ``is`` the shared one, a slice rebound before ``append``, the same override on the
  unchanged synchronous ``Scheduler``;
- a dict field whose values upstream let be a container (``drift/widened_values.py``; #21894
  ``parallel_config`` gains ``_data_parallel_master_port_list``): private keys skipped (``startswith("_")``),
  keys left out with ``in`` a module tuple then ``continue``, a ``not in`` leaving out the address and the list,
  a ``type(value) is int`` test, ``contextlib.suppress(TypeError, ValueError)``, the fork's own dataclass of the
  name, ``int()`` of each port of a list value with the scalars apart.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
by these widenings (``blind_replay_asyncsched.py``), kept to show the reach stays.  Dropped while writing, before
any run: a subclass override of ``get_finished_reason`` answering ``str(reason)`` (upstream's own metrics key their
counters by the enum's members and would get the fork's strings: not a twin), and a family tuple tested against
a fork field holding upstream's status (it misses ``FINISHED_REPETITION`` like the case: rewritten as the fork's
own ``RequestStatus`` enum of the name).

Round 1 (main at 8c649f54), 9 cases and 31 twins as first written: 9 caught of 9; 8 false errors of 31: a fork
class's property with a ``@setter`` patched on by name and a patch under ``isinstance(getattr(Request,
"kv_block_hashes", None), property)`` (2: only ``property(get, set)`` was read as settable, and no guard above
the store was read); a chain testing ``getattr(RequestStatus, "FINISHED_REPETITION", None)`` first (1: the chain
began below it); #28973's pair ``(WAITING_FOR_FSM, WAITING_FOR_REMOTE_KVS)`` polled by a fork (1: a family of two
read as a copy of the whole); a store under ``request.spec_token_ids is not shared`` (1); #21894's keys skipped by
``not key.startswith("_")`` and by ``key not in ("data_parallel_master_ip", "_data_parallel_master_port_list")``,
and a ``type(value) is int`` test (3: only ``==``/``in`` of a key, and ``isinstance``, were read).
Round 2 (this branch): ``settable_read`` (a fork class's property given a setter) and ``shape_probed`` above the
patch (``drift/shadows.py``, ``symbols.py``); a chain in a function naming the new member is quiet, and a family
of two is a warning (``_names_new``, ``_sure`` in ``drift/enum_drift.py``); a change under an ``if`` asking the
attribute's identity, ``is not None`` excepted (``_identity_tested`` in ``drift/shared_values.py``); the string
keys upstream's file's dict displays gained are run through the loop's key tests (a comprehension's ``if``, an
``if`` around the conversion or one that ``continue``s first, a module-level tuple of names), and ``type(v)``
counts as a test (``_skips``, ``_holds`` in ``drift/widened_values.py``).  9 caught of 9; 0 false errors of 31 (2
warned: the pair, and the family copy's own line where a local bound twice reads it).
Round 3 (written after the mends): #21894 again, keys skipped with ``in`` a module tuple that lacks the new key (a
case: the old reading took any ``key in NAME`` for keeping named keys), and #25631 (79aa244678), which widened
``EngineArgs.limit_mm_per_prompt`` from ``dict[str, int]`` to ``dict[str, Union[int, dict[str, int]]]``: a case (a
sum of ``int()`` of every limit) and two twins (a dict limit's count read apart under ``isinstance``, ``int()`` in a
``try`` catching TypeError).  Main (8c649f54): 1 caught, 1 missed of 2, 0 false errors of 2.  This branch: 2
caught, 0 false errors of 2.
All rounds, main (8c649f54): 10 caught, 1 missed of 11; 8 false errors of 33 twins.  This branch: 11 caught of 11;
0 false errors of 33 twins (2 warned).
Regression set at 6cc500bd (every mend in): ``blind_replay_asyncsched.py`` 20 caught, 0 warned, 1 missed of 21 (14
quiet, 0 false, as before), ``killer_replay.py`` 26/26 blocked, ``kind_change_replay.py`` 12/12 (5 quiet),
``enum_history_replay.py`` 48/48 renumberings and 15/15 string values blocked, ``blind_replay_engine.py`` 28/28 (19
quiet), ``blind_replay_scheduler.py`` 13 caught, 1 warned of 14 (8 quiet), all as before.

  PYTHONPATH=.. python review79_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

RQ = "from vllm.v1.request import Request, RequestStatus\n\n\n"

# --- 233df6f5c4 (#12579): get_finished_reason answers a RequestFinishedReason IntEnum, not "stop"/"length"/"abort"
FR = ("#12579", "233df6f5c4", "the finish reason turned from a string into an IntEnum")
FRE = "from vllm.v1.engine import RequestFinishedReason\n"
CASES += [
    (
        "#12579 int enum result",
        "a comparison of the reason with a string literal",
        K(
            *FR,
            "vllm/aeon/r79fr0.py",
            RQ + 'def aeon_stopped(request: Request) -> bool:\n    return request.get_finished_reason() == "stop"\n',
            'return request.get_finished_reason() == "stop"',
        ),
    ),
    (
        "#12579 int enum result",
        "a string-keyed table indexed by the reason",
        K(
            *FR,
            "vllm/aeon/r79fr1.py",
            RQ + '_AEON_CODE = {"stop": 0, "length": 1, "abort": 2}\n\n\n'
            "def aeon_code(request: Request) -> int:\n"
            "    return _AEON_CODE[request.get_finished_reason()]\n",
            "return _AEON_CODE[request.get_finished_reason()]",
        ),
    ),
    (
        "#12579 int enum result",
        "a string method on the status's reason",
        K(
            *FR,
            "vllm/aeon/r79fr2.py",
            RQ + "def aeon_header(status: RequestStatus) -> str:\n"
            "    reason = RequestStatus.get_finished_reason(status)\n"
            '    return reason.upper() if reason is not None else "RUNNING"\n',
            'return reason.upper() if reason is not None else "RUNNING"',
        ),
    ),
]
TWINS += [
    (
        "#12579 int enum result",
        "twin: a comparison with the new member (the new spelling)",
        K(
            *FR,
            "vllm/aeon/r79fr3.py",
            FRE + RQ + "def aeon_stopped(request: Request) -> bool:\n"
            "    return request.get_finished_reason() == RequestFinishedReason.STOP\n",
            "return request.get_finished_reason() == RequestFinishedReason.STOP",
        ),
    ),
    (
        "#12579 int enum result",
        "twin: str() of the reason compared with a string (the member's __str__ is its lower-cased name)",
        K(
            *FR,
            "vllm/aeon/r79fr4.py",
            RQ + "def aeon_stopped(request: Request) -> bool:\n"
            '    return str(request.get_finished_reason()) == "stop"\n',
            'return str(request.get_finished_reason()) == "stop"',
        ),
    ),
    (
        "#12579 int enum result",
        "twin: an isinstance(str) branch keeps the old spelling, the rest compares the member",
        K(
            *FR,
            "vllm/aeon/r79fr5.py",
            FRE + RQ + "def aeon_stopped(request: Request) -> bool:\n"
            "    reason = request.get_finished_reason()\n"
            "    if isinstance(reason, str):  # AEON: older upstreams answer a string\n"
            '        return reason == "stop"\n'
            "    return reason == RequestFinishedReason.STOP\n",
            '        return reason == "stop"',
        ),
    ),
    (
        "#12579 int enum result",
        "twin: the fork's own request class's get_finished_reason (a string) compared",
        K(
            *FR,
            "vllm/aeon/r79fr6.py",
            "class AeonRequest:\n"
            "    def __init__(self, reason: str | None) -> None:\n"
            "        self.reason = reason\n\n"
            "    def get_finished_reason(self) -> str | None:\n"
            "        return self.reason\n\n\n"
            "def aeon_stopped(request: AeonRequest) -> bool:\n"
            '    return request.get_finished_reason() == "stop"\n',
            'return request.get_finished_reason() == "stop"',
        ),
    ),
    (
        "#12579 int enum result",
        "twin: a table keyed by the new members",
        K(
            *FR,
            "vllm/aeon/r79fr8.py",
            FRE + RQ + "_AEON_CODE = {RequestFinishedReason.STOP: 0, RequestFinishedReason.LENGTH: 1, "
            "RequestFinishedReason.ABORT: 2}\n\n\n"
            "def aeon_code(request: Request) -> int:\n"
            "    return _AEON_CODE[request.get_finished_reason()]\n",
            "return _AEON_CODE[request.get_finished_reason()]",
        ),
    ),
    (
        "#12579 int enum result",
        "twin: a string-keyed table looked up with str() of the reason",
        K(
            *FR,
            "vllm/aeon/r79fr9.py",
            RQ + '_AEON_CODE = {"stop": 0, "length": 1, "abort": 2}\n\n\n'
            "def aeon_code(request: Request) -> int:\n"
            "    return _AEON_CODE[str(request.get_finished_reason())]\n",
            "return _AEON_CODE[str(request.get_finished_reason())]",
        ),
    ),
    (
        "#12579 int enum result",
        "twin: the reason rebound to its string before the string method",
        K(
            *FR,
            "vllm/aeon/r79fra.py",
            RQ + "def aeon_header(status: RequestStatus) -> str:\n"
            "    reason = RequestStatus.get_finished_reason(status)\n"
            "    reason = None if reason is None else str(reason)\n"
            '    return reason.upper() if reason is not None else "RUNNING"\n',
            'return reason.upper() if reason is not None else "RUNNING"',
        ),
    ),
    (
        "#12579 int enum result",
        "twin: the member's name lower-cased",
        K(
            *FR,
            "vllm/aeon/r79frb.py",
            RQ + "def aeon_header(status: RequestStatus) -> str:\n"
            "    reason = RequestStatus.get_finished_reason(status)\n"
            '    return reason.name.upper() if reason is not None else "RUNNING"\n',
            'return reason.name.upper() if reason is not None else "RUNNING"',
        ),
    ),
]

# --- abfcdcdf27 (#12653): Request.kv_block_hashes turned from a property into an attribute __init__ assigns
KP = ("#12653", "abfcdcdf27", "kv_block_hashes: a read-only property made an instance attribute assigned in __init__")
V1R = "from vllm.v1 import request as v1_request\nfrom vllm.v1.utils import ConstantList\n\n\n"
CASES += [
    (
        "#12653 patched member",
        "a read-only property patched onto the class",
        K(
            *KP,
            "vllm/aeon/r79kp0.py",
            V1R + "def _aeon_hashes(self) -> ConstantList:\n"
            "    return ConstantList(self._kv_block_hashes[:4096])\n\n\n"
            "def aeon_install() -> None:\n"
            "    v1_request.Request.kv_block_hashes = property(_aeon_hashes)\n",
            "v1_request.Request.kv_block_hashes = property(_aeon_hashes)",
        ),
    ),
]
TWINS += [
    (
        "#12653 patched member",
        "twin: a property with a setter patched on (the store goes through it)",
        K(
            *KP,
            "vllm/aeon/r79kp1.py",
            V1R + "def _aeon_get(self) -> ConstantList:\n"
            '    return getattr(self, "_aeon_view", None) or ConstantList(self._kv_block_hashes)\n\n\n'
            "def _aeon_set(self, value: ConstantList) -> None:\n"
            "    self._aeon_view = value  # AEON: newer upstreams assign the view while building\n\n\n"
            "def aeon_install() -> None:\n"
            "    v1_request.Request.kv_block_hashes = property(_aeon_get, _aeon_set)\n",
            "v1_request.Request.kv_block_hashes = property(_aeon_get, _aeon_set)",
        ),
    ),
    (
        "#12653 patched member",
        "twin: a fork class's property with a @setter, patched on by name",
        K(
            *KP,
            "vllm/aeon/r79kp2.py",
            V1R + "class _AeonHashes:\n"
            "    @property\n"
            "    def kv_block_hashes(self) -> ConstantList:\n"
            '        return getattr(self, "_aeon_view", None) or ConstantList(self._kv_block_hashes)\n\n'
            "    @kv_block_hashes.setter\n"
            "    def kv_block_hashes(self, value: ConstantList) -> None:\n"
            "        self._aeon_view = value\n\n\n"
            "def aeon_install() -> None:\n"
            "    v1_request.Request.kv_block_hashes = _AeonHashes.kv_block_hashes\n",
            "v1_request.Request.kv_block_hashes = _AeonHashes.kv_block_hashes",
        ),
    ),
    (
        "#12653 patched member",
        "twin: the patch only where the class still has the property",
        K(
            *KP,
            "vllm/aeon/r79kp3.py",
            V1R + "def _aeon_hashes(self) -> ConstantList:\n"
            "    return ConstantList(self._kv_block_hashes[:4096])\n\n\n"
            "def aeon_install() -> None:\n"
            "    # AEON: newer upstreams keep the view on the instance; only older ones have the property\n"
            '    if isinstance(getattr(v1_request.Request, "kv_block_hashes", None), property):\n'
            "        v1_request.Request.kv_block_hashes = property(_aeon_hashes)\n",
            "        v1_request.Request.kv_block_hashes = property(_aeon_hashes)",
        ),
    ),
    (
        "#12653 patched member",
        "twin: a method building does not assign, patched on",
        K(
            *KP,
            "vllm/aeon/r79kp4.py",
            V1R + "_upstream_append = v1_request.Request.append_kv_block_hashes\n\n\n"
            "def _aeon_append(self, block_hash) -> None:\n"
            "    if len(self._kv_block_hashes) < 4096:\n"
            "        _upstream_append(self, block_hash)\n\n\n"
            "def aeon_install() -> None:\n"
            "    v1_request.Request.append_kv_block_hashes = _aeon_append\n",
            "v1_request.Request.append_kv_block_hashes = _aeon_append",
        ),
    ),
    (
        "#12653 patched member",
        "twin: the same patch onto the fork's own request class",
        K(
            *KP,
            "vllm/aeon/r79kp5.py",
            "from vllm.v1.utils import ConstantList\n\n\n"
            "class Request:\n"
            "    def __init__(self) -> None:\n"
            "        self._kv_block_hashes: list = []\n\n\n"
            "def _aeon_hashes(self) -> ConstantList:\n"
            "    return ConstantList(self._kv_block_hashes[:4096])\n\n\n"
            "Request.kv_block_hashes = property(_aeon_hashes)\n",
            "Request.kv_block_hashes = property(_aeon_hashes)",
        ),
    ),
]

# --- 25e02647c2 (#35451): RequestStatus.FINISHED_REPETITION added after FINISHED_STOPPED .. FINISHED_ERROR
RP = ("#35451", "25e02647c2", "RequestStatus given a new finished member, FINISHED_REPETITION")
FIVE = (
    "(\n"
    "    RequestStatus.FINISHED_STOPPED,\n"
    "    RequestStatus.FINISHED_LENGTH_CAPPED,\n"
    "    RequestStatus.FINISHED_ABORTED,\n"
    "    RequestStatus.FINISHED_IGNORED,\n"
    "    RequestStatus.FINISHED_ERROR,\n"
    ")\n\n\n"
)
CASES += [
    (
        "#35451 member family",
        "a tuple of the finished members tested with in",
        K(
            *RP,
            "vllm/aeon/r79rp0.py",
            RQ + "_AEON_FINISHED = " + FIVE + "def aeon_releasable(request: Request) -> bool:\n"
            "    return request.status in _AEON_FINISHED\n",
            "return request.status in _AEON_FINISHED",
        ),
    ),
    (
        "#35451 member family",
        "an if-chain over the finished members that raises on the rest",
        K(
            *RP,
            "vllm/aeon/r79rp1.py",
            RQ + "def aeon_finish_code(request: Request) -> int:\n"
            "    status = request.status\n"
            "    if status in (RequestStatus.FINISHED_STOPPED, RequestStatus.FINISHED_LENGTH_CAPPED):\n"
            "        return 0\n"
            "    if status in (RequestStatus.FINISHED_ABORTED, RequestStatus.FINISHED_IGNORED):\n"
            "        return 1\n"
            "    if status == RequestStatus.FINISHED_ERROR:\n"
            "        return 2\n"
            '    raise AssertionError(f"aeon: unexpected finished status {status}")\n',
            'raise AssertionError(f"aeon: unexpected finished status {status}")',
        ),
    ),
]
TWINS += [
    (
        "#35451 member family",
        "twin: the tuple with the new member too (the new spelling)",
        K(
            *RP,
            "vllm/aeon/r79rp2.py",
            RQ
            + "_AEON_FINISHED = "
            + FIVE.replace("ERROR,\n", "ERROR,\n    RequestStatus.FINISHED_REPETITION,\n")
            + "def aeon_releasable(request: Request) -> bool:\n"
            "    return request.status in _AEON_FINISHED\n",
            "return request.status in _AEON_FINISHED",
        ),
    ),
    (
        "#35451 member family",
        "twin: the chain tests the new member first through getattr",
        K(
            *RP,
            "vllm/aeon/r79rp3.py",
            RQ + "def aeon_finish_code(request: Request) -> int:\n"
            "    status = request.status\n"
            '    if status == getattr(RequestStatus, "FINISHED_REPETITION", None):\n'
            "        return 3\n"
            "    if status in (RequestStatus.FINISHED_STOPPED, RequestStatus.FINISHED_LENGTH_CAPPED):\n"
            "        return 0\n"
            "    if status in (RequestStatus.FINISHED_ABORTED, RequestStatus.FINISHED_IGNORED):\n"
            "        return 1\n"
            "    if status == RequestStatus.FINISHED_ERROR:\n"
            "        return 2\n"
            '    raise AssertionError(f"aeon: unexpected finished status {status}")\n',
            'raise AssertionError(f"aeon: unexpected finished status {status}")',
        ),
    ),
    (
        "#35451 member family",
        "twin: the tuple of the fork's own status enum of the name",
        K(
            *RP,
            "vllm/aeon/r79rp5.py",
            "import enum\n\n\n"
            "class RequestStatus(enum.Enum):  # AEON: the gateway's own request states\n"
            "    WAITING = 1\n    FINISHED_STOPPED = 2\n    FINISHED_LENGTH_CAPPED = 3\n"
            "    FINISHED_ABORTED = 4\n    FINISHED_IGNORED = 5\n    FINISHED_ERROR = 6\n\n\n"
            "class AeonRequest:\n"
            "    def __init__(self) -> None:\n"
            "        self.status = RequestStatus.WAITING\n\n\n"
            "_AEON_FINISHED = " + FIVE + "def aeon_releasable(request: AeonRequest, status: RequestStatus) -> bool:\n"
            "    return status in _AEON_FINISHED or request.status in _AEON_FINISHED\n",
            "return status in _AEON_FINISHED or request.status in _AEON_FINISHED",
        ),
    ),
    (
        "#35451 member family",
        "twin: a local bound twice (to the status, then to the fork's own code)",
        K(
            *RP,
            "vllm/aeon/r79rp6.py",
            RQ + "_AEON_FINISHED = " + FIVE + "def aeon_releasable(request: Request) -> bool:\n"
            "    status = request.status\n"
            "    if RequestStatus.is_finished(status):\n"
            "        status = RequestStatus.FINISHED_STOPPED  # AEON: every finished request releases alike\n"
            "    return status in _AEON_FINISHED\n",
            "    return status in _AEON_FINISHED",
        ),
    ),
]

# --- a9e4106f28 (#26813): RequestStatus.FINISHED_ERROR added after FINISHED_STOPPED .. FINISHED_IGNORED
FE = ("#26813", "a9e4106f28", "RequestStatus given a new finished member, FINISHED_ERROR")
TWINS += [
    (
        "#26813 member family",
        "twin: a chain over the finished members that raises only for the unfinished ones",
        K(
            *FE,
            "vllm/aeon/r79fe2.py",
            RQ + "def aeon_finish_code(request: Request) -> int:\n"
            "    status = request.status\n"
            "    if status in (RequestStatus.FINISHED_STOPPED, RequestStatus.FINISHED_LENGTH_CAPPED):\n"
            "        return 0\n"
            "    if status in (RequestStatus.FINISHED_ABORTED, RequestStatus.FINISHED_IGNORED):\n"
            "        return 1\n"
            "    if RequestStatus.is_finished(status):\n"
            "        return 2\n"
            '    raise AssertionError(f"aeon: {status} has not finished")\n',
            '    raise AssertionError(f"aeon: {status} has not finished")',
        ),
    ),
]

# --- 91601ff478 (#28973): RequestStatus.WAITING_FOR_STREAMING_REQ added after WAITING_FOR_FSM, WAITING_FOR_REMOTE_KVS
WS = ("#28973", "91601ff478", "RequestStatus given WAITING_FOR_STREAMING_REQ")
TWINS += [
    (
        "#28973 member family",
        "twin: the two waits the fork polls, by name (not every WAITING_ member by design)",
        K(
            *WS,
            "vllm/aeon/r79ws1.py",
            RQ + "_AEON_POLLED = (RequestStatus.WAITING_FOR_FSM, RequestStatus.WAITING_FOR_REMOTE_KVS)\n\n\n"
            "def aeon_needs_poll(request: Request) -> bool:\n"
            "    # AEON: the Spark polls the grammar compiler and the KV pull; a streaming wait is the client's\n"
            "    return request.status in _AEON_POLLED\n",
            "    return request.status in _AEON_POLLED",
        ),
    ),
    (
        "#28973 member family",
        "twin: an if-chain over the two waits that returns for the rest",
        K(
            *WS,
            "vllm/aeon/r79ws2.py",
            RQ + "def aeon_blocked_on(request: Request) -> str:\n"
            "    if request.status == RequestStatus.WAITING_FOR_FSM:\n"
            '        return "grammar"\n'
            "    if request.status == RequestStatus.WAITING_FOR_REMOTE_KVS:\n"
            '        return "kv"\n'
            '    return "none"\n',
            '    return "none"',
        ),
    ),
]

# --- 711edaf0d0 (#33612): AsyncScheduler hands every request one shared placeholder list for spec_token_ids
ST = ("#33612", "711edaf0d0", "request.spec_token_ids now aliases one list the AsyncScheduler shares between requests")
AS = "from vllm.v1.core.sched.async_scheduler import AsyncScheduler\nfrom vllm.v1.core.sched.output import SchedulerOutput\n\n\n"
LOOP = (
    "        super()._update_after_schedule(scheduler_output)\n"
    "        for req_id in scheduler_output.num_scheduled_tokens:\n"
    "            request = self.requests[req_id]\n"
)
CASES += [
    (
        "#33612 shared value",
        "an item store into the placeholders after super()",
        K(
            *ST,
            "vllm/aeon/r79st0.py",
            AS + "class AeonAsyncScheduler(AsyncScheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            + LOOP
            + "            if request.spec_token_ids:\n"
            "                request.spec_token_ids[0] = request.all_token_ids[-1]\n",
            "request.spec_token_ids[0] = request.all_token_ids[-1]",
        ),
    ),
    (
        "#33612 shared value",
        "a clear() of the placeholders after super()",
        K(
            *ST,
            "vllm/aeon/r79st1.py",
            AS + "class AeonAsyncScheduler(AsyncScheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            + LOOP
            + "            if request.use_structured_output:\n"
            "                request.spec_token_ids.clear()\n",
            "request.spec_token_ids.clear()",
        ),
    ),
]
TWINS += [
    (
        "#33612 shared value",
        "twin: a copy bound to the attribute first",
        K(
            *ST,
            "vllm/aeon/r79st2.py",
            AS + "class AeonAsyncScheduler(AsyncScheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            + LOOP
            + "            if request.spec_token_ids:\n"
            "                request.spec_token_ids = list(request.spec_token_ids)\n"
            "                request.spec_token_ids[0] = request.all_token_ids[-1]\n",
            "request.spec_token_ids[0] = request.all_token_ids[-1]",
        ),
    ),
    (
        "#33612 shared value",
        "twin: the store skipped where the list is the scheduler's shared one",
        K(
            *ST,
            "vllm/aeon/r79st3.py",
            AS + "class AeonAsyncScheduler(AsyncScheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            + LOOP
            + '            shared = getattr(self, "_spec_token_placeholders", None)\n'
            "            if request.spec_token_ids and request.spec_token_ids is not shared:\n"
            "                request.spec_token_ids[0] = request.all_token_ids[-1]\n",
            "request.spec_token_ids[0] = request.all_token_ids[-1]",
        ),
    ),
    (
        "#33612 shared value",
        "twin: a fresh list built by concatenation (a rebinding, not +=)",
        K(
            *ST,
            "vllm/aeon/r79st4.py",
            AS + "class AeonAsyncScheduler(AsyncScheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            + LOOP
            + "            if request.use_structured_output:\n"
            "                request.spec_token_ids = request.spec_token_ids[:1]\n"
            "                request.spec_token_ids.append(-1)\n",
            "request.spec_token_ids.append(-1)",
        ),
    ),
    (
        "#33612 shared value",
        "twin: the same override on the synchronous Scheduler (unchanged)",
        K(
            *ST,
            "vllm/aeon/r79st5.py",
            "from vllm.v1.core.sched.output import SchedulerOutput\nfrom vllm.v1.core.sched.scheduler import Scheduler\n\n\n"
            "class AeonScheduler(Scheduler):\n"
            "    def _update_after_schedule(self, scheduler_output: SchedulerOutput) -> None:\n"
            + LOOP
            + "            if request.spec_token_ids:\n"
            "                request.spec_token_ids[0] = request.all_token_ids[-1]\n",
            "request.spec_token_ids[0] = request.all_token_ids[-1]",
        ),
    ),
]

# --- 10f535c086 (#21894): the start-up handshake's parallel_config dict gains a list of ports
HS = (
    "#21894",
    "10f535c086",
    "EngineHandshakeMetadata.parallel_config now also carries _data_parallel_master_port_list",
)
EM = "from vllm.v1.engine.utils import EngineHandshakeMetadata\n\n\n"
CASES += [
    (
        "#21894 widened dict values",
        "an int() over every value but the address",
        K(
            *HS,
            "vllm/aeon/r79hs0.py",
            EM + "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> dict[str, int]:\n"
            "    return {\n"
            "        key: int(value)\n"
            "        for key, value in meta.parallel_config.items()\n"
            '        if key != "data_parallel_master_ip"\n'
            "    }\n",
            "key: int(value)",
        ),
    ),
]
TWINS += [
    (
        "#21894 widened dict values",
        "twin: private keys skipped (the new key starts with an underscore)",
        K(
            *HS,
            "vllm/aeon/r79hs1.py",
            EM + "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> dict[str, int]:\n"
            "    return {\n"
            "        key: int(value)\n"
            "        for key, value in meta.parallel_config.items()\n"
            '        if not key.startswith("_") and key != "data_parallel_master_ip"\n'
            "    }\n",
            "key: int(value)",
        ),
    ),
    (
        "#21894 widened dict values",
        "twin: the address and the port list left out by name",
        K(
            *HS,
            "vllm/aeon/r79hs2.py",
            EM + '_AEON_NOT_NUMBERS = ("data_parallel_master_ip", "_data_parallel_master_port_list")\n\n\n'
            "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> dict[str, int]:\n"
            "    out = {}\n"
            "    for key, value in meta.parallel_config.items():\n"
            "        if key in _AEON_NOT_NUMBERS:\n"
            "            continue\n"
            "        out[key] = int(value)\n"
            "    return out\n",
            "        out[key] = int(value)",
        ),
    ),
    (
        "#21894 widened dict values",
        "twin: a not-in test leaving out the address and the port list",
        K(
            *HS,
            "vllm/aeon/r79hs3.py",
            EM + "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> dict[str, int]:\n"
            "    return {\n"
            "        key: int(value)\n"
            "        for key, value in meta.parallel_config.items()\n"
            '        if key not in ("data_parallel_master_ip", "_data_parallel_master_port_list")\n'
            "    }\n",
            "key: int(value)",
        ),
    ),
    (
        "#21894 widened dict values",
        "twin: a type() test of the value",
        K(
            *HS,
            "vllm/aeon/r79hs4.py",
            EM + "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> dict[str, int]:\n"
            "    return {key: int(value) for key, value in meta.parallel_config.items() if type(value) is int}\n",
            "return {key: int(value) for key, value in meta.parallel_config.items() if type(value) is int}",
        ),
    ),
    (
        "#21894 widened dict values",
        "twin: the conversion under contextlib.suppress(TypeError, ValueError)",
        K(
            *HS,
            "vllm/aeon/r79hs5.py",
            "import contextlib\n\n" + EM + "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> dict[str, int]:\n"
            "    out = {}\n"
            "    for key, value in meta.parallel_config.items():\n"
            "        with contextlib.suppress(TypeError, ValueError):\n"
            "            out[key] = int(value)\n"
            "    return out\n",
            "            out[key] = int(value)",
        ),
    ),
    (
        "#21894 widened dict values",
        "twin: the fork's own handshake dataclass of the name",
        K(
            *HS,
            "vllm/aeon/r79hs6.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class EngineHandshakeMetadata:\n"
            "    parallel_config: dict[str, int]\n\n\n"
            "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> dict[str, int]:\n"
            "    return {key: int(value) for key, value in meta.parallel_config.items()}\n",
            "return {key: int(value) for key, value in meta.parallel_config.items()}",
        ),
    ),
    (
        "#21894 widened dict values",
        "twin: int() of each port of a list value, the scalars apart",
        K(
            *HS,
            "vllm/aeon/r79hs7.py",
            EM + "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> list[int]:\n"
            "    out = []\n"
            "    for value in meta.parallel_config.values():\n"
            "        if isinstance(value, list):\n"
            "            out += [int(port) for port in value]\n"
            "        elif not isinstance(value, str):\n"
            "            out.append(int(value))\n"
            "    return out\n",
            "            out.append(int(value))",
        ),
    ),
]


# --- round 3, written after the mends: #21894 again, and #25631 (79aa244678), the same widening of another field
CASES += [
    (
        "#21894 widened dict values",
        "keys left out with in a module tuple that lacks the new key",
        K(
            *HS,
            "vllm/aeon/r79hs8.py",
            EM + '_AEON_NOT_NUMBERS = ("data_parallel_master_ip",)\n\n\n'
            "def aeon_dp_numbers(meta: EngineHandshakeMetadata) -> dict[str, int]:\n"
            "    out = {}\n"
            "    for key, value in meta.parallel_config.items():\n"
            "        if key in _AEON_NOT_NUMBERS:\n"
            "            continue\n"
            "        out[key] = int(value)\n"
            "    return out\n",
            "        out[key] = int(value)",
        ),
    ),
]
LM = ("#25631", "79aa244678", "EngineArgs.limit_mm_per_prompt values may now be a dict of dummy-data options")
EA = "from vllm.engine.arg_utils import EngineArgs\n\n\n"
CASES += [
    (
        "#25631 widened dict values",
        "an int() of every modality's limit",
        K(
            *LM,
            "vllm/aeon/r79lm0.py",
            EA + "def aeon_mm_budget(args: EngineArgs) -> int:\n"
            "    # AEON: the Spark's encoder cache is sized for every item a prompt may carry\n"
            "    return sum(int(n) for n in args.limit_mm_per_prompt.values())\n",
            "return sum(int(n) for n in args.limit_mm_per_prompt.values())",
        ),
    ),
]
TWINS += [
    (
        "#25631 widened dict values",
        "twin: a dict limit's count read apart",
        K(
            *LM,
            "vllm/aeon/r79lm1.py",
            EA + "def aeon_mm_budget(args: EngineArgs) -> int:\n"
            '    return sum(n["count"] if isinstance(n, dict) else int(n) for n in args.limit_mm_per_prompt.values())\n',
            'return sum(n["count"] if isinstance(n, dict) else int(n) for n in args.limit_mm_per_prompt.values())',
        ),
    ),
    (
        "#25631 widened dict values",
        "twin: the conversion in a try catching TypeError",
        K(
            *LM,
            "vllm/aeon/r79lm2.py",
            EA + "def aeon_mm_budget(args: EngineArgs) -> int:\n"
            "    total = 0\n"
            "    for n in args.limit_mm_per_prompt.values():\n"
            "        try:\n"
            "            total += int(n)\n"
            "        except TypeError:  # AEON: newer upstreams take a dict of options per modality\n"
            '            total += n.get("count", 1)\n'
            "    return total\n",
            "            total += int(n)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review79-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
