"""A test of one attribute's value guards reads of that attribute only, never another read on the same line.

``if self.extra is not None: self.post_pm.add(self.extra)`` asks whether ``extra`` is set; it says nothing of
``post_pm``, which upstream renamed (vLLM #28623, 888152bf87: ``VllmBackend.post_grad_pass_manager`` ->
``pass_manager``).  Guards are read line by line, so when a value test of an attribute (``x.name is not None``)
came to guard like ``hasattr``, the rename on the line the guarded ``self.extra`` shares was excused
(blind_replay_compiler lost the catch).  A plain attribute's value test raises where the member is gone, so it
guards only a member an instance's ``__getattr__`` answers for (test_answered_guards.py keeps those quiet).
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, three_way

BACKEND = "vllm/backend.py"
BASE = (
    "class PassManager:\n    def add(self, p: object) -> None:\n        pass\n\n\n"
    "class Backend:\n    def __init__(self) -> None:\n        self.post_pm = PassManager()\n\n"
    "    def configure(self) -> None:\n        self.post_pm.add(None)\n"
)
THEIRS = BASE.replace("post_pm", "pass_manager")
USE = "vllm/aeon_backend.py"
HEAD = (
    "from vllm.backend import Backend\n\n\n"
    "class AeonBackend(Backend):\n    extra: object | None = None\n\n"
    "    def configure(self) -> None:\n        super().configure()\n"
)


def _errors(git_repo: GitRepo, tmp_path: Path, body: str) -> list[int]:
    sides = three_way(git_repo, {BACKEND: BASE, "vllm/__init__.py": ""}, {USE: HEAD + body}, {BACKEND: THEIRS})
    return [f[1] for f in found(audit(git_repo, sides, tmp_path), RULE) if f[2] == "error"]


def test_a_value_test_of_another_attribute_leaves_the_renamed_read_on_its_line_an_error(
    git_repo: GitRepo, tmp_path: Path
) -> None:
    body = "        if self.extra is not None:\n            self.post_pm.add(self.extra)\n"
    assert _errors(git_repo, tmp_path, body) == [10]


def test_the_renamed_read_without_the_test_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    assert _errors(git_repo, tmp_path, "        self.post_pm.add(self.extra)\n") == [9]
