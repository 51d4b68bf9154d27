"""Fetched arguments: a getter named for a parameter upstream renamed and retyped in place.

#16572 made ``init_app_state(engine_client, model_config: ModelConfig, state, args)`` take ``vllm_config:
VllmConfig`` in the same slot; a fork's ``init_app_state(client, await client.get_model_config(), ...)``
still binds and hands the body the old kind of value.  The getter's name is what says so: an error, as for
an argument spelled like the old parameter.  A getter named for the new parameter, a getter picking one of
many by its argument, and a slot only renamed (the same kind of value) stay quiet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SERVER = "vllm/entrypoints/openai/api_server.py"
CONFIGS = """class ModelConfig:
    max_model_len: int = 0


class VllmConfig:
    model_config: ModelConfig | None = None
"""
SERVER_BASE = (
    "from vllm.config import ModelConfig, VllmConfig\n\n\n"
    "async def init_app_state(engine_client, model_config: ModelConfig, state, args) -> None:\n"
    "    state.max_model_len = model_config.max_model_len\n"
)
RETYPED = SERVER_BASE.replace("model_config: ModelConfig, state", "vllm_config: VllmConfig, state").replace(
    "model_config.max_model_len", "vllm_config.model_config.max_model_len"
)
RENAMED = SERVER_BASE.replace("model_config: ModelConfig, state", "config: ModelConfig, state").replace(
    "model_config.max_model_len", "config.max_model_len"
)
FORK = "vllm/aeon/side_app.py"
SUBJECT = 'Add "/server_info" endpoint in api_server to retrieve the vllm_config. (#16572)'


def findings(repo: GitRepo, config: Path, argument: str, upstream: str) -> list[tuple[int, str, str]]:
    fork = (
        "from vllm.entrypoints.openai.api_server import init_app_state\n\n\n"
        "async def aeon_side_app(engine_client, app, args, config):\n"
        f"    await init_app_state(engine_client, {argument}, app.state, args)  # AEON\n"
    )
    base = {"vllm/config/__init__.py": CONFIGS, SERVER: SERVER_BASE}
    sides = s.merge_case(repo, base, {FORK: fork}, [(SUBJECT, {SERVER: upstream})])
    report = repo.audit(config, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DRIFT and f.path == FORK]


@pytest.mark.parametrize(
    "argument",
    [
        "await engine_client.get_model_config()",
        "engine_client.get_model_config()",
        'getattr(config, "model_config")',
        'getattr(config, "model_config", None)',
    ],
    ids=["an awaited getter", "a getter", "getattr", "getattr with a default"],
)
def test_a_getter_of_the_old_parameter_into_a_renamed_retyped_slot(
    git_repo: GitRepo, no_rules: Path, argument: str
) -> None:
    [(line, severity, message)] = findings(git_repo, no_rules, argument, RETYPED)
    assert (line, severity) == (5, "error")
    assert "for model_config (ModelConfig), which upstream renamed vllm_config and retyped as VllmConfig" in message


@pytest.mark.parametrize(
    ("argument", "upstream"),
    [
        ("await engine_client.get_vllm_config()", RETYPED),
        ('engine_client.get_config("model_config")', RETYPED),
        ('getattr(config, "vllm_config")', RETYPED),
        ("await engine_client.get_model_config()", RENAMED),
    ],
    ids=["a getter of the new parameter", "a getter picking by its argument", "getattr of the new", "renamed only"],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, argument: str, upstream: str) -> None:
    assert [f for f in findings(git_repo, no_rules, argument, upstream) if f[1] == "error"] == []
