"""`aeon-release build`: build the serving image from a fork revision, refusing what would go wrong.

Preflight, before any build starts and in this order: the options (tag, build-arg keys, platform);
the arch list (a Blackwell FP4 target without its ``a``/``f`` suffix is refused, and so is
``ENABLE_NVFP4_SM100`` != 0 for a list of the arch policy's one major); the revision (it holds upstream's tag of
``--version`` when the repository has that tag); the Docker engine answers
(``DOCKER_HOST`` honoured); the audit gate (``audit_gate.audited_revision``, or ``--skip-audit
REASON``); the arch probe (nvcc compile-only, where nvcc is present).  Then the build streams its
log (BuildKit, ``adapters.buildkit``); a failure names the failing step and shows its last lines.
After the build the platform is verified and the load-bearing check runs in a container of the
image (the same script and list the Dockerfile's last step uses), and the label parts are checked
on the image config.  An image that fails either check is removed.  A good image's id is recorded
with its audit result (``domain.attestation``): that record, not a label, is what publish trusts.

**The source is the commit, never the work tree.**  The build context is the revision's blobs as git
stores them (what its audit read: no ``.gitattributes`` applies, as ``git archive`` would apply it) of the
revision (``--rev``, default HEAD) plus ``.aeon-release/`` (load-bearing list, check script,
entrypoint, and the Dockerfile itself).  Uncommitted changes are not built, so the
``org.opencontainers.image.revision`` label cannot lie; a dirty checkout only earns a note.

**Build record**: ``<git common dir>/aeon-release/builds/<tag>.json`` (``/`` in the tag becomes
``_``), written once the build has started, whether it succeeded or not; ``--json`` prints the
same object on stdout.  Keys:

- ``ok`` (bool), ``error`` (null, or ``{"message", "step", "tail"}``: the failing step and its
  last log lines);
- ``tag``, ``image_id``, ``size`` (bytes), ``architecture``, ``image_platform`` (the image's
  OS/ARCH[/VARIANT]), ``target_platform`` (``--platform``, else the engine's own), ``layers``
  (``[{"created_by", "size"}]``, oldest first);
- ``version``, ``variant``, ``rev`` (as given), ``revision`` (full sha), ``repo``, ``dockerfile``,
  ``platform``, ``build_args`` (everything passed to the engine; secret-looking keys such as
  ``HF_TOKEN`` are refused, since build args end up in the image history), ``labels`` (as read back from the image);
- ``arch_list``, ``arch_probe`` (null without nvcc, else ``[{"arch", "fp4_expected",
  "fp4_in_ptx", "cubin_ok", "seconds", "detail", "ok"}]``);
- ``audit`` (``{"status", "detail", "revision"}``);
- ``load_bearing`` (``{"ok", "checked", "missing", "output"}``);
- ``timings`` (seconds: ``preflight``, ``probe``, ``build``, ``check``, ``total``);
- ``engine`` (``{"docker_host", "version", "builder"}``: the BuildKit client used), ``started_at``,
  ``finished_at`` (UTC, ISO 8601),
  ``record`` (the record file's path).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from aeon_release.adapters import buildkit, files, secretscan
from aeon_release.adapters.blobs import no_commit, refuse_ambiguous, write_tree
from aeon_release.adapters.buildkit import BuildEvent, BuildFailed
from aeon_release.adapters.console import console, emit_json, is_quiet, plain, progress, say, show, stage_lines
from aeon_release.adapters.docker import Engine, ImageInfo, TooMuchOutput
from aeon_release.adapters.git import SHALLOW_HINT, Git
from aeon_release.adapters.store import RunStore, write_json
from aeon_release.domain import archprobe, attestation, loadbearing, names
from aeon_release.domain import profile as profile_mod
from aeon_release.domain.names import human_size
from aeon_release.domain.profile import ArchPolicy, Profile
from aeon_release.errors import NeedsHuman, UsageError, quoted, register_secret
from aeon_release.pipeline import arch_baseline
from aeon_release.pipeline.audit_gate import LABEL_VERSION, Attestation, audited_revision

CONTEXT_DIR = ".aeon-release"
# Set by build from its options; a --build-arg for them would make the labels lie.
DERIVED_ARGS = ("VERSION", "REVISION", "CREATED", "VARIANT")
_ARG_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")
_SECRET_KEY = re.compile(r"TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|CREDENTIAL", re.IGNORECASE)
_SWITCHES = frozenset({"", "0", "1", "true", "false", "yes", "no", "on", "off"})  # no secret is one of these
# A revision as git reads it (HEAD~1, v0.29.0^{commit}, fork-v0.29.0): no blanks, no shell
# metacharacters, no leading dash (git would take it for an option).
_REV = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/+~^@{}-]{0,199}")
_PLATFORM = re.compile(r"[a-z0-9]+/[a-z0-9_]+(?:/[a-z0-9]+)?")
MACHINE_LINE = "aeon-release machine: "
# `uname -m` -> the OCI architecture name.
UNAME_ARCH = {
    "x86_64": "amd64",
    "aarch64": "arm64",
    "arm64": "arm64",
    "armv7l": "arm",
    "ppc64le": "ppc64le",
    "s390x": "s390x",
    "riscv64": "riscv64",
    "i686": "386",
}
# containerd's platforms.Normalize (platforms/database.go), which buildx applies to --platform: the image's config
# names the normal spelling, so `--platform linux/aarch64` built an arm64 image and the check said "image is
# linux/arm64; the build was for linux/aarch64", removing the image it had just built
_ARCH_SPELLINGS = {"aarch64": ("arm64", ""), "x86_64": ("amd64", ""), "x86-64": ("amd64", ""), "i386": ("386", "")}
_ARCH_SPELLINGS |= {"armhf": ("arm", "v7"), "armel": ("arm", "v6")}
_DEFAULT_VARIANT = {"arm64": "v8", "amd64": "v1", "arm": "v7"}


def normal_platform(platform: str) -> list[str]:
    """OS, architecture and variant (empty when none is said or it is the architecture's default) as containerd
    normalizes them: lower case, ``aarch64`` is ``arm64``, ``arm64/v8`` is ``arm64``, a variant ``7`` is ``v7``."""
    os_name, arch, variant = (platform.lower().split("/") + ["", ""])[:3]
    arch, implied = _ARCH_SPELLINGS.get(arch, (arch, ""))
    variant = variant or implied
    variant = f"v{variant}" if variant.isdigit() else variant
    return [os_name, arch, "" if variant == _DEFAULT_VARIANT.get(arch) else variant]


_ARG_LINE = re.compile(r"^\s*ARG\s+(?P<key>[A-Za-z_][A-Za-z0-9_]*)(?:=(?P<value>.*))?$", re.MULTILINE)


@dataclass(frozen=True)
class BuildRequest:
    """What to build.  ``build_args`` are ``KEY=VALUE`` strings as typed on the command line."""

    repo: Path
    version: str
    variant: str | None = None
    rev: str | None = None
    dockerfile: Path | None = None
    platform: str | None = None
    build_args: tuple[str, ...] = ()
    tag: str | None = None
    config_dir: Path = Path(".")
    skip_audit: str | None = None
    builder: str | None = None  # a buildx builder (--builder NAME)
    skip_device_check: bool = False  # an arch list without the fleet's device (an image for other machines)


@dataclass(frozen=True)
class BuildPlan:
    """A request after validation: every value the build will use."""

    request: BuildRequest
    tag: str
    sha: str
    dockerfile: Path
    build_args: dict[str, str]
    arch_list: str | None
    archs: tuple[archprobe.Arch, ...]
    dirty: bool
    fleet: Profile


@dataclass
class BuildReport:
    plan: BuildPlan
    started_at: str
    clock: float  # time.monotonic() at the start, for timings["total"]
    audit: Attestation | None = None
    probe: list[archprobe.ProbeResult] | None = None
    image: ImageInfo | None = None
    check: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    engine: dict[str, str] = field(default_factory=dict)
    error: dict[str, Any] | None = None
    record: Path | None = None
    target: str = ""  # the platform the image must be for: --platform, else the engine's own

    @property
    def ok(self) -> bool:
        return self.error is None and self.image is not None and bool(self.check.get("ok"))

    def as_dict(self) -> dict[str, Any]:
        plan, image = self.plan, self.image
        return {
            "ok": self.ok,
            "error": self.error,
            "tag": plan.tag,
            "image_id": image.id if image else None,
            "size": image.size if image else None,
            "architecture": image.architecture if image else None,
            "image_platform": image.platform if image else None,
            "layers": [{"created_by": lay.created_by, "size": lay.size} for lay in image.layers] if image else [],
            "version": plan.request.version,
            "variant": plan.request.variant,
            "rev": plan.request.rev or "HEAD",
            "revision": plan.sha,
            "repo": str(plan.request.repo),
            "dockerfile": str(plan.dockerfile),
            "platform": plan.request.platform,
            "target_platform": self.target,
            "build_args": plan.build_args,
            "labels": image.labels if image else {},
            "arch_list": plan.arch_list,
            "arch_probe": [p.as_dict() for p in self.probe] if self.probe is not None else None,
            "audit": self.audit.as_dict() if self.audit else None,
            "load_bearing": self.check,
            "timings": self.timings,
            "engine": self.engine,
            "started_at": self.started_at,
            "finished_at": _now(),
            "record": str(self.record) if self.record else None,
        }


# -- preflight: validate everything before anything happens ------------------------------------
def parse_build_args(items: tuple[str, ...]) -> dict[str, str]:
    args: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not _ARG_KEY.fullmatch(key):
            raise UsageError(
                f"--build-arg {quoted(item)} is not KEY=VALUE with a plain KEY",
                "keys are letters, digits and _ (e.g. MAX_JOBS=8)",
            )
        if any(ord(ch) < 32 for ch in value):
            raise UsageError(f"--build-arg {key}: the value holds control characters", "pass a one-line value")
        if key in DERIVED_ARGS:
            raise UsageError(
                f"--build-arg {key} is set by build itself",
                "use --version, --variant or --rev; CREATED is the build time",
            )
        # a key that names a secret, unless its value is a switch (upstream's SCCACHE_S3_NO_CREDENTIALS=0);
        # else a value in a credential's format
        named = _SECRET_KEY.search(key) and value.strip().lower() not in _SWITCHES
        kind = "secret" if named else secretscan.secret_kind(value)
        if kind is not None:
            register_secret(value)
            what = f"--build-arg {key}" if kind == "secret" else f"--build-arg {key}'s value"
            raise UsageError(
                f"{what} looks like a {kind}: build args are stored in the image's history and the build record",
                "give the build its credentials another way (a mirror, a pre-fetched wheel)",
            )
        args[key] = value
    return args


def dockerfile_defaults(text: str) -> dict[str, str]:
    """``ARG KEY=VALUE`` defaults of a Dockerfile (the last one wins, as in a single stage)."""
    return {m["key"]: (m["value"] or "").strip().strip('"') for m in _ARG_LINE.finditer(text) if m["value"] is not None}


def _checked_arch_list(
    dockerfile_text: str, args: dict[str, str], policy: ArchPolicy, devices: bool = True
) -> tuple[str | None, tuple[archprobe.Arch, ...]]:
    # ARG and ENV as the build sets them: upstream's Dockerfile writes `ARG torch_cuda_arch_list=...` and
    # `ENV TORCH_CUDA_ARCH_LIST=${torch_cuda_arch_list}`; reading ARG TORCH_CUDA_ARCH_LIST alone, its
    # `--build-arg torch_cuda_arch_list=` with a bare Blackwell arch (no FP4 suffix) passed unchecked
    settings = arch_baseline.dockerfile_settings(dockerfile_text, args)
    arch_list = args.get("TORCH_CUDA_ARCH_LIST", settings.get("TORCH_CUDA_ARCH_LIST"))
    if arch_list is None:
        return None, ()
    sm100 = args.get("ENABLE_NVFP4_SM100", settings.get("ENABLE_NVFP4_SM100"))
    archs = archprobe.validate(arch_list, sm100, policy)
    if devices:  # (--skip-device-check: an image for other machines than the fleet's)
        archprobe.check_devices(arch_list, archs, policy)
    for later in dict.fromkeys(arch_baseline.dockerfile_values(dockerfile_text, args, "TORCH_CUDA_ARCH_LIST")):
        if later != arch_list:  # another stage's own value: the one a compile there uses
            try:
                later_archs = archprobe.validate(later, sm100, policy)
                if devices:
                    archprobe.check_devices(later, later_archs, policy)
            except UsageError as refused:
                raise UsageError(
                    f"the Dockerfile sets TORCH_CUDA_ARCH_LIST again, to {quoted(later)}: {refused.message}",
                    refused.hint,
                ) from None
    return arch_list, archs


def _checked_options(request: BuildRequest, fleet: Profile) -> tuple[str, Path]:
    names.check_version(request.version)
    names.check_variant(request.variant)
    # in any case, as containerd's platforms.Parse reads it (it lowers each part): `LINUX/ARM64` was refused
    if request.platform is not None and not _PLATFORM.fullmatch(request.platform.lower()):
        raise UsageError(f"platform {quoted(request.platform)} is not OS/ARCH", "e.g. --platform linux/arm64")
    tag = names.check_image_name(request.tag or fleet.image_name(request.version, request.variant))
    dockerfile = request.dockerfile or fleet.support_file(fleet.dockerfile, "image.dockerfile")
    if not dockerfile.is_file():
        why = "is not a regular file" if dockerfile.exists() else files.absent(dockerfile)
        raise UsageError(f"Dockerfile {dockerfile} {why}", "pass --dockerfile the serving image's Dockerfile")
    return tag, dockerfile.resolve()


def _holds_version(git: Git, fleet: Profile, request: BuildRequest, sha: str) -> None:
    """The revision holds the upstream tag it is labelled with, when the repository has that tag.

    ``merge`` leaves the checkout where it was, so ``build --version vX.Y.Z`` right after it built
    the previous fork branch at HEAD and labelled it the new release: an old tree published under
    the new version, every check passing."""
    _holds_no_later(git, request, sha)
    tagged = git.resolve(f"refs/tags/{request.version}")
    if tagged is None or git.is_ancestor(tagged, sha):
        return
    rev = f"--rev {quoted(request.rev)}" if request.rev else "HEAD (build's default --rev)"
    if git.is_shallow():  # the history between them may be cut off: not known to lack it
        raise UsageError(f"cannot tell whether {rev} at {sha[:12]} contains {request.version}", SHALLOW_HINT)
    branch = fleet.branch_for(request.version)
    hint = (
        f"pass --rev {branch}, the branch `aeon-release merge {request.version}` made"
        if git.branch_sha(branch)
        else f"run `aeon-release merge {request.version}` first, then pass --rev {branch}"
    )
    raise UsageError(
        f"{rev} at {sha[:12]} does not contain {request.version}: the image would be labelled "
        f"{request.version} and hold an older tree",
        hint,
    )


def _holds_no_later(git: Git, request: BuildRequest, sha: str) -> None:
    """The revision holds no release tag later than its label: `build --version v0.27.1 --rev FORK-v0.29.0` (a
    version typed from the last release's notes) built v0.29.0's tree as v0.27.1, and publish would have pushed it
    as a v0.27.1 dated tag."""
    label = names.version_key(request.version)
    later = [tag for tag in git.tags_in(sha) if (version := names.parse_version(tag)) is not None and version > label]
    if not later:
        return
    newest = max(later, key=names.version_key)
    rev = f"--rev {quoted(request.rev)}" if request.rev else "HEAD (build's default --rev)"
    raise UsageError(
        f"{rev} at {sha[:12]} contains {quoted(newest)}, a later release than {request.version}: the image "
        f"would be labelled {request.version} and hold a newer tree",
        f"pass --version {newest}, or --rev the revision of {request.version}",
    )


def _checked_rev(rev: str) -> str:
    if not _REV.fullmatch(rev) or ".." in rev:
        raise UsageError(f"--rev {quoted(rev)} is not a valid revision", "pass a branch, tag, commit or HEAD~N")
    return rev


@dataclass(frozen=True)
class Preflight:
    """What a build request checks to without the revision (which the release merges first)."""

    fleet: Profile
    tag: str
    dockerfile: Path
    args: dict[str, str]
    arch_list: str | None
    archs: tuple[archprobe.Arch, ...]


def preflight(request: BuildRequest) -> Preflight:
    """The options, the profile, the Dockerfile, the build args and the arch list; no git, no engine."""
    fleet = profile_mod.load(request.config_dir)
    tag, dockerfile = _checked_options(request, fleet)
    args = parse_build_args(request.build_args)
    text = files.read_capped(dockerfile, f"Dockerfile {dockerfile}")
    if text is None:
        raise UsageError(
            f"Dockerfile {dockerfile} {files.absent(dockerfile)}", "pass --dockerfile or set image.dockerfile"
        )
    arch_list, archs = _checked_arch_list(
        text.decode("utf-8", "replace"), args, fleet.arch, devices=not request.skip_device_check
    )
    # there, in the config folder, and naming a part: before anything is built
    loadbearing.load(loadbearing.support_files(fleet)[loadbearing.LIST_FILE])
    if request.rev:
        _checked_rev(request.rev)
    buildkit.check_builder_name(request.builder)  # a release merged, then refused `--builder -x` at its build
    return Preflight(fleet, tag, dockerfile, args, arch_list, archs)


def plan(request: BuildRequest) -> BuildPlan:
    """Validate the request without touching the engine; raise before any side effect."""
    checked = preflight(request)
    fleet, tag, dockerfile, args, arch_list, archs = (
        checked.fleet,
        checked.tag,
        checked.dockerfile,
        checked.args,
        checked.arch_list,
        checked.archs,
    )
    git = Git(request.repo)
    rev = request.rev or "HEAD"
    refuse_ambiguous(request.repo, rev, "--rev")
    sha = git.resolve(rev)
    if sha is None:
        raise no_commit(request.repo, rev, hint="pass --rev a branch, tag or commit")
    _holds_version(git, fleet, request, sha)
    # the work tree's edits are left out of a build of HEAD only: of any other revision they were never part
    # (init's ledger files, untracked at the top of the checkout, said so of every `build --rev BRANCH`)
    dirty = sha == git.resolve("HEAD") and bool(git.status_porcelain().strip())
    derived = {"VERSION": request.version, "REVISION": sha, "VARIANT": request.variant or "", "CREATED": _now()}
    return BuildPlan(request, tag, sha, dockerfile, {**args, **derived}, arch_list, archs, dirty, fleet)


def actions(the_plan: BuildPlan) -> list[str]:
    """What building this plan does, in order (``build --dry-run`` and the release's dry run print it)."""
    args = ", ".join(f"{k}={v}" for k, v in sorted(the_plan.build_args.items()) if k != "CREATED")
    probe = (
        f"arch list {the_plan.arch_list}: probe FP4 code generation with nvcc"
        if the_plan.archs
        else f"arch list {the_plan.arch_list or '(none)'}: no FP4 target to probe"
    )
    return [f"build {the_plan.tag} from {the_plan.sha[:12]} with {the_plan.dockerfile}", f"build args: {args}", probe]


def dry_run(request: BuildRequest, json_out: bool) -> None:
    """`build --dry-run`: the preflight, and what the build would do; no engine, nothing built.  The audit gate
    and the engine's checks (builder, platform) are the real run's: they need the engine or take seconds."""
    the_plan = plan(request)
    gate = (
        f"build without the audit gate (--skip-audit: {request.skip_audit})"
        if request.skip_audit is not None
        else f"audit {the_plan.sha[:12]} first: error-level findings stop the build"
    )
    platform = request.platform or "the engine's own"
    steps = [
        gate,
        *actions(the_plan),
        f"check the image is for {platform} platform and holds every load-bearing part; record it",
    ]
    if json_out:
        emit_json(
            {
                "dry_run": True,
                "tag": the_plan.tag,
                "revision": the_plan.sha,
                "dockerfile": str(the_plan.dockerfile),
                "build_args": {k: v for k, v in the_plan.build_args.items() if k != "CREATED"},
                "arch_list": the_plan.arch_list,
                "platform": request.platform,
                "actions": steps,
            }
        )
    for line in steps:
        show(plain(line), json_out)
    say("dry run: nothing was built; the same command without --dry-run builds it")


# -- the build ---------------------------------------------------------------------------------
# The stages past every refusal (engine, builder, audit gate, probe): off a terminal each says its line at once.
_BUILDING = ("building the image", "checking the image (platform, load-bearing parts)")


def build_image(request: BuildRequest, on_event: Callable[[BuildEvent], None] | None = None) -> BuildReport:
    """Preflight, probe, build, check and record one image.  The release pipeline calls this.

    Raises UsageError/GitError (bad input, exit 2) or ServiceError (engine down, exit 2) before
    anything is built; NeedsHuman (exit 1) when the audits fail, the build fails or the built image
    lacks a load-bearing part (the record file is written in those last two cases too).
    """
    return finish_build(start_build(request), on_event)


def start_build(request: BuildRequest) -> BuildReport:
    """The preflight: the plan and the report it starts (UsageError/GitError, exit 2, before anything runs)."""
    clock = time.monotonic()
    the_plan = plan(request)
    if the_plan.dirty:
        say(f"note: {request.repo} has uncommitted changes; building the commit {the_plan.sha[:12]} only")
    report = BuildReport(the_plan, the_plan.build_args["CREATED"], clock)
    common_dir = Git(request.repo).common_dir
    files.check_writable(RunStore.build_record(common_dir, the_plan.tag), "build record")
    files.check_writable(RunStore.attestation_record(common_dir, "0"), "provenance record")
    return report


def finish_build(
    report: BuildReport,
    on_event: Callable[[BuildEvent], None] | None = None,
    on_stage: Callable[[str], None] | None = None,
) -> BuildReport:
    """Probe, build, check and record the image of a started report; on NeedsHuman (exit 1) the report
    holds how far it got and, in ``error``, why it stopped.  ``on_stage(name)`` says each stage as it starts."""
    try:
        _finish(report, on_event, on_stage or (lambda name: None))
    except NeedsHuman as stopped:
        if report.error is None:  # the audit gate or the arch probe: stopped before the build
            report.error = {"message": stopped.message, "step": None, "tail": []}
        raise
    return report


def _finish(
    report: BuildReport, on_event: Callable[[BuildEvent], None] | None, on_stage: Callable[[str], None]
) -> None:
    the_plan, request = report.plan, report.plan.request
    on_stage("connecting to the engine")
    with Engine.connect() as engine:
        builder = buildkit.find_builder(request.builder)
        report.engine = {
            "docker_host": os.environ.get("DOCKER_HOST", "(default socket)"),
            "version": engine.version(),
            "builder": builder.describe(),
        }
        report.target = request.platform or engine.platform()
        on_stage("audit gate" if request.skip_audit is None else "audit gate skipped")
        report.audit = audited_revision(request.repo, the_plan.sha, request.config_dir, request.skip_audit)
        report.timings["preflight"] = _since(report.clock)
        if the_plan.archs:
            on_stage("arch probe")
        report.probe = _probe(the_plan, report)
        _build_and_check(engine, builder, report, on_event, on_stage)


def _probe(the_plan: BuildPlan, report: BuildReport) -> list[archprobe.ProbeResult] | None:
    clock = time.monotonic()
    results = archprobe.probe_all(the_plan.archs, the_plan.fleet.arch) if the_plan.archs else None
    report.timings["probe"] = _since(clock)
    for result in results or []:
        if not result.ok:
            raise NeedsHuman(
                f"arch probe {result.arch}: {result.detail}",
                "the local nvcc does not generate FP4 code for this target; check the CUDA version",
            )
    return results


def _build_and_check(
    engine: Engine,
    builder: buildkit.Builder,
    report: BuildReport,
    on_event: Callable[[BuildEvent], None] | None,
    on_stage: Callable[[str], None],
) -> None:
    the_plan = report.plan
    on_stage(_BUILDING[0])
    labels = report.audit.labels() if report.audit else {}
    try:
        clock = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="aeon-build-") as tmp:
            spec = buildkit.BuildSpec(
                _context_dir(the_plan, Path(tmp)),
                f"{CONTEXT_DIR}/Dockerfile",
                the_plan.tag,
                the_plan.build_args,
                labels,
                the_plan.request.platform,
            )
            image_id = buildkit.build(builder, spec, on_event)
        report.timings["build"] = _since(clock)
        report.image = engine.inspect(image_id)
        on_stage(_BUILDING[1])
        _check(engine, report)
    except BuildFailed as failed:
        failed = _named_parts(failed)
        report.error = {"message": failed.message, "step": failed.step, "tail": list(failed.tail)}
        _write_record(report)
        raise failed from None
    if report.check["ok"]:
        _write_record(report)
        _record_provenance(report)
        return
    missing = NeedsHuman(
        f"image {the_plan.tag} lacks load-bearing part(s): {', '.join(report.check['missing'])}",
        "the image was removed; add the missing parts to the Dockerfile and build again",
    )
    _refuse_image(engine, report, missing, "load-bearing check of the built image", report.check["missing"])


def _named_parts(failed: BuildFailed) -> BuildFailed:
    """When the Dockerfile's load-bearing check is what failed, say which parts are missing; when
    a foreign-architecture binary could not run, say how to register QEMU."""
    missing = loadbearing.missing_from_output("\n".join(failed.tail))
    if not missing and "exec format error" in "\n".join((failed.message, *failed.tail)):
        return BuildFailed(
            failed.message,
            "this engine cannot run the target platform's binaries: register QEMU "
            "(Debian: qemu-user-static binfmt-support; mount -t binfmt_misc binfmt_misc "
            "/proc/sys/fs/binfmt_misc; update-binfmts --enable qemu-aarch64)",
            failed.step,
            failed.tail,
        )
    if not missing:
        return failed
    return BuildFailed(
        f"load-bearing part(s) missing: {', '.join(missing)} ({failed.message})",
        "add them to the Dockerfile's runtime stage and build again",
        failed.step,
        failed.tail,
    )


def _context_dir(the_plan: BuildPlan, workdir: Path) -> Path:
    """The revision's files as git stores them (the blobs its audit read: ``blobs.write_tree``, not
    ``git archive``, which applies the commit's ``.gitattributes``), plus the support files and the
    Dockerfile."""
    context = workdir / "context"
    write_tree(the_plan.request.repo, the_plan.sha, context)
    target = context / CONTEXT_DIR
    # The support folder is the tool's: whatever the commit holds there goes.  A committed
    # `.aeon-release -> ~/.ssh` (or a `Dockerfile` link inside it) had the copies below written through
    # the link, outside the context; a committed Dockerfile there would be built instead of the fleet's.
    if target.is_symlink() or target.is_file():
        target.unlink()
    elif target.is_dir():
        shutil.rmtree(target)  # never follows a link inside
    target.mkdir()
    for name, path in loadbearing.support_files(the_plan.fleet).items():
        shutil.copy2(path, target / name)
    shutil.copy2(the_plan.dockerfile, target / "Dockerfile")
    # The Dockerfile's own ignore file, which BuildKit reads instead of the context's `.dockerignore`: the
    # commit's `.dockerignore` (a line `pkg/carried.py`) left files its audit read out of the image, as
    # `export-ignore` did under `git archive`.  The context is the audited tree, whole.
    (target / "Dockerfile.dockerignore").write_text(IGNORE_NOTHING)
    return context


IGNORE_NOTHING = (
    "# Written by aeon-release: the build's context is the audited revision, whole.  BuildKit reads this\n"
    "# file instead of the context's .dockerignore, so what the commit's .dockerignore lists is built too.\n"
)


def _verify_platform(engine: Engine, report: BuildReport, machine: str | None) -> None:
    """The image must be for the platform asked for (or the engine's own), by its config AND by
    what its binaries are (``uname -m`` in a container: under QEMU an arm64 shell says aarch64).
    BuildKit writes the target platform into the config even when a ``FROM --platform=`` line
    pulled in another architecture's files; a wrong image only shows on the device, hours later."""
    assert report.image is not None
    want, config = normal_platform(report.target), report.image.platform
    have = normal_platform(config)
    ran = UNAME_ARCH.get(machine or "")
    got = config
    if ran is not None and ran != have[1]:
        got = f"{config} by its config, but its binaries are {machine} (linux/{ran})"
    if got == config and have[:2] == want[:2] and (not have[2] or not want[2] or have[2] == want[2]):
        return
    error = NeedsHuman(
        f"image {report.plan.tag} is {got}; the build was for {report.target}",
        "the image was removed; check FROM --platform lines and the base image's architecture",
    )
    _refuse_image(engine, report, error, "platform check of the built image", [f"wanted {report.target}", f"got {got}"])


def _refuse_image(engine: Engine, report: BuildReport, error: NeedsHuman, step: str, tail: list[str]) -> NoReturn:
    """A built image a check refused: the report says why, the record is written, the image removed."""
    assert report.image is not None
    report.error = {"message": error.message, "step": step, "tail": tail}
    _write_record(report)
    engine.remove(report.image.id)
    raise error


def _check(engine: Engine, report: BuildReport) -> None:
    """Run the load-bearing check script in a container of the image (which also says what
    machine its shell is for); verify the platform; check the labels here."""
    assert report.image is not None
    clock = time.monotonic()
    support = loadbearing.support_files(report.plan.fleet)
    files = {
        f"aeon-check/{name}": support[name].read_bytes() for name in (loadbearing.CHECK_SCRIPT, loadbearing.LIST_FILE)
    }
    script = (
        f'echo "{MACHINE_LINE}$(uname -m 2>/dev/null)"; '
        f"exec /bin/sh /aeon-check/{loadbearing.CHECK_SCRIPT} /aeon-check/{loadbearing.LIST_FILE}"
    )
    status, output = _run_check(engine, report, files, ["/bin/sh", "-c", script])
    machine = next(
        (line[len(MACHINE_LINE) :].strip() for line in output.splitlines() if line.startswith(MACHINE_LINE)), None
    )
    output = "\n".join(line for line in output.splitlines() if not line.startswith(MACHINE_LINE))
    _verify_platform(engine, report, machine)
    parts = loadbearing.load(support[loadbearing.LIST_FILE])
    missing = loadbearing.missing_from_output(output) + loadbearing.missing_labels(parts, report.image.labels)
    missing += _wrong_labels(report)
    if status != 0 and not missing:
        missing = [f"(check script exit {status}: {output.strip().splitlines()[-1:] or 'no output'})"]
    report.check = {"ok": not missing, "checked": len(parts), "missing": missing, "output": output.strip()}
    report.timings["check"] = _since(clock)


def _run_check(engine: Engine, report: BuildReport, files: dict[str, bytes], argv: list[str]) -> tuple[int, str]:
    """The check container's exit status and output; an image whose shell prints without end fails the check: it
    was exit 2 with no report, no record and the image left in place."""
    assert report.image is not None
    try:
        return engine.run_files(report.image.id, files, argv)
    except TooMuchOutput as too_much:
        error = NeedsHuman(too_much.message, f"the image was removed; {too_much.hint}")
        _refuse_image(engine, report, error, "load-bearing check of the built image", [])


def _wrong_labels(report: BuildReport) -> list[str]:
    """The OCI labels must say what was built."""
    assert report.image is not None
    want = {
        "org.opencontainers.image.revision": report.plan.sha,
        LABEL_VERSION: report.plan.request.version,
    }
    labels = report.image.labels
    return [
        f"label {key} is {quoted(labels[key])}, not {quoted(value)}"
        for key, value in want.items()
        if labels.get(key) and labels[key] != value
    ]


def _write_record(report: BuildReport) -> None:
    report.timings["total"] = _since(report.clock)
    report.record = RunStore.build_record(Git(report.plan.request.repo).common_dir, report.plan.tag)
    write_json(report.record, report.as_dict())


def _record_provenance(report: BuildReport) -> None:
    """The image id this build made and checked, with its audit result: what publish trusts."""
    assert report.image is not None and report.audit is not None
    common_dir = Git(report.plan.request.repo).common_dir
    attestation.record(
        common_dir,
        attestation.Provenance(
            report.image.id,
            report.plan.tag,
            report.plan.sha,
            report.image.platform,
            report.started_at,
            report.audit.as_dict(),
            report.plan.request.variant,
        ),
    )


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _since(clock: float) -> float:
    return round(time.monotonic() - clock, 2)


# -- the command -------------------------------------------------------------------------------
def run(request: BuildRequest, json_out: bool) -> None:
    """`aeon-release build`: stream the build with progress, then the report (stderr / --json)."""
    report: BuildReport | None = None
    what = f"build {request.version}{'-' + request.variant if request.variant else ''}"
    try:
        with progress() as bar, stage_lines(what) as lines:
            task = bar.add_task("preflight", total=None)

            def on_stage(name: str) -> None:  # the bar on a terminal, a line elsewhere (each is a no-op otherwise)
                bar.update(task, description=name)
                # until the build starts, a stage can refuse (no engine, no builder): its one error line stands alone
                lines.update(f"{what}: {name}", line=name in _BUILDING)

            on_stage("preflight")
            report = start_build(request)
            finish_build(report, on_event=_progress_printer(bar, task), on_stage=on_stage)
    except NeedsHuman as failed:
        # a verdict (exit 1) is a report like a pass, as audit's and merge's are: `build --json | jq .ok` read an
        # empty stdout for a failed step, a missing part or a wrong platform.  Refused input (exit 2) stays off it.
        if isinstance(failed, BuildFailed):
            for line in failed.tail:
                console.print(f"  | {line}", markup=False, highlight=False)
        if json_out and report is not None:
            emit_json(report.as_dict())
        raise
    if json_out:
        emit_json(report.as_dict())
    _say_report(report, json_out)


def _progress_printer(bar: Any, task: Any) -> Callable[[BuildEvent], None]:
    def on_event(event: BuildEvent) -> None:
        if is_quiet():
            return
        if event.cached:
            console.print(f"  {event.text}", markup=False, highlight=False, style="dim green")
        elif event.step is not None:
            bar.update(
                task,
                description=f"step {event.step}/{event.total}: {event.text[:60]}",
                total=event.total,
                completed=event.step - 1,
            )
            console.print(f"[bold]step {event.step}/{event.total}[/]: {event.text}", highlight=False)
        else:
            console.print(f"  {event.text}", markup=False, highlight=False, style="dim")

    return on_event


def _say_report(report: BuildReport, json_out: bool = False) -> None:
    """The build report: the command's primary output (stdout; stderr when stdout carries --json)."""

    def say(line: str) -> None:
        show(line, json_out)

    data = report.as_dict()
    say(f"[green]built[/] {data['tag']}  {data['image_id']}  {human_size(data['size'])} ({data['size']} bytes)")
    say(f"  revision {data['revision']}  audit: {data['audit']['status'] if data['audit'] else '-'}")
    say(
        f"  platform {data['image_platform']} (wanted {data['target_platform']})  builder: {plain(data['engine']['builder'])}"
    )
    for layer in data["layers"]:
        say(f"  layer {human_size(layer['size']):>10}  {plain(layer['created_by'][:90])}")
    say("  build args: " + ", ".join(f"{k}={v}" for k, v in sorted(data["build_args"].items())))
    for probe in data["arch_probe"] or []:
        say(
            f"  arch probe {probe['arch']}: FP4 {'present' if probe['fp4_in_ptx'] else 'absent'} ({plain(probe['detail'])})"
        )
    if data["arch_probe"] is None:
        say("  arch probe: skipped (no nvcc on this machine)" if data["arch_list"] else "  arch probe: no arch list")
    say(f"  load-bearing: all {data['load_bearing']['checked']} parts present")
    say("  timings: " + ", ".join(f"{k} {v}s" for k, v in data["timings"].items()))
    say(f"  record: {data['record']}")
