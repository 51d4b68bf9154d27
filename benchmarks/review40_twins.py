"""Adversarial twins of mrv2's return drift reaches: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the new reaches catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- an attribute read straight off a call's value (#32771 ``get_cudagraph_sizes`` dict -> (mixed, uniform
  decode) pair; #34577 ``nvfp4_marlin_process_scales`` one tensor -> (scales, scale_factor)): the read in a
  ``try`` that catches the AttributeError and falls back to the pair, the read under a version check of
  the function's signature, the fork's own function of the name (in the file, imported from a fork module,
  a method of a fork class), a read off the new pair's element, a read off the unchanged sibling;
- an element read by position whose place now holds another element's value (#38831 ``init_attn_backend``
  (backends, groups, AttentionCGSupportInfo(...), block sizes) -> (groups, cg support, block sizes)): an
  index under a test of the result's length (expression and statement), an index under an ``isinstance``
  of another element, an index under a version check, the kept places counted from the end (``[-1]``,
  ``[-2]``, ``[-3]``, ``*_, info, sizes =``), the fork's own function of the name;
- a tuple made a tuple's kin (#40410 ``prepare_inputs_to_capture`` (metadata, slot mappings) ->
  ``CapturedAttentionState(...)``, a NamedTuple): an index, a starred unpack, a field read by name.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Round 1, main at the widening's head (f6238a7f, 5 cases, 22 twins): 5 caught of 5; 8 false errors of 22: the
read off a call inside a ``try`` catching AttributeError (#32771, #34577: 2), under a version check of the
function's signature (#32771: 1), in the branch after an ``isinstance`` test of the same call's value
(#34577: 1); the index under a test of the result's length (an expression and an if: 2, and the new
spelling after the if, ``return out[0]``, reported too), under an ``isinstance`` of another element of the
result (1), under a version check of the return annotation (1, and its new-spelling branch too).  Every one
is new with the widening: the engine before it (340cb80b) missed the 5 cases and was quiet on these 8 (and
falsely reported 2 of the NamedTuple twins the widening mended).
Round 2 (other real commits of the kinds, 3 cases, 8 twins): #33251 (16786da735, ``expand_idx_mapping`` one
tensor -> (expanded_idx_mapping, expanded_local_pos): a read after an ``if`` returning the pair's element, a
read in a ``try`` whose handler unpacks the pair through a local, a fork class's own method of the name),
#36267 (c32a58cc2a, ``DefaultEplbPolicy.replicate_experts`` (phy2log, replica_idx, logcnt) -> (phy2log,
logcnt): the last place, an index under a test of the length, a fork subclass's own override read by
position -- whose ``return`` of three is a true error, upstream's rebalance unpacks two), #28597 (1986de1375,
``EagleProposer.prepare_inputs_padded`` drops ``token_indices``: the last place, an index in a branch on the
length and an element's kind).  Main (f6238a7f): 3 caught of 3; 4 false errors of 8 (the if-returned
element, the try's handler, the length test, the branch on an element's kind).
All rounds, main (f6238a7f): 8 caught of 8; 12 false errors of 30 twins.
This branch (``drift/shape_splits.py``: a path beside the use that takes the same call's value apart, or a
length or element-kind test of the result, marks a path per release): 8 caught of 8; 0 false errors of 30;
a read in a ``try`` catching AttributeError with no new-shape path in its handler is a warning
(``tests/audits/test_return_shape_splits.py``).
Regression set at this branch's head: killer_replay 26/26, kind_change_replay 12/12 (5 twins quiet),
review15/16/17_twins 0 false errors (40, 30, 23 twins; 0, 4, 2 of them warned, as on main), blind_replay_mrv2
30 caught, 1 warned, 2 missed of 33 (18 twins quiet, as on main), blind_replay_runnerv2 21 caught, 1 warned of
22, blind_replay_gpuworker 26 caught, 2 warned of 28, blind_replay_kernelutils 20 caught, 1 warned of 21, 0 false
errors in each; ``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught,
8 warnings).

  PYTHONPATH=.. python review40_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 11d3976b88 (#32771): get_cudagraph_sizes returns (mixed sizes, uniform decode sizes), not one dict
CS = ("#32771", "11d3976b88", "get_cudagraph_sizes dict -> tuple[dict, dict]")
CGU = "from vllm.v1.worker.gpu import cudagraph_utils as cgu\n\n\n"
GCS = "from vllm.v1.worker.gpu.cudagraph_utils import get_cudagraph_sizes\n\n\n"
CASES += [
    (
        "#32771 read off a call",
        "a dict's .values() off the module-attribute call",
        K(
            *CS,
            "vllm/aeon/r40cs0.py",
            CGU + "def aeon_largest(capture_sizes, max_num_reqs: int, max_num_tokens: int, mode) -> int:\n"
            "    # AEON: the Spark's scheduler caps its budget at the largest captured size\n"
            "    return max(cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).values())\n",
            "    return max(cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).values())",
        ),
    ),
    (
        "#32771 read off a call",
        "a dict's .get() off the imported call",
        K(
            *CS,
            "vllm/aeon/r40cs1.py",
            GCS + "def aeon_padded(capture_sizes, max_num_reqs: int, max_num_tokens: int, mode, n: int) -> int:\n"
            "    return get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).get(n, n)\n",
            "    return get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).get(n, n)",
        ),
    ),
]
TWINS += [
    (
        "#32771 read off a call",
        "twin: the read in a try that catches the AttributeError and reads the pair's first",
        K(
            *CS,
            "vllm/aeon/r40cs2.py",
            CGU + "def aeon_sizes(capture_sizes, max_num_reqs: int, max_num_tokens: int, mode) -> list[int]:\n"
            "    try:\n"
            "        pairs = cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).items()\n"
            "    except AttributeError:  # AEON: newer upstreams return (mixed, uniform decode)\n"
            "        pairs = cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode)[0].items()\n"
            "    return sorted(padded for _, padded in pairs)\n",
            "        pairs = cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).items()",
        ),
    ),
    (
        "#32771 read off a call",
        "twin: the read under a version check of the function's signature",
        K(
            *CS,
            "vllm/aeon/r40cs3.py",
            "import inspect\n\n" + CGU + "# AEON: upstreams with uniform decode graphs return a pair of dicts\n"
            '_SPLIT = "uniform_decode_query_len" in inspect.signature(cgu.get_cudagraph_sizes).parameters\n\n\n'
            "def aeon_sizes(capture_sizes, max_num_reqs: int, max_num_tokens: int, mode) -> dict[int, int]:\n"
            "    if _SPLIT:\n"
            "        mixed, _ = cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode, 1, False)\n"
            "        return mixed\n"
            "    return cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).copy()\n",
            "    return cgu.get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).copy()",
        ),
    ),
    (
        "#32771 read off a call",
        "twin: the fork's own function of the name in the file (a shim taking the pair's first)",
        K(
            *CS,
            "vllm/aeon/r40cs4.py",
            CGU + "def get_cudagraph_sizes(*args) -> dict[int, int]:\n"
            "    sizes = cgu.get_cudagraph_sizes(*args)\n"
            "    return sizes[0] if isinstance(sizes, tuple) else sizes  # AEON: both upstream shapes\n\n\n"
            "def aeon_log_sizes(capture_sizes, max_num_reqs: int, max_num_tokens: int, mode) -> list[str]:\n"
            "    out = []\n"
            "    for n, padded in get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).items():\n"
            "        out.append(f'{n}->{padded}')\n"
            "    return out\n",
            "    for n, padded in get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).items():",
        ),
    ),
    (
        "#32771 read off a call",
        "twin: the fork's own function of the name, imported from a fork module",
        Killer(
            *CS,
            (
                Edit(
                    "vllm/aeon/r40cs5.py",
                    "from vllm.aeon.r40cs5shim import get_cudagraph_sizes\n\n\n"
                    "def aeon_padded(capture_sizes, max_num_reqs: int, max_num_tokens: int, mode, n: int) -> int:\n"
                    "    return get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).get(n, n)\n",
                ),
                Edit(
                    "vllm/aeon/r40cs5shim.py",
                    CGU + "def get_cudagraph_sizes(*args) -> dict[int, int]:\n"
                    "    sizes = cgu.get_cudagraph_sizes(*args)\n"
                    "    return sizes[0] if isinstance(sizes, tuple) else sizes  # AEON: both upstream shapes\n",
                ),
            ),
            (
                (
                    "vllm/aeon/r40cs5.py",
                    "    return get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode).get(n, n)",
                ),
            ),
        ),
    ),
    (
        "#32771 read off a call",
        "twin: a fork class's own method of the name",
        K(
            *CS,
            "vllm/aeon/r40cs6.py",
            "class AeonGraphPlanner:\n"
            "    def __init__(self, sizes: dict[int, int]) -> None:\n"
            "        self.sizes = sizes\n\n"
            "    def get_cudagraph_sizes(self) -> dict[int, int]:\n"
            "        return dict(self.sizes)\n\n"
            "    def aeon_padded(self, n: int) -> int:\n"
            "        return self.get_cudagraph_sizes().get(n, n)\n",
            "        return self.get_cudagraph_sizes().get(n, n)",
        ),
    ),
    (
        "#32771 read off a call",
        "twin: the new spelling, a read off the pair's first element",
        K(
            *CS,
            "vllm/aeon/r40cs7.py",
            GCS + "def aeon_padded(capture_sizes, max_num_reqs: int, max_num_tokens: int, mode, n: int) -> int:\n"
            "    return get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode)[0].get(n, n)\n",
            "    return get_cudagraph_sizes(capture_sizes, max_num_reqs, max_num_tokens, mode)[0].get(n, n)",
        ),
    ),
]

# --- 245758992e (#34577): nvfp4_marlin_process_scales returns (scales, scale_factor), not one tensor
NV = ("#34577", "245758992e", "nvfp4_marlin_process_scales returns a pair")
QU = "vllm.model_executor.layers.quantization.utils"
NVI = (
    f"import torch\n\nfrom {QU}.marlin_utils_fp4 import mxfp4_marlin_process_scales, nvfp4_marlin_process_scales\n\n\n"
)
CASES += [
    (
        "#34577 read off a call",
        "a tensor method straight off the call",
        K(
            *NV,
            "vllm/aeon/r40nv0.py",
            NVI + "def aeon_fp4_scales(scales: torch.Tensor) -> torch.Tensor:\n"
            "    # AEON: the Spark repacks NVFP4 scales once at load\n"
            "    return nvfp4_marlin_process_scales(scales).to(torch.float8_e4m3fn)\n",
            "    return nvfp4_marlin_process_scales(scales).to(torch.float8_e4m3fn)",
        ),
    ),
]
TWINS += [
    (
        "#34577 read off a call",
        "twin: the read in a try that catches the AttributeError and reads the pair's first",
        K(
            *NV,
            "vllm/aeon/r40nv1.py",
            NVI + "def aeon_fp4_scales(scales: torch.Tensor) -> torch.Tensor:\n"
            "    try:\n"
            "        return nvfp4_marlin_process_scales(scales).contiguous()\n"
            "    except AttributeError:  # AEON: newer upstreams return (scales, scale_factor)\n"
            "        return nvfp4_marlin_process_scales(scales)[0].contiguous()\n",
            "        return nvfp4_marlin_process_scales(scales).contiguous()",
        ),
    ),
    (
        "#34577 read off a call",
        "twin: a read off the unchanged mxfp4 sibling",
        K(
            *NV,
            "vllm/aeon/r40nv2.py",
            NVI + "def aeon_mx_scales(scales: torch.Tensor) -> torch.Tensor:\n"
            "    return mxfp4_marlin_process_scales(scales).to(torch.float8_e8m0fnu)\n",
            "    return mxfp4_marlin_process_scales(scales).to(torch.float8_e8m0fnu)",
        ),
    ),
    (
        "#34577 read off a call",
        "twin: the fork's own function of the name in the file",
        K(
            *NV,
            "vllm/aeon/r40nv3.py",
            "import torch\n\n"
            f"from {QU} import marlin_utils_fp4\n\n\n"
            "def nvfp4_marlin_process_scales(scales: torch.Tensor) -> torch.Tensor:\n"
            "    out = marlin_utils_fp4.nvfp4_marlin_process_scales(scales)\n"
            "    return out[0] if isinstance(out, tuple) else out  # AEON: both upstream shapes\n\n\n"
            "def aeon_fp4_scales(scales: torch.Tensor) -> torch.Tensor:\n"
            "    return nvfp4_marlin_process_scales(scales).to(torch.float8_e4m3fn)\n",
            "    return nvfp4_marlin_process_scales(scales).to(torch.float8_e4m3fn)",
        ),
    ),
    (
        "#34577 read off a call",
        "twin: the read under a test of what the call returns",
        K(
            *NV,
            "vllm/aeon/r40nv4.py",
            NVI + "def aeon_fp4_scales(scales: torch.Tensor) -> torch.Tensor:\n"
            "    if isinstance(nvfp4_marlin_process_scales(scales[:1]), tuple):  # AEON: newer upstreams\n"
            "        return nvfp4_marlin_process_scales(scales)[0]\n"
            "    return nvfp4_marlin_process_scales(scales).contiguous()\n",
            "    return nvfp4_marlin_process_scales(scales).contiguous()",
        ),
    ),
]

# --- 1223732dda (#38831): init_attn_backend drops the backends dict: a 4-tuple becomes a 3-tuple
IB = ("#38831", "1223732dda", "init_attn_backend (backends, groups, cg info, block sizes) -> (groups, cg info, sizes)")
IA = "from vllm.v1.worker.gpu.attn_utils import init_attn_backend\n\n\n"
CASES += [
    (
        "#38831 index shifted",
        "[1] now the cg support info (the groups moved to [0])",
        K(
            *IB,
            "vllm/aeon/r40ib0.py",
            IA + "def aeon_groups(kv_cache_config, vllm_config, device):\n"
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[1]\n",
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[1]",
        ),
    ),
    (
        "#38831 index shifted",
        "[0] of a local bound once to the call",
        K(
            *IB,
            "vllm/aeon/r40ib1.py",
            IA + "def aeon_backends(kv_cache_config, vllm_config, device):\n"
            "    out = init_attn_backend(kv_cache_config, vllm_config, device)\n"
            "    backends = out[0]\n"
            "    return backends\n",
            "    backends = out[0]",
        ),
    ),
]
TWINS += [
    (
        "#38831 index shifted",
        "twin: the index under a test of the result's length (an expression)",
        K(
            *IB,
            "vllm/aeon/r40ib2.py",
            IA + "def aeon_backends(kv_cache_config, vllm_config, device) -> dict:\n"
            "    out = init_attn_backend(kv_cache_config, vllm_config, device)\n"
            "    return out[0] if len(out) == 4 else {}  # AEON: older upstreams return the backends first\n",
            "    return out[0] if len(out) == 4 else {}  # AEON: older upstreams return the backends first",
        ),
    ),
    (
        "#38831 index shifted",
        "twin: the index under an if on the result's length",
        K(
            *IB,
            "vllm/aeon/r40ib3.py",
            IA + "def aeon_groups(kv_cache_config, vllm_config, device) -> list:\n"
            "    out = init_attn_backend(kv_cache_config, vllm_config, device)\n"
            "    if len(out) == 4:  # AEON: older upstreams return the backends first\n"
            "        return out[1]\n"
            "    return out[0]\n",
            "        return out[1]",
        ),
    ),
    (
        "#38831 index shifted",
        "twin: the index under an isinstance of another element",
        K(
            *IB,
            "vllm/aeon/r40ib4.py",
            IA + "def aeon_groups(kv_cache_config, vllm_config, device) -> list:\n"
            "    out = init_attn_backend(kv_cache_config, vllm_config, device)\n"
            "    return out[1] if isinstance(out[0], dict) else out[0]  # AEON: both upstream shapes\n",
            "    return out[1] if isinstance(out[0], dict) else out[0]  # AEON: both upstream shapes",
        ),
    ),
    (
        "#38831 index shifted",
        "twin: the index under a version check of the return annotation",
        K(
            *IB,
            "vllm/aeon/r40ib5.py",
            "import inspect\n\n" + IA + "# AEON: older upstreams return the backends dict first\n"
            '_BACKENDS_FIRST = "AttentionBackend" in str(inspect.signature(init_attn_backend).return_annotation)\n\n\n'
            "def aeon_groups(kv_cache_config, vllm_config, device) -> list:\n"
            "    if _BACKENDS_FIRST:\n"
            "        return init_attn_backend(kv_cache_config, vllm_config, device)[1]\n"
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[0]\n",
            "        return init_attn_backend(kv_cache_config, vllm_config, device)[1]",
        ),
    ),
    (
        "#38831 index shifted",
        "twin: the kept last element",
        K(
            *IB,
            "vllm/aeon/r40ib6.py",
            IA + "def aeon_block_sizes(kv_cache_config, vllm_config, device) -> list[int]:\n"
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[-1]\n",
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[-1]",
        ),
    ),
    (
        "#38831 index shifted",
        "twin: the cg support info counted from the end ([-2], the long element renamed in place)",
        K(
            *IB,
            "vllm/aeon/r40ib7.py",
            IA + "def aeon_cg_support(kv_cache_config, vllm_config, device):\n"
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[-2]\n",
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[-2]",
        ),
    ),
    (
        "#38831 index shifted",
        "twin: the groups counted from the end ([-3])",
        K(
            *IB,
            "vllm/aeon/r40ib8.py",
            IA + "def aeon_groups(kv_cache_config, vllm_config, device) -> list:\n"
            "    out = init_attn_backend(kv_cache_config, vllm_config, device)\n"
            "    return out[-3]\n",
            "    return out[-3]",
        ),
    ),
    (
        "#38831 index shifted",
        "twin: a starred unpack of the last two",
        K(
            *IB,
            "vllm/aeon/r40ib9.py",
            IA + "def aeon_cg(kv_cache_config, vllm_config, device):\n"
            "    *_, cg_info, block_sizes = init_attn_backend(kv_cache_config, vllm_config, device)\n"
            "    return cg_info, block_sizes\n",
            "    *_, cg_info, block_sizes = init_attn_backend(kv_cache_config, vllm_config, device)",
        ),
    ),
    (
        "#38831 index shifted",
        "twin: the fork's own function of the name (a wrapper keeping the backends first)",
        K(
            *IB,
            "vllm/aeon/r40ib10.py",
            "from vllm.v1.worker.gpu import attn_utils\n\n\n"
            "def init_attn_backend(kv_cache_config, vllm_config, device):\n"
            "    # AEON: the fork's callers read the backends first, whatever upstream returns\n"
            "    groups, cg_info, block_sizes = attn_utils.init_attn_backend(kv_cache_config, vllm_config, device)[-3:]\n"
            "    backends = {name: g.backend for gs in groups for g in gs for name in g.layer_names}\n"
            "    return backends, groups, cg_info, block_sizes\n\n\n"
            "def aeon_backends(kv_cache_config, vllm_config, device) -> dict:\n"
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[0]\n",
            "    return init_attn_backend(kv_cache_config, vllm_config, device)[0]",
        ),
    ),
]

# --- 4c7c69b4e0 (#40410): prepare_inputs_to_capture returns CapturedAttentionState(...), a NamedTuple of the two
PI = ("#40410", "4c7c69b4e0", "prepare_inputs_to_capture tuple -> CapturedAttentionState(attn_metadata, slot_mappings)")
PIC = "from vllm.v1.worker.gpu.cudagraph_utils import prepare_inputs_to_capture\n\n\n"
TWINS += [
    (
        "#40410 tuple made a NamedTuple",
        "twin: an index the NamedTuple keeps",
        K(
            *PI,
            "vllm/aeon/r40pi0.py",
            PIC + "def aeon_slot_mappings(num_reqs: int, num_tokens: int, *args):\n"
            "    return prepare_inputs_to_capture(num_reqs, num_tokens, *args)[1]\n",
            "    return prepare_inputs_to_capture(num_reqs, num_tokens, *args)[1]",
        ),
    ),
    (
        "#40410 tuple made a NamedTuple",
        "twin: a starred unpack the NamedTuple keeps",
        K(
            *PI,
            "vllm/aeon/r40pi1.py",
            PIC + "def aeon_dummy_metadata(num_reqs: int, num_tokens: int, *args):\n"
            "    attn_metadata, *_ = prepare_inputs_to_capture(num_reqs, num_tokens, *args)\n"
            "    return attn_metadata\n",
            "    attn_metadata, *_ = prepare_inputs_to_capture(num_reqs, num_tokens, *args)",
        ),
    ),
    (
        "#40410 tuple made a NamedTuple",
        "twin: a local bound to the call, read by position",
        K(
            *PI,
            "vllm/aeon/r40pi2.py",
            PIC + "def aeon_dummy_metadata(num_reqs: int, num_tokens: int, *args):\n"
            "    captured = prepare_inputs_to_capture(num_reqs, num_tokens, *args)\n"
            "    return captured[0]\n",
            "    return captured[0]",
        ),
    ),
]


# --- round 2: other real commits of the kinds
# 16786da735 (#33251): expand_idx_mapping returns (expanded_idx_mapping, expanded_local_pos), not one tensor
EX = ("#33251", "16786da735", "expand_idx_mapping tensor -> (expanded_idx_mapping, expanded_local_pos)")
EXI = "import torch\n\nfrom vllm.v1.worker.gpu.input_batch import expand_idx_mapping\n\n\n"
EXA = "idx_mapping, total_num_logits, cu_num_logits, max_expand_len"
CASES += [
    (
        "#33251 read off a call",
        "a tensor method straight off the call",
        K(
            *EX,
            "vllm/aeon/r40ex0.py",
            EXI + f"def aeon_expanded(idx_mapping, total_num_logits: int, cu_num_logits, max_expand_len: int):\n"
            "    # AEON: the Spark's penalties kernel wants int64 indices\n"
            f"    return expand_idx_mapping({EXA}).long()\n",
            f"    return expand_idx_mapping({EXA}).long()",
        ),
    ),
]
TWINS += [
    (
        "#33251 read off a call",
        "twin: the read after an if that returns the pair's element",
        K(
            *EX,
            "vllm/aeon/r40ex1.py",
            "import inspect\n\n" + EXI + "# AEON: upstreams with spec-decode penalties return the local positions too\n"
            '_PAIRED = "tuple" in str(inspect.signature(expand_idx_mapping).return_annotation)\n\n\n'
            "def aeon_expanded(idx_mapping, total_num_logits: int, cu_num_logits, max_expand_len: int):\n"
            "    if _PAIRED:\n"
            f"        return expand_idx_mapping({EXA})[0].long()\n"
            f"    return expand_idx_mapping({EXA}).long()\n",
            f"    return expand_idx_mapping({EXA}).long()",
        ),
    ),
    (
        "#33251 read off a call",
        "twin: the read in a try whose handler unpacks the pair through a local",
        K(
            *EX,
            "vllm/aeon/r40ex2.py",
            EXI + "def aeon_expanded(idx_mapping, total_num_logits: int, cu_num_logits, max_expand_len: int):\n"
            "    try:\n"
            f"        return expand_idx_mapping({EXA}).long()\n"
            "    except AttributeError:  # AEON: newer upstreams return the local positions too\n"
            f"        expanded, _ = expand_idx_mapping({EXA})\n"
            "        return expanded.long()\n",
            f"        return expand_idx_mapping({EXA}).long()",
        ),
    ),
    (
        "#33251 read off a call",
        "twin: a fork subclass's own method of the name on self",
        K(
            *EX,
            "vllm/aeon/r40ex3.py",
            "import torch\n\n\n"
            "class AeonPenaltyIndexer:\n"
            "    def expand_idx_mapping(self, idx_mapping: torch.Tensor, n: int) -> torch.Tensor:\n"
            "        return idx_mapping.repeat_interleave(n)\n\n"
            "    def aeon_expanded(self, idx_mapping: torch.Tensor, n: int) -> torch.Tensor:\n"
            "        return self.expand_idx_mapping(idx_mapping, n).long()\n",
            "        return self.expand_idx_mapping(idx_mapping, n).long()",
        ),
    ),
]

# c32a58cc2a (#36267): DefaultEplbPolicy.replicate_experts (phy2log, replica_idx, logcnt) -> (phy2log, logcnt)
RE = ("#36267", "c32a58cc2a", "replicate_experts drops replica_idx: logcnt moves to [1]")
REI = "import numpy as np\n\nfrom vllm.distributed.eplb.policy.default import DefaultEplbPolicy\n\n\n"
CASES += [
    (
        "#36267 index shifted",
        "[1] now the counts (the replica index dropped)",
        K(
            *RE,
            "vllm/aeon/r40re0.py",
            REI + "def aeon_replica_index(weight: np.ndarray, num_phy: int) -> np.ndarray:\n"
            "    # AEON: the Spark's placement log shows each replica's index\n"
            "    return DefaultEplbPolicy.replicate_experts(weight, num_phy)[1]\n",
            "    return DefaultEplbPolicy.replicate_experts(weight, num_phy)[1]",
        ),
    ),
]
TWINS += [
    (
        "#36267 index shifted",
        "twin: the counts by the last place",
        K(
            *RE,
            "vllm/aeon/r40re1.py",
            REI + "def aeon_counts(weight: np.ndarray, num_phy: int) -> np.ndarray:\n"
            "    return DefaultEplbPolicy.replicate_experts(weight, num_phy)[-1]\n",
            "    return DefaultEplbPolicy.replicate_experts(weight, num_phy)[-1]",
        ),
    ),
    (
        "#36267 index shifted",
        "twin: the index under a test of the result's length",
        K(
            *RE,
            "vllm/aeon/r40re2.py",
            REI + "def aeon_counts(weight: np.ndarray, num_phy: int) -> np.ndarray:\n"
            "    out = DefaultEplbPolicy.replicate_experts(weight, num_phy)\n"
            "    if len(out) == 3:  # AEON: older upstreams return the replica index too\n"
            "        return out[2]\n"
            "    return out[1]\n",
            "    return out[1]",
        ),
    ),
    (
        "#36267 index shifted",
        "twin: a fork subclass overriding the method with the old three",
        K(
            *RE,
            "vllm/aeon/r40re3.py",
            REI + "class AeonEplbPolicy(DefaultEplbPolicy):\n"
            "    @classmethod\n"
            "    def replicate_experts(cls, weight: np.ndarray, num_phy: int):  # type: ignore[override]\n"
            "        # AEON: the Spark's placement keeps the replica index\n"
            "        phy2log, logcnt = super().replicate_experts(weight, num_phy)[-2:]\n"
            "        replica_idx = np.zeros_like(phy2log)\n"
            "        return phy2log, replica_idx, logcnt\n\n"
            "    @classmethod\n"
            "    def aeon_replica_index(cls, weight: np.ndarray, num_phy: int) -> np.ndarray:\n"
            "        return cls.replicate_experts(weight, num_phy)[1]\n",
            "        return cls.replicate_experts(weight, num_phy)[1]",
        ),
    ),
]

# 1986de1375 (#28597): EagleProposer.prepare_inputs_padded (metadata, token_indices, to_sample) -> (metadata, to_sample)
PP = ("#28597", "1986de1375", "prepare_inputs_padded drops token_indices: token_indices_to_sample moves to [1]")
PPI = "from vllm.v1.spec_decode.eagle import EagleProposer\n\n\n"
PPA = "common_attn_metadata, spec_decode_metadata, valid_sampled_tokens_count"
CASES += [
    (
        "#28597 index shifted",
        "[1] off a receiver typed as the class",
        K(
            *PP,
            "vllm/aeon/r40pp0.py",
            PPI + f"def aeon_token_indices(drafter: EagleProposer, {PPA}):\n"
            "    # AEON: the Spark's drafter gathers its hidden states by these\n"
            f"    return drafter.prepare_inputs_padded({PPA})[1]\n",
            f"    return drafter.prepare_inputs_padded({PPA})[1]",
        ),
    ),
]
TWINS += [
    (
        "#28597 index shifted",
        "twin: the indices to sample by the last place",
        K(
            *PP,
            "vllm/aeon/r40pp1.py",
            PPI + f"def aeon_to_sample(drafter: EagleProposer, {PPA}):\n"
            f"    return drafter.prepare_inputs_padded({PPA})[-1]\n",
            f"    return drafter.prepare_inputs_padded({PPA})[-1]",
        ),
    ),
    (
        "#28597 index shifted",
        "twin: the index in a branch on an element's kind",
        K(
            *PP,
            "vllm/aeon/r40pp2.py",
            "import torch\n\n" + PPI + f"def aeon_to_sample(drafter: EagleProposer, {PPA}):\n"
            f"    out = drafter.prepare_inputs_padded({PPA})\n"
            "    # AEON: older upstreams hand back the token indices in the middle\n"
            "    return out[2] if len(out) > 2 and isinstance(out[2], torch.Tensor) else out[1]\n",
            "    return out[2] if len(out) > 2 and isinstance(out[2], torch.Tensor) else out[1]",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review40-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
