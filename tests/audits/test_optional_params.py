"""Optional parameters (killers111): upstream annotated a method's parameter ``Optional`` and a fork override
dereferences it unguarded.  Rebuilt from #14388 (``StatLoggerBase.record``'s ``iteration_stats:
IterationStats`` made ``Optional[IterationStats]``: the engine passes None on an iteration without outputs)
as a clean git merge, with twins that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

LOGGERS = "vllm/metrics/loggers.py"
BASE = """from typing import Optional


class Stats:
    num_generation_tokens: int = 0


class StatLoggerBase:
    def record(self, scheduler_stats: int, iteration_stats: Stats) -> None:
        raise NotImplementedError
"""
AFTER = BASE.replace("iteration_stats: Stats)", "iteration_stats: Optional[Stats])")
PIPE = BASE.replace("iteration_stats: Stats)", "iteration_stats: Stats | None)")
RETYPED = BASE.replace("iteration_stats: Stats)", "iteration_stats: Optional[int])")
FILES = {"vllm/__init__.py": "", "vllm/metrics/__init__.py": "", LOGGERS: BASE}
MINE = "vllm/aeon/counter.py"
HEADER = "from vllm.metrics.loggers import StatLoggerBase\n\n\n"
SIG = "    def record(self, scheduler_stats, iteration_stats):\n"
USE = "        self.generated = iteration_stats.num_generation_tokens\n"


def widened(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == path and "made that parameter Optional" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


@pytest.mark.parametrize(
    ("after", "body", "use"),
    [
        (AFTER, SIG + USE, "self.generated = iteration_stats"),
        (PIPE, SIG + USE, "self.generated = iteration_stats"),
        (AFTER, "    def record(self, s, it):\n        for r in it.finished:\n            print(r)\n", "for r in it"),
    ],
    ids=["Optional[X]", "X | None", "renamed in the override, by position"],
)
def test_an_override_dereferencing_a_newly_optional_parameter(
    git_repo: GitRepo, no_rules: Path, after: str, body: str, use: str
) -> None:
    text = HEADER + "class AeonCounter(StatLoggerBase):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {LOGGERS: after})
    [(line, level, message)] = widened(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, use), "warning")  # an annotation, not proof a caller sends None
    assert "StatLoggerBase.record" in message


@pytest.mark.parametrize(
    ("after", "body"),
    [
        (AFTER, SIG + "        if iteration_stats is None:\n            return\n" + USE),
        (AFTER, SIG + "        if not iteration_stats:\n            return\n" + USE),
        (AFTER, SIG + "        self.generated = iteration_stats and iteration_stats.num_generation_tokens\n"),
        (AFTER, "    def record(self, scheduler_stats, iteration_stats: 'Stats | None'):\n" + USE),
        (AFTER, SIG + "        iteration_stats = iteration_stats or Stats()\n" + USE),
        (AFTER, SIG + "        try:\n    " + USE + "        except AttributeError:\n            pass\n"),
        (AFTER, SIG + "        self.seen = scheduler_stats.bit_length()\n"),
        (AFTER, "    def log(self, iteration_stats):\n" + USE),
        (RETYPED, SIG + USE),
        (BASE, SIG + USE),
    ],
    ids=[
        "is None guard",
        "truth guard",
        "and-guard",
        "the override admits None itself",
        "rebound",
        "try/except AttributeError",
        "another parameter",
        "another method",
        "retyped, not only made Optional",
        "upstream unchanged",
    ],
)
def test_optional_param_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, after: str, body: str) -> None:
    text = HEADER + "class AeonCounter(StatLoggerBase):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {LOGGERS: after})
    assert widened(git_repo, no_rules, sides, MINE) == []


def test_an_unrelated_class_with_the_same_method_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = "class AeonCounter:\n" + SIG + USE
    sides = three_way(git_repo, FILES, {MINE: text}, {LOGGERS: AFTER})
    assert widened(git_repo, no_rules, sides, MINE) == []
