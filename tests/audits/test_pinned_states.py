"""A fork test pins what an upstream function writes on its argument, and upstream changed the function's decisions.

#27555 (61fbfe5274) moved ``check_stop``'s length cap below its stop tokens: a fork test calling
``check_stop(request, max_model_len=4096)`` then asserting ``request.status == RequestStatus.FINISHED_LENGTH_CAPPED``
pins a state the new order no longer writes on that input (blind_replay_kvcoord2).  ``pinned_results`` warns: the
engine does not run the function on the test's inputs.  Quiet: an attribute the function never writes on that
parameter, an object the call does not take, a function upstream left alone, a comparison with another read.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

UTILS = "pkg/sched/utils.py"
UTILS_BASE = """from pkg.status import Status


def check_stop(request, max_model_len):
    if request.num_tokens >= max_model_len:
        request.status = Status.CAPPED
        return True
    if request.last == request.eos:
        request.status = Status.STOPPED
        return True
    return False


def count(request):
    return request.num_tokens
"""
UTILS_AFTER = """from pkg.status import Status


def check_stop(request, max_model_len):
    if request.last == request.eos:
        request.status = Status.STOPPED
        return True
    if request.num_tokens >= max_model_len:
        request.status = Status.CAPPED
        return True
    return False


def count(request):
    return request.num_tokens
"""
STATUS = "pkg/status.py"
STATUS_TEXT = "import enum\n\n\nclass Status(enum.Enum):\n    CAPPED = 1\n    STOPPED = 2\n"
SUBJECT = "[Bugfix] fixed inconsistent finish_reason handling (#27555)"
HEAD = "from pkg.sched.utils import check_stop, count\nfrom pkg.status import Status\n\n\n"

WARNED = {
    "enum_member": (
        "def test_capped(make):\n    req = make(8)\n    check_stop(req, 8)\n    assert req.status == Status.CAPPED\n",
        "assert req.status == Status.CAPPED",
    ),
    "keyword_slot": (
        "def test_capped(make):\n    req = make(8)\n    check_stop(max_model_len=8, request=req)\n"
        "    assert Status.CAPPED is req.status\n",
        "assert Status.CAPPED is req.status",
    ),
    "literal": (
        "def test_capped(make):\n    req = make(8)\n    check_stop(req, 8)\n    assert req.status != 2\n",
        "assert req.status != 2",
    ),
}
QUIET = {
    "never_written": "def test_tokens(make):\n    req = make(8)\n    check_stop(req, 8)\n    assert req.num_tokens == 8\n",
    "not_taken": "def test_other(make):\n    req, other = make(8), make(1)\n    check_stop(req, 8)\n"
    "    assert other.status == Status.CAPPED\n",
    "left_alone": "def test_count(make):\n    req = make(8)\n    count(req)\n    assert req.status == Status.CAPPED\n",
    "another_read": "def test_same(make):\n    req, other = make(8), make(8)\n    check_stop(req, 8)\n"
    "    assert req.status == other.status\n",
}
FORKS = {f"tests/aeon/test_{name}.py": HEAD + text for name, (text, _) in WARNED.items()} | {
    f"tests/aeon/test_{name}.py": HEAD + text for name, text in QUIET.items()
}
INITS = {f"{d}/__init__.py": "" for d in ("pkg", "pkg/sched")}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    base = {**INITS, UTILS: UTILS_BASE, STATUS: STATUS_TEXT}
    return s.side_by_side(repo, base, FORKS, [(SUBJECT, {UTILS: UTILS_AFTER})], RETURN_DRIFT)


@pytest.mark.parametrize("name", sorted(WARNED))
def test_a_pinned_state_of_a_changed_function_is_warned(git_repo: GitRepo, name: str) -> None:
    text, line = WARNED[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"tests/aeon/test_{name}.py"]]
    assert rows == [(line_of(HEAD + text, line), "warning")]
    [found] = findings(git_repo)[f"tests/aeon/test_{name}.py"]
    assert "pins what check_stop() writes on req.status" in found.message


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"tests/aeon/test_{name}.py"] == []
