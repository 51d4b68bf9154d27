"""Adversarial twins of mend48's mends, shaped like the correct fork code a maintainer writes after the change.

review47 (mend48's own twins) spelt each mend's twins the way its killers are spelt.  These are the other
spellings a maintainer reaches for, each a correct fork carry after a real upstream commit (the merge base is
the commit's first parent, upstream the commit):

- a helper guard asked before #47058's ``get_moe_expert_mapping`` (1ab9522935: it raises for a dense model where
  it returned ``[]``): the guards module imported relatively, or inside the function; a helper with a docstring;
  a static method of the fork's guards class; a helper that asks through a private helper of its module; a
  ``try``/``except ValueError`` around the call;
- a positional call of #30241's ``use_trtllm_attention`` (eea41804a4: ``force_use_trtllm`` inserted before
  ``has_sinks``) written for the new signature: the flag through a local bound to
  ``force_use_trtllm_attention()``, the attention config's ``use_trtllm_attention`` (upstream's own caller),
  ``None`` for auto-detection, ``*args``;
- a registry guard around #44126's removed key ``"glm4_6v"`` (f8e9c56d15) and #22386's ``"GptOss"``
  (c29fb540ff): ``.get`` off the table with a fallback, a test on ``.keys()``, on a local bound to the table,
  ``setdefault``, the fork's ``register(...)(cls)``, ``pop``, the manager's ``register_module`` of the key;
- the key through a module constant (#44126): the lookup in a ``try``/``except``, the constant registered in the
  fork's keys module, the constant of a key refused in a fork test, the lookup under a probe of the module;
- ``getattr``/``hasattr`` off another object than the module that deleted its function (#49803's
  ``is_interleaved``, 26d725c334; #32688's ``gptq_marlin_24_gemm``, af9b69f977): ``hasattr(hf_config, ...)``,
  a callable default, the torch op namespace, the fork's own method off ``self``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits, kept to show the reach stays.

Round 1 (main at ad434d32; 7 cases, 26 twins): 7 caught of 7; 11 false errors of 26 (1 quiet twin warned: the
``setdefault``, symbol drift's "upstream's code no longer reads the key").  The false ones: the helper guard
imported relatively, imported inside the function, a static method of the fork's imported guards class, a
helper asking through a private helper of its module (return drift, 4); ``.get`` off the registry's table, a
membership test on a local bound to the table, ``pop`` of the key (name drift, 3); the constant's lookup under a
membership test on the table's ``keys()`` (1); ``hasattr`` off a config and off a layer, ``getattr`` with a
callable default (name drift, 3).

Round 2 (this branch; 7 cases, 26 twins): 7 caught of 7; 1 false error of 26 (1 warned, as on main).  Quiet now by
rule: ``hasattr``/``getattr(x, "f", lambda ...)`` off another object than the module that deleted its function;
a registry table's ``get``/``pop`` with a default/``setdefault`` of the removed key, a membership test of a
local bound only to the table, a lookup under the table's ``keys()``; a helper guard imported in the function's
body, a static or class method of an imported guards class, an imported helper answering through a one-line
helper of its own module.  Left: the guards module imported relatively (``from .guards import has_experts``):
the guard reader is handed a module object shared by every path holding its text, so what ``.guards`` names is
not known there.  Regression set at 10345e95: killer_replay 26/26, kind_change_replay 12/12, review15/16/17 0 false
(40, 30, 23 twins), review43/44/47 0 false (32, 32, 22; 7, 14, 1 warned as on main), blind_replay_mrv2 30 caught,
1 warned, 2 missed of 33 (as on main), blind_replay_customops 13 caught, 1 warned of 14, blind_replay_multimodal 28
caught, 4 warned of 32, 0 false errors in each; ``symbol_precision.py --windows 1``: 0 false errors.

  PYTHONPATH=.. python review53_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 1ab9522935 (#47058): get_moe_expert_mapping raises ValueError where it returned [] for a dense model
MX = ("#47058", "1ab9522935", "get_moe_expert_mapping raises for a model with no expert mapping")
MI = "from vllm.model_executor.utils import get_moe_expert_mapping\n"
CALL = "    return bool(get_moe_expert_mapping(model))"
GUARDS = "vllm/aeon/r53guards.py"
HAS = 'def has_experts(m) -> bool:\n    return hasattr(m, "get_expert_mapping")\n'
HG = "#47058 helper guard"


def _guarded(name: str, guards: str, imports: str, called: str, local: str = "") -> Killer:
    """The fork's guard module and a module asking its helper before the call (``local``: an import in the
    function's body)."""
    use = (
        MI + imports + "\n\n"
        "def aeon_is_moe(model) -> bool:\n"
        + local
        + f"    if not {called}(model):\n        return False\n"
        + CALL
        + "\n"
    )
    path = f"vllm/aeon/r53{name}.py"
    return Killer(*MX, (Edit(GUARDS, guards), Edit(path, use)), ((path, CALL),))


