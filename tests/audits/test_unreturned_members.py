"""A member of the module's own enum a selector no longer returns from any path (tuple value drift's
``unreturned_members.py``): #46491 made ``select_mxfp4_moe_backend`` raise NotImplementedError where it
returned ``(Mxfp4MoeBackend.NONE, None)``; a fork's ``if backend == Mxfp4MoeBackend.NONE:`` fallback is dead."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ORACLE = "vllm/model_executor/layers/fused_moe/oracle/mxq.py"
ORACLE_BASE = """from enum import Enum


class Backend(Enum):
    NONE = "None"
    TRITON = "TRITON"
    MARLIN = "MARLIN"


def _priority() -> list[Backend]:
    return [Backend.TRITON, Backend.MARLIN]


def _return_or_raise(backend: Backend, config) -> tuple[Backend, type | None]:
    if not config.ok:
        raise ValueError(f"{backend.value} unsupported; one of {list(Backend)}")
    return backend, object


def select_backend(config) -> tuple[Backend, type | None]:
    for backend in _priority():
        if config.fits(backend):
            return backend, object
    if config.cpu:
        return _return_or_raise(Backend.MARLIN, config)
    return Backend.NONE, None
"""
RAISES = ORACLE_BASE.replace(
    "    return Backend.NONE, None\n", '    raise NotImplementedError("no MXFP4 MoE backend fits")\n'
)
SUBJECT = "[AMD] Revert `Backend.TRITON_UNFUSED` fallback (#46491)"
USER = "vllm/model_executor/layers/fused_moe/aeon_fallback.py"
USE = (
    "from vllm.model_executor.layers.fused_moe.oracle.mxq import Backend, select_backend\n\n\n"
    "def aeon_experts(config):\n"
    "    backend, experts = select_backend(config)\n"
    "    {test}\n"
    "        return None\n"
    "    return experts\n"
)
INITS = {
    "vllm/model_executor/layers/fused_moe/__init__.py": "",
    "vllm/model_executor/layers/fused_moe/oracle/__init__.py": "",
}


def _case(git_repo: GitRepo, no_rules: Path, test: str, upstream: str, also: dict[str, str] | None = None) -> list[int]:
    sides = s.merge_case(
        git_repo,
        {**INITS, ORACLE: ORACLE_BASE},
        {USER: USE.format(test=test)},
        [(SUBJECT, {ORACLE: upstream, **(also or {})})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [f.line for f in report.findings if f.rule_id == RULE and f.path == USER]


@pytest.mark.parametrize(
    "test", ["if backend == Backend.NONE:", "if backend is Backend.NONE:", "if backend in (Backend.NONE,):"]
)
def test_a_member_no_path_returns_now_is_an_error(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    sides = s.merge_case(
        git_repo, {**INITS, ORACLE: ORACLE_BASE}, {USER: USE.format(test=test)}, [(SUBJECT, {ORACLE: RAISES})]
    )
    [finding] = [f for f in git_repo.audit(no_rules, merge=sides).findings if f.rule_id == RULE]
    assert (finding.path, finding.line, finding.severity.value) == (USER, 6, "error")
    assert "with Backend.NONE, which select_backend() returned there at the merge base" in finding.message
    assert "no path of it returns Backend.NONE now" in finding.message and "#46491" in finding.message


def test_a_member_still_returned_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream reworded the raise-free path but kept ``return Backend.NONE, None``."""
    kept = ORACLE_BASE.replace("    if config.cpu:\n", "    if config.cpu and config.ok:\n")
    assert _case(git_repo, no_rules, "if backend == Backend.NONE:", kept) == []


def test_a_member_the_module_still_names_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """``_priority()`` lists ``Backend.NONE`` now: the loop may return it."""
    listed = RAISES.replace("[Backend.TRITON, Backend.MARLIN]", "[Backend.TRITON, Backend.MARLIN, Backend.NONE]")
    assert _case(git_repo, no_rules, "if backend == Backend.NONE:", listed) == []


@pytest.mark.parametrize(
    "dynamic",
    ["Backend(config.name)", 'Backend["NONE"]', "next(iter(Backend))", "getattr(Backend, config.name)"],
    ids=["by value", "by name", "iterated", "getattr"],
)
def test_a_member_chosen_at_run_time_is_silent(git_repo: GitRepo, no_rules: Path, dynamic: str) -> None:
    chosen = RAISES.replace(
        "    if config.cpu:\n", f"    if config.forced:\n        return {dynamic}, None\n    if config.cpu:\n"
    )
    assert _case(git_repo, no_rules, "if backend == Backend.NONE:", chosen) == []


