"""Presence tests the fork writes in other shapes than ``hasattr`` on the object (review49, review48).

- a local bound once to ``getattr(x, "name", None)`` and tested like the inline form (``fn = getattr(p,
  "mem_get_info", None)`` then ``if fn is not None: fn()``, ``if fn is None: return``, ``if callable(fn):``,
  ``if fn:``): the same guard as ``if getattr(p, "mem_get_info", None) is not None: p.mem_get_info()``;
  a read the test passes by, a local of another name's ``getattr``, or one bound twice guard nothing;
- the class's own namespace asked (``"mem_get_info" in type(p).__dict__``, ``vars(type(p))``,
  ``CpuPlatform.__dict__``, negated with ``not in`` over a body that leaves): a test asked of the class, as
  ``hasattr(type(p), ...)`` is (review48's #33465 spelling); a namespace asked of another name guards nothing.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from aeon_release.domain.audits.drift import symbols
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way
from tests.audits.test_answered_guards import platform_errors, platform_errors_among
from tests.audits.test_platcuda_drift import (
    HEAD,
    PACKAGES,
    PLATFORM,
    PLATFORM_BASE,
    PLATFORM_THEIRS,
    USE,
    WORKER,
    WORKER_BASE,
    WORKER_THEIRS,
)

FREE = "def free(p: CpuPlatform) -> int:\n    fn = getattr(p, 'mem_get_info', None)\n"
BOUND = {
    "is-not-none": FREE + "    if fn is not None:\n        return fn()[0]\n    return 0\n",
    "is-none-exits": FREE + "    if fn is None:\n        return 0\n    return fn()[0]\n",
    "is-none-else": FREE + "    if fn is None:\n        return 0\n    else:\n        return fn()[0]\n",
    "callable": FREE + "    if callable(fn):\n        return fn()[0]\n    return 0\n",
    "truthy": FREE + "    if fn:\n        return fn()[0]\n    return 0\n",
    "not-exits": FREE + "    if not fn:\n        return 0\n    return fn()[0]\n",
    "ifexp": FREE + "    return fn()[0] if fn is not None else 0\n",
    "member-is-not-none": FREE + "    if fn is not None:\n        return p.mem_get_info()[0]\n    return 0\n",
    "member-is-none-exits": FREE + "    if fn is None:\n        return 0\n    return p.mem_get_info()[0]\n",
    "member-callable": FREE + "    if callable(fn):\n        return p.mem_get_info()[0]\n    return 0\n",
    "member-ifexp": FREE + "    return p.mem_get_info()[0] if fn else 0\n",
}


FUNC = "def free(p: CpuPlatform) -> int:\n"
NAMESPACE = {
    "type-dict": FUNC
    + "    if 'mem_get_info' in type(p).__dict__:\n        return p.mem_get_info()[0]\n    return 0\n",
    "vars-type": FUNC + "    if 'mem_get_info' in vars(type(p)):\n        return p.mem_get_info()[0]\n    return 0\n",
    "class-dict": FUNC
    + "    if 'mem_get_info' in CpuPlatform.__dict__:\n        return CpuPlatform.mem_get_info()[0]\n    return 0\n",
    "not-in-exits": FUNC
    + "    if 'mem_get_info' not in type(p).__dict__:\n        return 0\n    return p.mem_get_info()[0]\n",
    "not-in-else": FUNC + "    if 'mem_get_info' not in vars(CpuPlatform):\n        return 0\n"
    "    else:\n        return CpuPlatform.mem_get_info()[0]\n",
}


@pytest.mark.parametrize("body", list(BOUND.values()), ids=list(BOUND))
def test_a_bound_probe_tested_guards_like_the_inline_one(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert platform_errors(git_repo, tmp_path, HEAD + body) == []


@pytest.mark.parametrize("body", list(NAMESPACE.values()), ids=list(NAMESPACE))
def test_the_class_namespace_asked_guards_like_hasattr_on_the_class(
    git_repo: GitRepo, tmp_path: Path, body: str
) -> None:
    assert platform_errors(git_repo, tmp_path, HEAD + body) == []


OTHER = "    other = getattr(p, 'get_device_total_memory', None)\n"


UNGUARDED_ROWS = [
    # the test passes by, the read runs either way
    (FREE + "    if fn is not None:\n        pass\n    return p.mem_get_info()[0]\n", "p.mem_get_info()"),
    # the local asks of another name
    (
        FREE + OTHER + "    if other is not None:\n        return p.mem_get_info()[0]\n    return 0\n",
        "p.mem_get_info()",
    ),
    # bound twice: the tested value may be another one
    (
        FREE + "    fn = fn or p.get_device_total_memory\n    if fn is not None:\n        return p.mem_get_info()[0]\n"
        "    return 0\n",
        "p.mem_get_info()",
    ),
    (
        FUNC + "    if 'get_device_total_memory' in type(p).__dict__:\n        return p.mem_get_info()[0]\n"
        "    return 0\n",
        "p.mem_get_info()",
    ),
    (
        FUNC + "    if 'mem_get_info' not in type(p).__dict__:\n        pass\n    return p.mem_get_info()[0]\n",
        "p.mem_get_info()",
    ),
]


@pytest.mark.parametrize(
    ("body", "at"),
    UNGUARDED_ROWS,
    ids=["test-passed-by", "another-name", "bound-twice", "namespace-of-another-name", "namespace-passed-by"],
)
def test_a_read_the_bound_probe_does_not_guard_stays_an_error(
    git_repo: GitRepo, tmp_path: Path, body: str, at: str
) -> None:
    fork = HEAD + body
    # the rows' modules side by side, one merge and one audit a process (``platform_errors_among``, suitespeed13)
    forks = [HEAD + row for row, _ in UNGUARDED_ROWS]
    assert platform_errors_among(git_repo, tmp_path, forks, fork) == [(USE, line_of(fork, at), "error")]


def _walked_scopes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kinds of the scopes symbol drift walks for their bound probes, from now on."""
    walked: list[str] = []
    real = symbols.bound_probes

    def counted(scope: ast.AST) -> dict[str, ast.Call]:
        walked.append(type(scope).__name__)
        return real(scope)

    monkeypatch.setattr(symbols, "bound_probes", counted)
    return walked


