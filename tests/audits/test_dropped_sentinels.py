"""Dropped sentinels: a string upstream's function no longer tells apart, handed to it by the fork.

#31260 (7adeb4bfa8) took ``if value == "-1" or value.lower() == "auto": return -1`` out of
``human_readable_int`` (into ``human_readable_int_or_auto``): a fork's ``human_readable_int("auto")``, or
``add_argument(..., type=human_readable_int, default="auto")``, now raises ValueError.  Twins: a string a
conversion still takes (``"-1"``), another value, the fork's own function of that name, a helper the sentinel
moved into (a warning), a string upstream's function still quotes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/engine/arg_utils.py"
BASE = """import re


def human_readable_int(value):
    value = value.strip()
    if value == "-1" or value.lower() == "auto":
        return -1
    match = re.fullmatch(r"(\\d+)([kK])", value)
    if match:
        return int(match.group(1)) * 1000
    return int(value)


def pick_mode(mode: str, strict: bool = False) -> str:
    if mode in ("legacy", "v0"):
        return "old"
    return mode
"""
AFTER = BASE.replace('    if value == "-1" or value.lower() == "auto":\n        return -1\n', "").replace(
    '    if mode in ("legacy", "v0"):\n        return "old"\n', '    if mode == "v0":\n        return "old"\n'
)
HELPED = AFTER.replace("    return int(value)\n", "    return _parse(value)\n")
FORK = "vllm/aeon/lens.py"
SUBJECT = '[Bugfix] Fix `max_model_len="auto"` handling (#31260)'


def rows(repo: GitRepo, config: Path, body: str, after: str = AFTER) -> list[tuple[int, str]]:
    sides = s.merge_case(repo, {UTILS: BASE}, {FORK: body}, [(SUBJECT, {UTILS: after})])
    return [(line, severity) for path, line, severity, _ in s.rule_rows(repo, config, sides, SYMBOL_DRIFT)]


IMPORT = "from vllm.engine.arg_utils import human_readable_int, pick_mode\n\n\n"


SENTINELS_HANDED = [
    (IMPORT + 'def aeon_len() -> int:\n    return human_readable_int(value="auto")\n', 5),
    (
        "import vllm.engine.arg_utils as au\n\n\ndef aeon_len() -> int:\n    return au.human_readable_int(' AUTO')\n",
        5,
    ),
    (IMPORT + 'def aeon_mode() -> str:\n    return pick_mode("legacy", strict=True)\n', 5),
    (
        "import argparse\n\n" + IMPORT + "def aeon_flags(p: argparse.ArgumentParser) -> None:\n"
        '    p.add_argument(\n        "--aeon-len",\n        type=human_readable_int,\n        default="auto",\n    )\n',
        10,
    ),
]


@pytest.mark.parametrize(
    ("body", "line"),
    SENTINELS_HANDED,
    ids=["keyword", "module alias, case folded", "in a display", "multi-line add_argument"],
)
def test_a_dropped_sentinel_handed_to_the_function_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    bodies = [text for text, _ in SENTINELS_HANDED]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {UTILS: AFTER})]
    _, found = s.audited_row(git_repo, no_rules, {UTILS: BASE}, bodies, body, upstream, SYMBOL_DRIFT, "vllm/aeon")
    assert [(f.line, f.severity.value) for f in found] == [(line, "error")]


@pytest.mark.parametrize(
    "body",
    [
        IMPORT + 'def aeon_len() -> int:\n    return human_readable_int("-1")\n',  # int() still takes it
        IMPORT + 'def aeon_len() -> int:\n    return human_readable_int("32k")\n',
        IMPORT + 'def aeon_mode() -> str:\n    return pick_mode("v0")\n',  # still quoted upstream
        # the fork's own function of that name
        'def human_readable_int(value: str) -> int:\n    return -1 if value == "auto" else int(value)\n\n\n'
        'def aeon_len() -> int:\n    return human_readable_int("auto")\n',
        # a string handed to another parameter, and a type= with another default
        IMPORT + 'def aeon_mode() -> str:\n    return pick_mode("x", "legacy")\n',
        "import argparse\n\n" + IMPORT + "def aeon_flags(p: argparse.ArgumentParser) -> None:\n"
        '    p.add_argument("--aeon-len", type=human_readable_int, default="4k")\n',
    ],
    ids=["converted", "another value", "still quoted", "own namesake", "another parameter", "another default"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_helper_handed_the_parameter_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream's function hands the value to ``_parse``, which may tell the sentinel apart itself."""
    body = IMPORT + 'def aeon_len() -> int:\n    return human_readable_int("auto")\n'
    assert rows(git_repo, no_rules, body, HELPED) == [(5, "warning")]


