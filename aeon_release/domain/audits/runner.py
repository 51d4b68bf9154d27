"""Run rules over a tree: one parallel pass over every file for the bulk kinds, `ast` for the rest.

The bulk pass reads each file once in a worker process and does everything that needs every file:
``py-compile``, ``conflict-markers`` and the suppression comments.  Meanwhile the main process runs
the targeted rules, which parse only the handful of files they name.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aeon_release.domain.audits import suppress
from aeon_release.domain.audits.cache import FindingsCache, MergeMemo, RuleMemo
from aeon_release.domain.audits.kinds.base import Context
from aeon_release.domain.audits.model import (
    CONFIG_NOTE,
    NOT_AUDITED,
    AuditReport,
    Finding,
    MergeSides,
    Problem,
    Rule,
    RuleInfo,
    RuleSet,
    Scope,
    Settings,
    Severity,
    fold_same_cause,
)
from aeon_release.domain.audits.registry import KINDS
from aeon_release.domain.audits.source import (
    OVER_CAP,
    SUBMODULE,
    ReadJob,
    SourceCache,
    Tree,
    as_tree,
    matches,
    may_hold,
    select,
)
from aeon_release.errors import NeedsHuman, UsageError
from aeon_release.streams import lone_thread

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor  # with the pool: a small audit never imports them

    from aeon_release.domain.audits.sidecar import Answer

PARALLEL_MIN_FILES = 24  # below this a pool costs more than it saves (tests stay in-process)


@dataclass(frozen=True)
class _BulkRule:
    id: str
    kind: str
    include: tuple[str, ...]
    exclude: tuple[str, ...]


# (path, [(rule id, line, detail, severity or None: the rule's)], suppressions)
_FileResult = tuple[str, list[tuple[str, int, str, Severity | None]], list[suppress.Suppression]]


def run_rules(
    tree: Path | Tree,
    ruleset: RuleSet,
    *,
    changed_files: Collection[str] | None = None,
    merge: MergeSides | None = None,
    started: float | None = None,
    new_content: Collection[str] | None = None,
    cache: FindingsCache | None = None,
    waiting: Callable[[], object] | None = None,
) -> AuditReport:
    """Audit ``tree``: a checkout (a Path or a :class:`WorkTree`) or a revision (a :class:`GitTree`).

    ``changed_files`` narrows the FILE-scoped rules and the bulk pass to those files (``--changed-since``).
    ``new_content`` is the merge's delta: the hygiene rules (a bulk kind with its default paths: py-compile,
    conflict markers) look only at these files, other bulk rules only at ``changed_files``, and every
    targeted rule at all its files (they read few, and may depend on a file that did not change).
    ``cache`` answers the bulk pass for blobs it has seen.
    """
    started = time.perf_counter() if started is None else started
    if isinstance(tree, Path) and not tree.is_dir():
        raise UsageError(f"{tree}: no such directory to audit")
    settings = ruleset.settings
    source = as_tree(tree, settings.max_file_bytes)
    files = source.files()
    delta = frozenset(new_content) if new_content is not None else None
    changed = frozenset(changed_files) if changed_files is not None else None
    cache_ = SourceCache(source, settings.max_parse_bytes)
    active, infos = _split_by_condition(ruleset.rules, cache_)
    bulk = [r for r in active if hasattr(KINDS[r.kind], "scan")]
    scanned = files if changed is None else [f for f in files if f in changed]
    job = _BulkJob(source, _looks(scanned, bulk, delta), bulk, cache, settings)
    try:
        context = Context(source, files, cache_, None if delta is not None else changed)
        waits = _merge_checks(source, cache_, merge, ruleset, cache, waiting) if merge is not None else None
        findings = _targeted(active, bulk, context, cache)  # meanwhile the sidecar checks the merge
        read_elsewhere: list[str] = []  # merged files the sidecar read
        if waits is not None:  # git and a few parses, while the workers compile
            found, read_elsewhere = waits()
            findings += found
            infos += _merge_infos()
        bulk_findings, suppressions = job.result({r.id: r for r in bulk})
    finally:
        job.close()
    findings += bulk_findings
    findings += _not_audited(source, changed, ruleset)
    findings = settings.relevel(findings)
    _add_cached_suppressions(suppressions, cache_)
    _add_finding_suppressions(suppressions, cache_, findings)
    judge = _judge_unused(ruleset.rules, set(scanned)) if delta is None else _judge_delta(ruleset.rules, job.looks)
    if merge is None:
        judge = _merge_checks_did_not_look(judge)
    findings = _settled(findings, suppressions, judge)
    seen = set(job.looks) | set(cache_.read_paths()) | set(read_elsewhere)
    return AuditReport(
        tuple(findings),
        tuple(replace(i, severity=settings.level_of(i.id, i.severity)) for i in infos),
        len(seen),
        time.perf_counter() - started,
        exclusions=_exclusions(ruleset.rules, scanned),
        files_cached=cache.hits if cache is not None else 0,
        unkeyed=cache_.unkeyed,
    )


def _merge_checks(
    source: Tree,
    cache_: SourceCache,
    merge: MergeSides,
    ruleset: RuleSet,
    cache: FindingsCache | None,
    waiting: Callable[[], object] | None = None,
) -> Callable[[], tuple[list[Finding], list[str]]]:
    """Start the merge-aware checks: the memo's answer, or the sidecar's, which works while the rules
    run.  The call returned waits for them: the findings, and the merged files the sidecar read
    (``waiting`` is called first, while the sidecar may still be working)."""
    memo = MergeMemo(cache, source, merge, ruleset.settings) if cache is not None else None
    remembered = memo.lookup() if memo is not None else None
    answer = _ask_sidecar(source, merge, ruleset.settings) if remembered is None else None

    def wait() -> tuple[list[Finding], list[str]]:
        if remembered is not None:
            return remembered, []
        if answer is not None and waiting is not None:
            waiting()
        answered = answer() if answer is not None else None
        found = answered.findings if answered is not None else _merge_findings(cache_, merge, ruleset)
        if memo is not None:
            memo.store(found)
        return found, answered.read if answered is not None else []

    return wait


def _settled(
    findings: list[Finding], suppressions: dict[str, list[suppress.Suppression]], judge: suppress.Judge
) -> list[Finding]:
    """Suppressed, folded where one cause made several, and in the report's order."""
    findings = fold_same_cause(suppress.apply(findings, suppressions, judge))
    findings.sort(key=lambda f: (f.path, f.line, f.rule_id, f.message))
    return findings


