"""Real upstream commits that re-key a table (a mapping or set kept on a class or a module), under a fork lookup.

Upstream changes a table's key type (``self.graphs: dict[int, CUDAGraph]`` -> ``dict[BatchExecutionDescriptor,
CUDAGraph]``, #35959) and rewrites its own lookups.  A fork lookup written for the old key merges as it
was and never matches again: ``key in obj.graphs`` is False, ``.get(key)`` None, silently.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` since ``--since`` finds the commits K whose
diff removes an annotated declaration ``[self.]name: dict[K1, ...]`` (or ``set[K1]``, ``Mapping``,
``defaultdict``...) and adds one of the same name in the same file keyed by K2.  Read with ``ast`` here,
independently of the engine: the declaration must be a class's (``self.name`` in a method, or a field) or
the module's at K^ and K, and K1 and K2, both read at K (an old type K deleted was renamed: the fork's
import of it fails loudly), must be of provably different kinds: ``int``, ``str``, ``bytes``, ``float``,
``tuple``, or a class the file (or the module it imports the name from) defines that derives from neither
``str`` nor ``int``; aliases and ``NewType`` are followed.  The fork (ours, on K^) adds one module:
``def aeon_lookup(obj: Owner, key: K1): return key in obj.name`` (a module-level table: ``key in name``),
importing what it names from the declaring module; and, where the old kind is a builtin, a fork subclass
of the class whose method tests ``0 in self.name`` (``"aeon"``, ``(0, 0)``...: a literal of the old kind).
base = K^, theirs = K.  Caught: a merge/key-drift finding on the lookup line.

Precision (twins): the same carry keyed by K2 (the fork already keyed as upstream does now; the literal
carry with a literal of K2's kind, where that is a builtin), and the same carry on another annotated table
of that class or module whose key K left alone; any finding on their lookup line is a false one.

  PYTHONPATH=. python benchmarks/key_replay.py [--since 2025-01-01] [--limit 40] [--mirror DIR]
"""

from __future__ import annotations

import ast
import functools
import re
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from threeway import carried_findings_by_line, clone, first_parent_lines, git, replay_args, show

RULE = "merge/key-drift"
CARRY = "vllm/aeon_key_carry.py"
_DECL = re.compile(
    r"^[ \t]*(?:self\.)?(\w+)[ \t]*:[ \t]*(?:typing\.)?(?:dict|Dict|defaultdict|DefaultDict|OrderedDict|Mapping|MutableMapping|set|Set|frozenset)\["
)
_BUILTIN = {"int", "str", "bytes", "float"}
_DERIVED = {"str": "str", "StrEnum": "str", "int": "int", "IntEnum": "int", "IntFlag": "int"}


@dataclass(frozen=True)
class Table:
    path: str
    name: str
    owner: str | None  # the class; None: a module-level table
    key: str  # the key annotation as written


