"""A ``getattr`` with a default probing for a callable upstream removed outright (drift/probed_callables.py).

review49 left ``check = getattr(CudaPlatform, "is_kv_cache_dtype_supported", None)`` then ``True if check is
None else check(...)`` an error in name drift: the fork asks whether the member is there and calls it only
where it is, so the default path after #26982 is the fork's own answer.  The killers stay: a ``getattr`` with
no default, the value called with no test first, a flag only tested (never called), and a rename's old name."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NAME_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

INIT = "pkg/__init__.py"
PLATFORM = "pkg/platform.py"
USE = "pkg/aeon_use.py"
OLD = (
    "class Platform:\n"
    "    @classmethod\n"
    "    def is_dtype_supported(cls, dtype: str) -> bool:\n"
    '        return dtype == "fp8"\n\n'
    "    @classmethod\n"
    "    def device_name(cls) -> str:\n"
    '        return "gpu"\n'
)
GONE = 'class Platform:\n    @classmethod\n    def device_name(cls) -> str:\n        return "gpu"\n'
RENAMED = OLD.replace("is_dtype_supported", "is_dtype_supported_by_cache")
HEAD = "from pkg.platform import Platform as P\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, body: str, upstream: str = GONE) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {INIT: "", PLATFORM: OLD}, {USE: HEAD + body}, {PLATFORM: upstream})
    return found(audit(git_repo, sides, tmp_path), NAME_DRIFT)


@pytest.mark.parametrize(
    "body",
    [
        "def aeon_ok(platform) -> bool:\n"
        '    check = getattr(platform, "is_dtype_supported", None)\n'
        '    return True if check is None else check("fp8")\n',
        "def aeon_ok(platform) -> bool:\n"
        '    check = getattr(platform, "is_dtype_supported", None)\n'
        "    if check is not None:\n"
        '        return check("fp8")\n'
        "    return True\n",
        "def aeon_ok(platform) -> bool:\n"
        '    check = getattr(platform, "is_dtype_supported", None)\n'
        "    if not check:\n"
        "        return False\n"
        '    return check("fp8")\n',
        "def aeon_ok(platform) -> bool:\n"
        '    check = getattr(platform, "is_dtype_supported", None)\n'
        '    return callable(check) and check("fp8")\n',
        "def aeon_ok(platform) -> bool:\n"
        '    check = getattr(platform, "is_dtype_supported", None)\n'
        '    return not callable(check) or check("fp8")\n',
    ],
    ids=[
        "a conditional expression",
        "is not None, then a default",
        "not v exits first",
        "callable(v) and v()",
        "not callable(v) or v()",
    ],
)
def test_a_probe_calling_the_member_only_where_found_is_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert _rows(git_repo, tmp_path, body) == []


@pytest.mark.parametrize(
    "body",
    [
        'def aeon_ok(platform) -> bool:\n    check = getattr(platform, "is_dtype_supported")\n    return check("fp8")\n',
        'def aeon_ok(platform) -> bool:\n    check = getattr(platform, "is_dtype_supported", None)\n    return check("fp8")\n',
        "def aeon_ok(platform) -> bool:\n"
        '    check = getattr(platform, "is_dtype_supported", None)\n'
        "    if check is None:\n"
        '        print("no check")\n'
        '    return check("fp8")\n',
        'def aeon_ok(platform) -> bool:\n    return bool(getattr(platform, "is_dtype_supported", False))\n',
    ],
    ids=["no default", "called with no test", "a test that does not leave", "only tested, never called"],
)
def test_a_default_taken_or_called_is_still_reported(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert (USE, line_of(HEAD + body, "getattr("), "error") in _rows(git_repo, tmp_path, body)


def test_a_renamed_members_probe_is_still_reported(git_repo: GitRepo, tmp_path: Path) -> None:
    body = (
        "def aeon_ok(platform) -> bool:\n"
        '    check = getattr(platform, "is_dtype_supported", None)\n'
        '    return True if check is None else check("fp8")\n'
    )
    rows = _rows(git_repo, tmp_path, body, RENAMED)
    assert [r for r in rows if r[1] == line_of(HEAD + body, "getattr(")] != []
