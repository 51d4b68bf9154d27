"""The project stands alone: every file its text cites is in the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOP = ("aeon_release/", "audits/", "scripts/", "tests/", "examples/", "docs/", "benchmarks/", "schemas/")


def tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [p for p in out.splitlines() if (ROOT / p).is_file()]


def test_no_text_cites_a_file_that_is_not_here() -> None:
    files = tracked()
    names = {Path(p).name for p in files}
    missing = []
    for rel in files:
        if rel.startswith("tests/data/") or rel.endswith((".json", ".tar", ".png")):
            continue
        text = (ROOT / rel).read_text(encoding="utf-8", errors="replace")
        missing += [f"{rel}: {m}" for m in re.findall(r"(?<![\w./-])[A-Z][A-Z0-9_]+\.md\b", text) if m not in names]
    assert missing == []


def test_readme_paths_exist() -> None:
    readme = (ROOT / "README.md").read_text()
    cited = {m for m in re.findall(r"`([\w./-]+)`", readme) if m.startswith(TOP) and "*" not in m}
    assert cited and [c for c in sorted(cited) if not (ROOT / c).exists()] == []


def test_readme_has_the_fleet_facts_and_the_pinned_tag_is_the_version() -> None:
    import tomllib

    readme = (ROOT / "README.md").read_text()
    for fact in (
        "## The fleet, in brief",
        "TORCH_CUDA_ARCH_LIST=12.1a",
        "YYYY-MM-DD-vX.Y.Z[-variant]",
        "1 + accepted draft tokens /",
        "markers",
    ):
        assert fact in readme
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert f"rev: v{version} " in (ROOT / "docs" / "pr-gate.md").read_text()
    assert f"`v{version}` is the first" in readme
