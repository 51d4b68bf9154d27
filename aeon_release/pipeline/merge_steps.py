"""`aeon-release merge TAG`: three-way merge a release tag onto the previous fork branch.

The merge, the carries and the picks are made in git's object database (``git merge-tree`` and
``git commit-tree``, see ``merge_commits``): a clean run checks nothing out, and the user's
checkout, index and branches are never touched.  The branch being built exists only as
``state.head`` until `finish` creates the fork branch ref, atomically.  A worktree under the fork's
git directory is made only when the run stops for a person (a conflict, an error-level finding, a
refused commit); they work there and ``--continue`` concludes from it.

The steps are stages of the one stage runner (``STAGES``, pipeline/runner.py): each is checked
before the run changes anything, and what ``--dry-run`` prints is its plan of actions.  An item
saves its start (``state.head`` and ``state.current``) before it runs, and its result together with
the new head after; a run killed anywhere, inside git or not, is continued by redoing the
unfinished item from its recorded start, and ``--abort`` only has to drop the state and any
worktree.
"""

from __future__ import annotations

import contextlib
import functools
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aeon_release.adapters import console
from aeon_release.adapters.git import Git
from aeon_release.adapters.git import failed as git_failed
from aeon_release.adapters.store import (
    CarryRecord,
    CarryStatus,
    Phase,
    PickRecord,
    PickStatus,
    RunState,
    RunStore,
    pid_alive,
    typed_fields,
)
from aeon_release.domain.audits.model import Fix, MergeSides, Settings
from aeon_release.errors import (
    DiskError,
    GitError,
    NeedsHuman,
    StateError,
    UsageError,
    out_of_memory,
    printable,
    quoted,
    shell_word,
)
from aeon_release.pipeline import merge_commits
from aeon_release.pipeline.merge_commits import CommitRefused, Draft
from aeon_release.pipeline.merge_plan import CarryPlan, MergePlan, Options, PickPlan
from aeon_release.pipeline.runner import Action, Do, FunctionStage, Runner, Stage

if TYPE_CHECKING:
    from aeon_release.domain.audits import AuditReport
    from aeon_release.domain.audits.model import Finding
    from aeon_release.domain.ledger import Carry

STOPPED = (Phase.CONFLICT.value, Phase.AUDIT_FAILED.value, Phase.COMMIT_REFUSED.value)


@dataclass
class Run:
    git: Git  # the user's repository (never its work tree)
    state: RunState
    plan: MergePlan
    fork_commits: frozenset[str] | None = None
    unsaved: bool = False  # an item's result is held for the next save (``save_with_next``)

    @property
    def plan_picks_outside_tag(self) -> frozenset[str]:
        """Picks the plan found outside the tag: on the branch only if they are fork commits (no walk)."""
        return frozenset(p.sha for p in self.plan.picks if not p.in_tag)

    def save(self) -> None:
        self.store.save(self.state)
        self.unsaved = False

    def save_with_next(self) -> None:
        """An item's result (a carry's, a pick's, the finished run's), written by the save that comes
        next: the next item's start, saved before it changes anything, or its step's end.  Between the
        two the run only reads (is it on the branch, are the markers there), so every state on disk is one
        a run saving each result at once leaves when killed there.  Each save renames two files over the
        last ones (the state and its seal), and on ext4 a rename over a file waits for the new one's
        blocks: a merge with two carries and two picks saved 13 states (26 renames, 10-60 ms of its wall
        time on a busy disk), now 8.  A step that stops writes the held result first (``save_held``)."""
        self.unsaved = True

    def save_held(self) -> None:
        """The result ``save_with_next`` held, written now (the step stopped: an error, a signal, a
        person's turn).  A disk that will not take it leaves the item's start, as a kill there would: the
        error that stopped the step is the one reported."""
        if self.unsaved:
            with contextlib.suppress(DiskError, OSError):
                self.save()

    @property
    def store(self) -> RunStore:
        return RunStore(self.git.common_dir, self.state.tag)

    @property
    def head(self) -> str:
        """The tip of the branch being built."""
        return self.state.head or self.plan.previous_sha

    @property
    def worktree(self) -> Path:
        return Path(self.state.worktree)

    @property
    def run_dir(self) -> Path:
        return self.store.folder


KEPT_EVIDENCE = "its commits are on the branch"  # a carry the merge left as it was


# -- the steps -------------------------------------------------------------------------------
# Every step is a stage of the one runner (pipeline/runner.py): ``check`` is its pure preflight,
# run for every step still to do before the run changes anything; ``plan`` lists its actions,
# whose ``describe()`` is what ``merge --dry-run`` prints and whose ``do()`` a real run executes.
# The plan of a step is made right before it runs, so it sees what the steps before it did.


def check_merge(run: Run) -> None:
    """The fork branch and the tag are where the run found them (a resumed run rebuilt its plan), and the
    merge is one `git merge` would make under the repository's settings (merge_commits says which)."""
    check_resumable(run.plan, run.state)
    plan = run.plan
    if plan.merge_base != plan.tag_sha and not _tag_merged(run):
        merge_commits.refuse_what_git_merge_would(run.git, plan.tag, plan.tag_sha, (plan.previous_branch, plan.branch))


def _tag_merged(run: Run) -> bool:
    """Whether the tag is an ancestor of the run's head.  On the fork branch as the plan found it, the plan's merge
    base says so (the tag is an ancestor of that commit exactly when it is their merge base): no git process."""
    if run.head == run.plan.previous_sha:
        return run.plan.merge_base == run.plan.tag_sha
    return run.git.is_ancestor(run.plan.tag_sha, run.head)


def plan_merge(run: Run) -> list[Action]:
    plan = run.plan
    if plan.merge_base == plan.tag_sha:
        return [Do(f"{plan.previous_branch} has {plan.tag} already: nothing to merge")]
    if run.head != plan.previous_sha and run.git.is_ancestor(plan.tag_sha, run.head):
        return [Do(f"{plan.tag} is merged already (a resumed run)")]
    text = (
        f"merge {plan.tag} ({plan.tag_sha[:12]}) onto {plan.previous_branch} ({plan.previous_sha[:12]}): "
        f"{plan.upstream_commits} upstream commits over {plan.merge_base[:12]}"
    )
    return [Do(text, functools.partial(merge_tag, run))]


