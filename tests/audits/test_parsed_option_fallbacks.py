"""Parsed options the fork reads where the read cannot crash it: a fallback for the option gone, a test that
it is gone, or a nested scope's own parameter of the namespace's name.

Shaped like #26007 (f9e714813a), which removed the benchmark's ``--endpoint-type`` (the replay's twins in
``benchmarks/review61_twins.py``): a fork that wraps ``args.endpoint_type`` in ``try`` / ``except
AttributeError`` or ``contextlib.suppress(AttributeError)`` wrote the fallback; a fork test asserting the
read raises expects the crash; ``lambda args: args.endpoint_type`` reads its own argument; a parse into the
fork's own namespace object holds what the fork put there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.test_parsed_option_drift import PARSED, run, run_among_errors

NS = PARSED + "    args = parser.parse_args(argv)\n"


@pytest.mark.parametrize(
    "text",
    [
        # the read's own fallback: a handler naming AttributeError (alone or in a tuple)
        NS
        + "    try:\n        kind = args.endpoint_type\n    except AttributeError:\n        kind = None\n    return kind\n",
        NS + "    try:\n        print(args.backend)\n        return args.endpoint_type\n"
        "    except (AttributeError, TypeError):\n        return None\n",
        # a broad handler around the one statement that reads it
        NS
        + "    try:\n        kind = args.endpoint_type\n    except Exception:\n        kind = None\n    return kind\n",
        # with-statements that say they expect it
        "import contextlib\n\n\n"
        + NS
        + "    with contextlib.suppress(AttributeError):\n        return args.endpoint_type\n",
        "import pytest\n\n\n" + NS + "    with pytest.raises(AttributeError):\n        print(args.endpoint_type)\n",
        # a nested function's or a lambda's own parameter of the namespace's name
        NS + "\n    def describe(args):\n        return args.endpoint_type\n\n    return describe\n",
        NS + "    return sorted([args], key=lambda args: args.endpoint_type)\n",
        # a parse into the fork's own namespace object, whose class holds a default
        "class AeonDefaults(argparse.Namespace):\n    endpoint_type = 'openai'\n\n\n"
        + PARSED
        + "    args = parser.parse_args(argv, namespace=AeonDefaults())\n    return args.endpoint_type\n",
        "class AeonDefaults(argparse.Namespace):\n    endpoint_type = 'openai'\n\n\n"
        + PARSED
        + "    args, _ = parser.parse_known_args(argv, AeonDefaults())\n    return args.endpoint_type\n",
    ],
)
def test_reads_that_cannot_crash_the_fork_stay_quiet(git_repo: GitRepo, no_rules: Path, text: str) -> None:
    assert run(git_repo, no_rules, text) == []


UNGUARDED = [
    # a broad handler around a whole command is its last resort: the read still fails the command
    (
        NS + "    try:\n        print(args.backend)\n        return args.endpoint_type\n"
        "    except Exception:\n        raise SystemExit(1)\n",
        12,
    ),
    # a handler of another kind
    (NS + "    try:\n        return args.endpoint_type\n    except KeyError:\n        return None\n", 11),
    # a with-statement expecting another kind
    (
        "import contextlib\n\n\n" + NS + "    with contextlib.suppress(KeyError):\n        return args.endpoint_type\n",
        14,
    ),
    # a nested function without a parameter of that name reads the enclosing namespace
    (NS + "\n    def describe():\n        return args.endpoint_type\n\n    return describe\n", 12),
    # a lambda whose parameter is another name
    (NS + "    return sorted([1], key=lambda run: args.endpoint_type)\n", 10),
]


@pytest.mark.parametrize(("text", "line"), UNGUARDED)
def test_unguarded_reads_stay_errors(git_repo: GitRepo, no_rules: Path, text: str, line: int) -> None:
    # the five rows' modules side by side in one merge and audit (test_parsed_option_drift.run_among_errors says why)
    [(_, number, severity, _)] = run_among_errors(git_repo, no_rules, [body for body, _ in UNGUARDED], text)
    assert (number, severity) == (line, "error")
