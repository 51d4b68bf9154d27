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

import datetime as dt
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aeon_release.domain import ledger as ledger_mod
from aeon_release.domain import notes
from aeon_release.adapters import store as runstate
from aeon_release.adapters.console import emit_json, nested, plain, say, show
from aeon_release.errors import NeedsHuman, StateError, UsageError
from aeon_release.adapters.git import Git, validate_ref_name
from aeon_release.adapters.store import Phase
from aeon_release.pipeline import audit_gate
from aeon_release.pipeline import merge as merge_cmd
from aeon_release.pipeline.merge_plan import Options, branch_for, build_plan

PIPELINE_FILE = "pipeline.json"


@dataclass(frozen=True)
class ReleaseOptions:
    tag: str
    repo: Path
    repository: str
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


@dataclass
class Release:
    opts: ReleaseOptions
    git: Git
    state: dict[str, Any]

    @property
    def folder(self) -> Path:
        return runstate.run_dir(self.git.common_dir, self.opts.tag)

    @property
    def branch(self) -> str:
        return branch_for(self.opts.tag)

    def result(self, stage: str) -> dict[str, Any]:
        entry: dict[str, Any] = self.state["stages"].get(stage, {})
        return dict(entry.get("result") or {})

    def save(self) -> None:
        runstate.write_json(self.folder / PIPELINE_FILE, self.state)


@dataclass(frozen=True)
class Stage:
    name: str
    plan: Callable[[Release], list[str]]
    run: Callable[[Release], dict[str, Any]]


# -- merge -----------------------------------------------------------------------------------
def plan_merge(rel: Release) -> list[str]:
    done = runstate.load(rel.git.common_dir, rel.opts.tag)
    if done is not None and done.phase == Phase.DONE.value:
        return [f"{rel.branch} already merged at {str(done.branch_sha)[:12]}: nothing to do"]
    if done is not None:
        return [f"continue the {rel.opts.tag} merge run stopped at {done.phase} in {done.worktree}"]
    plan = build_plan(rel.git, Options(rel.opts.tag, rel.opts.config_dir, fetch=False))
    lines = [f"merge {plan.tag} ({plan.tag_sha[:12]}) onto {plan.previous_branch} as {plan.branch}, "
             f"{plan.upstream_commits} upstream commits over {plan.merge_base[:12]}"]
    lines += [f"carry {c.carry.id}: " + ("upstreamed: drop it" if c.upstreamed else "verify, apply if missing")
              for c in plan.carries]
    lines += [f"pick {p.key} {p.sha[:12]}: " + ("already in tag" if p.in_tag else "cherry-pick") for p in plan.picks]
    lines += [f"skip {s.label}: {s.reason}" for s in plan.skips]
    return lines + ["audit the merged tree; stop on error-level findings"]


def run_merge(rel: Release) -> dict[str, Any]:
    state = runstate.load(rel.git.common_dir, rel.opts.tag)
    branch_gone = rel.git.branch_sha(rel.branch) is None
    with nested():  # the merge's report is progress here: stdout is the release's summary (or JSON)
        if state is None or (state.phase == Phase.DONE.value and branch_gone):
            merge_cmd.start(rel.git.path, Options(rel.opts.tag, rel.opts.config_dir), False, False, list(rel.opts.waive))
        elif state.phase != Phase.DONE.value:
            merge_cmd.resume(rel.git.path, rel.opts.tag, False, list(rel.opts.waive))
    state = runstate.load(rel.git.common_dir, rel.opts.tag)
    assert state is not None
    # A branch that moved on since the merge (a hotfix) is built as it is now; the audit stage
    # then audits that exact revision, since the merge's clean audit was of another commit.
    return {"branch": state.branch, "merged_sha": state.branch_sha, "branch_sha": rel.git.branch_sha(state.branch)}


# -- audit -----------------------------------------------------------------------------------
def plan_audit(rel: Release) -> list[str]:
    return [f"check that {rel.branch} passed its audits (the merge record, or a fresh audit run)"]


