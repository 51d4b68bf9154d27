"""`arch-coverage`: the build's CMake, run in its pure part by the real cmake, before any build."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from aeon_release.adapters import cmake as runner
from aeon_release.adapters.yamlio import Where
from aeon_release.domain.audits.cmake import Command
from aeon_release.domain.audits.config import parse_rule
from aeon_release.domain.audits.kinds.base import Context
from aeon_release.domain.audits.registry import KINDS
from aeon_release.domain.audits.source import SourceCache
from tests.audits.conftest import GitRepo
from tests.helpers import cpu_seconds, run_cli

pytestmark = pytest.mark.skipif(shutil.which("cmake") is None, reason="needs cmake (scripts/test.sh installs it)")

# A small stand-in for a build's arch helpers (not upstream's code): a source arch serves a target of
# the same major at or above it; a suffixed source arch ("12.0a") only its exact target.
UTILS = """\
function(loose_intersection OUT SRC TGT)
  set(_out)
  foreach(_t ${TGT})
    foreach(_s ${SRC})
      if(_s STREQUAL _t)
        list(APPEND _out ${_t})
        break()
      endif()
      if(NOT _s MATCHES "[af]$" AND NOT _t MATCHES "[af]$")
        string(REGEX REPLACE "[.].*" "" _sm ${_s})
        string(REGEX REPLACE "[.].*" "" _tm ${_t})
        if(_sm STREQUAL _tm AND _s VERSION_LESS_EQUAL _t)
          list(APPEND _out ${_t})
          break()
        endif()
      endif()
    endforeach()
  endforeach()
  set(${OUT} ${_out} PARENT_SCOPE)
endfunction()

macro(archs_from_flags OUT FLAGS)
  string(REGEX MATCHALL "code=sm_[0-9]+[af]?" _codes "${FLAGS}")
  set(${OUT})
  foreach(_c ${_codes})
    string(REGEX REPLACE "code=sm_([0-9]+)([0-9][af]?)" "\\\\1.\\\\2" _v ${_c})
    list(APPEND ${OUT} ${_v})
  endforeach()
endmacro()
"""
CMAKELISTS = """\
cmake_minimum_required(VERSION 3.26)
project(kernels LANGUAGES CXX CUDA)
include(${CMAKE_CURRENT_LIST_DIR}/cmake/utils.cmake)
find_package(Torch REQUIRED)
archs_from_flags(CUDA_ARCHS "${CMAKE_CUDA_FLAGS}")

if(GPU_LANG STREQUAL "CUDA")
  loose_intersection(MARLIN_ARCHS "8.0;12.0" "${CUDA_ARCHS}")
  if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 12.8)
    loose_intersection(FP4_ARCHS "12.0a;12.1a" "${CUDA_ARCHS}")
  endif()
  if(FP4_ARCHS)
    add_library(fp4 nvfp4_gemm.cu)
  endif()
endif()
"""
RULES = """rules:
  - id: nvfp4/kernels-built
    kind: arch-coverage
    message: the NVFP4 kernels must be compiled for 12.1a
    paths: [CMakeLists.txt]
    functions: [cmake/utils.cmake]
    arch_list: "12.1a"
    cuda_version: "13.0"
    groups: ["FP4*_ARCHS"]
    define: {GPU_LANG: CUDA}
