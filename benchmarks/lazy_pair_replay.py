"""Real upstream commits that move a class a lazy registry names by ``("module", "Name")``, under a fork entry.

vLLM's model registry (and others like it) keeps each architecture as two strings, a module beside the
registry and a class in it, imported when the architecture is first loaded.  A fork carries its own
entry naming upstream's class (an alias for an architecture it serves).  When upstream moves the
class to another module, renames it or deletes the module, and updates its own entries, the fork's
entry merges as it was and fails at load time only.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` since ``--since`` finds the commits K
whose diff removes a line holding a pair of identifier strings ``("m", "N")`` where, at K^, the file
``m.py`` (or ``m/__init__.py``) beside the line's file defines ``N`` at its top level, and at K it is
gone or no longer defines ``N`` (read with ``ast`` here, independently of the engine; a module with a
``__getattr__`` is skipped).  The fork (ours, on K^) appends one entry to that file
(``_AEON_ALIASES = {"AeonAlias": ("m", "N")}``); base = K^, theirs = K.  Caught: a merge/symbol-drift
finding on that line.

Precision (twins): the same entry naming a pair of that file that still resolves at K, preferring one
whose module K changed (the check reads only those); any finding on its line is a false one.

  PYTHONPATH=. python benchmarks/lazy_pair_replay.py [--since 2024-01-01] [--limit 60] [--mirror DIR]
"""

from __future__ import annotations

import ast
import posixpath
import re
import sys
import tempfile
import time
from pathlib import Path

from threeway import carried_findings_by_line, clone, first_parent_lines, git, replay_args, show

RULE = "merge/symbol-drift"
_PAIR = re.compile(r"""\(\s*(["'])([A-Za-z_][\w.]*)\1\s*,\s*(["'])([A-Za-z_]\w*)\3\s*,?\s*\)""")
CARRY = '\n\n_AEON_ALIASES = {{"AeonAlias": ("{module}", "{name}")}}  # AEON carry: an architecture the fleet serves\n'


def _defines(mirror: Path, rev: str, own: str, module: str, name: str, cache: dict) -> bool | None:
    """Whether ``module`` beside the file ``own`` defines ``name`` at ``rev`` (None: no such module, ``own``
    itself, or one that answers any name)."""
    folder = posixpath.dirname(own)
    stem = posixpath.join(folder, *module.split("."))
    for path in (stem + ".py", stem + "/__init__.py"):
        if path == own:
            return None  # a file naming itself names an outside package of that name
        key = (rev, path)
        if key not in cache:
            text = show(mirror, rev, path)
            cache[key] = _top_level(text) if text is not None else None
        if cache[key] is not None:
            names = cache[key]
            return None if "__getattr__" in names else name in names
    return None


def _top_level(text: str) -> set[str] | None:
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.col_offset == 0:
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)) and node.col_offset == 0:
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.Assign) and node.col_offset == 0:
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def cases(mirror: Path, since: str, limit: int) -> list[tuple[str, str, tuple[str, str], tuple[str, str] | None]]:
    """(K, file, a pair K broke, a pair of that file K left resolving or None)."""
    out = []
    cache: dict = {}
    for sha, lines in first_parent_lines(mirror, since):
        removed: dict[str, set[tuple[str, str]]] = {}
        for path, sign, code in lines:
            if sign < 0:
                removed.setdefault(path, set()).update((m.group(2), m.group(4)) for m in _PAIR.finditer(code))
        for path, pairs in sorted(removed.items()):
            broken = [
                p
                for p in sorted(pairs)
                if _defines(mirror, f"{sha}^", path, *p, cache) and _defines(mirror, sha, path, *p, cache) is not True
            ]
            if not broken:
                continue
            touched = {p.rsplit("/", 1)[-1].removesuffix(".py") for p, _, _ in lines}
            old = show(mirror, f"{sha}^", path) or ""
            kept = [
                p
                for p in sorted({(m.group(2), m.group(4)) for m in _PAIR.finditer(old)})
                if _defines(mirror, sha, path, *p, cache) and _defines(mirror, f"{sha}^", path, *p, cache)
            ]
            twin = next((p for p in kept if p[0].rsplit(".", 1)[-1] in touched), kept[0] if kept else None)
            out += [(sha, path, pair, twin) for pair in broken]
        if len(out) >= limit:
            break
    return out[:limit]


def _hits(repo: Path, mirror: Path, sha: str, path: str, pair: tuple[str, str]) -> list | None:
    text = (show(mirror, f"{sha}^", path) or "").rstrip("\n") + CARRY.format(module=pair[0], name=pair[1])
    by_line = carried_findings_by_line(repo, sha, path, text, {RULE})
    if by_line is None:
        return None
    return [f for found in by_line.values() for f in found if "imported by name on first use" in f.message]


def main() -> None:
    args = replay_args(__doc__, 60, "2024-01-01", "broken pairs").parse_args()
    started = time.perf_counter()
    found = cases(args.mirror, args.since, args.limit)
    caught = total = false = twins = conflicts = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, path, pair, twin in found:
            full = git(args.mirror, "rev-parse", sha)
            hits = _hits(repo, args.mirror, full, path, pair)
            kept = _hits(repo, args.mirror, full, path, twin) if twin else []
            if hits is None or kept is None:
                conflicts += 1
                continue
            total += 1
            caught += bool(hits)
            twins += twin is not None
            false += bool(kept)
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            print(f"  {'caught' if hits else 'MISSED'} {sha[:10]} {path} {pair} [twin {twin}] | {subject}")
            for f in [*hits, *kept]:
                print(f"      {'TWIN ' if f in kept else ''}{f.severity.value}: {f.message[:200]}")
    print(f"fork entries naming a pair upstream broke: {caught}/{total} caught")
    print(f"twins (a pair that still resolves): {false}/{twins} with a false finding")
    print(f"merges that conflicted (not counted): {conflicts}; {time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
