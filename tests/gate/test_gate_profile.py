"""The PR gate (`audit`) checks fleet.yaml against its schema, as `merge` and `ledger check` do: a pull
request that breaks the profile fails its gate instead of the next merge.  A profile checked before
is answered by a stamp in the findings cache's folder (no jsonschema import)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.helpers import build_example, run_cli

ROOT = Path(__file__).resolve().parent.parent.parent
PROBE = """
import sys
from aeon_release.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    print(f"code={exc.code} jsonschema={'jsonschema' in sys.modules}", file=sys.stderr)
"""


def _audit_probe(fork: Path, config: Path, *command: str) -> str:
    command = command or ("audit", "--rev", "HEAD")
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *command, "--repo", str(fork), "--config", str(config)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    return done.stderr.strip().splitlines()[-1]


def test_a_profile_the_schema_refuses_fails_the_gate(tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex")
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text() + "brnach_prefix: typo-\n")
    result = run_cli("audit", "--rev", "HEAD", "--repo", ex.fork, "--config", ex.config, "--format", "json")
    assert result.code == 2 and result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and "fleet.yaml" in lines[0] and "brnach_prefix" in lines[0], result.err


def test_a_profile_checked_before_is_answered_by_its_stamp(tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex")
    assert _audit_probe(ex.fork, ex.config).endswith("jsonschema=True")  # checked, stamped
    assert _audit_probe(ex.fork, ex.config).endswith("jsonschema=False")  # the stamp answers
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text() + "# an edit\n")
    assert _audit_probe(ex.fork, ex.config).endswith("jsonschema=True")  # another text: checked again
    stamps = list((ex.fork / ".git" / "aeon-release" / "cache").glob("fleet-*.ok"))
    assert len(stamps) == 2


def test_no_profile_is_nothing_to_check(tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex")
    (ex.config / "fleet.yaml").unlink()
    result = run_cli("audit", "--rev", "HEAD", "--repo", ex.fork, "--config", ex.config, "--format", "json")
    assert result.code in (0, 1), result.err
    assert json.loads(result.out)["findings"] is not None


def test_a_merge_after_the_gate_reads_the_stamped_profile_and_a_changed_one_is_checked(tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex")
    dry_run = ("merge", "v0.29.0", "--no-fetch", "--dry-run")
    assert _audit_probe(ex.fork, ex.config).endswith("jsonschema=True")
    assert _audit_probe(ex.fork, ex.config, *dry_run) == "code=0 jsonschema=False"
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text() + "brnach_prefix: typo-\n")
    result = run_cli(*dry_run, "--repo", ex.fork, "--config", ex.config)
    assert result.code == 2 and "brnach_prefix" in result.err
