"""Adversarial twins of mend48's mends: correct fork carries a maintainer writes after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a helper guard imported from another fork module (``drift/helper_guards.py``), #47058 (1ab9522935,
  ``get_moe_expert_mapping`` raises for a dense model): ``from m import h``, ``from m import h as g``,
  ``import m as g`` then ``g.h(...)``, ``from pkg import m`` then ``m.h(...)``, a lambda and a cached helper of
  the guards module;
- a flag passed by position after #30241 (eea41804a4, ``force_use_trtllm`` inserted before ``has_sinks`` in
  ``use_trtllm_attention``) (``drift/symbols.py``'s rebound call): ``force_use_trtllm_attention()`` off the
  function or the module, the fork's own ``aeon_force_use_trtllm()``, the flag then ``has_sinks`` by position;
- name drift's reads on a registry guard's line (revBI), #44126 (f8e9c56d15, ``"glm4_6v"`` -> ``"glmga"``) and
  #22386 (c29fb540ff, ``"GptOss"`` -> ``"openai_gptoss"``): a membership test of the key in the registry's
  table, the fork's store of it there (bare, off the module, under ``not in``);
- the key through a module constant (``drift/registry_lookups.py``), #44126: the constant of the new key, the
  lookup under a membership test of the constant, the fork registering the constant, the constant logged;
- ``getattr(x, "f", None)`` off another object than the module whose file deleted its function
  (``drift/names.py``), #49803 (26d725c334, ``transformers_utils.config.is_interleaved``) and #32688
  (af9b69f977, ``_custom_ops.gptq_marlin_24_gemm``): off a config parameter, ``self.hf_text_config``, a
  config's attribute, a layer, ``self.quant_method``.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of the
same commits (the imported helper asking another attribute, the killer beside an imported guard it does not
ask, the old positional call, a plain read of the key off the table, the key's constant looked up in the same
module and imported, the module's getattr without a default), kept to show the reach stays.

Main's engine (d0aa7738; 7 cases, 22 twins): 5 caught, 2 missed of 7 (the key's constant looked up in the
module and imported from the fork's keys module); 17 false errors of 22: the imported helper guards (6), the flag
by position (3), the registry guard lines (3: the membership tests of #44126 and #22386, the store under ``not
in``), ``getattr(x, "f", None)`` off another object (5).  Quiet there already: the store off the module (its
value read off the same table: the alias shim) and the constant's four twins (the constant was never read).
This branch (7 cases, 22 twins): 7 caught of 7; 0 false errors of 22 (1 warned: the alias
store off the module: symbol drift's warning that upstream's code no longer reads the key, as on main).  Regression set at
the head: in the closing report of mend48 (killer_replay 26/26, kind_change_replay 12/12, review15/16/17 0 false).

  PYTHONPATH=.. python review47_twins.py [--only TEXT ...] [--show]
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
GUARDS = "vllm/aeon/r47guards.py"
HAS = 'def has_experts(m) -> bool:\n    return hasattr(m, "get_expert_mapping")\n'
HG = "#47058 imported helper guard"


def _guarded(name: str, guards: str, imports: str, called: str, line: str = CALL) -> Killer:
    """The fork's guard module and a module asking its helper before the call."""
    use = (
        MI + imports + "\n\n"
        "def aeon_is_moe(model) -> bool:\n"
        f"    if not {called}(model):\n        return False\n" + CALL + "\n"
    )
    path = f"vllm/aeon/r47{name}.py"
    return Killer(*MX, (Edit(GUARDS, guards), Edit(path, use)), ((path, line),))


