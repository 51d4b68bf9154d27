"""Absent keys (killers208, #31326's shape): upstream now calls a hook from a place that never called it, and a
fork override looks the key up in a table of its own without a guard.

``LRUCacheWorkerLoRAManager.add_adapter`` now calls ``self._adapter_manager.remove_adapter(lora.id)`` on every
load; a fork manager's ``remove_adapter`` doing ``del self._scales[adapter_id]`` raises KeyError on each fresh
adapter, and so does a ``deactivate_adapter`` the base's ``remove_adapter`` hands the key on to.  Warnings.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

MANAGERS = "pkg/managers.py"
BASE_TEXT = """class ModelManager:
    def __init__(self) -> None:
        self._registered: dict[int, object] = {}

    def deactivate(self, adapter_id: int) -> bool:
        return adapter_id in self._registered

    def remove(self, adapter_id: int) -> bool:
        self.deactivate(adapter_id)
        return self._registered.pop(adapter_id, None) is not None


class WorkerManager:
    def __init__(self) -> None:
        self._manager: ModelManager

    def create(self, manager_cls):
        manager = manager_cls()
        self._manager = manager
        return manager

    def load(self, adapter_id: int) -> None:
        self._manager._registered[adapter_id] = object()
"""
THEIRS = BASE_TEXT.replace(
    "    def load(self, adapter_id: int) -> None:\n",
    "    def load(self, adapter_id: int) -> None:\n        self._manager.remove(adapter_id)\n",
)
FORK = "pkg/aeon/spark.py"
PACKAGES = {"pkg/__init__.py": "", "pkg/aeon/__init__.py": ""}
HEAD = (
    "from pkg.managers import ModelManager\n\n\nclass AeonManager(ModelManager):\n    _scales: dict[int, int] = {}\n\n"
)


def warned(repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    sides = three_way(repo, {**PACKAGES, MANAGERS: BASE_TEXT}, {FORK: fork}, {MANAGERS: theirs})
    return [f for f in found(audit(repo, sides, tmp_path), RULE) if f[0] == FORK]


@pytest.mark.parametrize(
    ("body", "use"),
    [
        (  # the hook itself, a ``del``
            "    def remove(self, adapter_id: int) -> bool:\n        del self._scales[adapter_id]\n"
            "        return super().remove(adapter_id)\n",
            "del self._scales[adapter_id]",
        ),
        (  # the hook itself, a ``.pop`` without a default
            "    def remove(self, adapter_id: int) -> bool:\n        self._scales.pop(adapter_id)\n"
            "        return super().remove(adapter_id)\n",
            "self._scales.pop(adapter_id)",
        ),
        (  # a method the base's hook hands the key on to, a read
            "    def deactivate(self, adapter_id: int) -> bool:\n        slot = self._scales[adapter_id]\n"
            "        return super().deactivate(adapter_id) and slot >= 0\n",
            "slot = self._scales[adapter_id]",
        ),
    ],
)
def test_an_unguarded_lookup_warns(git_repo: GitRepo, tmp_path: Path, body: str, use: str) -> None:
    fork = HEAD + body
    assert warned(git_repo, tmp_path, fork) == [(FORK, line_of(fork, use), "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # guarded: a default, a membership test first, a try, ``.get``
        "    def remove(self, adapter_id: int) -> bool:\n        self._scales.pop(adapter_id, None)\n"
        "        return super().remove(adapter_id)\n",
        "    def remove(self, adapter_id: int) -> bool:\n        if adapter_id in self._scales:\n"
        "            del self._scales[adapter_id]\n        return super().remove(adapter_id)\n",
        "    def remove(self, adapter_id: int) -> bool:\n        try:\n            del self._scales[adapter_id]\n"
        "        except KeyError:\n            pass\n        return super().remove(adapter_id)\n",
        "    def remove(self, adapter_id: int) -> bool:\n        slot = self._scales.get(adapter_id)\n"
        "        return super().remove(adapter_id) and slot is not None\n",
        # a lookup of another name than the key
        "    def remove(self, adapter_id: int) -> bool:\n        first = self._scales[0]\n"
        "        return super().remove(adapter_id) and first > 0\n",
    ],
)
def test_guarded_lookups_stay_quiet(git_repo: GitRepo, tmp_path: Path, body: str) -> None:
    assert warned(git_repo, tmp_path, HEAD + body) == []


def test_a_call_the_function_made_before_is_not_new(git_repo: GitRepo, tmp_path: Path) -> None:
    """``load`` called ``remove`` at the merge base already: the override met that call before the merge."""
    base_called = BASE_TEXT.replace(
        "    def load(self, adapter_id: int) -> None:\n",
        "    def load(self, adapter_id: int) -> None:\n        if adapter_id < 0:\n            self._manager.remove(-adapter_id)\n",
    )
    theirs = base_called.replace(
        "    def load(self, adapter_id: int) -> None:\n",
        "    def load(self, adapter_id: int) -> None:\n        self._manager.remove(adapter_id)\n",
    )
    fork = (
        HEAD
        + "    def remove(self, adapter_id: int) -> bool:\n        del self._scales[adapter_id]\n        return True\n"
    )
    sides = three_way(git_repo, {**PACKAGES, MANAGERS: base_called}, {FORK: fork}, {MANAGERS: theirs})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK] == []


def test_a_receiver_of_another_class_is_not_the_forks(git_repo: GitRepo, tmp_path: Path) -> None:
    """The new call is off an attribute typed as another class with a method of the name."""
    other = (
        BASE_TEXT + "\n\nclass Cache:\n    def remove(self, key: int) -> bool:\n        return False\n\n\nclass Pool:\n"
    )
    other += "    def __init__(self) -> None:\n        self._cache: Cache = Cache()\n\n    def load(self, key: int) -> None:\n        pass\n"
    theirs = other.replace(
        "    def load(self, key: int) -> None:\n        pass\n",
        "    def load(self, key: int) -> None:\n        self._cache.remove(key)\n",
    )
    fork = (
        HEAD
        + "    def remove(self, adapter_id: int) -> bool:\n        del self._scales[adapter_id]\n        return True\n"
    )
    sides = three_way(git_repo, {**PACKAGES, MANAGERS: other}, {FORK: fork}, {MANAGERS: theirs})
    assert [f for f in found(audit(git_repo, sides, tmp_path), RULE) if f[0] == FORK] == []
