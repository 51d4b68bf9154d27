"""A hook the caller ran on each step of its loop and now reaches outside the loop only: a fork override thinned.

#33503 (4aaaf8c8ce) fused the EAGLE draft loop's slot-mapping and position updates into one kernel:
``propose`` wrote each step's positions through ``self._set_positions(batch_size, clamped_positions)`` and
now has the kernel write them, calling ``_set_positions`` on the first pass only.  A fork subclass's
override (mirroring positions into its own graph buffer) merges cleanly and no longer runs on the draft
steps (blind_replay_eagle2).  Warnings (upstream may have made the work needless there): an override, a
class-level alias, a subclass of the file's heir class.  Quiet: an override of the caller too, an override
of a hook the loop still calls, a loop that reaches the hook through a helper or hands ``self`` on.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

PROPOSER = "pkg/spec/proposer.py"
BASE = """class Base:
    def write(self, n: int, positions) -> None:
        self.positions[:n] = positions

    def slots(self, n: int):
        return self.slots_buf[:n]

    def helper(self, n: int, positions) -> None:
        self.write(n, positions)

    def run(self, n: int, positions, steps: int):
        self.write(n, positions)
        for _ in range(steps):
            positions = positions + 1
            self.write(n, positions)
            self.slots(n)
        return positions


class Proposer(Base):
    def name(self) -> str:
        return "eagle"
"""
FUSED = BASE.replace(
    "            positions = positions + 1\n            self.write(n, positions)\n",
    "            fused_step(self.positions, n)\n            positions = self.positions[:n]\n",
)
VIA_HELPER = BASE.replace(
    "            self.write(n, positions)\n            self.slots",
    "            self.helper(n, positions)\n            self.slots",
)
HANDED = BASE.replace(
    "            positions = positions + 1\n            self.write(n, positions)\n", "            fused_step(self, n)\n"
)
SUBJECT = "feat(spec_decode): fuse EAGLE step slot mapping and metadata updates (#33503)"
HEAD = "from pkg.spec.proposer import Base, Proposer\n\n\n"
OVERRIDE = "    def write(self, n: int, positions) -> None:\n        super().write(n, positions)\n        self.mine[:n] = positions\n"

FOUND = {
    "override": (HEAD + "class A(Proposer):\n" + OVERRIDE, "def write(self, n: int, positions) -> None:"),
    "on_base": (HEAD + "class B(Base):\n" + OVERRIDE, "def write(self, n: int, positions) -> None:"),
    "alias": (
        HEAD + "def mine(self, n: int, positions) -> None:\n    self.mine[:n] = positions\n\n\n"
        "class C(Proposer):\n    write = mine\n",
        "write = mine",
    ),
}
QUIET = {
    "caller_too": HEAD + "class D(Proposer):\n" + OVERRIDE + "\n    def run(self, n: int, positions, steps: int):\n"
    "        return positions\n",
    "still_called": HEAD + "class E(Proposer):\n    def slots(self, n: int):\n        return self.slots_buf[: n + 1]\n",
    "own_class": "class Base:\n    def write(self, n: int, positions) -> None:\n        self.mine = positions\n",
}
FORKS = {f"pkg/aeon/{name}.py": text for name, (text, _) in FOUND.items()} | {
    f"pkg/aeon/{name}.py": text for name, text in QUIET.items()
}
INITS = {f"{d}/__init__.py": "" for d in ("pkg", "pkg/spec", "pkg/aeon")}


def findings(repo: GitRepo, after: str = FUSED, forks: dict[str, str] = FORKS) -> dict[str, list[Finding]]:
    rows = s.side_by_side(repo, {**INITS, PROPOSER: BASE}, forks, [(SUBJECT, {PROPOSER: after})], SYMBOL_DRIFT)
    return {path: [f for f in found if "loop" in f.message] for path, found in rows.items()}


@pytest.mark.parametrize("name", sorted(FOUND))
def test_an_override_the_loop_no_longer_runs_is_warned(git_repo: GitRepo, name: str) -> None:
    text, line = FOUND[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, line), "warning")]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []


@pytest.mark.parametrize("after", [VIA_HELPER, HANDED], ids=["via_helper", "self_handed_on"])
def test_a_loop_that_may_still_reach_the_hook_is_quiet(git_repo: GitRepo, after: str) -> None:
    forks = {"pkg/aeon/override.py": FOUND["override"][0]}
    assert findings(git_repo, after, forks)["pkg/aeon/override.py"] == []
