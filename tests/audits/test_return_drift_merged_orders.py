"""An element read by position from a def whose returns spell a place differently, the place moved upstream.

Shaped like vLLM's #14950 (5eeabc2a44): ``BitsAndBytesModelLoader._get_weight_files`` returned ``weight_files,
pattern`` on one path and ``glob.glob(...), pattern`` on the other; upstream put the folder first in both.  The
two returns named the first place differently, so no one order was known and a fork's
``self._get_weight_files(...)[0]`` (the files, now the folder) went unseen.  The returns' orders are now merged
place by place: a place whose alternatives stand at another place upstream moved.  Twins: the last place,
which stayed; a value appended (the first place stayed); returns of different lengths at the base.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.returns import RULE
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

LOADER = "vllm/model_executor/model_loader/bnb_loader.py"
LOADER_BASE = """import glob
import os


class BitsAndBytesModelLoader:
    def _get_weight_files(self, model_name_or_path, allowed_patterns):
        if os.path.isdir(model_name_or_path):
            for pattern in allowed_patterns:
                weight_files = glob.glob(os.path.join(model_name_or_path, pattern))
                if weight_files:
                    return weight_files, pattern
        hf_folder = model_name_or_path
        pattern = allowed_patterns[0]
        return glob.glob(os.path.join(hf_folder, pattern)), pattern
"""
MOVED = LOADER_BASE.replace("return weight_files, pattern", "return model_name_or_path, weight_files, pattern").replace(
    "return glob.glob(os.path.join(hf_folder, pattern)), pattern",
    "return hf_folder, glob.glob(os.path.join(hf_folder, pattern)), pattern",
)
APPENDED = LOADER_BASE.replace("return weight_files, pattern", "return weight_files, pattern, None").replace(
    "return glob.glob(os.path.join(hf_folder, pattern)), pattern",
    "return glob.glob(os.path.join(hf_folder, pattern)), pattern, hf_folder",
)
SUBJECT = "[Bugfix] Fix bnb quantization for models with both HF-format and Mistral-format weights (#14950)"
FORK = "vllm/aeon/bnb_files.py"
HEAD = (
    "from vllm.model_executor.model_loader.bnb_loader import BitsAndBytesModelLoader\n\n\n"
    "class AeonBnb(BitsAndBytesModelLoader):\n    def aeon(self, path):\n"
)


def errors(git_repo: GitRepo, no_rules: Path, line: str, upstream: str = MOVED) -> list[tuple[int, str]]:
    sides = s.merge_case(git_repo, {LOADER: LOADER_BASE}, {FORK: HEAD + line}, [(SUBJECT, {LOADER: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    return [(f.line, f.message) for f in report.findings if f.rule_id == RULE and f.path == FORK]


def test_a_place_read_by_position_that_moved_is_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    line = "        return len(self._get_weight_files(path, ['*.bin'])[0])\n"
    [(at, message)] = errors(git_repo, no_rules, line)
    assert at == 6 and "reads element 0" in message and "weight_files" in message


@pytest.mark.parametrize(
    ("line", "upstream"),
    [
        ("        return self._get_weight_files(path, ['*.bin'])[-1]\n", MOVED),
        ("        return len(self._get_weight_files(path, ['*.bin'])[0])\n", APPENDED),
    ],
    ids=["last-place-stayed", "value-appended"],
)
def test_a_place_that_stayed_stays_quiet(git_repo: GitRepo, no_rules: Path, line: str, upstream: str) -> None:
    assert errors(git_repo, no_rules, line, upstream) == []
