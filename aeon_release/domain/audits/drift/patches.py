"""Dead patches: a fork-owned assignment replaces a module's function that upstream no longer calls.

A fork that carries a change without editing upstream's file patches it at import time (a plugin, a
``sitecustomize``): ``base.compute_helper = aeon_compute_helper``.  The module calls its function by
its bare name (``compute_helper(x)``), and the patch swaps what that name finds.  When upstream stops
calling the function (it calls a new one, inlines it, and leaves the old definition in place), the
merge is clean, the patch still runs, and the code it replaced never runs again: neither does the
fork's.

A patch went dead when a line upstream's diff removed calls the function by its bare name in the
module that defines it, no line upstream added calls it (bare or ``.name``), no Python file of
upstream's tree outside its tests calls or reads it any more, the fork's own added lines do not call
it, and the patch's receiver names that module (``base.`` or ``m.base.`` for ``m/base.py``).  A
patch of a class's method (``Runner.step = mine``) is a store of an attribute: dead knobs
(drift/knobs.py) follow those.  An error: the fork line depends on the call by name, and upstream's tree
names the function nowhere else (a caller no text search sees, a ``getattr`` of a computed name, is
rarer than a patch that silently stopped working).

Cheap first: the fork's added lines give the patched names (a text scan); then upstream's diffs
(one generic pattern over each changed line, the names kept by set membership); one ``git grep``
at upstream for what remains; only the fork files that patch one are parsed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from aeon_release.adapters import git as repo
from aeon_release.domain.audits.diffs import PYTHON_FILES, TEST_FOLDERS
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

# ``mod.sub.name = value`` at the start of a statement: a patch of a module's (or class's) member
_PATCH = lazy_pattern(r"^[ \t]*((?:[A-Za-z_]\w*\.)+)([A-Za-z_]\w{3,})[ \t]*=(?!=)")
# a call by bare name, ``name(`` not after a dot or a word character (``obj.name(``, ``def name(``
# and ``mkname(`` are not)
_BARE_CALL = lazy_pattern(r"(?<![\w.])([A-Za-z_]\w{3,})\s*\(")
_DOT_USE = lazy_pattern(r"\.([A-Za-z_]\w{3,})\b")
_DEF = lazy_pattern(r"^\s*(?:async\s+)?def\s")


def dead_patches(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    patched = _fork_patches(trees)
    if not patched:
        return []
    dropped = _uncalled_upstream(trees, patched)
    if not dropped:
        return []
    served = [PYTHON_FILES, *(f":(exclude){folder}/" for folder in sorted(TEST_FOLDERS))]
    lines = repo.lines_containing(trees.repo, trees.theirs, sorted(dropped), served)
    for line in lines:
        code = line.split("#", 1)[0]
        if _DEF.match(code):
            continue
        for name in {m.group(1) for m in _BARE_CALL.finditer(code)} | {m.group(1) for m in _DOT_USE.finditer(code)}:
            dropped.pop(name, None)  # still called, or read off its module
    return [
        _finding(trees, path, line, shown, name, dropped[name], pr_pattern)
        for path, line, shown, name in _patches(trees, dropped)
    ]


def _fork_patches(trees: ThreeTrees) -> set[str]:
    """Names the fork's added lines assign as a dotted target, less those its added lines call."""
    patched: set[str] = set()
    called: set[str] = set()
    for path in trees.mine:
        if not path.endswith(".py"):
            continue
        for text in trees.mine[path].added.values():
            code = text.split("#", 1)[0]
            if _DEF.match(code):
                continue  # the fork's own ``def name(`` calls nothing
            match = _PATCH.match(code)
            if match is not None:
                patched.add(match.group(2))
                code = code[match.end() :]
            called.update(m.group(1) for m in _BARE_CALL.finditer(code))
            called.update(m.group(1) for m in _DOT_USE.finditer(code))
    return patched - called


def _uncalled_upstream(trees: ThreeTrees, names: set[str]) -> dict[str, str]:
    """name -> the module (path) whose diff removed a bare call of it and that still defines it at
    upstream's side, when no line upstream added calls or reads it."""
    removed_in: dict[str, str] = {}
    still: set[str] = set()
    for path in sorted(trees.upstream):
        if not path.endswith(".py") or path.split("/", 1)[0] in TEST_FOLDERS:
            continue
        raw = trees.upstream.raw(path)
        if not any(name in raw for name in names):
            continue
        for line in raw.split("\n"):
            if not line.startswith(("+", "-")) or line.startswith(("+++ ", "--- ")):
                continue
            code = line[1:].split("#", 1)[0]
            if _DEF.match(code):
                continue
            calls = {m.group(1) for m in _BARE_CALL.finditer(code)} & names
            if line[0] == "+":
                still |= calls | ({m.group(1) for m in _DOT_USE.finditer(code)} & names)
            else:
                for name in calls:
                    removed_in.setdefault(name, path)
    candidates = {n: p for n, p in removed_in.items() if n not in still}
    texts = trees.blobs(trees.theirs, sorted(set(candidates.values())))
    return {
        name: path
        for name, path in candidates.items()
        if re.search(rf"^(?:async\s+)?def\s+{re.escape(name)}\s*\(", texts.get(path) or "", re.M)
    }


def _patches(trees: ThreeTrees, dropped: dict[str, str]) -> Iterator[tuple[str, int, str, str]]:
    """(path, line, the patch as shown, name) of each fork-owned assignment of a dropped function
    whose receiver names the function's module (its last component: ``base`` of ``m/base.py``)."""
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        if not any((m := _PATCH.match(t)) and m.group(2) in dropped for t in trees.mine[path].added.values()):
            continue
        module = trees.merged_module(path)
        owned = trees.owned_lines(path) if module is not None else set()
        for node in ast.walk(module) if module is not None and owned else ():
            if not isinstance(node, ast.Assign) or node.lineno not in owned:
                continue
            for target in node.targets:
                if not isinstance(target, ast.Attribute) or target.attr not in dropped:
                    continue
                receiver = ast.unparse(target.value)
                stem = dropped[target.attr].rsplit("/", 1)[-1].removesuffix(".py")
                if receiver.rsplit(".", 1)[-1] == stem:
                    yield path, node.lineno, f"{receiver}.{target.attr} = ...", target.attr


def _finding(trees: ThreeTrees, path: str, line: int, shown: str, name: str, where: str, pr_pattern: str) -> Finding:
    call = re.compile(rf"(?<![\w.]){re.escape(name)}\s*\(")
    git = repo.Git(trees.repo)

    def removes(commit: repo.Commit) -> bool:
        return any(
            call.search(text.split("#", 1)[0]) and not _DEF.match(text) for text in git.removed_lines(commit.sha, where)
        )

    commit = trees.upstream_commit(where, rf"(^|[^A-Za-z0-9_.]){re.escape(name)} *\(", pr_pattern, removes, most=5)
    message = (
        f"fork-owned patch {shown} replaces {name}(), which upstream's code no longer calls anywhere: its last "
        f"call went from {where}{commit}; the patch silently never runs now: patch what upstream calls "
        "instead, or drop the carry"
    )
    return Finding(RULE, "merge", Severity.ERROR, path, line, message)
