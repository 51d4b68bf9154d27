"""A blind replay of the compilation backend a fork's post-grad passes and graph-split ops subclass or call.

7 first-parent commits on ``vllm/compilation/backends.py`` -- the backend a fork that adds its own post-grad
passes (NVFP4 fusion on GB10) and its own graph-split ops (speculative decoding) subclasses, calls
``split_graph`` on and reads ``SplitItem`` fields of: ``split_graph``'s ``ops: list[str]`` turned into
``resolved_ops: list[OpOverload]``, the post-grad pass manager moved off ``compilation_config.
inductor_compile_config`` into the backend's own ``inductor_config`` copy, ``configure_post_pass`` moved back
from the constructor to ``__call__`` (the revert of #35216), ``set_model_tag`` given ``is_encoder`` (callers now
pass it) and ``VllmBackend.is_encoder`` set by the constructor, ``_merge_empty_only_subgraphs`` given a required
``split_op_graphs``, ``VllmBackend.__call__`` returning a ``VllmSerializableFunction`` rather than the split
``GraphModule``, and ``PiecewiseBackend.capture_sizes``/``CompilationConfig.capture_sizes`` renamed
``cudagraph_capture_sizes`` -- picked by scanning that path's diff (``git log --first-parent -p``), avoiding the
commits other replays use (``blind_replay_compile``, ``_compiler``, ``_passes``, ``_compwrap`` cover parts of
this surface).  Each is replayed under 1-3 fork spellings written the way fork code is written (a keyword
call, a positional call with a list of strings, a subclass override's ``super()`` call followed by a read, a
read off a receiver typed as the class, a subclass constructor's read after ``super().__init__()``, a module
attribute patched with a narrower function, an attribute set before ``super().__init__()``, a call of a
private helper, an ``isinstance`` test of what ``super().__call__`` returns, a subclass's ``self.`` read, a
config read), with twins (fork code the commit does not break: the kept fields, the pass manager's own
``add``, an override still called later, a ``with set_model_tag(...)``, the kept helper, the kept name).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands
on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 73e96a56): 5 caught, 0 warned, 7 missed of 12 (twins: 7 quiet,
0 false errors).  Symbol drift caught ``split_graph``'s old keyword ``ops=``, the private helper's call without
its new required argument and both ``capture_sizes`` reads; shadowed attributes caught ``self.is_encoder`` set
before ``super().__init__()``.  The misses: #25845's positional list of op-name strings (still binds; the
strings now match no ``OpOverload``, so the graph is silently not split), #29340's two (a slot of
``compilation_config.inductor_compile_config`` that ``configure_post_pass`` no longer fills, read after its
``super()`` call and off a receiver typed as the backend with the literal key), #37733's two (the revert of
#35216: the constructor no longer calls ``configure_post_pass``, so a subclass constructor's read of
``self.inductor_config[self.pass_key]`` meets KeyError, and of ``self.pass_manager.passes`` gets no passes),
#30489's patch of ``backends.set_model_tag`` with a one-parameter function (the vision model imports the name
inside its constructor and now passes ``is_encoder=True``: TypeError), #24274's ``isinstance(compiled,
fx.GraphModule)`` of what ``super().__call__`` returns (now a ``VllmSerializableFunction``: the fork's branch
is dead).  No label changed after the blind run.
After the killers198 widenings: 8 caught, 1 warned, 3 missed of 12 (twins: 7 quiet, 0 false errors).  Caught
now: a hook upstream's constructor no longer calls, whose slot a fork subclass reads after
``super().__init__()`` (``drift/late_hooks.py``; the configured-passes read is a warning: what a field of an
object the hook only configured holds before it runs is not read); a slot an overridden method no longer
stores, read after the override's ``super().M()`` call (``dropped_slot_drift`` in the same module); a patch of
the defining module reaching a function-local import whose new call it cannot take
(``drift/patched_functions.py``).  Still missed: #25845's strings (a parameter's element type moved from ``str``
to a class outside the tree: nothing says no string is one), #29340's read off a typed receiver with a literal
key (the base stored under ``self.pass_key``, whose value the engine cannot know), #24274's ``isinstance``
(the new class derives a class outside the tree, which might be a ``GraphModule``).
Regression set at the widenings' head: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 quiet),
blind_replay_compwrap 22/22 (12 quiet), review73_twins 6/6, 0 false errors of 34 (3 warned), blind_replay_scoring
22/22 (10 quiet), blind_replay_pstate 21 caught, 1 warned of 22 (11 quiet, 1 warned), blind_replay_tfbackend 24
caught, 2 warned of 26 (11 quiet), review82_twins 11/11, 0 false errors of 29 (4 warned) -- each as before.
mend72: ``symbols.py``'s ``_dead_result_test`` -- an ``isinstance`` test of a local bound once to a call whose
upstream def now returns, on every path, builds of classes that are not the tested one nor derive from it --
catches #24274 (an error: every return of the new ``__call__`` builds a ``VllmSerializableFunction``, whose
outside base ``SerializableCallable`` is not named ``GraphModule``).  Three twins added (the test under a version
test, an ``else``, a test for the new class): quiet.

  python benchmarks/blind_replay_compbackends.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #25845 (cddce79fda): split_graph(graph, ops: list[str]) -> split_graph(graph, resolved_ops: list[OpOverload])
SG = "cddce79fda"
SGW = "split_graph's ops (op names) turned into resolved_ops (OpOverloads)"
SGI = "import torch.fx as fx\n\nfrom vllm.compilation.backends import SplitItem, split_graph\n\n"
AEON_OPS = 'AEON_SPLIT_OPS = ["vllm.unified_attention", "aeon.spec_verify"]\n\n\n'
CASES += [
    (
        "#25845 parameter renamed and retyped",
        "a keyword call with the old name",
        K(
            "#25845",
            SG,
            SGW,
            "vllm/aeon/sg1.py",
            SGI + AEON_OPS + "def aeon_split(gm: fx.GraphModule) -> tuple[fx.GraphModule, list[SplitItem]]:\n"
            "    # AEON: speculative decoding splits the graph at the verify op as well\n"
            "    return split_graph(gm, ops=AEON_SPLIT_OPS)\n",
            "return split_graph(gm, ops=AEON_SPLIT_OPS)",
        ),
    ),
    (
        "#25845 parameter renamed and retyped",
        "a positional call with a list of op-name strings",
        K(
            "#25845",
            SG,
            SGW,
            "vllm/aeon/sg2.py",
            SGI + "def aeon_split_at_verify(gm: fx.GraphModule) -> list[SplitItem]:\n"
            "    # AEON: the drafter's graph is split at attention and at the verify op\n"
            '    _, items = split_graph(gm, ["vllm.unified_attention", "aeon.spec_verify"])\n'
            "    return items\n",
            '_, items = split_graph(gm, ["vllm.unified_attention", "aeon.spec_verify"])',
        ),
    ),
    (
        "#25845 parameter renamed and retyped",
        "twin: the SplitItem fields read",
        K(
            "#25845",
            SG,
            SGW,
            "vllm/aeon/sg3.py",
            SGI + "def aeon_piece_names(items: list[SplitItem]) -> list[str]:\n"
            "    # AEON: the Spark's graph capture skips the splitting pieces\n"
            "    return [it.submod_name for it in items if not it.is_splitting_graph]\n",
            "return [it.submod_name for it in items if not it.is_splitting_graph]",
        ),
    ),
]

# --- #29340 (e7d776273d): the post-grad pass manager kept in VllmBackend.inductor_config, off the config
PM = "e7d776273d"
PMW = "PostGradPassManager moved off compilation_config.inductor_compile_config"
VB = "from vllm.compilation.backends import VllmBackend\nfrom vllm.compilation.inductor_pass import InductorPass\n\n\nclass AeonNvfp4FusionPass(InductorPass):\n    def __init__(self, config) -> None:\n        self.config = config\n\n    def __call__(self, graph) -> None:\n        pass\n\n\n"
CASES += [
    (
        "#29340 dict entry moved",
        "a subclass override's super() call, then a read of the config's pass slot",
        K(
            "#29340",
            PM,
            PMW,
            "vllm/aeon/pm1.py",
            VB + "class AeonBackend(VllmBackend):\n"
            "    def configure_post_pass(self):\n"
            "        super().configure_post_pass()\n"
            "        # AEON: NVFP4 fusion on GB10 runs after vLLM's own post-grad passes\n"
            "        pm = self.compilation_config.inductor_compile_config[self.pass_key]\n"
            "        pm.add(AeonNvfp4FusionPass(self.vllm_config))\n",
            "pm = self.compilation_config.inductor_compile_config[self.pass_key]",
        ),
    ),
    (
        "#29340 dict entry moved",
        "a read of the config's pass slot off a receiver typed as the class",
        K(
            "#29340",
            PM,
            PMW,
            "vllm/aeon/pm2.py",
            VB + "def aeon_pass_uuid(backend: VllmBackend) -> str:\n"
            "    # AEON: the Spark's cache key carries the post-grad passes' uuid\n"
            '    return backend.compilation_config.inductor_compile_config["post_grad_custom_post_pass"].uuid()\n',
            'return backend.compilation_config.inductor_compile_config["post_grad_custom_post_pass"].uuid()',
        ),
    ),
    (
        "#29340 dict entry moved",
        "twin: the pass manager's own add after super()",
        K(
            "#29340",
            PM,
            PMW,
            "vllm/aeon/pm3.py",
            VB + "class AeonBackend2(VllmBackend):\n"
            "    def configure_post_pass(self):\n"
            "        super().configure_post_pass()\n"
            "        # AEON: NVFP4 fusion on GB10\n"
            "        self.pass_manager.add(AeonNvfp4FusionPass(self.vllm_config))\n",
            "self.pass_manager.add(AeonNvfp4FusionPass(self.vllm_config))",
        ),
    ),
]

# --- #37733 (1fa1e53a73): configure_post_pass no longer called by VllmBackend.__init__, again by __call__
RV = "1fa1e53a73"
RVW = "configure_post_pass moved from VllmBackend.__init__ back to __call__"
RVI = "from vllm.compilation.backends import VllmBackend\nfrom vllm.compilation.inductor_pass import InductorPass\n\n\nclass AeonNvfp4FusionPass(InductorPass):\n    def __init__(self, config) -> None:\n        self.config = config\n\n    def __call__(self, graph) -> None:\n        pass\n\n\n"
CASES += [
    (
        "#37733 hook called later",
        "a subclass constructor's read of the pass slot after super().__init__()",
        K(
            "#37733",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            RVI + "class AeonBackend(VllmBackend):\n"
            '    def __init__(self, vllm_config, prefix: str = "", is_encoder: bool = False) -> None:\n'
            "        super().__init__(vllm_config, prefix, is_encoder)\n"
            "        # AEON: NVFP4 fusion on GB10, set up once the passes are configured\n"
            "        self.inductor_config[self.pass_key].add(AeonNvfp4FusionPass(vllm_config))\n",
            "self.inductor_config[self.pass_key].add(AeonNvfp4FusionPass(vllm_config))",
        ),
    ),
    (
        "#37733 hook called later",
        "a subclass constructor's read of the configured passes after super().__init__()",
        K(
            "#37733",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            RVI + "class AeonBackend2(VllmBackend):\n"
            '    def __init__(self, vllm_config, prefix: str = "", is_encoder: bool = False) -> None:\n'
            "        super().__init__(vllm_config, prefix, is_encoder)\n"
            "        # AEON: the Spark logs which post-grad passes run on sm_121a\n"
            "        self.aeon_pass_names = [type(p).__name__ for p in self.pass_manager.passes]\n",
            "self.aeon_pass_names = [type(p).__name__ for p in self.pass_manager.passes]",
        ),
    ),
    (
        "#37733 hook called later",
        "twin: an override of configure_post_pass, still called (later)",
        K(
            "#37733",
            RV,
            RVW,
            "vllm/aeon/rv3.py",
            RVI + "class AeonBackend3(VllmBackend):\n"
            "    def configure_post_pass(self):\n"
            "        super().configure_post_pass()\n"
            "        # AEON: NVFP4 fusion on GB10\n"
            "        self.pass_manager.add(AeonNvfp4FusionPass(self.vllm_config))\n",
            "self.pass_manager.add(AeonNvfp4FusionPass(self.vllm_config))",
        ),
    ),
]

# --- #30489 (3224ea9915): set_model_tag(tag, is_encoder=False); VllmBackend.__init__ sets self.is_encoder
ET = "3224ea9915"
ETW = "set_model_tag given is_encoder (callers pass it); VllmBackend.is_encoder set by the constructor"
CASES += [
    (
        "#30489 callers pass a new keyword",
        "a module attribute patched with a narrower function",
        K(
            "#30489",
            ET,
            ETW,
            "vllm/aeon/et1.py",
            "from contextlib import contextmanager\n\n"
            "from vllm.compilation import backends\n\n"
            "_orig_set_model_tag = backends.set_model_tag\n\n\n"
            "@contextmanager\n"
            "def aeon_set_model_tag(tag: str):\n"
            "    # AEON: the drafter's pieces get a spec-decoding tag on the Spark\n"
            '    with _orig_set_model_tag(f"aeon_{tag}"):\n'
            "        yield\n\n\n"
            "backends.set_model_tag = aeon_set_model_tag\n",
            "backends.set_model_tag = aeon_set_model_tag",
        ),
    ),
    (
        "#30489 attribute now set by the base constructor",
        "an attribute set before super().__init__()",
        K(
            "#30489",
            ET,
            ETW,
            "vllm/aeon/et2.py",
            "from vllm.compilation.backends import VllmBackend\n\n\n"
            "class AeonEncoderBackend(VllmBackend):\n"
            '    def __init__(self, vllm_config, prefix: str = "") -> None:\n'
            "        # AEON: the vision tower compiles as an encoder on the Spark\n"
            "        self.is_encoder = True\n"
            "        super().__init__(vllm_config, prefix)\n",
            "self.is_encoder = True",
        ),
    ),
    (
        "#30489 callers pass a new keyword",
        "twin: a with set_model_tag(...) call",
        K(
            "#30489",
            ET,
            ETW,
            "vllm/aeon/et3.py",
            "from vllm.compilation.backends import set_model_tag\n\n\n"
            "def aeon_build_drafter(build):\n"
            "    # AEON: the speculative drafter compiles under its own tag\n"
            '    with set_model_tag("aeon_eagle_head"):\n'
            "        return build()\n",
            'with set_model_tag("aeon_eagle_head"):',
        ),
    ),
]

# --- #36595 (ca5fb4bbd8): _merge_empty_only_subgraphs given a required split_op_graphs
ME = "ca5fb4bbd8"
MEW = "_merge_empty_only_subgraphs given a required split_op_graphs"
MEI = "import torch.fx as fx\n\nfrom vllm.compilation.backends import _is_empty_allocation_node, _merge_empty_only_subgraphs\n\n\n"
CASES += [
    (
        "#36595 required parameter added",
        "a call of the private helper",
        K(
            "#36595",
            ME,
            MEW,
            "vllm/aeon/me1.py",
            MEI + "def aeon_assign(gm: fx.GraphModule) -> dict[fx.Node, int]:\n"
            "    # AEON: speculative decoding's own split assigns the verify op its own piece\n"
            "    ids: dict[fx.Node, int] = {}\n"
            "    for i, node in enumerate(gm.graph.nodes):\n"
            "        ids[node] = i\n"
            "    _merge_empty_only_subgraphs(ids)\n"
            "    return ids\n",
            "_merge_empty_only_subgraphs(ids)",
        ),
    ),
    (
        "#36595 required parameter added",
        "twin: the kept helper",
        K(
            "#36595",
            ME,
            MEW,
            "vllm/aeon/me2.py",
            MEI + "def aeon_count_empty(gm: fx.GraphModule) -> int:\n"
            "    return sum(1 for n in gm.graph.nodes if _is_empty_allocation_node(n))\n",
            "return sum(1 for n in gm.graph.nodes if _is_empty_allocation_node(n))",
        ),
    ),
]

# --- #24274 (eef921f45e): VllmBackend.__call__ returns a VllmSerializableFunction, not the split GraphModule
SF = "eef921f45e"
SFW = "VllmBackend.__call__ returns a VllmSerializableFunction"
CASES += [
    (
        "#24274 return type changed",
        "an isinstance test of what super().__call__ returns",
        K(
            "#24274",
            SF,
            SFW,
            "vllm/aeon/sf1.py",
            "import torch.fx as fx\n\nfrom vllm.compilation.backends import VllmBackend\n\n\n"
            "class AeonBackend(VllmBackend):\n"
            "    def __call__(self, graph: fx.GraphModule, example_inputs):\n"
            "        compiled = super().__call__(graph, example_inputs)\n"
            "        # AEON: the Spark keeps the split module to dump its pieces for sm_121a\n"
            "        if isinstance(compiled, fx.GraphModule):\n"
            "            self.aeon_split = compiled\n"
            "        return compiled\n",
            "if isinstance(compiled, fx.GraphModule):",
        ),
    ),
    (
        "#24274 return type changed",
        "twin: the result passed through and called",
        K(
            "#24274",
            SF,
            SFW,
            "vllm/aeon/sf2.py",
            "import torch.fx as fx\n\nfrom vllm.compilation.backends import VllmBackend\n\n\n"
            "class AeonBackend2(VllmBackend):\n"
            "    def __call__(self, graph: fx.GraphModule, example_inputs):\n"
            "        # AEON: the Spark counts its compiles\n"
            "        self.aeon_calls = getattr(self, 'aeon_calls', 0) + 1\n"
            "        return super().__call__(graph, example_inputs)\n",
            "return super().__call__(graph, example_inputs)",
        ),
    ),
    (
        "#24274 return type changed",
        "twin: the test under a version test (the fork's path for the older upstream)",
        K(
            "#24274",
            SF,
            SFW,
            "vllm/aeon/sf3.py",
            "import torch.fx as fx\n\nimport vllm\nfrom vllm.compilation.backends import VllmBackend\n\n\n"
            "class AeonBackend3(VllmBackend):\n"
            "    def __call__(self, graph: fx.GraphModule, example_inputs):\n"
            "        compiled = super().__call__(graph, example_inputs)\n"
            "        if vllm.__version__ < '0.11.1':\n"
            "            if isinstance(compiled, fx.GraphModule):\n"
            "                self.aeon_split = compiled\n"
            "        return compiled\n",
            "            if isinstance(compiled, fx.GraphModule):",
        ),
    ),
    (
        "#24274 return type changed",
        "twin: an else handles what upstream returns now",
        K(
            "#24274",
            SF,
            SFW,
            "vllm/aeon/sf4.py",
            "import torch.fx as fx\n\nfrom vllm.compilation.backends import VllmBackend\n\n\n"
            "class AeonBackend4(VllmBackend):\n"
            "    def __call__(self, graph: fx.GraphModule, example_inputs):\n"
            "        compiled = super().__call__(graph, example_inputs)\n"
            "        if isinstance(compiled, fx.GraphModule):\n"
            "            self.aeon_split = compiled\n"
            "        else:\n"
            "            self.aeon_split = self.split_gm\n"
            "        return compiled\n",
            "        if isinstance(compiled, fx.GraphModule):",
        ),
    ),
    (
        "#24274 return type changed",
        "twin: a test for the new class",
        K(
            "#24274",
            SF,
            SFW,
            "vllm/aeon/sf5.py",
            "import torch.fx as fx\n\nfrom vllm.compilation.backends import VllmBackend\n"
            "from vllm.compilation.caching import VllmSerializableFunction\n\n\n"
            "class AeonBackend5(VllmBackend):\n"
            "    def __call__(self, graph: fx.GraphModule, example_inputs):\n"
            "        compiled = super().__call__(graph, example_inputs)\n"
            "        if isinstance(compiled, VllmSerializableFunction):\n"
            "            self.aeon_split = self.split_gm\n"
            "        return compiled\n",
            "        if isinstance(compiled, VllmSerializableFunction):",
        ),
    ),
]

# --- #12243 (6e650f56a1): PiecewiseBackend.capture_sizes / CompilationConfig.capture_sizes renamed
CS = "6e650f56a1"
CSW = "capture_sizes renamed cudagraph_capture_sizes"
CASES += [
    (
        "#12243 attribute renamed",
        "a subclass's self. read",
        K(
            "#12243",
            CS,
            CSW,
            "vllm/aeon/cs1.py",
            "from vllm.compilation.backends import PiecewiseBackend\n\n\n"
            "class AeonPiecewiseBackend(PiecewiseBackend):\n"
            "    def aeon_capture_plan(self) -> list[int]:\n"
            "        # AEON: the Spark's 128 GB unified memory captures every size\n"
            "        return sorted(self.capture_sizes)\n",
            "return sorted(self.capture_sizes)",
        ),
    ),
    (
        "#12243 attribute renamed",
        "a config read",
        K(
            "#12243",
            CS,
            CSW,
            "vllm/aeon/cs2.py",
            "from vllm.config import VllmConfig\n\n\n"
            "def aeon_largest_capture(vllm_config: VllmConfig) -> int:\n"
            "    # AEON: speculative decoding pads the drafter's batch to the largest captured size\n"
            "    return max(vllm_config.compilation_config.capture_sizes)\n",
            "return max(vllm_config.compilation_config.capture_sizes)",
        ),
    ),
    (
        "#12243 attribute renamed",
        "twin: the kept compile_sizes",
        K(
            "#12243",
            CS,
            CSW,
            "vllm/aeon/cs3.py",
            "from vllm.compilation.backends import PiecewiseBackend\n\n\n"
            "class AeonPiecewiseBackend2(PiecewiseBackend):\n"
            "    def aeon_compile_plan(self) -> list[int]:\n"
            "        return sorted(self.compile_sizes)\n",
            "return sorted(self.compile_sizes)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-compbackends-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
