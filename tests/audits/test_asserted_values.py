"""A fork class's attribute value an assertion upstream added to a base's method now fails (killers67).

Shaped like vLLM's MLA metadata builders (#26541: ``MLACommonMetadataBuilder.__init__`` now asserts
``reorder_batch_threshold == 1`` under ``query_len_support == QueryLenSupport.SINGLE_ONLY``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

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
    report = repo.audit(config, merge=sides)
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


NOT_UNIFORM = (
    "        if self.query_len_support != QueryLenSupport.UNIFORM:\n"
    "            assert self.reorder_batch_threshold == 1, 'reorder_batch_threshold must be 1'\n"
)


def _aliased(support: str, guard: str) -> tuple[str, str]:
    """A fork class naming the support level through a module alias, under ``guard``."""
    fork = (
        "from vllm.v1.attention.backends.mla import common\n\n\n"
        "class AeonBuilder(common.MLACommonMetadataBuilder):\n"
        f"    query_len_support = common.QueryLenSupport.{support}\n"
        "    reorder_batch_threshold = 4\n"
    )
    return OLD.replace(ANCHOR, ANCHOR + guard), fork


@pytest.mark.parametrize(
    ("support", "guard", "found"),
    [
        # twin: ``!=`` a value the fork's class holds, however spelt: the guard is false
        ("UNIFORM", NOT_UNIFORM, []),
        ("SINGLE_ONLY", NOT_UNIFORM, [6]),
        ("SINGLE_ONLY", CHECK, [6]),
        ("UNIFORM", CHECK, []),
    ],
    ids=["twin: != the value spelt another way", "!= another value", "== the value spelt another way", "twin: =="],
)
def test_a_guard_s_value_is_what_it_names(
    git_repo: GitRepo, no_rules: Path, support: str, guard: str, found: list[int]
) -> None:
    upstream, fork = _aliased(support, guard)
    assert _errors(git_repo, no_rules, OLD, upstream, fork) == found


def _overriding(body: str) -> str:
    return (
        "from vllm.v1.attention.backends.mla.common import MLACommonMetadataBuilder\n\n\n"
        "class AeonBuilder(MLACommonMetadataBuilder):\n"
        "    reorder_batch_threshold = 4\n\n"
        "    def _init_threshold(self, threshold: int) -> None:\n"
        f"{body}"
    )


@pytest.mark.parametrize(
    ("body", "found"),
    [
        # twin: the fork's override of the helper the base calls before the assertion sets the value itself
        ("        self.reorder_batch_threshold = 1 if self.device == 'cuda' else threshold\n", []),
        ("        self._pin()\n\n    def _pin(self) -> None:\n        self.reorder_batch_threshold = 1\n", []),
        # the override hands the class value on to the base's helper: the assertion sees 4
        ("        super()._init_threshold(threshold)\n", [5]),
    ],
    ids=["twin: the override sets it", "twin: through a helper of its own", "the override hands it on"],
)
def test_a_fork_override_run_before_the_assertion(
    git_repo: GitRepo, no_rules: Path, body: str, found: list[int]
) -> None:
    assert _errors(git_repo, no_rules, OLD, NEW, _overriding(body)) == found
