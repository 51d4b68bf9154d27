"""The fleet profile: ``fleet.yaml`` beside carries.yaml, everything that makes a fleet this fleet.

The engine knows nothing about any one fork: the branch prefix, the image name, the Dockerfile, the
load-bearing list and entrypoint, the arch policy, the upstream PR-subject convention, the canary's
metric names (the bands stay in canary.yaml beside it), the release-notes heading and the signing key all come from here.  The
file is validated against ``data/schemas/fleet.schema.json`` (shipped for editors too); an error
names the field (``fleet.yaml: image.repository: ...``).  Defaults exist only where they are
generic (GitHub's squash-merge subject, a ``Dockerfile`` beside the profile).
"""

from __future__ import annotations

import contextlib
import fnmatch
import hashlib
import json
import os
import re
import select
import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aeon_release.adapters.schemas import SCHEMAS
from aeon_release.adapters.yamlio import Where, document, load_yaml, parse_yaml, read_text, type_name
from aeon_release.errors import ConfigError, printable, quoted
from aeon_release.grammar import GITHUB_PR_SUBJECT
from aeon_release.streams import flushed, lone_thread

if TYPE_CHECKING:
    import jsonschema

PROFILE_FILE = "fleet.yaml"
PROFILE_GUIDE = "see the schema: aeon-release ledger schema fleet"


@dataclass(frozen=True)
class ArchPolicy:
    """Which CUDA targets must carry an ``a``/``f`` suffix, and the one-major rule for the SM100 kernels."""

    fp4_majors: frozenset[int] = frozenset()
    only_major: int | None = None
    example: str = "write arch-specific targets such as 9.0a"
    devices: tuple[str, ...] = ()  # the fleet's GPUs' compute capabilities: an image must run on each


@dataclass(frozen=True)
class CanaryMetrics:
    """The Prometheus counter names (without ``_total``) of the speculative decoder."""

    drafts: str
    draft_tokens: str
    accepted: str
    accepted_per_pos: str

    @property
    def counters(self) -> tuple[str, str, str, str]:
        return (self.drafts, self.draft_tokens, self.accepted, self.accepted_per_pos)


@dataclass(frozen=True)
class Profile:
    root: Path  # the folder holding fleet.yaml; relative paths in it start here
    branch_prefix: str
    repository: str
    dockerfile: Path
    load_bearing: Path | None = None
    entrypoint: Path | None = None
    hidden_build_args: tuple[str, ...] = ()
    pr_subject: Any = field(default_factory=lambda: _regex(GITHUB_PR_SUBJECT))  # RE2: search(), pattern, groups
    arch: ArchPolicy = ArchPolicy()
    canary_metrics: CanaryMetrics | None = None
    notes_heading: str = "{tag}"
    signing_key: Path | None = None

    def branch_for(self, tag: str) -> str:
        return self.branch_prefix + tag

    def image_name(self, version: str, variant: str | None) -> str:
        return f"{self.repository}:{version}{'-' + variant if variant else ''}"

    def hides_build_arg(self, key: str) -> bool:
        return any(fnmatch.fnmatchcase(key, pattern) for pattern in self.hidden_build_args)

    def heading(self, tag: str) -> str:
        return self.notes_heading.replace("{tag}", tag)

    def support_file(self, path: Path, field: str) -> Path:
        """``path``, which ``field`` of fleet.yaml names, if it stays in the config folder once its
        symbolic links are followed: the build copies it into the image's context (an entrypoint
        linked to ~/.ssh/id_ed25519 would ship in the image).  The schema already refuses ``..`` and
        absolute paths; a link is only seen here."""
        try:
            inside = path.resolve().is_relative_to(self.root.resolve())
        except (OSError, RuntimeError):  # a link loop
            inside = False
        if not inside:
            raise ConfigError(
                f"{self.root / PROFILE_FILE}: {field}: {printable(str(path.relative_to(self.root)))} leads outside "
                "the config folder (through a symbolic link)",
                "keep the build's files in the config folder: copy the file there instead of linking to it",
            )
        return path

    def metrics(self) -> CanaryMetrics:
        if self.canary_metrics is None:
            raise ConfigError(
                f"{self.root / PROFILE_FILE}: canary.metrics: required by `canary`",
                "add it: the metric names of the drafter's counters drafts, draft_tokens, accepted, "
                "accepted_per_pos (`aeon-release ledger schema fleet`; init writes none)",
            )
        return self.canary_metrics


