"""Real upstream commits that make a function return a tuple where it returned one value (or back), under fork code.

Upstream widens a function's result (``return mm_embeds`` -> ``return mm_embeds, is_mm_embed``, #16229)
and rewrites its own callers (``x = self.f(...)`` -> ``x, mask = self.f(...)``).  Fork code written
for the old result merges as it was: a fork line ``x = obj.f(...)`` now holds the whole tuple, and a
fork subclass's override that returns one value is unpacked by upstream's callers (two elements of a
list silently, anything else raises on the fork's path only).  The other way round (``--narrowed``):
upstream returns one value where it returned N and binds it whole in its callers; a fork
``a, b = obj.f()`` splits the value, and a fork override's N-tuple is held whole.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` since ``--since`` finds the commits K
whose diff removes a line binding one name from a call of ``f`` and adds one unpacking several names
from a call of ``f``, where (read with ``ast`` here, independently of the engine) every ``def f`` of
``vllm/`` at K^ returns one value (no tuple display, no yield) and every one at K returns tuples of one
length N >= 2 (``--narrowed``: unpacks made one name, N-tuples made one value).  The fork (ours, on
K^) adds one module: a function binding ``value = obj.f()`` (``--narrowed``: unpacking N names), or, for
a method, a subclass of its class overriding it with ``return []`` (``--narrowed``: N ``None``s); one
carry each, as a fork overriding a method may call its own override.  base = K^, theirs = K.  Caught:
a merge/return-drift finding on that line.

Precision (twins): the same carry for another function of that file that returns one value at both
K^ and K; any finding on its lines is a false one.

  PYTHONPATH=. python benchmarks/widened_return_replay.py [--narrowed] [--since 2025-01-01] [--limit 40] [--mirror DIR]
"""

from __future__ import annotations

import ast
import re
import sys
import tempfile
import time
from pathlib import Path

from threeway import carried_findings_by_line, clone, first_parent_lines, git, replay_args, show

RULE = "merge/return-drift"
CARRY = "vllm/aeon_widened_carry.py"
_CALL = r"[ \t]*(?:await[ \t]+)?(?:[\w.]|\(\))*?\b(\w+)\("
_ONE = re.compile(rf"^[ \t]*[\w.]+[ \t]*(?::[^=]*)?={_CALL}")
_MANY = re.compile(rf"^[ \t]*\(?[\w.]+[ \t]*,[\w. \t,*]*\)?[ \t]*={_CALL}")
_Def = ast.FunctionDef | ast.AsyncFunctionDef


def _shape(func: _Def) -> int | None:
    """0: returns one value; N: returns N-tuples only; None: mixed, a generator, or no value."""
    shapes = set()
    for node in ast.walk(func):
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return None
        if isinstance(node, ast.Return) and node.value is not None:
            if isinstance(node.value, ast.Tuple):
                shapes.add(len(node.value.elts))
            elif not (isinstance(node.value, ast.Constant) and node.value.value is None):
                shapes.add(0)
    return shapes.pop() if len(shapes) == 1 else None


def _defs(mirror: Path, rev: str, name: str, cache: dict) -> list[tuple[str, str | None, _Def]] | None:
    """(path, enclosing class, def) of every ``def name`` under vllm/ at ``rev`` (tests aside)."""
    out = git(mirror, "grep", "-l", "-E", rf"def {name}\(", rev, "--", "vllm/*.py", check=False)
    found = []
    for line in out.splitlines():
        path = line.split(":", 1)[1]
        if "/tests/" in path:
            continue
        key = (rev, path)
        if key not in cache:
            try:
                cache[key] = ast.parse(show(mirror, rev, path) or "")
            except SyntaxError:
                cache[key] = None
        module = cache[key]
        if module is None:
            return None
        for cls in [module, *(n for n in ast.walk(module) if isinstance(n, ast.ClassDef))]:
            for node in cls.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
                    found.append((path, cls.name if isinstance(cls, ast.ClassDef) else None, node))
    return found


def _reshaped(mirror: Path, sha: str, name: str, cache: dict, widen: bool) -> tuple[str, str | None, int] | None:
    """(file, class, N) of ``name`` when every def went from one value to N-tuples (``widen``) or back."""
    before, after = _defs(mirror, f"{sha}^", name, cache), _defs(mirror, sha, name, cache)
    if not before or not after:
        return None
    one, many = (before, after) if widen else (after, before)
    if {_shape(d) for _, _, d in one} != {0}:
        return None
    shapes = {_shape(d) for _, _, d in many}
    n = shapes.pop() if len(shapes) == 1 else None
    if n is None or n < 2:
        return None
    return before[0][0], before[0][1], n


