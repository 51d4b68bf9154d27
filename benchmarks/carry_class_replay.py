"""Seven merge-aware audit classes replayed on vLLM's first-parent history, under a synthesized fork carry.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` (oldest first) mines seven kinds of
upstream commit K; for each, base = K^, upstream (theirs) = K, and the fork (ours) = the base plus a
one-line carry placed away from K's hunks so that git merges cleanly (``git merge-tree``; a conflict
is a skipped case).  The engine's merge-aware audit then runs on the merged tree.

  dict-key     K adds an entry ``'key': value`` (or ``Enum.X: value``) to a multi-line dict display
               of a ``vllm/`` module; the carry adds the SAME key with another value to the same dict
               (after its opening brace, or before its closing one, whichever is farther from K's
               line).  Blocked: an error of merge/duplicate-definition on the fork's or upstream's
               line of that key.
  unused-patch K removes the last use, in the ``vllm/`` Python files, of a module-level function or a
               method (name of 8+ characters, undecorated, dunders aside) whose definition stays;
               uses are lines naming the word as a word, its ``def`` lines and import statements
               aside (a running count over the history finds the candidates, ``git grep`` at K^ and K
               confirms them).  The carry adds a statement inside the function's body (after its
               first statement, unless that is an exit).  Blocked: the "stopped using" error of
               merge/symbol-drift on the carry's line.
  unreachable  K adds a ``return``/``raise`` statement to an existing block, the block's first exit,
               with base statements still after it; the carry adds a statement below the exit, after
               the last of those base statements that is not itself below an old exit (fork code
               there was dead at the base already), or a nearer one when that place touches K's
               hunk.  Blocked: an error of merge/unreachable on the carry's line.  Mined over
               ``--exit-since`` (default 2023-01-01: the whole history), the class being rare.
  shadowed-attr  K removes a class-level ``x = ...`` of a class and assigns ``self.x`` in its
               ``__init__`` (or a method of the class it calls on self), where no method of the class
               assigned it at K^ and the write does not read it first; the carry appends a fork
               subclass setting ``x = None`` at class level to the file.  Blocked: an error of
               merge/shadowed-attribute on the carry's line.
  override-hook K removes the last use of a method (the unused-patch candidates); the carry appends a
               fork subclass overriding it (K^'s parameters, a body of its own).  Blocked: an error of
               merge/symbol-drift on the carry's lines.
  optional-param K gives a default to a parameter of a method that had none at K^; the carry appends
               a fork subclass overriding it with K^'s parameters.  Blocked: an error of
               merge/symbol-drift on the carry's lines; the engine reports it only when a call K
               added leaves the parameter out, and the label says whether K added a call of it.
  registry-key K adds a module-level registry write (``R[k] = v``, ``R.update({k: v})``,
               ``@register(k)``) of a key the file did not write at K^; the carry writes the same key
               into the same registry above it (below the registry's binding, or the imports).
               Blocked: an error of merge/duplicate-definition on the carry's or K's line.  Mined over
               ``--exit-since``, the class being rare.

Precision: each case is replayed again with a carry that is not broken, placed the same way (dict-key:
another key in the same dict; unused-patch: a sibling function of the same file that upstream still
uses at K; unreachable: the statement above the exit, in its block or above the block; shadowed-attr:
another class-level value of the class that K does not assign on the instance; override-hook: a
sibling method K still calls, its parameters unchanged; optional-param: a sibling method whose
parameters K kept; registry-key: another key), and every error of these rules in the merged audit
is a false error.

Cases are drawn in a fixed shuffled order (seed 0) up to ``--limit`` per class; the number mined is
printed too.

  PYTHONPATH=. python benchmarks/carry_class_replay.py [--mirror DIR] [--since 2025-01-01] [--limit 40]
      [--exit-since 2023-01-01] [--only dict-key,unused-patch,unreachable,shadowed-attr,...] [--verbose]
"""

from __future__ import annotations

import argparse
import ast
import itertools
import random
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from threeway import ENV, MIRROR, Finding, audit, clone, commit_files, git, merge

from aeon_release.domain.audits.drift.duplicates import key_identity

DUPLICATE, DRIFT, UNREACHABLE = "merge/duplicate-definition", "merge/symbol-drift", "merge/unreachable"
SHADOWED = "merge/shadowed-attribute"
RULES = (DUPLICATE, DRIFT, UNREACHABLE, SHADOWED)
CLASSES = (
    "dict-key",
    "unused-patch",
    "unreachable",
    "shadowed-attr",
    "override-hook",
    "optional-param",
    "registry-key",
)
RULE_OF = dict(zip(CLASSES, (*RULES[:3], SHADOWED, DRIFT, DRIFT, DUPLICATE), strict=True))
SAYS = {"unused-patch": "stopped using"}  # the new classes count any error of their rule on the carry's lines
MARK = "# AEON"
_TEST = re.compile(r"(^|/)(tests?|testing)/|(^|/)(test_[^/]*|[^/]*_test|conftest)\.py$")
_WORD = re.compile(r"(?<!\w)[A-Za-z_]\w{7,}")
_IMPORT = re.compile(r"^\s*(?:from\s+\S+\s+)?import\s")
_BARE = re.compile(r"^\s*\w+(?:\s+as\s+\w+)?\s*,?\s*\)?\s*$")  # ``    name,``: an import list entry (or an argument)
_DEF = re.compile(r"^\s*(?:async\s+)?def\s+(\w+)")
_KEY_LINE = re.compile(r"""^\s*(?:"[^"\n]+"|'[^'\n]+'|[A-Za-z_]\w*(?:\.\w+)+)\s*:\s*[^\s#]""")
_EXIT_LINE = re.compile(r"^\s*(?:return|raise)\b")
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


# -- the log: one pass, oldest first ----------------------------------------------------------------------
@dataclass
class FileDiff:
    path: str
    hunks: list[tuple[int, int, int, int]] = field(default_factory=list)  # old start, count, new start, count
    added: dict[int, str] = field(default_factory=dict)  # new line number -> text
    removed: list[str] = field(default_factory=list)


@dataclass
class Commit:
    sha: str
    date: str
    subject: str
    files: list[FileDiff]


def log(mirror: Path) -> Iterator[Commit]:
    args = ["log", "--first-parent", "--reverse", "-p", "-U0", "--no-renames", "--no-color",
            "--format=@@@%H %cI %s", "main", "--", "vllm/*.py"]  # fmt: skip
    proc = subprocess.Popen(["git", "-C", str(mirror), *args], stdout=subprocess.PIPE, env=ENV)
    assert proc.stdout is not None
    commit: Commit | None = None
    diff: FileDiff | None = None
    old_path, new_at = "", 0
    for raw in proc.stdout:
        line = raw.decode("utf-8", errors="replace").rstrip("\n")
        if line.startswith("@@@"):
            if commit is not None:
                yield commit
            sha, date, subject = (line[3:].split(" ", 2) + [""])[:3]
            commit, diff = Commit(sha, date, subject, []), None
        elif commit is None:
            continue
        elif line.startswith("diff --git "):
            diff, old_path = None, ""
        elif line.startswith("--- ") and diff is None:
            old_path = line[6:] if line.startswith("--- a/") else ""
        elif line.startswith("+++ ") and diff is None:
            diff = FileDiff(line[6:] if line.startswith("+++ b/") else old_path)  # a deleted file: its old path
            commit.files.append(diff)
        elif diff is None:
            continue
        elif match := _HUNK.match(line):
            a, b, c, d = (int(g) if g is not None else 1 for g in match.groups())
            diff.hunks.append((a, b, c, d))
            new_at = c
        elif line.startswith("+"):
            diff.added[new_at] = line[1:]
            new_at += 1
        elif line.startswith("-"):
            diff.removed.append(line[1:])
    if commit is not None:
        yield commit
    proc.wait()


def uses_in(line: str) -> Iterator[str]:
    """The words of 8+ characters a line uses (a def's own name, import lines and bare names aside)."""
    if _IMPORT.match(line) or _BARE.match(line):
        return
    defined = _DEF.match(line)
    for word in _WORD.findall(line):
        if defined is None or word != defined.group(1):
            yield word


# -- blobs ----------------------------------------------------------------------------------------------
class Blobs:
    """``git cat-file --batch`` by ``rev:path``; texts and parses cached."""

    def __init__(self, repo: Path) -> None:
        self.proc = subprocess.Popen(
            ["git", "-C", str(repo), "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=ENV
        )
        self.texts: dict[str, str | None] = {}
        self.trees: dict[str, ast.Module | None] = {}

    def text(self, rev: str, path: str, keep: bool = True) -> str | None:
        """The file's text (``keep=False``: not cached, for the one pass over history)."""
        key = f"{rev}:{path}"
        if key not in self.texts:
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.write(f"{key}\n".encode())
            self.proc.stdin.flush()
            header = self.proc.stdout.readline().split()
            if len(header) < 3 or header[1] != b"blob":
                self.texts[key] = None
            else:
                size = int(header[2])
                self.texts[key] = self.proc.stdout.read(size + 1)[:size].decode("utf-8", errors="replace")
        return self.texts[key] if keep else self.texts.pop(key)

    def tree(self, rev: str, path: str) -> ast.Module | None:
        key = f"{rev}:{path}"
        if key not in self.trees:
            text = self.text(rev, path)
            try:
                self.trees[key] = ast.parse(text) if text is not None else None
            except (SyntaxError, ValueError):
                self.trees[key] = None
        return self.trees[key]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


# -- mining ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class KeyCandidate:
    sha: str
    subject: str
    path: str
    line: int  # in K's file
    hunks: tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True)
class UnusedCandidate:
    sha: str
    subject: str
    word: str
    hunks: dict[str, tuple[tuple[int, int, int, int], ...]]
    dropped: frozenset[str]  # every word K removed a use of


@dataclass(frozen=True)
class ExitCandidate:
    sha: str
    subject: str
    path: str
    line: int
    added: frozenset[int]
    hunks: tuple[tuple[int, int, int, int], ...]


@dataclass(frozen=True)
class FileCandidate:
    """A commit's change to one file that may be of a class: ``words`` (attributes, parameters,
    functions) or ``lines`` (K's added lines) say what the case maker confirms with ``ast``."""

    sha: str
    subject: str
    path: str
    hunks: tuple[tuple[int, int, int, int], ...]
    words: frozenset[str] = frozenset()
    lines: tuple[int, ...] = ()
    added: str = ""  # K's added lines of the file


@dataclass
class Mined:
    keys: list[KeyCandidate] = field(default_factory=list)
    unused: list[UnusedCandidate] = field(default_factory=list)
    exits: list[ExitCandidate] = field(default_factory=list)
    shadows: list[FileCandidate] = field(default_factory=list)
    optional: list[FileCandidate] = field(default_factory=list)
    registry: list[FileCandidate] = field(default_factory=list)
    commits: int = 0


def mine(mirror: Path, since: str, exit_since: str, blobs: Blobs) -> Mined:
    uses: Counter[str] = Counter()
    defs: Counter[str] = Counter()
    out = Mined()
    for commit in log(mirror):
        out.commits += 1
        removed: Counter[str] = Counter()
        for diff in commit.files:
            for line in diff.removed:
                removed.update(uses_in(line))
                if m := _DEF.match(line):
                    defs[m.group(1)] -= 1
            for line in diff.added.values():
                uses.update(uses_in(line))
                if m := _DEF.match(line):
                    defs[m.group(1)] += 1
        uses.subtract(removed)
        recent = commit.date >= since
        if recent:
            gone = sorted(w for w in removed if uses[w] <= 0 < defs[w])
            if gone:
                hunks, dropped = {d.path: tuple(d.hunks) for d in commit.files}, frozenset(removed)
                out.unused += [UnusedCandidate(commit.sha, commit.subject, w, hunks, dropped) for w in gone]
        for diff in commit.files:
            if _TEST.search(diff.path):
                continue
            if recent:
                out.keys += [
                    KeyCandidate(commit.sha, commit.subject, diff.path, n, tuple(diff.hunks))
                    for n, text in diff.added.items()
                    if _KEY_LINE.match(text) and not text.rstrip().endswith(":")
                ]
            if commit.date >= exit_since:
                out.exits += _exit_candidates(commit, diff, blobs)
                out.registry += _file_candidates(commit, diff, "registry")
            if recent:
                out.shadows += _file_candidates(commit, diff, "shadow")
                out.optional += _file_candidates(commit, diff, "optional")
    for word in [w for w, n in uses.items() if n == 0]:
        del uses[word]
    return out


