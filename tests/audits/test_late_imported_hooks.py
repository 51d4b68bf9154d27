"""A fork's namesake of a method upstream added to a base, called off a global the calling function imports late.

killers209: #34760 (792cbd64ca) added ``Platform.use_custom_op_collectives()`` and calls it in
``GroupCoordinator.__init__``; #15417 (5f063a80bd) added ``supports_v1(model_config)``, called
``current_platform.supports_v1(model_config=model_config)`` in the engine's oracle; #38468 (ec68d53b2b) added
``manual_seed_all(seed)``, called by ``set_random_seed``.  Each caller runs ``from vllm.platforms import
current_platform`` inside the function (a late import that dodges an import cycle): the receiver is still the
package global declared ``current_platform: Platform``, and a fork namesake that cannot serve the call breaks.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PKG = "vllm/platforms/__init__.py"
IFACE = "vllm/platforms/interface.py"
CUDA = "vllm/platforms/cuda.py"
SEED = "vllm/utils/seeding.py"
FORK = "vllm/aeon/spark.py"
PKG_TEXT = (
    "from typing import TYPE_CHECKING\n\n"
    "if TYPE_CHECKING:\n    from vllm.platforms.interface import Platform\n\n    current_platform: Platform\n\n\n"
    "def __getattr__(name: str):\n    from vllm.platforms.cuda import CudaPlatform\n\n    return CudaPlatform()\n"
)
IFACE_TEXT = "class Platform:\n    device_type = 'cuda'\n\n    def __getattr__(self, key: str):\n        return None\n"
HOOKS = (
    "\n    @classmethod\n    def manual_seed_all(cls, seed: int) -> None:\n        raise NotImplementedError\n"
    "\n    @classmethod\n    def supports_v1(cls, model_config) -> bool:\n        return False\n"
)
CUDA_TEXT = "from vllm.platforms.interface import Platform\n\n\nclass CudaPlatform(Platform):\n    pass\n"
SEED_TEXT = "import random\n\n\ndef set_random_seed(seed: int) -> None:\n    random.seed(seed)\n"
SEED_CALLS = SEED_TEXT + (
    "    from vllm.platforms import current_platform\n\n"
    "    current_platform.manual_seed_all(seed)\n\n\n"
    "def v1_ok(model_config) -> bool:\n"
    "    from vllm.platforms import current_platform\n\n"
    "    return current_platform.supports_v1(model_config=model_config)\n"
)
BASE = {PKG: PKG_TEXT, "vllm/utils/__init__.py": "", IFACE: IFACE_TEXT, CUDA: CUDA_TEXT, SEED: SEED_TEXT}
UPSTREAM = {IFACE: IFACE_TEXT + HOOKS, SEED: SEED_CALLS}


def _fork(body: str) -> dict[str, str]:
    return {FORK: "from vllm.platforms.cuda import CudaPlatform\n\n\nclass AeonSpark(CudaPlatform):\n" + body}


def _found(
    repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None] = UPSTREAM
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, BASE, fork, [("Add platform manual_seed_all API (#38468)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and f.path == FORK
    ]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        # a second required parameter upstream's call does not pass
        (
            "    @classmethod\n    def manual_seed_all(cls, seed: int, streams: list) -> None:\n        return None\n",
            "streams",
        ),
        # no seed at all
        ("    @classmethod\n    def manual_seed_all(cls) -> None:\n        return None\n", "TypeError"),
        # a plain value where upstream calls a method
        ("    manual_seed_all = None\n", "raises TypeError (not callable)"),
        # the parameter named otherwise, handed by keyword
        ("    @classmethod\n    def supports_v1(cls, config) -> bool:\n        return True\n", "model_config"),
        # a static method of no parameters
        ("    @staticmethod\n    def supports_v1() -> bool:\n        return True\n", "TypeError"),
        # a flag of the name
        ("    supports_v1 = True\n", "raises TypeError (not callable)"),
    ],
    ids=["extra-required", "no-seed", "value", "renamed-keyword", "static-no-params", "flag"],
)
def test_a_namesake_called_off_a_late_imported_global(git_repo: GitRepo, body: str, says: str) -> None:
    [(line, severity, message)] = _found(git_repo, _fork(body))
    named = next(i for i, text in enumerate(body.splitlines()) if not text.strip().startswith("@"))
    assert (line, severity) == (5 + named, "error")
    assert says in message


@pytest.mark.parametrize(
    "body",
    [
        # the new spelling: upstream's call fits
        "    @classmethod\n    def manual_seed_all(cls, seed: int) -> None:\n        return None\n",
        "    @classmethod\n    def supports_v1(cls, model_config) -> bool:\n        return True\n",
        # a forwarder of anything
        "    @classmethod\n    def supports_v1(cls, *args, **kwargs) -> bool:\n        return True\n",
    ],
    ids=["seed-fits", "keyword-fits", "forwarder"],
)
def test_twin_a_namesake_that_fits_stays_the_warning(git_repo: GitRepo, body: str) -> None:
    assert [severity for _, severity, _ in _found(git_repo, _fork(body))] == ["warning"]


@pytest.mark.parametrize(
    "calls",
    [
        # a relative import of the name: not the package global by its dotted module
        SEED_TEXT + "    from .platforms import current_platform\n\n    current_platform.manual_seed_all(seed)\n",
        # imported late, then rebound in the function: whatever it is now, nothing types it
        SEED_TEXT + "    from vllm.platforms import current_platform\n\n"
        "    current_platform = make_platform()\n    current_platform.manual_seed_all(seed)\n",
        # imported late from a module that declares no such global
        SEED_TEXT + "    from vllm.utils import current_platform\n\n    current_platform.manual_seed_all(seed)\n",
    ],
    ids=["relative", "rebound", "undeclared"],
)
@pytest.mark.parametrize("elsewhere", [False, True], ids=["only the base defines it", "another class too"])
def test_a_late_import_that_types_nothing(git_repo: GitRepo, calls: str, elsewhere: bool) -> None:
    """Nothing types the receiver.  Where no upstream class outside the hook's family defines the name, the call
    can only reach that family, so upstream's call decides (an error, killers225's new-hook rule: a warning
    before); a namesake on another upstream class leaves the warning (the call may be that class's)."""
    body = "    @classmethod\n    def manual_seed_all(cls) -> None:\n        return None\n"
    upstream: dict[str, str | None] = {**UPSTREAM, SEED: calls}
    if elsewhere:
        upstream["vllm/utils/rng.py"] = "class Rng:\n    def manual_seed_all(self, seed: int) -> None:\n        pass\n"
    want = "warning" if elsewhere else "error"
    assert [severity for _, severity, _ in _found(git_repo, _fork(body), upstream)] == [want]
