"""Adversarial twins of killers216's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a parameter's field a setup method now stores and a sibling now reads, skipped by a fork override
  (``drift/skipped_setups.py`` ``_param_setups``; #23671 ``layer.input_scale_inv``, a read a Marlin return may
  skip, and #7271 (172d1cd276) ``CompressedTensorsW8A8Int8``'s ``layer.azp_adj``, read unguarded by
  ``apply_weights``): the field stored by the override itself, under another parameter name, in a tuple target,
  inside a ``with``, set to None on a symmetric-only class, handed to a module helper, to a kernel object, to
  ``replace_parameter``, the reader overridden, the base's body called by name, registered by names from a
  module-level table, the reader bound at class level, the layer's dict updated by keyword;
- a ``NotImplementedError`` an answer replaced (``drift/raised_kinds.py`` ``_implemented``; #29804's EPLB
  refusal): a handler around the fork's own kernel, one that also catches a kind still raised, one around an
  unchanged sibling's ``apply``, one that re-raises;
- stale copies of a rewritten body (``drift/stale_copies.py``; #48861 ``out_dtype``, #31099's padded weight,
  #35430's widened ``isinstance``, #42209's ``swiglu_limit``): the new value set in a fork ``__init__``, a value
  of the fork's own, the padded dimension read next to the output size upstream now reads, a method of the
  fork's own reading the dimension, the widened test spelt in another order, a leaving branch of another test,
  the new keyword passed, a ``**`` splat.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are modelopt2's catches by
these widenings (each a warning there) and one error on #7271, kept to show the reach stays.

Round 1 (main at 599010b3), 8 cases and 29 twins as first written: 1 caught, 7 warned of 8 (each CASE as its
replay records it: modelopt2's seven warnings, #7271's error); 3 false errors of 29 twins (3 warned), all three
skipped parameter setups' (#7271, an unguarded read, so an error): ``apply_weights = aeon_int8_apply`` bound at
class level (the reader is the fork's, but only a ``def`` was looked for), ``for name in _AEON_UNUSED:
layer.register_buffer(name, None)`` with the names in a module-level tuple (only the class's strings were read,
and a call *on* the layer hands it nowhere), and ``layer.__dict__.update(input_zero_point=None, azp_adj=None)``
(a keyword names the field).  The answered-``NotImplementedError``, stale-copy and stale-dimension widenings
held: 0 false of 16 (their findings are warnings by design); warned twins: ``except RuntimeError`` (a base of
``NotImplementedError``) counting and re-raising, a handler that only re-raises, the padded dimension read beside
``layer.output_size_per_partition``.
Round 2 (this branch): ``_keeps_param`` in ``drift/skipped_setups.py`` takes three more ways the fork keeps the
setup: the reader bound at class level (``binds_at_class_level``, for a field of ``self`` too), the field's name
as a string anywhere in the fork's module, a keyword of its name in a call of the class (unit tests in
``tests/audits/test_skipped_setup_bindings.py``, the five quiet rows failing before).  1 caught, 7 warned of 8;
0 false errors of 29 twins (3 warned, as in round 1: those are the other widenings' warnings, left).  The
#7271 twins were found by scanning ``vllm/model_executor/layers/quantization``'s first-parent history with the
check's own ``_setups`` (the unguarded-read shape: #7271, #6612, #33973, #35697, #18000 among others).
Round 3 (written after the mend): three cases the mend must not swallow, on #7271 (``azp_adj`` never set,
``apply_weights`` inherited): a module-level table naming only ``input_zero_point``, the fork's kernel bound at
class level as ``apply`` (a name the layer never calls), ``layer.__dict__.update(input_zero_point=None)``: 3
caught of 3.  All rounds, this branch: 4 caught, 7 warned, 0 missed of 11; 0 false errors of 29 twins (3
warned).  Regression set after the mend, each as recorded: killer_replay 26/26 blocked, kind_change_replay
12/12 (5 quiet), blind_replay_modelopt2 2 caught, 10 warned, 1 missed of 13 (10 quiet), blind_replay_linkern 20
caught, 3 warned, 2 missed of 25 (11 quiet, 2 warned), blind_replay_soutmgr 6 caught, 6 warned, 5 missed of 17
(8 quiet, 1 warned), review77_twins 7 caught, 2 warned of 9, 0 false of 39 (4 warned), blind_replay_quantext 17
caught, 1 warned, 1 missed of 19 (13 quiet).

  PYTHONPATH=.. python review122_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

MO = "vllm.model_executor.layers.quantization.modelopt"

# --- 16a45b3a28 (#23671): layer.input_scale_inv set by process_weights_after_loading, read by apply (Marlin first)
IS = ("#23671", "16a45b3a28", "ModelOptNvFp4LinearMethod.process_weights_after_loading sets layer.input_scale_inv")
HIS = (
    "import torch\nfrom torch.nn import Module, Parameter\n\n"
    "from vllm.model_executor.layers.quantization.utils.quant_utils import swizzle_blockscale\n"
    f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
)
PREP = (
    "        layer.input_scale = Parameter(layer.input_scale.max().to(torch.float32), requires_grad=False)\n"
    "        layer.weight_scale_2 = Parameter(layer.weight_scale_2.max().to(torch.float32), requires_grad=False)\n"
    "        layer.alpha = Parameter(layer.input_scale * layer.weight_scale_2, requires_grad=False)\n"
    "        layer.weight_scale = Parameter(swizzle_blockscale(layer.weight_scale), requires_grad=False)\n"
)


def _is(name: str, body: str, line: str, head: str = HIS) -> Killer:
    return K(*IS, f"vllm/aeon/r122{name}.py", head + body, line)


CASES += [
    (
        "#23671 skipped parameter setup",
        "a process_weights_after_loading override without super(), apply inherited (modelopt2's is1)",
        _is(
            "is0",
            "class AeonNvFp4Prep(ModelOptNvFp4LinearMethod):\n"
            "    def process_weights_after_loading(self, layer: Module) -> None:\n" + PREP,
            "    def process_weights_after_loading(self, layer: Module) -> None:",
        ),
    ),
]
TWINS += [
    (
        "#23671 skipped parameter setup",
        "twin: the override stores layer.input_scale_inv itself",
        _is(
            "is1",
            "class AeonNvFp4Prep1(ModelOptNvFp4LinearMethod):\n"
            "    def process_weights_after_loading(self, layer: Module) -> None:\n"
            + PREP
            + "        layer.input_scale_inv = Parameter((1 / layer.input_scale).to(torch.float32), requires_grad=False)\n",
            "    def process_weights_after_loading(self, layer: Module) -> None:",
        ),
    ),
    (
        "#23671 skipped parameter setup",
        "twin: the override's parameter named module, the field set under a with",
        _is(
            "is2",
            "class AeonNvFp4Prep2(ModelOptNvFp4LinearMethod):\n"
            "    def process_weights_after_loading(self, module: Module) -> None:\n"
            "        with torch.no_grad():\n"
            "            scale = module.input_scale.max().to(torch.float32)\n"
            "            module.input_scale = Parameter(scale, requires_grad=False)\n"
            "            module.input_scale_inv = Parameter(1 / scale, requires_grad=False)\n",
            "    def process_weights_after_loading(self, module: Module) -> None:",
        ),
    ),
    (
        "#23671 skipped parameter setup",
        "twin: the override hands the layer to a helper of the fork's module",
        _is(
            "is3",
            "def _aeon_prepare(layer: Module) -> None:\n"
            "    layer.input_scale_inv = Parameter(1 / layer.input_scale.max(), requires_grad=False)\n\n\n"
            "class AeonNvFp4Prep3(ModelOptNvFp4LinearMethod):\n"
            "    def process_weights_after_loading(self, layer: Module) -> None:\n"
            "        # AEON: the Spark's swizzle, shared with the MoE path\n"
            "        _aeon_prepare(layer)\n",
            "    def process_weights_after_loading(self, layer: Module) -> None:",
        ),
    ),
    (
        "#23671 skipped parameter setup",
        "twin: apply overridden too, never reading the field",
        _is(
            "is4",
            "class AeonNvFp4Prep4(ModelOptNvFp4LinearMethod):\n"
            "    def process_weights_after_loading(self, layer: Module) -> None:\n"
            + PREP
            + "\n    def apply(self, layer: Module, x: torch.Tensor, bias: torch.Tensor | None = None) -> torch.Tensor:\n"
            "        return torch.ops.aeon.nvfp4_gemm(x, layer.weight, layer.weight_scale, layer.alpha, bias)\n",
            "    def process_weights_after_loading(self, layer: Module) -> None:",
        ),
    ),
]

# --- 172d1cd276 (#7271): CompressedTensorsW8A8Int8 stores layer.azp_adj (and input_zero_point); apply_weights reads
AZ = ("#7271", "172d1cd276", "CompressedTensorsW8A8Int8.process_weights_after_loading sets layer.azp_adj, apply reads")
HAZ = (
    "import torch\nfrom torch.nn import Parameter\n\n"
    "from vllm.model_executor.layers.quantization.compressed_tensors.schemes import CompressedTensorsW8A8Int8\n"
)
AZ_PREP = (
    "        layer.weight = Parameter(layer.weight.t(), requires_grad=False)\n"
    "        layer.weight_scale = Parameter(layer.weight_scale.data, requires_grad=False)\n"
    "        layer.input_scale = None  # AEON: dynamic per-token only on the Spark\n"
)
DEF_AZ = "    def process_weights_after_loading(self, layer: torch.nn.Module) -> None:\n"


def _az(name: str, body: str, line: str = DEF_AZ.rstrip("\n"), head: str = HAZ) -> Killer:
    return K(*AZ, f"vllm/aeon/r122{name}.py", head + "\n\n" + body, line)


CASES += [
    (
        "#7271 skipped parameter setup",
        "an override without super() that never sets azp_adj, apply_weights inherited",
        _az("az0", "class AeonInt8Scheme(CompressedTensorsW8A8Int8):\n" + DEF_AZ + AZ_PREP),
    ),
]
TWINS += [
    (
        "#7271 skipped parameter setup",
        "twin: a symmetric-only scheme storing None for both fields",
        _az(
            "az1",
            "class AeonInt8Scheme1(CompressedTensorsW8A8Int8):\n"
            + DEF_AZ
            + AZ_PREP
            + "        layer.input_zero_point = None\n        layer.azp_adj = None\n",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: both fields stored in one tuple target",
        _az(
            "az2",
            "class AeonInt8Scheme2(CompressedTensorsW8A8Int8):\n"
            + DEF_AZ
            + AZ_PREP
            + "        layer.input_zero_point, layer.azp_adj = None, None\n",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: the fork overrides apply_weights too",
        _az(
            "az3",
            "class AeonInt8Scheme3(CompressedTensorsW8A8Int8):\n"
            + DEF_AZ
            + AZ_PREP
            + "\n    def apply_weights(self, layer: torch.nn.Module, x: torch.Tensor, bias=None) -> torch.Tensor:\n"
            "        return torch.ops.aeon.int8_gemm(x, layer.weight, layer.weight_scale, bias)\n",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: apply_weights bound at class level to the fork's kernel",
        _az(
            "az4",
            "def aeon_int8_apply(self, layer: torch.nn.Module, x: torch.Tensor, bias=None) -> torch.Tensor:\n"
            "    return torch.ops.aeon.int8_gemm(x, layer.weight, layer.weight_scale, bias)\n\n\n"
            "class AeonInt8Scheme4(CompressedTensorsW8A8Int8):\n"
            "    apply_weights = aeon_int8_apply  # AEON: the Spark's int8 GEMM, no AZP\n\n" + DEF_AZ + AZ_PREP,
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: the fields registered by names from a module-level table",
        _az(
            "az5",
            "_AEON_UNUSED = ('input_zero_point', 'azp_adj')  # AEON: symmetric checkpoints only\n\n\n"
            "class AeonInt8Scheme5(CompressedTensorsW8A8Int8):\n"
            + DEF_AZ
            + AZ_PREP
            + "        for name in _AEON_UNUSED:\n            layer.register_buffer(name, None)\n",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: the layer's dict updated by keyword",
        _az(
            "az6",
            "class AeonInt8Scheme6(CompressedTensorsW8A8Int8):\n"
            + DEF_AZ
            + AZ_PREP
            + "        layer.__dict__.update(input_zero_point=None, azp_adj=None)\n",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: the base's body called by its class's name, in a try",
        _az(
            "az7",
            "class AeonInt8Scheme7(CompressedTensorsW8A8Int8):\n" + DEF_AZ + "        try:\n"
            "            CompressedTensorsW8A8Int8.process_weights_after_loading(self, layer)\n"
            "        except RuntimeError:  # AEON: the Spark's loader hands CPU weights on a cold start\n"
            "            layer.weight = Parameter(layer.weight.cuda(), requires_grad=False)\n"
            "            CompressedTensorsW8A8Int8.process_weights_after_loading(self, layer)\n",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: replace_parameter naming the field, in a lambda table",
        _az(
            "az8",
            "class AeonInt8Scheme8(CompressedTensorsW8A8Int8):\n"
            + DEF_AZ
            + AZ_PREP
            + "        fixups = {'input_zero_point': lambda: None, 'azp_adj': lambda: None}\n"
            "        for name, make in fixups.items():\n            setattr(layer, name, make())\n",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: the layer handed to the fork's kernel object by keyword",
        _az(
            "az9",
            "class AeonInt8Scheme9(CompressedTensorsW8A8Int8):\n"
            + DEF_AZ
            + "        # AEON: the Spark kernel prepares every field apply_weights reads\n"
            "        self.aeon_kernel.prepare(layer=layer, symmetric=True)\n",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: a namesake scheme of the fork's own, derived from the abstract scheme",
        _az(
            "az10",
            "class AeonW8A8Int8(CompressedTensorsScheme):\n"
            + DEF_AZ
            + AZ_PREP
            + "\n    def apply_weights(self, layer: torch.nn.Module, x: torch.Tensor, bias=None) -> torch.Tensor:\n"
            "        return torch.ops.aeon.int8_gemm(x, layer.weight, layer.weight_scale, bias)\n",
            head=HAZ.replace("import CompressedTensorsW8A8Int8", "import CompressedTensorsScheme"),
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: the parameter named module, the fields set by the fork's create_weights",
        _az(
            "az11",
            "class AeonInt8Scheme11(CompressedTensorsW8A8Int8):\n"
            "    def create_weights(self, layer: torch.nn.Module, *args, **kwargs) -> None:\n"
            "        super().create_weights(layer, *args, **kwargs)\n"
            "        layer.input_zero_point = None  # AEON: symmetric checkpoints only\n"
            "        layer.azp_adj = None\n\n"
            "    def process_weights_after_loading(self, module: torch.nn.Module) -> None:\n"
            "        module.weight = Parameter(module.weight.t(), requires_grad=False)\n"
            "        module.input_scale = None\n",
            "    def process_weights_after_loading(self, module: torch.nn.Module) -> None:",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "twin: a leaf of the fork's own base (another file) that overrides apply_weights",
        Killer(
            *AZ,
            (
                Edit(
                    "vllm/aeon/r122az12base.py",
                    HAZ + "\n\nclass AeonInt8Base(CompressedTensorsW8A8Int8):\n"
                    "    def apply_weights(self, layer: torch.nn.Module, x: torch.Tensor, bias=None) -> torch.Tensor:\n"
                    "        return torch.ops.aeon.int8_gemm(x, layer.weight, layer.weight_scale, bias)\n",
                ),
                Edit(
                    "vllm/aeon/r122az12.py",
                    "import torch\nfrom torch.nn import Parameter\n\nfrom vllm.aeon.r122az12base import AeonInt8Base\n\n\n"
                    "class AeonInt8Leaf(AeonInt8Base):\n" + DEF_AZ + AZ_PREP,
                ),
            ),
            (("vllm/aeon/r122az12.py", DEF_AZ.rstrip("\n")),),
        ),
    ),
]

# round 3: fork code near the mended shapes that IS broken after the merge (azp_adj never set, apply_weights inherited)
CASES += [
    (
        "#7271 skipped parameter setup",
        "round 3: a module-level table registering the other field only",
        _az(
            "az20",
            "_AEON_ZP = ('input_zero_point',)  # AEON: the zero point's buffer only\n\n\n"
            "class AeonInt8Scheme20(CompressedTensorsW8A8Int8):\n"
            + DEF_AZ
            + AZ_PREP
            + "        for name in _AEON_ZP:\n            layer.register_buffer(name, None)\n",
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "round 3: the fork's kernel bound at class level as apply, not apply_weights",
        _az(
            "az21",
            "def aeon_int8_apply(self, layer: torch.nn.Module, x: torch.Tensor, bias=None) -> torch.Tensor:\n"
            "    return torch.ops.aeon.int8_gemm(x, layer.weight, layer.weight_scale, bias)\n\n\n"
            "class AeonInt8Scheme21(CompressedTensorsW8A8Int8):\n"
            "    apply = aeon_int8_apply  # AEON: a name the scheme's layer never calls\n\n" + DEF_AZ + AZ_PREP,
        ),
    ),
    (
        "#7271 skipped parameter setup",
        "round 3: the layer's dict updated with the zero point alone",
        _az(
            "az22",
            "class AeonInt8Scheme22(CompressedTensorsW8A8Int8):\n"
            + DEF_AZ
            + AZ_PREP
            + "        layer.__dict__.update(input_zero_point=None)\n",
        ),
    ),
]

# --- a00d88973d (#29804): ModelOptNvFp4FusedMoE.apply's NotImplementedError under EPLB answered
EP = ("#29804", "a00d88973d", "ModelOptNvFp4FusedMoE.apply: EPLB's NotImplementedError gone (routed path)")
HEP = f"from {MO} import ModelOptFp8MoEMethod, ModelOptNvFp4FusedMoE\n\n\n"


def _ep(name: str, body: str, line: str = "        except NotImplementedError:") -> Killer:
    return K(*EP, f"vllm/aeon/r122{name}.py", HEP + body, line)


CASES += [
    (
        "#29804 answered NotImplementedError",
        "a handler of the exception upstream stopped raising (modelopt2's ep1)",
        _ep(
            "ep0",
            "class AeonNvFp4MoE(ModelOptNvFp4FusedMoE):\n"
            "    def apply(self, layer, x, router_logits):\n"
            "        try:\n"
            "            return super().apply(layer, x, router_logits)\n"
            "        except NotImplementedError:\n"
            "            return self.aeon_eplb_apply(layer, x, router_logits)\n\n"
            "    def aeon_eplb_apply(self, layer, x, router_logits):\n"
            "        raise RuntimeError\n",
        ),
    ),
]
TWINS += [
    (
        "#29804 answered NotImplementedError",
        "twin: the handler around the fork's own kernel, super() its fallback",
        _ep(
            "ep1",
            "class AeonNvFp4MoE1(ModelOptNvFp4FusedMoE):\n"
            "    def apply(self, layer, x, router_logits):\n"
            "        try:\n"
            "            return self.aeon_kernel(layer, x, router_logits)\n"
            "        except NotImplementedError:\n"
            "            return super().apply(layer, x, router_logits)\n\n"
            "    def aeon_kernel(self, layer, x, router_logits):\n"
            "        raise NotImplementedError('sm_121a only')\n",
        ),
    ),
    (
        "#29804 answered NotImplementedError",
        "twin: a handler of another kind around super().apply()",
        _ep(
            "ep2",
            "class AeonNvFp4MoE2(ModelOptNvFp4FusedMoE):\n"
            "    def apply(self, layer, x, router_logits):\n"
            "        try:\n"
            "            return super().apply(layer, x, router_logits)\n"
            "        except RuntimeError:\n"
            "            self.aeon_oom_count += 1\n"
            "            raise\n",
            "        except RuntimeError:",
        ),
    ),
    (
        "#29804 answered NotImplementedError",
        "twin: the handler around an unchanged sibling's apply",
        _ep(
            "ep3",
            "class AeonFp8MoE(ModelOptFp8MoEMethod):\n"
            "    def apply(self, layer, x, router_logits):\n"
            "        try:\n"
            "            return super().apply(layer, x, router_logits)\n"
            "        except NotImplementedError:\n"
            "            return self.aeon_fallback(layer, x, router_logits)\n\n"
            "    def aeon_fallback(self, layer, x, router_logits):\n"
            "        raise RuntimeError\n",
        ),
    ),
    (
        "#29804 answered NotImplementedError",
        "twin: a handler that only re-raises with the fork's message",
        _ep(
            "ep4",
            "class AeonNvFp4MoE4(ModelOptNvFp4FusedMoE):\n"
            "    def apply(self, layer, x, router_logits):\n"
            "        try:\n"
            "            return super().apply(layer, x, router_logits)\n"
            "        except NotImplementedError as exc:\n"
            "            raise RuntimeError('AEON: this MoE path is not built for the Spark') from exc\n",
            "        except NotImplementedError as exc:",
        ),
    ),
]

# --- 0b37d8389f (#48861): ModelOpt FP8 linear methods' out_dtype now the model dtype
OD = ("#48861", "0b37d8389f", "ModelOptFp8*LinearMethod.out_dtype = model_config.dtype (was torch.get_default_dtype())")
HOD = (
    "import torch\n\nfrom vllm.config import get_current_vllm_config\n"
    f"from {MO} import ModelOptFp8Config, ModelOptFp8LinearMethod\n\n\n"
)
DEF_OD = "    def __init__(self, quant_config: ModelOptFp8Config) -> None:\n        self.quant_config = quant_config\n"


def _od(name: str, body: str, line: str) -> Killer:
    return K(*OD, f"vllm/aeon/r122{name}.py", HOD + body, line)


CASES += [
    (
        "#48861 stale copy",
        "an __init__ override without super() keeping the old expression (modelopt2's od1)",
        _od(
            "od0",
            "class AeonFp8Linear(ModelOptFp8LinearMethod):\n"
            + DEF_OD
            + "        self.out_dtype = torch.get_default_dtype()\n",
            "        self.out_dtype = torch.get_default_dtype()",
        ),
    ),
]
TWINS += [
    (
        "#48861 stale copy",
        "twin: the override sets upstream's new value",
        _od(
            "od1",
            "class AeonFp8Linear1(ModelOptFp8LinearMethod):\n"
            + DEF_OD
            + "        self.out_dtype = get_current_vllm_config().model_config.dtype\n",
            "        self.out_dtype = get_current_vllm_config().model_config.dtype",
        ),
    ),
    (
        "#48861 stale copy",
        "twin: a value of the fork's own",
        _od(
            "od2",
            "class AeonFp8Linear2(ModelOptFp8LinearMethod):\n"
            + DEF_OD
            + "        self.out_dtype = torch.bfloat16  # AEON: GB10's epilogue writes bf16 only\n",
            "        self.out_dtype = torch.bfloat16  # AEON: GB10's epilogue writes bf16 only",
        ),
    ),
]

# --- 67fe677c53 (#31099): the NVFP4 linear weight padded; apply reads output_size_per_partition
PD = ("#31099", "67fe677c53", "ModelOptNvFp4LinearMethod pads layer.weight; apply reads output_size_per_partition")
HPD = (
    "import torch\n\nfrom vllm._custom_ops import cutlass_scaled_fp4_mm, scaled_fp4_quant\n"
    f"from {MO} import ModelOptNvFp4LinearMethod\n\n\n"
)
GEMM = (
    "        x_fp4, x_scale = scaled_fp4_quant(x, layer.input_scale_inv)\n"
    "        out = cutlass_scaled_fp4_mm(x_fp4, layer.weight, x_scale, layer.weight_scale, layer.alpha, x.dtype)\n"
)


def _pd(name: str, body: str, line: str) -> Killer:
    return K(*PD, f"vllm/aeon/r122{name}.py", HPD + body, line)


CASES += [
    (
        "#31099 stale dimension",
        "an apply override's view by the weight's first dimension (modelopt2's pd2)",
        _pd(
            "pd0",
            "class AeonNvFp4Linear(ModelOptNvFp4LinearMethod):\n"
            "    def apply(self, layer, x, bias=None):\n"
            + GEMM
            + "        return out.view(x.shape[0], layer.weight.size(0))\n",
            "        return out.view(x.shape[0], layer.weight.size(0))",
        ),
    ),
    (
        "#31099 stale dimension",
        "an apply override's output shape bound from layer.weight.shape[0] (modelopt2's pd1)",
        _pd(
            "pd00",
            "class AeonNvFp4Linear0(ModelOptNvFp4LinearMethod):\n"
            "    def apply(self, layer, x, bias=None):\n"
            "        output_shape = [x.shape[0], layer.weight.shape[0]]\n"
            + GEMM
            + "        return out.view(*output_shape)\n",
            "        output_shape = [x.shape[0], layer.weight.shape[0]]",
        ),
    ),
]
TWINS += [
    (
        "#31099 stale dimension",
        "twin: the padded dimension read beside the output size upstream now reads",
        _pd(
            "pd1",
            "class AeonNvFp4Linear1(ModelOptNvFp4LinearMethod):\n"
            "    def apply(self, layer, x, bias=None):\n"
            + GEMM
            + "        out = out.view(x.shape[0], layer.weight.shape[0])  # AEON: padded rows, cut below\n"
            "        return out[:, : layer.output_size_per_partition]\n",
            "        out = out.view(x.shape[0], layer.weight.shape[0])  # AEON: padded rows, cut below",
        ),
    ),
    (
        "#31099 stale dimension",
        "twin: a method of the fork's own reading the padded dimension",
        _pd(
            "pd2",
            "class AeonNvFp4Linear2(ModelOptNvFp4LinearMethod):\n"
            "    def aeon_padded_rows(self, layer: torch.nn.Module) -> int:\n"
            "        return layer.weight.shape[0]\n",
            "        return layer.weight.shape[0]",
        ),
    ),
    (
        "#31099 stale dimension",
        "twin: the override reads the partition size",
        _pd(
            "pd3",
            "class AeonNvFp4Linear3(ModelOptNvFp4LinearMethod):\n"
            "    def apply(self, layer, x, bias=None):\n"
            + GEMM
            + "        return out[:, : layer.output_size_per_partition].reshape(*x.shape[:-1], -1)\n",
            "        return out[:, : layer.output_size_per_partition].reshape(*x.shape[:-1], -1)",
        ),
    ),
]

# --- 6283021142 (#35430): get_quant_method gives MLAAttention the KV-cache method too
ML = ("#35430", "6283021142", "get_quant_method: isinstance(layer, (Attention, MLAAttention)) -> KV-cache method")
HML = (
    "import torch\n\nfrom vllm.model_executor.layers.attention import Attention\n"
    "from vllm.model_executor.layers.linear import LinearBase, UnquantizedLinearMethod\n"
    f"from {MO} import ModelOptNvFp4Config\n\n\n"
)


def _ml(name: str, body: str, line: str, head: str = HML) -> Killer:
    return K(*ML, f"vllm/aeon/r122{name}.py", head + body, line)


CASES += [
    (
        "#35430 copied test",
        "the old test in a leaving branch, super() for linear layers only (modelopt2's ml1)",
        _ml(
            "ml0",
            "class AeonNvFp4Config(ModelOptNvFp4Config):\n"
            "    def get_quant_method(self, layer: torch.nn.Module, prefix: str):\n"
            "        if isinstance(layer, Attention):\n"
            "            return self.KVCacheMethodCls(self)\n"
            "        if isinstance(layer, LinearBase):\n"
            "            return super().get_quant_method(layer, prefix)\n"
            "        return None\n",
            "        if isinstance(layer, Attention):",
        ),
    ),
]
TWINS += [
    (
        "#35430 copied test",
        "twin: the widened test, its classes in another order",
        _ml(
            "ml1",
            "class AeonNvFp4Config1(ModelOptNvFp4Config):\n"
            "    def get_quant_method(self, layer: torch.nn.Module, prefix: str):\n"
            "        if isinstance(layer, (MLAAttention, Attention)):\n"
            "            return self.KVCacheMethodCls(self)\n"
            "        if isinstance(layer, LinearBase):\n"
            "            return super().get_quant_method(layer, prefix)\n"
            "        return None\n",
            "        if isinstance(layer, (MLAAttention, Attention)):",
            head=HML.replace(
                "import Attention\n",
                "import Attention\nfrom vllm.model_executor.layers.attention import MLAAttention\n",
            ),
        ),
    ),
    (
        "#35430 copied test",
        "twin: a leaving branch on the prefix, super() for the rest",
        _ml(
            "ml2",
            "class AeonNvFp4Config2(ModelOptNvFp4Config):\n"
            "    def get_quant_method(self, layer: torch.nn.Module, prefix: str):\n"
            "        if isinstance(layer, LinearBase) and prefix.startswith('aeon_draft.'):\n"
            "            return UnquantizedLinearMethod()\n"
            "        return super().get_quant_method(layer, prefix)\n",
            "        if isinstance(layer, LinearBase) and prefix.startswith('aeon_draft.'):",
        ),
    ),
]

# --- fb21d8b4f9 (#42209): swiglu_limit passed to the NVFP4 MoE quant config
SW = ("#42209", "fb21d8b4f9", "get_fused_moe_quant_config passes swiglu_limit=getattr(layer, 'swiglu_limit', None)")
HSW = (
    "from vllm.model_executor.layers.fused_moe.oracle.nvfp4 import make_nvfp4_moe_quant_config\n"
    f"from {MO} import ModelOptNvFp4FusedMoE\n\n\n"
)
KW = (
    "            backend=self.nvfp4_backend,\n"
    "            w13_scale=layer.w13_weight_scale,\n"
    "            w2_scale=layer.w2_weight_scale,\n"
    "            w13_scale_2=layer.w13_weight_scale_2,\n"
    "            w2_scale_2=layer.w2_weight_scale_2,\n"
    "            a13_scale=layer.w13_input_scale.max(),\n"
    "            a2_scale=layer.w2_input_scale.max(),\n"
)


def _sw(name: str, body: str, line: str = "        return make_nvfp4_moe_quant_config(") -> Killer:
    return K(*SW, f"vllm/aeon/r122{name}.py", HSW + body, line)


CASES += [
    (
        "#42209 keywords copied",
        "an override building the config with the old keywords (modelopt2's sw1)",
        _sw(
            "sw0",
            "class AeonNvFp4MoE5(ModelOptNvFp4FusedMoE):\n"
            "    def get_fused_moe_quant_config(self, layer):\n"
            "        return make_nvfp4_moe_quant_config(\n" + KW + "        )\n",
        ),
    ),
]
TWINS += [
    (
        "#42209 keywords copied",
        "twin: the new keyword passed as well",
        _sw(
            "sw1",
            "class AeonNvFp4MoE6(ModelOptNvFp4FusedMoE):\n"
            "    def get_fused_moe_quant_config(self, layer):\n"
            "        return make_nvfp4_moe_quant_config(\n"
            + KW
            + "            swiglu_limit=getattr(layer, 'swiglu_limit', None),\n        )\n",
        ),
    ),
    (
        "#42209 keywords copied",
        "twin: the rest splatted from the fork's own table",
        _sw(
            "sw2",
            "class AeonNvFp4MoE7(ModelOptNvFp4FusedMoE):\n"
            "    def get_fused_moe_quant_config(self, layer):\n"
            "        return make_nvfp4_moe_quant_config(\n"
            + KW
            + "            **self.aeon_extra_kwargs(layer),\n        )\n",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review122-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
