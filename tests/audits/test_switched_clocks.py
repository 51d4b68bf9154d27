"""A module's time stamp upstream now takes from another clock, mixed by a fork line with the old one.

#34912 (f863994084) stamped ``monitor.torch_compile_start_time`` with ``time.perf_counter()`` where it used
``time.time()``: a fork's ``time.time() - monitor.torch_compile_start_time`` merges cleanly and yields a
meaningless number.  Twins: the new clock, a duration upstream keeps, a local assigned from another clock or a
parameter, a clock of another module, a stamp upstream takes from two clocks, a name upstream did not touch.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MONITOR = "vllm/compilation/monitor.py"
BASE = """import time

start_time: float = 0.0
total: float = 0.0


def start_monitoring() -> None:
    global start_time
    start_time = time.time()


def end_monitoring() -> None:
    global total
    total = time.time() - start_time
"""
AFTER = BASE.replace("time.time()", "time.perf_counter()")
FORK = "vllm/aeon/report.py"
SUBJECT = "[compile] Fix time discrepancy (#34912)"
UPSTREAM: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {MONITOR: AFTER})]


def rows(repo: GitRepo, config: Path, fork: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {MONITOR: BASE}, {FORK: fork}, [(SUBJECT, {MONITOR: after})])
    return [(line, sev) for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT) if path == FORK]


# The rows that read the old clock each put one def beside the same base and upstream, none importing another's:
# one merge and one audit of all their modules side by side answers each row (3 merges and audits became one per
# process; suitespeed14, through ``drift_shapes.audited_row``).  The row that stores the old clock into
# ``monitor.start_time`` keeps its merge: the others read that name.
CLOCK_READS = [
    "import time\n\nfrom vllm.compilation import monitor\n\n\ndef seconds() -> float:\n"
    "    return time.time() - monitor.start_time\n",
    "import time\n\nimport vllm.compilation.monitor as mon\n\n\ndef seconds() -> float:\n"
    "    now = time.time()\n    return now - mon.start_time\n",
    "from time import time\n\nfrom vllm.compilation.monitor import start_time\n\n\ndef seconds() -> float:\n"
    "    return time() - start_time\n",
]


@pytest.mark.parametrize(
    "fork",
    [
        *CLOCK_READS,
        "import time\n\nfrom vllm.compilation import monitor\n\n\ndef restart() -> None:\n"
        "    monitor.start_time = time.time()\n",
    ],
    ids=["a module attribute", "a local stamped by the old clock", "an imported name", "a store of the old clock"],
)
def test_the_old_clock_mixed_with_the_switched_stamp_is_an_error(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    if fork in CLOCK_READS:
        _, found = s.audited_row(
            git_repo, no_rules, {MONITOR: BASE}, CLOCK_READS, fork, UPSTREAM, SYMBOL_DRIFT, "vllm/aeon"
        )
        assert [(f.line, f.severity.value) for f in found] == [(fork.count("\n"), "error")]
    else:
        assert rows(git_repo, no_rules, fork) == [(fork.count("\n"), "error")]


@pytest.mark.parametrize(
    ("fork", "after"),
    [
        # the new clock
        (
            "import time\n\nfrom vllm.compilation import monitor\n\n\ndef seconds() -> float:\n"
            "    return time.perf_counter() - monitor.start_time\n",
            AFTER,
        ),
        # a duration upstream keeps
        (
            "import time\n\nfrom vllm.compilation import monitor\n\n\ndef seconds() -> float:\n"
            "    return monitor.total - 1.0\n",
            AFTER,
        ),
        # a parameter: its clock is unknown
        (
            "from vllm.compilation import monitor\n\n\ndef seconds(now: float) -> float:\n"
            "    return now - monitor.start_time\n",
            AFTER,
        ),
        # another module's clock function of the same name
        (
            "import mytime as time\n\nfrom vllm.compilation import monitor\n\n\ndef seconds() -> float:\n"
            "    return time.time() - monitor.start_time\n",
            AFTER,
        ),
        # upstream stamps it from two clocks now: no one clock to tell
        (
            "import time\n\nfrom vllm.compilation import monitor\n\n\ndef seconds() -> float:\n"
            "    return time.time() - monitor.start_time\n",
            AFTER + "\n\ndef reset() -> None:\n    global start_time\n    start_time = time.time()\n",
        ),
        # upstream changed another name's clock only
        (
            "import time\n\nfrom vllm.compilation import monitor\n\n\ndef seconds() -> float:\n"
            "    return time.time() - monitor.start_time\n",
            BASE.replace("total = time.time() - start_time", "total = time.perf_counter() - start_time")
            + "\n\nother = time.perf_counter()\n",
        ),
        # a store into a local copy of the imported name
        (
            "import time\n\nfrom vllm.compilation.monitor import start_time\n\n\ndef mark() -> float:\n"
            "    start_time = time.time()\n    return start_time\n",
            AFTER,
        ),
    ],
    ids=["the new clock", "a duration", "a parameter", "another module", "two clocks", "another name", "a copy"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, after: str) -> None:
    assert rows(git_repo, no_rules, fork, after) == []


SECONDS = "import time\n\nfrom vllm.compilation import monitor\n\n\ndef seconds() -> float:\n"


@pytest.mark.parametrize(
    "fork",
    [
        # review73: the epoch clock only for an epoch stamp
        SECONDS + "    if monitor.start_time > 1e9:\n        return time.time() - monitor.start_time\n"
        "    return time.perf_counter() - monitor.start_time\n",
        SECONDS + "    if monitor.start_time < 1e9:\n        return time.perf_counter() - monitor.start_time\n"
        "    return time.time() - monitor.start_time\n",
        SECONDS + "    return time.time() - monitor.start_time if monitor.start_time > 1_000_000_000 else 0.0\n",
    ],
    ids=["under the test", "past an exiting test", "a conditional expression"],
)
def test_a_test_of_the_stamps_magnitude_is_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert rows(git_repo, no_rules, fork) == []


def test_a_test_that_the_stamp_is_set_keeps_the_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``start_time > 0`` tells a started compile from none, not one clock from another."""
    fork = SECONDS + "    if monitor.start_time > 0:\n        return time.time() - monitor.start_time\n    return 0.0\n"
    assert rows(git_repo, no_rules, fork) == [(8, "error")]


