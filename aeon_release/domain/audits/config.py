"""audits/*.yaml -> rules.  Strict: unknown kinds, unknown fields and duplicate ids name their place.

A rule file is ``rules:`` (a list) and optionally ``settings:``.  Every rule has ``id``, ``kind``,
``message``, optionally ``severity`` (error | warning, default error), ``paths`` (globs relative to
the tree; some kinds default to every file), ``exclude`` and ``when`` ({path, contains}: run only
when that file contains that text), plus the fields of its kind (``aeon-release audits list``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import fnmatch
import functools
import keyword
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aeon_release.adapters.files import absent
from aeon_release.adapters.yamlio import (
    Where,
    choice,
    integer,
    items,
    mapping,
    no_value,
    parse_yaml,
    read_text,
    string,
    tree_path,
    type_name,
)
from aeon_release.domain import profile
from aeon_release.domain.archprobe import CUDA_MAJORS
from aeon_release.domain.audits import linear
from aeon_release.domain.audits.kinds.base import string_list
from aeon_release.domain.audits.kinds.marker import MarkerOptions
from aeon_release.domain.audits.model import (
    ALWAYS_BLOCKING,
    CONFIG_NOTE,
    DEVICE_LISTS,
    NOT_AUDITED,
    Condition,
    DeviceGates,
    Rule,
    RuleSet,
    Settings,
    Severity,
)
from aeon_release.domain.audits.registry import KINDS, known_kinds
from aeon_release.domain.ledger import CARRIES_FILE, PICKS_FILE, Carry
from aeon_release.errors import ConfigError, printable, quoted

AUDITS_DIR = "audits"
COMMON_REQUIRED = ("id", "kind", "message")
COMMON_OPTIONAL = ("severity", "paths", "exclude", "when", "carry")
RULE_ID = re.compile(r"[a-z0-9]+(?:[-_.][a-z0-9]+)*(?:/[a-z0-9]+(?:[-_.][a-z0-9]+)*)*")
RULES_GUIDE = "`aeon-release audits list` shows every rule kind; a rule is id, kind, message and the kind's fields"
_ID_HINT = "rule ids are lowercase words joined by - . _ or /, e.g. nvfp4/enum-is-5"
# The engine's own rule ids: the merge-aware checks (merge/), what an audit could not read (audit/), the
# baseline tree rules (baseline/), the carries' markers (carry-marker/).  A rule file's rule of one of
# these ids was listed twice by `audits list`, reported as the engine's check, and waived with it.
ENGINE_NAMESPACES = frozenset({"merge", "audit", "baseline", "carry-marker"})
ENGINE_IDS = frozenset({NOT_AUDITED, CONFIG_NOTE})  # besides the merge checks' and the baseline rules'


def rule_files(config_dir: Path) -> list[Path]:
    """The rule files of ``config_dir``: ``audits/*.yaml``, sorted by file name (the order the rules load in)."""
    return sorted((config_dir / AUDITS_DIR).glob("*.yaml"))


def config_files(config_dir: Path) -> list[Path]:
    """Every file of the config a command reads: the ledger's two files, the fleet profile, the rule files (none
    where the rules' folder cannot be listed: loading the rules says so in its own words)."""
    named = [config_dir / CARRIES_FILE, config_dir / PICKS_FILE, config_dir / profile.PROFILE_FILE]
    with contextlib.suppress(OSError):
        named += rule_files(config_dir)
    return named


def load_rules(config_dir: Path, carries: Sequence[Carry] = ()) -> RuleSet:
    """Every rule in ``config_dir/audits/*.yaml`` (sorted by file name), then the carries' markers."""
    folder = config_dir / AUDITS_DIR
    if not folder.is_dir():
        # Auditing with no rules would pass everything: that is never what the caller meant.
        # absent(): a link loop or a link to nothing says so; anything else is "no audits folder"
        raise ConfigError(
            f"{folder}: {absent(folder, 'no audits folder')}",
            "pass --config the folder that holds audits/*.yaml; a fork with none yet: `aeon-release init` writes them",
        )
    _inside(config_dir, folder, AUDITS_DIR)
    texts = []
    for path in rule_files(config_dir):
        label = f"{AUDITS_DIR}/{path.name}"
        _inside(config_dir, path, label)
        text = read_text(path, label)
        _parsed_once(label, text)  # here, in the files' order: a file's YAML error is said before a later file's link
        texts.append((label, text))
    built = _built(tuple(texts), _fleet_pr_subject(config_dir))  # a config that fails is not kept: it fails again
    return _while_carried(_with_carries(built, carries), config_dir)


def _while_carried(ruleset: RuleSet, config_dir: Path) -> RuleSet:
    """A rule with ``carry: ID`` guards that carry (init writes one per file of what a carry defines): it runs
    while carries.yaml has the carry active.  Marking a dropped carry ``status: dropped`` left its rules in
    audits/, and the merge that dropped it stayed stopped on "what carry X defines must still exist"."""
    guarding = [rule for rule in ruleset.rules if rule.carry is not None]
    if not guarding:
        return ruleset
    from aeon_release.domain import ledger

    status = {c.id: c.active for c in ledger.load(config_dir).carries}
    for rule in guarding:
        if rule.carry not in status:
            raise ConfigError(
                f"{rule.origin}.carry: {quoted(rule.carry)} names no carry in {CARRIES_FILE}",
                f"name a carry's id, or take the line out for a rule that guards no carry ({rule.id})",
            )
    return dataclasses.replace(ruleset, rules=tuple(r for r in ruleset.rules if r.carry is None or status[r.carry]))


def _inside(config_dir: Path, path: Path, label: str) -> None:
    """The rules are the config folder's own: ``audits`` or a rule file committed as a symbolic link
    leading out of it (to the runner's home, another checkout) or into a git directory took the rules from
    a place no review of the ledger sees (``audits -> .git`` gave an empty rule set, with a warning, exit 0)."""
    root, real = Path(os.path.realpath(config_dir)), Path(os.path.realpath(path))  # a link loop: no raise
    if not (real.is_file() or real.is_dir()):
        return  # a device, a FIFO, a loop, nothing: the reader says what it is
    if not real.is_relative_to(root):
        raise ConfigError(
            f"{label}: a symbolic link leading outside {printable(str(config_dir))[:200]}",
            "keep the rules themselves in the config folder",
        )
    if ".git" in real.relative_to(root).parts:
        raise ConfigError(
            f"{label}: a symbolic link leading into a git directory", "keep the rules themselves in the config folder"
        )


def _fleet_pr_subject(config_dir: Path) -> str | None:
    """fleet.yaml's ``upstream.pr_subject``, the one place a fleet sets how upstream subjects name their
    pull request (the merge plan reads it too); None without a profile (the engine's generic default)."""
    return profile.pr_subject_of(config_dir)


# One merge loads the rules five times (the plan's precondition, the sidecar's settings, the merge's, the waiver
# check, the audit): each file's text is parsed once per process, and the rules of the same texts are built once
# (the carries' markers are added to them at each load).
# (a long-lived process, the tests, keeps the latest)
@functools.lru_cache(maxsize=64)
def _parsed_once(label: str, text: str | None) -> Any:
    return None if text is None else parse_yaml(text, label)


@functools.lru_cache(maxsize=16)
def _built(texts: tuple[tuple[str, str | None], ...], fleet_pr_subject: str | None) -> _FileRules:
    return _file_rules([(label, _parsed_once(label, text)) for label, text in texts], fleet_pr_subject)


def build_rules(
    documents: Iterable[tuple[str, Any]], carries: Sequence[Carry] = (), fleet_pr_subject: str | None = None
) -> RuleSet:
    """The rules of the parsed documents; ``fleet_pr_subject`` (the fleet profile's) is the default
    PR-subject pattern, and a rule file may not set another."""
    return _with_carries(_file_rules(documents, fleet_pr_subject), carries)


@dataclass(frozen=True)
class _FileRules:
    """The rules of the rule files (the baseline's with them) and their settings, before the carries' markers."""

    rules: tuple[Rule, ...]
    settings: Settings
    notes: tuple[str, ...]
    named: Mapping[str, str]  # setting -> the file that set it


def _file_rules(documents: Iterable[tuple[str, Any]], fleet_pr_subject: str | None) -> _FileRules:
    default = Settings() if fleet_pr_subject is None else Settings(pr_subject_pattern=fleet_pr_subject)
    rules: list[Rule] = []
    settings = default
    seen: dict[str, str] = {}
    named: dict[str, str] = {}  # setting -> the file that set it
    for label, data in documents:
        file_rules, file_settings = _document(  # a file's settings change what it names, no more
            data, Where(label, guide=RULES_GUIDE), settings, fleet_pr_subject is not None
        )
        if file_settings is not None:
            _agree(data["settings"], file_settings, settings, label, named)
        settings = file_settings or settings
        for rule in file_rules:
            if rule.id in seen:
                raise ConfigError(f"{rule.origin}.id: duplicate rule id {quoted(rule.id)} (first in {seen[rule.id]})")
            seen[rule.id] = rule.origin
            rules.append(rule)
    notes = (
        ()
        if rules
        else (
            "the config defines no rules of its own (audits/*.yaml is empty): only the baseline tree rules "
            "and the carries' markers ran",
        )
    )
    rules.extend(baseline_rules(rules))
    return _FileRules(tuple(rules), settings, notes, dict(named))


def _with_carries(built: _FileRules, carries: Sequence[Carry]) -> RuleSet:
    rules = [*built.rules, *carry_rules(carries)]
    _known_levels(built.settings, rules, built.named)
    return RuleSet(tuple(rules), built.settings, built.notes)


# Whatever the config says, these always run: an empty audits/ or a --config pointing at the wrong
# folder must never turn the gate into "no findings".
BASELINE = (
    ("conflict-markers", "baseline/conflict-markers", "a merge conflict marker was left in the tree"),
    ("py-compile", "baseline/py-compile", "a Python file does not compile"),
)


def baseline_rules(rules: Sequence[Rule]) -> list[Rule]:
    """The tree rules the config lacks (a config that has its own rule of the kind keeps it)."""
    present = {rule.kind for rule in rules}
    added = []
    for kind_name, rule_id, message in BASELINE:
        if kind_name in present:
            continue
        kind = KINDS[kind_name]
        added.append(
            Rule(
                id=rule_id,
                kind=kind_name,
                severity=Severity.ERROR,
                message=message,
                paths=kind.default_paths or ("**",),
                options=None,
                origin="baseline (always runs)",
            )
        )
    return added


def _agree(keys: Mapping[str, Any], new: Settings, old: Settings, label: str, named: dict[str, str]) -> None:
    """Two files that set one setting must agree: files are read in name order, and a later one that
    quietly set another device (or cap) would change what the other file's author reads there."""
    for key in keys:
        if key in named and getattr(new, key) != getattr(old, key):
            raise ConfigError(
                f"{label}: settings.{key}: differs from the value {named[key]} sets",
                f"set {key} in one file of audits/ (or the same value in both)",
            )
        named.setdefault(key, label)


def _document(data: Any, root: Where, default: Settings, fleet: bool) -> tuple[list[Rule], Settings | None]:
    if data is None:  # an empty rule file read as no rules: a file cut short, or emptied, lowered the gate quietly
        raise no_value(str(root), None, "a rule file holds `rules:` (or `settings:`): delete the file if it has none")
    # a file of settings alone (a severity file beside the others) needs no ``rules: []``
    only_settings = isinstance(data, dict) and "settings" in data
    required, optional = ((), ("rules", "settings")) if only_settings else (("rules",), ("settings",))
    top = mapping(data, root, required=required, optional=optional)
    settings = _settings(top["settings"], root.key("settings"), default, fleet) if "settings" in top else None
    nodes = items(top, "rules", root, "list the file's rules, or write `rules: []` (or delete the file) for none")
    return [parse_rule(node, root.key("rules").index(i)) for i, node in enumerate(nodes)], settings


def _settings(node: Any, where: Where, default: Settings, fleet: bool) -> Settings:
    data = mapping(
        node,
        where,
        required=(),
        optional=("near_miss_lines", "max_file_bytes", "max_parse_bytes", "pr_subject_pattern", "device", "severity"),
    )
    if fleet and data.get("pr_subject_pattern", default.pr_subject_pattern) != default.pr_subject_pattern:
        raise where.key("pr_subject_pattern").fail(
            f"differs from {profile.PROFILE_FILE}'s upstream.pr_subject ({quoted(default.pr_subject_pattern)})",
            f"set the pattern once, as upstream.pr_subject in {profile.PROFILE_FILE} (the merge plan reads it too)",
        )
    lines = integer(data.get("near_miss_lines", default.near_miss_lines), where.key("near_miss_lines"), minimum=0)
    sizes = {
        key: _bytes(data.get(key, getattr(default, key)), where.key(key))
        for key in ("max_file_bytes", "max_parse_bytes")
    }
    pattern = _regex(data.get("pr_subject_pattern", default.pr_subject_pattern), where.key("pr_subject_pattern"))
    device = _device(data["device"], where.key("device")) if "device" in data else default.device
    levels = _levels(data["severity"], where.key("severity")) if "severity" in data else default.severity
    return Settings(near_miss_lines=lines, pr_subject_pattern=pattern, device=device, severity=levels, **sizes)


_RULE_GLOB = re.compile(r"[a-z0-9*?/._-]{1,200}")
_MOST_LEVELS = 100


def _levels(node: Any, where: Where) -> tuple[tuple[str, Severity], ...]:
    """``settings: severity``: rule id (or glob, ``merge/*``) -> the level its findings are reported at."""
    if not isinstance(node, Mapping):
        raise where.fail(f"expected a mapping of rule id to error or warning, got {type_name(node)}")
    data = dict(node)
    if len(data) > _MOST_LEVELS:
        raise where.fail(f"names {len(data)} rules, over {_MOST_LEVELS}", "use a glob such as merge/* for many")
    levels = []
    for pattern, level in data.items():
        at = where.key(str(pattern))
        if not isinstance(pattern, str) or not _RULE_GLOB.fullmatch(pattern):
            raise at.fail(
                f"{quoted(str(pattern))} is not a rule id or a glob of rule ids",
                "e.g. merge/default-drift or merge/* (`aeon-release audits list` names every rule)",
            )
        levels.append((pattern, Severity(choice(level, at, [s.value for s in Severity]))))
    return tuple(levels)


def _known_levels(settings: Settings, rules: Sequence[Rule], named: Mapping[str, str]) -> None:
    """Every pattern of ``settings: severity`` names a rule this config runs or one of the engine's:
    a misspelt id would quietly leave the level it was meant to change as it was."""
    from aeon_release.domain.audits.merge_rules import MERGE_RULES

    ids = {r.id for r in rules} | {r.id for r in MERGE_RULES} | ENGINE_IDS
    for pattern, level in settings.severity:
        matched = [i for i in ids if fnmatch.fnmatchcase(i, pattern)]
        shown = pattern if len(pattern) <= 60 else quoted(pattern)  # as a key is shown (yamlio.Where.key)
        if not matched:
            raise ConfigError(
                f"{named.get('severity', AUDITS_DIR)}: settings.severity.{shown}: names no rule",
                "`aeon-release audits list` names every rule, the engine's merge/ checks too",
            )
        if level is Severity.WARNING and all(i.startswith(ALWAYS_BLOCKING) for i in matched):
            raise ConfigError(
                f"{named.get('severity', AUDITS_DIR)}: settings.severity.{shown}: the carries' markers "
                "and the engine's tree rules always block; no level makes them warnings",
                "a carry upstream took or the fork gave up: mark it `status: dropped` in carries.yaml",
            )


_CAPABILITY = re.compile(r"(\d{1,2})\.(\d)", re.ASCII)  # int() reads every script's digits: ASCII ones only
_CALL_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")
_DEVICE_LISTS = DEVICE_LISTS
_MOST_DEVICE_CALLS = 50


def _device(node: Any, where: Where) -> DeviceGates:
    """``settings: device``: the device's capability and the calls that ask about it."""
    data = mapping(node, where, required=("capability",), optional=(*_DEVICE_LISTS, "severity"))
    text = data["capability"]
    if isinstance(text, float):  # ``capability: 9.0`` unquoted: YAML read a number
        text = repr(text)
    capability = string(text, where.key("capability"), _CAPABILITY, 'a compute capability "MAJOR.MINOR", e.g. "9.0"')
    major, minor = capability.split(".")
    if int(major) not in CUDA_MAJORS:  # "0.0" or "49.9": every check evaluated for a device there is none of
        raise where.key("capability").fail(
            f"{capability} is no CUDA device's: majors are {CUDA_MAJORS[0]} to {CUDA_MAJORS[-1]}",
            'the compute capability of the device the image is built for, e.g. "9.0"',
        )
    lists = {key: string_list(data[key], where.key(key)) if key in data else () for key in _DEVICE_LISTS}
    listed: dict[str, str] = {}  # name -> the list that names it
    for key, names in lists.items():
        if len(names) > _MOST_DEVICE_CALLS:
            raise where.key(key).fail(
                f"names {len(names)} calls, over {_MOST_DEVICE_CALLS}",
                "list the calls upstream's code asks the device with",
            )
        for i, name in enumerate(names):
            _check_call_name(name, where.key(key).index(i), listed.get(name))
            listed[name] = key
    if not any(lists.values()):
        raise where.fail(
            "names no call that asks about the device",
            "list the capability checks under at_least, equals, family, getters, native_arch or native_version",
        )
    severity = Severity(choice(data.get("severity", "error"), where.key("severity"), [s.value for s in Severity]))
    return DeviceGates((int(major), int(minor)), severity=severity, **lists)


def _check_call_name(name: str, where: Where, listed_under: str | None) -> None:
    """A call a device list names: a function name, not a keyword, and under one list only (at_least
    and equals at once: which comparison is meant?)."""
    hint = "name the call as code spells it, e.g. has_device_capability"
    if not _CALL_NAME.fullmatch(name):
        raise where.fail(f"{quoted(name)} is not a function name", hint)
    if keyword.iskeyword(name):
        raise where.fail(f"{quoted(name)} is a Python keyword, not a function name", hint)
    if listed_under is not None:
        raise where.fail(
            f"{quoted(name)} is listed under {listed_under} already",
            "list each call once, under the comparison it makes",
        )


def _bytes(node: Any, where: Where) -> int:
    value = integer(node, where, minimum=1024, hint="a size in bytes, e.g. 1048576")
    if value > 1 << 30:
        raise where.fail(f"{value} is more than 1 GiB", "a cap that large would not protect anything")
    return value


def _regex(value: Any, where: Where) -> str:
    text = string(value, where)
    try:
        compiled = linear.compile_subject(text)  # run on RE2, in linear time: no look-around, no back-references
    except linear.Unsupported as exc:
        raise where.fail(
            f"not a regular expression RE2 runs: {exc}", "e.g. '\\(#(\\d+)\\)\\s*$' (group 1 = the PR number)"
        ) from None
    if linear.matches_empty(compiled):
        raise where.fail(f"{quoted(text)} matches the empty string", linear.EMPTY_HINT)
    return text


def parse_rule(node: Any, where: Where) -> Rule:
    """One rule mapping -> a Rule; the kind is looked up first so that its fields are known."""
    if not isinstance(node, Mapping):
        raise where.fail("expected a mapping with id, kind, message and the kind's fields")
    kind_name = node.get("kind")
    kind = KINDS.get(kind_name) if isinstance(kind_name, str) else None
    if kind is None:
        raise where.key("kind").fail(f"unknown rule kind {quoted(kind_name)}", f"known kinds: {known_kinds()}")
    data = mapping(node, where, required=COMMON_REQUIRED + kind.required, optional=COMMON_OPTIONAL + kind.optional)
    paths = _paths(data, where, kind.default_paths)
    rule_id = string(data["id"], where.key("id"), RULE_ID, _ID_HINT)
    if rule_id.split("/", 1)[0] in ENGINE_NAMESPACES:
        raise where.key("id").fail(
            f"{quoted(rule_id)} is in the {rule_id.split('/', 1)[0]}/ namespace, which is the engine's own",
            f"name the rule under a word of your own (e.g. fork/{rule_id.split('/', 1)[-1]}): a finding or a waiver "
            "of that id would be taken for the engine's check's",
        )
    return Rule(
        id=rule_id,
        kind=kind.name,
        severity=Severity(choice(data.get("severity", "error"), where.key("severity"), [s.value for s in Severity])),
        message=string(data["message"], where.key("message")),
        paths=paths,
        options=kind.parse(data, where),
        origin=str(where),
        exclude=_globs(data, "exclude", where) if "exclude" in data else (),
        when=_condition(data["when"], where.key("when")) if "when" in data else None,
        carry=string(data["carry"], where.key("carry")) if "carry" in data else None,
    )


def _paths(data: Mapping[str, Any], where: Where, default: tuple[str, ...] | None) -> tuple[str, ...]:
    if "paths" not in data:
        if default is None:
            raise where.key("paths").fail("required for this kind", "list the files (globs allowed) it applies to")
        return default
    return _globs(data, "paths", where)


def _globs(data: Mapping[str, Any], key: str, where: Where) -> tuple[str, ...]:
    """A rule's ``paths`` or ``exclude``: tree paths or globs, each spelt as git names a file (an exclude of
    ``./vendor/**`` held nothing out, silently)."""
    globs = string_list(data[key], where.key(key))
    for i, glob in enumerate(globs):
        tree_path(glob, where.key(key).index(i))
    return globs


def _condition(node: Any, where: Where) -> Condition:
    data = mapping(node, where, required=("path", "contains"))
    return Condition(tree_path(data["path"], where.key("path")), string(data["contains"], where.key("contains")))


def carry_rules(carries: Sequence[Carry]) -> list[Rule]:
    """One ``marker`` rule per active carry with markers: carries.yaml is not repeated in audits/."""
    rules = []
    for carry in carries:
        if not carry.active or not carry.markers:
            continue
        pairs = tuple((m.path, m.text) for m in carry.markers)
        rules.append(
            Rule(
                id=f"carry-marker/{carry.id}",
                kind="marker",
                severity=Severity.ERROR,
                message=f"carry {carry.id} ({carry.title}) lost its marker",
                paths=tuple(dict.fromkeys(m.path for m in carry.markers)),
                options=MarkerOptions(pairs=pairs),
                origin=f"carries.yaml: {carry.id}",
            )
        )
    return rules
