"""Adversarial twins of killers144's widenings: fork carries correct after the real change.

killers144 (blind_replay_platcuda) widened symbol drift three ways: a member upstream removed from a class
whose ``__getattr__`` makes names up is judged by upstream's *code* reads only (``drift/quoted.py`` blanks
strings and comments); ``getattr(x, "name")`` with no default of such a member is the plain read's error, and
where the ``__getattr__`` answers every name, an instance's ``hasattr`` or ``except AttributeError`` guard
excuses nothing; and a member read off a module-level ``Name = A if cond else B`` of two classes
(``CudaPlatform``) is the member both answer with.  Each twin replays a real upstream commit under a fork
carry shaped like what those widenings catch, but right after the merge (the merge base is the commit's
first parent, upstream the commit):

- #33362 (010ec0c30e, ``Platform.seed_everything`` removed; ``Platform.__getattr__`` answers None for it):
  the call under ``getattr(current_platform, "seed_everything", None) is not None``, under ``callable(...)``
  of it, under ``current_platform.seed_everything is not None``; ``getattr(...) or set_random_seed``; the
  call under ``except TypeError`` (None called); a guard asked of the class (``hasattr(type(p), ...)``,
  ``"seed_everything" in dir(type(p))``); the fork's own subclass defining it; a fork class's namesake; a
  shim the fork sets on the class; a receiver typed as the fork's Protocol;
- #44825 (fb42e5219e, ``CpuPlatform.mem_get_info`` removed): a fork subclass defining its own, a guard on
  the class, a try/except AttributeError on the class, a string naming it;
- #26982 (f6027b2855, ``is_kv_cache_dtype_supported`` removed from ``CudaPlatformBase``) through the
  ``CudaPlatform`` alias: a ``hasattr`` guard, ``getattr`` with a default, a kept member, a fork alias of
  its own classes of the same shape;
- other real commits of the kind: #27005 (2dacd57394, ``Platform.get_cu_count`` moved to
  ``vllm.utils.platform_utils``), #25410 (6fa78d8f23, ``supports_v1`` removed), #25334 (0ff8ebb2d7,
  ``is_async_output_supported`` removed): guards by a ``getattr`` default tested for None, a version
  check, the fork's own override.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Round 1, main's engine (b4ce3296, killers144 landed): 5 caught of 5; 11 false errors of 25 twins.  Two are
killers144's own (d0aa7738, before it, kept them quiet): ``getattr(current_platform, "seed_everything") or
set_random_seed`` (a getattr with no default whose value is tested, not called), and the call after the fork's
shim ``Platform.seed_everything = staticmethod(set_random_seed)`` (the answered finding was made a plain one,
which every excuse of a gone name dropped, the shim's too).  Nine were false on d0aa7738 already (9 false of 25
there, 3 cases missed): the use under a test of its value -- ``getattr(x, "name", None) is not None`` (#33362,
#27005), ``callable(getattr(x, "name", None))``, ``getattr(x, "name", None)`` truthy (#25334), ``x.name is not
None`` --; under ``except TypeError`` (None called); under ``hasattr(type(x), "name")`` and ``"name" in
dir(type(x))`` (asked of the class, where no ``__getattr__`` answers); and name drift's ``getattr(CudaPlatform,
"is_kv_cache_dtype_supported", None)`` (a default bridging versions, #26982).

Round 2, this branch: 5 caught of 5; 1 false error of 25.  Mended in symbol drift and drift/fallbacks.py (a
``_Answered`` kind of gone finding: ``hasattr`` and ``except AttributeError`` do not excuse it, the rest do): a
test of the value guards the use (also for a plainly gone member), a test asked of the class, a handler of
TypeError or Exception around the call, the fork's shim, a ``getattr`` with no default whose value is tested.
Left: name drift's ``getattr(CudaPlatform, "is_kv_cache_dtype_supported", None)`` (name drift's own rule, not
killers144's: the default of a name upstream no longer has anywhere now always answers, the fork's check is dead;
false on d0aa7738 too).  Regression set at this head: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17_twins 0 false (40, 30, 23), blind_replay_platcuda 21/21 (10 quiet, 0 false), blind_replay_platform
34/34 (16 quiet, 0 false), blind_replay_executor 19/19 (11 quiet), blind_replay_moves 25/25 (16 quiet);
symbol_precision --windows 1: 0 false errors (5 broken overrides, 4 caught, 8 warnings; 0.90 s).

  PYTHONPATH=.. python review49_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

CP = "from vllm.platforms import current_platform\n\n\n"
CPS = "from vllm.platforms import current_platform\nfrom vllm.utils.torch_utils import set_random_seed\n\n\n"
CUDA = "from vllm.platforms.cuda import CudaPlatform\n\n\n"
CPU = "from vllm.platforms.cpu import CpuPlatform\n\n\n"

# --- #33362 (010ec0c30e): Platform.seed_everything removed; Platform.__getattr__ answers None for it
SE = ("#33362", "010ec0c30e", "Platform.seed_everything removed")
CASES += [
    (
        "#33362 seed_everything",
        "a call through current_platform",
        K(
            *SE,
            "vllm/aeon/r49c1.py",
            CP + "def aeon_reseed(seed: int) -> None:\n    current_platform.seed_everything(seed)\n",
            "current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "a call under hasattr (always True on the instance)",
        K(
            *SE,
            "vllm/aeon/r49c2.py",
            CP + "def aeon_reseed(seed: int) -> None:\n"
            '    if hasattr(current_platform, "seed_everything"):\n'
            "        current_platform.seed_everything(seed)\n",
            "        current_platform.seed_everything(seed)",
        ),
    ),
]
TWINS += [
    (
        "#33362 seed_everything",
        "call under getattr(..., None) is not None",
        K(
            *SE,
            "vllm/aeon/r49t1.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n"
            '    if getattr(current_platform, "seed_everything", None) is not None:\n'
            "        current_platform.seed_everything(seed)\n"
            "    else:\n"
            "        set_random_seed(seed)\n",
            "        current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "call under callable(getattr(..., None))",
        K(
            *SE,
            "vllm/aeon/r49t2.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n"
            '    if callable(getattr(current_platform, "seed_everything", None)):\n'
            "        current_platform.seed_everything(seed)\n"
            "        return\n"
            "    set_random_seed(seed)\n",
            "        current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "call under `x.name is not None`",
        K(
            *SE,
            "vllm/aeon/r49t3.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n"
            "    if current_platform.seed_everything is not None:\n"
            "        current_platform.seed_everything(seed)\n"
            "    else:\n"
            "        set_random_seed(seed)\n",
            "        current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "getattr(x, name) or the replacement",
        K(
            *SE,
            "vllm/aeon/r49t4.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n"
            '    seeder = getattr(current_platform, "seed_everything") or set_random_seed\n'
            "    seeder(seed)\n",
            '    seeder = getattr(current_platform, "seed_everything") or set_random_seed',
        ),
    ),
    (
        "#33362 seed_everything",
        "call under except TypeError (None is called)",
        K(
            *SE,
            "vllm/aeon/r49t5.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n"
            "    try:\n"
            "        current_platform.seed_everything(seed)\n"
            "    except TypeError:\n"
            "        set_random_seed(seed)\n",
            "        current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "call under hasattr of the class",
        K(
            *SE,
            "vllm/aeon/r49t6.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n"
            '    if hasattr(type(current_platform), "seed_everything"):\n'
            "        current_platform.seed_everything(seed)\n"
            "    else:\n"
            "        set_random_seed(seed)\n",
            "        current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "call under `in dir(type(x))`",
        K(
            *SE,
            "vllm/aeon/r49t7.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n"
            '    if "seed_everything" in dir(type(current_platform)):\n'
            "        current_platform.seed_everything(seed)\n"
            "    else:\n"
            "        set_random_seed(seed)\n",
            "        current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "the fork's subclass defines it",
        K(
            *SE,
            "vllm/aeon/r49t8.py",
            "import random\n\nfrom vllm.platforms.cuda import CudaPlatformBase\n\n\n"
            "class AeonSparkPlatform(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def seed_everything(cls, seed: int | None = None) -> None:\n"
            "        random.seed(seed)\n\n\n"
            "def aeon_reseed(platform: AeonSparkPlatform, seed: int) -> None:\n"
            "    platform.seed_everything(seed)\n",
            "    platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "a fork class's namesake",
        K(
            *SE,
            "vllm/aeon/r49t9.py",
            "import random\n\n\n"
            "class AeonRng:\n"
            "    def seed_everything(self, seed: int) -> None:\n"
            "        random.seed(seed)\n\n\n"
            "def aeon_reseed(rng: AeonRng, seed: int) -> None:\n"
            "    rng.seed_everything(seed)\n",
            "    rng.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "a shim the fork sets on the class",
        K(
            *SE,
            "vllm/aeon/r49t10.py",
            "from vllm.platforms import current_platform\n"
            "from vllm.platforms.interface import Platform\nfrom vllm.utils.torch_utils import set_random_seed\n\n"
            "Platform.seed_everything = staticmethod(set_random_seed)  # the fork keeps the old spelling\n\n\n"
            "def aeon_reseed(seed: int) -> None:\n"
            "    current_platform.seed_everything(seed)\n",
            "    current_platform.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "a receiver typed as the fork's Protocol",
        K(
            *SE,
            "vllm/aeon/r49t11.py",
            "from typing import Protocol\n\n\n"
            "class AeonSeeder(Protocol):\n"
            "    def seed_everything(self, seed: int) -> None: ...\n\n\n"
            "def aeon_reseed(seeder: AeonSeeder, seed: int) -> None:\n"
            "    seeder.seed_everything(seed)\n",
            "    seeder.seed_everything(seed)",
        ),
    ),
    (
        "#33362 seed_everything",
        "getattr(..., None) bound, tested, called",
        K(
            *SE,
            "vllm/aeon/r49t12.py",
            CPS + "def aeon_reseed(seed: int) -> None:\n"
            '    seeder = getattr(current_platform, "seed_everything", None)\n'
            "    (seeder or set_random_seed)(seed)\n",
            '    seeder = getattr(current_platform, "seed_everything", None)',
        ),
    ),
]

# --- #44825 (fb42e5219e): CpuPlatform.mem_get_info removed
MG = ("#44825", "fb42e5219e", "CpuPlatform.mem_get_info removed")
CASES += [
    (
        "#44825 mem_get_info",
        "a call on the class",
        K(
            *MG,
            "vllm/aeon/r49c3.py",
            CPU + "def aeon_free() -> int:\n    free, _ = CpuPlatform.mem_get_info()\n    return free\n",
            "    free, _ = CpuPlatform.mem_get_info()",
        ),
    ),
]
TWINS += [
    (
        "#44825 mem_get_info",
        "the fork's subclass defines its own",
        K(
            *MG,
            "vllm/aeon/r49t13.py",
            "import psutil\n\n" + CPU + "class AeonGraceCpuPlatform(CpuPlatform):\n"
            "    @classmethod\n"
            "    def mem_get_info(cls) -> tuple[int, int]:\n"
            "        vm = psutil.virtual_memory()\n"
            "        return vm.available, vm.total\n\n"
            "    @classmethod\n"
            "    def aeon_free(cls) -> int:\n"
            "        return cls.mem_get_info()[0]\n",
            "        return cls.mem_get_info()[0]",
        ),
    ),
    (
        "#44825 mem_get_info",
        "a hasattr guard on the class",
        K(
            *MG,
            "vllm/aeon/r49t14.py",
            "import psutil\n\n" + CPU + "def aeon_free() -> int:\n"
            '    if hasattr(CpuPlatform, "mem_get_info"):\n'
            "        return CpuPlatform.mem_get_info()[0]\n"
            "    return psutil.virtual_memory().available\n",
            "        return CpuPlatform.mem_get_info()[0]",
        ),
    ),
    (
        "#44825 mem_get_info",
        "try/except AttributeError on the class",
        K(
            *MG,
            "vllm/aeon/r49t15.py",
            "import psutil\n\n" + CPU + "def aeon_free() -> int:\n"
            "    try:\n"
            "        return CpuPlatform.mem_get_info()[0]\n"
            "    except AttributeError:\n"
            "        return psutil.virtual_memory().available\n",
            "        return CpuPlatform.mem_get_info()[0]",
        ),
    ),
    (
        "#44825 mem_get_info",
        "a message naming it",
        K(
            *MG,
            "vllm/aeon/r49t16.py",
            "import psutil\n\n\n"
            "def aeon_free() -> int:\n"
            "    # CpuPlatform.mem_get_info() is gone upstream; read psutil\n"
            '    print("CpuPlatform.mem_get_info() replaced")\n'
            "    return psutil.virtual_memory().available\n",
            '    print("CpuPlatform.mem_get_info() replaced")',
        ),
    ),
]

# --- #26982 (f6027b2855): is_kv_cache_dtype_supported removed from CudaPlatformBase (CudaPlatform: an alias)
KR = ("#26982", "f6027b2855", "is_kv_cache_dtype_supported removed")
CASES += [
    (
        "#26982 alias",
        "a call on the CudaPlatform alias",
        K(
            *KR,
            "vllm/aeon/r49c4.py",
            CUDA + "def aeon_fp8_ok(model_config) -> bool:\n"
            '    return CudaPlatform.is_kv_cache_dtype_supported("fp8", model_config)\n',
            '    return CudaPlatform.is_kv_cache_dtype_supported("fp8", model_config)',
        ),
    ),
]
TWINS += [
    (
        "#26982 alias",
        "a hasattr guard on the alias",
        K(
            *KR,
            "vllm/aeon/r49t17.py",
            CUDA + "def aeon_fp8_ok(model_config) -> bool:\n"
            '    if hasattr(CudaPlatform, "is_kv_cache_dtype_supported"):\n'
            '        return CudaPlatform.is_kv_cache_dtype_supported("fp8", model_config)\n'
            "    return True\n",
            '        return CudaPlatform.is_kv_cache_dtype_supported("fp8", model_config)',
        ),
    ),
    (
        "#26982 alias",
        "getattr with a default off the alias",
        K(
            *KR,
            "vllm/aeon/r49t18.py",
            CUDA + "def aeon_fp8_ok(model_config) -> bool:\n"
            '    check = getattr(CudaPlatform, "is_kv_cache_dtype_supported", None)\n'
            '    return True if check is None else check("fp8", model_config)\n',
            '    check = getattr(CudaPlatform, "is_kv_cache_dtype_supported", None)',
        ),
    ),
    (
        "#26982 alias",
        "a kept member off the alias",
        K(
            *KR,
            "vllm/aeon/r49t19.py",
            CUDA + "def aeon_capability() -> int:\n"
            "    cap = CudaPlatform.get_device_capability()\n"
            "    return 0 if cap is None else cap.to_int()\n",
            "    cap = CudaPlatform.get_device_capability()",
        ),
    ),
    (
        "#26982 alias",
        "a fork alias of its own classes",
        K(
            *KR,
            "vllm/aeon/r49t20.py",
            "import os\n\n\n"
            "class AeonNvml:\n"
            "    @classmethod\n"
            "    def is_kv_cache_dtype_supported(cls, kv_cache_dtype: str) -> bool:\n"
            '        return kv_cache_dtype == "fp8"\n\n\n'
            "class AeonNoNvml(AeonNvml):\n    pass\n\n\n"
            'CudaPlatform = AeonNvml if os.environ.get("AEON_NVML") else AeonNoNvml\n\n\n'
            "def aeon_fp8_ok() -> bool:\n"
            '    return CudaPlatform.is_kv_cache_dtype_supported("fp8")\n',
            '    return CudaPlatform.is_kv_cache_dtype_supported("fp8")',
        ),
    ),
]

# --- #27005 (2dacd57394): Platform.get_cu_count moved to vllm.utils.platform_utils
CU = ("#27005", "2dacd57394", "Platform.get_cu_count removed")
CASES += [
    (
        "#27005 get_cu_count",
        "a call through current_platform",
        K(
            *CU,
            "vllm/aeon/r49c5.py",
            CP + "def aeon_cus() -> int:\n    return current_platform.get_cu_count()\n",
            "    return current_platform.get_cu_count()",
        ),
    ),
]
TWINS += [
    (
        "#27005 get_cu_count",
        "getattr(..., None) tested, the new helper otherwise",
        K(
            *CU,
            "vllm/aeon/r49t21.py",
            CP + "from vllm.utils.platform_utils import get_cu_count\n\n\n"
            "def aeon_cus() -> int:\n"
            '    if getattr(current_platform, "get_cu_count", None) is None:\n'
            "        return get_cu_count()\n"
            "    return current_platform.get_cu_count()\n",
            "    return current_platform.get_cu_count()",
        ),
    ),
    (
        "#27005 get_cu_count",
        "the new helper",
        K(
            *CU,
            "vllm/aeon/r49t22.py",
            "from vllm.utils.platform_utils import get_cu_count\n\n\n"
            "def aeon_cus() -> int:\n    return get_cu_count(0)\n",
            "    return get_cu_count(0)",
        ),
    ),
]

# --- #25410 (6fa78d8f23): Platform.supports_v1 removed
V1 = ("#25410", "6fa78d8f23", "Platform.supports_v1 removed")
TWINS += [
    (
        "#25410 supports_v1",
        "the fork's subclass keeps its own",
        K(
            *V1,
            "vllm/aeon/r49t23.py",
            "from vllm.platforms.cuda import CudaPlatformBase\n\n\n"
            "class AeonSparkPlatform(CudaPlatformBase):\n"
            "    @classmethod\n"
            "    def supports_v1(cls, model_config) -> bool:\n"
            "        return True\n\n\n"
            "def aeon_v1(platform: AeonSparkPlatform, model_config) -> bool:\n"
            "    return platform.supports_v1(model_config)\n",
            "    return platform.supports_v1(model_config)",
        ),
    ),
    (
        "#25410 supports_v1",
        "a getattr default guard through current_platform",
        K(
            *V1,
            "vllm/aeon/r49t24.py",
            CP + "def aeon_v1(model_config) -> bool:\n"
            '    probe = getattr(current_platform, "supports_v1", None)\n'
            "    return True if probe is None else bool(probe(model_config))\n",
            "    return True if probe is None else bool(probe(model_config))",
        ),
    ),
]

# --- #25334 (0ff8ebb2d7): Platform.is_async_output_supported removed
AO = ("#25334", "0ff8ebb2d7", "Platform.is_async_output_supported removed")
TWINS += [
    (
        "#25334 is_async_output_supported",
        "a call under getattr(..., None) truthiness",
        K(
            *AO,
            "vllm/aeon/r49t25.py",
            CP + "def aeon_async(enforce_eager: bool) -> bool:\n"
            '    if getattr(current_platform, "is_async_output_supported", None):\n'
            "        return current_platform.is_async_output_supported(enforce_eager)\n"
            "    return not enforce_eager\n",
            "        return current_platform.is_async_output_supported(enforce_eager)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review49-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
