"""Stopped argument writes by a module-level helper (drift/stopped_arg_writes.py): #37217 (fd4d96302a) took
``layer.g1_alphas``/``g2_alphas``/``a1_gscale``/``g1_scale_c`` out of
``prepare_nvfp4_moe_layer_for_fi_or_cutlass(backend, layer, ...)``, a function, not a method; a fork reading
them off the layer it handed the helper reads nothing (AttributeError) or a stale value."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PREP = "vllm/layers/prep.py"
BASE = """def is_global(backend) -> bool:
    return backend == "fi"


def prepare(backend, layer, w, scale):
    gated = layer.activation.is_gated
    if is_global(backend):
        scale = scale.max()
    layer.size = w.size(0)
    pack(w, gated=gated)
    if gated:
        layer.alpha_c = scale * 2
    layer.alphas = scale * w
    layer.gscale = 1.0 / scale
    return w, scale
"""
UPSTREAM = """def is_global(backend) -> bool:
    return backend == "fi"


def prepare(backend, layer, w, scale):
    gated = layer.activation.is_gated
    if is_global(backend):
        scale = scale.max()
    layer.size = w.size(0)
    pack(w, gated=gated)
    return w, scale
"""
SUBJECT = "Fix eplb nvfp4 experts hook (#37217)"
FORK = "vllm/aeon/prep.py"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {PREP: BASE}, {FORK: body}, [(SUBJECT, {PREP: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, severity) for path, line, severity, message in found if path == FORK and "no longer sets" in message]


STOPPED_ROWS = [
    # the helper imported by name, read right after (the replay's spelling is a tuple of two reads)
    (
        "from vllm.layers.prep import prepare\n\n\ndef f(b, layer, w, s):\n    prepare(b, layer, w, s)\n"
        "    return layer.alphas\n",
        6,
    ),
    # the helper read off its imported module, keyword arguments, the value used in arithmetic
    (
        "from vllm.layers import prep\n\n\ndef f(b, mine, w, s):\n    out = prep.prepare(b, layer=mine, w=w, scale=s)\n"
        "    return out, mine.gscale * 2\n",
        6,
    ),
    # a method of a fork class, getattr without a default
    (
        "from vllm.layers.prep import prepare\n\n\nclass Mine:\n    def load(self, layer, w, s):\n"
        '        prepare(self.backend, layer, w, s)\n        self.c = getattr(layer, "alpha_c")\n',
        7,
    ),
]


@pytest.mark.parametrize(
    ("body", "line"),
    STOPPED_ROWS,
    ids=["imported name", "module attribute, keywords", "a method, getattr"],
)
def test_a_read_after_a_helper_that_no_longer_stores_it_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    bodies = [text for text, _ in STOPPED_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {PREP: UPSTREAM})]
    _, found = s.audited_row(git_repo, no_rules, {PREP: BASE}, bodies, body, upstream, SYMBOL_DRIFT, "vllm/aeon")
    assert [(f.line, f.severity.value) for f in found if "no longer sets" in f.message] == [(line, "error")]


HANDED = UPSTREAM.replace("    pack(w, gated=gated)\n", "    pack(w, gated=gated)\n    finish(layer)\n")


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # a field the helper still stores
        (
            "from vllm.layers.prep import prepare\n\n\ndef f(b, layer, w, s):\n    prepare(b, layer, w, s)\n"
            "    return layer.size\n",
            UPSTREAM,
        ),
        # under a hasattr test: the fork reads it only where something set it
        (
            "from vllm.layers.prep import prepare\n\n\ndef f(b, layer, w, s):\n    prepare(b, layer, w, s)\n"
            '    if hasattr(layer, "alphas"):\n        return layer.alphas\n    return None\n',
            UPSTREAM,
        ),
        # in a try catching AttributeError
        (
            "from vllm.layers.prep import prepare\n\n\ndef f(b, layer, w, s):\n    prepare(b, layer, w, s)\n"
            "    try:\n        return layer.alphas\n    except AttributeError:\n        return None\n",
            UPSTREAM,
        ),
        # getattr with a default: a probe
        (
            "from vllm.layers.prep import prepare\n\n\ndef f(b, layer, w, s):\n    prepare(b, layer, w, s)\n"
            '    return getattr(layer, "alphas", None)\n',
            UPSTREAM,
        ),
        # the fork's own namesake helper, not upstream's
        (
            "def prepare(b, layer, w, s):\n    layer.alphas = s\n\n\ndef f(b, layer, w, s):\n    prepare(b, layer, w, s)\n"
            "    return layer.alphas\n",
            UPSTREAM,
        ),
        # upstream now hands the layer itself to a call it cannot follow: the store may have moved there
        (
            "from vllm.layers.prep import prepare\n\n\ndef f(b, layer, w, s):\n    prepare(b, layer, w, s)\n"
            "    return layer.alphas\n",
            HANDED,
        ),
    ],
    ids=["still stored", "hasattr", "try AttributeError", "getattr default", "own namesake", "layer handed on"],
)
def test_reads_the_helper_never_answered_for_stay_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []
