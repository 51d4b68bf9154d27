"""Name drift and the fork's own flags declared in a loop: ``for flag in _KEEP: parser.add_argument(flag)``.

#49244 (7a98c7a392) removed ``--max-num-partial-prefills`` with SchedulerConfig's field; a fork whose
argument group declares the flags again from a literal tuple (``benchmarks/review61_twins.py``) gives its
parsed namespace the attribute, so its read of ``args.max_num_partial_prefills`` names the fork's own
option, not a name upstream dropped.  The text scan ties a flag to an ``add_argument`` opened on one of the
lines just above it; a loop's tuple sits elsewhere, so the file's syntax is read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.test_name_drift import GETATTR, PARAMETER_ONLY, parameter_case

LOOPS = {
    "a tuple on the for line": (
        '    for flag in ("--max-num-partial-prefills", "--max-long-partial-prefills"):\n'
        "        parser.add_argument(flag, type=int, default=1)"
    ),
    "a module constant": "    for flag in _PREFILLS:\n        parser.add_argument(flag, type=int, default=1)",
}


def fork(body: str) -> str:
    return (
        'import argparse\n\n_PREFILLS = ["--max-num-partial-prefills"]\n\n\n'
        "def aeon_parser() -> argparse.ArgumentParser:\n    parser = argparse.ArgumentParser()\n"
        + body
        + "\n    return parser\n\n\ndef aeon_partial(scheduler_config) -> int:\n    return {read}\n"
    )


@pytest.mark.parametrize("body", list(LOOPS.values()), ids=list(LOOPS))
def test_a_read_of_a_flag_the_fork_declares_in_a_loop_is_silent(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert parameter_case(git_repo, no_rules, PARAMETER_ONLY, GETATTR, fork(body)) == []


def test_a_loop_over_other_flags_declares_nothing(git_repo: GitRepo, no_rules: Path) -> None:
    """The loop declares what its tuple holds: a quoted flag of the name elsewhere in the file (a help text's
    example) is no declaration."""
    body = (
        '    for flag in ("--aeon-chunk",):\n        parser.add_argument(flag, type=int)\n'
        '    parser.epilog = "was: --max-num-partial-prefills"'
    )
    text = fork(body).replace('_PREFILLS = ["--max-num-partial-prefills"]\n\n\n', "")
    [(_, _, message)] = parameter_case(git_repo, no_rules, PARAMETER_ONLY, GETATTR, text)
    assert "max_num_partial_prefills" in message
