"""A gone member read only where the fork's held probe of another member came back empty: a version gate
(review71, ``drift/fallbacks.py``'s ``held_refuting``, read by ``drift/version_gates.py``).

#50294 renamed ``FlashAttentionMetadata.mm_prefix_range_tensor`` to ``mm_prefix_query_range_tensor``; a fork
builder's ``ranges = getattr(md, "mm_prefix_query_range_tensor", None)`` then ``ranges if ranges is not None
else getattr(md, "mm_prefix_range_tensor", None)`` reads the old name only on a release without the new one --
``hasattr``'s gate spelt with the value.  It was an error once ``md = super().build(...)`` was typed.  Here
``MultiModalFieldElem`` loses ``key``: the old read (by a string or as an attribute) behind a held probe of
another member is no error (a warning where upstream defines no member of the probed name); the read with no
probe, or behind a probe of another object, stays an error (behind a probe of the gone member itself it stays
the warning it was)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_loop_element_drift import INPUTS, INPUTS_NEW, INPUTS_OLD, RUNNER, RUNNER_TEXT

HEAD = "from vllm.multimodal.inputs import MultiModalFieldElem\n\n\n"


HELD_PROBES = [
    (
        "def name(elem: MultiModalFieldElem):\n    found = getattr(elem, 'field_key', None)\n"
        "    return found if found is not None else getattr(elem, 'key', None)\n",
        [(6, "warning")],
    ),
    (
        "def name(elem: MultiModalFieldElem):\n    found = getattr(elem, 'field_key', None)\n"
        "    if found:\n        return found\n    else:\n        return elem.key\n",
        [(9, "warning")],
    ),
    # still errors: no probe; a probe of another object (a probe of the gone member itself: as it was)
    ("def name(elem: MultiModalFieldElem):\n    return getattr(elem, 'key', None)\n", [(5, "error")]),
    (
        "def name(elem: MultiModalFieldElem):\n    found = getattr(elem, 'key', None)\n"
        "    return found if found is not None else elem.key\n",
        [(6, "warning")],  # as before review71: the probe of the member itself is its own fallback's test
    ),
    (
        "def name(elem: MultiModalFieldElem, other):\n    found = getattr(other, 'field_key', None)\n"
        "    return found if found is not None else elem.key\n",
        [(6, "error")],
    ),
]


@pytest.mark.parametrize(
    ("body", "rows"),
    HELD_PROBES,
    ids=["by a string", "as an attribute", "no probe", "the gone member probed", "another object probed"],
)
def test_a_gone_member_behind_a_held_probe(git_repo: GitRepo, no_rules: Path, body: str, rows: list) -> None:
    # the rows' modules side by side, one merge and one audit a process (suitespeed12)
    base = {INPUTS: INPUTS_OLD, RUNNER: RUNNER_TEXT, "vllm/multimodal/__init__.py": "", "vllm/__init__.py": ""}
    bodies = [HEAD + text for text, _ in HELD_PROBES]
    upstream: list[tuple[str, dict[str, str | None]]] = [
        ("[Multimodal] Simplify MM input definitions (#33331)", {INPUTS: INPUTS_NEW})
    ]
    init = {"vllm/aeon/__init__.py": ""}
    _, found = s.audited_row(git_repo, no_rules, base, bodies, HEAD + body, upstream, DRIFT, "vllm/aeon", init)
    assert [(f.line, f.severity.value) for f in found] == rows
