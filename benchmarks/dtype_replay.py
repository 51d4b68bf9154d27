"""Every dtype vLLM changed under a name in 2025-2026, replayed under a fork line that tests the old one.

For each first-parent commit K whose diff swaps one dtype for another on a line (``dtype=torch.int32``
-> ``dtype=torch.int64``, ``return torch.float8_e4m3fn`` -> ``return torch.uint8``), the statement at
K's parent holding that line names what holds the dtype: ``self.x = ...`` (an attribute), a module's
``NAME = ...``, a function's local ``x = ...``, or the function itself (``return ...``).  The fork adds
a test of it against the old dtype (``obj.x.dtype == torch.int32``, ``obj.f() == torch.float8_e4m3fn``;
a local's test goes into its function, further down) and must be reported on that line.  The same
test against the new dtype, and one of an attribute of the same file the commit left alone, must not.

  python benchmarks/dtype_replay.py [--mirror DIR] [--since 2025-01-01]

With AEON_DTYPE_COUNT=1 it first counts, over the same commits, those whose Python diff removes and
adds a dtype and those that change a holder as the engine reads them (both versions of each such
file, every name of the file asked for): how often the class occurs.
"""

from __future__ import annotations

import ast
import collections
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from class_frequency import commits, history_args
from threeway import audit, clone, commit_files, git, merge, show

CARRY = "vllm/aeon_dtype_carry.py"
RULE = "merge/dtype-drift"
_DT = re.compile(
    r"torch\.(u?int(?:8|16|32|64)|float8_e4m3fnuz|float8_e4m3fn|float8_e5m2|float8_e8m0fnu|float16|float32|float64"
    r"|bfloat16|half|long|int|bool|float|double)\b"
)
_ALIAS = {"int": "int32", "long": "int64", "half": "float16", "float": "float32", "double": "float64"}
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_UNCHANGED = re.compile(r"^\s+self\.(\w+)(?::[^=]*)? = .*dtype=torch\.(\w+)")


def swaps(body: str) -> list[tuple[str, int, str, str]]:
    """(path, line at the parent, old dtype, new dtype): removed lines equal to an added line of the
    same hunk but for one dtype."""
    found = []
    path, old_line, removed, added = "", 0, [], []

    def flush() -> None:
        for n, text in removed:
            for other in added:
                a, b = _DT.findall(text), _DT.findall(other)
                if a and b and _DT.sub("D", text) == _DT.sub("D", other) and len(a) == len(b) == 1:
                    old, new = _ALIAS.get(a[0], a[0]), _ALIAS.get(b[0], b[0])
                    if old != new and not path.startswith("vllm/tests"):
                        found.append((path, n, old, new))

    for line in body.split("\n"):
        if line.startswith("+++ "):
            flush()
            path, removed, added = line[6:], [], []
        elif match := _HUNK.match(line):
            flush()
            old_line, removed, added = int(match.group(1)), [], []
        elif line.startswith("-") and not line.startswith("---"):
            removed.append((old_line, line[1:]))
            old_line += 1
        elif line.startswith("+"):
            added.append(line[1:])
    flush()
    return found


