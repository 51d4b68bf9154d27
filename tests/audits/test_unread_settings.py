"""A class-level setting upstream's class no longer consults: it now answers the hook itself.

#36519 (9095cbbfb6) dropped ``DeepseekV32IndexerMetadataBuilder._cudagraph_support = UNIFORM_BATCH`` for a
``get_cudagraph_support`` classmethod of its own; the base builder's ``get_cudagraph_support`` reads
``cls._cudagraph_support``.  A fork subclass setting the name is silently ignored, and a read of it off the class
finds the base's value.  Twins: a subclass that overrides the hook itself, an upstream override that still
reaches the base through ``super()``, a setting upstream moved onto ``self`` in its constructor, a sibling class
that still sets the name, a base whose hook never read the name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BACKEND = "vllm/attention/backend.py"
BACKEND_TEXT = """import enum
from typing import ClassVar


class Support(enum.Enum):
    NEVER = 0
    UNIFORM = 1
    SINGLE = 2


class Builder:
    # Do not access directly. Call get_support() instead.
    _support: ClassVar[Support] = Support.NEVER

    @classmethod
    def get_support(cls, config) -> Support:
        return cls._support
"""
INDEXER = "vllm/attention/indexer.py"
INDEXER_BASE = """from typing import ClassVar

from vllm.attention.backend import Builder, Support


class IndexerBuilder(Builder):
    _support: ClassVar[Support] = Support.UNIFORM
    threshold: int = 1


class SparseBuilder(Builder):
    _support: ClassVar[Support] = Support.UNIFORM
"""
INDEXER_AFTER = """from typing import ClassVar

from vllm.attention.backend import Builder, Support


class IndexerBuilder(Builder):
    threshold: int = 1

    @classmethod
    def get_support(cls, config) -> Support:
        if config is None:
            return Support.NEVER
        return Support.UNIFORM


class SparseBuilder(Builder):
    _support: ClassVar[Support] = Support.UNIFORM
