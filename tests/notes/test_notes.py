"""Release notes from a recorded run: golden output, the 125,000-character split, partial and bad records."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aeon_release.domain import notes
from aeon_release.domain.ledger import load
from tests.helpers import Result as Run
from tests.notes.conftest import golden


@pytest.fixture
def config(repo_root: Path) -> str:
    """The fleet's real ledger (cherry_picks.yaml reasons, carries dropped at v0.27.1)."""
    return str(repo_root)


def test_golden_markdown(
    cli: Callable[..., Run], write_record: Callable[[Any], Path], record: dict[str, Any], tmp_path: Path, config: str
) -> None:
    out = tmp_path / "notes" / "v0.27.1.md"
    out.parent.mkdir()  # --output writes only into a folder that exists
    run = cli("notes", "v0.27.1", "--record", str(write_record(record)), "--config", config, "--output", str(out))

    assert run.code == 0, run.err
    body = out.read_text()
    assert body == golden("v0.27.1.md", body)
    assert not notes.audit_file_for(out).exists()


def test_golden_json(
    cli: Callable[..., Run], write_record: Callable[[Any], Path], record: dict[str, Any], config: str
) -> None:
    run = cli("notes", "v0.27.1", "--record", str(write_record(record)), "--config", config, "--format", "json")

    assert run.code == 0, run.err
    assert run.out == golden("v0.27.1.json", run.out)
    data = json.loads(run.out)
    assert data["upstream"]["commits"] == 577 and data["upstream"]["merge_base"].startswith("dcfebf93f")
    assert len(data["conflicts"]) == 7


def test_content_from_record_and_ledger(record: dict[str, Any], repo_root: Path) -> None:
    data = notes.content(record, load(repo_root))
    upstreamed = {c["id"]: c["evidence"] for c in data["carries"]["upstreamed"]}
    # One upstreamed carry is in the record with evidence; two come from the ledger's drops at v0.27.1.
    assert upstreamed["dflash-blocktable-unpad"].startswith("upstream #43982")
    assert upstreamed["upstream-pr-50065"] == "ledger: merged upstream as #50065"
    assert "upstream-pr-47914" not in upstreamed  # dropped at v0.26.0, not this release
    applied = {p["ref"]: p["reason"] for p in data["picks"]["applied"]}
    assert applied["#50276"] == "packed-KV zeroer stride fix; correctness-critical"  # reason from the ledger
    skipped = {p["ref"]: p["reason"] for p in data["picks"]["skipped"]}
    assert set(skipped) == {"#49718", "#47808", "#52436"}
    assert data["publish"]["pull"] == ("docker pull ghcr.io/aeon-7/aeon-vllm-ultimate@" + record["publish"]["digest"])


def test_default_record_is_found_through_a_linked_worktree(
    cli: Callable[..., Run], fork_with_record: Path, config: str
) -> None:
    run = cli("notes", "v0.27.1", "--repo", str(fork_with_record), "--config", config)

    assert run.code == 0, run.err
    assert run.out == golden("v0.27.1.md", run.out)


def _many_findings(n: int) -> list[dict[str, Any]]:
    return [
        {
            "rule": f"rule-{i % 40}",
            "kind": "forbidden-pattern",
            "severity": "warning" if i % 3 else "info",
            "path": f"vllm/model_executor/layers/fused_moe/module_{i}.py",
            "line": i + 1,
            "message": f"pattern found at call site {i}: compare with the enum member, not a literal",
            "suppressed": i % 50 == 0,
        }
        for i in range(n)
    ]


def test_body_over_github_limit_moves_audit_report_to_a_file(
    cli: Callable[..., Run], record: dict[str, Any], write_record: Callable[[Any], Path], tmp_path: Path, config: str
) -> None:
    record["merge"]["audit"] = {"errors": 0, "warnings": 3000, "findings": _many_findings(4000)}
    out = tmp_path / "v0.27.1.md"
    run = cli("notes", "v0.27.1", "--record", str(write_record(record)), "--config", config, "--output", str(out))

    assert run.code == 0, run.err
    body, report = out.read_text(), (tmp_path / "v0.27.1-audit.md").read_text()
    assert len(body) <= notes.GITHUB_BODY_LIMIT < len(report)
    assert "[v0.27.1-audit.md](v0.27.1-audit.md)" in body and "<details>" not in body
    assert "## Published image" in body and "`rule-0`" in body  # the summary stays in the body
    assert len(re.findall(r"module_\d+\.py:\d+", report)) == 4000
    assert "module_3999.py:4000" in report


def test_body_just_under_the_limit_keeps_the_report(record: dict[str, Any], repo_root: Path) -> None:
    data = notes.content(record, load(repo_root))
    rendered = notes.render(data, "x-audit.md")
    assert rendered.audit_report is None and "<details>" in rendered.body
    assert len(rendered.body) < notes.GITHUB_BODY_LIMIT


def test_long_notes_to_stdout_ask_for_output(
    cli: Callable[..., Run], record: dict[str, Any], write_record: Callable[[Any], Path], config: str
) -> None:
    record["merge"]["audit"] = {"findings": _many_findings(4000)}
    run = cli("notes", "v0.27.1", "--record", str(write_record(record)), "--config", config)
    assert run.code == 2 and "125,000" in run.err and "--output" in run.err and run.out == ""


