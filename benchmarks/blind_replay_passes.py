"""A blind replay of the compilation passes a fork's own fusion passes subclass, call and configure.

10 first-parent commits on the surface a fork that adds its own NVFP4 fusion pass carries code against -- the
pass classes and their hooks (``InductorPass.is_applicable(shape)`` renamed ``is_applicable_for_range(range)``
with ``PassContext.runtime_shape`` gone, ``VllmInductorPass.compilation_config`` narrowed from the whole
``CompilationConfig`` to a two-field ``InductorCompilationConfig``, ``AllReduceFusionPass``' ``max_token_num``
parameter removed, ``FusionPass`` renamed with its ``instance()`` singleton and ``record_match`` hook removed),
the pattern classes and their matchers (the RMSNorm+quant patterns' ``register(pm_pass, record_match)`` made
``register(pm_pass)``, ``ActivationQuantPattern`` rebased on ``VllmPatternReplacement`` whose abstract
``pattern``/``replacement`` replace ``register`` and whose pass keeps ``pm_pass``, not ``patterns``, the
attention+quant patterns renamed with ``AttnFusionPass``, ``MatcherFusedAddRMSNorm`` and
``get_default_overload`` removed, ``FlashInferFusedAllReduceParams``' ``fuse_rms_quant`` removed with its
kwargs key), the pass modules (``reshapes.py`` deleted for ``noop_elimination.py``) and ``PassConfig``
(``enable_reshape`` renamed ``enable_noop``, ``fi_allreduce_fusion_max_token_num`` removed, the deprecated
``enable_*`` flags removed) -- picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding
the commits the other replays use (blind_replay_compile.py covers the reorganisation under ``passes/``).  Each
is replayed under 1-3 fork spellings written the way fork code is written (an override of a renamed hook, a
read off ``get_pass_context()``, a read through a narrowed self attribute, a positional argument, a keyword, a
subclass of a base that gained abstract members, a call of a removed method on a built pattern, a key of a
returned dict, an import of a deleted module or name, a pydantic config's keyword), with twins (fork code the
commit does not break).  The merge base is the commit's first parent, upstream is the commit; a spelling is
*caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*:
no error on their line.

Blind, on the engine before any widening (main at 972980f2): 19 caught, 1 warned, 1 missed of 21 (twins: 10
quiet, 0 false errors).  Symbol drift caught the removed modules, names, fields, keywords, positional
parameters, hook renames and the returned dict's key.  The miss: #27041's ``self.compilation_config.custom_ops``
in a fork pass (the holder was a ``weakref.proxy`` before, of no known class, so no member was "removed"; it is
now a class upstream added lacking the field).  Warned: #39684's fork pattern on the old contract (an error
landed on its ``register`` override, a method upstream removed from the base, not on the build that raises
TypeError: the pattern's abstract members live in a file the change left alone, and the abstract check looked
only at members declared in files upstream changed).  After the killers98 widenings: 21 caught, 0 warned, 0
missed of 21 (twins: 10 quiet, 0 false errors; with two twins added after the blind run, a pass binding the
whole config itself and a pattern on both contracts, 12 quiet, 0 false errors).  Caught now (``drift/rebased.py``): a fork class left abstract
by members a class of upstream's brought into its order by changing its bases, on the class line and on each
build in its module; a read off a holder upstream retyped to a class it added that lacks the member.

  python benchmarks/blind_replay_passes.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #10902 (bd56c983d6): vllm/compilation/reshapes.py (RedundantReshapesPass) deleted for noop_elimination.py
#     (NoOpEliminationPass); PassConfig.enable_reshape renamed enable_noop (a pydantic model: an unknown keyword
#     is dropped, the pass silently back on)
RS = "bd56c983d6"
RSW = "RedundantReshapesPass -> NoOpEliminationPass; enable_reshape -> enable_noop"
CASES += [
    (
        "#10902 pass module deleted",
        "an import of the deleted pass module",
        K(
            "#10902",
            RS,
            RSW,
            "vllm/aeon/rs1.py",
            "from vllm.compilation.reshapes import RedundantReshapesPass\n\n\n"
            "class AeonReshapesPass(RedundantReshapesPass):\n"
            "    # AEON: GB10's NVFP4 GEMM wants the reshapes gone before the fusion pass\n"
            "    pass\n",
            "from vllm.compilation.reshapes import RedundantReshapesPass",
        ),
    ),
    (
        "#10902 pass config field renamed",
        "a keyword to the pydantic PassConfig",
        K(
            "#10902",
            RS,
            RSW,
            "vllm/aeon/rs2.py",
            "from vllm.config import CompilationConfig\n\n\n"
            "def aeon_pass_config() -> CompilationConfig.PassConfig:\n"
            "    # AEON: the Spark's reshape elimination miscompiles the NVFP4 scale views\n"
            "    return CompilationConfig.PassConfig(enable_reshape=False)\n",
            "return CompilationConfig.PassConfig(enable_reshape=False)",
        ),
    ),
    (
        "#10902 pass config field renamed",
        "twin: the enable_fusion keyword kept",
        K(
            "#10902",
            RS,
            RSW,
            "vllm/aeon/rs3.py",
            "from vllm.config import CompilationConfig\n\n\n"
            "def aeon_pass_config2() -> CompilationConfig.PassConfig:\n"
            "    return CompilationConfig.PassConfig(enable_fusion=False)\n",
            "return CompilationConfig.PassConfig(enable_fusion=False)",
        ),
    ),
]

# --- #20918 (37a7d5d74a): AllReduceFusionPass.__init__(config, max_token_num) -> __init__(config)
AR = "37a7d5d74a"
ARW = "AllReduceFusionPass max_token_num parameter removed"
CF = "from vllm.compilation.collective_fusion import AllReduceFusionPass\nfrom vllm.config import VllmConfig\n\n\n"
CASES += [
    (
        "#20918 pass parameter removed",
        "a positional argument to the pass",
        K(
            "#20918",
            AR,
            ARW,
            "vllm/aeon/ar1.py",
            CF + "def aeon_allreduce_pass(config: VllmConfig) -> AllReduceFusionPass:\n"
            "    # AEON: the Spark's NVLink-C2C wants a smaller fused all-reduce\n"
            "    return AllReduceFusionPass(config, 2048)\n",
            "return AllReduceFusionPass(config, 2048)",
        ),
    ),
    (
        "#20918 pass parameter removed",
        "a subclass's super().__init__ keyword",
        K(
            "#20918",
            AR,
            ARW,
            "vllm/aeon/ar2.py",
            CF + "class AeonAllReduceFusionPass(AllReduceFusionPass):\n"
            "    def __init__(self, config: VllmConfig):\n"
            "        super().__init__(config, max_token_num=2048)\n",
            "super().__init__(config, max_token_num=2048)",
        ),
    ),
    (
        "#20918 pass parameter removed",
        "twin: the config alone",
        K(
            "#20918",
            AR,
            ARW,
            "vllm/aeon/ar3.py",
            CF + "def aeon_allreduce_pass2(config: VllmConfig) -> AllReduceFusionPass:\n"
            "    return AllReduceFusionPass(config)\n",
            "return AllReduceFusionPass(config)",
        ),
    ),
]

# --- #24542 (d5e0fca264): FusionPass -> RMSNormQuantFusionPass (instance() and record_match removed); the
#     RMSNorm+quant patterns' register(pm_pass, record_match) -> register(pm_pass); multi_output_match.py deleted
FP = "d5e0fca264"
FPW = "FusionPass renamed; patterns' register lost record_match"
CASES += [
    (
        "#24542 pattern hook lost a parameter",
        "a built pattern's register with the pass's record_match",
        K(
            "#24542",
            FP,
            FPW,
            "vllm/aeon/fp1.py",
            "from torch._inductor.pattern_matcher import PatternMatcherPass\n\n"
            "from vllm.compilation.fusion import FP8_DTYPE, FusedAddRMSNormDynamicQuantPattern\n\n\n"
            "def aeon_register(patterns: PatternMatcherPass, record_match) -> None:\n"
            "    # AEON: the fork's models use eps=1e-5 only\n"
            "    FusedAddRMSNormDynamicQuantPattern(1e-5, FP8_DTYPE).register(patterns, record_match)\n",
            "FusedAddRMSNormDynamicQuantPattern(1e-5, FP8_DTYPE).register(patterns, record_match)",
        ),
    ),
    (
        "#24542 pass renamed",
        "the removed singleton accessor",
        K(
            "#24542",
            FP,
            FPW,
            "vllm/aeon/fp2.py",
            "from vllm.compilation.fusion import FusionPass\nfrom vllm.config import VllmConfig\n\n\n"
            "def aeon_fusion(config: VllmConfig):\n"
            "    return FusionPass.instance(config)\n",
            "from vllm.compilation.fusion import FusionPass",
        ),
    ),
    (
        "#24542 pass renamed",
        "twin: the single-output pattern's register",
        K(
            "#24542",
            FP,
            FPW,
            "vllm/aeon/fp3.py",
            "from torch._inductor.pattern_matcher import PatternMatcherPass\n\n"
            "from vllm.compilation.fusion import FP8_DTYPE, RMSNormStaticQuantPattern\n\n\n"
            "def aeon_register2(patterns: PatternMatcherPass) -> None:\n"
            "    RMSNormStaticQuantPattern(1e-5, FP8_DTYPE).register(patterns)\n",
            "RMSNormStaticQuantPattern(1e-5, FP8_DTYPE).register(patterns)",
        ),
    ),
]

# --- #24248 (d17ecc6b19): PassConfig.fi_allreduce_fusion_max_token_num -> fi_allreduce_fusion_max_size_mb;
#     FlashInferFusedAllReduceParams' fuse_rms_quant parameter and its kwargs key removed
FI = "d17ecc6b19"
FIW = "fi_allreduce_fusion_max_token_num and fuse_rms_quant removed"
FIP = "from vllm.compilation.collective_fusion import FlashInferFusedAllReduceParams\n\n\n"
CASES += [
    (
        "#24248 params keyword removed",
        "a keyword to the params object",
        K(
            "#24248",
            FI,
            FIW,
            "vllm/aeon/fi1.py",
            FIP + "def aeon_params(rank: int, world_size: int) -> FlashInferFusedAllReduceParams:\n"
            "    # AEON: the Spark fuses the NVFP4 quant into the all-reduce\n"
            "    return FlashInferFusedAllReduceParams(rank, world_size, max_token_num=2048, fuse_rms_quant=True)\n",
            "return FlashInferFusedAllReduceParams(rank, world_size, max_token_num=2048, fuse_rms_quant=True)",
        ),
    ),
    (
        "#24248 returned dict key removed",
        "a key read off the kwargs the params build",
        K(
            "#24248",
            FI,
            FIW,
            "vllm/aeon/fi2.py",
            FIP + "def aeon_fuses_quant(params: FlashInferFusedAllReduceParams) -> bool:\n"
            "    return params.get_trtllm_fused_allreduce_kwargs()['fuse_rms_quant']\n",
            "return params.get_trtllm_fused_allreduce_kwargs()['fuse_rms_quant']",
        ),
    ),
    (
        "#24248 pass config field removed",
        "a keyword to PassConfig",
        K(
            "#24248",
            FI,
            FIW,
            "vllm/aeon/fi3.py",
            "from vllm.config.compilation import PassConfig\n\n\n"
            "def aeon_pass_config() -> PassConfig:\n"
            "    return PassConfig(enable_fi_allreduce_fusion=True, fi_allreduce_fusion_max_token_num=2048)\n",
            "return PassConfig(enable_fi_allreduce_fusion=True, fi_allreduce_fusion_max_token_num=2048)",
        ),
    ),
    (
        "#24248 returned dict key removed",
        "twin: a key the kwargs keep",
        K(
            "#24248",
            FI,
            FIW,
            "vllm/aeon/fi4.py",
            FIP + "def aeon_max_tokens(params: FlashInferFusedAllReduceParams) -> int:\n"
            "    return params.get_trtllm_fused_allreduce_kwargs()['max_token_num']\n",
            "return params.get_trtllm_fused_allreduce_kwargs()['max_token_num']",
        ),
    ),
]

# --- #27041 (11ae016bd7): VllmInductorPass.compilation_config: a weakref proxy of the CompilationConfig ->
#     an InductorCompilationConfig holding splitting_ops and use_inductor_graph_partition only
IC = "11ae016bd7"
ICW = "VllmInductorPass.compilation_config narrowed to InductorCompilationConfig"
VIP = "import torch\n\nfrom vllm.compilation.vllm_inductor_pass import VllmInductorPass\n\n\n"
CASES += [
    (
        "#27041 self attribute narrowed",
        "a fork pass reading a field the narrowed type lacks",
        K(
            "#27041",
            IC,
            ICW,
            "vllm/aeon/ic1.py",
            VIP + "class AeonNvfp4FusionPass(VllmInductorPass):\n"
            "    def __call__(self, graph: torch.fx.Graph) -> None:\n"
            "        # AEON: the fused NVFP4 op is only matched when its custom op is on\n"
            "        if '+aeon_nvfp4_quant' not in self.compilation_config.custom_ops:\n"
            "            return\n",
            "if '+aeon_nvfp4_quant' not in self.compilation_config.custom_ops:",
        ),
    ),
    (
        "#27041 self attribute narrowed",
        "twin: a pass binding the whole config itself (added after the blind run)",
        K(
            "#27041",
            IC,
            ICW,
            "vllm/aeon/ic3.py",
            VIP + "class AeonOwnConfigPass(VllmInductorPass):\n"
            "    def __init__(self, config):\n"
            "        super().__init__(config)\n"
            "        self.compilation_config = config.compilation_config\n\n"
            "    def __call__(self, graph: torch.fx.Graph) -> None:\n"
            "        if '+aeon_nvfp4_quant' not in self.compilation_config.custom_ops:\n"
            "            return\n",
            "if '+aeon_nvfp4_quant' not in self.compilation_config.custom_ops:",
        ),
    ),
    (
        "#27041 self attribute narrowed",
        "twin: a field the narrowed type keeps",
        K(
            "#27041",
            IC,
            ICW,
            "vllm/aeon/ic2.py",
            VIP + "class AeonSplitPass(VllmInductorPass):\n"
            "    def __call__(self, graph: torch.fx.Graph) -> None:\n"
            "        if not self.compilation_config.splitting_ops:\n"
            "            return\n",
            "if not self.compilation_config.splitting_ops:",
        ),
    ),
]

# --- #24252 (4e26d3b09e): InductorPass.is_applicable(shape) -> is_applicable_for_range(compile_range);
#     PassContext.runtime_shape -> compile_range
CR = "4e26d3b09e"
CRW = "is_applicable -> is_applicable_for_range; PassContext.runtime_shape removed"
CASES += [
    (
        "#24252 pass hook renamed",
        "an override of the renamed hook (never called any more)",
        K(
            "#24252",
            CR,
            CRW,
            "vllm/aeon/cr1.py",
            VIP + "class AeonNvfp4FusionPass(VllmInductorPass):\n"
            "    def is_applicable(self, shape: int | None) -> bool:\n"
            "        # AEON: the fused NVFP4 kernel needs 16-row tiles\n"
            "        return shape is not None and shape % 16 == 0\n\n"
            "    def __call__(self, graph: torch.fx.Graph) -> None:\n"
            "        pass\n",
            "def is_applicable(self, shape: int | None) -> bool:",
        ),
    ),
    (
        "#24252 context attribute removed",
        "a read off get_pass_context()",
        K(
            "#24252",
            CR,
            CRW,
            "vllm/aeon/cr2.py",
            "from vllm.compilation.inductor_pass import get_pass_context\n\n\n"
            "def aeon_compiling_for_decode() -> bool:\n"
            "    shape = get_pass_context().runtime_shape\n"
            "    return shape is not None and shape <= 256\n",
            "shape = get_pass_context().runtime_shape",
        ),
    ),
    (
        "#24252 pass hook renamed",
        "twin: an override of a hook kept (uuid)",
        K(
            "#24252",
            CR,
            CRW,
            "vllm/aeon/cr3.py",
            VIP + "class AeonNvfp4FusionPass2(VllmInductorPass):\n"
            "    def uuid(self):\n"
            "        return VllmInductorPass.hash_source(self)\n\n"
            "    def __call__(self, graph: torch.fx.Graph) -> None:\n"
            "        pass\n",
            "return VllmInductorPass.hash_source(self)",
        ),
    ),
]

# --- #30396 (5a87d8b9b1): PassConfig's deprecated enable_fusion / enable_noop / enable_attn_fusion /
#     enable_sequence_parallelism / enable_async_tp / enable_fi_allreduce_fusion removed
DP = "5a87d8b9b1"
DPW = "PassConfig deprecated enable_* flags removed"
PC = "from vllm.config.compilation import CompilationConfig, PassConfig\n\n\n"
CASES += [
    (
        "#30396 pass config field removed",
        "a read off a typed PassConfig",
        K(
            "#30396",
            DP,
            DPW,
            "vllm/aeon/dp1.py",
            PC + "def aeon_wants_nvfp4_fusion(pass_config: PassConfig) -> bool:\n"
            "    return pass_config.enable_fusion and pass_config.enable_noop\n",
            "return pass_config.enable_fusion and pass_config.enable_noop",
        ),
    ),
    (
        "#30396 pass config field removed",
        "a keyword to PassConfig inside CompilationConfig",
        K(
            "#30396",
            DP,
            DPW,
            "vllm/aeon/dp2.py",
            PC + "def aeon_compilation_config() -> CompilationConfig:\n"
            "    return CompilationConfig(pass_config=PassConfig(enable_attn_fusion=True))\n",
            "return CompilationConfig(pass_config=PassConfig(enable_attn_fusion=True))",
        ),
    ),
    (
        "#30396 pass config field removed",
        "twin: the new flag's name",
        K(
            "#30396",
            DP,
            DPW,
            "vllm/aeon/dp3.py",
            PC + "def aeon_compilation_config2() -> CompilationConfig:\n"
            "    return CompilationConfig(pass_config=PassConfig(fuse_attn_quant=True))\n",
            "return CompilationConfig(pass_config=PassConfig(fuse_attn_quant=True))",
        ),
    ),
]

# --- #37373 (077a9a8e37): AttentionQuantPattern and AttentionFp8StaticQuantPattern/AttentionNvfp4QuantPattern
#     removed for AttnFp8StaticQuantPattern/AttnNvfp4QuantPattern; AttnFusionPass -> AttnQuantFusionPass
AQ = "077a9a8e37"
AQW = "attention+quant patterns and AttnFusionPass renamed"
CASES += [
    (
        "#37373 pattern base removed",
        "a subclass of the removed base through a module alias",
        K(
            "#37373",
            AQ,
            AQW,
            "vllm/aeon/aq1.py",
            "from vllm.compilation.passes.fusion import attn_quant_fusion as aqf\n\n\n"
            "class AeonAttnNvfp4Pattern(aqf.AttentionQuantPattern):\n"
            "    # AEON: the Spark's attention backend emits NVFP4 with a per-head scale\n"
            "    def _register(self, pm_pass) -> None:\n"
            "        pass\n",
            "class AeonAttnNvfp4Pattern(aqf.AttentionQuantPattern):",
        ),
    ),
    (
        "#37373 pass renamed",
        "an import of the renamed pass",
        K(
            "#37373",
            AQ,
            AQW,
            "vllm/aeon/aq2.py",
            "from vllm.compilation.passes.fusion.attn_quant_fusion import AttnFusionPass\n\n\n"
            "class AeonAttnFusionPass(AttnFusionPass):\n"
            "    pass\n",
            "from vllm.compilation.passes.fusion.attn_quant_fusion import AttnFusionPass",
        ),
    ),
    (
        "#37373 pass renamed",
        "twin: a name the module keeps",
        K(
            "#37373",
            AQ,
            AQW,
            "vllm/aeon/aq3.py",
            "from vllm.compilation.passes.fusion.attn_quant_fusion import QUANT_OPS\n\n\n"
            "def aeon_has_quant(key) -> bool:\n"
            "    return key in QUANT_OPS\n",
            "from vllm.compilation.passes.fusion.attn_quant_fusion import QUANT_OPS",
        ),
    ),
]

# --- #39684 (2196bac135): ActivationQuantPattern rebased on VllmPatternReplacement (abstract pattern,
#     replacement, get_inputs) and its register() removed; ActivationQuantFusionPass keeps pm_pass, not patterns
AP = "2196bac135"
APW = "ActivationQuantPattern rebased on VllmPatternReplacement; register() removed"
AQF = "from vllm.compilation.passes.fusion import act_quant_fusion as aqf\n\n\n"
CASES += [
    (
        "#39684 base gained abstract members",
        "a fork pattern on the old contract (get_inputs + register)",
        K(
            "#39684",
            AP,
            APW,
            "vllm/aeon/ap1.py",
            "from torch._inductor.pattern_matcher import PatternMatcherPass, fwd_only, register_replacement\n\n"
            "from vllm.compilation.passes.fusion.act_quant_fusion import ActivationQuantPattern\n\n\n"
            "class AeonSiluMulNvfp4BlockPattern(ActivationQuantPattern):\n"
            "    # AEON: GB10 fuses SiLU-mul with the NVFP4 block quant\n"
            "    def get_inputs(self):\n"
            "        return []\n\n"
            "    def register(self, pm_pass: PatternMatcherPass) -> None:\n"
            "        register_replacement(lambda x: x, lambda x: x, self.get_inputs(), fwd_only, pm_pass)\n\n\n"
            "def aeon_register(pm_pass: PatternMatcherPass, quant_key) -> None:\n"
            "    AeonSiluMulNvfp4BlockPattern(quant_key).register(pm_pass)\n",
            "AeonSiluMulNvfp4BlockPattern(quant_key).register(pm_pass)",
        ),
    ),
    (
        "#39684 pattern method removed",
        "a built upstream pattern's register",
        K(
            "#39684",
            AP,
            APW,
            "vllm/aeon/ap2.py",
            "from torch._inductor.pattern_matcher import PatternMatcherPass\n\n"
            + AQF
            + "def aeon_register2(pm_pass: PatternMatcherPass) -> None:\n"
            "    aqf.SiluMulFp8StaticQuantPattern().register(pm_pass)\n",
            "aqf.SiluMulFp8StaticQuantPattern().register(pm_pass)",
        ),
    ),
    (
        "#39684 pass attribute renamed",
        "a subclass's read of the pass's patterns",
        K(
            "#39684",
            AP,
            APW,
            "vllm/aeon/ap3.py",
            "import torch\n\n" + AQF + "class AeonActQuantPass(aqf.ActivationQuantFusionPass):\n"
            "    def __call__(self, graph: torch.fx.Graph) -> None:\n"
            "        # AEON: count the NVFP4 matches for the Spark's compile report\n"
            "        self.matched_count = self.patterns.apply(graph)\n",
            "self.matched_count = self.patterns.apply(graph)",
        ),
    ),
    (
        "#39684 base gained abstract members",
        "twin: a fork pattern on both contracts (added after the blind run)",
        K(
            "#39684",
            AP,
            APW,
            "vllm/aeon/ap5.py",
            "from vllm.compilation.passes.fusion.act_quant_fusion import ActivationQuantPattern\n\n\n"
            "class AeonBothPattern(ActivationQuantPattern):\n"
            "    def get_inputs(self):\n"
            "        return []\n\n"
            "    @property\n"
            "    def pattern(self):\n"
            "        return lambda x: x\n\n"
            "    @property\n"
            "    def replacement(self):\n"
            "        return lambda x: x\n\n"
            "    def register(self, pm_pass) -> None:\n"
            "        pass\n\n\n"
            "def aeon_build(quant_key) -> AeonBothPattern:\n"
            "    return AeonBothPattern(quant_key)\n",
            "return AeonBothPattern(quant_key)",
        ),
    ),
    (
        "#39684 pattern method removed",
        "twin: a method the patterns keep",
        K(
            "#39684",
            AP,
            APW,
            "vllm/aeon/ap4.py",
            AQF + "def aeon_inputs():\n    return aqf.SiluMulFp8StaticQuantPattern().get_inputs()\n",
            "return aqf.SiluMulFp8StaticQuantPattern().get_inputs()",
        ),
    ),
]

# --- #36823 (d58c42e19c): matcher_utils.MatcherFusedAddRMSNorm removed (fused_add_rms_norm is a vLLM IR op now);
#     ir/lowering_pass.get_default_overload -> ir/utils.overload_or_default
IR = "d58c42e19c"
IRW = "MatcherFusedAddRMSNorm and get_default_overload removed"
CASES += [
    (
        "#36823 matcher removed",
        "an import of the removed matcher",
        K(
            "#36823",
            IR,
            IRW,
            "vllm/aeon/ir1.py",
            "from vllm.compilation.passes.fusion.matcher_utils import MatcherFusedAddRMSNorm, MatcherQuantFP8\n\n\n"
            "class AeonAddNormNvfp4Pattern:\n"
            "    def __init__(self, epsilon: float, quant_key) -> None:\n"
            "        self.rmsnorm_matcher = MatcherFusedAddRMSNorm(epsilon)\n"
            "        self.quant_matcher = MatcherQuantFP8(quant_key)\n",
            "from vllm.compilation.passes.fusion.matcher_utils import MatcherFusedAddRMSNorm, MatcherQuantFP8",
        ),
    ),
    (
        "#36823 helper renamed",
        "an import of the renamed helper",
        K(
            "#36823",
            IR,
            IRW,
            "vllm/aeon/ir2.py",
            "from vllm.compilation.passes.ir.lowering_pass import get_default_overload\n\n\n"
            "def aeon_overload(op):\n"
            "    return get_default_overload(op)\n",
            "from vllm.compilation.passes.ir.lowering_pass import get_default_overload",
        ),
    ),
    (
        "#36823 matcher removed",
        "twin: the quant matcher kept",
        K(
            "#36823",
            IR,
            IRW,
            "vllm/aeon/ir3.py",
            "from vllm.compilation.passes.fusion.matcher_utils import MatcherQuantFP8\n\n\n"
            "def aeon_quant_matcher(quant_key) -> MatcherQuantFP8:\n"
            "    return MatcherQuantFP8(quant_key)\n",
            "from vllm.compilation.passes.fusion.matcher_utils import MatcherQuantFP8",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-passes-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
