"""`aeon-release merge TAG`: three-way merge a release tag onto the previous fork branch.

The work happens in a worktree under the fork's git directory, so the user's checkout, index and
branches are never touched; the fork branch ref is created only when every step succeeded.  The
steps are data (``STEPS``); each one is idempotent, so a run killed anywhere is continued by
re-running the unfinished steps, and ``--abort`` only has to drop the worktree and the state.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from aeon_release.errors import GitError, NeedsHuman, StateError, UsageError
from aeon_release.adapters.git import Git, StepOutcome
from aeon_release.adapters.store import Phase, RunState, RunStore, pid_alive
from aeon_release.pipeline.merge_plan import CarryPlan, MergePlan, Options, PickPlan


@dataclass
class Run:
    git: Git  # the user's repository (never its work tree)
    wt: Git  # our worktree
    state: RunState
    plan: MergePlan

    def save(self) -> None:
        self.store.save(self.state)

    @property
    def store(self) -> RunStore:
        return RunStore(self.git.common_dir, self.state.tag)


@dataclass(frozen=True)
class Step:
    name: str
    run: Callable[[Run], None]


# -- the steps -------------------------------------------------------------------------------
def merge_tag(run: Run) -> None:
    """Three-way merge the release tag onto the previous fork branch."""
    plan = run.plan
    if run.wt.is_ancestor(plan.tag_sha, "HEAD"):
        return  # merged already (a resumed run)
    outcome = run.wt.merge(plan.tag_sha, f"Merge upstream {plan.tag} into {plan.branch}")
    if not outcome.ok:
        stop_for_conflicts(run, f"merging {plan.tag}", outcome.conflicts)


CARRY_FINAL = ("kept", "applied", "upstreamed", "missing", "dropped-by-hand")
PICK_FINAL = ("applied", "already-in-tag", "already-on-branch", "dropped-by-hand")


def apply_carries(run: Run) -> None:
    """Verify every active carry survived; apply the missing ones; report the upstreamed ones."""
    planned = {c.carry.id for c in run.plan.carries}
    run.state.carries = {k: v for k, v in run.state.carries.items() if k in planned}
    for carry_plan in run.plan.carries:
        record = run.state.carries.get(carry_plan.carry.id, {})
        if record.get("status") in CARRY_FINAL:
            continue
        run.state.carries[carry_plan.carry.id] = _settle_carry(run, carry_plan, record)
        run.save()


def apply_picks(run: Run) -> None:
    """Cherry-pick the release's picks in order; report picks already in the tag and the skips."""
    planned = {p.key for p in run.plan.picks}
    run.state.picks = {k: v for k, v in run.state.picks.items() if k in planned}
    for pick in run.plan.picks:
        if run.state.picks.get(pick.key, {}).get("status") in PICK_FINAL:
            continue
        run.state.picks[pick.key] = _settle_pick(run, pick)
        run.save()


def run_audit(run: Run) -> None:
    """Run the audits on the merged tree, merge-aware; error-level findings stop the run."""
    from aeon_release.domain.audits import MergeSides, audit_tree

    _commit_pending_fixes(run)
    plan = run.plan
    carries = [c.carry for c in plan.carries if run.state.carries.get(c.carry.id, {}).get("status") != "upstreamed"]
    sides = MergeSides(repo=run.wt.path, base=plan.merge_base, ours=plan.previous_sha, theirs=plan.tag_sha)
    report = audit_tree(run.wt.path, plan.config_dir, carries=carries, merge=sides)
    waived = {w["rule"] for w in run.state.waivers}
    blocking = [f for f in report.findings if f.blocking and f.rule_id not in waived]
    run.state.audit = report.as_dict() | {"blocking": len(blocking)}
    if blocking:
        run.state.phase = Phase.AUDIT_FAILED
        run.save()
        first = blocking[0]
        raise NeedsHuman(
            f"{len(blocking)} error-level audit finding(s) on the merged tree, first: "
            f"{first.path}:{first.line}: [{first.rule_id}] {first.message}",
            f"fix them in {run.wt.path} and run `aeon-release merge --continue`, "
            "or waive one with --waive RULE=REASON",
        )


def finish(run: Run) -> None:
    """Create the fork branch at the worktree's HEAD, write the report, drop the worktree."""
    head = run.wt.head()
    existing = run.git.branch_sha(run.plan.branch)
    if existing is None:
        run.git.create_branch(run.plan.branch, head)
    elif existing != head:
        raise GitError(f"branch {run.plan.branch!r} appeared during the run at {existing[:12]}",
                       "delete it or run `aeon-release merge --abort`")
    run.state.branch_sha = head
    run.state.phase = Phase.DONE
    write_reports(run)  # before the state says done: a kill here is finished by --continue
    run.save()


def write_reports(run: Run) -> None:
    """report.json, and the merge section of the run record that `notes` and `release` read."""
    data = report(run.state, run.plan)
    run.store.write_report(data)
    run.store.update_record({"merge": data})


STEPS: tuple[Step, ...] = (
    Step("merge", merge_tag),
    Step("carries", apply_carries),
    Step("picks", apply_picks),
    Step("audit", run_audit),
    Step("finish", finish),
)


# -- carries ---------------------------------------------------------------------------------
def _settle_carry(run: Run, cp: CarryPlan, record: dict[str, Any]) -> dict[str, Any]:
    carry = cp.carry
    base = {"id": carry.id, "title": carry.title, "upstream_pr": carry.upstream_pr}
    if cp.upstreamed:
        return base | {"status": "upstreamed", "evidence": f"upstreamed: drop it ({cp.upstreamed})"}
    if carry.commits:
        result = _carry_commits(run, cp, record)
    elif carry.patch:
        result = _carry_patch(run, cp)
    else:
        result = {"status": "kept", "evidence": "no commits or patch in the ledger: markers checked only"}
    missing = [f"{m.path}: {m.text}" for m in carry.markers if not _marker_present(run.wt.path, m.path, m.text)]
    if missing and result["status"] != "upstreamed":
        result = result | {"status": "missing", "missing_markers": missing,
                           "evidence": f"{len(missing)} marker(s) gone after the merge"}
    return base | result


def _carry_commits(run: Run, cp: CarryPlan, record: dict[str, Any]) -> dict[str, Any]:
    done: list[str] = list(record.get("done", []))
    applied = 0
    for short in cp.carry.commits:
        sha = run.git.resolve(short)
        if sha is None:
            raise GitError(f"carries.yaml: carry {cp.carry.id}: commit {short} does not exist",
                           "fetch the fork's history or fix the SHA")
        if sha in done or _on_branch(run, sha):
            continue
        run.state.current = f"carries:{cp.carry.id}:{sha}"
        run.state.carries[cp.carry.id] = {**record, "status": "applying", "done": done}
        run.save()
        outcome = run.wt.cherry_pick(sha)
        if not outcome.ok:
            stop_for_conflicts(run, f"applying carry {cp.carry.id} ({sha[:12]})", outcome.conflicts)
        if outcome.empty:
            return {"status": "upstreamed", "evidence": f"upstreamed: drop it ({sha[:12]} became empty on {run.plan.tag})"}
        done.append(sha)
        applied += 1
    run.state.current = None
    by_hand: dict[str, str] = dict(run.state.carries.get(cp.carry.id, record).get("by_hand", {}))
    if by_hand and all(v == "dropped" for v in by_hand.values()) and len(by_hand) == len(cp.carry.commits):
        return {"status": "dropped-by-hand", "evidence": "every commit was dropped while resolving conflicts"}
    if applied or by_hand:
        hand = f"; {len(by_hand)} resolved by hand" if by_hand else ""
        return {"status": "applied", "evidence": f"cherry-picked {applied + len(by_hand)} commit(s){hand}"}
    return {"status": "kept", "evidence": "its commits are on the branch"}


def _carry_patch(run: Run, cp: CarryPlan) -> dict[str, Any]:
    patch = run.plan.ledger.patch_path(cp.carry)
    assert patch is not None
    patch = patch.resolve()
    tag_tree_has_it = _patch_in_tag(run, patch)
    if tag_tree_has_it:
        return {"status": "upstreamed", "evidence": f"upstreamed: drop it ({cp.carry.patch} is already applied in {run.plan.tag})"}
    run.state.current = f"carries:{cp.carry.id}:patch"
    run.state.pending_message = f"Carry {cp.carry.id}: {cp.carry.title}"
    run.save()
    outcome: StepOutcome = run.wt.apply_patch(patch)
    if not outcome.ok:
        stop_for_conflicts(run, f"applying carry {cp.carry.id} ({cp.carry.patch})", outcome.conflicts or cp.files)
    run.state.current = None
    run.state.pending_message = None
    if outcome.empty:
        return {"status": "kept", "evidence": f"{cp.carry.patch} is already applied"}
    run.wt.commit(f"Carry {cp.carry.id}: {cp.carry.title}")
    return {"status": "applied", "evidence": f"applied {cp.carry.patch} three-way"}


def _patch_in_tag(run: Run, patch: Path) -> bool:
    """Does the patch reverse-apply on the tag's tree?  Then upstream already has it."""
    tree = run.git.run("rev-parse", f"{run.plan.tag_sha}^{{tree}}")
    index = RunStore.scratch(run.git.common_dir, "patch-check.index")
    env = dict(os.environ, GIT_INDEX_FILE=str(index))
    try:
        run.git.run("read-tree", tree, env=env)
        status, _, _ = run.git.try_run("apply", "--check", "--reverse", "--cached", str(patch), env=env)
    finally:
        index.unlink(missing_ok=True)
    return status == 0


def _marker_present(tree: Path, path: str, text: str) -> bool:
    try:
        return text in (tree / path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


def _on_branch(run: Run, sha: str) -> bool:
    """Is this commit, or a cherry-pick of it, already on the branch being built?"""
    if run.wt.is_ancestor(sha, "HEAD"):
        return True
    out = run.wt.run("log", "-n1", "--format=%H", "-F", f"--grep=cherry picked from commit {sha}",
                     f"{run.plan.tag_sha}..HEAD")
    if out.strip():
        return True
    return bool(run.wt.cherry("HEAD", sha, f"{sha}^").get(sha))


# -- picks -----------------------------------------------------------------------------------
def _settle_pick(run: Run, pick: PickPlan) -> dict[str, Any]:
    base = {"ref": pick.key, "sha": pick.sha, "subject": pick.subject, "reason": pick.ref.reason}
    if pick.in_tag:
        return base | {"status": "already-in-tag", "evidence": f"{pick.sha[:12]} is an ancestor of {run.plan.tag}"}
    if _on_branch(run, pick.sha):
        if run.state.current == f"picks:{pick.key}":  # this run picked it, then was interrupted
            return base | {"status": "applied", "evidence": "cherry-picked (the run was interrupted right after)"}
        return base | {"status": "already-on-branch", "evidence": "a cherry-pick of it is on the fork branch"}
    run.state.current = f"picks:{pick.key}"
    run.save()
    outcome = run.wt.cherry_pick(pick.sha)
    if not outcome.ok:
        stop_for_conflicts(run, f"cherry-picking {pick.key} ({pick.sha[:12]})", outcome.conflicts)
    run.state.current = None
    if outcome.empty:
        return base | {"status": "already-on-branch", "evidence": "the cherry-pick came out empty"}
    return base | {"status": "applied", "evidence": f"cherry-picked as {run.wt.head()[:12]}"}


# -- stopping and resuming -------------------------------------------------------------------
def stop_for_conflicts(run: Run, what: str, files: tuple[str, ...] | list[str]) -> None:
    touching = {c.carry.id: set(c.files) for c in run.plan.carries}
    run.state.conflicts = [
        {"file": f, "carries": sorted(cid for cid, fs in touching.items() if f in fs), "during": what}
        for f in files
    ]
    run.state.phase = Phase.CONFLICT
    run.save()
    raise NeedsHuman(
        f"{len(files)} conflicted file(s) {what}: {', '.join(list(files)[:5])}{' ...' if len(files) > 5 else ''}",
        f"resolve them in {run.wt.path}, `git add` them, then `aeon-release merge --continue` (or --abort)",
    )


def _commit_pending_fixes(run: Run) -> None:
    """Commit what a person changed in the worktree to fix audit findings (tracked files only)."""
    _refuse_untracked(run)
    run.wt.stage_tracked()
    if run.wt.staged_changes():
        run.wt.commit(f"Fix audit findings after merging {run.plan.tag}")


def _refuse_untracked(run: Run) -> None:
    stray = run.wt.untracked()
    if stray:
        raise NeedsHuman(f"{len(stray)} untracked file(s) in the merge worktree: {', '.join(stray[:5])}",
                         f"`git add` the ones that belong to the fork in {run.wt.path} and delete the rest "
                         "(e.g. *.orig), then --continue")


def resume_in_worktree(run: Run) -> None:
    """Conclude the git operation a person resolved (or a killed run left behind)."""
    _clear_stale_lock(run)
    unmerged = run.wt.unmerged_files()
    if unmerged:
        raise NeedsHuman(f"{len(unmerged)} file(s) still conflicted: {', '.join(unmerged[:5])}",
                         f"resolve them in {run.wt.path} and `git add` them, then --continue")
    op = run.wt.in_progress()
    current = run.state.current or ""
    by_hand = run.state.phase is Phase.CONFLICT  # else a killed run left this behind
    concluded, kept = False, True
    if op is not None:
        _refuse_untracked(run)
        kept, concluded = run.wt.conclude(), True
    elif run.state.pending_message and (by_hand or run.wt.staged_changes()):
        _refuse_untracked(run)
        run.wt.stage_tracked()
        kept, concluded = run.wt.staged_changes(), True
        if kept:
            run.wt.commit(run.state.pending_message)
    if current and concluded:
        _mark_current_done(run, current, kept)
    run.state.current = None
    run.state.pending_message = None
    run.state.conflicts = []
    run.state.phase = Phase.RUNNING


def _mark_current_done(run: Run, current: str, kept: bool) -> None:
    """The item whose git operation was just concluded (by a person, or after a kill) is done."""
    parts = current.split(":")
    if parts[0] == "carries" and len(parts) == 3 and parts[2] == "patch":
        run.state.carries[parts[1]] = {
            "status": "applied" if kept else "dropped-by-hand",
            "evidence": "patch applied; conflicts resolved by hand" if kept
            else "the person resolving the conflict dropped the patch",
        }
    elif parts[0] == "carries" and len(parts) == 3:
        record = run.state.carries.setdefault(parts[1], {"status": "applying", "done": []})
        if parts[2] not in record.setdefault("done", []):
            record["done"].append(parts[2])
            record.setdefault("by_hand", {})[parts[2]] = "kept" if kept else "dropped"
    elif parts[0] == "picks" and len(parts) == 2:
        pick = next((p for p in run.plan.picks if p.key == parts[1]), None)
        if pick is not None:
            run.state.picks[pick.key] = {
                "ref": pick.key, "sha": pick.sha, "subject": pick.subject, "reason": pick.ref.reason,
                "status": "applied" if kept else "dropped-by-hand",
                "evidence": "cherry-picked; conflicts resolved" if kept else "the change was dropped while resolving",
            }


def _clear_stale_lock(run: Run) -> None:
    lock = run.wt.git_dir / "index.lock"
    if lock.exists() and not pid_alive(run.state.pid):
        lock.unlink()  # left by a git process killed with the run (kill -9)


def execute(run: Run) -> None:
    """Run every unfinished step in order, timing each."""
    run.state.pid = os.getpid()
    if "audit" not in run.state.steps_done:
        from aeon_release.domain.audits.merge import prefetch

        # The merge-aware audit's diffs (base..ours, base..theirs) need no merged tree: git
        # computes them on the other core while it merges.
        for side in (run.plan.previous_sha, run.plan.tag_sha):
            prefetch(run.wt.path, run.plan.merge_base, side)
    for step in STEPS:
        if step.name in run.state.steps_done:
            continue
        started = time.perf_counter()
        step.run(run)
        run.state.timings[step.name] = round(run.state.timings.get(step.name, 0) + time.perf_counter() - started, 3)
        run.state.steps_done.append(step.name)
        run.save()


def state_for(plan: MergePlan, worktree: Path) -> RunState:
    return RunState(
        tag=plan.tag, branch=plan.branch, previous_branch=plan.previous_branch, previous_sha=plan.previous_sha,
        tag_sha=plan.tag_sha, merge_base=plan.merge_base, worktree=str(worktree),
        config_dir=str(plan.config_dir.resolve()), upstream_branch=plan.upstream_branch,
        upstream_commits=plan.upstream_commits, tag_on_upstream_branch=plan.tag_on_upstream_branch,
        pid=os.getpid(),
    )


def options_for(state: RunState) -> Options:
    return Options(tag=state.tag, config_dir=Path(state.config_dir), onto=state.previous_branch,
                   upstream_branch=state.upstream_branch, fetch=False)


def check_resumable(plan: MergePlan, state: RunState) -> None:
    if (plan.previous_sha, plan.tag_sha) != (state.previous_sha, state.tag_sha):
        raise StateError(
            f"{state.previous_branch} or {state.tag} moved since the run for {state.tag} started",
            "run `aeon-release merge --abort` and start again",
        )


def report(state: RunState, plan: MergePlan | None) -> dict[str, Any]:
    data = asdict(state)
    picks = [dict(v) for v in state.picks.values() if v.get("status") in PICK_FINAL]
    for skip in plan.skips if plan else ():
        picks.append({"ref": skip.label, "status": "skipped", "reason": skip.reason})
    carries = [{k: v for k, v in c.items() if k not in ("done", "by_hand")}
               for c in state.carries.values() if c.get("status") in CARRY_FINAL]
    return {
        "tag": state.tag, "tag_sha": state.tag_sha, "previous_branch": state.previous_branch,
        "previous_sha": state.previous_sha, "branch": state.branch, "branch_sha": state.branch_sha,
        "merge_base": state.merge_base, "upstream_branch": state.upstream_branch,
        "upstream_commits": state.upstream_commits, "tag_on_upstream_branch": state.tag_on_upstream_branch,
        "state": state.phase.value, "worktree": state.worktree if state.phase is not Phase.DONE else None,
        "conflicts": data["conflicts"], "carries": carries, "picks": picks, "audit": state.audit,
        "waivers": state.waivers, "timings": state.timings, "notes": list(plan.notes) if plan else [],
    }


def parse_waivers(values: list[str], known: set[str] | None = None) -> list[dict[str, str]]:
    waivers = []
    for value in values:
        rule, sep, reason = value.partition("=")
        if not sep or not rule.strip() or not reason.strip():
            raise UsageError(f"--waive {value!r} needs RULE=REASON", "e.g. --waive kv-quant/literals-match-enum='fixed in #123'")
        if known is not None and rule.strip() not in known:
            raise UsageError(f"--waive: no audit rule {rule.strip()!r}", "`aeon-release audits list` shows the rule ids")
        waivers.append({"rule": rule.strip(), "reason": reason.strip()})
    return waivers


def known_rule_ids(plan: MergePlan) -> set[str]:
    from aeon_release.domain.audits.config import load_rules
    from aeon_release.domain.audits.merge import DRIFT, NEAR_MISS

    rules = load_rules(plan.config_dir, [c.carry for c in plan.carries])
    return {r.id for r in rules.rules} | {DRIFT, NEAR_MISS}
