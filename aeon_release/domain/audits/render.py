"""Report renderers: table, json, sarif (2.1.0, for GitHub code scanning), junit, markdown, github."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import urllib.parse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aeon_release.domain.audits.model import AuditReport, Finding, Severity
from aeon_release.domain.markdown import code_span
from aeon_release.domain.markdown import text as markdown_text
from aeon_release.errors import printable, quoted

if TYPE_CHECKING:
    from xml.etree import ElementTree

TOOL = "aeon-release"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFO_URI = "https://github.com/aeon-7/aeon-release"
HELP_URI = INFO_URI + "#audit"
FINGERPRINT = "aeonFinding/v1"  # our own key: code scanning also computes its primaryLocationLineHash
_LINE_REFS = re.compile(r":\d+\b|\bline \d+\b")


def tool_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("aeon-release")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


def render(report: AuditReport, fmt: str) -> str:
    try:
        renderer = RENDERERS[fmt]
    except KeyError:
        from aeon_release.errors import UsageError

        raise UsageError(f"unknown report format {quoted(fmt)}", f"choose one of {', '.join(RENDERERS)}") from None
    return renderer(report)


def _status(f: Finding) -> str:
    return f"suppressed ({f.suppressed})" if f.suppressed else f.severity.value


def _rules(f: Finding) -> str:
    """The rule id, and the other rules that found the same root cause on that line."""
    return f"{f.rule_id} (also {', '.join(f.also)})" if f.also else f.rule_id


def _where(f: Finding) -> str:
    return f"{f.path}:{f.line}" if f.line else f.path


def summary(report: AuditReport) -> str:
    held = sum(count for _, _, count in report.exclusions)
    excluded = f", {held} file(s) excluded by the config" if held else ""
    return (
        f"{report.errors} error(s), {report.warnings} warning(s), {report.rules_run} rule(s) over "
        f"{report.files_scanned} file(s){excluded} in {report.seconds:.2f}s"
    )


def table(report: AuditReport) -> str:
    rows = [(printable(_status(f)), printable(_where(f)), _rules(f), printable(f.message)) for f in report.findings]
    if not rows:
        return f"no findings: {summary(report)}"
    widths = [max(len(r[i]) for r in rows + [("severity", "location", "rule", "")]) for i in range(3)]
    head = ("severity", "location", "rule", "message")
    lines = ["  ".join(c.ljust(w) for c, w in zip(row[:3], widths)) + "  " + row[3] for row in [head, *rows]]
    return "\n".join([*lines, summary(report)])


def as_json(report: AuditReport) -> str:
    return _dumps(report.as_dict(), len(report.findings))


# Past this many findings a report is read by programs, not people: json indents only in its
# pure-Python encoder (48,000 conflict markers: 3.5 s to indent, 0.2 s compact).
_PRETTY_UP_TO = 2_000


def _dumps(document: dict[str, Any], findings: int) -> str:
    return json.dumps(document, indent=2 if findings <= _PRETTY_UP_TO else None)


def sarif(report: AuditReport) -> str:
    rules = _sarif_rules(report)
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    results = [
        _sarif_result(f, index[f.rule_id], fingerprint)
        for f, fingerprint in zip(report.findings, _fingerprints(report))
    ]
    version = tool_version()
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": TOOL, "version": version, "informationUri": INFO_URI, "rules": rules}},
                "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "The root of the audited checkout"}}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }
    return _dumps(log, len(results))


def _sarif_rules(report: AuditReport) -> list[dict[str, Any]]:
    rules: dict[str, dict[str, Any]] = {}
    for info in report.rules:
        rules[info.id] = _sarif_rule(info.id, info.kind, info.message, info.severity)
    for f in report.findings:  # suppression warnings and anything else not declared up front
        if f.rule_id not in rules:
            rules[f.rule_id] = _sarif_rule(f.rule_id, f.kind, f.message.split(":")[0], f.severity)
    return list(rules.values())


def _sarif_rule(rule_id: str, kind: str, text: str, severity: Severity) -> dict[str, Any]:
    return {
        "id": rule_id,
        "name": "".join(part.capitalize() for part in rule_id.replace("/", "-").replace("_", "-").split("-")),
        "shortDescription": {"text": text},
        "help": {"text": _help(kind, text)},
        "helpUri": HELP_URI,
        "defaultConfiguration": {"level": _level(severity)},
        "properties": {"kind": kind},
    }


def _help(kind: str, text: str) -> str:
    from aeon_release.domain.audits.kinds.base import doc_line
    from aeon_release.domain.audits.registry import KINDS

    # not spelled with its `#`: the gate's own report, written into the checkout, read as stale suppressions
    suppress = "`aeon-audit: ignore[RULE] reason` comment"
    relevel = "re-level the rule with `settings: severity` in a file of audits/"
    if kind in KINDS:
        about = doc_line(KINDS[kind])
        fix = getattr(KINDS[kind], "fix", None) or f"Fix the code, suppress one line with an {suppress}, or {relevel}."
    else:
        # a merge-aware finding is often on upstream's line (a device gate): the fork does not edit that
        about = "a merge-aware check (base, fork and upstream sides)."
        fix = (
            f"Fix the fork's code, or {relevel}; a stopped merge can waive it "
            f"(`aeon-release merge --continue --waive 'RULE=REASON'`), a line on the fork branch take an {suppress}."
        )
    return f"{text}. Rule kind `{kind}`: {about} {fix}"


def _fingerprints(report: AuditReport) -> list[str]:
    """Per finding: rule, file and message without line numbers, plus its rank among equal ones,
    hashed.  Lines moved by an edit above leave it unchanged, so code scanning keeps the alert."""
    seen: dict[str, int] = {}
    prints = []
    for f in report.findings:
        key = "\0".join((*f.rule_ids, f.path, _LINE_REFS.sub("", f.message)))
        seen[key] = seen.get(key, 0) + 1
        prints.append(hashlib.sha256(f"{key}\0{seen[key]}".encode("utf-8", "surrogateescape")).hexdigest()[:32])
    return prints


def _sarif_result(f: Finding, rule_index: int, fingerprint: str) -> dict[str, Any]:
    # A whole-file finding (line 0) is shown on line 1: code scanning places every alert on a line.
    # A URI: the path's bytes percent-encoded (a space, a quote, a byte that is not UTF-8).
    location = {
        "artifactLocation": {"uri": _uri(f.path), "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": max(f.line, 1)},
    }
    result: dict[str, Any] = {
        "ruleId": f.rule_id,
        "ruleIndex": rule_index,
        "level": _level(f.severity),
        "message": {"text": printable(f.message)},
        "locations": [{"physicalLocation": location}],
        "partialFingerprints": {FINGERPRINT: fingerprint},
    }
    if f.suppressed:
        result["suppressions"] = [{"kind": "inSource", "justification": printable(f.suppressed)}]
    if f.also:
        result["properties"] = {"also": list(f.also)}  # other rules that found this same root cause
    return result


@functools.lru_cache(maxsize=4096)
def _uri(path: str) -> str:
    return urllib.parse.quote(os.fsencode(path), safe="/")


def _level(severity: Severity) -> str:
    return "error" if severity is Severity.ERROR else "warning"


def junit(report: AuditReport) -> str:
    """One testcase per rule; each blocking finding is a failure, warnings go to system-out."""
    from xml.etree import ElementTree  # for JUnit alone: every other report is written without it

    by_rule: dict[str, list[Finding]] = {}
    for f in report.findings:
        by_rule.setdefault(f.rule_id, []).append(f)
    ids = [r.id for r in report.rules] + [rid for rid in by_rule if rid not in {r.id for r in report.rules}]
    suite = ElementTree.Element(
        "testsuite",
        name="aeon-release audit",
        tests=str(len(ids)),
        failures=str(sum(1 for rid in ids if any(f.blocking for f in by_rule.get(rid, [])))),
        skipped=str(sum(1 for r in report.rules if r.skipped)),
        time=f"{report.seconds:.3f}",
    )
    skipped = {r.id: r.skipped for r in report.rules if r.skipped}
    for rid in ids:
        _testcase(suite, rid, by_rule.get(rid, []), skipped.get(rid))
    root = ElementTree.Element("testsuites")
    root.append(suite)
    return ElementTree.tostring(root, encoding="unicode", xml_declaration=True)


def _testcase(suite: ElementTree.Element, rule_id: str, findings: list[Finding], skipped: str | None) -> None:
    from xml.etree import ElementTree

    case = ElementTree.SubElement(suite, "testcase", classname="aeon-release.audit", name=rule_id)
    if skipped:
        ElementTree.SubElement(case, "skipped", message=printable(skipped))
    failing = [f for f in findings if f.blocking]
    if failing:
        failure = ElementTree.SubElement(case, "failure", message=f"{len(failing)} finding(s)", type="audit")
        failure.text = "\n".join(printable(f"{_where(f)}: {f.message}") for f in failing)
    rest = [f for f in findings if not f.blocking]
    if rest:
        ElementTree.SubElement(case, "system-out").text = "\n".join(
            printable(f"{_status(f)} {_where(f)}: {f.message}") for f in rest
        )


def markdown(report: AuditReport) -> str:
    lines = ["## Audit", "", summary(report) + ".", ""]
    if report.findings:
        lines += ["| | Where | Rule | Finding |", "|---|---|---|---|"]
        icon = {Severity.ERROR: "❌", Severity.WARNING: "⚠️"}
        for f in report.findings:
            mark = "🔕" if f.suppressed else icon[f.severity]
            note = f" (suppressed: {_md(f.suppressed)})" if f.suppressed else ""
            lines.append(f"| {mark} | {code_span(_where(f))} | {code_span(_rules(f))} | {_md(f.message)}{note} |")
    else:
        lines.append("Every rule passed.")
    skipped = [r for r in report.rules if r.skipped]
    if skipped:
        lines += ["", "Skipped: " + "; ".join(f"{code_span(r.id)} ({_md(r.skipped or '')})" for r in skipped)]
    lines += _md_exclusions(report)
    return "\n".join(lines)


def _md_exclusions(report: AuditReport) -> list[str]:
    if not report.exclusions:
        return []
    return [
        "",
        "Excluded by the config: "
        + "; ".join(
            f"{code_span(rid)} excludes {', '.join(code_span(g) for g in globs)} ({count} file(s))"
            for rid, globs, count in report.exclusions
        ),
    ]


def _md(text: str) -> str:
    """Table-cell text (see :func:`aeon_release.domain.markdown.text`): a finding quotes the code it found."""
    return markdown_text(text)


def github(report: AuditReport) -> str:
    """GitHub Actions workflow commands: one ::error or ::warning per unsuppressed finding."""
    lines = []
    for f in report.findings:
        if f.suppressed:
            continue
        props = f"file={_gh(f.path, True)}" + (f",line={f.line}" if f.line else "") + f",title={_gh(f.rule_id, True)}"
        lines.append(f"::{'error' if f.severity is Severity.ERROR else 'warning'} {props}::{_gh(f.message, False)}")
    lines.append(summary(report))
    return "\n".join(lines)


def _gh(text: str, prop: bool) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    text = printable(text)
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


RENDERERS: dict[str, Callable[[AuditReport], str]] = {
    "table": table,
    "json": as_json,
    "sarif": sarif,
    "junit": junit,
    "markdown": markdown,
    "github": github,
}
