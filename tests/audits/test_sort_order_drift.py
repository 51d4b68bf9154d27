"""Sort-order drift: upstream sorts a list the other way; a fork line reads one of its ends.

#26016 turned ``self.cudagraph_capture_sizes.sort(reverse=True)`` into ``.sort()`` in
vllm/config/compilation.py: a fork line that took ``[0]`` as the largest capture size now reads the
smallest, merges cleanly, and the drafter's CUDA graphs stop at size 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import ORDER_DRIFT
from aeon_release.domain.audits.model import Severity
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CONFIG = "vllm/config/compilation.py"
CONFIG_BASE = """class CompilationConfig:
    def __init__(self, sizes: list[int]) -> None:
        self.cudagraph_capture_sizes = list(sizes)
        self.compile_sizes = sorted(sizes)

    def post_init_cudagraph_sizes(self) -> None:
        # sort to make sure cudagraph capture sizes are in descending order
        self.cudagraph_capture_sizes.sort(reverse=True)
"""
ASCENDING = CONFIG_BASE.replace(".sort(reverse=True)", ".sort()")
SUBJECT = "[MISC] `cudagraph_capture_sizes` related improvements (#26016)"
FORK = "vllm/v1/spec_decode/aeon_graphs.py"
FORK_HEAD = "from vllm.config.compilation import CompilationConfig\n\n\n"


def end_reads(repo: GitRepo, config: Path, body: str, upstream: str = ASCENDING) -> dict[int, str]:
    fork = FORK_HEAD + body
    sides = s.merge_case(repo, {CONFIG: CONFIG_BASE}, {FORK: fork}, [(SUBJECT, {CONFIG: upstream})])
    report = repo.audit(config, merge=sides)
    found = [f for f in report.findings if f.rule_id == ORDER_DRIFT and f.path == FORK]
    assert all(f.severity is Severity.ERROR for f in found)
    return {f.line: f.message for f in found}


@pytest.mark.parametrize(
    "body",
    [
        "def largest(cc: CompilationConfig) -> int:\n    return cc.cudagraph_capture_sizes[0]\n",
        "def fits(cc: CompilationConfig, n: int) -> bool:\n    sizes = cc.cudagraph_capture_sizes\n"
        "    return n <= sizes[0]\n",
        "def top(cc: CompilationConfig) -> list[int]:\n    return cc.cudagraph_capture_sizes[:4]\n",
    ],
)
def test_a_read_of_the_first_end_of_a_list_now_sorted_the_other_way(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    [(line, message)] = end_reads(git_repo, no_rules, body).items()
    assert line == len(FORK_HEAD.splitlines()) + len(body.splitlines())
    assert "reads the first end of cudagraph_capture_sizes, which upstream now sorts ascending" in message
    assert "it reads the smallest now" in message and "#26016" in message


def test_the_last_end_of_a_list_now_sorted_descending(git_repo: GitRepo, no_rules: Path) -> None:
    base_ascending = ASCENDING
    body = "def largest(cc: CompilationConfig) -> int:\n    return cc.cudagraph_capture_sizes[-1]\n"
    fork = FORK_HEAD + body
    sides = s.merge_case(git_repo, {CONFIG: base_ascending}, {FORK: fork}, [(SUBJECT, {CONFIG: CONFIG_BASE})])
    report = git_repo.audit(no_rules, merge=sides)
    [message] = [f.message for f in report.findings if f.rule_id == ORDER_DRIFT and f.path == FORK]
    assert "reads the last end of cudagraph_capture_sizes, which upstream now sorts descending" in message
    assert "it reads the smallest now" in message


@pytest.mark.parametrize(
    "body",
    [
        "def largest(cc: CompilationConfig) -> int:\n    return max(cc.cudagraph_capture_sizes)\n",
        "def largest(cc: CompilationConfig) -> int:\n    return sorted(cc.cudagraph_capture_sizes)[-1]\n",
        "def largest(cc: CompilationConfig) -> int:\n    sizes = cc.cudagraph_capture_sizes\n"
        "    sizes.sort(reverse=True)\n    return sizes[0]\n",
        "def middle(cc: CompilationConfig) -> int:\n    return cc.cudagraph_capture_sizes[1]\n",
        "def first(cc: CompilationConfig) -> int:\n    return cc.compile_sizes[0]\n",  # upstream left it alone
    ],
)
def test_reads_the_new_order_does_not_change_are_silent(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert end_reads(git_repo, no_rules, body) == {}


@pytest.mark.parametrize(
    "upstream",
    [
        # sorted both ways among the added lines: which one the fork reads after is not known
        ASCENDING.replace(".sort()\n", ".sort()\n        self.cudagraph_capture_sizes.sort(reverse=True)\n"),
        # the same order, spelt otherwise
        CONFIG_BASE.replace(".sort(reverse=True)", ".sort(reverse=True)  # largest first"),
    ],
)
def test_upstream_sorts_that_did_not_flip_are_silent(git_repo: GitRepo, no_rules: Path, upstream: str) -> None:
    body = "def largest(cc: CompilationConfig) -> int:\n    return cc.cudagraph_capture_sizes[0]\n"
    assert end_reads(git_repo, no_rules, body, upstream) == {}


def test_a_short_name_is_too_common_to_tie_a_read_to(git_repo: GitRepo, no_rules: Path) -> None:
    base = CONFIG_BASE.replace("cudagraph_capture_sizes", "sizes")
    body = "def largest(cc: CompilationConfig) -> int:\n    return cc.sizes[0]\n"
    fork = FORK_HEAD + body
    sides = s.merge_case(
        git_repo, {CONFIG: base}, {FORK: fork}, [(SUBJECT, {CONFIG: base.replace(".sort(reverse=True)", ".sort()")})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == ORDER_DRIFT] == []


@pytest.mark.parametrize(
    ("body", "reported"),
    [
        # the fork's own class holds a list of the name, sorted its own way
        (
            "class AeonDrafterConfig:\n    def __init__(self, sizes: list[int]) -> None:\n"
            "        self.cudagraph_capture_sizes = sorted(sizes, reverse=True)\n\n"
            "    def largest(self) -> int:\n        return self.cudagraph_capture_sizes[0]\n",
            False,
        ),
        # a subclass of upstream's config reads the list upstream sorts, even where it stores it too
        (
            "class AeonConfig(CompilationConfig):\n    def __init__(self, sizes: list[int]) -> None:\n"
            "        super().__init__(sizes)\n        self.cudagraph_capture_sizes = list(sizes)\n\n"
            "    def largest(self) -> int:\n        return self.cudagraph_capture_sizes[0]\n",
            True,
        ),
    ],
    ids=["own class", "upstream's subclass"],
)
def test_the_fork_s_own_class_s_list_of_the_name(git_repo: GitRepo, no_rules: Path, body: str, reported: bool) -> None:
    """``self.cudagraph_capture_sizes[0]`` in a fork class that stores and sorts its own list of the name:
    #26016's sort of CompilationConfig's list never reaches it."""
    lines = end_reads(git_repo, no_rules, body)
    assert list(lines) == ([len(FORK_HEAD.splitlines()) + len(body.splitlines())] if reported else [])


