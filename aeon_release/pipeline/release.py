"""`aeon-release release TAG`: merge -> audit -> build -> publish -> notes, as data.

The stages are an ordered tuple (nox's workflow, tbump's executor): inserting or reordering one is
one line.  Each stage has a ``plan`` (what it would do, for ``--dry-run``) and a ``run`` (do it and
return its section of the run record).  One state file per release run,
``<git common dir>/aeon-release/runs/<TAG>/pipeline.json``, records each stage's outcome as it
finishes; a rerun starts at the first unfinished stage, and every stage is idempotent, so a run
killed anywhere (even inside a stage) is finished by running the same command again.  The
publish date is fixed when the run starts, so a rerun after midnight publishes the same tag.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from aeon_release.adapters import blobs, files
from aeon_release.adapters.console import emit_json, nested, plain, say, show
from aeon_release.adapters.git import Git, validate_ref_name
from aeon_release.adapters.store import Phase, PipelineState, Record, RunStore, StageEntry, StepStatus
from aeon_release.domain import ledger as ledger_mod
from aeon_release.domain import notes
from aeon_release.domain import profile as profile_mod
from aeon_release.domain.names import check_release_date
from aeon_release.errors import (
    AeonError,
    ConfigError,
    GitError,
    NeedsHuman,
    StateError,
    UsageError,
    check_each,
    quoted,
    shell_word,
    stop_leaves,
    stopped_leaving,
)
from aeon_release.pipeline import audit_gate, keys, merge_commits, merge_steps
from aeon_release.pipeline import merge as merge_cmd
from aeon_release.pipeline import repository as repository_mod
from aeon_release.pipeline.merge_plan import Options, build_plan, check_config, find_previous_branch, resolve_remote
from aeon_release.pipeline.outputs import refuse_over_inputs
from aeon_release.pipeline.runner import Action, Do, FunctionStage, Runner


@dataclass(frozen=True)
class ReleaseOptions:
    tag: str
    repo: Path
    repository: str  # "": fleet.yaml's image.repository (``with_repository``)
    config_dir: Path = Path(".")
    variant: str | None = None
    dockerfile: Path | None = None
    platform: str | None = None
    build_args: tuple[str, ...] = ()
    image_tag: str | None = None
    latest: bool = True
    notes_output: Path | None = None
    notes_dir: Path | None = None
    date: str | None = None
    skip_audit: str | None = None
    waive: tuple[str, ...] = ()
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    signing_key: Path | None = None
    builder: str | None = None
    skip_device_check: bool = False


@dataclass
class Release:
    opts: ReleaseOptions
    git: Git
    state: PipelineState
    # the stages done before that run again, and why (the branch moved since): a dry run says so of each
    rerun: dict[str, str] = field(default_factory=dict)

    @property
    def store(self) -> RunStore:
        return RunStore(self.git.common_dir, self.opts.tag)

    @property
    def folder(self) -> Path:
        return self.store.folder

    @functools.cached_property
    def fleet(self) -> profile_mod.Profile:
        return profile_mod.load(self.opts.config_dir)

    @property
    def branch(self) -> str:
        return self.fleet.branch_for(self.opts.tag)

    @property
    def branch_ref(self) -> str:
        """The branch as a revision for git: ``PREFIXv0.29.0`` alone names a tag of that name first (one
        ``fetch --tags`` brings from upstream), and that tag's tree would be audited and built."""
        return f"refs/heads/{self.branch}"

    def result(self, stage: str) -> dict[str, Any]:
        """A done stage's result ({} for any other: a stopped one's is what it knew, for the report alone)."""
        return dict(self.state.entry(stage).result or {}) if self.state.done(stage) else {}

    def save(self) -> None:
        self.store.save_pipeline(self.state)


# -- merge -----------------------------------------------------------------------------------
def check_merge(rel: Release) -> None:
    """The merge's own checks, its ``--waive`` values with them: ``release --waive x`` passed the preflight
    and the dry run, and was refused only by the merge it starts."""

    def waived() -> None:
        waivers = merge_steps.parse_waivers(list(rel.opts.waive))
        if waivers:  # a new run and a resumed one alike
            carries = ledger_mod.load(rel.opts.config_dir).active_carries
            merge_steps.check_waivers(waivers, merge_steps.rule_ids(rel.opts.config_dir, carries))

    if rel.store.load() is None:
        check_each(
            lambda: check_config(Options(rel.opts.tag, rel.opts.config_dir)), lambda: _merge_git_would_make(rel), waived
        )
    else:
        waived()


