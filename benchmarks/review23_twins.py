"""Adversarial twins of killers119's classes: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the classes catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- undispatched (``drift/undispatched.py``; #21585 removed ``Worker.get_supported_pooling_tasks`` and its
  ``collective_rpc("get_supported_pooling_tasks")``; #36521, 65b2f405dc, removed ``Worker.initialize_cache``
  and ``WorkerBase.initialize_cache`` with their ``collective_rpc("initialize_cache", ...)``, the compiler
  managers keeping a namesake): a call under a ``hasattr`` test of the class, a shim the fork assigns
  (``Worker.name = Worker.new``) or aliases in its subclass's body, ``run_method`` on the model runner
  (which keeps the name), a fork dispatcher onto another object, a name chosen by a ``hasattr`` test;
- a call on a retyped holder (``symbols.py``'s ``_retyped_holder``; #28987 made ``Worker.profiler`` a
  ``TorchProfilerWrapper``, no ``key_averages``): the call under ``isinstance`` of the old class with an
  ``else``, the wrapper's own ``.profiler``, a fork subclass that builds its own torch profiler (in its
  module or in its base's module), a fork wrapper subclass that adds the member, ``hasattr``/``getattr``/
  ``try`` guards, a fork class of its own with a ``profiler``, a ``CPUWorker`` (which still builds a torch
  profiler);
- a test for the class a holder is no longer built as (``symbols.py``'s ``_dead_test``): a branch that
  returns early with the new handling after it, a sibling test for the wrapper, a test gated on the old
  API being there, a tuple of both classes, a fork base that builds its own torch profiler.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Round 1, main (1df8d921), 5 cases, 26 twins: 5 caught of 5; 10 false errors of 26: undispatched on a call
under a ``hasattr`` test of the class (#21585, #36521: 2), beside a shim the fork assigns onto the class
(1) or aliases in its worker subclass's body (1), on ``run_method`` handed the model runner or a compiler
manager, which keep the name (2), on a fork dispatcher whose ``getattr`` looks up on the model runner (1);
the dead test on a branch that returns with the wrapper handled after it (1), beside a sibling test for the
wrapper (1), gated by ``and`` on a flag the fork computes for the old API (1).  (Older classes also err on
lines that are no twin's: symbol drift's string read of ``hasattr(Worker, "<removed>")``, and the assigned
shim's ``sets Worker.<removed>``; not counted here.  mend45 quiets both, and the alias twin's ``overrides
Worker.<removed>``: a ``hasattr`` that picks a path per release, a class shim under ``if not hasattr``, a class
body's alias onto the replacing member; ``drift/guarded_reads.py``.)
Round 2, this branch: 5 caught of 5; 0 false errors of 26 (4 warned: ``run_method`` handed the runner or
the compiler manager, the fork's own dispatcher, the dead test and-ed with the fork's gate).  The mends:
undispatched keeps quiet for a name the fork binds (a shim, a class-body alias) and a call under
``hasattr(..., "name")`` or past a failed ``hasattr`` (a version gate), and warns when the call hands the
dispatcher the object or the dispatcher is the fork's own; the dead test keeps quiet when its branch exits
and the rest of the block uses the holder, or the function tests the holder against another class too, and
warns when and-ed with the fork's own condition.
Round 3 (another real commit of the kind, and version gates): #37601 (3461c8b027, ``EplbState.rearrange_event``
a ``threading.Event`` made the project's ``CpuGpuEvent``, added in the change, no ``set``/``clear``/
``is_set``): 2 cases (``self.rearrange_event.set()`` in a subclass, a dead ``isinstance(...,
threading.Event)``) and 8 twins (``record``, ``wait``, a ``hasattr`` test, ``isinstance`` with an else, a
fork subclass or class of its own keeping a ``threading.Event``, a branch that returns with ``record()``
after it, the test in a conditional expression); a version gate around each class (3 twins, warned by the
engine's version-gate pass).  The mends narrowed too: a failed ``hasattr`` excuses a dispatch only for a
name upstream's change defines, and a sibling ``isinstance`` only for a class upstream builds the holder as
now and the merge base did not (or a base of one): a sibling test of the CUDA wrapper both build stays an
error.
All rounds, main (1df8d921): 7 caught of 7; 11 false errors of 37 twins (3 warned).
This branch: 7 caught of 7; 0 false errors of 37 (7 warned: ``run_method`` handed the runner or a compiler
manager, the fork's own dispatcher, the dead test and-ed with the fork's gate, the three version gates).
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0
false errors (40, 30, 23 twins), blind_replay_gpuworker 26 caught, 1 warned of 27 (13 quiet, as before),
blind_replay_executor 19/19 (11 quiet), blind_replay_passes 21/21 (12 quiet), ``symbol_precision.py
--windows 1``: 0 false errors.

  PYTHONPATH=.. python review23_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 46d81d6951 (#21585): Worker.get_supported_pooling_tasks removed with its collective_rpc by name
PT = ("#21585", "46d81d6951", "Worker.get_supported_pooling_tasks removed")
EX = "from vllm.executor.executor_base import ExecutorBase\nfrom vllm.v1.worker.gpu_worker import Worker\n\n\n"
CASES += [
    (
        "#21585 undispatched",
        "collective_rpc with the old name in a fork router",
        K(
            *PT,
            "vllm/aeon/r23pt0.py",
            EX + "def aeon_pooling_tasks(executor: ExecutorBase) -> list:\n"
            '    return executor.collective_rpc("get_supported_pooling_tasks")[0]\n',
            '    return executor.collective_rpc("get_supported_pooling_tasks")[0]',
        ),
    ),
]
TWINS += [
    (
        "#21585 undispatched",
        "twin: the old name under a hasattr test of the worker class",
        K(
            *PT,
            "vllm/aeon/r23pt1.py",
            EX + "def aeon_pooling_tasks(executor: ExecutorBase) -> list:\n"
            '    if hasattr(Worker, "get_supported_pooling_tasks"):  # AEON: upstreams before #21585\n'
            '        return executor.collective_rpc("get_supported_pooling_tasks")[0]\n'
            '    return executor.collective_rpc("get_supported_tasks")[0]\n',
            '        return executor.collective_rpc("get_supported_pooling_tasks")[0]',
        ),
    ),
    (
        "#21585 undispatched",
        "twin: a shim the fork assigns onto the worker class",
        K(
            *PT,
            "vllm/aeon/r23pt2.py",
            EX + 'if not hasattr(Worker, "get_supported_pooling_tasks"):\n'
            "    Worker.get_supported_pooling_tasks = Worker.get_supported_tasks  # AEON: the router's old name\n\n\n"
            "def aeon_pooling_tasks(executor: ExecutorBase) -> list:\n"
            '    return executor.collective_rpc("get_supported_pooling_tasks")[0]\n',
            '    return executor.collective_rpc("get_supported_pooling_tasks")[0]',
        ),
    ),
    (
        "#21585 undispatched",
        "twin: an alias in the fork worker's class body",
        K(
            *PT,
            "vllm/aeon/r23pt3.py",
            EX + "class AeonWorker(Worker):\n"
            "    get_supported_pooling_tasks = Worker.get_supported_tasks  # AEON: the router still asks so\n\n\n"
            "def aeon_pooling_tasks(executor: ExecutorBase) -> list:\n"
            '    return executor.collective_rpc("get_supported_pooling_tasks")[0]\n',
            '    return executor.collective_rpc("get_supported_pooling_tasks")[0]',
        ),
    ),
    (
        "#21585 undispatched",
        "twin: run_method on the model runner, which keeps the name",
        K(
            *PT,
            "vllm/aeon/r23pt4.py",
            "from vllm.utils import run_method\nfrom vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonPoolWorker(Worker):\n"
            "    def aeon_runner_tasks(self) -> list:\n"
            '        return run_method(self.model_runner, "get_supported_pooling_tasks", (), {})\n',
            '        return run_method(self.model_runner, "get_supported_pooling_tasks", (), {})',
        ),
    ),
    (
        "#21585 undispatched",
        "twin: a fork dispatcher onto the model runner",
        K(
            *PT,
            "vllm/aeon/r23pt5.py",
            "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            "class AeonPoolWorker(Worker):\n"
            "    def aeon_runner_call(self, method: str) -> list:\n"
            "        return getattr(self.model_runner, method)()\n\n"
            "    def aeon_tasks(self) -> list:\n"
            '        return self.aeon_runner_call("get_supported_pooling_tasks")\n',
            '        return self.aeon_runner_call("get_supported_pooling_tasks")',
        ),
    ),
    (
        "#21585 undispatched",
        "twin: the name chosen by a hasattr test",
        K(
            *PT,
            "vllm/aeon/r23pt6.py",
            EX + "def aeon_pooling_tasks(executor: ExecutorBase) -> list:\n"
            '    name = "get_supported_tasks" if hasattr(Worker, "get_supported_tasks") else "get_supported_pooling_tasks"\n'
            "    return executor.collective_rpc(name)[0]\n",
            "    return executor.collective_rpc(name)[0]",
        ),
    ),
    (
        "#21585 undispatched",
        "twin: the old name in a try catching AttributeError and RuntimeError",
        K(
            *PT,
            "vllm/aeon/r23pt7.py",
            EX + "def aeon_pooling_tasks(executor: ExecutorBase) -> list:\n"
            "    try:\n"
            '        return executor.collective_rpc("get_supported_pooling_tasks")[0]\n'
            "    except (RuntimeError, AttributeError):\n"
            '        return executor.collective_rpc("get_supported_tasks")[0]\n',
            '        return executor.collective_rpc("get_supported_pooling_tasks")[0]',
        ),
    ),
]

# --- 65b2f405dc (#36521): Worker.initialize_cache and WorkerBase.initialize_cache removed with the engine's
# collective_rpc("initialize_cache", ...); the compiler managers keep an initialize_cache
IC = ("#36521", "65b2f405dc", "Worker.initialize_cache removed")
CASES += [
    (
        "#36521 undispatched",
        "collective_rpc of initialize_cache in a fork engine hook",
        K(
            *IC,
            "vllm/aeon/r23ic0.py",
            "from vllm.v1.executor.abstract import Executor\n\n\n"
            "def aeon_size_cache(executor: Executor, num_gpu_blocks: int) -> None:\n"
            '    executor.collective_rpc("initialize_cache", args=(num_gpu_blocks, 0))\n',
            '    executor.collective_rpc("initialize_cache", args=(num_gpu_blocks, 0))',
        ),
    ),
]
TWINS += [
    (
        "#36521 undispatched",
        "twin: run_method on the compiler manager, which keeps the name",
        K(
            *IC,
            "vllm/aeon/r23ic1.py",
            "from vllm.v1.serial_utils import run_method\n\n\n"
            "def aeon_warm_compiler(manager, cache_dir: str) -> None:\n"
            '    run_method(manager, "initialize_cache", (cache_dir,), {})\n',
            '    run_method(manager, "initialize_cache", (cache_dir,), {})',
        ),
    ),
    (
        "#36521 undispatched",
        "twin: the old name under a hasattr test of the worker base",
        K(
            *IC,
            "vllm/aeon/r23ic2.py",
            "from vllm.v1.executor.abstract import Executor\nfrom vllm.v1.worker.worker_base import WorkerBase\n\n\n"
            "def aeon_size_cache(executor: Executor, num_gpu_blocks: int) -> None:\n"
            '    if hasattr(WorkerBase, "initialize_cache"):  # AEON: upstreams before #36521\n'
            '        executor.collective_rpc("initialize_cache", args=(num_gpu_blocks, 0))\n',
            '        executor.collective_rpc("initialize_cache", args=(num_gpu_blocks, 0))',
        ),
    ),
]

# --- fcbcba6c70 (#28987): Worker.profiler a torch.profiler.profile -> a TorchProfilerWrapper (no key_averages)
PF = ("#28987", "fcbcba6c70", "Worker.profiler made a TorchProfilerWrapper")
PFH = "import torch\n\nfrom vllm.v1.worker.gpu_worker import Worker\n\n\n"
PFW = "import torch\n\nfrom vllm.profiler.gpu_profiler import TorchProfilerWrapper\nfrom vllm.v1.worker.gpu_worker import Worker\n\n\n"
CASES += [
    (
        "#28987 retyped holder",
        "key_averages in the fork worker subclass",
        K(
            *PF,
            "vllm/aeon/r23pf0.py",
            PFH + "class AeonProfWorker(Worker):\n"
            "    def aeon_table(self) -> str:\n"
            "        return self.profiler.key_averages().table()\n",
            "        return self.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 dead test",
        "an isinstance of the torch profiler with no else",
        K(
            *PF,
            "vllm/aeon/r23pf1.py",
            PFH + "class AeonDumpWorker(Worker):\n"
            "    def aeon_dump(self, path: str) -> None:\n"
            "        if isinstance(self.profiler, torch.profiler.profile):\n"
            "            self.profiler.export_chrome_trace(path)\n",
            "        if isinstance(self.profiler, torch.profiler.profile):",
        ),
    ),
    (
        "#28987 dead test",
        "an isinstance whose branch returns, nothing after it using the holder",
        K(
            *PF,
            "vllm/aeon/r23pf2.py",
            PFH + "class AeonDumpWorker(Worker):\n"
            "    def aeon_dump(self, path: str) -> bool:\n"
            "        if isinstance(self.profiler, torch.profiler.profile):\n"
            "            self.profiler.export_chrome_trace(path)\n"
            "            return True\n"
            "        return False\n",
            "        if isinstance(self.profiler, torch.profiler.profile):",
        ),
    ),
]
TWINS += [
    (
        "#28987 retyped holder",
        "twin: key_averages under isinstance of the torch profiler, with an else",
        K(
            *PF,
            "vllm/aeon/r23pf3.py",
            PFH + "class AeonProfWorker(Worker):\n"
            "    def aeon_table(self) -> str:\n"
            "        if isinstance(self.profiler, torch.profiler.profile):\n"
            "            return self.profiler.key_averages().table()\n"
            "        else:\n"
            '            return ""\n',
            "            return self.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: the wrapper's own torch profiler",
        K(
            *PF,
            "vllm/aeon/r23pf4.py",
            PFW + "class AeonProfWorker(Worker):\n"
            "    def aeon_table(self) -> str:\n"
            "        assert isinstance(self.profiler, TorchProfilerWrapper)\n"
            "        return self.profiler.profiler.key_averages().table()\n",
            "        return self.profiler.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: a fork subclass that builds its own torch profiler",
        K(
            *PF,
            "vllm/aeon/r23pf5.py",
            PFH + "class AeonProfWorker(Worker):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            "        # AEON: the Spark keeps torch's profiler to return the kernel table inline\n"
            "        self.profiler = torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA])\n\n"
            "    def aeon_table(self) -> str:\n"
            "        return self.profiler.key_averages().table()\n",
            "        return self.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: a fork subclass whose fork base (another module) builds its own torch profiler",
        Killer(
            *PF,
            (
                Edit(
                    "vllm/aeon/r23pf6base.py",
                    PFH + "class AeonTorchProfWorker(Worker):\n"
                    "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
                    "        super().__init__(*args, **kwargs)\n"
                    "        self.profiler = torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA])\n",
                ),
                Edit(
                    "vllm/aeon/r23pf6.py",
                    "from vllm.aeon.r23pf6base import AeonTorchProfWorker\n\n\n"
                    "class AeonTableWorker(AeonTorchProfWorker):\n"
                    "    def aeon_table(self) -> str:\n"
                    "        return self.profiler.key_averages().table()\n",
                ),
            ),
            (("vllm/aeon/r23pf6.py", "        return self.profiler.key_averages().table()"),),
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: a fork wrapper subclass that adds key_averages, built by the fork worker",
        K(
            *PF,
            "vllm/aeon/r23pf7.py",
            PFW + "class AeonTorchProfiler(TorchProfilerWrapper):\n"
            "    def key_averages(self):  # type: ignore[no-untyped-def]\n"
            "        return self.profiler.key_averages()\n\n\n"
            "class AeonProfWorker(Worker):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            '        self.profiler = AeonTorchProfiler("aeon", self.local_rank)\n\n'
            "    def aeon_table(self) -> str:\n"
            "        return self.profiler.key_averages().table()\n",
            "        return self.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: key_averages under a hasattr test",
        K(
            *PF,
            "vllm/aeon/r23pf8.py",
            PFH + "class AeonProfWorker(Worker):\n"
            "    def aeon_table(self) -> str:\n"
            '        if hasattr(self.profiler, "key_averages"):\n'
            "            return self.profiler.key_averages().table()\n"
            '        return ""\n',
            "            return self.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: key_averages in a try catching AttributeError",
        K(
            *PF,
            "vllm/aeon/r23pf9.py",
            PFH + "class AeonProfWorker(Worker):\n"
            "    def aeon_table(self) -> str:\n"
            "        try:\n"
            "            return self.profiler.key_averages().table()\n"
            "        except AttributeError:  # AEON: the wrapper of #28987 keeps its table to itself\n"
            '            return ""\n',
            "            return self.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: key_averages read through getattr with a default",
        K(
            *PF,
            "vllm/aeon/r23pf10.py",
            PFH + "class AeonProfWorker(Worker):\n"
            "    def aeon_table(self) -> str:\n"
            '        averages = getattr(self.profiler, "key_averages", None)\n'
            '        return averages().table() if averages is not None else ""\n',
            '        return averages().table() if averages is not None else ""',
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: a fork class of its own holding a torch profiler",
        K(
            *PF,
            "vllm/aeon/r23pf11.py",
            "import torch\n\n\n"
            "class AeonStepProfiler:\n"
            "    def __init__(self) -> None:\n"
            "        self.profiler = torch.profiler.profile()\n\n"
            "    def table(self) -> str:\n"
            "        return self.profiler.key_averages().table()\n",
            "        return self.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: key_averages off a CPU worker, which still builds torch's profiler",
        K(
            *PF,
            "vllm/aeon/r23pf12.py",
            "from vllm.v1.worker.cpu_worker import CPUWorker\n\n\n"
            "def aeon_cpu_table(worker: CPUWorker) -> str:\n"
            "    return worker.profiler.key_averages().table()\n",
            "    return worker.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: the wrapper's start and stop off the holder",
        K(
            *PF,
            "vllm/aeon/r23pf13.py",
            PFH + "class AeonProfWorker(Worker):\n"
            "    def aeon_window(self, steps) -> None:  # type: ignore[no-untyped-def]\n"
            "        if self.profiler is not None:\n"
            "            self.profiler.start()\n"
            "            steps()\n"
            "            self.profiler.stop()\n",
            "            self.profiler.stop()",
        ),
    ),
    (
        "#28987 dead test",
        "twin: the isinstance branch returns, the wrapper handled after it",
        K(
            *PF,
            "vllm/aeon/r23pf14.py",
            PFH + "class AeonDumpWorker(Worker):\n"
            "    def aeon_stop(self, path: str) -> None:\n"
            "        if isinstance(self.profiler, torch.profiler.profile):  # AEON: upstreams before #28987\n"
            "            self.profiler.stop()\n"
            "            self.profiler.export_chrome_trace(path)\n"
            "            return\n"
            "        self.profiler.stop()\n",
            "        if isinstance(self.profiler, torch.profiler.profile):  # AEON: upstreams before #28987",
        ),
    ),
    (
        "#28987 dead test",
        "twin: a sibling test for the wrapper",
        K(
            *PF,
            "vllm/aeon/r23pf15.py",
            PFW + "class AeonDumpWorker(Worker):\n"
            "    def aeon_stop(self, path: str) -> None:\n"
            "        if isinstance(self.profiler, torch.profiler.profile):  # AEON: upstreams before #28987\n"
            "            self.profiler.export_chrome_trace(path)\n"
            "        if isinstance(self.profiler, TorchProfilerWrapper):\n"
            "            self.profiler.stop()\n",
            "        if isinstance(self.profiler, torch.profiler.profile):  # AEON: upstreams before #28987",
        ),
    ),
    (
        "#28987 dead test",
        "twin: a tuple of both classes",
        K(
            *PF,
            "vllm/aeon/r23pf16.py",
            PFW + "class AeonDumpWorker(Worker):\n"
            "    def aeon_stop(self) -> None:\n"
            "        if isinstance(self.profiler, (torch.profiler.profile, TorchProfilerWrapper)):\n"
            "            self.profiler.stop()\n",
            "        if isinstance(self.profiler, (torch.profiler.profile, TorchProfilerWrapper)):",
        ),
    ),
    (
        "#28987 dead test",
        "twin: a test gated on the old profiler being there",
        K(
            *PF,
            "vllm/aeon/r23pf17.py",
            PFH + "from vllm.profiler import gpu_profiler\n\n"
            '_PRE_28987 = not hasattr(gpu_profiler, "TorchProfilerWrapper")\n\n\n'
            "class AeonDumpWorker(Worker):\n"
            "    def aeon_dump(self, path: str) -> None:\n"
            "        if _PRE_28987 and isinstance(self.profiler, torch.profiler.profile):\n"
            "            self.profiler.export_chrome_trace(path)\n",
            "        if _PRE_28987 and isinstance(self.profiler, torch.profiler.profile):",
        ),
    ),
    (
        "#28987 dead test",
        "twin: a fork base (another module) builds its own torch profiler",
        Killer(
            *PF,
            (
                Edit(
                    "vllm/aeon/r23pf18base.py",
                    PFH + "class AeonTorchProfWorker(Worker):\n"
                    "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
                    "        super().__init__(*args, **kwargs)\n"
                    "        self.profiler = torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA])\n",
                ),
                Edit(
                    "vllm/aeon/r23pf18.py",
                    "import torch\n\nfrom vllm.aeon.r23pf18base import AeonTorchProfWorker\n\n\n"
                    "class AeonDumpWorker(AeonTorchProfWorker):\n"
                    "    def aeon_dump(self, path: str) -> None:\n"
                    "        if isinstance(self.profiler, torch.profiler.profile):\n"
                    "            self.profiler.export_chrome_trace(path)\n",
                ),
            ),
            (("vllm/aeon/r23pf18.py", "        if isinstance(self.profiler, torch.profiler.profile):"),),
        ),
    ),
    (
        "#28987 dead test",
        "twin: an isinstance off a CPU worker, which still builds torch's profiler",
        K(
            *PF,
            "vllm/aeon/r23pf19.py",
            "import torch\n\nfrom vllm.v1.worker.cpu_worker import CPUWorker\n\n\n"
            "def aeon_dump(worker: CPUWorker, path: str) -> None:\n"
            "    if isinstance(worker.profiler, torch.profiler.profile):\n"
            "        worker.profiler.export_chrome_trace(path)\n",
            "    if isinstance(worker.profiler, torch.profiler.profile):",
        ),
    ),
]


# --- round 3: 3461c8b027 (#37601): EplbState.rearrange_event a threading.Event -> the project's CpuGpuEvent, added
# in the change (wait and record; no set, clear or is_set)
RE = ("#37601", "3461c8b027", "EplbState.rearrange_event made a CpuGpuEvent")
REH = "import threading\n\nfrom vllm.distributed.eplb.eplb_state import EplbState\n\n\n"
CASES += [
    (
        "#37601 retyped holder",
        "set() in the fork's EplbState subclass",
        K(
            *RE,
            "vllm/aeon/r23re0.py",
            REH + "class AeonEplbState(EplbState):\n"
            "    def aeon_kick(self) -> None:\n"
            "        # AEON: wake the async worker when the Spark's router asks for a rebalance\n"
            "        self.rearrange_event.set()\n",
            "        self.rearrange_event.set()",
        ),
    ),
    (
        "#37601 dead test",
        "an isinstance of threading.Event with no else",
        K(
            *RE,
            "vllm/aeon/r23re1.py",
            REH + "class AeonEplbState(EplbState):\n"
            "    def aeon_reset(self) -> None:\n"
            "        if isinstance(self.rearrange_event, threading.Event):\n"
            "            self.rearrange_event.clear()\n",
            "        if isinstance(self.rearrange_event, threading.Event):",
        ),
    ),
]
TWINS += [
    (
        "#37601 retyped holder",
        "twin: the event's record, the new spelling",
        K(
            *RE,
            "vllm/aeon/r23re2.py",
            REH + "class AeonEplbState(EplbState):\n"
            "    def aeon_kick(self) -> None:\n"
            "        self.rearrange_event.record()\n",
            "        self.rearrange_event.record()",
        ),
    ),
    (
        "#37601 retyped holder",
        "twin: set() under a hasattr test, record() otherwise",
        K(
            *RE,
            "vllm/aeon/r23re3.py",
            REH + "class AeonEplbState(EplbState):\n"
            "    def aeon_kick(self) -> None:\n"
            '        if hasattr(self.rearrange_event, "set"):  # AEON: upstreams before #37601\n'
            "            self.rearrange_event.set()\n"
            "        else:\n"
            "            self.rearrange_event.record()\n",
            "            self.rearrange_event.set()",
        ),
    ),
    (
        "#37601 retyped holder",
        "twin: set() under isinstance of threading.Event, with an else",
        K(
            *RE,
            "vllm/aeon/r23re4.py",
            REH + "class AeonEplbState(EplbState):\n"
            "    def aeon_kick(self) -> None:\n"
            "        if isinstance(self.rearrange_event, threading.Event):\n"
            "            self.rearrange_event.set()\n"
            "        else:\n"
            "            self.rearrange_event.record()\n",
            "            self.rearrange_event.set()",
        ),
    ),
    (
        "#37601 retyped holder",
        "twin: a fork subclass that keeps a threading.Event of its own",
        K(
            *RE,
            "vllm/aeon/r23re5.py",
            REH + "class AeonEplbState(EplbState):\n"
            "    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]\n"
            "        super().__init__(*args, **kwargs)\n"
            "        self.rearrange_event = threading.Event()  # AEON: the CPU-only rebalance path\n\n"
            "    def aeon_kick(self) -> None:\n"
            "        self.rearrange_event.set()\n",
            "        self.rearrange_event.set()",
        ),
    ),
    (
        "#37601 retyped holder",
        "twin: a fork class of its own with a threading.Event of the name",
        K(
            *RE,
            "vllm/aeon/r23re6.py",
            "import threading\n\n\n"
            "class AeonRebalancer:\n"
            "    def __init__(self) -> None:\n"
            "        self.rearrange_event = threading.Event()\n\n"
            "    def kick(self) -> None:\n"
            "        self.rearrange_event.set()\n",
            "        self.rearrange_event.set()",
        ),
    ),
    (
        "#37601 retyped holder",
        "twin: the event's wait, which both classes have",
        K(
            *RE,
            "vllm/aeon/r23re7.py",
            REH + "def aeon_block(state: EplbState) -> None:\n    state.rearrange_event.wait()\n",
            "    state.rearrange_event.wait()",
        ),
    ),
    (
        "#37601 dead test",
        "twin: the isinstance branch returns, record() after it",
        K(
            *RE,
            "vllm/aeon/r23re8.py",
            REH + "class AeonEplbState(EplbState):\n"
            "    def aeon_kick(self) -> None:\n"
            "        if isinstance(self.rearrange_event, threading.Event):  # AEON: upstreams before #37601\n"
            "            self.rearrange_event.set()\n"
            "            return\n"
            "        self.rearrange_event.record()\n",
            "        if isinstance(self.rearrange_event, threading.Event):  # AEON: upstreams before #37601",
        ),
    ),
    (
        "#37601 dead test",
        "twin: the isinstance test in a conditional expression",
        K(
            *RE,
            "vllm/aeon/r23re9.py",
            REH + "class AeonEplbState(EplbState):\n"
            "    def aeon_kick(self) -> None:\n"
            "        kick = (\n"
            "            self.rearrange_event.set\n"
            "            if isinstance(self.rearrange_event, threading.Event)\n"
            "            else self.rearrange_event.record\n"
            "        )\n"
            "        kick()\n",
            "            if isinstance(self.rearrange_event, threading.Event)",
        ),
    ),
]


# --- round 3: version gates, the path per upstream release a fork keeps
VG = 'from packaging.version import Version\n\nimport vllm\n\n_OLD = Version(vllm.__version__) < Version("0.10.1")\n'
TWINS += [
    (
        "#21585 undispatched",
        "twin: the old name under a version gate",
        K(
            *PT,
            "vllm/aeon/r23vg1.py",
            VG + EX + "def aeon_pooling_tasks(executor: ExecutorBase) -> list:\n"
            "    if _OLD:  # AEON: upstreams before #21585\n"
            '        return executor.collective_rpc("get_supported_pooling_tasks")[0]\n'
            '    return executor.collective_rpc("get_supported_tasks")[0]\n',
            '        return executor.collective_rpc("get_supported_pooling_tasks")[0]',
        ),
    ),
    (
        "#28987 retyped holder",
        "twin: key_averages under a version gate",
        K(
            *PF,
            "vllm/aeon/r23vg2.py",
            VG + PFH + "class AeonProfWorker(Worker):\n"
            "    def aeon_table(self) -> str:\n"
            '        if Version(vllm.__version__) < Version("0.11.2"):  # AEON: before #28987\n'
            "            return self.profiler.key_averages().table()\n"
            '        return ""\n',
            "            return self.profiler.key_averages().table()",
        ),
    ),
    (
        "#28987 dead test",
        "twin: the isinstance test nested under a version gate",
        K(
            *PF,
            "vllm/aeon/r23vg3.py",
            VG + PFH + "class AeonDumpWorker(Worker):\n"
            "    def aeon_dump(self, path: str) -> None:\n"
            "        if _OLD:  # AEON: upstreams before #28987 export the trace themselves\n"
            "            if isinstance(self.profiler, torch.profiler.profile):\n"
            "                self.profiler.export_chrome_trace(path)\n",
            "            if isinstance(self.profiler, torch.profiler.profile):",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review23-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
