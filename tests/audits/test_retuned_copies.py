"""A fork comparison copying an upstream one whose numeric constant upstream retuned (drift/retuned_copies.py).

#36684 (891c60dcd5) raised ``_get_kv_cache_groups_uniform_page_size``'s hybrid-grouping threshold:
``if max_num_layers < min_num_layers * 1.25:`` became ``... * 1.5:``.  A fork planner holding a copy of the old
test merges cleanly and predicts another grouping than upstream builds (blind_replay_kvutils2).  A warning on the
fork's comparison, wherever it sits (an ``if``, a ``return``, a ``while``, an operand of ``and``, a method).
Quiet: upstream's new test, another constant, other names, a module constant holding the old value alone, a short
test (``n < 2``: a coincidence), a retune that also renamed, and upstream's own file.
A module constant of the old value whose comment (on its line or just above) names the def holding the test is a
copy too (mend79: #36684's ``AEON_GROUP_PAD_RATIO = 1.25  # vLLM's _get_kv_cache_groups_uniform_page_size``);
quiet when it names another def, holds another value, is a function's local, or the retune also renamed.
The fork's numbers are compared as values (``1.250`` is ``1.25``); a number changed in the comment beside a test
retunes nothing (perf48).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOD = "pkg/kvutils.py"
BASE = """def group_size(same_type_layers: dict[str, list[str]]) -> int:
    min_num_layers = min(len(v) for v in same_type_layers.values())
    max_num_layers = max(len(v) for v in same_type_layers.values())
    if max_num_layers < min_num_layers * 1.25:
        # pad to the larger type
        return max_num_layers
    return min_num_layers


def short(n: int) -> int:
    if n < 2:
        return 0
    return n


def renamed(a_long_name: int, other_value: int) -> bool:
    return a_long_name < other_value * 4


def capped(max_num_layers: int, budget_layers: int) -> bool:
    return max_num_layers > budget_layers  # 8 per group
"""
AFTER = (
    BASE.replace(
        "min_num_layers * 1.25:\n        # pad to the larger type", "min_num_layers * 1.5:\n        # pad more"
    )
    .replace("if n < 2:", "if n < 3:")
    .replace("a_long_name < other_value * 4", "b_long_name < other_value * 8")
    .replace("def renamed(a_long_name: int", "def renamed(b_long_name: int")
    .replace("# 8 per group", "# 16 per group")
)
SUBJECT = "fix(kv-cache): increase hybrid attention grouping threshold from 1.25 to 1.5 (#36684)"
FOUND = {
    "verbatim": "def plan(max_num_layers: int, min_num_layers: int) -> int:\n"
    "    if max_num_layers < min_num_layers * 1.25:\n        return max_num_layers\n    return min_num_layers\n",
    "returned": "def pads(max_num_layers: int, min_num_layers: int) -> bool:\n"
    "    return max_num_layers < min_num_layers * 1.25\n",
    "operand": "def pads2(eagle: bool, max_num_layers: int, min_num_layers: int) -> bool:\n"
    "    if eagle and max_num_layers < min_num_layers * 1.25:\n        return True\n    return False\n",
    "method": "class Planner:\n    def pads(self, max_num_layers: int, min_num_layers: int) -> bool:\n"
    "        while max_num_layers < min_num_layers * 1.25:\n            return True\n        return False\n",
    "reformatted": "def pads3(max_num_layers: int, min_num_layers: int) -> bool:\n"
    "    ok = (max_num_layers < min_num_layers * 1.25)\n    return ok\n",
    "documented": "PAD_RATIO = 1.25  # pkg.kvutils.group_size's threshold\n\n\n"
    "def plan(hi: int, lo: int) -> bool:\n    return hi < lo * PAD_RATIO\n",
    "documented_above": "# the ratio of group_size (pkg/kvutils.py)\nPAD_RATIO: float = 1.25\n",
    "documented_unused": "GROUP_PAD = 1.25  # vLLM's group_size pads below this ratio\n",
    # the fork's numbers are asked by value: another spelling of the old one is the old one
    "documented_spelled": "PAD_RATIO = 1.250  # group_size's threshold\n",
}
QUIET = {
    "new": "def plan(max_num_layers: int, min_num_layers: int) -> bool:\n"
    "    return max_num_layers < min_num_layers * 1.5\n",
    "other_constant": "def plan(max_num_layers: int, min_num_layers: int) -> bool:\n"
    "    return max_num_layers < min_num_layers * 1.3\n",
    "other_names": "def plan(max_n: int, min_n: int) -> bool:\n    return max_n < min_n * 1.25\n",
    "constant": "PAD_RATIO = 1.25\n\n\ndef plan(hi: int, lo: int) -> bool:\n    return hi < lo * PAD_RATIO\n",
    "documented_other_def": "PAD_RATIO = 1.25  # as in short()\n",
    "documented_other_value": "PAD_RATIO = 1.3  # group_size's threshold, raised for eagle\n",
    "documented_local": "def plan(hi: int, lo: int) -> bool:\n"
    "    ratio = 1.25  # group_size's threshold\n    return hi < lo * ratio\n",
    "documented_renamed_retune": "SCALE = 4  # renamed()'s factor\n",
    "documented_far_above": "# group_size's threshold\n\nPAD_RATIO = 1.25\n",
    "short": "def cut(n: int) -> int:\n    if n < 2:\n        return 1\n    return n\n",
    "renamed_retune": "def cmp(a_long_name: int, other_value: int) -> bool:\n"
    "    return a_long_name < other_value * 4\n",
    # upstream changed a number in the comment beside its test: the test reads the same, nothing was retuned
    "comment_retune": "def over(max_num_layers: int, budget_layers: int, n: int) -> bool:\n"
    "    return max_num_layers > budget_layers and n > 8\n",
}
FORKS = {f"pkg/aeon/{name}.py": body for name, body in {**FOUND, **QUIET}.items()}


@pytest.fixture
def rows(git_repo: GitRepo) -> dict[str, list[Finding]]:
    forks = {**FORKS, "pkg/aeon/__init__.py": ""}
    return s.side_by_side(git_repo, {MOD: BASE, "pkg/__init__.py": ""}, forks, [(SUBJECT, {MOD: AFTER})], SYMBOL_DRIFT)


@pytest.mark.parametrize("name", sorted(FOUND))
def test_a_copy_of_a_retuned_comparison_is_warned(rows: dict[str, list[Finding]], name: str) -> None:
    path = f"pkg/aeon/{name}.py"
    line = next(i for i, t in enumerate(FORKS[path].splitlines(), 1) if "1.25" in t)
    got = [(f.line, f.severity.value) for f in rows[path]]
    assert got == [(line, "warning")], rows[path]
    assert "min_num_layers * 1.5" in rows[path][0].message


@pytest.mark.parametrize("name", sorted(QUIET))
def test_what_is_no_copy_of_the_old_comparison_stays_quiet(rows: dict[str, list[Finding]], name: str) -> None:
    assert rows[f"pkg/aeon/{name}.py"] == []
