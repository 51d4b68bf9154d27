"""A guard helper imported relatively (drift/helper_guards.py ``held_at``): review53 left ``from .guards import
has_experts`` then ``if not has_experts(model): return False`` before ``bool(get_moe_expert_mapping(model))`` an
error where the absolute import was quiet.  One parse serves every path holding the same text, so the import is
read against the merged tree's paths of that text; where they name different modules it is left (an error)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.helper_guards import _absolute
from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way
from tests.audits.test_raised_empties import BASE, HAS_EXPERTS, IMPORT, PACKAGES, THEIRS, USE_HELPER, UTILS

AEON = "vllm/aeon/__init__.py"
USE = "vllm/aeon/use.py"
HEAD = IMPORT.replace("\n\n\n", "\n")
SPELLINGS = {
    "from-dot-module": ("from .guards import _has_experts\n", "_has_experts", "vllm/aeon/guards.py"),
    "from-dot-import-module": ("from . import guards\n", "guards._has_experts", "vllm/aeon/guards.py"),
    "from-dotdot-module": ("from ..aeon_guards import _has_experts\n", "_has_experts", "vllm/aeon_guards.py"),
    "from-dot-as": ("from .guards import _has_experts as has_moe\n", "has_moe", "vllm/aeon/guards.py"),
}


def _fork(imports: str, called: str) -> str:
    return HEAD + imports + "\n\n" + USE_HELPER.replace("not _has_experts(", f"not {called}(")


def _rows(git_repo: GitRepo, tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {UTILS: BASE, **PACKAGES}, {AEON: "", **files}, {UTILS: THEIRS})
    return found(audit(git_repo, sides, tmp_path), RETURN_DRIFT)


@pytest.mark.parametrize("how", sorted(SPELLINGS))
def test_a_relatively_imported_guard_helper_stays_quiet(git_repo: GitRepo, tmp_path: Path, how: str) -> None:
    imports, called, guards = SPELLINGS[how]
    assert _rows(git_repo, tmp_path, {guards: HAS_EXPERTS, USE: _fork(imports, called)}) == []


def test_a_relatively_imported_helper_asking_another_attribute_stays_an_error(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    fork = _fork("from .guards import _has_experts\n", "_has_experts")
    guards = "def _has_experts(m):\n    return hasattr(m, 'experts')\n"
    rows = _rows(git_repo, tmp_path, {"vllm/aeon/guards.py": guards, USE: fork})
    assert rows == [(USE, line_of(fork, "bool(get_moe"), "error")]


def test_one_text_in_two_packages_naming_different_guards_is_left(git_repo: GitRepo, tmp_path: Path) -> None:
    """The same file in two packages: one's ``.guards`` asks the member, the other's another attribute; the shared
    parse cannot say which, so neither is read as a guard."""
    fork = _fork("from .guards import _has_experts\n", "_has_experts")
    other = "def _has_experts(m):\n    return hasattr(m, 'experts')\n"
    files = {
        "vllm/aeon/guards.py": HAS_EXPERTS,
        USE: fork,
        "vllm/aeon2/__init__.py": "",
        "vllm/aeon2/guards.py": other,
        "vllm/aeon2/use.py": fork,
    }
    rows = _rows(git_repo, tmp_path, files)
    assert ("vllm/aeon2/use.py", line_of(fork, "bool(get_moe"), "error") in rows


@pytest.mark.parametrize(
    ("dotted", "path", "expected"),
    [
        (".guards", "pkg/sub/use.py", "pkg.sub.guards"),
        (".", "pkg/sub/__init__.py", "pkg.sub"),
        ("..g.h", "pkg/sub/use.py", "pkg.g.h"),
        ("...", "pkg/use.py", None),
    ],
)
def test_a_relative_module_is_read_from_the_importers_package(dotted: str, path: str, expected: str | None) -> None:
    assert _absolute(dotted, path) == expected


def test_the_absolute_spelling_beside_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = _fork("from vllm.aeon.guards import _has_experts\n", "_has_experts")
    assert _rows(git_repo, tmp_path, {"vllm/aeon/guards.py": HAS_EXPERTS, USE: fork}) == []
