"""Paired values (drift/paired_values.py): #49727 (e222c33f2f) changed ``AXK1Config.model_type`` from ``"AXK1"`` to
``"axk1"``; a fork's ``AutoConfig.register("AXK1", AXK1Config)`` raises ValueError at import, a fork table keyed
``{"AXK1": AXK1Config}`` is never found by the class's model_type."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

CFG = "vllm/configs/axk1.py"
BASE = 'class AXK1Config:\n    model_type = "AXK1"\n    keys_to_ignore_at_inference = ["past_key_values"]\n'
UPSTREAM = BASE.replace('"AXK1"', '"axk1"')
FILES = {CFG: BASE, "vllm/configs/__init__.py": "from vllm.configs.axk1 import AXK1Config\n"}
SUBJECT = "[Bugfix] Register axk1 config to fix A.X-K1 init (#49727)"
FORK = "vllm/aeon/reg.py"
HEAD = "from transformers import AutoConfig\n\nfrom vllm.configs.axk1 import AXK1Config\n\n"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, FILES, {FORK: HEAD + body}, [(SUBJECT, {CFG: UPSTREAM})])
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [
        (line, severity)
        for path, line, severity, message in found
        if path == FORK and ("registration of" in message or "pairing of" in message)
    ]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('AutoConfig.register("AXK1", AXK1Config)\n', [(5, "error")]),
        ('AutoConfig.register("AXK1", AXK1Config, exist_ok=True)\n', [(5, "error")]),
        # a table keyed by the old value, a subscript store: warnings
        ('_MINE = {"AXK1": AXK1Config, "other": object}\n', [(5, "warning")]),
        ('_MINE: dict = {}\n_MINE["AXK1"] = AXK1Config\n', [(6, "warning")]),
        # another registrar's call: a warning
        ('register_config("AXK1", AXK1Config)\n', [(5, "warning")]),
        # the registrar's refusal caught: the registration lost, not a crash (a warning)
        ('try:\n    AutoConfig.register("AXK1", AXK1Config)\nexcept ValueError:\n    pass\n', [(6, "warning")]),
        # caught by a handler that is not the refusal's, or under a test of something else: still an error
        ('try:\n    AutoConfig.register("AXK1", AXK1Config)\nexcept ImportError:\n    pass\n', [(6, "error")]),
        ('if AXK1Config.keys_to_ignore_at_inference:\n    AutoConfig.register("AXK1", AXK1Config)\n', [(6, "error")]),
    ],
    ids=[
        "register",
        "register, exist_ok",
        "dict display",
        "subscript store",
        "another registrar",
        "in a try catching ValueError",
        "in a try catching ImportError",
        "under a test of another attribute",
    ],
)
def test_a_class_paired_with_its_old_value_is_caught(
    git_repo: GitRepo, no_rules: Path, body: str, expected: list[tuple[int, str]]
) -> None:
    assert rows(git_repo, no_rules, body) == expected


@pytest.mark.parametrize(
    "body",
    [
        "AutoConfig.register(AXK1Config.model_type, AXK1Config)\n",
        'AutoConfig.register("axk1", AXK1Config)\n',
        # the fork's own shim keeps the old value
        'AXK1Config.model_type = "AXK1"\nAutoConfig.register("AXK1", AXK1Config)\n',
        # the literal beside another class, or apart from it
        'AutoConfig.register("AXK1", object)\n',
        'f("AXK1", 3, AXK1Config)\n',
        # a shim through setattr; a registration only where the class's attribute still says the old value
        'setattr(AXK1Config, "model_type", "AXK1")\nAutoConfig.register("AXK1", AXK1Config)\n',
        'if AXK1Config.model_type == "AXK1":\n    AutoConfig.register("AXK1", AXK1Config)\n',
        'KEY = "AXK1" if AXK1Config.model_type == "AXK1" else None\nT = {"AXK1": AXK1Config} if AXK1Config.model_type == "AXK1" else {}\n',
    ],
    ids=[
        "attribute",
        "new value",
        "shim",
        "another class",
        "not side by side",
        "setattr shim",
        "under a test",
        "conditional",
    ],
)
def test_pairings_that_still_agree_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []
