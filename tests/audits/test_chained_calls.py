"""Symbol drift through attribute chains no annotation types: ``self.kv_cache_manager.method(...)``.

Shaped like vLLM's scheduler calling its KV cache manager (an attribute set in __init__ without an
annotation) and its model runner calling ``layer.quant_method`` helpers: the object's class is not
known, so the call is resolved by name when exactly one ``def`` of it exists in the fork branch.  (The
factory returns a name, not ``KVCacheManager(...)`` itself: a factory that returns the call types the
attribute as that class, and the call is then no chain.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import DEFAULT_DRIFT
from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

MANAGER = "vllm/v1/core/kv_cache_manager.py"
SCHEDULER = "vllm/v1/core/sched/scheduler.py"
MANAGER_BASE = """class KVCacheManager:
    def __init__(self, block_size: int) -> None:
        self.block_size = block_size

    def get_num_common_prefix_blocks(self, request, num_running_requests: int) -> list[int]:
        return [0] * num_running_requests

    def free(self, request) -> None:
        pass
"""
SCHEDULER_BASE = """from vllm.v1.core.kv_cache_manager import KVCacheManager


class Scheduler:
    def __init__(self, block_size: int) -> None:
        self.kv_cache_manager = make_manager(block_size)
        self.running = []

    def schedule(self) -> int:
        return len(self.running)


def make_manager(block_size: int):
    manager = KVCacheManager(block_size)
    return manager
"""
FORK_CALL = "        blocks = self.kv_cache_manager.get_num_common_prefix_blocks(self.running[0], len(self.running))\n"
SCHEDULER_FORK = SCHEDULER_BASE.replace(
    "        return len(self.running)\n",
    "        # AEON: cascade attention on GB10 wants the common prefix\n" + FORK_CALL + "        return len(blocks)\n",
)
RESIGNED = MANAGER_BASE.replace("self, request, num_running_requests: int", "self, running_request_id: str")
REMOVED = MANAGER_BASE.replace(
    "    def get_num_common_prefix_blocks(self, request, num_running_requests: int) -> list[int]:\n"
    "        return [0] * num_running_requests\n\n",
    "",
)
SUBJECT = "[Core] Compute common prefix blocks by request id (#20000)"


def drift(repo: GitRepo, config: Path, manager: str, fork: str = SCHEDULER_FORK, extra: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    base = {MANAGER: MANAGER_BASE, SCHEDULER: SCHEDULER_BASE, **(extra or {})}
    sides = s.merge_case(repo, base, {SCHEDULER: fork}, [(SUBJECT, {MANAGER: manager})])
    report = repo.audit(config, merge=sides)
    return [(f.path, f.line, f.message) for f in report.findings if f.rule_id == DRIFT]


def test_a_method_re_signatured_under_an_untyped_attribute_chain(git_repo: GitRepo, no_rules: Path) -> None:
    [(path, line, message)] = drift(git_repo, no_rules, RESIGNED)
    assert path == SCHEDULER and line == SCHEDULER_FORK.splitlines().index(FORK_CALL.rstrip("\n")) + 1
    assert "self.kv_cache_manager.get_num_common_prefix_blocks" in message
    assert "passes 2 positional argument(s), it takes 1" in message and "#20000" in message


def test_a_method_removed_under_an_untyped_attribute_chain(git_repo: GitRepo, no_rules: Path) -> None:
    [(path, _, message)] = drift(git_repo, no_rules, REMOVED)
    assert path == SCHEDULER
    assert "upstream removed KVCacheManager.get_num_common_prefix_blocks" in message


def test_a_name_defined_twice_is_not_guessed(git_repo: GitRepo, no_rules: Path) -> None:
    other = "class OtherManager:\n    def get_num_common_prefix_blocks(self, request, n: int) -> list[int]:\n        return []\n"
    assert drift(git_repo, no_rules, RESIGNED, extra={"vllm/v1/core/other.py": other}) == []


def test_a_call_that_never_fit_the_method_is_not_it(git_repo: GitRepo, no_rules: Path) -> None:
    fork = SCHEDULER_FORK.replace("(self.running[0], len(self.running))", "(self.running[0], 1, 2, 3)")
    assert drift(git_repo, no_rules, RESIGNED, fork=fork) == []


def test_a_call_that_still_fits_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    widened = MANAGER_BASE.replace("num_running_requests: int)", "num_running_requests: int, cascade: bool = False)")
    assert drift(git_repo, no_rules, widened) == []


def test_a_method_upstream_moved_to_another_class_is_not_called_removed(git_repo: GitRepo, no_rules: Path) -> None:
    moved = REMOVED + (
        "\n\nclass PrefixCounter:\n"
        "    def get_num_common_prefix_blocks(self, request, num_running_requests: int) -> list[int]:\n"
        "        return []\n"
    )
    assert drift(git_repo, no_rules, moved) == []


def test_a_module_function_of_the_same_name_is_not_a_method_call(git_repo: GitRepo, no_rules: Path) -> None:
    fork = SCHEDULER_FORK.replace("self.kv_cache_manager.get_num", "torch.get_num").replace(
        "from vllm", "import torch\nfrom vllm"
    )
    assert drift(git_repo, no_rules, RESIGNED, fork=fork) == []


# -- a default upstream changed under a fork call that relies on it ----------------------------------------
MASKS = "vllm/model_executor/models/qwen3_dflash.py"
MASKS_BASE = """def dflash_attention_mask(seq_len: int, block_size: int = 16, is_causal: bool = True) -> list[int]:
    return [seq_len, block_size, int(is_causal)]
