"""Run state: one JSON record per release run, under the fork's git directory.

``RunStore(git_dir, tag)`` owns every path under ``<git-common-dir>/aeon-release/``: the run folders
``runs/<tag>/`` (state.json, report.json, record.json, pipeline.json, and the seals of the
four the tool acts on: state.sealed, report.sealed, record.sealed, pipeline.sealed), ``worktrees/<tag>``,
``builds/<image>.json``, ``attestations/<image id>.json``, the lock and scratch files.  State lives under the git dir so that it is shared by every linked
worktree and never shows up as untracked files in the user's checkout.  Writes are atomic
(write a temporary file, then rename), so a run killed at any point leaves either the old or the
new record, never half of one.
"""

from __future__ import annotations

import contextlib
import enum
import fcntl
import hashlib
import json
import os
import re
import shutil
import stat
import tempfile
import time
import types
import typing
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import IO, Any, Protocol

from aeon_release.adapters import files, jsonio
from aeon_release.adapters.blobs import is_object_id
from aeon_release.adapters.git import validate_ref_name
from aeon_release.errors import StateError, UsageError, printable, quoted, redact, redact_data, shell_word


class Word(str, enum.Enum):
    """A status word: str-valued, so the JSON on disk holds the word itself."""

    # The words are what people and files see: "done", never "StepStatus.DONE".
    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class StepStatus(Word):
    """One vocabulary for where a step, a stage or a merge run stands (the words are on disk)."""

    PENDING = "pending"  # not started
    RUNNING = "running"  # under way (or the process died during it)
    CONFLICT = "conflict"  # stopped for a person to resolve conflicts in the worktree
    AUDIT_FAILED = "audit-failed"  # stopped on error-level audit findings
    COMMIT_REFUSED = "commit-refused"  # a commit hook (or commit signing) refused a commit
    NEEDS_HUMAN = "needs-human"  # stopped for a person (exit 1)
    FAILED = "failed"  # stopped on an error (exit 2 or 3)
    STOPPED = "stopped"  # stopped by Ctrl-C or a signal (exit 130, 143, 129): a rerun goes on from it
    DONE = "done"


Phase = StepStatus  # a merge run's phase is a step status


class CarryStatus(Word):
    """What a merge run found or did for a carried patch (the order is the release notes' order)."""

    KEPT = "kept"  # on the branch already
    APPLIED = "applied"  # cherry-picked or patched in by the run
    UPSTREAMED = "upstreamed"  # upstream has it: drop it from the ledger
    MISSING = "missing"  # a marker is gone after the merge
    DROPPED_BY_HAND = "dropped-by-hand"  # the person resolving a conflict dropped it
    APPLYING = "applying"  # under way (its commits so far are recorded): not final

    @property
    def final(self) -> bool:
        return self is not CarryStatus.APPLYING


class PickStatus(Word):
    """What a merge run did with a cherry-pick (the order is the release notes' order)."""

    APPLIED = "applied"
    ALREADY_IN_TAG = "already-in-tag"
    ALREADY_ON_BRANCH = "already-on-branch"
    SKIPPED = "skipped"  # the ledger skips it (reports only: never in the run state)
    DROPPED_BY_HAND = "dropped-by-hand"


@dataclass(frozen=True)
class CarryRecord:
    """One carry in a merge run's state (``carries``), and in its report once final.

    A settled record names its carry (``id``, ``title``, ``upstream_pr``); the ones made while
    applying commits, or by ``--continue`` concluding a patch resolved by hand, hold only what is
    known then.  Absent fields are absent from the JSON, as they always were.
    """

    status: CarryStatus
    id: str | None = None
    title: str | None = None
    upstream_pr: int | None = None  # written whenever ``id`` is (null when the carry has none)
    evidence: str | None = None
    warning: str | None = None
    missing_markers: list[str] | None = None
    done: list[str] | None = None  # while applying: the commits applied so far
    by_hand: dict[str, str] | None = None  # commit -> "kept" | "dropped", concluded by a person

    def as_dict(self, report: bool = False) -> dict[str, Any]:
        """The record as written (``report``: without the bookkeeping of commits applied so far)."""
        data: dict[str, Any] = {}
        if self.id is not None:
            data |= {"id": self.id, "title": self.title, "upstream_pr": self.upstream_pr}
        data["status"] = self.status.value
        for key in ("evidence", "warning", "missing_markers") + (() if report else ("done", "by_hand")):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CarryRecord:
        return cls(**_known(cls, data) | {"status": CarryStatus(data["status"])})


@dataclass(frozen=True)
class PickRecord:
    """One cherry-pick in a merge run's state (``picks``) and report."""

    ref: str
    sha: str
    subject: str
    reason: str
    status: PickStatus
    evidence: str

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)} | {"status": self.status.value}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PickRecord:
        return cls(**_known(cls, data) | {"status": PickStatus(data["status"])})


@dataclass(frozen=True)
class PendingCommit:
    """The commit a person (or ``--continue``) is to conclude: all of it but the tree, which is
    whatever the worktree holds then (pipeline/merge_commits.Draft is the commit itself)."""

    item: str  # the run item it belongs to: "merge", "picks:#52816", "carries:ID:SHA", "audit"
    kind: str  # "merge" (pre-merge-commit runs too) or "commit"
    parents: tuple[str, ...]
    message: str
    author: dict[str, str] = field(default_factory=dict)  # GIT_AUTHOR_*; empty: the user's identity
    in_worktree: bool | None = None  # a refused commit: concluded in the worktree (True) or redone

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "item": self.item,
            "kind": self.kind,
            "parents": list(self.parents),
            "message": self.message,
            "author": dict(self.author),
        }
        return data if self.in_worktree is None else data | {"in_worktree": self.in_worktree}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PendingCommit:
        known = _known(cls, data)
        for parent in known["parents"]:
            _object_id(parent, "PendingCommit.parents")
        author = dict(known.get("author") or {})
        if any("\0" in value for value in author.values()):
            raise TypeError("PendingCommit.author holds a NUL byte")
        other = sorted(set(author) - AUTHOR_VARIABLES)
        if other:  # the commit's environment: GIT_DIR, GIT_CONFIG_*, LD_PRELOAD would steer git or run a program
            raise TypeError(f"PendingCommit.author sets {printable(other[0])[:40]}, not an author's GIT_AUTHOR_*")
        if known["kind"] not in ("merge", "commit"):
            raise TypeError(f"PendingCommit.kind {printable(known['kind'])[:40]!r} is not merge or commit")
        return cls(**known | {"parents": tuple(known["parents"]), "author": author})


