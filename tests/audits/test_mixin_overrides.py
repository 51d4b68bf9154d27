"""Symbol drift: a fork mixin's method, mixed into a class deriving from upstream's base, overrides what the
base defined; upstream renamed or removed it, and the mixin's method is called by nothing.

#20630 renamed ``BaseProcessingInfo.get_max_tokens_per_item`` to ``get_mm_max_tokens_per_item``; a fork
that keeps its override in a mixin (``class Info(TokensMixin, BaseProcessingInfo)``) had its profiling
shortcut silently dropped, the same as an override in the class itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE = "vllm/multimodal/processing.py"
BASE_OLD = """class BaseProcessingInfo:
    def get_supported_mm_limits(self):
        return {}

    def get_max_tokens_per_item(self, seq_len, mm_counts):
        return None


class Profiler:
    def max_tokens(self, info: BaseProcessingInfo, seq_len: int):
        return info.get_max_tokens_per_item(seq_len, {})
"""
BASE_NEW = BASE_OLD.replace("get_max_tokens_per_item", "get_mm_max_tokens_per_item")
FORK = "vllm/aeon/mixed_info.py"
MIXIN = """from vllm.multimodal.processing import BaseProcessingInfo


class AeonTokensMixin:
    def get_max_tokens_per_item(self, seq_len, mm_counts):
        return {"image": 576}

    def aeon_own(self):
        return 1


"""


@pytest.mark.parametrize(
    ("host", "line"),
    [
        ("class AeonInfo(AeonTokensMixin, BaseProcessingInfo):\n    pass\n", 5),
        # twins: the mixin listed after the base (the base's method wins); a host that is no info class;
        # the fork's own code calling the mixin's method on self
        ("class AeonInfo(BaseProcessingInfo, AeonTokensMixin):\n    pass\n", None),
        ("class AeonInfo(AeonTokensMixin, dict):\n    pass\n", None),
        (
            "class AeonInfo(AeonTokensMixin, BaseProcessingInfo):\n"
            "    def get_mm_max_tokens_per_item(self, seq_len, mm_counts):\n"
            "        return self.get_max_tokens_per_item(seq_len, mm_counts)\n",
            None,
        ),
    ],
)
def test_a_mixin_override_of_a_renamed_hook(git_repo: GitRepo, no_rules: Path, host: str, line: int | None) -> None:
    sides = s.merge_case(
        git_repo,
        {BASE: BASE_OLD, "vllm/multimodal/__init__.py": ""},
        {FORK: MIXIN + host, "vllm/aeon/__init__.py": ""},
        [("[Core] Rename `get_max_tokens_per_item` for backward compatibility (#20630)", {BASE: BASE_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [
        (f.line, f.message)
        for f in report.findings
        if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"
    ]
    assert [n for n, _ in rows] == ([line] if line else [])
    if line:
        assert (
            "AeonTokensMixin.get_max_tokens_per_item overrides BaseProcessingInfo.get_max_tokens_per_item" in rows[0][1]
        )
        assert "get_mm_max_tokens_per_item" in rows[0][1]
