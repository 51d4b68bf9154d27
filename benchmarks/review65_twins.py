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

# --- #48252 (43cd340247): CompletionRequest.vllm_xargs values may be lists now
XA = ("#48252", "43cd340247", "vllm_xargs values str | int | float -> also list[...]")
CMP = "from vllm.entrypoints.openai.completion.protocol import CompletionRequest\n\n\n"
CASES += [
    (
        "#48252 value kind widened",
        "int() of one value read by key",
        K(
            *XA,
            "vllm/aeon/r65xa0.py",
            CMP + "def aeon_top_k(request: CompletionRequest) -> int:\n"
            '    return int((request.vllm_xargs or {}).get("aeon_top_k", 0))\n',
            '    return int((request.vllm_xargs or {}).get("aeon_top_k", 0))',
        ),
    ),
]
TWINS += [
    (
        "#48252 value kind widened",
        "twin: each value told apart by isinstance first",
        K(
            *XA,
            "vllm/aeon/r65xa1.py",
            CMP + "def aeon_numeric_xargs(request: CompletionRequest) -> dict[str, float]:\n"
            "    return {\n"
            "        key: float(value)\n"
            "        for key, value in (request.vllm_xargs or {}).items()\n"
            "        if isinstance(value, int | float)\n"
            "    }\n",
            "        key: float(value)",
        ),
    ),
    (
        "#48252 value kind widened",
        "twin: the conversion in a try catching TypeError",
        K(
            *XA,
            "vllm/aeon/r65xa2.py",
            CMP + "def aeon_top_k(request: CompletionRequest) -> int | None:\n"
            "    try:\n"
            '        return int((request.vllm_xargs or {}).get("aeon_top_k", 0))\n'
            "    except (TypeError, ValueError):\n"
            "        return None\n",
            '        return int((request.vllm_xargs or {}).get("aeon_top_k", 0))',
        ),
    ),
    (
        "#48252 value kind widened",
        "twin: each value made a string",
        K(
            *XA,
            "vllm/aeon/r65xa3.py",
            CMP + "def aeon_xargs_text(request: CompletionRequest) -> dict[str, str]:\n"
            "    return {key: str(value) for key, value in (request.vllm_xargs or {}).items()}\n",
            "    return {key: str(value) for key, value in (request.vllm_xargs or {}).items()}",
        ),
    ),
]

# --- #44253 (91945b6e4a): ModelCudaGraphManager.capture's values CapturedAttentionState -> AttentionStatePair
SP = ("#44253", "91945b6e4a", "ModelCudaGraphManager.capture -> dict[desc, AttentionStatePair]")
MCG = "from vllm.v1.worker.gpu.cudagraph_utils import ModelCudaGraphManager\n\n\n"
CASES += [
    (
        "#44253 returned NamedTuple replaced",
        "a field read off a value of the call's .values()",
        K(
            *SP,
            "vllm/aeon/r65sp0.py",
            MCG + "def aeon_slot_mappings(manager: ModelCudaGraphManager, *args) -> list:\n"
            "    return [state.slot_mappings for state in manager.capture(*args).values()]\n",
            "    return [state.slot_mappings for state in manager.capture(*args).values()]",
        ),
    ),
]
TWINS += [
    (
        "#44253 returned NamedTuple replaced",
        "twin: the captured state's field (the new spelling)",
        K(
            *SP,
            "vllm/aeon/r65sp1.py",
            MCG + "def aeon_capture_metadata(manager: ModelCudaGraphManager, *args) -> dict:\n"
            "    states = manager.capture(*args)\n"
            "    return {desc: state.captured.attn_metadata for desc, state in states.items()}\n",
            "    return {desc: state.captured.attn_metadata for desc, state in states.items()}",
        ),
    ),
    (
        "#44253 returned NamedTuple replaced",
        "twin: the pair unpacked into its own fields",
        K(
            *SP,
            "vllm/aeon/r65sp2.py",
            MCG + "def aeon_captured(manager: ModelCudaGraphManager, desc, *args):\n"
            "    warmup, captured = manager.capture(*args)[desc]\n"
            "    return captured\n",
            "    warmup, captured = manager.capture(*args)[desc]",
        ),
    ),
    (
        "#44253 returned NamedTuple replaced",
        "twin: both releases served under hasattr of the value",
        K(
            *SP,
            "vllm/aeon/r65sp3.py",
            MCG + "def aeon_capture_metadata(manager: ModelCudaGraphManager, *args) -> dict:\n"
            "    out = {}\n"
            "    for desc, state in manager.capture(*args).items():\n"
            '        out[desc] = state.attn_metadata if hasattr(state, "attn_metadata") else state.captured.attn_metadata\n'
            "    return out\n",
            '        out[desc] = state.attn_metadata if hasattr(state, "attn_metadata") else state.captured.attn_metadata',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review65-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
