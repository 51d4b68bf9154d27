"""Real upstream commits that remove or rename a worker method the code calls by its name, under a fork call.

vLLM runs a method on every worker by naming it: ``executor.collective_rpc("determine_num_available_blocks")``,
``self._run_workers("init_device")``, ``engine_core.call_utility("reset_prefix_cache")``.  When upstream removes
or renames the method (#27142 removed the V0 executors' ``determine_num_available_blocks``), it rewrites its own
string calls; a fork call still naming the old method merges cleanly, imports, starts, and fails with an
AttributeError in each worker when its path runs.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` since ``--since`` (threeway.first_parent_lines)
collects the method names upstream's lines pass as a string to one of vLLM's dispatchers (``DISPATCHERS``,
named here, not in the engine: the engine finds that a callee looks a method up by name in the tree) and the
commits K whose diff removes a ``def NAME(`` after which no ``vllm/`` Python file outside tests names NAME as a
word (it did at K^).  The fork (ours, on K^) adds one module: ``def aeon_rpc(executor): return
executor.DISPATCHER("NAME")``, with the dispatcher upstream's own call used.  base = K^, theirs = K.  Caught: a
merge/name-drift error on the call's line.

Precision (twins): the same carry naming a method the commit left alone (another dispatched name still defined
at K), and the gone name passed to a function of the carry's own that looks nothing up (a value, not a method);
any finding on their line is a false one.

  PYTHONPATH=. python benchmarks/dispatch_replay.py [--since 2025-01-01] [--limit 40] [--mirror DIR]
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from threeway import ENV, carried_findings_by_line, clone, first_parent_lines, git, replay_args

RULE = "merge/name-drift"
CARRY = "vllm/aeon_rpc_carry.py"
DISPATCHERS = ("collective_rpc", "_run_workers", "run_method", "call_utility", "call_utility_async", "_call_utility")
_CALL = re.compile(r"\b(" + "|".join(DISPATCHERS) + r""")\(\s*(?:method\s*=\s*)?["']([A-Za-z_]\w{3,})["']""")
_OPEN = re.compile(r"\b(" + "|".join(DISPATCHERS) + r")\(\s*$")
_FIRST = re.compile(r"""^\s*(?:method\s*=\s*)?["']([A-Za-z_]\w{3,})["']""")
_DEF = re.compile(r"^\s*(?:async\s+)?def\s+(\w+)\s*\(")


def _named(lines: list[str]) -> dict[str, str]:
    """method name -> the dispatcher a line passes it to by string (on the call's line or the next)."""
    out: dict[str, str] = {}
    for i, line in enumerate(lines):
        for dispatcher, name in _CALL.findall(line):
            out.setdefault(name, dispatcher)
        opened = _OPEN.search(line)
        if opened and i + 1 < len(lines) and (first := _FIRST.match(lines[i + 1])):
            out.setdefault(first.group(1), opened.group(1))
    return out


def _start_names(mirror: Path, since: str) -> dict[str, str]:
    first = git(mirror, "rev-list", "-1", "--first-parent", f"--before={since}", "main")
    done = subprocess.run(
        [
            "git",
            "-C",
            str(mirror),
            "grep",
            "-h",
            "-A1",
            "-E",
            r"\b(" + "|".join(DISPATCHERS) + r")\(",
            first,
            "--",
            "*.py",
        ],
        capture_output=True,
        text=True,
        env=ENV,
    )
    return _named(done.stdout.splitlines())


def _word_in(mirror: Path, rev: str, word: str) -> bool:
    spec = ["--", "vllm/*.py", ":(exclude)vllm/**/tests/**"]
    done = subprocess.run(["git", "-C", str(mirror), "grep", "-q", "-w", word, rev, *spec], env=ENV)
    return done.returncode == 0


def _defined(mirror: Path, rev: str, name: str) -> bool:
    done = subprocess.run(
        ["git", "-C", str(mirror), "grep", "-q", "-E", rf"def {name}\(", rev, "--", "vllm/*.py"], env=ENV
    )
    return done.returncode == 0


def cases(
    mirror: Path, since: str, limit: int, stale: list[tuple[str, str, str]]
) -> list[tuple[str, str, str, str | None]]:
    """(K, gone method, dispatcher, a dispatched method K left defined); ``stale`` gets the removals whose
    dispatcher upstream had already removed at K^ (the method was called some other way)."""
    named = _start_names(mirror, since)
    found: list[tuple[str, str, str, str | None]] = []
    for sha, lines in first_parent_lines(mirror, since):
        # the dispatcher upstream's newest call used (a removed call's only when none was added)
        for name, dispatcher in _named([code for _, sign, code in lines if sign > 0]).items():
            named[name] = dispatcher
        for name, dispatcher in _named([code for _, sign, code in lines if sign < 0]).items():
            named.setdefault(name, dispatcher)
        gone = {m.group(1) for _, sign, code in lines if sign < 0 and (m := _DEF.match(code))} & set(named)
        for name in sorted(gone):
            if _word_in(mirror, sha, name) or not _word_in(mirror, f"{sha}^", name):
                continue
            dispatcher = named[name]
            if not _defined(mirror, f"{sha}^", dispatcher):
                stale.append((sha, name, dispatcher))  # upstream's dispatcher itself is gone: no fork calls it
                continue
            kept = next((n for n, d in sorted(named.items()) if d == dispatcher and _defined(mirror, sha, n)), None)
            found.append((sha, name, dispatcher, kept))
            if len(found) >= limit:
                return found
    return found


def _carry(dispatcher: str, name: str, plain: bool = False) -> tuple[str, int]:
    lines = ["# AEON carry: a fork call of a worker method by its name", "", ""]
    lines += ["def aeon_note(name):", "    return name", "", ""]
    lines += ["def aeon_rpc(executor):"]
    line = len(lines) + 1
    lines += [f'    return aeon_note("{name}")' if plain else f'    return executor.{dispatcher}("{name}")', ""]
    return "\n".join(lines), line


def _findings(repo: Path, sha: str, dispatcher: str, name: str, plain: bool = False) -> list | None:
    text, line = _carry(dispatcher, name, plain)
    by_line = carried_findings_by_line(repo, sha, CARRY, text, {RULE})
    return None if by_line is None else by_line.get(line, [])


def main() -> None:
    parser = replay_args(__doc__, 40, "2025-01-01", "removed methods")
    args = parser.parse_args()
    started = time.perf_counter()
    stale: list[tuple[str, str, str]] = []
    found = cases(args.mirror, args.since, args.limit, stale)
    caught = errors = total = false = twins = conflicts = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, name, dispatcher, kept in found:
            hits = _findings(repo, sha, dispatcher, name)
            if hits is None:
                conflicts += 1
                continue
            total += 1
            caught += bool(hits)
            errors += any(f.severity.value == "error" for f in hits)
            others = [_findings(repo, sha, dispatcher, name, plain=True)]
            if kept is not None:
                others.append(_findings(repo, sha, dispatcher, kept))
            others = [fs for fs in others if fs is not None]
            twins += len(others)
            false += sum(bool(fs) for fs in others)
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            mark = "caught" if hits else "MISSED"
            print(f'  {sha[:10]} {dispatcher}("{name}") [{mark}] twin {kept} | {subject}')
            for f in [*hits, *(f for fs in others for f in fs)]:
                print(f"      {f.severity.value}: {f.message[:220]}")
    print(f"fork calls naming a method upstream removed or renamed: {caught}/{total} reported ({errors} errors)")
    print(f"twins (a method left alone, the gone name passed as a value): {false}/{twins} with a false finding")
    gone = ", ".join(f'{sha[:10]} {d}("{n}")' for sha, n, d in stale)
    print(f"removals whose dispatcher upstream had already removed (not replayed): {len(stale)} {gone}")
    print(f"merges that conflicted (not counted): {conflicts}; {time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
