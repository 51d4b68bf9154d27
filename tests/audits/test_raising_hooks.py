"""A required hook upstream added to a base raising NotImplementedError, filled in its own subclasses, now called.

Shaped like vLLM #51633 (73b83949f7): ``bind_kv_cache``'s gate (``is_cuda_alike() or is_xpu() or is_cpu()``,
else raise) became ``current_platform.check_runner_kv_caches_multi_layer()``, a classmethod ``Platform`` gained
raising ``NotImplementedError`` and CUDA, ROCm, CPU and XPU each defined as ``pass``.  A fork's own platform
deriving from ``Platform`` merges cleanly and now raises where upstream calls the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

INTERFACE = "pkg/platforms/interface.py"
UTILS = "pkg/worker/utils.py"
FORK = "pkg/aeon/spark_platform.py"
TITLE = "[Platform] Add check_runner_kv_caches_multi_layer (#51633)"
BASE = "class Platform:\n    def is_cuda_alike(self) -> bool:\n        return False\n"
HOOK = (
    "\n    @classmethod\n    def check_multi_layer(cls) -> None:\n"
    '        """Whether the runner handles layers sharing an index."""\n'
    "        raise NotImplementedError('not supported on this platform')\n"
)
FILLED = "    @classmethod\n    def check_multi_layer(cls) -> None:\n        pass\n"
PLATFORMS = {
    f"pkg/platforms/p{i}.py": f"from pkg.platforms.interface import Platform\n\n\nclass P{i}Platform(Platform):\n    pass\n"
    for i in range(4)
}
GATE = (
    "def bind(platform, shared: bool) -> None:\n"
    "    if shared:\n"
    "        if platform.is_cuda_alike():\n"
    "            pass\n"
    "        else:\n"
    "            raise NotImplementedError\n"
)
CALL = "def bind(platform, shared: bool) -> None:\n    if shared:\n        platform.check_multi_layer()\n"
CAUGHT = (
    "def bind(platform, shared: bool) -> None:\n"
    "    try:\n"
    "        platform.check_multi_layer()\n"
    "    except NotImplementedError:\n"
    "        pass\n"
)
OWN = "from pkg.platforms.interface import Platform\n\n\nclass AeonPlatform(Platform):\n    device_name = 'cuda'\n"
# the fork's plugin names its platform by dotted path (as a platform plugin's ``register()`` does): a class
# nothing names may be dead code, a warning only (``_unimplemented``'s rule)
PLUGIN = "pkg/aeon/__init__.py"
REGISTER = "def register() -> str:\n    return 'pkg.aeon.spark_platform.AeonPlatform'\n"


def upstream(filled: int, call: str | None, call_path: str = UTILS) -> dict[str, str]:
    files = {
        INTERFACE: BASE + HOOK,
        **{p: t.replace("    pass\n", FILLED) for p, t in list(PLATFORMS.items())[:filled]},
    }
    return files | ({call_path: call} if call is not None else {})


def errors(
    repo: GitRepo, config: Path, fork: str, theirs: dict[str, str], severity: str = "error", plugin: str = REGISTER
) -> list[tuple[int, str]]:
    packages = {f"{p}/__init__.py": "" for p in ("pkg", "pkg/platforms", "pkg/worker", "pkg/aeon")}
    base = {INTERFACE: BASE, UTILS: GATE, **PLATFORMS, **packages}
    sides = s.merge_case(repo, base, {FORK: fork, PLUGIN: plugin}, [(TITLE, theirs)])
    report = repo.audit(config, merge=sides)
    return [
        (f.line, f.message)
        for f in report.findings
        if f.rule_id == DRIFT and f.path == FORK and f.severity.value == severity
    ]


def test_a_fork_platform_inherits_the_raise_where_upstream_now_calls_it(git_repo: GitRepo, no_rules: Path) -> None:
    found = errors(git_repo, no_rules, OWN, upstream(3, CALL))
    assert [line for line, _ in found] == [4]
    message = found[0][1]
    assert "inherits Platform.check_multi_layer(), which upstream added raising NotImplementedError" in message
    assert "overrode in 3 of its own classes" in message and f"{UTILS}:3" in message


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        # the fork's platform derives from one of upstream's that filled the hook
        (
            OWN.replace("interface import Platform", "p0 import P0Platform").replace("(Platform)", "(P0Platform)"),
            upstream(3, CALL),
        ),
        # the fork defines the hook itself
        (OWN + "\n" + FILLED, upstream(3, CALL)),
        # only two of upstream's classes filled it: an exception, not a requirement
        (OWN, upstream(2, CALL)),
        # upstream catches what the hook raises around its call: optional
        (OWN, upstream(3, CAUGHT)),
        # nothing upstream added calls it (the gate is unchanged): an optional hook for now
        (OWN, upstream(3, None)),
        # only upstream's tests call it
        (
            OWN,
            upstream(3, "def test_bind(platform) -> None:\n    platform.check_multi_layer()\n", "tests/test_bind.py"),
        ),
    ],
    ids=[
        "twin: a filled base",
        "twin: defines it",
        "twin: two filled",
        "twin: caught",
        "twin: not called",
        "twin: tests",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, no_rules: Path, fork: str, theirs: dict[str, str]) -> None:
    assert errors(git_repo, no_rules, fork, theirs) == []


HEAD = "from pkg.platforms.interface import Platform\n\n\n"
# Python's order (C3) puts the fork's mixin filling the hook before Platform: AeonPlatform gets the ``pass``
DIAMOND = (
    HEAD
    + "class AeonBase(Platform):\n    device_name = 'cuda'\n\n\nclass AeonHooks(Platform):\n"
    + FILLED
    + "\n\nclass AeonPlatform(AeonBase, AeonHooks):\n    pass\n"
)
# a base of the fork's that stays abstract is never built; the class built fills the hook
ABSTRACT = (
    "from abc import ABC, abstractmethod\n"
    + HEAD
    + "class AeonBase(Platform, ABC):\n    @abstractmethod\n    def device(self) -> str: ...\n\n\n"
    "class AeonPlatform(AeonBase):\n    def device(self) -> str:\n        return 'cuda'\n\n" + FILLED
)
# upstream's only call is ``self.check_multi_layer()`` in a Platform method the fork's class overrides
VERIFY = "\n    def verify(self) -> None:\n        self.check_multi_layer()\n"
OVERRIDES = HEAD + "class AeonPlatform(Platform):\n    def verify(self) -> None:\n        pass\n"
SUPPRESSED = (
    "from contextlib import suppress\n\n\ndef bind(platform, shared: bool) -> None:\n"
    "    with suppress(NotImplementedError):\n        platform.check_multi_layer()\n"
)
HELPER = (
    "def _check(platform) -> None:\n    platform.check_multi_layer()\n\n\ndef bind(platform, shared: bool) -> None:\n"
)
IN_CALLER = HELPER + "    try:\n        _check(platform)\n    except NotImplementedError:\n        pass\n"
STAR = (
    "def bind(platform, shared: bool) -> None:\n    try:\n        platform.check_multi_layer()\n"
    "    except* NotImplementedError:\n        pass\n"
)
# ``self.check_multi_layer()`` in a class of upstream's the fork's class does not derive from
ELSEWHERE = "class Runner:\n    def check_multi_layer(self) -> None:\n        pass\n\n    def bind(self) -> None:\n" + (
    "        self.check_multi_layer()\n"
)

STATIC = "class Binder:\n    @staticmethod\n    def bind(platform) -> None:\n        platform.check_multi_layer()\n"


@pytest.mark.parametrize(
    ("fork", "theirs"),
    [
        (DIAMOND, upstream(3, CALL)),
        (ABSTRACT, upstream(3, CALL)),
        (OVERRIDES, {**upstream(3, None), INTERFACE: BASE + HOOK + VERIFY}),
        (OWN, upstream(3, SUPPRESSED)),
        (OWN, upstream(3, IN_CALLER)),
        (OWN, upstream(3, STAR)),
        (OWN, upstream(3, ELSEWHERE)),
    ],
    ids=["diamond", "abstract-fork-base", "overridden-caller", "suppress", "caught-in-caller", "except-star", "other"],
)
def test_twins_the_review_found_stay_quiet(
    git_repo: GitRepo, no_rules: Path, fork: str, theirs: dict[str, str]
) -> None:
    assert errors(git_repo, no_rules, fork, theirs) == []


@pytest.mark.parametrize(
    ("fork", "theirs", "line"),
    [
        (OWN, {**upstream(3, None), INTERFACE: BASE + HOOK + VERIFY}, 4),  # verify() inherited: it raises
        (OWN, upstream(3, HELPER + "    _check(platform)\n"), 4),  # the helper's caller does not catch it
        (OWN, upstream(3, STATIC), 4),  # a static method's first parameter is the platform, not the class
    ],
    ids=["inherited-caller", "uncaught-helper", "static"],
)
def test_the_killers_beside_them_still_err(
    git_repo: GitRepo, no_rules: Path, fork: str, theirs: dict[str, str], line: int
) -> None:
    assert [at for at, _ in errors(git_repo, no_rules, fork, theirs)] == [line]


@pytest.mark.parametrize(
    ("fork", "plugin", "said"),
    [(OWN, "", "nothing in the merged tree names it"), (DIAMOND, REGISTER, "AeonBase is a base of AeonPlatform")],
    ids=["named-nowhere", "base-of-a-filling-class"],
)
def test_a_class_nothing_names_or_a_base_of_one_filling_it_is_a_warning(
    git_repo: GitRepo, no_rules: Path, fork: str, plugin: str, said: str
) -> None:
    found = errors(git_repo, no_rules, fork, upstream(3, CALL), "warning", plugin=plugin)
    assert [line for line, message in found if "inherits Platform.check_multi_layer()" in message] == [4]
    assert any(said in message for _, message in found)