# review89: a fork that expects the refusal, or binds the name to whichever function its upstream has
TRIED = 'def aeon_len() -> int:\n    try:\n        return human_readable_int("auto")\n    except {kind}:\n        return -1\n'
FALLBACK = (
    "import argparse\n\ntry:\n    from vllm.engine.arg_utils import human_readable_int_or_auto as aeon_int\n"
    "except ImportError:\n    from vllm.engine.arg_utils import human_readable_int as aeon_int\n\n\n"
    "def aeon_flags(p: argparse.ArgumentParser) -> None:\n"
    '    p.add_argument("--aeon-len", type=aeon_int, default="auto")\n'
)


@pytest.mark.parametrize(
    "body",
    [
        IMPORT + TRIED.format(kind="ValueError"),
        IMPORT + TRIED.format(kind="Exception"),
        FALLBACK,
        "import contextlib\n\n" + IMPORT + "def aeon_len() -> int:\n    n = -1\n"
        '    with contextlib.suppress(ValueError):\n        n = human_readable_int("auto")\n    return n\n',
        IMPORT + "def _aeon_int(value: str) -> int:\n    return -1 if value == 'auto' else int(value)\n\n\n"
        "human_readable_int = _aeon_int  # the fork's own stand-in\n\n\n"
        'def aeon_len() -> int:\n    return human_readable_int("auto")\n',
    ],
    ids=["except ValueError", "except Exception", "import fallback", "suppress", "rebound"],
)
def test_a_fork_written_for_both_stays_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (IMPORT + TRIED.format(kind="KeyError"), 6),
        (
            "import argparse\n\n" + IMPORT + "def aeon_flags(p: argparse.ArgumentParser) -> None:\n    try:\n"
            '        p.add_argument("--aeon-len", type=human_readable_int, default="auto")\n'
            "    except ValueError:\n        pass\n",
            8,
        ),
        (
            IMPORT + 'def aeon_len() -> int:\n    try:\n        return human_readable_int("auto")\n'
            "    except ValueError:\n        print('bad size')\n        raise\n",
            6,
        ),
    ],
    ids=["except KeyError", "try round add_argument", "raised on"],
)
def test_a_handler_that_misses_the_refusal_is_still_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    """A ``KeyError`` handler does not catch the refusal; a ``try`` round ``add_argument`` does not either (the
    default is converted at ``parse_args``); a handler raising on hands it to the caller."""
    assert rows(git_repo, no_rules, body) == [(line, "error")]


@pytest.mark.parametrize(
    "after",
    [
        # readD #12: the value handed on by keyword (``_parse(value=value)``) may be told apart there too
        AFTER.replace("    return int(value)\n", "    return _parse(value=value)\n"),
        # readD #11: the sentinel moved into a module constant (``_AUTO = "auto"``) the function reads by name
        AFTER.replace("import re\n", 'import re\n\n_AUTO = "auto"\n').replace(
            "    return int(value)\n", "    if value.lower() == _AUTO:\n        return -1\n    return int(value)\n"
        ),
    ],
    ids=["keyword", "module-constant"],
)
def test_a_sentinel_handed_on_by_keyword_or_moved_to_a_constant_is_a_warning(
    git_repo: GitRepo, no_rules: Path, after: str
) -> None:
    body = IMPORT + 'def aeon_len() -> int:\n    return human_readable_int("auto")\n'
    assert rows(git_repo, no_rules, body, after) == [(5, "warning")]


UNIT_BASE = BASE + '\n\ndef pick_unit(n, unit):\n    if unit == "auto":\n        return n\n    return n * 2\n'
UNIT_CALL = "from vllm.engine.arg_utils import pick_unit\n\n\ndef aeon_unit() -> int:\n    return pick_unit({args})\n"


@pytest.mark.parametrize(
    ("args", "want"),
    [
        ('4, "auto"', [(5, "error")]),
        # readD #9: ``pick_unit(*prefix, "auto")``: the string's slot depends on the prefix's length
        ('*[4], "auto"', []),
    ],
    ids=["placed", "after-starred"],
)
def test_a_string_after_a_starred_argument_is_not_placed(
    git_repo: GitRepo, no_rules: Path, args: str, want: list[tuple[int, str]]
) -> None:
    after = UNIT_BASE.replace('    if unit == "auto":\n        return n\n', "")
    body = UNIT_CALL.format(args=args)
    sides = s.merge_case(git_repo, {UTILS: UNIT_BASE}, {FORK: body}, [(SUBJECT, {UTILS: after})])
    assert [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)] == want


def test_a_case_folded_local_takes_the_forks_other_case(git_repo: GitRepo, no_rules: Path) -> None:
    # readD #7: ``u = unit.lower()`` then ``u == "auto"``: the base took "AUTO" too, which now fails
    base = UNIT_BASE.replace('    if unit == "auto":\n', '    u = unit.lower()\n    if u == "auto":\n')
    after = base.replace('    if u == "auto":\n        return n\n', "")
    body = UNIT_CALL.format(args='4, "AUTO"')
    sides = s.merge_case(git_repo, {UTILS: base}, {FORK: body}, [(SUBJECT, {UTILS: after})])
    assert [(r[1], r[2]) for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)] == [(5, "error")]
