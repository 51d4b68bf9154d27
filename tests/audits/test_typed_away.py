"""A renamed parameter that an upstream call passes by keyword, off a receiver typed as another class
(drift/typed_away.py): #30166 renamed the per-type KV managers' ``remove_skipped_blocks`` parameter
``num_computed_tokens`` to ``total_computed_tokens``; the coordinator calls them by position, and the
scheduler's ``self.kv_cache_manager.remove_skipped_blocks(total_computed_tokens=...)`` calls the facade
class of the same method name.  A fork manager's override keeping the old name breaks no call."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

SUBJECT = "[Core][Hybrid allocator + connector] Support hybrid allocator + kv cache connector (#30166)"
CORE = {"vllm/v1/core/__init__.py": "", "vllm/v1/core/sched/__init__.py": ""}
STM = "vllm/v1/core/single_type_kv_cache_manager.py"
KVM = "vllm/v1/core/kv_cache_manager.py"
SCHED = "vllm/v1/core/sched/scheduler.py"
FORK = "vllm/v1/core/aeon_managers.py"

MANAGERS = """from abc import ABC


class SingleTypeKVCacheManager(ABC):
    def remove_skipped_blocks(self, request_id: str, {name}: int) -> None:
        self.skipped = {name}


class SlidingWindowManager(SingleTypeKVCacheManager):
    pass


def trim(managers: list[SingleTypeKVCacheManager], request_id: str, tokens: int) -> None:
    for manager in managers:
        manager.remove_skipped_blocks(request_id, tokens)
"""

FACADE = """class KVCacheManager:
    def remove_skipped_blocks(self, request_id: str, {name}: int) -> None:
        self.skipped = {name}
"""

SCHEDULER = """from vllm.v1.core.kv_cache_manager import KVCacheManager


def make_manager():
    return KVCacheManager()


class Scheduler:
    def __init__(self) -> None:
        self.kv_cache_manager = {built}

    def trim(self, request_id: str, tokens: int) -> None:
        self.kv_cache_manager.remove_skipped_blocks(request_id=request_id, {name}=tokens)
"""

FORK_TEXT = """from vllm.v1.core.kv_cache_manager import KVCacheManager
from vllm.v1.core.single_type_kv_cache_manager import SlidingWindowManager


class AeonWindowManager(SlidingWindowManager):
    def remove_skipped_blocks(self, request_id: str, num_computed_tokens: int) -> None:
        self.aeon_last = num_computed_tokens


class AeonKVCacheManager(KVCacheManager):
    def remove_skipped_blocks(self, request_id: str, num_computed_tokens: int) -> None:
        self.aeon_last = num_computed_tokens
"""


def _tree(name: str, built: str) -> dict[str, str | None]:
    return {
        STM: MANAGERS.format(name=name),
        KVM: FACADE.format(name=name),
        SCHED: SCHEDULER.format(name=name, built=built),
    }


@pytest.mark.parametrize(("built", "manager_errs"), [("KVCacheManager()", False), ("make_manager()", True)])
def test_keyword_call_off_an_unrelated_typed_receiver(
    git_repo: GitRepo, no_rules: Path, built: str, manager_errs: bool
) -> None:
    """The scheduler's keyword call is the facade's (its field is built by ``KVCacheManager(...)``): the
    fork manager's override keeping the old name is not an error; the facade's override still is.  Where
    the field's class is not known (a factory's result), the call may be either's: both stay errors."""
    base, after = _tree("num_computed_tokens", built), _tree("total_computed_tokens", built)
    sides = s.merge_case(git_repo, {**CORE, **base}, {FORK: FORK_TEXT}, [(SUBJECT, after)])
    report = git_repo.audit(no_rules, merge=sides)
    errors = {
        f.line
        for f in report.findings
        if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error" and "overrides" in f.message
    }
    assert 11 in errors  # the facade's override: the scheduler passes total_computed_tokens= to it
    assert (6 in errors) is manager_errs


