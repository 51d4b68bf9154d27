"""Symbol drift: a fork test of a class attribute's literal value (its keys, length, order) against the value upstream changed.

#35413 (1e5ad9b74f) gave ``Qwen3NextForCausalLM.packed_modules_mapping`` two more entries: a fork line
``assert set(Qwen3NextForCausalLM.packed_modules_mapping) == {"qkv_proj", "gate_up_proj"}`` merges cleanly
and fails on every path (blind_replay_qwen3moe).  Errors: ``set(X) ==``, ``X.keys() ==``, ``len(X) ==``,
``sorted(X) ==``, ``X ==`` and ``!=``, off the class or ``self`` of a subclass.  Quiet: a test of the new
value, a subset test, an attribute upstream kept, a literal the old value never gave either, ``keys()``
against a list (never equal), a name no literal.  Review128: quiet where the fork's module sets the attribute itself
(on ``self`` in ``__init__``, on the class, by ``setattr``, or a mapping key of its name stored:
``os.environ[...]``, ``setenv``: the value tested may be the fork's); a warning where
the test picks a branch (an ``if``, a conditional expression, an arm of ``or``).  Still errors: a module setting
another attribute, a test and-ed with another in an ``assert``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LIB = "vllm/models/next.py"
LIB_BASE = """class NextForCausalLM:
    packed_modules_mapping = {
        "qkv_proj": ["q_proj", "k_proj", "v_proj"],
        "gate_up_proj": ["gate_proj", "up_proj"],
    }
    supported_heads = ["full", "linear"]
    kept = ("a", "b")
"""
CHANGED = LIB_BASE.replace(
    '        "gate_up_proj": ["gate_proj", "up_proj"],\n',
    '        "gate_up_proj": ["gate_proj", "up_proj"],\n        "in_proj_ba": ["in_proj_ba"],\n',
).replace('["full", "linear"]', '["full", "linear", "sliding"]')
FORK = "vllm/aeon/checks.py"
HEAD = "from vllm.models.next import NextForCausalLM\n\n\n"
SUBJECT = "[Bugfix] Fix NextForCausalLM packed_modules_mapping (#35413)"
FOUND = {
    "set of keys": 'def ok() -> bool:\n    return set(NextForCausalLM.packed_modules_mapping) == {"qkv_proj", "gate_up_proj"}\n',
    "keys view": 'def ok() -> bool:\n    return NextForCausalLM.packed_modules_mapping.keys() == {"gate_up_proj", "qkv_proj"}\n',
    "length": "def ok() -> bool:\n    return len(NextForCausalLM.packed_modules_mapping) == 2\n",
    "sorted": 'def ok() -> bool:\n    return sorted(NextForCausalLM.supported_heads) != ["full", "linear"]\n',
    "value": 'def ok() -> bool:\n    return ["full", "linear"] == NextForCausalLM.supported_heads\n',
    "self of a subclass": "class Mine(NextForCausalLM):\n    def ok(self) -> bool:\n"
    '        return set(self.packed_modules_mapping) == {"qkv_proj", "gate_up_proj"}\n',
    "another attribute set": "class Mine(NextForCausalLM):\n    def __init__(self) -> None:\n"
    "        self.aeon_mapping = {}\n\n    def ok(self) -> bool:\n"
    "        return len(self.packed_modules_mapping) == 2\n",
    "and-ed in an assert": "def ok(flag: bool) -> None:\n"
    "    assert flag and len(NextForCausalLM.packed_modules_mapping) == 2\n",
    "another key stored": "import os\n\n\ndef ok() -> bool:\n"
    '    os.environ["AEON_MAPPING"] = "x"\n'
    "    return len(NextForCausalLM.packed_modules_mapping) == 2\n",
}
QUIET = {
    "new value": 'def ok() -> bool:\n    return set(NextForCausalLM.packed_modules_mapping) == {"qkv_proj", "gate_up_proj", "in_proj_ba"}\n',
    "subset": 'def ok() -> bool:\n    return set(NextForCausalLM.packed_modules_mapping) >= {"qkv_proj", "gate_up_proj"}\n',
    "kept": 'def ok() -> bool:\n    return NextForCausalLM.kept == ("a", "b")\n',
    "never given": "def ok() -> bool:\n    return len(NextForCausalLM.packed_modules_mapping) == 5\n",
    "keys against a list": 'def ok() -> bool:\n    return NextForCausalLM.packed_modules_mapping.keys() == ["qkv_proj", "gate_up_proj"]\n',
    "a name": "WANT = 2\n\n\ndef ok() -> bool:\n    return len(NextForCausalLM.packed_modules_mapping) == WANT\n",
    "set on self first": "class Mine(NextForCausalLM):\n    def __init__(self) -> None:\n"
    '        self.packed_modules_mapping = {"qkv_proj": [], "gate_up_proj": []}\n\n'
    "    def ok(self) -> bool:\n        return len(self.packed_modules_mapping) == 2\n",
    "set by setattr": "def ok() -> bool:\n"
    '    setattr(NextForCausalLM, "packed_modules_mapping", {"qkv_proj": [], "gate_up_proj": []})\n'
    "    return len(NextForCausalLM.packed_modules_mapping) == 2\n",
    "a mapping key of the name stored": "import os\n\n\ndef ok() -> bool:\n"
    '    os.environ["packed_modules_mapping"] = "x"\n'
    "    return len(NextForCausalLM.packed_modules_mapping) == 2\n",
    "a key set by setenv": "def ok(monkeypatch) -> bool:\n"
    '    monkeypatch.setenv("packed_modules_mapping", "x")\n'
    "    return len(NextForCausalLM.packed_modules_mapping) == 2\n",
    "a branch": "def names() -> list[str]:\n    if len(NextForCausalLM.packed_modules_mapping) == 2:\n"
    '        return ["qkv_proj", "gate_up_proj", "in_proj_ba"]\n    return list(NextForCausalLM.packed_modules_mapping)\n',
    "an arm of or": "def ok() -> bool:\n    m = NextForCausalLM.packed_modules_mapping\n"
    "    return len(NextForCausalLM.packed_modules_mapping) == 2 or len(m) == 3\n",
}
WARNED = {"a branch", "an arm of or"}


def drifted(repo: GitRepo, config: Path, fork: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        repo, {LIB: LIB_BASE, "vllm/models/__init__.py": ""}, {FORK: HEAD + fork}, [(SUBJECT, {LIB: CHANGED})]
    )
    report = repo.audit(config, merge=sides)
    return [(f.line, f.message, f.severity.value) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


def found(repo: GitRepo, config: Path, fork: str) -> list[tuple[int, str]]:
    return [(line, message) for line, message, severity in drifted(repo, config, fork) if severity == "error"]


@pytest.mark.parametrize("case", sorted(FOUND))
def test_a_test_of_the_old_value_is_an_error(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    text = HEAD + FOUND[case]
    line = len(text.rstrip("\n").splitlines())
    rows = found(git_repo, no_rules, FOUND[case])
    assert [n for n, _ in rows] == [line], rows
    assert "old value, which upstream changed" in rows[0][1] and "the other outcome" in rows[0][1]


@pytest.mark.parametrize("case", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, case: str) -> None:
    rows = drifted(git_repo, no_rules, QUIET[case])
    assert [r for r in rows if r[2] == "error"] == [], rows
    assert (case in WARNED) == any("the branch the fork wrote" in r[1] for r in rows), rows
