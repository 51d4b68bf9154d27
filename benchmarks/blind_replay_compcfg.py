"""A blind replay of the compilation configuration a Spark fork sets, reads, validates and subclasses.

9 first-parent commits on ``vllm/config/compilation.py`` -- the config a GB10 (sm_121a) fork tunes: its
cudagraph modes and capture sizes, its custom ops and pass-config fields, read back and validated, and
subclassed: ``CompilationConfig.__repr__`` turned from a JSON dump into ``str()`` of a dict and
``CUDAGraphMode.__str__`` made the member's name (#25868), ``PassConfig`` / ``CompilationConfig`` made
``extra="forbid"`` (#30708: a keyword naming no field, ignored before, now raises), ``fast_moe_cold_start``
turned from a plain class attribute (``True``) into a field defaulting to ``None`` (#33735),
``compile_mm_encoder``'s default flipped to ``False`` (#28634), ``compute_bs_to_padded_graph_size`` and
``adjust_cudagraph_sizes_for_spec_decode`` added and called by upstream (#28315), a defaulted
``use_v2_model_runner`` inserted before ``tensor_parallel_size`` in ``resolve_cudagraph_mode_and_sizes``
(#45953), ``import vllm.envs as envs`` dropped from the module (#25675), ``PassConfig.sp_min_token_num``
added (#28672) and ``encoder_cudagraph_max_frames_per_batch``'s auto sentinel moved from ``0`` to ``None``
(#40445) -- picked by scanning the path's diff (``git log --first-parent -p``), avoiding the commits every
other replay uses.  Each is replayed under 1-2 fork spellings (``json.loads`` of the config's ``str``, a
compare with ``str()`` of a mode, an old keyword to the class, a ``**`` dict display, a subclass's
unannotated override, a test of the old default, a table of expected defaults, a subclass method of the
name upstream now adds and calls, a positional call past the inserted parameter, a subclass override with
the old signature, a ``mock.patch`` target through the module attribute, a module alias's attribute, a
fork field in the class upstream now declares too, a subclass field of the same name, the old sentinel
passed and compared), with twins (the member's ``.name``, the new keywords, an instance store, an explicit
value, the fork's own method name, keywords, ``vllm.envs`` itself, a fork-prefixed field, ``is None``).
The merge base is the commit's first parent, upstream is the commit; a spelling is *caught* when an error
lands on its line, *warned* when a warning lands in its file.  Twins must stay *quiet*: no error on their
line.

Blind, on the engine before any widening (main at 38ff2e7e): 7 caught, 2 warned, 9 missed of 18 (twins: 9
quiet, 0 false errors).  Default drift caught the two tests of an old default (#33735's ``is True``, #28634's
bare assert) and warned the table of expected defaults (#28634: the call without ``compile_mm_encoder=``);
symbol drift caught #28315's two subclass methods of the names upstream added, #45953's positional call and
old-signature override, and #25675's module alias's ``envs``; duplicate definitions warned #28672's fork
field (its error lands on upstream's line, not the fork's).  The misses: #25868's two (``json.loads`` of the
config's ``str``, ``str()`` of a mode compared with ``"CUDAGraphMode.X"``), #30708's two (an old keyword, a
``**`` dict display's stale key), #33735's unannotated subclass override, #25675's ``mock.patch`` target,
#28672's subclass field, #40445's two (the old ``0`` sentinel passed, compared with ``> 0``).
After the killers226 widenings: 13 caught, 5 warned, 0 missed of 18 (twins: 9 quiet, 0 false errors).  Caught
now: #30708's two (``drift/forbidden_extras.py``, new: a fork build's keyword -- or a ``**{...}`` display's
constant key -- naming no field of a class upstream made ``extra="forbid"``, an error on its line),
#25675's ``mock.patch`` target (``drift/patched_targets.py``, new: a dotted ``mock.patch`` /
``monkeypatch.setattr`` string through a module member upstream's module no longer binds), #33735's bare
subclass override (``drift/fielded_attributes.py``, new: a plain class attribute of a dataclass -- vLLM's
``@config`` read as one, a decorator of upstream's tree that calls ``dataclass`` -- made a field hides a fork
subclass's unannotated override), #25868's two (``drift/rendered_enums.py``, new: ``"Cls.MEMBER"`` compared
with ``str()`` of a plain enum upstream gave a ``__str__``; ``drift/unjsoned_reprs.py``, new: ``json.loads``
of ``str()``/``repr()`` of a value typed as a class whose ``__repr__`` stopped returning JSON).  Warned now:
#40445's two (``drift/field_defaults.py``, widened: a false default made None read as a number -- ordered,
arithmetic, a failing builtin -- and the old false sentinel spelt out in a build; warnings, as the fleet may
set the field and the fork may mean the value), #28672's subclass field (``drift/symbols.py``
``_collided_field``, widened: a fork field of the name of a field upstream added to a base, a warning: the
fork may mean what upstream does).  Left as warnings: #28634's table of expected defaults (default drift's
call without ``compile_mm_encoder=``: a warning by design) and #28672's fork field in ``PassConfig`` itself
(duplicate definitions' error lands on upstream's later line 164, the winner, not the fork's shadowed line
132: its line choice is the module's and its tests'; not moved here).
Regression set: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet), blind_replay_config 16 caught,
1 warned of 17 (13 quiet, 2 of them warned) -- at the last change (40db6406), this replay too --, and at
33139963 (every widening, before the speed gates) blind_replay_engargs 19 caught, 2 warned of 21 (12 quiet) and
blind_replay_cudagraph 15/15 (9 quiet): each as recorded before, 0 false errors.  Unit tests: test_forbidden_extra_drift 15, test_patched_target_drift 11,
test_fielded_attribute_drift 9, test_sentinel_moved_defaults 10, test_rendered_enum_drift 11,
test_collided_field_drift 4, test_unjsoned_repr_drift 8 (new); field-default neighbours (test_field_default_drift,
test_false_made_none, test_none_default_hint, test_kept_defaults, test_chosen_defaults, test_built_local_default,
test_severity_settings, test_config_surface_drift) 126 with the new file, symbol-drift neighbours
(test_symbol_drift, test_dataclass_field_shadows, test_new_hooks, test_new_hooks_typed, test_shadowed_hooks,
test_mixin_overrides, test_post_init_overrides) 408, test_lazy_patterns + test_fleet_profile 21 passed.
Speed (drift_speed's 150-commit window with these checks timed, 3 runs, this machine shared): forbidden_extra_drift,
patched_target_drift, fielded_attribute_drift, rendered_enum_drift and unjsoned_repr_drift under 0.5 ms each
(0.000 s printed; fielded_attribute_drift was 2.1 s and forbidden_extra_drift 59 ms before their gates were
turned fork-side first), field_default_drift 0.089-0.125 s against 0.101 s on main's engine in the same window
(noise: the false-keyword names join only where an upstream line annotates the name with ``= None``); the
symbol-drift branch (``_collided_field``) runs only for a fork class-level name no base had; audits 12.4-14.9 s.

  python benchmarks/blind_replay_compcfg.py [--mirror DIR] [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []

CC = "vllm.config.compilation"
CC_PATH = "vllm/config/compilation.py"

# --- #25868 (43227236ec): CompilationConfig.__repr__ is str(dict) now, CUDAGraphMode.__str__ the name
RP = "43227236ec"
RPW = "CompilationConfig.__repr__/__str__ now str() of a python dict (was JSON); CUDAGraphMode.__str__ -> name"
CASES += [
    (
        "#25868 return shape changed (JSON -> python repr)",
        "json.loads of the config's str",
        K(
            "#25868",
            RP,
            RPW,
            "vllm/aeon/rp1.py",
            "import json\n\n"
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_compilation_record(cfg: CompilationConfig) -> dict:\n"
            "    # AEON: the Spark's telemetry stores the compilation config as JSON\n"
            "    return json.loads(str(cfg))\n",
            "return json.loads(str(cfg))",
        ),
    ),
    (
        "#25868 return shape changed (enum __str__ now the name)",
        "a compare with str() of a mode",
        K(
            "#25868",
            RP,
            RPW,
            "vllm/aeon/rp2.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_full_and_piecewise(cfg: CompilationConfig) -> bool:\n"
            '    return str(cfg.cudagraph_mode) == "CUDAGraphMode.FULL_AND_PIECEWISE"\n',
            'return str(cfg.cudagraph_mode) == "CUDAGraphMode.FULL_AND_PIECEWISE"',
        ),
    ),
    (
        "#25868 return shape changed",
        "twin: the member's name",
        K(
            "#25868",
            RP,
            RPW,
            "vllm/aeon/rp3.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_full_and_piecewise3(cfg: CompilationConfig) -> bool:\n"
            '    return cfg.cudagraph_mode.name == "FULL_AND_PIECEWISE"\n',
            'return cfg.cudagraph_mode.name == "FULL_AND_PIECEWISE"',
        ),
    ),
]

# --- #30708 (a450c64a30): PassConfig / CompilationConfig made extra="forbid"
XF = "a450c64a30"
XFW = 'PassConfig, DynamicShapesConfig, CompilationConfig now @dataclass(config=ConfigDict(extra="forbid"))'
CASES += [
    (
        "#30708 unknown keyword now refused",
        "an old keyword to the class",
        K(
            "#30708",
            XF,
            XFW,
            "vllm/aeon/xf1.py",
            f"from {CC} import PassConfig\n\n\n"
            "def aeon_pass_config() -> PassConfig:\n"
            "    # AEON: the GB10's NVFP4 fusions\n"
            "    return PassConfig(enable_fusion=True, enable_noop=True)\n",
            "return PassConfig(enable_fusion=True, enable_noop=True)",
        ),
    ),
    (
        "#30708 unknown keyword now refused",
        "a ** dict display with a stale key",
        K(
            "#30708",
            XF,
            XFW,
            "vllm/aeon/xf2.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_compilation_config() -> CompilationConfig:\n"
            '    return CompilationConfig(**{"mode": 3, "use_cudagraph": True, "full_cuda_graph": True})\n',
            'return CompilationConfig(**{"mode": 3, "use_cudagraph": True, "full_cuda_graph": True})',
        ),
    ),
    (
        "#30708 unknown keyword now refused",
        "twin: the new keywords",
        K(
            "#30708",
            XF,
            XFW,
            "vllm/aeon/xf3.py",
            f"from {CC} import CompilationConfig, CUDAGraphMode, PassConfig\n\n\n"
            "def aeon_compilation_config3() -> CompilationConfig:\n"
            "    return CompilationConfig(\n"
            "        mode=3,\n"
            "        cudagraph_mode=CUDAGraphMode.FULL_AND_PIECEWISE,\n"
            "        pass_config=PassConfig(fuse_norm_quant=True, fuse_act_quant=True),\n"
            "    )\n",
            "pass_config=PassConfig(fuse_norm_quant=True, fuse_act_quant=True),",
        ),
    ),
]

# --- #33735 (4df841fe75): fast_moe_cold_start: a class attribute True -> a field bool | None = None
FM = "4df841fe75"
FMW = "CompilationConfig.fast_moe_cold_start: plain class attribute True -> field bool | None = None"
CASES += [
    (
        "#33735 class attribute became a field",
        "a subclass's unannotated override",
        K(
            "#33735",
            FM,
            FMW,
            "vllm/aeon/fm1.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "class AeonCompilationConfig(CompilationConfig):\n"
            "    # AEON: the Spark's MTP drafts carry MoE layers: no fast cold start\n"
            "    fast_moe_cold_start = False\n",
            "fast_moe_cold_start = False",
        ),
    ),
    (
        "#33735 default changed (True -> None)",
        "a test of the old default",
        K(
            "#33735",
            FM,
            FMW,
            "tests/aeon/test_fm2.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "def test_aeon_fast_moe_cold_start_default():\n"
            "    assert CompilationConfig().fast_moe_cold_start is True\n",
            "assert CompilationConfig().fast_moe_cold_start is True",
        ),
    ),
    (
        "#33735 class attribute became a field",
        "twin: an instance store",
        K(
            "#33735",
            FM,
            FMW,
            "vllm/aeon/fm3.py",
            "def aeon_no_fast_cold_start(vllm_config) -> None:\n"
            "    vllm_config.compilation_config.fast_moe_cold_start = False\n",
            "vllm_config.compilation_config.fast_moe_cold_start = False",
        ),
    ),
]

# --- #28634 (d3387750f1): compile_mm_encoder default True -> False
ME = "d3387750f1"
MEW = "CompilationConfig.compile_mm_encoder default True -> False"
CASES += [
    (
        "#28634 default changed",
        "a test of the old default",
        K(
            "#28634",
            ME,
            MEW,
            "tests/aeon/test_me1.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "def test_aeon_vit_compiled_by_default():\n"
            "    # AEON: the Spark's Qwen2.5-VL relies on the compiled vision tower\n"
            "    assert CompilationConfig().compile_mm_encoder\n",
            "assert CompilationConfig().compile_mm_encoder",
        ),
    ),
    (
        "#28634 default changed",
        "a table of expected defaults",
        K(
            "#28634",
            ME,
            MEW,
            "vllm/aeon/me2.py",
            f"from {CC} import CompilationConfig\n\n"
            "_AEON_EXPECTED_DEFAULTS = {\n"
            '    "compile_mm_encoder": True,\n'
            '    "cudagraph_copy_inputs": False,\n'
            "}\n\n\n"
            "def aeon_check_defaults() -> None:\n"
            "    cfg = CompilationConfig()\n"
            "    for name, want in _AEON_EXPECTED_DEFAULTS.items():\n"
            "        assert getattr(cfg, name) == want, name\n",
            '"compile_mm_encoder": True,',
        ),
    ),
    (
        "#28634 default changed",
        "twin: an explicit value",
        K(
            "#28634",
            ME,
            MEW,
            "vllm/aeon/me3.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_vit_config() -> CompilationConfig:\n"
            "    return CompilationConfig(compile_mm_encoder=True)\n",
            "return CompilationConfig(compile_mm_encoder=True)",
        ),
    ),
]

# --- #28315 (64e39d667c): compute_bs_to_padded_graph_size() / adjust_cudagraph_sizes_for_spec_decode(q, tp) added
PG = "64e39d667c"
PGW = (
    "CompilationConfig gained compute_bs_to_padded_graph_size(self) (called by post_init_cudagraph_sizes) and "
    "adjust_cudagraph_sizes_for_spec_decode(self, uniform_decode_query_len, tensor_parallel_size) "
    "(called by the GPU model runner)"
)
CASES += [
    (
        "#28315 method added that a fork subclass defines",
        "a subclass method of the name upstream now calls with no argument",
        K(
            "#28315",
            PG,
            PGW,
            "vllm/aeon/pg1.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "class AeonPaddedConfig(CompilationConfig):\n"
            "    def compute_bs_to_padded_graph_size(self, sizes: list[int]) -> list[int]:\n"
            "        # AEON: GB10 pads every batch to a multiple of 8\n"
            "        return [(s + 7) // 8 * 8 for s in sizes]\n",
            "def compute_bs_to_padded_graph_size(self, sizes: list[int]) -> list[int]:",
        ),
    ),
    (
        "#28315 method added that a fork subclass defines",
        "a subclass method of the name upstream now calls with two arguments",
        K(
            "#28315",
            PG,
            PGW,
            "vllm/aeon/pg2.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "class AeonSpecConfig(CompilationConfig):\n"
            "    def adjust_cudagraph_sizes_for_spec_decode(self, num_speculative_tokens: int) -> None:\n"
            "        step = num_speculative_tokens + 1\n"
            "        self.cudagraph_capture_sizes = [s for s in self.cudagraph_capture_sizes if s % step == 0]\n",
            "def adjust_cudagraph_sizes_for_spec_decode(self, num_speculative_tokens: int) -> None:",
        ),
    ),
    (
        "#28315 method added that a fork subclass defines",
        "twin: the fork's own method name",
        K(
            "#28315",
            PG,
            PGW,
            "vllm/aeon/pg3.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "class AeonPaddedConfig3(CompilationConfig):\n"
            "    def aeon_pad_capture_sizes(self, sizes: list[int]) -> list[int]:\n"
            "        return [(s + 7) // 8 * 8 for s in sizes]\n",
            "def aeon_pad_capture_sizes(self, sizes: list[int]) -> list[int]:",
        ),
    ),
]

# --- #45953 (07516fda67): resolve_cudagraph_mode_and_sizes(..., uniform_decode_query_len, use_v2_model_runner, tp, ...)
RV = "07516fda67"
RVW = "resolve_cudagraph_mode_and_sizes gained use_v2_model_runner: bool = False before tensor_parallel_size"
CASES += [
    (
        "#45953 defaulted parameter inserted",
        "a positional call past the inserted parameter",
        K(
            "#45953",
            RV,
            RVW,
            "vllm/aeon/rv1.py",
            "def aeon_resolve(vllm_config, support, backend_name: str, num_spec: int):\n"
            "    cc = vllm_config.compilation_config\n"
            "    tp = vllm_config.parallel_config.tensor_parallel_size\n"
            "    # AEON: MTP decode queries are 1 + num_speculative_tokens long\n"
            "    return cc.resolve_cudagraph_mode_and_sizes(support, backend_name, 1 + num_spec, tp)\n",
            "return cc.resolve_cudagraph_mode_and_sizes(support, backend_name, 1 + num_spec, tp)",
        ),
    ),
    (
        "#45953 defaulted parameter inserted",
        "a subclass override with the old signature",
        K(
            "#45953",
            RV,
            RVW,
            "vllm/aeon/rv2.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "class AeonResolvingConfig(CompilationConfig):\n"
            "    def resolve_cudagraph_mode_and_sizes(\n"
            "        self,\n"
            "        min_cg_support,\n"
            "        min_cg_attn_backend,\n"
            "        uniform_decode_query_len=1,\n"
            "        tensor_parallel_size=1,\n"
            "        kv_cache_config=None,\n"
            "        max_num_reqs=None,\n"
            "        is_profiling=False,\n"
            "    ):\n"
            "        # AEON: the GB10 caps capture sizes for MTP before upstream resolves\n"
            "        return super().resolve_cudagraph_mode_and_sizes(\n"
            "            min_cg_support,\n"
            "            min_cg_attn_backend,\n"
            "            uniform_decode_query_len,\n"
            "            tensor_parallel_size,\n"
            "            kv_cache_config,\n"
            "            max_num_reqs,\n"
            "            is_profiling,\n"
            "        )\n",
            "    def resolve_cudagraph_mode_and_sizes(",
        ),
    ),
    (
        "#45953 defaulted parameter inserted",
        "twin: keywords",
        K(
            "#45953",
            RV,
            RVW,
            "vllm/aeon/rv3.py",
            "def aeon_resolve3(vllm_config, support, backend_name: str, num_spec: int):\n"
            "    cc = vllm_config.compilation_config\n"
            "    return cc.resolve_cudagraph_mode_and_sizes(\n"
            "        support,\n"
            "        backend_name,\n"
            "        uniform_decode_query_len=1 + num_spec,\n"
            "        tensor_parallel_size=vllm_config.parallel_config.tensor_parallel_size,\n"
            "    )\n",
            "return cc.resolve_cudagraph_mode_and_sizes(",
        ),
    ),
]

# --- #25675 (71b25b0d48): import vllm.envs as envs dropped from vllm.config.compilation
EV = "71b25b0d48"
EVW = "vllm.config.compilation no longer imports vllm.envs as envs"
CASES += [
    (
        "#25675 module attribute removed",
        "a mock.patch target through the module attribute",
        K(
            "#25675",
            EV,
            EVW,
            "tests/aeon/test_ev1.py",
            "from unittest import mock\n\n"
            f"from {CC} import PassConfig\n\n\n"
            "def test_aeon_v0_pass_defaults():\n"
            '    with mock.patch("vllm.config.compilation.envs.VLLM_USE_V1", False):\n'
            "        assert PassConfig().enable_noop\n",
            'with mock.patch("vllm.config.compilation.envs.VLLM_USE_V1", False):',
        ),
    ),
    (
        "#25675 module attribute removed",
        "a module alias's attribute",
        K(
            "#25675",
            EV,
            EVW,
            "vllm/aeon/ev2.py",
            "import vllm.config.compilation as aeon_cc\n\n\n"
            "def aeon_v1() -> bool:\n"
            "    return bool(aeon_cc.envs.VLLM_USE_V1)\n",
            "return bool(aeon_cc.envs.VLLM_USE_V1)",
        ),
    ),
    (
        "#25675 module attribute removed",
        "twin: vllm.envs itself",
        K(
            "#25675",
            EV,
            EVW,
            "vllm/aeon/ev3.py",
            "import vllm.envs as envs\n\n\ndef aeon_v1_3() -> bool:\n    return bool(envs.VLLM_USE_V1)\n",
            "return bool(envs.VLLM_USE_V1)",
        ),
    ),
]

# --- #28672 (9d37941017): PassConfig.sp_min_token_num: int | None = None
SM = "9d37941017"
SMW = "PassConfig gained sp_min_token_num: int | None = None (read by the sequence-parallelism pass)"
CASES += [
    (
        "#28672 field added that the fork also adds",
        "a fork field in the class upstream now declares too",
        Killer(
            "#28672",
            SM,
            SMW,
            (
                Edit(
                    CC_PATH,
                    "    # AEON: the GB10's sequence parallelism pays off from 1024 tokens\n"
                    "    sp_min_token_num: int = 1024\n"
                    '    """Fewest tokens for which sequence parallelism is used (Spark)."""\n\n',
                    anchor="    # ROCm/AITER specific fusions",
                ),
            ),
            ((CC_PATH, "    sp_min_token_num: int = 1024"),),
        ),
    ),
    (
        "#28672 field added that the fork also adds",
        "a subclass field of the same name",
        K(
            "#28672",
            SM,
            SMW,
            "vllm/aeon/sm2.py",
            "from pydantic.dataclasses import dataclass\n\n"
            f"from {CC} import PassConfig\n\n\n"
            "@dataclass\n"
            "class AeonPassConfig(PassConfig):\n"
            "    # AEON: a fraction of max_num_batched_tokens, not a token count\n"
            "    sp_min_token_num: float = 0.25\n",
            "sp_min_token_num: float = 0.25",
        ),
    ),
    (
        "#28672 field added that the fork also adds",
        "twin: a fork-prefixed field",
        K(
            "#28672",
            SM,
            SMW,
            "vllm/aeon/sm3.py",
            "from pydantic.dataclasses import dataclass\n\n"
            f"from {CC} import PassConfig\n\n\n"
            "@dataclass\n"
            "class AeonPassConfig3(PassConfig):\n"
            "    aeon_sp_min_fraction: float = 0.25\n",
            "aeon_sp_min_fraction: float = 0.25",
        ),
    ),
]

# --- #40445 (936e0b79aa): encoder_cudagraph_max_frames_per_batch: int = 0 (auto) -> int | None = None (auto)
MF = "936e0b79aa"
MFW = "encoder_cudagraph_max_frames_per_batch: 0 (auto-infer) -> None (auto-infer); 0 now a real value"
CASES += [
    (
        "#40445 sentinel moved (0 -> None)",
        "the old sentinel passed",
        K(
            "#40445",
            MF,
            MFW,
            "vllm/aeon/mf1.py",
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_vit_graphs() -> CompilationConfig:\n"
            "    return CompilationConfig(\n"
            "        cudagraph_mm_encoder=True,\n"
            "        encoder_cudagraph_max_frames_per_batch=0,  # AEON: auto-infer\n"
            "    )\n",
            "encoder_cudagraph_max_frames_per_batch=0,  # AEON: auto-infer",
        ),
    ),
    (
        "#40445 sentinel moved (0 -> None)",
        "the old sentinel compared",
        K(
            "#40445",
            MF,
            MFW,
            "vllm/aeon/mf2.py",
            "def aeon_frames_budget(vllm_config, max_batch: int) -> int:\n"
            "    cc = vllm_config.compilation_config\n"
            "    if cc.encoder_cudagraph_max_frames_per_batch > 0:\n"
            "        return cc.encoder_cudagraph_max_frames_per_batch\n"
            "    return max_batch * 2\n",
            "if cc.encoder_cudagraph_max_frames_per_batch > 0:",
        ),
    ),
    (
        "#40445 sentinel moved (0 -> None)",
        "twin: is None",
        K(
            "#40445",
            MF,
            MFW,
            "vllm/aeon/mf3.py",
            "def aeon_frames_budget3(vllm_config, max_batch: int) -> int:\n"
            "    frames = vllm_config.compilation_config.encoder_cudagraph_max_frames_per_batch\n"
            "    if frames is None or frames <= 0:\n"
            "        return max_batch * 2\n"
            "    return frames\n",
            "if frames is None or frames <= 0:",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, prefix="aeon-blind-compcfg-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
