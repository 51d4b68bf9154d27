"""Parsed options: a fork reads an option off a parsed namespace after upstream's parsers stopped declaring it.

Shaped like #26007 (f9e714813a), which finished the deprecation of the benchmark's ``--endpoint-type``: a
fork command that fills its parser through upstream's ``add_cli_args`` and reads ``args.endpoint_type``
merges cleanly and raises AttributeError when it runs (the namespace holds only what parsers declare).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SERVE = "pkg/bench/serve.py"
SERVE_BASE = """import argparse


class DeprecatedEndpointTypeAction(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


def add_cli_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backend", type=str, default="vllm")
    parser.add_argument(
        "--endpoint-type",
        type=str,
        default=None,
        action=DeprecatedEndpointTypeAction,
    )
    parser.add_argument("--num-prompts", type=int, default=1000)


def main(args: argparse.Namespace) -> dict:
    result = {"backend": args.backend}
    result["endpoint_type"] = args.backend  # kept for backward compatibility
    return result
"""
SERVE_NEW = SERVE_BASE.replace(
    """    parser.add_argument(
        "--endpoint-type",
        type=str,
        default=None,
        action=DeprecatedEndpointTypeAction,
    )
""",
    "",
)
# another program of the repository (not the package) still sets the attribute on its own namespace
EXAMPLE = "examples/spec_decode.py"
EXAMPLE_TEXT = "def main(args):\n    args.endpoint_type = 'openai-chat'\n    return args\n"
SUBJECT = "[Benchmark] Finish documented v0.11.0 deprecation of --endpoint-type (#26007)"
FORK = "pkg/aeon_bench.py"
HEAD = "import argparse\n\nfrom pkg.bench.serve import add_cli_args\n\n\n"


def run(git_repo: GitRepo, no_rules: Path, text: str, more: dict[str, str] | None = None) -> list[tuple]:
    sides = s.merge_case(
        git_repo,
        {SERVE: SERVE_BASE, EXAMPLE: EXAMPLE_TEXT, "pkg/__init__.py": "", "pkg/bench/__init__.py": ""},
        {FORK: HEAD + text, **(more or {})},
        [(SUBJECT, {SERVE: SERVE_NEW})],
    )
    return [row for row in s.rule_rows(git_repo, no_rules, sides, RULE) if "parsed option" in row[3]]


PARSED = "def aeon(argv):\n    parser = argparse.ArgumentParser()\n    add_cli_args(parser)\n"


# The error rows of a test (here and in test_parsed_option_fallbacks.py) each put one fork module beside the same base
# and upstream and pin that module's one finding: no row's module imports another's or declares an option, so one
# merge and one audit of a test's error rows' modules side by side answers each of them (4 + 5 merges and audits
# became 2 per process; suitespeed10, as suitespeed8 and 9 did for other files).  The quiet rows keep a merge each:
# there a row's module could be quiet for something another row's module declared (an option of its own, say).
_BATCHED: dict[tuple[str, ...], dict[str, list[tuple]]] = {}


def run_among_errors(git_repo: GitRepo, no_rules: Path, texts: list[str], text: str) -> list[tuple]:
    """``run`` of one error row's ``text`` (its path named FORK), from one audit of every row's module side by side."""
    key = tuple(texts)
    if key not in _BATCHED:
        paths = {body: FORK.replace(".py", f"_{number}.py") for number, body in enumerate(texts)}
        sides = s.merge_case(
            git_repo,
            {SERVE: SERVE_BASE, EXAMPLE: EXAMPLE_TEXT, "pkg/__init__.py": "", "pkg/bench/__init__.py": ""},
            {path: HEAD + body for body, path in paths.items()},
            [(SUBJECT, {SERVE: SERVE_NEW})],
        )
        found = [row for row in s.rule_rows(git_repo, no_rules, sides, RULE) if "parsed option" in row[3]]
        assert {row[0] for row in found} <= set(paths.values()), found
        _BATCHED[key] = {body: [(FORK, *row[1:]) for row in found if row[0] == path] for body, path in paths.items()}
    return _BATCHED[key][text]


READS = [
    # the namespace parse_args returned
    (PARSED + "    args = parser.parse_args(argv)\n    return args.endpoint_type or args.backend\n", 10),
    # getattr with a literal and no default
    (PARSED + "    args = parser.parse_args(argv)\n    return getattr(args, 'endpoint_type')\n", 10),
    # the first of parse_known_args, unpacked or indexed
    (PARSED + "    args, _ = parser.parse_known_args(argv)\n    return args.endpoint_type\n", 10),
    (PARSED + "    args = parser.parse_known_args(argv)[0]\n    return args.endpoint_type\n", 10),
]


@pytest.mark.parametrize(("text", "line"), READS)
def test_a_read_of_an_option_no_parser_declares_is_an_error(
    git_repo: GitRepo, no_rules: Path, text: str, line: int
) -> None:
    [(path, at, severity, message)] = run_among_errors(git_repo, no_rules, [body for body, _ in READS], text)
    assert (path, at, severity) == (FORK, line, "error")
    assert "reads the parsed option endpoint_type (--endpoint-type)" in message and "#26007" in message


def test_a_namespace_parameter_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    text = "def aeon_main(args: argparse.Namespace) -> str:\n    return args.endpoint_type or args.backend\n"
    [(path, line, severity, _)] = run(git_repo, no_rules, text)
    assert (path, line, severity) == (FORK, 7, "warning")


@pytest.mark.parametrize(
    "text",
    [
        # the kept option
        PARSED + "    args = parser.parse_args(argv)\n    return args.backend\n",
        # a guard, a default
        PARSED + "    args = parser.parse_args(argv)\n"
        "    if hasattr(args, 'endpoint_type'):\n        return args.endpoint_type\n    return args.backend\n",
        PARSED
        + "    args = parser.parse_args(argv)\n    return getattr(args, 'endpoint_type', None) or args.backend\n",
        # the fork fills it itself
        PARSED
        + "    args = parser.parse_args(argv)\n    args.endpoint_type = args.backend\n    return args.endpoint_type\n",
        # the name bound to another value too: which one the read sees is unknown
        PARSED + "    args = parser.parse_args(argv)\n    args = load(args)\n    return args.endpoint_type\n",
        # a namespace of another kind: an object the fork built, not a parse
        "def aeon(cfg):\n    return cfg.endpoint_type\n",
    ],
)
def test_kept_guarded_or_filled_reads_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


@pytest.mark.parametrize(
    "own",
    [
        "def aeon_args(parser):\n    parser.add_argument('--endpoint-type', default='openai')\n",
        "def aeon_args(parser):\n    parser.set_defaults(endpoint_type='openai')\n",
    ],
)
def test_an_option_the_fork_declares_or_sets_stays_quiet(git_repo: GitRepo, no_rules: Path, own: str) -> None:
    text = PARSED + "    args = parser.parse_args(argv)\n    return args.endpoint_type\n"
    assert run(git_repo, no_rules, text, more={"pkg/aeon_args.py": own}) == []


def test_an_option_the_package_still_declares_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The flag moved to another parser function of the package: still declared."""
    moved = SERVE_NEW.replace(
        '    parser.add_argument("--num-prompts", type=int, default=1000)\n',
        '    parser.add_argument("--num-prompts", type=int, default=1000)\n    add_legacy_args(parser)\n',
    )
    legacy = "def add_legacy_args(parser):\n    parser.add_argument('--endpoint-type', type=str, default=None)\n"
    sides = s.merge_case(
        git_repo,
        {SERVE: SERVE_BASE, "pkg/__init__.py": "", "pkg/bench/__init__.py": ""},
        {FORK: HEAD + PARSED + "    args = parser.parse_args(argv)\n    return args.endpoint_type\n"},
        [
            (
                SUBJECT,
                {
                    SERVE: moved.replace(
                        "import argparse\n", "import argparse\n\nfrom pkg.bench.legacy import add_legacy_args\n"
                    ),
                    "pkg/bench/legacy.py": legacy,
                },
            )
        ],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "parsed option" in r[3]] == []


def test_a_flag_another_program_took_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The removed line quoted the flag in another program's argv, never a declaration of the package."""
    base = SERVE_BASE + "\n\ndef launch(run):\n    return run(['ray', 'start', '--num-gpus', '1'])\n"
    new = SERVE_BASE + "\n\ndef launch(run):\n    return run(['ray', 'start'])\n"
    text = (
        PARSED
        + "    parser.add_argument('--gpus', type=int)\n    args = parser.parse_args(argv)\n    return args.num_gpus\n"
    )
    sides = s.merge_case(
        git_repo,
        {SERVE: base, "pkg/__init__.py": "", "pkg/bench/__init__.py": ""},
        {FORK: HEAD + text},
        [(SUBJECT, {SERVE: new})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if "parsed option" in r[3]] == []