def holder(text: str, line: int) -> tuple[str, str, str, ast.FunctionDef | None, ast.stmt] | None:
    """(key kind, name, "tensor" or "dtype", enclosing function, statement) of the statement on ``line``."""
    try:
        module = ast.parse(text)
    except SyntaxError:
        return None
    best: tuple[ast.stmt, ast.FunctionDef | None] | None = None

    def visit(node: ast.AST, function: ast.FunctionDef | None) -> None:
        nonlocal best
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.FunctionDef) else function
            if isinstance(child, (ast.Assign, ast.AnnAssign, ast.Return)) and child.lineno <= line <= (
                child.end_lineno or child.lineno
            ):
                best = (child, function)
            visit(child, inner)

    visit(module, None)
    if best is None:
        return None
    stmt, function = best
    value = stmt.value
    if value is None or isinstance(value, ast.Tuple):
        return None  # a tuple's element is not a holder of its own
    for node in ast.walk(value) if isinstance(stmt, ast.Return) else ():  # ``return Record(field=...)``: the field
        if isinstance(node, ast.Call) and re.fullmatch(r"(?:[\w.]*\.)?(?:[A-Z]\w*|cls)", ast.unparse(node.func)):
            for keyword in node.keywords:
                v = keyword.value
                if keyword.arg and keyword.arg != "dtype" and v.lineno <= line <= (v.end_lineno or v.lineno):
                    return ("attr", keyword.arg, "tensor", function, stmt)
    kind = "dtype" if isinstance(value, ast.Attribute) and _DT.fullmatch(ast.unparse(value)) else "tensor"
    if isinstance(stmt, ast.Return):
        return ("call", function.name, kind, function, stmt) if function is not None else None
    target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else None
    target = stmt.target if isinstance(stmt, ast.AnnAssign) else target
    if isinstance(target, ast.Attribute):
        return ("attr", target.attr, kind, function, stmt)
    if isinstance(target, ast.Name):
        return ("local" if function else "name", target.id, kind, function, stmt)
    return None


def test_of(key: str, name: str, kind: str, dtype: str, module: str) -> str:
    subject = {"attr": f"obj.{name}", "call": f"obj.{name}()", "name": f"{module}.{name}", "local": name}[key]
    return f"{subject}.dtype == torch.{dtype}" if kind == "tensor" else f"{subject} == torch.{dtype}"


def count(mirror: Path, since: str) -> None:
    """How many commits change a holder's dtype as the engine reads them (AEON_DTYPE_COUNT=1)."""
    from aeon_release.domain.audits.drift.dtypes import _holders_by_text, _is_test, _swaps

    swapping = changing = 0
    kinds: collections.Counter[str] = collections.Counter()
    for head, body in commits(mirror, since, "vllm/**.py"):
        sha = head.split()[0]
        paths = [
            m.group(1)
            for chunk in body.split("\ndiff --git ")
            if (m := re.search(r"^\+\+\+ b/(\S+\.py)$", chunk, re.M)) and not _is_test(m.group(1)) and _swaps(chunk)
        ]
        if not paths:
            continue
        swapping += 1
        found = 0
        for path in paths[:20]:
            before, after = show(mirror, f"{sha}^", path), show(mirror, sha, path)
            if not before or not after:
                continue
            names = frozenset(re.findall(r"[A-Za-z_]\w*", before))
            old, new = _holders_by_text(before, names), _holders_by_text(after, names)
            for key in old.keys() & new.keys():
                (kind, dtype, _), (new_kind, new_dtype, _) = old[key], new[key]
                if kind == new_kind and dtype and new_dtype and dtype != new_dtype:
                    found += 1
                    kinds[key.split("\0")[0]] += 1
                    print(f"  holder {sha} {path} {key.replace(chr(0), ':')} {dtype}->{new_dtype}")
        changing += found > 0
    print(f"{swapping} commits remove and add a dtype; {changing} change a holder ({dict(kinds)})")


