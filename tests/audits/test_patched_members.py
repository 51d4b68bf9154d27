"""A member the fork patches onto upstream's class after its body, which building an instance now assigns on
``self`` (#12653, abfcdcdf27: ``Request.kv_block_hashes`` turned from a property into an attribute
``Request.__init__`` assigns).  A patched property with no setter makes every build raise AttributeError; a
patched function or value is hidden by the instance attribute (drift/shadows.py, ``patched``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SHADOWED_ATTRIBUTE as RULE
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

MOD = "pkg/req.py"
PACKAGES = {"pkg/__init__.py": ""}
BASE = """class Req:
    def __init__(self, n: int) -> None:
        self.n = n
        self._hashes: list[int] = []

    @property
    def hashes(self) -> list[int]:
        return list(self._hashes)

    def label(self) -> str:
        return "req"

    def other(self) -> int:
        return 0
"""
AFTER = (
    BASE.replace(
        "        self._hashes: list[int] = []\n",
        '        self._hashes: list[int] = []\n        self.hashes = self._hashes\n        self.label = f"req-{n}"\n',
    )
    .replace("    @property\n    def hashes(self) -> list[int]:\n        return list(self._hashes)\n\n", "")
    .replace('    def label(self) -> str:\n        return "req"\n\n', "")
)
USE = "pkg/aeon_patch.py"
GETTER = "def _capped(self) -> list[int]:\n    return self._hashes[:8]\n\n\n"


def _found(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, {MOD: BASE, **PACKAGES}, {USE: fork}, {MOD: AFTER})
    return found(audit(git_repo, sides, tmp_path), RULE)


@pytest.mark.parametrize(
    ("fork", "needle"),
    [
        ("from pkg.req import Req\n\n\n" + GETTER + "Req.hashes = property(_capped)\n", "Req.hashes ="),
        (
            "import pkg.req as r\n\n\ndef install() -> None:\n    r.Req.label = lambda self: 'aeon'\n",
            "r.Req.label =",
        ),
        (
            "from pkg import req\n\n\n" + GETTER + "def install() -> None:\n    req.Req.hashes = _capped\n",
            "req.Req.hashes =",
        ),
        # a deleter chained on is no setter: still read-only
        (
            "from pkg.req import Req\n\n\n" + GETTER + "Req.hashes = property(_capped).deleter(_capped)\n",
            "Req.hashes =",
        ),
    ],
    ids=["a read-only property", "a method through a module alias", "a function in a function", "a chained deleter"],
)
def test_a_member_patched_onto_the_class_the_build_now_assigns(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str
) -> None:
    assert _found(git_repo, tmp_path, fork) == [(USE, line_of(fork, needle), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # a property with a setter takes the store
        "from pkg.req import Req\n\n\n" + GETTER + "def _set(self, v) -> None:\n    self._hashes = v\n\n\n"
        "Req.hashes = property(_capped, _set)\n",
        # read-back B: the setter chained onto the built property
        "from pkg.req import Req\n\n\n" + GETTER + "def _set(self, v) -> None:\n    self._hashes = v\n\n\n"
        "Req.hashes = property(_capped).setter(_set)\n",
        # an instance's attribute, not the class's
        "from pkg.req import Req\n\n\ndef seed(req: Req) -> None:\n    req.hashes = [1]\n",
        # a member the build does not assign
        "from pkg.req import Req\n\n\nReq.other = lambda self: 1\n",
        # a member the build assigned before the merge already
        "from pkg.req import Req\n\n\nReq.n = 4\n",
    ],
    ids=["settable property", "a chained setter", "an instance", "another member", "assigned before"],
)
def test_patches_the_change_leaves_alone_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _found(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    "fork",
    [
        # review79: a fork class's property given a @setter, patched on by name, takes the store
        "from pkg.req import Req\n\n\nclass _Hashes:\n    @property\n    def hashes(self) -> list[int]:\n"
        "        return self._view\n\n    @hashes.setter\n    def hashes(self, v: list[int]) -> None:\n"
        "        self._view = v\n\n\nReq.hashes = _Hashes.hashes\n",
        # review79: the patch only where the class still has the property
        "from pkg.req import Req\n\n\n" + GETTER + 'if isinstance(getattr(Req, "hashes", None), property):\n'
        "    Req.hashes = property(_capped)\n",
        "from pkg import req\n\n\n" + GETTER + "def install() -> None:\n"
        '    if hasattr(req.Req, "hashes"):\n        req.Req.hashes = property(_capped)\n',
    ],
    ids=["a fork class's settable property", "isinstance of getattr", "hasattr"],
)
def test_a_settable_or_probed_patch_stays_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _found(git_repo, tmp_path, fork) == []


def test_a_read_only_property_of_a_fork_class_patched_by_name_still_errs(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        "from pkg.req import Req\n\n\nclass _Hashes:\n    @property\n    def hashes(self) -> list[int]:\n"
        "        return []\n\n\nReq.hashes = _Hashes.hashes\n"
    )
    assert _found(git_repo, tmp_path, fork) == [(USE, line_of(fork, "Req.hashes ="), "error")]


def test_a_member_a_helper_of_the_class_own_init_now_assigns(git_repo: GitRepo, tmp_path: Path) -> None:
    """mend59: ``construction_writes(own=True)`` dropped the methods the class's own ``__init__`` calls on self
    (kept only for a base's ``__init__``, where the fork's override of the method would run instead): a store
    moved into ``Req._setup()``, which ``Req.__init__`` calls, is as much the build's as one in ``__init__``."""
    after = AFTER.replace("        self.hashes = self._hashes\n", "        self._setup()\n") + (
        "\n    def _setup(self) -> None:\n        self.hashes = self._hashes\n"
    )
    fork = "from pkg.req import Req\n\n\n" + GETTER + "Req.hashes = property(_capped)\n"
    sides = three_way(git_repo, {MOD: BASE, **PACKAGES}, {USE: fork}, {MOD: after})
    assert found(audit(git_repo, sides, tmp_path), RULE) == [(USE, line_of(fork, "Req.hashes ="), "error")]