def _merge_git_would_make(rel: Release) -> None:
    """The git settings the merge honours (merge.verifySignatures, merge.ff=only), checked with the release's other
    preflights: the dry run said the merge would be made, and the release stopped only in its merge stage.  A tag
    not fetched yet is the merge's own to check, after its fetch."""
    tag_sha = rel.git.resolve(f"refs/tags/{rel.opts.tag}")
    if tag_sha is not None and rel.git.branch_sha(rel.branch) is None:
        previous = find_previous_branch(rel.git, rel.opts.tag, rel.fleet.branch_prefix)  # release has no --onto
        branches = (rel.branch,) if previous is None else (previous, rel.branch)
        merge_commits.refuse_what_git_merge_would(rel.git, rel.opts.tag, tag_sha, branches)


def plan_merge(rel: Release) -> list[Action]:
    done = rel.store.load()
    now = rel.git.branch_sha(rel.branch)
    if done is not None and done.phase == Phase.DONE and now not in (None, done.branch_sha):
        text: str | Callable[[], str] = (
            f"{rel.branch} merged at {str(done.branch_sha)[:12]} (the merge is kept), and at {str(now)[:12]} now: "
            "record the branch as it is"
        )
    elif done is not None and done.phase == Phase.DONE and now is None:  # run_merge merges it again
        text = f"merge {rel.opts.tag} again: {rel.branch}, merged at {str(done.branch_sha)[:12]}, is gone since"
    elif done is not None and done.phase == Phase.DONE:
        text = f"{rel.branch} already merged at {str(done.branch_sha)[:12]}: nothing to do"
    elif done is not None:
        text = f"continue the {rel.opts.tag} merge run stopped at {done.phase.value} in {done.worktree}"
    else:
        text = functools.partial(_describe_merge, rel)  # reads the whole range: only a dry run asks
    return [Do(text, functools.partial(run_merge, rel))]


def _describe_merge(rel: Release) -> str:
    """What the merge's own steps would do: the descriptions of the actions `merge` runs.  A tag not fetched yet
    is fetched by the merge stage (as `merge` does): the dry run, which fetches nothing, said "drop --no-fetch to
    fetch its tags", an option release does not have; it says what the stage will do instead."""
    options = Options(rel.opts.tag, rel.opts.config_dir, fetch=False)
    remote = resolve_remote(rel.git, options)
    if remote is not None and rel.git.resolve(f"refs/tags/{rel.opts.tag}") is None:
        # asked, not fetched (a dry run changes no ref): a tag upstream has not made is refused now, as the run would
        status, out, _ = rel.git.try_run("ls-remote", "--tags", remote, f"refs/tags/{rel.opts.tag}")
        if status == 0 and not out.strip():
            raise GitError(
                f"tag {quoted(rel.opts.tag)} does not exist (looked in local tags and remote {remote!r}, asked now)",
                "check the spelling (upstream may not have tagged it yet)",
            )
        tag = shell_word(rel.opts.tag)
        return (
            f"fetch upstream's tags from {remote!r} ({rel.opts.tag} is not here yet), then merge it onto the previous "
            f"fork branch as {rel.branch}: `aeon-release merge {tag} --dry-run` fetches it and shows that plan"
        )
    plan = build_plan(rel.git, options)
    run = merge_steps.Run(rel.git, merge_steps.state_for(plan, rel.store.worktree), plan)
    return "\n".join(line for lines in merge_steps.describe(run).values() for line in lines)


@dataclass(frozen=True)
class MergeOutcome:
    branch: str
    merged_sha: str | None
    branch_sha: str | None  # the branch as it is now: a hotfix may have moved it since the merge

    def as_dict(self) -> dict[str, Any]:
        return {"branch": self.branch, "merged_sha": self.merged_sha, "branch_sha": self.branch_sha}


@dataclass(frozen=True)
class BuiltImage:
    report: Any  # build.BuildReport (imported lazily: the build module pulls in the docker SDK)
    dead_bytes: int

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = self.report.as_dict()
        return data | {"dead_bytes": self.dead_bytes}


@dataclass(frozen=True)
class NotesWritten:
    files: tuple[Path, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"files": [str(p) for p in self.files]}


def run_merge(rel: Release) -> MergeOutcome:
    state = rel.store.load()
    branch_gone = rel.git.branch_sha(rel.branch) is None
    with nested():  # the merge's report is progress here: stdout is the release's summary (or JSON)
        if state is None or (state.phase == Phase.DONE and branch_gone):
            options = Options(rel.opts.tag, rel.opts.config_dir)
            merge_cmd.start(rel.git.path, options, False, False, list(rel.opts.waive), held=True)
        elif state.phase != Phase.DONE:
            merge_cmd.resume(rel.git.path, rel.opts.tag, False, list(rel.opts.waive), held=True)
    state = rel.store.load()
    assert state is not None
    # A branch that moved on since the merge (a hotfix) is built as it is now; the audit stage
    # then audits that exact revision, since the merge's clean audit was of another commit.
    return MergeOutcome(state.branch, state.branch_sha, rel.git.branch_sha(state.branch))


