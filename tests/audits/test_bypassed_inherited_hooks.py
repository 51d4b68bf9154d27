"""Bypassed hooks through a method a class inherits from another file's base, and on ``cls`` (killers209).

Shaped like #47892 (68b4a1d582): ``NvmlCudaPlatform.get_device_capability`` mapped the device id with
``cls.device_id_to_physical_device_id(device_id)`` under ``try`` and now calls
``cls.visible_device_id_to_physical_device_id(device_id)``, ``Platform``'s (another file), which never calls the
first: a fork subclass overriding ``device_id_to_physical_device_id`` for the capability lookup is skipped there.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

BASE_PY = "pkg/plat/base.py"
SUB_PY = "pkg/plat/nvml.py"
FORK = "pkg/aeon/spark.py"
BASE_TEXT = (
    "class Platform:\n"
    "    @classmethod\n    def device_id_to_physical(cls, device_id: int) -> int:\n        return device_id\n\n"
    "    @classmethod\n    def visible_to_physical(cls, device_id: int) -> int:\n"
    "        return cls.control_to_physical(str(device_id))\n\n"
    "    @classmethod\n    def control_to_physical(cls, device: str) -> int:\n        return int(device)\n"
)
SUB_TEXT = (
    "from pkg.plat.base import Platform\n\n\n"
    "class NvmlPlatform(Platform):\n"
    "    @classmethod\n    def control_to_physical(cls, device: str) -> int:\n        return int(device)\n\n"
    "    @classmethod\n    def get_capability(cls, device_id: int = 0):\n"
    "        try:\n"
    "            physical = cls.device_id_to_physical(device_id)\n"
    "            return (physical, 0)\n"
    "        except RuntimeError:\n"
    "            return None\n"
)
SUB_NEW = SUB_TEXT.replace("cls.device_id_to_physical(device_id)", "cls.visible_to_physical(device_id)")
BASE = {"pkg/__init__.py": "", "pkg/plat/__init__.py": "", BASE_PY: BASE_TEXT, SUB_PY: SUB_TEXT}
FORK_TEXT = (
    "from pkg.plat.nvml import NvmlPlatform\n\n\n"
    "class AeonSpark(NvmlPlatform):\n"
    "    @classmethod\n    def device_id_to_physical(cls, device_id: int) -> int:\n"
    "        # AEON: one GPU, NVML index 0\n        return 0\n"
)


def _found(
    repo: GitRepo, fork: str = FORK_TEXT, upstream: dict[str, str | None] | None = None
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(
        repo, BASE, {FORK: fork}, [("Fix NVML capability lookup (#47892)", upstream or {SUB_PY: SUB_NEW})]
    )
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and f.path == FORK and "fork-owned override of" in f.message
    ]


def test_an_override_a_caller_stopped_reaching_through_an_inherited_method_warns(git_repo: GitRepo) -> None:
    [(line, severity, message)] = _found(git_repo)
    assert (line, severity) == (6, "warning")
    assert "NvmlPlatform.get_capability called on every run at the base and no longer calls" in message


@pytest.mark.parametrize(
    "base_new",
    [
        # the inherited method still reaches the hook on ``cls``
        BASE_TEXT.replace(
            "return cls.control_to_physical(str(device_id))", "return cls.device_id_to_physical(device_id)"
        ),
        # it hands ``cls`` on: the hook may run where the text cannot follow
        BASE_TEXT.replace("return cls.control_to_physical(str(device_id))", "return _lookup(cls, device_id)"),
        # it calls ``super()``
        BASE_TEXT.replace(
            "return cls.control_to_physical(str(device_id))", "return super().visible_to_physical(device_id)"
        ),
    ],
    ids=["still-calls", "cls-handed-on", "super"],
)
def test_twin_an_inherited_method_that_may_reach_the_hook_stays_quiet(git_repo: GitRepo, base_new: str) -> None:
    assert _found(git_repo, upstream={SUB_PY: SUB_NEW, BASE_PY: base_new}) == []


def test_twin_a_fork_class_overriding_the_caller_too_stays_quiet(git_repo: GitRepo) -> None:
    fork = (
        FORK_TEXT
        + "\n    @classmethod\n    def get_capability(cls, device_id: int = 0):\n        return (cls.device_id_to_physical(device_id), 0)\n"
    )
    assert _found(git_repo, fork) == []


def test_twin_a_call_of_a_method_no_class_of_the_tree_defines_stays_quiet(git_repo: GitRepo) -> None:
    """``cls.probe(...)`` is answered by nothing the tree holds (a mixin elsewhere may): it may reach the hook."""
    made_up = SUB_TEXT.replace("cls.device_id_to_physical(device_id)", "cls.probe(device_id)")
    assert _found(git_repo, upstream={SUB_PY: made_up}) == []


def test_the_same_on_self_warns(git_repo: GitRepo) -> None:
    """The instance spelling: ``self.device_id_to_physical(...)`` made ``self.visible_to_physical(...)``."""
    base = BASE_TEXT.replace("    @classmethod\n", "").replace("(cls", "(self").replace("cls.", "self.")
    sub = SUB_TEXT.replace("    @classmethod\n", "").replace("(cls", "(self").replace("cls.", "self.")
    fork = FORK_TEXT.replace("    @classmethod\n", "").replace("(cls", "(self")
    upstream: dict[str, str | None] = {
        SUB_PY: sub.replace("self.device_id_to_physical(device_id)", "self.visible_to_physical(device_id)")
    }
    sides = s.merge_case(
        git_repo,
        {**BASE, BASE_PY: base, SUB_PY: sub},
        {FORK: fork},
        [("Fix NVML capability lookup (#47892)", upstream)],
    )
    rows = [
        (f.line, f.severity.value)
        for f in s.merged_findings(git_repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and f.path == FORK and "fork-owned override of" in f.message
    ]
    assert rows == [(5, "warning")]


def test_twin_a_hook_a_handler_called_only_stays_quiet(git_repo: GitRepo) -> None:
    """The hook ran in the ``except`` only (some runs): not every run's answer; dead-knob drift's, not this one's."""
    handled = SUB_TEXT.replace(
        "            physical = cls.device_id_to_physical(device_id)\n", "            physical = int(device_id)\n"
    ).replace("            return None\n", "            return (cls.device_id_to_physical(device_id), 0)\n")
    sides = s.merge_case(
        git_repo,
        {**BASE, SUB_PY: handled},
        {FORK: FORK_TEXT},
        [
            (
                "Fix NVML capability lookup (#47892)",
                {SUB_PY: handled.replace("(cls.device_id_to_physical(device_id), 0)", "None")},
            )
        ],
    )
    rows = [f for f in s.merged_findings(git_repo, sides, s.Settings()) if "fork-owned override of" in f.message]
    assert rows == []


