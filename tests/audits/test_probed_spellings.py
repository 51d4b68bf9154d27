"""The other spellings of a probe that leaves a path behind (``drift/probed_members.py``), from review64's twins.

A fork bridging #28083's ``_forward`` -> ``_forward_core`` writes more than an ``if hasattr(...)``: ``getattr(self,
"_forward_core", None) or self._forward``, a walrus in the test, the new name tried under ``except
AttributeError``, the probe in a helper function or a class attribute, the old spelling first under a probe of the
old name (gone after the merge: False), and for #25863's renamed parameter ``"intermediate_size" in
inspect.signature(MLP).parameters``.  Each leaves the old spelling on a path that no longer runs: a warning.  The
eager ``getattr`` default, the old spelling first in an ``or``, and a try reading no added member keep the error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits import test_probed_members as probed
from tests.audits import test_repurposed_slots as slots
from tests.audits.conftest import GitRepo

NET = probed.HEAD + "class AeonNet(GatedDeltaNet):\n    def aeon_core(self, *args):\n"
OR = NET + "        core = getattr(self, '_forward_core', None) or self._forward\n        return core(*args)\n"
WALRUS = NET + (
    "        if (core := getattr(self, '_forward_core', None)) is not None:\n"
    "            return core(*args)\n"
    "        return self._forward(*args)\n"
)
EXCEPT = NET + (
    "        try:\n"
    "            core = self._forward_core\n"
    "        except AttributeError:\n"
    "            core = self._forward\n"
    "        return core(*args)\n"
)
HELPER = probed.HEAD + (
    "def _has_core() -> bool:\n"
    "    return hasattr(GatedDeltaNet, '_forward_core')\n\n\n"
    "class AeonNet(GatedDeltaNet):\n"
    "    def aeon_core(self, *args):\n"
    "        if _has_core():\n"
    "            return self._forward_core(*args)\n"
    "        return self._forward(*args)\n"
)
CLASS_FLAG = probed.HEAD + (
    "class AeonNet(GatedDeltaNet):\n"
    "    _has_core = hasattr(GatedDeltaNet, '_forward_core')\n\n"
    "    def aeon_core(self, *args):\n"
    "        if self._has_core:\n"
    "            return self._forward_core(*args)\n"
    "        return self._forward(*args)\n"
)
OLD_FIRST = NET + (
    "        if hasattr(GatedDeltaNet, '_forward'):\n"
    "            return self._forward(*args)\n"
    "        return self._forward_core(*args)\n"
)
EAGER = NET + "        core = getattr(self, '_forward_core', self._forward)\n        return core(*args)\n"
OLD_IN_OR = NET + "        core = self._forward or getattr(self, '_forward_core', None)\n        return core(*args)\n"
OTHER_TRY = NET + (
    "        try:\n"
    "            core = self.forward\n"
    "        except AttributeError:\n"
    "            core = self._forward\n"
    "        return core(*args)\n"
)
REASSIGNED_FLAG = CLASS_FLAG.replace(
    "    def aeon_core", "    def aeon_off(self) -> None:\n        self._has_core = False\n\n    def aeon_core"
)


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line + "\n")


@pytest.mark.parametrize(
    ("fork", "old"),
    [
        (OR, "or self._forward"),
        (WALRUS, "return self._forward("),
        (EXCEPT, "core = self._forward\n"),
        (HELPER, "return self._forward("),
        (CLASS_FLAG, "return self._forward("),
        (OLD_FIRST, "return self._forward("),
    ],
    ids=["getattr or the old", "a walrus", "except AttributeError", "a helper function", "a class flag", "old first"],
)
def test_the_old_spelling_a_probe_leaves_behind_is_a_warning(
    git_repo: GitRepo, no_rules: Path, fork: str, old: str
) -> None:
    found = probed.findings(git_repo, no_rules, fork)
    assert [f for f in found if f[1] == "error"] == []
    assert (line_of(fork, old), "warning") in [(at, severity) for at, severity, _ in found]


@pytest.mark.parametrize(
    ("fork", "old"),
    [
        (EAGER, "self._forward)"),
        (OLD_IN_OR, "self._forward or"),
        (OTHER_TRY, "core = self._forward\n"),
        (REASSIGNED_FLAG, "return self._forward("),
    ],
    ids=["an eager default", "the old first in an or", "a try reading no added member", "a flag assigned again"],
)
def test_the_old_spelling_that_still_runs_stays_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, old: str
) -> None:
    found = probed.findings(git_repo, no_rules, fork)
    assert (line_of(fork, old), "error") in [(at, severity) for at, severity, _ in found]


SIGNATURE = (
    "import inspect\n\n"
    "from vllm.model_executor.models.hybrid import MLP\n\n"
    "_SIZED = 'intermediate_size' in inspect.signature(MLP).parameters\n\n\n"
    "class AeonMLP(MLP):\n"
    "    def __init__(self, config, layer_idx: int, quant_config=None) -> None:\n"
    "        if _SIZED:\n"
    "            super().__init__(config, config.sizes[layer_idx], quant_config)\n"
    "        else:\n"
    "            super().__init__(config, layer_idx, quant_config)\n"
)


def slot_findings(repo: GitRepo, config: Path, fork: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo, {slots.MODEL: slots.BASE}, {slots.FORK: fork}, [(slots.SUBJECT, {slots.MODEL: slots.SIZED})]
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == slots.FORK]


def test_a_signature_probe_of_the_new_parameter_leaves_the_old_call_behind(git_repo: GitRepo, no_rules: Path) -> None:
    """The parameter ``intermediate_size`` is defined on an added line of the signature, though the callee once
    computed a local of the name: a local is no parameter."""
    assert slot_findings(git_repo, no_rules, SIGNATURE) == [(line_of(SIGNATURE, "config, layer_idx, quant"), "warning")]


def test_a_signature_probe_of_another_parameter_keeps_the_error(git_repo: GitRepo, no_rules: Path) -> None:
    fork = SIGNATURE.replace("'intermediate_size'", "'quant_config'")
    assert (line_of(fork, "config, layer_idx, quant"), "error") in slot_findings(git_repo, no_rules, fork)


def test_a_probe_of_the_removed_member_says_the_release_it_was_for(git_repo: GitRepo, no_rules: Path) -> None:
    [message] = [
        m for at, _, m in probed.findings(git_repo, no_rules, OLD_FIRST) if at == line_of(OLD_FIRST, "self._forward(")
    ]
    assert "on the fork's path for a release with _forward, which upstream removes in this merge" in message


def test_a_helper_defined_twice_is_no_probe_and_no_crash(git_repo: GitRepo, no_rules: Path) -> None:
    """A helper the file defines twice (a fallback ``def`` under ``if``/``else``, or redefined later) answers by
    whichever ran last: not read as a probe.  The check unpacked one definition per name and raised ValueError
    on the second (blind_replay_protocol2 crashed on it); the old spelling keeps its error."""
    twice = HELPER.replace(
        "def _has_core() -> bool:\n",
        "def _has_core() -> bool:\n    return False\n\n\ndef _has_core() -> bool:\n",
    )
    found = probed.findings(git_repo, no_rules, twice)
    assert (line_of(twice, "return self._forward("), "error") in [(at, severity) for at, severity, _ in found]