# -- audit -----------------------------------------------------------------------------------
def plan_audit(rel: Release) -> list[Action]:
    return [
        Do(
            f"check that {rel.branch} passed its audits (the merge record, or a fresh audit run)",
            functools.partial(run_audit, rel),
        )
    ]


def run_audit(rel: Release) -> audit_gate.Attestation:
    return audit_gate.audited_revision(rel.git.path, rel.branch_ref, rel.opts.config_dir, rel.opts.skip_audit)


# -- build -----------------------------------------------------------------------------------
def _build_request(rel: Release) -> Any:
    from aeon_release.pipeline.build import BuildRequest

    return BuildRequest(
        repo=rel.git.path,
        version=rel.opts.tag,
        variant=rel.opts.variant,
        rev=rel.branch_ref,
        dockerfile=rel.opts.dockerfile,
        platform=rel.opts.platform,
        build_args=rel.opts.build_args,
        tag=rel.opts.image_tag,
        config_dir=rel.opts.config_dir,
        skip_audit=rel.opts.skip_audit,
        builder=rel.opts.builder,
        skip_device_check=rel.opts.skip_device_check,
    )


def check_build(rel: Release) -> None:
    from aeon_release.pipeline import build

    build.preflight(_build_request(rel))


def plan_build(rel: Release) -> list[Action]:
    from aeon_release.pipeline import build

    run = functools.partial(run_build, rel)
    if rel.git.branch_sha(rel.branch) is None:
        return [Do(f"build {rel.branch} once the merge created it, with the Dockerfile's build args", run)]
    first, *rest = build.actions(build.plan(_build_request(rel)))
    return [
        Do(first, run),
        *(Do(line) for line in rest),
        Do("check the load-bearing parts in the image; report layers and dead bytes"),
    ]


def run_build(rel: Release) -> BuiltImage:
    from aeon_release.pipeline import build, image_report

    report = build.build_image(_build_request(rel))
    assert report.image is not None  # build_image raises unless the image was built and checked
    return BuiltImage(report, image_report.image_report(report.image.id).dead_bytes)


# -- publish ---------------------------------------------------------------------------------
def _publish_request(rel: Release) -> Any:
    from aeon_release.pipeline.publish import PublishRequest

    image = rel.result("build").get("image_id") or _image_tag(rel)
    return PublishRequest(
        image=image,
        repository=rel.opts.repository,
        version=rel.opts.tag,
        variant=rel.opts.variant,
        date=rel.state.date,
        latest=rel.opts.latest,
        config_dir=rel.opts.config_dir,
        skip_audit=rel.opts.skip_audit,
        username=rel.opts.username,
        password=rel.opts.password,
        repo=rel.git.path,
        signing_key=rel.opts.signing_key,
        date_checked=True,
    )


def _image_tag(rel: Release) -> str:
    return rel.opts.image_tag or rel.fleet.image_name(rel.opts.tag, rel.opts.variant)


def check_publish(rel: Release) -> None:
    """The names, releases.yaml and the credentials, before a build that may take hours.  The registry
    itself is not contacted: one that is down now may be up when the build is done."""
    from aeon_release.adapters.registry import resolve_credentials
    from aeon_release.domain import release_record
    from aeon_release.pipeline import keys, publish

    request = _publish_request(rel)

    def credentials() -> None:
        names = publish.validate_names(request)
        resolve_credentials(names.repository.host, request.username, request.password)

    def signing_key() -> None:
        key = keys.signing_key(request.signing_key, request.config_dir)
        if not key.is_file():
            why = "is not a regular file" if key.exists() else files.absent(key)
            raise ConfigError(f"signing key {key} {why}", "make one with `aeon-release keygen PATH`")
        from aeon_release.adapters import signing  # slow to import: only a release that will publish needs it

        signing.load_signer(key)  # a public key, an RSA or encrypted one: refused now, not after the build

    # each piece on its own: a dry run lists every one missing (errors.Refusals)
    check_each(credentials, lambda: release_record.load(request.config_dir), signing_key)


def plan_publish(rel: Release) -> list[Action]:
    from aeon_release.pipeline import publish

    if not rel.result("build").get("image_id"):
        names = publish.validate_names(_publish_request(rel))
        return [
            Do(
                f"push the built image as {names.repository}:{names.dated_tag}, read its digest back",
                functools.partial(_pushing, rel, functools.partial(run_publish, rel)),
            ),
            Do("point :latest at that digest (same manifest bytes), read it back; record releases.yaml"),
        ]
    the_plan = publish.plan(_publish_request(rel))
    lines = the_plan.actions()
    # The plan just checked is the one executed: no second look at the registry in between.
    return [Do(lines[0], lambda: _pushing(rel, lambda: publish.execute(the_plan))), *(Do(line) for line in lines[1:])]