_CLASS_VALUE = re.compile(r"^    ([A-Za-z_]\w*)\s*(?::[^=]*)?=[^=]")  # a class-level assignment (or a local)
_SELF_SET = re.compile(r"^\s{8,}self\.([A-Za-z_]\w*)\s*(?::[^=]*)?=[^=]")
_PARAM = re.compile(r"^\s+([A-Za-z_]\w*)\s*(?::[^=]*)?,?\s*$")  # a required parameter on a line of its own
_DEFAULTED = re.compile(r"^\s+([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*\S")
_REGISTRY_LINE = re.compile(
    r"""^(?:[A-Za-z_][\w.]*\[\s*(?:"[^"\n]+"|'[^'\n]+'|[A-Za-z_]\w*\.\w+)\s*\]\s*=[^=]"""
    r"""|[A-Za-z_][\w.]*\.update\(|@[\w.]*register\w*\(\s*(?:"[^"\n]+"|'[^'\n]+'))"""
)


def _file_candidates(commit: Commit, diff: FileDiff, kind: str) -> list[FileCandidate]:
    """shadow: K removes a class-level ``x = ...`` and assigns ``self.x`` in the same file; optional:
    K removes a parameter line without a default and adds it with one (or rewrites a one-line def);
    registry: K adds a module-level registry write (``R[k] = v``, ``R.update(...)``, ``@register(k)``)."""
    if kind == "registry":
        lines = tuple(n for n, text in diff.added.items() if _REGISTRY_LINE.match(text))
        return [FileCandidate(commit.sha, commit.subject, diff.path, tuple(diff.hunks), lines=lines)] if lines else []
    if kind == "shadow":
        removed = {m.group(1) for line in diff.removed if (m := _CLASS_VALUE.match(line))}
        words = removed & {m.group(1) for line in diff.added.values() if (m := _SELF_SET.match(line))}
    else:
        removed = {m.group(1) for line in diff.removed if (m := _PARAM.match(line))}
        words = removed & {m.group(1) for line in diff.added.values() if (m := _DEFAULTED.match(line))}
        words |= {m.group(1) for line in diff.removed if (m := _DEF.match(line))} & {
            m.group(1) for line in diff.added.values() if (m := _DEF.match(line))
        }
    if not words:
        return []
    added = "\n".join(diff.added.values())
    return [FileCandidate(commit.sha, commit.subject, diff.path, tuple(diff.hunks), frozenset(words), added=added)]


def _exit_candidates(commit: Commit, diff: FileDiff, blobs: Blobs) -> list[ExitCandidate]:
    """Added exits whose next code line is an old line of the same indentation (confirmed later with ``ast``)."""
    found = []
    for n, text in diff.added.items():
        if not _EXIT_LINE.match(text):
            continue
        end, depth = n, 0
        while end in diff.added:  # the exit's last line
            code = diff.added[end].split("#", 1)[0]
            depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
            if depth <= 0 and not code.rstrip().endswith("\\"):
                break
            end += 1
        if end not in diff.added:
            continue  # the statement goes on in old lines: an old exit K edited
        after = end + 1
        while diff.added.get(after, "x").strip() == "" or diff.added.get(after, "").lstrip().startswith("#"):
            after += 1  # added blank or comment lines
        if after in diff.added:
            continue  # added code right below: not the shape looked for
        lines = (blobs.text(commit.sha, diff.path, keep=False) or "").splitlines()
        i = after - 1
        while i < len(lines) and (not lines[i].strip() or lines[i].lstrip().startswith("#")):
            i += 1
        if i >= len(lines) or (i + 1) in diff.added:
            continue
        code = lines[i]
        keyword = code.strip().split(" ", 1)[0].rstrip(":")
        if len(code) - len(code.lstrip()) == len(text) - len(text.lstrip()) and keyword not in _CLAUSES:
            found.append(
                ExitCandidate(commit.sha, commit.subject, diff.path, n, frozenset(diff.added), tuple(diff.hunks))
            )
    return found


_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
_CLAUSES = frozenset({"else", "elif", "except", "finally", "case"})


# -- shared helpers ----------------------------------------------------------------------------------------
def old_line(hunks: tuple[tuple[int, int, int, int], ...], new: int) -> int | None:
    """The base line an unchanged line ``new`` of K's file was; None for a line K added."""
    shift = 0
    for a, b, c, d in hunks:
        new_start = c if d else c + 1
        if new < new_start:
            break
        if d and new < c + d:
            return None
        shift = (a + b if b else a + 1) - (new_start + d)
    return new + shift


def clear_of(hunks: tuple[tuple[int, int, int, int], ...], after: int) -> bool:
    """Whether a line inserted after base line ``after`` keeps an unchanged line between it and every
    upstream hunk (git merges such changes cleanly; the merge is still the judge)."""
    for a, b, _, _ in hunks:
        if (b == 0 and after == a) or (b and a - 1 <= after <= a + b - 1):
            return False
    return True


def insert(text: str, after: int, line: str) -> str | None:
    """``text`` with ``line`` inserted after line ``after``; None if the result does not parse."""
    lines = text.splitlines(keepends=True)
    lines[after:after] = [line + "\n"]
    out = "".join(lines)
    try:
        ast.parse(out)
    except (SyntaxError, ValueError):
        return None
    return out


