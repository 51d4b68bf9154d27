"""Renamed siblings: upstream renamed a folder's data files by a new naming scheme (or moved them away),
and the fork's own file there keeps the old name, so code that builds the names no longer finds it.

Shaped like vLLM's tuned fused-MoE tables: #7415 renamed every ``dtype=float8`` table to
``dtype=fp8_w8a8`` (and changed ``get_config_file_name`` to build the new names); 9cdea30b4f renamed
``block_shape=[128, 128]`` to ``block_shape=[128,128]``.  A fork's own table for its GPU, merged untouched
under the old name, is never read again: the kernel runs on its default table, slower, every answer right.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.drift.renamed_siblings import edit_of
from aeon_release.domain.audits.merge_rules import NAME_DRIFT
from aeon_release.domain.audits.model import Finding, Settings, Severity
from tests.audits.conftest import GitRepo
from tests.audits.drift_shapes import merge_case, merged_findings

CONFIGS = "pkg/layers/fused_moe/configs"
TABLE = '{\n  "1": {"BLOCK_SIZE_M": 16, "num_warps": 4}\n}\n'
SUBJECT = "[Kernel] W8A16 Int8 inside FusedMoE (#7415)"


def _name(n: int, gpu: str = "NVIDIA_H100_80GB_HBM3", dtype: str = "float8") -> str:
    return f"{CONFIGS}/E=8,N={n},device_name={gpu},dtype={dtype}.json"


BASE = {_name(n): TABLE for n in (2048, 4096, 7168)} | {f"{CONFIGS}/E=8,N=2048,device_name=NVIDIA_A100.json": TABLE}


LOADER = "pkg/layers/fused_moe/fused_moe.py"
NAMING = 'def get_config_file_name(E, N, device_name, dtype):\n    return f"E={E},N={N},device_name={device_name},dtype={dtype}.json"\n'
FP8 = 'def config_dtype(use_fp8):\n    return "float8" if use_fp8 else None\n'


def _renamed(
    old: str = "float8", new: str = "fp8_w8a8", ns: tuple[int, ...] = (2048, 4096, 7168)
) -> dict[str, str | None]:
    files: dict[str, str | None] = {LOADER: NAMING + FP8.replace('"float8"', '"fp8_w8a8"')}
    for n in ns:
        files[_name(n, dtype=old)] = None
        files[_name(n, dtype=new)] = TABLE
    return files


def _drift(
    repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None], base: dict[str, str] = BASE
) -> list[Finding]:
    base = {LOADER: NAMING + FP8, "pkg/layers/fused_moe/__init__.py": "", **base}
    sides = merge_case(repo, base, {**base, **fork}, [(SUBJECT, upstream)])
    return [f for f in merged_findings(repo, sides, Settings()) if f.rule_id == NAME_DRIFT]


# INVALID: the fork's table keeps the name upstream's scheme no longer makes
def test_a_fork_table_under_the_old_dtype_name_is_an_error(git_repo: GitRepo) -> None:
    mine = _name(14336, gpu="NVIDIA_GB10")
    [finding] = _drift(git_repo, {mine: TABLE}, _renamed())
    assert finding.severity is Severity.ERROR and (finding.path, finding.line) == (mine, 1)
    assert "'float8' -> 'fp8_w8a8'" in finding.message and "3 files" in finding.message
    assert "E=8,N=14336,device_name=NVIDIA_GB10,dtype=fp8_w8a8.json" in finding.message
    assert "#7415" in finding.message


def test_a_space_taken_out_of_every_name_is_an_error(git_repo: GitRepo) -> None:
    """A deletion between digits (``[128, 128]`` -> ``[128,128]``) holds for any block size, not one."""
    base = {f"{CONFIGS}/N={n},K=7168,dtype=fp8_w8a8,block_shape=[128, 128].json": TABLE for n in (1536, 2048)}
    upstream: dict[str, str | None] = {LOADER: NAMING}
    for old in base:
        upstream[old] = None
        upstream[old.replace(", ", ",")] = TABLE
    mine = f"{CONFIGS}/N=4096,K=7168,device_name=NVIDIA_GB10,dtype=fp8_w8a8,block_shape=[64, 64].json"
    [finding] = _drift(git_repo, {mine: TABLE}, upstream, base)
    assert "block_shape=[64,64].json" in finding.message


# VALID (twins): what the renames leave alone
def test_a_fork_table_already_in_the_new_scheme_is_quiet(git_repo: GitRepo) -> None:
    assert _drift(git_repo, {_name(14336, gpu="NVIDIA_GB10", dtype="fp8_w8a8"): TABLE}, _renamed()) == []


def test_a_fork_table_the_scheme_does_not_touch_is_quiet(git_repo: GitRepo) -> None:
    """The A100 tables carry no dtype: the renames of the fp8 tables say nothing of them."""
    assert _drift(git_repo, {f"{CONFIGS}/E=8,N=14336,device_name=NVIDIA_GB10.json": TABLE}, _renamed()) == []


def test_one_file_renamed_is_no_scheme(git_repo: GitRepo) -> None:
    assert _drift(git_repo, {_name(14336, gpu="NVIDIA_GB10"): TABLE}, _renamed(ns=(2048,))) == []


def test_a_fork_that_renamed_its_table_with_the_merge_is_quiet(git_repo: GitRepo) -> None:
    both = {_name(14336, gpu="NVIDIA_GB10"): TABLE, _name(14336, gpu="NVIDIA_GB10", dtype="fp8_w8a8"): TABLE}
    assert _drift(git_repo, both, _renamed()) == []


def test_fork_code_beside_renamed_tables_is_not_a_table(git_repo: GitRepo) -> None:
    """A fork module in the folder is imported by its own name, wherever the tables went."""
    assert _drift(git_repo, {f"{CONFIGS}/float8_helpers.py": "X = 1\n"}, _renamed()) == []


def test_files_of_a_folder_outside_any_package_are_found_by_listing(git_repo: GitRepo) -> None:
    """A repository's own folders (upstream's f962f426bc renamed its issue templates' spaces to dashes)."""
    base = {f".github/ISSUE_TEMPLATE/{n}0-a report.yml": "name: a\n" for n in (1, 2)}
    upstream: dict[str, str | None] = {LOADER: NAMING}
    for old in base:
        upstream[old] = None
        upstream[old.replace(" ", "-")] = "name: a\n"
    assert _drift(git_repo, {".github/ISSUE_TEMPLATE/90-gb10 report.yml": "name: b\n"}, upstream, base) == []


def test_a_data_file_at_the_top_of_the_repository_is_no_package_data(git_repo: GitRepo) -> None:
    """ROCm's fork adds top-level files (a README of its own) where upstream changes its own: no crash."""
    upstream: dict[str, str | None] = {**_renamed(), "setup.cfg": "[x]\n"}
    assert _drift(git_repo, {"notes-gb10.txt": "GB10\n"}, upstream, {**BASE, "setup.cfg": "[a]\n"}) == []


@pytest.mark.parametrize(
    ("old", "new", "fork", "renamed"),
    [
        ("a,dtype=float8.json", "a,dtype=fp8_w8a8.json", "b,dtype=float8.json", "b,dtype=fp8_w8a8.json"),
        ("s=[128, 128].json", "s=[128,128].json", "s=[64, 64].json", "s=[64,64].json"),
        ("E=8,N=1.json", "E=8,N=1,v=2.json", "E=9,N=7.json", "E=9,N=7.json"),  # an insertion: nothing to find
    ],
)
def test_an_edit_holds_between_kinds_of_characters(old: str, new: str, fork: str, renamed: str) -> None:
    edit = edit_of(old, new)
    assert edit is not None and edit.apply(fork) == renamed
