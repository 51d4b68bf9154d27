"""Nulled attributes made lazy (killers145): a constructor that set an attribute now leaves it None for another
method to build when first needed, and a fork subclass uses the inherited attribute unguarded.  Rebuilt from
#44823 (``TopKTopPSampler.__init__``'s ``self.aiter_ops = torch.ops.aiter`` made ``self.aiter_ops = None``,
built by ``_init_aiter_ops`` on the first ROCm forward) as a clean git merge, with twins that must stay quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

OPS = "vllm/sample/ops.py"
BASE = """import torch


class TopKTopPSampler(torch.nn.Module):
    def __init__(self, use_aiter: bool = True) -> None:
        super().__init__()
        if use_aiter:
            self.aiter_ops = torch.ops.aiter
            self.forward = self.forward_hip
        else:
            self.forward = self.forward_native

    def forward_native(self, x):
        return x

    def forward_hip(self, x):
        return self.aiter_ops.sample(x)
"""
AFTER = BASE.replace(
    "            self.aiter_ops = torch.ops.aiter\n",
    "            self.aiter_ops = None\n",
).replace(
    "    def forward_hip(self, x):\n        return self.aiter_ops.sample(x)\n",
    "    def _init_aiter_ops(self) -> bool:\n        self.aiter_ops = torch.ops.aiter\n        return True\n\n"
    "    def forward_hip(self, x):\n        if self.aiter_ops is None and not self._init_aiter_ops():\n"
    "            return x\n        return self.aiter_ops.sample(x)\n",
)
FILES = {"vllm/__init__.py": "", "vllm/sample/__init__.py": "", OPS: BASE}
MINE = "vllm/aeon/rocm_sampler.py"
HEADER = "from vllm.sample.ops import TopKTopPSampler\n\n\n"


def lazy(repo: GitRepo, no_rules: Path, sides: object, path: str) -> list[tuple[int, str, str]]:
    """(line, level, message) of each made-lazy finding of ``path``."""
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    found = (f for f in report.findings if f.path == path and "when first needed" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


@pytest.mark.parametrize(
    ("body", "use"),
    [
        (
            "    def aeon_top_p(self, probs, p):\n        return self.aiter_ops.top_p_sampling_from_probs(probs, p)\n",
            "return self.aiter_ops.top_p",
        ),
        ("    def aeon_op(self, name):\n        return self.aiter_ops[name]\n", "return self.aiter_ops[name]"),
    ],
    ids=["a method called off it", "an item of it"],
)
def test_an_inherited_attribute_now_built_later_warns(git_repo: GitRepo, no_rules: Path, body: str, use: str) -> None:
    text = HEADER + "class AeonSampler(TopKTopPSampler):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {OPS: AFTER})
    [(line, level, message)] = lazy(git_repo, no_rules, sides, MINE)
    assert (line, level) == (line_of(text, use), "warning")  # the lazy build may have run already
    assert "inherited from TopKTopPSampler" in message and "builds it only in _init_aiter_ops()" in message


@pytest.mark.parametrize(
    "body",
    [
        # tested for None first
        "    def aeon_top_p(self, probs, p):\n        if self.aiter_ops is None:\n            return None\n"
        "        return self.aiter_ops.top_p(probs, p)\n",
        # built first by the upstream method
        "    def aeon_top_p(self, probs, p):\n        self._init_aiter_ops()\n        return self.aiter_ops.top_p(probs, p)\n",
        # the fork's class builds it itself
        "    def __init__(self) -> None:\n        super().__init__()\n        self.aiter_ops = object()\n\n"
        "    def aeon_top_p(self, probs, p):\n        return self.aiter_ops.top_p(probs, p)\n",
        # a fallback for None
        "    def aeon_top_p(self, probs, p):\n        try:\n            return self.aiter_ops.top_p(probs, p)\n"
        "        except AttributeError:\n            return None\n",
        # asks first
        "    def aeon_top_p(self, probs, p):\n        ops = getattr(self, 'aiter_ops', None)\n        return ops\n",
    ],
    ids=["tested", "built first", "fork sets it", "try", "getattr"],
)
def test_made_lazy_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = HEADER + "class AeonSampler(TopKTopPSampler):\n" + body
    sides = three_way(git_repo, FILES, {MINE: text}, {OPS: AFTER})
    assert lazy(git_repo, no_rules, sides, MINE) == []


def test_a_class_not_deriving_from_it_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = "class AeonSampler:\n    def aeon_top_p(self, probs, p):\n        return self.aiter_ops.top_p(probs, p)\n"
    sides = three_way(git_repo, FILES, {MINE: text}, {OPS: AFTER})
    assert lazy(git_repo, no_rules, sides, MINE) == []


def test_an_attribute_lazy_at_the_base_already_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        HEADER + "class AeonSampler(TopKTopPSampler):\n    def aeon_op(self):\n        return self.aiter_ops.top_p()\n"
    )
    files = {**FILES, OPS: AFTER}
    moved = AFTER.replace("        return self.aiter_ops.sample(x)\n", "        return self.aiter_ops.sample(x * 1)\n")
    sides = three_way(git_repo, files, {MINE: text}, {OPS: moved})
    assert lazy(git_repo, no_rules, sides, MINE) == []


def test_an_attribute_dropped_for_good_is_not_read_as_lazy(git_repo: GitRepo, no_rules: Path) -> None:
    """None in the constructor and no method building it: not this shape (nothing builds it later)."""
    text = (
        HEADER + "class AeonSampler(TopKTopPSampler):\n    def aeon_op(self):\n        return self.aiter_ops.top_p()\n"
    )
    dropped = BASE.replace("            self.aiter_ops = torch.ops.aiter\n", "            self.aiter_ops = None\n")
    sides = three_way(git_repo, FILES, {MINE: text}, {OPS: dropped})
    assert lazy(git_repo, no_rules, sides, MINE) == []


@pytest.mark.parametrize(
    "after",
    [
        # the constructor still calls the builder
        AFTER.replace(
            "            self.aiter_ops = None\n",
            "            self.aiter_ops = None\n            self._init_aiter_ops()\n",
        ),
        # the constructor hands ``self`` to a helper, which may build it
        AFTER.replace(
            "            self.aiter_ops = None\n", "            self.aiter_ops = None\n            prepare(self)\n"
        ),
    ],
    ids=["builder called", "self handed on"],
)
def test_a_constructor_that_still_builds_it_stays_quiet(git_repo: GitRepo, no_rules: Path, after: str) -> None:
    text = (
        HEADER + "class AeonSampler(TopKTopPSampler):\n    def aeon_op(self):\n        return self.aiter_ops.top_p()\n"
    )
    sides = three_way(git_repo, FILES, {MINE: text}, {OPS: after})
    assert lazy(git_repo, no_rules, sides, MINE) == []


def test_an_attribute_none_at_the_base_on_some_path_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """``torch.ops.aiter if use_aiter else None`` at the base: the fork's unguarded use met None before too."""
    base = BASE.replace(
        "            self.aiter_ops = torch.ops.aiter\n",
        "            self.aiter_ops = torch.ops.aiter if x else None\n",
    )
    text = (
        HEADER + "class AeonSampler(TopKTopPSampler):\n    def aeon_op(self):\n        return self.aiter_ops.top_p()\n"
    )
    sides = three_way(git_repo, {**FILES, OPS: base}, {MINE: text}, {OPS: AFTER})
    assert lazy(git_repo, no_rules, sides, MINE) == []


def test_a_use_in_the_fork_constructor_is_left_to_the_nulled_setups(git_repo: GitRepo, no_rules: Path) -> None:
    text = (
        HEADER + "class AeonSampler(TopKTopPSampler):\n    def __init__(self) -> None:\n        super().__init__()\n"
        "        self.aeon_name = self.aiter_ops.name\n"
    )
    sides = three_way(git_repo, FILES, {MINE: text}, {OPS: AFTER})
    assert lazy(git_repo, no_rules, sides, MINE) == []