def _looks(files: list[str], bulk: list[Rule], delta: frozenset[str] | None) -> dict[str, tuple[str, ...]]:
    """Which bulk rules look at which file.  Without a delta every file is read (for its suppressions)."""
    hygiene = {r.id for r in bulk if r.paths == KINDS[r.kind].default_paths}
    matched = {
        r.id: set(
            select(
                files if delta is None or r.id not in hygiene else [f for f in files if f in delta], r.paths, r.exclude
            )
        )
        for r in bulk
    }
    looks = {}
    for rel in files:
        ids = tuple(r.id for r in bulk if rel in matched[r.id])
        if ids or delta is None:
            looks[rel] = ids
    return looks


def _judge_delta(rules: Sequence[Rule], looks: dict[str, tuple[str, ...]]) -> suppress.Judge:
    """Unused means unused by a rule that looked: a bulk rule that skipped the file (no new content) did not."""
    bulk_ids = {r.id for r in rules if hasattr(KINDS[r.kind], "scan")}

    def judge(path: str, rule_ids: tuple[str, ...]) -> bool:
        return all(r in looks.get(path, ()) or r not in bulk_ids for r in rule_ids)

    return judge


def _targeted(active: list[Rule], bulk: list[Rule], ctx: Context, cache: FindingsCache | None) -> list[Finding]:
    """The rules that look at a few named files, run in this process (or answered by the cache)."""
    bulk_ids = {r.id for r in bulk}
    memo = RuleMemo(cache) if cache is not None else None
    findings = [f for rule in active if rule.id not in bulk_ids for f in _check(rule, ctx, memo)]
    findings += [
        f for rule in bulk if rule.paths != KINDS[rule.kind].default_paths for f in ctx.missing(rule, Scope.FILE)
    ]
    return findings


