"""Container drift read through a local bound to a method's call, and a tensor's element tested in a set
(mend77, #12094: ``SamplerOutput.sampled_token_ids`` turned from ``list[int]`` into a tensor).

- ``out = self.forward(...)``/``super().forward(...)``/``sampler.forward(...)`` (``sampler: Sampler``) holds what
  the method's return annotation names in the merged tree: a list added to ``out.sampled_token_ids`` now adds
  elementwise.  Quiet: the fork's own override annotated otherwise, a local bound twice, ``.tolist()``.
- an element of the field (a loop's or a comprehension's target, ``x[0]``) tested ``in`` a set or dict of plain
  keys is never found (a tensor hashes by identity).  Quiet: a list of keys (``in`` compares by ``==``), a set
  of unknown contents, ``.tolist()`` first, an ndarray's element.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

PACKAGES = {"vllm/__init__.py": "", "vllm/v1/__init__.py": ""}
USE = "vllm/aeon_use.py"
OUTPUTS = "vllm/v1/outputs.py"
SAMPLER = "vllm/v1/sampler.py"
OUT_BASE = "from dataclasses import dataclass\n\n\n@dataclass\nclass SamplerOutput:\n    sampled_token_ids: list[int]\n"
OUT_TENSOR = OUT_BASE.replace("list[int]", "torch.Tensor").replace("from dataclasses", "import torch\nfrom dataclasses")
OUT_ARRAY = OUT_BASE.replace("list[int]", "np.ndarray").replace(
    "from dataclasses", "import numpy as np\nfrom dataclasses"
)
SAMPLER_TEXT = (
    "from vllm.v1.outputs import SamplerOutput\n\n\nclass Sampler:\n"
    "    def forward(self, logits) -> SamplerOutput:\n        return SamplerOutput([1])\n"
)
HEAD = "from vllm.v1.sampler import Sampler\n\n\n"


def _run(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = OUT_TENSOR) -> list[tuple[str, int, str]]:
    base = {OUTPUTS: OUT_BASE, SAMPLER: SAMPLER_TEXT, **PACKAGES}
    sides = three_way(git_repo, base, {USE: fork}, {OUTPUTS: theirs})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


JOINED = [
    HEAD + "class Mine(Sampler):\n    def go(self, logits, eos):\n        out = self.forward(logits)\n"
    "        return out.sampled_token_ids + [eos]\n",
    HEAD + "class Mine(Sampler):\n    def forward(self, logits):\n        out = super().forward(logits)\n"
    "        self.ids = out.sampled_token_ids + [0]\n        return out\n",
    HEAD + "def go(sampler: Sampler, logits, eos):\n    out = sampler.forward(logits)\n"
    "    return out.sampled_token_ids + [eos]\n",
]
JOINED_TWINS = [
    HEAD + "class Mine(Sampler):\n    def go(self, logits, eos):\n        out = self.forward(logits)\n"
    "        return out.sampled_token_ids.tolist() + [eos]\n",
    HEAD + "class Mine(Sampler):\n    def forward(self, logits) -> 'MyOut':\n        return MyOut()\n\n"
    "    def go(self, logits, eos):\n        out = self.forward(logits)\n        return out.sampled_token_ids + [eos]\n",
    HEAD + "class Mine(Sampler):\n    def go(self, logits, eos, old):\n        out = self.forward(logits)\n"
    "        if old:\n            out = old\n        return out.sampled_token_ids + [eos]\n",
    HEAD
    + "def go(sampler, logits, eos):\n    out = sampler.forward(logits)\n    return out.sampled_token_ids + [eos]\n",
]


@pytest.mark.parametrize("fork", JOINED, ids=["self", "super", "an annotated parameter"])
def test_a_list_added_to_a_method_returned_field_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, fork) == [(USE, line_of(fork, "+ ["), "error")]


@pytest.mark.parametrize("fork", JOINED_TWINS, ids=["tolist", "own override", "bound twice", "unannotated"])
def test_a_method_returned_field_kept_a_list_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, fork) == []


STOPS = "STOPS: frozenset[int] = frozenset({2, 7})\n\n\n"
HASHED = [
    HEAD + "class Mine(Sampler):\n    stops: set[int] = {2, 7}\n\n    def go(self, logits):\n"
    "        out = self.forward(logits)\n        return sum(1 for t in out.sampled_token_ids if t in self.stops)\n",
    HEAD + STOPS + "def go(sampler: Sampler, logits):\n    out = sampler.forward(logits)\n"
    "    for t in out.sampled_token_ids:\n        if t not in STOPS:\n            return t\n",
    HEAD + "def go(sampler: Sampler, logits, names: dict[int, str]):\n    out = sampler.forward(logits)\n"
    "    return out.sampled_token_ids[0] in names\n",
    HEAD + "def go(sampler: Sampler, logits):\n    out = sampler.forward(logits)\n    seen = {1, 2}\n"
    "    return [t for t in out.sampled_token_ids if t in seen]\n",
    # review130's round 3: the element rebound only after the test
    HEAD + STOPS + "def go(sampler: Sampler, logits):\n    out = sampler.forward(logits)\n"
    "    for t in out.sampled_token_ids:\n        if t in STOPS:\n            return t\n        t = -1\n",
]
HASHED_TWINS = [
    HEAD + "class Mine(Sampler):\n    stops: list[int] = [2, 7]\n\n    def go(self, logits):\n"
    "        out = self.forward(logits)\n        return sum(1 for t in out.sampled_token_ids if t in self.stops)\n",
    HEAD + "class Mine(Sampler):\n    stops: set[int] = {2, 7}\n\n    def go(self, logits):\n"
    "        out = self.forward(logits)\n"
    "        return sum(1 for t in out.sampled_token_ids.tolist() if t in self.stops)\n",
    HEAD + "def go(sampler: Sampler, logits, seen: set):\n    out = sampler.forward(logits)\n"
    "    return [t for t in out.sampled_token_ids if t in seen]\n",
    # review130: the loop's element made an int before the test (an assignment, an unpacking)
    HEAD + STOPS + "def go(sampler: Sampler, logits):\n    out = sampler.forward(logits)\n"
    "    for t in out.sampled_token_ids:\n        t = int(t)\n        if t in STOPS:\n            return t\n",
    HEAD + STOPS + "def go(sampler: Sampler, logits):\n    out = sampler.forward(logits)\n"
    "    for t in out.sampled_token_ids:\n        (t,) = t.tolist()\n        if t in STOPS:\n            return t\n",
]


@pytest.mark.parametrize(
    "fork", HASHED, ids=["class field set", "module frozenset", "dict parameter", "local set", "rebound after"]
)
def test_a_tensor_element_tested_in_a_set_is_an_error(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    tested = next(n for n in range(len(fork.splitlines()), 0, -1) if " in " in fork.splitlines()[n - 1])
    assert _run(git_repo, tmp_path, fork) == [(USE, tested, "error")]


@pytest.mark.parametrize("fork", HASHED_TWINS, ids=["a list", "tolist", "a set of unknown keys", "int()", "unpacked"])
def test_an_element_tested_where_equality_decides_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _run(git_repo, tmp_path, fork) == []


def test_an_ndarray_element_in_a_set_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _run(git_repo, tmp_path, HASHED[0], OUT_ARRAY) == []
