"""Patched functions, killers197: the module hands the patched name on to a forwarder with its arguments.

#41499 (21943d4c25) gave ``_prefetch_checkpoint(file_path)`` a ``block_size`` and made
``_prefetch_all_checkpoints`` call ``loop.run_in_executor(executor, _prefetch_checkpoint, path, block_size)``;
a fork's one-argument replacement installed over it (``weight_utils._prefetch_checkpoint = aeon_prefetch``)
merges cleanly and raises TypeError in the worker thread (which upstream logs and swallows: the prefetch is
dead).  ``pool.submit(f, a)``, ``asyncio.to_thread(f, a, k=b)``, ``loop.run_in_executor(ex, f, a)`` and
``loop.call_soon(f, a)`` are read as the calls ``f(...)`` they make; ``run_in_executor``'s and ``call_soon``'s
own keywords (``context=``) are not the callable's."""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

POOL = "vllm/model_executor/model_loader/pool_helpers.py"
BASE = """import asyncio
import concurrent.futures


def warm(path: str) -> None:
    pass


def fetch(path: str) -> None:
    pass


def note(path: str) -> None:
    pass


def start(paths: list[str], pool: concurrent.futures.ThreadPoolExecutor) -> None:
    for p in paths:
        pool.submit(warm, p)


async def start_async(paths: list[str]) -> None:
    loop = asyncio.get_running_loop()
    for p in paths:
        await loop.run_in_executor(None, fetch, p)
        await asyncio.to_thread(fetch, p)
        loop.call_soon(note, p)
"""
THEIRS = (
    BASE.replace("def warm(path: str)", "def warm(path: str, block: int = 1)")
    .replace("def fetch(path: str)", "def fetch(path: str, block: int = 1)")
    .replace("pool.submit(warm, p)", "pool.submit(warm, p, 16)")
    .replace("run_in_executor(None, fetch, p)", "run_in_executor(None, fetch, p, 16)")
    .replace("to_thread(fetch, p)", "to_thread(fetch, p, block=16)")
    .replace("loop.call_soon(note, p)", "loop.call_soon(note, p, context=None)")
)
SUBJECT = "[Performance] Make prefetch settings configurable (#41499)"
FORK = "vllm/aeon/patch.py"
HEAD = "from vllm.model_executor.model_loader import pool_helpers\n\n\n"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {POOL: BASE}, {FORK: HEAD + fork}, [(SUBJECT, {POOL: THEIRS})])
    return [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if p == FORK]


def test_a_patch_a_forwarder_now_hands_more_arguments_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A one-argument def installed over ``warm`` (now handed on by ``pool.submit(warm, p, 16)``) and over
    ``fetch`` by ``setattr`` (``run_in_executor(None, fetch, p, 16)``): an error on each patch."""
    fork = (
        "def aeon_warm(path: str) -> None:\n    pass\n\n\n"  # line 4
        "def aeon_fetch(path: str) -> None:\n    pass\n\n\n"
        "pool_helpers.warm = aeon_warm\n"  # line 12
        'setattr(pool_helpers, "fetch", aeon_fetch)\n'  # line 13
    )
    found = _rows(git_repo, no_rules, fork)
    assert [(line, severity) for line, severity, _ in found] == [(12, "error"), (13, "error")]
    assert "warm(p, 16)" in found[0][2] and "fetch(p, 16)" in found[1][2]


def test_a_patch_that_takes_what_the_forwarder_hands_on_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Twins: a def taking ``*args``, one taking ``block`` (by position for ``run_in_executor``, by keyword for
    ``to_thread``), and a one-argument def over ``note``, whose new ``context=`` is ``call_soon``'s own."""
    fork = (
        "def aeon_warm(path: str, *args) -> None:\n    pass\n\n\n"
        "def aeon_fetch(path: str, block: int = 0) -> None:\n    pass\n\n\n"
        "def aeon_note(path: str) -> None:\n    pass\n\n\n"
        "pool_helpers.warm = aeon_warm\n"
        "pool_helpers.fetch = aeon_fetch\n"
        "pool_helpers.note = aeon_note\n"
    )
    assert _rows(git_repo, no_rules, fork) == []