def _check(rule: Rule, ctx: Context, memo: RuleMemo | None) -> list[Finding]:
    if memo is None:
        return _checked(rule, ctx)
    found = memo.lookup(rule, ctx)
    if found is not None:
        for path in {f.path for f in found}:
            ctx.cache.text(path)  # its suppressions count, as if the rule had read it
        return found
    ctx.cache.reads, earlier, ctx.cache.unkeyed = set(), ctx.cache.unkeyed, False
    try:
        found = _checked(rule, ctx)
        reads = ctx.cache.reads
    finally:
        ctx.cache.reads = None
    if not ctx.cache.unkeyed:
        memo.store(rule, ctx, reads, found)
    ctx.cache.unkeyed |= earlier  # the report's own flag: any rule's
    return found


def _checked(rule: Rule, ctx: Context) -> list[Finding]:
    """One rule's findings; a file too deep or too big for Python's parser is a finding, never a crash."""
    found: list[Finding] = []
    try:
        found.extend(KINDS[rule.kind].check(rule, ctx))
    except (RecursionError, MemoryError) as exc:
        why = "too deeply nested" if isinstance(exc, RecursionError) else "too large to analyse"
        found.append(rule.finding(_last_path(found, rule), 0, f"could not be checked: {why}"))
    return found


def _last_path(found: list[Finding], rule: Rule) -> str:
    return found[-1].path if found else (rule.paths[0] if rule.paths else "")


def _ask_sidecar(source: Tree, merge: MergeSides, settings: Settings) -> Callable[[], Answer | None] | None:
    """The merge's sidecar process (started with the plan) checks a merged revision; a checkout (a
    merge stopped for a person) is checked here."""
    from aeon_release.domain.audits import sidecar
    from aeon_release.domain.audits.source import GitTree

    return sidecar.ask(merge, source.rev, settings) if isinstance(source, GitTree) else None


def _merge_findings(cache: SourceCache, merge: MergeSides, ruleset: RuleSet) -> list[Finding]:
    from aeon_release.domain.audits.merge import merge_findings

    try:
        return merge_findings(cache, merge, ruleset.settings)
    except (RecursionError, MemoryError) as exc:
        # An error, as a Python file the checks did not read is (merge.py's ``_unread``): this one stands for
        # every merge-aware finding of the merge, and as a warning the gate passed with none of them (exit 0:
        # a fork's 1,000-branch ``elif`` table ran symbol drift out of stack before its trees were cut).
        why = "a merged file is too deeply nested" if isinstance(exc, RecursionError) else "out of memory"
        return [
            Finding(
                NOT_AUDITED,
                "audit",
                Severity.ERROR,
                "",
                0,
                f"the merge-aware checks could not run ({why}): what they did not read they cannot pass"
                " (run the audit with more memory, or cut the nesting)",
            )
        ]


def _merge_infos() -> list[RuleInfo]:
    from aeon_release.domain.audits.merge_rules import merge_rule_infos

    return merge_rule_infos()


