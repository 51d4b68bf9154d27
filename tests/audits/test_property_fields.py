"""Symbol drift: ``dataclasses.replace(obj, field=...)`` of a field upstream turned into a property.

#29624 made ``CommonAttentionMetadata.seq_lens_cpu`` a property over a new ``_seq_lens_cpu`` field: a read of
``cm.seq_lens_cpu`` still works, but a fork's ``dataclasses.replace(cm, seq_lens_cpu=...)`` raises
``TypeError`` (``replace`` takes init fields only) after a clean merge.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/v1/attention/backends/utils.py"
UTILS_BASE = """from dataclasses import dataclass


@dataclass
class CommonAttentionMetadata:
    num_reqs: int
    seq_lens_cpu: list
    max_seq_len: int = 0

    @property
    def total(self) -> int:
        return sum(self.seq_lens_cpu)
"""
UTILS_29624 = UTILS_BASE.replace(
    "    seq_lens_cpu: list\n    max_seq_len: int = 0\n",
    "    max_seq_len: int = 0\n    _seq_lens_cpu: list | None = None\n\n"
    "    @property\n    def seq_lens_cpu(self) -> list:\n        return self._seq_lens_cpu or []\n",
)
FORK = "vllm/aeon/trim.py"
FORK_BASE = """import dataclasses

from vllm.v1.attention.backends.utils import CommonAttentionMetadata


def aeon_trim(cm: CommonAttentionMetadata, n: int) -> CommonAttentionMetadata:
    return cm
"""


@pytest.mark.parametrize(
    ("call", "caught"),
    [
        ("dataclasses.replace(cm, num_reqs=n, seq_lens_cpu=cm.seq_lens_cpu[:n])", True),
        # twins: a field kept; a read of the new property; a property before and after (never a field)
        ("dataclasses.replace(cm, num_reqs=n, max_seq_len=n)", False),
        ("dataclasses.replace(cm, num_reqs=len(cm.seq_lens_cpu))", False),
        ("dataclasses.replace(cm, total=n)", False),
    ],
)
def test_a_field_made_a_property_passed_to_dataclasses_replace(
    git_repo: GitRepo, no_rules: Path, call: str, caught: bool
) -> None:
    fork = FORK_BASE.replace("    return cm\n", f"    return {call}  # AEON: GB10 trims padded requests\n")
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, FORK: FORK_BASE},
        {FORK: fork},
        [("[Attention] Make seq_lens_cpu optional (#29624)", {UTILS: UTILS_29624})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    errors = [line for line, _ in rows if line == 7]
    assert errors == ([7] if caught else []), rows
    if caught:
        message = next(m for line, m in rows if line == 7)
        assert "passes seq_lens_cpu= to dataclasses.replace(cm, ...)" in message and "a property" in message
        assert "#29624" in message


PROPERTY_OVER_FIELD = (
    "    max_seq_len: int = 0\n    _seq_lens_cpu: list = field(init=False, repr=False, default=None)\n\n"
    "    @property\n    def seq_lens_cpu(self) -> list:\n        return self._seq_lens_cpu or []\n\n"
    "    @seq_lens_cpu.setter\n    def seq_lens_cpu(self, value: list) -> None:\n        self._seq_lens_cpu = value\n"
)


@pytest.mark.parametrize(
    ("kept", "caught"),
    [
        # the init field stays beside a property over it (a setter): replace still takes it
        ("    seq_lens_cpu: list\n", False),
        # killer: the annotation stays but no longer makes an init field
        ("    seq_lens_cpu: list = field(init=False, default=None)\n", True),
    ],
)
def test_an_init_field_kept_behind_a_property(git_repo: GitRepo, no_rules: Path, kept: str, caught: bool) -> None:
    utils = UTILS_BASE.replace("from dataclasses import dataclass", "from dataclasses import dataclass, field")
    utils = utils.replace("    seq_lens_cpu: list\n    max_seq_len: int = 0\n", kept + PROPERTY_OVER_FIELD)
    call = "dataclasses.replace(cm, num_reqs=n, seq_lens_cpu=cm.seq_lens_cpu[:n])"
    fork = FORK_BASE.replace("    return cm\n", f"    return {call}  # AEON: GB10 trims padded requests\n")
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, FORK: FORK_BASE},
        {FORK: fork},
        [("[Attention] Make seq_lens_cpu optional (#29624)", {UTILS: utils})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [f.line for f in report.findings if f.rule_id == DRIFT and f.path == FORK and "a property" in f.message]
    assert rows == ([7] if caught else []), rows
