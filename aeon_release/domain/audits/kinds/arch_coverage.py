from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any

from aeon_release.adapters.yamlio import Where, string, tree_path, type_name
from aeon_release.domain.audits import cmake
from aeon_release.domain.audits.kinds.base import Context, Example, string_list
from aeon_release.domain.audits.model import Finding, Rule, Scope
from aeon_release.domain.audits.source import is_glob, select
from aeon_release.errors import quoted

_VERSION = re.compile(r"[0-9]{1,3}\.[0-9]{1,3}(\.[0-9]{1,4})?")


@dataclass(frozen=True)
class ArchCoverageOptions:
    arch_list: str
    cuda_version: str
    groups: tuple[str, ...]
    functions: tuple[str, ...]
    define: tuple[tuple[str, str], ...]


class ArchCoverage:
    """Kernel groups the build's CMake must still compile for the fleet's CUDA archs (its pure part, run by cmake -P).

    ``paths`` names the CMake file that sets the groups (``CMakeLists.txt``), ``functions`` the files
    whose functions it calls (``cmake/utils.cmake``), ``arch_list`` the archs the image is built for
    (as ``TORCH_CUDA_ARCH_LIST``), ``cuda_version`` the CUDA toolkit's version, ``groups`` patterns of
    the variables that hold a kernel's archs (``FP4*_ARCHS``: at least one variable each pattern
    matches must hold an arch), and ``define`` the variables the file's conditions read.  Only the
    pure part of the CMake runs (see ``domain.audits.cmake``): a tree's CMake never reads, writes or
    starts anything here.  A group that comes out empty is the silent fallback to a slower kernel.
    """

    name: str = "arch-coverage"
    scope: Scope = Scope.TREE
    required: tuple[str, ...] = ("arch_list", "cuda_version", "groups")
    optional: tuple[str, ...] = ("functions", "define")
    default_paths: tuple[str, ...] | None = None
    _rule = {
        "paths": ["CMakeLists.txt"],
        "functions": ["cmake/archs.cmake"],
        "arch_list": "10.3a",
        "cuda_version": "12.8",
        "groups": ["FP4*_ARCHS"],
        "define": {"GPU_LANG": "CUDA"},
    }
    _lib = (
        "function(intersect OUT SRC TGT)\n  set(_out)\n  foreach(_a ${TGT})\n"
        "    if(_a IN_LIST SRC)\n      list(APPEND _out ${_a})\n    endif()\n  endforeach()\n"
        "  set(${OUT} ${_out} PARENT_SCOPE)\nendfunction()\n"
    )
    _main = (
        "find_package(Toolkit REQUIRED)\n"
        'string(REGEX MATCHALL "code=sm_[0-9]+a" _codes "${CMAKE_CUDA_FLAGS}")\n'
        "set(CUDA_ARCHS)\n"
        "foreach(_c ${_codes})\n"
        '  string(REGEX REPLACE "code=sm_([0-9]+)([0-9]a)" "\\\\1.\\\\2" _v ${_c})\n'
        "  list(APPEND CUDA_ARCHS ${_v})\nendforeach()\n"
        'if(GPU_LANG STREQUAL "CUDA")\n'
        '  intersect(FP4_ARCHS "9.0a;10.0a;10.3a" "${CUDA_ARCHS}")\n'
        "endif()\n"
    )
    valid: tuple[Example, ...] = (Example({"CMakeLists.txt": _main, "cmake/archs.cmake": _lib}, _rule),)
    invalid: tuple[Example, ...] = (
        Example(
            {"CMakeLists.txt": _main.replace("10.0a;10.3a", "10.0a"), "cmake/archs.cmake": _lib},
            _rule,
            (("CMakeLists.txt", 9),),
        ),
        Example(
            {"CMakeLists.txt": _main.replace("FP4_ARCHS", "MXFP4_SM100"), "cmake/archs.cmake": _lib},
            _rule,
            (("CMakeLists.txt", 0),),
        ),
    )

    def parse(self, data: Mapping[str, Any], where: Where) -> ArchCoverageOptions:
        arch_list = string(data["arch_list"], where.key("arch_list"))
        try:
            cmake.gencode_flags(arch_list)
        except ValueError as exc:
            raise where.key("arch_list").fail(str(exc), "write it as TORCH_CUDA_ARCH_LIST is: 10.3a;9.0a") from None
        version = string(data["cuda_version"], where.key("cuda_version"), _VERSION, "a version such as 13.0")
        groups = string_list(data["groups"], where.key("groups"))
        for i, group in enumerate(groups):
            string(group, where.key("groups").index(i), _GROUP, "a variable name, * and ? allowed: FP4*_ARCHS")
        functions: tuple[str, ...] = ()
        if data.get("functions") is not None:
            listed = string_list(data["functions"], where.key("functions"))
            functions = tuple(tree_path(path, where.key("functions").index(i)) for i, path in enumerate(listed))
        return ArchCoverageOptions(
            arch_list, version, groups, functions, _defines(data.get("define"), where.key("define"))
        )

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        opts: ArchCoverageOptions = rule.options
        library: list[cmake.Definition] = []
        for path in opts.functions:
            text = ctx.cache.text(path)
            if text is None:
                yield rule.finding(path, 0, _absent(ctx, path))
                return
            try:
                library += cmake.split_definitions(cmake.commands(text))[0]
            except cmake.CMakeSyntaxError as exc:
                yield rule.finding(path, exc.line, f"cannot parse {path}: {exc.what}")
                return
        for pattern in rule.paths:
            for path in select(ctx.files, (pattern,), rule.exclude) if is_glob(pattern) else (pattern,):
                yield from _check_file(rule, ctx, opts, path, library)


