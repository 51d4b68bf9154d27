"""The audit engine: catch silent merge errors statically, right after a merge and on every PR.

Rule kinds live in ``kinds/`` (registered in ``registry.py``); rules are data in ``audits/*.yaml``.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aeon_release.domain.audits.model import AuditReport, Finding, MergeSides, RuleSet, Severity

if TYPE_CHECKING:
    from aeon_release.domain.audits.cache import FindingsCache
    from aeon_release.domain.audits.source import GitTree, Tree, WorkTree
    from aeon_release.domain.ledger import Carry

# The rule files' loader (YAML, the schema), the tree readers and the renderers load when an audit
# or a report needs them: the merge's sidecar process imports this package for the checks alone, and
# an audit answered by a remembered report (commands/audit.py) reads no tree.
_LAZY = {"GitTree", "Tree", "WorkTree"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from aeon_release.domain.audits import source

        return getattr(source, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def audit_tree(
    tree: Path | Tree,
    config_dir: Path,
    *,
    carries: Sequence[Carry] = (),
    changed_files: Collection[str] | None = None,
    merge: MergeSides | None = None,
    new_content: Collection[str] | None = None,
    cache_dir: Path | None = None,
    waiting: Callable[[], object] | None = None,
) -> AuditReport:
    """Run every rule in ``config_dir/audits/*.yaml`` and the carries' markers over ``tree``.

    ``changed_files`` (paths relative to the tree) narrows file-scoped rules; ``merge`` adds the
    merge-aware findings (enum drift, near misses) for the three sides of the merge that made ``tree``;
    ``new_content`` is a merge's delta (see :func:`run_rules`); ``cache_dir`` holds the findings
    cache (see ``cache.py``), None for no cache; ``waiting`` is called when the audit is about to wait
    for the merge's checks process (the caller's own work can go there).
    """
    from aeon_release.domain.audits.config import load_rules
    from aeon_release.domain.audits.source import as_tree

    started = time.perf_counter()
    ruleset = load_rules(config_dir, carries)
    source = as_tree(tree if not isinstance(tree, str) else Path(tree), ruleset.settings.max_file_bytes)
    if cache_dir is None:
        return _run(source, ruleset, changed_files, merge, new_content, started, None, waiting)
    return _cached(source, ruleset, changed_files, merge, new_content, started, cache_dir, waiting)


def _cached(
    source: Tree,
    ruleset: RuleSet,
    changed_files: Collection[str] | None,
    merge: MergeSides | None,
    new_content: Collection[str] | None,
    started: float,
    cache_dir: Path,
    waiting: Callable[[], object] | None,
) -> AuditReport:
    """A tree audited before with the same rules and scope is answered by one file; any other audit
    runs, with the blobs the cache has seen answered by it, and is remembered whole."""
    from aeon_release.domain.audits.cache import FindingsCache, report_key, ruleset_hash
    from aeon_release.domain.audits.reports import ReportCache
    from aeon_release.domain.audits.source import WorkTree

    fingerprint = source.fingerprint()
    reports = None
    if fingerprint is not None:
        key = report_key(fingerprint, ruleset, changed=changed_files, new_content=new_content, merge=merge)
        reports = ReportCache(cache_dir, key)
        found = reports.get()
        if found is not None:
            return dataclasses.replace(found, seconds=time.perf_counter() - started)
    cache = FindingsCache(cache_dir, ruleset_hash(ruleset.rules, ruleset.settings))
    report = _run(source, ruleset, changed_files, merge, new_content, started, cache, waiting)
    if reports is not None and not report.unkeyed and (not isinstance(source, WorkTree) or source.unchanged()):
        reports.put(report)  # a checkout edited during the audit is not remembered under its old listing
    return report


def _run(
    source: Tree,
    ruleset: RuleSet,
    changed_files: Collection[str] | None,
    merge: MergeSides | None,
    new_content: Collection[str] | None,
    started: float,
    cache: FindingsCache | None,
    waiting: Callable[[], object] | None,
) -> AuditReport:
    from aeon_release.domain.audits.runner import run_rules  # worker pools and kinds' checks: on a miss only

    return run_rules(
        source,
        ruleset,
        changed_files=changed_files,
        merge=merge,
        started=started,
        new_content=new_content,
        cache=cache,
        waiting=waiting,
    )


__all__ = ["AuditReport", "Finding", "GitTree", "MergeSides", "Severity", "Tree", "WorkTree", "audit_tree"]