# The publish stage's entry while it has pushed nothing yet (its plan: the image, its provenance, the registry
# asked): nothing in the registry binds the release to the image built (``_publish_began``).
_NOT_PUSHED: dict[str, Any] = {"push": "not begun"}


def _unpushed(entry: StageEntry) -> bool:
    """A publish stage that never reached its push: pending, or stopped in its plan (a registry unreachable)."""
    return entry.status == StepStatus.PENDING or (entry.result or {}).get("push") == _NOT_PUSHED["push"]


def _pushing(rel: Release, push: Callable[[], Any]) -> Any:
    """The push begins: from here the dated tag may hold the image for good, in this run and every rerun."""
    rel.state.stages["publish"] = StageEntry(StepStatus.RUNNING)
    rel.save()
    return push()


def run_publish(rel: Release) -> Any:
    from aeon_release.pipeline import publish

    return publish.publish(_publish_request(rel))


# -- notes -----------------------------------------------------------------------------------
def _notes_path(rel: Release) -> Path:
    """``--notes FILE``, else ``release-notes-TAG.md`` in ``--notes-dir`` or the current directory."""
    return rel.opts.notes_output or (rel.opts.notes_dir or Path(".")) / f"release-notes-{rel.opts.tag}.md"


def check_notes(rel: Release) -> None:
    ledger_mod.load(rel.opts.config_dir)
    _ = rel.fleet  # loading the profile is the check
    if rel.opts.notes_output is not None and rel.opts.notes_dir is not None:  # --notes won, without a word
        raise UsageError(
            "--notes and --notes-dir both name where the notes go", "pass one: --notes FILE, or --notes-dir DIR"
        )
    path = _notes_path(rel)
    if str(path) == "-":  # the notes step writes files (and the audit report beside them), never stdout
        raise UsageError("--notes -: the release notes are written to a file", "name one, e.g. --notes notes.md")
    flag = "--notes" if rel.opts.notes_output is not None else "notes"
    for place in (path, notes.audit_file_for(path)):  # the notes, and the audit report when they are split
        refuse_over_inputs(rel.opts.repo, rel.opts.config_dir, place, flag, "notes", "fork's checkout")
        files.check_output(place, "notes", folder_made=rel.opts.notes_dir is not None)


def plan_notes(rel: Release) -> list[Action]:
    return [Do(f"write the release notes to {_notes_path(rel)}", functools.partial(run_notes, rel))]


def run_notes(rel: Release) -> NotesWritten:
    record = _record(rel)
    if rel.opts.notes_dir is not None:  # a folder named for the notes is made, as `git format-patch -o DIR` does
        files.make_folder(rel.opts.notes_dir, "--notes-dir")
    written = notes.write_notes(record, ledger_mod.load(rel.opts.config_dir), _notes_path(rel), fleet=rel.fleet)
    return NotesWritten(tuple(written))


def _record(rel: Release) -> notes.Record:
    sections: dict[str, Any] = {}
    build = rel.result("build")
    if build:
        sections["build"] = build | {
            "arch_probe": _probe_for_notes(build.get("arch_probe")),
            "build_args": _effective_args(build, rel.fleet),
            "seconds": (build.get("timings") or {}).get("total"),
        }
    if rel.result("publish"):
        sections["publish"] = rel.result("publish")
    return notes.check_record(rel.store.update_record(sections), tag=rel.opts.tag)


def _effective_args(build: dict[str, Any], fleet: profile_mod.Profile) -> dict[str, str]:
    """The Dockerfile's ARG defaults overlaid with what the build passed: what the image got."""
    from aeon_release.pipeline.build import dockerfile_defaults

    try:  # the file the build read, read again as the build reads it: a FIFO put there since held the notes
        data = files.read_capped(Path(build["dockerfile"]), "Dockerfile")
        defaults = dockerfile_defaults(data.decode("utf-8", "replace")) if data is not None else {}
    except (KeyError, TypeError, AeonError):
        defaults = {}
    return {k: v for k, v in (defaults | dict(build.get("build_args") or {})).items() if not fleet.hides_build_arg(k)}


