"""Real upstream commits that move, branch or drop an assignment in a function, replayed under a fork read.

A carry reads what its function set a few lines above it (``budget = self.max_tokens * 2`` under
``self.max_tokens = cfg.max_tokens``).  When upstream moves that assignment below the fork's line,
puts it into one branch of an ``if``, or drops a local, git keeps the fork's line where it was: the
merge is clean and the function fails (UnboundLocalError, NameError, AttributeError) or reads a stale
value, on the fork's path only.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` since ``--since`` finds the commits K
whose diff removes an assignment line (``x = ...``, ``self.x = ...``).  Both versions of the file
are parsed with ``ast`` here, independently of the engine.  In a function of both versions, a
statement S of the function's own body (not nested) that an unconditional assignment of x in that
body precedes at K^, and that K keeps as it was with the line after it, is a case when at K:
- moved: every assignment of x in the function comes after S;
- branched: no assignment of x in the function's own body comes before S, one inside an ``if``
  block before S does;
- dropped: a local x that the function assigns nowhere and the module does not define.
The fork (ours, on K^) adds one line after S reading x (``aeon_seen = x  # AEON carry``); base = K^,
theirs = K.  Caught: a merge/read-before-set finding on that line.

Precision (twins): in the same commits, a statement S2 of the function's own body that an
unconditional assignment of x precedes in both versions (the assignment still reaches it), under
the same fork line; any finding on its line is a false one.

  PYTHONPATH=. python benchmarks/read_before_set_replay.py [--since 2025-06-01] [--limit 40] [--mirror DIR]
"""

from __future__ import annotations

import ast
import builtins
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from threeway import carried_findings_by_line, clone, first_parent_lines, git, replay_args, show

from aeon_release.domain.audits.merge_rules import MERGE_RULES, NEAR_MISS

RULE = "merge/read-before-set"
RULES = {r.id for r in MERGE_RULES} - {NEAR_MISS}
_ASSIGNED = re.compile(r"^\s*((?:self\.)?[A-Za-z_]\w*)\s*(?::[^=]*)?=(?!=)")
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class Case:
    sha: str
    path: str
    qual: str
    target: str
    kind: str  # moved, branched, dropped, or twin
    after: int  # the line of K^ the fork's read goes under (S's last line)
    indent: str


def _functions(tree: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    out: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, _FUNCS):
                out.setdefault(prefix + node.name, node)
                walk(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.ClassDef):
                walk(node.body, f"{prefix}{node.name}.")

    walk(tree.body, "")
    return out


def _plain_set(stmt: ast.stmt, target: str) -> bool:
    """An assignment statement with a value that binds ``target`` (alone, or in a tuple of targets)."""
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        targets = [stmt.target]
    else:
        return False
    return any(
        isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Store) and ast.unparse(n) == target
        for t in targets
        for n in ast.walk(t)
    )


def _stores(func: ast.FunctionDef | ast.AsyncFunctionDef, target: str) -> list[int]:
    """Lines storing ``target`` anywhere in the function (nested defs too: a coarse, safe count)."""
    return [
        node.lineno
        for node in ast.walk(func)
        if isinstance(node, (ast.Name, ast.Attribute))
        and isinstance(node.ctx, ast.Store)
        and ast.unparse(node) == target
    ]


def _nested_in_if(func: ast.FunctionDef | ast.AsyncFunctionDef, target: str, before: int) -> bool:
    """An assignment of ``target`` inside an ``if`` of the function's own body, above line ``before``,
    and an ``if`` there whose branches do not all assign it (or leave the function) first."""
    ifs = [s for s in func.body if isinstance(s, ast.If) and (s.end_lineno or s.lineno) < before]
    nested = any(_plain_set(n, target) for s in ifs for n in ast.walk(s) if isinstance(n, ast.stmt))
    return nested and not any(_every_branch_sets(s, target) for s in ifs)


def _every_branch_sets(stmt: ast.If, target: str) -> bool:
    """Python's reading: each branch of the ``if``/``elif``/``else`` chain assigns it in its own body, or
    returns or raises; no ``else`` is a path that assigns nothing."""

    def settles(block: list[ast.stmt]) -> bool:
        return any(
            _plain_set(s, target)
            or isinstance(s, (ast.Return, ast.Raise))
            or (isinstance(s, ast.If) and _every_branch_sets(s, target))
            for s in block
        )

    return bool(stmt.orelse) and settles(stmt.body) and settles(stmt.orelse)


def _module_defines(tree: ast.Module, name: str) -> bool:
    return name in dir(builtins) or any(
        (isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id == name)
        or (isinstance(n, (*_FUNCS, ast.ClassDef)) and n.name == name)
        or (isinstance(n, ast.arg) and n.arg == name)
        or (
            isinstance(n, (ast.Import, ast.ImportFrom))
            and any((a.asname or a.name).split(".")[0] == name for a in n.names)
        )
        for n in ast.walk(tree)
    )


def _kept(old_lines: list[str], new_text: str, stmt: ast.stmt) -> bool:
    """S's text and the line after it stand together, unchanged, at K: the fork's line merges cleanly there."""
    end = stmt.end_lineno or stmt.lineno
    if end >= len(old_lines):
        return False
    window = "\n".join(old_lines[stmt.lineno - 1 : end + 1])
    return bool(old_lines[end].strip()) and window in new_text


