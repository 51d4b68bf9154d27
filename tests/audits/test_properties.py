"""Properties of the analyses, over generated inputs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aeon_release.domain.audits.kinds.base import Context
from aeon_release.domain.audits.kinds.conflict_markers import ConflictMarkers
from aeon_release.domain.audits.kinds.layer_offset import LayerOffset, LayerOffsetOptions
from aeon_release.domain.audits.model import Rule, Severity
from aeon_release.domain.audits.source import SourceCache

STEP = st.tuples(st.sampled_from(["+", "-"]), st.integers(min_value=0, max_value=3))


def _function(steps: list[tuple[str, int]]) -> str:
    """A drafter lookup that shifts the configured ids step by step, in the shapes vLLM uses."""
    lines = ["def aux_layers(hf_config):", "    ids = getattr(hf_config, 'target_layer_ids', None)"]
    for i, (sign, amount) in enumerate(steps):
        if i % 2:
            lines.append(f"    ids = [i {sign} {amount} for i in ids or []]")
        elif sign == "+":
            lines.append(f"    ids = [{amount} + i for i in ids]")
        else:
            lines.append(f"    if ids:\n        ids = [i - {amount} for i in ids]")
    lines.append("    return tuple(ids)")
    return "\n".join(lines) + "\n"


@settings(max_examples=40, deadline=None)
@given(st.lists(STEP, max_size=4), st.integers(min_value=-2, max_value=4))
def test_layer_offset_adds_up_every_step(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, int]], expected: int
) -> None:
    root = tmp_path_factory.mktemp("lo")
    (root / "r.py").write_text(_function(steps))
    net = sum(amount if sign == "+" else -amount for sign, amount in steps)
    rule = Rule(
        "lo",
        "layer-offset",
        Severity.ERROR,
        "m",
        ("r.py",),
        LayerOffsetOptions(("aux_layers",), ("target_layer_ids",), expected),
        "test",
    )
    found = list(LayerOffset().check(rule, Context(root, ["r.py"], SourceCache(root))))
    assert bool(found) is (net != expected)
    if found:
        assert f"returns layer id {f'i{net:+d}' if net else 'i+0'}" in found[0].message


LINE = st.text(alphabet="abc =<>|#-\t", max_size=12).filter(lambda s: "\n" not in s)


@given(st.lists(LINE, max_size=20), st.integers(min_value=0, max_value=20))
def test_markers_are_found_exactly_where_they_are(lines: list[str], at: int) -> None:
    scan = ConflictMarkers().scan
    clean = [line for line in lines if not line.startswith(("<" * 7, ">" * 7, "|" * 7))]
    assert scan("f.txt", "\n".join(clean).encode(), None) == []
    at = min(at, len(clean))
    with_marker = clean[:at] + ["<" * 7 + " HEAD"] + clean[at:]
    assert next(line for line, _ in scan("f.txt", "\n".join(with_marker).encode(), None)) == at + 1