def _walk_blocks(body: list[ast.stmt], owner: ast.AST | None) -> Iterator[tuple[list[ast.stmt], ast.AST | None]]:
    yield body, owner
    for stmt in body:
        for name in ("body", "orelse", "finalbody"):
            block = getattr(stmt, name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield from _walk_blocks(block, stmt)
        for handler in getattr(stmt, "handlers", []) or []:
            yield from _walk_blocks(handler.body, handler)
        for case in getattr(stmt, "cases", []) or []:
            yield from _walk_blocks(case.body, case)


def _defs(module: ast.Module) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """Module-level functions and methods of module-level classes, by qualname (first definition wins)."""
    out: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for stmt in module.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.setdefault(stmt.name, stmt)
        elif isinstance(stmt, ast.ClassDef):
            for item in stmt.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.setdefault(f"{stmt.name}.{item.name}", item)
    return out


def _distinct(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    name = node.name
    return len(name) >= 8 and not (name.startswith("__") and name.endswith("__")) and not node.decorator_list


# -- the cases ---------------------------------------------------------------------------------------------
@dataclass
class Case:
    cls: str
    sha: str
    label: str
    path: str  # the carry's file
    broken: list[str]  # the file's text with the broken carry, in each place tried (the first clean merge counts)
    fine: list[str]  # with the carry that is not broken (none: no such carry)
    also: tuple[str, ...] = ()  # upstream lines that also count as the killer line (dict-key)


def key_case(repo: Path, blobs: Blobs, cand: KeyCandidate) -> Case | str:
    new = blobs.tree(cand.sha, cand.path)
    base_text = blobs.text(f"{cand.sha}^", cand.path)
    old = blobs.tree(f"{cand.sha}^", cand.path)
    if new is None or old is None or base_text is None:
        return "a new file" if base_text is None else "the file does not parse at K or K^"
    hit = next(
        (
            (node, k)
            for node in ast.walk(new)
            if isinstance(node, ast.Dict)
            for k in node.keys
            if k is not None and k.lineno == cand.line
        ),
        None,
    )
    if hit is None:
        return "not a dict entry"
    node, key = hit
    ident = key_identity(key)
    if ident is None:
        return "not a constant or dotted key"
    opening = old_line(cand.hunks, node.lineno)
    if opening is None:
        return "the dict's opening line is new or changed"
    best = next(
        (
            d
            for d in ast.walk(old)
            if isinstance(d, ast.Dict) and d.lineno == opening and d.col_offset == node.col_offset
        ),
        None,
    )
    if best is None or sum(k is not None for k in best.keys) < 2:
        return "no dict of two or more keys there at the base"
    if ident in {key_identity(k) for k in best.keys if k is not None}:
        return "the key was there before (a changed entry)"
    lines = base_text.splitlines()
    first_key = next((k for k in best.keys if k is not None), None)
    if first_key is None or first_key.lineno == best.lineno or not lines[best.end_lineno - 1].strip().startswith("}"):
        return "not a multi-line dict"
    shown = ast.get_source_segment(blobs.text(cand.sha, cand.path) or "", key) or ""
    if "\n" in shown:
        return "a key over several lines"
    at_old = _inserted_at(cand.hunks, cand.line)
    places = sorted([best.lineno, best.end_lineno - 1], key=lambda p: -abs(p - at_old))  # farther first
    indent = " " * first_key.col_offset
    broken = _texts(base_text, cand.hunks, places, f'{indent}{shown}: "aeon-fork",  {MARK}: the fork\'s own entry')
    fine = _texts(
        base_text, cand.hunks, places, f'{indent}"aeon_fork_only_key": "aeon-fork",  {MARK}: the fork\'s entry'
    )
    if not broken:
        return "no place in the dict away from upstream's hunk"
    upstream = (blobs.text(cand.sha, cand.path) or "").splitlines()[cand.line - 1].strip()
    label = f"{cand.sha[:10]} {cand.subject[:60]!r} {cand.path}:{cand.line} key {shown}"
    return Case("dict-key", cand.sha, label, cand.path, broken, fine, (upstream,))


def _inserted_at(hunks: tuple[tuple[int, int, int, int], ...], new: int) -> int:
    """The base line after which K's added line ``new`` sits."""
    for a, b, c, d in hunks:
        if d and c <= new < c + d:
            return a if not b else a - 1 + min(new - c, b)
    return new


# unused-patch ------------------------------------------------------------------------------------------------
def references(repo: Path, blobs: Blobs, rev: str, word: str, pathspec: str = "vllm/*.py") -> dict[str, int]:
    """Uses of ``word`` per file at ``rev``: word matches outside its def lines and import statements."""
    files = git(repo, "grep", "-l", "-w", "-F", "-e", word, rev, "--", pathspec, check=False).splitlines()
    out = {}
    pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")
    for entry in files:
        path = entry.split(":", 1)[1]
        text = blobs.text(rev, path) or ""
        module = blobs.tree(rev, path)
        imports: set[int] = set()
        for node in ast.walk(module) if module is not None else []:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                imports.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        count = 0
        for n, line in enumerate(text.splitlines(), 1):
            if n in imports or _IMPORT.match(line) or re.match(rf"^\s*(?:async\s+)?def\s+{re.escape(word)}\b", line):
                continue
            count += len(pattern.findall(line))
        if count:
            out[path] = count
    return out


def unused_case(repo: Path, blobs: Blobs, cand: UnusedCandidate) -> Case | str:
    word, sha, base = cand.word, cand.sha, f"{cand.sha}^"
    if references(repo, blobs, sha, word):
        return "still used at K (a bare-name use the running count leaves out)"
    if not references(repo, blobs, base, word):
        return "no use at K^ either (only imports)"
    defined = git(repo, "grep", "-l", "-E", rf"^\s*(async\s+)?def\s+{word}\b", sha, "--", "vllm/*.py", check=False)
    why = []
    for entry in defined.splitlines():
        path = entry.split(":", 1)[1]
        new, old, text = blobs.tree(sha, path), blobs.tree(base, path), blobs.text(base, path)
        if _TEST.search(path) or new is None or old is None or text is None:
            why.append("defined in a test file" if _TEST.search(path) else "a file new at K or not parsing")
            continue
        quals = [q for q, n in _defs(new).items() if n.name == word]
        olds = _defs(old)
        why += ["a nested function (neither module-level nor a method)"] if not quals else []
        for qual in quals:
            if qual not in olds:
                why.append("defined at K only")
                continue
            if not _distinct(olds[qual]) or not _distinct(_defs(new)[qual]):
                why.append("decorated (the rule leaves decorated functions out)")
                continue
            hunks = cand.hunks.get(path, ())
            broken = _patch(text, olds[qual], hunks)
            if not broken:
                why.append("no line in its body away from upstream's hunks")
                continue
            return _unused(repo, blobs, cand, path, qual, olds, _defs(new), broken, text)
    return min(why, key=_REASONS.index) if why else "no definition found"


_REASONS = [
    "no line in its body away from upstream's hunks",
    "decorated (the rule leaves decorated functions out)",
    "a nested function (neither module-level nor a method)",
    "defined at K only",
    "defined in a test file",
    "a file new at K or not parsing",
]


def _unused(
    repo: Path,
    blobs: Blobs,
    cand: UnusedCandidate,
    path: str,
    qual: str,
    olds: dict[str, ast.FunctionDef | ast.AsyncFunctionDef],
    news: dict[str, ast.FunctionDef | ast.AsyncFunctionDef],
    broken: list[str],
    text: str,
) -> Case:
    fine: list[str] = []
    label = f"{cand.sha[:10]} {cand.subject[:60]!r} {path} {qual}()"
    # a sibling K dropped a use of (but not the last) first: the harder question
    for sibling, node in sorted(olds.items(), key=lambda item: item[1].name not in cand.dropped):
        if sibling == qual or not _distinct(node) or sibling not in news:
            continue
        patched = _patch(text, node, cand.hunks.get(path, ()))
        if patched and references(repo, blobs, cand.sha, node.name):
            fine = patched
            label += f" [sibling {sibling}(){', a use dropped by K' if node.name in cand.dropped else ''}]"
            break
    outside = references(repo, blobs, cand.sha, cand.word, "*.py")
    if outside:
        label += f" [still named outside vllm/: {', '.join(sorted(outside)[:2])}]"
    return Case("unused-patch", cand.sha, label, path, broken, fine)


def _patch(
    text: str, node: ast.FunctionDef | ast.AsyncFunctionDef, hunks: tuple[tuple[int, int, int, int], ...]
) -> list[str]:
    """``text`` with a statement inserted into ``node``'s body (after its first statement unless that
    is an exit, else above it; then after each later one down to an exit), away from upstream's hunks."""
    body, exits = node.body, (ast.Return, ast.Raise)
    if body[0].lineno == node.lineno:
        return []  # a one-line def
    places = []
    for stmt in body:
        if isinstance(stmt, exits):
            break  # below an exit the patch would never run anyway
        places.append(((stmt.end_lineno or stmt.lineno), stmt.col_offset))
    if not _docstring(body[0]):
        places.insert(1, (body[0].lineno - 1, body[0].col_offset))  # above the first statement
    return _first_clear(text, hunks, places, "the fork's patch")


def _docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


# unreachable ------------------------------------------------------------------------------------------------
def exit_case(repo: Path, blobs: Blobs, cand: ExitCandidate) -> Case | str:
    new, text = blobs.tree(cand.sha, cand.path), blobs.text(f"{cand.sha}^", cand.path)
    if new is None or text is None:
        return "the file does not parse at K (or is new)"
    for block, owner in _walk_blocks(new.body, None):
        i = next(
            (j for j, s in enumerate(block) if s.lineno == cand.line and isinstance(s, (ast.Return, ast.Raise))), None
        )
        if i is None:
            continue
        exit_ = block[i]
        if any(isinstance(s, _EXITS) for s in block[:i]):
            return "not the block's first exit"
        if any(n not in cand.added for n in range(exit_.lineno, (exit_.end_lineno or exit_.lineno) + 1)):
            return "the exit is partly an old line"
        after = [s for s in block[i + 1 :] if old_line(cand.hunks, s.lineno) is not None]
        if not after:
            return "no old statement after the exit"
        # fork code below the exit, but above any old exit (below that it was dead at the base already):
        # after the block's last statement, else after an old statement nearer the exit
        live = list(itertools.takewhile(lambda s: not isinstance(s, _EXITS), after))
        if not live:
            return "the old statement below is an exit (fork code there was dead at the base already)"
        ends = [old_line(cand.hunks, s.end_lineno or s.lineno) for s in reversed(live)]
        col = exit_.col_offset
        broken = _first_clear(text, cand.hunks, [(e, col) for e in ends if e is not None], "the fork's code")
        if not broken:
            return "no line below the exit away from upstream's hunks"
        above = [(old_line(cand.hunks, s.end_lineno or s.lineno), col) for s in reversed(block[:i])]
        if owner is not None and hasattr(owner, "col_offset") and hasattr(owner, "lineno"):
            start = old_line(cand.hunks, owner.lineno)
            decorators = getattr(owner, "decorator_list", [])
            start = old_line(cand.hunks, decorators[0].lineno) if decorators else start
            if start is not None:
                above.append((start - 1, owner.col_offset))
        fine = _first_clear(text, cand.hunks, [(a, c) for a, c in above if a is not None], "the fork's code")
        shown = (ast.get_source_segment(blobs.text(cand.sha, cand.path) or "", exit_) or "").splitlines()[0][:50]
        label = f"{cand.sha[:10]} {cand.subject[:60]!r} {cand.path}:{cand.line} `{shown}`"
        return Case("unreachable", cand.sha, label, cand.path, broken, fine)
    return "not a statement of a block"


def _first_clear(
    text: str, hunks: tuple[tuple[int, int, int, int], ...], places: list[tuple[int, int]], what: str
) -> list[str]:
    """``x_aeon = 1`` inserted at each place (after a base line, at a column) clear of upstream's hunks."""
    out = []
    for after, col in places:
        if clear_of(hunks, after):
            patched = insert(text, after, f"{' ' * col}x_aeon = 1  {MARK}: {what}")
            if patched is not None and patched not in out:
                out.append(patched)
    return out[:3]


def _texts(text: str, hunks: tuple[tuple[int, int, int, int], ...], places: list[int], line: str) -> list[str]:
    out = [insert(text, after, line) for after in places if clear_of(hunks, after)]
    return [t for t in out if t is not None]


# shadowed-attr, override-hook, optional-param ------------------------------------------------------------------
def _append(text: str, hunks: tuple[tuple[int, int, int, int], ...], block: str) -> list[str]:
    """``text`` with a fork class appended at its end, when K's hunks leave the end alone."""
    lines = text.splitlines()
    if not clear_of(hunks, len(lines)):
        return []
    out = text.rstrip("\n") + "\n\n\n" + block
    try:
        ast.parse(out)
    except (SyntaxError, ValueError):
        return []
    return [out]


def _classes(module: ast.Module) -> dict[str, ast.ClassDef]:
    return {s.name: s for s in module.body if isinstance(s, ast.ClassDef)}


def _self_sets(func: ast.AST) -> set[str]:
    args = getattr(getattr(func, "args", None), "args", None)
    if not args:
        return set()
    me = args[0].arg
    return {
        n.attr
        for n in ast.walk(func)
        if isinstance(n, ast.Attribute)
        and isinstance(n.ctx, ast.Store)
        and isinstance(n.value, ast.Name)
        and n.value.id == me
    }


def _built(cls: ast.ClassDef) -> set[str]:
    """``self.x`` the class's own ``__init__`` assigns, and the methods of the class it calls on self."""
    methods = {s.name: s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    init = methods.get("__init__")
    if init is None:
        return set()
    called = {
        n.func.attr
        for n in ast.walk(init)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "self"
    }
    return _self_sets(init).union(*(_self_sets(methods[m]) for m in called if m in methods))


def _class_values(cls: ast.ClassDef) -> list[str]:
    out = []
    for stmt in cls.body:
        target = (
            stmt.targets[0]
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
            else getattr(stmt, "target", None)
        )
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(target, ast.Name) and stmt.value is not None:
            if not target.id.startswith("__"):
                out.append(target.id)
    return out


_PLAIN_BASES = ("Enum", "IntEnum", "StrEnum", "NamedTuple", "TypedDict", "BaseModel", "Protocol")


def _plain_class(cls: ast.ClassDef) -> bool:
    """Not a dataclass, enum, named tuple or pydantic model (their class attributes are fields)."""
    if any("dataclass" in ast.unparse(d) or "config" in ast.unparse(d) for d in cls.decorator_list):
        return False
    return not any(ast.unparse(b).split(".")[-1].split("[")[0] in _PLAIN_BASES for b in cls.bases)


def _reads_first(cls: ast.ClassDef, word: str) -> bool:
    """A ``self.word = ...`` of the class whose value reads ``self.word`` (or ``getattr(self, "word")``)."""
    for node in ast.walk(cls):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr == word for t in targets) and any(
                (isinstance(n, ast.Attribute) and n.attr == word) or (isinstance(n, ast.Constant) and n.value == word)
                for n in ast.walk(node.value)
            ):
                return True
    return False


def _versions(blobs: Blobs, cand: FileCandidate) -> tuple[ast.Module, ast.Module, str] | str:
    """K's tree and K^'s tree and text of the candidate's file, or why not."""
    new, old = blobs.tree(cand.sha, cand.path), blobs.tree(f"{cand.sha}^", cand.path)
    text = blobs.text(f"{cand.sha}^", cand.path)
    if new is None or old is None or text is None:
        return "a new file or not parsing"
    return new, old, text


def shadow_case(repo: Path, blobs: Blobs, cand: FileCandidate) -> Case | str:
    versions = _versions(blobs, cand)
    if isinstance(versions, str):
        return versions
    new, old, text = versions
    olds = _classes(old)
    why = "no class that assigns the attribute in its __init__ at K"
    for name, cls in _classes(new).items():
        before = olds.get(name)
        if before is None or not _plain_class(cls):
            continue
        built = _built(cls)
        ever = set().union(
            *(_self_sets(s) for s in before.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)))
        )
        values = _class_values(before)
        for word in sorted(cand.words & built):
            if word not in values:
                why = "a class-level value of another class"
                continue
            if word in ever:
                why = "assigned on the instance at K^ already"
                continue
            if _reads_first(cls, word):
                why = "upstream's write reads the value first (self.x if ... else self.x): the class value still counts"
                continue
            broken = _append(
                text,
                cand.hunks,
                f"class AeonShadow({name}):  {MARK}: the fork's class\n    {word} = None  {MARK}: the fork's value\n",
            )
            if not broken:
                return "the file's end is in K's hunks"
            now = set().union(
                *(_self_sets(s) for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)))
            )
            other = next((v for v in values if v != word and v not in now and v in _class_values(cls)), None)
            fine = (
                _append(
                    text,
                    cand.hunks,
                    f"class AeonShadow({name}):  {MARK}: the fork's class\n    {other} = None  {MARK}: the fork's value\n",
                )
                if other
                else []
            )
            label = f"{cand.sha[:10]} {cand.subject[:60]!r} {cand.path} {name}.{word}" + (
                f" [twin {other}]" if other else ""
            )
            return Case("shadowed-attr", cand.sha, label, cand.path, broken, fine)
    return why


