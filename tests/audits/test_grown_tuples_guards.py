"""Grown tuples: correct fork code around a grown NamedTuple stays quiet (review52's twins), the reach stays.

Shaped like #33391 (876a16f4fb), which appended ``cu_num_generated_tokens`` to ``LogprobsTensors``.  A fork keeps
a copy of the old class in a module of its own, chooses the unpack by the tuple's shape (an early return on
``len``, ``hasattr`` of the new field, the class's ``_fields``), or rebinds the parameter to a slice of its own
before unpacking: none of these raises after the merge.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_grown_tuples import FORK, HEAD, LINE, OUTPUTS, OUTPUTS_BASE, OUTPUTS_UPSTREAM, SUBJECT

OWN = "vllm/aeon/own_tensors.py"
OWN_TEXT = (
    "from typing import NamedTuple\n\nimport torch\n\n\n"
    "class LogprobsTensors(NamedTuple):\n"
    "    logprob_token_ids: torch.Tensor\n    logprobs: torch.Tensor\n    selected_token_ranks: torch.Tensor\n"
)
UNPACK = "    ids, lps, ranks = t\n    return ids\n"


def rows(git_repo: GitRepo, no_rules: Path, fork: dict[str, str], base: dict[str, str] | None = None) -> list:
    sides = s.merge_case(
        git_repo,
        {OUTPUTS: OUTPUTS_BASE, "vllm/v1/__init__.py": "", "vllm/__init__.py": "", **(base or {})},
        fork,
        [(SUBJECT, {OUTPUTS: OUTPUTS_UPSTREAM})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT) if r[0] == FORK]


def test_the_fork_class_of_the_name_in_a_module_of_its_own_is_not_upstreams(git_repo: GitRepo, no_rules: Path) -> None:
    body = "from vllm.aeon.own_tensors import LogprobsTensors\n\n\ndef aeon_ids(t: LogprobsTensors):\n" + UNPACK
    assert rows(git_repo, no_rules, {OWN: OWN_TEXT, FORK: body}) == []


def test_a_re_export_of_upstreams_class_still_names_it(git_repo: GitRepo, no_rules: Path) -> None:
    exports = {"vllm/v1/__init__.py": "from vllm.v1.outputs import LogprobsTensors\n"}
    body = "from vllm.v1 import LogprobsTensors\n\n\ndef aeon_ids(t: LogprobsTensors):\n" + UNPACK
    [(_, line, severity, _)] = rows(git_repo, no_rules, {FORK: body}, exports)
    assert (line, severity) == (LINE + 1, "error")


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_ids(t: LogprobsTensors):\n    if len(t) != 3:\n        return t.logprob_token_ids\n" + UNPACK,
        'def aeon_ids(t: LogprobsTensors):\n    if hasattr(t, "cu_num_generated_tokens"):\n'
        "        ids, lps, ranks, _ = t\n    else:\n        ids, lps, ranks = t\n    return ids\n",
        'def aeon_ids(t: LogprobsTensors):\n    if not hasattr(LogprobsTensors, "cu_num_generated_tokens"):\n'
        "        ids, lps, ranks = t\n        return ids\n    return t.logprob_token_ids\n",
        "def aeon_ids(t: LogprobsTensors):\n    if len(LogprobsTensors._fields) == 3:\n"
        "        ids, lps, ranks = t\n        return ids\n    return t.logprob_token_ids\n",
        "def aeon_ids(t: LogprobsTensors):\n    t = t[:3]  # the fork's own three\n" + UNPACK,
        "def aeon_ids(t: LogprobsTensors):\n    if _OLD:\n        ids, lps, ranks = t\n        return ids\n"
        "    return t.logprob_token_ids\n\n\n_OLD = len(LogprobsTensors._fields) == 3\n",
    ],
    ids=[
        "early return on len",
        "hasattr of the value",
        "hasattr of the class",
        "_fields",
        "rebound to a slice",
        "a module flag",
    ],
)
def test_an_unpack_the_fork_chose_by_shape_or_rebound_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, {FORK: HEAD + body}) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # a length test that does not leave guards nothing
        ("def aeon_ids(t: LogprobsTensors):\n    if len(t) != 3:\n        print(len(t))\n" + UNPACK, LINE + 3),
        # a declared local bound once is still typed
        (
            "def aeon_ids(out: SamplerOutput):\n    t: LogprobsTensors\n    t = out.logprobs_tensors\n" + UNPACK,
            LINE + 3,
        ),
    ],
    ids=["a test that stays", "declared then bound"],
)
def test_the_reach_stays(git_repo: GitRepo, no_rules: Path, body: str, line: int) -> None:
    [(_, at, severity, _)] = rows(git_repo, no_rules, {FORK: HEAD + body})
    assert (at, severity) == (line, "error")