def _tables(module: ast.Module) -> dict[tuple[str | None, str], str]:
    """(owner, name) -> key annotation of every annotated mapping or set a class or the module declares."""
    out: dict[tuple[str | None, str], str] = {}

    def key_of(annotation: ast.expr) -> str | None:
        if not isinstance(annotation, ast.Subscript):
            return None
        head = ast.unparse(annotation.value).removeprefix("typing.")
        if head not in ("dict", "Dict", "defaultdict", "DefaultDict", "OrderedDict", "Mapping", "MutableMapping", "set", "Set", "frozenset"):  # fmt: skip
            return None
        args = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        return ast.unparse(args[0])

    for node in module.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if (key := key_of(node.annotation)) is not None:
                out[(None, node.target.id)] = key
    for cls in (n for n in ast.walk(module) if isinstance(n, ast.ClassDef)):
        for node in cls.body:
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                if (key := key_of(node.annotation)) is not None:
                    out[(cls.name, node.target.id)] = key
        for func in (n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            for node in ast.walk(func):
                target = getattr(node, "target", None)
                if isinstance(node, ast.AnnAssign) and isinstance(target, ast.Attribute):
                    if isinstance(target.value, ast.Name) and target.value.id == "self":
                        if (key := key_of(node.annotation)) is not None:
                            out.setdefault((cls.name, target.attr), key)
    return out


def _kind(
    key: str, module: ast.Module, depth: int = 0, imported: Callable[[str], ast.Module | None] | None = None
) -> str | None:
    """int/str/bytes/float/tuple or ``class X`` (a class the file, or the module it imports X from,
    defines); an alias or a ``NewType`` is followed; None when not provable."""
    key = key.replace("typing.", "").strip()
    if re.match(r"^(tuple|Tuple)\b", key):
        return "tuple"
    if key in _BUILTIN:
        return key
    if not re.fullmatch(r"\w+", key) or depth > 2:
        return None
    for node in module.body:
        if isinstance(node, ast.ClassDef) and node.name == key:
            bases = [ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases]
            derived = [_DERIVED[b] for b in bases if b in _DERIVED]
            return derived[0] if derived else f"class {key}"
        targets = [node.target] if isinstance(node, ast.AnnAssign) else getattr(node, "targets", [])
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            if any(isinstance(t, ast.Name) and t.id == key for t in targets):
                value = node.value
                if isinstance(value, ast.Call) and ast.unparse(value.func).endswith("NewType") and len(value.args) == 2:
                    value = value.args[1]
                return _kind(ast.unparse(value).strip("\"'"), module, depth + 1, imported)
        if isinstance(node, ast.ImportFrom) and imported is not None and node.module and node.level == 0:
            if any((a.asname or a.name) == key and a.name == key for a in node.names):
                other = imported(node.module.replace(".", "/") + ".py")
                return _kind(key, other, depth + 1, imported) if other is not None else None
    return None


def _parse(mirror: Path, rev: str, path: str, *, cache: dict) -> ast.Module | None:
    if (rev, path) not in cache:
        try:
            cache[(rev, path)] = ast.parse(show(mirror, rev, path) or "")
        except SyntaxError:
            cache[(rev, path)] = None
    return cache[(rev, path)]


Case = tuple[str, Table, str, Table | None, tuple[str, str]]  # K, the table (old key), the new key, a twin, the kinds


def cases(mirror: Path, since: str, limit: int) -> tuple[list[Case], int]:
    """The re-keyed tables with provably different key kinds, and how many re-keyings were not provable."""
    out: list[Case] = []
    unproven = 0
    cache: dict = {}
    for sha, lines in first_parent_lines(mirror, since):
        removed = {(p, m.group(1)) for p, sign, c in lines if sign < 0 and (m := _DECL.match(c))}
        added = {(p, m.group(1)) for p, sign, c in lines if sign > 0 and (m := _DECL.match(c))}
        for path in sorted({p for p, _ in removed & added}):
            before, after = _parse(mirror, f"{sha}^", path, cache=cache), _parse(mirror, sha, path, cache=cache)
            if before is None or after is None:
                continue
            old, new = _tables(before), _tables(after)
            for (owner, name), key in sorted(old.items(), key=str):
                if (owner, name) not in new or (path, name) not in removed & added:
                    continue
                now = new[(owner, name)]
                if now.replace(" ", "") == key.replace(" ", ""):
                    continue
                # both read at K: an old key type K deleted was renamed (the fork's import of it fails loudly)
                at_k = functools.partial(_parse, mirror, sha, cache=cache)
                kinds = _kind(key, after, 0, at_k), _kind(now, after, 0, at_k)
                if None in kinds or kinds[0] == kinds[1]:
                    if None in kinds:
                        unproven += 1
                        print(f"  not provable: {sha[:10]} {owner}.{name} {key} -> {now} {kinds}", file=sys.stderr)
                    continue
                twin = next(
                    (
                        Table(path, n, o, k)
                        for (o, n), k in sorted(old.items(), key=str)
                        if o == owner and n != name and new.get((o, n)) == k and _kind(k, before) is not None
                    ),
                    None,
                )
                out.append((sha, Table(path, name, owner, key), now, twin, (str(kinds[0]), str(kinds[1]))))
        if len(out) >= limit:
            break
    return out[:limit], unproven


def _carry(table: Table, key: str) -> tuple[str, int]:
    """The fork module looking the table up by a key annotated ``key``, and the lookup's line."""
    module = table.path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    names = {table.owner or table.name}
    names |= {w for w in re.findall(r"\b[A-Za-z_]\w*\b", key) if w not in ("int", "str", "bytes", "float", "tuple")}
    lines = ["# AEON carry: a fork lookup of upstream's table", "", f"from {module} import {', '.join(sorted(names))}"]
    lines += ["", ""]
    if table.owner is not None:
        lines += [f"def aeon_lookup(obj: {table.owner}, key: {key}) -> bool:"]
        line = len(lines) + 1
        lines += [f"    return key in obj.{table.name}", ""]
    else:
        lines += [f"def aeon_lookup(key: {key}) -> bool:"]
        line = len(lines) + 1
        lines += [f"    return key in {table.name}", ""]
    return "\n".join(lines), line


_LITERALS = {"int": "0", "str": '"aeon"', "bytes": 'b"aeon"', "float": "0.5", "tuple": "(0, 0)"}


def _literal_carry(table: Table, kind: str) -> tuple[str, int] | None:
    """A fork subclass of the table's class (or the module's table) looked up by a literal of ``kind``."""
    literal = _LITERALS.get(kind)
    if literal is None:
        return None
    module = table.path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    lines = ["# AEON carry: a fork lookup of upstream's table", "", f"from {module} import {table.owner or table.name}"]
    lines += ["", ""]
    if table.owner is not None:
        lines += [f"class Aeon{table.owner}({table.owner}):", "    def aeon_has(self) -> bool:"]
        line = len(lines) + 1
        lines += [f"        return {literal} in self.{table.name}", ""]
    else:
        lines += ["def aeon_has() -> bool:"]
        line = len(lines) + 1
        lines += [f"    return {literal} in {table.name}", ""]
    return "\n".join(lines), line


def _literal_findings(repo: Path, sha: str, table: Table, kind: str) -> list | None:
    carry = _literal_carry(table, kind)
    if carry is None:
        return None
    by_line = carried_findings_by_line(repo, sha, CARRY, carry[0], {RULE})
    return None if by_line is None else by_line.get(carry[1], [])


def _findings(repo: Path, sha: str, table: Table, key: str) -> list | None:
    text, line = _carry(table, key)
    by_line = carried_findings_by_line(repo, sha, CARRY, text, {RULE})
    return None if by_line is None else by_line.get(line, [])


def main() -> None:
    parser = replay_args(__doc__, 40, "2025-01-01", "re-keyed tables")
    args = parser.parse_args()
    started = time.perf_counter()
    found, unproven = cases(args.mirror, args.since, args.limit)
    caught = total = false = twins = conflicts = 0
    literal_caught = literal_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, table, now, twin, (old_kind, new_kind) in found:
            full = git(args.mirror, "rev-parse", sha)
            hits = _findings(repo, full, table, table.key)
            if hits is None:
                conflicts += 1
                continue
            kept = [_findings(repo, full, table, now)]
            if twin is not None:
                kept.append(_findings(repo, full, twin, twin.key))
            total += 1
            caught += bool(hits)
            literal = _literal_findings(repo, full, table, old_kind)
            if literal is not None:
                literal_total += 1
                literal_caught += bool(literal)
                kept.append(_literal_findings(repo, full, table, new_kind))
            kept = [fs for fs in kept if fs is not None]  # a literal of the new kind: only for builtins
            wrong = [f for fs in kept if fs for f in fs]
            twins += len(kept)
            false += sum(bool(fs) for fs in kept)
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            where = f"{table.owner}.{table.name}" if table.owner else table.name
            mark = ("caught" if hits else "MISSED") + (
                "" if literal is None else f", literal {'caught' if literal else 'MISSED'}"
            )
            print(
                f"  {sha[:10]} {where} ({table.path}) {table.key} -> {now} [{mark}] twin {twin and twin.name} | {subject}"
            )
            for f in [*hits, *wrong]:
                print(f"      {f.severity.value}: {f.message[:220]}")
    print(f"fork lookups by the old key type: {caught}/{total} caught")
    print(f"fork subclass lookups by a literal of the old kind: {literal_caught}/{literal_total} caught")
    print(f"twins (keyed as upstream now keys, or another table left alone): {false}/{twins} with a false finding")
    print(f"re-keyings not provably of another kind (not replayed): {unproven}")
    print(f"merges that conflicted (not counted): {conflicts}; {time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