CASES += [
    (
        HG,
        "an imported helper asking another attribute",
        _guarded(
            "hc1",
            'def has_experts(m) -> bool:\n    return hasattr(m, "experts")\n',
            "from vllm.aeon.r47guards import has_experts\n",
            "has_experts",
        ),
    ),
    (
        HG,
        "the killer beside an imported guard it does not ask",
        Killer(
            *MX,
            (
                Edit(GUARDS, HAS),
                Edit(
                    "vllm/aeon/r47hc2.py",
                    MI + "from vllm.aeon.r47guards import has_experts  # noqa: F401\n\n\n"
                    "def aeon_is_moe(model) -> bool:\n" + CALL + "\n",
                ),
            ),
            (("vllm/aeon/r47hc2.py", CALL),),
        ),
    ),
]
TWINS += [
    (HG, "twin: from m import h", _guarded("ht1", HAS, "from vllm.aeon.r47guards import has_experts\n", "has_experts")),
    (
        HG,
        "twin: from m import h as g",
        _guarded("ht2", HAS, "from vllm.aeon.r47guards import has_experts as is_moe_model\n", "is_moe_model"),
    ),
    (HG, "twin: import m as g", _guarded("ht3", HAS, "import vllm.aeon.r47guards as guards\n", "guards.has_experts")),
    (
        HG,
        "twin: from pkg import m",
        _guarded("ht4", HAS, "from vllm.aeon import r47guards\n", "r47guards.has_experts"),
    ),
    (
        HG,
        "twin: a lambda of the guards module",
        _guarded(
            "ht5",
            'has_experts = lambda m: hasattr(m, "get_expert_mapping")  # noqa: E731\n',
            "from vllm.aeon.r47guards import has_experts\n",
            "has_experts",
        ),
    ),
    (
        HG,
        "twin: a cached helper of the guards module",
        _guarded(
            "ht6",
            "import functools\n\n\n@functools.cache\n" + HAS,
            "from vllm.aeon.r47guards import has_experts\n",
            "has_experts",
        ),
    ),
]

# --- eea41804a4 (#30241): use_trtllm_attention(..., is_prefill, force_use_trtllm=None, has_sinks=False, ...)
TF = ("#30241", "eea41804a4", "use_trtllm_attention(..., is_prefill, force_use_trtllm=None, has_sinks=False, ...)")
POS = "#30241 flag by position"
TRT_ARGS = "num_qo_heads, num_kv_heads, num_tokens, max_seq_len, 1, 'auto', q_dtype, is_prefill"
PARAMS = (
    "num_qo_heads: int, num_kv_heads: int, num_tokens: int, max_seq_len: int, q_dtype: torch.dtype, "
    "is_prefill: bool, has_sinks: bool"
)
FI = "import torch\n\nfrom vllm.utils.flashinfer import force_use_trtllm_attention, use_trtllm_attention\n\n\n"


def _trt(name: str, head: str, args: str) -> Killer:
    line = f"    return use_trtllm_attention({TRT_ARGS}, {args})"
    return K(*TF, f"vllm/aeon/r47{name}.py", head + f"def aeon_trtllm({PARAMS}) -> bool:\n" + line + "\n", line)


CASES += [(POS, "the old call: has_sinks by position lands on force_use_trtllm", _trt("pc1", FI, "has_sinks"))]
TWINS += [
    (
        POS,
        "twin: force_use_trtllm_attention() then has_sinks",
        _trt("pt1", FI, "force_use_trtllm_attention(), has_sinks"),
    ),
    (
        POS,
        "twin: the flag off the module",
        _trt(
            "pt2",
            "import torch\n\nfrom vllm.utils import flashinfer as fi\nfrom vllm.utils.flashinfer import use_trtllm_attention\n\n\n",
            "fi.force_use_trtllm_attention(), True",
        ),
    ),
    (
        POS,
        "twin: the fork's own flag helper",
        _trt(
            "pt3",
            "import torch\n\nfrom vllm.utils.flashinfer import use_trtllm_attention\n\n\n"
            "def aeon_force_use_trtllm() -> bool | None:\n    return None  # AEON: auto-detect on the Spark\n\n\n",
            "aeon_force_use_trtllm(), has_sinks",
        ),
    ),
]

