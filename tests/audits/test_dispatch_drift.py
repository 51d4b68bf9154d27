"""A worker method named by a string (``collective_rpc("name")``) that upstream removed or renamed.

#27142 (647214f3d5, "[V0 Deprecation] Remove V0 executors") removed ``determine_num_available_blocks``
from the workers and from every string call of it; a fork executor's
``self.collective_rpc("determine_num_available_blocks")`` still merges cleanly and fails with an
AttributeError in each worker when that path runs.  The dispatcher is found in the tree: the
executor's ``collective_rpc`` hands ``method`` to ``run_method``, which looks it up with ``getattr``.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.names import RULE
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo, config_without_rules

WORKER = "vllm/v1/worker/worker_base.py"
EXECUTOR = "vllm/v1/executor/uniproc_executor.py"
MULTIPROC = "vllm/v1/executor/multiproc_executor.py"
UTILS = "vllm/v1/serial_utils.py"
FORK = "vllm/v1/executor/aeon_executor.py"
STORE = "WorkerBase.determine_num_available_blocks = _blocks"

RUN_METHOD = """\
def run_method(obj, method, args, kwargs):
    if isinstance(method, str):
        func = getattr(obj, method)
    else:
        func = method
    return func(*args, **kwargs)
"""

UNIPROC = """\
from vllm.v1.serial_utils import run_method


class UniProcExecutor:
    def collective_rpc(self, method, timeout=None, args=(), kwargs=None):
        return [run_method(self.driver_worker, method, args, kwargs or {})]
"""

# a worker in another process: the name is sent over a queue, no getattr in this def; the V0 executors'
# _run_workers renames the parameter before handing it on (mp_distributed_executor.py)
MULTI = """\
from vllm.v1.serial_utils import run_method


class MultiprocExecutor:
    def collective_rpc(self, method, timeout=None, args=(), kwargs=None):
        self.rpc_broadcast_mq.enqueue((method, args, kwargs))
        return self.responses()

    def _run_workers(self, method, *args, **kwargs):
        sent_method = method if isinstance(method, str) else cloudpickle.dumps(method)
        del method
        return [run_method(self.driver_worker, sent_method, args, kwargs)]
