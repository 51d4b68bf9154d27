"""Container drift through a copy: a local bound to a kind-keeping copy of a field upstream made an array.

#28245 (4228be7959) made ``LogprobsLists.sampled_token_ranks: list[int]`` an ``np.ndarray``: a fork's
``ranks = lists.sampled_token_ranks.copy()`` holds an array too, and ``ranks.append(-1)`` raises.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way

OUTPUTS = "vllm/v1/outputs.py"
BASE = (
    "from typing import NamedTuple\n\nimport numpy as np\n\n\n"
    "class LogprobsLists(NamedTuple):\n    logprobs: list[list[float]]\n    sampled_token_ranks: list[int]\n"
)
THEIRS = BASE.replace("sampled_token_ranks: list[int]", "sampled_token_ranks: np.ndarray")
HEAD = "import copy\n\nfrom vllm.v1.outputs import LogprobsLists\n\n\n"


def _body(bound: str, then: str = "    ranks.append(-1)\n") -> str:
    return HEAD + f"def aeon_ranks(lists: LogprobsLists) -> list[int]:\n    ranks = {bound}\n{then}    return ranks\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {"vllm/__init__.py": "", OUTPUTS: BASE}, {"vllm/aeon_use.py": fork}, {OUTPUTS: THEIRS})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


COPIES = ["lists.sampled_token_ranks.copy()", "copy.copy(lists.sampled_token_ranks)", "lists.sampled_token_ranks[:]"]


@pytest.mark.parametrize("bound", COPIES, ids=["method", "copy-module", "whole-slice"])
def test_a_list_method_on_a_copy_of_a_field_made_an_array_is_an_error(
    git_repo: GitRepo, tmp_path: Path, bound: str
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``trees.row_side_by_side``, suitespeed15)
    fork = _body(bound)
    base = {"vllm/__init__.py": "", OUTPUTS: BASE}
    bodies = [_body(copy) for copy in COPIES]
    _, found = row_side_by_side(git_repo, tmp_path, base, bodies, fork, {OUTPUTS: THEIRS}, TYPE_DRIFT, "vllm")
    assert [(f.line, f.severity.value) for f in found] == [(line_of(fork, "ranks.append"), "error")]


@pytest.mark.parametrize(
    ("bound", "then"),
    [
        ("list(lists.sampled_token_ranks)", "    ranks.append(-1)\n"),  # made a list first
        ("lists.sampled_token_ranks[1:]", "    ranks.sort()\n"),  # what an array does too
        ("lists.logprobs.copy()", "    ranks.append([])\n"),  # a field upstream left a list
    ],
    ids=["list()", "array-method", "kept-field"],
)
def test_twins_a_copy_used_as_either_kind_stays_quiet(git_repo: GitRepo, tmp_path: Path, bound: str, then: str) -> None:
    assert _rows(git_repo, tmp_path, _body(bound, then)) == []