# --- f8e9c56d15 (#44126): @VIDEO_LOADER_REGISTRY.register("glm4_6v") -> register("glmga", ...)
GV = ("#44126", "f8e9c56d15", 'video loader key "glm4_6v" -> "glmga"')
VR = "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY\n"
GUARD = "#44126 registry guard line"
CASES += [
    (
        GUARD,
        "a plain read of the key off the table",
        K(
            *GV,
            "vllm/aeon/r47gc1.py",
            VR + '\n\ndef aeon_glm_loader() -> type:\n    return VIDEO_LOADER_REGISTRY.name2class["glm4_6v"]\n',
            '    return VIDEO_LOADER_REGISTRY.name2class["glm4_6v"]',
        ),
    ),
]
TWINS += [
    (
        GUARD,
        "twin: a membership test of the key in the table",
        K(
            *GV,
            "vllm/aeon/r47gt1.py",
            VR + "\n\ndef aeon_has_glm_loader() -> bool:\n"
            '    return "glm4_6v" in VIDEO_LOADER_REGISTRY.name2class  # AEON: older upstreams\n',
            '    return "glm4_6v" in VIDEO_LOADER_REGISTRY.name2class  # AEON: older upstreams',
        ),
    ),
    (
        GUARD,
        "twin: the fork's store of the key under not in",
        K(
            *GV,
            "vllm/aeon/r47gt2.py",
            "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, VideoBackend\n\n\n"
            "class AeonGlmLoader(VideoBackend):\n    pass\n\n\n"
            'if "glm4_6v" not in VIDEO_LOADER_REGISTRY.name2class:\n'
            '    VIDEO_LOADER_REGISTRY.name2class["glm4_6v"] = AeonGlmLoader  # AEON: the fleet pins this key\n',
            '    VIDEO_LOADER_REGISTRY.name2class["glm4_6v"] = AeonGlmLoader  # AEON: the fleet pins this key',
        ),
    ),
    (
        GUARD,
        "twin: the fork's store of the key off the module",
        K(
            *GV,
            "vllm/aeon/r47gt3.py",
            "from vllm.multimodal import video\n\n"
            'video.VIDEO_LOADER_REGISTRY.name2class["glm4_6v"] = video.VIDEO_LOADER_REGISTRY.name2class["glmga"]\n',
            'video.VIDEO_LOADER_REGISTRY.name2class["glm4_6v"] = video.VIDEO_LOADER_REGISTRY.name2class["glmga"]',
        ),
    ),
    (
        "#22386 registry guard line",
        "twin: a membership test of the key in the manager's table",
        K(
            "#22386",
            "c29fb540ff",
            'reasoning parser key "GptOss" -> "openai_gptoss"',
            "vllm/aeon/r47gt4.py",
            "from vllm.reasoning import ReasoningParserManager\n\n\n"
            "def aeon_has_harmony() -> bool:\n"
            '    return "GptOss" in ReasoningParserManager.reasoning_parsers\n',
            '    return "GptOss" in ReasoningParserManager.reasoning_parsers',
        ),
    ),
]

# --- f8e9c56d15 (#44126) again: the key through a module constant
CONST = "#44126 key through a constant"
KEYS = "vllm/aeon/r47keys.py"
LOAD = "    return VIDEO_LOADER_REGISTRY.load(AEON_GLM_LOADER)"
CASES += [
    (
        CONST,
        "the module's own constant",
        K(
            *GV,
            "vllm/aeon/r47kc1.py",
            VR + '\n# AEON: the GLM fleet pins its loader\nAEON_GLM_LOADER = "glm4_6v"\n\n\n'
            "def aeon_glm_loader() -> object:\n" + LOAD + "\n",
            LOAD,
        ),
    ),
    (
        CONST,
        "a constant imported from the fork's keys module",
        Killer(
            *GV,
            (
                Edit(KEYS, 'AEON_GLM_LOADER: str = "glm4_6v"  # AEON: the GLM fleet pins its loader\n'),
                Edit(
                    "vllm/aeon/r47kc2.py",
                    VR + "from vllm.aeon.r47keys import AEON_GLM_LOADER\n\n\n"
                    "def aeon_glm_loader() -> object:\n" + LOAD + "\n",
                ),
            ),
            (("vllm/aeon/r47kc2.py", LOAD),),
        ),
    ),
]
TWINS += [
    (
        CONST,
        "twin: the constant of the new key",
        K(
            *GV,
            "vllm/aeon/r47kt1.py",
            VR + '\nAEON_GLM_LOADER = "glmga"\n\n\ndef aeon_glm_loader() -> object:\n' + LOAD + "\n",
            LOAD,
        ),
    ),
    (
        CONST,
        "twin: the lookup under a membership test of the constant",
        K(
            *GV,
            "vllm/aeon/r47kt2.py",
            VR + '\nAEON_GLM_LOADER = "glm4_6v"\n\n\ndef aeon_glm_loader() -> object:\n'
            "    if AEON_GLM_LOADER in VIDEO_LOADER_REGISTRY.name2class:\n    " + LOAD + "\n"
            '    return VIDEO_LOADER_REGISTRY.load("glmga")\n',
            "    " + LOAD,
        ),
    ),
    (
        CONST,
        "twin: the fork registers the constant itself",
        K(
            *GV,
            "vllm/aeon/r47kt3.py",
            "from vllm.multimodal.video import VIDEO_LOADER_REGISTRY, VideoBackend\n\n"
            'AEON_GLM_LOADER = "glm4_6v"\n\n\n'
            "@VIDEO_LOADER_REGISTRY.register(AEON_GLM_LOADER)\nclass AeonGlmLoader(VideoBackend):\n    pass\n\n\n"
            "def aeon_glm_loader() -> object:\n" + LOAD + "\n",
            LOAD,
        ),
    ),
    (
        CONST,
        "twin: the constant only logged",
        K(
            *GV,
            "vllm/aeon/r47kt4.py",
            "import logging\n\nlogger = logging.getLogger(__name__)\n"
            'AEON_GLM_LOADER = "glm4_6v"\n\n\n'
            "def aeon_note() -> None:\n    logger.info(AEON_GLM_LOADER)\n",
            "    logger.info(AEON_GLM_LOADER)",
        ),
    ),
]