# One merge reads the profile several times (the plan, each load of the audit rules, the release's
# stages): each text is parsed and validated once per process (the pure-Python YAML parse is ~20 ms).
_LOADED: dict[tuple[Path, str], Profile] = {}


def load(config_dir: Path, stamps: Path | None = None) -> Profile:
    """The profile in ``<config_dir>/fleet.yaml``; a missing file is an error naming what to add.

    ``stamps`` (the findings cache's folder) remembers the texts that passed the schema: one of them
    is not checked again (jsonschema alone is 0.1 s to import), and a text that passes is stamped."""
    return _loaded(config_dir, read_text(config_dir / PROFILE_FILE, PROFILE_FILE), stamps)


def _loaded(config_dir: Path, text: str | None, stamps: Path | None) -> Profile:
    """``load`` of a text already read (None: no file)."""
    if text is not None and (config_dir, text) in _LOADED:
        return _LOADED[(config_dir, text)]
    if text is None:
        raise ConfigError(
            f"{config_dir / PROFILE_FILE}: no fleet profile here",
            "pass --config the folder holding fleet.yaml (branch_prefix and image.repository at least); "
            "a fork with none yet: `aeon-release init` writes it and the ledger",
        )
    data = document(text, PROFILE_FILE, _NO_PROFILE)
    stamp = _stamp(text, stamps)
    _await_ahead(config_dir)
    checked = stamp is not None and stamp.is_file()
    profile = parse(data, config_dir, checked=checked)
    if stamp is not None and not checked:
        _put_stamp(stamp)
    _LOADED[(config_dir, text)] = profile
    return profile


# an empty fleet.yaml was "no fleet profile here", of a file that is there
_NO_PROFILE = "write the profile (branch_prefix and image.repository at least), or restore it from version control"


def pr_subject_of(config_dir: Path) -> str | None:
    """fleet.yaml's ``upstream.pr_subject`` alone (None without a profile), checked like the whole
    profile checks it.  The audit needs nothing else of the profile, so it skips the schema (the
    commands that use the whole profile validate it; jsonschema alone is 0.1 s to import)."""
    path = config_dir / PROFILE_FILE
    data = load_yaml(path, PROFILE_FILE, empty=_NO_PROFILE)
    return None if data is None else _pr_subject(data).pattern


def branch_prefix_of(config_dir: Path) -> str | None:
    """fleet.yaml's ``branch_prefix`` without the whole schema (None unless it is of the schema's form,
    or when the file cannot be read): for work that may start early and is checked again with the whole profile."""
    try:
        data = load_yaml(config_dir / PROFILE_FILE, PROFILE_FILE, empty=_NO_PROFILE)
    except ConfigError:
        return None
    prefix = data.get("branch_prefix") if isinstance(data, dict) else None
    form = SCHEMAS["fleet"]["properties"]["branch_prefix"]["pattern"]
    if not isinstance(prefix, str) or not re.match(form, prefix) or prefix.startswith("refs/"):
        return None
    from aeon_release.adapters.git import ref_name_problem

    return prefix if ref_name_problem(prefix + "v0.0.0") is None else None


def check_file(config_dir: Path, stamps: Path | None) -> None:
    """The whole profile checked against its schema, as `merge` and `ledger check` check it (the PR
    gate runs `audit`, which reads little of it), once per text (see ``load``).  No profile: nothing."""
    text = read_text(config_dir / PROFILE_FILE, PROFILE_FILE)
    if text is not None:
        _loaded(config_dir, text, stamps)


def _stamp(text: str, stamps: Path | None) -> Path | None:
    """The stamp of a text that passed this schema: named by both."""
    if stamps is None:
        return None
    named = json.dumps(SCHEMAS["fleet"], sort_keys=True) + "\0" + text
    digest = hashlib.sha256(named.encode("utf-8", "surrogateescape")).hexdigest()
    return stamps / f"fleet-{digest[:32]}.ok"


# The profile's schema checked ahead, by a child forked at the start of a merge: jsonschema's import and the
# check (~60 ms of CPU, a fifth of the command's own before the merge) then run on the other core while this
# process waits on git for the plan's first reads.  The child only ever writes the stamp of a text that passed;
# ``load`` waits for it, then trusts nothing but a stamp named by that text and this schema (benchmarks/merge_cpu.md).
_AHEAD: dict[Path, tuple[int, int]] = {}  # config folder -> (the child's pid, the read end of its pipe)
_AHEAD_WAIT = 10.0  # seconds: a child still checking then is stopped, and the check is made here


