"""An override taking the base's parameters through ``*args`` alone, called by upstream with a keyword it gained.

killers223, shaped like #41282 (0ff1bf9bb1): ``SingleTypeKVCacheManager.get_num_blocks_to_allocate`` gained
``apply_admission_cap: bool = False`` and the coordinator now passes it by keyword to every manager; a fork
override ``def get_num_blocks_to_allocate(self, *args)`` raises TypeError on each call (no keyword lands in
``*args``).  Twins: an override with ``**kwargs`` too, one naming the parameter, and the parameter handed by
position (alone, or beside a keyword call of the name that may be another class's: #46564's coordinator hands
``num_prompt_tokens`` to the managers by position, the engine's manager to its coordinator by keyword).
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MANAGERS = "vllm/core/managers.py"
OLD = (
    "class Manager:\n"
    "    def get_num_blocks(self, request_id: str, num_tokens: int) -> int:\n"
    "        return num_tokens // 16\n\n\n"
    "class Coordinator:\n"
    "    def __init__(self, managers: list[Manager]) -> None:\n"
    "        self.managers = managers\n\n"
    "    def get_num_blocks(self, request_id: str, num_tokens: int) -> int:\n"
    "        return sum(m.get_num_blocks(request_id, num_tokens) for m in self.managers)\n"
)
NEW = OLD.replace(
    "num_tokens: int) -> int:\n        return num_tokens // 16\n",
    "num_tokens: int, apply_cap: bool = False) -> int:\n        return num_tokens // 16\n",
).replace(
    "    def get_num_blocks(self, request_id: str, num_tokens: int) -> int:\n        return sum(",
    "    def get_num_blocks(self, request_id: str, num_tokens: int, cap: bool = False) -> int:\n        return sum(",
)
BY_KEYWORD = NEW.replace(
    "m.get_num_blocks(request_id, num_tokens)", "m.get_num_blocks(request_id, num_tokens, apply_cap=cap)"
)
BY_POSITION = NEW.replace("m.get_num_blocks(request_id, num_tokens)", "m.get_num_blocks(request_id, num_tokens, cap)")
MIXED = (
    BY_POSITION
    + "\n\ndef admit(c: Coordinator) -> int:\n    return c.managers[0].get_num_blocks('r', 1, apply_cap=True)\n"
)
SUBJECT = "[Bugfix] Fix failure to allocate KV blocks error (#41282)"
HEAD = "from vllm.core.managers import Manager\n\n\n"
FOUND = {
    "args_only": HEAD + "class A(Manager):\n"
    "    def get_num_blocks(self, *args) -> int:\n"
    "        return 1 + super().get_num_blocks(*args)\n",
    "named_then_args": HEAD + "class B(Manager):\n"
    "    def get_num_blocks(self, request_id, *rest) -> int:\n"
    "        return super().get_num_blocks(request_id, *rest)\n",
}
QUIET = {
    "args_kwargs": HEAD + "class C(Manager):\n"
    "    def get_num_blocks(self, *args, **kwargs) -> int:\n"
    "        return super().get_num_blocks(*args, **kwargs)\n",
    "names_it": HEAD + "class D(Manager):\n"
    "    def get_num_blocks(self, *args, apply_cap: bool = False) -> int:\n"
    "        return super().get_num_blocks(*args, apply_cap=apply_cap)\n",
}
FORKS = {f"vllm/aeon/{n}.py": t for n, t in {**FOUND, **QUIET}.items()}


def _rows(repo: GitRepo, new: str) -> dict[str, list[tuple[int, str]]]:
    base = {MANAGERS: OLD, "vllm/core/__init__.py": ""}
    found = s.side_by_side(repo, base, FORKS, [(SUBJECT, {MANAGERS: new})], SYMBOL_DRIFT)
    return {
        path: [(f.line, f.severity.value) for f in rows if "no keyword lands" in f.message or "*args" in f.message]  # noqa
        for path, rows in found.items()
    }


@pytest.mark.parametrize("name", sorted(FOUND))
def test_an_args_only_override_called_with_the_new_keyword_is_an_error(git_repo: GitRepo, name: str) -> None:
    assert _rows(git_repo, BY_KEYWORD)[f"vllm/aeon/{name}.py"] == [(5, "error")]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twin_an_override_taking_the_keyword_stays_quiet(git_repo: GitRepo, name: str) -> None:
    assert _rows(git_repo, BY_KEYWORD)[f"vllm/aeon/{name}.py"] == []


@pytest.mark.parametrize("name", sorted(FOUND))
def test_twin_the_parameter_handed_by_position_fits_args(git_repo: GitRepo, name: str) -> None:
    assert _rows(git_repo, BY_POSITION)[f"vllm/aeon/{name}.py"] == []


@pytest.mark.parametrize("name", sorted(FOUND))
def test_twin_a_keyword_call_beside_one_by_position_is_no_error(git_repo: GitRepo, name: str) -> None:
    """The keyword call (off an instance the audit cannot tie to the fork's class) stays the keyed-handing check's
    warning; the one handing the parameter by position says the hook's own callers do."""
    assert _rows(git_repo, MIXED)[f"vllm/aeon/{name}.py"] == [(5, "warning")]
