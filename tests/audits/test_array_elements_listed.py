"""Element drift the other way: upstream made a container's arrays builtin lists again.

#29121 (30b9c67743) reverted #28771: ``RejectionSampler.parse_output``'s rows (and ``sampled_token_ids``'
elements) went from ``np.ndarray`` back to ``list[int]``.  A fork written against the arrays merges cleanly and
then raises on ``row.tolist()`` or ``row.size`` (a list has neither), or silently reads one element where it
masked the row (``row[row != eos]``: a list compared with a value is one bool, and ``row[True]`` is ``row[1]``).
Twins: what a list does too, a kind test around the use, the fork's own class of the name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_element_drift import FORK, HEAD, OUTPUTS, OUTPUTS_ARRAY, OUTPUTS_BASE

SUBJECT = 'Revert "[Redo] #26368 (#28771)" (#29121)'
CALL = "RejectionSampler.parse_output(t, 10)"


def drift(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, {OUTPUTS: OUTPUTS_ARRAY}, {FORK: HEAD + body}, [(SUBJECT, {OUTPUTS: OUTPUTS_BASE})])
    report = repo.audit(config, merge=sides)
    return [
        (f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == TYPE_DRIFT and f.path == FORK
    ]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (
            "def aeon(output: ModelRunnerOutput, i: int) -> list[int]:\n"
            "    return output.sampled_token_ids[i].tolist()\n",
            "reads output.sampled_token_ids[i].tolist",
        ),
        (
            "def aeon(output: ModelRunnerOutput) -> int:\n    n = 0\n    for ids in output.sampled_token_ids:\n"
            "        n += ids.shape[0]\n    return n\n",
            "reads ids.shape",
        ),
        (
            "def aeon(output: ModelRunnerOutput, eos: int):\n    ids = output.sampled_token_ids[0]\n"
            "    return ids[ids != eos]\n",
            "indexes ids by a comparison of itself",
        ),
        (f"def aeon(t):\n    return [row.astype('int32') for row in {CALL}]\n", "reads row.astype"),
    ],
    ids=["a field's element, tolist()", "a loop's element, shape", "a self mask of a local", "a static call's rows"],
)
def test_an_array_use_of_an_element_made_a_list_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, said: str
) -> None:
    [(line, severity, message)] = drift(git_repo, no_rules, body)
    assert (line, severity) == (HEAD.count("\n") + len(body.splitlines()) - ("return n" in body), "error")
    assert said in message and "#29121" in message and "(was list[np.ndarray]" in message


@pytest.mark.parametrize(
    "body",
    [
        f"def aeon(t):\n    return [len(row) + row[0] for row in {CALL}]\n",
        f"def aeon(t):\n    return [list(row) + row.copy() for row in {CALL}]\n",
        "import numpy as np\n\n\ndef aeon(output: ModelRunnerOutput, i: int):\n    ids = output.sampled_token_ids[i]\n"
        "    if isinstance(ids, np.ndarray):\n        return ids.tolist()\n    return ids\n",
        "class RejectionSampler:\n    @staticmethod\n    def parse_output(t, n) -> list:\n        return []\n\n\n"
        f"def aeon(t):\n    return [row.tolist() for row in {CALL}]\n",
        "def aeon(output: ModelRunnerOutput, i: int, eos: int):\n    ids = output.sampled_token_ids[i]\n"
        "    return [t for t in ids if t != eos]\n",
    ],
    ids=["len and an index", "list() and copy()", "an isinstance test", "the fork's own class", "a filter by loop"],
)
def test_a_use_a_list_serves_too_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert drift(git_repo, no_rules, body) == []
