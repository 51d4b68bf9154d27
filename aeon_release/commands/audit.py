"""`aeon-release audit`: run the audits on a checkout or a revision.

A revision audited before with the very same config folder is answered from the findings cache
before the rules, the ledger or the tree readers are imported (see ``_remembered``): the imports are
most of such an audit's time."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import subprocess
import tempfile
import time
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from aeon_release.adapters import git as repo
from aeon_release.adapters.blobs import diff_names, no_commit, refuse_ambiguous, resolve_commit
from aeon_release.adapters.console import console, draws_live, emit, heartbeat, is_terminal, plain, say
from aeon_release.adapters.files import absent, folder_digest
from aeon_release.adapters.gitenv import git_env
from aeon_release.domain.audits.model import AuditReport, Finding, MergeSides, Severity, grammar_note
from aeon_release.domain.audits.render import RENDERERS, render, summary
from aeon_release.errors import ExitCode, GitError, UsageError, printable, quoted
from aeon_release.pipeline.outputs import refuse_over_inputs

if TYPE_CHECKING:
    from aeon_release.domain.audits.reports import ReportCache
    from aeon_release.domain.audits.source import Tree


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
    pre_commit: bool = False,
) -> ExitCode:
    """Audit the work tree (or ``rev``), print the report, return 0 clean or 1 on error findings.

    With ``fix`` the findings' safe fixes rewrite the work tree and the audit runs again: the
    report shows what is left.  ``pre_commit``: the scope is the hook's (a person's own change), not
    a pull request's gate.
    """
    if fmt not in RENDERERS:
        raise UsageError(f"unknown format {quoted(fmt)}", f"choose one of {', '.join(RENDERERS)}")
    if not repo_path.is_dir():
        # something that is there (a FIFO, a file) is no folder, as status, merge and notes say it
        why = "not a folder" if repo_path.exists() else absent(repo_path, "no such folder")
        raise UsageError(f"{printable(str(repo_path))}: {why}", "pass --repo the fork's checkout")
    repo_path = _checkout_top(repo_path)
    if fix and rev is not None:
        raise UsageError(
            "--fix rewrites the work tree; it does not go with --rev", "check the revision out, then --fix"
        )
    if output is not None and str(output) != "-":
        refuse_over_inputs(repo_path, config, output, "--output", "report", "audited checkout")
    started = time.perf_counter()
    remembered = _Remembered.look(repo_path, config, rev, changed_since) if rev is not None and not any(sides) else None
    report = remembered.report(time.perf_counter() - started) if remembered is not None else None
    if report is None:
        report = _audited(repo_path, config, rev, changed_since, sides, fix, gate=not pre_commit)
        if remembered is not None:
            remembered.keep(report)
    emit(render(report, fmt), output)
    if output is not None and str(output) != "-":  # as notes and keygen say what they wrote (stderr: stdout is empty)
        say(f"wrote {plain(output)}")
    if output is not None or fmt != "table":
        colour = ("[red]" if report.errors else "[green]") if is_terminal() else ""  # a pipe: no rich import
        say(f"{colour}audit{'[/]' if colour else ''}: {summary(report)}")
    _grammar_note(report)
    return ExitCode.NEEDS_HUMAN if report.errors else ExitCode.OK


def _grammar_note(report: AuditReport) -> None:
    note = grammar_note(report.findings)
    if note:
        say(f"note: {note}")


def _audited(
    repo_path: Path,
    config: Path,
    rev: str | None,
    changed_since: str | None,
    sides: tuple[str | None, str | None, str | None],
    fix: bool,
    gate: bool = True,
) -> AuditReport:
    """The audit itself: the ledger and the profile checked, the tree read, the rules run."""
    from aeon_release.domain import ledger, profile
    from aeon_release.domain.audits import audit_tree
    from aeon_release.domain.audits.source import WorkTree

    carries = ledger.load(config).active_carries
    _refuse_ambiguous(repo_path, rev, changed_since, sides)
    merge = _merge_sides(repo_path, sides)
    if merge is not None and rev is not None:
        _refuse_no_merge(repo_path, rev, merge)
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
        edits = _own_config_edits(repo_path, config, changed) if gate and changed and changed_since else []
        if edits and changed_since is not None and changed is not None:
            report = _judged_by_both(repo_path, config, changed_since, report, edits, tree, changed, merge)
    return report


def _judged_by_both(
    repo_path: Path,
    config: Path,
    since: str,
    report: AuditReport,
    edits: list[Finding],
    tree: Tree,
    changed: list[str],
    merge: MergeSides | None,
) -> AuditReport:
    """A change that edits the audit's own config is judged by the rules it writes and by the rules as its
    base has them: an error either set finds stands, so a pull request cannot lower its own gate (drop a rule,
    add an ``exclude``, take a carry's marker out), while one that adds a carry or a rule passes when its code
    passes both.  Each edited file is then a warning, for a person to review the rule change.  A config the
    base cannot be read from surely (a link on the way, none at the base) leaves each edit an error."""
    from aeon_release.domain import ledger
    from aeon_release.domain.audits import audit_tree
    from aeon_release.errors import AeonError

    with tempfile.TemporaryDirectory(prefix="aeon-release-base-config-") as scratch:
        base_config = _config_at(repo_path, since, config, Path(scratch))
        if base_config is None:
            return dataclasses.replace(report, findings=(*report.findings, *edits))
        try:
            carries = ledger.load(base_config).active_carries
            base = audit_tree(tree, base_config, carries=carries, changed_files=changed, merge=merge)
        except AeonError:  # the base's own config no longer loads: the edit is for a person to judge
            return dataclasses.replace(report, findings=(*report.findings, *edits))
    seen = {(f.rule_id, f.path, f.line) for f in report.findings if f.severity is Severity.ERROR}
    named = since if len(since) <= 12 else since[:12]
    stricter = [
        dataclasses.replace(f, message=f"{f.message} (by the rules at {named}, which this change edits)")
        for f in base.findings
        if f.severity is Severity.ERROR and not f.suppressed and (f.rule_id, f.path, f.line) not in seen
    ]
    notes = [
        dataclasses.replace(
            f,
            severity=Severity.WARNING,
            message=f"this change edits the audit's own config ({quoted(f.path)}): its code was judged by these "
            f"rules and by the rules at {named} (an error of either stands); a person reviews the rule change",
        )
        for f in edits
    ]
    return dataclasses.replace(report, findings=(*report.findings, *stricter, *notes))


def _config_at(repo_path: Path, since: str, config: Path, scratch: Path) -> Path | None:
    """The config folder's ledger and rules as revision ``since`` has them, written under ``scratch``; None
    when they cannot be read surely: the folder is reached through a link, holds one, or is not at ``since``."""
    from aeon_release.adapters.blobs import MODE_LINK, ls_tree
    from aeon_release.domain import ledger, profile
    from aeon_release.domain.audits.config import AUDITS_DIR

    try:
        top = repo.Git(repo_path).toplevel.resolve()
        lexical = Path(os.path.abspath(config))
        if lexical.resolve() != lexical:
            return None
        rel = lexical.relative_to(top).as_posix()
        entries = ls_tree(repo_path, since)
    except (GitError, ValueError, OSError, RuntimeError):
        return None
    prefix = "" if rel == "." else rel + "/"
    names = {prefix + n for n in (ledger.CARRIES_FILE, ledger.PICKS_FILE, profile.PROFILE_FILE)}
    wanted = [e for e in entries if e.path in names or e.path.startswith(f"{prefix}{AUDITS_DIR}/")]
    links = {e.path for e in entries if e.mode == MODE_LINK}
    parts = (prefix + AUDITS_DIR).split("/")
    on_the_way = {"/".join(parts[: i + 1]) for i in range(len(parts))}
    if not wanted or any(e.mode == MODE_LINK for e in wanted) or links & on_the_way:
        return None
    texts = repo.read_blobs(repo_path, since, [e.path for e in wanted])
    folder = scratch / "config"
    for path, text in texts.items():
        if text is None:
            return None
        target = folder / path[len(prefix) :]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    folder.mkdir(exist_ok=True)
    return folder


OWN_CONFIG = "audit/own-config"


def _own_config_edits(repo_path: Path, config: Path, changed: Collection[str]) -> list[Finding]:
    """The files of the audit's own config (the ledger, fleet.yaml, ``audits/``) that the change audited
    edits, when that config lies in the checkout audited: a pull request that dropped a rule, added an
    ``exclude`` or took a carry out of carries.yaml was judged by the rules it wrote, and passed.  Each such
    file is an error no setting or comment lowers (they are added after both are applied): a person
    reviews a change to the gate's own rules.  The hook (``--pre-commit``) is a person's own change."""
    from aeon_release.domain import ledger, profile
    from aeon_release.domain.audits.config import AUDITS_DIR, rule_files

    try:
        top = repo.Git(repo_path).toplevel.resolve()
    except (GitError, OSError, RuntimeError):
        return []
    lexical = Path(os.path.abspath(config))
    rules = lexical / AUDITS_DIR
    try:
        rules_listed = rule_files(lexical) if rules.is_dir() else []
        files = [lexical / n for n in (ledger.CARRIES_FILE, ledger.PICKS_FILE, profile.PROFILE_FILE)] + rules_listed
        own = {name for entry in (*files, rules) for name in _tree_names(entry, top)}
        folders = {name + "/" for name in _tree_names(rules, top, links=False)}
    except (OSError, RuntimeError):
        return []
    # empty when the config folder lies outside the checkout (the gate's own): the change cannot edit it
    edited = sorted(p for p in changed if p in own or p.startswith(tuple(folders)))
    return [
        Finding(
            OWN_CONFIG,
            "audit",
            Severity.ERROR,
            path,
            0,
            f"this change edits the audit's own config ({quoted(path)}): the gate cannot judge a change by rules "
            "it rewrites; a person reviews it, or the gate reads a ledger kept outside the checkout (--config)",
        )
        for path in edited
    ]


def _tree_names(entry: Path, top: Path, links: bool = True) -> set[str]:
    """The tree paths of the checkout ``top`` whose change changes what ``entry`` (an absolute path, as
    given) reads: where it leads, and with ``links`` each folder or file on the way as the checkout names it.
    A committed symlink is one of them: ``--config gate`` with ``gate -> ops/ledger`` in the tree, a pull
    request that pointed ``gate`` at a folder of loose rules (a test fixture) edited no file of the ledger."""
    steps = [*reversed(entry.parents[:-1]), entry] if links else []
    named = [step.parent.resolve() / step.name for step in steps] + [entry.resolve()]
    return {path.relative_to(top).as_posix() for path in named if path.is_relative_to(top) and path != top}


@dataclass(frozen=True)
class _Remembered:
    """A revision's report remembered by the config folder's bytes (``reports.config_report_key``):
    the same revision audited again with the same config folder is one cache file read, before the
    ledger, the profile and the rules are loaded.  Only when the folder can be named surely (no
    symbolic link, FIFO or device in it; a small one: not a whole checkout), and only a report of a
    config that passed every check is kept (a refused one raises before ``keep``)."""

    reports: ReportCache
    config: Path
    digest: str

    @classmethod
    def look(cls, repo_path: Path, config: Path, rev: str, changed_since: str | None) -> _Remembered | None:
        from aeon_release.domain.audits.reports import ReportCache, config_report_key

        _refuse_ambiguous(repo_path, rev, changed_since, (None, None, None))  # as the audit itself would
        digest = folder_digest(config)
        cache_dir = _cache_dir(repo_path) if digest is not None else None
        tree = _tree_id(repo_path, rev) if cache_dir is not None else None
        since = resolve_commit(repo_path, changed_since) if changed_since is not None else None
        if digest is None or cache_dir is None or tree is None or (changed_since is not None and since is None):
            return None  # the audit itself says what is wrong
        return cls(ReportCache(cache_dir, config_report_key(digest, f"git-tree:{tree}", since)), config, digest)

    def report(self, seconds: float) -> AuditReport | None:
        return self.reports.get(seconds)

    def keep(self, report: AuditReport) -> None:
        """Remember ``report`` unless the config folder changed while it was made."""
        if not report.unkeyed and folder_digest(self.config) == self.digest:
            self.reports.put(report)


def _tree_id(repo_path: Path, rev: str) -> str | None:
    """The tree of the commit ``rev`` names (None when it names none: the audit says so)."""
    status, out, _ = repo.rev_parse(repo_path, "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}^{{tree}}")
    return out.strip() or None if status == 0 else None


def _cache_dir(repo_path: Path) -> Path | None:
    """The findings cache lives in the repository's git directory; a plain folder gets none."""
    from aeon_release.adapters.store import RunStore

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
            # the variable named, not `--rev`: nobody passed one ("pass --rev a branch" led nowhere); a name git
            # finds twice too (it was "--rev 'X' names more than one ref", refused later as the audit's own --rev)
            if repo_path is not None and value is not None:
                refuse_ambiguous(repo_path, value, name)
                if resolve_commit(repo_path, value) is None:
                    raise no_commit(
                        repo_path, value, name, "pre-commit sets it at pre-push; unset it to audit the work tree"
                    )
        return to_ref, from_ref
    return None, "HEAD"


def _progress(tree: Tree, changed: Collection[str] | None) -> contextlib.AbstractContextManager[object]:
    """A spinner on a terminal naming how many files the audit reads, when that is known without
    listing a revision (the findings cache may answer without listing it)."""
    from aeon_release.domain.audits.source import GitTree

    if not draws_live():  # a line every few seconds instead (no listing here: the audit lists the tree itself)
        some = f"{len(changed)} file(s) in " if changed is not None else ""
        return heartbeat(f"auditing {some}{tree.label}")
    if changed is None and isinstance(tree, GitTree) and not tree.listed:
        return console.status(f"auditing {tree.label}")
    count = len(changed) if changed is not None else len(tree.files())
    return console.status(f"auditing {count} file(s) in {tree.label}")


_SIDES = ("--base", "--ours", "--theirs")


def _refuse_ambiguous(
    repo_path: Path, rev: str | None, changed_since: str | None, sides: tuple[str | None, str | None, str | None]
) -> None:
    """Every revision a person named must name one ref (see ``blobs.refuse_ambiguous``)."""
    for label, named in (("--rev", rev), ("--changed-since", changed_since), *zip(_SIDES, sides)):
        if named is not None:
            refuse_ambiguous(repo_path, named, label)


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


def _refuse_no_merge(repo_path: Path, rev: str, merge: MergeSides) -> None:
    """``--rev`` beside ``--base/--ours/--theirs`` is the merge those sides made (the merge's own gate replayed on
    its commit): the merge-aware checks read its files as the merged ones.  A revision that does not hold both sides
    is no such merge (``--rev`` of the fork branch before the merge, of upstream's tag, or two options of one CI
    script pointing at different runs): its files judged as the merge, upstream's changes missing from them, passed.
    One line naming both options."""
    git = repo.Git(repo_path)
    sha = git.resolve(rev)
    if sha is None:
        return  # the audit says the revision names no commit, as it does without the sides
    for label, side in (("--ours", merge.ours), ("--theirs", merge.theirs)):
        if not git.is_ancestor(side, sha):
            raise UsageError(
                f"--rev {quoted(rev)} does not hold {label} {side[:12]}: it is no merge of --ours and --theirs",
                "pass --rev the merge commit of the two sides (or drop --rev to audit the checkout's merge)",
            )


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


def _checkout_top(path: Path) -> Path:
    """The top of the checkout ``path`` is a folder of: run from a subfolder (``--repo`` left at ``.``), the
    audit read that folder as the whole tree, and every rule's and marker's path, which is from the top,
    was missing (a real fork's audit from its package folder: 142 errors, 0 without the mistake)."""
    if (
        path / ".git"
    ).exists():  # a checkout's own top, whatever its core.worktree names (the work tree is the checkout)
        return path
    status, top, _ = repo.rev_parse(path, "--show-toplevel")
    found = Path(top) if status == 0 and top else None
    if found is None or found.resolve() == path.resolve() or not path.resolve().is_relative_to(found.resolve()):
        return path  # not a folder of the top git names (core.worktree elsewhere): the checkout named is audited
    say(f"note: auditing the checkout {plain(str(found))}: {plain(str(path.resolve()))} is a folder of it")
    return found


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
    from aeon_release.domain.audits.source import GitTree, WorkTree

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
