"""Refused namespaces: upstream's validator now raises for an options namespace the fork fills and hands it.

Shaped like #24626 (684b6870e1), which added ``if args.enable_log_outputs and not args.enable_log_requests: raise
TypeError(...)`` to ``validate_parsed_serve_args(args)``: a fork launcher setting ``args.enable_log_outputs =
True`` before validating, or a fork test validating ``parse_args(["--enable-log-outputs"])``, merges cleanly
and now stops.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ARGS = "pkg/cli_args.py"
ARGS_BASE = """from dataclasses import dataclass


@dataclass
class FrontendArgs:
    enable_log_outputs: bool = False
    enable_log_requests: bool = False
    tool_call_parser: str = ""


def validate(args):
    if args.tool_call_parser == "bad":
        raise TypeError("bad parser")


def validate_late(args):
    if hasattr(args, "subparser") and args.subparser != "serve":
        return
"""
GUARD = "    if args.enable_log_outputs and not args.enable_log_requests:\n        raise TypeError('outputs need requests')\n"
ARGS_NEW = ARGS_BASE.replace(
    '        raise TypeError("bad parser")\n', '        raise TypeError("bad parser")\n' + GUARD
)
ARGS_NEW = ARGS_NEW.rstrip("\n").replace("        return", "        return\n" + GUARD)
FORK = "pkg/aeon_launch.py"
HEAD = "from pkg.cli_args import validate, validate_late\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {ARGS: ARGS_BASE, "pkg/__init__.py": ""},
        {FORK: HEAD + text},
        [("[Bugfix] outputs need requests (#24626)", {ARGS: ARGS_NEW})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "upstream now makes raise" in r[3]]


@pytest.mark.parametrize(
    "text",
    [
        # a store before the call, the other name known from the parsed literal argv's absence
        "def a(parser):\n    args = parser.parse_args(['--port', '1'])\n    args.enable_log_outputs = True\n    validate(args)\n",
        # a literal argv passing the flag alone
        "def a(parser):\n    args = parser.parse_args(['--enable-log-outputs'])\n    return validate(args)\n",
    ],
)
def test_a_namespace_the_new_guard_refuses_for_sure_is_an_error(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    [(path, line, severity, message)] = run(git_repo, no_rules, text)
    assert (path, line, severity) == (FORK, 7 if "True" in text else 6, "error")
    assert "validate, which upstream now makes raise TypeError" in message and "#24626" in message


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # the command line decides the other name
        (
            "def a(argv, parser):\n    args = parser.parse_args(argv)\n    args.enable_log_outputs = True\n    validate(args)\n",
            7,
        ),
        # the guard holds, after a statement that may return first
        ("def a(parser):\n    args = parser.parse_args(['--enable-log-outputs'])\n    validate_late(args)\n", 6),
    ],
)
def test_a_namespace_the_guard_may_refuse_is_a_warning(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    [(_, at, severity, _)] = run(git_repo, no_rules, text)
    assert (at, severity) == (line, "warning")


@pytest.mark.parametrize(
    "text",
    [
        # both names set
        "def a(argv, parser):\n    args = parser.parse_args(argv)\n    args.enable_log_requests = True\n    args.enable_log_outputs = True\n    validate(args)\n",
        # the flag set off
        "def a(argv, parser):\n    args = parser.parse_args(argv)\n    args.enable_log_outputs = False\n    validate(args)\n",
        # nothing of the fork's set: the command line alone decides
        "def a(argv, parser):\n    args = parser.parse_args(argv)\n    validate(args)\n",
        # a test of the refusal
        "import pytest\n\n\ndef test_a(parser):\n    args = parser.parse_args(['--enable-log-outputs'])\n    with pytest.raises(TypeError):\n        validate(args)\n",
        # a guard the base already held
        "def a(argv, parser):\n    args = parser.parse_args(argv)\n    args.tool_call_parser = 'bad'\n    validate(args)\n",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


# review127: the error path read stores flow-insensitively and across nested scopes, and the first argument
# whatever parameter the guard reads
ARGS_TWO = (
    ARGS_BASE
    + "\n\ndef validate_pair(label, args):\n    if args.tool_call_parser == 'bad':\n        raise TypeError('bad')\n"
)
ARGS_TWO_NEW = (
    ARGS_NEW
    + "\n\ndef validate_pair(label, args):\n    if args.tool_call_parser == 'bad':\n        raise TypeError('bad')\n"
    + GUARD
)


def run_two(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {ARGS: ARGS_TWO, "pkg/__init__.py": ""},
        {FORK: "from pkg.cli_args import validate, validate_pair\n\n\n" + text},
        [("[Bugfix] outputs need requests (#24626)", {ARGS: ARGS_TWO_NEW})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "upstream now makes raise" in r[3]]


@pytest.mark.parametrize(
    "text",
    [
        # the refused name set only when the other is on: the branch never runs with requests off
        "def a(parser):\n    args = parser.parse_args(['--port', '1'])\n    if args.enable_log_requests:\n        args.enable_log_outputs = True\n    validate(args)\n",
        # a nested helper's own namespace of the same name
        "def a(parser):\n    args = parser.parse_args(['--port', '1'])\n\n    def b(args):\n        args.enable_log_outputs = True\n        return args\n\n    validate(args)\n    return b\n",
        # the guard reads the second parameter: the namespace handed first is a label's place
        "def a(parser, ns):\n    args = parser.parse_args(['--enable-log-outputs'])\n    ns.enable_log_requests = True\n    validate_pair(args, ns)\n",
    ],
    ids=["store-under-the-other-name", "nested-scope", "second-parameter"],
)
def test_review127_twins_draw_no_error(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert [r for r in run_two(git_repo, no_rules, text) if r[2] == "error"] == []


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # round 3: a store in a branch holding the call too is known
        (
            "def a(parser, eval_run):\n    args = parser.parse_args(['--port', '1'])\n    if eval_run:\n        args.enable_log_outputs = True\n        validate(args)\n",
            8,
        ),
        # round 3: the second parameter handed the refused namespace
        (
            "def a(parser):\n    args = parser.parse_args(['--enable-log-outputs'])\n    validate_pair('serve', args)\n",
            6,
        ),
        # round 3: a store inside a with block runs
        (
            "import contextlib\n\n\ndef a(parser):\n    args = parser.parse_args(['--port', '1'])\n    with contextlib.nullcontext():\n        args.enable_log_outputs = True\n    validate(args)\n",
            11,
        ),
    ],
    ids=["branch-holding-the-call", "second-parameter-refused", "store-in-a-with"],
)
def test_review127_round3_stays_an_error(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    assert [(r[1], r[2]) for r in run_two(git_repo, no_rules, text)] == [(line, "error")]
