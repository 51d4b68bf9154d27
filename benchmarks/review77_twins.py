"""Adversarial twins of killers167's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a method of a module collection that raises for a string not in it (``drift/dropped_table_keys.py``
  ``_raising_method``; #31716 dropped ``"auto-round"`` from ``DEPRECATED_QUANTIZATION_METHODS``, #32697
  ``"rtn"``): the ``remove`` under an ``in`` guard, in a ``try``/``except ValueError``, after a ``count`` test,
  of a kept string, off the fork's own list of the name, an ``index`` in a ``try``, a slice re-assigned;
- a fork value or namesake of a method upstream added and calls (``_shadowed_hook``, ``_hook_family``; #44260
  ``input_quant_key()``): a namesake with a defaulted extra parameter, a ``staticmethod`` value, the layer's
  (a torch module's) attribute of the name, a value on an int8 kernel (its ``apply_weights`` calls no hook),
  a private attribute with a fitting override, upstream's own method bound to the name;
- an override that skips a setup upstream added (``drift/skipped_setups.py``; #42651
  ``process_weights_after_loading`` sets the ``logical_output_size`` ``apply_scaled_mm`` asserts): the base's
  method called by name, two-argument ``super()``, the override setting the width itself, a helper calling
  ``super()``, the fork's own ``apply_scaled_mm`` too, the same override on the unchanged flashinfer kernel;
- a KeyError handler made dead by a lookup turned ``.get(..., [])`` (``drift/raised_kinds.py``'s dict
  parameters, module dicts and removed subscripts; #47516): ``except ValueError``, the fork's own dict lookup
  in the same ``try``, the fork's own subscript of upstream's module dict, the fork's own choose function of
  the name;
- a fork dataclass field behind a defaulted field upstream gave the base (``_misordered``; #48949): a
  ``default_factory``, ``kw_only=True``, a ``KW_ONLY`` marker, ``field(init=False)`` with a ``ClassVar``, a
  plain (no dataclass) subclass, the unchanged NVFP4 config, the fork's own config of the name;
- a loop over a module list of classes upstream added a class of another shape to (``_listed_classes``;
  #40105): upstream's own ``issubclass`` split, a member every listed class has, a ``getattr`` with a default,
  the fork's own dict of the name, each class's ``__name__``;
- a test of a parameter typed as a kept base of a rebased class (``drift/unbased.py``; #26668): a kept base, an
  unannotated parameter against the rebased class;
- (round 3) the interposed shape the skipped-setup check meets (#44120, ``MoeWNA16Method`` given a
  ``process_weights_after_loading``): a helper calling ``super()``, a ``getattr(super(), ...)`` probe.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
by these widenings (one per widening), kept to show the reach stays, #32697's ``remove("rtn")``, #44120's
override without ``super()``, and one that was written as a twin.

Round 1 (main at 02d3b21d), 7 cases and 38 twins as first written: 6 caught, 1 warned of 7; 5 false errors of
38: ``if DEPRECATED_QUANTIZATION_METHODS.count("rtn"):`` before the ``remove`` (1: ``key_held`` read ``in`` and
``.get`` tests only); ``input_quant_key = None`` on a fork int8 kernel (1: the call typed
``FP8ScaledMMLinearKernel`` was counted because it derives ``ScaledMMLinearKernel``, the hook's class, though
the int8 kernel is on another branch and never its receiver); #42651's override handing on through a helper
that calls ``super()`` (1: both the skipped-setup check and the interposed check read the override's own body
only); the override of ``process_weights_after_loading`` whose class overrides ``apply_scaled_mm`` too (1: the
interposed check, killers166's, erred though the fork replaced the pair: nothing on its class reads the
``logical_output_size`` the hidden def stores); and one that was not a twin: the override storing
``self.logical_output_size`` itself but not padding (upstream moved the padding out of ``apply_scaled_mm`` into
the def the override now hides, so an unaligned weight reaches cutlass unpadded: moved to the CASES, caught by
the interposed check).  So round 1 on the final set: 7 caught, 1 warned of 8; 4 false errors of 37 twins.
The interposed check's own unit tests failed on main as merged (4 of 11): the skipped-setup check erred on its
``getattr(super(), ...)`` and ``@abstractmethod`` twins, and added its error on the shared shape's line.
Round 2 (this branch): hook calls count for a fork class only where their receiver is typed as a class on its
merged order (``_hook_calls_on``: the value check and the namesake check alike); the skipped-setup check takes
``interposed.hands_on`` (``getattr(super(), ...)`` too), follows the methods the override calls on ``self``
(``deferred_inits.reached_methods``) and skips an abstract override; the interposed check follows those helpers
too, and is a warning, not an error, when the fork's class overrides every method of upstream's class that
reads what the hidden def stores; ``key_held`` counts a ``.count("key")`` test as it does ``.get("key")``.
7 caught, 1 warned of 8; 0 false errors of 37 twins (4 warned: the fitting namesakes' and the ``staticmethod``
value's "now overrides", and the pair override's interposed warning).
Round 3 (another real commit, written after the mends): #44120 (ec59c1579f), the interposed check's own commit:
a case (an override without ``super()``) and two twins (a helper calling ``super()``, a ``getattr(super(),
...)`` probe).  On main (02d3b21d): 1 caught, 1 false error of 2 (the helper).  This branch: 1 caught, 0 false.
All rounds, main (02d3b21d): 8 caught, 1 warned of 9; 5 false errors of 39 twins.  This branch: 8 caught,
1 warned of 9; 0 false errors of 39 twins (4 warned).  ``blind_replay_linkern.py`` as before: 20 caught, 3
warned, 2 missed of 25, 11 twins quiet (2 warned), 0 false errors.
Re-run on mend61 (from eb141937): 7 caught, 2 warned of 9; 0 false errors of 39 twins (4 warned).  What changed
since the record above: mend56 (8121dd51, after it) made the interposed check a warning where the override
stores everything the new def keeps on ``self`` ("unless the override does the new def's work itself"), and
#42651's case that was a twin (``AeonPrepackedFp8Kernel2`` storing ``logical_output_size`` itself but not
padding) is that shape: warned now, not caught.  Its break is real (the padding moved into the def it hides),
but the check cannot tell padding from a width the override sets right: a warning, honestly, until a rule reads
what the new def does to its argument beside its stores.  #47516's dead ``KeyError`` handler stays the other one
warned.

  PYTHONPATH=.. python review77_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

QI = "vllm.model_executor.layers.quantization"
LK = "vllm.model_executor.kernels.linear"

# --- 50632adc58 (#31716): "auto-round" dropped from DEPRECATED_QUANTIZATION_METHODS
AR = ("#31716", "50632adc58", "'auto-round' dropped from DEPRECATED_QUANTIZATION_METHODS")
DQ = f"from {QI} import DEPRECATED_QUANTIZATION_METHODS\n\n"
CASES += [
    (
        "#31716 raising method of a list",
        "a list.remove of the dropped literal",
        K(
            *AR,
            "vllm/aeon/r77ar0.py",
            DQ + "# AEON: AutoRound stays supported on the Spark\n"
            'DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")\n',
            'DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")',
        ),
    ),
]
TWINS += [
    (
        "#31716 raising method of a list",
        "twin: the remove under an `in` guard",
        K(
            *AR,
            "vllm/aeon/r77ar1.py",
            DQ + 'if "auto-round" in DEPRECATED_QUANTIZATION_METHODS:  # AEON: gone upstream since #31716\n'
            '    DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")\n',
            '    DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")',
        ),
    ),
    (
        "#31716 raising method of a list",
        "twin: the remove in a try/except ValueError",
        K(
            *AR,
            "vllm/aeon/r77ar2.py",
            DQ + "try:\n"
            '    DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")\n'
            "except ValueError:  # AEON: newer upstreams no longer list it\n"
            "    pass\n",
            '    DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")',
        ),
    ),
    (
        "#31716 raising method of a list",
        "twin: the remove of a kept method",
        K(
            *AR,
            "vllm/aeon/r77ar3.py",
            DQ + '# AEON: the Spark still serves HQQ checkpoints\nDEPRECATED_QUANTIZATION_METHODS.remove("hqq")\n',
            'DEPRECATED_QUANTIZATION_METHODS.remove("hqq")',
        ),
    ),
    (
        "#31716 raising method of a list",
        "twin: the fork's own list of the name",
        K(
            *AR,
            "vllm/aeon/r77ar4.py",
            "# AEON: the Spark's own deprecation list, checked at startup\n"
            'DEPRECATED_QUANTIZATION_METHODS = ["auto-round", "rtn", "hqq"]\n'
            'DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")\n',
            'DEPRECATED_QUANTIZATION_METHODS.remove("auto-round")',
        ),
    ),
    (
        "#31716 raising method of a list",
        "twin: index of the dropped literal in a try/except ValueError",
        K(
            *AR,
            "vllm/aeon/r77ar5.py",
            DQ + "def aeon_autoround_deprecated() -> bool:\n"
            "    try:\n"
            '        DEPRECATED_QUANTIZATION_METHODS.index("auto-round")\n'
            "    except ValueError:\n"
            "        return False\n"
            "    return True\n",
            '        DEPRECATED_QUANTIZATION_METHODS.index("auto-round")',
        ),
    ),
    (
        "#31716 raising method of a list",
        "twin: a list comprehension without the literal (the value re-read)",
        K(
            *AR,
            "vllm/aeon/r77ar6.py",
            DQ + "# AEON: AutoRound stays supported on the Spark\n"
            "DEPRECATED_QUANTIZATION_METHODS[:] = [\n"
            '    m for m in DEPRECATED_QUANTIZATION_METHODS if m != "auto-round"\n'
            "]\n",
            '    m for m in DEPRECATED_QUANTIZATION_METHODS if m != "auto-round"',
        ),
    ),
]

# --- 4e31b7f228 (#32697): "rtn" dropped from DEPRECATED_QUANTIZATION_METHODS (the same shape, another commit)
RT = ("#32697", "4e31b7f228", "'rtn' dropped from DEPRECATED_QUANTIZATION_METHODS")
CASES += [
    (
        "#32697 raising method of a list",
        "a list.remove of the dropped literal",
        K(
            *RT,
            "vllm/aeon/r77rt0.py",
            DQ + "# AEON: RTN stays on the Spark\n" + 'DEPRECATED_QUANTIZATION_METHODS.remove("rtn")\n',
            'DEPRECATED_QUANTIZATION_METHODS.remove("rtn")',
        ),
    ),
]
TWINS += [
    (
        "#32697 raising method of a list",
        "twin: the remove of a kept method (ipex)",
        K(
            *RT,
            "vllm/aeon/r77rt1.py",
            DQ + 'DEPRECATED_QUANTIZATION_METHODS.remove("ipex")\n',
            'DEPRECATED_QUANTIZATION_METHODS.remove("ipex")',
        ),
    ),
    (
        "#32697 raising method of a list",
        "twin: a count test before the remove",
        K(
            *RT,
            "vllm/aeon/r77rt2.py",
            DQ + 'if DEPRECATED_QUANTIZATION_METHODS.count("rtn"):\n'
            '    DEPRECATED_QUANTIZATION_METHODS.remove("rtn")\n',
            '    DEPRECATED_QUANTIZATION_METHODS.remove("rtn")',
        ),
    ),
]

# --- c90650088d (#44260): input_quant_key() added to the kernel bases and called from their apply_weights
QK = ("#44260", "c90650088d", "input_quant_key() added to the kernel bases, called by apply_weights")
QU = "from vllm.model_executor.layers.quantization.utils.quant_utils import QuantKey, kFp8StaticTensorSym\n"
CFK = "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import CutlassFP8ScaledMMLinearKernel\n"
CASES += [
    (
        "#44260 base now calls a fork namesake",
        "a class attribute of the name the base now calls",
        K(
            *QK,
            "vllm/aeon/r77qk0.py",
            CFK + QU + "\n\nclass AeonStaticFp8Kernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    input_quant_key = kFp8StaticTensorSym\n",
            "    input_quant_key = kFp8StaticTensorSym",
        ),
    ),
]
TWINS += [
    (
        "#44260 base now calls a fork namesake",
        "twin: a namesake method with a defaulted extra parameter",
        K(
            *QK,
            "vllm/aeon/r77qk1.py",
            "import torch\n\n" + CFK + QU + "\n\nclass AeonLayerKeyedKernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def input_quant_key(self, layer: torch.nn.Module | None = None) -> QuantKey | None:\n"
            "        return kFp8StaticTensorSym\n",
            "    def input_quant_key(self, layer: torch.nn.Module | None = None) -> QuantKey | None:",
        ),
    ),
    (
        "#44260 base now calls a fork namesake",
        "twin: a staticmethod class attribute returning the key",
        K(
            *QK,
            "vllm/aeon/r77qk2.py",
            CFK + QU + "\n\nclass AeonStaticFp8Kernel2(CutlassFP8ScaledMMLinearKernel):\n"
            "    input_quant_key = staticmethod(lambda: kFp8StaticTensorSym)\n",
            "    input_quant_key = staticmethod(lambda: kFp8StaticTensorSym)",
        ),
    ),
    (
        "#44260 base now calls a fork namesake",
        "twin: the layer's attribute of the name (a torch module, not a kernel)",
        K(
            *QK,
            "vllm/aeon/r77qk3.py",
            "import torch\n\n" + QU + "\n\nclass AeonFusedNormQuant(torch.nn.Module):\n"
            "    def __init__(self) -> None:\n"
            "        super().__init__()\n"
            "        # AEON: the fused norm+quant advertises its output key to the next linear\n"
            "        self.input_quant_key = kFp8StaticTensorSym\n",
            "        self.input_quant_key = kFp8StaticTensorSym",
        ),
    ),
    (
        "#44260 base now calls a fork namesake",
        "twin: a class attribute on an int8 kernel (its apply_weights calls no hook)",
        K(
            *QK,
            "vllm/aeon/r77qk4.py",
            "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import CutlassInt8ScaledMMLinearKernel\n\n\n"
            "class AeonInt8Kernel(CutlassInt8ScaledMMLinearKernel):\n"
            "    # AEON: the Spark's int8 path tags its layers; nothing calls the hook on an int8 kernel\n"
            "    input_quant_key = None\n",
            "    input_quant_key = None",
        ),
    ),
    (
        "#44260 base now calls a fork namesake",
        "twin: a private attribute and an override returning it",
        K(
            *QK,
            "vllm/aeon/r77qk5.py",
            "from collections.abc import Sequence\n\n"
            "from vllm.model_executor.kernels.linear.scaled_mm.ScaledMMLinearKernel import FP8ScaledMMLinearLayerConfig\n"
            + CFK
            + QU
            + "\n\nclass AeonKeyedKernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def __init__(self, c: FP8ScaledMMLinearLayerConfig, layer_param_names: Sequence[str]) -> None:\n"
            "        super().__init__(c, layer_param_names)\n"
            "        self._input_quant_key = kFp8StaticTensorSym\n\n"
            "    def input_quant_key(self) -> QuantKey | None:\n"
            "        return self._input_quant_key\n",
            "        self._input_quant_key = kFp8StaticTensorSym",
        ),
    ),
    (
        "#44260 base now calls a fork namesake",
        "twin: the class attribute bound to upstream's own method",
        K(
            *QK,
            "vllm/aeon/r77qk6.py",
            "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import (\n"
            "    CutlassFP8ScaledMMLinearKernel,\n"
            "    CutlassInt8ScaledMMLinearKernel,\n"
            ")\n\n\n"
            "class AeonMixedKernel(CutlassInt8ScaledMMLinearKernel):\n"
            "    input_quant_key = CutlassFP8ScaledMMLinearKernel.input_quant_key\n",
            "    input_quant_key = CutlassFP8ScaledMMLinearKernel.input_quant_key",
        ),
    ),
]

# --- 53ff50fcd3 (#42651): CutlassFP8ScaledMMLinearKernel.process_weights_after_loading sets logical_output_size,
# which apply_scaled_mm asserts
PW = ("#42651", "53ff50fcd3", "apply_scaled_mm needs logical_output_size from process_weights_after_loading")
CF = "import torch\n\n" + CFK + "\n\n"
CASES += [
    (
        "#42651 skipped setup",
        "an override without super()",
        K(
            *PW,
            "vllm/aeon/r77pw0.py",
            CF + "class AeonPrepackedFp8Kernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        layer.aeon_prepacked = True  # AEON: the checkpoint ships it prepacked\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
]
CASES += [
    (
        "#42651 skipped setup",
        "the override sets the width itself but skips the padding (was a twin)",
        K(
            *PW,
            "vllm/aeon/r77pw3.py",
            CF + "class AeonPrepackedFp8Kernel2(CutlassFP8ScaledMMLinearKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        weight_name = self.layer_param_names[0]\n"
            "        self.logical_output_size = getattr(layer, weight_name).shape[1]  # AEON: prepacked, unpadded\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#42651 skipped setup",
        "twin: the base's method called by name",
        K(
            *PW,
            "vllm/aeon/r77pw1.py",
            CF + "class AeonNamedFp8Kernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        CutlassFP8ScaledMMLinearKernel.process_weights_after_loading(self, layer)\n"
            "        layer.aeon_processed = True\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
    (
        "#42651 skipped setup",
        "twin: two-argument super()",
        K(
            *PW,
            "vllm/aeon/r77pw2.py",
            CF + "class AeonOldStyleFp8Kernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        super(AeonOldStyleFp8Kernel, self).process_weights_after_loading(layer)\n"
            "        layer.aeon_processed = True\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
    (
        "#42651 skipped setup",
        "twin: the override delegates to a helper that calls super()",
        K(
            *PW,
            "vllm/aeon/r77pw4.py",
            CF + "class AeonHelperFp8Kernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def _aeon_upstream_processing(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        self._aeon_upstream_processing(layer)\n"
            "        layer.aeon_processed = True\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
    (
        "#42651 skipped setup",
        "twin: the override also overrides apply_scaled_mm",
        K(
            *PW,
            "vllm/aeon/r77pw5.py",
            CF + "class AeonOwnMmKernel(CutlassFP8ScaledMMLinearKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        layer.aeon_prepacked = True\n\n"
            "    def apply_scaled_mm(self, *, A, B, out_dtype, As, Bs, bias, output_shape: list) -> torch.Tensor:\n"
            "        # AEON: the Spark's own GEMM for prepacked weights\n"
            "        return torch.ops.aeon.prepacked_mm(A, B, As, Bs, bias, out_dtype).view(*output_shape)\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
    (
        "#42651 skipped setup",
        "twin: the same override on the unchanged flashinfer kernel",
        K(
            *PW,
            "vllm/aeon/r77pw6.py",
            "import torch\n\n"
            "from vllm.model_executor.kernels.linear.scaled_mm.flashinfer import FlashInferFP8ScaledMMLinearKernel\n\n\n"
            "class AeonFlashInferKernel(FlashInferFP8ScaledMMLinearKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        layer.aeon_prepacked = True\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
]

# --- ec59c1579f (#44120): MoeWNA16Method given a process_weights_after_loading that builds its kernel, where the
# name resolved to the base's no-op (the interposed shape the skipped-setup check meets; round 3)
WN = ("#44120", "ec59c1579f", "MoeWNA16Method.process_weights_after_loading added (builds the kernel)")
WH = "import torch\n\nfrom vllm.model_executor.layers.quantization.moe_wna16 import MoeWNA16Method\n\n\n"
CASES += [
    (
        "#44120 hidden new def",
        "an override without super()",
        K(
            *WN,
            "vllm/aeon/r77wn0.py",
            WH + "class AeonWNA16Method(MoeWNA16Method):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        layer.aeon_pinned = True  # AEON: pin the experts' weights\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#44120 hidden new def",
        "twin: the override delegates to a helper that calls super()",
        K(
            *WN,
            "vllm/aeon/r77wn1.py",
            WH + "class AeonWNA16Method2(MoeWNA16Method):\n"
            "    def _aeon_upstream(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        layer.aeon_pinned = True\n"
            "        self._aeon_upstream(layer)\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
    (
        "#44120 hidden new def",
        "twin: a getattr(super()) probe of the base's hook",
        K(
            *WN,
            "vllm/aeon/r77wn2.py",
            WH + "class AeonWNA16Method3(MoeWNA16Method):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"
            "        hook = getattr(super(), 'process_weights_after_loading', None)\n"
            "        if hook is not None:\n"
            "            hook(layer)\n"
            "        layer.aeon_pinned = True\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:",
        ),
    ),
]

# --- 4c6e2e4b30 (#47516): the choose-kernel functions' platform lookup turned into .get(..., [])
PK = ("#47516", "4c6e2e4b30", "choose_*_linear_kernel: possible_kernels[platform] -> .get(platform, [])")
CASES += [
    (
        "#47516 dead KeyError handler",
        "an except clause for the old exception",
        K(
            *PK,
            "vllm/aeon/r77pk0.py",
            f"from {LK} import _POSSIBLE_FP8_KERNELS, choose_scaled_mm_linear_kernel\n\n\n"
            "def aeon_fp8_kernel(config):\n"
            "    try:\n"
            "        return choose_scaled_mm_linear_kernel(config, _POSSIBLE_FP8_KERNELS)\n"
            "    except KeyError:\n"
            "        return None\n",
            "    except KeyError:",
        ),
    ),
]
TWINS += [
    (
        "#47516 dead KeyError handler",
        "twin: except ValueError (the new spelling)",
        K(
            *PK,
            "vllm/aeon/r77pk1.py",
            f"from {LK} import _POSSIBLE_FP8_KERNELS, choose_scaled_mm_linear_kernel\n\n\n"
            "def aeon_fp8_kernel(config):\n"
            "    try:\n"
            "        return choose_scaled_mm_linear_kernel(config, _POSSIBLE_FP8_KERNELS)\n"
            "    except ValueError:\n"
            "        return None\n",
            "    except ValueError:",
        ),
    ),
    (
        "#47516 dead KeyError handler",
        "twin: the fork's own module-dict lookup in the same try",
        K(
            *PK,
            "vllm/aeon/r77pk2.py",
            f"from {LK} import choose_scaled_mm_linear_kernel\n\n"
            "_AEON_TABLES: dict = {}\n\n\n"
            "def aeon_fp8_kernel(config, name: str):\n"
            "    try:\n"
            "        table = _AEON_TABLES[name]\n"
            "        return choose_scaled_mm_linear_kernel(config, table)\n"
            "    except KeyError:  # AEON: the fork's own table has no entry\n"
            "        return None\n",
            "    except KeyError:  # AEON: the fork's own table has no entry",
        ),
    ),
    (
        "#47516 dead KeyError handler",
        "twin: the fork's own subscript of upstream's module dict",
        K(
            *PK,
            "vllm/aeon/r77pk3.py",
            f"from {LK} import _POSSIBLE_FP8_KERNELS\n"
            "from vllm.platforms import current_platform\n\n\n"
            "def aeon_fp8_candidates() -> list:\n"
            "    try:\n"
            "        return list(_POSSIBLE_FP8_KERNELS[current_platform._enum])\n"
            "    except KeyError:\n"
            "        return []\n",
            "    except KeyError:",
        ),
    ),
    (
        "#47516 dead KeyError handler",
        "twin: the fork's own choose function of the name",
        K(
            *PK,
            "vllm/aeon/r77pk4.py",
            "from vllm.platforms import current_platform\n\n"
            "_AEON_KERNELS: dict = {}\n\n\n"
            "def choose_mp_linear_kernel(config):\n"
            "    return _AEON_KERNELS[current_platform._enum][0]\n\n\n"
            "def aeon_mp_kernel(config):\n"
            "    try:\n"
            "        return choose_mp_linear_kernel(config)\n"
            "    except KeyError:\n"
            "        return None\n",
            "    except KeyError:",
        ),
    ),
]

# --- e67a2e0a56 (#48949): MxFp4LinearLayerConfig given a defaulted field
M4 = ("#48949", "e67a2e0a56", "MxFp4LinearLayerConfig.activation_quant_key (defaulted) added")
MC = "from dataclasses import KW_ONLY, dataclass, field\nfrom typing import ClassVar\n\n"
MC += "from vllm.model_executor.kernels.linear.mxfp4 import MxFp4LinearLayerConfig\n\n\n"
CASES += [
    (
        "#48949 field behind a defaulted base field",
        "a dataclass subclass's field without a default",
        K(
            *M4,
            "vllm/aeon/r77m40.py",
            MC + "@dataclass\nclass AeonMxFp4LayerConfig(MxFp4LinearLayerConfig):\n    aeon_tile_n: int\n",
            "    aeon_tile_n: int",
        ),
    ),
]
TWINS += [
    (
        "#48949 field behind a defaulted base field",
        "twin: a default_factory field",
        K(
            *M4,
            "vllm/aeon/r77m41.py",
            MC + "@dataclass\nclass AeonMxFp4LayerConfig1(MxFp4LinearLayerConfig):\n"
            "    aeon_tiles: list[int] = field(default_factory=lambda: [128, 64])\n",
            "    aeon_tiles: list[int] = field(default_factory=lambda: [128, 64])",
        ),
    ),
    (
        "#48949 field behind a defaulted base field",
        "twin: kw_only on the decorator",
        K(
            *M4,
            "vllm/aeon/r77m42.py",
            MC
            + "@dataclass(kw_only=True)\nclass AeonMxFp4LayerConfig2(MxFp4LinearLayerConfig):\n    aeon_tile_n: int\n",
            "    aeon_tile_n: int",
        ),
    ),
    (
        "#48949 field behind a defaulted base field",
        "twin: a KW_ONLY marker",
        K(
            *M4,
            "vllm/aeon/r77m43.py",
            MC
            + "@dataclass\nclass AeonMxFp4LayerConfig3(MxFp4LinearLayerConfig):\n    _: KW_ONLY\n    aeon_tile_n: int\n",
            "    aeon_tile_n: int",
        ),
    ),
    (
        "#48949 field behind a defaulted base field",
        "twin: a field(init=False) and a ClassVar",
        K(
            *M4,
            "vllm/aeon/r77m44.py",
            MC + "@dataclass\nclass AeonMxFp4LayerConfig4(MxFp4LinearLayerConfig):\n"
            "    aeon_registry: ClassVar[dict]\n"
            "    aeon_packed: bool = field(init=False)\n",
            "    aeon_packed: bool = field(init=False)",
        ),
    ),
    (
        "#48949 field behind a defaulted base field",
        "twin: a plain subclass with an annotation (no dataclass)",
        K(
            *M4,
            "vllm/aeon/r77m45.py",
            MC + "class AeonMxFp4LayerConfig5(MxFp4LinearLayerConfig):\n    aeon_tile_n: int\n",
            "    aeon_tile_n: int",
        ),
    ),
    (
        "#48949 field behind a defaulted base field",
        "twin: the same field on the unchanged NVFP4 config",
        K(
            *M4,
            "vllm/aeon/r77m46.py",
            "from dataclasses import dataclass\n\n"
            "from vllm.model_executor.kernels.linear.nvfp4.base import NvFp4LinearLayerConfig\n\n\n"
            "@dataclass\nclass AeonNvFp4LayerConfig(NvFp4LinearLayerConfig):\n    aeon_tile_n: int\n",
            "    aeon_tile_n: int",
        ),
    ),
    (
        "#48949 field behind a defaulted base field",
        "twin: the fork's own config of the name",
        K(
            *M4,
            "vllm/aeon/r77m47.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\nclass MxFp4LinearLayerConfig:\n    pass\n\n\n"
            "@dataclass\nclass AeonMxFp4LayerConfig7(MxFp4LinearLayerConfig):\n    aeon_tile_n: int\n",
            "    aeon_tile_n: int",
        ),
    ),
]

# --- c0c98b8b9a (#40105): MarlinFP8ScaledMMLinearKernel (no block kernel) put in the CUDA block-scaled list
BL = ("#40105", "c0c98b8b9a", "_POSSIBLE_FP8_BLOCK_KERNELS[CUDA] holds MarlinFP8ScaledMMLinearKernel")
BK = f"from {LK} import _POSSIBLE_FP8_BLOCK_KERNELS\nfrom vllm.platforms import PlatformEnum\n\n\n"
CASES += [
    (
        "#40105 listed class of another shape",
        "a build of each element with the block constructor",
        K(
            *BL,
            "vllm/aeon/r77bl0.py",
            BK + "def aeon_block_candidates(config) -> list:\n"
            "    return [k(config) for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA]]\n",
            "    return [k(config) for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA]]",
        ),
    ),
]
TWINS += [
    (
        "#40105 listed class of another shape",
        "twin: the build by upstream's own issubclass split (the new spelling)",
        K(
            *BL,
            "vllm/aeon/r77bl1.py",
            "from vllm.model_executor.kernels.linear.scaled_mm.ScaledMMLinearKernel import FP8ScaledMMLinearKernel\n"
            + BK
            + "def aeon_block_candidates(config) -> list:\n"
            "    built = []\n"
            "    for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA]:\n"
            "        if issubclass(k, FP8ScaledMMLinearKernel):\n"
            '            built.append(k(config, ["weight", "weight_scale", "input_scale", "input_scale_ub"]))\n'
            "        else:\n"
            "            built.append(k(config))\n"
            "    return built\n",
            "            built.append(k(config))",
        ),
    ),
    (
        "#40105 listed class of another shape",
        "twin: a member every listed class has",
        K(
            *BL,
            "vllm/aeon/r77bl2.py",
            BK + "def aeon_supported_block_kernels() -> list:\n"
            "    return [k for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA] if k.is_supported()[0]]\n",
            "    return [k for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA] if k.is_supported()[0]]",
        ),
    ),
    (
        "#40105 listed class of another shape",
        "twin: a getattr with a default of the block-only attribute",
        K(
            *BL,
            "vllm/aeon/r77bl3.py",
            BK + "def aeon_bf16_input_kernels() -> list:\n"
            "    return [\n"
            "        k for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA] if not getattr(k, 'apply_input_quant', True)\n"
            "    ]\n",
            "        k for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA] if not getattr(k, 'apply_input_quant', True)",
        ),
    ),
    (
        "#40105 listed class of another shape",
        "twin: the fork's own list of the name",
        K(
            *BL,
            "vllm/aeon/r77bl4.py",
            "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import CutlassFp8BlockScaledMMKernel\n"
            "from vllm.platforms import PlatformEnum\n\n"
            "_POSSIBLE_FP8_BLOCK_KERNELS = {PlatformEnum.CUDA: [CutlassFp8BlockScaledMMKernel]}\n\n\n"
            "def aeon_block_candidates(config) -> list:\n"
            "    return [k(config) for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA]]\n",
            "    return [k(config) for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA]]",
        ),
    ),
    (
        "#40105 listed class of another shape",
        "twin: each element's name read",
        K(
            *BL,
            "vllm/aeon/r77bl5.py",
            BK + "def aeon_block_kernel_names() -> list[str]:\n"
            "    return [k.__name__ for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA]]\n",
            "    return [k.__name__ for k in _POSSIBLE_FP8_BLOCK_KERNELS[PlatformEnum.CUDA]]",
        ),
    ),
]

# --- cd7740ac5c (#26668): TritonScaledMMLinearKernel rebased off CutlassScaledMMLinearKernel
IS = ("#26668", "cd7740ac5c", "TritonScaledMMLinearKernel no longer a CutlassScaledMMLinearKernel")
SMK = "vllm.model_executor.layers.quantization.kernels.scaled_mm"
TWINS += [
    (
        "#26668 test of a typed parameter",
        "twin: issubclass of a kept base",
        K(
            *IS,
            "vllm/aeon/r77is1.py",
            f"from {SMK}.ScaledMMLinearKernel import ScaledMMLinearKernel\n\n\n"
            "def aeon_is_scaled_mm(kernel: type) -> bool:\n"
            "    return issubclass(kernel, ScaledMMLinearKernel)\n",
            "    return issubclass(kernel, ScaledMMLinearKernel)",
        ),
    ),
    (
        "#26668 test of a typed parameter",
        "twin: issubclass of an unannotated parameter against the rebased class",
        K(
            *IS,
            "vllm/aeon/r77is2.py",
            f"from {SMK}.triton import TritonScaledMMLinearKernel\n\n\n"
            "def aeon_is_triton(kernel) -> bool:\n"
            "    return issubclass(kernel, TritonScaledMMLinearKernel)\n",
            "    return issubclass(kernel, TritonScaledMMLinearKernel)",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review77-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
