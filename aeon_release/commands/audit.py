"""`aeon-release audit` and `aeon-release audits list`: run the audits on a checkout or a revision."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import Any

from aeon_release.adapters import git as repo
from aeon_release.adapters.blobs import diff_names, no_commit, refuse_ambiguous, resolve_commit
from aeon_release.adapters.console import console, emit, emit_json, is_terminal, plain, say
from aeon_release.adapters.gitenv import git_env
from aeon_release.adapters.store import RunStore
from aeon_release.domain import ledger, profile
from aeon_release.domain.audits import AuditReport, MergeSides, audit_tree
from aeon_release.domain.audits.config import load_rules
from aeon_release.domain.audits.kinds.base import RuleKind, doc_line
from aeon_release.domain.audits.merge_rules import merge_rule_infos
from aeon_release.domain.audits.model import RuleSet
from aeon_release.domain.audits.registry import KINDS
from aeon_release.domain.audits.render import RENDERERS, render, summary
from aeon_release.domain.audits.source import GitTree, Tree, WorkTree
from aeon_release.errors import ConfigError, ExitCode, GitError, UsageError, printable, quoted


def audit(
    repo_path: Path,
    config: Path,
    *,
    rev: str | None = None,
    changed_since: str | None = None,
    sides: tuple[str | None, str | None, str | None] = (None, None, None),
    fmt: str = "table",
    output: Path | None = None,
    fix: bool = False,
) -> ExitCode:
    """Audit the work tree (or ``rev``), print the report, return 0 clean or 1 on error findings.

    With ``fix`` the findings' safe fixes rewrite the work tree and the audit runs again: the
    report shows what is left.
    """
    if fmt not in RENDERERS:
        raise UsageError(f"unknown format {quoted(fmt)}", f"choose one of {', '.join(RENDERERS)}")
    if not repo_path.is_dir():
        raise UsageError(f"{repo_path}: no such directory", "pass --repo the fork's checkout")
    if fix and rev is not None:
        raise UsageError(
            "--fix rewrites the work tree; it does not go with --rev", "check the revision out, then --fix"
        )
    carries = ledger.load(config).active_carries
    for label, named in (("--rev", rev), ("--changed-since", changed_since), *zip(_SIDES, sides)):
        if named is not None:
            refuse_ambiguous(repo_path, named, label)
    merge = _merge_sides(repo_path, sides)
    bare = _is_bare(repo_path, reads_work_tree=rev is None)
    rev = _revision(repo_path, rev, changed_since, bare)
    cache_dir = _cache_dir(repo_path)
    profile.check_file(config, cache_dir)  # a pull request that breaks fleet.yaml fails its gate here
    with _tree(repo_path, rev) as tree:
        changed = _changed(repo_path, changed_since, rev, bare) if changed_since else None
        with _progress(tree, changed):
            report = audit_tree(tree, config, carries=carries, changed_files=changed, merge=merge, cache_dir=cache_dir)
        if fix and isinstance(tree, WorkTree) and _apply_fixes(tree.root, report):
            report = audit_tree(  # the fixed files, listed and read anew
                WorkTree(repo_path), config, carries=carries, changed_files=changed, merge=merge, cache_dir=cache_dir
            )
    emit(render(report, fmt), output)
    if output is not None or fmt != "table":
        colour = ("[red]" if report.errors else "[green]") if is_terminal() else ""  # a pipe: no rich import
        say(f"{colour}audit{'[/]' if colour else ''}: {summary(report)}")
    return ExitCode.NEEDS_HUMAN if report.errors else ExitCode.OK


def _cache_dir(repo_path: Path) -> Path | None:
    """The findings cache lives in the repository's git directory; a plain folder gets none."""
    common = repo.git_common_dir(repo_path)
    return RunStore.cache_of(common) if common is not None else None


def _apply_fixes(tree: Path, report: AuditReport) -> bool:
    """Apply every unsuppressed finding's fix; say each on stderr; True when a file changed."""
    from aeon_release.domain.audits.drift.fixes import apply_fixes  # libcst: 0.9 s of import, only for --fix

    wanted = [f.fix for f in report.findings if f.fix is not None and f.suppressed is None]
    results = apply_fixes(tree, wanted)
    for result in results:
        detail = f" ({result.detail})" if result.detail else ""
        say(f"fix {result.status}: {result.fix.describe()}{detail}")
    if not wanted:
        say("--fix: no finding has a safe fix")
    return any(r.status == "applied" for r in results)


