"""Colliding options: a fork declares an option that upstream's parser now declares itself.

Shaped like #36169 / #38570 (the serve subparser, then ``make_arg_parser``, declaring ``--grpc``) and #20544 (a
``FrontendArgs`` field, which ``add_cli_args`` turns into an option): the fork's own ``add_argument`` of the same
option string merges cleanly and raises ``ArgumentError: conflicting option string`` when the parser is built.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ARGS = "pkg/cli_args.py"
ARGS_BASE = """from dataclasses import dataclass


class BaseFrontendArgs:
    @classmethod
    def add_cli_args(cls, parser):
        group = parser.add_argument_group("Frontend")
        for key in cls.__annotations__:
            group.add_argument(f"--{key.replace('_', '-')}")
        return parser


@dataclass
class FrontendArgs(BaseFrontendArgs):
    port: int = 8000


def make_arg_parser(parser):
    parser.add_argument("--headless", action="store_true")
    parser = FrontendArgs.add_cli_args(parser)
    return parser
"""
FIELD = ARGS_BASE.replace("    port: int = 8000\n", "    port: int = 8000\n    exclude_log_deltas: bool = False\n")
FLAG = ARGS_BASE.replace(
    '    parser.add_argument("--headless", action="store_true")\n',
    '    parser.add_argument("--headless", action="store_true")\n    parser.add_argument("--grpc", action="store_true")\n',
)
SERVE = "pkg/serve.py"
SERVE_TEXT = """from pkg.cli_args import make_arg_parser


class ServeSubcommand:
    def subparser_init(self, subparsers):
        serve_parser = subparsers.add_parser("serve")
        return make_arg_parser(serve_parser)
