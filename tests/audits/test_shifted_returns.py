"""Returned values shifted at one length: one dropped, another appended (``_shifted`` in return drift).

Shaped like #20059 (74f441f4b5), which dropped ``attention_cuda_graphs`` from index 1 of the six values
``GPUModelRunner._prepare_inputs`` returns and appended ``max_num_scheduled_tokens``: the length stayed six, so
``self._prepare_inputs(so)[2]`` (the logits indices) reads the spec-decode metadata now, and a six-name unpack
of the old order binds each name past the dropped one to its neighbour's value, silently.  A same-length change
was counted only as a full reorder (review99 found the index unseen).  Twins: an element in place, the unpack in
the new order (in the caller's own names too: review99's twin of upstream's own unpack, whose locals are not
the returned names), a name renamed in place, the fork's own method of the name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE, _shifted
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PREP = "vllm/v1/worker/prep.py"
PREP_BASE = """def prepare(batch):
    attn_metadata = {}
    cuda_graphs = bool(batch)
    logits_indices = batch.logits
    spec_decode_metadata = None
    return attn_metadata, cuda_graphs, logits_indices, spec_decode_metadata
"""
PREP_SHIFTED = PREP_BASE.replace(
    "    return attn_metadata, cuda_graphs, logits_indices, spec_decode_metadata\n",
    "    max_tokens = batch.max\n    return attn_metadata, logits_indices, spec_decode_metadata, max_tokens\n",
)
PREP_RENAMED = PREP_BASE.replace("return attn_metadata, cuda_graphs,", "return attn_metadata, full_graphs,").replace(
    "    cuda_graphs = bool(batch)\n", "    full_graphs = bool(batch)\n"
)
FORK = "vllm/aeon/prep_user.py"
HEAD = "from vllm.v1.worker.prep import prepare\n\n\n"
SUBJECT = "[Core] Full cudagraph orthogonal to attention (#20059)"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = PREP_SHIFTED) -> list:
    sides = s.merge_case(
        git_repo,
        {PREP: PREP_BASE, "vllm/v1/worker/__init__.py": "", "vllm/v1/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: HEAD + body},
        [(SUBJECT, {PREP: upstream})],
    )
    return [r for r in s.rule_rows(git_repo, no_rules, sides, RULE) if r[0] == FORK]


SHIFTED_ROWS = [
    ("def aeon_indices(batch):\n    return prepare(batch)[2]\n", "which was `logits_indices`"),
    ("def aeon_graphs(batch):\n    return prepare(batch)[1]\n", "which was `cuda_graphs`"),
    (
        "def aeon_prep(batch):\n    attn, graphs, indices, spec = prepare(batch)\n    return indices\n",
        "-> (attn_metadata, logits_indices, spec_decode_metadata, max_tokens)",
    ),
    (
        "def aeon_prep(batch):\n    attn, graphs, logits_indices, spec = prepare(batch)\n    return graphs\n",
        "upstream reordered what prepare() returns",
    ),
]


@pytest.mark.parametrize(
    ("body", "says"),
    SHIFTED_ROWS,
    ids=[
        "index past the dropped value",
        "the dropped value's place",
        "an unpack of the old order",
        "an unpack naming the old value at a moved place",
    ],
)
def test_a_shifted_element_is_an_error(git_repo: GitRepo, no_rules: Path, body: str, says: str) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    base = {PREP: PREP_BASE, "vllm/v1/worker/__init__.py": "", "vllm/v1/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [HEAD + text for text, _ in SHIFTED_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {PREP: PREP_SHIFTED})]
    path, at = s.audited_row(git_repo, no_rules, base, bodies, HEAD + body, upstream, RULE, "vllm/aeon")
    found = [(path, f.line, f.severity.value, f.message) for f in at]
    assert [(r[1], r[2]) for r in found] == [(5, "error")], found
    assert says in found[0][3], found[0][3]


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        ("def aeon_attn(batch):\n    return prepare(batch)[0]\n", PREP_SHIFTED),
        (
            "def aeon_prep(batch):\n    attn_metadata, logits_indices, spec_decode_metadata, max_tokens = "
            "prepare(batch)\n    return logits_indices\n",
            PREP_SHIFTED,
        ),
        ("def aeon_indices(batch):\n    return prepare(batch)[2]\n", PREP_RENAMED),
        (
            "def aeon_prep(batch):\n    attn, graphs, indices, spec = prepare(batch)\n    return indices\n",
            PREP_RENAMED,
        ),
        (
            "def aeon_prep(batch):\n    attn, logits_indices, spec, max_n = prepare(batch)\n    return max_n\n",
            PREP_SHIFTED,
        ),
    ],
    ids=[
        "index 0, in place",
        "the unpack in the new order",
        "a name renamed in place",
        "unpack over a rename",
        "the new order in the caller's own names",
    ],
)
def test_an_element_in_place_is_quiet(git_repo: GitRepo, no_rules: Path, body: str, upstream: str) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []


def test_the_fork_own_function_of_the_name_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = "class AeonPrep:\n    def prepare(self, batch):\n        return {}, False, batch.logits, None\n\n"
    body += "    def aeon_indices(self, batch):\n        return self.prepare(batch)[2]\n"
    assert rows(git_repo, no_rules, body) == []


def test_shifted_reads_places_not_names() -> None:
    assert _shifted(("a", "b", "c"), ("a", "c", "d"))  # b dropped, d appended: c moved
    assert _shifted(("a", "b"), ("b", "a"))  # a reorder is a shift too
    assert not _shifted(("a", "b", "c"), ("a", "x", "c"))  # renamed in place
    assert not _shifted(("a", "b"), ("a", "b", "c"))  # another length: not this rule's
    assert not _shifted(("a", "a"), ("a", "b"))  # a repeated name tells no place
    assert not _shifted((), ())