def pre_commit_scope(
    rev: str | None, changed_since: str | None, repo_path: Path | None = None
) -> tuple[str | None, str | None]:
    """What a pre-commit hook audits.  At pre-push, pre-commit names the pushed range in
    PRE_COMMIT_FROM_REF/PRE_COMMIT_TO_REF: the pushed revision is audited (the work tree may differ
    from it), file rules on what changed since the remote had it; no FROM_REF (a new branch with no
    ancestor on the remote) means the whole revision.  At commit time: the work tree since HEAD."""
    if rev is not None or changed_since is not None:
        raise UsageError("--pre-commit picks --rev and --changed-since itself", "drop one or the other")
    to_ref = os.environ.get("PRE_COMMIT_TO_REF")
    if to_ref:
        from_ref = os.environ.get("PRE_COMMIT_FROM_REF") or None
        for name, value in (("PRE_COMMIT_TO_REF", to_ref), ("PRE_COMMIT_FROM_REF", from_ref)):
            # the variable named, not `--rev`: nobody passed one ("pass --rev a branch" led nowhere)
            if repo_path is not None and value is not None and resolve_commit(repo_path, value) is None:
                raise no_commit(
                    repo_path, value, name, "pre-commit sets it at pre-push; unset it to audit the work tree"
                )
        return to_ref, from_ref
    return None, "HEAD"


def _progress(tree: Tree, changed: Collection[str] | None) -> contextlib.AbstractContextManager[object]:
    """A spinner on a terminal naming how many files the audit reads, when that is known without
    listing a revision (the findings cache may answer without listing it)."""
    if not is_terminal():
        return contextlib.nullcontext()
    if changed is None and isinstance(tree, GitTree) and not tree.listed:
        return console.status(f"auditing {tree.label}")
    count = len(changed) if changed is not None else len(tree.files())
    return console.status(f"auditing {count} file(s) in {tree.label}")


_SIDES = ("--base", "--ours", "--theirs")


def _merge_sides(repo_path: Path, sides: tuple[str | None, str | None, str | None]) -> MergeSides | None:
    if not any(sides):
        return None
    if not all(sides):
        raise UsageError("--base, --ours and --theirs go together", "give all three revisions of the merge")
    git = repo.Git(repo_path)
    shas = []
    for label, rev in zip(_SIDES, sides):
        sha = git.resolve(str(rev))
        if sha is None:
            raise no_commit(repo_path, str(rev), label)
        shas.append(sha)
    return MergeSides(git.toplevel, shas[0], shas[1], shas[2])


def _revision(repo_path: Path, rev: str | None, changed_since: str | None, bare: bool) -> str | None:
    """The revision to read from git's objects, when there is one: ``--rev``; HEAD of a bare repository;
    HEAD for ``--changed-since`` in a clean checkout (the pull-request gate), so that nothing in the
    checkout (a symlink, a FIFO) is ever opened."""
    if rev is not None:
        return rev
    if bare:
        if resolve_commit(repo_path, "HEAD") is None:
            raise GitError(f"{repo_path} is a bare repository without commits", "pass --rev a branch, tag or commit")
        say(f"note: {plain(repo_path)} is a bare repository: auditing HEAD from git's objects")
        return "HEAD"
    if changed_since is None or not (repo_path / ".git").exists():
        return None
    git = repo.Git(repo_path)
    return "HEAD" if git.resolve("HEAD") is not None and git.unchanged_by_stat() else None


def _is_bare(path: Path, reads_work_tree: bool = True) -> bool:
    """A bare repository (no work tree): its files are git's own, never the fork's.  Any other folder
    of a git directory (``--repo fork/.git``, ``repo.git/objects``) is refused unless ``--rev`` reads
    git's objects: audited as a work tree, its files passed a fork whose checkout held conflict markers."""
    if (path / ".git").exists():
        return False
    command = ["git", "-C", str(path), "rev-parse", "--is-inside-git-dir", "--is-bare-repository", "--absolute-git-dir"]
    done = subprocess.run(command, capture_output=True, env=git_env())
    # two words, then the path last and whole (it may hold a newline)
    said = os.fsdecode(done.stdout).removesuffix("\n").split("\n", 2) if done.returncode == 0 else []
    inside, bare, git_dir = (said + ["", "", ""])[:3]
    if inside != "true":
        return False
    if bare == "true" and Path(git_dir) == path.resolve():
        return True
    if not reads_work_tree:
        return bare == "true"
    raise UsageError(f"{path} is inside a git directory, not a checkout", _checkout_hint(path, git_dir, bare == "true"))


def _checkout_hint(path: Path, git_dir: str, bare: bool) -> str:
    if bare:
        return f"pass --repo the repository: {git_dir}"
    try:
        return f"pass --repo the checkout: {repo.Git(path).toplevel}"
    except GitError:  # a --separate-git-dir whose work tree git does not know from here
        return "pass --repo the checkout whose .git file names this folder"


