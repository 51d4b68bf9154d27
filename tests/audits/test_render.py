"""The report formats: SARIF 2.1.0 (validated), JUnit, Markdown, GitHub annotations, table and JSON."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest

from aeon_release.domain.audits import AuditReport, audit_tree
from aeon_release.domain.audits.render import render
from aeon_release.errors import UsageError

# The official OASIS schema (sarif-2.1/schema/sarif-schema-2.1.0.json of oasis-tcs/sarif-spec), vendored.
SCHEMA = json.loads((Path(__file__).parents[1] / "data" / "sarif-schema-2.1.0.json").read_text())
VALIDATOR = jsonschema.validators.validator_for(SCHEMA)

RULES = """rules:
  - {id: tree/py-compile, kind: py-compile, message: compiles}
  - {id: kv/nvfp4-is-5, kind: enum-value, message: "NVFP4 must be 5", paths: [kv.py], enum: Mode, member: NVFP4, value: 5}
  - {id: carry/marker, kind: marker, message: marker kept, paths: [kv.py], text: AEON, severity: warning}
  - {id: later/skipped, kind: marker, message: m, paths: [kv.py], text: x, when: {path: kv.py, contains: DFlash2}}
"""
FILES = {
    "kv.py": "import enum\n\n\nclass Mode(enum.IntEnum):\n    NVFP4 = 4\n",
    "pkg/broken.py": "def f(:\n    pass\n",
    "pkg/ok.py": "x = 1  # aeon-audit: ignore[tree/py-compile] kept for the test\n",
    "pkg/waived.py": "def g(, a):  # aeon-audit: ignore[tree/py-compile] generated, never imported\n    pass\n",
}


@pytest.fixture
def report(tree: Callable[[Mapping[str, str]], Path], rules_dir: Callable[..., Path]) -> AuditReport:
    return audit_tree(tree(FILES), rules_dir(r=RULES))


def test_sarif_validates_and_is_what_code_scanning_needs(report: AuditReport) -> None:
    log = json.loads(render(report, "sarif"))
    VALIDATOR(SCHEMA, format_checker=jsonschema.FormatChecker()).validate(log)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert ids[:4] == ["tree/py-compile", "kv/nvfp4-is-5", "carry/marker", "later/skipped"]
    assert len(ids) == len(set(ids))
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    broken = next(
        r for r in run["results"] if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "pkg/broken.py"
    )
    assert broken["level"] == "error" and broken["locations"][0]["physicalLocation"]["region"]["startLine"] == 1
    waived = next(r for r in run["results"] if "suppressions" in r)
    assert waived["suppressions"] == [{"kind": "inSource", "justification": "generated, never imported"}]
    marker = next(r for r in run["results"] if r["ruleId"] == "carry/marker")
    assert marker["level"] == "warning" and marker["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}


def test_schema_rejects_a_broken_log(report: AuditReport) -> None:
    log = json.loads(render(report, "sarif"))
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR(SCHEMA).validate(log)


def test_junit_has_one_testcase_per_rule(report: AuditReport) -> None:
    root = ElementTree.fromstring(render(report, "junit"))
    suite = root.find("testsuite")
    assert suite is not None
    cases = {c.get("name"): c for c in suite.findall("testcase")}
    assert {
        "tree/py-compile",
        "kv/nvfp4-is-5",
        "carry/marker",
        "later/skipped",
        "suppression/unused",
        "baseline/conflict-markers",
    } == set(cases)
    failure = cases["tree/py-compile"].find("failure")
    assert failure is not None and "pkg/broken.py:1" in (failure.text or "")
    assert cases["carry/marker"].find("failure") is None  # a warning is not a failure
    assert cases["later/skipped"].find("skipped") is not None
    assert suite.get("failures") == "2" and suite.get("tests") == "6"


def test_markdown_for_release_notes(report: AuditReport) -> None:
    text = render(report, "markdown")
    assert text.startswith("## Audit\n")
    assert "| ❌ | `pkg/broken.py:1` | `tree/py-compile` |" in text
    assert "(suppressed: generated, never imported)" in text
    assert "Skipped: `later/skipped` (kv.py does not contain 'DFlash2')" in text


def test_github_annotations(report: AuditReport) -> None:
    lines = render(report, "github").splitlines()
    assert any(line.startswith("::error file=pkg/broken.py,line=1,title=tree/py-compile::") for line in lines)
    assert any(line.startswith("::warning file=kv.py,title=carry/marker::") for line in lines)
    assert not any("waived.py" in line for line in lines)  # suppressed findings are not annotated


def test_json_and_table(report: AuditReport) -> None:
    data = json.loads(render(report, "json"))
    assert {"errors", "warnings", "findings", "rules_run", "files_scanned", "seconds"} <= set(data)
    assert data["errors"] == report.errors == 2
    assert data["rules_run"] == 4  # with the baseline conflict-marker rule the config lacks
    assert set(data["findings"][0]) == {"rule", "kind", "severity", "path", "line", "message", "suppressed", "also"}
    table = render(report, "table")
    assert "pkg/broken.py:1" in table and "2 error(s)" in table.splitlines()[-1]


def test_unknown_format(report: AuditReport) -> None:
    with pytest.raises(UsageError, match="unknown report format 'xml'"):
        render(report, "xml")
