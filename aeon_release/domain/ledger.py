"""carries.yaml and cherry_picks.yaml -> frozen dataclasses, with path-aware errors.

The ledger is the fork's memory: what it carries on top of upstream, and which upstream commits
each release picks or skips.  It lives beside the tool, so validation is strict: unknown keys,
duplicate ids, malformed PR numbers and SHAs are errors that name their place.
"""

from __future__ import annotations

import enum
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aeon_release.adapters.files import absent
from aeon_release.adapters.yamlio import (
    Where,
    choice,
    integer,
    items,
    load_yaml,
    mapping,
    relative_path,
    sequence,
    string,
    tree_path,
    type_name,
)
from aeon_release.domain import names
from aeon_release.errors import ConfigError, quoted, shell_word

CARRIES_FILE = "carries.yaml"
PICKS_FILE = "cherry_picks.yaml"

KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
SHA = re.compile(r"[0-9a-f]{7,64}")  # 64: a sha256 repository's
TAG = names.VERSION
_SHA_HINT = "a commit SHA is 7 to 64 lowercase hex digits (40 in a SHA-1 repository)"
_TAG_HINT = "release keys are upstream tags such as v0.29.0"


class CarryStatus(enum.Enum):
    ACTIVE = "active"
    DROPPED = "dropped"


@dataclass(frozen=True)
class Marker:
    """A text a carry leaves in the source; it must survive every merge."""

    path: str
    text: str


@dataclass(frozen=True)
class Dropped:
    release: str
    reason: str


@dataclass(frozen=True)
class Carry:
    id: str
    title: str
    status: CarryStatus
    upstream_pr: int | None = None
    commits: tuple[str, ...] = ()
    patch: str | None = None
    markers: tuple[Marker, ...] = ()
    dropped: Dropped | None = None
    notes: str | None = None

    @property
    def active(self) -> bool:
        return self.status is CarryStatus.ACTIVE


@dataclass(frozen=True)
class PickRef:
    """An upstream change named by PR number (resolved by its ``(#NNNNN)`` subject) or by SHA."""

    reason: str
    pr: int | None = None
    commit: str | None = None

    @property
    def label(self) -> str:
        return f"#{self.pr}" if self.pr is not None else str(self.commit)[:12]


@dataclass(frozen=True)
class ReleasePlan:
    release: str
    picks: tuple[PickRef, ...] = ()
    skips: tuple[PickRef, ...] = ()


@dataclass(frozen=True)
class Ledger:
    carries: tuple[Carry, ...] = ()
    releases: dict[str, ReleasePlan] = field(default_factory=dict)
    config_dir: Path = Path(".")

    @property
    def active_carries(self) -> tuple[Carry, ...]:
        return tuple(c for c in self.carries if c.active)

    def plan_for(self, release: str) -> ReleasePlan:
        return self.releases.get(release, ReleasePlan(release))

    def patch_path(self, carry: Carry) -> Path | None:
        return self.config_dir / carry.patch if carry.patch else None


# -- carries.yaml ----------------------------------------------------------------------------
def _marker(node: Any, where: Where) -> Marker:
    data = mapping(node, where, required=("path", "text"))
    return Marker(tree_path(data["path"], where.key("path")), string(data["text"], where.key("text")))


def _dropped(node: Any, where: Where) -> Dropped:
    data = mapping(node, where, required=("release", "reason"))
    release = string(data["release"], where.key("release"), TAG, _TAG_HINT)
    return Dropped(release, string(data["reason"], where.key("reason")))


def _carry(node: Any, where: Where, config_dir: Path) -> Carry:
    data = mapping(
        node,
        where,
        required=("id", "title", "status"),
        optional=("upstream_pr", "commits", "patch", "markers", "dropped", "notes"),
    )
    status = CarryStatus(choice(data["status"], where.key("status"), [s.value for s in CarryStatus]))
    carry = Carry(
        id=string(data["id"], where.key("id"), KEBAB, "ids are kebab-case, e.g. uma-clamp"),
        title=string(data["title"], where.key("title")),
        status=status,
        upstream_pr=_optional_pr(data.get("upstream_pr"), where.key("upstream_pr")),
        commits=tuple(
            string(sha, where.key("commits").index(i), SHA, _SHA_HINT)
            for i, sha in enumerate(items(data, "commits", where))
        ),
        patch=relative_path(data["patch"], where.key("patch")) if "patch" in data else None,
        markers=tuple(_marker(m, where.key("markers").index(i)) for i, m in enumerate(items(data, "markers", where))),
        dropped=_dropped(data["dropped"], where.key("dropped")) if "dropped" in data else None,
        notes=string(data["notes"], where.key("notes")) if "notes" in data else None,
    )
    _check_carry(carry, where, config_dir)
    return carry


