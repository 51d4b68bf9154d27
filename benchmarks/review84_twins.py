"""Adversarial twins of killers175's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an entry a fork finds by value in one of upstream's module-level lists, which upstream took out
  (``drift/dropped_entries.py``, new; #23071 replaced ``CutlassScaledMMLinearKernel`` in the CPU list of
  ``_POSSIBLE_KERNELS``; #33659 took ``UnquantizedMoeBackend.XPU`` out of ``UNSUPPORTED_BACKEND``; #38169 took
  ``FLASHINFER_CUTEDSL_BATCHED`` out of ``FLASHINFER_NVFP4_MOE_BACKENDS``): the find under
  ``contextlib.suppress(ValueError)``, under a conditional expression or a ``while`` testing the entry, in a
  ``try`` catching a tuple, the fork setting the CPU list itself (``L[KEY] = [...]``), putting the entry back
  with ``+=``, putting it back in its own edit of upstream's module, a function's parameter of the alias's
  name (the fork's own list handed in), the fork's own list of the name, a kept entry;
- a closed object handed to a def that now reads a name upstream's objects held already
  (``drift/handed_needs.py``; #18042 ``check_moe_marlin_supports_layer`` reads ``apply_router_weight_on_input``
  and ``activation``; #41184 reads ``layer.moe_config``; #33506 ``prepare_fp8_moe_layer_for_fi`` reads
  ``layer.activation``; #35077 ``get_and_maybe_dequant_weights`` unwraps ``layer.base_layer`` under ``hasattr``):
  an ``argparse.Namespace`` built with the new names, a namespace spread from a mapping plus the new names,
  one filled by ``vars(probe).update``, a dataclass of the file with the fields, a plain class with a property
  and a class attribute of the names, a ``SimpleNamespace`` subclass, a staticmethod of a plain class handing
  its first parameter (a real layer, not the class's ``self``), a mixin with no base handing ``self`` (its
  objects are a subclass mixing in ``FusedMoE``), a class a decorator of the file gives the names, a class
  the module gives the names after its body, the fork's own namesake check, a ``moe_config`` namespace
  (#41184's new spelling), a plain class handed to a def whose new read is under ``hasattr``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's two
catches of these widenings (quantkern's cp1 and ma1), kept to show the reach stays, a plain class of the file
handing ``self`` to #18042's check, #41184's read of ``moe_config`` off a probe built with #18042's names, and
the removes of #33659's and #38169's dropped entries.

Round 1 (main at 56a24b9a), 6 cases and 29 twins as first written: 6 caught of 6 (#38169's by symbol drift on
the removed enum member, on the same line); 12 false errors of 29.  Dropped entries, 5: a remove under
``contextlib.suppress(ValueError)`` (2: r84cp1, r84ub2; only a ``try`` was read as a guard), the fork setting
the CPU list itself before finding Cutlass in it (r84cp2), the fork's edit of upstream's module appending
Cutlass back at its top level (r84cp4: only the merged module's display was read), and a function's
parameter sharing the name of a module-level alias (r84cp5: the alias was bound once, parameters uncounted).
Handed needs' closed objects, 7: a staticmethod of a plain class handing its first parameter, a real layer
(3: r84ma7, r84mc2, r84fi1; the first parameter was taken for ``self``), a mixin with no base and no state
handing ``self`` (2: r84ma8, whose subclass in the file mixes in ``FusedMoE``, and r84fi2), a class a
decorator of the file gives the names (r84ma9), and a class the module gives the names after its body
(r84ma10).  All twelve are correct code after the merge: none moved or dropped.
Round 2 (this branch): ``dropped_entries`` reads ``with suppress(ValueError)`` (or any exception) as a guard,
drops a list the file stores itself (``NAME[KEY] = ...``, ``mod.NAME = ...``, ``NAME[KEY] += ...``), keeps an
entry a top-level ``NAME.append(E)``/``NAME[KEY].insert(k, E)``/``.extend([E])`` of the merged module puts
back, and leaves a find off a parameter of a function or lambda around it alone; ``handed_needs`` hands no
object from a static method's first parameter, counts names the file stores on the class itself
(``Cls.NAME = ...``), and calls a class closed only when it also holds state of its own (an ``__init__``, a
class-level binding), carries no decorator but ``dataclass``/``final``/``total_ordering``, and no class of the
file mixes it into an outside base.  6 caught of 6; 0 false errors of 29.
Round 3 (written after the mends, to keep the reach): the fork storing the CUDA list then finding Cutlass in
the CPU one, a frozen dataclass probe without the names, a staticmethod handing a namespace probe it builds:
3 caught of 3 on main (56a24b9a) and on this branch.
All rounds, main (56a24b9a): 9 caught of 9; 12 false errors of 29 twins.  This branch: 9 caught of 9; 0 false
errors of 29 twins.
Regression set at the mends' head, each as recorded: blind_replay_quantkern 13 caught, 0 warned, 4 missed of 17
(9 quiet), killer_replay 26/26, kind_change_replay 12/12 (5 quiet), blind_replay_fp8meth 21 caught, 1 warned of
22 (10 quiet), review30_twins 0 false of 16 (3 cases warned, 1 twin warned), review31_twins 5 caught, 1 warned of
6, 0 false of 41 (1 warned), review77_twins 7 caught, 2 warned of 9, 0 false of 39 (4 warned).

  PYTHONPATH=.. python review84_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 7be5d113d8 (#23071): _POSSIBLE_KERNELS[PlatformEnum.CPU] = [CPUScaledMMLinearKernel] (Cutlass taken out)
CP = ("#23071", "7be5d113d8", "the CPU list's CutlassScaledMMLinearKernel replaced")
SMI = "vllm/model_executor/layers/quantization/kernels/scaled_mm/__init__.py"
SM = (
    "from vllm.model_executor.layers.quantization.kernels.scaled_mm import _POSSIBLE_KERNELS\n"
    "from vllm.model_executor.layers.quantization.kernels.scaled_mm.cutlass import CutlassScaledMMLinearKernel\n"
    "from vllm.platforms import PlatformEnum\n\n\n"
)
GRACE = "class AeonGraceKernel(CutlassScaledMMLinearKernel):\n    pass  # AEON: the Grace host's int8 path\n\n\n"
CASES += [
    (
        "#23071 dropped entry",
        "an index of the old entry (quantkern cp1)",
        K(
            *CP,
            "vllm/aeon/r84cp0.py",
            SM + GRACE + "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceKernel)\n",
            "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceKernel)",
        ),
    ),
]
TWINS += [
    (
        "#23071 dropped entry",
        "twin: the remove under contextlib.suppress(ValueError)",
        K(
            *CP,
            "vllm/aeon/r84cp1.py",
            "import contextlib\n\n" + SM + GRACE + "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "with contextlib.suppress(ValueError):  # AEON: newer upstreams dropped Cutlass on CPU already\n"
            "    _cpu.remove(CutlassScaledMMLinearKernel)\n"
            "_cpu.insert(0, AeonGraceKernel)\n",
            "    _cpu.remove(CutlassScaledMMLinearKernel)",
        ),
    ),
    (
        "#23071 dropped entry",
        "twin: the fork sets the CPU list itself, then finds Cutlass in it",
        K(
            *CP,
            "vllm/aeon/r84cp2.py",
            SM + GRACE + "# AEON: the Grace host tries the fork's kernel, then Cutlass\n"
            "_POSSIBLE_KERNELS[PlatformEnum.CPU] = [AeonGraceKernel, CutlassScaledMMLinearKernel]\n\n\n"
            "def aeon_cutlass_rank() -> int:\n"
            "    return _POSSIBLE_KERNELS[PlatformEnum.CPU].index(CutlassScaledMMLinearKernel)\n",
            "    return _POSSIBLE_KERNELS[PlatformEnum.CPU].index(CutlassScaledMMLinearKernel)",
        ),
    ),
    (
        "#23071 dropped entry",
        "twin: the entry put back with +=, then found",
        K(
            *CP,
            "vllm/aeon/r84cp3.py",
            SM + GRACE + "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "_cpu += [CutlassScaledMMLinearKernel]  # AEON: Cutlass stays the CPU fallback on the Grace host\n"
            "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceKernel)\n",
            "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceKernel)",
        ),
    ),
    (
        "#23071 dropped entry",
        "twin: the fork's edit of upstream's module appends the entry back",
        Killer(
            *CP,
            (
                Edit(
                    SMI,
                    "# AEON: the Grace host keeps Cutlass as its CPU fallback\n"
                    "_POSSIBLE_KERNELS[PlatformEnum.CPU].append(CutlassScaledMMLinearKernel)\n\n\n",
                    anchor="def choose_scaled_mm_linear_kernel(",
                ),
                Edit(
                    "vllm/aeon/r84cp4.py",
                    SM + GRACE + "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
                    "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceKernel)\n",
                ),
            ),
            (("vllm/aeon/r84cp4.py", "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceKernel)"),),
        ),
    ),
    (
        "#23071 dropped entry",
        "twin: a function's parameter of the alias's name (the fork's own tiers handed in)",
        K(
            *CP,
            "vllm/aeon/r84cp5.py",
            SM + GRACE + "kernels = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "kernels.insert(0, AeonGraceKernel)\n"
            "_AEON_TIERS = [AeonGraceKernel, CutlassScaledMMLinearKernel]\n\n\n"
            "def aeon_cutlass_tier(kernels: list[type] = _AEON_TIERS) -> int:\n"
            "    return kernels.index(CutlassScaledMMLinearKernel)\n",
            "    return kernels.index(CutlassScaledMMLinearKernel)",
        ),
    ),
    (
        "#23071 dropped entry",
        "twin: the index under a conditional expression testing the entry",
        K(
            *CP,
            "vllm/aeon/r84cp6.py",
            SM + GRACE + "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "_at = _cpu.index(CutlassScaledMMLinearKernel) if CutlassScaledMMLinearKernel in _cpu else 0\n"
            "_cpu.insert(_at, AeonGraceKernel)\n",
            "_at = _cpu.index(CutlassScaledMMLinearKernel) if CutlassScaledMMLinearKernel in _cpu else 0",
        ),
    ),
    (
        "#23071 dropped entry",
        "twin: a while testing the entry around the remove",
        K(
            *CP,
            "vllm/aeon/r84cp7.py",
            SM + GRACE + "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "while CutlassScaledMMLinearKernel in _cpu:\n"
            "    _cpu.remove(CutlassScaledMMLinearKernel)\n"
            "_cpu.insert(0, AeonGraceKernel)\n",
            "    _cpu.remove(CutlassScaledMMLinearKernel)",
        ),
    ),
    (
        "#23071 dropped entry",
        "twin: the index in a try catching (ValueError, IndexError)",
        K(
            *CP,
            "vllm/aeon/r84cp8.py",
            SM + GRACE + "def aeon_register() -> None:\n"
            "    cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "    try:\n"
            "        at = cpu.index(CutlassScaledMMLinearKernel)\n"
            "    except (ValueError, IndexError):\n"
            "        at = 0\n"
            "    cpu.insert(at, AeonGraceKernel)\n",
            "        at = cpu.index(CutlassScaledMMLinearKernel)",
        ),
    ),
]

# --- f79f777803 (#33659): UnquantizedMoeBackend.XPU taken out of UNSUPPORTED_BACKEND
UB = ("#33659", "f79f777803", "UNSUPPORTED_BACKEND loses UnquantizedMoeBackend.XPU")
UQ = "from vllm.model_executor.layers.fused_moe.oracle.unquantized import UNSUPPORTED_BACKEND, UnquantizedMoeBackend\n\n\n"
CASES += [
    (
        "#33659 dropped entry",
        "the fork's own XPU enablement removes it",
        K(
            *UB,
            "vllm/aeon/r84ub0.py",
            UQ + "# AEON: the fork's XPU experts serve unquantized MoE\n"
            "UNSUPPORTED_BACKEND.remove(UnquantizedMoeBackend.XPU)\n",
            "UNSUPPORTED_BACKEND.remove(UnquantizedMoeBackend.XPU)",
        ),
    ),
]
TWINS += [
    (
        "#33659 dropped entry",
        "twin: the remove under a membership test",
        K(
            *UB,
            "vllm/aeon/r84ub1.py",
            UQ + "if UnquantizedMoeBackend.XPU in UNSUPPORTED_BACKEND:  # AEON: upstream supports XPU from #33659\n"
            "    UNSUPPORTED_BACKEND.remove(UnquantizedMoeBackend.XPU)\n",
            "    UNSUPPORTED_BACKEND.remove(UnquantizedMoeBackend.XPU)",
        ),
    ),
    (
        "#33659 dropped entry",
        "twin: the remove under contextlib.suppress(ValueError)",
        K(
            *UB,
            "vllm/aeon/r84ub2.py",
            "from contextlib import suppress\n\n" + UQ + "with suppress(ValueError):\n"
            "    UNSUPPORTED_BACKEND.remove(UnquantizedMoeBackend.XPU)\n",
            "    UNSUPPORTED_BACKEND.remove(UnquantizedMoeBackend.XPU)",
        ),
    ),
    (
        "#33659 dropped entry",
        "twin: a kept entry found",
        K(
            *UB,
            "vllm/aeon/r84ub3.py",
            UQ + "def aeon_tpu_rank() -> int:\n    return UNSUPPORTED_BACKEND.index(UnquantizedMoeBackend.TPU)\n",
            "    return UNSUPPORTED_BACKEND.index(UnquantizedMoeBackend.TPU)",
        ),
    ),
    (
        "#33659 dropped entry",
        "twin: the fork's own list of the name",
        K(
            *UB,
            "vllm/aeon/r84ub4.py",
            "from vllm.model_executor.layers.fused_moe.oracle.unquantized import UnquantizedMoeBackend\n\n"
            "UNSUPPORTED_BACKEND = [UnquantizedMoeBackend.CPU, UnquantizedMoeBackend.XPU]  # AEON: the fork's\n"
            "UNSUPPORTED_BACKEND.remove(UnquantizedMoeBackend.XPU)\n",
            "UNSUPPORTED_BACKEND.remove(UnquantizedMoeBackend.XPU)",
        ),
    ),
]

# --- be1a85b7a2 (#38169): FLASHINFER_CUTEDSL_BATCHED taken out of FLASHINFER_NVFP4_MOE_BACKENDS (a revert)
NB = ("#38169", "be1a85b7a2", "FLASHINFER_NVFP4_MOE_BACKENDS loses FLASHINFER_CUTEDSL_BATCHED")
NV = "from vllm.model_executor.layers.fused_moe.oracle import nvfp4\n\n\n"
CASES += [
    (
        "#38169 dropped entry",
        "the batched backend removed off the module",
        K(
            *NB,
            "vllm/aeon/r84nb0.py",
            NV + "# AEON: the Spark's batched CuteDSL path is not ready\n"
            "nvfp4.FLASHINFER_NVFP4_MOE_BACKENDS.remove(nvfp4.NvFp4MoeBackend.FLASHINFER_CUTEDSL_BATCHED)\n",
            "nvfp4.FLASHINFER_NVFP4_MOE_BACKENDS.remove(nvfp4.NvFp4MoeBackend.FLASHINFER_CUTEDSL_BATCHED)",
        ),
    ),
]
TWINS += [
    (
        "#38169 dropped entry",
        "twin: the kept CuteDSL backend removed off the module",
        K(
            *NB,
            "vllm/aeon/r84nb1.py",
            NV + "# AEON: the Spark skips CuteDSL\n"
            "nvfp4.FLASHINFER_NVFP4_MOE_BACKENDS.remove(nvfp4.NvFp4MoeBackend.FLASHINFER_CUTEDSL)\n",
            "nvfp4.FLASHINFER_NVFP4_MOE_BACKENDS.remove(nvfp4.NvFp4MoeBackend.FLASHINFER_CUTEDSL)",
        ),
    ),
]

# --- ea6ae8cb45 (#18042): check_moe_marlin_supports_layer reads layer.apply_router_weight_on_input, .activation
MA = ("#18042", "ea6ae8cb45", "check_moe_marlin_supports_layer reads two names its layer already held")
CM = "from vllm.model_executor.layers.quantization.utils.marlin_utils import check_moe_marlin_supports_layer\n"
NS = "from types import SimpleNamespace\n\n" + CM + "\n\n"
CASES += [
    (
        "#18042 closed object",
        "a namespace probe without them (quantkern ma1)",
        K(
            *MA,
            "vllm/aeon/r84ma0.py",
            NS + "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    probe = SimpleNamespace(hidden_size=hidden_size, intermediate_size_per_partition=inter)\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "    return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "a plain class of the file handing self",
        K(
            *MA,
            "vllm/aeon/r84mac.py",
            CM + "\n\nclass AeonMoeShape:\n"
            "    # AEON: the Spark's MoE oracle asks Marlin with the shape alone\n"
            "    def __init__(self, hidden_size: int, inter: int) -> None:\n"
            "        self.hidden_size = hidden_size\n"
            "        self.intermediate_size_per_partition = inter\n\n"
            "    def marlin_ok(self, group_size: int) -> bool:\n"
            "        return check_moe_marlin_supports_layer(self, group_size)\n",
            "        return check_moe_marlin_supports_layer(self, group_size)",
        ),
    ),
]
TWINS += [
    (
        "#18042 closed object",
        "twin: an argparse.Namespace built with the new names",
        K(
            *MA,
            "vllm/aeon/r84ma1.py",
            "import argparse\n\n" + CM + "\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    probe = argparse.Namespace(\n"
            "        hidden_size=hidden_size,\n"
            "        intermediate_size_per_partition=inter,\n"
            "        apply_router_weight_on_input=False,\n"
            "        activation='silu',\n"
            "    )\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "    return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: a namespace spread from the shape plus the new names",
        K(
            *MA,
            "vllm/aeon/r84ma2.py",
            NS + "def aeon_moe_marlin_ok(shape: dict, group_size: int) -> bool:\n"
            "    probe = SimpleNamespace(**shape, apply_router_weight_on_input=False, activation='silu')\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "    return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: a namespace filled by vars(probe).update",
        K(
            *MA,
            "vllm/aeon/r84ma3.py",
            NS + "_AEON_MOE_DEFAULTS = {'apply_router_weight_on_input': False, 'activation': 'silu'}\n\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    probe = SimpleNamespace(hidden_size=hidden_size, intermediate_size_per_partition=inter)\n"
            "    vars(probe).update(_AEON_MOE_DEFAULTS)\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "    return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: a dataclass of the file with the fields",
        K(
            *MA,
            "vllm/aeon/r84ma4.py",
            "import dataclasses\n\n" + CM + "\n\n@dataclasses.dataclass(frozen=True)\n"
            "class AeonMoeProbe:\n"
            "    hidden_size: int\n"
            "    intermediate_size_per_partition: int\n"
            "    apply_router_weight_on_input: bool = False\n"
            "    activation: str = 'silu'\n\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    probe = AeonMoeProbe(hidden_size, inter)\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "    return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: a plain class with a property and a class attribute of the names",
        K(
            *MA,
            "vllm/aeon/r84ma5.py",
            CM + "\n\nclass AeonMoeShape:\n"
            "    apply_router_weight_on_input = False\n\n"
            "    def __init__(self, hidden_size: int, inter: int) -> None:\n"
            "        self.hidden_size = hidden_size\n"
            "        self.intermediate_size_per_partition = inter\n\n"
            "    @property\n"
            "    def activation(self) -> str:\n"
            "        return 'silu'\n\n"
            "    def marlin_ok(self, group_size: int) -> bool:\n"
            "        return check_moe_marlin_supports_layer(self, group_size)\n",
            "        return check_moe_marlin_supports_layer(self, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: a SimpleNamespace subclass built with the names",
        K(
            *MA,
            "vllm/aeon/r84ma6.py",
            NS + "class AeonProbe(SimpleNamespace):\n"
            "    def marlin_ok(self, group_size: int) -> bool:\n"
            "        return check_moe_marlin_supports_layer(self, group_size)\n\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    return AeonProbe(hidden_size=hidden_size, intermediate_size_per_partition=inter,"
            " apply_router_weight_on_input=False, activation='silu').marlin_ok(group_size)\n",
            "        return check_moe_marlin_supports_layer(self, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: a staticmethod of a plain class handing its first parameter (a real layer)",
        K(
            *MA,
            "vllm/aeon/r84ma7.py",
            "import torch\n\n" + CM + "\n\nclass AeonMoeOracle:\n"
            "    # AEON: the Spark's backend choices, one place\n"
            "    @staticmethod\n"
            "    def marlin_ok(layer: torch.nn.Module, group_size: int) -> bool:\n"
            "        return check_moe_marlin_supports_layer(layer, group_size)\n",
            "        return check_moe_marlin_supports_layer(layer, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: a mixin with no base handing self (its objects mix in FusedMoE)",
        K(
            *MA,
            "vllm/aeon/r84ma8.py",
            "from vllm.model_executor.layers.fused_moe import FusedMoE\n" + CM + "\n\n"
            "class AeonMarlinMixin:\n"
            "    # AEON: the Spark's MoE layers ask Marlin themselves\n"
            "    def marlin_ok(self, group_size: int) -> bool:\n"
            "        return check_moe_marlin_supports_layer(self, group_size)\n\n\n"
            "class AeonSparkMoE(AeonMarlinMixin, FusedMoE):\n"
            "    pass\n",
            "        return check_moe_marlin_supports_layer(self, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: a class a decorator of the file gives the names",
        K(
            *MA,
            "vllm/aeon/r84ma9.py",
            CM + "\n\ndef _aeon_moe_defaults(cls: type) -> type:\n"
            "    for name, value in (('apply_router_weight_on_input', False), ('activation', 'silu')):\n"
            "        setattr(cls, name, value)\n"
            "    return cls\n\n\n"
            "@_aeon_moe_defaults\n"
            "class AeonMoeShape:\n"
            "    def __init__(self, hidden_size: int, inter: int) -> None:\n"
            "        self.hidden_size = hidden_size\n"
            "        self.intermediate_size_per_partition = inter\n\n"
            "    def marlin_ok(self, group_size: int) -> bool:\n"
            "        return check_moe_marlin_supports_layer(self, group_size)\n",
            "        return check_moe_marlin_supports_layer(self, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: a class the module gives the names after its body",
        K(
            *MA,
            "vllm/aeon/r84ma10.py",
            CM + "\n\nclass AeonMoeShape:\n"
            "    def __init__(self, hidden_size: int, inter: int) -> None:\n"
            "        self.hidden_size = hidden_size\n"
            "        self.intermediate_size_per_partition = inter\n\n"
            "    def marlin_ok(self, group_size: int) -> bool:\n"
            "        return check_moe_marlin_supports_layer(self, group_size)\n\n\n"
            "# AEON: #18042 reads these off the layer; the Spark's shapes never route on input\n"
            "AeonMoeShape.apply_router_weight_on_input = False\n"
            "AeonMoeShape.activation = 'silu'\n",
            "        return check_moe_marlin_supports_layer(self, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "twin: the fork's own namesake check",
        K(
            *MA,
            "vllm/aeon/r84ma11.py",
            "from types import SimpleNamespace\n\n\n"
            "def check_moe_marlin_supports_layer(layer, group_size: int) -> bool:\n"
            "    # AEON: the Spark's shape-only check\n"
            "    return layer.hidden_size % 128 == 0 and group_size in (-1, 32, 64, 128)\n\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, group_size: int) -> bool:\n"
            "    probe = SimpleNamespace(hidden_size=hidden_size)\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "    return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
]

# --- dc68bd8c41 (#41184): check_moe_marlin_supports_layer reads layer.moe_config.intermediate_size_per_partition_unpadded
MC = ("#41184", "dc68bd8c41", "check_moe_marlin_supports_layer reads layer.moe_config")
CASES += [
    (
        "#41184 closed object",
        "a probe with #18042's names, no moe_config",
        K(
            *MC,
            "vllm/aeon/r84mc0.py",
            NS + "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    probe = SimpleNamespace(\n"
            "        hidden_size=hidden_size,\n"
            "        intermediate_size_per_partition=inter,\n"
            "        apply_router_weight_on_input=False,\n"
            "        activation='silu',\n"
            "    )\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "    return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
]
TWINS += [
    (
        "#41184 closed object",
        "twin: a probe with a moe_config namespace (the new spelling)",
        K(
            *MC,
            "vllm/aeon/r84mc1.py",
            NS + "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    config = SimpleNamespace(intermediate_size_per_partition_unpadded=inter)\n"
            "    probe = SimpleNamespace(\n"
            "        hidden_size=hidden_size,\n"
            "        intermediate_size_per_partition=inter,\n"
            "        moe_config=config,\n"
            "        apply_router_weight_on_input=False,\n"
            "    )\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "    return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
    (
        "#41184 closed object",
        "twin: a staticmethod handing its layer parameter",
        K(
            *MC,
            "vllm/aeon/r84mc2.py",
            CM + "\n\nclass AeonMoeOracle:\n"
            "    @staticmethod\n"
            "    def marlin_ok(layer, group_size: int) -> bool:\n"
            "        return check_moe_marlin_supports_layer(layer, group_size)\n",
            "        return check_moe_marlin_supports_layer(layer, group_size)",
        ),
    ),
]

# --- f120bd42d3 (#33506): prepare_fp8_moe_layer_for_fi reads layer.activation
FI = ("#33506", "f120bd42d3", "prepare_fp8_moe_layer_for_fi reads layer.activation")
PF = "from vllm.model_executor.layers.quantization.utils.flashinfer_utils import prepare_fp8_moe_layer_for_fi\n"
TWINS += [
    (
        "#33506 closed object",
        "twin: a staticmethod of a plain class handing the real layer",
        K(
            *FI,
            "vllm/aeon/r84fi1.py",
            PF + "\n\nclass AeonFiPrep:\n"
            "    # AEON: the Spark repacks FP8 experts for FlashInfer in one place\n"
            "    @staticmethod\n"
            "    def prepare(layer, w13, w2, w13_scale, w2_scale):\n"
            "        return prepare_fp8_moe_layer_for_fi(layer, w13, w2, w13_scale, None, w2_scale, None)\n",
            "        return prepare_fp8_moe_layer_for_fi(layer, w13, w2, w13_scale, None, w2_scale, None)",
        ),
    ),
    (
        "#33506 closed object",
        "twin: a mixin with no base handing self",
        K(
            *FI,
            "vllm/aeon/r84fi2.py",
            PF + "\n\nclass AeonFiMixin:\n"
            "    # AEON: mixed into the Spark's FusedMoE subclasses\n"
            "    def aeon_prepare(self, w13, w2, w13_scale, w2_scale):\n"
            "        return prepare_fp8_moe_layer_for_fi(self, w13, w2, w13_scale, None, w2_scale, None)\n",
            "        return prepare_fp8_moe_layer_for_fi(self, w13, w2, w13_scale, None, w2_scale, None)",
        ),
    ),
]

# --- a250f1bd5f (#35077): get_and_maybe_dequant_weights unwraps layer.base_layer under hasattr
DQ = ("#35077", "a250f1bd5f", "get_and_maybe_dequant_weights unwraps base_layer")
TWINS += [
    (
        "#35077 closed object",
        "twin: a plain class handed to a def whose new read is under hasattr",
        K(
            *DQ,
            "vllm/aeon/r84dq1.py",
            "import torch\n\nfrom vllm.model_executor.layers.quantization.utils.quant_utils import "
            "get_and_maybe_dequant_weights\n\n\n"
            "class AeonPlainLinear:\n"
            "    # AEON: a bare weight holder the Spark's absorb path dequantizes\n"
            "    quant_method = None\n\n"
            "    def __init__(self, weight: torch.Tensor) -> None:\n"
            "        self.weight = weight\n\n"
            "    def dense(self) -> torch.Tensor:\n"
            "        return get_and_maybe_dequant_weights(self)\n",
            "        return get_and_maybe_dequant_weights(self)",
        ),
    ),
]


# --- round 3, written after the mends: the reach they must keep
CASES += [
    (
        "#23071 dropped entry",
        "the fork stores the CUDA list, then finds Cutlass in the CPU one",
        K(
            *CP,
            "vllm/aeon/r84cp9.py",
            SM + GRACE + "_POSSIBLE_KERNELS[PlatformEnum.CUDA] = [AeonGraceKernel, CutlassScaledMMLinearKernel]\n"
            "_cpu = _POSSIBLE_KERNELS[PlatformEnum.CPU]\n"
            "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceKernel)\n",
            "_cpu.insert(_cpu.index(CutlassScaledMMLinearKernel), AeonGraceKernel)",
        ),
    ),
    (
        "#18042 closed object",
        "a dataclass probe without them",
        K(
            *MA,
            "vllm/aeon/r84ma12.py",
            "import dataclasses\n\n" + CM + "\n\n@dataclasses.dataclass(frozen=True)\n"
            "class AeonMoeProbe:\n"
            "    hidden_size: int\n"
            "    intermediate_size_per_partition: int\n\n\n"
            "def aeon_moe_marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "    probe = AeonMoeProbe(hidden_size, inter)\n"
            "    return check_moe_marlin_supports_layer(probe, group_size)\n",
            "    return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
    (
        "#18042 closed object",
        "a staticmethod handing a namespace probe it builds",
        K(
            *MA,
            "vllm/aeon/r84ma13.py",
            NS + "class AeonMoeOracle:\n"
            "    @staticmethod\n"
            "    def marlin_ok(hidden_size: int, inter: int, group_size: int) -> bool:\n"
            "        probe = SimpleNamespace(hidden_size=hidden_size, intermediate_size_per_partition=inter)\n"
            "        return check_moe_marlin_supports_layer(probe, group_size)\n",
            "        return check_moe_marlin_supports_layer(probe, group_size)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review84-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
