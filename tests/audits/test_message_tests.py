"""A fork handler tests a caught exception's text for words upstream reworded away (drift/message_tests.py).

#22144 (bd3db7f469) reworded ``ensure_model_parallel_initialized``'s assertion ("... but of unexpected size: "
became "... but of unexpected size. got: "): a fork's ``"already initialized, but of unexpected size:" in str(e)``
is never true again (blind_replay_pstate2).  Errors: an ``in str(e)``, an ``in e.args[0]``, a ``startswith``, a
call off an imported module.  Quiet: kept words, words the base's def never said, words another message of the
file still holds, a function of the fork's own; review125: words upstream's message still holds after it moved
into a local (``msg = f"..."; raise ValueError(msg)``), while words reworded away in that move are found;
review137: an ``or`` of two spellings upstream says one of is quiet (an ``or`` with never-said words, an ``and``
found), and a moved helper's message split over implicitly joined lines is read.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

LIB = "pkg/groups.py"
LIB_BASE = """def ensure(tp: int) -> None:
    assert tp == 1, ("group already initialized, but of unexpected size: " f"{tp=}")


def build(tp: int) -> None:
    if tp < 0:
        raise ValueError(f"bad size {tp}: must be positive")


def other(tp: int) -> None:
    raise RuntimeError("kept words")


def check(tp: int) -> None:
    if tp != 1:
        raise ValueError(f"tp mismatch: expected one group, got {tp}")


def legacy(tp: int) -> None:
    if tp != 1:
        raise ValueError("legacy layout refused")


def shape(k: int, group_size: int) -> None:
    if k % group_size:
        raise ValueError(f"Weight k = {k} is not divisible by group_size = {group_size}. Reduce tp")


def split(k: int, group_size: int) -> None:
    if k % group_size:
        raise ValueError(f"split k = {k} leaves a partial group of {group_size}")


def halve(k: int) -> None:
    if k % 2:
        raise ValueError(f"odd k = {k} cannot be halved evenly")


def third(k: int, g: int) -> None:
    if k % g:
        raise ValueError(f"third k = {k} cannot split into group_size = {g}")
"""
LIB_AFTER = (
    LIB_BASE.replace("but of unexpected size: ", "but of unexpected size. got: ")
    .replace('f"bad size {tp}: must be positive"', 'f"size {tp} must be non-negative"')
    .replace('"kept words"', '"kept words; unexpected size: none"')
    .replace(
        'raise ValueError(f"tp mismatch: expected one group, got {tp}")',
        'msg = f"tp mismatch: expected one group, got {tp}"\n        raise ValueError(msg)',
    )
    .replace('raise ValueError("legacy layout refused")', 'msg = "layout not supported"\n        raise ValueError(msg)')
    .replace(
        'f"Weight k = {k} is not divisible by group_size = {group_size}. Reduce tp"',
        'f"Weight {k=} is not divisible by {group_size=}. Reduce tp"',
    )
    .replace(
        '    if k % group_size:\n        raise ValueError(f"split k = {k} leaves a partial group of {group_size}")',
        "    verify_split(k, group_size)",
    )
    .replace('    if k % 2:\n        raise ValueError(f"odd k = {k} cannot be halved evenly")', "    verify_half(k)")
    .replace(
        '    if k % g:\n        raise ValueError(f"third k = {k} cannot split into group_size = {g}")',
        "    verify_third(k, g)",
    )
    .replace("def ensure(", "from pkg.checks import verify_half, verify_split, verify_third\n\n\ndef ensure(", 1)
)
# killers230: the raise moved into a helper of another module (#46236's verify_group_size_divides_partition)
CHECKS = """def verify_split(k: int, group_size: int) -> None:
    if k % group_size:
        raise ValueError(f"split k = {k} leaves a partial group of {group_size}")


def verify_half(k: int) -> None:
    if k % 2:
        raise ValueError(f"{k=} is odd")


def verify_third(k: int, g: int) -> None:
    if k % g:
        raise ValueError(
            f"third {k=} cannot split "
            f"into {g=}, reduce tp"
        )
