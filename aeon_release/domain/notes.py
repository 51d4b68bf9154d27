"""Release notes from the run record and the ledger (never from ``git log``).

The run record
--------------
The pipeline writes one JSON document per release run, at
``RunStore(git_dir, TAG).record_file``.  Every section may be absent (a run
stopped early); every key inside a section is optional too, and unknown keys are ignored::

    {
      "tag": "v0.27.1",                                  # the upstream release tag (required)
      "merge": {
        "tag": "v0.27.1", "tag_sha": "<sha>",
        "previous_branch": "fork-v0.26.0", "previous_sha": "<sha>",
        "branch": "fork-v0.27.1", "branch_sha": "<sha>",
        "merge_base": "<sha>", "upstream_commits": 577, "tag_on_upstream_branch": true,
        "conflicts": [{"file": "pkg/...py", "carries": ["uma-clamp"]}],
        "carries": [{"id": "uma-clamp", "title": "...", "evidence": "...",
                     "status": "kept" | "applied" | "upstreamed" | "missing"}],
        "picks": [{"ref": "#50276", "sha": "<sha>", "reason": "...",
                   "status": "applied" | "already-in-tag" | "skipped"}],
        "audit": {"errors": 0, "warnings": 2,
                  "findings": [{"rule": "...", "kind": "...", "severity": "error" | "warning" | "info",
                                "path": "...", "line": 12, "message": "...", "suppressed": false}]},
        "waivers": [{"rule": "...", "reason": "..."}],
        "fixes": [{"path": "...", "line": 7, "old": "4", "new": "Enum.MEMBER", "status": "applied"}],
        "timings": {"merge": 0.8, "audit": 3.1}
      },
      "build": {"image_id": "sha256:...", "tag": "...", "size": 18300000000,
                "layers": [{"id": "...", "size": 123, "created_by": "..."}],
                "build_args": {"TORCH_CUDA_ARCH_LIST": "10.0a"},
                "arch_probe": {"10.0a": {"fp4": true}}, "dead_bytes": 0, "seconds": 5400.0},
      "publish": {"repository": "ghcr.io/owner/name", "dated_tag": "2026-08-16-v0.27.1",
                  "digest": "sha256:...", "latest_before": "<digest or tag>", "latest_after": "...",
                  "pull": "docker pull ...", "rollback_tag": "2026-07-27-v0.26.0"}
    }

Picks and skips take their reasons from the record, else from ``cherry_picks.yaml``; the ledger's
skips for the tag are listed even when the record does not mention them, and carries the ledger
marks as dropped at this tag are listed as upstreamed.

GitHub rejects a release body over 125,000 characters: past that, the full audit report goes to a
separate file beside the notes (``<stem>-audit.md``) that the body links to.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aeon_release.adapters import files, jsonio
from aeon_release.adapters.store import CarryStatus, PickStatus
from aeon_release.adapters.yamlio import Where, as_float, type_name
from aeon_release.domain.ledger import Ledger, PickRef
from aeon_release.domain.markdown import code_block, code_span
from aeon_release.domain.markdown import text as markdown_text
from aeon_release.domain.names import human_size
from aeon_release.domain.profile import Profile
from aeon_release.errors import ConfigError, UsageError, printable, quoted, redact_data

GITHUB_BODY_LIMIT = 125_000
RECORD_FILE = "record.json"
# The merge run's status words (adapters/store.py), final ones only, in the notes' order.
CARRY_STATES = tuple(status.value for status in CarryStatus if status.final)
PICK_STATES = tuple(status.value for status in PickStatus)
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


# -- reading the record ----------------------------------------------------------------------
@dataclass(frozen=True)
class Record:
    """A run record (record.json) as `notes` reads it: the tag, and each stage's section (None when
    the run stopped before that stage), every field the notes use type-checked with its breadcrumb."""

    tag: str
    merge: Mapping[str, Any] | None = None
    build: Mapping[str, Any] | None = None
    publish: Mapping[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        sections = {"merge": self.merge, "build": self.build, "publish": self.publish}
        return {"tag": self.tag, **{name: dict(value) for name, value in sections.items() if value is not None}}


def load_record(path: Path, tag: str | None = None) -> Record:
    """Read and check a run record; a missing or malformed file is a ConfigError (exit 2)."""
    raw = files.read_capped(path, str(path), error=ConfigError)
    if raw is None:
        raise ConfigError(
            f"{path}: no run record there",
            "run `aeon-release merge TAG` (or `release TAG`) first, or pass --record FILE",
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 (byte {exc.start})", "pass --record the run record (JSON)") from None
    try:
        data = jsonio.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"{path}:{exc.lineno}:{exc.colno}: malformed JSON: {exc.msg}",
            "the record is written by the pipeline; re-run the release step",
        ) from None
    return check_record(data, path.name, tag)


def check_record(data: Any, label: str = RECORD_FILE, tag: str | None = None) -> Record:
    where = Where(label, guide="the record is written by the pipeline; re-run the release step")
    if not isinstance(data, dict):
        raise where.fail(f"expected a JSON object, got {type_name(data)}")
    record_tag = _View(data, where).text("tag")
    if record_tag is None:
        raise where.key("tag").fail("required")
    if tag is not None and record_tag != tag:
        raise UsageError(f"{label} is the record of {record_tag}, not {tag}", "pass the record's own tag")
    content(data, Ledger())  # every field the notes use is type-checked here, with its breadcrumb
    return Record(record_tag, data.get("merge"), data.get("build"), data.get("publish"))


class _View:
    """A typed, breadcrumbed view of one JSON object in the record; absent keys are None."""

    def __init__(self, node: Mapping[str, Any], where: Where) -> None:
        self.node = node
        self.where = where

    def _get(self, key: str, types: tuple[type, ...], what: str) -> Any:
        value = self.node.get(key)
        if value is None:
            return None
        if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
            raise self.where.key(key).fail(f"expected {what}, got {type_name(value)}")
        return value

    def text(self, key: str) -> str | None:
        value: str | None = self._get(key, (str,), "a string")
        return value

    def number(self, key: str) -> float | None:
        value = self._get(key, (int, float), "a number")
        return None if value is None else as_float(value, self.where.key(key))

    def integer(self, key: str) -> int | None:
        value: int | None = self._get(key, (int,), "an integer")
        return value

    def flag(self, key: str) -> bool | None:
        value: bool | None = self._get(key, (bool,), "true or false")
        return value

    def obj(self, key: str) -> _View | None:
        value = self._get(key, (dict,), "an object")
        return None if value is None else _View(value, self.where.key(key))

    def objs(self, key: str) -> list[_View]:
        items = self._get(key, (list,), "a list") or []
        out = []
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise self.where.key(key).index(i).fail(f"expected an object, got {type_name(item)}")
            out.append(_View(item, self.where.key(key).index(i)))
        return out

    def texts(self, key: str) -> list[str]:
        items = self._get(key, (list,), "a list") or []
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise self.where.key(key).index(i).fail(f"expected a string, got {type_name(item)}")
        return list(items)

    def choice(self, key: str, choices: Iterable[str]) -> str | None:
        value = self.text(key)
        choices = tuple(choices)
        if value is not None and value not in choices:
            raise self.where.key(key).fail(f"must be one of {', '.join(choices)}, got {quoted(value)}")
        return value

    def plain(self, key: str) -> dict[str, Any]:
        value = self._get(key, (dict,), "an object")
        return dict(value or {})


# -- the content (also the --format json output) ---------------------------------------------
def content(record: Record | Mapping[str, Any], ledger: Ledger) -> dict[str, Any]:
    """Everything the notes say, as data."""
    root = _View(record.as_dict() if isinstance(record, Record) else record, Where(RECORD_FILE))
    tag = root.text("tag") or ""
    merge, build, publish = root.obj("merge"), root.obj("build"), root.obj("publish")
    return {
        "tag": tag,
        "recorded": {"merge": merge is not None, "build": build is not None, "publish": publish is not None},
        "upstream": _upstream(merge) if merge else None,
        "conflicts": _conflicts(merge) if merge else [],
        "carries": _carries(merge, ledger, tag),
        "picks": _picks(merge, ledger, tag),
        "audit": _audit(merge) if merge and merge.obj("audit") is not None else None,
        "waivers": [
            {"rule": w.text("rule"), "reason": w.text("reason"), "by": w.text("by")} for w in merge.objs("waivers")
        ]
        if merge
        else [],
        "fixes": [
            {
                "path": f.text("path"),
                "line": f.integer("line"),
                "old": f.text("old"),
                "new": f.text("new"),
                "status": f.text("status"),
            }
            for f in merge.objs("fixes")
        ]
        if merge
        else [],
        "timings": merge.plain("timings") if merge else {},
        "build": _build(build) if build else None,
        "publish": _publish(publish) if publish else None,
    }


def _upstream(merge: _View) -> dict[str, Any]:
    keys = ("tag", "tag_sha", "previous_branch", "previous_sha", "branch", "branch_sha", "merge_base")
    out: dict[str, Any] = {key: merge.text(key) for key in keys}
    out["commits"] = merge.integer("upstream_commits")
    out["tag_on_upstream_branch"] = merge.flag("tag_on_upstream_branch")
    return out


def _conflicts(merge: _View) -> list[dict[str, Any]]:
    return [{"file": c.text("file") or "?", "carries": c.texts("carries")} for c in merge.objs("conflicts")]


def _carries(merge: _View | None, ledger: Ledger, tag: str) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {state: [] for state in CARRY_STATES}
    titles = {c.id: c.title for c in ledger.carries}
    for c in merge.objs("carries") if merge else []:
        cid = c.text("id") or "?"
        state = c.choice("status", CARRY_STATES) or "kept"
        out[state].append(
            {"id": cid, "title": c.text("title") or titles.get(cid, ""), "evidence": c.text("evidence") or ""}
        )
    recorded = {item["id"] for items in out.values() for item in items}
    for carry in ledger.carries:
        if carry.dropped and carry.dropped.release == tag and carry.id not in recorded:
            out["upstreamed"].append(
                {"id": carry.id, "title": carry.title, "evidence": f"ledger: {carry.dropped.reason}"}
            )
    return out


def _picks(merge: _View | None, ledger: Ledger, tag: str) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {state.replace("-", "_"): [] for state in PICK_STATES}
    plan = ledger.plan_for(tag)
    known = (*plan.picks, *plan.skips)
    for p in merge.objs("picks") if merge else []:
        ref = p.text("ref") or p.text("sha") or "?"
        state = (p.choice("status", PICK_STATES) or "applied").replace("-", "_")
        reason = p.text("reason") or _ledger_reason(known, ref) or ""
        out[state].append({"ref": ref, "sha": p.text("sha"), "reason": reason})
    recorded = [item["ref"] for items in out.values() for item in items]
    for skip in plan.skips:
        if not any(_same_ref(ref, skip) for ref in recorded):
            out["skipped"].append({"ref": skip.label, "sha": skip.commit, "reason": skip.reason})
    return out


def _ledger_reason(refs: Iterable[PickRef], ref: str) -> str | None:
    return next((r.reason for r in refs if _same_ref(ref, r)), None)


_PR_REF = re.compile(r"(?:pr\s*)?#?\s*([0-9]{1,7})", re.IGNORECASE)


def _same_ref(ref: str, pick: PickRef) -> bool:
    """``#50276``, ``50276`` or ``PR 50276`` match a PR; a SHA matches by common prefix."""
    number = _PR_REF.fullmatch(ref.strip())
    if number and pick.pr is not None:
        return int(number.group(1)) == pick.pr
    if pick.commit is None:
        return False
    a, b = ref.strip().lower(), pick.commit.lower()
    return len(min(a, b, key=len)) >= 7 and (a.startswith(b) or b.startswith(a))


