"""A base's own multi-line call of a hook renames a keyword on a line of its own (#11200's shape).

``PunicaWrapperGPU.add_lora_linear`` calls ``self.add_expand(y, buffer, ..., add_input=True, **kwargs)`` over
several lines, and #11200 renamed ``add_input`` to ``add_inputs`` in the hook and on the call's keyword line
alone: the call's first line is untouched.  A fork override still naming ``add_input``, without ``**kwargs``,
raises TypeError where the base's method calls it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

BASE = "vllm/lora/punica_gpu.py"
BASE_TEXT = """class PunicaWrapperGPU:
    def add_expand(self, y, x, offset_start=0, add_input=True, **kwargs):
        return None

    def add_lora_linear(self, y, x, **kwargs):
        buffer = x
        self.add_expand(
            y,
            buffer,
            add_input=True,
            **kwargs,
        )
"""
RENAMED = BASE_TEXT.replace("add_input=True", "add_inputs=True")
FORK = "vllm/aeon/punica.py"
PACKAGES = {"vllm/__init__.py": "", "vllm/lora/__init__.py": "", "vllm/aeon/__init__.py": ""}
OVERRIDE = """from vllm.lora.punica_gpu import PunicaWrapperGPU


class AeonPunica(PunicaWrapperGPU):
    def add_expand(self, y, x, {params}):
        return None
"""
OWN_CALLER = "\n    def add_lora_linear(self, y, x, **kwargs):\n        self.add_expand(y, x, add_input=True)\n"


@pytest.mark.parametrize(
    ("params", "extra", "theirs", "error"),
    [
        ("offset_start=0, add_input=True", "", RENAMED, True),  # the killer: add_inputs= is an unexpected keyword
        ("offset_start=0, add_inputs=True", "", RENAMED, False),  # the new name binds
        ("offset_start=0, add_input=True", OWN_CALLER, RENAMED, False),  # the fork's own caller runs, not upstream's
        # another line of the call changed, the keyword kept: the override never took it (nor does it now)
        ("offset_start=0, add=True", "", BASE_TEXT.replace("            buffer,\n", "            buffer[0],\n"), False),
    ],
)
def test_a_keyword_renamed_inside_a_multiline_call(
    git_repo: GitRepo, tmp_path: Path, params: str, extra: str, theirs: str, error: bool
) -> None:
    fork = OVERRIDE.format(params=params) + extra
    sides = three_way(git_repo, {**PACKAGES, BASE: BASE_TEXT}, {FORK: fork}, {BASE: theirs})
    got = [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK and f[2] == "error"]
    assert got == ([(FORK, line_of(fork, "def add_expand"), "error")] if error else [])
