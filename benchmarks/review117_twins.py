"""Adversarial twins of killers209's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a handler around a call off a subclass (or a conditional alias) reaching the def it inherits
  (``drift/raised_kinds.py`` ``_Heirs``; #18979 dropped ``Platform.device_id_to_physical_device_id``'s
  ``raise RuntimeError``): the fork's own subclass that raises it again, an unrelated class of the fork's with a
  namesake that raises it, ``except (RuntimeError, IndexError)`` and its ``contextlib.suppress`` spelling (the
  ``IndexError`` still raised), a ``raise RuntimeError`` of the fork's own in the ``try``, an unchanged method
  off the same subclass;
- a hook a caller no longer reaches through ``cls.`` and a method inherited from another file's base
  (``drift/bypassed_hooks.py``; #47892 ``get_device_capability`` maps through
  ``visible_device_id_to_physical_device_id``): the fork's subclass overriding the caller too, the fork
  overriding the new map to hand on to its old one, the override on ``NonNvmlCudaPlatform`` (a class whose
  caller did not change), the fork's own class of the names deriving from nothing;
- a patch of a base's method a subclass now overrides (``drift/patched_bases.py`` and symbol drift's
  ``classmethod(f)`` patches; #41496 ``CudaPlatformBase.is_pin_memory_available``): the patch on the base and
  on the overriding class both, a patch of a method no subclass newly overrides, a patch below the new def
  (``NvmlCudaPlatform``), a ``classmethod(f)`` whose ``f`` takes ``*args``, a patch of the fork's own class
  named ``Platform``;
- a new hook called off a name the calling function imports late (``drift/new_hooks.py``
  ``imported_receiver``; #34760 ``use_custom_op_collectives()``, #15417 ``supports_v1(model_config=...)``,
  #38468 ``manual_seed_all(seed)``): namesakes that still fit the call (a defaulted extra parameter, a
  ``**kwargs``, a ``*args``, a static method without parameters for a call without arguments, a
  ``classmethod(lambda cls: ...)`` class attribute), and a namesake on a fork class that is no platform.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are
``blind_replay_platcuda2.py``'s catches by these widenings (imported from it, kept to show the reach stays),
and the four other real commits' below.

Round 1 (main at 3b8c8660), 11 cases and 23 twins as first written (the widenings' own commits): 6 caught, 5
warned of 11 (as platcuda2); 0 false errors of 23 (11 warned: the six fitting namesakes keep the new-hook
warning, ``classmethod(lambda cls: False)`` the warning of a value that may be a callable, the patch on both
classes the base patch's warning, #47892's override with the new map handing on to it -- see below -- and
``except (RuntimeError, IndexError)`` and its ``suppress`` spelling, rightly: an empty
``CUDA_VISIBLE_DEVICES`` now maps the id where the fork's handler answered None.
Round 2 (this branch): no false error to mend.  One false warning mended: #47892's twin of the fork overriding
``visible_device_id_to_physical_device_id`` (which upstream's ``get_device_capability`` now calls on every run)
to hand on to its own ``device_id_to_physical_device_id`` had the every-run warning, bypassed hooks following
upstream's and the merged tree's methods, not the fork's override of the method the caller now calls; an
override of such a method using the hook's answer on every run now keeps the hook reached (``_handed_back``).
6 caught, 5 warned of 11; 0 false errors of 23 (10 warned).
Round 3 (four other real commits where the same shapes occurred, written before running): #45415
(b9a7cd464c, ``CudaPlatformBase.import_kernels`` added over ``Platform``'s) and #11047 (82c73fd510,
``NvmlCudaPlatform.has_device_capability`` added): a base patch each, warned; 5 twins (the patch on the
overriding class, a ``setattr`` of a ``staticmethod`` on it, a subclass override handing on to ``super()``, a
patch of a base method overridden below before the merge) quiet.  #42313 (0ce6613b9c,
``uses_host_device_handling()`` called by ``DeviceConfig`` after ``from vllm.platforms import
current_platform``) and f8c3af2d85 (``import_ir_kernels()`` in ``set_priority``, the same late import): a
flag and a method with a required parameter, caught; 5 twins (a classmethod fitting the instance hook,
``*args``, ``super()``, ``staticmethod(f)``, a namesake on no platform) without error, 4 warned.
Round 4 (harder shapes on the widenings' commits, written after rounds 1-3 ran): the fork's raising subclass
reached through a module-level rebinding of ``CudaPlatform``, a parameter annotated ``type[...]`` of it, a fork
mixin ahead of ``NvmlCudaPlatform`` defining the map (#18979); a fork mixin ahead in the order defining the
capability lookup (#47892); the fork's own ``Platform`` and its subclass with a two-parameter
``manual_seed_all`` (#38468): 5 quiet, none warned.
All rounds, main (3b8c8660): 8 caught, 7 warned, 0 missed of 15; 0 false errors of 38 twins (15 warned).  This
branch: the same, 14 warned.  Regression set after the mend: blind_replay_platcuda2 13/5/0 of 18 (0 false of
10), killer_replay 26/26, kind_change_replay 12/12, blind_replay_rope 20 caught, 1 warned of 21,
blind_replay_basiclayers 15/15, blind_replay_modelifaces 15 caught, 1 warned of 16, review72_twins 5/5 (0 false
of 28): as documented there.

  PYTHONPATH=.. python review117_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from blind_replay_platcuda2 import CASES as PLATCUDA2
from killer_replay import Killer

_WIDENED = ("#18979", "#47892", "#41496", "#34760", "#15417", "#38468")
CASES: list[tuple[str, str, Killer]] = [
    c for c in PLATCUDA2 if c[0].startswith(_WIDENED) and not c[1].startswith("twin")
]
TWINS: list[tuple[str, str, Killer]] = []

NVC = "from vllm.platforms.cuda import NvmlCudaPlatform\n\n\n"

# --- 65397e40f5 (#18979): Platform.device_id_to_physical_device_id no longer raises RuntimeError
EV = ("#18979", "65397e40f5", "device_id_to_physical_device_id: the RuntimeError on CUDA_VISIBLE_DEVICES='' removed")
CP = "import contextlib\n\nfrom vllm.platforms.cuda import CudaPlatform\n\n\n"
OWN = (
    "import os\n\n" + NVC + "class AeonSparkEnvPlatform(NvmlCudaPlatform):\n"
    "    @classmethod\n"
    "    def device_id_to_physical_device_id(cls, device_id: int) -> int:\n"
    "        # AEON: the Spark's CPU-only Ray head must never map a GPU\n"
    "        if os.environ.get(cls.device_control_env_var) == '':\n"
    "            raise RuntimeError('no GPU on this placement group')\n"
    "        return super().device_id_to_physical_device_id(device_id)\n\n\n"
)
TWINS += [
    (
        "#18979 raise removed",
        "twin: the fork's own subclass raising it again, the call off it",
        K(
            *EV,
            "vllm/aeon/r117ev1.py",
            OWN + "def aeon_gpu(local_rank: int) -> int | None:\n"
            "    try:\n"
            "        return AeonSparkEnvPlatform.device_id_to_physical_device_id(local_rank)\n"
            "    except RuntimeError:\n"
            "        return None\n",
            "    except RuntimeError:",
        ),
    ),
    (
        "#18979 raise removed",
        "twin: a fork class of its own (no platform) with a namesake raising it",
        K(
            *EV,
            "vllm/aeon/r117ev2.py",
            "import os\n\n\n"
            "class AeonDeviceMap:\n"
            "    @classmethod\n"
            "    def device_id_to_physical_device_id(cls, device_id: int) -> int:\n"
            "        ids = os.environ.get('AEON_GPUS', '')\n"
            "        if not ids:\n"
            "            raise RuntimeError('AEON_GPUS unset')\n"
            "        return int(ids.split(',')[device_id])\n\n\n"
            "def aeon_gpu2(local_rank: int) -> int | None:\n"
            "    try:\n"
            "        return AeonDeviceMap.device_id_to_physical_device_id(local_rank)\n"
            "    except RuntimeError:\n"
            "        return None\n",
            "    except RuntimeError:",
        ),
    ),
    (
        "#18979 raise removed",
        "twin: except (RuntimeError, IndexError) -- the IndexError still raised",
        K(
            *EV,
            "vllm/aeon/r117ev3.py",
            CP + "def aeon_gpu3(local_rank: int) -> int | None:\n"
            "    # AEON: a second local rank on the one-GPU Spark, or a CPU-only head\n"
            "    try:\n"
            "        return CudaPlatform.device_id_to_physical_device_id(local_rank)\n"
            "    except (RuntimeError, IndexError):\n"
            "        return None\n",
            "    except (RuntimeError, IndexError):",
        ),
    ),
    (
        "#18979 raise removed",
        "twin: contextlib.suppress(RuntimeError, IndexError)",
        K(
            *EV,
            "vllm/aeon/r117ev4.py",
            CP + "def aeon_gpu4(local_rank: int) -> str:\n"
            "    with contextlib.suppress(RuntimeError, IndexError):\n"
            "        return f'cuda:{CudaPlatform.device_id_to_physical_device_id(local_rank)}'\n"
            "    return 'cpu'\n",
            "    with contextlib.suppress(RuntimeError, IndexError):",
        ),
    ),
    (
        "#18979 raise removed",
        "twin: the try raises RuntimeError itself",
        K(
            *EV,
            "vllm/aeon/r117ev5.py",
            CP + "def aeon_gpu5(local_rank: int) -> int | None:\n"
            "    try:\n"
            "        gpu = CudaPlatform.device_id_to_physical_device_id(local_rank)\n"
            "        if gpu > 0:\n"
            "            raise RuntimeError('AEON: the Spark has one GPU, NVML index 0')\n"
            "        return gpu\n"
            "    except RuntimeError:\n"
            "        return None\n",
            "    except RuntimeError:",
        ),
    ),
    (
        "#18979 raise removed",
        "twin: an unchanged method off the same subclass",
        K(
            *EV,
            "vllm/aeon/r117ev6.py",
            CP + "def aeon_name(local_rank: int) -> str:\n"
            "    try:\n"
            "        return CudaPlatform.get_device_name(local_rank)\n"
            "    except RuntimeError:\n"
            "        return 'NVIDIA GB10'\n",
            "    except RuntimeError:",
        ),
    ),
]

# --- 68b4a1d582 (#47892): get_device_capability maps through visible_device_id_to_physical_device_id
VD = ("#47892", "68b4a1d582", "NvmlCudaPlatform.get_device_capability no longer calls device_id_to_physical_device_id")
MAP = (
    "    @classmethod\n"
    "    def device_id_to_physical_device_id(cls, device_id: int) -> int:\n"
    "        # AEON: the GB10's one GPU is NVML index 0 whatever the rank\n"
    "        return 0\n"
)
TWINS += [
    (
        "#47892 override no longer reached",
        "twin: the fork's subclass overrides the caller too",
        K(
            *VD,
            "vllm/aeon/r117vd1.py",
            "import pynvml\n\nfrom vllm.platforms.interface import DeviceCapability\n"
            + NVC
            + "class AeonSparkCapPlatform(NvmlCudaPlatform):\n"
            + MAP
            + "\n"
            "    @classmethod\n"
            "    def get_device_capability(cls, device_id: int = 0) -> DeviceCapability | None:\n"
            "        handle = pynvml.nvmlDeviceGetHandleByIndex(cls.device_id_to_physical_device_id(device_id))\n"
            "        major, minor = pynvml.nvmlDeviceGetCudaComputeCapability(handle)\n"
            "        return DeviceCapability(major=major, minor=minor)\n",
            "    def device_id_to_physical_device_id(cls, device_id: int) -> int:",
        ),
    ),
    (
        "#47892 override no longer reached",
        "twin: the new map handed on to the fork's old one",
        K(
            *VD,
            "vllm/aeon/r117vd2.py",
            NVC + "class AeonSparkMapPlatform(NvmlCudaPlatform):\n" + MAP + "\n"
            "    @classmethod\n"
            "    def visible_device_id_to_physical_device_id(cls, device_id: int) -> int:\n"
            "        return cls.device_id_to_physical_device_id(device_id)\n",
            "    def device_id_to_physical_device_id(cls, device_id: int) -> int:",
        ),
    ),
    (
        "#47892 override no longer reached",
        "twin: the override on NonNvmlCudaPlatform (its capability lookup unchanged)",
        K(
            *VD,
            "vllm/aeon/r117vd3.py",
            "from vllm.platforms.cuda import NonNvmlCudaPlatform\n\n\n"
            "class AeonSparkTorchPlatform(NonNvmlCudaPlatform):\n" + MAP,
            "    def device_id_to_physical_device_id(cls, device_id: int) -> int:",
        ),
    ),
    (
        "#47892 override no longer reached",
        "twin: the fork's own class of the names, deriving from nothing",
        K(
            *VD,
            "vllm/aeon/r117vd4.py",
            "class AeonGpuTable:\n"
            "    @classmethod\n"
            "    def get_device_capability(cls, device_id: int = 0) -> tuple[int, int]:\n"
            "        return (12, cls.device_id_to_physical_device_id(device_id))\n\n" + MAP,
            "    def device_id_to_physical_device_id(cls, device_id: int) -> int:",
        ),
    ),
]

# --- 8bf374955f (#41496): CudaPlatformBase given its own is_pin_memory_available
PM = ("#41496", "8bf374955f", "CudaPlatformBase.is_pin_memory_available added (shadows Platform's)")
PIN = "def _aeon_pin(cls) -> bool:\n    # AEON: the GB10 shares one memory pool with the CPU\n    return True\n\n\n"
TWINS += [
    (
        "#41496 base method now overridden",
        "twin: the patch on the base and on the class now overriding it",
        K(
            *PM,
            "vllm/aeon/r117pm1.py",
            "from vllm.platforms.cuda import CudaPlatformBase\nfrom vllm.platforms.interface import Platform\n\n\n"
            + PIN
            + "Platform.is_pin_memory_available = classmethod(_aeon_pin)\n"
            "CudaPlatformBase.is_pin_memory_available = classmethod(_aeon_pin)\n",
            "CudaPlatformBase.is_pin_memory_available = classmethod(_aeon_pin)",
        ),
    ),
    (
        "#41496 base method now overridden",
        "twin: a classmethod patch of a base method no subclass newly overrides",
        K(
            *PM,
            "vllm/aeon/r117pm2.py",
            "from vllm.platforms.interface import Platform\n\n\n"
            "def _aeon_fp8(cls) -> bool:\n    return False\n\n\n"
            "Platform.supports_fp8 = classmethod(_aeon_fp8)\n",
            "Platform.supports_fp8 = classmethod(_aeon_fp8)",
        ),
    ),
    (
        "#41496 base method now overridden",
        "twin: the patch below the new def (NvmlCudaPlatform)",
        K(
            *PM,
            "vllm/aeon/r117pm3.py",
            NVC + PIN + "NvmlCudaPlatform.is_pin_memory_available = classmethod(_aeon_pin)\n",
            "NvmlCudaPlatform.is_pin_memory_available = classmethod(_aeon_pin)",
        ),
    ),
    (
        "#41496 base method now overridden",
        "twin: classmethod(f) with f taking *args, on the overriding class",
        K(
            *PM,
            "vllm/aeon/r117pm4.py",
            "from vllm.platforms.cuda import CudaPlatformBase\n\n\n"
            "def _aeon_pin_any(cls, *args: object) -> bool:\n    return True\n\n\n"
            "CudaPlatformBase.is_pin_memory_available = classmethod(_aeon_pin_any)\n",
            "CudaPlatformBase.is_pin_memory_available = classmethod(_aeon_pin_any)",
        ),
    ),
    (
        "#41496 base method now overridden",
        "twin: a patch of the fork's own class named Platform",
        K(
            *PM,
            "vllm/aeon/r117pm5.py",
            "class Platform:\n"
            "    @classmethod\n"
            "    def is_pin_memory_available(cls) -> bool:\n"
            "        return False\n\n\n"
            "class AeonSpark(Platform):\n    pass\n\n\n"
            + PIN
            + "Platform.is_pin_memory_available = classmethod(_aeon_pin)\n",
            "Platform.is_pin_memory_available = classmethod(_aeon_pin)",
        ),
    ),
]

# --- 792cbd64ca (#34760), 5f063a80bd (#15417), ec68d53b2b (#38468): new hooks called off a late import
CC = ("#34760", "792cbd64ca", "use_custom_op_collectives() now a Platform hook upstream calls")
SV = ("#15417", "5f063a80bd", "supports_v1(model_config) now a Platform hook called by keyword")
MS = ("#38468", "ec68d53b2b", "manual_seed_all(seed) now a Platform hook set_random_seed calls")
TWINS += [
    (
        "#34760 new hook called",
        "twin: a namesake with a defaulted parameter",
        K(
            *CC,
            "vllm/aeon/r117cc1.py",
            NVC + "class AeonCollPlatform1(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def use_custom_op_collectives(cls, world_size: int = 1) -> bool:\n"
            "        return world_size > 1  # AEON: two linked Sparks use the fork's collectives\n",
            "    def use_custom_op_collectives(cls, world_size: int = 1) -> bool:",
        ),
    ),
    (
        "#34760 new hook called",
        "twin: a static namesake without parameters (the call has no arguments)",
        K(
            *CC,
            "vllm/aeon/r117cc2.py",
            NVC + "class AeonCollPlatform2(NvmlCudaPlatform):\n"
            "    @staticmethod\n"
            "    def use_custom_op_collectives() -> bool:\n"
            "        return False\n",
            "    def use_custom_op_collectives() -> bool:",
        ),
    ),
    (
        "#34760 new hook called",
        "twin: a classmethod(lambda) class attribute of the name",
        K(
            *CC,
            "vllm/aeon/r117cc3.py",
            NVC + "class AeonCollPlatform3(NvmlCudaPlatform):\n"
            "    use_custom_op_collectives = classmethod(lambda cls: False)\n",
            "    use_custom_op_collectives = classmethod(lambda cls: False)",
        ),
    ),
    (
        "#15417 new hook called by keyword",
        "twin: a namesake taking the keyword with a default and **kwargs",
        K(
            *SV,
            "vllm/aeon/r117sv1.py",
            NVC + "class AeonV1Platform1(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def supports_v1(cls, model_config=None, **kwargs) -> bool:\n"
            "        return True\n",
            "    def supports_v1(cls, model_config=None, **kwargs) -> bool:",
        ),
    ),
    (
        "#15417 new hook called by keyword",
        "twin: a namesake taking only **kwargs",
        K(
            *SV,
            "vllm/aeon/r117sv2.py",
            NVC + "class AeonV1Platform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def supports_v1(cls, **kwargs) -> bool:\n"
            "        return kwargs.get('model_config') is not None\n",
            "    def supports_v1(cls, **kwargs) -> bool:",
        ),
    ),
    (
        "#38468 new hook called",
        "twin: a namesake with a defaulted second parameter",
        K(
            *MS,
            "vllm/aeon/r117ms1.py",
            "import torch\n\n" + NVC + "class AeonSeedPlatform1(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def manual_seed_all(cls, seed: int, streams: list | None = None) -> None:\n"
            "        for stream in streams or [None]:\n"
            "            with torch.cuda.stream(stream):\n"
            "                torch.cuda.manual_seed(seed)\n",
            "    def manual_seed_all(cls, seed: int, streams: list | None = None) -> None:",
        ),
    ),
    (
        "#38468 new hook called",
        "twin: a namesake taking *seeds",
        K(
            *MS,
            "vllm/aeon/r117ms2.py",
            "import torch\n\n" + NVC + "class AeonSeedPlatform2(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def manual_seed_all(cls, *seeds: int) -> None:\n"
            "        torch.cuda.manual_seed_all(seeds[0] if seeds else 0)\n",
            "    def manual_seed_all(cls, *seeds: int) -> None:",
        ),
    ),
    (
        "#38468 new hook called",
        "twin: a namesake on a fork class that is no platform",
        K(
            *MS,
            "vllm/aeon/r117ms3.py",
            "import torch\n\n\n"
            "class AeonDrafterSeeder:\n"
            "    def manual_seed_all(self, seed: int, streams: list) -> None:\n"
            "        for stream in streams:\n"
            "            with torch.cuda.stream(stream):\n"
            "                torch.cuda.manual_seed(seed)\n",
            "    def manual_seed_all(self, seed: int, streams: list) -> None:",
        ),
    ),
]

# --- b9a7cd464c (#45415): CudaPlatformBase given its own import_kernels (Platform's imported vllm._C)
IK = ("#45415", "b9a7cd464c", "CudaPlatformBase.import_kernels added (shadows Platform's)")
KER = (
    "import contextlib\n\n\n"
    "def _aeon_kernels(cls) -> None:\n"
    "    # AEON: the Spark's sm_121 kernels live in the fork's own extension\n"
    "    with contextlib.suppress(ImportError):\n"
    "        import aeon_kernels  # noqa: F401\n\n\n"
)
CASES += [
    (
        "#45415 base method now overridden",
        "a classmethod patch of the base's import_kernels",
        K(
            *IK,
            "vllm/aeon/r117ik0.py",
            "from vllm.platforms.interface import Platform\n\n\n"
            + KER
            + "Platform.import_kernels = classmethod(_aeon_kernels)\n",
            "Platform.import_kernels = classmethod(_aeon_kernels)",
        ),
    ),
]
TWINS += [
    (
        "#45415 base method now overridden",
        "twin: the patch on CudaPlatformBase (the class now overriding it)",
        K(
            *IK,
            "vllm/aeon/r117ik1.py",
            "from vllm.platforms.cuda import CudaPlatformBase\n\n\n"
            + KER
            + "CudaPlatformBase.import_kernels = classmethod(_aeon_kernels)\n",
            "CudaPlatformBase.import_kernels = classmethod(_aeon_kernels)",
        ),
    ),
    (
        "#45415 base method now overridden",
        "twin: a subclass override handing on to super()",
        K(
            *IK,
            "vllm/aeon/r117ik2.py",
            "import contextlib\n\n" + NVC + "class AeonKernelPlatform(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def import_kernels(cls) -> None:\n"
            "        super().import_kernels()\n"
            "        with contextlib.suppress(ImportError):\n"
            "            import aeon_kernels  # noqa: F401\n",
            "    def import_kernels(cls) -> None:",
        ),
    ),
    (
        "#45415 base method now overridden",
        "twin: a setattr of a staticmethod on CudaPlatformBase",
        K(
            *IK,
            "vllm/aeon/r117ik3.py",
            "from vllm.platforms import cuda\n\n\n"
            "def _aeon_kernels3() -> None:\n    import aeon_kernels  # noqa: F401\n\n\n"
            "setattr(cuda.CudaPlatformBase, 'import_kernels', staticmethod(_aeon_kernels3))\n",
            "setattr(cuda.CudaPlatformBase, 'import_kernels', staticmethod(_aeon_kernels3))",
        ),
    ),
]

# --- 82c73fd510 (#11047): NvmlCudaPlatform given its own has_device_capability
HC = ("#11047", "82c73fd510", "NvmlCudaPlatform.has_device_capability added (shadows Platform's)")
CAP = (
    "def _aeon_cap(cls, capability, device_id: int = 0) -> bool:\n"
    "    # AEON: the GB10 reports sm_121; the fork's kernels want it read as 12.0 for the sm_120 paths\n"
    "    want = capability if isinstance(capability, int) else capability[0] * 10 + capability[1]\n"
    "    return want <= 120\n\n\n"
)
CASES += [
    (
        "#11047 base method now overridden",
        "a classmethod patch of the base's has_device_capability",
        K(
            *HC,
            "vllm/aeon/r117hc0.py",
            "from vllm.platforms.interface import Platform\n\n\n"
            + CAP
            + "Platform.has_device_capability = classmethod(_aeon_cap)\n",
            "Platform.has_device_capability = classmethod(_aeon_cap)",
        ),
    ),
]
TWINS += [
    (
        "#11047 base method now overridden",
        "twin: the patch on NvmlCudaPlatform (the class now overriding it)",
        K(
            *HC,
            "vllm/aeon/r117hc1.py",
            NVC + CAP + "NvmlCudaPlatform.has_device_capability = classmethod(_aeon_cap)\n",
            "NvmlCudaPlatform.has_device_capability = classmethod(_aeon_cap)",
        ),
    ),
    (
        "#11047 base method now overridden",
        "twin: a patch of the base's get_device_capability (overridden below before the merge)",
        K(
            *HC,
            "vllm/aeon/r117hc2.py",
            "from vllm.platforms.interface import DeviceCapability, Platform\n\n\n"
            "def _aeon_dc(cls, device_id: int = 0) -> DeviceCapability:\n"
            "    return DeviceCapability(major=12, minor=1)\n\n\n"
            "Platform.get_device_capability = classmethod(_aeon_dc)\n",
            "Platform.get_device_capability = classmethod(_aeon_dc)",
        ),
    ),
]

# --- 0ce6613b9c (#42313), f8c3af2d85: new hooks DeviceConfig / IrOpPriorityConfig call off a late import
HD = ("#42313", "0ce6613b9c", "uses_host_device_handling() now a Platform hook DeviceConfig calls")
IR = ("f8c3af2d85", "f8c3af2d85", "import_ir_kernels() now a Platform hook set_priority calls")
CASES += [
    (
        "#42313 new hook called",
        "a namesake class attribute (a bool, now called)",
        K(
            *HD,
            "vllm/aeon/r117hd0.py",
            NVC + "class AeonHostPlatform0(NvmlCudaPlatform):\n"
            "    # AEON: the Spark's unified memory: inputs stay on the host\n"
            "    uses_host_device_handling = True\n",
            "    uses_host_device_handling = True",
        ),
    ),
    (
        "f8c3af2d85 new hook called",
        "a namesake method with a required parameter",
        K(
            *IR,
            "vllm/aeon/r117ir0.py",
            "import importlib\n\n" + NVC + "class AeonIrPlatform0(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def import_ir_kernels(cls, modules: list[str]) -> None:\n"
            "        for name in modules:  # AEON: the fork's sm_121 IR kernels\n"
            "            importlib.import_module(name)\n",
            "    def import_ir_kernels(cls, modules: list[str]) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#42313 new hook called",
        "twin: a classmethod override fitting the instance hook",
        K(
            *HD,
            "vllm/aeon/r117hd1.py",
            NVC + "class AeonHostPlatform1(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def uses_host_device_handling(cls) -> bool:\n"
            "        return False\n",
            "    def uses_host_device_handling(cls) -> bool:",
        ),
    ),
    (
        "#42313 new hook called",
        "twin: an override taking *args",
        K(
            *HD,
            "vllm/aeon/r117hd2.py",
            NVC + "class AeonHostPlatform2(NvmlCudaPlatform):\n"
            "    def uses_host_device_handling(self, *args: object) -> bool:\n"
            "        return False\n",
            "    def uses_host_device_handling(self, *args: object) -> bool:",
        ),
    ),
    (
        "f8c3af2d85 new hook called",
        "twin: an override fitting the hook, handing on to super()",
        K(
            *IR,
            "vllm/aeon/r117ir1.py",
            "import importlib\n\n" + NVC + "class AeonIrPlatform1(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def import_ir_kernels(cls) -> None:\n"
            "        super().import_ir_kernels()\n"
            "        importlib.import_module('aeon_ir_kernels')\n",
            "    def import_ir_kernels(cls) -> None:",
        ),
    ),
    (
        "f8c3af2d85 new hook called",
        "twin: a staticmethod(f) class attribute, f taking nothing",
        K(
            *IR,
            "vllm/aeon/r117ir2.py",
            "import importlib\n\n\n"
            "def _aeon_ir() -> None:\n    importlib.import_module('aeon_ir_kernels')\n\n\n"
            "from vllm.platforms.cuda import NvmlCudaPlatform  # noqa: E402\n\n\n"
            "class AeonIrPlatform2(NvmlCudaPlatform):\n"
            "    import_ir_kernels = staticmethod(_aeon_ir)\n",
            "    import_ir_kernels = staticmethod(_aeon_ir)",
        ),
    ),
    (
        "f8c3af2d85 new hook called",
        "twin: a namesake on a fork class that is no platform",
        K(
            *IR,
            "vllm/aeon/r117ir3.py",
            "import importlib\n\n\n"
            "class AeonIrRegistry:\n"
            "    def import_ir_kernels(self, modules: list[str]) -> None:\n"
            "        for name in modules:\n"
            "            importlib.import_module(name)\n",
            "    def import_ir_kernels(self, modules: list[str]) -> None:",
        ),
    ),
]

# --- round 4 (written after rounds 1-3 ran quiet): harder shapes on the same commits
TWINS += [
    (
        "#18979 raise removed",
        "twin: the imported name rebound at module level to the fork's raising subclass",
        K(
            *EV,
            "vllm/aeon/r117ev7.py",
            "import os\n\nfrom vllm.platforms.cuda import CudaPlatform, NvmlCudaPlatform\n\n\n"
            "class AeonSparkEnvPlatform7(NvmlCudaPlatform):\n"
            "    @classmethod\n"
            "    def device_id_to_physical_device_id(cls, device_id: int) -> int:\n"
            "        if os.environ.get(cls.device_control_env_var) == '':\n"
            "            raise RuntimeError('no GPU on this placement group')\n"
            "        return super().device_id_to_physical_device_id(device_id)\n\n\n"
            "CudaPlatform = AeonSparkEnvPlatform7  # AEON: the Spark's platform for everything below\n\n\n"
            "def aeon_gpu7(local_rank: int) -> int | None:\n"
            "    try:\n"
            "        return CudaPlatform.device_id_to_physical_device_id(local_rank)\n"
            "    except RuntimeError:\n"
            "        return None\n",
            "    except RuntimeError:",
        ),
    ),
    (
        "#18979 raise removed",
        "twin: a parameter annotated with the fork's raising subclass",
        K(
            *EV,
            "vllm/aeon/r117ev8.py",
            OWN + "def aeon_gpu8(platform: type[AeonSparkEnvPlatform], local_rank: int) -> int | None:\n"
            "    try:\n"
            "        return platform.device_id_to_physical_device_id(local_rank)\n"
            "    except RuntimeError:\n"
            "        return None\n",
            "    except RuntimeError:",
        ),
    ),
    (
        "#18979 raise removed",
        "twin: a fork mixin ahead of the platform in the order, raising it",
        K(
            *EV,
            "vllm/aeon/r117ev9.py",
            "import os\n\n" + NVC + "class AeonEnvCheck:\n"
            "    @classmethod\n"
            "    def device_id_to_physical_device_id(cls, device_id: int) -> int:\n"
            "        if os.environ.get('CUDA_VISIBLE_DEVICES') == '':\n"
            "            raise RuntimeError('no GPU on this placement group')\n"
            "        return device_id\n\n\n"
            "class AeonSparkMixed(AeonEnvCheck, NvmlCudaPlatform):\n"
            "    pass\n\n\n"
            "def aeon_gpu9(local_rank: int) -> int | None:\n"
            "    try:\n"
            "        return AeonSparkMixed.device_id_to_physical_device_id(local_rank)\n"
            "    except RuntimeError:\n"
            "        return None\n",
            "    except RuntimeError:",
        ),
    ),
    (
        "#47892 override no longer reached",
        "twin: a fork mixin ahead in the order whose capability lookup calls the fork's map",
        K(
            *VD,
            "vllm/aeon/r117vd5.py",
            "from vllm.platforms.interface import DeviceCapability\n" + NVC + "class AeonCapMixin:\n"
            "    @classmethod\n"
            "    def get_device_capability(cls, device_id: int = 0) -> DeviceCapability | None:\n"
            "        return DeviceCapability(major=12, minor=cls.device_id_to_physical_device_id(device_id) + 1)\n\n\n"
            "class AeonSparkCapMixed(AeonCapMixin, NvmlCudaPlatform):\n" + MAP,
            "    def device_id_to_physical_device_id(cls, device_id: int) -> int:",
        ),
    ),
    (
        "#38468 new hook called",
        "twin: the fork's own class named Platform with a two-parameter namesake, and its subclass",
        K(
            *MS,
            "vllm/aeon/r117ms4.py",
            "import torch\n\n\n"
            "class Platform:\n"
            "    @classmethod\n"
            "    def manual_seed_all(cls, seed: int, streams: list) -> None:\n"
            "        for stream in streams:\n"
            "            with torch.cuda.stream(stream):\n"
            "                torch.cuda.manual_seed(seed)\n\n\n"
            "class AeonDrafter(Platform):\n"
            "    @classmethod\n"
            "    def manual_seed_all(cls, seed: int, streams: list[torch.cuda.Stream]) -> None:\n"
            "        super().manual_seed_all(seed + 1, streams)\n",
            "    def manual_seed_all(cls, seed: int, streams: list[torch.cuda.Stream]) -> None:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review117-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
