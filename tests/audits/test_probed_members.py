"""A fork line on a path chosen by a probe of a member the merge added or removed: a warning, not an error.

#28083 renamed ``Qwen3NextGatedDeltaNet._forward`` ``_forward_core``; a fork bridging both releases writes
``if hasattr(Qwen3NextGatedDeltaNet, "_forward_core"): return self._forward_core(*args)`` and then the old
call.  #27968 renamed ``make_empty_intmd_tensors``; a fork reads ``getattr(model, "make_empty_intermediate_tensors",
None)`` and falls back on the old name.  Symbol drift saw the old spelling and erred; the old path never runs
after the merge (``drift/probed_members.py``).  A probe of a member upstream did not change, and the branch
that runs after the merge, keep the error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MODEL = "vllm/model_executor/models/gdn.py"
BASE = """class GatedDeltaNet:
    def forward(self, hidden_states, output):
        return self._forward(hidden_states, output)

    def _forward(self, hidden_states, output):
        return output


class Model:
    def __init__(self) -> None:
        self.make_empty_intmd_tensors = dict
"""
UPSTREAM = BASE.replace("_forward(", "_forward_core(").replace(
    "make_empty_intmd_tensors", "make_empty_intermediate_tensors"
)
FORK = "vllm/model_executor/models/aeon_gdn.py"
SUBJECT = "[PERF] Decouple projections from GDN custom op (#28083)"
HEAD = "from vllm.model_executor.models.gdn import GatedDeltaNet, Model\n\n\n"
GATE_RETURN = HEAD + (
    "class AeonNet(GatedDeltaNet):\n"
    "    def aeon_core(self, *args):\n"
    "        if hasattr(GatedDeltaNet, '_forward_core'):\n"
    "            return self._forward_core(*args)\n"
    "        return self._forward(*args)\n"
)
GATE_OTHER = HEAD + (
    "class AeonNet(GatedDeltaNet):\n"
    "    def aeon_core(self, *args):\n"
    "        if hasattr(Model, 'make_empty_intermediate_tensors'):\n"
    "            return self._forward_core(*args)\n"
    "        return self._forward(*args)\n"
)
GATE_ELSE = HEAD + (
    "class AeonNet(GatedDeltaNet):\n"
    "    def aeon_core(self, *args):\n"
    "        if hasattr(self, '_forward_core'):\n"
    "            out = self._forward_core(*args)\n"
    "        else:\n"
    "            out = self._forward(*args)\n"
    "        return out\n"
)
FALLBACK = HEAD + (
    "def aeon_factory(model: Model):\n"
    "    factory = getattr(model, 'make_empty_intermediate_tensors', None)\n"
    "    return factory if factory is not None else model.make_empty_intmd_tensors\n"
)
UNGATED = HEAD + (
    "class AeonNet(GatedDeltaNet):\n    def aeon_core(self, *args):\n        return self._forward(*args)\n"
)
KEPT_PROBE = HEAD + (
    "class AeonNet(GatedDeltaNet):\n"
    "    def aeon_core(self, *args):\n"
    "        if hasattr(GatedDeltaNet, 'forward'):\n"
    "            return self._forward(*args)\n"
    "        return None\n"
)


def findings(repo: GitRepo, config: Path, fork: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, {MODEL: BASE}, {FORK: fork}, [(SUBJECT, {MODEL: UPSTREAM})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    ("fork", "line", "probed"),
    [
        (GATE_RETURN, 8, "_forward_core"),
        (GATE_OTHER, 8, "make_empty_intermediate_tensors"),
        (FALLBACK, 6, "make_empty_intermediate_tensors"),
    ],
    ids=["a hasattr gate that returns", "a gate on another member the merge adds", "a getattr flag's fallback"],
)
def test_the_old_spelling_on_the_path_without_the_new_member_is_a_warning(
    git_repo: GitRepo, no_rules: Path, fork: str, line: int, probed: str
) -> None:
    found = findings(git_repo, no_rules, fork)
    assert [f for f in found if f[1] == "error"] == []
    on_line = [f for f in found if f[0] == line]
    if fork is GATE_RETURN:
        # the gate tests the name upstream renamed ``_forward`` to: symbol drift's renamed-probe reading
        # (drift/renamed_probes.py) leaves the old read on the failing path quiet before this module sees it
        assert on_line == []
        return
    if fork is FALLBACK:
        # the probe held in a name is a version gate (drift/version_gates.py, fallbacks.held_refuting), and
        # upstream sets the asked member (``self.make_empty_intermediate_tensors = ...``): the fallback never
        # runs after the merge, so the use is dropped before this module sees it
        assert on_line == []
        return
    [(_, severity, message)] = on_line
    assert severity == "warning"
    assert f"on the fork's path for a release without {probed}, which upstream adds in this merge" in message


@pytest.mark.parametrize(
    ("fork", "line"),
    [(UNGATED, 6), (KEPT_PROBE, 7), (KEPT_PROBE.replace("'forward'", "'_forward_core'"), 7)],
    ids=["no gate", "a kept member", "the branch that runs"],
)
def test_the_old_spelling_off_the_path_left_behind_stays_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, line: int
) -> None:
    found = findings(git_repo, no_rules, fork)
    assert (line, "error") in [(at, severity) for at, severity, _ in found]


def test_a_gate_on_self_with_an_else_stays_without_error(git_repo: GitRepo, no_rules: Path) -> None:
    """The ``if``/``else`` on ``self``'s member: quiet before and after this module (the gate's own reading)."""
    assert [f for f in findings(git_repo, no_rules, GATE_ELSE) if f[1] == "error"] == []


SKIPPED = HEAD + (
    "import pytest\n\n\n"
    "@pytest.mark.skipif(hasattr(Model, 'make_empty_intermediate_tensors'), reason='renamed upstream')\n"
    "def test_aeon_old_factory() -> None:\n"
    "    assert Model().make_empty_intmd_tensors is dict\n"
)


@pytest.mark.parametrize(
    ("fork", "expected"),
    [
        (SKIPPED, "warning"),
        # skipped unless the new member is there: the test runs after the merge, and its old read fails
        (SKIPPED.replace("mark.skipif(hasattr", "mark.skipif(not hasattr"), "error"),
    ],
    ids=["skipped-once-added", "runs-once-added"],
)
def test_a_test_skipped_by_a_probe_of_the_added_member(
    git_repo: GitRepo, no_rules: Path, fork: str, expected: str
) -> None:
    """review70: a test a ``skipif`` of the new member skips is the old release's; it no longer runs."""
    found = findings(git_repo, no_rules, fork)
    assert [severity for at, severity, _ in found if at == 9] == [expected]