def _audit(merge: _View) -> dict[str, Any]:
    audit = merge.obj("audit")
    assert audit is not None
    findings = [_finding(f) for f in audit.objs("findings")]
    findings.sort(key=lambda f: (SEVERITY_ORDER.get(f["severity"], 3), f["path"], f["line"] or 0, f["rule"]))
    live = [f for f in findings if not f["suppressed"]]
    errors = audit.integer("errors")
    warnings = audit.integer("warnings")
    return {
        "errors": errors if errors is not None else sum(f["severity"] == "error" for f in live),
        "warnings": warnings if warnings is not None else sum(f["severity"] == "warning" for f in live),
        "total": len(findings),
        "suppressed": len(findings) - len(live),
        "waived": sum(1 for f in findings if f["waived"]),
        "by_rule": _by_rule(live),
        "findings": findings,
    }


def _finding(f: _View) -> dict[str, Any]:
    return {
        "rule": f.text("rule") or "?",
        "kind": f.text("kind") or "",
        "severity": f.text("severity") or "error",
        "path": f.text("path") or "",
        "line": f.integer("line"),
        "message": f.text("message") or "",
        "suppressed": bool(f.flag("suppressed")),
        "waived": _waived(f.obj("waived")),
    }


def _waived(w: _View | None) -> dict[str, Any] | None:
    return None if w is None else {"rule": w.text("rule"), "reason": w.text("reason") or "", "by": w.text("by") or ""}


