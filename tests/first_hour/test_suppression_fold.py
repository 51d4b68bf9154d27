"""A finding about a suppression comment is not the host of a merge-aware finding on its line.

In a stopped vLLM merge, a maintainer added `# aeon-audit: ignore[merge/symbol-drift] ...` to the
fork's line that read a removed variable; the line also had a name-drift error.  The report showed
one *error* with the id `suppression/unused` "(also merge/name-drift)": the unused-suppression
warning had swallowed the error under its own id, and the waiver the hint then offered was of
`suppression/unused`.
"""

from __future__ import annotations

from aeon_release.domain.audits.model import Finding, Severity, fold_same_cause


def test_a_merge_finding_is_not_folded_into_a_suppression_finding() -> None:
    unused = Finding("suppression/unused", "suppression", Severity.WARNING, "m.py", 7, "matches no finding")
    drift = Finding("merge/name-drift", "merge", Severity.ERROR, "m.py", 7, "reads a removed name")
    rule = Finding("fleet/rule", "pattern", Severity.WARNING, "m.py", 7, "a rule's finding")
    assert fold_same_cause([unused, drift]) == [unused, drift]
    # a rule's finding is still the host of a merge-aware one on its line: one cause, one finding
    [host, left] = fold_same_cause([rule, unused, drift])
    assert (host.rule_id, host.also, host.severity) == ("fleet/rule", ("merge/name-drift",), Severity.ERROR)
    assert left == unused
