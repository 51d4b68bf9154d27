"""Adversarial twins of the mxoracle landing (killers152) and of symbol drift's joined import-fallback reading.

Each twin replays a real upstream commit under a fork carry shaped like what the new or widened classes
catch, but right after the merge (the merge base is the commit's first parent, upstream the commit):

- symbol drift's import fallback that never runs, the joined reading (merge 7be1daa9): killers152's idle
  one (``try: from m import New`` / ``except ImportError: from m import Old``, #33679 ``IpexMxfp4MoEMethod``
  -> ``XpuMxfp4MoEMethod``) and killers155's dead one (the handler binds only the try's names, #36281
  ``vision.should_torch_compile_mm_vit`` -> ``compilation.decorators.should_torch_compile_mm_encoder``):
  the handler's alias of the old name, a shim line ``New = Old`` in the handler, the old home's import
  under its own name beside the shim, an ``AttributeError`` handler of a module attribute, ``hasattr``'s
  else, a fork namesake class, a ``TYPE_CHECKING`` import;
- name drift's ``or`` of probes (``getattr(m, "New", None) or ...``): the old name read bare or without a
  default after a probe of the new one, the two probes in a generator;
- tuple value drift's unreturned member (#46491 ``select_mxfp4_moe_backend`` raising where it returned
  ``(Mxfp4MoeBackend.NONE, None)``): the comparison after a ``try``/``except NotImplementedError`` that
  rebinds the name or leaves, the fork's own wrapper or namesake selector, a fork object's method of the
  name, a value the fork computes itself, a member still reached through the module's backend list, a
  fork test monkeypatching the selector.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays (two of them are misses the joined reading left: a ``try``
whose import never resolved on either side makes its handler run).

Main's engine (7be1daa9), round 1 (5 cases, 26 twins): 3 caught, 2 missed of 5; 7 false errors of 26.
Missed: the idle reading trusted a ``try`` that yields no gone-name finding, so a ``try`` importing a name
no side has (``XpuMxfp4MoEMethodV2``) quieted its handler, which runs and fails; and it quieted a handler
import of the old name the module subclasses after the ``try`` (unbound where the ``try`` succeeds).
False: symbol drift on the old home's import and on the stand-in ``New = vision.old`` in a handler whose
``try`` resolves (#36281, 2: neither the dead reading, which wants the handler to bind only the try's
names, nor the idle one, which wants the same module, took them); symbol drift on ``mxfp4.Ipex...`` in the
``AttributeError`` handler of a ``try`` reading the new attribute, and after ``getattr(m, "New", None) or``
(2); name drift on the old probe in ``next(c for c in (getattr(m, "New", None), getattr(m, "Old", None))
if c)`` (1); tuple value drift's unreturned member after a ``try`` whose ``except NotImplementedError``
leaves, and in a fork test that monkeypatches the selector (2).
Round 2 (this branch): 5 caught of 5, 0 false errors of 26 (3 warned).  Mended: symbol drift's two readings
joined into one (``fallback_imports.py``): a handler never runs where every import of its ``try`` resolves
on the merged tree to a name or module of the tree (a name no side has makes it run); its imports and
its assignments of the ``try``'s names are quiet, and a name only the handler binds counts unless the
handler alone reads it; the ``try: X = mod.New`` / ``except AttributeError`` spelling too.  Symbol drift:
an ``or`` never reads what follows ``getattr(m, "New", default)`` where ``m.New`` is a def, a class or a
module.  Name drift: the probes as candidates in a tuple, the new one first.  Tuple value drift's
unreturned member: quiet in a file that sets the callee's name itself (a test's monkeypatch), a warning
where a ``try`` around the call catches another error than an import's.
Round 3 (other real commits of the kinds): #44941 (6e311c6e20, ``FusedMoE`` -> ``FusedMoEFactory``
re-exported by its package: a case, the alias fallback, the ``or`` probe, the ``AttributeError`` try) and
#43870 (4bfa0f2b14, ``SecondaryTierManager.get_finished`` -> ``get_finished_jobs`` read off the class: a
case whose ``try`` names a method no side has, the ``AttributeError`` try, the ``or`` probe).
All rounds, main (7be1daa9): 5 caught, 2 missed of 7; 11 false errors of 31 twins (2 warned).
This branch: 7 caught of 7; 0 false errors of 31 (3 warned: the old name in ``hasattr``'s else and in a
``TYPE_CHECKING`` import, as on main; #46491's test kept after a ``try`` that catches the raise).
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins), blind_replay_mxoracle 23/23 (14 quiet),
blind_replay_mmproc 19 caught, 1 missed of 20 (14 quiet), blind_replay_moe 30 caught, 1 warned of 31 (13
quiet): each as on main, 0 false errors; ``symbol_precision.py --windows 1``: 0 false errors (5 broken
overrides, 4 caught).

  PYTHONPATH=.. python review63_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 7439e4f41b (#33679): quantization/mxfp4.py's IpexMxfp4MoEMethod renamed XpuMxfp4MoEMethod (same module)
IX = ("#33679", "7439e4f41b", "IpexMxfp4MoEMethod -> XpuMxfp4MoEMethod")
MXQ = "vllm.model_executor.layers.quantization.mxfp4"
TRY_NEW = f"try:\n    from {MXQ} import XpuMxfp4MoEMethod\nexcept ImportError:\n"
CASES += [
    (
        "#33679 idle fallback",
        "the try imports a name no side has: the handler runs and its old name is gone",
        K(
            *IX,
            "vllm/aeon/r63ix1.py",
            f"try:\n    from {MXQ} import XpuMxfp4MoEMethodV2 as AeonXpuMethod\nexcept ImportError:\n"
            f"    from {MXQ} import IpexMxfp4MoEMethod as AeonXpuMethod\n",
            f"    from {MXQ} import IpexMxfp4MoEMethod as AeonXpuMethod",
        ),
    ),
    (
        "#33679 idle fallback",
        "the handler's old name subclassed after the try (unbound where the try succeeds)",
        K(
            *IX,
            "vllm/aeon/r63ix2.py",
            TRY_NEW + f"    from {MXQ} import IpexMxfp4MoEMethod\n\n\n"
            "class AeonXpuMxfp4(IpexMxfp4MoEMethod):\n"
            "    pass\n",
            f"    from {MXQ} import IpexMxfp4MoEMethod",
        ),
    ),
]
TWINS += [
    (
        "#33679 idle fallback",
        "twin: the handler imports the old name and binds the new one to it (the import line)",
        K(
            *IX,
            "vllm/aeon/r63ix3.py",
            TRY_NEW + f"    from {MXQ} import IpexMxfp4MoEMethod\n\n    XpuMxfp4MoEMethod = IpexMxfp4MoEMethod\n",
            f"    from {MXQ} import IpexMxfp4MoEMethod",
        ),
    ),
    (
        "#33679 idle fallback",
        "twin: the handler imports the old name and binds the new one to it (the shim line)",
        K(
            *IX,
            "vllm/aeon/r63ix4.py",
            TRY_NEW + f"    from {MXQ} import IpexMxfp4MoEMethod\n\n"
            "    XpuMxfp4MoEMethod = IpexMxfp4MoEMethod  # AEON: the name before #33679\n",
            "    XpuMxfp4MoEMethod = IpexMxfp4MoEMethod  # AEON: the name before #33679",
        ),
    ),
    (
        "#33679 idle fallback",
        "twin: the handler aliases the old name to the new one",
        K(
            *IX,
            "vllm/aeon/r63ix5.py",
            TRY_NEW + f"    from {MXQ} import IpexMxfp4MoEMethod as XpuMxfp4MoEMethod\n\n\n"
            "class AeonXpuMxfp4(XpuMxfp4MoEMethod):\n"
            "    pass\n",
            f"    from {MXQ} import IpexMxfp4MoEMethod as XpuMxfp4MoEMethod",
        ),
    ),
    (
        "#33679 idle fallback",
        "twin: a handler of ImportError and AttributeError, the module imported whole in the try too",
        K(
            *IX,
            "vllm/aeon/r63ix6.py",
            "try:\n"
            f"    from {MXQ} import Mxfp4Config, XpuMxfp4MoEMethod\n"
            "except (ImportError, AttributeError):\n"
            f"    from {MXQ} import IpexMxfp4MoEMethod as XpuMxfp4MoEMethod, Mxfp4Config\n",
            f"    from {MXQ} import IpexMxfp4MoEMethod as XpuMxfp4MoEMethod, Mxfp4Config",
        ),
    ),
    (
        "#33679 idle fallback",
        "twin: the module attribute read in a try, the old one in its AttributeError handler",
        K(
            *IX,
            "vllm/aeon/r63ix7.py",
            "from vllm.model_executor.layers.quantization import mxfp4\n\n"
            "try:\n"
            "    AeonXpuMethod = mxfp4.XpuMxfp4MoEMethod\n"
            "except AttributeError:\n"
            "    AeonXpuMethod = mxfp4.IpexMxfp4MoEMethod\n",
            "    AeonXpuMethod = mxfp4.IpexMxfp4MoEMethod",
        ),
    ),
    (
        "#33679 idle fallback",
        "twin: the old name read in hasattr's else",
        K(
            *IX,
            "vllm/aeon/r63ix8.py",
            "from vllm.model_executor.layers.quantization import mxfp4\n\n"
            'if hasattr(mxfp4, "XpuMxfp4MoEMethod"):\n'
            "    AeonXpuMethod = mxfp4.XpuMxfp4MoEMethod\n"
            "else:\n"
            "    AeonXpuMethod = mxfp4.IpexMxfp4MoEMethod\n",
            "    AeonXpuMethod = mxfp4.IpexMxfp4MoEMethod",
        ),
    ),
    (
        "#33679 idle fallback",
        "twin: the fork's own class of the old name, a subclass of the new one",
        K(
            *IX,
            "vllm/aeon/r63ix9.py",
            f"from {MXQ} import XpuMxfp4MoEMethod\n\n\n"
            "class IpexMxfp4MoEMethod(XpuMxfp4MoEMethod):  # AEON: the name our configs still use\n"
            "    pass\n\n\n"
            "def aeon_method(moe):\n"
            "    return IpexMxfp4MoEMethod(moe)\n",
            "    return IpexMxfp4MoEMethod(moe)",
        ),
    ),
    (
        "#33679 idle fallback",
        "twin: the old name imported for the type checker only",
        K(
            *IX,
            "vllm/aeon/r63ix10.py",
            "from typing import TYPE_CHECKING\n\n"
            "if TYPE_CHECKING:\n"
            f"    from {MXQ} import IpexMxfp4MoEMethod\n\n\n"
            'def aeon_is_xpu(method: "IpexMxfp4MoEMethod") -> bool:\n'
            "    return method is not None\n",
            f"    from {MXQ} import IpexMxfp4MoEMethod",
        ),
    ),
    (
        "#33679 or of probes",
        "twin: the new name probed first, the old one read bare",
        K(
            *IX,
            "vllm/aeon/r63ix11.py",
            "from vllm.model_executor.layers.quantization import mxfp4\n\n"
            'AEON_XPU_METHOD = getattr(mxfp4, "XpuMxfp4MoEMethod", None) or mxfp4.IpexMxfp4MoEMethod\n',
            'AEON_XPU_METHOD = getattr(mxfp4, "XpuMxfp4MoEMethod", None) or mxfp4.IpexMxfp4MoEMethod',
        ),
    ),
    (
        "#33679 or of probes",
        "twin: the new name probed first, the old one by getattr without a default",
        K(
            *IX,
            "vllm/aeon/r63ix12.py",
            "from vllm.model_executor.layers.quantization import mxfp4\n\n"
            'AEON_XPU_METHOD = getattr(mxfp4, "XpuMxfp4MoEMethod", None) or getattr(mxfp4, "IpexMxfp4MoEMethod")\n',
            'AEON_XPU_METHOD = getattr(mxfp4, "XpuMxfp4MoEMethod", None) or getattr(mxfp4, "IpexMxfp4MoEMethod")',
        ),
    ),
    (
        "#33679 or of probes",
        "twin: the two probes in a generator, the first found taken",
        K(
            *IX,
            "vllm/aeon/r63ix13.py",
            "from vllm.model_executor.layers.quantization import mxfp4\n\n"
            "AEON_XPU_METHOD = next(\n"
            '    c for c in (getattr(mxfp4, "XpuMxfp4MoEMethod", None), getattr(mxfp4, "IpexMxfp4MoEMethod", None)) if c\n'
            ")\n",
            '    c for c in (getattr(mxfp4, "XpuMxfp4MoEMethod", None), getattr(mxfp4, "IpexMxfp4MoEMethod", None)) if c',
        ),
    ),
]

# --- 3fd03f1ec2 (#36281): models/vision.should_torch_compile_mm_vit -> compilation/decorators.should_torch_compile_mm_encoder
MV = ("#36281", "3fd03f1ec2", "should_torch_compile_mm_vit moved to compilation.decorators and renamed")
DEC = "vllm.compilation.decorators"
VIS = "vllm.model_executor.models.vision"
TRY_ENC = f"try:\n    from {DEC} import should_torch_compile_mm_encoder\nexcept ImportError:\n"
CASES += [
    (
        "#36281 dead fallback",
        "the try imports a name no side has: the handler runs and its old home is gone",
        K(
            *MV,
            "vllm/aeon/r63mv1.py",
            f"try:\n    from {DEC} import should_torch_compile_mm_encoders\nexcept ImportError:\n"
            f"    from {VIS} import should_torch_compile_mm_vit as should_torch_compile_mm_encoders\n",
            f"    from {VIS} import should_torch_compile_mm_vit as should_torch_compile_mm_encoders",
        ),
    ),
]
TWINS += [
    (
        "#36281 dead fallback",
        "twin: the handler aliases the old name from the old home",
        K(
            *MV,
            "vllm/aeon/r63mv2.py",
            TRY_ENC + f"    from {VIS} import should_torch_compile_mm_vit as should_torch_compile_mm_encoder\n",
            f"    from {VIS} import should_torch_compile_mm_vit as should_torch_compile_mm_encoder",
        ),
    ),
    (
        "#36281 dead fallback",
        "twin: the handler imports the old name from the old home, then a shim (the import line)",
        K(
            *MV,
            "vllm/aeon/r63mv3.py",
            TRY_ENC + f"    from {VIS} import should_torch_compile_mm_vit\n\n"
            "    should_torch_compile_mm_encoder = should_torch_compile_mm_vit\n",
            f"    from {VIS} import should_torch_compile_mm_vit",
        ),
    ),
    (
        "#36281 dead fallback",
        "twin: the handler imports the old name from the old home, then a shim (the shim line)",
        K(
            *MV,
            "vllm/aeon/r63mv4.py",
            TRY_ENC + f"    from {VIS} import should_torch_compile_mm_vit\n\n"
            "    should_torch_compile_mm_encoder = should_torch_compile_mm_vit  # AEON: before #36281\n",
            "    should_torch_compile_mm_encoder = should_torch_compile_mm_vit  # AEON: before #36281",
        ),
    ),
    (
        "#36281 dead fallback",
        "twin: the old home imported as a module in the handler, the old function bound to the new name",
        K(
            *MV,
            "vllm/aeon/r63mv5.py",
            TRY_ENC + "    from vllm.model_executor.models import vision as _aeon_vision\n\n"
            "    should_torch_compile_mm_encoder = _aeon_vision.should_torch_compile_mm_vit\n",
            "    should_torch_compile_mm_encoder = _aeon_vision.should_torch_compile_mm_vit",
        ),
    ),
    (
        "#36281 dead fallback",
        "twin: the fallback inside a function, the name used after it",
        K(
            *MV,
            "vllm/aeon/r63mv6.py",
            "def aeon_compile_encoder(vllm_config) -> bool:\n"
            "    try:\n"
            f"        from {DEC} import should_torch_compile_mm_encoder as should\n"
            "    except ImportError:\n"
            f"        from {VIS} import should_torch_compile_mm_vit as should\n"
            "    return should(vllm_config)\n",
            f"        from {VIS} import should_torch_compile_mm_vit as should",
        ),
    ),
]

# --- 33fe71a4d3 (#46491): select_mxfp4_moe_backend raises NotImplementedError where it returned (NONE, None)
NO = ("#46491", "33fe71a4d3", "select_mxfp4_moe_backend: (NONE, None) -> NotImplementedError")
MXO = "vllm.model_executor.layers.fused_moe.oracle.mxfp4"
SEL = f"from {MXO} import Mxfp4MoeBackend, select_mxfp4_moe_backend\n\n\n"
CASES += [
    (
        "#46491 unreturned member",
        "a != test of the NONE member",
        K(
            *NO,
            "vllm/aeon/r63no1.py",
            SEL + "def aeon_native_mxfp4(moe_config) -> bool:\n"
            "    backend, _ = select_mxfp4_moe_backend(moe_config)\n"
            "    return backend != Mxfp4MoeBackend.NONE\n",
            "    return backend != Mxfp4MoeBackend.NONE",
        ),
    ),
    (
        "#46491 unreturned member",
        "the NONE member tested off a module-attribute call",
        K(
            *NO,
            "vllm/aeon/r63no2.py",
            "from vllm.model_executor.layers.fused_moe.oracle import mxfp4 as mxfp4_oracle\n\n\n"
            "def aeon_experts(moe_config):\n"
            "    backend, experts_cls = mxfp4_oracle.select_mxfp4_moe_backend(moe_config)\n"
            "    if backend is mxfp4_oracle.Mxfp4MoeBackend.NONE:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend is mxfp4_oracle.Mxfp4MoeBackend.NONE:",
        ),
    ),
]
TWINS += [
    (
        "#46491 unreturned member",
        "twin: the raise caught and the name rebound to NONE in the handler",
        K(
            *NO,
            "vllm/aeon/r63no3.py",
            SEL + "def aeon_experts(moe_config):\n"
            "    try:\n"
            "        backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    except NotImplementedError:\n"
            "        backend, experts_cls = Mxfp4MoeBackend.NONE, None\n"
            "    if backend == Mxfp4MoeBackend.NONE:  # AEON: dequantize to bf16 at load\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend == Mxfp4MoeBackend.NONE:  # AEON: dequantize to bf16 at load",
        ),
    ),
    (
        "#46491 unreturned member",
        "twin: the raise caught by a handler that leaves, the older NONE test kept after it",
        K(
            *NO,
            "vllm/aeon/r63no4.py",
            SEL + "def aeon_experts(moe_config):\n"
            "    try:\n"
            "        backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    except NotImplementedError:  # AEON: newer upstreams raise where none fits\n"
            "        return None\n"
            "    if backend == Mxfp4MoeBackend.NONE:  # AEON: older upstreams return NONE\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend == Mxfp4MoeBackend.NONE:  # AEON: older upstreams return NONE",
        ),
    ),
    (
        "#46491 unreturned member",
        "twin: the fork's wrapper that turns the raise into NONE, its value compared",
        K(
            *NO,
            "vllm/aeon/r63no5.py",
            SEL + "def aeon_select(moe_config):\n"
            "    try:\n"
            "        return select_mxfp4_moe_backend(moe_config)\n"
            "    except NotImplementedError:\n"
            "        return Mxfp4MoeBackend.NONE, None\n\n\n"
            "def aeon_experts(moe_config):\n"
            "    backend, experts_cls = aeon_select(moe_config)\n"
            "    if backend == Mxfp4MoeBackend.NONE:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend == Mxfp4MoeBackend.NONE:",
        ),
    ),
    (
        "#46491 unreturned member",
        "twin: the fork's own selector of the name",
        K(
            *NO,
            "vllm/aeon/r63no6.py",
            f"from {MXO} import Mxfp4MoeBackend\n\n\n"
            "def select_mxfp4_moe_backend(moe_config):\n"
            "    if getattr(moe_config, 'aeon_dequant', False):\n"
            "        return Mxfp4MoeBackend.NONE, None\n"
            "    return Mxfp4MoeBackend.TRITON, None\n\n\n"
            "def aeon_experts(moe_config):\n"
            "    backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    if backend == Mxfp4MoeBackend.NONE:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend == Mxfp4MoeBackend.NONE:",
        ),
    ),
    (
        "#46491 unreturned member",
        "twin: a fork object's method of the selector's name",
        K(
            *NO,
            "vllm/aeon/r63no7.py",
            f"from {MXO} import Mxfp4MoeBackend\n\n\n"
            "class AeonOracle:\n"
            "    def select_mxfp4_moe_backend(self, moe_config):\n"
            "        return Mxfp4MoeBackend.NONE, None\n\n\n"
            "def aeon_experts(oracle: AeonOracle, moe_config):\n"
            "    backend, experts_cls = oracle.select_mxfp4_moe_backend(moe_config)\n"
            "    if backend == Mxfp4MoeBackend.NONE:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend == Mxfp4MoeBackend.NONE:",
        ),
    ),
    (
        "#46491 unreturned member",
        "twin: a value the fork computes itself, the selector asked only on one side",
        K(
            *NO,
            "vllm/aeon/r63no8.py",
            SEL + "def aeon_experts(moe_config, dequant: bool):\n"
            "    backend, experts_cls = (\n"
            "        (Mxfp4MoeBackend.NONE, None) if dequant else select_mxfp4_moe_backend(moe_config)\n"
            "    )\n"
            "    if backend == Mxfp4MoeBackend.NONE:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend == Mxfp4MoeBackend.NONE:",
        ),
    ),
    (
        "#46491 unreturned member",
        "twin: a member still reached through the module's backend list",
        K(
            *NO,
            "vllm/aeon/r63no9.py",
            SEL + "def aeon_unfused(moe_config) -> bool:\n"
            "    backend, _ = select_mxfp4_moe_backend(moe_config)\n"
            "    return backend == Mxfp4MoeBackend.TRITON_UNFUSED\n",
            "    return backend == Mxfp4MoeBackend.TRITON_UNFUSED",
        ),
    ),
    (
        "#46491 unreturned member",
        "twin: members still returned, tested with in",
        K(
            *NO,
            "vllm/aeon/r63no10.py",
            SEL + "def aeon_on_triton(moe_config) -> bool:\n"
            "    backend, _ = select_mxfp4_moe_backend(moe_config)\n"
            "    return backend in (Mxfp4MoeBackend.TRITON, Mxfp4MoeBackend.XPU)\n",
            "    return backend in (Mxfp4MoeBackend.TRITON, Mxfp4MoeBackend.XPU)",
        ),
    ),
    (
        "#46491 unreturned member",
        "twin: a fork test that monkeypatches the selector to hand back NONE",
        K(
            *NO,
            "tests/aeon/test_r63no11.py",
            f"from vllm.model_executor.layers.fused_moe.oracle import mxfp4 as mxfp4_oracle\n"
            f"from {MXO} import Mxfp4MoeBackend\n\n\n"
            "def test_aeon_dequant_fallback(monkeypatch):\n"
            "    monkeypatch.setattr(\n"
            '        mxfp4_oracle, "select_mxfp4_moe_backend", lambda cfg: (Mxfp4MoeBackend.NONE, None)\n'
            "    )\n"
            "    backend, _ = mxfp4_oracle.select_mxfp4_moe_backend(None)\n"
            "    assert backend == Mxfp4MoeBackend.NONE\n",
            "    assert backend == Mxfp4MoeBackend.NONE",
        ),
    ),
    (
        "#46491 unreturned member",
        "twin: the selector asked under a platform probe, NONE set by the fork elsewhere",
        K(
            *NO,
            "vllm/aeon/r63no12.py",
            SEL + "def aeon_experts(moe_config, native: bool):\n"
            "    backend, experts_cls = Mxfp4MoeBackend.NONE, None\n"
            "    if native:\n"
            "        backend, experts_cls = select_mxfp4_moe_backend(moe_config)\n"
            "    if backend == Mxfp4MoeBackend.NONE:\n"
            "        return None\n"
            "    return experts_cls\n",
            "    if backend == Mxfp4MoeBackend.NONE:",
        ),
    ),
]

# --- round 3: other real commits of the kinds
# 6e311c6e20 (#44941): fused_moe.layer's FusedMoE (a factory def) renamed FusedMoEFactory, re-exported by the package
FM = ("#44941", "6e311c6e20", "FusedMoE -> FusedMoEFactory")
FMP = "vllm.model_executor.layers.fused_moe"
CASES += [
    (
        "#44941 def renamed",
        "the old name imported plainly from the package",
        K(
            *FM,
            "vllm/aeon/r63fm1.py",
            f"from {FMP} import FusedMoE\n\nAEON_MOE = FusedMoE\n",
            f"from {FMP} import FusedMoE",
        ),
    ),
]
TWINS += [
    (
        "#44941 def renamed",
        "twin: the new name tried first from the package, the old one aliased in the handler",
        K(
            *FM,
            "vllm/aeon/r63fm2.py",
            f"try:\n    from {FMP} import FusedMoEFactory as AeonMoE\nexcept ImportError:\n"
            f"    from {FMP} import FusedMoE as AeonMoE\n",
            f"    from {FMP} import FusedMoE as AeonMoE",
        ),
    ),
    (
        "#44941 def renamed",
        "twin: the package's new def probed first in an or, the old one read bare",
        K(
            *FM,
            "vllm/aeon/r63fm3.py",
            "from vllm.model_executor.layers import fused_moe\n\n"
            'AEON_MOE = getattr(fused_moe, "FusedMoEFactory", None) or fused_moe.FusedMoE\n',
            'AEON_MOE = getattr(fused_moe, "FusedMoEFactory", None) or fused_moe.FusedMoE',
        ),
    ),
    (
        "#44941 def renamed",
        "twin: the module attribute read in a try through the package, the old one in the handler",
        K(
            *FM,
            "vllm/aeon/r63fm4.py",
            "from vllm.model_executor.layers import fused_moe\n\n"
            "try:\n    AEON_MOE = fused_moe.FusedMoEFactory\nexcept AttributeError:\n    AEON_MOE = fused_moe.FusedMoE\n",
            "    AEON_MOE = fused_moe.FusedMoE",
        ),
    ),
]

# 4bfa0f2b14 (#43870): SecondaryTierManager.get_finished renamed get_finished_jobs (a method read through its class)
GF = ("#43870", "4bfa0f2b14", "SecondaryTierManager.get_finished -> get_finished_jobs")
TB = "from vllm.v1.kv_offload.tiering import base as tier_base\n\n"
CASES += [
    (
        "#43870 method renamed",
        "the old method read off the class in a try whose new name no side has",
        K(
            *GF,
            "vllm/aeon/r63gf1.py",
            TB + "try:\n    AEON_DRAIN = tier_base.SecondaryTierManager.get_finished_all\n"
            "except AttributeError:\n    AEON_DRAIN = tier_base.SecondaryTierManager.get_finished\n",
            "    AEON_DRAIN = tier_base.SecondaryTierManager.get_finished",
        ),
    ),
]
TWINS += [
    (
        "#43870 method renamed",
        "twin: the new method read off the class in a try, the old one in its AttributeError handler",
        K(
            *GF,
            "vllm/aeon/r63gf2.py",
            TB + "try:\n    AEON_DRAIN = tier_base.SecondaryTierManager.get_finished_jobs\n"
            "except AttributeError:\n    AEON_DRAIN = tier_base.SecondaryTierManager.get_finished\n",
            "    AEON_DRAIN = tier_base.SecondaryTierManager.get_finished",
        ),
    ),
    (
        "#43870 method renamed",
        "twin: the new method probed on the class first in an or",
        K(
            *GF,
            "vllm/aeon/r63gf3.py",
            TB + 'AEON_DRAIN = getattr(tier_base.SecondaryTierManager, "get_finished_jobs", None) or '
            "tier_base.SecondaryTierManager.get_finished\n",
            'AEON_DRAIN = getattr(tier_base.SecondaryTierManager, "get_finished_jobs", None) or '
            "tier_base.SecondaryTierManager.get_finished",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review63-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