class _Def:
    """A method's ``def`` line and a body the fork wrote, every line its own (a line equal to another
    line of the file would make that one the fork's too)."""

    def __init__(self, owner: str, name: str) -> None:
        self.owner, self.name = owner, name

    def format(self, node: ast.FunctionDef | ast.AsyncFunctionDef | None) -> str:
        assert node is not None
        keyword = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
        return (
            f"class {self.name}({self.owner}):  {MARK}: the fork's class\n"
            f"    {keyword} {node.name}({ast.unparse(node.args)}):  {MARK}: the fork's override\n"
            f"        x_aeon = 1  {MARK}: the fork's code\n"
            f"        return x_aeon\n"
        )


def hook_case(repo: Path, blobs: Blobs, cand: UnusedCandidate) -> Case | str:
    """A method of a class that K stopped calling (the unused-patch candidates): a fork subclass,
    appended to the class's file, overrides it."""
    word, sha, base = cand.word, cand.sha, f"{cand.sha}^"
    if references(repo, blobs, sha, word) or not references(repo, blobs, base, word):
        return "still used at K, or no use at K^"
    defined = git(repo, "grep", "-l", "-E", rf"^\s+(async\s+)?def\s+{word}\b", sha, "--", "vllm/*.py", check=False)
    why = "not a method of a module-level class"
    for entry in defined.splitlines():
        path = entry.split(":", 1)[1]
        new, old, text = blobs.tree(sha, path), blobs.tree(base, path), blobs.text(base, path)
        if _TEST.search(path) or new is None or old is None or text is None:
            continue
        news, olds = _defs(new), _defs(old)
        for qual, node in news.items():
            owner, _, method = qual.rpartition(".")
            if method != word or not owner or qual not in olds or not _distinct(olds[qual]) or not _distinct(node):
                continue
            hunks = cand.hunks.get(path, ())
            body = _Def(owner, "AeonHook")
            broken = _append(text, hunks, body.format(node=olds[qual]))
            if not broken:
                return "the file's end is in K's hunks"
            sibling = next(
                (
                    n
                    for q, n in olds.items()
                    if q.startswith(owner + ".")
                    and q in news
                    and n.name != word
                    and _distinct(n)
                    and ast.dump(n.args) == ast.dump(news[q].args)
                    and references(repo, blobs, sha, n.name)
                ),
                None,
            )
            fine = _append(text, hunks, body.format(node=sibling)) if sibling else []
            label = f"{sha[:10]} {cand.subject[:60]!r} {path} {qual}()" + (
                f" [sibling {sibling.name}()]" if sibling else ""
            )
            return Case("override-hook", sha, label, path, broken, fine)
    return why