"""


def audit(repo: GitRepo, config: Path, rev: str) -> tuple[int, dict[str, object], str]:
    done = run_cli("audit", "--rev", rev, "--repo", str(repo.path), "--config", str(config), "--format", "json")
    return done.code, json.loads(done.out) if done.out.strip() else {}, done.err


def findings(data: dict[str, object]) -> list[tuple[str, str, int, str]]:
    listed = data["findings"]
    assert isinstance(listed, list)
    return [(f["rule"], f["path"], f["line"], f["message"]) for f in listed]


def test_a_clean_merge_that_drops_the_fleet_arch_is_an_error(git_repo: GitRepo, rules_dir: Callable[..., Path]) -> None:
    config = rules_dir(r=RULES)
    base = git_repo.commit({"CMakeLists.txt": CMAKELISTS, "cmake/utils.cmake": UTILS}, "base")
    git_repo.git("switch", "-q", "-c", "fork")
    fork = git_repo.commit({"CMakeLists.txt": CMAKELISTS.replace("8.0;12.0", "8.0;8.6;12.0")}, "carry: Marlin for 8.6")
    git_repo.git("switch", "-q", "-c", "upstream", base)
    # upstream moves the SM12x kernels to a family target its helper does not serve 12.1a from
    git_repo.commit({"CMakeLists.txt": CMAKELISTS.replace('"12.0a;12.1a"', '"12.0f"')}, "Family targets (#1)")
    git_repo.git("switch", "-q", "fork")
    merged = git_repo.merge("upstream")  # clean: git sees two different lines

    assert audit(git_repo, config, fork)[0] == 0
    code, data, _ = audit(git_repo, config, merged)
    assert code == 1
    [(rule, path, line, message)] = findings(data)
    assert (rule, path, line) == ("nvfp4/kernels-built", "CMakeLists.txt", 10)
    assert "no FP4*_ARCHS group compiles for 12.1a with CUDA 13.0: FP4_ARCHS is empty (line 10)" in message


def test_a_group_no_branch_sets_and_a_pattern_nothing_matches(
    git_repo: GitRepo, rules_dir: Callable[..., Path]
) -> None:
    config = rules_dir(r=RULES.replace('"13.0"', '"12.4"'))  # below the 12.8 the FP4 block needs
    rev = git_repo.commit({"CMakeLists.txt": CMAKELISTS, "cmake/utils.cmake": UTILS}, "old CUDA")
    [(_, _, line, message)] = findings(audit(git_repo, config, rev)[1])
    assert line == 10 and "FP4_ARCHS is never set (no branch that sets it runs)" in message
    rev = git_repo.commit({"CMakeLists.txt": CMAKELISTS.replace("FP4_ARCHS", "NVFP4_SM120")}, "renamed")
    [(_, _, line, message)] = findings(audit(git_repo, config, rev)[1])
    assert line == 0 and "no variable matching FP4*_ARCHS is set in CMakeLists.txt: the rule guards nothing" in message


def test_the_trees_cmake_never_reads_writes_or_runs_anything(
    git_repo: GitRepo, rules_dir: Callable[..., Path], tmp_path: Path
) -> None:
    """A pull request's CMake is a stranger's code: only its pure part runs."""
    planted = [tmp_path / f"planted{i}" for i in range(4)]
    hostile_utils = UTILS + (
        f"function(touch_it)\n  execute_process(COMMAND touch {planted[0]})\nendfunction()\n"
        f"function(uses_touch OUT)\n  touch_it()\n  set(${{OUT}} 1 PARENT_SCOPE)\nendfunction()\n"
    )
    hostile_main = CMAKELISTS.replace(
        "if(GPU_LANG",
        f"execute_process(COMMAND touch {planted[1]})\nfile(WRITE {planted[2]} x)\n"
        f'cmake_language(EVAL CODE "file(WRITE {planted[3]} x)")\n'
        "include(/etc/hostname)\ntouch_it()\nuses_touch(ANY)\nif(GPU_LANG",
    )
    rev = git_repo.commit({"CMakeLists.txt": hostile_main, "cmake/utils.cmake": hostile_utils}, "hostile")
    code, data, err = audit(git_repo, rules_dir(r=RULES), rev)
    assert (code, findings(data)) == (0, []), err
    assert not any(p.exists() for p in planted)


def test_a_loop_or_a_memory_bomb_is_a_finding_not_a_hang(git_repo: GitRepo, rules_dir: Callable[..., Path]) -> None:
    cmake = runner.find_cmake()
    assert cmake is not None
    stopped = runner.run_script(cmake, "set(i 0)\nwhile(i LESS 1)\nendwhile()\n", seconds=1)
    assert stopped.code is None and "did not finish within 1 s" in stopped.stderr
    bomb = CMAKELISTS.replace("if(GPU_LANG", 'string(REPEAT "xxxxxxxxxx" 400000000 BIG)\nif(GPU_LANG')
    rev = git_repo.commit({"CMakeLists.txt": bomb, "cmake/utils.cmake": UTILS}, "bomb")
    code, data, _ = audit(git_repo, rules_dir(r=RULES), rev)
    [(_, _, line, message)] = findings(data)
    assert code == 1 and line == 0 and "could not be evaluated" in message
    assert "aeon-release-cmake-" not in message  # the script's temporary path is not the user's business


def test_without_cmake_the_rule_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cmake").mkdir()
    (tmp_path / "CMakeLists.txt").write_text(CMAKELISTS)
    (tmp_path / "cmake" / "utils.cmake").write_text(UTILS)
    rule = parse_rule(dict(_rule_node()), Where("audits/r.yaml"))
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    [finding] = KINDS["arch-coverage"].check(rule, Context(tmp_path, [], SourceCache(tmp_path)))
    assert "could not be checked: cmake is not installed (install cmake)" in finding.message


def _rule_node() -> dict[str, object]:
    import yaml

    node = yaml.safe_load(RULES)["rules"][0]
    assert isinstance(node, dict)
    return node


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("arch_list", "12.1", None),
        ("arch_list", "sm_121a", "rules[0].arch_list: 'sm_121a' is not an arch such as 10.3a or 9.0+PTX"),
        ("cuda_version", "thirteen", "rules[0].cuda_version: 'thirteen' is not of the expected form"),
        ("groups", ["FP4_${X}"], "rules[0].groups[0]: 'FP4_${X}' is not of the expected form"),
        ("define", {"A B": "x"}, "rules[0].define: 'A B' is not a CMake variable name"),
        ("define", {"A": ["x"]}, "rules[0].define.A: expected a string, got a list"),
        ("functions", ["../utils.cmake"], "rules[0].functions[0]: '../utils.cmake' must be a path relative"),
    ],
)
def test_bad_rule_fields_are_one_line_naming_the_field(field: str, value: object, said: str | None) -> None:
    from aeon_release.errors import ConfigError

    node = _rule_node() | {field: value}
    if said is None:  # a bare arch is an arch: the rule reads it as the build would
        parse_rule(node, Where("audits/r.yaml"))
        return
    with pytest.raises(ConfigError) as raised:
        parse_rule(node, Where("audits/r.yaml").key("rules").index(0))
    assert said in str(raised.value)


def test_a_value_cannot_print_another_groups_line(git_repo: GitRepo, rules_dir: Callable[..., Path]) -> None:
    """The values come back as printed lines: a newline in one must not forge another group's value."""
    forged = CMAKELISTS.replace('"12.0a;12.1a"', '"12.0a"').replace(
        "if(GPU_LANG", 'set(OTHER_ARCHS "8.0;\\n-- aeon-release-group 10 FP4_ARCHS=12.1a")\nif(GPU_LANG'
    )
    rules = RULES.replace('groups: ["FP4*_ARCHS"]', 'groups: ["FP4*_ARCHS", "OTHER_ARCHS"]')
    rev = git_repo.commit({"CMakeLists.txt": forged, "cmake/utils.cmake": UTILS}, "forged")
    code, data, _ = audit(git_repo, rules_dir(r=rules), rev)
    [(_, _, line, message)] = findings(data)
    assert code == 1 and line == 11 and "FP4_ARCHS is empty (line 11)" in message


