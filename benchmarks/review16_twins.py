"""Adversarial twins of this landing's new drift checks: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a new check catches, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- name drift's attribute no longer set (#23379 NVFP4 ``*_swizzled`` scales): the fork's own layer
  class setting the attribute it reads, a fork hook setting it with ``setattr`` in another file, the
  fork's own config field of the name;
- key drift's dropped dict-display key (#27334 gpt-oss ``packed_modules_mapping`` "qkv" -> "qkv_proj"):
  a subclass overriding the table (read through ``self``, through the subclass's name, through a name
  annotated with it, the table spread with the key added), the key the fork writes (or ``setdefault``)
  itself, the new key read first with the old as a fallback, the fork's own class of another file;
- default drift's getattr-stored field (#28069 routed_scaling_factor None -> 1.0): a subclass storing
  its own default;
- name drift's removed choice passed to a function of the file that tested for it (#22951
  ``activation="swiglu_oai"``): the fork's own function of the callee's name, a method of the name, a
  ``functools.partial`` of the fork's function of the name.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches
of the same commits, kept to show the reach stays.

Main's engine (7c65f7a), round 1 (4 cases, 16 twins): 3 caught, 1 warned of 4; 8 false errors of 16:
key drift on ``self.packed_modules_mapping`` of a subclass that overrides the table (a display holding
the key, or the parent's spread plus the key: 2), on the key the fork writes itself with ``setdefault`` (1) and
on the old key read as the fallback of the new one (1); name drift's removed choice passed to the
fork's own function or method of the callee's name (in the same file, imported from a fork module, a
``self.`` method, a ``functools.partial`` of it: 4).
Round 2 (other real commits of the kinds): #30713 (gemm1_weights_fp4_shuffled no longer set, a case),
seven refactors that removed a ``layer.x = ...`` line while other code still sets ``x`` (#33201, #42443,
#37128, #44570, #48355, #34285, #49610), #26634 (qwen2-moe's "gate_up_proj" moved from the display into
``__init__``'s ``self.packed_modules_mapping[...] = ...``), #21229 (olmoe's "gate_up_proj" dropped, a
case).  Round 3: a subclass binding its own table in ``__init__``; the key tested for and put back.
Round 4: the fork's own class of the declaring class's name (defined in the file, imported from a fork
module).  All rounds, main (7c65f7a): 5 caught, 1 warned of 6; 13 false errors of 30 (the 8 above,
#26634's ``self`` read, #21229's overriding subclass, round 3's ``__init__`` table, round 4's two).
This branch: 5 caught, 1 warned of 6; 0 false errors of 30 (4 warned: #22951's value passed to the
fork's own function of the callee's name stays a warning).

  PYTHONPATH=.. python review16_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- d52358c1e0 (#23379): NVFP4 "*_blockscale_swizzled" / "weight_scale_swizzled" no longer set
SW = ("#23379", "d52358c1e0", "weight_scale_swizzled / w13_blockscale_swizzled no longer set")
CASES += [
    (
        "#23379 attribute no longer set",
        "hasattr gate on the MoE scale",
        K(
            *SW,
            "vllm/aeon/r16sw0.py",
            "import torch\n\n\n"
            "def aeon_moe_scales_ready(layer: torch.nn.Module) -> bool:\n"
            '    return hasattr(layer, "w13_blockscale_swizzled")\n',
            'return hasattr(layer, "w13_blockscale_swizzled")',
        ),
    ),
]
TWINS += [
    (
        "#23379 attribute no longer set",
        "twin: the fork's own layer class sets the attribute it reads",
        K(
            *SW,
            "vllm/aeon/r16sw1.py",
            "import torch\n\n\n"
            "class AeonFp4Linear(torch.nn.Module):\n"
            "    def process_weights_after_loading(self) -> None:\n"
            "        self.weight_scale_swizzled = torch.nn.Parameter(self.weight_scale.data, requires_grad=False)\n\n"
            "    def aeon_scale(self) -> torch.Tensor:\n"
            '        return getattr(self, "weight_scale_swizzled", self.weight_scale)\n',
            '        return getattr(self, "weight_scale_swizzled", self.weight_scale)',
        ),
    ),
    (
        "#23379 attribute no longer set",
        "twin: the fork's hook of another file sets it with setattr",
        Killer(
            *SW,
            (
                Edit(
                    "vllm/aeon/r16sw2.py",
                    "import torch\n\nfrom vllm.aeon.r16sw2hook import aeon_swizzle\n\n\n"
                    "def aeon_moe_scales_ready(layer: torch.nn.Module) -> bool:\n"
                    "    aeon_swizzle(layer)\n"
                    '    return hasattr(layer, "w13_blockscale_swizzled")\n',
                ),
                Edit(
                    "vllm/aeon/r16sw2hook.py",
                    "import torch\n\n\n"
                    "def aeon_swizzle(layer: torch.nn.Module) -> None:\n"
                    "    # AEON: the GB10 FP4 GEMM keeps its own swizzled copy\n"
                    '    setattr(layer, "w13_blockscale_swizzled", layer.w13_weight_scale)\n',
                ),
            ),
            (("vllm/aeon/r16sw2.py", '    return hasattr(layer, "w13_blockscale_swizzled")'),),
        ),
    ),
    (
        "#23379 attribute no longer set",
        "twin: the fork's own config field of the name",
        K(
            *SW,
            "vllm/aeon/r16sw3.py",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class AeonFp4Options:\n"
            "    weight_scale_swizzled: bool = True\n\n\n"
            "def aeon_swizzled(options: AeonFp4Options) -> bool:\n"
            '    return bool(getattr(options, "weight_scale_swizzled", True))\n',
            '    return bool(getattr(options, "weight_scale_swizzled", True))',
        ),
    ),
]

# --- 5a1271d83a (#27334): GptOssForCausalLM.packed_modules_mapping key "qkv" -> "qkv_proj"
PM = ("#27334", "5a1271d83a", 'gpt-oss packed_modules_mapping "qkv" -> "qkv_proj"')
GO = "from vllm.model_executor.models.gpt_oss import GptOssForCausalLM\n\n\n"
OWN = (
    "class AeonGptOss(GptOssForCausalLM):\n"
    "    # AEON: the fork's checkpoints keep a fused qkv\n"
    '    packed_modules_mapping = {"qkv": ["q_proj", "k_proj", "v_proj"]}\n\n'
)
CASES += [
    (
        "#27334 dict key dropped",
        ".get with the old key",
        K(
            *PM,
            "vllm/aeon/r16pm0.py",
            GO + "def aeon_qkv_parts() -> list[str]:\n"
            '    return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])\n',
            'return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])',
        ),
    ),
]
TWINS += [
    (
        "#27334 dict key dropped",
        "twin: a subclass overriding the table, read through self",
        K(
            *PM,
            "vllm/aeon/r16pm1.py",
            GO + OWN + "    def aeon_qkv_parts(self) -> list[str]:\n"
            '        return self.packed_modules_mapping.get("qkv", [])\n',
            '        return self.packed_modules_mapping.get("qkv", [])',
        ),
    ),
    (
        "#27334 dict key dropped",
        "twin: a subclass overriding the table, read through its name",
        K(
            *PM,
            "vllm/aeon/r16pm2.py",
            GO + OWN + "\ndef aeon_qkv_parts() -> list[str]:\n"
            '    return AeonGptOss.packed_modules_mapping.get("qkv", [])\n',
            '    return AeonGptOss.packed_modules_mapping.get("qkv", [])',
        ),
    ),
    (
        "#27334 dict key dropped",
        "twin: a name annotated with the overriding subclass",
        K(
            *PM,
            "vllm/aeon/r16pm3.py",
            GO + OWN + "\ndef aeon_fused_qkv(model: AeonGptOss) -> bool:\n"
            '    return "qkv" in model.packed_modules_mapping\n',
            '    return "qkv" in model.packed_modules_mapping',
        ),
    ),
    (
        "#27334 dict key dropped",
        "twin: a subclass spreading the table and adding the key, read through self",
        K(
            *PM,
            "vllm/aeon/r16pm4.py",
            GO + "class AeonGptOss(GptOssForCausalLM):\n"
            "    packed_modules_mapping = {\n"
            "        **GptOssForCausalLM.packed_modules_mapping,\n"
            '        "qkv": ["q_proj", "k_proj", "v_proj"],  # AEON: fused qkv checkpoints\n'
            "    }\n\n"
            "    def aeon_fused_qkv(self) -> bool:\n"
            '        return "qkv" in self.packed_modules_mapping\n',
            '        return "qkv" in self.packed_modules_mapping',
        ),
    ),
    (
        "#27334 dict key dropped",
        "twin: the fork writes the key with setdefault",
        K(
            *PM,
            "vllm/aeon/r16pm5.py",
            GO + "def aeon_qkv_parts() -> list[str]:\n"
            '    return GptOssForCausalLM.packed_modules_mapping.setdefault("qkv", ["q_proj", "k_proj", "v_proj"])\n',
            '    return GptOssForCausalLM.packed_modules_mapping.setdefault("qkv", ["q_proj", "k_proj", "v_proj"])',
        ),
    ),
    (
        "#27334 dict key dropped",
        "twin: the new key first, the old as the fallback",
        K(
            *PM,
            "vllm/aeon/r16pm6.py",
            GO + "def aeon_qkv_parts() -> list[str]:\n"
            "    mapping = GptOssForCausalLM.packed_modules_mapping\n"
            '    return mapping.get("qkv_proj") or GptOssForCausalLM.packed_modules_mapping.get("qkv", [])\n',
            '    return mapping.get("qkv_proj") or GptOssForCausalLM.packed_modules_mapping.get("qkv", [])',
        ),
    ),
    (
        "#27334 dict key dropped",
        "twin: the fork's own class of another file, same table name",
        Killer(
            *PM,
            (
                Edit(
                    "vllm/aeon/r16pm7.py",
                    "from vllm.aeon.r16pm7model import AeonTinyModel\n\n\n"
                    "def aeon_qkv_parts() -> list[str]:\n"
                    '    return AeonTinyModel.packed_modules_mapping.get("qkv", [])\n',
                ),
                Edit(
                    "vllm/aeon/r16pm7model.py",
                    "import torch\n\n\n"
                    "class AeonTinyModel(torch.nn.Module):\n"
                    '    packed_modules_mapping = {"qkv": ["q_proj", "k_proj", "v_proj"]}\n',
                ),
            ),
            (("vllm/aeon/r16pm7.py", '    return AeonTinyModel.packed_modules_mapping.get("qkv", [])'),),
        ),
    ),
    (
        "#27334 dict key dropped",
        "twin: a subclass of another file overriding the table, read through self",
        Killer(
            *PM,
            (
                Edit(
                    "vllm/aeon/r16pm8.py",
                    "from vllm.aeon.r16pm8model import AeonGptOssBase\n\n\n"
                    "class AeonGptOss(AeonGptOssBase):\n"
                    "    def aeon_qkv_parts(self) -> list[str]:\n"
                    '        return self.packed_modules_mapping.get("qkv", [])\n',
                ),
                Edit("vllm/aeon/r16pm8model.py", GO + OWN.replace("AeonGptOss(", "AeonGptOssBase(")),
            ),
            (("vllm/aeon/r16pm8.py", '        return self.packed_modules_mapping.get("qkv", [])'),),
        ),
    ),
]

# --- 5031cd5d55 (#28069): OpenPanguDecoderLayer.routed_scaling_factor's getattr default None -> 1.0
RS = ("#28069", "5031cd5d55", 'getattr(config, "routed_scaling_factor", None) -> 1.0')
PG = "from vllm.model_executor.models.openpangu import OpenPanguDecoderLayer\n\n\n"
CASES += [
    (
        "#28069 getattr default changed",
        "is None test in a subclass",
        K(
            *RS,
            "vllm/aeon/r16rs0.py",
            PG + "class AeonPanguLayer(OpenPanguDecoderLayer):\n"
            "    def aeon_scale(self) -> float:\n"
            "        if self.routed_scaling_factor is None:\n"
            "            return 2.5\n"
            "        return self.routed_scaling_factor\n",
            "if self.routed_scaling_factor is None:",
        ),
    ),
]
TWINS += [
    (
        "#28069 getattr default changed",
        "twin: a subclass storing its own default",
        K(
            *RS,
            "vllm/aeon/r16rs1.py",
            PG + "class AeonPanguLayer(OpenPanguDecoderLayer):\n"
            "    def __init__(self, config, *args, **kwargs) -> None:\n"
            "        super().__init__(config, *args, **kwargs)\n"
            '        self.routed_scaling_factor = getattr(config, "routed_scaling_factor", None)\n\n'
            "    def aeon_scale(self) -> float:\n"
            "        if self.routed_scaling_factor is None:\n"
            "            return 2.5\n"
            "        return self.routed_scaling_factor\n",
            "        if self.routed_scaling_factor is None:",
        ),
    ),
]

# --- 4d4061b6e7 (#22951): the gpt-oss MoE activation "swiglu_oai" -> "swigluoai"
AC = ("#22951", "4d4061b6e7", "swiglu_oai -> swigluoai")
REF = (
    "import torch\n\n\n"
    'def fused_experts(x, w1, w2, topk_weights, topk_ids, activation: str = "silu") -> torch.Tensor:\n'
    "    # AEON: the fork's reference MoE, which keeps the gpt-oss activation's old name\n"
    '    if activation == "swiglu_oai":\n'
    "        return x\n"
    "    raise ValueError(activation)\n"
)
CASES += [
    (
        "#22951 removed choice",
        "keyword to fused_experts",
        K(
            *AC,
            "vllm/aeon/r16ac0.py",
            "from vllm.model_executor.layers.fused_moe.fused_moe import fused_experts\n\n\n"
            "def aeon_gpt_oss_experts(x, w1, w2, topk_weights, topk_ids):\n"
            '    return fused_experts(x, w1, w2, topk_weights, topk_ids, activation="swiglu_oai")\n',
            'return fused_experts(x, w1, w2, topk_weights, topk_ids, activation="swiglu_oai")',
        ),
    ),
]
TWINS += [
    (
        "#22951 removed choice",
        "twin: the fork's own function of the name, in the same file",
        K(
            *AC,
            "vllm/aeon/r16ac1.py",
            REF + "\n\ndef aeon_gpt_oss_experts(x, w1, w2, topk_weights, topk_ids):\n"
            '    return fused_experts(x, w1, w2, topk_weights, topk_ids, activation="swiglu_oai")\n',
            '    return fused_experts(x, w1, w2, topk_weights, topk_ids, activation="swiglu_oai")',
        ),
    ),
    (
        "#22951 removed choice",
        "twin: the fork's own function of the name, imported from its module",
        Killer(
            *AC,
            (
                Edit(
                    "vllm/aeon/r16ac2.py",
                    "from vllm.aeon.r16ac2ref import fused_experts\n\n\n"
                    "def aeon_gpt_oss_experts(x, w1, w2, topk_weights, topk_ids):\n"
                    '    return fused_experts(x, w1, w2, topk_weights, topk_ids, activation="swiglu_oai")\n',
                ),
                Edit("vllm/aeon/r16ac2ref.py", REF),
            ),
            (
                (
                    "vllm/aeon/r16ac2.py",
                    '    return fused_experts(x, w1, w2, topk_weights, topk_ids, activation="swiglu_oai")',
                ),
            ),
        ),
    ),
    (
        "#22951 removed choice",
        "twin: a method of the name on the fork's own class",
        K(
            *AC,
            "vllm/aeon/r16ac3.py",
            "import torch\n\n\n"
            "class AeonReferenceMoE:\n"
            "    def fused_experts(self, x, activation: str) -> torch.Tensor:\n"
            '        if activation == "swiglu_oai":  # AEON: the reference keeps the old name\n'
            "            return x\n"
            "        raise ValueError(activation)\n\n"
            "    def forward(self, x: torch.Tensor) -> torch.Tensor:\n"
            '        return self.fused_experts(x, activation="swiglu_oai")\n',
            '        return self.fused_experts(x, activation="swiglu_oai")',
        ),
    ),
    (
        "#22951 removed choice",
        "twin: a functools.partial of the fork's function of the name",
        Killer(
            *AC,
            (
                Edit(
                    "vllm/aeon/r16ac4.py",
                    "import functools\n\nfrom vllm.aeon.r16ac4ref import fused_experts\n\n"
                    'aeon_gpt_oss_experts = functools.partial(fused_experts, activation="swiglu_oai")\n',
                ),
                Edit("vllm/aeon/r16ac4ref.py", REF),
            ),
            (
                (
                    "vllm/aeon/r16ac4.py",
                    'aeon_gpt_oss_experts = functools.partial(fused_experts, activation="swiglu_oai")',
                ),
            ),
        ),
    ),
]


# --- round 2: other real commits of the same kinds
# ce12b407f2 (#30713): layer.gemm1/2_weights_fp4_shuffled no longer set (the words live on as locals)
SH = ("#30713", "ce12b407f2", "gemm1_weights_fp4_shuffled no longer set (w13_weight holds it)")
CASES += [
    (
        "#30713 attribute no longer set",
        "getattr of the shuffled weight",
        K(
            *SH,
            "vllm/aeon/r16sh0.py",
            "import torch\n\n\n"
            "def aeon_fp4_w13(layer: torch.nn.Module) -> torch.Tensor | None:\n"
            '    return getattr(layer, "gemm1_weights_fp4_shuffled", None)\n',
            'return getattr(layer, "gemm1_weights_fp4_shuffled", None)',
        ),
    ),
]
# refactors that removed a ``layer.x = ...`` setting line while other code still sets ``x``
STILL = [
    ("#33201", "67ebaff528", "weight_scale_2"),
    ("#42443", "e68988a248", "weight_global_scale"),
    ("#37128", "87bd91892f", "w13_bias"),
    ("#44570", "454ea5b526", "w13_weight_packed"),
    ("#48355", "ae934ba8a5", "w13_weight_scale_2"),
    ("#34285", "0ae89f18fd", "intermediate_size_per_partition"),
    ("#49610", "fcde8e1460", "compute_config"),
]
for i, (pr, sha, word) in enumerate(STILL):
    TWINS.append(
        (
            f"{pr} a setting line removed",
            f"twin: hasattr of {word}, still set elsewhere",
            K(
                pr,
                sha,
                f"a layer.{word} = ... line removed",
                f"vllm/aeon/r16st{i}.py",
                "import torch\n\n\n"
                "def aeon_has(layer: torch.nn.Module) -> bool:\n"
                f'    return hasattr(layer, "{word}")\n',
                f'    return hasattr(layer, "{word}")',
            ),
        )
    )

# --- f0a30a067b (#26634): Qwen2MoeForCausalLM's "gate_up_proj" moved from the display into __init__
QM = ("#26634", "f0a30a067b", 'qwen2-moe packed_modules_mapping "gate_up_proj" set in __init__')
TWINS += [
    (
        "#26634 dict key moved into __init__",
        "twin: self of a subclass, after upstream's __init__ wrote the key",
        K(
            *QM,
            "vllm/aeon/r16qm1.py",
            "from vllm.model_executor.models.qwen2_moe import Qwen2MoeForCausalLM\n\n\n"
            "class AeonQwenMoe(Qwen2MoeForCausalLM):\n"
            "    def aeon_has_dense_mlp(self) -> bool:\n"
            '        return "gate_up_proj" in self.packed_modules_mapping\n',
            '        return "gate_up_proj" in self.packed_modules_mapping',
        ),
    ),
]

# --- 5f6cbf60d6 (#21229): OlmoeForCausalLM.packed_modules_mapping dropped "gate_up_proj"
OL = ("#21229", "5f6cbf60d6", 'olmoe packed_modules_mapping "gate_up_proj" dropped')
OM = "from vllm.model_executor.models.olmoe import OlmoeForCausalLM\n\n\n"
CASES += [
    (
        "#21229 dict key dropped",
        "index with the dropped key",
        K(
            *OL,
            "vllm/aeon/r16ol0.py",
            OM + "def aeon_mlp_parts() -> list[str]:\n"
            '    return OlmoeForCausalLM.packed_modules_mapping["gate_up_proj"]\n',
            'return OlmoeForCausalLM.packed_modules_mapping["gate_up_proj"]',
        ),
    ),
]
TWINS += [
    (
        "#21229 dict key dropped",
        "twin: a subclass overriding the table, read through self",
        K(
            *OL,
            "vllm/aeon/r16ol1.py",
            OM + "class AeonOlmoe(OlmoeForCausalLM):\n"
            "    packed_modules_mapping = {\n"
            "        **OlmoeForCausalLM.packed_modules_mapping,\n"
            '        "gate_up_proj": ["gate_proj", "up_proj"],  # AEON: the fork fuses the dense MLP\n'
            "    }\n\n"
            "    def aeon_mlp_parts(self) -> list[str]:\n"
            '        return self.packed_modules_mapping["gate_up_proj"]\n',
            '        return self.packed_modules_mapping["gate_up_proj"]',
        ),
    ),
    (
        "#21229 dict key dropped",
        "twin: the fork adds the key with update, then reads it",
        K(
            *OL,
            "vllm/aeon/r16ol2.py",
            OM + 'OlmoeForCausalLM.packed_modules_mapping.update({"gate_up_proj": ["gate_proj", "up_proj"]})\n\n\n'
            "def aeon_mlp_parts() -> list[str]:\n"
            '    return OlmoeForCausalLM.packed_modules_mapping["gate_up_proj"]\n',
            '    return OlmoeForCausalLM.packed_modules_mapping["gate_up_proj"]',
        ),
    ),
]


# --- round 3
TWINS += [
    (
        "#27334 dict key dropped",
        "twin: a subclass binding its own table in __init__, read through self",
        K(
            *PM,
            "vllm/aeon/r16pm9.py",
            GO + "class AeonGptOss(GptOssForCausalLM):\n"
            "    def __init__(self, *args, **kwargs) -> None:\n"
            "        super().__init__(*args, **kwargs)\n"
            '        self.packed_modules_mapping = {"qkv": ["q_proj", "k_proj", "v_proj"]}  # AEON: fused qkv\n\n'
            "    def aeon_qkv_parts(self) -> list[str]:\n"
            '        return self.packed_modules_mapping.get("qkv", [])\n',
            '        return self.packed_modules_mapping.get("qkv", [])',
        ),
    ),
    (
        "#27334 dict key dropped",
        "twin: the key tested for and put back when missing",
        K(
            *PM,
            "vllm/aeon/r16pm10.py",
            GO + 'if "qkv" not in GptOssForCausalLM.packed_modules_mapping:  # AEON: the fork keeps the fused name\n'
            '    GptOssForCausalLM.packed_modules_mapping["qkv"] = ["q_proj", "k_proj", "v_proj"]\n',
            'if "qkv" not in GptOssForCausalLM.packed_modules_mapping:  # AEON: the fork keeps the fused name',
        ),
    ),
]


# --- round 4: the fork's own copy of the declaring class, under the same name
TWINS += [
    (
        "#27334 dict key dropped",
        "twin: the fork's own class of the owner's name, imported from the fork's module",
        Killer(
            *PM,
            (
                Edit(
                    "vllm/aeon/r16pm11.py",
                    "from vllm.aeon.r16pm11model import GptOssForCausalLM\n\n\n"
                    "def aeon_qkv_parts() -> list[str]:\n"
                    '    return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])\n',
                ),
                Edit(
                    "vllm/aeon/r16pm11model.py",
                    "import torch\n\n\n"
                    "class GptOssForCausalLM(torch.nn.Module):  # AEON: the fleet's gpt-oss with a fused qkv\n"
                    '    packed_modules_mapping = {"qkv": ["q_proj", "k_proj", "v_proj"]}\n',
                ),
            ),
            (("vllm/aeon/r16pm11.py", '    return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])'),),
        ),
    ),
    (
        "#27334 dict key dropped",
        "twin: the fork's own class of the owner's name, in the same file",
        K(
            *PM,
            "vllm/aeon/r16pm12.py",
            "import torch\n\n\n"
            "class GptOssForCausalLM(torch.nn.Module):  # AEON: the fleet's gpt-oss with a fused qkv\n"
            '    packed_modules_mapping = {"qkv": ["q_proj", "k_proj", "v_proj"]}\n\n\n'
            "def aeon_qkv_parts() -> list[str]:\n"
            '    return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])\n',
            '    return GptOssForCausalLM.packed_modules_mapping.get("qkv", [])',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review16-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
