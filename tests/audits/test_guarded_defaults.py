"""A ``hasattr`` whose path without the member only hands back a default: still found (drift/guarded_reads.py).

#21585 (46d81d6951) removed ``Worker.get_supported_pooling_tasks``.  A fork's ``if hasattr(worker, "...")`` with
the new call on its other path handles both releases and stays silent; one whose other path is ``return []``,
``tasks = []`` or ``... else []`` is ``getattr(worker, "...", [])`` spelt as a branch: after the merge the
default is always taken, silently (review28's cases, hidden by the first landing of the quiet rule).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/v1/__init__.py": "", "vllm/v1/worker/__init__.py": ""}
WORKER = "vllm/v1/worker/gpu_worker.py"
WORKER_BASE = (
    "class Worker:\n"
    "    def get_supported_tasks(self) -> tuple:\n        return ('generate',)\n\n"
    "    def get_supported_pooling_tasks(self) -> list:\n        return []\n"
)
WORKER_THEIRS = "class Worker:\n    def get_supported_tasks(self) -> tuple:\n        return ('generate', 'embed')\n"
USE = "vllm/aeon_router.py"
HEAD = "from vllm.v1.worker.gpu_worker import Worker\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {WORKER: WORKER_BASE, **PACKAGES}, {USE: fork}, {WORKER: WORKER_THEIRS})
    return found(audit(git_repo, sides, tmp_path), RULE)


DEFAULT_ONLY = [
    "def tasks(worker: Worker) -> list:\n"
    '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
    "        return worker.get_supported_pooling_tasks()\n"
    "    return []\n",
    "def embeds(worker: Worker) -> bool:\n"
    '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
    "        tasks = worker.get_supported_pooling_tasks()\n"
    "    else:\n"
    "        tasks = []\n"
    '    return "embed" in tasks\n',
    "def tasks(worker: Worker) -> list:\n"
    '    return worker.get_supported_pooling_tasks() if hasattr(worker, "get_supported_pooling_tasks") else []\n',
    "def pools(worker: Worker) -> bool:\n"
    '    return bool(worker.get_supported_pooling_tasks()) if hasattr(worker, "get_supported_pooling_tasks") '
    "else False\n",
    "def tasks(worker: Worker) -> list | None:\n"
    '    if not hasattr(worker, "get_supported_pooling_tasks"):\n'
    "        return None\n"
    "    return worker.get_supported_pooling_tasks()\n",
]


@pytest.mark.parametrize(
    "body",
    DEFAULT_ONLY,
    ids=["return-empty-after", "else-binds-empty", "ifexp-empty", "ifexp-false", "negated-returns-none"],
)
def test_a_hasattr_whose_other_path_only_hands_a_default_is_found(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    fork, base, bodies = HEAD + body, {WORKER: WORKER_BASE, **PACKAGES}, [HEAD + text for text in DEFAULT_ONLY]
    path, rows = row_side_by_side(git_repo, tmp_path, base, bodies, fork, {WORKER: WORKER_THEIRS}, RULE, "vllm")
    assert (path, line_of(fork, "hasattr("), "error") in [(f.path, f.line, f.severity.value) for f in rows]


@pytest.mark.parametrize(
    "body",
    [
        # the new call after, the fork's own computation on it
        "def tasks(worker: Worker) -> list:\n"
        '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
        "        return worker.get_supported_pooling_tasks()\n"
        '    return [t for t in worker.get_supported_tasks() if t != "generate"]\n',
        # a name of the new spelling is a path, not a default
        "def rpc_name() -> str:\n"
        '    return "get_supported_pooling_tasks" if hasattr(Worker, "get_supported_pooling_tasks") '
        'else "get_supported_tasks"\n',
        # the else binds the new answer
        "def embeds(worker: Worker) -> bool:\n"
        '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
        "        tasks = worker.get_supported_pooling_tasks()\n"
        "    else:\n"
        "        tasks = list(worker.get_supported_tasks())\n"
        '    return "embed" in tasks\n',
    ],
    ids=["new-call-after", "ifexp-new-name", "else-new-call"],
)
def test_a_hasattr_whose_other_path_does_work_stays_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _rows(git_repo, tmp_path, HEAD + body) == []


# ``v = getattr(x, "old", None)`` tested for holding the member: the path without it is the test's else, or what
# follows an ``if`` whose body leaves the block (review28's twin of #21585)
@pytest.mark.parametrize(
    "body",
    [
        "def tasks(worker: Worker) -> list:\n"
        '    old = getattr(worker, "get_supported_pooling_tasks", None)\n'
        "    if old is not None:\n"
        "        return list(old())\n"
        '    return [t for t in worker.get_supported_tasks() if t != "generate"]\n',
        "def tasks(worker: Worker) -> list:\n"
        '    old = getattr(worker, "get_supported_pooling_tasks", None)\n'
        "    if callable(old):\n"
        "        found = list(old())\n"
        "    else:\n"
        "        found = list(worker.get_supported_tasks())\n"
        "    return found\n",
    ],
    ids=["new-call-after", "new-call-in-else"],
)
def test_a_getattr_tested_before_the_new_call_stays_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _rows(git_repo, tmp_path, HEAD + body) == []


@pytest.mark.parametrize(
    "body",
    [
        # the path without the member is a default
        "def tasks(worker: Worker) -> list:\n"
        '    old = getattr(worker, "get_supported_pooling_tasks", None)\n'
        "    if old is not None:\n"
        "        return list(old())\n"
        "    return []\n",
        # the test is the other way round: the fork's work after it is skipped without the member
        "def warm(worker: Worker) -> None:\n"
        '    old = getattr(worker, "get_supported_pooling_tasks", None)\n'
        "    if old is None:\n"
        "        return\n"
        "    worker.aeon_pooling = list(old())\n",
    ],
    ids=["default-after", "skipped-after"],
)
def test_a_getattr_tested_with_no_new_path_is_still_found(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = HEAD + body
    assert (USE, line_of(fork, "getattr("), "error") in _rows(git_repo, tmp_path, fork)


SHIM = (
    "def _pooling_tasks(self: Worker) -> list:\n    return [t for t in self.get_supported_tasks() if t != 'generate']\n\n\n"
    "Worker.get_supported_pooling_tasks = _pooling_tasks  # the router's old name\n"
)


@pytest.mark.parametrize(
    "use",
    [
        "\n\ndef embeds(worker: Worker) -> bool:\n    return 'embed' in worker.get_supported_pooling_tasks()\n",
        "\n\nclass AeonWorker(Worker):\n    def embeds(self) -> bool:\n"
        "        return 'embed' in self.get_supported_pooling_tasks()\n",
    ],
    ids=["typed-receiver", "self-in-a-subclass"],
)
def test_a_class_shim_read_off_instances_is_a_warning_at_its_store(git_repo: GitRepo, tmp_path: Path, use: str) -> None:
    """An unconditional shim the fork's own instances read (review28's #21585 twin): its reads see it, so the
    store is the warning a shim read off the class gets (a patch of upstream's would do nothing now)."""
    fork = HEAD + SHIM + use
    assert _rows(git_repo, tmp_path, fork) == [(USE, line_of(fork, "Worker.get_supported_pooling_tasks ="), "warning")]


def test_a_class_shim_nothing_reads_is_still_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = HEAD + SHIM + "\n\ndef embeds(worker: Worker) -> bool:\n    return 'embed' in worker.get_supported_tasks()\n"
    assert _rows(git_repo, tmp_path, fork) == [(USE, line_of(fork, "Worker.get_supported_pooling_tasks ="), "error")]


def test_a_read_after_a_negated_hasattr_that_leaves_stays_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    """``if not hasattr(w, "old"): return <new>`` then ``w.old()``: the old call runs only where the worker
    still has it (review28's #21585 twin)."""
    fork = HEAD + (
        "def tasks(worker: Worker) -> list:\n"
        '    if not hasattr(worker, "get_supported_pooling_tasks"):\n'
        '        return [t for t in worker.get_supported_tasks() if t != "generate"]\n'
        "    return list(worker.get_supported_pooling_tasks())\n"
    )
    assert _rows(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        # the guard asks another name: nothing guards the read
        (
            "def tasks(worker: Worker) -> list:\n"
            '    if not hasattr(worker, "get_supported_tasks"):\n'
            "        return []\n"
            "    return list(worker.get_supported_pooling_tasks())\n",
            "return list(worker.",
        ),
        # the guard leaves with nothing in its stead: its own test is the silent default
        (
            "def tasks(worker: Worker) -> list:\n"
            '    if not hasattr(worker, "get_supported_pooling_tasks"):\n'
            "        return []\n"
            "    return list(worker.get_supported_pooling_tasks())\n",
            "hasattr(",
        ),
    ],
    ids=["another-name", "default-in-its-stead"],
)
def test_a_negated_hasattr_that_does_not_guard_the_read_is_still_found(
    git_repo: GitRepo, tmp_path: Path, body: str, needle: str
) -> None:
    fork = HEAD + body
    assert (USE, line_of(fork, needle), "error") in _rows(git_repo, tmp_path, fork)