def test_an_answer_that_depends_on_this_machine_is_not_remembered(
    git_repo: GitRepo, rules_dir: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The findings cache remembers a rule's answer by the blobs it read: "cmake is not installed"
    is no answer about the blobs, and installing cmake must not find it remembered."""
    config = rules_dir(r=RULES)
    rev = git_repo.commit({"CMakeLists.txt": CMAKELISTS, "cmake/utils.cmake": UTILS}, "good")
    git_only = tmp_path / "bin"
    git_only.mkdir()
    (git_only / "git").symlink_to(shutil.which("git") or "/usr/bin/git")
    with monkeypatch.context() as patched:
        patched.setenv("PATH", str(git_only))
        code, data, _ = audit(git_repo, config, rev)
    assert code == 1 and "cmake is not installed" in findings(data)[0][3]
    code, data, _ = audit(git_repo, config, rev)
    assert (code, findings(data)) == (0, [])
    code, data, _ = audit(git_repo, config, rev)
    assert (code, findings(data), data["files_cached"]) == (0, [], 2)  # the good answer is remembered


def test_a_group_set_in_an_included_file_is_followed_there(git_repo: GitRepo, rules_dir: Callable[..., Path]) -> None:
    """CMake runs an included file in place: so does the rule, and the finding names that file's line."""
    kernels = 'if(GPU_LANG STREQUAL "CUDA")\n  loose_intersection(FP4_ARCHS "12.0a" "${CUDA_ARCHS}")\nendif()\n'
    main = CMAKELISTS.split("if(GPU_LANG")[0] + "include(${CMAKE_CURRENT_LIST_DIR}/cmake/kernels.cmake)\n"
    main += "include(../outside.cmake)\ninclude(/etc/hostname.cmake)\n"
    files = {"CMakeLists.txt": main, "cmake/utils.cmake": UTILS, "cmake/kernels.cmake": kernels}
    rev = git_repo.commit(files, "kernels in their own file")
    rules = RULES.replace("    functions: [cmake/utils.cmake]\n", "")  # included: no need to name it
    code, data, _ = audit(git_repo, rules_dir(r=rules), rev)
    [(_, path, line, message)] = findings(data)
    assert (code, path, line) == (1, "cmake/kernels.cmake", 2)
    assert "FP4_ARCHS is empty (cmake/kernels.cmake:2)" in message
    rev = git_repo.commit({"cmake/kernels.cmake": kernels.replace('"12.0a"', '"12.0a;12.1a"')}, "12.1a too")
    code, data, _ = audit(git_repo, rules_dir(r=rules), rev)
    assert (code, findings(data)) == (0, [])


def test_a_file_including_itself_over_and_over_is_one_finding(
    git_repo: GitRepo, rules_dir: Callable[..., Path]
) -> None:
    again = "include(${CMAKE_CURRENT_LIST_DIR}/again.cmake)\n" * 10 + "set(X 1)\n" * 50
    main = CMAKELISTS.replace("if(GPU_LANG", "include(cmake/again.cmake)\nif(GPU_LANG")
    rev = git_repo.commit({"CMakeLists.txt": main, "cmake/utils.cmake": UTILS, "cmake/again.cmake": again}, "loop")
    code, data, _ = audit(git_repo, rules_dir(r=RULES), rev)
    [(_, path, line, message)] = findings(data)
    assert (code, path, line) == (1, "CMakeLists.txt", 0)
    assert (
        "cannot parse CMakeLists.txt or a file it includes: cmake/again.cmake:6: the includes expand past 50,000"
        in message
    )


def _hostile(
    git_repo: GitRepo, rules_dir: Callable[..., Path], extra: str, utils: str = UTILS
) -> tuple[int, list[tuple[str, str, int, str]]]:
    """The fleet's tree with FP4 cut to 12.0a (the real build compiles nothing for 12.1a), plus ``extra``."""
    main = CMAKELISTS.replace('"12.0a;12.1a"', '"12.0a"').replace("if(GPU_LANG", extra + "if(GPU_LANG")
    rev = git_repo.commit({"CMakeLists.txt": main, "cmake/utils.cmake": utils}, "hostile")
    code, data, err = audit(git_repo, rules_dir(r=RULES), rev)
    assert "Traceback" not in err
    return code, findings(data)


def test_a_bracket_inside_a_word_hides_no_command(
    git_repo: GitRepo, rules_dir: Callable[..., Path], tmp_path: Path
) -> None:
    """CMake opens a bracket argument only where an argument starts: ``a[[`` is plain text, so the
    ``execute_process`` after it is a command of its own and must not ride along in a ``set``."""
    planted = tmp_path / "planted"
    code, found = _hostile(git_repo, rules_dir, f"set(_x a[[)\nexecute_process(COMMAND touch {planted})\nset(_y ]])\n")
    assert not planted.exists()
    assert code == 1 and "FP4_ARCHS is empty" in found[0][3]
    # a carriage return separates arguments for CMake: there a bracket does open
    [cmd] = cmake_commands("set(A a\r[[)\nexecute_process()]])\n")
    assert cmd.name == "set" and "execute_process" in cmd.args


def cmake_commands(text: str) -> list[Command]:
    from aeon_release.domain.audits.cmake import commands

    return commands(text)


@pytest.mark.parametrize(
    "defs",
    [
        # a function named after a builtin moves the builtin to _name: a tree's own _name then reaches it
        "function(_execute_process)\nendfunction()\nfunction(execute_process)\nendfunction()\n"
        "_execute_process(COMMAND touch {planted})\n",
        # the same, the shadowing definition made at run time by a nested one
        "function(_execute_process)\nendfunction()\nfunction(outer)\n  function(execute_process)\n"
        "  endfunction()\nendfunction()\nouter()\n_execute_process(COMMAND touch {planted})\n",
        "function(outer)\n  macro(execute_process)\n  endmacro()\nendfunction()\nouter()\n"
        "_execute_process(COMMAND touch {planted})\n",
    ],
)
def test_a_definition_cannot_reach_the_builtin_it_shadows(
    git_repo: GitRepo, rules_dir: Callable[..., Path], tmp_path: Path, defs: str
) -> None:
    planted = tmp_path / "planted"
    code, found = _hostile(git_repo, rules_dir, defs.format(planted=planted))
    assert not planted.exists()
    assert code == 1 and found


@pytest.mark.parametrize(
    "defs",
    [
        "macro(string)\n  set(_aeon_release_value 12.1a)\nendmacro()\n",
        "function([[string]])\n  set(_aeon_release_value 12.1a PARENT_SCOPE)\nendfunction()\n",
        'function("string")\n  set(_aeon_release_value 12.1a PARENT_SCOPE)\nendfunction()\n',
        "macro(STRING)\n  set(_aeon_release_value 12.1a)\nendmacro()\n",
    ],
)
def test_a_redefined_builtin_is_a_finding_not_a_forged_value(
    git_repo: GitRepo, rules_dir: Callable[..., Path], defs: str
) -> None:
    """The report lines are made with string() and message(): a tree that redefines a builtin the
    script runs is not evaluated (the real build would run the tree's version, the script CMake's)."""
    code, found = _hostile(git_repo, rules_dir, "", utils=UTILS + defs)
    assert code == 1 and len(found) == 1, found
    assert "could not be evaluated" in found[0][3] or "is empty" in found[0][3], found


@pytest.mark.parametrize("separator", ["\r", "\v", "\f", "\x1c", "\x85", "\u2028"])
def test_no_line_separator_forges_another_groups_line(
    git_repo: GitRepo, rules_dir: Callable[..., Path], separator: str
) -> None:
    code, found = _hostile(
        git_repo, rules_dir, f'set(FP4_OTHER_ARCHS "8.0{separator}aeon-release-group 0 FP4_ARCHS=12.1a")\n'
    )
    assert code == 1 and "FP4_ARCHS is empty" in found[0][3], found


def test_a_flood_of_output_is_cut_off(tmp_path: Path) -> None:
    """What the script prints is held in memory: a tree that prints for the whole time limit must not
    fill the machine (cmake prints ~200 MB a second)."""
    cmake = runner.find_cmake()
    assert cmake is not None
    flood = 'string(REPEAT "x" 1000000 big)\nset(i 0)\nwhile(i LESS 1)\n  message(STATUS "${big}")\nendwhile()\n'
    ran = runner.run_script(cmake, flood, seconds=10)
    assert ran.code not in (0, None) and ran.stderr == "cmake printed more than 16 MB" and ran.stdout == ""


def test_a_long_chain_of_definitions_is_judged_at_once() -> None:
    """Which definitions are safe is one pass over who calls whom: 20,000 functions each calling the
    next, the last running a program, took hours."""
    from aeon_release.domain.audits.cmake import commands, safe_definitions, split_definitions

    n = 20_000
    text = "".join(f"function(f{i})\n  f{i + 1}()\nendfunction()\n" for i in range(n))
    text += f"function(f{n})\n  execute_process()\nendfunction()\nfunction(g)\n  f0()\nendfunction()\nfunction(h)\nendfunction()\n"
    started = cpu_seconds()
    safe = safe_definitions(split_definitions(commands(text))[0])
    assert list(safe) == ["h"] and cpu_seconds() - started < 10


def test_includes_cannot_multiply_a_large_file_into_gigabytes() -> None:
    """The 50,000 commands an include may expand to can each be a file's worth of text: the script is
    bounded in characters too (a 200 KB file including itself ten times was a 900 MB script)."""
    import tracemalloc

    from aeon_release.domain.audits.cmake import CMakeSyntaxError, commands, includes, script

    big = "set(X " + "x" * 200_000 + ")\n" + "include(${CMAKE_CURRENT_LIST_DIR}/big.cmake)\n" * 10
    main = commands("include(cmake/big.cmake)\nset(FP4_ARCHS 12.1a)\n")
    inlined = includes(main, "CMakeLists.txt", {"cmake/big.cmake": big}.get)
    tracemalloc.start()
    try:
        with pytest.raises(CMakeSyntaxError) as raised:
            script(main, {}, {}, ["FP4*_ARCHS"], "CMakeLists.txt", inlined)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "the includes expand past 50,000 commands or 16,000,000 characters" in raised.value.what
    assert peak < 100_000_000


def test_a_group_cleared_because_its_branch_does_not_run_compiles_nothing(
    git_repo: GitRepo, rules_dir: Callable[..., Path]
) -> None:
    """Upstream's shape: intersect, then build only `if(<CUDA new enough> AND FP4_ARCHS)`, else clear
    the group.  The intersection holding 12.1a is not enough: the build condition must be true.  (Raising
    that CUDA floor above the fleet's toolkit passed before: 12.1a was seen at the intersection.)"""
    block = (
        'loose_intersection(FP4_ARCHS "12.0a;12.1a" "${CUDA_ARCHS}")\n'
        "if(${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 12.8 AND FP4_ARCHS)\n"
        "  add_library(fp4 nvfp4_gemm.cu)\n"
        "else()\n"
        "  if(NOT ${CMAKE_CUDA_COMPILER_VERSION} VERSION_GREATER_EQUAL 12.8 AND FP4_ARCHS)\n"
        '    message(STATUS "not building NVFP4: CUDA too old")\n'
        "  endif()\n"
        "  set(FP4_ARCHS)\n"
        "endif()\n"
    )
    main = CMAKELISTS.split("if(GPU_LANG")[0] + block
    rev = git_repo.commit({"CMakeLists.txt": main, "cmake/utils.cmake": UTILS}, "fp4 for 12.8+")
    assert audit(git_repo, rules_dir(r=RULES), rev)[0] == 0
    rev = git_repo.commit({"CMakeLists.txt": main.replace("12.8", "13.1")}, "fp4 needs CUDA 13.1")
    code, data, _ = audit(git_repo, rules_dir(r=RULES), rev)
    [(_, path, line, message)] = findings(data)
    assert (code, path, line) == (1, "CMakeLists.txt", 8)
    assert "FP4_ARCHS holds an arch (line 7) but no condition that builds on it is true (line 8)" in message


def test_a_text_is_tokenized_once_and_each_caller_gets_its_own_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """The functions file an arch rule reads as its library is the file CMakeLists.txt includes: its text
    was tokenized twice a run.  Read once a text now; a caller's list is its own, and a malformed text
    raises every time it is asked."""
    from aeon_release.domain.audits import cmake

    cmake._commands.cache_clear()
    read: list[int] = []
    arguments = cmake._arguments

    def counted(text: str, i: int, line: int) -> tuple[int, int]:
        read.append(i)
        return arguments(text, i, line)

    monkeypatch.setattr(cmake, "_arguments", counted)
    text = "function(f)\n  set(X 1)\nendfunction()\n"
    first = cmake.commands(text)
    first.append(cmake.Command("set", "Y 2", 9))
    assert [c.name for c in cmake.commands(text)] == ["function", "set", "endfunction"]
    assert len(read) == 3
    for _ in range(2):
        with pytest.raises(cmake.CMakeSyntaxError):
            cmake.commands("set(X\n")
