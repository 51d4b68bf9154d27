"""Name drift through a registry read by key: #43600 renamed the secondary-tier type ``"fs_python"`` to
``"fs"`` in the tier factory, which takes the type from the tier config's ``"type"`` key
(``config.pop("type")``).  A fork's ``{"type": "fs_python"}`` handed to that factory now fails on an
unknown type: the fork's line names the key the registry is read by, so the value is the gone key."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport
from aeon_release.domain.audits.drift.names import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

FACTORY = "vllm/v1/kv_offload/tiering/factory.py"
FACTORY_BASE = """class SecondaryTierFactory:
    _registry: dict = {}

    @classmethod
    def register_tier(cls, tier_type: str, module_path: str, class_name: str) -> None:
        cls._registry[tier_type] = (module_path, class_name)

    @classmethod
    def create_tier(cls, tier_config: dict, view: memoryview):
        config = tier_config.copy()
        tier_type = config.pop("type", None)
        if tier_type not in cls._registry:
            raise ValueError(f"Unknown secondary tier type: {tier_type!r}")
        return cls._registry[tier_type]


SecondaryTierFactory.register_tier("example", "vllm.v1.kv_offload.tiering.example", "ExampleTier")
SecondaryTierFactory.register_tier("fs_python", "vllm.v1.kv_offload.tiering.fs", "FileSystemTier")
"""
FACTORY_43600 = FACTORY_BASE.replace('"fs_python"', '"fs"')
SUBJECT_43600 = "change name of fs_python secondary tier to fs. (#43600)"
FORK = "vllm/aeon/tiers.py"
FORK_TEXT = """from vllm.v1.kv_offload.tiering.factory import SecondaryTierFactory


def aeon_nfs_tier(view: memoryview):
    return SecondaryTierFactory.create_tier({"type": "fs_python", "root_dir": "/mnt/nfs"}, view)
