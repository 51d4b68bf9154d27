"""Adversarial twins of killers217's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a fork op registered under a name upstream now registers in the same library (``drift/claimed_ops.py``, new;
  #16155 ``direct_register_custom_op(op_name="all_gather"/"reduce_scatter")`` in ``parallel_state``): the fork's
  own registering helper that hands ``target_lib=`` its own library, a metrics call keyed ``op_name="all_gather"``
  (no registration), ``target_lib=`` given directly, a ``torch.library.custom_op("aeon::all_gather")``
  decorator, a registration under ``if not hasattr(torch.ops.vllm, "all_gather")``, one in a ``try``, a schema
  defined in the fork's own ``Library``; and a second real commit of the shape, #38445 (559d6710bf)
  ``direct_register_custom_op(op_name="fp32_router_gemm_dispatch")`` at ``gate_linear``'s import: the registrar
  imported under an alias and handed the fork's library, a helper of other parameter names into the fork's
  library, a stats method keyed ``op_name=``, a registration under a ``not in dir(torch.ops.vllm)`` test;
- a fork handler testing a caught exception's text for words upstream's messages no longer hold
  (``drift/message_tests.py``, new; #22144 ``ensure_model_parallel_initialized``'s "but of unexpected size:" ->
  "but of unexpected size. got:"): the pipeline words kept, ``e.args[0]`` of kept words, ``str(e).startswith``
  of the kept head, a fork namesake wrapper of its own raising the old words, a ``.lower()`` test of kept words,
  the kept words tested with ``not in``;
- an ``except AttributeError`` round a call whose def upstream now tests for None first, raising another kind
  (``drift/raised_kinds.py`` None tests as evidence; #21946 ``if self.device_communicator is None: raise
  ValueError``): a group parameter that may itself be None, the communicator called directly off the group,
  a local bound to the communicator, ``except Exception``, a namesake method on the fork's own pool class, a
  ``hasattr`` probe instead of a ``try``, an attribute of the fork's own tensor read in the ``try``;
- an override's named parameter the callers stopped passing (``drift/dropped_kwargs.py`` required keyword-only
  or None-default dereferenced; #11870 ``pynccl_comm.all_reduce(input_)`` without ``stream=``): ``stream or
  current_stream()``, a conditional expression choosing the stream, a nested def's own stream, a stream handed
  to ``torch.cuda.stream(...)`` only, a keyword-only stream defaulted and guarded, a namesake on the fork's own
  module class whose callers bind ``stream=`` by ``functools.partial``, a dereference in a ``try`` catching
  AttributeError, ``getattr(stream, ..., None)``, a sibling method (``all_gather``) whose callers never passed
  the stream, an override the fork's own coordinator calls with ``stream=``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches by
these widenings (blind_replay_pstate2's), kept to show the reach stays.

Round 1 (main at d5c1011b), 6 cases and 33 twins as first written: 6 caught of 6; 3 false errors of 33, 0 warned.
Two are #16155's claimed op: a call keyed ``op_name="all_gather"`` is read as a registration whatever it calls
and whatever library its callee registers into -- the fork's own helper ``aeon_register(op_name=..., ...)`` that
hands ``direct_register_custom_op`` ``target_lib=aeon_lib`` (the fork's library: no clash), and a metrics call
``meter.observe(op_name="all_gather", seconds=...)`` that registers nothing (the same call inside a ``with``
item was quiet only because the walk reads a ``with``'s body, not its items).  One is #11870's dropped keyword:
``AeonSideReducer(torch.nn.Module).all_reduce(self, t, *, stream)``, a namesake on a class of the fork's own
that derives from nothing of the tree defining ``all_reduce`` (its callers bind ``stream=`` by
``functools.partial``, which no call of ``all_reduce`` shows) -- read as an override of the communicator's
method the upstream callers stopped handing ``stream=``.  The message-test (0 of 6) and None-test evidence (0 of
7) widenings held; #21946's "communicator called directly" twin draws a type-drift error on the line before the
twin's (``group.device_communicator`` now ``Optional``: an older check's, in a ``try`` catching AttributeError).
A second batch, #38445's 2 cases and 4 twins (found with ``git log --first-parent -S 'op_name="'``, written after
the first mend and run on d5c1011b's engine through ``AEON_SRC``): 2 caught of 2; 2 false errors of 4, the same
two shapes (a helper of other parameter names into the fork's library, a stats method keyed ``op_name=``).  Round
1 over the whole file at d5c1011b (round-3 cases included): 10 caught of 10; 5 false errors of 37 twins, 0 warned.
Round 2 (this branch): ``drift/claimed_ops.py`` matches a fork registration with upstream's only through the same
registrar (the callee's name, an import alias read as the name imported: #38445's ``register_op`` case stays
caught), and reads a call of a def of the fork's module that hands its own ``op_name``
parameter on to a registrar through to that inner call (its registrar and ``target_lib=``); ``drift/
dropped_kwargs.py`` leaves a required or dereferenced parameter of a namesake alone -- a class whose every base
resolves in the tree without the method or comes from outside the tree (a base of the tree that does not
resolve keeps the finding).  Unit tests that failed before: test_claimed_ops ``own-helper-own-library`` and
``a-call-keyed-op-name``, test_dropped_params ``namesake-outside-base``.  6 caught of 6; 0 false errors of 33
twins (0 warned).
Round 3 (written after the mend): cases the mend must not swallow -- the fork's own helper handing
``op_name`` to ``direct_register_custom_op`` with no ``target_lib=`` (vLLM's library: the clash stands), and a
required ``stream`` on a subclass of the fork's own ``AeonPyNcclBase(PyNcclCommunicator)``: both caught (unit
tests ``own-helper-default-library``, ``through-a-fork-base``).  All rounds, this branch: 10 caught of 10 (with
#38445's two), 0 warned; 0 false errors of 37 twins, 0 warned.
Probing past the replay, a message-test false error of the same class as the twins' (unit test only, no real
commit of the shape found in time): upstream moving a message into a local (``msg = f"..."; raise
ValueError(msg)``, the shape ruff's EM rules write) read the message as a hole and the fork's kept words as
gone; ``drift/message_tests.py`` now keeps a test quiet when any string literal of upstream's file holds its
words (test_message_tests ``kept-in-a-local-message`` failed before; ``reworded-into-a-local`` found).  This file's
line unchanged by it: 10 caught of 10, 0 false errors of 37 twins, 0 warned (HEAD ee56cde2).
Regression set after the mends (each run at the branch's HEAD, the message-test mend's included but for
killer_replay, which holds no message test): killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_pstate2 6 caught, 4 warned, 2 missed of 12 (10 quiet, 1 of them warned), blind_replay_pstate 21
caught, 1 warned of 22 (11 quiet, 1 warned), blind_replay_linears 11/11 (8 quiet), blind_replay_comms 31 caught,
1 warned of 32 (24 quiet, 1 warned), blind_replay_compile 12/12 (9 quiet), blind_replay_nvfp4 15 caught, 1
warned of 16 (10 quiet, 1 warned): each as recorded, 0 false errors.  drift_speed's 150-commit window (3 runs):
claimed_op_drift, dropped_kwarg_drift, message_test_drift 0.000 s each, raised_kind_drift 0.094 s.

  PYTHONPATH=.. python review125_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

PS = "vllm.distributed.parallel_state"

# --- 690fe019f0 (#16155): all_gather/reduce_scatter registered as custom ops in vllm's library
SP = ("#16155", "690fe019f0", 'direct_register_custom_op(op_name="all_gather"/"reduce_scatter") in parallel_state')
OPS = (
    "import torch\n\n"
    f"from {PS} import get_tp_group\n"
    "from vllm.utils import direct_register_custom_op\n\n\n"
    "def aeon_all_gather(tensor: torch.Tensor, dim: int, world_size: int, group_name: str) -> torch.Tensor:\n"
    "    return get_tp_group().all_gather(tensor, dim)\n\n\n"
    "def aeon_all_gather_fake(tensor: torch.Tensor, dim: int, world_size: int, group_name: str) -> torch.Tensor:\n"
    "    shape = list(tensor.shape)\n"
    "    shape[dim] *= world_size\n"
    "    return torch.empty(shape, dtype=tensor.dtype, device=tensor.device)\n\n\n"
)


def _sp(name: str, body: str, line: str, head: str = OPS) -> Killer:
    return K(*SP, f"vllm/aeon/r125{name}.py", head + body, line)


CASES += [
    (
        "#16155 claimed op",
        "a fork op registered as all_gather in the same library (the replay's)",
        _sp(
            "sp0",
            "# AEON: the Spark's sequence-parallel NVFP4 path traces its all-gather as one op\n"
            "direct_register_custom_op(\n"
            '    op_name="all_gather",\n'
            "    op_func=aeon_all_gather,\n"
            "    mutates_args=[],\n"
            "    fake_impl=aeon_all_gather_fake,\n"
            ")\n",
            '    op_name="all_gather",',
        ),
    ),
    (
        "#16155 claimed op",
        "reduce_scatter registered by a positional name",
        _sp(
            "sp00",
            'direct_register_custom_op("reduce_scatter", aeon_all_gather, [], aeon_all_gather_fake)\n',
            'direct_register_custom_op("reduce_scatter", aeon_all_gather, [], aeon_all_gather_fake)',
        ),
    ),
]
TWINS += [
    (
        "#16155 claimed op",
        "twin: the fork's own registering helper handing target_lib= its own library",
        _sp(
            "sp1",
            'aeon_lib = Library("aeon", "FRAGMENT")  # noqa: TID251\n\n\n'
            "def aeon_register(op_name: str, op_func, fake_impl) -> None:\n"
            "    # AEON: every Spark op lives in the fork's own library\n"
            "    direct_register_custom_op(\n"
            "        op_name=op_name, op_func=op_func, mutates_args=[], fake_impl=fake_impl, target_lib=aeon_lib\n"
            "    )\n\n\n"
            'aeon_register(op_name="all_gather", op_func=aeon_all_gather, fake_impl=aeon_all_gather_fake)\n',
            'aeon_register(op_name="all_gather", op_func=aeon_all_gather, fake_impl=aeon_all_gather_fake)',
            head="from torch.library import Library\n\n" + OPS,
        ),
    ),
    (
        "#16155 claimed op",
        "twin: a metrics call keyed op_name= (no registration)",
        _sp(
            "sp2",
            "def aeon_timed_gather(meter, tensor: torch.Tensor, dim: int) -> torch.Tensor:\n"
            '    with meter.timed(op_name="all_gather", nbytes=tensor.nbytes):\n'
            "        return get_tp_group().all_gather(tensor, dim)\n",
            '    with meter.timed(op_name="all_gather", nbytes=tensor.nbytes):',
        ),
    ),
    (
        "#16155 claimed op",
        "twin: target_lib= the fork's own library, given directly",
        _sp(
            "sp3",
            'aeon_lib = Library("aeon", "FRAGMENT")  # noqa: TID251\n'
            "direct_register_custom_op(\n"
            '    op_name="all_gather",\n'
            "    op_func=aeon_all_gather,\n"
            "    mutates_args=[],\n"
            "    fake_impl=aeon_all_gather_fake,\n"
            "    target_lib=aeon_lib,\n"
            ")\n",
            '    op_name="all_gather",',
            head="from torch.library import Library\n\n" + OPS,
        ),
    ),
    (
        "#16155 claimed op",
        "twin: torch.library.custom_op in the fork's namespace",
        _sp(
            "sp4",
            '@torch.library.custom_op("aeon::all_gather", mutates_args=())\n'
            "def aeon_gather_op(tensor: torch.Tensor, dim: int, world_size: int, group_name: str) -> torch.Tensor:\n"
            "    return aeon_all_gather(tensor, dim, world_size, group_name)\n",
            '@torch.library.custom_op("aeon::all_gather", mutates_args=())',
        ),
    ),
    (
        "#16155 claimed op",
        "twin: registered only when the name is free",
        _sp(
            "sp5",
            'if not hasattr(torch.ops.vllm, "all_gather"):\n'
            "    direct_register_custom_op(\n"
            '        op_name="all_gather", op_func=aeon_all_gather, mutates_args=[], fake_impl=aeon_all_gather_fake\n'
            "    )\n",
            '        op_name="all_gather", op_func=aeon_all_gather, mutates_args=[], fake_impl=aeon_all_gather_fake',
        ),
    ),
    (
        "#16155 claimed op",
        "twin: registered in a try (upstream's op kept when it is there)",
        _sp(
            "sp6",
            "try:\n"
            "    direct_register_custom_op(\n"
            '        op_name="reduce_scatter", op_func=aeon_all_gather, mutates_args=[], fake_impl=aeon_all_gather_fake\n'
            "    )\n"
            "except RuntimeError:\n"
            "    pass  # AEON: upstream's reduce_scatter op serves the Spark's SP path too\n",
            '        op_name="reduce_scatter", op_func=aeon_all_gather, mutates_args=[], fake_impl=aeon_all_gather_fake',
        ),
    ),
    (
        "#16155 claimed op",
        "twin: a schema defined in the fork's own Library",
        _sp(
            "sp7",
            'aeon_lib = Library("aeon", "FRAGMENT")  # noqa: TID251\n'
            'aeon_lib.define("all_gather(Tensor tensor, int dim, int world_size, str group_name) -> Tensor")\n'
            'aeon_lib.impl("all_gather", aeon_all_gather, "CUDA")\n',
            'aeon_lib.define("all_gather(Tensor tensor, int dim, int world_size, str group_name) -> Tensor")',
            head="from torch.library import Library\n\n" + OPS,
        ),
    ),
]

TWINS += [
    (
        "#16155 claimed op",
        "twin: a metrics call keyed op_name= as a statement (no registration)",
        _sp(
            "sp8",
            "def aeon_timed_gather(meter, tensor: torch.Tensor, dim: int) -> torch.Tensor:\n"
            "    start = time.perf_counter()\n"
            "    out = get_tp_group().all_gather(tensor, dim)\n"
            '    meter.observe(op_name="all_gather", seconds=time.perf_counter() - start)  # AEON: the Spark\'s NCCL meter\n'
            "    return out\n",
            '    meter.observe(op_name="all_gather", seconds=time.perf_counter() - start)  # AEON: the Spark\'s NCCL meter',
            head="import time\n\n" + OPS,
        ),
    ),
]

CASES += [
    (
        "#16155 claimed op",
        "the fork's own registering helper handing no target_lib= (round 3)",
        _sp(
            "sp9",
            "def aeon_register(op_name: str, op_func, fake_impl) -> None:\n"
            "    # AEON: every Spark op goes through one helper (vLLM's library: no target_lib)\n"
            "    direct_register_custom_op(op_name=op_name, op_func=op_func, mutates_args=[], fake_impl=fake_impl)\n\n\n"
            'aeon_register(op_name="all_gather", op_func=aeon_all_gather, fake_impl=aeon_all_gather_fake)\n',
            'aeon_register(op_name="all_gather", op_func=aeon_all_gather, fake_impl=aeon_all_gather_fake)',
        ),
    ),
]

# --- 559d6710bf (#38445): fp32_router_gemm_dispatch registered at gate_linear's import (a second real commit)
RG = ("#38445", "559d6710bf", 'direct_register_custom_op(op_name="fp32_router_gemm_dispatch") in gate_linear')
RGH = (
    "import torch\n\n"
    "from vllm.utils.torch_utils import direct_register_custom_op{alias}\n\n\n"
    "def aeon_router_gemm(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
    "    # AEON: GB10's router gemm in fp32 on the Spark's own kernel\n"
    "    return torch.nn.functional.linear(x.float(), weight.float(), bias)\n\n\n"
    "def aeon_router_gemm_fake(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
    "    return x.new_empty((x.shape[0], weight.shape[0]), dtype=torch.float32)\n\n\n"
)


def _rg(name: str, body: str, line: str, alias: str = "") -> Killer:
    return K(*RG, f"vllm/aeon/r125{name}.py", RGH.format(alias=alias) + body, line)


CASES += [
    (
        "#38445 claimed op",
        "the fork's backport registered under upstream's new name",
        _rg(
            "rg0",
            'direct_register_custom_op(\n    op_name="fp32_router_gemm_dispatch",\n'
            "    op_func=aeon_router_gemm,\n    fake_impl=aeon_router_gemm_fake,\n)\n",
            '    op_name="fp32_router_gemm_dispatch",',
        ),
    ),
    (
        "#38445 claimed op",
        "the registrar imported under an alias",
        _rg(
            "rg1",
            'register_op(op_name="fp32_router_gemm_dispatch", op_func=aeon_router_gemm, fake_impl=aeon_router_gemm_fake)\n',
            'register_op(op_name="fp32_router_gemm_dispatch", op_func=aeon_router_gemm, fake_impl=aeon_router_gemm_fake)',
            alias=" as register_op",
        ),
    ),
]
TWINS += [
    (
        "#38445 claimed op",
        "twin: an aliased registrar handed the fork's own library",
        _rg(
            "rg2",
            'AEON_LIB = Library("aeon", "FRAGMENT")  # noqa: TID251\n'
            "register_op(\n"
            '    op_name="fp32_router_gemm_dispatch",\n'
            "    op_func=aeon_router_gemm,\n"
            "    fake_impl=aeon_router_gemm_fake,\n"
            "    target_lib=AEON_LIB,\n"
            ")\n",
            '    op_name="fp32_router_gemm_dispatch",',
            alias=" as register_op\nfrom torch.library import Library",
        ),
    ),
    (
        "#38445 claimed op",
        "twin: a helper of other parameter names into the fork's own library",
        _rg(
            "rg3",
            'AEON_LIB = Library("aeon", "FRAGMENT")  # noqa: TID251\n\n\n'
            "def aeon_op(op_name: str, fn, fake) -> None:\n"
            "    direct_register_custom_op(op_name=op_name, op_func=fn, fake_impl=fake, target_lib=AEON_LIB)\n\n\n"
            'aeon_op(op_name="fp32_router_gemm_dispatch", fn=aeon_router_gemm, fake=aeon_router_gemm_fake)\n',
            'aeon_op(op_name="fp32_router_gemm_dispatch", fn=aeon_router_gemm, fake=aeon_router_gemm_fake)',
            alias="\nfrom torch.library import Library",
        ),
    ),
    (
        "#38445 claimed op",
        "twin: a stats method keyed op_name= in a class",
        _rg(
            "rg4",
            "class AeonRouterStats:\n"
            "    def __init__(self, meter) -> None:\n"
            "        self.meter = meter\n\n"
            "    def count(self, x: torch.Tensor) -> None:\n"
            '        self.meter.count(op_name="fp32_router_gemm_dispatch", tokens=x.shape[0])\n',
            '        self.meter.count(op_name="fp32_router_gemm_dispatch", tokens=x.shape[0])',
        ),
    ),
    (
        "#38445 claimed op",
        "twin: registered only when the name is free (a not-in test)",
        _rg(
            "rg5",
            'if "fp32_router_gemm_dispatch" not in dir(torch.ops.vllm):\n'
            "    direct_register_custom_op(\n"
            '        op_name="fp32_router_gemm_dispatch", op_func=aeon_router_gemm, fake_impl=aeon_router_gemm_fake\n'
            "    )\n",
            '        op_name="fp32_router_gemm_dispatch", op_func=aeon_router_gemm, fake_impl=aeon_router_gemm_fake',
        ),
    ),
]

# --- bd3db7f469 (#22144): ensure_model_parallel_initialized's assertion text reworded
AM = ("#22144", "bd3db7f469", 'ensure_model_parallel_initialized: "but of unexpected size: " -> "... size. got: "')


def _am(
    name: str, handler: str, line: str, head: str = f"from {PS} import ensure_model_parallel_initialized\n\n\n"
) -> Killer:
    return K(
        *AM,
        f"vllm/aeon/r125{name}.py",
        head + "def aeon_groups_match(tp: int, pp: int) -> bool:\n"
        "    try:\n"
        "        ensure_model_parallel_initialized(tp, pp)\n"
        "    except AssertionError as e:\n" + handler + "        raise\n"
        "    return True\n",
        line,
    )


CASES += [
    (
        "#22144 message test",
        "a test of the old text (the replay's)",
        _am(
            "am0",
            '        if "already initialized, but of unexpected size:" in str(e):\n            return False\n',
            '        if "already initialized, but of unexpected size:" in str(e):',
        ),
    ),
]
TWINS += [
    (
        "#22144 message test",
        "twin: the pipeline group's kept words",
        _am(
            "am1",
            '        if "pipeline parallel group already initialized" in str(e):\n            return False\n',
            '        if "pipeline parallel group already initialized" in str(e):',
        ),
    ),
    (
        "#22144 message test",
        "twin: e.args[0] of kept words",
        _am(
            "am2",
            '        if "but of unexpected size" in e.args[0]:\n            return False\n',
            '        if "but of unexpected size" in e.args[0]:',
        ),
    ),
    (
        "#22144 message test",
        "twin: str(e).startswith the kept head",
        _am(
            "am3",
            '        if str(e).startswith("tensor parallel group already initialized"):\n            return False\n',
            '        if str(e).startswith("tensor parallel group already initialized"):',
        ),
    ),
    (
        "#22144 message test",
        "twin: the fork's own namesake wrapper raising the old words",
        _am(
            "am4",
            '        if "already initialized, but of unexpected size:" in str(e):\n            return False\n',
            '        if "already initialized, but of unexpected size:" in str(e):',
            head=f"from {PS} import get_tensor_model_parallel_world_size\n\n\n"
            "def ensure_model_parallel_initialized(tp: int, pp: int) -> None:\n"
            "    # AEON: the Spark pair's own check, before upstream's groups exist\n"
            "    size = get_tensor_model_parallel_world_size()\n"
            '    assert size == tp, f"tensor parallel group already initialized, but of unexpected size: {size}"\n\n\n',
        ),
    ),
    (
        "#22144 message test",
        "twin: a lower-cased test of kept words",
        _am(
            "am5",
            '        if "unexpected size" in str(e).lower():\n            return False\n',
            '        if "unexpected size" in str(e).lower():',
        ),
    ),
    (
        "#22144 message test",
        "twin: kept words tested with not in",
        _am(
            "am6",
            '        if "already initialized" not in str(e):\n            return False\n',
            '        if "already initialized" not in str(e):',
        ),
    ),
]

# --- 74333ae2f6 (#21946): a None device communicator raises ValueError (it raised AttributeError off None)
DC = ("#21946", "74333ae2f6", 'collectives raise ValueError("No device communicator found") on a None communicator')
DH = f"import torch\n\nfrom {PS} import GroupCoordinator\n\n\n"


def _dc(name: str, body: str, line: str, head: str = DH) -> Killer:
    return K(*DC, f"vllm/aeon/r125{name}.py", head + body, line)


CASES += [
    (
        "#21946 None test as evidence",
        "an except AttributeError round all_gatherv (the replay's)",
        _dc(
            "dc0",
            "def aeon_gatherv(group: GroupCoordinator, t: torch.Tensor, sizes: list[int]) -> torch.Tensor:\n"
            "    try:\n"
            "        return group.all_gatherv(t, 0, sizes)\n"
            "    except AttributeError:\n"
            "        # AEON: a one-GB10 group has no device communicator\n"
            "        return t\n",
            "    except AttributeError:",
        ),
    ),
]
TWINS += [
    (
        "#21946 None test as evidence",
        "twin: the group itself may be None",
        _dc(
            "dc1",
            "def aeon_gatherv(group: GroupCoordinator | None, t: torch.Tensor, sizes: list[int]) -> torch.Tensor:\n"
            "    try:\n"
            "        return group.all_gatherv(t, 0, sizes)\n"
            "    except AttributeError:  # AEON: no group on a single Spark\n"
            "        return t\n",
            "    except AttributeError:  # AEON: no group on a single Spark",
        ),
    ),
    (
        "#21946 None test as evidence",
        "twin: the communicator called directly off the group",
        _dc(
            "dc2",
            "def aeon_gatherv(group: GroupCoordinator, t: torch.Tensor, sizes: list[int]) -> torch.Tensor:\n"
            "    try:\n"
            "        return group.device_communicator.all_gatherv(t, 0, sizes)\n"
            "    except AttributeError:  # AEON: a one-GB10 group has no device communicator\n"
            "        return t\n",
            "    except AttributeError:  # AEON: a one-GB10 group has no device communicator",
        ),
    ),
    (
        "#21946 None test as evidence",
        "twin: a local bound to the communicator",
        _dc(
            "dc3",
            "def aeon_gatherv(group: GroupCoordinator, t: torch.Tensor, sizes: list[int]) -> torch.Tensor:\n"
            "    try:\n"
            "        comm = group.device_communicator\n"
            "        return comm.all_gatherv(t, 0, sizes)\n"
            "    except AttributeError:  # AEON: no communicator\n"
            "        return t\n",
            "    except AttributeError:  # AEON: no communicator",
        ),
    ),
    (
        "#21946 None test as evidence",
        "twin: except Exception",
        _dc(
            "dc4",
            "def aeon_gatherv(group: GroupCoordinator, t: torch.Tensor, sizes: list[int]) -> torch.Tensor:\n"
            "    try:\n"
            "        return group.all_gatherv(t, 0, sizes)\n"
            "    except Exception:  # AEON: any failure: keep the local shard\n"
            "        return t\n",
            "    except Exception:  # AEON: any failure: keep the local shard",
        ),
    ),
    (
        "#21946 None test as evidence",
        "twin: a namesake all_gatherv on the fork's own pool class",
        _dc(
            "dc5",
            "class AeonGatherPool:\n"
            "    def __init__(self) -> None:\n"
            "        self.buffer: torch.Tensor | None = None\n\n"
            "    def all_gatherv(self, t: torch.Tensor, dim: int, sizes: list[int]) -> torch.Tensor:\n"
            "        return self.buffer.narrow(dim, 0, sum(sizes)).copy_(t)\n\n\n"
            "def aeon_pooled(pool: AeonGatherPool, t: torch.Tensor, sizes: list[int]) -> torch.Tensor:\n"
            "    try:\n"
            "        return pool.all_gatherv(t, 0, sizes)\n"
            "    except AttributeError:  # AEON: the pool's buffer is not allocated yet\n"
            "        return t\n",
            "    except AttributeError:  # AEON: the pool's buffer is not allocated yet",
        ),
    ),
    (
        "#21946 None test as evidence",
        "twin: an attribute of the fork's own optional tensor read in the try",
        _dc(
            "dc6",
            "def aeon_gatherv(group: GroupCoordinator, t: torch.Tensor | None, sizes: list[int]) -> torch.Tensor | None:\n"
            "    try:\n"
            "        return group.all_gatherv(t.contiguous(), 0, sizes)\n"
            "    except AttributeError:  # AEON: a rank with no tokens hands None\n"
            "        return None\n",
            "    except AttributeError:  # AEON: a rank with no tokens hands None",
        ),
    ),
    (
        "#21946 None test as evidence",
        "twin: the fork's own subclass method tested before the call",
        _dc(
            "dc7",
            "class AeonGroup(GroupCoordinator):\n"
            "    def aeon_gatherv(self, t: torch.Tensor, sizes: list[int]) -> torch.Tensor:\n"
            "        if self.device_communicator is None:\n"
            "            return t  # AEON: a one-GB10 group\n"
            "        try:\n"
            "            return self.all_gatherv(t, 0, sizes)\n"
            "        except AttributeError:\n"
            "            return self.aeon_fallback(t)\n",
            "        except AttributeError:",
        ),
    ),
]

# --- 310aca88c9 (#11870): GroupCoordinator.all_reduce no longer hands stream= to pynccl_comm.all_reduce
ST = ("#11870", "310aca88c9", "pynccl_comm.all_reduce(input_) called without stream=")
NC = (
    "import torch\nfrom torch.distributed import ReduceOp\n\n"
    "from vllm.distributed.device_communicators.pynccl import PyNcclCommunicator\n\n\n"
)
SIG = "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, stream=None) -> torch.Tensor:\n"


def _st(name: str, body: str, line: str, head: str = NC, sig: str = SIG) -> Killer:
    return K(
        *ST, f"vllm/aeon/r125{name}.py", head + f"class AeonPyNccl{name}(PyNcclCommunicator):\n" + sig + body, line
    )


CASES += [
    (
        "#11870 dropped keyword",
        "an override that requires the stream (the replay's)",
        _st(
            "st0",
            "        return super().all_reduce(in_tensor, op, stream=stream)\n",
            "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, *, stream: torch.cuda.Stream) -> torch.Tensor:",
            sig="    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, *, stream: torch.cuda.Stream) -> torch.Tensor:\n",
        ),
    ),
    (
        "#11870 dropped keyword",
        "an override dereferencing the stream unguarded (the replay's)",
        _st(
            "st00",
            "        stream.wait_stream(self.aeon_stream)  # AEON: the fused NVFP4 epilogue's stream\n"
            "        return super().all_reduce(in_tensor, op, stream)\n",
            "        stream.wait_stream(self.aeon_stream)  # AEON: the fused NVFP4 epilogue's stream",
        ),
    ),
]
TWINS += [
    (
        "#11870 dropped keyword",
        "twin: stream or the current stream",
        _st(
            "st1",
            "        stream = stream or torch.cuda.current_stream()\n"
            "        stream.wait_stream(self.aeon_stream)\n"
            "        return super().all_reduce(in_tensor, op, stream)\n",
            "        stream.wait_stream(self.aeon_stream)",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: a conditional expression choosing the stream",
        _st(
            "st2",
            "        s = torch.cuda.current_stream() if stream is None else stream\n"
            "        s.wait_stream(self.aeon_stream)\n"
            "        return super().all_reduce(in_tensor, op, s)\n",
            "        s.wait_stream(self.aeon_stream)",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: a nested def with its own stream",
        _st(
            "st3",
            "        def _fence(stream: torch.cuda.Stream) -> None:\n"
            "            stream.wait_stream(self.aeon_stream)\n\n"
            "        _fence(torch.cuda.current_stream())\n"
            "        return super().all_reduce(in_tensor, op)\n",
            "            stream.wait_stream(self.aeon_stream)",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: the stream handed to torch.cuda.stream only",
        _st(
            "st4",
            "        with torch.cuda.stream(stream):  # AEON: None keeps the current stream\n"
            "            return super().all_reduce(in_tensor, op)\n",
            "        with torch.cuda.stream(stream):  # AEON: None keeps the current stream",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: a keyword-only stream defaulted and guarded",
        _st(
            "st5",
            "        if stream is not None:\n"
            "            stream.wait_stream(self.aeon_stream)\n"
            "        return super().all_reduce(in_tensor, op)\n",
            "            stream.wait_stream(self.aeon_stream)",
            sig="    def all_reduce(\n"
            "        self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, *, stream: torch.cuda.Stream | None = None\n"
            "    ) -> torch.Tensor:\n",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: a namesake on the fork's own module class, stream bound by partial",
        K(
            *ST,
            "vllm/aeon/r125st6.py",
            "import functools\n\nimport torch\n\n\n"
            "class AeonSideReducer(torch.nn.Module):\n"
            "    def all_reduce(self, t: torch.Tensor, *, stream: torch.cuda.Stream) -> torch.Tensor:\n"
            "        with torch.cuda.stream(stream):\n"
            "            return t.mul_(2)\n\n\n"
            "def aeon_reducer(side: torch.cuda.Stream):\n"
            "    # AEON: the Spark's side stream reduces the draft model's logits\n"
            "    return functools.partial(AeonSideReducer().all_reduce, stream=side)\n",
            "    def all_reduce(self, t: torch.Tensor, *, stream: torch.cuda.Stream) -> torch.Tensor:",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: a dereference in a try catching AttributeError",
        _st(
            "st7",
            "        try:\n"
            "            stream.wait_stream(self.aeon_stream)\n"
            "        except AttributeError:  # AEON: no stream handed: the current one\n"
            "            pass\n"
            "        return super().all_reduce(in_tensor, op)\n",
            "            stream.wait_stream(self.aeon_stream)",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: getattr of the stream with a default",
        _st(
            "st8",
            "        handle = getattr(stream, 'cuda_stream', None)  # AEON: logged for the Spark's trace\n"
            "        self.aeon_last_handle = handle\n"
            "        return super().all_reduce(in_tensor, op)\n",
            "        handle = getattr(stream, 'cuda_stream', None)  # AEON: logged for the Spark's trace",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: a sibling method (all_gather) whose callers never passed the stream",
        _st(
            "st9",
            "        stream.wait_stream(self.aeon_stream)\n"
            "        return super().all_gather(output_tensor, input_tensor, stream)\n",
            "        stream.wait_stream(self.aeon_stream)",
            sig="    def all_gather(self, output_tensor: torch.Tensor, input_tensor: torch.Tensor, stream=None):\n",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: a required stream the fork's own coordinator hands",
        K(
            *ST,
            "vllm/aeon/r125st10.py",
            NC + f"from {PS} import GroupCoordinator\n\n\n"
            "class AeonPyNcclSt10(PyNcclCommunicator):\n"
            "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, *, stream: torch.cuda.Stream) -> torch.Tensor:\n"
            "        return super().all_reduce(in_tensor, op, stream=stream)\n\n\n"
            "class AeonGroupSt10(GroupCoordinator):\n"
            "    def all_reduce(self, input_: torch.Tensor) -> torch.Tensor:\n"
            "        # AEON: the Spark pair reduces on its own comm stream\n"
            "        return self.pynccl_comm.all_reduce(input_, stream=self.aeon_stream)\n",
            "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, *, stream: torch.cuda.Stream) -> torch.Tensor:",
        ),
    ),
]

TWINS += [
    (
        "#11870 dropped keyword",
        "twin: a lambda with its own stream",
        _st(
            "st11",
            "        fence = lambda stream: stream.wait_stream(self.aeon_stream)  # noqa: E731\n"
            "        fence(torch.cuda.current_stream())\n"
            "        return super().all_reduce(in_tensor, op)\n",
            "        fence = lambda stream: stream.wait_stream(self.aeon_stream)  # noqa: E731",
        ),
    ),
    (
        "#11870 dropped keyword",
        "twin: a None test written the other way round",
        _st(
            "st12",
            "        if None is not stream:\n"
            "            stream.wait_stream(self.aeon_stream)\n"
            "        return super().all_reduce(in_tensor, op)\n",
            "            stream.wait_stream(self.aeon_stream)",
        ),
    ),
]

CASES += [
    (
        "#11870 dropped keyword",
        "a required stream on a subclass of the fork's own communicator base (round 3)",
        K(
            *ST,
            "vllm/aeon/r125st13.py",
            NC + "class AeonPyNcclBase(PyNcclCommunicator):\n"
            "    aeon_fused = True  # AEON: the Spark's fused NVFP4 epilogue\n\n\n"
            "class AeonPyNcclSt13(AeonPyNcclBase):\n"
            "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, *, stream: torch.cuda.Stream) -> torch.Tensor:\n"
            "        return super().all_reduce(in_tensor, op, stream=stream)\n",
            "    def all_reduce(self, in_tensor: torch.Tensor, op: ReduceOp = ReduceOp.SUM, *, stream: torch.cuda.Stream) -> torch.Tensor:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review125-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
