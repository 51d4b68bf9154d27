"""A fork class's attribute value an assertion upstream added to a base's method now fails (killers67).

Shaped like vLLM's MLA metadata builders (#26541: ``MLACommonMetadataBuilder.__init__`` now asserts
``reorder_batch_threshold == 1`` under ``query_len_support == QueryLenSupport.SINGLE_ONLY``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

COMMON = "vllm/v1/attention/backends/mla/common.py"
FLASHMLA = "vllm/v1/attention/backends/mla/flashmla.py"
FORK = "vllm/aeon/spark_builder.py"
OLD = (
    "import enum\n\n\n"
    "class QueryLenSupport(enum.Enum):\n    SINGLE_ONLY = 1\n    UNIFORM = 2\n\n\n"
    "class MLACommonMetadataBuilder:\n"
    "    query_len_support = QueryLenSupport.SINGLE_ONLY\n"
    "    reorder_batch_threshold: int = 1\n\n"
    "    def __init__(self, device: str) -> None:\n"
    "        self.device = device\n"
    "        self._init_threshold(self.reorder_batch_threshold)\n\n"
    "    def _init_threshold(self, threshold: int) -> None:\n"
    "        self.reorder_batch_threshold = threshold\n"
)
CHECK = (
    "        if self.query_len_support == QueryLenSupport.SINGLE_ONLY:\n"
    "            assert self.reorder_batch_threshold == 1, 'reorder_batch_threshold must be 1'\n"
)
ANCHOR = "        self._init_threshold(self.reorder_batch_threshold)\n"
NEW = OLD.replace(ANCHOR, ANCHOR + CHECK)
UNIFORM = (
    "from vllm.v1.attention.backends.mla.common import MLACommonMetadataBuilder, QueryLenSupport\n\n\n"
    "class FlashMLAMetadataBuilder(MLACommonMetadataBuilder):\n"
    "    query_len_support = QueryLenSupport.UNIFORM\n"
)


def _errors(repo: GitRepo, config: Path, base: str, upstream: str, fork: str) -> list[int]:
    sides = s.merge_case(
        repo,
        {COMMON: base, FLASHMLA: UNIFORM},
        {FORK: fork},
        [("[Attention][Spec Decode] FlashMLA spec decode support (#26541)", {COMMON: upstream})],
    )
    report = audit_tree(repo.path, config, merge=sides)
    return [f.line for f in report.findings if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"]


def _fork(base_class: str, value: int) -> str:
    module = "flashmla" if base_class.startswith("FlashMLA") else "common"
    return (
        f"from vllm.v1.attention.backends.mla.{module} import {base_class}\n\n\n"
        f"class AeonBuilder({base_class}):\n"
        "    # AEON: the Spark's decode kernel takes short prefills too\n"
        f"    reorder_batch_threshold = {value}\n"
    )


@pytest.mark.parametrize(
    ("base_class", "value", "upstream", "found"),
    [
        ("MLACommonMetadataBuilder", 4, NEW, [6]),
        # twins: the value the assertion allows; a base whose guard is false; a method assigning the value itself;
        # an assertion the base already had
        ("MLACommonMetadataBuilder", 1, NEW, []),
        ("FlashMLAMetadataBuilder", 4, NEW, []),
        ("MLACommonMetadataBuilder", 4, NEW.replace(ANCHOR, "        self.reorder_batch_threshold = 1\n"), []),
        ("MLACommonMetadataBuilder", 4, None, []),
    ],
    ids=["a value the new assertion fails", "twin: allowed", "twin: guard false", "twin: reassigned", "twin: old"],
)
def test_a_class_value_a_new_assertion_fails(
    git_repo: GitRepo, no_rules: Path, base_class: str, value: int, upstream: str | None, found: list[int]
) -> None:
    base = OLD if upstream is not None else NEW
    changed = upstream if upstream is not None else NEW.replace("self.device = device", "self.device = str(device)")
    assert _errors(git_repo, no_rules, base, changed, _fork(base_class, value)) == found