def test_record_without_build_and_publish(
    cli: Callable[..., Run], record: dict[str, Any], write_record: Callable[[Any], Path], config: str
) -> None:
    del record["build"], record["publish"]
    run = cli("notes", "v0.27.1", "--record", str(write_record(record)), "--config", config)

    assert run.code == 0, run.err
    assert "**Partial run**: no build, no publish section" in run.out
    assert "## Image\n\n_Not recorded: no finished build step in the run record._" in run.out
    assert "docker pull" not in run.out
    assert "## Conflicts (7)" in run.out  # the merge part is still all there


def test_record_with_only_a_tag(cli: Callable[..., Run], write_record: Callable[[Any], Path], config: str) -> None:
    run = cli(
        "notes", "v0.27.1", "--record", str(write_record({"tag": "v0.27.1"})), "--config", config, "--format", "json"
    )
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["recorded"] == {"merge": False, "build": False, "publish": False}
    assert {p["ref"] for p in data["picks"]["skipped"]} == {"#49718", "#47808", "#52436"}


def test_markdown_cells_are_escaped(record: dict[str, Any], repo_root: Path) -> None:
    record["merge"]["audit"]["findings"].append(
        {"rule": "r", "severity": "error", "path": "a.py", "line": 1, "message": "x | y <script>alert(1)</script>\nz"}
    )
    body = notes.render(notes.content(record, load(repo_root)), "a.md").body
    assert "x \\| y &lt;script&gt;alert(1)&lt;/script&gt; z" in body and "<script>" not in body


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "record.json:1:2: malformed JSON"),
        ("[]", "record.json: expected a JSON object, got a list"),
        ('{"merge": {}}', "record.json: tag: required"),
        ('{"tag": "v0.27.1", "merge": {"conflicts": "x"}}', "record.json: merge.conflicts: expected a list"),
        (
            '{"tag": "v0.27.1", "merge": {"upstream_commits": "577"}}',
            "record.json: merge.upstream_commits: expected an integer",
        ),
        (
            '{"tag": "v0.27.1", "merge": {"carries": [{"id": "a", "status": "gone"}]}}',
            "record.json: merge.carries[0].status: must be one of kept, applied, upstreamed, missing",
        ),
        (
            '{"tag": "v0.27.1", "build": {"arch_probe": {"12.1a": true}}}',
            "record.json: build.arch_probe.12.1a: expected an object",
        ),
        ('{"tag": "v0.29.0"}', "record.json is the record of v0.29.0, not v0.27.1"),
    ],
)
def test_bad_record_exits_2(
    cli: Callable[..., Run], write_record: Callable[[Any], Path], config: str, text: str, message: str
) -> None:
    run = cli("notes", "v0.27.1", "--record", str(write_record(text)), "--config", config)
    assert run.code == 2, run.err
    assert message in run.err and "Traceback" not in run.err


def test_missing_record_exits_2(cli: Callable[..., Run], fork_with_record: Path, config: str) -> None:
    run = cli("notes", "v0.29.0", "--repo", str(fork_with_record), "--config", config)
    assert run.code == 2 and "no run record there" in run.err and "--record" in run.err


@pytest.mark.parametrize(
    "args", [("../../etc",), ("v0.27.1", "--format", "html"), ("v0.27.1", "--repo", "/nonexistent")]
)
def test_bad_arguments_exit_2(cli: Callable[..., Run], config: str, args: tuple[str, ...]) -> None:
    run = cli("notes", *args, "--config", config)
    assert run.code == 2 and "Traceback" not in run.err


def test_write_notes_is_the_pipeline_entry(record: dict[str, Any], repo_root: Path, tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    written = notes.write_notes(record, load(repo_root), tmp_path / "out" / "notes.md")
    assert written == (tmp_path / "out" / "notes.md",)
    as_json = notes.write_notes(record, load(repo_root), tmp_path / "notes.json", "json")
    assert json.loads(as_json[0].read_text())["tag"] == "v0.27.1"


def test_an_image_built_after_a_hotfix_names_its_revision(
    cli: Callable[..., Run], write_record: Callable[[Any], Path], record: dict[str, Any], config: str
) -> None:
    """`release` builds the fork branch as it is now: after a hotfix commit on the merged branch, the
    notes said "Fork branch ... at <the merge's head>" and named no other revision, while the image held
    the hotfix. The image section names the revision built, and says when it is not the merge's head."""
    merged = record["merge"]["branch_sha"]
    hotfix = "f" * 40
    record["build"]["revision"] = hotfix
    record["build"]["audit"] = {"status": "passed", "detail": "audited at build time: 0 non-blocking finding(s)"}
    run = cli("notes", "v0.27.1", "--record", str(write_record(record)), "--config", config)
    assert run.code == 0, run.err
    assert f"- Built from: `{hotfix}`, `{hotfix[:12]}` is not the merge's head `{merged[:12]}`" in run.out
    assert "- Audit of the built revision: passed (audited at build time: 0 non-blocking finding(s))" in run.out
    record["build"]["revision"] = merged
    same = cli("notes", "v0.27.1", "--record", str(write_record(record)), "--config", config)
    assert f"- Built from: `{merged}`\n" in same.out and "moved on" not in same.out
