"""A class attribute's value compared with its old one, read off the class itself or ordered against it.

The upstream changes are shaped like real vLLM ones: #27777 lowered ``FlashMLAMetadataBuilder``'s
``reorder_batch_threshold`` 512 -> 128 (a class attribute of a builder, not a configuration's field), #52550 moved
``AttentionConfig.use_fp4_indexer_cache``'s default ``False`` -> ``None``.  The fork reads the threshold off the
class itself (``Builder.threshold == 512``), orders it against the old value (``>= 512``, whose answer the change
moved), or tests the flag ``is False`` off a holder named after its class (``attention_config``): each line was
written for the old value and now answers otherwise.  Twins: an ordering whose answer the change did not move,
a sibling class's unchanged value, a subclass's own value, a comparison with both values, a flag off a holder
named after another class, a subclass storing its own value through a setter named after the field (review78:
``self._init_reorder_batch_threshold(512)``; a getter of that name stores nothing and the error stays).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BUILDERS = "vllm/backends/flash.py"
BUILDERS_BASE = """class Builder:
    reorder_batch_threshold: int = 1


class FlashBuilder(Builder):
    reorder_batch_threshold: int = 512  # small prefills ride the decode kernel


class WideBuilder(Builder):
    reorder_batch_threshold: int = 512
"""
BUILDERS_AFTER = BUILDERS_BASE.replace("int = 512  #", "int = 128  #")
CONFIG = "vllm/config/attention.py"
CONFIG_BASE = """from dataclasses import dataclass


@dataclass
class AttentionConfig:
    use_fp4_cache: bool = False
"""
CONFIG_AFTER = CONFIG_BASE.replace("bool = False", "bool | None = None")
FORK = "vllm/aeon/thresholds.py"
HEAD = "from vllm.backends.flash import FlashBuilder, WideBuilder\n\n\n"


def rows(repo: GitRepo, config: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {BUILDERS: BUILDERS_BASE, CONFIG: CONFIG_BASE},
        {FORK: HEAD + body},
        [
            (
                "[Bugfix] change FlashMLA reorder_batch_threshold (#27777)",
                {BUILDERS: BUILDERS_AFTER, CONFIG: CONFIG_AFTER},
            )
        ],
    )
    return [(line - 3, severity) for path, line, severity, _ in s.rule_rows(repo, config, sides, DEFAULT_DRIFT)]


OLD_VALUE_ROWS = [
    "def aeon_cap() -> bool:\n    return FlashBuilder.reorder_batch_threshold != 512\n",
    "def aeon_cap() -> bool:\n    return 512 <= FlashBuilder.reorder_batch_threshold\n",
    "class AeonBuilder(FlashBuilder):\n    def aeon_cap(self) -> bool:\n        return self.reorder_batch_threshold < 512\n",
    "def aeon_cap() -> bool:\n    t = FlashBuilder.reorder_batch_threshold\n    return t >= 512\n",
]


@pytest.mark.parametrize(
    "body",
    OLD_VALUE_ROWS,
    ids=[
        "class read !=",
        "ordering reversed",
        "subclass self. <",
        "through a local",
    ],
)
def test_a_value_compared_with_its_old_one_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15): a
    # finding outside the rows' modules fails the batch, and each row's error must be in its own module
    base = {BUILDERS: BUILDERS_BASE, CONFIG: CONFIG_BASE}
    bodies = [HEAD + text for text in OLD_VALUE_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [
        ("[Bugfix] change FlashMLA reorder_batch_threshold (#27777)", {BUILDERS: BUILDERS_AFTER, CONFIG: CONFIG_AFTER})
    ]
    _, rows_ = s.audited_row(git_repo, no_rules, base, bodies, HEAD + body, upstream, DEFAULT_DRIFT, "vllm/aeon")
    found = [(f.line - 3, f.severity.value) for f in rows_]
    assert any(severity == "error" for _, severity in found), found


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_fp4(attention_config) -> bool:\n    return attention_config.use_fp4_cache is False\n",
        "class AeonRunner:\n    def aeon_fp4(self) -> bool:\n        return self.attention_config.use_fp4_cache is False\n",
    ],
    ids=["named holder is False", "self. named holder"],
)
def test_a_holder_named_as_the_class_is_still_only_a_warning(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    # an untyped holder named like the class in snake case may still be another class's field of that name
    # (test_false_made_none's scheduler_config): a warning, as for any holder known by its name only
    found = rows(git_repo, no_rules, body)
    assert found and all(severity == "warning" for _, severity in found), found


@pytest.mark.parametrize(
    "body",
    [
        # 512 > 100 and 128 > 100: the answer stayed
        "def aeon_cap() -> bool:\n    return FlashBuilder.reorder_batch_threshold > 100\n",
        # an ordering against another value than the old one
        "def aeon_cap() -> bool:\n    return FlashBuilder.reorder_batch_threshold >= 128\n",
        # written for both values
        "def aeon_cap() -> bool:\n    t = FlashBuilder.reorder_batch_threshold\n    return t == 512 or t == 128\n",
        # a holder named after another class: maybe that class's field
        "def aeon_fp4(spec_config) -> bool:\n    return spec_config.use_fp4_cache is False\n",
    ],
    ids=["ordering not moved", "ordering another value", "both values", "holder of another name"],
)
def test_twins_stay_warnings(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    found = rows(git_repo, no_rules, body)
    assert all(severity == "warning" for _, severity in found), found


@pytest.mark.parametrize(
    "body",
    [
        # a sibling class whose value upstream left
        "def aeon_cap() -> bool:\n    return WideBuilder.reorder_batch_threshold == 512\n",
        # the fork's subclass keeps its own value
        "class AeonWide(FlashBuilder):\n    reorder_batch_threshold: int = 512\n\n"
        "    def aeon_cap(self) -> bool:\n        return self.reorder_batch_threshold == 512\n",
        # the fork's own class of the same attribute name
        "class AeonOwn:\n    reorder_batch_threshold = 512\n\n\n"
        "def aeon_cap() -> bool:\n    return AeonOwn.reorder_batch_threshold == 512\n",
        # the fork's subclass stores its own value through upstream's setter of the field (review78)
        "class AeonHook(FlashBuilder):\n    def __init__(self):\n        self._init_reorder_batch_threshold(512)\n\n"
        "    def aeon_cap(self) -> bool:\n        return self.reorder_batch_threshold >= 512\n",
    ],
    ids=["sibling unchanged", "subclass's own value", "own class", "setter handed the value"],
)
def test_other_classes_values_raise_no_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert all(severity != "error" for _, severity in rows(git_repo, no_rules, body))


def test_a_getter_of_the_fields_name_sets_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "class AeonHook(FlashBuilder):\n    def aeon_cap(self) -> bool:\n"
        "        self.get_reorder_batch_threshold()\n        self._init_reorder_batch_threshold()\n"
        "        return self.reorder_batch_threshold >= 512\n"
    )
    assert "error" in {severity for _, severity in rows(git_repo, no_rules, body)}, rows(git_repo, no_rules, body)