def check_ahead(config_dir: Path, stamps: Path) -> None:
    """Start checking ``config_dir``'s profile against the schema in a forked child (nothing when no
    fork is safe: a thread running, output not written out, or no fork at all)."""
    if config_dir in _AHEAD or not hasattr(os, "fork") or not lone_thread() or not flushed():
        return
    try:
        read_end, write_end = os.pipe()
    except OSError:
        return
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return
    if pid == 0:
        _stamp_ahead(config_dir, stamps, read_end)
    os.close(write_end)  # the child's end: closed, it says the child is done
    _AHEAD[config_dir] = (pid, read_end)


def _stamp_ahead(config_dir: Path, stamps: Path, read_end: int) -> None:
    """The forked child: stamp the profile's text if it passes the schema, then out without the parent's
    exit handlers (``os._exit``).  Anything else (no file, bad YAML, a schema error) leaves no stamp:
    ``load`` finds none and says what is wrong itself."""
    status = 1
    try:
        os.close(read_end)
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):  # the command's own handlers: not here
            signal.signal(number, signal.SIG_DFL)
        text = read_text(config_dir / PROFILE_FILE, PROFILE_FILE)
        stamp = _stamp(text, stamps) if text is not None else None
        if text is not None and stamp is not None and not stamp.is_file():
            data = document(text, PROFILE_FILE, _NO_PROFILE)
            if isinstance(data, dict):
                _validate(data)
                _put_stamp(stamp)
        status = 0
    finally:
        os._exit(status)


def _await_ahead(config_dir: Path) -> None:
    """Wait for the child checking ``config_dir``'s profile, if one was started (a child still at it
    after ``_AHEAD_WAIT`` is stopped)."""
    started = _AHEAD.pop(config_dir, None)
    if started is None:
        return
    pid, read_end = started
    try:
        if not select.select([read_end], [], [], _AHEAD_WAIT)[0]:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):  # reaped by someone else (SIGCHLD ignored)
            os.waitpid(pid, 0)
    finally:
        os.close(read_end)


def _put_stamp(stamp: Path) -> None:
    with contextlib.suppress(OSError):  # a stamp is only a saving
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.touch()
        for old in sorted(stamp.parent.glob("fleet-*.ok"), key=lambda p: p.stat().st_mtime)[:-_STAMPS]:
            old.unlink()


_STAMPS = 8  # profiles in use at once (branches, a change being tried)


def parse_text(text: str, root: Path) -> Profile:
    return parse(parse_yaml(text, PROFILE_FILE), root)


def parse(data: Any, root: Path, checked: bool = False) -> Profile:
    """``data`` as a Profile, checked against the schema unless it passed before (``checked``)."""
    if not isinstance(data, dict):  # said as every config file says it
        raise Where(PROFILE_FILE, guide=PROFILE_GUIDE).fail(f"expected a mapping, got {type_name(data)}")
    if not checked:
        _validate(data)
    image, arch, canary = data["image"], data.get("arch") or {}, data.get("canary") or {}
    _check_branch_prefix(data["branch_prefix"])
    metrics = canary.get("metrics")
    return Profile(
        root=root,
        branch_prefix=data["branch_prefix"],
        repository=image["repository"],
        dockerfile=root / image.get("dockerfile", "Dockerfile"),
        load_bearing=_path(root, image.get("load_bearing")),
        entrypoint=_path(root, image.get("entrypoint")),
        hidden_build_args=tuple(image.get("hidden_build_args") or ()),
        pr_subject=_pr_subject(data),
        arch=ArchPolicy(
            frozenset(arch.get("fp4_majors") or ()),
            arch.get("only_major"),
            arch.get("example") or ArchPolicy.example,
            tuple(arch.get("devices") or ()),
        ),
        canary_metrics=CanaryMetrics(**metrics) if metrics else None,
        notes_heading=(data.get("notes") or {}).get("heading", "{tag}"),
        signing_key=_path(root, data.get("signing_key")),
    )


