"""A command-line option's default is a field's default for the parsed namespace (#32525's shape).

#32525 made ``--api-server-count``'s ``default=1`` into ``default=None``: a fork's ``args.api_server_count > 1`` in
an earlier hook now compares None with an int.  Default drift warns, as for a class field (the fleet may set it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

CLI = "vllm/entrypoints/cli_args.py"
CLI_TEXT = """import argparse


def make_arg_parser(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    parser.add_argument(
        "--api-server-count",
        "-asc",
        type=int,
        default=1,
        help="How many API server processes to run.",
    )
    parser.add_argument("--log-level", dest="uvicorn_log_level", default="info")
    return parser
"""
FORK = "vllm/aeon/serve.py"
FORK_TEXT = """import argparse


def aeon_validate(args: argparse.Namespace) -> None:
    if args.api_server_count > 1:
        raise ValueError("aeon: one API server per host")
    if args.uvicorn_log_level == "info":
        args.uvicorn_log_level = "warning"
"""
PINNED = FORK_TEXT + '\n\nAEON_ARGS = ["--api-server-count", "1"]\n'


@pytest.mark.parametrize(
    ("theirs", "fork", "expected", "severity"),
    [
        (CLI_TEXT.replace("default=1,", "default=None,"), FORK_TEXT, "args.api_server_count > 1", "warning"),
        (CLI_TEXT.replace('default="info"', 'default="warning"'), FORK_TEXT, "args.uvicorn_log_level ==", "error"),
        (CLI_TEXT.replace("default=1,", "default=None,"), PINNED, None, ""),
        (CLI_TEXT.replace("processes to run.", "processes to run (one per rank)."), FORK_TEXT, None, ""),
    ],
)
def test_an_option_default_changed_under_a_namespace_read(
    git_repo: GitRepo, tmp_path: Path, theirs: str, fork: str, expected: str | None, severity: str
) -> None:
    """The killer warns; an option stored under ``dest=`` compared with its old default is an error (as a field
    is); the twins (the fork passes the flag itself, only the help changed) stay quiet."""
    sides = three_way(git_repo, {"vllm/__init__.py": "", CLI: CLI_TEXT}, {FORK: fork}, {CLI: theirs})
    got = [f for f in found(audit(git_repo, sides, tmp_path), DEFAULT_DRIFT) if f[0] == FORK]
    assert got == ([(FORK, line_of(fork, expected), severity)] if expected else [])
