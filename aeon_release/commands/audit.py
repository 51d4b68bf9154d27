"""`aeon-release audit` and `aeon-release audits list`: run the audits on a checkout or a revision."""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from aeon_release.domain import ledger

from aeon_release.adapters import git as repo
from aeon_release.domain.audits import MergeSides, audit_tree, render
from aeon_release.domain.audits.config import load_rules
from aeon_release.domain.audits.source import GitTree, Tree
from aeon_release.adapters.blobs import resolve_commit
from aeon_release.domain.audits.kinds.base import RuleKind, doc_line
from aeon_release.domain.audits.registry import KINDS
from aeon_release.domain.audits.render import RENDERERS, summary
from aeon_release.adapters.console import emit, say
from aeon_release.errors import ExitCode, GitError, UsageError


def audit(repo_path: Path, config: Path, *, rev: str | None = None, changed_since: str | None = None,
          sides: tuple[str | None, str | None, str | None] = (None, None, None), fmt: str = "table",
          output: Path | None = None) -> ExitCode:
    """Audit the work tree (or ``rev``), print the report, return 0 clean or 1 on error findings."""
    if fmt not in RENDERERS:
        raise UsageError(f"unknown format {fmt!r}", f"choose one of {', '.join(RENDERERS)}")
    if not repo_path.is_dir():
        raise UsageError(f"{repo_path}: no such directory", "pass --repo the fork's checkout")
    carries = ledger.load(config).active_carries
    merge = _merge_sides(repo_path, sides)
    with _tree(repo_path, rev) as tree:
        changed = repo.changed_since(repo_path, changed_since, rev) if changed_since else None
        report = audit_tree(tree, config, carries=carries, changed_files=changed, merge=merge)
    emit(render(report, fmt), output)
    if output is not None or fmt != "table":
        say(("[red]" if report.errors else "[green]") + f"audit[/]: {summary(report)}")
    return ExitCode.NEEDS_HUMAN if report.errors else ExitCode.OK


def _merge_sides(repo_path: Path, sides: tuple[str | None, str | None, str | None]) -> MergeSides | None:
    if not any(sides):
        return None
    if not all(sides):
        raise UsageError("--base, --ours and --theirs go together", "give all three revisions of the merge")
    git = repo.Git(repo_path)
    shas = []
    for label, rev in zip(("--base", "--ours", "--theirs"), sides):
        sha = git.resolve(str(rev))
        if sha is None:
            raise GitError(f"{label} {rev!r} does not exist in {repo_path}", "pass a branch, tag or commit")
        shas.append(sha)
    return MergeSides(git.toplevel, shas[0], shas[1], shas[2])


@contextlib.contextmanager
def _tree(repo_path: Path, rev: str | None) -> Iterator[Path | Tree]:
    """The work tree itself, or ``rev`` read from git's object database (no checkout, no symlink followed)."""
    if rev is None:
        yield repo_path
        return
    sha = resolve_commit(repo_path, rev)
    if sha is None:
        raise GitError(f"revision {rev!r} does not exist in {repo_path}", "pass --rev a branch, tag or commit")
    tree = GitTree(repo_path, sha)
    try:
        yield tree
    finally:
        tree.close()


def _fields(kind: RuleKind) -> str:
    paths = "paths" if kind.default_paths is None else f"[paths: {', '.join(kind.default_paths)}]"
    extra = [*kind.required, *(f"[{f}]" for f in kind.optional)]
    return ", ".join(["id", "kind", "message", "[severity]", paths, "[exclude]", "[when]", *extra])


def list_rules(config: Path) -> None:
    """Print the kinds (with their one-line docs) and every rule, the carries' markers included."""
    carries = ledger.load(config).active_carries
    ruleset = load_rules(config, carries)
    width = max(len(name) for name in KINDS)
    lines = ["kinds:"]
    for name, kind in sorted(KINDS.items()):
        lines.append(f"  {name.ljust(width)}  {doc_line(kind)}")
        lines.append(f"  {''.ljust(width)}  fields: {_fields(kind)}")
    lines.append("rules:")
    id_width = max((len(r.id) for r in ruleset.rules), default=0)
    for rule in ruleset.rules:
        lines.append(f"  {rule.id.ljust(id_width)}  {rule.kind.ljust(width)}  {rule.severity.value:<7}  {rule.message}")
    emit("\n".join(lines))
