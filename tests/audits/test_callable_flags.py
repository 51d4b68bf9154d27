"""A flag made a function (drift/callable_flags.py): #20187 (4d36693687) replaced ``fp8_utils.has_deep_gemm``, a
bool, by the function ``has_deep_gemm()`` imported from ``vllm.utils``; a fork testing the name's truth now
tests a function object, always true."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/utils.py"
KERN = "vllm/kern.py"
UTILS_TEXT = 'import importlib.util\n\n\ndef has_dg() -> bool:\n    return importlib.util.find_spec("dg") is not None\n'
BASE = 'import importlib.util\n\nhas_dg = importlib.util.find_spec("dg") is not None\nUSE_FAST = True\n\n\ndef pick() -> str:\n    return "dg" if has_dg else "x"\n'
UPSTREAM = (
    'from vllm.utils import has_dg\n\nUSE_FAST = True\n\n\ndef pick() -> str:\n    return "dg" if has_dg() else "x"\n'
)
SUBJECT = "[Refactor] Create a function util and cache the results for `has_deepgemm` (#20187)"
FORK = "vllm/aeon/kern.py"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {UTILS: UTILS_TEXT, KERN: BASE}, {FORK: body}, [(SUBJECT, {KERN: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, sev) for path, line, sev, message in found if path == FORK and "for its truth" in message]


TRUTH_ROWS = [
    (
        "from vllm.kern import has_dg\n\n\ndef f(n: int) -> bool:\n    if has_dg:\n        return n > 1\n    return False\n",
        5,
    ),
    ("from vllm import kern\n\n\ndef f(ok: bool) -> bool:\n    return ok and kern.has_dg\n", 5),
    ("from vllm import kern\n\nUSE = bool(kern.has_dg)\n", 3),
    ("from vllm.kern import has_dg\n\n\ndef f() -> None:\n    assert not has_dg, 'no dg on this box'\n", 5),
    ("from vllm.kern import has_dg as dg\n\n\ndef f() -> int:\n    while dg:\n        return 1\n    return 0\n", 5),
]


@pytest.mark.parametrize(
    ("body", "line"),
    TRUTH_ROWS,
    ids=["if test", "and operand", "bool()", "not in an assert", "an alias in a while"],
)
def test_a_truth_test_of_a_flag_now_a_function_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    bodies = [text for text, _ in TRUTH_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {KERN: UPSTREAM})]
    base = {UTILS: UTILS_TEXT, KERN: BASE}
    _, found = s.audited_row(git_repo, no_rules, base, bodies, body, upstream, SYMBOL_DRIFT, "vllm/aeon")
    assert [(f.line, f.severity.value) for f in found if "for its truth" in f.message] == [(line, "error")]


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # the new spelling: a call
        ("from vllm.kern import has_dg\n\n\ndef f() -> bool:\n    return bool(has_dg())\n", UPSTREAM),
        # a flag that stayed a value
        ("from vllm import kern\n\n\ndef f() -> int:\n    return 1 if kern.USE_FAST else 0\n", UPSTREAM),
        # the function asks callable() first: written for both sides
        (
            "from vllm.kern import has_dg\n\n\ndef f() -> bool:\n    return has_dg() if callable(has_dg) else has_dg\n",
            UPSTREAM,
        ),
        # an ImportError fallback binding the name twice
        (
            "try:\n    from vllm.kern import has_dg\nexcept ImportError:\n    has_dg = False\n\n\n"
            "def f() -> bool:\n    return not has_dg\n",
            UPSTREAM,
        ),
        # the fork's own namesake flag
        ("has_dg = False\n\n\ndef f() -> bool:\n    return not has_dg\n", UPSTREAM),
        # upstream binds it to a value still (another value)
        (
            "from vllm.kern import has_dg\n\n\ndef f() -> bool:\n    return not has_dg\n",
            BASE.replace("is not None", "is None"),
        ),
        # a def under a decorator that may hand back anything
        (
            "from vllm.kern import has_dg\n\n\ndef f() -> bool:\n    return not has_dg\n",
            "def once(f):\n    return f()\n\n\n@once\ndef has_dg() -> bool:\n    return True\n\n\nUSE_FAST = True\n",
        ),
    ],
    ids=[
        "called",
        "still a value",
        "callable() asked",
        "ImportError fallback",
        "own namesake",
        "a value still",
        "decorated",
    ],
)
def test_uses_the_change_leaves_right_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []
