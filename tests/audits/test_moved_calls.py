"""Moved calls: upstream moved a step from a method into a method it calls; a fork doing the step first does it twice.

Shaped like #13311 (6a854c7a2b): ``Sampler.forward``'s ``self.apply_temperature(...)`` moved into
``Sampler.sample``, and a fork's ``sampler.apply_temperature(...)`` then ``sampler.sample(...)`` divides twice.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "pkg/sampler.py"
LIB_BASE = """class Sampler:
    def forward(self, logits, md):
        logits = self.apply_bias(logits, md)
        logits = self.scale(logits, md.temperature)
        return self.sample(logits, md)

    def apply_bias(self, logits, md):
        return logits + md.bias

    def scale(self, logits, t):
        return logits / t

    def sample(self, logits, md):
        if md.greedy:
            return logits.argmax()
        return logits.softmax()
"""
MOVED = LIB_BASE.replace("        logits = self.scale(logits, md.temperature)\n", "").replace(
    "        return logits.softmax()\n",
    "        logits = self.scale(logits, md.temperature)\n        return logits.softmax()\n",
)
KEPT = LIB_BASE.replace(
    "        return logits.softmax()\n",
    "        logits = self.scale(logits, md.temperature)\n        return logits.softmax()\n",
)
SUBJECT = "[V1][Sampler] Don't apply temp for greedy-only (#13311)"
BASE = {LIB: LIB_BASE, "pkg/__init__.py": ""}
HEAD = "# AEON: the drafter's own pipeline\nfrom pkg.sampler import Sampler\n\n\n"

WARNED = [
    "def aeon_draw(sampler: Sampler, logits, md):\n    logits = sampler.scale(logits, md.temperature)\n"
    "    return sampler.sample(logits, md)\n",
    # a fork subclass's own method, through ``self``
    "class AeonSampler(Sampler):\n    def aeon_draw(self, logits, md):\n        x = self.scale(logits, 0.7)\n"
    "        y = self.apply_bias(x, md)\n        return self.sample(y, md)\n",
    # the result not even bound: a statement call, then the method in a return expression
    "def aeon_draw2(s: Sampler, logits, md):\n    s.scale(logits, 2.0)\n    return [s.sample(logits, md)]\n",
]
QUIET = [
    "def aeon_scale(sampler: Sampler, logits, md):\n    return sampler.scale(logits, md.temperature)\n",
    "def aeon_draw(sampler: Sampler, logits, md):\n    return sampler.sample(logits, md)\n",
    # the method called first
    "def aeon_draw(sampler: Sampler, logits, md):\n    out = sampler.sample(logits, md)\n"
    "    return sampler.scale(out, md.temperature)\n",
    # another receiver
    "def aeon_draw(sampler: Sampler, other: Sampler, logits, md):\n    logits = other.scale(logits, 1.0)\n"
    "    return sampler.sample(logits, md)\n",
    # a receiver the engine cannot type
    "def aeon_draw(sampler, logits, md):\n    logits = sampler.scale(logits, 1.0)\n    return sampler.sample(logits, md)\n",
    # the fork's own class of the name
    "class Knob:\n    def scale(self, x, t):\n        return x\n\n    def sample(self, x, md):\n        return x\n\n\n"
    "def aeon_knob(k: Knob, logits, md):\n    logits = k.scale(logits, 1.0)\n    return k.sample(logits, md)\n",
]


def _rows(git_repo: GitRepo, no_rules: Path, bodies: list[str], new: str) -> list[list[str]]:
    forks = {f"pkg/aeon_row_{n}.py": HEAD + body for n, body in enumerate(bodies)}
    found = s.audited_side_by_side(git_repo, no_rules, BASE, forks, [(SUBJECT, {LIB: new})], RULE)
    return [[f.message for f in found[path] if "now calls self." in f.message] for path in forks]


def test_a_step_then_the_method_it_moved_into_is_warned_and_twins_stay_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    rows = _rows(git_repo, no_rules, WARNED + QUIET, MOVED)
    assert [bool(r) for r in rows] == [True] * len(WARNED) + [False] * len(QUIET)
    assert "Sampler.sample now calls self.scale itself" in rows[0][0] and "Sampler.forward" in rows[0][0]


@pytest.mark.parametrize("new", [KEPT, LIB_BASE.replace("return logits / t", "return logits / max(t, 1e-5)")])
def test_a_step_kept_in_the_caller_or_not_moved_stays_quiet(git_repo: GitRepo, no_rules: Path, new: str) -> None:
    assert _rows(git_repo, no_rules, WARNED[:1], new) == [[]]