CASES += [
    (
        HG,
        "a local import of a helper asking another attribute",
        _guarded(
            "hc1",
            'def has_experts(m) -> bool:\n    return hasattr(m, "experts")\n',
            "",
            "has_experts",
            "    from vllm.aeon.r53guards import has_experts\n\n",
        ),
    ),
    (
        HG,
        "the call with no guard",
        K(*MX, "vllm/aeon/r53hc2.py", MI + "\n\ndef aeon_is_moe(model) -> bool:\n" + CALL + "\n", CALL),
    ),
]
TWINS += [
    (
        HG,
        "twin: a relative import of the guards module's helper",
        _guarded("ht1", HAS, "from .r53guards import has_experts\n", "has_experts"),
    ),
    (
        HG,
        "twin: the helper imported inside the function",
        _guarded("ht2", HAS, "", "has_experts", "    from vllm.aeon.r53guards import has_experts\n\n"),
    ),
    (
        HG,
        "twin: a helper with a docstring",
        _guarded(
            "ht3",
            'def has_experts(m) -> bool:\n    """AEON: dense checkpoints carry no expert mapping."""\n'
            '    return hasattr(m, "get_expert_mapping")\n',
            "from vllm.aeon.r53guards import has_experts\n",
            "has_experts",
        ),
    ),
    (
        HG,
        "twin: a static method of the fork's guards class",
        _guarded(
            "ht4",
            "class AeonGuards:\n    @staticmethod\n" + "\n".join("    " + line for line in HAS.splitlines()) + "\n",
            "from vllm.aeon.r53guards import AeonGuards\n",
            "AeonGuards.has_experts",
        ),
    ),
    (
        HG,
        "twin: a helper asking through a private helper of its module",
        _guarded(
            "ht5",
            "def _has(m, attr: str) -> bool:\n    return hasattr(m, attr)\n\n\n"
            'def has_experts(m) -> bool:\n    return _has(m, "get_expert_mapping")\n',
            "from vllm.aeon.r53guards import has_experts\n",
            "has_experts",
        ),
    ),
    (
        HG,
        "twin: try/except ValueError around the call",
        K(
            *MX,
            "vllm/aeon/r53ht6.py",
            MI
            + "\n\ndef aeon_is_moe(model) -> bool:\n    try:\n    "
            + CALL
            + "\n    except ValueError:  # AEON: dense\n"
            "        return False\n",
            "    " + CALL,
        ),
    ),
]

# --- eea41804a4 (#30241): use_trtllm_attention(..., is_prefill, force_use_trtllm=None, has_sinks=False, ...)
TF = ("#30241", "eea41804a4", "use_trtllm_attention(..., is_prefill, force_use_trtllm=None, has_sinks=False, ...)")
POS = "#30241 flag by position"
TRT_ARGS = "num_qo_heads, num_kv_heads, num_tokens, max_seq_len, 1, 'auto', q_dtype, is_prefill"
PARAMS = (
    "num_qo_heads: int, num_kv_heads: int, num_tokens: int, max_seq_len: int, q_dtype: torch.dtype, "
    "is_prefill: bool, sinks: bool"
)
FI = "import torch\n\nfrom vllm.utils.flashinfer import force_use_trtllm_attention, use_trtllm_attention\n\n\n"
UT = "import torch\n\nfrom vllm.utils.flashinfer import use_trtllm_attention\n\n\n"