def main() -> int:
    args = history_args(__doc__)
    started = time.perf_counter()
    if os.environ.get("AEON_DTYPE_COUNT"):
        count(args.mirror, args.since)
    counts = dict.fromkeys(("commits", "cases", "conflict", "caught", "errors", "missed", "false", "silent", "near"), 0)
    with tempfile.TemporaryDirectory(prefix="aeon-dtypes-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        for i, (head, body) in enumerate(commits(args.mirror, args.since, "vllm/**.py")):
            found = swaps(body)
            if not found:
                continue
            sha = head.split()[0]
            base = git(repo, "rev-parse", f"{sha}^")
            counts["commits"] += 1
            for j, (path, line, old, new) in enumerate(found[:3]):
                text = show(repo, base, path)
                got = holder(text or "", line)
                if got is None:
                    continue
                key, name, kind, function, stmt = got
                after = show(repo, sha, path) or ""
                n = re.escape(name)
                kept = {
                    "attr": rf"\.{n}\s*(?::[^=\n]*)?=[^=]|\n\s+{n}\s*:|\b{n}=",
                    "call": rf"\bdef {n}\(",
                }.get(key, rf"\b{n}\s*(?::[^=\n]*)?=[^=]")
                if not re.search(kept, after):
                    continue  # upstream removed or renamed it: another class (symbol drift)
                module = path.removesuffix(".py").replace("/", ".")
                files: dict[str, str] = {}
                tied = test_of(key, name, kind, old, "m")
                near = test_of(key, name, kind, new, "m")
                if key == "local":
                    assert function is not None and text is not None
                    lines = text.splitlines()
                    last = function.body[-1]
                    at = last.lineno - 1  # before the function's last statement
                    if at <= (stmt.end_lineno or stmt.lineno) + 1:
                        counts["conflict"] += 1
                        continue
                    indent = re.match(r"\s*", lines[last.lineno - 1]).group(0)  # type: ignore[union-attr]
                    lines[at:at] = [
                        f"{indent}if {tied}:  # AEON",
                        f"{indent}    pass",
                        f"{indent}if {near}:",
                        f"{indent}    pass",
                    ]
                    files[path] = "\n".join(lines) + "\n"
                    carry_path, probes = path, [f"{indent}if {tied}:  # AEON", f"{indent}if {near}:"]
                else:
                    other = next(
                        (
                            m
                            for ln in (text or "").splitlines()
                            if (m := _UNCHANGED.match(ln)) and m.group(1) != name and ln in after
                        ),
                        None,
                    )
                    probes = [f"    if {tied}:", f"    if {near}:"]
                    if other is not None:
                        dtype = _ALIAS.get(other.group(2), other.group(2))
                        probes.append(f"    if obj.{other.group(1)}.dtype == torch.{dtype}:")
                    body_text = "".join(f"{p}\n        return {k}\n" for k, p in enumerate(probes))
                    files[CARRY] = (
                        f"import torch\n\nimport {module} as m\n\n\ndef aeon_fast_path(obj):\n{body_text}    return -1\n"
                    )
                    carry_path = CARRY
                ours = commit_files(repo, base, files, "AEON carry")
                merged = merge(repo, base, ours, sha, Path(tmp) / f"m{i}-{j}")
                if merged is None:
                    counts["conflict"] += 1
                    continue
                counts["cases"] += 1
                findings, _ = audit(merged)
                merged_lines = (merged.folder / carry_path).read_text().splitlines()
                hits = {f.line: f for f in findings if f.path == carry_path and f.rule_id == RULE}
                for k, probe in enumerate(probes):
                    at = merged_lines.index(probe) + 1 if probe in merged_lines else -1
                    hit = hits.get(at)
                    if k == 0:
                        counts["caught" if hit else "missed"] += 1
                        counts["errors"] += bool(hit and hit.severity.value == "error")
                        said = f" ({hit.severity.value})" if hit else ""
                        print(f"  {'caught' if hit else 'MISSED'} {sha} {path}:{line} {key} {name} {old}->{new}{said}")
                    else:
                        counts["near"] += 1
                        counts["false" if hit else "silent"] += 1
                        if hit:
                            print(f"  FALSE  {sha} {path}: {probe.strip()} ({hit.severity.value})")
    c = counts
    print(
        f"{c['commits']} commits swap a dtype on a line; {c['cases']} holders replayed ({c['conflict']} conflicted or "
        f"not placeable): {c['caught']} of {c['cases']} reported ({c['errors']} as errors), {c['missed']} missed; near misses (new dtype, "
        f"unchanged attribute): {c['false']} of {c['near']} reported; {time.perf_counter() - started:.0f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
