"""Nulled attribute drift's file test asked more cheaply (perf25, issue 12): the same files, fewer lines read.

Each of upstream's Python diffs had its removed and added lines scanned one by one (13 ms at the 500-commit
bench, whose fork uses no attribute off ``self`` at all).  Now a fork using none reads no diff, and a diff
with no removed line opening with ``self.`` -- which every candidate's test asks for -- is passed over by one
search of its raw text."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from aeon_release.domain.audits.drift import nulled_attributes
from aeon_release.domain.audits.drift.sides import Changes, FileChange, parse_changes

_HEADER = "diff --git a/m.py b/m.py\nindex 1..2 100644\n--- a/m.py\n+++ b/m.py\n@@ -1,3 +1,3 @@\n"
_INDENTS = ["    ", "\t", " ", "", "\x0c ", "\u2028", "\x85"]
_BODIES = [
    "self.head = Head(cfg)",
    "self.head = nn.Linear(4, 4)",
    "self.head = head",
    "self.head = None",
    "self.head: Head | None = None",
    "self.head = Head(cfg) if use_head else None",
    "self.pool = Pool()",
    "self.pool = None",
    "self.pool == None",
    "x = self.head",
    "return None",
]


def _diff(rng: random.Random) -> str:
    lines = [
        rng.choice(["-", "+", "-", "+", " "]) + rng.choice(_INDENTS) + rng.choice(_BODIES) + rng.choice(["", "\r"])
        for _ in range(rng.randint(0, 6))
    ]
    return _HEADER + "".join(f"{line}\n" for line in lines)


def test_every_candidate_diff_has_a_removed_line_opening_with_self() -> None:
    """``_candidate`` holds only where ``_SETS_SELF`` finds a removed line opening with ``self.`` (whitespace
    the lines' ``\\s`` reads but "\\n" does not split at included); random diffs, every attribute used."""
    rng = random.Random(125)
    candidates = 0
    used = {"head", "pool"}
    for _ in range(5000):
        diff = _diff(rng)
        changes = parse_changes(diff)
        trees = SimpleNamespace(upstream=changes)
        if "m.py" not in changes:
            continue
        if nulled_attributes._candidate(trees, "m.py", used):  # type: ignore[arg-type]
            candidates += 1
            assert nulled_attributes._SETS_SELF.search(changes.raw("m.py")), repr(diff)
    assert candidates > 500, candidates


class _Unread(Changes):
    """Upstream's diffs, refusing to be read: a check that reads one fails the test."""

    def raw(self, path: str) -> str:
        raise AssertionError(f"read upstream's diff of {path}")

    def __getitem__(self, path: str) -> FileChange:
        raise AssertionError(f"read upstream's diff of {path}")


def test_no_upstream_diff_is_read_when_no_fork_line_uses_an_attribute_off_self() -> None:
    """The bench fork added an empty line and a comment: no attribute a candidate names is one it uses."""
    upstream = _Unread("")
    upstream._raw = {"m.py": _HEADER + "-        self.head = Head(cfg)\n+        self.head = head\n"}
    header = "diff --git a/f.py b/f.py\n--- a/f.py\n+++ b/f.py\n@@ -1,0 +1,2 @@\n"
    quiet = SimpleNamespace(mine=parse_changes(header + "+\n+# aeon: a comment on self.head(x)\n"), upstream=upstream)
    # the comment's ``self.head(`` is a use as the line pattern reads it: the diffs are searched
    try:
        nulled_attributes.nulled_attribute_drift(quiet, "")  # type: ignore[arg-type]
    except AssertionError as read:
        assert "m.py" in str(read)
    else:
        raise AssertionError("a fork line using self.head( did not have upstream's diffs searched")
    bare = SimpleNamespace(mine=parse_changes(header + "+\n+# aeon: a comment\n"), upstream=upstream)
    assert nulled_attributes.nulled_attribute_drift(bare, "") == []  # type: ignore[arg-type]


class _Refused:
    """A pattern refusing to be scanned with: a check that scans with it fails the test."""

    def finditer(self, text: str) -> object:
        raise AssertionError("scanned the fork's lines with _TYPED")


def test_the_typed_scan_runs_only_when_it_may_add_a_candidates_attribute(monkeypatch: pytest.MonkeyPatch) -> None:
    """mend61: ``_TYPED`` (a use off a parameter typed as upstream's class) is the costliest scan of the fork's
    lines, and ``_candidate`` reads only the attributes a diff builds on a removed line or sets to None on an added
    one: where the fork names none of those beyond what ``_USED``/``_HELD`` found, the scan is skipped."""
    header = "diff --git a/f.py b/f.py\n--- a/f.py\n+++ b/f.py\n@@ -1,0 +1,1 @@\n"
    fork = parse_changes(header + "+    head.draft_ids.to(device)\n")
    words = frozenset({"head", "draft_ids", "to", "device"})
    pool = parse_changes(_HEADER + "-        self.pool = Pool()\n+        self.pool = pool\n")
    monkeypatch.setattr(nulled_attributes, "_TYPED", _Refused())
    trees = SimpleNamespace(mine=fork, upstream=pool, fork_words=lambda: words)
    assert nulled_attributes.nulled_attribute_drift(trees, "") == []  # type: ignore[arg-type]
    # a diff setting an attribute the fork names back to None: the scan runs
    nulls = parse_changes(_HEADER + "-        self.draft_ids = ids\n+        self.draft_ids = None\n")
    trees = SimpleNamespace(mine=fork, upstream=nulls, fork_words=lambda: words)
    try:
        nulled_attributes.nulled_attribute_drift(trees, "")  # type: ignore[arg-type]
    except AssertionError as scanned:
        assert "_TYPED" in str(scanned)
    else:
        raise AssertionError("an attribute the diff nulls and the fork names did not have the fork scanned")