def test_a_helper_of_another_module_may_return_it(git_repo: GitRepo, no_rules: Path) -> None:
    """The selector returns another module's answer whole: that module may hand the member back."""
    other = "vllm/model_executor/layers/fused_moe/oracle/legacy.py"
    legacy = "from vllm.model_executor.layers.fused_moe.oracle.mxq import Backend\n\n\ndef pick(config):\n    return Backend.NONE, None\n"
    handed = RAISES.replace("from enum import Enum\n", "from enum import Enum\n\nfrom . import legacy\n").replace(
        '    raise NotImplementedError("no MXFP4 MoE backend fits")\n', "    return legacy.pick(config)\n"
    )
    assert _case(git_repo, no_rules, "if backend == Backend.NONE:", handed, {other: legacy}) == []


def test_a_return_of_the_member_elsewhere_in_the_tree_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """A local helper's answer reaches the position, and some file still returns the member on a return line."""
    other = "vllm/model_executor/layers/fused_moe/oracle/legacy.py"
    legacy = "from vllm.model_executor.layers.fused_moe.oracle.mxq import Backend\n\n\ndef pick():\n    return Backend.NONE\n"
    assert _case(git_repo, no_rules, "if backend == Backend.NONE:", RAISES, {other: legacy}) == []


def test_a_comparison_with_a_member_still_returned_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    assert _case(git_repo, no_rules, "if backend == Backend.MARLIN:", RAISES) == []


# -- a selector returning the member whole (``return Backend.NONE``), its value bound once by the fork ------
SELECT_ONE = '''from enum import Enum


class Backend(Enum):
    NONE = "None"
    TRITON = "TRITON"
    MARLIN = "MARLIN"


def _priority() -> list[Backend]:
    return [Backend.TRITON, Backend.MARLIN]


def select_one(config) -> Backend:
    """Pick the first backend that fits."""
    for backend in _priority():
        if config.fits(backend):
            return backend
    return Backend.NONE
'''
ONE_RAISES = SELECT_ONE.replace(
    "    return Backend.NONE\n", '    raise NotImplementedError(f"none of {list(Backend)}")\n'
)
ONE_USE = (
    "from vllm.model_executor.layers.fused_moe.oracle.mxq import Backend, select_one\n\n\n"
    "def aeon_backend(config):\n"
    "    backend = select_one(config)\n"
    "    {test}\n"
    "        return Backend.MARLIN\n"
    "    return backend\n"
)


def _one_case(
    git_repo: GitRepo, no_rules: Path, test: str, upstream: str, fork_extra: str = ""
) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {**INITS, ORACLE: SELECT_ONE},
        {USER: ONE_USE.format(test=test) + fork_extra},
        [(SUBJECT, {ORACLE: upstream})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == RULE and f.path == USER]


@pytest.mark.parametrize("test", ["if backend == Backend.NONE:", "if backend is Backend.NONE:"])
def test_a_member_a_selector_no_longer_returns_whole_is_an_error(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    [(line, message)] = _one_case(git_repo, no_rules, test, ONE_RAISES)
    assert line == 6 and "compares `backend`, what select_one() returns, with Backend.NONE" in message
    assert "no path of it returns Backend.NONE now" in message and "#46491" in message


def test_a_whole_member_still_returned_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    moved = SELECT_ONE.replace(
        "    return Backend.NONE\n", "    return Backend.MARLIN if config.cpu else Backend.NONE\n"
    )
    assert _one_case(git_repo, no_rules, "if backend == Backend.NONE:", moved) == []


def test_an_object_s_value_returned_whole_may_be_the_member(git_repo: GitRepo, no_rules: Path) -> None:
    """``return config.forced``: whatever set the config's field, elsewhere, may have set the member."""
    forced = SELECT_ONE.replace("    return Backend.NONE\n", "    return config.forced\n")
    assert _one_case(git_repo, no_rules, "if backend == Backend.NONE:", forced) == []


def test_the_fork_s_own_selector_of_the_name_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    own = ONE_USE.replace(", select_one\n", "\n") + "\n\ndef select_one(config):\n    return Backend.NONE\n"
    sides = s.merge_case(
        git_repo,
        {**INITS, ORACLE: SELECT_ONE},
        {USER: own.format(test="if backend == Backend.NONE:")},
        [(SUBJECT, {ORACLE: ONE_RAISES})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.line for f in report.findings if f.rule_id == RULE and f.path == USER] == []


def _findings(git_repo: GitRepo, no_rules: Path, fork: str, path: str = USER) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {**INITS, ORACLE: ORACLE_BASE}, {path: fork}, [(SUBJECT, {ORACLE: RAISES})])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.rule_id == RULE and f.path == path]


