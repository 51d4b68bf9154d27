"""The profile's schema checked ahead by a forked child (`merge` starts it before its plan): the child only
ever stamps a text that passed, and ``load`` trusts no stamp but the one named by its own text and schema."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Run in a fresh interpreter: the test runner's own threads would make the fork unsafe (and so skipped).
PROBE = """
import json, sys, time
from pathlib import Path
from aeon_release.domain import profile
config, stamps, edit, schema = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
profile.check_ahead(config, stamps)
if edit or schema:  # wait for the child's stamp, then change what it checked
    deadline = time.monotonic() + 60  # not 10 s: past it the edit raced a child a loaded machine ran late
    while not list(stamps.glob("fleet-*.ok")) and time.monotonic() < deadline:
        time.sleep(0.01)
    if edit:
        (config / "fleet.yaml").write_text((config / "fleet.yaml").read_text() + edit)
    if schema:
        profile.SCHEMAS["fleet"]["required"] = [*profile.SCHEMAS["fleet"]["required"], schema]
        profile.SCHEMAS["fleet"]["properties"][schema] = {"type": "string"}
try:
    profile.load(config, stamps)
    said = "loaded"
except Exception as exc:
    said = str(exc)
print(json.dumps({"said": said, "jsonschema": "jsonschema" in sys.modules}))
"""


def _probe(tmp_path: Path, fleet: str | None = None, edit: str = "", schema: str = "") -> dict[str, object]:
    config = tmp_path / "config"
    config.mkdir(exist_ok=True)
    if fleet is None:
        shutil.copy(ROOT / "fleet.yaml", config / "fleet.yaml")
    else:
        (config / "fleet.yaml").write_text(fleet)
    stamps = tmp_path / "stamps"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(config), str(stamps), edit, schema],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    result["stamps"] = len(list(stamps.glob("fleet-*.ok")))
    return result


def test_a_profile_checked_ahead_is_answered_by_the_childs_stamp(tmp_path: Path) -> None:
    # the child imported jsonschema and stamped the text: this process never imports it
    assert _probe(tmp_path) == {"said": "loaded", "jsonschema": False, "stamps": 1}


def test_a_profile_that_fails_its_schema_is_stamped_by_nobody_and_named_here(tmp_path: Path) -> None:
    text = (ROOT / "fleet.yaml").read_text().replace("branch_prefix:", "brnach_prefix:", 1)
    result = _probe(tmp_path, fleet=text)
    assert "fleet.yaml" in str(result["said"]) and "branch_prefix" in str(result["said"]), result
    assert result["stamps"] == 0 and result["jsonschema"] is True


def test_a_profile_edited_after_the_child_checked_it_is_checked_again(tmp_path: Path) -> None:
    result = _probe(tmp_path, edit="brnach_prefix: typo-\n")
    assert "brnach_prefix" in str(result["said"]), result
    assert result["stamps"] == 1  # the first text's stamp stays; it answers for that text only


def test_a_stamp_made_under_another_schema_is_not_trusted(tmp_path: Path) -> None:
    result = _probe(tmp_path, schema="added_by_the_schema")
    assert "added_by_the_schema" in str(result["said"]) and "required" in str(result["said"]), result
    assert result["jsonschema"] is True