"""
CARRY = "vllm/v1/spec_decode/dflash.py"
CARRY_BASE = """from vllm.model_executor.models.qwen3_dflash import dflash_attention_mask


def propose(n: int) -> list[int]:
    return [n]
"""


def default_case(repo: GitRepo, config: Path, call: str, upstream: str) -> list[tuple[str, int, str, str]]:
    fork = CARRY_BASE.replace("    return [n]\n", f"    mask = {call}  # AEON: DFlash 2 drafter\n    return mask\n")
    sides = s.merge_case(
        repo,
        {MASKS: MASKS_BASE, CARRY: CARRY_BASE},
        {CARRY: fork},
        [("[Spec] DFlash 2 is non-causal (#52816)", {MASKS: upstream})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.path, f.line, f.severity.value, f.message) for f in report.findings if f.rule_id == DEFAULT_DRIFT]


def test_a_default_upstream_flipped_under_a_call_that_relies_on_it(git_repo: GitRepo, no_rules: Path) -> None:
    flipped = MASKS_BASE.replace("is_causal: bool = True", "is_causal: bool = False")
    [(path, line, severity, message)] = default_case(git_repo, no_rules, "dflash_attention_mask(n)", flipped)
    assert (path, line, severity) == (CARRY, 5, "warning")
    assert "without is_causal=" in message and "from True to False" in message and "#52816" in message
    assert "pass is_causal=True" in message


@pytest.mark.parametrize(
    "call",
    ["dflash_attention_mask(n, is_causal=True)", "dflash_attention_mask(n, 8, False)", "dflash_attention_mask(*[n])"],
)
def test_a_call_that_passes_the_parameter_is_silent(git_repo: GitRepo, no_rules: Path, call: str) -> None:
    flipped = MASKS_BASE.replace("is_causal: bool = True", "is_causal: bool = False")
    assert default_case(git_repo, no_rules, call, flipped) == []


def test_a_default_upstream_left_alone_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    other = MASKS_BASE.replace("block_size: int = 16", "block_size: int = 16") + "\n\nX = 1\n"
    assert default_case(git_repo, no_rules, "dflash_attention_mask(n, block_size=32)", other) == []


@pytest.mark.parametrize(
    ("old", "new"),
    [("frozenset()", "None"), ("Mode.AUTO", '"auto"'), ("16", "0x10"), ("True", "1")],
)
def test_a_sentinel_refactor_of_a_default_is_silent(git_repo: GitRepo, no_rules: Path, old: str, new: str) -> None:
    base = MASKS_BASE.replace("block_size: int = 16", f"block_size=({old})")
    upstream = MASKS_BASE.replace("block_size: int = 16", f"block_size=({new})")
    sides = s.merge_case(
        git_repo,
        {MASKS: "class Mode:\n    AUTO = 1\n\n\n" + base, CARRY: CARRY_BASE},
        {CARRY: CARRY_BASE.replace("    return [n]\n", "    return dflash_attention_mask(n)  # AEON\n")},
        [("refactor (#1)", {MASKS: "class Mode:\n    AUTO = 1\n\n\n" + upstream})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    assert [f for f in report.findings if f.rule_id == DEFAULT_DRIFT] == []


@pytest.mark.parametrize(
    ("old", "new", "picks", "says"),
    [
        ("16", "None", "", "from 16 to None"),  # None now: the function passes None on, not 16
        ("None", "32", "", "from None to 32"),
        ("16", "None", "    if block_size is None:\n        block_size = 16\n", None),  # the sentinel stands for 16
        ("None", "16", "    block_size = block_size or 16\n", None),  # the base's None stood for 16 already
        ("None", "True", "    block_size = True if block_size is None else block_size\n", None),
        ("16", "None", "    if block_size is None:\n        block_size = 8\n", "from 16 to None"),  # it picks 8
    ],
)
def test_a_default_made_none_or_made_a_literal(
    git_repo: GitRepo, no_rules: Path, old: str, new: str, picks: str, says: str | None
) -> None:
    """``block_size=16`` -> ``None``: the fork's call that leaves it out no longer gets 16 unless the
    function itself picks 16 for None (then it is the usual sentinel refactor, and silent)."""
    head = "def dflash_attention_mask(seq_len: int, block_size={}, is_causal: bool = True) -> list[int]:\n"
    tail = "    return [seq_len, block_size, int(is_causal)]\n"
    base = head.format(old) + (picks if old == "None" else "") + tail
    upstream = head.format(new) + (picks if new == "None" else "") + tail
    sides = s.merge_case(
        git_repo,
        {MASKS: base, CARRY: CARRY_BASE},
        {CARRY: CARRY_BASE.replace("    return [n]\n", "    return dflash_attention_mask(n)  # AEON\n")},
        [("[Spec] Block size from the backend (#2)", {MASKS: upstream})],
    )
    report = git_repo.audit(no_rules, merge=sides)
    got = [(f.severity.value, f.message) for f in report.findings if f.rule_id == DEFAULT_DRIFT]
    if says is None:
        assert got == []
    else:
        [(severity, message)] = got
        assert severity == "warning" and says in message and "without block_size=" in message and "#2" in message


# -- a dataclass field's or a constructor's default, under a fork construction that relies on it ------------
SPEC = "vllm/config/speculative.py"
SPEC_BASE = """from dataclasses import dataclass, field


