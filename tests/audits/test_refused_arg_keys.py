"""Refused arguments read off a dict (drift/refused_args.py): #43132 (89bd2c14d3) made the speculators updater
``update_eagle3(config_dict, pre_trained_config)`` bind ``model_type = pre_trained_config.get("model_type", "llama")``
and ``eagle3_arch_map = {"qwen3": ..., "llama": ...}`` and raise ``if model_type not in eagle3_arch_map``; a fork
handing it a dict whose ``model_type`` it set to ``"deepseek_v3"`` merges cleanly and raises when the drafter
loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

ALGOS = "vllm/configs/algos.py"
BASE = """def update(config_dict: dict, pre: dict) -> None:
    pre["draft_vocab_size"] = config_dict.get("draft_vocab_size")
    pre["architectures"] = ["Eagle3LlamaForCausalLM"]
"""
UPSTREAM = """def update(config_dict: dict, pre: dict) -> None:
    pre["draft_vocab_size"] = config_dict.get("draft_vocab_size")
    arch_map = {"qwen3": "Eagle3Qwen3ForCausalLM", "llama": "Eagle3LlamaForCausalLM"}
    model_type = pre.get("model_type", "llama")
    if model_type not in arch_map:
        raise ValueError(f"Unsupported model_type {model_type}")
    pre["architectures"] = [arch_map[model_type]]
"""
SUBJECT = "[Spec Decode] Add Qwen3 architecture support for EAGLE3 (#43132)"
FORK = "vllm/aeon/algos.py"
HEAD = "from vllm.configs.algos import update\n\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str, upstream: str = UPSTREAM) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {ALGOS: BASE}, {FORK: HEAD + body}, [(SUBJECT, {ALGOS: upstream})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(line, severity) for path, line, severity, message in found if path == FORK and "refuses" in message]


@pytest.mark.parametrize(
    ("body", "line"),
    [
        # a parameter given the refused key before the call
        ('def f(cd, pre):\n    pre["model_type"] = "deepseek_v3"\n    update(cd, pre)\n', 6),
        # a literal dict handed over
        ('def f(cd):\n    update(cd, {"model_type": "mistral", "x": 1})\n', 5),
        # a local bound to a display, then filled, handed by keyword
        ('def f(cd):\n    d = {"x": 1}\n    d["model_type"] = "mistral"\n    update(cd, pre=d)\n', 7),
        # under a branch whose test reads something else than the dict
        ('def f(cd):\n    d = {"model_type": "mistral"}\n    if cd.get("x"):\n        update(cd, d)\n', 7),
    ],
    ids=["parameter filled", "literal dict", "local filled, keyword", "under another test"],
)
def test_a_dict_holding_a_refused_key_is_an_error(git_repo: GitRepo, no_rules: Path, body: str, line: int) -> None:
    assert rows(git_repo, no_rules, body) == [(line, "error")]


WRITTEN_FIRST = UPSTREAM.replace('    arch_map = {"qwen3"', '    pre["model_type"] = "llama"\n    arch_map = {"qwen3"')
HANDED_FIRST = UPSTREAM.replace('    arch_map = {"qwen3"', '    normalise(pre)\n    arch_map = {"qwen3"')


@pytest.mark.parametrize(
    ("body", "upstream"),
    [
        # an accepted value, or the .get default for a dict that lacks the key
        ('def f(cd):\n    update(cd, {"model_type": "qwen3"})\n', UPSTREAM),
        ('def f(cd):\n    update(cd, {"x": 1})\n', UPSTREAM),
        # a parameter whose key the function does not show: unknown
        ("def f(cd, pre):\n    update(cd, pre)\n", UPSTREAM),
        # filled under a branch, or handed to another call first: unknown
        (
            'def f(cd, pre, deep):\n    if deep:\n        pre["model_type"] = "deepseek_v3"\n    update(cd, pre)\n',
            UPSTREAM,
        ),
        ('def f(cd, pre):\n    pre["model_type"] = "deepseek_v3"\n    fix(pre)\n    update(cd, pre)\n', UPSTREAM),
        # upstream writes the key, or hands the dict on, before it reads it
        ('def f(cd):\n    update(cd, {"model_type": "mistral"})\n', WRITTEN_FIRST),
        ('def f(cd):\n    update(cd, {"model_type": "mistral"})\n', HANDED_FIRST),
        # the refusal tested for
        (
            'def f(cd):\n    try:\n        update(cd, {"model_type": "mistral"})\n    except ValueError:\n'
            "        return None\n",
            UPSTREAM,
        ),
        # the call under the fork's own test of the dict
        (
            'def f(cd):\n    d = {"model_type": "mistral"}\n    if d["model_type"] in ("llama", "qwen3"):\n'
            "        update(cd, d)\n",
            UPSTREAM,
        ),
    ],
    ids=[
        "accepted",
        "default",
        "unknown",
        "branch",
        "handed on",
        "upstream writes",
        "upstream hands on",
        "caught",
        "under a test of the dict",
    ],
)
def test_dicts_the_guard_accepts_or_cannot_read_stay_quiet(
    git_repo: GitRepo, no_rules: Path, body: str, upstream: str
) -> None:
    assert rows(git_repo, no_rules, body, upstream) == []