def merge_tag(run: Run) -> None:
    """Three-way merge the release tag onto the previous fork branch."""
    plan = run.plan
    run.state.current = "merge"
    message = merge_commits.with_merge_log(
        run.git,
        f"Merge upstream {plan.tag} into {plan.branch}",
        plan.tag,
        run.head,
        plan.tag_sha,
        (plan.previous_branch, plan.branch),
    )
    merged = run.git.merge_tree(run.head, plan.tag_sha, as_checkout=True)
    draft = Draft("merge", "merge", merged.tree, (run.head, plan.tag_sha), message)
    if not merged.clean:
        stop_for_conflicts(
            run,
            f"merging {plan.tag}",
            merged.conflicts,
            draft,
            lambda wt: wt.try_run("merge", "--no-ff", "--no-commit", "--no-log", "-m", message, plan.tag_sha),
        )
    run.state.head = commit(run, draft)
    run.state.current = None
    if merged.clean:  # the merge-aware checks can start on git's merge while carries and picks apply
        from aeon_release.domain.audits import sidecar
        from aeon_release.domain.audits.config import load_rules

        settings = load_rules(plan.config_dir, [c.carry for c in plan.carries]).settings  # the audit's
        sidecar.warm(MergeSides(run.git.path, plan.merge_base, plan.previous_sha, plan.tag_sha), merged.tree, settings)


def _no_check(run: Run) -> None:
    """Nothing beyond the plan: building it checked the ledger's commits, patches and picks."""


def _forget_stale(records: dict[str, Any], planned: set[str], what: str) -> list[Action]:
    """Records of items the ledger no longer has (it was edited during a stop): dropped first."""
    stale = sorted(set(records) - planned)
    if not stale:
        return []
    forget = functools.partial(_forget, records, stale)
    return [Do(f"forget the records of {what} the ledger no longer has: {', '.join(stale)}", forget)]


def plan_carries(run: Run) -> list[Action]:
    """Verify every active carry survived; apply the missing ones; report the upstreamed ones."""
    actions = _forget_stale(run.state.carries, {c.carry.id for c in run.plan.carries}, "carries")
    for cp in run.plan.carries:
        record = run.state.carries.get(cp.carry.id)
        if record is not None and record.status.final:
            actions.append(Do(f"carry {cp.carry.id}: {record.status} (done)"))
        else:
            actions.append(Do(_carry_text(cp), functools.partial(_apply_carry, run, cp)))
    return actions


def _carry_text(cp: CarryPlan) -> str:
    carry = cp.carry
    if cp.upstreamed:
        return f"carry {carry.id}: upstreamed: drop it ({cp.upstreamed})"
    if carry.commits:
        what = f"cherry-pick those of its {len(carry.commits)} commit(s) the branch lacks"
    elif carry.patch:
        what = f"apply {carry.patch} three-way unless the tree has it"
    else:
        what = "nothing to apply (no commits or patch in the ledger)"
    markers = f"; check its {len(carry.markers)} marker(s)" if carry.markers else ""
    return f"carry {carry.id}: {what}{markers}"


def _forget(records: dict[str, CarryRecord] | dict[str, PickRecord], keys: list[str]) -> None:
    for key in keys:
        del records[key]


def _apply_carry(run: Run, cp: CarryPlan) -> None:
    record = run.state.carries.get(cp.carry.id, CarryRecord(CarryStatus.APPLYING))
    run.state.carries[cp.carry.id] = _settle_carry(run, cp, record)
    run.save_with_next()


def plan_picks(run: Run) -> list[Action]:
    """Cherry-pick the release's picks in order; report picks already in the tag and the skips."""
    actions = _forget_stale(run.state.picks, {p.key for p in run.plan.picks}, "picks")
    for pick in run.plan.picks:
        recorded = run.state.picks.get(pick.key)
        if recorded is not None:  # every pick record is final
            actions.append(Do(f"pick {pick.key}: {recorded.status} (done)"))
            continue
        how = f"already in {run.plan.tag}" if pick.in_tag else "cherry-pick it unless the branch has it"
        actions.append(Do(f"pick {pick.key} ({pick.sha[:12]}): {how}", functools.partial(_apply_pick, run, pick)))
    return actions + [Do(f"skip {skip.label}: {skip.reason}") for skip in run.plan.skips]


def _apply_pick(run: Run, pick: PickPlan) -> None:
    run.state.picks[pick.key] = _settle_pick(run, pick)
    run.save_with_next()


def check_audit(run: Run) -> None:
    """Every waiver names a rule the audit knows: a typo would waive nothing."""
    check_waivers(run.state.waivers, known_rule_ids(run.plan))


def check_waivers(waivers: list[dict[str, str]], known: set[str]) -> None:
    for waiver in waivers:
        if waiver["rule"] not in known:
            raise UsageError(
                f"--waive: no audit rule {quoted(waiver['rule'])}", "`aeon-release audits list` shows the rule ids"
            )


def plan_audit(run: Run) -> list[Action]:
    waived = f"; waived: {', '.join(w['rule'] for w in run.state.waivers)}" if run.state.waivers else ""
    text = "audit the merged tree, merge-aware and only what the merge changed; stop on error-level findings"
    return [Do(text + waived, functools.partial(run_audit, run))]


def run_audit(run: Run) -> None:
    """Audit the merged tree from the object database, merge-aware, and only what the merge changed;
    error-level findings stop the run (and only then is a worktree made, for the fix)."""
    _markers_back(run)
    report = _audit(run)
    waivers = {w["rule"]: w for w in run.state.waivers}
    findings = _name_moves(run, [_with_waiver(f, waivers) for f in report.findings])
    blocking = [f for f in findings if f["severity"] == "error" and not f["suppressed"] and not f.get("waived")]
    waived = [f for f in findings if f.get("waived")]
    run.state.audit = report.as_dict() | {
        "findings": findings,
        "errors": len(blocking),
        "blocking": len(blocking),
        "waived": len(waived),
    }
    if blocking:
        wt = open_worktree(run, run.head)
        run.state.pending = Draft(
            "audit", "commit", "", (run.head,), f"Fix audit findings after merging {run.plan.tag}"
        ).pending()
        run.state.phase = Phase.AUDIT_FAILED
        run.save()
        first = blocking[0]
        fixable = sum(1 for f in blocking if f.get("fix"))
        offer = f"; `aeon-release merge --continue --fix` applies {fixable} safe fix(es)" if fixable else ""
        # a path upstream moved or deleted (_name_moves) is fixed in the config, not in the worktree
        moved = sum(1 for f in blocking if any(w in str(f["message"]) for w in MOVED_WORDS))
        config = (
            f"; {moved} of them name a path upstream moved or deleted: change it in {run.plan.config_dir}"
            if moved
            else ""
        )
        raise NeedsHuman(
            f"{len(blocking)} error-level audit finding(s), first: {first['path']}:{first['line']} [{first['rule']}]",
            f"fix them in {wt.path} (no need to commit){config}, then `aeon-release merge --continue`; "
            f"or accept one: `aeon-release merge --continue --waive '{first['rule']}=REASON'`{offer}",
        )


MOVED_WORDS = ("; upstream moved ", "; upstream deleted ")