def _trt(name: str, head: str, args: str, before: str = "", params: str = PARAMS) -> Killer:
    line = f"    return use_trtllm_attention({TRT_ARGS}, {args})"
    return K(
        *TF, f"vllm/aeon/r53{name}.py", head + f"def aeon_trtllm({params}) -> bool:\n" + before + line + "\n", line
    )


CASES += [
    (POS, "the old call: sinks by position lands on force_use_trtllm", _trt("pc1", UT, "sinks")),
    (POS, "the old call: sinks then has_spec by position", _trt("pc2", UT, "sinks, False")),
]
TWINS += [
    (
        POS,
        "twin: the flag through a local bound to force_use_trtllm_attention()",
        _trt("pt1", FI, "force, sinks", "    force = force_use_trtllm_attention()  # AEON: read once at init\n"),
    ),
    (
        POS,
        "twin: the attention config's use_trtllm_attention (upstream's own caller's value)",
        _trt(
            "pt2",
            UT,
            "attention_config.use_trtllm_attention, sinks",
            params=PARAMS + ", attention_config: object",
        ),
    ),
    (POS, "twin: None for auto-detection, then sinks", _trt("pt3", UT, "None, sinks")),
    (
        POS,
        "twin: *args built for the new signature",
        K(
            *TF,
            "vllm/aeon/r53pt4.py",
            UT + "def aeon_trtllm(*args: object) -> bool:\n    return use_trtllm_attention(*args, None, True)\n",
            "    return use_trtllm_attention(*args, None, True)",
        ),
    ),
]

# --- f8e9c56d15 (#44126): @VIDEO_LOADER_REGISTRY.register("glm4_6v") -> register("glmga", ...)
GV = ("#44126", "f8e9c56d15", 'video loader key "glm4_6v" -> "glmga"')
VR = "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY\n"
VB = "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, VideoLoader\n"
GUARD = "#44126 registry guard"
CASES += [
    (
        GUARD,
        "a plain lookup of the key",
        K(
            *GV,
            "vllm/aeon/r53gc1.py",
            VR + '\n\ndef aeon_glm_loader() -> object:\n    return VIDEO_LOADER_REGISTRY.load("glm4_6v")\n',
            '    return VIDEO_LOADER_REGISTRY.load("glm4_6v")',
        ),
    ),
]
TWINS += [
    (
        GUARD,
        "twin: .get off the table with a fallback",
        K(
            *GV,
            "vllm/aeon/r53gt1.py",
            VR + "\n\ndef aeon_glm_loader() -> type | None:\n"
            '    cls = VIDEO_LOADER_REGISTRY.name2class.get("glm4_6v")  # AEON: None on newer upstreams\n'
            "    return cls\n",
            '    cls = VIDEO_LOADER_REGISTRY.name2class.get("glm4_6v")  # AEON: None on newer upstreams',
        ),
    ),
    (
        GUARD,
        "twin: a membership test on the table's keys()",
        K(
            *GV,
            "vllm/aeon/r53gt2.py",
            VR + "\n\ndef aeon_has_glm_loader() -> bool:\n"
            '    return "glm4_6v" in VIDEO_LOADER_REGISTRY.name2class.keys()\n',
            '    return "glm4_6v" in VIDEO_LOADER_REGISTRY.name2class.keys()',
        ),
    ),
    (
        GUARD,
        "twin: a membership test on a local bound to the table",
        K(
            *GV,
            "vllm/aeon/r53gt3.py",
            VR + "\n\ndef aeon_glm_key() -> str:\n    table = VIDEO_LOADER_REGISTRY.name2class\n"
            '    return "glm4_6v" if "glm4_6v" in table else "glmga"\n',
            '    return "glm4_6v" if "glm4_6v" in table else "glmga"',
        ),
    ),
    (
        GUARD,
        "twin: setdefault of the fork's class",
        K(
            *GV,
            "vllm/aeon/r53gt4.py",
            VB + "\n\nclass AeonGlmLoader(VideoLoader):\n    pass\n\n\n"
            'VIDEO_LOADER_REGISTRY.name2class.setdefault("glm4_6v", AeonGlmLoader)  # AEON: the fleet pins this key\n',
            'VIDEO_LOADER_REGISTRY.name2class.setdefault("glm4_6v", AeonGlmLoader)  # AEON: the fleet pins this key',
        ),
    ),
    (
        GUARD,
        "twin: the fork's register(key)(cls)",
        K(
            *GV,
            "vllm/aeon/r53gt5.py",
            VB + "\n\nclass AeonGlmLoader(VideoLoader):\n    pass\n\n\n"
            'VIDEO_LOADER_REGISTRY.register("glm4_6v")(AeonGlmLoader)\n',
            'VIDEO_LOADER_REGISTRY.register("glm4_6v")(AeonGlmLoader)',
        ),
    ),
    (
        GUARD,
        "twin: pop of the key",
        K(
            *GV,
            "vllm/aeon/r53gt6.py",
            VR + '\nVIDEO_LOADER_REGISTRY.name2class.pop("glm4_6v", None)  # AEON: older upstreams register it\n',
            'VIDEO_LOADER_REGISTRY.name2class.pop("glm4_6v", None)  # AEON: older upstreams register it',
        ),
    ),
    (
        "#22386 registry guard",
        "twin: the manager's register_module of the key",
        K(
            "#22386",
            "c29fb540ff",
            'reasoning parser key "GptOss" -> "openai_gptoss"',
            "vllm/aeon/r53gt7.py",
            "from vllm.reasoning import ReasoningParserManager\nfrom vllm.reasoning.gptoss_reasoning_parser import "
            "GptOssReasoningParser\n\n"
            'ReasoningParserManager.register_module("GptOss", module=GptOssReasoningParser)  # AEON: old configs\n',
            'ReasoningParserManager.register_module("GptOss", module=GptOssReasoningParser)  # AEON: old configs',
        ),
    ),
]

