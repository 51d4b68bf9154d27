"""`aeon-release audit --format sarif` as code scanning reads it: the official schema, stable fingerprints."""

from __future__ import annotations

import json
from importlib.metadata import version
from pathlib import Path

import jsonschema
import pytest

from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example, git, run_cli

SCHEMA = json.loads((Path(__file__).parents[1] / "data" / "sarif-schema-2.1.0.json").read_text())
KERNEL = "vllm/v1/attention/backends/triton_attn.py"


def _sarif(capsys: pytest.CaptureFixture[str], ex: demo.Example) -> dict:  # type: ignore[type-arg]
    result = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--format", "sarif")
    assert result.code == 1, result.err
    log = json.loads(result.out)
    jsonschema.validators.validator_for(SCHEMA)(SCHEMA, format_checker=jsonschema.FormatChecker()).validate(log)
    return log  # type: ignore[no-any-return]


def test_sarif_carries_what_code_scanning_uses_and_survives_a_line_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ex = build_example(tmp_path / "ex")
    kernel = ex.fork / KERNEL
    kernel.write_text(kernel.read_text().replace("KV_QUANT_MODE == KVQuantMode.FP8_PER_TENSOR", "KV_QUANT_MODE == 9"))
    git(ex.fork, "commit", "--quiet", "-am", "a bad literal")
    run = _sarif(capsys, ex)["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["version"] == version("aeon-release")
    assert "%SRCROOT%" in run["originalUriBaseIds"]
    assert all(rule["help"]["text"] and rule["helpUri"].startswith("https://") for rule in driver["rules"])
    (before,) = run["results"]
    assert before["locations"][0]["physicalLocation"]["region"]["startLine"] == 5
    # an edit above the finding moves it down two lines: same alert for code scanning
    kernel.write_text("# a comment\n# another\n" + kernel.read_text())
    git(ex.fork, "commit", "--quiet", "-am", "comments on top")
    (after,) = _sarif(capsys, ex)["runs"][0]["results"]
    assert after["locations"][0]["physicalLocation"]["region"]["startLine"] == 7
    assert after["partialFingerprints"] == before["partialFingerprints"] != {}


def test_the_gate_report_written_into_the_checkout_is_no_finding_of_the_next_audit(tmp_path: Path) -> None:
    """The PR gate writes aeon-audit.sarif into the fork's checkout: a second audit there (the
    pre-commit hook, a rerun) read its help texts' suppression syntax as 7 stale suppressions."""
    ex = build_example(tmp_path / "ex")
    report = ex.fork / "aeon-audit.sarif"
    first = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--format", "sarif", "--output", report)
    assert first.code == 0, first.err
    assert "aeon-audit: ignore[RULE] reason" in report.read_text()  # the help still tells how
    again = run_cli("audit", "--repo", ex.fork, "--config", ex.config)
    assert again.code == 0 and "suppression/unused" not in again.out + again.err, again.out


def test_a_rules_help_says_how_to_relevel_it_and_a_merge_check_how_to_waive_it() -> None:
    """A merge-aware rule's SARIF help ran its sentences together ("sides) Fix") and offered only a
    suppression comment, on a finding (a device gate) that sits on upstream's line; no help named
    `settings: severity` (newuser17)."""
    from aeon_release.domain.audits.render import _help

    merge = _help("merge", "upstream changed a capability check")
    assert "sides). Fix the fork's code" in merge
    assert "`settings: severity`" in merge and "aeon-release merge --continue --waive 'RULE=REASON'" in merge
    rule = _help("pattern", "a pattern must hold")
    assert "`settings: severity`" in rule and "ignore[RULE] reason" in rule