def _audit(run: Run) -> AuditReport:
    """The delta: the fork branch was audited, so the hygiene rules look only at new content (a blob
    that differs from both sides: merged by git, or changed by a carry, a pick or a fix), the other
    bulk rules at what differs from the fork branch, the targeted rules at all their files."""
    from aeon_release.domain.audits import GitTree, audit_tree

    plan, head = run.plan, run.head
    carries = [c.carry for c in plan.carries if _carry_status(run, c.carry.id) != CarryStatus.UPSTREAMED]
    # the listing is left for the checks' process (it lists the same revision): the findings cache's folder
    tree = GitTree(run.git.path, head, share=RunStore.cache_of(run.git.common_dir))
    try:
        tree.list_ahead()  # git lists the revision while it diffs it and the rules load
        # the merge's paths against each side, from one diff-tree (a path differs between two trees either way round)
        from_fork, from_upstream = run.git.changed_path_lists(head, (plan.previous_sha, plan.tag_sha))
        changed = set(from_fork)
        new_content = changed & set(from_upstream)
        sides = MergeSides(repo=run.git.path, base=plan.merge_base, ours=plan.previous_sha, theirs=plan.tag_sha)
        return audit_tree(
            tree,
            plan.config_dir,
            carries=carries,
            merge=sides,
            changed_files=changed,
            new_content=new_content,
            cache_dir=RunStore.cache_of(run.git.common_dir),
            waiting=console.load,  # the report's tables load while the checks process finishes
        )
    finally:
        tree.close()


def apply_audit_fixes(run: Run) -> list[dict[str, Any]]:
    """Apply the fixes of the last audit's findings in the merge worktree; recorded in the run state.

    The audit step then runs again (the changes are committed first) and the report keeps them.
    """
    from aeon_release.domain.audits.drift.fixes import apply_fixes
    from aeon_release.domain.audits.model import Fix

    if run.state.phase != Phase.AUDIT_FAILED.value or not run.state.audit:
        raise UsageError(
            "--fix applies the fixes of a failed audit, and this run's audit has not failed",
            "use --fix with `merge --continue` after a merge stopped on audit findings",
        )
    wanted = [Fix(**f["fix"]) for f in run.state.audit.get("findings", []) if f.get("fix") and not f.get("suppressed")]
    if own_worktree(run) is None:
        raise StateError(
            f"the worktree of the {run.state.tag} run is gone ({run.worktree})",
            "run `aeon-release merge --abort` and start again",
        )
    results = [r.as_dict() for r in apply_fixes(run.worktree, wanted)]
    run.state.fixes += results
    run.save()
    return results


def _name_moves(run: Run, findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A rule's or a marker's file that upstream moved in this release (a real fork's upstream made
    ``pkg/utils.py`` the package ``pkg/utils/__init__.py``) is named with where it went and what to change:
    the finding said only "pkg/utils.py does not exist in the tree", and a person hunted for the file."""
    gone = [f for f in findings if f.get("line") == 0 and "does not exist" in str(f.get("message", ""))]
    if not gone:
        return findings
    base, tag = run.plan.merge_base, run.plan.tag_sha
    moved = run.git.renames(base, tag)
    paths = sorted({str(f.get("path")) for f in gone} - moved.keys())
    deleted = set(
        run.git.run(
            "diff", "--name-only", "-z", "-M", "--diff-filter=D", base, tag, "--", *(f":(literal){p}" for p in paths)
        ).split("\0")
        if paths
        else ()
    )
    for finding in gone:
        path = str(finding.get("path"))
        new = moved.get(path)
        if new is not None:
            finding["message"] = (
                f"{finding['message']}; upstream moved {path} to {new} in {run.plan.tag} (git's rename detection): "
                f"point the rule's paths (a carry's marker: its path in carries.yaml) at {new}"
            )
        elif path in deleted:
            finding["message"] = (
                f"{finding['message']}; upstream deleted {path} in {run.plan.tag}: a carry of it is dropped "
                "(`status: dropped` in carries.yaml) or moved to where the code went, and a rule's path goes too"
            )
    return findings


def _with_waiver(finding: Finding, waivers: dict[str, dict[str, str]]) -> dict[str, Any]:
    """A finding as recorded: waived (with the reason and who waived it) when a waiver names any of its rules."""
    data: dict[str, Any] = finding.as_dict()
    waiver = next((waivers[r] for r in finding.rule_ids if r in waivers), None)
    if waiver is not None and finding.severity.value == "error" and not finding.suppressed:
        data["waived"] = {"rule": waiver["rule"], "reason": waiver["reason"], "by": waiver.get("by", "")}
    return data


def finish(run: Run) -> None:
    """Create the fork branch at the built head, write the report."""
    head = run.head
    existing = run.git.branch_sha(run.plan.branch)
    if existing is None:
        run.git.create_branch(run.plan.branch, head, made_by(run.plan.tag))
    elif existing != head:
        raise _appeared(run, existing)
    run.state.branch_sha = head
    run.state.phase = Phase.DONE
    write_reports(run)  # before the state says done: a kill here is finished by --continue
    run.save_with_next()  # the step's end comes next: one state says done, with the step done


def made_by(tag: str) -> str:
    """The reflog entry a run writes creating its branch: ``merge --abort`` deletes a branch only when
    that entry is the branch's one (a run state names its branch, and anyone can edit the file)."""
    return f"aeon-release: merge {tag} created the branch"


def write_reports(run: Run) -> None:
    """report.json, and the merge section of the run record that `notes` and `release` read."""
    data = report(run.state, run.plan)
    run.store.write_report(data)
    run.store.update_record({"merge": data}, durable=False)


def check_finish(run: Run) -> None:
    """The fork branch does not exist yet (or a run killed at its very end made it, at the built head)."""
    existing = run.git.branch_sha(run.plan.branch)
    if existing is not None and existing != run.head:
        raise _appeared(run, existing)
    if existing is None:
        run.git.check_new_branch(run.plan.branch, run.head)


def _appeared(run: Run, sha: str) -> GitError:
    return GitError(
        f"branch {run.plan.branch!r} appeared during the run at {sha[:12]}",
        "delete it or run `aeon-release merge --abort`",
    )


def plan_finish(run: Run) -> list[Action]:
    text = f"create {run.plan.branch} at the built head; write report.json and the run record"
    return [Do(text, functools.partial(finish, run))]


STAGES: Runner[Run] = Runner(
    (
        FunctionStage("merge", check_merge, plan_merge),
        FunctionStage("carries", _no_check, plan_carries),
        FunctionStage("picks", _no_check, plan_picks),
        FunctionStage("audit", check_audit, plan_audit),
        FunctionStage("finish", check_finish, plan_finish),
    )
)


def unfinished(run: Run) -> list[Stage[Run]]:
    return STAGES.pending(lambda name: name in run.state.steps_done)


def check(run: Run) -> None:
    """The run's own preflight, then every unfinished step's: callers run it before the run changes
    anything."""
    _check_head(run)
    _check_audit_record(run)
    pending = unfinished(run)
    if any(stage.name in _COMMITTING for stage in pending):
        run.git.check_identity()  # before the merge, not at its first commit
    STAGES.check(run, pending)


# the steps that make commits (the finish only moves a branch)
_COMMITTING = frozenset({"merge", "carries", "picks"})


@dataclass(frozen=True)
class AuditFinding:
    """One finding as state.json keeps it: Finding.as_dict, and the waiver the run gave it."""

    rule: str
    kind: str
    severity: str
    path: str
    line: int
    message: str
    suppressed: str | None = None
    also: list[str] = field(default_factory=list)
    fix: dict[str, Any] | None = None
    waived: dict[str, str] | None = None


def _check_audit_record(run: Run) -> None:
    """The last audit's findings, as the run recorded them: ``--continue --fix`` applies their fixes and
    a stop prints them.  A state edited to hold a fix of other fields or types (``"col": "x"``) crashed
    ``--fix`` with a traceback."""
    audit = run.state.audit
    if audit is None:
        return
    findings = audit.get("findings", [])
    try:
        if not isinstance(findings, list):
            raise TypeError("findings is not a list")
        for i, finding in enumerate(findings):
            try:
                recorded = AuditFinding(**typed_fields(AuditFinding, finding))
                if recorded.fix is not None:
                    typed_fields(Fix, recorded.fix)
            except TypeError as exc:
                raise TypeError(f"findings[{i}]: {exc}") from None
    except TypeError as exc:
        raise StateError(
            f"{run.store.state_file}: run state is damaged (its audit's {printable(str(exc))[:120]})",
            f"`aeon-release merge --abort {run.state.tag}` drops the run (its worktree and state; no branch is touched)",
        ) from None


def _check_head(run: Run) -> None:
    """Every step builds on the head made so far: it exists only as objects, so it must still be there,
    and it must be what the run builds, the fork branch the plan found with the tag merged into it (the
    branch on its first-parent line, the tag below it) and commits on top.  state.json only names the
    head: a state edited to name the user's branch, upstream's main or a commit of no history had
    ``--continue`` audit that commit and create the fork branch at it.  The commit a person is to
    conclude has the head as its first parent (and the tag as its second, a merge's) whatever the
    state lists."""
    state, plan = run.state, run.plan
    head = state.head
    refuse = f"run `aeon-release merge --abort {state.tag}` and start again"
    if head is not None and head != plan.previous_sha:
        if run.git.resolve(head) is None:
            raise StateError(
                f"the {state.tag} run's head {head[:12]} is gone from {run.git.path} (pruned by git gc?)", refuse
            )
        if not _built_on(run.git, head, plan.previous_sha, plan.tag_sha):
            raise StateError(
                f"the {state.tag} run's head {head[:12]} is not a commit the run built: not {plan.previous_branch} "
                f"({plan.previous_sha[:12]}) with {plan.tag} ({plan.tag_sha[:12]}) merged and commits on top",
                refuse,
            )
    pending = state.pending
    if pending is not None:
        parents = (run.head, plan.tag_sha) if pending.kind == "merge" else (run.head,)
        if pending.parents != parents:
            raise StateError(
                f"the {state.tag} run's pending commit names the parents {', '.join(p[:12] for p in pending.parents)}, "
                f"not the run's head{' and the tag' if pending.kind == 'merge' else ''} "
                f"({', '.join(p[:12] for p in parents)})",
                refuse,
            )


def _built_on(git: Git, head: str, previous: str, tag: str) -> bool:
    """``head`` descends from the tag, and the fork branch's commit is on its first-parent line."""
    if not git.is_ancestor(tag, head):
        return False
    status, out, _ = git.try_run("rev-list", "--first-parent", "--parents", head, f"^{previous}", "--")
    oldest = out.splitlines()[-1].split() if status == 0 and out.strip() else []
    return len(oldest) > 1 and oldest[1] == previous


def describe(run: Run) -> dict[str, list[str]]:
    """The dry run: what each unfinished step's actions would do."""
    return STAGES.describe(run, unfinished(run))


# -- commits ---------------------------------------------------------------------------------
def commit(run: Run, draft: Draft, worktree: Git | None = None) -> str:
    """Make a commit through the hooks; a refusal stops the run, resumable."""
    pending = run.state.pending
    edited = pending is not None and pending.item == draft.item
    try:
        sha = merge_commits.make(
            run.git, draft, run.run_dir, edited=edited, worktree=worktree, checkout=lambda d: _checkout_tree(run, d)
        )
    except CommitRefused as refused:
        # a message hook needs no worktree: --continue redoes the item; a tree hook is concluded there
        run.state.pending = draft.pending(in_worktree=refused.in_worktree)
        run.state.phase = Phase.COMMIT_REFUSED
        run.save()
        raise
    run.state.pending = None
    return sha


def _checkout_tree(run: Run, draft: Draft) -> Git:
    """A worktree at the commit's first parent with the commit's tree staged and checked out."""
    wt = open_worktree(run, draft.parents[0])
    wt.run("read-tree", "-m", "-u", draft.parents[0], draft.tree)
    return wt


def _pick(run: Run, item: str, sha: str, what: str) -> bool:
    """Cherry-pick ``sha`` onto the head (`git cherry-pick -x`); False when it comes out empty."""
    head = run.head
    merged = run.git.pick_tree(head, sha, as_checkout=True)
    draft = merge_commits.pick_draft(run.git, item, sha, merged.tree, head)
    if not merged.clean:
        stop_for_conflicts(
            run, what, merged.conflicts, draft, lambda wt: wt.try_run("cherry-pick", "-x", "--no-commit", sha)
        )
    if merged.tree == run.git.tree(head) and not _empty_commit(run.git, sha):
        return False
    run.state.head = commit(run, draft)
    return True


def _empty_commit(git: Git, sha: str) -> bool:
    """A commit that changes nothing itself (`cherry-pick --allow-empty` keeps those)."""
    parents = git.parents(sha)
    return bool(parents) and git.tree(sha) == git.tree(parents[0])


# -- carries ---------------------------------------------------------------------------------
def _carry_status(run: Run, carry_id: str) -> CarryStatus | None:
    record = run.state.carries.get(carry_id)
    return record.status if record is not None else None


def _settle_carry(run: Run, cp: CarryPlan, record: CarryRecord) -> CarryRecord:
    carry = cp.carry
    if cp.upstreamed:
        result = CarryRecord(CarryStatus.UPSTREAMED, evidence=f"upstreamed: drop it ({cp.upstreamed})")
    elif carry.commits:
        result = _carry_commits(run, cp, record)
    elif carry.patch:
        result = _carry_patch(run, cp)
    else:
        result = CarryRecord(CarryStatus.KEPT, evidence="no commits or patch in the ledger: markers checked only")
    result = replace(result, id=carry.id, title=carry.title, upstream_pr=carry.upstream_pr)
    if result.status == CarryStatus.UPSTREAMED:
        return result
    if cp.review:
        result = replace(result, warning=cp.review)
    missing = [f"{m.path}: {m.text}" for m in carry.markers if not _marker_present(run, m.path, m.text)]
    if missing:
        evidence = f"{len(missing)} marker(s) gone after the merge"
        result = replace(result, status=CarryStatus.MISSING, missing_markers=missing, evidence=evidence)
    return result


def _carry_commits(run: Run, cp: CarryPlan, record: CarryRecord) -> CarryRecord:
    done: list[str] = list(record.done or [])
    applied = 0
    for short in cp.carry.commits:
        sha = run.git.resolve(short)
        if sha is None:
            raise GitError(
                f"carries.yaml: carry {cp.carry.id}: commit {short} does not exist",
                "fetch the fork's history or fix the SHA",
            )
        if sha in done or _on_branch(run, sha):
            continue
        run.state.current = f"carries:{cp.carry.id}:{sha}"
        run.state.carries[cp.carry.id] = replace(record, status=CarryStatus.APPLYING, done=done)
        run.save()  # the head and the commits done so far, together: the start of this commit
        if not _pick(run, run.state.current, sha, f"applying carry {cp.carry.id} ({sha[:12]})"):
            run.state.current = None
            evidence = f"upstreamed: drop it ({sha[:12]} became empty on {run.plan.tag})"
            return CarryRecord(CarryStatus.UPSTREAMED, evidence=evidence)
        done.append(sha)
        applied += 1
    run.state.current = None
    by_hand = dict(run.state.carries.get(cp.carry.id, record).by_hand or {})
    if by_hand and all(v == "dropped" for v in by_hand.values()) and len(by_hand) == len(cp.carry.commits):
        return CarryRecord(CarryStatus.DROPPED_BY_HAND, evidence="every commit was dropped while resolving conflicts")
    if applied or by_hand:
        hand = f"; {len(by_hand)} resolved by hand" if by_hand else ""
        return CarryRecord(CarryStatus.APPLIED, evidence=f"cherry-picked {applied + len(by_hand)} commit(s){hand}")
    return CarryRecord(CarryStatus.KEPT, evidence=KEPT_EVIDENCE)


def _carry_patch(run: Run, cp: CarryPlan) -> CarryRecord:
    patch = run.plan.ledger.patch_path(cp.carry)
    assert patch is not None
    patch = patch.resolve()
    if _patch_in_tag(run, patch):
        evidence = f"upstreamed: drop it ({cp.carry.patch} is already applied in {run.plan.tag})"
        return CarryRecord(CarryStatus.UPSTREAMED, evidence=evidence)
    item = run.state.current = f"carries:{cp.carry.id}:patch"
    run.save()
    head = run.head
    applied = run.git.apply_to_tree(run.git.tree(head), patch)
    if applied is None:
        run.state.current = None
        return CarryRecord(CarryStatus.KEPT, evidence=f"{cp.carry.patch} is already applied")
    draft = Draft(item, "commit", applied.tree, (head,), f"Carry {cp.carry.id}: {cp.carry.title}")
    if not applied.clean:
        stop_for_conflicts(
            run,
            f"applying carry {cp.carry.id} ({cp.carry.patch})",
            applied.conflicts or cp.files,
            draft,
            lambda wt: wt.try_run("apply", "--3way", "--index", str(patch)),
        )
    run.state.head = commit(run, draft)
    run.state.current = None
    return CarryRecord(CarryStatus.APPLIED, evidence=f"applied {cp.carry.patch} three-way")


def _patch_in_tag(run: Run, patch: Path) -> bool:
    """Does the patch reverse-apply on the tag's tree?  Then upstream already has it."""
    tree = run.git.run("rev-parse", f"{run.plan.tag_sha}^{{tree}}")
    index = RunStore.scratch(run.git.common_dir, "patch-check.index")
    env = {"GIT_INDEX_FILE": str(index)}
    try:
        run.git.run("read-tree", tree, env=env)
        status, _, _ = run.git.try_run("apply", "--check", "--reverse", "--cached", str(patch), env=env)
    finally:
        index.unlink(missing_ok=True)
    return status == 0


def _markers_back(run: Run) -> None:
    """A carry the carries step found ``missing`` whose every marker (the ledger's text, as edited since: the plan
    of a resumed run is read again) is on the branch now: the person put its lines back in the worktree, or gave
    the marker the text of the line a conflict's resolution changed.  The audit found the marker, and the table,
    the report and the notes still said "missing"."""
    for cp in run.plan.carries:
        record = run.state.carries.get(cp.carry.id)
        if record is None or record.status != CarryStatus.MISSING or not cp.carry.markers:
            continue
        if all(_marker_present(run, m.path, m.text) for m in cp.carry.markers):
            evidence = "its marker(s) are on the branch again, settled by hand after the merge"
            run.state.carries[cp.carry.id] = replace(
                record, status=CarryStatus.KEPT, missing_markers=None, evidence=evidence
            )


def _marker_present(run: Run, path: str, text: str) -> bool:
    # through the run's long-lived cat-file (a `git show` per marker was a process each)
    content = run.git.blob_text(run.head, path)
    return content is not None and text in content


def _on_branch(run: Run, sha: str) -> bool:
    """Is this commit, or a cherry-pick of it, already on the branch being built?"""
    head = run.head
    if sha in _fork_commits(run) or (sha not in run.plan_picks_outside_tag and run.git.is_ancestor(sha, head)):
        return True
    # tag..head, and not below the merge base: the same commits (the base is the tag's ancestor),
    # but git stops at the base instead of walking the whole release back from the tag to it
    added = (f"{run.plan.tag_sha}..{head}", f"^{run.plan.merge_base}")
    out = run.git.run("log", "-n1", "--format=%H", "-F", f"--grep=cherry picked from commit {sha}", *added)
    if out.strip():
        return True
    # what `git cherry HEAD SHA SHA^` tells, among the commits the fork and this run added on top of
    # the tag (walking back from the pick instead passes every upstream commit after the tag)
    return run.git.patch_twin(sha, *added) is not None


# -- picks -----------------------------------------------------------------------------------
def _fork_commits(run: Run) -> frozenset[str]:
    """The fork branch's own commits since the merge base: a short walk, once per run."""
    if run.fork_commits is None:
        out = run.git.run("rev-list", run.plan.previous_sha, f"^{run.plan.merge_base}", "--")
        run.fork_commits = frozenset(out.split())
    return run.fork_commits


def _settle_pick(run: Run, pick: PickPlan) -> PickRecord:
    def record(status: PickStatus, evidence: str) -> PickRecord:
        return PickRecord(pick.key, pick.sha, pick.subject, pick.ref.reason, status, evidence)

    if pick.in_tag:
        return record(PickStatus.ALREADY_IN_TAG, f"{pick.sha[:12]} is an ancestor of {run.plan.tag}")
    if _on_branch(run, pick.sha):
        return record(PickStatus.ALREADY_ON_BRANCH, "a cherry-pick of it is on the fork branch")
    run.state.current = f"picks:{pick.key}"
    run.save()
    picked = _pick(run, run.state.current, pick.sha, f"cherry-picking {pick.key} ({pick.sha[:12]})")
    run.state.current = None
    if not picked:
        return record(PickStatus.ALREADY_ON_BRANCH, "the cherry-pick came out empty")
    return record(PickStatus.APPLIED, f"cherry-picked as {run.head[:12]}")


# -- stopping for a person, and concluding what they did -------------------------------------
def open_worktree(run: Run, at: str) -> Git:
    """The run's worktree, detached at ``at`` with a clean index: made now, or reused."""
    path = run.worktree
    wt = own_worktree(run)
    if wt is not None:
        _clear_stale_lock(run, wt)
        wt.reset_hard(at)
        return wt
    run.git.worktree_remove(path)  # half made by a killed run
    run.git.worktree_add(path, at)
    return Git(path)


def own_worktree(run: Run) -> Git | None:
    return run_worktree(run.git, run.state)


def run_worktree(git: Git, state: RunState) -> Git | None:
    """The worktree the run made, or None when there is none; what is there otherwise (a ``.git`` that
    leads to the user's checkout, a branch checked out) is refused before anything runs in it."""
    place = Path(state.worktree)
    found = git.linked_worktree(place)
    if isinstance(found, str):
        raise StateError(
            f"{place}: not the worktree the {state.tag} run made: {found}",
            f"`aeon-release merge --abort {state.tag}` drops the run and that folder; nothing else is touched",
        )
    return found


def stop_for_conflicts(
    run: Run, what: str, files: tuple[str, ...], draft: Draft, replay: Callable[[Git], tuple[int, str, str]]
) -> None:
    """Redo the operation in the worktree, with git's conflict markers, for a person to resolve."""
    wt = open_worktree(run, run.head)
    status, _, said = replay(wt)
    if status != 0 and not _replayed(wt):
        raise _replay_refused(wt, what, said, status)
    files = tuple(wt.unmerged_files()) or files
    touching = {c.carry.id: set(c.files) for c in run.plan.carries}
    run.state.conflicts = [
        {"file": f, "carries": sorted(cid for cid, fs in touching.items() if f in fs), "during": what} for f in files
    ]
    run.state.pending = draft.pending()
    try:
        advice = _carry_notes(run, run.state.conflicts)
    except (GitError, OSError):  # the evidence is a help: it never hides the conflict itself
        advice = ""
    run.state.phase = Phase.CONFLICT
    run.save()
    raise NeedsHuman(
        f"{len(files)} conflicted file(s) {what}: {', '.join(list(files)[:5])}{' ...' if len(files) > 5 else ''}",
        f"{advice}resolve them in {wt.path}, `git add` them, then `aeon-release merge --continue` (or `aeon-release merge --abort` to drop the run)",
    )


def _replayed(wt: Git) -> bool:
    """git left the operation it redid in the worktree: conflicts, or anything staged (rerere may have resolved)."""
    return bool(wt.unmerged_files()) or wt.try_run("diff-index", "--cached", "--quiet", "HEAD")[0] != 0


def _replay_refused(wt: Git, what: str, said: str, status: int) -> GitError:
    """git refused to redo the operation in the worktree and changed nothing there: a setting of the person's git
    config (``merge.verifySignatures=true``: upstream's commits carry no signature the person trusts) made the
    worktree's ``git merge`` stop before it merged.  The run said the merge had conflicts to resolve, and a
    ``--continue`` with nothing done committed the fork's own tree as the merge of the tag: every upstream change
    of the release lost under a merge commit naming it, exit 0."""
    error = git_failed("", wt.path, said, status)
    reason = error.message.partition(f"{wt.path}: ")[2] or error.message
    error.message = (
        f"{what}: git refused to redo it in the merge worktree {wt.path}, which holds nothing of it: {reason}"
    )
    error.hint = (
        "nothing was committed: fix what git names (a setting of your git config, such as merge.verifySignatures)"
    )
    error.outside = True
    return error


def _carry_notes(run: Run, conflicts: list[dict[str, Any]]) -> str:
    """Per conflicted file, what each carry touching it tells: upstreamed (take theirs), or moved code."""
    from aeon_release.pipeline.carry_evidence import UpstreamRange, conflict_notes

    plans = {c.carry.id: c for c in run.plan.carries}
    rng = UpstreamRange(run.git, run.plan.merge_base, run.plan.tag_sha)
    first = ""
    for conflict in conflicts:
        carries = [(plans[cid].carry, plans[cid].upstreamed) for cid in conflict["carries"] if cid in plans]
        notes = conflict_notes(run.git, run.plan.ledger, carries, conflict["file"], rng) if carries else []
        if notes:
            conflict["carry_notes"] = notes
            first = (
                first
                or f"{conflict['file']}: carry {notes[0]['carry']}: "
                + "; ".join(v for k, v in notes[0].items() if k != "carry")
                + "; "
            )
    return first


def _refuse_untracked(wt: Git) -> None:
    stray = wt.untracked()
    if stray:
        raise NeedsHuman(
            f"{len(stray)} untracked file(s) in the merge worktree: {', '.join(stray[:5])}",
            f"`git add` the ones that belong to the fork in {wt.path} and delete the rest "
            "(e.g. *.orig), then --continue",
        )


def resume(run: Run) -> None:
    """Pick up a stopped or killed run: conclude what a person did in the worktree, or redo the
    interrupted item from its recorded start (nothing to do here: the steps redo it)."""
    stopped, pending = run.state.phase in STOPPED, run.state.pending
    in_worktree = pending is not None and pending.in_worktree is not False
    if stopped and in_worktree and own_worktree(run) is not None:
        conclude(run)
    elif run.state.phase == Phase.CONFLICT.value:
        raise StateError(
            f"the worktree of the {run.state.tag} run is gone ({run.worktree})",
            "run `aeon-release merge --abort` and start again",
        )
    run.state.resolved += run.state.conflicts  # the report and the notes list them once the run is done
    run.state.conflicts = []
    run.state.phase = Phase.RUNNING


def conclude(run: Run) -> None:
    """Commit what a person resolved (or fixed) in the worktree, through the hooks."""
    wt = Git(run.worktree)
    _clear_stale_lock(run, wt)
    unmerged = wt.unmerged_files()
    if unmerged:
        raise NeedsHuman(
            f"{len(unmerged)} file(s) still conflicted: {', '.join(unmerged[:5])}",
            f"resolve them in {wt.path} and `git add` them, then --continue",
        )
    _refuse_untracked(wt)
    pending = run.state.pending
    assert pending is not None
    now, head = wt.head(), run.head
    if now != head:
        kept = _adopt(run, wt, now)
    else:
        if pending.kind == "merge" and run.state.phase == Phase.CONFLICT.value:  # (a refused commit has no merge)
            _refuse_a_merge_undone(run, wt)
        wt.stage_tracked()
        tree = wt.write_tree()
        kept = pending.kind == "merge" or tree != run.git.tree(head)
        if kept:
            run.state.head = commit(run, Draft.from_pending(pending, tree), worktree=wt)
            wt.set_head(run.state.head)
        wt.forget_operation()
    _mark_current_done(run, pending.item, kept)
    run.state.pending = None
    run.state.current = None


def _refuse_a_merge_undone(run: Run, wt: Git) -> None:
    """The worktree still holds the merge of the tag a person was resolving (git's MERGE_HEAD names it): after a
    ``git merge --abort`` or a ``git reset --hard`` there it held the fork's own tree, and ``--continue`` committed
    that as "Merge upstream TAG" with the tag as its parent, every change of the release left out, exit 0."""
    tag = run.plan.tag_sha
    status, merging, _ = wt.try_run("rev-parse", "-q", "--verify", "MERGE_HEAD")
    if status == 0 and merging == tag:
        return
    raise StateError(
        f"the merge worktree {wt.path} no longer holds the merge of {run.state.tag} (git has no merge of "
        f"{tag[:12]} in progress there: a `git merge --abort` or a reset?); committing it would record the fork's "
        "own tree as the merge, every upstream change left out",
        f"redo it: `git -C {shell_word(str(wt.path))} merge --no-ff --no-commit {tag}`, resolve and `git add`, then "
        "`aeon-release merge --continue`; or `aeon-release merge --abort`",
    )


def _adopt(run: Run, wt: Git, now: str) -> bool:
    """The person committed in the worktree themselves (or a run was killed right after doing it)."""
    if not run.git.is_ancestor(run.head, now):
        raise StateError(
            f"the merge worktree's HEAD ({now[:12]}) is not on the branch being built ({run.head[:12]})",
            f"check out {run.head[:12]} in {wt.path} again, or `aeon-release merge --abort`",
        )
    wt.forget_operation()
    run.state.head = now
    return True


def _mark_current_done(run: Run, current: str, kept: bool) -> None:
    """The item whose commit was just concluded (by a person, or after a kill) is done."""
    parts = current.split(":")
    if parts[0] == "carries" and len(parts) == 3 and parts[2] == "patch":
        run.state.carries[parts[1]] = (
            CarryRecord(CarryStatus.APPLIED, evidence="patch applied; conflicts resolved by hand")
            if kept
            else CarryRecord(
                CarryStatus.DROPPED_BY_HAND, evidence="the person resolving the conflict dropped the patch"
            )
        )
    elif parts[0] == "carries" and len(parts) == 3:
        record = run.state.carries.get(parts[1], CarryRecord(CarryStatus.APPLYING, done=[]))
        if parts[2] not in (record.done or []):
            by_hand = (record.by_hand or {}) | {parts[2]: "kept" if kept else "dropped"}
            run.state.carries[parts[1]] = replace(record, done=[*(record.done or []), parts[2]], by_hand=by_hand)
    elif parts[0] == "picks" and len(parts) == 2:
        pick = next((p for p in run.plan.picks if p.key == parts[1]), None)
        if pick is not None:
            run.state.picks[pick.key] = PickRecord(
                pick.key,
                pick.sha,
                pick.subject,
                pick.ref.reason,
                PickStatus.APPLIED if kept else PickStatus.DROPPED_BY_HAND,
                "cherry-picked; conflicts resolved" if kept else "the change was dropped while resolving",
            )


def _clear_stale_lock(run: Run, wt: Git) -> None:
    lock = wt.git_dir / "index.lock"
    if lock.exists() and not pid_alive(run.state.pid):
        lock.unlink()  # left by a git process killed with the run (kill -9)


def start_audit_diffs(git: Git, config_dir: Path) -> Callable[[str, str, str], None]:
    """For the plan: start the merge-aware checks in their own process (domain/audits/sidecar.py) as
    soon as the three commits are known.  It prepares the sides on the other core while the plan, the
    merge, the carries and the picks wait on git (a re-audit after a stop reads the cache).  The
    rules' settings follow the sides (their device words are grepped for with the enums')."""

    def start(base: str, ours: str, theirs: str) -> None:
        from aeon_release.domain.audits import sidecar
        from aeon_release.domain.audits.config import load_rules

        sides = MergeSides(git.path, base, ours, theirs)
        sidecar.start(sides)
        try:
            settings: Settings | None = load_rules(config_dir).settings  # the plan loads them next anyway
        except Exception:  # noqa: BLE001 - the plan's own check says what is wrong, in its order
            settings = None
        sidecar.words(sides, settings)

    return start


def execute(run: Run, on_step: Callable[[str, int], None] | None = None) -> None:
    """Run every unfinished step on the stage runner, in order, timing each (the caller ran ``check``
    before its first side effect); ``on_step(name, number)`` reports progress."""
    run.state.pid = os.getpid()
    clocks: dict[str, float] = {}
    stopped: list[str] = []

    def started(name: str) -> None:
        if on_step is not None:
            on_step(name, STAGES.names.index(name) + 1)
        clocks[name] = time.perf_counter()

    def timed(name: str) -> None:
        if name in clocks:
            run.state.timings[name] = round(run.state.timings.get(name, 0) + time.perf_counter() - clocks.pop(name), 3)

    def stop(name: str, error: BaseException) -> None:
        stopped.append(name)
        run.save_held()
        if isinstance(error, NeedsHuman):  # (its state was saved whole before the person's turn)
            # a step that stopped for a person did its work too (a conflicted merge, a blocking audit): its time
            # counts, or the notes' timings of a run that stopped once showed the last session's few milliseconds
            timed(name)
            with contextlib.suppress(DiskError, OSError):
                run.save()

    def done(name: str, result: object) -> None:
        timed(name)
        run.state.steps_done.append(name)
        run.save()

    try:
        STAGES.run(run, unfinished(run), started, done, stop)
    except GitError as exc:  # a git or disk failure inside a step leaves the run at the item's recorded start
        if exc.outside:
            exc.hint = f"{exc.hint}; then `aeon-release merge --continue`"
        elif exc.disk or not exc.hint:
            exc.hint = _RESUMABLE
        raise
    except DiskError as exc:  # a state or record file the disk would not take: the same, once there is a run
        if stopped or run.store.state_file.exists():
            exc.hint = _RESUMABLE
        raise
    except OSError as exc:
        if not stopped:
            raise
        raise StateError(
            f"the {stopped[-1]} step failed: {exc.strerror or exc}" + (f" ({exc.filename})" if exc.filename else ""),
            _RESUMABLE,
        ) from None
    except (MemoryError, RuntimeError, ImportError) as exc:
        if not stopped or not out_of_memory(exc):
            raise
        raise StateError(f"the {stopped[-1]} step ran out of memory: {str(exc)[:120]}", _RESUMABLE) from None


_RESUMABLE = (
    "nothing is lost: fix the cause (a full disk? a memory limit?), then `aeon-release merge --continue`, or --abort"
)


def state_for(plan: MergePlan, worktree: Path) -> RunState:
    return RunState(
        tag=plan.tag,
        branch=plan.branch,
        previous_branch=plan.previous_branch,
        previous_sha=plan.previous_sha,
        tag_sha=plan.tag_sha,
        merge_base=plan.merge_base,
        worktree=str(worktree),
        config_dir=str(plan.config_dir.resolve()),
        upstream_branch=plan.upstream_branch,
        upstream_commits=plan.upstream_commits,
        tag_on_upstream_branch=plan.tag_on_upstream_branch,
        pid=os.getpid(),
        head=plan.previous_sha,
    )


def options_for(state: RunState) -> Options:
    return Options(
        tag=state.tag,
        config_dir=Path(state.config_dir),
        onto=state.previous_branch,
        upstream_branch=state.upstream_branch,
        fetch=False,
    )


def check_resumable(plan: MergePlan, state: RunState) -> None:
    if state.branch != plan.branch:  # the state was edited: which branch would the run make?
        raise StateError(
            f"the run for {state.tag} names the branch {quoted(state.branch)}, and the fleet's for it is "
            f"{quoted(plan.branch)}",
            f"run `aeon-release merge --abort {state.tag}` and start again",
        )
    if (plan.previous_sha, plan.tag_sha) != (state.previous_sha, state.tag_sha):
        raise StateError(
            f"{state.previous_branch} or {state.tag} moved since the run for {state.tag} started",
            "run `aeon-release merge --abort` and start again",
        )
    if plan.merge_base != state.merge_base:  # the report, the notes and the release read it
        raise StateError(
            f"the run for {state.tag} records the merge base {state.merge_base[:12]}, and git's for "
            f"{state.previous_branch} and {state.tag} is {plan.merge_base[:12]}",
            f"run `aeon-release merge --abort {state.tag}` and start again",
        )


def report(state: RunState, plan: MergePlan | None) -> dict[str, Any]:
    data = asdict(state)
    picks = [record.as_dict() for record in state.picks.values()]
    for skip in plan.skips if plan else ():
        picks.append({"ref": skip.label, "status": PickStatus.SKIPPED.value, "reason": skip.reason})
    carries = [record.as_dict(report=True) for record in state.carries.values() if record.status.final]
    return {
        "tag": state.tag,
        "tag_sha": state.tag_sha,
        "previous_branch": state.previous_branch,
        "previous_sha": state.previous_sha,
        "branch": state.branch,
        "branch_sha": state.branch_sha,
        "merge_base": state.merge_base,
        "upstream_branch": state.upstream_branch,
        "upstream_commits": state.upstream_commits,
        "tag_on_upstream_branch": state.tag_on_upstream_branch,
        "state": state.phase,
        "worktree": state.worktree if _has_worktree(state) else None,
        "conflicts": data["resolved"] + data["conflicts"],  # those a person resolved, then any open now
        "carries": carries,
        "picks": picks,
        "audit": state.audit,
        "fixes": data["fixes"],
        "waivers": state.waivers,
        "timings": state.timings,
        "notes": list(plan.notes) if plan else [],
    }


def no_merge_report(tag: str) -> dict[str, Any]:
    """A tag with a release run and no merge run, in `status --json`: report()'s keys, ``state`` and the rest
    null, the lists empty, so that every object of the list has the same keys."""
    lists = ("conflicts", "carries", "picks", "fixes", "waivers", "notes")
    scalars = ("tag_sha", "previous_branch", "previous_sha", "branch", "branch_sha", "merge_base", "upstream_branch")
    more = ("upstream_commits", "tag_on_upstream_branch", "state", "worktree", "audit", "timings")
    return {"tag": tag} | dict.fromkeys(scalars + more) | {key: [] for key in lists}


def _has_worktree(state: RunState) -> bool:
    return state.phase != Phase.DONE.value and (Path(state.worktree) / ".git").exists()


def parse_waivers(values: list[str], by: str = "") -> list[dict[str, str]]:
    """``--waive RULE=REASON`` values; the audit step's check makes sure each names a known rule."""
    waivers = []
    for value in values:
        rule, sep, reason = value.partition("=")
        if not sep or not rule.strip() or not reason.strip():
            raise UsageError(
                f"--waive {quoted(value)} needs RULE=REASON",
                "e.g. --waive kv-quant/literals-match-enum='fixed in #123'",
            )
        waivers.append({"rule": rule.strip(), "reason": reason.strip(), "by": by})
    return waivers


def add_waivers(recorded: list[dict[str, str]], new: list[dict[str, str]]) -> list[dict[str, str]]:
    """Each rule is waived once: a waiver given again (say after a failed --continue) replaces the old one."""
    fresh = {w["rule"] for w in new}
    return [w for w in recorded if w["rule"] not in fresh] + new


def who_waives(git: Git) -> str:
    """The person giving a waiver: git's author identity (config or GIT_AUTHOR_*), else the login name."""
    status, ident, _ = git.ident("GIT_AUTHOR_IDENT")
    if status == 0 and ">" in ident:
        return ident[: ident.rindex(">") + 1].strip()  # drop the timestamp git appends
    return os.environ.get("USER") or os.environ.get("LOGNAME") or "unknown"


def known_rule_ids(plan: MergePlan) -> set[str]:
    return rule_ids(plan.config_dir, [c.carry for c in plan.carries])


def rule_ids(config_dir: Path, carries: Sequence[Carry]) -> set[str]:
    """The ids of the rule files' rules, the carries' markers and the merge-aware checks."""
    from aeon_release.domain.audits.config import load_rules
    from aeon_release.domain.audits.merge_rules import merge_rule_infos

    rules = load_rules(config_dir, carries)
    return {r.id for r in rules.rules} | {info.id for info in merge_rule_infos()}
