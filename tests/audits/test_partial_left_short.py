"""A complete ``functools.partial`` left short: upstream made its function require a parameter it never took.

Shaped like #26943 (013abde6ef), which gave the benchmark's ``benchmark`` a required ``num_warmups``: a fork
factory ``functools.partial(benchmark, ...)`` that bound every parameter the function required merges
cleanly, and the partial's later call -- written before the parameter existed -- raises TypeError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BENCH = "pkg/bench.py"
BASE = "def benchmark(model, rate, disable_tqdm, profile=False):\n    return model, rate\n"
INSERTED = "def benchmark(model, rate, disable_tqdm, num_warmups, profile=False):\n    return model, rate\n"
KEYWORD_ONLY = "def benchmark(model, rate, disable_tqdm, profile=False, *, num_warmups):\n    return model, rate\n"
DEFAULTED = "def benchmark(model, rate, disable_tqdm, num_warmups=0, profile=False):\n    return model, rate\n"
SUBJECT = "Adding Warmup to Benchmark Serving (#26943)"
FORK = "pkg/aeon_run.py"
HEAD = "import functools\nfrom functools import partial\n\nfrom pkg.bench import benchmark\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, line: str, new: str = INSERTED, base: str = BASE) -> list[tuple]:
    sides = s.merge_case(
        git_repo,
        {BENCH: base, "pkg/__init__.py": ""},
        {FORK: HEAD + f"def aeon_factory():\n    return {line}\n"},
        [(SUBJECT, {BENCH: new})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if r[0] == FORK]


@pytest.mark.parametrize(
    ("line", "new"),
    [
        ("functools.partial(benchmark, model='m', rate=1.0, disable_tqdm=True)", INSERTED),
        ("partial(benchmark, 'm', 1.0, True, profile=True)", INSERTED),
        ("functools.partial(benchmark, 'm', rate=1.0, disable_tqdm=True)", KEYWORD_ONLY),
    ],
)
def test_a_complete_partial_left_short_is_an_error(git_repo: GitRepo, no_rules: Path, line: str, new: str) -> None:
    [(path, number, severity, message)] = run(git_repo, no_rules, line, new)
    assert (path, number, severity) == (FORK, 8, "error")
    assert "calls benchmark" in message and "leaves out num_warmups, which it now requires" in message


@pytest.mark.parametrize(
    ("line", "new", "base"),
    [
        # the partial left a required parameter to its later call: that call may pass the new one too
        ("functools.partial(benchmark, model='m', rate=1.0)", INSERTED, BASE),
        # the new parameter has a default
        ("functools.partial(benchmark, model='m', rate=1.0, disable_tqdm=True)", DEFAULTED, BASE),
        # the function took **kwargs before: the later call may pass anything
        (
            "functools.partial(benchmark, model='m', rate=1.0, disable_tqdm=True)",
            INSERTED.replace("profile=False)", "profile=False, **kw)"),
            BASE.replace("profile=False)", "profile=False, **kw)"),
        ),
        # a parameter the function took before and now requires: the later call may pass it
        (
            "functools.partial(benchmark, model='m', rate=1.0, disable_tqdm=True)",
            BASE.replace("profile=False", "profile"),
            BASE,
        ),
    ],
)
def test_partials_the_change_does_not_leave_short_stay_quiet(
    git_repo: GitRepo, no_rules: Path, line: str, new: str, base: str
) -> None:
    assert run(git_repo, no_rules, line, new, base) == []