def _check_carry(carry: Carry, where: Where, config_dir: Path) -> None:
    if carry.status is CarryStatus.DROPPED and carry.dropped is None:
        raise where.key("dropped").fail("required when status is dropped", "say which release and why")
    if carry.status is CarryStatus.ACTIVE and carry.dropped is not None:
        raise where.key("dropped").fail("only allowed when status is dropped")
    if carry.commits and carry.patch:
        raise where.fail("give either commits or patch, not both")
    if carry.patch and not (config_dir / carry.patch).is_file():
        found = (config_dir / carry.patch).exists()  # a folder, a FIFO or a device: no patch to read
        problem = "is not a regular file" if found else absent(config_dir / carry.patch)
        raise where.key("patch").fail(f"{carry.patch} {problem}", f"paths are relative to {config_dir}")
    if carry.patch and not (config_dir / carry.patch).resolve().is_relative_to(config_dir.resolve()):
        # a link in a pull request must not make the merge read a file of the maintainer's machine
        raise where.key("patch").fail(
            f"{carry.patch} leads outside {config_dir} (a symbolic link)", "keep the patch itself in the config folder"
        )


def _optional_pr(node: Any, where: Where) -> int | None:
    if node is None:
        return None
    return integer(node, where, minimum=1, hint=_PR_HINT, maximum=PR_MAX)


_PR_HINT = "an upstream PR number such as 46932"
# GitHub's issue and pull-request numbers are GraphQL Int, a signed 32-bit integer: a 40-digit `pr:` passed
# `ledger check` and was searched for in every subject of the range.
PR_MAX = 2**31 - 1


def parse_carries(data: Any, label: str, config_dir: Path) -> tuple[Carry, ...]:
    if data is None:
        return ()
    root = Where(label, guide="`aeon-release ledger schema carries` shows every field")
    top = mapping(data, root, required=(), optional=("carries",))
    if top.get("carries") is None:  # `{}` or `carries:` left empty: no more a decision than an empty file
        raise root.key("carries").fail("names no carries (left empty)", _NO_CARRIES)
    carries = []
    seen: dict[str, int] = {}
    for i, node in enumerate(sequence(top.get("carries"), root.key("carries"))):
        where = root.key("carries").index(i)
        carry = _carry(node, where, config_dir)
        if carry.id in seen:
            raise where.key("id").fail(f"duplicate id {quoted(carry.id)} (first at carries[{seen[carry.id]}])")
        seen[carry.id] = i
        carries.append(carry)
    return tuple(carries)


# -- cherry_picks.yaml -----------------------------------------------------------------------
def _pick(node: Any, where: Where) -> PickRef:
    data = mapping(node, where, required=("reason",), optional=("pr", "commit"))
    if ("pr" in data) == ("commit" in data):
        raise where.fail("give exactly one of pr or commit")
    # `pr:` left empty is no PR: it passed `ledger check` and the merge said "commit None does not exist"
    pr = integer(data["pr"], where.key("pr"), minimum=1, hint=_PR_HINT, maximum=PR_MAX) if "pr" in data else None
    return PickRef(
        reason=string(data["reason"], where.key("reason")),
        pr=pr,
        commit=string(data["commit"], where.key("commit"), SHA, _SHA_HINT) if "commit" in data else None,
    )


def _release(name: Any, node: Any, where: Where) -> ReleasePlan:
    string(name, where, TAG, _TAG_HINT)
    data = mapping(node, where, required=(), optional=("pick", "skip"))
    picks = tuple(_pick(p, where.key("pick").index(i)) for i, p in enumerate(items(data, "pick", where)))
    skips = tuple(_pick(p, where.key("skip").index(i)) for i, p in enumerate(items(data, "skip", where)))
    seen: dict[str, str] = {}
    for kind, refs in (("pick", picks), ("skip", skips)):
        for i, ref in enumerate(refs):
            if ref.label in seen:
                raise where.key(kind).index(i).fail(f"{ref.label} is listed twice (also under {seen[ref.label]})")
            seen[ref.label] = kind
    return ReleasePlan(str(name), picks, skips)


