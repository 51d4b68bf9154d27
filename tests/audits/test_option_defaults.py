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
WARNING = CLI_TEXT.replace('default="info"', 'default="warning"')
# the fork passes the option under its own flag, not its dest's spelling (``--log-level`` stores uvicorn_log_level)
BY_FLAG = FORK_TEXT + '\n\nAEON_ARGS = ["--log-level", "info"]\n'
# a parser of the fork's adds the same destination again, with its own default
OWN_DEST = FORK_TEXT + '\n\ndef aeon_args(parser):\n    parser.add_argument("--aeon-log", dest="uvicorn_log_level")\n'


@pytest.mark.parametrize(
    ("theirs", "fork", "expected", "severity"),
    [
        (CLI_TEXT.replace("default=1,", "default=None,"), FORK_TEXT, "args.api_server_count > 1", "warning"),
        (CLI_TEXT.replace('default="info"', 'default="warning"'), FORK_TEXT, "args.uvicorn_log_level ==", "error"),
        (CLI_TEXT.replace("default=1,", "default=None,"), PINNED, None, ""),
        (WARNING, BY_FLAG, None, ""),
        (WARNING, OWN_DEST, None, ""),
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


def test_the_error_names_the_option_by_its_flag(git_repo: GitRepo, tmp_path: Path) -> None:
    """An option whose ``dest=`` is not its flag's spelling is shown by the flag a user types (``--log-level``),
    not by a ``--uvicorn-log-level`` that does not exist."""
    sides = three_way(git_repo, {"vllm/__init__.py": "", CLI: CLI_TEXT}, {FORK: FORK_TEXT}, {CLI: WARNING})
    messages = [f.message for f in audit(git_repo, sides, tmp_path).findings if f.path == FORK]
    assert any("make_arg_parser(--log-level).uvicorn_log_level" in m for m in messages), messages


SERVE = "vllm/entrypoints/openai/cli_args.py"
BENCH = "vllm/benchmarks/serve.py"
PORT = """import argparse


def {fn}(parser):
    parser.add_argument(
        "--port",
        type=int,
        default={port},
    )
    return parser
"""
CLIENT = "vllm/aeon/bench_client.py"
CLIENT_TEXT = """from vllm.benchmarks.serve import add_cli_args


def aeon_target(args) -> str:
    if args.port == 8000:
        return "http://localhost:8000"
    return f"http://localhost:{args.port}"
"""


@pytest.mark.parametrize(("bench_port", "severity"), [(8000, "warning"), (8080, "error")])
def test_a_destination_two_parsers_add(git_repo: GitRepo, tmp_path: Path, bench_port: int, severity: str) -> None:
    """Two upstream parsers add ``--port`` and only the server's default changed: the fork's ``args.port == 8000``
    may read the benchmark's namespace, so it warns; where both changed it is the error it always was."""
    base = {
        "vllm/__init__.py": "",
        SERVE: PORT.format(fn="make_arg_parser", port=8000),
        BENCH: PORT.format(fn="add_cli_args", port=8000),
    }
    theirs = {
        SERVE: PORT.format(fn="make_arg_parser", port=8080),
        BENCH: PORT.format(fn="add_cli_args", port=bench_port),
    }
    sides = three_way(git_repo, base, {CLIENT: CLIENT_TEXT}, theirs)
    got = [f for f in found(audit(git_repo, sides, tmp_path), DEFAULT_DRIFT) if f[0] == CLIENT]
    assert (CLIENT, line_of(CLIENT_TEXT, "args.port == 8000"), severity) in got
    assert all(g[2] != "error" for g in got) if severity == "warning" else True


# -- #28872 (bf9e1e8767): a default computed elsewhere (a mapping spread into the call) made None -------------
ARGS = "vllm/engine/arg_utils.py"
ARGS_TEXT = """import argparse

from vllm.config import SchedulerConfig, get_kwargs


def add_cli_args(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    scheduler_kwargs = get_kwargs(SchedulerConfig)
    parser.add_argument("--max-num-seqs", **scheduler_kwargs["max_num_seqs"])
    parser.add_argument("--block-size", type=int, default=SchedulerConfig.block_size)
    parser.add_argument("--max-loras", type=int, default=4)
    return parser
"""
NULLED = ARGS_TEXT.replace(
    '**scheduler_kwargs["max_num_seqs"])', '**{**scheduler_kwargs["max_num_seqs"], "default": None})'
).replace("default=SchedulerConfig.block_size)", "default=None)")
READER = "vllm/aeon/slots.py"
READER_TEXT = """import argparse


def aeon_slots(parser: argparse.ArgumentParser, argv: list[str]) -> int:
    args = parser.parse_args(argv)
    slots = args.max_num_seqs * 2
    return slots + args.block_size + args.max_loras
"""


def reader_rows(git_repo: GitRepo, tmp_path: Path, theirs: str, fork: str = READER_TEXT) -> list[object]:
    sides = three_way(git_repo, {"vllm/__init__.py": "", ARGS: ARGS_TEXT}, {READER: fork}, {ARGS: theirs})
    return [f for f in found(audit(git_repo, sides, tmp_path), DEFAULT_DRIFT) if f[0] == READER]


def test_a_computed_default_made_none_warns(git_repo: GitRepo, tmp_path: Path) -> None:
    """A spread mapping's default made None by a display's ``"default"`` key, and ``default=Cls.field`` made
    ``default=None``: each namespace read warns (the fleet may pass the flag); ``--max-loras``'s kept 4 is quiet."""
    got = reader_rows(git_repo, tmp_path, NULLED)
    assert sorted(got) == [
        (READER, line_of(READER_TEXT, "args.max_num_seqs * 2"), "warning"),
        (READER, line_of(READER_TEXT, "args.block_size"), "warning"),
    ]


@pytest.mark.parametrize(
    "theirs",
    [
        # a computed default made a literal, and a literal made a spread: refactors, the value unknown
        ARGS_TEXT.replace('**scheduler_kwargs["max_num_seqs"])', "type=int, default=128)"),
        ARGS_TEXT.replace("type=int, default=4)", '**scheduler_kwargs["max_loras"])'),
        # the spread comes after the key: it may put its own default back
        ARGS_TEXT.replace(
            '**scheduler_kwargs["max_num_seqs"])', '**{"default": None, **scheduler_kwargs["max_num_seqs"]})'
        ),
        # only the help changed
        ARGS_TEXT.replace(
            '**scheduler_kwargs["max_num_seqs"])', '**{**scheduler_kwargs["max_num_seqs"], "help": "n"})'
        ),
    ],
    ids=["computed to literal", "literal to spread", "spread wins", "help only"],
)
def test_computed_default_twins_are_quiet(git_repo: GitRepo, tmp_path: Path, theirs: str) -> None:
    assert reader_rows(git_repo, tmp_path, theirs) == []


def test_a_computed_default_made_none_the_fork_passes_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    """The fork's own argv passes ``--max-num-seqs`` and ``--block-size``: the fleet chooses the value."""
    fork = READER_TEXT + '\n\nAEON_ARGV = ["--max-num-seqs", "64", "--block-size", "16"]\n'
    assert reader_rows(git_repo, tmp_path, NULLED, fork) == []
