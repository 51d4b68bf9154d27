"""A blind replay of the compile wrappers, compile counters and monitors, batch descriptors and kernel warm-up a fork codes against.

9 first-parent commits on the surface a fork that captures CUDA graphs, counts compilations or warms kernels
up carries code against -- ``CompilationCounter.num_cudagraph_caputured`` renamed (the typo fixed),
``BatchDescriptor`` turned from a ``NamedTuple`` into a frozen dataclass with
``relax_for_mixed_batch_cudagraphs`` removed, ``start_monitoring_torch_compile``/``end_monitoring_torch_compile``
replaced by a context manager, ``TorchCompileWrapperWithCustomDispatcher`` replaced by
``TorchCompileWithNoGuardsWrapper``, ``deepgemm_grouped_fp8_gemm_nt_contiguous_warmup`` handed a new required
``max_tokens``, ``flashinfer_autotune_supported`` removed from the kernel warm-up, and three
``vllm.triton_utils`` modules moved or deleted (``custom_cache_manager`` and its package re-export,
``libentry``, ``jit_monitor`` moved to ``vllm.utils``) -- picked by scanning those paths' diffs (``git log
--first-parent -p``), avoiding the commits the other replays use (``blind_replay_cudagraph.py`` covers
the forward context's fields, ``CUDAGraphWrapper``'s ``graph_pool`` and the dispatcher).  Each is replayed
under 1-3 fork spellings written the way fork code is written (a read and an increment off the global
counter, a method call off a typed receiver, a tuple's ``_replace`` and unpacking, an import of a removed
function, class or module, a subclass of a removed class, a call missing a new required argument, a
module attribute, a decorator), with twins (fork code the commit does not break).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line,
*warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at e652229f): 14 caught, 0 warned, 2 missed of 16 (twins: 8
quiet, 0 false errors).  The misses: #34043's two tuple uses of ``BatchDescriptor`` once it stopped being a
``NamedTuple`` (``desc._replace(...)`` and ``num_tokens, ... = desc``, each on a receiver typed as the class:
AttributeError / TypeError at run time), where the engine sees the fields kept and the class still there.
After the killers112 widening: 16 caught, 0 warned, 0 missed of 16 (twins: 8 quiet, 0 false errors).  Caught
now: a fork-owned tuple use (an unpack, a subscript, a ``for``, ``len``/``tuple``/``list``/``iter``, a ``*``
splat, ``_replace``/``_asdict``/``_fields``/``_make``) of a name typed as a class upstream took off
``NamedTuple`` and left without the tuple protocol (type drift, ``drift/untupled.py``).

  python benchmarks/blind_replay_cgwarmup.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #19299 (eaa2e51088): CompilationCounter.num_cudagraph_caputured renamed num_cudagraph_captured
CC = "eaa2e51088"
CCW = "CompilationCounter.num_cudagraph_caputured renamed num_cudagraph_captured"
CNT = "from vllm.compilation.counter import compilation_counter\n\n\n"
CASES += [
    (
        "#19299 counter field renamed",
        "a read off the global counter",
        K(
            "#19299",
            CC,
            CCW,
            "vllm/aeon/cc1.py",
            CNT + "def aeon_graphs_captured() -> int:\n"
            "    # AEON: the Spark's startup report prints how many graphs it captured\n"
            "    return compilation_counter.num_cudagraph_caputured\n",
            "return compilation_counter.num_cudagraph_caputured",
        ),
    ),
    (
        "#19299 counter field renamed",
        "an increment in a fork backend",
        K(
            "#19299",
            CC,
            CCW,
            "vllm/aeon/cc2.py",
            CNT + "class AeonGraphCapturer:\n"
            "    def capture(self, graph) -> None:\n"
            "        graph.capture_end()\n"
            "        compilation_counter.num_cudagraph_caputured += 1\n",
            "compilation_counter.num_cudagraph_caputured += 1",
        ),
    ),
    (
        "#19299 counter field renamed",
        "twin: a counter field that stayed",
        K(
            "#19299",
            CC,
            CCW,
            "vllm/aeon/cc3.py",
            CNT + "def aeon_graphs_seen() -> int:\n    return compilation_counter.num_graphs_seen\n",
            "return compilation_counter.num_graphs_seen",
        ),
    ),
]

# --- #34043 (c7914d30f9): BatchDescriptor a frozen dataclass, not a NamedTuple; relax_for_mixed_batch_cudagraphs gone
BD = "c7914d30f9"
BDW = "BatchDescriptor made a frozen dataclass; relax_for_mixed_batch_cudagraphs removed"
BDI = "from vllm.forward_context import BatchDescriptor\n\n\n"
CASES += [
    (
        "#34043 batch descriptor method removed",
        "a method call off a typed receiver",
        K(
            "#34043",
            BD,
            BDW,
            "vllm/aeon/bd1.py",
            BDI + "def aeon_piecewise_key(desc: BatchDescriptor) -> BatchDescriptor:\n"
            "    # AEON: mixed batches on GB10 fall back to the piecewise graphs\n"
            "    return desc.relax_for_mixed_batch_cudagraphs()\n",
            "return desc.relax_for_mixed_batch_cudagraphs()",
        ),
    ),
    (
        "#34043 batch descriptor no longer a tuple",
        "a NamedTuple _replace",
        K(
            "#34043",
            BD,
            BDW,
            "vllm/aeon/bd2.py",
            BDI + "def aeon_no_lora(desc: BatchDescriptor) -> BatchDescriptor:\n"
            "    return desc._replace(has_lora=False, num_active_loras=0)\n",
            "return desc._replace(has_lora=False, num_active_loras=0)",
        ),
    ),
    (
        "#34043 batch descriptor no longer a tuple",
        "a tuple unpacked",
        K(
            "#34043",
            BD,
            BDW,
            "vllm/aeon/bd3.py",
            BDI + "def aeon_tokens(desc: BatchDescriptor) -> int:\n"
            "    num_tokens, num_reqs, uniform, has_lora, num_active_loras = desc\n"
            "    return num_tokens\n",
            "num_tokens, num_reqs, uniform, has_lora, num_active_loras = desc",
        ),
    ),
    (
        "#34043 batch descriptor no longer a tuple",
        "twin: built by keyword and read by field",
        K(
            "#34043",
            BD,
            BDW,
            "vllm/aeon/bd4.py",
            BDI + "def aeon_decode_key(n: int) -> int:\n"
            "    desc = BatchDescriptor(num_tokens=n, uniform=True)\n"
            "    return desc.num_tokens\n",
            "return desc.num_tokens",
        ),
    ),
]

# --- #36098 (2dde535df1): start/end_monitoring_torch_compile replaced by monitor_torch_compile()
MO = "2dde535df1"
MOW = "start_monitoring_torch_compile/end_monitoring_torch_compile removed"
CASES += [
    (
        "#36098 monitor functions removed",
        "an import of a removed function",
        K(
            "#36098",
            MO,
            MOW,
            "vllm/aeon/mo1.py",
            "from vllm.compilation.monitor import end_monitoring_torch_compile, start_monitoring_torch_compile\n\n\n"
            "def aeon_compile(vllm_config, fn):\n"
            "    start_monitoring_torch_compile(vllm_config)\n"
            "    out = fn()\n"
            "    end_monitoring_torch_compile(vllm_config)\n"
            "    return out\n",
            "from vllm.compilation.monitor import end_monitoring_torch_compile, start_monitoring_torch_compile",
        ),
    ),
    (
        "#36098 monitor functions removed",
        "a module attribute",
        K(
            "#36098",
            MO,
            MOW,
            "vllm/aeon/mo2.py",
            "from vllm.compilation import monitor\n\n\n"
            "def aeon_start(vllm_config) -> None:\n"
            "    monitor.start_monitoring_torch_compile(vllm_config)\n",
            "monitor.start_monitoring_torch_compile(vllm_config)",
        ),
    ),
    (
        "#36098 monitor functions removed",
        "twin: a monitor function that stayed",
        K(
            "#36098",
            MO,
            MOW,
            "vllm/aeon/mo3.py",
            "from vllm.compilation.monitor import set_cudagraph_capturing_enabled\n\n\n"
            "def aeon_freeze() -> None:\n    set_cudagraph_capturing_enabled(False)\n",
            "set_cudagraph_capturing_enabled(False)",
        ),
    ),
]

# --- #25110 (2e0ad629b0): TorchCompileWrapperWithCustomDispatcher replaced by TorchCompileWithNoGuardsWrapper
WR = "2e0ad629b0"
WRW = "TorchCompileWrapperWithCustomDispatcher removed"
CASES += [
    (
        "#25110 wrapper class removed",
        "a subclass of the removed class",
        K(
            "#25110",
            WR,
            WRW,
            "vllm/aeon/wr1.py",
            "from vllm.compilation.wrapper import TorchCompileWrapperWithCustomDispatcher\n\n\n"
            "class AeonDispatcher(TorchCompileWrapperWithCustomDispatcher):\n"
            "    def forward(self, *args, **kwargs):\n"
            "        return self.model(*args, **kwargs)\n",
            "from vllm.compilation.wrapper import TorchCompileWrapperWithCustomDispatcher",
        ),
    ),
    (
        "#25110 wrapper class removed",
        "twin: an unchanged decorator from the sibling module",
        K(
            "#25110",
            WR,
            WRW,
            "vllm/aeon/wr2.py",
            "from vllm.compilation.decorators import support_torch_compile\n\n\n"
            "def aeon_compiled(cls):\n    return support_torch_compile(cls)\n",
            "return support_torch_compile(cls)",
        ),
    ),
]

# --- #24693 (2e6bc46821): deepgemm_grouped_fp8_gemm_nt_contiguous_warmup(model, max_tokens) -- new required arg
DG = "2e6bc46821"
DGW = "deepgemm_grouped_fp8_gemm_nt_contiguous_warmup takes a required max_tokens"
DGI = "from vllm.model_executor.warmup import deep_gemm_warmup as dgw\n\n\n"
CASES += [
    (
        "#24693 warm-up gains a required argument",
        "a call missing the new argument",
        K(
            "#24693",
            DG,
            DGW,
            "vllm/aeon/dg1.py",
            DGI + "def aeon_warm_moe(model) -> None:\n"
            "    # AEON: only the grouped GEMMs; the dense ones are warmed by the Spark's own path\n"
            "    dgw.deepgemm_grouped_fp8_gemm_nt_contiguous_warmup(model)\n",
            "dgw.deepgemm_grouped_fp8_gemm_nt_contiguous_warmup(model)",
        ),
    ),
    (
        "#24693 warm-up gains a required argument",
        "twin: the dense warm-up, unchanged",
        K(
            "#24693",
            DG,
            DGW,
            "vllm/aeon/dg2.py",
            DGI + "def aeon_warm_dense(model, max_tokens: int) -> None:\n"
            "    dgw.deepgemm_fp8_gemm_nt_warmup(model, max_tokens)\n",
            "dgw.deepgemm_fp8_gemm_nt_warmup(model, max_tokens)",
        ),
    ),
]

# --- #27904 (4022a9d279): flashinfer_autotune_supported removed from the kernel warm-up
FA = "4022a9d279"
FAW = "flashinfer_autotune_supported removed"
CASES += [
    (
        "#27904 warm-up helper removed",
        "an import of a removed function",
        K(
            "#27904",
            FA,
            FAW,
            "vllm/aeon/fa1.py",
            "from vllm.model_executor.warmup.kernel_warmup import flashinfer_autotune_supported\n\n\n"
            "def aeon_should_tune(vllm_config) -> bool:\n"
            "    return flashinfer_autotune_supported(vllm_config)\n",
            "from vllm.model_executor.warmup.kernel_warmup import flashinfer_autotune_supported",
        ),
    ),
    (
        "#27904 warm-up helper removed",
        "a module attribute",
        K(
            "#27904",
            FA,
            FAW,
            "vllm/aeon/fa2.py",
            "from vllm.model_executor.warmup import kernel_warmup\n\n\n"
            "def aeon_should_tune(vllm_config) -> bool:\n"
            "    return kernel_warmup.flashinfer_autotune_supported(vllm_config)\n",
            "return kernel_warmup.flashinfer_autotune_supported(vllm_config)",
        ),
    ),
    (
        "#27904 warm-up helper removed",
        "twin: the autotune entry point, kept",
        K(
            "#27904",
            FA,
            FAW,
            "vllm/aeon/fa3.py",
            "from vllm.model_executor.warmup import kernel_warmup\n\n\n"
            "def aeon_tune(runner) -> None:\n    kernel_warmup.flashinfer_autotune(runner)\n",
            "kernel_warmup.flashinfer_autotune(runner)",
        ),
    ),
]

# --- #13791 (374ee287d8): vllm.triton_utils.custom_cache_manager deleted, with the package's re-export
TC = "374ee287d8"
TCW = "custom_cache_manager module and maybe_set_triton_cache_manager removed"
CASES += [
    (
        "#13791 triton module deleted",
        "an import from the deleted module",
        K(
            "#13791",
            TC,
            TCW,
            "vllm/aeon/tc1.py",
            "from vllm.triton_utils.custom_cache_manager import CustomCacheManager\n\n\n"
            "class AeonCacheManager(CustomCacheManager):\n    pass\n",
            "from vllm.triton_utils.custom_cache_manager import CustomCacheManager",
        ),
    ),
    (
        "#13791 triton module deleted",
        "an import of the package's re-export",
        K(
            "#13791",
            TC,
            TCW,
            "vllm/aeon/tc2.py",
            "from vllm.triton_utils import maybe_set_triton_cache_manager\n\n\n"
            "def aeon_worker_init() -> None:\n    maybe_set_triton_cache_manager()\n",
            "from vllm.triton_utils import maybe_set_triton_cache_manager",
        ),
    ),
    (
        "#13791 triton module deleted",
        "twin: the package's kept name",
        K(
            "#13791",
            TC,
            TCW,
            "vllm/aeon/tc3.py",
            "from vllm.triton_utils import HAS_TRITON\n\n\ndef aeon_has_triton() -> bool:\n    return HAS_TRITON\n",
            "from vllm.triton_utils import HAS_TRITON",
        ),
    ),
]

# --- #10214 (36e4acd02a): vllm.triton_utils.libentry deleted
LE = "36e4acd02a"
LEW = "libentry module removed"
CASES += [
    (
        "#10214 triton module deleted",
        "a decorator from the deleted module",
        K(
            "#10214",
            LE,
            LEW,
            "vllm/aeon/le1.py",
            "from vllm.triton_utils.libentry import libentry\n\n\n@libentry()\ndef aeon_kernel(x):\n    return x\n",
            "from vllm.triton_utils.libentry import libentry",
        ),
    ),
]

# --- #46167 (d86c66c981): vllm.triton_utils.jit_monitor moved to vllm.utils.jit_monitor
JM = "d86c66c981"
JMW = "jit_monitor moved from vllm.triton_utils to vllm.utils"
CASES += [
    (
        "#46167 triton module moved",
        "an import of a function from the old module",
        K(
            "#46167",
            JM,
            JMW,
            "vllm/aeon/jm1.py",
            "from vllm.triton_utils.jit_monitor import activate\n\n\n"
            "def aeon_after_warmup() -> None:\n    activate(verbose=True)\n",
            "from vllm.triton_utils.jit_monitor import activate",
        ),
    ),
    (
        "#46167 triton module moved",
        "the module imported from its package",
        K(
            "#46167",
            JM,
            JMW,
            "vllm/aeon/jm2.py",
            "from vllm.triton_utils import jit_monitor\n\n\n"
            "def aeon_monitoring() -> bool:\n    return jit_monitor.is_active()\n",
            "from vllm.triton_utils import jit_monitor",
        ),
    ),
    (
        "#46167 triton module moved",
        "twin: the package's triton names",
        K(
            "#46167",
            JM,
            JMW,
            "vllm/aeon/jm3.py",
            "from vllm.triton_utils import tl, triton\n\n\n@triton.jit\ndef aeon_kernel(x_ptr):\n    tl.load(x_ptr)\n",
            "from vllm.triton_utils import tl, triton",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-cgwarmup-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
