"""Parameter key drift (``drift/param_keys.py``, once symbol drift's "key nobody reads"): a key of a dict the
fork hands a function, which the function stopped reading and no longer names.

Shaped like #9250 (7e7eae338d), which made ``get_rope`` read ``rope_scaling["rope_type"]`` only where it
read ``rope_scaling["type"]`` first: a fork head that sets ``rope_scaling["type"] = "deepseek_yarn"``
(or builds ``{"type": "dynamic", ...}``) merges cleanly and gets the plain scaling the checkpoint's
``rope_type`` names; nothing raises.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ROPE = "vllm/model_executor/layers/rotary_embedding.py"
ROPE_BASE = """def get_rope(head_size, rotary_dim, max_position, base, is_neox_style=True, rope_scaling=None):
    if rope_scaling is None:
        return ("plain", head_size)
    scaling_type = rope_scaling["type"] if "type" in rope_scaling else rope_scaling["rope_type"]
    return (scaling_type, rope_scaling.get("factor", 1.0))
"""
ROPE_NOW = """def get_rope(head_size, rotary_dim, max_position, base, is_neox_style=True, rope_scaling=None):
    if rope_scaling is None:
        return ("plain", head_size)
    scaling_type = rope_scaling["rope_type"]
    return (scaling_type, rope_scaling["factor"])