"""
FORK = "vllm/aeon/indexer.py"
HEAD = "from typing import ClassVar\n\nfrom vllm.attention import indexer as ix\nfrom vllm.attention.backend import Support\nfrom vllm.attention.indexer import IndexerBuilder, SparseBuilder\n\n\n"


def rows(repo: GitRepo, config: Path, body: str, after: str = INDEXER_AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {BACKEND: BACKEND_TEXT, INDEXER: INDEXER_BASE},
        {FORK: HEAD + body},
        [("[Bugfix][Sparse MLA] report indexer CG support properly (#36519)", {INDEXER: after})],
    )
    return [(line - 7, severity) for path, line, severity, _ in s.rule_rows(repo, config, sides, SYMBOL_DRIFT)]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("class AeonBuilder(IndexerBuilder):\n    _support: ClassVar[Support] = Support.SINGLE\n", [(2, "error")]),
        ("class AeonBuilder(IndexerBuilder):\n    _support = Support.SINGLE\n    threshold = 4\n", [(2, "error")]),
        (
            "class AeonBuilder(IndexerBuilder):\n    def aeon_uniform(self) -> bool:\n"
            "        return self._support == Support.UNIFORM\n",
            [(3, "error")],
        ),
        ("def aeon_uniform() -> bool:\n    return ix.IndexerBuilder._support is Support.UNIFORM\n", [(2, "error")]),
        ("def aeon_support() -> Support:\n    return IndexerBuilder._support\n", [(2, "warning")]),
    ],
    ids=["annotated setting", "plain setting", "self. read compared", "module attribute compared", "plain read"],
)
def test_a_setting_upstream_no_longer_consults(
    git_repo: GitRepo, no_rules: Path, body: str, expected: list[tuple[int, str]]
) -> None:
    assert rows(git_repo, no_rules, body) == expected


@pytest.mark.parametrize(
    "body",
    [
        # the fork overrides the hook itself: its own body decides
        "class AeonBuilder(IndexerBuilder):\n    _support = Support.SINGLE\n\n"
        "    @classmethod\n    def get_support(cls, config) -> Support:\n        return cls._support\n",
        # a sibling class upstream left alone
        "class AeonSparse(SparseBuilder):\n    _support = Support.SINGLE\n",
        "def aeon_uniform() -> bool:\n    return SparseBuilder._support == Support.UNIFORM\n",
        # the new spelling
        "def aeon_uniform(config) -> bool:\n    return IndexerBuilder.get_support(config) == Support.UNIFORM\n",
        # a setting of another name the class kept
        "class AeonBuilder(IndexerBuilder):\n    threshold = 4\n",
    ],
    ids=["own override", "sibling setting", "sibling read", "the hook called", "kept setting"],
)
def test_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "after",
    [
        # upstream's override still reaches the base's reader
        INDEXER_AFTER.replace("        return Support.UNIFORM\n", "        return super().get_support(config)\n"),
        # upstream moved the setting onto the instance
        INDEXER_AFTER.replace(
            "    threshold: int = 1\n",
            "    threshold: int = 1\n\n    def __init__(self):\n        self._support = Support.UNIFORM\n",
        ),
    ],
    ids=["super() reaches the reader", "set on self"],
)
def test_upstream_still_consulting_is_quiet(git_repo: GitRepo, no_rules: Path, after: str) -> None:
    body = "class AeonBuilder(IndexerBuilder):\n    _support = Support.SINGLE\n"
    assert rows(git_repo, no_rules, body, after) == []


def test_a_base_hook_that_never_read_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = BACKEND_TEXT.replace("        return cls._support\n", "        return Support.NEVER\n")
    sides = s.merge_case(
        git_repo,
        {BACKEND: text, INDEXER: INDEXER_BASE},
        {FORK: HEAD + "class AeonBuilder(IndexerBuilder):\n    _support = Support.SINGLE\n"},
        [("[Attention] report support (#36519)", {INDEXER: INDEXER_AFTER})],
    )
    assert s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) == []


def test_decoys_ahead_alphabetically_leave_the_real_setting_in_reach(git_repo: GitRepo, no_rules: Path) -> None:
    """A method's local of the setting's name is no class-level setting, and the files the fork imports from are
    read first: 40 decoys ahead by path no longer push the real case past the cap."""
    decoys = {
        f"a/decoy_{i:02d}.py": "class K:\n    def f(self):\n        _support = 1\n        return _support\n"
        for i in range(40)
    }
    after = {p: "class K:\n    def f(self):\n        return 1\n\n    def g(self):\n        return 2\n" for p in decoys}
    sides = s.merge_case(
        git_repo,
        {BACKEND: BACKEND_TEXT, INDEXER: INDEXER_BASE, **decoys},
        {FORK: HEAD + "class AeonBuilder(IndexerBuilder):\n    _support = Support.SINGLE\n"},
        [("[Bugfix][Sparse MLA] report indexer CG support properly (#36519)", {INDEXER: INDEXER_AFTER, **after})],
    )
    assert [(line - 7, sev) for _, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)] == [
        (2, "error")
    ]


@pytest.mark.parametrize(
    "body",
    [
        # a fork method of the class still reads the value
        "class AeonBuilder(IndexerBuilder):\n    _support = Support.SINGLE\n\n"
        "    def aeon_single(self) -> bool:\n        return self._support is Support.SINGLE\n",
        # a fork subclass overrides the hook and answers with the value
        "class AeonBuilder(IndexerBuilder):\n    _support = Support.SINGLE\n\n\nclass AeonChild(AeonBuilder):\n"
        "    @classmethod\n    def get_support(cls, config) -> Support:\n        return cls._support\n",
    ],
    ids=["fork method reads it", "fork subclass hook reads it"],
)
def test_a_setting_still_read_by_the_fork_is_a_warning(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == [(2, "warning")]


def test_a_setting_still_read_upstream_outside_the_class_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    backend = BACKEND_TEXT + "\n\ndef support_of(builder_cls) -> Support:\n    return builder_cls._support\n"
    sides = s.merge_case(
        git_repo,
        {BACKEND: backend, INDEXER: INDEXER_BASE},
        {FORK: HEAD + "class AeonBuilder(IndexerBuilder):\n    _support = Support.SINGLE\n"},
        [("[Attention] report support (#36519)", {INDEXER: INDEXER_AFTER})],
    )
    assert [(line - 7, sev) for _, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)] == [
        (2, "warning")
    ]
