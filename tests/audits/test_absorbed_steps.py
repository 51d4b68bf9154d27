"""A step a method's caller ran before calling it, which the method now runs itself (drift/absorbed_steps.py).

#13311 (6a854c7a2b) moved ``self.apply_temperature(...)`` out of ``Sampler.forward`` into ``Sampler.sample``.  A
fork pipeline running ``sampler.apply_temperature(...)`` then ``sampler.sample(...)`` divides twice now
(blind_replay_sample2).  A warning on the ``sample`` call: through a parameter annotated with the class (bare,
dotted, quoted) or ``self`` in a fork subclass, with the step assigned or run as a statement.  Quiet: the callee
alone, the step after it, another receiver, another class, a subclass overriding the callee, the kept step of a
method whose callee did not absorb it.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/sampler.py"
BASE = """class Sampler:
    def forward(self, logits, md):
        logits = self.apply_bias(logits, md)
        logits = self.apply_temperature(logits, md.temperature)
        self.normalize(logits)
        return self.sample(logits, md)

    def apply_bias(self, logits, md):
        return logits

    def apply_temperature(self, logits, temp):
        return logits / temp

    def normalize(self, logits):
        logits.clamp_(-1e4, 1e4)

    def sample(self, logits, md):
        return logits.argmax(-1)


class Other:
    def forward(self, logits, md):
        logits = self.apply_temperature(logits, md.temperature)
        return self.sample(logits, md)

    def apply_temperature(self, logits, temp):
        return logits / temp

    def sample(self, logits, md):
        return logits.argmax(-1)
"""
AFTER = BASE.replace(
    "        logits = self.apply_temperature(logits, md.temperature)\n        self.normalize(logits)\n"
    "        return self.sample(logits, md)",
    "        return self.sample(logits, md)",
).replace(
    "    def sample(self, logits, md):\n        return logits.argmax(-1)\n\n\nclass Other",
    "    def sample(self, logits, md):\n        if md.all_greedy:\n            return logits.argmax(-1)\n"
    "        logits = self.apply_temperature(logits, md.temperature)\n        self.normalize(logits)\n"
    "        return logits.argmax(-1)\n\n\nclass Other",
)
SUBJECT = "[V1][Sampler] Don't apply temp for greedy-only (#13311)"
IMP = "from pkg.sampler import Sampler\nfrom pkg import sampler as sm\n\n\n"
FOUND = {
    "pipeline": IMP + "def run(s: Sampler, logits, md):\n"
    "    logits = s.apply_temperature(logits, md.temperature)\n    return s.sample(logits, md)\n",
    "dotted": IMP + "def run(s: sm.Sampler, logits, md):\n"
    "    logits = s.apply_temperature(logits, md.temperature)\n    out = s.sample(logits, md)\n    return out\n",
    "statement": IMP + "def run(s: 'Sampler', logits, md):\n    s.normalize(logits)\n    return s.sample(logits, md)\n",
    "subclass": IMP + "class Mine(Sampler):\n    def forward(self, logits, md):\n"
    "        logits = self.apply_temperature(logits, md.temperature)\n        return self.sample(logits, md)\n",
}
QUIET = {
    "alone": IMP + "def run(s: Sampler, logits, md):\n    return s.sample(logits, md)\n",
    "after": IMP + "def run(s: Sampler, logits, md):\n"
    "    out = s.sample(logits, md)\n    s.apply_temperature(logits, md.temperature)\n    return out\n",
    "other_receiver": IMP + "def run(s: Sampler, t: Sampler, logits, md):\n"
    "    logits = t.apply_temperature(logits, md.temperature)\n    return s.sample(logits, md)\n",
    "other_class": "from pkg.sampler import Other\n\n\ndef run(s: Other, logits, md):\n"
    "    logits = s.apply_temperature(logits, md.temperature)\n    return s.sample(logits, md)\n",
    "overrides": IMP + "class Mine(Sampler):\n    def forward(self, logits, md):\n"
    "        logits = self.apply_temperature(logits, md.temperature)\n        return self.sample(logits, md)\n\n"
    "    def sample(self, logits, md):\n        return logits.argmax(-1)\n",
    "kept_step": IMP + "def run(s: Sampler, logits, md):\n"
    "    logits = s.apply_bias(logits, md)\n    return s.sample(logits, md)\n",
}
FORKS = {f"pkg/aeon/{name}.py": body for name, body in {**FOUND, **QUIET}.items()}


@pytest.fixture
def rows(git_repo: GitRepo) -> dict[str, list[Finding]]:
    forks = {**FORKS, "pkg/aeon/__init__.py": ""}
    return s.side_by_side(git_repo, {MOD: BASE, "pkg/__init__.py": ""}, forks, [(SUBJECT, {MOD: AFTER})], SYMBOL_DRIFT)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_step_then_the_method_now_running_it_is_warned(rows: dict[str, list[Finding]], name: str) -> None:
    path = f"pkg/aeon/{name}.py"
    line = next(i for i, t in enumerate(FORKS[path].splitlines(), 1) if ".sample(" in t)
    got = [(f.line, f.severity.value) for f in rows[path] if "runs twice" in f.message]
    assert got == [(line, "warning")], rows[path]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_what_runs_the_step_once_stays_quiet(rows: dict[str, list[Finding]], name: str) -> None:
    assert [f for f in rows[f"pkg/aeon/{name}.py"] if "runs twice" in f.message] == []
