"""Default drift's hint for a None default the old body turned into a value.

#33656 changed ``encode_image_base64(image, *, format: str | None = None)`` -- whose body then took
``"JPEG"`` for None -- to ``format: str = "PNG"``, dropping the None branch.  A fork call leaving ``format``
out now gets PNG; the way to keep what it had is ``format="JPEG"``, not ``format=None`` (which upstream's
body no longer turns into anything).
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

UTILS = "vllm/multimodal/utils.py"
UTILS_OLD = """def encode_image_base64(image, *, image_mode: str = "RGB", format: str | None = None) -> str:
    if format is None:
        format = "JPEG"
    return image.save(format=format)
"""
UTILS_NEW = """def encode_image_base64(image, *, image_mode: str = "RGB", format: str = "PNG") -> str:
    return image.save(format=format)
"""
FORK = "vllm/aeon/b64.py"
FORK_TEXT = """from vllm.multimodal.utils import encode_image_base64


def aeon_url(image) -> str:
    return f"data:image/jpeg;base64,{encode_image_base64(image)}"
"""


def test_the_hint_names_what_the_none_stood_for(git_repo: GitRepo, no_rules: Path) -> None:
    sides = s.merge_case(
        git_repo,
        {UTILS: UTILS_OLD, "vllm/multimodal/__init__.py": ""},
        {FORK: FORK_TEXT, "vllm/aeon/__init__.py": ""},
        [("[Misc] Update default image format of `encode_base64` (#33656)", {UTILS: UTILS_NEW})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    rows = [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DEFAULT_DRIFT]
    assert [(n, sev) for n, sev, _ in rows] == [(5, "warning")]
    assert "changed from None (which its body made 'JPEG') to 'PNG'" in rows[0][2]
    assert "pass format='JPEG' to keep" in rows[0][2]
