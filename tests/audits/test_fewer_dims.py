"""A tensor field upstream's class now builds with fewer dims, still indexed with more by a fork subclass.

#42135 (ee58665aac) made ``DeepseekV32IndexerMetadataBuilder.decode_seq_lens_buffer`` a flat
``torch.zeros((max_num_batched_tokens,))`` where native MTP had ``torch.zeros((max_num_seqs, next_n))``: a fork
subclass's ``self.decode_seq_lens_buffer[:n, :k]`` or ``.size(1)`` now raises IndexError.  Twins: a 1-D slice,
``.size(0)``, ``None`` among the indices, a use under a test of the rank, a fork class storing the field itself,
a class deriving none of upstream's, a build whose shape a name holds (its rank unknown); review78's: the use
after an ``if`` on the rank that exits, in a ``try`` catching IndexError, under a test of a local bound to the
field (an ``except Exception`` is no such handling: still the error).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import LAYOUT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

INDEXER = "vllm/attention/indexer.py"
BASE = """import torch


class IndexerBuilder:
    def __init__(self, max_seqs, max_tokens, next_n, native):
        if native and next_n > 1:
            self.seq_lens = torch.zeros((max_seqs, next_n), dtype=torch.int32)
        else:
            self.seq_lens = torch.zeros((max_tokens,), dtype=torch.int32)
        self.cache = torch.empty(max_seqs, 4, 8)
        self.other = torch.empty(max_seqs, 4)

    def build(self, n, k):
        self.seq_lens[:n, :k] = 1
        return self.seq_lens[:n, :k]
"""
AFTER = """import torch


class IndexerBuilder:
    def __init__(self, max_seqs, max_tokens, next_n, native):
        self.seq_lens = torch.zeros((max_tokens,), dtype=torch.int32)
        self.cache = torch.empty(max_seqs * 4, 8)
        self.other = torch.empty(max_seqs, 4)

    def build(self, n, k):
        view = self.seq_lens[: n * k].view(n, k)
        view[:] = 1
        return view
