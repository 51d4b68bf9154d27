"""A fork's namesake of a method upstream added to a base that also has ``__getattr__``, called off a global
declared in another module (#35356, #30484).

#35356 (995e9a209e) added ``Platform.is_integrated_gpu(device_id=0)``, and the memory helper now calls
``current_platform.is_integrated_gpu(device.index)``: ``Platform`` answers any missing name through
``__getattr__``, and ``current_platform`` is a package global declared ``current_platform: Platform`` under
``if TYPE_CHECKING:`` and served by the package's ``__getattr__``.  #30484 (4fa7ce46f3) added
``is_device_capability_family(capability: int)``, called with ``100``.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

PKG = "vllm/platforms/__init__.py"
IFACE = "vllm/platforms/interface.py"
CUDA = "vllm/platforms/cuda.py"
MEM = "vllm/utils/mem_utils.py"
FORK = "vllm/aeon/spark.py"
PKG_TEXT = (
    "from typing import TYPE_CHECKING\n\n"
    "if TYPE_CHECKING:\n    from vllm.platforms.interface import Platform\n\n    current_platform: Platform\n\n\n"
    "def __getattr__(name: str):\n    from vllm.platforms.cuda import CudaPlatform\n\n    return CudaPlatform()\n"
)
IFACE_TEXT = (
    "class Platform:\n"
    "    device_type = 'cuda'\n\n"
    "    def __getattr__(self, key: str):\n"
    "        return None\n\n"
    "    @classmethod\n"
    "    def get_device_name(cls, device_id: int = 0) -> str:\n"
    "        return ''\n"
)
HOOKS = (
    "\n    @classmethod\n    def is_integrated_gpu(cls, device_id: int = 0) -> bool:\n        return False\n"
    "\n    @classmethod\n    def is_device_capability_family(cls, capability: int, device_id: int = 0) -> bool:\n"
    "        return False\n"
)
CUDA_TEXT = "from vllm.platforms.interface import Platform\n\n\nclass CudaPlatform(Platform):\n    pass\n"
MEM_HEAD = "from vllm.platforms import current_platform\n\n\n"
MEM_TEXT = MEM_HEAD + "def free_memory(index: int) -> int:\n    return 0\n"
MEM_CALLS = MEM_HEAD + (
    "def free_memory(index: int) -> int:\n"
    "    if current_platform.is_integrated_gpu(index):\n"
    "        return 1\n"
    "    if current_platform.is_device_capability_family(capability=100):\n"
    "        return 2\n"
    "    return 0\n"
)
BASE = {PKG: PKG_TEXT, "vllm/utils/__init__.py": "", IFACE: IFACE_TEXT, CUDA: CUDA_TEXT, MEM: MEM_TEXT}
UPSTREAM = {IFACE: IFACE_TEXT + HOOKS, MEM: MEM_CALLS}


def _fork(body: str) -> dict[str, str]:
    return {FORK: "from vllm.platforms.cuda import CudaPlatform\n\n\nclass AeonSpark(CudaPlatform):\n" + body}


def _found(
    repo: GitRepo, fork: dict[str, str], upstream: dict[str, str | None] = UPSTREAM
) -> list[tuple[int, str, str]]:
    sides = s.merge_case(repo, BASE, fork, [("[Bugfix] Use is_integrated to detect UMA GPUs (#35356)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == SYMBOL_DRIFT and f.path == FORK
    ]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        # takes no device index: TypeError at upstream's call
        ("    @classmethod\n    def is_integrated_gpu(cls) -> bool:\n        return True\n", "it takes 0: TypeError"),
        # a value where upstream's base now has a method it calls
        ("    is_integrated_gpu: bool = True\n", "raises TypeError (not callable)"),
        # a property: upstream calls what it answers
        (
            "    @property\n    def is_integrated_gpu(self) -> bool:\n        return True\n",
            "the fork's property answers",
        ),
        # annotated for names, handed a number by keyword
        (
            "    @classmethod\n    def is_device_capability_family(cls, capability: str) -> bool:\n"
            "        return capability in ('blackwell',)\n",
            "passes 100 (a int) for capability, which the fork's method takes as str",
        ),
        # an optional string, handed a number
        (
            "    @classmethod\n    def is_device_capability_family(cls, capability: str | None = None) -> bool:\n"
            "        return capability is None\n",
            "takes as None | str",
        ),
    ],
    ids=["fewer-params", "class-value", "property", "str-for-int", "optional-str-for-int"],
)
def test_a_namesake_under_a_getattr_base_that_cannot_serve_upstream_s_calls(
    git_repo: GitRepo, body: str, says: str
) -> None:
    [(line, severity, message)] = _found(git_repo, _fork(body))
    named = next(i for i, text in enumerate(body.splitlines()) if not text.strip().startswith("@"))
    assert (line, severity) == (5 + named, "error")
    assert says in message


@pytest.mark.parametrize(
    "body",
    [
        # the new contract: upstream's call fits, the warning asks for a look
        "    @classmethod\n    def is_integrated_gpu(cls, device_id: int = 0) -> bool:\n        return True\n",
        # a number for a number
        "    @classmethod\n    def is_device_capability_family(cls, capability: int, device_id: int = 0) -> bool:\n"
        "        return capability // 10 == 12\n",
        # a union taking numbers too
        "    @classmethod\n    def is_device_capability_family(cls, capability: int | str) -> bool:\n"
        "        return bool(capability)\n",
        # unannotated: nothing said of its kind
        "    @classmethod\n    def is_device_capability_family(cls, capability) -> bool:\n        return bool(capability)\n",
    ],
    ids=["new-contract", "int-for-int", "union", "unannotated"],
)
def test_twin_a_namesake_that_fits_stays_the_warning(git_repo: GitRepo, body: str) -> None:
    assert [severity for _, severity, _ in _found(git_repo, _fork(body))] == ["warning"]


@pytest.mark.parametrize("elsewhere", [False, True], ids=["only the base defines it", "another class too"])
def test_a_local_of_the_global_s_name(git_repo: GitRepo, elsewhere: bool) -> None:
    """Upstream's call is off a parameter that shadows the package global: nothing types it as the platform.
    Where no upstream class outside the platform's family defines the name, the call can only reach that family:
    an error (killers225's new-hook rule; a warning before); a namesake on another class leaves the warning."""
    local = MEM_HEAD + (
        "def free_memory(current_platform, index: int) -> int:\n"
        "    if current_platform.is_integrated_gpu(index):\n        return 1\n    return 0\n"
    )
    body = "    @classmethod\n    def is_integrated_gpu(cls) -> bool:\n        return True\n"
    upstream: dict[str, str | None] = {**UPSTREAM, MEM: local}
    if elsewhere:
        upstream["vllm/device_info.py"] = (
            "class DeviceInfo:\n    def is_integrated_gpu(self, index: int) -> bool:\n        return False\n"
        )
    want = "warning" if elsewhere else "error"
    assert [severity for _, severity, _ in _found(git_repo, _fork(body), upstream)] == [want]
