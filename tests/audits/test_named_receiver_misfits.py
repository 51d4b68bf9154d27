"""An untyped call of a name two classes define, one of them upstream changed: a warning when the receiver is named after it.

#23664 (98aa16ff41) made ``num_encoder_tokens`` a required parameter of ``KVCacheCoordinator.get_num_blocks_to_allocate``;
``SingleTypeKVCacheManager.get_num_blocks_to_allocate`` kept ``(request_id, num_tokens, new_computed_blocks)``.  A fork's
``coordinator.get_num_blocks_to_allocate(request_id=r, num_tokens=n, new_computed_blocks=b)`` on an untyped
``coordinator`` still fits the manager's: no error, but the receiver is named after the coordinator -- a warning
(blind_replay_kvcoord2).  Quiet: a receiver named after the class the call still fits, or after neither, and a call
passing the new parameter.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.drift import symbols
from aeon_release.domain.audits.drift.named_receivers import named_after, receiver_words
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from aeon_release.domain.audits.model import Finding
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

COORD = "pkg/core/coordinator.py"
MANAGERS = "pkg/core/managers.py"
COORD_BASE = """class KVCacheCoordinator:
    def blocks_to_allocate(self, request_id, num_tokens, new_blocks):
        return num_tokens - len(new_blocks)
"""
MANAGERS_BASE = """class SingleTypeKVCacheManager:
    def blocks_to_allocate(self, request_id, num_tokens, new_blocks):
        return num_tokens
"""
COORD_AFTER = COORD_BASE.replace("new_blocks):", "new_blocks, num_encoder_tokens):")
# upstream's commit touches both homes of the name (a by-name call is read only against changed files)
MANAGERS_AFTER = MANAGERS_BASE + "\n\nclass CrossAttentionManager(SingleTypeKVCacheManager):\n    pass\n"
SUBJECT = "[v1] Add cross-attention KV cache support for encoder-decoder models (#23664)"

WARNED = {
    "keywords": (
        "def go(coordinator, r, n, b):\n"
        "    return coordinator.blocks_to_allocate(request_id=r, num_tokens=n, new_blocks=b)\n",
        "return coordinator.blocks_to_allocate(request_id=r, num_tokens=n, new_blocks=b)",
    ),
    "positional_on_self": (
        "class Spark:\n    def go(self, r, n, b):\n        return self.kv_coordinator.blocks_to_allocate(r, n, b)\n",
        "return self.kv_coordinator.blocks_to_allocate(r, n, b)",
    ),
    "stem": (
        "def go(coord, r, n, b):\n    return coord.blocks_to_allocate(r, n, b)\n",
        "return coord.blocks_to_allocate(r, n, b)",
    ),
}
QUIET = {
    "named_after_the_other": "def go(kv_cache_manager, r, n, b):\n    return kv_cache_manager.blocks_to_allocate(r, n, b)\n",
    "named_after_neither": "def go(holder, r, n, b):\n    return holder.blocks_to_allocate(r, n, b)\n",
    "new_parameter": "def go(coordinator, r, n, b):\n    return coordinator.blocks_to_allocate(r, n, b, 0)\n",
    "short_name": "def go(c, r, n, b):\n    return c.blocks_to_allocate(r, n, b)\n",
}
FORKS = {f"pkg/aeon/{name}.py": text for name, (text, _) in WARNED.items()} | {
    f"pkg/aeon/{name}.py": text for name, text in QUIET.items()
}
INITS = {f"{d}/__init__.py": "" for d in ("pkg", "pkg/core", "pkg/aeon")}


def findings(repo: GitRepo) -> dict[str, list[Finding]]:
    base = {**INITS, COORD: COORD_BASE, MANAGERS: MANAGERS_BASE}
    return s.side_by_side(repo, base, FORKS, [(SUBJECT, {COORD: COORD_AFTER, MANAGERS: MANAGERS_AFTER})], SYMBOL_DRIFT)


@pytest.mark.parametrize("name", sorted(WARNED))
def test_a_receiver_named_after_the_changed_class_is_warned(git_repo: GitRepo, name: str) -> None:
    text, line = WARNED[name]
    rows = [(f.line, f.severity.value) for f in findings(git_repo)[f"pkg/aeon/{name}.py"]]
    assert rows == [(line_of(text, line), "warning")]


@pytest.mark.parametrize("name", sorted(QUIET))
def test_twins_stay_quiet(git_repo: GitRepo, name: str) -> None:
    assert findings(git_repo)[f"pkg/aeon/{name}.py"] == []


@pytest.mark.parametrize(
    ("spelt", "owner", "named"),
    [
        ("coordinator", "KVCacheCoordinator", True),
        ("self.kv_coordinator", "KVCacheCoordinator", True),
        ("coord", "HybridKVCacheCoordinator", True),
        ("kv_cache_manager", "SingleTypeKVCacheManager", True),
        ("kv_cache_manager", "KVCacheCoordinator", False),
        ("self", "KVCacheCoordinator", False),
        ("make().coordinator", "Outer.KVCacheCoordinator", True),
        ("co", "KVCacheCoordinator", False),
        ("spark_coordinator", "KVCacheCoordinator", False),
    ],
)
def test_named_after(spelt: str, owner: str, named: bool) -> None:
    receiver = symbols.ast.parse(spelt, mode="eval").body
    assert named_after(receiver_words(receiver), owner) is named
