"""A fork tests an attribute equal to what it was built from, which upstream now filters (drift/filtered_values.py).

#29221 (e9056056fb) made ``CudaGraphManager.cudagraph_sizes`` a filter of ``sorted(...capture_sizes)`` (the sizes
under ``max_num_reqs``).  A fork launcher asserting the manager's sizes equal the sorted configured ones merges
cleanly and fails wherever a size exceeds the cap (blind_replay_cgutils).  A warning on the comparison: written
out or through a local bound once, ``==`` or ``!=``, either order, ``self`` in a subclass.  Quiet: the filtered
value, another attribute, another source, a filter the base already applied.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/graphs.py"
BASE = """class Manager:
    def __init__(self, config):
        self.config = config
        self.cap = config.max_num_seqs
        if config.capture_sizes is not None:
            self.sizes = sorted(self.config.capture_sizes)
        else:
            self.sizes = []
        self.other = list(self.config.capture_sizes)
        self.kept = [x for x in self.config.capture_sizes if x > 0]
"""
AFTER = BASE.replace(
    "            self.sizes = sorted(self.config.capture_sizes)\n",
    "            sizes = sorted(self.config.capture_sizes)\n            self.sizes = [x for x in sizes if x <= self.cap]\n",
).replace("if x > 0]", "if x > 1]")
SUBJECT = "[Model Runner V2] Limit cudagraph size to max decode batch size (#29221)"
IMP = "from pkg.graphs import Manager\n\n\n"
FOUND = {
    "local": IMP + "def check(m: Manager) -> None:\n"
    "    wanted = sorted(m.config.capture_sizes)\n    assert m.sizes == wanted\n",
    "inline": IMP + "def check(m: Manager) -> bool:\n    return sorted(m.config.capture_sizes) != m.sizes\n",
    "subclass": IMP + "class Mine(Manager):\n    def ok(self) -> bool:\n"
    "        return self.sizes == sorted(self.config.capture_sizes)\n",
}
QUIET = {
    "filtered": IMP + "def check(m: Manager) -> None:\n"
    "    assert m.sizes == [x for x in sorted(m.config.capture_sizes) if x <= m.cap]\n",
    "other_attr": IMP + "def check(m: Manager) -> None:\n    assert m.other == list(m.config.capture_sizes)\n",
    "other_source": IMP + "def check(m: Manager) -> None:\n    assert m.sizes == sorted(m.config.other_sizes)\n",
    "kept_filter": IMP + "def check(m: Manager) -> None:\n    assert m.kept == list(m.config.capture_sizes)\n",
    "rebound": IMP + "def check(m: Manager) -> None:\n    wanted = sorted(m.config.capture_sizes)\n"
    "    wanted = wanted[:2]\n    assert m.sizes[:2] == wanted\n",
}
FORKS = {f"pkg/aeon/{name}.py": body for name, body in {**FOUND, **QUIET}.items()}


@pytest.fixture
def rows(git_repo: GitRepo) -> dict[str, list[Finding]]:
    forks = {**FORKS, "pkg/aeon/__init__.py": ""}
    return s.side_by_side(git_repo, {MOD: BASE, "pkg/__init__.py": ""}, forks, [(SUBJECT, {MOD: AFTER})], SYMBOL_DRIFT)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_test_against_the_unfiltered_source_is_warned(rows: dict[str, list[Finding]], name: str) -> None:
    path = f"pkg/aeon/{name}.py"
    line = next(i for i, t in enumerate(FORKS[path].splitlines(), 1) if "sizes ==" in t or "!= m.sizes" in t)
    got = [(f.line, f.severity.value) for f in rows[path] if "now filters" in f.message]
    assert got == [(line, "warning")], rows[path]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_what_is_no_test_against_the_old_source_stays_quiet(rows: dict[str, list[Finding]], name: str) -> None:
    assert [f for f in rows[f"pkg/aeon/{name}.py"] if "now filters" in f.message] == []
