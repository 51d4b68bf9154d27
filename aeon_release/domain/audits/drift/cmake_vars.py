"""CMake variable drift: a fork's CMake line reads a variable that upstream's CMake no longer sets.

A build's CMake hands values from one command to the next through variables: a kernel group
(``cuda_archs_loose_intersection(FP4_ARCHS "12.0f" "${CUDA_ARCHS}")``), a list of sources, a flag.  A
variable nothing sets reads as empty, and no CMake command complains: when upstream renames one (#45277
split ``FP4_ARCHS`` into one group per GPU major, each named after its major) and updates its own lines,
git merges the fork's line that still reads the old name, and that line now builds the fork's kernel for
no arch, or takes the other branch of its ``if()``.  The build succeeds; the kernel is not there.

No rule is needed.  A variable counts when a line the fork added to a CMake file reads it (``${NAME}``,
or a bare name in a condition: ``if(NAME)``, ``IN_LIST NAME``), the merge base's CMake set it (``set``,
``list(APPEND ...)``, or a command's first argument: a function's out-variable) on a line upstream took
out, no CMake file of upstream's tree names it any more, and the fork's own lines do not set it.  Then
the fork line is an error: the variable it reads is empty after the merge, whatever it held before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import upstream_changed
from aeon_release.domain.audits.drift.arch_lists import is_cmake
from aeon_release.domain.audits.drift.sides import Changes, ThreeTrees, parse_changes, whole_word
from aeon_release.domain.audits.merge_rules import NAME_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

_CMAKE_FILES = (":(glob)**/CMakeLists.txt", ":(glob)**/*.cmake")
_READ = lazy_pattern(r"\$\{([A-Za-z_]\w*)\}")  # ${NAME}
_CONDITION = lazy_pattern(r"^\s*(?:if|elseif|while)\s*\((.*)\)\s*(?:#.*)?$", re.I)
_BARE = lazy_pattern(r"(?<![\w${\"])([A-Za-z_]\w*)(?![\w}\"(])")
_QUOTED = lazy_pattern(r'"(?:[^"\\]|\\.)*"')
# ``set(NAME``, ``list(APPEND NAME``, ``any_function(NAME``: the commands that write a variable name first
_SETS = lazy_pattern(
    r"\b(\w+)\(\s*(?:(?:APPEND|PREPEND|INSERT|REMOVE_ITEM|REMOVE_AT|REMOVE_DUPLICATES|FILTER|TRANSFORM|SORT|REVERSE)\s+)?"
    r"([A-Za-z_]\w*)(?=[\s)])",
    re.I,
)
_NOT_SETTERS = frozenset({"if", "elseif", "while", "foreach", "message", "endif", "else", "endforeach", "endwhile"})
_MOST_NAMES = 16  # variables checked a merge at most: a fork's CMake carry reads a handful


def cmake_variable_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    fork_paths = [p for p in trees.mine if is_cmake(p) and trees.mine[p].added]
    if not fork_paths:
        return []
    reads = list(_fork_reads(trees, fork_paths))
    if not reads:
        return []
    theirs = _upstream_cmake_changes(trees)
    if theirs is None:
        return []
    fork_sets = {name for path in fork_paths for text in trees.mine[path].added.values() for name in _set_names(text)}
    dropped = _unset_names(trees, theirs, {name for _, _, name in reads} - fork_sets)
    findings = []
    for path, line, name in reads:
        if name in dropped:
            findings.append(_finding(trees, path, line, name, dropped[name], pr_pattern))
    return findings


def _fork_reads(trees: ThreeTrees, paths: list[str]) -> Iterator[tuple[str, int, str]]:
    """(path, merged line, variable) of each variable a fork-added CMake line reads."""
    for path in paths:
        owned = _owned(trees, path)
        for line, text in trees.mine[path].added.items():
            merged = owned.get(line)
            if merged is None:
                continue
            for name in dict.fromkeys(variables_read(text)):
                yield path, merged, name


def _owned(trees: ThreeTrees, path: str) -> dict[int, int]:
    """The fork's added lines (numbered in its version) -> the merged file's line."""
    if trees.merged_text(path) is None:
        return {}
    mapping = trees.to_merged(trees.ours, path)
    return {n: mapping[n] for n in trees.mine[path].added if n in mapping}


def variables_read(text: str) -> list[str]:
    """The variables one CMake line reads: every ``${NAME}``, and the bare names of an ``if()``,
    ``elseif()`` or ``while()`` condition (a bare word there is a variable unless it is a keyword; the
    keywords are never set by the base, so they drop out where the base's sets are compared)."""
    code = text.split("#", 1)[0] if '"' not in text else text
    names = _READ.findall(code)
    condition = _CONDITION.match(code)
    if condition:
        names += _BARE.findall(_QUOTED.sub(" ", condition.group(1)))
    return names


def _set_names(text: str) -> set[str]:
    return {m.group(2) for m in _SETS.finditer(text.split("#", 1)[0]) if m.group(1).lower() not in _NOT_SETTERS}


def _upstream_cmake_changes(trees: ThreeTrees) -> Changes | None:
    paths = [p for p in upstream_changed(trees.repo, trees.base, trees.theirs) if is_cmake(p)]
    if not paths:
        return None
    diff = repo.diff_zero_context(trees.repo, trees.base, trees.theirs, [f":(literal){p}" for p in paths])
    return parse_changes(diff)


def _unset_names(trees: ThreeTrees, theirs: Changes, names: set[str]) -> dict[str, tuple[str, list[str]]]:
    """Of ``names``, those the base set on a line upstream removed and upstream's CMake no longer names:
    name -> (the file upstream changed, the variables upstream's lines set in those hunks instead)."""
    unset = _removed_sets(theirs)
    found: dict[str, tuple[str, list[str]]] = {}
    for name in sorted(names & unset.keys())[:_MOST_NAMES]:
        if repo.word_lines(trees.repo, trees.theirs, name, _CMAKE_FILES):
            continue  # still set or read somewhere in upstream's CMake
        path, instead = unset[name]
        found[name] = path, [n for n in instead if n != name and _alike(name, n)]
    return found


def _removed_sets(theirs: Changes) -> dict[str, tuple[str, list[str]]]:
    """Each variable a line upstream removed set -> (its file, the variables the same hunks' added lines set)."""
    found: dict[str, tuple[str, list[str]]] = {}
    for path, change in theirs.items():
        for _, _, added, removed, _ in change.hunks:
            gone = {n for text in removed for n in _set_names(text)}
            if not gone:
                continue
            instead = [n for text in added for n in sorted(_set_names(text))]
            for name in gone:
                was = found.setdefault(name, (path, []))
                if was[0] == path:
                    was[1].extend(n for n in instead if n not in was[1])
    return found


def _alike(old: str, new: str) -> bool:
    """A renamed group keeps a word of the old name (``FP4_ARCHS`` -> ``FP4_<MAJOR>_ARCHS``)."""
    words = {w for w in old.split("_") if len(w) > 1}
    return bool(words & {w for w in new.split("_") if len(w) > 1})


def _finding(
    trees: ThreeTrees, path: str, line: int, name: str, where: tuple[str, list[str]], pr_pattern: str
) -> Finding:
    changed, instead = where
    commit = trees.upstream_commit(changed, whole_word(name), pr_pattern)
    now = f"; upstream's lines set {', '.join(instead)} in its place" if instead else ""
    return Finding(
        RULE,
        "merge",
        Severity.ERROR,
        path,
        line,
        f"fork-owned CMake reads {name}, which upstream's CMake no longer sets anywhere (its {changed} "
        f"stopped setting it{commit}){now}: after the merge {name} is empty, and what the fork's line "
        f"builds or tests gets no value; read the variable upstream sets now, or set {name} in the fork's CMake",
    )
