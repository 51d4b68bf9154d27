"""A worker method upstream removed and stopped calling by name, while a namesake lives on elsewhere (#21585).

#21585 (46d81d6951) replaced ``Worker.get_supported_pooling_tasks`` with ``get_supported_tasks`` and its own
``collective_rpc("get_supported_pooling_tasks")`` with ``collective_rpc("get_supported_tasks")``; the model
runner keeps a method of the old name, so the word lives on and name drift stays quiet.  A fork's
``executor.collective_rpc("get_supported_pooling_tasks")`` fails in every worker with AttributeError.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.drift.names import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/v1/serial_utils.py"
EXECUTOR = "vllm/v1/executor/uniproc_executor.py"
WORKER = "vllm/v1/worker/gpu_worker.py"
RUNNER = "vllm/v1/worker/gpu_model_runner.py"
FORK = "vllm/aeon/tasks.py"

RUN_METHOD = (
    "def run_method(obj, method, args, kwargs):\n"
    "    func = getattr(obj, method) if isinstance(method, str) else method\n"
    "    return func(*args, **kwargs)\n"
)
EXEC = (
    "from vllm.v1.serial_utils import run_method\n\n\n"
    "class UniProcExecutor:\n"
    "    def collective_rpc(self, method, timeout=None, args=(), kwargs=None):\n"
    "        return [run_method(self.driver_worker, method, args, kwargs or {})]\n\n"
    "    def supported(self):\n"
    '        return self.collective_rpc("NAME")[0]\n'
)
RUNNER_TEXT = (
    "class GPUModelRunner:\n"
    "    def get_supported_pooling_tasks(self):\n        return ['encode']\n\n"
    "    def get_supported_tasks(self):\n        return ('generate', *self.get_supported_pooling_tasks())\n"
)
WORKER_OLD = (
    "class WorkerBase:\n    def init_device(self):\n        pass\n\n\n"
    "class Worker(WorkerBase):\n"
    "    def get_supported_pooling_tasks(self):\n        return self.model_runner.get_supported_pooling_tasks()\n"
)
WORKER_NEW = WORKER_OLD.replace(
    "    def get_supported_pooling_tasks(self):\n        return self.model_runner.get_supported_pooling_tasks()\n",
    "    def get_supported_tasks(self):\n        return self.model_runner.get_supported_tasks()\n",
)
OLD = "get_supported_pooling_tasks"
NEW = "get_supported_tasks"
BASE = {UTILS: RUN_METHOD, EXECUTOR: EXEC.replace("NAME", OLD), RUNNER: RUNNER_TEXT, WORKER: WORKER_OLD}
UPSTREAM = {EXECUTOR: EXEC.replace("NAME", NEW), WORKER: WORKER_NEW}
CALL = (
    "from vllm.v1.executor.uniproc_executor import UniProcExecutor\n\n\n"
    "def aeon_tasks(executor: UniProcExecutor):\n"
    '    return executor.collective_rpc("NAME")[0]\n'
)


def _found(
    repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None] = UPSTREAM, base: dict[str, str] = BASE
) -> list[tuple[str, int, str]]:
    sides = s.merge_case(repo, base, fork, [("[V1] Get supported tasks from model runner (#21585)", upstream)])
    return [
        (f.path, f.line, f.severity.value)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == RULE and "calls by name" in f.message
    ]


# The tests whose fork module is an error or a warning each put that one module beside the same base and upstream and
# pin its findings: no such module imports another's or defines a name another reads, so one merge and one audit of
# them side by side answers each test (six merges and audits became one per process; suitespeed8).  The quiet tests
# keep a merge each: there a module could be quiet for something another module declared (a shim, a kept method).
DISPATCH = CALL.replace("NAME", OLD)
PARTIAL = "import functools\n\n" + CALL.replace(
    '    return executor.collective_rpc("NAME")[0]\n',
    f'    ask = functools.partial(executor.collective_rpc, "{OLD}")\n    return ask()[0]\n',
)
KEYWORD = CALL.replace('collective_rpc("NAME")', f'collective_rpc(method="{OLD}")')
RUNNER_CALL = (
    "from vllm.v1.serial_utils import run_method\n\n\n"
    "def aeon_runner_tasks(worker):\n"
    '    return run_method(worker.model_runner, "get_supported_pooling_tasks", (), {})\n'
)
OWN_DISPATCHER = (
    "class AeonPool:\n"
    "    def aeon_runner_call(self, method):\n"
    "        return getattr(self.model_runner, method)()\n\n"
    "    def aeon_tasks(self):\n"
    '        return self.aeon_runner_call("get_supported_pooling_tasks")\n'
)
PAST_OTHER = (
    "from vllm.v1.executor.uniproc_executor import UniProcExecutor\n"
    "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
    "def aeon_tasks(executor: UniProcExecutor):\n"
    '    if hasattr(executor, "aeon_cached_tasks"):\n'
    "        return executor.aeon_cached_tasks\n"
    '    return executor.collective_rpc("get_supported_pooling_tasks")[0]\n'
)
_LOUD = (DISPATCH, PARTIAL, KEYWORD, RUNNER_CALL, OWN_DISPATCHER, PAST_OTHER)
_AUDITED: dict[str, list[tuple[str, int, str]]] = {}


def _found_among_loud(repo: GitRepo, fork: str) -> list[tuple[str, int, str]]:
    """``_found`` of ``fork`` (one of ``_LOUD``, read as ``FORK``), from the one audit of every loud module."""
    if not _AUDITED:
        paths = {text: f"vllm/aeon/tasks_{number}.py" for number, text in enumerate(_LOUD)}
        every = _found(repo, {path: text for text, path in paths.items()})
        assert all(path in paths.values() for path, _, _ in every), every
        _AUDITED.update(
            {text: [(FORK, line, sev) for at, line, sev in every if at == path] for text, path in paths.items()}
        )
    return _AUDITED[fork]


def test_a_dispatch_of_the_removed_method_errs(git_repo: GitRepo) -> None:
    assert _found_among_loud(git_repo, DISPATCH) == [(FORK, 5, "error")]


def test_a_partial_of_the_dispatcher_naming_the_removed_method_errs(git_repo: GitRepo) -> None:
    assert _found_among_loud(git_repo, PARTIAL) == [(FORK, 7, "error")]


def test_a_keyword_naming_the_removed_method_errs(git_repo: GitRepo) -> None:
    assert _found_among_loud(git_repo, KEYWORD) == [(FORK, 5, "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # the new name, and a method upstream kept
        {FORK: CALL.replace("NAME", NEW)},
        {FORK: CALL.replace("NAME", "init_device")},
        # the fork's worker keeps the method itself
        {
            FORK: CALL.replace("NAME", OLD),
            "vllm/aeon/worker.py": "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
            f"class AeonWorker(Worker):\n    def {OLD}(self):\n        return []\n",
        },
        # a call in a try catching AttributeError
        {
            FORK: CALL.replace(
                '    return executor.collective_rpc("NAME")[0]\n',
                f'    try:\n        return executor.collective_rpc("{OLD}")[0]\n    except AttributeError:\n'
                "        return []\n",
            )
        },
        # a callee that does not look the name up: a log line, a plain function
        {FORK: f'import logging\n\n\ndef aeon_log():\n    logging.getLogger("x").info("{OLD}")\n'},
    ],
    ids=["new_name", "kept_method", "fork_defines", "try_except", "not_a_dispatcher"],
)
def test_a_dispatch_that_still_reaches_a_method_stays_quiet(git_repo: GitRepo, fork: dict[str, str]) -> None:
    assert _found(git_repo, fork) == []


def test_a_method_the_base_class_still_has_stays_quiet(git_repo: GitRepo) -> None:
    # the worker's own def went, WorkerBase's stays: the dispatch reaches the inherited one
    kept = "    def init_device(self):\n        pass\n\n    def get_supported_pooling_tasks(self):\n        return []\n"
    base = {**BASE, WORKER: WORKER_OLD.replace("    def init_device(self):\n        pass\n", kept)}
    upstream = {**UPSTREAM, WORKER: WORKER_NEW.replace("    def init_device(self):\n        pass\n", kept)}
    assert _found(git_repo, {FORK: CALL.replace("NAME", OLD)}, upstream=upstream, base=base) == []


def test_upstream_still_dispatching_the_name_stays_quiet(git_repo: GitRepo) -> None:
    # upstream kept a by-name call of it (another path reaches a method of that name)
    upstream = {**UPSTREAM, "vllm/v1/executor/ray_executor.py": EXEC.replace("NAME", OLD).replace("UniProc", "Ray")}
    assert _found(git_repo, {FORK: CALL.replace("NAME", OLD)}, upstream=upstream) == []


# review23: correct fork spellings the first cut erred on
GUARDED = (
    "from vllm.v1.executor.uniproc_executor import UniProcExecutor\n"
    "from vllm.v1.worker.gpu_worker import Worker\n\n\n"
    "def aeon_tasks(executor: UniProcExecutor):\n"
    '    if hasattr(Worker, "get_supported_pooling_tasks"):\n'
    '        return executor.collective_rpc("get_supported_pooling_tasks")[0]\n'
    '    return executor.collective_rpc("get_supported_tasks")[0]\n'
)


def test_a_dispatch_under_a_hasattr_test_of_the_name_is_quiet(git_repo: GitRepo) -> None:
    assert _found(git_repo, {FORK: GUARDED}) == []


def test_a_dispatch_past_a_failed_hasattr_test_of_the_new_name_is_quiet(git_repo: GitRepo) -> None:
    fork = GUARDED.replace(
        '    if hasattr(Worker, "get_supported_pooling_tasks"):\n'
        '        return executor.collective_rpc("get_supported_pooling_tasks")[0]\n'
        '    return executor.collective_rpc("get_supported_tasks")[0]\n',
        '    if hasattr(Worker, "get_supported_tasks"):\n'
        '        return executor.collective_rpc("get_supported_tasks")[0]\n'
        '    return executor.collective_rpc("get_supported_pooling_tasks")[0]\n',
    )
    assert _found(git_repo, {FORK: fork}) == []


@pytest.mark.parametrize(
    "shim",
    [
        "Worker.get_supported_pooling_tasks = Worker.get_supported_tasks  # AEON: the router's old name\n",
        "class AeonWorker(Worker):\n    get_supported_pooling_tasks = Worker.get_supported_tasks\n",
    ],
)
def test_a_dispatch_beside_a_shim_the_fork_binds_is_quiet(git_repo: GitRepo, shim: str) -> None:
    fork = "from vllm.v1.worker.gpu_worker import Worker\n\n" + shim + "\n\n" + CALL.replace("NAME", OLD)
    assert _found(git_repo, {FORK: fork}) == []


def test_run_method_handed_the_runner_is_only_a_warning(git_repo: GitRepo) -> None:
    assert _found_among_loud(git_repo, RUNNER_CALL) == [(FORK, 5, "warning")]


def test_a_fork_dispatcher_of_its_own_is_only_a_warning(git_repo: GitRepo) -> None:
    assert _found_among_loud(git_repo, OWN_DISPATCHER) == [(FORK, 6, "warning")]


def test_a_dispatch_past_a_failed_hasattr_of_another_name_still_errs(git_repo: GitRepo) -> None:
    assert _found_among_loud(git_repo, PAST_OTHER) == [(FORK, 8, "error")]
