"""Real upstream changes of vLLM's environment-variable registry replayed under a fork module that reads one.

vLLM's ``vllm/envs.py`` holds a registry, ``environment_variables = {"VLLM_X": lambda: ...os.getenv("VLLM_X",
default)...}``, read as ``envs.VLLM_X`` through the module's ``__getattr__``.  For each first-parent
commit K (since ``--since``) that changes the registry (a key removed, or a key's literal default
changed), the fork (ours, on K^) adds one module that reads the variable two ways: ``envs.VLLM_X``
(the registry's value: upstream's default when the fleet leaves it unset) and ``os.getenv("VLLM_X",
<K^'s default>)`` (the fork repeating upstream's old default, to decide as upstream did).  base = K^,
theirs = K; the merge is clean.

  gone     K removed the key: the ``envs.`` read fails or takes nothing.  Caught: an error on its line.
  default  K changed the key's default (``"0"`` -> ``"1"``: a fast path now on, or off): both reads
           now decide otherwise than upstream does when the variable is unset.  Caught: a finding
           (a warning is enough: the fleet may set the variable) on each read's line.
  respelled K changed how the default is written, not what it means (``False`` -> ``"0"``, a bug fix of
           the parsing): nothing is broken; a finding on the reads is a false one.
  twin     the same module reading a variable K left alone (in the registry at K^ and K, same
           default): any finding on its lines is a false one.

  PYTHONPATH=. python benchmarks/env_replay.py [--since 2025-01-01] [--limit 60] [--mirror DIR] [--verbose]
"""

from __future__ import annotations

import ast
import random
import sys
import tempfile
import time
from pathlib import Path

from threeway import Finding, carried_findings_by_line, clone, git, replay_args, show

CARRY = "vllm/aeon_carries/aeon_env_carry.py"
RULES = ("merge/name-drift", "merge/symbol-drift", "merge/default-drift")
TEMPLATE = '''"""A fork carry: the fork's own path, taken as an environment variable says."""

import os

import vllm.envs as envs


def aeon_env_path() -> bool:
    return bool(envs.{name})


def aeon_env_raw() -> str:
    return os.getenv("{name}", {default})
'''
ENVS_LINE, RAW_LINE = 9, 13


def on_carry(repo: Path, sha: str, text: str) -> dict[int, list[Finding]] | None:
    """The findings of RULES on the carry's lines, by line, when K merges onto K^ plus the carry (None: a conflict)."""
    return carried_findings_by_line(repo, sha, CARRY, text, RULES)


def registry(text: str | None) -> dict[str, str | None]:
    """Key -> its literal default (source text) or None, of the module's ``environment_variables`` dict."""
    try:
        module = ast.parse(text or "")
    except SyntaxError:
        return {}
    out: dict[str, str | None] = {}
    for node in module.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        value = getattr(node, "value", None)
        if getattr(target, "id", "") != "environment_variables" or not isinstance(value, ast.Dict):
            continue
        for key, entry in zip(value.keys, value.values):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue
            default = None
            for n in ast.walk(entry):
                if (
                    isinstance(n, ast.Call)
                    and len(n.args) >= 2
                    and isinstance(n.args[0], ast.Constant)
                    and n.args[0].value == key.value
                    and isinstance(n.args[1], ast.Constant)
                ):
                    default = repr(n.args[1].value)
            out[key.value] = default
    return out


def changes(mirror: Path, since: str) -> list[tuple[str, str, str, str | None, str | None, str]]:
    """(K, kind, key, default at K^, default at K, an unchanged twin key) per registry change."""
    commits = git(mirror, "log", f"--since={since}", "--first-parent", "--format=%H", "main", "--", "vllm/envs.py")
    found = []
    for sha in reversed(commits.split()):
        old, new = registry(show(mirror, f"{sha}^", "vllm/envs.py")), registry(show(mirror, sha, "vllm/envs.py"))
        if not old or not new:
            continue
        same = sorted(k for k in old.keys() & new.keys() if old[k] == new[k] and old[k] is not None)
        rng = random.Random(sha)
        for key in sorted(old.keys() - new.keys()):
            found.append((sha, "gone", key, old[key], None, rng.choice(same)))
        for key in sorted(old.keys() & new.keys()):
            if old[key] is not None and new[key] is not None and old[key] != new[key]:
                kind = "default" if flag(old[key]) != flag(new[key]) else "respelled"
                found.append((sha, kind, key, old[key], new[key], rng.choice(same)))
    return found


def flag(text: str | None) -> object:
    """A default as the code that parses it sees it: the spellings of off and of on are one value each."""
    try:
        value = ast.literal_eval(text) if text is not None else None
    except (ValueError, SyntaxError):
        return text
    if isinstance(value, str):
        low = value.strip().lower()
        return False if low in ("0", "false", "") else True if low in ("1", "true") else low
    return bool(value) if isinstance(value, (bool, int)) and value in (0, 1) else value


def main() -> None:
    parser = replay_args(__doc__, 60, per="cases per kind, drawn in a fixed shuffled order")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    found = changes(args.mirror, args.since)
    random.Random(0).shuffle(found)
    kinds = {"gone": [0, 0], "default": [0, 0], "default-raw": [0, 0], "respelled": [0, 0]}
    false = [0, 0, 0]  # twins with an error, with a warning, all
    taken = {"gone": 0, "default": 0, "respelled": 0}
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, kind, key, old, new, twin in found:
            if taken[kind] >= args.limit:
                continue
            carry = TEMPLATE.format(name=key, default=old or "None")
            found_on = on_carry(repo, sha, carry)
            if found_on is None:
                continue
            hits, raw = found_on.get(ENVS_LINE, []), found_on.get(RAW_LINE, [])
            taken[kind] += 1
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            label = f"{sha[:10]} {key} {old} -> {new} | {subject}"
            caught = any(f.blocking for f in hits) if kind == "gone" else bool(hits or (kind == "respelled" and raw))
            kinds[kind][0] += caught
            kinds[kind][1] += 1
            if kind == "default":
                kinds["default-raw"][0] += bool(raw)
                kinds["default-raw"][1] += 1
            if (not caught) != (kind == "respelled") or (kind == "default" and not raw) or args.verbose:
                tag = ("FALSE " if caught else "clean ") if kind == "respelled" else "caught" if caught else "MISSED"
                print(f"  {tag} {kind:7} {label}" + ("" if kind == "gone" or raw else " [raw read missed]"))
                for f in [*hits, *raw]:
                    print(f"      {f.severity.value} {f.rule_id} {f.line}: {f.message[:220]}")
            other = TEMPLATE.format(name=twin, default=old or "None")
            on_twin = [f for fs in (on_carry(repo, sha, other) or {}).values() for f in fs]
            false[2] += 1
            false[0] += any(f.blocking for f in on_twin)
            false[1] += bool(on_twin) and not any(f.blocking for f in on_twin)
            for f in on_twin:
                print(f"  FALSE  twin {twin} at {sha[:10]}: {f.severity.value} {f.message[:200]}")
    for kind, (hit, total) in kinds.items():
        print(f"{kind}: {hit}/{total} " + ("with a false finding" if kind == "respelled" else "caught"))
    print(f"twins: {false[0]}/{false[2]} with a false error, {false[1]}/{false[2]} with a false warning")
    print(f"{len(found)} registry changes mined; {time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
