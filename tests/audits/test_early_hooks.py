"""A method upstream's constructor now calls, overridden by a fork subclass that reads what its own ``__init__``
sets only below ``super().__init__()``.

#35216 (12fd17eb51) moved ``self.configure_post_pass()`` from ``VllmBackend.__call__`` into ``VllmBackend.__init__``.
A fork backend setting ``self.aeon_passes`` after ``super().__init__(...)`` and reading it in its
``configure_post_pass`` override merges cleanly and raises ``AttributeError`` when it is built.  Twins: the
attribute set before ``super().__init__()``, at class level, read through ``getattr`` with a fallback or inside
``try``/``except AttributeError``; an override reading only the base's attributes; a call upstream's constructor
made already; a call in a callback the constructor builds; upstream's class storing the attribute itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BACKENDS = "vllm/compilation/backends.py"
BASE = """class VllmBackend:
    def __init__(self, vllm_config, prefix=""):
        self.vllm_config = vllm_config
        self.pass_manager = []

    def configure_post_pass(self):
        self.pass_manager.clear()

    def __call__(self, graph):
        self.configure_post_pass()
        return graph
"""
AFTER = """class VllmBackend:
    def __init__(self, vllm_config, prefix=""):
        self.vllm_config = vllm_config
        self.pass_manager = []
        self.configure_post_pass()

    def configure_post_pass(self):
        self.pass_manager.clear()

    def __call__(self, graph):
        return graph
