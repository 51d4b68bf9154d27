"""Return drift through a local: ``shapes = f(...)`` bound once, then ``q, k, v, r = shapes``, unpacks what ``f``
returns as ``q, k, v, r = f(...)`` does.  #44539 made ``MambaStateShapeCalculator.kda_state_shape`` return two
shapes instead of four; a fork line unpacking four from a local bound to it fails on the first KDA layer.
Twins: the local rebound (which value the unpack sees is not known), a parameter of that name (the caller's),
a length the function tests (a path for each shape), an unpack of the new length."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_return_drift import INITS, MANAGER, MANAGER_BASE, MANAGER_THREE, REQUEST, REQUEST_TEXT, SUBJECT

FORK = "vllm/v1/core/sched/aeon_locals.py"
HEAD = (
    "from vllm.v1.core.kv_cache_manager import KVCacheManager\nfrom vllm.v1.request import Request\n\n\n"
    "def aeon_hit(kv_cache_manager: KVCacheManager, request: Request) -> int:\n"
)
UNPACK = "    blocks, num_computed = computed\n"


def _found(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[str, int]]:
    sides = s.merge_case(
        git_repo,
        {MANAGER: MANAGER_BASE, REQUEST: REQUEST_TEXT, **INITS},
        {FORK: HEAD + body},
        [(SUBJECT, {MANAGER: MANAGER_THREE})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.path, f.line) for f in report.findings if f.rule_id == RULE and f.severity.value == "error"]


@pytest.mark.parametrize(
    "body",
    [
        "    computed = kv_cache_manager.get_computed_blocks(request)\n" + UNPACK + "    return num_computed\n",
        "    computed = kv_cache_manager.get_computed_blocks(request)\n"
        "    print(len(request.__dict__))\n"
        + UNPACK.replace("blocks, num_computed", "[blocks, num_computed]")
        + "    return num_computed\n",
    ],
    ids=["a tuple target", "a list target"],
)
def test_an_unpack_of_a_local_bound_once_to_the_call_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = HEAD + body
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.strip().endswith("= computed"))
    assert _found(git_repo, no_rules, body) == [(FORK, line)]


@pytest.mark.parametrize(
    "body",
    [
        # rebound: which value the unpack takes apart is not known
        "    computed = kv_cache_manager.get_computed_blocks(request)\n    if not request:\n"
        "        computed = ([], 0)\n" + UNPACK + "    return num_computed\n",
        # a length the function tests: a path for each shape
        "    computed = kv_cache_manager.get_computed_blocks(request)\n    if len(computed) == 3:\n"
        "        return computed[1]\n" + UNPACK + "    return num_computed\n",
        # the new length
        "    computed = kv_cache_manager.get_computed_blocks(request)\n"
        "    blocks, num_computed, _ = computed\n    return num_computed\n",
        # a star takes whatever is left
        "    computed = kv_cache_manager.get_computed_blocks(request)\n"
        "    blocks, *rest = computed\n    return len(blocks)\n",
    ],
    ids=["rebound", "length tested", "the new length", "starred"],
)
def test_unpacked_local_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert _found(git_repo, no_rules, body) == []


def test_a_parameter_of_the_name_is_the_callers(git_repo: GitRepo, no_rules: Path) -> None:
    """The parameter ``computed`` rebound from the call on one path only: the unpack may take the caller's."""
    body = (
        "    return 0\n\n\ndef aeon_split(kv_cache_manager: KVCacheManager, request: Request, computed=None) -> int:\n"
        "    if computed is None:\n        computed = kv_cache_manager.get_computed_blocks(request)\n"
        + UNPACK
        + "    return num_computed\n"
    )
    assert _found(git_repo, no_rules, body) == []
