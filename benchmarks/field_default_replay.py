"""Real upstream changes of vLLM's configuration defaults replayed under a fork module that reads one.

vLLM's configuration classes (``vllm/config.py``, later ``vllm/config/*.py``, and ``EngineArgs`` in
``vllm/engine/arg_utils.py``) declare each option with a default: ``disable_cascade_attn: bool =
False``, ``field(default=...)``.  For each first-parent commit K (since ``--since``) that changes a
class field's literal default, the fork (ours, on K^) adds one module that reads the field off the
configuration object, ``vllm_config.<class in snake_case>.<field>``.  base = K^, theirs = K; the merge
is clean.

  default   K changed what the default means to code that tests it (its truth, or a true value for
            another: ``False`` -> ``True``, ``"lazy"`` -> ``None``, ``1024`` -> ``16384``): where the
            fleet leaves the option unset, the fork's code now gets the new value.  Caught: a finding
            (a warning is enough: the fleet may set the option) on the read's line.
  falsy     K swapped one false default for another (``False`` -> ``None``: "decided at run time"): a
            test of the field's truth sees the same; a finding is a false one.
  twin      the same module reading a field of the same class that K left alone: any finding on its
            line is a false one.

  PYTHONPATH=. python benchmarks/field_default_replay.py [--since 2025-01-01] [--limit 60] [--mirror DIR] [--verbose]
"""

from __future__ import annotations

import ast
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from threeway import Finding, carried_findings_by_line, clone, git, replay_args, show

CARRY = "vllm/aeon_carries/aeon_field_carry.py"
RULES = ("merge/default-drift",)
PATHS = ("vllm/config.py", "vllm/config", "vllm/engine/arg_utils.py")
TEMPLATE = '''"""A fork carry: the fork's own path, taken as a configuration option says."""


def aeon_field_path(vllm_config) -> bool:
    return bool(vllm_config.{holder}.{name})
'''
READ_LINE = 5
_Value = str | int | float | bool | None


def on_carry(repo: Path, sha: str, text: str) -> dict[int, list[Finding]] | None:
    """The findings of RULES on the carry's lines, by line, when K merges onto K^ plus the carry (None: a conflict)."""
    return carried_findings_by_line(repo, sha, CARRY, text, RULES)


def fields(text: str | None) -> dict[tuple[str, str], tuple[str, _Value]]:
    """(class, field) -> its literal default (source, value), for class-body fields declared once."""
    try:
        module = ast.parse(text or "")
    except SyntaxError:
        return {}
    seen: dict[tuple[str, str], list[tuple[str, _Value] | None]] = {}
    for node in ast.walk(module):
        if not isinstance(node, ast.ClassDef):
            continue
        for stmt in node.body:
            target = stmt.target if isinstance(stmt, ast.AnnAssign) else None
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                target = stmt.targets[0]
            value = getattr(stmt, "value", None)
            if not isinstance(target, ast.Name) or value is None:
                continue
            if isinstance(value, ast.Call) and getattr(value.func, "id", getattr(value.func, "attr", "")) == "field":
                value = next((k.value for k in value.keywords if k.arg == "default"), None)
            literal = None
            if isinstance(value, ast.Constant) or (
                isinstance(value, ast.UnaryOp) and isinstance(value.operand, ast.Constant)
            ):
                literal = (ast.unparse(value), ast.literal_eval(value))
            seen.setdefault((node.name, target.id), []).append(literal)
    return {key: values[0] for key, values in seen.items() if len(values) == 1 and values[0] is not None}


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


def changes(mirror: Path, since: str) -> list[tuple[str, str, str, str, str, str, str | None]]:
    """(K, kind, class, field, default at K^, default at K, an unchanged twin field of the class)."""
    commits = git(mirror, "log", f"--since={since}", "--first-parent", "--format=%H", "main", "--", *PATHS)
    found = []
    for sha in reversed(commits.split()):
        touched = git(mirror, "diff-tree", "--no-commit-id", "--name-only", "-r", sha, "--", *PATHS).split()
        for path in (p for p in touched if p.endswith(".py")):
            old, new = fields(show(mirror, f"{sha}^", path)), fields(show(mirror, sha, path))
            rng = random.Random(sha + path)
            for key in sorted(old.keys() & new.keys()):
                (old_text, a), (new_text, b) = old[key], new[key]
                if old_text == new_text:
                    continue
                kind = "default" if bool(a) != bool(b) or (bool(a) and a != b) else "falsy"
                same = sorted(f for (c, f), v in old.items() if c == key[0] and f != key[1] and new.get((c, f)) == v)
                found.append((sha, kind, key[0], key[1], old_text, new_text, rng.choice(same) if same else None))
    return found


def main() -> None:
    parser = replay_args(__doc__, 60, per="cases per kind, drawn in a fixed shuffled order")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    found = changes(args.mirror, args.since)
    random.Random(0).shuffle(found)
    kinds = {"default": [0, 0], "falsy": [0, 0]}
    false = [0, 0, 0]  # twins with an error, with a warning, all
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, kind, owner, name, old, new, twin in found:
            if kinds[kind][1] >= args.limit:
                continue
            holder = snake(owner)
            found_on = on_carry(repo, sha, TEMPLATE.format(holder=holder, name=name))
            if found_on is None:
                continue
            hits = found_on.get(READ_LINE, [])
            kinds[kind][0] += bool(hits)
            kinds[kind][1] += 1
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            label = f"{sha[:10]} {owner}.{name} {old} -> {new} | {subject}"
            if bool(hits) != (kind == "default") or args.verbose:
                tag = ("FALSE " if hits else "clean ") if kind == "falsy" else "caught" if hits else "MISSED"
                print(f"  {tag} {kind:7} {label}")
                for f in hits:
                    print(f"      {f.severity.value} {f.rule_id} {f.line}: {f.message[:220]}")
            if twin is None:
                continue
            on_twin = [
                f for fs in (on_carry(repo, sha, TEMPLATE.format(holder=holder, name=twin)) or {}).values() for f in fs
            ]
            false[2] += 1
            false[0] += any(f.blocking for f in on_twin)
            false[1] += bool(on_twin) and not any(f.blocking for f in on_twin)
            for f in on_twin:
                print(f"  FALSE  twin {owner}.{twin} at {sha[:10]}: {f.severity.value} {f.message[:200]}")
    print(f"default: {kinds['default'][0]}/{kinds['default'][1]} caught")
    print(f"falsy: {kinds['falsy'][0]}/{kinds['falsy'][1]} with a false finding")
    print(f"twins: {false[0]}/{false[2]} with a false error, {false[1]}/{false[2]} with a false warning")
    print(f"{len(found)} default changes mined; {time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
