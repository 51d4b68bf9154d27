"""Symbol drift: a parameter renamed and retyped from a union of classes to a plain scalar (#34036:
``get_max_tokens(max_model_len, request: "CompletionRequest | ChatCompletionRequest", ...)`` became
``get_max_tokens(max_model_len, max_tokens: int | None, ...)``).  A fork call passing ``request`` still
binds and hands a request object to a slot compared with ints: an error.  Twins stay warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/entrypoints/utils.py"
UTILS_BASE = """from typing import TYPE_CHECKING

from vllm.entrypoints.protocol import ChatRequest, CompletionRequest, Mode, Flags, Kinds, HasInt, HasIndex, Base, Model


def get_max_tokens(max_model_len: int, request: "CompletionRequest | ChatRequest", n: int) -> int:
    return min(max_model_len - n, request.max_tokens or max_model_len)
"""
PROTOCOL = "vllm/entrypoints/protocol.py"
PROTOCOL_BASE = """import abc
import enum
from typing import Protocol

from pydantic import BaseModel


class CompletionRequest:
    max_tokens: int | None = None


class ChatRequest:
    max_tokens: int | None = None


class Mode(str, enum.Enum):
    FAST = "fast"


class Flags(enum.IntFlag):
    FAST = 1


class Kinds(enum.IntFlag):
    SLOW = 2


class HasInt(Protocol):
    def __int__(self) -> int: ...


class HasIndex(Protocol):
    def __index__(self) -> int: ...


class Base(metaclass=abc.ABCMeta):
    pass


class Model(BaseModel):
    max_tokens: int | None = None
"""
FORK = "vllm/aeon/budget.py"
SUBJECT = "[Misc] Simplify `get_max_tokens` (#34036)"


def _findings(git_repo: GitRepo, no_rules: Path, old: str, new: str, kind: str = "") -> list[tuple[int, str]]:
    fork = (
        "from vllm.entrypoints.utils import get_max_tokens\n\n\n"
        f"def aeon_budget(max_model_len: int, request{kind}, prompt_ids) -> int:\n"
        "    return get_max_tokens(max_model_len, request, len(prompt_ids))  # AEON\n"
    )
    base = UTILS_BASE.replace('request: "CompletionRequest | ChatRequest"', old)
    upstream = UTILS_BASE.replace('request: "CompletionRequest | ChatRequest"', new)
    sides = s.merge_case(git_repo, {UTILS: base, PROTOCOL: PROTOCOL_BASE}, {FORK: fork}, [(SUBJECT, {UTILS: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    "old",
    [
        'request: "CompletionRequest | ChatRequest"',
        "request: CompletionRequest | ChatRequest | None",
        "request: Model | CompletionRequest",
    ],
    ids=["quoted union", "optional union", "a pydantic model member"],
)
def test_a_union_of_classes_retyped_as_a_scalar_is_an_error(git_repo: GitRepo, no_rules: Path, old: str) -> None:
    """The fork hands the old kind of value (a request) to a slot that now takes an int."""
    assert _findings(git_repo, no_rules, old, "max_tokens: int | None") == [(5, "error")]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('request: "CompletionRequest | ChatRequest"', "max_tokens: CompletionRequest"),
        ("request: Mode | CompletionRequest", "mode: str"),
        ("request: int | CompletionRequest", "max_tokens: int"),
        ('request: "CompletionRequest | ChatRequest"', "max_tokens"),
        ("request: Flags | Kinds", "flags: int"),
        ("request: HasInt | HasIndex", "max_tokens: int"),
        ("request: Base | CompletionRequest", "max_tokens: int"),
    ],
    ids=[
        "retyped to a class",
        "a str-mixin enum member",
        "a member already the scalar",
        "unannotated now",
        "IntFlag members are ints",
        "protocols an int satisfies",
        "an ABC may register int",
    ],
)
def test_twins_stay_warnings(git_repo: GitRepo, no_rules: Path, old: str, new: str) -> None:
    """A rename the value may still fit stays the rename warning: never an error."""
    found = _findings(git_repo, no_rules, old, new)
    assert found == [(5, "warning")]


def test_a_fork_parameter_annotated_as_the_new_kind_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``def aeon_budget(..., request: int | None)``: the fork's own annotation says it passes the new kind."""
    old, new = 'request: "CompletionRequest | ChatRequest"', "max_tokens: int | None"
    assert not [f for f in _findings(git_repo, no_rules, old, new, ": int | None") if f[1] == "error"]