"""
FORK = "vllm/aeon/backend.py"
HEAD = "from vllm.compilation.backends import VllmBackend\n\n\n"
SUB = "class AeonBackend(VllmBackend):\n"
INIT = "    def __init__(self, vllm_config):\n        super().__init__(vllm_config)\n        self.aeon_passes = []\n\n"
HOOK = "    def configure_post_pass(self):\n        super().configure_post_pass()\n"


def rows(repo: GitRepo, config: Path, body: str, after: str = AFTER, base: str = BASE) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {BACKENDS: base},
        {FORK: HEAD + body},
        [("[compile] Initialize passes at init (#35216)", {BACKENDS: after})],
    )
    return [(line - 3, sev) for path, line, sev, msg in s.rule_rows(repo, config, sides, SYMBOL_DRIFT) if path == FORK]


@pytest.mark.parametrize(
    "read",
    [
        "        for p in self.aeon_passes:\n            self.pass_manager.append(p)\n",
        "        self.pass_manager.extend(self.aeon_passes)\n",
        "        if self.aeon_passes:\n            self.pass_manager.append(self.aeon_passes[0])\n",
    ],
    ids=["a loop", "an argument", "a test"],
)
def test_an_override_reading_an_attribute_set_after_super_init_is_an_error(
    git_repo: GitRepo, no_rules: Path, read: str
) -> None:
    assert rows(git_repo, no_rules, SUB + INIT + HOOK + read) == [(8, "error")]


def test_a_call_upstream_made_already_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """The base's constructor called the hook before the merge too: the fork's class was built that way already."""
    body = SUB + INIT + HOOK + "        self.pass_manager.extend(self.aeon_passes)\n"
    assert rows(git_repo, no_rules, body, after=AFTER + "\n\nX = 1\n", base=AFTER) == []


@pytest.mark.parametrize(
    ("body", "after"),
    [
        # set before super().__init__(): there when the base calls the override
        (
            SUB
            + "    def __init__(self, vllm_config):\n        self.aeon_passes = []\n        super().__init__(vllm_config)\n\n"
            + HOOK
            + "        self.pass_manager.extend(self.aeon_passes)\n",
            AFTER,
        ),
        # a class-level default
        (
            SUB + "    aeon_passes = ()\n\n" + INIT + HOOK + "        self.pass_manager.extend(self.aeon_passes)\n",
            AFTER,
        ),
        # a getattr with a fallback
        (SUB + INIT + HOOK + "        self.pass_manager.extend(getattr(self, 'aeon_passes', []))\n", AFTER),
        # inside a try catching AttributeError
        (
            SUB
            + INIT
            + HOOK
            + "        try:\n            self.pass_manager.extend(self.aeon_passes)\n"
            + "        except AttributeError:\n            pass\n",
            AFTER,
        ),
        # the override reads only what the base set before calling it
        (SUB + INIT + HOOK + "        self.pass_manager.append(self.vllm_config)\n", AFTER),
        # upstream's constructor builds a callback that calls the hook later
        (
            SUB + INIT + HOOK + "        self.pass_manager.extend(self.aeon_passes)\n",
            AFTER.replace(
                "        self.configure_post_pass()\n", "        self.later = lambda: self.configure_post_pass()\n"
            ),
        ),
        # upstream's class stores the attribute itself
        (
            SUB + INIT + HOOK + "        self.pass_manager.extend(self.aeon_passes)\n",
            AFTER.replace(
                "        self.pass_manager = []\n", "        self.pass_manager = []\n        self.aeon_passes = []\n"
            ),
        ),
        # the override sets it before reading
        (
            SUB + INIT + HOOK + "        self.aeon_passes = []\n        self.pass_manager.extend(self.aeon_passes)\n",
            AFTER,
        ),
    ],
    ids=[
        "set before super",
        "class level",
        "getattr",
        "try",
        "base attributes",
        "a callback",
        "upstream stores it",
        "the override sets it",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, body: str, after: str) -> None:
    assert rows(git_repo, no_rules, body, after) == []


READY = (
    SUB
    + "    def __init__(self, vllm_config):\n        self._ready = False\n        super().__init__(vllm_config)\n"
    + "        self.aeon_passes = []\n        self._ready = True\n\n"
    + HOOK
)


@pytest.mark.parametrize(
    "body",
    [
        # review73: an early return until a readiness flag set before super().__init__() turns
        READY + "        if not self._ready:\n            return\n        self.pass_manager.extend(self.aeon_passes)\n",
        READY + "        if self._ready:\n            self.pass_manager.extend(self.aeon_passes)\n",
        # the flag a class-level default
        SUB
        + "    _ready = False\n\n"
        + "    def __init__(self, vllm_config):\n        super().__init__(vllm_config)\n"
        + "        self.aeon_passes = []\n        self._ready = True\n\n"
        + HOOK
        + "        if self._ready:\n            self.pass_manager.extend(self.aeon_passes)\n",
        # a test of the instance's dict
        SUB
        + INIT
        + HOOK
        + "        if 'aeon_passes' in self.__dict__:\n            self.pass_manager.extend(self.aeon_passes)\n",
        SUB + INIT + HOOK + "        if 'aeon_passes' not in vars(self):\n            return\n"
        "        self.pass_manager.extend(self.aeon_passes)\n",
    ],
    ids=["early return on a flag", "under a flag", "a class-level flag", "__dict__", "vars"],
)
def test_a_test_telling_the_early_call_apart_is_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_test_of_a_setting_made_before_super_init_stays_an_error(git_repo: GitRepo, no_rules: Path) -> None:
    """A flag stored only above the super call (a mode, not a readiness flag): the read runs early when it holds."""
    body = (
        SUB
        + "    def __init__(self, vllm_config, fuse):\n        self._fuse = fuse\n        super().__init__(vllm_config)\n"
        + "        self.aeon_passes = []\n\n"
        + HOOK
        + "        if self._fuse:\n            self.pass_manager.extend(self.aeon_passes)\n"
    )
    assert rows(git_repo, no_rules, body) == [(10, "error")]


def test_a_fork_mixin_of_another_module_among_the_bases_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    """review73: ``class AeonBackend(VllmBackend, AeonPassesMixin)``, the mixin (another fork module) holding a
    class-level ``aeon_passes = ()``: the read finds it while the base constructs."""
    mixin = "vllm/aeon/mixin.py"
    sides = s.merge_case(
        git_repo,
        {BACKENDS: BASE},
        {
            mixin: "class AeonPassesMixin:\n    aeon_passes = ()\n",
            FORK: HEAD
            + "from vllm.aeon.mixin import AeonPassesMixin\n\n\n"
            + "class AeonBackend(VllmBackend, AeonPassesMixin):\n"
            + INIT
            + HOOK
            + "        self.pass_manager.extend(self.aeon_passes)\n",
        },
        [("[compile] Initialize passes at init (#35216)", {BACKENDS: AFTER})],
    )
    assert [r for r in s.rule_rows(git_repo, no_rules, sides, SYMBOL_DRIFT) if r[0] == FORK] == []