def _cases_in(sha: str, path: str, targets: set[str], old: str, new: str) -> Iterator[Case]:
    try:
        old_tree, new_tree = ast.parse(old), ast.parse(new)
    except SyntaxError:
        return
    old_lines = old.splitlines()
    old_funcs, new_funcs = _functions(old_tree), _functions(new_tree)
    for qual in sorted(old_funcs.keys() & new_funcs.keys()):
        before, after = old_funcs[qual], new_funcs[qual]
        method = before.args.args and before.args.args[0].arg == "self"
        for target in sorted(targets):
            if target.startswith("self.") and not method:
                continue
            yield from _cases_of(sha, path, qual, target, before, after, old_lines, new, new_tree)


def _cases_of(
    sha: str,
    path: str,
    qual: str,
    target: str,
    before: ast.FunctionDef | ast.AsyncFunctionDef,
    after: ast.FunctionDef | ast.AsyncFunctionDef,
    old_lines: list[str],
    new: str,
    new_tree: ast.Module,
) -> Iterator[Case]:
    first = next((i for i, s in enumerate(before.body) if _plain_set(s, target)), None)
    if first is None:
        return
    twins = {ast.dump(s): s for s in after.body}
    stores = _stores(after, target)
    found_case = found_twin = False
    for stmt in before.body[first + 1 :]:
        twin = twins.get(ast.dump(stmt))
        if twin is None or not _kept(old_lines, new, stmt) or target in {ast.unparse(n) for n in _loads(stmt)}:
            continue  # changed at K, or S reads it itself (upstream's own line would fail: not a fork's case)
        if any(_plain_set(s, target) for s in after.body if s.lineno < twin.lineno):
            kind = "twin"
        elif stores and min(stores) > (twin.end_lineno or twin.lineno):
            kind = "moved"
        elif _nested_in_if(after, target, twin.lineno):
            kind = "branched"
        elif not stores and "." not in target and not _module_defines(new_tree, target):
            kind = "dropped"
        else:
            continue
        if (kind == "twin" and found_twin) or (kind != "twin" and found_case):
            continue
        found_twin |= kind == "twin"
        found_case |= kind != "twin"
        indent = old_lines[stmt.lineno - 1][
            : len(old_lines[stmt.lineno - 1]) - len(old_lines[stmt.lineno - 1].lstrip())
        ]
        yield Case(sha, path, qual, target, kind, stmt.end_lineno or stmt.lineno, indent)
        if found_case and found_twin:
            return


def _loads(stmt: ast.stmt) -> list[ast.expr]:
    return [n for n in ast.walk(stmt) if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load)]


def cases(mirror: Path, since: str, limit: int) -> list[Case]:
    """Up to ``limit`` moved-or-branched cases, ``limit`` dropped ones, and the twins of the same commits."""
    out: list[Case] = []
    for sha, lines in first_parent_lines(mirror, since):
        removed: dict[str, set[str]] = {}
        for path, sign, code in lines:
            match = _ASSIGNED.match(code) if sign < 0 else None
            if match:
                removed.setdefault(path, set()).add(match.group(1))
        for path, targets in sorted(removed.items()):
            old, new = show(mirror, f"{sha}^", path), show(mirror, sha, path)
            if old is None or new is None:
                continue
            dropped = sum(c.kind == "dropped" for c in out)
            out += [c for c in _cases_in(sha, path, targets, old, new) if c.kind != "dropped" or dropped < limit]
        if sum(c.kind in ("moved", "branched") for c in out) >= limit:
            break
    return out


def _carry(mirror: Path, case: Case) -> str:
    lines = (show(mirror, f"{case.sha}^", case.path) or "").splitlines(keepends=True)
    line = f"{case.indent}aeon_seen = {case.target}  # AEON carry: read what the function set above\n"
    return "".join([*lines[: case.after], line, *lines[case.after :]])


def main() -> None:
    args = replay_args(__doc__, 40, "2025-06-01", "moved, branched or dropped cases").parse_args()
    started = time.perf_counter()
    found = cases(args.mirror, args.since, args.limit)
    counts: dict[str, list[int]] = {}
    before: dict[str, int] = {}  # cases another rule already called an error
    conflicts = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for case in found:
            # the fork's one added line is the only line the rule can name (it reports fork-owned reads)
            by_line = carried_findings_by_line(repo, case.sha, case.path, _carry(args.mirror, case), RULES)
            if by_line is None:
                conflicts += 1
                continue
            hits = [f for found in by_line.values() for f in found if f.rule_id == RULE]
            others = [
                f for found in by_line.values() for f in found if f.rule_id != RULE and f.severity.value == "error"
            ]
            if case.kind != "twin" and others:
                before[case.kind] = before.get(case.kind, 0) + 1
            tally = counts.setdefault(case.kind, [0, 0])
            tally[0] += bool(hits)
            tally[1] += 1
            good = bool(hits) != (case.kind == "twin")
            verdict = ("caught" if hits else "MISSED") if case.kind != "twin" else ("silent" if not hits else "FALSE ")
            subject = git(args.mirror, "log", "-1", "--format=%s", case.sha)[:60]
            print(f"  {verdict} {case.kind:8} {case.sha[:10]} {case.path}:{case.qual} {case.target} | {subject}")
            for f in hits if not good or case.kind != "twin" else []:
                print(f"      {f.severity.value}: {f.message[:200]}")
    for kind in ("moved", "branched", "dropped"):
        hit, total = counts.get(kind, [0, 0])
        print(f"{kind}: {hit}/{total} caught ({before.get(kind, 0)} with an error of another rule in the file)")
    false, twins = counts.get("twin", [0, 0])
    print(f"twins (the assignment still reaches the fork's line): {false}/{twins} with a false finding")
    print(f"merges that conflicted (not counted): {conflicts}; {time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
