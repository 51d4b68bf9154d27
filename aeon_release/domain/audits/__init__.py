"""The audit engine: catch silent merge errors statically, right after a merge and on every PR.

Rule kinds live in ``kinds/`` (registered in ``registry.py``); rules are data in ``audits/*.yaml``.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from pathlib import Path

from aeon_release.domain.audits.config import load_rules
from aeon_release.domain.audits.model import AuditReport, Finding, MergeSides, Severity
from aeon_release.domain.audits.render import render
from aeon_release.domain.audits.runner import run_rules
from aeon_release.domain.audits.source import GitTree, Tree, WorkTree
from aeon_release.domain.ledger import Carry


def audit_tree(
    tree: Path | Tree,
    config_dir: Path,
    *,
    carries: Sequence[Carry] = (),
    changed_files: Collection[str] | None = None,
    merge: MergeSides | None = None,
    new_content: Collection[str] | None = None,
    cache_dir: Path | None = None,
) -> AuditReport:
    """Run every rule in ``config_dir/audits/*.yaml`` and the carries' markers over ``tree``.

    ``changed_files`` (paths relative to the tree) narrows file-scoped rules; ``merge`` adds the
    merge-aware findings (enum drift, near misses) for the three sides of the merge that made ``tree``;
    ``new_content`` is a merge's delta (see :func:`run_rules`); ``cache_dir`` holds the findings
    cache (see ``cache.py``), None for no cache.
    """
    started = time.perf_counter()
    ruleset = load_rules(config_dir, carries)
    cache = None
    if cache_dir is not None:
        from aeon_release.domain.audits.cache import FindingsCache, ruleset_hash

        cache = FindingsCache(cache_dir, ruleset_hash(ruleset.rules))
    return run_rules(
        tree if not isinstance(tree, str) else Path(tree),
        ruleset,
        changed_files=changed_files,
        merge=merge,
        started=started,
        new_content=new_content,
        cache=cache,
    )


__all__ = ["AuditReport", "Finding", "GitTree", "MergeSides", "Severity", "Tree", "WorkTree", "audit_tree", "render"]
