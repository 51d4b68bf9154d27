"""Adversarial twins of killers166's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a fork override hiding a def upstream put between its class and the one it replaced
  (``drift/interposed.py``; #44120 gave ``MoeWNA16Method`` a ``process_weights_after_loading`` that builds the
  kernel, where the name resolved to ``QuantizeMethodBase``'s no-op): ``super()`` bound to a local and called,
  ``super(Cls, self)``, the base named with ``self`` handed first, a helper of the fork's class reaching
  ``super()`` for the override, ``super()`` under a ``hasattr`` probe of upstream's new helper and in a
  ``try``/``finally``, a fork mixin first along the order handing on, a leaf under the fork's own base that
  hands on, an abstract override, the same shape on an unchanged class, an override of a method the class
  already had, the fork's own class of the hook's name, ``super(Cls, self)`` from a nested closure, the next
  class read off ``type(self).__mro__``.  Two other real commits of the same shape: #42651 (53ff50fcd3) gave
  ``CutlassFP8ScaledMMLinearKernel`` a ``process_weights_after_loading`` (padding, and the logical width its
  ``apply_scaled_mm`` now asserts) where ``FP8ScaledMMLinearKernel``'s was ``pass``, and an ``__init__``;
  #48334 (823eaf667d) gave ``XPUFp8BlockScaledMMKernel`` one that transposes the block scales, where
  ``Fp8BlockScaledMMLinearKernel``'s did work: ``super()``, ``getattr(super(), name)``, an ``__init__``
  handing on, an override of ``apply_scaled_mm`` alone, and the fork's own ``apply_scaled_mm`` beside its
  override (it never reads what the new def keeps);
- a call leaving a parameter upstream replaced in its slot to the new default (``drift/handed_in.py``, a
  warning by design; #28358 ``use_ue8m0`` -> ``quant_scale_fmt``): the new keyword passed, the fork's own
  namesake filling its None, a ``**kw`` spread, the new format passed positionally in its slot.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's catches
of these widenings, kept to show the reach stays (#44120's override, #28358's call, warned by design), and
#42651's override without ``super()`` (``apply_scaled_mm`` asserts ``logical_output_size``, which only the
new def sets).

Round 1 (main at 71179be7), 3 cases and 25 twins as first written: 2 caught, 1 warned (#28358, by design) of
3; 3 false errors of 25 twins (1 warned): ``super()`` bound to a local and then called (``_is_super`` saw only a
``super()`` call written in place), a helper of the fork's own class calling ``super().process_weights_after_loading``
for the override (the override itself names no ``super()``; Python's zero-argument ``super()`` in any method of
the class reaches the same next def), and #42651's override beside the fork's own ``apply_scaled_mm``, the one
method reading the ``logical_output_size`` the new def keeps (the fork runs no reader of it: an error said
more than the evidence).  All three are correct code after the merge: none moved to the CASES.  (The last
twin's override first made the weight ``.contiguous()``, which would turn the column-major weight cutlass
reads row-major -- a fork bug of its own, not the merge's; it sets a flag now, same verdict.)
Round 2 (this branch): ``hands_on`` reads ``super()`` through a local bound to it and follows the fork class's
own ``self.helper(...)`` calls; an override whose new def keeps state on ``self`` (directly or through
``self.helper(...)``) that no method the fork's class runs reads -- a fork method handing on through
``super().m`` to an upstream reader counts as a reader -- is a warning, not an error (the new def's work on
its argument is still skipped).  2 caught, 1 warned of 3; 0 false errors of 25 twins (1 warned: the own
``apply_scaled_mm``, by design).  ``blind_replay_moeutils.py`` as before: 19 caught, 1 warned, 0 missed of 20,
11 twins quiet.
Round 3 (written after the mends): a #42651 case whose fork ``apply_scaled_mm`` hands on to upstream's
(which asserts the width: the reader the demotion must see), and #43229 (30c2718eaa), which gave
``QutlassNvFP4LinearMethod`` a ``process_weights_after_loading`` where
``CompressedTensorsLinearTransformMethod``'s did work: an override without ``super()`` (warned: the old def
did work) and two twins (``super()`` bound to a local, a helper reaching ``super()``).  On main (71179be7): 1
caught, 1 warned; twins quiet, both warned.  This branch: 1 caught, 1 warned; twins quiet, one warned (the
helper's ``super()`` call, by ``_inherited_instead``: its wording says upstream removed
``CompressedTensorsLinearTransformMethod.process_weights_after_loading``, which is still there -- left alone).
All rounds, main (71179be7): 3 caught, 2 warned of 5; 3 false errors of 27 twins.  This branch: 3 caught,
2 warned of 5; 0 false errors of 27 twins (2 warned).

  PYTHONPATH=.. python review76_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- ec59c1579f (#44120): MoeWNA16Method.process_weights_after_loading added (it builds the kernel)
PW = ("#44120", "ec59c1579f", "MoeWNA16Method.process_weights_after_loading added")
WN = "import torch\n\nfrom vllm.model_executor.layers.quantization.moe_wna16 import MoeWNA16Method\n\n\n"
PWAL = "def process_weights_after_loading(self, layer: torch.nn.Module) -> None:"
CASES += [
    (
        "#44120 interposed override",
        "a subclass override without super() (the replay's)",
        K(
            *PW,
            "vllm/aeon/r76pw0.py",
            WN + "class AeonWNA16Method(MoeWNA16Method):\n"
            "    " + PWAL + "\n"
            "        # AEON: the Spark keeps the int4 experts pinned for its NVMe offload\n"
            "        layer.w13_qweight.data = layer.w13_qweight.data.contiguous()\n"
            "        layer.w2_qweight.data = layer.w2_qweight.data.contiguous()\n",
            PWAL,
        ),
    ),
]
TWINS += [
    (
        "#44120 interposed override",
        "twin: super() bound to a local, then called",
        K(
            *PW,
            "vllm/aeon/r76pw1.py",
            WN + "class AeonWNA16Method1(MoeWNA16Method):\n"
            "    " + PWAL + "\n"
            "        parent = super()\n"
            "        layer.w13_qweight.data = layer.w13_qweight.data.contiguous()\n"
            "        parent.process_weights_after_loading(layer)\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: super(Cls, self) with its arguments",
        K(
            *PW,
            "vllm/aeon/r76pw2.py",
            WN + "class AeonWNA16Method2(MoeWNA16Method):\n"
            "    " + PWAL + "\n"
            "        super(AeonWNA16Method2, self).process_weights_after_loading(layer)\n"
            "        layer.aeon_pinned = True\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: the base named, the instance handed first",
        K(
            *PW,
            "vllm/aeon/r76pw3.py",
            WN + "class AeonWNA16Method3(MoeWNA16Method):\n"
            "    " + PWAL + "\n"
            "        layer.aeon_pinned = True\n"
            "        MoeWNA16Method.process_weights_after_loading(self, layer)\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: a helper of the fork's class reaching super() for the override",
        K(
            *PW,
            "vllm/aeon/r76pw4.py",
            WN + "class AeonWNA16Method4(MoeWNA16Method):\n"
            "    def _aeon_finish(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_pinned = True\n\n"
            "    " + PWAL + "\n"
            "        layer.w13_qweight.data = layer.w13_qweight.data.contiguous()\n"
            "        self._aeon_finish(layer)\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: super() called under a probe of upstream's new helper",
        K(
            *PW,
            "vllm/aeon/r76pw5.py",
            WN + "class AeonWNA16Method5(MoeWNA16Method):\n"
            "    " + PWAL + "\n"
            "        if hasattr(MoeWNA16Method, '_setup_kernel'):  # AEON: newer upstreams build the kernel here\n"
            "            super().process_weights_after_loading(layer)\n"
            "        layer.aeon_pinned = True\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: super() in a try, the fork's pinning in finally",
        K(
            *PW,
            "vllm/aeon/r76pw6.py",
            WN + "class AeonWNA16Method6(MoeWNA16Method):\n"
            "    " + PWAL + "\n"
            "        try:\n"
            "            super().process_weights_after_loading(layer)\n"
            "        finally:\n"
            "            layer.aeon_pinned = True\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: a fork mixin first along the order, handing on with super()",
        K(
            *PW,
            "vllm/aeon/r76pw7.py",
            WN + "class AeonPinMixin:\n"
            "    " + PWAL + "\n"
            "        super().process_weights_after_loading(layer)  # type: ignore[misc]\n"
            "        layer.aeon_pinned = True\n\n\n"
            "class AeonWNA16Method7(AeonPinMixin, MoeWNA16Method):\n"
            "    pass\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: a leaf under the fork's own base (the fork's base hands on)",
        K(
            *PW,
            "vllm/aeon/r76pw8.py",
            WN + "class AeonWNA16Base(MoeWNA16Method):\n"
            "    " + PWAL + "\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_pinned = True\n\n\n"
            "class AeonWNA16Leaf(AeonWNA16Base):\n"
            "    " + PWAL + "\n"
            "        layer.aeon_leaf = True\n",
            "        layer.aeon_leaf = True",
        ),
    ),
    (
        "#44120 interposed override",
        "twin: an abstract override for the fork's own subclasses",
        K(
            *PW,
            "vllm/aeon/r76pw9.py",
            "import abc\n\n" + WN + "class AeonWNA16Abstract(MoeWNA16Method, abc.ABC):\n"
            "    @abc.abstractmethod\n"
            "    " + PWAL + "\n"
            "        raise NotImplementedError\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: the same shape on an unchanged class (UnquantizedFusedMoEMethod)",
        K(
            *PW,
            "vllm/aeon/r76pw10.py",
            "import torch\n\n"
            "from vllm.model_executor.layers.fused_moe.unquantized_fused_moe_method import UnquantizedFusedMoEMethod\n\n\n"
            "class AeonUnquantized(UnquantizedFusedMoEMethod):\n"
            "    " + PWAL + "\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_pinned = True\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: an override of a method MoeWNA16Method already had (create_weights)",
        K(
            *PW,
            "vllm/aeon/r76pw11.py",
            WN + "class AeonWNA16Method11(MoeWNA16Method):\n"
            "    def create_weights(self, layer, num_experts, hidden_size, intermediate_size_per_partition, params_dtype, **extra_weight_attrs):\n"
            "        layer.aeon_experts = num_experts\n"
            "        return super().create_weights(layer, num_experts, hidden_size, intermediate_size_per_partition, params_dtype, **extra_weight_attrs)\n",
            "    def create_weights(self, layer, num_experts, hidden_size, intermediate_size_per_partition, params_dtype, **extra_weight_attrs):",
        ),
    ),
    (
        "#44120 interposed override",
        "twin: the fork's own class of its own, the hook's namesake",
        K(
            *PW,
            "vllm/aeon/r76pw12.py",
            "import torch\n\n\n"
            "class AeonOffloadHook:\n"
            "    " + PWAL + "\n"
            "        layer.w13_qweight.data = layer.w13_qweight.data.contiguous()\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: super() called from a nested closure the override runs",
        K(
            *PW,
            "vllm/aeon/r76pw13.py",
            WN + "class AeonWNA16Method13(MoeWNA16Method):\n"
            "    " + PWAL + "\n"
            "        def finish() -> None:\n"
            "            super(AeonWNA16Method13, self).process_weights_after_loading(layer)\n\n"
            "        layer.aeon_pinned = True\n"
            "        finish()\n",
            PWAL,
        ),
    ),
    (
        "#44120 interposed override",
        "twin: the next class along the order read off type(self).__mro__",
        K(
            *PW,
            "vllm/aeon/r76pw14.py",
            WN + "class AeonWNA16Method14(MoeWNA16Method):\n"
            "    " + PWAL + "\n"
            "        layer.aeon_pinned = True\n"
            "        nxt = type(self).__mro__[type(self).__mro__.index(AeonWNA16Method14) + 1]\n"
            "        nxt.process_weights_after_loading(self, layer)\n",
            PWAL,
        ),
    ),
]

# --- 53ff50fcd3 (#42651): CutlassFP8ScaledMMLinearKernel.process_weights_after_loading added; the base's was `pass`
CF = ("#42651", "53ff50fcd3", "CutlassFP8ScaledMMLinearKernel pads its weights at load and keeps the logical width")
CU = (
    "import torch\n\n"
    "from vllm import _custom_ops as ops\n"
    "from vllm.model_executor.kernels.linear.scaled_mm.cutlass import CutlassFP8ScaledMMLinearKernel\n\n\n"
)
CASES += [
    (
        "#42651 interposed override",
        "a subclass override without super() (apply_scaled_mm now asserts logical_output_size)",
        K(
            *CF,
            "vllm/aeon/r76cf0.py",
            CU + "class AeonCutlassFP8(CutlassFP8ScaledMMLinearKernel):\n"
            "    " + PWAL + "\n"
            "        # AEON: the Spark keeps its fp8 weights contiguous for the NVMe offload\n"
            "        layer.weight.data = layer.weight.data.contiguous()\n",
            PWAL,
        ),
    ),
]
TWINS += [
    (
        "#42651 interposed override",
        "twin: an override handing on with super()",
        K(
            *CF,
            "vllm/aeon/r76cf1.py",
            CU + "class AeonCutlassFP8b(CutlassFP8ScaledMMLinearKernel):\n"
            "    " + PWAL + "\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_pinned = True\n",
            PWAL,
        ),
    ),
    (
        "#42651 interposed override",
        "twin: the fork's own apply_scaled_mm too, which never reads what the new def keeps",
        K(
            *CF,
            "vllm/aeon/r76cf2.py",
            CU + "class AeonCutlassFP8c(CutlassFP8ScaledMMLinearKernel):\n"
            "    " + PWAL + "\n"
            "        layer.aeon_fp8_ready = True  # AEON: the Spark's shapes are 16-aligned: nothing to pad\n\n"
            "    def apply_scaled_mm(self, *, A, B, out_dtype, As, Bs, bias, output_shape):\n"
            "        output = ops.cutlass_scaled_mm(A, B, out_dtype=out_dtype, scale_a=As, scale_b=Bs, bias=bias)\n"
            "        return output.view(*output_shape)\n",
            PWAL,
        ),
    ),
    (
        "#42651 interposed override",
        "twin: an __init__ override handing on (upstream put an __init__ between too)",
        K(
            *CF,
            "vllm/aeon/r76cf3.py",
            CU + "class AeonCutlassFP8d(CutlassFP8ScaledMMLinearKernel):\n"
            "    def __init__(self, c, layer_param_names) -> None:\n"
            "        super().__init__(c, layer_param_names)\n"
            "        self.aeon_offload = True\n",
            "    def __init__(self, c, layer_param_names) -> None:",
        ),
    ),
    (
        "#42651 interposed override",
        "twin: an override of apply_scaled_mm alone (its owner unchanged)",
        K(
            *CF,
            "vllm/aeon/r76cf4.py",
            CU + "class AeonCutlassFP8e(CutlassFP8ScaledMMLinearKernel):\n"
            "    def apply_scaled_mm(self, *, A, B, out_dtype, As, Bs, bias, output_shape):\n"
            "        A = A.contiguous()  # AEON: the Spark's activations arrive strided\n"
            "        return super().apply_scaled_mm(A=A, B=B, out_dtype=out_dtype, As=As, Bs=Bs, bias=bias, output_shape=output_shape)\n",
            "    def apply_scaled_mm(self, *, A, B, out_dtype, As, Bs, bias, output_shape):",
        ),
    ),
    (
        "#42651 interposed override",
        "twin: an override through getattr(super(), name)",
        K(
            *CF,
            "vllm/aeon/r76cf5.py",
            CU + "class AeonCutlassFP8f(CutlassFP8ScaledMMLinearKernel):\n"
            "    " + PWAL + "\n"
            "        getattr(super(), 'process_weights_after_loading')(layer)\n"
            "        layer.aeon_pinned = True\n",
            PWAL,
        ),
    ),
]

# --- 823eaf667d (#48334): XPUFp8BlockScaledMMKernel.process_weights_after_loading added; the base's did work
XP = ("#48334", "823eaf667d", "XPUFp8BlockScaledMMKernel transposes its block scales at load")
XU = "import torch\n\nfrom vllm.model_executor.kernels.linear.scaled_mm.xpu import XPUFp8BlockScaledMMKernel\n\n\n"
TWINS += [
    (
        "#48334 interposed override",
        "twin: an override handing on with super() (the new def transposes, the fork adds)",
        K(
            *XP,
            "vllm/aeon/r76xp1.py",
            XU + "class AeonXPUFp8(XPUFp8BlockScaledMMKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module):\n"
            "        super().process_weights_after_loading(layer)\n"
            "        layer.aeon_pinned = True\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module):",
        ),
    ),
    (
        "#48334 interposed override",
        "twin: super() bound to a local (the old def did work: a warning at most)",
        K(
            *XP,
            "vllm/aeon/r76xp2.py",
            XU + "class AeonXPUFp8b(XPUFp8BlockScaledMMKernel):\n"
            "    def process_weights_after_loading(self, layer: torch.nn.Module):\n"
            "        base = super()\n"
            "        base.process_weights_after_loading(layer)\n"
            "        layer.aeon_pinned = True\n",
            "    def process_weights_after_loading(self, layer: torch.nn.Module):",
        ),
    ),
]

# --- fe1cd7704d (#28358): persistent_masked_m_silu_mul_quant(use_ue8m0) -> quant_scale_fmt in its slot
SQ = ("#28358", "fe1cd7704d", "persistent_masked_m_silu_mul_quant: use_ue8m0 -> quant_scale_fmt")
PM = (
    "import torch\n\n"
    "from vllm.model_executor.layers.fused_moe.batched_deep_gemm_moe import persistent_masked_m_silu_mul_quant\n\n\n"
)
CASES += [
    (
        "#28358 slot replaced",
        "a call leaving the replaced slot to the new default (a warning by design)",
        K(
            *SQ,
            "vllm/aeon/r76sq0.py",
            PM + "def aeon_act_quant(y: torch.Tensor, counts: torch.Tensor):\n"
            "    q, s = persistent_masked_m_silu_mul_quant(y, counts, num_parallel_tokens=8)\n"
            "    return q, s\n",
            "    q, s = persistent_masked_m_silu_mul_quant(y, counts, num_parallel_tokens=8)",
        ),
    ),
]
TWINS += [
    (
        "#28358 slot replaced",
        "twin: the new keyword passed (the new spelling)",
        K(
            *SQ,
            "vllm/aeon/r76sq1.py",
            "from vllm.utils.deep_gemm import DeepGemmQuantScaleFMT\n"
            + PM
            + "def aeon_act_quant(y: torch.Tensor, counts: torch.Tensor):\n"
            "    return persistent_masked_m_silu_mul_quant(y, counts, quant_scale_fmt=DeepGemmQuantScaleFMT.UE8M0)\n",
            "    return persistent_masked_m_silu_mul_quant(y, counts, quant_scale_fmt=DeepGemmQuantScaleFMT.UE8M0)",
        ),
    ),
    (
        "#28358 slot replaced",
        "twin: the fork's own namesake with use_ue8m0 filled from None",
        K(
            *SQ,
            "vllm/aeon/r76sq2.py",
            "import torch\n\n\n"
            "def persistent_masked_m_silu_mul_quant(y: torch.Tensor, counts: torch.Tensor, use_ue8m0: bool | None = None):\n"
            "    use_ue8m0 = use_ue8m0 if use_ue8m0 is not None else False\n"
            "    return y, counts\n\n\n"
            "def aeon_ref_quant(y: torch.Tensor, counts: torch.Tensor):\n"
            "    return persistent_masked_m_silu_mul_quant(y, counts)\n",
            "    return persistent_masked_m_silu_mul_quant(y, counts)",
        ),
    ),
    (
        "#28358 slot replaced",
        "twin: a spread of the fork's keywords",
        K(
            *SQ,
            "vllm/aeon/r76sq3.py",
            PM + "def aeon_act_quant(y: torch.Tensor, counts: torch.Tensor, **kw):\n"
            "    return persistent_masked_m_silu_mul_quant(y, counts, **kw)\n",
            "    return persistent_masked_m_silu_mul_quant(y, counts, **kw)",
        ),
    ),
    (
        "#28358 slot replaced",
        "twin: the new format filled positionally in its slot",
        K(
            *SQ,
            "vllm/aeon/r76sq4.py",
            "from vllm.utils.deep_gemm import DeepGemmQuantScaleFMT\n"
            + PM
            + "def aeon_act_quant(y: torch.Tensor, counts: torch.Tensor):\n"
            "    return persistent_masked_m_silu_mul_quant(y, counts, 16, 128, DeepGemmQuantScaleFMT.FLOAT32)\n",
            "    return persistent_masked_m_silu_mul_quant(y, counts, 16, 128, DeepGemmQuantScaleFMT.FLOAT32)",
        ),
    ),
]


# --- round 3, written after the mends
CASES += [
    (
        "#42651 interposed override",
        "an override without super() beside an apply_scaled_mm handing on to upstream's (which asserts the width)",
        K(
            *CF,
            "vllm/aeon/r76cf6.py",
            CU + "class AeonCutlassFP8g(CutlassFP8ScaledMMLinearKernel):\n"
            "    " + PWAL + "\n"
            "        layer.aeon_fp8_ready = True\n\n"
            "    def apply_scaled_mm(self, *, A, B, out_dtype, As, Bs, bias, output_shape):\n"
            "        return super().apply_scaled_mm(A=A.contiguous(), B=B, out_dtype=out_dtype, As=As, Bs=Bs, bias=bias, output_shape=output_shape)\n",
            PWAL,
        ),
    ),
]
# --- 30c2718eaa (#43229): QutlassNvFP4LinearMethod.process_weights_after_loading added; the base's did work
QT = ("#43229", "30c2718eaa", "QutlassNvFP4LinearMethod builds its fused scales at load")
QU = (
    "import torch\n\n"
    "from vllm.model_executor.layers.quantization.compressed_tensors.transform.schemes.linear_qutlass_nvfp4 import (\n"
    "    QutlassNvFP4LinearMethod,\n"
    ")\n\n\n"
)
QPW = "def process_weights_after_loading(self, layer: torch.nn.Module) -> None:"
CASES += [
    (
        "#43229 interposed override",
        "an override without super() (the old def did work: a warning)",
        K(
            *QT,
            "vllm/aeon/r76qt0.py",
            QU + "class AeonQutlass(QutlassNvFP4LinearMethod):\n"
            "    " + QPW + "\n"
            "        self.quant_method.process_weights_after_loading(layer)  # AEON: the Spark has no Hadamard submodules\n",
            QPW,
        ),
    ),
]
TWINS += [
    (
        "#43229 interposed override",
        "twin: super() bound to a local",
        K(
            *QT,
            "vllm/aeon/r76qt1.py",
            QU + "class AeonQutlass1(QutlassNvFP4LinearMethod):\n"
            "    " + QPW + "\n"
            "        base = super()\n"
            "        base.process_weights_after_loading(layer)\n"
            "        layer.aeon_ready = True\n",
            QPW,
        ),
    ),
    (
        "#43229 interposed override",
        "twin: a helper of the fork's class reaching super()",
        K(
            *QT,
            "vllm/aeon/r76qt2.py",
            QU + "class AeonQutlass2(QutlassNvFP4LinearMethod):\n"
            "    def _aeon_base_load(self, layer: torch.nn.Module) -> None:\n"
            "        super().process_weights_after_loading(layer)\n\n"
            "    " + QPW + "\n"
            "        self._aeon_base_load(layer)\n"
            "        layer.aeon_ready = True\n",
            QPW,
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review76-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