_GROUP = re.compile(r"[A-Za-z0-9_*?]+")
_DEFINE_CHARS = 64 * 1024


def _defines(node: Any, where: Where) -> tuple[tuple[str, str], ...]:
    if node is None:
        return ()
    if not isinstance(node, Mapping):
        raise where.fail(f"expected a mapping of variable names to values, got {type_name(node)}")
    out = []
    for key, value in node.items():
        if not isinstance(key, str) or not cmake.NAME.fullmatch(key):
            raise where.fail(f"{quoted(key)} is not a CMake variable name", "letters, digits and _")
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise where.key(key).fail(f"expected a string, got {type_name(value)}")
        if len(str(value)) > _DEFINE_CHARS:  # cmake reads a long value in quadratic time: 7 MB ran past its limit
            raise where.key(key).fail(
                f"{len(str(value)):,} characters, more than the {_DEFINE_CHARS:,} a value may hold",
                "what a build's condition reads is a word or a short list",
            )
        out.append((key, str(value)))
    return tuple(out)


def _check_file(
    rule: Rule, ctx: Context, opts: ArchCoverageOptions, path: str, library: list[cmake.Definition]
) -> Iterator[Finding]:
    text = ctx.cache.text(path)
    if text is None:
        yield rule.finding(path, 0, _absent(ctx, path))
        return
    try:
        run = cmake.evaluate(
            path, cmake.commands(text), library, opts.arch_list, opts.cuda_version, dict(opts.define), opts.groups,
            read=ctx.cache.text,  # the .cmake files it includes run in place, and count as read
        )  # fmt: skip
    except cmake.CMakeSyntaxError as exc:
        yield rule.finding(path, exc.line, f"cannot parse {path} or a file it includes: {exc.what}")
        return
    assigned = run.assigned
    unguarded = [g for g in opts.groups if not any(fnmatchcase(name, g) for name in assigned)]
    for group in unguarded:
        yield rule.finding(path, 0, f"no variable matching {group} is set in {path}: the rule guards nothing")
    if len(unguarded) == len(opts.groups):
        return
    if run.problem is not None:
        ctx.cache.unkeyed |= run.this_machine  # installing cmake, or a quieter machine, must find no remembered answer
        said = "could not be checked" if run.problem.startswith("cmake is not installed") else "could not be evaluated"
        yield rule.finding(path, 0, f"{said}: {run.problem}")
        return
    where = f"{opts.arch_list} with CUDA {opts.cuda_version}"
    for group in opts.groups:
        names = [name for name in assigned if fnmatchcase(name, group)]
        if names and not any(run.holding(name) for name in names):
            (where_set, line), said = _why_empty(run, names, path)
            yield rule.finding(where_set, line, f"no {group} group compiles for {where}: {said}")


def _why_empty(run: cmake.Evaluation, names: list[str], path: str) -> tuple[cmake.Place, str]:
    """Where and why a group's variables end up holding no arch: set to one under a condition that is
    false (a CUDA version check), emptied, or never set."""
    reached = sorted((place, name) for name in names for place, _ in run.seen.get(name, ()))
    held = sorted(
        (place, name)
        for name in names
        if name in run.tested
        for place, value in run.seen.get(name, ())
        if cmake.holds_arch(value)
    )
    if held:  # set to an arch, but the branch that compiles it did not run (a CUDA version check)
        set_at, name = held[-1]
        tests = run.tested[name]
        at = next((p for p in tests if p[0] == set_at[0] and p[1] > set_at[1]), tests[0])
        return at, (
            f"{name} holds an arch ({_at(set_at, path)}) but no condition that builds on it is true"
            f" ({', '.join(_at(p, path) for p in tests[:3])})"
        )
    if reached:
        return reached[-1][0], ", ".join(f"{name} is empty ({_at(place, path)})" for place, name in reached[-3:])
    at = min(place for name in names for place in run.assigned[name])
    return at, f"{', '.join(names[:3])} {'is' if len(names) == 1 else 'are'} never set (no branch that sets it runs)"


def _absent(ctx: Context, path: str) -> str:
    """Why a file the rule names has no text: not in the tree, or left unread (over the size cap, a link)."""
    why = ctx.cache.tree.skipped().get(path)
    return f"{path} was not read: {why}" if why else f"{path} does not exist in the tree"


def _at(place: cmake.Place, path: str) -> str:
    return f"line {place[1]}" if place[0] == path else f"{place[0]}:{place[1]}"