@dataclass
class SpeculativeConfig:
    method: str
    num_speculative_tokens: int = 3
    draft_tensor_parallel_size: int = field(default=1)


class DraftRunner:
    def __init__(self, config: SpeculativeConfig, block_size: int = 16) -> None:
        self.config = config
"""
SPEC_CARRY = "vllm/v1/spec_decode/aeon_dflash.py"


def constructor_case(
    repo: GitRepo, config: Path, body: str, upstream: str, base: str = SPEC_BASE
) -> list[tuple[str, int, str]]:
    imports = "from vllm.config.speculative import DraftRunner, SpeculativeConfig\n\n\n"
    fork = imports + f"def make() -> object:\n    return {body}  # AEON: DFlash on GB10\n"
    sides = s.merge_case(
        repo,
        {SPEC: base, "vllm/config/__init__.py": "", SPEC_CARRY: imports},
        {SPEC_CARRY: fork},
        [("[Spec] Draft four tokens by default (#53200)", {SPEC: upstream})],
    )
    report = repo.audit(config, merge=sides)
    return [(f.path, f.line, f.message) for f in report.findings if f.rule_id == DEFAULT_DRIFT]


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [
        ("num_speculative_tokens: int = 3", "num_speculative_tokens: int = 4", "num_speculative_tokens"),
        ("field(default=1)", "field(default=2)", "draft_tensor_parallel_size"),
    ],
)
def test_a_dataclass_field_default_upstream_changed_under_a_construction(
    git_repo: GitRepo, no_rules: Path, old: str, new: str, name: str
) -> None:
    [(path, line, message)] = constructor_case(
        git_repo, no_rules, 'SpeculativeConfig("dflash")', SPEC_BASE.replace(old, new)
    )
    assert (path, line) == (SPEC_CARRY, 5)
    assert f"without {name}=, whose default upstream changed" in message and "#53200" in message


def test_an_init_default_upstream_changed_under_a_construction(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = SPEC_BASE.replace("block_size: int = 16", "block_size: int = 32")
    [(_, _, message)] = constructor_case(git_repo, no_rules, 'DraftRunner(SpeculativeConfig("dflash"))', upstream)
    assert "without block_size=, whose default upstream changed from 16 to 32" in message


@pytest.mark.parametrize(
    ("post_init", "says"),
    [
        ("", "from 16 to None"),
        (
            "\n    def __post_init__(self) -> None:\n        if self.block_size is None:\n            self.block_size = 16\n",
            None,
        ),
    ],
)
def test_a_dataclass_field_made_none(git_repo: GitRepo, no_rules: Path, post_init: str, says: str | None) -> None:
    """A field's default 16 made None: silent when the class's ``__post_init__`` picks 16 for None."""
    base = SPEC_BASE.replace(
        "    draft_tensor_parallel_size", "    block_size: int | None = 16\n    draft_tensor_parallel_size"
    )
    upstream = base.replace("block_size: int | None = 16", "block_size: int | None = None").replace(
        "field(default=1)\n", "field(default=1)\n" + post_init
    )
    got = [m for _, _, m in constructor_case(git_repo, no_rules, 'SpeculativeConfig("dflash")', upstream, base)]
    assert got == [] if says is None else (len(got) == 1 and says in got[0] and "without block_size=" in got[0])


def test_a_construction_that_passes_the_field_is_silent(git_repo: GitRepo, no_rules: Path) -> None:
    upstream = SPEC_BASE.replace("num_speculative_tokens: int = 3", "num_speculative_tokens: int = 4")
    body = 'SpeculativeConfig("dflash", num_speculative_tokens=3, draft_tensor_parallel_size=1)'
    assert constructor_case(git_repo, no_rules, body, upstream) == []


def test_a_method_the_fork_added_twice_is_not_called_removed(git_repo: GitRepo, no_rules: Path) -> None:
    """The fork adds a method of one name to two classes of a file upstream changed (HabanaAI's fork:
    ``prepare_cos_sin`` on two rotary embeddings) and calls it through an untyped chain: upstream never
    had the name, the merged tree still defines it twice, so nothing was removed."""
    added = "\n    def aeon_prefix(self, n: int) -> int:\n        return n\n"
    manager = MANAGER_BASE + added + "\n\nclass AeonManager:\n" + added.lstrip("\n")
    fork = SCHEDULER_FORK.replace("get_num_common_prefix_blocks(self.running[0], len(self.running))", "aeon_prefix(3)")
    upstream = MANAGER_BASE.replace("class KVCacheManager:\n", "class KVCacheManager:\n    enabled = True\n\n")
    base = {MANAGER: MANAGER_BASE, SCHEDULER: SCHEDULER_BASE}
    sides = s.merge_case(git_repo, base, {SCHEDULER: fork, MANAGER: manager}, [(SUBJECT, {MANAGER: upstream})])
    report = git_repo.audit(no_rules, merge=sides)
    assert [f.message for f in report.findings if f.rule_id == DRIFT] == []