def _validate(data: Any) -> None:
    import jsonschema  # 0.1 s to import: only where the whole profile is read

    validator = jsonschema.Draft202012Validator(SCHEMAS["fleet"])
    error = min(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), e.message), default=None)
    if error is None:
        return
    where = Where(PROFILE_FILE, guide=PROFILE_GUIDE)
    for part in error.absolute_path:
        where = where.index(part) if isinstance(part, int) else where.key(str(part))
    missing = re.match(r"'([^']+)' is a required property", str(error.message))
    if error.validator == "required" and missing:
        raise where.key(missing[1]).fail("required", "see the schema: aeon-release ledger schema fleet")
    raise where.fail(_problem(error), "see the schema: aeon-release ledger schema fleet")


def _problem(error: jsonschema.ValidationError) -> str:
    """jsonschema's message with the value it quotes whole (a list of 30,000 items made a 90 KB line)
    quoted as every other value is: ASCII, at most 60 characters."""
    if error.validator == "additionalProperties":
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = [key for key in error.instance if key not in known] if isinstance(error.instance, dict) else []
        return f"unknown key ({', '.join(quoted(key) for key in extra[:3])} was unexpected)"
    if error.validator == "pattern":
        return f"{quoted(error.instance)} is not of the expected form"
    message, whole = str(error.message), repr(error.instance)
    if message.startswith(whole):
        message = quoted(error.instance) + message[len(whole) :]
    return message if len(message) <= 300 else message[:297] + "..."


def _path(root: Path, value: str | None) -> Path | None:
    return root / value if value else None


def _check_branch_prefix(prefix: str) -> None:
    """The prefix and a tag make a name git takes for a branch: ``a..b`` or ``x.lock/`` passed the schema,
    and a merge did all its work before git refused to create ``a..bv0.29.0`` (and ``--continue`` could
    only fail the same way, the branch pinned by the run)."""
    from aeon_release.adapters.git import ref_name_problem

    problem = ref_name_problem(prefix + "v0.0.0")
    if problem is not None or prefix.startswith("refs/"):
        raise (
            Where(PROFILE_FILE, guide=PROFILE_GUIDE)
            .key("branch_prefix")
            .fail(
                f"{quoted(prefix)} makes branch names git refuses or misreads ({problem or 'under refs/'})",
                "a prefix such as myfork- or fork/: the fork's branches are PREFIX + upstream tag",
            )
        )


def _pr_subject(data: Any) -> Any:
    """``upstream.pr_subject`` compiled (the GitHub default when unset), checked without the schema."""
    where = Where(PROFILE_FILE, guide=PROFILE_GUIDE)
    if data is not None and not isinstance(data, dict):
        raise where.fail(f"expected a mapping, got {type_name(data)}")
    upstream = data.get("upstream") if isinstance(data, dict) else None
    if upstream is not None and not isinstance(upstream, dict):
        raise where.key("upstream").fail(f"expected a mapping, got {type_name(upstream)}")
    value = upstream.get("pr_subject") if isinstance(upstream, dict) else None
    if value is not None and not isinstance(value, str):
        raise (
            Where(PROFILE_FILE, guide=PROFILE_GUIDE)
            .key("upstream")
            .key("pr_subject")
            .fail(f"{quoted(value)} is not of type 'string'", "see the schema: aeon-release ledger schema fleet")
        )
    return _regex(value or GITHUB_PR_SUBJECT)


_RE2_HINT = r"e.g. \(#(\d+)\)\s*$; no look-around or back-references (RE2 runs it, in time linear in a subject)"


def _regex(text: str) -> Any:
    from aeon_release.domain.audits import linear  # RE2: a subject can never hold the merge plan

    try:
        pattern = linear.compile_subject(text)
    except linear.Unsupported as exc:
        raise ConfigError(
            f"{PROFILE_FILE}: upstream.pr_subject: not a regular expression RE2 runs ({exc})", _RE2_HINT
        ) from None
    if pattern.groups < 1:
        raise ConfigError(
            f"{PROFILE_FILE}: upstream.pr_subject: needs a group for the PR number", r"e.g. \(#(\d+)\)\s*$"
        )
    if linear.matches_empty(pattern):  # every subject "named" a PR (group 1 empty, or a PR number of nothing)
        raise ConfigError(
            f"{PROFILE_FILE}: upstream.pr_subject: {quoted(text)} matches the empty string", linear.EMPTY_HINT
        )
    return pattern
