"""A branch upstream's def now runs only when a new parameter, off by default, is passed; a fork call leaves it out.

killers223, shaped like #41282 (0ff1bf9bb1): ``get_num_blocks_to_allocate`` gained ``apply_admission_cap: bool =
False`` and its ``if self._max_admission_blocks_per_request is not None:`` became ``if apply_admission_cap and
...``; a fork admission check calling it without the flag asks for every block of the prompt now.  Spellings: a
method off an annotated receiver, a module function, the flag conjoined last, keyword-only.  Twins: the flag passed
(by keyword, at its place, through ``**kwargs``), a ``super()`` call, an override handing on, a module that never
names the def's class, a parameter defaulting True, a branch upstream added (no base test to opt out of).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MANAGERS = "vllm/core/managers.py"
OLD = (
    "class Manager:\n"
    "    def __init__(self, cap: int | None) -> None:\n"
    "        self.cap = cap\n\n"
    "    def get_num_blocks(self, request_id: str, num_tokens: int) -> int:\n"
    "        n = num_tokens // 16\n"
    "        if self.cap is not None:\n"
    "            n = min(n, self.cap)\n"
    "        return n\n\n"
    "    def reserve(self, n: int) -> int:\n"
    "        if n > 4:\n"
    "            n = 4\n"
    "        return n\n\n"
    "    def grow(self, n: int) -> int:\n"
    "        return n\n\n\n"
    "def plan_blocks(num_tokens: int, window: int | None = None) -> int:\n"
    "    n = num_tokens // 16\n"
    "    if window:\n"
    "        n = min(n, window)\n"
    "    return n\n"
)
NEW = (
    OLD.replace(
        "num_tokens: int) -> int:\n        n = num_tokens // 16\n        if self.cap is not None:",
        "num_tokens: int, apply_cap: bool = False) -> int:\n        n = num_tokens // 16\n"
        "        if apply_cap and self.cap is not None:",
    )
    .replace(
        "    def reserve(self, n: int) -> int:\n        if n > 4:",
        "    def reserve(self, n: int, *, clamp: bool | None = None) -> int:\n        if n > 4 and clamp:",
    )
    .replace(
        "    def grow(self, n: int) -> int:\n        return n\n",
        "    def grow(self, n: int, double: bool = False) -> int:\n        if double and n > 0:\n"
        "            n = 2 * n\n        return n\n",
    )
    .replace(
        "def plan_blocks(num_tokens: int, window: int | None = None) -> int:\n    n = num_tokens // 16\n    if window:",
        "def plan_blocks(num_tokens: int, window: int | None = None, capped: bool = False) -> int:\n"
        "    n = num_tokens // 16\n    if capped and window:",
    )
)
SUBJECT = "[Bugfix] Fix failure to allocate KV blocks error (#41282)"
HEAD = "from vllm.core.managers import Manager, plan_blocks\n\n\n"
FOUND = {
    "method": (
        HEAD + "def admits(mgr: Manager, rid: str, n: int, free: int) -> bool:\n"
        "    return mgr.get_num_blocks(rid, n) <= free\n",
        5,
    ),
    "function": (HEAD + "def budget(n: int) -> int:\n    return plan_blocks(n, 64) + 1\n", 5),
    "keyword_only_last": (
        HEAD + "class Pool:\n    def __init__(self, mgr: Manager) -> None:\n        self.mgr = mgr\n\n"
        "    def take(self, n: int) -> int:\n        return self.mgr.reserve(n)\n",
        9,
    ),
}
QUIET = {
    "by_keyword": HEAD + "def admits(mgr: Manager, rid: str, n: int) -> int:\n"
    "    return mgr.get_num_blocks(rid, n, apply_cap=True)\n",
    "by_position": HEAD + "def admits(mgr: Manager, rid: str, n: int) -> int:\n"
    "    return mgr.get_num_blocks(rid, n, True)\n",
    "spread": HEAD + "def admits(mgr: Manager, rid: str, n: int, **kw) -> int:\n"
    "    return mgr.get_num_blocks(rid, n, **kw)\n",
    "override": HEAD + "class Mine(Manager):\n    def get_num_blocks(self, request_id, num_tokens, apply_cap=False):\n"
    "        return 1 + super().get_num_blocks(request_id, num_tokens, apply_cap=apply_cap)\n",
    "unrelated": "def admits(pool, rid: str, n: int) -> int:\n    return pool.get_num_blocks(rid, n)\n",
    "new_branch": HEAD + "def more(mgr: Manager, n: int) -> int:\n    return mgr.grow(n)\n",
}
FORKS = {f"vllm/aeon/{n}.py": t for n, (t, _) in FOUND.items()} | {f"vllm/aeon/{n}.py": t for n, t in QUIET.items()}


def _rows(repo: GitRepo) -> dict[str, list[tuple[int, str]]]:
    base = {MANAGERS: OLD, "vllm/core/__init__.py": ""}
    found = s.side_by_side(repo, base, FORKS, [(SUBJECT, {MANAGERS: NEW})], SYMBOL_DRIFT)
    return {
        path: [(f.line, f.severity.value) for f in rows if "off by default" in f.message]
        for path, rows in found.items()
    }


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_call_leaving_out_the_new_flag_is_warned(git_repo: GitRepo, name: str) -> None:
    assert _rows(git_repo)[f"vllm/aeon/{name}.py"] == [(FOUND[name][1], "warning")]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert _rows(git_repo)[f"vllm/aeon/{name}.py"] == []
