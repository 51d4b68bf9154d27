"""A removed pydantic field whose key the model's validator only tests on its way to a raise
(drift/tested_keys.py): #10551 dropped ``EmbeddingChatRequest.continue_final_message`` and kept
``if data.get("continue_final_message") and data.get("add_generation_prompt"): raise ValueError(...)``; the
fork's ``continue_final_message=True`` is an unread extra all the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": ""}
USE = "vllm/aeon_use.py"
PROTOCOL = "vllm/protocol.py"
MODEL_BASE = (
    "from pydantic import BaseModel, ConfigDict, model_validator\n\n\n"
    'class OpenAIBaseModel(BaseModel):\n    model_config = ConfigDict(extra="allow")\n\n\n'
    "class EmbeddingChatRequest(OpenAIBaseModel):\n    model: str\n    add_generation_prompt: bool = True\n"
    "    continue_final_message: bool = False\n"
)
VALIDATOR = (
    '\n    @model_validator(mode="before")\n    @classmethod\n    def check_generation_prompt(cls, data):\n'
    '        if data.get("continue_final_message") and data.get("add_generation_prompt"):\n'
    '            raise ValueError("Cannot set both.")\n'
    "        return data\n"
)
MODEL_THEIRS = (
    MODEL_BASE.replace("    add_generation_prompt: bool = True\n    continue_final_message: bool = False\n", "")
    + VALIDATOR
)
HEAD = "from vllm.protocol import EmbeddingChatRequest\n\n\n"
FORK = (
    HEAD
    + "def request(model: str) -> EmbeddingChatRequest:\n"
    + ("    return EmbeddingChatRequest(model=model, continue_final_message=True)\n")
)


def test_a_key_the_validator_only_tests_before_a_raise_is_still_lost(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(git_repo, {PROTOCOL: MODEL_BASE + VALIDATOR, **PACKAGES}, {USE: FORK}, {PROTOCOL: MODEL_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [
        (USE, line_of(FORK, "return EmbeddingChatRequest"), "error")
    ]


@pytest.mark.parametrize(
    "carry",
    [
        # the validator carries the key into another field
        '        data.setdefault("prefill", data.get("continue_final_message"))\n',
        # a test whose if does more than raise
        '        if data.get("continue_final_message"):\n            data["prefill"] = True\n',
        # a test with an else: the key decides a branch that does not raise
        '        if data.get("continue_final_message"):\n            raise ValueError("no")\n'
        '        else:\n            data["prefill"] = False\n',
    ],
)
def test_a_key_the_validator_carries_on_stays_silent(git_repo: GitRepo, tmp_path: Path, carry: str) -> None:
    """``continue_final_message`` carried on is quiet; ``add_generation_prompt``, only tested, is still found."""
    theirs = MODEL_THEIRS.replace("        return data\n", carry + "        return data\n")
    fork = FORK + (
        "\n\ndef request2(model: str) -> EmbeddingChatRequest:\n"
        "    return EmbeddingChatRequest(model=model, add_generation_prompt=False)\n"
    )
    sides = three_way(git_repo, {PROTOCOL: MODEL_BASE + VALIDATOR, **PACKAGES}, {USE: fork}, {PROTOCOL: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [
        (USE, line_of(fork, "add_generation_prompt=False"), "error")
    ]


@pytest.mark.parametrize(
    "test",
    [
        # a walrus: the popped value is carried on below the if
        '        if (cfm := data.pop("continue_final_message", None)) and data.get("add_generation_prompt"):\n',
        # the test itself moves the key into the new field
        '        if data.setdefault("prefill", data.pop("continue_final_message", False)) and data.get("x"):\n',
    ],
)
def test_a_key_the_raising_test_carries_stays_silent(git_repo: GitRepo, tmp_path: Path, test: str) -> None:
    """The key spelt only in a raising if's test, but its value bound or handed on there: it is carried."""
    theirs = MODEL_THEIRS.replace(VALIDATOR.splitlines(keepends=True)[4], test)
    if "cfm" in test:
        theirs = theirs.replace("        return data\n", '        data["prefill"] = bool(cfm)\n        return data\n')
    sides = three_way(git_repo, {PROTOCOL: MODEL_BASE + VALIDATOR, **PACKAGES}, {USE: FORK}, {PROTOCOL: theirs})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []


@pytest.mark.parametrize(
    "back",
    [
        "    return bool((request.model_extra or {}).get('continue_final_message'))\n",
        "    return bool(request.model_extra['continue_final_message'])  # type: ignore[index]\n",
    ],
)
def test_a_key_the_fork_reads_back_off_the_extras_stays_silent(git_repo: GitRepo, tmp_path: Path, back: str) -> None:
    """The fork's function reads the key it passed back itself: the extra is its own carry; the keyword of
    another function, which reads nothing back, is still found."""
    fork = (
        FORK
        + "\n\ndef prefill(model: str) -> bool:\n"
        + "    request = EmbeddingChatRequest(model=model, continue_final_message=True)\n"
        + back
    )
    sides = three_way(git_repo, {PROTOCOL: MODEL_BASE + VALIDATOR, **PACKAGES}, {USE: fork}, {PROTOCOL: MODEL_THEIRS})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [
        (USE, line_of(fork, "return EmbeddingChatRequest"), "error")
    ]