def run_audit(rel: Release) -> dict[str, Any]:
    attestation = audit_gate.audited_revision(rel.git.path, rel.branch, rel.opts.config_dir, rel.opts.skip_audit)
    return attestation.as_dict()


# -- build -----------------------------------------------------------------------------------
def _build_request(rel: Release) -> Any:
    from aeon_release.pipeline.build import BuildRequest

    return BuildRequest(
        repo=rel.git.path, version=rel.opts.tag, variant=rel.opts.variant, rev=rel.branch,
        dockerfile=rel.opts.dockerfile, platform=rel.opts.platform, build_args=rel.opts.build_args,
        tag=rel.opts.image_tag, config_dir=rel.opts.config_dir, skip_audit=rel.opts.skip_audit,
    )


def plan_build(rel: Release) -> list[str]:
    from aeon_release.pipeline import build

    if rel.git.branch_sha(rel.branch) is None:
        return [f"build {rel.branch} once the merge created it, with the Dockerfile's build args"]
    the_plan = build.plan(_build_request(rel))
    args = ", ".join(f"{k}={v}" for k, v in sorted(the_plan.build_args.items()) if k != "CREATED")
    return [f"build {the_plan.tag} from {the_plan.sha[:12]} with {the_plan.dockerfile}",
            f"build args: {args}", f"arch list {the_plan.arch_list}: probe FP4 code generation with nvcc",
            "check the load-bearing parts in the image; report layers and dead bytes"]


def run_build(rel: Release) -> dict[str, Any]:
    from aeon_release.pipeline import build
    from aeon_release.pipeline import image_report

    report: dict[str, Any] = build.build_image(_build_request(rel)).as_dict()
    diet = image_report.image_report(report["image_id"])
    report["dead_bytes"] = diet.dead_bytes
    return report


# -- publish ---------------------------------------------------------------------------------
def _publish_request(rel: Release) -> Any:
    from aeon_release.pipeline.publish import PublishRequest

    image = rel.result("build").get("image_id") or _image_tag(rel)
    return PublishRequest(
        image=image, repository=rel.opts.repository, version=rel.opts.tag, variant=rel.opts.variant,
        date=rel.state["date"], latest=rel.opts.latest, config_dir=rel.opts.config_dir,
        skip_audit=rel.opts.skip_audit, username=rel.opts.username, password=rel.opts.password,
    )


def _image_tag(rel: Release) -> str:
    from aeon_release.pipeline.build import DEFAULT_REPOSITORY

    suffix = f"-{rel.opts.variant}" if rel.opts.variant else ""
    return rel.opts.image_tag or f"{DEFAULT_REPOSITORY}:{rel.opts.tag}{suffix}"


def plan_publish(rel: Release) -> list[str]:
    from aeon_release.pipeline import publish

    if not rel.result("build").get("image_id"):
        names = publish.validate_names(_publish_request(rel))
        return [f"push the built image as {names.repository}:{names.dated_tag}, read its digest back",
                "point :latest at that digest (same manifest bytes), read it back; record releases.yaml"]
    return publish.plan(_publish_request(rel)).actions()


def run_publish(rel: Release) -> dict[str, Any]:
    from aeon_release.pipeline import publish

    result: dict[str, Any] = publish.publish(_publish_request(rel)).as_dict()
    return result


# -- notes -----------------------------------------------------------------------------------
def _notes_path(rel: Release) -> Path:
    """``--notes FILE``, else ``release-notes-TAG.md`` in ``--notes-dir`` or the current directory."""
    return rel.opts.notes_output or (rel.opts.notes_dir or Path(".")) / f"release-notes-{rel.opts.tag}.md"


def plan_notes(rel: Release) -> list[str]:
    return [f"write the release notes to {_notes_path(rel)}"]


def run_notes(rel: Release) -> dict[str, Any]:
    record = _record(rel)
    written = notes.write_notes(record, ledger_mod.load(rel.opts.config_dir), _notes_path(rel))
    return {"files": [str(p) for p in written]}


