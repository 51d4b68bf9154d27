"""Grown tuples read off an attribute the base class declares on the instance, and unpacks spread a name a line.

Shaped like #28768 (7765e5ba75), which dropped ``kv_connector_output`` from ``ExecuteModelState`` (a NamedTuple
of nine fields), whose one holder ``GPUModelRunner.execute_model_state`` is declared only in ``__init__``
(``self.execute_model_state: ExecuteModelState | None = None``).  A runner subclass's nine-name unpack of the
inherited attribute merges cleanly and raises ValueError; it went unseen twice: the field's type was read only
off class-level annotations, and the unpack, laid out a name a line as a formatter writes it, opens with a bare
``(`` the one-line prefilter never matched.  Twins: the fork's own annotation of the attribute (its own class),
a ``try``/``except ValueError`` around the unpack, the new count, a star, and an attribute the base annotates as
two different classes (its type not known).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

RUNNER = "vllm/v1/worker/gpu_model_runner.py"
BASE = """from typing import NamedTuple


class ExecuteModelState(NamedTuple):
    scheduler_output: object
    logits: object
    hidden_states: object
    kv_connector_output: object | None
    ec_connector_output: object | None


class GPUModelRunner:
    def __init__(self) -> None:
        self.execute_model_state: ExecuteModelState | None = None
        self.last_state: ExecuteModelState | None = None

    def reset(self) -> None:
        self.last_state: "tuple | None" = None
"""
AFTER = BASE.replace("    kv_connector_output: object | None\n", "")
SUBJECT = "[BugFix] Fix PP performance and PP kv connector output regression (#28768)"
FORK = "vllm/aeon/state_unpack.py"
HEAD = "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\nclass AeonRunner(GPUModelRunner):\n"
SPREAD = (
    "    def aeon_peek(self):\n"
    "        (\n"
    "            scheduler_output,\n"
    "            logits,\n"
    "            hidden_states,\n"
    "            kv_connector_output,\n"
    "            ec_connector_output,\n"
    "        ) = self.execute_model_state\n"
    "        return kv_connector_output\n"
)


def rows(git_repo: GitRepo, no_rules: Path, body: str, head: str = HEAD) -> list:
    sides = s.merge_case(
        git_repo,
        {RUNNER: BASE, "vllm/v1/worker/__init__.py": "", "vllm/v1/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: head + body},
        [(SUBJECT, {RUNNER: AFTER})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    ("head", "body", "line"),
    [
        (HEAD, SPREAD, 12),  # the replay's spelling: the error lands on the line naming the value
        (HEAD, "    def aeon_peek(self):\n        a, b, c, kv, ec = self.execute_model_state\n        return kv\n", 6),
        (
            "from vllm.v1.worker.gpu_model_runner import GPUModelRunner\n\n\n",
            "def aeon_kv(runner: GPUModelRunner):\n    [\n        a,\n        b,\n        c,\n        kv,\n        ec,\n"
            "    ] = runner.execute_model_state\n    return kv\n",
            11,
        ),
    ],
)
def test_an_unpack_of_an_attribute_the_base_declares_on_the_instance_is_an_error(
    git_repo: GitRepo, no_rules: Path, head: str, body: str, line: int
) -> None:
    found = rows(git_repo, no_rules, body, head)
    assert [(r[1], r[2]) for r in found] == [(line, "error")], found
    assert "ExecuteModelState" in found[0][3] and "5 names" in found[0][3]


@pytest.mark.parametrize(
    "body",
    [
        # the fork's own annotation of the attribute: its own class, not upstream's
        "    def __init__(self) -> None:\n        super().__init__()\n"
        "        self.execute_model_state: AeonState | None = None\n\n" + SPREAD,
        # a fallback for the misfit unpack
        "    def aeon_peek(self):\n        try:\n            a, b, c, kv, ec = self.execute_model_state\n"
        "        except ValueError:\n            a, b, c, ec = self.execute_model_state\n            kv = None\n"
        "        return kv\n",
        # the new count, and a star
        "    def aeon_peek(self):\n        a, b, c, ec = self.execute_model_state\n        return ec\n",
        "    def aeon_peek(self):\n        (\n            a,\n            *rest,\n        ) = self.execute_model_state\n"
        "        return rest\n",
        # an attribute the base annotates as two classes: its type is not known
        "    def aeon_last(self):\n        a, b, c, kv, ec = self.last_state\n        return kv\n",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    head = HEAD.replace("\n\n\nclass", "\n\n\nclass AeonState:\n    pass\n\n\nclass")
    assert rows(git_repo, no_rules, body, head) == []
