"""Arch-list drift: upstream narrowed a kernel's CUDA arch list in CMake so that the fleet's device drops out.

Shaped like vLLM's CMakeLists.txt: ``cuda_archs_loose_intersection(MLA_ARCHS "10.0f;11.0f;12.0f"
"${CUDA_ARCHS}")`` under a CUDA-version branch, then ``if(MLA_ARCHS)`` compiling the kernel.  #45277
("Fix CUDA arch build coverage gaps") took 12.x out of MLA_ARCHS; #28938 out of several SM100
SCALED_MM_ARCHS lists while another SCALED_MM_ARCHS list kept 12.x.  The build succeeds and the
model falls back to a slower kernel: a clean merge with every answer right.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.drift.arch_lists import calls, covers, gated, level, list_covers
from aeon_release.domain.audits.merge_rules import ARCH_DRIFT
from aeon_release.domain.audits.model import Finding, Settings, Severity
from tests.audits.conftest import GitRepo
from tests.audits.drift_shapes import merge_case, merged_findings
from tests.audits.test_device_gates import FORK, GB10, _findings
from tests.helpers import cpu_seconds

CMAKE = "CMakeLists.txt"
MLA = """cmake_minimum_required(VERSION 3.26)
project(demo LANGUAGES CXX CUDA)

set(VLLM_EXT_SRC "csrc/ops.cu")

if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 13.0)
  cuda_archs_loose_intersection(MLA_ARCHS "10.0f;11.0f;12.0f" "${CUDA_ARCHS}")
else()
  cuda_archs_loose_intersection(MLA_ARCHS "10.0a;10.1a;10.3a;12.0a;12.1a" "${CUDA_ARCHS}")
endif()
if(MLA_ARCHS)
  set(SRCS "csrc/attention/mla/sm100_cutlass_mla_kernel.cu")
  list(APPEND VLLM_EXT_SRC "${SRCS}")
endif()

cuda_archs_loose_intersection(MARLIN_ARCHS "8.0+PTX" "${CUDA_ARCHS}")
if(MARLIN_ARCHS)
  list(APPEND VLLM_EXT_SRC "csrc/quantization/marlin/marlin.cu")
