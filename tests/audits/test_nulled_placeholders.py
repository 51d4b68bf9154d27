"""Nulled placeholders (killers204): a constructor that built a placeholder object now leaves the attribute None
until another method binds it, and a fork subclass tells "unset" by the placeholder's type, or hands the attribute
to a builtin that fails on None.  Shaped like #20756 (574ad60db9): ``KVConnectorBase_V1.__init__``'s
``self._connector_metadata = KVConnectorMetadata()`` became ``= None`` (``bind_connector_metadata`` sets it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of, three_way

BASE_PATH = "vllm/kv/base.py"
BASE = """class Metadata:
    pass


class Connector:
    def __init__(self, role: int) -> None:
        self.role = role
        self._meta = Metadata()

    def bind(self, meta: Metadata) -> None:
        self._meta = meta

    def clear(self) -> None:
        self._meta = Metadata()
"""
AFTER = BASE.replace("        self._meta = Metadata()\n", "        self._meta: Metadata | None = None\n").replace(
    "    def clear(self) -> None:\n        self._meta = Metadata()\n",
    "    def clear(self) -> None:\n        self._meta = None\n",
)
FILES = {"vllm/__init__.py": "", "vllm/kv/__init__.py": "", BASE_PATH: BASE}
MINE = "vllm/aeon/meta.py"
HEADER = "from vllm.kv.base import Connector, Metadata\n\n\n"


def warnings(repo: GitRepo, no_rules: Path, text: str) -> list[tuple[int, str, str]]:
    sides = three_way(repo, FILES, {MINE: text}, {BASE_PATH: AFTER})
    report = repo.audit(no_rules, merge=sides)
    found = (f for f in report.findings if f.path == MINE and "self._meta" in f.message)
    return [(f.line, f.severity.value, f.message) for f in found]


@pytest.mark.parametrize(
    ("body", "use", "says"),
    [
        ("    def aeon_idle(self) -> bool:\n        return type(self._meta) is Metadata\n", "return type(", "flips"),
        ("    def aeon_busy(self) -> bool:\n        return Metadata != type(self._meta)\n", "return Metadata", "flips"),
        ("    def aeon_n(self) -> int:\n        return len(vars(self._meta))\n", "return len(", "meets None"),
        ("    def aeon_keys(self) -> list:\n        return sorted(self._meta)\n", "return sorted(", "meets None"),
        # readG: builtins the use reads as failing on None, whose call the fork's line gate once missed
        ("    def aeon_keys(self) -> list:\n        return list(enumerate(self._meta))\n", "return list(", "meets None"),
        ("    def aeon_keys(self) -> list:\n        return sorted(self._meta, key=str)\n", "return sorted(", "meets None"),
        ("    def aeon_keys(self) -> list:\n        return list(zip([1], self._meta))\n", "return list(", "meets None"),
    ],
    ids=["type() is the placeholder", "!= written the other way", "vars()", "sorted()", "enumerate()", "sorted(key)",
         "zip(a, X)"],
)  # fmt: skip
def test_a_placeholder_made_none_warns(git_repo: GitRepo, no_rules: Path, body: str, use: str, says: str) -> None:
    text = HEADER + "class AeonConnector(Connector):\n" + body
    [(line, level, message)] = warnings(git_repo, no_rules, text)
    assert (line, level) == (line_of(text, use), "warning")
    assert says in message and "bind()" in message


@pytest.mark.parametrize(
    "body",
    [
        "    def aeon_bound(self) -> bool:\n        return self._meta is not None\n",
        "    def aeon_n(self) -> int:\n        if isinstance(self._meta, Metadata):\n"
        "            return len(vars(self._meta))\n        return 0\n",
        "    def aeon_mine(self) -> bool:\n        return type(self._meta) is AeonMetadata\n",
        "    def __init__(self, role: int) -> None:\n        super().__init__(role)\n        self._meta = Metadata()\n\n"
        "    def aeon_idle(self) -> bool:\n        return type(self._meta) is Metadata\n",
        "    def aeon_name(self) -> str:\n        return type(self._meta).__name__\n",
    ],
    ids=["an is-None test", "an isinstance guard", "another class compared", "the fork sets it itself", "type() read"],
)
def test_guarded_or_other_uses_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    text = HEADER + "class AeonMetadata(Metadata):\n    pass\n\n\nclass AeonConnector(Connector):\n" + body
    assert warnings(git_repo, no_rules, text) == []
