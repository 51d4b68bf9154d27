"""Test doubles and hasattr gates spelt the other ways a fork writes them (a review of the patched-names and
version-gate classes): each is correct fork code beside upstream's rename, and none may be an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_patched_and_gated_members import BASE, BASE_PY, EAGLE, EAGLE_PY, HEAD, SUBJECT

FORK = "vllm/aeon/replay_patched.py"
INITS = {
    "vllm/v1/spec_decode/__init__.py": "",
    "vllm/v1/__init__.py": "",
    "vllm/__init__.py": "",
    "vllm/aeon/__init__.py": "",
}
P = "mock.patch.object(EagleProposer, '_raise_if_multimodal', lambda self: None)"
G = "class AeonProposer(EagleProposer):\n    def aeon_check(self) -> None:\n"


def _rows(git_repo: GitRepo, no_rules: Path, text: str) -> list[tuple[str, int, str, str]]:
    up = {BASE_PY: BASE.replace("_raise_if_multimodal", "_warn_if_multimodal")}
    sides = s.merge_case(git_repo, {BASE_PY: BASE, EAGLE_PY: EAGLE, **INITS}, {FORK: text}, [(SUBJECT, up)])
    return [row for row in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if row[0] == FORK]


QUIET = {
    # the double inside the fork's own hasattr guard, as a plain read there is quiet
    "patch in a hasattr guard": HEAD
    + f"def f():\n    if hasattr(EagleProposer, '_raise_if_multimodal'):\n        return {P}\n    return None\n",
    # a version gate around the double, as around a plain call
    "patch behind a version gate": HEAD
    + "def f():\n    if hasattr(EagleProposer, '_warn_if_multimodal'):\n"
    + f"        return mock.patch.object(EagleProposer, '_warn_if_multimodal', lambda self: None)\n    return {P}\n",
    # raising=False / create=True spelt by position
    "setattr raising by position": HEAD
    + "def f(monkeypatch):\n    monkeypatch.setattr(EagleProposer, '_raise_if_multimodal', None, False)\n",
    "patch create by position": HEAD
    + "def f():\n    return mock.patch.object(EagleProposer, '_raise_if_multimodal', None, None, True)\n",
    # the gate spelt ``if not hasattr``
    "if not hasattr gate": HEAD
    + G
    + "        if not hasattr(self, '_warn_if_multimodal'):\n            return self._raise_if_multimodal()\n"
    + "        return self._warn_if_multimodal()\n",
}


@pytest.mark.parametrize("name", list(QUIET))
def test_a_guarded_or_tolerant_spelling_is_no_error(git_repo: GitRepo, no_rules: Path, name: str) -> None:
    rows = _rows(git_repo, no_rules, QUIET[name])
    # the hasattr test itself ("always False now") is another check's finding
    assert [r for r in rows if r[2] == "error" and not r[3].startswith("hasattr(")] == [], rows


def test_raising_true_by_position_is_still_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    text = HEAD + "def f(monkeypatch):\n    monkeypatch.setattr(EagleProposer, '_raise_if_multimodal', None, True)\n"
    assert any(r[2] == "error" for r in _rows(git_repo, no_rules, text))