def optional_case(repo: Path, blobs: Blobs, cand: FileCandidate) -> Case | str:
    """A method whose parameter K gave a default (required at K^): a fork subclass, appended to the
    file, overrides it with K^'s parameters.  The label says whether K added a call of the method."""
    versions = _versions(blobs, cand)
    if isinstance(versions, str):
        return versions
    new, old, text = versions
    news, olds = _defs(new), _defs(old)
    why = "no method whose parameter gained a default"
    for qual, node in news.items():
        owner, _, method = qual.rpartition(".")
        was = olds.get(qual)
        if not owner or was is None or method.startswith("__") or node.decorator_list or was.decorator_list:
            continue
        gained = _gained_default(was.args, node.args)
        if not gained or not (cand.words & {method, *gained}):
            continue
        body = _Def(owner, "AeonOverride")
        broken = _append(text, cand.hunks, body.format(node=was))
        if not broken:
            return "the file's end is in K's hunks"
        sibling = next(
            (
                n
                for q, n in olds.items()
                if q.startswith(owner + ".")
                and q != qual
                and q in news
                and not n.decorator_list
                and not n.name.startswith("__")
                and ast.dump(n.args) == ast.dump(news[q].args)
            ),
            None,
        )
        fine = _append(text, cand.hunks, body.format(node=sibling)) if sibling else []
        called = bool(re.search(rf"(?<!\w){re.escape(method)}\s*\(", cand.added.replace(f"def {method}", "")))
        label = f"{cand.sha[:10]} {cand.subject[:60]!r} {cand.path} {qual}({', '.join(gained)}=...)"
        label += " [K adds a call]" if called else " [no call added by K]"
        return Case("optional-param", cand.sha, label, cand.path, broken, fine)
    return why


