"""`aeon-release audits list`: the rule kinds with their fields, every rule at its level, and the
merge-aware checks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aeon_release.adapters.console import emit, emit_json
from aeon_release.domain import ledger
from aeon_release.domain.audits.config import load_rules
from aeon_release.domain.audits.kinds.base import RuleKind, doc_line
from aeon_release.domain.audits.merge_rules import merge_rule_infos
from aeon_release.domain.audits.model import RuleSet
from aeon_release.domain.audits.registry import KINDS
from aeon_release.errors import ConfigError, printable


def _fields(kind: RuleKind) -> str:
    paths = "paths" if kind.default_paths is None else f"[paths: {', '.join(kind.default_paths)}]"
    extra = [*kind.required, *(f"[{f}]" for f in kind.optional)]
    return ", ".join(["id", "kind", "message", "[severity]", paths, "[exclude]", "[when]", *extra])


def _kind_lines() -> list[str]:
    width = max(len(name) for name in KINDS)
    lines = ["kinds:"]
    for name, kind in sorted(KINDS.items()):
        lines.append(f"  {name.ljust(width)}  {doc_line(kind)}")
        lines.append(f"  {''.ljust(width)}  fields: {_fields(kind)}")
    return lines


def list_rules(config: Path, json_out: bool = False) -> None:
    """Print the kinds (with their one-line docs) and every rule, the carries' markers included."""
    carries = ledger.load(config).active_carries
    try:
        ruleset = load_rules(config, carries)
    except ConfigError:
        # a rule file's refusal points here for the kinds and their fields: show them, then refuse
        if not json_out:
            emit("\n".join(_kind_lines()))
        raise
    if json_out:
        emit_json(_rules_data(ruleset))
    else:
        emit("\n".join(_rules_table(ruleset)))


def _rules_data(ruleset: RuleSet) -> dict[str, Any]:
    """``audits list --json``: the kinds, the rules and the merge-aware checks, at the levels in force."""
    level = ruleset.settings.level_of  # settings: severity moves a rule's findings to another level
    return {
        "kinds": [
            {"kind": name, "doc": doc_line(kind), "fields": _fields(kind)} for name, kind in sorted(KINDS.items())
        ],
        "rules": [
            {
                "id": r.id,
                "kind": r.kind,
                "severity": level(r.id, r.severity).value,
                "message": r.message,
                "origin": r.origin,
            }
            for r in ruleset.rules
        ],
        "merge_checks": [
            {"id": info.id, "severity": level(info.id, info.severity).value, "message": info.message}
            for info in merge_rule_infos()
        ],
        "device": ruleset.settings.device.label if ruleset.settings.device else None,
    }


def _rules_table(ruleset: RuleSet) -> list[str]:
    level = ruleset.settings.level_of
    width = max(len(name) for name in KINDS)
    lines = _kind_lines()
    lines.append("rules:")
    id_width = max((len(r.id) for r in ruleset.rules), default=0)
    for rule in ruleset.rules:
        message = printable(rule.message)  # a rule's message (a carry's title in a marker's) is anyone's text
        at = level(rule.id, rule.severity).value
        lines.append(f"  {rule.id.ljust(id_width)}  {rule.kind.ljust(width)}  {at:<7}  {message}")
    # the ids merge's findings and waivers name (merge/device-gate...): a stranger looked for them here
    device = ruleset.settings.device
    lines.append(
        "merge-aware checks (merge, and audit --base/--ours/--theirs; no rule file, waived by id; device gates "
        + (f"for the {device.label} device of settings: device):" if device else "off: no settings: device):")
    )
    infos = merge_rule_infos()
    merge_width = max(len(info.id) for info in infos)
    for info in infos:
        lines.append(f"  {info.id.ljust(merge_width)}  {level(info.id, info.severity).value:<7}  {info.message}")
    # a stranger reading the levels above asked how to change one: the three ways, each pasteable
    return lines + [
        "to change a level or let a finding pass:",
        "  every finding of a rule:   settings: {severity: {merge/default-drift: error}} in any audits/*.yaml"
        " (a glob such as merge/* too; the README's ledger section)",
        "  one line of code:          # aeon-audit: ignore[RULE] reason   (a comment on that line;"
        " a merge-aware finding's on the fork branch, not in a stopped merge's worktree)",
        "  one stopped merge:         aeon-release merge --continue --waive 'RULE=why it is safe'",
    ]
