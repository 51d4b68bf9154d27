"""Run rules over a tree: one parallel pass over every file for the bulk kinds, `ast` for the rest.

The bulk pass reads each file once in a worker process and does everything that needs every file:
``py-compile``, ``conflict-markers`` and the suppression comments.  Meanwhile the main process runs
the targeted rules, which parse only the handful of files they name.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import Any

from aeon_release.domain.audits import suppress
from aeon_release.domain.audits.kinds.base import Context
from aeon_release.domain.audits.model import AuditReport, Finding, MergeSides, Rule, RuleInfo, RuleSet, Scope
from aeon_release.domain.audits.registry import KINDS
from aeon_release.domain.audits.source import ReadJob, SourceCache, Tree, as_tree, matches
from aeon_release.errors import UsageError

PARALLEL_MIN_FILES = 24  # below this a pool costs more than it saves (tests stay in-process)


@dataclass(frozen=True)
class _BulkRule:
    id: str
    kind: str
    include: tuple[str, ...]
    exclude: tuple[str, ...]


# (path, [(rule id, line, detail)], suppressions)
_FileResult = tuple[str, list[tuple[str, int, str]], list[suppress.Suppression]]


def run_rules(tree: Path | Tree, ruleset: RuleSet, *, changed_files: Collection[str] | None = None,
              merge: MergeSides | None = None, started: float | None = None) -> AuditReport:
    """Audit ``tree``: a checkout (a Path or a :class:`WorkTree`) or a revision (a :class:`GitTree`)."""
    started = time.perf_counter() if started is None else started
    if isinstance(tree, Path) and not tree.is_dir():
        raise UsageError(f"{tree}: no such directory to audit")
    source = as_tree(tree)
    files = source.files()
    changed = frozenset(changed_files) if changed_files is not None else None
    cache = SourceCache(source)
    active, infos = _split_by_condition(ruleset.rules, cache)
    bulk = [r for r in active if hasattr(KINDS[r.kind], "scan")]
    scanned = files if changed is None else [f for f in files if f in changed]
    job = _BulkJob(source, scanned, bulk)
    try:
        findings = _targeted(active, bulk, Context(source, files, cache, changed))
        if merge is not None:  # git and a few parses, while the workers compile
            from aeon_release.domain.audits.merge import merge_findings, merge_rule_infos

            findings += merge_findings(cache, merge, ruleset.settings)
            infos += merge_rule_infos()
        bulk_findings, suppressions = job.result({r.id: r for r in bulk})
    finally:
        job.close()
    findings += bulk_findings
    _add_cached_suppressions(suppressions, cache)
    findings = suppress.apply(findings, suppressions, _judge_unused(ruleset.rules, set(scanned)))
    findings.sort(key=lambda f: (f.path, f.line, f.rule_id, f.message))
    seen = set(scanned) | set(cache.read_paths())
    return AuditReport(tuple(findings), tuple(infos), len(seen), time.perf_counter() - started)


def _targeted(active: list[Rule], bulk: list[Rule], ctx: Context) -> list[Finding]:
    """The rules that look at a few named files, run in this process."""
    bulk_ids = {r.id for r in bulk}
    findings = [f for rule in active if rule.id not in bulk_ids for f in KINDS[rule.kind].check(rule, ctx)]
    findings += [f for rule in bulk if rule.paths != KINDS[rule.kind].default_paths
                 for f in ctx.missing(rule, Scope.FILE)]
    return findings


def _split_by_condition(rules: Sequence[Rule], cache: SourceCache) -> tuple[list[Rule], list[RuleInfo]]:
    active, infos = [], []
    for rule in rules:
        skipped = None
        if rule.when is not None and rule.when.contains not in (cache.text(rule.when.path) or ""):
            skipped = f"{rule.when.path} does not contain {rule.when.contains!r}"
        else:
            active.append(rule)
        infos.append(RuleInfo(rule.id, rule.kind, rule.severity, rule.message, skipped))
    return active, infos


def _add_cached_suppressions(suppressions: dict[str, list[suppress.Suppression]], cache: SourceCache) -> None:
    """Files the targeted rules read but the bulk pass did not (``--changed-since``)."""
    for path in cache.read_paths():
        if path not in suppressions:
            found = suppress.parse(cache.text(path) or "", path)
            if found:
                suppressions[path] = found


def _judge_unused(rules: Sequence[Rule], scanned: set[str]) -> suppress.Judge:
    """Whether an unused suppression is really unused: its rules must all have looked at the file."""
    tree_rules = {r.id for r in rules if KINDS[r.kind].scope is Scope.TREE}

    def judge(path: str, rule_ids: tuple[str, ...]) -> bool:
        return path in scanned or all(r in tree_rules for r in rule_ids)

    return judge


class _BulkJob:
    """The one pass over every file, in worker processes when the tree is big enough."""

    def __init__(self, tree: Tree, files: list[str], rules: list[Rule]) -> None:
        specs = tuple(_BulkRule(r.id, r.kind, r.paths, r.exclude) for r in rules)
        self._pool: Any = None
        self._pending: list[AsyncResult[list[_FileResult]]] = []
        self._inline: list[_FileResult] = []
        if len(files) < PARALLEL_MIN_FILES or _workers() < 2:
            self._inline = scan_chunk((tree.job(files), specs))
            return
        self._pool = _context().Pool(_workers())
        self._pending = [self._pool.apply_async(scan_chunk, ((tree.job(chunk), specs),))
                         for chunk in _chunks(tree, files, _workers() * 4)]

    def result(self, rules: dict[str, Rule]) -> tuple[list[Finding], dict[str, list[suppress.Suppression]]]:
        results = list(self._inline)
        for pending in self._pending:
            results.extend(pending.get())
        self._pending = []
        findings = [rules[rid].finding(path, line, detail) for path, problems, _ in results for rid, line, detail in problems]
        suppressions = {path: sups for path, _, sups in results if sups}
        return findings, suppressions

    def close(self) -> None:
        """Stop the workers: politely when every chunk came back, at once when something failed."""
        if self._pool is None:
            return
        if self._pending:
            self._pool.terminate()
        else:
            self._pool.close()
        self._pool.join()
        self._pool = None


def _workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _context() -> Any:
    # fork is the cheapest start; with other threads alive it may deadlock, so fall back then.
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _chunks(tree: Tree, files: list[str], count: int) -> list[list[str]]:
    """Deal files, biggest first, into ``count`` chunks of about equal bytes."""
    sized = sorted(((tree.size(rel), rel) for rel in files), reverse=True)
    chunks: list[list[str]] = [[] for _ in range(count)]
    for i, (_, rel) in enumerate(sized):
        round_, slot = divmod(i, count)
        chunks[slot if round_ % 2 == 0 else count - 1 - slot].append(rel)
    return [c for c in chunks if c]


def scan_chunk(job: tuple[ReadJob, tuple[_BulkRule, ...]]) -> list[_FileResult]:
    """Worker: read each file once, run every bulk rule that applies, collect suppressions."""
    reader, specs = job
    out: list[_FileResult] = []
    for rel, data in reader.read_all():
        problems = [
            (spec.id, line, detail)
            for spec in specs
            if matches(rel, spec.include) and not matches(rel, spec.exclude)
            for line, detail in KINDS[spec.kind].scan(rel, data, None)  # type: ignore[attr-defined]
        ]
        sups = suppress.scan(data, rel) if b"\0" not in data[:8192] else []
        if problems or sups:
            out.append((rel, problems, sups))
    return out
