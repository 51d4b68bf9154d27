"""A complete ``functools.partial`` whose later call fills the parameter upstream made required.

Shaped like #26943 (013abde6ef), which gave ``benchmark`` a required ``num_warmups`` (the replay's twins in
``benchmarks/review61_twins.py``): a fork that adds ``num_warmups=0`` where it calls the partial (or
spreads its caller's keywords there, binds it with a second partial, or hands the partial to its own
runner that passes it) is correct, though the partial
itself binds no more than before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_partial_left_short import BASE, BENCH, HEAD, INSERTED, SUBJECT

FORK = "pkg/aeon_run.py"
PARTIAL = "functools.partial(benchmark, model='m', rate=1.0, disable_tqdm=True)"


def run(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple]:
    sides = s.merge_case(
        git_repo,
        {BENCH: BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {BENCH: INSERTED})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if r[0] == FORK]


@pytest.mark.parametrize(
    "body",
    [
        # the later call in the same function passes it
        f"def aeon_run():\n    bench = {PARTIAL}\n    return bench(num_warmups=0)\n",
        # a retry on TypeError passes it
        f"def aeon_run():\n    bench = {PARTIAL}\n    try:\n        return bench()\n"
        "    except TypeError:\n        return bench(num_warmups=0)\n",
        # the later call spreads the caller's keywords
        f"def aeon_run(**overrides):\n    bench = {PARTIAL}\n    return bench(**overrides)\n",
        # a second partial binds it
        f"def aeon_run():\n    bench = {PARTIAL}\n    bench = functools.partial(bench, num_warmups=0)\n    return bench\n",
        # the factory's caller passes it
        f"def aeon_factory():\n    return {PARTIAL}\n\n\ndef aeon_nightly():\n    return aeon_factory()(num_warmups=2)\n",
        # the partial handed to the fork's own runner, which passes it
        f"def aeon_warm(bench, rounds=1):\n    return bench(num_warmups=rounds)\n\n\n"
        f"def aeon_run():\n    return aeon_warm(\n        {PARTIAL}\n    )\n",
        f"def aeon_warm(rounds, bench):\n    return bench(num_warmups=rounds)\n\n\n"
        f"def aeon_run():\n    return aeon_warm(2, bench={PARTIAL})\n",
        # a partial kept on the object, called with it
        f"class AeonRunner:\n    def __init__(self):\n        self.bench = {PARTIAL}\n\n"
        "    def go(self):\n        return self.bench(num_warmups=1)\n",
    ],
)
def test_a_partial_whose_later_call_fills_the_new_parameter_stays_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert [r for r in run(git_repo, no_rules, body) if r[2] == "error"] == []


def test_a_later_call_retried_on_type_error_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """The later call the checker spells out (the partial's arguments merged in) is guarded as the written
    call is: the ``try`` whose handler calls it again with the new parameter is the fork's fallback."""
    body = (
        f"def aeon_run():\n    bench = {PARTIAL}\n    try:\n        return bench()\n"
        "    except TypeError:\n        return bench(num_warmups=0)\n"
    )
    assert [(n, severity) for _, n, severity, _ in run(git_repo, no_rules, body)] == [(10, "warning")]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # the later call passes nothing new: it is the call that breaks (the partial's arguments merged in)
        (f"def aeon_run():\n    bench = {PARTIAL}\n    return bench()\n", 9),
        # the later call passes another keyword
        (f"def aeon_run():\n    bench = {PARTIAL}\n    return bench(profile=True)\n", 9),
        # a call of the factory itself with ** fills the factory, not the partial
        (
            f"def aeon_factory(**kw):\n    return {PARTIAL}\n\n\ndef aeon_nightly(opts):\n    return aeon_factory(**opts)\n",
            8,
        ),
        # the runner it is handed to calls it with nothing new
        (
            f"def aeon_warm(bench):\n    return bench()\n\n\n"
            f"def aeon_run():\n    return aeon_warm(\n        {PARTIAL}\n    )\n",
            13,
        ),
        # another function's call of a name like the holder's with the parameter is not the partial's call
        (
            f"def aeon_run():\n    bench = {PARTIAL}\n    return bench()\n\n\ndef other(bench):\n    return bench(num_warmups=0)\n",
            9,
        ),
    ],
)
def test_a_partial_no_later_call_fills_stays_an_error(git_repo: GitRepo, no_rules: Path, body: str, line: int) -> None:
    [(_, number, severity, _)] = run(git_repo, no_rules, body)
    assert (number, severity) == (line, "error")