def _errors_below(git_repo: GitRepo, tmp_path: Path, top: str, added: str) -> list[tuple[str, int, str]]:
    """Symbol drift's errors on a use module whose ``top`` upstream wrote and whose ``added`` the fork did."""
    base = {PLATFORM: PLATFORM_BASE, WORKER: WORKER_BASE, **PACKAGES, USE: HEAD + top}
    sides = three_way(git_repo, base, {USE: HEAD + top + added}, {PLATFORM: PLATFORM_THEIRS, WORKER: WORKER_THEIRS})
    return [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[2] == "error"]


USE_BELOW = "\n\ndef free() -> int:\n    return CpuPlatform.mem_get_info()[0]\n"


def test_a_module_is_not_walked_for_its_probes_under_an_if_that_does_not_leave(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # perf26: every module-level ``if`` before a fork line walked the whole module for its probes (30 ms for a
    # 340 KB module), though only an ``if`` without ``else`` whose body leaves can use them there
    walked = _walked_scopes(monkeypatch)
    top = "if CpuPlatform is not None:\n    READY = True\n"
    assert _errors_below(git_repo, tmp_path, top, "\n\n" + BOUND["is-none-exits"]) == []
    assert walked == ["FunctionDef"]


def test_a_module_level_probe_that_leaves_still_guards_the_fork_reads_after_it(
    git_repo: GitRepo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    walked = _walked_scopes(monkeypatch)
    top = "fn = getattr(CpuPlatform, 'mem_get_info', None)\nif fn is None:\n    raise ImportError('no mem_get_info')\n"
    assert _errors_below(git_repo, tmp_path, top, USE_BELOW) == []
    assert walked == ["Module"]


def test_a_module_level_exit_of_another_test_guards_nothing(git_repo: GitRepo, tmp_path: Path) -> None:
    top = "if CpuPlatform is None:\n    raise ImportError('no platform')\n"
    assert [line for _, line, _ in _errors_below(git_repo, tmp_path, top, USE_BELOW)] == [9]
