"""Raised-kind drift through a call off a subclass: the def the fork's ``try`` reaches is a base's, inherited.

killers209, shaped like #18979 (65397e40f5): ``Platform.device_id_to_physical_device_id`` stopped raising
``RuntimeError`` on an empty ``CUDA_VISIBLE_DEVICES`` (read as unset now).  A fork's ``try:
CudaPlatform.device_id_to_physical_device_id(rank)`` / ``except RuntimeError: return None`` calls it off
``CudaPlatform`` -- a conditional alias of two subclasses, neither defining the name -- and the handler is dead.
"""

from __future__ import annotations

import pytest

from aeon_release.domain.audits.merge_rules import RETURN_DRIFT
from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo

IFACE = "vllm/platforms/interface.py"
CUDA = "vllm/platforms/cuda.py"
FORK = "vllm/aeon/gpu.py"
BASE_IF = (
    "import os\n\n\nclass Platform:\n    device_control_env_var = 'CUDA_VISIBLE_DEVICES'\n\n"
    "    @classmethod\n    def device_id_to_physical_device_id(cls, device_id: int):\n"
    "        if cls.device_control_env_var in os.environ:\n"
    "            device_ids = os.environ[cls.device_control_env_var].split(',')\n"
    "            if device_ids == ['']:\n"
    "                raise RuntimeError('empty')\n"
    "            return int(device_ids[device_id])\n"
    "        return device_id\n"
)
SILENT_IF = BASE_IF.replace("            if device_ids == ['']:\n                raise RuntimeError('empty')\n", "")
SWAPPED_IF = BASE_IF.replace("raise RuntimeError('empty')", "raise ValueError('empty')")
CUDA_TEXT = (
    "from vllm.platforms.interface import Platform\n\n\nclass NvmlCudaPlatform(Platform):\n    pass\n\n\n"
    "class NonNvmlCudaPlatform(Platform):\n    pass\n\n\nnvml_available = True\n"
    "CudaPlatform = NvmlCudaPlatform if nvml_available else NonNvmlCudaPlatform\n"
)
HEAD = "from vllm.platforms.cuda import CudaPlatform, NvmlCudaPlatform\n\n\n"


def _fork(recv: str, caught: str = "RuntimeError", extra: str = "") -> dict[str, str]:
    return {
        FORK: HEAD + extra + "def aeon_gpu(rank: int) -> int | None:\n"
        "    # AEON: a CPU-only Ray actor on the Spark has no GPU\n"
        "    try:\n"
        f"        return {recv}.device_id_to_physical_device_id(rank)\n"
        f"    except {caught}:\n"
        "        return None\n"
    }


def _found(
    repo: GitRepo, fork: dict[str, str], iface: str = SILENT_IF, cuda: str = CUDA_TEXT
) -> list[tuple[int, str, str]]:
    base = {"vllm/__init__.py": "", "vllm/platforms/__init__.py": "", IFACE: BASE_IF, CUDA: CUDA_TEXT}
    upstream = {IFACE: iface, CUDA: cuda}
    sides = s.merge_case(repo, base, fork, [("[Bugfix] Allow CUDA_VISIBLE_DEVICES='' (#18979)", upstream)])
    return [
        (f.line, f.severity.value, f.message)
        for f in s.merged_findings(repo, sides, s.Settings())
        if f.rule_id == RETURN_DRIFT and f.path == FORK
    ]


@pytest.mark.parametrize("recv", ["CudaPlatform", "NvmlCudaPlatform"], ids=["alias", "subclass"])
def test_a_handler_of_a_kind_an_inherited_def_stopped_raising_warns(git_repo: GitRepo, recv: str) -> None:
    [(line, severity, message)] = _found(git_repo, _fork(recv))
    assert (line, severity) == (8, "warning")
    assert "catches RuntimeError from Platform.device_id_to_physical_device_id()" in message


def test_a_handler_of_a_kind_an_inherited_def_now_raises_otherwise_errors(git_repo: GitRepo) -> None:
    [(line, severity, message)] = _found(git_repo, _fork("NvmlCudaPlatform"), SWAPPED_IF)
    assert (line, severity) == (8, "error")
    assert "ValueError" in message


def test_twin_a_subclass_upstream_gave_its_own_def_stays_quiet(git_repo: GitRepo) -> None:
    """``NvmlCudaPlatform`` defines the name itself upstream (still raising): the base's change is not reached."""
    own = CUDA_TEXT.replace(
        "class NvmlCudaPlatform(Platform):\n    pass\n",
        "class NvmlCudaPlatform(Platform):\n    @classmethod\n"
        "    def device_id_to_physical_device_id(cls, device_id: int):\n        raise RuntimeError('no')\n",
    )
    assert _found(git_repo, _fork("NvmlCudaPlatform"), SILENT_IF, own) == []


def test_twin_an_alias_one_of_whose_classes_defines_its_own_stays_quiet(git_repo: GitRepo) -> None:
    own = CUDA_TEXT.replace(
        "class NonNvmlCudaPlatform(Platform):\n    pass\n",
        "class NonNvmlCudaPlatform(Platform):\n    @classmethod\n"
        "    def device_id_to_physical_device_id(cls, device_id: int):\n        raise RuntimeError('no')\n",
    )
    assert _found(git_repo, _fork("CudaPlatform"), SILENT_IF, own) == []


def test_twin_a_fork_subclass_overriding_the_def_stays_quiet(git_repo: GitRepo) -> None:
    mine = (
        "class AeonSpark(NvmlCudaPlatform):\n    @classmethod\n"
        "    def device_id_to_physical_device_id(cls, device_id: int):\n        raise RuntimeError('cpu-only')\n\n\n"
    )
    assert _found(git_repo, _fork("AeonSpark", extra=mine)) == []


def test_twin_a_handler_of_the_lookup_still_raised_stays_quiet(git_repo: GitRepo) -> None:
    assert _found(git_repo, _fork("CudaPlatform", "IndexError")) == []