def _not_audited(source: Tree, changed: frozenset[str] | None, ruleset: RuleSet) -> list[Finding]:
    """A warning for each entry the audit did not read (symlink, FIFO, over the size cap), and for the config.
    One that a rule reads by its path is an error: what the gate did not read it cannot pass.  A pull
    request's Python file padded past ``settings.max_file_bytes`` with one comment, or a ``.py`` committed
    as a symbolic link to a ``.txt`` of the same code (Python imports through it; no ``**/*.py`` rule
    reads a .txt), was a warning, and the forbidden call in it passed the gate.  The conflict-marker
    check, which reads every file, does not count: a tracked data file (a model, a fixture) over the cap
    or a link to a README stays a warning."""
    skipped = {p: why for p, why in source.skipped().items() if changed is None or p in changed}
    # what git commits: a FIFO or a device is a checkout's own (no pull request carries one)
    committed = [p for p, why in skipped.items() if "symlink" in why or why.endswith(OVER_CAP) or why == SUBMODULE]
    readers = [rule for rule in ruleset.rules if rule.kind != "conflict-markers"] if committed else []
    read = {f for rule in readers for f in select(committed, rule.paths, rule.exclude)}
    # A folder committed as a symbolic link or a submodule holds what a rule reads under it: ``pkg/sub ->
    # ../third_party/x`` (or a submodule there) took ``pkg/**/*.py``'s files out of the audit, and Python
    # imports them through it.  The tree rules with their own paths (py-compile's ``**/*.py``) do not count:
    # what such a folder leads to in the tree they read at its own path.  A rule's condition file (``when:
    # path``) is read by its path too.
    files = set(source.files()) if committed else set()
    narrow = [r for r in readers if r.exclude or r.paths != KINDS[r.kind].default_paths]
    read |= {
        path
        for path in committed
        if not skipped[path].endswith(OVER_CAP) and path not in read and _hides(source, path, files, narrow)
    }
    read |= {p for rule in ruleset.rules if rule.when is not None for p in committed if p == rule.when.path}
    findings = [
        Finding(NOT_AUDITED, "audit", Severity.WARNING, path, 0, f"not audited: {why}")
        if path not in read
        else Finding(
            NOT_AUDITED,
            "audit",
            Severity.ERROR,
            path,
            0,
            f"not audited: {why}, and rules read it: what the gate did not read it cannot pass "
            + ("(raise settings.max_file_bytes, " if why.endswith(OVER_CAP) else "(commit the files themselves, ")
            + "or keep it out of the rules' paths)",
        )
        for path, why in sorted(skipped.items())
    ]
    findings += [Finding(CONFIG_NOTE, "audit", Severity.WARNING, "audits", 0, note) for note in ruleset.notes]
    return findings


def _hides(source: Tree, path: str, files: set[str], narrow: Sequence[Rule]) -> bool:
    """Whether the folder committed at ``path`` (a symbolic link or a submodule) holds files one of the
    ``narrow`` rules would read there and reads nowhere else."""
    target = _link_target(source, path)
    if target is not None and target in files:
        return False  # a link to a file of the tree (a README's): it holds no folder
    if target is None or ".git" in target.split("/"):
        # outside the tree, a submodule, a link to a link: whatever it holds, no rule read it
        return any(may_hold(path, rule.paths, rule.exclude) for rule in narrow)
    # a folder of the tree: its files hide only from a rule that reads them here, not there
    inside = [f for f in files if target == "." or f.startswith(target + "/")]
    if not inside:
        return any(may_hold(path, rule.paths, rule.exclude) for rule in narrow)
    rel = [f if target == "." else f[len(target) + 1 :] for f in inside]
    return any(
        select([f"{path}/{r}"], rule.paths, rule.exclude) and not select([f], rule.paths, rule.exclude)
        for rule in narrow
        for f, r in zip(inside, rel)
    )


def _link_target(source: Tree, path: str) -> str | None:
    """Where the symlink ``path`` leads in the tree (``.`` for its top), read lexically as the link text
    says; None for a submodule, a link out of the tree (absolute, or past its top) or no link."""
    import posixpath

    text = source.link_text(path)
    if text is None or text.startswith("/"):
        return None
    target = posixpath.normpath(posixpath.join(posixpath.dirname(path), text))
    return None if target == ".." or target.startswith("../") else target


def _exclusions(rules: Sequence[Rule], scanned: Sequence[str]) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    """What each rule's ``exclude`` holds out of the audit, for the report."""
    out = []
    for rule in rules:
        if rule.exclude:
            held = sum(1 for path in scanned if matches(path, rule.paths) and matches(path, rule.exclude))
            out.append((rule.id, rule.exclude, held))
    return tuple(out)


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


def _add_finding_suppressions(
    suppressions: dict[str, list[suppress.Suppression]], cache: SourceCache, findings: list[Finding]
) -> None:
    """Files holding a finding that no pass read: a merge's audit reads only new content, so a
    merge-aware finding in a fork file the merge left alone kept its suppression comment unread (a
    suppression written on the fork branch worked in `audit --base/--ours/--theirs`, not in `merge`)."""
    for path in sorted({f.path for f in findings if f.line > 0} - set(suppressions)):
        found = suppress.parse(cache.text(path) or "", path)
        if found:
            suppressions[path] = found