"""
FORK = "pkg/aeon_cli.py"


def run(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> list[tuple[str, int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {ARGS: ARGS_BASE, SERVE: SERVE_TEXT, "pkg/__init__.py": ""},
        {FORK: text},
        [("[Frontend] a new serve option (#30322)", {ARGS: new})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, RULE)
    return [r for r in rows if "conflicting option string" in r[3]]


SUBCLASS = (
    "from pkg.serve import ServeSubcommand\n\n\n"
    "class AeonServe(ServeSubcommand):\n"
    "    def subparser_init(self, subparsers):\n"
    "        parser = super().subparser_init(subparsers)\n"
    '        parser.add_argument("{flag}", action="store_true")\n'
    "        return parser\n"
)
BEFORE = (
    "import argparse\n\nfrom pkg.cli_args import make_arg_parser\n\n\n"
    "def aeon_parser():\n"
    "    parser = argparse.ArgumentParser()\n"
    "    parser.add_argument(\n"
    '        "{flag}",\n'
    '        action="store_true",\n'
    "    )\n"
    "    return make_arg_parser(parser)\n"
)
LOOP = (
    "from pkg import cli_args\n\n\n"
    "def aeon_parser(parser):\n"
    "    parser = cli_args.make_arg_parser(parser)\n"
    '    for flag in ("{flag}", "--aeon-trace"):\n'
    '        parser.add_argument(flag, action="store_true")\n'
    "    return parser\n"
)
HANDED = (
    "from pkg.serve import ServeSubcommand\n\n\n"
    "def aeon_flags(parser):\n"
    '    parser.add_argument("{flag}", action="store_true")\n'
    "    return parser\n\n\n"
    "class AeonServe(ServeSubcommand):\n"
    "    def subparser_init(self, subparsers):\n"
    "        return aeon_flags(super().subparser_init(subparsers))\n"
)


@pytest.mark.parametrize(("text", "line"), [(SUBCLASS, 7), (BEFORE, 9), (LOOP, 6), (HANDED, 5)])
@pytest.mark.parametrize(("new", "flag"), [(FIELD, "--exclude-log-deltas"), (FLAG, "--grpc")])
def test_a_fork_option_upstreams_parser_now_declares_is_an_error(
    git_repo: GitRepo, no_rules: Path, text: str, line: int, new: str, flag: str
) -> None:
    [(path, at, severity, message)] = run(git_repo, no_rules, text.replace("{flag}", flag), new)
    assert (path, at, severity) == (FORK, line, "error")
    assert f"declaration of {flag} on upstream's parser" in message and "#30322" in message


def test_a_parser_that_may_be_the_forks_own_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    # a helper handed a parser from nowhere the check can see: the fork's own tool may share the name
    text = 'def aeon_flags(parser):\n    parser.add_argument("--grpc", action="store_true")\n    return parser\n'
    [(_, line, severity, _)] = run(git_repo, no_rules, text, FLAG)
    assert (line, severity) == (2, "warning")


@pytest.mark.parametrize(
    "text",
    [
        # the fork's own option name
        SUBCLASS.replace("{flag}", "--aeon-grpc"),
        # a read of the option upstream now declares
        "def aeon_wants(args) -> bool:\n    return bool(getattr(args, 'grpc', False)) or args.exclude_log_deltas\n",
        # a command line passing it is no declaration
        "ARGV = ['--grpc', '--exclude-log-deltas']\n",
    ],
)
@pytest.mark.parametrize("new", [FIELD, FLAG])
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str, new: str) -> None:
    assert run(git_repo, no_rules, text, new) == []


def test_an_option_the_base_already_declared_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # upstream only reworded --headless's declaration: no option came
    new = ARGS_BASE.replace('"--headless", action="store_true"', '"--headless", action="store_true", default=False')
    assert run(git_repo, no_rules, SUBCLASS.replace("{flag}", "--headless"), new) == []


def test_a_field_of_a_class_that_makes_no_options_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # a plain dataclass of the file: its fields are no options
    base = ARGS_BASE + "\n\n@dataclass\nclass LoRAModulePath:\n    name: str = ''\n"
    new = base.replace("    name: str = ''\n", "    name: str = ''\n    grpc: bool = False\n")
    sides = s.merge_case(
        git_repo,
        {ARGS: base, SERVE: SERVE_TEXT, "pkg/__init__.py": ""},
        {FORK: SUBCLASS.replace("{flag}", "--grpc")},
        [("[Misc] a field (#1)", {ARGS: new})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "conflicting" in r[3]] == []


def test_a_backport_of_upstreams_own_declaration_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork carried upstream's change before it landed: the merge holds one declaration, upstream's
    sides = s.merge_case(
        git_repo,
        {ARGS: ARGS_BASE, SERVE: SERVE_TEXT, "pkg/__init__.py": ""},
        {ARGS: FLAG},
        [("[Misc] Move --grpc into make_arg_parser (#38570)", {ARGS: FLAG})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "conflicting" in r[3]] == []


def test_a_second_copy_beside_upstreams_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    # the fork declared it at the end of make_arg_parser; upstream now declares it at the top: two in one parser
    fork = ARGS_BASE.replace(
        "    parser = FrontendArgs.add_cli_args(parser)\n",
        "    parser = FrontendArgs.add_cli_args(parser)\n    parser.add_argument('--grpc', action='store_true')\n",
    )
    sides = s.merge_case(
        git_repo,
        {ARGS: ARGS_BASE, SERVE: SERVE_TEXT, "pkg/__init__.py": ""},
        {ARGS: fork},
        [("[Misc] Move --grpc into make_arg_parser (#38570)", {ARGS: FLAG})],
    )
    rows = [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "conflicting" in r[3]]
    assert [(r[0], r[2]) for r in rows] == [(ARGS, "error")]


# review127: the error path read "the fork's function calls a declarer" whatever parser the fork's call declares on
MAP = "import argparse\n\nfrom pkg.cli_args import make_arg_parser\n\n\n"
REVIEW127_TWINS = {
    # the fork's own parser in a function that only parses with upstream's
    "own-parser-beside": MAP
    + "def a(argv):\n    served = make_arg_parser(argparse.ArgumentParser()).parse_args([])\n"
    + '    own = argparse.ArgumentParser()\n    own.add_argument("--grpc")\n    return own, served\n',
    # a sibling subparser of the serve subparser
    "sibling-subparser": "from pkg.serve import ServeSubcommand\n\n\nclass AeonServe(ServeSubcommand):\n"
    + "    def subparser_init(self, subparsers):\n        parser = super().subparser_init(subparsers)\n"
    + '        probe = subparsers.add_parser("probe")\n        probe.add_argument("--grpc")\n        return parser\n',
    # a try catching ArgumentError
    "try-argument-error": MAP
    + "def a(parser):\n    parser = make_arg_parser(parser)\n    try:\n"
    + '        parser.add_argument("--grpc")\n    except argparse.ArgumentError:\n        pass\n    return parser\n',
    # probed by the parser's option table
    "probed": MAP
    + 'def a(parser):\n    parser = make_arg_parser(parser)\n    if "--grpc" not in parser._option_string_actions:\n'
    + '        parser.add_argument("--grpc")\n    return parser\n',
    # conflict_handler="resolve"
    "resolve": MAP
    + 'def a():\n    parser = make_arg_parser(argparse.ArgumentParser(conflict_handler="resolve"))\n'
    + '    parser.add_argument("--grpc")\n    return parser\n',
    # the fork's own make_arg_parser namesake
    "namesake": "import argparse\n\n\ndef make_arg_parser(parser):\n    return parser\n\n\n"
    + 'def a():\n    parser = make_arg_parser(argparse.ArgumentParser())\n    parser.add_argument("--grpc")\n    return parser\n',
    # a name rebound to upstream's parser after the fork's own one
    "rebound": MAP
    + 'def a(argv):\n    parser = argparse.ArgumentParser()\n    parser.add_argument("--grpc")\n'
    + "    own = parser.parse_known_args(argv)\n    parser = make_arg_parser(argparse.ArgumentParser())\n    return own, parser\n",
    # a helper handed upstream's parser first, declaring on its second parameter
    "helper-other-parameter": MAP
    + 'def b(served, own):\n    own.add_argument("--grpc")\n    return served\n\n\n'
    + "def a():\n    return b(make_arg_parser(argparse.ArgumentParser()), argparse.ArgumentParser())\n",
    # a test expecting the conflict
    "expects-the-conflict": "import argparse\n\nimport pytest\n\nfrom pkg.cli_args import make_arg_parser\n\n\n"
    + "def test_a():\n    parser = make_arg_parser(argparse.ArgumentParser())\n"
    + '    with pytest.raises(argparse.ArgumentError):\n        parser.add_argument("--grpc")\n',
}


@pytest.mark.parametrize("text", list(REVIEW127_TWINS.values()), ids=list(REVIEW127_TWINS))
def test_review127_twins_draw_no_error(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert [r for r in run(git_repo, no_rules, text, FLAG) if r[2] == "error"] == []


REVIEW127_ROUND3 = {
    # a group of the parser upstream's builder returned
    "group": (
        MAP
        + 'def a():\n    parser = make_arg_parser(argparse.ArgumentParser())\n    g = parser.add_argument_group("x")\n    g.add_argument("--grpc")\n    return parser\n',
        9,
    ),
    # handed to the builder after the fork's line, no rebinding between
    "handed-after": (
        MAP
        + 'def a():\n    parser = argparse.ArgumentParser()\n    parser.add_argument("--grpc")\n    return make_arg_parser(parser)\n',
        8,
    ),
    # a helper's parameter handed upstream's parser at its place, by keyword
    "helper-keyword": (
        MAP
        + 'def b(own, served):\n    served.add_argument("--grpc")\n    return served\n\n\ndef a():\n    return b(None, served=make_arg_parser(argparse.ArgumentParser()))\n',
        7,
    ),
    # a try catching another kind does not answer the conflict
    "try-other-kind": (
        MAP
        + 'def a(parser):\n    parser = make_arg_parser(parser)\n    try:\n        parser.add_argument("--grpc")\n    except KeyError:\n        pass\n    return parser\n',
        9,
    ),
    # an if testing another option does not probe this one
    "if-other-test": (
        MAP
        + 'def a(parser, spark):\n    parser = make_arg_parser(parser)\n    if spark:\n        parser.add_argument("--grpc")\n    return parser\n',
        9,
    ),
}


@pytest.mark.parametrize(("text", "line"), list(REVIEW127_ROUND3.values()), ids=list(REVIEW127_ROUND3))
def test_review127_round3_stays_an_error(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    assert [(r[1], r[2]) for r in run(git_repo, no_rules, text, FLAG)] == [(line, "error")]
