"""Folded reads (drift/folded_reads.py, through dead-knob drift): #42555 (9898f94abe) replaced the MLA layer's
``not getattr(self, "_use_fi_prefill", False)`` by ``True``; a fork's ``_use_fi_prefill = True`` gave ``False``
there and now silently gets ``True`` (blind_replay_mla2).  An error where the removed expression, with the fork's
literal for the read, gives other than upstream's constant; else dead-knob drift's warning alone."""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.drift.folded_reads import differs, folds
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

LAYER = "pkg/layers/mla.py"
BASE = """def combine(lse, base_e):
    return lse


class Layer:
    def merge(self, lse):
        return combine(lse, base_e=not getattr(self, "_two_base", False))

    def chunks(self):
        return combine(None, base_e=getattr(self, "_chunks", 4) * 2)

    def eager(self, runner):
        return combine(None, base_e=runner._force_eager is True)

    def mode(self):
        return combine(None, base_e="fast" if getattr(self, "_kernel", "fast") == "fast" else "slow")


class Impl:
    def run(self, lse):
        return lse
"""
AFTER = (
    BASE.replace('not getattr(self, "_two_base", False)', "True")
    .replace('getattr(self, "_chunks", 4) * 2', "8")
    .replace("runner._force_eager is True", "False")
    .replace('"fast" if getattr(self, "_kernel", "fast") == "fast" else "slow"', '"fast"')
)
HEAD = "from pkg.layers.mla import Layer\n\n\n"
IMPL = "from pkg.layers.mla import Impl, Layer\n\n\n"
SUBJECT = "[Attention] Remove deprecated MLA prefill arguments (#42555)"
FOUND = {
    "a class attribute": (HEAD + "class Mine(Layer):\n    _two_base = True\n", "_two_base = True"),
    "a self store": (
        HEAD + "class Mine(Layer):\n    def __init__(self):\n        self._two_base = True\n",
        "self._two_base = True",
    ),
    "a store on another object": (
        "def setup(runner):\n    runner._force_eager = True\n    return runner\n",
        "runner._force_eager = True",
    ),
    "a conditional's test": (HEAD + "class Mine(Layer):\n    _kernel = 'triton'\n", "_kernel = 'triton'"),
    # review124's round 3: the reader's class second among the bases
    "the reader mixed in second": (
        IMPL + "class Mine(Impl, Layer):\n    def __init__(self):\n        self._two_base = True\n",
        "self._two_base = True",
    ),
}
QUIET = {
    "the value upstream assumes": HEAD + "class Mine(Layer):\n    _two_base = False\n",
    "another object's value upstream assumes": "def setup(runner):\n    runner._force_eager = False\n    return runner\n",
    "an expression not evaluated": HEAD + "class Mine(Layer):\n    _chunks = 3\n",
    "no literal": HEAD + "class Mine(Layer):\n    def __init__(self, two):\n        self._two_base = bool(two)\n",
    "the conditional's value": HEAD + "class Mine(Layer):\n    _kernel = 'fast'\n",
    # review124: a read off self saw only its own class's instances, never another class's store
    "a sibling class's self store": IMPL
    + "class Mine(Impl):\n    def __init__(self):\n        self._two_base = True\n",
    "a sibling class's attribute": IMPL + "class Mine(Impl):\n    _two_base = True  # the impl's own choice, logged\n",
}
FORKS = {f"pkg/aeon/f{i}.py": text for i, text in enumerate([*(t for t, _ in FOUND.values()), *QUIET.values()])}


def errors(git_repo: GitRepo, text: str) -> list[int]:
    found = s.side_by_side(git_repo, {LAYER: BASE}, FORKS, [(SUBJECT, {LAYER: AFTER})], SYMBOL_DRIFT)
    path = next(p for p, t in FORKS.items() if t == text)
    return [f.line for f in found[path] if f.severity.value == "error"]


@pytest.mark.parametrize("label", sorted(FOUND))
def test_a_value_the_folded_expression_no_longer_gives_is_an_error(git_repo: GitRepo, label: str) -> None:
    text, line = FOUND[label]
    assert errors(git_repo, text) == [line_of(text, line)]


@pytest.mark.parametrize("label", sorted(QUIET))
def test_the_value_upstream_assumes_or_none_evaluated_is_no_error(git_repo: GitRepo, label: str) -> None:
    assert errors(git_repo, QUIET[label]) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the read kept beside the constant, two reads, a non-literal replacement, a rewritten line
        ('x = f(a=not getattr(self, "_two", False))', 'x = f(a=True, b=getattr(self, "_two", False))'),
        ('x = f(a=getattr(self, "_two", 0) or self._two)', "x = f(a=1)"),
        ('x = f(a=not getattr(self, "_two", False))', "x = f(a=flag)"),
        ('x = f(a=not getattr(self, "_two", False))', "y = g()"),
    ],
)
def test_no_fold(old: str, new: str) -> None:
    diff = f"@@ -1 +1 @@\n-{old}\n+{new}\n"
    assert [f for f in folds(diff, "_two") if differs(f, True) or differs(f, False)] == []


def test_a_block_of_other_counts_pairs_the_one_line_folded() -> None:
    diff = '@@ -1,2 +1,3 @@\n-    x = f(a=not getattr(self, "_two", False))\n-    y = 1\n+    x = f(a=True)\n+    y = 2\n+    z = 3\n'
    [fold] = folds(diff, "_two")
    assert fold.constant is True and differs(fold, True) and not differs(fold, False)
