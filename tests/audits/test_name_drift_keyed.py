"""Name drift through a registry read by key: #43600 renamed the secondary-tier type ``"fs_python"`` to
``"fs"`` in the tier factory, which takes the type from the tier config's ``"type"`` key
(``config.pop("type")``).  A fork's ``{"type": "fs_python"}`` handed to that factory now fails on an
unknown type: the fork's line names the key the registry is read by, so the value is the gone key."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import AuditReport, audit_tree
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
    return audit_tree(repo.path, config, merge=sides)


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
