"""Callback drift (drift/callbacks.py): #23411 made upstream call ``PromptIndex.get_match_index`` (a dataclass
field holding a callable) with a third argument, ``start_idx``; a fork's ``PromptIndex(lambda tokenizer, prompt:
1)`` merges cleanly and raises ``TypeError`` on the first prompt it updates."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UPSTREAM = "vllm/multimodal/processing.py"
BASE = """from dataclasses import dataclass
from typing import Callable


@dataclass
class PromptIndex:
    get_match_index: Callable


@dataclass
class PromptLabel:
    get_label: Callable


def find(target: PromptIndex, label: PromptLabel, tokenizer, prompt):
    return target.get_match_index(tokenizer, prompt), label.get_label(prompt)
"""
GROWN = BASE.replace("target.get_match_index(tokenizer, prompt),", "target.get_match_index(tokenizer, prompt, 0),")
SUBJECT = "[Refactor] Dynamic `target` and `content` for prompt updates (#23411)"
FORK = "vllm/aeon/updates.py"
FORK_TEXT = """from vllm.multimodal.processing import PromptIndex, PromptLabel


def after_bos(tokenizer, prompt):
    return 1


def aeon_indexes():
    return [
        PromptIndex(lambda tokenizer, prompt: 1),
        PromptIndex(get_match_index=after_bos),
        PromptIndex(after_bos),
        PromptIndex(lambda tokenizer, prompt, start_idx=0: 1),
        PromptIndex(lambda *args: 1),
        PromptLabel(lambda prompt: "x"),
    ]
"""
OWN = "vllm/aeon/own.py"
OWN_TEXT = """from dataclasses import dataclass
from typing import Callable


@dataclass
class PromptIndex:
    get_match_index: Callable


AEON_INDEX = PromptIndex(lambda tokenizer, prompt: 1)
"""


def test_a_callable_too_short_for_upstreams_grown_calls_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A lambda or a function of the fork's module, by position or by keyword, taking the old two arguments is an
    error; one taking the new argument (a default, ``*args``), a field whose calls did not grow and the fork's own
    class of the name are not."""
    sides = s.merge_case(git_repo, {UPSTREAM: BASE}, {FORK: FORK_TEXT, OWN: OWN_TEXT}, [(SUBJECT, {UPSTREAM: GROWN})])
    rows = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [(path, line, severity) for path, line, severity, _ in rows] == [
        (FORK, 10, "error"),
        (FORK, 11, "error"),
        (FORK, 12, "error"),
    ]
    assert "upstream now calls PromptIndex.get_match_index with 3" in rows[0][3]
