"""Symbol drift off what ``super().method(...)`` returns: the base's method's return annotation types it.

#28133 removed ``Mamba2AttentionMetadata.seq_lens``; a fork builder subclass's ``md = super().build(...)`` (the
base's ``build -> Mamba2AttentionMetadata``) then ``md.seq_lens`` raises AttributeError after a clean merge, as
``super().build(...).seq_lens`` does.  Twins: a kept field, a base method with no return annotation, a fork
class between the subclass and upstream's base that defines the method itself (``super()`` reaches it), the
local bound again, the method called on the class's own ``self``."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_loop_element_drift import INPUTS, INPUTS_NEW, INPUTS_OLD, RUNNER, RUNNER_TEXT

FORK = "vllm/aeon/runner_sub.py"
HEAD = "from vllm.multimodal.inputs import MultiModalFieldElem\nfrom vllm.runner import Runner\n\n\n"


@pytest.mark.parametrize(
    ("body", "line"),
    [
        (
            "class Mine(Runner):\n    def one(self, n: int):\n        elem = super().one(n)\n"
            "        return elem.key if elem is not None else None\n",
            8,
        ),
        ("class Mine(Runner):\n    def first(self, n: int):\n        return super().one(n).modality\n", 7),
        ("class Mine(Runner):\n    def first(self, n: int):\n        return super(Mine, self).one(n).key\n", 7),
        # twins: a kept field; no return annotation; a fork class in between defining ``one``
        (
            "class Mine(Runner):\n    def first(self, n: int):\n        elem = super().one(n)\n        return elem.data\n",
            None,
        ),
        (
            "class Mine(Runner):\n    def first(self, n: int):\n        elem = super().names(n)\n        return elem.key\n",
            None,
        ),
        (
            "class Local:\n    def one(self, n: int) -> dict:\n        return {}\n\n\n"
            "class Mine(Local, Runner):\n    def first(self, n: int):\n        elem = super().one(n)\n"
            "        return elem.key\n",
            None,
        ),
        # the local bound again: which value the read sees is not known
        (
            "class Mine(Runner):\n    def first(self, n: int, other):\n        elem = super().one(n)\n"
            "        if other:\n            elem = other\n        return elem.key\n",
            None,
        ),
    ],
    ids=["a local", "chained", "super(Mine, self)", "a kept field", "unannotated", "a fork class between", "rebound"],
)
def test_a_removed_field_read_off_what_super_returns(
    git_repo: GitRepo, no_rules: Path, body: str, line: int | None
) -> None:
    sides = s.merge_case(
        git_repo,
        {INPUTS: INPUTS_OLD, RUNNER: RUNNER_TEXT, "vllm/multimodal/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [("[Multimodal] Simplify MM input definitions (#33331)", {INPUTS: INPUTS_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]
    assert [n for n, _ in rows] == ([line] if line else []), rows


def test_super_of_another_class_is_not_read(git_repo: GitRepo, no_rules: Path) -> None:
    """``super(Other, self)`` starts the lookup after another class than the one it is written in."""
    body = (
        "class Other(Runner):\n    def one(self, n: int) -> dict:\n        return {}\n\n\n"
        "class Mine(Other):\n    def first(self, n: int):\n        return super(Runner, self).one(n).key\n"
    )
    sides = s.merge_case(
        git_repo,
        {INPUTS: INPUTS_OLD, RUNNER: RUNNER_TEXT, "vllm/multimodal/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body, "vllm/aeon/__init__.py": ""},
        [("[Multimodal] Simplify MM input definitions (#33331)", {INPUTS: INPUTS_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"] == []