endif()
"""
ALL_MAJOR_DROPPED = MLA.replace('"10.0f;11.0f;12.0f"', '"10.0f;11.0f"').replace(
    '"10.0a;10.1a;10.3a;12.0a;12.1a"', '"10.0a;10.1a;10.3a"'
)
DEVICE_DROPPED = MLA.replace('"10.0f;11.0f;12.0f"', '"10.0f;11.0f;12.0a"').replace(
    '"10.0a;10.1a;10.3a;12.0a;12.1a"', '"10.0a;10.1a;10.3a;12.0a"'
)
MOVED = ALL_MAJOR_DROPPED.replace(
    "if(MLA_ARCHS)", 'cuda_archs_loose_intersection(MLA_ARCHS "12.0f" "${CUDA_ARCHS}")\nif(MLA_ARCHS)'
)


def _only(repo: GitRepo, after: str, fork: dict[str, str] | None = None, base: str = MLA) -> list[Finding]:
    sides = merge_case(
        repo, {CMAKE: base}, fork or FORK, [("[Build] Fix CUDA arch build coverage gaps (#45277)", {CMAKE: after})]
    )
    return [f for f in merged_findings(repo, sides, Settings(device=GB10)) if f.rule_id == ARCH_DRIFT]


def test_the_device_alone_dropped_from_a_list_is_an_error(git_repo: GitRepo) -> None:
    [finding] = _only(git_repo, DEVICE_DROPPED)
    assert finding.severity is Severity.ERROR and (finding.path, finding.line) == (CMAKE, 7)
    assert "MLA_ARCHS" in finding.message and '"10.0f;11.0f;12.0a"' in finding.message
    assert "#45277" in finding.message and "while 12.0 of the same major still gets it" in finding.message


def test_the_whole_major_dropped_is_a_warning(git_repo: GitRepo) -> None:
    [finding] = _only(git_repo, ALL_MAJOR_DROPPED)
    assert finding.severity is Severity.WARNING and finding.line == 7
    assert "no arch of major 12 is left" in finding.message and "#45277" in finding.message


def test_a_list_of_the_group_that_still_covers_the_device_makes_it_a_warning(git_repo: GitRepo) -> None:
    [finding] = _only(git_repo, MOVED)
    assert finding.severity is Severity.WARNING and "another list of MLA_ARCHS still covers it" in finding.message


@pytest.mark.parametrize(
    "after",
    [
        # near misses: the device keeps an arch (a family entry, an exact one, a plain one below it)
        MLA.replace('"10.0f;11.0f;12.0f"', '"10.0f;12.0f"').replace("12.0a;12.1a", "12.1a"),
        MLA.replace('"10.0f;11.0f;12.0f"', '"10.0f;11.0f;12.0"').replace("10.3a;12.0a;12.1a", "12.0"),
        # another arch dropped, not the device's
        MLA.replace("10.0f;11.0f;12.0f", "10.0f;12.0f").replace("10.0a;10.1a;10.3a;", "10.0a;"),
        # the group removed with its kernel (the source file gone too): not judged
        MLA.replace("MLA_ARCHS", "MLA_SM100_ARCHS")
        .replace("12.0f", "")
        .replace("12.0a;12.1a", "")
        .replace("sm100_cutlass_mla_kernel.cu", "mla_stub.cu"),
        # the group renamed, its list kept
        MLA.replace("MLA_ARCHS", "CUTLASS_MLA_ARCHS"),
        # a list that reads a variable cannot be judged
        MLA.replace('"10.0f;11.0f;12.0f"', '"${MLA_SUPPORTED}"').replace("12.0a;12.1a", "${MLA_OLD}"),
        # a PTX entry moved up: still runs on the device, across majors
        MLA.replace("8.0+PTX", "8.0;8.6+PTX"),
    ],
    ids=["still-covered", "plain-entry", "other-arch", "group-removed", "group-renamed", "variable", "ptx-kept"],
)
def test_a_list_that_still_covers_the_device_is_not_reported(git_repo: GitRepo, after: str) -> None:
    assert _only(git_repo, after) == []


def test_the_merged_line_is_named_below_the_fork_lines(git_repo: GitRepo) -> None:
    carry = {
        CMAKE: MLA.replace("set(VLLM_EXT_SRC", 'set(FORK_SRC "csrc/fork.cu")\nset(FORK_FLAGS "-O3")\nset(VLLM_EXT_SRC')
    }
    [finding] = _only(git_repo, ALL_MAJOR_DROPPED, carry)
    assert finding.line == 9  # the fork's two lines above push upstream's narrowed list down


def test_a_list_the_fork_narrowed_itself_is_not_reported(git_repo: GitRepo) -> None:
    # the fork's own change (base..ours) is the fork's decision; upstream changed another line
    carry = {CMAKE: ALL_MAJOR_DROPPED}
    assert _only(git_repo, MLA.replace('"8.0+PTX"', '"8.0;9.0+PTX"'), carry) == []


def test_no_device_no_check(git_repo: GitRepo) -> None:
    sides = merge_case(git_repo, {CMAKE: MLA}, FORK, [("narrow (#1)", {CMAKE: ALL_MAJOR_DROPPED})])
    assert [f for f in _findings(git_repo, sides, None) if f.rule_id == ARCH_DRIFT] == []


@pytest.mark.parametrize(
    ("entry", "covered"),
    [
        ("10.0f", False),
        ("12.0f", True),  # a family: every arch of the major
        ("12.0a", False),  # arch-specific: that arch alone
        ("12.1a", True),
        ("12.1", True),
        ("12.0", True),  # plain: SASS runs forward within a major
        ("12.2", False),
        ("9.0", False),
        ("9.0+PTX", True),  # PTX: across majors
        ("${X}", None),
        ("sm_90", None),
    ],
)
def test_an_entry_covers_the_device_as_the_loose_intersection_does(entry: str, covered: bool | None) -> None:
    assert covers(entry, GB10.capability) is covered


def test_a_list_with_an_entry_it_cannot_read_is_not_judged() -> None:
    assert list_covers("9.0a;${MORE}", GB10.capability) is None
    assert list_covers("9.0a; 12.0f ;", GB10.capability) is True


def test_a_commented_out_call_and_another_command_are_not_lists() -> None:
    text = (
        '# cuda_archs_loose_intersection(OLD_ARCHS "12.0f" "${CUDA_ARCHS}")\n'
        'set(FOO_ARCHS "12.0f")\n'
        '  cuda_archs_loose_intersection(NEW_ARCHS\n    "10.0f;12.0f" "${CUDA_ARCHS}")\n'
    )
    assert [(c.line, c.group, c.archs) for c in calls(text)] == [(4, "NEW_ARCHS", "10.0f;12.0f")]


def test_a_hostile_line_is_read_in_linear_time() -> None:
    # one long word of "arch"s, and many calls of unknown commands: the scan stays linear
    text = "arch" * 250_000 + "(\n" + 'f(X "1.0")\n' * 50_000
    started = cpu_seconds()
    assert calls(text) == []
    assert cpu_seconds() - started < 5


def test_a_hostile_block_is_read_for_its_sources_in_linear_time() -> None:
    lines = ['cuda_archs_loose_intersection(G_ARCHS "12.0f" "${CUDA_ARCHS}")', "if(G_ARCHS)"]
    lines += ["a." * 500_000 + "cux", ("b" * 200_000 + " ") * 5, '  set(S "csrc/k.cu")', "endif()"]
    started = cpu_seconds()
    assert gated(lines, 1, "G_ARCHS") == {"csrc/k.cu"}
    assert cpu_seconds() - started < 5


def test_a_fork_that_appends_the_arch_to_the_group_is_not_reported(git_repo: GitRepo) -> None:
    carry = {
        CMAKE: MLA.replace("if(MLA_ARCHS)\n", 'list(APPEND MLA_ARCHS "12.1a")  # the fleet\'s own\nif(MLA_ARCHS)\n')
    }
    assert _only(git_repo, ALL_MAJOR_DROPPED, carry) == []


def test_a_fork_line_that_names_the_group_without_an_arch_does_not_count(git_repo: GitRepo) -> None:
    other = {CMAKE: MLA.replace("if(MLA_ARCHS)\n", 'message(STATUS "MLA: ${MLA_ARCHS}")\nif(MLA_ARCHS)\n')}
    assert len(_only(git_repo, ALL_MAJOR_DROPPED, other)) == 1


# -- a narrowing hidden in a rename or a split, and a list left with PTX alone ---------------------------
# #45277 split FP4_ARCHS (the NVFP4 kernels) in two, FP4_SM120_ARCHS and FP4_SM100_ARCHS, each block
# compiling its own copy of the shared sources; #14354 moved scaled_mm_sm100_fp8.cu from
# BLACKWELL_ARCHS "10.0;10.1;12.0" to SCALED_MM_ARCHS "10.0a;10.1a;12.0a"; #18155 left MARLIN_ARCHS
# "8.0;9.0+PTX" where "...;12.0" was.
FP4 = """project(demo LANGUAGES CXX CUDA)
if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 13.0)
  cuda_archs_loose_intersection(FP4_ARCHS "12.0f" "${CUDA_ARCHS}")