def _gained_default(old: ast.arguments, new: ast.arguments) -> list[str]:
    """Parameters required in ``old`` that have a default in ``new``."""

    def required(args: ast.arguments) -> set[str]:
        positional = [*args.posonlyargs, *args.args]
        kw = {a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is None}
        return {a.arg for a in positional[: len(positional) - len(args.defaults)]} | kw

    def every(args: ast.arguments) -> set[str]:
        return {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}

    return sorted((required(old) - required(new)) & every(new))


# registry-key --------------------------------------------------------------------------------------------------
def registry_case(repo: Path, blobs: Blobs, cand: FileCandidate) -> Case | str:
    """K's module-level registry write; the fork writes the same key into the same registry above it
    (after the registry's binding, or the file's imports)."""
    versions = _versions(blobs, cand)
    if isinstance(versions, str):
        return versions
    new, old, text = versions
    why = "not a module-level statement"
    for stmt in new.body:
        first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", []))])
        if first not in cand.lines:
            continue
        found = _registry_write(stmt)
        if found is None:
            why = "no constant key"
            continue
        registry, key, shape = found
        if any(_registry_write(s) == found for s in old.body):
            return "the key was written there at K^ already"
        at = _after_binding(old, registry)
        if at is None:
            return "the registry is not bound at module level at K^"
        carry = {
            "subscript": f"{registry}[{key}] = None  {MARK}: the fork's entry",
            "decorator": f"@{registry}({key})  {MARK}: the fork's entry\nclass AeonRegistered:  {MARK}\n    x_aeon = 1  {MARK}",
        }[shape]
        broken = _first_text(text, cand.hunks, at, carry)
        if not broken:
            return "no place above K's write away from its hunks"
        fine = _first_text(text, cand.hunks, at, carry.replace(key, '"aeon_only_key"'))
        upstream = (blobs.text(cand.sha, cand.path) or "").splitlines()[first - 1].strip()
        label = f"{cand.sha[:10]} {cand.subject[:60]!r} {cand.path}:{first} {shape} {registry}[{key}]"
        return Case("registry-key", cand.sha, label, cand.path, broken, fine, (upstream,))
    return why


def _registry_write(stmt: ast.stmt) -> tuple[str, str, str] | None:
    """(registry, key source, shape) of a module-level registry write with a constant or dotted key."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Subscript):
        target = stmt.targets[0]
        if key_identity(target.slice) is not None:
            return ast.unparse(target.value), ast.unparse(target.slice), "subscript"
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute):
        call = stmt.value
        if call.func.attr == "update" and call.args and isinstance(call.args[0], ast.Dict):
            keys = [k for k in call.args[0].keys if k is not None and key_identity(k) is not None]
            if keys:
                return ast.unparse(call.func.value), ast.unparse(keys[0]), "subscript"
    for dec in getattr(stmt, "decorator_list", []):
        if isinstance(dec, ast.Call) and dec.args and "register" in ast.unparse(dec.func):
            if key_identity(dec.args[0]) is not None:
                return ast.unparse(dec.func), ast.unparse(dec.args[0]), "decorator"
    return None


def _after_binding(module: ast.Module, registry: str) -> int | None:
    """The base line after which the fork writes: below the registry's module-level binding (an
    assignment, a def, an import), else below the file's last top-level import."""
    root = registry.split(".", 1)[0].split("(", 1)[0]
    last_import = None
    for stmt in module.body:
        names: set[str] = set()
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names = {(a.asname or a.name).split(".")[0] for a in stmt.names}
            last_import = stmt.end_lineno
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            names = {
                t.id
                for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
                if isinstance(t, ast.Name)
            }
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = {stmt.name}
        if root in names:
            return (
                stmt.end_lineno
                if not isinstance(stmt, (ast.Import, ast.ImportFrom))
                else max(stmt.end_lineno or 0, last_import or 0)
            )
    return last_import


def _first_text(text: str, hunks: tuple[tuple[int, int, int, int], ...], at: int, carry: str) -> list[str]:
    """``carry`` inserted after base line ``at``, or after the next few lines, clear of K's hunks."""
    out = []
    for after in range(at, at + 12):
        if clear_of(hunks, after):
            patched = insert(text, after, carry)
            if patched is not None:
                out.append(patched)
                if len(out) == 2:
                    break
    return out


# -- the replay --------------------------------------------------------------------------------------------
@dataclass
class Tally:
    candidates: int = 0
    examined: int = 0
    passed_over: Counter[str] = field(default_factory=Counter)  # candidates that are not a case, by why
    commits: set[str] = field(default_factory=set)  # of the cases replayed
    tried: int = 0
    blocked: int = 0
    missed: int = 0
    missed_outside: int = 0  # unused-patch: missed, the word still named outside vllm/ (tests, benchmarks)
    skipped: Counter[str] = field(default_factory=Counter)
    fine_runs: int = 0
    no_fine: Counter[str] = field(default_factory=Counter)  # why a case had no precision run
    false: int = 0
    seconds: float = 0.0


