"""A ``getattr`` whose default reads a sibling attribute that stood beside the gone member (mend46).

Shaped like vLLM's #28382 (``Medusa.unpadded_vocab_size`` dropped, ``truncated_vocab_size`` kept): a fork's
``getattr(medusa, "unpadded_vocab_size", medusa.truncated_vocab_size)`` takes its default every time after the
merge, a value that was never the member's own: a warning.  A default that is the member's new name (absent at
the base: upstream renamed it) is the fork's bridge across the rename and stays quiet.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MEDUSA = "vllm/model_executor/models/medusa.py"
CARRY = "vllm/model_executor/models/aeon_medusa.py"
SUBJECT = "Remove the LoRA extra vocabulary's leftovers (#28382)"
MEDUSA_BASE = """from torch import nn


class Medusa(nn.Module):
    def __init__(self, vocab: int, truncated: int) -> None:
        super().__init__()
        self.unpadded_vocab_size = vocab
        self.truncated_vocab_size = truncated
"""
DROPPED = MEDUSA_BASE.replace("        self.unpadded_vocab_size = vocab\n", "")
RENAMED = MEDUSA_BASE.replace("self.unpadded_vocab_size = vocab", "self.org_vocab_size = vocab")
FORK = """from vllm.model_executor.models.medusa import Medusa


def aeon_vocab(medusa: Medusa) -> int:
    return getattr(medusa, "unpadded_vocab_size", medusa.{default})
"""


def _rows(repo: GitRepo, config: Path, theirs: str, default: str) -> list[tuple[int, str]]:
    fork = FORK.format(default=default)
    sides = s.merge_case(repo, {MEDUSA: MEDUSA_BASE}, {CARRY: fork}, [(SUBJECT, {MEDUSA: theirs})])
    return [(line, sev) for path, line, sev, _ in s.rule_rows(repo, config, sides, DRIFT) if path == CARRY]


def test_a_default_reading_a_sibling_that_stood_beside_the_gone_member_is_a_warning(
    git_repo: GitRepo, no_rules: Path
) -> None:
    """Quiet on the engine before this mend (the fallback rule took any other attribute of the receiver)."""
    assert _rows(git_repo, no_rules, DROPPED, "truncated_vocab_size") == [(5, "warning")]


def test_a_default_reading_the_member_s_new_name_stays_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    assert _rows(git_repo, no_rules, RENAMED, "org_vocab_size") == []