# --- f8e9c56d15 (#44126) again: the key through a module constant
CONST = "#44126 key through a constant"
KEYS = "vllm/aeon/r53keys.py"
LOAD = "    return VIDEO_LOADER_REGISTRY.load(AEON_GLM_LOADER)"
KEEP = 'AEON_GLM_LOADER = "glm4_6v"  # AEON: the GLM fleet pins its loader\n'
CASES += [
    (
        CONST,
        "the constant looked up in a method",
        K(
            *GV,
            "vllm/aeon/r53kc1.py",
            VR + "\n" + KEEP + "\n\nclass AeonVideo:\n    def loader(self) -> object:\n    " + LOAD + "\n",
            "    " + LOAD,
        ),
    ),
]
TWINS += [
    (
        CONST,
        "twin: the lookup in try/except AssertionError",
        K(
            *GV,
            "vllm/aeon/r53kt1.py",
            VR + "\n" + KEEP + "\n\ndef aeon_glm_loader() -> object:\n    try:\n    " + LOAD + "\n"
            "    except AssertionError:  # load asserts the key is registered\n"
            '        return VIDEO_LOADER_REGISTRY.load("glmga")\n',
            "    " + LOAD,
        ),
    ),
    (
        CONST,
        "twin: the constant registered in the fork's keys module",
        Killer(
            *GV,
            (
                Edit(
                    KEYS,
                    VB + "\n" + KEEP + "\n\n@VIDEO_LOADER_REGISTRY.register(AEON_GLM_LOADER)\n"
                    "class AeonGlmLoader(VideoLoader):\n    pass\n",
                ),
                Edit(
                    "vllm/aeon/r53kt2.py",
                    VR + "from vllm.aeon.r53keys import AEON_GLM_LOADER\n\n\n"
                    "def aeon_glm_loader() -> object:\n" + LOAD + "\n",
                ),
            ),
            (("vllm/aeon/r53kt2.py", LOAD),),
        ),
    ),
    (
        CONST,
        "twin: a fork test that the constant's key is refused now",
        K(
            *GV,
            "tests/aeon/test_r53kt3.py",
            "import pytest\n\n" + VR + "\n" + KEEP + "\n\ndef test_old_glm_key_refused() -> None:\n"
            "    with pytest.raises(AssertionError):\n        VIDEO_LOADER_REGISTRY.load(AEON_GLM_LOADER)\n",
            "        VIDEO_LOADER_REGISTRY.load(AEON_GLM_LOADER)",
        ),
    ),
    (
        CONST,
        "twin: the constant's lookup under a membership test on keys()",
        K(
            *GV,
            "vllm/aeon/r53kt4.py",
            VR + "\n" + KEEP + "\n\ndef aeon_glm_loader() -> object:\n"
            "    if AEON_GLM_LOADER in VIDEO_LOADER_REGISTRY.name2class.keys():\n    " + LOAD + "\n"
            '    return VIDEO_LOADER_REGISTRY.load("glmga")\n',
            "    " + LOAD,
        ),
    ),
]