def test_a_delegation_re_pointed_to_an_inherited_method_is_a_warning(git_repo: GitRepo) -> None:
    """A caller that was ``return cls.device_id_to_physical(...)`` alone and now hands on to the inherited
    ``visible_to_physical``: a path re-pointed to a sibling, the warning (an error is for a body doing the work)."""
    alone = SUB_TEXT.replace(
        "        try:\n            physical = cls.device_id_to_physical(device_id)\n            return (physical, 0)\n"
        "        except RuntimeError:\n            return None\n",
        "        return cls.device_id_to_physical(device_id)\n",
    )
    sides = s.merge_case(
        git_repo,
        {**BASE, SUB_PY: alone},
        {FORK: FORK_TEXT},
        [
            (
                "Fix NVML capability lookup (#47892)",
                {SUB_PY: alone.replace("device_id_to_physical(", "visible_to_physical(")},
            )
        ],
    )
    rows = [
        (f.line, f.severity.value)
        for f in s.merged_findings(git_repo, sides, s.Settings())
        if f.path == FORK and "fork-owned override of" in f.message
    ]
    assert rows == [(6, "warning")]


HANDED_BACK = (
    "\n    @classmethod\n    def visible_to_physical(cls, device_id: int) -> int:\n"
    "        return cls.device_id_to_physical(device_id)\n"
)


def test_twin_a_fork_override_of_the_new_callee_handing_on_to_the_hook_stays_quiet(git_repo: GitRepo) -> None:
    """revDY (review117): the fork overrides ``visible_to_physical``, which upstream's caller now calls on every
    run, to hand on to its own ``device_id_to_physical``: the caller still runs the fork's map."""
    assert _found(git_repo, FORK_TEXT + HANDED_BACK) == []


def test_a_fork_override_of_the_new_callee_reaching_the_hook_on_some_runs_still_warns(git_repo: GitRepo) -> None:
    some_runs = (
        "\n    @classmethod\n    def visible_to_physical(cls, device_id: int) -> int:\n"
        "        if device_id:\n            return cls.device_id_to_physical(device_id)\n"
        "        return 0\n"
    )
    [(line, severity, _)] = _found(git_repo, FORK_TEXT + some_runs)
    assert (line, severity) == (6, "warning")


def test_twin_a_re_pointed_delegation_to_a_method_the_fork_hands_back_stays_quiet(git_repo: GitRepo) -> None:
    alone = SUB_TEXT.replace(
        "        try:\n            physical = cls.device_id_to_physical(device_id)\n            return (physical, 0)\n"
        "        except RuntimeError:\n            return None\n",
        "        return cls.device_id_to_physical(device_id)\n",
    )
    sides = s.merge_case(
        git_repo,
        {**BASE, SUB_PY: alone},
        {FORK: FORK_TEXT + HANDED_BACK},
        [
            (
                "Fix NVML capability lookup (#47892)",
                {SUB_PY: alone.replace("device_id_to_physical(", "visible_to_physical(")},
            )
        ],
    )
    assert [f for f in s.merged_findings(git_repo, sides, s.Settings()) if f.path == FORK] == []
