"""Stale copies of a test or a return (killers208): a fork override repeats a condition or a returned expression
of the base method's body that upstream rewrote.  Rebuilt from #47725 (``set_adapter_mapping``'s
``if self._last_mapping != mapping:`` grew ``or self._last_slot_layout != slot_layout``) and #34984
(``_match_target_modules`` returned ``any(re.match(...) ...)`` and now filters by the config too), as clean git
merges, with twins that must stay quiet.  Warnings, as for a stale call: the fork may keep the old one on purpose."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

MANAGER = "pkg/manager.py"
BASE = """class Manager:
    def __init__(self) -> None:
        self._last = None
        self.slots = [None, None]
        self.names = ["a", "b"]

    def set_mapping(self, mapping) -> None:
        if self._last != mapping:
            self._apply(mapping)
            self._last = mapping

    def _apply(self, mapping) -> None:
        self.applied = mapping

    def matches(self, name: str) -> bool:
        return any(name.endswith(n) for n in self.names)


class CachedManager(Manager):
    capacity = 2
"""
AFTER = BASE.replace(
    "        if self._last != mapping:\n            self._apply(mapping)\n            self._last = mapping\n",
    "        layout = tuple(self.slots)\n"
    "        if self._last != mapping or self._layout != layout:\n"
    "            self._apply(mapping)\n            self._last = mapping\n            self._layout = layout\n",
).replace(
    "        return any(name.endswith(n) for n in self.names)\n",
    "        if not supported(name, self.names):\n            return False\n        return allowed(name, self.config)\n",
)
FILES = {"pkg/__init__.py": "", MANAGER: BASE}
MINE = "pkg/aeon/spark.py"
HEAD = "from pkg.manager import CachedManager, Manager\n\n\n"


def stale(repo: GitRepo, no_rules: Path, sides: object) -> list[tuple[int, str]]:
    report = repo.audit(no_rules, merge=sides)  # type: ignore[arg-type]
    return [
        (f.line, f.severity.value) for f in report.findings if f.path == MINE and "repeats the base's old" in f.message
    ]


@pytest.mark.parametrize(
    ("body", "use"),
    [
        (  # the old guard word for word, the fork's count added
            "class AeonManager(Manager):\n    def set_mapping(self, mapping) -> None:\n"
            "        if self._last != mapping:\n            self._apply(mapping)\n            self._last = mapping\n"
            "            self.count = 1\n",
            "if self._last != mapping:",
        ),
        (  # the old guard inverted, in an early return beside the fork's own flag, on a subclass upstream's file has
            "class AeonManager(CachedManager):\n    paused = False\n\n    def set_mapping(self, mapping) -> None:\n"
            "        if self.paused or mapping == self._last:\n            return\n"
            "        self._apply(mapping)\n        self._last = mapping\n",
            "if self.paused or mapping == self._last:",
        ),
        (  # the old return, narrowed by the fork first
            "class AeonManager(Manager):\n    def matches(self, name: str) -> bool:\n"
            '        if name.startswith("experts."):\n            return False\n'
            "        return any(name.endswith(n) for n in self.names)\n",
            "return any(name.endswith(n) for n in self.names)",
        ),
    ],
)
def test_an_override_repeating_a_rewritten_test_warns(git_repo: GitRepo, no_rules: Path, body: str, use: str) -> None:
    fork = HEAD + body
    sides = three_way(git_repo, FILES, {MINE: fork}, {MANAGER: AFTER})
    assert stale(git_repo, no_rules, sides) == [(line_of(fork, use), "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # hands on to the base: upstream's new test runs
        "class AeonManager(Manager):\n    def set_mapping(self, mapping) -> None:\n"
        "        super().set_mapping(mapping)\n        self.count = 1\n",
        # already carries upstream's new test
        "class AeonManager(Manager):\n    def set_mapping(self, mapping) -> None:\n"
        "        layout = tuple(self.slots)\n        if self._last != mapping or self._layout != layout:\n"
        "            self._apply(mapping)\n",
        # a test of its own that reads no field of the base's (the inverted form needs ``self.``)
        "class AeonManager(Manager):\n    def set_mapping(self, mapping) -> None:\n"
        "        if mapping is None:\n            return\n        self._apply(mapping)\n",
        # a class deriving from neither: another method of the name
        "class AeonOther:\n    _last = None\n\n    def set_mapping(self, mapping) -> None:\n"
        "        if self._last != mapping:\n            self._last = mapping\n",
        # the fork's own subclass overriding the method upstream's subclass defines itself
        "class AeonManager(Manager):\n    def matches(self, name: str) -> bool:\n        return name in self.names\n",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    sides = three_way(git_repo, FILES, {MINE: HEAD + body}, {MANAGER: AFTER})
    assert stale(git_repo, no_rules, sides) == []


def test_a_test_upstream_only_removed_is_no_rewrite(git_repo: GitRepo, no_rules: Path) -> None:
    """Upstream dropped the guard and added none: nothing it rewrote for the copy to miss (a warning would be
    a guess)."""
    after = BASE.replace(
        "        if self._last != mapping:\n            self._apply(mapping)\n            self._last = mapping\n",
        "        self._apply(mapping)\n",
    )
    fork = HEAD + (
        "class AeonManager(Manager):\n    def set_mapping(self, mapping) -> None:\n"
        "        if self._last != mapping:\n            self._apply(mapping)\n"
    )
    sides = three_way(git_repo, FILES, {MINE: fork}, {MANAGER: after})
    assert stale(git_repo, no_rules, sides) == []