def _merge_checks_did_not_look(judge: suppress.Judge) -> suppress.Judge:
    """An audit without merge sides ran no merge-aware check: a suppression naming one (written on
    the fork branch, as it must be, for the next merge) is not unused.  Every plain audit of the
    branch, the pull-request gate's too, called it "matches no finding: remove it"."""
    merge_ids = {info.id for info in _merge_infos()}

    def judged(path: str, rule_ids: tuple[str, ...]) -> bool:
        return judge(path, rule_ids) and not any(r in merge_ids for r in rule_ids)

    return judged


def _judge_unused(rules: Sequence[Rule], scanned: set[str]) -> suppress.Judge:
    """Whether an unused suppression is really unused: its rules must all have looked at the file."""
    tree_rules = {r.id for r in rules if KINDS[r.kind].scope is Scope.TREE}

    def judge(path: str, rule_ids: tuple[str, ...]) -> bool:
        return path in scanned or all(r in tree_rules for r in rule_ids)

    return judge


class _BulkJob:
    """The one pass over every file, in worker processes when the tree is big enough; blobs the
    cache has seen are answered from it."""

    def __init__(
        self,
        tree: Tree,
        looks: dict[str, tuple[str, ...]],
        rules: list[Rule],
        cache: FindingsCache | None,
        settings: Settings,
    ) -> None:
        specs = tuple(_BulkRule(r.id, r.kind, r.paths, r.exclude) for r in rules)
        self.looks = looks
        self._cache = cache
        self._keys: dict[str, str] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._pending: list[Future[list[_FileResult]]] = []
        self._inline: list[_FileResult] = []
        files = self._from_cache(tree) if cache is not None else list(looks)
        plan = {rel: looks[rel] for rel in files}
        if len(files) >= PARALLEL_MIN_FILES and _workers() >= 2:
            # An executor, not a Pool: a worker that dies (the OOM killer, a CPU limit) breaks every
            # pending future at once instead of leaving the run waiting for a result that never comes.
            with signals_held():  # the workers start at the first submission
                self._pool = _pool_or_none()
                if self._pool is not None:
                    self._pending = [
                        self._pool.submit(scan_chunk, (tree.job(chunk), specs, {r: plan[r] for r in chunk}, settings))
                        for chunk in _chunks(tree, files, _workers() * 4)
                    ]
        if self._pool is None:
            self._inline += scan_chunk((tree.job(files), specs, plan, settings))

    def _from_cache(self, tree: Tree) -> list[str]:
        """Files the cache cannot answer (their hits are kept as results)."""
        assert self._cache is not None
        todo = []
        for rel, ids in self.looks.items():
            oid = tree.oid(rel)
            key = FindingsCache.key(oid, ids) if oid else None
            hit = self._cache.get(key) if key else None
            if hit is None:
                todo.append(rel)
                if key:
                    self._keys[rel] = key
            else:
                problems, sups = hit
                self._inline.append((rel, problems, [suppress.Suppression(*s) for s in sups]))
        return todo

    def result(self, rules: dict[str, Rule]) -> tuple[list[Finding], dict[str, list[suppress.Suppression]]]:
        results = list(self._inline)
        if self._pending:
            results += self._pooled()
        self._pending = []
        self._remember(results)
        findings = [
            rules[rid].finding(path, line, detail, severity)
            for path, problems, _ in results
            for rid, line, detail, severity in problems
        ]
        suppressions = {path: sups for path, _, sups in results if sups}
        return findings, suppressions

    def _pooled(self) -> list[_FileResult]:
        from concurrent.futures.process import BrokenProcessPool  # imported with the pool, never without

        results: list[_FileResult] = []
        try:
            for pending in self._pending:
                results.extend(pending.result())
        except BrokenProcessPool:
            raise NeedsHuman(
                "the audit did not finish: a worker process died (killed, or out of memory)",
                "rerun; if it repeats, lower settings.max_parse_bytes or max_file_bytes",
            ) from None
        return results

    def _remember(self, results: list[_FileResult]) -> None:
        if self._cache is None:
            return
        for rel, problems, sups in results:
            key = self._keys.get(rel)
            if key is not None:
                self._cache.put(key, problems, [(s.line, s.target, s.rules, s.reason, s.last) for s in sups])
        self._cache.save()

    def close(self) -> None:
        """Stop the workers; when something failed, chunks not yet started are cancelled."""
        if self._pool is None:
            return
        self._pool.shutdown(wait=True, cancel_futures=bool(self._pending))
        self._pool = None


