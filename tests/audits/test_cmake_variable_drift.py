"""CMake variable drift: a fork's CMake line reads a variable upstream's CMake no longer sets.

Shaped like vLLM's CMakeLists.txt before #45277 ("Fix CUDA arch build coverage gaps"), which renamed the
SM12x NVFP4 kernel group ``FP4_ARCHS`` to ``FP4_SM120_ARCHS`` in every line of its own.  A fork that builds
its own NVFP4 KV kernel in that block (``CUDA_ARCHS "${FP4_ARCHS}"``) merges cleanly and builds it for no
arch: the variable reads as empty, and CMake says nothing.
"""

from __future__ import annotations

from aeon_release.domain.audits.drift.cmake_vars import variables_read
from aeon_release.domain.audits.merge_rules import NAME_DRIFT
from aeon_release.domain.audits.model import Finding, Settings, Severity
from tests.audits.conftest import GitRepo
from tests.audits.drift_shapes import merge_case, merged_findings

CMAKE = "CMakeLists.txt"
BASE = """cmake_minimum_required(VERSION 3.26)
project(demo LANGUAGES CXX CUDA)

set(VLLM_EXT_SRC "csrc/ops.cu")

cuda_archs_loose_intersection(FP4_ARCHS "12.0a;12.1a" "${CUDA_ARCHS}")
if(FP4_ARCHS)
  set(SRCS "csrc/fp4/nvfp4_quant_kernels.cu")
  set_gencode_flags_for_srcs(SRCS "${SRCS}" CUDA_ARCHS "${FP4_ARCHS}")
  list(APPEND VLLM_EXT_SRC "${SRCS}")

  list(APPEND VLLM_GPU_FLAGS "-DENABLE_NVFP4_SM120=1")
  message(STATUS "Building NVFP4 for archs: ${FP4_ARCHS}")
endif()
"""
RENAMED = BASE.replace("FP4_ARCHS", "FP4_SM120_ARCHS")
ANCHOR = '  list(APPEND VLLM_GPU_FLAGS "-DENABLE_NVFP4_SM120=1")\n'
SUBJECT = "[Build] Fix CUDA arch build coverage gaps (#45277)"


def _fork(lines: str, base: str = BASE) -> str:
    return base.replace(ANCHOR, lines + ANCHOR)


def _drift(repo: GitRepo, fork: str, after: str = RENAMED, more: dict[str, str] | None = None) -> list[Finding]:
    files = {CMAKE: after, **(more or {})}
    sides = merge_case(repo, {CMAKE: BASE}, {CMAKE: fork}, [(SUBJECT, dict(files))])
    return [f for f in merged_findings(repo, sides, Settings()) if f.rule_id == NAME_DRIFT]


# INVALID: the fork's line reads the group upstream renamed
def test_a_fork_source_compiled_for_the_renamed_group_is_an_error(git_repo: GitRepo) -> None:
    fork = _fork('  set_gencode_flags_for_srcs(SRCS "csrc/aeon/nvfp4_kv.cu" CUDA_ARCHS "${FP4_ARCHS}")\n')
    [finding] = _drift(git_repo, fork)
    assert finding.severity is Severity.ERROR and (finding.path, finding.line) == (CMAKE, 12)
    assert "reads FP4_ARCHS" in finding.message and "FP4_SM120_ARCHS in its place" in finding.message
    assert "#45277" in finding.message


def test_a_condition_on_the_renamed_group_is_an_error(git_repo: GitRepo) -> None:
    fork = _fork('  if("12.1a" IN_LIST FP4_ARCHS)\n    list(APPEND VLLM_GPU_FLAGS "-DAEON_SM121A=1")\n  endif()\n')
    [finding] = _drift(git_repo, fork)
    assert finding.severity is Severity.ERROR and finding.line == 12 and "FP4_ARCHS" in finding.message


# VALID (twins): what the rename leaves alone
def test_a_fork_line_reading_a_kept_variable_is_quiet(git_repo: GitRepo) -> None:
    fork = _fork('  cuda_archs_loose_intersection(AEON_KV_ARCHS "12.1a" "${CUDA_ARCHS}")\n')
    assert _drift(git_repo, fork) == []


def test_a_group_the_fork_sets_itself_is_quiet(git_repo: GitRepo) -> None:
    fork = _fork(
        '  cuda_archs_loose_intersection(FP4_ARCHS "12.1a" "${CUDA_ARCHS}")\n'
        '  set_gencode_flags_for_srcs(SRCS "csrc/aeon/nvfp4_kv.cu" CUDA_ARCHS "${FP4_ARCHS}")\n'
    )
    assert _drift(git_repo, fork) == []


def test_a_group_upstream_still_sets_in_another_cmake_file_is_quiet(git_repo: GitRepo) -> None:
    fork = _fork('  set_gencode_flags_for_srcs(SRCS "csrc/aeon/nvfp4_kv.cu" CUDA_ARCHS "${FP4_ARCHS}")\n')
    moved = {"cmake/fp4.cmake": 'cuda_archs_loose_intersection(FP4_ARCHS "12.0a;12.1a" "${CUDA_ARCHS}")\n'}
    assert _drift(git_repo, fork, more=moved) == []


def test_a_variable_upstream_never_set_is_not_judged(git_repo: GitRepo) -> None:
    fork = _fork('  message(STATUS "AEON: ${AEON_UNSET_THING}")\n')
    assert _drift(git_repo, fork) == []


def test_the_variables_a_line_reads() -> None:
    assert variables_read('if("12.1a" IN_LIST FP4_ARCHS)') == ["IN_LIST", "FP4_ARCHS"]
    assert variables_read('  set_gencode_flags_for_srcs(SRCS "${A}" CUDA_ARCHS "${B_ARCHS}")') == ["A", "B_ARCHS"]
    assert variables_read("if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 12.8 AND FP4_ARCHS)") == [
        "CMAKE_CUDA_COMPILER_VERSION",
        "VERSION_GREATER_EQUAL",
        "AND",
        "FP4_ARCHS",
    ]
    assert variables_read("list(APPEND X y)  # ${NOT_READ}") == []
