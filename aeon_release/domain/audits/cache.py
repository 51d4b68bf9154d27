"""A findings cache keyed by blob, like ruff's: (blob id, rule-set hash, engine version) -> findings.

What the bulk pass (py-compile, conflict markers, suppression comments) finds in a file depends only
on the file's bytes, the rules that look at it and the engine that runs them; a blob id names the
bytes.  So a re-audit after ``merge --continue``, an ``audit --rev`` of a revision audited before,
and a work-tree audit whose index is fresh only read and compile blobs they have not seen.

It lives under the repository's git directory (``aeon-release/cache/``), one file per (engine,
rule set) pair.  It is bounded (``KEEP_FILES`` files of at most ``MAX_ENTRIES`` entries), safe to
delete (a missing or unreadable file is an empty cache) and never trusted across engine versions:
the engine hash covers the package version, the interpreter (``compile()`` depends on it) and the
audit engine's own source, and is checked inside the file as well as in its name.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aeon_release.domain.audits.model import (
    Finding,
    MergeSides,
    Rule,
    RuleSet,
    Scope,
    Settings,
    Severity,
)
from aeon_release.domain.audits.reports import DAMAGED, engine_version, read_file, store_file
from aeon_release.domain.audits.source import GitTree, Tree, is_glob, select

if TYPE_CHECKING:
    from aeon_release.domain.audits.kinds.base import Context

KEEP_FILES = 4  # rule sets in use at once (branches with other audits/, a rules change being tried)
MAX_ENTRIES = 200_000  # about 30 large trees' worth of blobs; ~10 MB of JSON
_PREFIX = "findings-"

# (rule id, line, detail, severity or None) problems and (line, target, rules, reason) suppressions of one blob
Problems = list[tuple[str, int, str, Severity | None]]
Sups = list[tuple[int, int, tuple[str, ...], str, int]]


def _utf8(text: str) -> bytes:
    """Names that were not UTF-8 arrive as lone surrogates (git's bytes, surrogate-escaped)."""
    return text.encode("utf-8", "surrogateescape")


def ruleset_hash(rules: Sequence[Rule], settings: Settings | None = None) -> str:
    """The rules' definitions and the engine settings: any change in what a rule matches, how it is
    tuned or what it says.  The same rules hash alike in every process (see :func:`canonical`)."""
    text = "\n".join(canonical(r) for r in rules) + "\n" + canonical(settings)
    return hashlib.sha256(_utf8(text)).hexdigest()


def canonical(value: object) -> str:
    """A text that names ``value`` the same way in every process.

    ``repr`` does not: a compiled RE2 pattern's repr is its memory address, so every run hashed the
    fleet's rules differently and the cache never answered.  A value of a type this does not know
    is refused rather than guessed at: a key that collides would serve another rule's findings.
    """
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return repr(value)
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = ", ".join(f"{f.name}={canonical(getattr(value, f.name))}" for f in dataclasses.fields(value))
        return f"{type(value).__qualname__}({inner})"
    if isinstance(value, (tuple, list)):
        return f"{type(value).__name__}({', '.join(canonical(v) for v in value)})"
    if isinstance(value, (set, frozenset)):
        return f"set({', '.join(sorted(canonical(v) for v in value))})"
    if isinstance(value, dict):
        return f"dict({', '.join(sorted(f'{canonical(k)}: {canonical(v)}' for k, v in value.items()))})"
    pattern = getattr(value, "pattern", None)
    if isinstance(pattern, (str, bytes)):  # a compiled pattern (re or RE2); its flags are in the source
        flags = getattr(value, "flags", 0)
        return f"{type(value).__module__}.{type(value).__qualname__}({pattern!r}, flags={flags!r})"
    raise TypeError(f"no stable form for a {type(value).__qualname__} in a rule")


class FindingsCache:
    """Blob results of one (engine, rule set) pair; ``save()`` writes what was added, atomically."""

    def __init__(self, folder: Path | None, rules_key: str) -> None:
        self.folder = folder
        self.engine = engine_version()
        self.rules_key = rules_key
        self.hits = 0
        self._entries: dict[str, Any] = {}
        self._added = 0
        self._used: set[str] = set()
        if folder is not None:
            self._entries = self._load(self.path)

    @property
    def path(self) -> Path:
        assert self.folder is not None
        return self.folder / f"{_PREFIX}{self.engine[:16]}-{self.rules_key[:16]}.json"

    @staticmethod
    def key(oid: str, rule_ids: Sequence[str]) -> str:
        """One blob as looked at by these rules (the same blob may sit at paths other rules match)."""
        return f"{oid}:{hashlib.sha1(_utf8(','.join(rule_ids))).hexdigest()[:10]}"

    def get(self, key: str) -> tuple[Problems, Sups] | None:
        value = self._entries.get(key)
        if value is None:
            return None
        try:
            found = _decode(value)
        except DAMAGED:
            return None  # a damaged entry is a miss
        self.hits += 1
        self._used.add(key)
        return found

    def get_raw(self, key: str) -> Any:
        return self._entries.get(key)

    def put_raw(self, key: str, value: Any) -> None:
        self._entries[key] = value
        self._used.add(key)
        self._added += 1

    def put(self, key: str, problems: Problems, sups: Sups) -> None:
        self._entries[key] = [problems, sups] if problems or sups else 0
        self._used.add(key)
        self._added += 1

    def save(self) -> None:
        """Write the file if anything was added; drop other engines' files and the oldest rule sets."""
        if self.folder is None or not self._added:
            return
        entries = self._entries
        if len(entries) > MAX_ENTRIES:  # keep what this run used: the tree being worked on
            entries = {k: v for k, v in entries.items() if k in self._used}
        data = {"engine": self.engine, "rules": self.rules_key, "entries": entries}
        if store_file(self.path, data, _PREFIX, self.engine, KEEP_FILES):
            self._added = 0

    def _load(self, path: Path) -> dict[str, Any]:
        data = read_file(path)
        if not isinstance(data, dict) or data.get("engine") != self.engine or data.get("rules") != self.rules_key:
            return {}
        entries = data.get("entries")
        return entries if isinstance(entries, dict) else {}


def _decode(value: Any) -> tuple[Problems, Sups]:
    if value == 0:
        return [], []
    problems, sups = value
    return (
        [(str(p[0]), int(p[1]), str(p[2]), Severity(p[3]) if len(p) > 3 and p[3] else None) for p in problems],
        [(int(a), int(b), tuple(str(r) for r in rules), str(reason), int(c)) for a, b, rules, reason, c in sups],
    )


def report_key(
    fingerprint: str,
    ruleset: RuleSet,
    *,
    changed: Collection[str] | None = None,
    new_content: Collection[str] | None = None,
    merge: MergeSides | None = None,
) -> str:
    """Everything a whole report depends on: the engine, the rules with their settings and notes,
    the tree (see ``Tree.fingerprint``), the audit's scope and the merge's three sides."""
    parts = (
        engine_version(),
        canonical(ruleset),
        fingerprint,
        canonical(None if changed is None else sorted(changed)),
        canonical(None if new_content is None else sorted(new_content)),
        canonical(None if merge is None else (merge.base, merge.ours, merge.theirs)),
    )
    return hashlib.sha256(_utf8("\0".join(parts))).hexdigest()


class RuleMemo:
    """A targeted rule's findings, remembered with what they came from: the rule, the files its
    paths match, and the blob of every file it read.  When all of those are as they were, the rule
    is not run again (a re-audit, ``audit --rev`` of a revision audited before)."""

    VARIANTS = 4  # revisions remembered per rule (the fork branch, the merge being made, ...)

    def __init__(self, cache: FindingsCache) -> None:
        self.cache = cache

    def lookup(self, rule: Rule, ctx: Context) -> list[Finding] | None:
        listing = _listing(rule, ctx)
        for variant in self.cache.get_raw(_rule_key(rule, ctx)) or ():
            try:
                if variant["listing"] == listing and all(_oid(ctx, p) == oid for p, oid in variant["reads"].items()):
                    self.cache.hits += 1
                    return [Finding.from_dict(f) for f in variant["findings"]]
            except DAMAGED:
                return None  # a damaged entry is a miss
        return None

    def store(self, rule: Rule, ctx: Context, reads: set[str], findings: list[Finding]) -> None:
        oids = {path: _oid(ctx, path) for path in sorted(reads)}
        if any(oid is None for oid in oids.values()):
            return  # a file it read has no known blob id (changed in the work tree): nothing to key on
        key = _rule_key(rule, ctx)
        variant = {"listing": _listing(rule, ctx), "reads": oids, "findings": [f.as_dict() for f in findings]}
        old = self.cache.get_raw(key)
        others = (
            [v for v in old if isinstance(v, dict) and v.get("listing") != variant["listing"]]
            if isinstance(old, list)
            else []
        )
        self.cache.put_raw(key, [variant, *others][: self.VARIANTS])


def _rule_key(rule: Rule, ctx: Context) -> str:
    # the changed files shape only what a file-scoped rule looks at (Context.targets); a tree-scoped
    # one reads what it names whatever changed, so a merge's audit finds the fork branch's entry
    delta = ctx.changed is not None and _file_scoped(rule)
    changed = "\n".join(sorted(ctx.changed or ())) if delta else "*"
    text = canonical(rule)
    return f"rule:{hashlib.sha256(_utf8(text)).hexdigest()[:20]}:{hashlib.sha1(_utf8(changed)).hexdigest()[:10]}"


def _file_scoped(rule: Rule) -> bool:
    from aeon_release.domain.audits.registry import KINDS

    kind = KINDS.get(rule.kind)
    return kind is None or kind.scope is not Scope.TREE


def _listing(rule: Rule, ctx: Context) -> str:
    """What a rule sees of the file list: the files its paths match, and which literal paths exist."""
    matched = select(ctx.files, rule.paths, rule.exclude)
    present = [p for p in rule.paths if not is_glob(p) and ctx.exists(p)]
    return hashlib.sha1(_utf8("\0".join([*matched, "|", *present]))).hexdigest()


def _oid(ctx: Context, path: str) -> str | None:
    """ "-" for a file that is not in the tree (reading it gives nothing), else its blob id or None."""
    if not ctx.exists(path):
        return "-"
    return ctx.tree.oid(path) if not isinstance(ctx.tree, Path) else None


class MergeMemo:
    """The merge-aware findings of one merge: the three sides and the merged revision name every
    input, so a re-audit of the same merged commit (after `--continue` with a waiver) reuses them."""

    def __init__(self, cache: FindingsCache, tree: Tree, sides: MergeSides, settings: Settings) -> None:
        self.cache = cache
        rev = tree.rev if isinstance(tree, GitTree) else None
        text = repr((sides.base, sides.ours, sides.theirs, rev, settings))
        self.key = f"merge:{hashlib.sha256(_utf8(text)).hexdigest()[:24]}" if rev else None

    def lookup(self) -> list[Finding] | None:
        value = self.cache.get_raw(self.key) if self.key else None
        if not isinstance(value, list):
            return None
        try:
            found = [Finding.from_dict(f) for f in value]
        except DAMAGED:
            return None
        self.cache.hits += 1
        return found

    def store(self, findings: list[Finding]) -> None:
        if self.key:
            self.cache.put_raw(self.key, [f.as_dict() for f in findings])