else()
  cuda_archs_loose_intersection(FP4_ARCHS "12.0a;12.1a" "${CUDA_ARCHS}")
endif()
if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 12.8 AND FP4_ARCHS)
  set(SRCS
    "csrc/fp4/nvfp4_quant_kernels.cu"
    "csrc/fp4/nvfp4_scaled_mm_sm120_kernels.cu")
  list(APPEND EXT_SRC "${SRCS}")
else()
  message(STATUS "Not building NVFP4")
  set(SRCS "csrc/fp4/unrelated_stub.cu")
endif()

cuda_archs_loose_intersection(MARLIN_ARCHS "8.0;8.6;9.0;12.0" "${CUDA_ARCHS}")
if(MARLIN_ARCHS)
  list(APPEND EXT_SRC "csrc/marlin/marlin.cu")
endif()
"""
SPLIT = """project(demo LANGUAGES CXX CUDA)
if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 13.0)
  cuda_archs_loose_intersection(FP4_SM120_ARCHS "SM120_NEW" "${CUDA_ARCHS}")
else()
  cuda_archs_loose_intersection(FP4_SM120_ARCHS "SM120_OLD" "${CUDA_ARCHS}")
endif()
if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 12.8 AND FP4_SM120_ARCHS)
  set(FP4_SM120_SRCS
    "csrc/fp4/nvfp4_quant_kernels.cu"
    "csrc/fp4/nvfp4_scaled_mm_sm120_kernels.cu")
  list(APPEND EXT_SRC "${FP4_SM120_SRCS}")
