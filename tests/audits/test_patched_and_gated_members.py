"""A test double on a gone member, and a gone member behind a ``hasattr`` version gate.

Shaped like #41752 (2d7d6cf765), which renamed ``SpecDecodeBaseProposer._raise_if_multimodal`` to
``_warn_if_multimodal``: a fork's ``mock.patch.object(EagleProposer, "_raise_if_multimodal", ...)`` (or
``monkeypatch.setattr``) merges cleanly and raises AttributeError once merged (patched_names.py); a fork's
``if hasattr(self, "_warn_if_multimodal"): ...`` before the old spelling is a version gate, quiet when
upstream defines the asked name and a warning when it does not (version_gates.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PY = "vllm/v1/spec_decode/llm_base_proposer.py"
EAGLE_PY = "vllm/v1/spec_decode/eagle.py"
BASE = """class SpecDecodeBaseProposer:
    def __init__(self) -> None:
        self._raise_if_multimodal()

    def _raise_if_multimodal(self):
        raise NotImplementedError("multimodal")

    def _raise_if_mrope(self):
        pass
"""
EAGLE = "from vllm.v1.spec_decode.llm_base_proposer import SpecDecodeBaseProposer\n\n\nclass EagleProposer(SpecDecodeBaseProposer):\n    pass\n"
SUBJECT = "[Spec Decode] Allow multimodal models with a warning (#41752)"
FORK = "vllm/aeon/replay_patched.py"
HEAD = "from unittest import mock\n\nfrom vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, new_name: str = "_warn_if_multimodal") -> list:
    upstream = BASE.replace("_raise_if_multimodal", new_name)
    sides = s.merge_case(
        git_repo,
        {
            BASE_PY: BASE,
            EAGLE_PY: EAGLE,
            "vllm/v1/spec_decode/__init__.py": "",
            "vllm/v1/__init__.py": "",
            "vllm/__init__.py": "",
        },
        {FORK: HEAD + body},
        [(SUBJECT, {BASE_PY: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK]


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_allow():\n    return mock.patch.object(EagleProposer, '_raise_if_multimodal', lambda self: None)\n",
        "def aeon_allow():\n    return mock.patch.object(EagleProposer, '_raise_if_multimodal', create=False)\n",
        "def aeon_allow(monkeypatch):\n    monkeypatch.setattr(EagleProposer, '_raise_if_multimodal', lambda self: None)\n",
    ],
    ids=["patch.object", "patch.object create=False", "monkeypatch.setattr"],
)
def test_a_double_on_a_gone_member_is_an_error(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    [(_, line, severity, message)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (7, "error")
    assert "_raise_if_multimodal" in message and "raises AttributeError" in message


@pytest.mark.parametrize(
    "body",
    [
        # a kept member
        "def aeon_allow():\n    return mock.patch.object(EagleProposer, '_raise_if_mrope', lambda self: None)\n",
        # the double may create the member
        "def aeon_allow():\n    return mock.patch.object(EagleProposer, '_raise_if_multimodal', None, create=True)\n",
        "def aeon_allow(monkeypatch):\n"
        "    monkeypatch.setattr(EagleProposer, '_raise_if_multimodal', None, raising=False)\n",
        # the new name
        "def aeon_allow():\n    return mock.patch.object(EagleProposer, '_warn_if_multimodal', lambda self: None)\n",
        # an untyped object: which class is unknown
        "def aeon_allow(proposer):\n    return mock.patch.object(proposer, '_raise_if_multimodal', lambda self: None)\n",
    ],
    ids=["kept", "create=True", "raising=False", "new name", "untyped"],
)
def test_a_double_the_change_does_not_break_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


GATED = (
    "class AeonProposer(EagleProposer):\n"
    "    def aeon_check(self) -> None:\n"
    "        if hasattr(self, '_warn_if_multimodal'):\n"
    "            return self._warn_if_multimodal()\n"
    "        return self._raise_if_multimodal()\n"
)
ELSE_GATED = (
    "class AeonProposer(EagleProposer):\n"
    "    def aeon_check(self) -> None:\n"
    "        if hasattr(self, '_warn_if_multimodal'):\n"
    "            self._warn_if_multimodal()\n"
    "        else:\n"
    "            self._raise_if_multimodal()\n"
)


@pytest.mark.parametrize("body", [GATED, ELSE_GATED], ids=["rest of the block", "else"])
def test_a_gone_member_behind_a_gate_for_the_one_upstream_added_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_gate_for_a_name_upstream_does_not_define_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    [(_, line, severity, message)] = rows(git_repo, no_rules, GATED, new_name="_check_multimodal")
    assert (line, severity) == (10, "warning")
    assert "hasattr() finds none of _warn_if_multimodal" in message


def test_an_ungated_use_of_the_gone_member_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    body = (
        "class AeonProposer(EagleProposer):\n    def aeon_check(self) -> None:\n        self._raise_if_multimodal()\n"
    )
    [(_, line, severity, _)] = rows(git_repo, no_rules, body)
    assert (line, severity) == (8, "error")