def _by_rule(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    counts = Counter((f["rule"], f["kind"], f["severity"]) for f in findings)
    rows = [{"rule": r, "kind": k, "severity": s, "count": n} for (r, k, s), n in counts.items()]
    return sorted(rows, key=lambda r: (SEVERITY_ORDER.get(r["severity"], 3), -r["count"], r["rule"]))


def _build(build: _View) -> dict[str, Any]:
    probe = build.plain("arch_probe")
    for arch, features in probe.items():
        if not isinstance(features, dict):
            raise (
                build.where.key("arch_probe")
                .key(arch)
                .fail(f"expected an object of feature: bool, got {type_name(features)}")
            )
    layers = [
        {"id": layer.text("id"), "size": layer.integer("size"), "created_by": layer.text("created_by") or ""}
        for layer in build.objs("layers")
    ]
    audit = build.obj("audit")
    return {
        "image_id": build.text("image_id"),
        "tag": build.text("tag"),
        "revision": build.text("revision"),
        "audit": {"status": audit.text("status"), "detail": audit.text("detail")} if audit else None,
        "size": build.integer("size"),
        "dead_bytes": build.integer("dead_bytes"),
        "seconds": build.number("seconds"),
        "build_args": {str(k): str(v) for k, v in build.plain("build_args").items()},
        "arch_probe": probe,
        "layers": layers,
    }


def _publish(publish: _View) -> dict[str, Any]:
    repository, digest = publish.text("repository"), publish.text("digest")
    pinned = f"{repository}@{digest}" if repository and digest else None
    rollback, dated = publish.text("rollback_tag"), publish.text("dated_tag")
    return {
        "repository": repository,
        "dated_tag": dated,
        "digest": digest,
        "dated_ref": f"{repository}:{dated}" if repository and dated else dated,
        "latest_before": publish.text("latest_before"),
        "latest_after": publish.text("latest_after"),
        "pull": f"docker pull {pinned}" if pinned else publish.text("pull"),
        "rollback_tag": rollback,
        "rollback": f"{repository}:{rollback}" if repository and rollback else rollback,
        "verify": f"aeon-release verify {repository}:{dated}" if repository and dated else None,
    }


# -- Markdown --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rendered:
    """The release body, and the full audit report when it had to move out of the body."""

    body: str
    audit_report: str | None = None


def render(data: Mapping[str, Any], audit_file: str, fleet: Profile | None = None) -> Rendered:
    """The Markdown notes; past GitHub's limit the audit report moves to ``audit_file``.

    The title is the fleet's (``notes.heading`` in fleet.yaml); without a profile it is generic."""
    body = _markdown(data, None, fleet)
    if len(body) <= GITHUB_BODY_LIMIT:
        return Rendered(body)
    body = _markdown(data, audit_file, fleet)
    if len(body) > GITHUB_BODY_LIMIT:
        raise UsageError(
            f"the notes of {data['tag']} are {len(body):,} characters even without the audit report",
            f"GitHub accepts at most {GITHUB_BODY_LIMIT:,}; use --format json",
        )
    return Rendered(body, f"# Audit report: {markdown_text(data['tag'])}\n\n{_findings_table(data['audit'])}\n")


def _markdown(data: Mapping[str, Any], audit_file: str | None, fleet: Profile | None) -> str:
    parts = [
        _title(data, fleet),
        _upstream_md(data),
        _conflicts_md(data),
        _carries_md(data["carries"]),
        _picks_md(data["picks"]),
        _audit_md(data, audit_file),
        _build_md(data["build"], (data["upstream"] or {}).get("branch_sha")),
        _publish_md(data["publish"]),
        _timings_md(data),
    ]
    text = "\n\n".join(part for part in parts if part)
    # the ledger's titles and reasons, fleet.yaml's heading and the record's names are anyone's text: an
    # ESC, a BEL or a bidi override in them reached the terminal (and the release body) raw
    return "\n".join(printable(line) for line in text.split("\n")) + "\n"


def _cell(value: Any) -> str:
    """Prose in a cell, on one line: a finding's message quotes code, a reason or a title is anyone's
    text (``[Approve](https://...)`` in a line of upstream's made a link in the release body)."""
    return markdown_text(" ".join(("" if value is None else str(value)).split()))


def _code(value: Any, cell: bool = True) -> str:
    """A name as it is (a backtick was dropped from it: `` `a``b.py` `` read ``ab.py``, a newline read as a
    space), in a span a ``|`` cannot end the table's cell from (a conflict's file ``a|b.py`` shifted the
    row's columns)."""
    text = "" if value is None else str(value)  # a newline in a name is shown escaped, not as a space
    return code_span(text, cell) if text else "—"


def _short(sha: str | None) -> str:
    return _code(sha[:12] if sha else None)


def _table(header: Iterable[str], rows: Iterable[Iterable[str]]) -> str:
    head = list(header)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _size(value: int | None) -> str:
    return "—" if value is None else human_size(value, decimal=True)


def _not_recorded(step: str) -> str:
    # `merge` alone records no build or publish: "the run stopped before" read as a failure there
    return f"_Not recorded: no finished {step} step in the run record._"


def _title(data: Mapping[str, Any], fleet: Profile | None) -> str:
    up = data["upstream"] or {}
    tag = data["tag"]
    branch = up.get("branch") or (fleet.branch_for(tag) if fleet else tag)
    # the record's names as text, on one line: a branch "x<newline># ..." wrote a heading of its own into the body
    shown = markdown_text(tag)
    heading = f"# {markdown_text(branch)}: {fleet.heading(shown) if fleet else shown}"
    missing = [step for step, done in data["recorded"].items() if not done]
    if missing:
        heading += f"\n\n> **Partial run**: no {', no '.join(missing)} section in the run record."
    return heading


def _upstream_md(data: Mapping[str, Any]) -> str:
    up = data["upstream"]
    if up is None:
        return "## Upstream\n\n" + _not_recorded("merge")
    lines = [
        f"- Upstream tag: {_code(up['tag'] or data['tag'])} at {_short(up['tag_sha'])}",
        f"- Upstream commits: **{up['commits'] if up['commits'] is not None else '?'}** "
        f"({_code(_range(up, data['tag']))}), merged onto {_code(up['previous_branch'])} at {_short(up['previous_sha'])}",
        f"- Merge base: {_code(up['merge_base'])}",
        f"- Fork branch: {_code(up['branch'])} at {_short(up['branch_sha'])}",
    ]
    if up["tag_on_upstream_branch"] is False:
        lines.append(
            "- **Note**: the tag is not on upstream main (a release-branch tag); "
            "its backports count as upstream commits here."
        )
    return "## Upstream\n\n" + "\n".join(lines)


def _range(up: Mapping[str, Any], tag: str) -> str:
    base = up["merge_base"][:12] if up["merge_base"] else "?"
    return f"{base}..{up['tag'] or tag}"


def _conflicts_md(data: Mapping[str, Any]) -> str:
    if data["upstream"] is None:
        return ""
    conflicts = data["conflicts"]
    if not conflicts:
        return "## Conflicts\n\nNone: the merge was clean."
    rows = [[_code(c["file"]), _cell(", ".join(c["carries"])) or "—"] for c in conflicts]
    return f"## Conflicts ({len(conflicts)})\n\n" + _table(["File", "Carries touching it"], rows)


_CARRY_HEADINGS = {
    "kept": "Kept",
    "applied": "Applied",
    "upstreamed": "Dropped as upstreamed",
    "missing": "Missing",
    "dropped-by-hand": "Dropped while resolving conflicts",
}


def _carries_md(carries: Mapping[str, list[dict[str, Any]]]) -> str:
    blocks = []
    for state, heading in _CARRY_HEADINGS.items():
        items = carries[state]
        if items:
            rows = [[_code(c["id"]), _cell(c["title"]), _cell(c["evidence"])] for c in items]
            blocks.append(f"### {heading} ({len(items)})\n\n" + _table(["Carry", "Title", "Evidence"], rows))
    if not blocks:
        return ""
    if carries["missing"]:
        blocks.insert(0, f"> **{len(carries['missing'])} carried patch(es) missing** from the release branch.")
    return "## Carried patches\n\n" + "\n\n".join(blocks)


_PICK_HEADINGS = {
    "applied": "Applied",
    "already_in_tag": "Already in the tag",
    "already_on_branch": "Already on the fork branch",
    "skipped": "Skipped",
    "dropped_by_hand": "Dropped while resolving conflicts",
}


def _picks_md(picks: Mapping[str, list[dict[str, Any]]]) -> str:
    blocks = []
    for state, heading in _PICK_HEADINGS.items():
        items = picks[state]
        if items:
            rows = [[_cell(p["ref"]), _short(p["sha"]), _cell(p["reason"])] for p in items]
            blocks.append(f"### {heading} ({len(items)})\n\n" + _table(["Upstream", "Commit", "Reason"], rows))
    return "## Cherry-picks\n\n" + "\n\n".join(blocks) if blocks else ""


def _audit_md(data: Mapping[str, Any], audit_file: str | None) -> str:
    audit = data["audit"]
    if audit is None:
        return "## Audit\n\n" + _not_recorded("audit")
    verdict = "**Blocking findings**" if audit["errors"] else "Passed with waivers" if audit["waived"] else "Clean"
    waived = f", **{audit['waived']}** waived" if audit["waived"] else ""
    lines = [
        f"{verdict}: **{audit['errors']}** error(s){waived}, **{audit['warnings']}** warning(s); "
        f"{audit['total']} finding(s) in all, {audit['suppressed']} suppressed."
    ]
    if data["waivers"]:
        lines.append(
            "\nWaived:\n"
            + "\n".join(
                f"- {_code(w['rule'])}: {_cell(w['reason'])}"
                + (f" (waived by {_cell(w['by'])})" if w.get("by") else "")
                for w in data["waivers"]
            )
        )
    applied = [f for f in data.get("fixes", []) if f["status"] == "applied"]
    if applied:
        lines.append(
            "\nFixed by `merge --continue --fix`:\n"
            + "\n".join(
                f"- {_code(str(f['path']) + ':' + str(f['line']), False)}: {_code(f['old'], False)} -> {_code(f['new'], False)}"
                for f in applied
            )
        )
    if audit["by_rule"]:
        rows = [[_code(r["rule"]), _cell(r["kind"]), _cell(r["severity"]), str(r["count"])] for r in audit["by_rule"]]
        lines.append("\n" + _table(["Rule", "Kind", "Severity", "Findings"], rows))
    if audit_file is not None:
        lines.append(f"\nThe full audit report is too long for a release body: see [{audit_file}]({audit_file}).")
    elif audit["findings"]:
        lines.append(
            f"\n<details>\n<summary>Full audit report ({audit['total']} findings)</summary>\n\n"
            f"{_findings_table(audit)}\n\n</details>"
        )
    return "## Audit\n\n" + "\n".join(lines)


def _findings_table(audit: Mapping[str, Any]) -> str:
    rows = []
    for f in audit["findings"]:
        where = f"{f['path']}:{f['line']}" if f["line"] is not None else f["path"]
        severity = f"{f['severity']} (suppressed)" if f["suppressed"] else f["severity"]
        if f.get("waived"):
            severity = f"{f['severity']} (waived by {f['waived']['by'] or 'unknown'}: {f['waived']['reason']})"
        rows.append([_cell(severity), _code(f["rule"]), _code(where), _cell(f["message"])])
    return _table(["Severity", "Rule", "Where", "Message"], rows)


def _build_md(build: Mapping[str, Any] | None, merged: str | None = None) -> str:
    if build is None:
        return "## Image\n\n" + _not_recorded("build")
    lines = [f"- Image: {_code(build['tag'])} ({_code(build['image_id'])})"]
    revision, audit = build.get("revision"), build.get("audit")
    if revision:
        # `release` builds the branch as it is now: a commit after the merge (a hotfix) is in the image,
        # and "Fork branch ... at" the merge's head above was the only revision the notes named
        moved = f", {_short(revision)} is not the merge's head {_short(merged)}: the branch moved on after the merge"
        lines.append(f"- Built from: {_code(revision)}" + (moved if merged and revision != merged else ""))
    if audit and audit.get("status"):
        lines.append(f"- Audit of the built revision: {_cell(audit['status'])} ({_cell(audit.get('detail') or '')})")
    lines.append(f"- Size: {_size(build['size'])}; dead bytes (hidden under whiteouts): {_size(build['dead_bytes'])}")
    if build["seconds"] is not None:
        lines.append(f"- Build time: {build['seconds'] / 60:.1f} min")
    blocks = ["## Image", "\n".join(lines)]
    if build["build_args"]:
        rows = [[_code(k), _code(v)] for k, v in build["build_args"].items()]
        blocks.append("### Build arguments\n\n" + _table(["Argument", "Value"], rows))
    if build["arch_probe"]:
        blocks.append("### Architecture probe\n\n" + _probe_md(build["arch_probe"]))
    return "\n\n".join(blocks)


def _probe_md(probe: Mapping[str, Mapping[str, Any]]) -> str:
    features = sorted({name for result in probe.values() for name in result})
    rows = []
    for arch, result in probe.items():
        rows.append([_code(arch), *(_probe_cell(result.get(name)) for name in features)])
    return _table(["Arch", *(_cell(name) for name in features)], rows)


def _probe_cell(value: Any) -> str:
    if value is True:
        return "yes"
    return "**no**" if value is False else _cell(value if value is not None else "—")


def _publish_md(publish: Mapping[str, Any] | None) -> str:
    if publish is None:
        return "## Published image\n\n" + _not_recorded("publish")
    lines = [
        f"- Dated tag: {_code(publish['dated_ref'])}",
        f"- Digest: {_code(publish['digest'])}",
        f"- `latest`: {_code(publish['latest_before'])} → {_code(publish['latest_after'])}",
        f"- Rollback: {_code(publish['rollback'])}",
    ]
    # a command of the record's names, in a block it cannot close (a newline, a run of backticks in a name)
    pull = f"\n\nPull it pinned by digest:\n\n{code_block(publish['pull'], 'sh')}" if publish["pull"] else ""
    verify = (
        f"\n\nCheck its signed attestation (the digest it names, the audit result):\n\n{code_block(publish['verify'], 'sh')}"
        if publish.get("verify")
        else ""
    )
    return "## Published image\n\n" + "\n".join(lines) + pull + verify


def _timings_md(data: Mapping[str, Any]) -> str:
    timings = data["timings"]
    if not timings:
        return ""
    rows = [
        [_cell(step), _cell(f"{float(s):.1f} s" if isinstance(s, (int, float)) else s)] for step, s in timings.items()
    ]
    return "## Timings\n\n" + _table(["Step", "Time"], rows)


# -- writing ---------------------------------------------------------------------------------
def audit_file_for(output: Path) -> Path:
    return output.with_name(f"{output.stem}-audit.md")


def write_notes(
    record: Record | Mapping[str, Any],
    ledger: Ledger,
    output: Path,
    fmt: str = "markdown",
    fleet: Profile | None = None,
) -> tuple[Path, ...]:
    """Render the notes of a run record into ``output`` (plus ``<stem>-audit.md`` when split).

    This is what the pipeline's notes step calls; it returns the files written.
    """
    data = content(record, ledger)  # write_text makes the folders, once it checked the path (no link, no .git)
    if fmt == "json":
        files.write_text(output, json.dumps(redact_data(data), indent=2) + "\n", what="notes", named_by_user=True)
        return (output,)
    if fmt != "markdown":
        raise UsageError(f"unknown notes format {quoted(fmt)}", "use markdown or json")
    audit_file = audit_file_for(output)
    rendered = render(data, audit_file.name, fleet)
    if rendered.audit_report is None:
        files.write_text(output, rendered.body, what="notes", named_by_user=True)
        return (output,)
    # both places checked before either is written, the report before the body that links to it: an audit
    # file that could not be written (a folder there) left notes linking to nothing, and exit 2
    files.check_output(output, "notes")
    files.check_output(audit_file, "notes")
    files.write_text(audit_file, rendered.audit_report, what="notes", named_by_user=True)
    files.write_text(output, rendered.body, what="notes", named_by_user=True)
    return output, audit_file
