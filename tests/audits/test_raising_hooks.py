"""A required hook upstream added to a base raising NotImplementedError, filled in its own subclasses, now called.

Shaped like vLLM #51633 (73b83949f7): ``bind_kv_cache``'s gate (``is_cuda_alike() or is_xpu() or is_cpu()``,
else raise) became ``current_platform.check_runner_kv_caches_multi_layer()``, a classmethod ``Platform`` gained
raising ``NotImplementedError`` and CUDA, ROCm, CPU and XPU each defined as ``pass``.  A fork's own platform
deriving from ``Platform`` merges cleanly and now raises where upstream calls the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import audit_tree
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


def upstream(filled: int, call: str | None, call_path: str = UTILS) -> dict[str, str]:
    files = {
        INTERFACE: BASE + HOOK,
        **{p: t.replace("    pass\n", FILLED) for p, t in list(PLATFORMS.items())[:filled]},
    }
    return files | ({call_path: call} if call is not None else {})


def errors(repo: GitRepo, config: Path, fork: str, theirs: dict[str, str]) -> list[tuple[int, str]]:
    packages = {f"{p}/__init__.py": "" for p in ("pkg", "pkg/platforms", "pkg/worker", "pkg/aeon")}
    base = {INTERFACE: BASE, UTILS: GATE, **PLATFORMS, **packages}
    sides = s.merge_case(repo, base, {FORK: fork}, [(TITLE, theirs)])
    report = audit_tree(repo.path, config, merge=sides)
    return [
        (f.line, f.message)
        for f in report.findings
        if f.rule_id == DRIFT and f.path == FORK and f.severity.value == "error"
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