"""


def keyed_case(repo: GitRepo, config: Path, fork: str, base: str = FACTORY_BASE) -> AuditReport:
    upstream = base.replace('"fs_python"', '"fs"')
    sides = s.merge_case(repo, {FACTORY: base}, {FORK: fork}, [(SUBJECT_43600, {FACTORY: upstream})])
    return repo.audit(config, merge=sides)


def rows(report: AuditReport) -> list[tuple[str, int, str]]:
    return [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == RULE]


def test_a_removed_registry_key_given_under_the_key_its_factory_reads_is_an_error(
    git_repo: GitRepo, no_rules: Path
) -> None:
    report = keyed_case(git_repo, no_rules, FORK_TEXT)
    assert rows(report) == [(FORK, 5, "error")]
    message = next(f.message for f in report.findings if f.rule_id == RULE)
    assert "'fs_python' to 'fs'" in message and 'took the value from ["type"]' in message, message


@pytest.mark.parametrize(
    "fork",
    [
        FORK_TEXT.replace('"fs_python"', '"fs"'),  # the new key
        FORK_TEXT.replace('"fs_python"', '"example"'),  # a key upstream kept
    ],
)
def test_a_kept_registry_key_is_quiet(git_repo: GitRepo, no_rules: Path, fork: str) -> None:
    assert rows(keyed_case(git_repo, no_rules, fork)) == []


def test_a_key_the_factory_only_writes_stays_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    """The file that dropped the key never reads ``"type"`` (it only sets it): the fork's dict may be bound
    for another reader, so the value passed is only likely the gone key."""
    base = FACTORY_BASE.replace('tier_type = config.pop("type", None)', 'tier_type = config.pop("kind", None)')
    base = base.replace("config = tier_config.copy()", 'config = tier_config.copy()\n        config["type"] = "x"')
    assert rows(keyed_case(git_repo, no_rules, FORK_TEXT, base)) == [(FORK, 5, "warning")]


def test_the_key_read_as_a_subscript_counts(git_repo: GitRepo, no_rules: Path) -> None:
    """``config["type"]`` reads the key as ``config.pop("type")`` does (the docs' rule; a regex
    back-reference to the other branch's group never matched it)."""
    base = FACTORY_BASE.replace('config.pop("type", None)', 'config["type"]')
    assert rows(keyed_case(git_repo, no_rules, FORK_TEXT, base)) == [(FORK, 5, "error")]


@pytest.mark.parametrize(
    "then",
    [
        'config = tier_config.copy()  # legacy configs used config["type"]',  # a comment names the key
        'config = tier_config.copy()\n        del config["type"]',  # a del is no read
    ],
)
def test_a_key_the_factory_never_reads_stays_a_warning(git_repo: GitRepo, no_rules: Path, then: str) -> None:
    base = FACTORY_BASE.replace('config.pop("type", None)', 'config.pop("kind", None)')
    base = base.replace("config = tier_config.copy()", then)
    assert rows(keyed_case(git_repo, no_rules, FORK_TEXT, base)) == [(FORK, 5, "warning")]


_IMPORT = "from vllm.v1.kv_offload.tiering.factory import SecondaryTierFactory\n"
_NEW = '{"type": "fs", "root_dir": "/mnt/nfs"}'
_OLD = '{"type": "fs_python", "root_dir": "/mnt/nfs"}'
_TWINS = {
    # a fallback to the new key where the factory refuses the old one
    "try_fallback": f"""{_IMPORT}

def aeon_nfs_tier(view: memoryview):
    try:
        return SecondaryTierFactory.create_tier({_OLD}, view)
    except ValueError:
        return SecondaryTierFactory.create_tier({_NEW}, view)
""",
    # a version gate picks the dict; the call takes a name, not the literal
    "version": f"""{_IMPORT}from packaging.version import Version

from vllm import __version__


def aeon_nfs_tier(view: memoryview):
    if Version(__version__) < Version("0.12"):
        cfg = {_OLD}
    else:
        cfg = {_NEW}
    return SecondaryTierFactory.create_tier(cfg, view)
""",
    # a membership probe of the registry, with the new key in the other branch
    "guard_in": f"""{_IMPORT}

def aeon_nfs_tier(view: memoryview):
    if "fs_python" in SecondaryTierFactory._registry:
        cfg = {_OLD}
    else:
        cfg = {_NEW}
    return SecondaryTierFactory.create_tier(cfg, view)
""",
    # an event payload under "type" that never reaches the factory
    "unrelated_label": """import json


def aeon_event(root: str) -> str:
    return json.dumps({"type": "fs_python", "root": root})
""",
    # a metric label passed as the keyword "type"
    "metric_label": """from prometheus_client import Counter

_TIER_BYTES = Counter("aeon_tier_bytes", "bytes", ["type"])


def aeon_count(n: int) -> None:
    _TIER_BYTES.labels(type="fs_python").inc(n)
""",
    # the fork's own dataclass with a field named "type"
    "own_dataclass": """import dataclasses


@dataclasses.dataclass
class AeonTierSpec:
    type: str
    root_dir: str


SPEC = AeonTierSpec(type="fs_python", root_dir="/mnt/nfs")
""",
    # the fork aliases the old key onto the new entry before using it
    "alias_shim": f"""{_IMPORT}SecondaryTierFactory._registry["fs_python"] = SecondaryTierFactory._registry["fs"]


def aeon_nfs_tier(view: memoryview):
    return SecondaryTierFactory.create_tier({_OLD}, view)
""",
}


@pytest.mark.parametrize("name", sorted(_TWINS))
def test_a_key_not_handed_unguarded_to_the_factory_is_no_error(git_repo: GitRepo, no_rules: Path, name: str) -> None:
    """Twins (revT): the old key that a fallback, a version gate, a membership probe or the fork's own alias
    guards, or that sits under a generic key (``"type"``) of a mapping or keyword never handed to the
    factory, is at most a warning."""
    got = rows(keyed_case(git_repo, no_rules, _TWINS[name]))
    assert all(severity != "error" for _, _, severity in got), got
