"""How often upstream vLLM made the changes that name, return and constant drift look for.

Over the first-parent history since --since (default 2025-01-01), from ``git log -p -U0``:

- env vars: commits that drop a ``"VLLM_X": lambda ...`` entry of vllm/envs.py (renamed or removed);
- config names: commits that drop a field, ``self.x =`` attribute or env entry of vllm/config*/envs.py
  that no Python file of the tree mentions afterwards (``git grep -w`` at the commit);
- return lengths: commits with a hunk whose removed and added ``return`` lines are tuples of one
  length each, and the lengths differ;
- constants: commits that change the literal value of a module-level UPPER_CASE constant.

  python benchmarks/class_frequency.py [--mirror DIR] [--since 2025-01-01]
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from threeway import utc_day

MIRROR = Path("/work/.mirror/neuralmagic+vllm/repo")
_ENV_ENTRY = re.compile(r'^([-+])\s*"(VLLM_\w+)"\s*:')
_FIELD = (
    re.compile(r"^-\s{4}(\w{4,})\s*:\s*[^=]+(?:=|$)"),
    re.compile(r"^-\s+self\.(\w{4,})\s*(?::[^=]*)?=[^=]"),
    re.compile(r"""^-\s*["'](VLLM_\w+)["']\s*:"""),
)
_RETURN = re.compile(r"^([-+])\s*return (.+)$")
_CONSTANT = re.compile(r"^([-+])([A-Z_][A-Z0-9_]+)\s*(?::[^=]*)?=\s*([^#]+?)\s*(?:#.*)?$")


def commits(mirror: Path, since: str, *paths: str) -> Iterator[tuple[str, str]]:
    """(header, patch text) per first-parent commit touching ``paths``."""
    args = ["log", "--first-parent", f"--since={since}", "-p", "-U0", "--no-renames", "--format=@@@%h %s", "main"]
    out = subprocess.run(
        ["git", "-C", str(mirror), *args, "--", *paths], capture_output=True, text=True, errors="replace"
    )
    for chunk in out.stdout.split("\n@@@")[0:]:
        head, _, body = chunk.removeprefix("@@@").partition("\n")
        yield head, body


def env_renames(mirror: Path, since: str) -> tuple[int, int]:
    hits = names = 0
    for _, body in commits(mirror, since, "vllm/envs.py"):
        signs: dict[str, set[str]] = {"-": set(), "+": set()}
        for line in body.split("\n"):
            if match := _ENV_ENTRY.match(line):
                signs[match.group(1)].add(match.group(2))
        gone = signs["-"] - signs["+"]
        hits, names = hits + bool(gone), names + len(gone)
    return hits, names


def config_names_gone(mirror: Path, since: str) -> tuple[int, int]:
    hits = names = 0
    for head, body in commits(mirror, since, "vllm/envs.py", "vllm/config.py", "vllm/config/*.py"):
        removed = {m.group(1) for line in body.split("\n") for rx in _FIELD if (m := rx.match(line))}
        removed = {n for n in removed if not n.startswith("_") and not re.search(rf"^\+.*\b{n}\b", body, re.M)}
        if not removed:
            continue
        sha = head.split()[0]
        grep = ["git", "-C", str(mirror), "grep", "-o", "-h", "-w", "-F", "-I"]
        grep += [x for n in sorted(removed) for x in ("-e", n)] + [sha, "--", "*.py"]
        gone = removed - set(subprocess.run(grep, capture_output=True, text=True).stdout.split())
        hits, names = hits + bool(gone), names + len(gone)
    return hits, names


def _length(expr: str) -> int | None:
    try:
        node = ast.parse(expr.strip(), mode="eval").body
    except SyntaxError:
        return None
    return len(node.elts) if isinstance(node, ast.Tuple) else None


def return_changes(mirror: Path, since: str) -> int:
    hits = 0
    for _, body in commits(mirror, since, "vllm/**.py"):
        for hunk in body.split("\n@@ "):
            lengths: dict[str, set[int | None]] = {"-": set(), "+": set()}
            for line in hunk.split("\n"):
                if match := _RETURN.match(line):
                    lengths[match.group(1)].add(_length(match.group(2)))
            old, new = lengths["-"], lengths["+"]
            if len(old) == 1 and len(new) == 1 and None not in old | new and old != new:
                hits += 1
                break
    return hits


def constant_changes(mirror: Path, since: str) -> int:
    hits = 0
    for _, body in commits(mirror, since, "vllm/**.py"):
        values: dict[str, dict[tuple[str, str], str]] = {"-": {}, "+": {}}
        path = ""
        for line in body.split("\n"):
            if line.startswith("+++ "):
                path = line[6:]
            elif match := _CONSTANT.match(line):
                values[match.group(1)][(path, match.group(2))] = match.group(3)
        old, new = values["-"], values["+"]
        hits += any(k in new and new[k] != v and _literal(v) and _literal(new[k]) for k, v in old.items())
    return hits


def _literal(text: str) -> bool:
    try:
        ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return False
    return True


def history_args(doc: str | None) -> argparse.Namespace:
    """The options of the history benchmarks: the vLLM mirror, and how far back to read it."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", type=utc_day, default="2025-01-01")
    return parser.parse_args()


def main() -> int:
    args = history_args(__doc__)
    started = time.perf_counter()
    env = env_renames(args.mirror, args.since)
    print(f"env vars renamed or removed in vllm/envs.py: {env[0]} commits, {env[1]} names")
    gone = config_names_gone(args.mirror, args.since)
    print(f"config fields/attributes/env entries gone from every Python file: {gone[0]} commits, {gone[1]} names")
    print(f"commits changing a returned tuple's length in a hunk: {return_changes(args.mirror, args.since)}")
    print(f"commits changing a module constant's literal value: {constant_changes(args.mirror, args.since)}")
    print(f"({time.perf_counter() - started:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