# --- 26d725c334 (#49803): transformers_utils.config.is_interleaved removed
IL = ("#49803", "26d725c334", "is_interleaved removed")
OBJ = "#49803 probe off another object"
CASES += [
    (
        OBJ,
        "the module's function still called",
        K(
            *IL,
            "vllm/aeon/r53oc1.py",
            "from vllm.transformers_utils.config import is_interleaved\n\n\n"
            "def aeon_sliding(hf_config) -> bool:\n    return is_interleaved(hf_config)\n",
            "    return is_interleaved(hf_config)",
        ),
    ),
]
TWINS += [
    (
        OBJ,
        "twin: hasattr off a config parameter",
        K(
            *IL,
            "vllm/aeon/r53ot1.py",
            "def aeon_sliding(hf_config) -> bool:\n"
            '    if hasattr(hf_config, "is_interleaved"):  # AEON: the Spark checkpoints\' own hook\n'
            "        return bool(hf_config.is_interleaved())\n    return False\n",
            '    if hasattr(hf_config, "is_interleaved"):  # AEON: the Spark checkpoints\' own hook',
        ),
    ),
    (
        OBJ,
        "twin: getattr off a config with a callable default",
        K(
            *IL,
            "vllm/aeon/r53ot2.py",
            "def aeon_sliding(hf_config) -> bool:\n"
            '    return bool(getattr(hf_config, "is_interleaved", lambda: False)())\n',
            '    return bool(getattr(hf_config, "is_interleaved", lambda: False)())',
        ),
    ),
    (
        OBJ,
        "twin: the fork's own method off self",
        K(
            *IL,
            "vllm/aeon/r53ot3.py",
            "class AeonSliding:\n    def __init__(self, layer_types: list[str]) -> None:\n"
            "        self.layer_types = layer_types\n\n"
            "    def is_interleaved(self) -> bool:\n"
            '        return "sliding_attention" in self.layer_types\n\n'
            "    def sliding(self) -> bool:\n        return self.is_interleaved()\n",
            "        return self.is_interleaved()",
        ),
    ),
]

# --- af9b69f977 (#32688): Marlin 24 removed -- _custom_ops.gptq_marlin_24_gemm gone
M24 = ("#32688", "af9b69f977", "gptq_marlin_24_gemm deleted")
TWINS += [
    (
        "#32688 probe off another object",
        "twin: getattr off the torch op namespace",
        K(
            *M24,
            "vllm/aeon/r53ot4.py",
            "import torch\n\n\ndef aeon_has_marlin_24() -> bool:\n"
            '    return getattr(torch.ops._C, "gptq_marlin_24_gemm", None) is not None\n',
            '    return getattr(torch.ops._C, "gptq_marlin_24_gemm", None) is not None',
        ),
    ),
    (
        "#32688 probe off another object",
        "twin: hasattr off a layer",
        K(
            *M24,
            "vllm/aeon/r53ot5.py",
            "import torch\n\n\ndef aeon_has_marlin_24(layer: torch.nn.Module) -> bool:\n"
            '    return hasattr(layer, "gptq_marlin_24_gemm")  # AEON: the fork\'s Marlin-24 layers carry it\n',
            '    return hasattr(layer, "gptq_marlin_24_gemm")  # AEON: the fork\'s Marlin-24 layers carry it',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review53-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
