"""Adversarial twins of mend52's guards: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry the engine read as broken, but that is right after
the merge (the merge base is the commit's first parent, upstream the commit); the CASES are true catches of the
same commits, kept to show the reach stays:

- a rename bridged by probing the new name first (mxoracle's leftovers): #33679 (7439e4f41b,
  ``IpexMxfp4MoEMethod`` renamed ``XpuMxfp4MoEMethod``): ``getattr(mxfp4, "XpuMxfp4MoEMethod", None) or
  mxfp4.IpexMxfp4MoEMethod`` (module level, in a function), ``next(c for c in (getattr(...New..., None),
  getattr(...Old..., None)) if c)`` and a list of the two probes; cases: the old name read with no probe, or after
  a probe of a name upstream does not define;
- a mapping's scalar values widened to admit lists (protocol2's #48252 miss, 43cd340247,
  ``CompletionRequest.vllm_xargs``): twins converting a value told apart by ``isinstance`` first, in a ``try``
  catching TypeError, or making each a string; case: ``int((request.vllm_xargs or {}).get(...))``;
- a returned dict's values made another record (mrv2's #44253 misses, 91945b6e4a, ``ModelCudaGraphManager.capture``
  ``CapturedAttentionState`` -> ``AttentionStatePair``): twins reading the new spelling
  (``state.captured.attn_metadata``), unpacking the pair into its own fields, reading the old field under
  ``hasattr`` of the value; case: ``state.slot_mappings`` over the call's ``.values()``.

Every error on a twin's line is a false one (a warning is counted apart).

Base engine (919d3045, before mend52): 2 caught, 2 missed of 4; 3 false errors of 10 twins (the ``or``'s
fallback at module level and in a function: symbol drift; ``next()`` over the probes: name drift).  This
branch: 4 caught of 4; 0 false errors of 10 (``drift/fallbacks.py`` ``read_after_probe`` and ``falls_back``'s
probes side by side, ``drift/symbols.py`` ``_truthy_probed``; ``drift/element_kinds.py`` ``_container_admitted``
and ``_fields_lost``).  Regression set at this head: killer_replay 26/26, kind_change_replay 12/12 (5 quiet),
review15/16/17 0 false (40, 30, 23 twins), review49/50/57 0 false (25, 34, 12 twins), blind_replay_mxoracle 23/23
(14 quiet), blind_replay_protocol2 23 caught, 1 warned, 2 missed of 26 (was 22/1/3; 16 quiet), blind_replay_mrv2
32 caught, 1 warned of 33 (was 30/1/2; 18 quiet), 0 false errors in each; symbol_precision --windows 1: 0 false
errors (5 broken overrides, 4 caught).

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
