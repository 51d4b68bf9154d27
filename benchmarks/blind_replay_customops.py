"""A blind replay of the op wrappers and extension points a fork calls into: custom ops, plugins, CLI.

11 first-parent commits on the surface a fork's kernels, plugins and launcher carry code against -- the
``_custom_ops`` wrappers (``paged_attention_v1``/``v2`` deleted, the ``cutlass_sparse_*`` wrappers deleted
with Sparse24, ``gptq_marlin_24_gemm`` deleted with Marlin 24) and the ``torch.ops`` schemas a fork calls
directly (``_C.scaled_fp4_quant`` made functional: ``(input, input_scale, swizzled) -> (Tensor, Tensor)``,
``_C.merge_attn_states`` and ``_moe_C.topk_sigmoid`` given a trailing parameter without a default), the IO
processor plugin interface (``output_to_response`` removed and ``post_process`` now called with
``request_id=``, ``get_io_processor`` and ``IOProcessor.__init__`` given a required ``renderer``), and the
CLI's subcommand modules (``run_api_server_worker_proc`` gone from ``cli/serve.py``, the
``cli.benchmark`` package's re-exports dropped, ``--api-server-count`` defaulting to None) -- picked by
scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use.
Each is replayed under 1-2 fork spellings written the way fork code is written (an ``ops.*`` call, a
``torch.ops`` call by schema, a subclass override, a ``super().__init__`` call, a positional argument, an
import of a moved name, a read of an argparse default off the namespace), with twins (fork code the commit
does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay
*quiet*: no error on their line.

Blind, on the engine before any widening (main at 2b28ea40): 11 caught, 0 warned, 3 missed of 14 (twins: 10
quiet, 1 false error of 11).  The misses: #40056's ``from vllm.entrypoints.cli.benchmark import
BenchmarkServingSubcommand`` (a package ``__init__`` that stops re-exporting a name its submodule still
defines), #34236's ``post_process(self, model_output, req_id=None)`` (an override whose positional parameter
is named otherwise and takes no ``**kwargs``, where upstream's caller now passes ``request_id=`` by keyword),
and #32525's ``args.api_server_count > 1`` (an argparse default made None, compared off the namespace).  The
false error: #32688's ``hasattr(ops, 'gptq_marlin_24_gemm')`` read as a rename to ``awq_dequantize`` (name
drift paired a deleted wrapper with an unrelated added fake).  The #40056 miss was the replay's own mistake: the
subcommands were re-exported by ``vllm.entrypoints.cli``, not ``vllm.entrypoints.cli.benchmark`` (that import
failed at the merge base already); respelt ``from vllm.entrypoints.cli import BenchmarkServingSubcommand``,
the unwidened engine catches it (a re-export dropped): blind, corrected, 12 caught, 2 missed, 1 false error.
After the killers82 widenings: 13 caught, 1 warned, 0 missed of 14 (twins: 11 quiet, 2 of them warned, 0 false
errors).  Caught now: an override naming a positional slot otherwise without ``**kwargs`` where a call in the
base's own file now passes it by keyword (symbol drift, ``drift/keyword_calls.py``).  Warned now: an argparse
option's literal default changed under a namespace read (default drift, ``drift/option_defaults.py``; a
warning by design, as a field's default made None is).  Fixed: a ``hasattr`` probe of a function its module
deleted is a warning, and name drift infers no rename to a name the file already defined (the twin is quiet,
warned).  The other warned twin is #32525's ``(args.api_server_count or 1) > 1``: default drift does not
read the ``or`` guard.  Regression set on that engine: killer_replay 26/26, kind_change_replay 12/12,
review15/16/17_twins 0 false errors, blind_replay_config/kernels/openai/lora unchanged, symbol_precision
``--windows 3`` 0 false errors.

  python benchmarks/blind_replay_customops.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

OPS = "import torch\n\nfrom vllm import _custom_ops as ops\n\n\n"

# --- #47361 (d715b3aa1e): PagedAttention deleted -- ops.paged_attention_v1/v2 and their _C ops gone
PA = "d715b3aa1e"
PAW = "ops.paged_attention_v1/v2 deleted"
CASES += [
    (
        "#47361 op wrapper deleted",
        "an ops.* call of the deleted wrapper",
        K(
            "#47361",
            PA,
            PAW,
            "vllm/aeon/pa1.py",
            OPS + "def aeon_decode(out, query, kc, vc, heads, scale, bt, lens, bs, maxlen, ks, vs) -> None:\n"
            "    # AEON: the Spark's decode path for the fp8 cache\n"
            "    ops.paged_attention_v1(out, query, kc, vc, heads, scale, bt, lens, bs, maxlen, None, 'fp8', ks, vs)\n",
            "ops.paged_attention_v1(out, query, kc, vc, heads, scale, bt, lens, bs, maxlen, None, 'fp8', ks, vs)",
        ),
    ),
    (
        "#47361 op wrapper deleted",
        "twin: a kept cache op",
        K(
            "#47361",
            PA,
            PAW,
            "vllm/aeon/pa2.py",
            OPS + "def aeon_store(key, value, kc, vc, slots, ks, vs) -> None:\n"
            "    ops.reshape_and_cache(key, value, kc, vc, slots, 'fp8', ks, vs)\n",
            "ops.reshape_and_cache(key, value, kc, vc, slots, 'fp8', ks, vs)",
        ),
    ),
]

# --- #36799 (38364a7e32): Sparse24 removed -- ops.cutlass_sparse_* wrappers gone
SP = "38364a7e32"
SPW = "cutlass_sparse_* wrappers deleted"
CASES += [
    (
        "#36799 op wrapper deleted",
        "a capability probe through the module alias",
        K(
            "#36799",
            SP,
            SPW,
            "vllm/aeon/sp1.py",
            OPS + "def aeon_sparse_ok(capability: int) -> bool:\n"
            "    # AEON: 2:4 sparsity is only worth it on the big parts\n"
            "    return ops.cutlass_sparse_scaled_mm_supported(capability)\n",
            "return ops.cutlass_sparse_scaled_mm_supported(capability)",
        ),
    ),
    (
        "#36799 op wrapper deleted",
        "a from-import of the deleted wrapper",
        K(
            "#36799",
            SP,
            SPW,
            "vllm/aeon/sp2.py",
            "import torch\n\nfrom vllm._custom_ops import cutlass_sparse_compress\n\n\n"
            "def aeon_compress(w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "    return cutlass_sparse_compress(w)\n",
            "from vllm._custom_ops import cutlass_sparse_compress",
        ),
    ),
    (
        "#36799 op wrapper deleted",
        "twin: the dense fp8 probe kept",
        K(
            "#36799",
            SP,
            SPW,
            "vllm/aeon/sp3.py",
            OPS + "def aeon_fp8_ok(capability: int) -> bool:\n"
            "    return ops.cutlass_scaled_mm_supports_fp8(capability)\n",
            "return ops.cutlass_scaled_mm_supports_fp8(capability)",
        ),
    ),
]

# --- #32688 (af9b69f977): Marlin 24 removed -- ops.gptq_marlin_24_gemm gone
M24 = "af9b69f977"
M24W = "gptq_marlin_24_gemm deleted"
CASES += [
    (
        "#32688 op wrapper deleted",
        "a table of wrappers keyed by format",
        K(
            "#32688",
            M24,
            M24W,
            "vllm/aeon/m241.py",
            OPS + "# AEON: the Spark's quant formats, by checkpoint tag\n"
            "_GEMMS = {'marlin': ops.marlin_gemm, 'marlin_24': ops.gptq_marlin_24_gemm}\n",
            "_GEMMS = {'marlin': ops.marlin_gemm, 'marlin_24': ops.gptq_marlin_24_gemm}",
        ),
    ),
    (
        "#32688 op wrapper deleted",
        "twin: a hasattr-guarded probe",
        K(
            "#32688",
            M24,
            M24W,
            "vllm/aeon/m242.py",
            OPS + "def aeon_has_marlin24() -> bool:\n    return hasattr(ops, 'gptq_marlin_24_gemm')\n",
            "return hasattr(ops, 'gptq_marlin_24_gemm')",
        ),
    ),
]

# --- #34389 (3e6a1e1686): _C.scaled_fp4_quant made functional (input, input_scale, swizzled) -> (Tensor, Tensor);
#     the in-place form moved to the .out overload with keyword-only outputs
F4 = "3e6a1e1686"
F4W = "_C.scaled_fp4_quant schema made functional"
CASES += [
    (
        "#34389 op schema changed",
        "a direct torch.ops call in the old in-place form",
        K(
            "#34389",
            F4,
            F4W,
            "vllm/aeon/f41.py",
            "import torch\n\n\n"
            "def aeon_fp4(x: torch.Tensor, gs: torch.Tensor, out: torch.Tensor, scale: torch.Tensor) -> None:\n"
            "    # AEON: the Spark quantizes into the graph's static buffers\n"
            "    torch.ops._C.scaled_fp4_quant(out, x, scale, gs, True)\n",
            "torch.ops._C.scaled_fp4_quant(out, x, scale, gs, True)",
        ),
    ),
    (
        "#34389 op schema changed",
        "twin: the Python wrapper call",
        K(
            "#34389",
            F4,
            F4W,
            "vllm/aeon/f42.py",
            OPS + "def aeon_fp4b(x: torch.Tensor, gs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:\n"
            "    return ops.scaled_fp4_quant(x, gs)\n",
            "return ops.scaled_fp4_quant(x, gs)",
        ),
    ),
]

# --- #36540 (598190aac3): _C.merge_attn_states gains `int!? prefill_tokens_with_context` (no default)
MA = "598190aac3"
MAW = "_C.merge_attn_states gains a required trailing parameter"
CASES += [
    (
        "#36540 op schema changed",
        "a direct torch.ops call with the old arity",
        K(
            "#36540",
            MA,
            MAW,
            "vllm/aeon/ma1.py",
            "import torch\n\n\n"
            "def aeon_merge(out, out_lse, p, p_lse, s, s_lse) -> None:\n"
            "    torch.ops._C.merge_attn_states(out, out_lse, p, p_lse, s, s_lse)\n",
            "torch.ops._C.merge_attn_states(out, out_lse, p, p_lse, s, s_lse)",
        ),
    ),
    (
        "#36540 op schema changed",
        "twin: the wrapper, whose new parameter has a default",
        K(
            "#36540",
            MA,
            MAW,
            "vllm/aeon/ma2.py",
            OPS + "def aeon_merge2(out, p, p_lse, s, s_lse) -> None:\n"
            "    ops.merge_attn_states(out, p, p_lse, s, s_lse)\n",
            "ops.merge_attn_states(out, p, p_lse, s, s_lse)",
        ),
    ),
]

# --- #47408 (5d23ca47ab): _moe_C.topk_sigmoid gains `float routed_scaling_factor` (no default in the schema)
TS = "5d23ca47ab"
TSW = "_moe_C.topk_sigmoid gains a required trailing parameter"
CASES += [
    (
        "#47408 op schema changed",
        "a direct torch.ops call with the old arity",
        K(
            "#47408",
            TS,
            TSW,
            "vllm/aeon/ts1.py",
            "import torch\n\n\n"
            "def aeon_route(w, ids, tok, logits, bias) -> None:\n"
            "    # AEON: skip the wrapper's checks on the Spark's hot path\n"
            "    torch.ops._moe_C.topk_sigmoid(w, ids, tok, logits, True, bias)\n",
            "torch.ops._moe_C.topk_sigmoid(w, ids, tok, logits, True, bias)",
        ),
    ),
    (
        "#47408 op schema changed",
        "twin: the wrapper called with keywords",
        K(
            "#47408",
            TS,
            TSW,
            "vllm/aeon/ts2.py",
            OPS + "def aeon_route2(w, ids, tok, logits, bias) -> None:\n"
            "    ops.topk_sigmoid(w, ids, tok, logits, renormalize=True, e_score_correction_bias=bias)\n",
            "ops.topk_sigmoid(w, ids, tok, logits, renormalize=True, e_score_correction_bias=bias)",
        ),
    ),
]

# --- #34236 (c9a1923bb4): IOProcessor simplified -- output_to_response removed, post_process called with
#     request_id= by keyword, parse_request renamed parse_data (with a shim)
IO = "c9a1923bb4"
IOW = "IOProcessor interface simplified"
IOI = "from vllm.plugins.io_processors.interface import IOProcessor\n\n\n"
CASES += [
    (
        "#34236 plugin method removed",
        "a call of the removed method on a typed receiver",
        K(
            "#34236",
            IO,
            IOW,
            "vllm/aeon/io1.py",
            IOI + "def aeon_respond(processor: IOProcessor, output: object) -> object:\n"
            "    # AEON: the Spark's geo plugin answers through its own route\n"
            "    return processor.output_to_response(output)\n",
            "return processor.output_to_response(output)",
        ),
    ),
    (
        "#34236 hook now called by keyword",
        "an override naming the positional parameter differently, no **kwargs",
        K(
            "#34236",
            IO,
            IOW,
            "vllm/aeon/io2.py",
            IOI + "class AeonTiles(IOProcessor):\n"
            "    def pre_process(self, prompt, request_id=None, **kwargs):\n"
            "        return prompt\n\n"
            "    def post_process(self, model_output, req_id=None):\n"
            "        return [o.outputs for o in model_output]\n",
            "def post_process(self, model_output, req_id=None):",
        ),
    ),
    (
        "#34236 hook now called by keyword",
        "twin: an override keeping the name and **kwargs",
        K(
            "#34236",
            IO,
            IOW,
            "vllm/aeon/io3.py",
            IOI + "class AeonTiles2(IOProcessor):\n"
            "    def pre_process(self, prompt, request_id=None, **kwargs):\n"
            "        return prompt\n\n"
            "    def post_process(self, model_output, request_id=None, **kwargs):\n"
            "        return [o.outputs for o in model_output]\n",
            "def post_process(self, model_output, request_id=None, **kwargs):",
        ),
    ),
]

# --- #34214 (8e75d88554): get_io_processor and IOProcessor.__init__ take a required renderer
RN = "8e75d88554"
RNW = "renderer made a required parameter of the IO processor"
CASES += [
    (
        "#34214 parameter inserted",
        "a positional plugin name now landing in renderer",
        K(
            "#34214",
            RN,
            RNW,
            "vllm/aeon/rn1.py",
            "from vllm.config import VllmConfig\nfrom vllm.plugins.io_processors import get_io_processor\n\n\n"
            "def aeon_io(vllm_config: VllmConfig):\n"
            "    # AEON: the Spark pins its geo plugin whatever the model config says\n"
            "    return get_io_processor(vllm_config, 'aeon_geo.processor.GeoProcessor')\n",
            "return get_io_processor(vllm_config, 'aeon_geo.processor.GeoProcessor')",
        ),
    ),
    (
        "#34214 parameter made required",
        "a plugin's super().__init__ without the new argument",
        K(
            "#34214",
            RN,
            RNW,
            "vllm/aeon/rn2.py",
            "from vllm.config import VllmConfig\n" + IOI + "class AeonGeo(IOProcessor):\n"
            "    def __init__(self, vllm_config: VllmConfig):\n"
            "        super().__init__(vllm_config)\n"
            "        self.tile = 224\n",
            "super().__init__(vllm_config)",
        ),
    ),
    (
        "#34214 parameter made required",
        "twin: a plugin with no __init__ reading the config",
        K(
            "#34214",
            RN,
            RNW,
            "vllm/aeon/rn3.py",
            IOI + "class AeonGeo2(IOProcessor):\n"
            "    def aeon_dtype(self):\n"
            "        return self.vllm_config.model_config.dtype\n",
            "return self.vllm_config.model_config.dtype",
        ),
    ),
]

# --- #38115 (72cad44d3c): run_api_server_worker_proc moved out of vllm/entrypoints/cli/serve.py
WP = "72cad44d3c"
WPW = "run_api_server_worker_proc moved out of cli/serve"
CASES += [
    (
        "#38115 function moved",
        "an import from the subcommand module",
        K(
            "#38115",
            WP,
            WPW,
            "vllm/aeon/wp1.py",
            "from vllm.entrypoints.cli.serve import run_api_server_worker_proc\n\n"
            "# AEON: the Spark's supervisor spawns API workers itself\n"
            "AEON_TARGET = run_api_server_worker_proc\n",
            "from vllm.entrypoints.cli.serve import run_api_server_worker_proc",
        ),
    ),
    (
        "#38115 function moved",
        "twin: a kept function of the same module",
        K(
            "#38115",
            WP,
            WPW,
            "vllm/aeon/wp2.py",
            "from vllm.entrypoints.cli.serve import run_multi_api_server\n\nAEON_MULTI = run_multi_api_server\n",
            "from vllm.entrypoints.cli.serve import run_multi_api_server",
        ),
    ),
]

# --- #40056 (1948d0c467): vllm.entrypoints.cli no longer re-exports the benchmark subcommands
BE = "1948d0c467"
BEW = "cli package re-exports of the bench subcommands dropped"
CASES += [
    (
        "#40056 re-export dropped",
        "an import through the package",
        K(
            "#40056",
            BE,
            BEW,
            "vllm/aeon/be1.py",
            "from vllm.entrypoints.cli import BenchmarkServingSubcommand\n\n\n"
            "class AeonBenchServe(BenchmarkServingSubcommand):\n"
            "    # AEON: the Spark's bench adds its power probe\n"
            "    name = 'aeon-serve'\n",
            "from vllm.entrypoints.cli import BenchmarkServingSubcommand",
        ),
    ),
    (
        "#40056 re-export dropped",
        "twin: an import from the defining module",
        K(
            "#40056",
            BE,
            BEW,
            "vllm/aeon/be2.py",
            "from vllm.entrypoints.cli.benchmark.serve import BenchmarkServingSubcommand\n\n\n"
            "class AeonBenchServe2(BenchmarkServingSubcommand):\n"
            "    name = 'aeon-serve2'\n",
            "from vllm.entrypoints.cli.benchmark.serve import BenchmarkServingSubcommand",
        ),
    ),
]

# --- #32525 (803e3f3f68): --api-server-count defaults to None (resolved later in ServeSubcommand.cmd)
AS = "803e3f3f68"
ASW = "--api-server-count default 1 -> None"
SV = "import argparse\n\nfrom vllm.entrypoints.cli.serve import ServeSubcommand\n\n\n"
CASES += [
    (
        "#32525 argparse default made None",
        "a comparison of the namespace value in a subcommand's validate",
        K(
            "#32525",
            AS,
            ASW,
            "vllm/aeon/as1.py",
            SV + "class AeonServe(ServeSubcommand):\n"
            "    def validate(self, args: argparse.Namespace) -> None:\n"
            "        # AEON: one Spark serves from a single API process\n"
            "        if args.api_server_count > 1:\n"
            "            raise ValueError('aeon: one API server per Spark')\n"
            "        super().validate(args)\n",
            "if args.api_server_count > 1:",
        ),
    ),
    (
        "#32525 argparse default made None",
        "twin: a None-guarded read",
        K(
            "#32525",
            AS,
            ASW,
            "vllm/aeon/as2.py",
            SV + "class AeonServe2(ServeSubcommand):\n"
            "    def validate(self, args: argparse.Namespace) -> None:\n"
            "        if (args.api_server_count or 1) > 1:\n"
            "            raise ValueError('aeon: one API server per Spark')\n"
            "        super().validate(args)\n",
            "if (args.api_server_count or 1) > 1:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-customops-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