def _object_id(value: Any, what: str, optional: bool = False) -> None:
    """A commit the state records is a full object id, as the run wrote it: a name (``main``, ``HEAD``,
    ``v1~2``) resolves to whatever it names by the time the run reads it, and ``--output=x`` is an option."""
    if optional and value is None:
        return
    if not isinstance(value, str) or not is_object_id(value):
        raise TypeError(f"{what} is {printable(str(value))[:60]!r}, not a full commit id")


# What a picked commit's author is made of (merge_commits._author): the only variables a run state
# may set for the commits it makes and the hooks it runs.
AUTHOR_VARIABLES = frozenset({"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_AUTHOR_DATE"})


def _known(cls: type[Any], data: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``cls`` in ``data``, each of the type ``cls`` declares; a record that lacks a
    required one, has another or holds a value of another type is refused by the caller
    (``_load_state``), as an incomplete, damaged or newer run state."""
    if not isinstance(data, dict):
        raise TypeError(f"a {cls.__name__} is {_json_type(data)}, not an object")
    names = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise TypeError(f"unknown key(s) in a {cls.__name__}: {', '.join(printable(str(k))[:40] for k in unknown)}")
    hints = _hints(cls)
    for name, value in data.items():
        if not _of_type(value, hints[name]):
            raise TypeError(f"{cls.__name__}.{name} is {_json_type(value)}, not what this aeon-release writes there")
    return dict(data)


def typed_fields(cls: type[Any], data: Any) -> dict[str, Any]:
    """``data`` as the fields of the dataclass ``cls``, each of its declared type; TypeError otherwise (a
    record of a run state read back: see ``_known``)."""
    return _known(cls, data)


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _of_type(value: Any, hint: Any) -> bool:
    """Whether a value read from JSON is of a field's declared type: ``str | None``, ``list[str]``,
    ``dict[str, float]``, a status word (a string; which words is the enum's to say), a nested record
    (an object; its own fields are its ``from_dict``'s).  A status on the terminal printed ``join`` of an
    integer as a traceback, and a string that no file system takes (a lone surrogate) is no text."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if origin is typing.Union or origin is types.UnionType:
        return any(_of_type(value, arg) for arg in args)
    if hint is type(None):
        return value is None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return isinstance(value, str)
    if isinstance(hint, type) and is_dataclass(hint):
        return isinstance(value, dict)
    if hint is str:
        return isinstance(value, str) and _text(value)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if origin in (list, tuple):
        return isinstance(value, list) and all(_of_type(item, args[0]) for item in value)
    if origin is dict:
        return isinstance(value, dict) and all(_of_type(k, args[0]) and _of_type(v, args[1]) for k, v in value.items())
    return False


def _text(value: str) -> bool:
    try:
        value.encode("utf-8", "surrogateescape")  # a file name that is not UTF-8 is written escaped
    except UnicodeEncodeError:
        return False
    return True


def _json_type(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
    }.get(type(value), "null")


@dataclass(frozen=True)
class ConflictRecord:
    """A conflicted file as a run records it (its state keeps the dict): where it stopped, the carries
    touching the file, what each of them tells about it."""

    file: str
    carries: list[str]
    during: str = ""
    carry_notes: list[dict[str, str]] = field(default_factory=list)


@dataclass
class RunState:
    tag: str
    branch: str
    previous_branch: str
    previous_sha: str
    tag_sha: str
    merge_base: str
    worktree: str  # where the worktree goes when the run stops for a person (none while it runs)
    config_dir: str
    upstream_branch: str | None
    phase: StepStatus = StepStatus.RUNNING
    steps_done: list[str] = field(default_factory=list)
    current: str | None = None  # "step" or "step:item" being worked on
    pending_message: str | None = None  # commit message for a resolved patch application
    carries: dict[str, CarryRecord] = field(default_factory=dict)
    picks: dict[str, PickRecord] = field(default_factory=dict)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    resolved: list[dict[str, Any]] = field(default_factory=list)  # earlier stops' conflicts, resolved by a person
    audit: dict[str, Any] | None = None
    waivers: list[dict[str, str]] = field(default_factory=list)
    fixes: list[dict[str, Any]] = field(default_factory=list)  # audit fixes applied by `merge --continue --fix`
    timings: dict[str, float] = field(default_factory=dict)
    upstream_commits: int = 0
    tag_on_upstream_branch: bool | None = None
    branch_sha: str | None = None
    pid: int = 0
    head: str | None = None  # the tip of the branch being built (commits exist only as objects)
    pending: PendingCommit | None = None  # the commit a person is to conclude

    def as_dict(self) -> dict[str, Any]:
        """The state as ``state.json`` holds it: the one place run-state records become JSON."""
        data = asdict(self)
        if not self.resolved:
            del data["resolved"]  # added later: a state without resolved conflicts is written as before
        return data | {
            "phase": StepStatus(self.phase).value,
            "carries": {key: record.as_dict() for key, record in self.carries.items()},
            "picks": {key: record.as_dict() for key, record in self.picks.items()},
            "pending": self.pending.as_dict() if self.pending is not None else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunState:
        """Read back typed; raises TypeError, KeyError or ValueError on an incomplete record."""
        data = _known(cls, data)
        for name in ("previous_sha", "tag_sha", "merge_base", "head"):
            _object_id(data.get(name), f"RunState.{name}", name == "head")
        for conflict in [*data.get("conflicts", []), *data.get("resolved", [])]:
            ConflictRecord(**_known(ConflictRecord, conflict))  # `status` and a stop print its file and carries
        return cls(
            **data
            | {
                "phase": StepStatus(data.get("phase", "running")),
                "carries": {k: CarryRecord.from_dict(v) for k, v in (data.get("carries") or {}).items()},
                "picks": {k: PickRecord.from_dict(v) for k, v in (data.get("picks") or {}).items()},
                "pending": PendingCommit.from_dict(data["pending"]) if data.get("pending") is not None else None,
            }
        )


class Record(Protocol):
    """A stage's result (BuildReport, PublishResult, Attestation, ...): it serializes itself."""

    def as_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class StageEntry:
    """One stage of a release run in ``pipeline.json``: its status, its time and its result."""

    status: StepStatus = StepStatus.PENDING
    seconds: float | None = None
    result: dict[str, Any] | None = None
    message: str | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"status": self.status.value}
        for key in ("seconds", "result", "message"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data

    def report(self) -> dict[str, Any]:
        """The entry in a --json report: every key, null when unset (``as_dict`` is the file's, without them)."""
        return {"status": self.status.value, "seconds": self.seconds, "result": self.result, "message": self.message}

    @classmethod
    def done(cls, seconds: float, result: Record | None) -> StageEntry:
        """A finished stage: its result serialized here, the one place stage results become JSON."""
        return cls(StepStatus.DONE, seconds, result.as_dict() if result is not None else {})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StageEntry:
        data = _known(cls, data)
        return cls(
            StepStatus(data.get("status", "pending")), data.get("seconds"), data.get("result"), data.get("message")
        )


@dataclass
class PipelineState:
    """A release run: the date it publishes as, the options done stages pinned, each stage's entry."""

    tag: str
    date: str
    stages: dict[str, StageEntry] = field(default_factory=dict)
    options: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "tag": self.tag,
            "date": self.date,
            "stages": {name: entry.as_dict() for name, entry in self.stages.items()},
        }
        if self.options is not None:
            data["options"] = self.options
        return data

    def entry(self, stage: str) -> StageEntry:
        return self.stages.get(stage, StageEntry())

    def report(self, stage_names: Sequence[str]) -> dict[str, Any]:
        """The run in a --json report (`release`, `status`): every stage named, each of one shape."""
        return {
            "tag": self.tag,
            "date": self.date,
            "stages": {name: self.entry(name).report() for name in stage_names},
            "options": self.options,
        }

    def done(self, stage: str) -> bool:
        return self.entry(stage).status == StepStatus.DONE


@dataclass(frozen=True)
class RunStore:
    """Every path under ``<git common dir>/aeon-release/``, and the only reader and writer of them."""

    git_dir: Path  # the fork's git common dir (shared by every linked worktree)
    tag: str

    # -- paths -----------------------------------------------------------------------------
    @staticmethod
    def root_of(git_dir: Path) -> Path:
        """``aeon-release/`` in the git directory (``files.state_place``)."""
        return files.state_place(git_dir)

    @classmethod
    def place(cls, git_dir: Path, *parts: str) -> Path:
        """``aeon-release/PARTS...`` in the git directory (``files.state_place``)."""
        return files.state_place(git_dir, *parts)

    @classmethod
    def runs_of(cls, git_dir: Path) -> Path:
        return cls.place(git_dir, "runs")

    @property
    def folder(self) -> Path:
        return self.place(self.git_dir, "runs", self.tag)

    @property
    def state_file(self) -> Path:
        return self.folder / "state.json"

    @property
    def record_file(self) -> Path:
        return self.folder / "record.json"

    @property
    def report_file(self) -> Path:
        return self.folder / "report.json"

    @property
    def pipeline_file(self) -> Path:
        return self.folder / "pipeline.json"

    @property
    def worktree(self) -> Path:
        return self.place(self.git_dir, "worktrees", self.tag)

    @classmethod
    def cache_of(cls, git_dir: Path) -> Path:
        """The audit's findings cache (safe to delete)."""
        return cls.place(git_dir, "cache")

    @classmethod
    def build_record(cls, git_dir: Path, image_tag: str) -> Path:
        return cls.place(git_dir, "builds") / f"{image_tag.replace('/', '_')}.json"

    @classmethod
    def attestation_record(cls, git_dir: Path, image_id: str) -> Path:
        """The build's provenance record of one image, by its id (the config digest's hex)."""
        return cls.place(git_dir, "attestations") / f"{image_id.split(':')[-1]}.json"

    @classmethod
    def scratch(cls, git_dir: Path, name: str) -> Path:
        """A private scratch file (a temporary index), unique to this process."""
        return cls.root_of(git_dir) / f"{name}-{os.getpid()}"

    # -- the merge run's state -------------------------------------------------------------
    def load(self, elsewhere: bool = False) -> RunState | None:
        """The run's state, its worktree always this store's place: state.json records where the run
        made it, and in a repository copied since (``cp -a``) that is the other repository's worktree
        (``merge --continue --fix`` wrote into it, ``--abort`` deleted it).  An unfinished run recorded
        at another place is refused unless ``elsewhere`` (dropping it, showing it)."""
        state = _load_state(self.state_file, self.tag)
        if state is None or os.path.realpath(state.worktree) == os.path.realpath(self.worktree):
            return state
        if state.phase != StepStatus.DONE and not elsewhere:
            raise StateError(
                f"{self.state_file}: the {self.tag} run was started in a repository at another place "
                f"(its worktree was {printable(state.worktree)[:200]}): this one was moved or copied since",
                "`aeon-release merge --abort` drops the run here and touches nothing outside this repository;"
                " then start the merge again",
            )
        state.worktree = str(self.worktree)
        return state

    def save(self, state: RunState) -> None:
        """Saved after every item of the run: atomic (a killed run leaves the last whole state), not
        fsynced (a power loss at worst rewinds to an earlier item, which is redone from its start).
        Sealed (``_write_sealed``): ``merge --continue`` acts on no state the run did not write."""
        _write_sealed(self.state_file, state.as_dict(), durable=False)

    def check_sealed(self) -> None:
        """state.json is a state this run wrote: a state edited to name a head stacked with a commit of
        someone else's, another fork branch (its sha and merge base to match), steps, carries or picks done
        that were not, or another pending item is refused, since every one of those is acted on (the
        forged commit built on, the audit skipped, the carry dropped).  Only the run's own writes make a
        state it continues."""
        _check_sealed(
            self.state_file,
            "run state",
            f"the {self.tag} run",
            f"`aeon-release merge --abort {self.tag}` drops the run (its worktree and state; no branch is "
            f"touched); then `aeon-release merge {self.tag}` starts it again",
        )

    def remove(self) -> None:
        """Drop the merge run's files (``merge --abort``), never the release's own state: a release stopped in its
        merge lost its pipeline.json and its date with the merge's folder, and its rerun started over."""
        kept = self._release_files()
        try:
            dropping = [p for p in self.folder.iterdir() if p.name not in kept]
        except FileNotFoundError:
            return
        for path in dropping:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
        with contextlib.suppress(OSError):  # empty now, unless the release's state is there (or a file came)
            self.folder.rmdir()

    def _release_files(self) -> set[str]:
        """The names of the release run's own state in the run folder (pipeline.json and its seal)."""
        return {self.pipeline_file.name, _seal_of(self.pipeline_file).name}

    def archive(self) -> Path | None:
        """Move a finished run's files aside (its branch was deleted, so the merge is redone).  A release's own
        state (pipeline.json and its seal) stays where it is, whichever command merges: the whole folder moved
        aside took it too, so a release killed during its merge stage was started over (another date), a reader of
        the file found it gone mid-run, and a plain `merge TAG` after `merge --abort` of a release's merge sent the
        release's date and stages aside.  The files move one by one, each atomically; the kept ones never move."""
        kept = self._release_files()
        try:
            moving = sorted(p for p in self.folder.iterdir() if p.name not in kept)
        except FileNotFoundError:
            return None
        if not moving:
            return None
        # a folder of its own: two runs of the tag replaced within one second shared one, the second's files
        # over the first's
        target = Path(
            tempfile.mkdtemp(prefix=f".{self.tag}.replaced-{int(time.time())}-", dir=self.runs_of(self.git_dir))
        )
        for path in moving:
            os.replace(path, target / path.name)
        with contextlib.suppress(OSError):  # empty now, unless the release's state is there (or a file came)
            self.folder.rmdir()
        return target

    @classmethod
    def all_runs(cls, git_dir: Path) -> list[RunState]:
        """Every run's state; the first damaged one raises its StateError."""
        runs = []
        for _, run in cls.each_run(git_dir):
            if isinstance(run, StateError):
                raise run
            runs.append(run)
        return runs

    @classmethod
    def each_run(cls, git_dir: Path) -> list[tuple[str, RunState | StateError]]:
        """Every run's state by its folder's name, a damaged one as its StateError in its place (``status`` shows
        the rest, and must know whose it is: a release record beside a damaged state read as "no merge yet")."""
        base = cls.runs_of(git_dir)
        if not base.is_dir():
            # a file or a FIFO at runs/: `status` said "no aeon-release runs" where merge refuses to start
            return [("", files.not_a_state_folder(base, "runs"))] if base.exists() else []
        runs: list[tuple[str, RunState | StateError]] = []
        for folder in sorted(base.iterdir()):
            store = cls(git_dir, folder.name)
            if folder.name.startswith(".") or not os.path.lexists(store.state_file):
                continue
            if not _names_a_tag(folder.name):
                # no run of this aeon-release's: `merge --abort NAME` would refuse the name, and without a
                # name --abort and --continue stopped on it first, whatever run was really in progress
                runs.append(
                    (
                        folder.name,
                        StateError(
                            f"{printable(str(folder))[:300]}: a run folder named no tag (aeon-release makes none)",
                            f"remove it if nothing of yours is in it: rm -r {shell_word(str(folder))}",
                        ),
                    )
                )
                continue
            try:
                state = store.load(elsewhere=True)
            except StateError as damaged:
                if os.path.lexists(store.state_file):  # (gone since the listing: an `rm -rf` of the folder meanwhile)
                    runs.append((folder.name, damaged))
                continue
            if state is not None:
                runs.append((folder.name, state))
        return runs

    @classmethod
    def left_worktrees(cls, git_dir: Path) -> list[str]:
        """The tags whose run worktree is still there while their run state is gone (``rm -rf runs/TAG``):
        ``status`` said "no aeon-release runs" over it, and ``merge --abort TAG`` "no run", the worktree
        and git's record of it kept for good.  A link or a file there is no worktree of a run."""
        base = cls.place(git_dir, "worktrees")
        try:
            names = sorted(base.iterdir()) if base.is_dir() and not base.is_symlink() else []
        except OSError:  # unreadable: the runs' own reads name such a store, this listing adds nothing
            return []
        return [
            p.name
            for p in names
            if not p.name.startswith(".")
            and _names_a_tag(p.name)
            and p.is_dir()
            and not p.is_symlink()
            and not cls(git_dir, p.name).state_file.exists()
        ]

    @classmethod
    def each_release(cls, git_dir: Path) -> dict[str, PipelineState | StateError]:
        """Every release run's state (``runs/<tag>/pipeline.json``) by tag, a damaged one as its StateError: a
        release's stages, a ``stopped`` one too, were in no listing (``status`` showed merge runs only)."""
        base = cls.runs_of(git_dir)
        releases: dict[str, PipelineState | StateError] = {}
        for folder in sorted(base.iterdir()) if base.is_dir() else ():
            store = cls(git_dir, folder.name)
            if folder.name.startswith(".") or not _names_a_tag(folder.name) or not os.path.lexists(store.pipeline_file):
                continue  # a folder named no tag is each_run's to name
            try:
                state = store.load_pipeline()
            except StateError as damaged:
                if os.path.lexists(store.pipeline_file):  # (gone since the listing: removed while status read it)
                    releases[folder.name] = damaged
                continue
            if state is not None:
                releases[folder.name] = state
        return releases

    @classmethod
    def merge_reports(cls, git_dir: Path) -> list[tuple[dict[str, Any], str]]:
        """Every finished-or-not merge report (``runs/*/report.json``) that reads as JSON and is sealed as
        a merge run wrote it, each with the sha256 of its bytes (an attestation names the report it comes
        from).  The build's audit gate takes a clean report for the audit of its branch tip: a report.json
        written by hand (``"audit": {"errors": 0}`` at any commit) had an unaudited revision built and
        published as passed; one that is not a run's own is left out, and the revision audited afresh."""
        base = cls.runs_of(git_dir)
        reports = []
        for path in sorted(base.glob("*/report.json")) if base.is_dir() else []:
            try:
                raw = _read(path, "merge report")
                data = jsonio.loads(raw or b"")
            except (StateError, ValueError):
                continue
            if _digest(data) in _seals(path):
                reports.append((data, hashlib.sha256(raw or b"").hexdigest()))
        return reports

    # -- reports, the run record, the release pipeline -------------------------------------
    def write_report(self, data: dict[str, Any]) -> None:
        """Atomic, not fsynced, as the branch it reports on: git's default (``core.fsync=committed,
        -loose-object``) hardens neither the loose objects a merge writes nor the ref, so after a power loss
        the report may be gone where its branch is too.  The four fsyncs of a report and its record (with
        their seals and folder) were 20-80 ms of a small merge's wall time."""
        _write_sealed(self.report_file, data, durable=False)

    def update_record(self, sections: dict[str, Any], durable: bool = True) -> dict[str, Any]:
        """Set sections of the run record that `notes` reads; keep the others (only as the runs wrote
        them: sealing an edited record here would make a hand-written section the run's word).  The
        release pipeline's record is fsynced before its state says the step is done (a power loss must not
        keep "done" and lose what the step recorded); a merge's, written with its branch, need not be
        (``write_report`` says why)."""
        record = self.load_record() or {"tag": self.tag}
        record.update(sections)
        _write_sealed(self.record_file, record, durable=durable)
        return record

    def load_record(self) -> dict[str, Any] | None:
        """The run record, sealed as the runs wrote it (None when there is none): `notes` made the release
        notes of a section edited by hand (a carry marked kept that the merge lost, an audit of no errors)."""
        path = self.record_file
        if not os.path.lexists(path):
            return None
        raw, seals = _read_sealed(path, "run record")
        record = _json_object(path, "run record", raw=raw)
        if not _names(raw, seals):
            raise _unsealed(
                path,
                "run record",
                f"the {self.tag} runs",
                "if the edit is yours, pass the file as `notes --record FILE` (read as given); otherwise find out "
                "who wrote it: the notes say only what the runs recorded",
                seals,
            )
        return record

    def load_pipeline(self) -> PipelineState | None:
        """The release run's state, sealed as the run wrote it: a build result edited to name another
        image id (an older release's, built by aeon-release and audited) was pushed under this release's
        dated tag and :latest moved to it; a stage marked done was skipped."""
        if not os.path.lexists(self.pipeline_file):  # a link there, even to nothing, is the read's to refuse
            return None
        # a damaged or edited file is set aside, not dropped with the merge run (`merge --abort` refuses a finished one)
        aside = (
            f"move it aside (mv {shell_word(str(self.pipeline_file))} {shell_word(f'{self.pipeline_file}.old')}): "
            "the release then runs every stage again, and each does only what is not done"
        )
        # not "or run `merge --abort`": that refuses a finished merge's run, and the file stays
        raw, seals = _read_sealed(self.pipeline_file, "release pipeline state")
        data = _json_object(self.pipeline_file, "release pipeline state", aside, raw)
        try:
            # each field of the type the run writes, as state.json's are: a date that was a list reached the
            # publish's date check as a traceback, and a tag other than the folder's had `status` say "run
            # `aeon-release release v9.9.9` again" under v0.29.0 while `release v0.29.0` went on with it
            known = _known(PipelineState, data)
            stages = {name: StageEntry.from_dict(entry) for name, entry in known.get("stages", {}).items()}
            state = PipelineState(known["tag"], known["date"], stages, known.get("options"))
            if state.tag != self.tag:
                raise ValueError(f"it names the release {quoted(state.tag)}, its folder {quoted(self.tag)}")
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise StateError(_damaged(self.pipeline_file, "release pipeline state", exc).message, aside) from None
        if not _names(raw, seals):
            raise _unsealed(self.pipeline_file, "release pipeline state", f"the {self.tag} release", aside, seals)
        return state

    def save_pipeline(self, state: PipelineState) -> None:
        _write_sealed(self.pipeline_file, state.as_dict())

    # -- one run at a time -----------------------------------------------------------------
    @classmethod
    @contextlib.contextmanager
    def exclusive(cls, git_dir: Path, tag: str | None = None) -> Iterator[None]:
        """One aeon-release run at a time per repository: two at once would fight over the worktree.  The lock
        file names the holder's pid and the tag it works on (``tag``), for ``status`` (``working``)."""
        path = cls.place(git_dir, "lock")
        path.parent.mkdir(parents=True, exist_ok=True)
        # never through a link made after the look above: the pid would go over the file it names
        with os.fdopen(files.open_lock(path, "run lock", StateError), "r+") as handle:
            if not _locked(handle):
                handle.seek(0)
                holder = LockHolder.of(handle.read(_LOCK_BYTES))  # whatever else the file holds is not repeated
                if not _waited_out(handle, holder):
                    raise _held_by(holder, path)
            _write_pid(handle, path, tag)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)

    @classmethod
    def working(cls, git_dir: Path) -> LockHolder | None:
        """The aeon-release run working in this repository now (the run lock's holder: its pid, "unknown" when its
        file names none, and its tag when it names one), or None when no run holds it.  `status` beside a release
        building for an hour said to run the release again "to go on from where it stood", and a merge under way
        was "resumed" by ``--continue``: each refused, since the run was alive.  The lock is asked for, shared, for
        an instant (a run starting then waits for it: ``exclusive``), and its file is never made (a read-only
        checkout)."""
        try:
            fd = os.open(
                cls.place(git_dir, "lock"), os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
            )
        except OSError:  # none (no run ever), or a link there: the run's own refusal names it
            return None
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO or a folder there: the run's own refusal names it
                return None
            try:
                fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except OSError:
                return _settled_holder(handle)
            fcntl.flock(handle, fcntl.LOCK_UN)
        return None


def _settled_holder(handle: IO[bytes]) -> LockHolder:
    """The holder of a held lock, as its file says once a run that just took it has written its pid: between the
    lock taken and the pid written the file names the last run's pid, gone, and `status` called the live run a
    stale lock.  A gone holder is read again for a moment (``_ASKED_SECONDS``); a stale lock stays gone."""
    deadline = time.monotonic() + _ASKED_SECONDS
    while True:
        handle.seek(0)
        holder = LockHolder.of(handle.read(_LOCK_BYTES).decode("ascii", "replace"))
        if not holder.gone or time.monotonic() >= deadline:
            return holder
        time.sleep(0.05)


def _held_by(holder: LockHolder, path: Path) -> StateError:
    """The refusal of a run while the lock is held: by a live run, or by a process a gone run forked (its worker, a
    build's child), which was "another run is working (pid N)" of a pid that was not there."""
    if holder.gone:
        return StateError(
            f"the run lock is held by a process that a gone aeon-release run started ({holder.said})",
            f"it ends on its own; `fuser -v {shell_word(str(path))}` names it: stop it, then run again",
        )
    return StateError(
        f"another aeon-release run is working in this repository ({holder.said})",
        "wait for it to finish, or see `aeon-release status`",
    )


_LOCK_BYTES = 1024  # a pid and a tag (a ref name of a few hundred characters), a host name (253 at most), a namespace


@dataclass(frozen=True)
class LockHolder:
    """What the run lock's file says of the run holding it: its pid ("unknown" when it names none), the tag it
    works on (None when it names none: a run that knows no tag yet, or an older aeon-release's pid alone), and
    where that pid is a pid: the host and the pid namespace the run wrote (None when the file names none).  A
    pid of another host (a repository on NFS) or of another pid namespace (a container sharing the checkout) says
    nothing of the processes here: such a run was called gone, "a process it started still holds the lock", while
    it worked on."""

    pid: str
    tag: str | None = None
    host: str | None = None
    pid_namespace: str | None = None

    @classmethod
    def of(cls, text: str) -> LockHolder:
        first, _, rest = text.partition("\n")
        words = first.split()
        pid = words[0] if words and words[0].isdigit() and words[0].isascii() else "unknown"
        tag = words[1] if len(words) == 2 and pid != "unknown" and _names_a_tag(words[1]) else None
        where = dict(word.partition("=")[::2] for word in rest.split()[:4] if "=" in word)
        host = where.get("host")
        namespace = where.get("pidns")
        return cls(
            pid,
            tag,
            host if host is not None and _HOST.fullmatch(host) else None,
            namespace if namespace is not None and namespace.isdigit() and namespace.isascii() else None,
        )

    @property
    def elsewhere(self) -> str | None:
        """Where the run that wrote the pid runs, when that is not here: "on host H", "in another pid namespace"."""
        if self.host is not None and self.host != _this_host():
            return f"on host {self.host}"
        here = _this_pid_namespace()
        if self.pid_namespace is not None and here is not None and self.pid_namespace != here:
            return "in another pid namespace (a container, or a host sharing this checkout)"
        return None

    @property
    def said(self) -> str:
        """``pid N``, and the tag when the lock names one (``pid N, on v1.2.3``), and where, when not here."""
        where = self.elsewhere
        return (
            f"pid {self.pid}"
            + ("" if where is None else f" {where}")
            + ("" if self.tag is None else f", on {self.tag}")
        )

    @property
    def gone(self) -> bool:
        """The run that took the lock has ended while a process it started (a worker, a build's child) holds it on:
        "working now" named a pid that was not there.  A pid of another host or pid namespace is never judged here."""
        return self.pid.isdigit() and self.elsewhere is None and not pid_alive(int(self.pid))


_HOST = re.compile(r"[A-Za-z0-9][A-Za-z0-9.-]{0,252}")  # a host name as written (never a path, a space or a control)


def _this_host() -> str:
    # gethostname(3) is uname's node name on POSIX (this module needs fcntl): socket's import (~5 ms at
    # every command's start that holds a lock or saves a run) for one string
    return os.uname().nodename


def _this_pid_namespace() -> str | None:
    """The inode of this process's pid namespace (``pid:[4026531836]``), or None where /proc does not say."""
    try:
        link = os.readlink("/proc/self/ns/pid")
    except OSError:
        return None
    inode = link.partition("[")[2].rstrip("]")
    return inode if inode.isdigit() else None


_DYING_RUN_SECONDS = 5.0
_ASKED_SECONDS = 0.5  # how long a run starting waits out `status` asking whether the lock is held (``working``)


def _waited_out(handle: IO[str], holder: LockHolder) -> bool:
    """The lock taken after a moment, when no live run named in it holds it.  The run that wrote its pid is gone, and
    a process it forked (a worker of its pool, the checks' child) still holds the lock: a kill of the run's group
    reaches them too, but each ends only when the kernel gets to it (a rerun right after `kill -9` was refused under
    load).  A lock naming no pid (no run finished here yet) is held by `status` asking, for an instant.  A lock held
    shared is `status` asking too, whatever pid the file names: the last run's pid, reused since by another process,
    refused the run at once ("another aeon-release run is working (pid N)") while no run was there."""
    asked = _shared_only(handle)
    if holder.pid.isdigit() and not holder.gone and not asked:
        return False  # that run is working (here, or on another host or in another pid namespace): refused at once
    return _locked(handle, within=_DYING_RUN_SECONDS if holder.pid.isdigit() or asked else _ASKED_SECONDS)


def _shared_only(handle: IO[str]) -> bool:
    """The lock is held shared (`status` asking, ``RunStore.working``), not by a run (a run holds it exclusive)."""
    try:
        fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return False
    fcntl.flock(handle, fcntl.LOCK_UN)
    return True


def _locked(handle: IO[str], within: float = 0.0) -> bool:
    """The run lock taken (now, or within ``within`` seconds, asked every 50 ms), or False."""
    deadline = time.monotonic() + within
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)


def _names_a_tag(name: str) -> bool:
    try:
        validate_ref_name(name, "tag")
    except UsageError:
        return False
    return True


def _write_pid(handle: IO[str], path: Path, tag: str | None) -> None:
    """The holder's pid (and its tag) in the lock file, and on a second line its host and pid namespace, written past the handle's buffer (a write that failed there
    would fail again when the handle closes); a failed write names the file (an OSError on a descriptor has none)."""
    try:
        handle.seek(0)
        handle.truncate()
        named = tag is not None and _names_a_tag(tag)  # a tag the run refuses later is not written (nor a surrogate)
        where = f"host={_this_host()}" if _HOST.fullmatch(_this_host()) else ""
        namespace = _this_pid_namespace()
        where += "" if namespace is None else f" pidns={namespace}"
        os.write(handle.fileno(), f"{os.getpid()}{' ' + str(tag) if named else ''}\n{where.strip()}\n".encode())
    except OSError as exc:
        exc.filename = str(path)
        raise


def _json_object(path: Path, what: str, hint: str | None = None, raw: bytes | None = None) -> dict[str, Any]:
    """A JSON object the tool wrote (``raw``: its bytes, read already); a damaged one (cut short, edited, not an
    object) is one line."""
    try:
        data = jsonio.loads(raw if raw is not None else _read(path, what) or b"")
    except ValueError as exc:
        raise _damaged(path, what, exc, hint) from None
    if not isinstance(data, dict):
        raise _damaged(path, what, TypeError("not a JSON object"), hint)
    return data


def _damaged(path: Path, what: str, exc: Exception, hint: str | None = None) -> StateError:
    return StateError(
        f"{path}: {what} is unreadable ({type(exc).__name__}: {str(exc)[:80]})",
        hint or "move the file aside to start that stage afresh, or run `aeon-release merge --abort`",
    )


class DamagedRun(StateError):
    """A run whose state.json cannot be read back: ``merge --abort TAG`` still drops it (its worktree
    and its folder are this store's places, whatever the file says), touching no branch."""

    def __init__(self, path: Path, tag: str, problem: str) -> None:
        super().__init__(
            f"{path}: run state is {problem}",
            f"`aeon-release merge --abort {tag}` drops the run (its worktree and state; no branch is touched)",
        )
        self.tag = tag


# A run's state is a few KB; a ledger of 10,000 carries makes it a few MB.
STATE_BYTES = 64 * 1024 * 1024


def _read(path: Path, what: str) -> bytes | None:
    """A file the tool wrote, as read_capped reads it: a FIFO or /dev/zero in its place held ``status``, and a
    symbolic link there was read through (a state outside the repository acted on): refused."""
    return files.read_capped(path, f"{path}: {what}", STATE_BYTES, error=StateError, follow=False)


def read_state_file(path: Path, what: str) -> bytes | None:
    """A file of the tool's own under the git directory (a build's provenance record), read as its state is."""
    return _read(path, what)


def _load_state(path: Path, tag: str) -> RunState | None:
    try:
        raw = _read(path, "run state")
    except StateError as exc:
        raise DamagedRun(path, tag, f"unreadable ({exc.message.removeprefix(f'{path}: run state: ')})") from None
    if raw is None:
        return None
    try:
        data = jsonio.loads(raw)
    except ValueError as exc:
        raise DamagedRun(path, tag, f"unreadable ({printable(str(exc))[:120]})") from None
    known = {f.name for f in fields(RunState)}
    unknown = sorted(set(data) - known) if isinstance(data, dict) else ["(not a mapping)"]
    if unknown:
        names = ", ".join(printable(name)[:40] for name in unknown[:5])
        raise DamagedRun(path, tag, f"of keys this aeon-release does not know: {names} (a newer aeon-release's?)")
    try:
        state = RunState.from_dict(data)
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise DamagedRun(path, tag, f"incomplete or damaged ({printable(str(exc))[:120]})") from None
    if state.tag != tag:  # what would --abort drop, and which branch?
        raise DamagedRun(path, tag, f"damaged (it names the run {quoted(state.tag)}, its folder {quoted(tag)})")
    return state


def _seal_of(path: Path) -> Path:
    return path.with_name(path.stem + ".sealed")


def _write_sealed(path: Path, data: Any, durable: bool = True) -> None:
    """``data`` as JSON at ``path``, and the digest of what was written in ``NAME.sealed`` beside it, first,
    after the one before it: a run killed between the two writes left the previous file, which the seal
    still names.  A file of the tool's is acted on only as the tool wrote it (``_check_sealed``)."""
    text = redact(json.dumps(redact_data(data), indent=2, default=str) + "\n")
    digest = _digest(jsonio.loads(text))
    kept = _kept_seal(path)
    seals = kept if kept == [digest] else [*kept, digest]
    files.write_text(_seal_of(path), "\n".join(seals) + "\n", what="run record", durable=durable)
    files.write_text(path, text, what="run record", durable=durable)


def _seals(path: Path) -> list[str]:
    seal = _seal_of(path)
    if os.path.islink(seal):  # named as itself: the file's hint (move it aside) would take the release's date
        raise files.linked_state(seal, f"{seal}: seal")
    try:
        raw = _read(seal, "seal")
    except StateError:
        return []
    lines = (raw or b"").decode("ascii", "replace").split()
    return [line for line in lines if len(line) == 64 and not line.strip("0123456789abcdef")][-2:]


def _kept_seal(path: Path) -> list[str]:
    """The seal kept beside a new one: the one naming the file on disk now, else the last.  The last alone was
    the seal of a write killed before its file: a second kill between the seal and the file left the file of
    two writes before, which neither seal named (the release's state "edited since", its date to move aside)."""
    seals = _seals(path)
    try:
        standing = _digest_of(_read(path, "run record"))
    except StateError:  # a link or a FIFO there: the write replaces it, the reads refuse it
        standing = None
    return [standing] if standing in seals else seals[-1:]


def _digest_of(raw: bytes | None) -> str | None:
    """The digest of a file's bytes as JSON read back (None: no file, or no JSON)."""
    try:
        return None if raw is None else _digest(jsonio.loads(raw))
    except ValueError:
        return None


def write_sealed(path: Path, data: Any) -> None:
    """A record the tool acts on later, written with its seal (the build's provenance of an image)."""
    _write_sealed(path, data)


def sealed(path: Path, data: Any) -> bool:
    """``data``, read from ``path``, is what the tool wrote there (its seal names it)."""
    return _digest(data) in _seals(path)


def _check_sealed(path: Path, what: str, whose: str, hint: str) -> None:
    """``path`` reads as a file its seal names, whatever its layout or key order."""
    try:
        raw, seals = _read_sealed(path, what)
    except StateError:
        raw, seals = None, _seals(path)
    if not _names(raw, seals):
        raise _unsealed(path, what, whose, hint, seals)


# How many times a sealed file rewritten between its reads is read again (a release saves its state a few times a
# stage, a merge after every item: two rewrites in the moment between two reads are rare already).
_SEALED_READS = 8


def _read_sealed(path: Path, what: str) -> tuple[bytes | None, list[str]]:
    """A sealed file's bytes and its seals, the file read first: ``_write_sealed`` seals first and writes the file
    second, so a seal read before the file missed the digest of a rewrite made between the two reads, and a
    reader beside a running release (``status``, ``notes``) found its state "edited since", with the hint to move
    it aside: the release's date went with it.  A file not named by the seals read after it is read again, and
    taken as edited only when it is the same twice (another process's rewrites are read again, a few times)."""
    raw = _read(path, what)
    seals = _seals(path)
    for _ in range(_SEALED_READS):
        if _names(raw, seals):
            break
        again = _read(path, what)
        if again == raw:
            break
        raw, seals = again, _seals(path)
    return raw, seals


def _names(raw: bytes | None, seals: list[str]) -> bool:
    """The seals name these bytes (as JSON read back)."""
    digest = _digest_of(raw)
    return digest is not None and digest in seals


def _unsealed(path: Path, what: str, whose: str, hint: str, seals: list[str]) -> StateError:
    why = _no_seal(path) if not seals else "was edited since"
    return StateError(
        f"{path}: not the {what} {whose} last wrote: it {why}; aeon-release acts only on one it wrote itself", hint
    )


def _no_seal(path: Path) -> str:
    """Why a file has no seal naming it, the seal named when it is there: a folder, a FIFO or a link to a device at
    the seal read as none, and the line said the seal was removed."""
    seal = _seal_of(path)
    try:
        raw = _read(seal, "seal")
    except StateError as exc:
        return f"has a seal that cannot be read ({exc.message})"
    if raw is None:
        return "has no seal (an older aeon-release's, or its seal removed)"
    return f"has a seal that names no file of the tool's ({seal} was edited)"


def _digest(data: Any) -> str:
    """The digest of a JSON value as read back, whatever its layout or key order."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def write_json(path: Path, data: Any, durable: bool = True) -> None:
    # Run records may hold a registry's error message: redacted like everything else the tool writes.
    text = json.dumps(redact_data(data), indent=2, default=str) + "\n"
    files.write_text(path, text, what="run record", durable=durable)


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # none, or past any pid the system gives (a lock file of 24 digits)
        return False
    except PermissionError:
        return True
    return True
