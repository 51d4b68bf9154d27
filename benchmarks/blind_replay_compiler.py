"""A blind replay of the compilation machinery a fork's backend, adaptor or graph pass carries code against.

9 first-parent commits on ``vllm/compilation/{backends,compiler_interface,piecewise_backend,pass_manager,
inductor_pass,partition_rules}.py`` -- the classes and functions a fork's custom compiler adaptor, post-grad
pass or piecewise backend is written against: ``CompilerManager`` (its constructor's ``use_inductor`` flag
replaced by the compilation config; ``load``'s ``graph_index`` made a ``graph_hash``), ``CompilerInterface``
(``initialize_cache`` now handed a ``prefix=`` keyword by its caller; ``load``'s ``graph_index`` dropped, so an
override keeping it is called one argument short), ``VllmBackend.post_grad_pass_manager`` renamed
``pass_manager``, ``InductorPass.is_applicable_for_shape`` renamed ``is_applicable`` (the pass manager calls
the new name, so an override of the old one is never consulted), ``PiecewiseBackend``/``ConcreteSizeEntry``
moved off ``vllm.compilation.backends``, ``resolve_defined_ops`` removed and ``split_graph`` given operator
names, ``inductor_partition_rule_context``'s ``overloads`` parameter renamed ``splitting_ops``, and
``set_on_compilation_complete``/``PiecewiseBackend.check_for_ending_compilation`` removed when compilation
stopped being lazy -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits the other replays use.  Each is replayed under 1-3 fork spellings written the way fork code is written
(a subclass override with or without ``super()``, a subclass's ``self.`` read, a read off a receiver typed as
the class, a keyword call, a positional call, an import, a module-attribute call), with twins (fork code the
commit does not break: the kept method, the new spelling, an override that already takes the new keyword).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 340cb80b): 15 caught, 0 warned, 1 missed of 16 (twins: 9 quiet,
0 false errors).  The miss: #17057's positional spelling (``CompilerManager.__init__(use_inductor: bool)`` became
``__init__(compilation_config: CompilationConfig)``; a fork call still passing the flag positionally,
``CompilerManager(config.use_inductor)``, now hands a bool to a slot typed as a class and fails at the
constructor's first attribute read).
After the killers137 widening: 16 caught, 0 warned, 0 missed of 16 (twins: 9 quiet, 0 false errors).  Caught now:
a constructor's slot renamed and retyped (symbol drift's renamed slot, ``drift/symbols.py``: a call of a class
reads the slots of the ``__init__`` it runs, as a call of a function reads its own; before, a class's call
skipped the renamed slot and only a keyword of the old name was caught).  Regression set at the widening's
head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17/34_twins 0 false errors (40, 30, 23, 35
twins), blind_replay_compile 12/12 (9 quiet), blind_replay_passes 21/21 (12 quiet), blind_replay_cudagraph
15/15 (9 quiet), blind_replay_cgwarmup 16/16 (8 quiet), blind_replay_runtime 33 caught, 2 warned of 35 (5
quiet; the two warned as before), blind_replay_ubatch 31/31 (11 quiet), blind_replay_inputs 22/22 (13 quiet),
``symbol_precision.py --windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught, 8 warnings).
Probes added after the blind run (labelled ``probe``; 9 spellings, 2 twins): seven more spellings of the same
commits (a subclass's ``super().__init__`` with the old flag, an int literal where the graph hash goes, an
interface override without ``super()``, ``getattr`` with a literal, a ``functools.partial``, a dotted module
path, an interface override of ``initialize_cache``), all caught by the engine before the widening too, and a
tenth commit, #26502 (``CompilationConfig.use_inductor: bool = True`` -> ``bool | None = None``, deprecated for
``backend`` and never filled back in): a fork's truth test of the field now takes the eager path.  Both its
spellings are *warned* (default drift, ``merge/default-drift``), left so by design: a user who sets the flag
still gets it, only the default's reader goes wrong, and a changed default is a warning throughout the engine.
With them: 23 caught, 2 warned, 0 missed of 25 (twins: 11 quiet, 0 false errors).

  python benchmarks/blind_replay_compiler.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #28623 (888152bf87): VllmBackend.post_grad_pass_manager renamed pass_manager
PM = "888152bf87"
PMW = "VllmBackend.post_grad_pass_manager -> pass_manager"
VB = "from vllm.compilation.backends import VllmBackend\nfrom vllm.compilation.inductor_pass import InductorPass\n\n\n"
CASES += [
    (
        "#28623 attribute renamed",
        "a subclass's self. read after super()",
        K(
            "#28623",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            VB + "class AeonBackend(VllmBackend):\n"
            "    aeon_pass: InductorPass | None = None\n\n"
            "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        # AEON: the Spark's fused all-gather pass runs after vLLM's own\n"
            "        if self.aeon_pass is not None:\n"
            "            self.post_grad_pass_manager.add(self.aeon_pass)\n",
            "self.post_grad_pass_manager.add(self.aeon_pass)",
        ),
    ),
    (
        "#28623 attribute renamed",
        "a read off a receiver typed as the class",
        K(
            "#28623",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            VB + "def aeon_pass_uuid(backend: VllmBackend) -> str:\n    return backend.post_grad_pass_manager.uuid()\n",
            "return backend.post_grad_pass_manager.uuid()",
        ),
    ),
    (
        "#28623 attribute renamed",
        "twin: the kept configure_post_pass",
        K(
            "#28623",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            VB + "def aeon_reconfigure(backend: VllmBackend) -> None:\n    backend.configure_post_pass()\n",
            "backend.configure_post_pass()",
        ),
    ),
]

# --- #26681 (b59dd19b55): InductorPass.is_applicable_for_shape renamed is_applicable
IA = "b59dd19b55"
IAW = "InductorPass.is_applicable_for_shape -> is_applicable"
IP = (
    "import torch.fx as fx\n\n"
    "from vllm.compilation.inductor_pass import InductorPass\n"
    "from vllm.compilation.vllm_inductor_pass import VllmInductorPass\n\n\n"
)
CASES += [
    (
        "#26681 method renamed",
        "a subclass override of the old name",
        K(
            "#26681",
            IA,
            IAW,
            "vllm/aeon/ia1.py",
            IP + "class AeonSmallBatchPass(VllmInductorPass):\n"
            "    # AEON: the Spark's fused decode kernel only pays off for small batches\n"
            "    def is_applicable_for_shape(self, shape: int | None) -> bool:\n"
            "        return shape is not None and shape <= 64\n\n"
            "    def __call__(self, graph: fx.Graph) -> None:\n"
            "        self.begin()\n"
            "        self.end_and_log()\n",
            "def is_applicable_for_shape(self, shape: int | None) -> bool:",
        ),
    ),
    (
        "#26681 method renamed",
        "a call on a typed receiver",
        K(
            "#26681",
            IA,
            IAW,
            "vllm/aeon/ia2.py",
            IP + "def aeon_applicable(passes: list[InductorPass], shape: int | None) -> list[InductorPass]:\n"
            "    return [p for p in passes if p.is_applicable_for_shape(shape)]\n",
            "return [p for p in passes if p.is_applicable_for_shape(shape)]",
        ),
    ),
    (
        "#26681 method renamed",
        "twin: the kept uuid",
        K(
            "#26681",
            IA,
            IAW,
            "vllm/aeon/ia3.py",
            IP + "def aeon_pass_ids(passes: list[InductorPass]) -> list[str]:\n    return [p.uuid() for p in passes]\n",
            "return [p.uuid() for p in passes]",
        ),
    ),
]

# --- #17057 (ea2236bf95): CompilerManager(use_inductor: bool) -> CompilerManager(compilation_config)
CM = "ea2236bf95"
CMW = "CompilerManager.__init__(use_inductor) -> (compilation_config)"
MGR = "from vllm.compilation.backends import CompilerManager\nfrom vllm.config import CompilationConfig\n\n\n"
CASES += [
    (
        "#17057 parameter replaced",
        "a keyword call",
        K(
            "#17057",
            CM,
            CMW,
            "vllm/aeon/cm1.py",
            MGR + "def aeon_eager_manager() -> CompilerManager:\n"
            "    # AEON: the Spark's bring-up runs without inductor\n"
            "    return CompilerManager(use_inductor=False)\n",
            "return CompilerManager(use_inductor=False)",
        ),
    ),
    (
        "#17057 parameter replaced",
        "a positional bool",
        K(
            "#17057",
            CM,
            CMW,
            "vllm/aeon/cm2.py",
            MGR + "def aeon_manager(config: CompilationConfig) -> CompilerManager:\n"
            "    return CompilerManager(config.use_inductor)\n",
            "return CompilerManager(config.use_inductor)",
        ),
    ),
    (
        "#17057 parameter replaced",
        "twin: the kept compute_hash",
        K(
            "#17057",
            CM,
            CMW,
            "vllm/aeon/cm3.py",
            MGR + "def aeon_hash(manager: CompilerManager, vllm_config) -> str:\n"
            "    return manager.compute_hash(vllm_config)\n",
            "return manager.compute_hash(vllm_config)",
        ),
    ),
]

# --- #19064 (d70bc7c029): CompilerManager hands its compiler's initialize_cache a prefix= keyword
IC = "d70bc7c029"
ICW = "CompilerInterface.initialize_cache(..., prefix=) passed by the caller"
AD = "from vllm.compilation.compiler_interface import InductorAdaptor\n\n\n"
CASES += [
    (
        "#19064 keyword handed to overrides",
        "an override without the new keyword",
        K(
            "#19064",
            IC,
            ICW,
            "vllm/aeon/ic1.py",
            AD + "class AeonAdaptor(InductorAdaptor):\n"
            "    # AEON: the Spark's compile cache lives on its NVMe scratch\n"
            "    def initialize_cache(self, cache_dir: str, disable_cache: bool = False):\n"
            "        super().initialize_cache(cache_dir, disable_cache)\n",
            "def initialize_cache(self, cache_dir: str, disable_cache: bool = False):",
        ),
    ),
    (
        "#19064 keyword handed to overrides",
        "twin: an override taking the prefix",
        K(
            "#19064",
            IC,
            ICW,
            "vllm/aeon/ic2.py",
            AD + "class AeonAdaptor2(InductorAdaptor):\n"
            "    def initialize_cache(self, cache_dir: str, disable_cache: bool = False, prefix: str = ''):\n"
            "        super().initialize_cache(cache_dir, disable_cache, prefix)\n",
            "def initialize_cache(self, cache_dir: str, disable_cache: bool = False, prefix: str = ''):",
        ),
    ),
]

# --- #18076 (f8d2cc5f55): PiecewiseBackend and ConcreteSizeEntry moved off vllm.compilation.backends
PB = "f8d2cc5f55"
PBW = "PiecewiseBackend/ConcreteSizeEntry moved to cuda_piecewise_backend"
CASES += [
    (
        "#18076 classes moved",
        "an import of the moved class",
        K(
            "#18076",
            PB,
            PBW,
            "vllm/aeon/pb1.py",
            "from vllm.compilation.backends import PiecewiseBackend\n\n\n"
            "class AeonPiecewiseBackend(PiecewiseBackend):\n"
            "    # AEON: the Spark captures its own graph pool\n"
            "    pass\n",
            "from vllm.compilation.backends import PiecewiseBackend",
        ),
    ),
    (
        "#18076 classes moved",
        "a module attribute of the moved entry",
        K(
            "#18076",
            PB,
            PBW,
            "vllm/aeon/pb2.py",
            "from vllm.compilation import backends\n\n\n"
            "def aeon_entry(shape: int):\n"
            "    return backends.ConcreteSizeEntry(runtime_shape=shape, need_to_compile=True, use_cudagraph=False)\n",
            "return backends.ConcreteSizeEntry(runtime_shape=shape, need_to_compile=True, use_cudagraph=False)",
        ),
    ),
    (
        "#18076 classes moved",
        "twin: split_graph and VllmBackend kept",
        K(
            "#18076",
            PB,
            PBW,
            "vllm/aeon/pb3.py",
            "from vllm.compilation.backends import VllmBackend, split_graph\n\n\n"
            "AEON_BACKEND = (VllmBackend, split_graph)\n",
            "from vllm.compilation.backends import VllmBackend, split_graph",
        ),
    ),
]

# --- #28081 (b158df2813): resolve_defined_ops removed; split_graph takes the operator names
RD = "b158df2813"
RDW = "resolve_defined_ops removed, split_graph(graph, splitting_ops: list[str])"
CASES += [
    (
        "#28081 function removed",
        "an import of the removed function",
        K(
            "#28081",
            RD,
            RDW,
            "vllm/aeon/rd1.py",
            "import torch.fx as fx\n\n"
            "from vllm.compilation.backends import split_graph\n"
            "from vllm.compilation.partition_rules import resolve_defined_ops\n\n\n"
            "def aeon_split(graph: fx.GraphModule, names: list[str]):\n"
            "    # AEON: the Spark also splits at its NVLink-C2C all-gather\n"
            "    return split_graph(graph, resolve_defined_ops(names + ['aeon::c2c_all_gather']))\n",
            "from vllm.compilation.partition_rules import resolve_defined_ops",
        ),
    ),
    (
        "#28081 function removed",
        "a module-attribute call",
        K(
            "#28081",
            RD,
            RDW,
            "vllm/aeon/rd2.py",
            "from vllm.compilation import partition_rules\n\n\n"
            "def aeon_overloads(names: list[str]) -> list:\n"
            "    return partition_rules.resolve_defined_ops(names)\n",
            "return partition_rules.resolve_defined_ops(names)",
        ),
    ),
    (
        "#28081 function removed",
        "twin: split_graph fed names",
        K(
            "#28081",
            RD,
            RDW,
            "vllm/aeon/rd3.py",
            "import torch.fx as fx\n\n"
            "from vllm.compilation.backends import split_graph\n\n\n"
            "def aeon_split2(graph: fx.GraphModule):\n"
            "    return split_graph(graph, ['vllm::unified_attention'])\n",
            "return split_graph(graph, ['vllm::unified_attention'])",
        ),
    ),
]

# --- #35472 (5569f5218d): set_on_compilation_complete and PiecewiseBackend.check_for_ending_compilation removed
LC = "5569f5218d"
LCW = "lazy compilation hooks removed"
CASES += [
    (
        "#35472 hooks removed",
        "an import of the removed context manager",
        K(
            "#35472",
            LC,
            LCW,
            "vllm/aeon/lc1.py",
            "from vllm.compilation.backends import set_on_compilation_complete\n\n\n"
            "def aeon_compile_then(fn, callback):\n"
            "    # AEON: the Spark snapshots its compile cache once every range is compiled\n"
            "    with set_on_compilation_complete(callback):\n"
            "        return fn()\n",
            "from vllm.compilation.backends import set_on_compilation_complete",
        ),
    ),
    (
        "#35472 hooks removed",
        "a subclass's self. call",
        K(
            "#35472",
            LC,
            LCW,
            "vllm/aeon/lc2.py",
            "from typing import Any\n\n"
            "from vllm.compilation.piecewise_backend import PiecewiseBackend\n\n\n"
            "class AeonPiecewiseBackend(PiecewiseBackend):\n"
            "    def aeon_finish(self) -> None:\n"
            "        self.check_for_ending_compilation()\n",
            "self.check_for_ending_compilation()",
        ),
    ),
    (
        "#35472 hooks removed",
        "twin: the kept is_last_graph",
        K(
            "#35472",
            LC,
            LCW,
            "vllm/aeon/lc3.py",
            "from vllm.compilation.piecewise_backend import PiecewiseBackend\n\n\n"
            "class AeonPiecewiseBackend2(PiecewiseBackend):\n"
            "    def aeon_is_tail(self) -> bool:\n"
            "        return self.is_last_graph\n",
            "return self.is_last_graph",
        ),
    ),
]

# --- #33641 (b1bb18de8d): CompilerInterface.load's graph_index dropped; CompilerManager.load takes a graph_hash
GL = "b1bb18de8d"
GLW = "load(..., graph_index, compile_range) -> load(..., compile_range)"
SA = (
    "from typing import Any\n\n"
    "import torch.fx as fx\n\n"
    "from vllm.compilation.backends import CompilerManager\n"
    "from vllm.compilation.compiler_interface import InductorStandaloneAdaptor\n"
    "from vllm.config.utils import Range\n\n\n"
)
CASES += [
    (
        "#33641 parameter removed",
        "an override forwarding to super()",
        K(
            "#33641",
            GL,
            GLW,
            "vllm/aeon/gl1.py",
            SA + "class AeonStandaloneAdaptor(InductorStandaloneAdaptor):\n"
            "    def load(self, handle: Any, graph: fx.GraphModule, example_inputs: list[Any], graph_index: int,\n"
            "             compile_range: Range):\n"
            "        # AEON: count warm loads per graph on the Spark\n"
            "        self.aeon_loads = getattr(self, 'aeon_loads', 0) + 1\n"
            "        return super().load(handle, graph, example_inputs, graph_index, compile_range)\n",
            "return super().load(handle, graph, example_inputs, graph_index, compile_range)",
        ),
    ),
    (
        "#33641 parameter removed",
        "a keyword call on a typed receiver",
        K(
            "#33641",
            GL,
            GLW,
            "vllm/aeon/gl2.py",
            SA + "def aeon_warm(manager: CompilerManager, graph: fx.GraphModule, inputs: list[Any], r: Range):\n"
            "    return manager.load(graph, inputs, graph_index=0, compile_range=r)\n",
            "return manager.load(graph, inputs, graph_index=0, compile_range=r)",
        ),
    ),
    (
        "#33641 parameter removed",
        "twin: an override of the kept compile",
        K(
            "#33641",
            GL,
            GLW,
            "vllm/aeon/gl3.py",
            SA + "class AeonStandaloneAdaptor2(InductorStandaloneAdaptor):\n"
            "    def compile(self, graph, example_inputs, compiler_config, compile_range, key=None):\n"
            "        return super().compile(graph, example_inputs, compiler_config, compile_range, key)\n",
            "return super().compile(graph, example_inputs, compiler_config, compile_range, key)",
        ),
    ),
]

# --- #27702 (6ab183813c): inductor_partition_rule_context(overloads) -> (splitting_ops: list[str])
PR = "6ab183813c"
PRW = "inductor_partition_rule_context(overloads) -> (splitting_ops)"
CASES += [
    (
        "#27702 parameter renamed",
        "a keyword call",
        K(
            "#27702",
            PR,
            PRW,
            "vllm/aeon/pr1.py",
            "from vllm.compilation.partition_rules import inductor_partition_rule_context, resolve_defined_ops\n\n\n"
            "def aeon_partitioned(fn, names: list[str]):\n"
            "    # AEON: partition at the Spark's own collective too\n"
            "    with inductor_partition_rule_context(overloads=resolve_defined_ops(names)):\n"
            "        return fn()\n",
            "with inductor_partition_rule_context(overloads=resolve_defined_ops(names)):",
        ),
    ),
    (
        "#27702 parameter renamed",
        "twin: resolve_defined_ops still there",
        K(
            "#27702",
            PR,
            PRW,
            "vllm/aeon/pr2.py",
            "from vllm.compilation.partition_rules import resolve_defined_ops\n\n\n"
            "def aeon_ops(names: list[str]) -> list:\n"
            "    return resolve_defined_ops(names)\n",
            "return resolve_defined_ops(names)",
        ),
    ),
]

# --- probes added after the blind run (killers137): other spellings of the same commits
CASES += [
    (
        "#17057 parameter replaced",
        "probe: a subclass's super().__init__ with the old flag",
        K(
            "#17057",
            CM,
            CMW,
            "vllm/aeon/cm4.py",
            MGR + "class AeonCompilerManager(CompilerManager):\n"
            "    def __init__(self, use_inductor: bool) -> None:\n"
            "        super().__init__(use_inductor)\n"
            "        self.aeon_hits = 0\n",
            "super().__init__(use_inductor)",
        ),
    ),
    (
        "#33641 parameter removed",
        "probe: an int literal where the graph hash goes",
        K(
            "#33641",
            GL,
            GLW,
            "vllm/aeon/gl4.py",
            SA + "def aeon_warm2(manager: CompilerManager, graph: fx.GraphModule, inputs: list[Any], r: Range):\n"
            "    return manager.load(graph, inputs, 0, r)\n",
            "return manager.load(graph, inputs, 0, r)",
        ),
    ),
    (
        "#33641 parameter removed",
        "probe: an override of the interface without super()",
        K(
            "#33641",
            GL,
            GLW,
            "vllm/aeon/gl5.py",
            SA + "from vllm.compilation.compiler_interface import CompilerInterface\n\n\n"
            "class AeonCompiler(CompilerInterface):\n"
            "    name = 'aeon'\n\n"
            "    def load(self, handle, graph, example_inputs, graph_index, compile_range):\n"
            "        return handle\n",
            "def load(self, handle, graph, example_inputs, graph_index, compile_range):",
        ),
    ),
    (
        "#28623 attribute renamed",
        "probe: getattr with a literal",
        K(
            "#28623",
            PM,
            PMW,
            "vllm/aeon/pm4.py",
            VB + "def aeon_manager_of(backend: VllmBackend):\n    return getattr(backend, 'post_grad_pass_manager')\n",
            "return getattr(backend, 'post_grad_pass_manager')",
        ),
    ),
    (
        "#26681 method renamed",
        "probe: a functools.partial of the old name",
        K(
            "#26681",
            IA,
            IAW,
            "vllm/aeon/ia4.py",
            "import functools\n\n" + IP + "def aeon_gate(p: InductorPass):\n"
            "    return functools.partial(p.is_applicable_for_shape, None)\n",
            "return functools.partial(p.is_applicable_for_shape, None)",
        ),
    ),
    (
        "#18076 classes moved",
        "probe: a dotted module path",
        K(
            "#18076",
            PB,
            PBW,
            "vllm/aeon/pb4.py",
            "import vllm.compilation.backends\n\n\nAEON_PIECEWISE = vllm.compilation.backends.PiecewiseBackend\n",
            "AEON_PIECEWISE = vllm.compilation.backends.PiecewiseBackend",
        ),
    ),
    (
        "#19064 keyword handed to overrides",
        "probe: an interface override without the keyword",
        K(
            "#19064",
            IC,
            ICW,
            "vllm/aeon/ic3.py",
            "from vllm.compilation.compiler_interface import CompilerInterface\n\n\n"
            "class AeonCompiler(CompilerInterface):\n"
            "    name = 'aeon'\n\n"
            "    def initialize_cache(self, cache_dir: str, disable_cache: bool = False) -> None:\n"
            "        self.cache_dir = cache_dir\n",
            "def initialize_cache(self, cache_dir: str, disable_cache: bool = False) -> None:",
        ),
    ),
    (
        "#17057 parameter replaced",
        "twin probe: a subclass's super().__init__ with the config",
        K(
            "#17057",
            CM,
            CMW,
            "vllm/aeon/cm5.py",
            MGR + "class AeonCompilerManager2(CompilerManager):\n"
            "    def __init__(self, compilation_config: CompilationConfig) -> None:\n"
            "        super().__init__(compilation_config)\n",
            "super().__init__(compilation_config)",
        ),
    ),
]

# --- #26502 (e3fdb627d9), a probe commit added after the blind run: CompilationConfig.use_inductor's default
#     True -> None (deprecated for ``backend``; nothing fills it back in), so a fork's truth test of it goes eager
UI = "e3fdb627d9"
UIW = "CompilationConfig.use_inductor: bool = True -> bool | None = None"
CC = "from vllm.config import CompilationConfig, VllmConfig\n\n\n"
CASES += [
    (
        "#26502 default made None",
        "probe: a truth test off a typed receiver",
        K(
            "#26502",
            UI,
            UIW,
            "vllm/aeon/ui1.py",
            CC + "def aeon_uses_inductor(config: CompilationConfig) -> bool:\n"
            "    # AEON: the Spark's FP4 kernels only fuse under inductor\n"
            "    if config.use_inductor:\n"
            "        return True\n"
            "    return False\n",
            "if config.use_inductor:",
        ),
    ),
    (
        "#26502 default made None",
        "probe: a conditional off a chained read",
        K(
            "#26502",
            UI,
            UIW,
            "vllm/aeon/ui2.py",
            CC + "def aeon_backend_name(vllm_config: VllmConfig) -> str:\n"
            "    return 'inductor' if vllm_config.compilation_config.use_inductor else 'eager'\n",
            "return 'inductor' if vllm_config.compilation_config.use_inductor else 'eager'",
        ),
    ),
    (
        "#26502 default made None",
        "twin probe: the backend read",
        K(
            "#26502",
            UI,
            UIW,
            "vllm/aeon/ui3.py",
            CC + "def aeon_uses_inductor2(config: CompilationConfig) -> bool:\n"
            "    return config.backend == 'inductor'\n",
            "return config.backend == 'inductor'",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-compiler-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