# --- 26d725c334 (#49803): transformers_utils.config.is_interleaved removed
IL = ("#49803", "26d725c334", "is_interleaved removed")
OBJ = "#49803 getattr off another object"
TFC = "from vllm.transformers_utils import config as tfc\n\n\n"
CASES += [
    (
        OBJ,
        "the module's getattr without a default",
        K(
            *IL,
            "vllm/aeon/r47oc1.py",
            TFC + 'def aeon_sliding(hf_config) -> bool:\n    return bool(getattr(tfc, "is_interleaved")(hf_config))\n',
            '    return bool(getattr(tfc, "is_interleaved")(hf_config))',
        ),
    ),
]
TWINS += [
    (
        OBJ,
        "twin: off a config parameter",
        K(
            *IL,
            "vllm/aeon/r47ot1.py",
            "def aeon_sliding(hf_config) -> bool:\n"
            '    check = getattr(hf_config, "is_interleaved", None)  # AEON: the Spark checkpoints\' own hook\n'
            "    return bool(check()) if callable(check) else False\n",
            '    check = getattr(hf_config, "is_interleaved", None)  # AEON: the Spark checkpoints\' own hook',
        ),
    ),
    (
        OBJ,
        "twin: off self.hf_text_config",
        K(
            *IL,
            "vllm/aeon/r47ot2.py",
            "class AeonSliding:\n    def __init__(self, hf_text_config) -> None:\n"
            "        self.hf_text_config = hf_text_config\n\n"
            "    def interleaved(self) -> bool:\n"
            '        return getattr(self.hf_text_config, "is_interleaved", None) is True\n',
            '        return getattr(self.hf_text_config, "is_interleaved", None) is True',
        ),
    ),
    (
        OBJ,
        "twin: off a config's attribute",
        K(
            *IL,
            "vllm/aeon/r47ot3.py",
            "from vllm.config import ModelConfig\n\n\n"
            "def aeon_sliding(model_config: ModelConfig) -> bool:\n"
            '    return getattr(model_config.hf_config, "is_interleaved", None) is not None\n',
            '    return getattr(model_config.hf_config, "is_interleaved", None) is not None',
        ),
    ),
]

# --- af9b69f977 (#32688): Marlin 24 removed -- _custom_ops.gptq_marlin_24_gemm gone
M24 = ("#32688", "af9b69f977", "gptq_marlin_24_gemm deleted")
OBJ24 = "#32688 getattr off another object"
TWINS += [
    (
        OBJ24,
        "twin: off a layer",
        K(
            *M24,
            "vllm/aeon/r47ot4.py",
            "import torch\n\n\ndef aeon_gemm_24(layer: torch.nn.Module):\n"
            '    return getattr(layer, "gptq_marlin_24_gemm", None)  # AEON: the fork\'s Marlin-24 layers carry it\n',
            '    return getattr(layer, "gptq_marlin_24_gemm", None)  # AEON: the fork\'s Marlin-24 layers carry it',
        ),
    ),
    (
        OBJ24,
        "twin: off self.quant_method",
        K(
            *M24,
            "vllm/aeon/r47ot5.py",
            "import torch\n\n\nclass AeonLinear(torch.nn.Module):\n    def __init__(self, quant_method) -> None:\n"
            "        super().__init__()\n        self.quant_method = quant_method\n\n"
            "    def gemm_24(self):\n"
            '        return getattr(self.quant_method, "gptq_marlin_24_gemm", None)\n',
            '        return getattr(self.quant_method, "gptq_marlin_24_gemm", None)',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review47-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
