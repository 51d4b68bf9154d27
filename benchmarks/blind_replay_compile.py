"""A blind replay of the torch.compile passes and the CustomOp machinery a fork's fusions and kernels plug into.

8 first-parent commits on the surface a fork that adds its own fusion pass and NVFP4 custom ops carries code
against -- the compilation package reorganised (``vllm/compilation/fusion.py`` and the pass manager moved under
``passes/``), a fusion pass's module removed with its PassConfig flag, a deprecated CompilationConfig field and a
PassConfig field removed, ``@support_torch_compile``'s ``shape_invariants`` argument removed, the custom-op
registries moved off ``CustomOp`` to module level, the opaque layer-name type ``ModuleName`` renamed
``LayerName``, and a contradictory ``custom_ops`` list now raising ``ValueError`` instead of an assertion --
picked by scanning those paths' diffs (``git log --first-parent -p``), avoiding the commits the other replays use
(blind_replay_speed.py covers the capture sizes).  Each is replayed under 1-3 fork spellings written the way
fork code is written (an import of a moved pass, a subclass of a removed pass, a keyword to a config, a read of
a removed field, a decorator keyword, a registry read off the class, an import of a renamed type, an
``except`` of the old exception), with twins (fork code the commit does not break).  The merge base is the
commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on its line, *warned*
when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at e81eef60): 11 caught, 0 warned, 1 missed of 12 (twins: 8
quiet, 0 false errors).  The module moves of #33731 and #43410's removed pass, #44992's and #36006's removed
config fields (keyword and read), #36194's removed decorator keyword, #32744's registries moved off the class
and #38123's renamed opaque type were all caught by symbol drift.  The miss: #49134's ``except AssertionError``
around ``CustomOp.default_on()`` (the function's ``assert`` made ``raise ValueError``: the handler is dead and
the ValueError escapes; no check read what a function raises).  After the killers48 widening: 12 caught, 0
warned, 0 missed of 12 (twins: 9 quiet, 0 false errors; a twin catching the new kind too was added after the
blind run).  Caught now: a fork ``except`` (or ``contextlib.suppress``) of a builtin kind a called def stopped
raising while it raises another builtin kind no handler of the ``try`` catches (raised-kind drift, under
return drift).

  python benchmarks/blind_replay_compile.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

# --- #33731 (ac32e66cf9): vllm/compilation reorganised: fusion.py -> passes/fusion/rms_quant_fusion.py,
#     vllm_inductor_pass.py / pass_manager.py / inductor_pass.py -> passes/
RG = "ac32e66cf9"
RGW = "vllm/compilation reorganised under passes/"
CASES += [
    (
        "#33731 compilation package reorganised",
        "a fork pass importing the moved base",
        K(
            "#33731",
            RG,
            RGW,
            "vllm/aeon/rg1.py",
            "import torch\n\n"
            "from vllm.compilation.vllm_inductor_pass import VllmInductorPass\n\n\n"
            "class AeonNvfp4EpiloguePass(VllmInductorPass):\n"
            "    # AEON: fold the NVFP4 scale epilogue on GB10\n"
            "    def __call__(self, graph: torch.fx.Graph) -> None:\n"
            "        self.begin()\n"
            "        self.end_and_log()\n",
            "from vllm.compilation.vllm_inductor_pass import VllmInductorPass",
        ),
    ),
    (
        "#33731 compilation package reorganised",
        "an import of a fusion pass from the old module",
        K(
            "#33731",
            RG,
            RGW,
            "vllm/aeon/rg2.py",
            "from vllm.compilation.fusion import RMSNormQuantFusionPass\n\n"
            "AEON_PRE_PASSES = [RMSNormQuantFusionPass]\n",
            "from vllm.compilation.fusion import RMSNormQuantFusionPass",
        ),
    ),
    (
        "#33731 compilation package reorganised",
        "twin: an import of the backend (not moved)",
        K(
            "#33731",
            RG,
            RGW,
            "vllm/aeon/rg3.py",
            "from vllm.compilation.backends import VllmBackend\n\nAEON_BACKEND = VllmBackend\n",
            "from vllm.compilation.backends import VllmBackend",
        ),
    ),
]

# --- #43410 (6e503868ca): minimax_qk_norm_fusion.py (MiniMaxQKNormPass) removed, the fusion done by hand
MQ = "6e503868ca"
MQW = "MiniMaxQKNormPass removed"
CASES += [
    (
        "#43410 fusion pass removed",
        "a subclass of the removed pass",
        K(
            "#43410",
            MQ,
            MQW,
            "vllm/aeon/mq1.py",
            "from vllm.compilation.passes.fusion.minimax_qk_norm_fusion import MiniMaxQKNormPass\n\n\n"
            "class AeonMiniMaxQKNormPass(MiniMaxQKNormPass):\n"
            "    # AEON: the GB10 all-reduce is one rank; keep the fused norm anyway\n"
            "    pass\n",
            "from vllm.compilation.passes.fusion.minimax_qk_norm_fusion import MiniMaxQKNormPass",
        ),
    ),
    (
        "#43410 fusion pass removed",
        "twin: an import of a kept fusion pass",
        K(
            "#43410",
            MQ,
            MQW,
            "vllm/aeon/mq2.py",
            "from vllm.compilation.passes.fusion.rms_quant_fusion import RMSNormQuantFusionPass\n\n"
            "AEON_PASSES = [RMSNormQuantFusionPass]\n",
            "from vllm.compilation.passes.fusion.rms_quant_fusion import RMSNormQuantFusionPass",
        ),
    ),
]

# --- #44992 (03878d1c22): PassConfig.fuse_minimax_qk_norm (deprecated, no effect) removed
FM = "03878d1c22"
FMW = "PassConfig.fuse_minimax_qk_norm removed"
CASES += [
    (
        "#44992 PassConfig field removed",
        "a keyword to PassConfig",
        K(
            "#44992",
            FM,
            FMW,
            "vllm/aeon/fm1.py",
            "from vllm.config.compilation import PassConfig\n\n\n"
            "def aeon_pass_config() -> PassConfig:\n"
            "    # AEON: the Spark's MiniMax profile\n"
            "    return PassConfig(fuse_norm_quant=True, fuse_minimax_qk_norm=True)\n",
            "return PassConfig(fuse_norm_quant=True, fuse_minimax_qk_norm=True)",
        ),
    ),
    (
        "#44992 PassConfig field removed",
        "a read of the field off a config typed as PassConfig",
        K(
            "#44992",
            FM,
            FMW,
            "vllm/aeon/fm2.py",
            "from vllm.config.compilation import PassConfig\n\n\n"
            "def aeon_wants_qk_norm(pass_config: PassConfig) -> bool:\n"
            "    return bool(pass_config.fuse_minimax_qk_norm)\n",
            "return bool(pass_config.fuse_minimax_qk_norm)",
        ),
    ),
    (
        "#44992 PassConfig field removed",
        "twin: a keyword of a kept field",
        K(
            "#44992",
            FM,
            FMW,
            "vllm/aeon/fm3.py",
            "from vllm.config.compilation import PassConfig\n\n\n"
            "def aeon_ar_config() -> PassConfig:\n"
            "    return PassConfig(fuse_allreduce_rms=True)\n",
            "return PassConfig(fuse_allreduce_rms=True)",
        ),
    ),
]

# --- #36006 (c3598d02fa): CompilationConfig.level (deprecated for mode) removed
LV = "c3598d02fa"
LVW = "CompilationConfig.level removed"
CASES += [
    (
        "#36006 deprecated config field removed",
        "a keyword to CompilationConfig",
        K(
            "#36006",
            LV,
            LVW,
            "vllm/aeon/lv1.py",
            "from vllm.config.compilation import CompilationConfig\n\n\n"
            "def aeon_compile_config() -> CompilationConfig:\n"
            "    return CompilationConfig(level=3, custom_ops=['none', '+rms_norm'])\n",
            "return CompilationConfig(level=3, custom_ops=['none', '+rms_norm'])",
        ),
    ),
    (
        "#36006 deprecated config field removed",
        "a read of the field",
        K(
            "#36006",
            LV,
            LVW,
            "vllm/aeon/lv2.py",
            "from vllm.config.compilation import CompilationConfig\n\n\n"
            "def aeon_is_piecewise(cc: CompilationConfig) -> bool:\n"
            "    return (cc.level or cc.mode) == 3\n",
            "return (cc.level or cc.mode) == 3",
        ),
    ),
    (
        "#36006 deprecated config field removed",
        "twin: the mode keyword",
        K(
            "#36006",
            LV,
            LVW,
            "vllm/aeon/lv3.py",
            "from vllm.config.compilation import CompilationConfig, CompilationMode\n\n\n"
            "def aeon_compile_config() -> CompilationConfig:\n"
            "    return CompilationConfig(mode=CompilationMode.VLLM_COMPILE)\n",
            "return CompilationConfig(mode=CompilationMode.VLLM_COMPILE)",
        ),
    ),
]

# --- #36194 (6f20f81cbf): support_torch_compile's shape_invariants argument removed (shape ids instead)
SI = "6f20f81cbf"
SIW = "support_torch_compile(shape_invariants=...) removed"
SC = "import torch\n\nfrom vllm.compilation.decorators import support_torch_compile\n\n\n"
CASES += [
    (
        "#36194 decorator argument removed",
        "the removed keyword on a fork model",
        K(
            "#36194",
            SI,
            SIW,
            "vllm/aeon/si1.py",
            SC + "def aeon_invariants(input_ids: torch.Tensor, positions: torch.Tensor) -> None:\n"
            "    torch._check(input_ids.size()[0] == positions.size()[0])\n\n\n"
            "@support_torch_compile(shape_invariants=aeon_invariants)\n"
            "class AeonSparkModel(torch.nn.Module):\n"
            "    def forward(self, input_ids: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:\n"
            "        return input_ids + positions\n",
            "@support_torch_compile(shape_invariants=aeon_invariants)",
        ),
    ),
    (
        "#36194 decorator argument removed",
        "twin: dynamic_arg_dims (kept, widened)",
        K(
            "#36194",
            SI,
            SIW,
            "vllm/aeon/si2.py",
            SC + '@support_torch_compile(dynamic_arg_dims={"input_ids": 0})\n'
            "class AeonSparkModel2(torch.nn.Module):\n"
            "    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:\n"
            "        return input_ids\n",
            '@support_torch_compile(dynamic_arg_dims={"input_ids": 0})',
        ),
    ),
]

# --- #32744 (1861ae8aae): CustomOp.op_registry / op_registry_oot moved off the class to module level
#     (shared with PluggableLayer)
OR = "1861ae8aae"
ORW = "CustomOp.op_registry -> custom_op.op_registry"
CO = "from vllm.model_executor.custom_op import CustomOp\n\n\n"
CASES += [
    (
        "#32744 registry moved off the class",
        "a registry read off CustomOp",
        K(
            "#32744",
            OR,
            ORW,
            "vllm/aeon/or1.py",
            CO + "def aeon_nvfp4_quant_on() -> bool:\n"
            "    # AEON: the Spark's NVFP4 quant op rides the custom-op switch\n"
            "    return CustomOp.op_registry['scaled_fp4_quant'].enabled()\n",
            "return CustomOp.op_registry['scaled_fp4_quant'].enabled()",
        ),
    ),
    (
        "#32744 registry moved off the class",
        "an oot registry membership test",
        K(
            "#32744",
            OR,
            ORW,
            "vllm/aeon/or2.py",
            CO + "def aeon_replaced(name: str) -> bool:\n    return name in CustomOp.op_registry_oot\n",
            "return name in CustomOp.op_registry_oot",
        ),
    ),
    (
        "#32744 registry moved off the class",
        "twin: register_oot (kept)",
        K(
            "#32744",
            OR,
            ORW,
            "vllm/aeon/or3.py",
            "import torch\n\n" + CO + '@CustomOp.register_oot(name="RMSNorm")\n'
            "class AeonRMSNorm(CustomOp):\n"
            "    def forward_native(self, x: torch.Tensor) -> torch.Tensor:\n"
            "        return x\n",
            '@CustomOp.register_oot(name="RMSNorm")',
        ),
    ),
]

# --- #38123 (f44afef6d6): the opaque layer-name type ModuleName renamed LayerName
LN = "f44afef6d6"
LNW = "torch_utils.ModuleName -> LayerName"
CASES += [
    (
        "#38123 opaque type renamed",
        "an import of the old name",
        K(
            "#38123",
            LN,
            LNW,
            "vllm/aeon/ln1.py",
            "from vllm.utils.torch_utils import HAS_OPAQUE_TYPE, ModuleName\n\n\n"
            "def aeon_layer_arg(name: str):\n"
            "    # AEON: the NVFP4 MoE op takes the layer name as an opaque object on torch 2.11\n"
            "    return ModuleName(name) if HAS_OPAQUE_TYPE else name\n",
            "from vllm.utils.torch_utils import HAS_OPAQUE_TYPE, ModuleName",
        ),
    ),
    (
        "#38123 opaque type renamed",
        "twin: direct_register_custom_op (kept)",
        K(
            "#38123",
            LN,
            LNW,
            "vllm/aeon/ln2.py",
            "import torch\n\n"
            "from vllm.utils.torch_utils import direct_register_custom_op\n\n\n"
            "def aeon_nvfp4_gemm(x: torch.Tensor) -> torch.Tensor:\n"
            "    return x\n\n\n"
            "def aeon_nvfp4_gemm_fake(x: torch.Tensor) -> torch.Tensor:\n"
            "    return torch.empty_like(x)\n\n\n"
            'direct_register_custom_op(op_name="aeon_nvfp4_gemm", op_func=aeon_nvfp4_gemm, fake_impl=aeon_nvfp4_gemm_fake)\n',
            'direct_register_custom_op(op_name="aeon_nvfp4_gemm", op_func=aeon_nvfp4_gemm, fake_impl=aeon_nvfp4_gemm_fake)',
        ),
    ),
]

# --- #49134 (0da6e7f3d6): contradictory custom_ops ('+x' and '-x', or no base mode) raise ValueError, not
#     AssertionError, in CustomOp.enabled / default_on
CD = "0da6e7f3d6"
CDW = "custom-op directive asserts -> ValueError"
CASES += [
    (
        "#49134 raised exception type changed",
        "an except of the old AssertionError",
        K(
            "#49134",
            CD,
            CDW,
            "vllm/aeon/cd1.py",
            CO + "def aeon_custom_ops_default() -> bool:\n"
            "    try:\n"
            "        return CustomOp.default_on()\n"
            "    except AssertionError:\n"
            "        # AEON: the Spark launcher may leave custom_ops without a base mode\n"
            "        return False\n",
            "except AssertionError:",
        ),
    ),
    (
        "#49134 raised exception type changed",
        "twin: the new ValueError caught (added after the blind run)",
        K(
            "#49134",
            CD,
            CDW,
            "vllm/aeon/cd3.py",
            CO + "def aeon_custom_ops_default() -> bool:\n"
            "    try:\n"
            "        return CustomOp.default_on()\n"
            "    except (AssertionError, ValueError):\n"
            "        return False\n",
            "except (AssertionError, ValueError):",
        ),
    ),
    (
        "#49134 raised exception type changed",
        "twin: an except of ValueError elsewhere",
        K(
            "#49134",
            CD,
            CDW,
            "vllm/aeon/cd2.py",
            "def aeon_parse_level(text: str) -> int:\n"
            "    try:\n"
            "        return int(text)\n"
            "    except ValueError:\n"
            "        return 0\n",
            "except ValueError:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-compile-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