def _pool_or_none() -> ProcessPoolExecutor | None:
    """The workers, or None when the machine gives their queues no semaphore: multiprocessing makes them in
    /dev/shm, which a container may have small (Docker's default is 64 MB) and which other work can fill, of
    bytes or of inodes.  Then every audit of more than a few files stopped with "output: No space left on
    device" (the pool's ENOSPC, said as the report's); the pass runs in this process instead."""
    try:
        return worker_pool()
    except OSError:
        return None


def worker_pool() -> ProcessPoolExecutor:
    """The bulk pass's workers, one a core.  Submit the first work under ``signals_held``: the workers
    start then, with Ctrl-C and SIGTERM held until ``quiet_worker`` has made them quiet."""
    from concurrent.futures import ProcessPoolExecutor  # with multiprocessing: only a tree this big pays for it

    return ProcessPoolExecutor(_workers(), mp_context=_context(), initializer=quiet_worker)


_HELD = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait while the pool starts its workers: a child forked (or spawned: the mask
    survives exec) in between would have the main process's handler until its initializer ran, and one
    signalled then raised it half-started (a traceback; under load a pool whose shutdown never ended).
    A signal that came meanwhile is taken when this ends."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def quiet_worker() -> None:
    """A worker dies of Ctrl-C or SIGTERM as a process does, quietly: the signal reaches the whole process
    group (a terminal, a cancelled CI job, ``timeout``), and the main process says the one line.  Forked,
    a worker had the main process's handler, and one waiting for work raised it out of the pool's loop:
    a traceback per worker on stderr after "terminated (SIGTERM)".  The signals were held while it
    started (``signals_held``); a pending one kills it now."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if signal.getsignal(signal.SIGHUP) != signal.SIG_IGN:  # a hangup too, unless the run ignores it (nohup)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


def _workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _context() -> Any:
    # fork is the cheapest start; with other threads alive it may deadlock, so fall back then (a fork-safe
    # thread, the progress heartbeat, is no reason to).
    import multiprocessing  # only a tree big enough for a pool pays for the import

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and lone_thread():
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


def scan_chunk(job: tuple[ReadJob, tuple[_BulkRule, ...], dict[str, tuple[str, ...]], Settings]) -> list[_FileResult]:
    """Worker: read each file once, run the bulk rules that look at it, collect suppressions.
    Every file read is reported, clean ones too (the cache remembers those)."""
    reader, specs, plan, settings = job
    by_id = {spec.id: spec for spec in specs}
    out: list[_FileResult] = []
    for rel, data in reader.read_all():
        problems = [
            (rule_id, problem[0], problem[1], problem[2] if len(problem) > 2 else None)
            for rule_id in plan.get(rel, ())
            for problem in _scan(by_id[rule_id], rel, data, settings)
        ]
        out.append((rel, problems, _suppressions(data, rel)))
    return out


def _scan(spec: _BulkRule, rel: str, data: bytes, settings: Settings) -> list[Problem]:
    """One bulk rule on one file: a parser that gives up (too deep, too big) is a finding for that file."""
    try:
        found: list[Problem] = KINDS[spec.kind].scan(rel, data, settings)  # type: ignore[attr-defined]
    except RecursionError:
        return [(0, "could not be parsed: too deeply nested")]
    except MemoryError:
        return [(0, "could not be parsed: too large or too deeply nested")]
    return found


def _suppressions(data: bytes, rel: str) -> list[suppress.Suppression]:
    if b"\0" in data[:8192]:
        return []
    try:
        return suppress.scan(data, rel)
    except (RecursionError, MemoryError):
        return []
