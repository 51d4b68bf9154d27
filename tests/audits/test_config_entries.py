"""Config-dict entries the fork passes under a key upstream stopped reading from that dict.

#24498 replaced the offloading connector's ``self.extra_config.get("num_cpu_blocks")`` by
``.get("cpu_bytes_to_use")``; the word ``num_cpu_blocks`` lives on upstream as a field, a keyword, and
a string in a set of field names (which keeps the key alive for a search of its reads by string).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.names import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SPEC = "vllm/v1/kv_offload/cpu.py"
SPEC_BASE = """class CPUOffloadingSpec:
    def __init__(self, extra_config: dict) -> None:
        self.extra_config = extra_config
        num_cpu_blocks = self.extra_config.get("num_cpu_blocks")
        self.num_cpu_blocks: int = num_cpu_blocks
        self.block_size = self.extra_config.get("block_size", 16)


def make_manager(num_cpu_blocks: int) -> int:
    return num_cpu_blocks


IGNORED_FACTORS = {"num_cpu_blocks", "swap_space"}  # a set of field names: no read of a dict's key
"""
SPEC_BYTES = SPEC_BASE.replace(
    '        num_cpu_blocks = self.extra_config.get("num_cpu_blocks")\n        self.num_cpu_blocks: int = num_cpu_blocks\n',
    '        self.num_blocks = int(self.extra_config.get("cpu_bytes_to_use")) // 4096\n',
)
SUBJECT = "OffloadingConnector: Add cpu_bytes_to_use configuration (#24498)"
FORK = "vllm/aeon/offload.py"
FORK_TEXT = """def aeon_offload(make):
    return make(
        kv_connector="OffloadingConnector",
        kv_connector_extra_config={"block_size": 64, "num_cpu_blocks": 8192},
    )
"""


def entries(git_repo: GitRepo, no_rules: Path, upstream: str, fork: str = FORK_TEXT) -> list[tuple[int, str, str]]:
    sides = s.merge_case(git_repo, {SPEC: SPEC_BASE}, {FORK: fork}, [(SUBJECT, {SPEC: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == RULE and f.path == FORK]


def test_an_entry_upstream_stopped_reading_from_its_dict(git_repo: GitRepo, no_rules: Path) -> None:
    [(line, severity, message)] = entries(git_repo, no_rules, SPEC_BYTES)
    assert (line, severity) == (4, "warning")
    assert 'kv_connector_extra_config={"num_cpu_blocks": ...} gives a key upstream no longer reads' in message
    assert 'removed extra_config.get("num_cpu_blocks") (vllm/v1/kv_offload/cpu.py, in ' in message
    assert "#24498" in message


@pytest.mark.parametrize(
    ("upstream", "fork"),
    [
        # the key is still read (another dict, another file): a reader may be the one the entry reaches
        (SPEC_BYTES + '\n\ndef legacy(config: dict) -> int:\n    return config["num_cpu_blocks"]\n', FORK_TEXT),
        # a key upstream still reads where it did
        (SPEC_BYTES, FORK_TEXT.replace('"num_cpu_blocks": 8192', '"block_size": 32')),
        # the entry goes to another dict than the one upstream stopped reading it from
        (SPEC_BYTES, FORK_TEXT.replace("kv_connector_extra_config", "model_loader_config")),
        # a dict not passed as a config keyword
        (SPEC_BYTES, FORK_TEXT.replace("kv_connector_extra_config=", "extra=")),
    ],
    ids=["still read elsewhere", "a key still read", "another dict", "not a config keyword"],
)
def test_an_entry_still_read_or_of_another_dict_is_silent(
    git_repo: GitRepo, no_rules: Path, upstream: str, fork: str
) -> None:
    assert entries(git_repo, no_rules, upstream, fork) == []


def test_an_entry_the_forks_own_code_reads_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork passes the entry to a connector of its own that reads it: upstream's reader is not the one."""
    reader = "class AeonOffloadingConnector:\n    def __init__(self, extra_config: dict) -> None:\n"
    reader += '        self.blocks = int(extra_config.get("num_cpu_blocks", 0))\n\n\n'
    fork = reader + FORK_TEXT.replace('"OffloadingConnector"', '"AeonOffloadingConnector"')
    assert entries(git_repo, no_rules, SPEC_BYTES, fork) == []