endif()
if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 13.0)
  cuda_archs_loose_intersection(FP4_SM100_ARCHS "10.0f;11.0f" "${CUDA_ARCHS}")
else()
  cuda_archs_loose_intersection(FP4_SM100_ARCHS "10.0a;10.1a;10.3a" "${CUDA_ARCHS}")
endif()
if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 12.8 AND FP4_SM100_ARCHS)
  set(FP4_SM100_SRCS
    "csrc/fp4/nvfp4_quant_kernels.cu"
    "csrc/fp4/nvfp4_scaled_mm_kernels.cu")
  list(APPEND EXT_SRC "${FP4_SM100_SRCS}")
endif()

cuda_archs_loose_intersection(MARLIN_ARCHS "8.0;8.6;9.0;12.0" "${CUDA_ARCHS}")
if(MARLIN_ARCHS)
  list(APPEND EXT_SRC "csrc/marlin/marlin.cu")
endif()
"""


def _split(sm120_new: str, sm120_old: str) -> str:
    return SPLIT.replace("SM120_NEW", sm120_new).replace("SM120_OLD", sm120_old)


def test_a_split_that_keeps_the_device_in_one_half_is_not_reported(git_repo: GitRepo) -> None:
    # #45277 as it was: FP4_SM120_ARCHS keeps "12.0f" and "12.0a;12.1a"; FP4_SM100_ARCHS never held 12.x
    assert _only(git_repo, _split("12.0f", "12.0a;12.1a"), base=FP4) == []


def test_a_split_that_drops_the_device_from_the_half_compiling_its_sources_is_an_error(git_repo: GitRepo) -> None:
    [finding] = _only(git_repo, _split("12.0a", "12.0a"), base=FP4)
    assert finding.severity is Severity.ERROR and (finding.path, finding.line) == (CMAKE, 3)
    assert "moved nvfp4_quant_kernels.cu, nvfp4_scaled_mm_sm120_kernels.cu from FP4_ARCHS to FP4_SM120_ARCHS" in (
        finding.message
    )
    assert '"12.0f" and "12.0a;12.1a" to "12.0a" and "12.0a"' in finding.message and "#45277" in finding.message


def test_a_split_whose_device_half_is_left_ptx_alone_is_a_warning(git_repo: GitRepo) -> None:
    [finding] = _only(git_repo, _split("9.0+PTX", "9.0+PTX"), base=FP4)
    assert finding.severity is Severity.WARNING and "only an older major's PTX" in finding.message
    assert "from FP4_ARCHS to FP4_SM120_ARCHS" in finding.message


def test_a_source_the_other_half_still_compiles_for_the_device_is_not_lost(git_repo: GitRepo) -> None:
    # the SM120 half narrowed, but the other half (given 12.0f) still compiles both sources for the device
    after = (
        _split("12.0a", "12.0a")
        .replace('"10.0f;11.0f"', '"10.0f;12.0f"')
        .replace('"csrc/fp4/nvfp4_scaled_mm_kernels.cu"', '"csrc/fp4/nvfp4_scaled_mm_sm120_kernels.cu"')
    )
    assert _only(git_repo, after, base=FP4) == []


NO_SOURCES = '"csrc/fp4/nvfp4_quant_kernels.cu"\n    "csrc/fp4/nvfp4_scaled_mm_sm120_kernels.cu"'


def test_a_rename_paired_by_name_alone_is_a_warning(git_repo: GitRepo) -> None:
    # no source file in the blocks: the new group of a similar name is the pair, and a guess is no error
    after = _split("12.0a", "12.0a").replace(NO_SOURCES, "${FP4_SOURCES}")
    [finding] = _only(git_repo, after, base=FP4.replace(NO_SOURCES, "${FP4_SOURCES}"))
    assert finding.severity is Severity.WARNING
    assert "replaced FP4_ARCHS with FP4_SM120_ARCHS (paired by name" in finding.message


def test_a_rename_paired_by_name_that_keeps_the_device_is_not_reported(git_repo: GitRepo) -> None:
    after = _split("12.0f", "12.0a;12.1a").replace(NO_SOURCES, "${FP4_SOURCES}")
    assert _only(git_repo, after, base=FP4.replace(NO_SOURCES, "${FP4_SOURCES}")) == []


def test_a_fork_that_appends_the_arch_to_the_new_group_is_not_reported(git_repo: GitRepo) -> None:
    carry = {CMAKE: FP4 + 'list(APPEND FP4_SM120_ARCHS "12.1a")  # the fleet\'s own\n'}
    assert _only(git_repo, _split("12.0a", "12.0a"), carry, base=FP4) == []


def test_a_list_left_covering_the_device_only_through_ptx_is_a_warning(git_repo: GitRepo) -> None:
    [finding] = _only(git_repo, FP4.replace('"8.0;8.6;9.0;12.0"', '"8.0;9.0+PTX"'), base=FP4)
    assert finding.severity is Severity.WARNING and finding.line == 17
    assert "narrowed MARLIN_ARCHS's arch list" in finding.message and "only an older major's PTX" in finding.message


@pytest.mark.parametrize(
    "archs",
    ['"8.0;9.0+PTX;12.0"', '"8.0;12.0f"', '"8.0;12.0+PTX"'],
    ids=["ptx-added-sass-kept", "family", "own-major-ptx"],
)
def test_a_list_that_keeps_the_device_s_sass_is_not_a_ptx_drop(git_repo: GitRepo, archs: str) -> None:
    assert _only(git_repo, FP4.replace('"8.0;8.6;9.0;12.0"', archs), base=FP4) == []


def test_the_level_of_a_list_and_the_sources_a_block_compiles() -> None:
    assert [level(a, GB10.capability) for a in ("12.0", "9.0+PTX", "9.0", "12.0a", "${X}")] == [2, 1, 0, 0, None]
    lines = FP4.splitlines()
    assert gated(lines, 3, "FP4_ARCHS") == {
        "csrc/fp4/nvfp4_quant_kernels.cu",
        "csrc/fp4/nvfp4_scaled_mm_sm120_kernels.cu",
    }
    assert gated(lines, 16, "MARLIN_ARCHS") == {"csrc/marlin/marlin.cu"}
    # a negated condition is not the group's block
    assert gated(["x(G_ARCHS)", "if(NOT G_ARCHS)", '  set(S "a.cu")', "endif()"], 1, "G_ARCHS") == frozenset()
