"""Adversarial twins of killers195's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a return union that gained a project's class whose whole surface is read and lacks the member read
  (``drift/confirmed_unions.py`` with ``drift/tree_surfaces.py``, the ``Union[...]`` spelling counted; #23569
  ``Worker.execute_model -> Optional[Union[ModelRunnerOutput, AsyncModelRunnerOutput]]``, and #31584 (6c2cfb62ff),
  where the pooling models' outputs made ``execute_model`` return ``... | AsyncModelRunnerOutput | None`` again):
  ``get_output()`` when async (the new spelling), the local re-read after resolving it, a ``hasattr`` probe, a
  ``getattr(..., None)``, a ``try``/``except AttributeError``, the fork giving the class the member (an
  attribute assignment, a ``setattr``), the fork's own override resolving the output read through ``super()``
  by its subclass, the fork's own namesake on its own class, the same read off an unchanged class
  (``TPUWorker``), a member every object has, the async output's own ``get_output()``, the model runner's
  widened return told apart, the fork's subclass of the async output with a ``__getattr__``, a helper telling
  the kinds apart;
- a def's returned dict re-keyed by tuples (``drift/rekeyed_returns.py``; #43720
  ``get_kv_connector_handshake_metadata`` keyed by ``(pp_rank, tp_rank)``, and #45880 (7802c20c4e), where
  ``NixlBaseConnectorWorker._nixl_handshake``'s agents were re-keyed the same way): the pair as the index or
  ``.get`` key (the new spelling), the loop unpacking the pair, the key compared with a pair literal, the key
  unpacked in the body, a comprehension unpacking it, a flattened local indexed by the tp rank, the old key in
  a ``try``/``except KeyError``, an ``isinstance`` of a key, the old key under a probe of the pp-aware connector
  API (a version test), the fork's own namesake, an unchanged dict of the worker, membership of the pair.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's four
catches of these widenings (``blind_replay_gpuworker2.py``'s #23569 and #43720 spellings), kept to show the
reach stays.
Round 1 (main at 88c34b38), 4 cases and 31 twins as first written: 4 caught of 4, 1 false error of 31 (the
``setattr``); with 3 twins more, written after reading that output (the shapes nearest it), on the final set 4
caught of 4 and 3 false errors of 34: the fork giving
``AsyncModelRunnerOutput`` the member with ``setattr(Cls, 'req_ids', property(...))`` and with a patched-on
``Cls.__getattr__ = ...`` (2: ``tree_surfaces`` counted only ``Cls.attr = ...``), and the read under ``if ... not
self.model_runner.use_async_scheduling:`` (1: upstream's runner returns the async output only under that flag;
the engine cannot prove it, but the fork's test names the very word that sets the gained class apart).  3
warned: ``meta[key]`` under ``for key in meta`` (a key of the dict itself), ``own = (pp, tp)`` / ``meta[own]``
(two warnings), and the old key under a ``hasattr`` probe of the pp-aware connector API (a warning by design,
``probed_members``).  #31584 (6c2cfb62ff) is a miss of confirmed-union drift on both engines (its one case,
``out.pooler_output`` off ``Worker.execute_model``, was written, missed and taken out: upstream's added tests are
``isinstance(output, AsyncModelRunnerOutput)``, of the gained member, and ``isinstance(output, ModelRunnerOutput |
AsyncModelRunnerOutput | NoneType)``, a ``|`` of kinds, which the confirming read seems not to take as a
class), so its three twins are quiet trivially; #45880 (7802c20c4e) likewise re-keyed ``_nixl_handshake``'s
agents by annotation only (``-> dict[int, str]`` to ``-> dict[tuple[int, int], str]``, a returned local, no
display), and ``_keying`` reads the base's as unknown (an annotation keyed by no tuple is no key kind it
knows): its two twins are quiet trivially too.
A twin dropped on reflection: the fork's own subclass of ``AsyncModelRunnerOutput`` with a delegating
``__getattr__`` (quiet, but upstream's runner hands back its own ``AsyncGPUPoolingModelRunnerOutput``, never
the fork's: the read still raises; replaced by the patched-on ``__getattr__``).
Round 2 (this branch): ``tree_surfaces._patched`` also reads ``setattr(Cls, "attr", ...)`` and a patched-on
``__getattr__``/``__getattribute__``; confirmed-union drift warns instead of erring when the function tests a
name carrying a word of a gained class that no kept member's name has (``use_async_scheduling``:
``async``); rekeyed returns is quiet on a key a loop over the same dict hands back and on a local bound once to
a tuple display.  4 caught of 4; 0 false errors of 34 twins (2 warned: the read under the async flag, by the
mend, and the old key under the ``hasattr`` probe, by design).  ``blind_replay_gpuworker2.py`` as before: 21
caught, 1 warned, 0 missed of 22 (11 twins quiet).  Regression: killer_replay 26/26, kind_change_replay 12/12 (5
twins quiet), blind_replay_tfutils 18 caught, 1 warned of 19 (13 quiet, 1 of them warned, as on main),
review21_twins 5/5 and 0 false errors of 30 (1 warned), key_replay 6/7 re-keyings and 5/5 literal
lookups caught, 0/12 twins with a false finding (all as before).
Round 3 (mend72): ``confirmed_unions._tested`` reads upstream's confirming ``isinstance`` spelt with a ``|`` of
kinds (alone or in a tuple) member by member, as a tuple's.  #31584's case written again (``out.pooler_output``
off a typed worker's ``execute_model``) and a second (``output.req_ids`` off ``super().execute_model(...)``),
with a twin telling the kinds apart by a ``|`` of its own: both caught, 0 false errors of the four #31584 twins.

  PYTHONPATH=.. python review102_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

W0 = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"

# --- cee182b297 (#23569): Worker.execute_model -> Optional[Union[ModelRunnerOutput, AsyncModelRunnerOutput]]
AS = ("#23569", "cee182b297", "execute_model returns ModelRunnerOutput | AsyncModelRunnerOutput")
OUT = "from vllm.v1.outputs import AsyncModelRunnerOutput, ModelRunnerOutput\n"
U = "union gains AsyncModelRunnerOutput"
CASES += [
    (
        f"#23569 {U}",
        "a field read off super()'s return",
        K(
            *AS,
            "vllm/aeon/r102as0.py",
            W0 + "class AeonCountingWorker(Worker):\n"
            "    aeon_tokens = 0\n\n"
            "    def execute_model(self, scheduler_output):\n"
            "        output = super().execute_model(scheduler_output)\n"
            "        if output is not None:\n"
            "            self.aeon_tokens += sum(len(t) for t in output.sampled_token_ids)\n"
            "        return output\n",
            "            self.aeon_tokens += sum(len(t) for t in output.sampled_token_ids)",
        ),
    ),
    (
        f"#23569 {U}",
        "a field read off a typed receiver's return",
        K(
            *AS,
            "vllm/aeon/r102as1.py",
            W0 + "def aeon_step_req_ids(worker: Worker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return out.req_ids if out is not None else []\n",
            "    return out.req_ids if out is not None else []",
        ),
    ),
]
TWINS += [
    (
        f"#23569 {U}",
        "twin: the new spelling, get_output() when async, then the field",
        K(
            *AS,
            "vllm/aeon/r102as2.py",
            OUT + W0 + "def aeon_step_req_ids(worker: Worker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    done = out.get_output() if isinstance(out, AsyncModelRunnerOutput) else out\n"
            "    return done.req_ids if done is not None else []\n",
            "    return done.req_ids if done is not None else []",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the local re-read after resolving the async output",
        K(
            *AS,
            "vllm/aeon/r102as3.py",
            OUT + W0 + "class AeonCountingWorker3(Worker):\n"
            "    aeon_tokens = 0\n\n"
            "    def execute_model(self, scheduler_output):\n"
            "        output = super().execute_model(scheduler_output)\n"
            "        if isinstance(output, AsyncModelRunnerOutput):\n"
            "            output = output.get_output()  # AEON: the meter waits for the step's tokens\n"
            "        if output is not None:\n"
            "            self.aeon_tokens += sum(len(t) for t in output.sampled_token_ids)\n"
            "        return output\n",
            "            self.aeon_tokens += sum(len(t) for t in output.sampled_token_ids)",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: a hasattr probe before the read",
        K(
            *AS,
            "vllm/aeon/r102as4.py",
            W0 + "def aeon_step_req_ids(worker: Worker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    if out is None or not hasattr(out, 'req_ids'):\n"
            "        return []\n"
            "    return out.req_ids\n",
            "    return out.req_ids",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: getattr(out, 'req_ids', None)",
        K(
            *AS,
            "vllm/aeon/r102as5.py",
            W0 + "def aeon_step_req_ids(worker: Worker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return getattr(out, 'req_ids', None) or []\n",
            "    return getattr(out, 'req_ids', None) or []",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the read in a try/except AttributeError",
        K(
            *AS,
            "vllm/aeon/r102as6.py",
            W0 + "def aeon_step_req_ids(worker: Worker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    try:\n"
            "        return list(out.req_ids)\n"
            "    except AttributeError:  # AEON: an async step's output is read when it lands\n"
            "        return []\n",
            "        return list(out.req_ids)",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the fork gives the async output the field (a class-level property, set by attribute)",
        K(
            *AS,
            "vllm/aeon/r102as7.py",
            OUT + W0 + "AsyncModelRunnerOutput.req_ids = property(lambda self: self.get_output().req_ids)\n\n\n"
            "def aeon_step_req_ids(worker: Worker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return out.req_ids if out is not None else []\n",
            "    return out.req_ids if out is not None else []",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the fork gives the async output the field with setattr",
        K(
            *AS,
            "vllm/aeon/r102as8.py",
            OUT
            + W0
            + "setattr(AsyncModelRunnerOutput, 'req_ids', property(lambda self: self.get_output().req_ids))\n\n\n"
            "def aeon_step_req_ids(worker: Worker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return out.req_ids if out is not None else []\n",
            "    return out.req_ids if out is not None else []",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the fork's own override resolving the async output, read through super() by its subclass",
        K(
            *AS,
            "vllm/aeon/r102as9.py",
            OUT + W0 + "class AeonSyncWorker(Worker):\n"
            "    def execute_model(self, scheduler_output) -> ModelRunnerOutput | None:\n"
            "        output = super().execute_model(scheduler_output)\n"
            "        return output.get_output() if isinstance(output, AsyncModelRunnerOutput) else output\n\n\n"
            "class AeonMeteredWorker(AeonSyncWorker):\n"
            "    aeon_reqs = 0\n\n"
            "    def execute_model(self, scheduler_output) -> ModelRunnerOutput | None:\n"
            "        done = super().execute_model(scheduler_output)\n"
            "        self.aeon_reqs += len(done.req_ids) if done is not None else 0\n"
            "        return done\n",
            "        self.aeon_reqs += len(done.req_ids) if done is not None else 0",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the fork's own namesake execute_model on its own class (no Worker)",
        K(
            *AS,
            "vllm/aeon/r102as10.py",
            "from vllm.v1.outputs import EMPTY_MODEL_RUNNER_OUTPUT, ModelRunnerOutput\n\n\nclass AeonReplayWorker:\n"
            "    def execute_model(self, scheduler_output) -> ModelRunnerOutput:\n"
            "        return EMPTY_MODEL_RUNNER_OUTPUT  # AEON: the Spark's dry-run worker schedules nothing\n\n"
            "    def aeon_reqs(self, scheduler_output) -> list[str]:\n"
            "        out = self.execute_model(scheduler_output)\n"
            "        return out.req_ids\n",
            "        return out.req_ids",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the same read off an unchanged worker class (TPUWorker)",
        K(
            *AS,
            "vllm/aeon/r102as11.py",
            "from vllm.v1.worker.tpu_worker import TPUWorker\n\n\n"
            "def aeon_step_req_ids(worker: TPUWorker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return out.req_ids if out is not None else []\n",
            "    return out.req_ids if out is not None else []",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: a member every object has (its class's name, for a log line)",
        K(
            *AS,
            "vllm/aeon/r102as12.py",
            W0 + "def aeon_step_kind(worker: Worker, scheduler_output) -> str:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return out.__class__.__name__\n",
            "    return out.__class__.__name__",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the async output's own get_output() under an isinstance test",
        K(
            *AS,
            "vllm/aeon/r102as13.py",
            OUT + W0 + "def aeon_wait(worker: Worker, scheduler_output) -> ModelRunnerOutput | None:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    if isinstance(out, AsyncModelRunnerOutput):\n"
            "        return out.get_output()\n"
            "    return out\n",
            "        return out.get_output()",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the model runner's widened return, the runner's kinds told apart before the read",
        K(
            *AS,
            "vllm/aeon/r102as14.py",
            OUT + "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n"
            "class AeonRunner(GPUModelRunner):\n"
            "    aeon_steps = 0\n\n"
            "    def execute_model(self, scheduler_output, intermediate_tensors=None):\n"
            "        out = super().execute_model(scheduler_output, intermediate_tensors)\n"
            "        if not isinstance(out, ModelRunnerOutput):\n"
            "            return out\n"
            "        self.aeon_steps += len(out.req_ids)\n"
            "        return out\n",
            "        self.aeon_steps += len(out.req_ids)",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the read only when the runner does not schedule asynchronously",
        K(
            *AS,
            "vllm/aeon/r102as15.py",
            W0 + "class AeonCountingWorker15(Worker):\n"
            "    aeon_reqs = 0\n\n"
            "    def execute_model(self, scheduler_output):\n"
            "        output = super().execute_model(scheduler_output)\n"
            "        # AEON: synchronous steps only: an async step's output is counted when it lands\n"
            "        if output is not None and not self.model_runner.use_async_scheduling:\n"
            "            self.aeon_reqs += len(output.req_ids)\n"
            "        return output\n",
            "            self.aeon_reqs += len(output.req_ids)",
        ),
    ),
    (
        f"#23569 {U}",
        "twin: the fork gives the async output a __getattr__ delegating to its output (a shim)",
        K(
            *AS,
            "vllm/aeon/r102as16.py",
            OUT + W0 + "AsyncModelRunnerOutput.__getattr__ = lambda self, name: getattr(self.get_output(), name)\n\n\n"
            "def aeon_step_req_ids(worker: Worker, scheduler_output) -> list[str]:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return out.req_ids if out is not None else []\n",
            "    return out.req_ids if out is not None else []",
        ),
    ),
]

# --- 6c2cfb62ff (#31584): Worker.execute_model -> ModelRunnerOutput | AsyncModelRunnerOutput | None again
# (#26866 had moved the async output to sample_tokens; pooling models' outputs are async again)
PO = ("#31584", "6c2cfb62ff", "execute_model returns AsyncModelRunnerOutput again (pooling)")
P = "union regains AsyncModelRunnerOutput"
CASES += [
    (
        f"#31584 {P}",
        "a pooling field read off a typed receiver's return",
        K(
            *PO,
            "vllm/aeon/r102po0.py",
            OUT + W0 + "def aeon_pooled(worker: Worker, scheduler_output) -> list:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return out.pooler_output if out is not None else []\n",
            "    return out.pooler_output if out is not None else []",
        ),
    ),
    (
        f"#31584 {P}",
        "a field read off super()'s return",
        K(
            *PO,
            "vllm/aeon/r102po4.py",
            W0 + "class AeonPoolingWorker(Worker):\n"
            "    aeon_seen = 0\n\n"
            "    def execute_model(self, scheduler_output):\n"
            "        output = super().execute_model(scheduler_output)\n"
            "        if output is not None:\n"
            "            self.aeon_seen += len(output.req_ids)\n"
            "        return output\n",
            "            self.aeon_seen += len(output.req_ids)",
        ),
    ),
]
TWINS += [
    (
        f"#31584 {P}",
        "twin: the output resolved as ray_utils does, then the field",
        K(
            *PO,
            "vllm/aeon/r102po1.py",
            OUT + W0 + "def aeon_pooled(worker: Worker, scheduler_output) -> list:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    if isinstance(out, AsyncModelRunnerOutput):\n"
            "        out = out.get_output()\n"
            "    return out.pooler_output if out is not None else []\n",
            "    return out.pooler_output if out is not None else []",
        ),
    ),
    (
        f"#31584 {P}",
        "twin: the kinds told apart by a union isinstance of the fork's own",
        K(
            *PO,
            "vllm/aeon/r102po5.py",
            OUT + W0 + "def aeon_pooled(worker: Worker, scheduler_output) -> list:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    if isinstance(out, AsyncModelRunnerOutput | type(None)):\n"
            "        return []\n"
            "    return out.pooler_output\n",
            "    return out.pooler_output",
        ),
    ),
    (
        f"#31584 {P}",
        "twin: the fork gives the async output a __getattr__ delegating to its output (a shim)",
        K(
            *PO,
            "vllm/aeon/r102po2.py",
            OUT + W0 + "AsyncModelRunnerOutput.__getattr__ = lambda self, name: getattr(self.get_output(), name)\n\n\n"
            "def aeon_pooled(worker: Worker, scheduler_output) -> list:\n"
            "    out = worker.execute_model(scheduler_output)\n"
            "    return out.pooler_output if out is not None else []\n",
            "    return out.pooler_output if out is not None else []",
        ),
    ),
    (
        f"#31584 {P}",
        "twin: a keyword call resolved through a TypeGuard-free helper that tells the kinds apart",
        K(
            *PO,
            "vllm/aeon/r102po3.py",
            OUT + W0 + "def _aeon_done(out):\n"
            "    return out.get_output() if isinstance(out, AsyncModelRunnerOutput) else out\n\n\n"
            "def aeon_pooled(worker: Worker, scheduler_output) -> list:\n"
            "    done = _aeon_done(worker.execute_model(scheduler_output=scheduler_output))\n"
            "    return done.pooler_output if done is not None else []\n",
            "    return done.pooler_output if done is not None else []",
        ),
    ),
]

# --- 96229fa99e (#43720): get_kv_connector_handshake_metadata keyed by (pp_rank, tp_rank), not tp_rank
HS = ("#43720", "96229fa99e", "handshake metadata keyed by (pp_rank, tp_rank)")
GT = "from vllm.distributed.parallel_state import get_pp_group, get_tp_group\n"
R = "returned dict rekeyed by tuples"
CASES += [
    (
        f"#43720 {R}",
        "an int index of super()'s dict by the base's own key",
        K(
            *HS,
            "vllm/aeon/r102hs0.py",
            GT + W0 + "class AeonNixlWorker(Worker):\n"
            "    def get_kv_connector_handshake_metadata(self):\n"
            "        meta = super().get_kv_connector_handshake_metadata()\n"
            "        if meta is None:\n"
            "            return None\n"
            "        self.aeon_handshake = meta[get_tp_group().rank_in_group]\n"
            "        return meta\n",
            "        self.aeon_handshake = meta[get_tp_group().rank_in_group]",
        ),
    ),
    (
        f"#43720 {R}",
        "a key compared with an int literal",
        K(
            *HS,
            "vllm/aeon/r102hs1.py",
            W0 + "def aeon_leader_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    for tp_rank, md in meta.items():\n"
            "        if tp_rank == 0:\n"
            "            return md\n"
            "    return None\n",
            "        if tp_rank == 0:",
        ),
    ),
]
TWINS += [
    (
        f"#43720 {R}",
        "twin: indexed by the (pp_rank, tp_rank) pair (the new spelling)",
        K(
            *HS,
            "vllm/aeon/r102hs2.py",
            GT + W0 + "class AeonNixlWorker2(Worker):\n"
            "    def get_kv_connector_handshake_metadata(self):\n"
            "        meta = super().get_kv_connector_handshake_metadata()\n"
            "        if meta is None:\n"
            "            return None\n"
            "        self.aeon_handshake = meta[(get_pp_group().rank_in_group, get_tp_group().rank_in_group)]\n"
            "        return meta\n",
            "        self.aeon_handshake = meta[(get_pp_group().rank_in_group, get_tp_group().rank_in_group)]",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: .get() by the pair",
        K(
            *HS,
            "vllm/aeon/r102hs3.py",
            GT + W0 + "def aeon_own_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    return meta.get((get_pp_group().rank_in_group, get_tp_group().rank_in_group))\n",
            "    return meta.get((get_pp_group().rank_in_group, get_tp_group().rank_in_group))",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: the loop unpacks the pair, then compares the tp rank",
        K(
            *HS,
            "vllm/aeon/r102hs4.py",
            W0 + "def aeon_leader_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    for (pp_rank, tp_rank), md in meta.items():\n"
            "        if tp_rank == 0 and pp_rank == 0:\n"
            "            return md\n"
            "    return None\n",
            "        if tp_rank == 0 and pp_rank == 0:",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: the key compared with a pair literal",
        K(
            *HS,
            "vllm/aeon/r102hs5.py",
            W0 + "def aeon_leader_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    for key, md in meta.items():\n"
            "        if key == (0, 0):\n"
            "            return md\n"
            "    return None\n",
            "        if key == (0, 0):",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: the key unpacked in the loop's body, its tp half compared",
        K(
            *HS,
            "vllm/aeon/r102hs6.py",
            W0 + "def aeon_leader_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    for key in meta:\n"
            "        _pp, tp = key\n"
            "        if tp == 0:\n"
            "            return meta[key]\n"
            "    return None\n",
            "        if tp == 0:",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: a comprehension unpacking the pair",
        K(
            *HS,
            "vllm/aeon/r102hs7.py",
            W0 + "def aeon_tp0(worker: Worker) -> list:\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    return [md for (_pp, tp), md in meta.items() if tp == 0]\n",
            "    return [md for (_pp, tp), md in meta.items() if tp == 0]",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: flattened to tp ranks first (a local rebinding), then indexed by the tp rank",
        K(
            *HS,
            "vllm/aeon/r102hs8.py",
            GT + W0 + "def aeon_own_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    by_tp = {tp: md for (_pp, tp), md in meta.items()}\n"
            "    return by_tp[get_tp_group().rank_in_group]\n",
            "    return by_tp[get_tp_group().rank_in_group]",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: the old key in a try/except KeyError, the pair in the handler",
        K(
            *HS,
            "vllm/aeon/r102hs9.py",
            GT + W0 + "def aeon_own_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    try:\n"
            "        return meta[get_tp_group().rank_in_group]\n"
            "    except KeyError:  # AEON: newer upstreams key it by (pp_rank, tp_rank)\n"
            "        return meta[(get_pp_group().rank_in_group, get_tp_group().rank_in_group)]\n",
            "        return meta[get_tp_group().rank_in_group]",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: the key's kind told apart with isinstance",
        K(
            *HS,
            "vllm/aeon/r102hs10.py",
            GT + W0 + "def aeon_own_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    if meta and isinstance(next(iter(meta)), tuple):\n"
            "        return meta[(get_pp_group().rank_in_group, get_tp_group().rank_in_group)]\n"
            "    return meta.get(get_tp_group().rank_in_group)\n",
            "    return meta.get(get_tp_group().rank_in_group)",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: the old key under a probe of the pp-aware connector API (a version test)",
        K(
            *HS,
            "vllm/aeon/r102hs11.py",
            GT
            + "from vllm.distributed.kv_transfer.kv_connector.v1.base import KVConnectorBase_V1\n"
            + W0
            + "def aeon_own_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    if hasattr(KVConnectorBase_V1, 'set_xfer_handshake_metadata_pp_aware'):\n"
            "        return meta.get((get_pp_group().rank_in_group, get_tp_group().rank_in_group))\n"
            "    return meta.get(get_tp_group().rank_in_group)\n",
            "    return meta.get(get_tp_group().rank_in_group)",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: the fork's own namesake on its own class, keyed by tp rank",
        K(
            *HS,
            "vllm/aeon/r102hs12.py",
            GT + "\n\nclass AeonSideChannel:\n"
            "    def get_kv_connector_handshake_metadata(self) -> dict:\n"
            "        return {get_tp_group().rank_in_group: self}\n\n"
            "    def aeon_own(self):\n"
            "        meta = self.get_kv_connector_handshake_metadata()\n"
            "        return meta[get_tp_group().rank_in_group]\n",
            "        return meta[get_tp_group().rank_in_group]",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: an unchanged dict of the worker looked up by a literal (get_kv_cache_spec)",
        K(
            *HS,
            "vllm/aeon/r102hs13.py",
            W0 + "def aeon_first_layer_spec(worker: Worker):\n"
            "    specs = worker.get_kv_cache_spec()\n"
            "    return specs.get('model.layers.0.self_attn.attn')\n",
            "    return specs.get('model.layers.0.self_attn.attn')",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: membership of the pair",
        K(
            *HS,
            "vllm/aeon/r102hs14.py",
            W0 + "def aeon_has_leader(worker: Worker) -> bool:\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    return (0, 0) in meta\n",
            "    return (0, 0) in meta",
        ),
    ),
    (
        f"#43720 {R}",
        "twin: the pair bound to a local first, then the index",
        K(
            *HS,
            "vllm/aeon/r102hs15.py",
            GT + W0 + "def aeon_own_metadata(worker: Worker):\n"
            "    meta = worker.get_kv_connector_handshake_metadata() or {}\n"
            "    own = (get_pp_group().rank_in_group, get_tp_group().rank_in_group)\n"
            "    return meta[own] if own in meta else None\n",
            "    return meta[own] if own in meta else None",
        ),
    ),
]

# --- 7802c20c4e (#45880): NixlBaseConnectorWorker._nixl_handshake -> dict[tuple[int, int], str] (was dict[int, str])
NX = ("#45880", "7802c20c4e", "_nixl_handshake's agents keyed by (pp_rank, tp_rank)")
NB = "from vllm.distributed.kv_transfer.kv_connector.v1.nixl.base_worker import NixlBaseConnectorWorker\n\n\n"
TWINS += [
    (
        f"#45880 {R}",
        "twin: the agents looked up by (0, rank) (the new spelling)",
        K(
            *NX,
            "vllm/aeon/r102nx1.py",
            NB + "class AeonNixlWorker(NixlBaseConnectorWorker):\n"
            "    def _nixl_handshake(self, host, port, remote_tp_size, expected_engine_id, *args, **kwargs):\n"
            "        agents = super()._nixl_handshake(host, port, remote_tp_size, expected_engine_id, *args, **kwargs)\n"
            "        self.aeon_leader_agent = agents.get((0, 0))\n"
            "        return agents\n",
            "        self.aeon_leader_agent = agents.get((0, 0))",
        ),
    ),
    (
        f"#45880 {R}",
        "twin: the loop unpacks (pp, tp) and compares the tp rank with 0",
        K(
            *NX,
            "vllm/aeon/r102nx2.py",
            NB + "class AeonNixlWorker2(NixlBaseConnectorWorker):\n"
            "    def _nixl_handshake(self, host, port, remote_tp_size, expected_engine_id, *args, **kwargs):\n"
            "        agents = super()._nixl_handshake(host, port, remote_tp_size, expected_engine_id, *args, **kwargs)\n"
            "        for (_pp, tp), name in agents.items():\n"
            "            if tp == 0:\n"
            "                self.aeon_leader_agent = name\n"
            "        return agents\n",
            "            if tp == 0:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review102-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
