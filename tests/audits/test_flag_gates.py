"""Flag gates: upstream now asks an object for a capability flag before using a kind of method; a fork class
implementing that method never raises it.

Shaped like #40150 (2aab9acf48): ``GroupCoordinator`` now takes the CPU send/recv fast path only when
``getattr(self.device_communicator, "supports_tensor_dict", False)``, and ``CpuCommunicator`` sets the flag and
checks it in its ``send_tensor_dict``; a fork communicator deriving the base with its own ``send_tensor_dict`` is
never asked again.  A warning: the text cannot tie every call of the method to the ``getattr``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import line_of

BASE_MOD = "vllm/comm/base.py"
SHM = "vllm/comm/shm.py"
GROUP = "vllm/comm/group.py"
BASE_TEXT = "class Base:\n    def send(self, d) -> None:\n        raise NotImplementedError\n"
SHM_BASE = (
    "from .base import Base\n\n\nclass Shm(Base):\n    def __init__(self) -> None:\n        self.ring = []\n\n"
    "    def send(self, d) -> None:\n        self.ring.append(d)\n"
)
SHM_THEIRS = SHM_BASE.replace("        self.ring = []\n", "        self.ring = []\n        self.fast = True\n").replace(
    "        self.ring.append(d)\n",
    "        if not self.fast:\n            raise NotImplementedError\n        self.ring.append(d)\n",
)
GROUP_BASE = "def use(comm, d) -> None:\n    if comm is not None:\n        comm.send(d)\n"
GROUP_THEIRS = GROUP_BASE.replace("if comm is not None:", 'if getattr(comm, "fast", False):')
FORK = "vllm/aeon/comm.py"


def rows(git_repo: GitRepo, no_rules: Path, body: str) -> list[tuple[int, str]]:
    sides = s.merge_case(
        git_repo,
        {BASE_MOD: BASE_TEXT, SHM: SHM_BASE, GROUP: GROUP_BASE, "vllm/comm/__init__.py": "", "vllm/__init__.py": ""},
        {FORK: body},
        [("[CPU][BugFix] Fix inter-node pipeline parallel (#40150)", {SHM: SHM_THEIRS, GROUP: GROUP_THEIRS})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    return [(r[1], r[2]) for r in found if r[0] == FORK and "never sets" in r[3]]


@pytest.mark.parametrize(
    "body",
    [
        "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    def send(self, d) -> None:\n        print(d)\n",
        "from vllm.comm import base as b\n\n\nclass Ring(b.Base):\n    tag = 'ring'\n\n"
        "    def send(self, d) -> None:\n        print(d)\n",
    ],
    ids=["the base imported", "the base off its module"],
)
def test_a_method_whose_flag_the_fork_class_never_raises_is_a_warning(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert rows(git_repo, no_rules, body) == [(line_of(body, "def send"), "warning")]


@pytest.mark.parametrize(
    "body",
    [
        # derives upstream's class, whose flag it inherits
        "from vllm.comm.shm import Shm\n\n\nclass Ring(Shm):\n    def send(self, d) -> None:\n        print(d)\n",
        # raises the flag in its body
        "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    fast = True\n\n"
        "    def send(self, d) -> None:\n        print(d)\n",
        # or on self
        "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    def __init__(self) -> None:\n"
        "        self.fast = True\n\n    def send(self, d) -> None:\n        print(d)\n",
        # implements another method
        "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    def close(self) -> None:\n        pass\n",
        # readD #17: raises the flag as a property
        "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    @property\n    def fast(self) -> bool:\n"
        "        return True\n\n    def send(self, d) -> None:\n        print(d)\n",
        # readD #20: or on self in a tuple
        "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    def __init__(self) -> None:\n"
        "        self.fast, self.ring = True, []\n\n    def send(self, d) -> None:\n        print(d)\n",
    ],
    ids=[
        "derives the flagged class",
        "flag in the body",
        "flag on self",
        "another method",
        "flag as a property",
        "flag in a tuple",
    ],
)
def test_twin_a_class_raising_the_flag_or_not_implementing_the_method_is_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_flag_upstream_raises_as_a_property_is_a_gate(git_repo: GitRepo, no_rules: Path) -> None:
    """readD #17's upstream side: the flagged class answers the getattr with an ``@property``, not a field."""
    theirs = SHM_BASE.replace(
        "    def send(self, d) -> None:\n        self.ring.append(d)\n",
        "    @property\n    def fast(self) -> bool:\n        return True\n\n    def send(self, d) -> None:\n"
        "        if not self.fast:\n            raise NotImplementedError\n        self.ring.append(d)\n",
    )
    sides = s.merge_case(
        git_repo,
        {BASE_MOD: BASE_TEXT, SHM: SHM_BASE, GROUP: GROUP_BASE, "vllm/comm/__init__.py": "", "vllm/__init__.py": ""},
        {
            FORK: "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    def send(self, d) -> None:\n        print(d)\n"
        },
        [("[CPU][BugFix] Fix inter-node pipeline parallel (#40150)", {SHM: theirs, GROUP: GROUP_THEIRS})],
    )
    found = s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT)
    assert [(r[1], r[2]) for r in found if r[0] == FORK and "never sets" in r[3]] == [(5, "warning")]


