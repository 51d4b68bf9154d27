"""Asserted-field drift: upstream added an optional field and now asserts it is set; a fork build leaves it None.

#40654 (fe85a92e86) added ``CommonAttentionMetadata.seq_lens_cpu_upper_bound: Tensor | None = None``, passed
it at every upstream build and asserts it is not None where it splits the batch.  A fork's own build of the
metadata fits the signature and raises AssertionError there.  Twins: the field passed (by keyword, in a
spread dict, positionally), ``dataclasses.replace``, the fork's own class, a field added but never asserted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BACKEND = "vllm/attention/backend.py"
BACKEND_BASE = """from dataclasses import dataclass


@dataclass
class CommonAttentionMetadata:
    seq_lens: list[int]
    num_reqs: int
    causal: bool = True
    is_prefilling: list[bool] | None = None


@dataclass
class OtherMetadata:
    num_reqs: int
"""
BACKEND_AFTER = BACKEND_BASE.replace(
    "    is_prefilling: list[bool] | None = None\n",
    "    is_prefilling: list[bool] | None = None\n    seq_lens_upper_bound: list[int] | None = None\n",
).replace(
    "class OtherMetadata:\n    num_reqs: int\n",
    "class OtherMetadata:\n    num_reqs: int\n    hint: int | None = None\n",
)
UTILS = "vllm/attention/utils.py"
UTILS_BASE = """from vllm.attention.backend import CommonAttentionMetadata


def split(cam: CommonAttentionMetadata) -> int:
    return max(cam.seq_lens)
"""
UTILS_AFTER = """from vllm.attention.backend import CommonAttentionMetadata


def split(cam: CommonAttentionMetadata) -> int:
    assert cam.seq_lens_upper_bound is not None
    return max(cam.seq_lens_upper_bound)
"""
SUBJECT = "[Core] Avoid seq_lens_cpu GPU->CPU sync (#40654)"
FORK = "vllm/aeon_runner.py"
IMPORT = "import dataclasses\n\nfrom vllm.attention.backend import CommonAttentionMetadata, OtherMetadata\n\n\n"
KEYWORDS = (
    IMPORT
    + "def build(lens: list[int]) -> CommonAttentionMetadata:\n    return CommonAttentionMetadata(seq_lens=lens, num_reqs=len(lens))\n"
)
MODULE = (
    "from vllm.attention import backend\n\n\n"
    "def build(lens: list[int]):\n    meta = backend.CommonAttentionMetadata(lens, len(lens), causal=False)\n    return meta\n"
)
GIVEN = (
    IMPORT + "def build(lens: list[int]) -> CommonAttentionMetadata:\n"
    "    return CommonAttentionMetadata(seq_lens=lens, num_reqs=len(lens), seq_lens_upper_bound=lens)\n"
)
SPREAD = IMPORT + "def build(kw: dict) -> CommonAttentionMetadata:\n    return CommonAttentionMetadata(**kw)\n"
POSITIONAL = (
    IMPORT
    + "def build(lens: list[int]) -> CommonAttentionMetadata:\n    return CommonAttentionMetadata(lens, 1, True, None, lens)\n"
)
REPLACED = (
    IMPORT
    + "def build(cam: CommonAttentionMetadata) -> CommonAttentionMetadata:\n    return dataclasses.replace(cam, num_reqs=1)\n"
)
UNASSERTED = IMPORT + "def build() -> OtherMetadata:\n    return OtherMetadata(num_reqs=1)\n"
OWN = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass CommonAttentionMetadata:\n    seq_lens: list[int]\n\n\n"
    "def build(lens: list[int]) -> CommonAttentionMetadata:\n    return CommonAttentionMetadata(seq_lens=lens)\n"
)


def _rows(git_repo: GitRepo, no_rules: Path, fork: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {BACKEND: BACKEND_BASE, UTILS: UTILS_BASE},
        {FORK: fork},
        [(SUBJECT, {BACKEND: BACKEND_AFTER, UTILS: UTILS_AFTER})],
    )
    rows = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, sev) for path, line, sev, message in rows if path == FORK and "asserts is set" in message]


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [(KEYWORDS, "CommonAttentionMetadata(seq_lens"), (MODULE, "backend.CommonAttentionMetadata(")],
    ids=["keywords", "off-the-module-positionally"],
)
def test_a_build_that_leaves_an_asserted_new_field_none_is_an_error(
    git_repo: GitRepo, no_rules: Path, fork: str, needle: str
) -> None:
    assert _rows(git_repo, no_rules, fork) == [(_line(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [GIVEN, SPREAD, POSITIONAL, REPLACED, UNASSERTED, OWN],
    ids=["given", "spread", "positional", "replace", "not-asserted", "own-class"],
)
def test_a_build_that_fills_the_field_or_is_no_build_stays_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert _rows(git_repo, no_rules, fork) == []


SCHED = "vllm/sched.py"
SCHED_BASE = "class Sched:\n    hint: int | None = None\n\n\ndef go(c: Sched) -> int:\n    return 1\n"
SCHED_AFTER = SCHED_BASE.replace("    return 1\n", "    assert c.hint is not None\n    return c.hint\n")
FILLED = BACKEND_AFTER.replace(
    "\n\n@dataclass\nclass OtherMetadata",
    "\n    def __post_init__(self):\n        if self.seq_lens_upper_bound is None:\n"
    "            self.seq_lens_upper_bound = list(self.seq_lens)\n\n\n@dataclass\nclass OtherMetadata",
)
SET_AFTER = (
    IMPORT + "def build(lens: list[int]) -> CommonAttentionMetadata:\n"
    "    meta = CommonAttentionMetadata(seq_lens=lens, num_reqs=len(lens))\n"
    "    meta.seq_lens_upper_bound = lens\n    return meta\n"
)


@pytest.mark.parametrize(
    ("fork", "upstream"),
    [
        (UNASSERTED, {BACKEND: BACKEND_AFTER, SCHED: SCHED_AFTER}),
        (KEYWORDS, {BACKEND: FILLED, UTILS: UTILS_AFTER}),
        (SET_AFTER, {BACKEND: BACKEND_AFTER, UTILS: UTILS_AFTER}),
    ],
    ids=["another-class-asserts-the-name", "post-init-fills", "set-after-the-build"],
)
def test_twin_a_field_asserted_elsewhere_or_filled_stays_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, upstream: dict[str, str | None]
) -> None:
    sides = s.merge_case(
        git_repo, {BACKEND: BACKEND_BASE, UTILS: UTILS_BASE, SCHED: SCHED_BASE}, {FORK: fork}, [(SUBJECT, upstream)]
    )
    rows = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [(r[1], r[2]) for r in rows if r[0] == FORK and "asserts is set" in r[3]] == []