def _changed(repo_path: Path, since: str, rev: str | None, bare: bool) -> list[str]:
    if not bare:
        return repo.changed_since(repo_path, since, rev)
    if resolve_commit(repo_path, since) is None:
        raise no_commit(repo_path, since, hint="pass --changed-since a branch, tag or commit")
    return diff_names(repo_path, since, rev or "HEAD")


@contextlib.contextmanager
def _tree(repo_path: Path, rev: str | None) -> Iterator[Tree]:
    """The work tree itself, or ``rev`` read from git's object database (no checkout, no symlink followed)."""
    if rev is None:
        yield WorkTree(repo_path)
        return
    sha = resolve_commit(repo_path, rev)
    if sha is None:
        raise no_commit(repo_path, rev, hint="pass --rev a branch, tag or commit")
    tree = GitTree(repo_path, sha)
    try:
        yield tree
    finally:
        tree.close()


def _fields(kind: RuleKind) -> str:
    paths = "paths" if kind.default_paths is None else f"[paths: {', '.join(kind.default_paths)}]"
    extra = [*kind.required, *(f"[{f}]" for f in kind.optional)]
    return ", ".join(["id", "kind", "message", "[severity]", paths, "[exclude]", "[when]", *extra])


def _kind_lines() -> list[str]:
    width = max(len(name) for name in KINDS)
    lines = ["kinds:"]
    for name, kind in sorted(KINDS.items()):
        lines.append(f"  {name.ljust(width)}  {doc_line(kind)}")
        lines.append(f"  {''.ljust(width)}  fields: {_fields(kind)}")
    return lines


def list_rules(config: Path, json_out: bool = False) -> None:
    """Print the kinds (with their one-line docs) and every rule, the carries' markers included."""
    carries = ledger.load(config).active_carries
    try:
        ruleset = load_rules(config, carries)
    except ConfigError:
        # a rule file's refusal points here for the kinds and their fields: show them, then refuse
        if not json_out:
            emit("\n".join(_kind_lines()))
        raise
    if json_out:
        emit_json(_rules_data(ruleset))
    else:
        emit("\n".join(_rules_table(ruleset)))


def _rules_data(ruleset: RuleSet) -> dict[str, Any]:
    """``audits list --json``: the kinds, the rules and the merge-aware checks, at the levels in force."""
    level = ruleset.settings.level_of  # settings: severity moves a rule's findings to another level
    return {
        "kinds": [
            {"kind": name, "doc": doc_line(kind), "fields": _fields(kind)} for name, kind in sorted(KINDS.items())
        ],
        "rules": [
            {
                "id": r.id,
                "kind": r.kind,
                "severity": level(r.id, r.severity).value,
                "message": r.message,
                "origin": r.origin,
            }
            for r in ruleset.rules
        ],
        "merge_checks": [
            {"id": info.id, "severity": level(info.id, info.severity).value, "message": info.message}
            for info in merge_rule_infos()
        ],
        "device": ruleset.settings.device.label if ruleset.settings.device else None,
    }


def _rules_table(ruleset: RuleSet) -> list[str]:
    level = ruleset.settings.level_of
    width = max(len(name) for name in KINDS)
    lines = _kind_lines()
    lines.append("rules:")
    id_width = max((len(r.id) for r in ruleset.rules), default=0)
    for rule in ruleset.rules:
        message = printable(rule.message)  # a rule's message (a carry's title in a marker's) is anyone's text
        at = level(rule.id, rule.severity).value
        lines.append(f"  {rule.id.ljust(id_width)}  {rule.kind.ljust(width)}  {at:<7}  {message}")
    # the ids merge's findings and waivers name (merge/device-gate...): a stranger looked for them here
    device = ruleset.settings.device
    lines.append(
        "merge-aware checks (merge, and audit --base/--ours/--theirs; no rule file, waived by id; device gates "
        + (f"for the {device.label} device of settings: device):" if device else "off: no settings: device):")
    )
    infos = merge_rule_infos()
    merge_width = max(len(info.id) for info in infos)
    for info in infos:
        lines.append(f"  {info.id.ljust(merge_width)}  {level(info.id, info.severity).value:<7}  {info.message}")
    # a stranger reading the levels above asked how to change one: the three ways, each pasteable
    return lines + [
        "to change a level or let a finding pass:",
        "  every finding of a rule:   settings: {severity: {merge/default-drift: error}} in any audits/*.yaml"
        " (a glob such as merge/* too; the README's ledger section)",
        "  one line of code:          # aeon-audit: ignore[RULE] reason   (a comment on that line;"
        " a merge-aware finding's on the fork branch, not in a stopped merge's worktree)",
        "  one stopped merge:         aeon-release merge --continue --waive 'RULE=why it is safe'",
    ]