def test_a_stamp_upstream_takes_through_a_helper_of_the_same_clock_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """review73: upstream stamps through a helper (``start_time = _now()``, the same epoch clock) and times
    something else with ``perf_counter``: the stamp's clock is not read here, so it is no switch, and the fork's
    ``time.time()`` is no error."""
    after = BASE.replace("    start_time = time.time()\n", "    start_time = _now()\n") + (
        "\n\ndef _now() -> float:\n    return time.time()\n\n\ndef tick() -> float:\n    return time.perf_counter()\n"
    )
    fork = SECONDS + "    return time.time() - monitor.start_time\n"
    assert rows(git_repo, no_rules, fork, after) == []


def test_a_stamp_taken_from_a_local_of_the_new_clock_is_read_through_it(git_repo: GitRepo, no_rules: Path) -> None:
    """#11081: ``now = time.perf_counter()`` ... ``start_time = now``: the stamp's clock is the local's."""
    after = AFTER.replace(
        "    start_time = time.perf_counter()\n", "    now = time.perf_counter()\n    start_time = now\n"
    )
    sides = s.merge_case(
        git_repo,
        {MONITOR: BASE},
        {FORK: SECONDS + "    return time.time() - monitor.start_time\n"},
        [("[compile] Fix time discrepancy (#34912)", {MONITOR: after})],
    )
    found = [
        (line, msg) for path, line, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if path == FORK
    ]
    assert [line for line, _ in found] == [7]
    assert "now stamps start_time with time.perf_counter()" in found[0][1]


def test_a_bare_annotation_of_the_stamps_local_assigns_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    """mend55: the stamp's local is read by the one walk that reads a fork's local: ``now: float`` binds no
    value, so ``now`` is still the one clock's."""
    after = AFTER.replace(
        "    start_time = time.perf_counter()\n",
        "    now: float\n    now = time.perf_counter()\n    start_time = now\n",
    )
    assert [
        line for line, _ in rows(git_repo, no_rules, SECONDS + "    return time.time() - monitor.start_time\n", after)
    ] == [7]


def test_a_stamp_from_a_parameter_of_the_name_is_no_one_clock(git_repo: GitRepo, no_rules: Path) -> None:
    """mend55: a parameter of the local's name is the caller's value, of any clock: no switch is read."""
    after = AFTER.replace("def start_monitoring() -> None:", "def start_monitoring(now: float = 0.0) -> None:").replace(
        "    start_time = time.perf_counter()\n",
        "    if not now:\n        now = time.perf_counter()\n    start_time = now\n",
    )
    assert rows(git_repo, no_rules, SECONDS + "    return time.time() - monitor.start_time\n", after) == []
