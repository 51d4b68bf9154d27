"""A method upstream's constructor no longer calls, which filled what a fork subclass reads right after
``super().__init__()``.

#37733 (1fa1e53a73) reverted #35216: ``VllmBackend.__init__`` no longer calls ``self.configure_post_pass()``, which
put the pass manager in ``self.inductor_config[self.pass_key]`` and configured it.  A fork backend reading that slot
below ``super().__init__(...)`` merges cleanly and raises KeyError when it is built.  Errors: a slot read as
written, a field the hook stored, an attribute only the hook stored; a warning: a field of an object the hook only
configured.  Twins: another slot, a method of the object called, the read inside ``try``/``except KeyError``, a call
on ``self`` between (it may run the hook), a hook upstream's constructor still reaches through a helper, the read
above ``super().__init__()``, the fork's own namesake class.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BACKENDS = "vllm/compilation/backends.py"
BASE = """class PassManager:
    def __init__(self):
        self.passes = []

    def configure(self, config):
        self.passes.append(config)


class VllmBackend:
    pass_key = "post_grad"

    def __init__(self, vllm_config, prefix=""):
        self.vllm_config = vllm_config
        self.pass_manager = PassManager()
        self.inductor_config = {}
        self.configure_post_pass()

    def configure_post_pass(self):
        self.pass_manager.configure(self.vllm_config)
        self.inductor_config[self.pass_key] = self.pass_manager
        self.pass_manager.ready = True
        self.pass_stamp = 1

    def __call__(self, graph):
        return graph
"""
AFTER = BASE.replace(
    "        self.inductor_config = {}\n        self.configure_post_pass()\n", "        self.inductor_config = {}\n"
).replace("    def __call__(self, graph):\n", "    def __call__(self, graph):\n        self.configure_post_pass()\n")
HELPER = BASE.replace("        self.configure_post_pass()\n", "        self._setup()\n").replace(
    "    def __call__", "    def _setup(self):\n        self.configure_post_pass()\n\n    def __call__"
)
FORK = "vllm/aeon/backend.py"
HEAD = "from vllm.compilation.backends import VllmBackend\n\n\n"
SUB = "class AeonBackend(VllmBackend):\n    def __init__(self, vllm_config):\n        super().__init__(vllm_config)\n"


def rows(repo: GitRepo, config: Path, body: str, after: str = AFTER, head: str = HEAD) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {BACKENDS: BASE},
        {FORK: head + body},
        [('Revert "[compile] Initialize passes at VllmBackend init" (#37733)', {BACKENDS: after})],
    )
    return [(line - 3, sev) for path, line, sev, _ in s.rule_rows(repo, config, sides, SYMBOL_DRIFT) if path == FORK]


@pytest.mark.parametrize(
    "read",
    [
        "        self.inductor_config[self.pass_key].add(1)\n",
        "        self.aeon_pm = self.inductor_config[self.pass_key]\n",
        "        if self.pass_manager.ready:\n            self.aeon = 1\n",
        "        self.aeon_stamp = self.pass_stamp + 1\n",
    ],
    ids=["the slot's method", "the slot kept", "a field the hook stored", "an attribute only the hook stored"],
)
def test_a_read_of_what_the_dropped_hook_filled_is_an_error(git_repo: GitRepo, no_rules: Path, read: str) -> None:
    assert rows(git_repo, no_rules, SUB + read) == [(4, "error")]


def test_a_field_of_an_object_the_hook_only_configured_is_a_warning(git_repo: GitRepo, no_rules: Path) -> None:
    body = SUB + "        self.aeon_names = [type(p).__name__ for p in self.pass_manager.passes]\n"
    assert rows(git_repo, no_rules, body) == [(4, "warning")]


@pytest.mark.parametrize(
    "body",
    [
        SUB + '        self.aeon = self.inductor_config["other"]\n',
        SUB + "        self.pass_manager.configure(vllm_config)\n",
        SUB + "        try:\n            self.aeon = self.inductor_config[self.pass_key]\n        except KeyError:\n"
        "            self.aeon = None\n",
        SUB + "        self.configure_post_pass()\n        self.aeon = self.inductor_config[self.pass_key]\n",
        "class AeonBackend(VllmBackend):\n    def __init__(self, vllm_config):\n        self.aeon = 1\n"
        "        super().__init__(vllm_config)\n",
        SUB + "        self.aeon = self.vllm_config\n",
    ],
    ids=[
        "another slot",
        "a method of the object called",
        "try/except KeyError",
        "the hook called first",
        "nothing read below super",
        "an attribute the constructor still sets",
    ],
)
def test_reads_the_dropped_hook_did_not_fill_or_that_are_guarded_are_quiet(
    git_repo: GitRepo, no_rules: Path, body: str
) -> None:
    assert rows(git_repo, no_rules, body) == []


def test_a_hook_upstreams_constructor_still_reaches_through_a_helper_is_quiet(
    git_repo: GitRepo, no_rules: Path
) -> None:
    body = SUB + "        self.aeon = self.inductor_config[self.pass_key]\n"
    assert rows(git_repo, no_rules, body, after=HELPER) == []


def test_the_forks_own_namesake_class_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    head = "class VllmBackend:\n    def __init__(self, vllm_config):\n        self.inductor_config = {}\n\n\n"
    body = SUB + "        self.aeon = self.inductor_config[self.pass_key]\n"
    assert rows(git_repo, no_rules, body, head=head) == []


# --- the same drift without a constructor: #29340 (e7d776273d) made configure_post_pass keep the pass manager in
# the backend's own copy, no longer in ``self.compilation_config.inductor_compile_config[self.pass_key]``
SLOT_BASE = """class VllmBackend:
    pass_key = "post_grad"

    def __init__(self, vllm_config):
        self.compilation_config = vllm_config
        self.pass_manager = []
        self.inductor_config = {}

    def configure_post_pass(self):
        config = self.compilation_config
        table = config.inductor_compile_config
        table[self.pass_key] = self.pass_manager
        self.compilation_config.extra["tag"] = 1

    def refresh(self):
        return None
