"""``settings: severity``: a fleet decides which findings block.

The merge-aware checks report a tie they cannot prove (a changed default the fleet may set, a dead
knob) as a warning, which never stops a merge.  A fork that wants every such finding looked at before
a release raises them to errors in its rule files, one rule or a glob at a time; it can also lower one
of its own rules, or an engine check it has decided to live with.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.config import load_rules
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT, NEAR_MISS
from aeon_release.domain.audits.model import Finding, MergeSides, Settings, Severity
from aeon_release.errors import ConfigError
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.test_field_default_drift import CASCADE_OFF, CONFIG, CONFIG_BASE, FORK, FORK_TEXT, SUBJECT_36318
from tests.helpers import run_cli

PATTERN_RULE = """rules:
  - id: fleet/readme-says-fork
    kind: pattern
    message: the fork's README names the fork
    paths: [README.md]
    regex: never-in-this-tree
    expect: present
"""


def _cascade(repo: GitRepo) -> MergeSides:
    """upstream flips a configuration default the fork reads: a merge/default-drift warning."""
    return s.merge_case(repo, {CONFIG: CONFIG_BASE}, {FORK: FORK_TEXT}, [(SUBJECT_36318, {CONFIG: CASCADE_OFF})])


def _levels(findings: Sequence[Finding], rule_id: str) -> set[Severity]:
    return {f.severity for f in findings if f.rule_id == rule_id}


def test_a_raised_check_blocks_and_says_error_in_the_rule_list(
    git_repo: GitRepo, rules_dir: Callable[..., Path]
) -> None:
    sides = _cascade(git_repo)
    plain = git_repo.audit(rules_dir(none="rules: []\n"), merge=sides)
    assert _levels(plain.findings, DEFAULT_DRIFT) == {Severity.WARNING} and plain.errors == 0

    config = rules_dir(none="rules: []\nsettings:\n  severity:\n    merge/default-drift: error\n")
    report = git_repo.audit(config, merge=sides)
    assert _levels(report.findings, DEFAULT_DRIFT) == {Severity.ERROR} and report.errors == 1
    [info] = [r for r in report.rules if r.id == DEFAULT_DRIFT]
    assert info.severity is Severity.ERROR  # SARIF's rule list and the table say what blocks
    [near] = [r for r in report.rules if r.id == NEAR_MISS]
    assert near.severity is Severity.WARNING  # a rule the setting does not name keeps its level


def test_the_exact_id_wins_over_a_glob(git_repo: GitRepo, rules_dir: Callable[..., Path]) -> None:
    sides = _cascade(git_repo)
    every = rules_dir(none="rules: []\nsettings:\n  severity:\n    merge/*: error\n")
    assert _levels(git_repo.audit(every, merge=sides).findings, DEFAULT_DRIFT) == {Severity.ERROR}
    but_one = rules_dir(
        none="rules: []\nsettings:\n  severity:\n    merge/*: error\n    merge/default-drift: warning\n"
    )
    report = git_repo.audit(but_one, merge=sides)
    assert _levels(report.findings, DEFAULT_DRIFT) == {Severity.WARNING} and report.errors == 0


def test_a_fleet_rule_lowered_to_a_warning_no_longer_blocks(
    tree: Callable[..., Path], rules_dir: Callable[..., Path]
) -> None:
    root = tree({"README.md": "upstream's readme\n"})
    assert audit_tree(root, rules_dir(fleet=PATTERN_RULE)).errors == 1
    lowered = PATTERN_RULE + "settings:\n  severity:\n    fleet/readme-says-fork: warning\n"
    report = audit_tree(root, rules_dir(fleet=lowered))
    assert report.errors == 0 and _levels(report.findings, "fleet/readme-says-fork") == {Severity.WARNING}


def test_the_levels_reach_the_merge_s_second_process_unchanged() -> None:
    """The merge's sidecar is sent its settings as JSON (``dataclasses.asdict``), and they key the cache."""
    settings = Settings(severity=(("merge/*", Severity.ERROR), ("merge/near-miss", Severity.WARNING)))
    again = Settings.of(json.loads(json.dumps(dataclasses.asdict(settings))))
    assert again == settings
    assert again.level_of(NEAR_MISS, Severity.WARNING) is Severity.WARNING
    assert again.level_of(DEFAULT_DRIFT, Severity.WARNING) is Severity.ERROR
    assert again.level_of("fleet/x", Severity.WARNING) is Severity.WARNING


@pytest.mark.parametrize(
    ("severity", "says"),
    [
        ("    merge/defaul-drift: error\n", "audits/none.yaml: settings.severity.merge/defaul-drift: names no rule"),
        ("    fleet/*: error\n", "settings.severity.fleet/*: names no rule"),
        ("    merge/default-drift: fatal\n", "settings.severity.merge/default-drift"),
        ("    Merge/Default Drift: error\n", "is not a rule id or a glob of rule ids"),
        ("    - merge/*\n", "settings.severity: expected a mapping of rule id to error or warning, got a list"),
    ],
    ids=["misspelt id", "glob matching nothing", "unknown level", "not an id", "a list"],
)
def test_a_setting_that_cannot_mean_anything_is_refused_naming_it(
    rules_dir: Callable[..., Path], severity: str, says: str
) -> None:
    config = rules_dir(none=f"rules: []\nsettings:\n  severity:\n{severity}")
    with pytest.raises(ConfigError) as caught:
        load_rules(config)
    assert says in str(caught.value), str(caught.value)


def test_two_files_setting_other_levels_are_refused(rules_dir: Callable[..., Path]) -> None:
    config = rules_dir(
        a="rules: []\nsettings:\n  severity:\n    merge/*: error\n",
        b="rules: []\nsettings:\n  severity:\n    merge/*: warning\n",
    )
    with pytest.raises(
        ConfigError, match=r"audits/b.yaml: settings.severity: differs from the value audits/a.yaml sets"
    ):
        load_rules(config)


def test_the_gate_exits_1_on_a_raised_warning_and_2_on_a_misspelt_id(
    git_repo: GitRepo, rules_dir: Callable[..., Path]
) -> None:
    sides = _cascade(git_repo)
    merge = ["--base", sides.base, "--ours", sides.ours, "--theirs", sides.theirs]
    config = rules_dir(none="rules: []\nsettings:\n  severity:\n    merge/default-drift: error\n")
    done = run_cli("audit", "--repo", git_repo.path, "--config", config, *merge)
    assert done.code == 1 and "merge/default-drift" in done.out, done.out + done.err
    (config / "audits" / "none.yaml").write_text("rules: []\nsettings:\n  severity:\n    merge/default-drft: error\n")
    done = run_cli("audit", "--repo", git_repo.path, "--config", config, *merge)
    assert done.code == 2 and done.err.count("\n") == 1, done.err
    assert "settings.severity.merge/default-drft: names no rule" in done.err and "audits list" in done.err


def test_audits_list_shows_the_level_the_config_sets(rules_dir: Callable[..., Path]) -> None:
    config = rules_dir(none="rules: []\nsettings:\n  severity:\n    merge/default-drift: error\n")
    listed = run_cli("audits", "list", "--config", config)
    [line] = [line for line in listed.out.splitlines() if line.strip().startswith(DEFAULT_DRIFT)]
    assert line.split()[1] == "error", line
    as_json = json.loads(run_cli("audits", "list", "--config", config, "--json").out)
    assert {c["id"]: c["severity"] for c in as_json["merge_checks"]}[DEFAULT_DRIFT] == "error"
