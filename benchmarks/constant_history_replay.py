"""Every module constant vLLM changed in 2025-2026, replayed under fork lines that inline its old value.

For each first-parent commit K that changes the literal value of a module-level UPPER_CASE constant:
base = K's parent, upstream = K.  The fork adds one module holding copies of upstream's own
one-line uses of the constant at the base (``x == NAME``, ``f(kw=NAME)``, ``y = NAME``) with the
name replaced by its old value: each copy must be *blocked* (an error on its line).  The same is
done with a constant of the same file that K did not change: those copies must stay silent.

  python benchmarks/constant_history_replay.py [--mirror DIR] [--since 2025-01-01]
"""

from __future__ import annotations

import ast
import re
import sys
import tempfile
import time
from pathlib import Path

from class_frequency import _CONSTANT, _literal, commits, history_args
from threeway import audit, clone, commit_files, git, merge

CARRY = "vllm/aeon_inlined.py"


def changed_constants(mirror: Path, since: str) -> list[tuple[str, str, str, str]]:
    """(sha, path, name, old value text) per changed module constant."""
    found = []
    for head, body in commits(mirror, since, "vllm/**.py"):
        values: dict[str, dict[tuple[str, str], str]] = {"-": {}, "+": {}}
        path = ""
        for line in body.split("\n"):
            if line.startswith("+++ "):
                path = line[6:]
            elif match := _CONSTANT.match(line):
                values[match.group(1)][(path, match.group(2))] = match.group(3)
        for (p, name), old in values["-"].items():
            new = values["+"].get((p, name))
            # a value change, not a quote or spelling change (``'a'`` -> ``"a"``, ``1_000`` -> ``1000``)
            if new is not None and _literal(old) and _literal(new) and _simple(old) and _differ(old, new):
                found.append((head.split()[0], p, name, old))
    return found


def _differ(old: str, new: str) -> bool:
    return bool(ast.literal_eval(old) != ast.literal_eval(new))


def _simple(text: str) -> bool:
    value = ast.literal_eval(text)
    return isinstance(value, (int, float, str)) and not isinstance(value, bool)


def uses(repo: Path, rev: str, name: str, value: str) -> list[str]:
    """Upstream's one-line comparisons, keywords and assignments of ``name`` at ``rev``, inlined."""
    out = git(repo, "grep", "-h", "-w", "-F", "-e", name, rev, "--", "vllm/*.py", check=False)
    copies = []
    shape = re.compile(rf"(?:[=!<>]=|[<>]|\w=)\s*{re.escape(name)}\b|^\s*[\w.]+\s*=\s*{re.escape(name)}\s*$")
    for line in out.splitlines():
        text = line.strip()
        if not shape.search(text) or text.startswith(("def ", "class ", "@", "#", "return ", "elif ", "if ")):
            continue
        inlined = re.sub(rf"\b{re.escape(name)}\b", value, text.split("  #", 1)[0]).rstrip(",")
        if re.fullmatch(r"\w+=[^=].*", inlined):  # a keyword argument of a call spread over lines
            inlined = f"f({inlined})"
        try:
            stmt = ast.parse(inlined).body[0]
        except (SyntaxError, IndexError):
            continue
        if isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Tuple):
            continue  # the middle of a call spread over lines (``a, b, kw=1``), not a statement
        copies.append(inlined)
    return copies[:10]


def unchanged_constant(repo: Path, base: str, theirs: str, path: str, changed: str) -> tuple[str, str] | None:
    """Another constant of the same file, with the same value before and after the commit."""
    text = git(repo, "show", f"{base}:{path}", check=False)
    after = git(repo, "show", f"{theirs}:{path}", check=False)
    for line in text.splitlines():
        match = _CONSTANT.match("+" + line)
        if match and match.group(2) != changed and _literal(match.group(3)) and _simple(match.group(3)):
            if line in after.splitlines():
                return match.group(2), match.group(3)
    return None


def main() -> int:
    args = history_args(__doc__)
    started = time.perf_counter()
    blocked = missed = false = silent = cases = 0
    with tempfile.TemporaryDirectory(prefix="aeon-constants-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        for i, (sha, path, name, old) in enumerate(changed_constants(args.mirror, args.since)):
            base = git(repo, "rev-parse", f"{sha}^")
            tied = uses(repo, base, name, old)
            other = unchanged_constant(repo, base, sha, path, name)
            kept = uses(repo, base, *other) if other else []
            if not tied and not kept:
                continue
            cases += 1
            body = [f"def _c{j}(self, *args, **kwargs):\n    {t}\n" for j, t in enumerate(tied + kept)]
            ours = commit_files(repo, base, {CARRY: "# AEON: inlined constants\n\n\n" + "\n\n".join(body)}, "AEON")
            merged = merge(repo, base, ours, sha, Path(tmp) / f"m{i}")
            if merged is None:
                continue
            findings, _ = audit(merged)
            errors = {f.line for f in findings if f.path == CARRY and f.severity.value == "error"}
            lines = (merged.folder / CARRY).read_text().splitlines()
            for j, text in enumerate(tied + kept):
                line = lines.index(f"    {text}") + 1
                if j < len(tied):
                    blocked, missed = blocked + (line in errors), missed + (line not in errors)
                    if line not in errors:
                        print(f"  MISSED {sha} {name}={old}: {text}")
                else:
                    false, silent = false + (line in errors), silent + (line not in errors)
                    if line in errors:
                        print(f"  FALSE  {sha} {other}: {text}")
    print(
        f"{cases} constant changes with upstream uses: {blocked} inlined copies blocked, {missed} missed; "
        f"copies of unchanged constants: {false} false error(s), {silent} silent; {time.perf_counter() - started:.0f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
