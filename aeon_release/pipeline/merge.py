"""The `merge`, `merge --continue`, `merge --abort` and `status` commands around the merge steps."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from aeon_release import grammar
from aeon_release.adapters.console import emit_json, is_nested, say, show, spinner, target
from aeon_release.adapters.console import plain as escape
from aeon_release.adapters.git import Git, validate_ref_name
from aeon_release.adapters.store import (
    CarryStatus,
    DamagedRun,
    LockHolder,
    Phase,
    PickStatus,
    PipelineState,
    RunState,
    RunStore,
    StepStatus,
)
from aeon_release.domain import profile as profile_mod
from aeon_release.domain.audits import sidecar
from aeon_release.domain.ledger import config_flag
from aeon_release.domain.names import parse_version, version_key
from aeon_release.errors import AeonError, NeedsHuman, StateError, format_error, printable, quoted, shell_word
from aeon_release.pipeline import merge_steps as steps
from aeon_release.pipeline.merge_plan import MergePlan, Options, build_plan


def start(repo: Path, opts: Options, dry_run: bool, json_out: bool, waive: list[str], held: bool = False) -> None:
    """``held``: the caller holds the repository's run lock already (``release``, over all its stages).  A dry
    run makes nothing under the git directory and takes no lock: it took the run lock, so on a read-only checkout (a CI cache, a
    read-only mount) the plan was refused for the lock file it could not make."""
    git = Git(repo)
    if not dry_run:
        sidecar.spawn()  # the merge-aware checks' process imports while this one plans
    # before the run lock is taken (a child must not hold it): the profile's schema on the other core
    profile_mod.check_ahead(opts.config_dir, RunStore.cache_of(git.common_dir))
    try:
        with contextlib.nullcontext() if held or dry_run else RunStore.exclusive(git.common_dir, opts.tag):
            _start(git, opts, dry_run, json_out, waive)
    finally:
        sidecar.close_all()  # a run that stopped before its audit


def _start(git: Git, opts: Options, dry_run: bool, json_out: bool, waive: list[str]) -> None:
    common = git.common_dir
    prefix = profile_mod.branch_prefix_of(opts.config_dir)  # the fleet's branch for the tag: prefix + tag
    finished = _finished_run(git, opts.tag, None if prefix is None else prefix + opts.tag)
    if finished is not None:
        _say_finished(git, finished)
        _emit(finished, None, json_out)
        return
    _refuse_other_runs(common, opts.tag)
    with git.asked_ahead(commits=not dry_run), _planning(opts.tag, opts.fetch):  # the preflight's questions meanwhile
        plan = build_plan(git, opts, None if dry_run else steps.start_audit_diffs(git, opts.config_dir))
    if git.branch_sha(plan.branch) is not None:
        raise _branch_exists(git, plan.branch, opts.tag)
    store = RunStore(common, opts.tag)
    run = steps.Run(git, steps.state_for(plan, store.worktree), plan)
    run.state.waivers = steps.parse_waivers(waive, steps.who_waives(git))
    steps.check(run)  # every step's preflight, before anything is written
    if dry_run:
        _show_plan(plan, steps.describe(run), json_out)
        return
    store.archive()  # a finished run whose branch was deleted: aside (not a release's own state)
    _clear_stale_worktree(git, store.worktree)  # made only if the run stops for a person
    run.save()
    _drive(run, json_out)


def resume(
    repo: Path, tag: str | None, json_out: bool, waive: list[str], fix: bool = False, held: bool = False
) -> None:
    git = Git(repo)
    try:
        with contextlib.nullcontext() if held else RunStore.exclusive(git.common_dir, tag):
            _resume(git, tag, json_out, waive, fix)
    finally:
        sidecar.close_all()


def _resume(git: Git, tag: str | None, json_out: bool, waive: list[str], fix: bool = False) -> None:
    state = _open_run(git, tag)
    if state.phase == Phase.DONE:
        _finalize(git, state)
        say(f"the run for {state.tag} finished: {state.branch} at {str(state.branch_sha)[:12]}; nothing to continue")
        _emit(state, None, json_out)
        return
    steps.run_worktree(git, state)  # before the plan: nothing of a run's is read where it did not make its worktree
    first_audit = "audit" not in state.steps_done and state.audit is None  # a re-audit reads the cache
    options = steps.options_for(state)
    with _planning(state.tag, options.fetch):
        plan = build_plan(git, options, steps.start_audit_diffs(git, options.config_dir) if first_audit else None)
    steps.check_resumable(plan, state)
    run = steps.Run(git, state, plan)
    if state.head is None and (wt := steps.own_worktree(run)) is not None:
        state.head = wt.head()  # a run started by a version that built in the worktree
    state.waivers = steps.add_waivers(state.waivers, steps.parse_waivers(waive, steps.who_waives(git)))
    steps.check(run)  # every unfinished step's preflight, before --fix or the worktree is touched
    RunStore(git.common_dir, state.tag).check_sealed()  # and nothing of it is acted on unless the run wrote it
    if fix:
        _say_fixes(steps.apply_audit_fixes(run))
    try:
        steps.resume(run)
    except NeedsHuman:
        _emit(run.state, plan, json_out)  # still stopped (a refused commit, files left to resolve)
        raise
    run.save()
    _drive(run, json_out)


def abort(repo: Path, tag: str | None, json_out: bool = False) -> None:
    git = Git(repo)
    with RunStore.exclusive(git.common_dir, tag):
        _abort(git, tag, json_out)


def _abort(git: Git, tag: str | None, json_out: bool) -> None:
    left = _left_worktree(git, tag)
    if left is not None:
        _abort_left(git, left, json_out)
        return
    try:
        state = _open_run(git, tag, elsewhere=True)  # dropping a run touches only this repository's own place
    except DamagedRun as damaged:
        _abort_damaged(git, damaged.tag, json_out)
        return
    if state.phase == Phase.DONE and git.branch_sha(state.branch) is not None:
        prefix = profile_mod.branch_prefix_of(Path(state.config_dir))
        if prefix is None or state.branch != prefix + state.tag:  # a state edited to name `main`: no such advice
            raise StateError(
                f"the run for {state.tag} already finished; its state names the branch {quoted(state.branch)}, "
                "which is not the fleet's branch for the tag",
                "nothing to abort: aeon-release deletes no branch a finished run names",
            )
        raise StateError(
            f"the run for {state.tag} already finished ({state.branch} exists)",
            f"delete the branch yourself if you want it gone: git branch -D {state.branch}",
        )
    if state.phase == Phase.DONE:  # its branch deleted since: the next merge of the tag keeps it aside
        raise StateError(
            f"the run for {state.tag} already finished (its branch {quoted(state.branch)} was deleted since)",
            f"`aeon-release merge {state.tag}` merges it again",
        )
    worktree = Path(state.worktree)
    made = _branch_made_by_run(git, state)
    had_worktree = worktree.exists()
    git.worktree_remove(worktree)
    RunStore(git.common_dir, state.tag).remove()
    if made is not None:
        git.run("update-ref", "--no-deref", "-d", f"refs/heads/{state.branch}", made)  # the ref, not one it leads to
    _say_aborted(git, state, worktree if had_worktree else None, made is not None, json_out)


def _say_aborted(git: Git, state: RunState, worktree: Path | None, deleted: bool, json_out: bool) -> None:
    """What ``--abort`` did: the worktree it removed (None: there was none) and whether it deleted the
    branch the run had made."""
    if json_out:
        emit_json(
            {
                "aborted": state.tag,
                "phase": state.phase,
                "worktree_removed": str(worktree) if worktree is not None else None,
                "branch_deleted": state.branch if deleted else None,
            }
        )
    dropped = "worktree removed" if worktree is not None else "state dropped"
    if deleted:
        show(
            f"aborted the {state.tag} run: {dropped}, and {state.branch}, which it had just created, deleted", json_out
        )
    elif git.branch_sha(state.branch) is not None:
        show(
            f"aborted the {state.tag} run: {dropped}; branch {escape(state.branch)} left as it is "
            "(nothing shows this run created it)",
            json_out,
        )
    else:
        show(f"aborted the {state.tag} run: {dropped}, no branch was created", json_out)


def _abort_damaged(git: Git, tag: str, json_out: bool) -> None:
    """A run whose state cannot be read: its worktree and its folder (the store's places, not what the
    file says) go; no branch is deleted, since nothing readable says which one the run made."""
    store = RunStore(git.common_dir, tag)
    worktree = store.worktree
    had_worktree = worktree.exists()
    git.worktree_remove(worktree)
    store.remove()
    if json_out:
        emit_json(
            {
                "aborted": tag,
                "phase": None,
                "worktree_removed": str(worktree) if had_worktree else None,
                "branch_deleted": None,
            }
        )
    dropped = "worktree removed" if had_worktree else "state dropped"
    show(f"aborted the {escape(tag)} run, whose state was damaged: {dropped}, no branch touched", json_out)


def _branch_exists(git: Git, branch: str, tag: str) -> StateError:
    """The branch the merge would make is there already.  Checked out in a work tree, `git branch -D` refuses it
    ("cannot delete branch ... used by worktree"): the hint names that work tree first."""
    where, gone = git.checked_out_at(branch) or ("", False)
    hint = f"delete it (git branch -D {shell_word(branch)}) to merge {tag} again"
    if gone:  # its folder removed by hand: no work tree there to switch, and -D refuses until git forgets it
        hint = f"it is checked out in {shell_word(where)}, a work tree since removed: `git worktree prune`, then {hint}"
    elif where:
        hint = f"it is checked out in {shell_word(where)}: switch that work tree to another branch, then {hint}"
    return StateError(f"branch {quoted(branch)} already exists in {git.path}", hint)


def _left_worktree(git: Git, tag: str | None) -> str | None:
    """The tag of a run whose folder was removed by hand and whose worktree was left (``--abort TAG``, or a bare
    ``--abort`` when no run is unfinished): it said "no run", and the worktree stayed registered for good."""
    left = RunStore.left_worktrees(git.common_dir)
    if tag is not None:
        validate_ref_name(tag, "tag")
        return tag if tag in left else None
    if not left or any(r.phase != Phase.DONE for r in RunStore.all_runs(git.common_dir)):
        return None
    return left[0]


def _abort_left(git: Git, tag: str, json_out: bool) -> None:
    """Remove the worktree a run left when its folder was removed; no branch is touched (nothing says which)."""
    worktree = RunStore(git.common_dir, tag).worktree
    git.worktree_remove(worktree)
    if json_out:
        emit_json({"aborted": tag, "phase": None, "worktree_removed": str(worktree), "branch_deleted": None})
    show(
        f"aborted the {escape(tag)} run, whose run folder was removed: its worktree {escape(str(worktree))} "
        "removed, no branch touched",
        json_out,
    )


def _branch_made_by_run(git: Git, state: RunState) -> str | None:
    """A run killed inside its last step may have created the branch already: at the built head.  The
    state file only names a branch; the branch itself must show the run made it (its reflog's one entry
    is the run's creation of it, at that head, so nothing moved it since), the head must be a commit
    the run made (not the fork branch it started from), and no work tree may have it checked out.  A
    state edited to name ``main``, the user's branch, a tag's or a remote's name deletes nothing."""
    sha = git.branch_sha(state.branch)
    if sha is None or "audit" not in state.steps_done or state.head != sha or sha == state.previous_sha:
        return None
    if not git.created_and_unmoved(state.branch, sha, steps.made_by(state.tag)):
        return None
    return None if state.branch in git.checked_out_branches() else sha


def status(repo: Path, json_out: bool) -> None:
    """Every run, then each damaged one's error line: a run whose state cannot be read does not hide the
    others.  Exit 1 when others are listed (a partial listing a person must look at), 2 when none is."""
    git = Git(repo)
    each = RunStore.each_run(git.common_dir)
    runs = [r for _, r in each if isinstance(r, RunState)]
    releases = RunStore.each_release(git.common_dir)
    damaged = [r for r in [*(r for _, r in each), *releases.values()] if isinstance(r, StateError)]
    shown = {name: r for name, r in releases.items() if isinstance(r, PipelineState)}
    # a release beside a damaged merge state is no "no merge run yet" (`--json` `"state": null`, read as not
    # merged), nor something readable that turns "refused" (exit 2) into a listing (exit 1)
    unread = {tag for tag, r in each if isinstance(r, StateError)}
    alone = [state for name, state in shown.items() if name not in {run.tag for run in runs} | unread]
    left = RunStore.left_worktrees(git.common_dir)
    live = RunStore.working(git.common_dir)
    if live is not None and not json_out:
        say(_holding(live, RunStore.place(git.common_dir, "lock")))
    if damaged and not (runs or alone or left):
        # nothing readable to list (runs/ a FIFO, the one run damaged): refused, stdout empty (`[]` read as "no runs")
        raise _named_each(damaged)
    if json_out:
        _status_json(git, runs, shown, alone, left)
    if not each and not releases and not left:
        show("no aeon-release runs in this repository", json_out)
    for state in runs:
        _render_status(state, json_out, live)
        if state.tag in shown:
            _render_release(shown[state.tag], json_out, live)
    if not json_out:
        _say_next_release(git, runs, set(releases))
    for release in alone:
        show(f"[bold]{escape(release.tag)}[/]: no merge run yet", json_out)
        _render_release(release, json_out, live)
    for tag in [name for name in shown if name in unread]:
        show(f"[bold]{escape(tag)}[/]: its run state is damaged (named below)", json_out)
        _render_stages(shown[tag], json_out)  # no "run release again": it reads the damaged merge state
    for tag in left:  # `rm -rf runs/TAG` of a stopped run: "no aeon-release runs" hid its worktree
        where = escape(str(RunStore(git.common_dir, tag).worktree))
        show(
            f"[bold]{escape(tag)}[/]: no run state (its run folder was removed), but its worktree is left: {where}",
            json_out,
        )
        say(f"next: `aeon-release merge --abort {escape(shell_word(tag))}` removes it; no branch is touched")
    if damaged:
        raise _damaged_verdict(damaged)


def _status_json(
    git: Git, runs: list[RunState], shown: dict[str, PipelineState], alone: list[PipelineState], left: list[str]
) -> None:
    reports = [steps.report(s, None) | _release_json(shown.get(s.tag)) for s in runs]
    orphans = {tag: _left_fields(git, tag) for tag in left}
    reports += [steps.no_merge_report(s.tag) | orphans.pop(s.tag, {}) | _release_json(s) for s in alone]
    emit_json(reports + [steps.no_merge_report(tag) | fields | _release_json(None) for tag, fields in orphans.items()])


def _say_next_release(git: Git, runs: list[RunState], released: set[str]) -> None:
    """ "v0.29.0: done" and no word of what comes next, where the merge itself had said it: the newest merge with no
    release run yet, its branch still there, is released next (robust35).  A tag with a release record, damaged
    too, is not: its line says to move the record aside first."""
    unreleased = [s for s in runs if s.phase == Phase.DONE.value and s.tag not in released and parse_version(s.tag)]
    newest = max(unreleased, key=lambda s: version_key(s.tag), default=None)
    if newest is not None and git.branch_sha(newest.branch) is not None:
        say(f"next: {_after_merge(git, newest, Path(newest.config_dir))}")


def _damaged_verdict(damaged: list[StateError]) -> NeedsHuman:
    """Damaged run records among listed ones: a person must look (exit 1), as a verdict is, with the others on
    stdout.  It was the first one's StateError, exit 2, which says "refused, nothing on stdout": a script read
    `status --json`'s good runs as no answer at all.  Each damaged record is named by its path on stderr."""
    last = _named_each(damaged)
    if len(damaged) == 1:
        return NeedsHuman(last.message, last.hint or last.default_hint)
    say(escape(format_error(last)))
    # not "`merge --abort TAG` drops a damaged run": of a damaged release record (pipeline.json) of a finished merge
    # that refuses ("already finished ... git branch -D"), and the record stays
    return NeedsHuman(
        f"{len(damaged)} run records are damaged (each named on a line above); the other runs are listed",
        "each line above says how to clear its record",
    )


def _named_each(damaged: list[StateError]) -> StateError:
    """Every damaged record but the last said on stderr (only the first was named: the next came to light once it
    was dropped); the last is returned, for its caller's line."""
    for each in damaged[:-1]:
        say(escape(format_error(each)))
    return damaged[-1]


def _left_fields(git: Git, tag: str) -> dict[str, Any]:
    """A worktree left by a run whose folder was removed by hand (``rm -rf runs/TAG``), in `status --json`: the
    text named it while the list had nothing, and a script cleaning up after stopped runs never saw it.  ``state``
    is ``orphaned`` and ``worktree`` the folder `merge --abort TAG` removes; the other keys are a tag's with no
    merge run."""
    return {"state": ORPHANED, "worktree": str(RunStore(git.common_dir, tag).worktree)}


ORPHANED = "orphaned"  # `status --json`'s state of a tag whose run folder is gone and whose worktree is left


def _release_json(release: PipelineState | None) -> dict[str, Any]:
    """The release run of a tag (null without one), each of its stages with the same keys."""
    from aeon_release.pipeline.release import STAGE_NAMES  # the release pipeline imports this module

    return {"release": None if release is None else release.report(STAGE_NAMES)}


def _render_release(release: PipelineState, json_out: bool, live: LockHolder | None = None) -> None:
    """A release run's stages under its tag: each one's status, and what stopped one (a signal, an error).  A stage
    shown running while a run holds the lock is under way, or was killed and another run is working: either way
    the release is run again only once that run ends (now, the lock refuses it)."""
    from aeon_release.pipeline.release import STAGE_NAMES  # the release pipeline imports this module

    _render_stages(release, json_out)
    if live is not None and any(release.entry(name).status == StepStatus.RUNNING for name in STAGE_NAMES):
        say(
            f"next: {_under_way(live)} (a stage shown running is this run's, or one stopped: run the release again "
            "once it ends)"
        )
    elif not all(release.done(name) for name in STAGE_NAMES):
        say(
            f"next: run the same `aeon-release release {escape(shell_word(release.tag))}` command again to go on "
            "from where it stood"
        )


def _render_stages(release: PipelineState, json_out: bool) -> None:
    """Each stage's status, and what stopped one (a signal, an error)."""
    from aeon_release.pipeline.release import STAGE_NAMES  # the release pipeline imports this module

    stages = ", ".join(f"{name} {release.entry(name).status.value}" for name in STAGE_NAMES)
    show(f"  release (dated {escape(release.date)}): {stages}", json_out)
    for name in STAGE_NAMES:
        entry = release.entry(name)
        if entry.message and entry.status not in (StepStatus.DONE, StepStatus.PENDING):
            show(f"  {name}: {escape(printable(entry.message)[:300])}", json_out)


# -- helpers ---------------------------------------------------------------------------------
@contextlib.contextmanager
def _planning(tag: str, fetch: bool) -> Iterator[None]:
    """The plan's stage on the progress display (its fetch from upstream can take a while).  Off a terminal
    its line comes only once it is slow: a refused input stays the one error line it is."""
    with spinner(f"merging {tag}: planning" + (" (fetching upstream's tags)" if fetch else "")):
        yield


def _drive(run: steps.Run, json_out: bool) -> None:
    try:
        what = f"merging {run.plan.tag} onto {run.plan.previous_branch}"
        with spinner(what) as shown:
            steps.execute(
                run,
                # off a terminal, the merge step's line only once slow: git's settings (merge.renormalize and the
                # attributes it would convert) are refused there, in the one error line a refusal is
                lambda name, n: shown.update(f"{what}: step {n}/{len(steps.STAGES.names)}, {name}", name != "merge"),
            )
    except NeedsHuman:
        _emit(run.state, run.plan, json_out)
        _render(run.state, run.plan, json_out)
        raise
    run.git.worktree_remove(Path(run.state.worktree))
    _emit(run.state, run.plan, json_out)
    _render(run.state, run.plan, json_out)
    if run.state.phase == Phase.DONE.value and not is_nested():
        say(f"next: {_after_merge(run.git, run.state, run.plan.config_dir)}")


def _after_merge(git: Git, state: RunState, config_dir: Path) -> str:
    """The release half, for the branch just made: merge checks nothing out, so a plain `build` would
    build the checkout's HEAD, the previous fork branch."""
    # a tag of the branch's name makes the short name two refs, which build and audit refuse: the printed command
    # failed as printed ("--rev 'BRANCH' names more than one ref"); the branch is then named whole
    name = state.branch
    if git.try_run("show-ref", "--verify", "--quiet", f"refs/tags/{name}")[0] == 0:
        name = f"refs/heads/{name}"
    tag, branch = escape(shell_word(state.tag)), escape(shell_word(name))
    here = Path.cwd().resolve()
    # one shell word each, as a person pastes it (a folder named "my fork" split in two), escaped for rich
    flags = "" if git.path.resolve() == here else f" --repo {escape(shell_word(git.path))}"
    flags += escape(config_flag(config_dir))
    return (
        f"`aeon-release build --version {tag} --rev {branch}{flags}` (merge checks nothing out), "
        f"or `aeon-release release {tag}{_repository_flag(config_dir)}{flags}` for build, publish and notes in one"
    )


def _repository_flag(config_dir: Path) -> str:
    """``--repository REGISTRY/NAME`` unless fleet.yaml's image.repository names a registry: release publishes
    there by default (init writes it), and the hint asked for it again."""
    try:
        named = grammar.names_a_registry(profile_mod.load(config_dir).repository)
    except AeonError:
        named = False
    return "" if named else " --repository REGISTRY/NAME"


def _emit(state: RunState, plan: MergePlan | None, json_out: bool) -> None:
    if json_out:
        emit_json(steps.report(state, plan))


def _finished_run(git: Git, tag: str, branch: str | None) -> RunState | None:
    """A finished run for this tag whose branch still exists (moved on by later commits or not).  A
    finished state naming another branch than the fleet's for the tag (``branch``, when fleet.yaml
    says it) is none of this fleet's: a state edited to name ``main`` said "main already merged,
    nothing to do" and stopped every merge of the tag; the merge is made, and that state put aside.  A
    fleet.yaml that names no branch prefix says nothing of whose the state is: then the plan refuses the
    profile (a state naming ``main`` said "main already merged" and exit 0 over a broken fleet.yaml)."""
    validate_ref_name(tag, "tag")
    state = RunStore(git.common_dir, tag).load()
    if state is None or state.phase != Phase.DONE:
        return None
    if branch is None or state.branch != branch:  # (None: fleet.yaml does not say; the plan says why)
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
        if state.phase != Phase.DONE:
            what = "this tag" if state.tag == tag else state.tag
            where = f" in {state.worktree}" if Path(state.worktree).exists() else ""
            raise StateError(
                f"a run for {what} is in progress ({state.phase}){where}",
                f"finish it with `aeon-release merge {state.tag} --continue` or drop it with --abort",
            )


def _clear_stale_worktree(git: Git, worktree: Path) -> None:
    """A worktree of ours with no run state: left by a run killed while creating it."""
    git.worktree_remove(worktree)


def _open_run(git: Git, tag: str | None, elsewhere: bool = False) -> RunState:
    if tag is not None:
        validate_ref_name(tag, "tag")
        state = RunStore(git.common_dir, tag).load(elsewhere)
        if state is None:
            raise StateError(f"no aeon-release run for {tag} in {git.path}", "start one with `aeon-release merge TAG`")
        return state
    runs = RunStore.all_runs(git.common_dir)
    pending = [s for s in runs if s.phase != Phase.DONE]
    if not pending:
        # "in ." named no checkout; and a run that finished (the --continue that made the branch) went unsaid
        done = [s.tag for s in runs]
        said = f" ({', '.join(done[:3])} done: `aeon-release status` shows them)" if done else ""
        raise StateError(
            f"no unfinished aeon-release run in {git.path.resolve()}{said}", "start one with `aeon-release merge TAG`"
        )
    return _open_run(git, pending[0].tag, elsewhere)


# -- rendering (stderr) ----------------------------------------------------------------------
_STYLE: dict[str, str] = {  # str-valued enums: the report's words look them up
    CarryStatus.KEPT: "green",
    CarryStatus.APPLIED: "cyan",  # PickStatus.APPLIED is the same word
    CarryStatus.UPSTREAMED: "yellow",
    CarryStatus.MISSING: "red",
    CarryStatus.APPLYING: "red",
    PickStatus.ALREADY_IN_TAG: "yellow",
    PickStatus.ALREADY_ON_BRANCH: "yellow",
    PickStatus.SKIPPED: "dim",
}


def _cells(*values: object, style: str = "") -> list[Any]:
    """Table cells as plain text: a reason in cherry_picks.yaml or a commit subject is data, never rich
    markup (a ``[/bold]`` in a reason crashed the plan with a traceback, a ``[link=...]`` made a link)
    nor an emoji code; control characters escaped.  A narrow terminal folds a long id instead of
    cutting it to ``triton-nvf…``."""
    from rich.text import Text

    return [Text(printable(str(value)), style=style, overflow="fold") for value in values]


def _show_plan(plan: MergePlan, stages: dict[str, list[str]], json_out: bool) -> None:
    """The plan's tables, then what each step's actions would do (the actions a real run executes)."""
    if json_out:
        emit_json({"dry_run": True, **plan.as_dict(), "stages": stages})
    show(
        f"[bold]plan[/]: merge {plan.tag} ({plan.tag_sha[:12]}) onto {plan.previous_branch} "
        f"({plan.previous_sha[:12]}) as {plan.branch}; merge base {plan.merge_base[:12]}, "
        f"{plan.upstream_commits} upstream commits",
        json_out,
    )
    for note in plan.notes:
        show(f"[yellow]note[/]: {escape(note)}", json_out)
    carries = [
        [
            c.carry.id,
            "upstreamed: drop it" if c.upstreamed else "verify, apply if missing",
            c.upstreamed or c.review or "",
        ]
        for c in plan.carries
    ]
    if carries:
        _table("carries", ("carry", "plan", "evidence"), carries, json_out)
    else:
        show("carries: none active in carries.yaml", json_out)
    picks = [[p.key, p.sha[:12], "already in tag" if p.in_tag else "cherry-pick", p.ref.reason] for p in plan.picks]
    picks += [[s.label, "", "skip", s.reason] for s in plan.skips]
    if picks:
        _table("cherry-picks", ("pick", "commit", "plan", "reason"), picks, json_out)
    else:
        show(f"cherry-picks: none listed for {escape(plan.tag)} in cherry_picks.yaml", json_out)
    for name, lines in stages.items():
        if not lines:
            continue  # a stage with nothing to do (no picks) is said above, not as an empty heading
        show(f"[bold]{name}[/]", json_out)
        for line in lines:
            show(f"  {escape(line)}", json_out)
    say("dry run: nothing was changed")
    say("next: the same command without --dry-run runs this plan")


_MOST_TABLE_ROWS = 500  # rich lays a table out whole: 20,000 rows took half a minute; plain lines past this


def _table(
    title: str, headers: tuple[str, ...], rows: list[list[str]], json_out: bool, status: int | None = None
) -> None:
    """A table of plain-text cells (``status``: the column whose word picks the row's colour)."""
    if len(rows) > _MOST_TABLE_ROWS:
        show(f"{title} ({len(rows)}): {' | '.join(headers)}", json_out)
        for row in rows:
            show("  " + escape(" | ".join(printable(str(cell)) for cell in row)), json_out)
        return
    from rich.table import Table

    table = Table(*headers, title=title, title_justify="left")
    for row in rows:
        cells = _cells(*row)
        if status is not None:
            cells[status] = _cells(row[status], style=_STYLE.get(str(row[status]), "white"))[0]
        table.add_row(*cells)
    target(json_out).print(table)


# past this many carries kept as they were, they are one row: a real fork's 114 rows of "kept" were most
# of a merge's report, above the conflicts and findings a person reads it for
KEPT_ROWS = 10


def _carry_rows(carries: list[dict[str, Any]]) -> list[list[str]]:
    rows = [[str(c.get("id", "?")), str(c.get("status", "?")), str(c.get("evidence", ""))] for c in carries]
    plain = [row for row in rows if row[1] == "kept" and row[2] == steps.KEPT_EVIDENCE]
    if len(plain) <= KEPT_ROWS:
        return rows
    rest = [row for row in rows if not (row[1] == "kept" and row[2] == steps.KEPT_EVIDENCE)]
    return [*rest, [f"{len(plain)} carries", "kept", f"{steps.KEPT_EVIDENCE}; --json lists each"]]


def _render(state: RunState, plan: MergePlan, json_out: bool = False) -> None:
    data = steps.report(state, plan)
    head = f"[bold]{state.tag}[/] ({state.tag_sha[:12]}) onto {state.previous_branch}: {state.phase}"
    show(head + f"; merge base {state.merge_base[:12]}, {state.upstream_commits} upstream commits", json_out)
    for note in data["notes"]:
        show(f"[yellow]note[/]: {escape(note)}", json_out)
    if data["carries"]:
        _table("carries", ("carry", "status", "evidence"), _carry_rows(data["carries"]), json_out, status=1)
    if data["picks"]:
        rows = [[p["ref"], str(p.get("status", "?")), p.get("evidence") or p.get("reason", "")] for p in data["picks"]]
        _table("cherry-picks", ("pick", "status", "detail"), rows, json_out, status=1)
    for c in data["carries"]:
        if c.get("warning"):
            show(f"[yellow]warning[/]: carry {escape(str(c.get('id')))}: {escape(str(c['warning']))}", json_out)
    for conflict in state.conflicts:
        # a file no carry touches is upstream's own conflict (a backport against its original): said so
        carries = f" (carries: {', '.join(conflict['carries'])})" if conflict["carries"] else " (no carry touches it)"
        show(f"[red]conflict[/]: {escape(conflict['file'] + carries)}", json_out)
        for note in conflict.get("carry_notes", []):
            for key in ("upstreamed", "moved"):
                if key in note:
                    show(f"  carry {escape(note['carry'])}: {escape(note[key])}", json_out)
    if state.audit:
        _render_audit(state.audit, json_out)
        fixes = [
            f["fix"]
            for f in state.audit.get("findings", [])
            if f.get("fix") and not f.get("suppressed") and not f.get("waived")
        ]
        if fixes and state.phase == Phase.AUDIT_FAILED.value:
            show(f"{len(fixes)} safe fix(es) available; `aeon-release merge --continue --fix` applies them:", json_out)
            for fx in fixes:
                show(
                    escape(
                        f"  {fx['path']}:{fx['line']}: `{fx['old']}` -> `{fx['new']}`"
                        + (
                            f" (adds `from {fx['import_from']} import {fx['import_name']}`)"
                            if fx.get("import_from")
                            else ""
                        )
                    ),
                    json_out,
                )
    if state.phase == Phase.DONE.value:
        show(f"[green]created[/] {state.branch} at {str(state.branch_sha)[:12]}", json_out)


def _say_fixes(results: list[dict[str, Any]]) -> None:
    for r in results:
        say(
            escape(
                f"fix {r['status']}: {r['path']}:{r['line']}: `{r['old']}` -> `{r['new']}`"
                + (f" ({r['detail']})" if r.get("detail") else "")
            )
        )
    if not results:
        say("--fix: the audit's findings have no safe fix")


def _render_audit(audit: dict[str, Any], json_out: bool) -> None:
    """The audit's verdict, then each finding: waived ones say so, with the reason and who waived them."""
    errors, waived, warnings = audit.get("errors", 0), audit.get("waived", 0), audit.get("warnings", 0)
    verdict = "[red]blocked[/]" if errors else "[green]passed[/]" if not waived else "[yellow]passed with waivers[/]"
    show(f"audit: {verdict}: {errors} error(s), {waived} waived, {warnings} warning(s)", json_out)
    for f in audit.get("findings", [])[:20]:
        also = f" (also {', '.join(f['also'])})" if f.get("also") else ""
        waiver = f.get("waived")
        status = f"waived by {waiver['by'] or 'unknown'} ({waiver['reason']})" if waiver else f["severity"]
        if f.get("suppressed") and not waiver:  # an `aeon-audit: ignore[...]` comment: it was listed as an error
            status = f"suppressed ({f['suppressed']})"
        show(escape(f"  {status}: {f['path']}:{f['line']}: [{f['rule']}]{also} {f['message']}"), json_out)


def _render_status(state: RunState, json_out: bool, live: LockHolder | None = None) -> None:
    steps_done = escape(", ".join(state.steps_done)) or "none"
    show(f"[bold]{escape(state.tag)}[/]: {state.phase}; steps done: {steps_done}", json_out)
    if state.phase != Phase.DONE.value and Path(state.worktree).exists():
        show(f"  worktree: {escape(state.worktree)}", json_out)
    elif _worktree_gone(state):
        show(f"  worktree: {escape(state.worktree)} is gone (removed by hand?)", json_out)
    if state.current:
        show(f"  working on: {escape(state.current)}", json_out)
    for conflict in state.conflicts:
        show(f"  conflict: {escape(conflict['file'])}", json_out)
    if state.phase == Phase.AUDIT_FAILED.value and state.audit:
        # what stopped it: a person coming back to the run saw only "audit-failed" and the hint
        stopping = [f for f in state.audit.get("findings", []) if f["severity"] == "error"]
        for f in [f for f in stopping if not f.get("waived") and not f.get("suppressed")][:10]:
            show(escape(f"  error: {f['path']}:{f['line']}: [{f['rule']}]"), json_out)
    hint = _under_way(live) if live is not None and state.phase == Phase.RUNNING.value else _next_step(state)
    if hint:
        say(f"next: {hint}")


def _under_way(live: LockHolder) -> str:
    """A run shown running while a run holds the lock (``RunStore.working``): `merge --continue` is refused now."""
    return (
        f"an aeon-release run ({escape(live.said)}) is working in this repository now: wait for it to end, then "
        "`aeon-release status` again"
    )


def _holding(live: LockHolder, lock: Path) -> str:
    """Who holds the run lock, first: `status` named no tag, so which release was live could not be told from one
    shown stopped; and a run killed while a process it started holds the lock on was "working now" (a stale lock)."""
    if live.gone:
        return (
            f"the run lock is held, but the run that took it ({escape(live.said)}) is gone: a process it started still "
            f"holds it (a stale lock; `fuser -v {escape(shell_word(str(lock)))}` names it); it ends on its own, "
            "or stop that process, then run again"
        )
    return f"live: an aeon-release run ({escape(live.said)}) is working in this repository now"


def _worktree_gone(state: RunState) -> bool:
    """A run stopped for a person in its worktree (conflicts, findings) whose worktree is no longer there."""
    return state.phase in (Phase.CONFLICT.value, Phase.AUDIT_FAILED.value) and not Path(state.worktree).exists()


def _next_step(state: RunState) -> str:
    """What a person does now about a run that stopped (a hint on stderr, as git status gives)."""
    here = escape(state.worktree)
    done = "then `aeon-release merge --continue` (or `--abort` to drop the run)"
    if _worktree_gone(state):  # "resolve the files in PATH" named a folder that is not there; --continue refuses it
        tag = escape(shell_word(state.tag))
        return f"the run's worktree is gone: `aeon-release merge --abort {tag}`, then `aeon-release merge {tag}` again"
    if state.phase == Phase.CONFLICT.value:
        return f"resolve the conflicted files in {here}, `git add` them, {done}"
    if state.phase == Phase.AUDIT_FAILED.value:
        return (
            f"fix the findings in {here} (`--continue` commits the fixes), {done}; "
            "or `aeon-release merge --continue --fix` for the safe fixes it offers, "
            "or `aeon-release merge --continue --waive 'RULE=REASON'` for a finding you accept"
        )
    if state.phase == Phase.COMMIT_REFUSED.value:
        return f"a commit hook refused a commit: fix what it said when the run stopped, {done}"
    if state.phase in (Phase.RUNNING.value, Phase.NEEDS_HUMAN.value, Phase.FAILED.value):
        return "`aeon-release merge --continue` resumes the run where it stopped; `--abort` drops it"
    return ""