@pytest.mark.parametrize(
    ("body", "parses"),
    [
        # the fork defines no ``send``: shm.py, which sets the flag, is not parsed
        (
            "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    def put(self, d) -> None:\n        print(d)\n",
            False,
        ),
        (
            "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    def send(self, d) -> None:\n        print(d)\n",
            True,
        ),
    ],
    ids=["defines-put", "defines-send"],
)
def test_no_fork_def_of_an_upstream_method_parses_nothing(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch, body: str, parses: bool
) -> None:
    """perf30's gate: upstream's flagged text is parsed only when it defines a name the fork's lines ``def``."""
    from aeon_release.domain.audits.drift import flag_gates, sides

    parsed: list[str] = []

    def recording(*args: object) -> Iterator[sides.Versions]:
        for both in sides.parsed_texts(*args):  # type: ignore[arg-type]
            parsed.append(both.path)
            yield both

    monkeypatch.setattr(flag_gates, "parsed_texts", recording)
    assert bool(rows(git_repo, no_rules, body)) is parses
    assert bool(parsed) is parses


def test_the_getattr_scan_passes_over_a_diff_without_getattr(
    git_repo: GitRepo, no_rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """perf30: upstream's added lines are searched for a flag's getattr only in the diffs holding ``getattr(``,
    and the flag is still found."""
    from aeon_release.domain.audits.drift import flag_gates

    scanned: list[str] = []
    search = flag_gates._GETATTR_FLAG.finditer

    def recording(text: str) -> Iterator[re.Match[str]]:
        scanned.append(text)
        return search(text)

    monkeypatch.setattr(flag_gates._GETATTR_FLAG, "finditer", recording)
    body = "from vllm.comm.base import Base\n\n\nclass Ring(Base):\n    def send(self, d) -> None:\n        print(d)\n"
    assert rows(git_repo, no_rules, body) == [(line_of(body, "def send"), "warning")]
    assert scanned and all("getattr(" in text for text in scanned)


UPSTREAM_DIFF = """diff --git a/m.py b/m.py
index 1111111..2222222 100644
--- a/m.py
+++ b/m.py
@@ -1,1 +1,5 @@
+x = getattr(a, "one", False) or getattr(b, "two", None)
+y = getattr(
 c, "three", False)
-z = getattr(d, "four", None)
+w = f(getattr(e.f, 'five', None))
+v = getattr(g, "six", True)
diff --git a/n.txt b/n.txt
index 1111111..2222222 100644
--- a/n.txt
+++ b/n.txt
@@ -1,0 +1,1 @@
+getattr(a, "seven", False)
"""


def test_the_flags_are_the_line_patterns_first_matches() -> None:
    """perf33: the call's own scan of the raw diff finds what ``added_matches`` of ``.*?`` + the call found: each
    added line's first call (not a second on the line, not a removed line's, not a text file's), a call
    continued on the next line too."""
    from aeon_release.domain.audits.drift import flag_gates, sides

    upstream = sides.Changes(UPSTREAM_DIFF)
    line_pattern = re.compile(".*?" + flag_gates._GETATTR_FLAG.pattern)
    was = {
        m.group(1) for p, m in sides.AddedLines(upstream).added_matches(line_pattern, "getattr(") if p.endswith(".py")
    }
    assert flag_gates.added_flags(upstream) == was == {"one", "three", "five"}
