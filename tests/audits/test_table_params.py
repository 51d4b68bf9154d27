"""Table parameter drift: every function a module's table holds gained a required parameter; a fork function
put into the same table lacks it.

Shaped like #21981 (6f5478298d): each value of ``ASYNC_REQUEST_FUNCS`` went from ``(request_func_input,
pbar=None)`` to ``(request_func_input, session, pbar=None)`` and the caller passes ``session=``.  A fork's
``ASYNC_REQUEST_FUNCS["aeon"] = aeon_request`` without ``session`` raises TypeError on the first request.
"""

from __future__ import annotations

from pathlib import Path

import pytest

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
    report = repo.audit(config, merge=sides)
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


SERVE = "vllm/benchmarks/serve.py"
SERVE_BASE = (
    "from vllm.benchmarks.lib.endpoint_request_func import ASYNC_REQUEST_FUNCS\n\n\n"
    "async def run(backend, rfi, pbar):\n    return await ASYNC_REQUEST_FUNCS[backend](rfi, pbar)\n"
)
SERVE_POSITIONAL = SERVE_BASE.replace("rfi, pbar", "rfi, session, pbar")
RENAMED = ERF_BASE.replace(
    "(request_func_input, pbar=None):\n    return request_func_input", "(func_input, pbar=None):\n    return func_input"
)
WITH_SESSION = (
    "def with_session(f):\n    async def wrapper(request_func_input, session, pbar=None):\n"
    "        return await f(request_func_input, pbar=pbar)\n    return wrapper\n\n\n"
)
REGISTERED = "ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n"
# correct forks a reviewer found flagged (fixAA)
CORRECT = {
    # upstream renamed every function's first parameter; its caller passes it by position
    "positional rename": (HEAD + OLD_DEF + REGISTERED, RENAMED, SERVE_BASE),
    # the fork's function takes the new slot under a name of its own
    "positional other name": (
        HEAD + OLD_DEF.replace("request_func_input, pbar", "request_func_input, sess, pbar") + REGISTERED,
        SESSION,
        SERVE_POSITIONAL,
    ),
    "decorator adds it": (HEAD + WITH_SESSION + "@with_session\n" + OLD_DEF + REGISTERED, SESSION, SERVE_BASE),
    "rebound adapter": (
        HEAD + WITH_SESSION + OLD_DEF + "aeon_request = with_session(aeon_request)\n" + REGISTERED,
        SESSION,
        SERVE_BASE,
    ),
    "version check": (
        "import inspect\n\nfrom vllm.benchmarks.lib import endpoint_request_func as erf\n"
        "from vllm.benchmarks.lib.endpoint_request_func import ASYNC_REQUEST_FUNCS\n\n\n"
        + OLD_DEF
        + "async def aeon_request_session(request_func_input, session, pbar=None):\n    return request_func_input\n\n\n"
        "if 'session' in inspect.signature(erf.async_request_openai_completions).parameters:\n"
        "    ASYNC_REQUEST_FUNCS['aeon'] = aeon_request_session\nelse:\n    " + REGISTERED,
        SESSION,
        SERVE_BASE,
    ),
    "nested def shadows": (
        HEAD + OLD_DEF + "def register():\n"
        "    async def aeon_request(request_func_input, session, pbar=None):\n        return request_func_input\n\n"
        "    " + REGISTERED,
        SESSION,
        SERVE_BASE,
    ),
}


def _with_caller(repo: GitRepo, config: Path, fork: str, erf: str, serve: str) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {ERF: ERF_BASE, SERVE: SERVE_BASE}, {FORK: fork}, [(SUBJECT, {ERF: erf, SERVE: serve})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == RULE and f.path == FORK]


@pytest.mark.parametrize(("fork", "erf", "serve"), list(CORRECT.values()), ids=list(CORRECT))
def test_table_param_correct_forks_are_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, erf: str, serve: str
) -> None:
    assert _with_caller(git_repo, no_rules, fork, erf, serve) == []


@pytest.mark.parametrize(
    "fork",
    [
        # the slot the new parameter takes holds one of upstream's other parameters: a positional caller
        # fills pbar with the session
        HEAD + OLD_DEF.replace("pbar=None)", "pbar=None, extra=None)") + REGISTERED,
        # a name of its own in the slot, but one slot short: a positional caller passes one too many
        HEAD + OLD_DEF.replace("pbar=None)", "progress=None)") + REGISTERED,
        # the local def the table gets lacks it, whatever the top-level one of that name takes
        HEAD
        + OLD_DEF.replace("request_func_input, pbar", "request_func_input, session, pbar")
        + "def register():\n    "
        + OLD_DEF.replace("\n    return", "\n        return").rstrip()
        + "\n\n    "
        + REGISTERED,
    ],
    ids=["slot of another parameter", "one slot short", "nested def lacks it"],
)
def test_table_param_slots_and_scopes_still_caught(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    [(line, message)] = _with_caller(git_repo, no_rules, fork, SESSION, SERVE_POSITIONAL)
    assert fork.splitlines()[line - 1].lstrip().startswith("async def aeon_request(request_func_input, p")
    assert "takes no session" in message


# revG (second pass): false errors mended by fixAG
REVG_NEW_DEF = "async def aeon_request(request_func_input, session, pbar=None):\n    return request_func_input\n"


def test_revg_class_body_def_shadows_module_def(git_repo: GitRepo, no_rules: Path) -> None:
    # in a class body the name is the class's own def (session taken), not the legacy module-level one
    fork = (
        HEAD
        + OLD_DEF
        + "class AeonBackends:\n    @staticmethod\n    "
        + REVG_NEW_DEF.replace("\n    return", "\n        return")
        + "\n    ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n"
    )
    assert _with_caller(git_repo, no_rules, fork, SESSION, SERVE_BASE) == []


def test_revg_plain_class_body_def(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        HEAD
        + OLD_DEF
        + "class AeonBackends:\n    "
        + REVG_NEW_DEF.replace("\n    return", "\n        return")
        + "\n    ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n"
    )
    assert _with_caller(git_repo, no_rules, fork, SESSION, SERVE_BASE) == []


def test_revg_version_gate(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork registers the old def only on vLLM releases before the session change
    fork = (
        "import vllm\nfrom packaging.version import Version\n"
        + HEAD
        + OLD_DEF
        + REVG_NEW_DEF.replace("aeon_request(", "aeon_request_session(")
        + "\n\n"
        "if Version(vllm.__version__) < Version('0.10.1'):\n    ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\n"
        "else:\n    ASYNC_REQUEST_FUNCS['aeon'] = aeon_request_session\n"
    )
    assert _with_caller(git_repo, no_rules, fork, SESSION, SERVE_BASE) == []


def test_revg_last_write_wins(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork reassigns the key right after: the last write wins
    fork = (
        HEAD + OLD_DEF + REVG_NEW_DEF.replace("aeon_request(", "aeon_request_session(") + "\n\n"
        "ASYNC_REQUEST_FUNCS['aeon'] = aeon_request\nASYNC_REQUEST_FUNCS['aeon'] = aeon_request_session\n"
    )
    assert _with_caller(git_repo, no_rules, fork, SESSION, SERVE_BASE) == []