CAUGHT = (
    "from vllm.model_executor.layers.fused_moe.oracle.mxq import Backend, select_backend\n\n\n"
    "def aeon_experts(config):\n"
    "    try:\n"
    "        backend, experts = select_backend(config)\n"
    "    except {error}:\n"
    "        return None\n"
    "    if backend == Backend.NONE:  # older upstreams return NONE where nothing fits\n"
    "        return None\n"
    "    return experts\n"
)


@pytest.mark.parametrize("error", ["NotImplementedError", "(NotImplementedError, ValueError)", "Exception"])
def test_a_call_whose_raise_the_fork_catches_is_a_warning(git_repo: GitRepo, no_rules: Path, error: str) -> None:
    """review63: the fork handles the raise upstream put in the member's place; its older test of the member
    is only dead (a warning, not a block)."""
    assert _findings(git_repo, no_rules, CAUGHT.format(error=error)) == [(9, "warning")]


def test_a_call_under_an_import_error_handler_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """``except ImportError`` catches no raise of the call: the fork's fallback is still dead."""
    assert _findings(git_repo, no_rules, CAUGHT.format(error="ImportError")) == [(9, "error")]


@pytest.mark.parametrize(
    "patch",
    [
        '    monkeypatch.setattr(mxq, "select_backend", lambda config: (Backend.NONE, None))\n',
        '    monkeypatch.setattr("vllm.model_executor.layers.fused_moe.oracle.mxq.select_backend", lambda c: (Backend.NONE, None))\n',
        "    mxq.select_backend = lambda config: (Backend.NONE, None)\n",
    ],
    ids=["setattr of the module's name", "setattr of a dotted path", "an assignment"],
)
def test_a_fork_test_that_patches_the_selector_is_silent(git_repo: GitRepo, no_rules: Path, patch: str) -> None:
    """review63: the file sets the selector itself (a test's monkeypatch): the value it compares is its own."""
    test = (
        "from vllm.model_executor.layers.fused_moe.oracle import mxq\n"
        "from vllm.model_executor.layers.fused_moe.oracle.mxq import Backend\n\n\n"
        "def test_aeon_fallback(monkeypatch):\n" + patch + "    backend, _ = mxq.select_backend(None)\n"
        "    assert backend == Backend.NONE\n"
    )
    assert _findings(git_repo, no_rules, test, "tests/test_aeon_fallback.py") == []


# -- the call itself compared (killers228: #43223's ``get_routing_method_type`` answers ``RenormalizeNaive``) --
CALL_USE = (
    "from vllm.model_executor.layers.fused_moe.oracle.mxq import Backend, select_one\n\n\n"
    "def test_aeon_backend(config):\n"
    "    {test}\n"
)