@pytest.mark.parametrize(
    ("body", "reported"),
    [
        (
            "def largest(cc: CompilationConfig) -> int:\n    sizes = cc.cudagraph_capture_sizes\n"
            "    return sizes[0] if sizes[0] >= sizes[-1] else sizes[-1]\n",
            False,
        ),
        (
            "def span(cc: CompilationConfig) -> tuple[int, int]:\n"
            "    return cc.cudagraph_capture_sizes[0], cc.cudagraph_capture_sizes[-1]\n",
            False,
        ),
        # the other end read in another statement: this one still takes [0] as the largest
        (
            "def largest(cc: CompilationConfig) -> int:\n    smallest = cc.cudagraph_capture_sizes[-1]\n"
            "    return max(smallest, 1) and cc.cudagraph_capture_sizes[0]\n",
            True,
        ),
    ],
    ids=["compared ends", "both ends returned", "other statement"],
)
def test_both_ends_read_in_one_statement(git_repo: GitRepo, no_rules: Path, body: str, reported: bool) -> None:
    """``sizes[0] if sizes[0] >= sizes[-1] else sizes[-1]`` takes the larger end in either order."""
    lines = end_reads(git_repo, no_rules, body)
    assert bool(lines) is reported


def test_a_class_is_read_once_however_many_end_reads_it_holds(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether a class keeps its own list of the name was asked for each read, a walk of the whole class each
    time: a pull request's class of 4,000 methods that each read ``self.cudagraph_capture_sizes[0]`` took
    350 CPU seconds (hostile31).  Asked once a class, every read is still reported."""
    from aeon_release.domain.audits.drift import sort_orders

    asked: list[str] = []
    real = sort_orders._stores_its_own
    monkeypatch.setattr(
        sort_orders, "_stores_its_own", lambda trees, cls, change: asked.append(cls.name) or real(trees, cls, change)
    )
    body = "class AeonGraphs(CompilationConfig):\n" + "".join(
        f"    def m{i}(self) -> int:\n        return self.cudagraph_capture_sizes[0]\n\n" for i in range(50)
    )
    assert len(end_reads(git_repo, no_rules, body)) == 50
    assert asked == ["AeonGraphs"]
