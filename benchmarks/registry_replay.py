"""Real upstream registry entries replayed under a fork module that registers the same key from another file.

For each first-parent commit K of vLLM (since ``--since``, newest first) that adds a new string key to
a module-level dict display named like a table (``_TEXT_GENERATION_MODELS``, ``QUANTIZATION_METHODS``:
an UPPER_CASE name) in a ``vllm/`` module (not a test), the fork (ours, on K^) adds one module that
imports the dict and writes that key into it: the fork carried the entry before upstream had it.
base = K^, theirs = K; the merge is clean.  After the merge the two writes compete (the import order
decides which one the table keeps): caught is a merge/duplicate-definition finding on the fork's line.

Precision: the same fork module writing a key the dict held at K^ and still holds at K (an override
the fork chose against an entry upstream left alone); any finding on its line is a false one.

  PYTHONPATH=. python benchmarks/registry_replay.py [--since 2025-01-01] [--limit 40] [--mirror DIR]
"""

from __future__ import annotations

import ast
import re
import sys
import tempfile
import time
from pathlib import Path

from threeway import Finding, carried_findings, clone, git, replay_args, show

CARRY = "vllm/aeon_carries/aeon_registry_carry.py"
RULE = "merge/duplicate-definition"
TEMPLATE = '''"""A fork carry: the fork's own entry in an upstream registry."""

from {module} import {table}

{table}["{key}"] = ("aeon", "AeonImpl")
'''
KEY_LINE = 5
_ENTRY = re.compile(r"""^\+\s*["']([A-Za-z_][\w.\-]{2,})["']\s*:""")
_TEST = re.compile(r"(^|/)tests?/|/test_[^/]*\.py$")


def tables(text: str | None) -> dict[str, set[str]]:
    """UPPER_CASE module-level name -> the string keys of its dict display."""
    try:
        module = ast.parse(text or "")
    except SyntaxError:
        return {}
    out: dict[str, set[str]] = {}
    for stmt in module.body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
        target = target or (stmt.target if isinstance(stmt, ast.AnnAssign) else None)
        value = getattr(stmt, "value", None)
        if isinstance(target, ast.Name) and isinstance(value, ast.Dict):
            name = target.id.lstrip("_")
            if name and name.upper() == name:
                keys = {k.value for k in value.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
                out[target.id] = keys
    return out


def cases(mirror: Path, since: str, limit: int) -> list[tuple[str, str, str, str, str]]:
    """(K, path, table, new key, an old key of the same table), newest first."""
    log = git(
        mirror, "log", f"--since={since}", "--first-parent", "-p", "-U0", "--format=@@C %H", "main", "--", "vllm/"
    )
    found: list[tuple[str, str, str, str, str]] = []
    sha, path = "", ""
    hinted: list[tuple[str, str]] = []
    for line in log.splitlines():
        if line.startswith("@@C "):
            sha = line[4:]
        elif line.startswith("+++ b/"):
            path = line[6:]
        elif path.endswith(".py") and not _TEST.search(path) and _ENTRY.match(line):
            if not hinted or hinted[-1] != (sha, path):
                hinted.append((sha, path))
    for sha, path in hinted:
        old, new = tables(show(mirror, f"{sha}^", path)), tables(show(mirror, sha, path))
        for table in sorted(old.keys() & new.keys()):
            added = sorted(new[table] - old[table])
            kept = sorted(old[table] & new[table])
            if added and kept:
                found.append((sha, path, table, added[0], kept[len(kept) // 2]))
                break
        if len(found) >= limit:
            break
    return found


def on_carry(repo: Path, sha: str, text: str) -> list[Finding] | None:
    return carried_findings(repo, sha, CARRY, text, KEY_LINE, {RULE})


def main() -> None:
    parser = replay_args(__doc__, 40)
    args = parser.parse_args()
    started = time.perf_counter()
    found = cases(args.mirror, args.since, args.limit)
    caught = [0, 0]
    false = [0, 0, 0]  # twins with an error, with a warning, all
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, path, table, key, kept in found:
            module = path[:-3].replace("/", ".").removesuffix(".__init__")
            hits = on_carry(repo, sha, TEMPLATE.format(module=module, table=table, key=key))
            twin = on_carry(repo, sha, TEMPLATE.format(module=module, table=table, key=kept))
            if hits is None or twin is None:
                continue
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            caught[1] += 1
            caught[0] += bool(hits)
            false[2] += 1
            false[0] += any(f.blocking for f in twin)
            false[1] += bool(twin) and not any(f.blocking for f in twin)
            tag = "caught" if hits else "MISSED"
            print(f"  {tag} {sha[:10]} {path} {table}[{key!r}] | {subject}")
            for f in [*hits, *twin]:
                print(f"      {'TWIN ' if f in twin else ''}{f.severity.value}: {f.message[:200]}")
    print(f"new keys registered by the fork too: {caught[0]}/{caught[1]} caught")
    print(
        f"twins (a key upstream left alone): {false[0]}/{false[2]} with a false error, {false[1]} with a false warning"
    )
    print(f"{time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