def parse_picks(data: Any, label: str) -> dict[str, ReleasePlan]:
    if data is None:
        return {}
    root = Where(label, guide="`aeon-release ledger schema cherry_picks` shows every field")
    top = mapping(data, root, required=(), optional=("releases",))
    if "releases" not in top:  # `{}`: a file that says nothing, as an empty one
        raise root.key("releases").fail("missing", _NO_PICKS)
    # ``releases:`` left empty is no release; a 0, "", false or [] there is another type, not an empty mapping: read
    # as one, ``releases: 0`` planned every merge with none of its picks (a correctness-critical one left out), exit 0
    releases = {} if top.get("releases") is None else top["releases"]
    if not isinstance(releases, dict):
        raise root.key("releases").fail(
            f"expected a mapping of release tag -> picks and skips, got {type_name(releases)}"
        )
    return {str(name): _release(name, node, root.key("releases").key(str(name))) for name, node in releases.items()}


# -- loading ---------------------------------------------------------------------------------
CONFIG_ENV = "AEON_RELEASE_CONFIG"


def discover_config_dir(start: Path | None = None) -> Path:
    """The ledger folder when --config is not given: $AEON_RELEASE_CONFIG, else the nearest folder from
    the current directory upwards that holds carries.yaml (as git finds .git), else the current one."""
    named = os.environ.get(CONFIG_ENV)
    if named:
        folder = Path(os.path.expanduser(named))  # no home folder: `~` stays as written (Path's raised)
        if not folder.is_dir():
            why = "not a folder" if folder.exists() else absent(folder, "no such folder")
            raise ConfigError(f"{CONFIG_ENV}={named}: {why}", "point it at the folder holding carries.yaml")
        return folder
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / CARRIES_FILE).is_file():
            return folder
    return Path(".")


def found_config_dir() -> Path | None:
    """The ledger folder a command run here finds without --config, resolved (None: $AEON_RELEASE_CONFIG
    names no folder): whether a command printed for a person to run needs a ``--config``."""
    try:
        return discover_config_dir().resolve()
    except ConfigError:
        return None


def config_flag(config_dir: Path) -> str:
    """`` --config FOLDER`` (one shell word) for a command printed for a person to run here, or nothing
    when it would find ``config_dir`` by itself."""
    here = config_dir.resolve()
    return "" if here == found_config_dir() else f" --config {shell_word(here)}"


def load(config_dir: Path) -> Ledger:
    """Load both ledger files from a config folder; a missing file is an empty ledger."""
    if not config_dir.is_dir():
        raise ConfigError(f"{config_dir}: {no_folder(config_dir)}", "pass --config the folder holding carries.yaml")
    carries = parse_carries(load_yaml(config_dir / CARRIES_FILE, empty=_NO_CARRIES), CARRIES_FILE, config_dir)
    releases = parse_picks(load_yaml(config_dir / PICKS_FILE, empty=_NO_PICKS), PICKS_FILE)
    return Ledger(carries, releases, config_dir)


# How each file says "none" on purpose: a carries.yaml of 0 bytes (a failed write, `> carries.yaml`, a checkout
# cut short) read as a fork with no carries, and the merge and the gate checked no carry's marker, exit 0
_NO_CARRIES = "a fork that carries nothing says so: `carries: []` (else restore the file from version control)"
_NO_PICKS = "no cherry-picks for any release is `releases: {}` (else restore the file from version control)"


def load_text(carries_text: str | None, picks_text: str | None, config_dir: Path = Path(".")) -> Ledger:
    """Load a ledger from strings (tests and the demo)."""
    from aeon_release.adapters.yamlio import parse_yaml

    carries = parse_carries(parse_yaml(carries_text, CARRIES_FILE) if carries_text else None, CARRIES_FILE, config_dir)
    releases = parse_picks(parse_yaml(picks_text, PICKS_FILE) if picks_text else None, PICKS_FILE)
    return Ledger(carries, releases, config_dir)


def check(config_dir: Path) -> Ledger:
    """Validate both files and return the ledger (``aeon-release ledger check``)."""
    ledger = load(config_dir)
    if not any((config_dir / name).exists() for name in (CARRIES_FILE, PICKS_FILE)):
        raise ConfigError(
            f"{config_dir}: neither {CARRIES_FILE} nor {PICKS_FILE} is there",
            f"pass --config the ledger folder, set {CONFIG_ENV}, or run from inside it",
        )
    return ledger


__all__ = [
    "Carry",
    "CarryStatus",
    "ConfigError",
    "Dropped",
    "Ledger",
    "Marker",
    "PickRef",
    "ReleasePlan",
    "check",
    "load",
    "load_text",
]


def no_folder(config_dir: Path) -> str:
    """Why a --config is no config folder: missing, or something else than a folder (/dev/null, a file)."""
    if config_dir.exists():
        return "not a folder (--config names a folder)"
    return absent(config_dir, "config folder does not exist")
