"""Reads of a gone member that the fork wrote for both sides of the removal, or that read back its own value
(drift/guarded_reads.py).

#21585 (46d81d6951) removed ``Worker.get_supported_pooling_tasks``: a fork's ``hasattr(Worker, "...")`` that
picks a path per release, or its shim ``Worker.get_supported_pooling_tasks = Worker.get_supported_tasks`` under
``if not hasattr``, is written for the removal.  #10551 (d2b0e97ea6) dropped ``EmbeddingChatRequest.
continue_final_message`` from a model keeping unknown keys: a fork function that passes the key and reads it
back off the request it built sees its own value."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

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


def _worker_rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {WORKER: WORKER_BASE, **PACKAGES}, {USE: fork}, {WORKER: WORKER_THEIRS})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize(
    "body",
    [
        # the old name while the worker has it, the new one after
        "def tasks(executor) -> list:\n"
        '    if hasattr(Worker, "get_supported_pooling_tasks"):  # upstreams before #21585\n'
        '        return executor.collective_rpc("get_supported_pooling_tasks")[0]\n'
        '    return executor.collective_rpc("get_supported_tasks")[0]\n',
        # an if and its else
        "def tasks(executor) -> str:\n"
        '    if hasattr(Worker, "get_supported_pooling_tasks"):\n'
        '        name = "get_supported_pooling_tasks"\n'
        "    else:\n"
        '        name = "get_supported_tasks"\n'
        "    return name\n",
        # a conditional expression
        'def tasks() -> str:\n    return "pooling" if hasattr(Worker, "get_supported_pooling_tasks") else "tasks"\n',
        # the fork's shim where the worker lacks it
        'if not hasattr(Worker, "get_supported_pooling_tasks"):\n'
        "    Worker.get_supported_pooling_tasks = Worker.get_supported_tasks  # the router's old name\n",
    ],
)
def test_a_hasattr_picking_a_path_per_release_stays_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _worker_rows(git_repo, tmp_path, HEAD + body) == []


@pytest.mark.parametrize(
    "body",
    [
        # the fork's own work, now never done
        "def warm(worker: Worker) -> None:\n"
        '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
        "        worker.aeon_pooling = True\n",
        # an else that does nothing in its stead
        "def warm(worker: Worker) -> None:\n"
        '    if hasattr(worker, "get_supported_pooling_tasks"):\n'
        "        worker.aeon_pooling = True\n"
        "    else:\n"
        "        pass\n",
        # the answer handed on: always False now
        'def pools(worker: Worker) -> bool:\n    return hasattr(worker, "get_supported_pooling_tasks")\n',
    ],
)
def test_a_hasattr_with_no_other_path_is_still_found(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    fork = HEAD + body
    assert _worker_rows(git_repo, tmp_path, fork) == [(USE, line_of(fork, "hasattr("), "error")]


def test_a_shim_the_fork_sets_without_a_test_stays_silent_where_it_reads_it(git_repo: GitRepo, tmp_path: Path) -> None:
    """The fork sets the gone name on the class and reads it itself: its reads see its value (a warning at
    most: a patch of upstream's would now do nothing)."""
    fork = (
        HEAD
        + "Worker.get_supported_pooling_tasks = Worker.get_supported_tasks  # the router's old name\n\n\n"
        + "def tasks(worker: Worker) -> tuple:\n    return Worker.get_supported_pooling_tasks(worker)\n"
    )
    assert [row for row in _worker_rows(git_repo, tmp_path, fork) if row[2] == "error"] == []


PROTOCOL = "vllm/protocol.py"
MODEL = (
    "from pydantic import BaseModel, ConfigDict\n\n\n"
    'class OpenAIBaseModel(BaseModel):\n    model_config = ConfigDict(extra="allow")\n\n\n'
    "class EmbeddingChatRequest(OpenAIBaseModel):\n    model: str\n    continue_final_message: bool = False\n"
)
MODEL_THEIRS = MODEL.replace("    continue_final_message: bool = False\n", "")
REQUEST_HEAD = (
    "from vllm.protocol import EmbeddingChatRequest\n\n\n"
    "def prefill(model: str) -> bool:\n"
    "    request = EmbeddingChatRequest(model=model, continue_final_message=True)\n"
)
READS_BACK = [
    "    return bool(getattr(request, 'continue_final_message', False))\n",
    "    kept = getattr(request, 'continue_final_message', None)\n    return kept is not None and bool(kept)\n",
    "    if hasattr(request, 'continue_final_message'):\n        return bool(request.continue_final_message)\n"
    "    return False\n",
    "    try:\n        return bool(request.continue_final_message)\n    except AttributeError:\n        return False\n",
    "    return bool(request.continue_final_message)\n",
]


def _request_rows(git_repo: GitRepo, tmp_path: Path, fork: str, model: str) -> list[tuple[str, int, str]]:
    theirs = model.replace("    continue_final_message: bool = False\n", "")
    sides = three_way(git_repo, {PROTOCOL: model, "vllm/__init__.py": ""}, {USE: fork}, {PROTOCOL: theirs})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize("back", READS_BACK)
def test_an_extra_the_fork_passes_and_reads_back_stays_silent(git_repo: GitRepo, tmp_path: Path, back: str) -> None:
    """The model keeps unknown keys and answers them as attributes: every spelling of the read back sees the
    fork's value; a keyword of another function that reads nothing back is still found."""
    fork = (
        REQUEST_HEAD
        + back
        + "\n\ndef plain(model: str) -> EmbeddingChatRequest:\n"
        + "    return EmbeddingChatRequest(model=model, continue_final_message=True)\n"
    )
    assert _request_rows(git_repo, tmp_path, fork, MODEL) == [
        (USE, line_of(fork, "    return EmbeddingChatRequest("), "error")
    ]


@pytest.mark.parametrize("back", [READS_BACK[0], READS_BACK[3]])
def test_a_read_back_off_a_model_ignoring_extras_is_still_found(git_repo: GitRepo, tmp_path: Path, back: str) -> None:
    """pydantic's default drops an unknown key: the read back takes its default, the fork's value is lost."""
    model = MODEL.replace('    model_config = ConfigDict(extra="allow")\n', "    pass\n")
    rows = _request_rows(git_repo, tmp_path, REQUEST_HEAD + back, model)
    assert [row[2] for row in rows] == ["error"]


@pytest.mark.parametrize(
    "alias",
    [
        "    get_supported_pooling_tasks = Worker.get_supported_tasks  # the router still asks so\n",
        "    def aeon_tasks(self) -> tuple:\n        return ('generate',)\n\n"
        "    get_supported_pooling_tasks = aeon_tasks\n",
    ],
    ids=["base-member", "own-method"],
)
def test_a_class_body_alias_of_the_gone_name_stays_silent(git_repo: GitRepo, tmp_path: Path, alias: str) -> None:
    """The fork's worker names the gone method after the one that replaced it, for its own router."""
    assert _worker_rows(git_repo, tmp_path, HEAD + "class AeonWorker(Worker):\n" + alias) == []


def test_a_class_body_value_under_the_gone_name_is_still_found(git_repo: GitRepo, tmp_path: Path) -> None:
    """A value that is no member of the class (a constant): nothing reads it any more."""
    fork = HEAD + "POOLING = ['embed']\n\n\nclass AeonWorker(Worker):\n    get_supported_pooling_tasks = POOLING\n"
    assert _worker_rows(git_repo, tmp_path, fork) == [(USE, line_of(fork, "get_supported_pooling_tasks ="), "error")]


@pytest.mark.parametrize(
    "use",
    [
        "class AeonWorker(Worker):\n    def tasks(self) -> tuple:\n        return self.get_supported_pooling_tasks()\n",
        "def tasks(worker: Worker) -> tuple:\n    return worker.get_supported_pooling_tasks()\n",
    ],
    ids=["self-in-a-subclass", "typed-receiver"],
)
def test_an_instance_s_read_of_a_class_shim_stays_silent(git_repo: GitRepo, tmp_path: Path, use: str) -> None:
    """The fork's shim on the class serves its instances too."""
    fork = HEAD + 'if not hasattr(Worker, "get_supported_pooling_tasks"):\n'
    fork += "    Worker.get_supported_pooling_tasks = Worker.get_supported_tasks\n\n\n" + use
    assert _worker_rows(git_repo, tmp_path, fork) == []


def test_an_instance_s_read_without_a_shim_is_still_found(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = HEAD + "def tasks(worker: Worker) -> tuple:\n    return worker.get_supported_pooling_tasks()\n"
    assert _worker_rows(git_repo, tmp_path, fork) == [(USE, line_of(fork, "return worker."), "error")]
