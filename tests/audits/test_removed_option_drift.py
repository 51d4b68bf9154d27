"""Removed options: a fork's command line in Python names an option upstream's parsers stopped declaring.

Shaped like #36159 (7279374f91), which took ``use_gpu_for_pooling_score`` out of the server's
``FrontendArgs`` (whose fields the parser turns into options): a fork launcher's
``parser.parse_args([..., "--use-gpu-for-pooling-score"])`` merges cleanly and exits with ``unrecognized
arguments``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ARGS = "pkg/cli_args.py"
ARGS_BASE = """from dataclasses import dataclass


@dataclass
class FrontendArgs:
    port: int = 8000
    use_gpu_for_pooling_score: bool = False
    enable_auto_tool_choice: bool = False


def make_arg_parser(parser, dump_dir: str = ""):
    parser.add_argument("--disable-log-stats", action="store_true")
    parser.add_argument("--grpc", action="store_true")
    return parser
"""
ARGS_NEW = (
    ARGS_BASE.replace("    use_gpu_for_pooling_score: bool = False\n", "")
    .replace('    parser.add_argument("--disable-log-stats", action="store_true")\n', "")
    .replace(', dump_dir: str = ""', "")
)
SCORE = "pkg/score.py"
SCORE_TEXT = "def maxsim(use_gpu_for_pooling_score: bool = False) -> bool:\n    return use_gpu_for_pooling_score\n"
SUBJECT = "[Perf] Compute maxsim in worker side (#36159)"
FORK = "pkg/aeon_launch.py"
HEAD = "# AEON: the Spark's launcher\nimport subprocess\n\n\n"


def found(report: AuditReport) -> list[tuple[str, int, str, str]]:
    return [(f.path, f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE]


def run(
    git_repo: GitRepo, no_rules: Path, text: str, new: dict[str, str | None] | None = None, more: dict | None = None
) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {ARGS: ARGS_BASE, SCORE: SCORE_TEXT, "pkg/__init__.py": ""},
        {FORK: HEAD + text, **(more or {})},
        [(SUBJECT, new or {ARGS: ARGS_NEW})],
    )
    return [row for row in found(git_repo.audit(no_rules, merge=sides)) if "command line" in row[3]]


@pytest.mark.parametrize(
    ("text", "flag"),
    [
        # a field of the dataclass the parser builds its options from
        (
            "def a(parser, m: str):\n    return parser.parse_args(['--model', m, '--use-gpu-for-pooling-score'])\n",
            "--use-gpu-for-pooling-score",
        ),
        # an option's add_argument removed; a subprocess command line
        (
            "def a(m: str):\n    subprocess.run(['vllm', 'serve', m, \"--disable-log-stats\"], check=True)\n",
            "--disable-log-stats",
        ),
        # underscores, with a value
        ("ARGV = ['--use_gpu_for_pooling_score=true']\n", "--use-gpu-for-pooling-score"),
    ],
)
def test_a_removed_option_on_a_fork_command_line_is_an_error(
    git_repo: GitRepo, no_rules: Path, text: str, flag: str
) -> None:
    [(path, line, severity, message)] = run(git_repo, no_rules, text)
    assert (path, line, severity) == (FORK, 6 if text.startswith("def") else 5, "error")
    assert f"passes {flag}, an option upstream's parsers no longer declare" in message and "#36159" in message


@pytest.mark.parametrize(
    "text",
    [
        # kept options
        "ARGV = ['--enable-auto-tool-choice', '--port=8001', '--grpc']\n",
        # a removed parameter is no option: --dump-dir was never declared
        "ARGV = ['--dump-dir', '/tmp']\n",
        # only a comment names it
        "ARGV = ['--grpc']  # was '--use-gpu-for-pooling-score'\n",
    ],
)
def test_kept_options_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


def test_an_option_the_fork_declares_again_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    own = {
        "pkg/aeon_args.py": "def aeon_args(parser):\n    parser.add_argument('--use-gpu-for-pooling-score', action='store_true')\n"
    }
    text = "ARGV = ['--use-gpu-for-pooling-score']\n"
    assert run(git_repo, no_rules, text, more=own) == []


@pytest.mark.parametrize(
    "elsewhere",
    [
        # another class of upstream's declares the field: an option still
        "class PoolerArgs:\n    use_gpu_for_pooling_score: bool = False\n",
        # upstream still quotes the flag (a deprecation table): it may still be accepted
        "DEPRECATED = {'--use-gpu-for-pooling-score': 'computed in the worker now'}\n",
    ],
)
def test_an_option_upstream_still_declares_or_quotes_stays_quiet(
    git_repo: GitRepo, no_rules: Path, elsewhere: str
) -> None:
    text = "ARGV = ['--use-gpu-for-pooling-score']\n"
    assert run(git_repo, no_rules, text, new={ARGS: ARGS_NEW, "pkg/pooler.py": elsewhere}) == []


# twins of a reviewer's false errors (killers91's merge): declarations in any layout, argv the check cannot tie
FLAG = "ARGV = ['--model', 'm', '--use-gpu-for-pooling-score']\n"


def test_a_multiline_add_argument_of_the_fork_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # black's layout of the fork's own re-declaration
    own = {
        "pkg/aeon_args.py": "def aeon_args(parser):\n    parser.add_argument(\n        '--use-gpu-for-pooling-score',\n        action='store_true',\n    )\n    return parser\n"
    }
    assert (run(git_repo, no_rules, FLAG, more=own)) == []


def test_a_fork_subclass_re_adding_the_field_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    own = {
        "pkg/aeon_args.py": "from dataclasses import dataclass\n\nfrom pkg.cli_args import FrontendArgs\n\n\n@dataclass\nclass AeonFrontendArgs(FrontendArgs):\n    use_gpu_for_pooling_score: bool = False\n"
    }
    assert (run(git_repo, no_rules, FLAG, more=own)) == []


def test_a_fork_shim_dropping_the_flag_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # no parser nor subprocess takes the tuple, and no other option sits beside it: it may never reach one
    text = "_GONE = ('--use-gpu-for-pooling-score',)  # upstream #36159 dropped it\n\n\ndef clean(argv: list) -> list:\n    return [a for a in argv if a not in _GONE]\n"
    [(_, _, severity, _)] = run(git_repo, no_rules, text)
    assert severity == "warning"


def test_a_click_option_of_the_forks_own_tool_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = "import click\n\n\n@click.command()\n@click.option('--disable-log-stats', is_flag=True)\ndef bench(disable_log_stats: bool) -> None:\n    pass\n"
    assert (run(git_repo, no_rules, text)) == []


def test_a_boolean_optional_negation_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # upstream replaced an explicit --no-enable-x with a bool field parsed by BooleanOptionalAction,
    # which still accepts --no-enable-x
    base = ARGS_BASE.replace(
        "    return parser\n",
        '    parser.add_argument("--no-enable-x", dest="enable_x", action="store_false")\n    return parser\n',
    )
    new = ARGS_BASE.replace("    port: int = 8000\n", "    port: int = 8000\n    enable_x: bool = True\n").replace(
        "    return parser\n",
        "    parser.add_argument('--enable-x', action=argparse.BooleanOptionalAction)\n    return parser\n",
    )
    text = "ARGV = ['--no-enable-x']\n"
    sides = s.merge_case(
        git_repo, {ARGS: base, SCORE: SCORE_TEXT, "pkg/__init__.py": ""}, {FORK: HEAD + text}, [(SUBJECT, {ARGS: new})]
    )
    rows = [r for r in found(git_repo.audit(no_rules, merge=sides)) if "command line" in r[3]]
    assert rows == []


def test_a_tool_other_than_the_server_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork's profiler call: another program's option that shares the name
    text = "def prof(cmd: list) -> None:\n    subprocess.run(['nsys', 'profile', '--disable-log-stats', *cmd], check=True)\n"
    [(_, _, severity, _)] = run(git_repo, no_rules, text)
    assert severity == "warning"


# revG (second pass): false errors mended by fixAG
def test_revg_shim_table_of_two_dropped_flags(git_repo: GitRepo, no_rules: Path) -> None:
    # a shim stripping flags upstream dropped: never reaches a parser
    text = (
        "_GONE = ('--use-gpu-for-pooling-score', '--disable-log-stats')\n\n\n"
        "def clean(argv: list) -> list:\n    return [a for a in argv if a.split('=')[0] not in _GONE]\n"
    )
    rows = run(git_repo, no_rules, text)
    assert all(r[2] == "warning" for r in rows), [(*r[:3], r[3][:60]) for r in rows]


def test_revg_other_engine_subprocess(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork's comparison benchmark starts another engine whose option shares the name
    text = (
        "def other(m: str) -> None:\n"
        "    subprocess.run(['python3', '-m', 'sglang.launch_server', '--model-path', m, '--disable-log-stats'], check=True)\n"
    )
    rows = run(git_repo, no_rules, text)
    assert all(r[2] == "warning" for r in rows), [(*r[:3], r[3][:60]) for r in rows]


def test_revg_fork_redeclares_in_a_loop(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork declares both dropped flags again (hidden, accepted and ignored) in a loop
    own = {
        "pkg/aeon_args.py": "import argparse\n\n_KEEP = ('--use-gpu-for-pooling-score', '--disable-log-stats')\n\n\n"
        "def aeon_args(parser):\n    for flag in _KEEP:\n"
        "        parser.add_argument(flag, action='store_true', help=argparse.SUPPRESS)\n    return parser\n"
    }
    text = "ARGV = ['--model', 'm', '--use-gpu-for-pooling-score']\n"
    rows = run(git_repo, no_rules, text, more=own)
    assert [r for r in rows if r[2] == "error"] == [], [(*r[:3], r[3][:60]) for r in rows]
