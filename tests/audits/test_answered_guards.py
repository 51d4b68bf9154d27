"""Guards that still guard a member a never-raising ``__getattr__`` answers for (review49's false errors).

killers144 made a use of a member upstream removed from a class whose ``__getattr__`` answers every name
(``Platform.__getattr__`` returns None: vLLM #33362, 010ec0c30e, removed ``Platform.seed_everything``) an error
that ``hasattr`` and ``except AttributeError`` no longer excuse: ``hasattr`` is True there and nothing raises.
It made the finding a plain one, so every other excuse of a gone name fell too, and the fork's correct
spellings after the commit (benchmarks/review49_twins.py) became errors:

- a test of the value itself: ``getattr(p, "name", None) is not None`` (or ``is None`` with the use in the
  else, or after a body that leaves), ``callable(getattr(p, "name", None))``, ``p.name is not None``: the
  made-up None fails it (and, for a plain gone member, ``getattr``'s default does);
- a test asked of the class (``hasattr(type(p), "name")``, ``"name" in dir(type(p))``): no ``__getattr__`` of an
  instance answers it;
- a handler of ``TypeError`` (or ``Exception``) around the call: calling None raises it;
- ``getattr(p, "name") or fallback``: the made-up None is tested, not called;
- a shim the fork sets on the class (``CpuPlatform.name = ...``): the name is there again.

Each fails on the engine before this change; the cases keep the reach (a guard of another name, a
``TypeError`` handler around a call on the class object, where AttributeError comes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way
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

FREE = "def free(p: CpuPlatform) -> int:\n"
TWINS = {
    "getattr-none-is-not-none": FREE + "    if getattr(p, 'mem_get_info', None) is not None:\n"
    "        return p.mem_get_info()[0]\n    return 0\n",
    "getattr-none-is-none-else": FREE + "    if getattr(p, 'mem_get_info', None) is None:\n        return 0\n"
    "    else:\n        return p.mem_get_info()[0]\n",
    "getattr-none-is-none-exits": FREE + "    if getattr(p, 'mem_get_info', None) is None:\n        return 0\n"
    "    return p.mem_get_info()[0]\n",
    "callable-getattr": FREE + "    if callable(getattr(p, 'mem_get_info', None)):\n"
    "        return p.mem_get_info()[0]\n    return 0\n",
    "value-is-not-none": FREE
    + "    if p.mem_get_info is not None:\n        return p.mem_get_info()[0]\n    return 0\n",
    "hasattr-of-the-type": FREE + "    if hasattr(type(p), 'mem_get_info'):\n"
    "        return p.mem_get_info()[0]\n    return 0\n",
    "in-dir-of-the-type": FREE
    + "    if 'mem_get_info' in dir(type(p)):\n        return p.mem_get_info()[0]\n    return 0\n",
    "except-typeerror": FREE
    + "    try:\n        return p.mem_get_info()[0]\n    except TypeError:\n        return 0\n",
    "except-exception": FREE
    + "    try:\n        return p.mem_get_info()[0]\n    except Exception:\n        return 0\n",
    "getattr-or-fallback": FREE + "    probe = getattr(p, 'mem_get_info') or (lambda: (0, 0))\n    return probe()[0]\n",
    "shim-on-the-class": "CpuPlatform.mem_get_info = classmethod(lambda cls: (0, 0))\n\n\n"
    + FREE
    + "    return p.mem_get_info()[0]\n",
}


def platform_errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    """Symbol drift's errors on ``fork`` (the use file) merged over the platform's removed ``mem_get_info``."""
    base = {PLATFORM: PLATFORM_BASE, WORKER: WORKER_BASE, **PACKAGES}
    sides = three_way(git_repo, base, {USE: fork}, {PLATFORM: PLATFORM_THEIRS, WORKER: WORKER_THEIRS})
    return [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[2] == "error"]


def platform_errors_among(git_repo: GitRepo, tmp_path: Path, forks: list[str], fork: str) -> list[tuple[str, int, str]]:
    """``platform_errors`` of ``fork``, from one merge and one audit of every module of ``forks`` side by side a
    process (``row_side_by_side``, suitespeed13), each row's module read as USE: for error rows only."""
    base = {PLATFORM: PLATFORM_BASE, WORKER: WORKER_BASE, **PACKAGES}
    theirs = {PLATFORM: PLATFORM_THEIRS, WORKER: WORKER_THEIRS}
    _, rows = row_side_by_side(git_repo, tmp_path, base, forks, fork, theirs, RULE, "vllm")
    return [(USE, f.line, f.severity.value) for f in rows if f.severity.value == "error"]


@pytest.mark.parametrize("body", list(TWINS.values()), ids=list(TWINS))
def test_guards_of_an_answered_member_stay_silent(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert platform_errors(git_repo, tmp_path, HEAD + body) == []


UNGUARDED_ROWS = [
    # the value test asks of another name: the use is not guarded
    (
        FREE + "    if getattr(p, 'get_device_total_memory', None) is not None:\n"
        "        return p.mem_get_info()[0]\n    return 0\n",
        "p.mem_get_info()",
    ),
    # on the class object no __getattr__ answers: AttributeError comes, which TypeError's handler misses
    (
        "def free() -> int:\n    try:\n        return CpuPlatform.mem_get_info()[0]\n"
        "    except TypeError:\n        return 0\n",
        "CpuPlatform.mem_get_info()",
    ),
    # the made-up None is called, not tested
    (FREE + "    return getattr(p, 'mem_get_info')()[0]\n", "getattr(p"),
]


@pytest.mark.parametrize(("body", "at"), UNGUARDED_ROWS, ids=["another-name", "class-typeerror", "getattr-called"])
def test_unguarded_uses_of_an_answered_member_stay_errors(
    git_repo: GitRepo, tmp_path: Path, body: str, at: str
) -> None:
    fork = HEAD + body
    forks = [HEAD + row for row, _ in UNGUARDED_ROWS]
    assert platform_errors_among(git_repo, tmp_path, forks, fork) == [(USE, line_of(fork, at), "error")]


NO_HOOK = PLATFORM_BASE.replace(
    "    def __getattr__(self, key: str):\n        return getattr(getattr(torch, self.device_type), key, None)\n\n", ""
)


@pytest.mark.parametrize(
    ("body", "silent"),
    [
        (TWINS["getattr-none-is-not-none"], True),
        (TWINS["getattr-none-is-none-exits"], True),
        (TWINS["hasattr-of-the-type"], True),
        # no __getattr__: calling the gone member raises AttributeError, which TypeError's handler misses
        (TWINS["except-typeerror"], False),
    ],
    ids=["getattr-none", "getattr-none-exits", "hasattr-of-the-type", "except-typeerror"],
)
def test_value_tests_guard_a_plainly_gone_member(git_repo: GitRepo, tmp_path: Path, body: str, silent: bool) -> None:
    fork = HEAD + body
    theirs = NO_HOOK.replace(
        "    @classmethod\n    def mem_get_info(cls) -> tuple[int, int]:\n        return 1, 2\n\n", ""
    )
    base = {PLATFORM: NO_HOOK, WORKER: WORKER_BASE, **PACKAGES}
    sides = three_way(git_repo, base, {USE: fork}, {PLATFORM: theirs, WORKER: WORKER_THEIRS})
    use = (USE, line_of(fork, "p.mem_get_info()"), "error")
    # (the string read's own line may be told its default always answers now: another finding)
    assert (use in found(audit(git_repo, sides, tmp_path), RULE)) is not silent