# --- receivers typed as a class that does not tell which method runs (fixAK) ------------------------------
MIXED = """from abc import ABC


class TrimMixin:
    def trim(self, request_id: str, tokens: int) -> None:
        {mixin_call}


class SingleTypeKVCacheManager(ABC):
    def remove_skipped_blocks(self, request_id: str, {name}: int) -> None:
        self.skipped = {name}


class SlidingWindowManager(TrimMixin, SingleTypeKVCacheManager):
    pass
"""

STRUCTURAL = """from typing import Protocol


class SkipsBlocks(Protocol):
    def remove_skipped_blocks(self, request_id: str, {name}: int) -> None: ...


def trim_one(manager: SkipsBlocks, request_id: str, tokens: int) -> None:
    {proto_call}
"""

WINDOW_FORK = """from vllm.v1.core.single_type_kv_cache_manager import SlidingWindowManager


class AeonWindowManager(SlidingWindowManager):
    def remove_skipped_blocks(self, request_id: str, num_computed_tokens: int) -> None:
        self.aeon_last = num_computed_tokens
"""


def _mixed(name: str, where: str) -> dict[str, str | None]:
    call = f"remove_skipped_blocks(request_id=request_id, {name}=tokens)"
    return {
        STM: MIXED.format(name=name, mixin_call=f"self.{call}" if where == "mixin" else "pass"),
        SCHED: STRUCTURAL.format(name=name, proto_call=f"manager.{call}" if where == "protocol" else "pass"),
    }


@pytest.mark.parametrize("where", ["mixin", "protocol"])
def test_keyword_call_off_a_mixin_or_a_protocol(git_repo: GitRepo, no_rules: Path, where: str) -> None:
    """``self`` typed as a mixin that defines no ``remove_skipped_blocks`` (its partner class supplies it), or
    a receiver typed as a ``Protocol`` (structural): the call may well run the fork's override, which keeps
    the old name: still an error."""
    base, after = _mixed("num_computed_tokens", where), _mixed("total_computed_tokens", where)
    sides = s.merge_case(git_repo, {**CORE, **base}, {FORK: WINDOW_FORK}, [(SUBJECT, after)])
    report = git_repo.audit(no_rules, merge=sides)
    errors = {f.line for f in report.findings if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"}
    assert 5 in errors, report.findings


# twins a second review found crying wolf (a correct fork flagged)
TWIN_RESET = "\n    def shutdown(self) -> None:\n        self.kv_cache_manager = None\n"
TWIN_ALIAS = (
    "\n    def trim2(self, request_id: str, tokens: int) -> None:\n"
    "        mgr = self.kv_cache_manager\n        mgr.remove_skipped_blocks(request_id=request_id, {name}=tokens)\n"
)
TWIN_GETTER = (
    "\n    def manager(self) -> KVCacheManager:\n        return self.kv_cache_manager\n\n"
    "    def trim3(self, request_id: str, tokens: int) -> None:\n"
    "        self.manager().remove_skipped_blocks(request_id=request_id, {name}=tokens)\n"
)


def _twin_tree(name: str, built: str, extra: str) -> dict:
    t = _tree(name, built)
    t[SCHED] = t[SCHED] + extra.replace("{name}", name)
    return t


@pytest.mark.parametrize(
    ("built", "extra"),
    [
        ("KVCacheManager() if True else None", ""),
        ("KVCacheManager()", TWIN_RESET),
        ("KVCacheManager()", TWIN_ALIAS),
        ("KVCacheManager()", TWIN_GETTER),
    ],
    ids=["ifexp", "reset to None", "local alias", "typed getter"],
)
def test_a_field_reset_to_none_built_conditionally_aliased_or_returned_typed_stays_typed_away(
    git_repo: GitRepo, no_rules: Path, built: str, extra: str
) -> None:
    base, after = _twin_tree("num_computed_tokens", built, extra), _twin_tree("total_computed_tokens", built, extra)
    sides = s.merge_case(git_repo, {**CORE, **base}, {FORK: FORK_TEXT}, [(SUBJECT, after)])
    report = git_repo.audit(no_rules, merge=sides)
    errors = {f.line for f in report.findings if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"}
    assert 11 in errors and 6 not in errors, [f.message for f in report.findings if f.path == FORK and f.line == 6]
