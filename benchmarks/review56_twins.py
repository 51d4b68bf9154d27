"""Adversarial twins of mend49's guards: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like a presence test the engine read
only in its inline spelling, but right after the merge (the merge base is the commit's first parent,
upstream the commit):

- a local bound once to ``getattr(x, "name", None)`` and tested like the inline form (review49's leftover):
  #33362 (010ec0c30e, ``Platform.seed_everything`` removed; ``Platform.__getattr__`` answers None for it) and
  #44825 (fb42e5219e, ``CpuPlatform.mem_get_info`` removed): ``fn = getattr(p, "name", None)`` then ``if fn
  is not None:`` / ``if fn is None: return`` / ``if callable(fn):`` / ``... if fn else ...`` before the
  member's read;
- a module flag's own ``hasattr`` line (review48's leftover): #52372 (dc9ae4b8ac, the Mooncake store's
  ``KVCacheStoreSendingThread.add_stored_request`` removed): ``_COUNTED = hasattr(Thread, "add_stored_request")``
  then ``if _COUNTED: return <old path>`` and the new one after it (or in an ``else``, or negated); a local flag;
- a class-dict presence test (review48's leftover): #33465 (1dfd64c1cc, ``VocabParallelEmbedding.
  forward_native`` renamed ``forward``): ``"forward_native" in type(emb).__dict__`` (``vars(type(emb))``,
  ``VocabParallelEmbedding.__dict__``) before ``emb.forward_native(ids)``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Base engine (d055983b, before mend49): 3 caught of 3; 13 false errors of 14 twins (the bound probe's call
under its own test was quiet already).  This branch: 3 caught of 3; 1 false error of 14 (3 warned: type
drift's count of ``stored_requests`` under the flag, not these classes').  Left: ``emb.forward_native(ids)``
in the else of ``"forward" in VocabParallelEmbedding.__dict__`` -- a test of the *new* name whose else holds
the old one is a rename's own reading (inline ``hasattr`` of the new name is not read so either), not a
presence test of the name read.  Regression set at this head: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17/47/48_twins 0 false (40, 30, 23, 22, 41), review49_twins 1 false of 25 (unchanged),
blind_replay_mrv2 30 caught, 1 warned, 2 missed of 33 (18 quiet), blind_replay_platcuda 21/21 (10 quiet),
blind_replay_kvnixl 23/23 (10 quiet), all as before; symbol_precision --windows 1: 0 false errors.

  PYTHONPATH=.. python review56_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

CPS = "from vllm.platforms import current_platform\nfrom vllm.utils.torch_utils import set_random_seed\n\n\n"
CPU = "from vllm.platforms.cpu import CpuPlatform\n\n\n"
BOUND = '    seeder = getattr(current_platform, "seed_everything", None)\n'

# --- #33362 (010ec0c30e): Platform.seed_everything removed; Platform.__getattr__ answers None for it
SE = ("#33362", "010ec0c30e", "Platform.seed_everything removed")
CASES += [
    (
        "#33362 seed_everything",
        "the bound probe's test passes by: the call runs either way",
        K(
            *SE,
            "vllm/aeon/r56c1.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n" + BOUND + "    if seeder is None:\n"
            "        set_random_seed(seed)\n"
            "    current_platform.seed_everything(seed)\n",
            "    current_platform.seed_everything(seed)",
        ),
    ),
]
TWINS += [
    (
        "#33362 seed_everything",
        "a bound probe tested is not None",
        K(
            *SE,
            "vllm/aeon/r56t1.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n" + BOUND + "    if seeder is not None:\n"
            "        current_platform.seed_everything(seed)\n"
            "    else:\n"
            "        set_random_seed(seed)\n",
            "        current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "a bound probe tested is None, returning",
        K(
            *SE,
            "vllm/aeon/r56t2.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n" + BOUND + "    if seeder is None:\n"
            "        set_random_seed(seed)\n"
            "        return\n"
            "    current_platform.seed_everything(seed)\n",
            "    current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "a bound probe tested callable",
        K(
            *SE,
            "vllm/aeon/r56t3.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n" + BOUND + "    if callable(seeder):\n"
            "        current_platform.seed_everything(seed)\n"
            "    else:\n"
            "        set_random_seed(seed)\n",
            "        current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "a bound probe tested in a conditional expression",
        K(
            *SE,
            "vllm/aeon/r56t4.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n" + BOUND + "    reseed = (\n"
            "        current_platform.seed_everything if seeder else set_random_seed\n"
            "    )\n"
            "    reseed(seed)\n",
            "        current_platform.seed_everything if seeder else set_random_seed",
        ),
    ),
    (
        "#33362 seed_everything",
        "a bound probe called under its own test",
        K(
            *SE,
            "vllm/aeon/r56t5.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n" + BOUND + "    if seeder is not None:\n"
            "        seeder(seed)\n"
            "    else:\n"
            "        set_random_seed(seed)\n",
            "        seeder(seed)",
        ),
    ),
]

# --- #44825 (fb42e5219e): CpuPlatform.mem_get_info removed
MG = ("#44825", "fb42e5219e", "CpuPlatform.mem_get_info removed")
TWINS += [
    (
        "#44825 mem_get_info",
        "a bound probe on the class, not negated",
        K(
            *MG,
            "vllm/aeon/r56t6.py",
            "import psutil\n\n" + CPU + "def aeon_free() -> int:\n"
            '    probe = getattr(CpuPlatform, "mem_get_info", None)\n'
            "    if not probe:\n"
            "        return psutil.virtual_memory().available\n"
            "    return CpuPlatform.mem_get_info()[0]\n",
            "    return CpuPlatform.mem_get_info()[0]",
        ),
    ),
]

# --- #52372 (dc9ae4b8ac): KVCacheStoreSendingThread.add_stored_request removed
SJ = ("#52372", "dc9ae4b8ac", "KVCacheStoreSendingThread.add_stored_request removed")
SEND = (
    "from vllm.distributed.kv_transfer.kv_connector.v1.mooncake.mooncake_store_worker import "
    "KVCacheStoreSendingThread\n\n"
)
FLAG = "_COUNTED = hasattr(KVCacheStoreSendingThread, 'add_stored_request')  # AEON: older stores\n\n\n"
PEND = "def aeon_pending(thread: KVCacheStoreSendingThread, req_id: str) -> bool:\n"
CASES += [
    (
        "#52372 add_stored_request",
        "a module flag over the fork's own work: skipped now, silently",
        K(
            *SJ,
            "vllm/aeon/r56c2.py",
            SEND + FLAG + "def aeon_store(thread: KVCacheStoreSendingThread, req_id: str) -> None:\n"
            "    if _COUNTED:\n"
            "        thread.add_stored_request(req_id)\n",
            "_COUNTED = hasattr(KVCacheStoreSendingThread, 'add_stored_request')  # AEON: older stores",
        ),
    ),
]
TWINS += [
    (
        "#52372 add_stored_request",
        "a module flag, the new path after its test",
        K(
            *SJ,
            "vllm/aeon/r56t7.py",
            SEND + FLAG + PEND + "    if _COUNTED:\n"
            "        return thread.stored_requests.get(req_id, 0) > 0\n"
            "    return bool(thread.stored_requests.get(req_id))\n",
            "_COUNTED = hasattr(KVCacheStoreSendingThread, 'add_stored_request')  # AEON: older stores",
        ),
    ),
    (
        "#52372 add_stored_request",
        "a module flag with an else",
        K(
            *SJ,
            "vllm/aeon/r56t8.py",
            SEND + FLAG + PEND + "    if _COUNTED:\n"
            "        return thread.stored_requests.get(req_id, 0) > 0\n"
            "    else:\n"
            "        return bool(thread.stored_requests.get(req_id))\n",
            "_COUNTED = hasattr(KVCacheStoreSendingThread, 'add_stored_request')  # AEON: older stores",
        ),
    ),
    (
        "#52372 add_stored_request",
        "a module flag negated",
        K(
            *SJ,
            "vllm/aeon/r56t9.py",
            SEND + FLAG + PEND + "    if not _COUNTED:\n"
            "        return bool(thread.stored_requests.get(req_id))\n"
            "    return thread.stored_requests.get(req_id, 0) > 0\n",
            "_COUNTED = hasattr(KVCacheStoreSendingThread, 'add_stored_request')  # AEON: older stores",
        ),
    ),
    (
        "#52372 add_stored_request",
        "a local flag",
        K(
            *SJ,
            "vllm/aeon/r56t10.py",
            SEND + PEND + "    counted = hasattr(thread, 'add_stored_request')\n"
            "    if counted:\n"
            "        return thread.stored_requests.get(req_id, 0) > 0\n"
            "    return bool(thread.stored_requests.get(req_id))\n",
            "    counted = hasattr(thread, 'add_stored_request')",
        ),
    ),
]

# --- #33465 (1dfd64c1cc): VocabParallelEmbedding.forward_native renamed forward
VE = ("#33465", "1dfd64c1cc", "VocabParallelEmbedding.forward_native renamed forward")
EMB = "import torch\n\nfrom vllm.model_executor.layers.vocab_parallel_embedding import VocabParallelEmbedding\n\n\n"
LOOK = "def aeon_lookup(emb: VocabParallelEmbedding, ids: torch.Tensor) -> torch.Tensor:\n"
CASES += [
    (
        "#33465 forward_native",
        "a call under a class-dict test of another name",
        K(
            *VE,
            "vllm/aeon/r56c3.py",
            EMB + LOOK + '    if "weight_loader" in type(emb).__dict__:\n'
            "        return emb.forward_native(ids)\n"
            "    return emb(ids)\n",
            "        return emb.forward_native(ids)",
        ),
    ),
]
TWINS += [
    (
        "#33465 forward_native",
        "a call under its name in type(emb).__dict__",
        K(
            *VE,
            "vllm/aeon/r56t11.py",
            EMB + LOOK + '    if "forward_native" in type(emb).__dict__:\n'
            "        return emb.forward_native(ids)\n"
            "    return emb.forward(ids)\n",
            "        return emb.forward_native(ids)",
        ),
    ),
    (
        "#33465 forward_native",
        "a call under its name in vars(type(emb))",
        K(
            *VE,
            "vllm/aeon/r56t12.py",
            EMB + LOOK + '    if "forward_native" in vars(type(emb)):\n'
            "        return emb.forward_native(ids)\n"
            "    return emb.forward(ids)\n",
            "        return emb.forward_native(ids)",
        ),
    ),
    (
        "#33465 forward_native",
        "the else of the new name in the class's __dict__",
        K(
            *VE,
            "vllm/aeon/r56t13.py",
            EMB + LOOK + '    if "forward" in VocabParallelEmbedding.__dict__:\n'
            "        return emb.forward(ids)\n"
            "    return emb.forward_native(ids)\n",
            "    return emb.forward_native(ids)",
        ),
    ),
    (
        "#33465 forward_native",
        "a call after a negated class-dict test that leaves",
        K(
            *VE,
            "vllm/aeon/r56t14.py",
            EMB + LOOK + '    if "forward_native" not in type(emb).__dict__:\n'
            "        return emb.forward(ids)\n"
            "    return emb.forward_native(ids)\n",
            "    return emb.forward_native(ids)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review56-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
