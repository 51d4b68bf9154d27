"""Adversarial twins of killers226's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what a widened check catches, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- a keyword a newly strict class refuses (``drift/forbidden_extras.py``, an error; #30708 a450c64a30): a field
  the fork's carry adds to ``PassConfig`` itself in upstream's file, a fork subclass with ``extra="allow"`` and
  its own field, the old keyword under ``pytest.raises``, a ``try`` falling back, the fork's own ``PassConfig``,
  a spread mapping; and another real commit of the shape, #4355 (8947bc3c15), where the OpenAI protocol's
  models *inherit* ``extra="forbid"`` from a new ``OpenAIBaseModel``: the fork's field added to ``UsageInfo``,
  the class's own fields, a fork subclass allowing extras, ``model_validate`` of a mapping;
- a test double's dotted target through a gone module member (``drift/patched_targets.py``, an error; #25675
  71b25b0d48): ``create=True`` / ``raising=False`` on the gone last part, the fork's carry keeping the import in
  the module it patches, the package ``__init__`` still binding ``envs``, ``vllm.envs`` itself, a member still
  bound; and #46474 (51a99565c3), which re-spelt a model module's ``import vllm.envs as envs`` as ``from vllm
  import envs``: a target through the module's ``envs`` and one of ``envs`` itself;
- a plain class attribute made a field under a fork subclass's bare override (``drift/fielded_attributes.py``,
  an error; #33735 4df841fe75): the override annotated, set in ``__post_init__``, the fork's own class of the
  base's name, a namesake on a subclass of another class, a fork-prefixed name, a property;
- an enum given its own ``__str__`` (``drift/rendered_enums.py``, an error; #25868 43227236ec): the fork's own
  enum of the same name, a display or an ``or`` accepting both renderings, ``enum.Enum.__str__`` by name,
  ``str()`` of a ``str`` parameter;
- a rendering that stopped being JSON (``drift/unjsoned_reprs.py``, an error; #25868): ``ast.literal_eval``,
  the parameter rebound to a JSON dump before the parse, a fork subclass whose ``__str__`` dumps JSON, a ``try``
  falling back;
- a false default made None (``drift/field_defaults.py`` widened, warnings; #40445 936e0b79aa): a truth test
  before the order, ``or 0``, None passed, an early return on None, the fork's own class's namesake keyword;
- a fork field of a name upstream added to a base (symbols ``_collided_field``, a warning; #28672 9d37941017):
  a ``ClassVar``, a namesake on the fork's own dataclass.

Every error on a twin's line is a false one (a warning is counted apart).

Round 1 (killers226 at 47b3d572, the file as first written, 8 cases and 34 twins): 6 caught, 2 warned (#40445's
and #28672's, warnings by design) of 8; 9 false errors of 34 twins (4 warned).  forbidden_extras (1): a field the
fork's carry adds to ``PassConfig`` in upstream's file -- only upstream's class was read.  patched_targets (1):
the fork's carry keeping ``import vllm.envs as envs`` in the module -- only base and upstream were read.  Symbol
drift's string reader (2, not killers226's, on their twins' lines): ``mock.patch("...compilation.envs",
create=True)`` and ``monkeypatch.delattr(..., raising=False)`` -- ``names '...' in a string`` ignored the
double's tolerance of a gone last part.  rendered_enums (4): the fork's own ``CUDAGraphMode``, a display and an
``or`` accepting ``"FULL"`` too, ``str()`` of a ``str`` parameter.  unjsoned_reprs (1): the parameter rebound
to ``TypeAdapter(...).dump_json(cfg).decode()`` before the parse.  fielded_attributes, field_defaults and
``_collided_field`` held (0 false errors).
Round 2 (this branch): forbidden_extras reads the merged file's class too (its keywords join upstream's), takes
each ``AliasChoices`` choice, and -- the #4355 case, a miss at 47b3d572 -- lets a class spelling no ``extra``
inherit the refusal from a base its file defines; patched_targets leaves a member the merged module binds (or
a star import of upstream's module); symbols ``_created_by_double`` leaves a tolerant double's string whose gone
part is its last (not where the module holding it is gone); rendered_enums leaves a class of the name the
fork's file defines or imports from elsewhere, a comparison also accepting another spelling naming the member
as a word, a rendering of a parameter annotated with a type not naming the class; unjsoned_reprs types a
parameter only where the function never rebinds it, a local only where bound once; field_defaults'
``_fails_on_none`` also leaves a use after a truth test of the read (an ``and``, an ``if``: was a warning on a
twin).  The killers226 author's note: the advice "pass ``name=0`` to keep the behaviour" where ``0`` was the
unset marker (symbol drift's call without the keyword, handed defaults, field defaults' read, build and
comparison messages) now reads ``old_defaults.keep_old_advice``: a false literal or ``-1`` made ``None`` names
both readings.  Unit tests that failed before: test_forbidden_extra_drift (merged field, AliasChoices,
inherited refusal), test_patched_target_drift (merged import, star import, 3 tolerant doubles),
test_rendered_enum_drift (5 twins), test_unjsoned_repr_drift (3 rebindings), test_sentinel_moved_defaults
(2 advice, 2 truth tests).
Round 3 (written after the mends, cases they must not swallow): a field the fork adds to another class of the
file (#4355), ``create=False`` spelt out on the gone last part, a display whose other spelling names another
member, an ``or`` whose other spelling meets another value, an attribute store on the parameter (no
rebinding); unit tests: an intolerant double / a gone holding module with ``create=True``, a truth test of
another field, a parameter typed as the class in a string annotation: all caught.
Whole file at 47b3d572 (``AEON_SRC``): 10 caught, 2 warned, 2 missed of 14 (the #4355 two); 9 false errors of
40 twins (4 warned).  This branch: 12 caught, 2 warned, 0 missed of 14; 0 false errors of 40 twins (4 warned, by
design: default drift's "inherits fast_moe_cold_start" on two #33735 subclasses, rendered_enums' warning for
``"Cls.MEMBER"`` met by ``enum.Enum.__str__(m)`` and by ``str(spelt).strip()`` -- not a rendering it can read).
Regression set at this branch: killer_replay 26/26 blocked, kind_change_replay 12/12 (5 quiet),
blind_replay_compcfg 13 caught, 5 warned, 0 missed of 18 (9 quiet, 0 false), blind_replay_config 16 caught,
1 warned of 17 (13 quiet, 2 of them warned), blind_replay_engargs 19 caught, 2 warned of 21 (12 quiet),
blind_replay_cudagraph 15/15 (9 quiet): each as recorded.
Unit tests: test_forbidden_extra_drift 20 (15), test_patched_target_drift 19 (11), test_rendered_enum_drift 19
(11), test_unjsoned_repr_drift 12 (8), test_sentinel_moved_defaults 15 (10); the 85 test files naming the
touched modules (symbols, field/handed/old defaults ...) with test_lazy_patterns and test_fleet_profile: 1687
passed, 1 skipped.
Speed (drift_speed's 150-commit window, 3 runs, the machine shared): forbidden_extra_drift 0.001 s,
patched_target_drift, rendered_enum_drift, unjsoned_repr_drift, fielded_attribute_drift 0.000 s,
field_default_drift 0.056 s (0.055 s at 47b3d572), handed_default_drift 0.074 s (0.082 s); audit 6.0 s (5.7 s).
The merged class is parsed only for the few files the fork builds from; the string reader's new test runs
only on a string already found gone.

  PYTHONPATH=.. python review135_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

CC = "vllm.config.compilation"
CC_PATH = "vllm/config/compilation.py"

# --- #30708 (a450c64a30): PassConfig / CompilationConfig made extra="forbid" (drift/forbidden_extras.py, an error)
XF = ("#30708", "a450c64a30", 'PassConfig / CompilationConfig now @dataclass(config=ConfigDict(extra="forbid"))')


def _xf(name: str, body: str, line: str) -> Killer:
    return K(*XF, f"vllm/aeon/r135{name}.py", body, line)


CASES += [
    (
        "#30708 forbidden extra",
        "an old keyword on its own line of a multi-line build, the class through the package",
        _xf(
            "xf0",
            "from vllm.config import CompilationConfig\n\n\n"
            "def aeon_cc() -> CompilationConfig:\n"
            "    return CompilationConfig(\n"
            "        mode=3,\n"
            "        use_cudagraph=True,  # AEON: dropped upstream long ago, ignored since\n"
            "    )\n",
            "        use_cudagraph=True,  # AEON: dropped upstream long ago, ignored since",
        ),
    ),
]
TWINS += [
    (
        "#30708 forbidden extra",
        "twin: a field the fork adds to PassConfig itself in upstream's file, passed by a fork build",
        Killer(
            *XF,
            (
                Edit(
                    CC_PATH,
                    "    aeon_fuse_nvfp4: bool = False\n    # AEON: the GB10's NVFP4 epilogue fusion\n",
                    anchor="    enable_qk_norm_rope_fusion: bool = False",
                ),
                Edit(
                    "vllm/aeon/r135xf1.py",
                    f"from {CC} import PassConfig\n\n\n"
                    "def aeon_passes() -> PassConfig:\n"
                    "    return PassConfig(fuse_norm_quant=True, aeon_fuse_nvfp4=True)\n",
                ),
            ),
            (("vllm/aeon/r135xf1.py", "return PassConfig(fuse_norm_quant=True, aeon_fuse_nvfp4=True)"),),
        ),
    ),
    (
        "#30708 forbidden extra",
        "twin: a fork subclass with its own field and extra='allow', built by name",
        _xf(
            "xf2",
            "from pydantic import ConfigDict\n"
            "from pydantic.dataclasses import dataclass\n\n"
            f"from {CC} import PassConfig\n\n\n"
            '@dataclass(config=ConfigDict(extra="allow"))\n'
            "class AeonPassConfig(PassConfig):\n"
            "    aeon_fuse_nvfp4: bool = False\n\n\n"
            "def aeon_passes2() -> PassConfig:\n"
            "    return AeonPassConfig(aeon_fuse_nvfp4=True, enable_fusion=True)\n",
            "    return AeonPassConfig(aeon_fuse_nvfp4=True, enable_fusion=True)",
        ),
    ),
    (
        "#30708 forbidden extra",
        "twin: the old keyword under pytest.raises (the fork tests the refusal)",
        _xf(
            "xf3",
            "import pytest\n"
            "from pydantic import ValidationError\n\n"
            f"from {CC} import PassConfig\n\n\n"
            "def test_aeon_old_keyword_refused():\n"
            "    with pytest.raises(ValidationError):\n"
            "        PassConfig(enable_fusion=True)\n",
            "        PassConfig(enable_fusion=True)",
        ),
    ),
    (
        "#30708 forbidden extra",
        "twin: a try falling back to the new keywords",
        _xf(
            "xf4",
            f"from {CC} import PassConfig\n\n\n"
            "def aeon_passes4() -> PassConfig:\n"
            "    try:\n"
            "        return PassConfig(enable_fusion=True)\n"
            "    except ValueError:\n"
            "        return PassConfig(fuse_norm_quant=True, fuse_act_quant=True)\n",
            "        return PassConfig(enable_fusion=True)",
        ),
    ),
    (
        "#30708 forbidden extra",
        "twin: the fork's own PassConfig of its own module",
        _xf(
            "xf5",
            "from vllm.aeon.passes import PassConfig\n\n\n"
            "def aeon_passes5():\n"
            "    return PassConfig(enable_fusion=True, nvfp4=True)\n",
            "    return PassConfig(enable_fusion=True, nvfp4=True)",
        ),
    ),
    (
        "#30708 forbidden extra",
        "twin: a keyword of a spread mapping not spelt out",
        _xf(
            "xf6",
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_cc6(opts: dict) -> CompilationConfig:\n"
            "    return CompilationConfig(mode=3, **opts)\n",
            "    return CompilationConfig(mode=3, **opts)",
        ),
    ),
]

# --- #4355 (8947bc3c15): the OpenAI protocol's models derive from a new OpenAIBaseModel, extra="forbid" (inherited)
OA = ("#4355", "8947bc3c15", 'the OpenAI protocol models now derive OpenAIBaseModel (model_config extra="forbid")')
PROTO = "vllm.entrypoints.openai.protocol"


def _oa(name: str, body: str, line: str) -> Killer:
    return K(*OA, f"vllm/aeon/r135{name}.py", body, line)


CASES += [
    (
        "#4355 inherited forbidden extra",
        "round 2: a keyword naming no field of a class that inherits the refusal from a new base of its file",
        _oa(
            "oa0",
            f"from {PROTO} import UsageInfo\n\n\n"
            "def aeon_usage(prompt: int, done: int) -> UsageInfo:\n"
            "    # AEON: the Spark's prefix-cache hits, for the fleet's billing\n"
            "    return UsageInfo(prompt_tokens=prompt, completion_tokens=done, total_tokens=prompt + done, aeon_cached=0)\n",
            "    return UsageInfo(prompt_tokens=prompt, completion_tokens=done, total_tokens=prompt + done, aeon_cached=0)",
        ),
    ),
    (
        "#4355 inherited forbidden extra",
        "round 3: a field the fork adds to another class of the file does not make the keyword one of this class",
        Killer(
            *OA,
            (
                Edit(
                    "vllm/entrypoints/openai/protocol.py",
                    "    aeon_cached: int = 0  # AEON: prefix-cache hits\n",
                    anchor="    completion_tokens: Optional[int] = 0",
                ),
                Edit(
                    "vllm/aeon/r135oa00.py",
                    f"from {PROTO} import ErrorResponse\n\n\n"
                    "def aeon_error(message: str) -> ErrorResponse:\n"
                    '    return ErrorResponse(message=message, type="aeon", code=503, aeon_cached=0)\n',
                ),
            ),
            (("vllm/aeon/r135oa00.py", 'return ErrorResponse(message=message, type="aeon", code=503, aeon_cached=0)'),),
        ),
    ),
]
TWINS += [
    (
        "#4355 inherited forbidden extra",
        "twin: the fork's carry adds the field to UsageInfo itself",
        Killer(
            *OA,
            (
                Edit(
                    "vllm/entrypoints/openai/protocol.py",
                    "    aeon_cached: int = 0  # AEON: prefix-cache hits\n",
                    anchor="    completion_tokens: Optional[int] = 0",
                ),
                Edit(
                    "vllm/aeon/r135oa1.py",
                    f"from {PROTO} import UsageInfo\n\n\n"
                    "def aeon_usage1(prompt: int) -> UsageInfo:\n"
                    "    return UsageInfo(prompt_tokens=prompt, total_tokens=prompt, aeon_cached=0)\n",
                ),
            ),
            (("vllm/aeon/r135oa1.py", "return UsageInfo(prompt_tokens=prompt, total_tokens=prompt, aeon_cached=0)"),),
        ),
    ),
    (
        "#4355 inherited forbidden extra",
        "twin: the class's own fields only",
        _oa(
            "oa2",
            f"from {PROTO} import ErrorResponse\n\n\n"
            "def aeon_error2(message: str) -> ErrorResponse:\n"
            '    return ErrorResponse(message=message, type="aeon", code=503, param=None)\n',
            '    return ErrorResponse(message=message, type="aeon", code=503, param=None)',
        ),
    ),
    (
        "#4355 inherited forbidden extra",
        "twin: a fork subclass allowing extras, built with its own keyword",
        _oa(
            "oa3",
            "from pydantic import ConfigDict\n\n"
            f"from {PROTO} import UsageInfo\n\n\n"
            "class AeonUsage(UsageInfo):\n"
            '    model_config = ConfigDict(extra="allow")\n\n\n'
            "def aeon_usage3(prompt: int) -> UsageInfo:\n"
            "    return AeonUsage(prompt_tokens=prompt, total_tokens=prompt, aeon_cached=0)\n",
            "    return AeonUsage(prompt_tokens=prompt, total_tokens=prompt, aeon_cached=0)",
        ),
    ),
    (
        "#4355 inherited forbidden extra",
        "twin: model_validate of a mapping (no keyword build)",
        _oa(
            "oa4",
            f"from {PROTO} import UsageInfo\n\n\n"
            "def aeon_usage4(raw: dict) -> UsageInfo:\n"
            '    return UsageInfo.model_validate({k: v for k, v in raw.items() if k != "aeon_cached"})\n',
            '    return UsageInfo.model_validate({k: v for k, v in raw.items() if k != "aeon_cached"})',
        ),
    ),
]

# --- #25675 (71b25b0d48): vllm.config.compilation stopped importing vllm.envs as envs (drift/patched_targets.py)
EV = ("#25675", "71b25b0d48", "vllm.config.compilation no longer imports vllm.envs as envs")


def _ev(name: str, body: str, line: str) -> Killer:
    return K(*EV, f"tests/aeon/test_r135{name}.py", body, line)


CASES += [
    (
        "#25675 patched target",
        "monkeypatch.setattr through the gone module member (raising=False cannot help a middle part)",
        _ev(
            "ev0",
            "def test_aeon_v1_only(monkeypatch):\n"
            '    monkeypatch.setattr("vllm.config.compilation.envs.VLLM_USE_V1", True, raising=False)\n',
            '    monkeypatch.setattr("vllm.config.compilation.envs.VLLM_USE_V1", True, raising=False)',
        ),
    ),
    (
        "#25675 patched target",
        "mock.patch with create=True through the gone middle part",
        _ev(
            "ev00",
            "from unittest.mock import patch\n\n\n"
            '@patch("vllm.config.compilation.envs.VLLM_USE_V1", True, create=True)\n'
            "def test_aeon_v1_only00():\n"
            "    pass\n",
            '@patch("vllm.config.compilation.envs.VLLM_USE_V1", True, create=True)',
        ),
    ),
]
CASES += [
    (
        "#25675 patched target",
        "round 3: create=False spelt out on the gone last part",
        _ev(
            "ev000",
            "from unittest import mock\n\n\n"
            "def test_aeon_envs000():\n"
            '    with mock.patch("vllm.config.compilation.envs", object(), create=False):\n'
            "        pass\n",
            '    with mock.patch("vllm.config.compilation.envs", object(), create=False):',
        ),
    ),
]
TWINS += [
    (
        "#25675 patched target",
        "twin: create=True on the gone last part",
        _ev(
            "ev1",
            "from unittest import mock\n\n\n"
            "def test_aeon_envs1():\n"
            '    with mock.patch("vllm.config.compilation.envs", object(), create=True):\n'
            "        pass\n",
            '    with mock.patch("vllm.config.compilation.envs", object(), create=True):',
        ),
    ),
    (
        "#25675 patched target",
        "twin: the fork's carry keeps the import in the module it patches",
        Killer(
            *EV,
            (
                Edit(
                    CC_PATH,
                    "import vllm.envs as envs  # AEON: the Spark's test doubles patch it here\n",
                    anchor="from vllm.logger import init_logger",
                ),
                Edit(
                    "tests/aeon/test_r135ev2.py",
                    "from unittest import mock\n\n\n"
                    "def test_aeon_envs2():\n"
                    '    with mock.patch("vllm.config.compilation.envs.VLLM_USE_V1", True):\n'
                    "        pass\n",
                ),
            ),
            (("tests/aeon/test_r135ev2.py", 'with mock.patch("vllm.config.compilation.envs.VLLM_USE_V1", True):'),),
        ),
    ),
    (
        "#25675 patched target",
        "twin: the package __init__ still binds envs",
        _ev(
            "ev3",
            "from unittest import mock\n\n\n"
            "def test_aeon_envs3():\n"
            '    with mock.patch("vllm.config.envs.VLLM_USE_V1", True):\n'
            "        pass\n",
            '    with mock.patch("vllm.config.envs.VLLM_USE_V1", True):',
        ),
    ),
    (
        "#25675 patched target",
        "twin: vllm.envs itself",
        _ev(
            "ev4",
            'def test_aeon_envs4(monkeypatch):\n    monkeypatch.setattr("vllm.envs.VLLM_USE_V1", True)\n',
            '    monkeypatch.setattr("vllm.envs.VLLM_USE_V1", True)',
        ),
    ),
    (
        "#25675 patched target",
        "twin: a member the module still binds",
        _ev(
            "ev5",
            "from unittest import mock\n\n\n"
            "def test_aeon_envs5():\n"
            '    with mock.patch("vllm.config.compilation.logger") as log:\n'
            "        assert log is not None\n",
            '    with mock.patch("vllm.config.compilation.logger") as log:',
        ),
    ),
    (
        "#25675 patched target",
        "twin: raising=False on the gone last part",
        _ev(
            "ev6",
            "def test_aeon_envs6(monkeypatch):\n"
            '    monkeypatch.delattr("vllm.config.compilation.envs", raising=False)\n',
            '    monkeypatch.delattr("vllm.config.compilation.envs", raising=False)',
        ),
    ),
]

# --- #46474 (51a99565c3): the MiniMax M3 AMD model re-spelt ``import vllm.envs as envs`` as ``from vllm import envs``
MM = ("#46474", "51a99565c3", "minimax_m3/amd/model.py: import vllm.envs as envs -> from vllm import envs")
MM_MOD = "vllm.models.minimax_m3.amd.model"
TWINS += [
    (
        "#46474 patched target",
        "twin: a target through the module's envs, bound again by the new import spelling",
        K(
            *MM,
            "tests/aeon/test_r135mm1.py",
            "from unittest import mock\n\n\n"
            "def test_aeon_m3_fused_shared():\n"
            f'    with mock.patch("{MM_MOD}.envs.VLLM_ROCM_USE_AITER", True):\n'
            "        pass\n",
            f'    with mock.patch("{MM_MOD}.envs.VLLM_ROCM_USE_AITER", True):',
        ),
    ),
    (
        "#46474 patched target",
        "twin: monkeypatch.setattr of the module's envs member itself",
        K(
            *MM,
            "tests/aeon/test_r135mm2.py",
            f'def test_aeon_m3_envs(monkeypatch):\n    monkeypatch.setattr("{MM_MOD}.envs", object())\n',
            f'    monkeypatch.setattr("{MM_MOD}.envs", object())',
        ),
    ),
]

# --- #33735 (4df841fe75): fast_moe_cold_start: a plain class attribute -> a field (drift/fielded_attributes.py)
FM = ("#33735", "4df841fe75", "CompilationConfig.fast_moe_cold_start: class attribute True -> field bool | None")


def _fm(name: str, body: str, line: str) -> Killer:
    return K(*FM, f"vllm/aeon/r135{name}.py", body, line)


CASES += [
    (
        "#33735 fielded attribute",
        "a bare override in a subclass imported through the package, next to the fork's own attribute",
        _fm(
            "fm0",
            "from vllm.config import CompilationConfig\n\n\n"
            "class AeonCC0(CompilationConfig):\n"
            "    aeon_note = 'spark'\n"
            "    fast_moe_cold_start = False  # AEON: MoE drafts\n",
            "    fast_moe_cold_start = False  # AEON: MoE drafts",
        ),
    ),
]
TWINS += [
    (
        "#33735 fielded attribute",
        "twin: the override annotated (a field default)",
        _fm(
            "fm1",
            "from pydantic.dataclasses import dataclass\n\n"
            f"from {CC} import CompilationConfig\n\n\n"
            "@dataclass\n"
            "class AeonCC1(CompilationConfig):\n"
            "    fast_moe_cold_start: bool | None = False\n",
            "    fast_moe_cold_start: bool | None = False",
        ),
    ),
    (
        "#33735 fielded attribute",
        "twin: set in __post_init__",
        _fm(
            "fm2",
            f"from {CC} import CompilationConfig\n\n\n"
            "class AeonCC2(CompilationConfig):\n"
            "    def __post_init__(self) -> None:\n"
            "        super().__post_init__()\n"
            "        self.fast_moe_cold_start = False\n",
            "        self.fast_moe_cold_start = False",
        ),
    ),
    (
        "#33735 fielded attribute",
        "twin: the fork's own class of the base's name",
        _fm(
            "fm3",
            "from vllm.aeon.compile import CompilationConfig\n\n\n"
            "class AeonCC3(CompilationConfig):\n"
            "    fast_moe_cold_start = False\n",
            "    fast_moe_cold_start = False",
        ),
    ),
    (
        "#33735 fielded attribute",
        "twin: a namesake attribute on a subclass of another class of the module (not made a field)",
        _fm(
            "fm4",
            f"from {CC} import PassConfig\n\n\nclass AeonPass4(PassConfig):\n    fast_moe_cold_start = False\n",
            "    fast_moe_cold_start = False",
        ),
    ),
    (
        "#33735 fielded attribute",
        "twin: the fork's own attribute name in the subclass",
        _fm(
            "fm5",
            f"from {CC} import CompilationConfig\n\n\n"
            "class AeonCC5(CompilationConfig):\n"
            "    aeon_fast_moe_cold_start = False\n",
            "    aeon_fast_moe_cold_start = False",
        ),
    ),
    (
        "#33735 fielded attribute",
        "twin: a property over the field's storage",
        _fm(
            "fm6",
            f"from {CC} import CompilationConfig\n\n\n"
            "class AeonCC6(CompilationConfig):\n"
            "    aeon_cold = property(lambda self: bool(self.fast_moe_cold_start))\n",
            "    aeon_cold = property(lambda self: bool(self.fast_moe_cold_start))",
        ),
    ),
]

# --- #25868 (43227236ec): CUDAGraphMode.__str__ the name; CompilationConfig.__repr__ no JSON
RP = ("#25868", "43227236ec", "CUDAGraphMode.__str__ -> the name; CompilationConfig.__repr__/__str__ -> str(dict)")


def _rp(name: str, body: str, line: str) -> Killer:
    return K(*RP, f"vllm/aeon/r135{name}.py", body, line)


CASES += [
    (
        "#25868 rendered enum",
        "an f-string of the mode in a tuple of old renderings",
        _rp(
            "re0",
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_full0(cfg: CompilationConfig) -> bool:\n"
            '    return f"{cfg.cudagraph_mode}" in ("CUDAGraphMode.FULL", "CUDAGraphMode.FULL_DECODE_ONLY")\n',
            '    return f"{cfg.cudagraph_mode}" in ("CUDAGraphMode.FULL", "CUDAGraphMode.FULL_DECODE_ONLY")',
        ),
    ),
    (
        "#25868 unjsoned repr",
        "orjson.loads of repr() of a local built from the class",
        _rp(
            "uj0",
            "import orjson\n\n"
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_record0() -> dict:\n"
            "    cfg = CompilationConfig(mode=3)\n"
            "    return orjson.loads(repr(cfg))\n",
            "    return orjson.loads(repr(cfg))",
        ),
    ),
]
CASES += [
    (
        "#25868 rendered enum",
        "round 3: a display whose other spelling names another member",
        _rp(
            "re00",
            f"from {CC} import CUDAGraphMode\n\n\n"
            "def aeon_full00(mode: CUDAGraphMode) -> bool:\n"
            '    return str(mode) in ("NONE", "CUDAGraphMode.FULL")\n',
            '    return str(mode) in ("NONE", "CUDAGraphMode.FULL")',
        ),
    ),
    (
        "#25868 rendered enum",
        "round 3: an or-chain whose other spelling meets another value",
        _rp(
            "re000",
            f"from {CC} import CUDAGraphMode\n\n\n"
            "def aeon_full000(mode: CUDAGraphMode, other: CUDAGraphMode) -> bool:\n"
            '    return str(other) == "FULL" or str(mode) == "CUDAGraphMode.FULL"\n',
            '    return str(other) == "FULL" or str(mode) == "CUDAGraphMode.FULL"',
        ),
    ),
    (
        "#25868 unjsoned repr",
        "round 3: an attribute store on the parameter is no rebinding",
        _rp(
            "uj00",
            "import json\n\n"
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_record00(cfg: CompilationConfig) -> dict:\n"
            "    cfg.debug_dump_path = None\n"
            "    return json.loads(str(cfg))\n",
            "    return json.loads(str(cfg))",
        ),
    ),
]
TWINS += [
    (
        "#25868 rendered enum",
        "twin: the fork's own enum of the same name",
        _rp(
            "re1",
            "import enum\n\n\n"
            "class CUDAGraphMode(enum.Enum):\n"
            "    FULL = 1\n"
            "    PIECEWISE = 2\n\n\n"
            "def aeon_full1(mode: CUDAGraphMode) -> bool:\n"
            '    return str(mode) == "CUDAGraphMode.FULL"\n',
            '    return str(mode) == "CUDAGraphMode.FULL"',
        ),
    ),
    (
        "#25868 rendered enum",
        "twin: a test accepting both renderings",
        _rp(
            "re2",
            f"from {CC} import CUDAGraphMode\n\n\n"
            "def aeon_full2(mode: CUDAGraphMode) -> bool:\n"
            '    return str(mode) in ("FULL", "CUDAGraphMode.FULL")\n',
            '    return str(mode) in ("FULL", "CUDAGraphMode.FULL")',
        ),
    ),
    (
        "#25868 rendered enum",
        "twin: Enum.__str__ called by name (the old rendering on purpose)",
        _rp(
            "re3",
            "import enum\n\n"
            f"from {CC} import CUDAGraphMode\n\n\n"
            "def aeon_full3(mode: CUDAGraphMode) -> bool:\n"
            '    return enum.Enum.__str__(mode) == "CUDAGraphMode.FULL"\n',
            '    return enum.Enum.__str__(mode) == "CUDAGraphMode.FULL"',
        ),
    ),
    (
        "#25868 rendered enum",
        "twin: str() of a string parameter (a CLI spelling)",
        _rp(
            "re4",
            "def aeon_full4(spelt: str) -> bool:\n"
            '    return str(spelt).strip() == "CUDAGraphMode.FULL" or str(spelt) == "CUDAGraphMode.FULL"\n',
            '    return str(spelt).strip() == "CUDAGraphMode.FULL" or str(spelt) == "CUDAGraphMode.FULL"',
        ),
    ),
    (
        "#25868 rendered enum",
        "twin: either spelling, or-ed",
        _rp(
            "re5",
            f"from {CC} import CUDAGraphMode\n\n\n"
            "def aeon_full5(mode: CUDAGraphMode) -> bool:\n"
            '    return str(mode) == "FULL" or str(mode) == "CUDAGraphMode.FULL"\n',
            '    return str(mode) == "FULL" or str(mode) == "CUDAGraphMode.FULL"',
        ),
    ),
    (
        "#25868 unjsoned repr",
        "twin: ast.literal_eval of the new rendering",
        _rp(
            "uj1",
            "import ast\n\n"
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_record1(cfg: CompilationConfig) -> dict:\n"
            "    return ast.literal_eval(str(cfg))\n",
            "    return ast.literal_eval(str(cfg))",
        ),
    ),
    (
        "#25868 unjsoned repr",
        "twin: the parameter rebound to a JSON dump before the parse",
        _rp(
            "uj2",
            "import json\n\n"
            "from pydantic import TypeAdapter\n\n"
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_record2(cfg: CompilationConfig) -> dict:\n"
            "    cfg = TypeAdapter(CompilationConfig).dump_json(cfg).decode()\n"
            "    return json.loads(str(cfg))\n",
            "    return json.loads(str(cfg))",
        ),
    ),
    (
        "#25868 unjsoned repr",
        "twin: a fork subclass whose own __str__ dumps JSON",
        _rp(
            "uj3",
            "import json\n\n"
            "from pydantic import TypeAdapter\n\n"
            f"from {CC} import CompilationConfig\n\n\n"
            "class AeonCC(CompilationConfig):\n"
            "    def __str__(self) -> str:\n"
            "        return TypeAdapter(CompilationConfig).dump_json(self).decode()\n\n\n"
            "def aeon_record3(cfg: AeonCC) -> dict:\n"
            "    return json.loads(str(cfg))\n",
            "    return json.loads(str(cfg))",
        ),
    ),
    (
        "#25868 unjsoned repr",
        "twin: a parse in a try falling back to literal_eval",
        _rp(
            "uj4",
            "import ast\nimport json\n\n"
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_record4(cfg: CompilationConfig) -> dict:\n"
            "    try:\n"
            "        return json.loads(str(cfg))\n"
            "    except json.JSONDecodeError:\n"
            "        return ast.literal_eval(str(cfg))\n",
            "        return json.loads(str(cfg))",
        ),
    ),
]

# --- #40445 (936e0b79aa): encoder_cudagraph_max_frames_per_batch 0 (auto) -> None (auto) (drift/field_defaults.py)
MF = ("#40445", "936e0b79aa", "encoder_cudagraph_max_frames_per_batch: 0 (auto) -> None (auto); 0 a real value now")


def _mf(name: str, body: str, line: str) -> Killer:
    return K(*MF, f"vllm/aeon/r135{name}.py", body, line)


CASES += [
    (
        "#40445 sentinel moved",
        "the field multiplied (arithmetic on the unset value)",
        _mf(
            "mf0",
            "def aeon_frames0(vllm_config) -> int:\n"
            "    cc = vllm_config.compilation_config\n"
            "    return cc.encoder_cudagraph_max_frames_per_batch * 2\n",
            "    return cc.encoder_cudagraph_max_frames_per_batch * 2",
        ),
    ),
]
TWINS += [
    (
        "#40445 sentinel moved",
        "twin: a truthiness guard before the order",
        _mf(
            "mf1",
            "def aeon_frames1(vllm_config, max_batch: int) -> int:\n"
            "    cc = vllm_config.compilation_config\n"
            "    if cc.encoder_cudagraph_max_frames_per_batch and cc.encoder_cudagraph_max_frames_per_batch > 8:\n"
            "        return 8\n"
            "    return max_batch\n",
            "    if cc.encoder_cudagraph_max_frames_per_batch and cc.encoder_cudagraph_max_frames_per_batch > 8:",
        ),
    ),
    (
        "#40445 sentinel moved",
        "twin: `or 0` before the order",
        _mf(
            "mf2",
            "def aeon_frames2(vllm_config) -> bool:\n"
            "    return (vllm_config.compilation_config.encoder_cudagraph_max_frames_per_batch or 0) > 0\n",
            "    return (vllm_config.compilation_config.encoder_cudagraph_max_frames_per_batch or 0) > 0",
        ),
    ),
    (
        "#40445 sentinel moved",
        "twin: the unset value passed as None",
        _mf(
            "mf3",
            f"from {CC} import CompilationConfig\n\n\n"
            "def aeon_vit3() -> CompilationConfig:\n"
            "    return CompilationConfig(cudagraph_mm_encoder=True, encoder_cudagraph_max_frames_per_batch=None)\n",
            "    return CompilationConfig(cudagraph_mm_encoder=True, encoder_cudagraph_max_frames_per_batch=None)",
        ),
    ),
    (
        "#40445 sentinel moved",
        "twin: an early return on None",
        _mf(
            "mf4",
            "def aeon_frames4(vllm_config, max_batch: int) -> int:\n"
            "    frames = vllm_config.compilation_config.encoder_cudagraph_max_frames_per_batch\n"
            "    if frames is None:\n"
            "        return max_batch\n"
            "    return min(frames, 64)\n",
            "    return min(frames, 64)",
        ),
    ),
    (
        "#40445 sentinel moved",
        "twin: the fork's own class's namesake keyword 0",
        _mf(
            "mf5",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class AeonVitBudget:\n"
            "    encoder_cudagraph_max_frames_per_batch: int = 0\n\n\n"
            "def aeon_budget5() -> AeonVitBudget:\n"
            "    return AeonVitBudget(encoder_cudagraph_max_frames_per_batch=0)\n",
            "    return AeonVitBudget(encoder_cudagraph_max_frames_per_batch=0)",
        ),
    ),
]

# --- #28672 (9d37941017): PassConfig.sp_min_token_num added (symbols' _collided_field, a warning)
SM = ("#28672", "9d37941017", "PassConfig gained sp_min_token_num: int | None = None")


def _sm(name: str, body: str, line: str) -> Killer:
    return K(*SM, f"vllm/aeon/r135{name}.py", body, line)


CASES += [
    (
        "#28672 collided field",
        "a subclass field of the name with no decorator (a warning)",
        _sm(
            "sm0",
            f"from {CC} import PassConfig\n\n\n"
            "class AeonPass0(PassConfig):\n"
            "    sp_min_token_num: int = 4096  # AEON: measured on the Spark\n",
            "    sp_min_token_num: int = 4096  # AEON: measured on the Spark",
        ),
    ),
]
TWINS += [
    (
        "#28672 collided field",
        "twin: a ClassVar of the name",
        _sm(
            "sm1",
            "from typing import ClassVar\n\n"
            f"from {CC} import PassConfig\n\n\n"
            "class AeonPass1(PassConfig):\n"
            "    aeon_floor: ClassVar[int] = 4096\n",
            "    aeon_floor: ClassVar[int] = 4096",
        ),
    ),
    (
        "#28672 collided field",
        "twin: a namesake on the fork's own class (no upstream base)",
        _sm(
            "sm2",
            "from dataclasses import dataclass\n\n\n"
            "@dataclass\n"
            "class AeonSPKnobs:\n"
            "    sp_min_token_num: float = 0.25\n",
            "    sp_min_token_num: float = 0.25",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review135-")
    return 0


if __name__ == "__main__":
    sys.exit(main())