"""
SUBJECT = "[Misc] log more detailed message for ensure_model_parallel_initialized (#22144)"
HEAD = "import pkg.groups as groups\nfrom pkg.groups import build, check, ensure, legacy\n\n\n"


def _try(call: str, test: str) -> str:
    return (
        HEAD
        + f"def aeon_check(tp: int) -> bool:\n    try:\n        {call}\n    except (AssertionError, ValueError) as e:\n"
        f"        if {test}:\n            return False\n        raise\n    return True\n"
    )


FOUND = {
    "in-str": _try("ensure(tp)", '"but of unexpected size:" in str(e)'),
    "in-args": _try("ensure(tp)", '"but of unexpected size:" in e.args[0]'),
    "startswith": _try("build(tp)", 'str(e).startswith("bad size")'),
    "module-attribute": _try("groups.ensure(tp)", '"but of unexpected size:" in str(e)'),
    "reworded-into-a-local": _try("legacy(tp)", '"legacy layout refused" in str(e)'),
    # review137: an ``or`` whose other words upstream never said, an ``and`` needing both
    "either-never-said": _try("ensure(tp)", '"but of unexpected size:" in str(e) or "no such group" in str(e)'),
    "both-required": _try("ensure(tp)", '"but of unexpected size:" in str(e) and "group already" in str(e)'),
}
QUIET = {
    "kept-words": _try("ensure(tp)", '"unexpected size" in str(e)'),
    "never-said": _try("ensure(tp)", '"no such group" in str(e)'),
    "another-message-holds-them": _try("ensure(tp)", '"unexpected size:" in str(e)'),
    "kept-in-a-local-message": _try("check(tp)", '"tp mismatch: expected one group" in str(e)'),
    # review137: a test that either spelling passes
    "either-spelling": _try("ensure(tp)", '"but of unexpected size:" in str(e) or "but of unexpected size." in str(e)'),
    "neither-spelling-absent": _try(
        "ensure(tp)", '"but of unexpected size:" not in str(e) and "but of unexpected size." not in str(e)'
    ),
    "own-function": "def ensure(tp: int) -> None:\n    assert tp == 1, 'but of unexpected size: 0'\n\n\n"
    "def aeon_check(tp: int) -> bool:\n    try:\n        ensure(tp)\n    except AssertionError as e:\n"
    "        if 'but of unexpected size:' in str(e):\n            return False\n        raise\n    return True\n",
}
EXPECTING = "import unittest\n\nimport pytest\n\nfrom pkg.groups import build, check, halve, shape, split, third\n\n\n"


def _expects(expecter: str, call: str) -> str:
    return EXPECTING + f"def test_aeon_refused():\n    with {expecter}:\n        {call}\n"


# killers230 (blind_replay_marlinfp4, #46236): a test expecting the raise with a pattern of its text, and words
# that span a formatted value of the message
EXPECT_FOUND = {
    "raises-match-spanning-values": _expects(
        'pytest.raises(ValueError, match="k = 384 is not divisible by group_size = 256")', "shape(384, 256)"
    ),
    "raises-match-escaped": _expects(
        r'pytest.raises(ValueError, match=r"group_size = 256\. Reduce")', "shape(384, 256)"
    ),
    "assert-raises-regex": EXPECTING + "class AeonTest(unittest.TestCase):\n    def test_size(self):\n"
    '        with self.assertRaisesRegex(ValueError, r"bad size \\d+: must be positive"):\n            build(-1)\n',
    "raises-match-on-its-own-line": EXPECTING
    + "def test_aeon_refused():\n    with pytest.raises(\n        ValueError,\n"
    + '        match="k = 384 is not divisible by group_size = 256",\n    ):\n        shape(384, 256)\n',
    "moved-into-another-module-reworded": _expects(
        'pytest.raises(ValueError, match="cannot be halved evenly")', "halve(3)"
    ),
    # review137: a ``?`` read as an optional character inside the run, not the run's end
    "optional-character-inside-the-run": _expects(
        'pytest.raises(ValueError, match=r"is not divisible by group_size ?= 256")', "shape(384, 256)"
    ),
    # review137: a moved raise split over implicitly joined lines, reworded
    "moved-split-over-lines-reworded": _expects(
        'pytest.raises(ValueError, match="cannot split into group_size =")', "third(384, 256)"
    ),
    "in-str-spanning-values": _try("shape(tp, 256)", '"k = 384 is not divisible by group_size" in str(e)').replace(
        "from pkg.groups import", "from pkg.groups import shape,"
    ),
}
EXPECT_QUIET = {
    "match-kept-words": _expects('pytest.raises(ValueError, match="is not divisible by")', "shape(384, 256)"),
    "match-spanning-kept-words": _expects('pytest.raises(ValueError, match="expected one group, got 2")', "check(2)"),
    "match-alternation": _expects('pytest.raises(ValueError, match="bad size|must be positive")', "build(-1)"),
    "match-too-short": _expects(r'pytest.raises(ValueError, match=r"bad\s+size")', "build(-1)"),
    "no-match": _expects("pytest.raises(ValueError)", "shape(384, 256)"),
    "moved-into-another-module-kept": _expects(
        'pytest.raises(ValueError, match="split k = 384 leaves a partial group")', "split(384, 256)"
    ),
    # review137: optional spaces either text matches
    "optional-spaces-both-texts": _expects(
        'pytest.raises(ValueError, match=r"k ?= ?384 is not divisible by group_size ?= ?256")', "shape(384, 256)"
    ),
    # review137: a moved raise split over implicitly joined lines still says the words
    "moved-split-over-lines-kept": _expects(
        'pytest.raises(ValueError, match=r"k ?= ?384 cannot split into")', "third(384, 256)"
    ),
    "values-alone": _try("shape(tp, 256)", '"384" in str(e)').replace(
        "from pkg.groups import", "from pkg.groups import shape,"
    ),
}
FORKS = (
    {f"pkg/aeon_found_{k}.py": v for k, v in FOUND.items()}
    | {f"pkg/aeon_quiet_{k}.py": v for k, v in QUIET.items()}
    | {f"pkg/aeon_expect_found_{k}.py": v for k, v in EXPECT_FOUND.items()}
    | {f"pkg/aeon_expect_quiet_{k}.py": v for k, v in EXPECT_QUIET.items()}
)


def _rows(git_repo: GitRepo) -> dict[str, list[tuple[int, str]]]:
    upstream = [(SUBJECT, {LIB: LIB_AFTER, "pkg/checks.py": CHECKS})]
    found = s.side_by_side(git_repo, {LIB: LIB_BASE, "pkg/__init__.py": ""}, FORKS, upstream, RULE)
    return {p: [(f.line, f.severity.value) for f in rows if "reworded" in f.message] for p, rows in found.items()}


@pytest.mark.parametrize("case", list(FOUND))
def test_a_test_for_words_upstream_reworded_away(git_repo: GitRepo, case: str) -> None:
    text = FOUND[case]
    assert _rows(git_repo)[f"pkg/aeon_found_{case}.py"] == [(line_of(text, "        if "), "error")]


@pytest.mark.parametrize("case", list(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, case: str) -> None:
    assert _rows(git_repo)[f"pkg/aeon_quiet_{case}.py"] == []


@pytest.mark.parametrize("case", list(EXPECT_FOUND))
def test_a_pattern_or_words_across_a_value_upstream_reworded_away(git_repo: GitRepo, case: str) -> None:
    text = EXPECT_FOUND[case]
    marker = "        if " if "in str(e)" in text else "with "
    assert _rows(git_repo)[f"pkg/aeon_expect_found_{case}.py"] == [(line_of(text, marker), "error")]


@pytest.mark.parametrize("case", list(EXPECT_QUIET))
def test_patterns_still_said_or_not_read_stay_quiet(git_repo: GitRepo, case: str) -> None:
    assert _rows(git_repo)[f"pkg/aeon_expect_quiet_{case}.py"] == []
