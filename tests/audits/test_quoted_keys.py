"""Quoted keys (misses1): a fork string naming a key upstream moved out of a module's table, in a file that
reads no table (#45128's ``hf_overrides={"architectures": ["InternLMForCausalLM"]}``): a warning, the literal
its only tie.  Twins: a key kept, a common word, the fork registering the name, a dict key, a comparison."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import KEY_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way
from tests.audits.test_dropped_keys import REG, TABLES, TABLES_NOW, USE


@pytest.mark.parametrize(
    "body",
    [
        'def args(model: str) -> dict:\n    return dict(model=model, hf_overrides={"architectures": ["InternLMForCausalLM"]})\n',
        'ARCHES = ("LlamaForCausalLM", "InternLMForCausalLM")\n',
        'def load(loader) -> object:\n    return loader.load("InternLMForCausalLM")\n',
    ],
    ids=["a list in a dict's value", "a tuple of names", "a call's argument"],
)
def test_a_key_upstream_moved_quoted_as_a_value(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    sides = three_way(git_repo, {REG: TABLES}, {USE: body}, {REG: TABLES_NOW})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, RULE) == [(USE, line_of(body, "InternLMForCausalLM"), "warning")]
    message = next(f.message for f in report.findings if f.rule_id == RULE)
    assert "moved out of the table _TEXT_MODELS into _PREVIOUSLY_SUPPORTED" in message


@pytest.mark.parametrize(
    ("tables", "body"),
    [
        (TABLES_NOW, 'ARCHES = ["LlamaForCausalLM"]\n'),
        (TABLES_NOW, 'def register(registry) -> None:\n    registry.register_model("InternLMForCausalLM", object)\n'),
        (TABLES_NOW, 'ALIASES = {"InternLMForCausalLM": "LlamaForCausalLM"}\n'),
        (TABLES_NOW, 'def is_internlm(arch: str) -> bool:\n    return arch == "InternLMForCausalLM"\n'),
        (TABLES_NOW.replace("InternLMForCausalLM", "auto_model"), 'MODES = ["auto_model"]\n'),
        (TABLES, 'ARCHES = ["InternLMForCausalLM"]\n'),
    ],
    ids=["a key kept", "the fork registers it", "a dict key", "compared", "a lowercase word", "upstream unchanged"],
)
def test_quoted_key_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, tables: str, body: str) -> None:
    base = TABLES.replace("InternLMForCausalLM", "auto_model") if "auto_model" in tables else TABLES
    sides = three_way(git_repo, {REG: base}, {USE: body}, {REG: tables})
    assert found(audit(git_repo, sides, tmp_path), RULE) == []
