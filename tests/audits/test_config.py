"""Rule files are strict: every mistake names the file and the rule, and lists what is allowed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
from aeon_release.domain.audits.config import load_rules
from aeon_release.domain.audits.registry import KINDS
from aeon_release.errors import ConfigError

GOOD = """rules:
  - id: a/one
    kind: marker
    message: m
    paths: [x.py]
    text: hello
  - id: a/two
    kind: py-compile
    message: compiles
"""


def error_of(rules_dir: Callable[..., Path], text: str) -> str:
    with pytest.raises(ConfigError) as caught:
        load_rules(rules_dir(bad=text))
    return caught.value.message + " | " + (caught.value.hint or "")


def test_unknown_kind_names_file_rule_and_known_kinds(rules_dir: Callable[..., Path]) -> None:
    text = GOOD + "  - id: a/three\n    kind: enum-valu\n    message: m\n"
    message = error_of(rules_dir, text)
    assert message.startswith("audits/bad.yaml: rules[2].kind: unknown rule kind 'enum-valu'")
    assert all(name in message for name in KINDS)


def test_unknown_field_is_an_error(rules_dir: Callable[..., Path]) -> None:
    message = error_of(rules_dir, GOOD.replace("text: hello", "text: hello\n    txet: typo"))
    assert message.startswith("audits/bad.yaml: rules[0].txet: unknown key")
    assert "text" in message


def test_missing_kind_field(rules_dir: Callable[..., Path]) -> None:
    message = error_of(rules_dir, GOOD.replace("    text: hello\n", ""))
    assert message.startswith("audits/bad.yaml: rules[0].text: required")


def test_paths_required_for_targeted_kinds(rules_dir: Callable[..., Path]) -> None:
    message = error_of(rules_dir, GOOD.replace("    paths: [x.py]\n", ""))
    assert message.startswith("audits/bad.yaml: rules[0].paths: required")


def test_malformed_yaml_names_the_line(rules_dir: Callable[..., Path]) -> None:
    message = error_of(rules_dir, GOOD.replace("message: m", "message: [m"))
    assert message.startswith("audits/bad.yaml:") and "malformed YAML" in message


def test_duplicate_key(rules_dir: Callable[..., Path]) -> None:
    message = error_of(rules_dir, GOOD.replace("message: m\n", "message: m\n    message: n\n"))
    assert "duplicate key 'message'" in message


def test_duplicate_rule_id_across_files(rules_dir: Callable[..., Path]) -> None:
    config = rules_dir(a=GOOD, b=GOOD.split("  - id: a/two")[0])
    with pytest.raises(
        ConfigError, match=r"audits/b.yaml: rules\[0\].id: duplicate rule id 'a/one' \(first in audits/a.yaml"
    ):
        load_rules(config)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (("severity: error", "severity: fatal"), "rules[0].severity: must be one of error, warning"),
        (("id: a/one", "id: A One"), "rules[0].id: 'A One' is not of the expected form"),
        (("paths: [x.py]", "paths: [/etc/passwd]"), "rules[0].paths[0]: '/etc/passwd' must be a path relative"),
        (("text: hello", "text: 5"), "rules[0].text: expected a non-empty string, got an integer"),
    ],
)
def test_field_errors(rules_dir: Callable[..., Path], change: tuple[str, str], where: str) -> None:
    text = GOOD.replace("    message: m\n", "    message: m\n    severity: error\n", 1)
    assert where in error_of(rules_dir, text.replace(*change))


def test_bad_regex_and_kind_specific_checks(rules_dir: Callable[..., Path]) -> None:
    rule = "rules:\n  - {id: p, kind: pattern, message: m, paths: [a.py], regex: '(unclosed', expect: present}\n"
    assert "rules[0].regex: not a valid regular expression" in error_of(rules_dir, rule)
    rule = "rules:\n  - {id: p, kind: pattern, message: m, paths: [a.py], regex: x, expect: maybe}\n"
    assert "rules[0].expect: must be one of present, absent" in error_of(rules_dir, rule)


def test_top_level_must_be_rules(rules_dir: Callable[..., Path]) -> None:
    assert "audits/bad.yaml: rule: unknown key" in error_of(rules_dir, "rule: []\n")
    assert "audits/bad.yaml: rules[0]: expected a mapping" in error_of(rules_dir, "rules: [oops]\n")


def test_missing_audits_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no audits folder"):
        audit_tree(tmp_path, tmp_path / "nowhere")


def test_settings_tune_near_miss_distance(rules_dir: Callable[..., Path]) -> None:
    assert load_rules(rules_dir(a=GOOD + "settings: {near_miss_lines: 7}\n")).settings.near_miss_lines == 7


def test_the_fleet_rules_load(fleet_config: Path) -> None:
    ruleset = load_rules(fleet_config)
    kinds = {r.kind for r in ruleset.rules}
    assert {
        "enum-value",
        "enum-literal",
        "forbidden-call",
        "required-symbol",
        "layer-offset",
        "conflict-markers",
        "py-compile",
        "pattern",
    } <= kinds
    paths = {p for r in ruleset.rules for p in r.paths}
    assert "vllm/v1/kv_cache_interface.py" in paths
    assert "vllm/v1/worker/gpu/spec_decode/eagle/eagle3_utils.py" in paths


def test_the_rules_of_the_same_texts_are_built_once_and_the_carries_markers_added_at_each_load(
    rules_dir: Callable[..., Path],
) -> None:
    """A merge loads the rules five times (the plan, the sidecar's settings, the merge's, the waiver check,
    the audit): the rule files' rules are built once per text, the carries' markers added at each load,
    and an edited file is read anew."""
    from aeon_release.domain.ledger import Carry, CarryStatus, Marker

    config = rules_dir(a=GOOD)
    carry = Carry(id="uma", title="UMA", status=CarryStatus.ACTIVE, markers=(Marker("x.py", "hello"),))
    first, again = load_rules(config), load_rules(config, [carry])
    assert [r.id for r in first.rules] == ["a/one", "a/two", "baseline/conflict-markers"]
    assert [r.id for r in again.rules] == [*(r.id for r in first.rules), "carry-marker/uma"]
    assert all(built is kept for built, kept in zip(first.rules, again.rules))  # built once
    (config / "audits" / "a.yaml").write_text(GOOD.replace("message: m", "message: edited"))
    edited = load_rules(config)
    assert edited.rules[0].message == "edited" and edited.rules[0] is not first.rules[0]
