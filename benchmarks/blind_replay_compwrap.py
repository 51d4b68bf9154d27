"""A blind replay of the torch.compile wrappers a fork's compile and CUDA-graph carries subclass or call.

10 first-parent commits on ``vllm/compilation/{decorators,backends,wrapper,cuda_graph,piecewise_backend,
compiler_interface,counter,monitor,caching}.py`` -- the wrappers a fork that compiles its own modules, adds its
own compiler adaptor or post-grad passes, or times its own compiles carries code against:
``InductorStandaloneAdaptor`` given a required ``save_format`` (a bare build, a subclass's ``super().__init__()``,
a subclass without its own constructor), ``VllmBackend.sym_tensor_indices``/``input_buffers`` dropped into a
closure with ``VllmSerializableFunction`` no longer imported at ``backends``' top and
``compilation_config_hash_factors`` removed, ``CompilerManager.cache``'s values turned from the compiler's handle
into a ``{"graph_handle", "cache_key"}`` dict, ``reconstruct_serializable_fn_from_mega_artifact`` given a
required ``fake_mode``, ``_support_torch_compile``'s ``is_encoder`` inserted before ``shape_invariants``,
``cuda_piecewise_backend`` renamed ``piecewise_backend``, ``_patch_constrain_to_fx_strides`` removed from the
compiler interface, the wrapper's guard no-ops removed, ``VllmBackend.configure_post_pass`` now called from the
constructor (before a subclass's own ``__init__`` body runs), and the compile clocks
(``monitor.torch_compile_start_time``, ``backends.compilation_start_time``) moved from ``time.time()`` to
``time.perf_counter()`` -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the
commits every other replay uses (``blind_replay_compile``, ``_compiler``, ``_passes``, ``_cudagraph``,
``_cgwarmup`` cover parts of this surface).  Each is replayed under 1-3 fork spellings written the way fork code
is written (a build of the class, a subclass's ``super().__init__()``, a subclass's ``self.`` read, a read off a
receiver typed as the class, an import, a module attribute, a dotted qualname string, a keyword call, a
positional call, an unpacking of a container's value, an override the base's constructor now calls, a clock
subtraction), with twins (fork code the commit does not break: the kept class or name, the new spelling, a
keyword call, an attribute set before ``super().__init__()``).  The merge base is the commit's first parent,
upstream is the commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in
its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at ecca8e89): 15 caught, 0 warned, 7 missed of 22 (twins: 11
quiet, 0 false errors).  Symbol drift caught the bare build and the constructor-less subclass's build of the
adaptor, the removed attributes, functions and module (import, alias, qualname string), the new required
``fake_mode`` (keyword and positional) and the positional argument now landing on ``is_encoder``.  The misses:
#27616's subclass ``super().__init__()`` (the base had no constructor of its own before, so the call of the
parent's new one was not read as a call), #35921's two (an unpacking and an int index of a cache value that is
now a two-key dict: the unpacking silently yields the keys), #35216's two (an override of ``configure_post_pass``
reading an attribute its class sets after ``super().__init__()``, which now calls the override first:
AttributeError at construction) and #34912's two (``time.time()`` minus a start upstream now takes from
``time.perf_counter()``: a meaningless number, no error).
After the killers162 widenings: 22 caught, 0 warned, 0 missed of 22 (twins: 12 quiet, 0 false errors; one twin,
the new clock, added after the blind run).  Caught now: a subclass's ``super().__init__(...)`` of a constructor
upstream gave a base whose constructor sat outside the tree (symbol drift's first ``__init__``,
``drift/symbols.py``); a method upstream's constructor now calls, overridden by a fork subclass that reads what
its own ``__init__`` sets only below ``super().__init__()`` (``drift/early_hooks.py``); a module's time stamp
upstream now takes from another clock, mixed by the fork with the old one (``drift/switched_clocks.py``); values
a container attribute now keeps as string-keyed dicts, unpacked or indexed by position (``drift/dict_elements.py``).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12, review15/16/17_twins 0
false errors (40, 30, 23 twins), review48_twins 0 false (41), blind_replay_compiler 23 caught, 2 warned of 25 (11
quiet; the two warned as before), blind_replay_compile 12/12 (9 quiet), blind_replay_cgwarmup 16/16 (8 quiet),
blind_replay_cudagraph 15/15 (9 quiet), blind_replay_passes 21/21 (12 quiet), blind_replay_structout 9/9 (7
quiet), blind_replay_engine 28/28 (19 quiet), blind_replay_kvevents 24/24 (16 quiet), ``symbol_precision.py
--windows 1``: 0 false errors (window 0: 5 broken overrides, 4 caught, 8 warnings).

  python benchmarks/blind_replay_compwrap.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #27616 (cac4c10ef0): InductorStandaloneAdaptor.__init__(save_format) made required
SF = "cac4c10ef0"
SFW = "InductorStandaloneAdaptor given a required save_format"
CI = "from vllm.compilation.compiler_interface import InductorAdaptor, InductorStandaloneAdaptor\n\n\n"
CASES += [
    (
        "#27616 required parameter added",
        "a bare build of the class",
        K(
            "#27616",
            SF,
            SFW,
            "vllm/aeon/sf1.py",
            CI + "def aeon_make_compiler(standalone: bool):\n"
            "    # AEON: the Spark's image ships a torch with standalone_compile\n"
            "    if standalone:\n"
            "        return InductorStandaloneAdaptor()\n"
            "    return InductorAdaptor()\n",
            "return InductorStandaloneAdaptor()",
        ),
    ),
    (
        "#27616 required parameter added",
        "a subclass's super().__init__()",
        K(
            "#27616",
            SF,
            SFW,
            "vllm/aeon/sf2.py",
            CI + "class AeonStandaloneAdaptor(InductorStandaloneAdaptor):\n"
            '    name = "aeon_standalone"\n\n'
            "    def __init__(self, aeon_tag: str) -> None:\n"
            "        super().__init__()\n"
            "        self.aeon_tag = aeon_tag\n",
            "super().__init__()",
        ),
    ),
    (
        "#27616 required parameter added",
        "a build of a subclass without its own constructor",
        K(
            "#27616",
            SF,
            SFW,
            "vllm/aeon/sf3.py",
            CI + "class AeonQuietAdaptor(InductorStandaloneAdaptor):\n"
            '    name = "aeon_quiet"\n\n\n'
            "def aeon_quiet_compiler() -> AeonQuietAdaptor:\n"
            "    return AeonQuietAdaptor()\n",
            "return AeonQuietAdaptor()",
        ),
    ),
    (
        "#27616 required parameter added",
        "twin: the other adaptor's build and super().__init__()",
        K(
            "#27616",
            SF,
            SFW,
            "vllm/aeon/sf4.py",
            CI + "class AeonInductorAdaptor(InductorAdaptor):\n"
            "    def __init__(self, aeon_tag: str) -> None:\n"
            "        super().__init__()\n"
            "        self.aeon_tag = aeon_tag\n\n\n"
            "def aeon_plain() -> InductorAdaptor:\n"
            "    return InductorAdaptor()\n",
            "super().__init__()",
        ),
    ),
]

# --- #25205 (7c5dedc247): VllmBackend's copy-inputs state moved into a closure; the hash factors removed
AO = "7c5dedc247"
AOW = "VllmBackend.sym_tensor_indices/input_buffers removed; compilation_config_hash_factors removed"
VB = "import torch\n\nfrom vllm.compilation.backends import VllmBackend\n\n\n"
CASES += [
    (
        "#25205 attribute removed",
        "a subclass's self. read",
        K(
            "#25205",
            AO,
            AOW,
            "vllm/aeon/ao1.py",
            VB + "class AeonBackend(VllmBackend):\n"
            "    def aeon_static_inputs(self) -> list[torch.Tensor]:\n"
            "        # AEON: the Spark's graph capture pins the static input buffers\n"
            "        return [buf for buf in self.input_buffers if buf is not None]\n",
            "return [buf for buf in self.input_buffers if buf is not None]",
        ),
    ),
    (
        "#25205 attribute removed",
        "a read off a receiver typed as the class",
        K(
            "#25205",
            AO,
            AOW,
            "vllm/aeon/ao2.py",
            VB + "def aeon_dynamic_arg_indices(backend: VllmBackend) -> list[int]:\n"
            "    return list(backend.sym_tensor_indices)\n",
            "return list(backend.sym_tensor_indices)",
        ),
    ),
    (
        "#25205 function removed",
        "an import of a removed function",
        K(
            "#25205",
            AO,
            AOW,
            "vllm/aeon/ao3.py",
            "from vllm.compilation.caching import compilation_config_hash_factors\n\n\n"
            "def aeon_cache_key(vllm_config) -> str:\n"
            '    return "-".join(compilation_config_hash_factors(vllm_config))\n',
            "from vllm.compilation.caching import compilation_config_hash_factors",
        ),
    ),
    (
        "#25205 attribute removed",
        "twin: a kept attribute and the class's home module",
        K(
            "#25205",
            AO,
            AOW,
            "vllm/aeon/ao4.py",
            "from vllm.compilation.backends import VllmBackend\n"
            "from vllm.compilation.caching import VllmSerializableFunction\n\n\n"
            "def aeon_describe(backend: VllmBackend, fn: VllmSerializableFunction) -> str:\n"
            '    return f"{backend.prefix}:{fn.prefix}"\n',
            'return f"{backend.prefix}:{fn.prefix}"',
        ),
    ),
]

# --- #35921 (dd6dbd93f8): CompilerManager.cache values a {"graph_handle", "cache_key"} dict, not the handle
CK = "dd6dbd93f8"
CKW = "CompilerManager.cache values made dicts"
CM = "from vllm.compilation.backends import CompilerManager\nfrom vllm.config.utils import Range\n\n\n"
CASES += [
    (
        "#35921 value shape changed",
        "an unpacking of a cache value",
        K(
            "#35921",
            CK,
            CKW,
            "vllm/aeon/ck1.py",
            CM + "class AeonCompilerManager(CompilerManager):\n"
            "    def aeon_artifact_path(self, compile_range: Range, graph_index: int) -> str | None:\n"
            "        # AEON: the Spark's warm-start prefetches the artifact files\n"
            "        entry = self.cache.get((compile_range, graph_index, self.compiler.name))\n"
            "        if entry is None:\n"
            "            return None\n"
            "        _key, path = entry\n"
            "        return path\n",
            "_key, path = entry",
        ),
    ),
    (
        "#35921 value shape changed",
        "an index of a cache value",
        K(
            "#35921",
            CK,
            CKW,
            "vllm/aeon/ck2.py",
            CM + "def aeon_artifact_paths(manager: CompilerManager) -> list[str]:\n"
            "    return [handle[1] for handle in manager.cache.values()]\n",
            "return [handle[1] for handle in manager.cache.values()]",
        ),
    ),
    (
        "#35921 value shape changed",
        "twin: a count and a membership test",
        K(
            "#35921",
            CK,
            CKW,
            "vllm/aeon/ck3.py",
            CM + "def aeon_cached(manager: CompilerManager, compile_range: Range) -> int:\n"
            "    return sum(1 for key in manager.cache if key[0] == compile_range)\n",
            "return sum(1 for key in manager.cache if key[0] == compile_range)",
        ),
    ),
]

# --- #40151 (98a242ff61): reconstruct_serializable_fn_from_mega_artifact given a required fake_mode
MA = "98a242ff61"
MAW = "reconstruct_serializable_fn_from_mega_artifact(fake_mode) required"
RC = "from vllm.compilation.caching import reconstruct_serializable_fn_from_mega_artifact\n\n\n"
CASES += [
    (
        "#40151 required parameter added",
        "a keyword call",
        K(
            "#40151",
            MA,
            MAW,
            "vllm/aeon/ma1.py",
            RC + "def aeon_rebuild(state, artifacts, vllm_config, sym_map, tuple_map):\n"
            "    # AEON: the Spark's fleet ships mega artifacts between nodes\n"
            "    return reconstruct_serializable_fn_from_mega_artifact(\n"
            "        state=state,\n"
            "        standalone_compile_artifacts=artifacts,\n"
            "        vllm_config=vllm_config,\n"
            "        sym_shape_indices_map=sym_map,\n"
            "        returns_tuple_map=tuple_map,\n"
            "    )\n",
            "return reconstruct_serializable_fn_from_mega_artifact(",
        ),
    ),
    (
        "#40151 required parameter added",
        "a positional call through a module alias",
        K(
            "#40151",
            MA,
            MAW,
            "vllm/aeon/ma2.py",
            "from vllm.compilation import caching\n\n\n"
            "def aeon_rebuild2(state, artifacts, vllm_config, sym_map, tuple_map):\n"
            "    fn = caching.reconstruct_serializable_fn_from_mega_artifact(state, artifacts, vllm_config, sym_map, tuple_map)\n"
            "    return fn\n",
            "fn = caching.reconstruct_serializable_fn_from_mega_artifact(state, artifacts, vllm_config, sym_map, tuple_map)",
        ),
    ),
    (
        "#40151 required parameter added",
        "twin: the kept classmethod",
        K(
            "#40151",
            MA,
            MAW,
            "vllm/aeon/ma3.py",
            "from vllm.compilation.caching import VllmSerializableFunction\n\n\n"
            "def aeon_load(data: bytes) -> VllmSerializableFunction:\n"
            "    return VllmSerializableFunction.deserialize_compile_artifacts(data)\n",
            "return VllmSerializableFunction.deserialize_compile_artifacts(data)",
        ),
    ),
]

# --- #37345 (7769b58307): _support_torch_compile's is_encoder inserted before shape_invariants
IE = "7769b58307"
IEW = "_support_torch_compile(is_encoder) inserted"
STC = (
    "import torch\nfrom torch import nn\n\nfrom vllm.compilation.decorators import _support_torch_compile\n\n\n"
    "class AeonVisionBlockBase(nn.Module):\n"
    "    def forward(self, x: torch.Tensor) -> torch.Tensor:\n"
    "        return x\n\n\n"
    "def aeon_invariants(x: torch.Tensor) -> None:\n"
    "    torch._check(x.size(0) >= 1)\n\n\n"
)
CASES += [
    (
        "#37345 parameter inserted",
        "a positional call past the insertion",
        K(
            "#37345",
            IE,
            IEW,
            "vllm/aeon/ie1.py",
            STC + "# AEON: the Spark compiles the vision block with its own invariants\n"
            'AeonVisionBlock = _support_torch_compile(AeonVisionBlockBase, {"x": 0}, None, None, aeon_invariants)\n',
            'AeonVisionBlock = _support_torch_compile(AeonVisionBlockBase, {"x": 0}, None, None, aeon_invariants)',
        ),
    ),
    (
        "#37345 parameter inserted",
        "twin: the same call by keyword",
        K(
            "#37345",
            IE,
            IEW,
            "vllm/aeon/ie2.py",
            STC + "AeonVisionBlock = _support_torch_compile(\n"
            '    AeonVisionBlockBase, {"x": 0}, shape_invariants=aeon_invariants\n'
            ")\n",
            'AeonVisionBlockBase, {"x": 0}, shape_invariants=aeon_invariants',
        ),
    ),
]

# --- #23046 (f075693da7): vllm/compilation/cuda_piecewise_backend.py renamed piecewise_backend.py
PB = "f075693da7"
PBW = "cuda_piecewise_backend renamed piecewise_backend"
CASES += [
    (
        "#23046 module renamed",
        "an import from the old module",
        K(
            "#23046",
            PB,
            PBW,
            "vllm/aeon/pb1.py",
            "from vllm.compilation.cuda_piecewise_backend import PiecewiseBackend\n\n\n"
            "class AeonPiecewiseBackend(PiecewiseBackend):\n"
            "    pass\n",
            "from vllm.compilation.cuda_piecewise_backend import PiecewiseBackend",
        ),
    ),
    (
        "#23046 module renamed",
        "a module alias import",
        K(
            "#23046",
            PB,
            PBW,
            "vllm/aeon/pb2.py",
            "import vllm.compilation.cuda_piecewise_backend as cpb\n\n\n"
            "def aeon_entry(shape: int):\n"
            "    return cpb.ConcreteSizeEntry(runtime_shape=shape)\n",
            "import vllm.compilation.cuda_piecewise_backend as cpb",
        ),
    ),
    (
        "#23046 module renamed",
        "a dotted qualname string",
        K(
            "#23046",
            PB,
            PBW,
            "vllm/aeon/pb3.py",
            "from vllm.utils import resolve_obj_by_qualname\n\n"
            '_AEON_PIECEWISE = "vllm.compilation.cuda_piecewise_backend.PiecewiseBackend"\n\n\n'
            "def aeon_piecewise_cls():\n"
            "    return resolve_obj_by_qualname(_AEON_PIECEWISE)\n",
            '_AEON_PIECEWISE = "vllm.compilation.cuda_piecewise_backend.PiecewiseBackend"',
        ),
    ),
    (
        "#23046 module renamed",
        "twin: a kept class of the backends module",
        K(
            "#23046",
            PB,
            PBW,
            "vllm/aeon/pb4.py",
            "from vllm.compilation.backends import PiecewiseCompileInterpreter\n\n\n"
            "class AeonInterpreter(PiecewiseCompileInterpreter):\n"
            "    pass\n",
            "from vllm.compilation.backends import PiecewiseCompileInterpreter",
        ),
    ),
]

# --- #39286 (ba4a78eb5d): _patch_constrain_to_fx_strides removed from the compiler interface
CS = "ba4a78eb5d"
CSW = "_patch_constrain_to_fx_strides removed"
CASES += [
    (
        "#39286 function removed",
        "an import of the removed context manager",
        K(
            "#39286",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            "from vllm.compilation.compiler_interface import InductorAdaptor, _patch_constrain_to_fx_strides\n\n\n"
            "class AeonOpaqueAdaptor(InductorAdaptor):\n"
            "    def compile(self, graph, example_inputs, compiler_config, compile_range, key=None):\n"
            "        # AEON: the Spark's NVFP4 ops pass opaque scale objects\n"
            "        with _patch_constrain_to_fx_strides():\n"
            "            return super().compile(graph, example_inputs, compiler_config, compile_range, key)\n",
            "from vllm.compilation.compiler_interface import InductorAdaptor, _patch_constrain_to_fx_strides",
        ),
    ),
    (
        "#39286 function removed",
        "a module attribute call",
        K(
            "#39286",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            "from vllm.compilation import compiler_interface as ci\n\n\n"
            "def aeon_opaque_context():\n"
            "    return ci._patch_constrain_to_fx_strides()\n",
            "return ci._patch_constrain_to_fx_strides()",
        ),
    ),
    (
        "#39286 function removed",
        "twin: a kept helper",
        K(
            "#39286",
            CS,
            CSW,
            "vllm/aeon/cs3.py",
            "from vllm.compilation.compiler_interface import get_inductor_factors\n\n\n"
            "def aeon_factors() -> list:\n"
            "    return list(get_inductor_factors())\n",
            "return list(get_inductor_factors())",
        ),
    ),
]

# --- #36204 (52131f88d9): the wrapper's guard no-ops removed
NG = "52131f88d9"
NGW = "_noop_add_global_state_guard/_noop_add_torch_function_mode_stack_guard removed"
CASES += [
    (
        "#36204 function removed",
        "an import of a removed no-op",
        K(
            "#36204",
            NG,
            NGW,
            "vllm/aeon/ng1.py",
            "import torch\n\nfrom vllm.compilation.wrapper import _noop_add_global_state_guard\n\n\n"
            "def aeon_drop_global_state_guard() -> None:\n"
            "    # AEON: the Spark's drafter recompiles on every grad-mode flip otherwise\n"
            "    torch._C._dynamo.guards.GuardManager.add_global_state_guard = _noop_add_global_state_guard\n",
            "from vllm.compilation.wrapper import _noop_add_global_state_guard",
        ),
    ),
    (
        "#36204 function removed",
        "a module attribute",
        K(
            "#36204",
            NG,
            NGW,
            "vllm/aeon/ng2.py",
            "import torch\n\nfrom vllm.compilation import wrapper\n\n\n"
            "def aeon_drop_mode_stack_guard() -> None:\n"
            "    manager = torch._C._dynamo.guards.GuardManager\n"
            "    manager.add_torch_function_mode_stack_guard = wrapper._noop_add_torch_function_mode_stack_guard\n",
            "manager.add_torch_function_mode_stack_guard = wrapper._noop_add_torch_function_mode_stack_guard",
        ),
    ),
    (
        "#36204 function removed",
        "twin: the kept wrapper class",
        K(
            "#36204",
            NG,
            NGW,
            "vllm/aeon/ng3.py",
            "from vllm.compilation.wrapper import TorchCompileWithNoGuardsWrapper\n\n\n"
            "def aeon_is_compiled(module: TorchCompileWithNoGuardsWrapper) -> bool:\n"
            "    return bool(module.compiled)\n",
            "return bool(module.compiled)",
        ),
    ),
]

# --- #35216 (12fd17eb51): VllmBackend.configure_post_pass called from the constructor
PP = "12fd17eb51"
PPW = "configure_post_pass moved into VllmBackend.__init__"
PPH = (
    "from vllm.compilation.backends import VllmBackend\n"
    "from vllm.compilation.passes.inductor_pass import InductorPass\n"
    "from vllm.config import VllmConfig\n\n\n"
)
CASES += [
    (
        "#35216 hook called from the constructor",
        "an override reading an attribute set after super().__init__()",
        K(
            "#35216",
            PP,
            PPW,
            "vllm/aeon/pp1.py",
            PPH + "class AeonBackend(VllmBackend):\n"
            '    def __init__(self, vllm_config: VllmConfig, prefix: str = "", is_encoder: bool = False) -> None:\n'
            "        super().__init__(vllm_config, prefix, is_encoder)\n"
            "        self.aeon_passes: list[InductorPass] = []\n\n"
            "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        # AEON: the Spark's NVFP4 fusion runs after upstream's passes\n"
            "        for aeon_pass in self.aeon_passes:\n"
            "            self.pass_manager.add(aeon_pass)\n",
            "for aeon_pass in self.aeon_passes:",
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "an override calling a method on an attribute set after super().__init__()",
        K(
            "#35216",
            PP,
            PPW,
            "vllm/aeon/pp2.py",
            PPH + "class AeonFusionBackend(VllmBackend):\n"
            '    def __init__(self, vllm_config: VllmConfig, fusion: InductorPass, prefix: str = "") -> None:\n'
            "        super().__init__(vllm_config, prefix)\n"
            "        self.aeon_fusion = fusion\n\n"
            "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        self.pass_manager.add(self.aeon_fusion)\n",
            "self.pass_manager.add(self.aeon_fusion)",
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "twin: the attribute set before super().__init__()",
        K(
            "#35216",
            PP,
            PPW,
            "vllm/aeon/pp3.py",
            PPH + "class AeonEarlyBackend(VllmBackend):\n"
            '    def __init__(self, vllm_config: VllmConfig, fusion: InductorPass, prefix: str = "") -> None:\n'
            "        self.aeon_fusion = fusion\n"
            "        super().__init__(vllm_config, prefix)\n\n"
            "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        self.pass_manager.add(self.aeon_fusion)\n",
            "self.pass_manager.add(self.aeon_fusion)",
        ),
    ),
    (
        "#35216 hook called from the constructor",
        "twin: an override reading only the base's attributes",
        K(
            "#35216",
            PP,
            PPW,
            "vllm/aeon/pp4.py",
            PPH + "class AeonLoggedBackend(VllmBackend):\n"
            '    def __init__(self, vllm_config: VllmConfig, prefix: str = "") -> None:\n'
            "        super().__init__(vllm_config, prefix)\n"
            "        self.aeon_calls = 0\n\n"
            "    def configure_post_pass(self) -> None:\n"
            "        super().configure_post_pass()\n"
            "        self.pass_manager.configure(self.vllm_config)\n",
            "self.pass_manager.configure(self.vllm_config)",
        ),
    ),
]

# --- #34912 (f863994084): the compile clocks moved from time.time() to time.perf_counter()
TC = "f863994084"
TCW = "torch_compile_start_time/compilation_start_time from time.perf_counter()"
CASES += [
    (
        "#34912 clock changed",
        "a wall-clock subtraction of the monitor's start",
        K(
            "#34912",
            TC,
            TCW,
            "vllm/aeon/tc1.py",
            "import time\n\nfrom vllm.compilation import monitor\n\n\n"
            "def aeon_compile_seconds() -> float:\n"
            "    # AEON: the Spark's startup report charts the compile phase\n"
            "    return time.time() - monitor.torch_compile_start_time\n",
            "return time.time() - monitor.torch_compile_start_time",
        ),
    ),
    (
        "#34912 clock changed",
        "a wall-clock subtraction of the backend's start",
        K(
            "#34912",
            TC,
            TCW,
            "vllm/aeon/tc2.py",
            "import time\n\nimport vllm.compilation.backends as cb\n\n\n"
            "def aeon_graph_seconds() -> float:\n"
            "    now = time.time()\n"
            "    return now - cb.compilation_start_time\n",
            "return now - cb.compilation_start_time",
        ),
    ),
    (
        "#34912 clock changed",
        "twin: the config's duration",
        K(
            "#34912",
            TC,
            TCW,
            "vllm/aeon/tc3.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_compile_total(vllm_config: VllmConfig) -> float:\n"
            "    return float(vllm_config.compilation_config.compilation_time)\n",
            "return float(vllm_config.compilation_config.compilation_time)",
        ),
    ),
    (
        "#34912 clock changed",
        "twin: the new clock (added after the blind run)",
        K(
            "#34912",
            TC,
            TCW,
            "vllm/aeon/tc4.py",
            "import time\n\nfrom vllm.compilation import monitor\n\n\n"
            "def aeon_compile_seconds2() -> float:\n"
            "    return time.perf_counter() - monitor.torch_compile_start_time\n",
            "return time.perf_counter() - monitor.torch_compile_start_time",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-compwrap-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
