"""Adversarial twins of the killers120 classes: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the classes catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a tuple field or return made an object (``drift/objectified.py``; #40881 ``NixlEPAll2AllManager._buffer``
  ``tuple[Any, int] | None`` -> ``_NixlEPBufferState | None``): the unpack under ``isinstance(state, tuple)``,
  inside a ``try`` catching TypeError, under a version test; a fork subclass declaring its own ``_buffer``
  tuple (a class attribute, an instance attribute its ``__init__`` sets); a fork class of its own with a
  ``_buffer`` tuple; the new fields unpacked from a tuple display or ``dataclasses.astuple``; a local
  rebound to a tuple of the fields; and da3a252fd1 (``P2PSession.close()`` a tuple -> a ``NamedTuple`` of
  four), unpacked into its four fields;
- a module table's constructor kind (``drift/module_tables.py``; #46703 ``pynccl_allocator.
  _registered_base_addrs = set()`` -> ``dict[bytes, set]``): ``.add`` under ``hasattr``, ``isinstance`` or a
  version test, inside a ``try`` catching AttributeError, the new spelling (``setdefault(key, set()).add``),
  the fork's own module-level set of the name, a fork class's own ``self._registered_base_addrs``, a
  ``getattr`` with a default;
- an unannotated def's returned class (``drift/returned_members.py``; #46065 ``rocm_aiter_ops.
  get_aiter_allreduce()`` -> the communicator's ``AiterCustomAllreduce``): the new spelling through
  ``.aiter_ca``, ``hasattr`` and ``isinstance`` guards, a ``try`` catching AttributeError, ``getattr`` with a
  default, a member the wrapper keeps (``capture()``), a fork subclass of ``rocm_aiter_ops`` overriding the
  getter with its own annotated return, a fork module's namesake getter, a version test.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Round 1 (main at 1fe3d5a8; 4 cases, 45 twins): 3 caught of 4 (the missed one, a loop over
``NixlEPAll2AllManager._buffer or ()``, is a spelling the class does not read through a ``BoolOp``; it is a
plain loop now, caught); 2 false errors of 45 twins, 3 warned (the version tests, as designed): the fork
file patching the missing shape or member onto upstream's new class -- ``all2all._NixlEPBufferState.__iter__
= lambda self: ...`` before its unpack of ``NixlEPAll2AllManager._buffer`` (objectified), and
``AiterCustomAllreduce.fully_connected = property(...)`` before its read off ``rocm_aiter_ops.
get_aiter_allreduce()`` (returned members, through the unannotated def's returned class).  Quiet already:
every ``isinstance``/``hasattr``/``try``/``contextlib.suppress`` guard, early exit and conditional
expression, the fork's namesake class, module set and getter, a subclass's own ``_buffer`` (class
attribute, ``__init__`` store, property), a fork class's own field, the new spellings, a local rebound or
copied, a fork helper's result, ``dataclasses.astuple``, da3a252fd1's NamedTuple unpacked into its four.
Round 2 (this branch, after the mend: a class a fork-added line, in any fork file, patches the shape or
the member onto counts as having it): 4 caught of 4, 0 false errors of 45 (3 warned, as before).
Round 3 (8 more twins: the fork's namesakes in its other modules -- a stand-in class, a module of the
table's name --, its Protocol of the field, its iterable subclass of the dataclass stored into the field, its
subclass declaring ``_buffer`` read from another module, its subclass of the wrapper declaring
``fully_connected`` in the same or another module): on the round-2 engine 1 false error of 8, the wrapper's
subclass in the same file (returned members); mended by counting a member a fork file's subclass of the new
class defines.  All rounds, this branch: 4 caught of 4; 0 false errors of 53 twins (3 warned).
Main's engine (1fe3d5a8) on all rounds: 4 caught of 4; 4 false errors of 53 (the two shims, and both
subclasses of the wrapper).

  PYTHONPATH=.. python review19_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 6d30655b13 (#40881): NixlEPAll2AllManager._buffer a (buffer, ep_size) tuple -> _NixlEPBufferState
NX = ("#40881", "6d30655b13", "NixlEPAll2AllManager._buffer tuple[Any, int] -> _NixlEPBufferState")
NXI = "from typing import Any\n\nfrom vllm.distributed.device_communicators.all2all import NixlEPAll2AllManager\n\n\n"
CASES += [
    (
        "#40881 tuple made an object",
        "a loop over the class attribute",
        K(
            *NX,
            "vllm/aeon/r19nx0.py",
            NXI + "def aeon_buffer_parts() -> list[Any]:\n"
            "    parts: list[Any] = []\n"
            "    if NixlEPAll2AllManager._buffer is None:\n"
            "        return parts\n"
            "    for part in NixlEPAll2AllManager._buffer:\n"
            "        parts.append(part)\n"
            "    return parts\n",
            "    for part in NixlEPAll2AllManager._buffer:",
        ),
    ),
    (
        "#40881 tuple made an object",
        "a subclass's self._buffer unpacked",
        K(
            *NX,
            "vllm/aeon/r19nx1.py",
            NXI + "class AeonNixlEP(NixlEPAll2AllManager):\n"
            "    def aeon_ep_size(self) -> int:\n"
            "        if self._buffer is None:\n"
            "            return 0\n"
            "        _, ep_size = self._buffer  # AEON: the Spark's elastic EP log\n"
            "        return ep_size\n",
            "        _, ep_size = self._buffer  # AEON: the Spark's elastic EP log",
        ),
    ),
]
TWINS += [
    (
        "#40881 tuple made an object",
        "twin: the unpack under isinstance(state, tuple)",
        K(
            *NX,
            "vllm/aeon/r19nx2.py",
            NXI + "def aeon_ep_size() -> int:\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    if isinstance(state, tuple):  # AEON: older upstreams kept (buffer, ep_size)\n"
            "        _, ep_size = state\n"
            "        return ep_size\n"
            "    return 0 if state is None else state.connected_ep_size\n",
            "        _, ep_size = state",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the unpack in a try catching TypeError",
        K(
            *NX,
            "vllm/aeon/r19nx3.py",
            NXI + "def aeon_ep_size() -> int:\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    if state is None:\n"
            "        return 0\n"
            "    try:\n"
            "        _, ep_size = state  # AEON: older upstreams kept (buffer, ep_size)\n"
            "    except TypeError:\n"
            "        ep_size = state.connected_ep_size\n"
            "    return ep_size\n",
            "        _, ep_size = state  # AEON: older upstreams kept (buffer, ep_size)",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: a fork subclass declaring its own _buffer tuple",
        K(
            *NX,
            "vllm/aeon/r19nx4.py",
            NXI + "class AeonNixlEP(NixlEPAll2AllManager):\n"
            "    # AEON: the fork's own staging buffer and the EP size it was sized for\n"
            "    _buffer: tuple[Any, int] | None = None\n\n"
            "    def aeon_ep_size(self) -> int:\n"
            "        if self._buffer is None:\n"
            "            return 0\n"
            "        _, ep_size = self._buffer\n"
            "        return ep_size\n",
            "        _, ep_size = self._buffer",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: a fork subclass's class attribute read off its own name",
        K(
            *NX,
            "vllm/aeon/r19nx5.py",
            NXI + "class AeonNixlEP(NixlEPAll2AllManager):\n"
            "    _buffer: tuple[Any, int] | None = None  # AEON: the staging buffer, not upstream's state\n\n\n"
            "def aeon_ep_size() -> int:\n"
            "    if AeonNixlEP._buffer is None:\n"
            "        return 0\n"
            "    _, ep_size = AeonNixlEP._buffer\n"
            "    return ep_size\n",
            "    _, ep_size = AeonNixlEP._buffer",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: a fork subclass whose __init__ stores its own _buffer tuple",
        K(
            *NX,
            "vllm/aeon/r19nx6.py",
            NXI + "class AeonNixlEP(NixlEPAll2AllManager):\n"
            "    def __init__(self, *args: Any, **kwargs: Any) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self._buffer = (None, 0)  # AEON: per-instance staging, shadows the class's state\n\n"
            "    def aeon_ep_size(self) -> int:\n"
            "        _, ep_size = self._buffer\n"
            "        return ep_size\n",
            "        _, ep_size = self._buffer",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: a fork class of its own with a _buffer tuple, off a typed receiver",
        K(
            *NX,
            "vllm/aeon/r19nx7.py",
            "from typing import Any\n\n\n"
            "class AeonRing:\n"
            "    def __init__(self) -> None:\n"
            "        self._buffer: tuple[Any, int] = (None, 0)\n\n\n"
            "def aeon_ring_size(ring: AeonRing) -> int:\n"
            "    return ring._buffer[1]\n",
            "    return ring._buffer[1]",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the new fields unpacked from a tuple display",
        K(
            *NX,
            "vllm/aeon/r19nx8.py",
            NXI + "def aeon_ep_sizes() -> tuple[int, int]:\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    assert state is not None\n"
            "    connected, active = state.connected_ep_size, state.active_ep_size\n"
            "    return connected, active\n",
            "    connected, active = state.connected_ep_size, state.active_ep_size",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the new fields unpacked through dataclasses.astuple",
        K(
            *NX,
            "vllm/aeon/r19nx9.py",
            "import dataclasses\n\n" + NXI + "def aeon_ep_sizes() -> tuple[int, int]:\n"
            "    assert NixlEPAll2AllManager._buffer is not None\n"
            "    _, connected, active = dataclasses.astuple(NixlEPAll2AllManager._buffer)\n"
            "    return connected, active\n",
            "    _, connected, active = dataclasses.astuple(NixlEPAll2AllManager._buffer)",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: a local rebound to a tuple of the new fields before the unpack",
        K(
            *NX,
            "vllm/aeon/r19nx10.py",
            NXI + "def aeon_ep_size() -> int:\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    if state is None:\n"
            "        return 0\n"
            "    state = (state.buffer, state.connected_ep_size)\n"
            "    _, ep_size = state\n"
            "    return ep_size\n",
            "    _, ep_size = state",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the unpack under a version test",
        K(
            *NX,
            "vllm/aeon/r19nx11.py",
            "from packaging.version import Version\n\nimport vllm\n" + NXI + "def aeon_ep_size() -> int:\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    if state is None:\n"
            "        return 0\n"
            '    if Version(vllm.__version__) < Version("0.20"):\n'
            "        _, ep_size = state\n"
            "        return ep_size\n"
            "    return state.connected_ep_size\n",
            "        _, ep_size = state",
        ),
    ),
]

# --- da3a252fd1: P2PSession.close() -> tuple[list[tuple[int, str]], list[int]] made a SessionCloseResult NamedTuple
CR = ("P2P tier", "da3a252fd1", "P2PSession.close() a pair -> SessionCloseResult(NamedTuple) of four")
TWINS += [
    (
        "da3a252fd1 tuple made a NamedTuple",
        "twin: the NamedTuple unpacked into its four fields",
        K(
            *CR,
            "vllm/aeon/r19cr1.py",
            "from vllm.v1.kv_offload.tiering.p2p.session.session import P2PSession\n\n\n"
            "def aeon_failed_count(session: P2PSession) -> int:\n"
            "    failed_jobs, failed_req_ids, failed_stores, failed_serves = session.close()\n"
            "    return len(failed_jobs) + len(failed_stores)\n",
            "    failed_jobs, failed_req_ids, failed_stores, failed_serves = session.close()",
        ),
    ),
]

# --- 953bba488d (#46703): pynccl_allocator._registered_base_addrs = set() -> dict[bytes, set] = {}
RB = ("#46703", "953bba488d", "_registered_base_addrs set() -> dict[bytes, set]")
PA = "from vllm.distributed.device_communicators import pynccl_allocator\n\n\n"
CASES += [
    (
        "#46703 set made a dict",
        "remove() through a local bound once to the table",
        K(
            *RB,
            "vllm/aeon/r19rb0.py",
            PA + "def aeon_forget(address: int) -> None:\n"
            "    registered = pynccl_allocator._registered_base_addrs\n"
            "    registered.remove(address)  # AEON: the Spark's KV pool is unmapped on scale-down\n",
            "    registered.remove(address)  # AEON: the Spark's KV pool is unmapped on scale-down",
        ),
    ),
]
TWINS += [
    (
        "#46703 set made a dict",
        "twin: add() under hasattr(..., 'add')",
        K(
            *RB,
            "vllm/aeon/r19rb1.py",
            PA + "def aeon_mark(address: int, comm_key: bytes) -> None:\n"
            "    registered = pynccl_allocator._registered_base_addrs\n"
            '    if hasattr(registered, "add"):  # AEON: older upstreams kept one set\n'
            "        registered.add(address)\n"
            "    else:\n"
            "        registered.setdefault(comm_key, set()).add(address)\n",
            "        registered.add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: add() under isinstance(..., set)",
        K(
            *RB,
            "vllm/aeon/r19rb2.py",
            PA + "def aeon_mark(address: int, comm_key: bytes) -> None:\n"
            "    if isinstance(pynccl_allocator._registered_base_addrs, set):\n"
            "        pynccl_allocator._registered_base_addrs.add(address)\n"
            "    else:\n"
            "        pynccl_allocator._registered_base_addrs.setdefault(comm_key, set()).add(address)\n",
            "        pynccl_allocator._registered_base_addrs.add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: add() in a try catching AttributeError",
        K(
            *RB,
            "vllm/aeon/r19rb3.py",
            PA + "def aeon_mark(address: int, comm_key: bytes) -> None:\n"
            "    try:\n"
            "        pynccl_allocator._registered_base_addrs.add(address)  # AEON: older upstreams\n"
            "    except AttributeError:\n"
            "        pynccl_allocator._registered_base_addrs.setdefault(comm_key, set()).add(address)\n",
            "        pynccl_allocator._registered_base_addrs.add(address)  # AEON: older upstreams",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: add() under a version test",
        K(
            *RB,
            "vllm/aeon/r19rb4.py",
            "from packaging.version import Version\n\nimport vllm\n"
            + PA
            + "def aeon_mark(address: int, comm_key: bytes) -> None:\n"
            '    if Version(vllm.__version__) < Version("0.20"):\n'
            "        pynccl_allocator._registered_base_addrs.add(address)\n"
            "    else:\n"
            "        pynccl_allocator._registered_base_addrs.setdefault(comm_key, set()).add(address)\n",
            "        pynccl_allocator._registered_base_addrs.add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: the new spelling, a set per communicator",
        K(
            *RB,
            "vllm/aeon/r19rb5.py",
            PA + "def aeon_mark(address: int, comm_key: bytes) -> None:\n"
            "    pynccl_allocator._registered_base_addrs.setdefault(comm_key, set()).add(address)\n",
            "    pynccl_allocator._registered_base_addrs.setdefault(comm_key, set()).add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: the fork module's own set of the name",
        K(
            *RB,
            "vllm/aeon/r19rb6.py",
            "_registered_base_addrs = set()  # AEON: the fork's own pre-registered windows\n\n\n"
            "def aeon_mark(address: int) -> None:\n"
            "    _registered_base_addrs.add(address)\n",
            "    _registered_base_addrs.add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: a fork class's own self._registered_base_addrs set",
        K(
            *RB,
            "vllm/aeon/r19rb7.py",
            PA + "class AeonWindows:\n"
            "    def __init__(self) -> None:\n"
            "        self._registered_base_addrs: set[int] = set()\n\n"
            "    def aeon_mark(self, address: int) -> None:\n"
            "        self._registered_base_addrs.add(address)\n"
            "        pynccl_allocator._registered_base_addrs.clear()\n",
            "        self._registered_base_addrs.add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: add() on a getattr with a set default",
        K(
            *RB,
            "vllm/aeon/r19rb8.py",
            PA + "def aeon_known(address: int) -> int:\n"
            '    known = set(getattr(pynccl_allocator, "_aeon_windows", set()))\n'
            "    known.add(address)\n"
            "    return len(pynccl_allocator._registered_base_addrs) + len(known)\n",
            "    known.add(address)",
        ),
    ),
]

# --- 740f379fae (#46065): rocm_aiter_ops.get_aiter_allreduce() -> AiterCustomAllreduceProto | None made an
#     unannotated body returning the communicator's AiterCustomAllreduce (AITER's object behind .aiter_ca)
AI = ("#46065", "740f379fae", "get_aiter_allreduce returns the communicator's AiterCustomAllreduce wrapper")
AIO = "import torch\n\nfrom vllm._aiter_ops import rocm_aiter_ops\n\n\n"
CASES += [
    (
        "#46065 return made a wrapper",
        "an early return on AITER's field",
        K(
            *AI,
            "vllm/aeon/r19ai0.py",
            AIO + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    if aiter_ar is None:\n"
            "        return False\n"
            "    if not aiter_ar.fully_connected:  # AEON: the MI300 half of the fleet\n"
            "        return False\n"
            "    return True\n",
            "    if not aiter_ar.fully_connected:  # AEON: the MI300 half of the fleet",
        ),
    ),
]
TWINS += [
    (
        "#46065 return made a wrapper",
        "twin: the new spelling through .aiter_ca",
        K(
            *AI,
            "vllm/aeon/r19ai1.py",
            AIO + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    return aiter_ar is not None and aiter_ar.aiter_ca.fully_connected\n",
            "    return aiter_ar is not None and aiter_ar.aiter_ca.fully_connected",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the read under hasattr",
        K(
            *AI,
            "vllm/aeon/r19ai2.py",
            AIO + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            '    if aiter_ar is not None and hasattr(aiter_ar, "fully_connected"):\n'
            "        return aiter_ar.fully_connected\n"
            "    return aiter_ar is not None and aiter_ar.aiter_ca.fully_connected\n",
            "        return aiter_ar.fully_connected",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the read in a try catching AttributeError",
        K(
            *AI,
            "vllm/aeon/r19ai3.py",
            AIO + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    if aiter_ar is None:\n"
            "        return False\n"
            "    try:\n"
            "        return aiter_ar.fully_connected  # AEON: older upstreams handed AITER's object\n"
            "    except AttributeError:\n"
            "        return aiter_ar.aiter_ca.fully_connected\n",
            "        return aiter_ar.fully_connected  # AEON: older upstreams handed AITER's object",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: getattr with a default",
        K(
            *AI,
            "vllm/aeon/r19ai4.py",
            AIO + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            '    return bool(getattr(aiter_ar, "fully_connected", False))\n',
            '    return bool(getattr(aiter_ar, "fully_connected", False))',
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the read where isinstance refutes the wrapper",
        K(
            *AI,
            "vllm/aeon/r19ai5.py",
            "from vllm.distributed.device_communicators.aiter_custom_all_reduce import AiterCustomAllreduce\n"
            + AIO
            + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    if aiter_ar is None:\n"
            "        return False\n"
            "    if isinstance(aiter_ar, AiterCustomAllreduce):\n"
            "        return aiter_ar.aiter_ca.fully_connected\n"
            "    return aiter_ar.fully_connected  # AEON: older upstreams handed AITER's object\n",
            "    return aiter_ar.fully_connected  # AEON: older upstreams handed AITER's object",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: a member the wrapper keeps, capture()",
        K(
            *AI,
            "vllm/aeon/r19ai6.py",
            "import contextlib\n\n" + AIO + "def aeon_capture() -> contextlib.AbstractContextManager[None]:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    return contextlib.nullcontext() if aiter_ar is None else aiter_ar.capture()\n",
            "    return contextlib.nullcontext() if aiter_ar is None else aiter_ar.capture()",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: a fork subclass of rocm_aiter_ops overriding the getter",
        K(
            *AI,
            "vllm/aeon/r19ai7.py",
            "from typing import Any\n\n" + AIO + "class aeon_aiter_ops(rocm_aiter_ops):  # noqa: N801\n"
            "    _AEON_AR: Any = None  # AEON: AITER's own object, kept by the fork's launcher\n\n"
            "    @classmethod\n"
            "    def get_aiter_allreduce(cls) -> Any:\n"
            "        return cls._AEON_AR\n\n\n"
            "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = aeon_aiter_ops.get_aiter_allreduce()\n"
            "    return aiter_ar is not None and aiter_ar.fully_connected\n",
            "    return aiter_ar is not None and aiter_ar.fully_connected",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: a fork module's namesake getter",
        K(
            *AI,
            "vllm/aeon/r19ai8.py",
            "from typing import Any\n\n_AEON_AR: Any = None\n\n\n"
            "def get_aiter_allreduce() -> Any:\n"
            "    return _AEON_AR  # AEON: AITER's own object, kept by the fork's launcher\n\n\n"
            "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = get_aiter_allreduce()\n"
            "    return aiter_ar is not None and aiter_ar.fully_connected\n",
            "    return aiter_ar is not None and aiter_ar.fully_connected",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the read under a version test",
        K(
            *AI,
            "vllm/aeon/r19ai9.py",
            "from packaging.version import Version\n\nimport vllm\n" + AIO + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    if aiter_ar is None:\n"
            "        return False\n"
            '    if Version(vllm.__version__) < Version("0.20"):\n'
            "        return aiter_ar.fully_connected\n"
            "    return aiter_ar.aiter_ca.fully_connected\n",
            "        return aiter_ar.fully_connected",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the result annotated with the wrapper, read through aiter_ca",
        K(
            *AI,
            "vllm/aeon/r19ai10.py",
            "from vllm.distributed.device_communicators.aiter_custom_all_reduce import AiterCustomAllreduce\n"
            + AIO
            + "def aeon_max_bytes() -> int:\n"
            "    aiter_ar: AiterCustomAllreduce | None = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    return 0 if aiter_ar is None else aiter_ar.aiter_ca.max_size\n",
            "    return 0 if aiter_ar is None else aiter_ar.aiter_ca.max_size",
        ),
    ),
]


# --- round 1b: guards and shims a maintainer writes (suppress, an early exit, a conditional expression, a
#     patch of upstream's class in the fork file, the fork's namesake class, a fork helper taking the value)
TWINS += [
    (
        "#40881 tuple made an object",
        "twin: the unpack under contextlib.suppress(TypeError)",
        K(
            *NX,
            "vllm/aeon/r19nx12.py",
            "import contextlib\n\n" + NXI + "def aeon_ep_size() -> int:\n"
            "    ep_size = 0\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    with contextlib.suppress(TypeError):\n"
            "        _, ep_size = state  # AEON: older upstreams kept (buffer, ep_size)\n"
            "    return ep_size\n",
            "        _, ep_size = state  # AEON: older upstreams kept (buffer, ep_size)",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the unpack past an early exit on not isinstance(state, tuple)",
        K(
            *NX,
            "vllm/aeon/r19nx13.py",
            NXI + "def aeon_ep_size() -> int:\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    if state is None:\n"
            "        return 0\n"
            "    if not isinstance(state, tuple):\n"
            "        return state.connected_ep_size\n"
            "    _, ep_size = state  # AEON: older upstreams kept (buffer, ep_size)\n"
            "    return ep_size\n",
            "    _, ep_size = state  # AEON: older upstreams kept (buffer, ep_size)",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the subscript in a conditional expression on isinstance(state, tuple)",
        K(
            *NX,
            "vllm/aeon/r19nx14.py",
            NXI + "def aeon_ep_size() -> int:\n"
            "    state = NixlEPAll2AllManager._buffer\n"
            "    assert state is not None\n"
            "    return state[1] if isinstance(state, tuple) else state.connected_ep_size\n",
            "    return state[1] if isinstance(state, tuple) else state.connected_ep_size",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the fork file patches __iter__ onto upstream's new class",
        K(
            *NX,
            "vllm/aeon/r19nx15.py",
            "from vllm.distributed.device_communicators import all2all\n"
            + NXI
            + "# AEON: the elastic EP carries unpack (buffer, ep_size); keep them working on the dataclass\n"
            "all2all._NixlEPBufferState.__iter__ = lambda self: iter((self.buffer, self.connected_ep_size))  # type: ignore[attr-defined]\n\n\n"
            "def aeon_ep_size() -> int:\n"
            "    assert NixlEPAll2AllManager._buffer is not None\n"
            "    _, ep_size = NixlEPAll2AllManager._buffer\n"
            "    return ep_size\n",
            "    _, ep_size = NixlEPAll2AllManager._buffer",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the fork's own namesake class (a CPU stand-in), not upstream's",
        K(
            *NX,
            "vllm/aeon/r19nx16.py",
            "from typing import Any\n\n\n"
            "class NixlEPAll2AllManager:  # AEON: the CPU test double the fleet's smoke tests import\n"
            "    _buffer: tuple[Any, int] | None = None\n\n\n"
            "def aeon_ep_size() -> int:\n"
            "    if NixlEPAll2AllManager._buffer is None:\n"
            "        return 0\n"
            "    _, ep_size = NixlEPAll2AllManager._buffer\n"
            "    return ep_size\n",
            "    _, ep_size = NixlEPAll2AllManager._buffer",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: a fork helper's result unpacked, the field handed to it",
        K(
            *NX,
            "vllm/aeon/r19nx17.py",
            NXI + "def aeon_split(state: Any) -> tuple[Any, int]:\n"
            "    return state.buffer, state.connected_ep_size\n\n\n"
            "def aeon_ep_size() -> int:\n"
            "    _, ep_size = aeon_split(NixlEPAll2AllManager._buffer)\n"
            "    return ep_size\n",
            "    _, ep_size = aeon_split(NixlEPAll2AllManager._buffer)",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: a fork subclass whose property _buffer hands back a tuple",
        K(
            *NX,
            "vllm/aeon/r19nx18.py",
            NXI + "class AeonNixlEP(NixlEPAll2AllManager):\n"
            "    @property\n"
            "    def _buffer(self) -> tuple[Any, int]:  # type: ignore[override]\n"
            "        state = NixlEPAll2AllManager._buffer\n"
            "        return (None, 0) if state is None else (state.buffer, state.connected_ep_size)\n\n"
            "    def aeon_ep_size(self) -> int:\n"
            "        _, ep_size = self._buffer\n"
            "        return ep_size\n",
            "        _, ep_size = self._buffer",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: add() under contextlib.suppress(AttributeError)",
        K(
            *RB,
            "vllm/aeon/r19rb9.py",
            "import contextlib\n\n" + PA + "def aeon_mark(address: int) -> None:\n"
            "    with contextlib.suppress(AttributeError):  # AEON: newer upstreams key the sets by communicator\n"
            "        pynccl_allocator._registered_base_addrs.add(address)\n",
            "        pynccl_allocator._registered_base_addrs.add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: add() past an early exit on not isinstance(..., set)",
        K(
            *RB,
            "vllm/aeon/r19rb10.py",
            PA + "def aeon_mark(address: int, comm_key: bytes) -> None:\n"
            "    registered = pynccl_allocator._registered_base_addrs\n"
            "    if not isinstance(registered, set):\n"
            "        registered.setdefault(comm_key, set()).add(address)\n"
            "        return\n"
            "    registered.add(address)\n",
            "    registered.add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: add() in a conditional expression on isinstance",
        K(
            *RB,
            "vllm/aeon/r19rb11.py",
            PA + "def aeon_mark(address: int, comm_key: bytes) -> None:\n"
            "    registered = pynccl_allocator._registered_base_addrs\n"
            "    registered.add(address) if isinstance(registered, set) else registered.setdefault(comm_key, set()).add(address)\n",
            "    registered.add(address) if isinstance(registered, set) else registered.setdefault(comm_key, set()).add(address)",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: add() on a set the function copied out of the table",
        K(
            *RB,
            "vllm/aeon/r19rb12.py",
            PA + "def aeon_with(address: int) -> set[int]:\n"
            "    registered = set(pynccl_allocator._registered_base_addrs)\n"
            "    registered.add(address)\n"
            "    return registered\n",
            "    registered.add(address)",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the read under contextlib.suppress(AttributeError)",
        K(
            *AI,
            "vllm/aeon/r19ai11.py",
            "import contextlib\n\n" + AIO + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    with contextlib.suppress(AttributeError):\n"
            "        return bool(aiter_ar.fully_connected)  # AEON: older upstreams handed AITER's object\n"
            "    return aiter_ar is not None and aiter_ar.aiter_ca.fully_connected\n",
            "        return bool(aiter_ar.fully_connected)  # AEON: older upstreams handed AITER's object",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the read past an early exit on isinstance of the wrapper",
        K(
            *AI,
            "vllm/aeon/r19ai12.py",
            "from vllm.distributed.device_communicators.aiter_custom_all_reduce import AiterCustomAllreduce\n"
            + AIO
            + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    if aiter_ar is None:\n"
            "        return False\n"
            "    if isinstance(aiter_ar, AiterCustomAllreduce):\n"
            "        return aiter_ar.aiter_ca.fully_connected\n"
            "    return aiter_ar.fully_connected  # AEON: older upstreams handed AITER's object\n",
            "    return aiter_ar.fully_connected  # AEON: older upstreams handed AITER's object",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the local rebound to AITER's object behind the wrapper",
        K(
            *AI,
            "vllm/aeon/r19ai13.py",
            AIO + "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            '    aiter_ar = getattr(aiter_ar, "aiter_ca", aiter_ar)  # AEON: both upstreams\n'
            "    return aiter_ar is not None and aiter_ar.fully_connected\n",
            "    return aiter_ar is not None and aiter_ar.fully_connected",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the fork file patches the member onto the wrapper",
        K(
            *AI,
            "vllm/aeon/r19ai14.py",
            "from vllm.distributed.device_communicators.aiter_custom_all_reduce import AiterCustomAllreduce\n"
            + AIO
            + "# AEON: the fleet's carries read AITER's fields off the getter's value; keep them on the wrapper\n"
            "AiterCustomAllreduce.fully_connected = property(lambda self: self.aiter_ca.fully_connected)  # type: ignore[attr-defined]\n\n\n"
            "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    return aiter_ar is not None and aiter_ar.fully_connected\n",
            "    return aiter_ar is not None and aiter_ar.fully_connected",
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the chain through .aiter_ca off the call",
        K(
            *AI,
            "vllm/aeon/r19ai15.py",
            AIO + "def aeon_full_mesh() -> bool:\n"
            "    return bool(rocm_aiter_ops.get_aiter_allreduce().aiter_ca.fully_connected)  # type: ignore[union-attr]\n",
            "    return bool(rocm_aiter_ops.get_aiter_allreduce().aiter_ca.fully_connected)  # type: ignore[union-attr]",
        ),
    ),
]


# --- round 3: the fork's namesakes in its other modules, and its own subclasses of upstream's new class
TWINS += [
    (
        "#40881 tuple made an object",
        "twin: the fork's namesake class imported from its own module",
        Killer(
            *NX,
            (
                Edit(
                    "vllm/aeon/r19stand_in.py",
                    "from typing import Any\n\n\n"
                    "class NixlEPAll2AllManager:  # AEON: the CPU stand-in the fleet's smoke runs use\n"
                    "    _buffer: tuple[Any, int] | None = None\n",
                ),
                Edit(
                    "vllm/aeon/r19nx19.py",
                    "from vllm.aeon.r19stand_in import NixlEPAll2AllManager\n\n\n"
                    "def aeon_ep_size() -> int:\n"
                    "    if NixlEPAll2AllManager._buffer is None:\n"
                    "        return 0\n"
                    "    _, ep_size = NixlEPAll2AllManager._buffer\n"
                    "    return ep_size\n",
                ),
            ),
            (("vllm/aeon/r19nx19.py", "    _, ep_size = NixlEPAll2AllManager._buffer"),),
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: a parameter typed with the fork's own Protocol of the name",
        K(
            *NX,
            "vllm/aeon/r19nx20.py",
            "from typing import Any, Protocol\n\n\n"
            "class AeonHasBuffer(Protocol):\n"
            "    _buffer: tuple[Any, int]\n\n\n"
            "def aeon_ep_size(manager: AeonHasBuffer) -> int:\n"
            "    _, ep_size = manager._buffer\n"
            "    return ep_size\n",
            "    _, ep_size = manager._buffer",
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the fork stores its own iterable subclass of the new class, then unpacks",
        K(
            *NX,
            "vllm/aeon/r19nx21.py",
            "from collections.abc import Iterator\n\n"
            "from vllm.distributed.device_communicators.all2all import _NixlEPBufferState\n" + NXI + ""
            "class AeonBufferState(_NixlEPBufferState):\n"
            "    # AEON: the elastic EP carries unpack (buffer, ep_size)\n"
            "    def __iter__(self) -> Iterator[Any]:\n"
            "        return iter((self.buffer, self.connected_ep_size))\n\n\n"
            "def aeon_connect(buffer: Any, ep_size: int) -> int:\n"
            "    NixlEPAll2AllManager._buffer = AeonBufferState(buffer, ep_size, ep_size)\n"
            "    _, ep_size = NixlEPAll2AllManager._buffer\n"
            "    return ep_size\n",
            "    _, ep_size = NixlEPAll2AllManager._buffer",
        ),
    ),
    (
        "#46703 set made a dict",
        "twin: the fork's own module of the same name",
        Killer(
            *RB,
            (
                Edit(
                    "vllm/aeon/r19pa/pynccl_allocator.py",
                    "_registered_base_addrs: set[int] = set()  # AEON: the host pool\n",
                ),
                Edit("vllm/aeon/r19pa/__init__.py", ""),
                Edit(
                    "vllm/aeon/r19rb13.py",
                    "from vllm.aeon.r19pa import pynccl_allocator\n\n\n"
                    "def aeon_mark(address: int) -> None:\n"
                    "    pynccl_allocator._registered_base_addrs.add(address)\n",
                ),
            ),
            (("vllm/aeon/r19rb13.py", "    pynccl_allocator._registered_base_addrs.add(address)"),),
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the fork's subclass of the wrapper declares the member, and the fork builds it",
        K(
            *AI,
            "vllm/aeon/r19ai16.py",
            "from vllm.distributed.device_communicators import cuda_communicator\n"
            "from vllm.distributed.device_communicators.aiter_custom_all_reduce import AiterCustomAllreduce\n"
            + AIO
            + "class AeonAiterCustomAllreduce(AiterCustomAllreduce):\n"
            "    @property\n"
            "    def fully_connected(self) -> bool:  # AEON: the carries read AITER's field off the getter\n"
            "        return bool(self.aiter_ca.fully_connected)\n\n\n"
            "cuda_communicator.AiterCustomAllreduce = AeonAiterCustomAllreduce  # type: ignore[misc]\n\n\n"
            "def aeon_full_mesh() -> bool:\n"
            "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
            "    return aiter_ar is not None and aiter_ar.fully_connected\n",
            "    return aiter_ar is not None and aiter_ar.fully_connected",
        ),
    ),
]

TWINS += [
    (
        "#40881 tuple made an object",
        "twin: the fork's subclass declaring its own _buffer, imported from another fork module",
        Killer(
            *NX,
            (
                Edit(
                    "vllm/aeon/r19nixl.py",
                    NXI + "class AeonNixlEP(NixlEPAll2AllManager):\n"
                    "    _buffer: tuple[Any, int] | None = None  # AEON: the staging buffer, not upstream's state\n",
                ),
                Edit(
                    "vllm/aeon/r19nx22.py",
                    "from vllm.aeon.r19nixl import AeonNixlEP\n\n\n"
                    "def aeon_ep_size(manager: AeonNixlEP) -> int:\n"
                    "    if manager._buffer is None:\n"
                    "        return 0\n"
                    "    _, ep_size = manager._buffer\n"
                    "    return ep_size\n",
                ),
            ),
            (("vllm/aeon/r19nx22.py", "    _, ep_size = manager._buffer"),),
        ),
    ),
    (
        "#40881 tuple made an object",
        "twin: the same subclass's class attribute read off its name in another fork module",
        Killer(
            *NX,
            (
                Edit(
                    "vllm/aeon/r19nixl2.py",
                    NXI + "class AeonNixlEP(NixlEPAll2AllManager):\n"
                    "    _buffer: tuple[Any, int] | None = None  # AEON: the staging buffer, not upstream's state\n",
                ),
                Edit(
                    "vllm/aeon/r19nx23.py",
                    "from vllm.aeon.r19nixl2 import AeonNixlEP\n\n\n"
                    "def aeon_ep_size() -> int:\n"
                    "    if AeonNixlEP._buffer is None:\n"
                    "        return 0\n"
                    "    _, ep_size = AeonNixlEP._buffer\n"
                    "    return ep_size\n",
                ),
            ),
            (("vllm/aeon/r19nx23.py", "    _, ep_size = AeonNixlEP._buffer"),),
        ),
    ),
    (
        "#46065 return made a wrapper",
        "twin: the fork's subclass of the wrapper in another fork module",
        Killer(
            *AI,
            (
                Edit(
                    "vllm/aeon/r19aiter.py",
                    "from vllm.distributed.device_communicators.aiter_custom_all_reduce import AiterCustomAllreduce\n\n\n"
                    "class AeonAiterCustomAllreduce(AiterCustomAllreduce):\n"
                    "    @property\n"
                    "    def fully_connected(self) -> bool:  # AEON: the carries read AITER's field off the getter\n"
                    "        return bool(self.aiter_ca.fully_connected)\n",
                ),
                Edit(
                    "vllm/aeon/r19ai17.py",
                    AIO + "def aeon_full_mesh() -> bool:\n"
                    "    aiter_ar = rocm_aiter_ops.get_aiter_allreduce()\n"
                    "    return aiter_ar is not None and aiter_ar.fully_connected\n",
                ),
            ),
            (("vllm/aeon/r19ai17.py", "    return aiter_ar is not None and aiter_ar.fully_connected"),),
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review19-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
