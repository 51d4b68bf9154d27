"""Stopped argument writes of a dict's key (drift/stopped_arg_writes.py): #48639 (642076d26c) made the speculators
updater ``update_dspark(config_dict, pre_trained_config)`` write ``pre_trained_config["sample_from_anchor"]`` where
it wrote ``pre_trained_config["dspark_bonus_anchor"]``; a fork reading the old key off the dict it handed the
updater raises KeyError (a subscript) or reads its default for good (a ``.get``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ALGOS = "vllm/configs/algos.py"
BASE = """def update(config_dict: dict, pre: dict) -> None:
    pre["architectures"] = ["Draft"]
    pre["bonus_anchor"] = True
    for key in ("block_size", "mask_token_id"):
        if config_dict.get(key) is not None:
            pre[key] = config_dict[key]
"""
UPSTREAM = """def update(config_dict: dict, pre: dict) -> None:
    pre["architectures"] = ["Draft"]
    pre["sample_from_anchor"] = config_dict.get("sample_from_anchor", False)
    for key in ("block_size", "mask_token_id"):
        if config_dict.get(key) is not None:
            pre[key] = config_dict[key]
"""
SUBJECT = "Support loading sample_from_anchor flag from speculators config (#48639)"
FORK = "vllm/aeon/algos.py"
HEAD = "from vllm.configs.algos import update\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {ALGOS: BASE}, {FORK: HEAD + body}, [(SUBJECT, {ALGOS: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [
        (line, severity)
        for path, line, severity, message in found
        if path == FORK and ("no longer sets" in message or "no longer writes" in message)
    ]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # a subscript read of the dict handed in: KeyError
        ('def f(cd, pre):\n    update(cd, pre)\n    if pre["bonus_anchor"]:\n        return 1\n', [(6, "error")]),
        # a keyword argument, a local dict, read through a comparison
        ('def f(cd):\n    d = {}\n    update(cd, pre=d)\n    return d["bonus_anchor"] is True\n', [(7, "error")]),
        # a .get: the default answers for good, a warning
        (
            'def f(cd):\n    d: dict = {}\n    update(cd, d)\n    return d.get("bonus_anchor", False)\n',
            [(7, "warning")],
        ),
        # a computed key stored into another dict, a key of another dict |=-ed: still an error
        (
            "def f(cd, pre):\n    update(cd, pre)\n    seen = {}\n    for k in cd:\n        seen[k] = 1\n"
            '    return pre["bonus_anchor"]\n',
            [(9, "error")],
        ),
        (
            'def f(cd, pre):\n    update(cd, pre)\n    cd |= {"x": 1}\n    return pre["bonus_anchor"]\n',
            [(7, "error")],
        ),
    ],
    ids=["subscript", "keyword, local dict", "get with a default", "computed key elsewhere", "ior elsewhere"],
)
def test_a_key_the_updater_no_longer_writes_is_caught(
    git_repo: GitRepo, no_rules: Path, body: str, expected: list[tuple[int, str]]
) -> None:
    assert rows(git_repo, no_rules, body) == expected


ANY_KEY = UPSTREAM.replace(
    '    pre["architectures"] = ["Draft"]\n', '    pre["architectures"] = ["Draft"]\n    pre[name] = 1\n'
)
UPDATED = UPSTREAM.replace('    pre["architectures"] = ["Draft"]\n', "    pre.update(config_dict)\n")


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # the key upstream writes now
        ('def f(cd, pre):\n    update(cd, pre)\n    return pre["sample_from_anchor"]\n', UPSTREAM),
        # a key the loop over literals still writes
        ('def f(cd, pre):\n    update(cd, pre)\n    return pre["block_size"]\n', UPSTREAM),
        # asked first
        ('def f(cd, pre):\n    update(cd, pre)\n    return "bonus_anchor" in pre and pre["bonus_anchor"]\n', UPSTREAM),
        # in a try catching KeyError
        (
            'def f(cd, pre):\n    update(cd, pre)\n    try:\n        return pre["bonus_anchor"]\n'
            "    except KeyError:\n        return False\n",
            UPSTREAM,
        ),
        # the fork writes it itself, before the call or after it
        (
            'def f(cd, pre):\n    pre["bonus_anchor"] = True\n    update(cd, pre)\n    return pre["bonus_anchor"]\n',
            UPSTREAM,
        ),
        (
            'def f(cd, pre):\n    update(cd, pre)\n    pre.setdefault("bonus_anchor", True)\n'
            '    return pre["bonus_anchor"]\n',
            UPSTREAM,
        ),
        # upstream now writes keys no literal names: the key may be among them
        ('def f(cd, pre):\n    update(cd, pre)\n    return pre["bonus_anchor"]\n', ANY_KEY),
        ('def f(cd, pre):\n    update(cd, pre)\n    return pre["bonus_anchor"]\n', UPDATED),
        # the fork fills keys by a computed key, or by ``|=``, after the call
        (
            "def f(cd, pre):\n    update(cd, pre)\n    for k, v in DEFAULTS.items():\n        pre[k] = v\n"
            '    return pre["bonus_anchor"]\n',
            UPSTREAM,
        ),
        ('def f(cd, pre):\n    update(cd, pre)\n    pre |= DEFAULTS\n    return pre["bonus_anchor"]\n', UPSTREAM),
    ],
    ids=[
        "new key",
        "looped key",
        "asked",
        "try KeyError",
        "fork stores first",
        "setdefault",
        "any key",
        "update",
        "computed key",
        "ior",
    ],
)
def test_reads_the_updater_never_answered_for_stay_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []
