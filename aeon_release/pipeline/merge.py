"""The `merge`, `merge --continue`, `merge --abort` and `status` commands around the merge steps."""
from __future__ import annotations

from pathlib import Path

from rich.markup import escape
from rich.table import Table

from aeon_release.adapters.console import console, emit_json, say
from aeon_release.errors import NeedsHuman, StateError
from aeon_release.adapters.git import Git, validate_ref_name
from aeon_release.adapters.store import Phase, RunState, RunStore
from aeon_release.pipeline import merge_steps as steps
from aeon_release.pipeline.merge_plan import MergePlan, Options, build_plan


def start(repo: Path, opts: Options, dry_run: bool, json_out: bool, waive: list[str]) -> None:
    git = Git(repo)
    with RunStore.exclusive(git.common_dir):
        _start(git, opts, dry_run, json_out, waive)


def _start(git: Git, opts: Options, dry_run: bool, json_out: bool, waive: list[str]) -> None:
    common = git.common_dir
    finished = _finished_run(git, opts.tag)
    if finished is not None:
        _say_finished(git, finished)
        _emit(finished, None, json_out)
        return
    _refuse_other_runs(common, opts.tag)
    plan = build_plan(git, opts)
    if git.branch_sha(plan.branch) is not None:
        raise StateError(f"branch {plan.branch!r} already exists in {git.path}",
                         f"delete it (git branch -D {plan.branch}) to merge {opts.tag} again")
    waivers = steps.parse_waivers(waive, steps.known_rule_ids(plan))
    if dry_run:
        _show_plan(plan, json_out)
        return
    store = RunStore(common, opts.tag)
    store.archive()  # a finished run whose branch was deleted: kept aside
    worktree = store.worktree
    _clear_stale_worktree(git, worktree)
    git.worktree_add(worktree, plan.previous_sha)
    state = steps.state_for(plan, worktree)
    state.waivers = waivers
    store.save(state)
    _drive(steps.Run(git, Git(worktree), state, plan), json_out)


def resume(repo: Path, tag: str | None, json_out: bool, waive: list[str]) -> None:
    git = Git(repo)
    with RunStore.exclusive(git.common_dir):
        _resume(git, tag, json_out, waive)


def _resume(git: Git, tag: str | None, json_out: bool, waive: list[str]) -> None:
    state = _open_run(git, tag)
    if state.phase is Phase.DONE:
        _finalize(git, state)
        say(f"the run for {state.tag} finished: {state.branch} at {str(state.branch_sha)[:12]}; nothing to continue")
        _emit(state, None, json_out)
        return
    worktree = Path(state.worktree)
    if not worktree.exists():
        raise StateError(f"the worktree of the {state.tag} run is gone ({worktree})",
                         "run `aeon-release merge --abort` and start again")
    plan = build_plan(git, steps.options_for(state))
    steps.check_resumable(plan, state)
    run = steps.Run(git, Git(worktree), state, plan)
    state.waivers += steps.parse_waivers(waive, steps.known_rule_ids(plan))
    steps.resume_in_worktree(run)
    run.save()
    _drive(run, json_out)


def abort(repo: Path, tag: str | None) -> None:
    git = Git(repo)
    with RunStore.exclusive(git.common_dir):
        _abort(git, tag)


def _abort(git: Git, tag: str | None) -> None:
    state = _open_run(git, tag)
    if state.phase is Phase.DONE:
        raise StateError(f"the run for {state.tag} already finished ({state.branch} exists)",
                         f"delete the branch yourself if you want it gone: git branch -D {state.branch}")
    worktree = Path(state.worktree)
    made = _branch_made_by_run(git, state, worktree)
    git.worktree_remove(worktree)
    RunStore(git.common_dir, state.tag).remove()
    if made is not None:
        git.run("update-ref", "-d", f"refs/heads/{state.branch}", made)
        say(f"aborted the {state.tag} run: worktree removed, and {state.branch}, which it had just created, deleted")
    else:
        say(f"aborted the {state.tag} run: worktree removed, no branch was created")


def _branch_made_by_run(git: Git, state: RunState, worktree: Path) -> str | None:
    """A run killed inside its last step may have created the branch already: at the worktree's HEAD."""
    sha = git.branch_sha(state.branch)
    if sha is None or not worktree.exists() or "audit" not in state.steps_done:
        return None
    return sha if Git(worktree).head() == sha else None


def status(repo: Path, json_out: bool) -> None:
    git = Git(repo)
    runs = RunStore.all_runs(git.common_dir)
    if json_out:
        emit_json([steps.report(s, None) for s in runs])
    if not runs:
        say("no aeon-release runs in this repository")
        return
    for state in runs:
        _render_status(state)


# -- helpers ---------------------------------------------------------------------------------
def _drive(run: steps.Run, json_out: bool) -> None:
    try:
        with console.status(f"merging {run.plan.tag} onto {run.plan.previous_branch}"):
            steps.execute(run)
    except NeedsHuman:
        _render(run.state, run.plan)
        _emit(run.state, run.plan, json_out)
        raise
    run.git.worktree_remove(Path(run.state.worktree))
    _render(run.state, run.plan)
    _emit(run.state, run.plan, json_out)


def _emit(state: RunState, plan: MergePlan | None, json_out: bool) -> None:
    if json_out:
        emit_json(steps.report(state, plan))


def _finished_run(git: Git, tag: str) -> RunState | None:
    """A finished run for this tag whose branch still exists (moved on by later commits or not)."""
    validate_ref_name(tag, "tag")
    state = RunStore(git.common_dir, tag).load()
    if state is None or state.phase is not Phase.DONE:
        return None
    if git.branch_sha(state.branch) is None:
        return None  # the branch was deleted: the merge is redone (the old run folder is kept aside)
    _finalize(git, state)
    return state


def _finalize(git: Git, state: RunState) -> None:
    """Whatever a finished run may have left when it was killed at its very end: its worktree."""
    worktree = Path(state.worktree)
    if worktree.exists():
        git.worktree_remove(worktree)


def _say_finished(git: Git, state: RunState) -> None:
    now = git.branch_sha(state.branch)
    moved = "" if now == state.branch_sha else f"; it has moved on since, to {str(now)[:12]}"
    say(f"{state.branch} already merged at {str(state.branch_sha)[:12]}{moved}: nothing to do")


def _refuse_other_runs(common: Path, tag: str) -> None:
    for state in RunStore.all_runs(common):
        if state.phase is not Phase.DONE:
            what = "this tag" if state.tag == tag else state.tag
            raise StateError(
                f"a run for {what} is in progress ({state.phase.value}) in {state.worktree}",
                f"finish it with `aeon-release merge {state.tag} --continue` or drop it with --abort",
            )


def _clear_stale_worktree(git: Git, worktree: Path) -> None:
    """A worktree of ours with no run state: left by a run killed while creating it."""
    git.worktree_remove(worktree)


def _open_run(git: Git, tag: str | None) -> RunState:
    if tag is not None:
        validate_ref_name(tag, "tag")
        state = RunStore(git.common_dir, tag).load()
        if state is None:
            raise StateError(f"no aeon-release run for {tag} in {git.path}", "start one with `aeon-release merge TAG`")
        return state
    pending = [s for s in RunStore.all_runs(git.common_dir) if s.phase is not Phase.DONE]
    if not pending:
        raise StateError(f"no unfinished aeon-release run in {git.path}", "start one with `aeon-release merge TAG`")
    return pending[0]


# -- rendering (stderr) ----------------------------------------------------------------------
_STYLE = {"kept": "green", "applied": "cyan", "upstreamed": "yellow", "missing": "red", "applying": "red",
          "already-in-tag": "yellow", "already-on-branch": "yellow", "skipped": "dim"}


def _show_plan(plan: MergePlan, json_out: bool) -> None:
    if json_out:
        emit_json({"dry_run": True, **plan.as_dict()})
    say(f"[bold]plan[/]: merge {plan.tag} ({plan.tag_sha[:12]}) onto {plan.previous_branch} "
        f"({plan.previous_sha[:12]}) as {plan.branch}; merge base {plan.merge_base[:12]}, "
        f"{plan.upstream_commits} upstream commits")
    for note in plan.notes:
        say(f"[yellow]note[/]: {escape(note)}")
    table = Table("carry", "plan", "evidence", title="carries", title_justify="left")
    for c in plan.carries:
        table.add_row(c.carry.id, "upstreamed: drop it" if c.upstreamed else "verify, apply if missing", c.upstreamed or "")
    console.print(table)
    picks = Table("pick", "commit", "plan", "reason", title="cherry-picks", title_justify="left")
    for p in plan.picks:
        picks.add_row(p.key, p.sha[:12], "already in tag" if p.in_tag else "cherry-pick", p.ref.reason)
    for s in plan.skips:
        picks.add_row(s.label, "", "skip", s.reason)
    console.print(picks)
    say("dry run: nothing was changed")


def _render(state: RunState, plan: MergePlan) -> None:
    data = steps.report(state, plan)
    head = f"[bold]{state.tag}[/] ({state.tag_sha[:12]}) onto {state.previous_branch}: {state.phase.value}"
    say(head + f"; merge base {state.merge_base[:12]}, {state.upstream_commits} upstream commits")
    for note in data["notes"]:
        say(f"[yellow]note[/]: {escape(note)}")
    if data["carries"]:
        table = Table("carry", "status", "evidence", title="carries", title_justify="left")
        for c in data["carries"]:
            status = c.get("status", "?")
            table.add_row(c.get("id", "?"), f"[{_STYLE.get(status, 'white')}]{status}[/]", escape(str(c.get("evidence", ""))))
        console.print(table)
    if data["picks"]:
        table = Table("pick", "status", "detail", title="cherry-picks", title_justify="left")
        for p in data["picks"]:
            status = p.get("status", "?")
            table.add_row(p["ref"], f"[{_STYLE.get(status, 'white')}]{status}[/]", escape(p.get("evidence") or p.get("reason", "")))
        console.print(table)
    for conflict in state.conflicts:
        carries = f" (carries: {', '.join(conflict['carries'])})" if conflict["carries"] else ""
        say(f"[red]conflict[/]: {escape(conflict['file'] + carries)}")
    if state.audit:
        say(f"audit: {state.audit.get('errors', 0)} error(s), {state.audit.get('warnings', 0)} warning(s)")
        for f in state.audit.get("findings", [])[:20]:
            say(escape(f"  {f['severity']}: {f['path']}:{f['line']}: [{f['rule']}] {f['message']}"))
    if state.phase is Phase.DONE:
        say(f"[green]created[/] {state.branch} at {str(state.branch_sha)[:12]}")


def _render_status(state: RunState) -> None:
    say(f"[bold]{state.tag}[/]: {state.phase.value}; steps done: {', '.join(state.steps_done) or 'none'}")
    if state.phase is not Phase.DONE:
        say(f"  worktree: {state.worktree}")
    if state.current:
        say(f"  working on: {escape(state.current)}")
    for conflict in state.conflicts:
        say(f"  conflict: {escape(conflict['file'])}")
