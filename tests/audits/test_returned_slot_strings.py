"""Returned string drift in a slot of a returned pair (drift/returned_strings.py, ``_slot_vanished``): #34908
(f72061a19a) made ``is_supported_config_trtllm``'s reasons carry the offending value (``_make_reason("current
device")`` -> ``_make_reason(f"current device {name}")``); a fork's ``ok, why = is_supported_config_trtllm(...)``
then ``why == "kernel does not support current device"`` is never true again."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MOE = "vllm/moe.py"
BASE = """def is_supported(cfg, key) -> tuple[bool, str | None]:
    def _reason(why: str) -> str:
        return f"kernel does not support {why}"

    if not cfg.device:
        return False, _reason("current device")
    elif not cfg.gated:
        return False, _reason("no gated MLP")
    elif key is None:
        return False, "no key"
    return True, None


class Oracle:
    def check(self, cfg) -> tuple[bool, str]:
        if cfg.tp > 4:
            return False, "tp too large"
        return True, ""
"""
UPSTREAM = (
    BASE.replace('_reason("current device")', '_reason(f"current device {cfg.device_name}")')
    .replace('"tp too large"', 'f"tp {cfg.tp} too large"')
    .replace('"no key"', '"missing quant key"')
)
SUBJECT = "[UX] More descriptive reasons in is_supported_config for MoE (#34908)"
FORK = "vllm/aeon/moe.py"
HEAD = "from vllm.moe import Oracle, is_supported\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {MOE: BASE}, {FORK: HEAD + body}, [(SUBJECT, {MOE: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
    return [(line, sev) for path, line, sev, _ in found if path == FORK]


REASON_ROWS = [
    # != of the helper-made reason
    (
        'def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n    return why != "kernel does not support current device"\n',
        6,
    ),
    # a literal the def returned itself, in a display
    ('def f(cfg) -> bool:\n    _, why = is_supported(cfg, None)\n    return why in ("no key", "other")\n', 6),
    # a method's pair read off an instance, its f-string now
    ('def f(o: Oracle, cfg) -> bool:\n    ok, reason = o.check(cfg)\n    return reason == "tp too large"\n', 6),
    # a table keyed by the old reason, looked up by the local
    (
        '_FIX = {"kernel does not support current device": "cutlass"}\n\n\n'
        "def f(cfg) -> str:\n    _, why = is_supported(cfg, 1)\n    return _FIX[why]\n",
        4,
    ),
    # review111: a substring test of an old text the new reason no longer holds
    (
        'def f(cfg) -> bool:\n    _, why = is_supported(cfg, None)\n    return why is not None and "no key" in why\n',
        6,
    ),
]


@pytest.mark.parametrize(
    ("body", "line"),
    REASON_ROWS,
    ids=["!= helper reason", "in a display", "a method's f-string", "a table", "substring gone"],
)
def test_a_comparison_with_a_reason_no_longer_returned_is_an_error(
    git_repo: GitRepo, no_rules: Path, body: str, line: int
) -> None:
    # the rows' modules side by side, one merge and one audit a process (``s.audited_row``, suitespeed15)
    bodies = [HEAD + text for text, _ in REASON_ROWS]
    upstream: list[tuple[str, dict[str, str | None]]] = [(SUBJECT, {MOE: UPSTREAM})]
    _, found = s.audited_row(git_repo, no_rules, {MOE: BASE}, bodies, HEAD + body, upstream, RETURN_DRIFT, "vllm/aeon")
    assert [(f.line, f.severity.value) for f in found] == [(line, "error")]


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # the reason upstream kept
        (
            'def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n    return why == "kernel does not support no gated MLP"\n',
            UPSTREAM,
        ),
        # the bool slot
        ("def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n    return ok == True\n", UPSTREAM),
        # a reason an upstream f-string can still spell
        (
            'def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n    return why == "kernel does not support current device"\n',
            BASE.replace('_reason("current device")', 'f"kernel does not support {cfg.what}"'),
        ),
        # the local rebound: not the call's value any more
        (
            "def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n    why = str(why)\n"
            '    return why == "kernel does not support current device"\n',
            UPSTREAM,
        ),
        # a pair of another function of the fork's own
        (
            "def mine(cfg):\n    return False, 'no key'\n\n\ndef f(cfg) -> bool:\n    ok, why = mine(cfg)\n"
            "    return why == 'no key'\n",
            UPSTREAM,
        ),
        # written for both sides: the new reason tested too
        (
            'def f(cfg) -> bool:\n    ok, why = is_supported(cfg, None)\n    return why in ("no key", "missing quant key")\n',
            UPSTREAM,
        ),
        # review111: the fork's own def of the name returns the old reason in that slot
        (
            "def is_supported(cfg, key):\n    return False, 'kernel does not support current device'\n\n\n"
            "def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n"
            "    return why == 'kernel does not support current device'\n",
            UPSTREAM,
        ),
        # review111: a method of the fork's own class of the name
        (
            "class Mine:\n    def is_supported(self, cfg):\n        if cfg is None:\n"
            "            return False, 'kernel does not support current device'\n        return True, None\n\n"
            "    def f(self, cfg) -> bool:\n        ok, why = self.is_supported(cfg)\n"
            "        return why == 'kernel does not support current device'\n",
            UPSTREAM,
        ),
        # review111: the old reason a substring of the new (#34908's reasons only gained a tail)
        (
            "def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n"
            "    return why is not None and 'kernel does not support current device' in why\n",
            UPSTREAM,
        ),
    ],
    ids=[
        "kept reason",
        "bool slot",
        "still spelled",
        "rebound",
        "own function",
        "both sides",
        "own namesake def",
        "own class's method",
        "substring kept",
    ],
)
def test_comparisons_the_change_leaves_right_stay_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []
