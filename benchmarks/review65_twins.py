"""Adversarial twins of mend52's guards: fork carries correct after the real change.

DOC

  PYTHONPATH=.. python review65_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- #33679 (7439e4f41b): IpexMxfp4MoEMethod renamed XpuMxfp4MoEMethod
IX = ("#33679", "7439e4f41b", "IpexMxfp4MoEMethod -> XpuMxfp4MoEMethod")
MXM = "from vllm.model_executor.layers.quantization import mxfp4\n\n"
CASES += [
    (
        "#33679 class renamed",
        "the old name read with no probe before it",
        K(
            *IX,
            "vllm/aeon/r65ix0.py",
            MXM + "AEON_XPU_METHOD = mxfp4.IpexMxfp4MoEMethod\n",
            "AEON_XPU_METHOD = mxfp4.IpexMxfp4MoEMethod",
        ),
    ),
    (
        "#33679 class renamed",
        "the old name read after a probe of a name upstream does not define",
        K(
            *IX,
            "vllm/aeon/r65ix1.py",
            MXM + 'AEON_XPU_METHOD = getattr(mxfp4, "AeonXpuMethod", None) or mxfp4.IpexMxfp4MoEMethod\n',
            'AEON_XPU_METHOD = getattr(mxfp4, "AeonXpuMethod", None) or mxfp4.IpexMxfp4MoEMethod',
        ),
    ),
]
TWINS += [
    (
        "#33679 class renamed",
        "twin: the new name probed, the old one read as the or's fallback",
        K(
            *IX,
            "vllm/aeon/r65ix2.py",
            MXM + 'AEON_XPU_METHOD = getattr(mxfp4, "XpuMxfp4MoEMethod", None) or mxfp4.IpexMxfp4MoEMethod\n',
            'AEON_XPU_METHOD = getattr(mxfp4, "XpuMxfp4MoEMethod", None) or mxfp4.IpexMxfp4MoEMethod',
        ),
    ),
    (
        "#33679 class renamed",
        "twin: the or's fallback in a function body",
        K(
            *IX,
            "vllm/aeon/r65ix3.py",
            MXM + "\ndef aeon_xpu_method() -> type:\n"
            '    return getattr(mxfp4, "XpuMxfp4MoEMethod", None) or mxfp4.IpexMxfp4MoEMethod\n',
            '    return getattr(mxfp4, "XpuMxfp4MoEMethod", None) or mxfp4.IpexMxfp4MoEMethod',
        ),
    ),
    (
        "#33679 class renamed",
        "twin: next() over probes of both names",
        K(
            *IX,
            "vllm/aeon/r65ix4.py",
            MXM + "AEON_XPU_METHOD = next(\n"
            '    c for c in (getattr(mxfp4, "XpuMxfp4MoEMethod", None), getattr(mxfp4, "IpexMxfp4MoEMethod", None)) if c\n'
            ")\n",
            '    c for c in (getattr(mxfp4, "XpuMxfp4MoEMethod", None), getattr(mxfp4, "IpexMxfp4MoEMethod", None)) if c',
        ),
    ),
    (
        "#33679 class renamed",
        "twin: a list of probes filtered",
        K(
            *IX,
            "vllm/aeon/r65ix5.py",
            MXM + "\ndef aeon_xpu_methods() -> list[type]:\n"
            '    found = [getattr(mxfp4, "XpuMxfp4MoEMethod", None), getattr(mxfp4, "IpexMxfp4MoEMethod", None)]\n'
            "    return [c for c in found if c is not None]\n",
            '    found = [getattr(mxfp4, "XpuMxfp4MoEMethod", None), getattr(mxfp4, "IpexMxfp4MoEMethod", None)]',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review65-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