"""
SUBJECT = "[Misc] Standardize RoPE handling for Qwen2-VL (#9250)"
FORK = "vllm/aeon/mtp_rope.py"
HEAD = "from vllm.model_executor.layers.rotary_embedding import get_rope\n\n\n"


def held(repo: GitRepo, config: Path, body: str, upstream: str = ROPE_NOW) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, {ROPE: ROPE_BASE}, {FORK: HEAD + body}, [(SUBJECT, {ROPE: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


KEY_KILLERS = [
    (
        "def aeon_rope(head_dim, max_pos, base, rope_scaling):\n"
        "    rope_scaling = dict(rope_scaling)\n"
        '    rope_scaling["type"] = "deepseek_yarn"  # AEON: the trunk\'s YaRN variant\n'
        "    return get_rope(head_dim, head_dim, max_pos, base, False, rope_scaling)\n",
        6,
    ),
    (
        "def aeon_rope(head_dim, max_pos, base):\n"
        '    scaling = {"type": "dynamic", "factor": 2.0}\n'
        "    return get_rope(head_dim, head_dim, max_pos, base, rope_scaling=scaling)\n",
        5,
    ),
    (
        "def aeon_rope(head_dim, max_pos, base):\n"
        '    return get_rope(head_dim, head_dim, max_pos, base, True, {"type": "dynamic", "factor": 2.0})\n',
        5,
    ),
    (
        "from vllm.model_executor.layers import rotary_embedding\n\n\n"
        "def aeon_rope(head_dim, max_pos, base):\n"
        '    scaling = {"type": "dynamic", "factor": 2.0}\n'
        "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
        8,
    ),
    (
        "import vllm.model_executor.layers.rotary_embedding as rope\n\n\n"
        "def aeon_rope(head_dim, max_pos, base):\n"
        '    scaling = {"type": "dynamic", "factor": 2.0}\n'
        "    return rope.get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
        8,
    ),
]


@pytest.mark.parametrize(
    ("body", "line"),
    KEY_KILLERS,
    ids=[
        "a key written into a name",
        "a display bound to a name, by keyword",
        "a display in the call",
        "off a module from-imported",
        "off a module imported as",
    ],
)
def test_a_key_the_function_no_longer_reads(git_repo: GitRepo, no_rules: Path, body: str, line: int) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed12)
    bodies = [HEAD + text for text, _ in KEY_KILLERS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {ROPE: ROPE_NOW})]
    _, found = s.audited_row(git_repo, no_rules, {ROPE: ROPE_BASE}, bodies, HEAD + body, upstream, DRIFT, "vllm/aeon")
    [(at, severity, message)] = [(f.line, f.severity.value, f.message) for f in found]
    assert (at, severity) == (line, "error")
    assert "fork-owned key 'type' handed to get_rope() in rope_scaling" in message
    assert "read it off rope_scaling at the merge base and no longer does" in message


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        (
            "def aeon_rope(head_dim, max_pos, base):\n"
            '    scaling = {"rope_type": "dynamic", "factor": 2.0}\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            ROPE_NOW,
        ),
        (
            "def aeon_rope(head_dim, max_pos, base):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            ROPE_NOW.replace('rope_scaling["rope_type"]', 'rope_scaling.get("type") or rope_scaling["rope_type"]'),
        ),
        (
            "def aeon_rope(head_dim, max_pos, base):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            ROPE_NOW.replace(
                '    scaling_type = rope_scaling["rope_type"]\n', "    scaling_type = normalize(rope_scaling)\n"
            ),
        ),
        (
            "from vllm.aeon import rotary_embedding\n\n\n"
            "def aeon_rope(head_dim, max_pos, base):\n"
            '    scaling = {"type": "dynamic", "factor": 2.0}\n'
            "    return rotary_embedding.get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
            ROPE_NOW,
        ),
    ],
    ids=["the key upstream reads now", "the key still read", "the dict handed on whole", "another module's namesake"],
)
def test_a_key_still_read_or_a_dict_handed_on_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    """A key the function reads now, a key it still reads, or a function that hands the dict on whole (to
    a reader out of sight, which may read the key) proves no entry is ignored."""
    assert [f for f in held(git_repo, no_rules, body, upstream) if f[1] == "error"] == []


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_rope(head_dim, max_pos, base):\n"
        '    scaling = {"type": "dynamic", "factor": 2.0}\n'
        '    scaling["rope_type"] = scaling.pop("type")\n'
        "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
        "def aeon_rope(head_dim, max_pos, base, rope_scaling):\n"
        "    rope_scaling = dict(rope_scaling)\n"
        '    rope_scaling["type"] = "deepseek_yarn"\n'
        '    rope_scaling["rope_type"] = rope_scaling["type"]\n'
        "    return get_rope(head_dim, head_dim, max_pos, base, False, rope_scaling)\n",
        "def aeon_rope(head_dim, max_pos, base):\n"
        '    scaling = {"type": "dynamic", "factor": 2.0}\n'
        '    scaling.setdefault("rope_type", scaling["type"])\n'
        "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
        "def aeon_rope(head_dim, max_pos, base):\n"
        '    scaling = {"type": "dynamic", "factor": 2.0}\n'
        '    scaling.update({"rope_type": "dynamic"})\n'
        "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
        "def aeon_rope(head_dim, max_pos, base, checkpoint_scaling):\n"
        '    scaling = {"type": "dynamic", "factor": 2.0}\n'
        "    scaling.update(checkpoint_scaling)\n"
        "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n",
    ],
    ids=[
        "popped into the new key",
        "copied into the new key",
        "setdefault of the new key",
        "update()",
        "update() from a mapping not known here",
    ],
)
def test_a_dict_also_given_the_key_read_in_its_stead_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """The fork's dict also holds the key the old body read beside the dropped one (``d["type"] if "type"
    in d else d["rope_type"]``) and the new body reads alone: written for both sides (review14: 3 false
    errors on #9250)."""
    assert [f for f in held(git_repo, no_rules, body) if f[1] == "error"] == []


REBOUND = (
    "def aeon_rope(head_dim, max_pos, base):\n"
    '    scaling = {"type": "dynamic", "factor": 2.0}\n'
    '    scaling = {"rope_type": scaling["type"], "factor": scaling["factor"]}\n'
    "    return get_rope(head_dim, head_dim, max_pos, base, True, scaling)\n"
)


@pytest.mark.parametrize(
    ("body", "expected"),
    [(REBOUND, []), (REBOUND.replace('{"rope_type": scaling', '{"type": scaling'), [(6, "error")])],
    ids=["rebound to the new key", "rebound to the old key"],
)
def test_a_dict_rebound_before_the_call_is_the_one_handed_on(
    git_repo: GitRepo, no_rules: Path, body: str, expected: list[tuple[int, str]]
) -> None:
    """The keys of a dict the name held before it was rebound are not handed on (review14: 1 false error
    on #9250); the rebound dict's own old key still is."""
    assert [(line, sev) for line, sev, _ in held(git_repo, no_rules, body)] == expected