"""
SLOT_AFTER = SLOT_BASE.replace(
    "        config = self.compilation_config\n        table = config.inductor_compile_config\n"
    '        table[self.pass_key] = self.pass_manager\n        self.compilation_config.extra["tag"] = 1\n',
    "        self.inductor_config[self.pass_key] = self.pass_manager\n",
)
MOVED = SLOT_AFTER.replace(
    "    def refresh(self):\n        return None\n",
    '    def refresh(self):\n        self.compilation_config.extra["tag"] = 1\n'
    "        self.compilation_config.inductor_compile_config[self.pass_key] = self.pass_manager\n",
)
OVER = "class AeonBackend(VllmBackend):\n    def configure_post_pass(self):\n        super().configure_post_pass()\n"


def slot_rows(
    repo: GitRepo, config: Path, body: str, after: str = SLOT_AFTER, head: str = HEAD
) -> list[tuple[int, str]]:
    sides = s.merge_case(
        repo,
        {BACKENDS: SLOT_BASE},
        {FORK: head + body},
        [("[Compile] Move PostGradPassManager out of Compilation config (#29340)", {BACKENDS: after})],
    )
    return [(line - 3, sev) for path, line, sev, _ in s.rule_rows(repo, config, sides, SYMBOL_DRIFT) if path == FORK]


@pytest.mark.parametrize(
    "read",
    [
        "        self.compilation_config.inductor_compile_config[self.pass_key].append(1)\n",
        "        pm = self.compilation_config.inductor_compile_config[self.pass_key]\n        pm.append(1)\n",
        '        self.aeon_tag = self.compilation_config.extra["tag"]\n',
    ],
    ids=["a method of the slot", "the slot kept", "a literal key stored straight"],
)
def test_a_slot_the_overridden_method_no_longer_stores_is_an_error(
    git_repo: GitRepo, no_rules: Path, read: str
) -> None:
    assert slot_rows(git_repo, no_rules, OVER + read) == [(4, "error")]


@pytest.mark.parametrize(
    "body",
    [
        OVER + '        self.aeon = self.compilation_config.inductor_compile_config["other"]\n',
        "class AeonBackend(VllmBackend):\n    def configure_post_pass(self):\n"
        "        self.aeon = self.compilation_config.inductor_compile_config.get(self.pass_key)\n"
        "        super().configure_post_pass()\n",
        OVER + "        try:\n            self.aeon = self.compilation_config.inductor_compile_config[self.pass_key]\n"
        "        except KeyError:\n            self.aeon = None\n",
        OVER + "        self.inductor_config[self.pass_key].append(1)\n",
        OVER
        + "        self.refresh()\n        self.aeon = self.compilation_config.inductor_compile_config[self.pass_key]\n",
    ],
    ids=["another key", "a read above the super call", "try/except KeyError", "the new slot", "a call on self between"],
)
def test_reads_of_other_slots_or_guarded_reads_are_quiet(git_repo: GitRepo, no_rules: Path, body: str) -> None:
    assert slot_rows(git_repo, no_rules, body) == []


def test_a_slot_another_method_of_upstreams_class_stores_now_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    body = OVER + "        self.aeon = self.compilation_config.inductor_compile_config[self.pass_key]\n"
    assert slot_rows(git_repo, no_rules, body, after=MOVED) == []


def test_a_slot_upstreams_method_may_now_store_through_a_helper_handed_self_is_quiet(
    git_repo: GitRepo, no_rules: Path
) -> None:
    after = SLOT_AFTER.replace(
        "        self.inductor_config[self.pass_key] = self.pass_manager\n",
        "        self.inductor_config[self.pass_key] = self.pass_manager\n        fill_config(self)\n",
    )
    body = OVER + "        self.aeon = self.compilation_config.inductor_compile_config[self.pass_key]\n"
    assert slot_rows(git_repo, no_rules, body, after=after) == []


def test_the_forks_own_namesake_class_reading_the_slot_is_quiet(git_repo: GitRepo, no_rules: Path) -> None:
    head = "class VllmBackend:\n    def configure_post_pass(self):\n        pass\n\n\n"
    body = OVER + "        self.aeon = self.compilation_config.inductor_compile_config[self.pass_key]\n"
    assert slot_rows(git_repo, no_rules, body, head=head) == []
