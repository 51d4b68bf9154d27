"""Symbol drift: a class body's read of a module name (``knob = attn_utils.AttentionCGSupport.X``).

#32054 moved ``AttentionCGSupport`` out of vllm/v1/attention/backends/utils.py (its builder classes were
re-imported there, it was not).  A fork builder's class-level knob ``_cudagraph_support =
attn_utils.AttentionCGSupport.UNIFORM_BATCH`` raises ``AttributeError`` when the module is imported; a class
body's names were left unresolved (they may shadow the module's) though the body bound none of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/v1/attention/backends/utils.py"
BACKEND = "vllm/v1/attention/backend.py"
UTILS_BASE = """import enum


class AttentionCGSupport(enum.Enum):
    ALWAYS = 3
    UNIFORM_BATCH = 2


class AttentionMetadataBuilder:
    _cudagraph_support = AttentionCGSupport.ALWAYS
"""
BACKEND_32054 = UTILS_BASE
UTILS_32054 = (
    "from vllm.v1.attention.backend import AttentionMetadataBuilder\n\n__all__ = ['AttentionMetadataBuilder']\n"
)
FORK = "vllm/aeon/builder.py"
FORK_BASE = """from vllm.v1.attention.backends import utils as attn_utils


class AeonBuilder(attn_utils.AttentionMetadataBuilder):
    pass
"""


@pytest.mark.parametrize(
    ("body", "caught"),
    [
        ("    _cudagraph_support = attn_utils.AttentionCGSupport.UNIFORM_BATCH\n", True),
        # twins: a kept name; a body that binds the name itself before reading it
        ("    _cudagraph_support = attn_utils.AttentionMetadataBuilder._cudagraph_support\n", False),
        ("    attn_utils = None\n    _cudagraph_support = attn_utils.AttentionCGSupport\n", False),
        # a lambda's parameter or a comprehension's target of the module's name (a second pass's false errors)
        ("    pick = staticmethod(lambda attn_utils: attn_utils.AttentionCGSupport.UNIFORM_BATCH)\n", False),
        ("    pick = [lambda attn_utils: attn_utils.AttentionCGSupport.UNIFORM_BATCH]\n", False),
        ("    x = [attn_utils.AttentionCGSupport for attn_utils in []]\n", False),
    ],
)
def test_a_class_body_reads_a_moved_module_attribute(
    git_repo: GitRepo, no_rules: Path, body: str, caught: bool
) -> None:
    fork = FORK_BASE.replace("    pass\n", "    # AEON: GB10 captures uniform batches only\n" + body)
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, FORK: FORK_BASE},
        {FORK: fork},
        [
            (
                "[Attention] Move AttentionMetadata-related code to backend.py (#32054)",
                {UTILS: UTILS_32054, BACKEND: BACKEND_32054},
            )
        ],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [
        (f.line, f.message)
        for f in report.findings
        if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"
    ]
    last = 5 + body.count("\n")
    assert [line for line, _ in rows] == ([last] if caught else []), rows
    if caught:
        assert "attn_utils.AttentionCGSupport" in rows[0][1]


FUTURE = "from __future__ import annotations\n\n"
STATE = "\n\nclass AeonState:\n    support: {} = None\n"


@pytest.mark.parametrize(
    ("fork", "severity"),
    [
        # a plain class's annotation Python never evaluates (the future import, a quoted type): a warning
        (FUTURE + FORK_BASE + STATE.format("attn_utils.AttentionCGSupport | None"), "warning"),
        (FORK_BASE + STATE.format("'attn_utils.AttentionCGSupport | None'"), "warning"),
        # the standard library's dataclass and NamedTuple keep a postponed annotation a string too (a second
        # pass's false errors): a warning
        (
            FUTURE
            + "import dataclasses\n"
            + FORK_BASE
            + STATE.replace("\nclass", "\n@dataclasses.dataclass\nclass").format(
                "attn_utils.AttentionCGSupport | None"
            ),
            "warning",
        ),
        (
            "from typing import NamedTuple\n"
            + FORK_BASE
            + STATE.replace("class AeonState:", "class AeonState(NamedTuple):").format(
                "'attn_utils.AttentionCGSupport | None'"
            ),
            "warning",
        ),
        # killers: an evaluated annotation; pydantic's dataclass (it resolves the annotation)
        (FORK_BASE + STATE.format("attn_utils.AttentionCGSupport | None"), "error"),
        (
            FUTURE
            + "from pydantic.dataclasses import dataclass\n"
            + FORK_BASE
            + STATE.replace("\nclass", "\n@dataclass\nclass").format("attn_utils.AttentionCGSupport | None"),
            "error",
        ),
    ],
)
def test_a_plain_class_annotation_never_evaluated_is_a_warning(
    git_repo: GitRepo, no_rules: Path, fork: str, severity: str
) -> None:
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_BASE, FORK: FORK_BASE},
        {FORK: fork},
        [
            (
                "[Attention] Move AttentionMetadata-related code to backend.py (#32054)",
                {UTILS: UTILS_32054, BACKEND: BACKEND_32054},
            )
        ],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [
        f.severity.value
        for f in report.findings
        if f.rule_id == DRIFT and f.path == FORK and "AttentionCGSupport" in f.message
    ]
    assert rows == [severity], rows
