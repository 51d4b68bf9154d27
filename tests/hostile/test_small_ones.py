"""Class 8: names with a trailing newline, control characters in reports, empty dates, shallow clones."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from xml.etree import ElementTree

import pytest

from aeon_release.adapters.git import validate_ref_name
from aeon_release.domain.audits.model import AuditReport, Finding, Severity
from aeon_release.domain.audits.render import render
from aeon_release.domain.names import check_image_name, parse_version
from aeon_release.errors import UsageError
from aeon_release.pipeline.build import parse_build_args
from tests.hostile.conftest import config_with, git, make_repo, run_limited


@pytest.mark.parametrize(
    "check",
    [
        lambda: validate_ref_name("aeon-v0.29.0\n"),
        lambda: check_image_name("aeon-vllm:v0.29.0\n"),
        lambda: parse_build_args(("KEY\n=1",)),
    ],
)
def test_a_trailing_newline_is_not_a_name(check: object) -> None:
    with pytest.raises(UsageError):
        check()  # type: ignore[operator]


def test_versions_with_a_trailing_newline_are_not_versions() -> None:
    assert parse_version("v0.29.0\n") is None and parse_version("v0.29.0") is not None


HOSTILE_PATH = "a\x1b[2J\x07`b`|c\nd\udce9\u202e.py"
REPORT = AuditReport(
    (
        Finding(
            "tree/py-compile",
            "py-compile",
            Severity.ERROR,
            HOSTILE_PATH,
            3,
            "SyntaxError: bad\x1b]0;title\x07 | <img src=x>",
        ),
    ),
    (),
)


def test_control_characters_never_reach_text_reports() -> None:
    for fmt in ("table", "markdown", "github", "junit"):
        text = render(REPORT, fmt)
        assert not any(ord(c) < 32 and c not in "\n" for c in text), fmt
        assert "\u202e" not in text and "\udce9" not in text, fmt
        text.encode("utf-8")  # writable: no lone surrogate left
    table = render(REPORT, "table").splitlines()
    assert len(table) == 3  # header, one row, summary: the newline in the name forged no row


def test_markdown_code_spans_hold_backticks_and_pipes() -> None:
    row = render(REPORT, "markdown").splitlines()[-1]
    assert row.count(" | ") == 3 + 0 and "``a\\x1b[2J\\x07`b`\\|c\\nd\\xe9\\u202e.py:3``" in row
    assert "<img" not in row


def test_junit_and_sarif_parse() -> None:
    ElementTree.fromstring(render(REPORT, "junit"))
    uri = json.loads(render(REPORT, "sarif"))["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
        "artifactLocation"
    ]["uri"]
    assert urllib.parse.unquote_to_bytes(uri) == HOSTILE_PATH.encode("utf-8", "surrogateescape")


def test_a_shallow_clone_gets_an_unshallow_hint(tmp_path: Path) -> None:
    source = make_repo(tmp_path / "source", {"m.py": "x = 1\n"})
    old = git(source, "rev-parse", "HEAD")
    make_repo(source, {"m.py": "x = 2\n"})
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{source}", str(clone))

    done = run_limited("audit", "--repo", clone, "--config", config_with(tmp_path), "--changed-since", old)

    assert done.code == 2 and "git fetch --unshallow" in done.err


def test_error_lines_carry_no_control_characters(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    done = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), "--rev", "x\x1b[2J\x07y")
    assert done.code == 2 and "\x1b" not in done.err and "\\x1b[2J" in done.err


def test_a_bom_does_not_hide_a_conflict_marker(tmp_path: Path) -> None:
    repo = make_repo(
        tmp_path / "repo", {"serve.yaml": b"\xef\xbb\xbf" + b"<" * 7 + b" HEAD\nport: 1\n" + b">" * 7 + b" x\n"}
    )
    done = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), "--format", "json")
    assert done.code == 1
    assert [f["line"] for f in json.loads(done.out)["findings"] if f["severity"] == "error"] == [1, 3]
