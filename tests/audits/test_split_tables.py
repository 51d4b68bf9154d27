"""Split table drift: upstream stopped telling a table's keys apart by a word in the key and lists them in a
set; a key the fork put into the table holds the word and is not in the set.

Shaped like #36300 (be292b7c14): ``vllm bench serve`` ran a backend as a pooling one when ``"embeddings" in
backend or "rerank" in backend``, and now when ``backend in POOLING_BACKENDS``.  A fork's
``ASYNC_REQUEST_FUNCS["aeon-embeddings"] = ...`` is benchmarked as a generation backend after the merge.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ERF = "vllm/benchmarks/lib/endpoint_request_func.py"
ERF_BASE = """def completions(request):
    return request


def embeddings(request):
    return request


ASYNC_REQUEST_FUNCS = {
    "openai": completions,
    "openai-embeddings": embeddings,
    "vllm-rerank": embeddings,
    "vllm-pooling": embeddings,
}
"""
ERF_AFTER = ERF_BASE + '\nPOOLING_BACKENDS = {\n    "openai-embeddings",\n    "vllm-rerank",\n    "vllm-pooling",\n}\n'
SERVE = "vllm/benchmarks/serve.py"
SERVE_BASE = """from vllm.benchmarks.lib.endpoint_request_func import ASYNC_REQUEST_FUNCS


def task_type(backend: str) -> str:
    assert backend in ASYNC_REQUEST_FUNCS
    if "embeddings" in backend or "rerank" in backend:
        return "pooling"
    return "generation"
