"""Subscripted aliases (drift/subscripted_aliases.py): #48984 wrapped the ``EmbeddingRequest`` union in
``Annotated[..., BeforeValidator(...)]``; a fork's ``isinstance(request, EmbeddingRequest)`` raises TypeError."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

EMBED = "vllm/entrypoints/pooling/embed/protocol.py"
BASE_TEXT = """from typing import TypeAlias


class EmbeddingCompletionRequest:
    pass


class EmbeddingChatRequest:
    pass


class EmbeddingBatchRequest:
    pass


EmbeddingRequest: TypeAlias = EmbeddingCompletionRequest | EmbeddingChatRequest
BatchRequests = (EmbeddingBatchRequest,)
Payload = dict
"""
UPSTREAM_TEXT = """from typing import Annotated, TypeAlias

from pydantic import BeforeValidator


def reject_removed(data):
    return data


class EmbeddingCompletionRequest:
    pass


class EmbeddingChatRequest:
    pass


class EmbeddingBatchRequest:
    pass


EmbeddingRequest: TypeAlias = Annotated[
    EmbeddingCompletionRequest | EmbeddingChatRequest,
    BeforeValidator(reject_removed),
]
BatchRequests = (EmbeddingBatchRequest, EmbeddingChatRequest)
Payload = dict[str, object]
"""
SUBJECT = "[Bugfix] Reject removed pooling parameters (#48984)"
FORK = "vllm/aeon/embed.py"
FORK_TEXT = """from typing import get_args

from vllm.entrypoints.pooling.embed import protocol
from vllm.entrypoints.pooling.embed.protocol import (
    BatchRequests,
    EmbeddingCompletionRequest,
    EmbeddingRequest,
    Payload,
)


def aeon_is_embedding(request: object) -> bool:
    return isinstance(request, EmbeddingRequest)


def aeon_is_embedding_mod(request: object) -> bool:
    return isinstance(request, (int, protocol.EmbeddingRequest))


def aeon_is_payload(body: object) -> bool:
    return isinstance(body, Payload)


def aeon_members(request: object) -> bool:
    return isinstance(request, get_args(EmbeddingRequest)) or isinstance(request, EmbeddingCompletionRequest)


def aeon_batch(request: object) -> bool:
    return isinstance(request, BatchRequests)


def aeon_guarded(request: object) -> bool:
    try:
        return isinstance(request, EmbeddingRequest)
    except TypeError:
        return False


def aeon_local(request: object, EmbeddingRequest: type) -> bool:
    return isinstance(request, EmbeddingRequest)
"""


def rows(git_repo: GitRepo, no_rules: Path, fork: dict[str, str]) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {EMBED: BASE_TEXT}, fork, [(SUBJECT, {EMBED: UPSTREAM_TEXT})])
    found = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    return [(line, severity, message) for path, line, severity, message in found if path == FORK]


def test_an_isinstance_check_against_an_alias_upstream_subscripted_is_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """The direct name, the name read off the module inside a tuple, and a plain class made ``dict[...]``
    are errors; ``get_args(...)``, a member class, a tuple upstream widened, a check under ``except
    TypeError`` and a parameter of the same name stay quiet."""
    found = rows(git_repo, no_rules, {FORK: FORK_TEXT})
    assert [(line, severity) for line, severity, _ in found] == [(13, "error"), (17, "error"), (21, "error")]
    assert "EmbeddingRequest from vllm.entrypoints.pooling.embed.protocol" in found[0][2]
    assert "Annotated[" in found[0][2] and "#48984" in found[0][2]


def test_a_fork_that_rebinds_the_name_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's file re-binds the name to the member classes: its check reads its own tuple (the check
    against ``Payload``, beside it, is still found)."""
    text = (
        "from vllm.entrypoints.pooling.embed.protocol import EmbeddingRequest\n"
        "from vllm.entrypoints.pooling.embed.protocol import EmbeddingChatRequest, EmbeddingCompletionRequest\n"
        "from vllm.entrypoints.pooling.embed.protocol import Payload\n\n"
        "EmbeddingRequest = (EmbeddingCompletionRequest, EmbeddingChatRequest)  # noqa: F811\n\n\n"
        "def aeon_is_embedding(request: object) -> bool:\n"
        "    return isinstance(request, EmbeddingRequest)\n\n\n"
        "def aeon_is_payload(body: object) -> bool:\n"
        "    return isinstance(body, Payload)\n"
    )
    assert [line for line, _, _ in rows(git_repo, no_rules, {FORK: text})] == [13]  # Payload's, not the tuple's


