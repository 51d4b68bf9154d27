"""The example GitHub release workflow: parsed, every aeon-release command and option it uses exists."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import yaml

from tests.gate.test_pr_gate import aeon_commands, problems

WORKFLOW = Path("examples/github/aeon-release.yml")
SHA_PIN = re.compile(r"^[\w.-]+/[\w.-]+@[0-9a-f]{40}$")


def _flow(repo_root: Path) -> dict[Any, Any]:
    data: dict[Any, Any] = yaml.safe_load((repo_root / WORKFLOW).read_text())
    return data


def _steps(repo_root: Path) -> list[dict[str, Any]]:
    return [step for job in _flow(repo_root)["jobs"].values() for step in job["steps"]]


def _commands(repo_root: Path) -> list[str]:
    return [c for step in _steps(repo_root) for c in aeon_commands(step.get("run", ""))]


def test_every_aeon_release_command_and_option_exists(repo_root: Path) -> None:
    commands = _commands(repo_root)
    assert [shlex.split(c)[shlex.split(c).index("aeon-release") + 1] for c in commands] == ["release", "audit"]
    for command in commands:
        assert problems(command) == [], command
    # And the checker would notice an option the CLI does not have.
    assert problems(commands[0] + " --no-such-option") == ["release: no option --no-such-option"]


def test_release_then_gh_release_with_the_notes_and_the_audit_report(repo_root: Path) -> None:
    steps = _steps(repo_root)
    release = shlex.split(next(c for c in _commands(repo_root) if " release " in c).split("| ", 1)[1])
    audit = shlex.split(next(c for c in _commands(repo_root) if " audit " in c))
    notes = release[release.index("--notes") + 1]
    report = audit[audit.index("--output") + 1]
    assert "--signing-key" in release and "--password-stdin" in release
    assert release[release.index("--platform") + 1] == "linux/arm64"
    gh = next(s for s in steps if "gh release create" in s.get("run", ""))
    words = shlex.split(gh["run"].strip())
    assert words[words.index("--notes-file") + 1] == f"../{notes}" and gh["working-directory"] == "fork"
    assert words[-1] == f"../{report}"  # the full audit report, attached as an asset
    release_index = next(i for i, s in enumerate(steps) if "aeon-release release" in s.get("run", ""))
    assert steps.index(gh) > release_index


def test_actions_are_pinned_by_sha_without_persisted_credentials(repo_root: Path) -> None:
    uses = [s for s in _steps(repo_root) if "uses" in s]
    assert uses and all(SHA_PIN.match(s["uses"]) for s in uses), [s["uses"] for s in uses]
    checkouts = [s for s in uses if s["uses"].startswith("actions/checkout@")]
    assert checkouts and all(s["with"]["persist-credentials"] is False for s in checkouts)
    flow = _flow(repo_root)
    assert flow["permissions"] == {}  # nothing at the workflow level; the one job asks for what it needs
    assert flow["jobs"]["release"]["permissions"] == {"contents": "write", "packages": "write"}
    assert "workflow_dispatch" in flow[True]  # YAML 1.1 reads the key `on` as true
