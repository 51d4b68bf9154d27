"""Return drift, a fork unpack of a tuple made one value that already copes with both shapes.

Shaped like #24600 (e67a79db03): ``supports_trtllm_attention()`` returned ``(supported, env_value)`` and now
returns one bool, upstream's caller testing it (``if not supports_trtllm_attention():``) and a new
``force_use_trtllm_attention()`` added beside it.  Fork code written to run on either release guards its old
unpack: a test of the value's shape, a test's stand-in, a try catching the ``TypeError`` a bool raises, a probe
of the added function.  Each of these was an error (benchmarks/review42_twins.py); the unguarded unpack, and
guards that do not guard (another expression's shape, another exception, another function mocked, a probe of a
name upstream did not add), stay errors.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_tested_narrowed_returns import BASE, FORK, INITS, SUBJECT, UTILS

# #24600's upstream sides and fork paths, shared with the narrowed-return tests of the same commit
ONE = """import functools
import os


def has_device() -> bool:
    return os.path.exists("/dev/nvidia0")


def supports_trtllm_attention() -> bool:
    return has_device()


def force_use_trtllm_attention() -> bool | None:
    value = os.environ.get("USE_TRTLLM")
    return None if value is None else value == "1"


def use_trtllm_attention(num_heads: int) -> bool:
    if not supports_trtllm_attention():
        return False
    return num_heads % 8 == 0
"""
HEAD = "from vllm.utils import flashinfer as fi\n\n\ndef aeon_trtllm(x: object = None) -> bool:\n"
UNPACK = "supported, _ = fi.supports_trtllm_attention()"


def _found(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {UTILS: BASE, **INITS}, {FORK: fork}, [(SUBJECT, {UTILS: ONE})])
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.severity.value, f.message) for f in report.findings if f.path == FORK and f.rule_id == RULE]
    return sorted(rows)


def _line(fork: str) -> int:
    return next(i for i, text in enumerate(fork.splitlines(), 1) if text.strip() == UNPACK)


QUIET = {
    "the shape of the call tested": (
        f"    if isinstance(fi.supports_trtllm_attention(), tuple):\n        {UNPACK}\n        return supported\n"
        "    return fi.supports_trtllm_attention()\n"
    ),
    "the length of the call tested": (
        f"    if len(fi.supports_trtllm_attention()) == 2:\n        {UNPACK}\n        return supported\n    return False\n"
    ),
    "a mock.patch.object stand-in around it": (
        '    with mock.patch.object(fi, "supports_trtllm_attention", return_value=(True, "1")):\n'
        f"        {UNPACK}\n    return supported\n"
    ),
    "a monkeypatch.setattr stand-in before it": (
        '    monkeypatch.setattr(fi, "supports_trtllm_attention", lambda: (True, None))\n'
        f"    {UNPACK}\n    return supported\n"
    ),
}


@pytest.mark.parametrize("body", QUIET.values(), ids=QUIET.keys())
def test_an_unpack_guarded_for_both_shapes_is_silent(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    fork = HEAD.replace("(x: object = None)", "(monkeypatch=None)" if "monkeypatch" in body else "()") + body
    fork = ("from unittest import mock\n" if "mock." in body else "") + fork
    assert _found(git_repo, no_rules, fork) == []


WARNED = {
    "a try catching TypeError, the bool in the handler": (
        f"    try:\n        {UNPACK}\n    except TypeError:\n        supported = fi.supports_trtllm_attention()\n"
        "    return supported\n",
        "a try around it catches what the misfit raises",
    ),
    "a hasattr probe of the added function that returns first": (
        '    if hasattr(fi, "force_use_trtllm_attention"):\n        return fi.supports_trtllm_attention()\n'
        f"    {UNPACK}\n    return supported\n",
        "a test of force_use_trtllm_attention, a name upstream added",
    ),
    "a hasattr probe of the added function bound to a local": (
        '    split = hasattr(fi, "force_use_trtllm_attention")\n    if split:\n'
        f"        return fi.supports_trtllm_attention()\n    {UNPACK}\n    return supported\n",
        "a test of force_use_trtllm_attention, a name upstream added",
    ),
    "a getattr(..., None) probe of the added function bound to a local": (
        '    forced = getattr(fi, "force_use_trtllm_attention", None)\n    if forced is not None:\n'
        f"        return bool(forced())\n    {UNPACK}\n    return supported\n",
        "a test of force_use_trtllm_attention, a name upstream added",
    ),
}


@pytest.mark.parametrize(("body", "hedge"), WARNED.values(), ids=WARNED.keys())
def test_an_unpack_beside_a_fallback_or_a_probe_of_the_added_name_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str, hedge: str
) -> None:
    fork = HEAD + body
    [(line, severity, message)] = _found(git_repo, no_rules, fork)
    assert (line, severity) == (_line(fork), "warning")
    assert "unpacks 2 values from fi.supports_trtllm_attention()" in message and hedge in message


ERRORS = {
    "unguarded": f"    {UNPACK}\n    return supported\n",
    "another expression's shape tested": (
        f"    if isinstance(x, tuple):\n        {UNPACK}\n        return supported\n    return False\n"
    ),
    "a try catching another exception": (
        f"    try:\n        {UNPACK}\n    except KeyError:\n        supported = False\n    return supported\n"
    ),
    "another function mocked": (
        f'    with mock.patch.object(fi, "has_device", return_value=True):\n        {UNPACK}\n    return supported\n'
    ),
    "a probe of a name upstream did not add": (
        f'    if hasattr(fi, "has_device"):\n        {UNPACK}\n        return supported\n    return False\n'
    ),
}


# The rows below each put one fork module beside the same base and upstream and pin that module's one finding: no
# row's module imports another's, so one merge and one audit of the five modules side by side answers each of them
# (5 merges and audits became one per process; suitespeed10, as suitespeed8 and 9 did for other files).  The quiet and
# warned rows keep a merge each: there a row's module could be hedged by something another row's module declared.
_BATCHED: dict[str, list[tuple[int, str, str]]] = {}


def _found_among_errors(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str, str]]:
    """``_found`` of an error row's module, from the one audit of every error row's module side by side."""
    if not _BATCHED:
        forks = [("from unittest import mock\n" if "mock." in body else "") + HEAD + body for body in ERRORS.values()]
        paths = {text: FORK.replace(".py", f"_{number}.py") for number, text in enumerate(forks)}
        sides = s.merge_case(
            git_repo, {UTILS: BASE, **INITS}, {path: text for text, path in paths.items()}, [(SUBJECT, {UTILS: ONE})]
        )
        report = git_repo.audit(no_rules, merge=sides)
        every = [f.path for f in report.findings if f.rule_id == RULE]
        assert set(every) <= set(paths.values()), every
        for text, path in paths.items():
            found = [
                (f.line, f.severity.value, f.message) for f in report.findings if f.path == path and f.rule_id == RULE
            ]
            _BATCHED[text] = sorted(found)
    return _BATCHED[fork]


@pytest.mark.parametrize("body", ERRORS.values(), ids=ERRORS.keys())
def test_an_unguarded_unpack_stays_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    fork = ("from unittest import mock\n" if "mock." in body else "") + HEAD + body
    [(line, severity, message)] = _found_among_errors(git_repo, no_rules, fork)
    assert (line, severity) == (_line(fork), "error")
    assert "to return one value (vllm/utils/flashinfer.py" in message


def test_an_unpack_of_the_function_imported_under_an_alias_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``from pkg.mod import f as g`` then ``a, b = g()``: the alias calls upstream's function all the same."""
    fork = (
        "from vllm.utils.flashinfer import supports_trtllm_attention as aeon_ok\n\n\n"
        "class AeonPicker:\n    def pick(self) -> bool:\n        supported, _ = aeon_ok()\n        return supported\n"
    )
    [(line, severity, message)] = _found(git_repo, no_rules, fork)
    assert (line, severity) == (6, "error")
    assert "unpacks 2 values from aeon_ok()" in message and "supports_trtllm_attention() to return one value" in message


