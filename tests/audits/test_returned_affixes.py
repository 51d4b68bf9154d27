"""Returned string drift under a suffix or prefix test (drift/returned_strings.py, ``_affixed``; mend75): #34908
(f72061a19a) made ``is_supported_config_trtllm``'s reasons carry the offending value (``_make_reason("routing
method")`` -> ``_make_reason(f"routing method {method}")``); a fork's ``ok, why = is_supported_config_trtllm(...)``
then ``why.endswith("routing method")`` is never true again: the old text no longer ends the reason."""

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
    elif not cfg.routing:
        return False, _reason("routing method")
    elif not cfg.gated:
        return False, _reason("no gated MLP")
    elif cfg.act:
        return False, f"{cfg.act} activation"
    return True, None


class FlashBackend:
    def get_name(self) -> str:
        return "flash-attn"
"""
UPSTREAM = (
    BASE.replace('_reason("current device")', '_reason(f"current device {cfg.device_name}")')
    .replace('_reason("routing method")', '_reason(f"routing method {cfg.routing}")')
    .replace('"flash-attn"', '"FLASH_ATTN"')
)
SUBJECT = "[UX] More descriptive reasons in is_supported_config for MoE (#34908)"
FORK = "vllm/aeon/moe.py"
HEAD = "from vllm.moe import FlashBackend, is_supported\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {MOE: BASE}, {FORK: HEAD + body}, [(SUBJECT, {MOE: UPSTREAM})])
    found = s.rule_rows(git_repo, no_rules, sides, RETURN_DRIFT)
    return [(line, sev, message) for path, line, sev, message in found if path == FORK]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # the replay's spelling: the helper-made reason's old tail
        (
            "def f(cfg) -> bool:\n    _, why = is_supported(cfg, 1)\n"
            '    return why is not None and why.endswith("routing method")\n',
            6,
        ),
        # a tuple of suffixes, one of them an old tail
        (
            "def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n"
            '    if why and why.endswith(("current device", "no such thing")):\n        return True\n    return False\n',
            6,
        ),
        # a prefix test of a whole returned string, off a typed receiver's call
        (
            'def f(b: FlashBackend) -> bool:\n    return b.get_name().startswith("flash")\n',
            5,
        ),
        # a negated suffix test of a whole returned string
        (
            'def f(b: FlashBackend) -> bool:\n    return not b.get_name().endswith("-attn")\n',
            5,
        ),
    ],
    ids=["endswith old tail", "tuple of suffixes", "startswith whole value", "not endswith"],
)
def test_an_affix_only_the_old_string_held_is_an_error(git_repo: GitRepo, no_rules: Path, body: str, line: int) -> None:
    found = rows(git_repo, no_rules, body)
    assert [(ln, sev) for ln, sev, _ in found] == [(line, "error")]
    assert "swith(" in found[0][2] and "never true" in found[0][2]


@pytest.mark.parametrize(
    "body",
    [
        # the unchanged reason's tail
        'def f(cfg) -> bool:\n    _, why = is_supported(cfg, 1)\n    return why.endswith("no gated MLP")\n',
        # a prefix every new reason still starts with
        'def f(cfg) -> bool:\n    _, why = is_supported(cfg, 1)\n    return why.startswith("kernel does not support")\n',
        # a prefix holding the old text whole: the new reason starts with it still
        'def f(cfg) -> bool:\n    _, why = is_supported(cfg, 1)\n    return why.startswith("kernel does not support routing")\n',
        # a tail an upstream f-string's literal still ends with
        'def f(cfg) -> bool:\n    _, why = is_supported(cfg, 1)\n    return why.endswith(" activation")\n',
        # the bool slot, not the reason
        'def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n    return str(ok).endswith("method")\n',
        # written for both sides: the new name tested too
        (
            "def f(b: FlashBackend) -> bool:\n    name = b.get_name()\n"
            '    return b.get_name().startswith("flash") or name == "FLASH_ATTN"\n'
        ),
        # the fork's own namesake def answers the old reason
        (
            "def is_supported(cfg, key):\n    return False, 'kernel does not support routing method'\n\n\n"
            "def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n    return why.endswith('routing method')\n"
        ),
        # the local rebound: not the call's value any more
        (
            "def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n    why = str(why)\n"
            '    return why.endswith("routing method")\n'
        ),
    ],
    ids=[
        "kept reason",
        "kept prefix",
        "old text as prefix",
        "f-string tail",
        "bool slot",
        "both sides",
        "own namesake",
        "rebound",
    ],
)
def test_affix_tests_the_change_leaves_right_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


@pytest.mark.parametrize(
    "body",
    [
        # the old suffix or-ed with a prefix the new reason passes: written for both sides
        (
            "def f(cfg) -> bool:\n    _, why = is_supported(cfg, 1)\n"
            '    return bool(why) and (why.endswith("routing method") or why.startswith("kernel does not support routing'
            ' method "))\n'
        ),
        # the fork's own namesake def returning another reason that still holds the tail
        (
            "def is_supported(cfg, key):\n    return False, 'spark refuses the routing method'\n\n\n"
            "def f(cfg) -> bool:\n    ok, why = is_supported(cfg, 1)\n    return why.endswith('routing method')\n"
        ),
        # the fork's own subclass's name, which still holds the suffix
        (
            "class AeonBackend(FlashBackend):\n    def get_name(self) -> str:\n        return 'aeon-attn'\n\n\n"
            'def f(b: AeonBackend) -> bool:\n    return b.get_name().endswith("-attn")\n'
        ),
    ],
    ids=["or-ed new prefix", "own def, other reason", "own subclass name"],
)
def test_review114_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    """review114_twins: the three shapes were false errors on main."""
    assert rows(git_repo, no_rules, body) == []


def test_a_prefix_every_reason_passes_does_not_answer_the_old_suffix(git_repo: GitRepo, no_rules: Path) -> None:
    """review114: only an affix telling the new reason apart counts as written for both sides."""
    body = (
        "def f(cfg) -> bool:\n    _, why = is_supported(cfg, 1)\n"
        '    if why and why.startswith("kernel does not support"):\n'
        '        return why.endswith("routing method")\n    return False\n'
    )
    assert [(ln, sev) for ln, sev, _ in rows(git_repo, no_rules, body)] == [(7, "error")]