def _record(rel: Release) -> dict[str, Any]:
    sections: dict[str, Any] = {}
    build = rel.result("build")
    if build:
        sections["build"] = build | {"arch_probe": _probe_for_notes(build.get("arch_probe")),
                                     "build_args": _effective_args(build),
                                     "seconds": (build.get("timings") or {}).get("total")}
    if rel.result("publish"):
        sections["publish"] = rel.result("publish")
    return runstate.update_record(rel.git.common_dir, rel.opts.tag, sections)


def _effective_args(build: dict[str, Any]) -> dict[str, str]:
    """The Dockerfile's ARG defaults overlaid with what the build passed: what the image got."""
    from aeon_release.pipeline.build import dockerfile_defaults

    try:
        defaults = dockerfile_defaults(Path(build["dockerfile"]).read_text(encoding="utf-8"))
    except (KeyError, OSError):
        defaults = {}
    return {k: v for k, v in (defaults | dict(build.get("build_args") or {})).items() if not k.startswith("AEON_TEST")}


def _probe_for_notes(probe: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(probe, list):
        return {}
    return {str(p.get("arch")): {"fp4": p.get("fp4_in_ptx"), "fp4_expected": p.get("fp4_expected")} for p in probe}


# Which options each stage's outcome depends on: a done stage pins them (a rerun that changes one
# would publish, say, an omni image under the plain tag).
PINNED: dict[str, tuple[str, ...]] = {
    "merge": ("config_dir",),
    "build": ("variant", "dockerfile", "build_args", "platform", "image_tag"),
    "publish": ("repository", "variant", "latest"),
}

STAGES: tuple[Stage, ...] = (
    Stage("merge", plan_merge, run_merge),
    Stage("audit", plan_audit, run_audit),
    Stage("build", plan_build, run_build),
    Stage("publish", plan_publish, run_publish),
    Stage("notes", plan_notes, run_notes),
)
STAGE_NAMES = tuple(s.name for s in STAGES)


# -- driving ---------------------------------------------------------------------------------
def open_release(opts: ReleaseOptions, from_stage: str | None) -> Release:
    validate_ref_name(opts.tag, "tag")
    if from_stage is not None and from_stage not in STAGE_NAMES:
        raise UsageError(f"--from {from_stage!r} is not a stage", f"stages: {', '.join(STAGE_NAMES)}")
    git = Git(opts.repo)
    path = runstate.run_dir(git.common_dir, opts.tag) / PIPELINE_FILE
    state: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {
        "tag": opts.tag, "date": opts.date or dt.datetime.now(dt.timezone.utc).date().isoformat(), "stages": {}}
    if opts.date and opts.date != state["date"]:
        raise StateError(f"this release run publishes as of {state['date']}, not {opts.date}",
                         "drop --date (the run keeps the date it started with)")
    rel = Release(opts, git, state)
    if from_stage is not None:
        _redo_from(rel, from_stage)
    _forget_undone_merge(rel)
    _check_pinned(rel)
    state["options"] = _options(opts)
    return rel


def _options(opts: ReleaseOptions) -> dict[str, Any]:
    return {"config_dir": str(opts.config_dir.resolve()), "variant": opts.variant,
            "dockerfile": str(opts.dockerfile.resolve()) if opts.dockerfile else None,
            "build_args": sorted(opts.build_args), "platform": opts.platform, "image_tag": opts.image_tag,
            "repository": opts.repository, "latest": opts.latest}


def _check_pinned(rel: Release) -> None:
    before: dict[str, Any] = rel.state.get("options") or {}
    now = _options(rel.opts)
    for stage, keys in PINNED.items():
        if rel.state["stages"].get(stage, {}).get("status") != "done":
            continue
        for key in keys:
            if key in before and before[key] != now[key]:
                option = f"--{key.replace('_', '-')}"
                raise UsageError(f"this rerun is {_given(option, now[key])}, but the {stage} stage of this run was "
                                 f"done {_given(option, before[key])}", f"pass the same value, or redo it with --from {stage}")


def _given(option: str, value: Any) -> str:
    return f"without {option}" if value in (None, []) else f"with {option} {value!r}"


def _redo_from(rel: Release, stage: str) -> None:
    if stage == "merge" and rel.git.branch_sha(rel.branch) is not None:
        raise UsageError(f"--from merge redoes the merge, but {rel.branch} exists",
                         f"delete it first (git branch -D {rel.branch}) to merge {rel.opts.tag} again")
    for name in STAGE_NAMES[STAGE_NAMES.index(stage):]:
        rel.state["stages"].pop(name, None)


def _forget_undone_merge(rel: Release) -> None:
    """A merge recorded done whose branch is gone (deleted to redo it): every stage is redone."""
    merge = rel.state["stages"].get("merge", {})
    if merge.get("status") == "done" and rel.git.branch_sha(rel.branch) is None:
        say(f"note: {rel.branch} is gone since this run merged it: merging again, and every later stage")
        rel.state["stages"].clear()


def dry_run(rel: Release, json_out: bool) -> None:
    plans = {}
    for stage in STAGES:
        done = rel.state["stages"].get(stage.name, {}).get("status") == "done"
        plans[stage.name] = ["done already"] if done else stage.plan(rel)
    if json_out:
        emit_json({"dry_run": True, "tag": rel.opts.tag, "date": rel.state["date"], "stages": plans})
    for name, lines in plans.items():
        show(f"[bold]{name}[/]", json_out)
        for line in lines:
            show(f"  {plain(line)}", json_out)
    say("dry run: nothing was changed")


def execute(rel: Release, json_out: bool) -> None:
    for stage in STAGES:
        entry = rel.state["stages"].get(stage.name, {})
        if entry.get("status") == "done":
            say(f"[dim]{stage.name}: done already[/]")
            continue
        started = time.perf_counter()
        rel.state["stages"][stage.name] = {"status": "running"}
        rel.save()
        try:
            result = stage.run(rel)
        except NeedsHuman as stop:
            _stopped(rel, stage.name, "needs-human", stop.message)
            raise
        except Exception as error:
            _stopped(rel, stage.name, "failed", str(getattr(error, "message", error)))
            raise
        rel.state["stages"][stage.name] = {"status": "done", "seconds": round(time.perf_counter() - started, 3),
                                           "result": result}
        rel.save()
        say(f"[green]{stage.name}[/]: done{_what(stage.name, result)}")
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


def _config_flag(rel: Release) -> str:
    """--config for the verify command, unless the folder is the one it would find by itself."""
    from aeon_release.domain.ledger import discover_config_dir

    here = rel.opts.config_dir.resolve()
    return "" if here == discover_config_dir().resolve() else f" --config {here}"


def summary(rel: Release) -> list[str]:
    """What a release made, and how to check it and use it (stdout, after the last stage)."""
    merge, build, publish = rel.result("merge"), rel.result("build"), rel.result("publish")
    notes_files = rel.result("notes").get("files") or [str(_notes_path(rel))]
    lines = [f"[bold]released {rel.opts.tag}[/]",
             f"  branch:  {merge.get('branch', rel.branch)} at {str(merge.get('branch_sha'))[:12]}",
             f"  image:   {build.get('image_id')} ({build.get('tag')})"]
    if publish:
        repository, digest = publish.get("repository"), publish.get("digest")
        lines += [f"  tag:     {repository}:{publish.get('dated_tag')} = {digest}",
                  f"  verify:  aeon-release releases --repository {repository}{_config_flag(rel)}",
                  f"  pull:    docker pull {repository}@{digest}"]
    return lines + [f"  notes:   {notes_files[0]}"]


def _stopped(rel: Release, stage: str, status: str, message: str) -> None:
    rel.state["stages"][stage] = {"status": status, "message": message}
    rel.save()


def report(rel: Release) -> dict[str, Any]:
    return {"tag": rel.opts.tag, "date": rel.state["date"],
            "stages": {s.name: rel.state["stages"].get(s.name, {"status": "pending"}) for s in STAGES}}


def run(opts: ReleaseOptions, from_stage: str | None, dry: bool, json_out: bool) -> None:
    rel = open_release(opts, from_stage)
    if dry:
        dry_run(rel, json_out)
        return
    execute(rel, json_out)