def test_an_alias_of_the_forks_own_function_of_the_name_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork's own module defines a function of the name returning the pair: its alias is the fork's."""
    compat = "def supports_trtllm_attention() -> tuple[bool, str | None]:\n    return True, None\n"
    fork = (
        "from vllm.aeon.compat import supports_trtllm_attention as aeon_ok\n\n\n"
        "def aeon_pick() -> bool:\n    supported, _ = aeon_ok()\n    return supported\n"
    )
    sides = s.merge_case(
        git_repo, {UTILS: BASE, **INITS}, {FORK: fork, "vllm/aeon/compat.py": compat}, [(SUBJECT, {UTILS: ONE})]
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == RULE] == []


def test_a_try_around_an_unpack_of_an_iterable_value_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The one value is a ``str`` now: a two-letter one splits silently, nothing for the handler to catch."""
    upstream = ONE.replace(
        "def supports_trtllm_attention() -> bool:\n    return has_device()",
        'def supports_trtllm_attention() -> str:\n    return "sm100" if has_device() else ""',
    )
    fork = HEAD + f"    try:\n        {UNPACK}\n    except (TypeError, ValueError):\n        return False\n"
    fork += "    return supported\n"
    sides = s.merge_case(git_repo, {UTILS: BASE, **INITS}, {FORK: fork}, [(SUBJECT, {UTILS: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    found = [(f.line, f.severity.value) for f in report.findings if f.path == FORK and f.rule_id == RULE]
    assert found == [(_line(fork), "error")]
