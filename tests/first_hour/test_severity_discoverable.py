"""`settings: severity` as a stranger finds and writes it: `audits list` says how to change a level,
and a file of settings alone loads.

A maintainer of a vLLM fork read `audits list`'s levels and found no word there on changing one
(`settings: severity` is in the README's ledger section only); the file they then wrote,
``audits/severity.yaml`` holding ``settings: {severity: {merge/*: error}}``, was refused with
"rules: required", and the hint named `audits list`, which refused it the same way.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_cli


def _config(tmp_path: Path, severity: str) -> Path:
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "tree.yaml").write_text(
        "rules:\n- {id: tree/py-compile, kind: py-compile, message: a Python file does not compile}\n"
    )
    (config / "audits" / "severity.yaml").write_text(severity)
    return config


def test_audits_list_says_how_to_change_a_level(tmp_path: Path) -> None:
    result = run_cli("audits", "list", "--config", _config(tmp_path, "rules: []\n"))
    assert result.code == 0, result.err
    assert "settings: {severity: {merge/default-drift: error}} in any audits/*.yaml" in result.out
    assert "# aeon-audit: ignore[RULE] reason" in result.out
    assert "aeon-release merge --continue --waive 'RULE=why it is safe'" in result.out


def test_a_file_of_settings_alone_needs_no_rules(tmp_path: Path) -> None:
    config = _config(tmp_path, "settings: {severity: {merge/*: error, tree/py-compile: warning}}\n")
    result = run_cli("audits", "list", "--config", config)
    assert result.code == 0, result.err
    levels = {line.split()[0]: line.split()[1:] for line in result.out.splitlines() if line.startswith("  ")}
    assert "warning" in levels["tree/py-compile"] and levels["merge/near-miss"][0] == "error"


def test_a_file_of_neither_still_needs_rules_and_the_hint_it_names_answers(tmp_path: Path) -> None:
    result = run_cli("audits", "list", "--config", _config(tmp_path, "{}\n"))
    assert result.code == 2 and "audits/severity.yaml: rules: required" in result.err
    assert "`aeon-release audits list` shows every rule kind" in result.err
    # ... and it does, though it refuses the config: the kinds and their fields, before the refusal
    assert result.out.startswith("kinds:\n") and "fields: id, kind, message" in result.out