def _twin(mirror: Path, sha: str, path: str, name: str, cache: dict) -> tuple[str, str | None] | None:
    """Another function of ``path`` returning one value at K^ and K, defined once in vllm/ both times."""
    module = cache.get((f"{sha}^", path))
    for cls in [module, *(n for n in ast.walk(module) if isinstance(n, ast.ClassDef))] if module else []:
        for node in cls.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name in (name, "__init__"):
                continue
            if _shape(node) != 0 or node.name.startswith("__"):
                continue
            before, after = _defs(mirror, f"{sha}^", node.name, cache), _defs(mirror, sha, node.name, cache)
            if before and after and {_shape(d) for _, _, d in before + after} == {0}:
                return node.name, cls.name if isinstance(cls, ast.ClassDef) else None
    return None


Case = tuple[str, str, str, str | None, int, tuple[str, str | None] | None]


def cases(mirror: Path, since: str, limit: int, widen: bool) -> list[Case]:
    """(K, the function, its file, its class, N, a twin (name, class) of that file or None)."""
    out: list[Case] = []
    cache: dict = {}
    single = -1 if widen else 1  # the sign of the lines binding one name
    for sha, lines in first_parent_lines(mirror, since):
        one = {m.group(1) for _, sign, c in lines if sign == single and (m := _ONE.match(c)) and not _MANY.match(c)}
        many = {m.group(1) for _, sign, c in lines if sign == -single and (m := _MANY.match(c))}
        for name in sorted(one & many):
            if name.startswith("__") or len(name) < 4:
                continue
            where = _reshaped(mirror, sha, name, cache, widen)
            if where is not None:
                out.append((sha, name, where[0], where[1], where[2], _twin(mirror, sha, where[0], name, cache)))
        if len(out) >= limit:
            break
    return out[:limit]


def _carry(path: str, name: str, cls: str | None, kind: str, n: int) -> tuple[str, int]:
    """The fork module and the line to judge: ``use`` (a value bound from a call) or ``override``;
    ``n``: the fork wrote for N values (0: for one)."""
    module = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    lines = ["# AEON carry: fork code written for what upstream's function returned", ""]
    if kind == "override":
        assert cls is not None
        lines += [f"from {module} import {cls}", "", "", f"class Aeon{cls}({cls}):"]
        lines += [f"    def {name}(self, *args, **kwargs):"]
        line = len(lines) + 1
        lines += ["        return " + (", ".join(["None"] * n) if n else "[]"), ""]
    else:
        lines += ["def aeon_probe(obj):"]
        line = len(lines) + 1
        target = ", ".join(f"v{i}" for i in range(n)) if n else "value"
        lines += [f"    {target} = obj.{name}()", f"    return {target}", ""]
    return "\n".join(lines), line


def _judge(repo: Path, sha: str, path: str, name: str, cls: str | None, n: int) -> dict[str, list] | None:
    """Per kind of carry (``use``, and ``override`` for a method), the findings on its line."""
    out = {}
    for kind in ("use", "override") if cls is not None else ("use",):
        text, line = _carry(path, name, cls, kind, n)
        by_line = carried_findings_by_line(repo, sha, CARRY, text, {RULE})
        if by_line is None:
            return None
        out[kind] = by_line.get(line, [])
    return out


def main() -> None:
    parser = replay_args(__doc__, 40, "2025-01-01", "reshaped functions")
    parser.add_argument("--narrowed", action="store_true", help="N-tuples made one value")
    args = parser.parse_args()
    started = time.perf_counter()
    found = cases(args.mirror, args.since, args.limit, not args.narrowed)
    caught = {"use": 0, "override": 0}
    total = {"use": 0, "override": 0}
    false = twins = conflicts = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, name, path, cls, n, twin in found:
            full = git(args.mirror, "rev-parse", sha)
            hits = _judge(repo, full, path, name, cls, n if args.narrowed else 0)  # written for the base's shape
            kept = _judge(repo, full, path, twin[0], twin[1], 0) if twin else {}
            if hits is None or kept is None:
                conflicts += 1
                continue
            twins += twin is not None
            false += any(kept.values())
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            marks = []
            for kind, found_here in hits.items():
                total[kind] += 1
                caught[kind] += bool(found_here)
                marks.append(f"{kind} {'caught' if found_here else 'MISSED'}")
            print(
                f"  {sha[:10]} {cls + '.' if cls else ''}{name} ({path}) [{', '.join(marks)}] twin {twin} | {subject}"
            )
            for f in [*(f for fs in hits.values() for f in fs), *(f for fs in kept.values() for f in fs)]:
                print(f"      {f.severity.value}: {f.message[:220]}")
    shape = (
        ("a tuple upstream made one value", "N values")
        if args.narrowed
        else ("one value upstream made a tuple", "one value")
    )
    print(f"fork lines using {shape[0]}: {caught['use']}/{total['use']} caught")
    print(f"fork overrides returning {shape[1]}: {caught['override']}/{total['override']} caught")
    print(f"twins (a function of the file returning one value at both commits): {false}/{twins} with a false finding")
    print(f"merges that conflicted (not counted): {conflicts}; {time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