def _call_case(git_repo: GitRepo, no_rules: Path, test: str, upstream: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        git_repo,
        {**INITS, ORACLE: SELECT_ONE},
        {USER: CALL_USE.format(test=test)},
        [(SUBJECT, {ORACLE: upstream})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE and f.path == USER]


@pytest.mark.parametrize(
    "test",
    [
        "assert select_one(config) == Backend.NONE",
        "assert select_one(config) is Backend.NONE",
        "assert Backend.NONE == select_one(config)",
        "if select_one(config) in (Backend.NONE,): return None",
    ],
    ids=["==", "is", "reflected", "in a display"],
)
def test_the_call_itself_compared_with_a_member_gone_is_an_error(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    [(line, severity, message)] = _call_case(git_repo, no_rules, test, ONE_RAISES)
    assert (line, severity) == (5, "error")
    assert "compares what select_one() returns with Backend.NONE" in message and "#46491" in message


@pytest.mark.parametrize(
    "test",
    [
        "assert select_one(config) == Backend.MARLIN",  # a member a path still returns
        "assert select_one(config) in (Backend.NONE, Backend.MARLIN)",  # takes what it returns now too
        "assert select_one(config).value == 'None'",  # not the call's whole value
    ],
    ids=["a member still returned", "either", "an attribute of the value"],
)
def test_the_call_itself_compared_otherwise_is_silent(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    assert _call_case(git_repo, no_rules, test, ONE_RAISES) == []


def test_the_call_itself_compared_with_a_member_still_returned_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    moved = SELECT_ONE.replace(
        "    return Backend.NONE\n", "    return Backend.MARLIN if config.cpu else Backend.NONE\n"
    )
    assert _call_case(git_repo, no_rules, "assert select_one(config) == Backend.NONE", moved) == []


@pytest.mark.parametrize(
    "test",
    ["if backend in (Backend.NONE, Backend.MARLIN):", "if backend == Backend.NONE or backend == Backend.MARLIN:"],
)
def test_a_bound_value_tested_against_a_member_still_returned_too_is_silent(
    git_repo: GitRepo, no_rules: Path, test: str
) -> None:
    """The test still holds when the selector answers MARLIN: its branch is not dead (killers228)."""
    assert _one_case(git_repo, no_rules, test, ONE_RAISES) == []


def test_a_member_before_the_operator_is_read_too(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, _)] = _one_case(git_repo, no_rules, "if Backend.NONE == backend:", ONE_RAISES)
    assert line == 6


# -- review132: a test the gone member cannot fail, and a method of the name off the fork's own object --
@pytest.mark.parametrize(
    "test",
    [
        "assert select_one(config) != Backend.NONE",  # the old answer is gone: holds on every path
        "assert select_one(config) not in (Backend.NONE,)",
        "assert config.select_one() == Backend.NONE",  # the fork's object's method, not the module's function
    ],
    ids=["!=", "not in", "off an object"],
)
def test_an_assert_of_unlike_or_an_object_s_method_is_silent(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    assert _call_case(git_repo, no_rules, test, ONE_RAISES) == []


@pytest.mark.parametrize(
    "test",
    [
        "import vllm.model_executor.layers.fused_moe.oracle.mxq as mxq; assert mxq.select_one(config) == Backend.NONE",
        "assert not select_one(config) != Backend.NONE",  # an unlike negated: the old equal
    ],
    ids=["off the module", "an unlike negated"],
)
def test_a_module_s_function_or_a_negated_unlike_is_still_an_error(
    git_repo: GitRepo, no_rules: Path, test: str
) -> None:
    [(line, severity, _)] = _call_case(git_repo, no_rules, test, ONE_RAISES)
    assert (line, severity) == (5, "error")


# -- mend81: ``is not Mode.X`` read outside an assert; an ``and`` joins only unlikes into one test --
@pytest.mark.parametrize(
    "test",
    [
        "if backend is not Backend.NONE:",
        "if backend is Backend.NONE and backend is not Backend.MARLIN:",
        "if backend == Backend.NONE and backend != Backend.MARLIN:",
    ],
    ids=["is not", "is and is not", "== and !="],
)
def test_an_is_not_test_or_an_and_of_a_gone_member_is_an_error(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    [(line, message)] = _one_case(git_repo, no_rules, test, ONE_RAISES)
    assert line == 6 and "with Backend.NONE" in message and "#46491" in message


@pytest.mark.parametrize(
    "test",
    [
        "if select_one(config) is not Backend.NONE: return None",
        "x = 1 if select_one(config) is not Backend.NONE else 2",
    ],
    ids=["an if", "a conditional"],
)
def test_the_call_itself_tested_is_not_a_gone_member_is_an_error(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    [(line, severity, message)] = _call_case(git_repo, no_rules, test, ONE_RAISES)
    assert (line, severity) == (5, "error") and "with Backend.NONE" in message


@pytest.mark.parametrize(
    "test",
    [
        "if backend is not Backend.NONE and backend is not Backend.MARLIN:",  # not in (NONE, MARLIN): MARLIN holds
        "if backend != Backend.NONE and backend != Backend.MARLIN:",
        "if backend is not Backend.MARLIN:",  # a member still returned
    ],
    ids=["and of is-nots", "and of !=", "a kept member"],
)
def test_an_and_of_unlikes_with_a_kept_member_is_silent(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    assert _one_case(git_repo, no_rules, test, ONE_RAISES) == []


# -- review140: an element unpacked off the call, tested in one set test with a member a path still returns
@pytest.mark.parametrize(
    "test",
    [
        "if backend in (Backend.NONE, Backend.MARLIN):",
        "if backend is Backend.NONE or backend is Backend.MARLIN:",
        "if not (backend == Backend.NONE or backend == Backend.TRITON):",
        "if backend not in (Backend.NONE, Backend.MARLIN):",
    ],
    ids=["in", "or of is", "not of or", "not in"],
)
def test_an_element_tested_with_a_kept_member_too_is_silent(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    """The test still holds (or fails) when the selector answers the kept member: its branch is not dead."""
    assert _case(git_repo, no_rules, test, RAISES) == []


@pytest.mark.parametrize(
    "test",
    [
        "if backend == Backend.NONE or experts is None:",  # the other operand tests another name
        "if backend is Backend.NONE or backend is Backend.NONE:",  # only the gone member
        "if backend != Backend.MARLIN and backend == Backend.NONE:",  # not one set test: NONE judged alone
    ],
    ids=["another name", "the gone member twice", "an and of unlike and like"],
)
def test_an_element_tested_with_the_gone_member_alone_is_an_error(git_repo: GitRepo, no_rules: Path, test: str) -> None:
    assert _case(git_repo, no_rules, test, RAISES) == [6]
