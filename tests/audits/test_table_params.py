"""Table parameter drift: every function a module's table holds gained a required parameter; a fork function
put into the same table lacks it.

Shaped like #21981 (6f5478298d): each value of ``ASYNC_REQUEST_FUNCS`` went from ``(request_func_input,
pbar=None)`` to ``(request_func_input, session, pbar=None)`` and the caller passes ``session=``.  A fork's
``ASYNC_REQUEST_FUNCS["aeon"] = aeon_request`` without ``session`` raises TypeError on the first request.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ERF = "vllm/benchmarks/lib/endpoint_request_func.py"
ERF_BASE = """async def async_request_openai_completions(request_func_input, pbar=None):
    return request_func_input


async def async_request_openai_chat_completions(request_func_input, pbar=None):
    return request_func_input


ASYNC_REQUEST_FUNCS = {
    "openai": async_request_openai_completions,
    "openai-chat": async_request_openai_chat_completions,
}
"""
SESSION = ERF_BASE.replace("(request_func_input, pbar=None)", "(request_func_input, session, pbar=None)")
FORK = "vllm/aeon/bench_funcs.py"
HEAD = "from vllm.benchmarks.lib.endpoint_request_func import ASYNC_REQUEST_FUNCS\n\n\n"
OLD_DEF = "async def aeon_request(request_func_input, pbar=None):\n    return request_func_input\n\n\n"
SUBJECT = "Use `aiohttp` connection pool for benchmarking (#21981)"


def table_drift(repo: GitRepo, config: Path, fork: str, upstream: str = SESSION) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {ERF: ERF_BASE}, {FORK: fork}, [(SUBJECT, {ERF: upstream})])
    report = audit_tree(repo.path, config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == RULE and f.path == FORK]


@pytest.mark.parametrize(
    "fork",
    [
        HEAD + OLD_DEF + "ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n",
        HEAD + OLD_DEF + "ASYNC_REQUEST_FUNCS.update({'aeon': aeon_request})\n",
        "import vllm.benchmarks.lib.endpoint_request_func as erf\n\n\n"
        + OLD_DEF
        + "erf.ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n",
    ],
    ids=["subscript", "update", "through the module"],
)
def test_a_fork_function_in_the_table_without_the_new_parameter(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    [(line, message)] = table_drift(git_repo, no_rules, fork)
    assert fork.splitlines()[line - 1].startswith("async def aeon_request(")
    assert "ASYNC_REQUEST_FUNCS takes no session" in message and "#21981" in message


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        # the fork's function takes it, or takes anything
        (
            HEAD
            + "async def aeon_request(request_func_input, session, pbar=None):\n    return request_func_input\n\n\n"
            + "ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n",
            SESSION,
        ),
        (
            HEAD
            + "async def aeon_request(request_func_input, **kwargs):\n    return request_func_input\n\n\n"
            + "ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n",
            SESSION,
        ),
        # the new parameter has a default: the caller need not pass it
        (
            HEAD + OLD_DEF + "ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n",
            ERF_BASE.replace("(request_func_input, pbar=None)", "(request_func_input, pbar=None, session=None)"),
        ),
        # only one of the table's functions gained it
        (
            HEAD + OLD_DEF + "ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n",
            ERF_BASE.replace(
                "async_request_openai_completions(request_func_input, pbar=None)",
                "async_request_openai_completions(request_func_input, session, pbar=None)",
            ),
        ),
        # the fork's own table of that name
        (
            "ASYNC_REQUEST_FUNCS = {}\n\n\n" + OLD_DEF + "ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n",
            SESSION,
        ),
        # upstream's own function put under another key
        (
            "from vllm.benchmarks.lib.endpoint_request_func import ASYNC_REQUEST_FUNCS, "
            "async_request_openai_completions\n\n"
            "ASYNC_REQUEST_FUNCS['aeon'] = async_request_openai_completions\n",
            SESSION,
        ),
    ],
    ids=["takes session", "**kwargs", "a default", "one sibling", "own table", "upstream's function"],
)
def test_table_param_twins_are_quiet(git_repo: GitRepo, no_rules: Path, fork: str, upstream: str) -> None:
    assert table_drift(git_repo, no_rules, fork, upstream) == []
