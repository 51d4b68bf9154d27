"""What a carry's own diff says about upstream's range: already upstreamed (by its lines), or moved away.

Patch-id and PR numbers catch a carry that upstream took verbatim.  A carry that upstream took in a
modified form, or whose code upstream moved, shows only in its lines: the carry's added lines reappear
in upstream's diff, or the lines it patched (its context) now sit in another file.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from aeon_release.adapters import files
from aeon_release.adapters.git import PATCH_OPTIONS, Commit, Git
from aeon_release.domain.audits import linear
from aeon_release.domain.diffpaths import header_path
from aeon_release.domain.ledger import Carry, Ledger
from aeon_release.errors import ConfigError, GitError

UPSTREAMED_SHARE = 0.8  # this share of a carry's added lines in upstream's diff: probably upstreamed
MOVED_SHARE = 0.5  # below this share of its context left in the file, the patched code moved
_HUNK = re.compile(r"^@@ ")
_WORDS = re.compile(r"[A-Za-z_]\w")


@dataclass
class CarryDiff:
    """Per file: the lines a carry adds, and the lines it patched (context and removed lines)."""

    added: dict[str, list[str]] = field(default_factory=dict)
    context: dict[str, list[str]] = field(default_factory=dict)

    @property
    def files(self) -> list[str]:
        return sorted(set(self.added) | set(self.context))


def parse_patch(text: str, into: CarryDiff | None = None) -> CarryDiff:
    diff = into or CarryDiff()
    path: str | None = None
    in_hunk = False
    # lines end at a newline only: splitlines() also broke a line at a form feed or a U+2028 in it
    for line in text.split("\n"):
        if line.startswith("diff --git "):
            path, in_hunk = None, False
        elif line.startswith("+++ "):
            path = header_path(line[4:].rstrip("\r"))
        elif _HUNK.match(line):
            in_hunk = path is not None
        elif in_hunk and path is not None and line.startswith(("+", "-", " ")):
            target = diff.added if line[0] == "+" else diff.context
            target.setdefault(path, []).append(line[1:])
    return diff


def carry_diff(git: Git, ledger: Ledger, carry: Carry, rng: UpstreamRange | None = None) -> CarryDiff:
    """The carry's commits' patches (read once a plan: ``rng``'s), then its patch file's."""
    diff = CarryDiff()
    for sha in carry.commits:
        status, out = rng.commit_patch(sha) if rng is not None else commit_patch(git, sha)
        if status == 0:
            parse_patch(out, diff)
    patch = ledger.patch_path(carry)
    raw = files.read_capped(Path(patch), f"patch {patch}", error=ConfigError) if patch is not None else None
    if raw is not None:
        parse_patch(raw.decode("utf-8", "replace"), diff)
    return diff


def commit_patch(git: Git, sha: str) -> tuple[int, str]:
    """``git show -U3`` of a fork commit: (status, the patch)."""
    status, out, _ = git.try_run("show", "--format=", *PATCH_OPTIONS, "-U3", sha)
    return status, out


def added_lines(git: Git, sha: str, rng: UpstreamRange) -> dict[str, list[str]]:
    """The lines commit ``sha`` adds, per file, as ``git show -U0 --no-renames`` gives them.  Taken from its ``-U3``
    patch, which the plan reads anyway for the carry's review, when that shows no rename or copy: the lines a diff
    adds do not depend on its context, only on whether renames are detected (one git process a carry commit less)."""
    status, text = rng.commit_patch(sha)
    if status == 0 and not _RENAMED.search(text):
        return parse_patch(text).added
    return parse_patch(git.run("show", "--format=", *PATCH_OPTIONS, "-U0", "--no-renames", sha)).added


_RENAMED = re.compile(r"^(?:rename|copy) from ", re.M)  # an extended header: a hunk's lines begin with + - space \


def significant(lines: Iterable[str], *, comments: bool = False) -> list[str]:
    """Lines that say something: code with a name in it, not blank, not a bare bracket; a comment
    only with ``comments`` (a marker comment is all some carries add)."""
    out = []
    for line in lines:
        text = line.strip()
        if len(text) >= 6 and (comments or not text.startswith("#")) and _WORDS.search(text):
            out.append(text)
    return out


class UpstreamRange:
    """Upstream's changes in base..tag for the files asked about, computed once each."""

    def __init__(self, git: Git, base: str, tag: str, pr_pattern: str = r"\(#(\d+)\)\s*$") -> None:
        self.git, self.base, self.tag = git, base, tag
        self.pr_pattern = linear.compile_subject(pr_pattern)  # fleet.yaml's: RE2, linear time
        self._added: dict[str, set[str]] = {}
        self._renames: dict[str, str] | None = None
        self._patches: dict[str, tuple[int, str]] = {}

    def commit_patch(self, sha: str) -> tuple[int, str]:
        """``commit_patch`` of a fork commit, read once for this plan: its added lines, then its review (the
        ledger's spelling of the commit, an abbreviated id, and the full one are the same commit)."""
        key = self.git.resolve(sha) or sha
        if key not in self._patches:
            self._patches[key] = commit_patch(self.git, key)
        return self._patches[key]

    def read_ahead(self, shas: Iterable[str]) -> None:
        """Upstream's diff of every file these commits add lines to, in one path-limited diff of the range, not
        one a carry (each carry's evidence asks for its own files next).  What fails is left to fail there."""
        wanted: list[str] = []
        for sha in dict.fromkeys(shas):
            status, text = self.commit_patch(sha)
            if status == 0 and not _RENAMED.search(text):
                wanted += parse_patch(text).added
        with contextlib.suppress(GitError):
            self.added(wanted)

    def added(self, files: list[str]) -> dict[str, set[str]]:
        """path -> stripped lines upstream added there (a path-limited diff: cheap on any range)."""
        wanted = [f for f in dict.fromkeys(files) if f not in self._added]
        if wanted:
            out = self.git.run(
                "diff", "-U0", *PATCH_OPTIONS, "--no-renames", self.base, self.tag, "--", *_literal(wanted)
            )  # fmt: skip
            parsed = parse_patch(out)
            for path in wanted:
                self._added[path] = {line.strip() for line in parsed.added.get(path, [])}
        return {f: self._added[f] for f in dict.fromkeys(files)}

    def renames(self) -> dict[str, str]:
        if self._renames is None:
            self._renames = self.git.renames(self.base, self.tag)
        return self._renames

    def best_commit(self, lines: list[str], files: list[str]) -> Commit | None:
        """The upstream commit in the range whose added lines cover most of ``lines``."""
        wanted, best, best_count = set(lines), None, 0
        out = self.git.run(
            "log", "-p", "-U0", *PATCH_OPTIONS, "--format=%x01%H%x00%s", f"{self.base}..{self.tag}", "--",
            *_literal(files),
        )  # fmt: skip
        for chunk in out.split("\x01")[1:]:
            header, _, body = chunk.partition("\n")
            sha, _, subject = header.partition("\x00")
            count = len(wanted & {line[1:].strip() for line in body.splitlines() if line.startswith("+")})
            if count > best_count:
                best, best_count = Commit(sha, subject), count
        return best

    def describe(self, commit: Commit) -> str:
        match = self.pr_pattern.search(commit.subject)
        pr = f"#{match.group(1)} " if match and match.groups() else ""
        return f"{commit.sha[:12]} {pr}'{commit.subject}'"


def probably_upstreamed(diff: CarryDiff, rng: UpstreamRange, share: float = UPSTREAMED_SHARE) -> str | None:
    """Evidence that upstream's diff already has at least ``share`` of the carry's added lines."""
    lines = significant(line for path in diff.added for line in diff.added[path])
    if not lines:
        return None
    upstream = set().union(*rng.added(diff.files).values()) if diff.files else set()
    matched = [line for line in lines if line in upstream]
    if len(matched) < share * len(lines):
        return None
    commit = rng.best_commit(matched, list(rng.added(diff.files)))
    where = f"; best match {rng.describe(commit)}" if commit else ""
    return f"{len(matched)} of {len(lines)} of its added lines are in upstream's diff {rng.base[:12]}..{rng.tag[:12]}{where}"


def moved_code(diff: CarryDiff, path: str, rng: UpstreamRange) -> str | None:
    """Where upstream moved the code the carry patched in ``path``, or None when it is still there."""
    renamed = rng.renames().get(path)
    if renamed:
        return f"upstream moved {path} to {renamed} (git rename detection)"
    # only the context this release's upstream had at its base: an old carry's context lines that upstream
    # changed long before the base (a real fork's 2024 commits on its env-var module) are no news of this
    # merge, and counted, every conflict in such a file said "upstream removed most of the code it patched"
    before = {line.strip() for line in (rng.git.blob_text(rng.base, path) or "").splitlines()}
    context = [line for line in significant(diff.context.get(path, [])) if line in before]
    if not context:
        return None
    theirs = {line.strip() for line in (rng.git.blob_text(rng.tag, path) or "").splitlines()}
    gone = [line for line in context if line not in theirs]
    if len(gone) <= MOVED_SHARE * len(context):
        return None
    best, count = _best_file(gone, rng, path)
    if best is not None and count >= MOVED_SHARE * len(gone):
        return (
            f"upstream moved the code it patched to {best}: {count} of the {len(gone)} context lines "
            f"gone from {path} are there now"
        )
    return f"upstream removed most of the code it patched from {path}" if theirs else f"upstream deleted {path}"


def _best_file(context: list[str], rng: UpstreamRange, path: str) -> tuple[str | None, int]:
    """The file upstream added most of these lines to (one ``git diff`` over the whole range).

    A line the file's diff also removes was there before: upstream reshaped that file, and moved
    nothing into it (generic lines such as ``return ("pkg.backends."`` are in many files; with a
    three-line context two of them named another platform's file, where the patched code was not)."""
    out = rng.git.run("diff", "-U0", *PATCH_OPTIONS, "--no-renames", rng.base, rng.tag)
    parsed = parse_patch(out)  # with -U0, a file's context is the lines its diff removed
    wanted = set(context)

    def moved_in(f: str, lines: list[str]) -> int:
        before = {line.strip() for line in parsed.context.get(f, [])}
        return len(wanted & ({line.strip() for line in lines} - before))

    scored = sorted(((moved_in(f, lines), f) for f, lines in parsed.added.items() if f != path), reverse=True)
    return (scored[0][1], scored[0][0]) if scored and scored[0][0] else (None, 0)


def conflict_notes(
    git: Git, ledger: Ledger, carries: list[tuple[Carry, str | None]], path: str, rng: UpstreamRange
) -> list[dict[str, str]]:
    """For each carry touching a conflicted file: upstreamed (take theirs) and/or where its code went."""
    notes = []
    for carry, known in carries:
        diff = carry_diff(git, ledger, carry)
        upstreamed = known or probably_upstreamed(diff, rng)
        moved = moved_code(diff, path, rng)
        note = {"carry": carry.id}
        if upstreamed:
            note["upstreamed"] = f"upstreamed: take theirs ({upstreamed})"
        if moved:
            note["moved"] = moved
        if len(note) > 1:
            notes.append(note)
    return notes


def _literal(paths: list[str]) -> list[str]:
    """Paths as pathspecs that name them alone: a plain pathspec is a glob to git, so a carried file named
    ``pkg/[ab].py`` also read upstream's ``pkg/a.py`` and ``pkg/b.py`` (and the evidence named their commit)."""
    return [f":(literal){p}" for p in paths]