_RUNS = itertools.count()


def run(repo: Path, work: Path, case: Case, text: str) -> tuple[list[Finding], list[str]] | None:
    base = git(repo, "rev-parse", f"{case.sha}^")
    ours = commit_files(repo, base, {case.path: text}, "AEON carry")
    folder = work / f"m{next(_RUNS)}"
    merged = merge(repo, base, ours, case.sha, folder)
    if merged is None:
        return None
    findings, _ = audit(merged)
    lines = (folder / case.path).read_text(encoding="utf-8", errors="replace").splitlines()
    return findings, lines


def first_clean(repo: Path, work: Path, case: Case, texts: list[str]) -> tuple[list[Finding], list[str]] | None:
    for text in texts:
        done = run(repo, work, case, text)
        if done is not None:
            return done
    return None


def replay(repo: Path, work: Path, case: Case, tally: Tally, verbose: bool) -> None:
    started = time.perf_counter()
    rule = RULE_OF[case.cls]
    done = first_clean(repo, work, case, case.broken)
    if done is None:
        tally.skipped[f"merge conflict ({len(case.broken)} place(s) tried)"] += 1
        print(f"  SKIPPED {case.cls:<12} {case.label}: merge conflict")
        tally.seconds += time.perf_counter() - started
        return
    findings, lines = done
    carry = [n for n, line in enumerate(lines, 1) if MARK in line]
    targets = set(carry)
    if case.also:
        targets |= {n for n, line in enumerate(lines, 1) if line.strip() in case.also}
    hits = [
        f
        for f in findings
        if f.path == case.path and f.line in targets and f.severity.value == "error" and rule in (f.rule_id, *f.also)
    ]
    if case.cls in SAYS:
        hits = [f for f in hits if SAYS[case.cls] in f.message]
    ok = bool(hits)
    tally.tried += 1
    tally.blocked, tally.missed = tally.blocked + ok, tally.missed + (not ok)
    tally.missed_outside += not ok and "still named outside" in case.label
    tally.commits.add(case.sha)
    print(f"  {'BLOCKED' if ok else 'MISSED '} {case.cls:<12} {case.label} (carry line {','.join(map(str, carry))})")
    if ok and case.cls in CLASSES[3:]:
        print(f"      by: {hits[0].message[:160]}")
    if not ok or verbose:
        for f in findings:
            if (f.path == case.path and f.line in targets) or f.rule_id in RULES:
                print(f"      {f.severity.value}: {f.path}:{f.line}: [{f.rule_id}] {f.message[:200]}")
    done = first_clean(repo, work, case, case.fine)
    if done is not None:
        tally.fine_runs += 1
        false = [f for f in done[0] if f.severity.value == "error" and set(RULES) & {f.rule_id, *f.also}]
        tally.false += bool(false)
        for f in false:
            print(f"  FALSE   {case.cls:<12} {case.label}: {f.path}:{f.line}: [{f.rule_id}] {f.message[:200]}")
    elif case.fine:
        tally.no_fine["merge conflict"] += 1
    else:
        tally.no_fine["no unbroken carry of that shape"] += 1
    tally.seconds += time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", default="2025-01-01", help="dict-key and unused-patch commits from this date")
    parser.add_argument("--exit-since", default="2023-01-01", help="unreachable commits from this date")
    parser.add_argument("--limit", type=int, default=40, help="cases replayed per class")
    parser.add_argument("--only", default=",".join(CLASSES), help="a comma-separated subset of " + ", ".join(CLASSES))
    parser.add_argument("--verbose", action="store_true", help="print the three rules' findings of every case")
    args = parser.parse_args()
    only = set(args.only.split(","))
    started = time.perf_counter()
    tallies = {cls: Tally() for cls in CLASSES}
    with tempfile.TemporaryDirectory(prefix="aeon-classes-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        blobs = Blobs(repo)
        mined = mine(repo, args.since, args.exit_since, blobs)
        mining = time.perf_counter() - started
        print(
            f"read {mined.commits} first-parent commits in {mining:.0f}s: {len(mined.keys)} added dict-entry lines, "
            f"{len(mined.unused)} words losing their last use, {len(mined.exits)} added exits above an old line, "
            f"{len(mined.shadows)} class values made instance attributes, {len(mined.optional)} parameters given a "
            f"default, {len(mined.registry)} files with an added registry write"
        )
        makers = {"dict-key": (mined.keys, key_case), "unused-patch": (mined.unused, unused_case),
                  "unreachable": (mined.exits, exit_case), "shadowed-attr": (mined.shadows, shadow_case),
                  "override-hook": (mined.unused, hook_case), "optional-param": (mined.optional, optional_case),
                  "registry-key": (mined.registry, registry_case)}  # fmt: skip
        for cls in CLASSES:
            if cls not in only:
                continue
            candidates, make = makers[cls]
            order = list(candidates)
            random.Random(0).shuffle(order)
            tally = tallies[cls]
            tally.candidates = len(candidates)
            seen: set[tuple[str, str]] = set()
            for cand in order:
                if tally.tried >= args.limit:
                    break
                if (cand.sha, getattr(cand, "path", "")) in seen:
                    continue  # one case per commit and file
                tally.examined += 1
                case = make(repo, blobs, cand)  # type: ignore[arg-type]
                if isinstance(case, str):
                    tally.passed_over[case] += 1
                    continue
                if (case.sha, case.path) in seen:
                    continue
                seen.add((case.sha, case.path))
                replay(repo, Path(tmp), case, tally, args.verbose)
        blobs.close()
    for cls in CLASSES:
        if cls not in only:
            continue
        t = tallies[cls]
        skipped = "".join(f", {n} skipped: {why}" for why, n in t.skipped.most_common())
        outside = f" ({t.missed_outside} still named outside vllm/)" if t.missed_outside else ""
        no_fine = "".join(f", {n} without one: {why}" for why, n in t.no_fine.most_common())
        print(
            f"{cls:<12}: {t.tried} replayed ({len(t.commits)} commits): {t.blocked} blocked, {t.missed} missed{outside}"
            f"{skipped}; precision: {t.false} of {t.fine_runs} unbroken carries with a false error{no_fine}; {t.seconds:.0f}s"
        )
        over = "; ".join(f"{n} {why}" for why, n in t.passed_over.most_common())
        print(f"    {t.candidates} candidates, {t.examined} examined; not a case: {over or 'none'}")
    print(f"mining {mining:.0f}s, total {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
