"""Cache drift: a fork calls a cache's method off a function upstream no longer caches.

#29038 (2c52c7fd9a) took ``@functools.cache`` off ``batch_invariant.vllm_is_batch_invariant`` (it returns a
module constant read at import now): a fork's ``vllm_is_batch_invariant.cache_clear()`` merges cleanly and
raises AttributeError.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import DECORATOR_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

BI = "vllm/layers/invariant.py"
BASE = (
    "import os\nfrom functools import cache\n\n\n"
    "@cache\ndef is_invariant() -> bool:\n    return os.getenv('INVARIANT', '0') == '1'\n\n\n"
    "@cache\ndef block_size() -> int:\n    return int(os.getenv('BLOCK', '64'))\n"
)
THEIRS = BASE.replace(
    "@cache\ndef is_invariant() -> bool:\n    return os.getenv('INVARIANT', '0') == '1'\n",
    "INVARIANT = os.getenv('INVARIANT', '0') == '1'\n\n\ndef is_invariant() -> bool:\n    return INVARIANT\n",
)
NAMED = "from vllm.layers.invariant import block_size, is_invariant\n\n\n"
MODULE = "from vllm.layers import invariant as inv\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", BI: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {BI: theirs})
    return found(audit(git_repo, sides, tmp_path), DECORATOR_DRIFT)


@pytest.mark.parametrize(
    "fork",
    [
        NAMED + "def aeon_reread() -> bool:\n    is_invariant.cache_clear()\n    return is_invariant()\n",
        MODULE + "def aeon_reset() -> None:\n    inv.is_invariant.cache_clear()\n",
        MODULE + "def aeon_hits() -> int:\n    return inv.is_invariant.cache_info().hits\n",
    ],
    ids=["imported-name", "module-attribute", "cache-info"],
)
def test_a_cache_method_off_a_function_upstream_no_longer_caches(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, ".cache_"), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # a plain call of the function: it still answers
        NAMED + "def aeon_on() -> bool:\n    return is_invariant()\n",
        # a function upstream still caches
        NAMED + "def aeon_reset() -> None:\n    block_size.cache_clear()\n",
        # the fork's own function of the name
        "from functools import cache\n\n\n@cache\ndef is_invariant() -> bool:\n    return True\n\n\n"
        "def aeon_reset() -> None:\n    is_invariant.cache_clear()\n",
        # a read that tests the cache is there first
        MODULE + "def aeon_reset() -> None:\n    if hasattr(inv.is_invariant, 'cache_clear'):\n"
        "        inv.is_invariant.cache_clear()\n",
        # another module's function of the name
        "from vllm.other import is_invariant\n\n\ndef aeon_reset() -> None:\n    is_invariant.cache_clear()\n",
        # a read in a try that survives the missing method
        MODULE + "def aeon_reset() -> None:\n    try:\n        inv.is_invariant.cache_clear()\n"
        "    except AttributeError:\n        pass\n",
        MODULE + "def aeon_reset() -> None:\n    try:\n        inv.is_invariant.cache_clear()\n"
        "    except Exception:\n        return\n",
        # the fork caches the function again itself
        "import functools\nfrom vllm.layers import invariant as inv\n\n"
        "inv.is_invariant = functools.cache(inv.is_invariant)\n\n\n"
        "def aeon_reset() -> None:\n    inv.is_invariant.cache_clear()\n",
        "import functools\nfrom vllm.layers import invariant as inv\n\n"
        "setattr(inv, 'is_invariant', functools.lru_cache(inv.is_invariant))\n\n\n"
        "def aeon_reset() -> None:\n    inv.is_invariant.cache_clear()\n",
    ],
    ids=[
        "plain-call",
        "still-cached",
        "own-def",
        "hasattr-guarded",
        "other-module",
        "try-attributeerror",
        "try-exception",
        "fork-recaches",
        "fork-recaches-setattr",
    ],
)
def test_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


@pytest.mark.parametrize(
    ("imports", "decorator"),
    [
        ("import functools as ft\n", "@ft.cache"),
        ("from functools import lru_cache as memo\n", "@memo(maxsize=None)"),
    ],
    ids=["module-alias", "name-alias"],
)
def test_upstream_still_caching_under_an_import_alias_stays_quiet(
    git_repo: GitRepo, tmp_path: Path, imports: str, decorator: str
) -> None:
    base = BASE.replace("from functools import cache\n", imports + "from functools import cache\n")
    theirs = base.replace("@cache\ndef is_invariant", decorator + "\ndef is_invariant")
    files = {"vllm/__init__.py": "", "vllm/layers/__init__.py": "", BI: base}
    fork = MODULE + "def aeon_reset() -> None:\n    inv.is_invariant.cache_clear()\n"
    sides = three_way(git_repo, files, {"vllm/aeon_use.py": fork}, {BI: theirs})
    assert found(audit(git_repo, sides, tmp_path), DECORATOR_DRIFT) == []


def test_upstream_caching_by_a_store_at_module_level_stays_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = BASE.replace("@cache\ndef is_invariant", "def is_invariant") + "\n\nis_invariant = cache(is_invariant)\n"
    fork = MODULE + "def aeon_reset() -> None:\n    inv.is_invariant.cache_clear()\n"
    assert _rows(git_repo, tmp_path, fork, theirs) == []


def test_upstream_swapping_in_another_decorator_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = BASE.replace("from functools import cache\n", "from functools import cache\nfrom vllm.utils import memo\n")
    theirs = theirs.replace("@cache\ndef is_invariant", "@memo\ndef is_invariant")
    fork = MODULE + "def aeon_reset() -> None:\n    inv.is_invariant.cache_clear()\n"
    assert [r[2] for r in _rows(git_repo, tmp_path, fork, theirs)] == ["warning"]


@pytest.mark.parametrize(
    "guard",
    [
        "callable(getattr(inv.is_invariant, 'cache_clear', None))",
        "isinstance(inv.is_invariant, functools._lru_cache_wrapper)",
    ],
    ids=["getattr probe", "isinstance test"],
)
def test_a_probed_cache_stays_quiet(git_repo: GitRepo, tmp_path: Path, guard: str) -> None:
    fork = "import functools\n" + MODULE + f"def aeon_reset() -> None:\n    if {guard}:\n"
    fork += "        inv.is_invariant.cache_clear()\n"
    assert _rows(git_repo, tmp_path, fork) == []


# -- shaped like #14156 (989f4f430c): ``@lru_cache(maxsize=8)`` taken off NvmlCudaPlatform's classmethods, the
# NVML context decorator under it kept --
PLAT = "vllm/platforms/cuda.py"
PLAT_BASE = (
    "from functools import lru_cache, wraps\n\n\n"
    "def with_nvml_context(fn):\n    @wraps(fn)\n    def wrapper(*args, **kwargs):\n        return fn(*args, **kwargs)\n\n"
    "    return wrapper\n\n\n"
    "class NvmlPlatform:\n"
    "    @classmethod\n    @lru_cache(maxsize=8)\n    @with_nvml_context\n"
    "    def get_device_name(cls, device_id: int = 0) -> str:\n        return 'gpu'\n\n"
    "    @staticmethod\n    @lru_cache(maxsize=8)\n"
    "    def total_memory(device_id: int = 0) -> int:\n        return 1\n\n"
    "    @lru_cache(maxsize=8)\n"
    "    def uuid(self, device_id: int = 0) -> str:\n        return 'u'\n\n"
    "    @classmethod\n    @lru_cache(maxsize=8)\n"
    "    def kept(cls) -> int:\n        return 2\n"
)
PLAT_THEIRS = (
    PLAT_BASE.replace(
        "    @classmethod\n    @lru_cache(maxsize=8)\n    @with_nvml_context\n",
        "    @classmethod\n    @with_nvml_context\n",
    )
    .replace("    @staticmethod\n    @lru_cache(maxsize=8)\n", "    @staticmethod\n")
    .replace("    @lru_cache(maxsize=8)\n    def uuid", "    def uuid")
)
PLAT_NAMED = "from vllm.platforms.cuda import NvmlPlatform\n\n\n"
PLAT_MODULE = "from vllm.platforms import cuda\n\n\n"


def _plat_rows(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = PLAT_THEIRS) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/platforms/__init__.py": "", PLAT: PLAT_BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_plat.py": fork}, {PLAT: theirs})
    return found(audit(git_repo, sides, tmp_path), DECORATOR_DRIFT)


@pytest.mark.parametrize(
    "fork",
    [
        PLAT_NAMED + "def aeon_reprobe() -> None:\n    NvmlPlatform.get_device_name.cache_clear()\n",
        PLAT_MODULE + "def aeon_misses() -> int:\n    return cuda.NvmlPlatform.total_memory.cache_info().misses\n",
        PLAT_NAMED + "def aeon_forget() -> None:\n    NvmlPlatform.uuid.cache_clear()\n",
    ],
    ids=["classmethod-kept-decorator", "staticmethod-module-attribute", "plain-method"],
)
def test_a_cache_method_off_a_method_upstream_no_longer_caches(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _plat_rows(git_repo, tmp_path, fork) == [("vllm/aeon_plat.py", line_of(fork, ".cache_"), "error")]


@pytest.mark.parametrize(
    "fork",
    [
        # a method upstream still caches
        PLAT_NAMED + "def aeon_reset() -> None:\n    NvmlPlatform.kept.cache_clear()\n",
        # the probe called: it still answers
        PLAT_NAMED + "def aeon_name() -> str:\n    return NvmlPlatform.get_device_name(0)\n",
        # a class of the fork's own of the name
        "from functools import cache\n\n\nclass NvmlPlatform:\n    @classmethod\n    @cache\n"
        "    def get_device_name(cls) -> str:\n        return 'x'\n\n\n"
        "def aeon_reset() -> None:\n    NvmlPlatform.get_device_name.cache_clear()\n",
        # a try catching AttributeError: the fork handles the plain method
        PLAT_NAMED + "def aeon_reset() -> None:\n    try:\n        NvmlPlatform.uuid.cache_clear()\n"
        "    except AttributeError:\n        pass\n",
    ],
    ids=["still-cached", "plain-call", "own-class", "caught"],
)
def test_method_twins_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _plat_rows(git_repo, tmp_path, fork) == []


def test_a_method_given_a_new_decorator_in_the_cache_s_place_is_a_warning(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = PLAT_THEIRS.replace(
        "    @staticmethod\n    def total_memory", "    @staticmethod\n    @memo\n    def total_memory"
    )
    fork = PLAT_MODULE + "def aeon_misses() -> int:\n    return cuda.NvmlPlatform.total_memory.cache_info().misses\n"
    assert [r[2] for r in _plat_rows(git_repo, tmp_path, fork, theirs)] == ["warning"]