def _probe_for_notes(probe: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(probe, list):
        return {}
    return {str(p.get("arch")): {"fp4": p.get("fp4_in_ptx"), "fp4_expected": p.get("fp4_expected")} for p in probe}


# Which options each stage's outcome depends on: a done stage pins them (a rerun that changes one
# would publish, say, an omni image under the plain tag).
PINNED: dict[str, tuple[str, ...]] = {
    "merge": ("config_dir",),
    "build": ("variant", "dockerfile", "build_args", "platform", "image_tag", "skip_device_check"),
    "publish": ("repository", "variant", "latest"),
}

STAGES: Runner[Release] = Runner(
    (
        FunctionStage("merge", check_merge, plan_merge),
        FunctionStage("audit", lambda rel: None, plan_audit),
        FunctionStage("build", check_build, plan_build),
        FunctionStage("publish", check_publish, plan_publish),
        FunctionStage("notes", check_notes, plan_notes),
    )
)
STAGE_NAMES = STAGES.names


# -- driving ---------------------------------------------------------------------------------
def _start_date(opts: ReleaseOptions, git: Git, fetch: bool = True) -> str:
    """The date a new release run publishes as: today (UTC), or a ``--date`` checked now, before any stage (a
    ``9999-12-31`` was refused by nothing, and a date before the upstream tag's commit only by the build's
    record, hours later): not past tomorrow, not before the tag's commit when the tag is here already.  A dry run
    (``fetch`` False) dates a commit only upstream has in an object folder of its own, removed after: it
    fetched the commit into the repository's objects, and a dry run changes nothing, objects included."""
    today = dt.datetime.now(dt.timezone.utc).date()
    if opts.date is None:
        return today.isoformat()
    return check_release_date(opts.date, today, _tag_committed_on(git, opts.tag, fetch), f"the commit of {opts.tag}")


def _tag_committed_on(git: Git, tag: str, fetch: bool = True) -> dt.date | None:
    """The day the tag's commit was committed, however the tag is known here: a local tag, the tag spelt as a full
    ref name or an object id, a remote's ref of that name, or the upstream remote's tag not fetched yet (its commit's
    objects fetched, no ref moved: the merge stage fetches the tag itself).  Only a local tag was read, so a
    ``--date`` years before the tag's commit passed whenever the tag was still upstream's alone."""
    remotes = git.remotes()
    spellings = [f"refs/tags/{tag}"]
    if tag.startswith("refs/") or blobs.is_object_id(tag) or tag.split("/", 1)[0] in remotes:
        spellings.append(tag)  # as git reads it: a full ref name, a commit or tag id, `upstream/v0.29.0`
    spellings += [f"refs/remotes/{remote}/{tag}" for remote in remotes]
    spellings += [f"refs/remotes/{remote}/tags/{tag}" for remote in remotes]  # a fetch refspec's namespace
    for rev in spellings:
        day = git.committed_on(rev)
        if day is not None:
            return day
    return _remote_tag_committed_on(git, tag, fetch) if "upstream" in remotes else None


def _remote_tag_committed_on(git: Git, tag: str, fetch: bool) -> dt.date | None:
    """The upstream remote's tag: ``ls-remote`` names its commit, read here once its objects are (``fetch`` of the
    one tag with no ref to write: the person's refs and FETCH_HEAD stay as they were)."""
    status, out, _ = git.try_run("ls-remote", "--tags", "upstream", f"refs/tags/{tag}")
    ids = {name: sha for sha, _, name in (line.partition("\t") for line in out.splitlines())}
    sha = ids.get(f"refs/tags/{tag}^{{}}") or ids.get(f"refs/tags/{tag}")
    if status != 0 or sha is None or not blobs.is_object_id(sha):
        return None
    if git.committed_on(sha) is None:
        if not fetch:
            return git.committed_on_aside(
                "upstream", f"refs/tags/{tag}", sha, RunStore.scratch(git.common_dir, "aside")
            )
        git.try_run("fetch", "--no-tags", "--no-write-fetch-head", "--refmap=", "upstream", f"refs/tags/{tag}")
    return git.committed_on(sha)


def open_release(opts: ReleaseOptions, from_stage: str | None, dry: bool = False) -> Release:
    validate_ref_name(opts.tag, "tag")
    if from_stage is not None and from_stage not in STAGE_NAMES:
        raise UsageError(f"--from {quoted(from_stage)} is not a stage", f"stages: {', '.join(STAGE_NAMES)}")
    git = Git(opts.repo)
    # the record the notes stage adds to, checked before any stage runs: found edited after the push,
    # the release stopped at its notes with :latest moved
    RunStore(git.common_dir, opts.tag).load_record()
    state = RunStore(git.common_dir, opts.tag).load_pipeline() or PipelineState(
        opts.tag, _start_date(opts, git, fetch=not dry)
    )
    if opts.date and opts.date != state.date:
        raise StateError(
            f"this release run publishes as of {state.date}, not {opts.date}",
            "drop --date (the run keeps the date it started with)",
        )
    rel = Release(opts, git, state)
    if from_stage is not None:
        _redo_from(rel, from_stage)
    _forget_undone_merge(rel)
    _forget_moved_branch(rel)
    _check_pinned(rel)
    state.options = _options(opts)
    return rel


def _options(opts: ReleaseOptions) -> dict[str, Any]:
    return {
        "config_dir": str(opts.config_dir.resolve()),
        "variant": opts.variant,
        "dockerfile": str(opts.dockerfile.resolve()) if opts.dockerfile else None,
        "build_args": sorted(opts.build_args),
        "platform": opts.platform,
        "image_tag": opts.image_tag,
        "skip_device_check": opts.skip_device_check,
        "repository": opts.repository,
        "latest": opts.latest,
    }


def _check_pinned(rel: Release) -> None:
    before: dict[str, Any] = rel.state.options or {}
    now = _options(rel.opts)
    for stage, pinned in PINNED.items():
        if not rel.state.done(stage):
            continue
        for key in pinned:
            if key in before and before[key] != now[key]:
                option = f"--{key.replace('_', '-')}"
                raise UsageError(
                    f"this rerun is {_given(option, now[key])}, but the {stage} stage of this run was "
                    f"done {_given(option, before[key])}",
                    f"pass the same value, or redo it with --from {stage}",
                )


def _given(option: str, value: Any) -> str:
    if value is False or value in (None, []):
        return f"without {option}"
    return f"with {option}" if value is True else f"with {option} {quoted(value, 200)}"


def _redo_from(rel: Release, stage: str) -> None:
    if stage == "merge" and rel.git.branch_sha(rel.branch) is not None:
        raise UsageError(
            f"--from merge redoes the merge, but {rel.branch} exists",
            f"delete it first (git branch -D {rel.branch}) to merge {rel.opts.tag} again",
        )
    redone = STAGE_NAMES[STAGE_NAMES.index(stage) :]
    if "build" in redone and _publish_began(rel):
        raise _image_bound(rel, stage)
    for name in redone:
        rel.state.stages.pop(name, None)


def _image_bound(rel: Release, stage: str) -> UsageError:
    """``--from`` a stage before the build once the publish began: the dated tag may hold the built image for good,
    a rebuilt image (another id) met it ("publish it under another --date") and the run keeps its date (--date
    refused), so the hint could not be followed; nothing is redone."""
    pipeline = shell_word(str(rel.store.pipeline_file))
    return UsageError(
        f"--from {stage} builds the image again, but this release's publish has begun with the image it built "
        f"(dated tags are immutable: its dated tag, {rel.state.date}'s, may hold that image for good)",
        f"`--from notes` redoes the notes, `aeon-release audit --rev {rel.branch}` audits the branch as it is; to "
        f"release a newer tree, move this release's state aside (mv {pipeline} {pipeline}.old) and release it "
        "again with --date of another day",
    )


def _forget_undone_merge(rel: Release) -> None:
    """A merge recorded done whose branch is gone (deleted to redo it): every stage is redone.  Not once published
    (``_forget_moved_branch`` says why): a branch deleted after the push (a tidy-up before the notes were rerun) had
    the rerun merge again, build another image, and be refused the dated tag that holds the first one, the run's
    record of what it published wiped on the way and the branch made again."""
    if not rel.state.done("merge") or rel.git.branch_sha(rel.branch) is not None:
        return
    if rel.state.done("publish"):
        merged = str(rel.result("merge").get("branch_sha"))[:12]
        say(
            f"note: {rel.branch} is gone since this run merged it at {merged}; published, this release stays of that tree"
        )
        return
    say(f"note: {rel.branch} is gone since this run merged it: merging again, and every later stage")
    rel.state.stages.clear()


# The stages whose outcome is of one tree, and the key of their result that names its commit.
BOUND: tuple[tuple[str, str], ...] = (("merge", "branch_sha"), ("audit", "revision"), ("build", "revision"))


def _ran_on(rel: Release, stage: str) -> str | None:
    """The commit a done stage ran on (None: not done, or a result that names none)."""
    key = dict(BOUND).get(stage)
    value = rel.result(stage).get(key) if key and rel.state.done(stage) else None
    return value if isinstance(value, str) else None


def _forget_moved_branch(rel: Release) -> None:
    """The fork branch moved since a done stage ran on it (a fix committed after a failed build): that stage
    and every later one run again on the branch as it is now.  Recorded "done already", the audit passed for
    one tree and the build made the image of another.  Once published, the release is of the tree it published:
    nothing is redone (the dated tag holds that image for good), and ``execute`` names that tree."""
    now = rel.git.branch_sha(rel.branch)
    if now is None or rel.state.done("publish"):
        return
    moved = next((name for name, _ in BOUND if _ran_on(rel, name) not in (None, now)), None)
    if moved is None:
        return
    if _publish_began(rel):
        _publish_goes_on(rel, now)
        return
    redone = STAGE_NAMES[STAGE_NAMES.index(moved) :]
    why = f"{rel.branch} moved since this run's {moved} stage ran on it ({str(_ran_on(rel, moved))[:12]} -> {now[:12]})"
    say(f"note: {why}: {', '.join(name for name in redone if rel.state.done(name))} run again on {now[:12]}")
    for name in redone:
        if rel.state.done(name):
            rel.rerun[name] = f"runs again on {now[:12]}, though done before: {why}"
        rel.state.stages.pop(name, None)


def _publish_began(rel: Release) -> bool:
    """The publish stage began on the image the build made (stopped, failed or killed in it): the dated tag may hold
    that image already, for good.  Redone on a moved branch, the new image was refused the dated tag ("publish it
    under another --date"), and the run keeps its date (--date refused): no rerun could finish the release."""
    return rel.state.done("build") and not _unpushed(rel.state.entry("publish"))


def _publish_goes_on(rel: Release, now: str) -> None:
    """The release keeps the tree its publish began with: audited and built, nothing of the moved branch is in it."""
    built = str(_ran_on(rel, "build") or _ran_on(rel, "audit") or _ran_on(rel, "merge"))
    say(
        f"note: {rel.branch} moved since this run built {built[:12]} (now {now[:12]}); its publish had begun with that "
        f"image (a dated tag is for good), so the release goes on with it, of {built[:12]}: the commits since are "
        "not in it (release them under another date once this one is done)"
    )


def _done_already(rel: Release, stage: str) -> str:
    """A done stage's progress line, naming the commit it ran on when the branch has moved on since."""
    ran_on, now = _ran_on(rel, stage), rel.git.branch_sha(rel.branch)
    if ran_on is None or now in (None, ran_on):
        return "done already"
    bound = "published" if rel.state.done("publish") else "its publish begun"
    return (
        f"done already, on {ran_on[:12]}; {rel.branch} has moved on since, to {str(now)[:12]}, "
        f"and this release, {bound}, stays of that tree"
    )


def dry_run(rel: Release, json_out: bool) -> None:
    """Each stage's actions; a stage done before that runs again (the branch moved since) says so and why first:
    the merge stage's plan read "already merged at OLD: nothing to do" while the run was to record the branch
    anew and audit it again, and --json said only that."""
    pending = STAGES.pending(rel.state.done)
    STAGES.check(rel, pending)
    described = STAGES.describe(rel, pending)
    plans = {
        name: ([rel.rerun[name]] if name in rel.rerun else []) + described.get(name, [_done_already(rel, name)])
        for name in STAGE_NAMES
    }
    if json_out:
        emit_json({"dry_run": True, "tag": rel.opts.tag, "date": rel.state.date, "stages": plans})
    for name, lines in plans.items():
        show(f"[bold]{name}[/]", json_out)
        for line in lines:
            show(f"  {plain(line)}", json_out)
    say("dry run: nothing was changed")
    say("next: the same command without --dry-run runs these stages")


def execute(rel: Release, json_out: bool) -> None:
    pending = STAGES.pending(rel.state.done)
    STAGES.check(rel, pending)  # every stage's preflight before the first side effect
    for name in STAGE_NAMES:
        if rel.state.done(name):
            say(f"[dim]{name}: {_done_already(rel, name)}[/]")
    clocks: dict[str, float] = {}

    def started(name: str) -> None:
        stop_leaves(None)  # what the stage before said a stop would leave is done with
        clocks[name] = time.perf_counter()
        rel.state.stages[name] = StageEntry(StepStatus.RUNNING, result=_unpushed_still(rel, name))
        rel.save()

    def done(name: str, result: Record | None) -> None:
        rel.state.stages[name] = StageEntry.done(round(time.perf_counter() - clocks[name], 3), result)
        rel.save()
        say(f"[green]{name}[/]: done{_what(name, result.as_dict() if result is not None else {})}")

    def stopped(name: str, error: BaseException) -> None:
        if isinstance(error, NeedsHuman):  # with what the stage knew by then (a publish: the digest it pushed)
            _stopped(rel, name, StepStatus.NEEDS_HUMAN, error.message, error.known or None)
        elif isinstance(error, Exception):
            _stopped(rel, name, StepStatus.FAILED, str(getattr(error, "message", error)))
        elif isinstance(error, KeyboardInterrupt):
            _stopped_by_a_signal(rel, name)

    try:
        STAGES.run(rel, pending, started, done, stopped)
    except NeedsHuman:
        # a stage that stopped for a person (exit 1) is a report too, as merge's and audit's are: the stages and what
        # stopped one; `release --json` printed nothing on stdout for a merge stopped on findings
        if json_out:
            emit_json(report(rel))
        raise
    if json_out:
        emit_json(report(rel))
        return
    for line in summary(rel):
        show(line)


def _what(stage: str, result: dict[str, Any]) -> str:
    """The one fact a stage's progress line should carry."""
    if stage == "merge":
        return f": {result.get('branch')} at {str(result.get('branch_sha'))[:12]}"
    if stage == "build":
        return f": image {str(result.get('image_id'))[:19]}"
    if stage == "publish":
        return f": {result.get('repository')}:{result.get('dated_tag')}"
    if stage == "notes":
        return f": {', '.join(result.get('files') or [])}"
    return ""


def summary(rel: Release) -> list[str]:
    """What a release made, and how to check it and use it (stdout, after the last stage)."""
    merge, build, publish = rel.result("merge"), rel.result("build"), rel.result("publish")
    notes_files = rel.result("notes").get("files") or [str(_notes_path(rel))]
    lines = [
        f"[bold]released {rel.opts.tag}[/]",
        f"  branch:  {merge.get('branch', rel.branch)} at {str(merge.get('branch_sha'))[:12]}",
        f"  image:   {build.get('image_id')} ({build.get('tag')})",
    ]
    if publish:
        repository, digest = publish.get("repository"), publish.get("digest")
        lines += [
            f"  tag:     {repository}:{publish.get('dated_tag')} = {digest}",
            f"  verify:  {plain(publish.get('verify') or _verify(rel, publish))}",
            f"  pull:    docker pull {repository}@{digest}",
        ]
    return lines + [f"  notes:   {notes_files[0]}"]


def _verify(rel: Release, publish: dict[str, Any]) -> str:
    """The verify command of a publish recorded before its result carried one."""
    flags = keys.verify_flags(rel.opts.signing_key, rel.opts.config_dir)
    return f"aeon-release verify {publish.get('repository')}:{publish.get('dated_tag')}{flags}"


def _stopped_by_a_signal(rel: Release, stage: str) -> None:
    """Ctrl-C or a signal in a stage: the stage is recorded stopped (it said "running" for good), and the run's
    last line says where the release stands and how it goes on, with what the stage's own work said a stop
    there leaves (a publish: whether `:latest` moved).  ``status`` shows the stage stopped as well."""
    detail = stopped_leaving()
    done = [name for name in STAGE_NAMES if rel.state.done(name)]
    _stopped(rel, stage, StepStatus.STOPPED, f"stopped in the {stage} stage" + (f": {detail}" if detail else ""))
    kept = f" ({', '.join(done)} done and kept)" if done else ""
    stop_leaves(
        f"the release stopped in its {stage} stage"
        + (f"; {detail}" if detail else "")
        + f"; run the same `aeon-release release {rel.opts.tag}` command again to go on from there{kept}"
    )


def _stopped(rel: Release, stage: str, status: StepStatus, message: str, known: dict[str, Any] | None = None) -> None:
    """A stage that did not finish: why, and what it knew by then (its ``result``, read only of a done stage
    by the later ones: a rerun runs it again)."""
    rel.state.stages[stage] = StageEntry(
        status, result=((_unpushed_still(rel, stage) or {}) | (known or {})) or None, message=message
    )
    rel.save()


def _unpushed_still(rel: Release, stage: str) -> dict[str, Any] | None:
    """The mark of a publish that has pushed nothing, kept until its push begins (``_pushing``): a publish that
    failed before its push (a registry unreachable) bound the release to the image built before the branch moved,
    and the fix committed since was left out of the release."""
    return dict(_NOT_PUSHED) if stage == "publish" and _unpushed(rel.state.entry(stage)) else None


def report(rel: Release) -> dict[str, Any]:
    """`release --json`: the tag, the date it publishes as, and every stage with the same keys (README)."""
    data = rel.state.report(STAGE_NAMES)
    return {"tag": rel.opts.tag, "date": data["date"], "stages": data["stages"]}


def with_repository(opts: ReleaseOptions) -> ReleaseOptions:
    """The options with the repository to publish to: ``--repository``, else fleet.yaml's ``image.repository``
    (``pipeline.repository``, shared with publish, releases and rollback)."""
    return replace(opts, repository=repository_mod.resolve(opts.repository, opts.config_dir))


def run(opts: ReleaseOptions, from_stage: str | None, dry: bool, json_out: bool) -> None:
    """The whole run holds the repository's run lock, as a merge does (its merge stage runs under it): it
    held it only inside its merge stage, so a second ``release`` of the tag (or a ``merge --abort``) ran
    beside a build or a publish, each saving the pipeline state over the other's.  A dry run makes nothing
    under the git directory and takes no lock (on a read-only checkout it was refused for the lock file it could not make)."""
    validate_ref_name(opts.tag, "tag")
    opts = with_repository(opts)
    with contextlib.nullcontext() if dry else RunStore.exclusive(Git(opts.repo).common_dir, opts.tag):
        rel = open_release(opts, from_stage, dry)
        if dry:
            dry_run(rel, json_out)
            return
        execute(rel, json_out)
