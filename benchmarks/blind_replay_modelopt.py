"""A blind replay of the ModelOpt FP8/NVFP4 quantization configs and methods a fork's NVFP4 carries subclass or call.

10 first-parent commits on ``vllm/model_executor/layers/quantization/modelopt.py`` (and the nvfp4 helpers it
imports from ``quantization/utils/``) -- the configs and methods a fork that serves NVFP4 checkpoints carries a
config subclass, its own weight post-processing and backend gating against: ``ModelOptFp8Config.__init__`` given
a leading ``quant_method`` and its ``LinearMethodCls`` now set per instance, the flat ``config.json`` format's
excluded layers read from ``"ignore"`` (no longer ``"exclude_modules"``) and its KV-cache algorithm from a
``"kv_cache_scheme"`` dict (no longer ``"kv_cache_quant_algo"``), ``ModelOptNvFp4Config.is_layer_excluded``'s
``exclude_modules`` parameter removed, ``allow_flashinfer_cutlass`` renamed ``allow_flashinfer`` (on the MoE
method, on ``NvFp4Support`` and as ``select_nvfp4_gemm_impl``'s parameter), the MoE method's
``prepare_static_weights_for_trtllm_fp4_moe`` moved out to a module function with ``_cache_permute_indices``
dropped, ``do_post_quant_allgather`` made a read-only property, the modular kernel ``moe_mk`` now called by
keyword, ``MarlinNvFp4LinearKernel``/``NvFp4LinearLayerConfig`` no longer imported into the module, and
``_get_tile_tokens_dim`` removed -- picked by scanning the path's diff (``git log --first-parent -p``), avoiding
the commits every other replay uses (``blind_replay_nvfp4``, ``_quant``, ``_quantext``, ``_fp8meth``,
``_quantkern``, ``_ctquant`` cover parts of this surface).  Each is replayed under 1-3 fork spellings written the
way fork code is written (a positional build, a subclass's ``super().__init__()``, a subclass's class attribute, a
dict literal handed to ``from_config``, a key written into a config before ``super().from_config``, a subclass's
``self.`` call and override, a ``getattr`` with a literal, a keyword build of a dataclass, a keyword call, an
import, a module attribute, an attribute set in a subclass's constructor, a callable stored in a slot the base
calls), with twins (fork code the commit does not break: the kept name, the other config, the nested format, the
new home, a callable whose parameter names fit).  The merge base is the commit's first parent, upstream is the
commit; a spelling is *caught* when an error lands on its line, *warned* when a warning lands in its file.  Twins
must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at eb141937): 15 caught, 0 warned, 6 missed of 21 (twins: 10
quiet, 0 false errors).  Symbol drift caught the positional build and the old-argument ``super().__init__()``
of ``ModelOptFp8Config``, the removed ``exclude_modules`` parameter (the call and the override the base now
calls with one argument), the renamed ``allow_flashinfer_cutlass`` (a ``self.`` read, a ``getattr`` literal,
``NvFp4Support``'s keyword), the method moved out of the MoE class (its override, its ``self.`` cache, its call
off a typed receiver), the imports and module attributes gone, and the attribute a subclass sets over the new
read-only property; the class attribute ``LinearMethodCls`` now shadowed by the constructor's instance one was
caught too.  The misses: #25706's two and #35047's two (a key the fork writes into a dict it hands
``from_config`` -- a flat dict display, a subscript store before ``super().from_config(config)`` -- that
``from_config`` no longer reads off its ``config`` parameter while the nested format still quotes the word off
another dict, so unread keys stayed quiet: the value is silently ignored), and #34575's two (a callable the
fork subclass stores in ``self.moe_mk`` naming its parameters ``x, w13, ...``, which the base's ``apply`` now
calls by keyword, ``hidden_states=, w1=, ...``: TypeError on the first forward).  No label was wrong.
After the killers182 widenings: 21 caught, 0 warned, 0 missed of 21 (twins: 10 quiet, 0 false errors).  Caught
now: a key handed in a dict to an upstream function that read it off that parameter at the base and no longer
does (``drift/param_keys.py``); a callable a fork subclass stores on ``self`` that the upstream base's calls of
the attribute no longer bind to (``drift/stored_callables.py``).
Regression set at the widenings' head: killer_replay 26/26, kind_change_replay 12/12, blind_replay_loader 9
caught, 4 warned, 1 missed of 14 (8 quiet, as before), blind_replay_fmexperts 19 caught, 2 warned of 21 (11
quiet), blind_replay_processor 28 caught, 1 missed of 29 (16 quiet, 1 warned), review54_twins 6/6, 0 false of
30, review58_twins 5/5, 0 false of 14, review60_twins 5/5, 1 false of 26 (the one it records: signature drift
on a fork test's ``pytest.raises(TypeError)``), blind_replay_quant 27/27 (14 quiet), blind_replay_nvfp4 15
caught, 1 warned of 16 (10 quiet, 1 warned), all as recorded; ``symbol_precision.py --windows 1``: 0 false
errors (window 0: 5 broken overrides, 4 caught, 8 warnings, as recorded).

  python benchmarks/blind_replay_modelopt.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []

MO = "vllm.model_executor.layers.quantization.modelopt"

# --- #30957 (19cc9468fd): ModelOptFp8Config.__init__(quant_method, ...) first; LinearMethodCls set per instance
QM = "19cc9468fd"
QMW = "ModelOptFp8Config given a leading quant_method; LinearMethodCls set in __init__"
FC = f"from {MO} import (\n    ModelOptFp8Config,\n    ModelOptFp8LinearMethod,\n    ModelOptNvFp4Config,\n    ModelOptNvFp4LinearMethod,\n)\n\n\n"
CASES += [
    (
        "#30957 parameter inserted first",
        "a positional build of the config",
        K(
            "#30957",
            QM,
            QMW,
            "vllm/aeon/qm1.py",
            FC + "def aeon_fp8_config(excluded: list[str]) -> ModelOptFp8Config:\n"
            "    # AEON: the Spark's draft model is an FP8 ModelOpt checkpoint built without its json\n"
            '    return ModelOptFp8Config(True, "FP8", excluded)\n',
            'return ModelOptFp8Config(True, "FP8", excluded)',
        ),
    ),
    (
        "#30957 parameter inserted first",
        "a subclass's super().__init__() with the old arguments",
        K(
            "#30957",
            QM,
            QMW,
            "vllm/aeon/qm2.py",
            FC + "class AeonFp8Config(ModelOptFp8Config):\n"
            "    def __init__(\n"
            "        self,\n"
            "        is_checkpoint_fp8_serialized: bool,\n"
            "        kv_cache_quant_method: str | None,\n"
            "        exclude_modules: list[str],\n"
            "    ) -> None:\n"
            "        # AEON: the Spark keeps the MTP head in bf16\n"
            "        super().__init__(is_checkpoint_fp8_serialized, kv_cache_quant_method, exclude_modules)\n"
            '        self.exclude_modules.append("mtp")\n',
            "super().__init__(is_checkpoint_fp8_serialized, kv_cache_quant_method, exclude_modules)",
        ),
    ),
    (
        "#30957 class attribute shadowed by an instance attribute",
        "a subclass's class-level LinearMethodCls",
        K(
            "#30957",
            QM,
            QMW,
            "vllm/aeon/qm3.py",
            FC + "class AeonFp8LinearMethod(ModelOptFp8LinearMethod):\n"
            "    # AEON: GB10's sm_121a runs the FP8 GEMM through the Spark's own kernel\n"
            "    pass\n\n\n"
            "class AeonSparkFp8Config(ModelOptFp8Config):\n"
            "    LinearMethodCls = AeonFp8LinearMethod\n",
            "LinearMethodCls = AeonFp8LinearMethod",
        ),
    ),
    (
        "#30957 class attribute shadowed by an instance attribute",
        "twin: the NVFP4 config's class-level LinearMethodCls and from_config",
        K(
            "#30957",
            QM,
            QMW,
            "vllm/aeon/qm4.py",
            FC + "class AeonNvFp4LinearMethod(ModelOptNvFp4LinearMethod):\n"
            "    pass\n\n\n"
            "class AeonSparkFp4Config(ModelOptNvFp4Config):\n"
            "    LinearMethodCls = AeonNvFp4LinearMethod\n\n\n"
            "def aeon_fp8_from_json(cfg: dict) -> ModelOptFp8Config:\n"
            "    return ModelOptFp8Config.from_config(cfg)\n",
            "LinearMethodCls = AeonNvFp4LinearMethod",
        ),
    ),
]

# --- #25706 (d5ab28511c): config.json's flat format reads its excluded layers from "ignore"
IG = "d5ab28511c"
IGW = 'flat config.json format: "exclude_modules" -> "ignore"'
CASES += [
    (
        "#25706 dict key read changed",
        "a flat dict literal handed to from_config",
        K(
            "#25706",
            IG,
            IGW,
            "vllm/aeon/ig1.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "def aeon_fp4_config(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            "    # AEON: the Spark keeps lm_head and the MTP layer in bf16\n"
            "    cfg = {\n"
            '        "quant_method": "modelopt",\n'
            '        "quant_algo": "NVFP4",\n'
            '        "group_size": 16,\n'
            '        "exclude_modules": excluded,\n'
            "    }\n"
            "    return ModelOptNvFp4Config.from_config(cfg)\n",
            '"exclude_modules": excluded,',
        ),
    ),
    (
        "#25706 dict key read changed",
        "a key written into the config before super().from_config",
        K(
            "#25706",
            IG,
            IGW,
            "vllm/aeon/ig2.py",
            f"from {MO} import ModelOptFp8Config\n\n\n"
            "class AeonFp8Config(ModelOptFp8Config):\n"
            "    @classmethod\n"
            "    def from_config(cls, config: dict) -> ModelOptFp8Config:\n"
            "        # AEON: the Spark never quantizes its speculative head\n"
            "        config = dict(config)\n"
            '        config["exclude_modules"] = [*config.get("exclude_modules", []), "mtp.*"]\n'
            "        return super().from_config(config)\n",
            'config["exclude_modules"] = [*config.get("exclude_modules", []), "mtp.*"]',
        ),
    ),
    (
        "#25706 dict key read changed",
        "twin: the nested hf_quant_config.json format",
        K(
            "#25706",
            IG,
            IGW,
            "vllm/aeon/ig3.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "def aeon_fp4_nested(excluded: list[str]) -> ModelOptNvFp4Config:\n"
            "    quant = {\n"
            '        "quant_algo": "NVFP4",\n'
            '        "group_size": 16,\n'
            '        "kv_cache_quant_algo": None,\n'
            '        "exclude_modules": excluded,\n'
            "    }\n"
            '    return ModelOptNvFp4Config.from_config({"quantization": quant})\n',
            '"exclude_modules": excluded,',
        ),
    ),
]

# --- #22771 (431535b522): ModelOptNvFp4Config.is_layer_excluded(prefix, exclude_modules) -> (prefix)
LE = "431535b522"
LEW = "ModelOptNvFp4Config.is_layer_excluded's exclude_modules parameter removed"
CASES += [
    (
        "#22771 parameter removed",
        "a subclass's self. call with the removed argument",
        K(
            "#22771",
            LE,
            LEW,
            "vllm/aeon/le1.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "class AeonFp4Config(ModelOptNvFp4Config):\n"
            "    def aeon_keeps_bf16(self, prefix: str) -> bool:\n"
            "        # AEON: the Spark's MTP layers stay in bf16\n"
            '        return prefix.startswith("mtp") or self.is_layer_excluded(prefix, self.exclude_modules)\n',
            'return prefix.startswith("mtp") or self.is_layer_excluded(prefix, self.exclude_modules)',
        ),
    ),
    (
        "#22771 parameter removed",
        "a subclass's override with the old signature, called by the base",
        K(
            "#22771",
            LE,
            LEW,
            "vllm/aeon/le2.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "class AeonFp4Config(ModelOptNvFp4Config):\n"
            "    def is_layer_excluded(self, prefix: str, exclude_modules: list[str]) -> bool:\n"
            "        # AEON: the Spark never quantizes the vision tower of its VLMs\n"
            '        if "visual" in prefix:\n'
            "            return True\n"
            "        return super().is_layer_excluded(prefix, exclude_modules)\n",
            "def is_layer_excluded(self, prefix: str, exclude_modules: list[str]) -> bool:",
        ),
    ),
    (
        "#22771 parameter removed",
        "twin: the FP8 config's one-argument is_layer_excluded",
        K(
            "#22771",
            LE,
            LEW,
            "vllm/aeon/le3.py",
            f"from {MO} import ModelOptFp8Config\n\n\n"
            "class AeonFp8Config(ModelOptFp8Config):\n"
            "    def aeon_keeps_bf16(self, prefix: str) -> bool:\n"
            '        return prefix.startswith("mtp") or self.is_layer_excluded(prefix)\n',
            'return prefix.startswith("mtp") or self.is_layer_excluded(prefix)',
        ),
    ),
]

# --- #21331 (a3b9c17b56): allow_flashinfer_cutlass renamed allow_flashinfer (method, NvFp4Support, gemm impl)
AF = "a3b9c17b56"
AFW = "allow_flashinfer_cutlass -> allow_flashinfer"
NF = f"from {MO} import ModelOptNvFp4FusedMoE\n\n\n"
CASES += [
    (
        "#21331 attribute renamed",
        "a subclass's self. read",
        K(
            "#21331",
            AF,
            AFW,
            "vllm/aeon/af1.py",
            NF + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_backend_name(self) -> str:\n"
            "        # AEON: the Spark's startup report names the NVFP4 MoE backend\n"
            "        if self.allow_flashinfer_cutlass:\n"
            '            return "flashinfer-cutlass"\n'
            '        return "marlin" if self.use_marlin else "cutlass"\n',
            "if self.allow_flashinfer_cutlass:",
        ),
    ),
    (
        "#21331 attribute renamed",
        "a getattr with the old name as a literal",
        K(
            "#21331",
            AF,
            AFW,
            "vllm/aeon/af2.py",
            NF + "def aeon_uses_flashinfer(method: ModelOptNvFp4FusedMoE) -> bool:\n"
            "    # AEON: GB10 gates the FlashInfer MoE path on sm_121a\n"
            '    return bool(getattr(method, "allow_flashinfer_cutlass", False))\n',
            'return bool(getattr(method, "allow_flashinfer_cutlass", False))',
        ),
    ),
    (
        "#21331 field renamed",
        "a keyword build of NvFp4Support",
        K(
            "#21331",
            AF,
            AFW,
            "vllm/aeon/af3.py",
            "from vllm.model_executor.layers.quantization.utils.nvfp4_moe_support import NvFp4Support\n\n\n"
            "def aeon_gb10_support() -> NvFp4Support:\n"
            "    # AEON: GB10 has no FlashInfer CUTLASS FP4 MoE; force Marlin\n"
            "    return NvFp4Support(cutlass_supported=False, allow_flashinfer_cutlass=False, use_marlin=True)\n",
            "return NvFp4Support(cutlass_supported=False, allow_flashinfer_cutlass=False, use_marlin=True)",
        ),
    ),
    (
        "#21331 attribute renamed",
        "twin: the kept use_marlin and cutlass_nvfp4_supported",
        K(
            "#21331",
            AF,
            AFW,
            "vllm/aeon/af4.py",
            NF + "class AeonFp4MoE2(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_backend_name(self) -> str:\n"
            '        return "marlin" if self.use_marlin else str(self.cutlass_nvfp4_supported)\n',
            'return "marlin" if self.use_marlin else str(self.cutlass_nvfp4_supported)',
        ),
    ),
]

# --- #28892 (b4c8fbaae2): prepare_static_weights_for_trtllm_fp4_moe moved to a module function
PS = "b4c8fbaae2"
PSW = "ModelOptNvFp4FusedMoE.prepare_static_weights_for_trtllm_fp4_moe and _cache_permute_indices removed"
CASES += [
    (
        "#28892 method moved out",
        "a subclass's override the base no longer calls",
        K(
            "#28892",
            PS,
            PSW,
            "vllm/aeon/ps1.py",
            NF + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n"
            "    def prepare_static_weights_for_trtllm_fp4_moe(self, *args, **kwargs):\n"
            "        # AEON: the Spark's unified memory keeps one copy of the shuffled weights\n"
            "        out = super().prepare_static_weights_for_trtllm_fp4_moe(*args, **kwargs)\n"
            "        return tuple(t.contiguous() for t in out)\n",
            "def prepare_static_weights_for_trtllm_fp4_moe(self, *args, **kwargs):",
        ),
    ),
    (
        "#28892 attribute removed",
        "a subclass's self. read of the permute cache",
        K(
            "#28892",
            PS,
            PSW,
            "vllm/aeon/ps2.py",
            NF + "class AeonFp4MoE2(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_release_caches(self) -> None:\n"
            "        # AEON: GB10's 128 GB is shared with the host; drop the permute cache after loading\n"
            "        self._cache_permute_indices.clear()\n",
            "self._cache_permute_indices.clear()",
        ),
    ),
    (
        "#28892 method moved out",
        "a call off a receiver typed as the class",
        K(
            "#28892",
            PS,
            PSW,
            "vllm/aeon/ps3.py",
            NF + "def aeon_shuffle(method: ModelOptNvFp4FusedMoE, layer, hidden: int, inter: int, experts: int):\n"
            "    return method.prepare_static_weights_for_trtllm_fp4_moe(\n"
            "        layer.w13_weight, layer.w2_weight, layer.w13_weight_scale, layer.w2_weight_scale,\n"
            "        hidden, inter, experts,\n"
            "    )\n",
            "return method.prepare_static_weights_for_trtllm_fp4_moe(",
        ),
    ),
    (
        "#28892 method moved out",
        "twin: the kept flashinfer_moe_backend and the module's reorder helper",
        K(
            "#28892",
            PS,
            PSW,
            "vllm/aeon/ps4.py",
            "from vllm.model_executor.layers.quantization.utils.flashinfer_fp4_moe import reorder_w1w3_to_w3w1\n"
            + NF
            + "class AeonFp4MoE3(ModelOptNvFp4FusedMoE):\n"
            "    def aeon_reorder(self, w, s):\n"
            "        if self.flashinfer_moe_backend is None:\n"
            "            return w, s\n"
            "        return reorder_w1w3_to_w3w1(w, s, dim=-2)\n",
            "if self.flashinfer_moe_backend is None:",
        ),
    ),
]

# --- #32349 (7350331718): ModelOptNvFp4FusedMoE.do_post_quant_allgather a read-only property
PQ = "7350331718"
PQW = "do_post_quant_allgather made a property without setter"
CASES += [
    (
        "#32349 property added over an instance attribute",
        "a subclass's constructor setting the name",
        K(
            "#32349",
            PQ,
            PQW,
            "vllm/aeon/pq1.py",
            NF + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n"
            "    def __init__(self, quant_config, moe_config) -> None:\n"
            "        super().__init__(quant_config, moe_config)\n"
            "        # AEON: the Spark runs one rank; never all-gather the quantized input\n"
            "        self.do_post_quant_allgather = False\n",
            "self.do_post_quant_allgather = False",
        ),
    ),
    (
        "#32349 property added over an instance attribute",
        "twin: a subclass's own new attribute beside the kept backend",
        K(
            "#32349",
            PQ,
            PQW,
            "vllm/aeon/pq2.py",
            "from vllm.model_executor.layers.fused_moe.oracle.nvfp4 import NvFp4MoeBackend\n"
            + NF
            + "class AeonFp4MoE2(ModelOptNvFp4FusedMoE):\n"
            "    def __init__(self, quant_config, moe_config) -> None:\n"
            "        super().__init__(quant_config, moe_config)\n"
            "        self.aeon_single_rank = self.nvfp4_backend == NvFp4MoeBackend.MARLIN\n",
            "self.aeon_single_rank = self.nvfp4_backend == NvFp4MoeBackend.MARLIN",
        ),
    ),
]

# --- #34575 (ec7d9e6745): the MoE methods now call self.moe_mk by keyword (hidden_states=, w1=, w2=, ...)
MK = "ec7d9e6745"
MKW = "moe_mk called by keyword"
CASES += [
    (
        "#34575 call turned keyword",
        "a bound method with other parameter names stored in the slot",
        K(
            "#34575",
            MK,
            MKW,
            "vllm/aeon/mk1.py",
            NF + "class AeonFp4MoE(ModelOptNvFp4FusedMoE):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        # AEON: GB10 routes small batches through the Spark's own experts kernel\n"
            "        self.aeon_inner = self.moe_mk\n"
            "        self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, x, w13, w2, weights, ids, **kwargs):\n"
            "        return self.aeon_inner(x, w13, w2, weights, ids, **kwargs)\n",
            "self.moe_mk = self.aeon_experts",
        ),
    ),
    (
        "#34575 call turned keyword",
        "a wrapper object with other __call__ parameter names stored in the slot",
        K(
            "#34575",
            MK,
            MKW,
            "vllm/aeon/mk2.py",
            f"from {MO} import ModelOptFp8MoEMethod\n\n\n"
            "class AeonTimedKernel:\n"
            "    # AEON: the Spark's profiler times each fused MoE call\n"
            "    def __init__(self, inner) -> None:\n"
            "        self.inner = inner\n\n"
            "    def __call__(self, x, w13, w2, topk_weights, topk_ids, **kwargs):\n"
            "        return self.inner(x, w13, w2, topk_weights, topk_ids, **kwargs)\n\n\n"
            "class AeonFp8MoE(ModelOptFp8MoEMethod):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        self.moe_mk = AeonTimedKernel(self.moe_mk)\n",
            "self.moe_mk = AeonTimedKernel(self.moe_mk)",
        ),
    ),
    (
        "#34575 call turned keyword",
        "twin: a wrapper whose parameter names fit the keywords",
        K(
            "#34575",
            MK,
            MKW,
            "vllm/aeon/mk3.py",
            NF + "class AeonFp4MoE3(ModelOptNvFp4FusedMoE):\n"
            "    def process_weights_after_loading(self, layer) -> None:\n"
            "        super().process_weights_after_loading(layer)\n"
            "        self.aeon_inner = self.moe_mk\n"
            "        self.moe_mk = self.aeon_experts\n\n"
            "    def aeon_experts(self, hidden_states, w1, w2, topk_weights, topk_ids, **kwargs):\n"
            "        return self.aeon_inner(hidden_states, w1, w2, topk_weights, topk_ids, **kwargs)\n",
            "self.moe_mk = self.aeon_experts",
        ),
    ),
]

# --- #50273 (70bd10930b): MarlinNvFp4LinearKernel/NvFp4LinearLayerConfig no longer imported into modelopt
ML = "70bd10930b"
MLW = "modelopt no longer imports MarlinNvFp4LinearKernel, NvFp4LinearLayerConfig"
CASES += [
    (
        "#50273 re-export removed",
        "an import of the kernel through modelopt",
        K(
            "#50273",
            ML,
            MLW,
            "vllm/aeon/ml1.py",
            f"from {MO} import MarlinNvFp4LinearKernel, ModelOptNvFp4W4A16LinearMethod\n\n\n"
            "def aeon_is_marlin(method: ModelOptNvFp4W4A16LinearMethod) -> bool:\n"
            "    # AEON: the Spark's W4A16 checkpoints must stay on Marlin on sm_121a\n"
            "    return isinstance(method.kernel, MarlinNvFp4LinearKernel)\n",
            f"from {MO} import MarlinNvFp4LinearKernel, ModelOptNvFp4W4A16LinearMethod",
        ),
    ),
    (
        "#50273 re-export removed",
        "a module attribute read",
        K(
            "#50273",
            ML,
            MLW,
            "vllm/aeon/ml2.py",
            "from vllm.model_executor.layers.quantization import modelopt\n\n\n"
            "def aeon_marlin_kernel():\n"
            "    return modelopt.MarlinNvFp4LinearKernel(modelopt.NvFp4LinearLayerConfig())\n",
            "return modelopt.MarlinNvFp4LinearKernel(modelopt.NvFp4LinearLayerConfig())",
        ),
    ),
    (
        "#50273 re-export removed",
        "twin: the kernel's own home",
        K(
            "#50273",
            ML,
            MLW,
            "vllm/aeon/ml3.py",
            "from vllm.model_executor.kernels.linear import MarlinNvFp4LinearKernel, NvFp4LinearLayerConfig\n\n\n"
            "def aeon_marlin_kernel2():\n"
            "    return MarlinNvFp4LinearKernel(NvFp4LinearLayerConfig())\n",
            "return MarlinNvFp4LinearKernel(NvFp4LinearLayerConfig())",
        ),
    ),
]

# --- #26714 (41d3071918): modelopt's _get_tile_tokens_dim removed
TT = "41d3071918"
TTW = "_get_tile_tokens_dim removed"
CASES += [
    (
        "#26714 function removed",
        "an import of the private helper",
        K(
            "#26714",
            TT,
            TTW,
            "vllm/aeon/tt1.py",
            f"from {MO} import _get_tile_tokens_dim\n\n\n"
            "def aeon_tile(num_tokens: int, top_k: int, local_experts: int) -> int:\n"
            "    # AEON: the Spark's MTP decode batches are tiny; cap the tile at 8\n"
            "    return min(_get_tile_tokens_dim(num_tokens, top_k, local_experts), 8)\n",
            f"from {MO} import _get_tile_tokens_dim",
        ),
    ),
    (
        "#26714 function removed",
        "twin: the kept power-of-two helper",
        K(
            "#26714",
            TT,
            TTW,
            "vllm/aeon/tt2.py",
            "from vllm.utils import next_power_of_2\n\n\n"
            "def aeon_tile2(num_tokens: int, top_k: int, local_experts: int) -> int:\n"
            "    return min(max(next_power_of_2((num_tokens * top_k) // local_experts), 8), 64)\n",
            "return min(max(next_power_of_2((num_tokens * top_k) // local_experts), 8), 64)",
        ),
    ),
]

# --- #35047 (d0105b84f0): the flat config.json format's KV cache read from "kv_cache_scheme"
KV = "d0105b84f0"
KVW = 'flat config.json format: "kv_cache_quant_algo" -> "kv_cache_scheme" dict'
CASES += [
    (
        "#35047 dict key read changed",
        "a flat dict literal handed to from_config",
        K(
            "#35047",
            KV,
            KVW,
            "vllm/aeon/kv1.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "def aeon_fp4_fp8kv() -> ModelOptNvFp4Config:\n"
            "    # AEON: the Spark serves NVFP4 weights with an FP8 KV cache\n"
            "    return ModelOptNvFp4Config.from_config(\n"
            '        {"quant_method": "modelopt", "quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8", "ignore": []}\n'
            "    )\n",
            '{"quant_method": "modelopt", "quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8", "ignore": []}',
        ),
    ),
    (
        "#35047 dict key read changed",
        "a key written into the config before super().from_config",
        K(
            "#35047",
            KV,
            KVW,
            "vllm/aeon/kv2.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "class AeonFp4Config(ModelOptNvFp4Config):\n"
            "    @classmethod\n"
            "    def from_config(cls, config: dict) -> ModelOptNvFp4Config:\n"
            "        # AEON: GB10's memory budget needs the FP8 KV cache even when the json omits it\n"
            '        if "quantization" not in config:\n'
            "            config = dict(config)\n"
            '            config["kv_cache_quant_algo"] = "FP8"\n'
            "        return super().from_config(config)\n",
            'config["kv_cache_quant_algo"] = "FP8"',
        ),
    ),
    (
        "#35047 dict key read changed",
        "twin: the nested format's kv_cache_quant_algo",
        K(
            "#35047",
            KV,
            KVW,
            "vllm/aeon/kv3.py",
            f"from {MO} import ModelOptNvFp4Config\n\n\n"
            "def aeon_fp4_fp8kv_nested() -> ModelOptNvFp4Config:\n"
            "    quant = {\n"
            '        "quant_algo": "NVFP4",\n'
            '        "kv_cache_quant_algo": "FP8",\n'
            '        "group_size": 16,\n'
            '        "exclude_modules": [],\n'
            "    }\n"
            '    return ModelOptNvFp4Config.from_config({"quantization": quant})\n',
            '"kv_cache_quant_algo": "FP8",',
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-modelopt-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