"""
SERVE_AFTER = SERVE_BASE.replace("import ASYNC_REQUEST_FUNCS", "import ASYNC_REQUEST_FUNCS, POOLING_BACKENDS").replace(
    'if "embeddings" in backend or "rerank" in backend:', "if backend in POOLING_BACKENDS:"
)
FORK = "vllm/aeon/bench_backends.py"
HEAD = "from vllm.benchmarks.lib.endpoint_request_func import ASYNC_REQUEST_FUNCS, embeddings\n\n"
SUBJECT = "[Bug] Fix pooling model benchmark script (#36300)"


def split_drift(repo: GitRepo, config: Path, fork: str, serve: str = SERVE_AFTER, erf: str = ERF_AFTER) -> list[int]:
    sides = s.merge_case(repo, {ERF: ERF_BASE, SERVE: SERVE_BASE}, {FORK: fork}, [(SUBJECT, {ERF: erf, SERVE: serve})])
    report = repo.audit(config, merge=sides)
    found = [f for f in report.findings if f.rule_id == RULE and f.path == FORK]
    assert all("POOLING_BACKENDS" in f.message and "#36300" in f.message for f in found)
    return [f.line for f in found]


@pytest.mark.parametrize(
    "fork",
    [
        HEAD + "ASYNC_REQUEST_FUNCS['aeon-embeddings'] = embeddings\n",
        HEAD + "ASYNC_REQUEST_FUNCS.update({'aeon-rerank': embeddings})\n",
        "from vllm.benchmarks.lib import endpoint_request_func as erf\n\n"
        "erf.ASYNC_REQUEST_FUNCS['aeon-embeddings'] = erf.embeddings\n",
    ],
    ids=["subscript", "update", "through the module"],
)
def test_a_fork_key_told_apart_by_a_retired_word(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert split_drift(git_repo, no_rules, fork) == [fork.count("\n")]


@pytest.mark.parametrize(
    ("fork", "serve", "erf"),
    [
        # a key without the word: on the same side of the test before and after
        (HEAD + "ASYNC_REQUEST_FUNCS['aeon-chat'] = embeddings\n", SERVE_AFTER, ERF_AFTER),
        # a key the set lists
        (HEAD + "ASYNC_REQUEST_FUNCS['openai-embeddings'] = embeddings\n", SERVE_AFTER, ERF_AFTER),
        # the word test kept, the set only added
        (HEAD + "ASYNC_REQUEST_FUNCS['aeon-embeddings'] = embeddings\n", SERVE_BASE + "\n# docs\n", ERF_AFTER),
        # the fork's own table of that name
        (
            "ASYNC_REQUEST_FUNCS = {}\nASYNC_REQUEST_FUNCS['aeon-embeddings'] = print\n",
            SERVE_AFTER,
            ERF_AFTER,
        ),
        # a set of strings that are not the table's keys
        (
            HEAD + "ASYNC_REQUEST_FUNCS['aeon-embeddings'] = embeddings\n",
            SERVE_AFTER,
            ERF_BASE + '\nPOOLING_BACKENDS = {"tei", "infinity"}\n',
        ),
    ],
    ids=["no word", "listed", "word test kept", "own table", "not the table's keys"],
)
def test_split_table_twins_are_quiet(git_repo: GitRepo, no_rules: Path, fork: str, serve: str, erf: str) -> None:
    assert split_drift(git_repo, no_rules, fork, serve, erf) == []


CHAT = '\n\ndef chat_endpoint(endpoint: str) -> bool:\n    return "chat" in endpoint\n'
CHAT_AFTER = '\n\ndef chat_endpoint(endpoint: str) -> bool:\n    return endpoint.endswith("/chat/completions")\n'
BOTH = "from vllm.benchmarks.lib.endpoint_request_func import ASYNC_REQUEST_FUNCS, POOLING_BACKENDS, embeddings\n\n"


@pytest.mark.parametrize(
    ("fork", "base", "serve"),
    [
        # the same change rewrote an unrelated word test (an endpoint's "chat"): no member holds the word,
        # and the value tested is not the one the set is asked about
        (HEAD + "ASYNC_REQUEST_FUNCS['aeon-chat'] = embeddings\n", SERVE_BASE + CHAT, SERVE_AFTER + CHAT_AFTER),
        # the fork lists its key in the new set too
        (
            BOTH + "ASYNC_REQUEST_FUNCS['aeon-embeddings'] = embeddings\nPOOLING_BACKENDS.add('aeon-embeddings')\n",
            SERVE_BASE,
            SERVE_AFTER,
        ),
        (
            "from vllm.benchmarks.lib import endpoint_request_func as erf\n\n"
            "erf.ASYNC_REQUEST_FUNCS['aeon-embeddings'] = erf.embeddings\n"
            "erf.POOLING_BACKENDS |= {'aeon-embeddings'}\n",
            SERVE_BASE,
            SERVE_AFTER,
        ),
    ],
    ids=["unrelated word test", "fork adds to set", "fork updates set via module"],
)
def test_split_table_correct_forks_are_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, base: str, serve: str
) -> None:
    sides = s.merge_case(
        git_repo, {ERF: ERF_BASE, SERVE: base}, {FORK: fork}, [(SUBJECT, {ERF: ERF_AFTER, SERVE: serve})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == RULE and f.path == FORK] == []


def test_a_fork_key_the_set_is_given_another_key_for(git_repo: GitRepo, no_rules: Path) -> None:
    fork = BOTH + "POOLING_BACKENDS.add('aeon-rerank')\nASYNC_REQUEST_FUNCS['aeon-embeddings'] = embeddings\n"
    assert split_drift(git_repo, no_rules, fork) == [fork.count("\n")]


# revG (second pass): false errors mended by fixAG
def _revg_rows(repo: GitRepo, config: Path, mine: dict) -> list:
    sides = s.merge_case(
        repo, {ERF: ERF_BASE, SERVE: SERVE_BASE}, mine, [(SUBJECT, {ERF: ERF_AFTER, SERVE: SERVE_AFTER})]
    )
    report = repo.audit(config, merge=sides)
    return [(f.path, f.line) for f in report.findings if f.rule_id == RULE and "POOLING_BACKENDS" in f.message]


def test_revg_set_listed_in_another_fork_file(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork's package __init__ lists its pooling keys; the backends module registers the functions
    mine = {
        FORK: HEAD + "ASYNC_REQUEST_FUNCS['aeon-embeddings'] = embeddings\n",
        "vllm/aeon/pooling.py": "from vllm.benchmarks.lib.endpoint_request_func import POOLING_BACKENDS\n\n"
        "POOLING_BACKENDS.add('aeon-embeddings')\n",
    }
    assert _revg_rows(git_repo, no_rules, mine) == []


def test_revg_set_updated_from_a_fork_constant(git_repo: GitRepo, no_rules: Path) -> None:
    fork = (
        BOTH + "AEON_POOLING = ('aeon-embeddings', 'aeon-rerank')\n\n"
        "for _key in AEON_POOLING:\n    ASYNC_REQUEST_FUNCS[_key] = embeddings\n"
        "ASYNC_REQUEST_FUNCS['aeon-embeddings'] = embeddings\n"
        "POOLING_BACKENDS.update(AEON_POOLING)\n"
    )
    assert _revg_rows(git_repo, no_rules, {FORK: fork}) == []