def test_a_lookup_that_hands_back_a_class_stays_quiet(git_repo: GitRepo, tmp_path: Path, no_rules: Path) -> None:
    """``CLASSES["embed"]`` is a subscript too, of a dict that holds classes: not a generic (``Payload``, made
    ``dict[str, object]`` in the same change, still is)."""
    annotated = UPSTREAM_TEXT[UPSTREAM_TEXT.index("EmbeddingRequest: TypeAlias") : UPSTREAM_TEXT.index("BatchRequests")]
    upstream = UPSTREAM_TEXT.replace(
        annotated, 'CLASSES = {"embed": EmbeddingCompletionRequest}\nEmbeddingRequest = CLASSES["embed"]\n'
    )
    sides = s.merge_case(git_repo, {EMBED: BASE_TEXT}, {FORK: FORK_TEXT}, [(SUBJECT, {EMBED: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, TYPE_DRIFT)
    assert [(path, line) for path, line, _, _ in found if path == FORK] == [(FORK, 21)]  # Payload's dict[...] only


SHIM_HEAD = (
    "import contextlib\nfrom typing import Annotated, get_args, get_origin\n\n"
    "from vllm.entrypoints.pooling.embed.protocol import EmbeddingRequest, Payload\n\n"
)
CHECK = "def aeon_is_embedding(request: object) -> bool:\n    return isinstance(request, EmbeddingRequest)\n"
PAYLOAD = "\n\ndef aeon_is_payload(body: object) -> bool:\n    return isinstance(body, Payload)\n"


@pytest.mark.parametrize(
    "shim",
    [
        # an unwrap shim re-binding the name under a top-level if, or try
        "if get_origin(EmbeddingRequest) is Annotated:\n    EmbeddingRequest = get_args(EmbeddingRequest)[0]\n\n\n"
        + CHECK,
        "try:\n    EmbeddingRequest = get_args(EmbeddingRequest)[0] or EmbeddingRequest\nexcept IndexError:\n"
        "    pass\n\n\n" + CHECK,
        # an earlier if that asks about the alias and returns
        "def aeon_is_embedding(request: object) -> bool:\n    if get_origin(EmbeddingRequest) is Annotated:\n"
        "        return isinstance(request, get_args(EmbeddingRequest)[0])\n"
        "    return isinstance(request, EmbeddingRequest)\n",
        # an enclosing if that asks about the alias
        "def aeon_is_embedding(request: object) -> bool:\n    if isinstance(EmbeddingRequest, type):\n"
        "        return isinstance(request, EmbeddingRequest)\n    return False\n",
        # contextlib.suppress(TypeError)
        "def aeon_is_embedding(request: object) -> bool:\n    with contextlib.suppress(TypeError):\n"
        "        return isinstance(request, EmbeddingRequest)\n    return False\n",
    ],
)
def test_a_fork_that_unwraps_or_asks_about_the_alias_stays_quiet(git_repo: GitRepo, no_rules: Path, shim: str) -> None:
    """Each shim beside a check against ``Payload`` (made ``dict[...]``), which is still found."""
    text = SHIM_HEAD + shim + PAYLOAD
    payload = text.splitlines().index("    return isinstance(body, Payload)") + 1
    assert [(line, sev) for line, sev, _ in rows(git_repo, no_rules, {FORK: text})] == [(payload, "error")]


def test_an_if_whose_test_is_the_check_itself_is_no_guard(git_repo: GitRepo, no_rules: Path) -> None:
    """``if isinstance(request, EmbeddingRequest):`` raises itself: it guards nothing below it."""
    text = SHIM_HEAD + (
        "def aeon_is_embedding(request: object) -> bool:\n    if isinstance(request, EmbeddingRequest):\n"
        "        return True\n    return isinstance(request, EmbeddingRequest)\n"
    )
    assert [(line, sev) for line, sev, _ in rows(git_repo, no_rules, {FORK: text})] == [(7, "error"), (9, "error")]
