"""Shared by precision_bench.py and killer_replay.py: three-way merges of real history, no checkout.

A shared, checkout-less clone of the vLLM mirror holds the commits the benchmarks create: the fork
side is a commit made with ``git commit-tree`` from the base's tree plus the carry's blobs, the
merge is ``git merge-tree --write-tree``, and only the files either side changed are written to a
folder that stands for the merged tree (the merge-aware audit reads nothing else).  The audit is
the engine's own ``merge_findings``, so every merge-aware check of the engine is measured.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

# AEON_SRC: measure another checkout of aeon-release (e.g. main, for the time the new checks add)
sys.path.insert(0, os.environ.get("AEON_SRC") or str(Path(__file__).resolve().parents[1]))

from aeon_release.domain.audits.drift.signatures import Sig, call_problem  # noqa: E402
from aeon_release.domain.audits.merge import merge_findings  # noqa: E402
from aeon_release.domain.audits.model import Finding, MergeSides, Settings  # noqa: E402
from aeon_release.domain.audits.source import GitTree, SourceCache  # noqa: E402


def _fleet_settings() -> Settings:
    """The engine's defaults with the fleet's device (the repository's audits/: settings: device), as
    `merge` runs with the fleet's rules: device-gate drift is measured too."""
    from aeon_release.domain.audits.config import load_rules
    from aeon_release.errors import ConfigError

    try:
        return Settings(device=load_rules(Path(__file__).resolve().parents[1]).settings.device)
    except (ConfigError, TypeError):  # an older engine (AEON_SRC) that has no such setting
        return Settings()


FLEET = _fleet_settings()

MIRROR = Path("/work/.mirror/neuralmagic+vllm/repo")
ENV = {
    **os.environ,
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "b@x",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "b@x",
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
    "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
}


def git(repo: Path, *args: str, stdin: str | None = None, check: bool = True, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, input=stdin, env=env or ENV)
    if check and done.returncode != 0:
        raise RuntimeError(f"git {' '.join(args[:3])} failed: {done.stderr.strip()[:300]}")
    return done.stdout.rstrip("\n")


_TEST_PATH = re.compile(r"(^|/)tests?/|/test_[^/]*\.py$")


def first_parent_lines(mirror: Path, since: str) -> Iterator[tuple[str, list[tuple[str, int, str]]]]:
    """Each first-parent commit of main since ``since`` (oldest first) with the lines its diff of
    ``vllm/*.py`` adds (+1) and removes (-1) outside tests, as (path, sign, code before any ``#``).  A
    deleted file's lines count as removed (its ``+++ /dev/null`` keeps the path of its ``---`` line)."""
    args = ["log", "--first-parent", "--reverse", f"--since={since}", "-p", "-U0", "--no-renames", "--format=@@C %H", "main", "--", "vllm/*.py"]  # fmt: skip
    proc = subprocess.Popen(
        ["git", "-C", str(mirror), *args], stdout=subprocess.PIPE, text=True, errors="replace", env=ENV
    )
    assert proc.stdout is not None
    sha, path, lines = "", "", []
    for raw in proc.stdout:
        line = raw.rstrip("\n")
        if line.startswith("@@C "):
            if sha:
                yield sha, lines
            sha, lines = line[4:], []
        elif line.startswith("--- "):
            path = line[6:] if line[4:6] == "a/" else ""
        elif line.startswith("+++ "):
            path = line[6:] if line[4:6] == "b/" else path
        elif path and not _TEST_PATH.search(path) and line[:1] in ("+", "-"):
            lines.append((path, 1 if line[0] == "+" else -1, line[1:].split("#", 1)[0]))
    if sha:
        yield sha, lines
    proc.wait()


def clone(mirror: Path, where: Path) -> Path:
    """A clone sharing the mirror's objects: new commits go here, the mirror stays untouched."""
    subprocess.run(
        ["git", "clone", "--quiet", "--shared", "--no-checkout", str(mirror), str(where)],
        check=True,
        capture_output=True,
        env=ENV,
    )
    return where


def show(repo: Path, rev: str, path: str) -> str | None:
    done = subprocess.run(["git", "-C", str(repo), "show", f"{rev}:{path}"], capture_output=True, env=ENV)
    return done.stdout.decode("utf-8", errors="replace") if done.returncode == 0 else None


def commit_files(repo: Path, parent: str, files: dict[str, str], message: str) -> str:
    """A commit on ``parent`` whose tree is the parent's with ``files`` written (plumbing only)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**ENV, "GIT_INDEX_FILE": str(Path(tmp) / "index")}
        git(repo, "read-tree", parent, env=env)
        for path, text in files.items():
            blob = git(repo, "hash-object", "-w", "--stdin", stdin=text)
            git(repo, "update-index", "--add", "--cacheinfo", f"100644,{blob},{path}", env=env)
        tree = git(repo, "write-tree", env=env)
    return git(repo, "commit-tree", tree, "-p", parent, "-m", message)


@dataclass(frozen=True)
class Merged:
    sides: MergeSides
    tree_oid: str
    folder: Path  # the changed files of the merged tree
    git_seconds: float  # git merge-tree


def merge(repo: Path, base: str, ours: str, theirs: str, folder: Path) -> Merged | None:
    """``git merge-tree``; None on a conflict.  Writes both sides' changed files of the result to ``folder``."""
    started = time.perf_counter()
    done = subprocess.run(
        ["git", "-C", str(repo), "merge-tree", "--write-tree", "--no-messages", ours, theirs],
        capture_output=True,
        text=True,
        env=ENV,
    )  # base: their merge base
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        return None
    tree = done.stdout.split()[0]
    paths = sorted(set(_changed(repo, base, ours)) | set(_changed(repo, base, theirs)))
    _write(repo, tree, paths, folder)
    return Merged(MergeSides(repo, base, ours, theirs), tree, folder, seconds)


def _changed(repo: Path, a: str, b: str) -> list[str]:
    return [p for p in git(repo, "diff", "--name-only", "--no-renames", a, b).splitlines() if p]


def _write(repo: Path, tree: str, paths: list[str], folder: Path) -> None:
    request = "".join(f"{tree}:{p}\n" for p in paths).encode()
    out = subprocess.run(
        ["git", "-C", str(repo), "cat-file", "--batch"], input=request, capture_output=True, env=ENV, check=True
    ).stdout
    at = 0
    for path in paths:
        end = out.index(b"\n", at)
        header = out[at:end].split()
        at = end + 1
        if len(header) < 3 or header[1] != b"blob":
            continue
        size = int(header[2])
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(out[at : at + size])
        at += size + 1


def audit(merged: Merged) -> tuple[list[Finding], float]:
    """The engine's merge-aware findings on the merged files, and the seconds they took."""
    # The whole merged tree from the object database, as `merge` audits it: symbol drift resolves
    # imports and base classes in files neither side changed.
    started = time.perf_counter()
    tree = GitTree(merged.sides.repo, merged.tree_oid)
    try:
        findings = merge_findings(SourceCache(tree), merged.sides, FLEET)
    finally:
        tree.close()
    return findings, time.perf_counter() - started


def broken(required: list[str], new: Sig) -> bool:
    """Whether a call passing ``required`` by position, each named as the old parameter it filled,
    breaks under the new signature: it no longer fits, or an argument now fills another parameter."""
    call = ast.parse(f"f({', '.join(required)})", mode="eval").body
    assert isinstance(call, ast.Call)
    if call_problem(call, new) is not None:
        return True
    return any(i >= len(new.positional) or new.positional[i] != name for i, name in enumerate(required))


def carried_findings(
    repo: Path, sha: str, path: str, text: str, line: int, rules: Collection[str]
) -> list[Finding] | None:
    """The engine's findings of ``rules`` on ``path:line`` when upstream commit ``sha`` merges onto
    its parent plus a carry that writes ``text`` to ``path`` (None when that merge conflicts)."""
    by_line = carried_findings_by_line(repo, sha, path, text, rules)
    return None if by_line is None else by_line.get(line, [])


def carried_findings_by_line(
    repo: Path, sha: str, path: str, text: str, rules: Collection[str]
) -> dict[int, list[Finding]] | None:
    """:func:`carried_findings` on every line of ``path``, by line."""
    base = git(repo, "rev-parse", f"{sha}^")
    ours = commit_files(repo, base, {path: text}, "carry")
    with tempfile.TemporaryDirectory() as folder:
        merged = merge(repo, base, ours, sha, Path(folder))
        if merged is None:
            return None
        findings = audit(merged)[0]
    out: dict[int, list[Finding]] = {}
    for f in findings:
        if f.path == path and f.rule_id in rules:
            out.setdefault(f.line, []).append(f)
    return out


FORK_NOTE = "vllm/aeon_fork_note.py"  # the one fork module a gate replay's fork adds (both sides change something)


def merged_under_a_carry(repo: Path, sha: str) -> tuple[str, str, str | None]:
    """Upstream commit ``sha`` merged onto its parent plus one fork module (both sides change something):
    the base, the fork's commit, and the merged tree (None when the merge failed)."""
    base = git(repo, "rev-parse", f"{sha}^")
    ours = commit_files(repo, base, {FORK_NOTE: "FORK_NOTE = 'carried'\n"}, "fork: a carry")
    done = git(repo, "merge-tree", "--write-tree", "--no-messages", ours, sha, check=False)
    return base, ours, done.split()[0] if done else None


def replay_gate_commits(
    repo: Path,
    found: list[tuple[str, str]],
    settings: Settings,
    keep: Callable[[Finding], bool] = lambda finding: True,
    width: int = 260,
) -> None:
    """For each upstream commit K (sha, subject): the merge base is K's first parent, upstream is K,
    the fork is the base plus one new fork module; the merge is clean, the merge-aware audit runs on
    the merged tree, and every merge/device-gate finding ``keep`` accepts is printed under K's
    subject.  Then the totals: commits replayed, with an error (the device loses a path), with
    warnings only."""
    from aeon_release.domain.audits.merge_rules import DEVICE_GATE

    errors = warnings = 0
    started = time.perf_counter()
    for sha, subject in reversed(found):
        base, ours, merged = merged_under_a_carry(repo, sha)
        if merged is None:
            print(f"  {sha[:10]} {subject[:70]}: merge failed")
            continue
        tree = GitTree(repo, merged)
        try:
            findings = merge_findings(SourceCache(tree), MergeSides(repo, base, ours, sha), replace(settings))
        finally:
            tree.close()
        gates = [f for f in findings if f.rule_id == DEVICE_GATE and keep(f)]
        severities = {f.severity.value for f in gates}
        errors += "error" in severities
        warnings += severities == {"warning"}
        if gates:
            print(f"{sha[:10]} {subject[:90]}")
            for f in gates:
                print(f"    {f.severity.value}: {f.path}:{f.line}: {f.message[:width]}")
    print(
        f"\n{len(found)} commits replayed in {time.perf_counter() - started:.0f} s: {errors} with an error "
        f"(the device loses a path), {warnings} with warnings only"
    )


def first_parent_commits(repo: Path, since: str, pathspec: str, *search: str) -> list[tuple[str, str]]:
    """(sha, subject) of the commits on main's first-parent line since ``since`` touching ``pathspec``
    that ``git log`` finds with ``search`` (``-G PATTERN``, ``-E``), newest first."""
    out = git(repo, "log", "--first-parent", "main", f"--since={since}", "--format=%H %s", *search, "--", pathspec)
    return [(line[:40], line[41:]) for line in out.splitlines() if line]


def run_gate_replay(
    args: argparse.Namespace,
    settings: Settings,
    find: Callable[[Path], list[tuple[str, str]]],
    what: str,
    **replay: Any,
) -> None:
    """A gate replay's run: the mirror cloned, the commits ``find`` picks in it (at most ``--limit``),
    a line saying how many ``what`` (``change a capability check``), then replay_gate_commits."""
    assert settings.device is not None  # noqa: S101 - device_settings() refuses a config without one
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        found = find(repo)
        if args.limit:
            found = found[: args.limit]
        print(f"device {settings.device.label}; {len(found)} upstream commits {what} since {args.since}")
        replay_gate_commits(repo, found, settings, **replay)


_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def utc_day(text: str) -> str:
    """A ``--since`` day as the full UTC timestamp of its start (``2025-01-01`` -> ``2025-01-01T00:00:00Z``), as
    precision_bench's START: git reads a bare date as that day at the current time of day, so a replay's window
    moved with the hour it ran and two runs of the same code picked different commits.  Anything else (a
    timestamp already, ``2.weeks.ago``) is git's to read, as given."""
    return f"{text}T00:00:00Z" if _DAY.fullmatch(text) else text


def replay_args(description: str, limit: int, since: str = "2025-01-01", per: str = "") -> argparse.ArgumentParser:
    """A replay's options: the mirror, the first day of history, how many cases (``per``: of what)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", type=utc_day, default=since)
    parser.add_argument("--limit", type=int, default=limit, help=per or None)
    return parser


def gate_replay_args(description: str, since: str) -> argparse.ArgumentParser:
    """A gate replay's options: the mirror, the first day of history, a limit (0: every commit)."""
    return replay_args(description, 0, since)


def device_settings() -> Settings:
    """The repository's audits/ settings with the fleet's device (a replay without one cannot run)."""
    from aeon_release.domain.audits.config import load_rules

    settings = load_rules(Path(__file__).resolve().parents[1]).settings
    if settings.device is None:
        raise SystemExit("audits/ sets no device (settings: device)")
    return Settings(device=settings.device, pr_subject_pattern=settings.pr_subject_pattern)