"""
FORK = "vllm/aeon/indexer.py"
HEAD = "import torch\n\nfrom vllm.attention.indexer import IndexerBuilder\n\n\n"
SUBJECT = "[Bugfix] Fix DeepGEMM context lens contiguity in MLA indexer (#42135)"
SUB = "class AeonBuilder(IndexerBuilder):\n    def aeon(self, n: int, k: int):\n"


def rows(repo: GitRepo, config: Path, body: str, after: str = AFTER, head: str = HEAD) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {INDEXER: BASE},
        {FORK: head + body},
        [(SUBJECT, {INDEXER: after})],
    )
    return [(line - 5, severity) for path, line, severity, _ in s.rule_rows(repo, config, sides, LAYOUT_DRIFT)]


PAST_RANK = [
    "self.seq_lens.shape[1]",
    "self.seq_lens[0, 1]",
    "self.seq_lens.stride(1)",
    "self.cache[:n, 0, :k]",
    "self.cache.size(2)",
]
# The rows' modules side by side: one merge and one audit of the five a process (suitespeed11).
PAST_RANK_FORKS = {
    FORK.replace(".py", f"_{n}.py"): HEAD + SUB + f"        return {use}\n" for n, use in enumerate(PAST_RANK)
}


@pytest.mark.parametrize(
    "use", PAST_RANK, ids=["shape[1]", "two ints", "stride(1)", "3-D made 2-D", "size(2) of a 2-D"]
)
def test_an_index_past_upstreams_rank_is_an_error(git_repo: GitRepo, no_rules: Path, use: str) -> None:
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {INDEXER: AFTER})]
    found = s.audited_side_by_side(git_repo, no_rules, {INDEXER: BASE}, PAST_RANK_FORKS, upstream, LAYOUT_DRIFT)
    path = FORK.replace(".py", f"_{PAST_RANK.index(use)}.py")
    assert [(f.line - 5, f.severity.value) for f in found[path]] == [(3, "error")]


@pytest.mark.parametrize(
    "use",
    [
        "self.seq_lens[:n]",
        "self.seq_lens.size(0)",
        "self.seq_lens[None, :n]",
        "self.seq_lens.view(n, k)[:, 0]",
        "self.cache[:n, :k]",
        "self.other[:n, 1]",
    ],
    ids=["1-D slice", "size(0)", "None index", "viewed first", "2-D of the 2-D", "unchanged field"],
)
def test_an_index_within_upstreams_rank_is_quiet(git_repo: GitRepo, no_rules: Path, use: str) -> None:
    assert rows(git_repo, no_rules, SUB + f"        return {use}\n") == []


@pytest.mark.parametrize(
    "body",
    [
        SUB + "        if self.seq_lens.dim() == 2:\n            return self.seq_lens[:n, :k]\n        return None\n",
        "class AeonBuilder(IndexerBuilder):\n    def __init__(self):\n        self.seq_lens = torch.zeros((8, 2))\n\n"
        "    def aeon(self, n: int, k: int):\n        return self.seq_lens[:n, :k]\n",
        "class AeonOwn:\n    def aeon(self, n: int, k: int):\n        return self.seq_lens[:n, :k]\n",
        SUB + "        if self.seq_lens.dim() == 1:\n            return self.seq_lens[: n * k].view(n, k)\n"
        "        return self.seq_lens[:n, :k]\n",
        SUB + "        try:\n            return self.seq_lens[:n, :k]\n        except IndexError:\n"
        "            return self.seq_lens[: n * k].view(n, k)\n",
        SUB
        + "        buf = self.seq_lens\n        return self.seq_lens[:n, :k] if buf.ndim == 2 else buf.view(n, k)\n",
    ],
    ids=["rank tested", "own store", "unrelated class", "exits on the rank", "IndexError caught", "local's rank"],
)
def test_twins_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_shape_held_in_a_name_is_no_rank(git_repo: GitRepo, no_rules: Path) -> None:
    after = AFTER.replace("torch.zeros((max_tokens,), dtype=torch.int32)", "torch.zeros(max_tokens, dtype=torch.int32)")
    assert rows(git_repo, no_rules, SUB + "        return self.seq_lens[:n, :k]\n", after) == []


def test_a_broad_handler_or_a_rebound_local_is_no_rank_test(git_repo: GitRepo, no_rules: Path) -> None:
    """``except Exception`` may only log the IndexError away; a local bound twice may hold another tensor."""
    body = (
        SUB
        + "        try:\n            return self.seq_lens[:n, :k]\n        except Exception:\n            return None\n"
        "\n    def aeon2(self, n: int, k: int, other):\n        buf = self.seq_lens\n        buf = other\n"
        "        return self.seq_lens[:n, :k] if buf.ndim == 2 else None\n"
    )
    assert rows(git_repo, no_rules, body) == [(4, "error"), (11, "error")]


@pytest.mark.parametrize(
    "build",
    ["torch.empty(self.kv_shape)", "torch.zeros(x.shape)", "torch.randint(0, 9, (max_tokens, next_n))"],
    ids=["self attribute shape", "another tensor's shape", "randint's shape comes last"],
)
def test_an_attribute_or_randint_shape_is_no_flattening(git_repo: GitRepo, no_rules: Path, build: str) -> None:
    """An attribute of unknown value may hold a whole shape, and ``randint(low, high, size)`` puts the shape last:
    neither is read as a 1-D build."""
    after = AFTER.replace("torch.zeros((max_tokens,), dtype=torch.int32)", build)
    assert rows(git_repo, no_rules, SUB + "        return self.seq_lens[:n, :k]\n", after) == []


def test_randints_size_is_its_rank(git_repo: GitRepo, no_rules: Path) -> None:
    after = AFTER.replace("torch.zeros((max_tokens,), dtype=torch.int32)", "torch.randint(0, 9, size=(max_tokens,))")
    assert rows(git_repo, no_rules, SUB + "        return self.seq_lens[:n, :k]\n", after) == [(3, "error")]


def test_an_unrelated_base_of_the_same_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork class derives another module's ``IndexerBuilder``: upstream's flattening is none of its business."""
    head = HEAD.replace("from vllm.attention.indexer import", "from vllm.aeon.builders import")
    assert rows(git_repo, no_rules, SUB + "        return self.seq_lens[:n, :k]\n", head=head) == []


def test_decoys_ahead_alphabetically_leave_the_real_field_in_reach(git_repo: GitRepo, no_rules: Path) -> None:
    """The files the fork imports from are read first: 40 candidates ahead by path no longer hide the real one."""
    decoy = "import torch\n\n\nclass D:\n    def __init__(self):\n        self.seq_lens = torch.zeros((2, 2))\n"
    decoys = {f"a/decoy_{i:02d}.py": decoy for i in range(40)}
    after = {p: decoy.replace("(2, 2)", "(2, 3)") for p in decoys}
    sides = s.merge_case(
        git_repo,
        {INDEXER: BASE, **decoys},
        {FORK: HEAD + SUB + "        return self.seq_lens[:n, :k]\n"},
        [("[Bugfix] Fix DeepGEMM context lens contiguity in MLA indexer (#42135)", {INDEXER: AFTER, **after})],
    )
    assert [(line - 5, sev) for _, line, sev, _ in s.rule_rows(git_repo, no_rules, sides, LAYOUT_DRIFT)] == [
        (3, "error")
    ]
