"""A return shape chosen by a keyword (drift/keyword_shapes.py): #28319 made ``collective_rpc(...,
unique_reply_rank=r)`` answer with the one reply, not a one-item list; a fork's one-name unpack or integer index
of the result now reads the reply itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

EXEC = "pkg/executor.py"
BASE = (
    "class Executor:\n"
    "    def collective_rpc(self, method, timeout=None, unique_reply_rank=None):\n"
    "        def get_response():\n"
    "            responses = []\n"
    "            for w in self.workers:\n"
    "                responses.append(w.call(method, timeout))\n"
    "            return responses\n"
    "\n"
    "        return get_response()\n"
    "\n"
    "\n"
    "def gather(workers, method, unique_reply_rank=None):\n"
    "    replies = [w.call(method) for w in workers]\n"
    "    return replies\n"
)
# the conditional expression in a nested def whose call the method returns, and an ``if`` in a module function
THEIRS = BASE.replace(
    "            return responses\n",
    "            return responses[0] if unique_reply_rank is not None else responses\n",
).replace(
    "    return replies\n",
    "    if unique_reply_rank is not None:\n        return replies[0]\n    return replies\n",
)
SUBJECT = "[PerfFix] Avoid separate thread for MP executor shm spin (#28319)"
FORK = "pkg/mine.py"
HEAD = "from pkg.executor import Executor, gather\n\n\n"
SUB = "class AeonExecutor(Executor):\n"


def _rows(git_repo: GitRepo, no_rules: Path, fork: str, theirs: str = THEIRS) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {EXEC: BASE}, {FORK: HEAD + fork}, [(SUBJECT, {EXEC: theirs})])
    return [(ln, sev, msg) for p, ln, sev, msg in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if p == FORK]


@pytest.mark.parametrize(
    ("fork", "severity"),
    [
        (
            SUB
            + "    def stats(self):\n        (stats,) = self.collective_rpc('stats', unique_reply_rank=self.rank)\n",
            "error",
        ),
        (SUB + "    def stats(self):\n        stats, = self.collective_rpc('stats', unique_reply_rank=0)\n", "error"),
        (
            SUB + "    def stats(self):\n        return super().collective_rpc('stats', unique_reply_rank=0)[0]\n",
            "error",
        ),
        ("def stats(ex):\n    return Executor.collective_rpc(ex, 'stats', unique_reply_rank=0)[0]\n", "error"),
        ("def stats(ws):\n    [reply] = gather(ws, 'stats', unique_reply_rank=0)\n", "error"),
        # a fork mixin listed after the owner: upstream's method answers first (review60)
        (
            "class Listed:\n    def collective_rpc(self, method, unique_reply_rank=None):\n        return [method]\n\n\n"
            "class AeonExecutor(Executor, Listed):\n"
            "    def stats(self):\n        (stats,) = self.collective_rpc('stats', unique_reply_rank=0)\n",
            "error",
        ),
        # the file takes the owner's name from its own module last: the class may be another (review60)
        (
            "from pkg.aeon_exec import Executor\n\n\n"
            + SUB
            + "    def stats(self):\n        (stats,) = self.collective_rpc('stats', unique_reply_rank=0)\n",
            "warning",
        ),
        # another receiver: another class's method of the name may still answer with a list
        ("def stats(executor):\n    (reply,) = executor.collective_rpc('stats', unique_reply_rank=0)\n", "warning"),
    ],
)
def test_a_result_read_as_a_list_where_the_keyword_now_picks_one(
    git_repo: GitRepo, no_rules: Path, fork: str, severity: str
) -> None:
    rows = _rows(git_repo, no_rules, fork)
    line = len((HEAD + fork).splitlines())
    assert [(ln, sev) for ln, sev, _ in rows] == [(line, severity)]
    assert "unique_reply_rank" in rows[0][2] and "#28319" in rows[0][2]


@pytest.mark.parametrize(
    "fork",
    [
        # the new spelling: the result is the reply
        SUB + "    def stats(self):\n        return self.collective_rpc('stats', unique_reply_rank=0)\n",
        # no keyword, or the keyword passed as None: a list as before
        SUB + "    def stats(self):\n        (stats,) = self.collective_rpc('stats')\n",
        SUB + "    def stats(self):\n        (stats,) = self.collective_rpc('stats', unique_reply_rank=None)\n",
        SUB + "    def stats(self):\n        return self.collective_rpc('stats', timeout=5)[0]\n",
        # the fork's class answers the name itself
        SUB + "    def collective_rpc(self, method, unique_reply_rank=None):\n        return [method]\n\n"
        "    def stats(self):\n        (stats,) = self.collective_rpc('stats', unique_reply_rank=0)\n",
        # a fork mixin ahead of the owner, or a fork base between, answers the name (review60)
        "class Listed:\n    def collective_rpc(self, method, unique_reply_rank=None):\n        return [method]\n\n\n"
        "class AeonExecutor(Listed, Executor):\n"
        "    def stats(self):\n        (stats,) = self.collective_rpc('stats', unique_reply_rank=0)\n",
        "class AeonBase(Executor):\n    def collective_rpc(self, method, unique_reply_rank=None):\n        return [method]\n\n\n"
        "class AeonExecutor(AeonBase):\n"
        "    def stats(self):\n        return self.collective_rpc('stats', unique_reply_rank=0)[0]\n",
        # the fork's class binds the name to its own wrapper in its body (review60)
        "def listed(rpc):\n    return lambda self, *a, **k: [rpc(self, *a, **k)]\n\n\n"
        + SUB
        + "    collective_rpc = listed(Executor.collective_rpc)\n\n"
        "    def stats(self):\n        (stats,) = self.collective_rpc('stats', unique_reply_rank=0)\n",
        # the fork's own module function of the name, or one it imports from another module (review60)
        "def gather(workers, method, unique_reply_rank=None):\n    return [w.call(method) for w in workers]\n\n\n"
        "def stats(ws):\n    [reply] = gather(ws, 'stats', unique_reply_rank=0)\n",
        "from pkg.aeon_rpc import gather\n\n\ndef stats(ws):\n    [reply] = gather(ws, 'stats', unique_reply_rank=0)\n",
        # a try that catches what the unpack raises
        SUB
        + "    def stats(self):\n        try:\n            (stats,) = self.collective_rpc('stats', unique_reply_rank=0)\n"
        "        except ValueError:\n            stats = None\n        return stats\n",
    ],
)
def test_a_read_that_fits_or_is_answered_elsewhere_stays_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert _rows(git_repo, no_rules, fork) == []


def test_a_shape_the_base_already_picked_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream changed the file but not the shape (the base picked the element already): nothing to tell."""
    base = THEIRS
    theirs = THEIRS.replace("w.call(method, timeout)", "w.call(method, timeout=timeout)")
    fork = SUB + "    def stats(self):\n        (stats,) = self.collective_rpc('stats', unique_reply_rank=0)\n"
    sides = s.merge_case(git_repo, {EXEC: base}, {FORK: HEAD + fork}, [(SUBJECT, {EXEC: theirs})])
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT) if r[0] == FORK] == []


@pytest.mark.parametrize(
    "fork",
    [
        # an attribute store on the imported class binds no name: ``Executor`` is still upstream's
        "Executor.default_timeout = 30\n\n\n"
        "def stats(ex):\n    return Executor.collective_rpc(ex, 'stats', unique_reply_rank=0)[0]\n",
        SUB + "    def stats(self):\n        (stats,) = self.collective_rpc('stats', unique_reply_rank=0)\n\n\n"
        "Executor.registry['aeon'] = AeonExecutor\n",
        # likewise on the imported module function
        "gather.retries = 3\n\n\ndef stats(ws):\n    [reply] = gather(ws, 'stats', unique_reply_rank=0)\n",
    ],
)
def test_a_store_into_the_owner_does_not_rebind_it(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    """``X.attr = ...`` (or ``X[k] = ...``) at top level stores into upstream's object: the call still reaches it."""
    rows = _rows(git_repo, no_rules, fork)
    assert [sev for _, sev, _ in rows] == ["error"]
