"""Real upstream insertions into ordered lists replayed under a fork carry that put its own entry lower.

For each first-parent commit K of vLLM (since ``--since``, newest first) that inserts one entry into a
multi-line list or tuple of three or more classes or members (``Fp8MoeBackend.HUMMING`` into
``_get_priority_backends``'s list, a kernel class into ``_POSSIBLE_KERNELS``) of a ``vllm/`` module
(not a test), not as its last entry, one entry a line, in a display whose order can matter (the
engine's own test: not a membership test, a set, a type tuple or ``__all__``), the fork (ours, on K^)
inserts its own entry of the same kind into the same list *below* K's: base = K^, theirs = K, and the
merge is clean.  After it, K's entry is tried before the carry's, which was not the case on the fork:
caught is a merge/order-drift finding on the carry's line.

Precision: the same carry inserted *above* K's entry (at the top of the list), where K changes
nothing the carry relies on; any order-drift finding, or any error, on its line is a false one.

Branches: K inserts one branch into a chain of three or more ``if``s of a function that each return a
choice (the engine's ``returning_ladders``: ``select_*_backend``, ``get_attn_backend_cls``), not as
its last; the fork adds ``if aeon_carry_enabled(): return <the last branch's choice>`` (an ``elif``
in an ``elif`` chain) before the chain's last branch.  Twin: the same branch above the chain's first
(a flat chain only).

  PYTHONPATH=. python benchmarks/order_replay.py [--since 2025-01-01] [--limit 40] [--mirror DIR]
      [--only lists|branches]
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from threeway import Finding, carried_findings_by_line, clone, git, replay_args, show

from aeon_release.domain.audits.drift.orders import ordered_lists, returning_ladders

RULE = "merge/order-drift"
_ENTRY_LINE = re.compile(r"^\+\s*(?:[A-Za-z_]\w*\.)*[A-Z]\w*,?\s*$")  # a class or a member, alone on its line
_BRANCH_LINE = re.compile(r"^\+\s*(?:el)?if\b.*:\s*$")  # a branch's header
_TEST = re.compile(r"(^|/)tests?/|/test_[^/]*\.py$")

Case = tuple[str, str, int, list[int], str]  # K, path, index K inserted at, K^'s entry lines, a carry entry


def displays(text: str | None) -> list[list[ast.expr]]:
    """The ordered displays of a module (the engine's notion of ordered), one entry a line."""
    try:
        module = ast.parse(text or "")
    except SyntaxError:
        return []
    out = []
    for entries in ordered_lists(module):
        lines = [e.lineno for e in entries]
        if len(set(lines)) == len(lines) and all(e.lineno == e.end_lineno for e in entries):
            out.append(entries)
    return out


def insertion(old: list[ast.expr], new: list[ast.expr]) -> int | None:
    """Where ``new`` is ``old`` with one entry inserted (not last): its index, else None."""
    a, b = [ast.dump(e) for e in old], [ast.dump(e) for e in new]
    if len(b) != len(a) + 1:
        return None
    for j in range(len(a)):
        if b[:j] + b[j + 1 :] == a and b[j] not in a:
            return j
    return None


def carry_entry(entries: list[ast.expr]) -> str:
    """An entry of the same kind as the list's: ``Prefix.AEON_CARRY`` or ``AeonCarryKernel``."""
    first = ast.unparse(entries[0])
    return f"{first.rsplit('.', 1)[0]}.AEON_CARRY" if "." in first else "AeonCarryKernel"


class Blobs:
    """Files at revisions through one ``git cat-file --batch`` (thousands of reads, one process)."""

    def __init__(self, repo: Path) -> None:
        self.proc = subprocess.Popen(
            ["git", "-C", str(repo), "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )

    def text(self, rev: str, path: str) -> str | None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{rev}:{path}\n".encode())
        self.proc.stdin.flush()
        header = self.proc.stdout.readline().split()
        if len(header) < 3 or header[1] != b"blob":
            return None
        data = self.proc.stdout.read(int(header[2]) + 1)[:-1]
        return data.decode("utf-8", errors="replace")

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def in_a_list(text: str, added: list[str]) -> bool:
    """Whether one of the added entry lines sits in a bracketed display that is not an import's
    (the nearest line above that opens a bracket): text only, before any parse."""
    lines = text.split("\n")
    wanted = {a.strip() for a in added}
    for n, line in enumerate(lines):
        if line.strip() not in wanted:
            continue
        for above in reversed(lines[max(0, n - 60) : n]):
            code = above.split("#", 1)[0].rstrip()
            if code.endswith(("(", "[")):
                if code.lstrip().startswith(("from ", "import ")):
                    break
                if code.endswith("[") or (
                    code.endswith(("= (", "return (", "(")) and not code[:-1].rstrip()[-1:].isalnum()
                ):
                    return True
                break
    return False


def cases(mirror: Path, since: str, limit: int) -> tuple[list[Case], int]:
    """The cases (newest first) and how many commits insert an entry into an ordered list."""
    log = git(
        mirror, "log", f"--since={since}", "--first-parent", "-p", "-U0", "--format=@@C %H", "main", "--", "vllm/"
    )
    hinted: dict[tuple[str, str], list[str]] = {}
    sha, path = "", ""
    for line in log.splitlines():
        if line.startswith("@@C "):
            sha = line[4:]
        elif line.startswith("+++ b/"):
            path = line[6:]
        elif path.endswith(".py") and not _TEST.search(path) and _ENTRY_LINE.match(line):
            hinted.setdefault((sha, path), []).append(line[1:])
    found: list[Case] = []
    commits: set[str] = set()
    blobs = Blobs(mirror)
    try:
        for (sha, path), added in hinted.items():
            after_text = blobs.text(sha, path)
            if after_text is None or not in_a_list(after_text, added):
                continue
            old, new = displays(blobs.text(f"{sha}^", path)), displays(after_text)
            for after in new:
                hit = next(((o, j) for o in old if (j := insertion(o, after)) is not None), None)
                if hit is None:
                    continue
                before, j = hit
                commits.add(sha)
                if len(found) < limit and j + 1 < len(before) and sha not in {c[0] for c in found}:
                    found.append((sha, path, j, [e.lineno for e in before], carry_entry(before)))
                break
    finally:
        blobs.close()
    return found, len(commits)


def with_carry(text: str, at_line: int, entry: str) -> str:
    lines = text.split("\n")
    target = lines[at_line - 1]
    indent = target[: len(target) - len(target.lstrip())]
    return "\n".join([*lines[: at_line - 1], f"{indent}{entry},", *lines[at_line - 1 :]])


def on_carry(repo: Path, sha: str, path: str, text: str, entry: str) -> list[Finding] | None:
    by_line = carried_findings_by_line(repo, sha, path, text, {RULE, *ERRORS})
    if by_line is None:
        return None
    return [f for fs in by_line.values() for f in fs if f" {entry} (line" in f.message or f.blocking]


BranchCase = tuple[str, str, int, list[tuple[int, bool]], str]  # K, path, index, K^'s branches (line, elif), return


def ladders(text: str | None) -> dict[str, list[list[ast.If]]]:
    """qualname of each function -> its returning ladders (the engine's own)."""
    try:
        module = ast.parse(text or "")
    except SyntaxError:
        return {}
    out: dict[str, list[list[ast.If]]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out[prefix + child.name] = list(returning_ladders(child))
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")

    visit(module, "")
    return out


def is_elif(text: list[str], branch: ast.If) -> bool:
    return text[branch.lineno - 1].lstrip().startswith("elif")


def branch_cases(mirror: Path, since: str, limit: int) -> tuple[list[BranchCase], int]:
    """Commits that insert one returning branch into a ladder of three or more (not as its last)."""
    log = git(
        mirror, "log", f"--since={since}", "--first-parent", "-p", "-U0", "--format=@@C %H", "main", "--", "vllm/"
    )
    hinted: list[tuple[str, str]] = []
    sha, path, header = "", "", False
    for line in log.splitlines():
        if line.startswith("@@C "):
            sha = line[4:]
        elif line.startswith("+++ b/"):
            path = line[6:]
        elif header and line.lstrip("+").lstrip().startswith("return "):  # an added branch that returns
            if not hinted or hinted[-1] != (sha, path):
                hinted.append((sha, path))
        header = path.endswith(".py") and not _TEST.search(path) and _BRANCH_LINE.match(line) is not None
    found: list[BranchCase] = []
    commits: set[str] = set()
    blobs = Blobs(mirror)
    try:
        for sha, path in hinted:
            before_text, after_text = blobs.text(f"{sha}^", path), blobs.text(sha, path)
            old, new = ladders(before_text), ladders(after_text)
            lines = (before_text or "").split("\n")
            hit = None
            for name in old.keys() & new.keys():
                for after in new[name]:
                    for before in old[name]:
                        a = [ast.dump(b.test) for b in before]
                        b = [ast.dump(x.test) for x in after]
                        if len(b) != len(a) + 1:
                            continue
                        j = next((j for j in range(len(a)) if b[:j] + b[j + 1 :] == a and b[j] not in a), None)
                        if j is not None:
                            hit = (before, j)
                            break
                    if hit:
                        break
                if hit:
                    break
            if hit is None:
                continue
            before, j = hit
            commits.add(sha)
            if len(found) < limit and j + 1 < len(before):
                last = before[-1].body[-1]
                assert isinstance(last, ast.Return) and last.value is not None
                found.append((sha, path, j, [(b.lineno, is_elif(lines, b)) for b in before], ast.unparse(last.value)))
    finally:
        blobs.close()
    return found, len(commits)


def with_branch(text: str, at: tuple[int, bool], returned: str, top: bool) -> str:
    """The fork's branch before the branch at ``at`` (line, is an elif): an ``elif`` in a chain, else an ``if``."""
    lines = text.split("\n")
    line, elif_ = at
    target = lines[line - 1]
    indent = target[: len(target) - len(target.lstrip())]
    keyword = "elif" if elif_ and not top else "if"
    carry = [f"{indent}{keyword} aeon_carry_enabled():", f"{indent}    return {returned}"]
    return "\n".join([*lines[: line - 1], *carry, *lines[line - 1 :]])


def replay_branches(repo: Path, mirror: Path, found: list[BranchCase]) -> None:
    caught = [0, 0]
    false = [0, 0]
    for sha, path, j, branches, returned in found:
        text = show(repo, f"{sha}^", path) or ""
        subject = git(mirror, "log", "-1", "--format=%s", sha)[:60]
        hits = on_carry(repo, sha, path, with_branch(text, branches[-1], returned, False), "if aeon_carry_enabled()")
        if hits is None:
            print(f"  conflict {sha[:10]} {path}")
            continue
        caught[1] += 1
        got = any(f.rule_id == RULE for f in hits)
        caught[0] += got
        print(f"  {'caught' if got else 'MISSED'} {sha[:10]} {path} branch {j} of {len(branches)} | {subject}")
        if j >= 1 and not branches[0][1]:
            twin = on_carry(repo, sha, path, with_branch(text, branches[0], returned, True), "if aeon_carry_enabled()")
            _count_twin(twin, false)
        _show_hits(hits)
    print(f"carry branches below a branch upstream inserted: {caught[0]}/{caught[1]} caught")
    print(f"twins (the carry's branch above it): {false[0]}/{false[1]} with a false finding")


ERRORS = ("merge/duplicate-definition", "merge/symbol-drift", "merge/unreachable", "merge/enum-drift")


def main() -> None:
    parser = replay_args(__doc__, 40)
    parser.add_argument("--only", choices=["", "lists", "branches"], default="")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.only in ("", "lists"):
        replay_lists(args)
    if args.only in ("", "branches"):
        branches, branch_commits = branch_cases(args.mirror, args.since, args.limit)
        print(
            f"{branch_commits} upstream commits since {args.since} insert a branch into a chain of returning"
            f" branches ({len(branches)} replayed)"
        )
        with tempfile.TemporaryDirectory() as tmp:
            replay_branches(clone(args.mirror, Path(tmp) / "r"), args.mirror, branches)
    print(f"{time.perf_counter() - started:.0f}s")


def replay_lists(args: argparse.Namespace) -> None:
    found, commits = cases(args.mirror, args.since, args.limit)
    print(f"{commits} upstream commits since {args.since} insert an entry into an ordered list ({len(found)} replayed)")
    caught = [0, 0]
    false = [0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, path, j, lines, entry in found:
            text = show(repo, f"{sha}^", path) or ""
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            hits = on_carry(repo, sha, path, with_carry(text, lines[-1], entry), entry)
            if hits is None:
                print(f"  conflict {sha[:10]} {path}")
                continue
            caught[1] += 1
            caught[0] += any(f.rule_id == RULE for f in hits)
            tag = "caught" if any(f.rule_id == RULE for f in hits) else "MISSED"
            print(f"  {tag} {sha[:10]} {path} index {j} of {len(lines)} | {subject}")
            if j >= 1:
                twin = on_carry(repo, sha, path, with_carry(text, lines[0], entry), entry)
                _count_twin(twin, false)
            _show_hits(hits)
    print(f"carry entries below an entry upstream inserted: {caught[0]}/{caught[1]} caught")
    print(f"twins (the carry above it): {false[0]}/{false[1]} with a false finding")


def _count_twin(twin: list | None, false: list[int]) -> None:
    """A twin carry's findings (all false ones): counted, and printed."""
    if twin is None:
        return
    false[1] += 1
    false[0] += bool(twin)
    for f in twin:
        print(f"      TWIN {f.severity.value}: {f.message[:200]}")


def _show_hits(hits: list) -> None:
    for f in hits:
        print(f"      {f.severity.value}: {f.message[:160]}")


if __name__ == "__main__":
    sys.exit(main())
