"""A blind replay of the top config, ``VllmConfig``, and the fix-ups its post-init runs.

7 first-parent commits on ``vllm/config/vllm.py`` -- the config a Spark fork builds for GB10, subclasses to pin
its CUDA-graph sizes and checks, and reads the fixed-up fields of: ``VllmConfig.pad_for_cudagraph`` removed
(#33283), the ``shutdown_timeout`` field removed (#36628, the revert of #34730), the MRV1 piecewise-cudagraph
table and ``_validate_mrv1_piecewise_cudagraph`` removed (#52401: a subclass's override is no longer called
by the post-init), ``renderer_config``/``vllm/config/renderer.py`` removed and ``recalculate_max_model_len``'s
parameter renamed back (#30199, the revert of #30145), ``recalculate_max_model_len``'s ``max_model_len``
renamed ``original_max_model_len`` (#30145), ``enforce_eager`` no longer lowering ``optimization_level`` to
O0 in the post-init (#34523: the fork's "is eager" test on the level is silently false), and
``get_layers_from_vllm_config`` no longer raising ``KeyError`` for a layer outside the pipeline stage (#36243:
the fork's ``except KeyError`` path is dead) -- picked by scanning the path's diff (``git log --first-parent
-p``), avoiding the commits ``blind_replay_config``, ``_cfgparts``, ``_modelcfg``, ``_specconf``,
``_hfconfig`` and ``_compiler`` use.  Each is replayed under 1-3 fork spellings (a call on a receiver typed as
the class, a subclass override's ``super()`` call, a bound method stored in a table, a keyword build, a field
read, an import of a constant or module, an override the post-init no longer calls, a keyword call of the old
parameter name, a comparison of a fixed-up field with a literal enum member, an ``except`` of an exception the
callee no longer raises), with twins (the kept name, a positional call, the flag itself, a plain call).  The
merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error lands on
its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their line.

Blind, on the engine before any widening (main at 6771f6b2): 13 caught, 0 warned, 3 missed of 16 (twins: 7
quiet, 0 false errors).  Symbol drift caught the removed method (a typed receiver's call, a subclass override and
its ``super()`` call, a bound method stored in a table), the removed field (a keyword build, a read), the removed
constant and validator (an import; an override the post-init no longer calls, flagged as overriding a removed
method), the removed ``renderer_config`` and ``vllm/config/renderer.py``, and both renamed parameters (a keyword
call, a subclass's ``super()`` keyword call).  The misses: #34523's two (a comparison of
``optimization_level`` with ``OptimizationLevel.O0``, ``==`` and ``>``: the post-init no longer stores O0 for an
eager model, so the fork's "eager" test is silently false; nothing it names changed) and #36243's one (an
``except KeyError`` round ``get_layers_from_vllm_config``, whose ``forward_context[layer_name]`` -- a local bound
to a config attribute, no dict the def builds -- upstream now guards with ``layer_name in forward_context``: the
handler is dead).
After the killers183 widenings: 13 caught, 3 warned, 0 missed of 16 (twins: 9 quiet, 0 false errors; two
twins added after the blind run: a comparison with another member, a handler whose body subscripts the result).
Warned now (a warning is the honest severity for both: the value may still come from a caller's setting; the
case the handler met is now accepted, nothing raised in its place): a constant a class's fix-up no longer stores
into its field, tested for by the fork (``drift/dropped_fixups.py``); a lookup upstream now guards for its key,
counted as raising KeyError at the base whatever its receiver (``drift/raised_kinds.py``'s ``_key_tests``).
Regression set at the widenings' head: killer_replay 26/26 BLOCKED, kind_change_replay 12/12 (5 twins
quiet), blind_replay_linkern 20 caught, 3 warned, 2 missed of 25 (11 quiet, 2 of them warned; as recorded),
blind_replay_loramgr 17 caught, 1 warned of 18 (11 quiet; as recorded), blind_replay_lora2 17 caught, 1 warned of
18 (10 quiet; as recorded), review87_twins 1 caught, 1 warned of 2, 0 false errors of 29 (2 warned; as recorded),
blind_replay_config 16 caught, 1 warned of 17 (13 quiet, 2 warned; as recorded), blind_replay_tfbackend 24 caught,
2 warned of 26 (11 quiet; it records 25 caught, 1 warned, but main at 6771f6b2 gives the same 24/2: #23556's
installed function's error lands on the patch line, not the def line -- not this branch's).

  python benchmarks/blind_replay_vllmcfg.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
VC = "from vllm.config import VllmConfig\n\n\n"

# --- #33283 (a650ad1588): VllmConfig.pad_for_cudagraph removed
PC = "a650ad1588"
PCW = "VllmConfig.pad_for_cudagraph removed"
CASES += [
    (
        "#33283 method removed",
        "a call on a receiver typed as the class",
        K(
            "#33283",
            PC,
            PCW,
            "vllm/aeon/pc1.py",
            VC + "def aeon_padded_batch(vllm_config: VllmConfig, num_tokens: int) -> int:\n"
            "    # AEON: the Spark pads its draft batch to a captured graph size\n"
            "    return vllm_config.pad_for_cudagraph(num_tokens)\n",
            "return vllm_config.pad_for_cudagraph(num_tokens)",
        ),
    ),
    (
        "#33283 method removed",
        "a subclass override's super() call",
        K(
            "#33283",
            PC,
            PCW,
            "vllm/aeon/pc2.py",
            VC + "class AeonVllmConfig(VllmConfig):\n"
            "    def pad_for_cudagraph(self, batch_size: int) -> int:\n"
            "        # AEON: GB10 caps the captured batch at the Spark's largest graph\n"
            "        return super().pad_for_cudagraph(min(batch_size, 256))\n",
            "return super().pad_for_cudagraph(min(batch_size, 256))",
        ),
    ),
    (
        "#33283 method removed",
        "a bound method stored in a table",
        K(
            "#33283",
            PC,
            PCW,
            "vllm/aeon/pc3.py",
            VC + "def aeon_paddings(vllm_config: VllmConfig) -> dict[str, object]:\n"
            "    # AEON: the Spark's draft runner looks its padding up by name\n"
            '    return {"pad": vllm_config.pad_for_cudagraph, "hash": vllm_config.compute_hash}\n',
            '    return {"pad": vllm_config.pad_for_cudagraph, "hash": vllm_config.compute_hash}',
        ),
    ),
    (
        "#33283 method removed",
        "twin: the kept capture size and hash",
        K(
            "#33283",
            PC,
            PCW,
            "vllm/aeon/pc4.py",
            VC + "def aeon_graph_key(vllm_config: VllmConfig) -> str:\n"
            "    # AEON: the Spark keys its graph cache on the capture size\n"
            "    size = vllm_config.compilation_config.max_cudagraph_capture_size\n"
            '    return f"{vllm_config.compute_hash()}-{size}"\n',
            "size = vllm_config.compilation_config.max_cudagraph_capture_size",
        ),
    ),
]

# --- #36628 (234860399b): VllmConfig.shutdown_timeout removed (the revert of #34730)
ST = "234860399b"
STW = "VllmConfig.shutdown_timeout field removed"
CASES += [
    (
        "#36628 field removed",
        "a keyword build",
        K(
            "#36628",
            ST,
            STW,
            "vllm/aeon/st1.py",
            "from vllm.config import ModelConfig, VllmConfig\n\n\n"
            "def aeon_build(model_config: ModelConfig) -> VllmConfig:\n"
            "    # AEON: the Spark drains in-flight requests before a GB10 restart\n"
            "    return VllmConfig(model_config=model_config, shutdown_timeout=30)\n",
            "return VllmConfig(model_config=model_config, shutdown_timeout=30)",
        ),
    ),
    (
        "#36628 field removed",
        "a read of the field",
        K(
            "#36628",
            ST,
            STW,
            "vllm/aeon/st2.py",
            VC + "def aeon_drain_seconds(vllm_config: VllmConfig) -> float:\n"
            "    # AEON: the Spark's supervisor waits this long before killing the engine\n"
            "    return float(vllm_config.shutdown_timeout) + 5.0\n",
            "return float(vllm_config.shutdown_timeout) + 5.0",
        ),
    ),
    (
        "#36628 field removed",
        "twin: a kept field in a keyword build",
        K(
            "#36628",
            ST,
            STW,
            "vllm/aeon/st3.py",
            "from vllm.config import ModelConfig, VllmConfig\n\n\n"
            "def aeon_build2(model_config: ModelConfig) -> VllmConfig:\n"
            "    # AEON: the Spark's build passes only the model\n"
            "    return VllmConfig(model_config=model_config, additional_config={})\n",
            "return VllmConfig(model_config=model_config, additional_config={})",
        ),
    ),
]

# --- #52401 (8efa13b700): MRV1_UNSUPPORTED_PIECEWISE_CUDAGRAPH_ARCHITECTURES and the validator removed
MV = "8efa13b700"
MVW = "the MRV1 piecewise-cudagraph table and VllmConfig._validate_mrv1_piecewise_cudagraph removed"
CASES += [
    (
        "#52401 constant removed",
        "an import of the constant",
        K(
            "#52401",
            MV,
            MVW,
            "vllm/aeon/mv1.py",
            "from vllm.config.vllm import MRV1_UNSUPPORTED_PIECEWISE_CUDAGRAPH_ARCHITECTURES\n\n\n"
            "def aeon_needs_eager(arch: str) -> bool:\n"
            "    # AEON: the Spark keeps these architectures off piecewise graphs\n"
            "    return arch in MRV1_UNSUPPORTED_PIECEWISE_CUDAGRAPH_ARCHITECTURES\n",
            "from vllm.config.vllm import MRV1_UNSUPPORTED_PIECEWISE_CUDAGRAPH_ARCHITECTURES",
        ),
    ),
    (
        "#52401 method removed",
        "a subclass override's super() call",
        K(
            "#52401",
            MV,
            MVW,
            "vllm/aeon/mv2.py",
            VC + "class AeonCheckedConfig(VllmConfig):\n"
            "    def _validate_mrv1_piecewise_cudagraph(self) -> None:\n"
            "        # AEON: the Spark also refuses piecewise graphs for its NVFP4 drafter\n"
            "        super()._validate_mrv1_piecewise_cudagraph()\n"
            "        if self.speculative_config is not None:\n"
            '            raise ValueError("aeon: no piecewise graphs with the NVFP4 drafter")\n',
            "super()._validate_mrv1_piecewise_cudagraph()",
        ),
    ),
    (
        "#52401 method removed",
        "an override the post-init no longer calls",
        K(
            "#52401",
            MV,
            MVW,
            "vllm/aeon/mv3.py",
            VC + "class AeonGuardedConfig(VllmConfig):\n"
            "    def _validate_mrv1_piecewise_cudagraph(self) -> None:\n"
            "        # AEON: GB10's sm_121a has no piecewise graphs for the fork's MoE\n"
            "        if self.model_config is not None and self.model_config.is_moe:\n"
            '            raise ValueError("aeon: piecewise graphs unsupported for MoE on GB10")\n',
            "def _validate_mrv1_piecewise_cudagraph(self) -> None:",
        ),
    ),
    (
        "#52401 constant removed",
        "twin: the kept default-V2 table",
        K(
            "#52401",
            MV,
            MVW,
            "vllm/aeon/mv4.py",
            "from vllm.config.vllm import DEFAULT_V2_MODEL_RUNNER_ARCHITECTURES\n\n\n"
            "def aeon_v2_default(arch: str) -> bool:\n"
            "    # AEON: the Spark logs which runner a model lands on\n"
            "    return arch in DEFAULT_V2_MODEL_RUNNER_ARCHITECTURES\n",
            "from vllm.config.vllm import DEFAULT_V2_MODEL_RUNNER_ARCHITECTURES",
        ),
    ),
]

# --- #30199 (e83b7e379c): the revert of #30145: renderer_config and vllm/config/renderer.py removed,
# recalculate_max_model_len's parameter renamed back to max_model_len
RV = "e83b7e379c"
RVW = "VllmConfig.renderer_config and RendererConfig removed; recalculate_max_model_len(max_model_len)"
CASES += [
    (
        "#30199 field removed",
        "a read of the removed field's attribute",
        K(
            "#30199",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            VC + "def aeon_tokenizer_name(vllm_config: VllmConfig) -> str:\n"
            "    # AEON: the Spark's speculative drafter shares the target's tokenizer\n"
            "    return str(vllm_config.renderer_config.tokenizer)\n",
            "return str(vllm_config.renderer_config.tokenizer)",
        ),
    ),
    (
        "#30199 module removed",
        "an import of the removed module",
        K(
            "#30199",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            "from vllm.config.renderer import RendererConfig\n\n\n"
            "def aeon_renderer(tokenizer: str) -> RendererConfig:\n"
            "    # AEON: the Spark builds its own renderer for the drafter\n"
            "    return RendererConfig(tokenizer=tokenizer)\n",
            "from vllm.config.renderer import RendererConfig",
        ),
    ),
    (
        "#30199 parameter renamed",
        "a keyword call of the old name",
        K(
            "#30199",
            RV,
            RVW,
            "vllm/aeon/rv3.py",
            VC + "def aeon_shrink(vllm_config: VllmConfig) -> None:\n"
            "    # AEON: GB10's unified memory holds a shorter context\n"
            "    vllm_config.recalculate_max_model_len(original_max_model_len=32768)\n",
            "vllm_config.recalculate_max_model_len(original_max_model_len=32768)",
        ),
    ),
    (
        "#30199 parameter renamed",
        "twin: a positional call",
        K(
            "#30199",
            RV,
            RVW,
            "vllm/aeon/rv4.py",
            VC + "def aeon_shrink2(vllm_config: VllmConfig) -> None:\n"
            "    # AEON: GB10's unified memory holds a shorter context\n"
            "    vllm_config.recalculate_max_model_len(32768)\n",
            "vllm_config.recalculate_max_model_len(32768)",
        ),
    ),
]

# --- #30145 (27f4c2fd46): recalculate_max_model_len(max_model_len) renamed to original_max_model_len
RC = "27f4c2fd46"
RCW = "VllmConfig.recalculate_max_model_len's max_model_len renamed original_max_model_len"
CASES += [
    (
        "#30145 parameter renamed",
        "a keyword call of the old name",
        K(
            "#30145",
            RC,
            RCW,
            "vllm/aeon/rc1.py",
            VC + "def aeon_cap_context(vllm_config: VllmConfig) -> None:\n"
            "    # AEON: the Spark caps the context to fit GB10's KV budget\n"
            "    vllm_config.recalculate_max_model_len(max_model_len=65536)\n",
            "vllm_config.recalculate_max_model_len(max_model_len=65536)",
        ),
    ),
    (
        "#30145 parameter renamed",
        "a subclass's super() keyword call",
        K(
            "#30145",
            RC,
            RCW,
            "vllm/aeon/rc2.py",
            VC + "class AeonCappedConfig(VllmConfig):\n"
            "    def recalculate_max_model_len(self, max_model_len: int) -> None:\n"
            "        # AEON: never past the Spark's 128k\n"
            "        super().recalculate_max_model_len(max_model_len=min(max_model_len, 131072))\n",
            "super().recalculate_max_model_len(max_model_len=min(max_model_len, 131072))",
        ),
    ),
    (
        "#30145 parameter renamed",
        "twin: the kept compute_hash and a positional call",
        K(
            "#30145",
            RC,
            RCW,
            "vllm/aeon/rc3.py",
            VC + "def aeon_cap_context2(vllm_config: VllmConfig) -> str:\n"
            "    # AEON: the Spark caps the context to fit GB10's KV budget\n"
            "    vllm_config.recalculate_max_model_len(65536)\n"
            "    return vllm_config.compute_hash()\n",
            "vllm_config.recalculate_max_model_len(65536)",
        ),
    ),
]

# --- #34523 (87789c8364): enforce_eager no longer lowers optimization_level to O0
EE = "87789c8364"
EEW = "enforce_eager sets compile mode and cudagraph mode to NONE, no longer optimization_level O0"
CASES += [
    (
        "#34523 post-init fix-up changed",
        "a comparison of the fixed-up level with O0",
        K(
            "#34523",
            EE,
            EEW,
            "vllm/aeon/ee1.py",
            "from vllm.config import VllmConfig\nfrom vllm.config.vllm import OptimizationLevel\n\n\n"
            "def aeon_is_eager(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: the Spark skips its own graph warmup when the engine runs eager\n"
            "    return vllm_config.optimization_level == OptimizationLevel.O0\n",
            "return vllm_config.optimization_level == OptimizationLevel.O0",
        ),
    ),
    (
        "#34523 post-init fix-up changed",
        "a greater-than test of the fixed-up level",
        K(
            "#34523",
            EE,
            EEW,
            "vllm/aeon/ee3.py",
            "from vllm.config import VllmConfig\nfrom vllm.config.vllm import OptimizationLevel\n\n\n"
            "def aeon_warm_graphs(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: the Spark pre-captures its draft graphs unless the engine runs eager\n"
            "    return vllm_config.optimization_level > OptimizationLevel.O0\n",
            "return vllm_config.optimization_level > OptimizationLevel.O0",
        ),
    ),
    (
        "#34523 post-init fix-up changed",
        "twin: the enforce_eager flag itself",
        K(
            "#34523",
            EE,
            EEW,
            "vllm/aeon/ee2.py",
            VC + "def aeon_is_eager2(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: the Spark skips its own graph warmup when the engine runs eager\n"
            "    return bool(vllm_config.model_config.enforce_eager)\n",
            "return bool(vllm_config.model_config.enforce_eager)",
        ),
    ),
    (
        "#34523 post-init fix-up changed",
        "twin: a comparison with another member (added after the blind run)",
        K(
            "#34523",
            EE,
            EEW,
            "vllm/aeon/ee4.py",
            "from vllm.config import VllmConfig\nfrom vllm.config.vllm import OptimizationLevel\n\n\n"
            "def aeon_full_opt(vllm_config: VllmConfig) -> bool:\n"
            "    # AEON: the Spark's NVFP4 fusions want the top level\n"
            "    return vllm_config.optimization_level == OptimizationLevel.O3\n",
            "return vllm_config.optimization_level == OptimizationLevel.O3",
        ),
    ),
]

# --- #36243 (c4d859c274): get_layers_from_vllm_config skips names not in the forward context
GL = "c4d859c274"
GLW = "get_layers_from_vllm_config no longer raises KeyError for an out-of-stage layer"
CASES += [
    (
        "#36243 raise removed",
        "an except KeyError around the call",
        K(
            "#36243",
            GL,
            GLW,
            "vllm/aeon/gl1.py",
            "from vllm.model_executor.layers.attention.attention import Attention\n"
            "from vllm.config import VllmConfig\n"
            "from vllm.config.vllm import get_layers_from_vllm_config\n\n\n"
            "def aeon_stage_layers(vllm_config: VllmConfig, names: list[str]) -> dict[str, Attention]:\n"
            "    try:\n"
            "        return get_layers_from_vllm_config(vllm_config, Attention, names)\n"
            "    except KeyError:\n"
            "        # AEON: a pipeline stage on the second Spark lacks these layers\n"
            "        return {}\n",
            "except KeyError:",
        ),
    ),
    (
        "#36243 raise removed",
        "twin: a plain call",
        K(
            "#36243",
            GL,
            GLW,
            "vllm/aeon/gl2.py",
            "from vllm.model_executor.layers.attention.attention import Attention\n"
            "from vllm.config import VllmConfig\n"
            "from vllm.config.vllm import get_layers_from_vllm_config\n\n\n"
            "def aeon_all_layers(vllm_config: VllmConfig) -> dict[str, Attention]:\n"
            "    # AEON: the Spark's KV sizing walks every attention layer\n"
            "    return get_layers_from_vllm_config(vllm_config, Attention)\n",
            "return get_layers_from_vllm_config(vllm_config, Attention)",
        ),
    ),
    (
        "#36243 raise removed",
        "twin: an except KeyError round the fork's own lookup too (added after the blind run)",
        K(
            "#36243",
            GL,
            GLW,
            "vllm/aeon/gl3.py",
            "from vllm.model_executor.layers.attention.attention import Attention\n"
            "from vllm.config import VllmConfig\n"
            "from vllm.config.vllm import get_layers_from_vllm_config\n\n\n"
            "def aeon_first_layer(vllm_config: VllmConfig, names: list[str]) -> object:\n"
            "    try:\n"
            "        return get_layers_from_vllm_config(vllm_config, Attention, names)[names[0]]\n"
            "    except KeyError:\n"
            "        # AEON: the first name may sit on the second Spark's stage\n"
            "        return None\n",
            "except KeyError:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-vllmcfg-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