"""


def _worker(blocks: str) -> str:
    return (
        f"class WorkerBase:\n    def init_device(self):\n        pass\n\n    def {blocks}(self):\n        return 1, 0\n"
    )


UPSTREAM_EXECUTOR = (
    "from vllm.v1.serial_utils import run_method\n\n\n"
    "class UniProcExecutor:\n"
    "    def collective_rpc(self, method, timeout=None, args=(), kwargs=None):\n"
    "        return [run_method(self.driver_worker, method, args, kwargs or {})]\n\n"
    "    def available(self):\n"
    '        return self.collective_rpc("NAME")\n'
)

BASE = {
    WORKER: _worker("determine_num_available_blocks"),
    EXECUTOR: UPSTREAM_EXECUTOR.replace("NAME", "determine_num_available_blocks"),
    MULTIPROC: MULTI,
    UTILS: RUN_METHOD,
}
RENAMED = {
    WORKER: _worker("determine_available_memory"),
    EXECUTOR: UPSTREAM_EXECUTOR.replace("NAME", "determine_available_memory"),
}


def _rows(tmp_path: Path, fork: str, upstream: dict[str, str | None] | None = None) -> list[tuple[int, str, str]]:
    repo = GitRepo(tmp_path / "repo")
    change = RENAMED if upstream is None else upstream
    sides = s.merge_case(repo, BASE, {FORK: fork}, [("[V0 Deprecation] Remove V0 executors (#27142)", change)])
    report = repo.audit(config_without_rules(tmp_path / "cfg"), merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE and f.path == FORK]


def _fork(call: str) -> str:
    return (
        "from vllm.v1.executor.multiproc_executor import MultiprocExecutor\n\n\n"
        "class AeonExecutor(MultiprocExecutor):\n"
        "    def blocks(self):\n"
        f"        {call}\n"
    )


def test_a_method_named_by_string_upstream_renamed_is_an_error(tmp_path: Path) -> None:
    [(line, severity, message)] = _rows(tmp_path, _fork('return self.collective_rpc("determine_num_available_blocks")'))
    assert (line, severity) == (6, "error")
    assert "renamed attribute 'determine_num_available_blocks' to 'determine_available_memory'" in message
    assert "#27142" in message and "AttributeError" in message


def test_a_multi_line_call_and_a_keyword_are_read_too(tmp_path: Path) -> None:
    call = (
        'return self.collective_rpc(\n            "determine_num_available_blocks",\n            timeout=5,\n        )'
    )
    [(line, severity, _)] = _rows(tmp_path, _fork(call))
    assert (line, severity) == (7, "error")
    keyword = 'return self.collective_rpc(method="determine_num_available_blocks")'
    assert [r[:2] for r in _rows(tmp_path / "kw", _fork(keyword))] == [(6, "error")]


def test_a_parameter_handed_on_under_another_name_still_names_the_method(tmp_path: Path) -> None:
    [(line, severity, _)] = _rows(tmp_path, _fork('return self._run_workers("determine_num_available_blocks")'))
    assert (line, severity) == (6, "error")


def test_a_removed_method_is_an_error(tmp_path: Path) -> None:
    removed = {WORKER: "class WorkerBase:\n    def init_device(self):\n        pass\n", EXECUTOR: UNIPROC}
    [(_, severity, message)] = _rows(tmp_path, _fork('self.collective_rpc("determine_num_available_blocks")'), removed)
    assert severity == "error" and "removed attribute 'determine_num_available_blocks'" in message


def test_a_method_whose_file_upstream_deleted_is_an_error(tmp_path: Path) -> None:
    # #21131 deleted the HPU worker with its finish_measurements: the diff holds none of the file's lines
    deleted: dict[str, str | None] = {WORKER: None, EXECUTOR: UNIPROC}
    [(_, severity, message)] = _rows(tmp_path, _fork('self.collective_rpc("determine_num_available_blocks")'), deleted)
    assert severity == "error" and f"removed attribute 'determine_num_available_blocks' ({WORKER}" in message


def test_a_method_that_stays_or_a_callee_that_looks_nothing_up_is_not_reported(tmp_path: Path) -> None:
    assert _rows(tmp_path / "kept", _fork('return self.collective_rpc("init_device")')) == []
    # the same gone name handed to a callee that never looks a method up by it: a value, not a method
    assert _rows(tmp_path / "plain", _fork('return self.record("determine_num_available_blocks", 1)')) == []
    # the string fills another parameter of the dispatcher (its timeout), not the method's name
    call = 'return self.collective_rpc(self.method, "determine_num_available_blocks")'
    assert _rows(tmp_path / "slot", _fork(call)) == []


def test_a_method_the_fork_adds_back_by_setattr_is_served(tmp_path: Path) -> None:
    # a monkeypatch re-adding what upstream removed defines it as ``AeonWorker.m = fn`` does
    patch = (
        "from vllm.v1.worker.worker_base import WorkerBase\n\n\n"
        "def _blocks(self):\n    return 1, 0\n\n\n"
        'setattr(WorkerBase, "determine_num_available_blocks", _blocks)\n\n\n'
    )
    fork = patch + _fork('return self.collective_rpc("determine_num_available_blocks")')
    assert _rows(tmp_path, fork) == []
    # a patch alone, which no fork code reads, stays reported: one finding on its line, however the patch is spelt
    # (drift/knobs.py's patch of a method nothing calls any more; symbol drift's store of the name upstream renamed
    # is the same cause, folded into it)
    stores = {"setattr": 'setattr(WorkerBase, "determine_num_available_blocks", _blocks)', "store": STORE}
    for spelling, store in stores.items():
        repo = GitRepo(tmp_path / spelling)
        alone = {FORK: patch.replace('setattr(WorkerBase, "determine_num_available_blocks", _blocks)', store)}
        sides = s.merge_case(repo, BASE, alone, [("[V0 Deprecation] Remove V0 executors (#27142)", RENAMED)])
        report = repo.audit(config_without_rules(tmp_path / spelling / "cfg"), merge=sides)
        [found] = [f for f in report.findings if f.path == FORK]
        assert (found.line, found.rule_id, found.severity.value) == (8, SYMBOL_DRIFT, "error"), spelling
        assert "patches the method determine_num_available_blocks, which upstream's code no longer" in found.message


def test_a_method_the_forks_getattr_hook_answers_is_served(tmp_path: Path) -> None:
    hook = (
        "class AeonWorker:\n"
        "    def __getattr__(self, attr):\n"
        '        if attr in ("determine_num_available_blocks", "aeon_probe"):\n'
        "            return lambda: (1, 0)\n"
        "        raise AttributeError(attr)\n\n\n"
    )
    fork = hook + _fork('return self.collective_rpc("determine_num_available_blocks")')
    assert _rows(tmp_path, fork) == []
    # a comparison outside a __getattr__ serves nothing: the call is still the drift
    other = hook.replace("__getattr__", "probe")
    assert [
        r[1] for r in _rows(tmp_path / "other", other + _fork('self.collective_rpc("determine_num_available_blocks")'))
    ] == ["error", "error"]


def test_a_method_of_a_file_the_merge_kept_is_still_there(tmp_path: Path) -> None:
    # upstream deleted the worker (as #21131 the HPU one); the fork had changed it, so the merge stopped on a
    # modify/delete conflict and the maintainer kept the fork's file: its method is there to call
    repo = GitRepo(tmp_path / "repo")
    base = repo.commit({**s.PKG_INITS, **BASE}, "base")
    repo.git("checkout", "--quiet", "-b", "upstream")
    repo.git("rm", "--quiet", WORKER)
    theirs = repo.commit({EXECUTOR: UNIPROC}, "[Hardware] Remove the worker (#21131)")
    repo.git("checkout", "--quiet", "main")
    fork = _fork('return self.collective_rpc("determine_num_available_blocks")')
    kept = BASE[WORKER] + "\n    def aeon_probe(self):\n        return 0\n"
    ours = repo.commit({WORKER: kept, FORK: fork}, "fork: probe the worker")
    repo.git("merge", "--quiet", "--no-edit", "upstream", check=False)  # the conflict: the fork changed it
    repo.git("add", WORKER)
    repo.git("commit", "--quiet", "--no-edit")
    sides = s.MergeSides(Path(repo.path), base, ours, theirs)
    rows = [(f.line, f.severity.value) for f in s.merged_findings(repo, sides, s.Settings()) if f.rule_id == RULE]
    assert rows == []
    # the same conflict resolved as upstream did (the file deleted): the call is the drift
    repo.git("rm", "--quiet", WORKER)
    repo.git("commit", "--quiet", "-m", "resolve as upstream")
    rows = [(f.line, f.severity.value) for f in s.merged_findings(repo, sides, s.Settings()) if f.rule_id == RULE]
    assert rows == [(6, "error")]
