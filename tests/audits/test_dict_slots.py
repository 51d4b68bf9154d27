"""Symbol drift: a dict passed for a parameter upstream retyped from a mapping to a class of its own.

#33408 made ``BaseMultiModalProcessor.apply`` take ``mm_items: MultiModalDataItems`` (a ``UserDict`` subclass
with ``get_count``...) where it took ``mm_data: MultiModalDataDict`` (a ``Mapping`` alias); a fork's
``processor.apply(prompt, {"image": images}, {})`` binds, and fails inside on the first ``get_count``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PARSE = "vllm/multimodal/parse.py"
PARSE_TEXT = """from collections import UserDict
from collections.abc import Mapping
from typing import Any, TypeAlias

MultiModalDataDict: TypeAlias = Mapping[str, Any]


class MultiModalDataItems(UserDict[str, Any]):
    def get_count(self, modality: str) -> int:
        return len(self.data.get(modality, []))


class PlainItems(dict):
    pass
"""
PROC = "vllm/multimodal/processor.py"
PROC_OLD = """from vllm.multimodal.parse import MultiModalDataDict, MultiModalDataItems


class BaseMultiModalProcessor:
    def apply(self, prompt: str, mm_data: MultiModalDataDict, hf_kwargs: dict) -> int:
        return len(mm_data)
"""
PROC_NEW = PROC_OLD.replace("mm_data: MultiModalDataDict", "mm_items: MultiModalDataItems").replace(
    "len(mm_data)", "mm_items.get_count('image')"
)
FORK = "vllm/aeon/render.py"
HEAD = "from vllm.multimodal.processor import BaseMultiModalProcessor\n\n\n"


@pytest.mark.parametrize(
    ("body", "new", "line"),
    [
        ("def f(p: BaseMultiModalProcessor, images):\n    return p.apply('x', {'image': images}, {})\n", PROC_NEW, 5),
        ("def f(p: BaseMultiModalProcessor, images):\n    return p.apply('x', dict(image=images), {})\n", PROC_NEW, 5),
        # twins: the dict for a parameter still a mapping; a callee that converts a dict; a bare dict subclass;
        # a variable, not a display; the change not made
        ("def f(p: BaseMultiModalProcessor, items):\n    return p.apply('x', items, {'a': 1})\n", PROC_NEW, None),
        (
            "def f(p: BaseMultiModalProcessor, images):\n    return p.apply('x', {'image': images}, {})\n",
            PROC_NEW.replace(
                "        return",
                "        if isinstance(mm_items, dict):\n            mm_items = MultiModalDataItems(mm_items)\n        return",
            ),
            None,
        ),
        (
            "def f(p: BaseMultiModalProcessor, images):\n    return p.apply('x', {'image': images}, {})\n",
            PROC_NEW.replace("MultiModalDataItems", "PlainItems").replace(
                "mm_items.get_count('image')", "len(mm_items)"
            ),
            None,
        ),
        ("def f(p: BaseMultiModalProcessor, parsed):\n    return p.apply('x', parsed, {})\n", PROC_NEW, None),
        (
            "def f(p: BaseMultiModalProcessor, images):\n    return p.apply('x', {'image': images}, {})\n",
            PROC_OLD.replace("len(mm_data)", "1"),
            None,
        ),
        # twins: a callee that rebinds the parameter from a call handed it, the class itself or a helper
        (
            "def f(p: BaseMultiModalProcessor, images):\n    return p.apply('x', {'image': images}, {})\n",
            PROC_NEW.replace("        return", "        mm_items = MultiModalDataItems(mm_items)\n        return"),
            None,
        ),
        (
            "def f(p: BaseMultiModalProcessor, images):\n    return p.apply('x', {'image': images}, {})\n",
            PROC_NEW.replace("        return", "        mm_items = self._items(mm_items)\n        return")
            + "\n    def _items(self, d):\n        return MultiModalDataItems(d)\n",
            None,
        ),
    ],
)
def test_a_dict_for_a_parameter_retyped_to_a_class(
    git_repo: GitRepo, no_rules: Path, body: str, new: str, line: int | None
) -> None:
    sides = s.merge_case(
        git_repo,
        {PARSE: PARSE_TEXT, PROC: PROC_OLD, "vllm/multimodal/__init__.py": ""},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [("[Refactor] Move MM data parsing outside processor (#33408)", {PROC: new})],
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
            "with a dict for mm_items, which upstream retyped from MultiModalDataDict to MultiModalDataItems"
            in rows[0][1]
        )
